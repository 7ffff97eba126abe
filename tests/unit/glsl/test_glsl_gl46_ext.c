/* unit.glsl.gl46_ext — GL_ARB_shader_group_vote and GL_ARB_shader_atomic_counter_ops in
 * GLSL 1.40 - 3.30 units; GL_ARB_ES3_1_compatibility (GLSL ES 3.10 in a desktop context). Offered: `#extension ... : require` compiles, the built-ins
 * (anyInvocationARB ..., atomicCounterAddARB ...) work and the macro is defined. Withheld
 * (GLSL_DENY_GROUP_VOTE: a backend without MGP_CAP_SUBGROUP_VOTE; GLSL_DENY_ATOMIC_COUNTER_OPS:
 * a context without atomic counters), the macro is undefined and `require` fails naming the
 * extension; a GLSL 4.60 shader voting in core fails with a log naming GL_ARB_shader_group_vote. */
#include "glsl_test_util.h"

static bool
compile(enum glsl_stage stage, uint32_t deny, const char *src, char **log)
{
   *log = NULL;
   const struct glsl_compile_limits limits = {.deny = deny};
   return glsl_compile_shader_limits(stage, GLSL_API_CORE, &limits, src, log);
}

static const struct ext {
   const char *name;
   uint32_t deny;
   const char *decl, *use; /* a fragment shader's declarations and a statement setting o */
} exts[] = {
   {"GL_ARB_shader_group_vote", GLSL_DENY_GROUP_VOTE, "in vec4 v;\n",
    "o = vec4(anyInvocationARB(v.x > 0.0), allInvocationsARB(v.y > 0.0),\n"
    "         allInvocationsEqualARB(v.z > 0.0), 1.0);"},
   {"GL_ARB_shader_atomic_counter_ops", GLSL_DENY_ATOMIC_COUNTER_OPS,
    "layout(binding = 0) uniform atomic_uint c;\n",
    "uint r = atomicCounterAddARB(c, 2u) + atomicCounterSubtractARB(c, 1u) +\n"
    "  atomicCounterMinARB(c, 1u) + atomicCounterMaxARB(c, 1u) + atomicCounterAndARB(c, 1u) +\n"
    "  atomicCounterOrARB(c, 1u) + atomicCounterXorARB(c, 1u) +\n"
    "  atomicCounterExchangeARB(c, 1u) + atomicCounterCompSwapARB(c, 1u, 2u);\n"
    "o = vec4(float(r));"},
};

