#version 450
// Uniform block 0 (binding 1) only, no default block: the streamed-UBO case.
layout(location = 0) in vec2 pos;
layout(set = 0, binding = 1, std140) uniform Stream {
   vec4 color;
   vec4 offset;
} s;
layout(location = 0) out vec4 v_color;
void main()
{
   gl_Position = vec4(pos + s.offset.xy, 0.0, 1.0);
   gl_Position.z = (gl_Position.z + gl_Position.w) * 0.5;
   v_color = s.color;
}
