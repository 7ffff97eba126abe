/*
 * mgl-scenario: one small GL 3.3 core scenario per invocation, checked pixel by pixel.
 *
 *   mgl-scenario NAME [--write OUT.png]
 *   mgl-scenario --list
 *
 * It runs on whatever EGL vendor libglvnd picks (Mesa by default; mgl when
 * __EGL_VENDOR_LIBRARY_FILENAMES names mgl_vendor.json): a surfaceless-platform display
 * (eglGetPlatformDisplayEXT + EGL_PLATFORM_SURFACELESS_MESA), an RGBA8 + D24S8 pbuffer config,
 * a 64x64 pbuffer and a 3.3 core context.  GL 1.1 entry points come from glvnd's libOpenGL;
 * everything newer is loaded with eglGetProcAddress.
 *
 * How pixels are checked: each scenario describes what it drew as a small "model" (rectangles
 * with integer window-space edges, triangles, per-pixel colour functions for textures, in draw
 * order) and the checker evaluates that model at the centre of EVERY pixel of the readback.
 * The expected values therefore come from the same numbers the scenario feeds to GL, not from
 * a recorded run.  Colours are multiples of 0.2 (= 51/255) or bytes, so every expected channel
 * is exact; unorm8() below converts a float to a byte the way GL does (round to nearest).
 * Rectangles have integer edges, so no pixel centre lies on an edge and their coverage is exact.
 * Triangle edges may pass near pixel centres: pixels whose centre is closer than TRI_MARGIN
 * pixels to an edge are "don't care" (rasterisation rules and sub-pixel snapping decide them);
 * every other pixel must match exactly.  No scenario needs a +-1 tolerance: nothing is
 * interpolated except constant or NEAREST-sampled values (see textured_quad and fbo_rtt).
 *
 * Exit status: 0 pass, 1 fail (a message names the pixel, the expected and the observed
 * colour), 2 usage or setup error (no display, no config, shader compile failure, ...).
 */

#include "scenario.h"

#include "egl_app.h"

#include <png.h>

struct gl_funcs gl;

/* ---- failure reporting --------------------------------------------------------------------- */

static const char *g_scenario = "?";

void
die_setup(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fprintf(stderr, "mgl-scenario %s: SETUP ERROR: ", g_scenario);
   vfprintf(stderr, fmt, ap);
   fputc('\n', stderr);
   va_end(ap);
   exit(2);
}

int g_failures;

void
fail(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fprintf(stderr, "mgl-scenario %s: FAIL: ", g_scenario);
   vfprintf(stderr, fmt, ap);
   fputc('\n', stderr);
   va_end(ap);
   g_failures++;
}

void
expect_gl_error(GLenum want, const char *where)
{
   GLenum e = glGetError();
   if (e != want)
      fail("glGetError() = 0x%04x after %s (expected 0x%04x)", (unsigned)e, where, (unsigned)want);
   while (glGetError() != GL_NO_ERROR) {
   }
}

void
check_gl_error(const char *where)
{
   GLenum e = glGetError();
   if (e != GL_NO_ERROR) {
      fail("glGetError() = 0x%04x after %s (expected 0)", (unsigned)e, where);
      while (glGetError() != GL_NO_ERROR) {
      }
   }
}

/* Parts of a scenario that assert an mgl-only contract (docs/PIPE.md), or what a GL 3.3 / ES 3.0
 * context lacks where another implementation gives a later version or more extensions, run
 * only where they apply; elsewhere the scenario says what it skipped (tests/scenario/on_mesa.sh
 * lists those lines). */
bool
on_mgl(void)
{
   const char *r = (const char *)glGetString(GL_RENDERER);
   return r && !strncmp(r, "mgl", 3);
}

bool
has_ext(const char *name)
{
   GLint n = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++) {
      const char *e = (const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i);
      if (e && !strcmp(e, name))
         return true;
   }
   return false;
}

