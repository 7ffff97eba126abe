/* scenario_compat_ext.c: the GL 1.x-era extension names a compatibility context lists for
 * features GL 3.3 has under other names (programs test the name, then call the suffixed
 * commands): GL_ARB_multitexture, GL_EXT_blend_color, _blend_minmax, _blend_subtract,
 * _blend_func_separate, _blend_equation_separate and GL_EXT_framebuffer_blit, each drawn through
 * its own commands and enums and checked pixel by pixel. */
#include "scenario.h"

/* compat_legacy_ext_names: four 16-pixel columns over a (0.4, 0.4, 0.4) clear, each blended or
 * textured through one extension's commands, and a top band blitted from a framebuffer object
 * with glBlitFramebufferEXT. Values are chosen away from rounding boundaries. */
void
sc_compat_legacy_ext_names(void)
{
   static const char *const exts[] = {
      "GL_ARB_multitexture",    "GL_EXT_blend_color",         "GL_EXT_blend_minmax",
      "GL_EXT_blend_subtract",  "GL_EXT_blend_func_separate", "GL_EXT_blend_equation_separate",
      "GL_EXT_framebuffer_blit"};
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
#undef P
   if (!ActiveTextureARB || !MultiTexCoord2fARB || !BlendColorEXT || !BlendEquationEXT ||
       !BlendFuncSeparateEXT || !BlendEquationSeparateEXT || !BlitFramebufferEXT)
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
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &tex);
}
