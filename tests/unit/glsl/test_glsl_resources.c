/* unit.glsl.resources — program-wide sampler and uniform-block indices across stages, arrays of
 * samplers and blocks, anonymous blocks, row-major members, unused declarations, sampler types,
 * and the link errors for disagreeing stages and per-stage limits. */
#include "glsl_test_util.h"

#include <GL/glcorearb.h>

int
main(void)
{
   char *log = NULL;
   const char *vs =
      "#version 330 core\n"
      "uniform sampler2D common_tex;\n"
      "uniform usampler3D vonly;\n"
      "uniform A { vec4 a; };\n"
      "layout(row_major) uniform R { mat3x2 m; vec2 after; } r;\n"
      "void main() {\n"
      "   gl_Position = texture(common_tex, vec2(0)) + vec4(texture(vonly, vec3(0)))\n"
      "               + a + vec4(r.m[0], r.after);\n"
      "}\n";
   const char *fs =
      "#version 330 core\n"
      "uniform A { vec4 a; };\n"
      "uniform B { float x; } bi[2];\n"
      "uniform U { vec4 u; } never;\n"
      "uniform sampler2D common_tex;\n"
      "uniform isampler2D sarr[2];\n"
      "uniform sampler2DShadow shadow;\n"
      "uniform samplerCube cube;\n"
      "uniform sampler2DArray layers;\n"
      "uniform sampler2D unused_tex;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "   o = a + vec4(bi[0].x + bi[1].x) + texture(common_tex, vec2(1))\n"
      "     + vec4(texelFetch(sarr[0], ivec2(0), 0) + texelFetch(sarr[1], ivec2(0), 0))\n"
      "     + vec4(texture(shadow, vec3(0))) + texture(cube, vec3(1)) + texture(layers, vec3(0));\n"
      "}\n";
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return t_finish("unit.glsl.resources");
   const struct glsl_spirv *v = &p->spirv[0], *f = &p->spirv[1];

   /* Samplers: vertex first, then fragment-only ones; arrays take one index per element. */
   const struct {
      const char *name;
      uint32_t type, binding, element, size, stages;
   } sx[] = {
      {"common_tex", GL_SAMPLER_2D, GLSL_BINDING_SAMPLER_BASE + 0, 0, 1, 3},
      {"vonly", GL_UNSIGNED_INT_SAMPLER_3D, GLSL_BINDING_SAMPLER_BASE + 1, 0, 1, 1},
      {"sarr[0]", GL_INT_SAMPLER_2D, GLSL_BINDING_SAMPLER_BASE + 2, 0, 2, 2},
      {"sarr[1]", GL_INT_SAMPLER_2D, GLSL_BINDING_SAMPLER_BASE + 2, 1, 2, 2},
      {"shadow", GL_SAMPLER_2D_SHADOW, GLSL_BINDING_SAMPLER_BASE + 4, 0, 1, 2},
      {"cube", GL_SAMPLER_CUBE, GLSL_BINDING_SAMPLER_BASE + 5, 0, 1, 2},
      {"layers", GL_SAMPLER_2D_ARRAY, GLSL_BINDING_SAMPLER_BASE + 6, 0, 1, 2},
   };
   CHECK(p->num_samplers == 7, "%u samplers", p->num_samplers);
   for (size_t k = 0; k < sizeof(sx) / sizeof(sx[0]); k++) {
      const struct glsl_sampler *s = glsl_program_find_sampler(p, sx[k].name);
      CHECK(s, "sampler %s missing", sx[k].name);
      if (!s)
         continue;
      CHECK(s == &p->samplers[k], "%s is not sampler index %zu", sx[k].name, k);
      CHECK(s->type == sx[k].type, "%s type 0x%x", sx[k].name, s->type);
      CHECK(s->binding == sx[k].binding, "%s binding %u, want %u", sx[k].name, s->binding,
            sx[k].binding);
      CHECK(s->array_element == sx[k].element && s->array_size == sx[k].size, "%s element",
            sx[k].name);
      CHECK(s->stages == sx[k].stages, "%s stages 0x%x", sx[k].name, s->stages);
   }
   CHECK(!glsl_program_find_sampler(p, "unused_tex"), "unused sampler reflected");
   CHECK(t_var_decoration(v, "common_tex", 33) == GLSL_BINDING_SAMPLER_BASE &&
            t_var_decoration(f, "common_tex", 33) == GLSL_BINDING_SAMPLER_BASE,
         "common_tex bindings %lld %lld", (long long)t_var_decoration(v, "common_tex", 33),
         (long long)t_var_decoration(f, "common_tex", 33));
   CHECK(t_var_decoration(v, "vonly", 33) == GLSL_BINDING_SAMPLER_BASE + 1, "vonly binding");
   CHECK(t_var_decoration(f, "sarr", 33) == GLSL_BINDING_SAMPLER_BASE + 2, "sarr binding");
   CHECK(t_var_decoration(f, "layers", 33) == GLSL_BINDING_SAMPLER_BASE + 6, "layers binding");
   CHECK(t_var_decoration(f, "unused_tex", 33) >= GLSL_BINDING_UNUSED_BASE,
         "unused_tex binding %lld", (long long)t_var_decoration(f, "unused_tex", 33));

   /* Blocks: A (both stages, anonymous), R (vertex), B[0], B[1] (fragment array). */
   const struct {
      const char *name;
      uint32_t binding, element, size, stages;
   } bx[] = {
      {"A", 1, 0, 16, 3},
      {"R", 2, 0, 48, 1},
      {"B[0]", 3, 0, 16, 2},
      {"B[1]", 3, 1, 16, 2},
   };
   /* U, declared (shared layout) and not used, is active too (GL 4.6 7.6.2.1), after them */
   CHECK(p->num_blocks == 5, "%u blocks", p->num_blocks);
   for (size_t k = 0; k < sizeof(bx) / sizeof(bx[0]) && k < p->num_blocks; k++) {
      const struct glsl_uniform_block *b = &p->blocks[k];
      CHECK(!strcmp(b->name, bx[k].name), "block %zu is %s, want %s", k, b->name, bx[k].name);
      CHECK(b->binding == bx[k].binding, "%s binding %u want %u", b->name, b->binding,
            bx[k].binding);
      CHECK(b->array_element == bx[k].element, "%s element", b->name);
      CHECK(b->data_size == bx[k].size, "%s size %u want %u", b->name, b->data_size, bx[k].size);
      CHECK(b->stages == bx[k].stages, "%s stages 0x%x", b->name, b->stages);
   }
   const struct glsl_uniform_block *ub = glsl_program_find_block(p, "U");
   CHECK(ub && ub->data_size == 16 && !ub->bound_stages, "unused block U: not reflected as such");
   const struct glsl_uniform *a = glsl_program_find_uniform(p, "a");
   CHECK(a && a->type == GL_FLOAT_VEC4 && a->offset == 0, "anonymous block member a");
   const struct glsl_uniform *bx0 = glsl_program_find_uniform(p, "B.x");
   CHECK(bx0 && bx0->type == GL_FLOAT, "B.x");
   const struct glsl_uniform *rm = glsl_program_find_uniform(p, "R.m");
   CHECK(rm && rm->type == GL_FLOAT_MAT3x2 && rm->row_major && rm->matrix_stride == 16 &&
            rm->offset == 0,
         "R.m: type 0x%x row_major %d stride %u", rm ? rm->type : 0, rm ? rm->row_major : -1,
         rm ? rm->matrix_stride : 0);
   const struct glsl_uniform *ra = glsl_program_find_uniform(p, "R.after");
   CHECK(ra && ra->offset == 32, "R.after offset %u", ra ? ra->offset : 0);
   CHECK(p->blocks[0].num_members == 1 && p->blocks[2].first_member == p->blocks[3].first_member,
         "block member ranges");

   /* Block bindings in SPIR-V: find the variables through the block type names. */
   CHECK(t_spv_decoration(v, t_spv_var_of_type(v, "A"), 33) == 1, "vertex A binding");
   CHECK(t_spv_decoration(f, t_spv_var_of_type(f, "A"), 33) == 1, "fragment A binding");
   CHECK(t_var_decoration(v, "r", 33) == 2, "r binding");
   CHECK(t_var_decoration(f, "bi", 33) == 3, "bi binding");
   CHECK(t_var_decoration(f, "never", 33) >= GLSL_BINDING_UNUSED_BASE, "never binding");
   CHECK(t_spirv_val(v, "res-vs") != 0, "vertex SPIR-V");
   CHECK(t_spirv_val(f, "res-fs") != 0, "fragment SPIR-V");
   glsl_program_destroy(p);

   /* Stages disagree about a block. */
   struct glsl_link_input bad = {
      .source = {"#version 330 core\nuniform K { vec4 k; };\nvoid main() { gl_Position = k; }\n",
                 "#version 330 core\nuniform K { vec3 k; };\nout vec4 o;\nvoid main() { o = "
                 "vec4(k, 1); }\n"}};
   p = glsl_link(&bad, &log);
   /* glslang's linker catches this one first ("Member names and types must match"); ours
    * ("uniform block `K' has mismatching definitions") backs it up. */
   CHECK(!p && log && (strstr(log, "must match") || strstr(log, "mismatching definitions")),
         "block: %s", log);
   printf("  block mismatch -> %s", log);
   free(log);

   /* ... about a sampler. */
   struct glsl_link_input bad2 = {.source = {"#version 330 core\nuniform sampler2D t;\nvoid main() "
                                             "{ gl_Position = texture(t, vec2(0)); }\n",
                                             "#version 330 core\nuniform sampler3D t;\nout vec4 "
                                             "o;\nvoid main() { o = texture(t, vec3(0)); }\n"}};
   p = glsl_link(&bad2, &log);
   CHECK(!p && log && *log, "sampler mismatch linked: %s", log);
   printf("  sampler mismatch -> %s", log);
   free(log);

   /* 17 samplers in one stage. */
   char fs17[4096];
   size_t n = (size_t)snprintf(fs17, sizeof(fs17),
                               "#version 330 core\nuniform sampler2D s[17];\n"
                               "out vec4 o;\nvoid main() { o = vec4(0)");
   for (int k = 0; k < 17; k++)
      n += (size_t)snprintf(fs17 + n, sizeof(fs17) - n, " + texture(s[%d], vec2(0))", k);
   snprintf(fs17 + n, sizeof(fs17) - n, "; }\n");
   struct glsl_link_input many = {.source = {NULL, fs17}};
   p = glsl_link(&many, &log);
   CHECK(!p && log && strstr(log, "Too many fragment shader texture samplers"), "17 samplers: %s",
         log);
   free(log);

   return t_finish("unit.glsl.resources");
}
