#version 450
// The default block (binding 0) together with uniform block 0 (binding 1).
layout(location = 0) in vec4 v_color;
layout(set = 0, binding = 0, std140) uniform DefaultBlock {
   vec4 color;
   vec4 offset;
   float z;
} u;
layout(set = 0, binding = 1, std140) uniform Extra {
   vec4 add;
} extra;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = u.color + extra.add;
}