/* GL_MAJOR_VERSION * 10 + GL_MINOR_VERSION of the current context */
int
context_version(void)
{
   GLint major = 0, minor = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   return major * 10 + minor;
}

void
skipped(const char *what)
{
   printf("  skipped on %s: %s\n", (const char *)glGetString(GL_RENDERER), what);
}

vec4f
V4(float r, float g, float b, float a)
{
   vec4f x = {{r, g, b, a}};
   return x;
}

/* float -> unorm8 as GL converts a colour for an 8-bit buffer: clamp, scale by 255, round to
 * nearest.  Our colours are multiples of 0.2, whose products with 255 sit within 1e-4 of an
 * integer, so the rounding mode of any implementation gives the same byte. */
uint8_t
unorm8(float f)
{
   if (!(f > 0.0f))
      return 0;
   if (f >= 1.0f)
      return 255;
   return (uint8_t)floorf(f * 255.0f + 0.5f);
}

rgba8
to8(vec4f c)
{
   rgba8 r;
   for (int i = 0; i < 4; i++)
      r.c[i] = unorm8(c.v[i]);
   return r;
}

void
model_init(model *m, vec4f clear)
{
   memset(m, 0, sizeof *m);
   m->clear = to8(clear);
}

static shape *
model_push(model *m)
{
   if (m->n >= MAX_SHAPES)
      die_setup("model has more than %d shapes", MAX_SHAPES);
   shape *s = &m->s[m->n++];
   memset(s, 0, sizeof *s);
   return s;
}

void
model_rect(model *m, int x0, int y0, int x1, int y1, rgba8 c)
{
   shape *s = model_push(m);
   s->kind = SHAPE_RECT;
   s->x0 = x0;
   s->y0 = y0;
   s->x1 = x1;
   s->y1 = y1;
   s->colour = c;
}

void
model_rect_fn(model *m, int x0, int y0, int x1, int y1, colour_fn fn, const void *ctx)
{
   model_rect(m, x0, y0, x1, y1, (rgba8){{0, 0, 0, 0}});
   m->s[m->n - 1].fn = fn;
   m->s[m->n - 1].fn_ctx = ctx;
}

void
model_tri(model *m, const float *xy /* 6 floats, window pixels */, rgba8 c)
{
   shape *s = model_push(m);
   s->kind = SHAPE_TRI;
   for (int i = 0; i < 3; i++) {
      s->tx[i] = xy[2 * i];
      s->ty[i] = xy[2 * i + 1];
   }
   s->colour = c;
}

static enum cover
tri_cover(const shape *s, float px, float py)
{
   /* Orientation-independent: the signed area tells which side is the interior. */
   float area =
      (s->tx[1] - s->tx[0]) * (s->ty[2] - s->ty[0]) - (s->tx[2] - s->tx[0]) * (s->ty[1] - s->ty[0]);
   float sign = area > 0 ? 1.0f : -1.0f;
   float dmin = INFINITY;
   for (int i = 0; i < 3; i++) {
      int j = (i + 1) % 3;
      float ex = s->tx[j] - s->tx[i], ey = s->ty[j] - s->ty[i];
      float len = sqrtf(ex * ex + ey * ey);
      float d = sign * (ex * (py - s->ty[i]) - ey * (px - s->tx[i])) / len;
      if (d < dmin)
         dmin = d;
   }
   if (dmin >= TRI_MARGIN)
      return INSIDE;
   if (dmin <= -TRI_MARGIN)
      return OUTSIDE;
   return UNSURE;
}

bool
rgba_eq(rgba8 a, rgba8 b)
{
   return memcmp(a.c, b.c, 4) == 0;
}

