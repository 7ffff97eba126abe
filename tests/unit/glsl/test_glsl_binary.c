/* unit.glsl.binary — glsl_program_serialize / glsl_program_deserialize (glsl_binary.c), what
 * glGetProgramBinary / glProgramBinary carry: a program with every table the linker fills (default
 * uniforms with initializers, arrays and matrices, a uniform block, a storage block, samplers, an
 * image, atomic counters, vertex inputs, fragment outputs, transform feedback, subroutines, three
 * stages) comes back byte for byte; then every truncation of its bytes, every single-bit flip,
 * and garbage are given to the reader, which must refuse or return a program that writes back
 * without fault (run under the sanitizer build: no read outside the bytes, no leak). */
#include "glsl_test_util.h"

#include <GL/glcorearb.h>

static const char *vs =
   "#version 430 core\n"
   "layout(location = 0) in vec4 pos;\n"
   "in vec2 uv;\n"
   "out vec4 v_col;\n"
   "out vec2 v_uv;\n"
   "uniform mat4 mvp = mat4(1.0);\n"
   "uniform float scale[3] = float[3](1.0, 2.0, 3.0);\n"
   "layout(std140, binding = 2) uniform Params { vec4 tint; mat2 m; } params;\n"
   "void main() {\n"
   "   gl_Position = mvp * pos * scale[gl_VertexID % 3];\n"
   "   v_col = params.tint + vec4(params.m[0], 0.0, 1.0);\n"
   "   v_uv = uv;\n"
   "}\n";

static const char *gs = "#version 430 core\n"
                        "layout(triangles) in;\n"
                        "layout(triangle_strip, max_vertices = 3) out;\n"
                        "in vec4 v_col[];\n"
                        "in vec2 v_uv[];\n"
                        "out vec4 g_col;\n"
                        "out vec2 g_uv;\n"
                        "void main() {\n"
                        "   for (int i = 0; i < 3; i++) {\n"
                        "      gl_Position = gl_in[i].gl_Position; g_col = v_col[i];\n"
                        "      g_uv = v_uv[i]; EmitVertex();\n"
                        "   }\n"
                        "   EndPrimitive();\n"
                        "}\n";

static const char *fs =
   "#version 430 core\n"
   "in vec4 g_col;\n"
   "in vec2 g_uv;\n"
   "layout(location = 0) out vec4 o;\n"
   "layout(location = 1) out vec4 o2;\n"
   "layout(binding = 3) uniform sampler2D tex[2];\n"
   "layout(binding = 1, rgba8) uniform readonly image2D img;\n"
   "layout(std430, binding = 4) buffer Data { uint count; vec4 items[]; } data;\n"
   "layout(binding = 0, offset = 4) uniform atomic_uint hits[2];\n"
   "uniform ivec2 pick = ivec2(1, 0);\n"
   "layout(location = 9) uniform float fade;\n"
   "subroutine vec4 shade_t(vec4 c);\n"
   "layout(index = 0) subroutine(shade_t) vec4 keep(vec4 c) { return c; }\n"
   "layout(index = 1) subroutine(shade_t) vec4 invert(vec4 c) { return 1.0 - c; }\n"
   "subroutine uniform shade_t shade;\n"
   "void main() {\n"
   "   atomicCounterIncrement(hits[1]);\n"
   "   o = shade(g_col * texture(tex[pick.x], g_uv) + imageLoad(img, pick));\n"
   "   o2 = data.items[data.count] + texture(tex[0], g_uv) * fade;\n"
   "}\n";

static struct glsl_program *
link_rich(void)
{
   static const char *const xfb[] = {"g_col", "gl_NextBuffer", "g_uv"};
   struct glsl_link_input in = {
      .xfb_varyings = xfb,
      .num_xfb_varyings = 3,
      .xfb_special_names = true,
   };
   in.source[GLSL_STAGE_VERTEX] = vs;
   in.source[GLSL_STAGE_GEOMETRY] = gs;
   in.source[GLSL_STAGE_FRAGMENT] = fs;
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p != NULL, "link: %s", log ? log : "");
   free(log);
   return p;
}

