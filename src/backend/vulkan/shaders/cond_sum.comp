#version 450
// Conditional rendering on a query counted over several Vulkan query slots (vkb_cond_sum.c):
// ORs `count` result words from `first` into the predicate word `dst` (0 or 1 after).
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Words { uint w[]; } b;
layout(push_constant) uniform Args { uint first, count, dst; } pc;
void main()
{
   uint any = b.w[pc.dst];
   for (uint i = 0u; i < pc.count; i++)
      any |= b.w[pc.first + i];
   b.w[pc.dst] = any != 0u ? 1u : 0u;
}
