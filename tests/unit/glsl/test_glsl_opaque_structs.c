/* unit.glsl.opaque_structs — GL_ARB_gl_spirv structures holding opaque members
 * (spv_opaque_structs.c): each leaf of a UniformConstant structure (or array of them) becomes a
 * variable of its own, the structure arrays on its path kept, no structure holding a sampler
 * left (Vulkan forbids it), the result valid SPIR-V for OpenGL (spirv-val), each leaf at GL's
 * location (members consecutive, array elements in turn); then glsl_link of such a fragment
 * module gives a Vulkan-valid stage and each leaf element its location. A module without such a
 * structure is left alone, and every truncation of one is refused or split without fault (run
 * under the sanitizer build). */
#include "glsl_test_util.h"

#include "../../scenario/glspirv_modules.h"
#include "spv.h"

#define NW(a) (sizeof(a) / sizeof((a)[0]))

/* glslangValidator -G --target-env opengl, spirv-opt --strip-debug, `OpDecorate %s Binding 2`
 * added by hand (spirv-as):
 *   #version 450
 *   struct I { sampler2D t; float f; };
 *   struct S { I i[2]; sampler2D u[3]; vec4 c; };
 *   layout(location = 3) uniform S s[2];
 *   layout(location = 0) uniform int n;
 *   layout(location = 0) out vec4 color;
 *   void main() { color = texture(s[n].i[n].t, vec2(0.5)) * s[1].i[n].f +
 *                         texture(s[n].u[n], vec2(0.5)) + s[0].c; } */
static const uint32_t spv_fs_struct_array[] = {
   0x07230203, 0x00010000, 0x00070000, 0x00000034, 0x00000000, 0x00020011, 0x00000001, 0x0006000b,
   0x00000001, 0x4c534c47, 0x6474732e, 0x3035342e, 0x00000000, 0x0003000e, 0x00000000, 0x00000001,
   0x0006000f, 0x00000004, 0x00000002, 0x6e69616d, 0x00000000, 0x00000003, 0x00030010, 0x00000002,
   0x00000008, 0x00040047, 0x00000003, 0x0000001e, 0x00000000, 0x00040047, 0x00000004, 0x0000001e,
   0x00000003, 0x00040047, 0x00000004, 0x00000021, 0x00000002, 0x00040047, 0x00000005, 0x0000001e,
   0x00000000, 0x00020013, 0x00000006, 0x00030021, 0x00000007, 0x00000006, 0x00030016, 0x00000008,
   0x00000020, 0x00040017, 0x00000009, 0x00000008, 0x00000004, 0x00040020, 0x0000000a, 0x00000003,
   0x00000009, 0x0004003b, 0x0000000a, 0x00000003, 0x00000003, 0x00090019, 0x0000000b, 0x00000008,
   0x00000001, 0x00000000, 0x00000000, 0x00000000, 0x00000001, 0x00000000, 0x0003001b, 0x0000000c,
   0x0000000b, 0x0004001e, 0x0000000d, 0x0000000c, 0x00000008, 0x00040015, 0x0000000e, 0x00000020,
   0x00000000, 0x0004002b, 0x0000000e, 0x0000000f, 0x00000002, 0x0004001c, 0x00000010, 0x0000000d,
   0x0000000f, 0x0004002b, 0x0000000e, 0x00000011, 0x00000003, 0x0004001c, 0x00000012, 0x0000000c,
   0x00000011, 0x0005001e, 0x00000013, 0x00000010, 0x00000012, 0x00000009, 0x0004001c, 0x00000014,
   0x00000013, 0x0000000f, 0x00040020, 0x00000015, 0x00000000, 0x00000014, 0x0004003b, 0x00000015,
   0x00000004, 0x00000000, 0x00040015, 0x00000016, 0x00000020, 0x00000001, 0x00040020, 0x00000017,
   0x00000000, 0x00000016, 0x0004003b, 0x00000017, 0x00000005, 0x00000000, 0x0004002b, 0x00000016,
   0x00000018, 0x00000000, 0x00040020, 0x00000019, 0x00000000, 0x0000000c, 0x00040017, 0x0000001a,
   0x00000008, 0x00000002, 0x0004002b, 0x00000008, 0x0000001b, 0x3f000000, 0x0005002c, 0x0000001a,
   0x0000001c, 0x0000001b, 0x0000001b, 0x0004002b, 0x00000016, 0x0000001d, 0x00000001, 0x00040020,
   0x0000001e, 0x00000000, 0x00000008, 0x0004002b, 0x00000016, 0x0000001f, 0x00000002, 0x00040020,
   0x00000020, 0x00000000, 0x00000009, 0x00050036, 0x00000006, 0x00000002, 0x00000000, 0x00000007,
   0x000200f8, 0x00000021, 0x0004003d, 0x00000016, 0x00000022, 0x00000005, 0x0004003d, 0x00000016,
   0x00000023, 0x00000005, 0x00080041, 0x00000019, 0x00000024, 0x00000004, 0x00000022, 0x00000018,
   0x00000023, 0x00000018, 0x0004003d, 0x0000000c, 0x00000025, 0x00000024, 0x00050057, 0x00000009,
   0x00000026, 0x00000025, 0x0000001c, 0x0004003d, 0x00000016, 0x00000027, 0x00000005, 0x00080041,
   0x0000001e, 0x00000028, 0x00000004, 0x0000001d, 0x00000018, 0x00000027, 0x0000001d, 0x0004003d,
   0x00000008, 0x00000029, 0x00000028, 0x0005008e, 0x00000009, 0x0000002a, 0x00000026, 0x00000029,
   0x0004003d, 0x00000016, 0x0000002b, 0x00000005, 0x0004003d, 0x00000016, 0x0000002c, 0x00000005,
   0x00070041, 0x00000019, 0x0000002d, 0x00000004, 0x0000002b, 0x0000001d, 0x0000002c, 0x0004003d,
   0x0000000c, 0x0000002e, 0x0000002d, 0x00050057, 0x00000009, 0x0000002f, 0x0000002e, 0x0000001c,
   0x00050081, 0x00000009, 0x00000030, 0x0000002a, 0x0000002f, 0x00060041, 0x00000020, 0x00000031,
   0x00000004, 0x00000018, 0x0000001f, 0x0004003d, 0x00000009, 0x00000032, 0x00000031, 0x00050081,
   0x00000009, 0x00000033, 0x00000030, 0x00000032, 0x0003003e, 0x00000003, 0x00000033, 0x000100fd,
   0x00010038};
