/* scenario_compat_ext.c: the GL 1.x-era extension names a compatibility context lists for
 * features GL 3.3 has under other names (programs test the name, then call the suffixed
 * commands): GL_ARB_multitexture, GL_EXT_blend_color, _blend_minmax, _blend_subtract,
 * _blend_func_separate, _blend_equation_separate, GL_EXT_framebuffer_blit and
 * GL_ARB_occlusion_query, each drawn through
 * its own commands and enums (GL_ARB_texture_rectangle: its limit and enable) and checked pixel by pixel; GL_ARB_shader_bit_encoding, GL 3.3's
 * bit casts in GLSL 1.30 and 1.40 units that enable it; GL_NV_conditional_render, GL 3.0's
 * conditional rendering under its NV names. */
#include "scenario.h"

/* compat_legacy_ext_names: four 16-pixel columns over a (0.4, 0.4, 0.4) clear, each blended or
 * textured through one extension's commands, and a top band blitted from a framebuffer object
 * with glBlitFramebufferEXT. Values are chosen away from rounding boundaries. */
void
sc_compat_legacy_ext_names(void)
{
   static const char *const exts[] = {
      "GL_ARB_multitexture",     "GL_EXT_blend_color",         "GL_EXT_blend_minmax",
      "GL_EXT_blend_subtract",   "GL_EXT_blend_func_separate", "GL_EXT_blend_equation_separate",
      "GL_EXT_framebuffer_blit", "GL_ARB_occlusion_query",     "GL_ARB_texture_rectangle"};
   const char *all = (const char *)glGetString(GL_EXTENSIONS);
   for (unsigned i = 0; i < sizeof exts / sizeof exts[0]; i++) {
      const size_t len = strlen(exts[i]);
      bool found = false;
      for (const char *p = all; p && (p = strstr(p, exts[i])); p += len)
         found |= p[len] == ' ' || p[len] == '\0';
      if (!found || !has_ext(exts[i]))
         fail("%s is not listed", exts[i]);
   }
#define P(type, name) type name = (type)eglGetProcAddress("gl" #name)
   P(PFNGLACTIVETEXTUREARBPROC, ActiveTextureARB);
   P(PFNGLMULTITEXCOORD2FARBPROC, MultiTexCoord2fARB);
   P(PFNGLBLENDCOLOREXTPROC, BlendColorEXT);
   P(PFNGLBLENDEQUATIONEXTPROC, BlendEquationEXT);
   P(PFNGLBLENDFUNCSEPARATEEXTPROC, BlendFuncSeparateEXT);
   P(PFNGLBLENDEQUATIONSEPARATEEXTPROC, BlendEquationSeparateEXT);
   P(PFNGLBLITFRAMEBUFFEREXTPROC, BlitFramebufferEXT);
   P(PFNGLGENQUERIESARBPROC, GenQueriesARB);
   P(PFNGLBEGINQUERYARBPROC, BeginQueryARB);
   P(PFNGLENDQUERYARBPROC, EndQueryARB);
   P(PFNGLGETQUERYOBJECTUIVARBPROC, GetQueryObjectuivARB);
   P(PFNGLDELETEQUERIESARBPROC, DeleteQueriesARB);
   P(PFNGLGETQUERYIVARBPROC, GetQueryivARB);
#undef P
   if (!ActiveTextureARB || !MultiTexCoord2fARB || !BlendColorEXT || !BlendEquationEXT ||
       !BlendFuncSeparateEXT || !BlendEquationSeparateEXT || !BlitFramebufferEXT ||
       !GenQueriesARB || !BeginQueryARB || !EndQueryARB || !GetQueryObjectuivARB ||
       !DeleteQueriesARB || !GetQueryivARB)
      die_setup("a command of the listed extensions is missing");
   GLint units = 0;
   glGetIntegerv(GL_MAX_TEXTURE_UNITS_ARB, &units);
   if (units < 2)
      fail("GL_MAX_TEXTURE_UNITS_ARB is %d, want at least 2", units);

   compat_pixel_ortho(-1.0f, 1.0f);
   clear_to(V4(0.4f, 0.4f, 0.4f, 1.0f));
   glEnable(GL_BLEND);
   /* EXT_blend_minmax: MIN, whatever the factors */
   BlendEquationEXT(GL_MIN_EXT);
   glColor4f(0.2f, 0.8f, 0.6f, 1.0f);
   compat_rect(0, 0, 16, 48);
   /* EXT_blend_subtract: destination minus source */
   BlendEquationEXT(GL_FUNC_REVERSE_SUBTRACT_EXT);
   glBlendFunc(GL_ONE, GL_ONE);
   glColor4f(0.25f, 0.125f, 0.0625f, 0.0f);
   compat_rect(16, 0, 32, 48);
   /* EXT_blend_color, _func_separate, _equation_separate: colour x constant, alpha x one */
   BlendEquationSeparateEXT(GL_FUNC_ADD_EXT, GL_FUNC_ADD_EXT);
   BlendColorEXT(0.25f, 0.75f, 0.625f, 0.1f);
   BlendFuncSeparateEXT(GL_CONSTANT_COLOR_EXT, GL_ZERO, GL_ONE, GL_ZERO);
   glColor4f(1.0f, 1.0f, 1.0f, 0.6f);
   compat_rect(32, 0, 48, 48);
   glDisable(GL_BLEND);
   BlendEquationEXT(GL_FUNC_ADD_EXT);
   check_gl_error("the EXT blend commands");

   /* ARB_multitexture: a 1x1 texture on unit 1 only, its coordinate from glMultiTexCoordARB */
   static const GLubyte texel[4] = {64, 128, 192, 255};
   GLuint tex;
   ActiveTextureARB(GL_TEXTURE1_ARB);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   glEnable(GL_TEXTURE_2D);
   glColor4f(1.0f, 1.0f, 1.0f, 1.0f);
   glBegin(GL_QUADS);
   MultiTexCoord2fARB(GL_TEXTURE1_ARB, 0.5f, 0.5f);
   glVertex2f(48, 0);
   glVertex2f(64, 0);
   glVertex2f(64, 48);
   glVertex2f(48, 48);
   glEnd();
   glDisable(GL_TEXTURE_2D);
   ActiveTextureARB(GL_TEXTURE0_ARB);
   GLint active = 0;
   glGetIntegerv(GL_ACTIVE_TEXTURE_ARB, &active);
   if (active != GL_TEXTURE0_ARB)
      fail("GL_ACTIVE_TEXTURE_ARB is 0x%x after glActiveTextureARB(GL_TEXTURE0_ARB)", active);
   check_gl_error("ARB_multitexture");

   /* EXT_framebuffer_blit: a framebuffer object's clear into the top band of the window */
   GLuint rb, fbo;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 64, 16);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glClearColor(0.2f, 0.6f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER_EXT, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER_EXT, 0);
   BlitFramebufferEXT(0, 0, 64, 16, 0, 48, 64, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("glBlitFramebufferEXT");

   model m;
   model_init(&m, V4(0.4f, 0.4f, 0.4f, 1.0f));
   model_rect(&m, 0, 0, 16, 48, to8(V4(0.2f, 0.4f, 0.4f, 1.0f)));
   model_rect(&m, 16, 0, 32, 48, to8(V4(0.15f, 0.275f, 0.3375f, 1.0f)));
   model_rect(&m, 32, 0, 48, 48, to8(V4(0.25f, 0.75f, 0.625f, 0.6f)));
   model_rect(&m, 48, 0, 64, 48, (rgba8){{64, 128, 192, 255}});
   model_rect(&m, 0, 48, 64, 64, to8(V4(0.2f, 0.6f, 1.0f, 1.0f)));
   check_frame("the legacy extension names", &m);

   /* ARB_occlusion_query: a 16x16 rectangle with colour writes off counts its 256 samples
    * (where the counter has bits: the GLES backend's has none, GL's "no useful information") */
   GLint bits = -1;
   GetQueryivARB(GL_SAMPLES_PASSED_ARB, GL_QUERY_COUNTER_BITS_ARB, &bits);
   if (bits != 0 && bits < 32)
      fail("GL_QUERY_COUNTER_BITS_ARB is %d, want 0 or at least 32", bits);
   GLuint oq = 0;
   GenQueriesARB(1, &oq);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   BeginQueryARB(GL_SAMPLES_PASSED_ARB, oq);
   compat_rect(0, 0, 16, 16);
   EndQueryARB(GL_SAMPLES_PASSED_ARB);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   GLuint samples = 0;
   GetQueryObjectuivARB(oq, GL_QUERY_RESULT_ARB, &samples);
   if (bits && samples != 256)
      fail("GL_SAMPLES_PASSED_ARB counted %u samples, want 256", samples);
   DeleteQueriesARB(1, &oq);
   check_gl_error("ARB_occlusion_query");

   /* ARB_texture_rectangle: GL 3.1's rectangle textures; the fixed-function enable */
   GLint rect_max = 0;
   glGetIntegerv(GL_MAX_RECTANGLE_TEXTURE_SIZE_ARB, &rect_max);
   if (rect_max < 64)
      fail("GL_MAX_RECTANGLE_TEXTURE_SIZE_ARB is %d, want at least 64", rect_max);
   glEnable(GL_TEXTURE_RECTANGLE_ARB);
   if (!glIsEnabled(GL_TEXTURE_RECTANGLE_ARB))
      fail("GL_TEXTURE_RECTANGLE_ARB is not enabled after glEnable");
   glDisable(GL_TEXTURE_RECTANGLE_ARB);
   check_gl_error("ARB_texture_rectangle");
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &tex);
}

