/* unit.glsl.spirv_gl — ARB_gl_spirv modules (glsl_spirv_gl.c): glsl_spirv_valid refuses what is
 * not a SPIR-V 1.0 module for OpenGL, glsl_spirv_specialize picks the entry point and constants,
 * and glsl_link of a vertex and a fragment module (glslang's OpenGL output, the glspirv
 * scenarios' modules) gives the reflection GL answers from: the loose uniforms by location in
 * one std140 default block, the block's binding point and the sampler's unit from the module.
 * Then every truncation and single-word corruption of the modules is given to the same path,
 * which must refuse or link without fault (run under the sanitizer build). */
#include "glsl_test_util.h"

#include "../../scenario/glspirv_modules.h"

#include <GL/glcorearb.h>

#define NW(a) (sizeof(a) / sizeof((a)[0]))
#define ALL_EXTS ((1u << GLSL_SPV_EXT_COUNT) - 1)

/* spv_vs with OpExtension `name` after its capabilities (out holds NW(spv_vs) + 16 words); `nul`
 * false leaves the string unterminated. Its word count. */
static size_t
with_extension(uint32_t *out, const char *name, bool nul)
{
   size_t at = 5;
   while (at < NW(spv_vs) && (spv_vs[at] & 0xffff) == 17 /* OpCapability */)
      at += spv_vs[at] >> 16;
   memcpy(out, spv_vs, at * 4);
   const size_t len = strlen(name), words = nul ? len / 4 + 1 : (len + 3) / 4;
   out[at] = (uint32_t)((1 + words) << 16) | 10 /* OpExtension */;
   memset(out + at + 1, 0, words * 4);
   memcpy(out + at + 1, name, len);
   memcpy(out + at + 1 + words, spv_vs + at, (NW(spv_vs) - at) * 4);
   return NW(spv_vs) + 1 + words;
}

/* spirv-as of a vertex stage whose outputs a (vec4) and b (float) both have Location 0, as
 * glslang's auto-mapped locations can make them (piglit arb_gl_spirv xfb/vs_block):
 *   OpEntryPoint Vertex %main "main" %a %b
 *   OpDecorate %a Location 0
 *   OpDecorate %b Location 0
 *   ... OpStore %a (1, 1, 1, 1); OpStore %b 1.0 */
static const uint32_t spv_vs_overlap[] = {
   0x07230203, 0x00010000, 0x00070000, 0x0000000d, 0x00000000, 0x00020011, 0x00000001, 0x0003000e,
   0x00000000, 0x00000001, 0x0007000f, 0x00000000, 0x00000001, 0x6e69616d, 0x00000000, 0x00000002,
   0x00000003, 0x00040047, 0x00000002, 0x0000001e, 0x00000000, 0x00040047, 0x00000003, 0x0000001e,
   0x00000000, 0x00020013, 0x00000004, 0x00030021, 0x00000005, 0x00000004, 0x00030016, 0x00000006,
   0x00000020, 0x00040017, 0x00000007, 0x00000006, 0x00000004, 0x00040020, 0x00000008, 0x00000003,
   0x00000007, 0x00040020, 0x00000009, 0x00000003, 0x00000006, 0x0004003b, 0x00000008, 0x00000002,
   0x00000003, 0x0004003b, 0x00000009, 0x00000003, 0x00000003, 0x0004002b, 0x00000006, 0x0000000a,
   0x3f800000, 0x0007002c, 0x00000007, 0x0000000b, 0x0000000a, 0x0000000a, 0x0000000a, 0x0000000a,
   0x00050036, 0x00000004, 0x00000001, 0x00000000, 0x00000005, 0x000200f8, 0x0000000c, 0x0003003e,
   0x00000002, 0x0000000b, 0x0003003e, 0x00000003, 0x0000000a, 0x000100fd, 0x00010038};

/* glslangValidator -G of a fragment stage with atomic counters (debug names stripped):
 *   layout(binding = 1, offset = 4) uniform atomic_uint c[2];
 *   layout(binding = 3) uniform atomic_uint d;
 *   layout(location = 0) uniform uint k[3];
 *   layout(location = 0) out vec4 color;
 *   void main() { uint x = atomicCounterIncrement(c[1]); uint y = atomicCounter(d);
 *                 color = vec4(float(x), float(y), float(k[2]), 1.0); } */
