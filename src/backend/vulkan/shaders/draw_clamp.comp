#version 450
// The commands of an indirect draw, copied out of the client's buffer into the server's
// (vkb_draw_clamp.c), clamped in place before the draw reads them: only a command whose
// vertices times instances run past the budget is changed (its count to the budget, then its
// instances to budget / count); one within it draws as GL says, its reads past the bound
// buffers kept inside them by robust access. Every command changed adds one to the
// host-visible counter; so does a draw count read from the GPU over the commands copied.
// The draw count word is stored back as min(count, commands copied): Vulkan lets the device
// take min(count, maxDrawCount) itself, but NVIDIA's front end faulted on a count far past it
// (Xid 13 MISSING_MACRO_DATA, issue 20), so the word the draw reads is never above it.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Counter { uint clamped; } c;
layout(std430, binding = 1) buffer Cmds { uint w[]; } b;
layout(push_constant) uniform Params {
   uint n;       // commands copied
   uint words;   // words a command: 5 indexed, 4 arrays
   uint counted; // 1: word 4 holds the draw count the GPU reads; 2: and n is under the client's
   uint budget;  // vertex invocations a command may run
   uint base;    // the draw's region of the buffer, in words (one region a clamp of a batch)
} p;
shared uint seen; // the count word as this group's atomicMin found it
void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint n = p.n;
   if (p.counted != 0u) {
      // One atomicMin a group, every access to the word atomic (no race between groups): it
      // returns the word as it was, the client's count or one already bounded, whose min with
      // n is the same; only the first to bound it sees a count over n, and counts it once.
      if (gl_LocalInvocationIndex == 0u)
         seen = atomicMin(b.w[p.base + 4u], n);
      barrier();
      uint drawn = seen;
      if (gl_LocalInvocationIndex == 0u && p.counted == 2u && drawn > n)
         atomicAdd(c.clamped, 1u);
      n = min(drawn, n);
   }
   if (i >= n)
      return;
   uint at = p.base + 8u + i * p.words;
   uint count = b.w[at], instances = b.w[at + 1u];
   if (count == 0u || instances == 0u)
      return; // no work
   // count * instances <= budget, without the product (it wraps)
   uint k = min(count, p.budget);
   uint inst = min(instances, p.budget / k);
   if (k != count || inst != instances) {
      b.w[at] = k;
      b.w[at + 1u] = inst;
      atomicAdd(c.clamped, 1u);
   }
}