/* Whether a shader of this source compiles (its log left aside). */
static bool
compiles(GLenum type, const char *src)
{
   GLuint sh = gl.CreateShader(type);
   gl.ShaderSource(sh, 1, &src, NULL);
   gl.CompileShader(sh);
   GLint ok = 0;
   gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   gl.DeleteShader(sh);
   return ok != 0;
}

/* compat_shader_bit_encoding: a GLSL 1.30 program that enables GL_ARB_shader_bit_encoding casts
 * uniform values in both stages; the left half shows the vertex stage's casts, the right half
 * the fragment stage's, each as bytes chosen from the IEEE encodings. Without the directive a
 * 1.30 unit has no bit casts (they are GLSL 3.30's), and `disable` takes them away again. */
void
sc_compat_shader_bit_encoding(void)
{
   if (!has_ext("GL_ARB_shader_bit_encoding"))
      fail("GL_ARB_shader_bit_encoding is not listed");
   const char *vs = "#version 130\n"
                    "#extension GL_ARB_shader_bit_encoding : require\n"
                    "#if GL_ARB_shader_bit_encoding != 1\n"
                    "#error the extension's macro is not 1\n"
                    "#endif\n"
                    "in vec2 pos;\n"
                    "uniform uint quarter_bits;\n"      /* 0x3E800000: 0.25 */
                    "uniform int three_quarter_bits;\n" /* 0x3F400000: 0.75 */
                    "uniform float neg_zero;\n"
                    "out vec4 vcolor;\n"
                    "void main() {\n"
                    "  gl_Position = vec4(pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "  vcolor = vec4(uintBitsToFloat(quarter_bits),\n"
                    "                intBitsToFloat(ivec2(three_quarter_bits)).y,\n"
                    "                float(floatBitsToUint(neg_zero) >> 24) / 255.0,\n"
                    "                1.0);\n"
                    "}\n";
   const char *fs = "#version 130\n"
                    "#extension GL_ARB_shader_bit_encoding : enable\n"
                    "in vec4 vcolor;\n"
                    "uniform float two;\n"
                    "void main() {\n"
                    "  if (gl_FragCoord.x < 32.0) { gl_FragColor = vcolor; return; }\n"
                    "  ivec2 i = floatBitsToInt(vec2(two, -two));\n" /* 0x40000000, 0xC0000000 */
                    "  uvec3 u = floatBitsToUint(vec3(1.0, 0.5, two));\n"
                    "  gl_FragColor = vec4(float(i.x >> 23) / 255.0,\n"           /* 128 */
                    "                      float(u.x >> 24) / 255.0,\n"           /* 0x3F: 63 */
                    "                      float((u.y >> 16) & 0xFFu) / 255.0,\n" /* 0x00 */
                    "                      float(uint(i.y) >> 24) / 255.0);\n"    /* 0xC0: 192 */
                    "}\n";
   const binding attribs[] = {{"pos", 0}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, NULL);
   gl.UseProgram(p);
   gl.Uniform1ui(uloc(p, "quarter_bits"), 0x3E800000u);
   gl.Uniform1i(uloc(p, "three_quarter_bits"), 0x3F400000);
   gl.Uniform1f(uloc(p, "neg_zero"), -0.0f);
   gl.Uniform1f(uloc(p, "two"), 2.0f);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh q = make_mesh(quad, 6);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("the bit-encoding draw");
   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&m, 0, 0, 32, 64, (rgba8){{64, 191, 128, 255}});
   model_rect(&m, 32, 0, 64, 64, (rgba8){{128, 63, 0, 192}});
   check_frame("GL_ARB_shader_bit_encoding", &m);

   /* GLSL 1.30 itself has no bit casts: not without the directive, nor after `disable` */
   static const char *const refused[] = {
      "#version 130\nuniform float f;\nvoid main() { gl_FragColor = vec4(floatBitsToInt(f)); }\n",
      "#version 130\n#extension GL_ARB_shader_bit_encoding : disable\n"
      "uniform float f;\nvoid main() { gl_FragColor = vec4(floatBitsToInt(f)); }\n"};
   for (unsigned i = 0; i < sizeof refused / sizeof refused[0]; i++)
      if (compiles(GL_FRAGMENT_SHADER, refused[i]))
         fail("a GLSL 1.30 unit %s compiled a bit cast",
              i ? "that disables the extension" : "without the directive");
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteVertexArrays(1, &q.vao);
   gl.DeleteBuffers(1, &q.vbo);
}