static const uint32_t spv_fs_atomic[] = {
   0x07230203, 0x00010000, 0x0008000b, 0x0000002a, 0x00000000, 0x00020011, 0x00000001, 0x00020011,
   0x00000015, 0x0006000b, 0x00000001, 0x4c534c47, 0x6474732e, 0x3035342e, 0x00000000, 0x0003000e,
   0x00000000, 0x00000001, 0x0006000f, 0x00000004, 0x00000004, 0x6e69616d, 0x00000000, 0x0000001a,
   0x00030010, 0x00000004, 0x00000008, 0x00040047, 0x0000000c, 0x00000023, 0x00000004, 0x00040047,
   0x0000000c, 0x00000021, 0x00000001, 0x00040047, 0x00000015, 0x00000023, 0x00000000, 0x00040047,
   0x00000015, 0x00000021, 0x00000003, 0x00040047, 0x0000001a, 0x0000001e, 0x00000000, 0x00040047,
   0x00000022, 0x0000001e, 0x00000000, 0x00020013, 0x00000002, 0x00030021, 0x00000003, 0x00000002,
   0x00040015, 0x00000006, 0x00000020, 0x00000000, 0x00040020, 0x00000007, 0x00000007, 0x00000006,
   0x0004002b, 0x00000006, 0x00000009, 0x00000002, 0x0004001c, 0x0000000a, 0x00000006, 0x00000009,
   0x00040020, 0x0000000b, 0x0000000a, 0x0000000a, 0x0004003b, 0x0000000b, 0x0000000c, 0x0000000a,
   0x00040015, 0x0000000d, 0x00000020, 0x00000001, 0x0004002b, 0x0000000d, 0x0000000e, 0x00000001,
   0x00040020, 0x0000000f, 0x0000000a, 0x00000006, 0x0004002b, 0x00000006, 0x00000011, 0x00000001,
   0x0004002b, 0x00000006, 0x00000012, 0x00000000, 0x0004003b, 0x0000000f, 0x00000015, 0x0000000a,
   0x00030016, 0x00000017, 0x00000020, 0x00040017, 0x00000018, 0x00000017, 0x00000004, 0x00040020,
   0x00000019, 0x00000003, 0x00000018, 0x0004003b, 0x00000019, 0x0000001a, 0x00000003, 0x0004002b,
   0x00000006, 0x0000001f, 0x00000003, 0x0004001c, 0x00000020, 0x00000006, 0x0000001f, 0x00040020,
   0x00000021, 0x00000000, 0x00000020, 0x0004003b, 0x00000021, 0x00000022, 0x00000000, 0x0004002b,
   0x0000000d, 0x00000023, 0x00000002, 0x00040020, 0x00000024, 0x00000000, 0x00000006, 0x0004002b,
   0x00000017, 0x00000028, 0x3f800000, 0x00050036, 0x00000002, 0x00000004, 0x00000000, 0x00000003,
   0x000200f8, 0x00000005, 0x0004003b, 0x00000007, 0x00000008, 0x00000007, 0x0004003b, 0x00000007,
   0x00000014, 0x00000007, 0x00050041, 0x0000000f, 0x00000010, 0x0000000c, 0x0000000e, 0x000600e8,
   0x00000006, 0x00000013, 0x00000010, 0x00000011, 0x00000012, 0x0003003e, 0x00000008, 0x00000013,
   0x000600e3, 0x00000006, 0x00000016, 0x00000015, 0x00000011, 0x00000012, 0x0003003e, 0x00000014,
   0x00000016, 0x0004003d, 0x00000006, 0x0000001b, 0x00000008, 0x00040070, 0x00000017, 0x0000001c,
   0x0000001b, 0x0004003d, 0x00000006, 0x0000001d, 0x00000014, 0x00040070, 0x00000017, 0x0000001e,
   0x0000001d, 0x00050041, 0x00000024, 0x00000025, 0x00000022, 0x00000023, 0x0004003d, 0x00000006,
   0x00000026, 0x00000025, 0x00040070, 0x00000017, 0x00000027, 0x00000026, 0x00070050, 0x00000018,
   0x00000029, 0x0000001c, 0x0000001e, 0x00000027, 0x00000028, 0x0003003e, 0x0000001a, 0x00000029,
   0x000100fd, 0x00010038};

/* glslangValidator -G, debug names stripped: two loose uniforms of one array type
 *   layout(location = 10) uniform uint a[6];
 *   layout(location = 16) uniform uint b[6];
 *   layout(location = 0) out vec4 color;
 *   void main() { color = vec4(float(a[1]), float(b[4]), 0.0, 1.0); } */
static const uint32_t spv_fs_two_arrays[] = {
   0x07230203, 0x00010000, 0x0008000b, 0x0000001d, 0x00000000, 0x00020011, 0x00000001, 0x0006000b,
   0x00000001, 0x4c534c47, 0x6474732e, 0x3035342e, 0x00000000, 0x0003000e, 0x00000000, 0x00000001,
   0x0006000f, 0x00000004, 0x00000004, 0x6e69616d, 0x00000000, 0x00000009, 0x00030010, 0x00000004,
   0x00000008, 0x00040047, 0x00000009, 0x0000001e, 0x00000000, 0x00040047, 0x0000000e, 0x0000001e,
   0x0000000a, 0x00040047, 0x00000015, 0x0000001e, 0x00000010, 0x00020013, 0x00000002, 0x00030021,
   0x00000003, 0x00000002, 0x00030016, 0x00000006, 0x00000020, 0x00040017, 0x00000007, 0x00000006,
   0x00000004, 0x00040020, 0x00000008, 0x00000003, 0x00000007, 0x0004003b, 0x00000008, 0x00000009,
   0x00000003, 0x00040015, 0x0000000a, 0x00000020, 0x00000000, 0x0004002b, 0x0000000a, 0x0000000b,
   0x00000006, 0x0004001c, 0x0000000c, 0x0000000a, 0x0000000b, 0x00040020, 0x0000000d, 0x00000000,
   0x0000000c, 0x0004003b, 0x0000000d, 0x0000000e, 0x00000000, 0x00040015, 0x0000000f, 0x00000020,
   0x00000001, 0x0004002b, 0x0000000f, 0x00000010, 0x00000001, 0x00040020, 0x00000011, 0x00000000,
   0x0000000a, 0x0004003b, 0x0000000d, 0x00000015, 0x00000000, 0x0004002b, 0x0000000f, 0x00000016,
   0x00000004, 0x0004002b, 0x00000006, 0x0000001a, 0x00000000, 0x0004002b, 0x00000006, 0x0000001b,
   0x3f800000, 0x00050036, 0x00000002, 0x00000004, 0x00000000, 0x00000003, 0x000200f8, 0x00000005,
   0x00050041, 0x00000011, 0x00000012, 0x0000000e, 0x00000010, 0x0004003d, 0x0000000a, 0x00000013,
   0x00000012, 0x00040070, 0x00000006, 0x00000014, 0x00000013, 0x00050041, 0x00000011, 0x00000017,
   0x00000015, 0x00000016, 0x0004003d, 0x0000000a, 0x00000018, 0x00000017, 0x00040070, 0x00000006,
   0x00000019, 0x00000018, 0x00070050, 0x00000007, 0x0000001c, 0x00000014, 0x00000019, 0x0000001a,
   0x0000001b, 0x0003003e, 0x00000009, 0x0000001c, 0x000100fd, 0x00010038};

/* glslangValidator -G, debug names stripped: a structure uniform
 *   struct pair { float a; vec3 b; };
 *   struct S { pair p[2]; mat2 m; vec4 c; };
 *   layout(location = 8) uniform S s;
 *   layout(location = 0) out vec4 color;
 *   void main() { color = vec4(s.p[1].b, s.p[0].a) + s.c + vec4(s.m[1], 0.0, 0.0); } */
