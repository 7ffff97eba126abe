#version 450
// A vertex stage as spv_double_inputs.c leaves a `double` input: its bits read as an unsigned
// pair at the input's location.
layout(location = 0) in vec2 pos;
layout(location = 1) in uvec2 d;
void main()
{
   gl_Position = vec4(pos + vec2(float(d.x & 0u)), 0.0, 1.0);
}
