/* unit.glsl.cull_distance — GL_ARB_cull_distance in GLSL 1.30-4.40 units (glslang has
 * gl_CullDistance in 4.50 only): the directive goes, the unit compiles as 4.50, the macro is
 * defined, the SPIR-V writes CullDistance; a context that denies it (GLSL_DENY_CULL_DISTANCE: the
 * backend lacks MGP_CAP_CULL_DISTANCE) refuses `require`, leaves the macro undefined and refuses
 * a GLSL 4.50 unit's gl_CullDistance. */
#include "glsl_test_util.h"

static const char *vs = "#version 330 core\n"
                        "#extension GL_ARB_cull_distance : require\n"
                        "layout(location = 0) in vec4 pos;\n"
                        "out float gl_CullDistance[2];\n"
                        "void main() {\n"
                        "  gl_Position = pos;\n"
                        "  gl_CullDistance[0] = pos.x;\n"
                        "  gl_CullDistance[1] = float(gl_MaxCombinedClipAndCullDistances);\n"
                        "}\n";

static const char *fs = "#version 330 core\n"
                        "#extension GL_ARB_cull_distance : enable\n"
                        "in float gl_CullDistance[2];\n"
                        "out vec4 color;\n"
                        "void main() {\n"
                        "#ifdef GL_ARB_cull_distance\n"
                        "  color = vec4(gl_CullDistance[0], gl_CullDistance[1], 0.0, 1.0);\n"
                        "#else\n"
                        "  color = vec4(0.0);\n"
                        "#endif\n"
                        "}\n";

static const char *vs450 = "#version 450 core\n"
                           "layout(location = 0) in vec4 pos;\n"
                           "out float gl_CullDistance[1];\n"
                           "void main() { gl_Position = pos; gl_CullDistance[0] = pos.y; }\n";

static const char *fs_macro = "#version 330 core\n"
                              "out vec4 color;\n"
                              "void main() {\n"
                              "#ifdef GL_ARB_cull_distance\n"
                              "  color = vec4(1.0);\n"
                              "#else\n"
                              "  undefined_here();\n"
                              "#endif\n"
                              "}\n";

/* GLSL 4.50 7.1: the two arrays together past gl_MaxCombinedClipAndCullDistances (8) */
static const char *vs_total = "#version 130\n"
                              "#extension GL_ARB_cull_distance : enable\n"
                              "out float gl_CullDistance[5];\n"
                              "out float gl_ClipDistance[4];\n"
                              "in vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";
static const char *vs_total_ok = "#version 130\n"
                                 "#extension GL_ARB_cull_distance : enable\n"
                                 "out float gl_CullDistance[4];\n"
                                 "out float gl_ClipDistance[4];\n"
                                 "in vec4 pos;\n"
                                 "void main() { gl_Position = pos; }\n";
/* all 8 for culling, gl_ClipDistance never named (glslang declares it [1]) */
static const char *vs_cull8 = "#version 450 core\n"
                              "layout(location = 0) in vec4 pos;\n"
                              "out float gl_CullDistance[8];\n"
                              "void main() { gl_Position = pos; gl_CullDistance[7] = pos.y; }\n";
/* the directive's `enable` decides, not a later identifier that holds "disable" */
static const char *fs_disabled_name = "#version 130\n"
                                      "#extension GL_ARB_cull_distance : enable\n"
                                      "uniform bool msaa_disabled;\n"
                                      "in float gl_CullDistance[1];\n"
                                      "out vec4 color;\n"
                                      "void main() {\n"
                                      "  color = vec4(msaa_disabled ? gl_CullDistance[0] : 1.0);\n"
                                      "}\n";

static bool
has_cull_capability(const uint32_t *w, size_t n)
{
   for (size_t at = 5; at < n && (w[at] >> 16);) {
      if ((w[at] & 0xffff) == 17 /* OpCapability */ && w[at + 1] == 33 /* CullDistance */)
         return true;
      at += w[at] >> 16;
   }
   return false;
}

static bool
compiles(enum glsl_stage stage, uint32_t deny, const char *src, const char *says, const char *what)
{
   char *log = NULL;
   bool ok = glsl_compile_shader_opts(stage, GLSL_API_CORE, 0, deny, src, &log);
   if (says)
      CHECK(log && strstr(log, says), "%s: log: %s", what, log ? log : "(none)");
   free(log);
   return ok;
}

int
main(void)
{
   CHECK(compiles(GLSL_STAGE_VERTEX, 0, vs, NULL, "vs"), "the vertex unit does not compile");
   CHECK(compiles(GLSL_STAGE_FRAGMENT, 0, fs, NULL, "fs"), "the fragment unit does not compile");
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "the program does not link: %s", log ? log : "");
   free(log);
   if (p) {
      CHECK(has_cull_capability(p->spirv[GLSL_STAGE_VERTEX].words,
                                p->spirv[GLSL_STAGE_VERTEX].num_words),
            "the vertex stage declares no CullDistance capability");
      glsl_program_destroy(p);
   }
   CHECK(compiles(GLSL_STAGE_FRAGMENT, 0, fs_macro, NULL, "macro"),
         "GL_ARB_cull_distance is not defined");

   CHECK(!compiles(GLSL_STAGE_VERTEX, 0, vs_total, "gl_MaxCombinedClipAndCullDistances", "total"),
         "gl_ClipDistance[4] and gl_CullDistance[5] compiled");
   CHECK(compiles(GLSL_STAGE_VERTEX, 0, vs_total_ok, NULL, "total ok"),
         "gl_ClipDistance[4] and gl_CullDistance[4] fail");
   CHECK(compiles(GLSL_STAGE_VERTEX, 0, vs_cull8, NULL, "cull 8"), "gl_CullDistance[8] fails");
   log = NULL;
   struct glsl_link_input tin = {.source = {vs_total}};
   struct glsl_program *tp = glsl_link(&tin, &log);
   CHECK(!tp && log && strstr(log, "gl_MaxCombinedClipAndCullDistances"),
         "the 9 distances link: %s", log ? log : "");
   glsl_program_destroy(tp);
   free(log);
   CHECK(compiles(GLSL_STAGE_FRAGMENT, 0, fs_disabled_name, NULL, "msaa_disabled"),
         "a uniform named msaa_disabled turns GL_ARB_cull_distance off");

   /* denied */
   const uint32_t deny = GLSL_DENY_CULL_DISTANCE;
   CHECK(!compiles(GLSL_STAGE_VERTEX, deny, vs, "extension not supported: GL_ARB_cull_distance",
                   "denied require"),
         "a denied `require` compiled");
   CHECK(!compiles(GLSL_STAGE_FRAGMENT, deny, fs_macro, NULL, "denied macro"),
         "GL_ARB_cull_distance is defined where denied");
   CHECK(!compiles(GLSL_STAGE_VERTEX, deny, vs450,
                   "GL_ARB_cull_distance (GL_EXT_clip_cull_distance in OpenGL ES)", "denied 4.50"),
         "a 4.50 gl_CullDistance compiled where denied");
   CHECK(compiles(GLSL_STAGE_VERTEX, 0, vs450, NULL, "4.50"), "a 4.50 gl_CullDistance fails");
   return t_finish("unit.glsl.cull_distance");
}
