/* scenario_compat_arbp.c: ARB assembly programs in a compatibility context, drawn in
 * immediate mode under a pixel glOrtho projection. A vertex program with fixed-function
 * fragment processing (state.matrix.mvp rows, program.env, a PARAM array read through ARL,
 * SWZ, LIT, the alpha test after it), then a fragment program with fixed-function vertex
 * processing (TEX of a nearest-filtered 2x2 texture, MUL by the interpolated colour, KIL,
 * _SAT, SWZ, CMP, program.local). Expected colours are the ARB formulas on numbers chosen away
 * from rounding boundaries. Last, a GL_ATI_fragment_shader drawn the same way (it runs as an
 * ARB fragment program). */
#include "scenario.h"

static PFNGLGENPROGRAMSARBPROC gen_programs;
static PFNGLBINDPROGRAMARBPROC bind_program;
static PFNGLPROGRAMSTRINGARBPROC program_string;
static PFNGLPROGRAMENVPARAMETER4FARBPROC env4f;
static PFNGLPROGRAMLOCALPARAMETER4FARBPROC local4f;

static bool
load_arb(const char *ext)
{
   if (!has_ext(ext)) {
      skipped(ext);
      return false;
   }
   gen_programs = (PFNGLGENPROGRAMSARBPROC)eglGetProcAddress("glGenProgramsARB");
   bind_program = (PFNGLBINDPROGRAMARBPROC)eglGetProcAddress("glBindProgramARB");
   program_string = (PFNGLPROGRAMSTRINGARBPROC)eglGetProcAddress("glProgramStringARB");
   env4f = (PFNGLPROGRAMENVPARAMETER4FARBPROC)eglGetProcAddress("glProgramEnvParameter4fARB");
   local4f = (PFNGLPROGRAMLOCALPARAMETER4FARBPROC)eglGetProcAddress("glProgramLocalParameter4fARB");
   if (!gen_programs || !bind_program || !program_string || !env4f || !local4f)
      die_setup("%s advertised without its commands", ext);
   return true;
}

