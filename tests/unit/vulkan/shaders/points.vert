#version 450
// color.vert plus gl_PointSize = 4 (Vulkan has no fixed-function point size).
layout(location = 0) in vec2 pos;
layout(set = 0, binding = 0, std140) uniform DefaultBlock {
   vec4 color;
   vec4 offset;
   float z;
} u;
layout(location = 0) out vec4 v_color;
void main()
{
   gl_Position = vec4(pos + u.offset.xy, u.z, 1.0);
   gl_Position.z = (gl_Position.z + gl_Position.w) * 0.5;
   gl_PointSize = 4.0;
   v_color = u.color;
}
