/* test_arbp.c — ARB assembly programs: the parser (what it builds, the errors and their byte
 * positions, hostile input), the GL commands against a compatibility context (errors, env and
 * local parameters, queries, GL_PROGRAM_ERROR_POSITION/STRING), and the draws: one generated
 * program per parsed program and state key, none made by a steady frame, parameters re-sent
 * only when their values moved. */
#include <math.h>
#include <stdlib.h>

#include "fe_arbp.h"
#include "fe_ff.h"
#include "fe_test_util.h"

#ifndef GL_CURRENT_RASTER_POSITION
#define GL_CURRENT_RASTER_POSITION 0x0B07 /* compatibility-profile enum */
#endif

static void
env_init_compat(struct fe_test_env *e)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(e, 0, sizeof(*e));
   CHECK(fe_surface_create_pbuffer(&f, 64, 64, &e->surf) == FE_OK);
   struct fe_context_desc d = {.api = FE_API_GL_COMPAT, .major = 3, .minor = 3, .format = f};
   CHECK(fe_context_create(&d, NULL, &e->ctx) == FE_OK);
   CHECK(fe_make_current(e->ctx, e->surf, e->surf) == FE_OK);
}

/* Parses s for target: the program (NULL on error); *pos and *msg (freed by the caller). */
static struct fe_arbp_prog *
parse(enum fe_arbp_target t, const char *s, int32_t *pos, char **msg)
{
   struct fe_arbp_prog *p = NULL;
   *msg = fe_arbp_parse(t, s, strlen(s), &p, pos);
   return p;
}

/* Expects s to fail at the byte offset of the first `at` in s ("": its end), with `words` in the message. */
static void
expect_fail(enum fe_arbp_target t, const char *s, const char *at, const char *words)
{
   int32_t pos;
   char *msg;
   struct fe_arbp_prog *p = parse(t, s, &pos, &msg);
   CHECK(p == NULL);
   CHECK(msg != NULL);
   const char *where = at[0] ? strstr(s, at) : s + strlen(s);
   CHECK(where != NULL);
   if (where && pos != (int32_t)(where - s))
      fprintf(stderr, "  %s: error at %d, want %d (%s)\n", words, pos, (int)(where - s),
              msg ? msg : "");
   CHECK(where && pos == (int32_t)(where - s));
   if (msg && !strstr(msg, words))
      fprintf(stderr, "  message '%s' lacks '%s'\n", msg, words);
   CHECK(msg && strstr(msg, words));
   free(msg);
   fe_arbp_prog_unref(p);
}

