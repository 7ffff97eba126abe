/* test_ff.c — fixed-function state of a compatibility context against the recording session:
 * matrix stacks (values, errors, depths, queries), lights and materials (errors, eye-space
 * storage, queries), what a core context raises for them, and the generated programs: one per
 * state key, none made by a steady frame, constants re-sent only when a value changed. */
#include <math.h>

#include "fe_ff.h"
#include "fe_test_util.h"

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

static bool
mat_eq(const float *a, const float *b)
{
   for (int i = 0; i < 16; i++)
      if (fabsf(a[i] - b[i]) > 1e-6f)
         return false;
   return true;
}

static void
test_core_refuses(void)
{
   struct fe_test_env e;
   env_init(&e, 16, 16);
   CHECK(e.ctx->ff == NULL);
   mgl_glMatrixMode(GL_MODELVIEW);
   CHECK_ERR(GL_INVALID_OPERATION);
   const float v[4] = {0, 0, 1, 0};
   mgl_glLightfv(GL_LIGHT0, GL_POSITION, v);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glEnable(GL_LIGHTING);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK(!mgl_glIsEnabled(GL_FOG));
   CHECK_ERR(GL_INVALID_ENUM);
   GLint i = 0;
   mgl_glGetIntegerv(GL_MATRIX_MODE, &i);
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);
}