/* compat_nv_conditional_render: immediate-mode rectangles under glBeginConditionalRenderNV: the
 * left one's query counted no samples (an empty query) and is discarded, in both the wait and
 * the no-wait mode; the right one's counted the whole band and is drawn. */
void
sc_compat_nv_conditional_render(void)
{
   if (!has_ext("GL_NV_conditional_render"))
      fail("GL_NV_conditional_render is not listed");
   PFNGLBEGINCONDITIONALRENDERNVPROC begin_nv =
      (PFNGLBEGINCONDITIONALRENDERNVPROC)eglGetProcAddress("glBeginConditionalRenderNV");
   PFNGLENDCONDITIONALRENDERNVPROC end_nv =
      (PFNGLENDCONDITIONALRENDERNVPROC)eglGetProcAddress("glEndConditionalRenderNV");
   if (!begin_nv || !end_nv)
      die_setup("glBeginConditionalRenderNV / glEndConditionalRenderNV not found");
   compat_pixel_ortho(-1.0f, 1.0f);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   GLuint q[2];
   gl.GenQueries(2, q);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[0]);
   gl.EndQuery(GL_SAMPLES_PASSED); /* nothing drawn: 0 */
   gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
   glColor4f(0.0f, 0.0f, 1.0f, 1.0f);
   compat_rect(0, 48, 64, 64); /* 1024 samples */
   gl.EndQuery(GL_SAMPLES_PASSED);
   static const GLenum modes[2] = {GL_QUERY_WAIT_NV, GL_QUERY_NO_WAIT_NV};
   for (int i = 0; i < 2; i++) {
      begin_nv(q[0], modes[i]);
      glColor4f(1.0f, 0.0f, 0.0f, 1.0f);
      compat_rect(0, 0, 32, 48);
      end_nv();
      begin_nv(q[1], modes[i]);
      glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
      compat_rect(32, (float)(24 * i), 64, (float)(24 * i + 24));
      end_nv();
   }
   check_gl_error("glBeginConditionalRenderNV");
   begin_nv(0, GL_QUERY_WAIT_NV); /* no query object: GL 3.3 §2.18 */
   expect_error(GL_INVALID_VALUE, "glBeginConditionalRenderNV(0)");
   end_nv(); /* none active */
   expect_error(GL_INVALID_OPERATION, "glEndConditionalRenderNV without a begin");
   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&m, 32, 0, 64, 48, (rgba8){{0, 255, 0, 255}});
   model_rect(&m, 0, 48, 64, 64, (rgba8){{0, 0, 255, 255}});
   check_frame("GL_NV_conditional_render", &m);
   gl.DeleteQueries(2, q);
}