/* A program of target loaded from text, bound; a load error fails the scenario. */
static GLuint
load_program(GLenum target, const char *text)
{
   GLuint p;
   gen_programs(1, &p);
   bind_program(target, p);
   program_string(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
   if (glGetError() != GL_NO_ERROR) {
      GLint pos = -1;
      glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
      fail("program did not load at %d: %s", pos,
           (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
   }
   return p;
}

static const char vp_text[] =
   "!!ARBvp1.0\n"
   "ATTRIB pos = vertex.position;\n"
   "PARAM mvp[4] = { state.matrix.mvp };\n"
   "PARAM pal[3] = { {1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0} };\n"
   "ADDRESS A0;\n"
   "TEMP t, l;\n"
   "DP4 result.position.x, mvp[0], pos;\n"
   "DP4 result.position.y, mvp[1], pos;\n"
   "DP4 result.position.z, mvp[2], pos;\n"
   "DP4 result.position.w, mvp[3], pos;\n"
   "ARL A0.x, vertex.texcoord[0].x;\n"
   "MUL t, vertex.color, program.env[0];\n"
   "ADD t, t, pal[A0.x];\n"
   /* LIT of (0.5, 0.25, -, 2): (1, 0.5, 0.0625, 1); its y into blue when texcoord.y is 1 */
   "LIT l, {0.5, 0.25, 0, 2};\n"
   "MAD t.z, l.y, vertex.texcoord[0].y, t.z;\n"
   "SWZ result.color, t, x, y, z, w;\n"
   "END\n";

/* compat_arb_vertex_program: four rectangles; the programs' colours are
 * vertex.color * env[0] + pal[texcoord.x] (+ 0.5 blue with texcoord.y 1); the third one's alpha
 * fails the fixed-function alpha test; the fourth is drawn with the program disabled (fixed
 * function: the plain colour). */
void
sc_compat_arb_vertex_program(void)
{
   if (!load_arb("GL_ARB_vertex_program"))
      return;
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   load_program(GL_VERTEX_PROGRAM_ARB, vp_text);
   env4f(GL_VERTEX_PROGRAM_ARB, 0, 1.0f, 0.5f, 2.0f, 1.0f);
   glEnable(GL_VERTEX_PROGRAM_ARB);
   glAlphaFunc(GL_GREATER, 0.5f);
   glEnable(GL_ALPHA_TEST);

   /* (0, 0.4, 0.2, 1) * env + red: (1, 0.2, 0.4, 1) */
   glColor4f(0.0f, 0.4f, 0.2f, 1.0f);
   glTexCoord2f(0.0f, 0.0f);
   compat_rect(4, 4, 28, 28);
   /* (0.4, 0.8, 0.1, 1) * env + blue + LIT's 0.5: (0.4, 0.4, 1.7 -> 1, 1) */
   glColor4f(0.4f, 0.8f, 0.1f, 1.0f);
   glTexCoord2f(2.0f, 1.0f);
   compat_rect(36, 4, 60, 28);
   /* alpha 0.25: the alpha test discards it */
   glColor4f(1.0f, 1.0f, 1.0f, 0.25f);
   glTexCoord2f(1.0f, 0.0f);
   compat_rect(4, 36, 28, 60);
   glDisable(GL_VERTEX_PROGRAM_ARB);
   glColor4f(0.2f, 0.6f, 0.8f, 1.0f);
   compat_rect(36, 36, 60, 60);
   glDisable(GL_ALPHA_TEST);
   check_gl_error("vertex program draws");
   readback();
   expect_px("program, red palette entry", 16, 16, to8(V4(1.0f, 0.2f, 0.4f, 1.0f)));
   expect_px("program, blue entry and LIT", 48, 16, to8(V4(0.4f, 0.4f, 1.0f, 1.0f)));
   expect_px("program, alpha-tested away", 16, 48, to8(bg));
   expect_px("disabled: fixed function", 48, 48, to8(V4(0.2f, 0.6f, 0.8f, 1.0f)));
   expect_px("outside", 32, 32, to8(bg));
}

static const char fp_tex_text[] = "!!ARBfp1.0\n"
                                  "TEMP t;\n"
                                  "TEX t, fragment.texcoord[0], texture[0], 2D;\n"
                                  "MUL result.color, t, fragment.color;\n"
                                  "END\n";

static const char fp_ops_text[] = "!!ARBfp1.0\n"
                                  "PARAM k = program.local[0];\n"
                                  "TEMP t, c;\n"
                                  "SUB t, fragment.texcoord[0], {0.5, 0.5, 0, 0};\n"
                                  "KIL t.xxxx;\n"
                                  "MUL_SAT c, fragment.color, k;\n"
                                  "CMP c.z, -t.y, 0.75, c.z;\n"
                                  "SWZ result.color, c, y, x, z, 1;\n"
                                  "END\n";

/* compat_arb_fragment_program: a 2x2 texture (red, green / blue, white) across [4,28)^2 times
 * the colour (1, 0.6, 0.4); then [36,60) x [4,28) with texture coordinates 0..1: its left half
 * killed, the right half (colour * (3, 0.5, 1, 1)) clamped, swizzled to (g, r, b, 1) with blue
 * 0.75 in the upper half (CMP on t.y > 0). */
void
sc_compat_arb_fragment_program(void)
{
   if (!load_arb("GL_ARB_fragment_program"))
      return;
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   const GLubyte texels[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   GLuint tex_prog = load_program(GL_FRAGMENT_PROGRAM_ARB, fp_tex_text);
   GLuint ops_prog = load_program(GL_FRAGMENT_PROGRAM_ARB, fp_ops_text);
   local4f(GL_FRAGMENT_PROGRAM_ARB, 0, 3.0f, 0.5f, 1.0f, 1.0f);
   glEnable(GL_FRAGMENT_PROGRAM_ARB);

   bind_program(GL_FRAGMENT_PROGRAM_ARB, tex_prog);
   glColor4f(1.0f, 0.6f, 0.4f, 1.0f);
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0);
   glVertex2f(4, 4);
   glTexCoord2f(1, 0);
   glVertex2f(28, 4);
   glTexCoord2f(1, 1);
   glVertex2f(28, 28);
   glTexCoord2f(0, 1);
   glVertex2f(4, 28);
   glEnd();

   bind_program(GL_FRAGMENT_PROGRAM_ARB, ops_prog);
   glColor4f(0.2f, 0.9f, 0.4f, 1.0f);
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0);
   glVertex2f(36, 4);
   glTexCoord2f(1, 0);
   glVertex2f(60, 4);
   glTexCoord2f(1, 1);
   glVertex2f(60, 28);
   glTexCoord2f(0, 1);
   glVertex2f(36, 28);
   glEnd();

   /* disabled: the fixed-function texture environment is off, the plain colour */
   glDisable(GL_FRAGMENT_PROGRAM_ARB);
   glColor4f(0.2f, 0.6f, 0.8f, 1.0f);
   compat_rect(36, 36, 60, 60);
   check_gl_error("fragment program draws");
   readback();
   expect_px("texel red", 8, 8, to8(V4(1.0f, 0.0f, 0.0f, 1.0f)));
   expect_px("texel green", 24, 8, to8(V4(0.0f, 0.6f, 0.0f, 1.0f)));
   expect_px("texel blue", 8, 24, to8(V4(0.0f, 0.0f, 0.4f, 1.0f)));
   expect_px("texel white", 24, 24, to8(V4(1.0f, 0.6f, 0.4f, 1.0f)));
   expect_px("killed half", 40, 8, to8(bg));
   expect_px("clamped, swizzled", 56, 8, to8(V4(0.45f, 0.6f, 0.4f, 1.0f)));
   expect_px("CMP's upper half", 56, 24, to8(V4(0.45f, 0.6f, 0.75f, 1.0f)));
   expect_px("disabled: fixed function", 48, 48, to8(V4(0.2f, 0.6f, 0.8f, 1.0f)));
   glDeleteTextures(1, &tex);
}

/* fragment.position / 64 into red and green: x, y of the fragment's window position */
static const char fp_coord_text[] =
   "!!ARBfp1.0\n"
   "OPTION %s;\n"
   "%s"
   "MUL result.color, fragment.position, {0.015625, 0.015625, 0, 0};\n"
   "MOV result.color.w, 1.0;\n"
   "END\n";

/* compat_arb_fragment_coord_conventions: ARB_fragment_coord_conventions' two options in a
 * fragment program, each drawn over its own quarter: fragment.position of window pixel (x, y)
 * is (x + 0.5, y + 0.5) by default, (x + 0.5, 63.5 - y) with the upper-left origin, (x, y)
 * with integer pixel centres, (x, 63 - y) with both. Red and green are position / 64. */
void
sc_compat_arb_fragment_coord_conventions(void)
{
   if (!load_arb("GL_ARB_fragment_program"))
      return;
   /* core since GL 3.2: a compatibility context of that version lists it, with the options */
   if (!has_ext("GL_ARB_fragment_coord_conventions"))
      fail("GL_ARB_fragment_coord_conventions is not listed beside GL_ARB_fragment_program");
   const vec4f bg = V4(0.0f, 0.0f, 1.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   static const struct {
      const char *option, *second;
      int x0, y0;
   } quads[4] = {
      {"ARB_precision_hint_nicest", "", 0, 0},
      {"ARB_fragment_coord_origin_upper_left", "", 32, 0},
      {"ARB_fragment_coord_pixel_center_integer", "", 0, 32},
      {"ARB_fragment_coord_origin_upper_left", "OPTION ARB_fragment_coord_pixel_center_integer;\n",
       32, 32},
   };
   glEnable(GL_FRAGMENT_PROGRAM_ARB);
   for (int i = 0; i < 4; i++) {
      char text[512];
      snprintf(text, sizeof(text), fp_coord_text, quads[i].option, quads[i].second);
      load_program(GL_FRAGMENT_PROGRAM_ARB, text);
      compat_rect((float)quads[i].x0, (float)quads[i].y0, (float)quads[i].x0 + 32,
                  (float)quads[i].y0 + 32);
   }
   glDisable(GL_FRAGMENT_PROGRAM_ARB);
   check_gl_error("fragment coord convention draws");
   readback();
   /* pixels chosen so that each value is at least 1/3 of a step from a rounding boundary */
   expect_px("lower-left, half-integer", 8, 20, to8(V4(8.5f / 64, 20.5f / 64, 0.0f, 1.0f)));
   expect_px("upper-left", 40, 20, to8(V4(40.5f / 64, 43.5f / 64, 0.0f, 1.0f)));
   expect_px("integer centre", 8, 40, to8(V4(8.0f / 64, 40.0f / 64, 0.0f, 1.0f)));
   expect_px("upper-left, integer centre", 40, 40, to8(V4(40.0f / 64, 23.0f / 64, 0.0f, 1.0f)));
}

static PFNGLGENFRAGMENTSHADERSATIPROC gen_ati;
static PFNGLBINDFRAGMENTSHADERATIPROC bind_ati;
static PFNGLBEGINFRAGMENTSHADERATIPROC begin_ati;
static PFNGLENDFRAGMENTSHADERATIPROC end_ati;
static PFNGLPASSTEXCOORDATIPROC pass_ati;
static PFNGLSAMPLEMAPATIPROC sample_ati;
static PFNGLCOLORFRAGMENTOP1ATIPROC color1_ati;
static PFNGLCOLORFRAGMENTOP2ATIPROC color2_ati;
static PFNGLCOLORFRAGMENTOP3ATIPROC color3_ati;
static PFNGLALPHAFRAGMENTOP1ATIPROC alpha1_ati;
static PFNGLSETFRAGMENTSHADERCONSTANTATIPROC const_ati;

/* A textured quad over [x0, x1) x [y0, y1), texture coordinates 0..1. */
static void
tex_quad(float x0, float y0, float x1, float y1)
{
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0);
   glVertex2f(x0, y0);
   glTexCoord2f(1, 0);
   glVertex2f(x1, y0);
   glTexCoord2f(1, 1);
   glVertex2f(x1, y1);
   glTexCoord2f(0, 1);
   glVertex2f(x0, y1);
   glEnd();
}

/* compat_ati_fragment_shader: three ATI fragment shaders and the fixed function.
 * [4,28)^2: REG_0 samples the 2x2 texture (red, green / blue, white), times the colour
 * (1, 0.6, 0.4). [36,60) x [4,28), colour c = (0.2, 0.9, 0.4): REG_1 = MAD(2 * (c - 0.5), the
 * global CON_0 (0.5, 0.5, 1), 1 - the shader's CON_1 (0.25, 0.5, 0.75)) halved and saturated =
 * (0.225, 0.45, 0.025); REG_0.rg = CND(REG_1, CON_1, c) (c > 0.5 picks REG_1: red 0.25, green
 * 0.45), REG_0.b = REG_1.b * 2 = 0.05, alpha ONE. [4,28) x [36,60), two passes: REG_2 = the
 * texture coordinate (0.75, 0.25) + the shader's CON_2 (-0.5, 0.5) = (0.25, 0.75), then REG_0
 * samples the texture there (blue). [36,60)^2: GL_FRAGMENT_SHADER_ATI off inside
 * glPushAttrib(GL_ENABLE_BIT): the plain colour, and the pop turns it back on. */
void
sc_compat_ati_fragment_shader(void)
{
   if (!has_ext("GL_ATI_fragment_shader")) {
      skipped("GL_ATI_fragment_shader");
      return;
   }
#define LOAD(var, type, name)                                                                      \
   if (!(var = (type)eglGetProcAddress(name)))                                                     \
      die_setup("GL_ATI_fragment_shader advertised without %s", name);
   LOAD(gen_ati, PFNGLGENFRAGMENTSHADERSATIPROC, "glGenFragmentShadersATI");
   LOAD(bind_ati, PFNGLBINDFRAGMENTSHADERATIPROC, "glBindFragmentShaderATI");
   LOAD(begin_ati, PFNGLBEGINFRAGMENTSHADERATIPROC, "glBeginFragmentShaderATI");
   LOAD(end_ati, PFNGLENDFRAGMENTSHADERATIPROC, "glEndFragmentShaderATI");
   LOAD(pass_ati, PFNGLPASSTEXCOORDATIPROC, "glPassTexCoordATI");
   LOAD(sample_ati, PFNGLSAMPLEMAPATIPROC, "glSampleMapATI");
   LOAD(color1_ati, PFNGLCOLORFRAGMENTOP1ATIPROC, "glColorFragmentOp1ATI");
   LOAD(color2_ati, PFNGLCOLORFRAGMENTOP2ATIPROC, "glColorFragmentOp2ATI");
   LOAD(color3_ati, PFNGLCOLORFRAGMENTOP3ATIPROC, "glColorFragmentOp3ATI");
   LOAD(alpha1_ati, PFNGLALPHAFRAGMENTOP1ATIPROC, "glAlphaFragmentOp1ATI");
   LOAD(const_ati, PFNGLSETFRAGMENTSHADERCONSTANTATIPROC, "glSetFragmentShaderConstantATI");
#undef LOAD
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   const GLubyte texels[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);

   const GLuint base = gen_ati(3);
   bind_ati(base);
   begin_ati();
   sample_ati(GL_REG_0_ATI, GL_TEXTURE0, GL_SWIZZLE_STR_ATI);
   color2_ati(GL_MUL_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_REG_0_ATI, GL_NONE, GL_NONE,
              GL_PRIMARY_COLOR, GL_NONE, GL_NONE);
   end_ati();

   bind_ati(base + 1);
   begin_ati();
   const GLfloat con1[4] = {0.25f, 0.5f, 0.75f, 0.0f};
   const_ati(GL_CON_1_ATI, con1);
   color3_ati(GL_MAD_ATI, GL_REG_1_ATI, GL_NONE, GL_HALF_BIT_ATI | GL_SATURATE_BIT_ATI,
              GL_PRIMARY_COLOR, GL_NONE, GL_2X_BIT_ATI | GL_BIAS_BIT_ATI, GL_CON_0_ATI, GL_NONE,
              GL_NONE, GL_CON_1_ATI, GL_NONE, GL_COMP_BIT_ATI);
   color3_ati(GL_CND_ATI, GL_REG_0_ATI, GL_RED_BIT_ATI | GL_GREEN_BIT_ATI, GL_NONE, GL_REG_1_ATI,
              GL_NONE, GL_NONE, GL_CON_1_ATI, GL_NONE, GL_NONE, GL_PRIMARY_COLOR, GL_NONE, GL_NONE);
   color1_ati(GL_MOV_ATI, GL_REG_0_ATI, GL_BLUE_BIT_ATI, GL_2X_BIT_ATI, GL_REG_1_ATI, GL_BLUE,
              GL_NONE);
   alpha1_ati(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_ONE, GL_NONE, GL_NONE);
   end_ati();

   bind_ati(base + 2);
   begin_ati();
   const GLfloat con2[4] = {-0.5f, 0.5f, 0.0f, 0.0f};
   const_ati(GL_CON_2_ATI, con2);
   pass_ati(GL_REG_2_ATI, GL_TEXTURE0, GL_SWIZZLE_STR_ATI);
   color2_ati(GL_ADD_ATI, GL_REG_2_ATI, GL_NONE, GL_NONE, GL_REG_2_ATI, GL_NONE, GL_NONE,
              GL_CON_2_ATI, GL_NONE, GL_NONE);
   sample_ati(GL_REG_0_ATI, GL_REG_2_ATI, GL_SWIZZLE_STR_ATI);
   color1_ati(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_REG_0_ATI, GL_NONE, GL_NONE);
   end_ati();
   check_gl_error("ATI fragment shader definitions");

   /* the global constant, set outside a definition */
   const GLfloat con0[4] = {0.5f, 0.5f, 1.0f, 1.0f};
   const_ati(GL_CON_0_ATI, con0);
   glEnable(GL_FRAGMENT_SHADER_ATI);
   glEnable(GL_TEXTURE_2D);
   bind_ati(base);
   glColor4f(1.0f, 0.6f, 0.4f, 1.0f);
   tex_quad(4, 4, 28, 28);
   bind_ati(base + 1);
   glColor4f(0.2f, 0.9f, 0.4f, 1.0f);
   compat_rect(36, 4, 60, 28);
   bind_ati(base + 2);
   glTexCoord2f(0.75f, 0.25f);
   compat_rect(4, 36, 28, 60);
   glPushAttrib(GL_ENABLE_BIT);
   glDisable(GL_FRAGMENT_SHADER_ATI);
   glDisable(GL_TEXTURE_2D);
   glColor4f(0.2f, 0.6f, 0.8f, 1.0f);
   compat_rect(36, 36, 60, 60);
   glPopAttrib();
   if (!glIsEnabled(GL_FRAGMENT_SHADER_ATI))
      fail("glPopAttrib(GL_ENABLE_BIT) did not restore GL_FRAGMENT_SHADER_ATI");
   glDisable(GL_FRAGMENT_SHADER_ATI);
   glDisable(GL_TEXTURE_2D);
   check_gl_error("ATI fragment shader draws");
   readback();
   expect_px("texel red", 8, 8, to8(V4(1.0f, 0.0f, 0.0f, 1.0f)));
   expect_px("texel green", 24, 8, to8(V4(0.0f, 0.6f, 0.0f, 1.0f)));
   expect_px("texel blue", 8, 24, to8(V4(0.0f, 0.0f, 0.4f, 1.0f)));
   expect_px("texel white", 24, 24, to8(V4(1.0f, 0.6f, 0.4f, 1.0f)));
   expect_px("modifiers, CND", 48, 16, to8(V4(0.25f, 0.45f, 0.05f, 1.0f)));
   expect_px("second pass sample", 16, 48, to8(V4(0.0f, 0.0f, 1.0f, 1.0f)));
   expect_px("disabled: fixed function", 48, 48, to8(V4(0.2f, 0.6f, 0.8f, 1.0f)));
   glDeleteTextures(1, &tex);
}

/* compat_ati_fs_dot: the dot-product operations as ATI_fragment_shader Table 3.21 gives them.
 * [4,28)^2: DOT2_ADD(CON_0, CON_1, the colour (0.9, 0.7, 0.2)) = 0.5 * 0.4 + 0.25 * 0.8 + the
 * colour's blue 0.2 = 0.6 in red, green and blue (the third argument's blue, not the
 * second's, 0.5), alpha ONE.
 * [36,60) x [4,28): DOT3(CON_0, CON_1) halved = (0.2 + 0.2 + 0.4) / 2 = 0.4, and the alpha
 * DOT3 that follows it, whose arguments (ZERO, ZERO) and modifier (2X) are ignored, places the
 * colour instruction's result, 0.4, in alpha. [4,28) x [36,60): DOT4(CON_3, CON_3) doubled =
 * 2 * (0.04 + 0.16 + 0.16 + 0.04) = 0.8 into REG_1, the alpha DOT4 placing it in REG_0's
 * alpha, then REG_0's colour a MOV of REG_1: (0.8, 0.8, 0.8, 0.8). */
void
sc_compat_ati_fs_dot(void)
{
   if (!has_ext("GL_ATI_fragment_shader")) {
      skipped("GL_ATI_fragment_shader");
      return;
   }
   PFNGLALPHAFRAGMENTOP2ATIPROC alpha2_ati;
#define LOAD(var, type, name)                                                                      \
   if (!(var = (type)eglGetProcAddress(name)))                                                     \
      die_setup("GL_ATI_fragment_shader advertised without %s", name);
   LOAD(gen_ati, PFNGLGENFRAGMENTSHADERSATIPROC, "glGenFragmentShadersATI");
   LOAD(bind_ati, PFNGLBINDFRAGMENTSHADERATIPROC, "glBindFragmentShaderATI");
   LOAD(begin_ati, PFNGLBEGINFRAGMENTSHADERATIPROC, "glBeginFragmentShaderATI");
   LOAD(end_ati, PFNGLENDFRAGMENTSHADERATIPROC, "glEndFragmentShaderATI");
   LOAD(color1_ati, PFNGLCOLORFRAGMENTOP1ATIPROC, "glColorFragmentOp1ATI");
   LOAD(color2_ati, PFNGLCOLORFRAGMENTOP2ATIPROC, "glColorFragmentOp2ATI");
   LOAD(color3_ati, PFNGLCOLORFRAGMENTOP3ATIPROC, "glColorFragmentOp3ATI");
   LOAD(alpha1_ati, PFNGLALPHAFRAGMENTOP1ATIPROC, "glAlphaFragmentOp1ATI");
   LOAD(alpha2_ati, PFNGLALPHAFRAGMENTOP2ATIPROC, "glAlphaFragmentOp2ATI");
   LOAD(const_ati, PFNGLSETFRAGMENTSHADERCONSTANTATIPROC, "glSetFragmentShaderConstantATI");
#undef LOAD
   compat_pixel_ortho(-1, 1);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   static const GLfloat con0[4] = {0.5f, 0.25f, 0.8f, 0.0f}, con1[4] = {0.4f, 0.8f, 0.5f, 0.0f},
                        con3[4] = {0.2f, 0.4f, 0.4f, 0.2f};
   const GLuint base = gen_ati(3);
   bind_ati(base);
   begin_ati();
   const_ati(GL_CON_0_ATI, con0);
   const_ati(GL_CON_1_ATI, con1);
   color3_ati(GL_DOT2_ADD_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_CON_0_ATI, GL_NONE, GL_NONE,
              GL_CON_1_ATI, GL_NONE, GL_NONE, GL_PRIMARY_COLOR, GL_NONE, GL_NONE);
   alpha1_ati(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_ONE, GL_NONE, GL_NONE);
   end_ati();

   bind_ati(base + 1);
   begin_ati();
   const_ati(GL_CON_0_ATI, con0);
   const_ati(GL_CON_1_ATI, con1);
   color2_ati(GL_DOT3_ATI, GL_REG_0_ATI, GL_NONE, GL_HALF_BIT_ATI, GL_CON_0_ATI, GL_NONE, GL_NONE,
              GL_CON_1_ATI, GL_NONE, GL_NONE);
   alpha2_ati(GL_DOT3_ATI, GL_REG_0_ATI, GL_2X_BIT_ATI, GL_ZERO, GL_NONE, GL_NONE, GL_ZERO, GL_NONE,
              GL_NONE);
   end_ati();

   bind_ati(base + 2);
   begin_ati();
   const_ati(GL_CON_3_ATI, con3);
   color2_ati(GL_DOT4_ATI, GL_REG_1_ATI, GL_NONE, GL_2X_BIT_ATI, GL_CON_3_ATI, GL_NONE, GL_NONE,
              GL_CON_3_ATI, GL_NONE, GL_NONE);
   alpha2_ati(GL_DOT4_ATI, GL_REG_0_ATI, GL_NONE, GL_ZERO, GL_NONE, GL_NONE, GL_ZERO, GL_NONE,
              GL_NONE);
   color1_ati(GL_MOV_ATI, GL_REG_0_ATI, GL_NONE, GL_NONE, GL_REG_1_ATI, GL_NONE, GL_NONE);
   end_ati();
   check_gl_error("ATI fragment shader definitions");

   glEnable(GL_FRAGMENT_SHADER_ATI);
   glColor4f(0.9f, 0.7f, 0.2f, 1.0f);
   bind_ati(base);
   compat_rect(4, 4, 28, 28);
   bind_ati(base + 1);
   compat_rect(36, 4, 60, 28);
   bind_ati(base + 2);
   compat_rect(4, 36, 28, 60);
   glDisable(GL_FRAGMENT_SHADER_ATI);
   check_gl_error("ATI fragment shader draws");
   readback();
   expect_px("DOT2_ADD adds the third argument's blue", 16, 16, to8(V4(0.6f, 0.6f, 0.6f, 1.0f)));
   expect_px("alpha DOT3: the colour instruction's result", 48, 16,
             to8(V4(0.4f, 0.4f, 0.4f, 0.4f)));
   expect_px("alpha DOT4: the colour instruction's result", 16, 48,
             to8(V4(0.8f, 0.8f, 0.8f, 0.8f)));
}