static void
test_parse_vertex(void)
{
   const char *vp = "!!ARBvp1.0\n"
                    "# a comment\n"
                    "ATTRIB pos = vertex.position;\n"
                    "PARAM mvp[4] = { state.matrix.mvp };\n"
                    "PARAM pal[] = { {1, 0, 0, 0}, {0, 1, 0}, 0.5, program.env[3] };\n"
                    "PARAM lp = state.light[1].half;\n"
                    "ADDRESS A0;\n"
                    "TEMP t, u;\n"
                    "OUTPUT col = result.color.back.secondary;\n"
                    "ALIAS v = t;\n"
                    "DP4 result.position.x, mvp[0], pos;\n"
                    "ARL A0.x, vertex.texcoord[1].y;\n"
                    "MOV v, pal[A0.x + 1];\n"
                    "SWZ u, -t, 0, -y, 1, w;\n"
                    "MAD col.xz, -t.yyzw, state.material.back.shininess, vertex.attrib[7];\n"
                    "END\n"
                    "anything after END is ignored $%^";
   int32_t pos;
   char *msg;
   struct fe_arbp_prog *p = parse(FE_ARBP_VERTEX, vp, &pos, &msg);
   CHECK(p != NULL);
   CHECK(msg == NULL);
   CHECK_EQ(pos, -1);
   if (!p) {
      fprintf(stderr, "  %s at %d\n", msg ? msg : "", pos);
      free(msg);
      return;
   }
   CHECK_EQ(p->num_insts, 5);
   CHECK_EQ(p->num_temps, 2);
   CHECK_EQ(p->num_address, 1);
   /* 4 matrix rows, 4 palette entries, the light's half vector, the shininess */
   CHECK_EQ(p->num_params, 10);
   CHECK_EQ(p->params[4].kind, FE_ARBP_PARAM_CONST);
   CHECK(p->params[5].value[1] == 1 && p->params[5].value[2] == 0 && p->params[5].value[3] == 1);
   CHECK(p->params[6].value[0] == 0.5f && p->params[6].value[3] == 0.5f); /* replicated */
   CHECK_EQ(p->params[7].kind, FE_ARBP_PARAM_ENV);
   CHECK_EQ(p->params[7].index, 3);
   /* row 1 of the MVP: elements 1, 5, 9, 13 of the column-major matrix */
   const int16_t mvp = (int16_t)(offsetof(struct glsl_compat_state, mvp) / sizeof(float));
   CHECK_EQ(p->params[1].comp[0], mvp + 1);
   CHECK_EQ(p->params[1].comp[3], mvp + 13);
   CHECK_EQ(p->params[9].comp[3], FE_ARBP_COMP_ONE);
   CHECK(p->inputs_read == (1u << 0 | 1u << 9 | 1u << 7));
   CHECK(p->outputs_written == (1u << FE_ARBP_VOUT_POS | 1u << FE_ARBP_VOUT_BCOL1));
   const struct fe_arbp_inst *mov = &p->insts[2];
   CHECK(mov->src[0].relative && mov->src[0].offset == 1 && mov->src[0].length == 4);
   const struct fe_arbp_inst *swz = &p->insts[3];
   CHECK(swz->src[0].swz[0] == FE_ARBP_SWZ_ZERO && swz->src[0].swz[1] == 1);
   CHECK(swz->src[0].swz[2] == FE_ARBP_SWZ_ONE && swz->src[0].negate == 2);
   const struct fe_arbp_inst *mad = &p->insts[4];
   CHECK_EQ(mad->dst.mask, 5);
   CHECK(mad->src[0].negate == 0xf && mad->src[0].swz[0] == 1 && mad->src[0].swz[3] == 3);
   /* the GLSL body names what the wrapper declares */
   char *decls = NULL;
   char *body = fe_arbp_glsl(p, 3, &decls);
   CHECK(body && decls);
   CHECK(decls && strstr(decls, "layout(location = 9) in vec4 a_in9;"));
   CHECK(body && strstr(body, "vec4 s0 = ff[3];"));        /* mvp[0]: parameter 0 at base 3 */
   CHECK(body && strstr(body, "(uint(a0.x + 1) < 4u ? ")); /* the guarded relative read */
   CHECK(body && strstr(body, "o_bcol1.xz = r.xz;"));
   free(body);
   free(decls);
   fe_arbp_prog_unref(p);
}