/* Expected colour of pixel (x, y); false when the model cannot say (near a triangle edge). */
bool
model_eval(const model *m, int x, int y, rgba8 *out)
{
   rgba8 cur = m->clear;
   bool sure = true;
   float px = x + 0.5f, py = y + 0.5f;
   for (int i = 0; i < m->n; i++) {
      const shape *s = &m->s[i];
      enum cover cv;
      if (s->kind == SHAPE_RECT)
         cv = (x >= s->x0 && x < s->x1 && y >= s->y0 && y < s->y1) ? INSIDE : OUTSIDE;
      else
         cv = tri_cover(s, px, py);
      if (cv == OUTSIDE)
         continue;
      rgba8 c = s->fn ? s->fn(s->fn_ctx, x, y) : s->colour;
      if (cv == INSIDE) {
         cur = c;
         sure = true;
      } else if (!rgba_eq(c, cur)) {
         sure = false;
      }
   }
   *out = cur;
   return sure;
}

/* ---- readback and checking ----------------------------------------------------------------- */

uint8_t g_pixels[W * H * 4]; /* last readback, bottom row first (GL order) */

void
readback(void)
{
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   memset(g_pixels, 0xA5, sizeof g_pixels);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, g_pixels);
   check_gl_error("glReadPixels");
}

rgba8
pixel_at(int x, int y)
{
   rgba8 r;
   memcpy(r.c, &g_pixels[(y * W + x) * 4], 4);
   return r;
}

/* Reads back the default framebuffer and compares every pixel the model is sure about. */
void
check_frame(const char *phase, const model *m)
{
   readback();
   int checked = 0, bad = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         rgba8 want;
         if (!model_eval(m, x, y, &want))
            continue;
         checked++;
         rgba8 got = pixel_at(x, y);
         if (!rgba_eq(want, got)) {
            if (bad < 8)
               fail("%s: pixel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", phase, x, y,
                    want.c[0], want.c[1], want.c[2], want.c[3], got.c[0], got.c[1], got.c[2],
                    got.c[3]);
            else
               g_failures++;
            bad++;
         }
      }
   }
   if (checked < W * H / 2)
      fail("%s: model left too many pixels unchecked (%d of %d)", phase, checked, W * H);
   printf("  %s: %d pixels checked, %d wrong%s\n", phase, checked, bad,
          bad > 8 ? " (first 8 shown)" : "");
}

static void
write_png(const char *path)
{
   FILE *f = fopen(path, "wb");
   if (!f)
      die_setup("cannot open %s for writing", path);
   png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
   png_infop info = png ? png_create_info_struct(png) : NULL;
   if (!png || !info)
      die_setup("libpng init failed");
   if (setjmp(png_jmpbuf(png)))
      die_setup("libpng failed writing %s", path);
   png_init_io(png, f);
   png_set_IHDR(png, info, W, H, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
   png_write_info(png, info);
   for (int y = H - 1; y >= 0; y--) /* PNG is top row first */
      png_write_row(png, &g_pixels[y * W * 4]);
   png_write_end(png, NULL);
   png_destroy_write_struct(&png, &info);
   if (fclose(f) != 0)
      die_setup("error closing %s", path);
}

/* ---- GL helpers ---------------------------------------------------------------------------- */

GLuint
compile(GLenum type, const char *src)
{
   GLuint sh = gl.CreateShader(type);
   gl.ShaderSource(sh, 1, &src, NULL);
   gl.CompileShader(sh);
   GLint ok = 0;
   gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[4096] = "";
      gl.GetShaderInfoLog(sh, sizeof log, NULL, log);
      die_setup("%s shader failed to compile:\n%s\n--- source ---\n%s",
                type == GL_VERTEX_SHADER     ? "vertex"
                : type == GL_GEOMETRY_SHADER ? "geometry"
                                             : "fragment",
                log, src);
   }
   return sh;
}