int
main(void)
{
   static const char *const versions[] = {"140", "150", "330"};
   char src[2048];
   char *log;
   for (unsigned e = 0; e < sizeof(exts) / sizeof(exts[0]); e++) {
      const struct ext *x = &exts[e];
      for (unsigned v = 0; v < 3; v++) {
         snprintf(src, sizeof(src),
                  "#version %s\n#extension %s : require\n"
                  "#extension GL_ARB_shader_atomic_counters : enable\n%sout vec4 o;\n"
                  "void main() {\n#ifdef %s\n  %s\n#else\n  o = vec4(0.0);\n#endif\n}\n",
                  versions[v], x->name, x->decl, x->name, x->use);
         CHECK(compile(GLSL_STAGE_FRAGMENT, 0, src, &log), "%s %s offered: %s", x->name,
               versions[v], log);
         free(log);
         const uint32_t others = (GLSL_DENY_GROUP_VOTE | GLSL_DENY_ATOMIC_COUNTER_OPS) & ~x->deny;
         CHECK(compile(GLSL_STAGE_FRAGMENT, others, src, &log), "%s %s with others denied: %s",
               x->name, versions[v], log);
         free(log);
         CHECK(!compile(GLSL_STAGE_FRAGMENT, x->deny, src, &log), "%s %s withheld compiled",
               x->name, versions[v]);
         CHECK(log && strstr(log, "0:2") && strstr(log, "extension not supported") &&
                  strstr(log, x->name),
               "%s %s withheld log: %s", x->name, versions[v], log);
         free(log);
      }
      /* the macro: defined where offered, not where withheld */
      snprintf(src, sizeof(src),
               "#version 330\n#extension %s : enable\n#ifndef %s\n#error no macro\n#endif\n"
               "out vec4 o;\nvoid main() { o = vec4(1.0); }\n",
               x->name, x->name);
      CHECK(compile(GLSL_STAGE_FRAGMENT, 0, src, &log), "%s macro offered: %s", x->name, log);
      free(log);
      CHECK(!compile(GLSL_STAGE_FRAGMENT, x->deny, src, &log) && log && strstr(log, "no macro"),
            "%s macro while withheld: %s", x->name, log);
      free(log);
   }
   /* GLSL 4.60 has the votes in core: withheld, the SPIR-V check names the extension */
   static const char core460[] = "#version 460\nin vec4 v;\nout vec4 o;\n"
                                 "void main() { o = vec4(anyInvocation(v.x > 0.0)); }\n";
   CHECK(compile(GLSL_STAGE_FRAGMENT, 0, core460, &log), "4.60 vote offered: %s", log);
   free(log);
   CHECK(!compile(GLSL_STAGE_FRAGMENT, GLSL_DENY_GROUP_VOTE, core460, &log) && log &&
            strstr(log, "this context does not offer") && strstr(log, "GL_ARB_shader_group_vote"),
         "4.60 vote withheld: %s", log);
   free(log);
   /* a vertex shader votes too (every stage) */
   CHECK(compile(GLSL_STAGE_VERTEX, 0,
                 "#version 150\n#extension GL_ARB_shader_group_vote : require\n"
                 "uniform bool b;\nout vec4 c;\n"
                 "void main() { gl_Position = vec4(0.0);\n"
                 "  c = anyInvocationARB(b) ? vec4(1.0) : vec4(0.0); }\n",
                 &log),
         "vertex vote: %s", log);
   free(log);
   /* GL_ARB_ES3_1_compatibility: its directive and macro in a desktop unit, and GLSL ES 3.10
    * (compiled as GLSL_API_ES, as a desktop context does for a "310 es" source); withheld
    * (GLSL_DENY_ESSL310) require fails and 3.10 is an unsupported version */
   static const char es31[] = "#version 430\n#extension GL_ARB_ES3_1_compatibility : require\n"
                              "#ifndef GL_ARB_ES3_1_compatibility\n#error no macro\n#endif\n"
                              "out vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   CHECK(compile(GLSL_STAGE_FRAGMENT, 0, es31, &log), "ES3_1_compatibility offered: %s", log);
   free(log);
   CHECK(!compile(GLSL_STAGE_FRAGMENT, GLSL_DENY_ESSL310, es31, &log) && log &&
            strstr(log, "extension not supported") && strstr(log, "GL_ARB_ES3_1_compatibility"),
         "ES3_1_compatibility withheld: %s", log);
   free(log);
   static const char essl310[] = "#version 310 es\nprecision mediump float;\n"
                                 "layout(location = 2) uniform vec4 u;\n"
                                 "layout(location = 0) out vec4 o;\nvoid main() { o = u; }\n";
   CHECK(glsl_source_is_es(essl310, true), "a 310 es source is not taken for GLSL ES");
   const struct glsl_compile_limits limits = {0};
   CHECK(glsl_compile_shader_limits(GLSL_STAGE_FRAGMENT, GLSL_API_ES, &limits, essl310, &log),
         "GLSL ES 3.10 offered: %s", log);
   free(log);
   const struct glsl_compile_limits denied = {.deny = GLSL_DENY_ESSL310};
   CHECK(!glsl_compile_shader_limits(GLSL_STAGE_FRAGMENT, GLSL_API_ES, &denied, essl310, &log) &&
            log && strstr(log, "3.10 ES is not supported"),
         "GLSL ES 3.10 withheld: %s", log);
   free(log);
   return t_finish("unit.glsl.gl46_ext");
}
