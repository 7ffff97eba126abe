/* scenario_ff.c: scenarios of fixed-function processing in a compatibility context: matrix
 * stacks, texture environments, alpha test, fog and lighting, drawn with no program bound and
 * the conventional attributes at their generic slots (position 0, normal 2, colour 3,
 * texture coordinate 0 at 8). Expected colours come from the GL 2.1 formulas on the same
 * numbers; every value is chosen so no expected byte sits near a rounding boundary. */
#include "scenario.h"

typedef void(APIENTRYP pfn_attrib4f)(GLuint, GLfloat, GLfloat, GLfloat, GLfloat);

static pfn_attrib4f attrib4f_generic;

/* The current colour (slot 3), normal (2) or texture coordinate 0 (8). mgl aliases them to the
 * generic attributes of those slots (its contract, NVIDIA's layout); other implementations
 * (Mesa) do not, so there the conventional commands set them. */
static void
attrib4f(GLuint slot, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   if (on_mgl()) {
      attrib4f_generic(slot, x, y, z, w);
      return;
   }
   switch (slot) {
   case 2: glNormal3f(x, y, z); break;
   case 3: glColor4f(x, y, z, w); break;
   default: glTexCoord4f(x, y, z, w); break;
   }
}

/* A VAO with one buffer of 3-float positions at attribute 0 and, when cols is not NULL,
 * 4-float colours at attribute 3. */
static GLuint
ff_vao(const float *xyz, const float *cols, int n)
{
   attrib4f_generic = (pfn_attrib4f)eglGetProcAddress("glVertexAttrib4f");
   if (!attrib4f_generic)
      die_setup("no glVertexAttrib4f");
   GLuint vao, vbo[2];
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(2, vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo[0]);
   gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n * 3 * sizeof(float)), xyz, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, 0);
   gl.EnableVertexAttribArray(0);
   if (cols) {
      gl.BindBuffer(GL_ARRAY_BUFFER, vbo[1]);
      gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n * 4 * sizeof(float)), cols, GL_STATIC_DRAW);
      if (on_mgl()) {
         gl.VertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, 0, 0);
         gl.EnableVertexAttribArray(3);
      } else {
         glColorPointer(4, GL_FLOAT, 0, 0);
         glEnableClientState(GL_COLOR_ARRAY);
      }
   }
   return vao;
}

/* Two triangles covering [x0,x1) x [y0,y1) at z, 3 floats a vertex. */
static void
quad3(float *out18, float x0, float y0, float x1, float y1, float z)
{
   const float v[18] = {x0, y0, z, x1, y0, z, x1, y1, z, x0, y0, z, x1, y1, z, x0, y1, z};
   memcpy(out18, v, sizeof(v));
}

static rgba8
rgba(float r, float g, float b, float a)
{
   return to8(V4(r > 1 ? 1 : r, g > 1 ? 1 : g, b > 1 ? 1 : b, a > 1 ? 1 : a));
}

/* ff_matrix: a 20x10 rectangle centred on the origin, rotated 90 degrees and translated to
 * (32, 32) by the modelview under a pixel glOrtho projection (so it covers [27,37) x
 * [22,42)); a glPushMatrix'd translate drawn after a glPopMatrix lands where the outer
 * matrix puts it; a flat-shaded triangle takes its last vertex's colour. */
void
sc_ff_matrix(void)
{
   float v[18 * 2 + 9];
   quad3(v, -10, -5, 10, 5, 0);
   quad3(v + 18, 0, 0, 8, 8, 0);
   const float tri[9] = {4, 50, 0, 20, 50, 0, 4, 62, 0};
   memcpy(v + 36, tri, sizeof(tri));
   float cols[15 * 4];
   for (int i = 0; i < 12; i++) {
      const float c[4] = {0.2f, 0.4f, 0.6f, 1.0f};
      memcpy(cols + i * 4, c, sizeof(c));
   }
   const float tc[12] = {1, 0, 0, 1, 0, 1, 0, 1, 0.8f, 0.6f, 0.2f, 1};
   memcpy(cols + 48, tc, sizeof(tc));
   ff_vao(v, cols, 15);

   compat_pixel_ortho(-1, 1);
   glTranslatef(32, 32, 0);
   glRotatef(90, 0, 0, 1);
   const vec4f bg = V4(0, 0, 0, 0);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glPushMatrix();
   glLoadIdentity();
   glTranslatef(40, 4, 0);
   glDrawArrays(GL_TRIANGLES, 6, 6); /* [40,48) x [4,12) */
   glPopMatrix();
   GLint depth = 0;
   glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, &depth);
   if (depth != 1)
      fail("GL_MODELVIEW_STACK_DEPTH %d after the pop, want 1", depth);
   glLoadIdentity();
   glShadeModel(GL_FLAT);
   glDrawArrays(GL_TRIANGLES, 12, 3);
   glShadeModel(GL_SMOOTH);
   check_gl_error("draws");

   model m;
   model_init(&m, bg);
   model_rect(&m, 27, 22, 37, 42, rgba(0.2f, 0.4f, 0.6f, 1));
   model_rect(&m, 40, 4, 48, 12, rgba(0.2f, 0.4f, 0.6f, 1));
   model_tri(&m, (const float[]){4, 50, 20, 50, 4, 62}, rgba(0.8f, 0.6f, 0.2f, 1));
   check_frame("matrices", &m);
}

