/* unit.glsl.bool_ast — SPIR-V stores bool block members as uint; the GL type must still be
 * GL_BOOL* (from the unit's declarations, glsl_decl.c), including a real uint that is only ever
 * compared with 0u (which looks like a bool in SPIR-V). */
#include "glsl_test_util.h"

#include <GL/glcorearb.h>

int
main(void)
{
   const char *fs = "#version 330 core\n"
                    "struct S { bool sb; uint su; bvec2 sbv[2]; };\n"
                    "uniform bool b;\n"
                    "uniform bvec3 bv;\n"
                    "uniform uint u;\n"
                    "uniform uvec2 uv2;\n"
                    "uniform S s;\n"
                    "uniform bool barr[2];\n"
                    "uniform Blk { bool bb; uint bu; bvec4 bbv; } blk;\n"
                    "uniform uint notbool;\n"
                    "out vec4 o;\n"
                    "void main() {\n"
                    "   o = vec4(b ? 1.0 : 0.0, float(bv.y), float(u + uv2.x), float(s.sb))\n"
                    "     + vec4(float(s.su), float(s.sbv[1].y), float(barr[1]), float(blk.bb))\n"
                    "     + vec4(float(blk.bu), float(blk.bbv.w), float(notbool != 0u), 0.0);\n"
                    "}\n";
   char *log = NULL;
   struct glsl_link_input in = {.source = {NULL, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return t_finish("unit.glsl.bool_ast");
   const struct {
      const char *name;
      uint32_t type;
   } x[] = {
      {"b", GL_BOOL},
      {"bv", GL_BOOL_VEC3},
      {"u", GL_UNSIGNED_INT},
      {"uv2", GL_UNSIGNED_INT_VEC2},
      {"s.sb", GL_BOOL},
      {"s.su", GL_UNSIGNED_INT},
      {"s.sbv[0]", GL_BOOL_VEC2},
      {"barr[0]", GL_BOOL},
      {"Blk.bb", GL_BOOL},
      {"Blk.bu", GL_UNSIGNED_INT},
      {"Blk.bbv", GL_BOOL_VEC4},
      {"notbool", GL_UNSIGNED_INT},
   };
   for (size_t k = 0; k < sizeof(x) / sizeof(x[0]); k++) {
      const struct glsl_uniform *u = glsl_program_find_uniform(p, x[k].name);
      CHECK(u, "%s missing", x[k].name);
      CHECK(!u || u->type == x[k].type, "%s: type 0x%x, want 0x%x", x[k].name, u ? u->type : 0,
            x[k].type);
   }
   const struct glsl_uniform *sbv = glsl_program_find_uniform(p, "s.sbv[0]");
   CHECK(sbv && sbv->array_size == 2 && sbv->array_stride == 16, "s.sbv array");
   const struct glsl_uniform *barr = glsl_program_find_uniform(p, "barr[0]");
   CHECK(barr && barr->array_size == 2 && barr->array_stride == 16, "barr array");
   CHECK(t_spirv_val(&p->spirv[GLSL_STAGE_FRAGMENT], "bool-fs") != 0, "fragment SPIR-V");
   glsl_program_destroy(p);
   return t_finish("unit.glsl.bool_ast");
}