/* piglit's arb_gl_spirv/execution/uniform/sampler2d-struct fragment module (spirv-as):
 *   struct Samp { sampler2D tex; float green_offset; };
 *   layout (location = 0) uniform Samp s;
 *   void main() { color = texture(s.tex, vec2(0.25)); color.g += s.green_offset; } */
static const uint32_t spv_fs_sampler_struct[] = {
   0x07230203, 0x00010000, 0x00070000, 0x00000023, 0x00000000, 0x00020011, 0x00000001, 0x0006000b,
   0x00000001, 0x4c534c47, 0x6474732e, 0x3035342e, 0x00000000, 0x0003000e, 0x00000000, 0x00000001,
   0x0006000f, 0x00000004, 0x00000002, 0x6e69616d, 0x00000000, 0x00000003, 0x00030010, 0x00000002,
   0x00000008, 0x00030003, 0x00000002, 0x000001c2, 0x00040005, 0x00000002, 0x6e69616d, 0x00000000,
   0x00040005, 0x00000003, 0x6f6c6f63, 0x00000072, 0x00040005, 0x00000004, 0x706d6153, 0x00000000,
   0x00040006, 0x00000004, 0x00000000, 0x00786574, 0x00070006, 0x00000004, 0x00000001, 0x65657267,
   0x666f5f6e, 0x74657366, 0x00000000, 0x00030005, 0x00000005, 0x00000073, 0x00040047, 0x00000003,
   0x0000001e, 0x00000000, 0x00040047, 0x00000005, 0x0000001e, 0x00000000, 0x00020013, 0x00000006,
   0x00030021, 0x00000007, 0x00000006, 0x00030016, 0x00000008, 0x00000020, 0x00040017, 0x00000009,
   0x00000008, 0x00000004, 0x00040020, 0x0000000a, 0x00000003, 0x00000009, 0x0004003b, 0x0000000a,
   0x00000003, 0x00000003, 0x00090019, 0x0000000b, 0x00000008, 0x00000001, 0x00000000, 0x00000000,
   0x00000000, 0x00000001, 0x00000000, 0x0003001b, 0x0000000c, 0x0000000b, 0x0004001e, 0x00000004,
   0x0000000c, 0x00000008, 0x00040020, 0x0000000d, 0x00000000, 0x00000004, 0x0004003b, 0x0000000d,
   0x00000005, 0x00000000, 0x00040015, 0x0000000e, 0x00000020, 0x00000001, 0x0004002b, 0x0000000e,
   0x0000000f, 0x00000000, 0x00040020, 0x00000010, 0x00000000, 0x0000000c, 0x00040017, 0x00000011,
   0x00000008, 0x00000002, 0x0004002b, 0x00000008, 0x00000012, 0x3e800000, 0x0005002c, 0x00000011,
   0x00000013, 0x00000012, 0x00000012, 0x0004002b, 0x0000000e, 0x00000014, 0x00000001, 0x00040020,
   0x00000015, 0x00000000, 0x00000008, 0x00040015, 0x00000016, 0x00000020, 0x00000000, 0x0004002b,
   0x00000016, 0x00000017, 0x00000001, 0x00040020, 0x00000018, 0x00000003, 0x00000008, 0x00050036,
   0x00000006, 0x00000002, 0x00000000, 0x00000007, 0x000200f8, 0x00000019, 0x00050041, 0x00000010,
   0x0000001a, 0x00000005, 0x0000000f, 0x0004003d, 0x0000000c, 0x0000001b, 0x0000001a, 0x00050057,
   0x00000009, 0x0000001c, 0x0000001b, 0x00000013, 0x0003003e, 0x00000003, 0x0000001c, 0x00050041,
   0x00000015, 0x0000001d, 0x00000005, 0x00000014, 0x0004003d, 0x00000008, 0x0000001e, 0x0000001d,
   0x00050041, 0x00000018, 0x0000001f, 0x00000003, 0x00000017, 0x0004003d, 0x00000008, 0x00000020,
   0x0000001f, 0x00050081, 0x00000008, 0x00000021, 0x00000020, 0x0000001e, 0x00050041, 0x00000018,
   0x00000022, 0x00000003, 0x00000017, 0x0003003e, 0x00000022, 0x00000021, 0x000100fd, 0x00010038};