/* ff_texenv: a 1x1 texture under each texture environment, RGBA (top row) and RGB (bottom row,
 * texture object 0) formats: MODULATE, REPLACE, DECAL, BLEND, ADD, left to right. */
void
sc_ff_texenv(void)
{
   static const GLenum modes[5] = {GL_MODULATE, GL_REPLACE, GL_DECAL, GL_BLEND, GL_ADD};
   float v[18 * 10];
   for (int row = 0; row < 2; row++)
      for (int i = 0; i < 5; i++)
         quad3(v + (row * 5 + i) * 18, 4 + 12 * i, 8 + 28 * row, 12 + 12 * i, 28 + 28 * row, 0);
   ff_vao(v, NULL, 60);
   const float cf[4] = {0.6f, 1.0f, 0.4f, 0.8f};
   const float ct[4] = {1.0f, 0.6f, 0.2f, 0.6f};
   const float cc[4] = {0.2f, 0.4f, 0.8f, 1.0f};
   attrib4f(3, cf[0], cf[1], cf[2], cf[3]);
   attrib4f(8, 0.5f, 0.5f, 0.0f, 1.0f);
   const GLubyte texel[4] = {255, 153, 51, 153};
   GLuint tex[2] = {0, 0};
   glGenTextures(1, tex); /* the RGB row uses texture object 0, as old programs do */
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (int k = 0; k < 2; k++) {
      glBindTexture(GL_TEXTURE_2D, tex[k]);
      glTexImage2D(GL_TEXTURE_2D, 0, k ? GL_RGB8 : GL_RGBA8, 1, 1, 0, k ? GL_RGB : GL_RGBA,
                   GL_UNSIGNED_BYTE, k ? (const GLubyte[]){255, 153, 51} : texel);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   }
   glEnable(GL_TEXTURE_2D);
   glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, cc);
   compat_pixel_ortho(-1, 1);
   const vec4f bg = V4(0, 0, 0, 0);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   for (int row = 0; row < 2; row++) {
      glBindTexture(GL_TEXTURE_2D, tex[row]);
      const float at = row ? 1.0f : ct[3];
      for (int i = 0; i < 5; i++) {
         glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, (GLint)modes[i]);
         glDrawArrays(GL_TRIANGLES, (row * 5 + i) * 6, 6);
         float c[4];
         for (int k = 0; k < 3; k++) {
            switch (modes[i]) {
            case GL_MODULATE: c[k] = cf[k] * ct[k]; break;
            case GL_REPLACE: c[k] = ct[k]; break;
            case GL_DECAL: c[k] = cf[k] * (1 - at) + ct[k] * at; break;
            case GL_BLEND: c[k] = cf[k] * (1 - ct[k]) + cc[k] * ct[k]; break;
            default: c[k] = cf[k] + ct[k]; break;
            }
         }
         c[3] = modes[i] == GL_DECAL ? cf[3] : modes[i] == GL_REPLACE && !row ? at : cf[3] * at;
         model_rect(&m, 4 + 12 * i, 8 + 28 * row, 12 + 12 * i, 28 + 28 * row,
                    rgba(c[0], c[1], c[2], c[3]));
      }
   }
   check_gl_error("draws");
   check_frame("texture environments", &m);
   GLint mode = 0;
   glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &mode);
   if (mode != GL_ADD)
      fail("GL_TEXTURE_ENV_MODE 0x%x, want GL_ADD", mode);
}