static void
test_parse_fragment(void)
{
   const char *fp = "!!ARBfp1.0\n"
                    "OPTION ARB_fog_exp2;\n"
                    "OPTION ARB_precision_hint_nicest;\n"
                    "TEMP t, c;\n"
                    "TEX t, fragment.texcoord[2], texture[2], RECT;\n"
                    "MUL c, t, fragment.color.secondary;\n"
                    "TXP t, c, texture[1], CUBE;\n"
                    "KIL -c.wzyx;\n"
                    "CMP_SAT result.color.rgb, c, t.b, {0.25};\n"
                    "MOV result.depth.z, fragment.position;\n"
                    "END";
   int32_t pos;
   char *msg;
   struct fe_arbp_prog *p = parse(FE_ARBP_FRAGMENT, fp, &pos, &msg);
   CHECK(p != NULL);
   if (!p) {
      fprintf(stderr, "  %s at %d\n", msg ? msg : "", pos);
      free(msg);
      return;
   }
   CHECK_EQ(p->fog, 3);
   CHECK_EQ(p->tex_targets[2], FE_TEX_RECT + 1);
   CHECK_EQ(p->tex_targets[1], FE_TEX_CUBE + 1);
   CHECK_EQ(p->num_tex, 2);
   CHECK_EQ(p->num_alu, 3);
   CHECK_EQ(p->num_indirections, 2); /* the TXP reads c, written after the first TEX */
   CHECK(p->insts[4].sat);
   CHECK_EQ(p->insts[4].dst.mask, 7);
   CHECK(p->outputs_written == (1u << FE_ARBP_FOUT_COLOR | 1u << FE_ARBP_FOUT_DEPTH));
   CHECK(p->inputs_read ==
         (1u << (FE_ARBP_FIN_TEX0 + 2) | 1u << FE_ARBP_FIN_COL1 | 1u << FE_ARBP_FIN_WPOS));
   char *decls = NULL;
   char *body = fe_arbp_glsl(p, 0, &decls);
   CHECK(decls && strstr(decls, "uniform sampler2DRect ff_tex2;"));
   CHECK(decls && strstr(decls, "uniform samplerCube ff_tex1;"));
   CHECK(body && strstr(body, "discard"));
   CHECK(body && strstr(body, "clamp(r, 0.0, 1.0).xyz"));
   free(body);
   free(decls);
   fe_arbp_prog_unref(p);

   /* OPTION ARB_draw_buffers: result.color[0] is result.color, color[n] its own output */
   p = parse(FE_ARBP_FRAGMENT,
             "!!ARBfp1.0\nOPTION ARB_draw_buffers;\nMOV result.color[0], {1};\n"
             "MOV result.color[3], fragment.color;\nEND",
             &pos, &msg);
   CHECK(p != NULL);
   free(msg);
   if (!p)
      return;
   CHECK(p->draw_buffers);
   CHECK(p->outputs_written == (1u << FE_ARBP_FOUT_COLOR | 1u << (FE_ARBP_FOUT_COLOR1 + 2)));
   body = fe_arbp_glsl(p, 0, &decls);
   CHECK(body && strstr(body, "o_color_3.xyzw = ") && strstr(body, "o_color.xyzw = "));
   free(body);
   free(decls);
   fe_arbp_prog_unref(p);
}