static void
test_matrices(void)
{
   struct fe_test_env e;
   env_init_compat(&e);
   GLint i = 0;
   mgl_glGetIntegerv(GL_MATRIX_MODE, &i);
   CHECK_EQ(i, GL_MODELVIEW);
   mgl_glMatrixMode(GL_LIGHTING);
   CHECK_ERR(GL_INVALID_ENUM);

   float m[16], want[16] = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1};
   mgl_glTranslatef(1, 2, 3);
   mgl_glScaled(2, 2, 2);
   mgl_glGetFloatv(GL_MODELVIEW_MATRIX, m);
   CHECK(mat_eq(m, want));
   mgl_glGetFloatv(GL_TRANSPOSE_MODELVIEW_MATRIX, m);
   CHECK(m[3] == 1 && m[7] == 2 && m[11] == 3 && m[12] == 0);
   mgl_glLoadTransposeMatrixf(m);
   mgl_glGetFloatv(GL_MODELVIEW_MATRIX, m);
   CHECK(mat_eq(m, want));
   mgl_glLoadIdentity();
   mgl_glRotatef(90, 0, 0, 1);
   mgl_glGetFloatv(GL_MODELVIEW_MATRIX, m);
   const float rot[16] = {0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
   CHECK(mat_eq(m, rot));
   const GLdouble md[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1};
   mgl_glLoadIdentity();
   mgl_glMultMatrixd(md);
   mgl_glMultTransposeMatrixd(md); /* a projective term: row 3 gets (5, 0, 0, 1) */
   mgl_glGetFloatv(GL_MODELVIEW_MATRIX, m);
   CHECK(m[12] == 5 && m[3] == 5 && m[0] == 26);
   CHECK_ERR(GL_NO_ERROR);

   /* glOrtho / glFrustum: their GL_INVALID_VALUE cases leave the matrix alone */
   mgl_glMatrixMode(GL_PROJECTION);
   mgl_glLoadIdentity();
   mgl_glFrustum(-1, 1, -1, 1, 0, 10);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glFrustum(-1, 1, -1, 1, 1, -10);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glFrustum(1, 1, -1, 1, 1, 10);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glFrustum(-1, 1, -1, 1, 2, 2);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glOrtho(0, 1, 2, 2, 0, 1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glOrtho(0, 1, 0, 1, 3, 3);
   CHECK_ERR(GL_INVALID_VALUE);
   const float id[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
   mgl_glGetFloatv(GL_PROJECTION_MATRIX, m);
   CHECK(mat_eq(m, id));
   mgl_glOrtho(0, 4, 0, 2, -1, 1);
   mgl_glGetFloatv(GL_PROJECTION_MATRIX, m);
   CHECK(m[0] == 0.5f && m[5] == 1.0f && m[10] == -1.0f && m[12] == -1.0f && m[13] == -1.0f);
   mgl_glLoadIdentity();
   mgl_glFrustum(-1, 1, -1, 1, 1, 3);
   mgl_glGetFloatv(GL_PROJECTION_MATRIX, m);
   CHECK(m[0] == 1 && m[5] == 1 && m[10] == -2 && m[11] == -1 && m[14] == -3 && m[15] == 0);

   /* stack depths (Mesa's) and their errors */
   static const struct {
      GLenum mode, depth_pname, max_pname;
      GLint max;
   } stacks[] = {
      {GL_MODELVIEW, GL_MODELVIEW_STACK_DEPTH, GL_MAX_MODELVIEW_STACK_DEPTH, 32},
      {GL_PROJECTION, GL_PROJECTION_STACK_DEPTH, GL_MAX_PROJECTION_STACK_DEPTH, 32},
      {GL_TEXTURE, GL_TEXTURE_STACK_DEPTH, GL_MAX_TEXTURE_STACK_DEPTH, 10},
      {GL_COLOR, GL_COLOR_MATRIX_STACK_DEPTH, GL_MAX_COLOR_MATRIX_STACK_DEPTH, 4},
   };
   for (unsigned s = 0; s < 4; s++) {
      mgl_glMatrixMode(stacks[s].mode);
      mgl_glGetIntegerv(stacks[s].max_pname, &i);
      CHECK_EQ(i, stacks[s].max);
      mgl_glGetIntegerv(stacks[s].depth_pname, &i);
      CHECK_EQ(i, 1);
      mgl_glPopMatrix();
      CHECK_ERR(GL_STACK_UNDERFLOW);
      for (GLint k = 1; k < stacks[s].max; k++)
         mgl_glPushMatrix();
      CHECK_ERR(GL_NO_ERROR);
      mgl_glGetIntegerv(stacks[s].depth_pname, &i);
      CHECK_EQ(i, stacks[s].max);
      mgl_glPushMatrix();
      CHECK_ERR(GL_STACK_OVERFLOW);
      mgl_glGetIntegerv(stacks[s].depth_pname, &i);
      CHECK_EQ(i, stacks[s].max);
      for (GLint k = 1; k < stacks[s].max; k++)
         mgl_glPopMatrix();
      CHECK_ERR(GL_NO_ERROR);
   }
   /* push copies the top; pop restores what was below */
   mgl_glMatrixMode(GL_MODELVIEW);
   mgl_glLoadIdentity();
   mgl_glTranslatef(1, 0, 0);
   mgl_glPushMatrix();
   mgl_glGetFloatv(GL_MODELVIEW_MATRIX, m);
   CHECK(m[12] == 1);
   mgl_glTranslatef(1, 0, 0);
   mgl_glPopMatrix();
   mgl_glGetFloatv(GL_MODELVIEW_MATRIX, m);
   CHECK(m[12] == 1);

   /* one texture stack per unit; past the coordinate sets, GL_INVALID_OPERATION */
   mgl_glMatrixMode(GL_TEXTURE);
   mgl_glActiveTexture(GL_TEXTURE1);
   mgl_glTranslatef(0, 7, 0);
   mgl_glGetFloatv(GL_TEXTURE_MATRIX, m);
   CHECK(m[13] == 7);
   mgl_glActiveTexture(GL_TEXTURE0);
   mgl_glGetFloatv(GL_TEXTURE_MATRIX, m);
   CHECK(m[13] == 0);
   mgl_glActiveTexture(GL_TEXTURE0 + 9);
   mgl_glPushMatrix();
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glActiveTexture(GL_TEXTURE0);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

static void
test_lights_materials(void)
{
   struct fe_test_env e;
   env_init_compat(&e);
   float v[4];
   mgl_glGetLightfv(GL_LIGHT1, GL_DIFFUSE, v);
   CHECK(v[0] == 0 && v[3] == 1);
   mgl_glGetLightfv(GL_LIGHT0, GL_DIFFUSE, v);
   CHECK(v[0] == 1 && v[3] == 1);
   /* the position is stored in eye space: the modelview at the call */
   mgl_glTranslatef(0, 0, -5);
   const float p[4] = {1, 2, 3, 1};
   mgl_glLightfv(GL_LIGHT0 + 2, GL_POSITION, p);
   mgl_glLoadIdentity();
   mgl_glGetLightfv(GL_LIGHT0 + 2, GL_POSITION, v);
   CHECK(v[0] == 1 && v[1] == 2 && v[2] == -2 && v[3] == 1);
   mgl_glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 95);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, 129);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glLightf(GL_LIGHT0, GL_LINEAR_ATTENUATION, -1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glLightf(GL_LIGHT0 + 8, GL_SPOT_CUTOFF, 45);
   CHECK_ERR(GL_INVALID_ENUM);
   /* a scalar call of a vector parameter sets (param, 0, 0, 0) with no error, as GL 1.x-2.1
    * name none for it (piglit gl-1.0-beginend-coverage and Mesa agree) */
   mgl_glLightf(GL_LIGHT0, GL_POSITION, 1);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glLighti(GL_LIGHT0 + 3, GL_SPOT_CUTOFF, 180);
   CHECK_ERR(GL_NO_ERROR);
   GLint iv[4];
   mgl_glGetLightiv(GL_LIGHT0, GL_SPOT_CUTOFF, iv);
   CHECK_EQ(iv[0], 180);

   mgl_glMaterialf(GL_FRONT, GL_SHININESS, 129);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glMaterialf(GL_FRONT, GL_DIFFUSE, 1);
   CHECK_ERR(GL_NO_ERROR);
   const float red[4] = {1, 0, 0, 1};
   mgl_glMaterialfv(GL_BACK, GL_AMBIENT_AND_DIFFUSE, red);
   mgl_glGetMaterialfv(GL_BACK, GL_AMBIENT, v);
   CHECK(v[0] == 1 && v[1] == 0);
   mgl_glGetMaterialfv(GL_FRONT, GL_AMBIENT, v);
   CHECK(v[0] == 0.2f);
   mgl_glGetMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, v);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glColorMaterial(GL_FRONT, GL_SHININESS);
   CHECK_ERR(GL_INVALID_ENUM);

   mgl_glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
   GLint i = 0;
   mgl_glGetIntegerv(GL_LIGHT_MODEL_COLOR_CONTROL, &i);
   CHECK_EQ(i, GL_SEPARATE_SPECULAR_COLOR);
   mgl_glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_FLAT);
   CHECK_ERR(GL_INVALID_ENUM);
   float amb[4];
   mgl_glGetFloatv(GL_LIGHT_MODEL_AMBIENT, amb);
   CHECK(amb[0] == 0.2f && amb[3] == 1.0f);

   mgl_glEnable(GL_LIGHTING);
   mgl_glEnable(GL_LIGHT0 + 7);
   CHECK(mgl_glIsEnabled(GL_LIGHTING) && mgl_glIsEnabled(GL_LIGHT7) &&
         !mgl_glIsEnabled(GL_LIGHT0 + 6));
   GLboolean b = GL_FALSE;
   mgl_glGetBooleanv(GL_LIGHTING, &b);
   CHECK(b == GL_TRUE);
   mgl_glGetIntegerv(GL_MAX_LIGHTS, &i);
   CHECK_EQ(i, 8);

   mgl_glFogi(GL_FOG_MODE, GL_LINEAR);
   mgl_glFogi(GL_FOG_MODE, GL_NEVER);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glFogf(GL_FOG_DENSITY, -1);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetIntegerv(GL_FOG_MODE, &i);
   CHECK_EQ(i, GL_LINEAR);
   mgl_glAlphaFunc(GL_GREATER, 2.0f);
   float ref = 0;
   mgl_glGetFloatv(GL_ALPHA_TEST_REF, &ref);
   CHECK(ref == 1.0f); /* clamped */
   mgl_glShadeModel(GL_LINE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_LINE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 3.0f);
   CHECK_ERR(GL_INVALID_VALUE);

   /* texgen: sphere maps only S and T, normal/reflection maps not Q; eye planes in eye space */
   mgl_glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexGeni(GL_Q, GL_TEXTURE_GEN_MODE, GL_NORMAL_MAP);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexGenf(GL_S, GL_EYE_PLANE, 1.0f);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_REFLECTION_MAP);
   mgl_glGetTexGeniv(GL_R, GL_TEXTURE_GEN_MODE, &i);
   CHECK_EQ(i, GL_REFLECTION_MAP);
   mgl_glTranslatef(0, 0, 2);
   const float plane[4] = {0, 0, 1, 0};
   mgl_glTexGenfv(GL_T, GL_EYE_PLANE, plane); /* z_obj = z_eye - 2: (0, 0, 1, -2) */
   mgl_glLoadIdentity();
   float got[4];
   mgl_glGetTexGenfv(GL_T, GL_EYE_PLANE, got);
   CHECK(got[2] == 1 && got[3] == -2);
   GLdouble cp[4] = {1, 0, 0, 0}, cpo[4];
   mgl_glTranslatef(3, 0, 0);
   mgl_glClipPlane(GL_CLIP_PLANE0 + 1, cp);
   mgl_glGetClipPlane(GL_CLIP_PLANE0 + 1, cpo);
   CHECK(cpo[0] == 1 && cpo[3] == -3);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* A steady frame makes no program: the first draw generates one (create_shader), the same
 * state again sends neither a program nor constants; a matrix change re-sends constants only;
 * a new key makes one more program, going back to the old key reuses the first. */