/* compat_query2_timer: GL_ARB_occlusion_query2 and GL_ARB_timer_query, GL 3.3's
 * GL_ANY_SAMPLES_PASSED and timer queries under their names, are listed; glBeginQuery of an
 * unused name makes the object (GL 3.0 §2.13, kept by the compatibility profile, as Mesa), and
 * glGenQueries does not hand that name out again. */
void
sc_compat_query2_timer(void)
{
   if (!has_ext("GL_ARB_occlusion_query2"))
      fail("GL_ARB_occlusion_query2 is not listed");
   if (!has_ext("GL_ARB_timer_query"))
      fail("GL_ARB_timer_query is not listed");
   compat_pixel_ortho(-1.0f, 1.0f);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   GLuint q[2];
   gl.GenQueries(2, q);
   gl.DeleteQueries(2, q); /* unused names again */
   gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
   compat_rect(0, 0, 8, 8);
   gl.EndQuery(GL_ANY_SAMPLES_PASSED);
   check_gl_error("glBeginQuery(GL_ANY_SAMPLES_PASSED) of an unused name");
   gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
   gl.EndQuery(GL_ANY_SAMPLES_PASSED);
   GLuint any[2] = {2, 2};
   gl.GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &any[0]);
   gl.GetQueryObjectuiv(q[1], GL_QUERY_RESULT, &any[1]);
   if (any[0] != GL_TRUE || any[1] != GL_FALSE)
      fail("GL_ANY_SAMPLES_PASSED gave %u after a draw and %u after none, want 1 and 0", any[0],
           any[1]);
   if (!gl.IsQuery(q[0]) || !gl.IsQuery(q[1]))
      fail("the objects glBeginQuery made are not queries");
   GLuint more[2] = {0, 0};
   gl.GenQueries(2, more);
   for (int i = 0; i < 2; i++)
      if (more[i] == q[0] || more[i] == q[1])
         fail("glGenQueries handed out %u, a name in use", more[i]);
   /* ARB_timer_query: a timestamp before and after a draw, and the time it took */
   GLuint64 t0 = 0, t1 = 0, elapsed = ~(GLuint64)0;
   gl.QueryCounter(more[0], GL_TIMESTAMP);
   gl.BeginQuery(GL_TIME_ELAPSED, more[1]);
   compat_rect(8, 8, 16, 16);
   gl.EndQuery(GL_TIME_ELAPSED);
   gl.GetQueryObjectui64v(more[0], GL_QUERY_RESULT, &t0);
   gl.GetQueryObjectui64v(more[1], GL_QUERY_RESULT, &elapsed);
   GLint64 now = 0;
   gl.GetInteger64v(GL_TIMESTAMP, &now);
   t1 = (GLuint64)now;
   check_gl_error("timer queries");
   if (elapsed == ~(GLuint64)0 || t1 < t0)
      fail("timer queries: GL_TIME_ELAPSED %llu, timestamps %llu then %llu",
           (unsigned long long)elapsed, (unsigned long long)t0, (unsigned long long)t1);
   gl.DeleteQueries(2, q);
   gl.DeleteQueries(2, more);

   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&m, 0, 0, 8, 8, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   model_rect(&m, 8, 8, 16, 16, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
   check_frame("the drawn rectangles", &m);
}