static void
test_parse_errors(void)
{
   const enum fe_arbp_target V = FE_ARBP_VERTEX, F = FE_ARBP_FRAGMENT;
   expect_fail(V, "!!ARBfp1.0\nEND", "!!", "does not start with !!ARBvp1.0");
   expect_fail(V, "!!ARBvp1.0\nMOV result.color, vertex.color;\n", "", "END expected");
   expect_fail(V, "!!ARBvp1.0\nTEMP a;\nMOV b, a;\nEND", "b, a", "'b' is not declared");
   expect_fail(V, "!!ARBvp1.0\nTEMP a;\nFOO a, a;\nEND", "FOO", "unknown instruction");
   expect_fail(V, "!!ARBvp1.0\nTEMP a;\nTEX a, a, texture[0], 2D;\nEND", "TEX",
               "unknown instruction");
   expect_fail(V, "!!ARBvp1.0\nTEMP a;\nMOV a.yx, a;\nEND", "yx", "invalid write mask");
   expect_fail(V, "!!ARBvp1.0\nTEMP a;\nMOV a, a.xy;\nEND", "xy;", "invalid swizzle");
   expect_fail(V, "!!ARBvp1.0\nTEMP a;\nRCP a, a;\nEND", ";\nEND", "component suffix");
   expect_fail(V, "!!ARBvp1.0\nTEMP a, a;\nEND", "a;\nEND", "already declared");
   expect_fail(V, "!!ARBvp1.0\nTEMP MOV;\nEND", "MOV;", "reserved word");
   expect_fail(V, "!!ARBvp1.0\nPARAM m = state.matrix.mvp;\nEND", ";\nEND", "bind it to an array");
   expect_fail(V, "!!ARBvp1.0\nPARAM m[2] = {1, 2, 3};\nEND", ";\nEND", "holds 3 parameters");
   expect_fail(V, "!!ARBvp1.0\nPARAM m[] = { program.env[256] };\nEND", "256", "out of range");
   expect_fail(V, "!!ARBvp1.0\nPARAM m[] = { state.matrix.program[8] };\nEND", "8]",
               "out of range");
   expect_fail(V, "!!ARBvp1.0\nPARAM m = state.matrix.program[1];\nEND", ";\nEND",
               "bind it to an array");
   expect_fail(V, "!!ARBvp1.0\nPARAM m[] = { program.local[0..1023], 1 };\nEND", "1 }",
               "more than 1024 parameters");
   expect_fail(V, "!!ARBvp1.0\nATTRIB w = vertex.weight;\nEND", "weight", "vertex.weight");
   expect_fail(V, "!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.position, {0};\nEND",
               "result.position", "writes result.position");
   expect_fail(V, "!!ARBvp1.0\nTEMP a;\nOPTION ARB_position_invariant;\nEND", "OPTION",
               "OPTION after");
   expect_fail(V,
               "!!ARBvp1.0\nMOV result.color, vertex.attrib[3];\nMOV result.color, "
               "vertex.color;\nEND",
               ";\nEND", "aliases");
   expect_fail(F, "!!ARBfp1.0\nTEMP a;\nTEX a, a, texture[0], 2D;\nTEX a, a, texture[0], 3D;\nEND",
               "3D", "two targets");
   expect_fail(F, "!!ARBfp1.0\nTEMP a;\nTEX a, a, texture[0], SHADOW2D;\nEND", "SHADOW", "shadow");
   expect_fail(F, "!!ARBfp1.0\nOPTION ARB_fog_exp;\nOPTION ARB_fog_linear;\nEND", "ARB_fog_linear",
               "two fog options");
   expect_fail(F, "!!ARBfp1.0\nKIL_SAT fragment.color;\nEND", "KIL_SAT", "no _SAT");
   /* ARB_draw_buffers: result.color[n] needs the option, n below GL_MAX_DRAW_BUFFERS */
   expect_fail(F, "!!ARBfp1.0\nMOV result.color[1], {1};\nEND", "[1]", "without OPTION");
   expect_fail(F, "!!ARBfp1.0\nOPTION ATI_draw_buffers;\nMOV result.color[8], {1};\nEND", "8]", "");
   expect_fail(F, "!!ARBfp1.0\nADDRESS a;\nEND", ";\nEND", "vertex program registers");
   /* bounds: an identifier past the limit, too many temporaries, a huge number */
   char big[400];
   snprintf(big, sizeof(big), "!!ARBvp1.0\nTEMP %070d;\nEND", 0);
   memcpy(big + 16, "a", 1);
   expect_fail(V, big, "a0000", "identifier longer");
   char *many = malloc(70 * 8 + 64);
   strcpy(many, "!!ARBvp1.0\nTEMP t0");
   for (int i = 1; i < 70; i++)
      sprintf(many + strlen(many), ",t%d", i);
   strcat(many, ";\nEND");
   expect_fail(V, many, "t64", "more than 64 temporaries");
   free(many);
   expect_fail(V, "!!ARBvp1.0\nPARAM p[] = { program.env[99999999999999] };\nEND", "99999",
               "out of range");
   /* a string cut short anywhere fails inside it, never past it */
   const char *ok = "!!ARBvp1.0\nPARAM c = {1, 2};\nTEMP t;\nMOV t, c.yxzw;\nEND\n";
   for (size_t n = 0; n < strlen(ok) - 4; n++) {
      struct fe_arbp_prog *p = NULL;
      int32_t pos;
      char *msg = fe_arbp_parse(V, ok, n, &p, &pos);
      CHECK(p == NULL && msg != NULL && pos >= 0 && (size_t)pos <= n);
      free(msg);
   }
}

