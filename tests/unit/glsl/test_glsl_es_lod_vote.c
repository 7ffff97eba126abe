/* unit.glsl.es_lod_vote — GLSL ES 3.00 / 3.10's GL_EXT_texture_query_lod (textureQueryLOD) and
 * GL_EXT_shader_group_vote (anyInvocationEXT, allInvocationsEXT, allInvocationsEqualEXT),
 * which glslang does not know (glsl_lower.c:es_arb_extension). Offered: `#extension ... :
 * require` links, the macro is defined, and the SPIR-V queries the LOD (OpImageQueryLod) or
 * votes (OpSubgroupAnyKHR, OpSubgroupAllKHR, OpSubgroupAllEqualKHR) and passes spirv-val.
 * Withheld (GLSL_DENY_TEXTURE_QUERY_LOD, GLSL_DENY_GROUP_VOTE: a device without the cap),
 * `require` fails naming the extension and `enable` leaves the macro undefined. The votes'
 * EXT names are no built-ins without the directive. */
#include "glsl_test_util.h"

#define OP_IMAGE_QUERY_LOD 105
#define OP_SUBGROUP_ALL 4428
#define OP_SUBGROUP_ANY 4429
#define OP_SUBGROUP_ALL_EQUAL 4430

static bool
has_op(const struct glsl_spirv *s, uint32_t want)
{
   for (size_t p = 5; p < s->num_words;) {
      const uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == want)
         return true;
      p += wc;
   }
   return false;
}

static struct glsl_program *
link_es(const char *vs, const char *fs, uint32_t deny, char **log)
{
   *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}, .es = true, .deny = deny};
   return glsl_link(&in, log);
}

static const char *const versions[] = {"300 es", "310 es"};

static void
query_lod(const char *version)
{
   char vs[256], fs[1024];
   snprintf(vs, sizeof vs,
            "#version %s\nin vec4 pos;\nout vec2 tc;\n"
            "void main() { gl_Position = pos; tc = pos.xy; }\n",
            version);
   snprintf(fs, sizeof fs,
            "#version %s\n#extension GL_EXT_texture_query_lod : require\n"
            "precision mediump float;\nuniform sampler2D t;\nin vec2 tc;\nout vec4 o;\n"
            "void main() {\n#ifdef GL_EXT_texture_query_lod\n"
            "  o = vec4(textureQueryLOD(t, tc), 0.0, 1.0);\n#else\n  o = vec4(0.0);\n#endif\n}\n",
            version);
   char *log;
   struct glsl_program *p = link_es(vs, fs, 0, &log);
   CHECK(p, "%s textureQueryLOD offered: %s", version, log);
   if (p) {
      CHECK(has_op(&p->spirv[GLSL_STAGE_FRAGMENT], OP_IMAGE_QUERY_LOD), "%s: no OpImageQueryLod",
            version);
      CHECK(t_spirv_val(&p->spirv[GLSL_STAGE_FRAGMENT], "es-query-lod") != 0, "%s SPIR-V", version);
   }
   glsl_program_destroy(p);
   free(log);

   p = link_es(vs, fs, GLSL_DENY_TEXTURE_QUERY_LOD, &log);
   CHECK(!p && log && strstr(log, "extension not supported") &&
            strstr(log, "GL_EXT_texture_query_lod"),
         "%s textureQueryLOD withheld: %s", version, log ? log : "(none)");
   glsl_program_destroy(p);
   free(log);
}