int
main(void)
{
   if (!glsl_init())
      return 1;
   struct glsl_program *p = link_rich();
   if (!p)
      return t_finish("unit.glsl.binary");
   /* every table this test means to cover is there */
   CHECK(p->default_block.num_uniforms >= 3 && p->default_block.initial_data, "uniforms");
   CHECK(p->num_blocks == 1 && p->num_block_members >= 2, "uniform block");
   CHECK(p->num_storage_blocks == 1 && p->num_buffer_vars >= 2, "storage block");
   CHECK(p->num_samplers == 2 && p->num_images == 1, "samplers, image");
   CHECK(p->num_atomic_buffers == 1 && p->num_atomic_counters == 1, "atomic counters");
   CHECK(p->num_xfb == 3 && p->xfb_buffers == 2, "transform feedback");
   CHECK(p->subroutines[GLSL_STAGE_FRAGMENT].num_fns == 2, "subroutines");
   CHECK(p->num_inputs >= 2 && p->num_outputs == 2, "inputs, outputs");
   CHECK(p->num_uniform_locations == 1 && p->uniform_locations[0].location == 9,
         "explicit uniform location");

   uint8_t *bytes = NULL;
   size_t size = 0;
   CHECK(glsl_program_serialize(p, &bytes, &size), "serialize");
   const char *why = NULL;
   struct glsl_program *q = glsl_program_deserialize(bytes, size, &why);
   CHECK(q != NULL, "read back: %s", why ? why : "");
   if (q) {
      uint8_t *again = NULL;
      size_t again_size = 0;
      CHECK(glsl_program_serialize(q, &again, &again_size), "serialize again");
      CHECK(again_size == size && !memcmp(again, bytes, size), "not the same bytes (%zu, %zu)",
            again_size, size);
      CHECK(q->default_block.size == p->default_block.size &&
               !memcmp(q->default_block.initial_data, p->default_block.initial_data,
                       p->default_block.size),
            "initial values");
      CHECK(q->num_uniform_locations == p->num_uniform_locations &&
               (!q->num_uniform_locations ||
                (!strcmp(q->uniform_locations[0].name, p->uniform_locations[0].name) &&
                 q->uniform_locations[0].location == 9 &&
                 q->uniform_locations[0].count == p->uniform_locations[0].count)),
            "explicit uniform location lost (%u read back)", q->num_uniform_locations);
      CHECK(!strcmp(q->samplers[1].name, p->samplers[1].name) &&
               q->samplers[1].gl_unit == p->samplers[1].gl_unit,
            "sampler");
      for (int s = 0; s < GLSL_STAGE_COUNT; s++)
         CHECK(q->spirv[s].num_words == p->spirv[s].num_words &&
                  (!p->spirv[s].words ||
                   !memcmp(q->spirv[s].words, p->spirv[s].words, 4 * p->spirv[s].num_words)),
               "stage %d module", s);
      free(again);
      glsl_program_destroy(q);
   }

   /* every truncation is refused; so are trailing bytes */
   unsigned accepted = 0;
   for (size_t n = 0; n < size; n++) {
      q = glsl_program_deserialize(bytes, n, &why);
      accepted += q != NULL;
      glsl_program_destroy(q);
   }
   CHECK(accepted == 0, "%u truncations accepted", accepted);
   uint8_t *longer = malloc(size + 1);
   memcpy(longer, bytes, size);
   longer[size] = 0;
   q = glsl_program_deserialize(longer, size + 1, &why);
   CHECK(!q && why, "a trailing byte accepted");
   glsl_program_destroy(q);
   free(longer);
   q = glsl_program_deserialize(NULL, 0, &why);
   CHECK(!q && why, "no bytes accepted");

   /* every single-bit flip: refused, or a program that writes back (each read on an exact-size
    * copy, so the sanitizer sees a read past the end) */
   unsigned refused = 0, read = 0;
   for (size_t bit = 0; bit < size * 8; bit++) {
      uint8_t *flip = malloc(size);
      memcpy(flip, bytes, size);
      flip[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      q = glsl_program_deserialize(flip, size, &why);
      if (q) {
         uint8_t *w = NULL;
         size_t wn = 0;
         CHECK(glsl_program_serialize(q, &w, &wn), "flip %zu: write back", bit);
         free(w);
         read++;
      } else {
         refused++;
      }
      glsl_program_destroy(q);
      free(flip);
   }
   printf("bit flips: %u refused, %u read\n", refused, read);
   CHECK(refused > 0, "no flip refused");

   /* garbage of every small length, and a huge count up front */
   uint32_t seed = 12345;
   for (size_t n = 1; n < 4096; n += 7) {
      uint8_t *g = malloc(n);
      for (size_t k = 0; k < n; k++) {
         seed = seed * 1103515245u + 12345u;
         g[k] = (uint8_t)(seed >> 16);
      }
      q = glsl_program_deserialize(g, n, &why);
      glsl_program_destroy(q);
      free(g);
   }
   uint8_t huge[64];
   memset(huge, 0xff, sizeof(huge));
   q = glsl_program_deserialize(huge, sizeof(huge), &why);
   CHECK(!q, "all-ones accepted");

   free(bytes);
   glsl_program_destroy(p);
   return t_finish("unit.glsl.binary");
}