static const char vp_text[] = "!!ARBvp1.0\n"
                              "PARAM mvp[4] = { state.matrix.mvp };\n"
                              "DP4 result.position.x, mvp[0], vertex.position;\n"
                              "DP4 result.position.y, mvp[1], vertex.position;\n"
                              "DP4 result.position.z, mvp[2], vertex.position;\n"
                              "DP4 result.position.w, mvp[3], vertex.position;\n"
                              "MUL result.color, vertex.color, program.env[2];\n"
                              "END\n";

static void
test_api(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   /* a core context has none of it */
   mgl_glBindProgramARB(GL_VERTEX_PROGRAM_ARB, 1);
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);

   env_init_compat(&e);
   GLuint names[2];
   mgl_glGenProgramsARB(2, names);
   CHECK(names[0] && names[1] && names[0] != names[1]);
   CHECK(!mgl_glIsProgramARB(names[0])); /* a name only, until bound */
   mgl_glBindProgramARB(GL_VERTEX_PROGRAM_ARB, names[0]);
   CHECK(mgl_glIsProgramARB(names[0]));
   mgl_glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, names[0]);
   CHECK_ERR(GL_INVALID_OPERATION); /* a vertex program */
   mgl_glBindProgramARB(GL_TEXTURE_2D, names[0]);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_RGBA, 4, "!!AR");
   CHECK_ERR(GL_INVALID_ENUM);

   /* a parse error: GL_INVALID_OPERATION, the position and a message */
   const char *bad = "!!ARBvp1.0\nMOV result.color, nothing;\nEND";
   mgl_glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(bad),
                          bad);
   CHECK_ERR(GL_INVALID_OPERATION);
   GLint pos = 0;
   mgl_glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
   CHECK_EQ(pos, (GLint)(strstr(bad, "nothing") - bad));
   const char *es = (const char *)mgl_glGetString(GL_PROGRAM_ERROR_STRING_ARB);
   CHECK(es && strstr(es, "'nothing' is not declared"));
   GLint len = -1;
   mgl_glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_LENGTH_ARB, &len);
   CHECK_EQ(len, 0); /* the failed string did not replace anything */

   mgl_glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                          (GLsizei)strlen(vp_text), vp_text);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
   CHECK_EQ(pos, -1);
   mgl_glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_LENGTH_ARB, &len);
   CHECK_EQ(len, (GLint)strlen(vp_text));
   GLint v = 0;
   mgl_glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_INSTRUCTIONS_ARB, &v);
   CHECK_EQ(v, 5);
   mgl_glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_PARAMETERS_ARB, &v);
   CHECK_EQ(v, 5);
   mgl_glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &v);
   CHECK_EQ(v, (GLint)names[0]);
   mgl_glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB, &v);
   CHECK_EQ(v, FE_ARBP_MAX_ENV);
   mgl_glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_TEX_INSTRUCTIONS_ARB, &v);
   CHECK_ERR(GL_INVALID_ENUM); /* a fragment program query */
   char text[sizeof(vp_text)] = {0};
   mgl_glGetProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_STRING_ARB, text);
   CHECK(!memcmp(text, vp_text, strlen(vp_text)));

   /* env and local parameters: per target, bounded, read back */
   mgl_glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 2, 1, 2, 3, 4);
   mgl_glProgramLocalParameter4dARB(GL_VERTEX_PROGRAM_ARB, 95, 5, 6, 7, 8);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, FE_ARBP_MAX_ENV, 1, 2, 3, 4);
   CHECK_ERR(GL_INVALID_VALUE);
   GLfloat f[4] = {0};
   GLdouble d[4] = {0};
   mgl_glGetProgramEnvParameterfvARB(GL_VERTEX_PROGRAM_ARB, 2, f);
   CHECK(f[0] == 1 && f[3] == 4);
   mgl_glGetProgramEnvParameterfvARB(GL_FRAGMENT_PROGRAM_ARB, 2, f);
   CHECK(f[0] == 0 && f[3] == 0);
   mgl_glGetProgramLocalParameterdvARB(GL_VERTEX_PROGRAM_ARB, 95, d);
   CHECK(d[0] == 5 && d[3] == 8);
   mgl_glGetProgramLocalParameterdvARB(GL_VERTEX_PROGRAM_ARB, FE_ARBP_MAX_LOCAL, d);
   CHECK_ERR(GL_INVALID_VALUE);

   /* enables */
   CHECK(!mgl_glIsEnabled(GL_VERTEX_PROGRAM_ARB));
   mgl_glEnable(GL_VERTEX_PROGRAM_ARB);
   mgl_glEnable(GL_VERTEX_PROGRAM_TWO_SIDE_ARB);
   CHECK(mgl_glIsEnabled(GL_VERTEX_PROGRAM_ARB) && mgl_glIsEnabled(GL_VERTEX_PROGRAM_TWO_SIDE_ARB));
   GLboolean b = GL_FALSE;
   mgl_glGetBooleanv(GL_VERTEX_PROGRAM_ARB, &b);
   CHECK(b);
   CHECK_ERR(GL_NO_ERROR);

   /* deleting the bound program binds the default one */
   mgl_glDeleteProgramsARB(1, names);
   CHECK(!mgl_glIsProgramARB(names[0]));
   mgl_glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &v);
   CHECK_EQ(v, 0);
   mgl_glDeleteProgramsARB(-1, names);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* Draws with a vertex program: one generated program; steady frames make none and send no
 * constants; an env parameter change re-sends constants only; a new string makes one more. */