/* ff_alpha_fog: alpha test GL_GREATER 0.5 discards a quad of alpha 0.4 and keeps one of 0.6;
 * linear fog (start 0, end 10) at eye depths 2, 4, 6, 8 blends towards the fog colour by
 * f = (10 - d) / 10; GL_EXP fog of density 0.1 at depth 5. */
void
sc_ff_alpha_fog(void)
{
   float v[18 * 7];
   quad3(v, 4, 4, 20, 20, 0);
   quad3(v + 18, 24, 4, 40, 20, 0);
   for (int i = 0; i < 4; i++)
      quad3(v + 36 + 18 * i, 4 + 14 * i, 30, 14 + 14 * i, 44, -(2.0f + 2.0f * i));
   quad3(v + 108, 4, 50, 20, 60, -5);
   ff_vao(v, NULL, 42);
   compat_pixel_ortho(0, 10);
   const vec4f bg = V4(0, 0, 0, 0);
   clear_to(bg);
   model m;
   model_init(&m, bg);

   glEnable(GL_ALPHA_TEST);
   glAlphaFunc(GL_GREATER, 0.5f);
   attrib4f(3, 0.2f, 0.4f, 0.6f, 0.4f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   attrib4f(3, 0.2f, 0.4f, 0.6f, 0.6f);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   model_rect(&m, 24, 4, 40, 20, rgba(0.2f, 0.4f, 0.6f, 0.6f));
   glDisable(GL_ALPHA_TEST);

   const float cf[4] = {1.0f, 0.2f, 0.6f, 1.0f}, fc[4] = {0.2f, 0.4f, 1.0f, 1.0f};
   attrib4f(3, cf[0], cf[1], cf[2], cf[3]);
   glEnable(GL_FOG);
   glFogfv(GL_FOG_COLOR, fc);
   glFogi(GL_FOG_MODE, GL_LINEAR);
   glFogf(GL_FOG_START, 0);
   glFogf(GL_FOG_END, 10);
   glDrawArrays(GL_TRIANGLES, 12, 24);
   for (int i = 0; i < 4; i++) {
      const float f = (10.0f - (2.0f + 2.0f * i)) / 10.0f;
      model_rect(&m, 4 + 14 * i, 30, 14 + 14 * i, 44,
                 rgba(f * cf[0] + (1 - f) * fc[0], f * cf[1] + (1 - f) * fc[1],
                      f * cf[2] + (1 - f) * fc[2], 1));
   }
   glFogi(GL_FOG_MODE, GL_EXP);
   glFogf(GL_FOG_DENSITY, 0.1f);
   glDrawArrays(GL_TRIANGLES, 36, 6);
   const float f = expf(-0.5f);
   model_rect(&m, 4, 50, 20, 60,
              rgba(f * cf[0] + (1 - f) * fc[0], f * cf[1] + (1 - f) * fc[1],
                   f * cf[2] + (1 - f) * fc[2], 1));
   glDisable(GL_FOG);
   check_gl_error("draws");
   check_frame("alpha test and fog", &m);
   GLint mode = 0;
   glGetIntegerv(GL_FOG_MODE, &mode);
   if (mode != GL_EXP)
      fail("GL_FOG_MODE 0x%x, want GL_EXP", mode);
}

/* ff_lighting: one directional light (GL_LIGHT0's defaults: white diffuse and specular) on
 * quads of normal +z: straight on; at 60 degrees (n.L = 0.5) with a specular term; with
 * GL_COLOR_MATERIAL; and a back-facing quad under two-sided lighting with the back material.
 * c = e + a_m a_lm + sum(a_m a_l + (n.L) d_m d_l + (n.h)^s s_m s_l), alpha d_m's. */
void
sc_ff_lighting(void)
{
   float v[18 * 4];
   quad3(v, 4, 4, 28, 28, 0);
   quad3(v + 18, 36, 4, 60, 28, 0);
   quad3(v + 36, 4, 36, 28, 60, 0);
   quad3(v + 54, 60, 36, 36, 60, 0); /* clockwise: back-facing */
   ff_vao(v, NULL, 24);
   compat_pixel_ortho(-1, 1);
   const vec4f bg = V4(0, 0, 0, 0);
   clear_to(bg);
   model m;
   model_init(&m, bg);

   glEnable(GL_LIGHTING);
   glEnable(GL_LIGHT0);
   const float amb[4] = {0.2f, 0.4f, 0.6f, 1}, dif[4] = {0.6f, 0.4f, 0.2f, 1};
   glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, amb);
   glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, dif);
   attrib4f(2, 0, 0, 1, 1);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   model_rect(&m, 4, 4, 28, 28,
              rgba(0.2f * 0.2f + 0.6f, 0.4f * 0.2f + 0.4f, 0.6f * 0.2f + 0.2f, 1));

   const float pos60[4] = {0, 0.8660254f, 0.5f, 0}, spec[4] = {0.2f, 0.2f, 0.2f, 1};
   glLightfv(GL_LIGHT0, GL_POSITION, pos60);
   glMaterialfv(GL_FRONT, GL_SPECULAR, spec);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   model_rect(
      &m, 36, 4, 60, 28,
      rgba(0.04f + 0.5f * 0.6f + 0.2f, 0.08f + 0.5f * 0.4f + 0.2f, 0.12f + 0.5f * 0.2f + 0.2f, 1));
   const float zero[4] = {0, 0, 0, 1}, pos_z[4] = {0, 0, 1, 0};
   glMaterialfv(GL_FRONT, GL_SPECULAR, zero);
   glLightfv(GL_LIGHT0, GL_POSITION, pos_z);

   glEnable(GL_COLOR_MATERIAL);
   attrib4f(3, 0.4f, 0.2f, 0.6f, 1);
   glDrawArrays(GL_TRIANGLES, 12, 6);
   model_rect(&m, 4, 36, 28, 60,
              rgba(0.4f * 0.2f + 0.4f, 0.2f * 0.2f + 0.2f, 0.6f * 0.2f + 0.6f, 1));
   glDisable(GL_COLOR_MATERIAL);
   float got[4] = {0};
   glGetMaterialfv(GL_FRONT, GL_DIFFUSE, got);
   if (got[0] != 0.4f || got[1] != 0.2f || got[2] != 0.6f)
      fail("GL_DIFFUSE after colour material (%g %g %g), want the colour (0.4 0.2 0.6)",
           (double)got[0], (double)got[1], (double)got[2]);

   glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 1);
   const float back_dif[4] = {0.2f, 0.6f, 0.4f, 1}, back_amb[4] = {0.2f, 0.2f, 0.2f, 1};
   glMaterialfv(GL_BACK, GL_DIFFUSE, back_dif);
   glMaterialfv(GL_BACK, GL_AMBIENT, back_amb);
   attrib4f(2, 0, 0, -1, 1);
   glDrawArrays(GL_TRIANGLES, 18, 6);
   model_rect(&m, 36, 36, 60, 60, rgba(0.04f + 0.2f, 0.04f + 0.6f, 0.04f + 0.4f, 1));
   check_gl_error("draws");
   check_frame("lighting", &m);
}

