#version 450
// Sampler 0 (binding 32) as a sampler3D.
layout(location = 0) in vec2 v_uv;
layout(set = 0, binding = 64) uniform sampler3D tex;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = texture(tex, vec3(v_uv, 0.75));
}
