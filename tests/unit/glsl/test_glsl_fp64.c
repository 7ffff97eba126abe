/* unit.glsl.fp64 — GL_ARB_gpu_shader_fp64 in GLSL 1.50 / 3.30: doubles reflect as GL_DOUBLE*
 * at their std140 offsets (default block and uniform blocks), and a context that denies doubles
 * (GLSL_DENY_FLOAT64: the backend lacks MGP_CAP_FLOAT64) refuses the extension by name and any
 * double a 4.00 shader declares. */
#include "glsl_test_util.h"

#include <GL/glcorearb.h>

static const char *vs = "#version 150\n"
                        "in vec4 pos;\n"
                        "void main() { gl_Position = pos; }\n";

static const char *fs = "#version 150\n"
                        "#extension GL_ARB_gpu_shader_fp64 : require\n"
                        "uniform double d;\n"
                        "uniform dvec3 dv;\n"
                        "uniform dmat2x3 dm;\n"
                        "uniform double da[3];\n"
                        "uniform float f;\n"
                        "layout(std140) uniform B {\n"
                        "  float bf;\n"
                        "  double bd;\n"
                        "  dvec3 bv;\n"
                        "  dmat3 bm;\n"
                        "  double ba[2];\n"
                        "};\n"
                        "out vec4 color;\n"
                        "void main() {\n"
                        "  double s = d + dv.x + dm[1][2] + da[2] + double(f) + double(bf) + bd\n"
                        "           + bv.z + bm[2][2] + ba[1];\n"
                        "  color = vec4(float(s));\n"
                        "}\n";

static const struct glsl_uniform *
find(const struct glsl_uniform *u, unsigned n, const char *name)
{
   for (unsigned i = 0; i < n; i++)
      if (!strcmp(u[i].name, name))
         return &u[i];
   return NULL;
}

static void
expect(const struct glsl_uniform *u, const char *name, uint32_t type, uint32_t offset,
       uint32_t array_stride, uint32_t matrix_stride)
{
   CHECK(u, "%s not reflected", name);
   if (!u)
      return;
   CHECK(u->type == type, "%s: type 0x%x, want 0x%x", name, u->type, type);
   CHECK(u->offset == offset, "%s: offset %u, want %u", name, u->offset, offset);
   CHECK(u->array_stride == array_stride, "%s: array stride %u, want %u", name, u->array_stride,
         array_stride);
   CHECK(u->matrix_stride == matrix_stride, "%s: matrix stride %u, want %u", name, u->matrix_stride,
         matrix_stride);
}

/* The vertex module's Input variables of a 64-bit type: a scalar, vector, matrix or an array of
 * them. */
static unsigned
count_double_inputs(const struct glsl_program *p)
{
   const uint32_t *w = p->spirv[GLSL_STAGE_VERTEX].words;
   const size_t nw = p->spirv[GLSL_STAGE_VERTEX].num_words;
   unsigned double_inputs = 0;
   for (size_t at = 5; at < nw && (w[at] >> 16);) {
      if ((w[at] & 0xffff) == 59 /* OpVariable */ && w[at + 3] == 1 /* Input */) {
         /* the pointer type's pointee, and an array's element, a vector's or matrix's
          * component */
         uint32_t t = 0;
         for (size_t k = 5; k < nw && (w[k] >> 16); k += w[k] >> 16)
            if ((w[k] & 0xffff) == 32 /* OpTypePointer */ && w[k + 1] == w[at + 1])
               t = w[k + 3];
         for (int depth = 0; depth < 4 && t; depth++)
            for (size_t k = 5; k < nw && (w[k] >> 16); k += w[k] >> 16) {
               const uint32_t op = w[k] & 0xffff;
               if (w[k + 1] != t || ((op < 21 || op > 24) && op != 28))
                  continue;
               if (op == 22 /* OpTypeFloat */)
                  double_inputs += w[k + 2] == 64;
               /* vector, matrix, array (28): the component or element */
               t = op == 23 || op == 24 || op == 28 ? w[k + 2] : 0;
               break;
            }
      }
      at += w[at] >> 16;
   }
   return double_inputs;
}

static bool
compiles(uint32_t deny, const char *src, const char *says, const char *what)
{
   char *log = NULL;
   bool ok = glsl_compile_shader_opts(GLSL_STAGE_FRAGMENT, GLSL_API_CORE, 0, deny, src, &log);
   if (says)
      CHECK(log && strstr(log, says), "%s: log: %s", what, log ? log : "(none)");
   free(log);
   return ok;
}