/* ff_texgen_clip_combine: texture coordinates from GL_OBJECT_LINEAR texgen (s = x / 64 across
 * a 4x1 NEAREST texture: 16-pixel columns); a user clip plane (-x + 40 >= 0) cutting a quad at
 * x = 40; GL_COMBINE with MODULATE(texture, constant) at RGB_SCALE 2 and the alpha REPLACEd by
 * the primary colour's. */
void
sc_ff_texgen_clip_combine(void)
{
   float v[18 * 3];
   quad3(v, 0, 0, 64, 16, 0);
   quad3(v + 18, 0, 20, 64, 36, 0);
   quad3(v + 36, 8, 42, 56, 60, 0);
   ff_vao(v, NULL, 18);
   compat_pixel_ortho(-1, 1);
   const vec4f bg = V4(0, 0, 0, 0);
   clear_to(bg);
   model m;
   model_init(&m, bg);

   static const GLubyte row[16] = {255, 0, 0,   255, 0,   255, 0, 255,
                                   0,   0, 255, 255, 255, 255, 0, 255};
   GLuint tex[2];
   glGenTextures(2, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, row);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   const float splane[4] = {1.0f / 64, 0, 0, 0}, tplane[4] = {0, 0, 0, 0.5f};
   glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
   glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
   glTexGenfv(GL_S, GL_OBJECT_PLANE, splane);
   glTexGenfv(GL_T, GL_OBJECT_PLANE, tplane);
   glEnable(GL_TEXTURE_GEN_S);
   glEnable(GL_TEXTURE_GEN_T);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_TEXTURE_GEN_S);
   glDisable(GL_TEXTURE_GEN_T);
   glDisable(GL_TEXTURE_2D);
   for (int i = 0; i < 4; i++)
      model_rect(&m, 16 * i, 0, 16 * i + 16, 16,
                 (rgba8){{row[4 * i], row[4 * i + 1], row[4 * i + 2], row[4 * i + 3]}});

   const GLdouble plane[4] = {-1, 0, 0, 40};
   glClipPlane(GL_CLIP_PLANE0, plane);
   glEnable(GL_CLIP_PLANE0);
   attrib4f(3, 0.2f, 0.8f, 0.4f, 1);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   glDisable(GL_CLIP_PLANE0);
   model_rect(&m, 0, 20, 40, 36, rgba(0.2f, 0.8f, 0.4f, 1));

   const GLubyte texel[4] = {255, 153, 51, 153};
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D);
   attrib4f(8, 0.5f, 0.5f, 0, 1);
   attrib4f(3, 0.2f, 0.4f, 0.6f, 0.8f);
   const float cc[4] = {0.4f, 0.8f, 0.2f, 1};
   glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, cc);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
   glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_MODULATE);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, GL_TEXTURE);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, GL_CONSTANT);
   glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 2.0f);
   glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, GL_REPLACE);
   glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_ALPHA, GL_PRIMARY_COLOR);
   glDrawArrays(GL_TRIANGLES, 12, 6);
   glDisable(GL_TEXTURE_2D);
   model_rect(&m, 8, 42, 56, 60, rgba(2 * 1.0f * 0.4f, 2 * 0.6f * 0.8f, 2 * 0.2f * 0.2f, 0.8f));
   check_gl_error("draws");
   check_frame("texgen, clip plane, combine", &m);
   GLint mode = 0;
   glGetTexGeniv(GL_S, GL_TEXTURE_GEN_MODE, &mode);
   if (mode != GL_OBJECT_LINEAR)
      fail("GL_TEXTURE_GEN_MODE 0x%x, want GL_OBJECT_LINEAR", mode);
}