/* Runs spirv-val for OpenGL 4.5 (the split module still has GL's loose uniforms). */
static int
val_gl(const uint32_t *w, size_t n, const char *tag)
{
   if (system("command -v spirv-val >/dev/null 2>&1") != 0) {
      printf("SKIP: spirv-val not found; not validating %s\n", tag);
      return -1;
   }
   char path[256];
   snprintf(path, sizeof(path), "/tmp/mgl-glsl-test-%ld-%s.spv", (long)getpid(), tag);
   FILE *f = fopen(path, "wb");
   if (!f)
      return 0;
   fwrite(w, sizeof(uint32_t), n, f);
   fclose(f);
   char cmd[512];
   snprintf(cmd, sizeof(cmd), "spirv-val --target-env opengl4.5 %s", path);
   const int rc = system(cmd);
   if (rc == 0)
      unlink(path);
   else
      fprintf(stderr, "spirv-val failed on %s (kept at %s)\n", tag, path);
   return rc == 0;
}

/* Whether some OpTypeStruct of the module has a member of an image, sampler or sampled image
 * type, or an array of one (the scan is the test's own). */
static bool
struct_holds_opaque(const uint32_t *w, size_t n)
{
   for (size_t p = 5; p < n && w[p] >> 16;) {
      const uint32_t wc = w[p] >> 16;
      if ((w[p] & 0xffff) == 30 /* OpTypeStruct */) {
         for (uint32_t k = 2; k < wc; k++) {
            uint32_t t = w[p + k];
            for (int hop = 0; hop < 8; hop++) {
               uint32_t op = 0, elem = 0;
               for (size_t q = 5; q < n && w[q] >> 16; q += w[q] >> 16)
                  if ((w[q] & 0xffff) >= 19 && (w[q] & 0xffff) <= 39 && w[q + 1] == t) {
                     op = w[q] & 0xffff;
                     elem = (w[q] >> 16) > 2 ? w[q + 2] : 0;
                  }
               if (op == 25 || op == 26 || op == 27) /* image, sampler, sampled image */
                  return true;
               if (op != 28 /* OpTypeArray */)
                  break;
               t = elem;
            }
         }
      }
      p += wc;
   }
   return false;
}