int
main(void)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "fp64 program does not link: %s", log ? log : "");
   free(log);
   if (p) {
      const struct glsl_default_block *db = &p->default_block;
      const struct glsl_uniform *u = db->uniforms;
      /* std140: a double aligns to 8, a dvec3 to 32, a dmat2x3's columns are dvec3s (stride
       * 32), an array of doubles strides 16 */
      const struct glsl_uniform *d = find(u, db->num_uniforms, "d");
      const struct glsl_uniform *dv = find(u, db->num_uniforms, "dv");
      const struct glsl_uniform *dm = find(u, db->num_uniforms, "dm");
      const struct glsl_uniform *da = find(u, db->num_uniforms, "da[0]");
      CHECK(d && d->type == GL_DOUBLE, "d");
      CHECK(dv && dv->type == GL_DOUBLE_VEC3 && dv->offset % 32 == 0, "dv");
      CHECK(dm && dm->type == GL_DOUBLE_MAT2x3 && dm->matrix_stride == 32 && dm->offset % 32 == 0,
            "dm");
      CHECK(da && da->type == GL_DOUBLE && da->array_size == 3 && da->array_stride == 16, "da");
      /* the block's members at the offsets std140 gives them */
      CHECK(p->num_blocks == 1, "%u blocks", p->num_blocks);
      if (p->num_blocks == 1) {
         const struct glsl_uniform_block *b = &p->blocks[0];
         const struct glsl_uniform *m = p->block_members + b->first_member;
         expect(find(m, b->num_members, "bf"), "bf", GL_FLOAT, 0, 0, 0);
         expect(find(m, b->num_members, "bd"), "bd", GL_DOUBLE, 8, 0, 0);
         expect(find(m, b->num_members, "bv"), "bv", GL_DOUBLE_VEC3, 32, 0, 0);
         expect(find(m, b->num_members, "bm"), "bm", GL_DOUBLE_MAT3, 64, 0, 32);
         expect(find(m, b->num_members, "ba[0]"), "ba[0]", GL_DOUBLE, 160, 16, 0);
         CHECK(b->data_size == 192, "data size %u", b->data_size);
      }
      glsl_program_destroy(p);
   }

   /* a context that denies doubles */
   CHECK(compiles(0, fs, NULL, "offered"), "offered: the extension's shader does not compile");
   CHECK(!compiles(GLSL_DENY_FLOAT64, fs,
                   "error: extension `GL_ARB_gpu_shader_fp64' unsupported in fragment shader",
                   "denied, require"),
         "denied: `require' compiled");
   const char *enable = "#version 330\n"
                        "#extension GL_ARB_gpu_shader_fp64 : enable\n"
                        "out vec4 color;\n"
                        "void main() { color = vec4(1.0); }\n";
   CHECK(compiles(GLSL_DENY_FLOAT64, enable,
                  "warning: extension `GL_ARB_gpu_shader_fp64' unsupported", "denied, enable"),
         "denied: `enable' without a double failed");
   /* the extension's macro is defined only where it is offered (GLSL 1.50 3.3) */
   const char *macro = "#version 330\n"
                       "#ifdef GL_ARB_gpu_shader_fp64\n"
                       "#error the macro is defined\n"
                       "#endif\n"
                       "out vec4 color;\n"
                       "void main() { color = vec4(1.0); }\n";
   CHECK(compiles(GLSL_DENY_FLOAT64, macro, NULL, "denied, macro"),
         "denied: GL_ARB_gpu_shader_fp64 is defined");
   CHECK(!compiles(0, macro, "the macro is defined", "offered, macro"),
         "offered: GL_ARB_gpu_shader_fp64 is not defined");
   const char *forms = "#version 330\n"
                       "#if defined(GL_ARB_gpu_shader_fp64) || defined GL_ARB_gpu_shader_fp64\n"
                       "#error defined\n"
                       "#elif GL_ARB_gpu_shader_fp64\n"
                       "#error nonzero\n"
                       "#endif\n"
                       "#ifndef GL_ARB_gpu_shader_fp64\n"
                       "#define NO_FP64 1.0\n"
                       "#endif\n"
                       "out vec4 color;\n"
                       "void main() { color = vec4(NO_FP64); }\n";
   CHECK(compiles(GLSL_DENY_FLOAT64, forms, NULL, "denied, #if forms"),
         "denied: a form of the macro reads defined");
   CHECK(!compiles(0, forms, "defined", "offered, #if forms"),
         "offered: `defined(GL_ARB_gpu_shader_fp64)' is false");
   const char *enable_use = "#version 330\n"
                            "#extension GL_ARB_gpu_shader_fp64 : enable\n"
                            "uniform double d;\n"
                            "out vec4 color;\n"
                            "void main() { color = vec4(float(d)); }\n";
   CHECK(!compiles(GLSL_DENY_FLOAT64, enable_use, NULL, "denied, enable and use"),
         "denied: a double compiled after `enable'");
   const char *v400 = "#version 400\n"
                      "uniform double d;\n"
                      "out vec4 color;\n"
                      "void main() { color = vec4(float(d + 1.0lf)); }\n";
   CHECK(compiles(0, v400, NULL, "4.00 offered"), "4.00 with a double does not compile");
   CHECK(!compiles(GLSL_DENY_FLOAT64, v400, "need GL_ARB_gpu_shader_fp64", "4.00 denied"),
         "denied: a 4.00 double compiled");
   /* double vertex inputs: not below GLSL 4.10 (4.00 4.3.4), in 4.10 and with
    * ARB_vertex_attrib_64bit, neither where that is denied */
   const char *vs_double330 = "#version 330\n"
                              "#extension GL_ARB_gpu_shader_fp64 : require\n"
                              "in dvec4 a_d;\n"
                              "void main() { gl_Position = vec4(a_d); }\n";
   log = NULL;
   CHECK(!glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_CORE, 0, 0, vs_double330, &log),
         "a 3.30 double vertex input compiled");
   CHECK(log && strstr(log, "vertex-shader `double` type input"), /* glslang's own */
         "3.30 double vertex input log: %s", log ? log : "");
   free(log);
   const char *vs_ext330 = "#version 330\n"
                           "#extension GL_ARB_gpu_shader_fp64 : require\n"
                           "#extension GL_ARB_vertex_attrib_64bit : require\n"
                           "in dvec3 a_d;\n"
                           "void main() {\n"
                           "#ifdef GL_ARB_vertex_attrib_64bit\n"
                           "   gl_Position = vec4(a_d, 1.0);\n"
                           "#endif\n"
                           "}\n";
   log = NULL;
   CHECK(glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_CORE, 0, 0, vs_ext330, &log),
         "3.30 with ARB_vertex_attrib_64bit: %s", log ? log : "");
   free(log);
   log = NULL;
   CHECK(!glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_CORE, 0,
                                   GLSL_DENY_VERTEX_ATTRIB_64BIT, vs_ext330, &log),
         "denied ARB_vertex_attrib_64bit required");
   CHECK(log && strstr(log, "extension not supported: GL_ARB_vertex_attrib_64bit"),
         "denied ARB_vertex_attrib_64bit log: %s", log ? log : "");
   free(log);
   const char *vs_double = "#version 410\n"
                           "in dvec4 a_d;\n"
                           "void main() { gl_Position = vec4(a_d); }\n";
   log = NULL;
   CHECK(glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_CORE, 0, 0, vs_double, &log),
         "a 4.10 double vertex input: %s", log ? log : "");
   free(log);
   log = NULL;
   CHECK(!glsl_compile_shader_opts(GLSL_STAGE_VERTEX, GLSL_API_CORE, 0,
                                   GLSL_DENY_VERTEX_ATTRIB_64BIT, vs_double, &log),
         "a denied double vertex input compiled");
   CHECK(log && strstr(log, "'a_d' : a vertex shader input of double type needs "
                            "GL_ARB_vertex_attrib_64bit (GLSL 4.10), which is not offered"),
         "double vertex input log: %s", log ? log : "");
   free(log);
   /* GL's locations: a dvec3 / dvec4 vertex input takes one (GLSL 4.60 4.4.1), a dmat3 three;
    * the linked module reads unsigned pairs instead (no 64-bit Input is left) and validates */
   const char *vs_loc = "#version 410\n"
                        "layout(location = 0) in dvec3 a;\n"
                        "layout(location = 1) in dvec4 b;\n"
                        "in dmat3 m;\n"
                        "in double c;\n"
                        "out vec4 v;\n"
                        "void main() {\n"
                        "  gl_Position = vec4(a, 1.0) + vec4(b) + vec4(m[2], c);\n"
                        "  v = vec4(m[0].x, m[1].y, b.w, 1.0);\n"
                        "}\n";
   const char *fs_loc = "#version 410\n"
                        "in vec4 v;\n"
                        "out vec4 color;\n"
                        "void main() { color = v; }\n";
   struct glsl_link_input dl = {.source = {vs_loc, fs_loc}};
   log = NULL;
   p = glsl_link(&dl, &log);
   CHECK(p, "double vertex inputs at GL's locations: %s", log ? log : "");
   free(log);
   if (p) {
      int loc_a = -1, loc_b = -1, loc_m = -1, loc_c = -1;
      unsigned locs_m = 0;
      for (unsigned i = 0; i < p->num_inputs; i++) {
         const struct glsl_io *io = &p->inputs[i];
         if (!strcmp(io->name, "a"))
            loc_a = io->location;
         else if (!strcmp(io->name, "b"))
            loc_b = io->location;
         else if (!strcmp(io->name, "m"))
            loc_m = io->location, locs_m = io->num_locations;
         else if (!strcmp(io->name, "c"))
            loc_c = io->location;
      }
      CHECK(loc_a == 0 && loc_b == 1 && loc_m == 2 && locs_m == 3 && loc_c == 5,
            "locations a %d b %d m %d (%u) c %d", loc_a, loc_b, loc_m, locs_m, loc_c);
      /* no Input variable of a 64-bit type remains in the vertex module */
      const unsigned double_inputs = count_double_inputs(p);
      CHECK(double_inputs == 0, "%u 64-bit Input variables left", double_inputs);
   }
   glsl_program_destroy(p);
   /* arrays of them: one GL location a column of each element (a dvec3 one too); the linked
    * module reads unsigned pairs for every element, and validates (Vulkan's two locations for
    * a dvec3 / dvec4 element would otherwise collide with the next one's) */
   const char *vs_arr = "#version 410\n"
                        "layout(location = 0) in dvec3 a[2];\n"
                        "layout(location = 2) in dmat3 m[2];\n"
                        "in double c[3];\n"
                        "in dvec4 e[2];\n"
                        "uniform int i;\n"
                        "out vec4 v;\n"
                        "void main() {\n"
                        "  gl_Position = vec4(a[i], 1.0) + vec4(m[1][2], c[i]) + vec4(e[i]);\n"
                        "  v = a == dvec3[2](a[0], a[0]) ? vec4(m[i][0], e[1].w) : vec4(c[2]);\n"
                        "}\n";
   struct glsl_link_input al = {.source = {vs_arr, fs_loc}};
   log = NULL;
   p = glsl_link(&al, &log);
   CHECK(p, "double vertex input arrays: %s", log ? log : "");
   free(log);
   if (p) {
      int loc[4] = {-1, -1, -1, -1};
      unsigned locs[4] = {0};
      static const char *const names[4] = {"a", "m", "c", "e"};
      for (unsigned i = 0; i < p->num_inputs; i++)
         for (unsigned k = 0; k < 4; k++)
            if (p->inputs[i].name[0] == names[k][0] &&
                (!p->inputs[i].name[1] || p->inputs[i].name[1] == '[')) { /* "a" or "a[0]" */
               loc[k] = p->inputs[i].location;
               locs[k] = p->inputs[i].num_locations;
            }
      CHECK(loc[0] == 0 && locs[0] == 2 && loc[1] == 2 && locs[1] == 6 && loc[2] >= 8 &&
               locs[2] == 3 && loc[3] >= 8 && locs[3] == 2,
            "array locations a %d (%u) m %d (%u) c %d (%u) e %d (%u)", loc[0], locs[0], loc[1],
            locs[1], loc[2], locs[2], loc[3], locs[3]);
      const unsigned left = count_double_inputs(p);
      CHECK(left == 0, "%u 64-bit Input arrays left", left);
   }
   glsl_program_destroy(p);
   /* A shader without #version (GLSL 1.10) that enables the extension takes its types, as
    * Mesa does (glslang only from 1.50 on: the unit compiles as 1.50) */
   const char *vs_110 = "attribute vec4 pos;\n"
                        "void main() { gl_Position = pos; }\n";
   const char *fs_110 = "#extension GL_ARB_gpu_shader_fp64 : enable\n"
                        "uniform dvec4 u_in;\n"
                        "void main() {\n"
                        "  ivec4 e;\n"
                        "  dvec4 m = frexp(u_in, e);\n"
                        "  gl_FragColor = vec4(m) + vec4(e);\n"
                        "}\n";
   struct glsl_link_input l110 = {.source = {vs_110, fs_110}};
   log = NULL;
   p = glsl_link(&l110, &log);
   CHECK(p, "dvec4 in a GLSL 1.10 shader that enables GL_ARB_gpu_shader_fp64: %s", log ? log : "");
   free(log);
   glsl_program_destroy(p);
   /* ... and without the extension a double type stays an error */
   const char *fs_110_no = "uniform dvec4 u_in;\n"
                           "void main() { gl_FragColor = vec4(u_in); }\n";
   struct glsl_link_input l110n = {.source = {vs_110, fs_110_no}};
   log = NULL;
   p = glsl_link(&l110n, &log);
   CHECK(!p, "dvec4 in a GLSL 1.10 shader without the extension linked");
   free(log);
   glsl_program_destroy(p);
   /* the link refuses it too (a shader compiled elsewhere, linked where doubles are denied) */
   struct glsl_link_input denied = {.source = {vs, fs}, .deny = GLSL_DENY_FLOAT64};
   log = NULL;
   p = glsl_link(&denied, &log);
   CHECK(!p, "denied link succeeded");
   CHECK(log && strstr(log, "GL_ARB_gpu_shader_fp64"), "denied link log: %s", log ? log : "");
   free(log);
   glsl_program_destroy(p);
   return t_finish("unit.glsl.fp64");
}