GLuint
link_program_b(const char *vs_src, const char *fs_src, const binding *attribs, const binding *frags)
{
   GLuint vs = compile(GL_VERTEX_SHADER, vs_src);
   GLuint fs = compile(GL_FRAGMENT_SHADER, fs_src);
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, vs);
   gl.AttachShader(p, fs);
   for (const binding *b = attribs; b && b->name; b++)
      gl.BindAttribLocation(p, b->index, b->name);
   for (const binding *b = frags; b && b->name; b++)
      gl.BindFragDataLocation(p, b->index, b->name);
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[4096] = "";
      gl.GetProgramInfoLog(p, sizeof log, NULL, log);
      die_setup("program failed to link:\n%s", log);
   }
   gl.DeleteShader(vs);
   gl.DeleteShader(fs);
   check_gl_error("program link");
   return p;
}

GLuint
link_program(const char *vs_src, const char *fs_src)
{
   return link_program_b(vs_src, fs_src, NULL, NULL);
}

GLint
uloc(GLuint prog, const char *name)
{
   GLint l = gl.GetUniformLocation(prog, name);
   if (l < 0)
      die_setup("uniform %s not found", name);
   return l;
}

void
set_vec4(GLuint prog, const char *name, vec4f c)
{
   gl.Uniform4fv(uloc(prog, name), 1, c.v);
}

/* Vertex shader shared by most scenarios: a_pos is in window pixels of the 64x64 target
 * (window = (ndc + 1) * 32, so ndc = p / 32 - 1 exactly); u_offset shifts it, u_z sets depth. */
const char *VS_PIXELS = "#version 330 core\n"
                        "layout(location = 0) in vec2 a_pos;\n"
                        "uniform vec2 u_offset;\n"
                        "uniform float u_z;\n"
                        "void main() {\n"
                        "  gl_Position = vec4((a_pos + u_offset) / 32.0 - 1.0, u_z, 1.0);\n"
                        "}\n";

const char *FS_UNIFORM = "#version 330 core\n"
                         "uniform vec4 u_color;\n"
                         "out vec4 o_color;\n"
                         "void main() { o_color = u_color; }\n";

GLuint
ms_rgba8_fbo(GLuint *rb)
{
   GLuint fbo;
   gl.GenRenderbuffers(1, rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, *rb);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("4-sample RGBA8 framebuffer incomplete");
   return fbo;
}

/* A program drawing solid u_color at pixel-space positions. */
GLuint
solid_program(void)
{
   GLuint p = link_program(VS_PIXELS, FS_UNIFORM);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   return p;
}

mesh
make_mesh(const float *xy, int n_vertices)
{
   mesh m;
   gl.GenVertexArrays(1, &m.vao);
   gl.BindVertexArray(m.vao);
   gl.GenBuffers(1, &m.vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, m.vbo);
   gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n_vertices * 2 * sizeof(float)), xy, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), (void *)0);
   gl.EnableVertexAttribArray(0);
   check_gl_error("mesh setup");
   return m;
}

/* Two CCW triangles covering [x0,x1) x [y0,y1) in window pixels. */
void
rect_vertices(float *out12, float x0, float y0, float x1, float y1)
{
   const float v[12] = {x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1};
   memcpy(out12, v, sizeof v);
}