/* One RGBA float read of the framebuffer's colour 0 at (1, 1), checked against want. */
static void
clamp_expect(const char *phase, const float want[4], float tolerance)
{
   float p[4] = {-9, -9, -9, -9};
   glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, p);
   if (fabsf(p[0] - want[0]) > tolerance || fabsf(p[1] - want[1]) > tolerance ||
       fabsf(p[2] - want[2]) > tolerance || fabsf(p[3] - want[3]) > tolerance)
      fail("%s: read (%g, %g, %g, %g), expected (%g, %g, %g, %g)", phase, p[0], p[1], p[2], p[3],
           want[0], want[1], want[2], want[3]);
}

/* compat_clamp_color: GL_ARB_color_buffer_float's clamps (GL 3.3 compatibility §2.19.6,
 * §3.9.8, §4.3.2) drawing into RGBA16F and RGBA32F attachments, then an RGBA8 one. Fixed
 * function draws glColor4f(2.5, -0.5, 0.25, 1.5); a GLSL 1.20 program writes that colour to
 * gl_FrontColor and doubles gl_Color in the fragment shader, so a vertex clamp reads
 * (2, 0, 0.5, 2) and a fragment clamp (1, 0, 0.5, 1). Each combination of
 * GL_CLAMP_VERTEX_COLOR and GL_CLAMP_FRAGMENT_COLOR (TRUE, FALSE, FIXED_ONLY, which is no
 * clamp for a float buffer) is read back as floats with GL_CLAMP_READ_COLOR FALSE; then the
 * read clamp itself (TRUE clamps, FIXED_ONLY leaves a float buffer's values), and glDrawPixels
 * of float pixels (clamped under the fragment clamp only); then the RGBA8 attachment, whose
 * FIXED_ONLY default clamps. */