/* ff_texenv_lod_bias: the texture unit's own LOD bias (glTexEnv GL_TEXTURE_FILTER_CONTROL,
 * GL 2.1 §3.8.8) adds to the level a draw samples: a 64x64 texture whose levels 0, 1 and 2 are
 * red, green and blue, drawn one texel a pixel (level 0), in three columns with unit biases
 * 0, 1 and 2 (nearest mipmap: levels 0, 1, 2). Before, the bias was kept and queried but the
 * sampler never got it (piglit's lodbias). */
void
sc_ff_texenv_lod_bias(void)
{
   GLuint tex = 0;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   static GLubyte texels[64 * 64 * 4];
   for (int level = 0; level < 7; level++) {
      const int side = 64 >> level;
      const GLubyte c[4] = {level == 0 || level > 2 ? 255 : 0, level == 1 || level > 2 ? 255 : 0,
                            level >= 2 ? 255 : 0, 255};
      for (int i = 0; i < side * side; i++)
         memcpy(texels + 4 * i, c, 4);
      glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, side, side, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   texels);
   }
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   compat_pixel_ortho(-1, 1);
   const vec4f bg = V4(0, 0, 0, 1);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   const vec4f level_colour[3] = {V4(1, 0, 0, 1), V4(0, 1, 0, 1), V4(0, 0, 1, 1)};
   for (int k = 0; k < 3; k++) {
      const float x0 = 22.0f * (float)k, x1 = x0 + 20.0f;
      glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, (float)k);
      glBegin(GL_QUADS);
      glTexCoord2f(x0 / 64.0f, 0.0f);
      glVertex2f(x0, 0.0f);
      glTexCoord2f(x1 / 64.0f, 0.0f);
      glVertex2f(x1, 0.0f);
      glTexCoord2f(x1 / 64.0f, 1.0f);
      glVertex2f(x1, 64.0f);
      glTexCoord2f(x0 / 64.0f, 1.0f);
      glVertex2f(x0, 64.0f);
      glEnd();
      model_rect(&m, (int)x0, 0, (int)x1, 64, to8(level_colour[k]));
   }
   check_gl_error("draws");
   check_frame("the texture unit's LOD bias", &m);
   GLfloat bias = -1.0f;
   glGetTexEnvfv(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, &bias);
   if (bias != 2.0f)
      fail("GL_TEXTURE_LOD_BIAS of the unit reads %g, want 2", bias);
   glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, 0.0f);
   glDisable(GL_TEXTURE_2D);
}