void
clear_to(vec4f c)
{
   glClearColor(c.v[0], c.v[1], c.v[2], c.v[3]);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

/* The window cleared to the scenarios' background and checked whole: what a scenario that
 * draws only into framebuffer objects asserts last (nothing reached the window). */
void
check_window_cleared(const char *phase)
{
   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
   clear_to(bg);
   model md;
   model_init(&md, bg);
   check_frame(phase, &md);
}

/* es: 0 an OpenGL 3.3 core context, 1 an OpenGL 3.3 compatibility context, 2 or 3 an OpenGL ES
 * context of that version. */
static const struct {
   const char *name;
   void (*run)(void);
   int es;
} SCENARIOS[] = {
#define SCENARIO(name, area, es) {#name, sc_##name, es},
#include "scenarios.def"
#undef SCENARIO
};

#define N_SCENARIOS (sizeof SCENARIOS / sizeof SCENARIOS[0])

static struct egl_app g_egl = EGL_APP_INIT;

static void
egl_setup(int es)
{
   /* A surfaceless-platform display, an exact RGBA8 + D24S8 single-sample pbuffer config (the
    * readback must be RGBA8) and a 3.3 core (or ES) context without robustness. */
   struct egl_app_options opt = {W, H, 24, 8, true, es, true, false, false};
   if (!egl_app_open(&g_egl, "mgl-scenario", &opt))
      die_setup("no %s context on an RGBA8 D24S8 surfaceless pbuffer (the line above says why)",
                es >= 2 ? "OpenGL ES"
                : es    ? "3.3 compatibility"
                        : "3.3 core");
   EGLDisplay dpy = g_egl.display;
   EGLint major = g_egl.major, minor = g_egl.minor;

#define X(type, name)                                                                              \
   gl.name = (type)eglGetProcAddress("gl" #name);                                                  \
   if (!gl.name)                                                                                   \
      die_setup("eglGetProcAddress(\"gl" #name "\") returned NULL");
   GL_FUNCS(X)
#undef X

   const char *vendor = eglQueryString(dpy, EGL_VENDOR);
   printf("mgl-scenario %s: EGL %d.%d vendor=\"%s\" GL_RENDERER=\"%s\" GL_VERSION=\"%s\"\n",
          g_scenario, major, minor, vendor ? vendor : "?", (const char *)glGetString(GL_RENDERER),
          (const char *)glGetString(GL_VERSION));
   glViewport(0, 0, W, H);
   check_gl_error("context setup");
}

static void
usage(FILE *f)
{
   fprintf(
      f, "usage: mgl-scenario NAME [--write OUT.png]\n"
         "       mgl-scenario --list\n"
         "Runs one GL 3.3 core (or OpenGL ES) scenario on a 64x64 surfaceless pbuffer and checks\n"
         "its pixels.\n"
         "Exit: 0 pass, 1 fail, 2 usage/setup error.\nScenarios:");
   for (size_t i = 0; i < N_SCENARIOS; i++)
      fprintf(f, " %s", SCENARIOS[i].name);
   fputc('\n', f);
}

int
main(int argc, char **argv)
{
   const char *name = NULL, *png_path = NULL;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--list")) {
         for (size_t k = 0; k < N_SCENARIOS; k++)
            puts(SCENARIOS[k].name);
         return 0;
      } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
         usage(stdout);
         return 0;
      } else if (!strcmp(argv[i], "--write") && i + 1 < argc) {
         png_path = argv[++i];
      } else if (argv[i][0] != '-' && !name) {
         name = argv[i];
      } else {
         usage(stderr);
         return 2;
      }
   }
   if (!name) {
      usage(stderr);
      return 2;
   }
   void (*run)(void) = NULL;
   int es = 0;
   for (size_t k = 0; k < N_SCENARIOS; k++)
      if (!strcmp(SCENARIOS[k].name, name)) {
         run = SCENARIOS[k].run;
         es = SCENARIOS[k].es;
      }
   if (!run) {
      fprintf(stderr, "mgl-scenario: unknown scenario '%s'\n", name);
      usage(stderr);
      return 2;
   }
   g_scenario = name;
   setvbuf(stdout, NULL, _IOLBF, 0);

   egl_setup(es);
   run();
   check_gl_error("end of scenario");
   if (png_path)
      write_png(png_path); /* the last readback, also on failure (for diagnosis) */

   egl_app_teardown(&g_egl);

   if (g_failures) {
      fprintf(stderr, "mgl-scenario %s: FAILED (%d problem%s)\n", name, g_failures,
              g_failures == 1 ? "" : "s");
      return 1;
   }
   printf("mgl-scenario %s: PASS\n", name);
   return 0;
}
