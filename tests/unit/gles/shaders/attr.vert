#version 450
// A position per vertex (location 0) moved by an offset per instance (location 1): the draw
// reads both arrays (gles_refusal_test.c's unbounded draws).
layout(location = 0) in vec2 a_pos;
layout(location = 1) in float a_offset;
void main()
{
   gl_Position = vec4(a_pos + vec2(a_offset, 0.0), 0.0, 1.0);
}
