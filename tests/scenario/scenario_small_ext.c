/* scenario_small_ext.c — small GL 4.x extensions of a core context: ARB_ES2_compatibility
 * (ES 2.0's queries and commands, GL_FIXED attributes, GLSL ES 1.00 programs),
 * ARB_ES3_compatibility (fixed-index restart, the conservative occlusion query, ETC2, GLSL ES
 * 3.00),
 * ARB_map_buffer_alignment, ARB_internalformat_query's multisample-texture targets and
 * KHR_context_flush_control's query. Each part runs where its extension is listed. */
#include <EGL/egl.h>
#include <stdint.h>
#include <string.h>

#include "scenario.h"

#ifndef GL_CONTEXT_RELEASE_BEHAVIOR
#define GL_CONTEXT_RELEASE_BEHAVIOR 0x82FB
#define GL_CONTEXT_RELEASE_BEHAVIOR_FLUSH 0x82FC
#endif

static void
expect_int(GLenum pname, const char *name, GLint lo, GLint hi)
{
   GLint v = -12345;
   glGetIntegerv(pname, &v);
   check_gl_error(name);
   if (v < lo || v > hi)
      fail("%s: %d, not in [%d, %d]", name, v, lo, hi);
}

/* Links vs and fs; returns the program, or 0 after reading the link status false. */
static GLuint
try_link(const char *vs, const char *fs)
{
   GLuint p = gl.CreateProgram();
   GLuint v = compile(GL_VERTEX_SHADER, vs), f = compile(GL_FRAGMENT_SHADER, fs);
   gl.AttachShader(p, v);
   gl.AttachShader(p, f);
   gl.BindAttribLocation(p, 0, "a_pos");
   gl.LinkProgram(p);
   gl.DeleteShader(v);
   gl.DeleteShader(f);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      gl.DeleteProgram(p);
      return 0;
   }
   return p;
}

/* ARB_ES2_compatibility (GL 4.1): the ES 2.0 limits in vectors, the shader compiler and
 * binary-format queries, glShaderBinary's refusal, glGetShaderPrecisionFormat, glDepthRangef and
 * glClearDepthf, a GL_FIXED attribute drawn from a buffer (16.16: 8.5 and 24.25 pixels), and a
 * GLSL ES 1.00 program in a desktop context (which links with no desktop shader). */