void
sc_compat_clamp_color(void)
{
   PFNGLCLAMPCOLORPROC ClampColor = (PFNGLCLAMPCOLORPROC)eglGetProcAddress("glClampColor");
   if (!has_ext("GL_ARB_color_buffer_float"))
      fail("GL_ARB_color_buffer_float is not listed");
   GLint v = 0;
   glGetIntegerv(GL_CLAMP_VERTEX_COLOR, &v);
   if (v != GL_TRUE)
      fail("GL_CLAMP_VERTEX_COLOR's default: 0x%x, expected GL_TRUE", v);
   glGetIntegerv(GL_CLAMP_FRAGMENT_COLOR, &v);
   if (v != GL_FIXED_ONLY)
      fail("GL_CLAMP_FRAGMENT_COLOR's default: 0x%x, expected GL_FIXED_ONLY", v);
   glGetIntegerv(GL_CLAMP_READ_COLOR, &v);
   if (v != GL_FIXED_ONLY)
      fail("GL_CLAMP_READ_COLOR's default: 0x%x, expected GL_FIXED_ONLY", v);
   const char *vs = "#version 120\n"
                    "uniform vec4 c;\n"
                    "void main() { gl_Position = gl_Vertex; gl_FrontColor = c; }\n";
   const char *fs = "#version 120\n"
                    "uniform float s;\n"
                    "void main() { gl_FragColor = gl_Color * s; }\n";
   GLuint prog = link_program(vs, fs);
   gl.UseProgram(prog);
   set_vec4(prog, "c", V4(2.5f, -0.5f, 0.25f, 1.5f));
   gl.Uniform1f(gl.GetUniformLocation(prog, "s"), 2.0f);
   static const GLenum formats[2] = {GL_RGBA16F, GL_RGBA32F};
   static const GLenum modes[3] = {GL_TRUE, GL_FALSE, GL_FIXED_ONLY};
   static const char *const mode_names[3] = {"TRUE", "FALSE", "FIXED_ONLY"};
   GLuint tex[3], fbo;
   glGenTextures(3, tex);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glViewport(0, 0, 4, 4);
   char phase[160];
   for (int f = 0; f < 2; f++) {
      glBindTexture(GL_TEXTURE_2D, tex[f]);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)formats[f], 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
      gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[f], 0);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         die_setup("the %s framebuffer is incomplete", f ? "RGBA32F" : "RGBA16F");
      ClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
      for (int vm = 0; vm < 3; vm++) {
         for (int fm = 0; fm < 3; fm++) {
            ClampColor(GL_CLAMP_VERTEX_COLOR, modes[vm]);
            ClampColor(GL_CLAMP_FRAGMENT_COLOR, modes[fm]);
            const bool vc = modes[vm] == GL_TRUE, fc = modes[fm] == GL_TRUE;
            /* fixed function */
            gl.UseProgram(0);
            glClearColor(0, 0, 0, 0);
            glClear(GL_COLOR_BUFFER_BIT);
            glColor4f(2.5f, -0.5f, 0.25f, 1.5f);
            glRectf(-1, -1, 1, 1);
            const float raw[4] = {2.5f, -0.5f, 0.25f, 1.5f}, clamped[4] = {1, 0, 0.25f, 1};
            snprintf(phase, sizeof phase, "%s fixed function, vertex clamp %s, fragment clamp %s",
                     f ? "RGBA32F" : "RGBA16F", mode_names[vm], mode_names[fm]);
            clamp_expect(phase, vc || fc ? clamped : raw, 0.0f);
            /* GLSL */
            gl.UseProgram(prog);
            glClear(GL_COLOR_BUFFER_BIT);
            glRectf(-1, -1, 1, 1);
            const float doubled[4] = {5, -1, 0.5f, 3}, vdoubled[4] = {2, 0, 0.5f, 2};
            const float fclamped[4] = {1, 0, 0.5f, 1};
            snprintf(phase, sizeof phase, "%s GLSL, vertex clamp %s, fragment clamp %s",
                     f ? "RGBA32F" : "RGBA16F", mode_names[vm], mode_names[fm]);
            clamp_expect(phase, fc ? fclamped : vc ? vdoubled : doubled, 0.0f);
         }
      }
      check_gl_error("compat_clamp_color draws");
      /* the buffer holds (5, -1, 0.5, 3): the read clamp */
      const float doubled[4] = {5, -1, 0.5f, 3}, clamped[4] = {1, 0, 0.5f, 1};
      ClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
      snprintf(phase, sizeof phase, "%s read clamp TRUE", f ? "RGBA32F" : "RGBA16F");
      clamp_expect(phase, clamped, 0.0f);
      ClampColor(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
      snprintf(phase, sizeof phase, "%s read clamp FIXED_ONLY", f ? "RGBA32F" : "RGBA16F");
      clamp_expect(phase, doubled, 0.0f);
      /* glDrawPixels' final conversion clamps under the fragment clamp only */
      ClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
      gl.UseProgram(0);
      float img[4 * 4 * 4];
      for (int i = 0; i < 16; i++) {
         img[i * 4 + 0] = 2.5f;
         img[i * 4 + 1] = -0.5f;
         img[i * 4 + 2] = 0.25f;
         img[i * 4 + 3] = 1.5f;
      }
      const float raw[4] = {2.5f, -0.5f, 0.25f, 1.5f}, clamped1[4] = {1, 0, 0.25f, 1};
      for (int fm = 0; fm < 3; fm++) {
         ClampColor(GL_CLAMP_FRAGMENT_COLOR, modes[fm]);
         glClear(GL_COLOR_BUFFER_BIT);
         glRasterPos2f(-1, -1);
         glDrawPixels(4, 4, GL_RGBA, GL_FLOAT, img);
         snprintf(phase, sizeof phase, "%s glDrawPixels, fragment clamp %s",
                  f ? "RGBA32F" : "RGBA16F", mode_names[fm]);
         clamp_expect(phase, modes[fm] == GL_TRUE ? clamped1 : raw, 0.0f);
      }
      gl.UseProgram(prog);
      check_gl_error("compat_clamp_color glDrawPixels");
   }
   /* RGBA8: GL_FIXED_ONLY clamps; the fragment shader halves gl_Color of (1.5, -0.5, 0.5, 3),
    * (0.75, 0, 0.25, 1) unclamped at the vertex, (0.5, 0, 0.25, 0.5) clamped there */
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[2], 0);
   ClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   ClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY);
   gl.UseProgram(prog);
   set_vec4(prog, "c", V4(1.5f, -0.5f, 0.5f, 3.0f));
   gl.Uniform1f(gl.GetUniformLocation(prog, "s"), 0.5f);
   glClear(GL_COLOR_BUFFER_BIT);
   glRectf(-1, -1, 1, 1);
   const float unclamped8[4] = {0.75f, 0, 0.25f, 1}, clamped8[4] = {0.5f, 0, 0.25f, 0.5f};
   clamp_expect("RGBA8 GLSL, vertex clamp FALSE", unclamped8, 1.0f / 255.0f);
   ClampColor(GL_CLAMP_VERTEX_COLOR, GL_FIXED_ONLY); /* RGBA8: clamps */
   glClear(GL_COLOR_BUFFER_BIT);
   glRectf(-1, -1, 1, 1);
   clamp_expect("RGBA8 GLSL, vertex clamp FIXED_ONLY", clamped8, 1.0f / 255.0f);
   ClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);
   check_gl_error("compat_clamp_color RGBA8");
   gl.UseProgram(0);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(3, tex);
   ClampColor(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
   glViewport(0, 0, W, H);
   check_window_cleared("compat_clamp_color");
}