static struct glsl_program *
link_fs(const uint32_t *fs, size_t nfs, char **log)
{
   uint32_t *v = malloc(sizeof(spv_vs_point)), *f = malloc(nfs * 4);
   memcpy(v, spv_vs_point, sizeof(spv_vs_point));
   memcpy(f, fs, nfs * 4);
   const char *why = NULL;
   struct glsl_program *p = NULL;
   uint32_t *sv = NULL, *sf = NULL;
   size_t nsv = 0, nsf = 0;
   *log = NULL;
   if (glsl_spirv_valid(v, NW(spv_vs_point), 3, &why) && glsl_spirv_valid(f, nfs, 3, &why) &&
       (sv = glsl_spirv_specialize(GLSL_STAGE_VERTEX, v, NW(spv_vs_point), "main", 0, NULL, NULL,
                                   &nsv, &why)) &&
       (sf =
           glsl_spirv_specialize(GLSL_STAGE_FRAGMENT, f, nfs, "main", 0, NULL, NULL, &nsf, &why))) {
      struct glsl_link_input in = {0};
      in.spirv[GLSL_STAGE_VERTEX] = sv;
      in.spirv_words[GLSL_STAGE_VERTEX] = nsv;
      in.spirv[GLSL_STAGE_FRAGMENT] = sf;
      in.spirv_words[GLSL_STAGE_FRAGMENT] = nsf;
      p = glsl_link(&in, log);
   }
   free(sv);
   free(sf);
   free(v);
   free(f);
   return p;
}

/* The location of the program's explicit-location entry that begins at `location` (its count
 * in *count), false when none does. */
static bool
location_entry(const struct glsl_program *p, uint32_t location, uint32_t *count)
{
   for (unsigned i = 0; i < p->num_uniform_locations; i++)
      if (p->uniform_locations[i].location == location) {
         *count = p->uniform_locations[i].count;
         return true;
      }
   return false;
}

