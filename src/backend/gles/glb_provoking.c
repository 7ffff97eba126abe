/* glb_provoking.c — GL's first-vertex provoking convention (glProvokingVertex, GL 3.2) on a
 * GLES host, which has only the last (no Khronos extension adds the first). A flat-shaded
 * output takes its value from the provoking vertex (GL 3.3 §2.19, table 2.12): with the first
 * convention it is the first vertex of each line and triangle, the second of a fan's triangle.
 * So the draw's vertices are unrolled into independent lines or triangles, each rotated so
 * that GL's provoking vertex comes last: a triangle (a, b, c) becomes (b, c, a), which keeps
 * its winding; a line (a, b) becomes (b, a). Strips keep the orientation GL gives their odd
 * triangles, and a restart index starts a new strip, fan or loop. */
#include "glb.h"

uint64_t
glb_provoking_room(uint32_t n)
{
   return (uint64_t)n * 3; /* a strip or fan of n vertices: n - 2 triangles */
}

/* One primitive: its vertices in GL's order with the provoking one first (a triangle's
 * winding is the cyclic order), written with that one last. */
static uint32_t
emit(uint32_t *out, uint32_t k, uint32_t first, uint32_t second, uint32_t third, bool tri)
{
   out[k++] = second;
   if (tri)
      out[k++] = third;
   out[k++] = first;
   return k;
}

/* One restart-free run of n vertices. */
static uint32_t
unroll_run(unsigned mode, const uint32_t *v, uint32_t n, uint32_t *out, uint32_t k)
{
   switch (mode) {
   case MGP_PRIM_LINES:
      for (uint32_t i = 0; i + 1 < n; i += 2)
         k = emit(out, k, v[i], v[i + 1], 0, false);
      break;
   case MGP_PRIM_LINE_STRIP:
   case MGP_PRIM_LINE_LOOP:
      for (uint32_t i = 0; i + 1 < n; i++)
         k = emit(out, k, v[i], v[i + 1], 0, false);
      if (mode == MGP_PRIM_LINE_LOOP && n >= 2)
         k = emit(out, k, v[n - 1], v[0], 0, false); /* the closing line: n-1 provokes */
      break;
   case MGP_PRIM_TRIANGLES:
      for (uint32_t i = 0; i + 2 < n; i += 3)
         k = emit(out, k, v[i], v[i + 1], v[i + 2], true);
      break;
   case MGP_PRIM_TRIANGLE_STRIP:
      /* triangle i is (i, i+1, i+2), an odd one (i+1, i, i+2) for its winding: cyclically
       * (i, i+2, i+1); vertex i provokes */
      for (uint32_t i = 0; i + 2 < n; i++)
         k = i % 2 ? emit(out, k, v[i], v[i + 2], v[i + 1], true)
                   : emit(out, k, v[i], v[i + 1], v[i + 2], true);
      break;
   case MGP_PRIM_TRIANGLE_FAN:
      /* triangle i is (0, i+1, i+2); vertex i+1 provokes: cyclically (i+1, i+2, 0) */
      for (uint32_t i = 0; i + 2 < n; i++)
         k = emit(out, k, v[i + 1], v[i + 2], v[0], true);
      break;
   default: break;
   }
   return k;
}

uint32_t
glb_provoking_unroll(unsigned mode, const uint32_t *in, uint32_t n, bool restart,
                     uint32_t restart_index, uint32_t *out, GLenum *host_mode)
{
   *host_mode = mode == MGP_PRIM_LINES || mode == MGP_PRIM_LINE_STRIP || mode == MGP_PRIM_LINE_LOOP
                   ? GL_LINES
                   : GL_TRIANGLES;
   uint32_t k = 0, run = 0;
   for (uint32_t i = 0; i <= n; i++) {
      if (i < n && !(restart && in[i] == restart_index))
         continue;
      k = unroll_run(mode, in + run, i - run, out, k);
      run = i + 1;
   }
   return k;
}