void
sc_es2_compat(void)
{
   if (!has_ext("GL_ARB_ES2_compatibility")) {
      skipped("GL_ARB_ES2_compatibility is not listed");
      return;
   }
   expect_int(GL_MAX_VERTEX_UNIFORM_VECTORS, "GL_MAX_VERTEX_UNIFORM_VECTORS", 128, 1 << 20);
   expect_int(GL_MAX_FRAGMENT_UNIFORM_VECTORS, "GL_MAX_FRAGMENT_UNIFORM_VECTORS", 16, 1 << 20);
   expect_int(GL_MAX_VARYING_VECTORS, "GL_MAX_VARYING_VECTORS", 8, 1 << 20);
   /* no binary format of ES 2.0's; a desktop context may list SPIR-V (GL_ARB_gl_spirv's) */
   expect_int(GL_NUM_SHADER_BINARY_FORMATS, "GL_NUM_SHADER_BINARY_FORMATS", 0, 1);
   GLint nbin = 0, bin = 0;
   glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, &nbin);
   if (nbin == 1) {
      glGetIntegerv(GL_SHADER_BINARY_FORMATS, &bin);
      if (bin != GL_SHADER_BINARY_FORMAT_SPIR_V_ARB)
         fail("GL_SHADER_BINARY_FORMATS lists 0x%x, not SPIR-V", bin);
   }
   GLint comps = 0, vecs = 0;
   glGetIntegerv(GL_MAX_VERTEX_UNIFORM_COMPONENTS, &comps);
   glGetIntegerv(GL_MAX_VERTEX_UNIFORM_VECTORS, &vecs);
   if (vecs != comps / 4)
      fail("GL_MAX_VERTEX_UNIFORM_VECTORS %d is not GL_MAX_VERTEX_UNIFORM_COMPONENTS %d / 4", vecs,
           comps);
   GLboolean compiler = GL_FALSE;
   glGetBooleanv(GL_SHADER_COMPILER, &compiler);
   check_gl_error("GL_SHADER_COMPILER");
   if (!compiler)
      fail("GL_SHADER_COMPILER is false");
   GLint fmt = 0, type = 0;
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &fmt);
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
   check_gl_error("GL_IMPLEMENTATION_COLOR_READ_FORMAT/TYPE");
   if (fmt != GL_RGBA || type != GL_UNSIGNED_BYTE)
      fail("implementation read format 0x%x type 0x%x", (unsigned)fmt, (unsigned)type);

   PFNGLSHADERBINARYPROC shader_binary = (PFNGLSHADERBINARYPROC)eglGetProcAddress("glShaderBinary");
   PFNGLGETSHADERPRECISIONFORMATPROC precision_format =
      (PFNGLGETSHADERPRECISIONFORMATPROC)eglGetProcAddress("glGetShaderPrecisionFormat");
   PFNGLDEPTHRANGEFPROC depth_rangef = (PFNGLDEPTHRANGEFPROC)eglGetProcAddress("glDepthRangef");
   PFNGLCLEARDEPTHFPROC clear_depthf = (PFNGLCLEARDEPTHFPROC)eglGetProcAddress("glClearDepthf");
   PFNGLRELEASESHADERCOMPILERPROC release =
      (PFNGLRELEASESHADERCOMPILERPROC)eglGetProcAddress("glReleaseShaderCompiler");
   if (!shader_binary || !precision_format || !depth_rangef || !clear_depthf || !release) {
      fail("an ARB_ES2_compatibility command has no address");
      return;
   }
   GLuint sh = gl.CreateShader(GL_VERTEX_SHADER);
   const GLuint bytes = 0;
   shader_binary(1, &sh, 0x1234, &bytes, 4);
   expect_gl_error(GL_INVALID_ENUM, "glShaderBinary (no binary formats)");
   gl.DeleteShader(sh);
   GLint range[2] = {0, 0}, precision = 0;
   precision_format(GL_FRAGMENT_SHADER, GL_HIGH_FLOAT, range, &precision);
   check_gl_error("glGetShaderPrecisionFormat");
   if (range[0] < 62 || range[1] < 62 || precision < 16)
      fail("highp float: range %d,%d precision %d", range[0], range[1], precision);
   precision_format(GL_GEOMETRY_SHADER, GL_HIGH_FLOAT, range, &precision);
   expect_gl_error(GL_INVALID_ENUM, "glGetShaderPrecisionFormat of a geometry shader");
   release();
   check_gl_error("glReleaseShaderCompiler");
   depth_rangef(0.25f, 0.75f);
   clear_depthf(0.5f);
   GLfloat dr[2] = {0, 0}, cd = 0;
   glGetFloatv(GL_DEPTH_RANGE, dr);
   glGetFloatv(GL_DEPTH_CLEAR_VALUE, &cd);
   check_gl_error("glDepthRangef / glClearDepthf");
   if (dr[0] != 0.25f || dr[1] != 0.75f || cd != 0.5f)
      fail("depth range %g,%g clear depth %g", dr[0], dr[1], cd);
   depth_rangef(0.0f, 1.0f);
   clear_depthf(1.0f);

   /* GLSL ES 1.00 in a desktop context; GL_FIXED positions in window pixels */
   const char *vs = "#version 100\n"
                    "attribute vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 100\n"
                    "precision mediump float;\n"
                    "uniform vec4 u_color;\n"
                    "void main() { gl_FragColor = u_color; }\n";
   const char *fs_desktop = "#version 330 core\n"
                            "out vec4 o;\n"
                            "void main() { o = vec4(1.0); }\n";
   if (try_link(vs, fs_desktop))
      fail("a GLSL ES 1.00 vertex shader linked with a GLSL 3.30 fragment shader");
   GLuint prog = try_link(vs, fs);
   if (!prog) {
      fail("a GLSL ES 1.00 program did not link in a desktop context");
      return;
   }
   const GLint fixed[12] = {8 << 16 | 0x8000,  8 << 16 | 0x8000,  24 << 16 | 0x4000,
                            8 << 16 | 0x8000,  24 << 16 | 0x4000, 24 << 16 | 0x4000,
                            8 << 16 | 0x8000,  8 << 16 | 0x8000,  24 << 16 | 0x4000,
                            24 << 16 | 0x4000, 8 << 16 | 0x8000,  24 << 16 | 0x4000};
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof fixed, fixed, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 0, NULL);
   check_gl_error("glVertexAttribPointer(GL_FIXED)");
   gl.VertexAttribIPointer(1, 2, GL_FIXED, 0, NULL);
   expect_gl_error(GL_INVALID_ENUM, "glVertexAttribIPointer(GL_FIXED)");
   gl.EnableVertexAttribArray(0);
   clear_to(V4(0, 0, 0, 1));
   gl.UseProgram(prog);
   set_vec4(prog, "u_color", V4(0, 1, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw with a GL_FIXED attribute");
   readback();
   const rgba8 green = {{0, 255, 0, 255}}, black = {{0, 0, 0, 255}};
   /* the quad covers pixel centres 9.5 .. 23.5 (8.5 <= x + 0.5 < 24.25) */
   expect_px("GL_FIXED quad, inside", 9, 9, green);
   expect_px("GL_FIXED quad, inside", 23, 23, green);
   expect_px("GL_FIXED quad, left of it", 7, 12, black);
   expect_px("GL_FIXED quad, right of it", 24, 12, black);
   gl.UseProgram(0);
   gl.DeleteProgram(prog);
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteBuffers(1, &vbo);
}

/* ARB_map_buffer_alignment (GL 4.2): GL_MIN_MAP_BUFFER_ALIGNMENT is at least 64 and every map's
 * pointer minus its offset is a multiple of it, at offsets that are not, for read and write
 * maps, with the right bytes behind the pointer. */
void
sc_map_alignment(void)
{
   if (!has_ext("GL_ARB_map_buffer_alignment")) {
      skipped("GL_ARB_map_buffer_alignment is not listed");
      return;
   }
   GLint align = 0;
   glGetIntegerv(GL_MIN_MAP_BUFFER_ALIGNMENT, &align);
   check_gl_error("GL_MIN_MAP_BUFFER_ALIGNMENT");
   if (align < 64 || (align & (align - 1))) {
      fail("GL_MIN_MAP_BUFFER_ALIGNMENT %d", align);
      return;
   }
   GLubyte data[1024];
   for (int i = 0; i < 1024; i++)
      data[i] = (GLubyte)(i * 13 + 5);
   GLuint bo;
   gl.GenBuffers(1, &bo);
   gl.BindBuffer(GL_ARRAY_BUFFER, bo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_DYNAMIC_DRAW);
   const GLintptr offsets[] = {0, 1, 17, 63, 64, 100, 511};
   for (unsigned k = 0; k < sizeof offsets / sizeof offsets[0]; k++) {
      const GLintptr off = offsets[k];
      const GLbitfield access[2] = {GL_MAP_READ_BIT,
                                    GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT};
      for (int a = 0; a < 2; a++) {
         GLubyte *p = gl.MapBufferRange(GL_ARRAY_BUFFER, off, 300, access[a]);
         check_gl_error("glMapBufferRange");
         if (!p) {
            fail("glMapBufferRange(offset %ld) returned NULL", (long)off);
            continue;
         }
         if (((uintptr_t)p - (uintptr_t)off) % (uintptr_t)align)
            fail("glMapBufferRange(offset %ld, access 0x%x): %p minus the offset is not a "
                 "multiple of %d",
                 (long)off, access[a], (void *)p, align);
         if (a == 0 && memcmp(p, data + off, 300))
            fail("glMapBufferRange(offset %ld) read the wrong bytes", (long)off);
         if (a == 1) {
            for (int i = 0; i < 300; i++)
               p[i] = data[off + i] = (GLubyte)(i ^ (int)off);
         }
         gl.UnmapBuffer(GL_ARRAY_BUFFER);
      }
   }
   GLubyte back[1024];
   read_buffer(bo, 0, sizeof back, back);
   if (memcmp(back, data, sizeof back))
      fail("the buffer does not hold what the write maps wrote");
   gl.DeleteBuffers(1, &bo);
}

/* ARB_internalformat_query (GL 4.2): multisample texture targets answer counts that
 * glTexImage2DMultisample takes (the most the class allows: integer, depth, colour); without
 * ARB_internalformat_query2 a single-sample target and a non-renderable format are
 * GL_INVALID_ENUM. */
void
sc_internalformat_query(void)
{
   if (!has_ext("GL_ARB_internalformat_query")) {
      skipped("GL_ARB_internalformat_query is not listed");
      return;
   }
   const struct {
      GLenum fmt;
      GLenum limit;
   } f[] = {{GL_RGBA8, GL_MAX_COLOR_TEXTURE_SAMPLES},
            {GL_RGBA16F, GL_MAX_COLOR_TEXTURE_SAMPLES},
            {GL_RGBA8I, GL_MAX_INTEGER_SAMPLES},
            {GL_DEPTH_COMPONENT24, GL_MAX_DEPTH_TEXTURE_SAMPLES},
            {GL_DEPTH24_STENCIL8, GL_MAX_DEPTH_TEXTURE_SAMPLES}};
   for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++) {
      GLint limit = 0, n = -1, s[16] = {0};
      glGetIntegerv(f[i].limit, &limit);
      gl.GetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, f[i].fmt, GL_NUM_SAMPLE_COUNTS, 1, &n);
      gl.GetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, f[i].fmt, GL_SAMPLES, 16, s);
      check_gl_error("glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE)");
      if (n < 0 || n > 16) {
         fail("format 0x%x: %d sample counts", f[i].fmt, n);
         continue;
      }
      for (GLint k = 0; k < n; k++) {
         if (s[k] > limit || s[k] < 2 || (k && s[k] >= s[k - 1]))
            fail("format 0x%x: count %d is %d (limit %d)", f[i].fmt, k, s[k], limit);
      }
      if (!n)
         continue;
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
      gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, s[0], f[i].fmt, 8, 8, GL_TRUE);
      check_gl_error("glTexImage2DMultisample with the most samples the query gives");
      glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
      glDeleteTextures(1, &tex);
   }
   if (has_ext("GL_ARB_internalformat_query2"))
      return; /* GL 4.3 answers every target and format (no samples) instead of the errors */
   GLint v = 0;
   gl.GetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 1, &v);
   expect_gl_error(GL_INVALID_ENUM, "glGetInternalformativ(GL_TEXTURE_2D)");
   gl.GetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_STENCIL_INDEX8, GL_SAMPLES, 1, &v);
   expect_gl_error(GL_INVALID_ENUM, "glGetInternalformativ(multisample texture, STENCIL_INDEX8)");
   gl.GetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_RGB9_E5, GL_SAMPLES, 1, &v);
   expect_gl_error(GL_INVALID_ENUM, "glGetInternalformativ of a non-renderable format");
}