static void
group_vote(const char *version)
{
   char vs[1024], fs[256];
   snprintf(vs, sizeof vs,
            "#version %s\n#extension GL_EXT_shader_group_vote : require\n"
            "in vec4 pos;\nuniform bool u;\nflat out vec4 c;\n"
            "void main() {\n  gl_Position = pos;\n#ifdef GL_EXT_shader_group_vote\n"
            "  c = vec4(anyInvocationEXT(u) ? 1.0 : 0.0, allInvocationsEXT(u) ? 1.0 : 0.0,\n"
            "           allInvocationsEqualEXT(u) ? 1.0 : 0.0, 1.0);\n"
            "#else\n  c = vec4(0.0);\n#endif\n}\n",
            version);
   snprintf(fs, sizeof fs,
            "#version %s\nprecision mediump float;\nflat in vec4 c;\nout vec4 o;\n"
            "void main() { o = c; }\n",
            version);
   char *log;
   struct glsl_program *p = link_es(vs, fs, 0, &log);
   CHECK(p, "%s votes offered: %s", version, log);
   if (p) {
      const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_VERTEX];
      CHECK(has_op(s, OP_SUBGROUP_ANY) && has_op(s, OP_SUBGROUP_ALL) &&
               has_op(s, OP_SUBGROUP_ALL_EQUAL),
            "%s: the three votes are not all in the SPIR-V", version);
      CHECK(t_spirv_val(s, "es-group-vote") != 0, "%s SPIR-V", version);
   }
   glsl_program_destroy(p);
   free(log);

   p = link_es(vs, fs, GLSL_DENY_GROUP_VOTE, &log);
   CHECK(!p && log && strstr(log, "extension not supported") &&
            strstr(log, "GL_EXT_shader_group_vote"),
         "%s votes withheld: %s", version, log ? log : "(none)");
   glsl_program_destroy(p);
   free(log);

   /* without the directive anyInvocationEXT is no built-in */
   snprintf(vs, sizeof vs,
            "#version %s\nin vec4 pos;\nuniform bool u;\nflat out vec4 c;\n"
            "void main() { gl_Position = pos; c = vec4(anyInvocationEXT(u) ? 1.0 : 0.0); }\n",
            version);
   p = link_es(vs, fs, 0, &log);
   CHECK(!p, "%s: anyInvocationEXT without #extension linked", version);
   glsl_program_destroy(p);
   free(log);
}

/* `enable` where withheld: a warning, and the macro undefined */
static void
macros(const char *ext, uint32_t deny)
{
   char fs[512];
   snprintf(fs, sizeof fs,
            "#version 300 es\n#extension %s : enable\nprecision mediump float;\nout vec4 o;\n"
            "void main() {\n#ifdef %s\n  o = vec4(1.0);\n#else\n  o = vec4(0.5);\n#endif\n}\n",
            ext, ext);
   for (int withheld = 0; withheld < 2; withheld++) {
      char *log = NULL;
      const struct glsl_compile_limits limits = {.deny = withheld ? deny : 0};
      CHECK(glsl_compile_shader_limits(GLSL_STAGE_FRAGMENT, GLSL_API_ES, &limits, fs, &log),
            "%s enable (withheld %d): %s", ext, withheld, log);
      free(log);
   }
   snprintf(fs, sizeof fs,
            "#version 300 es\n#extension %s : enable\nprecision mediump float;\nout vec4 o;\n"
            "#ifdef %s\n#error defined\n#endif\nvoid main() { o = vec4(1.0); }\n",
            ext, ext);
   char *log = NULL;
   const struct glsl_compile_limits limits = {.deny = deny};
   CHECK(glsl_compile_shader_limits(GLSL_STAGE_FRAGMENT, GLSL_API_ES, &limits, fs, &log),
         "%s macro while withheld: %s", ext, log);
   free(log);
   const struct glsl_compile_limits none = {0};
   CHECK(!glsl_compile_shader_limits(GLSL_STAGE_FRAGMENT, GLSL_API_ES, &none, fs, &log) && log &&
            strstr(log, "defined"),
         "%s macro not defined where offered: %s", ext, log);
   free(log);
}

int
main(void)
{
   for (unsigned v = 0; v < 2; v++) {
      query_lod(versions[v]);
      group_vote(versions[v]);
   }
   macros("GL_EXT_texture_query_lod", GLSL_DENY_TEXTURE_QUERY_LOD);
   macros("GL_EXT_shader_group_vote", GLSL_DENY_GROUP_VOTE);
   return t_finish("unit.glsl.es_lod_vote");
}
