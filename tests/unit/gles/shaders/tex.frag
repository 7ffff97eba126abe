#version 450
// One combined image sampler, sampler 0 (binding 64 + 0, as the front end numbers them).
layout(binding = 64) uniform sampler2D t;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = texture(t, vec2(0.5));
}