/* ARB_internalformat_query2 (GL 4.3) on the device: a 2D texture of a format is supported
 * exactly when glTexImage2D makes one; its sizes are glGetTexLevelParameter's; a format called
 * framebuffer-renderable makes a complete framebuffer that clears without error, and the
 * 64-bit query answers as the 32-bit one. */
void
sc_internalformat_query2(void)
{
   if (!has_ext("GL_ARB_internalformat_query2")) {
      skipped("GL_ARB_internalformat_query2 is not listed");
      return;
   }
   static const GLenum formats[] = {
      GL_R8,
      GL_RG8,
      GL_RGB8,
      GL_RGBA8,
      GL_SRGB8_ALPHA8,
      GL_R16,
      GL_RGBA16,
      GL_R8_SNORM,
      GL_RGBA16F,
      GL_RGBA32F,
      GL_R11F_G11F_B10F,
      GL_RGB9_E5,
      GL_RGB10_A2,
      GL_RGB10_A2UI,
      GL_RGBA8UI,
      GL_R32I,
      GL_RGB565,
      GL_RGBA4,
      GL_RGB5_A1,
      GL_RGB32F,
      GL_RGB16I,
      GL_DEPTH_COMPONENT16,
      GL_DEPTH_COMPONENT24,
      GL_DEPTH_COMPONENT32F,
      GL_DEPTH24_STENCIL8,
      GL_DEPTH32F_STENCIL8,
   };
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   for (unsigned i = 0; i < sizeof formats / sizeof formats[0]; i++) {
      const GLenum f = formats[i];
      GLint supported = -1, renderable = -1, red = -1, depth = -1;
      GLint64 supported64 = -1;
      gl.GetInternalformativ(GL_TEXTURE_2D, f, GL_INTERNALFORMAT_SUPPORTED, 1, &supported);
      gl.GetInternalformati64v(GL_TEXTURE_2D, f, GL_INTERNALFORMAT_SUPPORTED, 1, &supported64);
      gl.GetInternalformativ(GL_TEXTURE_2D, f, GL_FRAMEBUFFER_RENDERABLE, 1, &renderable);
      gl.GetInternalformativ(GL_TEXTURE_2D, f, GL_INTERNALFORMAT_RED_SIZE, 1, &red);
      gl.GetInternalformativ(GL_TEXTURE_2D, f, GL_INTERNALFORMAT_DEPTH_SIZE, 1, &depth);
      check_gl_error("glGetInternalformat*v");
      if (supported64 != supported)
         fail("format 0x%x: SUPPORTED %d, 64-bit %lld", f, supported, (long long)supported64);
      const bool ds = f == GL_DEPTH_COMPONENT16 || f == GL_DEPTH_COMPONENT24 ||
                      f == GL_DEPTH_COMPONENT32F || f == GL_DEPTH24_STENCIL8 ||
                      f == GL_DEPTH32F_STENCIL8;
      const bool stencil = f == GL_DEPTH24_STENCIL8 || f == GL_DEPTH32F_STENCIL8;
      const bool integer = f == GL_RGB10_A2UI || f == GL_RGBA8UI || f == GL_R32I || f == GL_RGB16I;
      const GLenum format = stencil   ? GL_DEPTH_STENCIL
                            : ds      ? GL_DEPTH_COMPONENT
                            : integer ? GL_RGBA_INTEGER
                                      : GL_RGBA;
      const GLenum type = f == GL_DEPTH24_STENCIL8        ? GL_UNSIGNED_INT_24_8
                          : f == GL_DEPTH32F_STENCIL8     ? GL_FLOAT_32_UNSIGNED_INT_24_8_REV
                          : ds                            ? GL_UNSIGNED_INT
                          : integer && f != GL_RGB10_A2UI ? GL_INT
                                                          : GL_UNSIGNED_BYTE;
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f, 8, 8, 0, format, type, NULL);
      const bool made = glGetError() == GL_NO_ERROR;
      if (made != (supported == GL_TRUE))
         fail("format 0x%x: INTERNALFORMAT_SUPPORTED %d, glTexImage2D %s", f, supported,
              made ? "made it" : "refused it");
      if (made) {
         GLint tred = -1, tdepth = -1;
         glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &tred);
         glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_DEPTH_SIZE, &tdepth);
         if (tred != red || tdepth != depth)
            fail("format 0x%x: sizes red %d depth %d, the texture's %d and %d", f, red, depth, tred,
                 tdepth);
         if (renderable == GL_FULL_SUPPORT) {
            const GLenum att = stencil ? GL_DEPTH_STENCIL_ATTACHMENT
                               : ds    ? GL_DEPTH_ATTACHMENT
                                       : GL_COLOR_ATTACHMENT0;
            gl.FramebufferTexture2D(GL_FRAMEBUFFER, att, GL_TEXTURE_2D, tex, 0);
            const GLenum status = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
            if (status != GL_FRAMEBUFFER_COMPLETE)
               fail("format 0x%x: FRAMEBUFFER_RENDERABLE, but the framebuffer is 0x%x", f, status);
            if (!integer) { /* glClear leaves integer buffers undefined */
               glClear(ds ? GL_DEPTH_BUFFER_BIT : GL_COLOR_BUFFER_BIT);
               check_gl_error("glClear of a framebuffer-renderable format");
            }
            gl.FramebufferTexture2D(GL_FRAMEBUFFER, att, GL_TEXTURE_2D, 0, 0);
         }
      }
      glBindTexture(GL_TEXTURE_2D, 0);
      glDeleteTextures(1, &tex);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   /* an unknown format: unsupported, no error */
   GLint v = -1;
   gl.GetInternalformativ(GL_TEXTURE_2D, 0x1234, GL_INTERNALFORMAT_SUPPORTED, 1, &v);
   check_gl_error("glGetInternalformativ of an unknown format");
   if (v != GL_FALSE)
      fail("an unknown format is supported (%d)", v);
}

