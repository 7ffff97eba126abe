#version 450
// A used uniform block (binding 1) beside a declared but unused one at binding 200, where the
// front end puts what no stage uses (glsl.h): the module test_scan_unused checks both ways.
layout(set = 0, binding = 1, std140) uniform Used {
   vec4 add;
} used;
layout(set = 0, binding = 200, std140) uniform Unused {
   vec4 never;
} unused;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = used.add;
}
