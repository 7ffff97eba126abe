/* test_atifs.c — GL_ATI_fragment_shader against a compatibility context, through the
 * generated entry layer (mgl_entry_glFoo, as an application calls): display lists (the
 * commands that build a shader run at once while a list compiles; glBindFragmentShaderATI
 * and glSetFragmentShaderConstantATI are compiled), what a draw runs (the translated ARB
 * program: its instructions, parameters, and the translations kept per texture target and
 * fog mode), and a core context's refusal of the commands. Errors of the building commands
 * are piglit's (spec/ati_fragment_shader error01-14). */
#include "fe_atifs.h"
#include "fe_compat.h"
#include "fe_test_util.h"
#include "gl_entry.h"

#define COMPILE 0x1300
#define TEXTURE_2D 0x0DE1
#define TEXTURE_CUBE_MAP 0x8513
#define FOG 0x0B60
#define PRIMARY_COLOR 0x8577
#define TEXTURE0 0x84C0

static void
env_init_api(struct fe_test_env *e, enum fe_api api)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(e, 0, sizeof(*e));
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e->surf) == FE_OK);
   struct fe_context_desc d = {.api = api, .major = 3, .minor = 3, .format = f};
   CHECK(fe_context_create(&d, NULL, &e->ctx) == FE_OK);
   CHECK(fe_make_current(e->ctx, e->surf, e->surf) == FE_OK);
}

static const struct fe_atifs_state *
ati(const struct fe_test_env *e)
{
   return e->ctx->ff->arbp->ati;
}

/* glNewList(GL_COMPILE): the definition runs at once; the constant and the bind wait for
 * glCallList. */
static void
test_display_lists(void)
{
   struct fe_test_env e;
   env_init_api(&e, FE_API_GL_COMPAT);
   const GLuint first = mgl_entry_glGenFragmentShadersATI(2);
   CHECK(first != 0);
   CHECK_ERR(GL_NO_ERROR);
   const GLfloat k[4] = {0.25f, 0.5f, 0.75f, 1.0f};
   mgl_entry_glNewList(5, COMPILE);
   mgl_entry_glBindFragmentShaderATI(first + 1);
   mgl_entry_glSetFragmentShaderConstantATI(GL_CON_0_ATI + 3, k);
   mgl_entry_glBeginFragmentShaderATI();
   mgl_entry_glColorFragmentOp1ATI(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_CON_0_ATI + 3,
                                   GL_NONE, GL_NONE);
   mgl_entry_glEndFragmentShaderATI();
   mgl_entry_glEndList();
   CHECK_ERR(GL_NO_ERROR);
   /* the bind was compiled, so the definition went to the default shader 0 */
   CHECK(ati(&e)->bound == NULL);
   CHECK(ati(&e)->zero && ati(&e)->zero->valid && ati(&e)->zero->num_inst[0] == 1);
   CHECK(ati(&e)->constants[3][0] == 0.0f);
   CHECK(!ati(&e)->compiling);
   mgl_entry_glCallList(5);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(ati(&e)->bound && ati(&e)->bound->name == first + 1);
   CHECK(ati(&e)->constants[3][0] == 0.25f && ati(&e)->constants[3][3] == 1.0f);
   env_finish(&e);
}

/* The program a draw runs: the constant is a global-constant parameter, the sample a TEX of
 * unit 0 with the enabled target; the translations are kept per target and fog mode. */
