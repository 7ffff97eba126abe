#version 450
// Sampler 0 (binding 64) compares: reference 0.5 against the texel's depth.
layout(location = 0) in vec2 v_uv;
layout(set = 0, binding = 64) uniform sampler2DShadow tex;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = vec4(vec3(texture(tex, vec3(v_uv, 0.5))), 1.0);
}