static void
test_draws(void)
{
   struct fe_test_env e;
   env_init_compat(&e);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   mgl_glBindProgramARB(GL_VERTEX_PROGRAM_ARB, 7);
   mgl_glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                          (GLsizei)strlen(vp_text), vp_text);
   mgl_glEnable(GL_VERTEX_PROGRAM_ARB);
   struct fake_program fp = {.num_uniforms = 1, .uniforms = {{"ff", GL_FLOAT_VEC4, 8}}};
   fake_glsl_next(&fp);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_create_shader), 1);
   CHECK_EQ(e.ctx->ff->programs_created, 1);
   CHECK_ERR(GL_NO_ERROR);
   for (int frame = 0; frame < 3; frame++) {
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(fake_count_of(MGP_CALL_create_shader), 0);
      CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 0);
   }
   fake_clear();
   mgl_glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 2, 0.5f, 0.25f, 1, 1);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_create_shader), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 1);
   const struct fake_rec *r = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(r != NULL);
   if (r) {
      /* program.env[2] is the program's fifth parameter: ff[4] */
      const float *c = (const float *)r->data;
      const struct mgp_set_global_constants *a = (const void *)r->args;
      CHECK_EQ(a->offset, 0);
      CHECK(c[16] == 0.5f && c[17] == 0.25f && c[18] == 1.0f);
   }
   /* the same env value again: nothing re-sent */
   fake_clear();
   mgl_glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 2, 0.5f, 0.25f, 1, 1);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 0);
   /* disabled: fixed function again (a new key); enabled: the first program, no link */
   fake_glsl_next(&fp);
   mgl_glDisable(GL_VERTEX_PROGRAM_ARB);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glEnable(GL_VERTEX_PROGRAM_ARB);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(e.ctx->ff->programs_created, 2);
   /* a new string: a new program */
   fake_glsl_next(&fp);
   mgl_glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                          (GLsizei)strlen(vp_text), vp_text);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(e.ctx->ff->programs_created, 3);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* One range item binds many slots: program.local[0..1020] (piglit's big-param), and a literal
 * or direct binding repeated in operands takes one slot, so the last slots suffice. */
static void
test_parse_big_range(void)
{
   const char *vp = "!!ARBvp1.0\n"
                    "TEMP t;\n"
                    "PARAM big[] = { program.local[0..1020], {1, 2, 3, 4} };\n"
                    "MOV t, big[1021];\n"
                    "MUL t, t, 256.0;\n"
                    "MUL t, t, 256.0;\n"
                    "ADD t, t, program.env[3];\n"
                    "ADD t, t, program.env[3];\n"
                    "MUL result.color, t, {1, 2, 3, 4};\n"
                    "END";
   int32_t pos;
   char *msg;
   struct fe_arbp_prog *p = parse(FE_ARBP_VERTEX, vp, &pos, &msg);
   CHECK(p != NULL);
   if (!p) {
      fprintf(stderr, "  %s at %d\n", msg ? msg : "", pos);
      free(msg);
      return;
   }
   /* the array's 1022, then 256.0 and program.env[3] once each; the last literal is the
    * array's element 1021 */
   CHECK_EQ(p->num_params, 1024);
   CHECK(p->params[1020].kind == FE_ARBP_PARAM_LOCAL && p->params[1020].index == 1020);
   CHECK(p->params[1021].kind == FE_ARBP_PARAM_CONST && p->params[1021].value[3] == 4.0f);
   CHECK(p->params[1022].kind == FE_ARBP_PARAM_CONST && p->params[1022].value[0] == 256.0f);
   CHECK(p->params[1023].kind == FE_ARBP_PARAM_ENV && p->params[1023].index == 3);
   CHECK_EQ(p->insts[5].src[1].index, 1021);
   fe_arbp_prog_unref(p);
}

/* The program matrices: glMatrixMode(GL_MATRIXi_ARB) stacks, their queries, and
 * state.matrix.program[i] (plain, transposed, inverted rows) in the constants a draw sends. */
static void
test_program_matrices(void)
{
   /* the constants' bytes are read from set_global_constants: a backend without
    * set_constant_words (GLES before ABI 41) */
   fake_caps.call_mask[MGP_CALL_set_constant_words / 64] &=
      ~(1ull << (MGP_CALL_set_constant_words % 64));
   struct fe_test_env e;
   env_init_compat(&e);
   GLint v = 0;
   mgl_glGetIntegerv(GL_MAX_PROGRAM_MATRICES_ARB, &v);
   CHECK_EQ(v, 8);
   mgl_glGetIntegerv(GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB, &v);
   CHECK_EQ(v, 4);
   mgl_glMatrixMode(GL_MATRIX0_ARB + 8);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glMatrixMode(GL_MATRIX0_ARB + 2);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegerv(GL_MATRIX_MODE, &v);
   CHECK_EQ(v, GL_MATRIX0_ARB + 2);
   mgl_glScalef(2, 4, 8);
   mgl_glTranslatef(1, 0, 0);
   GLfloat m[16];
   mgl_glGetFloatv(GL_CURRENT_MATRIX_ARB, m);
   CHECK(m[0] == 2 && m[5] == 4 && m[10] == 8 && m[12] == 2);
   mgl_glGetFloatv(GL_TRANSPOSE_CURRENT_MATRIX_ARB, m);
   CHECK(m[3] == 2 && m[12] == 0);
   for (int i = 0; i < 3; i++)
      mgl_glPushMatrix();
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetIntegerv(GL_CURRENT_MATRIX_STACK_DEPTH_ARB, &v);
   CHECK_EQ(v, 4);
   mgl_glPushMatrix();
   CHECK_ERR(GL_STACK_OVERFLOW);
   for (int i = 0; i < 3; i++)
      mgl_glPopMatrix();
   mgl_glMatrixMode(GL_MODELVIEW);
   mgl_glGetFloatv(GL_CURRENT_MATRIX_ARB, m);
   CHECK(m[0] == 1 && m[12] == 0); /* the modelview's */

   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   const char *vp = "!!ARBvp1.0\n"
                    "PARAM p[] = { state.matrix.program[2].row[0],\n"
                    "              state.matrix.program[2].transpose.row[3],\n"
                    "              state.matrix.program[2].inverse.row[0..1] };\n"
                    "MOV result.position, vertex.position;\n"
                    "MUL result.color, p[0], p[1];\n"
                    "ADD result.color.x, p[2], p[3];\n"
                    "END";
   mgl_glBindProgramARB(GL_VERTEX_PROGRAM_ARB, 3);
   mgl_glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(vp),
                          vp);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glEnable(GL_VERTEX_PROGRAM_ARB);
   struct fake_program fp = {.num_uniforms = 1, .uniforms = {{"ff", GL_FLOAT_VEC4, 8}}};
   fake_glsl_next(&fp);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   const struct fake_rec *r = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(r != NULL);
   if (r) {
      const float *c = (const float *)r->data;
      /* row 0 of scale(2,4,8) * translate(1,0,0): (2, 0, 0, 2) */
      CHECK(c[0] == 2 && c[1] == 0 && c[2] == 0 && c[3] == 2);
      /* row 3 of the transpose: column 3, (2, 0, 0, 1) */
      CHECK(c[4] == 2 && c[5] == 0 && c[6] == 0 && c[7] == 1);
      /* the inverse: x' = x / 2 - 1, y' = y / 4 */
      CHECK(fabsf(c[8] - 0.5f) < 1e-6f && c[9] == 0 && fabsf(c[11] + 1.0f) < 1e-6f);
      CHECK(fabsf(c[13] - 0.25f) < 1e-6f);
   }
   /* a new matrix re-sends the constants */
   mgl_glMatrixMode(GL_MATRIX0_ARB + 2);
   mgl_glLoadIdentity();
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   r = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(r != NULL);
   if (r)
      CHECK(((const float *)r->data)[0] == 1 && ((const float *)r->data)[3] == 0);
   fake_caps.call_mask[MGP_CALL_set_constant_words / 64] |= 1ull
                                                            << (MGP_CALL_set_constant_words % 64);
   env_finish(&e);
}