static const uint32_t spv_fs_struct[] = {
   0x07230203, 0x00010000, 0x0008000b, 0x0000002e, 0x00000000, 0x00020011, 0x00000001, 0x0006000b,
   0x00000001, 0x4c534c47, 0x6474732e, 0x3035342e, 0x00000000, 0x0003000e, 0x00000000, 0x00000001,
   0x0006000f, 0x00000004, 0x00000004, 0x6e69616d, 0x00000000, 0x00000009, 0x00030010, 0x00000004,
   0x00000008, 0x00040047, 0x00000009, 0x0000001e, 0x00000000, 0x00040047, 0x00000013, 0x0000001e,
   0x00000008, 0x00020013, 0x00000002, 0x00030021, 0x00000003, 0x00000002, 0x00030016, 0x00000006,
   0x00000020, 0x00040017, 0x00000007, 0x00000006, 0x00000004, 0x00040020, 0x00000008, 0x00000003,
   0x00000007, 0x0004003b, 0x00000008, 0x00000009, 0x00000003, 0x00040017, 0x0000000a, 0x00000006,
   0x00000003, 0x0004001e, 0x0000000b, 0x00000006, 0x0000000a, 0x00040015, 0x0000000c, 0x00000020,
   0x00000000, 0x0004002b, 0x0000000c, 0x0000000d, 0x00000002, 0x0004001c, 0x0000000e, 0x0000000b,
   0x0000000d, 0x00040017, 0x0000000f, 0x00000006, 0x00000002, 0x00040018, 0x00000010, 0x0000000f,
   0x00000002, 0x0005001e, 0x00000011, 0x0000000e, 0x00000010, 0x00000007, 0x00040020, 0x00000012,
   0x00000000, 0x00000011, 0x0004003b, 0x00000012, 0x00000013, 0x00000000, 0x00040015, 0x00000014,
   0x00000020, 0x00000001, 0x0004002b, 0x00000014, 0x00000015, 0x00000000, 0x0004002b, 0x00000014,
   0x00000016, 0x00000001, 0x00040020, 0x00000017, 0x00000000, 0x0000000a, 0x00040020, 0x0000001a,
   0x00000000, 0x00000006, 0x0004002b, 0x00000014, 0x00000021, 0x00000002, 0x00040020, 0x00000022,
   0x00000000, 0x00000007, 0x00040020, 0x00000026, 0x00000000, 0x0000000f, 0x0004002b, 0x00000006,
   0x00000029, 0x00000000, 0x00050036, 0x00000002, 0x00000004, 0x00000000, 0x00000003, 0x000200f8,
   0x00000005, 0x00070041, 0x00000017, 0x00000018, 0x00000013, 0x00000015, 0x00000016, 0x00000016,
   0x0004003d, 0x0000000a, 0x00000019, 0x00000018, 0x00070041, 0x0000001a, 0x0000001b, 0x00000013,
   0x00000015, 0x00000015, 0x00000015, 0x0004003d, 0x00000006, 0x0000001c, 0x0000001b, 0x00050051,
   0x00000006, 0x0000001d, 0x00000019, 0x00000000, 0x00050051, 0x00000006, 0x0000001e, 0x00000019,
   0x00000001, 0x00050051, 0x00000006, 0x0000001f, 0x00000019, 0x00000002, 0x00070050, 0x00000007,
   0x00000020, 0x0000001d, 0x0000001e, 0x0000001f, 0x0000001c, 0x00050041, 0x00000022, 0x00000023,
   0x00000013, 0x00000021, 0x0004003d, 0x00000007, 0x00000024, 0x00000023, 0x00050081, 0x00000007,
   0x00000025, 0x00000020, 0x00000024, 0x00060041, 0x00000026, 0x00000027, 0x00000013, 0x00000016,
   0x00000016, 0x0004003d, 0x0000000f, 0x00000028, 0x00000027, 0x00050051, 0x00000006, 0x0000002a,
   0x00000028, 0x00000000, 0x00050051, 0x00000006, 0x0000002b, 0x00000028, 0x00000001, 0x00070050,
   0x00000007, 0x0000002c, 0x0000002a, 0x0000002b, 0x00000029, 0x00000029, 0x00050081, 0x00000007,
   0x0000002d, 0x00000025, 0x0000002c, 0x0003003e, 0x00000009, 0x0000002d, 0x000100fd, 0x00010038};

/* glslangValidator -G, debug names stripped: an array of blocks captured by transform feedback
 *   layout(location = 0, xfb_buffer = 1, xfb_offset = 0) out block { float f; vec4 v; } x[2];
 *   void main() { x[0].f = 1.0; x[0].v = vec4(2.0); x[1].f = 3.0; x[1].v = vec4(4.0);
 *                 gl_Position = vec4(0.0); } */
