/* scenario_compat_arbp.c: ARB assembly programs in a compatibility context, drawn in
 * immediate mode under a pixel glOrtho projection. A vertex program with fixed-function
 * fragment processing (state.matrix.mvp rows, program.env, a PARAM array read through ARL,
 * SWZ, LIT, the alpha test after it), then a fragment program with fixed-function vertex
 * processing (TEX of a nearest-filtered 2x2 texture, MUL by the interpolated colour, KIL,
 * _SAT, SWZ, CMP, program.local). Expected colours are the ARB formulas on numbers chosen away
 * from rounding boundaries. */
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
