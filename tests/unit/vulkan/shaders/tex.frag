#version 450
// Sampler 0 is binding 32.
layout(location = 0) in vec2 v_uv;
layout(set = 0, binding = 64) uniform sampler2D tex;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = texture(tex, v_uv);
}
