/* unit.glsl.rect — rectangle samplers reach Vulkan as 2D images: no Dim Rect image and no
 * SampledRect capability are left, an image type the rewrite makes equal to another is merged,
 * sampling ops divide their coordinates by OpImageQuerySizeLod of level 0 while texelFetch and
 * textureSize do not, and reflection still names the GL rectangle sampler types. */
#include "glsl_test_util.h"

#include <GL/gl.h>
#include <GL/glext.h>

/* OpTypeImage operands: (result, sampled type, dim, ...). */
static int
count_images(const struct glsl_spirv *s, uint32_t dim)
{
   int n = 0;
   for (size_t p = 5; p < s->num_words; p += s->words[p] >> 16)
      if ((s->words[p] & 0xffff) == 25 && s->words[p + 3] == dim)
         n++;
   return n;
}

static bool
has_capability(const struct glsl_spirv *s, uint32_t cap)
{
   for (size_t p = 5; p < s->num_words; p += s->words[p] >> 16)
      if ((s->words[p] & 0xffff) == 17 && s->words[p + 1] == cap)
         return true;
   return false;
}

static uint32_t
sampler_type(const struct glsl_program *p, const char *name)
{
   for (unsigned i = 0; i < p->num_samplers; i++)
      if (!strcmp(p->samplers[i].name, name))
         return p->samplers[i].type;
   return 0;
}

int
main(void)
{
   char *log = NULL;
   const char *vs = "#version 330 core\n"
                    "in vec2 pos;\n"
                    "uniform sampler2DRect u_v;\n"
                    "out vec4 c;\n"
                    "void main() { c = texture(u_v, pos); gl_Position = vec4(pos, 0.0, 1.0); }\n";
   /* a 2D sampler declared before the rectangle ones: the Rect image type merges into its type */
   const char *fs = "#version 330 core\n"
                    "uniform sampler2D u_2d;\n"
                    "uniform sampler2DRect u_r;\n"
                    "uniform usampler2DRect u_u;\n"
                    "uniform isampler2DRect u_i;\n"
                    "uniform sampler2DRectShadow u_s;\n"
                    "in vec4 c;\n"
                    "out vec4 o;\n"
                    "vec4 f(sampler2DRect s, vec2 t) { return texture(s, t); }\n"
                    "void main() {\n"
                    "  o = c + texture(u_2d, c.xy) + f(u_r, c.xy) + textureProj(u_r, c.xyz)\n"
                    "      + textureProj(u_r, c) + textureOffset(u_r, c.xy, ivec2(1, -1))\n"
                    "      + textureGrad(u_r, c.xy, c.zw, c.wz) + texelFetch(u_r, ivec2(c.xy))\n"
                    "      + vec4(texture(u_u, c.xy)) + vec4(texelFetch(u_i, ivec2(2, 1)))\n"
                    "      + vec4(textureSize(u_r), textureSize(u_s))\n"
                    "      + texture(u_s, c.xyz) + textureProj(u_s, c);\n"
                    "}\n";
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (p) {
      const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX];
      const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
      CHECK(count_images(v, 4) == 0 && count_images(f, 4) == 0, "a Dim Rect image is left");
      CHECK(!has_capability(v, 37) && !has_capability(f, 37), "SampledRect is left");
      CHECK(has_capability(f, 50), "no ImageQuery capability");
      /* float non-depth (u_2d and u_r merged), uint, int, float depth */
      CHECK(count_images(f, 1) == 4, "%d 2D image types in the fragment shader, expected 4",
            count_images(f, 1));
      /* sampling ops on rectangles: f, 2 textureProj, textureOffset, textureGrad, u_u,
       * texture(u_s), textureProj(u_s) = 8 sizes; textureSize x2 become QuerySizeLod too; the
       * fetches and u_2d need none */
      CHECK(t_spv_count_op(f, 103 /* OpImageQuerySizeLod */) == 10, "%d QuerySizeLod",
            t_spv_count_op(f, 103));
      CHECK(t_spv_count_op(f, 104 /* OpImageQuerySize */) == 0, "OpImageQuerySize left");
      CHECK(t_spv_count_op(v, 103) == 1, "vertex: %d QuerySizeLod", t_spv_count_op(v, 103));
      CHECK(sampler_type(p, "u_r") == GL_SAMPLER_2D_RECT, "u_r type 0x%x", sampler_type(p, "u_r"));
      CHECK(sampler_type(p, "u_u") == GL_UNSIGNED_INT_SAMPLER_2D_RECT, "u_u");
      CHECK(sampler_type(p, "u_i") == GL_INT_SAMPLER_2D_RECT, "u_i");
      CHECK(sampler_type(p, "u_s") == GL_SAMPLER_2D_RECT_SHADOW, "u_s");
      CHECK(sampler_type(p, "u_2d") == GL_SAMPLER_2D, "u_2d");
      CHECK(t_spirv_val(v, "rect-vs") != 0, "vertex SPIR-V");
      CHECK(t_spirv_val(f, "rect-fs") != 0, "fragment SPIR-V");
   }
   glsl_program_destroy(p);

   /* GLSL 1.40 spelling, rectangle declared first (the later 2D type merges into it) */
   const char *fs2 =
      "#version 140\n"
      "uniform sampler2DRect u_r;\n"
      "uniform sampler2D u_2d;\n"
      "out vec4 o;\n"
      "void main() { o = texture(u_r, gl_FragCoord.xy) + texture(u_2d, vec2(0.5)); }\n";
   const char *vs2 = "#version 140\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
   struct glsl_link_input in2 = {.source = {vs2, fs2}};
   p = glsl_link(&in2, &log);
   CHECK(p, "1.40 link: %s", log);
   free(log);
   if (p) {
      const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
      CHECK(count_images(f, 4) == 0 && count_images(f, 1) == 1, "1.40: %d Rect, %d 2D images",
            count_images(f, 4), count_images(f, 1));
      CHECK(t_spv_count_op(f, 103) == 1, "1.40: %d QuerySizeLod", t_spv_count_op(f, 103));
      CHECK(t_spirv_val(f, "rect140-fs") != 0, "fragment SPIR-V");
   }
   glsl_program_destroy(p);

   /* an array of rectangle samplers */
   const char *fs3 = "#version 330 core\n"
                     "uniform sampler2DRect u_a[2];\n"
                     "out vec4 o;\n"
                     "void main() {\n"
                     "  o = texture(u_a[0], gl_FragCoord.xy) + texture(u_a[1], vec2(1.0));\n"
                     "}\n";
   struct glsl_link_input in3 = {.source = {vs2, fs3}};
   p = glsl_link(&in3, &log);
   CHECK(p, "array link: %s", log);
   free(log);
   if (p) {
      const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
      CHECK(count_images(f, 4) == 0, "array: a Rect image is left");
      CHECK(t_spv_count_op(f, 103) == 2, "array: %d QuerySizeLod", t_spv_count_op(f, 103));
      CHECK(sampler_type(p, "u_a[1]") == GL_SAMPLER_2D_RECT, "u_a[1] type 0x%x",
            sampler_type(p, "u_a[1]"));
      CHECK(t_spirv_val(f, "rectarray-fs") != 0, "fragment SPIR-V");
   }
   glsl_program_destroy(p);
   return t_finish("unit.glsl.rect");
}