static void
test_steady_frames(void)
{
   /* the constants' bytes are read from set_global_constants: a backend without
    * set_constant_words (GLES before ABI 41) */
   fake_caps.call_mask[MGP_CALL_set_constant_words / 64] &=
      ~(1ull << (MGP_CALL_set_constant_words % 64));
   struct fe_test_env e;
   env_init_compat(&e);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   struct fake_program fp = {.num_uniforms = 1, .uniforms = {{"ff", GL_FLOAT_VEC4, 32}}};
   fake_glsl_next(&fp);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_create_shader), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 1);
   CHECK_EQ(e.ctx->ff->programs_created, 1);
   CHECK_ERR(GL_NO_ERROR);
   for (int frame = 0; frame < 3; frame++) {
      fake_clear();
      mgl_glClear(GL_COLOR_BUFFER_BIT);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(fake_count_of(MGP_CALL_create_shader), 0);
      CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 0);
      CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_vbo), 2);
   }
   /* the same matrix loaded again changes nothing; a new one re-sends constants */
   fake_clear();
   mgl_glLoadIdentity();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 0);
   mgl_glRotatef(30, 0, 0, 1);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_create_shader), 0);
   const struct fake_rec *r = fake_find(MGP_CALL_set_global_constants, 0);
   if (r) {
      /* the MVP's first column, slot 0: (cos 30, sin 30, 0, 0) */
      const float *mvp = (const float *)r->data;
      const struct mgp_set_global_constants *a = (const void *)r->args;
      CHECK_EQ(a->offset, 0);
      CHECK(fabsf(mvp[0] - 0.8660254f) < 1e-6f && fabsf(mvp[1] - 0.5f) < 1e-6f);
   }
   /* a new key: one more program; the old key again: the first one, no link */
   fake_glsl_next(&fp);
   fake_clear();
   mgl_glEnable(GL_FOG);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_create_shader), 1);
   mgl_glDisable(GL_FOG);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glEnable(GL_FOG);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_create_shader), 1);
   CHECK_EQ(e.ctx->ff->programs_created, 2);
   /* a program bound takes over; unbinding returns to the generated one */
   GLuint prog = make_program(&(struct fake_program){.num_inputs = 1, .inputs = {"pos"}});
   mgl_glUseProgram(prog);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glUseProgram(0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(e.ctx->ff->programs_created, 2);
   /* glUniform with no program stays an error (the generated program is not current) */
   mgl_glUniform1f(0, 1.0f);
   CHECK_ERR(GL_INVALID_OPERATION);
   CHECK_ERR(GL_NO_ERROR);
   fake_caps.call_mask[MGP_CALL_set_constant_words / 64] |= 1ull
                                                            << (MGP_CALL_set_constant_words % 64);
   env_finish(&e);
}