static const uint32_t spv_vs_xfb_blocks[] = {
   0x07230203, 0x00010000, 0x0008000b, 0x00000028, 0x00000000, 0x00020011, 0x00000001, 0x00020011,
   0x00000035, 0x0006000b, 0x00000001, 0x4c534c47, 0x6474732e, 0x3035342e, 0x00000000, 0x0003000e,
   0x00000000, 0x00000001, 0x0009000f, 0x00000000, 0x00000004, 0x6e69616d, 0x00000000, 0x0000000d,
   0x00000021, 0x00000026, 0x00000027, 0x00030010, 0x00000004, 0x0000000b, 0x00050048, 0x00000008,
   0x00000000, 0x00000023, 0x00000000, 0x00050048, 0x00000008, 0x00000001, 0x00000023, 0x00000004,
   0x00030047, 0x00000008, 0x00000002, 0x00040047, 0x0000000d, 0x0000001e, 0x00000000, 0x00040047,
   0x0000000d, 0x00000024, 0x00000001, 0x00040047, 0x0000000d, 0x00000025, 0x00000014, 0x00050048,
   0x0000001f, 0x00000000, 0x0000000b, 0x00000000, 0x00050048, 0x0000001f, 0x00000001, 0x0000000b,
   0x00000001, 0x00050048, 0x0000001f, 0x00000002, 0x0000000b, 0x00000003, 0x00050048, 0x0000001f,
   0x00000003, 0x0000000b, 0x00000004, 0x00030047, 0x0000001f, 0x00000002, 0x00040047, 0x00000021,
   0x00000024, 0x00000000, 0x00040047, 0x00000021, 0x00000025, 0x00000000, 0x00040047, 0x00000026,
   0x0000000b, 0x00000005, 0x00040047, 0x00000027, 0x0000000b, 0x00000006, 0x00020013, 0x00000002,
   0x00030021, 0x00000003, 0x00000002, 0x00030016, 0x00000006, 0x00000020, 0x00040017, 0x00000007,
   0x00000006, 0x00000004, 0x0004001e, 0x00000008, 0x00000006, 0x00000007, 0x00040015, 0x00000009,
   0x00000020, 0x00000000, 0x0004002b, 0x00000009, 0x0000000a, 0x00000002, 0x0004001c, 0x0000000b,
   0x00000008, 0x0000000a, 0x00040020, 0x0000000c, 0x00000003, 0x0000000b, 0x0004003b, 0x0000000c,
   0x0000000d, 0x00000003, 0x00040015, 0x0000000e, 0x00000020, 0x00000001, 0x0004002b, 0x0000000e,
   0x0000000f, 0x00000000, 0x0004002b, 0x00000006, 0x00000010, 0x3f800000, 0x00040020, 0x00000011,
   0x00000003, 0x00000006, 0x0004002b, 0x0000000e, 0x00000013, 0x00000001, 0x0004002b, 0x00000006,
   0x00000014, 0x40000000, 0x0007002c, 0x00000007, 0x00000015, 0x00000014, 0x00000014, 0x00000014,
   0x00000014, 0x00040020, 0x00000016, 0x00000003, 0x00000007, 0x0004002b, 0x00000006, 0x00000018,
   0x40400000, 0x0004002b, 0x00000006, 0x0000001a, 0x40800000, 0x0007002c, 0x00000007, 0x0000001b,
   0x0000001a, 0x0000001a, 0x0000001a, 0x0000001a, 0x0004002b, 0x00000009, 0x0000001d, 0x00000001,
   0x0004001c, 0x0000001e, 0x00000006, 0x0000001d, 0x0006001e, 0x0000001f, 0x00000007, 0x00000006,
   0x0000001e, 0x0000001e, 0x00040020, 0x00000020, 0x00000003, 0x0000001f, 0x0004003b, 0x00000020,
   0x00000021, 0x00000003, 0x0004002b, 0x00000006, 0x00000022, 0x00000000, 0x0007002c, 0x00000007,
   0x00000023, 0x00000022, 0x00000022, 0x00000022, 0x00000022, 0x00040020, 0x00000025, 0x00000001,
   0x0000000e, 0x0004003b, 0x00000025, 0x00000026, 0x00000001, 0x0004003b, 0x00000025, 0x00000027,
   0x00000001, 0x00050036, 0x00000002, 0x00000004, 0x00000000, 0x00000003, 0x000200f8, 0x00000005,
   0x00060041, 0x00000011, 0x00000012, 0x0000000d, 0x0000000f, 0x0000000f, 0x0003003e, 0x00000012,
   0x00000010, 0x00060041, 0x00000016, 0x00000017, 0x0000000d, 0x0000000f, 0x00000013, 0x0003003e,
   0x00000017, 0x00000015, 0x00060041, 0x00000011, 0x00000019, 0x0000000d, 0x00000013, 0x0000000f,
   0x0003003e, 0x00000019, 0x00000018, 0x00060041, 0x00000016, 0x0000001c, 0x0000000d, 0x00000013,
   0x00000013, 0x0003003e, 0x0000001c, 0x0000001b, 0x00050041, 0x00000016, 0x00000024, 0x00000021,
   0x0000000f, 0x0003003e, 0x00000024, 0x00000023, 0x000100fd, 0x00010038};

/* glslangValidator -G, debug names stripped: an array of arrays captured by transform feedback
 *   layout(location = 1, xfb_offset = 0, xfb_buffer = 0) out float var[2][3];
 *   layout(location = 10, xfb_offset = 24, xfb_buffer = 0) out float extra;
 *   void main() { var[i][j] = 1.0 .. 6.0; extra = 16.0; gl_Position = vec4(0.0); } */