int
main(void)
{
   /* the pass: four leaves, GL's locations */
   size_t n = 0;
   struct spv_opaque_leaf *lv = NULL;
   unsigned nl = 0;
   const char *err = NULL;
   uint32_t *w =
      spv_split_opaque_structs(spv_fs_struct_array, NW(spv_fs_struct_array), &n, &lv, &nl, &err);
   CHECK(w && !err, "the structure array was not split: %s", err ? err : "(no reason)");
   if (w) {
      CHECK(!struct_holds_opaque(w, n), "a structure still holds a sampler");
      CHECK(struct_holds_opaque(spv_fs_struct_array, NW(spv_fs_struct_array)),
            "(the test's scan) the input's structures hold samplers");
      CHECK(val_gl(w, n, "opaque_structs") != 0, "the split module does not validate");
      CHECK(nl == 4, "%u leaves, expected 4 (i.t, i.f, u, c)", nl);
      /* S takes 8 locations (i[2]: 2 x 2, u: 3, c: 1) from s's 3 */
      static const struct {
         bool opaque;
         uint32_t location, num_outer, dims[2], strides[2], locations;
      } want[4] = {
         {true, 3, 2, {2, 2}, {8, 2}, 1},  /* s[a].i[b].t */
         {false, 4, 2, {2, 2}, {8, 2}, 1}, /* s[a].i[b].f */
         {true, 7, 1, {2, 0}, {8, 0}, 3},  /* s[a].u */
         {false, 10, 1, {2, 0}, {8, 0}, 1} /* s[a].c */
      };
      for (unsigned i = 0; i < nl && i < 4; i++) {
         const struct spv_opaque_leaf *l = &lv[i];
         CHECK(l->opaque == want[i].opaque && l->has_location && l->location == want[i].location &&
                  l->num_outer == want[i].num_outer && l->outer_dims[0] == want[i].dims[0] &&
                  l->outer_dims[1] == want[i].dims[1] &&
                  l->outer_strides[0] == want[i].strides[0] &&
                  l->outer_strides[1] == want[i].strides[1] && l->locations == want[i].locations,
               "leaf %u: opaque %d location %u outer %u [%u][%u] strides %u %u locations %u", i,
               l->opaque, l->location, l->num_outer, l->outer_dims[0], l->outer_dims[1],
               l->outer_strides[0], l->outer_strides[1], l->locations);
      }
      /* Binding 2 on s: i.t's 4 samplers from 2, u's 6 from 6 */
      struct glsl_spirv sp = {.words = w, .num_words = n};
      CHECK(nl == 4 && t_spv_decoration(&sp, lv[0].var, 33 /* Binding */) == 2 &&
               t_spv_decoration(&sp, lv[2].var, 33) == 6 &&
               t_spv_decoration(&sp, lv[1].var, 33) == -1,
            "the samplers' bindings");
      CHECK(nl == 4 && t_spv_decoration(&sp, lv[0].var, 30 /* Location */) == 3 &&
               t_spv_decoration(&sp, lv[3].var, 30) == 10,
            "the leaves' Location decorations");
   }
   free(w);
   free(lv);

   /* a module without such a structure is not rewritten */
   w = spv_split_opaque_structs(spv_fs_green, NW(spv_fs_green), &n, &lv, &nl, &err);
   CHECK(!w && !err && !lv && !nl, "a module without opaque structures was rewritten");
   free(w);

   /* piglit's sampler2d-struct: the sampler at location 0, the float at 1 */
   w = spv_split_opaque_structs(spv_fs_sampler_struct, NW(spv_fs_sampler_struct), &n, &lv, &nl,
                                &err);
   CHECK(w && nl == 2 && lv[0].opaque && lv[0].location == 0 && !lv[0].num_outer && !lv[1].opaque &&
            lv[1].location == 1,
         "sampler2d-struct's leaves");
   CHECK(w && val_gl(w, n, "opaque_structs_piglit") != 0, "the split module does not validate");
   free(w);
   free(lv);

   /* linked: a Vulkan-valid stage, each leaf element at its location */
   char *log = NULL;
   struct glsl_program *p = link_fs(spv_fs_struct_array, NW(spv_fs_struct_array), &log);
   CHECK(p != NULL, "the link failed: %s", log ? log : "");
   if (p) {
      CHECK(t_spirv_val(&p->spirv[GLSL_STAGE_FRAGMENT], "opaque_structs_fs") != 0,
            "the linked fragment stage does not validate");
      uint32_t count = 0;
      static const uint32_t single[] = {0, 3, 4, 5, 6, 10, 11, 12, 13, 14, 18};
      for (unsigned i = 0; i < NW(single); i++)
         CHECK(location_entry(p, single[i], &count) && count == 1,
               "no uniform of one location at %u", single[i]);
      CHECK(location_entry(p, 7, &count) && count == 3 && location_entry(p, 15, &count) &&
               count == 3,
            "s[a].u at 7 and 15, three each");
      CHECK(p->num_samplers == 4 + 6, "%u sampler elements, expected 10", p->num_samplers);
   }
   glsl_program_destroy(p);
   free(log);
   p = link_fs(spv_fs_sampler_struct, NW(spv_fs_sampler_struct), &log);
   CHECK(p != NULL, "sampler2d-struct's link failed: %s", log ? log : "");
   if (p) {
      uint32_t count = 0;
      CHECK(location_entry(p, 0, &count) && location_entry(p, 1, &count) && p->num_samplers == 1 &&
               p->default_block.num_uniforms >= 1,
            "sampler2d-struct: the sampler at 0, the float at 1");
   }
   glsl_program_destroy(p);
   free(log);

   /* every truncation */
   for (size_t k = 0; k < NW(spv_fs_struct_array); k++) {
      w = spv_split_opaque_structs(spv_fs_struct_array, k, &n, &lv, &nl, &err);
      CHECK(!w || n > 5, "a truncation gave an empty module");
      free(w);
      free(lv);
   }
   return t_finish("unit.glsl.opaque_structs");
}
