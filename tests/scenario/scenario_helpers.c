/* scenario_helpers.c: helpers (and the shaders) that scenarios of more than one area use. */
#include "scenario.h"

void
tex3d_fill(GLubyte *out, int texels, const GLubyte c[4])
{
   for (int i = 0; i < texels; i++)
      memcpy(out + 4 * i, c, 4);
}

void
expect_px(const char *phase, int x, int y, rgba8 want)
{
   rgba8 got = pixel_at(x, y);
   if (!rgba_eq(want, got))
      fail("%s: pixel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", phase, x, y, want.c[0],
           want.c[1], want.c[2], want.c[3], got.c[0], got.c[1], got.c[2], got.c[3]);
}

/* Whether a shader of src compiles. */
bool
shader_compiles(GLenum stage, const char *src)
{
   GLuint sh = gl.CreateShader(stage);
   gl.ShaderSource(sh, 1, &src, NULL);
   gl.CompileShader(sh);
   GLint ok = 0;
   gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   gl.DeleteShader(sh);
   check_gl_error("compiling a shader");
   return ok != 0;
}

/* The extension `name` is not listed: where mgl runs on Vulkan without `knob`, it should be
 * (fail); a shader src of stage that requires it must not compile. True when not listed. */
bool
ext_withheld(const char *name, const char *knob, GLenum stage, const char *src)
{
   if (has_ext(name)) {
      if (on_mgl() && getenv(knob))
         fail("%s listed on a device where %s hides it", name, knob);
      return false;
   }
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   /* lavapipe has every device feature these extensions need; another device (NVIDIA has no
    * VK_EXT_shader_stencil_export) may lack one, and mgl then rightly leaves it out */
   if (on_mgl() && renderer && strstr(renderer, "(Vulkan: llvmpipe") && !getenv(knob))
      fail("%s not listed on renderer %s", name, renderer);
   if (shader_compiles(stage, src))
      fail("#extension %s : require compiled where it is not listed", name);
   return true;
}

const char *VS_TEXTURED = "#version 330 core\n"
                          "layout(location = 0) in vec2 a_pos;\n"
                          "layout(location = 1) in vec2 a_uv;\n"
                          "out vec2 v_uv;\n"
                          "void main() {\n"
                          "  v_uv = a_uv;\n"
                          "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                          "}\n";

const char *FS_TEXTURED = "#version 330 core\n"
                          "uniform sampler2D u_tex;\n"
                          "in vec2 v_uv;\n"
                          "out vec4 o_color;\n"
                          "void main() { o_color = texture(u_tex, v_uv); }\n";

/* A VAO for a textured quad [x0,x1) x [y0,y1) with uv 0..1. */
GLuint
textured_quad_vao(float x0, float y0, float x1, float y1)
{
   const float v[24] = {x0, y0, 0, 0, x1, y0, 1, 0, x1, y1, 1, 1,
                        x0, y0, 0, 0, x1, y1, 1, 1, x0, y1, 0, 1};
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(float), (void *)0);
   gl.VertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof(float), (void *)(2 * sizeof(float)));
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);
   check_gl_error("textured quad setup");
   return vao;
}

/* ---- OpenGL ES contexts (the table's `es` column) ------------------------------------------ */

/* The ES version of the current context from its strings ("OpenGL ES M.m ..." and "OpenGL ES
 * GLSL ES M.mm ..."), each checked: at least `want`, since EGL may give a later version that
 * is backward compatible (Mesa gives 3.2 for 2.0; mgl what was asked). Returns major * 10 +
 * minor, 0 when malformed. */
int
es_version(int want)
{
   const char *v = (const char *)glGetString(GL_VERSION);
   const char *sl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
   int major = 0, minor = 0, smajor = 0, sminor = 0;
   if (!v || sscanf(v, "OpenGL ES %d.%d", &major, &minor) != 2 || major * 10 + minor < want)
      fail("GL_VERSION is \"%s\", expected \"OpenGL ES %d.%d\" or later", v ? v : "(null)",
           want / 10, want % 10);
   if (!sl || sscanf(sl, "OpenGL ES GLSL ES %d.%d", &smajor, &sminor) != 2 ||
       (major == 2 && (smajor != 1 || sminor != 0)) ||
       (major == 3 && (smajor != 3 || sminor != minor * 10)))
      fail("GL_SHADING_LANGUAGE_VERSION is \"%s\", which is not GLSL ES for OpenGL ES %d.%d",
           sl ? sl : "(null)", major, minor);
   return major * 10 + minor;
}

