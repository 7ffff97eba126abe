#version 450
// Sampler 0 (binding 32) as a samplerCube.
layout(location = 0) in vec2 v_uv;
layout(set = 0, binding = 64) uniform samplerCube tex;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = texture(tex, vec3(1.0, v_uv.y * 2.0 - 1.0, 1.0 - v_uv.x * 2.0));
}
