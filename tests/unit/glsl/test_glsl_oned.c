/* unit.glsl.oned — 1D images lowered to 2D for the GLES backend (spv_lower_1d, spv_1d.c): a
 * fragment module sampling sampler1D, sampler1DArray, their shadow forms and isampler1D with
 * texture, textureProj (vec2 and vec4), textureLod, textureGrad, textureOffset, texelFetch
 * (constant and dynamic offsets) and textureSize keeps no Dim 1D image and no Sampled1D
 * capability, merges the image types the rewrite makes equal to its sampler2D's, stays valid
 * (spirv-val), and SPIRV-Cross writes it as ESSL 3.00 with sampler2D / sampler2DArray only.
 * A fragment module with image1D and image1DArray storage images (imageLoad, imageStore,
 * imageAtomicAdd, imageSize) is rewritten the same way: no Dim 1D and no Image1D capability
 * left, valid, and ESSL 3.10 with image2D / image2DArray only.
 * A module without a 1D image is left alone; a truncated module and one whose id bound no
 * compiler gives are refused with a reason. */
#include "glsl_test_util.h"

#include <spirv_cross_c.h>

#include "spv.h"

enum {
   OP_CAPABILITY = 17,
   OP_TYPE_IMAGE = 25,
   DIM_1D = 0,
   DIM_2D = 1,
   CAP_SAMPLED_1D = 43,
   CAP_IMAGE_1D = 44
};

static const char *const vs = "#version 330 core\n"
                              "in vec4 vertex;\n"
                              "void main() { gl_Position = vertex; }\n";
static const char *const fs_1d =
   "#version 330 core\n"
   "uniform sampler1D u_t1;\n"
   "uniform sampler1DArray u_ta;\n"
   "uniform sampler1DShadow u_s1;\n"
   "uniform sampler1DArrayShadow u_sa;\n"
   "uniform isampler1D u_i1;\n"
   "uniform sampler2D u_t2;\n"
   "uniform int u_off;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "  float x = gl_FragCoord.x / 64.0;\n"
   "  vec4 c = texture(u_t1, x) + textureProj(u_t1, vec2(x, 2.0))\n"
   "         + textureProj(u_t1, vec4(x, 0.0, 0.0, 2.0)) + textureLod(u_t1, x, 1.0)\n"
   "         + textureGrad(u_t1, x, 0.5, 0.25) + textureOffset(u_t1, x, -2)\n"
   "         + texelFetch(u_t1, int(gl_FragCoord.x), 0) + texelFetchOffset(u_t1, 3, 0, 1)\n"
   "         + texture(u_ta, vec2(x, 1.0)) + texelFetch(u_ta, ivec2(2, 1), 0)\n"
   "         + textureLod(u_ta, vec2(x, 2.0), 0.0) + texture(u_t2, vec2(x))\n"
   "         + vec4(texture(u_s1, vec3(x, 0.0, 0.5)), textureProj(u_s1, vec4(x, 0.0, 0.5, 1.0)),\n"
   "                texture(u_sa, vec3(x, 1.0, 0.5)), float(texelFetch(u_i1, 1, 0).x));\n"
   "  ivec2 sa = textureSize(u_ta, 0);\n"
   "  o = c + vec4(float(textureSize(u_t1, 0)), float(sa.x), float(sa.y),\n"
   "               float(textureSize(u_i1, u_off)));\n"
   "}\n";
static const char *const fs_2d = "#version 330 core\n"
                                 "uniform sampler2D u_t2;\n"
                                 "out vec4 o;\n"
                                 "void main() { o = texture(u_t2, gl_FragCoord.xy); }\n";

static const char *const fs_storage =
   "#version 430 core\n"
   "layout(rgba8) uniform image1D u_i1;\n"
   "layout(r32ui) uniform uimage1DArray u_ia;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "  int x = int(gl_FragCoord.x);\n"
   "  vec4 c = imageLoad(u_i1, x);\n"
   "  imageStore(u_i1, x + 1, c);\n"
   "  uint a = imageAtomicAdd(u_ia, ivec2(x, 2), 1u);\n"
   "  imageStore(u_ia, ivec2(x, 1), imageLoad(u_ia, ivec2(x, 0)));\n"
   "  ivec2 sa = imageSize(u_ia);\n"
   "  o = c + vec4(float(a), float(imageSize(u_i1)), float(sa.x), float(sa.y));\n"
   "}\n";

static int
count_images(const uint32_t *w, size_t n, uint32_t dim)
{
   int k = 0;
   for (size_t p = 5; p < n && w[p] >> 16; p += w[p] >> 16)
      if ((w[p] & 0xffff) == OP_TYPE_IMAGE && w[p + 3] == dim)
         k++;
   return k;
}

static bool
has_capability(const uint32_t *w, size_t n, uint32_t cap)
{
   for (size_t p = 5; p < n && w[p] >> 16; p += w[p] >> 16)
      if ((w[p] & 0xffff) == OP_CAPABILITY && w[p + 1] == cap)
         return true;
   return false;
}

