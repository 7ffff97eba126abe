#version 450
// invocation i adds i + 1 to word i of the storage buffer at binding 144 (VKB_SSBO_BASE)
// (vk_backend_test.c: test_dispatch_memo)
layout(local_size_x = 4) in;
layout(std430, binding = 144) buffer B
{
   uint w[];
};
void main()
{
   w[gl_LocalInvocationIndex] += gl_LocalInvocationIndex + 1u;
}