static const uint32_t spv_vs_xfb_aoa[] = {
   0x07230203, 0x00010000, 0x0008000b, 0x0000002e, 0x00000000, 0x00020011, 0x00000001, 0x00020011,
   0x00000035, 0x0006000b, 0x00000001, 0x4c534c47, 0x6474732e, 0x3035342e, 0x00000000, 0x0003000e,
   0x00000000, 0x00000001, 0x000a000f, 0x00000000, 0x00000004, 0x6e69616d, 0x00000000, 0x0000000d,
   0x0000001f, 0x00000026, 0x0000002c, 0x0000002d, 0x00030010, 0x00000004, 0x0000000b, 0x00040047,
   0x0000000d, 0x0000001e, 0x00000001, 0x00040047, 0x0000000d, 0x00000024, 0x00000000, 0x00040047,
   0x0000000d, 0x00000025, 0x0000001c, 0x00040047, 0x0000000d, 0x00000023, 0x00000000, 0x00040047,
   0x0000001f, 0x0000001e, 0x0000000a, 0x00040047, 0x0000001f, 0x00000024, 0x00000000, 0x00040047,
   0x0000001f, 0x00000025, 0x0000001c, 0x00040047, 0x0000001f, 0x00000023, 0x00000018, 0x00050048,
   0x00000024, 0x00000000, 0x0000000b, 0x00000000, 0x00050048, 0x00000024, 0x00000001, 0x0000000b,
   0x00000001, 0x00050048, 0x00000024, 0x00000002, 0x0000000b, 0x00000003, 0x00050048, 0x00000024,
   0x00000003, 0x0000000b, 0x00000004, 0x00030047, 0x00000024, 0x00000002, 0x00040047, 0x00000026,
   0x00000024, 0x00000000, 0x00040047, 0x00000026, 0x00000025, 0x0000001c, 0x00040047, 0x0000002c,
   0x0000000b, 0x00000005, 0x00040047, 0x0000002d, 0x0000000b, 0x00000006, 0x00020013, 0x00000002,
   0x00030021, 0x00000003, 0x00000002, 0x00030016, 0x00000006, 0x00000020, 0x00040015, 0x00000007,
   0x00000020, 0x00000000, 0x0004002b, 0x00000007, 0x00000008, 0x00000003, 0x0004001c, 0x00000009,
   0x00000006, 0x00000008, 0x0004002b, 0x00000007, 0x0000000a, 0x00000002, 0x0004001c, 0x0000000b,
   0x00000009, 0x0000000a, 0x00040020, 0x0000000c, 0x00000003, 0x0000000b, 0x0004003b, 0x0000000c,
   0x0000000d, 0x00000003, 0x00040015, 0x0000000e, 0x00000020, 0x00000001, 0x0004002b, 0x0000000e,
   0x0000000f, 0x00000000, 0x0004002b, 0x00000006, 0x00000010, 0x3f800000, 0x00040020, 0x00000011,
   0x00000003, 0x00000006, 0x0004002b, 0x0000000e, 0x00000013, 0x00000001, 0x0004002b, 0x00000006,
   0x00000014, 0x40000000, 0x0004002b, 0x0000000e, 0x00000016, 0x00000002, 0x0004002b, 0x00000006,
   0x00000017, 0x40400000, 0x0004002b, 0x00000006, 0x00000019, 0x40800000, 0x0004002b, 0x00000006,
   0x0000001b, 0x40a00000, 0x0004002b, 0x00000006, 0x0000001d, 0x40c00000, 0x0004003b, 0x00000011,
   0x0000001f, 0x00000003, 0x0004002b, 0x00000006, 0x00000020, 0x41800000, 0x00040017, 0x00000021,
   0x00000006, 0x00000004, 0x0004002b, 0x00000007, 0x00000022, 0x00000001, 0x0004001c, 0x00000023,
   0x00000006, 0x00000022, 0x0006001e, 0x00000024, 0x00000021, 0x00000006, 0x00000023, 0x00000023,
   0x00040020, 0x00000025, 0x00000003, 0x00000024, 0x0004003b, 0x00000025, 0x00000026, 0x00000003,
   0x0004002b, 0x00000006, 0x00000027, 0x00000000, 0x0007002c, 0x00000021, 0x00000028, 0x00000027,
   0x00000027, 0x00000027, 0x00000027, 0x00040020, 0x00000029, 0x00000003, 0x00000021, 0x00040020,
   0x0000002b, 0x00000001, 0x0000000e, 0x0004003b, 0x0000002b, 0x0000002c, 0x00000001, 0x0004003b,
   0x0000002b, 0x0000002d, 0x00000001, 0x00050036, 0x00000002, 0x00000004, 0x00000000, 0x00000003,
   0x000200f8, 0x00000005, 0x00060041, 0x00000011, 0x00000012, 0x0000000d, 0x0000000f, 0x0000000f,
   0x0003003e, 0x00000012, 0x00000010, 0x00060041, 0x00000011, 0x00000015, 0x0000000d, 0x0000000f,
   0x00000013, 0x0003003e, 0x00000015, 0x00000014, 0x00060041, 0x00000011, 0x00000018, 0x0000000d,
   0x0000000f, 0x00000016, 0x0003003e, 0x00000018, 0x00000017, 0x00060041, 0x00000011, 0x0000001a,
   0x0000000d, 0x00000013, 0x0000000f, 0x0003003e, 0x0000001a, 0x00000019, 0x00060041, 0x00000011,
   0x0000001c, 0x0000000d, 0x00000013, 0x00000013, 0x0003003e, 0x0000001c, 0x0000001b, 0x00060041,
   0x00000011, 0x0000001e, 0x0000000d, 0x00000013, 0x00000016, 0x0003003e, 0x0000001e, 0x0000001d,
   0x0003003e, 0x0000001f, 0x00000020, 0x00050041, 0x00000029, 0x0000002a, 0x00000026, 0x0000000f,
   0x0003003e, 0x0000002a, 0x00000028, 0x000100fd, 0x00010038};

/* valid, specialized at main, linked with the other stage's module; NULL where refused */
/* glslangValidator -G of `layout(location = 0) uniform bool b;` read in a fragment stage (names
 * stripped): SPIR-V's universal rule (2.16.1) keeps OpTypeBool out of externally visible storage
 * classes, so no valid module has a bool loose uniform (nor a structure holding one). */
static const uint32_t spv_fs_bool[] = {
   0x07230203, 0x00010000, 0x00070000, 0x00000011, 0x00000000, 0x00020011, 0x00000001, 0x0003000e,
   0x00000000, 0x00000001, 0x0006000f, 0x00000004, 0x00000001, 0x6e69616d, 0x00000000, 0x00000002,
   0x00030010, 0x00000001, 0x00000008, 0x00040047, 0x00000002, 0x0000001e, 0x00000000, 0x00040047,
   0x00000003, 0x0000001e, 0x00000000, 0x00020013, 0x00000004, 0x00030021, 0x00000005, 0x00000004,
   0x00030016, 0x00000006, 0x00000020, 0x00040017, 0x00000007, 0x00000006, 0x00000004, 0x00040020,
   0x00000008, 0x00000003, 0x00000007, 0x0004003b, 0x00000008, 0x00000002, 0x00000003, 0x00020014,
   0x00000009, 0x00040020, 0x0000000a, 0x00000000, 0x00000009, 0x0004003b, 0x0000000a, 0x00000003,
   0x00000000, 0x0004002b, 0x00000006, 0x0000000b, 0x3f800000, 0x0004002b, 0x00000006, 0x0000000c,
   0x00000000, 0x00050036, 0x00000004, 0x00000001, 0x00000000, 0x00000005, 0x000200f8, 0x0000000d,
   0x0004003d, 0x00000009, 0x0000000e, 0x00000003, 0x000600a9, 0x00000006, 0x0000000f, 0x0000000e,
   0x0000000b, 0x0000000c, 0x00070050, 0x00000007, 0x00000010, 0x0000000f, 0x0000000f, 0x0000000f,
   0x0000000f, 0x0003003e, 0x00000002, 0x00000010, 0x000100fd, 0x00010038};

static struct glsl_program *
link_modules(const uint32_t *vs, size_t nvs, const uint32_t *fs, size_t nfs, char **log)
{
   *log = NULL;
   uint32_t *v = malloc(nvs * 4 + 4), *f = malloc(nfs * 4 + 4);
   memcpy(v, vs, nvs * 4);
   if (nfs)
      memcpy(f, fs, nfs * 4);
   const char *why = NULL;
   struct glsl_program *p = NULL;
   uint32_t *sv = NULL, *sf = NULL;
   size_t nsv = 0, nsf = 0;
   /* nfs 0: a vertex stage alone */
   if (glsl_spirv_valid(v, nvs, ALL_EXTS, &why) &&
       (!nfs || glsl_spirv_valid(f, nfs, ALL_EXTS, &why)) &&
       (sv = glsl_spirv_specialize(GLSL_STAGE_VERTEX, v, nvs, "main", 0, NULL, NULL, &nsv, &why)) &&
       (!nfs || (sf = glsl_spirv_specialize(GLSL_STAGE_FRAGMENT, f, nfs, "main", 0, NULL, NULL,
                                            &nsf, &why)))) {
      struct glsl_link_input in = {0};
      in.spirv[GLSL_STAGE_VERTEX] = sv;
      in.spirv_words[GLSL_STAGE_VERTEX] = nsv;
      in.spirv[GLSL_STAGE_FRAGMENT] = sf;
      in.spirv_words[GLSL_STAGE_FRAGMENT] = sf ? nsf : 0;
      p = glsl_link(&in, log);
   }
   free(sv);
   free(sf);
   free(v);
   free(f);
   return p;
}