/* KHR_context_flush_control: the context flushes when released. */
void
sc_context_release_behavior(void)
{
   if (!has_ext("GL_KHR_context_flush_control")) {
      skipped("GL_KHR_context_flush_control is not listed");
      return;
   }
   GLint v = 0;
   glGetIntegerv(GL_CONTEXT_RELEASE_BEHAVIOR, &v);
   check_gl_error("GL_CONTEXT_RELEASE_BEHAVIOR");
   if (v != GL_CONTEXT_RELEASE_BEHAVIOR_FLUSH)
      fail("GL_CONTEXT_RELEASE_BEHAVIOR 0x%x", (unsigned)v);
}

/* ARB_ES3_compatibility (GL 4.3): GL_PRIMITIVE_RESTART_FIXED_INDEX (alone, and winning over
 * GL_PRIMITIVE_RESTART's index), GL_ANY_SAMPLES_PASSED_CONSERVATIVE, GL_MAX_ELEMENT_INDEX, an
 * ETC2 texture (one red block, decoded) and a GLSL ES 3.00 program drawing it all. */
void
sc_es3_compat(void)
{
   if (!has_ext("GL_ARB_ES3_compatibility")) {
      skipped("GL_ARB_ES3_compatibility is not listed");
      return;
   }
   GLint64 max_index = 0;
   gl.GetInteger64v(GL_MAX_ELEMENT_INDEX, &max_index);
   check_gl_error("GL_MAX_ELEMENT_INDEX");
   if (max_index < (1 << 24) - 1)
      fail("GL_MAX_ELEMENT_INDEX %lld", (long long)max_index);

   /* one ETC2 RGB8 block in individual mode: base colour (0xff, 0, 0), table 0, every pixel
    * index 0 (+2): each texel decodes to (255, 2, 2) */
   const GLubyte block[8] = {0xff, 0x00, 0x00, 0x00, 0, 0, 0, 0};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, block);
   check_gl_error("glCompressedTexImage2D(GL_COMPRESSED_RGB8_ETC2)");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);

   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 300 es\n"
                    "precision mediump float;\n"
                    "uniform sampler2D u_tex;\n"
                    "out vec4 o;\n"
                    "void main() { o = texture(u_tex, vec2(0.5)); }\n";
   GLuint prog = try_link(vs, fs);
   if (!prog) {
      fail("a GLSL ES 3.00 program did not link in a desktop context");
      return;
   }
   /* two quads of 16x16 pixels: (0,0)-(16,16) and (32,0)-(48,16), split by the index 0xffff */
   const float xy[8 * 2] = {0, 0, 16, 0, 0, 16, 16, 16, 32, 0, 48, 0, 32, 16, 48, 16};
   const GLushort idx[9] = {0, 1, 2, 3, 0xffff, 4, 5, 6, 7};
   GLuint vao, bo[2];
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(2, bo);
   gl.BindBuffer(GL_ARRAY_BUFFER, bo[0]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof xy, xy, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, bo[1]);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
   gl.UseProgram(prog);
   const rgba8 red = {{255, 2, 2, 255}}, black = {{0, 0, 0, 255}};

   /* the fixed index alone */
   glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   check_gl_error("glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX)");
   if (!glIsEnabled(GL_PRIMITIVE_RESTART_FIXED_INDEX) || glIsEnabled(GL_PRIMITIVE_RESTART))
      fail("glIsEnabled after enabling the fixed index only");
   GLuint q[2];
   gl.GenQueries(2, q);
   clear_to(V4(0, 0, 0, 1));
   gl.BeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[0]);
   check_gl_error("glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE)");
   gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
   expect_gl_error(GL_INVALID_OPERATION, "a second occlusion query while one is active");
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, NULL);
   gl.EndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE);
   check_gl_error("draw with the fixed restart index");
   readback();
   expect_px("fixed index: first quad", 8, 8, red);
   expect_px("fixed index: second quad", 40, 8, red);
   expect_px("fixed index: between the quads", 24, 4, black);
   GLuint any = 7;
   gl.GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &any);
   check_gl_error("GL_QUERY_RESULT");
   if (any != 1)
      fail("GL_ANY_SAMPLES_PASSED_CONSERVATIVE over a drawn quad: %u", any);
   /* nothing drawn: false */
   gl.BeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[0]);
   gl.EndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE);
   gl.GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &any);
   check_gl_error("an empty GL_ANY_SAMPLES_PASSED_CONSERVATIVE query");
   if (any != 0)
      fail("GL_ANY_SAMPLES_PASSED_CONSERVATIVE over nothing: %u", any);

   /* both switches on: the fixed index wins over glPrimitiveRestartIndex(3) */
   glEnable(GL_PRIMITIVE_RESTART);
   gl.PrimitiveRestartIndex(3);
   clear_to(V4(0, 0, 0, 1));
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, NULL);
   readback();
   expect_px("both switches: first quad's second triangle", 12, 12, red);
   expect_px("both switches: between the quads", 24, 4, black);
   /* the fixed index off: GL_PRIMITIVE_RESTART's index 3 cuts the first quad's second
    * triangle */
   glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   if (!glIsEnabled(GL_PRIMITIVE_RESTART) || glIsEnabled(GL_PRIMITIVE_RESTART_FIXED_INDEX))
      fail("glIsEnabled after disabling the fixed index only");
   gl.PrimitiveRestartIndex(0xffff);
   clear_to(V4(0, 0, 0, 1));
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, NULL);
   readback();
   expect_px("GL_PRIMITIVE_RESTART alone: first quad", 8, 8, red);
   expect_px("GL_PRIMITIVE_RESTART alone: between the quads", 24, 4, black);
   glDisable(GL_PRIMITIVE_RESTART);
   check_gl_error("restart switches");

   gl.DeleteQueries(2, q);
   gl.UseProgram(0);
   gl.DeleteProgram(prog);
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteBuffers(2, bo);
   glDeleteTextures(1, &tex);
}