/* An enabled program object that never loaded makes glBegin, glRasterPos and the draws
 * GL_INVALID_OPERATION (ARB_vertex_program 2.14, ARB_fragment_program 3.11); disabled, or
 * once a string loads, they draw. */
static void
test_invalid_program_draws(void)
{
   struct fe_test_env e;
   env_init_compat(&e);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   struct fake_program fp = {.num_uniforms = 1, .uniforms = {{"ff", GL_FLOAT_VEC4, 8}}};
   mgl_glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 5);
   const char *bad = "!!ARBfp1.0\nMOV result.color, nothing;\nEND";
   mgl_glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                          (GLsizei)strlen(bad), bad);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glEnable(GL_FRAGMENT_PROGRAM_ARB);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo) + fake_count_of(MGP_CALL_draw), 0);
   mgl_glBegin(GL_TRIANGLES);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glEnd();
   CHECK_ERR(GL_INVALID_OPERATION); /* no glBegin took effect */
   mgl_glRasterPos2f(0.5f, 0.5f);   /* RasterPos too; the raster position keeps its value */
   CHECK_ERR(GL_INVALID_OPERATION);
   GLfloat rp[4] = {-1, -1, -1, -1};
   mgl_glGetFloatv(GL_CURRENT_RASTER_POSITION, rp);
   CHECK(rp[0] == 0.0f && rp[1] == 0.0f);
   mgl_glDisable(GL_FRAGMENT_PROGRAM_ARB);
   mgl_glRasterPos2f(0.0f, 0.0f);
   CHECK_ERR(GL_NO_ERROR);
   fake_glsl_next(&fp);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   const char *good = "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND";
   mgl_glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                          (GLsizei)strlen(good), good);
   mgl_glEnable(GL_FRAGMENT_PROGRAM_ARB);
   fake_glsl_next(&fp);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

int
main(void)
{
   test_parse_vertex();
   test_parse_fragment();
   test_parse_errors();
   test_api();
   test_draws();
   test_parse_big_range();
   test_program_matrices();
   test_invalid_program_draws();
   return fe_test_report("unit.frontend.arbp");
}