static void
test_translation(void)
{
   struct fe_test_env e;
   env_init_api(&e, FE_API_GL_COMPAT);
   mgl_entry_glBeginFragmentShaderATI();
   mgl_entry_glSampleMapATI(GL_REG_0_ATI, TEXTURE0, GL_SWIZZLE_STR_ATI);
   mgl_entry_glColorFragmentOp3ATI(GL_MAD_ATI, GL_REG_0_ATI, GL_NONE, GL_2X_BIT_ATI, GL_REG_0_ATI,
                                   GL_NONE, GL_NONE, PRIMARY_COLOR, GL_NONE, GL_COMP_BIT_ATI,
                                   GL_CON_0_ATI, GL_NONE, GL_NONE);
   mgl_entry_glEndFragmentShaderATI();
   CHECK_ERR(GL_NO_ERROR);
   /* off: no program */
   CHECK(fe_arbp_active(e.ctx, FE_ARBP_FRAGMENT) == NULL);
   mgl_entry_glEnable(GL_FRAGMENT_SHADER_ATI);
   CHECK(mgl_entry_glIsEnabled(GL_FRAGMENT_SHADER_ATI));
   mgl_entry_glEnable(TEXTURE_2D);
   const struct fe_arbp_prog *p = fe_arbp_active(e.ctx, FE_ARBP_FRAGMENT);
   CHECK(p != NULL);
   if (!p) {
      env_finish(&e);
      return;
   }
   CHECK_EQ(p->tex_targets[0], FE_TEX_2D + 1);
   CHECK_EQ(p->num_tex, 1);
   CHECK(p->inputs_read == (1u << FE_ARBP_FIN_COL0 | 1u << FE_ARBP_FIN_TEX0));
   CHECK(p->outputs_written == 1u << FE_ARBP_FOUT_COLOR);
   CHECK_EQ(p->fog, 0);
   bool global = false, comp = false;
   for (uint32_t i = 0; i < p->num_params; i++) {
      const struct fe_arbp_param *q = &p->params[i];
      global |= q->kind == FE_ARBP_PARAM_ATI_CONST && q->index == 0;
      /* COMP: 1 - x, a MAD by -1 plus 1 */
      comp |= q->kind == FE_ARBP_PARAM_CONST && q->value[0] == -1.0f && q->value[3] == -1.0f;
   }
   CHECK(global && comp);
   /* the same state: the same program */
   CHECK(fe_arbp_active(e.ctx, FE_ARBP_FRAGMENT) == p);
   const uint32_t serial_2d = p->serial;
   /* a cube map on unit 0: another translation */
   mgl_entry_glEnable(TEXTURE_CUBE_MAP);
   const struct fe_arbp_prog *cube = fe_arbp_active(e.ctx, FE_ARBP_FRAGMENT);
   CHECK(cube && cube->serial != serial_2d && cube->tex_targets[0] == FE_TEX_CUBE + 1);
   mgl_entry_glDisable(TEXTURE_CUBE_MAP);
   const struct fe_arbp_prog *again = fe_arbp_active(e.ctx, FE_ARBP_FRAGMENT);
   CHECK(again && again->serial == serial_2d);
   /* fog: another; no target enabled: the sample is 0 (no TEX) */
   mgl_entry_glEnable(FOG);
   const struct fe_arbp_prog *fog = fe_arbp_active(e.ctx, FE_ARBP_FRAGMENT);
   CHECK(fog && fog->fog == 2); /* GL_EXP, the initial mode: the key code 2 */
   mgl_entry_glDisable(FOG);
   mgl_entry_glDisable(TEXTURE_2D);
   const struct fe_arbp_prog *none = fe_arbp_active(e.ctx, FE_ARBP_FRAGMENT);
   CHECK(none && none->num_tex == 0 && none->tex_targets[0] == 0);
   /* an ARB fragment program wins: with none loaded the draw is invalid, not the ATI shader */
   mgl_entry_glEnable(GL_FRAGMENT_PROGRAM_ARB);
   CHECK(fe_arbp_active(e.ctx, FE_ARBP_FRAGMENT) == NULL);
   mgl_entry_glDisable(GL_FRAGMENT_PROGRAM_ARB);
   /* inside a definition nothing runs */
   mgl_entry_glBeginFragmentShaderATI();
   CHECK(fe_arbp_active(e.ctx, FE_ARBP_FRAGMENT) == NULL);
   mgl_entry_glEndFragmentShaderATI();
   CHECK_ERR(GL_INVALID_OPERATION); /* no arithmetic operation */
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* A core context: the commands are GL_INVALID_OPERATION and the enable is unknown. */
static void
test_core(void)
{
   struct fe_test_env e;
   env_init_api(&e, FE_API_GL_CORE);
   CHECK_EQ(mgl_entry_glGenFragmentShadersATI(1), 0);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_entry_glBeginFragmentShaderATI();
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_entry_glEnable(GL_FRAGMENT_SHADER_ATI);
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);
}

int
main(void)
{
   test_display_lists();
   test_translation();
   test_core();
   return fe_test_report("unit.frontend.atifs");
}