static const struct glsl_uniform *
uniform_at(const struct glsl_program *p, const char *name)
{
   return glsl_program_find_uniform(p, name);
}

int
main(void)
{
   const char *why = NULL;
   /* refused: not SPIR-V, truncated, an instruction of length 0 */
   uint32_t junk[6] = {0x07230203, 0x00010000, 0, 4, 0, 0x12345678};
   CHECK(!glsl_spirv_valid(junk, NW(junk), ALL_EXTS, &why), "junk validated");
   uint32_t head[NW(spv_vs)];
   memcpy(head, spv_vs, sizeof(head));
   CHECK(!glsl_spirv_valid(head, 4, ALL_EXTS, &why), "a header alone validated");
   head[0] = 0x03022307;
   CHECK(!glsl_spirv_valid(head, NW(head), ALL_EXTS, &why), "the other byte order validated");
   /* a bool loose uniform: refused (glShaderBinary's GL_INVALID_VALUE) */
   {
      uint32_t b[NW(spv_fs_bool)];
      memcpy(b, spv_fs_bool, sizeof(b));
      CHECK(!glsl_spirv_valid(b, NW(b), ALL_EXTS, &why), "a bool UniformConstant validated");
   }

   /* ARB_spirv_extensions: a declared extension must be one the caller accepts */
   CHECK(!strcmp(glsl_spirv_extension_name(0), "SPV_KHR_shader_draw_parameters") &&
            !strcmp(glsl_spirv_extension_name(1), "SPV_KHR_storage_buffer_storage_class") &&
            !glsl_spirv_extension_name(GLSL_SPV_EXT_COUNT),
         "the SPIR-V extension names");
   {
      uint32_t ext[NW(spv_vs) + 16];
      size_t ne = with_extension(ext, "SPV_KHR_shader_draw_parameters", true);
      CHECK(glsl_spirv_valid(ext, ne, ALL_EXTS, &why), "draw parameters refused: %s", why);
      ne = with_extension(ext, "SPV_KHR_shader_draw_parameters", true);
      CHECK(!glsl_spirv_valid(ext, ne, GLSL_SPV_KHR_STORAGE_BUFFER_STORAGE_CLASS, &why),
            "draw parameters taken where not accepted");
      ne = with_extension(ext, "SPV_KHR_storage_buffer_storage_class", true);
      CHECK(glsl_spirv_valid(ext, ne, GLSL_SPV_KHR_STORAGE_BUFFER_STORAGE_CLASS, &why),
            "storage buffers refused: %s", why);
      char *log = NULL;
      ne = with_extension(ext, "SPV_KHR_storage_buffer_storage_class", true);
      struct glsl_program *p = link_modules(ext, ne, spv_fs, NW(spv_fs), &log);
      CHECK(p, "a module declaring storage buffers does not link: %s", log ? log : "");
      glsl_program_destroy(p);
      free(log);
      ne = with_extension(ext, "SPV_KHR_variable_pointers", true);
      CHECK(!glsl_spirv_valid(ext, ne, ALL_EXTS, &why), "an unlisted extension validated");
      ne = with_extension(ext, "SPV_KHR_storage_buffer_storage_clas", true);
      CHECK(!glsl_spirv_valid(ext, ne, ALL_EXTS, &why), "a prefix of a listed one validated");
      /* 36 characters: nine words without a NUL in the instruction */
      ne = with_extension(ext, "SPV_KHR_storage_buffer_storage_class", false);
      CHECK(!glsl_spirv_valid(ext, ne, ALL_EXTS, &why), "an unterminated name validated");
   }

   /* specialization: the entry point must exist; a constant index must be declared */
   memcpy(head, spv_vs, sizeof(head));
   CHECK(glsl_spirv_valid(head, NW(head), ALL_EXTS, &why), "the vertex module: %s", why);
   size_t n = 0;
   CHECK(
      !glsl_spirv_specialize(GLSL_STAGE_VERTEX, head, NW(head), "other", 0, NULL, NULL, &n, &why),
      "an unknown entry point specialized");
   CHECK(
      !glsl_spirv_specialize(GLSL_STAGE_FRAGMENT, head, NW(head), "main", 0, NULL, NULL, &n, &why),
      "a vertex entry point specialized as a fragment shader");
   const uint32_t id = 3, value = 1;
   CHECK(
      !glsl_spirv_specialize(GLSL_STAGE_VERTEX, head, NW(head), "main", 1, &id, &value, &n, &why),
      "an unknown specialization constant was taken");

   char *log = NULL;
   struct glsl_program *p = link_modules(spv_vs, NW(spv_vs), spv_fs, NW(spv_fs), &log);
   CHECK(p, "the modules did not link: %s", log ? log : "");
   free(log);
   if (p) {
      /* std140 by location: tint (1) vec4 at 0, scale (3) vec2 at 16, k (5) float[2] at 32
       * with a stride of 16 */
      const struct glsl_uniform *tint = uniform_at(p, "_spvL1"), *scale = uniform_at(p, "_spvL3"),
                                *k = uniform_at(p, "_spvL5[0]");
      CHECK(tint && tint->offset == 0 && tint->type == GL_FLOAT_VEC4, "tint");
      CHECK(scale && scale->offset == 16 && scale->type == GL_FLOAT_VEC2, "scale");
      CHECK(k && k->offset == 32 && k->array_size == 2 && k->array_stride == 16, "k");
      /* then the hidden _mgl_PointSize (the vertex stage is the last): 64 + 16 */
      CHECK(p->default_block.size == 80, "default block size %u", p->default_block.size);
      CHECK((p->default_block.state_mask & (1u << GLSL_STATE_POINT_SIZE)) &&
               p->default_block.state_offset[GLSL_STATE_POINT_SIZE] == 64,
            "the point size is not a hidden member at 64");
      CHECK(p->num_uniform_locations == 3, "%u explicit locations", p->num_uniform_locations);
      CHECK(p->num_blocks == 1 && p->blocks[0].gl_binding == 2, "the block's binding point");
      CHECK(p->num_samplers == 1 && p->samplers[0].gl_unit == 1 &&
               p->samplers[0].type == GL_SAMPLER_2D,
            "the sampler's unit");
      CHECK(p->uses_base_instance, "gl_InstanceID reads InstanceIndex - BaseInstance");
      glsl_program_destroy(p);
   }

   /* GL_BUFFER_DATA_SIZE of a SPIR-V block: what its offsets place (v at 0, w at 16: 24
    * bytes) rounded up to 16, as Mesa answers (piglit arb_gl_spirv ssbo/simple wants 32) */
   p = link_modules(spv_vs, NW(spv_vs), spv_fs_ssbo, NW(spv_fs_ssbo), &log);
   CHECK(p, "the storage-block modules did not link: %s", log ? log : "");
   free(log);
   if (p) {
      CHECK(p->num_storage_blocks == 1 && p->storage_blocks[0].gl_binding == 4,
            "the storage block's binding point");
      CHECK(p->num_storage_blocks == 1 && p->storage_blocks[0].data_size == 32,
            "GL_BUFFER_DATA_SIZE %u, not 32",
            p->num_storage_blocks ? p->storage_blocks[0].data_size : 0);
      glsl_program_destroy(p);
   }

   /* a loose uniform's OpVariable initializer is its initial value; another stage's dvec2 is
    * a member of the vertex stage's default block too (which then declares Float64) */
   p = link_modules(spv_vs, NW(spv_vs), spv_fs_init, NW(spv_fs_init), &log);
   CHECK(p, "the initializer modules did not link: %s", log ? log : "");
   free(log);
   if (p) {
      const struct glsl_uniform *init = uniform_at(p, "_spvL2"), *d = uniform_at(p, "_spvL7");
      CHECK(init && init->type == GL_FLOAT_VEC4 && d && d->type == GL_DOUBLE_VEC2,
            "the uniforms at 2 and 7");
      float v[4] = {0};
      if (init && p->default_block.initial_data &&
          init->offset + sizeof(v) <= p->default_block.size)
         memcpy(v, p->default_block.initial_data + init->offset, sizeof(v));
      CHECK(v[0] == 0.25f && v[1] == 0.5f && v[2] == 0.75f && v[3] == 1.0f,
            "initial value (%g, %g, %g, %g)", v[0], v[1], v[2], v[3]);
      glsl_program_destroy(p);
   }

   /* atomic counters: one buffer per binding point, each counter at its Offset; the loose
    * uniform beside them stays in the default block */
   p = link_modules(spv_vs, NW(spv_vs), spv_fs_atomic, NW(spv_fs_atomic), &log);
   CHECK(p, "the atomic-counter modules did not link: %s", log ? log : "");
   free(log);
   if (p) {
      CHECK(p->num_atomic_buffers == 2 && p->atomic_buffers[0].gl_binding == 1 &&
               p->atomic_buffers[1].gl_binding == 3,
            "%u atomic counter buffers, not 2 at bindings 1 and 3", p->num_atomic_buffers);
      CHECK(p->num_atomic_buffers == 2 && p->atomic_buffers[0].data_size == 12 &&
               p->atomic_buffers[1].data_size == 4,
            "atomic counter buffer sizes");
      CHECK(p->num_atomic_counters == 2 && p->atomic_counters[0].offset == 4 &&
               p->atomic_counters[0].array_size == 2 && p->atomic_counters[1].offset == 0 &&
               p->atomic_counters[1].buffer == 1,
            "the counters: %u", p->num_atomic_counters);
      const struct glsl_uniform *k = uniform_at(p, "_spvL0[0]");
      CHECK(k && k->array_size == 3 && k->array_stride == 16, "the uniform at 0");
      glsl_program_destroy(p);
   }

   /* two loose uniforms of one array type: its std140 stride is decorated once */
   p = link_modules(spv_vs, NW(spv_vs), spv_fs_two_arrays, NW(spv_fs_two_arrays), &log);
   CHECK(p, "the modules with two uint[6] did not link: %s", log ? log : "");
   free(log);
   if (p) {
      const struct glsl_uniform *a = uniform_at(p, "_spvL10[0]"), *b = uniform_at(p, "_spvL16[0]");
      CHECK(a && b && b->offset == a->offset + 96 && a->array_stride == 16 && b->array_stride == 16,
            "the arrays at 10 and 16");
      glsl_program_destroy(p);
   }

   /* a structure uniform: std140 in the default block (the vertex stage's block declares a
    * copy), one location per leaf member from its own */
   p = link_modules(spv_vs, NW(spv_vs), spv_fs_struct, NW(spv_fs_struct), &log);
   CHECK(p, "the structure-uniform modules did not link: %s", log ? log : "");
   free(log);
   if (p) {
      const struct glsl_uniform *b1 = uniform_at(p, "_spvL8._m0[1]._m1"),
                                *m = uniform_at(p, "_spvL8._m1"), *c = uniform_at(p, "_spvL8._m2");
      const uint32_t base = c ? c->offset - 96 : 0;
      CHECK(b1 && b1->type == GL_FLOAT_VEC3 && b1->offset == base + 48, "s.p[1].b");
      CHECK(m && m->type == GL_FLOAT_MAT2 && m->offset == base + 64 && m->matrix_stride == 16,
            "s.m");
      CHECK(c && c->type == GL_FLOAT_VEC4 && base % 16 == 0, "s.c");
      unsigned found = 0;
      for (unsigned i = 0; i < p->num_uniform_locations; i++)
         if (!strcmp(p->uniform_locations[i].name, "_spvL8"))
            found = p->uniform_locations[i].location == 8 ? p->uniform_locations[i].count : 99;
      CHECK(found == 6, "s holds locations 8 to 13: %u", found);
      glsl_program_destroy(p);
   }

   /* an array of blocks captured by transform feedback: element e into buffer 1 + e
    * (GLSL 4.40 4.4.2.1), each with the block's offsets and stride */
   p = link_modules(spv_vs_xfb_blocks, NW(spv_vs_xfb_blocks), NULL, 0, &log);
   CHECK(p, "the xfb block array did not link: %s", log ? log : "");
   free(log);
   if (p) {
      CHECK(p->num_xfb == 4, "%u captured varyings, not 4", p->num_xfb);
      for (unsigned i = 0; i < p->num_xfb && i < 4; i++)
         CHECK(p->xfb[i].buffer == 1 + i / 2 && p->xfb[i].offset == (i % 2 ? 4u : 0u),
               "varying %u in buffer %u at %u", i, p->xfb[i].buffer, p->xfb[i].offset);
      CHECK(p->xfb_stride[1] == 20 && p->xfb_stride[2] == 20, "strides %u and %u", p->xfb_stride[1],
            p->xfb_stride[2]);
      glsl_program_destroy(p);
   }

   /* an array of arrays captured by transform feedback: one varying per innermost array */
   p = link_modules(spv_vs_xfb_aoa, NW(spv_vs_xfb_aoa), NULL, 0, &log);
   CHECK(p, "the xfb array of arrays did not link: %s", log ? log : "");
   free(log);
   if (p) {
      CHECK(p->num_xfb == 3, "%u captured varyings, not 3", p->num_xfb);
      for (unsigned i = 0; i < p->num_xfb && i < 3; i++)
         CHECK(p->xfb[i].offset == 12 * i && p->xfb[i].size == (i < 2 ? 3u : 1u),
               "varying %u at %u, %u elements", i, p->xfb[i].offset, p->xfb[i].size);
      glsl_program_destroy(p);
   }

   /* outputs sharing a location: a vertex stage alone links (they move apart: only transform
    * feedback reads them); with a fragment stage reading location 0 the overlap is an error */
   p = link_modules(spv_vs_overlap, NW(spv_vs_overlap), NULL, 0, &log);
   CHECK(p, "a vertex stage alone with outputs at one location did not link: %s", log ? log : "");
   glsl_program_destroy(p);
   free(log);
   p = link_modules(spv_vs_overlap, NW(spv_vs_overlap), spv_fs, NW(spv_fs), &log);
   CHECK(!p, "outputs at one location read by a fragment stage linked");
   glsl_program_destroy(p);
   free(log);

   /* hostile modules: every truncation, and each word replaced, refused or linked */
   for (size_t cut = 0; cut < NW(spv_fs); cut++) {
      glsl_program_destroy(link_modules(spv_vs, NW(spv_vs), spv_fs, cut, &log));
      free(log);
   }
   static const uint32_t garbage[] = {0, 1, 0xffff, 0x10000, 0xffffffffu, 0x00050001u};
   uint32_t *m = malloc(sizeof(spv_fs));
   for (size_t w = 1; w < NW(spv_fs); w++) {
      for (size_t g = 0; g < NW(garbage); g++) {
         memcpy(m, spv_fs, sizeof(spv_fs));
         m[w] = garbage[g];
         glsl_program_destroy(link_modules(spv_vs, NW(spv_vs), m, NW(spv_fs), &log));
         free(log);
      }
   }
   free(m);
   /* the same for the point-size write (a vertex module) and the initializers (a fragment one) */
   m = malloc(sizeof(spv_vs_point) > sizeof(spv_fs_init) ? sizeof(spv_vs_point)
                                                         : sizeof(spv_fs_init));
   for (size_t w = 1; w < NW(spv_vs_point) + NW(spv_fs_init); w++) {
      const bool vs = w < NW(spv_vs_point);
      const size_t at = vs ? w : w - NW(spv_vs_point);
      for (size_t g = 0; g < NW(garbage); g++) {
         memcpy(m, vs ? spv_vs_point : spv_fs_init,
                vs ? sizeof(spv_vs_point) : sizeof(spv_fs_init));
         m[at] = garbage[g];
         glsl_program_destroy(
            vs ? link_modules(m, NW(spv_vs_point), spv_fs_init, NW(spv_fs_init), &log)
               : link_modules(spv_vs_point, NW(spv_vs_point), m, NW(spv_fs_init), &log));
         free(log);
      }
   }
   for (size_t cut = 1; cut < NW(spv_vs_point); cut++) {
      glsl_program_destroy(link_modules(spv_vs_point, cut, spv_fs_init, NW(spv_fs_init), &log));
      free(log);
   }
   free(m);
   /* and for the structure uniform's copy */
   m = malloc(sizeof(spv_fs_struct));
   for (size_t w = 1; w < NW(spv_fs_struct); w++) {
      for (size_t g = 0; g < NW(garbage); g++) {
         memcpy(m, spv_fs_struct, sizeof(spv_fs_struct));
         m[w] = garbage[g];
         glsl_program_destroy(link_modules(spv_vs, NW(spv_vs), m, NW(spv_fs_struct), &log));
         free(log);
      }
   }
   for (size_t cut = 1; cut < NW(spv_fs_struct); cut++) {
      glsl_program_destroy(link_modules(spv_vs, NW(spv_vs), spv_fs_struct, cut, &log));
      free(log);
   }
   free(m);
   /* and for the split of the xfb block array (a vertex stage alone) */
   m = malloc(sizeof(spv_vs_xfb_blocks));
   for (size_t w = 1; w < NW(spv_vs_xfb_blocks); w++) {
      for (size_t g = 0; g < NW(garbage); g++) {
         memcpy(m, spv_vs_xfb_blocks, sizeof(spv_vs_xfb_blocks));
         m[w] = garbage[g];
         glsl_program_destroy(link_modules(m, NW(spv_vs_xfb_blocks), NULL, 0, &log));
         free(log);
      }
   }
   for (size_t cut = 1; cut < NW(spv_vs_xfb_blocks); cut++) {
      glsl_program_destroy(link_modules(spv_vs_xfb_blocks, cut, NULL, 0, &log));
      free(log);
   }
   free(m);
   /* and for the atomic counters' blocks */
   m = malloc(sizeof(spv_fs_atomic));
   for (size_t w = 1; w < NW(spv_fs_atomic); w++) {
      for (size_t g = 0; g < NW(garbage); g++) {
         memcpy(m, spv_fs_atomic, sizeof(spv_fs_atomic));
         m[w] = garbage[g];
         glsl_program_destroy(link_modules(spv_vs, NW(spv_vs), m, NW(spv_fs_atomic), &log));
         free(log);
      }
   }
   for (size_t cut = 1; cut < NW(spv_fs_atomic); cut++) {
      glsl_program_destroy(link_modules(spv_vs, NW(spv_vs), spv_fs_atomic, cut, &log));
      free(log);
   }
   free(m);
   return t_finish("unit.glsl.spirv_gl");
}