/* The module as ESSL `version` (malloc'd), or NULL with the reason printed. */
static char *
to_essl_version(const uint32_t *w, size_t n, unsigned version)
{
   spvc_context sc = NULL;
   spvc_parsed_ir ir = NULL;
   spvc_compiler comp = NULL;
   spvc_compiler_options opts = NULL;
   const char *out = NULL;
   char *copy = NULL;
   if (spvc_context_create(&sc) != SPVC_SUCCESS)
      return NULL;
   if (spvc_context_parse_spirv(sc, w, n, &ir) == SPVC_SUCCESS &&
       spvc_context_create_compiler(sc, SPVC_BACKEND_GLSL, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP,
                                    &comp) == SPVC_SUCCESS &&
       spvc_compiler_create_compiler_options(comp, &opts) == SPVC_SUCCESS &&
       spvc_compiler_options_set_uint(opts, SPVC_COMPILER_OPTION_GLSL_VERSION, version) ==
          SPVC_SUCCESS &&
       spvc_compiler_options_set_bool(opts, SPVC_COMPILER_OPTION_GLSL_ES, SPVC_TRUE) ==
          SPVC_SUCCESS &&
       spvc_compiler_install_compiler_options(comp, opts) == SPVC_SUCCESS &&
       spvc_compiler_compile(comp, &out) == SPVC_SUCCESS)
      copy = strdup(out);
   else
      fprintf(stderr, "spirv-cross: %s\n", spvc_context_get_last_error_string(sc));
   spvc_context_destroy(sc);
   return copy;
}

static char *
to_essl(const uint32_t *w, size_t n)
{
   return to_essl_version(w, n, 300);
}

static void
test_lower(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs_1d}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
   CHECK(count_images(f->words, f->num_words, DIM_1D) == 5, "before: %d 1D image types, want 5",
         count_images(f->words, f->num_words, DIM_1D));
   const char *err = NULL;
   size_t n = 0;
   uint32_t *w = spv_lower_1d(f->words, f->num_words, &n, &err);
   CHECK(w && !err, "not rewritten: %s", err ? err : "nothing to rewrite");
   if (w) {
      CHECK(count_images(w, n, DIM_1D) == 0, "after: %d 1D image types",
            count_images(w, n, DIM_1D));
      /* sampler1D's image merges into sampler2D's: 2D float, 2D float array, the two shadow
       * ones and the int one */
      CHECK(count_images(w, n, DIM_2D) == 5, "after: %d 2D image types, want 5",
            count_images(w, n, DIM_2D));
      CHECK(!has_capability(w, n, CAP_SAMPLED_1D), "capability Sampled1D left");
      struct glsl_spirv after = {.words = w, .num_words = n};
      CHECK(t_spirv_val(&after, "oned") != 0, "rewritten module invalid");
      char *essl = to_essl(w, n);
      CHECK(essl, "SPIRV-Cross refused the rewritten module");
      if (essl) {
         CHECK(!strstr(essl, "1D"), "ESSL still names a 1D sampler:\n%s", essl);
         CHECK(strstr(essl, "sampler2DArrayShadow") && strstr(essl, "sampler2DShadow") &&
                  strstr(essl, "isampler2D") && strstr(essl, "textureGrad") &&
                  strstr(essl, "textureProj") && strstr(essl, "texelFetchOffset"),
               "ESSL lacks an expected sampler or call:\n%s", essl);
         free(essl);
      }
      free(w);
   }
   /* hostile shapes: a last instruction whose length runs past the end, a huge id bound */
   uint32_t *copy = malloc(f->num_words * 4);
   if (copy) {
      memcpy(copy, f->words, f->num_words * 4);
      copy[f->num_words - 1] = (2u << 16) | (copy[f->num_words - 1] & 0xffff);
      err = NULL;
      w = spv_lower_1d(copy, f->num_words, &n, &err);
      CHECK(!w && err, "a module whose last instruction runs past its end was rewritten");
      free(w);
      memcpy(copy, f->words, f->num_words * 4);
      copy[3] = UINT32_MAX - 3;
      err = NULL;
      w = spv_lower_1d(copy, f->num_words, &n, &err);
      CHECK(!w && err, "an id bound at UINT32_MAX was rewritten");
      free(w);
      free(copy);
   }
   glsl_program_destroy(p);
}

static void
test_left_and_refused(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs_2d}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
   const char *err = NULL;
   size_t n = 0;
   uint32_t *w = spv_lower_1d(f->words, f->num_words, &n, &err);
   CHECK(!w && !err, "a module without 1D images was rewritten (%s)", err ? err : "");
   free(w);
   glsl_program_destroy(p);
}

static void
test_storage(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs_storage}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
   CHECK(count_images(f->words, f->num_words, DIM_1D) == 2, "before: %d 1D image types, want 2",
         count_images(f->words, f->num_words, DIM_1D));
   const char *err = NULL;
   size_t n = 0;
   uint32_t *w = spv_lower_1d(f->words, f->num_words, &n, &err);
   CHECK(w && !err, "1D storage images not rewritten: %s", err ? err : "nothing to rewrite");
   if (w) {
      CHECK(count_images(w, n, DIM_1D) == 0, "after: %d 1D image types",
            count_images(w, n, DIM_1D));
      CHECK(!has_capability(w, n, CAP_IMAGE_1D), "capability Image1D left");
      struct glsl_spirv after = {.words = w, .num_words = n};
      CHECK(t_spirv_val(&after, "oned_storage") != 0, "rewritten module invalid");
      char *essl = to_essl_version(w, n, 310);
      CHECK(essl, "SPIRV-Cross refused the rewritten module");
      if (essl) {
         CHECK(!strstr(essl, "1D"), "ESSL still names a 1D image:\n%s", essl);
         CHECK(strstr(essl, "image2D ") && strstr(essl, "uimage2DArray") &&
                  strstr(essl, "imageAtomicAdd") && strstr(essl, "imageSize"),
               "ESSL lacks an expected image or call:\n%s", essl);
         free(essl);
      }
      free(w);
   }
   glsl_program_destroy(p);
}

int
main(void)
{
   test_lower();
   test_left_and_refused();
   test_storage();
   return t_finish("unit.glsl.oned");
}
