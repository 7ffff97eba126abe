#version 450
// The group counts of an indirect dispatch, copied out of the client's buffer into words 0-2
// (vkb_grid_check.c): over the device's maxComputeWorkGroupCount in any dimension they become
// 0, 0, 0 (the dispatch runs nothing) and word 4 counts the refusal for the server to read.
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Grid { uint w[]; } b;
layout(push_constant) uniform Limits { uint x, y, z; } lim;
void main()
{
   if (b.w[0] > lim.x || b.w[1] > lim.y || b.w[2] > lim.z) {
      b.w[0] = 0u;
      b.w[1] = 0u;
      b.w[2] = 0u;
      b.w[4] += 1u;
   }
}
