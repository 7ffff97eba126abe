#version 450
// A uniform block at binding 1 whose uint b (bytes 16..19) the unit test binds a 19-byte range
// of: red is byte 19, past the range (mgl pads it with zeros, docs/PIPE.md#ranges), green byte 16.
layout(set = 0, binding = 1, std140) uniform R
{
   uvec4 a;
   uint b;
};
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = vec4(float(b >> 24u), float(b & 255u), 0.0, 255.0) / 255.0;
}