void
expect_error(GLenum want, const char *where)
{
   GLenum e = glGetError();
   if (e != want)
      fail("glGetError() = 0x%04x after %s (expected 0x%04x)", (unsigned)e, where, (unsigned)want);
   while (glGetError() != GL_NO_ERROR) {
   }
}

/* ---- geometry shaders ------------------------------------------------------------------------ */

/* Links VS + GS + FS; dies (setup error) on a compile or link failure. */
GLuint
link_program_gs(const char *vs_src, const char *gs_src, const char *fs_src)
{
   GLuint sh[3] = {compile(GL_VERTEX_SHADER, vs_src), compile(GL_GEOMETRY_SHADER, gs_src),
                   compile(GL_FRAGMENT_SHADER, fs_src)};
   GLuint p = gl.CreateProgram();
   for (int i = 0; i < 3; i++)
      gl.AttachShader(p, sh[i]);
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[4096] = "";
      gl.GetProgramInfoLog(p, sizeof log, NULL, log);
      die_setup("program with a geometry shader failed to link:\n%s", log);
   }
   for (int i = 0; i < 3; i++)
      gl.DeleteShader(sh[i]);
   check_gl_error("program link (geometry)");
   return p;
}

void
expect_program_iv(GLuint p, GLenum pname, GLint want, const char *what)
{
   GLint got = -1;
   gl.GetProgramiv(p, pname, &got);
   check_gl_error(what);
   if (got != want)
      fail("glGetProgramiv(%s) = 0x%x, expected 0x%x", what, (unsigned)got, (unsigned)want);
}

const char *FS_GS = "#version 150 core\n"
                    "in vec4 g_color;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = g_color; }\n";

/* glReadPixels of the bound 8x8 framebuffer: `in` inside [x0,x1) x [y0,y1), `out` elsewhere. */
void
fl_expect_read(const char *phase, int x0, int y0, int x1, int y1, vec4f in, vec4f out)
{
   GLubyte px[FL_N * FL_N * 4];
   memset(px, 0xA5, sizeof px);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, FL_N, FL_N, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check_gl_error(phase);
   for (int y = 0; y < FL_N; y++)
      for (int x = 0; x < FL_N; x++) {
         rgba8 want = to8(x >= x0 && x < x1 && y >= y0 && y < y1 ? in : out), got;
         memcpy(got.c, px + 4 * (y * FL_N + x), 4);
         if (!rgba_eq(want, got)) {
            fail("%s: texel (%d,%d) expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", phase, x, y,
                 want.c[0], want.c[1], want.c[2], want.c[3], got.c[0], got.c[1], got.c[2],
                 got.c[3]);
            return;
         }
      }
}

/* A buffer of `bytes` bytes, every byte 0xAB (what the capture must not touch). */
GLuint
xfb_buffer(GLsizeiptr bytes)
{
   GLuint b;
   unsigned char *fill = malloc((size_t)bytes);
   memset(fill, 0xAB, (size_t)bytes);
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, b);
   gl.BufferData(GL_COPY_WRITE_BUFFER, bytes, fill, GL_STREAM_READ);
   free(fill);
   return b;
}

void
read_buffer(GLuint b, GLintptr off, GLsizeiptr bytes, void *out)
{
   gl.BindBuffer(GL_COPY_READ_BUFFER, b);
   gl.GetBufferSubData(GL_COPY_READ_BUFFER, off, bytes, out);
   check_gl_error("glGetBufferSubData of a capture");
}

GLuint
cp_fbo(GLenum ifmt, GLenum format, GLenum type, const void *px, GLuint *tex)
{
   glGenTextures(1, tex);
   glBindTexture(GL_TEXTURE_2D, *tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, CP_N, CP_N, 0, format, type, px);
   GLuint f;
   gl.GenFramebuffers(1, &f);
   gl.BindFramebuffer(GL_FRAMEBUFFER, f);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("copytex_paths: read framebuffer 0x%x incomplete", ifmt);
   return f;
}

void
compat_pixel_ortho(float n, float f)
{
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, W, 0, H, n, f);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
}

void
compat_rect(float x0, float y0, float x1, float y1)
{
   glBegin(GL_QUADS);
   glVertex2f(x0, y0);
   glVertex2f(x1, y0);
   glVertex2f(x1, y1);
   glVertex2f(x0, y1);
   glEnd();
}
