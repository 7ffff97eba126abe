#version 450
// color.vert's contract, and the moved position captured to transform feedback buffer 0.
layout(location = 0) in vec2 pos;
layout(set = 0, binding = 0, std140) uniform DefaultBlock {
   vec4 color;
   vec4 offset;
   float z;
} u;
layout(location = 0) out vec4 v_color;
layout(location = 1, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 v_pos;
void main()
{
   v_pos = vec4(pos + u.offset.xy, 0.0, 1.0);
   gl_Position = vec4(v_pos.xy, u.z, 1.0);
   gl_Position.z = (gl_Position.z + gl_Position.w) * 0.5;
   v_color = u.color;
}