/* GL_EVAL_BIT (GL 2.1 §6.1.14, table 6.x "eval"): the map enables, GL_AUTO_NORMAL and both
 * grids come back on glPopAttrib; the control points do not belong to the group. GL_ENABLE_BIT
 * holds the enables too. */
static void
test_eval_bit(void)
{
   struct fe_test_env e;
   env_init_compat(&e);
   const GLenum map1_v3 = 0x0D97, map2_v3 = 0x0DB7, map2_color = 0x0DB0, auto_normal = 0x0D80;
   const GLenum grid1_domain = 0x0DD0, grid1_seg = 0x0DD1, grid2_domain = 0x0DD2,
                grid2_seg = 0x0DD3;
   const GLfloat pts[6] = {0, 0, 0, 1, 1, 1};
   mgl_glMap1f(map1_v3, 0.0f, 1.0f, 3, 2, pts);
   mgl_glEnable(map1_v3);
   mgl_glEnable(auto_normal);
   mgl_glMapGrid1f(8, 0.25f, 0.75f);
   mgl_glMapGrid2f(4, -1.0f, 1.0f, 6, 2.0f, 3.0f);
   CHECK_ERR(GL_NO_ERROR);

   mgl_glPushAttrib(0x00010000 /* GL_EVAL_BIT */);
   mgl_glDisable(map1_v3);
   mgl_glEnable(map2_v3);
   mgl_glEnable(map2_color);
   mgl_glDisable(auto_normal);
   mgl_glMapGrid1f(2, 0.0f, 5.0f);
   mgl_glMapGrid2f(3, 0.0f, 1.0f, 3, 0.0f, 1.0f);
   const GLfloat pts2[6] = {5, 5, 5, 6, 6, 6};
   mgl_glMap1f(map1_v3, 0.0f, 1.0f, 3, 2, pts2); /* not part of the group */
   mgl_glPopAttrib();
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgl_glIsEnabled(map1_v3));
   CHECK(!mgl_glIsEnabled(map2_v3));
   CHECK(!mgl_glIsEnabled(map2_color));
   CHECK(mgl_glIsEnabled(auto_normal));
   GLfloat d[4] = {0};
   GLint n[2] = {0};
   mgl_glGetFloatv(grid1_domain, d);
   CHECK(d[0] == 0.25f && d[1] == 0.75f);
   mgl_glGetIntegerv(grid1_seg, n);
   CHECK_EQ(n[0], 8);
   mgl_glGetFloatv(grid2_domain, d);
   CHECK(d[0] == -1.0f && d[1] == 1.0f && d[2] == 2.0f && d[3] == 3.0f);
   mgl_glGetIntegerv(grid2_seg, n);
   CHECK(n[0] == 4 && n[1] == 6);
   GLfloat got[6] = {0};
   mgl_glGetMapfv(map1_v3, 0x0A00 /* GL_COEFF */, got);
   CHECK(got[0] == 5.0f && got[5] == 6.0f);

   /* GL_ENABLE_BIT: the enables, not the grids */
   mgl_glPushAttrib(0x00002000 /* GL_ENABLE_BIT */);
   mgl_glDisable(map1_v3);
   mgl_glDisable(auto_normal);
   mgl_glEnable(map2_v3);
   mgl_glMapGrid1f(3, 0.0f, 2.0f);
   mgl_glPopAttrib();
   CHECK(mgl_glIsEnabled(map1_v3));
   CHECK(mgl_glIsEnabled(auto_normal));
   CHECK(!mgl_glIsEnabled(map2_v3));
   mgl_glGetIntegerv(grid1_seg, n);
   CHECK_EQ(n[0], 3);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

int
main(void)
{
   test_core_refuses();
   test_matrices();
   test_lights_materials();
   test_steady_frames();
   test_eval_bit();
   return fe_test_report("unit.frontend.ff");
}
