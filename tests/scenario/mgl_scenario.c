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
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <png.h>

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

#define W 64
#define H 64

/* ---- GL entry points past 1.1, loaded with eglGetProcAddress ------------------------------ */

/* glGetPointerv is GL 1.1 (no PFN typedef in glext.h), but its debug names are KHR_debug's. */
typedef void(APIENTRYP pfn_get_pointerv)(GLenum pname, void **params);

#define GL_FUNCS(X)                                                                 \
  X(PFNGLACTIVETEXTUREPROC, ActiveTexture)                                          \
  X(PFNGLGENBUFFERSPROC, GenBuffers)                                                \
  X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)                                          \
  X(PFNGLBINDBUFFERPROC, BindBuffer)                                                \
  X(PFNGLBUFFERDATAPROC, BufferData)                                                \
  X(PFNGLBUFFERSUBDATAPROC, BufferSubData)                                          \
  X(PFNGLBINDBUFFERBASEPROC, BindBufferBase)                                        \
  X(PFNGLBINDBUFFERRANGEPROC, BindBufferRange)                                      \
  X(PFNGLGENVERTEXARRAYSPROC, GenVertexArrays)                                      \
  X(PFNGLDELETEVERTEXARRAYSPROC, DeleteVertexArrays)                                \
  X(PFNGLBINDVERTEXARRAYPROC, BindVertexArray)                                      \
  X(PFNGLVERTEXATTRIBPOINTERPROC, VertexAttribPointer)                              \
  X(PFNGLENABLEVERTEXATTRIBARRAYPROC, EnableVertexAttribArray)                      \
  X(PFNGLVERTEXATTRIB2FPROC, VertexAttrib2f)                                        \
  X(PFNGLDISABLEVERTEXATTRIBARRAYPROC, DisableVertexAttribArray)                    \
  X(PFNGLGETSTRINGIPROC, GetStringi)                                                \
  X(PFNGLPOINTPARAMETERIPROC, PointParameteri)                                      \
  X(PFNGLVERTEXATTRIBDIVISORPROC, VertexAttribDivisor)                              \
  X(PFNGLBLENDEQUATIONPROC, BlendEquation)                                          \
  X(PFNGLDRAWARRAYSINSTANCEDPROC, DrawArraysInstanced)                              \
  X(PFNGLCREATESHADERPROC, CreateShader)                                            \
  X(PFNGLSHADERSOURCEPROC, ShaderSource)                                            \
  X(PFNGLCOMPILESHADERPROC, CompileShader)                                          \
  X(PFNGLGETSHADERIVPROC, GetShaderiv)                                              \
  X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                                    \
  X(PFNGLDELETESHADERPROC, DeleteShader)                                            \
  X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                          \
  X(PFNGLATTACHSHADERPROC, AttachShader)                                            \
  X(PFNGLBINDATTRIBLOCATIONPROC, BindAttribLocation)                                \
  X(PFNGLBINDFRAGDATALOCATIONPROC, BindFragDataLocation)                            \
  X(PFNGLLINKPROGRAMPROC, LinkProgram)                                              \
  X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                            \
  X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                                  \
  X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                          \
  X(PFNGLUSEPROGRAMPROC, UseProgram)                                                \
  X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation)                                \
  X(PFNGLUNIFORM1IPROC, Uniform1i)                                                  \
  X(PFNGLUNIFORM1FPROC, Uniform1f)                                                  \
  X(PFNGLUNIFORM2FPROC, Uniform2f)                                                  \
  X(PFNGLUNIFORM4FVPROC, Uniform4fv)                                                \
  X(PFNGLGETUNIFORMBLOCKINDEXPROC, GetUniformBlockIndex)                            \
  X(PFNGLUNIFORMBLOCKBINDINGPROC, UniformBlockBinding)                              \
  X(PFNGLGENFRAMEBUFFERSPROC, GenFramebuffers)                                      \
  X(PFNGLDELETEFRAMEBUFFERSPROC, DeleteFramebuffers)                                \
  X(PFNGLBINDFRAMEBUFFERPROC, BindFramebuffer)                                      \
  X(PFNGLFRAMEBUFFERTEXTURE2DPROC, FramebufferTexture2D)                            \
  X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, CheckFramebufferStatus)                        \
  X(PFNGLGENRENDERBUFFERSPROC, GenRenderbuffers)                                    \
  X(PFNGLBINDRENDERBUFFERPROC, BindRenderbuffer)                                    \
  X(PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC, RenderbufferStorageMultisample)        \
  X(PFNGLGETRENDERBUFFERPARAMETERIVPROC, GetRenderbufferParameteriv)                \
  X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, FramebufferRenderbuffer)                      \
  X(PFNGLBLITFRAMEBUFFERPROC, BlitFramebuffer)                                      \
  X(PFNGLGENERATEMIPMAPPROC, GenerateMipmap)                                        \
  X(PFNGLCOPYBUFFERSUBDATAPROC, CopyBufferSubData)                                  \
  X(PFNGLGETBUFFERSUBDATAPROC, GetBufferSubData)                                    \
  X(PFNGLCLEARBUFFERFVPROC, ClearBufferfv)                                          \
  X(PFNGLCLEARBUFFERIVPROC, ClearBufferiv)                                          \
  X(PFNGLCLEARBUFFERUIVPROC, ClearBufferuiv)                                        \
  X(PFNGLRENDERBUFFERSTORAGEPROC, RenderbufferStorage)                              \
  X(PFNGLDELETERENDERBUFFERSPROC, DeleteRenderbuffers)                              \
  X(PFNGLPRIMITIVERESTARTINDEXPROC, PrimitiveRestartIndex)                          \
  X(PFNGLTEXPARAMETERIIVPROC, TexParameterIiv)                                      \
  X(PFNGLTEXPARAMETERIUIVPROC, TexParameterIuiv)                                    \
  X(PFNGLTEXIMAGE3DPROC, TexImage3D)                                                \
  X(PFNGLTEXSUBIMAGE3DPROC, TexSubImage3D)                                          \
  X(PFNGLTEXIMAGE2DMULTISAMPLEPROC, TexImage2DMultisample)                          \
  X(PFNGLTEXIMAGE3DMULTISAMPLEPROC, TexImage3DMultisample)                          \
  X(PFNGLTEXSTORAGE2DPROC, TexStorage2D)                                            \
  X(PFNGLCOMPRESSEDTEXIMAGE2DPROC, CompressedTexImage2D)                            \
  X(PFNGLCOMPRESSEDTEXSUBIMAGE2DPROC, CompressedTexSubImage2D)                      \
  X(PFNGLCOMPRESSEDTEXIMAGE3DPROC, CompressedTexImage3D)                            \
  X(PFNGLGETCOMPRESSEDTEXIMAGEPROC, GetCompressedTexImage)                          \
  X(PFNGLTEXSTORAGE3DPROC, TexStorage3D)                                            \
  X(PFNGLCOMPRESSEDTEXSUBIMAGE3DPROC, CompressedTexSubImage3D)                      \
  X(PFNGLTEXBUFFERPROC, TexBuffer)                                                  \
  X(PFNGLFENCESYNCPROC, FenceSync)                                                  \
  X(PFNGLISSYNCPROC, IsSync)                                                        \
  X(PFNGLDELETESYNCPROC, DeleteSync)                                                \
  X(PFNGLCLIENTWAITSYNCPROC, ClientWaitSync)                                        \
  X(PFNGLWAITSYNCPROC, WaitSync)                                                    \
  X(PFNGLGETSYNCIVPROC, GetSynciv)                                                  \
  X(PFNGLGENQUERIESPROC, GenQueries)                                                \
  X(PFNGLDELETEQUERIESPROC, DeleteQueries)                                          \
  X(PFNGLISQUERYPROC, IsQuery)                                                      \
  X(PFNGLBEGINQUERYPROC, BeginQuery)                                                \
  X(PFNGLENDQUERYPROC, EndQuery)                                                    \
  X(PFNGLGETQUERYIVPROC, GetQueryiv)                                                \
  X(PFNGLGETQUERYOBJECTUIVPROC, GetQueryObjectuiv)                                  \
  X(PFNGLGETQUERYOBJECTUI64VPROC, GetQueryObjectui64v)                              \
  X(PFNGLGETQUERYOBJECTI64VPROC, GetQueryObjecti64v)                                \
  X(PFNGLQUERYCOUNTERPROC, QueryCounter)                                            \
  X(PFNGLBEGINCONDITIONALRENDERPROC, BeginConditionalRender)                        \
  X(PFNGLENDCONDITIONALRENDERPROC, EndConditionalRender)                            \
  X(PFNGLGETINTEGER64VPROC, GetInteger64v)                                          \
  X(PFNGLFRAMEBUFFERTEXTURELAYERPROC, FramebufferTextureLayer)                      \
  X(PFNGLFRAMEBUFFERTEXTURE3DPROC, FramebufferTexture3D)                            \
  X(PFNGLFRAMEBUFFERTEXTUREPROC, FramebufferTexture)                                \
  X(PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVPROC, GetFramebufferAttachmentParameteriv) \
  X(PFNGLMAPBUFFERRANGEPROC, MapBufferRange)                                        \
  X(PFNGLUNMAPBUFFERPROC, UnmapBuffer)                                              \
  X(PFNGLTRANSFORMFEEDBACKVARYINGSPROC, TransformFeedbackVaryings)                  \
  X(PFNGLGETTRANSFORMFEEDBACKVARYINGPROC, GetTransformFeedbackVarying)              \
  X(PFNGLBEGINTRANSFORMFEEDBACKPROC, BeginTransformFeedback)                        \
  X(PFNGLENDTRANSFORMFEEDBACKPROC, EndTransformFeedback)                            \
  X(PFNGLPAUSETRANSFORMFEEDBACKPROC, PauseTransformFeedback)                        \
  X(PFNGLRESUMETRANSFORMFEEDBACKPROC, ResumeTransformFeedback)                      \
  X(PFNGLGENTRANSFORMFEEDBACKSPROC, GenTransformFeedbacks)                          \
  X(PFNGLDELETETRANSFORMFEEDBACKSPROC, DeleteTransformFeedbacks)                    \
  X(PFNGLISTRANSFORMFEEDBACKPROC, IsTransformFeedback)                              \
  X(PFNGLBINDTRANSFORMFEEDBACKPROC, BindTransformFeedback)                          \
  X(PFNGLGETACTIVEUNIFORMSIVPROC, GetActiveUniformsiv)                          \
  X(PFNGLGETACTIVEUNIFORMPROC, GetActiveUniform)                                    \
  X(PFNGLGETUNIFORMFVPROC, GetUniformfv)                                            \
  X(PFNGLGETINTEGERI_VPROC, GetIntegeri_v)                                        \
  X(PFNGLGENSAMPLERSPROC, GenSamplers)                                              \
  X(PFNGLDELETESAMPLERSPROC, DeleteSamplers)                                        \
  X(PFNGLISSAMPLERPROC, IsSampler)                                                  \
  X(PFNGLBINDSAMPLERPROC, BindSampler)                                              \
  X(PFNGLSAMPLERPARAMETERIPROC, SamplerParameteri)                                  \
  X(PFNGLSAMPLERPARAMETERFPROC, SamplerParameterf)                                  \
  X(PFNGLSAMPLERPARAMETERFVPROC, SamplerParameterfv)                                \
  X(PFNGLSAMPLERPARAMETERIUIVPROC, SamplerParameterIuiv)                            \
  X(PFNGLGETSAMPLERPARAMETERIVPROC, GetSamplerParameteriv)                          \
  X(PFNGLGETSAMPLERPARAMETERFVPROC, GetSamplerParameterfv)                          \
  X(PFNGLGETSAMPLERPARAMETERIUIVPROC, GetSamplerParameterIuiv)                      \
  X(PFNGLFRAMEBUFFERTEXTURE1DPROC, FramebufferTexture1D)                            \
  X(PFNGLCOMPRESSEDTEXIMAGE1DPROC, CompressedTexImage1D)                            \
  X(PFNGLCOMPRESSEDTEXSUBIMAGE1DPROC, CompressedTexSubImage1D)                      \
  X(PFNGLGETMULTISAMPLEFVPROC, GetMultisamplefv)                                    \
  X(PFNGLGETINTERNALFORMATIVPROC, GetInternalformativ)                              \
  X(PFNGLGETNTEXIMAGEARBPROC, GetnTexImageARB)                                      \
  X(PFNGLGETNCOMPRESSEDTEXIMAGEARBPROC, GetnCompressedTexImageARB)                  \
  X(PFNGLDEBUGMESSAGECALLBACKPROC, DebugMessageCallback)                            \
  X(PFNGLDEBUGMESSAGECONTROLPROC, DebugMessageControl)                              \
  X(PFNGLDEBUGMESSAGEINSERTPROC, DebugMessageInsert)                                \
  X(PFNGLGETDEBUGMESSAGELOGPROC, GetDebugMessageLog)                                \
  X(PFNGLPUSHDEBUGGROUPPROC, PushDebugGroup)                                        \
  X(PFNGLPOPDEBUGGROUPPROC, PopDebugGroup)                                          \
  X(PFNGLOBJECTLABELPROC, ObjectLabel)                                              \
  X(PFNGLGETOBJECTLABELPROC, GetObjectLabel)                                        \
  X(pfn_get_pointerv, GetPointerv)                                                  \
  X(PFNGLBINDFRAGDATALOCATIONINDEXEDPROC, BindFragDataLocationIndexed)              \
  X(PFNGLGETFRAGDATAINDEXPROC, GetFragDataIndex)                                    \
  X(PFNGLGETFRAGDATALOCATIONPROC, GetFragDataLocation)                              \
  X(PFNGLBLENDFUNCSEPARATEPROC, BlendFuncSeparate)                                  \
  X(PFNGLVERTEXATTRIBIPOINTERPROC, VertexAttribIPointer)                            \
  X(PFNGLVERTEXATTRIB4FPROC, VertexAttrib4f)                                        \
  X(PFNGLDRAWELEMENTSBASEVERTEXPROC, DrawElementsBaseVertex)                        \
  X(PFNGLDRAWRANGEELEMENTSPROC, DrawRangeElements)                                  \
  X(PFNGLDRAWRANGEELEMENTSBASEVERTEXPROC, DrawRangeElementsBaseVertex)              \
  X(PFNGLDRAWELEMENTSINSTANCEDPROC, DrawElementsInstanced)                          \
  X(PFNGLDRAWELEMENTSINSTANCEDBASEVERTEXPROC, DrawElementsInstancedBaseVertex)      \
  X(PFNGLMULTIDRAWARRAYSPROC, MultiDrawArrays)                                      \
  X(PFNGLMULTIDRAWELEMENTSPROC, MultiDrawElements)                                  \
  X(PFNGLMULTIDRAWELEMENTSBASEVERTEXPROC, MultiDrawElementsBaseVertex)              \
  X(PFNGLDRAWBUFFERSPROC, DrawBuffers)                                              \
  X(PFNGLENABLEIPROC, Enablei)                                                      \
  X(PFNGLISENABLEDIPROC, IsEnabledi)                                                \
  X(PFNGLCOLORMASKIPROC, ColorMaski)                                                \
  X(PFNGLBLENDEQUATIONSEPARATEPROC, BlendEquationSeparate)                          \
  X(PFNGLBLENDCOLORPROC, BlendColor)                                                \
  X(PFNGLCLEARBUFFERFIPROC, ClearBufferfi)                                          \
  X(PFNGLSTENCILFUNCSEPARATEPROC, StencilFuncSeparate)                              \
  X(PFNGLSTENCILOPSEPARATEPROC, StencilOpSeparate)                                  \
  X(PFNGLSTENCILMASKSEPARATEPROC, StencilMaskSeparate)                              \
  X(PFNGLMAPBUFFERPROC, MapBuffer)                                                  \
  X(PFNGLFLUSHMAPPEDBUFFERRANGEPROC, FlushMappedBufferRange)                        \
  X(PFNGLGETBUFFERPARAMETERIVPROC, GetBufferParameteriv)                            \
  X(PFNGLSAMPLERPARAMETERIIVPROC, SamplerParameterIiv)                            \
  X(PFNGLSAMPLECOVERAGEPROC, SampleCoverage)                                        \
  X(PFNGLSAMPLEMASKIPROC, SampleMaski)                                              \
  X(PFNGLVERTEXATTRIBI4IPROC, VertexAttribI4i)                                      \
  X(PFNGLVERTEXATTRIBI4UIPROC, VertexAttribI4ui)                                    \
  X(PFNGLVERTEXATTRIBI4IVPROC, VertexAttribI4iv)                                    \
  X(PFNGLGETVERTEXATTRIBIIVPROC, GetVertexAttribIiv)                                \
  X(PFNGLGETVERTEXATTRIBIUIVPROC, GetVertexAttribIuiv)                              \
  X(PFNGLCOPYTEXSUBIMAGE3DPROC, CopyTexSubImage3D)

static struct {
#define X(type, name) type name;
  GL_FUNCS(X)
#undef X
} gl;

/* ---- failure reporting --------------------------------------------------------------------- */

static const char *g_scenario = "?";

static void die_setup(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "mgl-scenario %s: SETUP ERROR: ", g_scenario);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static int g_failures;

static void fail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "mgl-scenario %s: FAIL: ", g_scenario);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  g_failures++;
}

static void expect_gl_error(GLenum want, const char *where)
{
  GLenum e = glGetError();
  if (e != want)
    fail("glGetError() = 0x%04x after %s (expected 0x%04x)", (unsigned)e, where, (unsigned)want);
  while (glGetError() != GL_NO_ERROR) {
  }
}

static void check_gl_error(const char *where)
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
static bool on_mgl(void)
{
  const char *r = (const char *)glGetString(GL_RENDERER);
  return r && !strncmp(r, "mgl", 3);
}

static bool has_ext(const char *name)
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
static int context_version(void)
{
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  return major * 10 + minor;
}

static void skipped(const char *what)
{
  printf("  skipped on %s: %s\n", (const char *)glGetString(GL_RENDERER), what);
}

/* ---- colours and the model ----------------------------------------------------------------- */

typedef struct {
  uint8_t c[4];
} rgba8;

typedef struct {
  float v[4];
} vec4f;

static vec4f V4(float r, float g, float b, float a)
{
  vec4f x = {{r, g, b, a}};
  return x;
}

/* float -> unorm8 as GL converts a colour for an 8-bit buffer: clamp, scale by 255, round to
 * nearest.  Our colours are multiples of 0.2, whose products with 255 sit within 1e-4 of an
 * integer, so the rounding mode of any implementation gives the same byte. */
static uint8_t unorm8(float f)
{
  if (!(f > 0.0f))
    return 0;
  if (f >= 1.0f)
    return 255;
  return (uint8_t)floorf(f * 255.0f + 0.5f);
}

static rgba8 to8(vec4f c)
{
  rgba8 r;
  for (int i = 0; i < 4; i++)
    r.c[i] = unorm8(c.v[i]);
  return r;
}

enum shape_kind { SHAPE_RECT, SHAPE_TRI };

/* Samples the colour of a shape at window pixel (x, y) (for textured shapes). */
typedef rgba8 (*colour_fn)(const void *ctx, int x, int y);

typedef struct {
  enum shape_kind kind;
  /* SHAPE_RECT: [x0,x1) x [y0,y1) in integer window pixels (already clipped to
   * viewport/scissor by the scenario's model).  SHAPE_TRI: three window-space vertices. */
  int x0, y0, x1, y1;
  float tx[3], ty[3];
  rgba8 colour;
  colour_fn fn; /* optional: per-pixel colour instead of .colour */
  const void *fn_ctx;
} shape;

#define MAX_SHAPES 32

typedef struct {
  rgba8 clear;
  int n;
  shape s[MAX_SHAPES];
} model;

static void model_init(model *m, vec4f clear)
{
  memset(m, 0, sizeof *m);
  m->clear = to8(clear);
}

static shape *model_push(model *m)
{
  if (m->n >= MAX_SHAPES)
    die_setup("model has more than %d shapes", MAX_SHAPES);
  shape *s = &m->s[m->n++];
  memset(s, 0, sizeof *s);
  return s;
}

static void model_rect(model *m, int x0, int y0, int x1, int y1, rgba8 c)
{
  shape *s = model_push(m);
  s->kind = SHAPE_RECT;
  s->x0 = x0;
  s->y0 = y0;
  s->x1 = x1;
  s->y1 = y1;
  s->colour = c;
}

static void model_rect_fn(model *m, int x0, int y0, int x1, int y1, colour_fn fn, const void *ctx)
{
  model_rect(m, x0, y0, x1, y1, (rgba8){{0, 0, 0, 0}});
  m->s[m->n - 1].fn = fn;
  m->s[m->n - 1].fn_ctx = ctx;
}

static void model_tri(model *m, const float *xy /* 6 floats, window pixels */, rgba8 c)
{
  shape *s = model_push(m);
  s->kind = SHAPE_TRI;
  for (int i = 0; i < 3; i++) {
    s->tx[i] = xy[2 * i];
    s->ty[i] = xy[2 * i + 1];
  }
  s->colour = c;
}

/* Pixels whose centre lies closer than this to a triangle edge are not checked. */
#define TRI_MARGIN 1.0f

enum cover { OUTSIDE, INSIDE, UNSURE };

static enum cover tri_cover(const shape *s, float px, float py)
{
  /* Orientation-independent: the signed area tells which side is the interior. */
  float area = (s->tx[1] - s->tx[0]) * (s->ty[2] - s->ty[0]) -
               (s->tx[2] - s->tx[0]) * (s->ty[1] - s->ty[0]);
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

static bool rgba_eq(rgba8 a, rgba8 b)
{
  return memcmp(a.c, b.c, 4) == 0;
}

/* Expected colour of pixel (x, y); false when the model cannot say (near a triangle edge). */
static bool model_eval(const model *m, int x, int y, rgba8 *out)
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

static uint8_t g_pixels[W * H * 4]; /* last readback, bottom row first (GL order) */

static void readback(void)
{
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  memset(g_pixels, 0xA5, sizeof g_pixels);
  glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, g_pixels);
  check_gl_error("glReadPixels");
}

static rgba8 pixel_at(int x, int y)
{
  rgba8 r;
  memcpy(r.c, &g_pixels[(y * W + x) * 4], 4);
  return r;
}

/* Reads back the default framebuffer and compares every pixel the model is sure about. */
static void check_frame(const char *phase, const model *m)
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

static void write_png(const char *path)
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

static GLuint compile(GLenum type, const char *src)
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

/* Attribute/fragment-output bindings for GLSL without layout qualifiers (glsl140). */
typedef struct {
  const char *name;
  GLuint index;
} binding;

static GLuint link_program_b(const char *vs_src, const char *fs_src, const binding *attribs,
                             const binding *frags)
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

static GLuint link_program(const char *vs_src, const char *fs_src)
{
  return link_program_b(vs_src, fs_src, NULL, NULL);
}

static GLint uloc(GLuint prog, const char *name)
{
  GLint l = gl.GetUniformLocation(prog, name);
  if (l < 0)
    die_setup("uniform %s not found", name);
  return l;
}

static void set_vec4(GLuint prog, const char *name, vec4f c)
{
  gl.Uniform4fv(uloc(prog, name), 1, c.v);
}

/* Vertex shader shared by most scenarios: a_pos is in window pixels of the 64x64 target
 * (window = (ndc + 1) * 32, so ndc = p / 32 - 1 exactly); u_offset shifts it, u_z sets depth. */
static const char *VS_PIXELS = "#version 330 core\n"
                               "layout(location = 0) in vec2 a_pos;\n"
                               "uniform vec2 u_offset;\n"
                               "uniform float u_z;\n"
                               "void main() {\n"
                               "  gl_Position = vec4((a_pos + u_offset) / 32.0 - 1.0, u_z, 1.0);\n"
                               "}\n";

static const char *FS_UNIFORM = "#version 330 core\n"
                                "uniform vec4 u_color;\n"
                                "out vec4 o_color;\n"
                                "void main() { o_color = u_color; }\n";

/* A program drawing solid u_color at pixel-space positions. */
static GLuint solid_program(void)
{
  GLuint p = link_program(VS_PIXELS, FS_UNIFORM);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  return p;
}

/* A VAO with one VBO of 2-float positions at attribute 0. */
typedef struct {
  GLuint vao, vbo;
} mesh;

static mesh make_mesh(const float *xy, int n_vertices)
{
  mesh m;
  gl.GenVertexArrays(1, &m.vao);
  gl.BindVertexArray(m.vao);
  gl.GenBuffers(1, &m.vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, m.vbo);
  gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n_vertices * 2 * sizeof(float)), xy,
                GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), (void *)0);
  gl.EnableVertexAttribArray(0);
  check_gl_error("mesh setup");
  return m;
}

/* Two CCW triangles covering [x0,x1) x [y0,y1) in window pixels. */
static void rect_vertices(float *out12, float x0, float y0, float x1, float y1)
{
  const float v[12] = {x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1};
  memcpy(out12, v, sizeof v);
}

static void clear_to(vec4f c)
{
  glClearColor(c.v[0], c.v[1], c.v[2], c.v[3]);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

/* The window cleared to the scenarios' background and checked whole: what a scenario that
 * draws only into framebuffer objects asserts last (nothing reached the window). */
static void check_window_cleared(const char *phase)
{
  const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
  clear_to(bg);
  model md;
  model_init(&md, bg);
  check_frame(phase, &md);
}


/* ==== scenarios ============================================================================== */

/* msaa_texture: glTexImage2DMultisample storage rendered to through a framebuffer (a clear and
 * a pixel-aligned rectangle, so every sample of a pixel agrees), then read two ways: resolved by
 * glBlitFramebuffer into the left half, and by texelFetch of the last sample of a sampler2DMS
 * into the right half. Plus GL_TEXTURE_SAMPLES, glTexImage3DMultisample and the GL errors. */
static void sc_msaa_texture(void)
{
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &max_samples);
  if (max_samples < 2)
    die_setup("GL_MAX_COLOR_TEXTURE_SAMPLES = %d", max_samples);
  const GLsizei samples = max_samples >= 4 ? 4 : max_samples;
  GLuint ms;
  glGenTextures(1, &ms);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms);
  gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, GL_RGBA8, W, H, GL_TRUE);
  check_gl_error("glTexImage2DMultisample");
  GLint got_samples = -1;
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &got_samples);
  if (got_samples < samples)
    fail("GL_TEXTURE_SAMPLES = %d, asked for %d", got_samples, samples);
  gl.TexImage2DMultisample(GL_TEXTURE_2D, samples, GL_RGBA8, W, H, GL_TRUE);
  expect_gl_error(GL_INVALID_ENUM, "glTexImage2DMultisample(GL_TEXTURE_2D)");
  gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, GL_RGBA8, -1, H, GL_TRUE);
  expect_gl_error(GL_INVALID_VALUE, "glTexImage2DMultisample with width -1");
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, GL_RGBA8, max_size + 1, 4,
                           GL_TRUE);
  expect_gl_error(GL_INVALID_VALUE, "glTexImage2DMultisample wider than GL_MAX_TEXTURE_SIZE");
  GLint max_int = 0;
  glGetIntegerv(GL_MAX_INTEGER_SAMPLES, &max_int);
  if (max_int < max_samples) { /* (past GL_MAX_SAMPLES, GL 3.3 and 4.x disagree) */
    gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, max_int + 1, GL_RGBA8UI, 4, 4, GL_TRUE);
    expect_gl_error(GL_INVALID_OPERATION,
                    "glTexImage2DMultisample of an integer format past GL_MAX_INTEGER_SAMPLES");
  }
  GLuint msa;
  glGenTextures(1, &msa);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, msa);
  gl.TexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, samples, GL_RGBA8, 8, 8, 3, GL_FALSE);
  check_gl_error("glTexImage3DMultisample");
  gl.TexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, GL_RGBA8, 8, 8, 3, GL_FALSE);
  expect_gl_error(GL_INVALID_ENUM, "glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE)");
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms);

  GLuint fbo;
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("multisample texture framebuffer incomplete");
  const vec4f c_bg = V4(0.2f, 0.4f, 0.6f, 1.0f), c_rect = V4(1.0f, 0.8f, 0.0f, 1.0f);
  glViewport(0, 0, W, H);
  glClearColor(c_bg.v[0], c_bg.v[1], c_bg.v[2], c_bg.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint p = solid_program();
  float r[12];
  rect_vertices(r, 8, 8, 56, 40);
  mesh mr = make_mesh(r, 6);
  gl.BindVertexArray(mr.vao);
  set_vec4(p, "u_color", c_rect);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("rendering into the multisample texture");

  /* left half: resolve */
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.BlitFramebuffer(0, 0, W / 2, H, 0, 0, W / 2, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  check_gl_error("resolve blit");

  /* right half: texelFetch of the last sample */
  const char *fs = "#version 330 core\n"
                   "uniform sampler2DMS u_ms;\n"
                   "uniform int u_sample;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = texelFetch(u_ms, ivec2(gl_FragCoord.xy), u_sample); }\n";
  GLuint pf = link_program(VS_PIXELS, fs);
  gl.UseProgram(pf);
  gl.Uniform2f(uloc(pf, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(pf, "u_z"), 0.0f);
  gl.Uniform1i(uloc(pf, "u_ms"), 0);
  gl.Uniform1i(uloc(pf, "u_sample"), samples - 1);
  float right[12];
  rect_vertices(right, W / 2, 0, W, H);
  mesh mright = make_mesh(right, 6);
  gl.BindVertexArray(mright.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("texelFetch from the multisample texture");

  model m;
  model_init(&m, c_bg);
  model_rect(&m, 8, 8, 56, 40, to8(c_rect));
  check_frame("multisample texture", &m);
}

/* tex3d_array: glTexImage3D / glTexSubImage3D for GL_TEXTURE_3D (2x2x4, one colour per slice,
 * slice 2 replaced by glTexSubImage3D) and GL_TEXTURE_2D_ARRAY (2x2x3, one colour per layer,
 * GL_UNPACK_IMAGE_HEIGHT 3 so each layer skips a row), each slice/layer drawn as one quad with
 * NEAREST filtering; and the GL errors of both entry points. */
static void tex3d_fill(GLubyte *out, int texels, const GLubyte c[4])
{
  for (int i = 0; i < texels; i++)
    memcpy(out + 4 * i, c, 4);
}

static void sc_tex3d_array(void)
{
  const char *fs3 = "#version 330 core\n"
                    "uniform sampler3D u_tex;\n"
                    "uniform float u_r;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = texture(u_tex, vec3(0.5, 0.5, u_r)); }\n";
  const char *fsa = "#version 330 core\n"
                    "uniform sampler2DArray u_tex;\n"
                    "uniform float u_r;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = texture(u_tex, vec3(0.5, 0.5, u_r)); }\n";
  const GLubyte slice_c[4][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
                                 {255, 255, 0, 255}};
  const GLubyte sub_c[4] = {255, 0, 255, 255};
  const GLubyte layer_c[3][4] = {{0, 255, 255, 255}, {128, 64, 32, 255}, {255, 255, 255, 255}};

  GLubyte t3[4 * 4 * 4];
  for (int k = 0; k < 4; k++)
    tex3d_fill(t3 + 16 * k, 4, slice_c[k]);
  GLuint tex3;
  glGenTextures(1, &tex3);
  glBindTexture(GL_TEXTURE_3D, tex3);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, t3);
  GLubyte sub[16];
  tex3d_fill(sub, 4, sub_c);
  gl.TexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 2, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, sub);
  check_gl_error("3D texture");

  /* errors */
  gl.TexImage3D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  expect_gl_error(GL_INVALID_ENUM, "glTexImage3D(GL_TEXTURE_2D)");
  gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, -1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  expect_gl_error(GL_INVALID_VALUE, "glTexImage3D with depth -1");
  gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  expect_gl_error(GL_INVALID_VALUE, "glTexImage3D with border 1");
  gl.TexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT24, 2, 2, 2, 0, GL_DEPTH_COMPONENT,
                GL_UNSIGNED_INT, NULL);
  expect_gl_error(GL_INVALID_OPERATION, "glTexImage3D(GL_TEXTURE_3D) of a depth format");
  gl.TexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 3, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, sub);
  expect_gl_error(GL_INVALID_VALUE, "glTexSubImage3D past the last slice");
  gl.TexSubImage3D(GL_TEXTURE_3D, 1, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, sub);
  expect_gl_error(GL_INVALID_OPERATION, "glTexSubImage3D of an undefined level");

  /* the array: rows of 2 texels, 3 rows per image (the third is padding, never read) */
  GLubyte ta[3 * 3 * 2 * 4];
  memset(ta, 0x11, sizeof ta);
  for (int l = 0; l < 3; l++)
    tex3d_fill(ta + 24 * l, 4, layer_c[l]);
  GLuint texa;
  glGenTextures(1, &texa);
  glBindTexture(GL_TEXTURE_2D_ARRAY, texa);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 3);
  gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 2, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, ta);
  glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
  check_gl_error("2D array texture");

  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  float quad[12];
  rect_vertices(quad, 0, 0, 64, 64);
  mesh mq = make_mesh(quad, 6);
  gl.BindVertexArray(mq.vao);
  glEnable(GL_SCISSOR_TEST);
  model m;
  model_init(&m, bg);
  GLuint p3 = link_program(VS_PIXELS, fs3);
  gl.UseProgram(p3);
  gl.Uniform2f(uloc(p3, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p3, "u_z"), 0.0f);
  gl.Uniform1i(uloc(p3, "u_tex"), 0);
  glBindTexture(GL_TEXTURE_3D, tex3);
  for (int k = 0; k < 4; k++) {
    gl.Uniform1f(uloc(p3, "u_r"), ((float)k + 0.5f) / 4.0f);
    glScissor(2 + 16 * k, 36, 12, 24);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    const GLubyte *c = k == 2 ? sub_c : slice_c[k];
    model_rect(&m, 2 + 16 * k, 36, 14 + 16 * k, 60, (rgba8){{c[0], c[1], c[2], c[3]}});
  }
  GLuint pa = link_program(VS_PIXELS, fsa);
  gl.UseProgram(pa);
  gl.Uniform2f(uloc(pa, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(pa, "u_z"), 0.0f);
  gl.Uniform1i(uloc(pa, "u_tex"), 0);
  glBindTexture(GL_TEXTURE_2D_ARRAY, texa);
  for (int l = 0; l < 3; l++) {
    gl.Uniform1f(uloc(pa, "u_r"), (float)l);
    glScissor(2 + 21 * l, 4, 16, 24);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    const GLubyte *c = layer_c[l];
    model_rect(&m, 2 + 21 * l, 4, 18 + 21 * l, 28, (rgba8){{c[0], c[1], c[2], c[3]}});
  }
  glDisable(GL_SCISSOR_TEST);
  check_gl_error("3D and array draws");
  check_frame("3D and array textures", &m);

  /* glGetTexImage of the 3D texture, slices 3 rows apart (GL_PACK_IMAGE_HEIGHT) after one
   * skipped image (GL_PACK_SKIP_IMAGES); the padding rows keep their poison */
  GLubyte back3[5 * 3 * 2 * 4];
  memset(back3, 0xA5, sizeof back3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_IMAGE_HEIGHT, 3);
  glPixelStorei(GL_PACK_SKIP_IMAGES, 1);
  glBindTexture(GL_TEXTURE_3D, tex3);
  glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back3);
  glPixelStorei(GL_PACK_IMAGE_HEIGHT, 0);
  glPixelStorei(GL_PACK_SKIP_IMAGES, 0);
  check_gl_error("glGetTexImage(GL_TEXTURE_3D)");
  for (int k = 0; k < 5; k++)
    for (int r = 0; r < 3; r++)
      for (int i = 0; i < 2; i++) {
        const GLubyte *got = back3 + ((k * 3 + r) * 2 + i) * 4;
        const GLubyte poison[4] = {0xA5, 0xA5, 0xA5, 0xA5};
        const GLubyte *want = k == 0 || r == 2 ? poison : k == 3 ? sub_c : slice_c[k - 1];
        if (memcmp(got, want, 4))
          fail("glGetTexImage(GL_TEXTURE_3D): image %d row %d texel %d is (%u,%u,%u,%u), "
               "expected (%u,%u,%u,%u)", k, r, i, got[0], got[1], got[2], got[3], want[0],
               want[1], want[2], want[3]);
      }
  /* the 2D array into a pixel pack buffer, layers tight */
  GLuint pbo;
  gl.GenBuffers(1, &pbo);
  gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
  gl.BufferData(GL_PIXEL_PACK_BUFFER, 3 * 2 * 2 * 4 + 8, NULL, GL_STREAM_READ);
  glBindTexture(GL_TEXTURE_2D_ARRAY, texa);
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)8);
  check_gl_error("glGetTexImage(GL_TEXTURE_2D_ARRAY) into a pack buffer");
  GLubyte backa[3 * 2 * 2 * 4];
  memset(backa, 0xA5, sizeof backa);
  gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 8, sizeof backa, backa);
  gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  gl.DeleteBuffers(1, &pbo);
  for (int l = 0; l < 3; l++)
    for (int i = 0; i < 4; i++)
      if (memcmp(backa + (l * 4 + i) * 4, layer_c[l], 4))
        fail("glGetTexImage(GL_TEXTURE_2D_ARRAY): layer %d texel %d differs", l, i);

  /* glGenerateMipmap of a 2D array (layers keep their number), a 3D texture (depth minifies)
   * and a 1D array, read back at level 2 */
  GLubyte m2a[2][16][4], m3[4][16][4], m1a[2][4][4], got2[2][4];
  for (int i = 0; i < 16; i++) {
    memcpy(m2a[0][i], layer_c[0], 4), memcpy(m2a[1][i], layer_c[1], 4);
    for (int k = 0; k < 4; k++)
      m3[k][i][0] = (GLubyte)(64 * k), m3[k][i][1] = 0, m3[k][i][2] = 0, m3[k][i][3] = 255;
  }
  for (int i = 0; i < 4; i++) {
    const GLubyte c0[4] = {(GLubyte)(64 * i), 0, 0, 255}, c1[4] = {10, 20, 30, 40};
    memcpy(m1a[0][i], c0, 4), memcpy(m1a[1][i], c1, 4);
  }
  GLuint mt[3];
  glGenTextures(3, mt);
  glBindTexture(GL_TEXTURE_2D_ARRAY, mt[0]);
  gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, m2a);
  gl.GenerateMipmap(GL_TEXTURE_2D_ARRAY);
  check_gl_error("glGenerateMipmap(GL_TEXTURE_2D_ARRAY)");
  GLint lv = -1;
  glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY, 2, GL_TEXTURE_DEPTH, &lv);
  if (lv != 2)
    fail("2D array level 2 has GL_TEXTURE_DEPTH %d, expected its 2 layers", lv);
  memset(got2, 0xA5, sizeof got2);
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA, GL_UNSIGNED_BYTE, got2);
  if (memcmp(got2[0], layer_c[0], 4) || memcmp(got2[1], layer_c[1], 4))
    fail("2D array level 2: (%u,%u,%u,%u) and (%u,%u,%u,%u), expected the layer colours",
         got2[0][0], got2[0][1], got2[0][2], got2[0][3], got2[1][0], got2[1][1], got2[1][2],
         got2[1][3]);
  glBindTexture(GL_TEXTURE_3D, mt[1]);
  gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, m3);
  gl.GenerateMipmap(GL_TEXTURE_3D);
  check_gl_error("glGenerateMipmap(GL_TEXTURE_3D)");
  glGetTexLevelParameteriv(GL_TEXTURE_3D, 1, GL_TEXTURE_DEPTH, &lv);
  if (lv != 2)
    fail("3D level 1 has GL_TEXTURE_DEPTH %d, expected 2", lv);
  memset(got2, 0xA5, sizeof got2);
  glGetTexImage(GL_TEXTURE_3D, 2, GL_RGBA, GL_UNSIGNED_BYTE, got2);
  if (abs(got2[0][0] - 96) > 1 || got2[0][1] || got2[0][2] || got2[0][3] != 255 ||
      got2[1][0] != 0xA5)
    fail("3D level 2: (%u,%u,%u,%u), expected the mean of the slices (96,0,0,255)", got2[0][0],
         got2[0][1], got2[0][2], got2[0][3]);
  glBindTexture(GL_TEXTURE_1D_ARRAY, mt[2]);
  glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, m1a);
  gl.GenerateMipmap(GL_TEXTURE_1D_ARRAY);
  check_gl_error("glGenerateMipmap(GL_TEXTURE_1D_ARRAY)");
  glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 2, GL_TEXTURE_HEIGHT, &lv);
  if (lv != 2)
    fail("1D array level 2 has GL_TEXTURE_HEIGHT %d, expected its 2 layers", lv);
  memset(got2, 0xA5, sizeof got2);
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 2, GL_RGBA, GL_UNSIGNED_BYTE, got2);
  if (abs(got2[0][0] - 96) > 1 || got2[0][3] != 255 || memcmp(got2[1], m1a[1][0], 4))
    fail("1D array level 2: (%u,%u,%u,%u) and (%u,%u,%u,%u)", got2[0][0], got2[0][1],
         got2[0][2], got2[0][3], got2[1][0], got2[1][1], got2[1][2], got2[1][3]);
  glDeleteTextures(3, mt);
}

/* tex_storage: glTexStorage2D (an 8x8 RGBA8 texture with 4 levels, each filled by
 * glTexSubImage2D with its own colour and sampled with textureLod) and glTexStorage3D (a 4x4x2
 * array, one level, each layer filled by glTexSubImage3D); GL_TEXTURE_IMMUTABLE_FORMAT and
 * _LEVELS, and the errors (ARB_texture_storage / GL 4.2 §3.9.16). */
static void sc_tex_storage(void)
{
  const char *fs2 = "#version 330 core\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform float u_r;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = textureLod(u_tex, vec2(0.5), u_r); }\n";
  const char *fsa = "#version 330 core\n"
                    "uniform sampler2DArray u_tex;\n"
                    "uniform float u_r;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = texture(u_tex, vec3(0.5, 0.5, u_r)); }\n";
  const GLubyte lc[4][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
                            {255, 255, 0, 255}};
  const GLubyte ac[2][4] = {{0, 255, 255, 255}, {255, 0, 255, 255}};
  GLubyte texels[8 * 8 * 4];

  GLuint t2;
  glGenTextures(1, &t2);
  glBindTexture(GL_TEXTURE_2D, t2);
  gl.TexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8);
  check_gl_error("glTexStorage2D");
  for (int l = 0; l < 4; l++) {
    const int s = 8 >> l;
    tex3d_fill(texels, s * s, lc[l]);
    glTexSubImage2D(GL_TEXTURE_2D, l, 0, 0, s, s, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl_error("glTexSubImage2D into the levels");
  GLint immutable = -1, imm_levels = -1;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &imm_levels);
  if (immutable != GL_TRUE || imm_levels != 4)
    fail("GL_TEXTURE_IMMUTABLE_FORMAT %d, _LEVELS %d (expected 1, 4)", immutable, imm_levels);
  check_gl_error("immutable queries");

  /* errors */
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  expect_gl_error(GL_INVALID_OPERATION, "glTexImage2D on an immutable texture");
  gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
  expect_gl_error(GL_INVALID_OPERATION, "glTexStorage2D twice");
  GLuint te;
  glGenTextures(1, &te);
  glBindTexture(GL_TEXTURE_2D, te);
  gl.TexStorage2D(GL_TEXTURE_2D, 5, GL_RGBA8, 8, 8);
  expect_gl_error(GL_INVALID_OPERATION, "glTexStorage2D with 5 levels for 8x8");
  gl.TexStorage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8);
  expect_gl_error(GL_INVALID_VALUE, "glTexStorage2D with 0 levels");
  gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 8, 8);
  expect_gl_error(GL_INVALID_ENUM, "glTexStorage2D of unsized GL_RGBA");
  gl.TexStorage2D(GL_TEXTURE_3D, 1, GL_RGBA8, 8, 8);
  expect_gl_error(GL_INVALID_ENUM, "glTexStorage2D(GL_TEXTURE_3D)");
  immutable = -1;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  if (immutable != GL_FALSE)
    fail("GL_TEXTURE_IMMUTABLE_FORMAT %d after failed glTexStorage2D calls", immutable);

  GLuint ta;
  glGenTextures(1, &ta);
  glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
  gl.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 2);
  for (int l = 0; l < 2; l++) {
    tex3d_fill(texels, 16, ac[l]);
    gl.TexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, l, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  }
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl_error("glTexStorage3D array");
  gl.TexStorage3D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 2);
  expect_gl_error(GL_INVALID_ENUM, "glTexStorage3D(GL_TEXTURE_2D)");

  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  float quad[12];
  rect_vertices(quad, 0, 0, 64, 64);
  mesh mq = make_mesh(quad, 6);
  gl.BindVertexArray(mq.vao);
  glEnable(GL_SCISSOR_TEST);
  model m;
  model_init(&m, bg);
  GLuint p2 = link_program(VS_PIXELS, fs2);
  gl.UseProgram(p2);
  gl.Uniform2f(uloc(p2, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p2, "u_z"), 0.0f);
  gl.Uniform1i(uloc(p2, "u_tex"), 0);
  glBindTexture(GL_TEXTURE_2D, t2);
  for (int l = 0; l < 4; l++) {
    gl.Uniform1f(uloc(p2, "u_r"), (float)l);
    glScissor(2 + 16 * l, 36, 12, 24);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    model_rect(&m, 2 + 16 * l, 36, 14 + 16 * l, 60,
               (rgba8){{lc[l][0], lc[l][1], lc[l][2], lc[l][3]}});
  }
  GLuint pa = link_program(VS_PIXELS, fsa);
  gl.UseProgram(pa);
  gl.Uniform2f(uloc(pa, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(pa, "u_z"), 0.0f);
  gl.Uniform1i(uloc(pa, "u_tex"), 0);
  glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
  for (int l = 0; l < 2; l++) {
    gl.Uniform1f(uloc(pa, "u_r"), (float)l);
    glScissor(2 + 32 * l, 4, 28, 24);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    model_rect(&m, 2 + 32 * l, 4, 30 + 32 * l, 28,
               (rgba8){{ac[l][0], ac[l][1], ac[l][2], ac[l][3]}});
  }
  glDisable(GL_SCISSOR_TEST);
  check_gl_error("storage draws");
  check_frame("immutable textures", &m);
}

/* texture_buffer: glTexBuffer and texelFetch on samplerBuffer / usamplerBuffer. An RGBA8 buffer
 * texture of 4 texels (one quad each, the last written by glBufferSubData after a draw read
 * the buffer), an R32UI one read as integers, one with no buffer (GL leaves it undefined; mgl's
 * placeholder texel buffer reads zero, docs/PIPE.md#ranges), and the glTexBuffer errors. */
static void sc_texture_buffer(void)
{
  const char *fsf = "#version 330 core\n"
                    "uniform samplerBuffer u_tb;\n"
                    "uniform int u_i;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = texelFetch(u_tb, u_i); }\n";
  const char *fsu = "#version 330 core\n"
                    "uniform usamplerBuffer u_tb;\n"
                    "uniform int u_i;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = vec4(texelFetch(u_tb, u_i).r) / 255.0; }\n";
  const GLubyte texels[4][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
                                {9, 9, 9, 9}};
  const GLubyte late[4] = {255, 128, 0, 255};
  const GLuint words[3] = {17, 34, 200};
  GLuint bo[2], tb[3];
  gl.GenBuffers(2, bo);
  gl.BindBuffer(GL_TEXTURE_BUFFER, bo[0]);
  gl.BufferData(GL_TEXTURE_BUFFER, sizeof texels, texels, GL_DYNAMIC_DRAW);
  gl.BindBuffer(GL_TEXTURE_BUFFER, bo[1]);
  gl.BufferData(GL_TEXTURE_BUFFER, sizeof words, words, GL_STATIC_DRAW);
  glGenTextures(3, tb);
  glBindTexture(GL_TEXTURE_BUFFER, tb[0]);
  gl.TexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo[0]);
  glBindTexture(GL_TEXTURE_BUFFER, tb[1]);
  gl.TexBuffer(GL_TEXTURE_BUFFER, GL_R32UI, bo[1]);
  check_gl_error("glTexBuffer");
  gl.TexBuffer(GL_TEXTURE_2D, GL_RGBA8, bo[0]);
  expect_gl_error(GL_INVALID_ENUM, "glTexBuffer(GL_TEXTURE_2D)");
  gl.TexBuffer(GL_TEXTURE_BUFFER, GL_RGB8, bo[0]);
  expect_gl_error(GL_INVALID_ENUM, "glTexBuffer of GL_RGB8 (not a buffer texture format)");
  gl.TexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 4242);
  expect_gl_error(GL_INVALID_OPERATION, "glTexBuffer of a name that is no buffer");

  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  float quad[12];
  rect_vertices(quad, 0, 0, 64, 64);
  mesh mq = make_mesh(quad, 6);
  gl.BindVertexArray(mq.vao);
  glEnable(GL_SCISSOR_TEST);
  model m;
  model_init(&m, bg);
  GLuint pf = link_program(VS_PIXELS, fsf);
  gl.UseProgram(pf);
  gl.Uniform2f(uloc(pf, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(pf, "u_z"), 0.0f);
  gl.Uniform1i(uloc(pf, "u_tb"), 0);
  glBindTexture(GL_TEXTURE_BUFFER, tb[0]);
  for (int i = 0; i < 4; i++) {
    if (i == 3) { /* after three draws read the buffer: lands in stream order */
      gl.BindBuffer(GL_TEXTURE_BUFFER, bo[0]);
      gl.BufferSubData(GL_TEXTURE_BUFFER, 12, 4, late);
    }
    gl.Uniform1i(uloc(pf, "u_i"), i);
    glScissor(2 + 16 * i, 36, 12, 24);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    const GLubyte *c = i == 3 ? late : texels[i];
    model_rect(&m, 2 + 16 * i, 36, 14 + 16 * i, 60, (rgba8){{c[0], c[1], c[2], c[3]}});
  }
  GLuint pu = link_program(VS_PIXELS, fsu);
  gl.UseProgram(pu);
  gl.Uniform2f(uloc(pu, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(pu, "u_z"), 0.0f);
  gl.Uniform1i(uloc(pu, "u_tb"), 0);
  glBindTexture(GL_TEXTURE_BUFFER, tb[1]);
  for (int i = 0; i < 3; i++) {
    gl.Uniform1i(uloc(pu, "u_i"), i);
    glScissor(2 + 16 * i, 4, 12, 24);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    const GLubyte v = (GLubyte)words[i];
    model_rect(&m, 2 + 16 * i, 4, 14 + 16 * i, 28, (rgba8){{v, v, v, v}});
  }
  /* a buffer texture with no buffer: undefined in GL; mgl's placeholder reads zero */
  gl.UseProgram(pf);
  glBindTexture(GL_TEXTURE_BUFFER, tb[2]);
  glScissor(50, 4, 12, 24);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_SCISSOR_TEST);
  check_gl_error("buffer texture draws");
  model_rect(&m, 50, 4, 62, 28, (rgba8){{0, 0, 0, 0}}); /* mgl's placeholder: zero */
  check_frame("buffer textures", &m);
}

/* border_colors: GL_CLAMP_TO_BORDER with a border colour in every GL form, sampled outside the
 * texture (coordinate -2): glTexParameterfv on RGBA8, glTexParameteriv (normalized integers) on
 * RGBA8, glTexParameterIuiv on RGBA8UI and glTexParameterIiv on RGBA8I. Only the last two keep
 * values outside [0,1]; the shaders map them back to 8-bit colours. */
static GLuint border_texture(GLenum internal, GLenum format)
{
  const GLubyte texels[16] = {9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9};
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, 2, 2, 0, format,
               internal == GL_RGBA8I ? GL_BYTE : GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
  return t;
}

static void sc_border_colors(void)
{
  const char *fs_f = "#version 330 core\n"
                     "uniform sampler2D u_tex;\n"
                     "out vec4 o_color;\n"
                     "void main() { o_color = texture(u_tex, vec2(-2.0)); }\n";
  const char *fs_u = "#version 330 core\n"
                     "uniform usampler2D u_tex;\n"
                     "out vec4 o_color;\n"
                     "void main() { o_color = vec4(texture(u_tex, vec2(-2.0))) / 255.0; }\n";
  const char *fs_i = "#version 330 core\n"
                     "uniform isampler2D u_tex;\n"
                     "out vec4 o_color;\n"
                     "void main() { o_color = (vec4(texture(u_tex, vec2(-2.0))) + 5.0) / 255.0; }\n";
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  float quad[12];
  rect_vertices(quad, 0, 0, 64, 64);
  mesh mq = make_mesh(quad, 6);
  gl.BindVertexArray(mq.vao);

  GLuint tf = border_texture(GL_RGBA8, GL_RGBA);
  const GLfloat bf[4] = {0.2f, 0.4f, 0.6f, 0.8f};
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bf);
  GLuint ti = border_texture(GL_RGBA8, GL_RGBA);
  const GLint bi[4] = {2147483647, 0, 2147483647, 2147483647};
  glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bi);
  GLuint tu = border_texture(GL_RGBA8UI, GL_RGBA_INTEGER);
  const GLuint bu[4] = {10, 20, 30, 40};
  gl.TexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bu);
  GLuint tsi = border_texture(GL_RGBA8I, GL_RGBA_INTEGER);
  const GLint bsi[4] = {-5, 7, 100, 1};
  gl.TexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bsi);
  check_gl_error("border colour set-up");

  const struct {
    const char *fs;
    GLuint tex;
    int x0;
  } q[4] = {{fs_f, tf, 0}, {fs_f, ti, 16}, {fs_u, tu, 32}, {fs_i, tsi, 48}};
  glEnable(GL_SCISSOR_TEST);
  for (int i = 0; i < 4; i++) {
    GLuint p = link_program(VS_PIXELS, q[i].fs);
    gl.UseProgram(p);
    gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
    gl.Uniform1f(uloc(p, "u_z"), 0.0f);
    gl.Uniform1i(uloc(p, "u_tex"), 0);
    glBindTexture(GL_TEXTURE_2D, q[i].tex);
    glScissor(q[i].x0 + 2, 4, 12, 56);
    glDrawArrays(GL_TRIANGLES, 0, 6);
  }
  glDisable(GL_SCISSOR_TEST);
  check_gl_error("border draws");

  model m;
  model_init(&m, bg);
  const rgba8 want[4] = {{{51, 102, 153, 204}}, {{255, 0, 255, 255}}, {{10, 20, 30, 40}},
                         {{0, 12, 105, 6}}};
  for (int i = 0; i < 4; i++)
    model_rect(&m, q[i].x0 + 2, 4, q[i].x0 + 14, 60, want[i]);
  check_frame("border colours", &m);
}

/* restart_loop: primitive restart at an arbitrary index (7 here; Vulkan restarts only at
 * all-ones) and GL_LINE_LOOP (Vulkan has no loop), alone and with restart.
 * Top: one GL_TRIANGLE_STRIP of GL_UNSIGNED_SHORT indices {0,1,2,3,7,4,5,6,8}: two quads, and
 * vertex 7 sits in the gap between them, so a strip that did not restart paints the gap.
 * Bottom left: glDrawArrays(GL_LINE_LOOP) of a rectangle's 4 corners: the closing (left) edge.
 * Bottom right: glDrawElements(GL_LINE_LOOP) of GL_UNSIGNED_INT {0,1,2,3,9,4,5,6,7} with restart
 * index 9: two closed rectangles, nothing between them. Lines lie on pixel centres; only edge
 * interiors (not corners) and the inside are asserted. */
static void expect_px(const char *phase, int x, int y, rgba8 want)
{
  rgba8 got = pixel_at(x, y);
  if (!rgba_eq(want, got))
    fail("%s: pixel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", phase, x, y, want.c[0],
         want.c[1], want.c[2], want.c[3], got.c[0], got.c[1], got.c[2], got.c[3]);
}

/* Asserts the outline of [x0,x1] x [y0,y1] (pixel centres) without its corners, and inside. */
static void expect_outline(const char *phase, int x0, int y0, int x1, int y1, rgba8 line,
                           rgba8 inside)
{
  for (int x = x0 + 2; x <= x1 - 2; x++) {
    expect_px(phase, x, y0, line);
    expect_px(phase, x, y1, line);
  }
  for (int y = y0 + 2; y <= y1 - 2; y++) {
    expect_px(phase, x0, y, line);
    expect_px(phase, x1, y, line);
  }
  for (int y = y0 + 2; y <= y1 - 2; y++)
    for (int x = x0 + 2; x <= x1 - 2; x++)
      expect_px(phase, x, y, inside);
}

static void sc_restart_loop(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  GLuint p = solid_program();
  const rgba8 bg8 = to8(bg);

  /* top: triangle strips split by restart index 7 */
  const float strip[] = {4,  36, 26, 36, 4,  60, 26, 60, /* quad A: 0..3 */
                         38, 36, 60, 36, 38, 60,         /* quad B: 4..6 */
                         32, 48,                         /* 7: in the gap */
                         60, 60};                        /* 8: quad B's last corner */
  const GLushort sidx[] = {0, 1, 2, 3, 7, 4, 5, 6, 8};
  GLuint vao, vbo, ebo;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof strip, strip, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
  gl.EnableVertexAttribArray(0);
  gl.GenBuffers(1, &ebo);
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
  /* The indices arrive by glBufferSubData after a draw without restart (scissored away) read
   * the buffer on the GPU, so they land in stream order, after that draw: the restart rewrite
   * must read them there, not what the buffer held before. */
  const GLushort zeros[9] = {0};
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof zeros, zeros, GL_DYNAMIC_DRAW);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 1, 1);
  glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, (void *)0);
  glDisable(GL_SCISSOR_TEST);
  gl.BufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof sidx, sidx);
  glEnable(GL_PRIMITIVE_RESTART);
  gl.PrimitiveRestartIndex(7);
  const vec4f green = V4(0.0f, 1.0f, 0.0f, 1.0f);
  set_vec4(p, "u_color", green);
  glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, (void *)0);
  check_gl_error("strip with restart index 7");

  /* bottom left: a non-indexed line loop */
  const float loop[] = {4.5f, 4.5f, 20.5f, 4.5f, 20.5f, 28.5f, 4.5f, 28.5f};
  GLuint vao2, vbo2;
  gl.GenVertexArrays(1, &vao2);
  gl.BindVertexArray(vao2);
  gl.GenBuffers(1, &vbo2);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo2);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof loop, loop, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
  gl.EnableVertexAttribArray(0);
  const vec4f yellow = V4(1.0f, 1.0f, 0.0f, 1.0f);
  set_vec4(p, "u_color", yellow);
  glDrawArrays(GL_LINE_LOOP, 0, 4);
  check_gl_error("glDrawArrays(GL_LINE_LOOP)");

  /* bottom right: indexed line loops split by restart index 9 */
  const float loops[] = {26.5f, 4.5f, 38.5f, 4.5f, 38.5f, 28.5f, 26.5f, 28.5f,
                         46.5f, 4.5f, 58.5f, 4.5f, 58.5f, 28.5f, 46.5f, 28.5f};
  const GLuint lidx[] = {0, 1, 2, 3, 9, 4, 5, 6, 7};
  GLuint vao3, vbo3, ebo3;
  gl.GenVertexArrays(1, &vao3);
  gl.BindVertexArray(vao3);
  gl.GenBuffers(1, &vbo3);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo3);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof loops, loops, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
  gl.EnableVertexAttribArray(0);
  gl.GenBuffers(1, &ebo3);
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo3);
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof lidx, lidx, GL_STATIC_DRAW);
  gl.PrimitiveRestartIndex(9);
  const vec4f cyan = V4(0.0f, 1.0f, 1.0f, 1.0f);
  set_vec4(p, "u_color", cyan);
  glDrawElements(GL_LINE_LOOP, 9, GL_UNSIGNED_INT, (void *)0);
  glDisable(GL_PRIMITIVE_RESTART);
  check_gl_error("glDrawElements(GL_LINE_LOOP) with restart index 9");

  readback();
  const int before = g_failures;
  /* the quads, and the gap between them (x 27..37) left alone */
  for (int y = 37; y < 59; y++) {
    for (int x = 5; x < 25; x++)
      expect_px("strip quad A", x, y, to8(green));
    for (int x = 28; x < 36; x++)
      expect_px("strip gap (restart)", x, y, bg8);
    for (int x = 39; x < 59; x++)
      expect_px("strip quad B", x, y, to8(green));
  }
  expect_outline("line loop", 4, 4, 20, 28, to8(yellow), bg8);
  expect_outline("line loop A (restart)", 26, 4, 38, 28, to8(cyan), bg8);
  expect_outline("line loop B (restart)", 46, 4, 58, 28, to8(cyan), bg8);
  for (int y = 6; y < 27; y++) /* the strip that would join loop A's end to loop B's start */
    for (int x = 40; x < 45; x++)
      expect_px("between the loops (restart)", x, y, bg8);
  printf("  restart and line loops: %d wrong pixels\n", g_failures - before);
}

/* loop_gpu_indices: GL_LINE_LOOP and restart index 99 from element buffers the client holds no
 * copy of, so the client's index rewrite must read them back from the server (the counted
 * slow path, decline index-rewrite-readback; gate.loop_rewrite checks the count).
 * Left: a 4-byte index buffer written by the GPU only (glCopyBufferSubData from a 2 MiB buffer,
 * larger than the client copies): one rectangle loop. Right: the 2 MiB buffer itself as the
 * element buffer, GL_UNSIGNED_INT {4,5,6,7,99,8,9,10,11} at its start with restart index 99:
 * two loops, nothing between. */
static void sc_loop_gpu_indices(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  GLuint p = solid_program();
  const rgba8 bg8 = to8(bg);
  const float verts[] = {4.5f,  4.5f, 20.5f, 4.5f, 20.5f, 28.5f, 4.5f,  28.5f,
                         26.5f, 4.5f, 38.5f, 4.5f, 38.5f, 28.5f, 26.5f, 28.5f,
                         46.5f, 4.5f, 58.5f, 4.5f, 58.5f, 28.5f, 46.5f, 28.5f};
  GLuint vao, vbo, big, ebo;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof verts, verts, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
  gl.EnableVertexAttribArray(0);

  const size_t big_size = 2u << 20;
  GLuint *big_data = calloc(1, big_size);
  if (!big_data) {
    fail("out of memory");
    return;
  }
  const GLuint lidx[] = {4, 5, 6, 7, 99, 8, 9, 10, 11};
  memcpy(big_data, lidx, sizeof lidx);
  const GLushort one_loop[] = {0, 1, 2, 3};
  memcpy(big_data + 64, one_loop, sizeof one_loop);
  gl.GenBuffers(1, &big);
  gl.BindBuffer(GL_COPY_READ_BUFFER, big);
  gl.BufferData(GL_COPY_READ_BUFFER, (GLsizeiptr)big_size, big_data, GL_STATIC_DRAW);
  free(big_data);

  /* left: the GPU writes the indices into a buffer the client then has no copy of */
  gl.GenBuffers(1, &ebo);
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
  const GLushort zeros[4] = {0};
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof zeros, zeros, GL_STATIC_DRAW);
  gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_ELEMENT_ARRAY_BUFFER, 64 * sizeof(GLuint), 0,
                       sizeof one_loop);
  const vec4f yellow = V4(1.0f, 1.0f, 0.0f, 1.0f);
  set_vec4(p, "u_color", yellow);
  glDrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_SHORT, (void *)0);
  check_gl_error("glDrawElements(GL_LINE_LOOP) from a GPU-written index buffer");

  /* right: restart index 99 in the large buffer */
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, big);
  glEnable(GL_PRIMITIVE_RESTART);
  gl.PrimitiveRestartIndex(99);
  const vec4f cyan = V4(0.0f, 1.0f, 1.0f, 1.0f);
  set_vec4(p, "u_color", cyan);
  glDrawElements(GL_LINE_LOOP, 9, GL_UNSIGNED_INT, (void *)0);
  glDisable(GL_PRIMITIVE_RESTART);
  check_gl_error("glDrawElements(GL_LINE_LOOP) with restart index 99 from a 2 MiB buffer");

  readback();
  const int before = g_failures;
  expect_outline("GPU-written loop", 4, 4, 20, 28, to8(yellow), bg8);
  expect_outline("large-buffer loop A (restart)", 26, 4, 38, 28, to8(cyan), bg8);
  expect_outline("large-buffer loop B (restart)", 46, 4, 58, 28, to8(cyan), bg8);
  for (int y = 6; y < 27; y++)
    for (int x = 40; x < 45; x++)
      expect_px("between the loops (restart)", x, y, bg8);
  printf("  loops from GPU-held indices: %d wrong pixels\n", g_failures - before);
}

/* clear_masks: glColorMask and glStencilMask apply to glClear and glClearBuffer* (GL 3.3
 * §17.4.3): masked channels and stencil bits keep their values. Top half: colour, through
 * glClear (left) and glClearBufferfv (right) with partial masks; an RGBA8UI renderbuffer cleared
 * with glClearBufferuiv under a mask, read back as integers. Bottom half: stencil written
 * through two partial write masks, then shown by stencil-tested draws. */
static void sc_clear_masks(void)
{
  const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
  glClearStencil(0);
  clear_to(bg);
  glEnable(GL_SCISSOR_TEST);
  /* left top: glClear, red and blue only */
  glScissor(4, 34, 26, 26);
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
  glClearColor(1.0f, 1.0f, 1.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  /* right top: glClearBufferfv, green only */
  glScissor(34, 34, 26, 26);
  glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_FALSE);
  const GLfloat c[4] = {1.0f, 0.6f, 1.0f, 0.0f};
  gl.ClearBufferfv(GL_COLOR, 0, c);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  check_gl_error("masked colour clears");

  /* stencil: whole buffer 0xff through mask 0x0f (-> 0x0f), then a region 0x35 through 0xf0
   * (-> 0x3f); the depth clear beside it keeps its own (full) write mask */
  glScissor(0, 0, W, H);
  glStencilMask(0x0f);
  glClearStencil(0xff);
  glClear(GL_STENCIL_BUFFER_BIT);
  glScissor(8, 8, 20, 16);
  glStencilMask(0xf0);
  const GLint sv = 0x35;
  gl.ClearBufferiv(GL_STENCIL, 0, &sv);
  glStencilMask(0xff);
  check_gl_error("masked stencil clears");

  /* show the stencil in the bottom half: green where 0x3f, blue where 0x0f */
  GLuint p = solid_program();
  float quad[12];
  rect_vertices(quad, 0, 0, W, 30);
  mesh mq = make_mesh(quad, 6);
  gl.BindVertexArray(mq.vao);
  glScissor(0, 0, W, 30);
  glEnable(GL_STENCIL_TEST);
  glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
  glStencilFunc(GL_EQUAL, 0x3f, 0xff);
  set_vec4(p, "u_color", V4(0.0f, 1.0f, 0.0f, 1.0f));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glStencilFunc(GL_EQUAL, 0x0f, 0xff);
  set_vec4(p, "u_color", V4(0.0f, 0.0f, 1.0f, 1.0f));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_STENCIL_TEST);
  glDisable(GL_SCISSOR_TEST);
  check_gl_error("stencil-tested draws");

  model m;
  model_init(&m, bg);
  model_rect(&m, 4, 34, 30, 60, to8(V4(1.0f, 0.2f, 1.0f, 1.0f)));
  model_rect(&m, 34, 34, 60, 60, to8(V4(0.2f, 0.6f, 0.2f, 1.0f)));
  model_rect(&m, 0, 0, W, 30, to8(V4(0.0f, 0.0f, 1.0f, 1.0f)));
  model_rect(&m, 8, 8, 28, 24, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
  check_frame("masked clears", &m);

  /* an unsigned-integer attachment: glClearBufferuiv through a mask */
  GLuint fbo, rb;
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8UI, 4, 4);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("RGBA8UI framebuffer incomplete");
  const GLuint u0[4] = {1, 2, 3, 4}, u1[4] = {9, 9, 9, 9};
  gl.ClearBufferuiv(GL_COLOR, 0, u0);
  glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
  gl.ClearBufferuiv(GL_COLOR, 0, u1);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  GLuint px[4 * 4 * 4];
  memset(px, 0xee, sizeof px);
  glReadPixels(0, 0, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
  check_gl_error("RGBA8UI masked clear and read-back");
  int bad = 0;
  for (int i = 0; i < 16; i++) {
    const GLuint *q = &px[4 * i];
    if (q[0] != 1 || q[1] != 9 || q[2] != 3 || q[3] != 9) {
      if (!bad)
        fail("RGBA8UI texel %d: expected (1,9,3,9) got (%u,%u,%u,%u)", i, q[0], q[1], q[2], q[3]);
      bad++;
    }
  }
  printf("  RGBA8UI masked clear: 16 texels checked, %d wrong\n", bad);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
  readback(); /* the PNG shows the default framebuffer */
}

/* ubo_ranges (docs/PIPE.md#ranges): uniform block ranges as GL defines them.
 * Left: a 19-byte range at an aligned offset whose uint b (bytes 16..19) straddles its end, with
 * a poison byte 0xff at byte 19: the shader must see 0 there, never the poison. GL leaves bytes
 * past a range undefined (Mesa llvmpipe and lavapipe's robust access return other bytes of the
 * buffer); mgl's contract (docs/PIPE.md#ranges) pads sub-word ranges with zeros through staging. Right: a range larger than GL_MAX_UNIFORM_BLOCK_SIZE is legal and
 * reads like a clamped one. And GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT is enforced. */
static void sc_ubo_ranges(void)
{
  const char *fs = "#version 330 core\n"
                   "layout(std140) uniform R { uvec4 a; uint b; };\n"
                   "out vec4 o_color;\n"
                   "void main() {\n"
                   "  o_color = vec4(float(b >> 24u), float(b & 255u), float((b >> 16u) & 255u),\n"
                   "                 a.x == 7u ? 255.0 : 128.0) / 255.0;\n"
                   "}\n";
  const char *fs_big = "#version 330 core\n"
                       "layout(std140) uniform Big { vec4 c[4]; };\n"
                       "out vec4 o_color;\n"
                       "void main() { o_color = c[1]; }\n";
  GLint align = 0, max_block = 0;
  glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
  glGetIntegerv(GL_MAX_UNIFORM_BLOCK_SIZE, &max_block);
  if (align <= 0 || align > 4096 || (align & (align - 1)))
    fail("GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT = %d is not a power of two in [1, 4096]", align);
  if (max_block < 16384 || max_block > (1 << 24))
    die_setup("GL_MAX_UNIFORM_BLOCK_SIZE = %d out of this test's range", max_block);
  if (align <= 0 || align > 4096)
    align = 256;

  GLuint p = link_program(VS_PIXELS, fs);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  GLuint blk = gl.GetUniformBlockIndex(p, "R");
  if (blk == GL_INVALID_INDEX)
    die_setup("uniform block R not found");
  gl.UniformBlockBinding(p, blk, 2);

  /* the small buffer: garbage, then the block at `align`, poison at byte 19, garbage after */
  size_t size = (size_t)align + 64;
  uint8_t *bytes = malloc(size);
  if (!bytes)
    die_setup("out of memory");
  memset(bytes, 0xff, size);
  const uint32_t a[4] = {7, 1, 2, 3};
  memcpy(bytes + align, a, sizeof a);
  bytes[align + 16] = 0x40;
  bytes[align + 17] = 0x80;
  bytes[align + 18] = 0xc0;
  GLuint ubo;
  gl.GenBuffers(1, &ubo);
  gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
  gl.BufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)size, bytes, GL_STATIC_DRAW);
  free(bytes);

  /* alignment errors: an unaligned offset and a zero size are GL_INVALID_VALUE */
  if (align > 1) {
    gl.BindBufferRange(GL_UNIFORM_BUFFER, 2, ubo, align / 2, 19);
    expect_gl_error(GL_INVALID_VALUE, "glBindBufferRange at half the offset alignment");
  }
  gl.BindBufferRange(GL_UNIFORM_BUFFER, 2, ubo, align, 0);
  expect_gl_error(GL_INVALID_VALUE, "glBindBufferRange of size 0");
  gl.BindBufferRange(GL_UNIFORM_BUFFER, 2, ubo, align, 19);
  check_gl_error("glBindBufferRange (19 bytes)");

  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  float left[12], right[12];
  rect_vertices(left, 4, 4, 30, 60);
  rect_vertices(right, 34, 4, 60, 60);
  mesh ml = make_mesh(left, 6);
  mesh mr = make_mesh(right, 6);
  gl.BindVertexArray(ml.vao);
  /* red shows byte 19, past the range: GL leaves it undefined, mgl's contract makes it 0 */
  const bool padded = on_mgl();
  if (!padded) {
    skipped("the byte past the 19-byte range (red: mgl pads it with zeros, "
            "docs/PIPE.md#ranges, GL leaves it undefined)");
    glColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
  }
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  check_gl_error("draw with the 19-byte range");

  /* the large buffer: a range reaching past GL_MAX_UNIFORM_BLOCK_SIZE */
  GLuint pb = link_program(VS_PIXELS, fs_big);
  gl.UseProgram(pb);
  gl.Uniform2f(uloc(pb, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(pb, "u_z"), 0.0f);
  GLuint bblk = gl.GetUniformBlockIndex(pb, "Big");
  if (bblk == GL_INVALID_INDEX)
    die_setup("uniform block Big not found");
  gl.UniformBlockBinding(pb, bblk, 5);
  const size_t big_size = (size_t)align + (size_t)max_block * 2;
  float *big = calloc(1, big_size);
  if (!big)
    die_setup("out of memory");
  const vec4f c1 = V4(0.2f, 0.6f, 1.0f, 1.0f);
  memcpy((char *)big + align + 16, c1.v, 16);
  GLuint ubo_big;
  gl.GenBuffers(1, &ubo_big);
  gl.BindBuffer(GL_UNIFORM_BUFFER, ubo_big);
  gl.BufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)big_size, big, GL_STATIC_DRAW);
  free(big);
  gl.BindBufferRange(GL_UNIFORM_BUFFER, 5, ubo_big, align, (GLsizeiptr)max_block * 2);
  check_gl_error("glBindBufferRange past GL_MAX_UNIFORM_BLOCK_SIZE");
  gl.BindVertexArray(mr.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw with the over-long range");

  model m;
  model_init(&m, bg);
  rgba8 want_left = {{0x00, 0x40, 0xc0, 0xff}};
  model_rect(&m, 4, 4, 30, 60, want_left);
  model_rect(&m, 34, 4, 60, 60, to8(c1));
  check_frame("ubo ranges", &m);
}

/* clear: full clear, then a scissored clear of a sub-rectangle. */
static void sc_clear(void)
{
  model m;
  const vec4f bg = V4(0.2f, 0.4f, 0.6f, 0.8f);
  clear_to(bg);
  model_init(&m, bg);
  check_frame("full clear", &m);

  const vec4f red = V4(1.0f, 0.0f, 0.2f, 1.0f);
  const int sx = 16, sy = 8, sw = 20, sh = 24;
  glEnable(GL_SCISSOR_TEST);
  glScissor(sx, sy, sw, sh);
  glClearColor(red.v[0], red.v[1], red.v[2], red.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  model_rect(&m, sx, sy, sx + sw, sy + sh, to8(red));
  check_frame("scissored clear", &m);

  /* The four corners and the centre, spelled out (the full-frame check covers them too). */
  const int pts[5][2] = {{0, 0}, {W - 1, 0}, {0, H - 1}, {W - 1, H - 1}, {W / 2, H / 2}};
  for (int i = 0; i < 5; i++) {
    rgba8 want, got = pixel_at(pts[i][0], pts[i][1]);
    model_eval(&m, pts[i][0], pts[i][1], &want);
    if (!rgba_eq(want, got))
      fail("probe pixel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", pts[i][0],
           pts[i][1], want.c[0], want.c[1], want.c[2], want.c[3], got.c[0], got.c[1],
           got.c[2], got.c[3]);
  }
}

/* triangle: one triangle from a VBO + VAO, solid colour from a loose uniform. */
static void sc_triangle(void)
{
  const float tri[6] = {10.0f, 8.0f, 54.0f, 14.0f, 30.0f, 56.0f};
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  const vec4f col = V4(0.2f, 0.8f, 0.4f, 1.0f);
  GLuint p = solid_program();
  set_vec4(p, "u_color", col);
  mesh me = make_mesh(tri, 3);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  check_gl_error("draw");

  model m;
  model_init(&m, bg);
  model_tri(&m, tri, to8(col));
  check_frame("triangle", &m);
  (void)me;
}

/* indexed_quad: glDrawElements with GL_UNSIGNED_SHORT (left quad, offset 0) and
 * GL_UNSIGNED_INT (right quad, at a byte offset into the same element buffer). */
static void sc_indexed_quad(void)
{
  const float verts[16] = {
      /* quad A: [6,28) x [10,50) */
      6, 10, 28, 10, 28, 50, 6, 50,
      /* quad B: [34,58) x [4,40) */
      34, 4, 58, 4, 58, 40, 34, 40};
  const GLushort idx16[6] = {0, 1, 2, 0, 2, 3};
  const GLuint idx32[6] = {4, 5, 6, 4, 6, 7};
  const size_t off32 = 16; /* 6 ushorts = 12 bytes, padded to a 4-byte multiple */
  unsigned char elements[16 + sizeof idx32];
  memset(elements, 0, sizeof elements);
  memcpy(elements, idx16, sizeof idx16);
  memcpy(elements + off32, idx32, sizeof idx32);

  const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
  const vec4f ca = V4(1.0f, 0.6f, 0.0f, 1.0f), cb = V4(0.0f, 0.4f, 1.0f, 0.6f);
  GLuint p = solid_program();
  mesh me = make_mesh(verts, 8);
  GLuint ebo;
  gl.GenBuffers(1, &ebo);
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo); /* recorded in the VAO */
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof elements, elements, GL_STATIC_DRAW);

  clear_to(bg);
  set_vec4(p, "u_color", ca);
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);
  set_vec4(p, "u_color", cb);
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)off32);
  check_gl_error("draws");

  model m;
  model_init(&m, bg);
  model_rect(&m, 6, 10, 28, 50, to8(ca));
  model_rect(&m, 34, 4, 58, 40, to8(cb));
  check_frame("indexed", &m);
  (void)me;
}

/* textured_quad: a 4x4 RGBA8 texture, distinct texel colours, NEAREST, on a 48x48 quad. */
#define TQ_X0 8
#define TQ_Y0 8
#define TQ_SIZE 48
#define TQ_TEX 4

static void tq_texel(int i, int j, uint8_t out[4])
{
  /* distinct for every (i, j) in 0..3 */
  out[0] = (uint8_t)(i * 80 + 10);
  out[1] = (uint8_t)(j * 80 + 20);
  out[2] = (uint8_t)(((i + j) & 1) ? 200 : 40);
  out[3] = (uint8_t)(255 - 16 * (i + 4 * j));
}

static rgba8 tq_colour(const void *ctx, int x, int y)
{
  (void)ctx;
  /* texcoord at the pixel centre = (x - X0 + 0.5) / SIZE; NEAREST picks floor(u * 4).  The
   * centre is never closer than 0.5/12 texel to a texel boundary, so no tolerance. */
  int i = (int)floorf((x - TQ_X0 + 0.5f) / TQ_SIZE * TQ_TEX);
  int j = (int)floorf((y - TQ_Y0 + 0.5f) / TQ_SIZE * TQ_TEX);
  rgba8 r;
  tq_texel(i, j, r.c);
  return r;
}

static const char *VS_TEXTURED = "#version 330 core\n"
                                 "layout(location = 0) in vec2 a_pos;\n"
                                 "layout(location = 1) in vec2 a_uv;\n"
                                 "out vec2 v_uv;\n"
                                 "void main() {\n"
                                 "  v_uv = a_uv;\n"
                                 "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                                 "}\n";

static const char *FS_TEXTURED = "#version 330 core\n"
                                 "uniform sampler2D u_tex;\n"
                                 "in vec2 v_uv;\n"
                                 "out vec4 o_color;\n"
                                 "void main() { o_color = texture(u_tex, v_uv); }\n";

/* A VAO for a textured quad [x0,x1) x [y0,y1) with uv 0..1. */
static GLuint textured_quad_vao(float x0, float y0, float x1, float y1)
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

static void sc_textured_quad(void)
{
  uint8_t texels[TQ_TEX * TQ_TEX * 4];
  for (int j = 0; j < TQ_TEX; j++)
    for (int i = 0; i < TQ_TEX; i++)
      tq_texel(i, j, &texels[(j * TQ_TEX + i) * 4]);

  GLuint tex;
  gl.ActiveTexture(GL_TEXTURE0);
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, TQ_TEX, TQ_TEX, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  check_gl_error("texture setup");

  GLuint p = link_program(VS_TEXTURED, FS_TEXTURED);
  gl.UseProgram(p);
  gl.Uniform1i(uloc(p, "u_tex"), 0);
  textured_quad_vao(TQ_X0, TQ_Y0, TQ_X0 + TQ_SIZE, TQ_Y0 + TQ_SIZE);

  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 0.0f);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw");

  model m;
  model_init(&m, bg);
  model_rect_fn(&m, TQ_X0, TQ_Y0, TQ_X0 + TQ_SIZE, TQ_Y0 + TQ_SIZE, tq_colour, NULL);
  check_frame("textured", &m);

  /* one probe per quadrant of the texture, spelled out */
  for (int q = 0; q < 4; q++) {
    int x = TQ_X0 + (q & 1) * (TQ_SIZE / 2) + TQ_SIZE / 4;
    int y = TQ_Y0 + (q >> 1) * (TQ_SIZE / 2) + TQ_SIZE / 4;
    rgba8 want = tq_colour(NULL, x, y), got = pixel_at(x, y);
    if (!rgba_eq(want, got))
      fail("quadrant %d pixel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", q, x, y,
           want.c[0], want.c[1], want.c[2], want.c[3], got.c[0], got.c[1], got.c[2], got.c[3]);
  }
}

/* texsub_tiles: sixteen 256x256 glTexSubImage2D tiles of a 1024x1024 texture, pending
 * together, leave as one resource_subdata of 4 MiB; a 1 MiB upload drawn just before them
 * has used part of the batch's staging block, so the tiles' staging spans two blocks. Every
 * tile must land (the backend used to decline such a call whole). A 64x64 quad samples the
 * texture: tile (i, j) covers pixels [16i, 16i + 16) x [16j, 16j + 16). */
#define TT_TEX 1024
#define TT_TILE 256

static rgba8 tt_colour(int t)
{
  return (rgba8){{(uint8_t)(16 * t + 8), (uint8_t)(255 - 16 * t), (t & 1) ? 200 : 40, 255}};
}

static void sc_texsub_tiles(void)
{
  GLuint tex;
  gl.ActiveTexture(GL_TEXTURE0);
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, TT_TEX, TT_TEX, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  GLuint p = link_program(VS_TEXTURED, FS_TEXTURED);
  gl.UseProgram(p);
  gl.Uniform1i(uloc(p, "u_tex"), 0);
  textured_quad_vao(0, 0, 64, 64);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);

  const size_t big = (size_t)512 * 512 * 4;
  uint8_t *px = malloc(big);
  if (!px)
    die_setup("out of memory");
  for (size_t i = 0; i < big; i += 4)
    memcpy(px + i, (uint8_t[4]){10, 20, 30, 255}, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 512, 512, GL_RGBA, GL_UNSIGNED_BYTE, px);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  model m;
  model_init(&m, bg);
  for (int t = 0; t < 16; t++) {
    const rgba8 c = tt_colour(t);
    for (size_t i = 0; i < (size_t)TT_TILE * TT_TILE * 4; i += 4)
      memcpy(px + i, c.c, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, (t % 4) * TT_TILE, (t / 4) * TT_TILE, TT_TILE, TT_TILE,
                    GL_RGBA, GL_UNSIGNED_BYTE, px);
    model_rect(&m, (t % 4) * 16, (t / 4) * 16, (t % 4) * 16 + 16, (t / 4) * 16 + 16, c);
  }
  free(px);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("tiled uploads");
  check_frame("tiles", &m);
  glDeleteTextures(1, &tex);
}

/* texsub_cover: pending sub-image uploads of one level, none drawn yet: A (4,4 8x8), then B
 * (0,0 16x16) covering A, C (12,12 8x8) overlapping B only in part, D (16,0 8x8) apart, and a
 * second slice of work: E (24,24 8x8) then F (20,20 12x12) covering E but not C. The front end
 * drops pending regions that a later one covers entirely; what shows must be GL's order: B
 * with C over it, D, F. A 32x32 texture on the 64x64 quad: texel (i, j) is pixels 2i, 2j. */
static void tc_rect(int x, int y, int w, int h, rgba8 c)
{
  uint8_t px[16 * 16 * 4];
  for (int i = 0; i < w * h; i++)
    memcpy(px + 4 * i, c.c, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, x, y, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

static void sc_texsub_cover(void)
{
  GLuint tex;
  gl.ActiveTexture(GL_TEXTURE0);
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  uint8_t zero[32 * 32 * 4];
  memset(zero, 0, sizeof zero);
  for (int i = 3; i < (int)sizeof zero; i += 4)
    zero[i] = 255;
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLuint p = link_program(VS_TEXTURED, FS_TEXTURED);
  gl.UseProgram(p);
  gl.Uniform1i(uloc(p, "u_tex"), 0);
  textured_quad_vao(0, 0, 64, 64);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6); /* the initial image is sent and used */

  const rgba8 a = {{255, 0, 0, 255}}, b = {{0, 255, 0, 255}}, c = {{0, 0, 255, 255}};
  const rgba8 d = {{255, 255, 0, 255}}, e = {{255, 0, 255, 255}}, f = {{0, 255, 255, 255}};
  tc_rect(4, 4, 8, 8, a);
  tc_rect(0, 0, 16, 16, b);
  tc_rect(12, 12, 8, 8, c);
  tc_rect(16, 0, 8, 8, d);
  tc_rect(24, 24, 8, 8, e);
  tc_rect(20, 20, 12, 12, f);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("covering uploads");

  model m;
  model_init(&m, bg);
  model_rect(&m, 0, 0, 32, 32, b);
  model_rect(&m, 24, 24, 40, 40, c);
  model_rect(&m, 32, 0, 48, 16, d);
  model_rect(&m, 40, 40, 64, 64, f);
  check_frame("cover", &m);
  glDeleteTextures(1, &tex);
}

/* depth_test: a far and a near quad overlapping, drawn in both orders with GL_LESS. */
static void sc_depth_test(void)
{
  /* far quad [8,40)^2 at z = +0.5, near quad [24,56)^2 at z = -0.5 (smaller depth = nearer) */
  float far_v[12], near_v[12];
  rect_vertices(far_v, 8, 8, 40, 40);
  rect_vertices(near_v, 24, 24, 56, 56);
  const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f);
  const vec4f far_c = V4(0.0f, 1.0f, 0.0f, 1.0f), near_c = V4(1.0f, 0.0f, 0.0f, 1.0f);
  const float far_z = 0.5f, near_z = -0.5f;

  GLuint p = solid_program();
  mesh mf = make_mesh(far_v, 6);
  mesh mn = make_mesh(near_v, 6);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glClearDepth(1.0);

  model m;
  model_init(&m, bg);
  model_rect(&m, 8, 8, 40, 40, to8(far_c));
  model_rect(&m, 24, 24, 56, 56, to8(near_c)); /* nearer wins where they overlap */

  for (int order = 0; order < 2; order++) {
    clear_to(bg);
    for (int k = 0; k < 2; k++) {
      bool draw_near = (order == 0) ? (k == 1) : (k == 0);
      gl.BindVertexArray(draw_near ? mn.vao : mf.vao);
      gl.Uniform1f(uloc(p, "u_z"), draw_near ? near_z : far_z);
      set_vec4(p, "u_color", draw_near ? near_c : far_c);
      glDrawArrays(GL_TRIANGLES, 0, 6);
    }
    check_gl_error("draws");
    check_frame(order == 0 ? "far then near" : "near then far", &m);
  }
  glDisable(GL_DEPTH_TEST);
}

/* fbo_rtt: render into a 32x32 RGBA8 texture through an FBO, then sample it 1:1 onto the
 * default framebuffer. */
#define RTT_SIZE 32
#define RTT_SPLIT 12 /* texels [0,12) in x get the drawn rect's colour */
#define RTT_DST 16   /* the textured quad covers [16,48)^2 of the window */

static const vec4f RTT_CLEAR = {{0.4f, 0.0f, 0.8f, 1.0f}};
static const vec4f RTT_DRAW = {{1.0f, 1.0f, 0.2f, 0.6f}};

static rgba8 rtt_colour(const void *ctx, int x, int y)
{
  (void)ctx;
  (void)y;
  /* window pixel x maps to texel x - 16 (1:1, texcoord at texel centre) */
  int tx = x - RTT_DST;
  return to8(tx < RTT_SPLIT ? RTT_DRAW : RTT_CLEAR);
}

static void sc_fbo_rtt(void)
{
  GLuint tex, fbo;
  glGenTextures(1, &tex);
  gl.ActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, RTT_SIZE, RTT_SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               NULL);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("FBO status 0x%04x, expected GL_FRAMEBUFFER_COMPLETE", (unsigned)st);

  /* pass 1: into the texture.  The pixel-space VS maps [0,64) to the viewport, so with a
   * 32x32 viewport pixel p of the VS lands on texel p / 2: the rect [0,24) x [0,64) in VS
   * units covers texels [0,12) x [0,32). */
  glViewport(0, 0, RTT_SIZE, RTT_SIZE);
  glClearColor(RTT_CLEAR.v[0], RTT_CLEAR.v[1], RTT_CLEAR.v[2], RTT_CLEAR.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint p = solid_program();
  set_vec4(p, "u_color", RTT_DRAW);
  float v[12];
  rect_vertices(v, 0, 0, 2 * RTT_SPLIT, 64);
  make_mesh(v, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("render to texture");

  /* pass 2: the default framebuffer, texture sampled 1:1 on [16,48)^2 */
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);
  const vec4f bg = V4(0.0f, 0.2f, 0.0f, 1.0f);
  clear_to(bg);
  GLuint pt = link_program(VS_TEXTURED, FS_TEXTURED);
  gl.UseProgram(pt);
  gl.Uniform1i(uloc(pt, "u_tex"), 0);
  textured_quad_vao(RTT_DST, RTT_DST, RTT_DST + RTT_SIZE, RTT_DST + RTT_SIZE);
  glBindTexture(GL_TEXTURE_2D, tex);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("sample texture");

  model m;
  model_init(&m, bg);
  model_rect_fn(&m, RTT_DST, RTT_DST, RTT_DST + RTT_SIZE, RTT_DST + RTT_SIZE, rtt_colour, NULL);
  check_frame("render to texture, sampled", &m);
  gl.DeleteFramebuffers(1, &fbo);
}

/* instanced: glDrawArraysInstanced with gl_InstanceID offsets (bottom row), and with
 * per-instance attributes through glVertexAttribDivisor (top row). */
#define INST_N 4
#define INST_SIZE 10
#define INST_STEP 14
#define INST_X0 4
#define INST_ROW_A 8
#define INST_ROW_B 40

static vec4f inst_colour_a(int id)
{
  /* must match the shader: vec4(0.2 * (id + 1), 1.0 - 0.2 * id, 0.4, 1.0) */
  return V4(0.2f * (float)(id + 1), 1.0f - 0.2f * (float)id, 0.4f, 1.0f);
}

static void sc_instanced(void)
{
  const char *vs_a = "#version 330 core\n"
                     "layout(location = 0) in vec2 a_pos;\n"
                     "uniform float u_step;\n"
                     "flat out vec4 v_color;\n"
                     "void main() {\n"
                     "  float id = float(gl_InstanceID);\n"
                     "  v_color = vec4(0.2 * (id + 1.0), 1.0 - 0.2 * id, 0.4, 1.0);\n"
                     "  vec2 p = a_pos + vec2(u_step * id, 0.0);\n"
                     "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
                     "}\n";
  const char *vs_b = "#version 330 core\n"
                     "layout(location = 0) in vec2 a_pos;\n"
                     "layout(location = 1) in vec2 a_offset;\n" /* divisor 1 */
                     "layout(location = 2) in vec4 a_color;\n"  /* divisor 1 */
                     "flat out vec4 v_color;\n"
                     "void main() {\n"
                     "  v_color = a_color;\n"
                     "  gl_Position = vec4((a_pos + a_offset) / 32.0 - 1.0, 0.0, 1.0);\n"
                     "}\n";
  const char *fs = "#version 330 core\n"
                   "flat in vec4 v_color;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = v_color; }\n";
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  model m;
  model_init(&m, bg);

  /* variant A: gl_InstanceID */
  GLuint pa = link_program(vs_a, fs);
  gl.UseProgram(pa);
  gl.Uniform1f(uloc(pa, "u_step"), (float)INST_STEP);
  float quad[12];
  rect_vertices(quad, INST_X0, INST_ROW_A, INST_X0 + INST_SIZE, INST_ROW_A + INST_SIZE);
  make_mesh(quad, 6);
  gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, INST_N);
  check_gl_error("instanced draw (gl_InstanceID)");
  for (int i = 0; i < INST_N; i++) {
    int x0 = INST_X0 + i * INST_STEP;
    model_rect(&m, x0, INST_ROW_A, x0 + INST_SIZE, INST_ROW_A + INST_SIZE, to8(inst_colour_a(i)));
  }

  /* variant B: per-instance offset and colour with glVertexAttribDivisor(1) */
  float offsets[INST_N * 2];
  float colours[INST_N * 4];
  for (int i = 0; i < INST_N; i++) {
    offsets[2 * i] = (float)(i * INST_STEP);
    offsets[2 * i + 1] = (float)((i & 1) * 4); /* zig-zag: odd instances 4 px higher */
    vec4f c = V4(1.0f - 0.2f * (float)i, 0.2f * (float)i, 0.8f, 0.2f * (float)(i + 2));
    memcpy(&colours[4 * i], c.v, sizeof c.v);
    int x0 = INST_X0 + (int)offsets[2 * i], y0 = INST_ROW_B + (int)offsets[2 * i + 1];
    model_rect(&m, x0, y0, x0 + INST_SIZE, y0 + INST_SIZE, to8(c));
  }
  GLuint pb = link_program(vs_b, fs);
  gl.UseProgram(pb);
  rect_vertices(quad, INST_X0, INST_ROW_B, INST_X0 + INST_SIZE, INST_ROW_B + INST_SIZE);
  mesh mb = make_mesh(quad, 6);
  GLuint ib;
  gl.GenBuffers(1, &ib);
  gl.BindBuffer(GL_ARRAY_BUFFER, ib);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof offsets + sizeof colours, NULL, GL_STATIC_DRAW);
  gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof offsets, offsets);
  gl.BufferSubData(GL_ARRAY_BUFFER, sizeof offsets, sizeof colours, colours);
  gl.VertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
  gl.VertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, 0, (void *)sizeof offsets);
  gl.EnableVertexAttribArray(1);
  gl.EnableVertexAttribArray(2);
  gl.VertexAttribDivisor(1, 1);
  gl.VertexAttribDivisor(2, 1);
  gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, INST_N);
  check_gl_error("instanced draw (divisor)");
  (void)mb;

  check_frame("instanced", &m);
}

/* streamed_subdata: the same UBO range (row A) and the same VBO range (row B) rewritten with
 * glBufferSubData before each of 4 draws; every draw must show its own data. */
#define SS_N 4

static void sc_streamed_subdata(void)
{
  const char *vs_ubo = "#version 330 core\n"
                       "layout(location = 0) in vec2 a_pos;\n"
                       "layout(std140) uniform Draw { vec4 offset; vec4 color; } u_draw;\n"
                       "void main() {\n"
                       "  gl_Position = vec4((a_pos + u_draw.offset.xy) / 32.0 - 1.0, 0.0, 1.0);\n"
                       "}\n";
  const char *fs_ubo = "#version 330 core\n"
                       "layout(std140) uniform Draw { vec4 offset; vec4 color; } u_draw;\n"
                       "out vec4 o_color;\n"
                       "void main() { o_color = u_draw.color; }\n";
  const char *vs_vbo = "#version 330 core\n"
                       "layout(location = 0) in vec2 a_pos;\n"
                       "layout(location = 1) in vec4 a_color;\n"
                       "flat out vec4 v_color;\n"
                       "void main() {\n"
                       "  v_color = a_color;\n"
                       "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                       "}\n";
  const char *fs_vbo = "#version 330 core\n"
                       "flat in vec4 v_color;\n"
                       "out vec4 o_color;\n"
                       "void main() { o_color = v_color; }\n";
  const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
  clear_to(bg);
  model m;
  model_init(&m, bg);

  /* row A: a 32-byte UBO range rewritten before each draw */
  GLuint pu = link_program(vs_ubo, fs_ubo);
  GLuint blk = gl.GetUniformBlockIndex(pu, "Draw");
  if (blk == GL_INVALID_INDEX)
    die_setup("uniform block Draw not found");
  gl.UniformBlockBinding(pu, blk, 1);
  GLuint ubo;
  gl.GenBuffers(1, &ubo);
  gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
  gl.BufferData(GL_UNIFORM_BUFFER, 32, NULL, GL_DYNAMIC_DRAW);
  gl.BindBufferBase(GL_UNIFORM_BUFFER, 1, ubo);
  gl.UseProgram(pu);
  float quad[12];
  rect_vertices(quad, 0, 0, 12, 12);
  make_mesh(quad, 6);
  for (int i = 0; i < SS_N; i++) {
    float data[8] = {(float)(4 + 15 * i), 6.0f, 0, 0};
    vec4f c = V4(0.2f * (float)(i + 1), 0.8f - 0.2f * (float)i, (i & 1) ? 1.0f : 0.0f, 1.0f);
    memcpy(&data[4], c.v, sizeof c.v);
    gl.BufferSubData(GL_UNIFORM_BUFFER, 0, sizeof data, data);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    model_rect(&m, 4 + 15 * i, 6, 4 + 15 * i + 12, 18, to8(c));
  }
  check_gl_error("UBO-streamed draws");

  /* row B: positions and colours of one 6-vertex VBO range rewritten before each draw */
  GLuint pv = link_program(vs_vbo, fs_vbo);
  gl.UseProgram(pv);
  GLuint vao, vbo;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, 6 * 6 * sizeof(float), NULL, GL_DYNAMIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)0);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)(2 * sizeof(float)));
  gl.EnableVertexAttribArray(0);
  gl.EnableVertexAttribArray(1);
  for (int i = 0; i < SS_N; i++) {
    int x0 = 4 + 15 * i, y0 = 30 + 6 * (i & 1);
    float r[12];
    rect_vertices(r, (float)x0, (float)y0, (float)(x0 + 12), (float)(y0 + 20));
    vec4f c = V4(1.0f - 0.2f * (float)i, 0.2f * (float)i, 0.6f, 0.8f);
    float data[36];
    for (int k = 0; k < 6; k++) {
      data[6 * k] = r[2 * k];
      data[6 * k + 1] = r[2 * k + 1];
      memcpy(&data[6 * k + 2], c.v, sizeof c.v);
    }
    gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof data, data);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    model_rect(&m, x0, y0, x0 + 12, y0 + 20, to8(c));
  }
  check_gl_error("VBO-streamed draws");

  check_frame("streamed", &m);
}

/* streamed_heap_subdata: as row B of streamed_subdata, in a 256 KiB vertex buffer. On the ring
 * arms such a buffer's store is in the heap both sides map, and a glBufferSubData goes straight
 * into it while the server has stamped the buffer idle after every record sent (stage.h). The
 * pause after each draw lets the apply thread apply that draw (recorded, not yet run) and
 * reach its stamp point: a stamp that took the drawn-from buffer for idle would let the next
 * write change what that draw reads. The writes after a glFinish (the first, and one at an
 * offset into the second half of the buffer) find it idle: those are the direct ones. Every
 * draw must show its own data. A last draw is flushed and left running when the scenario ends,
 * so the server's teardown meets GPU work that reads the store (gate.heap_teardown). */
#define SH_BYTES (256 << 10)
#define SH_VERTEX (6 * sizeof(float))

static void heap_pause(void)
{
  nanosleep(&(struct timespec){.tv_nsec = 30 * 1000 * 1000}, NULL);
}

static void heap_quad(float *data, int x0, int y0, int x1, int y1, vec4f c)
{
  float r[12];
  rect_vertices(r, (float)x0, (float)y0, (float)x1, (float)y1);
  for (int k = 0; k < 6; k++) {
    data[6 * k] = r[2 * k];
    data[6 * k + 1] = r[2 * k + 1];
    memcpy(&data[6 * k + 2], c.v, sizeof c.v);
  }
}

static void sc_streamed_heap_subdata(void)
{
  const char *vs = "#version 330 core\n"
                   "layout(location = 0) in vec2 a_pos;\n"
                   "layout(location = 1) in vec4 a_color;\n"
                   "flat out vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "#version 330 core\n"
                   "flat in vec4 v_color;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = v_color; }\n";
  const vec4f bg = V4(0.2f, 0.2f, 0.4f, 1.0f);
  clear_to(bg);
  model m;
  model_init(&m, bg);
  gl.UseProgram(link_program(vs, fs));
  GLuint vao, vbo;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, SH_BYTES, NULL, GL_STREAM_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, SH_VERTEX, (void *)0);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, SH_VERTEX, (void *)(2 * sizeof(float)));
  gl.EnableVertexAttribArray(0);
  gl.EnableVertexAttribArray(1);
  glFinish();
  heap_pause();
  for (int i = 0; i < SS_N; i++) {
    int x0 = 4 + 15 * i, y0 = 8 + 6 * (i & 1);
    vec4f c = V4(0.2f + 0.2f * (float)i, 1.0f - 0.2f * (float)i, (i & 1) ? 0.0f : 1.0f, 1.0f);
    float data[36];
    heap_quad(data, x0, y0, x0 + 12, y0 + 20, c);
    gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof data, data);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    model_rect(&m, x0, y0, x0 + 12, y0 + 20, to8(c));
    heap_pause();
  }
  check_gl_error("heap-streamed draws");

  /* After a glFinish, a write into the second half: idle again, so direct on the ring arms. */
  glFinish();
  heap_pause();
  const GLint first = (SH_BYTES / 2) / (GLint)SH_VERTEX;
  const vec4f c = V4(0.8f, 0.8f, 0.2f, 1.0f);
  float data[36];
  heap_quad(data, 10, 36, 50, 56, c);
  gl.BufferSubData(GL_ARRAY_BUFFER, (GLintptr)first * (GLintptr)SH_VERTEX, sizeof data, data);
  glDrawArrays(GL_TRIANGLES, first, 6);
  model_rect(&m, 10, 36, 50, 56, to8(c));
  check_gl_error("heap write at an offset");

  check_frame("streamed_heap", &m);
  /* A last draw from the store, submitted and never waited for: the session ends while the
   * device may still read the heap (gate.heap_teardown holds the batch there). */
  glDrawArrays(GL_TRIANGLES, first, 6);
  glFlush();
  gl.DeleteBuffers(1, &vbo);
  gl.DeleteVertexArrays(1, &vao);
}

/* uniforms_ubo: out = u_loose * block.tint + block.bias, the block bound with
 * glUniformBlockBinding + glBindBufferBase (left) and glBindBufferRange at an aligned
 * offset (right). */
static void sc_uniforms_ubo(void)
{
  const char *fs = "#version 330 core\n"
                   "uniform vec4 u_loose;\n"
                   "layout(std140) uniform Material { vec4 tint; vec4 bias; };\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = u_loose * tint + bias; }\n";
  GLuint p = link_program(VS_PIXELS, fs);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  const GLuint binding_point = 3;
  GLuint blk = gl.GetUniformBlockIndex(p, "Material");
  if (blk == GL_INVALID_INDEX)
    die_setup("uniform block Material not found");
  gl.UniformBlockBinding(p, blk, binding_point);

  /* tint components are 0 or 1 and the rest multiples of 0.2, so the products are exact */
  const vec4f loose_a = V4(0.2f, 0.4f, 0.6f, 1.0f);
  const vec4f tint_a = V4(1.0f, 0.0f, 1.0f, 1.0f), bias_a = V4(0.4f, 0.2f, 0.0f, 0.0f);
  const vec4f loose_b = V4(0.6f, 0.2f, 0.4f, 0.4f);
  const vec4f tint_b = V4(0.0f, 1.0f, 1.0f, 1.0f), bias_b = V4(0.2f, 0.0f, 0.4f, 0.6f);

  GLint align = 256;
  glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
  if (align <= 0 || align > 4096)
    die_setup("odd GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT %d", align);
  GLuint ubo_a, ubo_b;
  gl.GenBuffers(1, &ubo_a);
  gl.BindBuffer(GL_UNIFORM_BUFFER, ubo_a);
  float a[8];
  memcpy(a, tint_a.v, 16);
  memcpy(a + 4, bias_a.v, 16);
  gl.BufferData(GL_UNIFORM_BUFFER, sizeof a, a, GL_STATIC_DRAW);

  /* buffer B: garbage at offset 0, the block at offset `align` */
  size_t bsize = (size_t)align + 32;
  float *b = malloc(bsize);
  if (!b)
    die_setup("out of memory");
  for (size_t i = 0; i < bsize / sizeof(float); i++)
    b[i] = 0.8f; /* would show as a wrong colour if the offset were ignored */
  memcpy((char *)b + align, tint_b.v, 16);
  memcpy((char *)b + align + 16, bias_b.v, 16);
  gl.GenBuffers(1, &ubo_b);
  gl.BindBuffer(GL_UNIFORM_BUFFER, ubo_b);
  gl.BufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)bsize, b, GL_STATIC_DRAW);
  free(b);

  float left[12], right[12];
  rect_vertices(left, 6, 6, 30, 58);
  rect_vertices(right, 34, 6, 58, 58);
  mesh ml = make_mesh(left, 6);
  mesh mr = make_mesh(right, 6);

  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  gl.BindVertexArray(ml.vao);
  set_vec4(p, "u_loose", loose_a);
  gl.BindBufferBase(GL_UNIFORM_BUFFER, binding_point, ubo_a);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.BindVertexArray(mr.vao);
  set_vec4(p, "u_loose", loose_b);
  gl.BindBufferRange(GL_UNIFORM_BUFFER, binding_point, ubo_b, align, 32);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draws");

  vec4f ea, eb;
  for (int i = 0; i < 4; i++) {
    ea.v[i] = loose_a.v[i] * tint_a.v[i] + bias_a.v[i];
    eb.v[i] = loose_b.v[i] * tint_b.v[i] + bias_b.v[i];
  }
  model m;
  model_init(&m, bg);
  model_rect(&m, 6, 6, 30, 58, to8(ea));
  model_rect(&m, 34, 6, 58, 58, to8(eb));
  check_frame("loose uniform + block", &m);
}

/* cull_winding: a CCW triangle (left) and a CW one (right) with back-face culling; then
 * glFrontFace(GL_CW) flips which one survives. */
static void sc_cull_winding(void)
{
  /* window-space winding: y up, as GL defines it */
  const float ccw[6] = {4, 8, 28, 8, 16, 56};
  const float cw[6] = {36, 8, 48, 56, 60, 8};
  float both[12];
  memcpy(both, ccw, sizeof ccw);
  memcpy(both + 6, cw, sizeof cw);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  const vec4f col = V4(1.0f, 0.8f, 0.0f, 1.0f);
  GLuint p = solid_program();
  set_vec4(p, "u_color", col);
  make_mesh(both, 6);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);

  glFrontFace(GL_CCW);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw (front = CCW)");
  model m;
  model_init(&m, bg);
  model_tri(&m, ccw, to8(col));
  check_frame("front=CCW, cull back: CCW visible", &m);

  glFrontFace(GL_CW);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw (front = CW)");
  model_init(&m, bg);
  model_tri(&m, cw, to8(col));
  check_frame("front=CW, cull back: CW visible", &m);

  glFrontFace(GL_CCW);
  glDisable(GL_CULL_FACE);
}

/* viewport_scissor: a full-NDC quad drawn into a viewport sub-rectangle, then through a
 * scissor, then through a viewport and a scissor together. */
static void sc_viewport_scissor(void)
{
  const char *vs = "#version 330 core\n"
                   "layout(location = 0) in vec2 a_ndc;\n"
                   "void main() { gl_Position = vec4(a_ndc, 0.0, 1.0); }\n";
  GLuint p = link_program(vs, FS_UNIFORM);
  gl.UseProgram(p);
  float full[12];
  rect_vertices(full, -1, -1, 1, 1);
  make_mesh(full, 6);
  const vec4f bg = V4(0.2f, 0.0f, 0.2f, 1.0f);
  const vec4f ca = V4(0.0f, 1.0f, 0.6f, 1.0f), cb = V4(1.0f, 0.4f, 0.0f, 1.0f),
              cc = V4(0.6f, 0.6f, 1.0f, 0.4f);
  clear_to(bg);
  model m;
  model_init(&m, bg);

  /* 1: viewport only -- the NDC square fills exactly the viewport rectangle */
  const int vx = 8, vy = 16, vw = 32, vh = 24;
  glViewport(vx, vy, vw, vh);
  set_vec4(p, "u_color", ca);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  model_rect(&m, vx, vy, vx + vw, vy + vh, to8(ca));
  check_gl_error("viewport draw");
  check_frame("viewport", &m);

  /* 2: full viewport, scissor only (overlaps the first rectangle) */
  const int sx = 32, sy = 8, sw = 24, sh = 24;
  glViewport(0, 0, W, H);
  glEnable(GL_SCISSOR_TEST);
  glScissor(sx, sy, sw, sh);
  set_vec4(p, "u_color", cb);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  model_rect(&m, sx, sy, sx + sw, sy + sh, to8(cb));
  check_gl_error("scissored draw");
  check_frame("viewport + scissor", &m);

  /* 3: viewport [40,64)x[40,64) and scissor [44,52)x[36,76): the intersection is drawn */
  const int v3x = 40, v3y = 40, v3w = 24, v3h = 24;
  const int s3x = 44, s3y = 36, s3w = 8, s3h = 40;
  glViewport(v3x, v3y, v3w, v3h);
  glScissor(s3x, s3y, s3w, s3h);
  set_vec4(p, "u_color", cc);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_SCISSOR_TEST);
  glViewport(0, 0, W, H);
  int ix0 = v3x > s3x ? v3x : s3x, iy0 = v3y > s3y ? v3y : s3y;
  int ix1 = (v3x + v3w) < (s3x + s3w) ? v3x + v3w : s3x + s3w;
  int iy1 = (v3y + v3h) < (s3y + s3h) ? v3y + v3h : s3y + s3h;
  model_rect(&m, ix0, iy0, ix1, iy1, to8(cc));
  check_gl_error("viewport and scissor draw");
  check_frame("viewport and scissor together", &m);
}

/* glsl140: a #version 140 program (no layout qualifiers: attribute and output locations come
 * from glBindAttribLocation / glBindFragDataLocation), a uniform block and a loose uniform. */
static void sc_glsl140(void)
{
  const char *vs = "#version 140\n"
                   "in vec2 pos;\n"
                   "in vec4 color;\n"
                   "flat out vec4 v_color;\n"
                   "uniform vec2 u_offset;\n"
                   "void main() {\n"
                   "  v_color = color;\n"
                   "  gl_Position = vec4((pos + u_offset) / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "#version 140\n"
                   "flat in vec4 v_color;\n"
                   "layout(std140) uniform Params { vec4 add; };\n"
                   "uniform float u_scale;\n"
                   "out vec4 result;\n"
                   "void main() { result = v_color * u_scale + add; }\n";
  const binding attribs[] = {{"pos", 3}, {"color", 5}, {NULL, 0}};
  const binding frags[] = {{"result", 0}, {NULL, 0}};
  GLuint p = link_program_b(vs, fs, attribs, frags);
  gl.UseProgram(p);
  GLuint blk = gl.GetUniformBlockIndex(p, "Params");
  if (blk == GL_INVALID_INDEX)
    die_setup("uniform block Params not found");
  gl.UniformBlockBinding(p, blk, 0);

  const vec4f add = V4(0.0f, 0.2f, 0.0f, 0.2f);
  const float scale = 1.0f;
  const vec4f c0 = V4(0.8f, 0.0f, 0.4f, 0.8f), c1 = V4(0.2f, 0.6f, 1.0f, 0.4f);
  GLuint ubo;
  gl.GenBuffers(1, &ubo);
  gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
  gl.BufferData(GL_UNIFORM_BUFFER, 16, add.v, GL_STATIC_DRAW);
  gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, ubo);
  gl.Uniform1f(uloc(p, "u_scale"), scale);

  /* two quads in one draw; colour per vertex, constant per quad (flat) */
  float q0[12], q1[12], data[12 * 6];
  rect_vertices(q0, 4, 4, 36, 28);
  rect_vertices(q1, 20, 32, 60, 60);
  for (int k = 0; k < 12; k++) {
    const float *q = k < 6 ? q0 : q1;
    const vec4f *c = k < 6 ? &c0 : &c1;
    data[6 * k] = q[2 * (k % 6)];
    data[6 * k + 1] = q[2 * (k % 6) + 1];
    memcpy(&data[6 * k + 2], c->v, 16);
  }
  GLuint vao, vbo;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
  gl.VertexAttribPointer(3, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)0);
  gl.VertexAttribPointer(5, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)(2 * sizeof(float)));
  gl.EnableVertexAttribArray(3);
  gl.EnableVertexAttribArray(5);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);

  const vec4f bg = V4(0.0f, 0.0f, 0.4f, 1.0f);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 12);
  check_gl_error("draw");

  vec4f e0, e1;
  for (int i = 0; i < 4; i++) {
    e0.v[i] = c0.v[i] * scale + add.v[i];
    e1.v[i] = c1.v[i] * scale + add.v[i];
  }
  model m;
  model_init(&m, bg);
  model_rect(&m, 4, 4, 36, 28, to8(e0));
  model_rect(&m, 20, 32, 60, 60, to8(e1));
  check_frame("glsl 1.40", &m);
}

/* readpixels_pack: glReadPixels honours GL_PACK_ROW_LENGTH / SKIP_PIXELS / SKIP_ROWS and writes
 * nothing outside the pixels it returns: every other byte of the app's buffer keeps its value. */
static void sc_readpixels_pack(void)
{
  const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
  const vec4f red = V4(1.0f, 0.0f, 0.2f, 1.0f);
  clear_to(bg);
  glEnable(GL_SCISSOR_TEST);
  glScissor(10, 12, 6, 5);
  glClearColor(red.v[0], red.v[1], red.v[2], red.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);

  enum { RX = 8, RY = 10, RW = 12, RH = 9, ROW = 20, SKIPX = 3, SKIPY = 2 };
  static uint8_t buf[(SKIPY + RH + 1) * ROW * 4];
  memset(buf, 0xCD, sizeof buf);
  glPixelStorei(GL_PACK_ROW_LENGTH, ROW);
  glPixelStorei(GL_PACK_SKIP_PIXELS, SKIPX);
  glPixelStorei(GL_PACK_SKIP_ROWS, SKIPY);
  glReadPixels(RX, RY, RW, RH, GL_RGBA, GL_UNSIGNED_BYTE, buf);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
  glPixelStorei(GL_PACK_SKIP_ROWS, 0);
  check_gl_error("glReadPixels with pack state");

  const rgba8 want_bg = to8(bg), want_red = to8(red);
  int bad_inside = 0, bad_outside = 0;
  for (int row = 0; row < SKIPY + RH + 1; row++) {
    for (int col = 0; col < ROW; col++) {
      const uint8_t *p = &buf[(row * ROW + col) * 4];
      int inside = row >= SKIPY && row < SKIPY + RH && col >= SKIPX && col < SKIPX + RW;
      if (inside) {
        int wx = RX + col - SKIPX, wy = RY + row - SKIPY;
        int is_red = wx >= 10 && wx < 16 && wy >= 12 && wy < 17;
        const rgba8 w = is_red ? want_red : want_bg;
        if (memcmp(p, w.c, 4)) {
          if (!bad_inside++)
            fail("pixel (%d,%d) at row %d col %d: expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", wx,
                 wy, row, col, w.c[0], w.c[1], w.c[2], w.c[3], p[0], p[1], p[2], p[3]);
        }
      } else if (p[0] != 0xCD || p[1] != 0xCD || p[2] != 0xCD || p[3] != 0xCD) {
        if (!bad_outside++)
          fail("byte outside the returned pixels changed at row %d col %d: (%u,%u,%u,%u), "
               "expected 0xCD kept", row, col, p[0], p[1], p[2], p[3]);
      }
    }
  }
  if (bad_inside || bad_outside)
    fail("%d wrong pixels inside, %d clobbered outside", bad_inside, bad_outside);

  model m;
  model_init(&m, bg);
  model_rect(&m, 10, 12, 16, 17, want_red);
  check_frame("readpixels pack", &m);
}

/* msaa_resolve: a 4-sample renderbuffer FBO, a rectangle (integer edges: every sample of a
 * pixel agrees, so the resolved colour is exact) and a triangle (edge pixels are partly
 * covered: a mix, checked to exist), resolved into the window with glBlitFramebuffer. */
static void sc_msaa_resolve(void)
{
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  if (max_samples < 4)
    fail("GL_MAX_SAMPLES is %d, GL 3.3 requires at least 4", max_samples);
  GLuint rb, fbo;
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
  GLint samples = 0;
  gl.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE || samples < 4)
    fail("multisampled FBO status 0x%04x, %d samples", (unsigned)st, samples);
  /* GL_SAMPLES and GL_SAMPLE_BUFFERS describe the draw framebuffer (GL 3.3 table 6.54) */
  GLint fb_samples = -1, fb_buffers = -1;
  glGetIntegerv(GL_SAMPLES, &fb_samples);
  glGetIntegerv(GL_SAMPLE_BUFFERS, &fb_buffers);
  if (fb_samples != samples || fb_buffers != 1)
    fail("GL_SAMPLES %d, GL_SAMPLE_BUFFERS %d with a %d-sample draw framebuffer", fb_samples,
         fb_buffers, samples);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glGetIntegerv(GL_SAMPLES, &fb_samples);
  glGetIntegerv(GL_SAMPLE_BUFFERS, &fb_buffers);
  if (fb_samples != 0 || fb_buffers != 0)
    fail("GL_SAMPLES %d, GL_SAMPLE_BUFFERS %d with the single-sampled default framebuffer",
         fb_samples, fb_buffers);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  const vec4f bg = V4(0.2f, 0.0f, 0.4f, 1.0f), rc = V4(1.0f, 0.8f, 0.0f, 1.0f),
              tc = V4(0.0f, 0.6f, 1.0f, 1.0f);
  glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint p = solid_program();
  float v[12 + 6];
  rect_vertices(v, 6, 8, 30, 26);
  const float tri[6] = {34, 4, 60, 10, 40, 58};
  memcpy(v + 12, tri, sizeof tri);
  make_mesh(v, 9);
  set_vec4(p, "u_color", rc);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  set_vec4(p, "u_color", tc);
  glDrawArrays(GL_TRIANGLES, 6, 3);
  check_gl_error("multisampled draw");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  check_gl_error("resolve blit");
  model m;
  model_init(&m, bg);
  model_rect(&m, 6, 8, 30, 26, to8(rc));
  model_tri(&m, tri, to8(tc));
  check_frame("multisample resolve", &m);
  /* pixels the triangle's edges cross are mixes of the two colours (antialiased) */
  int mixed = 0;
  const rgba8 b8 = to8(bg), t8 = to8(tc);
  for (int y = 0; y < H; y++)
    for (int x = 32; x < W; x++) {
      rgba8 got = pixel_at(x, y);
      if (!rgba_eq(got, b8) && !rgba_eq(got, t8))
        mixed++;
    }
  if (mixed < 20)
    fail("only %d partly covered pixels on the triangle's edges: not multisampled?", mixed);
  printf("  %d partly covered edge pixels\n", mixed);
  gl.DeleteFramebuffers(1, &fbo);
}

/* multisample_off: GL 3.3 §3.3.1: with GL_MULTISAMPLE disabled, a multisampled framebuffer is
 * rasterized as if single-sampled: a pixel is covered when its centre is, and then all its
 * samples are written alike. The triangle of msaa_resolve, drawn into a 4-sample renderbuffer
 * with GL_MULTISAMPLE off and resolved, must then give every pixel either the clear colour or
 * the triangle's: no partly covered pixel. mgl does that where the server says so
 * (GL_MGL_multisample_off_exact: its device puts every sample at the pixel centre,
 * VK_EXT_sample_locations); without that extension mgl draws with per-sample coverage and
 * counts the named decline multisample-off-approximated (gate.decline_counted checks it), and
 * this checks what holds either way: every pixel well inside the triangle covered, nothing
 * well outside. Mesa is held to GL. Also: GL_MULTISAMPLE reads back as set; with it on again
 * edge pixels are mixes. */
static int ms_off_draw(GLuint fbo, GLuint p, vec4f bg, vec4f tc, bool ms)
{
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  if (!ms)
    glDisable(GL_MULTISAMPLE);
  if (glIsEnabled(GL_MULTISAMPLE) != (ms ? GL_TRUE : GL_FALSE))
    fail("glIsEnabled(GL_MULTISAMPLE) is not %s", ms ? "GL_TRUE" : "GL_FALSE");
  set_vec4(p, "u_color", tc);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glEnable(GL_MULTISAMPLE);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  check_gl_error(ms ? "draw and resolve, GL_MULTISAMPLE on"
                    : "draw and resolve, GL_MULTISAMPLE off");
  readback();
  int mixed = 0;
  const rgba8 b8 = to8(bg), t8 = to8(tc);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const rgba8 got = pixel_at(x, y);
      if (!rgba_eq(got, b8) && !rgba_eq(got, t8))
        mixed++;
    }
  return mixed;
}

static void sc_multisample_off(void)
{
  GLuint rb, fbo;
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    fail("multisampled FBO incomplete");
  if (!glIsEnabled(GL_MULTISAMPLE))
    fail("GL_MULTISAMPLE is not enabled initially");
  const vec4f bg = V4(0.2f, 0.0f, 0.4f, 1.0f), tc = V4(0.0f, 0.6f, 1.0f, 1.0f);
  GLuint p = solid_program();
  const float tri[6] = {34, 4, 60, 10, 40, 58};
  mesh m = make_mesh(tri, 3);
  const int on = ms_off_draw(fbo, p, bg, tc, true);
  if (on < 20)
    fail("GL_MULTISAMPLE on: only %d partly covered edge pixels", on);
  const int off = ms_off_draw(fbo, p, bg, tc, false);
  printf("  partly covered edge pixels: %d with GL_MULTISAMPLE on, %d off (GL: 0)\n", on, off);
  model md;
  model_init(&md, bg);
  model_tri(&md, tri, to8(tc));
  check_frame("triangle drawn with GL_MULTISAMPLE off, resolved", &md);
  const bool is_mgl = !strncmp((const char *)glGetString(GL_RENDERER), "mgl", 3);
  GLint next = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &next);
  bool exact_ext = false;
  for (GLint i = 0; i < next; i++)
    exact_ext |= !strcmp((const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i),
                         "GL_MGL_multisample_off_exact");
  if (exact_ext && !is_mgl)
    fail("GL_MGL_multisample_off_exact listed by a driver that is not mgl");
  if (!is_mgl || exact_ext) {
    /* expect_decline.sh: on this session the decline must not be counted */
    if (is_mgl)
      printf("  NO-DECLINE-EXPECTED multisample-off-approximated (GL_MGL_multisample_off_exact)\n");
    if (off)
      fail("GL_MULTISAMPLE off: %d partly covered pixels after the resolve (GL: every pixel "
           "is the clear colour or the triangle's)", off);
  }
  /* Again with a 4-sample depth/stencil attachment and the depth test on (mgl: the depth
   * image is made for pixel-centre sample locations and its transitions name them). */
  GLuint ds;
  gl.GenRenderbuffers(1, &ds);
  gl.BindRenderbuffer(GL_RENDERBUFFER, ds);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8, W, H);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, ds);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    fail("multisampled FBO with depth/stencil incomplete");
  glEnable(GL_DEPTH_TEST);
  const int on_d = ms_off_draw(fbo, p, bg, tc, true);
  const int off_d = ms_off_draw(fbo, p, bg, tc, false);
  const int off_d2 = ms_off_draw(fbo, p, bg, tc, false);
  glDisable(GL_DEPTH_TEST);
  printf("  with depth/stencil: %d partly covered with GL_MULTISAMPLE on, %d and %d off\n", on_d,
         off_d, off_d2);
  check_frame("triangle drawn with GL_MULTISAMPLE off and a depth test, resolved", &md);
  if (on_d < 20)
    fail("GL_MULTISAMPLE on with depth: only %d partly covered edge pixels", on_d);
  if ((!is_mgl || exact_ext) && (off_d || off_d2))
    fail("GL_MULTISAMPLE off with depth: %d, %d partly covered pixels after the resolve",
         off_d, off_d2);
  gl.DeleteRenderbuffers(1, &ds);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
  gl.DeleteProgram(p);
}

/* blit_scaled: a 16x16 texture FBO with four quadrant colours (scissored clears), blitted 2x
 * (nearest) to [8,40)^2 and mirrored in x and y at scale 1 to [44,60)^2, then a scissored
 * blit (only the scissor's pixels change). */
static const vec4f BQ[4] = {{{1.0f, 0.0f, 0.0f, 1.0f}}, {{0.0f, 1.0f, 0.0f, 1.0f}},
                            {{0.0f, 0.0f, 1.0f, 1.0f}}, {{1.0f, 1.0f, 0.4f, 1.0f}}};

static void sc_blit_scaled(void)
{
  GLuint tex, fbo;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  glEnable(GL_SCISSOR_TEST);
  for (int q = 0; q < 4; q++) {
    glScissor((q & 1) * 8, (q >> 1) * 8, 8, 8);
    glClearColor(BQ[q].v[0], BQ[q].v[1], BQ[q].v[2], BQ[q].v[3]);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  glDisable(GL_SCISSOR_TEST);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
  clear_to(bg);
  gl.BlitFramebuffer(0, 0, 16, 16, 8, 8, 40, 40, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BlitFramebuffer(0, 0, 16, 16, 60, 60, 44, 44, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 44, 20, 10);
  gl.BlitFramebuffer(0, 0, 16, 16, 0, 40, 32, 72, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glDisable(GL_SCISSOR_TEST);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  check_gl_error("blits");
  model m;
  model_init(&m, bg);
  for (int q = 0; q < 4; q++) {
    const int qx = q & 1, qy = q >> 1;
    model_rect(&m, 8 + 16 * qx, 8 + 16 * qy, 24 + 16 * qx, 24 + 16 * qy, to8(BQ[q]));
    /* mirrored: source quadrant qx lands on the other half */
    model_rect(&m, 52 - 8 * qx, 52 - 8 * qy, 60 - 8 * qx, 60 - 8 * qy, to8(BQ[q]));
  }
  /* the scissored 2x blit: window rows [44,54) are source rows 2..6 (quadrant row 0), columns
   * [0,20) source columns 0..9: quadrant column 0 up to x = 16 */
  model_rect(&m, 0, 44, 16, 54, to8(BQ[0]));
  model_rect(&m, 16, 44, 20, 54, to8(BQ[1]));
  check_frame("scaled, mirrored and scissored blits", &m);
  gl.DeleteFramebuffers(1, &fbo);
}

/* read_depth: the window's depth buffer, cleared to 0.25 with a rectangle drawn at depth 0.75,
 * read with glReadPixels(GL_DEPTH_COMPONENT) as floats and as shorts; stencil cleared to 0x33
 * read with GL_STENCIL_INDEX. */
static void sc_read_depth(void)
{
  const vec4f bg = V4(0.0f, 0.4f, 0.2f, 1.0f), rc = V4(0.8f, 0.6f, 0.4f, 1.0f);
  glClearDepth(0.25);
  glClearStencil(0x33);
  clear_to(bg);
  glClearDepth(1.0);
  glClearStencil(0);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  GLuint p = solid_program();
  gl.Uniform1f(uloc(p, "u_z"), 0.5f); /* window depth (0.5 + 1) / 2 = 0.75 */
  set_vec4(p, "u_color", rc);
  float v[12];
  rect_vertices(v, 10, 20, 40, 50);
  make_mesh(v, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  check_gl_error("depth draw");
  static float zf[W * H];
  static uint16_t zs[W * H];
  static uint8_t sten[W * H];
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, zf);
  glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, zs);
  glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sten);
  check_gl_error("depth / stencil readback");
  int bad = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const bool in = x >= 10 && x < 40 && y >= 20 && y < 50;
      const float want = in ? 0.75f : 0.25f;
      const int want_s = in ? 49151 : 16384; /* round(d * 65535) of the 24-bit value */
      const int i = y * W + x;
      if (fabsf(zf[i] - want) > 1e-6f || abs(zs[i] - want_s) > 1 || sten[i] != 0x33) {
        if (bad++ < 8)
          fail("pixel (%d,%d): depth %.8f / %u, stencil 0x%02x; expected %.2f / %d, 0x33", x, y,
               zf[i], zs[i], sten[i], want, want_s);
      }
    }
  printf("  depth and stencil of %d pixels read, %d wrong\n", W * H, bad);
  model m;
  model_init(&m, bg);
  model_rect(&m, 10, 20, 40, 50, to8(rc));
  check_frame("colour after the depth draw", &m);
}

/* mipmaps: an 8x8 texture of four 4x4 quadrants, glGenerateMipmap, then every level read with
 * glGetTexImage (levels 1 and 2 keep the quadrants; level 3 is their mean) and level 2 drawn
 * with textureLod. Quadrant bytes are 0 or 204 per channel, so every mean is exact. */
static const uint8_t MQ[4][4] = {{204, 0, 0, 255}, {0, 204, 0, 255}, {0, 0, 204, 255},
                                 {204, 204, 204, 255}};

static rgba8 mip_colour(const void *ctx, int x, int y)
{
  (void)ctx;
  const int q = (x >= 32 ? 1 : 0) + (y >= 32 ? 2 : 0);
  rgba8 r;
  memcpy(r.c, MQ[q], 4);
  return r;
}

static void sc_mipmaps(void)
{
  uint8_t texels[8 * 8 * 4];
  for (int j = 0; j < 8; j++)
    for (int i = 0; i < 8; i++)
      memcpy(&texels[(j * 8 + i) * 4], MQ[(i >= 4 ? 1 : 0) + (j >= 4 ? 2 : 0)], 4);
  GLuint tex;
  gl.ActiveTexture(GL_TEXTURE0);
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  gl.GenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl_error("glGenerateMipmap");
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  for (int l = 1; l <= 3; l++) {
    const int n = 8 >> l;
    uint8_t got[4 * 4 * 4];
    memset(got, 0xA5, sizeof got);
    glGetTexImage(GL_TEXTURE_2D, l, GL_RGBA, GL_UNSIGNED_BYTE, got);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        uint8_t want[4];
        if (n == 1) {
          for (int c = 0; c < 4; c++)
            want[c] = (uint8_t)((MQ[0][c] + MQ[1][c] + MQ[2][c] + MQ[3][c]) / 4);
        } else {
          memcpy(want, MQ[(i >= n / 2 ? 1 : 0) + (j >= n / 2 ? 2 : 0)], 4);
        }
        const uint8_t *g = &got[(j * n + i) * 4];
        if (memcmp(g, want, 4))
          fail("level %d texel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", l, i, j,
               want[0], want[1], want[2], want[3], g[0], g[1], g[2], g[3]);
      }
  }
  check_gl_error("glGetTexImage");
  static const char *fs = "#version 330 core\n"
                          "in vec2 v_uv;\n"
                          "uniform sampler2D u_tex;\n"
                          "out vec4 o_color;\n"
                          "void main() { o_color = textureLod(u_tex, v_uv, 2.0); }\n";
  GLuint p = link_program(VS_TEXTURED, fs);
  gl.UseProgram(p);
  gl.Uniform1i(uloc(p, "u_tex"), 0);
  textured_quad_vao(0, 0, W, H);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw level 2");
  model m;
  model_init(&m, bg);
  model_rect_fn(&m, 0, 0, W, H, mip_colour, NULL);
  check_frame("level 2 sampled with textureLod", &m);
}

/* copy_tex: glCopyTexImage2D takes a 32x32 rectangle of the window (three scissored clear
 * colours) into a new RGBA8 texture, glCopyTexSubImage2D copies an 8x8 rectangle over part of
 * it; glGetTexImage must give back exactly the window's bytes (read with glReadPixels) at the
 * matching positions. Then the errors: an undefined level, a rectangle past the image, an
 * integer format from a normalized read buffer. */
static void sc_copy_tex(void)
{
  const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f), c1 = V4(1.0f, 0.0f, 0.2f, 1.0f),
              c2 = V4(0.0f, 0.8f, 0.4f, 0.6f);
  clear_to(bg);
  glEnable(GL_SCISSOR_TEST);
  glScissor(8, 8, 16, 16);
  clear_to(c1);
  glScissor(30, 12, 10, 30);
  clear_to(c2);
  glDisable(GL_SCISSOR_TEST);
  static uint8_t win[W * H * 4];
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, win);
  check_gl_error("clears and glReadPixels");

  GLuint tex;
  gl.ActiveTexture(GL_TEXTURE0);
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 32, 32, 0);
  check_gl_error("glCopyTexImage2D");
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 3, 33, 20, 8, 8);
  check_gl_error("glCopyTexSubImage2D");
  static uint8_t got[32 * 32 * 4];
  memset(got, 0xA5, sizeof got);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
  check_gl_error("glGetTexImage");
  int bad = 0;
  for (int j = 0; j < 32; j++)
    for (int i = 0; i < 32; i++) {
      const bool sub = i >= 2 && i < 10 && j >= 3 && j < 11;
      const int x = sub ? 33 + i - 2 : 4 + i, y = sub ? 20 + j - 3 : 4 + j;
      const uint8_t *w = &win[(y * W + x) * 4], *g = &got[(j * 32 + i) * 4];
      if (memcmp(w, g, 4) && bad++ < 8)
        fail("texel (%d,%d): (%u,%u,%u,%u), window (%d,%d) is (%u,%u,%u,%u)", i, j, g[0], g[1],
             g[2], g[3], x, y, w[0], w[1], w[2], w[3]);
    }
  printf("  32x32 copied texels checked, %d wrong\n", bad);

  glCopyTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 0, 0, 4, 4);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D into an undefined level");
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 30, 0, 0, 0, 4, 4);
  expect_gl_error(GL_INVALID_VALUE, "glCopyTexSubImage2D past the image");
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 0, 0, 4, 4, 0);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D of an integer format");
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 1);
  expect_gl_error(GL_INVALID_VALUE, "glCopyTexImage2D with border 1");
  glDeleteTextures(1, &tex);

  model m;
  model_init(&m, bg);
  model_rect(&m, 8, 8, 24, 24, to8(c1));
  model_rect(&m, 30, 12, 40, 42, to8(c2));
  check_frame("the window the copies read", &m);
}

/* tex1d: the texture targets of one row. A 1D texture (glTexImage1D, then glTexSubImage1D over
 * two texels) fills the left half in eight 4-pixel columns; a 1D array of three layers
 * (glTexImage2D(GL_TEXTURE_1D_ARRAY), rows are layers, then glTexSubImage2D into layer 1) fills
 * the right half through texelFetch, one 16-row band per layer (the last band to the top).
 * glCopyTexSubImage1D then copies two window pixels into the 1D texture and glGetTexImage reads
 * it back; a rectangle texture is specified and read back with glGetTexImage. */
static const uint8_t T1[8][4] = {{255, 0, 0, 255},   {0, 255, 0, 255},   {0, 0, 255, 255},
                                 {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 255},
                                 {128, 64, 32, 255}, {32, 64, 128, 255}};
static const uint8_t T1_SUB[2][4] = {{10, 20, 30, 255}, {40, 50, 60, 255}};
static const uint8_t TA[3][4][4] = {
    {{200, 0, 0, 255}, {0, 200, 0, 255}, {0, 0, 200, 255}, {200, 200, 200, 255}},
    {{100, 0, 0, 255}, {0, 100, 0, 255}, {0, 0, 100, 255}, {100, 100, 100, 255}},
    {{50, 0, 0, 255}, {0, 50, 0, 255}, {0, 0, 50, 255}, {50, 50, 50, 255}}};
static const uint8_t TA_SUB[2][4] = {{1, 2, 3, 255}, {4, 5, 6, 255}};

static const uint8_t *t1d_texel(int i)
{
  return i == 2 || i == 3 ? T1_SUB[i - 2] : T1[i];
}

static const uint8_t *t1da_texel(int layer, int i)
{
  return layer == 1 && (i == 1 || i == 2) ? TA_SUB[i - 1] : TA[layer][i];
}

static rgba8 tex1d_colour(const void *ctx, int x, int y)
{
  (void)ctx;
  rgba8 r;
  if (x < 32) {
    memcpy(r.c, t1d_texel(x / 4), 4);
  } else {
    const int layer = y / 16 < 2 ? y / 16 : 2;
    memcpy(r.c, t1da_texel(layer, (x - 32) / 8), 4);
  }
  return r;
}

static void sc_tex1d(void)
{
  GLuint tex[3];
  glGenTextures(3, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  gl.ActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_1D, tex[0]);
  glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, T1);
  glTexSubImage1D(GL_TEXTURE_1D, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, T1_SUB);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl_error("1D texture");
  gl.ActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_1D_ARRAY, tex[1]);
  glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, TA);
  glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 1, 1, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, TA_SUB);
  glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl_error("1D array texture");
  GLint h = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_HEIGHT, &h);
  if (h != 3)
    fail("GL_TEXTURE_HEIGHT of the 1D array is %d, expected its 3 layers", h);

  static const char *fs = "#version 330 core\n"
                          "uniform sampler1D u_t1;\n"
                          "uniform sampler1DArray u_ta;\n"
                          "out vec4 o_color;\n"
                          "void main() {\n"
                          "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
                          "  if (p.x < 32)\n"
                          "    o_color = texture(u_t1, (float(p.x / 4) + 0.5) / 8.0);\n"
                          "  else\n"
                          "    o_color = texelFetch(u_ta, ivec2((p.x - 32) / 8, min(p.y / 16, 2)), 0);\n"
                          "}\n";
  GLuint p = link_program(VS_TEXTURED, fs);
  gl.UseProgram(p);
  gl.Uniform1i(uloc(p, "u_t1"), 0);
  gl.Uniform1i(uloc(p, "u_ta"), 1);
  textured_quad_vao(0, 0, W, H);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw");
  model m;
  model_init(&m, bg);
  model_rect_fn(&m, 0, 0, W, H, tex1d_colour, NULL);
  check_frame("1D and 1D-array texels", &m);

  /* window pixels (20, 5) and (21, 5) are texel 5's colour: copy them to texels 6 and 7 */
  gl.ActiveTexture(GL_TEXTURE0);
  glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 6, 20, 5, 2);
  check_gl_error("glCopyTexSubImage1D");
  uint8_t got[8][4];
  memset(got, 0xA5, sizeof got);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
  check_gl_error("glGetTexImage(GL_TEXTURE_1D)");
  for (int i = 0; i < 8; i++) {
    const uint8_t *want = i >= 6 ? T1[5] : t1d_texel(i);
    if (memcmp(got[i], want, 4))
      fail("1D texel %d: (%u,%u,%u,%u), expected (%u,%u,%u,%u)", i, got[i][0], got[i][1],
           got[i][2], got[i][3], want[0], want[1], want[2], want[3]);
  }

  /* the 1D array read back: its layers are the image's rows */
  uint8_t aback[3][4][4];
  memset(aback, 0xA5, sizeof aback);
  gl.ActiveTexture(GL_TEXTURE1);
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, aback);
  check_gl_error("glGetTexImage(GL_TEXTURE_1D_ARRAY)");
  for (int l = 0; l < 3; l++)
    for (int i = 0; i < 4; i++)
      if (memcmp(aback[l][i], t1da_texel(l, i), 4))
        fail("1D array layer %d texel %d: (%u,%u,%u,%u)", l, i, aback[l][i][0], aback[l][i][1],
             aback[l][i][2], aback[l][i][3]);
  gl.ActiveTexture(GL_TEXTURE0);

  /* rendering into the 1D texture (FBO attachment) and into layer 2 of the 1D array */
  GLuint rfbo;
  gl.GenFramebuffers(1, &rfbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, rfbo);
  gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    fail("framebuffer with a 1D texture attachment is not complete");
  GLuint solid = solid_program();
  set_vec4(solid, "u_color", V4(0.0f, 1.0f, 0.0f, 1.0f));
  float strip[12];
  rect_vertices(strip, 8, 0, 24, 64); /* NDC x in [-0.75, -0.25): texels 1 and 2 of 8 */
  mesh ms = make_mesh(strip, 6);
  glViewport(0, 0, 8, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw into a 1D texture");
  gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[1], 0, 2);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    fail("framebuffer with a 1D array layer attachment is not complete");
  glViewport(0, 0, 4, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6); /* texel 0 of 4 */
  check_gl_error("draw into a 1D array layer");
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);
  gl.DeleteFramebuffers(1, &rfbo);
  gl.DeleteBuffers(1, &ms.vbo);
  gl.DeleteVertexArrays(1, &ms.vao);
  gl.DeleteProgram(solid);
  static const uint8_t green[4] = {0, 255, 0, 255};
  memset(got, 0xA5, sizeof got);
  gl.ActiveTexture(GL_TEXTURE0);
  glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
  for (int i = 0; i < 8; i++) {
    const uint8_t *want = i == 1 || i == 2 ? green : i >= 6 ? T1[5] : t1d_texel(i);
    if (memcmp(got[i], want, 4))
      fail("1D texel %d after rendering: (%u,%u,%u,%u), expected (%u,%u,%u,%u)", i, got[i][0],
           got[i][1], got[i][2], got[i][3], want[0], want[1], want[2], want[3]);
  }
  memset(aback, 0xA5, sizeof aback);
  gl.ActiveTexture(GL_TEXTURE1);
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, aback);
  gl.ActiveTexture(GL_TEXTURE0);
  check_gl_error("read back after rendering");
  for (int l = 0; l < 3; l++)
    for (int i = 0; i < 4; i++) {
      const uint8_t *want = l == 2 && i == 0 ? green : t1da_texel(l, i);
      if (memcmp(aback[l][i], want, 4))
        fail("1D array layer %d texel %d after rendering: (%u,%u,%u,%u)", l, i, aback[l][i][0],
             aback[l][i][1], aback[l][i][2], aback[l][i][3]);
    }

  /* a rectangle texture: one level, read back as given */
  static const uint8_t R[2][3][4] = {{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}},
                                     {{13, 14, 15, 16}, {17, 18, 19, 20}, {21, 22, 23, 24}}};
  glBindTexture(GL_TEXTURE_RECTANGLE, tex[2]);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 3, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, R);
  check_gl_error("rectangle texture");
  uint8_t rgot[2][3][4];
  memset(rgot, 0xA5, sizeof rgot);
  glGetTexImage(GL_TEXTURE_RECTANGLE, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgot);
  check_gl_error("glGetTexImage(GL_TEXTURE_RECTANGLE)");
  if (memcmp(rgot, R, sizeof R))
    fail("rectangle texels differ (first: %u,%u,%u,%u)", rgot[0][0][0], rgot[0][0][1],
         rgot[0][0][2], rgot[0][0][3]);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 1, GL_RGBA8, 3, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, R);
  expect_gl_error(GL_INVALID_VALUE, "glTexImage2D(GL_TEXTURE_RECTANGLE) at level 1");
  glTexImage1D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, T1);
  expect_gl_error(GL_INVALID_ENUM, "glTexImage1D(GL_TEXTURE_2D)");
  glTexSubImage1D(GL_PROXY_TEXTURE_1D, 0, 0, 1, GL_RGBA, GL_UNSIGNED_BYTE, T1);
  expect_gl_error(GL_INVALID_ENUM, "glTexSubImage1D(GL_PROXY_TEXTURE_1D)");
  glDeleteTextures(3, tex);
}

/* copy_buffer: glCopyBufferSubData moves a rectangle's vertices from the middle of one buffer to
 * the start of another, which is then drawn; glGetBufferSubData reads the copy back. */
static void sc_copy_buffer(void)
{
  float src[36];
  for (int i = 0; i < 36; i++)
    src[i] = -100.0f - (float)i;
  rect_vertices(src + 12, 12, 16, 44, 36);
  GLuint b[2];
  gl.GenBuffers(2, b);
  gl.BindBuffer(GL_COPY_READ_BUFFER, b[0]);
  gl.BufferData(GL_COPY_READ_BUFFER, sizeof src, src, GL_STATIC_DRAW);
  gl.BindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
  gl.BufferData(GL_COPY_WRITE_BUFFER, sizeof src, NULL, GL_STATIC_DRAW);
  gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 12 * sizeof(float), 0,
                       12 * sizeof(float));
  check_gl_error("glCopyBufferSubData");
  float back[12];
  memset(back, 0, sizeof back);
  gl.GetBufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof back, back);
  if (memcmp(back, src + 12, sizeof back))
    fail("glGetBufferSubData after the copy: first float %g, expected %g", back[0], src[12]);
  GLuint vao;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.BindBuffer(GL_ARRAY_BUFFER, b[1]);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), (void *)0);
  gl.EnableVertexAttribArray(0);
  const vec4f bg = V4(0.4f, 0.4f, 0.4f, 1.0f), rc = V4(0.0f, 0.2f, 1.0f, 1.0f);
  clear_to(bg);
  GLuint p = solid_program();
  set_vec4(p, "u_color", rc);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw from the copy");
  model m;
  model_init(&m, bg);
  model_rect(&m, 12, 16, 44, 36, to8(rc));
  check_frame("rectangle drawn from the copied vertices", &m);
  gl.DeleteBuffers(2, b);
}

/* ---- OpenGL ES contexts (the table's `es` column) ------------------------------------------ */

/* The ES version of the current context from its strings ("OpenGL ES M.m ..." and "OpenGL ES
 * GLSL ES M.mm ..."), each checked: at least `want`, since EGL may give a later version that
 * is backward compatible (Mesa gives 3.2 for 2.0; mgl what was asked). Returns major * 10 +
 * minor, 0 when malformed. */
static int es_version(int want)
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

static void expect_get_error(GLenum want, const char *what)
{
  GLenum e = glGetError();
  if (e != want)
    fail("%s: glGetError() = 0x%04x, expected 0x%04x", what, (unsigned)e, (unsigned)want);
}

/* A shader that must not compile; its log must contain `says`. */
static void expect_compile_refused(GLenum type, const char *src, const char *says)
{
  GLuint sh = gl.CreateShader(type);
  gl.ShaderSource(sh, 1, &src, NULL);
  gl.CompileShader(sh);
  GLint ok = 1;
  gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
  char log[4096] = "";
  gl.GetShaderInfoLog(sh, sizeof log, NULL, log);
  if (ok || !strstr(log, says))
    fail("shader compiled=%d, log \"%s\" (expected a refusal saying \"%s\")", ok, log, says);
  gl.DeleteShader(sh);
}

/* Positions (window pixels) and a colour per vertex, interleaved, for a rectangle. */
static GLuint rect_colour_vbo(float x0, float y0, float x1, float y1, vec4f c)
{
  float q[12], data[6 * 6];
  rect_vertices(q, x0, y0, x1, y1);
  for (int k = 0; k < 6; k++) {
    data[6 * k] = q[2 * k];
    data[6 * k + 1] = q[2 * k + 1];
    memcpy(&data[6 * k + 2], c.v, 16);
  }
  GLuint vbo;
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)0);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)(2 * sizeof(float)));
  gl.EnableVertexAttribArray(0);
  gl.EnableVertexAttribArray(1);
  return vbo;
}

/* es2: an OpenGL ES 2.0 context (or a later one, as EGL allows). Its version strings;
 * GL_MAJOR_VERSION is not an ES 2.0 query;
 * GLSL ES 1.00 (no #version, attribute/varying, precision, gl_FragColor) draws, through vertex
 * array object zero, which ES keeps as a default one (a core profile would refuse the draw). */
static void sc_es2(void)
{
  int version = es_version(20);
  GLint major = -1;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  if (version == 20)
    expect_get_error(GL_INVALID_ENUM, "glGetIntegerv(GL_MAJOR_VERSION) on ES 2.0");
  else if (major != version / 10)
    fail("GL_MAJOR_VERSION %d on OpenGL ES %d.%d", major, version / 10, version % 10);
  check_gl_error("version queries");

  const char *vs = "attribute vec2 a_pos;\n"
                   "attribute vec4 a_color;\n"
                   "varying lowp vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "#ifdef GL_ES\nprecision mediump float;\n#endif\n"
                   "varying lowp vec4 v_color;\n"
                   "uniform vec4 u_tint;\n"
                   "void main() { gl_FragColor = v_color * u_tint; }\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
  GLuint p = link_program_b(vs, fs, attribs, NULL);
  gl.UseProgram(p);
  set_vec4(p, "u_tint", V4(1.0f, 1.0f, 1.0f, 1.0f));
  const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f), col = V4(0.8f, 0.4f, 0.2f, 1.0f);
  rect_colour_vbo(8, 12, 44, 52, col);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw with vertex array object zero");
  if (version == 20) {
    /* ES 2.0 2.8: no integer, half-float (but for OES_vertex_half_float's own enum) or
     * 2_10_10_10 attribute types; GL_FIXED is ES's own (es_fixed draws with it) */
    static const GLenum desktop_only[] = {GL_INT, GL_UNSIGNED_INT, GL_HALF_FLOAT,
                                          GL_INT_2_10_10_10_REV, GL_UNSIGNED_INT_2_10_10_10_REV,
                                          GL_DOUBLE};
    for (size_t k = 0; k < sizeof desktop_only / sizeof desktop_only[0]; k++) {
      gl.VertexAttribPointer(3, 4, desktop_only[k], GL_FALSE, 0, (void *)0);
      char what[96];
      snprintf(what, sizeof what, "glVertexAttribPointer(0x%04x) on ES 2.0",
               (unsigned)desktop_only[k]);
      expect_gl_error(GL_INVALID_ENUM, what);
    }
    gl.VertexAttribPointer(3, 4, GL_FIXED, GL_FALSE, 0, (void *)0);
    check_gl_error("glVertexAttribPointer(GL_FIXED)");
    gl.VertexAttribPointer(3, 4, 0x8D61 /* GL_HALF_FLOAT_OES */, GL_FALSE, 0, (void *)0);
    check_gl_error("glVertexAttribPointer(GL_HALF_FLOAT_OES)");
  }

  model m;
  model_init(&m, bg);
  model_rect(&m, 8, 12, 44, 52, to8(col));
  check_frame("es2", &m);
}

/* es_fixed: GL_FIXED (16.16) vertex attributes on OpenGL ES 2.0, converted to floats by the
 * client: positions and colours from client memory (left rectangle), interleaved in a buffer
 * and drawn from vertex 6 on (middle), fixed positions from a buffer beside float colours from
 * another (right, with glDrawElements of client-side indices). */
#define FX(f) ((GLint)((f) * 65536.0f))
static void fixed_rect(GLint *out, int stride_words, float x0, float y0, float x1, float y1)
{
  const float q[12] = {x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1};
  for (int k = 0; k < 6; k++) {
    out[k * stride_words] = FX(q[2 * k]);
    out[k * stride_words + 1] = FX(q[2 * k + 1]);
  }
}

static void sc_es_fixed(void)
{
  es_version(20);
  const char *vs = "attribute vec2 a_pos;\n"
                   "attribute vec4 a_color;\n"
                   "varying lowp vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "precision mediump float;\n"
                   "varying lowp vec4 v_color;\n"
                   "void main() { gl_FragColor = v_color; }\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
  GLuint p = link_program_b(vs, fs, attribs, NULL);
  gl.UseProgram(p);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  const vec4f ca = V4(1.0f, 0.2f, 0.0f, 1.0f), cb = V4(0.0f, 0.8f, 0.6f, 1.0f),
              cc = V4(0.2f, 0.4f, 1.0f, 1.0f);
  clear_to(bg);
  gl.EnableVertexAttribArray(0);
  gl.EnableVertexAttribArray(1);

  /* client memory: tight positions, colours with a stride of their own */
  GLint pos_a[12], col_a[6 * 5];
  fixed_rect(pos_a, 2, 4, 8, 20, 56);
  for (int k = 0; k < 6; k++)
    for (int c = 0; c < 4; c++)
      col_a[k * 5 + c] = FX(ca.v[c]);
  gl.BindBuffer(GL_ARRAY_BUFFER, 0);
  gl.VertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 0, pos_a);
  gl.VertexAttribPointer(1, 4, GL_FIXED, GL_FALSE, 5 * 4, col_a);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("GL_FIXED client-side arrays");

  /* one buffer, position and colour interleaved (6 words a vertex); vertices 0-5 are junk
   * that a draw from vertex 6 must not read */
  GLint inter[12 * 6];
  for (int k = 0; k < 12 * 6; k++)
    inter[k] = FX(-3.0f);
  fixed_rect(inter + 6 * 6, 6, 24, 8, 40, 56);
  for (int k = 6; k < 12; k++)
    for (int c = 0; c < 4; c++)
      inter[k * 6 + 2 + c] = FX(cb.v[c]);
  GLuint vbo[3];
  gl.GenBuffers(3, vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo[0]);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof inter, inter, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 6 * 4, (void *)0);
  gl.VertexAttribPointer(1, 4, GL_FIXED, GL_TRUE, 6 * 4, (void *)8); /* normalized: no effect */
  glDrawArrays(GL_TRIANGLES, 6, 6);
  check_gl_error("GL_FIXED interleaved buffer");

  /* fixed positions from a buffer, float colours from another, client-side indices */
  GLint pos_c[8];
  const float qc[8] = {44, 8, 60, 8, 60, 56, 44, 56};
  for (int k = 0; k < 8; k++)
    pos_c[k] = FX(qc[k]);
  float col_c[16];
  for (int k = 0; k < 4; k++)
    memcpy(&col_c[4 * k], cc.v, 16);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo[1]);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof pos_c, pos_c, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 0, (void *)0);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo[2]);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof col_c, col_c, GL_STATIC_DRAW);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, (void *)0);
  static const GLushort idx[6] = {0, 1, 2, 0, 2, 3};
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx);
  check_gl_error("GL_FIXED positions beside float colours");

  GLint type = 0;
  PFNGLGETVERTEXATTRIBIVPROC get_attrib =
      (PFNGLGETVERTEXATTRIBIVPROC)eglGetProcAddress("glGetVertexAttribiv");
  if (!get_attrib)
    die_setup("glGetVertexAttribiv is missing from eglGetProcAddress");
  get_attrib(0, GL_VERTEX_ATTRIB_ARRAY_TYPE, &type);
  if (type != GL_FIXED)
    fail("GL_VERTEX_ATTRIB_ARRAY_TYPE 0x%04x, expected GL_FIXED", (unsigned)type);

  model m;
  model_init(&m, bg);
  model_rect(&m, 4, 8, 20, 56, to8(ca));
  model_rect(&m, 24, 8, 40, 56, to8(cb));
  model_rect(&m, 44, 8, 60, 56, to8(cc));
  check_frame("es_fixed", &m);
  gl.BindBuffer(GL_ARRAY_BUFFER, 0);
  gl.DeleteBuffers(3, vbo);
}

/* es2_ext: OpenGL ES 2.0's extensions, through their own entry points: a vertex array object
 * of GL_OES_vertex_array_object, a GLSL ES 1.00 shader writing gl_FragData[0] and [1]
 * (GL_EXT_draw_buffers, glDrawBuffersEXT on two colour attachments) and gl_FragDepthEXT
 * (GL_EXT_frag_depth: the second rectangle is nearer only through the depth it writes, so the
 * overlap shows it), then glDiscardFramebufferEXT. Both attachments are read back. */
typedef void (*es2_drawbuffers_fn)(GLsizei, const GLenum *);
typedef void (*es2_discard_fn)(GLenum, GLsizei, const GLenum *);
typedef void (*es2_genvao_fn)(GLsizei, GLuint *);
typedef void (*es2_bindvao_fn)(GLuint);

static void sc_es2_ext(void)
{
  es_version(20);
  const char *ext = (const char *)glGetString(GL_EXTENSIONS);
  static const char *const need[] = {"GL_EXT_draw_buffers", "GL_EXT_frag_depth",
                                     "GL_EXT_discard_framebuffer", "GL_OES_vertex_array_object"};
  for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
    if (!ext || !strstr(ext, need[k]))
      fail("GL_EXTENSIONS \"%s\" lacks %s", ext ? ext : "(null)", need[k]);
  es2_drawbuffers_fn draw_buffers = (es2_drawbuffers_fn)eglGetProcAddress("glDrawBuffersEXT");
  es2_discard_fn discard = (es2_discard_fn)eglGetProcAddress("glDiscardFramebufferEXT");
  es2_genvao_fn gen_vao = (es2_genvao_fn)eglGetProcAddress("glGenVertexArraysOES");
  es2_bindvao_fn bind_vao = (es2_bindvao_fn)eglGetProcAddress("glBindVertexArrayOES");
  if (!draw_buffers || !discard || !gen_vao || !bind_vao)
    die_setup("an ES 2.0 extension entry point is missing from eglGetProcAddress");

  GLuint tex[2], rb, fbo, vao;
  glGenTextures(2, tex);
  for (int k = 0; k < 2; k++) {
    glBindTexture(GL_TEXTURE_2D, tex[k]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  }
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, W, H);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
  GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("two-attachment FBO status 0x%04x", (unsigned)st);
  const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  draw_buffers(2, bufs);
  check_gl_error("glDrawBuffersEXT");

  const char *vs = "attribute vec2 a_pos;\n"
                   "attribute vec4 a_color;\n"
                   "varying lowp vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "#extension GL_EXT_draw_buffers : require\n"
                   "#extension GL_EXT_frag_depth : enable\n"
                   "precision mediump float;\n"
                   "varying lowp vec4 v_color;\n"
                   "uniform float u_depth;\n"
                   "void main() {\n"
                   "  gl_FragData[0] = v_color;\n"
                   "  gl_FragData[1] = vec4(1.0) - v_color;\n"
                   "  gl_FragDepthEXT = u_depth;\n"
                   "}\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
  GLuint p = link_program_b(vs, fs, attribs, NULL);
  gl.UseProgram(p);
  gen_vao(1, &vao);
  bind_vao(vao);
  check_gl_error("glBindVertexArrayOES");

  glViewport(0, 0, W, H);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  const vec4f far_c = V4(0.8f, 0.2f, 0.0f, 1.0f), near_c = V4(0.0f, 0.6f, 0.4f, 1.0f);
  clear_to(bg);
  glClear(GL_DEPTH_BUFFER_BIT);
  /* the nominal depth of both is 0.5: only gl_FragDepthEXT puts the second one in front */
  gl.Uniform1f(uloc(p, "u_depth"), 0.75f);
  GLuint vbo1 = rect_colour_vbo(8, 8, 40, 40, far_c);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.Uniform1f(uloc(p, "u_depth"), 0.25f);
  GLuint vbo2 = rect_colour_vbo(24, 24, 56, 56, near_c);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draws into two attachments");
  glDisable(GL_DEPTH_TEST);

  model m0, m1;
  model_init(&m0, bg);
  model_rect(&m0, 8, 8, 40, 40, to8(far_c));
  model_rect(&m0, 24, 24, 56, 56, to8(near_c));
  model_init(&m1, bg);
  model_rect(&m1, 8, 8, 40, 40, to8(V4(0.2f, 0.8f, 1.0f, 0.0f)));
  model_rect(&m1, 24, 24, 56, 56, to8(V4(1.0f, 0.4f, 0.6f, 0.0f)));
  check_frame("gl_FragData[0], gl_FragDepthEXT", &m0);
  /* the second attachment, read through an FBO of its own (ES 2.0 reads COLOR_ATTACHMENT0) */
  GLuint rfbo;
  gl.GenFramebuffers(1, &rfbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, rfbo);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
  check_frame("gl_FragData[1]", &m1);

  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  const GLenum gone[] = {GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT};
  discard(GL_FRAMEBUFFER, 2, gone);
  check_gl_error("glDiscardFramebufferEXT");
  discard(GL_FRAMEBUFFER, 1, &bufs[1]); /* only COLOR_ATTACHMENT0 names colour there */
  expect_get_error(GL_INVALID_ENUM, "glDiscardFramebufferEXT(GL_COLOR_ATTACHMENT1)");

  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  bind_vao(0);
  gl.DeleteBuffers(1, &vbo1);
  gl.DeleteBuffers(1, &vbo2);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteFramebuffers(1, &rfbo);
  gl.DeleteRenderbuffers(1, &rb);
  glDeleteTextures(2, tex);
  /* the default framebuffer, cleared: what this scenario leaves for its final frame */
  clear_to(bg);
  model mf;
  model_init(&mf, bg);
  check_frame("es2_ext", &mf);
}

/* es2_probe: the OpenGL ES 2.0 extensions real programs probe for, each through its own names
 * and each drawing: a buffer filled through glMapBufferOES (and glMapBufferRangeEXT), two
 * instances through glVertexAttribDivisorEXT/glDrawArraysInstancedEXT, and textures sampled at
 * one texel each: BGRA_EXT bytes, HALF_FLOAT_OES and FLOAT texels above 1 (an 8-bit store would
 * clamp them), an ETC1 block, a glTexImage3DOES slice through GLSL ES 1.00's texture3D
 * (GL_OES_texture_3D), GL_RG_EXT, UNSIGNED_INT_2_10_10_10_REV; and dFdx/dFdy of gl_FragCoord
 * (GL_OES_standard_derivatives), which are exactly 1. */
typedef void *(*es2_map_fn)(GLenum, GLenum);
typedef GLboolean (*es2_unmap_fn)(GLenum);
typedef void (*es2_bufptr_fn)(GLenum, GLenum, void **);
typedef void *(*es2_maprange_fn)(GLenum, GLintptr, GLsizeiptr, GLbitfield);
typedef void (*es2_divisor_fn)(GLuint, GLuint);
typedef void (*es2_instanced_fn)(GLenum, GLint, GLsizei, GLsizei);
typedef void (*es2_teximage3d_fn)(GLenum, GLint, GLenum, GLsizei, GLsizei, GLsizei, GLint, GLenum,
                                  GLenum, const void *);

/* A rectangle's six vertices and one colour each, interleaved as rect_colour_vbo's. */
static void rect_colour_data(float *out36, float x0, float y0, float x1, float y1, vec4f c)
{
  float q[12];
  rect_vertices(q, x0, y0, x1, y1);
  for (int k = 0; k < 6; k++) {
    out36[6 * k] = q[2 * k];
    out36[6 * k + 1] = q[2 * k + 1];
    memcpy(&out36[6 * k + 2], c.v, 16);
  }
}

/* One texel of the bound 2D/3D texture, scaled, drawn over a rectangle. */
static void probe_sampled(GLuint p, int x0, int y0, int x1, int y1, float scale)
{
  gl.UseProgram(p);
  gl.Uniform1f(uloc(p, "u_scale"), scale);
  GLuint vbo = rect_colour_vbo((float)x0, (float)y0, (float)x1, (float)y1, V4(0, 0, 0, 0));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &vbo);
}

static GLuint probe_texture(GLenum target)
{
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(target, t);
  glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return t;
}

static void sc_es2_probe(void)
{
  es_version(20);
  const char *ext = (const char *)glGetString(GL_EXTENSIONS);
  static const char *const need[] = {
      "GL_OES_mapbuffer", "GL_EXT_map_buffer_range", "GL_OES_texture_half_float",
      "GL_OES_texture_float", "GL_EXT_texture_format_BGRA8888", "GL_OES_compressed_ETC1_RGB8_texture",
      "GL_OES_texture_3D", "GL_OES_standard_derivatives", "GL_EXT_texture_rg",
      "GL_EXT_texture_type_2_10_10_10_REV"};
  for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
    if (!ext || !strstr(ext, need[k]))
      fail("GL_EXTENSIONS lacks %s", need[k]);
  /* Mesa offers EXT_draw_instanced, not EXT_instanced_arrays: instancing where it is offered */
  const bool instanced = ext && strstr(ext, "GL_EXT_instanced_arrays");
  if (!instanced)
    skipped("GL_EXT_instanced_arrays (not offered)");
  es2_map_fn map = (es2_map_fn)eglGetProcAddress("glMapBufferOES");
  es2_unmap_fn unmap = (es2_unmap_fn)eglGetProcAddress("glUnmapBufferOES");
  es2_bufptr_fn bufptr = (es2_bufptr_fn)eglGetProcAddress("glGetBufferPointervOES");
  es2_maprange_fn maprange = (es2_maprange_fn)eglGetProcAddress("glMapBufferRangeEXT");
  es2_divisor_fn divisor = (es2_divisor_fn)eglGetProcAddress("glVertexAttribDivisorEXT");
  es2_instanced_fn draw_inst = (es2_instanced_fn)eglGetProcAddress("glDrawArraysInstancedEXT");
  es2_teximage3d_fn teximage3d = (es2_teximage3d_fn)eglGetProcAddress("glTexImage3DOES");
  if (!map || !unmap || !bufptr || !maprange || !teximage3d ||
      (instanced && (!divisor || !draw_inst)))
    die_setup("an ES 2.0 extension entry point is missing from eglGetProcAddress");

  const char *vs = "attribute vec2 a_pos;\n"
                   "attribute vec4 a_color;\n"
                   "attribute vec2 a_off;\n"
                   "varying lowp vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4((a_pos + a_off) / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "precision mediump float;\n"
                   "varying lowp vec4 v_color;\n"
                   "void main() { gl_FragColor = v_color; }\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {"a_off", 2}, {NULL, 0}};
  GLuint pc = link_program_b(vs, fs, attribs, NULL);
  gl.UseProgram(pc);
  gl.VertexAttrib2f(2, 0.0f, 0.0f);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  glViewport(0, 0, W, H);
  clear_to(bg);
  model m;
  model_init(&m, bg);

  /* OES_mapbuffer: a whole buffer written through the map (row 0, left) */
  const vec4f cmap = V4(1.0f, 0.6f, 0.2f, 1.0f), crange = V4(0.2f, 0.4f, 1.0f, 1.0f);
  float junk[72];
  for (int k = 0; k < 72; k++)
    junk[k] = -5.0f;
  GLuint vbo;
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof junk, junk, GL_DYNAMIC_DRAW);
  if (map(GL_ARRAY_BUFFER, GL_READ_ONLY) != NULL)
    fail("glMapBufferOES(GL_READ_ONLY) mapped");
  expect_gl_error(GL_INVALID_ENUM, "glMapBufferOES(GL_READ_ONLY)");
  float *w = map(GL_ARRAY_BUFFER, GL_WRITE_ONLY);
  check_gl_error("glMapBufferOES(GL_WRITE_ONLY_OES)");
  void *ptr = NULL;
  bufptr(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &ptr);
  if (!w || ptr != (void *)w)
    fail("glMapBufferOES gave %p, GL_BUFFER_MAP_POINTER_OES %p", (void *)w, ptr);
  if (w) {
    rect_colour_data(w, 2, 2, 14, 14, cmap);
    rect_colour_data(w + 36, -10, -10, -2, -2, cmap); /* off screen: EXT_map_buffer_range's */
  }
  if (unmap(GL_ARRAY_BUFFER) != GL_TRUE)
    fail("glUnmapBufferOES returned false");
  /* EXT_map_buffer_range: the second rectangle alone, its range invalidated */
  float *r = maprange(GL_ARRAY_BUFFER, 36 * sizeof(float), 36 * sizeof(float),
                      GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
  check_gl_error("glMapBufferRangeEXT");
  if (r)
    rect_colour_data(r, 16, 2, 28, 14, crange);
  else
    fail("glMapBufferRangeEXT returned NULL");
  unmap(GL_ARRAY_BUFFER);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)0);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)(2 * sizeof(float)));
  gl.EnableVertexAttribArray(0);
  gl.EnableVertexAttribArray(1);
  glDrawArrays(GL_TRIANGLES, 0, 12);
  check_gl_error("draw from the mapped buffer");
  model_rect(&m, 2, 2, 14, 14, to8(cmap));
  model_rect(&m, 16, 2, 28, 14, to8(crange));

  /* EXT_instanced_arrays: one rectangle, two instances 16 pixels apart (row 0, right) */
  if (instanced) {
    const vec4f cinst = V4(0.4f, 1.0f, 0.4f, 1.0f);
    GLuint vq = rect_colour_vbo(32, 2, 44, 14, cinst);
    const float offs[4] = {0.0f, 0.0f, 16.0f, 0.0f};
    GLuint vo;
    gl.GenBuffers(1, &vo);
    gl.BindBuffer(GL_ARRAY_BUFFER, vo);
    gl.BufferData(GL_ARRAY_BUFFER, sizeof offs, offs, GL_STATIC_DRAW);
    gl.VertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
    gl.EnableVertexAttribArray(2);
    divisor(2, 1);
    draw_inst(GL_TRIANGLES, 0, 6, 2);
    check_gl_error("glDrawArraysInstancedEXT");
    divisor(2, 0);
    gl.DisableVertexAttribArray(2);
    gl.VertexAttrib2f(2, 0.0f, 0.0f);
    gl.DeleteBuffers(1, &vq);
    gl.DeleteBuffers(1, &vo);
    model_rect(&m, 32, 2, 44, 14, to8(cinst));
    model_rect(&m, 48, 2, 60, 14, to8(cinst));
  }

  /* textures: one texel each, times u_scale */
  const char *fs2 = "precision mediump float;\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform float u_scale;\n"
                    "void main() { gl_FragColor = texture2D(u_tex, vec2(0.75, 0.25)) * u_scale; }\n";
  const char *fs3 = "#extension GL_OES_texture_3D : enable\n"
                    "precision mediump float;\n"
                    "uniform mediump sampler3D u_tex;\n"
                    "uniform float u_scale;\n"
                    "void main() {\n"
                    "#ifdef GL_OES_texture_3D\n"
                    "  gl_FragColor = texture3D(u_tex, vec3(0.5, 0.5, 0.75)) * u_scale;\n"
                    "#endif\n"
                    "}\n";
  const char *fsd = "#extension GL_OES_standard_derivatives : enable\n"
                    "precision mediump float;\n"
                    "uniform float u_scale;\n"
                    "void main() {\n"
                    "  gl_FragColor = vec4(dFdx(gl_FragCoord.x), dFdy(gl_FragCoord.y),\n"
                    "                      fwidth(gl_FragCoord.x) * u_scale, 1.0);\n"
                    "}\n";
  GLuint p2 = link_program_b(vs, fs2, attribs, NULL);
  GLuint p3 = link_program_b(vs, fs3, attribs, NULL);
  GLuint pd = link_program_b(vs, fsd, attribs, NULL);
  GLuint tex[7];
  /* EXT_texture_format_BGRA8888: texel (1,0) is blue 0x20, green 0x80, red 0xf0 */
  const uint8_t bgra[16] = {0, 0, 0, 255, 0x20, 0x80, 0xf0, 255, 0, 0, 0, 255, 0, 0, 0, 255};
  tex[0] = probe_texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, 0x80E1 /* GL_BGRA_EXT */, 2, 2, 0, 0x80E1, GL_UNSIGNED_BYTE, bgra);
  check_gl_error("glTexImage2D(GL_BGRA_EXT)");
  probe_sampled(p2, 2, 18, 14, 30, 1.0f);
  model_rect(&m, 2, 18, 14, 30, (rgba8){{0xf0, 0x80, 0x20, 255}});
  /* OES_texture_half_float: 2.0 and 0.5 survive; halved on the way out */
  const uint16_t h2 = 0x4000, h05 = 0x3800, h1 = 0x3c00, h0 = 0;
  const uint16_t half[16] = {h0, h0, h0, h1, h2, h05, h0, h2, h0, h0, h0, h1, h0, h0, h0, h1};
  tex[1] = probe_texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, 0x8D61 /* GL_HALF_FLOAT_OES */, half);
  check_gl_error("glTexImage2D(GL_HALF_FLOAT_OES)");
  probe_sampled(p2, 16, 18, 28, 30, 0.5f);
  model_rect(&m, 16, 18, 28, 30, to8(V4(1.0f, 0.25f, 0.0f, 1.0f)));
  /* OES_texture_float: 4.0 and 2.4, quartered (0.6: no rounding tie) */
  const float flt[16] = {0, 0, 0, 1, 2.4f, 4.0f, 1.0f, 4.0f, 0, 0, 0, 1, 0, 0, 0, 1};
  tex[2] = probe_texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_FLOAT, flt);
  check_gl_error("glTexImage2D(GL_FLOAT)");
  probe_sampled(p2, 32, 18, 44, 30, 0.25f);
  model_rect(&m, 32, 18, 44, 30, to8(V4(0.6f, 1.0f, 0.25f, 1.0f)));
  /* OES_compressed_ETC1_RGB8_texture: individual mode, colours 8,4,12 (x17), table 0, every
   * pixel index 0 (+2): (138, 70, 206) everywhere */
  const uint8_t etc1[8] = {0x88, 0x44, 0xcc, 0x00, 0, 0, 0, 0};
  tex[3] = probe_texture(GL_TEXTURE_2D);
  gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, 0x8D64 /* GL_ETC1_RGB8_OES */, 4, 4, 0, 8, etc1);
  check_gl_error("glCompressedTexImage2D(GL_ETC1_RGB8_OES)");
  probe_sampled(p2, 48, 18, 60, 30, 1.0f);
  model_rect(&m, 48, 18, 60, 30, (rgba8){{138, 70, 206, 255}});
  /* OES_texture_3D: the second of two slices */
  const uint8_t slices[8] = {255, 0, 0, 255, 0x30, 0xc0, 0x60, 255};
  tex[4] = probe_texture(GL_TEXTURE_3D);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
  check_gl_error("GL_TEXTURE_WRAP_R_OES");
  teximage3d(GL_TEXTURE_3D, 0, GL_RGBA, 1, 1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, slices);
  check_gl_error("glTexImage3DOES");
  probe_sampled(p3, 2, 34, 14, 46, 1.0f);
  model_rect(&m, 2, 34, 14, 46, (rgba8){{0x30, 0xc0, 0x60, 255}});
  /* EXT_texture_rg: GL_RG_EXT bytes; blue 0, alpha 1 */
  const uint8_t rg[8] = {0, 0, 0x40, 0xa0, 0, 0, 0, 0};
  tex[5] = probe_texture(GL_TEXTURE_2D);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RG, 2, 2, 0, GL_RG, GL_UNSIGNED_BYTE, rg);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  check_gl_error("glTexImage2D(GL_RG_EXT)");
  probe_sampled(p2, 16, 34, 28, 46, 1.0f);
  model_rect(&m, 16, 34, 28, 46, (rgba8){{0x40, 0xa0, 0, 255}});
  /* EXT_texture_type_2_10_10_10_REV: red 1023, green 0, blue 1023, alpha 3 */
  const uint32_t packed = 1023u | (0u << 10) | (1023u << 20) | (3u << 30);
  const uint32_t p1010[4] = {0, packed, 0, 0};
  tex[6] = probe_texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, p1010);
  check_gl_error("glTexImage2D(GL_UNSIGNED_INT_2_10_10_10_REV_EXT)");
  probe_sampled(p2, 32, 34, 44, 46, 1.0f);
  model_rect(&m, 32, 34, 44, 46, (rgba8){{255, 0, 255, 255}});
  /* OES_standard_derivatives: d(x)/dx = d(y)/dy = fwidth(x) = 1 */
  gl.UseProgram(pd);
  glHint(0x8B8B /* GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES */, GL_NICEST);
  check_gl_error("GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES");
  probe_sampled(pd, 48, 34, 60, 46, 0.6f);
  model_rect(&m, 48, 34, 60, 46, to8(V4(1.0f, 1.0f, 0.6f, 1.0f)));

  check_frame("es2_probe", &m);
  gl.BindBuffer(GL_ARRAY_BUFFER, 0);
  gl.DeleteBuffers(1, &vbo);
  glDeleteTextures(7, tex);
  gl.UseProgram(0);
  gl.DeleteProgram(pc);
  gl.DeleteProgram(p2);
  gl.DeleteProgram(p3);
  gl.DeleteProgram(pd);
}

/* es2_probe_fbo: more ES 2.0 extensions, drawing: an FBO of an RGB8_OES colour and a
 * DEPTH_COMPONENT24_OES depth renderbuffer (OES_rgb8_rgba8, OES_depth24), blended with MAX_EXT
 * (EXT_blend_minmax) and read back as BGRA_EXT bytes (EXT_read_format_bgra); an
 * ANY_SAMPLES_PASSED_EXT query through glBeginQueryEXT (EXT_occlusion_query_boolean), true for
 * a visible draw and false for one outside the viewport; two rectangles in one
 * glMultiDrawArraysEXT (EXT_multi_draw_arrays). */
typedef void (*es2_genq_fn)(GLsizei, GLuint *);
typedef void (*es2_beginq_fn)(GLenum, GLuint);
typedef void (*es2_endq_fn)(GLenum);
typedef void (*es2_getqu_fn)(GLuint, GLenum, GLuint *);
typedef void (*es2_multidraw_fn)(GLenum, const GLint *, const GLsizei *, GLsizei);

static void sc_es2_probe_fbo(void)
{
  es_version(20);
  const char *ext = (const char *)glGetString(GL_EXTENSIONS);
  static const char *const need[] = {"GL_OES_rgb8_rgba8", "GL_OES_depth24", "GL_EXT_blend_minmax",
                                     "GL_EXT_read_format_bgra", "GL_EXT_multi_draw_arrays"};
  for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
    if (!ext || !strstr(ext, need[k]))
      fail("GL_EXTENSIONS lacks %s", need[k]);
  const bool occlusion = ext && strstr(ext, "GL_EXT_occlusion_query_boolean");
  if (!occlusion)
    skipped("GL_EXT_occlusion_query_boolean (not offered)");
  es2_genq_fn genq = (es2_genq_fn)eglGetProcAddress("glGenQueriesEXT");
  es2_beginq_fn beginq = (es2_beginq_fn)eglGetProcAddress("glBeginQueryEXT");
  es2_endq_fn endq = (es2_endq_fn)eglGetProcAddress("glEndQueryEXT");
  es2_getqu_fn getqu = (es2_getqu_fn)eglGetProcAddress("glGetQueryObjectuivEXT");
  es2_multidraw_fn multidraw = (es2_multidraw_fn)eglGetProcAddress("glMultiDrawArraysEXT");
  if (!multidraw || (occlusion && (!genq || !beginq || !endq || !getqu)))
    die_setup("an ES 2.0 extension entry point is missing from eglGetProcAddress");

  const char *vs = "attribute vec2 a_pos;\n"
                   "attribute vec4 a_color;\n"
                   "varying lowp vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "precision mediump float;\n"
                   "varying lowp vec4 v_color;\n"
                   "void main() { gl_FragColor = v_color; }\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
  GLuint p = link_program_b(vs, fs, attribs, NULL);
  gl.UseProgram(p);
  glViewport(0, 0, W, H);

  GLuint rb[2], fbo;
  gl.GenRenderbuffers(2, rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
  gl.RenderbufferStorage(GL_RENDERBUFFER, 0x8051 /* GL_RGB8_OES */, W, H);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
  gl.RenderbufferStorage(GL_RENDERBUFFER, 0x81A6 /* GL_DEPTH_COMPONENT24_OES */, W, H);
  check_gl_error("RGB8_OES and DEPTH_COMPONENT24_OES renderbuffers");
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
  GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("RGB8_OES + DEPTH_COMPONENT24_OES framebuffer status 0x%04x", (unsigned)st);
  glClearColor(0.2f, 0.8f, 0.2f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_BLEND);
  gl.BlendEquation(0x8008 /* GL_MAX_EXT */);
  check_gl_error("glBlendEquation(GL_MAX_EXT)");
  GLuint vbo = rect_colour_vbo(8, 8, 40, 40, V4(0.6f, 0.4f, 0.2f, 1.0f));
  GLuint q[2] = {0, 0};
  if (occlusion) {
    genq(2, q);
    beginq(GL_ANY_SAMPLES_PASSED, q[0]);
  }
  glDrawArrays(GL_TRIANGLES, 0, 6);
  if (occlusion) {
    endq(GL_ANY_SAMPLES_PASSED);
    /* the same rectangle again, behind the depth it wrote: no sample passes GL_LESS */
    beginq(GL_ANY_SAMPLES_PASSED, q[1]);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    endq(GL_ANY_SAMPLES_PASSED);
    check_gl_error("ANY_SAMPLES_PASSED_EXT queries");
  }
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  gl.BlendEquation(GL_FUNC_ADD);
  uint8_t px[4] = {0, 0, 0, 0}, bg[4] = {0, 0, 0, 0};
  glReadPixels(20, 20, 1, 1, 0x80E1 /* GL_BGRA_EXT */, GL_UNSIGNED_BYTE, px);
  glReadPixels(50, 50, 1, 1, 0x80E1, GL_UNSIGNED_BYTE, bg);
  check_gl_error("glReadPixels(GL_BGRA_EXT)");
  /* max((0.2, 0.8, 0.2), (0.6, 0.4, 0.2)) = (0.6, 0.8, 0.2), as B, G, R, A */
  if (abs(px[0] - 51) > 1 || abs(px[1] - 204) > 1 || abs(px[2] - 153) > 1 || px[3] != 255)
    fail("MAX_EXT blend read as BGRA: (%u,%u,%u,%u), expected (51,204,153,255)", px[0], px[1],
         px[2], px[3]);
  if (abs(bg[0] - 51) > 1 || abs(bg[1] - 204) > 1 || abs(bg[2] - 51) > 1 || bg[3] != 255)
    fail("clear read as BGRA: (%u,%u,%u,%u), expected (51,204,51,255)", bg[0], bg[1], bg[2],
         bg[3]);
  if (occlusion) {
    GLuint any[2] = {7, 7};
    getqu(q[0], GL_QUERY_RESULT, &any[0]);
    getqu(q[1], GL_QUERY_RESULT, &any[1]);
    check_gl_error("glGetQueryObjectuivEXT");
    if (any[0] != GL_TRUE || any[1] != GL_FALSE)
      fail("ANY_SAMPLES_PASSED_EXT: visible draw %u, hidden draw %u (expected 1 and 0)", any[0],
           any[1]);
  }

  /* EXT_multi_draw_arrays into the default framebuffer */
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  const vec4f back = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(1.0f, 0.4f, 0.0f, 1.0f),
              cb = V4(0.0f, 0.6f, 1.0f, 1.0f);
  clear_to(back);
  float data[12 * 6];
  rect_colour_data(data, 4, 4, 28, 60, ca);
  rect_colour_data(data + 36, 36, 4, 60, 60, cb);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)0);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)(2 * sizeof(float)));
  const GLint first[2] = {0, 6};
  const GLsizei count[2] = {6, 6};
  multidraw(GL_TRIANGLES, first, count, 2);
  check_gl_error("glMultiDrawArraysEXT");
  model m;
  model_init(&m, back);
  model_rect(&m, 4, 4, 28, 60, to8(ca));
  model_rect(&m, 36, 4, 60, 60, to8(cb));
  check_frame("es2_probe_fbo", &m);
  gl.BindBuffer(GL_ARRAY_BUFFER, 0);
  gl.DeleteBuffers(1, &vbo);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(2, rb);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
}

/* es2_probe_more: the rest of the ES 2.0 extensions mgl offers, drawing. Top row: a depth
 * texture written as an FBO's depth and one uploaded as UNSIGNED_SHORT, sampled
 * (OES_depth_texture); a DEPTH_STENCIL_OES texture as an FBO's depth and stencil, a stencilled
 * draw (OES_packed_depth_stencil); mipmap level 1 cleared through an FBO and read back
 * (OES_fbo_render_mipmap, read inside the scenario). Second row: a 3-texel-wide texture with
 * mipmaps and REPEAT (OES_texture_npot); half-float and float texels 0 and 2 filtered LINEAR
 * half way (OES_texture_half_float_linear, OES_texture_float_linear); an ETC1 block replaced by
 * glCompressedTexSubImage2D (EXT_compressed_ETC1_RGB8_sub_texture). Third row: the second
 * rectangle of a buffer through glDrawElementsBaseVertexEXT and glDrawElementsBaseVertexOES
 * (EXT_/OES_draw_elements_base_vertex); draws under glBeginConditionalRenderNV of a passed and
 * a failed occlusion query (NV_conditional_render). */
typedef void (*es2_basevertex_fn)(GLenum, GLsizei, GLenum, const void *, GLint);
typedef void (*es2_condrender_fn)(GLuint, GLenum);
typedef void (*es2_endcond_fn)(void);
typedef void (*es2_csub_fn)(GLenum, GLint, GLint, GLint, GLsizei, GLsizei, GLenum, GLsizei,
                            const void *);

static void sc_es2_probe_more(void)
{
  es_version(20);
  const char *ext = (const char *)glGetString(GL_EXTENSIONS);
  static const char *const need[] = {
      "GL_OES_depth_texture", "GL_OES_packed_depth_stencil", "GL_OES_fbo_render_mipmap",
      "GL_OES_texture_npot", "GL_OES_texture_half_float_linear", "GL_OES_texture_float_linear",
      "GL_EXT_compressed_ETC1_RGB8_sub_texture", "GL_EXT_draw_elements_base_vertex",
      "GL_OES_draw_elements_base_vertex"};
  for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
    if (!ext || !strstr(ext, need[k]))
      fail("GL_EXTENSIONS lacks %s", need[k]);
  const bool cond = ext && strstr(ext, "GL_NV_conditional_render") &&
                    strstr(ext, "GL_EXT_occlusion_query_boolean");
  if (!cond)
    skipped("GL_NV_conditional_render (not offered)");
  es2_basevertex_fn bv_ext = (es2_basevertex_fn)eglGetProcAddress("glDrawElementsBaseVertexEXT");
  es2_basevertex_fn bv_oes = (es2_basevertex_fn)eglGetProcAddress("glDrawElementsBaseVertexOES");
  es2_condrender_fn begin_cond =
      (es2_condrender_fn)eglGetProcAddress("glBeginConditionalRenderNV");
  es2_endcond_fn end_cond = (es2_endcond_fn)eglGetProcAddress("glEndConditionalRenderNV");
  es2_genq_fn genq = (es2_genq_fn)eglGetProcAddress("glGenQueriesEXT");
  es2_beginq_fn beginq = (es2_beginq_fn)eglGetProcAddress("glBeginQueryEXT");
  es2_endq_fn endq = (es2_endq_fn)eglGetProcAddress("glEndQueryEXT");
  es2_csub_fn csub = (es2_csub_fn)eglGetProcAddress("glCompressedTexSubImage2D");
  if (!bv_ext || !bv_oes || !csub ||
      (cond && (!begin_cond || !end_cond || !genq || !beginq || !endq)))
    die_setup("an ES 2.0 extension entry point is missing from eglGetProcAddress");

  const char *vs = "attribute vec2 a_pos;\n"
                   "attribute vec4 a_color;\n"
                   "varying lowp vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fsc = "precision mediump float;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() { gl_FragColor = v_color; }\n";
  /* the red channel alone: ES 2.0 reads a depth texture as luminance, ES 3.0 as red */
  const char *fst = "precision mediump float;\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform vec2 u_tc;\n"
                    "uniform float u_scale;\n"
                    "uniform float u_red_only;\n"
                    "void main() {\n"
                    "  vec4 t = texture2D(u_tex, u_tc) * u_scale;\n"
                    "  gl_FragColor = u_red_only > 0.5 ? vec4(t.r, 0.0, 0.0, 1.0) : t;\n"
                    "}\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
  GLuint pc = link_program_b(vs, fsc, attribs, NULL);
  GLuint pt = link_program_b(vs, fst, attribs, NULL);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  model m;
  model_init(&m, bg);
  GLuint vbo;
  gl.GenBuffers(1, &vbo);
  float data[18 * 6];
  /* textured probes: one rectangle, its texel chosen by u_tc */
#define PROBE(x0, y0, x1, y1, tcs, tct, scale, red)                                            \
  do {                                                                                         \
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);                                                     \
    glViewport(0, 0, W, H);                                                                    \
    gl.UseProgram(pt);                                                                         \
    gl.Uniform2f(uloc(pt, "u_tc"), tcs, tct);                                                  \
    gl.Uniform1f(uloc(pt, "u_scale"), scale);                                                  \
    gl.Uniform1f(uloc(pt, "u_red_only"), red);                                                 \
    rect_colour_data(data, x0, y0, x1, y1, bg);                                                \
    gl.BindBuffer(GL_ARRAY_BUFFER, vbo);                                                       \
    gl.BufferData(GL_ARRAY_BUFFER, 36 * sizeof(float), data, GL_STREAM_DRAW);                  \
    gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);                           \
    gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);                           \
    gl.EnableVertexAttribArray(0);                                                             \
    gl.EnableVertexAttribArray(1);                                                             \
    glDrawArrays(GL_TRIANGLES, 0, 6);                                                          \
  } while (0)

  glViewport(0, 0, W, H);
  clear_to(bg);
  GLuint tex[8], fbo[3];
  glGenTextures(8, tex);
  gl.GenFramebuffers(3, fbo);

  /* OES_depth_texture: depth written by a draw at z 0 (window depth 0.5), then sampled */
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, W, H, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT,
               NULL);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl_error("glTexImage2D(GL_DEPTH_COMPONENT, GL_UNSIGNED_INT)");
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex[1], 0);
  GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("depth-texture framebuffer status 0x%04x", (unsigned)st);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  gl.UseProgram(pc);
  GLuint vq = rect_colour_vbo(0, 0, 32, 64, V4(1, 1, 1, 1));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_DEPTH_TEST);
  gl.DeleteBuffers(1, &vq);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  PROBE(2, 50, 10, 62, 0.25f, 0.5f, 0.8f, 1.0f); /* drawn: 0.5, x 0.8 (0.5 is a rounding tie) */
  PROBE(10, 50, 14, 62, 0.75f, 0.5f, 1.0f, 1.0f); /* cleared: 1.0 */
  model_rect(&m, 2, 50, 10, 62, to8(V4(0.4f, 0, 0, 1)));
  model_rect(&m, 10, 50, 14, 62, to8(V4(1.0f, 0, 0, 1)));
  /* ... and uploaded: texel (1,0) is 0xc000 */
  const GLushort depth16[4] = {0, 0xc000, 0, 0};
  glBindTexture(GL_TEXTURE_2D, tex[2]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 2, 2, 0, GL_DEPTH_COMPONENT,
               GL_UNSIGNED_SHORT, depth16);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl_error("glTexImage2D(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, data)");
  PROBE(16, 50, 24, 62, 0.75f, 0.25f, 1.0f, 1.0f);
  model_rect(&m, 16, 50, 24, 62, to8(V4((float)0xc000 / 65535.0f, 0, 0, 1)));

  /* OES_packed_depth_stencil: stencil 1 written where a rectangle is, then a full draw that
   * passes only there */
  glBindTexture(GL_TEXTURE_2D, tex[3]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, tex[4]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, W, H, 0, GL_DEPTH_STENCIL,
               GL_UNSIGNED_INT_24_8, NULL);
  check_gl_error("glTexImage2D(GL_DEPTH_STENCIL_OES, GL_UNSIGNED_INT_24_8_OES)");
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[3], 0);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex[4], 0);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex[4], 0);
  st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("DEPTH_STENCIL_OES framebuffer status 0x%04x", (unsigned)st);
  glClearColor(0, 0, 0, 1);
  glClearStencil(0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glEnable(GL_STENCIL_TEST);
  gl.UseProgram(pc);
  glStencilFunc(GL_ALWAYS, 1, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  vq = rect_colour_vbo(32, 0, 64, 64, V4(1, 1, 1, 1)); /* right half: stencil 1 */
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &vq);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glStencilFunc(GL_EQUAL, 1, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
  vq = rect_colour_vbo(0, 0, 64, 64, V4(0.2f, 0.6f, 1.0f, 1.0f));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &vq);
  glDisable(GL_STENCIL_TEST);
  check_gl_error("stencilled draws");
  glBindTexture(GL_TEXTURE_2D, tex[3]);
  PROBE(26, 50, 30, 62, 0.25f, 0.5f, 1.0f, 0.0f); /* stencil 0: cleared */
  PROBE(30, 50, 38, 62, 0.75f, 0.5f, 1.0f, 0.0f); /* stencil 1: drawn */
  model_rect(&m, 26, 50, 30, 62, to8(V4(0, 0, 0, 1)));
  model_rect(&m, 30, 50, 38, 62, to8(V4(0.2f, 0.6f, 1.0f, 1.0f)));

  /* OES_fbo_render_mipmap: level 1 of an 8x8 texture cleared through an FBO and read back */
  glBindTexture(GL_TEXTURE_2D, tex[5]);
  for (int l = 0; l < 4; l++)
    glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, 8 >> l, 8 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[2]);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[5], 1);
  check_gl_error("glFramebufferTexture2D(level 1)");
  st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("level-1 framebuffer status 0x%04x", (unsigned)st);
  glClearColor(0.4f, 0.8f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  uint8_t lv[4 * 16];
  memset(lv, 0, sizeof lv);
  glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, lv);
  check_gl_error("reading level 1");
  for (int k = 0; k < 16; k++)
    if (abs(lv[4 * k] - 102) > 1 || abs(lv[4 * k + 1] - 204) > 1 || lv[4 * k + 2] ||
        lv[4 * k + 3] != 255) {
      fail("level 1 texel %d: (%u,%u,%u,%u), expected (102,204,0,255)", k, lv[4 * k],
           lv[4 * k + 1], lv[4 * k + 2], lv[4 * k + 3]);
      break;
    }

  /* OES_texture_npot: 3x1 with mipmaps and REPEAT; s = 1 + 1/6 repeats to texel 0 */
  const uint8_t npot[12] = {0xe0, 0x40, 0x20, 255, 0, 255, 0, 255, 0, 0, 255, 255};
  glBindTexture(GL_TEXTURE_2D, tex[6]);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 3, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, npot);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  gl.GenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  check_gl_error("NPOT texture with mipmaps and REPEAT");
  PROBE(2, 34, 14, 46, 1.0f + 1.0f / 6.0f, 0.5f, 1.0f, 0.0f);
  model_rect(&m, 2, 34, 14, 46, (rgba8){{0xe0, 0x40, 0x20, 255}});

  /* OES_texture_half_float_linear, OES_texture_float_linear: texels 0 and 2 (red), 0 and 1
   * (alpha) filtered half way: 1 and 0.5, times 0.8 (0.5 would make a rounding tie) */
  const GLushort hl[8] = {0, 0, 0, 0, 0x4000, 0, 0, 0x3c00};
  const float fl[8] = {0, 0, 0, 0, 2.0f, 0, 0, 1.0f};
  glBindTexture(GL_TEXTURE_2D, tex[7]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, 0x8D61 /* GL_HALF_FLOAT_OES */, hl);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  check_gl_error("LINEAR half-float texture");
  PROBE(16, 34, 28, 46, 0.5f, 0.5f, 0.8f, 0.0f);
  model_rect(&m, 16, 34, 28, 46, to8(V4(0.8f, 0, 0, 0.4f)));
  GLuint tf;
  glGenTextures(1, &tf);
  glBindTexture(GL_TEXTURE_2D, tf);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_FLOAT, fl);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  check_gl_error("LINEAR float texture");
  PROBE(30, 34, 42, 46, 0.5f, 0.5f, 0.8f, 0.0f);
  model_rect(&m, 30, 34, 42, 46, to8(V4(0.8f, 0, 0, 0.4f)));

  /* EXT_compressed_ETC1_RGB8_sub_texture: the right block of an 8x4 ETC1 image replaced */
  const uint8_t etc1[16] = {0x88, 0x44, 0xcc, 0, 0, 0, 0, 0, 0x88, 0x44, 0xcc, 0, 0, 0, 0, 0};
  const uint8_t etc1b[8] = {0x2e, 0xa2, 0x6a, 0, 0, 0, 0, 0}; /* 2,14 / 10,2 / 6,10: left */
  GLuint te;
  glGenTextures(1, &te);
  glBindTexture(GL_TEXTURE_2D, te);
  gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, 0x8D64 /* GL_ETC1_RGB8_OES */, 8, 4, 0, 16, etc1);
  csub(GL_TEXTURE_2D, 0, 4, 0, 4, 4, 0x8D64, 8, etc1b);
  check_gl_error("glCompressedTexSubImage2D(GL_ETC1_RGB8_OES)");
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  PROBE(44, 34, 50, 46, 0.25f, 0.5f, 1.0f, 0.0f);
  PROBE(50, 34, 56, 46, 0.625f, 0.5f, 1.0f, 0.0f); /* left half of the new block: sub-block 1 */
  model_rect(&m, 44, 34, 50, 46, (rgba8){{138, 70, 206, 255}});
  model_rect(&m, 50, 34, 56, 46, (rgba8){{2 * 17 + 2, 10 * 17 + 2, 6 * 17 + 2, 255}});

  /* EXT_ and OES_draw_elements_base_vertex: vertices 6.. are the rectangle, 0..5 junk */
  gl.UseProgram(pc);
  const vec4f cbv = V4(0.8f, 0.8f, 0.2f, 1.0f);
  for (int k = 0; k < 18 * 6; k++)
    data[k] = -50.0f;
  rect_colour_data(data + 36, 2, 18, 14, 30, cbv);
  rect_colour_data(data + 72, 16, 18, 28, 30, cbv);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
  static const GLushort idx[6] = {0, 1, 2, 3, 4, 5};
  bv_ext(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx, 6);
  bv_oes(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx, 12);
  check_gl_error("glDrawElementsBaseVertexEXT/OES");
  model_rect(&m, 2, 18, 14, 30, to8(cbv));
  model_rect(&m, 16, 18, 28, 30, to8(cbv));

  /* NV_conditional_render: a query a draw passed and one nothing passed */
  if (cond) {
    GLuint q[2];
    genq(2, q);
    beginq(GL_ANY_SAMPLES_PASSED, q[0]);
    glDrawArrays(GL_TRIANGLES, 6, 6); /* the same pixels again */
    endq(GL_ANY_SAMPLES_PASSED);
    beginq(GL_ANY_SAMPLES_PASSED, q[1]);
    glDrawArrays(GL_TRIANGLES, 0, 6); /* junk: off screen */
    endq(GL_ANY_SAMPLES_PASSED);
    const vec4f ca = V4(0.2f, 0.4f, 0.8f, 1.0f), cb = V4(1.0f, 0.0f, 0.0f, 1.0f);
    GLuint v2 = rect_colour_vbo(32, 18, 44, 30, ca);
    begin_cond(q[0], 0x8E13 /* GL_QUERY_WAIT_NV */);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    end_cond();
    gl.DeleteBuffers(1, &v2);
    v2 = rect_colour_vbo(48, 18, 60, 30, cb);
    begin_cond(q[1], 0x8E13);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    end_cond();
    gl.DeleteBuffers(1, &v2);
    check_gl_error("glBeginConditionalRenderNV");
    model_rect(&m, 32, 18, 44, 30, to8(ca));
  }
#undef PROBE

  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  check_frame("es2_probe_more", &m);
  gl.BindBuffer(GL_ARRAY_BUFFER, 0);
  gl.DeleteBuffers(1, &vbo);
  gl.DeleteFramebuffers(3, fbo);
  glDeleteTextures(8, tex);
  glDeleteTextures(1, &tf);
  glDeleteTextures(1, &te);
  gl.UseProgram(0);
  gl.DeleteProgram(pc);
  gl.DeleteProgram(pt);
}

/* es2_aniso: EXT_texture_filter_anisotropic. Seven mip levels of one colour each; rectangles
 * whose texture coordinates step 16 texels a pixel across and 1 down. Isotropic filtering
 * takes level 4 (log2 16); a maximum anisotropy of 16 samples along the long axis and takes
 * level 0. The parameter's state and errors: 1 by default, below 1 INVALID_VALUE, the limit
 * at least 2. */
static void sc_es2_aniso(void)
{
  es_version(20);
  const char *ext = (const char *)glGetString(GL_EXTENSIONS);
  if (!ext || !strstr(ext, "GL_EXT_texture_filter_anisotropic")) {
    skipped("GL_EXT_texture_filter_anisotropic (not offered)");
    clear_to(V4(0, 0, 0, 1));
    return;
  }
  GLfloat maxa = 0.0f;
  glGetFloatv(0x84FF /* GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT */, &maxa);
  check_gl_error("GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT");
  if (maxa < 2.0f)
    fail("GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT %g (at least 2)", (double)maxa);
  const char *vs = "attribute vec2 a_pos;\n"
                   "attribute vec4 a_color;\n"
                   "varying vec2 v_tc;\n"
                   "void main() {\n"
                   "  v_tc = a_color.xy;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "precision mediump float;\n"
                   "uniform sampler2D u_tex;\n"
                   "varying vec2 v_tc;\n"
                   "void main() { gl_FragColor = texture2D(u_tex, v_tc); }\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
  GLuint p = link_program_b(vs, fs, attribs, NULL);
  gl.UseProgram(p);
  static const uint8_t level_rgb[7][3] = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 255, 0},
                                          {0, 255, 255}, {255, 0, 255}, {255, 255, 255}};
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  static uint8_t texels[64 * 64 * 4];
  for (int l = 0; l < 7; l++) {
    const int n = 64 >> l;
    for (int k = 0; k < n * n; k++) {
      memcpy(&texels[4 * k], level_rgb[l], 3);
      texels[4 * k + 3] = 255;
    }
    glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  GLfloat a = 0.0f;
  glGetTexParameterfv(GL_TEXTURE_2D, 0x84FE /* GL_TEXTURE_MAX_ANISOTROPY_EXT */, &a);
  if (a != 1.0f)
    fail("GL_TEXTURE_MAX_ANISOTROPY_EXT starts at %g (1)", (double)a);
  glTexParameterf(GL_TEXTURE_2D, 0x84FE, 0.5f);
  expect_gl_error(GL_INVALID_VALUE, "GL_TEXTURE_MAX_ANISOTROPY_EXT 0.5");
  check_gl_error("mip levels");

  const vec4f bg = V4(0, 0, 0, 1);
  glViewport(0, 0, W, H);
  clear_to(bg);
  model m;
  model_init(&m, bg);
  float data[36];
  GLuint vbo;
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  for (int k = 0; k < 2; k++) {
    const float x0 = 8 + 32 * k, y0 = 24, x1 = x0 + 16, y1 = y0 + 16;
    const float q[12] = {x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1};
    const float tc[12] = {0, 0, 4, 0, 4, 0.25f, 0, 0, 4, 0.25f, 0, 0.25f};
    for (int v = 0; v < 6; v++) {
      data[6 * v] = q[2 * v], data[6 * v + 1] = q[2 * v + 1];
      data[6 * v + 2] = tc[2 * v], data[6 * v + 3] = tc[2 * v + 1];
      data[6 * v + 4] = 0, data[6 * v + 5] = 1;
    }
    gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STREAM_DRAW);
    gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
    gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
    gl.EnableVertexAttribArray(0);
    gl.EnableVertexAttribArray(1);
    glTexParameterf(GL_TEXTURE_2D, 0x84FE, k ? (maxa < 16.0f ? maxa : 16.0f) : 1.0f);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    const uint8_t *c = level_rgb[k ? (maxa >= 16.0f ? 0 : 4 - (int)log2f(maxa)) : 4];
    model_rect(&m, (int)x0, (int)y0, (int)x1, (int)y1, (rgba8){{c[0], c[1], c[2], 255}});
  }
  check_gl_error("anisotropic draws");
  glGetTexParameterfv(GL_TEXTURE_2D, 0x84FE, &a);
  if (a != (maxa < 16.0f ? maxa : 16.0f))
    fail("GL_TEXTURE_MAX_ANISOTROPY_EXT reads %g", (double)a);
  check_frame("es2_aniso", &m);
  gl.DeleteBuffers(1, &vbo);
  glDeleteTextures(1, &t);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
}

/* es2_probe_last: GL_OES_surfaceless_context (no surface bound: the default framebuffer is
 * FRAMEBUFFER_UNDEFINED_OES, an FBO draws and reads back), GL_EXT_color_buffer_half_float (a
 * HALF_FLOAT_OES texture and an RGBA16F_EXT renderbuffer complete as colour, 2.0 written and
 * sampled back) and GL_APPLE_texture_max_level (a texture of one level with a mipmap filter is
 * complete once TEXTURE_MAX_LEVEL_APPLE is 0). */
static void sc_es2_probe_last(void)
{
  es_version(20);
  const char *ext = (const char *)glGetString(GL_EXTENSIONS);
  static const char *const need[] = {"GL_OES_surfaceless_context", "GL_EXT_color_buffer_half_float",
                                     "GL_APPLE_texture_max_level"};
  for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
    if (!ext || !strstr(ext, need[k]))
      fail("GL_EXTENSIONS lacks %s", need[k]);
  const char *vs = "attribute vec2 a_pos;\n"
                   "attribute vec4 a_color;\n"
                   "varying vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fsc = "precision mediump float;\n"
                    "varying vec4 v_color;\n"
                    "void main() { gl_FragColor = v_color; }\n";
  const char *fst = "precision mediump float;\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform float u_scale;\n"
                    "void main() { gl_FragColor = texture2D(u_tex, vec2(0.5)) * u_scale; }\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
  GLuint pc = link_program_b(vs, fsc, attribs, NULL);
  GLuint pt = link_program_b(vs, fst, attribs, NULL);
  GLuint tex[3], fbo, rb;
  glGenTextures(3, tex);
  gl.GenFramebuffers(1, &fbo);
  gl.GenRenderbuffers(1, &rb);

  /* OES_surfaceless_context */
  EGLDisplay dpy = eglGetCurrentDisplay();
  EGLContext ctx = eglGetCurrentContext();
  EGLSurface draw = eglGetCurrentSurface(EGL_DRAW), read = eglGetCurrentSurface(EGL_READ);
  if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
    fail("eglMakeCurrent without surfaces: 0x%04x", (unsigned)eglGetError());
  GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_UNDEFINED)
    fail("default framebuffer without a surface: status 0x%04x, expected 0x%04x", (unsigned)st,
         (unsigned)GL_FRAMEBUFFER_UNDEFINED);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
  st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("surfaceless FBO status 0x%04x", (unsigned)st);
  glViewport(0, 0, 8, 8);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.UseProgram(pc);
  GLuint vq = rect_colour_vbo(0, 0, 64, 64, V4(0.2f, 0.4f, 0.6f, 1.0f));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &vq);
  uint8_t px[4] = {0, 0, 0, 0};
  glReadPixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  check_gl_error("surfaceless draw");
  if (px[0] != 51 || px[1] != 102 || px[2] != 153 || px[3] != 255)
    fail("surfaceless FBO draw read (%u,%u,%u,%u), expected (51,102,153,255)", px[0], px[1],
         px[2], px[3]);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  if (!eglMakeCurrent(dpy, draw, read, ctx))
    die_setup("eglMakeCurrent back to the surface failed");

  /* EXT_color_buffer_half_float: a renderbuffer, then a texture drawn with 2.0 and sampled */
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorage(GL_RENDERBUFFER, 0x881A /* GL_RGBA16F_EXT */, 8, 8);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("RGBA16F_EXT renderbuffer framebuffer status 0x%04x", (unsigned)st);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, 0x8D61 /* GL_HALF_FLOAT_OES */, NULL);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
  st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("HALF_FLOAT_OES texture framebuffer status 0x%04x", (unsigned)st);
  glViewport(0, 0, 8, 8);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.UseProgram(pc);
  vq = rect_colour_vbo(0, 0, 64, 64, V4(2.4f, 0.5f, 4.0f, 2.4f));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &vq);
  check_gl_error("drawing 2.0 into a half-float colour buffer");
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);
  const vec4f bg = V4(0, 0, 0, 1);
  clear_to(bg);
  model m;
  model_init(&m, bg);
  gl.UseProgram(pt);
  gl.Uniform1f(uloc(pt, "u_scale"), 0.25f);
  vq = rect_colour_vbo(4, 4, 28, 28, bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &vq);
  model_rect(&m, 4, 4, 28, 28, to8(V4(0.6f, 0.125f, 1.0f, 0.6f)));

  /* APPLE_texture_max_level: one level and a mipmap filter */
  const uint8_t one[4] = {0x40, 0xc0, 0x80, 255};
  glBindTexture(GL_TEXTURE_2D, tex[2]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, one);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, 0x813D /* GL_TEXTURE_MAX_LEVEL_APPLE */, 0);
  check_gl_error("GL_TEXTURE_MAX_LEVEL_APPLE");
  GLint ml = -1;
  glGetTexParameteriv(GL_TEXTURE_2D, 0x813D, &ml);
  if (ml != 0)
    fail("GL_TEXTURE_MAX_LEVEL_APPLE reads %d", ml);
  gl.Uniform1f(uloc(pt, "u_scale"), 1.0f);
  vq = rect_colour_vbo(36, 4, 60, 28, bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &vq);
  model_rect(&m, 36, 4, 60, 28, (rgba8){{0x40, 0xc0, 0x80, 255}});
  check_gl_error("draws");
  check_frame("es2_probe_last", &m);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
  glDeleteTextures(3, tex);
  gl.UseProgram(0);
  gl.DeleteProgram(pc);
  gl.DeleteProgram(pt);
}

/* es3_float_color: GL_EXT_color_buffer_float on OpenGL ES 3.0: R16F, RG16F, RGBA16F, R32F,
 * RG32F, RGBA32F and R11F_G11F_B10F renderbuffers complete as colour; 2.0 drawn into an
 * RGBA32F texture twice with additive blending (GL_EXT_float_blend) reads back as 4.0 through
 * a sampler, where an 8-bit target would hold 1. */
static void sc_es3_float_color(void)
{
  es_version(30);
  const char *ext = (const char *)glGetString(GL_EXTENSIONS);
  static const char *const need[] = {"GL_EXT_color_buffer_float", "GL_EXT_float_blend"};
  for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
    if (!ext || !strstr(ext, need[k]))
      fail("GL_EXTENSIONS lacks %s", need[k]);
  static const GLenum formats[] = {GL_R16F, GL_RG16F, GL_RGBA16F, GL_R32F,
                                   GL_RG32F, GL_RGBA32F, GL_R11F_G11F_B10F};
  GLuint fbo, rb;
  gl.GenFramebuffers(1, &fbo);
  gl.GenRenderbuffers(1, &rb);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  for (size_t k = 0; k < sizeof formats / sizeof formats[0]; k++) {
    gl.RenderbufferStorage(GL_RENDERBUFFER, formats[k], 8, 8);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
    if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("float renderbuffer 0x%04x: framebuffer status 0x%04x", (unsigned)formats[k],
           (unsigned)st);
  }
  check_gl_error("float renderbuffers");
  const char *vs = "#version 300 es\n"
                   "layout(location = 0) in vec2 a_pos;\n"
                   "layout(location = 1) in vec4 a_color;\n"
                   "out vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fsc = "#version 300 es\n"
                    "precision highp float;\n"
                    "in vec4 v_color;\n"
                    "out vec4 o;\n"
                    "void main() { o = v_color; }\n";
  const char *fst = "#version 300 es\n"
                    "precision highp float;\n"
                    "uniform highp sampler2D u_tex;\n"
                    "out vec4 o;\n"
                    "void main() { o = texture(u_tex, vec2(0.5)) * 0.125; }\n";
  GLuint pc = link_program_b(vs, fsc, NULL, NULL);
  GLuint pt = link_program_b(vs, fst, NULL, NULL);
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, 8, 8);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
  GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("RGBA32F texture framebuffer status 0x%04x", (unsigned)st);
  glViewport(0, 0, 8, 8);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.UseProgram(pc);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  GLuint vq = rect_colour_vbo(0, 0, 64, 64, V4(2.4f, 1.0f, 4.0f, 4.0f));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_BLEND);
  gl.DeleteBuffers(1, &vq);
  check_gl_error("blended draws into RGBA32F");
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);
  const vec4f bg = V4(0, 0, 0, 1);
  clear_to(bg);
  gl.UseProgram(pt);
  vq = rect_colour_vbo(8, 8, 56, 56, bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &vq);
  check_gl_error("sampling the RGBA32F texture");
  model m;
  model_init(&m, bg);
  model_rect(&m, 8, 8, 56, 56, to8(V4(0.6f, 0.25f, 1.0f, 1.0f)));
  check_frame("es3_float_color", &m);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &t);
  gl.UseProgram(0);
  gl.DeleteProgram(pc);
  gl.DeleteProgram(pt);
}

/* es2_clamp: GL_EXT_texture_border_clamp / GL_OES_texture_border_clamp (CLAMP_TO_BORDER and a
 * border colour on ES 2.0; their glTexParameterIiv EXT and OES names exist)
 * and GL_EXT_depth_clamp (a rectangle in front of the near plane is clipped, then drawn with
 * DEPTH_CLAMP_EXT enabled). */
typedef void (*es2_texparamiv_fn)(GLenum, GLenum, const GLint *);
static void sc_es2_clamp(void)
{
  es_version(20);
  const char *ext = (const char *)glGetString(GL_EXTENSIONS);
  static const char *const need[] = {"GL_EXT_texture_border_clamp", "GL_OES_texture_border_clamp",
                                     "GL_EXT_depth_clamp"};
  for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
    if (!ext || !strstr(ext, need[k]))
      fail("GL_EXTENSIONS lacks %s", need[k]);
  es2_texparamiv_fn iiv_ext = (es2_texparamiv_fn)eglGetProcAddress("glTexParameterIivEXT");
  es2_texparamiv_fn iiv_oes = (es2_texparamiv_fn)eglGetProcAddress("glTexParameterIivOES");
  if (!iiv_ext || !iiv_oes)
    die_setup("glTexParameterIivEXT/OES missing from eglGetProcAddress");
  const char *vs = "attribute vec2 a_pos;\n"
                   "attribute vec4 a_color;\n"
                   "uniform float u_z;\n"
                   "varying vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, u_z, 1.0);\n"
                   "}\n";
  const char *fsc = "precision mediump float;\n"
                    "varying vec4 v_color;\n"
                    "void main() { gl_FragColor = v_color; }\n";
  const char *fst = "precision mediump float;\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform vec2 u_tc;\n"
                    "void main() { gl_FragColor = texture2D(u_tex, u_tc); }\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
  GLuint pc = link_program_b(vs, fsc, attribs, NULL);
  GLuint pt = link_program_b(vs, fst, attribs, NULL);
  const vec4f bg = V4(0, 0, 0, 1);
  glViewport(0, 0, W, H);
  clear_to(bg);
  model m;
  model_init(&m, bg);

  const uint8_t red[16] = {255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255};
  GLuint t[2];
  glGenTextures(2, t);
  const GLfloat green[4] = {0.0f, 1.0f, 0.0f, 1.0f};
  const GLfloat blue[4] = {0.0f, 0.0f, 1.0f, 1.0f};
  for (int k = 0; k < 2; k++) {
    glBindTexture(GL_TEXTURE_2D, t[k]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, 0x812D /* GL_CLAMP_TO_BORDER_EXT */);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, 0x812D);
  }
  glBindTexture(GL_TEXTURE_2D, t[0]);
  glTexParameterfv(GL_TEXTURE_2D, 0x1004 /* GL_TEXTURE_BORDER_COLOR_EXT */, green);
  check_gl_error("CLAMP_TO_BORDER_EXT and TEXTURE_BORDER_COLOR_EXT");
  gl.UseProgram(pt);
  gl.Uniform1f(uloc(pt, "u_z"), 0.0f);
  struct { int x0; float s; GLuint tex; rgba8 want; } probes[3] = {
      {4, 0.5f, t[0], {{255, 0, 0, 255}}},
      {20, 1.5f, t[0], {{0, 255, 0, 255}}},
      {36, -0.5f, t[1], {{0, 0, 255, 255}}},
  };
  glBindTexture(GL_TEXTURE_2D, t[1]);
  glTexParameterfv(GL_TEXTURE_2D, 0x1004, blue);
  check_gl_error("TEXTURE_BORDER_COLOR_OES");
  for (int k = 0; k < 3; k++) {
    glBindTexture(GL_TEXTURE_2D, probes[k].tex);
    gl.Uniform2f(uloc(pt, "u_tc"), probes[k].s, 0.5f);
    GLuint vq = rect_colour_vbo((float)probes[k].x0, 36, (float)probes[k].x0 + 12, 60, bg);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    gl.DeleteBuffers(1, &vq);
    model_rect(&m, probes[k].x0, 36, probes[k].x0 + 12, 60, probes[k].want);
  }

  /* EXT_depth_clamp: z = -2 is clipped; with DEPTH_CLAMP_EXT the rectangle is drawn */
  gl.UseProgram(pc);
  gl.Uniform1f(uloc(pc, "u_z"), -2.0f);
  const vec4f c1 = V4(1.0f, 0.6f, 0.2f, 1.0f);
  GLuint v1 = rect_colour_vbo(4, 4, 28, 28, c1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &v1);
  glEnable(0x864F /* GL_DEPTH_CLAMP_EXT */);
  check_gl_error("glEnable(GL_DEPTH_CLAMP_EXT)");
  if (!glIsEnabled(0x864F))
    fail("GL_DEPTH_CLAMP_EXT not enabled");
  GLuint v2 = rect_colour_vbo(36, 4, 60, 28, c1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &v2);
  glDisable(0x864F);
  model_rect(&m, 36, 4, 60, 28, to8(c1));
  check_gl_error("draws");
  check_frame("es2_clamp", &m);
  glDeleteTextures(2, t);
  gl.UseProgram(0);
  gl.DeleteProgram(pc);
  gl.DeleteProgram(pt);
}

/* es2_draw_instanced: GL_EXT_draw_instanced: three instances of one rectangle through
 * glDrawArraysInstancedEXT and one more through glDrawElementsInstancedEXT, placed by GLSL ES
 * 1.00's gl_InstanceIDEXT. */
typedef void (*es2_elements_instanced_fn)(GLenum, GLsizei, GLenum, const void *, GLsizei);
static void sc_es2_draw_instanced(void)
{
  es_version(20);
  const char *ext = (const char *)glGetString(GL_EXTENSIONS);
  if (!ext || !strstr(ext, "GL_EXT_draw_instanced"))
    fail("GL_EXTENSIONS lacks GL_EXT_draw_instanced");
  es2_instanced_fn arrays = (es2_instanced_fn)eglGetProcAddress("glDrawArraysInstancedEXT");
  es2_elements_instanced_fn elements =
      (es2_elements_instanced_fn)eglGetProcAddress("glDrawElementsInstancedEXT");
  if (!arrays || !elements)
    die_setup("glDraw*InstancedEXT missing from eglGetProcAddress");
  const char *vs = "#extension GL_EXT_draw_instanced : require\n"
                   "attribute vec2 a_pos;\n"
                   "attribute vec4 a_color;\n"
                   "uniform float u_y;\n"
                   "varying lowp vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  vec2 p = a_pos + vec2(16.0 * float(gl_InstanceIDEXT), u_y);\n"
                   "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "precision mediump float;\n"
                   "varying lowp vec4 v_color;\n"
                   "void main() { gl_FragColor = v_color; }\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
  GLuint p = link_program_b(vs, fs, attribs, NULL);
  gl.UseProgram(p);
  const vec4f bg = V4(0, 0, 0, 1), c = V4(0.2f, 0.8f, 0.6f, 1.0f);
  glViewport(0, 0, W, H);
  clear_to(bg);
  model m;
  model_init(&m, bg);
  GLuint vq = rect_colour_vbo(2, 4, 14, 20, c);
  gl.Uniform1f(uloc(p, "u_y"), 0.0f);
  arrays(GL_TRIANGLES, 0, 6, 3);
  static const GLushort idx[6] = {0, 1, 2, 3, 4, 5};
  gl.Uniform1f(uloc(p, "u_y"), 32.0f);
  elements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx, 2);
  check_gl_error("instanced draws");
  for (int k = 0; k < 3; k++)
    model_rect(&m, 2 + 16 * k, 4, 14 + 16 * k, 20, to8(c));
  for (int k = 0; k < 2; k++)
    model_rect(&m, 2 + 16 * k, 36, 14 + 16 * k, 52, to8(c));
  check_frame("es2_draw_instanced", &m);
  gl.DeleteBuffers(1, &vq);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
}

/* es2_lum_alpha: ES 2.0's unsized LUMINANCE, ALPHA and LUMINANCE_ALPHA textures (ES 2.0
 * Table 3.3): sampled as (L, L, L, 1), (0, 0, 0, A) and (L, L, L, A) with UNSIGNED_BYTE,
 * HALF_FLOAT_OES and FLOAT texels (where OES_texture_half_float / OES_texture_float are
 * offered), glTexSubImage2D into one, an ALPHA atlas blended over the background as a font
 * is, and glCopyTexImage2D / glCopyTexSubImage2D from the framebuffer into LUMINANCE. */
static const uint8_t lum_atlas[8 * 8] = {
    0, 255, 255, 255, 255, 255, 255, 0,   255, 0, 0, 0, 0, 0, 0, 255,
    255, 0, 255, 0, 0, 255, 0, 255,       255, 0, 0, 0, 0, 0, 0, 255,
    255, 0, 255, 0, 0, 255, 0, 255,       255, 0, 0, 255, 255, 0, 0, 255,
    255, 0, 0, 0, 0, 0, 0, 255,           0, 255, 255, 255, 255, 255, 255, 0,
};
typedef struct { int x0, y0; rgba8 ink, paper; } lum_atlas_draw;
static rgba8 lum_atlas_colour(const void *ctx, int x, int y)
{
  const lum_atlas_draw *d = ctx;
  /* 16 x 16 pixels over 8 x 8 texels, NEAREST: texel (x - x0) / 2 */
  return lum_atlas[((y - d->y0) / 2) * 8 + (x - d->x0) / 2] ? d->ink : d->paper;
}
static void lum_alpha_draw(GLuint prog, GLuint tex, int x0, int y0, int x1, int y1)
{
  glBindTexture(GL_TEXTURE_2D, tex);
  gl.Uniform2f(uloc(prog, "u_org"), (float)x0, (float)y0);
  gl.Uniform2f(uloc(prog, "u_size"), (float)(x1 - x0), (float)(y1 - y0));
  GLuint vq = rect_colour_vbo((float)x0, (float)y0, (float)x1, (float)y1, V4(1, 1, 1, 1));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &vq);
}
static GLuint lum_alpha_tex(GLenum format, GLsizei w, GLsizei h, GLenum type, const void *px)
{
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, (GLint)format, w, h, 0, format, type, px);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  char what[96];
  snprintf(what, sizeof what, "glTexImage2D(format 0x%04x, type 0x%04x)", (unsigned)format,
           (unsigned)type);
  check_gl_error(what);
  return t;
}
#define SC_LUMINANCE 0x1909
#define SC_LUMINANCE_ALPHA 0x190A
#define SC_HALF_FLOAT_OES 0x8D61
static void sc_es2_lum_alpha(void)
{
  es_version(20);
  const char *ext = (const char *)glGetString(GL_EXTENSIONS);
  const bool half = ext && strstr(ext, "GL_OES_texture_half_float");
  const bool flt = ext && strstr(ext, "GL_OES_texture_float");
  const char *vs = "attribute vec2 a_pos;\n"
                   "attribute vec4 a_color;\n"
                   "varying vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  /* the texture spread over the rectangle (pixel centres: never on a texel edge) */
  const char *fst = "precision highp float;\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform vec2 u_org, u_size;\n"
                    "void main() {\n"
                    "  gl_FragColor = texture2D(u_tex, (gl_FragCoord.xy - u_org) / u_size);\n"
                    "}\n";
  /* a font: ink where the atlas's alpha says */
  const char *fsf = "precision highp float;\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform vec2 u_org, u_size;\n"
                    "uniform vec4 u_ink;\n"
                    "void main() {\n"
                    "  float a = texture2D(u_tex, (gl_FragCoord.xy - u_org) / u_size).a;\n"
                    "  gl_FragColor = vec4(u_ink.rgb, a);\n"
                    "}\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
  GLuint pt = link_program_b(vs, fst, attribs, NULL);
  GLuint pf = link_program_b(vs, fsf, attribs, NULL);
  const vec4f bg = V4(0.0f, 0.0f, 0.6f, 1.0f);
  glViewport(0, 0, W, H);
  clear_to(bg);
  model m;
  model_init(&m, bg);
  GLuint texs[14];
  int nt = 0;
  gl.UseProgram(pt);

  /* row 1: UNSIGNED_BYTE, and a texel replaced by glTexSubImage2D */
  const uint8_t l8 = 0x40, a8 = 0x80, la8[2] = {0x50, 0xA0}, l2[2] = {0x10, 0x20}, sub = 0x90;
  texs[nt] = lum_alpha_tex(SC_LUMINANCE, 1, 1, GL_UNSIGNED_BYTE, &l8);
  lum_alpha_draw(pt, texs[nt++], 4, 4, 16, 16);
  model_rect(&m, 4, 4, 16, 16, (rgba8){{0x40, 0x40, 0x40, 255}});
  texs[nt] = lum_alpha_tex(GL_ALPHA, 1, 1, GL_UNSIGNED_BYTE, &a8);
  lum_alpha_draw(pt, texs[nt++], 20, 4, 32, 16);
  model_rect(&m, 20, 4, 32, 16, (rgba8){{0, 0, 0, 0x80}});
  texs[nt] = lum_alpha_tex(SC_LUMINANCE_ALPHA, 1, 1, GL_UNSIGNED_BYTE, la8);
  lum_alpha_draw(pt, texs[nt++], 36, 4, 48, 16);
  model_rect(&m, 36, 4, 48, 16, (rgba8){{0x50, 0x50, 0x50, 0xA0}});
  texs[nt] = lum_alpha_tex(SC_LUMINANCE, 2, 1, GL_UNSIGNED_BYTE, l2);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 1, 1, SC_LUMINANCE, GL_UNSIGNED_BYTE, &sub);
  check_gl_error("glTexSubImage2D into LUMINANCE");
  lum_alpha_draw(pt, texs[nt++], 52, 4, 60, 16); /* texel 0 left half, texel 1 right half */
  model_rect(&m, 52, 4, 56, 16, (rgba8){{0x10, 0x10, 0x10, 255}});
  model_rect(&m, 56, 4, 60, 16, (rgba8){{0x90, 0x90, 0x90, 255}});

  /* row 2: HALF_FLOAT_OES (0.25, 0.75, 0.125: none a half-way byte) and FLOAT */
  if (half) {
    const uint16_t hl = 0x3400, ha = 0x3A00, hla[2] = {0x3000, 0x3A00};
    texs[nt] = lum_alpha_tex(SC_LUMINANCE, 1, 1, SC_HALF_FLOAT_OES, &hl);
    lum_alpha_draw(pt, texs[nt++], 4, 20, 10, 30);
    model_rect(&m, 4, 20, 10, 30, (rgba8){{64, 64, 64, 255}});
    texs[nt] = lum_alpha_tex(GL_ALPHA, 1, 1, SC_HALF_FLOAT_OES, &ha);
    lum_alpha_draw(pt, texs[nt++], 12, 20, 18, 30);
    model_rect(&m, 12, 20, 18, 30, (rgba8){{0, 0, 0, 191}});
    texs[nt] = lum_alpha_tex(SC_LUMINANCE_ALPHA, 1, 1, SC_HALF_FLOAT_OES, hla);
    lum_alpha_draw(pt, texs[nt++], 20, 20, 26, 30);
    model_rect(&m, 20, 20, 26, 30, (rgba8){{32, 32, 32, 191}});
  }
  if (flt) {
    const float fl = 0.75f, fa = 0.25f, fla[2] = {0.125f, 0.25f};
    texs[nt] = lum_alpha_tex(SC_LUMINANCE, 1, 1, GL_FLOAT, &fl);
    lum_alpha_draw(pt, texs[nt++], 36, 20, 42, 30);
    model_rect(&m, 36, 20, 42, 30, (rgba8){{191, 191, 191, 255}});
    texs[nt] = lum_alpha_tex(GL_ALPHA, 1, 1, GL_FLOAT, &fa);
    lum_alpha_draw(pt, texs[nt++], 44, 20, 50, 30);
    model_rect(&m, 44, 20, 50, 30, (rgba8){{0, 0, 0, 64}});
    texs[nt] = lum_alpha_tex(SC_LUMINANCE_ALPHA, 1, 1, GL_FLOAT, fla);
    lum_alpha_draw(pt, texs[nt++], 52, 20, 58, 30);
    model_rect(&m, 52, 20, 58, 30, (rgba8){{32, 32, 32, 64}});
  }

  /* row 2, right: glGenerateMipmap of an 8 x 8 LUMINANCE, drawn over 2 x 2 pixels (level 2) */
  uint8_t l64[64];
  memset(l64, 0x60, sizeof l64);
  texs[nt] = lum_alpha_tex(SC_LUMINANCE, 8, 8, GL_UNSIGNED_BYTE, l64);
  gl.GenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  check_gl_error("glGenerateMipmap of LUMINANCE");
  lum_alpha_draw(pt, texs[nt++], 60, 20, 62, 22);
  model_rect(&m, 60, 20, 62, 22, (rgba8){{0x60, 0x60, 0x60, 255}});

  /* row 3: an ALPHA font atlas blended over the background (alpha kept) */
  texs[nt] = lum_alpha_tex(GL_ALPHA, 8, 8, GL_UNSIGNED_BYTE, lum_atlas);
  gl.UseProgram(pf);
  const vec4f ink = V4(1.0f, 0.8f, 0.2f, 1.0f);
  gl.Uniform4fv(uloc(pf, "u_ink"), 1, ink.v);
  glEnable(GL_BLEND);
  gl.BlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
  lum_alpha_draw(pf, texs[nt++], 4, 34, 20, 50);
  glDisable(GL_BLEND);
  static lum_atlas_draw font;
  font = (lum_atlas_draw){4, 34, to8(ink), to8(bg)};
  model_rect_fn(&m, 4, 34, 20, 50, lum_atlas_colour, &font);
  check_gl_error("font atlas draw");

  /* row 3, right: the framebuffer's red into LUMINANCE (the UNSIGNED_BYTE L rectangle and the
   * background beside it), then a 2 x 2 corner of it replaced from the ALPHA rectangle */
  GLuint ct;
  glGenTextures(1, &ct);
  glBindTexture(GL_TEXTURE_2D, ct);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, SC_LUMINANCE, 14, 6, 4, 4, 0);
  check_gl_error("glCopyTexImage2D into LUMINANCE");
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 2, 38, 6, 2, 2);
  check_gl_error("glCopyTexSubImage2D into LUMINANCE");
  gl.UseProgram(pt);
  lum_alpha_draw(pt, ct, 40, 34, 56, 50); /* 4 x 4 texels, 4 pixels each */
  /* texel columns 0-1 came from x 14-15 (L, 0x40), 2-3 from x 16-17 (background red 0);
   * rows 2-3 of columns 0-1 from the LA rectangle (red 0x50) */
  model_rect(&m, 40, 34, 48, 42, (rgba8){{0x40, 0x40, 0x40, 255}});
  model_rect(&m, 48, 34, 56, 50, (rgba8){{0, 0, 0, 255}});
  model_rect(&m, 40, 42, 48, 50, (rgba8){{0x50, 0x50, 0x50, 255}});
  check_frame("es2_lum_alpha", &m);
  glDeleteTextures(nt, texs);
  glDeleteTextures(1, &ct);
  gl.UseProgram(0);
  gl.DeleteProgram(pt);
  gl.DeleteProgram(pf);
}

/* es3_lum_swizzle: an ES 3.0 context's LUMINANCE and LUMINANCE_ALPHA textures under the
 * application's own TEXTURE_SWIZZLE, which applies to (L, L, L, 1) / (L, L, L, A) as GL reads
 * them (ES 3.0 §3.8.14), and glGetTexParameter gives back the swizzle set. */
static void sc_es3_lum_swizzle(void)
{
  es_version(30);
  const char *vs = "#version 300 es\n"
                   "layout(location = 0) in vec2 a_pos;\n"
                   "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *fs = "#version 300 es\n"
                   "precision highp float;\n"
                   "uniform sampler2D u_tex;\n"
                   "uniform vec2 u_org, u_size;\n"
                   "out vec4 o;\n"
                   "void main() { o = texture(u_tex, (gl_FragCoord.xy - u_org) / u_size); }\n";
  GLuint p = link_program_b(vs, fs, NULL, NULL);
  gl.UseProgram(p);
  const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
  glViewport(0, 0, W, H);
  clear_to(bg);
  model m;
  model_init(&m, bg);
  const uint8_t l8 = 0x40, la8[2] = {0x50, 0xA0};
  GLuint tl = lum_alpha_tex(SC_LUMINANCE, 1, 1, GL_UNSIGNED_BYTE, &l8);
  GLuint tla = lum_alpha_tex(SC_LUMINANCE_ALPHA, 1, 1, GL_UNSIGNED_BYTE, la8);
  /* L as (ONE, ZERO, RED, ALPHA) -> (1, 0, L, 1) */
  glBindTexture(GL_TEXTURE_2D, tl);
  const GLint sw_l[4] = {GL_ONE, GL_ZERO, GL_RED, GL_ALPHA};
  glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, sw_l);
  lum_alpha_draw(p, tl, 4, 4, 28, 28);
  model_rect(&m, 4, 4, 28, 28, (rgba8){{255, 0, 0x40, 255}});
  /* LA as (ALPHA, GREEN, ZERO, RED) -> (A, L, 0, L) */
  glBindTexture(GL_TEXTURE_2D, tla);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_ALPHA);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_ZERO);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_RED);
  lum_alpha_draw(p, tla, 36, 4, 60, 28);
  model_rect(&m, 36, 4, 60, 28, (rgba8){{0xA0, 0x50, 0, 0x50}});
  GLint got[4] = {0, 0, 0, 0};
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, got);
  if (got[0] != GL_ALPHA || got[1] != GL_GREEN || got[2] != GL_ZERO || got[3] != GL_RED)
    fail("GL_TEXTURE_SWIZZLE_RGBA of the LUMINANCE_ALPHA texture: 0x%x 0x%x 0x%x 0x%x",
         (unsigned)got[0], (unsigned)got[1], (unsigned)got[2], (unsigned)got[3]);
  /* the same L texture back to the identity swizzle: (L, L, L, 1) again */
  glBindTexture(GL_TEXTURE_2D, tl);
  const GLint ident[4] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};
  glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, ident);
  lum_alpha_draw(p, tl, 4, 36, 28, 60);
  model_rect(&m, 4, 36, 28, 60, (rgba8){{0x40, 0x40, 0x40, 255}});
  check_gl_error("swizzled draws");
  check_frame("es3_lum_swizzle", &m);
  GLuint t2[2] = {tl, tla};
  glDeleteTextures(2, t2);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
}

/* es3: an OpenGL ES 3.0 context. Its version strings and GL_MAJOR/MINOR_VERSION 3.0;
 * GL_CONTEXT_PROFILE_MASK is a desktop query; a desktop GLSL shader is refused naming the ES
 * versions; GLSL ES 1.00 and 3.00 shaders do not link together; GLSL ES 3.00 draws with vertex
 * array object zero and with one of its own. */
static void sc_es3(void)
{
  int version = es_version(30);
  GLint major = -1, minor = -1, mask = -1;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  check_gl_error("GL_MAJOR/MINOR_VERSION");
  if (major * 10 + minor != version)
    fail("GL_MAJOR/MINOR_VERSION say %d.%d, GL_VERSION %d.%d", major, minor, version / 10,
         version % 10);
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
  expect_get_error(GL_INVALID_ENUM, "glGetIntegerv(GL_CONTEXT_PROFILE_MASK) on OpenGL ES");

  /* the same extension names through glGetString and glGetStringi */
  GLint n_ext = -1;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n_ext);
  const char *all_ext = (const char *)glGetString(GL_EXTENSIONS);
  for (GLint k = 0; k < n_ext; k++) {
    const char *e = (const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)k);
    if (!e || strncmp(e, "GL_", 3) || !all_ext || !strstr(all_ext, e))
      fail("extension %d (%s) is not listed in GL_EXTENSIONS", k, e ? e : "?");
  }
  if (n_ext < 1 || !strstr(all_ext ? all_ext : "", "GL_EXT_texture_compression_rgtc"))
    fail("ES 3.0: GL_NUM_EXTENSIONS %d, GL_EXTENSIONS \"%s\"", n_ext, all_ext ? all_ext : "");
  check_gl_error("extension queries");

  expect_compile_refused(GL_VERTEX_SHADER, "#version 330 core\nvoid main() {}\n",
                         "1.00 ES, ");
  expect_compile_refused(GL_VERTEX_SHADER, "#version 300\nvoid main() {}\n", "3.00 ES");

  const char *vs = "#version 300 es\n"
                   "layout(location = 0) in vec2 a_pos;\n"
                   "layout(location = 1) in vec4 a_color;\n"
                   "flat out lowp vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "#version 300 es\n"
                   "precision mediump float;\n"
                   "flat in lowp vec4 v_color;\n"
                   "uniform vec4 u_add;\n"
                   "layout(location = 0) out vec4 o_color;\n"
                   "void main() { o_color = v_color + u_add; }\n";
  const char *fs100 = "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n";
  {
    GLuint a = compile(GL_VERTEX_SHADER, vs), b = compile(GL_FRAGMENT_SHADER, fs100);
    GLuint bad = gl.CreateProgram();
    gl.AttachShader(bad, a);
    gl.AttachShader(bad, b);
    gl.LinkProgram(bad);
    GLint ok = 1;
    gl.GetProgramiv(bad, GL_LINK_STATUS, &ok);
    if (ok)
      fail("GLSL ES 3.00 and 1.00 shaders linked into one program");
    gl.DeleteProgram(bad);
    gl.DeleteShader(a);
    gl.DeleteShader(b);
  }

  GLuint p = link_program(vs, fs);
  gl.UseProgram(p);
  set_vec4(p, "u_add", V4(0.0f, 0.2f, 0.0f, 0.0f));
  const vec4f bg = V4(0.2f, 0.0f, 0.0f, 1.0f);
  const vec4f c0 = V4(0.4f, 0.4f, 0.8f, 1.0f), c1 = V4(0.6f, 0.0f, 0.2f, 1.0f);
  clear_to(bg);
  rect_colour_vbo(4, 4, 30, 40, c0); /* vertex array object zero */
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw with vertex array object zero");
  GLuint vao;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  rect_colour_vbo(34, 20, 60, 60, c1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw with a vertex array object");

  model m;
  model_init(&m, bg);
  model_rect(&m, 4, 4, 30, 40, to8(V4(0.4f, 0.6f, 0.8f, 1.0f)));
  model_rect(&m, 34, 20, 60, 60, to8(V4(0.6f, 0.2f, 0.2f, 1.0f)));
  check_frame("es3", &m);
}

/* fence_sync: GL 3.3 sync objects: status transitions, glClientWaitSync's return values
 * (a zero timeout, GL_SYNC_FLUSH_COMMANDS_BIT, a signalled fence), glGetSynciv's answers, and
 * the spec's errors (§4.1, §6.1.8); a rectangle drawn before the fence is on the frame. */
static void expect_error(GLenum want, const char *where)
{
  GLenum e = glGetError();
  if (e != want)
    fail("glGetError() = 0x%04x after %s (expected 0x%04x)", (unsigned)e, where, (unsigned)want);
  while (glGetError() != GL_NO_ERROR) {
  }
}

static GLint sync_param(GLsync s, GLenum pname)
{
  GLint v = -1;
  GLsizei len = -1;
  gl.GetSynciv(s, pname, 1, &len, &v);
  if (len != 1)
    fail("glGetSynciv(0x%04x) length %d", (unsigned)pname, (int)len);
  return v;
}

static void sc_fence_sync(void)
{
  const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f), rc = V4(1.0f, 0.6f, 0.0f, 1.0f);
  clear_to(bg);
  float v[12];
  rect_vertices(v, 8, 8, 40, 24);
  GLuint vao, vbo;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), (void *)0);
  gl.EnableVertexAttribArray(0);
  GLuint p = solid_program();
  set_vec4(p, "u_color", rc);
  glDrawArrays(GL_TRIANGLES, 0, 6);

  GLsync s = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  check_gl_error("glFenceSync");
  if (!s || !gl.IsSync(s))
    fail("glFenceSync returned %p, glIsSync false", (void *)s);
  if (sync_param(s, GL_OBJECT_TYPE) != GL_SYNC_FENCE ||
      sync_param(s, GL_SYNC_CONDITION) != GL_SYNC_GPU_COMMANDS_COMPLETE ||
      sync_param(s, GL_SYNC_FLAGS) != 0)
    fail("glGetSynciv: type, condition or flags wrong");
  GLint st = sync_param(s, GL_SYNC_STATUS);
  if (st != GL_SIGNALED && st != GL_UNSIGNALED)
    fail("GL_SYNC_STATUS 0x%x", (unsigned)st);
  GLenum r = gl.ClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 5000000000ull);
  if (r != GL_CONDITION_SATISFIED && r != GL_ALREADY_SIGNALED)
    fail("glClientWaitSync(flush, 5 s) = 0x%04x", (unsigned)r);
  r = gl.ClientWaitSync(s, 0, 0);
  if (r != GL_ALREADY_SIGNALED)
    fail("glClientWaitSync(signalled, 0) = 0x%04x, expected GL_ALREADY_SIGNALED", (unsigned)r);
  if (sync_param(s, GL_SYNC_STATUS) != GL_SIGNALED)
    fail("GL_SYNC_STATUS after the wait is not GL_SIGNALED");
  check_gl_error("waits and queries");

  /* After glFlush alone, polling must see the fence signal (no wait, no finish). */
  GLsync s3 = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  glFlush();
  int polls = 0;
  while (sync_param(s3, GL_SYNC_STATUS) != GL_SIGNALED && polls < 5000000)
    polls++;
  if (polls == 5000000)
    fail("GL_SYNC_STATUS never became GL_SIGNALED after glFlush (%d polls)", polls);
  gl.DeleteSync(s3);

  GLsync s2 = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  glFinish();
  if (sync_param(s2, GL_SYNC_STATUS) != GL_SIGNALED)
    fail("GL_SYNC_STATUS after glFinish is not GL_SIGNALED");
  if (gl.ClientWaitSync(s2, 0, 0) != GL_ALREADY_SIGNALED)
    fail("glClientWaitSync after glFinish is not GL_ALREADY_SIGNALED");
  gl.WaitSync(s2, 0, GL_TIMEOUT_IGNORED);
  check_gl_error("glWaitSync(GL_TIMEOUT_IGNORED)");

  /* Errors. */
  if (gl.FenceSync(0x1234, 0) != NULL)
    fail("glFenceSync(bad condition) returned a sync");
  expect_error(GL_INVALID_ENUM, "glFenceSync(bad condition)");
  if (gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1) != NULL)
    fail("glFenceSync(flags 1) returned a sync");
  expect_error(GL_INVALID_VALUE, "glFenceSync(flags 1)");
  if (gl.ClientWaitSync(s2, 0x2, 0) != GL_WAIT_FAILED)
    fail("glClientWaitSync(bad flags) did not return GL_WAIT_FAILED");
  expect_error(GL_INVALID_VALUE, "glClientWaitSync(bad flags)");
  gl.WaitSync(s2, 0, 0);
  expect_error(GL_INVALID_VALUE, "glWaitSync(timeout 0)");
  gl.WaitSync(s2, 1, GL_TIMEOUT_IGNORED);
  expect_error(GL_INVALID_VALUE, "glWaitSync(flags 1)");
  GLint dummy;
  gl.GetSynciv(s2, GL_TEXTURE_2D, 1, NULL, &dummy);
  expect_error(GL_INVALID_ENUM, "glGetSynciv(bad pname)");
  gl.GetSynciv(s2, GL_SYNC_STATUS, -1, NULL, &dummy);
  expect_error(GL_INVALID_VALUE, "glGetSynciv(bufSize -1)");
  gl.DeleteSync(NULL);
  check_gl_error("glDeleteSync(0)");
  gl.DeleteSync(s);
  check_gl_error("glDeleteSync");
  if (gl.IsSync(s))
    fail("glIsSync true after glDeleteSync");
  gl.DeleteSync(s);
  expect_error(GL_INVALID_VALUE, "glDeleteSync(deleted)");
  if (gl.ClientWaitSync(s, 0, 0) != GL_WAIT_FAILED)
    fail("glClientWaitSync(deleted) did not return GL_WAIT_FAILED");
  expect_error(GL_INVALID_VALUE, "glClientWaitSync(deleted)");
  gl.GetSynciv(s, GL_SYNC_STATUS, 1, NULL, &dummy);
  expect_error(GL_INVALID_VALUE, "glGetSynciv(deleted)");
  gl.DeleteSync(s2);

  model m;
  model_init(&m, bg);
  model_rect(&m, 8, 8, 40, 24, to8(rc));
  check_frame("rectangle drawn before the fences", &m);
  gl.DeleteBuffers(1, &vbo);
}

/* occlusion_query: GL 3.3 occlusion queries (§2.14, §6.1.7): exact sample counts (a 32x16
 * quad -> 512, the same quad behind the depth buffer -> 0), GL_ANY_SAMPLES_PASSED true and
 * false, a query spanning a glBufferSubData between two draws (the backend splits its
 * rendering scope there) summing both draws, and the spec's errors. */
static GLuint query_result(GLuint q)
{
  GLuint64 v = ~0ull;
  gl.GetQueryObjectui64v(q, GL_QUERY_RESULT, &v);
  check_gl_error("glGetQueryObjectui64v(GL_QUERY_RESULT)");
  return (GLuint)v;
}

static void sc_occlusion_query(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), rc = V4(0.2f, 0.8f, 0.4f, 1.0f);
  float v[12];
  rect_vertices(v, 8, 8, 40, 24); /* 32 x 16 = 512 pixels */
  GLuint p = solid_program();
  set_vec4(p, "u_color", rc);
  mesh m = make_mesh(v, 6);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glClearDepth(1.0);
  clear_to(bg);

  GLuint q[6];
  gl.GenQueries(6, q);
  check_gl_error("glGenQueries");
  if (gl.IsQuery(q[0]))
    fail("glIsQuery true for a name never begun");
  GLuint u = 7;
  gl.GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &u);
  expect_error(GL_INVALID_OPERATION, "glGetQueryObjectuiv(name never begun)");
  gl.BeginQuery(GL_SAMPLES_PASSED, 0);
  expect_error(GL_INVALID_OPERATION, "glBeginQuery(id 0)");
  gl.BeginQuery(0x1234, q[0]);
  expect_error(GL_INVALID_ENUM, "glBeginQuery(bad target)");
  gl.BeginQuery(GL_SAMPLES_PASSED, q[5] + 1000);
  expect_error(GL_INVALID_OPERATION, "glBeginQuery(name not generated)");
  gl.EndQuery(GL_SAMPLES_PASSED);
  expect_error(GL_INVALID_OPERATION, "glEndQuery without glBeginQuery");

  /* Visible: every pixel of the quad passes. */
  gl.BeginQuery(GL_SAMPLES_PASSED, q[0]);
  check_gl_error("glBeginQuery");
  if (!gl.IsQuery(q[0]))
    fail("glIsQuery false after glBeginQuery");
  GLint cur = -1;
  gl.GetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
  if ((GLuint)cur != q[0])
    fail("GL_CURRENT_QUERY %d while query %u is active", cur, q[0]);
  gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
  expect_error(GL_INVALID_OPERATION, "glBeginQuery while the target is active");
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &u);
  expect_error(GL_INVALID_OPERATION, "glGetQueryObjectuiv(active query)");
  gl.EndQuery(GL_SAMPLES_PASSED);
  check_gl_error("glEndQuery");
  gl.GetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
  if (cur != 0)
    fail("GL_CURRENT_QUERY %d after glEndQuery", cur);
  if (query_result(q[0]) != 512)
    fail("GL_SAMPLES_PASSED of a visible 32x16 quad = %u, expected 512", query_result(q[0]));

  /* Hidden: the same quad farther than the depth it wrote. */
  gl.Uniform1f(uloc(p, "u_z"), 0.5f);
  gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.EndQuery(GL_SAMPLES_PASSED);
  if (query_result(q[1]) != 0)
    fail("GL_SAMPLES_PASSED of a hidden quad = %u, expected 0", query_result(q[1]));

  gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
  expect_error(GL_INVALID_OPERATION, "glBeginQuery(target other than the query's)");
  gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q[2]);
  glDrawArrays(GL_TRIANGLES, 0, 6); /* still hidden */
  gl.EndQuery(GL_ANY_SAMPLES_PASSED);
  gl.Uniform1f(uloc(p, "u_z"), -0.5f);
  gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q[3]);
  glDrawArrays(GL_TRIANGLES, 0, 6); /* nearer: passes */
  gl.EndQuery(GL_ANY_SAMPLES_PASSED);
  if (query_result(q[2]) != GL_FALSE || query_result(q[3]) != GL_TRUE)
    fail("GL_ANY_SAMPLES_PASSED hidden %u visible %u, expected 0 and 1", query_result(q[2]),
         query_result(q[3]));

  /* A query restarted before its first result was read answers its second run only. */
  gl.Uniform1f(uloc(p, "u_z"), -0.9f);
  gl.BeginQuery(GL_SAMPLES_PASSED, q[5]);
  glDrawArrays(GL_TRIANGLES, 0, 6); /* nearer than all so far: 512 */
  gl.EndQuery(GL_SAMPLES_PASSED);
  gl.Uniform1f(uloc(p, "u_z"), 0.5f);
  gl.BeginQuery(GL_SAMPLES_PASSED, q[5]);
  glDrawArrays(GL_TRIANGLES, 0, 6); /* hidden: 0 */
  gl.EndQuery(GL_SAMPLES_PASSED);
  if (query_result(q[5]) != 0)
    fail("restarted query = %u, expected its second run's 0", query_result(q[5]));

  /* A query across a buffer update: 512 from the first draw, then the VBO's first triangle
   * pair moved to a 16x8 rect at [44,60)x[40,48) that nothing covered: +128. */
  clear_to(bg);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  gl.BeginQuery(GL_SAMPLES_PASSED, q[4]);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  float v2[12];
  rect_vertices(v2, 44, 40, 60, 48);
  gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof v2, v2);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.EndQuery(GL_SAMPLES_PASSED);
  check_gl_error("query across glBufferSubData");
  glFinish();
  GLuint avail = 0;
  gl.GetQueryObjectuiv(q[4], GL_QUERY_RESULT_AVAILABLE, &avail);
  if (avail != GL_TRUE)
    fail("GL_QUERY_RESULT_AVAILABLE after glFinish = %u", avail);
  if (query_result(q[4]) != 512 + 128)
    fail("query across glBufferSubData = %u, expected 640", query_result(q[4]));
  gl.GetQueryObjectuiv(q[4], GL_TEXTURE_2D, &u);
  expect_error(GL_INVALID_ENUM, "glGetQueryObjectuiv(bad pname)");

  gl.DeleteQueries(6, q);
  check_gl_error("glDeleteQueries");
  if (gl.IsQuery(q[0]))
    fail("glIsQuery true after glDeleteQueries");
  glDisable(GL_DEPTH_TEST);

  model md;
  model_init(&md, bg);
  model_rect(&md, 8, 8, 40, 24, to8(rc));
  model_rect(&md, 44, 40, 60, 48, to8(rc));
  check_frame("quads drawn under the queries", &md);
  gl.DeleteBuffers(1, &m.vbo);
}

/* timer_query: GL 3.3 timer queries (§2.14, ARB_timer_query). GL_QUERY_COUNTER_BITS comes
 * from the device (nonzero here), glGetInteger64v(GL_TIMESTAMP) and glQueryCounter timestamps
 * are nonzero and ordered as issued, a GL_TIME_ELAPSED query around draws between two
 * counters is nonzero and no longer than the counters' difference, and the spec's errors.
 * Durations are not compared with each other: on a shared CPU device they are noise. */
static GLuint64 timer_result(GLuint q, const char *what)
{
  GLuint64 v = 0;
  gl.GetQueryObjectui64v(q, GL_QUERY_RESULT, &v);
  check_gl_error(what);
  if (v == 0)
    fail("%s: result 0", what);
  return v;
}

static void sc_timer_query(void)
{
  const vec4f bg = V4(0.0f, 0.2f, 0.4f, 1.0f), rc = V4(1.0f, 0.6f, 0.2f, 1.0f);
  GLint bits[2] = {-1, -1};
  gl.GetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &bits[0]);
  gl.GetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits[1]);
  check_gl_error("glGetQueryiv(GL_QUERY_COUNTER_BITS)");
  if (bits[0] <= 0 || bits[0] > 64 || bits[1] != bits[0])
    fail("GL_QUERY_COUNTER_BITS: GL_TIME_ELAPSED %d, GL_TIMESTAMP %d", bits[0], bits[1]);
  /* GL 3.3 §6.1.7: GL_TIMESTAMP is a GetQueryiv target; CURRENT_QUERY is the name of its
   * active query or zero, and a timestamp is never active */
  GLint cur = -1;
  gl.GetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY, &cur);
  check_gl_error("glGetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY)");
  if (cur != 0)
    fail("glGetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY) = %d, expected 0", cur);

  GLuint q[5];
  gl.GenQueries(5, q);
  gl.BeginQuery(GL_TIMESTAMP, q[0]);
  expect_error(GL_INVALID_ENUM, "glBeginQuery(GL_TIMESTAMP)");
  gl.QueryCounter(q[0], GL_TIME_ELAPSED);
  expect_error(GL_INVALID_ENUM, "glQueryCounter(GL_TIME_ELAPSED)");
  gl.QueryCounter(0, GL_TIMESTAMP);
  expect_error(GL_INVALID_OPERATION, "glQueryCounter(id 0)");
  gl.QueryCounter(q[4] + 1000, GL_TIMESTAMP);
  expect_error(GL_INVALID_OPERATION, "glQueryCounter(name not generated)");
  gl.EndQuery(GL_TIME_ELAPSED);
  expect_error(GL_INVALID_OPERATION, "glEndQuery(GL_TIME_ELAPSED) without glBeginQuery");
  gl.EndQuery(GL_TIMESTAMP);
  expect_error(GL_INVALID_ENUM, "glEndQuery(GL_TIMESTAMP)");

  GLuint p = solid_program();
  set_vec4(p, "u_color", rc);
  float v[12];
  rect_vertices(v, 8, 8, 56, 40);
  mesh m = make_mesh(v, 6);
  clear_to(bg);
  glFinish();

  GLint64 now0 = 0;
  gl.GetInteger64v(GL_TIMESTAMP, &now0);
  check_gl_error("glGetInteger64v(GL_TIMESTAMP)");
  gl.QueryCounter(q[0], GL_TIMESTAMP);
  check_gl_error("glQueryCounter");
  gl.BeginQuery(GL_TIME_ELAPSED, q[1]);
  check_gl_error("glBeginQuery(GL_TIME_ELAPSED)");
  gl.GetQueryiv(GL_TIME_ELAPSED, GL_CURRENT_QUERY, &cur);
  if ((GLuint)cur != q[1])
    fail("GL_CURRENT_QUERY of GL_TIME_ELAPSED %d, expected %u", cur, q[1]);
  gl.BeginQuery(GL_TIME_ELAPSED, q[2]);
  expect_error(GL_INVALID_OPERATION, "glBeginQuery(GL_TIME_ELAPSED) while one is active");
  gl.QueryCounter(q[1], GL_TIMESTAMP);
  expect_error(GL_INVALID_OPERATION, "glQueryCounter(an active query)");
  for (int i = 0; i < 16; i++)
    glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.EndQuery(GL_TIME_ELAPSED);
  check_gl_error("glEndQuery(GL_TIME_ELAPSED)");
  gl.QueryCounter(q[2], GL_TIMESTAMP);
  gl.BeginQuery(GL_TIME_ELAPSED, q[0]);
  expect_error(GL_INVALID_OPERATION, "glBeginQuery(GL_TIME_ELAPSED) of a GL_TIMESTAMP query");
  gl.QueryCounter(q[1], GL_TIMESTAMP);
  expect_error(GL_INVALID_OPERATION, "glQueryCounter(a GL_TIME_ELAPSED query)");
  glFinish();
  GLint64 now1 = 0;
  gl.GetInteger64v(GL_TIMESTAMP, &now1);
  GLint now1_32 = 0;
  glGetIntegerv(GL_TIMESTAMP, &now1_32); /* legal, truncated: only the call is checked */
  check_gl_error("glGetIntegerv(GL_TIMESTAMP)");

  GLuint avail = 0;
  gl.GetQueryObjectuiv(q[2], GL_QUERY_RESULT_AVAILABLE, &avail);
  if (avail != GL_TRUE)
    fail("GL_QUERY_RESULT_AVAILABLE of a counter after glFinish = %u", avail);
  GLuint64 t0 = timer_result(q[0], "counter before"), el = timer_result(q[1], "time elapsed"),
           t1 = timer_result(q[2], "counter after");
  GLint64 el_signed = -1;
  gl.GetQueryObjecti64v(q[1], GL_QUERY_RESULT, &el_signed);
  if (now0 <= 0 || !((GLuint64)now0 <= t0 && t0 <= t1 && t1 <= (GLuint64)now1))
    fail("timestamps out of order: GL_TIMESTAMP %lld, counters %llu %llu, GL_TIMESTAMP %lld",
         (long long)now0, (unsigned long long)t0, (unsigned long long)t1, (long long)now1);
  if (el > t1 - t0 || (GLuint64)el_signed != el)
    fail("GL_TIME_ELAPSED %llu ns (i64 %lld) is not within the counters' %llu ns",
         (unsigned long long)el, (long long)el_signed, (unsigned long long)(t1 - t0));

  /* A counter rewritten before its first result was read answers the second write. */
  gl.QueryCounter(q[3], GL_TIMESTAMP);
  gl.QueryCounter(q[3], GL_TIMESTAMP);
  gl.QueryCounter(q[4], GL_TIMESTAMP);
  GLuint64 t3 = timer_result(q[3], "rewritten counter"), t4 = timer_result(q[4], "last counter");
  if (t3 < t1 || t4 < t3)
    fail("rewritten counter %llu not between %llu and %llu", (unsigned long long)t3,
         (unsigned long long)t1, (unsigned long long)t4);

  gl.DeleteQueries(5, q);
  check_gl_error("glDeleteQueries");
  model md;
  model_init(&md, bg);
  model_rect(&md, 8, 8, 56, 40, to8(rc));
  check_frame("quads drawn under the timer queries", &md);
  gl.DeleteBuffers(1, &m.vbo);
}

/* cond_render: GL 3.3 conditional rendering (§2.18) in all four modes. A grey occluder fills
 * the lower half; query "hidden" counted a quad behind it (0 samples), query "visible" the
 * occluder itself. Per mode, under "hidden": a quad, a glBufferSubData of the quad's own VBO
 * (which ends the backend's rendering scope), a second quad and a scissored glClear, all
 * discarded, and a glBlitFramebuffer, discarded too (GL 3.3 names only draws and clears; GL 4.4
 * §10.10 added glBlitFramebuffer, Khronos bug 9562, and Mesa discards it). Under "visible": two
 * quads across the same break and a blit, drawn. QUERY_WAIT runs right after the queries
 * ended (the result is still on its way); the NO_WAIT modes run after glFinish, when the
 * result is known and must be used. Then the spec's errors. */
static void cond_rect(mesh *m, float x0, float y0, float x1, float y1)
{
  float v[12];
  rect_vertices(v, x0, y0, x1, y1);
  gl.BindBuffer(GL_ARRAY_BUFFER, m->vbo);
  gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof v, v);
  gl.BindVertexArray(m->vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
}

static void sc_cond_render(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), grey = V4(0.4f, 0.4f, 0.4f, 1.0f),
              blit_c = V4(1.0f, 0.0f, 1.0f, 1.0f), clear_c = V4(1.0f, 1.0f, 1.0f, 1.0f);
  const vec4f cols[4] = {V4(1.0f, 0.0f, 0.0f, 1.0f), V4(0.0f, 1.0f, 0.0f, 1.0f),
                         V4(0.0f, 0.0f, 1.0f, 1.0f), V4(1.0f, 1.0f, 0.0f, 1.0f)};
  const GLenum modes[4] = {GL_QUERY_WAIT, GL_QUERY_NO_WAIT, GL_QUERY_BY_REGION_WAIT,
                           GL_QUERY_BY_REGION_NO_WAIT};

  /* The blit source: an 8x8 renderbuffer cleared to magenta. */
  GLuint rb, fbo;
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  glClearColor(blit_c.v[0], blit_c.v[1], blit_c.v[2], blit_c.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  check_gl_error("blit source");

  GLuint p = solid_program();
  float v[12];
  rect_vertices(v, 0, 0, 64, 32);
  mesh m = make_mesh(v, 6);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glClearDepth(1.0);
  clear_to(bg);
  GLuint q[6]; /* hidden, visible, any-hidden, active, timer, never begun */
  gl.GenQueries(6, q);
  set_vec4(p, "u_color", grey);
  gl.Uniform1f(uloc(p, "u_z"), -0.5f);
  gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
  glDrawArrays(GL_TRIANGLES, 0, 6); /* the occluder: all 2048 pass */
  gl.EndQuery(GL_SAMPLES_PASSED);
  gl.Uniform1f(uloc(p, "u_z"), 0.5f);
  gl.BeginQuery(GL_SAMPLES_PASSED, q[0]);
  cond_rect(&m, 8, 8, 40, 24); /* behind it: 0 */
  gl.EndQuery(GL_SAMPLES_PASSED);
  gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q[2]);
  cond_rect(&m, 16, 4, 24, 28); /* behind it: GL_FALSE */
  gl.EndQuery(GL_ANY_SAMPLES_PASSED);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  check_gl_error("queries");

  for (int i = 0; i < 4; i++) {
    if (i == 1)
      glFinish(); /* from here the results are known: NO_WAIT must use them */
    const float x = 2.0f + 12.0f * (float)i;
    set_vec4(p, "u_color", cols[i]);
    gl.BeginConditionalRender(i == 3 ? q[2] : q[0], modes[i]);
    check_gl_error("glBeginConditionalRender(hidden)");
    cond_rect(&m, x, 34, x + 8, 40);
    cond_rect(&m, x, 42, x + 8, 48); /* after the VBO update */
    glEnable(GL_SCISSOR_TEST);
    glScissor((GLint)x, 62, 8, 2);
    glClearColor(clear_c.v[0], clear_c.v[1], clear_c.v[2], clear_c.v[3]);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    gl.BlitFramebuffer(0, 0, 8, 8, 48 + 4 * i, 40, 52 + 4 * i, 48, GL_COLOR_BUFFER_BIT,
                       GL_NEAREST);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    gl.EndConditionalRender();
    gl.BeginConditionalRender(q[1], modes[i]);
    cond_rect(&m, x, 50, x + 8, 55);
    cond_rect(&m, x, 56, x + 8, 61);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    gl.BlitFramebuffer(0, 0, 8, 8, 48 + 4 * i, 32, 52 + 4 * i, 40, GL_COLOR_BUFFER_BIT,
                       GL_NEAREST);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    gl.EndConditionalRender();
    check_gl_error("conditional rendering");
  }

  /* Queries over a rendering-scope break (a blit between their draws), so their counts are
   * spread over several slots, and GL_QUERY_WAIT right after they end: "split hidden" has
   * both parts behind the occluder; "split visible" only its second part in front. */
  const vec4f split_vis = V4(0.0f, 1.0f, 1.0f, 1.0f), split_in = V4(1.0f, 0.6f, 0.0f, 1.0f);
  GLuint qs[2];
  gl.GenQueries(2, qs);
  for (int k = 0; k < 2; k++) {
    set_vec4(p, "u_color", split_in);
    gl.Uniform1f(uloc(p, "u_z"), 0.5f);
    gl.BeginQuery(GL_SAMPLES_PASSED, qs[k]);
    cond_rect(&m, 4, 4, 12, 12); /* behind: 0 */
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    gl.BlitFramebuffer(0, 0, 8, 8, 4 + 16 * k, 16, 12 + 16 * k, 24, GL_COLOR_BUFFER_BIT,
                       GL_NEAREST);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    if (k == 1)
      gl.Uniform1f(uloc(p, "u_z"), -0.9f); /* in front */
    cond_rect(&m, 36, 4, 44, 12);
    gl.EndQuery(GL_SAMPLES_PASSED);
  }
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  set_vec4(p, "u_color", cols[0]);
  gl.BeginConditionalRender(qs[0], GL_QUERY_WAIT);
  cond_rect(&m, 50, 50, 56, 56);
  gl.EndConditionalRender();
  set_vec4(p, "u_color", split_vis);
  gl.BeginConditionalRender(qs[1], GL_QUERY_WAIT);
  cond_rect(&m, 57, 50, 63, 56);
  gl.EndConditionalRender();
  gl.DeleteQueries(2, qs);
  check_gl_error("conditional rendering on queries over a rendering-scope break");

  /* Errors. */
  gl.BeginConditionalRender(q[5], GL_QUERY_WAIT);
  expect_error(GL_INVALID_VALUE, "glBeginConditionalRender(a query never begun)");
  gl.BeginConditionalRender(q[5] + 1000, GL_QUERY_WAIT);
  expect_error(GL_INVALID_VALUE, "glBeginConditionalRender(not a query)");
  gl.BeginConditionalRender(q[0], GL_SAMPLES_PASSED);
  expect_error(GL_INVALID_ENUM, "glBeginConditionalRender(bad mode)");
  gl.EndConditionalRender();
  expect_error(GL_INVALID_OPERATION, "glEndConditionalRender without a begin");
  gl.BeginConditionalRender(q[0], GL_QUERY_NO_WAIT);
  gl.BeginConditionalRender(q[1], GL_QUERY_NO_WAIT);
  expect_error(GL_INVALID_OPERATION, "glBeginConditionalRender inside another");
  gl.EndConditionalRender();
  check_gl_error("glEndConditionalRender");
  gl.BeginQuery(GL_SAMPLES_PASSED, q[3]);
  gl.BeginConditionalRender(q[3], GL_QUERY_WAIT);
  expect_error(GL_INVALID_OPERATION, "glBeginConditionalRender(an active query)");
  gl.EndQuery(GL_SAMPLES_PASSED);
  gl.QueryCounter(q[4], GL_TIMESTAMP);
  gl.BeginConditionalRender(q[4], GL_QUERY_WAIT);
  expect_error(GL_INVALID_OPERATION, "glBeginConditionalRender(a GL_TIMESTAMP query)");

  gl.DeleteQueries(6, q);
  glDisable(GL_DEPTH_TEST);
  model md;
  model_init(&md, bg);
  model_rect(&md, 0, 0, 64, 32, to8(grey));
  for (int i = 0; i < 4; i++) {
    const int x = 2 + 12 * i;
    model_rect(&md, x, 50, x + 8, 55, to8(cols[i]));
    model_rect(&md, x, 56, x + 8, 61, to8(cols[i]));
  }
  model_rect(&md, 48, 32, 64, 40, to8(blit_c)); /* the blits under "visible" */
  model_rect(&md, 4, 16, 12, 24, to8(blit_c));
  model_rect(&md, 20, 16, 28, 24, to8(blit_c));
  model_rect(&md, 36, 4, 44, 12, to8(split_in));
  model_rect(&md, 57, 50, 63, 56, to8(split_vis));
  check_frame("conditional rendering", &md);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
}

/* ---- geometry shaders ------------------------------------------------------------------------ */

/* Links VS + GS + FS; dies (setup error) on a compile or link failure. */
static GLuint link_program_gs(const char *vs_src, const char *gs_src, const char *fs_src)
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

static void expect_program_iv(GLuint p, GLenum pname, GLint want, const char *what)
{
  GLint got = -1;
  gl.GetProgramiv(p, pname, &got);
  check_gl_error(what);
  if (got != want)
    fail("glGetProgramiv(%s) = 0x%x, expected 0x%x", what, (unsigned)got, (unsigned)want);
}

/* Vertex shader for the geometry scenarios: a_pos in window pixels to clip space, and a size
 * through an interface block (its GS side is an unsized array of blocks). */
static const char *VS_GS = "#version 150 core\n"
                           "in vec2 a_pos;\n"
                           "uniform float u_half;\n"
                           "out VertexData { float half_size; } vs_out;\n"
                           "void main() {\n"
                           "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                           "  vs_out.half_size = u_half / 32.0;\n"
                           "}\n";

static const char *FS_GS = "#version 150 core\n"
                           "in vec4 g_color;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = g_color; }\n";

static const vec4f GS_COLOURS[3] = {{{1.0f, 0.2f, 0.0f, 1.0f}}, {{0.0f, 0.8f, 0.4f, 1.0f}},
                                    {{0.2f, 0.4f, 1.0f, 1.0f}}};

/* gs_points_to_quads: three GL_POINTS, each expanded by the GS into a square of u_half pixels
 * each way (a 4-vertex strip); the colour is picked by gl_PrimitiveIDIn. The GS sets GL clip z
 * -0.5: remapped to Vulkan's [0, 1] that is window depth 0.25, unremapped it would be clipped
 * away. A second pass of larger squares at GL z 0 (window 0.5) with depth func LESS must then
 * show only around the first ones. */
static void sc_gs_points_to_quads(void)
{
  static const char *gs = "#version 150 core\n"
                          "layout(points) in;\n"
                          "layout(triangle_strip, max_vertices = 4) out;\n"
                          "in VertexData { float half_size; } gs_in[];\n"
                          "uniform vec4 u_colors[3];\n"
                          "uniform float u_z;\n"
                          "out vec4 g_color;\n"
                          "void main() {\n"
                          "  vec4 c = gl_in[0].gl_Position;\n"
                          "  float h = gs_in[0].half_size;\n"
                          "  for (int i = 0; i < 4; i++) {\n"
                          "    vec2 d = vec2((i & 1) != 0 ? h : -h, (i & 2) != 0 ? h : -h);\n"
                          "    gl_Position = vec4(c.xy + d, u_z, 1.0);\n"
                          "    g_color = u_colors[gl_PrimitiveIDIn];\n"
                          "    EmitVertex();\n"
                          "  }\n"
                          "  EndPrimitive();\n"
                          "}\n";
  GLuint p = link_program_gs(VS_GS, gs, FS_GS);
  expect_program_iv(p, GL_GEOMETRY_INPUT_TYPE, GL_POINTS, "GL_GEOMETRY_INPUT_TYPE");
  expect_program_iv(p, GL_GEOMETRY_OUTPUT_TYPE, GL_TRIANGLE_STRIP, "GL_GEOMETRY_OUTPUT_TYPE");
  expect_program_iv(p, GL_GEOMETRY_VERTICES_OUT, 4, "GL_GEOMETRY_VERTICES_OUT");
  gl.UseProgram(p);
  gl.Uniform4fv(uloc(p, "u_colors"), 3, GS_COLOURS[0].v);
  gl.Uniform1f(uloc(p, "u_half"), 6.0f);
  gl.Uniform1f(uloc(p, "u_z"), -0.5f);
  const float pts[6] = {12.0f, 12.0f, 40.0f, 20.0f, 24.0f, 48.0f};
  mesh me = make_mesh(pts, 3);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDrawArrays(GL_POINTS, 0, 3);
  check_gl_error("GS draw (points)");
  model m;
  model_init(&m, bg);
  for (int i = 0; i < 3; i++)
    model_rect(&m, (int)pts[2 * i] - 6, (int)pts[2 * i + 1] - 6, (int)pts[2 * i] + 6,
               (int)pts[2 * i + 1] + 6, to8(GS_COLOURS[i]));
  check_frame("points expanded into squares", &m);

  /* Larger squares behind (window z 0.5 > 0.25 written above, < 1.0 cleared). */
  const vec4f back[3] = {V4(0.6f, 0.6f, 0.6f, 1.0f), V4(0.6f, 0.6f, 0.6f, 1.0f),
                         V4(0.6f, 0.6f, 0.6f, 1.0f)};
  gl.Uniform4fv(uloc(p, "u_colors"), 3, back[0].v);
  gl.Uniform1f(uloc(p, "u_half"), 8.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  glDrawArrays(GL_POINTS, 0, 3);
  check_gl_error("GS draw (points, behind)");
  model m2;
  model_init(&m2, bg);
  for (int i = 0; i < 3; i++)
    model_rect(&m2, (int)pts[2 * i] - 8, (int)pts[2 * i + 1] - 8, (int)pts[2 * i] + 8,
               (int)pts[2 * i + 1] + 8, to8(back[i]));
  for (int i = 0; i < 3; i++)
    model_rect(&m2, (int)pts[2 * i] - 6, (int)pts[2 * i + 1] - 6, (int)pts[2 * i] + 6,
               (int)pts[2 * i + 1] + 6, to8(GS_COLOURS[i]));
  check_frame("squares behind the first ones (GS depth remap)", &m2);
  glDisable(GL_DEPTH_TEST);
  gl.DeleteProgram(p);
  (void)me;
}

/* gs_two_prims: two GL_TRIANGLES (one rectangle); the GS emits each triangle twice, as two
 * primitives (EndPrimitive between): in place in colour 0 and shifted right by 30 pixels in
 * colour 1, so one draw gives two rectangles. */
static void sc_gs_two_prims(void)
{
  static const char *gs = "#version 150 core\n"
                          "layout(triangles) in;\n"
                          "layout(triangle_strip, max_vertices = 6) out;\n"
                          "in VertexData { float half_size; } gs_in[3];\n"
                          "uniform vec4 u_colors[3];\n"
                          "out vec4 g_color;\n"
                          "void main() {\n"
                          "  for (int copy = 0; copy < 2; copy++) {\n"
                          "    for (int i = 0; i < 3; i++) {\n"
                          "      gl_Position = gl_in[i].gl_Position + vec4(copy * 30.0 / 32.0,\n"
                          "                                                0.0, 0.0, 0.0);\n"
                          "      g_color = u_colors[copy];\n"
                          "      EmitVertex();\n"
                          "    }\n"
                          "    EndPrimitive();\n"
                          "  }\n"
                          "}\n";
  GLuint p = link_program_gs(VS_GS, gs, FS_GS);
  expect_program_iv(p, GL_GEOMETRY_INPUT_TYPE, GL_TRIANGLES, "GL_GEOMETRY_INPUT_TYPE");
  expect_program_iv(p, GL_GEOMETRY_VERTICES_OUT, 6, "GL_GEOMETRY_VERTICES_OUT");
  gl.UseProgram(p);
  gl.Uniform4fv(uloc(p, "u_colors"), 3, GS_COLOURS[0].v);
  float v[12];
  rect_vertices(v, 4, 10, 28, 50);
  mesh me = make_mesh(v, 6);
  const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("GS draw (triangles)");
  model m;
  model_init(&m, bg);
  model_rect(&m, 4, 10, 28, 50, to8(GS_COLOURS[0]));
  model_rect(&m, 34, 10, 58, 50, to8(GS_COLOURS[1]));
  check_frame("each triangle emitted twice", &m);

  /* A draw mode the GS does not take is GL_INVALID_OPERATION and draws nothing. */
  glDrawArrays(GL_POINTS, 0, 6);
  GLenum e = glGetError();
  if (e != GL_INVALID_OPERATION)
    fail("GL_POINTS draw with a triangles GS: glGetError() = 0x%04x, expected "
         "GL_INVALID_OPERATION", (unsigned)e);
  check_frame("after the refused draw", &m);
  gl.DeleteProgram(p);
  (void)me;
}

/* gs_adjacency: one GL_LINES_ADJACENCY primitive (4 vertices); the GS fills the box spanned by
 * the two adjacency vertices (gl_in[0] and gl_in[3]) in colour 2, so only a GS that sees the
 * adjacency vertices draws it. Then a GL_LINE_STRIP_ADJACENCY of 5 vertices: two primitives,
 * (v0 v1 v2 v3) and (v1 v2 v3 v4), each box drawn in the colour of its gl_PrimitiveIDIn. */
static void sc_gs_adjacency(void)
{
  static const char *gs = "#version 150 core\n"
                          "layout(lines_adjacency) in;\n"
                          "layout(triangle_strip, max_vertices = 4) out;\n"
                          "uniform vec4 u_colors[3];\n"
                          "uniform int u_base;\n"
                          "out vec4 g_color;\n"
                          "void main() {\n"
                          "  vec2 a = gl_in[0].gl_Position.xy, b = gl_in[3].gl_Position.xy;\n"
                          "  for (int i = 0; i < 4; i++) {\n"
                          "    gl_Position = vec4((i & 1) != 0 ? b.x : a.x,\n"
                          "                       (i & 2) != 0 ? b.y : a.y, 0.0, 1.0);\n"
                          "    g_color = u_colors[u_base + gl_PrimitiveIDIn];\n"
                          "    EmitVertex();\n"
                          "  }\n"
                          "}\n";
  GLuint p = link_program_gs(VS_GS, gs, FS_GS);
  expect_program_iv(p, GL_GEOMETRY_INPUT_TYPE, GL_LINES_ADJACENCY, "GL_GEOMETRY_INPUT_TYPE");
  gl.UseProgram(p);
  gl.Uniform4fv(uloc(p, "u_colors"), 3, GS_COLOURS[0].v);
  gl.Uniform1i(uloc(p, "u_base"), 2);
  /* v0 and v3 span [8,30) x [6,26); v1, v2 lie elsewhere and must not matter. */
  const float lines[8] = {8.0f, 6.0f, 50.0f, 50.0f, 60.0f, 2.0f, 30.0f, 26.0f};
  mesh me = make_mesh(lines, 4);
  const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f);
  clear_to(bg);
  glDrawArrays(GL_LINES_ADJACENCY, 0, 4);
  check_gl_error("GS draw (lines adjacency)");
  model m;
  model_init(&m, bg);
  model_rect(&m, 8, 6, 30, 26, to8(GS_COLOURS[2]));
  check_frame("box from the adjacency vertices", &m);

  /* Strip: primitive 0 spans v0..v3 = [4,20) x [34,60); primitive 1 spans v1..v4 = [40,60) x
   * [30,44)... v1 and v4 are its corners. */
  const float strip[10] = {4.0f, 34.0f, 40.0f, 30.0f, 0.0f, 0.0f, 20.0f, 60.0f, 60.0f, 44.0f};
  mesh ms = make_mesh(strip, 5);
  gl.Uniform1i(uloc(p, "u_base"), 0);
  clear_to(bg);
  glDrawArrays(GL_LINE_STRIP_ADJACENCY, 0, 5);
  check_gl_error("GS draw (line strip adjacency)");
  model_init(&m, bg);
  model_rect(&m, 4, 34, 20, 60, to8(GS_COLOURS[0]));
  model_rect(&m, 40, 30, 60, 44, to8(GS_COLOURS[1]));
  check_frame("two boxes from a line strip with adjacency", &m);

  /* GL_LINES is not a lines_adjacency mode. */
  glDrawArrays(GL_LINES, 0, 4);
  GLenum e = glGetError();
  if (e != GL_INVALID_OPERATION)
    fail("GL_LINES draw with a lines_adjacency GS: glGetError() = 0x%04x, expected "
         "GL_INVALID_OPERATION", (unsigned)e);
  gl.DeleteProgram(p);
  (void)me;
  (void)ms;
}

/* fbo_layers: rendering into one layer of a 2D array (glFramebufferTextureLayer), one slice of
 * a 3D texture (glFramebufferTexture3D) and one face of a cube map (glFramebufferTexture2D),
 * each 8x8 image cleared and half drawn over, read back through glReadPixels from the
 * framebuffer, then sampled 2:1 (texelFetch / NEAREST) beside its untouched neighbours; plus the
 * GL 3.3 §4.4.2 errors and §4.4.4 completeness (layer out of range, mixed layered and
 * non-layered attachments). */
#define FL_N 8
static const GLubyte FL_GREY[4] = {51, 51, 51, 255};

/* glReadPixels of the bound 8x8 framebuffer: `in` inside [x0,x1) x [y0,y1), `out` elsewhere. */
static void fl_expect_read(const char *phase, int x0, int y0, int x1, int y1, vec4f in, vec4f out)
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

/* Clears the bound 8x8 framebuffer to `bg` and draws `fg` over texels [x0,x1) x [y0,y1). */
static void fl_paint(GLuint prog, int x0, int y0, int x1, int y1, vec4f bg, vec4f fg)
{
  glViewport(0, 0, FL_N, FL_N);
  glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.UseProgram(prog);
  set_vec4(prog, "u_color", fg);
  glEnable(GL_SCISSOR_TEST);
  glScissor(x0, y0, x1 - x0, y1 - y0);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_SCISSOR_TEST);
}

static void sc_fbo_layers(void)
{
  const vec4f red = V4(1.0f, 0.0f, 0.0f, 1.0f), green = V4(0.0f, 1.0f, 0.0f, 1.0f);
  const vec4f blue = V4(0.0f, 0.0f, 1.0f, 1.0f), yellow = V4(1.0f, 1.0f, 0.0f, 1.0f);
  const vec4f cyan = V4(0.0f, 1.0f, 1.0f, 1.0f), magenta = V4(1.0f, 0.0f, 1.0f, 1.0f);
  GLubyte grey[FL_N * FL_N * 4 * 4];
  tex3d_fill(grey, FL_N * FL_N * 4, FL_GREY);

  GLuint tex[4];
  glGenTextures(4, tex);
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex[0]);
  gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, FL_N, FL_N, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                grey);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_3D, tex[1]);
  gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, FL_N, FL_N, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, grey);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex[2]);
  for (int f = 0; f < 6; f++)
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, FL_N, FL_N, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, grey);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, tex[3]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, FL_N, FL_N, 0, GL_RGBA, GL_UNSIGNED_BYTE, grey);
  check_gl_error("textures");

  float quad[12];
  rect_vertices(quad, 0, 0, 64, 64);
  mesh mq = make_mesh(quad, 6);
  gl.BindVertexArray(mq.vao);
  GLuint solid = solid_program();
  GLuint fbo;
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);

  /* errors (GL 3.3 §4.4.2) */
  gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[3], 0, 0);
  expect_gl_error(GL_INVALID_OPERATION, "glFramebufferTextureLayer of a 2D texture");
  gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0, -1);
  expect_gl_error(GL_INVALID_VALUE, "glFramebufferTextureLayer with layer -1");
  gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], -1, 0);
  expect_gl_error(GL_INVALID_VALUE, "glFramebufferTextureLayer with level -1");
  gl.FramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex[0], 0, 0);
  expect_gl_error(GL_INVALID_OPERATION, "glFramebufferTexture3D of an array texture");
  gl.FramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex[1], 0, -1);
  expect_gl_error(GL_INVALID_VALUE, "glFramebufferTexture3D with zoffset -1");

  /* completeness (§4.4.4): a layer past the array's 3 is attachment-incomplete */
  gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0, 3);
  check_gl_error("glFramebufferTextureLayer of layer 3");
  GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT)
    fail("layer 3 of 3: status 0x%04x, expected GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT",
         (unsigned)st);
  /* a layered attachment beside a non-layered one */
  gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[3], 0);
  check_gl_error("layered + non-layered attachments");
  GLint v = -1;
  gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &v);
  if (v != GL_TRUE)
    fail("GL_FRAMEBUFFER_ATTACHMENT_LAYERED of glFramebufferTexture(array) = %d", v);
  st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS)
    fail("layered + non-layered: status 0x%04x, expected "
         "GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS", (unsigned)st);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, 0, 0);
  check_gl_error("detach");

  /* layer 1 of the array: red, green on the left half */
  gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0, 1);
  st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("array layer 1: status 0x%04x", (unsigned)st);
  v = -1;
  gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
  if (v != 1)
    fail("GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER = %d, expected 1", v);
  fl_paint(solid, 0, 0, 4, FL_N, red, green);
  fl_expect_read("array layer 1 read back", 0, 0, 4, FL_N, green, red);
  /* slice 2 of the 3D texture: blue, yellow on the bottom half */
  gl.FramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex[1], 0, 2);
  st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("3D slice 2: status 0x%04x", (unsigned)st);
  fl_paint(solid, 0, 0, FL_N, 4, blue, yellow);
  fl_expect_read("3D slice 2 read back", 0, 0, FL_N, 4, yellow, blue);
  /* face -Y of the cube map: cyan, magenta on the top-left quarter */
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y,
                          tex[2], 0);
  fl_paint(solid, 0, 4, 4, FL_N, cyan, magenta);
  fl_expect_read("cube -Y read back", 0, 4, 4, FL_N, magenta, cyan);
  check_gl_error("layer rendering");

  /* sampled on the default framebuffer, 2 pixels a texel: tiles of 16x16 */
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  model m;
  model_init(&m, bg);
  const rgba8 g8 = {{FL_GREY[0], FL_GREY[1], FL_GREY[2], FL_GREY[3]}};
  const char *fsa = "#version 330 core\n"
                    "uniform sampler2DArray u_tex;\n"
                    "uniform vec2 u_origin;\n"
                    "uniform int u_layer;\n"
                    "out vec4 o_color;\n"
                    "void main() {\n"
                    "  ivec2 t = ivec2((gl_FragCoord.xy - u_origin) / 2.0);\n"
                    "  o_color = texelFetch(u_tex, ivec3(t, u_layer), 0);\n"
                    "}\n";
  const char *fs3 = "#version 330 core\n"
                    "uniform sampler3D u_tex;\n"
                    "uniform vec2 u_origin;\n"
                    "uniform int u_layer;\n"
                    "out vec4 o_color;\n"
                    "void main() {\n"
                    "  ivec2 t = ivec2((gl_FragCoord.xy - u_origin) / 2.0);\n"
                    "  o_color = texelFetch(u_tex, ivec3(t, u_layer), 0);\n"
                    "}\n";
  /* u_layer 0: face -Y (major -y, s = x, t = -z); 1: face +X (major +x, s = -z, t = -y) */
  const char *fsc = "#version 330 core\n"
                    "uniform samplerCube u_tex;\n"
                    "uniform vec2 u_origin;\n"
                    "uniform int u_layer;\n"
                    "out vec4 o_color;\n"
                    "void main() {\n"
                    "  vec2 st = (floor((gl_FragCoord.xy - u_origin) / 2.0) + 0.5) / 4.0 - 1.0;\n"
                    "  vec3 d = u_layer == 0 ? vec3(st.x, -1.0, -st.y) : vec3(1.0, -st.y, -st.x);\n"
                    "  o_color = texture(u_tex, d);\n"
                    "}\n";
  const char *fss[3] = {fsa, fs3, fsc};
  const GLenum targets[3] = {GL_TEXTURE_2D_ARRAY, GL_TEXTURE_3D, GL_TEXTURE_CUBE_MAP};
  glEnable(GL_SCISSOR_TEST);
  for (int k = 0; k < 3; k++) {
    GLuint p = link_program(VS_PIXELS, fss[k]);
    gl.UseProgram(p);
    gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
    gl.Uniform1f(uloc(p, "u_z"), 0.0f);
    gl.Uniform1i(uloc(p, "u_tex"), 0);
    glBindTexture(targets[k], tex[k]);
    int n = k == 0 ? 3 : k == 1 ? 4 : 2;
    for (int l = 0; l < n; l++) {
      int x0 = 2 + 16 * l, y0 = 2 + 21 * k;
      gl.Uniform2f(uloc(p, "u_origin"), (float)x0, (float)y0);
      gl.Uniform1i(uloc(p, "u_layer"), l);
      glScissor(x0, y0, 16, 16);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, x0, y0, x0 + 16, y0 + 16, g8);
      if (k == 0 && l == 1) {
        model_rect(&m, x0, y0, x0 + 16, y0 + 16, to8(red));
        model_rect(&m, x0, y0, x0 + 8, y0 + 16, to8(green));
      } else if (k == 1 && l == 2) {
        model_rect(&m, x0, y0, x0 + 16, y0 + 16, to8(blue));
        model_rect(&m, x0, y0, x0 + 16, y0 + 8, to8(yellow));
      } else if (k == 2 && l == 0) {
        model_rect(&m, x0, y0, x0 + 16, y0 + 16, to8(cyan));
        model_rect(&m, x0, y0 + 8, x0 + 8, y0 + 16, to8(magenta));
      }
    }
  }
  glDisable(GL_SCISSOR_TEST);
  check_gl_error("sampling the layers");
  check_frame("layers rendered, then sampled", &m);
  gl.DeleteFramebuffers(1, &fbo);
}

/* layered_rendering: GL 3.3 layered framebuffers (§4.4.7). A 2D array (4 layers), a cube map
 * (6 faces) and a 3D texture (5 slices), filled with junk, attached whole with
 * glFramebufferTexture: glClear clears every layer, and a geometry shader emits one quad per
 * layer 0..n-2 with gl_Layer and a colour per layer, so the last layer holds the clear colour
 * only. Each layer (face, slice) is read back on its own, then blitted into the window. A single
 * layer attached alone: gl_Layer is ignored (everything lands in it, the other layer keeps its
 * contents). Completeness: a layered attachment beside a single layer, or layered attachments
 * of two targets, is INCOMPLETE_LAYER_TARGETS. */
static const char *VS_LAYERED = "#version 330 core\n"
                                "layout(location = 0) in vec2 a_pos;\n"
                                "void main() { gl_Position = vec4(a_pos / 4.0 - 1.0, 0.0, 1.0); }\n";
static const char *GS_LAYERED =
    "#version 330 core\n"
    "layout(triangles) in;\n"
    "layout(triangle_strip, max_vertices = 18) out;\n"
    "uniform int u_layers;\n"
    "out vec4 g_color;\n"
    "const vec4 C[6] = vec4[6](vec4(1.0, 0.0, 0.0, 1.0), vec4(0.0, 1.0, 0.0, 1.0),\n"
    "                          vec4(0.0, 0.0, 1.0, 1.0), vec4(1.0, 1.0, 0.0, 1.0),\n"
    "                          vec4(0.0, 1.0, 1.0, 1.0), vec4(1.0, 0.0, 1.0, 1.0));\n"
    "void main() {\n"
    "  for (int l = 0; l < u_layers; l++) {\n"
    "    for (int i = 0; i < 3; i++) {\n"
    "      gl_Position = gl_in[i].gl_Position;\n"
    "      gl_Layer = l;\n"
    "      g_color = C[l];\n"
    "      EmitVertex();\n"
    "    }\n"
    "    EndPrimitive();\n"
    "  }\n"
    "}\n";
static const vec4f LR_COLOURS[6] = {{{1, 0, 0, 1}}, {{0, 1, 0, 1}}, {{0, 0, 1, 1}},
                                    {{1, 1, 0, 1}}, {{0, 1, 1, 1}}, {{1, 0, 1, 1}}};

static void sc_layered_rendering(void)
{
  const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f), win = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(win);
  GLuint prog = link_program_gs(VS_LAYERED, GS_LAYERED, FS_GS);
  float v[12];
  rect_vertices(v, 2, 2, 6, 6);
  mesh m = make_mesh(v, 6);
  static GLubyte junk[FL_N * FL_N * 4 * 6];
  memset(junk, 0xA5, sizeof junk);

  GLuint tex[4], fbo[2];
  glGenTextures(4, tex);
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex[0]);
  gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, FL_N, FL_N, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                junk);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
  for (int f = 0; f < 6; f++)
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, FL_N, FL_N, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, junk);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex[2]);
  gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, FL_N, FL_N, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                junk);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_3D, tex[3]);
  gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, FL_N, FL_N, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, junk);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  check_gl_error("layered textures");

  gl.GenFramebuffers(2, fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
  /* Completeness first. */
  gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0);
  gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, tex[2], 0, 1);
  GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS)
    fail("layered beside one layer: status 0x%x, expected INCOMPLETE_LAYER_TARGETS", st);
  gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, tex[1], 0);
  st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS)
    fail("layered 2D array beside layered cube: status 0x%x, expected "
         "INCOMPLETE_LAYER_TARGETS", st);
  gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, tex[2], 0);
  st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("two layered 2D arrays: status 0x%x, expected COMPLETE", st);
  GLint layered = -1;
  gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &layered);
  if (layered != GL_TRUE)
    fail("GL_FRAMEBUFFER_ATTACHMENT_LAYERED = %d", layered);
  gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, 0, 0);
  check_gl_error("layered framebuffer set-up");

  struct {
    GLuint tex;
    int layers;
  } targets[3] = {{tex[0], 4}, {tex[1], 6}, {tex[3], 5}};
  static const char *const names[3] = {"2D array", "cube", "3D"};
  for (int t = 0; t < 3; t++) {
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
    gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, targets[t].tex, 0);
    st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
    if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("layered %s: status 0x%x", names[t], st);
    glViewport(0, 0, FL_N, FL_N);
    glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
    glClear(GL_COLOR_BUFFER_BIT); /* every layer */
    gl.UseProgram(prog);
    gl.Uniform1i(uloc(prog, "u_layers"), targets[t].layers - 1);
    gl.BindVertexArray(m.vao);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    check_gl_error("layered draw");
    /* Each layer alone. */
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
    for (int l = 0; l < targets[t].layers; l++) {
      if (t != 1)
        gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, targets[t].tex, 0, l);
      else
        gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                GL_TEXTURE_CUBE_MAP_POSITIVE_X + l, tex[1], 0);
      char phase[64];
      snprintf(phase, sizeof phase, "%s layer %d", names[t], l);
      const bool last = l == targets[t].layers - 1;
      fl_expect_read(phase, last ? 0 : 2, last ? 0 : 2, last ? 0 : 6, last ? 0 : 6,
                     LR_COLOURS[l], bg);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
      gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
      glViewport(0, 0, W, H);
      gl.BlitFramebuffer(0, 0, FL_N, FL_N, 10 * l, 20 * t, 10 * l + FL_N, 20 * t + FL_N,
                         GL_COLOR_BUFFER_BIT, GL_NEAREST);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
    }
  }
  check_gl_error("layered read-back");

  /* Not layered: one layer of the 2-layer array attached alone. GL ignores gl_Layer, so all
   * three quads land in it (the last colour wins) and the other layer keeps its junk. */
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
  gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[2], 0, 1);
  glViewport(0, 0, FL_N, FL_N);
  glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.UseProgram(prog);
  gl.Uniform1i(uloc(prog, "u_layers"), 3);
  gl.BindVertexArray(m.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("gl_Layer into a framebuffer that is not layered");
  fl_expect_read("gl_Layer ignored: the attached layer", 2, 2, 6, 6, LR_COLOURS[2], bg);
  gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[2], 0, 0);
  const vec4f junk_c = V4(165.0f / 255.0f, 165.0f / 255.0f, 165.0f / 255.0f, 165.0f / 255.0f);
  fl_expect_read("gl_Layer ignored: the other layer untouched", 0, 0, 0, 0, junk_c, junk_c);

  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);
  model md;
  model_init(&md, win);
  for (int t = 0; t < 3; t++)
    for (int l = 0; l < targets[t].layers; l++) {
      model_rect(&md, 10 * l, 20 * t, 10 * l + FL_N, 20 * t + FL_N, to8(bg));
      if (l < targets[t].layers - 1)
        model_rect(&md, 10 * l + 2, 20 * t + 2, 10 * l + 6, 20 * t + 6, to8(LR_COLOURS[l]));
    }
  check_frame("every layer blitted into the window", &md);
  gl.DeleteFramebuffers(2, fbo);
  glDeleteTextures(4, tex);
  gl.DeleteBuffers(1, &m.vbo);
}

/* pbo_pack: glReadPixels and glGetTexImage into a GL_PIXEL_PACK_BUFFER (the pointer is an
 * offset), under GL_PACK_ROW_LENGTH / SKIP_PIXELS / SKIP_ROWS / ALIGNMENT: the pixels must land
 * where the pack state puts them and every other byte of the buffer keep its value, seen through
 * glGetBufferSubData and glMapBufferRange; a float read (a conversion on the way); the GL errors
 * (range past the store, a mapped buffer, an offset not a multiple of the datum). */
enum { PB_SIZE = 2048, PB_FILL = 0xEE };

/* The buffer's bytes: the pixels of [rx,rx+rw) x [ry,ry+rh) of `want` (x, y -> colour) at
 * offset + (skip_rows + j) * stride + (skip_px + i) * 4, PB_FILL elsewhere. */
static void pb_expect(const char *phase, const uint8_t *got, int off, int stride, int skip_px,
                      int skip_rows, int rw, int rh, rgba8 (*want)(int i, int j))
{
  int bad = 0;
  for (int b = 0; b < PB_SIZE; b++) {
    int rel = b - off, exp = PB_FILL;
    if (rel >= 0) {
      int j = rel / stride - skip_rows, i = (rel % stride) / 4 - skip_px;
      if (j >= 0 && j < rh && i >= 0 && i < rw)
        exp = want(i, j).c[rel % 4];
    }
    if (got[b] != exp && !bad++)
      fail("%s: buffer byte %d is 0x%02x, expected 0x%02x", phase, b, got[b], exp);
  }
  if (bad)
    fail("%s: %d wrong bytes", phase, bad);
}

static rgba8 pb_read_px(int i, int j)
{
  /* the frame: blue, a green block at [9,12) x [7,9) */
  int x = 6 + i, y = 6 + j;
  return x >= 9 && x < 12 && y >= 7 && y < 9 ? to8(V4(0.0f, 0.8f, 0.2f, 1.0f))
                                             : to8(V4(0.2f, 0.4f, 0.6f, 1.0f));
}

static rgba8 pb_tex_px(int i, int j)
{
  return (rgba8){{(uint8_t)(16 * i + 1), (uint8_t)(16 * j + 2), (uint8_t)(i * j + 3), 255}};
}

static void sc_pbo_pack(void)
{
  const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f), green = V4(0.0f, 0.8f, 0.2f, 1.0f);
  clear_to(bg);
  glEnable(GL_SCISSOR_TEST);
  glScissor(9, 7, 3, 2);
  glClearColor(green.v[0], green.v[1], green.v[2], green.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);

  static uint8_t fill[PB_SIZE], got[PB_SIZE];
  memset(fill, PB_FILL, sizeof fill);
  GLuint pbo;
  gl.GenBuffers(1, &pbo);
  gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
  gl.BufferData(GL_PIXEL_PACK_BUFFER, PB_SIZE, fill, GL_STREAM_READ);

  /* 8x5 pixels from (6,6), rows of 11 pixels padded to 48 bytes, skipping 1 pixel and 2 rows,
   * at offset 64 */
  glPixelStorei(GL_PACK_ROW_LENGTH, 11);
  glPixelStorei(GL_PACK_ALIGNMENT, 8);
  glPixelStorei(GL_PACK_SKIP_PIXELS, 1);
  glPixelStorei(GL_PACK_SKIP_ROWS, 2);
  glReadPixels(6, 6, 8, 5, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)64);
  check_gl_error("glReadPixels into a pack buffer");
  /* errors: past the store, an offset not a multiple of a float, a mapped buffer */
  glReadPixels(6, 6, 8, 5, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)(PB_SIZE - 64));
  expect_gl_error(GL_INVALID_OPERATION, "glReadPixels past the pack buffer's store");
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
  glPixelStorei(GL_PACK_SKIP_ROWS, 0);
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)2);
  expect_gl_error(GL_INVALID_OPERATION, "glReadPixels of floats at offset 2");

  gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, PB_SIZE, got);
  check_gl_error("glGetBufferSubData of the pack buffer");
  pb_expect("glReadPixels, seen by glGetBufferSubData", got, 64, 48, 1, 2, 8, 5, pb_read_px);
  const uint8_t *map = gl.MapBufferRange(GL_PIXEL_PACK_BUFFER, 0, PB_SIZE, GL_MAP_READ_BIT);
  check_gl_error("glMapBufferRange of the pack buffer");
  if (map)
    pb_expect("glReadPixels, seen by glMapBufferRange", map, 64, 48, 1, 2, 8, 5, pb_read_px);
  else
    fail("glMapBufferRange returned NULL");
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)0);
  expect_gl_error(GL_INVALID_OPERATION, "glReadPixels into a mapped pack buffer");
  gl.UnmapBuffer(GL_PIXEL_PACK_BUFFER);

  /* a float read of the green block's corner: converted on the way into the buffer */
  glReadPixels(9, 7, 1, 1, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)1024);
  float fv[4] = {-1, -1, -1, -1};
  gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 1024, sizeof fv, fv);
  check_gl_error("glReadPixels of floats into a pack buffer");
  const float fw[4] = {0.0f, 204.0f / 255.0f, 51.0f / 255.0f, 1.0f};
  for (int c = 0; c < 4; c++)
    if (fabsf(fv[c] - fw[c]) > 1e-6f)
      fail("float read: component %d is %f, expected %f", c, fv[c], fw[c]);

  /* glGetTexImage of a 4x4 texture into the buffer at offset 128, rows padded to 20 bytes */
  uint8_t texels[4 * 4 * 4];
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 4; i++)
      memcpy(texels + 4 * (4 * j + i), pb_tex_px(i, j).c, 4);
  GLuint tex;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  gl.BufferData(GL_PIXEL_PACK_BUFFER, PB_SIZE, fill, GL_STREAM_READ);
  glPixelStorei(GL_PACK_ROW_LENGTH, 5);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)128);
  check_gl_error("glGetTexImage into a pack buffer");
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)(PB_SIZE - 40));
  expect_gl_error(GL_INVALID_OPERATION, "glGetTexImage past the pack buffer's store");
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, PB_SIZE, got);
  pb_expect("glGetTexImage, seen by glGetBufferSubData", got, 128, 20, 0, 0, 4, 4, pb_tex_px);
  gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  check_gl_error("pack buffer reads");

  model m;
  model_init(&m, bg);
  model_rect(&m, 9, 7, 12, 9, to8(green));
  check_frame("pbo pack", &m);
}

/* pbo_unpack: glTexImage2D / glTexSubImage2D / glTexImage3D from a GL_PIXEL_UNPACK_BUFFER (the
 * pointer is an offset) under GL_UNPACK_ROW_LENGTH / SKIP_PIXELS / SKIP_ROWS / ALIGNMENT, an RGB
 * sub-image converted on the way, and a texture filled from a buffer that glReadPixels wrote on
 * the server (pack, then unpack: the upload must see the GPU's bytes); each texture drawn by
 * texelFetch in a tile, every pixel asserted; and the GL errors (range past the store, a mapped
 * buffer, an offset not a multiple of the datum). */
static rgba8 pu_a(int i, int j)
{
  if (i >= 2 && i < 6 && j >= 2 && j < 6) /* the RGB sub-image, alpha 1 */
    return (rgba8){{200, (uint8_t)(10 * (i - 2)), (uint8_t)(10 * (j - 2)), 255}};
  return (rgba8){{(uint8_t)(20 * i + 5), (uint8_t)(20 * j + 7), (uint8_t)(100 + i + j), 255}};
}

static rgba8 pu_frame(int i, int j) /* the frame glReadPixels read: blue, a green block */
{
  return i >= 2 && i < 5 && j >= 3 && j < 6 ? to8(V4(0.0f, 0.8f, 0.2f, 1.0f))
                                            : to8(V4(0.2f, 0.4f, 0.6f, 1.0f));
}

static rgba8 pu_layer(int l, int i, int j)
{
  return (rgba8){{(uint8_t)(60 * l + 30), (uint8_t)(40 * i), (uint8_t)(40 * j), 255}};
}

typedef struct {
  int x0, y0, scale, layer;
  rgba8 (*fn)(int i, int j);
} pu_tile;

static rgba8 pu_tile_colour(const void *ctx, int x, int y)
{
  const pu_tile *t = ctx;
  int i = (x - t->x0) / t->scale, j = (y - t->y0) / t->scale;
  return t->fn ? t->fn(i, j) : pu_layer(t->layer, i, j);
}

static void sc_pbo_unpack(void)
{
  /* the frame glReadPixels reads into a buffer, later the source of texture B */
  const vec4f blue = V4(0.2f, 0.4f, 0.6f, 1.0f), green = V4(0.0f, 0.8f, 0.2f, 1.0f);
  clear_to(blue);
  glEnable(GL_SCISSOR_TEST);
  glScissor(2, 3, 3, 3);
  glClearColor(green.v[0], green.v[1], green.v[2], green.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  GLuint buf[2];
  gl.GenBuffers(2, buf);
  gl.BindBuffer(GL_PIXEL_PACK_BUFFER, buf[1]);
  gl.BufferData(GL_PIXEL_PACK_BUFFER, 8 * 8 * 4 + 16, NULL, GL_STREAM_COPY);
  glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)16);
  gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  check_gl_error("glReadPixels into a buffer");

  /* buffer 0: texture A's 8x8 texels at 32 (rows of 10 texels, 1 pixel and 1 row skipped), the
   * RGB sub-image at 1024 (tight rows of 12 bytes), the array's 4x4x2 at 1536 */
  static uint8_t data[2048];
  memset(data, 0x77, sizeof data);
  for (int j = 0; j < 8; j++)
    for (int i = 0; i < 8; i++) {
      rgba8 c = pu_a(i < 2 || i >= 6 || j < 2 || j >= 6 ? i : 0, j < 2 || j >= 6 || i < 2 ||
                     i >= 6 ? j : 0); /* the sub-image's texels start as texel (0,0)'s */
      memcpy(data + 32 + (1 + j) * 40 + (1 + i) * 4, c.c, 4);
    }
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 4; i++)
      memcpy(data + 1024 + j * 12 + i * 3, pu_a(2 + i, 2 + j).c, 3);
  for (int l = 0; l < 2; l++)
    for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
        memcpy(data + 1536 + l * 64 + j * 16 + i * 4, pu_layer(l, i, j).c, 4);
  gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, buf[0]);
  gl.BufferData(GL_PIXEL_UNPACK_BUFFER, sizeof data, data, GL_STATIC_DRAW);

  GLuint tex[3];
  glGenTextures(3, tex);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 10);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               (void *)(uintptr_t)32);
  check_gl_error("glTexImage2D from an unpack buffer");
  /* errors: past the store (the texture keeps its image), a float offset of 2, mapped */
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               (void *)(uintptr_t)1800);
  expect_gl_error(GL_INVALID_OPERATION, "glTexImage2D past the unpack buffer's store");
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)2);
  expect_gl_error(GL_INVALID_OPERATION, "glTexSubImage2D of floats at offset 2");
  gl.MapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, 16, GL_MAP_READ_BIT);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)0);
  expect_gl_error(GL_INVALID_OPERATION, "glTexSubImage2D from a mapped unpack buffer");
  gl.UnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 4, 4, GL_RGB, GL_UNSIGNED_BYTE,
                  (void *)(uintptr_t)1024);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  check_gl_error("glTexSubImage2D of RGB from an unpack buffer");

  glBindTexture(GL_TEXTURE_2D_ARRAY, tex[2]);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                (void *)(uintptr_t)1536);
  check_gl_error("glTexImage3D from an unpack buffer");

  /* texture B from the bytes glReadPixels wrote */
  gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, buf[1]);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               (void *)(uintptr_t)16);
  gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  check_gl_error("glTexImage2D from a buffer glReadPixels wrote");

  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  model m;
  model_init(&m, bg);
  float quad[12];
  rect_vertices(quad, 0, 0, 64, 64);
  mesh mq = make_mesh(quad, 6);
  gl.BindVertexArray(mq.vao);
  const char *fs2 = "#version 330 core\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform vec2 u_origin;\n"
                    "uniform float u_scale;\n"
                    "out vec4 o_color;\n"
                    "void main() {\n"
                    "  o_color = texelFetch(u_tex, ivec2((gl_FragCoord.xy - u_origin) / u_scale), 0);\n"
                    "}\n";
  const char *fsa = "#version 330 core\n"
                    "uniform sampler2DArray u_tex;\n"
                    "uniform vec2 u_origin;\n"
                    "uniform float u_scale;\n"
                    "uniform int u_layer;\n"
                    "out vec4 o_color;\n"
                    "void main() {\n"
                    "  ivec2 t = ivec2((gl_FragCoord.xy - u_origin) / u_scale);\n"
                    "  o_color = texelFetch(u_tex, ivec3(t, u_layer), 0);\n"
                    "}\n";
  static pu_tile tiles[4] = {{2, 2, 2, 0, pu_a}, {22, 2, 2, 0, pu_frame},
                             {2, 22, 4, 0, NULL}, {22, 22, 4, 1, NULL}};
  GLuint p2 = link_program(VS_PIXELS, fs2), pa = link_program(VS_PIXELS, fsa);
  glEnable(GL_SCISSOR_TEST);
  for (int k = 0; k < 4; k++) {
    GLuint p = k < 2 ? p2 : pa;
    gl.UseProgram(p);
    gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
    gl.Uniform1f(uloc(p, "u_z"), 0.0f);
    gl.Uniform1i(uloc(p, "u_tex"), 0);
    gl.Uniform2f(uloc(p, "u_origin"), (float)tiles[k].x0, (float)tiles[k].y0);
    gl.Uniform1f(uloc(p, "u_scale"), (float)tiles[k].scale);
    if (k >= 2)
      gl.Uniform1i(uloc(p, "u_layer"), tiles[k].layer);
    if (k < 2)
      glBindTexture(GL_TEXTURE_2D, tex[k]);
    else
      glBindTexture(GL_TEXTURE_2D_ARRAY, tex[2]);
    glScissor(tiles[k].x0, tiles[k].y0, 16, 16);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    model_rect_fn(&m, tiles[k].x0, tiles[k].y0, tiles[k].x0 + 16, tiles[k].y0 + 16,
                  pu_tile_colour, &tiles[k]);
  }
  glDisable(GL_SCISSOR_TEST);
  check_gl_error("drawing the tiles");
  check_frame("textures from unpack buffers", &m);
}

/* ---- transform feedback -------------------------------------------------------------------- */

/* Every captured vertex says which vertex and which draw it came from: v_a = (x, y, vertex id,
 * u_k), v_b = x + 100 y, and gl_Position with z = 0.25 (GL's z: the backend's clip-depth remap
 * must not reach the buffer). Positions are whole window pixels, so every float is exact. */
static const char *VS_XFB = "#version 330 core\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "uniform float u_k;\n"
                            "out vec4 v_a;\n"
                            "out float v_b;\n"
                            "void main() {\n"
                            "  v_a = vec4(a_pos, float(gl_VertexID), u_k);\n"
                            "  v_b = a_pos.x + a_pos.y * 100.0;\n"
                            "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.25, 1.0);\n"
                            "}\n";

/* A program capturing `names`; returns 0 (and leaves the log) when the link fails. */
static GLuint xfb_program(const char *const *names, GLsizei n, GLenum mode, char *log,
                          size_t log_size)
{
  GLuint vs = compile(GL_VERTEX_SHADER, VS_XFB);
  GLuint fs = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
  GLuint p = gl.CreateProgram();
  gl.AttachShader(p, vs);
  gl.AttachShader(p, fs);
  gl.TransformFeedbackVaryings(p, n, names, mode);
  gl.LinkProgram(p);
  gl.DeleteShader(vs);
  gl.DeleteShader(fs);
  GLint ok = 0;
  gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
  if (log)
    gl.GetProgramInfoLog(p, (GLsizei)log_size, NULL, log);
  check_gl_error("transform feedback program link");
  if (!ok) {
    gl.DeleteProgram(p);
    return 0;
  }
  return p;
}

/* A buffer of `bytes` bytes, every byte 0xAB (what the capture must not touch). */
static GLuint xfb_buffer(GLsizeiptr bytes)
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

static void read_buffer(GLuint b, GLintptr off, GLsizeiptr bytes, void *out)
{
  gl.BindBuffer(GL_COPY_READ_BUFFER, b);
  gl.GetBufferSubData(GL_COPY_READ_BUFFER, off, bytes, out);
  check_gl_error("glGetBufferSubData of a capture");
}

/* The words vertex `v` (of the 6 rect vertices xy) writes for the named varying. */
static int xfb_expect(const char *name, const float *xy, int v, float k, float *out)
{
  const float x = xy[2 * v], y = xy[2 * v + 1];
  if (!strcmp(name, "v_a")) {
    out[0] = x, out[1] = y, out[2] = (float)v, out[3] = k;
    return 4;
  }
  if (!strcmp(name, "v_b")) {
    out[0] = x + y * 100.0f;
    return 1;
  }
  out[0] = x / 32.0f - 1.0f, out[1] = y / 32.0f - 1.0f, out[2] = 0.25f, out[3] = 1.0f;
  return 4;
}

static void check_words(const char *what, const float *got, const float *want, int n)
{
  for (int i = 0; i < n; i++) {
    if (memcmp(&got[i], &want[i], sizeof(float))) {
      fail("%s: word %d = %g (0x%08x), expected %g", what, i, got[i],
           *(const unsigned *)(const void *)&got[i], want[i]);
      return;
    }
  }
}

static void check_sentinel(const char *what, const unsigned char *b, int n)
{
  for (int i = 0; i < n; i++) {
    if (b[i] != 0xAB) {
      fail("%s: byte %d = 0x%02x, expected the untouched 0xAB", what, i, b[i]);
      return;
    }
  }
}

/* xfb_capture: GL 3.3 transform feedback (§2.15) and its API. Interleaved capture of v_b,
 * gl_Position and v_a (36 bytes a vertex, in the app's order) while the rect also renders;
 * separate capture into two buffers, one bound at an offset; glGetTransformFeedbackVarying and
 * the program queries; link errors; the spec's errors of glTransformFeedbackVaryings,
 * glBegin/End/Pause/ResumeTransformFeedback, of a draw whose mode does not match, of
 * glUseProgram and glBindBufferBase while capturing. The bytes around every capture must stay
 * as they were. */
static void sc_xfb_capture(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), rc = V4(0.2f, 0.6f, 1.0f, 1.0f);
  float v[12];
  rect_vertices(v, 8, 8, 40, 24);
  mesh m = make_mesh(v, 6);
  clear_to(bg);
  char log[2048] = "";

  /* glTransformFeedbackVaryings errors, and link errors. */
  const char *il[] = {"v_b", "gl_Position", "v_a"};
  GLuint p0 = gl.CreateProgram();
  gl.TransformFeedbackVaryings(p0, 1, il, GL_TRIANGLES);
  expect_error(GL_INVALID_ENUM, "glTransformFeedbackVaryings(bad buffer mode)");
  const char *five[] = {"v_a", "v_b", "v_a", "v_b", "v_a"};
  gl.TransformFeedbackVaryings(p0, 5, five, GL_SEPARATE_ATTRIBS);
  expect_error(GL_INVALID_VALUE, "glTransformFeedbackVaryings(5 separate)");
  gl.TransformFeedbackVaryings(p0 + 100, 1, il, GL_INTERLEAVED_ATTRIBS);
  expect_error(GL_INVALID_VALUE, "glTransformFeedbackVaryings(not a program)");
  char nb[32];
  GLsizei len = 0, size = 0;
  GLenum type = 0;
  gl.GetTransformFeedbackVarying(p0, 0, sizeof nb, &len, &size, &type, nb);
  expect_error(GL_INVALID_VALUE, "glGetTransformFeedbackVarying(never linked)");
  gl.DeleteProgram(p0);
  const char *unknown[] = {"v_a", "v_nope"};
  if (xfb_program(unknown, 2, GL_INTERLEAVED_ATTRIBS, log, sizeof log))
    fail("a program capturing an undeclared varying linked");
  else if (!strstr(log, "v_nope"))
    fail("link log does not name the undeclared varying: %s", log);
  const char *twice[] = {"v_a", "v_a"};
  if (xfb_program(twice, 2, GL_INTERLEAVED_ATTRIBS, NULL, 0))
    fail("a program capturing v_a twice linked");
  const char *big[] = {"v_a", "gl_Position"};
  if (!xfb_program(big, 2, GL_SEPARATE_ATTRIBS, log, sizeof log))
    fail("two vec4 varyings in separate mode failed to link: %s", log);

  GLuint p = xfb_program(il, 3, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
  if (!p)
    die_setup("interleaved transform feedback program failed to link:\n%s", log);
  GLint iv = -1;
  gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &iv);
  if (iv != 3)
    fail("GL_TRANSFORM_FEEDBACK_VARYINGS = %d, expected 3", iv);
  gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &iv);
  if (iv != GL_INTERLEAVED_ATTRIBS)
    fail("GL_TRANSFORM_FEEDBACK_BUFFER_MODE = 0x%x", iv);
  gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH, &iv);
  if (iv != (GLint)sizeof "gl_Position")
    fail("GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH = %d, expected 12", iv);
  gl.GetTransformFeedbackVarying(p, 1, sizeof nb, &len, &size, &type, nb);
  check_gl_error("glGetTransformFeedbackVarying");
  if (strcmp(nb, "gl_Position") || len != 11 || size != 1 || type != GL_FLOAT_VEC4)
    fail("varying 1 = %s (len %d size %d type 0x%x), expected gl_Position vec4", nb, len, size,
         type);
  gl.GetTransformFeedbackVarying(p, 3, sizeof nb, &len, &size, &type, nb);
  expect_error(GL_INVALID_VALUE, "glGetTransformFeedbackVarying(index 3 of 3)");

  /* GL 3.3 has no transform feedback objects (ARB_transform_feedback2 is not advertised):
   * their entry points refuse and their state is not a glGet enum. */
  if (context_version() < 40 && !has_ext("GL_ARB_transform_feedback2")) {
    GLuint tfo = 0;
    gl.GenTransformFeedbacks(1, &tfo);
    expect_error(GL_INVALID_OPERATION, "glGenTransformFeedbacks in a GL 3.3 context");
    gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
    expect_error(GL_INVALID_OPERATION, "glBindTransformFeedback in a GL 3.3 context");
    GLint tfb = -1;
    glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &tfb);
    expect_error(GL_INVALID_ENUM, "glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING) in GL 3.3");
    glGetIntegerv(GL_TRANSFORM_FEEDBACK_PAUSED, &tfb);
    expect_error(GL_INVALID_ENUM, "glGetIntegerv(GL_TRANSFORM_FEEDBACK_PAUSED) in GL 3.3");
  } else {
    skipped("the refusals of transform feedback objects (the context is GL 4.0+ "
            "or has ARB_transform_feedback2)");
  }
  /* Begin errors before anything is bound. */
  gl.UseProgram(0);
  gl.BeginTransformFeedback(GL_TRIANGLES);
  expect_error(GL_INVALID_OPERATION, "glBeginTransformFeedback(no program)");
  gl.UseProgram(p);
  gl.Uniform4fv(uloc(p, "u_color"), 1, rc.v);
  gl.Uniform1f(uloc(p, "u_k"), 7.0f);
  gl.BeginTransformFeedback(GL_TRIANGLES);
  expect_error(GL_INVALID_OPERATION, "glBeginTransformFeedback(no buffer bound)");
  gl.BeginTransformFeedback(GL_TRIANGLE_STRIP);
  expect_error(GL_INVALID_ENUM, "glBeginTransformFeedback(GL_TRIANGLE_STRIP)");
  gl.EndTransformFeedback();
  expect_error(GL_INVALID_OPERATION, "glEndTransformFeedback(not active)");
  gl.PauseTransformFeedback();
  expect_error(GL_INVALID_OPERATION, "glPauseTransformFeedback(not active)");

  /* Interleaved: 6 vertices x 36 bytes, between 16 untouched bytes each side. */
  enum { STRIDE = 36, N = 6 };
  GLuint bi = xfb_buffer(16 + N * STRIDE + 16);
  gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bi, 16, N * STRIDE);
  gl.BeginTransformFeedback(GL_TRIANGLES);
  check_gl_error("glBeginTransformFeedback(GL_TRIANGLES)");
  gl.BeginTransformFeedback(GL_TRIANGLES);
  expect_error(GL_INVALID_OPERATION, "glBeginTransformFeedback while active");
  gl.ResumeTransformFeedback();
  expect_error(GL_INVALID_OPERATION, "glResumeTransformFeedback(not paused)");
  glDrawArrays(GL_POINTS, 0, 6);
  expect_error(GL_INVALID_OPERATION, "GL_POINTS draw under a GL_TRIANGLES capture");
  gl.UseProgram(0);
  expect_error(GL_INVALID_OPERATION, "glUseProgram while capturing");
  gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, bi);
  expect_error(GL_INVALID_OPERATION, "glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER) while "
                                     "capturing");
  gl.LinkProgram(p);
  expect_error(GL_INVALID_OPERATION, "glLinkProgram of the capturing program");
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.EndTransformFeedback();
  check_gl_error("interleaved capture");
  unsigned char raw[16 + N * STRIDE + 16];
  read_buffer(bi, 0, sizeof raw, raw);
  check_sentinel("interleaved: bytes before the range", raw, 16);
  check_sentinel("interleaved: bytes after the range", raw + 16 + N * STRIDE, 16);
  for (int vx = 0; vx < N; vx++) {
    float want[9], got[9];
    int k = 0;
    for (int j = 0; j < 3; j++)
      k += xfb_expect(il[j], v, vx, 7.0f, want + k);
    memcpy(got, raw + 16 + vx * STRIDE, sizeof got);
    char what[64];
    snprintf(what, sizeof what, "interleaved vertex %d", vx);
    check_words(what, got, want, 9);
  }

  /* Separate: v_a alone into buffer 0, v_b alone into buffer 1 at offset 16; the frame is not
   * touched (rasterizer discard). */
  const char *sep[] = {"v_a", "v_b"};
  GLuint ps = xfb_program(sep, 2, GL_SEPARATE_ATTRIBS, log, sizeof log);
  if (!ps)
    die_setup("separate transform feedback program failed to link:\n%s", log);
  gl.GetProgramiv(ps, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &iv);
  if (iv != GL_SEPARATE_ATTRIBS)
    fail("separate program: GL_TRANSFORM_FEEDBACK_BUFFER_MODE = 0x%x", iv);
  gl.UseProgram(ps);
  gl.Uniform4fv(uloc(ps, "u_color"), 1, V4(1.0f, 0.0f, 0.0f, 1.0f).v);
  gl.Uniform1f(uloc(ps, "u_k"), -3.0f);
  GLuint b0 = xfb_buffer(N * 16), b1 = xfb_buffer(16 + N * 4 + 8);
  gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b0);
  gl.BeginTransformFeedback(GL_TRIANGLES);
  expect_error(GL_INVALID_OPERATION, "separate capture with binding 1 empty");
  gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b1, 16, N * 4);
  glEnable(GL_RASTERIZER_DISCARD);
  gl.BeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.EndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  check_gl_error("separate capture");
  float ga[N * 4], gb[N], wa[N * 4], wb[N];
  unsigned char r1[16 + N * 4 + 8];
  read_buffer(b0, 0, sizeof ga, ga);
  read_buffer(b1, 0, sizeof r1, r1);
  memcpy(gb, r1 + 16, sizeof gb);
  for (int vx = 0; vx < N; vx++) {
    xfb_expect("v_a", v, vx, -3.0f, wa + 4 * vx);
    xfb_expect("v_b", v, vx, -3.0f, wb + vx);
  }
  check_words("separate buffer 0 (v_a)", ga, wa, N * 4);
  check_words("separate buffer 1 (v_b)", gb, wb, N);
  check_sentinel("separate buffer 1 before its range", r1, 16);
  check_sentinel("separate buffer 1 after its range", r1 + 16 + N * 4, 8);

  model md;
  model_init(&md, bg);
  model_rect(&md, 8, 8, 40, 24, to8(rc));
  check_frame("the interleaved capture's rect (the separate one discarded)", &md);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  gl.DeleteProgram(ps);
  GLuint bufs[] = {bi, b0, b1, m.vbo};
  gl.DeleteBuffers(4, bufs);
}

/* xfb_resume: one capture that spans everything the backend breaks its rendering scopes at, and
 * a pause. Draw 0 (u_k = 1), draw 1 (u_k = 2) with blending on (a new pipeline under the
 * capture), a glBufferSubData of another buffer, a glFlush, pause, draw 2 (u_k = 3: not
 * captured, but rendered), resume, draw 3 (u_k = 4) with rasterizer discard: the buffer holds
 * draws 0, 1 and 3 back to back. Then the captured vertices of draw 3 are drawn as a vertex buffer in a second
 * colour over the rect of draws 0..2, so a capture that went wrong also shows in pixels. */
static void sc_xfb_resume(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), rc = V4(0.4f, 0.8f, 0.2f, 1.0f);
  float v[12], other[12];
  rect_vertices(v, 16, 16, 48, 48);
  memset(other, 0, sizeof other);
  mesh m = make_mesh(v, 6);
  GLuint spare;
  gl.GenBuffers(1, &spare);
  gl.BindBuffer(GL_COPY_WRITE_BUFFER, spare);
  gl.BufferData(GL_COPY_WRITE_BUFFER, sizeof other, other, GL_DYNAMIC_DRAW);
  clear_to(bg);
  char log[2048] = "";
  const char *names[] = {"v_a"};
  GLuint p = xfb_program(names, 1, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
  if (!p)
    die_setup("transform feedback program failed to link:\n%s", log);
  gl.UseProgram(p);
  gl.Uniform4fv(uloc(p, "u_color"), 1, rc.v);
  enum { N = 6, DRAWS = 4 };
  GLuint b = xfb_buffer((DRAWS + 1) * N * 16);
  gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
  glBlendFunc(GL_ONE, GL_ZERO); /* blending that changes nothing: only the pipeline differs */

  gl.BeginTransformFeedback(GL_TRIANGLES);
  gl.Uniform1f(uloc(p, "u_k"), 1.0f);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glEnable(GL_BLEND); /* a new pipeline with nothing else between the two draws */
  gl.Uniform1f(uloc(p, "u_k"), 2.0f);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_BLEND);
  gl.BindBuffer(GL_COPY_WRITE_BUFFER, spare);
  gl.BufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof other, v);
  glFlush();
  gl.PauseTransformFeedback();
  check_gl_error("glPauseTransformFeedback");
  gl.PauseTransformFeedback();
  expect_error(GL_INVALID_OPERATION, "glPauseTransformFeedback(already paused)");
  gl.Uniform1f(uloc(p, "u_k"), 3.0f);
  glEnable(GL_RASTERIZER_DISCARD);
  glDrawArrays(GL_LINES, 0, 6); /* paused: any mode may draw */
  glDisable(GL_RASTERIZER_DISCARD);
  check_gl_error("a GL_LINES draw while paused");
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.ResumeTransformFeedback();
  check_gl_error("glResumeTransformFeedback");
  glEnable(GL_RASTERIZER_DISCARD);
  gl.Uniform1f(uloc(p, "u_k"), 4.0f);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_RASTERIZER_DISCARD);
  gl.EndTransformFeedback();
  check_gl_error("the resumed capture");

  /* The GPU reads what it captured: the third captured draw's v_a.xy as vertex positions, in a
   * second colour (no CPU read in between). */
  const vec4f c2 = V4(0.8f, 0.2f, 0.6f, 1.0f);
  GLuint sp = solid_program();
  set_vec4(sp, "u_color", c2);
  GLuint vao;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.BindBuffer(GL_ARRAY_BUFFER, b);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 16, (void *)(uintptr_t)(2 * N * 16));
  gl.EnableVertexAttribArray(0);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("drawing the captured vertices");

  float got[(DRAWS + 1) * N * 4], want[DRAWS * N * 4];
  read_buffer(b, 0, sizeof got, got);
  const float ks[] = {1.0f, 2.0f, 4.0f};
  for (int d = 0; d < 3; d++)
    for (int vx = 0; vx < N; vx++)
      xfb_expect("v_a", v, vx, ks[d], want + (d * N + vx) * 4);
  check_words("captured draws 0, 1, 3", got, want, 3 * N * 4);
  check_sentinel("past the last captured draw", (const unsigned char *)(got + 3 * N * 4),
                 2 * N * 16);

  model md;
  model_init(&md, bg);
  model_rect(&md, 16, 16, 48, 48, to8(c2));
  check_frame("the captured vertices drawn over draws 0..2 (draw 3 discarded)", &md);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  gl.DeleteProgram(sp);
  gl.DeleteVertexArrays(1, &vao);
  GLuint bufs[] = {b, spare, m.vbo};
  gl.DeleteBuffers(3, bufs);
}

/* varying_pack: GL counts a stage interface in components, so nearly as many scalar varyings
 * as GL_MAX_VERTEX_OUTPUT_COMPONENTS says (120 floats on lavapipe, far more than its 32
 * locations) pass from the vertex to the fragment stage, each element its own value (read back
 * with a dynamic index and checked in the fragment shader). 8 components are left over because
 * the Vulkan validation layer (1.3.239) also counts gl_PerVertex's built-ins against
 * maxVertexOutputComponents. */
static void sc_varying_pack(void)
{
  static const char *vs = "#version 150\n"
                          "in vec2 a_pos;\n"
                          "flat out float v_f[min(gl_MaxVertexOutputComponents,\n"
                          "                       gl_MaxFragmentInputComponents) - 8];\n"
                          "void main() {\n"
                          "  for (int i = 0; i < v_f.length(); i++) v_f[i] = float(i * 3 + 1);\n"
                          "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                          "}\n";
  static const char *fs = "#version 150\n"
                          "flat in float v_f[min(gl_MaxVertexOutputComponents,\n"
                          "                      gl_MaxFragmentInputComponents) - 8];\n"
                          "out vec4 o_color;\n"
                          "void main() {\n"
                          "  int bad = 0;\n"
                          "  for (int i = 0; i < v_f.length(); i++)\n"
                          "    if (v_f[i] != float(i * 3 + 1)) bad++;\n"
                          "  o_color = bad == 0 ? vec4(0.0, 1.0, 0.0, 1.0)\n"
                          "                     : vec4(1.0, 0.0, float(bad) / 255.0, 1.0);\n"
                          "}\n";
  GLint comps = 0;
  glGetIntegerv(GL_MAX_VERTEX_OUTPUT_COMPONENTS, &comps);
  if (comps < 64)
    fail("GL_MAX_VERTEX_OUTPUT_COMPONENTS %d is below GL 3.2's 64", comps);
  static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
  GLuint p = link_program_b(vs, fs, attribs, NULL);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  float quad[12];
  rect_vertices(quad, 4, 4, 28, 20);
  mesh m = make_mesh(quad, 6);
  clear_to(bg);
  gl.UseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw with every varying component in use");
  model md;
  model_init(&md, bg);
  model_rect(&md, 4, 4, 28, 20, to8(V4(0.0f, 1.0f, 0.0f, 1.0f)));
  check_frame("each of the scalar varyings arrives", &md);
  gl.DeleteProgram(p);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteBuffers(1, &m.vbo);
}

/* uniform_init: GL uniform initializers (GLSL 1.20+, 4.3.5) are the uniforms' values after
 * link: an unsized array sized by its initializer and indexed by gl_InstanceID picks each
 * instance's colour, a scalar one moves the rects; then glUniform replaces one element and a
 * relink brings the initializer's value back. */
static void sc_uniform_init(void)
{
  static const char *vs = "#version 150\n"
                          "in vec2 a_pos;\n"
                          "uniform vec4 u_colors[] = vec4[](vec4(0.0, 1.0, 0.0, 1.0),\n"
                          "                                 vec4(0.0, 0.6, 0.4, 1.0),\n"
                          "                                 vec4(0.2, 0.0, 1.0, 1.0));\n"
                          "uniform float u_step = 16.0;\n"
                          "flat out vec4 v_color;\n"
                          "void main() {\n"
                          "  v_color = u_colors[gl_InstanceID];\n"
                          "  vec2 p = a_pos + vec2(u_step * float(gl_InstanceID), 0.0);\n"
                          "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
                          "}\n";
  static const char *fs = "#version 150\n"
                          "flat in vec4 v_color;\n"
                          "out vec4 o_color;\n"
                          "void main() { o_color = v_color; }\n";
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  const vec4f cols[3] = {V4(0.0f, 1.0f, 0.0f, 1.0f), V4(0.0f, 0.6f, 0.4f, 1.0f),
                         V4(0.2f, 0.0f, 1.0f, 1.0f)};
  static const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
  GLuint p = link_program_b(vs, fs, attribs, NULL);
  GLint size = 0;
  GLenum type = 0;
  char name[32] = "";
  GLint n = 0;
  gl.GetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
  for (GLint i = 0; i < n; i++) {
    gl.GetActiveUniform(p, (GLuint)i, sizeof name, NULL, &size, &type, name);
    if (!strcmp(name, "u_colors[0]") && (size != 3 || type != GL_FLOAT_VEC4))
      fail("u_colors: size %d type 0x%x, expected 3 vec4", size, type);
  }
  float got[4] = {0};
  gl.GetUniformfv(p, uloc(p, "u_colors[2]"), got);
  if (memcmp(got, cols[2].v, sizeof got))
    fail("glGetUniformfv(u_colors[2]) = %g %g %g %g", got[0], got[1], got[2], got[3]);
  float quad[12];
  rect_vertices(quad, 4, 8, 16, 24);
  mesh m = make_mesh(quad, 6);
  clear_to(bg);
  gl.UseProgram(p);
  gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, 3);
  check_gl_error("instanced draw with initialized uniforms");
  model md;
  model_init(&md, bg);
  for (int i = 0; i < 3; i++)
    model_rect(&md, 4 + 16 * i, 8, 16 + 16 * i, 24, to8(cols[i]));
  check_frame("colours from u_colors' initializer", &md);

  /* glUniform overrides; a relink starts again from the initializers */
  const vec4f red = V4(1.0f, 0.0f, 0.0f, 1.0f);
  gl.Uniform4fv(uloc(p, "u_colors[1]"), 1, red.v);
  gl.Uniform1f(uloc(p, "u_step"), 20.0f);
  clear_to(bg);
  gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, 3);
  model_init(&md, bg);
  for (int i = 0; i < 3; i++)
    model_rect(&md, 4 + 20 * i, 8, 16 + 20 * i, 24, to8(i == 1 ? red : cols[i]));
  check_frame("u_colors[1] and u_step set with glUniform", &md);
  gl.LinkProgram(p);
  clear_to(bg);
  gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, 3);
  model_init(&md, bg);
  for (int i = 0; i < 3; i++)
    model_rect(&md, 4 + 16 * i, 8, 16 + 16 * i, 24, to8(cols[i]));
  check_frame("after a relink: the initializers' values again", &md);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteBuffers(1, &m.vbo);
}

/* xfb_parts_packed: capture of every member of an array of structs by name ("v[1].a", ...):
 * the array takes 24 of the 32 output locations (lavapipe's 128 components), so the captured
 * parts only fit when their hidden copies share locations. 3 vertices, each word a distinct
 * exact value (floats and ints in the same capture), read back byte for byte. */
static void sc_xfb_parts_packed(void)
{
  static const char *vs_src = "#version 330 core\n"
                              "struct S { float a[3]; int b[2]; vec2 c; };\n"
                              "flat out S v[4];\n"
                              "void main() {\n"
                              "  float k = float(gl_VertexID * 100);\n"
                              "  for (int i = 0; i < 4; i++) {\n"
                              "    for (int j = 0; j < 3; j++) v[i].a[j] = k + float(i * 10 + j);\n"
                              "    for (int j = 0; j < 2; j++) v[i].b[j] = -(gl_VertexID * 100 + i * 10 + j);\n"
                              "    v[i].c = vec2(k + float(i * 10) + 0.5, k + float(i * 10) + 0.25);\n"
                              "  }\n"
                              "  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
                              "}\n";
  static const char *names[] = {"v[0].a", "v[0].b", "v[0].c", "v[1].a", "v[1].b", "v[1].c",
                                "v[2].a", "v[2].b", "v[2].c", "v[3].a", "v[3].b", "v[3].c"};
  enum { WORDS = 4 * 7, N = 3 };
  GLuint vs = compile(GL_VERTEX_SHADER, vs_src);
  GLuint fs = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
  GLuint p = gl.CreateProgram();
  gl.AttachShader(p, vs);
  gl.AttachShader(p, fs);
  gl.TransformFeedbackVaryings(p, 12, names, GL_INTERLEAVED_ATTRIBS);
  gl.LinkProgram(p);
  gl.DeleteShader(vs);
  gl.DeleteShader(fs);
  GLint ok = 0;
  gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[4096] = "";
    gl.GetProgramInfoLog(p, sizeof log, NULL, log);
    fail("capturing the members of S v[4] failed to link: %s", log);
    gl.DeleteProgram(p);
    return;
  }
  GLsizei len = 0, size = 0;
  GLenum type = 0;
  char nb[32] = "";
  gl.GetTransformFeedbackVarying(p, 4, sizeof nb, &len, &size, &type, nb);
  if (strcmp(nb, "v[1].b") || size != 2 || type != GL_INT)
    fail("varying 4 = %s (size %d type 0x%x), expected v[1].b int[2]", nb, size, type);
  GLuint vao, b = xfb_buffer(N * WORDS * 4 + 16);
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.UseProgram(p);
  gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, N * WORDS * 4);
  glEnable(GL_RASTERIZER_DISCARD);
  gl.BeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_TRIANGLES, 0, N);
  gl.EndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  check_gl_error("capture of the struct members");
  union {
    float f;
    int32_t i;
  } got[N * WORDS + 4], want[N * WORDS];
  read_buffer(b, 0, sizeof got, got);
  for (int vx = 0, w = 0; vx < N; vx++) {
    for (int i = 0; i < 4; i++) {
      for (int j = 0; j < 3; j++)
        want[w++].f = (float)(vx * 100 + i * 10 + j);
      for (int j = 0; j < 2; j++)
        want[w++].i = -(vx * 100 + i * 10 + j);
      want[w++].f = (float)(vx * 100 + i * 10) + 0.5f;
      want[w++].f = (float)(vx * 100 + i * 10) + 0.25f;
    }
  }
  for (int w = 0; w < N * WORDS; w++) {
    if (got[w].i != want[w].i) {
      fail("captured word %d (vertex %d) = 0x%08x (%g), expected 0x%08x (%g)", w, w / WORDS,
           (unsigned)got[w].i, got[w].f, (unsigned)want[w].i, want[w].f);
      break;
    }
  }
  check_sentinel("past the capture", (const unsigned char *)(got + N * WORDS), 16);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  gl.DeleteVertexArrays(1, &vao);
  gl.DeleteBuffers(1, &b);
}

/* xfb_queries: GL_PRIMITIVES_GENERATED and GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN (§2.16).
 * A capture with room for 2 triangles gets 4 (2 draws, a glBufferSubData between them so the
 * queries span two rendering scopes): 4 generated, 2 written, and the buffer holds the first
 * draw's. Without a capture, under rasterizer discard: a triangle and a 6-vertex strip generate
 * 1 + 4. The frame stays the clear colour. Plus the query errors these targets add. */
static void sc_xfb_queries(void)
{
  const vec4f bg = V4(0.2f, 0.2f, 0.4f, 1.0f);
  float v[12], spare_data[12];
  rect_vertices(v, 8, 8, 56, 56);
  memset(spare_data, 0, sizeof spare_data);
  mesh m = make_mesh(v, 6);
  GLuint spare;
  gl.GenBuffers(1, &spare);
  gl.BindBuffer(GL_COPY_WRITE_BUFFER, spare);
  gl.BufferData(GL_COPY_WRITE_BUFFER, sizeof spare_data, spare_data, GL_DYNAMIC_DRAW);
  clear_to(bg);
  char log[2048] = "";
  const char *names[] = {"v_a"};
  GLuint p = xfb_program(names, 1, GL_INTERLEAVED_ATTRIBS, log, sizeof log);
  if (!p)
    die_setup("transform feedback program failed to link:\n%s", log);
  gl.UseProgram(p);
  gl.Uniform4fv(uloc(p, "u_color"), 1, V4(1.0f, 1.0f, 1.0f, 1.0f).v);
  gl.Uniform1f(uloc(p, "u_k"), 5.0f);
  GLint bits = 0;
  gl.GetQueryiv(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, GL_QUERY_COUNTER_BITS, &bits);
  if (bits < 32)
    fail("GL_QUERY_COUNTER_BITS of GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN = %d", bits);

  enum { N = 6 };
  GLuint b = xfb_buffer(N * 16 + 32); /* 2 triangles fit in the bound range, the rest is fence */
  gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, N * 16);
  GLuint q[3];
  gl.GenQueries(3, q);
  glEnable(GL_RASTERIZER_DISCARD);
  gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
  gl.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
  check_gl_error("glBeginQuery(primitive queries)");
  gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[2]);
  expect_error(GL_INVALID_OPERATION, "glBeginQuery(GL_PRIMITIVES_GENERATED) while active");
  gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
  expect_error(GL_INVALID_OPERATION, "glBeginQuery of an active query on another target");
  GLint cur = 0;
  gl.GetQueryiv(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, GL_CURRENT_QUERY, &cur);
  if ((GLuint)cur != q[1])
    fail("GL_CURRENT_QUERY of GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN = %d, expected %u", cur,
         q[1]);
  gl.BeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.BindBuffer(GL_COPY_WRITE_BUFFER, spare);
  gl.BufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof v, v);
  gl.Uniform1f(uloc(p, "u_k"), 6.0f);
  glDrawArrays(GL_TRIANGLES, 0, 6); /* the range is full: generated, not written */
  gl.EndTransformFeedback();
  gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
  gl.EndQuery(GL_PRIMITIVES_GENERATED);
  check_gl_error("the queried capture");
  GLuint64 generated = 0, written = 0;
  gl.GetQueryObjectui64v(q[0], GL_QUERY_RESULT, &generated);
  gl.GetQueryObjectui64v(q[1], GL_QUERY_RESULT, &written);
  check_gl_error("glGetQueryObjectui64v(primitive queries)");
  if (generated != 4 || written != 2)
    fail("captured into room for 2 of 4 triangles: generated %llu written %llu, expected 4 and 2",
         (unsigned long long)generated, (unsigned long long)written);
  float got[N * 4 + 8], want[N * 4];
  read_buffer(b, 0, sizeof got, got);
  for (int vx = 0; vx < N; vx++)
    xfb_expect("v_a", v, vx, 5.0f, want + 4 * vx);
  check_words("the two triangles that fit", got, want, N * 4);
  check_sentinel("past the bound range", (const unsigned char *)(got + N * 4), 32);

  /* No capture: primitives are still generated (discarded before rasterization). */
  gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[2]);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 6);
  gl.EndQuery(GL_PRIMITIVES_GENERATED);
  gl.GetQueryObjectui64v(q[2], GL_QUERY_RESULT, &generated);
  if (generated != 5)
    fail("a triangle and a 6-vertex strip generated %llu primitives, expected 5",
         (unsigned long long)generated);
  glDisable(GL_RASTERIZER_DISCARD);
  gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
  expect_error(GL_INVALID_OPERATION, "glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN) "
                                     "not active");
  gl.DeleteQueries(3, q);

  model md;
  model_init(&md, bg);
  check_frame("every draw discarded", &md);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  GLuint bufs[] = {b, spare, m.vbo};
  gl.DeleteBuffers(3, bufs);
}

/* ---- table, EGL setup, main ---------------------------------------------------------------- */


/* ---- compressed textures ------------------------------------------------------------------- */

/* An 8x8 texture drawn over the 64x64 frame, each texel an 8x8 square (texelFetch), with the
 * fragment colour fs computes from the texel. */
static void draw_texel_squares(GLuint prog)
{
  float quad[12];
  rect_vertices(quad, 0, 0, 64, 64);
  mesh mq = make_mesh(quad, 6);
  gl.UseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.DeleteBuffers(1, &mq.vbo);
  gl.DeleteVertexArrays(1, &mq.vao);
}

/* The expected frame of draw_texel_squares: grid[ty * 8 + tx] fills its 8x8 square. */
static rgba8 texel_grid_colour(const void *ctx, int x, int y)
{
  const rgba8 *grid = ctx;
  return grid[(y / 8) * 8 + x / 8];
}

static void rgtc_block(uint8_t *b, uint8_t c0, uint8_t c1, const uint8_t codes[16])
{
  uint64_t bits = 0;
  for (int i = 0; i < 16; i++)
    bits |= (uint64_t)codes[i] << (3 * i);
  b[0] = c0;
  b[1] = c1;
  for (int i = 0; i < 6; i++)
    b[2 + i] = (uint8_t)(bits >> (8 * i));
}

/* compressed_rgtc: GL 3.3's RGTC formats (§3.9.3), decoded by mgl in the client: an 8x8
 * COMPRESSED_RG_RGTC2 image from glCompressedTexImage2D (endpoints, and the interpolated
 * (6*200+100)/7 = 185.71 -> byte 186), one block replaced by glCompressedTexSubImage2D, a
 * signed RGTC1 image, plain pixels into an RGTC internal format, the level queries, and the
 * spec's errors (sizes, block alignment, format mismatch, non-specific and ES-only formats). */
static void sc_compressed_rgtc(void)
{
  static const uint8_t zeros[16] = {0};
  uint8_t codes[16];
  for (int i = 0; i < 16; i++)
    codes[i] = (uint8_t)((i % 4) < 2 ? 0 : (i % 4 == 2 ? 1 : 2)); /* columns 0,1: c0; 2: c1; 3: code 2 */
  /* 2x2 blocks of RGTC2: red block then green block, 16 bytes a block */
  uint8_t img[4 * 16];
  const uint8_t red_ends[4][2] = {{200, 100}, {255, 0}, {40, 160}, {120, 120}};
  for (int k = 0; k < 4; k++) {
    rgtc_block(img + 16 * k, red_ends[k][0], red_ends[k][1], codes);
    rgtc_block(img + 16 * k + 8, (uint8_t)(50 * k), 250, zeros); /* green: c0 everywhere */
  }
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 8, 8, 0, 63, img);
  expect_gl_error(GL_INVALID_VALUE, "glCompressedTexImage2D with imageSize 63 (64 needed)");
  gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 8, 8, 1, 64, img);
  expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexImage2D with border 1");
  gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG, 8, 8, 0, 64, img);
  expect_gl_error(GL_INVALID_ENUM, "glCompressedTexImage2D(GL_COMPRESSED_RG): not a specific format");
  const bool es3_compat = context_version() >= 43 || has_ext("GL_ARB_ES3_compatibility");
  if (!es3_compat) {
    gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, 32, img);
    expect_gl_error(GL_INVALID_ENUM, "glCompressedTexImage2D(ETC2) in OpenGL 3.3");
  } else {
    skipped("the refusal of ETC2 (the context is GL 4.3+ or has "
            "ARB_ES3_compatibility)");
  }
  gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 8, 8, 0, 64, img);
  check_gl_error("glCompressedTexImage2D(GL_COMPRESSED_RG_RGTC2)");

  GLint v = -1;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
  if (v != GL_TRUE)
    fail("GL_TEXTURE_COMPRESSED = %d for an RGTC2 image", v);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
  if (v != 64)
    fail("GL_TEXTURE_COMPRESSED_IMAGE_SIZE = %d, expected 64", v);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
  if (v != GL_COMPRESSED_RG_RGTC2)
    fail("GL_TEXTURE_INTERNAL_FORMAT = 0x%x", v);
  check_gl_error("compressed level queries");

  /* block (1,1): red 0 <= 255 -> codes 0,1 and (4*0+255)/5 = 51 for code 2 */
  uint8_t sub[16];
  rgtc_block(sub, 0, 255, codes);
  rgtc_block(sub + 8, 255, 0, zeros);
  gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 4, 4, 4, GL_COMPRESSED_RG_RGTC2, 16, sub);
  expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D at x 2 (not a block edge)");
  gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, sub);
  expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D with another format");
  gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RG_RGTC2, 15, sub);
  expect_gl_error(GL_INVALID_VALUE, "glCompressedTexSubImage2D with imageSize 15");
  gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RG_RGTC2, 16, sub);
  check_gl_error("glCompressedTexSubImage2D");

  /* the blocks read back byte for byte, block (1,1) replaced; into memory and a pack buffer */
  uint8_t want_blocks[64], got_blocks[80];
  memcpy(want_blocks, img, 64);
  memcpy(want_blocks + 48, sub, 16);
  memset(got_blocks, 0xA5, sizeof got_blocks);
  gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, got_blocks);
  check_gl_error("glGetCompressedTexImage");
  if (memcmp(got_blocks, want_blocks, 64) || got_blocks[64] != 0xA5)
    fail("glGetCompressedTexImage: the blocks differ from those uploaded (byte 48: %u, want %u)",
         got_blocks[48], want_blocks[48]);
  GLuint pbo;
  gl.GenBuffers(1, &pbo);
  gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
  gl.BufferData(GL_PIXEL_PACK_BUFFER, 80, NULL, GL_STREAM_READ);
  gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, (void *)16);
  check_gl_error("glGetCompressedTexImage into a pack buffer");
  memset(got_blocks, 0xA5, sizeof got_blocks);
  gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 16, 64, got_blocks);
  if (memcmp(got_blocks, want_blocks, 64))
    fail("glGetCompressedTexImage into a pack buffer: the blocks differ");
  gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, (void *)17);
  expect_gl_error(GL_INVALID_OPERATION, "glGetCompressedTexImage past the pack buffer's end");
  gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  gl.DeleteBuffers(1, &pbo);
  gl.GetCompressedTexImage(GL_TEXTURE_2D, -1, got_blocks);
  expect_gl_error(GL_INVALID_VALUE, "glGetCompressedTexImage at level -1");
  gl.GetCompressedTexImage(GL_PROXY_TEXTURE_2D, 0, got_blocks);
  expect_gl_error(GL_INVALID_ENUM, "glGetCompressedTexImage(GL_PROXY_TEXTURE_2D)");
  gl.GetCompressedTexImage(GL_TEXTURE_CUBE_MAP, 0, got_blocks);
  expect_gl_error(GL_INVALID_ENUM, "glGetCompressedTexImage(GL_TEXTURE_CUBE_MAP)");

  /* a 2D array from glTexStorage3D, filled a block at a time by glCompressedTexSubImage3D */
  GLuint ta;
  glGenTextures(1, &ta);
  glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
  gl.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_COMPRESSED_RED_RGTC1, 8, 4, 2);
  uint8_t ablk[4][8], aback[40];
  for (int k = 0; k < 4; k++) {
    rgtc_block(ablk[k], (uint8_t)(30 * k + 1), (uint8_t)(200 - k), codes);
    gl.CompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 4 * (k % 2), 0, k / 2, 4, 4, 1,
                               GL_COMPRESSED_RED_RGTC1, 8, ablk[k]);
  }
  check_gl_error("glCompressedTexSubImage3D into a 2D array");
  memset(aback, 0xA5, sizeof aback);
  gl.GetCompressedTexImage(GL_TEXTURE_2D_ARRAY, 0, aback);
  check_gl_error("glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY)");
  if (memcmp(aback, ablk, 32) || aback[32] != 0xA5)
    fail("glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY): the blocks differ");
  glDeleteTextures(1, &ta);
  glBindTexture(GL_TEXTURE_2D, t);

  /* a signed RGTC1 image: 64/127 and -127/127 */
  uint8_t sblk[8];
  rgtc_block(sblk, 64, 0x81 /* -127 */, codes);
  GLuint ts;
  glGenTextures(1, &ts);
  glBindTexture(GL_TEXTURE_2D, ts);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RED_RGTC1, 4, 4, 0, 8, sblk);
  check_gl_error("glCompressedTexImage2D(GL_COMPRESSED_SIGNED_RED_RGTC1)");

  /* plain pixels into an RGTC internal format (mgl keeps them as decoded texels) */
  GLuint tp;
  const GLubyte plain[4 * 4 * 2] = {10, 20, 30, 40, 50, 60, 70, 80};
  glGenTextures(1, &tp);
  glBindTexture(GL_TEXTURE_2D, tp);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 4, 4, 0, GL_RG, GL_UNSIGNED_BYTE, plain);
  check_gl_error("glTexImage2D into GL_COMPRESSED_RG_RGTC2");
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
  if (v != GL_TRUE)
    fail("GL_TEXTURE_COMPRESSED = %d after glTexImage2D(GL_COMPRESSED_RG_RGTC2)", v);
  GLuint tu;
  glGenTextures(1, &tu);
  glBindTexture(GL_TEXTURE_2D, tu);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
  expect_gl_error(GL_INVALID_OPERATION, "GL_TEXTURE_COMPRESSED_IMAGE_SIZE of an RGBA8 image");
  GLubyte back[64];
  gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, back);
  expect_gl_error(GL_INVALID_OPERATION, "glGetCompressedTexImage of an RGBA8 image");
  GLuint t3;
  glGenTextures(1, &t3);
  glBindTexture(GL_TEXTURE_3D, t3);
  gl.CompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 1, 0, 8, sblk);
  expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexImage3D(GL_TEXTURE_3D, RGTC1)");
  /* GL 3.3 lists no RGTC format there; extensions (ETC2 through ARB_ES3_compatibility) may
   * add formats, and mgl adds none */
  GLint nformats = -1, listed[64] = {0};
  glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &nformats);
  if (nformats >= 0 && nformats <= 64)
    glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, listed);
  for (GLint i = 0; i < nformats && i < 64; i++)
    if (listed[i] >= GL_COMPRESSED_RED_RGTC1 && listed[i] <= GL_COMPRESSED_SIGNED_RG_RGTC2)
      fail("GL_COMPRESSED_TEXTURE_FORMATS lists the RGTC format 0x%x", (unsigned)listed[i]);
  if (on_mgl() && nformats != 0)
    fail("GL_NUM_COMPRESSED_TEXTURE_FORMATS = %d in OpenGL 3.3 core (RGTC is not listed)",
         nformats);
  else if (!on_mgl())
    skipped("GL_NUM_COMPRESSED_TEXTURE_FORMATS = 0 (mgl's extension set)");

  const char *fs = "#version 330 core\n"
                   "uniform sampler2D u_tex;\n"
                   "uniform sampler2D u_stex;\n"
                   "out vec4 o_color;\n"
                   "void main() {\n"
                   "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
                   "  vec2 rg = texelFetch(u_tex, p / 8, 0).rg;\n"
                   "  float s = texelFetch(u_stex, (p / 8) % 4, 0).r;\n"
                   "  o_color = vec4(rg, s * 0.5 + 0.5, 1.0);\n"
                   "}\n";
  GLuint prog = link_program(VS_PIXELS, fs);
  gl.UseProgram(prog);
  gl.Uniform2f(uloc(prog, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(prog, "u_z"), 0.0f);
  gl.Uniform1i(uloc(prog, "u_tex"), 0);
  gl.Uniform1i(uloc(prog, "u_stex"), 1);
  gl.ActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, ts);
  gl.ActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, t);
  clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
  draw_texel_squares(prog);
  check_gl_error("draw the RGTC textures");

  model m;
  rgba8 grid[64];
  model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
  for (int ty = 0; ty < 8; ty++)
    for (int tx = 0; tx < 8; tx++) {
      const int k = (ty / 4) * 2 + tx / 4, col = tx % 4;
      int r, g;
      if (k == 3) { /* the replaced block: red 0 / 255 / 51, green 255 */
        r = col < 2 ? 0 : col == 2 ? 255 : 51;
        g = 255;
      } else {
        const int c0 = red_ends[k][0], c1 = red_ends[k][1];
        const double two = c0 > c1 ? (6.0 * c0 + c1) / 7.0 : (4.0 * c0 + c1) / 5.0;
        r = col < 2 ? c0 : col == 2 ? c1 : (int)floor(two + 0.5);
        g = 50 * k;
      }
      /* signed: 64/127 -> 0.752 -> 192; -1 -> 0; code 2 (6-code mode as 64 > -127: eight) */
      const int scol = (tx % 4) % 4;
      const double sv = scol < 2 ? 64.0 / 127 : scol == 2 ? -1.0 : (6.0 * 64 - 127) / 7.0 / 127;
      const int b = (int)floor((sv * 0.5 + 0.5) * 255.0 + 0.5);
      grid[ty * 8 + tx] = (rgba8){{(uint8_t)r, (uint8_t)g, (uint8_t)b, 255}};
    }
  model_rect_fn(&m, 0, 0, 64, 64, texel_grid_colour, grid);
  check_frame("RGTC textures", &m);
  GLuint all[5] = {t, ts, tp, tu, t3};
  glDeleteTextures(5, all);
  gl.DeleteProgram(prog);
}

/* compressed_etc2: OpenGL ES 3.0's ETC2/EAC formats (§3.8.6, Annex C), decoded by mgl in the
 * client: glTexStorage2D + glCompressedTexSubImage2D per block, one block in each ETC2 mode
 * (individual, differential, T, planar; texels as Mesa decodes them), an RGBA8_ETC2_EAC and a
 * punch-through image with transparent texels, the ten formats listed, and the errors ES adds
 * (no glTexImage2D/glTexSubImage2D of these formats, no 3D textures). */
static void sc_compressed_etc2(void)
{
  static const uint8_t blocks[4][8] = {
      {0x9a, 0x5c, 0x3e, 0xa4, 0xd3, 0x2b, 0x71, 0x0e}, /* individual */
      {0x52, 0x8b, 0x31, 0x4b, 0x96, 0x1d, 0xe2, 0x47}, /* differential */
      {0xfb, 0x3c, 0x85, 0xd6, 0x5a, 0xa5, 0x0f, 0xf0}, /* T */
      {0x45, 0x67, 0xfb, 0xa2, 0x8e, 0x53, 0x17, 0xcd}, /* planar */
  };
  static const uint32_t texels[4][16] = { /* 0xRRGGBBAA, texel y * 4 + x */
      {0x813d1bff, 0xb16d4bff, 0x99bbddff, 0x99bbddff, 0x490500ff, 0x813d1bff, 0xa5c7e9ff,
       0xbbddffff, 0xe9a583ff, 0xb16d4bff, 0xafd1f3ff, 0x99bbddff, 0x490500ff, 0xb16d4bff,
       0xafd1f3ff, 0xa5c7e9ff},
      {0x356f14ff, 0x498328ff, 0x5b953aff, 0x498328ff, 0x6fa94eff, 0x5b953aff, 0x356f14ff,
       0x6fa94eff, 0x46881cff, 0x80c256ff, 0x5a9c30ff, 0x80c256ff, 0x5a9c30ff, 0x6cae42ff,
       0x6cae42ff, 0x46881cff},
      {0x8855ddff, 0x9360e8ff, 0x9360e8ff, 0x8855ddff, 0xff33ccff, 0x7d4ad2ff, 0x7d4ad2ff,
       0xff33ccff, 0x8855ddff, 0x9360e8ff, 0x9360e8ff, 0x8855ddff, 0xff33ccff, 0x7d4ad2ff,
       0x7d4ad2ff, 0xff33ccff},
      {0x8ae7ffff, 0x78d1c9ff, 0x66bb94ff, 0x53a55eff, 0x80ddccff, 0x6ec797ff, 0x5bb161ff,
       0x499b2bff, 0x76d39aff, 0x63bd64ff, 0x51a72eff, 0x3f9100ff, 0x6bc967ff, 0x59b331ff,
       0x479d00ff, 0x358700ff},
  };
  static const uint8_t punch[8] = {0x62, 0x8a, 0x4c, 0x48, 0x5a, 0xc3, 0x3c, 0xa5};
  static const uint32_t punch_texels[16] = {
      0x466f2dff, 0x638c4aff, 0x739c29ff, 0x567f0cff, 0x00000000, 0x80a967ff, 0x00000000,
      0x90b946ff, 0x80a967ff, 0x00000000, 0x90b946ff, 0x00000000, 0x638c4aff, 0x466f2dff,
      0x567f0cff, 0x739c29ff};
  (void)es_version(30);

  GLint n = -1;
  glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
  GLint formats[32] = {0};
  glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, formats);
  check_gl_error("compressed format queries");
  int has_rgb8 = 0;
  for (int i = 0; i < n && i < 32; i++)
    has_rgb8 |= formats[i] == GL_COMPRESSED_RGB8_ETC2;
  /* ES 3.0 lists the ten ETC2/EAC formats; extensions may add more, mgl adds ETC1's
   * (OES_compressed_ETC1_RGB8_texture) */
  if (n < 10 || !has_rgb8 || (on_mgl() && n != 11))
    fail("GL_NUM_COMPRESSED_TEXTURE_FORMATS = %d (expected the 10 ETC2/EAC formats and ETC1)", n);
  if (!on_mgl())
    skipped("exactly 11 compressed formats (mgl's extension set)");

  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGB8_ETC2, 8, 8);
  check_gl_error("glTexStorage2D(GL_COMPRESSED_RGB8_ETC2)");
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  for (int k = 0; k < 4; k++)
    gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, (k % 2) * 4, (k / 2) * 4, 4, 4,
                               GL_COMPRESSED_RGB8_ETC2, 8, blocks[k]);
  check_gl_error("glCompressedTexSubImage2D of four ETC2 blocks");
  const GLubyte rgba[16 * 4] = {0};
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  expect_gl_error(GL_INVALID_OPERATION, "glTexSubImage2D into an ETC2 image");
  GLuint tx;
  glGenTextures(1, &tx);
  glBindTexture(GL_TEXTURE_2D, tx);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, rgba);
  expect_gl_error(GL_INVALID_VALUE, "glTexImage2D(GL_COMPRESSED_RGB8_ETC2)");
  GLuint t3;
  glGenTextures(1, &t3);
  glBindTexture(GL_TEXTURE_3D, t3);
  gl.CompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 1, 0, 8, blocks[0]);
  expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexImage3D(GL_TEXTURE_3D, ETC2)");

  GLuint tp;
  glGenTextures(1, &tp);
  glBindTexture(GL_TEXTURE_2D, tp);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, 4, 4, 0,
                          8, punch);
  check_gl_error("glCompressedTexImage2D(punch-through alpha)");

  const char *vs = "#version 300 es\n"
                   "layout(location = 0) in vec2 a_pos;\n"
                   "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *fs = "#version 300 es\n"
                   "precision highp float;\n"
                   "uniform highp sampler2D u_tex;\n"
                   "uniform highp sampler2D u_punch;\n"
                   "out vec4 o_color;\n"
                   "void main() {\n"
                   "  ivec2 p = ivec2(gl_FragCoord.xy) / 8;\n"
                   "  o_color = p.y < 6 ? texelFetch(u_tex, p, 0) : texelFetch(u_punch, p % 4, 0);\n"
                   "}\n";
  GLuint prog = link_program(vs, fs);
  gl.UseProgram(prog);
  gl.Uniform1i(uloc(prog, "u_tex"), 0);
  gl.Uniform1i(uloc(prog, "u_punch"), 1);
  gl.ActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, tp);
  gl.ActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, t);
  clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
  draw_texel_squares(prog);
  check_gl_error("draw the ETC2 textures");

  model m;
  rgba8 grid[64];
  model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
  for (int ty = 0; ty < 8; ty++)
    for (int tx2 = 0; tx2 < 8; tx2++) {
      const uint32_t c = ty < 6 ? texels[(ty / 4) * 2 + tx2 / 4][(ty % 4) * 4 + tx2 % 4]
                                : punch_texels[(ty % 4) * 4 + tx2 % 4];
      grid[ty * 8 + tx2] =
          (rgba8){{(uint8_t)(c >> 24), (uint8_t)(c >> 16), (uint8_t)(c >> 8), (uint8_t)c}};
    }
  model_rect_fn(&m, 0, 0, 64, 64, texel_grid_colour, grid);
  check_frame("ETC2 textures", &m);
  GLuint all[4] = {t, tx, t3, tp};
  glDeleteTextures(4, all);
  gl.DeleteProgram(prog);
}


/* client_arrays: OpenGL ES client-side vertex arrays (ES 3.0 §2.9.6): with vertex array object
 * zero and no GL_ARRAY_BUFFER, glVertexAttribPointer names the app's memory. Drawn: arrays from
 * a non-zero first vertex; client indices over client vertices; a buffer's indices over client
 * vertices with a base vertex; a buffer attribute beside a client one; an instanced client
 * attribute (divisor 1); and the same client memory changed between two draws (each draw reads
 * the memory as it is at that draw). A named vertex array refuses a client pointer. */
static void sc_client_arrays(void)
{
  (void)es_version(30);
  const char *vs = "#version 300 es\n"
                   "layout(location = 0) in vec2 a_pos;\n"
                   "layout(location = 1) in vec4 a_color;\n"
                   "layout(location = 2) in vec2 a_shift;\n"
                   "flat out lowp vec4 v_color;\n"
                   "void main() {\n"
                   "  v_color = a_color;\n"
                   "  gl_Position = vec4((a_pos + a_shift) / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "#version 300 es\n"
                   "precision mediump float;\n"
                   "flat in lowp vec4 v_color;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = v_color; }\n";
  GLuint p = link_program(vs, fs);
  gl.UseProgram(p);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  gl.BindBuffer(GL_ARRAY_BUFFER, 0);
  gl.VertexAttrib2f(2, 0.0f, 0.0f); /* no shift unless the array says */

  /* 1: glDrawArrays from vertex 6 of 12 client vertices (the first six are off-screen junk) */
  float pos[24], col[48];
  for (int k = 0; k < 12; k++) {
    pos[2 * k] = -500.0f, pos[2 * k + 1] = -500.0f;
  }
  rect_vertices(pos + 12, 2, 2, 14, 14);
  const vec4f c1 = V4(1.0f, 0.2f, 0.2f, 1.0f);
  for (int k = 0; k < 12; k++)
    memcpy(col + 4 * k, c1.v, 16);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, col);
  gl.EnableVertexAttribArray(0);
  gl.EnableVertexAttribArray(1);
  glDrawArrays(GL_TRIANGLES, 6, 6);
  check_gl_error("glDrawArrays(first 6) from client arrays");

  /* 2: client indices (bytes 8..11 of a quad) over client vertices 8..11 */
  float qpos[24];
  for (int k = 0; k < 8; k++)
    qpos[2 * k] = -500.0f, qpos[2 * k + 1] = -500.0f;
  const float quad[8] = {18, 2, 30, 2, 30, 14, 18, 14};
  memcpy(qpos + 16, quad, sizeof quad);
  const vec4f c2 = V4(0.2f, 1.0f, 0.2f, 1.0f);
  float qcol[48];
  for (int k = 0; k < 12; k++)
    memcpy(qcol + 4 * k, c2.v, 16);
  const GLubyte idx[6] = {8, 9, 10, 8, 10, 11};
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, qpos);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, qcol);
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx);
  check_gl_error("glDrawElements with client indices and client arrays");

  /* 3: indices 12..15 from a buffer over client vertices 12..15 */
  float bpos[32];
  for (int k = 0; k < 16; k++)
    bpos[2 * k] = -500.0f, bpos[2 * k + 1] = -500.0f;
  const float quad3[8] = {34, 2, 46, 2, 46, 14, 34, 14};
  memcpy(bpos + 24, quad3, sizeof quad3);
  const vec4f c3 = V4(0.2f, 0.2f, 1.0f, 1.0f);
  float bcol[64];
  for (int k = 0; k < 16; k++)
    memcpy(bcol + 4 * k, c3.v, 16);
  GLuint ebo;
  gl.GenBuffers(1, &ebo);
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
  const GLubyte idx3[6] = {12, 13, 14, 12, 14, 15};
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx3, idx3, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, bpos);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, bcol);
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, (void *)0);
  check_gl_error("glDrawElements with buffer indices over client arrays");
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);

  /* 4: positions from a buffer, colours from client memory (no rebase: the copy starts at 0) */
  float vpos[12];
  rect_vertices(vpos, 50, 2, 62, 14);
  GLuint vbo;
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof vpos, vpos, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
  gl.BindBuffer(GL_ARRAY_BUFFER, 0);
  const vec4f c4 = V4(1.0f, 1.0f, 0.2f, 1.0f);
  float mcol[24];
  for (int k = 0; k < 6; k++)
    memcpy(mcol + 4 * k, c4.v, 16);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, mcol);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("a buffer attribute beside a client one");

  /* 5: three instances, the shift a client array with divisor 1 */
  float ipos[12];
  rect_vertices(ipos, 2, 20, 14, 32);
  const float shift[6] = {0, 0, 16, 0, 32, 0};
  const vec4f c5 = V4(0.2f, 1.0f, 1.0f, 1.0f);
  float icol[24];
  for (int k = 0; k < 6; k++)
    memcpy(icol + 4 * k, c5.v, 16);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, ipos);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, icol);
  gl.VertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, shift);
  gl.EnableVertexAttribArray(2);
  gl.VertexAttribDivisor(2, 1);
  gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, 3);
  check_gl_error("instanced client array");
  gl.VertexAttribDivisor(2, 0);
  gl.DisableVertexAttribArray(2);

  /* 6: the same memory drawn twice, changed between the draws */
  float cpos[12];
  rect_vertices(cpos, 2, 40, 14, 52);
  const vec4f c6a = V4(1.0f, 0.2f, 1.0f, 1.0f), c6b = V4(0.6f, 0.6f, 0.6f, 1.0f);
  float ccol[24];
  for (int k = 0; k < 6; k++)
    memcpy(ccol + 4 * k, c6a.v, 16);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, cpos);
  gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, ccol);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  rect_vertices(cpos, 18, 40, 30, 52);
  for (int k = 0; k < 6; k++)
    memcpy(ccol + 4 * k, c6b.v, 16);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("client memory changed between draws");

  /* a named vertex array takes no client pointer */
  GLuint vao;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, cpos);
  expect_gl_error(GL_INVALID_OPERATION, "glVertexAttribPointer(client memory) with a named VAO");
  gl.BindVertexArray(0);
  gl.DeleteVertexArrays(1, &vao);

  model m;
  model_init(&m, bg);
  model_rect(&m, 2, 2, 14, 14, to8(c1));
  model_rect(&m, 18, 2, 30, 14, to8(c2));
  model_rect(&m, 34, 2, 46, 14, to8(c3));
  model_rect(&m, 50, 2, 62, 14, to8(c4));
  for (int i = 0; i < 3; i++)
    model_rect(&m, 2 + 16 * i, 20, 14 + 16 * i, 32, to8(c5));
  model_rect(&m, 2, 40, 14, 52, to8(c6a));
  model_rect(&m, 18, 40, 30, 52, to8(c6b));
  check_frame("client arrays", &m);
  GLuint bufs[2] = {ebo, vbo};
  gl.DeleteBuffers(2, bufs);
  gl.DeleteProgram(p);
}


/* point_coord: gl_PointCoord's origin is the upper left (GL 3.3 §3.4.1, the default
 * GL_POINT_SPRITE_COORD_ORIGIN): in a 16-pixel point, x grows rightwards and y downwards; with
 * GL_LOWER_LEFT y grows upwards. The fragment shader paints the quadrants by
 * step(0.5, gl_PointCoord). */
static void sc_point_coord(void)
{
  const char *vs = "#version 330 core\n"
                   "layout(location = 0) in vec2 a_pos;\n"
                   "void main() { gl_PointSize = 16.0;\n"
                   "              gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *fs = "#version 330 core\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = vec4(step(0.5, gl_PointCoord), 0.0, 1.0); }\n";
  GLuint p = link_program(vs, fs);
  gl.UseProgram(p);
  const float pt[2] = {32.0f, 32.0f};
  mesh mp = make_mesh(pt, 1);
  glEnable(GL_PROGRAM_POINT_SIZE);
  const vec4f bg = V4(0.0f, 0.0f, 1.0f, 1.0f);
  clear_to(bg);
  glDrawArrays(GL_POINTS, 0, 1);
  glDisable(GL_PROGRAM_POINT_SIZE);
  check_gl_error("draw a 16-pixel point");
  model m;
  model_init(&m, bg);
  model_rect(&m, 24, 32, 32, 40, (rgba8){{0, 0, 0, 255}});     /* top left: (0, 0) */
  model_rect(&m, 32, 32, 40, 40, (rgba8){{255, 0, 0, 255}});   /* top right: (1, 0) */
  model_rect(&m, 24, 24, 32, 32, (rgba8){{0, 255, 0, 255}});   /* bottom left: (0, 1) */
  model_rect(&m, 32, 24, 40, 32, (rgba8){{255, 255, 0, 255}}); /* bottom right: (1, 1) */
  check_frame("gl_PointCoord quadrants", &m);

  /* GL_POINT_SPRITE_COORD_ORIGIN = GL_LOWER_LEFT: y grows upwards */
  gl.PointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
  check_gl_error("glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT)");
  GLint origin = 0;
  glGetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, &origin);
  if (origin != GL_LOWER_LEFT)
    fail("GL_POINT_SPRITE_COORD_ORIGIN reads 0x%x after setting GL_LOWER_LEFT", origin);
  clear_to(bg);
  glEnable(GL_PROGRAM_POINT_SIZE);
  glDrawArrays(GL_POINTS, 0, 1);
  glDisable(GL_PROGRAM_POINT_SIZE);
  gl.PointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
  check_gl_error("draw with the lower-left origin");
  model ml;
  model_init(&ml, bg);
  model_rect(&ml, 24, 24, 32, 32, (rgba8){{0, 0, 0, 255}});     /* bottom left: (0, 0) */
  model_rect(&ml, 32, 24, 40, 32, (rgba8){{255, 0, 0, 255}});   /* bottom right: (1, 0) */
  model_rect(&ml, 24, 32, 32, 40, (rgba8){{0, 255, 0, 255}});   /* top left: (0, 1) */
  model_rect(&ml, 32, 32, 40, 40, (rgba8){{255, 255, 0, 255}}); /* top right: (1, 1) */
  check_frame("gl_PointCoord quadrants, lower-left origin", &ml);
  gl.DeleteBuffers(1, &mp.vbo);
  gl.DeleteVertexArrays(1, &mp.vao);
  gl.DeleteProgram(p);
}


/* restart_fixed: OpenGL ES 3.0's GL_PRIMITIVE_RESTART_FIXED_INDEX (§2.8.1): the index type's
 * maximum (0xFF for bytes, 0xFFFF for shorts) splits a triangle strip into two quads; ES has
 * no GL_PRIMITIVE_RESTART and a desktop-only capability such as GL_PROGRAM_POINT_SIZE is
 * GL_INVALID_ENUM for glEnable and glIsEnabled. */
static void sc_restart_fixed(void)
{
  (void)es_version(30);
  const char *vs = "#version 300 es\n"
                   "layout(location = 0) in vec2 a_pos;\n"
                   "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *fs = "#version 300 es\n"
                   "precision mediump float;\n"
                   "uniform vec4 u_color;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = u_color; }\n";
  GLuint p = link_program(vs, fs);
  gl.UseProgram(p);
  /* two quads as strips: vertices 0-3 and 4-7 */
  const float v[16] = {4, 4, 20, 4, 4, 20, 20, 20, 36, 4, 52, 4, 36, 20, 52, 20};
  mesh mv = make_mesh(v, 8);
  const GLushort i16[9] = {0, 1, 2, 3, 0xffff, 4, 5, 6, 7};
  const GLubyte i8[9] = {0, 1, 2, 3, 0xff, 4, 5, 6, 7};
  GLuint ebo[2];
  gl.GenBuffers(2, ebo);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), c16 = V4(0.2f, 0.8f, 0.4f, 1.0f),
              c8 = V4(0.8f, 0.4f, 0.2f, 1.0f);
  clear_to(bg);
  glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  check_gl_error("glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX)");
  if (!glIsEnabled(GL_PRIMITIVE_RESTART_FIXED_INDEX))
    fail("GL_PRIMITIVE_RESTART_FIXED_INDEX not enabled after glEnable");
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[0]);
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof i16, i16, GL_STATIC_DRAW);
  set_vec4(p, "u_color", c16);
  glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, (void *)0);
  /* the same strips moved up by 24 pixels through byte indices */
  glViewport(0, 24, 64, 64);
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[1]);
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof i8, i8, GL_STATIC_DRAW);
  set_vec4(p, "u_color", c8);
  glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_BYTE, (void *)0);
  glViewport(0, 0, 64, 64);
  glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  check_gl_error("strips with restart indices");

  glEnable(GL_PRIMITIVE_RESTART);
  expect_gl_error(GL_INVALID_ENUM, "glEnable(GL_PRIMITIVE_RESTART) on OpenGL ES");
  glEnable(GL_PROGRAM_POINT_SIZE); /* ES always takes gl_PointSize; no switch */
  expect_gl_error(GL_INVALID_ENUM, "glEnable(GL_PROGRAM_POINT_SIZE) on OpenGL ES");
  (void)glIsEnabled(GL_PROGRAM_POINT_SIZE);
  expect_gl_error(GL_INVALID_ENUM, "glIsEnabled(GL_PROGRAM_POINT_SIZE) on OpenGL ES");

  model m;
  model_init(&m, bg);
  model_rect(&m, 4, 4, 20, 20, to8(c16));
  model_rect(&m, 36, 4, 52, 20, to8(c16));
  model_rect(&m, 4, 28, 20, 44, to8(c8));
  model_rect(&m, 36, 28, 52, 44, to8(c8));
  check_frame("strips split by the fixed restart index", &m);
  gl.DeleteBuffers(2, ebo);
  gl.DeleteBuffers(1, &mv.vbo);
  gl.DeleteVertexArrays(1, &mv.vao);
  gl.DeleteProgram(p);
}


/* point_size: GL 3.3 §3.4 (points): with GL_PROGRAM_POINT_SIZE disabled the size is
 * glPointSize's, whether or not the shader writes gl_PointSize; enabled, the shader's. Three
 * points: a shader that writes nothing at glPointSize(8); one writing 16 at glPointSize(4)
 * (4 wins); the same with GL_PROGRAM_POINT_SIZE enabled (16). */
static void sc_point_size(void)
{
  const char *vs0 = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *vs16 = "#version 330 core\n"
                     "layout(location = 0) in vec2 a_pos;\n"
                     "void main() { gl_PointSize = 16.0;\n"
                     "              gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *fs = "#version 330 core\n"
                   "uniform vec4 u_color;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = u_color; }\n";
  GLuint p0 = link_program(vs0, fs), p16 = link_program(vs16, fs);
  const float pts[6] = {12.0f, 12.0f, 40.0f, 12.0f, 32.0f, 44.0f};
  mesh mp = make_mesh(pts, 3);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), c0 = V4(1.0f, 0.2f, 0.2f, 1.0f),
              c1 = V4(0.2f, 1.0f, 0.2f, 1.0f), c2 = V4(0.2f, 0.2f, 1.0f, 1.0f);
  clear_to(bg);
  gl.UseProgram(p0);
  set_vec4(p0, "u_color", c0);
  glPointSize(8.0f);
  glDrawArrays(GL_POINTS, 0, 1);
  gl.UseProgram(p16);
  set_vec4(p16, "u_color", c1);
  glPointSize(4.0f);
  glDrawArrays(GL_POINTS, 1, 1);
  glEnable(GL_PROGRAM_POINT_SIZE);
  set_vec4(p16, "u_color", c2);
  glDrawArrays(GL_POINTS, 2, 1);
  glDisable(GL_PROGRAM_POINT_SIZE);
  glPointSize(1.0f);
  check_gl_error("points of three sizes");
  model m;
  model_init(&m, bg);
  model_rect(&m, 8, 8, 16, 16, to8(c0));
  model_rect(&m, 38, 10, 42, 14, to8(c1));
  model_rect(&m, 24, 36, 40, 52, to8(c2));
  check_frame("point sizes", &m);
  gl.DeleteBuffers(1, &mp.vbo);
  gl.DeleteVertexArrays(1, &mp.vao);
  gl.DeleteProgram(p0);
  gl.DeleteProgram(p16);
}

/* clear_layered: GL 3.3 §4.4.7: glClear on a layered framebuffer clears every layer, and the
 * colour mask and the scissor apply as to any clear. A 3-layer 2D array: cleared whole, then
 * cleared to white with red and blue writable only, inside a scissor rectangle; each layer
 * read back alone, then blitted into the window. */
static void sc_clear_layered(void)
{
  enum { LAYERS = 3 };
  const vec4f win = V4(0.0f, 0.0f, 0.0f, 1.0f), bg = V4(0.2f, 0.4f, 0.6f, 1.0f),
              masked = V4(1.0f, 0.4f, 1.0f, 1.0f);
  clear_to(win);
  static GLubyte junk[FL_N * FL_N * 4 * LAYERS];
  memset(junk, 0xA5, sizeof junk);
  GLuint tex, fbo[2];
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
  gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, FL_N, FL_N, LAYERS, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, junk);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  gl.GenFramebuffers(2, fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
  gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0);
  const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("layered 2D array: status 0x%x", st);
  glViewport(0, 0, FL_N, FL_N);
  glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
  glEnable(GL_SCISSOR_TEST);
  glScissor(2, 3, 4, 3);
  glClearColor(1.0f, 1.0f, 1.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  check_gl_error("masked, scissored clear of a layered framebuffer");

  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
  for (int l = 0; l < LAYERS; l++) {
    gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, l);
    char phase[64];
    snprintf(phase, sizeof phase, "layer %d after the masked clear", l);
    fl_expect_read(phase, 2, 3, 6, 6, masked, bg);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    gl.BlitFramebuffer(0, 0, FL_N, FL_N, 10 * l, 10, 10 * l + FL_N, 10 + FL_N,
                       GL_COLOR_BUFFER_BIT, GL_NEAREST);
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
  }
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);
  check_gl_error("layers read back");
  model m;
  model_init(&m, win);
  for (int l = 0; l < LAYERS; l++) {
    model_rect(&m, 10 * l, 10, 10 * l + FL_N, 10 + FL_N, to8(bg));
    model_rect(&m, 10 * l + 2, 13, 10 * l + 6, 16, to8(masked));
  }
  check_frame("every layer of the masked clear blitted into the window", &m);
  gl.DeleteFramebuffers(2, fbo);
  glDeleteTextures(1, &tex);
}

/* point_size_gs: GL 3.3 §3.4 with a geometry shader, the last vertex stage, emitting two points
 * per input point (the second 16 pixels to the right). With GL_PROGRAM_POINT_SIZE disabled
 * every emitted point takes glPointSize's size, whether the GS writes gl_PointSize or not; the
 * GS's outputs are undefined after each EmitVertex, so the second point needs it as much as the
 * first. Enabled, each point has the size the GS wrote before its EmitVertex (10, then 2).
 * Last, a GS that redeclares gl_PerVertex with gl_PointSize, writing 10 at glPointSize(2): 2. */
static void sc_point_size_gs(void)
{
  const char *vs = "#version 150 core\n"
                   "in vec2 a_pos;\n"
                   "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *gs_none = "#version 150 core\n"
                        "layout(points) in;\n"
                        "layout(points, max_vertices = 2) out;\n"
                        "void main() {\n"
                        "  gl_Position = gl_in[0].gl_Position;\n"
                        "  EmitVertex();\n"
                        "  gl_Position = gl_in[0].gl_Position + vec4(0.5, 0.0, 0.0, 0.0);\n"
                        "  EmitVertex();\n"
                        "  EndPrimitive();\n"
                        "}\n";
  const char *gs_sized = "#version 150 core\n"
                         "layout(points) in;\n"
                         "layout(points, max_vertices = 2) out;\n"
                         "void main() {\n"
                         "  gl_PointSize = 10.0;\n"
                         "  gl_Position = gl_in[0].gl_Position;\n"
                         "  EmitVertex();\n"
                         "  gl_PointSize = 2.0;\n"
                         "  gl_Position = gl_in[0].gl_Position + vec4(0.5, 0.0, 0.0, 0.0);\n"
                         "  EmitVertex();\n"
                         "}\n";
  /* gl_PerVertex redeclared (GLSL 1.50 §7.1), gl_PointSize kept */
  const char *gs_block = "#version 150 core\n"
                         "layout(points) in;\n"
                         "layout(points, max_vertices = 1) out;\n"
                         "out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };\n"
                         "void main() {\n"
                         "  gl_PointSize = 10.0;\n"
                         "  gl_Position = gl_in[0].gl_Position;\n"
                         "  EmitVertex();\n"
                         "}\n";
  const char *fs = "#version 150 core\n"
                   "uniform vec4 u_color;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = u_color; }\n";
  GLuint p0 = link_program_gs(vs, gs_none, fs), p1 = link_program_gs(vs, gs_sized, fs);
  GLuint p2 = link_program_gs(vs, gs_block, fs);
  expect_program_iv(p1, GL_GEOMETRY_OUTPUT_TYPE, GL_POINTS, "GL_GEOMETRY_OUTPUT_TYPE");
  const float pts[8] = {12.0f, 12.0f, 12.0f, 36.0f, 40.0f, 52.0f, 50.0f, 24.0f};
  mesh mp = make_mesh(pts, 4);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), c0 = V4(1.0f, 0.2f, 0.2f, 1.0f),
              c1 = V4(0.2f, 1.0f, 0.2f, 1.0f), c2 = V4(0.2f, 0.2f, 1.0f, 1.0f);
  clear_to(bg);
  gl.UseProgram(p0);
  set_vec4(p0, "u_color", c0);
  glPointSize(6.0f);
  glDrawArrays(GL_POINTS, 0, 1);
  gl.UseProgram(p1);
  set_vec4(p1, "u_color", c1);
  glPointSize(4.0f);
  glDrawArrays(GL_POINTS, 1, 1);
  glEnable(GL_PROGRAM_POINT_SIZE);
  set_vec4(p1, "u_color", c2);
  glDrawArrays(GL_POINTS, 2, 1);
  glDisable(GL_PROGRAM_POINT_SIZE);
  gl.UseProgram(p2);
  set_vec4(p2, "u_color", c0);
  glPointSize(2.0f);
  glDrawArrays(GL_POINTS, 3, 1);
  glPointSize(1.0f);
  check_gl_error("points from a geometry shader");
  model m;
  model_init(&m, bg);
  model_rect(&m, 9, 9, 15, 15, to8(c0));
  model_rect(&m, 25, 9, 31, 15, to8(c0));
  model_rect(&m, 10, 34, 14, 38, to8(c1));
  model_rect(&m, 26, 34, 30, 38, to8(c1));
  model_rect(&m, 35, 47, 45, 57, to8(c2));
  model_rect(&m, 55, 51, 57, 53, to8(c2));
  model_rect(&m, 49, 23, 51, 25, to8(c0));
  check_frame("geometry shader point sizes", &m);
  gl.DeleteBuffers(1, &mp.vbo);
  gl.DeleteVertexArrays(1, &mp.vao);
  gl.DeleteProgram(p0);
  gl.DeleteProgram(p1);
  gl.DeleteProgram(p2);
}

/* points_es: OpenGL ES 3.0 has no fixed-function point size; a vertex shader that writes no
 * gl_PointSize leaves it undefined, and Mesa draws 1-pixel points: so does mgl. A shader that
 * writes 4 gets 4-pixel points. */
static void sc_points_es(void)
{
  (void)es_version(30);
  const char *vs = "#version 300 es\n"
                   "layout(location = 0) in vec2 a_pos;\n"
                   "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *vs4 = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_PointSize = 4.0;\n"
                    "              gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *fs = "#version 300 es\n"
                   "precision mediump float;\n"
                   "uniform vec4 u_color;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = u_color; }\n";
  GLuint p1 = link_program(vs, fs), p4 = link_program(vs4, fs);
  const float pts[8] = {12.5f, 12.5f, 40.5f, 20.5f, 24.5f, 50.5f, 48.0f, 48.0f};
  mesh mp = make_mesh(pts, 4);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), c1 = V4(1.0f, 0.8f, 0.2f, 1.0f),
              c4 = V4(0.2f, 0.6f, 1.0f, 1.0f);
  clear_to(bg);
  gl.UseProgram(p1);
  set_vec4(p1, "u_color", c1);
  glDrawArrays(GL_POINTS, 0, 3);
  gl.UseProgram(p4);
  set_vec4(p4, "u_color", c4);
  glDrawArrays(GL_POINTS, 3, 1);
  check_gl_error("ES points");
  model m;
  model_init(&m, bg);
  model_rect(&m, 12, 12, 13, 13, to8(c1));
  model_rect(&m, 40, 20, 41, 21, to8(c1));
  model_rect(&m, 24, 50, 25, 51, to8(c1));
  model_rect(&m, 46, 46, 50, 50, to8(c4));
  check_frame("ES points without and with gl_PointSize", &m);
  gl.DeleteBuffers(1, &mp.vbo);
  gl.DeleteVertexArrays(1, &mp.vao);
  gl.DeleteProgram(p1);
  gl.DeleteProgram(p4);
}

/* ---- transform feedback objects (ES 3.0 §2.15.1) ------------------------------------------- */

static GLint get_int(GLenum pname)
{
  GLint v = -1;
  glGetIntegerv(pname, &v);
  return v;
}

static void expect_tfo_state(const char *what, GLuint binding, GLint active, GLint paused)
{
  GLint b = get_int(GL_TRANSFORM_FEEDBACK_BINDING), a = get_int(GL_TRANSFORM_FEEDBACK_ACTIVE),
        p = get_int(GL_TRANSFORM_FEEDBACK_PAUSED);
  check_gl_error("glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, _ACTIVE, _PAUSED)");
  if ((GLuint)b != binding || a != active || p != paused)
    fail("%s: binding %d active %d paused %d, expected %u %d %d", what, b, a, p, binding,
         active, paused);
}

/* The words of a capture buffer, read through a read mapping (ES 3.0 has no
 * glGetBufferSubData). */
static void map_read(GLuint b, GLsizeiptr bytes, void *out)
{
  gl.BindBuffer(GL_COPY_READ_BUFFER, b);
  const void *m = gl.MapBufferRange(GL_COPY_READ_BUFFER, 0, bytes, GL_MAP_READ_BIT);
  if (!m) {
    fail("glMapBufferRange(GL_MAP_READ_BIT) of a capture buffer: 0x%x", glGetError());
    memset(out, 0, (size_t)bytes);
    return;
  }
  memcpy(out, m, (size_t)bytes);
  gl.UnmapBuffer(GL_COPY_READ_BUFFER);
  check_gl_error("reading a capture buffer");
}

/* xfb_objects: two transform feedback objects captured alternately on an ES 3.0 context. Object
 * A (whole buffer bA) captures draws k = 1, 3, 5 and object B (bB from byte 16, room for exactly
 * two draws) k = 2, 4: each pause, bind of the other object and resume must go on at the
 * object's own write position, so bA holds 1, 3, 5 and bB 2, 4 back to back. Plus the object
 * errors (a bind while capturing, deleting an active object, names not from Gen, the target),
 * each object's own indexed bindings, GL_TRANSFORM_FEEDBACK_BINDING/_ACTIVE/_PAUSED, and ES
 * 3.0 §2.15.2: a glDrawArrays that would write past the range and any indexed draw while
 * capturing are GL_INVALID_OPERATION and write nothing. */
static void sc_xfb_objects(void)
{
  (void)es_version(30);
  const char *vs_src = "#version 300 es\n"
                       "layout(location = 0) in vec2 a_pos;\n"
                       "uniform float u_k;\n"
                       "out vec4 v_a;\n"
                       "void main() {\n"
                       "  v_a = vec4(a_pos, float(gl_VertexID), u_k);\n"
                       "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                       "}\n";
  const char *fs_src = "#version 300 es\n"
                       "precision mediump float;\n"
                       "out vec4 o_color;\n"
                       "void main() { o_color = vec4(1.0); }\n";
  GLuint vs = compile(GL_VERTEX_SHADER, vs_src), fs = compile(GL_FRAGMENT_SHADER, fs_src);
  GLuint p = gl.CreateProgram();
  gl.AttachShader(p, vs);
  gl.AttachShader(p, fs);
  const char *names[] = {"v_a"};
  gl.TransformFeedbackVaryings(p, 1, names, GL_INTERLEAVED_ATTRIBS);
  gl.LinkProgram(p);
  gl.DeleteShader(vs);
  gl.DeleteShader(fs);
  GLint ok = 0;
  gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok)
    die_setup("ES transform feedback program failed to link");
  gl.UseProgram(p);
  const GLint uk = uloc(p, "u_k");
  float v[12];
  rect_vertices(v, 8, 8, 40, 40);
  mesh m = make_mesh(v, 6);
  enum { N = 6, VB = 16 /* bytes a vertex */ };
  GLuint bA = xfb_buffer(3 * N * VB + 32), bB = xfb_buffer(16 + 2 * N * VB + 32), ebo;
  const GLubyte tri[3] = {0, 1, 2};
  gl.GenBuffers(1, &ebo);
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof tri, tri, GL_STATIC_DRAW);

  expect_tfo_state("a fresh context", 0, 0, 0);
  GLuint t[2];
  gl.GenTransformFeedbacks(2, t);
  check_gl_error("glGenTransformFeedbacks");
  if (!t[0] || !t[1] || t[0] == t[1])
    fail("glGenTransformFeedbacks gave %u and %u", t[0], t[1]);
  if (gl.IsTransformFeedback(t[0]))
    fail("glIsTransformFeedback of a name never bound is GL_TRUE");
  gl.GenTransformFeedbacks(-1, t);
  expect_error(GL_INVALID_VALUE, "glGenTransformFeedbacks(-1)");
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1] + 100);
  expect_error(GL_INVALID_OPERATION, "glBindTransformFeedback of a name not from Gen");
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK_BUFFER, t[0]);
  expect_error(GL_INVALID_ENUM, "glBindTransformFeedback(GL_TRANSFORM_FEEDBACK_BUFFER)");

  /* Each object keeps its own indexed bindings; the default object's stay empty. */
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
  check_gl_error("glBindTransformFeedback(A)");
  if (!gl.IsTransformFeedback(t[0]))
    fail("glIsTransformFeedback of a bound object is GL_FALSE");
  gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bA);
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
  gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bB, 16, 2 * N * VB);
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
  check_gl_error("binding capture ranges in two objects");
  GLint got = -1;
  gl.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &got);
  if (got != 0)
    fail("object 0's binding 0 = %d, expected 0 (the ranges went into A and B)", got);
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
  gl.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &got);
  if ((GLuint)got != bA)
    fail("object A's binding 0 = %d, expected %u", got, bA);
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
  gl.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &got);
  GLint start = -1, size = -1;
  gl.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 0, &start);
  gl.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 0, &size);
  if ((GLuint)got != bB || start != 16 || size != 2 * N * VB)
    fail("object B's binding 0 = %d [%d, +%d), expected %u [16, +%d)", got, start, size, bB,
         2 * N * VB);
  check_gl_error("glGetIntegeri_v of each object's bindings");

  glEnable(GL_RASTERIZER_DISCARD);
  /* A: k = 1, then paused. */
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
  gl.BeginTransformFeedback(GL_TRIANGLES);
  gl.Uniform1f(uk, 1.0f);
  glDrawArrays(GL_TRIANGLES, 0, N);
  check_gl_error("A's first draw");
  expect_tfo_state("A capturing", t[0], 1, 0);
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
  expect_error(GL_INVALID_OPERATION, "glBindTransformFeedback while A captures, unpaused");
  /* OES/EXT_geometry_shader (and ES 3.2) drop ES 3.0's two draw errors while capturing */
  const bool es30_rules = context_version() < 32 && !has_ext("GL_OES_geometry_shader") &&
                          !has_ext("GL_EXT_geometry_shader");
  if (es30_rules) {
    glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, (void *)0);
    expect_error(GL_INVALID_OPERATION, "glDrawElements while capturing (ES 3.0)");
  } else {
    skipped("ES 3.0's errors for indexed and overflowing draws while capturing "
            "(the context is ES 3.2 or has a geometry shader extension)");
  }
  gl.PauseTransformFeedback();
  expect_tfo_state("A paused", t[0], 1, 1);
  gl.DeleteTransformFeedbacks(2, t);
  expect_error(GL_INVALID_OPERATION, "glDeleteTransformFeedbacks of a paused (active) object");
  if (!gl.IsTransformFeedback(t[1]))
    fail("a refused glDeleteTransformFeedbacks deleted the other object");
  glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, (void *)0);
  check_gl_error("glDrawElements while paused");
  /* B: k = 2, paused; A resumes at its own position: k = 3. */
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
  expect_tfo_state("B bound, A paused", t[1], 0, 0);
  gl.LinkProgram(p);
  expect_error(GL_INVALID_OPERATION, "glLinkProgram of paused object A's program");
  gl.BeginTransformFeedback(GL_TRIANGLES);
  gl.Uniform1f(uk, 2.0f);
  glDrawArrays(GL_TRIANGLES, 0, N);
  gl.PauseTransformFeedback();
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
  expect_tfo_state("A bound again", t[0], 1, 1);
  gl.ResumeTransformFeedback();
  gl.Uniform1f(uk, 3.0f);
  glDrawArrays(GL_TRIANGLES, 0, N);
  gl.PauseTransformFeedback();
  check_gl_error("A, B, A");
  /* B resumes (k = 4), is full, and refuses one more draw; then ends. */
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
  gl.ResumeTransformFeedback();
  gl.Uniform1f(uk, 4.0f);
  glDrawArrays(GL_TRIANGLES, 0, N);
  check_gl_error("B's second draw (fills its range)");
  if (es30_rules) {
    gl.Uniform1f(uk, 9.0f);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    expect_error(GL_INVALID_OPERATION, "glDrawArrays past the end of B's range (ES 3.0)");
  }
  gl.EndTransformFeedback();
  /* A resumes (k = 5) and ends. */
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
  gl.ResumeTransformFeedback();
  gl.Uniform1f(uk, 5.0f);
  glDrawArrays(GL_TRIANGLES, 0, N);
  gl.EndTransformFeedback();
  check_gl_error("A's last draw");
  expect_tfo_state("A ended", t[0], 0, 0);
  glDisable(GL_RASTERIZER_DISCARD);

  float want[3 * N * 4];
  unsigned char ra[3 * N * VB + 32], rb[16 + 2 * N * VB + 32];
  map_read(bA, sizeof ra, ra);
  map_read(bB, sizeof rb, rb);
  const float ka[3] = {1.0f, 3.0f, 5.0f}, kb[2] = {2.0f, 4.0f};
  for (int d = 0; d < 3; d++)
    for (int vx = 0; vx < N; vx++)
      xfb_expect("v_a", v, vx, ka[d], want + (d * N + vx) * 4);
  check_words("object A: draws 1, 3, 5", (const float *)(const void *)ra, want, 3 * N * 4);
  check_sentinel("object A: past its three draws", ra + 3 * N * VB, 32);
  for (int d = 0; d < 2; d++)
    for (int vx = 0; vx < N; vx++)
      xfb_expect("v_a", v, vx, kb[d], want + (d * N + vx) * 4);
  float gb[2 * N * 4];
  memcpy(gb, rb + 16, sizeof gb);
  check_words("object B: draws 2, 4", gb, want, 2 * N * 4);
  check_sentinel("object B: before its range", rb, 16);
  check_sentinel("object B: past its range (the refused draw)", rb + 16 + 2 * N * VB, 32);

  /* Deleting the bound object binds zero; its name is gone. */
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[1]);
  gl.DeleteTransformFeedbacks(2, t);
  check_gl_error("glDeleteTransformFeedbacks");
  expect_tfo_state("after deleting the bound object", 0, 0, 0);
  if (gl.IsTransformFeedback(t[0]) || gl.IsTransformFeedback(t[1]))
    fail("glIsTransformFeedback of a deleted object is GL_TRUE");
  gl.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, t[0]);
  expect_error(GL_INVALID_OPERATION, "glBindTransformFeedback of a deleted name");
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  GLuint bufs[] = {bA, bB, ebo, m.vbo};
  gl.DeleteBuffers(4, bufs);
  gl.DeleteVertexArrays(1, &m.vao);
}

/* tex_rect: a 5x3 (non-power-of-two) rectangle texture sampled with texel coordinates by
 * texture (NEAREST, LINEAR, clamped past the edge), textureProj,
 * textureOffset, texelFetch and textureSize; usampler2DRect and isampler2DRect on integer rect
 * textures; sampler2DRectShadow with GL_COMPARE_REF_TO_TEXTURE. Each form writes a band of
 * 4x4-pixel cells; every cell's colour is computed here from the texels. */
static void rect_texel(int i, int j, uint8_t out[4])
{
  out[0] = (uint8_t)(40 * i + 10);
  out[1] = (uint8_t)(100 * j + 20);
  out[2] = (uint8_t)(7 + 2 * i + j);
  out[3] = 255;
}

static rgba8 rect_cell(int i, int j)
{
  rgba8 c;
  rect_texel(i, j, c.c);
  return c;
}

static void sc_tex_rect(void)
{
  uint8_t texels[3][5][4];
  uint8_t itexels[3][5][4];
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 5; i++) {
      rect_texel(i, j, texels[j][i]);
      for (int k = 0; k < 4; k++)
        itexels[j][i][k] = (uint8_t)(texels[j][i][k] / 2);
    }
  float depth[2][4];
  for (int j = 0; j < 2; j++)
    for (int i = 0; i < 4; i++)
      depth[j][i] = (float)(i + 4 * j) / 8.0f + 1.0f / 16.0f;

  GLuint tex[5];
  glGenTextures(5, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  gl.ActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex[0]);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 5, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl_error("rectangle texture");
  /* the same texels on unit 1, filtered LINEAR */
  gl.ActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex[4]);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 5, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  check_gl_error("linear rectangle texture");
  gl.ActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex[1]);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8UI, 5, 3, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
               texels);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  gl.ActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex[2]);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8I, 5, 3, 0, GL_RGBA_INTEGER, GL_BYTE, itexels);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl_error("integer rectangle textures");
  gl.ActiveTexture(GL_TEXTURE4);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex[3]);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_DEPTH_COMPONENT32F, 4, 2, 0, GL_DEPTH_COMPONENT,
               GL_FLOAT, depth);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  check_gl_error("depth rectangle texture");
  /* GL: a rectangle texture has no mipmaps and no repeat */
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, GL_REPEAT);
  expect_gl_error(GL_INVALID_ENUM, "GL_REPEAT on a rectangle texture");
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  expect_gl_error(GL_INVALID_ENUM, "a mipmap filter on a rectangle texture");

  /* bands of 4-pixel rows; cell (i, j) of a band is pixels [4i, 4i+4) x [y0 + 4j, y0 + 4j + 4) */
  static const char *fs =
      "#version 330 core\n"
      "uniform sampler2DRect u_n;\n"
      "uniform sampler2DRect u_l;\n"
      "uniform usampler2DRect u_u;\n"
      "uniform isampler2DRect u_i;\n"
      "uniform sampler2DRectShadow u_s;\n"
      "out vec4 o_color;\n"
      "void main() {\n"
      "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
      "  int i = p.x / 4, j = (p.y % 12) / 4;\n"
      "  vec2 c = vec2(i, j) + 0.5;\n"
      "  o_color = vec4(0.0, 0.0, 1.0, 1.0);\n"
      "  if (p.x >= 24) return;\n"
      "  if (p.y < 12) {\n" /* NEAREST, texel centres; cell 5 reads x = 7.25: clamped */
      "    o_color = texture(u_n, i == 5 ? vec2(7.25, c.y) : c);\n"
      "  } else if (p.y < 24) {\n" /* LINEAR half way between texel i and i+1 */
      "    o_color = texture(u_l, vec2(float(i) + 1.0, c.y));\n"
      "  } else if (p.y < 36) {\n"
      "    if (j == 0) o_color = textureProj(u_n, vec3(c * 2.0, 2.0));\n"
      "    else if (j == 1) o_color = textureOffset(u_n, c - vec2(1.0, 0.0), ivec2(1, 0));\n"
      "    else o_color = texelFetch(u_n, ivec2(i, 2));\n"
      "  } else if (p.y < 48) {\n"
      "    if (j == 0) o_color = vec4(texture(u_u, c)) / 255.0;\n"
      "    else if (j == 1) o_color = vec4(texelFetch(u_i, ivec2(i, 1)) * 2) / 255.0;\n"
      "    else o_color = vec4(vec2(textureSize(u_n)) / 255.0, vec2(textureSize(u_s)) / 255.0);\n"
      "  } else if (p.y < 56) {\n"
      "    float r = texture(u_s, vec3(c, 0.3));\n" /* LEQUAL: 1 where 0.3 <= depth */
      "    o_color = vec4(r, 1.0 - r, 0.0, 1.0);\n"
      "  }\n"
      "}\n";
  GLuint p = link_program(VS_TEXTURED, fs);
  gl.UseProgram(p);
  gl.Uniform1i(uloc(p, "u_n"), 0);
  gl.Uniform1i(uloc(p, "u_l"), 1);
  gl.Uniform1i(uloc(p, "u_u"), 2);
  gl.Uniform1i(uloc(p, "u_i"), 3);
  gl.Uniform1i(uloc(p, "u_s"), 4);
  GLint type = 0;
  gl.GetActiveUniformsiv(p, 1, (GLuint[]){(GLuint)gl.GetUniformLocation(p, "u_s")}, GL_UNIFORM_TYPE,
                         &type);
  textured_quad_vao(0, 0, W, H);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw");
  readback();
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const int i = x / 4, j = (y % 12) / 4, ic = i < 5 ? i : 4;
      rgba8 want = {{0, 0, 255, 255}};
      if (x >= 24 || y >= 56) {
        /* outside the bands: blue */
      } else if (y < 12) {
        want = rect_cell(ic, j);
      } else if (y < 24) {
        want = rect_cell(ic, j);
        if (i < 4) /* the mean of texels i and i+1 (exact: both channels step evenly) */
          want.c[0] = (uint8_t)(40 * i + 30), want.c[2] = (uint8_t)(8 + 2 * i + j);
      } else if (y < 36) {
        if (j == 2 && i >= 5)
          continue; /* texelFetch outside the texture is undefined */
        want = rect_cell(ic, j);
      } else if (y < 48) {
        if (j == 2)
          want = (rgba8){{5, 3, 4, 2}};
        else if (i >= 5)
          continue; /* texelFetch outside the texture */
        else
          want = rect_cell(i, j);
        for (int k = 0; j == 1 && k < 4; k++)
          want.c[k] = (uint8_t)(want.c[k] / 2 * 2);
      } else {
        const int di = i < 4 ? i : 3, dj = (y - 48) / 4;
        want = 0.3f <= depth[dj][di] ? (rgba8){{255, 0, 0, 255}} : (rgba8){{0, 255, 0, 255}};
      }
      expect_px("rectangle sampling", x, y, want);
    }
  if (type != GL_SAMPLER_2D_RECT_SHADOW)
    fail("GL_UNIFORM_TYPE of u_s is 0x%04x, expected GL_SAMPLER_2D_RECT_SHADOW", type);

  /* A 2D and a rectangle sampler in one shader (their image types become the same 2D type),
   * the rectangle one passed to a function, in both stages. */
  static const char *vs2 = "#version 330 core\n"
                           "layout(location = 0) in vec2 a_pos;\n"
                           "uniform sampler2DRect u_n;\n"
                           "uniform sampler2D u_2d;\n"
                           "flat out vec4 v_c;\n"
                           "void main() {\n"
                           "  v_c = textureLod(u_2d, vec2(0.5), 0.0) + texture(u_n, vec2(3.5, 2.5));\n"
                           "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                           "}\n";
  static const char *fs2 = "#version 330 core\n"
                           "uniform sampler2D u_2d;\n"
                           "uniform sampler2DRect u_n;\n"
                           "flat in vec4 v_c;\n"
                           "out vec4 o_color;\n"
                           "vec4 at(sampler2DRect s, vec2 c) { return texture(s, c); }\n"
                           "void main() {\n"
                           "  if (gl_FragCoord.x < 32.0) o_color = at(u_n, vec2(1.5, 0.5));\n"
                           "  else if (gl_FragCoord.x < 48.0) o_color = texture(u_2d, vec2(0.5));\n"
                           "  else o_color = v_c;\n"
                           "}\n";
  static const uint8_t one[4] = {1, 2, 3, 4};
  GLuint t2d;
  glGenTextures(1, &t2d);
  gl.ActiveTexture(GL_TEXTURE5);
  glBindTexture(GL_TEXTURE_2D, t2d);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, one);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  GLuint p2 = link_program(vs2, fs2);
  gl.UseProgram(p2);
  gl.Uniform1i(uloc(p2, "u_n"), 0);
  gl.Uniform1i(uloc(p2, "u_2d"), 5);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw with a 2D and a rectangle sampler");
  readback();
  rgba8 sum = rect_cell(3, 2);
  for (int k = 0; k < 4; k++)
    sum.c[k] = (uint8_t)(sum.c[k] + one[k] > 255 ? 255 : sum.c[k] + one[k]);
  expect_px("rectangle sampler through a function", 10, 10, rect_cell(1, 0));
  expect_px("2D sampler beside a rectangle one", 40, 10, (rgba8){{1, 2, 3, 4}});
  expect_px("2D plus rectangle texel in the vertex stage", 60, 10, sum);
  gl.DeleteProgram(p2);
  glDeleteTextures(1, &t2d);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  glDeleteTextures(5, tex);
}

/* sampler_objects: one 2x2 texture sampled through units 0 and 1 with different sampler
 * objects (NEAREST + REPEAT vs LINEAR + CLAMP_TO_EDGE) and a depth texture through units 2
 * and 3, a sampler with GL_COMPARE_REF_TO_TEXTURE on one and the texture's own state on the
 * other. The texture's own minifying filter needs mipmaps it lacks, so only a bound sampler
 * makes it complete. Then a sampler's parameters change between draws, unit 0's sampler is
 * unbound and unit 1's deleted (the texture's own state returns), and the texture's own
 * filters are set. Constant coordinates sample at the magnification filter. Each draw is one
 * 8-pixel band; every band's colour is computed here. Plus the GL errors and queries. */
static const uint8_t so_texels[2][2][4] = {{{200, 0, 0, 255}, {0, 200, 100, 255}},
                                           {{10, 10, 10, 255}, {20, 20, 20, 255}}};

static rgba8 so_texel(int i)
{
  rgba8 c;
  memcpy(c.c, so_texels[0][i], 4);
  return c;
}

/* 3/4 of texel 0 and 1/4 of texel 1 (u = 0.375 on row 0, LINEAR) */
static rgba8 so_mix(void)
{
  rgba8 c;
  for (int k = 0; k < 4; k++)
    c.c[k] = (uint8_t)((3 * so_texels[0][0][k] + so_texels[0][1][k]) / 4);
  return c;
}

static void so_expect_int(GLuint s, GLenum pname, GLint want, const char *what)
{
  GLint v = -12345;
  gl.GetSamplerParameteriv(s, pname, &v);
  check_gl_error(what);
  if (v != want)
    fail("glGetSamplerParameteriv(%s) = %d (expected %d)", what, v, want);
}

static void so_expect_float(GLuint s, GLenum pname, GLfloat want, const char *what)
{
  GLfloat v = -12345.0f;
  gl.GetSamplerParameterfv(s, pname, &v);
  check_gl_error(what);
  if (v != want)
    fail("glGetSamplerParameterfv(%s) = %g (expected %g)", what, v, want);
}

static void so_expect_binding(GLuint unit, GLuint want, const char *what)
{
  gl.ActiveTexture(GL_TEXTURE0 + unit);
  GLint v = -1;
  glGetIntegerv(GL_SAMPLER_BINDING, &v);
  check_gl_error(what);
  if (v != (GLint)want)
    fail("GL_SAMPLER_BINDING of unit %u (%s) = %d (expected %u)", unit, what, v, want);
  gl.ActiveTexture(GL_TEXTURE0);
}

static void so_errors_and_queries(void)
{
  GLuint s[2];
  gl.GenSamplers(2, s);
  check_gl_error("glGenSamplers");
  if (!gl.IsSampler(s[0]) || !gl.IsSampler(s[1]) || gl.IsSampler(0) || gl.IsSampler(s[1] + 100))
    fail("glIsSampler: generated names are samplers, 0 and unused names are not");
  /* the defaults (GL 3.3 table 6.23) */
  so_expect_int(s[0], GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR, "default MIN_FILTER");
  so_expect_int(s[0], GL_TEXTURE_MAG_FILTER, GL_LINEAR, "default MAG_FILTER");
  so_expect_int(s[0], GL_TEXTURE_WRAP_R, GL_REPEAT, "default WRAP_R");
  so_expect_int(s[0], GL_TEXTURE_COMPARE_MODE, GL_NONE, "default COMPARE_MODE");
  so_expect_int(s[0], GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL, "default COMPARE_FUNC");
  so_expect_float(s[0], GL_TEXTURE_MIN_LOD, -1000.0f, "default MIN_LOD");
  so_expect_float(s[0], GL_TEXTURE_MAX_LOD, 1000.0f, "default MAX_LOD");
  so_expect_float(s[0], GL_TEXTURE_LOD_BIAS, 0.0f, "default LOD_BIAS");
  /* values round trip, each sampler its own */
  gl.SamplerParameteri(s[0], GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
  gl.SamplerParameterf(s[0], GL_TEXTURE_MIN_LOD, 2.5f);
  gl.SamplerParameterf(s[0], GL_TEXTURE_LOD_BIAS, -1.25f);
  gl.SamplerParameteri(s[0], GL_TEXTURE_COMPARE_FUNC, GL_NOTEQUAL);
  const GLfloat bf[4] = {0.25f, 0.5f, 0.75f, 1.0f};
  gl.SamplerParameterfv(s[0], GL_TEXTURE_BORDER_COLOR, bf);
  const GLuint bu[4] = {7, 0x80000000u, 3, 0xffffffffu};
  gl.SamplerParameterIuiv(s[1], GL_TEXTURE_BORDER_COLOR, bu);
  check_gl_error("glSamplerParameter");
  so_expect_int(s[0], GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT, "WRAP_T");
  so_expect_int(s[1], GL_TEXTURE_WRAP_T, GL_REPEAT, "the other sampler's WRAP_T");
  so_expect_float(s[0], GL_TEXTURE_MIN_LOD, 2.5f, "MIN_LOD");
  so_expect_float(s[0], GL_TEXTURE_LOD_BIAS, -1.25f, "LOD_BIAS");
  so_expect_int(s[0], GL_TEXTURE_COMPARE_FUNC, GL_NOTEQUAL, "COMPARE_FUNC");
  GLfloat gf[4] = {0};
  gl.GetSamplerParameterfv(s[0], GL_TEXTURE_BORDER_COLOR, gf);
  GLuint gu[4] = {0};
  gl.GetSamplerParameterIuiv(s[1], GL_TEXTURE_BORDER_COLOR, gu);
  check_gl_error("glGetSamplerParameter(GL_TEXTURE_BORDER_COLOR)");
  if (memcmp(gf, bf, sizeof bf) || memcmp(gu, bu, sizeof bu))
    fail("border colours: fv (%g,%g,%g,%g), Iuiv (%u,%u,%u,%u)", gf[0], gf[1], gf[2], gf[3],
         gu[0], gu[1], gu[2], gu[3]);

  /* errors */
  gl.GenSamplers(-1, s);
  expect_gl_error(GL_INVALID_VALUE, "glGenSamplers(-1)");
  gl.DeleteSamplers(-1, s);
  expect_gl_error(GL_INVALID_VALUE, "glDeleteSamplers(-1)");
  gl.SamplerParameteri(s[0], GL_TEXTURE_BASE_LEVEL, 0);
  expect_gl_error(GL_INVALID_ENUM, "glSamplerParameteri(GL_TEXTURE_BASE_LEVEL)");
  gl.SamplerParameteri(s[0], GL_TEXTURE_SWIZZLE_R, GL_GREEN);
  expect_gl_error(GL_INVALID_ENUM, "glSamplerParameteri(GL_TEXTURE_SWIZZLE_R)");
  gl.SamplerParameteri(s[0], GL_TEXTURE_MAG_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  expect_gl_error(GL_INVALID_ENUM, "a mipmap MAG_FILTER");
  gl.SamplerParameteri(s[0], GL_TEXTURE_WRAP_S, GL_NEAREST);
  expect_gl_error(GL_INVALID_ENUM, "GL_NEAREST as a wrap mode");
  gl.SamplerParameteri(s[0], GL_TEXTURE_COMPARE_MODE, GL_LEQUAL);
  expect_gl_error(GL_INVALID_ENUM, "GL_LEQUAL as a compare mode");
  gl.SamplerParameteri(s[0], GL_TEXTURE_BORDER_COLOR, 0);
  expect_gl_error(GL_INVALID_ENUM, "glSamplerParameteri(GL_TEXTURE_BORDER_COLOR)");
  so_expect_int(s[0], GL_TEXTURE_WRAP_S, GL_REPEAT, "WRAP_S after refused calls");
  so_expect_int(s[0], GL_TEXTURE_MAG_FILTER, GL_LINEAR, "MAG_FILTER after refused calls");
  GLint junk = 0;
  gl.GetSamplerParameteriv(s[0], GL_TEXTURE_BASE_LEVEL, &junk);
  expect_gl_error(GL_INVALID_ENUM, "glGetSamplerParameteriv(GL_TEXTURE_BASE_LEVEL)");
  gl.SamplerParameteri(s[1] + 100, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  expect_gl_error(GL_INVALID_OPERATION, "glSamplerParameteri of an unused name");
  gl.GetSamplerParameteriv(s[1] + 100, GL_TEXTURE_MIN_FILTER, &junk);
  expect_gl_error(GL_INVALID_OPERATION, "glGetSamplerParameteriv of an unused name");
  gl.BindSampler(0, s[1] + 100);
  expect_gl_error(GL_INVALID_OPERATION, "glBindSampler of a name never generated");
  GLint units = 0;
  glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units);
  gl.BindSampler((GLuint)units, s[0]);
  expect_gl_error(GL_INVALID_VALUE, "glBindSampler(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS)");
  gl.BindSampler((GLuint)units - 1, s[0]);
  check_gl_error("glBindSampler of the last unit");
  so_expect_binding((GLuint)units - 1, s[0], "the last unit");
  gl.DeleteSamplers(2, s);
  check_gl_error("glDeleteSamplers");
  so_expect_binding((GLuint)units - 1, 0, "a deleted sampler leaves its unit");
  if (gl.IsSampler(s[0]))
    fail("glIsSampler of a deleted sampler is GL_TRUE");
  gl.BindSampler(0, s[0]);
  expect_gl_error(GL_INVALID_OPERATION, "glBindSampler of a deleted sampler");
}

static void sc_sampler_objects(void)
{
  so_errors_and_queries();

  GLuint tex[2];
  glGenTextures(2, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  /* The same colour texture on units 0 and 1; its own filters are the defaults
   * (NEAREST_MIPMAP_LINEAR without mipmaps: incomplete). */
  for (GLuint u = 0; u < 2; u++) {
    gl.ActiveTexture(GL_TEXTURE0 + u);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
  }
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, so_texels);
  /* A 1x1 depth texture of 0.6 on units 2 and 3, its own filters NEAREST, no compare. */
  const GLfloat depth = 0.6f;
  for (GLuint u = 2; u < 4; u++) {
    gl.ActiveTexture(GL_TEXTURE0 + u);
    glBindTexture(GL_TEXTURE_2D, tex[1]);
  }
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
               &depth);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  gl.ActiveTexture(GL_TEXTURE0);
  check_gl_error("textures");

  GLuint smp[3];
  gl.GenSamplers(3, smp);
  gl.SamplerParameteri(smp[0], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  gl.SamplerParameteri(smp[0], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  gl.SamplerParameteri(smp[1], GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  gl.SamplerParameteri(smp[1], GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  gl.SamplerParameteri(smp[1], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  gl.SamplerParameteri(smp[1], GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  gl.SamplerParameteri(smp[2], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  gl.SamplerParameteri(smp[2], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  gl.SamplerParameteri(smp[2], GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  gl.SamplerParameteri(smp[2], GL_TEXTURE_COMPARE_FUNC, GL_LESS);
  for (GLuint u = 0; u < 3; u++)
    gl.BindSampler(u, smp[u]);
  check_gl_error("sampler objects");
  so_expect_binding(1, smp[1], "unit 1");
  so_expect_binding(3, 0, "unit 3");

  static const char *fs = "#version 330 core\n"
                          "uniform sampler2D u_a;\n"
                          "uniform sampler2D u_b;\n"
                          "uniform sampler2DShadow u_s;\n"
                          "uniform sampler2D u_d;\n"
                          "uniform int u_mode;\n"
                          "uniform vec2 u_uv;\n"
                          "uniform float u_ref;\n"
                          "out vec4 o_color;\n"
                          "void main() {\n"
                          "  if (u_mode == 0) o_color = texture(u_a, u_uv);\n"
                          "  else if (u_mode == 1) o_color = texture(u_b, u_uv);\n"
                          "  else if (u_mode == 2)\n"
                          "    o_color = vec4(vec3(texture(u_s, vec3(u_uv, u_ref))), 1.0);\n"
                          "  else o_color = vec4(vec3(texture(u_d, u_uv).r), 1.0);\n"
                          "}\n";
  GLuint p = link_program(VS_PIXELS, fs);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  gl.Uniform1i(uloc(p, "u_a"), 0);
  gl.Uniform1i(uloc(p, "u_b"), 1);
  gl.Uniform1i(uloc(p, "u_s"), 2);
  gl.Uniform1i(uloc(p, "u_d"), 3);
  float quad[12];
  rect_vertices(quad, 0, 0, 64, 64);
  mesh mq = make_mesh(quad, 6);
  gl.BindVertexArray(mq.vao);
  check_gl_error("program");

  /* band b: x in [8b, 8b + 8) */
  static const struct {
    int mode;
    float u, ref;
  } band[7] = {{0, 0.375f, 0}, {1, 0.375f, 0}, {0, 1.25f, 0}, {1, 1.25f, 0},
               {2, 0.25f, 0.25f}, {2, 0.25f, 0.75f}, {3, 0.25f, 0}};
  const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
  const rgba8 black = {{0, 0, 0, 255}}, white = {{255, 255, 255, 255}};
  const rgba8 d6 = {{153, 153, 153, 255}};
  const rgba8 t0 = so_texel(0), t1 = so_texel(1), mix = so_mix();
  const rgba8 want[4][7] = {
      /* NEAREST vs LINEAR, REPEAT vs CLAMP, 0.25 < 0.6, not 0.75 < 0.6, depth read */
      {t0, mix, t0, t1, white, black, d6},
      /* unit 0 magnifies LINEAR now; the compare is GREATER */
      {mix, mix, t0, t1, black, white, d6},
      /* unit 0 unbound, unit 1's sampler deleted: the texture's own state, incomplete */
      {black, black, black, black, black, white, d6},
      /* the texture's own filters: NEAREST min, LINEAR mag, CLAMP_TO_EDGE on s */
      {mix, mix, t1, t1, black, white, d6},
  };
  const char *phase[4] = {"two samplers on one texture", "sampler parameters changed",
                          "sampler unbound and deleted", "the texture's own state"};
  glEnable(GL_SCISSOR_TEST);
  for (int ph = 0; ph < 4; ph++) {
    if (ph == 1) {
      gl.SamplerParameteri(smp[0], GL_TEXTURE_MAG_FILTER, GL_LINEAR);
      gl.SamplerParameteri(smp[2], GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
    } else if (ph == 2) {
      gl.BindSampler(0, 0);
      gl.DeleteSamplers(1, &smp[1]);
      so_expect_binding(0, 0, "unit 0 after glBindSampler(0, 0)");
      so_expect_binding(1, 0, "unit 1 after its sampler was deleted");
      so_expect_binding(2, smp[2], "unit 2");
    } else if (ph == 3) {
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    }
    check_gl_error(phase[ph]);
    glDisable(GL_SCISSOR_TEST);
    clear_to(bg);
    glEnable(GL_SCISSOR_TEST);
    model m;
    model_init(&m, bg);
    for (int b = 0; b < 7; b++) {
      gl.Uniform1i(uloc(p, "u_mode"), band[b].mode);
      gl.Uniform2f(uloc(p, "u_uv"), band[b].u, 0.25f);
      gl.Uniform1f(uloc(p, "u_ref"), band[b].ref);
      glScissor(8 * b, 0, 8, 64);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, 8 * b, 0, 8 * b + 8, 64, want[ph][b]);
    }
    check_gl_error(phase[ph]);
    check_frame(phase[ph], &m);
  }
  glDisable(GL_SCISSOR_TEST);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  GLuint left[2] = {smp[0], smp[2]};
  gl.DeleteSamplers(2, left);
  glDeleteTextures(2, tex);
  gl.DeleteBuffers(1, &mq.vbo);
  gl.DeleteVertexArrays(1, &mq.vao);
  check_gl_error("clean-up");
}

/* tex1d_fbo_queries: the GL 3.3 entry points left after sampler objects. A 1D texture as a
 * framebuffer's colour image through glFramebufferTexture1D (cleared and drawn into, read
 * back by glReadPixels and by glGetnTexImageARB, whose bufSize one short is
 * GL_INVALID_OPERATION and writes nothing); glGetnCompressedTexImageARB likewise on RGTC1
 * blocks; glCompressedTex(Sub)Image1D refused (GL 3.3 has no 1D compressed format);
 * glGetMultisamplefv on the single-sampled default framebuffer (no sample index is valid)
 * and on a 4-sample framebuffer object (Vulkan's standard positions, which Mesa reports too);
 * each command's spec errors. */
static void sc_tex1d_fbo_queries(void)
{
  GLuint t1, t2;
  glGenTextures(1, &t1);
  glBindTexture(GL_TEXTURE_1D, t1);
  glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glGenTextures(1, &t2);
  glBindTexture(GL_TEXTURE_2D, t2);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  GLuint fb;
  gl.GenFramebuffers(1, &fb);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fb);
  check_gl_error("set-up");
  gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t1, 0);
  expect_gl_error(GL_INVALID_OPERATION, "glFramebufferTexture1D with textarget GL_TEXTURE_2D");
  gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RED, t1, 0);
  expect_gl_error(GL_INVALID_ENUM, "glFramebufferTexture1D with textarget GL_RED");
  gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, t2, 0);
  expect_gl_error(GL_INVALID_OPERATION, "glFramebufferTexture1D of a 2D texture");
  gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, t1, -1);
  expect_gl_error(GL_INVALID_VALUE, "glFramebufferTexture1D of level -1");
  gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, t1 + t2 + 50, 0);
  expect_gl_error(GL_INVALID_OPERATION, "glFramebufferTexture1D of an unused name");
  gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, t1, 0);
  check_gl_error("glFramebufferTexture1D");
  GLint name = 0;
  gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &name);
  if (name != (GLint)t1)
    fail("attachment name %d, expected %u", name, t1);
  GLenum status = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    die_setup("a 1D RGBA8 colour image: status 0x%04x", status);

  /* clear all 16 texels, then draw texels [4, 8) in another colour */
  glViewport(0, 0, 16, 1);
  glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint p = solid_program();
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  set_vec4(p, "u_color", V4(1.0f, 0.0f, 0.4f, 1.0f));
  /* VS_PIXELS maps 64 pixel units to the viewport: texel i covers [4i, 4i + 4) */
  float quad[12];
  rect_vertices(quad, 16, 0, 32, 64);
  mesh mq = make_mesh(quad, 6);
  gl.BindVertexArray(mq.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw into a 1D texture");
  uint8_t want[16][4];
  for (int i = 0; i < 16; i++) {
    const uint8_t bg[4] = {51, 102, 153, 204}, fg[4] = {255, 0, 102, 255};
    memcpy(want[i], i >= 4 && i < 8 ? fg : bg, 4);
  }
  uint8_t got[16][4];
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  memset(got, 0xA5, sizeof got);
  glReadPixels(0, 0, 16, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
  check_gl_error("glReadPixels of a 1D texture");
  if (memcmp(got, want, sizeof want))
    fail("glReadPixels of the 1D colour image: texel 0 (%u,%u,%u,%u), texel 5 (%u,%u,%u,%u)",
         got[0][0], got[0][1], got[0][2], got[0][3], got[5][0], got[5][1], got[5][2],
         got[5][3]);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);

  /* glGetnTexImageARB: 64 bytes needed */
  memset(got, 0xA5, sizeof got);
  gl.GetnTexImageARB(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 63, got);
  expect_gl_error(GL_INVALID_OPERATION, "glGetnTexImageARB with bufSize 63 for 64 bytes");
  for (size_t i = 0; i < sizeof got; i++)
    if (((uint8_t *)got)[i] != 0xA5) {
      fail("glGetnTexImageARB wrote byte %zu past a refused bufSize", i);
      break;
    }
  gl.GetnTexImageARB(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 64, got);
  check_gl_error("glGetnTexImageARB with bufSize 64");
  if (memcmp(got, want, sizeof want))
    fail("glGetnTexImageARB: texel 0 (%u,%u,%u,%u), texel 5 (%u,%u,%u,%u)", got[0][0],
         got[0][1], got[0][2], got[0][3], got[5][0], got[5][1], got[5][2], got[5][3]);

  /* glGetnCompressedTexImageARB: one RGTC1 block, 8 bytes */
  const uint8_t block[8] = {200, 10, 0x49, 0x92, 0x24, 0x49, 0x92, 0x24};
  glBindTexture(GL_TEXTURE_2D, t2);
  gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, block);
  check_gl_error("glCompressedTexImage2D(RGTC1)");
  uint8_t blk[8];
  memset(blk, 0xA5, sizeof blk);
  gl.GetnCompressedTexImageARB(GL_TEXTURE_2D, 0, 7, blk); /* Mesa 22.3 raises nothing here */
  expect_gl_error(GL_INVALID_OPERATION, "glGetnCompressedTexImageARB with bufSize 7 for 8");
  gl.GetnCompressedTexImageARB(GL_TEXTURE_2D, 0, 8, blk);
  check_gl_error("glGetnCompressedTexImageARB with bufSize 8");
  if (memcmp(blk, block, sizeof block))
    fail("glGetnCompressedTexImageARB: the block did not come back");

  /* glCompressedTex(Sub)Image1D */
  glBindTexture(GL_TEXTURE_1D, t1);
  gl.CompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RED_RGTC1, 4, 0, 8, block);
  expect_gl_error(GL_INVALID_ENUM, "glCompressedTexImage1D(GL_COMPRESSED_RED_RGTC1)");
  gl.CompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RGBA, 4, 0, 8, block);
  expect_gl_error(GL_INVALID_ENUM, "glCompressedTexImage1D(GL_COMPRESSED_RGBA)");
  gl.CompressedTexSubImage1D(GL_TEXTURE_1D, 0, 0, 4, GL_COMPRESSED_RED_RGTC1, 8, block);
  expect_gl_error(GL_INVALID_ENUM, "glCompressedTexSubImage1D(GL_COMPRESSED_RED_RGTC1)");
  memset(got, 0xA5, sizeof got);
  gl.GetnTexImageARB(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 64, got);
  if (memcmp(got, want, sizeof want))
    fail("a refused glCompressedTex(Sub)Image1D changed the 1D texture");

  /* glGetMultisamplefv */
  GLfloat pos[2] = {-1.0f, -1.0f};
  gl.GetMultisamplefv(GL_SAMPLE_POSITION, 0, pos);
  expect_gl_error(GL_INVALID_VALUE, "glGetMultisamplefv(0) on a single-sampled framebuffer");
  GLuint rb;
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 4, 4);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fb);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  check_gl_error("a 4-sample framebuffer");
  static const GLfloat standard4[4][2] = {
      {0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};
  for (GLuint i = 0; i < 4; i++) {
    gl.GetMultisamplefv(GL_SAMPLE_POSITION, i, pos);
    check_gl_error("glGetMultisamplefv(GL_SAMPLE_POSITION)");
    if (pos[0] != standard4[i][0] || pos[1] != standard4[i][1])
      fail("sample %u of 4 at (%g, %g), expected (%g, %g)", i, pos[0], pos[1], standard4[i][0],
           standard4[i][1]);
  }
  gl.GetMultisamplefv(GL_SAMPLE_POSITION, 4, pos);
  expect_gl_error(GL_INVALID_VALUE, "glGetMultisamplefv(4) of 4 samples");
  gl.GetMultisamplefv(GL_SAMPLES, 0, pos);
  expect_gl_error(GL_INVALID_ENUM, "glGetMultisamplefv(GL_SAMPLES)");

  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(1, &fb);
  gl.DeleteRenderbuffers(1, &rb);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  gl.DeleteBuffers(1, &mq.vbo);
  gl.DeleteVertexArrays(1, &mq.vao);
  glDeleteTextures(1, &t1);
  glDeleteTextures(1, &t2);
  check_gl_error("clean-up");
}

/* es3_internalformat: glGetInternalformativ on an OpenGL ES 3.0 context (ES 3.0 §6.1.15):
 * GL_NUM_SAMPLE_COUNTS and GL_SAMPLES (most first, each one a renderbuffer really takes, and
 * the largest GL_MAX_SAMPLES), none for integer formats, and the errors. */
static void sc_es3_internalformat(void)
{
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  const GLenum fmts[3] = {GL_RGBA8, GL_DEPTH24_STENCIL8, GL_RGBA8UI};
  GLuint rb;
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  for (int f = 0; f < 3; f++) {
    GLint n = -1, s[16];
    for (int i = 0; i < 16; i++)
      s[i] = -1;
    gl.GetInternalformativ(GL_RENDERBUFFER, fmts[f], GL_NUM_SAMPLE_COUNTS, 1, &n);
    gl.GetInternalformativ(GL_RENDERBUFFER, fmts[f], GL_SAMPLES, 16, s);
    check_gl_error("glGetInternalformativ");
    /* ES 3.0 multisamples no integer format (ES 3.1 may: Mesa lists its counts) */
    bool integer = fmts[f] == GL_RGBA8UI;
    if (n < (integer ? 0 : 1) || n > 15 || (n && s[0] != max_samples) || s[n] != -1)
      fail("format 0x%04x: %d counts, first %d, GL_MAX_SAMPLES %d", fmts[f], n, s[0],
           max_samples);
    for (GLint i = 0; i < n && i < 15; i++) {
      if (i > 0 && s[i] >= s[i - 1])
        fail("format 0x%04x: counts not descending (%d after %d)", fmts[f], s[i], s[i - 1]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, s[i], fmts[f], 4, 4);
      GLint got = 0;
      gl.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &got);
      check_gl_error("glRenderbufferStorageMultisample of a listed count");
      if (got != s[i])
        fail("format 0x%04x: %d samples asked, the renderbuffer has %d", fmts[f], s[i], got);
    }
  }
  GLint v[2] = {-7, -7};
  gl.GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 0, v);
  check_gl_error("glGetInternalformativ with count 0");
  if (v[0] != -7)
    fail("glGetInternalformativ wrote past count 0");
  gl.GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, -1, v);
  expect_gl_error(GL_INVALID_VALUE, "glGetInternalformativ with count -1");
  gl.GetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 2, v);
  expect_gl_error(GL_INVALID_ENUM, "glGetInternalformativ(GL_TEXTURE_2D)");
  gl.GetInternalformativ(GL_RENDERBUFFER, GL_RGB9_E5, GL_SAMPLES, 2, v);
  expect_gl_error(GL_INVALID_ENUM, "glGetInternalformativ of a format that is not renderable");
  gl.GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_RENDERBUFFER_WIDTH, 2, v);
  expect_gl_error(GL_INVALID_ENUM, "glGetInternalformativ(GL_RENDERBUFFER_WIDTH)");
  gl.DeleteRenderbuffers(1, &rb);
}

/* depth_stencil_tex: combined depth/stencil texel uploads (GL 3.3 §3.8.1): DEPTH24_STENCIL8
 * from GL_DEPTH_STENCIL/UNSIGNED_INT_24_8 and DEPTH32F_STENCIL8 from
 * FLOAT_32_UNSIGNED_INT_24_8_REV (with a glTexSubImage2D), read back exactly by glGetTexImage
 * and, attached to a framebuffer, by glReadPixels(GL_DEPTH_STENCIL); depth sampled by a
 * shader; stencil proved by a stencil test against the uploaded values. */
static void sc_depth_stencil_tex(void)
{
  enum { TW = 4, TH = 2 };
  uint32_t p24[TH][TW];
  struct {
    float d;
    uint32_t s;
  } p32[TH][TW], sub32[1][2];
  for (int j = 0; j < TH; j++)
    for (int i = 0; i < TW; i++) {
      const int k = j * TW + i;
      p24[j][i] = ((uint32_t)(k * 0x1f3a57 + 0x1234) & 0xffffffu) << 8 | (uint32_t)(17 * k + 3);
      p32[j][i].d = (float)k / 8.0f + 1.0f / 32.0f;
      p32[j][i].s = (uint32_t)(29 * k + 5);
    }
  sub32[0][0].d = 0.75f, sub32[0][0].s = 200;
  sub32[0][1].d = 0.125f, sub32[0][1].s = 7;
  GLuint tex[2];
  glGenTextures(2, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, TW, TH, 0, GL_DEPTH_STENCIL,
               GL_UNSIGNED_INT_24_8, p24);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl_error("glTexImage2D(GL_DEPTH24_STENCIL8)");
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH32F_STENCIL8, TW, TH, 0, GL_DEPTH_STENCIL,
               GL_FLOAT_32_UNSIGNED_INT_24_8_REV, p32);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 1, GL_DEPTH_STENCIL,
                  GL_FLOAT_32_UNSIGNED_INT_24_8_REV, sub32);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  check_gl_error("glTexImage2D(GL_DEPTH32F_STENCIL8)");
  p32[1][1] = sub32[0][0];
  p32[1][2] = sub32[0][1];

  /* glGetTexImage, both types from both textures */
  uint32_t g24[TH][TW];
  memset(g24, 0xA5, sizeof g24);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, g24);
  check_gl_error("glGetTexImage(GL_DEPTH_STENCIL) of DEPTH24_STENCIL8");
  for (int j = 0; j < TH; j++)
    for (int i = 0; i < TW; i++)
      if (g24[j][i] != p24[j][i])
        fail("DEPTH24_STENCIL8 texel (%d,%d) reads 0x%08x, uploaded 0x%08x", i, j, g24[j][i],
             p24[j][i]);
  uint32_t g32[TH][TW][2];
  memset(g32, 0xA5, sizeof g32);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, g32);
  check_gl_error("glGetTexImage(GL_DEPTH_STENCIL) of DEPTH32F_STENCIL8");
  for (int j = 0; j < TH; j++)
    for (int i = 0; i < TW; i++) {
      float d;
      memcpy(&d, &g32[j][i][0], 4);
      if (d != p32[j][i].d || (g32[j][i][1] & 0xff) != p32[j][i].s)
        fail("DEPTH32F_STENCIL8 texel (%d,%d) reads %g/%u, uploaded %g/%u", i, j, (double)d,
             g32[j][i][1] & 0xff, (double)p32[j][i].d, p32[j][i].s);
    }

  /* attached to a framebuffer: glReadPixels(GL_DEPTH_STENCIL), then a stencil test and a
   * depth-sampling draw */
  GLuint fbo, cb;
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.GenRenderbuffers(1, &cb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, cb);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, TW, TH);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, cb);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex[0], 0);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    fail("framebuffer with a DEPTH24_STENCIL8 texture is not complete");
  memset(g24, 0xA5, sizeof g24);
  glReadPixels(0, 0, TW, TH, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, g24);
  check_gl_error("glReadPixels(GL_DEPTH_STENCIL)");
  for (int j = 0; j < TH; j++)
    for (int i = 0; i < TW; i++)
      if (g24[j][i] != p24[j][i])
        fail("glReadPixels(GL_DEPTH_STENCIL) (%d,%d): 0x%08x, uploaded 0x%08x", i, j, g24[j][i],
             p24[j][i]);
  /* pass where the stencil is the uploaded value of texel 5 */
  glViewport(0, 0, TW, TH);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_EQUAL, 17 * 5 + 3, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
  GLuint solid = solid_program();
  set_vec4(solid, "u_color", V4(1, 1, 1, 1));
  float quad[12];
  rect_vertices(quad, 0, 0, 64, 64);
  mesh mq = make_mesh(quad, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_STENCIL_TEST);
  uint8_t px[TH][TW][4];
  glReadPixels(0, 0, TW, TH, GL_RGBA, GL_UNSIGNED_BYTE, px);
  check_gl_error("stencil-tested draw");
  for (int j = 0; j < TH; j++)
    for (int i = 0; i < TW; i++)
      if (px[j][i][0] != (j * TW + i == 5 ? 255 : 0))
        fail("stencil test against uploaded stencil: pixel (%d,%d) red %u", i, j, px[j][i][0]);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);

  /* the DEPTH32F_STENCIL8 texture sampled: its depth, texel per 16x32 cell */
  static const char *fs = "#version 330 core\n"
                          "uniform sampler2D u_t;\n"
                          "out vec4 o_color;\n"
                          "void main() {\n"
                          "  ivec2 c = ivec2(gl_FragCoord.xy) / ivec2(16, 32);\n"
                          "  o_color = vec4(texelFetch(u_t, c, 0).r, 0.0, 0.0, 1.0);\n"
                          "}\n";
  GLuint p = link_program(VS_PIXELS, fs);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  gl.Uniform1i(uloc(p, "u_t"), 0);
  gl.ActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  clear_to(V4(0, 0, 0, 1));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("depth-sampling draw");
  readback();
  for (int j = 0; j < TH; j++)
    for (int i = 0; i < TW; i++)
      expect_px("DEPTH32F_STENCIL8 depth sampled", 16 * i + 8, 32 * j + 16,
                (rgba8){{unorm8(p32[j][i].d), 0, 0, 255}});
  gl.DeleteProgram(p);
  gl.DeleteProgram(solid);
  gl.DeleteBuffers(1, &mq.vbo);
  gl.DeleteVertexArrays(1, &mq.vao);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &cb);
  glDeleteTextures(2, tex);
}

/* copy_tex_depth: glCopyTexImage2D / glCopyTexSubImage2D into depth formats read the read
 * framebuffer's depth (and, for DEPTH24_STENCIL8, stencil) buffer (GL 3.3 §3.8.5): the default
 * framebuffer's D24S8 buffer, cleared to two depths and two stencil values in halves, copied
 * into DEPTH24_STENCIL8 and DEPTH_COMPONENT24 textures and read back against glReadPixels of
 * the same rectangle (depth within one 24-bit step: Mesa's own depth buffer is not 24-bit);
 * no depth buffer in the read framebuffer is GL_INVALID_OPERATION. */
static void sc_copy_tex_depth(void)
{
  enum { CW = 16, CH = 8, CX = 24, CY = 28 };
  glClearDepth(0.25);
  glClearStencil(0x5a);
  glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(CX + 5, 0, W, H);
  glClearDepth(0.8125);
  glClearStencil(0xc3);
  glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glClearDepth(1.0);
  glClearStencil(0);
  check_gl_error("depth/stencil clears");
  uint32_t want[CH][CW], got[CH][CW];
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(CX, CY, CW, CH, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, want);
  check_gl_error("glReadPixels(GL_DEPTH_STENCIL)");
  if ((want[0][0] & 0xff) != 0x5a || (want[0][CW - 1] & 0xff) != 0xc3)
    fail("the source rectangle's stencil is 0x%02x / 0x%02x, cleared 0x5a / 0xc3",
         want[0][0] & 0xff, want[0][CW - 1] & 0xff);

  GLuint tex[2];
  glGenTextures(2, tex);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, CX, CY, CW, CH, 0);
  check_gl_error("glCopyTexImage2D(GL_DEPTH24_STENCIL8)");
  memset(got, 0xA5, sizeof got);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, got);
  check_gl_error("glGetTexImage of the copied DEPTH24_STENCIL8");
  for (int j = 0; j < CH; j++)
    for (int i = 0; i < CW; i++)
      if ((got[j][i] & 0xff) != (want[j][i] & 0xff) ||
          labs((long)(got[j][i] >> 8) - (long)(want[j][i] >> 8)) > 1)
        fail("DEPTH24_STENCIL8 copy (%d,%d): 0x%08x, the framebuffer has 0x%08x", i, j,
             got[j][i], want[j][i]);

  /* DEPTH_COMPONENT24 from glTexImage2D, then a sub-rectangle copied to an offset */
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, CW, CH, 0, GL_DEPTH_COMPONENT,
               GL_UNSIGNED_INT, NULL);
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, CX + 2, CY + 1, CW - 2, CH - 1);
  check_gl_error("glCopyTexSubImage2D into DEPTH_COMPONENT24");
  uint32_t zwant[CH][CW], zgot[CH][CW];
  glReadPixels(CX, CY, CW, CH, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, zwant);
  memset(zgot, 0xA5, sizeof zgot);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, zgot);
  check_gl_error("glGetTexImage of DEPTH_COMPONENT24");
  for (int j = 1; j < CH; j++)
    for (int i = 2; i < CW; i++)
      if (labs((long)(zgot[j][i] >> 8) - (long)(zwant[j][i] >> 8)) > 1)
        fail("DEPTH_COMPONENT24 copy texel (%d,%d): 0x%08x, the framebuffer has 0x%08x", i, j,
             zgot[j][i], zwant[j][i]);

  /* a read framebuffer without a depth buffer */
  GLuint fbo, rb;
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, CW, CH);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D into depth without a depth buffer");
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
  glDeleteTextures(2, tex);
}

/* state_toggles: the enable/draw/disable/draw pattern of real games, through every render
 * state a Vulkan 1.3 device with extended dynamic state 3 takes as dynamic state (mgl then binds
 * no other pipeline for it: gate.state_toggles reads the counters). 16 columns of 4 pixels;
 * each draws a base rectangle over the whole column (depth ALWAYS at z = 0, stencil REPLACE 1,
 * no blending) and then, over the top half, a second rectangle under that column's state.
 * Every state goes back to the base's before the next column, and the frame is drawn twice. */
static void st_base_state(void)
{
  glDisable(GL_BLEND);
  gl.BlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_ONE, GL_ZERO);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  glDepthMask(GL_TRUE);
  glDisable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  glFrontFace(GL_CCW);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_ALWAYS, 1, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  glDisable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(0.0f, 0.0f);
}

static void sc_state_toggles(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f);
  const vec4f base = V4(0.4f, 0.2f, 0.0f, 1.0f), second = V4(0.2f, 0.4f, 0.6f, 1.0f);
  const vec4f third = V4(0.0f, 0.6f, 0.2f, 1.0f);
  const vec4f sum = V4(0.6f, 0.6f, 0.6f, 1.0f);         /* ADD, ONE, ONE */
  const vec4f difference = V4(0.2f, 0.0f, 0.0f, 0.0f);  /* REVERSE_SUBTRACT: base - second */
  const vec4f red_only = V4(0.2f, 0.2f, 0.0f, 1.0f);    /* glColorMask(R): second's red */
  float col_v[12], top_v[12];
  rect_vertices(col_v, 0, 0, 4, 64);
  rect_vertices(top_v, 0, 32, 4, 64);
  GLuint p = solid_program();
  mesh mc = make_mesh(col_v, 6);
  mesh mt = make_mesh(top_v, 6);
  const GLint u_offset = uloc(p, "u_offset"), u_z = uloc(p, "u_z");

  /* What the top half of each column shows. */
  const vec4f top[16] = {sum,    second, base,  second, base,     second, red_only, difference,
                         base,   second, second, base,  third,    second, base,     second};
  model m;
  model_init(&m, bg);
  for (int c = 0; c < 16; c++) {
    model_rect(&m, 4 * c, 0, 4 * c + 4, 32, to8(base));
    model_rect(&m, 4 * c, 32, 4 * c + 4, 64, to8(top[c]));
  }

  for (int frame = 0; frame < 2; frame++) {
    st_base_state();
    clear_to(bg);
    for (int c = 0; c < 16; c++) {
      st_base_state();
      gl.Uniform2f(u_offset, (float)(4 * c), 0.0f);
      gl.Uniform1f(u_z, 0.0f);
      set_vec4(p, "u_color", base);
      gl.BindVertexArray(mc.vao);
      glDrawArrays(GL_TRIANGLES, 0, 6);

      glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
      float z = 0.0f;
      switch (c) {
      case 0: glEnable(GL_BLEND); glBlendFunc(GL_ONE, GL_ONE); break;
      case 1: break; /* blending off: the second colour */
      case 2: glDepthFunc(GL_LESS); z = 0.5f; break;    /* farther: fails */
      case 3: glDepthFunc(GL_GREATER); z = 0.5f; break; /* farther: passes */
      case 4: glEnable(GL_CULL_FACE); glCullFace(GL_FRONT); break; /* CCW is front: culled */
      case 5: glEnable(GL_CULL_FACE); glCullFace(GL_FRONT); glFrontFace(GL_CW); break;
      case 6: glColorMask(GL_TRUE, GL_FALSE, GL_FALSE, GL_FALSE); break;
      case 7:
        glEnable(GL_BLEND);
        gl.BlendEquation(GL_FUNC_REVERSE_SUBTRACT);
        glBlendFunc(GL_ONE, GL_ONE);
        break;
      case 8: glStencilFunc(GL_EQUAL, 2, 0xff); break; /* the base wrote 1: fails */
      case 9: glStencilFunc(GL_EQUAL, 1, 0xff); break;
      case 10: /* the same depth, pulled nearer by the offset: passes GL_LESS */
        glDepthFunc(GL_LESS);
        glEnable(GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(0.0f, -64.0f);
        break;
      case 11: glDepthFunc(GL_LESS); glPolygonOffset(0.0f, -64.0f); break; /* offset off: fails */
      case 12: glDepthMask(GL_FALSE); z = -0.5f; break; /* the third draw below tests it */
      case 13: z = -0.5f; break;
      case 14: glEnable(GL_BLEND); glBlendFunc(GL_ZERO, GL_ONE); break; /* keeps the base */
      case 15: glEnable(GL_BLEND); glBlendFunc(GL_ONE, GL_ZERO); break;
      }
      gl.Uniform1f(u_z, z);
      set_vec4(p, "u_color", second);
      gl.BindVertexArray(mt.vao);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      if (c == 12 || c == 13) {
        /* z = -0.2 passes GL_LESS against the base's 0 and fails against the second's -0.5:
         * only a second draw that wrote no depth lets it through. */
        glDepthMask(GL_TRUE);
        glDepthFunc(GL_LESS);
        gl.Uniform1f(u_z, -0.2f);
        set_vec4(p, "u_color", third);
        glDrawArrays(GL_TRIANGLES, 0, 6);
      }
    }
    check_gl_error("state toggles");
    check_frame(frame == 0 ? "state toggles, first frame" : "state toggles, second frame", &m);
  }
  st_base_state();
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glDepthFunc(GL_LESS);
  glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  GLuint bufs[] = {mc.vbo, mt.vbo};
  gl.DeleteBuffers(2, bufs);
  GLuint vaos[] = {mc.vao, mt.vao};
  gl.DeleteVertexArrays(2, vaos);
}

/* khr_debug: KHR_debug through the EGL vendor on every arm. The callback is called in the app's
 * thread, inside the call that caused the message: a GL error (source API, type ERROR), an
 * inserted marker, a debug group's push and pop around a labelled draw; on mgl also a decline
 * (glGenTransformFeedbacks outside ES 3.0) as a message naming it. Then, with no callback, the
 * log returns inserted messages in order; object labels read back; the draw's pixels check. */
typedef struct {
  GLenum source, type, severity;
  GLuint id;
  char text[128];
  bool app_thread;
} debug_msg;
static debug_msg g_dbg[16];
static int g_dbg_n;
static pthread_t g_main_thread;

static void APIENTRY debug_record(GLenum source, GLenum type, GLuint id, GLenum severity,
                                  GLsizei length, const GLchar *message, const void *user)
{
  if (user != &g_dbg_n)
    fail("debug callback: user param %p, expected %p", user, (const void *)&g_dbg_n);
  if (g_dbg_n < 16) {
    debug_msg *m = &g_dbg[g_dbg_n];
    m->source = source, m->type = type, m->id = id, m->severity = severity;
    snprintf(m->text, sizeof m->text, "%.*s", (int)length, message);
    m->app_thread = pthread_equal(pthread_self(), g_main_thread);
  }
  g_dbg_n++;
}

static void expect_debug(int k, GLenum source, GLenum type, GLuint id, const char *text,
                         const char *what)
{
  if (k >= g_dbg_n) {
    fail("%s: no message %d (got %d)", what, k, g_dbg_n);
    return;
  }
  const debug_msg *m = &g_dbg[k];
  if (m->source != source || m->type != type || (text && m->id != id) ||
      (text && strcmp(m->text, text)) || !m->app_thread)
    fail("%s: message source 0x%x type 0x%x id %u \"%s\" app thread %d, expected 0x%x 0x%x %u "
         "\"%s\"", what, m->source, m->type, m->id, m->text, m->app_thread, source, type, id,
         text ? text : "(any)");
}

static void sc_khr_debug(void)
{
  bool listed = false;
  GLint n_ext = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n_ext);
  for (GLint i = 0; i < n_ext; i++)
    listed |= !strcmp((const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i), "GL_KHR_debug");
  if (!listed)
    fail("GL_KHR_debug is not listed");
  const bool is_mgl = !strncmp((const char *)glGetString(GL_RENDERER), "mgl", 3);
  g_main_thread = pthread_self();

  /* Not a debug context: output starts off. Only errors and the app's own messages pass. */
  if (glIsEnabled(GL_DEBUG_OUTPUT))
    fail("GL_DEBUG_OUTPUT is on in a non-debug context");
  glEnable(GL_DEBUG_OUTPUT);
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
  gl.DebugMessageCallback(debug_record, &g_dbg_n);
  void *cb = NULL;
  gl.GetPointerv(GL_DEBUG_CALLBACK_FUNCTION, &cb);
  if (cb != (void *)debug_record)
    fail("glGetPointerv(GL_DEBUG_CALLBACK_FUNCTION) = %p", cb);
  gl.DebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
  gl.DebugMessageControl(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_DONT_CARE, 0, NULL, GL_TRUE);
  gl.DebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, GL_DONT_CARE, 0, NULL,
                         GL_TRUE);
  if (is_mgl)
    gl.DebugMessageControl(GL_DEBUG_SOURCE_OTHER, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE, 0, NULL,
                           GL_TRUE);
  check_gl_error("debug setup");

  glEnable(0x1234); /* not a capability */
  if (g_dbg_n != 1)
    fail("glEnable(0x1234): %d messages in the call, expected 1", g_dbg_n);
  expect_debug(0, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_INVALID_ENUM,
               is_mgl ? "GL_INVALID_ENUM generated" : NULL, "error");
  if (glGetError() != GL_INVALID_ENUM)
    fail("glEnable(0x1234) did not raise GL_INVALID_ENUM");

  if (is_mgl) {
    g_dbg_n = 0;
    GLuint tfo = 0;
    gl.GenTransformFeedbacks(1, &tfo); /* ES 3.0's objects: a decline in a 3.3 context */
    if (g_dbg_n != 2)
      fail("declined glGenTransformFeedbacks: %d messages, expected 2", g_dbg_n);
    expect_debug(0, GL_DEBUG_SOURCE_OTHER, GL_DEBUG_TYPE_OTHER, 0, NULL, "decline");
    if (strncmp(g_dbg[0].text, "decline gl-entry-not-in-version: glGenTransformFeedbacks", 55))
      fail("decline message \"%s\"", g_dbg[0].text);
    expect_debug(1, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_INVALID_OPERATION,
                 "GL_INVALID_OPERATION generated", "decline's error");
    if (glGetError() != GL_INVALID_OPERATION)
      fail("declined glGenTransformFeedbacks did not raise GL_INVALID_OPERATION");
  }

  /* A labelled draw inside a group. */
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), col = V4(0.4f, 0.8f, 0.2f, 1.0f);
  g_dbg_n = 0;
  gl.PushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 77, -1, "labelled draw");
  GLuint p = solid_program();
  set_vec4(p, "u_color", col);
  float quad[12];
  rect_vertices(quad, 8, 12, 40, 52);
  mesh me = make_mesh(quad, 6);
  gl.ObjectLabel(GL_PROGRAM, p, -1, "solid");
  gl.ObjectLabel(GL_BUFFER, me.vbo, -1, "quad vertices");
  gl.ObjectLabel(GL_VERTEX_ARRAY, me.vao, 4, "quad and more");
  gl.DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 5,
                        GL_DEBUG_SEVERITY_NOTIFICATION, -1, "before the draw");
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.PopDebugGroup();
  check_gl_error("labelled draw in a debug group");
  if (g_dbg_n != 3)
    fail("debug group: %d messages, expected push, marker, pop", g_dbg_n);
  expect_debug(0, GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_PUSH_GROUP, 77, "labelled draw",
               "push");
  expect_debug(1, GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 5, "before the draw",
               "marker");
  expect_debug(2, GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_POP_GROUP, 77, "labelled draw",
               "pop");
  char label[32] = "";
  GLsizei len = -1;
  gl.GetObjectLabel(GL_BUFFER, me.vbo, sizeof label, &len, label);
  if (strcmp(label, "quad vertices") || len != 13)
    fail("buffer label \"%s\" (%d)", label, len);
  gl.GetObjectLabel(GL_VERTEX_ARRAY, me.vao, sizeof label, &len, label);
  if (strcmp(label, "quad") || len != 4)
    fail("vertex array label \"%s\" (%d)", label, len);
  gl.GetObjectLabel(GL_PROGRAM, p, 3, &len, label);
  if (strcmp(label, "so") || len != 2)
    fail("program label truncated to bufSize 3: \"%s\" (%d)", label, len);
  check_gl_error("object labels");

  /* No callback: the log keeps the messages for glGetDebugMessageLog. */
  gl.DebugMessageCallback(NULL, NULL);
  gl.DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                        GL_DEBUG_SEVERITY_HIGH, -1, "one");
  gl.DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 2,
                        GL_DEBUG_SEVERITY_HIGH, -1, "two");
  GLint logged = 0, next = 0;
  glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &logged);
  glGetIntegerv(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH, &next);
  if (logged != 2 || next != 4)
    fail("log: %d messages, next length %d; expected 2 and 4", logged, next);
  GLuint ids[4];
  GLsizei lens[4];
  char buf[64];
  GLuint got = gl.GetDebugMessageLog(4, sizeof buf, NULL, NULL, ids, NULL, lens, buf);
  if (got != 2 || ids[0] != 1 || ids[1] != 2 || lens[0] != 4 || strcmp(buf, "one") ||
      strcmp(buf + 4, "two"))
    fail("glGetDebugMessageLog: %u messages", got);
  glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &logged);
  if (logged != 0)
    fail("log not emptied: %d", logged);
  check_gl_error("message log");

  model m;
  model_init(&m, bg);
  model_rect(&m, 8, 12, 40, 52, to8(col));
  check_frame("the labelled draw", &m);
}

/* dual_source: GL 3.3 dual-source blending (ARB_blend_func_extended). The background is white,
 * so each product with the destination is exact in 8 bits. Left half: a shader that places its
 * second colour with layout(location = 0, index = 1), blended with GL_ONE /
 * GL_ONE_MINUS_SRC1_COLOR. Right half: a shader without layout qualifiers whose outputs are
 * placed by glBindFragDataLocationIndexed, blended with GL_SRC1_COLOR /
 * GL_ONE_MINUS_SRC1_ALPHA for colour and GL_ZERO / GL_SRC1_ALPHA for alpha. Plus
 * glGetFragDataIndex / glGetFragDataLocation and the GL errors of index and colour number. */
static void sc_dual_source(void)
{
  const char *fs_layout = "#version 330 core\n"
                          "layout(location = 0, index = 0) out vec4 c0;\n"
                          "layout(location = 0, index = 1) out vec4 c1;\n"
                          "void main() { c0 = vec4(0.2, 0.0, 0.4, 0.2);\n"
                          "              c1 = vec4(0.6, 1.0, 0.0, 0.4); }\n";
  const char *fs_bound = "#version 330 core\n"
                         "out vec4 second;\n"
                         "out vec4 first;\n"
                         "void main() { first = vec4(1.0, 1.0, 0.0, 1.0);\n"
                         "              second = vec4(0.4, 0.8, 1.0, 0.6); }\n";
  GLint max_dual = 0;
  glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &max_dual);
  if (max_dual != 1)
    fail("GL_MAX_DUAL_SOURCE_DRAW_BUFFERS = %d (expected 1)", max_dual);

  GLuint pl = link_program(VS_PIXELS, fs_layout);
  GLuint vs = compile(GL_VERTEX_SHADER, VS_PIXELS), fs = compile(GL_FRAGMENT_SHADER, fs_bound);
  GLuint pb = gl.CreateProgram();
  gl.AttachShader(pb, vs);
  gl.AttachShader(pb, fs);
  gl.BindFragDataLocationIndexed(pb, 1, 1, "second");
  expect_gl_error(GL_INVALID_VALUE, "glBindFragDataLocationIndexed(color 1, index 1)");
  gl.BindFragDataLocationIndexed(pb, 0, 2, "second");
  expect_gl_error(GL_INVALID_VALUE, "glBindFragDataLocationIndexed(index 2)");
  gl.BindFragDataLocationIndexed(pb, 0, 1, "gl_second");
  expect_gl_error(GL_INVALID_OPERATION, "glBindFragDataLocationIndexed(\"gl_second\")");
  gl.BindFragDataLocationIndexed(pb, 0, 1, "second");
  gl.BindFragDataLocationIndexed(pb, 0, 0, "first");
  check_gl_error("glBindFragDataLocationIndexed");
  gl.LinkProgram(pb);
  GLint ok = 0;
  gl.GetProgramiv(pb, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[4096] = "";
    gl.GetProgramInfoLog(pb, sizeof log, NULL, log);
    die_setup("program with indexed fragment data bindings failed to link:\n%s", log);
  }
  gl.DeleteShader(vs);
  gl.DeleteShader(fs);

  const struct {
    GLuint p;
    const char *name;
    GLint loc, index;
  } q[] = {{pl, "c0", 0, 0}, {pl, "c1", 0, 1}, {pb, "first", 0, 0}, {pb, "second", 0, 1},
           {pb, "missing", -1, -1}};
  for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
    GLint loc = gl.GetFragDataLocation(q[i].p, q[i].name);
    GLint index = gl.GetFragDataIndex(q[i].p, q[i].name);
    if (loc != q[i].loc || index != q[i].index)
      fail("\"%s\": location %d index %d (expected %d and %d)", q[i].name, loc, index, q[i].loc,
           q[i].index);
  }
  check_gl_error("glGetFragDataLocation / glGetFragDataIndex");

  /* a second source at location 1 is past GL_MAX_DUAL_SOURCE_DRAW_BUFFERS: the link fails */
  const char *fs_past = "#version 330 core\n"
                        "layout(location = 0, index = 0) out vec4 c0;\n"
                        "layout(location = 1, index = 1) out vec4 c1;\n"
                        "void main() { c0 = vec4(1.0); c1 = vec4(0.0); }\n";
  vs = compile(GL_VERTEX_SHADER, VS_PIXELS);
  fs = compile(GL_FRAGMENT_SHADER, fs_past);
  GLuint pp = gl.CreateProgram();
  gl.AttachShader(pp, vs);
  gl.AttachShader(pp, fs);
  gl.LinkProgram(pp);
  ok = 1;
  gl.GetProgramiv(pp, GL_LINK_STATUS, &ok);
  if (ok)
    fail("a program with layout(location = 1, index = 1) linked");
  gl.DeleteShader(vs);
  gl.DeleteShader(fs);
  gl.DeleteProgram(pp);
  check_gl_error("link with index 1 at location 1");

  const vec4f bg = V4(1.0f, 1.0f, 1.0f, 1.0f);
  clear_to(bg);
  float v[24];
  rect_vertices(v, 4, 4, 30, 60);
  rect_vertices(v + 12, 34, 4, 60, 60);
  mesh m = make_mesh(v, 12);
  glEnable(GL_BLEND);
  gl.UseProgram(pl);
  gl.Uniform2f(uloc(pl, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(pl, "u_z"), 0.0f);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC1_COLOR);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.UseProgram(pb);
  gl.Uniform2f(uloc(pb, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(pb, "u_z"), 0.0f);
  gl.BlendFuncSeparate(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_ALPHA, GL_ZERO, GL_SRC1_ALPHA);
  glDrawArrays(GL_TRIANGLES, 6, 6);
  glBlendFunc(GL_ONE, GL_ZERO);
  glDisable(GL_BLEND);
  check_gl_error("dual-source draws");

  model mo;
  model_init(&mo, bg);
  /* c0 + (1 - c1) * dst, clamped */
  model_rect(&mo, 4, 4, 30, 60, to8(V4(0.6f, 0.0f, 1.0f, 0.8f)));
  /* rgb: first * second + (1 - second.a) * dst; alpha: second.a * dst */
  model_rect(&mo, 34, 4, 60, 60, to8(V4(0.8f, 1.0f, 0.4f, 0.6f)));
  check_frame("dual-source blending", &mo);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(pl);
  gl.DeleteProgram(pb);
}

/* restart_lists: GL 3.3 §2.8.1 applies primitive restart to every mode, lists included: the
 * restart index ends the primitive being assembled (an incomplete one is dropped) and assembly
 * starts over. Top: GL_TRIANGLES of GL_UNSIGNED_SHORT indices {0,1,2, 3,4, R, 5,6,7, 8,9,10}
 * with R = 0xFFFF: triangles A, B, C, and the stray 3,4 drawn with nothing (without restart
 * (3,4,5) would cross the gap). Bottom left: GL_LINES of GL_UNSIGNED_INT {0,1, 2, 50, 3,4, 5,6}
 * with R = 50: three horizontal lines, vertex 2 dropped. Bottom right: GL_POINTS of
 * GL_UNSIGNED_BYTE {0, 3, 1, 2} with R = 3: vertex 3 exists (a point at (56,24)) and must not
 * be drawn. */
static void sc_restart_lists(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  GLuint p = solid_program();
  const float tv[] = {4,  36, 28, 36, 4,  60, /* A: 0..2 */
                      28, 60, 16, 48,         /* stray: 3, 4 */
                      36, 36, 60, 36, 36, 60, /* B: 5..7 */
                      60, 44, 60, 60, 44, 60};/* C: 8..10 */
  const GLushort ti[] = {0, 1, 2, 3, 4, 0xffff, 5, 6, 7, 8, 9, 10};
  mesh mt = make_mesh(tv, 11);
  GLuint ebo[3];
  gl.GenBuffers(3, ebo);
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[0]);
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof ti, ti, GL_STATIC_DRAW);
  glEnable(GL_PRIMITIVE_RESTART);
  gl.PrimitiveRestartIndex(0xffff);
  const vec4f green = V4(0.2f, 0.8f, 0.4f, 1.0f);
  set_vec4(p, "u_color", green);
  glDrawElements(GL_TRIANGLES, 12, GL_UNSIGNED_SHORT, (void *)0);
  check_gl_error("GL_TRIANGLES with restart index 0xFFFF");

  /* from outside the viewport to x = 30.25: pixels 0..29 of the row, no end pixel in doubt */
  const float lv[] = {-8.0f, 6.5f,  30.25f, 6.5f,  /* 0, 1 */
                      16.5f, 26.5f,                /* 2: dropped */
                      -8.0f, 12.5f, 30.25f, 12.5f, /* 3, 4 */
                      -8.0f, 18.5f, 30.25f, 18.5f};/* 5, 6 */
  const GLuint li[] = {0, 1, 2, 50, 3, 4, 5, 6};
  mesh ml = make_mesh(lv, 7);
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[1]);
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof li, li, GL_STATIC_DRAW);
  gl.PrimitiveRestartIndex(50);
  const vec4f yellow = V4(1.0f, 0.8f, 0.2f, 1.0f);
  set_vec4(p, "u_color", yellow);
  glDrawElements(GL_LINES, 8, GL_UNSIGNED_INT, (void *)0);
  check_gl_error("GL_LINES with restart index 50");

  const float pv[] = {40, 8, 48, 8, 40, 16, 56, 24};
  const GLubyte pi[] = {0, 3, 1, 2};
  mesh mp = make_mesh(pv, 4);
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[2]);
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof pi, pi, GL_STATIC_DRAW);
  gl.PrimitiveRestartIndex(3);
  const vec4f cyan = V4(0.2f, 0.6f, 1.0f, 1.0f);
  set_vec4(p, "u_color", cyan);
  glPointSize(4.0f);
  glDrawElements(GL_POINTS, 4, GL_UNSIGNED_BYTE, (void *)0);
  glPointSize(1.0f);
  glDisable(GL_PRIMITIVE_RESTART);
  check_gl_error("GL_POINTS with restart index 3");

  model m;
  model_init(&m, bg);
  const rgba8 g8 = to8(green), y8 = to8(yellow), c8 = to8(cyan);
  for (int t = 0; t < 3; t++) {
    static const int tri[3][3] = {{0, 1, 2}, {5, 6, 7}, {8, 9, 10}};
    float xy[6];
    for (int k = 0; k < 3; k++) {
      xy[2 * k] = tv[2 * tri[t][k]];
      xy[2 * k + 1] = tv[2 * tri[t][k] + 1];
    }
    model_tri(&m, xy, g8);
  }
  for (int k = 0; k < 3; k++)
    model_rect(&m, 0, 6 + 6 * k, 30, 7 + 6 * k, y8);
  for (int k = 0; k < 3; k++)
    model_rect(&m, (int)pv[2 * k] - 2, (int)pv[2 * k + 1] - 2, (int)pv[2 * k] + 2,
               (int)pv[2 * k + 1] + 2, c8);
  check_frame("lists split by restart indices", &m);
  gl.DeleteBuffers(3, ebo);
  mesh meshes[3] = {mt, ml, mp};
  for (int i = 0; i < 3; i++) {
    gl.DeleteBuffers(1, &meshes[i].vbo);
    gl.DeleteVertexArrays(1, &meshes[i].vao);
  }
  gl.DeleteProgram(p);
}

/* fbo_separate_ds: GL 3.3 §4.4.4.2 lets an implementation answer GL_FRAMEBUFFER_UNSUPPORTED
 * for a combination of images it cannot use together; mgl (like Mesa llvmpipe) does so for a
 * GL_DEPTH_COMPONENT24 renderbuffer at GL_DEPTH_ATTACHMENT beside a GL_STENCIL_INDEX8 one at
 * GL_STENCIL_ATTACHMENT (Vulkan has one depth/stencil attachment). Drawing, clearing and
 * reading it are GL_INVALID_FRAMEBUFFER_OPERATION and leave the colour alone. The same
 * GL_DEPTH24_STENCIL8 renderbuffer at both points is complete and depth- and stencil-tests.
 * Then: a GL 3.3 context has no stencil-only texture format to copy or upload into. */
static void sc_fbo_separate_ds(void)
{
  GLuint rb[4], fbo;
  gl.GenRenderbuffers(4, rb);
  const GLenum fmt[4] = {GL_RGBA8, GL_DEPTH_COMPONENT24, GL_STENCIL_INDEX8, GL_DEPTH24_STENCIL8};
  for (int i = 0; i < 4; i++) {
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
    gl.RenderbufferStorage(GL_RENDERBUFFER, fmt[i], W, H);
  }
  check_gl_error("renderbuffers");
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[3]);
  const vec4f bg = V4(0.2f, 0.2f, 0.4f, 1.0f);
  clear_to(bg); /* colour known before the unsupported framebuffer is tried */
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[2]);
  check_gl_error("separate depth and stencil attachments");
  GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_UNSUPPORTED)
    fail("separate depth and stencil renderbuffers: status 0x%04x (expected "
         "GL_FRAMEBUFFER_UNSUPPORTED)", st);
  GLuint p = solid_program();
  float v[12];
  rect_vertices(v, 8, 8, 56, 56);
  mesh m = make_mesh(v, 6);
  set_vec4(p, "u_color", V4(1.0f, 0.0f, 0.0f, 1.0f));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  expect_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glDrawArrays on an unsupported framebuffer");
  glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  expect_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glClear on an unsupported framebuffer");
  GLubyte px[4] = {1, 2, 3, 4};
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  expect_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION,
                  "glReadPixels from an unsupported framebuffer");
  if (px[0] != 1 || px[1] != 2 || px[2] != 3 || px[3] != 4)
    fail("glReadPixels wrote into the app's memory although it failed");

  /* one depth/stencil image at both points: complete */
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[3]);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[3]);
  st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("one GL_DEPTH24_STENCIL8 renderbuffer at both points: status 0x%04x", st);
  /* the stencil marks the left half, the depth test keeps the right half's nearer quad */
  glClearStencil(0);
  glClearDepth(1.0);
  glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_ALWAYS, 1, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  float half[12];
  rect_vertices(half, 0, 0, 32, 64);
  mesh mh = make_mesh(half, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glStencilFunc(GL_EQUAL, 1, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  gl.BindVertexArray(m.vao);
  gl.Uniform1f(uloc(p, "u_z"), -0.4f);
  const vec4f near_c = V4(0.4f, 0.8f, 0.2f, 1.0f), far_c = V4(1.0f, 0.6f, 0.0f, 1.0f);
  set_vec4(p, "u_color", near_c);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.Uniform1f(uloc(p, "u_z"), 0.4f);
  set_vec4(p, "u_color", far_c); /* behind: fails the depth test */
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  check_gl_error("draws on the complete framebuffer");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  model mo;
  model_init(&mo, bg);
  model_rect(&mo, 8, 8, 32, 56, to8(near_c));
  check_frame("one depth/stencil image, stencil and depth tested", &mo);
  /* GL 3.3 has no stencil-only textures (ARB_texture_stencil8 is GL 4.4): GL_STENCIL_INDEX8
   * and GL_STENCIL_INDEX are not internal formats of glTexImage2D or glCopyTexImage2D. */
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  bool stencil8 = major * 10 + minor >= 44;
  GLint n_ext = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n_ext);
  for (GLint i = 0; i < n_ext; i++)
    stencil8 |= !strcmp((const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i),
                        "GL_ARB_texture_stencil8");
  GLuint tex;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  if (!stencil8) {
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 0, 0, 4, 4, 0);
    expect_gl_error(GL_INVALID_VALUE, "glCopyTexImage2D(GL_STENCIL_INDEX8) in GL 3.3");
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, 0, 0, 4, 4, 0);
    expect_gl_error(GL_INVALID_VALUE, "glCopyTexImage2D(GL_STENCIL_INDEX) in GL 3.3");
    glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 4, 4, 0, GL_STENCIL_INDEX,
                 GL_UNSIGNED_BYTE, NULL);
    expect_gl_error(GL_INVALID_VALUE, "glTexImage2D(GL_STENCIL_INDEX8) in GL 3.3");
  }
  glDeleteTextures(1, &tex);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(4, rb);
  mesh ms[2] = {m, mh};
  for (int i = 0; i < 2; i++) {
    gl.DeleteBuffers(1, &ms[i].vbo);
    gl.DeleteVertexArrays(1, &ms[i].vao);
  }
  gl.DeleteProgram(p);
}

/* read_depth_fbo: glReadPixels of GL_DEPTH_COMPONENT, GL_STENCIL_INDEX and GL_DEPTH_STENCIL
 * read the READ framebuffer's depth and stencil (GL 3.3 §4.3.1), also when another framebuffer
 * is bound for drawing. An FBO (RGBA8 + GL_DEPTH24_STENCIL8) holds depth 0.25 / stencil 0x5a
 * with a quad at depth 0.5 / stencil 0x33 in [8,40) x [16,48); the default framebuffer holds
 * depth 1.0 / stencil 0x0f. Read the FBO while drawing into the default framebuffer, and the
 * default framebuffer while drawing into the FBO; then a draw lands in the draw framebuffer. */
static void rdf_check(const char *what, bool fbo_side)
{
  static float zf[W * H];
  static uint8_t sten[W * H];
  static GLuint zs[W * H];
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  memset(sten, 0xee, sizeof sten);
  glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, zf);
  glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sten);
  glReadPixels(0, 0, W, H, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zs);
  check_gl_error(what);
  int bad = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const bool in = fbo_side && x >= 8 && x < 40 && y >= 16 && y < 48;
      const float want = !fbo_side ? 1.0f : in ? 0.5f : 0.25f;
      const unsigned want_s = !fbo_side ? 0x0f : in ? 0x33 : 0x5a;
      const long want24 = lroundf(want * 16777215.0f);
      const int i = y * W + x;
      if (fabsf(zf[i] - want) > 1e-6f || sten[i] != want_s || (zs[i] & 0xff) != want_s ||
          labs((long)(zs[i] >> 8) - want24) > 1) {
        if (bad++ < 8)
          fail("%s: pixel (%d,%d): depth %.8f, stencil 0x%02x, packed 0x%08x; expected %.2f, "
               "0x%02x", what, x, y, zf[i], sten[i], zs[i], want, want_s);
      }
    }
  printf("  %s: depth and stencil of %d pixels read, %d wrong\n", what, W * H, bad);
}

static void sc_read_depth_fbo(void)
{
  const vec4f bg = V4(0.0f, 0.4f, 0.2f, 1.0f), fbo_bg = V4(0.6f, 0.2f, 0.2f, 1.0f),
              rc = V4(0.8f, 0.6f, 0.4f, 1.0f), rc2 = V4(0.2f, 0.2f, 1.0f, 1.0f);
  glClearDepth(1.0);
  glClearStencil(0x0f);
  clear_to(bg);
  GLuint rb[2], fbo;
  gl.GenRenderbuffers(2, rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, W, H);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("RGBA8 + GL_DEPTH24_STENCIL8 framebuffer incomplete");
  glClearDepth(0.25);
  glClearStencil(0x5a);
  clear_to(fbo_bg);
  glClearDepth(1.0);
  glClearStencil(0);
  GLuint p = solid_program();
  float v[12];
  rect_vertices(v, 8, 16, 40, 48);
  mesh m = make_mesh(v, 6);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_ALWAYS, 0x33, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f); /* window depth 0.5 */
  set_vec4(p, "u_color", rc);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_STENCIL_TEST);
  glDisable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  check_gl_error("FBO depth/stencil draw");

  /* read the FBO, draw the default framebuffer */
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  rdf_check("FBO read while the default framebuffer is drawn", true);
  /* and the other way round */
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  rdf_check("default framebuffer read while the FBO is drawn", false);

  /* a draw after the reads lands in the draw framebuffer (the FBO), not the read one */
  set_vec4(p, "u_color", rc2);
  float v2[12];
  rect_vertices(v2, 44, 4, 60, 60);
  mesh m2 = make_mesh(v2, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw after the reads");
  model md;
  model_init(&md, bg);
  check_frame("default framebuffer untouched by the FBO draws", &md);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  model mf;
  model_init(&mf, fbo_bg);
  model_rect(&mf, 8, 16, 40, 48, to8(rc));
  model_rect(&mf, 44, 4, 60, 60, to8(rc2));
  check_frame("FBO colour", &mf);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(2, rb);
  mesh ms[2] = {m, m2};
  for (int i = 0; i < 2; i++) {
    gl.DeleteBuffers(1, &ms[i].vbo);
    gl.DeleteVertexArrays(1, &ms[i].vao);
  }
  gl.DeleteProgram(p);
}

/* blit_same: glBlitFramebuffer with one framebuffer as read and draw (GL 3.3 §4.3.2 allows
 * it; only overlapping rectangles are undefined). A source square [4,20)^2 of two colours (A
 * left, B right) in the default framebuffer is blitted unscaled to [24,40) x [4,20), mirrored
 * in x to [44,60) x [4,20), and scaled x2 (nearest) to [24,56) x [28,60); the depth of a quad
 * at [4,20) x [28,44) (0.5 on a 1.0 clear) is blitted to [4,20) x [46,62). */
static void sc_blit_same(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
              cb = V4(0.2f, 0.6f, 1.0f, 1.0f), cz = V4(0.4f, 0.4f, 0.4f, 1.0f);
  glClearDepth(1.0);
  clear_to(bg);
  GLuint p = solid_program();
  float v[36];
  rect_vertices(v, 4, 4, 12, 20);
  rect_vertices(v + 12, 12, 4, 20, 20);
  rect_vertices(v + 24, 4, 28, 20, 44);
  mesh m = make_mesh(v, 18);
  set_vec4(p, "u_color", ca);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  set_vec4(p, "u_color", cb);
  glDrawArrays(GL_TRIANGLES, 6, 6);
  glEnable(GL_DEPTH_TEST);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f); /* window depth 0.5 */
  set_vec4(p, "u_color", cz);
  glDrawArrays(GL_TRIANGLES, 12, 6);
  glDisable(GL_DEPTH_TEST);
  check_gl_error("source draws");

  gl.BlitFramebuffer(4, 4, 20, 20, 24, 4, 40, 20, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BlitFramebuffer(20, 4, 4, 20, 44, 4, 60, 20, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BlitFramebuffer(4, 4, 20, 20, 24, 28, 56, 60, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BlitFramebuffer(4, 28, 20, 44, 4, 46, 20, 62, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  check_gl_error("blits within the default framebuffer");

  static float zf[W * H];
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, zf);
  check_gl_error("depth readback");
  int bad = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const bool in = x >= 4 && x < 20 && ((y >= 28 && y < 44) || (y >= 46 && y < 62));
      const float want = in ? 0.5f : 1.0f;
      if (fabsf(zf[y * W + x] - want) > 1e-6f && bad++ < 8)
        fail("depth at (%d,%d) is %.8f (expected %.2f)", x, y, zf[y * W + x], want);
    }
  printf("  depth of %d pixels read, %d wrong\n", W * H, bad);

  model mo;
  model_init(&mo, bg);
  const rgba8 a8 = to8(ca), b8 = to8(cb);
  model_rect(&mo, 4, 4, 12, 20, a8);
  model_rect(&mo, 12, 4, 20, 20, b8);
  model_rect(&mo, 4, 28, 20, 44, to8(cz));
  model_rect(&mo, 24, 4, 32, 20, a8);
  model_rect(&mo, 32, 4, 40, 20, b8);
  model_rect(&mo, 44, 4, 52, 20, b8);
  model_rect(&mo, 52, 4, 60, 20, a8);
  model_rect(&mo, 24, 28, 40, 60, a8);
  model_rect(&mo, 40, 28, 56, 60, b8);
  check_frame("blits within one surface", &mo);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
}

/* blit_ms_same: glBlitFramebuffer with one multisampled surface as read and draw (GL 3.3
 * §4.3.2: equal sample counts copy samples unchanged; only overlapping rectangles are
 * undefined), and between two layers of one array texture (one level, two surfaces).
 * Bottom half: a 4-sample colour + D24S8 framebuffer, A [4,12) and B [12,20) x [4,20) drawn at
 * depth 0.5 over a 1.0 clear; its colour [4,20)^2 blitted to [24,40) x [4,20), its depth to
 * [44,60) x [4,20); a quad at depth 0.75 over [40,64) x [0,24) with GL_LESS then shows where the
 * depth went; the half is resolved into the window. Top half: layer 0 of a 4-sample and of a
 * single-sample 16x16x2 array texture (A left, B right) blitted to the upper half of layer 1
 * (cleared to Z), each layer 1 then resolved or copied into the window at (4,36) and (28,36). */
static void blit_layers(GLenum target, GLuint tex, int wx, vec4f ca, vec4f cb, vec4f cz)
{
  GLuint fbo[2];
  gl.GenFramebuffers(2, fbo);
  for (int l = 0; l < 2; l++) {
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[l]);
    gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, l);
    const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
    if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("array layer %d framebuffer (target 0x%04x) status 0x%04x", l, target, st);
  }
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
  glClearColor(cz.v[0], cz.v[1], cz.v[2], cz.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
  glClearColor(ca.v[0], ca.v[1], ca.v[2], ca.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(8, 0, 8, 16);
  glClearColor(cb.v[0], cb.v[1], cb.v[2], cb.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(0, 0, 16, 8, 0, 8, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  check_gl_error("blit between two layers of one array texture");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BlitFramebuffer(0, 0, 16, 16, wx, 36, wx + 16, 52, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  check_gl_error("layer 1 into the window");
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(2, fbo);
}

static void sc_blit_ms_same(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
              cb = V4(0.2f, 0.6f, 1.0f, 1.0f), cc = V4(0.4f, 0.8f, 0.2f, 1.0f),
              cz = V4(0.6f, 0.6f, 0.0f, 1.0f);
  clear_to(bg);
  GLuint rb[2], fbo;
  gl.GenRenderbuffers(2, rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8, W, H);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    fail("4-sample colour + depth framebuffer incomplete");
  glClearDepth(1.0);
  clear_to(bg);
  GLuint p = solid_program();
  float v[36];
  rect_vertices(v, 4, 4, 12, 20);
  rect_vertices(v + 12, 12, 4, 20, 20);
  rect_vertices(v + 24, 40, 0, 64, 24);
  mesh m = make_mesh(v, 18);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  set_vec4(p, "u_color", ca);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  set_vec4(p, "u_color", cb);
  glDrawArrays(GL_TRIANGLES, 6, 6);
  glDisable(GL_DEPTH_TEST);
  check_gl_error("multisampled source draws");
  /* fbo is both the read and the draw framebuffer */
  gl.BlitFramebuffer(4, 4, 20, 20, 24, 4, 40, 20, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BlitFramebuffer(4, 4, 20, 20, 44, 4, 60, 20, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  check_gl_error("blits within one multisampled framebuffer");
  glEnable(GL_DEPTH_TEST);
  gl.Uniform1f(uloc(p, "u_z"), 0.5f); /* window depth 0.75 */
  set_vec4(p, "u_color", cc);
  glDrawArrays(GL_TRIANGLES, 12, 6);
  glDisable(GL_DEPTH_TEST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BlitFramebuffer(0, 0, W, 32, 0, 0, W, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  check_gl_error("resolve");

  GLuint tex[2];
  glGenTextures(2, tex);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[0]);
  gl.TexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 16, 16, 2, GL_TRUE);
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex[1]);
  gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 16, 16, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  check_gl_error("array textures");
  blit_layers(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[0], 4, ca, cb, cz);
  blit_layers(GL_TEXTURE_2D_ARRAY, tex[1], 28, ca, cb, cz);

  model mo;
  model_init(&mo, bg);
  const rgba8 a8 = to8(ca), b8 = to8(cb);
  model_rect(&mo, 4, 4, 12, 20, a8);
  model_rect(&mo, 12, 4, 20, 20, b8);
  model_rect(&mo, 24, 4, 32, 20, a8);
  model_rect(&mo, 32, 4, 40, 20, b8);
  model_rect(&mo, 40, 0, 64, 24, to8(cc));
  model_rect(&mo, 44, 4, 60, 20, to8(bg));
  for (int i = 0; i < 2; i++) {
    const int x = i ? 28 : 4;
    model_rect(&mo, x, 36, x + 16, 44, to8(cz));
    model_rect(&mo, x, 44, x + 8, 52, a8);
    model_rect(&mo, x + 8, 44, x + 16, 52, b8);
  }
  check_frame("multisampled blits within one surface and between layers", &mo);
  glDeleteTextures(2, tex);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(2, rb);
}

/* copy_tex_depth_convert: glCopyTexImage2D / glCopyTexSubImage2D from a depth buffer into a
 * depth texture of another depth format convert the depth values (GL 3.3 §3.8.5; only
 * glBlitFramebuffer needs matching formats). Read framebuffers: DEPTH32F_STENCIL8 and
 * DEPTH_COMPONENT16 renderbuffers and the window's D24S8 buffer, each cleared to eight columns
 * of depths and two stencil values. Their 64x4 rectangle at y = 20 is copied into 16-bit,
 * 24-bit and float depth and depth/stencil textures, read back with glGetTexImage as floats
 * against glReadPixels of the source (within two steps of the coarser format) and the stencil
 * bytes exactly. A depth/stencil texture from a read framebuffer with no stencil buffer is
 * GL_INVALID_OPERATION, and so is a depth glBlitFramebuffer between two depth formats. */
enum { DC_W = 64, DC_H = 4, DC_Y = 20 };

static void dc_columns(void)
{
  static const double z[8] = {0.0, 0.1, 0.25, 1.0 / 3.0, 0.5, 0.7, 0.95, 1.0};
  glEnable(GL_SCISSOR_TEST);
  for (int i = 0; i < 8; i++) {
    glScissor(8 * i, 0, 8, H);
    glClearDepth(z[i]);
    glClearStencil(i < 4 ? 0x5a : 0xc3);
    glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  }
  glDisable(GL_SCISSOR_TEST);
  glClearDepth(1.0);
  glClearStencil(0);
}

/* Copies the read framebuffer's rectangle into a new texture of ifmt (glCopyTexSubImage2D
 * into glTexImage2D storage when sub) and checks it against want (and want_st when the
 * texture has stencil). src_bits/dst_bits: 16, 24 or 32 (float). */
static void dc_check(const char *what, GLenum ifmt, int src_bits, int dst_bits, bool sub,
                     const float *want, const uint8_t *want_st)
{
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  const bool ds = ifmt == GL_DEPTH24_STENCIL8 || ifmt == GL_DEPTH32F_STENCIL8;
  const GLenum type = ifmt == GL_DEPTH24_STENCIL8    ? GL_UNSIGNED_INT_24_8
                      : ifmt == GL_DEPTH32F_STENCIL8 ? GL_FLOAT_32_UNSIGNED_INT_24_8_REV
                                                     : GL_FLOAT;
  if (sub) {
    glTexImage2D(GL_TEXTURE_2D, 0, ifmt, DC_W, DC_H, 0, ds ? GL_DEPTH_STENCIL : GL_DEPTH_COMPONENT,
                 type, NULL);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, DC_Y, DC_W, DC_H);
  } else {
    glCopyTexImage2D(GL_TEXTURE_2D, 0, ifmt, 0, DC_Y, DC_W, DC_H, 0);
  }
  check_gl_error(what);
  const int coarse = src_bits < dst_bits ? src_bits : dst_bits;
  const double tol = (coarse == 16 ? 2.0 / 65535.0 : 2.0 / 16777215.0) + 1e-7;
  static float got[DC_W * DC_H];
  memset(got, 0xA5, sizeof got);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, got);
  check_gl_error("glGetTexImage(GL_DEPTH_COMPONENT, GL_FLOAT)");
  int bad = 0;
  for (int i = 0; i < DC_W * DC_H; i++)
    if (!(fabs((double)got[i] - (double)want[i]) <= tol) && bad++ < 4)
      fail("%s: texel (%d,%d) depth %.9f, the framebuffer has %.9f", what, i % DC_W, i / DC_W,
           got[i], want[i]);
  if (want_st) {
    static uint32_t st[DC_W * DC_H * 2];
    memset(st, 0xA5, sizeof st);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, type, st);
    check_gl_error("glGetTexImage(GL_DEPTH_STENCIL)");
    const int words = ifmt == GL_DEPTH32F_STENCIL8 ? 2 : 1;
    for (int i = 0; i < DC_W * DC_H; i++)
      if ((st[i * words + words - 1] & 0xff) != want_st[i] && bad++ < 8)
        fail("%s: texel (%d,%d) stencil 0x%02x, the framebuffer has 0x%02x", what, i % DC_W,
             i / DC_W, st[i * words + words - 1] & 0xff, want_st[i]);
  }
  printf("  %s: %d wrong\n", what, bad);
  glDeleteTextures(1, &t);
}

static void dc_read(float *z, uint8_t *st)
{
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, DC_Y, DC_W, DC_H, GL_DEPTH_COMPONENT, GL_FLOAT, z);
  if (st)
    glReadPixels(0, DC_Y, DC_W, DC_H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
  check_gl_error("glReadPixels of the source depth");
  if (!(z[12] > 0.09f && z[12] < 0.11f) || !(z[60] > 0.99f))
    fail("source depths %.6f, %.6f: the column clears did not land", z[12], z[60]);
}

static void sc_copy_tex_depth_convert(void)
{
  static float want[DC_W * DC_H];
  static uint8_t want_st[DC_W * DC_H];
  GLuint rb[3], fbo[2];
  gl.GenRenderbuffers(3, rb);
  gl.GenFramebuffers(2, fbo);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH32F_STENCIL8, W, H);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2]);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, W, H);
  for (int i = 0; i < 2; i++) {
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, i ? GL_DEPTH_ATTACHMENT
                                                 : GL_DEPTH_STENCIL_ATTACHMENT,
                               GL_RENDERBUFFER, rb[1 + i]);
    if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("depth framebuffer %d incomplete", i);
    dc_columns();
  }

  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]); /* DEPTH32F_STENCIL8 */
  dc_read(want, want_st);
  dc_check("D32F_S8 -> DEPTH_COMPONENT16", GL_DEPTH_COMPONENT16, 32, 16, false, want, NULL);
  dc_check("D32F_S8 -> DEPTH_COMPONENT24 (sub)", GL_DEPTH_COMPONENT24, 32, 24, true, want, NULL);
  dc_check("D32F_S8 -> DEPTH24_STENCIL8", GL_DEPTH24_STENCIL8, 32, 24, false, want, want_st);
  dc_check("D32F_S8 -> DEPTH_COMPONENT32F", GL_DEPTH_COMPONENT32F, 32, 32, false, want, NULL);

  /* glBlitFramebuffer, unlike the copies, needs one depth format on both sides */
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  expect_gl_error(GL_INVALID_OPERATION, "a depth blit from DEPTH32F_STENCIL8 to D24S8");
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]); /* DEPTH_COMPONENT16 */
  dc_read(want, NULL);
  dc_check("D16 -> DEPTH_COMPONENT24", GL_DEPTH_COMPONENT24, 16, 24, false, want, NULL);
  dc_check("D16 -> DEPTH_COMPONENT32F (sub)", GL_DEPTH_COMPONENT32F, 16, 32, true, want, NULL);
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 0, 0, 4, 4, 0);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D(GL_DEPTH24_STENCIL8) without stencil");
  glDeleteTextures(1, &t);

  gl.BindFramebuffer(GL_FRAMEBUFFER, 0); /* the window's D24S8 */
  dc_columns();
  dc_read(want, want_st);
  dc_check("D24S8 -> DEPTH_COMPONENT32F", GL_DEPTH_COMPONENT32F, 24, 32, false, want, NULL);
  dc_check("D24S8 -> DEPTH_COMPONENT16 (sub)", GL_DEPTH_COMPONENT16, 24, 16, true, want, NULL);
  dc_check("D24S8 -> DEPTH32F_STENCIL8", GL_DEPTH32F_STENCIL8, 24, 32, false, want, want_st);

  gl.DeleteFramebuffers(2, fbo);
  gl.DeleteRenderbuffers(3, rb);
  clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* blit_ms_errors: the GL errors of multisampled blits and copies (GL 3.3 §4.3.2, §3.8.5), as
 * Mesa raises them: a scaled blit from or to a multisampled framebuffer, glCopyTexImage2D and
 * glCopyTexSubImage2D from a multisampled read framebuffer, and a blit from a signed- to an
 * unsigned-integer buffer; none of them changes the window. Then the legal resolves that are
 * not plain copies: a 4-sample RGBA8 buffer (M left, N right) mirrored in x into the window's
 * [16,48) x [16,48), and resolved into an RGB10_A2 buffer whose corners are blitted to the
 * window's lower corners. */
static void sc_blit_ms_errors(void)
{
  const vec4f bg = V4(0.0f, 0.2f, 0.4f, 1.0f), cm = V4(1.0f, 0.6f, 0.2f, 1.0f),
              cn = V4(0.4f, 0.0f, 0.8f, 1.0f);
  clear_to(bg);
  GLuint rb[4], fbo[4];
  gl.GenRenderbuffers(4, rb);
  gl.GenFramebuffers(4, fbo);
  const GLenum fmt[4] = {GL_RGBA8, GL_RGB10_A2, GL_RGBA8I, GL_RGBA8UI};
  for (int i = 0; i < 4; i++) {
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
    gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, i == 0 ? 4 : 0, fmt[i], W, H);
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[i]);
    if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("framebuffer %d (0x%04x) incomplete", i, fmt[i]);
  }
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
  glClearColor(cm.v[0], cm.v[1], cm.v[2], cm.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(32, 0, 32, H);
  glClearColor(cn.v[0], cn.v[1], cn.v[2], cn.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  check_gl_error("framebuffers");

  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BlitFramebuffer(0, 0, 32, 32, 0, 0, 64, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  expect_gl_error(GL_INVALID_OPERATION, "a scaled blit from a multisampled framebuffer");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
  gl.BlitFramebuffer(0, 0, 32, 32, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  expect_gl_error(GL_INVALID_OPERATION, "a scaled blit to a multisampled framebuffer");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 8, 8, 0);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D from a multisampled framebuffer");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 8, 8);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D from a multisampled framebuffer");
  glDeleteTextures(1, &t);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[3]);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  expect_gl_error(GL_INVALID_OPERATION, "a blit from RGBA8I to RGBA8UI");

  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BlitFramebuffer(16, 16, 48, 48, 48, 16, 16, 48, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  check_gl_error("mirrored resolve");
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  check_gl_error("resolve from RGBA8 into RGB10_A2");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BlitFramebuffer(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BlitFramebuffer(48, 0, 64, 16, 48, 0, 64, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  check_gl_error("RGB10_A2 into the window");
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  model mo;
  model_init(&mo, bg);
  model_rect(&mo, 16, 16, 32, 48, to8(cn));
  model_rect(&mo, 32, 16, 48, 48, to8(cm));
  model_rect(&mo, 0, 0, 16, 16, to8(cm));
  model_rect(&mo, 48, 0, 64, 16, to8(cn));
  check_frame("the legal resolves only", &mo);
  gl.DeleteFramebuffers(4, fbo);
  gl.DeleteRenderbuffers(4, rb);
}

/* blit_ms_depth: glBlitFramebuffer of depth and stencil from a 4-sample DEPTH24_STENCIL8
 * framebuffer into a single-sample one (GL 3.3 §4.3.2: the samples become one value; with
 * integer rectangle edges every sample of a pixel agrees). A rectangle [8,40)^2 drawn at depth
 * 0.5 with stencil 0x37 over 1.0 / 0; the whole buffer resolved, then its [8,24)^2 once more
 * to [40,56)^2, and within the single-sample buffer to [40,56) x [8,24) and (its [8,16)^2,
 * scaled 2x) to [48,64) x [24,40), all depth only (the stencil there stays 0). glReadPixels of the single-sample buffer reads the depths and
 * stencil values back. */
static void sc_blit_ms_depth(void)
{
  GLuint rb[4], fbo[2];
  gl.GenRenderbuffers(4, rb);
  gl.GenFramebuffers(2, fbo);
  for (int i = 0; i < 2; i++) {
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i]);
    gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, i ? 0 : 4, GL_RGBA8, W, H);
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i + 1]);
    gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, i ? 0 : 4, GL_DEPTH24_STENCIL8, W, H);
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[2 * i]);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                               rb[2 * i + 1]);
    if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("framebuffer %d incomplete", i);
    glClearDepth(i ? 0.25 : 1.0);
    glClearStencil(i ? 0x11 : 0);
    clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
  }
  glClearDepth(1.0);
  glClearStencil(0);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
  GLuint p = solid_program();
  float v[12];
  rect_vertices(v, 8, 8, 40, 40);
  mesh m = make_mesh(v, 6);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_ALWAYS, 0x37, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  set_vec4(p, "u_color", V4(1.0f, 1.0f, 1.0f, 1.0f));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  check_gl_error("multisampled depth/stencil draw");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
                     GL_NEAREST);
  gl.BlitFramebuffer(8, 8, 24, 24, 40, 40, 56, 56, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(8, 8, 24, 24, 40, 8, 56, 24, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  gl.BlitFramebuffer(8, 8, 16, 16, 48, 24, 64, 40, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  check_gl_error("depth/stencil resolves and depth blits");
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
  static float z[W * H];
  static uint8_t st[W * H];
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, z);
  glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
  check_gl_error("read back");
  int bad = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const bool in = x >= 8 && x < 40 && y >= 8 && y < 40;
      const bool moved = (x >= 40 && x < 56 && ((y >= 40 && y < 56) || (y >= 8 && y < 24))) ||
                         (x >= 48 && y >= 24 && y < 40);
      const float wz = in || moved ? 0.5f : 1.0f;
      const uint8_t ws = in ? 0x37 : 0;
      if ((fabsf(z[y * W + x] - wz) > 1e-6f || st[y * W + x] != ws) && bad++ < 8)
        fail("(%d,%d): depth %.7f stencil 0x%02x, expected %.2f 0x%02x", x, y, z[y * W + x],
             st[y * W + x], wz, ws);
    }
  printf("  %d pixels' depth and stencil read, %d wrong\n", W * H, bad);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(2, fbo);
  gl.DeleteRenderbuffers(4, rb);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
  clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* blit_scaled_outside: a scaled nearest glBlitFramebuffer whose source rectangle reaches past
 * the read surface's left edge writes only the destination pixels whose source pixel is
 * inside it (as Mesa does). Source: A [0,8) and B [8,16) x [0,16) in the window. x [-8,16) is
 * blitted at 2x to [24,72) x [0,32) (the pixels from x < 0 and those past the window's edge are
 * not written), and mirrored in x to [0,48) x [32,64). */
static void sc_blit_scaled_outside(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
              cb = V4(0.2f, 0.6f, 1.0f, 1.0f);
  clear_to(bg);
  GLuint p = solid_program();
  float v[24];
  rect_vertices(v, 0, 0, 8, 16);
  rect_vertices(v + 12, 8, 0, 16, 16);
  mesh m = make_mesh(v, 12);
  set_vec4(p, "u_color", ca);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  set_vec4(p, "u_color", cb);
  glDrawArrays(GL_TRIANGLES, 6, 6);
  gl.BlitFramebuffer(-8, 0, 16, 16, 24, 0, 72, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BlitFramebuffer(16, 0, -8, 16, 0, 32, 48, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  check_gl_error("scaled blits reading past the left edge");
  model mo;
  model_init(&mo, bg);
  const rgba8 a8 = to8(ca), b8 = to8(cb);
  model_rect(&mo, 0, 0, 8, 16, a8);
  model_rect(&mo, 8, 0, 16, 16, b8);
  model_rect(&mo, 40, 0, 56, 32, a8);
  model_rect(&mo, 56, 0, 64, 32, b8);
  model_rect(&mo, 0, 32, 16, 64, b8);
  model_rect(&mo, 16, 32, 32, 64, a8);
  check_frame("scaled blits from partly outside the read surface", &mo);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
}

/* ---- blits drawn by the Vulkan backend (vkb_blit_draw.c) ---------------------------------- */

/* A W x H framebuffer with one colour renderbuffer of fmt and samples (0: single-sample). */
static GLuint bd_fbo(GLenum fmt, int samples, GLuint *rb)
{
  GLuint fbo;
  gl.GenRenderbuffers(1, rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, *rb);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, fmt, W, H);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
  const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    die_setup("framebuffer of 0x%04x with %d samples: status 0x%04x", fmt, samples, st);
  return fbo;
}

/* Clears [x0,x1) x [y0,y1) of the draw framebuffer to c. */
static void bd_fill(int x0, int y0, int x1, int y1, vec4f c)
{
  glEnable(GL_SCISSOR_TEST);
  glScissor(x0, y0, x1 - x0, y1 - y0);
  glClearColor(c.v[0], c.v[1], c.v[2], c.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
}

/* Checks [x0,x1) x [y0,y1) of the last readback against want; counts the wrong pixels. */
static int bd_expect(const char *phase, int x0, int y0, int x1, int y1, rgba8 want)
{
  int bad = 0;
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      if (!rgba_eq(pixel_at(x, y), want)) {
        if (bad++ < 4)
          expect_px(phase, x, y, want);
        else
          g_failures++;
      }
  return bad;
}

/* blit_ms_convert: glBlitFramebuffer between two 4-sample framebuffers (GL 3.3 §4.3.2: equal
 * sample counts copy the samples) that mirrors or converts. Source: a 4-sample RGBA8 buffer,
 * A on [0,32) and B on [32,64) columns of its lower half, and a triangle of colour C whose
 * slanted edges leave pixels with samples of two colours. (1) Mirrored in x into a second
 * 4-sample RGBA8 buffer: its resolve equals the source's resolve mirrored, pixel for pixel,
 * edges included (the samples of a pixel move together). (2) Into a 4-sample RGB10_A2 buffer,
 * mirrored in y, resolved into the window: A, B and C where every sample agrees. (3) A 4-sample
 * RGBA8UI buffer mirrored in x and y into another, resolved and read as integers. */
static void sc_blit_ms_convert(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
              cb = V4(0.2f, 0.6f, 1.0f, 1.0f), cc = V4(1.0f, 0.8f, 0.0f, 1.0f);
  clear_to(bg);
  GLuint rb[6], fbo[6];
  fbo[0] = bd_fbo(GL_RGBA8, 4, &rb[0]); /* source */
  clear_to(bg);
  bd_fill(0, 0, 32, 32, ca);
  bd_fill(32, 0, 64, 32, cb);
  GLuint p = solid_program();
  static const float tri[6] = {8.0f, 4.0f, 60.0f, 12.0f, 20.0f, 44.0f};
  mesh m = make_mesh(tri, 3);
  set_vec4(p, "u_color", cc);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  check_gl_error("4-sample source");
  fbo[1] = bd_fbo(GL_RGBA8, 4, &rb[1]);
  clear_to(bg);
  fbo[2] = bd_fbo(GL_RGBA8, 0, &rb[2]); /* resolves, read back */
  fbo[3] = bd_fbo(GL_RGB10_A2, 4, &rb[3]);
  clear_to(bg);

  /* (1) */
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]);
  static uint8_t want[W * H * 4];
  readback();
  memcpy(want, g_pixels, sizeof want);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(0, 0, W, H, W, 0, 0, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  check_gl_error("mirrored blit between 4-sample buffers");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]);
  readback();
  int bad = 0, mixed = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const uint8_t *w = &want[(y * W + W - 1 - x) * 4];
      rgba8 wc;
      memcpy(wc.c, w, 4);
      mixed += !rgba_eq(wc, to8(bg)) && !rgba_eq(wc, to8(ca)) && !rgba_eq(wc, to8(cb)) &&
               !rgba_eq(wc, to8(cc));
      if (!rgba_eq(pixel_at(x, y), wc) && bad++ < 4)
        expect_px("(1) mirrored 4-sample copy, resolved", x, y, wc);
    }
  if (mixed < 20)
    fail("(1) only %d resolved pixels mix two colours: the source has no partly covered pixels",
         mixed);
  printf("  (1) mirrored 4-sample copy: %d pixels, %d partly covered, %d wrong\n", W * H, mixed,
         bad);
  g_failures += bad > 4 ? bad - 4 : 0;

  /* (2) */
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[3]);
  gl.BlitFramebuffer(0, 0, W, 32, 0, 32, W, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  check_gl_error("RGBA8 to RGB10_A2 between 4-sample buffers, mirrored in y");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[3]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  check_gl_error("RGB10_A2 resolved into the window");
  model mo;
  model_init(&mo, bg);
  model_rect(&mo, 0, 0, 32, 32, to8(ca));
  model_rect(&mo, 32, 0, 64, 32, to8(cb));
  const float flipped[6] = {tri[0], 32.0f - tri[1], tri[2], 32.0f - tri[3], tri[4], 32.0f - tri[5]};
  model_tri(&mo, flipped, to8(cc));
  model_rect(&mo, 0, 32, 64, 64, to8(bg));
  check_frame("(2) converted and mirrored 4-sample copy, resolved", &mo);

  /* (3) */
  GLint max_int = 0;
  glGetIntegerv(GL_MAX_INTEGER_SAMPLES, &max_int);
  if (max_int >= 4) {
    fbo[4] = bd_fbo(GL_RGBA8UI, 4, &rb[4]);
    static const GLuint z[4] = {0, 0, 0, 0}, u0[4] = {7, 200, 33, 255}, u1[4] = {250, 1, 90, 4};
    gl.ClearBufferuiv(GL_COLOR, 0, z);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 16, 8);
    gl.ClearBufferuiv(GL_COLOR, 0, u0);
    glScissor(16, 0, 8, 24);
    gl.ClearBufferuiv(GL_COLOR, 0, u1);
    glDisable(GL_SCISSOR_TEST);
    fbo[5] = bd_fbo(GL_RGBA8UI, 4, &rb[5]);
    gl.ClearBufferuiv(GL_COLOR, 0, z);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[4]);
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[5]);
    gl.BlitFramebuffer(0, 0, 32, 32, 32, 32, 0, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    check_gl_error("RGBA8UI between 4-sample buffers, mirrored in x and y");
    GLuint rb1, res = bd_fbo(GL_RGBA8UI, 0, &rb1);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[5]);
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, res);
    gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, res);
    static GLuint px[32 * 32 * 4];
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, 32, 32, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
    check_gl_error("RGBA8UI resolve read back");
    int ibad = 0;
    for (int y = 0; y < 32; y++)
      for (int x = 0; x < 32; x++) {
        const int sx = 31 - x, sy = 31 - y;
        const GLuint *w = sx < 16 && sy < 8 ? u0 : sx >= 16 && sx < 24 && sy < 24 ? u1 : z;
        if (memcmp(&px[(y * 32 + x) * 4], w, 16) && ibad++ < 4)
          fail("(3) RGBA8UI texel (%d,%d) is (%u,%u,%u,%u), expected (%u,%u,%u,%u)", x, y,
               px[(y * 32 + x) * 4], px[(y * 32 + x) * 4 + 1], px[(y * 32 + x) * 4 + 2],
               px[(y * 32 + x) * 4 + 3], w[0], w[1], w[2], w[3]);
      }
    printf("  (3) RGBA8UI mirrored 4-sample copy: %d texels wrong\n", ibad);
    gl.DeleteFramebuffers(1, &res);
    gl.DeleteRenderbuffers(1, &rb1);
    gl.DeleteFramebuffers(2, &fbo[4]);
    gl.DeleteRenderbuffers(2, &rb[4]);
  } else {
    printf("  (3) skipped: GL_MAX_INTEGER_SAMPLES is %d\n", max_int);
  }
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(4, fbo);
  gl.DeleteRenderbuffers(4, rb);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
}

/* blit_to_ms: glBlitFramebuffer from the single-sample window into 4-sample framebuffers (GL
 * 3.3 §4.3.2: the source value reaches every sample). Window: A [0,16), B [16,32) x [0,16) and
 * C [0,32) x [16,32). Into a 4-sample RGBA8 buffer as is; mirrored in x, into a 4-sample
 * RGBA16F buffer's [8,32) x [0,32) (source x [0,24)). Each is resolved back into the window's
 * upper half: at [0,32) and [32,64) x [32,64). (A scissored blit into a multisampled buffer
 * is left out: llvmpipe writes some samples of the pixel left of the scissor.) */
static void sc_blit_to_ms(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
              cb = V4(0.2f, 0.6f, 1.0f, 1.0f), cc = V4(0.4f, 1.0f, 0.2f, 1.0f),
              cz = V4(0.6f, 0.6f, 0.6f, 1.0f);
  clear_to(bg);
  bd_fill(0, 0, 16, 16, ca);
  bd_fill(16, 0, 32, 16, cb);
  bd_fill(0, 16, 32, 32, cc);
  GLuint rb[2], fbo[2];
  fbo[0] = bd_fbo(GL_RGBA8, 4, &rb[0]);
  clear_to(cz);
  fbo[1] = bd_fbo(GL_RGBA16F, 4, &rb[1]);
  clear_to(cz);
  check_gl_error("4-sample framebuffers");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
  gl.BlitFramebuffer(0, 0, 32, 32, 0, 0, 32, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(0, 0, 24, 32, 32, 0, 8, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  check_gl_error("single-sample to 4-sample blits");
  for (int i = 0; i < 2; i++) {
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[i]);
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    gl.BlitFramebuffer(0, 0, 32, 32, 32 * i, 32, 32 * i + 32, 64, GL_COLOR_BUFFER_BIT,
                       GL_NEAREST);
  }
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  check_gl_error("resolves into the window");
  model mo;
  model_init(&mo, bg);
  model_rect(&mo, 0, 0, 16, 16, to8(ca));
  model_rect(&mo, 16, 0, 32, 16, to8(cb));
  model_rect(&mo, 0, 16, 32, 32, to8(cc));
  model_rect(&mo, 0, 32, 16, 48, to8(ca));
  model_rect(&mo, 16, 32, 32, 48, to8(cb));
  model_rect(&mo, 0, 48, 32, 64, to8(cc));
  model_rect(&mo, 32, 32, 40, 64, to8(cz)); /* not written */
  model_rect(&mo, 40, 32, 48, 48, to8(cb));
  model_rect(&mo, 48, 32, 64, 48, to8(ca));
  model_rect(&mo, 40, 48, 64, 64, to8(cc));
  check_frame("single-sample sources copied into every sample", &mo);
  gl.DeleteFramebuffers(2, fbo);
  gl.DeleteRenderbuffers(2, rb);
}

/* blit_linear_outside: a scaled GL_LINEAR glBlitFramebuffer whose source rectangle reaches past
 * the read surface's left edge (GL 3.3 §4.3.2: the pixels read from outside are undefined; the
 * rest is filtered as usual). Window: A [0,8) and B [8,16) x [0,24). x [-16,16) x [0,16) is
 * blitted at 2x to the upper half: the destination columns whose filter taps all lie in A
 * (x 33..46) or all in B (49..62) read exactly A or B; columns left of 32 read outside and the
 * ones between mix A and B, so they are not checked; the row of y 32 takes taps from y -1. */
static void sc_blit_linear_outside(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
              cb = V4(0.2f, 0.6f, 1.0f, 1.0f);
  clear_to(bg);
  bd_fill(0, 0, 8, 24, ca);
  bd_fill(8, 0, 16, 24, cb);
  gl.BlitFramebuffer(-16, 0, 16, 16, 0, 32, 64, 64, GL_COLOR_BUFFER_BIT, GL_LINEAR);
  check_gl_error("linear 2x blit reading past the left edge");
  readback();
  int bad = bd_expect("source untouched", 0, 0, 8, 24, to8(ca));
  bad += bd_expect("source untouched", 8, 0, 16, 24, to8(cb));
  bad += bd_expect("background untouched", 16, 0, 64, 32, to8(bg));
  bad += bd_expect("background untouched", 0, 24, 16, 32, to8(bg));
  bad += bd_expect("filtered from A only", 33, 33, 47, 64, to8(ca));
  bad += bd_expect("filtered from B only", 49, 33, 63, 64, to8(cb));
  printf("  linear blit from partly outside: %d wrong\n", bad);
}

/* blit_clip_box: a scaled nearest glBlitFramebuffer to a destination box far larger than any
 * image (x from -65536 to 65536) clipped to the 64x64 window and to the scissor. Source: an
 * RGBA8 framebuffer with A [0,32) and B [32,64) in rows [0,8), C and D in rows [8,16). Its
 * [0,64) x [0,16) box, 2048x wide and 4x high, puts source column 32 (B, D) on every window
 * column; mirrored in x, column 31 (A, C). The mirrored blit has the scissor on [0,32), the
 * other [32,64). A rectangle E drawn before the blits (overwritten) and one drawn after them
 * with the same program at [24,40)^2 show the blits leave no state to later draws. */
static void sc_blit_clip_box(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f),
              cb = V4(0.2f, 0.6f, 1.0f, 1.0f), cc = V4(0.4f, 1.0f, 0.2f, 1.0f),
              cd = V4(1.0f, 0.8f, 0.0f, 1.0f), ce = V4(0.6f, 0.4f, 0.8f, 1.0f);
  clear_to(bg);
  GLuint rb, fbo = bd_fbo(GL_RGBA8, 0, &rb);
  clear_to(bg);
  bd_fill(0, 0, 32, 8, ca);
  bd_fill(32, 0, 64, 8, cb);
  bd_fill(0, 8, 32, 16, cc);
  bd_fill(32, 8, 64, 16, cd);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  GLuint p = solid_program();
  float v[24];
  rect_vertices(v, 0, 0, 64, 64);
  rect_vertices(v + 12, 24, 24, 40, 40);
  mesh m = make_mesh(v, 12);
  set_vec4(p, "u_color", ce);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glEnable(GL_SCISSOR_TEST);
  glScissor(32, 0, 32, H);
  gl.BlitFramebuffer(0, 0, 64, 16, -65536, 0, 65536, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glScissor(0, 0, 32, H);
  gl.BlitFramebuffer(64, 0, 0, 16, -65536, 0, 65536, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glDisable(GL_SCISSOR_TEST);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glDrawArrays(GL_TRIANGLES, 6, 6);
  check_gl_error("blits to a 131072-wide box");
  model mo;
  model_init(&mo, bg);
  model_rect(&mo, 0, 0, 32, 32, to8(ca));
  model_rect(&mo, 32, 0, 64, 32, to8(cb));
  model_rect(&mo, 0, 32, 32, 64, to8(cc));
  model_rect(&mo, 32, 32, 64, 64, to8(cd));
  model_rect(&mo, 24, 24, 40, 40, to8(ce));
  check_frame("a huge box clipped to the window and the scissor", &mo);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
}

/* blit_no_vk_blit: blits into GL_R11F_G11F_B10F, a colour-renderable format lavapipe cannot
 * vkCmdBlitImage into. Source: an RGBA16F framebuffer whose [0,32)^2 holds four 16x16
 * quadrants P, Q (bottom), R, S (top), and a 4-sample RGBA16F one alike. Into an R11F_G11F_B10F
 * framebuffer cleared to Z: (1) mirrored in x to [0,32) x [0,32); (2) scaled to half height at
 * [32,64) x [0,16); (3) the 4-sample one resolved and mirrored in y to [0,32) x [32,64). Read
 * back as floats; every value is exact in both formats. */
static void sc_blit_no_vk_blit(void)
{
  static const float q[4][3] = {{0.25f, 0.5f, 1.0f}, {1.0f, 0.75f, 0.5f},
                                {0.5f, 0.0f, 0.25f}, {0.0f, 1.0f, 0.75f}};
  static const float z[3] = {0.5f, 0.5f, 0.5f};
  GLuint rb[3], fbo[3];
  for (int i = 0; i < 2; i++) {
    fbo[i] = bd_fbo(GL_RGBA16F, i ? 4 : 0, &rb[i]);
    clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
    for (int k = 0; k < 4; k++)
      bd_fill(16 * (k & 1), 16 * (k >> 1), 16 * (k & 1) + 16, 16 * (k >> 1) + 16,
              V4(q[k][0], q[k][1], q[k][2], 1.0f));
  }
  fbo[2] = bd_fbo(GL_R11F_G11F_B10F, 0, &rb[2]);
  clear_to(V4(z[0], z[1], z[2], 1.0f));
  check_gl_error("framebuffers");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BlitFramebuffer(0, 0, 32, 32, 32, 0, 0, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BlitFramebuffer(0, 0, 32, 32, 32, 0, 64, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(0, 0, 32, 32, 0, 64, 32, 32, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  check_gl_error("blits into R11F_G11F_B10F");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]);
  static float px[W * H * 4];
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, W, H, GL_RGBA, GL_FLOAT, px);
  check_gl_error("R11F_G11F_B10F read back");
  int bad = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const float *w = z;
      if (x < 32 && y < 32) /* (1): source (31 - x, y) */
        w = q[((31 - x) >= 16) | ((y >= 16) << 1)];
      else if (y < 16) /* (2): source (x - 32, 2y + 1) */
        w = q[(x >= 48) | ((y >= 8) << 1)];
      else if (x < 32 && y >= 32) /* (3): source (x, 63 - y) */
        w = q[(x >= 16) | ((63 - y >= 16) << 1)];
      const float *g = &px[(y * W + x) * 4];
      if ((g[0] != w[0] || g[1] != w[1] || g[2] != w[2] || g[3] != 1.0f) && bad++ < 6)
        fail("R11F_G11F_B10F (%d,%d) is (%g,%g,%g,%g), expected (%g,%g,%g,1)", x, y, g[0], g[1],
             g[2], g[3], w[0], w[1], w[2]);
    }
  printf("  %d texels of R11F_G11F_B10F read, %d wrong\n", W * H, bad);
  g_failures += bad > 6 ? bad - 6 : 0;
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(3, fbo);
  gl.DeleteRenderbuffers(3, rb);
  clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* blit_ms_depth_keeps_stencil: a depth-only glBlitFramebuffer between two 4-sample
 * DEPTH24_STENCIL8 framebuffers copies depth and leaves the destination's stencil, and a
 * stencil-only one the reverse (GL 3.3 §4.3.2: only the buffers in the mask are written).
 * Source: depth 1.0, a rectangle [8,40)^2 at depth 0.5, stencil 0x37 everywhere. Destination:
 * depth 0.25, stencil 0x5a. Its x [0,32) gets the source's depth, its x [48,64) the source's
 * stencil; it is then resolved (depth and stencil) into a single-sample DEPTH24_STENCIL8
 * framebuffer and read back. */
static void sc_blit_ms_depth_keeps_stencil(void)
{
  GLuint rb[5], fbo[3];
  gl.GenRenderbuffers(5, rb);
  gl.GenFramebuffers(3, fbo);
  for (int i = 0; i < 3; i++) {
    const int samples = i < 2 ? 4 : 0;
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i]);
    gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, W, H);
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                               rb[2 * i]);
    if (i < 2) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i + 1]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, W, H);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                 rb[2 * i + 1]);
    } else {
      glDrawBuffer(GL_NONE);
      glReadBuffer(GL_NONE);
    }
    if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("framebuffer %d incomplete", i);
    glClearDepth(i == 1 ? 0.25 : 1.0);
    glClearStencil(i == 1 ? 0x5a : 0x37);
    clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
  }
  glClearDepth(1.0);
  glClearStencil(0);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
  GLuint p = solid_program();
  float v[12];
  rect_vertices(v, 8, 8, 40, 40);
  mesh m = make_mesh(v, 6);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  set_vec4(p, "u_color", V4(1.0f, 1.0f, 1.0f, 1.0f));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_DEPTH_TEST);
  check_gl_error("4-sample depth draw");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(0, 0, 32, H, 0, 0, 32, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  gl.BlitFramebuffer(48, 0, W, H, 48, 0, W, H, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
  check_gl_error("depth-only and stencil-only blits between 4-sample DEPTH24_STENCIL8 buffers");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
                     GL_NEAREST);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[2]);
  static float z[W * H];
  static uint8_t st[W * H];
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, z);
  glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
  check_gl_error("resolve and read back");
  int bad = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const bool copied = x < 32, in = x >= 8 && y >= 8 && y < 40;
      const float wz = copied ? (in ? 0.5f : 1.0f) : 0.25f;
      const uint8_t ws = x >= 48 ? 0x37 : 0x5a;
      if ((fabsf(z[y * W + x] - wz) > 1e-6f || st[y * W + x] != ws) && bad++ < 8)
        fail("(%d,%d): depth %.7f stencil 0x%02x, expected %.2f 0x%02x", x, y, z[y * W + x],
             st[y * W + x], wz, ws);
    }
  printf("  %d pixels' depth and stencil read, %d wrong\n", W * H, bad);
  g_failures += bad > 8 ? bad - 8 : 0;
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(3, fbo);
  gl.DeleteRenderbuffers(5, rb);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
  clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* blit_depth_to_ms: the depth blits into or out of 4-sample DEPTH24_STENCIL8 buffers that are
 * not copies of samples (GL 3.3 §4.3.2), depth only, so every stencil stays. The window's
 * depth (1.0, a rectangle [8,24)^2 at 0.5) is blitted (a) from its [0,32)^2 into 4-sample
 * buffer A (depth 0.25, stencil 0x5a) as is: every sample takes the value; (b) A's [0,32)^2
 * into 4-sample buffer B (0.75, 0x11) mirrored in x at [32,64) x [0,32); (c) B resolved
 * (depth and stencil) into single-sample buffer C (0.125, 0x22) at [0,64) x [0,32), and B's
 * [32,64) x [0,32) resolved again, depth only and mirrored in y, to C's [32,64) x [32,64);
 * (d) the window's [0,32)^2 into C with a 131072-wide destination box scaled 4096x in x, the
 * scissor keeping C's [0,32) x [32,64): source column 16 on every column. C's depth and
 * stencil are read back. */
static void sc_blit_depth_to_ms(void)
{
  static const double zc[3] = {0.25, 0.75, 0.125};
  static const int sc[3] = {0x5a, 0x11, 0x22};
  GLuint rb[5], fbo[3];
  gl.GenRenderbuffers(5, rb);
  gl.GenFramebuffers(3, fbo);
  for (int i = 0; i < 3; i++) {
    const int samples = i < 2 ? 4 : 0;
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i]);
    gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, W, H);
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                               rb[2 * i]);
    if (i < 2) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[2 * i + 1]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, W, H);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                 rb[2 * i + 1]);
    } else {
      glDrawBuffer(GL_NONE);
      glReadBuffer(GL_NONE);
    }
    if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("framebuffer %d incomplete", i);
    glClearDepth(zc[i]);
    glClearStencil(sc[i]);
    clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
  }
  glClearDepth(1.0);
  glClearStencil(0);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
  GLuint p = solid_program();
  float v[12];
  rect_vertices(v, 8, 8, 24, 24);
  mesh m = make_mesh(v, 6);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_DEPTH_TEST);
  check_gl_error("window depth");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
  gl.BlitFramebuffer(0, 0, 32, 32, 0, 0, 32, 32, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(0, 0, 32, 32, 64, 0, 32, 32, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
  gl.BlitFramebuffer(0, 0, W, 32, 0, 0, W, 32, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
                     GL_NEAREST);
  gl.BlitFramebuffer(32, 0, 64, 32, 32, 64, 64, 32, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 32, 32, 32);
  gl.BlitFramebuffer(0, 0, 32, 32, -65536, 32, 65536, 64, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  glDisable(GL_SCISSOR_TEST);
  check_gl_error("depth blits");
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[2]);
  static float z[W * H];
  static uint8_t st[W * H];
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, z);
  glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
  check_gl_error("read back");
  int bad = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      float wz;
      uint8_t ws;
      if (y < 32) { /* B: its clear left, A mirrored right */
        wz = x < 32 ? 0.75f : (x >= 40 && x < 56 && y >= 8 && y < 24 ? 0.5f : 1.0f);
        ws = 0x11;
      } else if (x < 32) { /* (d): the window's column 16 */
        wz = y >= 40 && y < 56 ? 0.5f : 1.0f;
        ws = 0x22;
      } else { /* B's right half mirrored in y, depth only */
        wz = x >= 40 && x < 56 && y >= 40 && y < 56 ? 0.5f : 1.0f;
        ws = 0x22;
      }
      if ((fabsf(z[y * W + x] - wz) > 1e-6f || st[y * W + x] != ws) && bad++ < 8)
        fail("(%d,%d): depth %.7f stencil 0x%02x, expected %.3f 0x%02x", x, y, z[y * W + x],
             st[y * W + x], wz, ws);
    }
  printf("  %d pixels' depth and stencil read, %d wrong\n", W * H, bad);
  g_failures += bad > 8 ? bad - 8 : 0;
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(3, fbo);
  gl.DeleteRenderbuffers(5, rb);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
  clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* blit_stencil_declined: stencil blits that are drawn, through gl_FragStencilRefARB where the
 * device has VK_EXT_shader_stencil_export and one bit a draw without it (blit_stencil_drawn
 * checks their values; gate.stencil_bits runs both without it): the window's stencil into a 4-sample
 * DEPTH24_STENCIL8 buffer, and into a single-sample one through a 131072-wide scaled box. The
 * scenario checks only what holds either way: no GL error, and the window still renders after
 * them. */
static void sc_blit_stencil_declined(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.8f, 0.2f, 0.4f, 1.0f);
  glClearStencil(0x33);
  clear_to(bg);
  glClearStencil(0);
  GLuint rb[2], fbo[2];
  gl.GenRenderbuffers(2, rb);
  gl.GenFramebuffers(2, fbo);
  for (int i = 0; i < 2; i++) {
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
    gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, i ? 0 : 4, GL_DEPTH24_STENCIL8, W, H);
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                               rb[i]);
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
    if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("depth/stencil framebuffer %d incomplete", i);
  }
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(0, 0, 32, 32, -65536, 0, 65536, 64, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
  check_gl_error("stencil blits");
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  GLuint p = solid_program();
  float v[12];
  rect_vertices(v, 16, 16, 48, 40);
  mesh m = make_mesh(v, 6);
  set_vec4(p, "u_color", ca);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  model mo;
  model_init(&mo, bg);
  model_rect(&mo, 16, 16, 48, 40, to8(ca));
  check_frame("the window renders after the stencil blits", &mo);
  gl.DeleteFramebuffers(2, fbo);
  gl.DeleteRenderbuffers(2, rb);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
}

/* tex1d_depth: a 1D GL_DEPTH_COMPONENT24 texture as the depth attachment beside a 1D RGBA8
 * colour texture (8 texels; an 8x1 viewport, so a_pos x = 8 * pixel). Cleared to depth 1.0, a
 * full-width quad at depth 0.5 (colour A), then with GL_LESS a quad over texels 0-3 at 0.75
 * (colour B, rejected) and one over texels 4-7 at 0.25 (colour C, kept). Colour and depth
 * read back from the framebuffer, depth also by glGetTexImage. */
static void sc_tex1d_depth(void)
{
  GLuint tex[2], fbo;
  glGenTextures(2, tex);
  glBindTexture(GL_TEXTURE_1D, tex[0]);
  glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_1D, tex[1]);
  glTexImage1D(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT24, 8, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  check_gl_error("1D textures");
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0);
  gl.FramebufferTexture(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, tex[1], 0);
  const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
  if (st != GL_FRAMEBUFFER_COMPLETE)
    fail("1D colour + 1D depth framebuffer: status 0x%04x", st);
  glViewport(0, 0, 8, 1);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.2f, 0.4f, 0.6f, 1.0f),
              cb = V4(1.0f, 0.0f, 0.0f, 1.0f), cc = V4(0.8f, 0.6f, 0.2f, 1.0f);
  glClearDepth(1.0);
  clear_to(bg);
  GLuint p = solid_program();
  float v[36];
  rect_vertices(v, 0, 0, 64, 64);
  rect_vertices(v + 12, 0, 0, 32, 64);
  rect_vertices(v + 24, 32, 0, 64, 64);
  mesh m = make_mesh(v, 18);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  const struct {
    float z;
    vec4f c;
  } d[3] = {{0.0f, ca}, {0.5f, cb}, {-0.5f, cc}};
  for (int i = 0; i < 3; i++) {
    gl.Uniform1f(uloc(p, "u_z"), d[i].z);
    set_vec4(p, "u_color", d[i].c);
    glDrawArrays(GL_TRIANGLES, 6 * i, 6);
  }
  glDisable(GL_DEPTH_TEST);
  check_gl_error("depth-tested draws into the 1D framebuffer");
  GLubyte px[8][4];
  float z[8], zt[8];
  memset(px, 0xee, sizeof px);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, 8, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  glReadPixels(0, 0, 8, 1, GL_DEPTH_COMPONENT, GL_FLOAT, z);
  glBindTexture(GL_TEXTURE_1D, tex[1]);
  glGetTexImage(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, zt);
  check_gl_error("1D colour and depth read back");
  for (int i = 0; i < 8; i++) {
    const rgba8 want = to8(i < 4 ? ca : cc);
    const float wz = i < 4 ? 0.5f : 0.25f;
    if (memcmp(px[i], want.c, 4))
      fail("texel %d: colour (%u,%u,%u,%u), expected (%u,%u,%u,%u)", i, px[i][0], px[i][1],
           px[i][2], px[i][3], want.c[0], want.c[1], want.c[2], want.c[3]);
    if (fabsf(z[i] - wz) > 1e-6f || fabsf(zt[i] - wz) > 1e-6f)
      fail("texel %d: depth %.8f (glReadPixels) / %.8f (glGetTexImage), expected %.2f", i, z[i],
           zt[i], wz);
  }
  glViewport(0, 0, W, H);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(1, &fbo);
  glDeleteTextures(2, tex);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
  /* the default framebuffer still renders */
  clear_to(bg);
  model mo;
  model_init(&mo, bg);
  check_frame("default framebuffer after the 1D framebuffer", &mo);
}

/* point_size_unwritable: the two point-size declines, reached honestly. A vertex shader (and a
 * geometry shader emitting points) that redeclares gl_PerVertex without gl_PointSize (GLSL 1.50
 * §7.1) leaves the last stage no gl_PointSize to write glPointSize's size into, and Vulkan has
 * no fixed-function point size: mgl declines those two GL_POINTS draws by name (Mesa draws
 * them, 8 pixels wide, at (16,48) and (48,48)). What follows must render: a rectangle at the
 * bottom, and nothing anywhere else outside the two points' neighbourhoods. */
static void sc_point_size_unwritable(void)
{
  const char *vs_block = "#version 150 core\n"
                         "in vec2 a_pos;\n"
                         "out gl_PerVertex { vec4 gl_Position; };\n"
                         "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *vs = "#version 150 core\n"
                   "in vec2 a_pos;\n"
                   "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *gs_block = "#version 150 core\n"
                         "layout(points) in;\n"
                         "layout(points, max_vertices = 1) out;\n"
                         "out gl_PerVertex { vec4 gl_Position; };\n"
                         "void main() {\n"
                         "  gl_Position = gl_in[0].gl_Position;\n"
                         "  EmitVertex();\n"
                         "}\n";
  const char *fs = "#version 150 core\n"
                   "uniform vec4 u_color;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = u_color; }\n";
  const binding attribs[] = {{"a_pos", 0}, {NULL, 0}};
  GLuint pv = link_program_b(vs_block, fs, attribs, NULL);
  GLuint pg = link_program_gs(vs, gs_block, fs);
  const float pts[4] = {16.0f, 48.0f, 48.0f, 48.0f};
  mesh mp = make_mesh(pts, 2);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), cp = V4(1.0f, 0.2f, 0.2f, 1.0f),
              cr = V4(0.2f, 0.8f, 0.4f, 1.0f);
  clear_to(bg);
  glPointSize(8.0f);
  gl.UseProgram(pv);
  set_vec4(pv, "u_color", cp);
  glDrawArrays(GL_POINTS, 0, 1);
  gl.UseProgram(pg);
  set_vec4(pg, "u_color", cp);
  glDrawArrays(GL_POINTS, 1, 1);
  glPointSize(1.0f);
  check_gl_error("points without a gl_PointSize to write");

  GLuint p = solid_program();
  float v[12];
  rect_vertices(v, 4, 4, 60, 28);
  mesh mr = make_mesh(v, 6);
  set_vec4(p, "u_color", cr);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("a draw after the declined points");
  readback();
  const rgba8 bg8 = to8(bg), cr8 = to8(cr);
  int bad = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      if (y >= 40 && y < 56 && ((x >= 8 && x < 24) || (x >= 40 && x < 56)))
        continue; /* the points: drawn by Mesa, declined by mgl */
      const bool in = x >= 4 && x < 60 && y >= 4 && y < 28;
      const rgba8 want = in ? cr8 : bg8, got = pixel_at(x, y);
      if (!rgba_eq(want, got) && bad++ < 8)
        fail("pixel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", x, y, want.c[0],
             want.c[1], want.c[2], want.c[3], got.c[0], got.c[1], got.c[2], got.c[3]);
    }
  printf("  the frame around the points: %d wrong\n", bad);
  mesh ms[2] = {mp, mr};
  for (int i = 0; i < 2; i++) {
    gl.DeleteBuffers(1, &ms[i].vbo);
    gl.DeleteVertexArrays(1, &ms[i].vao);
  }
  gl.DeleteProgram(pv);
  gl.DeleteProgram(pg);
  gl.DeleteProgram(p);
}

/* block_array_interp: flat, noperspective and centroid members of an array of interface blocks
 * (GLSL 1.50), read through a dynamic index. On Mesa 22.3's lavapipe such members of a block
 * array interpolated as plain smooth ones; mgl now gives the driver one variable per member
 * (spirv_split.c). The flat member is 1 at the first and last vertex of the triangle and 0 at the
 * middle one (so either provoking-vertex convention reads 1); the noperspective member must
 * equal a loose noperspective varying (the vertices have different w); the centroid member holds
 * barycentrics, which leave [0, 1] only when sampled outside the triangle. A pixel passes green,
 * fails red: single-sampled every covered pixel is green, and in a 4-sample framebuffer
 * (resolved) no pixel has any red, edge pixels included. */
static void sc_block_array_interp(void)
{
  const char *vs = "#version 150\n"
                   "in vec2 a_pos;\n"
                   "in vec2 a_fw;\n"
                   "in vec3 a_bary;\n"
                   "noperspective out float n_loose;\n"
                   "out Blk {\n"
                   "  flat float f;\n"
                   "  noperspective float n;\n"
                   "  centroid vec3 c;\n"
                   "} b[2];\n"
                   "void main() {\n"
                   "  float w = a_fw.y;\n"
                   "  gl_Position = vec4((a_pos / 32.0 - 1.0) * w, 0.0, w);\n"
                   "  n_loose = a_pos.x / 64.0 + a_pos.y / 128.0;\n"
                   "  for (int i = 0; i < 2; i++) {\n"
                   "    b[i].f = a_fw.x; b[i].n = n_loose; b[i].c = a_bary;\n"
                   "  }\n"
                   "}\n";
  const char *fs = "#version 150\n"
                   "noperspective in float n_loose;\n"
                   "in Blk {\n"
                   "  flat float f;\n"
                   "  noperspective float n;\n"
                   "  centroid vec3 c;\n"
                   "} b[2];\n"
                   "uniform int which;\n"
                   "out vec4 o;\n"
                   "void main() {\n"
                   "  bool ok = b[which].f == 1.0 && abs(b[which].n - n_loose) < 1e-5 &&\n"
                   "            all(greaterThanEqual(b[which].c, vec3(-0.001))) &&\n"
                   "            all(lessThanEqual(b[which].c, vec3(1.001)));\n"
                   "  o = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                   "}\n";
  const binding attribs[] = {{"a_pos", 0}, {"a_fw", 1}, {"a_bary", 2}, {NULL, 0}};
  const binding frags[] = {{"o", 0}, {NULL, 0}};
  GLuint p = link_program_b(vs, fs, attribs, frags);
  gl.UseProgram(p);
  gl.Uniform1i(uloc(p, "which"), 1);

  const float tri[6] = {4, 4, 60, 12, 10, 58};
  const float fw[6] = {1, 1, 0, 2, 1, 3}; /* flat value, w */
  float data[3 * 7];
  for (int k = 0; k < 3; k++) {
    data[7 * k] = tri[2 * k];
    data[7 * k + 1] = tri[2 * k + 1];
    data[7 * k + 2] = fw[2 * k];
    data[7 * k + 3] = fw[2 * k + 1];
    for (int j = 0; j < 3; j++)
      data[7 * k + 4 + j] = j == k ? 1.0f : 0.0f;
  }
  GLuint vao, vbo;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 7 * sizeof(float), (void *)0);
  gl.VertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 7 * sizeof(float), (void *)(2 * sizeof(float)));
  gl.VertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, 7 * sizeof(float), (void *)(4 * sizeof(float)));
  for (GLuint a = 0; a < 3; a++)
    gl.EnableVertexAttribArray(a);
  check_gl_error("block_array_interp setup");

  const vec4f bg = V4(0.0f, 0.0f, 0.6f, 1.0f), green = V4(0.0f, 1.0f, 0.0f, 1.0f);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  check_gl_error("single-sampled draw");
  model m;
  model_init(&m, bg);
  model_tri(&m, tri, to8(green));
  check_frame("flat and noperspective members of a block array", &m);

  GLuint rb, fbo;
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("4-sample framebuffer incomplete");
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  check_gl_error("multisampled draw and resolve");
  check_frame("centroid member of a block array, resolved", &m);
  int red = 0, mixed = 0;
  const rgba8 b8 = to8(bg), g8 = to8(green);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      rgba8 got = pixel_at(x, y);
      if (got.c[0] && red++ < 8)
        fail("pixel (%d,%d) has red %u: a centroid member was sampled outside the triangle", x,
             y, got.c[0]);
      mixed += !rgba_eq(got, b8) && !rgba_eq(got, g8);
    }
  if (mixed < 20)
    fail("only %d partly covered pixels on the triangle's edges: not multisampled?", mixed);
  printf("  %d partly covered edge pixels, %d with red\n", mixed, red);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
  gl.DeleteBuffers(1, &vbo);
  gl.DeleteVertexArrays(1, &vao);
  gl.DeleteProgram(p);
}

/* rect_sampler: a rectangle texture sampled through sampler objects. GL 3.3 §3.8.2: state in
 * the bound sampler that glTexParameter would refuse for the unit's texture makes the texture
 * incomplete on that unit (the spec's example: a wrap mode REPEAT or MIRRORED_REPEAT with a
 * rectangle texture; a mipmap minification filter is refused likewise). Incomplete, it samples
 * as (0,0,0,1). The same texture on other units, through samplers with CLAMP_TO_EDGE or
 * CLAMP_TO_BORDER and NEAREST or through its own state, stays complete; setting the samplers
 * back makes it complete again. Mesa 22.3 llvmpipe differs: it samples the texel through every
 * one of these samplers. */
static void sc_rect_sampler(void)
{
  static const uint8_t texels[2][2][4] = {{{200, 40, 20, 255}, {20, 200, 40, 255}},
                                          {{40, 20, 200, 255}, {220, 220, 220, 255}}};
  enum { N_UNITS = 8, N_SMP = 7 };
  GLuint tex;
  glGenTextures(1, &tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  for (GLuint u = 0; u < N_UNITS; u++) {
    gl.ActiveTexture(GL_TEXTURE0 + u);
    glBindTexture(GL_TEXTURE_RECTANGLE, tex);
  }
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  gl.ActiveTexture(GL_TEXTURE0);
  check_gl_error("rectangle texture");

  /* unit u has sampler smp[u] (unit 7 none): 0 NEAREST, CLAMP_TO_EDGE; 1 WRAP_S REPEAT;
   * 2 WRAP_T MIRRORED_REPEAT; 3 WRAP_R REPEAT; 4 MIN_FILTER LINEAR_MIPMAP_NEAREST;
   * 5 MIN_FILTER NEAREST_MIPMAP_LINEAR; 6 CLAMP_TO_BORDER. */
  static const GLenum wraps[3] = {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R};
  GLuint smp[N_SMP];
  gl.GenSamplers(N_SMP, smp);
  for (int i = 0; i < N_SMP; i++) {
    gl.SamplerParameteri(smp[i], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl.SamplerParameteri(smp[i], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    for (int k = 0; k < 3; k++)
      gl.SamplerParameteri(smp[i], wraps[k], i == 6 ? GL_CLAMP_TO_BORDER : GL_CLAMP_TO_EDGE);
    gl.BindSampler((GLuint)i, smp[i]);
  }
  gl.SamplerParameteri(smp[1], GL_TEXTURE_WRAP_S, GL_REPEAT);
  gl.SamplerParameteri(smp[2], GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
  gl.SamplerParameteri(smp[3], GL_TEXTURE_WRAP_R, GL_REPEAT);
  gl.SamplerParameteri(smp[4], GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
  gl.SamplerParameteri(smp[5], GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR);
  check_gl_error("sampler objects (a sampler takes what a rectangle texture refuses)");

  static const char *fs = "#version 330 core\n"
                          "uniform sampler2DRect u_t0, u_t1, u_t2, u_t3, u_t4, u_t5, u_t6, u_t7;\n"
                          "uniform int u_unit;\n"
                          "uniform vec2 u_uv;\n"
                          "out vec4 o_color;\n"
                          "void main() {\n"
                          "  if (u_unit == 0) o_color = texture(u_t0, u_uv);\n"
                          "  else if (u_unit == 1) o_color = texture(u_t1, u_uv);\n"
                          "  else if (u_unit == 2) o_color = texture(u_t2, u_uv);\n"
                          "  else if (u_unit == 3) o_color = texture(u_t3, u_uv);\n"
                          "  else if (u_unit == 4) o_color = texture(u_t4, u_uv);\n"
                          "  else if (u_unit == 5) o_color = texture(u_t5, u_uv);\n"
                          "  else if (u_unit == 6) o_color = texture(u_t6, u_uv);\n"
                          "  else o_color = texture(u_t7, u_uv);\n"
                          "}\n";
  GLuint p = link_program(VS_PIXELS, fs);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  for (int i = 0; i < N_UNITS; i++) {
    char name[8];
    snprintf(name, sizeof name, "u_t%d", i);
    gl.Uniform1i(uloc(p, name), i);
  }
  float quad[12];
  rect_vertices(quad, 0, 0, 64, 64);
  mesh mq = make_mesh(quad, 6);
  gl.BindVertexArray(mq.vao);
  check_gl_error("program");

  const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
  const rgba8 black = {{0, 0, 0, 255}};
  const rgba8 t10 = {{20, 200, 40, 255}}; /* texel (1, 0) */
  const char *phase[2] = {"samplers with REPEAT, MIRRORED_REPEAT or a mipmap filter",
                          "the same samplers set to CLAMP_TO_EDGE and NEAREST"};
  glEnable(GL_SCISSOR_TEST);
  for (int ph = 0; ph < 2; ph++) {
    if (ph == 1) {
      gl.SamplerParameteri(smp[1], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      gl.SamplerParameteri(smp[2], GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
      gl.SamplerParameteri(smp[3], GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
      gl.SamplerParameteri(smp[4], GL_TEXTURE_MIN_FILTER, GL_LINEAR);
      gl.SamplerParameteri(smp[5], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    }
    glDisable(GL_SCISSOR_TEST);
    clear_to(bg);
    glEnable(GL_SCISSOR_TEST);
    model m;
    model_init(&m, bg);
    for (int u = 0; u < N_UNITS; u++) {
      bool incomplete = ph == 0 && u >= 1 && u <= 5;
      gl.Uniform1i(uloc(p, "u_unit"), u);
      gl.Uniform2f(uloc(p, "u_uv"), 1.5f, 0.5f); /* the centre of texel (1, 0) */
      glScissor(8 * u, 0, 8, 64);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, 8 * u, 0, 8 * u + 8, 64, incomplete ? black : t10);
    }
    check_gl_error(phase[ph]);
    check_frame(phase[ph], &m);
  }
  glDisable(GL_SCISSOR_TEST);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  gl.DeleteSamplers(N_SMP, smp);
  glDeleteTextures(1, &tex);
  gl.DeleteBuffers(1, &mq.vbo);
  gl.DeleteVertexArrays(1, &mq.vao);
  check_gl_error("clean-up");
}

/* vertex_formats: GL 3.3 §2.8 vertex attribute formats, each feeding one rectangle's flat
 * colour, so every expected byte is exact: GL_UNSIGNED_BYTE normalized (tightly packed, stride
 * 0), the same bytes in GL_BGRA order, GL_HALF_FLOAT, GL_UNSIGNED_INT_2_10_10_10_REV normalized
 * (the 2-bit alpha 1 is 1/3 = byte 85), GL_UNSIGNED_SHORT normalized with size 3 (the missing
 * w reads 1), a disabled array (the current generic value from glVertexAttrib4f), and
 * glVertexAttribIPointer of GL_UNSIGNED_BYTE (stride 8) and GL_SHORT read as uvec4 / ivec4
 * (integers, never normalized or converted to float). */
static void vf_rect(int i, const void *data, GLsizeiptr bytes, GLint size, GLenum type,
                    GLboolean norm, GLsizei stride, int integer)
{
  float q[12];
  const int x0 = 2 + 16 * (i % 4), y0 = i < 4 ? 34 : 2;
  rect_vertices(q, (float)x0, (float)y0, (float)(x0 + 14), (float)(y0 + 28));
  (void)make_mesh(q, 6); /* binds its vertex array */
  if (data) {
    GLuint b;
    gl.GenBuffers(1, &b);
    gl.BindBuffer(GL_ARRAY_BUFFER, b);
    gl.BufferData(GL_ARRAY_BUFFER, bytes, data, GL_STATIC_DRAW);
    if (integer)
      gl.VertexAttribIPointer(1, size, type, stride, (void *)0);
    else
      gl.VertexAttribPointer(1, size, type, norm, stride, (void *)0);
    gl.EnableVertexAttribArray(1);
  }
  check_gl_error("vertex format setup");
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("vertex format draw");
}

static void sc_vertex_formats(void)
{
  const char *fs = "#version 330 core\n"
                   "flat in vec4 v_col;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = v_col; }\n";
  const char *vs_f = "#version 330 core\n"
                     "layout(location = 0) in vec2 a_pos;\n"
                     "layout(location = 1) in vec4 a_col;\n"
                     "flat out vec4 v_col;\n"
                     "void main() { v_col = a_col; gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *vs_u = "#version 330 core\n"
                     "layout(location = 0) in vec2 a_pos;\n"
                     "layout(location = 1) in uvec4 a_col;\n"
                     "flat out vec4 v_col;\n"
                     "void main() { v_col = vec4(a_col) / 255.0;\n"
                     "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const char *vs_i = "#version 330 core\n"
                     "layout(location = 0) in vec2 a_pos;\n"
                     "layout(location = 1) in ivec4 a_col;\n"
                     "flat out vec4 v_col;\n"
                     "void main() { v_col = vec4(-a_col) / 255.0;\n"
                     "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  GLuint pf = link_program(vs_f, fs), pu = link_program(vs_u, fs), pi = link_program(vs_i, fs);

  GLubyte ub[6][4], bgra[6][4], ui8[6][8];
  GLushort half[6][4], us[6][3];
  GLuint p2[6];
  GLshort s16[6][4];
  const GLubyte ub_c[4] = {51, 102, 153, 255}, bgra_c[4] = {200, 100, 50, 255};
  const GLushort half_c[4] = {0x38cd, 0x3266, 0x3c00, 0x3666}; /* 0.6 0.2 1.0 0.4 */
  const GLushort us_c[3] = {13107, 52428, 0};                  /* 0.2 0.8 0 */
  const GLshort s16_c[4] = {-40, -80, -120, -255};
  for (int v = 0; v < 6; v++) {
    memcpy(ub[v], ub_c, 4);
    memcpy(bgra[v], bgra_c, 4);
    memcpy(half[v], half_c, sizeof half_c);
    memcpy(us[v], us_c, sizeof us_c);
    memcpy(s16[v], s16_c, sizeof s16_c);
    p2[v] = 1023u | 0u << 10 | 1023u << 20 | 1u << 30;
    const GLubyte u8[8] = {10, 20, 30, 255, 0xee, 0xee, 0xee, 0xee};
    memcpy(ui8[v], u8, 8);
  }
  gl.UseProgram(pf);
  vf_rect(0, ub, sizeof ub, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, 0);
  vf_rect(1, bgra, sizeof bgra, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0, 0);
  vf_rect(2, half, sizeof half, 4, GL_HALF_FLOAT, GL_FALSE, 0, 0);
  vf_rect(3, p2, sizeof p2, 4, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 0, 0);
  vf_rect(4, us, sizeof us, 3, GL_UNSIGNED_SHORT, GL_TRUE, 0, 0);
  gl.VertexAttrib4f(1, 0.4f, 0.8f, 0.2f, 1.0f);
  vf_rect(5, NULL, 0, 0, 0, GL_FALSE, 0, 0);
  gl.UseProgram(pu);
  vf_rect(6, ui8, sizeof ui8, 4, GL_UNSIGNED_BYTE, GL_FALSE, 8, 1);
  gl.UseProgram(pi);
  vf_rect(7, s16, sizeof s16, 4, GL_SHORT, GL_FALSE, 0, 1);

  /* GL_BGRA needs normalized GL_UNSIGNED_BYTE (or a packed type) and is not an integer size */
  gl.VertexAttribPointer(1, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0, (void *)0);
  expect_gl_error(GL_INVALID_OPERATION, "glVertexAttribPointer(GL_BGRA, not normalized)");
  gl.VertexAttribIPointer(1, 4, GL_FLOAT, 0, (void *)0);
  expect_gl_error(GL_INVALID_ENUM, "glVertexAttribIPointer(GL_FLOAT)");

  static const rgba8 want[8] = {{{51, 102, 153, 255}}, {{50, 100, 200, 255}},
                                {{153, 51, 255, 102}}, {{255, 0, 255, 85}},
                                {{51, 204, 0, 255}},   {{102, 204, 51, 255}},
                                {{10, 20, 30, 255}},   {{40, 80, 120, 255}}};
  model m;
  model_init(&m, bg);
  for (int i = 0; i < 8; i++) {
    const int x0 = 2 + 16 * (i % 4), y0 = i < 4 ? 34 : 2;
    model_rect(&m, x0, y0, x0 + 14, y0 + 28, want[i]);
  }
  check_frame("vertex formats", &m);
}


/* draw_entry_points: every GL 3.3 draw entry point not drawn elsewhere, each putting one
 * colour into its own cells of a 4x4 grid of 12x12 quads (quad k = vertices 4k..4k+3 of one
 * vertex buffer): glDrawElementsBaseVertex, glDrawRangeElements, glDrawRangeElementsBaseVertex,
 * glDrawElementsInstanced and glDrawElementsInstancedBaseVertex (instance i moves 16 pixels
 * right), glMultiDrawArrays (GL_TRIANGLE_FAN), glMultiDrawElements and
 * glMultiDrawElementsBaseVertex (two ranges each). Quads no call names stay the clear colour;
 * plus glDrawRangeElements' end < start error, which draws nothing. */
static void sc_draw_entry_points(void)
{
  const char *vs = "#version 330 core\n"
                   "layout(location = 0) in vec2 a_pos;\n"
                   "void main() {\n"
                   "  vec2 p = a_pos + vec2(16.0 * float(gl_InstanceID), 0.0);\n"
                   "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f);
  clear_to(bg);
  GLuint p = link_program(vs, FS_UNIFORM);
  gl.UseProgram(p);

  float pos[16 * 4 * 2];
  for (int k = 0; k < 16; k++) {
    const float x0 = (float)(2 + 16 * (k % 4)), y0 = (float)(2 + 16 * (k / 4));
    const float q[8] = {x0, y0, x0 + 12, y0, x0 + 12, y0 + 12, x0, y0 + 12};
    memcpy(pos + 8 * k, q, sizeof q);
  }
  mesh m = make_mesh(pos, 64);
  /* indices: the pattern of quad 0 at index 0, then each quad k's own at index 6 * (k + 1) */
  GLuint idx[6 * 17];
  for (int k = -1; k < 16; k++) {
    const GLuint b = k < 0 ? 0 : 4u * (GLuint)k, pat[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++)
      idx[6 * (k + 1) + i] = b + pat[i];
  }
  GLuint ebo;
  gl.GenBuffers(1, &ebo);
  gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
  gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
#define QUAD_IDX(k) ((const void *)(uintptr_t)(6 * ((k) + 1) * sizeof(GLuint)))
  const vec4f c[8] = {V4(1.0f, 0.2f, 0.2f, 1.0f), V4(0.2f, 1.0f, 0.2f, 1.0f),
                      V4(0.2f, 0.2f, 1.0f, 1.0f), V4(1.0f, 1.0f, 0.2f, 1.0f),
                      V4(1.0f, 0.2f, 1.0f, 1.0f), V4(0.2f, 1.0f, 1.0f, 1.0f),
                      V4(0.6f, 0.4f, 0.2f, 1.0f), V4(1.0f, 1.0f, 1.0f, 1.0f)};
  const GLint ucol = uloc(p, "u_color");

  gl.Uniform4fv(ucol, 1, c[0].v);
  gl.DrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_INT, QUAD_IDX(-1), 4); /* quad 1 */
  gl.Uniform4fv(ucol, 1, c[1].v);
  gl.DrawRangeElements(GL_TRIANGLES, 8, 11, 6, GL_UNSIGNED_INT, QUAD_IDX(2)); /* quad 2 */
  gl.Uniform4fv(ucol, 1, c[2].v);
  gl.DrawRangeElementsBaseVertex(GL_TRIANGLES, 0, 3, 6, GL_UNSIGNED_INT, QUAD_IDX(-1),
                                 12); /* quad 3 */
  gl.Uniform4fv(ucol, 1, c[3].v);
  gl.DrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_INT, QUAD_IDX(4), 2); /* quads 4, 5 */
  gl.Uniform4fv(ucol, 1, c[4].v);
  gl.DrawElementsInstancedBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_INT, QUAD_IDX(-1), 2,
                                     24); /* quads 6, 7 */
  check_gl_error("single draws");
  gl.Uniform4fv(ucol, 1, c[5].v);
  const GLint first[2] = {32, 40};
  const GLsizei four[2] = {4, 4}, six[2] = {6, 6};
  gl.MultiDrawArrays(GL_TRIANGLE_FAN, first, four, 2); /* quads 8, 10 */
  gl.Uniform4fv(ucol, 1, c[6].v);
  const void *offs[2] = {QUAD_IDX(9), QUAD_IDX(11)};
  gl.MultiDrawElements(GL_TRIANGLES, six, GL_UNSIGNED_INT, offs, 2); /* quads 9, 11 */
  gl.Uniform4fv(ucol, 1, c[7].v);
  const void *base_offs[2] = {QUAD_IDX(-1), QUAD_IDX(-1)};
  GLint bases[2] = {48, 52};
  gl.MultiDrawElementsBaseVertex(GL_TRIANGLES, six, GL_UNSIGNED_INT, base_offs, 2,
                                 bases); /* quads 12, 13 */
  check_gl_error("multi-draws");
  gl.DrawRangeElements(GL_TRIANGLES, 59, 56, 6, GL_UNSIGNED_INT, QUAD_IDX(14));
  expect_gl_error(GL_INVALID_VALUE, "glDrawRangeElements with end < start");
#undef QUAD_IDX

  static const int quad_colour[16] = {-1, 0, 1, 2, 3, 3, 4, 4, 5, 6, 5, 6, 7, 7, -1, -1};
  model md;
  model_init(&md, bg);
  for (int k = 0; k < 16; k++)
    if (quad_colour[k] >= 0) {
      const int x0 = 2 + 16 * (k % 4), y0 = 2 + 16 * (k / 4);
      model_rect(&md, x0, y0, x0 + 12, y0 + 12, to8(c[quad_colour[k]]));
    }
  check_frame("draw entry points", &md);
  gl.DeleteBuffers(1, &ebo);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
}


/* blend_state: GL 3.3 §4.1.8-4.1.10 beyond glBlendFunc. Over a clear of (0.2, 0.4, 0.6, 0.8),
 * one rectangle each: GL_MIN and GL_MAX (the factors ignored), glBlendEquationSeparate (ADD for
 * RGB, MAX for alpha), GL_FUNC_REVERSE_SUBTRACT, glBlendColor with GL_CONSTANT_COLOR /
 * GL_CONSTANT_ALPHA and with GL_ONE_MINUS_CONSTANT_COLOR, and the logic op GL_XOR (which
 * replaces blending while GL_COLOR_LOGIC_OP is on). Every factor is 0, 1 or a constant times 1,
 * so each byte is exact. Then a framebuffer object with two colour attachments: blending enabled
 * on attachment 1 only (glEnablei, GL_MAX) and a colour mask on attachment 0 only
 * (glColorMaski); each attachment read back; glIsEnabledi and glEnablei's index error. */
static void sc_blend_state(void)
{
  const vec4f bg = V4(0.2f, 0.4f, 0.6f, 0.8f);
  clear_to(bg);
  GLuint p = solid_program();
  const GLint ucol = uloc(p, "u_color");
  float q[8][12];
  mesh m[8];
  for (int i = 0; i < 8; i++) {
    const float x0 = (float)(2 + 16 * (i % 4)), y0 = (float)(i < 4 ? 34 : 2);
    rect_vertices(q[i], x0, y0, x0 + 14, y0 + 28);
    m[i] = make_mesh(q[i], 6);
  }
  glEnable(GL_BLEND);
  const vec4f s0 = V4(0.6f, 0.2f, 1.0f, 0.4f), s1 = V4(0.2f, 0.2f, 0.2f, 0.2f),
              white = V4(1.0f, 1.0f, 1.0f, 1.0f), sx = V4(1.0f, 0.2f, 0.6f, 1.0f);
  glBlendFunc(GL_ZERO, GL_ZERO); /* MIN and MAX ignore the factors */
  gl.BlendEquation(GL_MIN);
  gl.Uniform4fv(ucol, 1, s0.v);
  gl.BindVertexArray(m[0].vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.BlendEquation(GL_MAX);
  gl.BindVertexArray(m[1].vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.BlendEquationSeparate(GL_FUNC_ADD, GL_MAX);
  glBlendFunc(GL_ONE, GL_ONE);
  gl.Uniform4fv(ucol, 1, s1.v);
  gl.BindVertexArray(m[2].vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.BlendEquation(GL_FUNC_REVERSE_SUBTRACT);
  gl.BindVertexArray(m[3].vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.BlendEquation(GL_FUNC_ADD);
  gl.BlendColor(0.6f, 1.0f, 0.2f, 0.4f);
  gl.BlendFuncSeparate(GL_CONSTANT_COLOR, GL_ZERO, GL_CONSTANT_ALPHA, GL_ZERO);
  gl.Uniform4fv(ucol, 1, white.v);
  gl.BindVertexArray(m[4].vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glBlendFunc(GL_ONE_MINUS_CONSTANT_COLOR, GL_ZERO);
  gl.BindVertexArray(m[5].vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glEnable(GL_COLOR_LOGIC_OP);
  glLogicOp(GL_XOR);
  gl.Uniform4fv(ucol, 1, sx.v);
  gl.BindVertexArray(m[6].vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_COLOR_LOGIC_OP);
  glLogicOp(GL_COPY);
  glDisable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ZERO);
  check_gl_error("blended draws");

  static const rgba8 want[7] = {{{51, 51, 153, 102}},   {{153, 102, 255, 204}},
                                {{102, 153, 204, 204}}, {{0, 51, 102, 153}},
                                {{153, 255, 51, 102}},  {{102, 0, 204, 153}},
                                {{204, 85, 0, 51}}};
  model md;
  model_init(&md, bg);
  for (int i = 0; i < 7; i++) {
    const int x0 = 2 + 16 * (i % 4), y0 = i < 4 ? 34 : 2;
    model_rect(&md, x0, y0, x0 + 14, y0 + 28, want[i]);
  }
  check_frame("blend equations, constant colour, logic op", &md);

  /* two attachments: per-attachment blend enable and colour mask */
  const char *fs2 = "#version 330 core\n"
                    "uniform vec4 u_color;\n"
                    "layout(location = 0) out vec4 o0;\n"
                    "layout(location = 1) out vec4 o1;\n"
                    "void main() { o0 = u_color; o1 = u_color; }\n";
  GLuint p2 = link_program(VS_PIXELS, fs2);
  gl.UseProgram(p2);
  gl.Uniform2f(uloc(p2, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p2, "u_z"), 0.0f);
  GLuint fbo, rb[2];
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.GenRenderbuffers(2, rb);
  for (int i = 0; i < 2; i++) {
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
    gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER, rb[i]);
  }
  const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  gl.DrawBuffers(2, bufs);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("two-attachment framebuffer incomplete");
  glViewport(0, 0, 8, 8);
  glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.Enablei(GL_BLEND, 1);
  gl.BlendEquation(GL_MAX);
  gl.ColorMaski(0, GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
  if (gl.IsEnabledi(GL_BLEND, 0) || !gl.IsEnabledi(GL_BLEND, 1) || glIsEnabled(GL_BLEND))
    fail("glIsEnabledi(GL_BLEND): attachment 0 %d, 1 %d, glIsEnabled %d (expected 0, 1, 0)",
         gl.IsEnabledi(GL_BLEND, 0), gl.IsEnabledi(GL_BLEND, 1), glIsEnabled(GL_BLEND));
  GLint max_db = 0;
  glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_db);
  gl.Enablei(GL_BLEND, (GLuint)max_db);
  expect_gl_error(GL_INVALID_VALUE, "glEnablei(GL_BLEND, GL_MAX_DRAW_BUFFERS)");
  gl.Uniform4fv(uloc(p2, "u_color"), 1, s0.v);
  float full[12];
  rect_vertices(full, 0, 0, 64, 64);
  mesh mf = make_mesh(full, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.ColorMaski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDisable(GL_BLEND);
  gl.BlendEquation(GL_FUNC_ADD);
  check_gl_error("two-attachment draw");
  const rgba8 want_att[2] = {{{51, 51, 255, 102}}, {{153, 102, 255, 204}}};
  for (int i = 0; i < 2; i++) {
    GLubyte px[8 * 8 * 4];
    memset(px, 0xee, sizeof px);
    glReadBuffer(GL_COLOR_ATTACHMENT0 + i);
    glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px);
    check_gl_error("glReadPixels of one attachment");
    int bad = 0;
    for (int t = 0; t < 64; t++)
      if (memcmp(&px[4 * t], want_att[i].c, 4)) {
        if (!bad)
          fail("attachment %d texel %d: expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", i, t,
               want_att[i].c[0], want_att[i].c[1], want_att[i].c[2], want_att[i].c[3],
               px[4 * t], px[4 * t + 1], px[4 * t + 2], px[4 * t + 3]);
        bad++;
      }
    printf("  attachment %d (%s): 64 texels checked, %d wrong\n", i,
           i ? "blend GL_MAX" : "no blend, red masked", bad);
  }
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(2, rb);
  gl.DeleteBuffers(1, &mf.vbo);
  gl.DeleteVertexArrays(1, &mf.vao);
  for (int i = 0; i < 8; i++) {
    gl.DeleteBuffers(1, &m[i].vbo);
    gl.DeleteVertexArrays(1, &m[i].vao);
  }
  gl.DeleteProgram(p2);
  gl.DeleteProgram(p);
  readback(); /* the PNG shows the default framebuffer */
}


/* texture_params: GL 3.3 §3.8.8-3.8.11 texture parameters on a mipmapped 8x8 RGBA8 texture
 * whose levels are solid colours L0 (0.2,0.4,0.6,0.8), L1 red, L2 green, L3 blue; one texture
 * object and one 8x8 rectangle each (texture coordinates from gl_FragCoord, so texture()'s own
 * lambda is 0): GL_TEXTURE_SWIZZLE_{R,G,B,A} = (B, ZERO, R, ONE) and GL_TEXTURE_SWIZZLE_RGBA all
 * ALPHA; GL_TEXTURE_BASE_LEVEL 2; GL_TEXTURE_MAX_LEVEL 1 under textureLod 3; GL_TEXTURE_MIN_LOD 2
 * under textureLod 0; GL_TEXTURE_MAX_LOD 1 under textureLod 3; GL_TEXTURE_LOD_BIAS 2 under
 * texture(); the shader's bias argument 1 under texture(). NEAREST_MIPMAP_NEAREST picks level
 * ceil(lambda + 0.5) - 1 from the base, so every rectangle is one level's colour exactly.
 * Plus the errors of a bad swizzle and a negative base level. */
static void sc_texture_params(void)
{
  const char *fs = "#version 330 core\n"
                   "uniform sampler2D u_tex;\n"
                   "uniform vec2 u_origin;\n"
                   "uniform float u_lod;\n"
                   "uniform int u_mode;\n"
                   "out vec4 o_color;\n"
                   "void main() {\n"
                   "  vec2 uv = (gl_FragCoord.xy - u_origin) / 8.0;\n"
                   "  if (u_mode == 0) o_color = textureLod(u_tex, uv, u_lod);\n"
                   "  else if (u_mode == 1) o_color = texture(u_tex, uv);\n"
                   "  else o_color = texture(u_tex, uv, u_lod);\n"
                   "}\n";
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  GLuint p = link_program(VS_PIXELS, fs);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  gl.Uniform1i(uloc(p, "u_tex"), 0);
  const GLint uorg = uloc(p, "u_origin"), ulod = uloc(p, "u_lod"), umode = uloc(p, "u_mode");
  static const GLubyte lc[4][4] = {{51, 102, 153, 204}, {255, 0, 0, 255}, {0, 255, 0, 255},
                                   {0, 0, 255, 255}};
  GLubyte img[8 * 8 * 4];
  GLuint tex[8];
  glGenTextures(8, tex);
  gl.ActiveTexture(GL_TEXTURE0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  for (int t = 0; t < 8; t++) {
    glBindTexture(GL_TEXTURE_2D, tex[t]);
    for (int l = 0; l < 4; l++) {
      const int sz = 8 >> l;
      for (int i = 0; i < sz * sz; i++)
        memcpy(&img[4 * i], lc[l], 4);
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, sz, sz, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  }
  check_gl_error("mipmapped textures");
  /* per case: the parameter, the shader's mode and lod, the level (or colour) expected */
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ZERO);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_RED);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_ONE);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  const GLint all_alpha[4] = {GL_ALPHA, GL_ALPHA, GL_ALPHA, GL_ALPHA};
  glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, all_alpha);
  glBindTexture(GL_TEXTURE_2D, tex[2]);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 2);
  glBindTexture(GL_TEXTURE_2D, tex[3]);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
  glBindTexture(GL_TEXTURE_2D, tex[4]);
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 2.0f);
  glBindTexture(GL_TEXTURE_2D, tex[5]);
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, 1.0f);
  glBindTexture(GL_TEXTURE_2D, tex[6]);
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 2.0f);
  check_gl_error("texture parameters");
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_RED + 100);
  expect_gl_error(GL_INVALID_ENUM, "GL_TEXTURE_SWIZZLE_R of a non-component");
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1);
  expect_gl_error(GL_INVALID_VALUE, "GL_TEXTURE_BASE_LEVEL -1");
  GLint got = -1;
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, &got);
  if (got != GL_BLUE)
    fail("GL_TEXTURE_SWIZZLE_R reads 0x%x, expected GL_BLUE", got);

  static const int mode[8] = {0, 0, 0, 0, 0, 0, 1, 2};
  static const float lod[8] = {0, 0, 0, 3, 0, 3, 0, 1};
  const rgba8 want[8] = {{{153, 0, 51, 255}}, {{204, 204, 204, 204}}, {{0, 255, 0, 255}},
                         {{255, 0, 0, 255}},  {{0, 255, 0, 255}},     {{255, 0, 0, 255}},
                         {{0, 255, 0, 255}},  {{255, 0, 0, 255}}};
  model md;
  model_init(&md, bg);
  float q[12];
  mesh m[8];
  for (int i = 0; i < 8; i++) {
    const int x0 = 4 + 16 * (i % 4), y0 = i < 4 ? 40 : 12;
    rect_vertices(q, (float)x0, (float)y0, (float)(x0 + 8), (float)(y0 + 8));
    m[i] = make_mesh(q, 6);
    glBindTexture(GL_TEXTURE_2D, tex[i]);
    gl.Uniform2f(uorg, (float)x0, (float)y0);
    gl.Uniform1f(ulod, lod[i]);
    gl.Uniform1i(umode, mode[i]);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    model_rect(&md, x0, y0, x0 + 8, y0 + 8, want[i]);
  }
  check_gl_error("sampled draws");
  check_frame("texture parameters", &md);
  for (int i = 0; i < 8; i++) {
    gl.DeleteBuffers(1, &m[i].vbo);
    gl.DeleteVertexArrays(1, &m[i].vao);
  }
  glDeleteTextures(8, tex);
  gl.DeleteProgram(p);
}


/* texture_formats: GL 3.3 §3.8.3 sized internal formats a program meets most (sRGB, half and
 * single float, the packed float formats, snorm, 16-bit unorm, the packed 16- and 32-bit
 * formats, one- and two-channel, a GL_BGRA upload). One 1x1 texture each from an exact value;
 * the fragment shader compares texelFetch's result with the value GL defines for it (sRGB
 * decoded, snorm and unorm divided, missing channels 0 and alpha 1), within u_tol (0 where the
 * value is exact in the format), and paints its cell green or red. glGetTexImage with the
 * upload's format and type must give the uploaded bytes back. */
typedef struct {
  const char *name;
  GLenum internal, format, type;
  unsigned char data[16];
  size_t bytes;
  float want[4], tol;
} tf_case;

/* A red cell's texel as the shader sees it, drawn into an RGBA32F buffer and read back as
 * floats, so a report says what was sampled, not only that it was wrong. */
static void tf_report_texel(GLuint tex, const mesh *m, const tf_case *c, int x, int y)
{
  const char *fs = "#version 330 core\n"
                   "uniform sampler2D u_tex;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = texelFetch(u_tex, ivec2(0), 0); }\n";
  GLint prev = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &prev);
  GLuint rb = 0, fbo = 0;
  gl.GenRenderbuffers(1, &rb);
  gl.GenFramebuffers(1, &fbo);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_RGBA32F, W, H);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  GLuint p = link_program(VS_PIXELS, fs);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  gl.Uniform1i(uloc(p, "u_tex"), 0);
  glBindTexture(GL_TEXTURE_2D, tex);
  gl.BindVertexArray(m->vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  GLfloat v[4] = {-1, -1, -1, -1};
  glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, v);
  printf("  %s: sampled %.6f %.6f %.6f %.6f, GL's %.6f %.6f %.6f %.6f (tolerance %g)\n",
         c->name, v[0], v[1], v[2], v[3], c->want[0], c->want[1], c->want[2], c->want[3],
         c->tol);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
  gl.UseProgram((GLuint)prev);
  gl.DeleteProgram(p);
}

static void sc_texture_formats(void)
{
  const char *fs = "#version 330 core\n"
                   "uniform sampler2D u_tex;\n"
                   "uniform vec4 u_want;\n"
                   "uniform float u_tol;\n"
                   "out vec4 o_color;\n"
                   "void main() {\n"
                   "  vec4 d = abs(texelFetch(u_tex, ivec2(0), 0) - u_want);\n"
                   "  bool ok = all(lessThanEqual(d, vec4(u_tol)));\n"
                   "  o_color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                   "}\n";
#define F4(a, b, c, d) {a, b, c, d}
  static tf_case cases[14];
  size_t n = 0;
  {
    /* sRGB 188 -> 0.50289 linear; alpha is linear. GL 3.3 §3.8.15 gives the curve but no
     * precision: the NVIDIA driver returns 0.503906 (129/256), 1.02e-3 off, so the tolerance
     * is 2e-3 (half an 8-bit step is 1.96e-3); an undecoded 0.737 or a plain 2.2 gamma's
     * 0.5114 still miss it */
    const GLubyte v[4] = {0, 188, 255, 128};
    tf_case c = {"GL_SRGB8_ALPHA8", GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, {0}, 4,
                 F4(0.0f, 0.50289f, 1.0f, 128.0f / 255.0f), 2e-3f};
    memcpy(c.data, v, 4), cases[n++] = c;
  }
  {
    const GLubyte v[3] = {255, 188, 0};
    tf_case c = {"GL_SRGB8", GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, {0}, 3,
                 F4(1.0f, 0.50289f, 0.0f, 1.0f), 2e-3f};
    memcpy(c.data, v, 3), cases[n++] = c;
  }
  {
    const GLushort v[4] = {0x3400, 0xc000, 0x63d0, 0x3e00}; /* 0.25 -2 1000 1.5 */
    tf_case c = {"GL_RGBA16F", GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, {0}, 8,
                 F4(0.25f, -2.0f, 1000.0f, 1.5f), 0.0f};
    memcpy(c.data, v, 8), cases[n++] = c;
  }
  {
    const float v[4] = {3.14159f, -1e5f, 0.1f, 7.0f};
    tf_case c = {"GL_RGBA32F", GL_RGBA32F, GL_RGBA, GL_FLOAT, {0}, 16,
                 F4(3.14159f, -1e5f, 0.1f, 7.0f), 0.0f};
    memcpy(c.data, v, 16), cases[n++] = c;
  }
  {
    const float v[3] = {0.25f, 1.5f, 4.0f};
    tf_case c = {"GL_R11F_G11F_B10F", GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT, {0}, 12,
                 F4(0.25f, 1.5f, 4.0f, 1.0f), 0.0f};
    memcpy(c.data, v, 12), cases[n++] = c;
  }
  {
    const float v[3] = {0.5f, 2.0f, 0.25f};
    tf_case c = {"GL_RGB9_E5", GL_RGB9_E5, GL_RGB, GL_FLOAT, {0}, 12,
                 F4(0.5f, 2.0f, 0.25f, 1.0f), 0.0f};
    memcpy(c.data, v, 12), cases[n++] = c;
  }
  {
    const GLbyte v[4] = {127, -127, 0, 64};
    tf_case c = {"GL_RGBA8_SNORM", GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, {0}, 4,
                 F4(1.0f, -1.0f, 0.0f, 64.0f / 127.0f), 1e-4f};
    memcpy(c.data, v, 4), cases[n++] = c;
  }
  {
    const GLushort v[4] = {0, 65535, 13107, 52428};
    tf_case c = {"GL_RGBA16", GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, {0}, 8,
                 F4(0.0f, 1.0f, 0.2f, 0.8f), 1e-5f};
    memcpy(c.data, v, 8), cases[n++] = c;
  }
  {
    const GLushort v = 31u << 11 | 0u << 5 | 31u; /* 5_6_5: r 31, g 0, b 31 */
    tf_case c = {"GL_RGB565", GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, {0}, 2,
                 F4(1.0f, 0.0f, 1.0f, 1.0f), 0.0f};
    memcpy(c.data, &v, 2), cases[n++] = c;
  }
  {
    const GLushort v = 0u << 11 | 31u << 6 | 0u << 1 | 1u; /* 5_5_5_1: g 31, a 1 */
    tf_case c = {"GL_RGB5_A1", GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, {0}, 2,
                 F4(0.0f, 1.0f, 0.0f, 1.0f), 0.0f};
    memcpy(c.data, &v, 2), cases[n++] = c;
  }
  {
    const GLushort v = 15u << 12 | 0u << 8 | 5u << 4 | 10u; /* 4_4_4_4 */
    tf_case c = {"GL_RGBA4", GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, {0}, 2,
                 F4(1.0f, 0.0f, 1.0f / 3.0f, 2.0f / 3.0f), 1e-4f};
    memcpy(c.data, &v, 2), cases[n++] = c;
  }
  {
    const GLuint v = 1023u | 0u << 10 | 341u << 20 | 3u << 30; /* 2_10_10_10_REV */
    tf_case c = {"GL_RGB10_A2", GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, {0}, 4,
                 F4(1.0f, 0.0f, 341.0f / 1023.0f, 1.0f), 1e-4f};
    memcpy(c.data, &v, 4), cases[n++] = c;
  }
  {
    const GLubyte v[2] = {51, 102};
    tf_case c = {"GL_RG8", GL_RG8, GL_RG, GL_UNSIGNED_BYTE, {0}, 2,
                 F4(0.2f, 0.4f, 0.0f, 1.0f), 1e-5f};
    memcpy(c.data, v, 2), cases[n++] = c;
  }
  {
    const GLubyte v[4] = {10, 20, 30, 40}; /* B G R A */
    tf_case c = {"GL_RGBA8 from GL_BGRA", GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, {0}, 4,
                 F4(30.0f / 255.0f, 20.0f / 255.0f, 10.0f / 255.0f, 40.0f / 255.0f), 1e-5f};
    memcpy(c.data, v, 4), cases[n++] = c;
  }
#undef F4
  const vec4f bg = V4(0.0f, 0.0f, 0.4f, 1.0f);
  clear_to(bg);
  GLuint p = link_program(VS_PIXELS, fs);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  gl.Uniform1i(uloc(p, "u_tex"), 0);
  const GLint uwant = uloc(p, "u_want"), utol = uloc(p, "u_tol");
  gl.ActiveTexture(GL_TEXTURE0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  model md;
  model_init(&md, bg);
  GLuint tex[16];
  mesh m[16];
  glGenTextures((GLsizei)n, tex);
  for (size_t i = 0; i < n; i++) {
    const tf_case *c = &cases[i];
    glBindTexture(GL_TEXTURE_2D, tex[i]);
    glTexImage2D(GL_TEXTURE_2D, 0, (GLint)c->internal, 1, 1, 0, c->format, c->type, c->data);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    char where[96];
    snprintf(where, sizeof where, "glTexImage2D(%s)", c->name);
    check_gl_error(where);
    unsigned char back[20];
    memset(back, 0xee, sizeof back);
    glGetTexImage(GL_TEXTURE_2D, 0, c->format, c->type, back);
    snprintf(where, sizeof where, "glGetTexImage(%s)", c->name);
    check_gl_error(where);
    if (memcmp(back, c->data, c->bytes) || back[c->bytes] != 0xee)
      fail("glGetTexImage(%s) did not give the uploaded %zu bytes back", c->name, c->bytes);
    const int x0 = 2 + 16 * (int)(i % 4), y0 = 2 + 16 * (int)(i / 4);
    float q[12];
    rect_vertices(q, (float)x0, (float)y0, (float)(x0 + 12), (float)(y0 + 12));
    m[i] = make_mesh(q, 6);
    gl.Uniform4fv(uwant, 1, c->want);
    gl.Uniform1f(utol, c->tol);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    model_rect(&md, x0, y0, x0 + 12, y0 + 12, (rgba8){{0, 255, 0, 255}});
  }
  check_gl_error("format draws");
  readback();
  for (size_t i = 0; i < n; i++) {
    const int x0 = 2 + 16 * (int)(i % 4), y0 = 2 + 16 * (int)(i / 4);
    rgba8 got = pixel_at(x0 + 6, y0 + 6);
    if (got.c[0] != 0 || got.c[1] != 255) {
      fail("%s sampled a value other than GL's (cell %zu is not green)", cases[i].name, i);
      tf_report_texel(tex[i], &m[i], &cases[i], x0 + 6, y0 + 6);
    }
  }
  check_frame("texture formats", &md);
  for (size_t i = 0; i < n; i++) {
    gl.DeleteBuffers(1, &m[i].vbo);
    gl.DeleteVertexArrays(1, &m[i].vao);
  }
  glDeleteTextures((GLsizei)n, tex);
  gl.DeleteProgram(p);
}


/* readpixels_types: glReadPixels of an RGBA8 framebuffer cleared to (1, 1, 0, 0) into every
 * packed type of GL 3.3 §3.7.2 (tables 3.5-3.8) and a few plain ones. Components of 0 and 1
 * convert exactly at every width, so each pixel's bits are written out here by hand: a type
 * without _REV puts the format's first component in the top bits, a _REV type in the bottom
 * ones; 10F_11F_11F_REV holds 1.0 as exponent 15, 5_9_9_9_REV as mantissa 256 under exponent
 * 16. Then GL_PACK_SWAP_BYTES on a 16-bit type. The bytes past the pixel stay untouched. */
static void sc_readpixels_types(void)
{
  const vec4f c = V4(1.0f, 1.0f, 0.0f, 0.0f);
  clear_to(c);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  struct {
    GLenum format, type;
    unsigned size;
    uint32_t v; /* the pixel as a host integer of `size` bytes (size 16: see below) */
  } t[] = {
      {GL_RGB, GL_UNSIGNED_BYTE_3_3_2, 1, 0xfc},
      {GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV, 1, 0x3f},
      {GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, 0xffe0},
      {GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV, 2, 0x07ff},
      {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, 2, 0xff00},
      {GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV, 2, 0x00ff},
      {GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 2, 0xffc0},
      {GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV, 2, 0x03ff},
      {GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, 4, 0xffff0000u},
      {GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, 4, 0x0000ffffu},
      {GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, 4, 0x00ffff00u},
      {GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4, 2, 0x0ff0},
      {GL_RGBA, GL_UNSIGNED_INT_10_10_10_2, 4, 0xfffff000u},
      {GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 4, 0x000fffffu},
      {GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, 4, 0x3c0u | 0x3c0u << 11},
      {GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, 4, 256u | 256u << 9 | 16u << 27},
      {GL_GREEN, GL_SHORT, 2, 0x7fff},
      {GL_RED, GL_UNSIGNED_SHORT, 2, 0xffff},
      {GL_BLUE, GL_UNSIGNED_BYTE, 1, 0x00},
      {GL_RG, GL_INT, 8, 0},
      {GL_BGR, GL_BYTE, 3, 0},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    unsigned char want[16], got[16];
    memset(want, 0xee, sizeof want);
    if (t[i].size <= 4) {
      if (t[i].size == 1) {
        const uint8_t b = (uint8_t)t[i].v;
        memcpy(want, &b, 1);
      } else if (t[i].size == 2) {
        const uint16_t h = (uint16_t)t[i].v;
        memcpy(want, &h, 2);
      } else if (t[i].format == GL_BGR) {
        const GLbyte b[3] = {0, 127, 127}; /* B G R */
        memcpy(want, b, 3);
      } else {
        memcpy(want, &t[i].v, 4);
      }
    } else {
      const GLint iv[2] = {2147483647, 2147483647}; /* RG / INT: 1.0 * (2^31 - 1) */
      memcpy(want, iv, 8);
    }
    memset(got, 0xee, sizeof got);
    glReadPixels(8, 8, 1, 1, t[i].format, t[i].type, got);
    char where[80];
    snprintf(where, sizeof where, "glReadPixels(format 0x%x, type 0x%x)", t[i].format,
             t[i].type);
    check_gl_error(where);
    if (memcmp(want, got, sizeof want))
      fail("%s: got %02x %02x %02x %02x %02x %02x %02x %02x %02x, expected %02x %02x %02x %02x "
           "%02x %02x %02x %02x %02x",
           where, got[0], got[1], got[2], got[3], got[4], got[5], got[6], got[7], got[8],
           want[0], want[1], want[2], want[3], want[4], want[5], want[6], want[7], want[8]);
  }
  /* GL_PACK_SWAP_BYTES swaps each 16-bit pixel of 5_6_5 */
  glPixelStorei(GL_PACK_SWAP_BYTES, GL_TRUE);
  uint16_t sw[2] = {0xeeee, 0xeeee};
  glReadPixels(8, 8, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, sw);
  glPixelStorei(GL_PACK_SWAP_BYTES, GL_FALSE);
  check_gl_error("glReadPixels with GL_PACK_SWAP_BYTES");
  if (sw[0] != 0xe0ff || sw[1] != 0xeeee)
    fail("5_6_5 with GL_PACK_SWAP_BYTES: 0x%04x 0x%04x, expected 0xe0ff 0xeeee", sw[0], sw[1]);
  /* a packed type whose component count does not match the format */
  glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, sw);
  expect_gl_error(GL_INVALID_OPERATION, "glReadPixels(GL_RGBA, GL_UNSIGNED_SHORT_5_6_5)");
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  model m;
  model_init(&m, c);
  check_frame("readpixels types (the frame is the clear colour)", &m);
}


/* depth_stencil_state: GL 3.3 §4.1.4-4.1.6, §4.2.3 and §3.6.4 state no other scenario draws
 * with. glClearBufferfi(GL_DEPTH_STENCIL) sets depth 0.5 and stencil 0x5a at once. Separate
 * faces: a front-facing rectangle A passes GL_EQUAL 0x5a and increments (0x5b), so drawing it
 * again in white under the same test fails; a back-facing B inverts (0xa5); a back-facing C,
 * over a scissored stencil clear to 0, decrements with wrap through a back write mask of 0x0f
 * (0x0f). glDepthRange(0.25, 0.75) puts NDC z 0 at 0.5 and -0.5 at 0.375; GL_DEPTH_CLAMP keeps
 * a rectangle at z -1.5 (depth 0, range 0..1) that is clipped away once the clamp is off. A
 * triangle in glPolygonMode(GL_POINT) lights exactly its three vertices' pixels. Colours,
 * depths (glReadPixels GL_DEPTH_COMPONENT) and stencil values (GL_STENCIL_INDEX) are read back. */
static void sc_depth_stencil_state(void)
{
  const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f), red = V4(1.0f, 0.0f, 0.0f, 1.0f),
              green = V4(0.0f, 1.0f, 0.0f, 1.0f), blue = V4(0.0f, 0.0f, 1.0f, 1.0f),
              white = V4(1.0f, 1.0f, 1.0f, 1.0f), yellow = V4(1.0f, 1.0f, 0.0f, 1.0f),
              grey = V4(0.6f, 0.6f, 0.6f, 1.0f);
  glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.ClearBufferfi(GL_DEPTH_STENCIL, 0, 0.5f, 0x5a);
  check_gl_error("glClearBufferfi(GL_DEPTH_STENCIL)");
  gl.ClearBufferfi(GL_COLOR, 0, 0.5f, 0x5a);
  expect_gl_error(GL_INVALID_ENUM, "glClearBufferfi(GL_COLOR)");
  GLuint p = solid_program();
  const GLint ucol = uloc(p, "u_color"), uz = uloc(p, "u_z");
  /* A, C: CCW rectangles (front); B, C as drawn: CW (back) */
  const float a[12] = {4, 36, 20, 36, 20, 60, 4, 36, 20, 60, 4, 60};
  const float b[12] = {24, 36, 24, 60, 40, 60, 24, 36, 40, 60, 40, 36};
  const float c[12] = {44, 36, 44, 60, 60, 60, 44, 36, 60, 60, 60, 36};
  mesh ma = make_mesh(a, 6), mb = make_mesh(b, 6), mc = make_mesh(c, 6);
  glEnable(GL_STENCIL_TEST);
  gl.StencilFuncSeparate(GL_FRONT, GL_EQUAL, 0x5a, 0xff);
  gl.StencilOpSeparate(GL_FRONT, GL_KEEP, GL_KEEP, GL_INCR);
  gl.StencilFuncSeparate(GL_BACK, GL_ALWAYS, 0, 0xff);
  gl.StencilOpSeparate(GL_BACK, GL_KEEP, GL_KEEP, GL_INVERT);
  gl.Uniform4fv(ucol, 1, red.v);
  gl.BindVertexArray(ma.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.Uniform4fv(ucol, 1, white.v); /* 0x5b now: the front test fails */
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.Uniform4fv(ucol, 1, green.v);
  gl.BindVertexArray(mb.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glEnable(GL_SCISSOR_TEST);
  glScissor(44, 36, 16, 24);
  const GLint zero = 0;
  gl.ClearBufferiv(GL_STENCIL, 0, &zero);
  glDisable(GL_SCISSOR_TEST);
  gl.StencilOpSeparate(GL_BACK, GL_KEEP, GL_KEEP, GL_DECR_WRAP);
  gl.StencilMaskSeparate(GL_BACK, 0x0f);
  gl.Uniform4fv(ucol, 1, blue.v);
  gl.BindVertexArray(mc.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.StencilMaskSeparate(GL_BACK, 0xff);
  glDisable(GL_STENCIL_TEST);
  GLint v = 0;
  glGetIntegerv(GL_STENCIL_BACK_WRITEMASK, &v);
  if (v != 0xff)
    fail("GL_STENCIL_BACK_WRITEMASK = 0x%x after glStencilMaskSeparate(GL_BACK, 0xff)", v);
  check_gl_error("separate stencil draws");

  /* depth range and depth clamp: depth written under GL_ALWAYS */
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  float q[12];
  rect_vertices(q, 4, 4, 20, 30);
  mesh me = make_mesh(q, 6);
  rect_vertices(q, 24, 4, 40, 30);
  mesh mf = make_mesh(q, 6);
  rect_vertices(q, 44, 4, 60, 30);
  mesh mg = make_mesh(q, 6);
  glDepthRange(0.25, 0.75);
  gl.Uniform4fv(ucol, 1, grey.v);
  gl.BindVertexArray(me.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.Uniform1f(uz, -0.5f);
  gl.BindVertexArray(mf.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDepthRange(0.0, 1.0);
  glEnable(GL_DEPTH_CLAMP);
  gl.Uniform1f(uz, -1.5f);
  gl.Uniform4fv(ucol, 1, yellow.v);
  gl.BindVertexArray(mg.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_DEPTH_CLAMP);
  gl.Uniform4fv(ucol, 1, red.v); /* clipped: nothing */
  glDrawArrays(GL_TRIANGLES, 0, 6);
  gl.Uniform1f(uz, 0.0f);
  glDisable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  check_gl_error("depth range and clamp draws");

  /* polygon mode GL_POINT: a triangle's vertices at pixel centres, 1-pixel points */
  const float t[6] = {10.5f, 32.5f, 50.5f, 32.5f, 30.5f, 33.5f};
  mesh mt = make_mesh(t, 3);
  glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
  glPointSize(1.0f);
  gl.Uniform4fv(ucol, 1, white.v);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  check_gl_error("polygon mode GL_POINT");

  model md;
  model_init(&md, bg);
  model_rect(&md, 4, 36, 20, 60, to8(red));
  model_rect(&md, 24, 36, 40, 60, to8(green));
  model_rect(&md, 44, 36, 60, 60, to8(blue));
  model_rect(&md, 4, 4, 20, 30, to8(grey));
  model_rect(&md, 24, 4, 40, 30, to8(grey));
  model_rect(&md, 44, 4, 60, 30, to8(yellow));
  model_rect(&md, 10, 32, 11, 33, to8(white));
  model_rect(&md, 50, 32, 51, 33, to8(white));
  model_rect(&md, 30, 33, 31, 34, to8(white));
  check_frame("separate stencil, depth range, depth clamp, polygon mode", &md);

  static const struct { int x, y; GLubyte s; float d; } probe[] = {
      {12, 48, 0x5b, 0.5f}, {32, 48, 0xa5, 0.5f}, {52, 48, 0x0f, 0.5f}, {12, 16, 0x5a, 0.5f},
      {32, 16, 0x5a, 0.375f}, {52, 16, 0x5a, 0.0f}, {2, 2, 0x5a, 0.5f}};
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  for (size_t i = 0; i < sizeof probe / sizeof probe[0]; i++) {
    GLubyte sv = 0xee;
    GLfloat dv = -1.0f;
    glReadPixels(probe[i].x, probe[i].y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &sv);
    glReadPixels(probe[i].x, probe[i].y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &dv);
    if (sv != probe[i].s)
      fail("stencil at (%d,%d) = 0x%02x, expected 0x%02x", probe[i].x, probe[i].y, sv, probe[i].s);
    if (fabsf(dv - probe[i].d) > 1e-5f)
      fail("depth at (%d,%d) = %.7f, expected %.7f", probe[i].x, probe[i].y, dv, probe[i].d);
  }
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  check_gl_error("depth and stencil read-back");
  readback();
  mesh all[7] = {ma, mb, mc, me, mf, mg, mt};
  for (int i = 0; i < 7; i++) {
    gl.DeleteBuffers(1, &all[i].vbo);
    gl.DeleteVertexArrays(1, &all[i].vao);
  }
  gl.DeleteProgram(p);
}


/* map_buffer_write: vertex data written through mapped buffers (GL 3.3 §2.9.3), one region of
 * one vertex buffer per cell: GL_MAP_INVALIDATE_RANGE_BIT; a region drawn, then mapped again
 * with GL_MAP_INVALIDATE_RANGE_BIT and rewritten before the next draw (each draw must show its
 * own data: the first draw is queued, not done, when the map comes); GL_MAP_FLUSH_EXPLICIT_BIT
 * with glFlushMappedBufferRange; GL_MAP_UNSYNCHRONIZED_BIT on a region no queued draw reads;
 * glMapBuffer(GL_WRITE_ONLY) of the whole buffer writing one region, which keeps the others
 * (region 0 is drawn again after it, in another colour). Plus GL_BUFFER_MAPPED and the errors
 * of a read map that invalidates, a flush without FLUSH_EXPLICIT, a draw from a mapped buffer. */
static void mb_cell(float *out12, int cell)
{
  const float x0 = (float)(4 + 16 * (cell % 4)), y0 = (float)(cell < 4 ? 36 : 8);
  rect_vertices(out12, x0, y0, x0 + 12, y0 + 20);
}

static void mb_write(GLintptr region, GLbitfield access, int cell)
{
  float q[12];
  mb_cell(q, cell);
  float *w = gl.MapBufferRange(GL_ARRAY_BUFFER, region * (GLintptr)sizeof q, sizeof q, access);
  if (!w) {
    fail("glMapBufferRange(region %ld, access 0x%x) returned NULL", (long)region, access);
    return;
  }
  memcpy(w, q, sizeof q);
  if (access & GL_MAP_FLUSH_EXPLICIT_BIT)
    gl.FlushMappedBufferRange(GL_ARRAY_BUFFER, 0, sizeof q);
  if (!gl.UnmapBuffer(GL_ARRAY_BUFFER))
    fail("glUnmapBuffer after a write map returned GL_FALSE");
}

static void sc_map_buffer_write(void)
{
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  GLuint p = solid_program();
  const GLint ucol = uloc(p, "u_color");
  const vec4f c[8] = {V4(1.0f, 0.2f, 0.2f, 1.0f), V4(0.2f, 1.0f, 0.2f, 1.0f),
                      V4(0.2f, 0.2f, 1.0f, 1.0f), V4(1.0f, 1.0f, 0.2f, 1.0f),
                      V4(1.0f, 0.2f, 1.0f, 1.0f), V4(0.2f, 1.0f, 1.0f, 1.0f),
                      V4(0.6f, 0.4f, 0.2f, 1.0f), V4(1.0f, 1.0f, 1.0f, 1.0f)};
  /* regions 0..6 of 6 vertices; region 0 holds cell 0 from glBufferData, the rest zeros */
  float init[7 * 12] = {0};
  mb_cell(init, 0);
  GLuint vao, vbo;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.GenBuffers(1, &vbo);
  gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof init, init, GL_DYNAMIC_DRAW);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
  gl.EnableVertexAttribArray(0);
  check_gl_error("vertex buffer");

  gl.Uniform4fv(ucol, 1, c[0].v);
  glDrawArrays(GL_TRIANGLES, 0, 6); /* cell 0 */
  mb_write(1, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT, 1);
  gl.Uniform4fv(ucol, 1, c[1].v);
  glDrawArrays(GL_TRIANGLES, 6, 6); /* cell 1 */
  mb_write(2, GL_MAP_WRITE_BIT, 2);
  gl.Uniform4fv(ucol, 1, c[2].v);
  glDrawArrays(GL_TRIANGLES, 12, 6); /* cell 2 */
  mb_write(2, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT, 3);
  gl.Uniform4fv(ucol, 1, c[3].v);
  glDrawArrays(GL_TRIANGLES, 12, 6); /* cell 3, from the same region */
  mb_write(4, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT, 4);
  gl.Uniform4fv(ucol, 1, c[4].v);
  glDrawArrays(GL_TRIANGLES, 24, 6); /* cell 4 */
  mb_write(5, GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT, 5);
  gl.Uniform4fv(ucol, 1, c[5].v);
  glDrawArrays(GL_TRIANGLES, 30, 6); /* cell 5 */
  check_gl_error("mapped writes and draws");

  float *all = gl.MapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY);
  GLint mapped = 0;
  gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &mapped);
  if (!all || !mapped)
    fail("glMapBuffer(GL_WRITE_ONLY): %p, GL_BUFFER_MAPPED %d", (void *)all, mapped);
  /* GL 3.3 §2.9.3: a command that reads a mapped buffer "may" be GL_INVALID_OPERATION; mgl
   * raises it, Mesa draws */
  if (on_mgl()) {
    glDrawArrays(GL_TRIANGLES, 0, 6);
    expect_gl_error(GL_INVALID_OPERATION, "glDrawArrays from a mapped buffer");
  } else {
    skipped("the error of a draw from a mapped buffer (GL 3.3 says \"may\", mgl raises it)");
  }
  gl.FlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
  expect_gl_error(GL_INVALID_OPERATION, "glFlushMappedBufferRange without FLUSH_EXPLICIT");
  if (all)
    mb_cell(all + 6 * 12, 6);
  gl.UnmapBuffer(GL_ARRAY_BUFFER);
  gl.Uniform4fv(ucol, 1, c[6].v);
  glDrawArrays(GL_TRIANGLES, 36, 6); /* cell 6 */
  gl.Uniform4fv(ucol, 1, c[7].v);
  glDrawArrays(GL_TRIANGLES, 0, 6); /* cell 0 again: glMapBuffer kept region 0 */
  gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
  expect_gl_error(GL_INVALID_OPERATION, "glMapBufferRange(READ | INVALIDATE_RANGE)");
  check_gl_error("after the maps");

  static const int cell_colour[8] = {7, 1, 2, 3, 4, 5, 6, -1};
  model md;
  model_init(&md, bg);
  for (int k = 0; k < 8; k++)
    if (cell_colour[k] >= 0) {
      const int x0 = 4 + 16 * (k % 4), y0 = k < 4 ? 36 : 8;
      model_rect(&md, x0, y0, x0 + 12, y0 + 20, to8(c[cell_colour[k]]));
    }
  check_frame("mapped vertex writes", &md);
  gl.DeleteBuffers(1, &vbo);
  gl.DeleteVertexArrays(1, &vao);
  gl.DeleteProgram(p);
}


/* fbo_eight_srgb: GL 3.3 §4.2.1/§4.4: eight colour attachments written by one draw, each
 * with its own output; glDrawBuffers with GL_NONE for attachment 3 (it keeps its clear), an
 * RGBA16F attachment 7 holding 2.5 (read back as floats), and an SRGB8_ALPHA8 attachment 6:
 * with GL_FRAMEBUFFER_SRGB on, linear (0.25, 0.1, 1.0, 0.25) is stored encoded as
 * (137, 89, 255, 64) (alpha stays linear; the linear attachments are untouched by the
 * switch). Each attachment is read back alone (glReadBuffer);
 * GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING says which is sRGB. The switch off: fbo_srgb_switch. */
static void sc_fbo_eight_srgb(void)
{
  const char *fs = "#version 330 core\n"
                   "uniform vec4 u_c[8];\n"
                   "layout(location = 0) out vec4 o0;\n"
                   "layout(location = 1) out vec4 o1;\n"
                   "layout(location = 2) out vec4 o2;\n"
                   "layout(location = 3) out vec4 o3;\n"
                   "layout(location = 4) out vec4 o4;\n"
                   "layout(location = 5) out vec4 o5;\n"
                   "layout(location = 6) out vec4 o6;\n"
                   "layout(location = 7) out vec4 o7;\n"
                   "void main() { o0 = u_c[0]; o1 = u_c[1]; o2 = u_c[2]; o3 = u_c[3];\n"
                   "  o4 = u_c[4]; o5 = u_c[5]; o6 = u_c[6]; o7 = u_c[7]; }\n";
  GLint max_att = 0, max_db = 0;
  glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &max_att);
  glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_db);
  if (max_att < 8 || max_db < 8)
    fail("GL_MAX_COLOR_ATTACHMENTS %d, GL_MAX_DRAW_BUFFERS %d: GL 3.3 requires 8", max_att,
         max_db);
  GLuint p = link_program(VS_PIXELS, fs);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  const GLfloat cols[8][4] = {{1.0f, 0.2f, 0.2f, 1.0f}, {0.2f, 1.0f, 0.2f, 1.0f},
                              {0.2f, 0.2f, 1.0f, 1.0f}, {1.0f, 1.0f, 1.0f, 1.0f},
                              {1.0f, 0.2f, 1.0f, 1.0f}, {0.2f, 1.0f, 1.0f, 0.6f},
                              {0.25f, 0.1f, 1.0f, 0.25f}, {2.5f, -1.0f, 0.5f, 1.0f}};
  gl.Uniform4fv(uloc(p, "u_c"), 8, &cols[0][0]);
  GLuint fbo, rb[8];
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.GenRenderbuffers(8, rb);
  for (int i = 0; i < 8; i++) {
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
    gl.RenderbufferStorage(GL_RENDERBUFFER, i == 6 ? GL_SRGB8_ALPHA8 : i == 7 ? GL_RGBA16F
                                                                              : GL_RGBA8,
                           8, 8);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER, rb[i]);
  }
  const GLenum bufs[8] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2,
                          GL_NONE,              GL_COLOR_ATTACHMENT4, GL_COLOR_ATTACHMENT5,
                          GL_COLOR_ATTACHMENT6, GL_COLOR_ATTACHMENT7};
  gl.DrawBuffers(8, bufs);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("eight-attachment framebuffer incomplete");
  for (int i = 0; i < 8; i++) {
    GLint enc = 0;
    gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i,
                                           GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc);
    if (enc != (i == 6 ? GL_SRGB : GL_LINEAR))
      fail("attachment %d: GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING 0x%x", i, enc);
  }
  glViewport(0, 0, 8, 8);
  /* clear every attachment to 0 (attachment 3 through a draw buffer of its own) */
  const GLfloat zero[4] = {0, 0, 0, 0};
  for (int i = 0; i < 8; i++)
    if (bufs[i] != GL_NONE)
      gl.ClearBufferfv(GL_COLOR, i, zero);
  glReadBuffer(GL_COLOR_ATTACHMENT3);
  {
    const GLenum only3[4] = {GL_NONE, GL_NONE, GL_NONE, GL_COLOR_ATTACHMENT3};
    gl.DrawBuffers(4, only3);
    const GLfloat grey[4] = {0.4f, 0.4f, 0.4f, 0.4f};
    gl.ClearBufferfv(GL_COLOR, 3, grey);
    gl.DrawBuffers(8, bufs);
  }
  float full[12];
  rect_vertices(full, 0, 0, 64, 64);
  mesh m = make_mesh(full, 6);
  glEnable(GL_FRAMEBUFFER_SRGB);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_FRAMEBUFFER_SRGB);
  check_gl_error("eight-attachment draws");

  const GLubyte want8[7][4] = {{255, 51, 51, 255},  {51, 255, 51, 255},  {51, 51, 255, 255},
                               {102, 102, 102, 102}, {255, 51, 255, 255}, {51, 255, 255, 153},
                               {137, 89, 255, 64}};
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  for (int i = 0; i < 8; i++) {
    glReadBuffer(GL_COLOR_ATTACHMENT0 + i);
    if (i < 7) {
      GLubyte px[8 * 8 * 4];
      memset(px, 0xee, sizeof px);
      glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px);
      int bad = 0;
      for (int t = 0; t < 64; t++) {
        const GLubyte *w = want8[i];
        if (memcmp(&px[4 * t], w, 4)) {
          if (!bad)
            fail("attachment %d texel %d: expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", i, t, w[0],
                 w[1], w[2], w[3], px[4 * t], px[4 * t + 1], px[4 * t + 2], px[4 * t + 3]);
          bad++;
        }
      }
      printf("  attachment %d: 64 texels checked, %d wrong\n", i, bad);
    } else {
      GLfloat f[8 * 8 * 4];
      glReadPixels(0, 0, 8, 8, GL_RGBA, GL_FLOAT, f);
      if (f[0] != 2.5f || f[1] != -1.0f || f[2] != 0.5f || f[3] != 1.0f || f[4 * 63] != 2.5f)
        fail("RGBA16F attachment 7: (%g,%g,%g,%g), expected (2.5,-1,0.5,1)", f[0], f[1], f[2],
             f[3]);
    }
  }
  check_gl_error("attachment read-backs");
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(8, rb);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
  check_window_cleared("the window (untouched by the framebuffer object)");
}


/* fbo_srgb_switch: GL 3.3 §4.1.8 and §4.1.7: GL_FRAMEBUFFER_SRGB decides whether colour
 * written to an sRGB attachment is encoded (and the destination decoded for blending). An
 * SRGB8_ALPHA8 renderbuffer (attachment 0) and texture (attachment 1), 8x8, both drawn at once:
 *   draw 0.5 grey:          off stores 128 (unconverted), on stores 188 (encoded: 187.51,
 *                           llvmpipe, Zink and lavapipe store 187 from a draw, 188 from a
 *                           clear; the encode's precision is the implementation's); alpha 128;
 *   blend ONE,ONE of 0.25 over a stored 128:
 *                           off 0.502 + 0.25 -> 192; on decode(128) 0.2158 + 0.25 -> 182
 *                           (within 1, as above);
 *   glClearBufferfv 0.5 and glClear 0.5: off 128, on 188 (a clear's colour is converted as a
 *                           fragment's, as ARB_framebuffer_sRGB reads; llvmpipe and Zink
 *                           agree);
 * toggled off/on/off/on, so a switch back finds what the first made; the bytes are read with
 * glReadPixels, which converts nothing. The default framebuffer's GL_FRAMEBUFFER_ATTACHMENT_
 * COLOR_ENCODING decides what a draw with the switch on stores there. */
/* tol 1 at least wherever 0.5 is stored unconverted: 0.5 x 255 = 127.5 is a tie, and GL lets the
 * conversion to normalized fixed point take either nearest integer (NVIDIA stores 127, lavapipe
 * 128); the encoded values (188) and the unconverted ones stay 60 apart. */
static void srgb_expect(int att, const GLubyte want[4], int tol, const char *what)
{
  GLubyte px[8 * 8 * 4];
  memset(px, 0xee, sizeof px);
  glReadBuffer(GL_COLOR_ATTACHMENT0 + att);
  glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px);
  for (int t = 0; t < 64; t++)
    for (int c = 0; c < 4; c++)
      if (abs((int)px[4 * t + c] - (int)want[c]) > tol) {
        fail("%s, attachment %d texel %d: expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", what, att,
             t, want[0], want[1], want[2], want[3], px[4 * t], px[4 * t + 1], px[4 * t + 2],
             px[4 * t + 3]);
        return;
      }
}

static void sc_fbo_srgb_switch(void)
{
  const char *fs = "#version 330 core\n"
                   "uniform vec4 u_c;\n"
                   "layout(location = 0) out vec4 o0;\n"
                   "layout(location = 1) out vec4 o1;\n"
                   "void main() { o0 = u_c; o1 = u_c; }\n";
  GLuint p = link_program(VS_PIXELS, fs);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  const GLfloat zero[4] = {0, 0, 0, 0}, half[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  float full[12];
  rect_vertices(full, 0, 0, 64, 64);
  mesh m = make_mesh(full, 6);
  /* The default framebuffer: what its encoding query answers is what a draw with the switch
   * on does (mgl's EGL surfaces are linear; Mesa's answer GL_SRGB for its own). */
  GLint enc = 0;
  gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT,
                                         GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc);
  printf("  default framebuffer: GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING %s\n",
         enc == GL_LINEAR ? "GL_LINEAR" : enc == GL_SRGB ? "GL_SRGB" : "other");
  if (enc != GL_LINEAR && enc != GL_SRGB)
    fail("default framebuffer: GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING 0x%x", enc);
  {
    glViewport(0, 0, 8, 8);
    glEnable(GL_FRAMEBUFFER_SRGB);
    gl.Uniform4fv(uloc(p, "u_c"), 1, half);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glDisable(GL_FRAMEBUFFER_SRGB);
    GLubyte px[4];
    glReadBuffer(GL_BACK);
    glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    const int want = enc == GL_SRGB ? 188 : 128;
    if (abs((int)px[0] - want) > 1)
      fail("default framebuffer, 0.5 drawn with GL_FRAMEBUFFER_SRGB on: red %u, its encoding "
           "gives %d", px[0], want);
  }
  GLuint fbo, rb, tex;
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_SRGB8_ALPHA8, 8, 8);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex, 0);
  const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  gl.DrawBuffers(2, bufs);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("SRGB8_ALPHA8 framebuffer incomplete");
  for (int a = 0; a < 2; a++) {
    gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + a,
                                           GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc);
    if (enc != GL_SRGB)
      fail("attachment %d: GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING 0x%x", a, enc);
  }
  glViewport(0, 0, 8, 8);
  const GLubyte raw[4] = {128, 128, 128, 128}, encoded[4] = {188, 188, 188, 128};
  for (int round = 0; round < 4; round++) {
    const int on = round & 1;
    char what[96];
    if (on)
      glEnable(GL_FRAMEBUFFER_SRGB);
    else
      glDisable(GL_FRAMEBUFFER_SRGB);
    if (glIsEnabled(GL_FRAMEBUFFER_SRGB) != (on ? GL_TRUE : GL_FALSE))
      fail("glIsEnabled(GL_FRAMEBUFFER_SRGB) is not %d", on);
    /* a plain draw of 0.5 */
    glDisable(GL_BLEND);
    gl.ClearBufferfv(GL_COLOR, 0, zero);
    gl.ClearBufferfv(GL_COLOR, 1, zero);
    gl.Uniform4fv(uloc(p, "u_c"), 1, half);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    for (int a = 0; a < 2; a++) {
      snprintf(what, sizeof what, "draw of 0.5, GL_FRAMEBUFFER_SRGB %s (round %d)",
               on ? "on" : "off", round);
      srgb_expect(a, on ? encoded : raw, 1, what);
    }
    /* blending: 0.25 added over a stored 128 (written with the switch off) */
    glDisable(GL_FRAMEBUFFER_SRGB);
    gl.ClearBufferfv(GL_COLOR, 0, half);
    gl.ClearBufferfv(GL_COLOR, 1, half);
    if (on)
      glEnable(GL_FRAMEBUFFER_SRGB);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    const GLfloat quarter[4] = {0.25f, 0.25f, 0.25f, 0.0f};
    gl.Uniform4fv(uloc(p, "u_c"), 1, quarter);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glDisable(GL_BLEND);
    const GLubyte blend_off[4] = {192, 192, 192, 128}, blend_on[4] = {182, 182, 182, 128};
    for (int a = 0; a < 2; a++) {
      snprintf(what, sizeof what, "ONE,ONE blend of 0.25 over 128, GL_FRAMEBUFFER_SRGB %s",
               on ? "on" : "off");
      srgb_expect(a, on ? blend_on : blend_off, 1, what);
    }
    /* glClearBufferfv and glClear of 0.5 */
    gl.ClearBufferfv(GL_COLOR, 0, half);
    gl.ClearBufferfv(GL_COLOR, 1, half);
    for (int a = 0; a < 2; a++) {
      snprintf(what, sizeof what, "glClearBufferfv 0.5, GL_FRAMEBUFFER_SRGB %s",
               on ? "on" : "off");
      srgb_expect(a, on ? encoded : raw, 1, what);
    }
    gl.ClearBufferfv(GL_COLOR, 0, zero);
    gl.ClearBufferfv(GL_COLOR, 1, zero);
    glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    for (int a = 0; a < 2; a++) {
      snprintf(what, sizeof what, "glClear 0.5, GL_FRAMEBUFFER_SRGB %s", on ? "on" : "off");
      srgb_expect(a, on ? encoded : raw, 1, what);
    }
    check_gl_error("sRGB switch round");
  }
  glDisable(GL_FRAMEBUFFER_SRGB);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &tex);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
  check_window_cleared("the window (untouched by the framebuffer object)");
}


/* blit_srgb_switch: glBlitFramebuffer between sRGB and linear images follows
 * GL_FRAMEBUFFER_SRGB as Mesa does (GL 4.4 §18.3.1: with the switch off nothing is converted;
 * on, an sRGB source is decoded and an sRGB destination encoded; GL 3.3 §4.3.2 converts
 * whatever the switch says, and llvmpipe and Zink follow 4.4). 128 is stored (a clear of 0.5
 * with the switch off) and blitted, with the switch off and then on:
 *   SRGB8_ALPHA8 8x8 -> RGBA8 8x8 (plain), -> RGBA8 16x16 (2x nearest), and a 4x
 *   multisampled SRGB8_ALPHA8 8x8 resolved -> RGBA8 8x8: off 128, on 55 (decode: 0.2158);
 *   RGBA8 8x8 -> SRGB8_ALPHA8 8x8 (plain) and -> SRGB8_ALPHA8 16x16 (2x nearest):
 *   off 128, on 188 (encode of 0.502: 187.5);
 * alpha stays 128 throughout (never converted); every check within 1: the clear of 0.5 is a
 * 127.5 tie GL lets either way (NVIDIA stores 127, lavapipe 128), and a converting blit is
 * still 60 or more away. */
static GLuint srgb_blit_fbo(GLenum ifmt, GLsizei samples, GLsizei size, GLuint *rb)
{
  GLuint fbo;
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.GenRenderbuffers(1, rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, *rb);
  if (samples)
    gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, ifmt, size, size);
  else
    gl.RenderbufferStorage(GL_RENDERBUFFER, ifmt, size, size);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("blit_srgb_switch: 0x%x framebuffer (%d samples) incomplete", ifmt, samples);
  return fbo;
}

static void sc_blit_srgb_switch(void)
{
  enum { S8, L8, L16, S16, MS, N_FB };
  static const GLenum ifmt[N_FB] = {GL_SRGB8_ALPHA8, GL_RGBA8, GL_RGBA8, GL_SRGB8_ALPHA8,
                                    GL_SRGB8_ALPHA8};
  static const GLsizei size[N_FB] = {8, 8, 16, 16, 8}, samples[N_FB] = {0, 0, 0, 0, 4};
  GLuint fbo[N_FB], rb[N_FB];
  for (int i = 0; i < N_FB; i++)
    fbo[i] = srgb_blit_fbo(ifmt[i], samples[i], size[i], &rb[i]);
  glDisable(GL_SCISSOR_TEST);
  /* src -> dst, and whether the source (1) or the destination (0) is the sRGB side */
  static const struct {
    int src, dst, decode;
    const char *what;
  } cases[] = {
      {S8, L8, 1, "SRGB8_ALPHA8 -> RGBA8, plain"},
      {S8, L16, 1, "SRGB8_ALPHA8 -> RGBA8, 2x nearest"},
      {MS, L8, 1, "4x SRGB8_ALPHA8 -> RGBA8, resolve"},
      {L8, S8, 0, "RGBA8 -> SRGB8_ALPHA8, plain"},
      {L8, S16, 0, "RGBA8 -> SRGB8_ALPHA8, 2x nearest"},
  };
  const GLfloat half[4] = {0.5f, 0.5f, 0.5f, 0.5f}, zero[4] = {0, 0, 0, 0};
  for (int on = 0; on < 2; on++) {
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      const int src = cases[c].src, dst = cases[c].dst;
      glDisable(GL_FRAMEBUFFER_SRGB);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[src]);
      gl.ClearBufferfv(GL_COLOR, 0, half); /* stores 128 (off: no encoding) */
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[dst]);
      gl.ClearBufferfv(GL_COLOR, 0, zero);
      if (on)
        glEnable(GL_FRAMEBUFFER_SRGB);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[src]);
      gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[dst]);
      gl.BlitFramebuffer(0, 0, size[src], size[src], 0, 0, size[dst], size[dst],
                         GL_COLOR_BUFFER_BIT, GL_NEAREST);
      glDisable(GL_FRAMEBUFFER_SRGB);
      check_gl_error(cases[c].what);
      const int want = !on ? 128 : cases[c].decode ? 55 : 188, tol = 1;
      GLubyte px[16 * 16 * 4];
      memset(px, 0xee, sizeof px);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[dst]);
      glReadPixels(0, 0, size[dst], size[dst], GL_RGBA, GL_UNSIGNED_BYTE, px);
      for (int t = 0; t < size[dst] * size[dst]; t++) {
        const GLubyte *q = px + 4 * t;
        if (abs(q[0] - want) > tol || abs(q[1] - want) > tol || abs(q[2] - want) > tol ||
            abs(q[3] - 128) > 1) {
          fail("%s, GL_FRAMEBUFFER_SRGB %s: texel %d expected (%d,%d,%d,128) got "
               "(%u,%u,%u,%u)", cases[c].what, on ? "on" : "off", t, want, want, want, q[0],
               q[1], q[2], q[3]);
          break;
        }
      }
    }
  }
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(N_FB, fbo);
  gl.DeleteRenderbuffers(N_FB, rb);
  check_window_cleared("the window (untouched by the framebuffer objects)");
}

/* copytex_srgb_switch: glCopyTexImage2D, glCopyTexSubImage2D and glCopyTexSubImage3D (a 2D
 * array layer and a 3D slice) between sRGB and linear images copy the stored values
 * unconverted, GL_FRAMEBUFFER_SRGB off or on, unlike glBlitFramebuffer (blit_srgb_switch).
 * That is what llvmpipe and Zink do (measured: every pair below, both switch states, 128 stays
 * 128), and what EXT_texture_sRGB resolved for the pixel path (no colour-space conversion).
 * Read buffers: SRGB8_ALPHA8, RGBA8 and RGBA16F textures holding the same bytes (uploads never
 * convert); copied into SRGB8_ALPHA8, RGBA8, RGBA16F and R8 images and read back with
 * glGetTexImage (which never converts either). Every texel exact, inside the copied rectangle
 * and around it (the prior 0x11 fill, other layers and slices untouched): a converting copy
 * would move (128,64,200) to (55,13,147) (decode) or (188,137,228) (encode). */
enum { CS_N = 8, CS_D = 12, CS_L = 3 };

static void cs_texel(int i, int j, GLubyte *p)
{
  p[0] = (GLubyte)(96 + 8 * j + i), p[1] = 64, p[2] = 200, p[3] = (GLubyte)(40 + 8 * j + i);
}

static void sc_copytex_srgb_switch(void)
{
  static GLubyte src[CS_N * CS_N * 4], fill[CS_D * CS_D * CS_L * 4], got[CS_D * CS_D * CS_L * 4];
  for (int j = 0; j < CS_N; j++)
    for (int i = 0; i < CS_N; i++)
      cs_texel(i, j, &src[(j * CS_N + i) * 4]);
  memset(fill, 0x11, sizeof fill);
  static const GLenum src_fmt[3] = {GL_SRGB8_ALPHA8, GL_RGBA8, GL_RGBA16F};
  GLuint stex[3], sfbo[3];
  glGenTextures(3, stex);
  gl.GenFramebuffers(3, sfbo);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  for (int k = 0; k < 3; k++) {
    glBindTexture(GL_TEXTURE_2D, stex[k]);
    glTexImage2D(GL_TEXTURE_2D, 0, src_fmt[k], CS_N, CS_N, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
    gl.BindFramebuffer(GL_FRAMEBUFFER, sfbo[k]);
    gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, stex[k], 0);
    if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("copytex_srgb_switch: read framebuffer 0x%x incomplete", src_fmt[k]);
  }
  check_gl_error("read framebuffers");
  static const struct {
    int src;
    GLenum dst;
    const char *what;
  } pairs[] = {
      {0, GL_RGBA8, "SRGB8_ALPHA8 -> RGBA8"},
      {1, GL_SRGB8_ALPHA8, "RGBA8 -> SRGB8_ALPHA8"},
      {0, GL_SRGB8_ALPHA8, "SRGB8_ALPHA8 -> SRGB8_ALPHA8"},
      {2, GL_SRGB8_ALPHA8, "RGBA16F -> SRGB8_ALPHA8"},
      {0, GL_RGBA16F, "SRGB8_ALPHA8 -> RGBA16F"},
      {0, GL_R8, "SRGB8_ALPHA8 -> R8"},
  };
  static const char *const op_name[4] = {"glCopyTexImage2D", "glCopyTexSubImage2D",
                                         "glCopyTexSubImage3D (2D array layer 1)",
                                         "glCopyTexSubImage3D (3D slice 1)"};
  /* the sub-image copies: source rectangle (1,2) 6x5 to (3,4) of layer/slice 1 */
  enum { SX = 1, SY = 2, RW = 6, RH = 5, DX = 3, DY = 4, DL = 1 };
  int wrong_cases = 0;
  for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
    for (int op = 0; op < 4; op++)
      for (int on = 0; on < 2; on++) {
        const GLenum target = op < 2 ? GL_TEXTURE_2D : op == 2 ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_3D;
        GLuint t;
        glGenTextures(1, &t);
        glBindTexture(target, t);
        if (op == 1)
          glTexImage2D(target, 0, pairs[p].dst, CS_D, CS_D, 0, GL_RGBA, GL_UNSIGNED_BYTE, fill);
        else if (op > 1)
          gl.TexImage3D(target, 0, (GLint)pairs[p].dst, CS_D, CS_D, CS_L, 0, GL_RGBA,
                        GL_UNSIGNED_BYTE, fill);
        gl.BindFramebuffer(GL_READ_FRAMEBUFFER, sfbo[pairs[p].src]);
        if (on)
          glEnable(GL_FRAMEBUFFER_SRGB);
        if (op == 0)
          glCopyTexImage2D(target, 0, pairs[p].dst, 0, 0, CS_N, CS_N, 0);
        else if (op == 1)
          glCopyTexSubImage2D(target, 0, DX, DY, SX, SY, RW, RH);
        else
          gl.CopyTexSubImage3D(target, 0, DX, DY, DL, SX, SY, RW, RH);
        glDisable(GL_FRAMEBUFFER_SRGB);
        check_gl_error(op_name[op]);
        memset(got, 0xA5, sizeof got);
        glGetTexImage(target, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
        check_gl_error("glGetTexImage");
        const int w = op ? CS_D : CS_N, layers = op > 1 ? CS_L : 1;
        int bad = 0;
        for (int l = 0; l < layers; l++)
          for (int y = 0; y < w; y++)
            for (int x = 0; x < w; x++) {
              GLubyte want[4];
              if (op == 0)
                cs_texel(x, y, want);
              else if ((op == 1 || l == DL) && x >= DX && x < DX + RW && y >= DY && y < DY + RH)
                cs_texel(x - DX + SX, y - DY + SY, want);
              else
                memset(want, 0x11, 4);
              if (pairs[p].dst == GL_R8)
                want[1] = want[2] = 0, want[3] = 255;
              const GLubyte *g = &got[((l * w + y) * w + x) * 4];
              if (memcmp(g, want, 4) && !bad++)
                fail("%s, %s, GL_FRAMEBUFFER_SRGB %s: texel (%d,%d,%d) is (%u,%u,%u,%u), "
                     "expected (%u,%u,%u,%u) unconverted", pairs[p].what, op_name[op],
                     on ? "on" : "off", x, y, l, g[0], g[1], g[2], g[3], want[0], want[1],
                     want[2], want[3]);
            }
        wrong_cases += bad != 0;
        glDeleteTextures(1, &t);
      }
  printf("  %d of %d copies wrong\n", wrong_cases, (int)(sizeof pairs / sizeof pairs[0]) * 8);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(3, sfbo);
  glDeleteTextures(3, stex);
  check_window_cleared("the window (untouched by the copies)");
}

/* copytex_paths: the glCopyTex*Image paths copy_tex, copy_tex_depth and tex1d do not take.
 * Read framebuffer: a 16x16 RGBA8 texture whose texels all differ (cp_texel). Copied with the
 * read bytes expected exactly, the rest of every image/layer keeping its 0x11 fill:
 *   into a cube face (glCopyTexImage2D to -Y, glCopyTexSubImage2D to +Z), a 2D array layer and
 *   a 3D slice (glCopyTexSubImage3D), a 1D texture (glCopyTexImage1D, glCopyTexSubImage1D) and
 *   a 1D array (glCopyTexSubImage2D: read rows become layers), levels 1 and 2 of a 2D texture;
 *   format changes: into R8, RG8 and RGB8 (read back as RGBA: missing channels 0, alpha 1,
 *   RGB8's alpha too: rgb_alpha_one),
 *   also R8 into a 3D slice and a 2D array layer; an RGBA8UI read buffer into RGBA8UI and
 *   R16UI textures, an RGBA32F one into RGBA32F and R16F (values exact in half floats);
 *   a depth texture (glCopyTexImage2D(GL_DEPTH_COMPONENT24)) from the window's D24S8 buffer,
 *   within one 24-bit step of glReadPixels;
 *   rectangles partly outside the read framebuffer: only texels whose source is inside are
 *   asserted (GL leaves the others undefined).
 * Then the errors (GL 3.3 §3.8.5): a normalized texture from an integer read buffer and the
 * reverse, a depth texture from a framebuffer without depth, glCopyTexSubImage3D from a
 * multisampled read framebuffer and past the last layer; and, last, a colour texture from a
 * depth-only framebuffer (READ_BUFFER NONE). */
enum { CP_N = 16 };

static void cp_texel(int i, int j, GLubyte *p)
{
  p[0] = (GLubyte)(16 * j + i), p[1] = (GLubyte)(255 - 16 * j - i);
  p[2] = (GLubyte)((7 * i + 13 * j) & 255), p[3] = (GLubyte)(100 + i + j);
}

/* glGetTexImage of (target, level) as RGBA bytes, w x h x layers, against the read texels of
 * rectangle (sx, sy, rw, rh) at (dx, dy) of layer dl (every layer when dl < 0), the rest 0x11;
 * keep: bit per channel the destination has (the others read 0, alpha 255). Source texels outside the 16x16 read framebuffer are not asserted. */
static void cp_check(const char *what, GLenum target, GLint level, int w, int h, int layers,
                     int dl, int sx, int sy, int rw, int rh, int dx, int dy, unsigned keep)
{
  static GLubyte got[CP_N * CP_N * 6 * 4];
  memset(got, 0xA5, sizeof got);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTexImage(target, level, GL_RGBA, GL_UNSIGNED_BYTE, got);
  check_gl_error(what);
  int bad = 0;
  for (int l = 0; l < layers; l++)
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        GLubyte want[4];
        const bool in = (dl < 0 || l == dl) && x >= dx && x < dx + rw && y >= dy && y < dy + rh;
        const int rx = x - dx + sx, ry = y - dy + sy;
        if (in && (rx < 0 || ry < 0 || rx >= CP_N || ry >= CP_N))
          continue; /* undefined */
        if (in)
          cp_texel(rx, ry, want);
        else
          memset(want, 0x11, 4);
        for (int c = 0; c < 4; c++)
          if (!(keep & (1u << c)))
            want[c] = c == 3 ? 255 : 0;
        const GLubyte *g = &got[((l * h + y) * w + x) * 4];
        if (memcmp(g, want, 4) && bad++ < 2)
          fail("%s: texel (%d,%d,%d) is (%u,%u,%u,%u), expected (%u,%u,%u,%u)", what, x, y, l,
               g[0], g[1], g[2], g[3], want[0], want[1], want[2], want[3]);
      }
  printf("  %s: %d wrong\n", what, bad);
}

static GLuint cp_tex(GLenum target, GLenum ifmt, int w, int h, int d)
{
  static GLubyte fill[CP_N * CP_N * 6 * 4];
  memset(fill, 0x11, sizeof fill);
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(target, t);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  if (target == GL_TEXTURE_1D)
    glTexImage1D(target, 0, (GLint)ifmt, w, 0, GL_RGBA, GL_UNSIGNED_BYTE, fill);
  else if (target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY)
    gl.TexImage3D(target, 0, (GLint)ifmt, w, h, d, 0, GL_RGBA, GL_UNSIGNED_BYTE, fill);
  else if (target != GL_TEXTURE_CUBE_MAP)
    glTexImage2D(target, 0, (GLint)ifmt, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, fill);
  return t;
}

static GLuint cp_fbo(GLenum ifmt, GLenum format, GLenum type, const void *px, GLuint *tex)
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

static void sc_copytex_paths(void)
{
  static GLubyte src[CP_N * CP_N * 4];
  for (int j = 0; j < CP_N; j++)
    for (int i = 0; i < CP_N; i++)
      cp_texel(i, j, &src[(j * CP_N + i) * 4]);
  GLuint stex, fa = cp_fbo(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, src, &stex);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fa);
  const unsigned RGBA = 15;
  GLuint t;

  /* cube faces */
  t = cp_tex(GL_TEXTURE_CUBE_MAP, GL_RGBA8, 8, 8, 1);
  glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               NULL);
  glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGBA8, 2, 3, 8, 8, 0);
  check_gl_error("glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y)");
  cp_check("cube -Y (glCopyTexImage2D)", GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, 8, 8, 1, -1, 2, 3,
           8, 8, 0, 0, RGBA);
  glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, 0, 0, 0, 0, 8, 8);
  glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, 1, 2, 9, 10, 5, 4);
  check_gl_error("glCopyTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Z)");
  {
    /* +Z: the whole face from (0,0), then (9,10) 5x4 at (1,2) */
    static GLubyte got[8 * 8 * 4];
    glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_Z, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    int bad = 0;
    for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) {
        GLubyte want[4];
        const bool in = x >= 1 && x < 6 && y >= 2 && y < 6;
        cp_texel(in ? x - 1 + 9 : x, in ? y - 2 + 10 : y, want);
        if (memcmp(&got[(y * 8 + x) * 4], want, 4) && bad++ < 2)
          fail("cube +Z (glCopyTexSubImage2D): texel (%d,%d) is (%u,%u,%u,%u)", x, y,
               got[(y * 8 + x) * 4], got[(y * 8 + x) * 4 + 1], got[(y * 8 + x) * 4 + 2],
               got[(y * 8 + x) * 4 + 3]);
      }
    printf("  cube +Z (glCopyTexSubImage2D): %d wrong\n", bad);
  }
  cp_check("cube -Y after +Z copies", GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, 8, 8, 1, -1, 2, 3, 8, 8,
           0, 0, RGBA);
  glDeleteTextures(1, &t);

  /* a 2D array layer and a 3D slice, RGBA8 and R8 */
  static const struct {
    GLenum target, ifmt;
    unsigned keep;
    const char *what;
  } layered[] = {
      {GL_TEXTURE_2D_ARRAY, GL_RGBA8, 15, "2D array layer 2 (glCopyTexSubImage3D)"},
      {GL_TEXTURE_3D, GL_RGBA8, 15, "3D slice 2 (glCopyTexSubImage3D)"},
      {GL_TEXTURE_2D_ARRAY, GL_R8, 1, "R8 2D array layer 2 (glCopyTexSubImage3D)"},
      {GL_TEXTURE_3D, GL_R8, 1, "R8 3D slice 2 (glCopyTexSubImage3D)"},
  };
  for (size_t k = 0; k < sizeof layered / sizeof layered[0]; k++) {
    t = cp_tex(layered[k].target, layered[k].ifmt, 8, 8, 4);
    gl.CopyTexSubImage3D(layered[k].target, 0, 1, 2, 2, 3, 4, 5, 5);
    check_gl_error(layered[k].what);
    cp_check(layered[k].what, layered[k].target, 0, 8, 8, 4, 2, 3, 4, 5, 5, 1, 2,
             layered[k].keep);
    glDeleteTextures(1, &t);
  }

  /* 1D and 1D array */
  GLuint t1;
  glGenTextures(1, &t1);
  glBindTexture(GL_TEXTURE_1D, t1);
  glCopyTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 2, 5, 12, 0);
  check_gl_error("glCopyTexImage1D");
  cp_check("1D (glCopyTexImage1D)", GL_TEXTURE_1D, 0, 12, 1, 1, -1, 2, 5, 12, 1, 0, 0, RGBA);
  glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 3, 0, 9, 4);
  check_gl_error("glCopyTexSubImage1D");
  {
    static GLubyte got[12 * 4];
    glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    for (int x = 0; x < 12; x++) {
      GLubyte want[4];
      cp_texel(x >= 3 && x < 7 ? x - 3 : 2 + x, x >= 3 && x < 7 ? 9 : 5, want);
      if (memcmp(&got[x * 4], want, 4))
        fail("1D after glCopyTexSubImage1D: texel %d is (%u,%u,%u,%u), expected (%u,%u,%u,%u)",
             x, got[x * 4], got[x * 4 + 1], got[x * 4 + 2], got[x * 4 + 3], want[0], want[1],
             want[2], want[3]);
    }
  }
  glDeleteTextures(1, &t1);
  t = cp_tex(GL_TEXTURE_1D_ARRAY, GL_RGBA8, 8, 4, 1);
  glCopyTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 1, 1, 4, 6, 5, 2);
  check_gl_error("glCopyTexSubImage2D(GL_TEXTURE_1D_ARRAY)");
  cp_check("1D array layers 1-2 (glCopyTexSubImage2D)", GL_TEXTURE_1D_ARRAY, 0, 8, 4, 1, -1, 4,
           6, 5, 2, 1, 1, RGBA);
  glDeleteTextures(1, &t);

  /* levels 1 and 2 */
  t = cp_tex(GL_TEXTURE_2D, GL_RGBA8, 16, 16, 1);
  glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
  glCopyTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 8, 8, 0);
  check_gl_error("glCopyTexImage2D level 1");
  {
    static GLubyte fill2[4 * 4 * 4];
    memset(fill2, 0x11, sizeof fill2);
    glTexSubImage2D(GL_TEXTURE_2D, 2, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, fill2);
  }
  glCopyTexSubImage2D(GL_TEXTURE_2D, 2, 1, 1, 10, 11, 2, 3);
  check_gl_error("glCopyTexSubImage2D level 2");
  cp_check("level 1 (glCopyTexImage2D)", GL_TEXTURE_2D, 1, 8, 8, 1, -1, 4, 4, 8, 8, 0, 0, RGBA);
  cp_check("level 2 (glCopyTexSubImage2D)", GL_TEXTURE_2D, 2, 4, 4, 1, -1, 10, 11, 2, 3, 1, 1,
           RGBA);
  cp_check("level 0 untouched", GL_TEXTURE_2D, 0, 16, 16, 1, -1, 0, 0, 0, 0, 0, 0, RGBA);
  glDeleteTextures(1, &t);

  /* fewer channels */
  static const struct {
    GLenum ifmt;
    unsigned keep;
    const char *what;
  } narrow[] = {{GL_R8, 1, "RGBA8 -> R8"}, {GL_RG8, 3, "RGBA8 -> RG8"}, {GL_RGB8, 7, "RGBA8 -> RGB8"}};
  for (size_t k = 0; k < sizeof narrow / sizeof narrow[0]; k++) {
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, narrow[k].ifmt, 3, 1, 8, 8, 0);
    check_gl_error(narrow[k].what);
    cp_check(narrow[k].what, GL_TEXTURE_2D, 0, 8, 8, 1, -1, 3, 1, 8, 8, 0, 0, narrow[k].keep);
    glDeleteTextures(1, &t);
  }

  /* partly outside the read framebuffer */
  t = cp_tex(GL_TEXTURE_2D, GL_RGBA8, 8, 8, 1);
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, -3, 12, 8, 8);
  check_gl_error("glCopyTexSubImage2D partly outside");
  cp_check("glCopyTexSubImage2D from (-3,12) 8x8", GL_TEXTURE_2D, 0, 8, 8, 1, -1, -3, 12, 8, 8,
           0, 0, RGBA);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 10, -2, 8, 8, 0);
  check_gl_error("glCopyTexImage2D partly outside");
  cp_check("glCopyTexImage2D from (10,-2) 8x8", GL_TEXTURE_2D, 0, 8, 8, 1, -1, 10, -2, 8, 8, 0,
           0, RGBA);
  glDeleteTextures(1, &t);

  /* integer read buffer */
  GLuint itex, fi = cp_fbo(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, src, &itex);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fi);
  static const struct {
    GLenum ifmt;
    unsigned keep;
  } ints[] = {{GL_RGBA8UI, 15}, {GL_R16UI, 1}};
  for (size_t k = 0; k < 2; k++) {
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, ints[k].ifmt, 5, 6, 8, 8, 0);
    check_gl_error("glCopyTexImage2D from RGBA8UI");
    static GLuint got[8 * 8 * 4];
    memset(got, 0xA5, sizeof got);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
    check_gl_error("glGetTexImage(GL_RGBA_INTEGER)");
    int bad = 0;
    for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) {
        GLubyte s[4];
        cp_texel(5 + x, 6 + y, s);
        for (int c = 0; c < 4; c++) {
          const GLuint want = ints[k].keep & (1u << c) ? s[c] : c == 3 ? 1 : 0;
          if (got[(y * 8 + x) * 4 + c] != want && bad++ < 2)
            fail("RGBA8UI -> 0x%x: texel (%d,%d) channel %d is %u, expected %u", ints[k].ifmt,
                 x, y, c, got[(y * 8 + x) * 4 + c], want);
        }
      }
    printf("  RGBA8UI -> 0x%x: %d wrong\n", ints[k].ifmt, bad);
    glDeleteTextures(1, &t);
  }

  /* float read buffer */
  static float fsrc[CP_N * CP_N * 4];
  for (int i = 0; i < CP_N * CP_N * 4; i++)
    fsrc[i] = (float)((i * 37) % 2001 - 1000) * 0.125f; /* exact in half floats */
  GLuint ftex, ff = cp_fbo(GL_RGBA32F, GL_RGBA, GL_FLOAT, fsrc, &ftex);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, ff);
  static const struct {
    GLenum ifmt;
    int channels;
  } floats[] = {{GL_RGBA32F, 4}, {GL_R16F, 1}};
  for (size_t k = 0; k < 2; k++) {
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, floats[k].ifmt, 7, 2, 8, 8, 0);
    check_gl_error("glCopyTexImage2D from RGBA32F");
    static float got[8 * 8 * 4];
    memset(got, 0xA5, sizeof got);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, got);
    check_gl_error("glGetTexImage(GL_FLOAT)");
    int bad = 0;
    for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
        for (int c = 0; c < 4; c++) {
          const float want = c < floats[k].channels ? fsrc[((2 + y) * CP_N + 7 + x) * 4 + c]
                                                    : c == 3 ? 1.0f : 0.0f;
          if (got[(y * 8 + x) * 4 + c] != want && bad++ < 2)
            fail("RGBA32F -> 0x%x: texel (%d,%d) channel %d is %g, expected %g",
                 floats[k].ifmt, x, y, c, (double)got[(y * 8 + x) * 4 + c], (double)want);
        }
    printf("  RGBA32F -> 0x%x: %d wrong\n", floats[k].ifmt, bad);
    glDeleteTextures(1, &t);
  }

  /* errors */
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fi);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 0);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D(GL_RGBA8) from an RGBA8UI buffer");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D into RGBA8 from an RGBA8UI buffer");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, NULL);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fa);
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D into RGBA8UI from an RGBA8 buffer");
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 0, 0, 4, 4, 0);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D(GL_DEPTH_COMPONENT24) without depth");
  glDeleteTextures(1, &t);
  GLuint msrb, fms;
  gl.GenRenderbuffers(1, &msrb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, msrb);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, CP_N, CP_N);
  gl.GenFramebuffers(1, &fms);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fms);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, msrb);
  t = cp_tex(GL_TEXTURE_2D_ARRAY, GL_RGBA8, 8, 8, 4);
  gl.CopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 0, 0, 4, 4);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexSubImage3D from a multisampled framebuffer");
  gl.BindFramebuffer(GL_FRAMEBUFFER, fa);
  gl.CopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 4, 0, 0, 4, 4);
  expect_gl_error(GL_INVALID_VALUE, "glCopyTexSubImage3D past the last layer");
  cp_check("2D array after the refused copies", GL_TEXTURE_2D_ARRAY, 0, 8, 8, 4, -1, 0, 0, 0, 0,
           0, 0, RGBA);
  glDeleteTextures(1, &t);

  /* depth: glCopyTexImage2D(GL_DEPTH_COMPONENT24) from the window's depth buffer */
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  static float zwant[DC_W * DC_H];
  dc_columns();
  dc_read(zwant, NULL);
  dc_check("D24S8 -> DEPTH_COMPONENT24 (glCopyTexImage2D)", GL_DEPTH_COMPONENT24, 24, 24, false,
           zwant, NULL);

  gl.DeleteFramebuffers(1, &fa);
  gl.DeleteFramebuffers(1, &fi);
  gl.DeleteFramebuffers(1, &ff);
  gl.DeleteFramebuffers(1, &fms);
  gl.DeleteRenderbuffers(1, &msrb);
  glDeleteTextures(1, &stex);
  glDeleteTextures(1, &itex);
  glDeleteTextures(1, &ftex);
  check_window_cleared("the window (untouched by the copies)");

  /* last: Mesa 22.3's llvmpipe crashes here (on_mesa-expect.txt) */
  GLuint drb, fd;
  gl.GenRenderbuffers(1, &drb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, drb);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, CP_N, CP_N);
  gl.GenFramebuffers(1, &fd);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fd);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, drb);
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("copytex_paths: depth-only framebuffer incomplete");
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 0);
  expect_gl_error(GL_INVALID_OPERATION, "glCopyTexImage2D(GL_RGBA8) with READ_BUFFER NONE");
  glDeleteTextures(1, &t);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(1, &fd);
  gl.DeleteRenderbuffers(1, &drb);
}

/* blit_3d_slice: glBlitFramebuffer from and to slices of 3D textures (glFramebufferTextureLayer),
 * on every path a blit takes: scaled 2x nearest and linear, mirrored, a plain copy, clipped by
 * the destination surface, sRGB with GL_FRAMEBUFFER_SRGB off (bytes copied, no conversion) and
 * on (decoded / encoded), slice to 2D, 2D to slice, slice to a slice of another 3D texture, and
 * slice to slice of one 3D texture. The scenario keeps a copy of every texture, applies each
 * blit to it as GL 3.3 §4.3.2 says (pixel centres mapped to the source; nearest takes the
 * texel there, linear the clamp-to-edge bilinear mix inside that one slice), and after each
 * blit reads the whole destination texture back (glGetTexImage): the blitted pixels must
 * match, and every other pixel and slice must keep its bytes. Within 1 where sRGB converts
 * (the curve's rounding), 2 for linear; exact otherwise. */
typedef struct {
  GLuint tex;
  GLenum target;
  int w, h, d, srgb, uint; /* uint: RGBA8UI, uploaded and read as GL_RGBA_INTEGER */
  GLubyte *px; /* w * h * d RGBA8 */
} b3_tex;

static float b3_decode(int v)
{
  const float c = (float)v / 255.0f;
  return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

static int b3_encode(float l)
{
  l = l < 0.0f ? 0.0f : l > 1.0f ? 1.0f : l;
  const float c = l <= 0.0031308f ? l * 12.92f : 1.055f * powf(l, 1.0f / 2.4f) - 0.055f;
  return (int)floorf(c * 255.0f + 0.5f);
}

static void b3_make(b3_tex *t, GLenum target, GLenum ifmt, int w, int h, int d, int pattern)
{
  t->target = target;
  t->w = w, t->h = h, t->d = d;
  t->srgb = ifmt == GL_SRGB8_ALPHA8;
  t->uint = ifmt == GL_RGBA8UI;
  const GLenum fmt = t->uint ? GL_RGBA_INTEGER : GL_RGBA;
  t->px = malloc((size_t)w * h * d * 4);
  if (!t->px)
    die_setup("blit_3d_slice: out of memory");
  for (int z = 0; z < d; z++)
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        GLubyte *p = t->px + (((size_t)z * h + y) * w + x) * 4;
        if (pattern == 0) { /* ramps in x and y, one blue per slice */
          p[0] = (GLubyte)(20 + 24 * x), p[1] = (GLubyte)(20 + 24 * y);
          p[2] = (GLubyte)(40 + 60 * z), p[3] = 255;
        } else if (pattern == 3) { /* two halves, for a multisampled renderbuffer (clears) */
          p[0] = x < 4 ? 204 : 51, p[1] = x < 4 ? 0 : 102, p[2] = x < 4 ? 102 : 153, p[3] = 255;
        } else if (pattern == 1) { /* another ramp, for 2D sources */
          p[0] = (GLubyte)(200 - 20 * x), p[1] = (GLubyte)(30 + 25 * y), p[2] = 99, p[3] = 200;
        } else { /* untouched destination */
          p[0] = 7, p[1] = 17, p[2] = 27, p[3] = 37;
        }
      }
  if (target == GL_RENDERBUFFER) {
    /* 4 samples, every sample of a pixel alike: a resolve gives the pixel exactly */
    GLuint fbo;
    gl.GenRenderbuffers(1, &t->tex);
    gl.BindRenderbuffer(GL_RENDERBUFFER, t->tex);
    gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, ifmt, w, h);
    gl.GenFramebuffers(1, &fbo);
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, t->tex);
    const GLfloat right[4] = {0.2f, 0.4f, 0.6f, 1.0f}, left[4] = {0.8f, 0.0f, 0.4f, 1.0f};
    gl.ClearBufferfv(GL_COLOR, 0, right);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 4, h);
    gl.ClearBufferfv(GL_COLOR, 0, left);
    glDisable(GL_SCISSOR_TEST);
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl.DeleteFramebuffers(1, &fbo);
    return;
  }
  glGenTextures(1, &t->tex);
  glBindTexture(target, t->tex);
  glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_MAX_LEVEL, 0);
  if (target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY)
    gl.TexImage3D(target, 0, ifmt, w, h, d, 0, fmt, GL_UNSIGNED_BYTE, t->px);
  else
    glTexImage2D(target, 0, ifmt, w, h, 0, fmt, GL_UNSIGNED_BYTE, t->px);
}

static void b3_attach(GLenum fb, const b3_tex *t, int layer)
{
  if (t->target == GL_RENDERBUFFER)
    gl.FramebufferRenderbuffer(fb, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, t->tex);
  else if (t->target == GL_TEXTURE_3D || t->target == GL_TEXTURE_2D_ARRAY)
    gl.FramebufferTextureLayer(fb, GL_COLOR_ATTACHMENT0, t->tex, 0, layer);
  else
    gl.FramebufferTexture2D(fb, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t->tex, 0);
  if (gl.CheckFramebufferStatus(fb) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("blit_3d_slice: framebuffer of layer %d incomplete", layer);
}

/* One source texel channel in the blit's working space: linear when the switch is on and the
 * source is sRGB, else the stored value / 255. */
static float b3_texel(const b3_tex *s, int layer, int x, int y, int c, int on)
{
  x = x < 0 ? 0 : x >= s->w ? s->w - 1 : x;
  y = y < 0 ? 0 : y >= s->h ? s->h - 1 : y;
  const int v = s->px[(((size_t)layer * s->h + y) * s->w + x) * 4 + c];
  return on && s->srgb && c < 3 ? b3_decode(v) : (float)v / 255.0f;
}

static void b3_check(const char *what, b3_tex *d, int tol);

/* glCopyTexSubImage3D of the w x h rectangle at (x, y) of layer sl of s (the read framebuffer)
 * into slice or layer dl of d at (xo, yo): texels copied unchanged (one format, switch off). */
static void b3_copy(const char *what, b3_tex *s, int sl, b3_tex *d, int dl, int x, int y, int w,
                    int h, int xo, int yo)
{
  GLuint fbo;
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  b3_attach(GL_READ_FRAMEBUFFER, s, sl);
  glBindTexture(d->target, d->tex);
  gl.CopyTexSubImage3D(d->target, 0, xo, yo, dl, x, y, w, h);
  check_gl_error(what);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(1, &fbo);
  for (int j = 0; j < h; j++)
    for (int i = 0; i < w; i++)
      memcpy(d->px + (((size_t)dl * d->h + yo + j) * d->w + xo + i) * 4,
             s->px + (((size_t)sl * s->h + y + j) * s->w + x + i) * 4, 4);
  b3_check(what, d, 0);
}

static void b3_blit(const char *what, b3_tex *s, int sl, b3_tex *d, int dl, const int sb[4],
                    const int db[4], GLenum filter, int on)
{
  GLuint fbo[2];
  gl.GenFramebuffers(2, fbo);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  b3_attach(GL_READ_FRAMEBUFFER, s, sl);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  b3_attach(GL_DRAW_FRAMEBUFFER, d, dl);
  if (on)
    glEnable(GL_FRAMEBUFFER_SRGB);
  gl.BlitFramebuffer(sb[0], sb[1], sb[2], sb[3], db[0], db[1], db[2], db[3],
                     GL_COLOR_BUFFER_BIT, filter);
  glDisable(GL_FRAMEBUFFER_SRGB);
  check_gl_error(what);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(2, fbo);

  /* the model: the source as it was (a blit within one texture reads it before writing) */
  const size_t sbytes = (size_t)s->w * s->h * s->d * 4;
  b3_tex src = *s;
  src.px = malloc(sbytes);
  if (!src.px)
    die_setup("blit_3d_slice: out of memory");
  memcpy(src.px, s->px, sbytes);
  int tol = on && (s->srgb || d->srgb) ? 1 : 0;
  if (filter == GL_LINEAR)
    tol = 2;
  const int dx0 = db[0] < db[2] ? db[0] : db[2], dx1 = db[0] < db[2] ? db[2] : db[0];
  const int dy0 = db[1] < db[3] ? db[1] : db[3], dy1 = db[1] < db[3] ? db[3] : db[1];
  /* destination ascending, the source keeps the relative mirroring */
  const float sx0 = (float)(db[0] < db[2] ? sb[0] : sb[2]), sx1 = (float)(db[0] < db[2] ? sb[2] : sb[0]);
  const float sy0 = (float)(db[1] < db[3] ? sb[1] : sb[3]), sy1 = (float)(db[1] < db[3] ? sb[3] : sb[1]);
  for (int y = dy0 > 0 ? dy0 : 0; y < dy1 && y < d->h; y++)
    for (int x = dx0 > 0 ? dx0 : 0; x < dx1 && x < d->w; x++) {
      const float u = sx0 + ((float)x + 0.5f - (float)dx0) * (sx1 - sx0) / (float)(dx1 - dx0);
      const float v = sy0 + ((float)y + 0.5f - (float)dy0) * (sy1 - sy0) / (float)(dy1 - dy0);
      GLubyte *p = d->px + (((size_t)dl * d->h + y) * d->w + x) * 4;
      for (int c = 0; c < 4; c++) {
        float l;
        if (filter == GL_NEAREST) {
          l = b3_texel(&src, sl, (int)floorf(u), (int)floorf(v), c, on);
        } else {
          const float fu = u - 0.5f, fv = v - 0.5f;
          const int i = (int)floorf(fu), j = (int)floorf(fv);
          const float a = fu - (float)i, b = fv - (float)j;
          l = (1 - a) * (1 - b) * b3_texel(&src, sl, i, j, c, on) +
              a * (1 - b) * b3_texel(&src, sl, i + 1, j, c, on) +
              (1 - a) * b * b3_texel(&src, sl, i, j + 1, c, on) +
              a * b * b3_texel(&src, sl, i + 1, j + 1, c, on);
        }
        p[c] = (GLubyte)(on && d->srgb && c < 3 ? b3_encode(l) : (int)floorf(l * 255.0f + 0.5f));
      }
    }
  free(src.px);
  b3_check(what, d, tol);
}

/* The whole destination texture, every slice, against the model within tol. */
static void b3_check(const char *what, b3_tex *d, int tol)
{
  const size_t dbytes = (size_t)d->w * d->h * d->d * 4;
  GLubyte *back = malloc(dbytes);
  if (!back)
    die_setup("blit_3d_slice: out of memory");
  memset(back, 0xee, dbytes);
  glBindTexture(d->target, d->tex);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(d->target, 0, d->uint ? GL_RGBA_INTEGER : GL_RGBA, GL_UNSIGNED_BYTE, back);
  check_gl_error("glGetTexImage after a blit");
  for (size_t i = 0; i < dbytes; i++)
    if (abs((int)back[i] - (int)d->px[i]) > tol) {
      const size_t t = i / 4;
      fail("%s: texel (%d,%d) of slice %d channel %d: expected %u got %u", what,
           (int)(t % (size_t)d->w), (int)(t / (size_t)d->w % (size_t)d->h),
           (int)(t / ((size_t)d->w * d->h)), (int)(i % 4), d->px[i], back[i]);
      break;
    }
  /* keep the model what the texture holds (within tol), so one miss is reported once */
  memcpy(d->px, back, dbytes);
  free(back);
}

static void sc_blit_3d_slice(void)
{
  b3_tex a3, s3, d2, d3, ds3, a2, ms, u3, u2, ar;
  b3_make(&a3, GL_TEXTURE_3D, GL_RGBA8, 8, 8, 4, 0);
  b3_make(&s3, GL_TEXTURE_3D, GL_SRGB8_ALPHA8, 8, 8, 4, 0);
  b3_make(&d2, GL_TEXTURE_2D, GL_RGBA8, 16, 16, 1, 2);
  b3_make(&d3, GL_TEXTURE_3D, GL_RGBA8, 16, 16, 3, 2);
  b3_make(&ds3, GL_TEXTURE_3D, GL_SRGB8_ALPHA8, 16, 16, 3, 2);
  b3_make(&a2, GL_TEXTURE_2D, GL_RGBA8, 8, 8, 1, 1);
  b3_make(&ms, GL_RENDERBUFFER, GL_RGBA8, 8, 8, 1, 3);
  b3_make(&u3, GL_TEXTURE_3D, GL_RGBA8UI, 8, 8, 4, 0);
  b3_make(&u2, GL_TEXTURE_2D, GL_RGBA8UI, 16, 16, 1, 2);
  b3_make(&ar, GL_TEXTURE_2D_ARRAY, GL_RGBA8, 8, 8, 3, 2);
  check_gl_error("blit_3d_slice textures");
  glDisable(GL_SCISSOR_TEST);
  static const int whole8[4] = {0, 0, 8, 8}, mirror8[4] = {8, 8, 0, 0}, mirror8x[4] = {8, 0, 0, 8};
  static const int twice[4] = {0, 0, 16, 16}, corner[4] = {0, 0, 8, 8}, mid[4] = {4, 4, 12, 12};
  static const int past[4] = {8, 8, 24, 24}; /* half outside the 16x16 destination */
  /* from a 3D slice into a 2D texture */
  b3_blit("3D slice 2 -> 2D, 2x nearest", &a3, 2, &d2, 0, whole8, twice, GL_NEAREST, 0);
  b3_blit("3D slice 1 -> 2D, mirrored", &a3, 1, &d2, 0, mirror8, corner, GL_NEAREST, 0);
  b3_blit("3D slice 3 -> 2D, 2x linear", &a3, 3, &d2, 0, whole8, twice, GL_LINEAR, 0);
  b3_blit("sRGB 3D slice 2 -> 2D, 2x nearest, switch off", &s3, 2, &d2, 0, whole8, twice,
          GL_NEAREST, 0);
  b3_blit("sRGB 3D slice 1 -> 2D, 2x nearest, switch on", &s3, 1, &d2, 0, whole8, twice,
          GL_NEAREST, 1);
  b3_blit("sRGB 3D slice 3 -> 2D, 2x linear, switch off", &s3, 3, &d2, 0, whole8, twice,
          GL_LINEAR, 0);
  b3_blit("sRGB 3D slice 0 -> 2D, mirrored, switch off", &s3, 0, &d2, 0, mirror8, mid,
          GL_NEAREST, 0);
  b3_blit("sRGB 3D slice 2 -> 2D, mirrored, switch on", &s3, 2, &d2, 0, mirror8x, corner,
          GL_NEAREST, 1);
  /* from a 2D texture into a 3D slice */
  b3_blit("2D -> 3D slice 1, 2x nearest", &a2, 0, &d3, 1, whole8, twice, GL_NEAREST, 0);
  b3_blit("2D -> 3D slice 2, mirrored in x", &a2, 0, &d3, 2, mirror8x, mid, GL_NEAREST, 0);
  b3_blit("2D -> 3D slice 0, 2x linear", &a2, 0, &d3, 0, whole8, twice, GL_LINEAR, 0);
  b3_blit("2D -> sRGB 3D slice 0, 2x nearest, switch off", &a2, 0, &ds3, 0, whole8, twice,
          GL_NEAREST, 0);
  b3_blit("2D -> sRGB 3D slice 2, 2x nearest, switch on", &a2, 0, &ds3, 2, whole8, twice,
          GL_NEAREST, 1);
  b3_blit("2D -> sRGB 3D slice 1, mirrored, switch off", &a2, 0, &ds3, 1, mirror8, mid,
          GL_NEAREST, 0);
  /* integer texels (nearest only): from and into slices */
  b3_blit("RGBA8UI 3D slice 2 -> 2D, 2x nearest", &u3, 2, &u2, 0, whole8, twice, GL_NEAREST, 0);
  b3_blit("RGBA8UI 3D slice 1 -> 2D, mirrored", &u3, 1, &u2, 0, mirror8, mid, GL_NEAREST, 0);
  b3_blit("RGBA8UI 3D slice 3 -> slice 0 of itself, 2x nearest, clipped", &u3, 3, &u3, 0,
          corner, past, GL_NEAREST, 0);
  /* glCopyTexSubImage3D: a 3D slice into a 2D array layer, a 2D texture and a 3D slice into
   * 3D slices (the copies reach the server as blits of one texel per texel) */
  b3_copy("glCopyTexSubImage3D 3D slice 2 -> 2D array layer 1", &a3, 2, &ar, 1, 1, 1, 5, 4, 2, 3);
  b3_copy("glCopyTexSubImage3D 2D -> 3D slice 2", &a2, 0, &d3, 2, 0, 0, 8, 8, 3, 4);
  b3_copy("glCopyTexSubImage3D 3D slice 3 -> 3D slice 1 of another", &a3, 3, &d3, 1, 2, 0, 6, 8,
          9, 1);
  b3_copy("glCopyTexSubImage3D sRGB 3D slice 1 -> sRGB 3D slice 2", &s3, 1, &ds3, 2, 0, 0, 8, 8,
          8, 8);
  /* resolves of a 4-sample renderbuffer into a slice */
  b3_blit("4x resolve -> 3D slice 2", &ms, 0, &d3, 2, whole8, mid, GL_NEAREST, 0);
  b3_blit("4x resolve -> 3D slice 1, mirrored", &ms, 0, &d3, 1, mirror8x, corner, GL_NEAREST, 0);
  b3_blit("4x resolve -> sRGB 3D slice 2, switch off", &ms, 0, &ds3, 2, whole8, corner,
          GL_NEAREST, 0);
  /* from a slice of one 3D texture into a slice of another, and within one */
  b3_blit("3D slice 3 -> 3D slice 0, copy", &a3, 3, &d3, 0, whole8, mid, GL_NEAREST, 0);
  b3_blit("3D slice 1 -> 3D slice 2, 2x nearest, clipped", &a3, 1, &d3, 2, whole8, past,
          GL_NEAREST, 0);
  b3_blit("3D slice 0 -> 3D slice 1, 2x linear", &a3, 0, &d3, 1, whole8, twice, GL_LINEAR, 0);
  b3_blit("sRGB 3D slice 2 -> sRGB 3D slice 1, 2x nearest, switch off", &s3, 2, &ds3, 1, whole8,
          twice, GL_NEAREST, 0);
  b3_blit("sRGB 3D slice 3 -> sRGB 3D slice 0, 2x linear, switch off", &s3, 3, &ds3, 0, whole8,
          twice, GL_LINEAR, 0);
  b3_blit("sRGB 3D slice 1 -> sRGB 3D slice 2, 2x nearest, switch on", &s3, 1, &ds3, 2, whole8,
          twice, GL_NEAREST, 1);
  b3_blit("3D slice 0 -> slice 3 of itself, mirrored", &a3, 0, &a3, 3, mirror8, corner,
          GL_NEAREST, 0);
  b3_blit("sRGB 3D slice 1 -> slice 0 of itself, mirrored, switch off", &s3, 1, &s3, 0, mirror8,
          corner, GL_NEAREST, 0);
  b3_tex *all[] = {&a3, &s3, &d2, &d3, &ds3, &a2, &ms, &u3, &u2, &ar};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
    if (all[i]->target == GL_RENDERBUFFER)
      gl.DeleteRenderbuffers(1, &all[i]->tex);
    else
      glDeleteTextures(1, &all[i]->tex);
    free(all[i]->px);
  }
  check_window_cleared("the window (untouched by the framebuffer objects)");
}

/* pack_images: the pixel pack and unpack state in three dimensions (GL 3.3 §3.7.4, §4.3.2,
 * §6.1.4). glGetTexImage of a 3D texture and of a 2D array (packed as three-dimensional:
 * GL_PACK_IMAGE_HEIGHT and GL_PACK_SKIP_IMAGES place the images) and of a cube map face
 * (two-dimensional: those two are ignored), with GL_PACK_ROW_LENGTH, SKIP_ROWS, SKIP_PIXELS
 * and ALIGNMENT 1/2/4/8, as GL_RGB/GL_RGBA bytes and GL_RED shorts, into client memory and
 * into a GL_PIXEL_PACK_BUFFER at an offset; glReadPixels with the same state (image height and
 * skipped images ignored: it packs two-dimensionally). The scenario lays out what GL must
 * write with the same rules in its own code, into a buffer full of sentinel bytes, and
 * compares every byte: nothing outside the packed texels may change. Then the unpack twins:
 * glTexImage3D and glTexSubImage3D of a 3D texture and a 2D array from client memory and from
 * a GL_PIXEL_UNPACK_BUFFER at an offset, with GL_UNPACK_IMAGE_HEIGHT, SKIP_IMAGES and the
 * others, the gaps holding other bytes GL must not read; read back whole. */
typedef struct {
  int align, row_length, skip_pixels, skip_rows, image_height, skip_images;
} pk_state;

/* the texel bytes of (x, y, z): distinct in every channel */
static GLubyte pk_texel(int x, int y, int z, int c)
{
  switch (c) {
  case 0: return (GLubyte)(1 + x + 16 * z);
  case 1: return (GLubyte)(100 + 7 * y + z);
  case 2: return (GLubyte)(250 - x - 3 * y - 11 * z);
  default: return (GLubyte)(50 + 13 * z + x);
  }
}

/* Where GL puts pixel (x, y, z) of a w x h x d block, and the bytes the block spans (from the
 * start of the buffer, skips included). dims 2 ignores image height and skipped images. */
static size_t pk_offset(const pk_state *st, int dims, int w, int h, int n, int s, int x, int y,
                        int z)
{
  const size_t l = (size_t)(st->row_length > 0 ? st->row_length : w);
  const size_t a = (size_t)st->align;
  const size_t row = (n * s * l + a - 1) / a * a;
  const size_t rows = dims == 3 && st->image_height > 0 ? (size_t)st->image_height : (size_t)h;
  const size_t img = (size_t)(dims == 3 ? st->skip_images : 0) + (size_t)z;
  return img * rows * row + (size_t)(st->skip_rows + y) * row +
         (size_t)(st->skip_pixels + x) * (size_t)(n * s);
}

static void pk_set(const pk_state *st, GLenum fb_type, int live)
{
  const GLenum p = fb_type; /* GL_PACK_ALIGNMENT or GL_UNPACK_ALIGNMENT; the rest follow it */
  const int pack = p == GL_PACK_ALIGNMENT;
  glPixelStorei(p, live ? st->align : 4);
  glPixelStorei(pack ? GL_PACK_ROW_LENGTH : GL_UNPACK_ROW_LENGTH, live ? st->row_length : 0);
  glPixelStorei(pack ? GL_PACK_SKIP_PIXELS : GL_UNPACK_SKIP_PIXELS, live ? st->skip_pixels : 0);
  glPixelStorei(pack ? GL_PACK_SKIP_ROWS : GL_UNPACK_SKIP_ROWS, live ? st->skip_rows : 0);
  glPixelStorei(pack ? GL_PACK_IMAGE_HEIGHT : GL_UNPACK_IMAGE_HEIGHT, live ? st->image_height : 0);
  glPixelStorei(pack ? GL_PACK_SKIP_IMAGES : GL_UNPACK_SKIP_IMAGES, live ? st->skip_images : 0);
}

#define PK_SENTINEL 0xa5
#define PK_PBO_OFFSET 24

/* The expected bytes of a pack: sentinels, then every pixel of the w x h x d block at
 * (x0, y0) of the source written where GL puts it. */
static size_t pk_expect(const pk_state *st, int dims, int x0, int y0, int w, int h, int d,
                        GLenum format, GLenum type, GLubyte *out, size_t cap)
{
  const int n = format == GL_RGBA ? 4 : format == GL_RGB ? 3 : 1;
  const int s = type == GL_UNSIGNED_SHORT ? 2 : 1;
  memset(out, PK_SENTINEL, cap);
  size_t end = 0;
  for (int z = 0; z < d; z++)
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        const size_t o = pk_offset(st, dims, w, h, n, s, x, y, z);
        if (o + (size_t)(n * s) > cap)
          die_setup("pack_images: expected layout past %zu bytes", cap);
        for (int c = 0; c < n; c++) {
          const GLubyte v = pk_texel(x0 + x, y0 + y, z, c);
          if (s == 1) {
            out[o + (size_t)c] = v;
          } else {
            const GLushort u = (GLushort)(v * 257);
            memcpy(out + o + 2 * (size_t)c, &u, 2);
          }
        }
        end = o + (size_t)(n * s) > end ? o + (size_t)(n * s) : end;
      }
  return end;
}

static int pk_compare(const char *what, const pk_state *st, const GLubyte *want,
                      const GLubyte *got, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (want[i] != got[i]) {
      fail("%s (align %d, row length %d, skip pixels %d, rows %d, image height %d, skip images "
           "%d): byte %zu expected 0x%02x got 0x%02x%s",
           what, st->align, st->row_length, st->skip_pixels, st->skip_rows, st->image_height,
           st->skip_images, i, want[i], got[i], want[i] == PK_SENTINEL ? " (a sentinel)" : "");
      return 0;
    }
  return 1;
}

static const pk_state pk_states[] = {
    {1, 0, 0, 0, 0, 0}, {2, 7, 1, 2, 5, 1}, {4, 0, 2, 1, 4, 2},
    {8, 6, 0, 3, 6, 0}, {8, 0, 1, 0, 3, 1}, {1, 9, 3, 1, 7, 3},
};
#define PK_N_STATES (int)(sizeof pk_states / sizeof pk_states[0])
#define PK_CAP 8192

static void pack_images_run(int one_d)
{
  enum { TW = 5, TH = 3, TD = 4, AD = 3, CS = 5 };
  GLubyte src[TW * CS * TD * 4];
  /* the 3D texture and the 2D array: texel (x, y, z) */
  GLuint tex[5];
  glGenTextures(5, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  for (int z = 0; z < TD; z++)
    for (int y = 0; y < TH; y++)
      for (int x = 0; x < TW; x++)
        for (int c = 0; c < 4; c++)
          src[((z * TH + y) * TW + x) * 4 + c] = pk_texel(x, y, z, c);
  glBindTexture(GL_TEXTURE_3D, tex[0]);
  gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, TW, TH, TD, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex[1]);
  gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, TW, TH, AD, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
  /* level 1 of a second 3D texture (2x1x2: its depth minifies too) */
  glBindTexture(GL_TEXTURE_3D, tex[3]);
  gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, TW, TH, TD, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  for (int z = 0; z < 2; z++)
    for (int x = 0; x < 2; x++)
      for (int c = 0; c < 4; c++)
        src[(z * 2 + x) * 4 + c] = pk_texel(x, 0, z, c);
  gl.TexImage3D(GL_TEXTURE_3D, 1, GL_RGBA8, 2, 1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
  /* a 1D array of TH layers: packed as a two-dimensional image, layer y its row y */
  for (int y = 0; y < TH; y++)
    for (int x = 0; x < TW; x++)
      for (int c = 0; c < 4; c++)
        src[(y * TW + x) * 4 + c] = pk_texel(x, y, 0, c);
  glBindTexture(GL_TEXTURE_1D_ARRAY, tex[4]);
  glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, TW, TH, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
  /* the cube map: face +Y holds texel (x, y, 0), the others zeros */
  for (int y = 0; y < CS; y++)
    for (int x = 0; x < CS; x++)
      for (int c = 0; c < 4; c++)
        src[(y * CS + x) * 4 + c] = pk_texel(x, y, 0, c);
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex[2]);
  static GLubyte zeros[CS * CS * 4];
  for (int f = 0; f < 6; f++)
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA8, CS, CS, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, f == 2 ? src : zeros);
  check_gl_error("pack_images textures");

  static const struct {
    GLenum target, bind;
    int tex, level, w, h, d, dims;
    const char *name;
  } targets[] = {
      {GL_TEXTURE_3D, GL_TEXTURE_3D, 0, 0, TW, TH, TD, 3, "3D"},
      {GL_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_ARRAY, 1, 0, TW, TH, AD, 3, "2D array"},
      {GL_TEXTURE_CUBE_MAP_POSITIVE_Y, GL_TEXTURE_CUBE_MAP, 2, 0, CS, CS, 1, 2, "cube face +Y"},
      {GL_TEXTURE_3D, GL_TEXTURE_3D, 3, 1, 2, 1, 2, 3, "3D level 1"},
      {GL_TEXTURE_1D_ARRAY, GL_TEXTURE_1D_ARRAY, 4, 0, TW, TH, 1, 2, "1D array"},
  };
  static const struct {
    GLenum format, type;
    const char *name;
  } fmts[] = {{GL_RGB, GL_UNSIGNED_BYTE, "RGB bytes"},
              {GL_RGBA, GL_UNSIGNED_BYTE, "RGBA bytes"},
              {GL_RED, GL_UNSIGNED_SHORT, "RED shorts"}};
  GLubyte *want = malloc(PK_CAP), *got = malloc(PK_CAP);
  if (!want || !got)
    die_setup("pack_images: out of memory");
  GLuint pbo;
  gl.GenBuffers(1, &pbo);
  char what[160];
  for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++)
    for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++)
      for (int k = 0; k < PK_N_STATES; k++)
        for (int into_pbo = 0; into_pbo < 2; into_pbo++) {
          if ((targets[t].bind == GL_TEXTURE_1D_ARRAY) != one_d)
            continue;
          const pk_state *st = &pk_states[k];
          const size_t end = pk_expect(st, targets[t].dims, 0, 0, targets[t].w, targets[t].h,
                                       targets[t].d, fmts[f].format, fmts[f].type, want, PK_CAP);
          const size_t span = end + 64; /* sentinels past the end too */
          snprintf(what, sizeof what, "glGetTexImage of the %s as %s into %s", targets[t].name,
                   fmts[f].name, into_pbo ? "a pack buffer at 24" : "client memory");
          glBindTexture(targets[t].bind, tex[targets[t].tex]);
          pk_set(st, GL_PACK_ALIGNMENT, 1);
          if (!into_pbo) {
            memset(got, PK_SENTINEL, span);
            glGetTexImage(targets[t].target, targets[t].level, fmts[f].format, fmts[f].type, got);
          } else {
            memset(got, PK_SENTINEL, span + PK_PBO_OFFSET);
            gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
            gl.BufferData(GL_PIXEL_PACK_BUFFER, (GLsizeiptr)(span + PK_PBO_OFFSET), got,
                          GL_STREAM_READ);
            glGetTexImage(targets[t].target, targets[t].level, fmts[f].format, fmts[f].type,
                          (void *)(uintptr_t)PK_PBO_OFFSET);
            gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, (GLsizeiptr)(span + PK_PBO_OFFSET), got);
            gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
            for (int i = 0; i < PK_PBO_OFFSET; i++)
              if (got[i] != PK_SENTINEL) {
                fail("%s: byte %d before the offset changed", what, i);
                break;
              }
            memmove(got, got + PK_PBO_OFFSET, span);
          }
          pk_set(st, GL_PACK_ALIGNMENT, 0);
          check_gl_error(what);
          pk_compare(what, st, want, got, span);
        }

  GLubyte *back = NULL, *model3 = NULL;
  GLuint utex[3] = {0}, upbo = 0;
  if (one_d)
    goto done;
  /* glReadPixels of a 4x2 rectangle at (1, 1) of a framebuffer holding the 3D texture's
   * slice 0: the image height and skipped images must be ignored */
  GLuint fbo;
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0, 0);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("pack_images: framebuffer incomplete");
  for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++)
    for (int k = 0; k < PK_N_STATES; k++)
      for (int into_pbo = 0; into_pbo < 2; into_pbo++) {
        const pk_state *st = &pk_states[k];
        const size_t end =
            pk_expect(st, 2, 1, 1, 4, 2, 1, fmts[f].format, fmts[f].type, want, PK_CAP);
        const size_t span = end + 64;
        snprintf(what, sizeof what, "glReadPixels as %s into %s", fmts[f].name,
                 into_pbo ? "a pack buffer at 24" : "client memory");
        pk_set(st, GL_PACK_ALIGNMENT, 1);
        memset(got, PK_SENTINEL, span + PK_PBO_OFFSET);
        if (!into_pbo) {
          glReadPixels(1, 1, 4, 2, fmts[f].format, fmts[f].type, got);
        } else {
          gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
          gl.BufferData(GL_PIXEL_PACK_BUFFER, (GLsizeiptr)(span + PK_PBO_OFFSET), got,
                        GL_STREAM_READ);
          glReadPixels(1, 1, 4, 2, fmts[f].format, fmts[f].type,
                       (void *)(uintptr_t)PK_PBO_OFFSET);
          gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, (GLsizeiptr)(span + PK_PBO_OFFSET), got);
          gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
          for (int i = 0; i < PK_PBO_OFFSET; i++)
            if (got[i] != PK_SENTINEL) {
              fail("%s: byte %d before the offset changed", what, i);
              break;
            }
          memmove(got, got + PK_PBO_OFFSET, span);
        }
        pk_set(st, GL_PACK_ALIGNMENT, 0);
        check_gl_error(what);
        pk_compare(what, st, want, got, span);
      }
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(1, &fbo);

  /* unpack: the source bytes laid out by the unpack state, the gaps holding 0x3c (never
   * read); glTexImage3D of the whole texture, then glTexSubImage3D of a 2x2x2 box at
   * (2, 1, 1) whose texels are (x + 2, y + 1, z + 1) + 1 in every channel */
  static const struct {
    GLenum format;
    int n;
    const char *name;
  } ufmts[] = {{GL_RGBA, 4, "RGBA bytes"}, {GL_RGB, 3, "RGB bytes"}};
  glGenTextures(3, utex);
  gl.GenBuffers(1, &upbo);
  back = malloc(PK_CAP), model3 = malloc(PK_CAP);
  if (!back || !model3)
    die_setup("pack_images: out of memory");
  for (int arr = 0; arr < 3; arr++) /* 3D, 2D array, 2D (image height and skips ignored) */
    for (size_t f = 0; f < sizeof ufmts / sizeof ufmts[0]; f++)
      for (int k = 0; k < PK_N_STATES; k++)
        for (int from_pbo = 0; from_pbo < 2; from_pbo++) {
          const pk_state *st = &pk_states[k];
          const GLenum target = arr == 2 ? GL_TEXTURE_2D : arr ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_3D;
          const int td = arr == 2 ? 1 : TD, dims = arr == 2 ? 2 : 3;
          const int n = ufmts[f].n;
          snprintf(what, sizeof what, "glTex(Sub)Image of a %s from %s as %s",
                   arr == 2 ? "2D texture" : arr ? "2D array" : "3D texture", from_pbo ? "an unpack buffer at 24"
                                                             : "client memory", ufmts[f].name);
          glBindTexture(target, utex[arr]);
          for (int sub = 0; sub < 2; sub++) {
            const int w = sub ? 2 : TW, h = sub ? 2 : TH, d = sub ? (arr == 2 ? 1 : 2) : td;
            const int ox = sub ? 2 : 0, oy = sub ? 1 : 0, oz = sub && arr != 2 ? 1 : 0;
            memset(want, 0x3c, PK_CAP);
            size_t end = 0;
            for (int z = 0; z < d; z++)
              for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                  const size_t o = pk_offset(st, dims, w, h, n, 1, x, y, z);
                  for (int c = 0; c < n; c++) {
                    const GLubyte v = pk_texel(ox + x, oy + y, oz + z, c);
                    want[o + (size_t)c] = (GLubyte)(v + sub);
                  }
                  end = o + (size_t)n > end ? o + (size_t)n : end;
                }
            pk_set(st, GL_UNPACK_ALIGNMENT, 1);
            const GLubyte *ptr = want;
            if (from_pbo) {
              gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, upbo);
              gl.BufferData(GL_PIXEL_UNPACK_BUFFER, (GLsizeiptr)(end + PK_PBO_OFFSET), NULL,
                            GL_STREAM_DRAW);
              gl.BufferSubData(GL_PIXEL_UNPACK_BUFFER, PK_PBO_OFFSET, (GLsizeiptr)end, want);
              ptr = (const GLubyte *)(uintptr_t)PK_PBO_OFFSET;
            }
            if (arr == 2 && !sub)
              glTexImage2D(target, 0, GL_RGBA8, w, h, 0, ufmts[f].format, GL_UNSIGNED_BYTE, ptr);
            else if (arr == 2)
              glTexSubImage2D(target, 0, ox, oy, w, h, ufmts[f].format, GL_UNSIGNED_BYTE, ptr);
            else if (!sub)
              gl.TexImage3D(target, 0, GL_RGBA8, w, h, d, 0, ufmts[f].format, GL_UNSIGNED_BYTE,
                            ptr);
            else
              gl.TexSubImage3D(target, 0, ox, oy, oz, w, h, d, ufmts[f].format,
                               GL_UNSIGNED_BYTE, ptr);
            gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
            pk_set(st, GL_UNPACK_ALIGNMENT, 0);
          }
          check_gl_error(what);
          /* the model: every texel, the box one more in each channel; RGB's alpha is 1 */
          for (int z = 0; z < td; z++)
            for (int y = 0; y < TH; y++)
              for (int x = 0; x < TW; x++)
                for (int c = 0; c < 4; c++) {
                  const int in_box = x >= 2 && x < 4 && y >= 1 && y < 3 &&
                                     (arr == 2 || (z >= 1 && z < 3));
                  model3[((z * TH + y) * TW + x) * 4 + c] =
                      c == 3 && n == 3 ? 255 : (GLubyte)(pk_texel(x, y, z, c) + in_box);
                }
          const size_t bytes = (size_t)TW * TH * td * 4;
          memset(back, 0xee, bytes);
          glPixelStorei(GL_PACK_ALIGNMENT, 1);
          glGetTexImage(target, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
          glPixelStorei(GL_PACK_ALIGNMENT, 4);
          check_gl_error(what);
          pk_compare(what, st, model3, back, bytes);
        }
done:
  free(back);
  free(model3);
  free(want);
  free(got);
  gl.DeleteBuffers(1, &pbo);
  if (!one_d) {
    gl.DeleteBuffers(1, &upbo);
    glDeleteTextures(3, utex);
  }
  glDeleteTextures(5, tex);
  check_window_cleared("the window (untouched by the framebuffer object)");
}

static void sc_pack_images(void)
{
  pack_images_run(0);
}

/* pack_1d_array: glGetTexImage of a 1D array texture with the pack state of pack_images. GL
 * 3.3 §6.1.4 packs a 1D array as a two-dimensional image, its layers the rows, so
 * GL_PACK_IMAGE_HEIGHT and GL_PACK_SKIP_IMAGES are ignored and layer y is row y. */
static void sc_pack_1d_array(void)
{
  pack_images_run(1);
}

/* sampler_params: sampler objects' parameters drawn with (GL 3.3 §3.8.2), where sampler_objects
 * checks their queries. One 8x8 cell each: on a mipmapped texture whose levels are solid
 * colours (L0 grey, L1 red, L2 green, L3 blue), a sampler's GL_TEXTURE_MIN_LOD 2 (textureLod
 * 0 gives L2), GL_TEXTURE_MAX_LOD 1 (textureLod 3 gives L1) and GL_TEXTURE_LOD_BIAS 2 (texture()
 * at lambda 0 gives L2), the texture's own parameters left at their defaults; a sampler's
 * border colour in each form (glSamplerParameterfv on RGBA8, glSamplerParameterIiv on RGBA8I,
 * glSamplerParameterIuiv on RGBA8UI) with GL_CLAMP_TO_BORDER; and a depth cube map (0.5 on
 * every face) through samplerCubeShadow with a sampler's COMPARE_REF_TO_TEXTURE / GL_LEQUAL:
 * reference 0.25 gives 1, reference 0.75 gives 0. */
static void sc_sampler_params(void)
{
  const char *fs = "#version 330 core\n"
                   "uniform sampler2D u_tex;\n"
                   "uniform isampler2D u_itex;\n"
                   "uniform usampler2D u_utex;\n"
                   "uniform samplerCubeShadow u_cube;\n"
                   "uniform vec2 u_origin;\n"
                   "uniform float u_lod;\n"
                   "uniform int u_mode;\n"
                   "out vec4 o_color;\n"
                   "void main() {\n"
                   "  vec2 uv = (gl_FragCoord.xy - u_origin) / 8.0;\n"
                   "  if (u_mode == 0) o_color = textureLod(u_tex, uv, u_lod);\n"
                   "  else if (u_mode == 1) o_color = texture(u_tex, uv);\n"
                   "  else if (u_mode == 2) o_color = texture(u_tex, vec2(-2.0));\n"
                   "  else if (u_mode == 3) o_color = (vec4(texture(u_itex, vec2(-2.0))) + 5.0) / 255.0;\n"
                   "  else if (u_mode == 4) o_color = vec4(texture(u_utex, vec2(-2.0))) / 255.0;\n"
                   "  else o_color = vec4(vec3(texture(u_cube, vec4(0.3, -1.0, 0.2, u_lod))), 1.0);\n"
                   "}\n";
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  GLuint p = link_program(VS_PIXELS, fs);
  gl.UseProgram(p);
  gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(p, "u_z"), 0.0f);
  gl.Uniform1i(uloc(p, "u_tex"), 0);
  gl.Uniform1i(uloc(p, "u_itex"), 1);
  gl.Uniform1i(uloc(p, "u_utex"), 2);
  gl.Uniform1i(uloc(p, "u_cube"), 3);
  const GLint uorg = uloc(p, "u_origin"), ulod = uloc(p, "u_lod"), umode = uloc(p, "u_mode");
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  static const GLubyte lc[4][4] = {{51, 51, 51, 255}, {255, 0, 0, 255}, {0, 255, 0, 255},
                                   {0, 0, 255, 255}};
  GLubyte img[8 * 8 * 4];
  GLuint tex[4];
  glGenTextures(4, tex);
  gl.ActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  for (int l = 0; l < 4; l++) {
    const int sz = 8 >> l;
    for (int i = 0; i < sz * sz; i++)
      memcpy(&img[4 * i], lc[l], 4);
    glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, sz, sz, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
  }
  const GLbyte ib[4] = {1, 2, 3, 4};
  const GLubyte ub[4] = {1, 2, 3, 4};
  gl.ActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8I, 1, 1, 0, GL_RGBA_INTEGER, GL_BYTE, ib);
  gl.ActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, tex[2]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, ub);
  gl.ActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex[3]);
  const GLfloat half = 0.5f;
  for (int f = 0; f < 6; f++)
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_DEPTH_COMPONENT32F, 1, 1, 0,
                 GL_DEPTH_COMPONENT, GL_FLOAT, &half);
  check_gl_error("textures");

  /* samplers: 0 MIN_LOD, 1 MAX_LOD, 2 LOD_BIAS, 3 float border, 4 int, 5 uint, 6 shadow */
  GLuint sm[7];
  gl.GenSamplers(7, sm);
  for (int i = 0; i < 7; i++) {
    gl.SamplerParameteri(sm[i], GL_TEXTURE_MIN_FILTER, i < 3 ? GL_NEAREST_MIPMAP_NEAREST
                                                             : GL_NEAREST);
    gl.SamplerParameteri(sm[i], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    if (i >= 3 && i < 6) {
      gl.SamplerParameteri(sm[i], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
      gl.SamplerParameteri(sm[i], GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    }
  }
  gl.SamplerParameterf(sm[0], GL_TEXTURE_MIN_LOD, 2.0f);
  gl.SamplerParameterf(sm[1], GL_TEXTURE_MAX_LOD, 1.0f);
  gl.SamplerParameterf(sm[2], GL_TEXTURE_LOD_BIAS, 2.0f);
  const GLfloat bf[4] = {0.2f, 0.4f, 0.6f, 0.8f};
  gl.SamplerParameterfv(sm[3], GL_TEXTURE_BORDER_COLOR, bf);
  const GLint bi[4] = {-5, 7, 100, 1};
  gl.SamplerParameterIiv(sm[4], GL_TEXTURE_BORDER_COLOR, bi);
  const GLuint bu[4] = {10, 20, 30, 40};
  gl.SamplerParameterIuiv(sm[5], GL_TEXTURE_BORDER_COLOR, bu);
  gl.SamplerParameteri(sm[6], GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  gl.SamplerParameteri(sm[6], GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  gl.BindSampler(3, sm[6]);
  check_gl_error("samplers");

  struct { int unit; GLuint sampler; int mode; float lod; rgba8 want; } c[8] = {
      {0, sm[0], 0, 0.0f, {{0, 255, 0, 255}}},       {0, sm[1], 0, 3.0f, {{255, 0, 0, 255}}},
      {0, sm[2], 1, 0.0f, {{0, 255, 0, 255}}},       {0, sm[3], 2, 0.0f, {{51, 102, 153, 204}}},
      {1, sm[4], 3, 0.0f, {{0, 12, 105, 6}}},        {2, sm[5], 4, 0.0f, {{10, 20, 30, 40}}},
      {3, sm[6], 5, 0.25f, {{255, 255, 255, 255}}},  {3, sm[6], 5, 0.75f, {{0, 0, 0, 255}}}};
  model md;
  model_init(&md, bg);
  mesh m[8];
  for (int i = 0; i < 8; i++) {
    const int x0 = 4 + 16 * (i % 4), y0 = i < 4 ? 40 : 12;
    float q[12];
    rect_vertices(q, (float)x0, (float)y0, (float)(x0 + 8), (float)(y0 + 8));
    m[i] = make_mesh(q, 6);
    gl.BindSampler((GLuint)c[i].unit, c[i].sampler);
    gl.Uniform2f(uorg, (float)x0, (float)y0);
    gl.Uniform1f(ulod, c[i].lod);
    gl.Uniform1i(umode, c[i].mode);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    model_rect(&md, x0, y0, x0 + 8, y0 + 8, c[i].want);
  }
  check_gl_error("sampled draws");
  check_frame("sampler object parameters", &md);
  for (int u = 0; u < 4; u++)
    gl.BindSampler((GLuint)u, 0);
  gl.DeleteSamplers(7, sm);
  for (int i = 0; i < 8; i++) {
    gl.DeleteBuffers(1, &m[i].vbo);
    gl.DeleteVertexArrays(1, &m[i].vao);
  }
  glDeleteTextures(4, tex);
  gl.ActiveTexture(GL_TEXTURE0);
  gl.DeleteProgram(p);
}


/* xfb_block_array: transform feedback of members of an array of interface blocks, named as GL
 * 3.3 §2.11.8 names them, by block name and element ("Blk[1].x"): out Blk { float x; vec2 y; }
 * blk[2], captured interleaved as Blk[1].x, Blk[0].y, Blk[1].y (5 words a vertex, each a
 * distinct exact value), read back byte for byte; glGetTransformFeedbackVarying names and
 * types; an element past the array ("Blk[2].x") fails to link. */
static void sc_xfb_block_array(void)
{
  static const char *vs_src = "#version 330 core\n"
                              "out Blk { float x; vec2 y; } blk[2];\n"
                              "void main() {\n"
                              "  float k = float(gl_VertexID * 100);\n"
                              "  blk[0].x = k + 1.0; blk[0].y = vec2(k + 2.0, k + 3.0);\n"
                              "  blk[1].x = k + 11.0; blk[1].y = vec2(k + 12.0, k + 13.0);\n"
                              "  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
                              "}\n";
  static const char *names[] = {"Blk[1].x", "Blk[0].y", "Blk[1].y"};
  static const char *bad[] = {"Blk[2].x"};
  enum { WORDS = 5, N = 3 };
  GLuint p = 0;
  for (int pass = 0; pass < 2; pass++) {
    GLuint vs = compile(GL_VERTEX_SHADER, vs_src);
    GLuint fs = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
    GLuint q = gl.CreateProgram();
    gl.AttachShader(q, vs);
    gl.AttachShader(q, fs);
    gl.TransformFeedbackVaryings(q, pass ? 1 : 3, pass ? bad : names, GL_INTERLEAVED_ATTRIBS);
    gl.LinkProgram(q);
    gl.DeleteShader(vs);
    gl.DeleteShader(fs);
    GLint ok = 0;
    gl.GetProgramiv(q, GL_LINK_STATUS, &ok);
    if (pass == 1) {
      if (ok)
        fail("capturing Blk[2].x of Blk blk[2] linked");
      gl.DeleteProgram(q);
    } else if (!ok) {
      char log[4096] = "";
      gl.GetProgramInfoLog(q, sizeof log, NULL, log);
      fail("capturing members of Blk blk[2] failed to link: %s", log);
      gl.DeleteProgram(q);
      readback();
      return;
    } else {
      p = q;
    }
  }
  check_gl_error("links");
  GLsizei len = 0, size = 0;
  GLenum type = 0;
  char nb[32] = "";
  gl.GetTransformFeedbackVarying(p, 0, sizeof nb, &len, &size, &type, nb);
  if (strcmp(nb, "Blk[1].x") || size != 1 || type != GL_FLOAT)
    fail("varying 0 = %s (size %d type 0x%x), expected Blk[1].x float", nb, size, type);
  gl.GetTransformFeedbackVarying(p, 2, sizeof nb, &len, &size, &type, nb);
  if (strcmp(nb, "Blk[1].y") || size != 1 || type != GL_FLOAT_VEC2)
    fail("varying 2 = %s (size %d type 0x%x), expected Blk[1].y vec2", nb, size, type);
  GLuint vao, b = xfb_buffer(N * WORDS * 4 + 16);
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.UseProgram(p);
  gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 0, N * WORDS * 4);
  glEnable(GL_RASTERIZER_DISCARD);
  gl.BeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_TRIANGLES, 0, N);
  gl.EndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  check_gl_error("capture of the block members");
  float got[N * WORDS + 4], want[N * WORDS];
  read_buffer(b, 0, sizeof got, got);
  for (int vx = 0; vx < N; vx++) {
    const float k = (float)(vx * 100), w[WORDS] = {k + 11, k + 2, k + 3, k + 12, k + 13};
    memcpy(want + vx * WORDS, w, sizeof w);
  }
  for (int w = 0; w < N * WORDS; w++)
    if (memcmp(&got[w], &want[w], 4)) {
      fail("captured word %d (vertex %d) = %g, expected %g", w, w / WORDS, got[w], want[w]);
      break;
    }
  check_sentinel("past the capture", (const unsigned char *)(got + N * WORDS), 16);
  gl.UseProgram(0);
  gl.DeleteProgram(p);
  gl.DeleteVertexArrays(1, &vao);
  gl.DeleteBuffers(1, &b);
  const vec4f bg = V4(0.0f, 0.2f, 0.4f, 1.0f);
  clear_to(bg);
  model m;
  model_init(&m, bg);
  check_frame("the frame (nothing rasterized)", &m);
}

/* blit_stencil_drawn: stencil blits of the shapes Vulkan's transfer commands cannot do, checked
 * by exact stencil values read back with glReadPixels(GL_STENCIL_INDEX). The source is a
 * single-sample DEPTH24_STENCIL8 buffer: stencil 0x11, a rectangle [8,40)x[16,48) of 0x5a and
 * over it [16,56)x[4,28) of 0xc3 (drawn with GL_REPLACE). With the stencil write mask at 0x0f
 * and depth writes off (a blit ignores both: only the pixel ownership and scissor tests affect
 * it):
 * 1. stencil only, mirrored in x, into a 4-sample buffer cleared to depth 0.25 (depth kept);
 * 2. depth and stencil of that, mirrored in y, into a second 4-sample buffer (depth 0.75);
 * each resolved into a single-sample buffer and read back (the source, too, is read back first);
 * 3. stencil through a 131072x64 box, (0,0,32,32) -> (-65536,0,65536,64) under a scissor
 *    [0,32), and mirrored (32,0,0,32) under [32,64): pixel (x, y) takes source pixel
 *    (16, y / 2), mirrored (15, y / 2). */
static uint8_t bsd_src(int x, int y)
{
  if (x >= 16 && x < 56 && y >= 4 && y < 28)
    return 0xc3;
  if (x >= 8 && x < 40 && y >= 16 && y < 48)
    return 0x5a;
  return 0x11;
}

static int bsd_check(const char *what, float wz, int mode)
{
  static float z[W * H];
  static uint8_t st[W * H];
  memset(st, 0xee, sizeof st);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
  if (wz >= 0.0f)
    glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, z);
  check_gl_error(what);
  int bad = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const uint8_t ws = mode == 0   ? bsd_src(W - 1 - x, y)
                         : mode == 1 ? bsd_src(W - 1 - x, H - 1 - y)
                         : mode == 2 ? bsd_src(x < 32 ? 16 : 15, y / 2)
                                     : bsd_src(x, y);
      const bool zbad = wz >= 0.0f && fabsf(z[y * W + x] - wz) > 1e-6f;
      if ((st[y * W + x] != ws || zbad) && bad++ < 6)
        fail("%s: pixel (%d,%d): stencil 0x%02x depth %.7f, expected 0x%02x depth %.2f", what, x, y,
             st[y * W + x], wz >= 0.0f ? z[y * W + x] : 0.0f, ws, wz);
    }
  printf("  %s: %d pixels read, %d wrong\n", what, W * H, bad);
  g_failures += bad > 6 ? bad - 6 : 0;
  return bad;
}

static void sc_blit_stencil_drawn(void)
{
  GLuint rb[6], fbo[5];
  gl.GenRenderbuffers(6, rb);
  gl.GenFramebuffers(5, fbo);
  const int samples[5] = {0, 4, 4, 0, 0};
  const double depth[5] = {1.0, 0.25, 0.75, 1.0, 1.0};
  for (int i = 0; i < 5; i++) {
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
    gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples[i], GL_DEPTH24_STENCIL8, W, H);
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
                               rb[i]);
    if (i == 0) {
      /* the source is drawn into: it has a colour buffer too */
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[5]);
      gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_RGBA8, W, H);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[5]);
    } else {
      glDrawBuffer(GL_NONE);
      glReadBuffer(GL_NONE);
    }
    if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("depth/stencil framebuffer %d incomplete", i);
    glClearDepth(depth[i]);
    glClearStencil(i == 0 ? 0x11 : 0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  }
  glClearDepth(1.0);
  glClearStencil(0);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
  glViewport(0, 0, W, H);
  GLuint p = solid_program();
  float v[24];
  rect_vertices(v, 8, 16, 40, 48);
  rect_vertices(v + 12, 16, 4, 56, 28);
  mesh m = make_mesh(v, 12);
  set_vec4(p, "u_color", V4(1.0f, 1.0f, 1.0f, 1.0f));
  glEnable(GL_STENCIL_TEST);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  glStencilFunc(GL_ALWAYS, 0x5a, 0xff);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glStencilFunc(GL_ALWAYS, 0xc3, 0xff);
  glDrawArrays(GL_TRIANGLES, 6, 6);
  glDisable(GL_STENCIL_TEST);
  check_gl_error("stencil drawn into the source");
  /* the source itself first: a wrong blit below is then the blit's */
  bsd_check("the source as drawn", -1.0f, 3);
  /* masks a blit ignores */
  glStencilMask(0x0f);
  glDepthMask(GL_FALSE);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(0, 0, W, H, W, 0, 0, H, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
  gl.BlitFramebuffer(0, 0, W, H, 0, H, W, 0, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
                     GL_NEAREST);
  check_gl_error("mirrored stencil blits into 4-sample buffers");
  for (int i = 0; i < 2; i++) {
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1 + i]);
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[3]);
    gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
                       GL_NEAREST);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[3]);
    bsd_check(i ? "4-sample -> 4-sample mirrored in y, resolved"
                : "single-sample -> 4-sample stencil only mirrored in x, resolved",
              0.25f, i);
  }
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[4]);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 32, H);
  gl.BlitFramebuffer(0, 0, 32, 32, -65536, 0, 65536, 64, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
  glScissor(32, 0, 32, H);
  gl.BlitFramebuffer(32, 0, 0, 32, -65536, 0, 65536, 64, GL_STENCIL_BUFFER_BIT, GL_NEAREST);
  glDisable(GL_SCISSOR_TEST);
  glScissor(0, 0, W, H);
  glStencilMask(0xff);
  glDepthMask(GL_TRUE);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[4]);
  bsd_check("stencil through a 131072x64 box, and mirrored", -1.0f, 2);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(5, fbo);
  gl.DeleteRenderbuffers(6, rb);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteProgram(p);
  clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
}

/* blit_1d_dst: a 2D RGBA8 texture of 4-pixel vertical stripes (stripe k has colour
 * (16k, 255 - 16k, 8k + 3, 255), rows y >= 32 cleared white), its row 20 blitted into a 64-texel
 * 1D RGBA8 texture's framebuffer mirrored and scaled 2x, nearest: (0,20,32,21) ->
 * (64,0,0,1), so texel x takes source pixel 31 - x / 2; then (0,40,64,41) -> (0,0,16,1) under a
 * scissor [4,12) (scaled 1/4: texel x takes source pixel 4x + 2). Read back with glReadPixels
 * and glGetTexImage. With MGL_TEST_VK_NO_BLIT_FORMATS=1 (gate.blit_draw) both are drawn into
 * the 1D image. */
static void sc_blit_1d_dst(void)
{
  GLuint tex[2], fbo[2];
  glGenTextures(2, tex);
  gl.GenFramebuffers(2, fbo);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glBindTexture(GL_TEXTURE_1D, tex[1]);
  glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    fail("2D framebuffer incomplete");
  glEnable(GL_SCISSOR_TEST);
  for (int k = 0; k < W / 4; k++) {
    glScissor(4 * k, 0, 4, 32);
    glClearColor((float)(16 * k) / 255.0f, (float)(255 - 16 * k) / 255.0f,
                 (float)(8 * k + 3) / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  glScissor(0, 32, W, 32);
  glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
  gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, tex[1], 0);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    fail("1D framebuffer incomplete");
  glScissor(0, 0, 64, 1);
  glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(0, 20, 32, 21, 64, 0, 0, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glEnable(GL_SCISSOR_TEST);
  glScissor(4, 0, 8, 1);
  gl.BlitFramebuffer(0, 40, 64, 41, 0, 0, 16, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glDisable(GL_SCISSOR_TEST);
  glScissor(0, 0, W, H);
  check_gl_error("blits into a 1D texture");
  GLubyte px[64][4], tx[64][4];
  memset(px, 0xee, sizeof px);
  memset(tx, 0xee, sizeof tx);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
  glReadPixels(0, 0, 64, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  glBindTexture(GL_TEXTURE_1D, tex[1]);
  glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, tx);
  check_gl_error("1D read back");
  int bad = 0;
  for (int x = 0; x < 64; x++) {
    /* the second blit's texels (row 40 is white) inside its scissor, else the first's */
    const int k = (31 - x / 2) / 4;
    const bool white = x >= 4 && x < 12;
    const GLubyte w[4] = {white ? 255 : (GLubyte)(16 * k), white ? 255 : (GLubyte)(255 - 16 * k),
                          white ? 255 : (GLubyte)(8 * k + 3), 255};
    if ((memcmp(px[x], w, 4) || memcmp(tx[x], w, 4)) && bad++ < 6)
      fail("1D texel pixel (%d,0): read %u,%u,%u,%u, texture %u,%u,%u,%u, expected %u,%u,%u,%u",
           x, px[x][0], px[x][1], px[x][2], px[x][3], tx[x][0], tx[x][1], tx[x][2], tx[x][3],
           w[0], w[1], w[2], w[3]);
  }
  printf("  64 1D texels read two ways, %d wrong\n", bad);
  g_failures += bad > 6 ? bad - 6 : 0;
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(2, fbo);
  glDeleteTextures(2, tex);
}

/* blit_1d_src: a 64-texel 1D RGBA8 texture (texel i = (4i, 255 - 4i, 2i + 1, 255)) as the read
 * framebuffer's colour buffer, blitted nearest:
 * 1. mirrored and stretched to rows [8,40) of a 4-sample RGBA8 renderbuffer (a single-sample
 *    source into a multisampled buffer: drawn), resolved into a 2D RGBA8 texture: pixel x of
 *    those rows takes texel 63 - x;
 * 2. its box (-32,0,32,1) scaled 2x to (0,50,32,51) of that 2D texture: the box leaves the 1D
 *    image, pixel x takes texel 2x - 31, and x < 16 (source outside) is not written;
 * 3. mirrored and halved into a second 1D texture: (64,0,0,1) -> (0,0,32,1), texel x takes
 *    texel 63 - 2x (texels 32..63 keep their clear colour).
 * Everything else is the clear colour (0, 0, 0, 255). Read with glReadPixels. With
 * MGL_TEST_VK_NO_BLIT_FORMATS=1 (gate.blit_draw) the blits are drawn from the 1D image too. */
static GLubyte b1s_texel(int i, int c)
{
  const GLubyte t[4] = {(GLubyte)(4 * i), (GLubyte)(255 - 4 * i), (GLubyte)(2 * i + 1), 255};
  return t[c];
}

static void sc_blit_1d_src(void)
{
  GLuint tex[3], rb, fbo[4];
  glGenTextures(3, tex);
  gl.GenRenderbuffers(1, &rb);
  gl.GenFramebuffers(4, fbo);
  GLubyte texels[64][4];
  for (int i = 0; i < 64; i++)
    for (int c = 0; c < 4; c++)
      texels[i][c] = b1s_texel(i, c);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  for (int i = 0; i < 2; i++) {
    glBindTexture(GL_TEXTURE_1D, tex[i]);
    glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, i ? NULL : texels);
  }
  glBindTexture(GL_TEXTURE_2D, tex[2]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
  for (int i = 0; i < 4; i++) {
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
    if (i < 2)
      gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, tex[i], 0);
    else if (i == 2)
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    else
      gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[2], 0);
    if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("framebuffer %d incomplete", i);
    if (i)
      clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
  }
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[2]);
  gl.BlitFramebuffer(0, 0, 64, 1, 64, 8, 0, 9, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[2]);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[3]);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
  gl.BlitFramebuffer(-32, 0, 32, 1, 0, 50, 32, 51, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
  gl.BlitFramebuffer(64, 0, 0, 1, 0, 0, 32, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  check_gl_error("blits from a 1D texture");
  static GLubyte px[H][W][4];
  GLubyte row[64][4];
  memset(px, 0xee, sizeof px);
  memset(row, 0xee, sizeof row);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[3]);
  glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
  glReadPixels(0, 0, 64, 1, GL_RGBA, GL_UNSIGNED_BYTE, row);
  check_gl_error("read back");
  int bad = 0;
  for (int y = 0; y <= H; y++)
    for (int x = 0; x < W; x++) {
      /* y == H: the second 1D texture */
      int i = -1;
      if (y == H)
        i = x < 32 ? 63 - 2 * x : -1;
      else if (y == 8)
        i = 63 - x;
      else if (y == 50 && x >= 16 && x < 32)
        i = 2 * x - 31;
      const GLubyte *got = y == H ? row[x] : px[y][x];
      GLubyte w[4] = {0, 0, 0, 255};
      for (int c = 0; c < 4 && i >= 0; c++)
        w[c] = b1s_texel(i, c);
      if (memcmp(got, w, 4) && bad++ < 6)
        fail("%s pixel (%d,%d): %u,%u,%u,%u, expected %u,%u,%u,%u",
             y == H ? "second 1D texture" : "2D", x, y == H ? 0 : y, got[0], got[1], got[2],
             got[3], w[0], w[1], w[2], w[3]);
    }
  printf("  %d pixels read, %d wrong\n", W * H + 64, bad);
  g_failures += bad > 6 ? bad - 6 : 0;
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(4, fbo);
  gl.DeleteRenderbuffers(1, &rb);
  glDeleteTextures(3, tex);
}

/* sample_coverage: GL 3.3 §4.1.3 (multisample fragment operations) on a 4-sample RGBA8
 * renderbuffer, a full-frame rectangle of colour (1, 1, 1, a) over a clear of (0, 0, 0, 0),
 * resolved by a blit: the resolved red byte is 255 times the share of samples written.
 * SAMPLE_ALPHA_TO_COVERAGE: alpha 0 writes no sample, alpha 1 all; between them the count is
 * the implementation's, so only its bounds and that it grows with alpha are asserted.
 * SAMPLE_ALPHA_TO_ONE: alpha written as 1. SAMPLE_COVERAGE: value 0 and 1 exact, the inverted
 * mask is the bitwise inverse (two draws with 0.5 and 0.5 inverted write every sample once).
 * SAMPLE_MASK: mask 0 writes nothing, one sample gives a quarter of the colour, the queries
 * and their errors. With GL_MULTISAMPLE disabled, and on the single-sample default
 * framebuffer, all of these are ignored (§4.1.3: "if MULTISAMPLE is enabled and the value of
 * SAMPLE_BUFFERS is one"). */
typedef struct {
  int min, max;
  double mean;
} chan_stats;

/* Draws the full-frame rectangle in colour c into fbo (cleared first unless keep), resolves
 * it into the default framebuffer and returns the statistics of channel ch. */
static chan_stats cov_draw(GLuint fbo, GLuint p, vec4f c, int ch, bool keep)
{
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  if (!keep) {
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  set_vec4(p, "u_color", c);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  if (fbo) {
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  }
  check_gl_error("coverage draw and resolve");
  readback();
  chan_stats s = {255, 0, 0.0};
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const int v = pixel_at(x, y).c[ch];
      s.min = v < s.min ? v : s.min;
      s.max = v > s.max ? v : s.max;
      s.mean += v;
    }
  s.mean /= W * H;
  return s;
}

/* Every pixel's channel ch within tol of want. */
static void cov_expect(const char *what, chan_stats s, int want, int tol)
{
  if (s.min < want - tol || s.max > want + tol)
    fail("%s: resolved channel in [%d, %d], expected %d (+-%d)", what, s.min, s.max, want, tol);
}

static void sc_sample_coverage(void)
{
  GLuint rb, fbo;
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
  GLint samples = 0;
  gl.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
  if (samples != 4)
    die_setup("a 4-sample RGBA8 renderbuffer has %d samples", samples);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("4-sample framebuffer incomplete");
  GLuint p = solid_program();
  float r[12];
  rect_vertices(r, 0, 0, W, H);
  mesh m = make_mesh(r, 6);
  const vec4f white = V4(1, 1, 1, 1);

  /* Queries and their initial values (GL 3.3 table 6.17). */
  GLint words = 0;
  glGetIntegerv(GL_MAX_SAMPLE_MASK_WORDS, &words);
  if (words < 1)
    fail("GL_MAX_SAMPLE_MASK_WORDS = %d (GL 3.3: at least 1)", words);
  GLint mv = 0;
  gl.GetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &mv);
  if ((GLuint)mv != ~0u)
    fail("initial GL_SAMPLE_MASK_VALUE = 0x%x (GL: all bits set)", (unsigned)mv);
  gl.GetIntegeri_v(GL_SAMPLE_MASK_VALUE, (GLuint)words, &mv);
  expect_gl_error(GL_INVALID_VALUE, "glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, MAX_SAMPLE_MASK_WORDS)");
  gl.SampleMaski((GLuint)words, 0);
  expect_gl_error(GL_INVALID_VALUE, "glSampleMaski(MAX_SAMPLE_MASK_WORDS, 0)");
  GLfloat cv = -1;
  GLboolean ci = GL_TRUE;
  glGetFloatv(GL_SAMPLE_COVERAGE_VALUE, &cv);
  glGetBooleanv(GL_SAMPLE_COVERAGE_INVERT, &ci);
  if (cv != 1.0f || ci != GL_FALSE)
    fail("initial SAMPLE_COVERAGE_VALUE %g, INVERT %d (GL: 1, FALSE)", cv, ci);
  gl.SampleCoverage(1.5f, GL_TRUE);
  glGetFloatv(GL_SAMPLE_COVERAGE_VALUE, &cv);
  glGetBooleanv(GL_SAMPLE_COVERAGE_INVERT, &ci);
  if (cv != 1.0f || ci != GL_TRUE)
    fail("glSampleCoverage(1.5, TRUE) reads back %g, %d (GL: clamped to 1, TRUE)", cv, ci);
  if (glIsEnabled(GL_SAMPLE_ALPHA_TO_COVERAGE) || glIsEnabled(GL_SAMPLE_ALPHA_TO_ONE) ||
      glIsEnabled(GL_SAMPLE_COVERAGE) || glIsEnabled(GL_SAMPLE_MASK))
    fail("a multisample fragment operation is enabled initially");
  check_gl_error("queries");

  cov_expect("no operation enabled", cov_draw(fbo, p, white, 0, false), 255, 0);

  /* Alpha to coverage. */
  glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
  cov_expect("alpha to coverage, alpha 0", cov_draw(fbo, p, V4(1, 1, 1, 0), 0, false), 0, 0);
  cov_expect("alpha to coverage, alpha 1", cov_draw(fbo, p, white, 0, false), 255, 0);
  double prev = 0.0;
  for (int k = 1; k <= 3; k++) {
    const chan_stats s = cov_draw(fbo, p, V4(1, 1, 1, (float)k / 4), 0, false);
    printf("  alpha to coverage, alpha %.2f: mean resolved red %.1f\n", (double)k / 4, s.mean);
    if (s.mean + 0.5 < prev)
      fail("alpha to coverage: alpha %.2f covers less (mean %.1f) than a lower alpha (%.1f)",
           (double)k / 4, s.mean, prev);
    prev = s.mean;
  }
  glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);

  /* Alpha to one: every written sample's alpha is 1, the colour kept. */
  glEnable(GL_SAMPLE_ALPHA_TO_ONE);
  cov_expect("alpha to one: alpha", cov_draw(fbo, p, V4(0.4f, 1, 1, 0.25f), 3, false), 255, 0);
  cov_expect("alpha to one: red", cov_draw(fbo, p, V4(0.4f, 1, 1, 0.25f), 0, false), 102, 0);
  glDisable(GL_SAMPLE_ALPHA_TO_ONE);
  cov_expect("alpha to one disabled: alpha", cov_draw(fbo, p, V4(1, 1, 1, 0.25f), 3, false), 64,
             0);

  /* Sample coverage. */
  glEnable(GL_SAMPLE_COVERAGE);
  gl.SampleCoverage(0.0f, GL_FALSE);
  cov_expect("glSampleCoverage(0, FALSE)", cov_draw(fbo, p, white, 0, false), 0, 0);
  gl.SampleCoverage(1.0f, GL_FALSE);
  cov_expect("glSampleCoverage(1, FALSE)", cov_draw(fbo, p, white, 0, false), 255, 0);
  gl.SampleCoverage(1.0f, GL_TRUE);
  cov_expect("glSampleCoverage(1, TRUE)", cov_draw(fbo, p, white, 0, false), 0, 0);
  gl.SampleCoverage(0.0f, GL_TRUE);
  cov_expect("glSampleCoverage(0, TRUE)", cov_draw(fbo, p, white, 0, false), 255, 0);
  /* value 0.5 writes red, 0.5 inverted then green: each sample gets exactly one of them */
  gl.SampleCoverage(0.5f, GL_FALSE);
  const chan_stats half_r = cov_draw(fbo, p, V4(1, 0, 0, 1), 0, false);
  gl.SampleCoverage(0.5f, GL_TRUE);
  cov_draw(fbo, p, V4(0, 1, 0, 1), 0, true);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const rgba8 c = pixel_at(x, y);
      if (abs(c.c[0] + c.c[1] - 255) > 1 || c.c[3] != 255) {
        fail("glSampleCoverage(0.5) then (0.5, inverted): pixel (%d,%d) = %d,%d,%d,%d "
             "(GL: the inverted mask writes exactly the other samples)",
             x, y, c.c[0], c.c[1], c.c[2], c.c[3]);
        y = H;
        break;
      }
    }
  printf("  glSampleCoverage(0.5, FALSE): resolved red %d..%d\n", half_r.min, half_r.max);
  gl.SampleCoverage(1.0f, GL_FALSE);
  glDisable(GL_SAMPLE_COVERAGE);

  /* Sample mask. */
  glEnable(GL_SAMPLE_MASK);
  if (!glIsEnabled(GL_SAMPLE_MASK))
    fail("glIsEnabled(GL_SAMPLE_MASK) after glEnable");
  gl.SampleMaski(0, 0);
  cov_expect("glSampleMaski(0, 0)", cov_draw(fbo, p, white, 0, false), 0, 0);
  gl.SampleMaski(0, 0x1);
  cov_expect("glSampleMaski(0, 1): a quarter", cov_draw(fbo, p, white, 0, false), 64, 1);
  gl.SampleMaski(0, 0x8);
  cov_expect("glSampleMaski(0, 8): a quarter", cov_draw(fbo, p, white, 0, false), 64, 1);
  gl.SampleMaski(0, 0x5);
  cov_draw(fbo, p, V4(1, 0, 0, 1), 0, false);
  gl.SampleMaski(0, 0xA);
  cov_expect("mask 0x5 red then 0xA green: green", cov_draw(fbo, p, V4(0, 1, 0, 1), 1, true),
             128, 1);
  cov_expect("mask 0x5 red then 0xA green: red", (chan_stats){pixel_at(0, 0).c[0],
             pixel_at(W - 1, H - 1).c[0], 0}, 128, 1);
  gl.GetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &mv);
  if (mv != 0xA)
    fail("GL_SAMPLE_MASK_VALUE = 0x%x after glSampleMaski(0, 0xA)", (unsigned)mv);
  gl.SampleMaski(0, 0);

  /* GL_MULTISAMPLE off: every operation above is ignored (mask 0, coverage 0, alpha 0). */
  glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
  glEnable(GL_SAMPLE_COVERAGE);
  gl.SampleCoverage(0.0f, GL_FALSE);
  glDisable(GL_MULTISAMPLE);
  cov_expect("GL_MULTISAMPLE off: mask 0, coverage 0, alpha 0 ignored",
             cov_draw(fbo, p, V4(1, 1, 1, 0), 0, false), 255, 0);
  glEnable(GL_MULTISAMPLE);
  cov_expect("GL_MULTISAMPLE on again: nothing written", cov_draw(fbo, p, V4(1, 1, 1, 0), 0,
             false), 0, 0);
  /* The single-sample default framebuffer: SAMPLE_BUFFERS is 0, so they are ignored too. */
  cov_expect("default framebuffer (no sample buffers)", cov_draw(0, p, V4(1, 1, 1, 0), 0, false),
             255, 0);
  glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);
  glDisable(GL_SAMPLE_COVERAGE);
  glDisable(GL_SAMPLE_MASK);
  gl.SampleCoverage(1.0f, GL_FALSE);
  gl.SampleMaski(0, ~0u);
  check_gl_error("end");
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
}

/* polygon_line: glPolygonMode(GL_FRONT_AND_BACK, GL_LINE) on the two triangles of a rectangle
 * whose corners sit on pixel centres, (16.5, 16.5) to (48.5, 48.5). GL 3.3 §3.6.4 draws each
 * edge as a line segment (§3.5: a pixel is drawn when the segment exits its diamond): the
 * horizontal edge y = 16.5 runs through the centres of row 16, so its pixels 17..47 (away from
 * the ends) are drawn and rows 15 and 17 beside them are not; the same for the other three
 * edges and the shared diagonal; pixels of the interior off the diagonal stay clear. Also
 * glLineWidth's errors for widths <= 0, GL_LINE_WIDTH, and the line width ranges: width 1 is in
 * both, and a horizontal line of width 3 covers exactly three rows where
 * ALIASED_LINE_WIDTH_RANGE reaches 3 (§3.5.2: a column of w pixels for an x-major line), one
 * where the range is 1..1 (the width is clamped to it; gate.line_width runs both paths). */
static void sc_polygon_line(void)
{
  GLuint p = solid_program();
  float r[12];
  rect_vertices(r, 16.5f, 16.5f, 48.5f, 48.5f);
  mesh m = make_mesh(r, 6);
  /* fg keeps to the file's rule (multiples of 0.2): 0.5 * 255 = 127.5 is a tie that GL 3.3
   * §2.1.6 leaves to the implementation (the NVIDIA driver writes 127, Mesa 128) */
  const vec4f bg = V4(0, 0, 0, 1), fg = V4(1, 0.6f, 0, 1);
  const rgba8 b8 = to8(bg), f8 = to8(fg);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  clear_to(bg);
  set_vec4(p, "u_color", fg);
  glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
  GLint pm[2] = {0, 0};
  glGetIntegerv(GL_POLYGON_MODE, pm);
  if (pm[0] != GL_LINE)
    fail("GL_POLYGON_MODE = 0x%x after glPolygonMode(GL_LINE)", (unsigned)pm[0]);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  check_gl_error("GL_LINE draw");
  readback();
  int bad = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const rgba8 got = pixel_at(x, y);
      bool want_fg = false, want_bg = false;
      const bool mid_x = x >= 18 && x <= 46, mid_y = y >= 18 && y <= 46;
      if ((mid_x && (y == 16 || y == 48)) || (mid_y && (x == 16 || x == 48)) ||
          (mid_x && x == y))
        want_fg = true; /* the middle of an edge or of the diagonal */
      else if (x < 14 || x > 50 || y < 14 || y > 50)
        want_bg = true; /* well outside */
      else if ((mid_x && (y == 15 || y == 17 || y == 47 || y == 49)) ||
               (mid_y && (x == 15 || x == 17 || x == 47 || x == 49)))
        want_bg = x != y && abs(x - y) > 1; /* beside an edge, away from the diagonal */
      else if (x > 18 && x < 46 && y > 18 && y < 46 && abs(x - y) > 1)
        want_bg = true; /* the interior off the diagonal */
      if ((want_fg && !rgba_eq(got, f8)) || (want_bg && !rgba_eq(got, b8))) {
        if (bad++ < 5)
          fail("GL_LINE rectangle: pixel (%d,%d) = %d,%d,%d,%d, expected the %s", x, y, got.c[0],
               got.c[1], got.c[2], got.c[3], want_fg ? "line colour" : "clear colour");
      }
    }
  if (bad > 5)
    fail("GL_LINE rectangle: %d wrong pixels in all", bad);

  /* glLineWidth */
  GLfloat lw = 0, ar[2] = {0, 0}, sr[2] = {0, 0};
  glGetFloatv(GL_LINE_WIDTH, &lw);
  if (lw != 1.0f)
    fail("initial GL_LINE_WIDTH = %g", lw);
  glLineWidth(0.0f);
  expect_gl_error(GL_INVALID_VALUE, "glLineWidth(0)");
  glLineWidth(-1.0f);
  expect_gl_error(GL_INVALID_VALUE, "glLineWidth(-1)");
  glGetFloatv(GL_LINE_WIDTH, &lw);
  if (lw != 1.0f)
    fail("GL_LINE_WIDTH = %g after refused widths (GL: unchanged, 1)", lw);
  glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, ar);
  glGetFloatv(GL_SMOOTH_LINE_WIDTH_RANGE, sr);
  check_gl_error("line width ranges");
  printf("  ALIASED_LINE_WIDTH_RANGE %g..%g, SMOOTH_LINE_WIDTH_RANGE %g..%g\n", ar[0], ar[1],
         sr[0], sr[1]);
  if (!(ar[0] <= 1.0f && ar[1] >= 1.0f && sr[0] <= 1.0f && sr[1] >= 1.0f && ar[0] > 0 &&
        sr[0] > 0))
    fail("line width ranges do not hold width 1 (GL 3.3 table 6.50: at least 1..1)");
  const float line[4] = {8.5f, 56.5f, 56.5f, 56.5f};
  gl.BindBuffer(GL_ARRAY_BUFFER, m.vbo);
  gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof line, line);
  /* GL 3.3 §3.5.2: the width is rounded and clamped to the aliased maximum, so where that is
   * below 3 the line of width 3 is drawn as wide as the maximum (1 or 2 rows) */
  const int drawn3 = ar[1] >= 3.0f ? 3 : ar[1] >= 2.0f ? 2 : 1;
  for (int wide = 0; wide <= 1; wide++) {
    glLineWidth(wide ? 3.0f : 1.0f);
    check_gl_error("glLineWidth");
    glGetFloatv(GL_LINE_WIDTH, &lw);
    if (lw != (wide ? 3.0f : 1.0f))
      fail("GL_LINE_WIDTH = %g after glLineWidth(%d) (GL: the value set, unclamped)", lw,
           wide ? 3 : 1);
    clear_to(bg);
    glDrawArrays(GL_LINES, 0, 2);
    glLineWidth(1.0f);
    readback();
    for (int y = 52; y < 61; y++) {
      const int rows = wide ? drawn3 : 1;
      const bool in = rows == 1 ? y == 56 : rows == 3 ? (y >= 55 && y <= 57) : y == 56;
      if (rows == 2 && (y == 55 || y == 57))
        continue; /* a 2-wide line centred on row 56's centres takes one of them */
      for (int x = 12; x < 52; x += 13)
        if (!rgba_eq(pixel_at(x, y), in ? f8 : b8))
          fail("width %d (drawn as %d) horizontal line at y 56.5: pixel (%d,%d) should be %s",
               wide ? 3 : 1, wide ? drawn3 : 1, x, y, in ? "drawn" : "clear");
    }
  }
  check_gl_error("end");
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteBuffers(1, &m.vbo);
}

/* int_attrib_defaults: the current values of generic attributes whose arrays are disabled,
 * set by glVertexAttribI4i, glVertexAttribI4iv and glVertexAttribI4ui and read by ivec4 /
 * uvec4 inputs (GL 3.3 §2.7: kept as integers). Every value lies beyond 2^24, so a path
 * through float would change it; the vertex shader compares each component with the value
 * set and writes 1 per component that matches. Also glGetVertexAttribIiv/Iuiv of
 * GL_CURRENT_VERTEX_ATTRIB and the INVALID_VALUE of an index past GL_MAX_VERTEX_ATTRIBS. */
static void sc_int_attrib_defaults(void)
{
  const char *vs = "#version 330 core\n"
                   "layout(location = 0) in vec2 a_pos;\n"
                   "layout(location = 1) in ivec4 a_i;\n"
                   "layout(location = 2) in uvec4 a_u;\n"
                   "uniform int u_case;\n"
                   "flat out vec4 v_c;\n"
                   "void main() {\n"
                   "  const ivec4 i0 = ivec4(16777217, -16777219, 2147483647, -2147483647);\n"
                   "  const ivec4 i1 = ivec4(33554435, -1, 123456789, -2000000001);\n"
                   "  const uvec4 u0 = uvec4(4294967295u, 16777217u, 2147483649u, 7u);\n"
                   "  if (u_case == 2) v_c = vec4(equal(a_u, u0));\n"
                   "  else v_c = vec4(equal(a_i, u_case == 0 ? i0 : i1));\n"
                   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                   "}\n";
  const char *fs = "#version 330 core\n"
                   "flat in vec4 v_c;\n"
                   "out vec4 o_color;\n"
                   "void main() { o_color = v_c; }\n";
  GLuint p = link_program(vs, fs);
  gl.UseProgram(p);
  float r[12];
  rect_vertices(r, 0, 0, W, H);
  mesh m = make_mesh(r, 6);
  const GLint i1[4] = {33554435, -1, 123456789, -2000000001};
  const GLuint u0[4] = {4294967295u, 16777217u, 2147483649u, 7u};
  for (int k = 0; k < 3; k++) {
    if (k == 0)
      gl.VertexAttribI4i(1, 16777217, -16777219, 2147483647, -2147483647);
    else if (k == 1)
      gl.VertexAttribI4iv(1, i1);
    else
      gl.VertexAttribI4ui(2, u0[0], u0[1], u0[2], u0[3]);
    check_gl_error("glVertexAttribI4*");
    gl.Uniform1i(uloc(p, "u_case"), k);
    clear_to(V4(0.5f, 0.5f, 0.5f, 0.5f));
    glDrawArrays(GL_TRIANGLES, 0, 6);
    readback();
    const rgba8 got = pixel_at(W / 2, H / 2);
    static const char *what[3] = {"glVertexAttribI4i", "glVertexAttribI4iv",
                                  "glVertexAttribI4ui"};
    if (got.c[0] != 255 || got.c[1] != 255 || got.c[2] != 255 || got.c[3] != 255)
      fail("%s: the shader saw components match %d %d %d %d (255 = the value set)", what[k],
           got.c[0], got.c[1], got.c[2], got.c[3]);
  }
  GLint gi[4] = {0, 0, 0, 0};
  GLuint gu[4] = {0, 0, 0, 0};
  gl.GetVertexAttribIiv(1, GL_CURRENT_VERTEX_ATTRIB, gi);
  gl.GetVertexAttribIuiv(2, GL_CURRENT_VERTEX_ATTRIB, gu);
  check_gl_error("glGetVertexAttribI*v(GL_CURRENT_VERTEX_ATTRIB)");
  if (memcmp(gi, i1, sizeof gi))
    fail("glGetVertexAttribIiv(1, CURRENT_VERTEX_ATTRIB) = %d %d %d %d", gi[0], gi[1], gi[2],
         gi[3]);
  if (memcmp(gu, u0, sizeof gu))
    fail("glGetVertexAttribIuiv(2, CURRENT_VERTEX_ATTRIB) = %u %u %u %u", gu[0], gu[1], gu[2],
         gu[3]);
  GLint max_attribs = 0;
  glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs);
  gl.VertexAttribI4i((GLuint)max_attribs, 1, 2, 3, 4);
  expect_gl_error(GL_INVALID_VALUE, "glVertexAttribI4i(GL_MAX_VERTEX_ATTRIBS, ...)");
  gl.GetVertexAttribIiv((GLuint)max_attribs, GL_CURRENT_VERTEX_ATTRIB, gi);
  expect_gl_error(GL_INVALID_VALUE, "glGetVertexAttribIiv(GL_MAX_VERTEX_ATTRIBS, ...)");
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteBuffers(1, &m.vbo);
  gl.DeleteProgram(p);
}

/* snorm_attribs: GL_BYTE, GL_SHORT and GL_INT_2_10_10_10_REV attributes with normalized TRUE, captured by transform
 * feedback as the floats the vertex shader received. GL 3.3 §2.1.2 converts a signed
 * c of b bits to (2c + 1) / (2^b - 1); GL 4.2 and later, and Vulkan's SNORM formats, to
 * max(c / (2^(b-1) - 1), -1), where 0 stays 0 and -128 and -127 both give -1. Every value
 * captured must follow one rule or the other, the same for all of them; mgl follows the later
 * rule (docs/COVERAGE.md says why), and so does llvmpipe. */
static void sc_snorm_attribs(void)
{
  const char *vs = "#version 330 core\n"
                   "layout(location = 0) in vec4 a_b;\n"
                   "layout(location = 1) in vec4 a_s;\n"
                   "layout(location = 2) in vec4 a_p;\n"
                   "out vec4 v_b;\n"
                   "out vec4 v_s;\n"
                   "out vec4 v_p;\n"
                   "void main() {\n"
                   "  v_b = a_b;\n"
                   "  v_s = a_s;\n"
                   "  v_p = a_p;\n"
                   "  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);\n"
                   "}\n";
  GLuint vsh = compile(GL_VERTEX_SHADER, vs);
  GLuint fsh = compile(GL_FRAGMENT_SHADER, FS_UNIFORM);
  GLuint p = gl.CreateProgram();
  gl.AttachShader(p, vsh);
  gl.AttachShader(p, fsh);
  const char *names[3] = {"v_b", "v_s", "v_p"};
  gl.TransformFeedbackVaryings(p, 3, names, GL_INTERLEAVED_ATTRIBS);
  gl.LinkProgram(p);
  gl.DeleteShader(vsh);
  gl.DeleteShader(fsh);
  GLint ok = 0;
  gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok)
    die_setup("snorm capture program failed to link");
  enum { NV = 2, NC = 12 };
  const int8_t bytes[NV * 4] = {-128, -127, 0, 127, 64, -64, 1, -1};
  const int16_t shorts[NV * 4] = {-32768, -32767, 0, 32767, 16384, -16384, 1, -1};
  /* GL_INT_2_10_10_10_REV: x, y, z of 10 bits, w of 2 */
  const int packed[NV * 4] = {-512, -511, 0, -2, 511, 1, -1, 0};
  uint32_t words[NV];
  for (int v = 0; v < NV; v++) {
    const int *c = &packed[v * 4];
    words[v] = ((uint32_t)c[0] & 0x3ffu) | (((uint32_t)c[1] & 0x3ffu) << 10) |
               (((uint32_t)c[2] & 0x3ffu) << 20) | (((uint32_t)c[3] & 0x3u) << 30);
  }
  GLuint vao, vb[3];
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.GenBuffers(3, vb);
  gl.BindBuffer(GL_ARRAY_BUFFER, vb[0]);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof bytes, bytes, GL_STATIC_DRAW);
  gl.VertexAttribPointer(0, 4, GL_BYTE, GL_TRUE, 4, (void *)0);
  gl.BindBuffer(GL_ARRAY_BUFFER, vb[1]);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof shorts, shorts, GL_STATIC_DRAW);
  gl.VertexAttribPointer(1, 4, GL_SHORT, GL_TRUE, 8, (void *)0);
  gl.BindBuffer(GL_ARRAY_BUFFER, vb[2]);
  gl.BufferData(GL_ARRAY_BUFFER, sizeof words, words, GL_STATIC_DRAW);
  gl.VertexAttribPointer(2, 4, GL_INT_2_10_10_10_REV, GL_TRUE, 4, (void *)0);
  gl.EnableVertexAttribArray(0);
  gl.EnableVertexAttribArray(1);
  gl.EnableVertexAttribArray(2);
  GLuint b = xfb_buffer(NV * NC * 4);
  gl.UseProgram(p);
  gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
  glEnable(GL_RASTERIZER_DISCARD);
  gl.BeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, NV);
  gl.EndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  check_gl_error("capture of the normalized attributes");
  float got[NV * NC];
  read_buffer(b, 0, sizeof got, got);
  int match_old = 0, match_new = 0;
  for (int v = 0; v < NV; v++)
    for (int k = 0; k < NC; k++) {
      const int bits = k < 4 ? 8 : k < 8 ? 16 : k < 11 ? 10 : 2;
      const double c = k < 4 ? bytes[v * 4 + k] : k < 8 ? shorts[v * 4 + k - 4]
                                                         : packed[v * 4 + k - 8];
      const double scale = (double)((1 << (bits - 1)) - 1);
      double nw = c / scale;
      nw = nw < -1.0 ? -1.0 : nw;
      const double od = (2.0 * c + 1.0) / (double)((1 << bits) - 1);
      const double g = got[v * NC + k];
      const bool is_new = fabs(g - nw) <= 2e-6, is_old = fabs(g - od) <= 2e-6;
      match_new += is_new;
      match_old += is_old;
      if (!is_new && !is_old)
        fail("%s %d normalized = %.9g: neither GL 4.2's %.9g nor GL 3.3's %.9g",
             k < 4 ? "GL_BYTE" : k < 8 ? "GL_SHORT" : "GL_INT_2_10_10_10_REV component",
             (int)c, g, nw, od);
    }
  const char *rule = match_new == NV * NC ? "GL 4.2 / Vulkan: max(c / (2^(b-1) - 1), -1)"
                     : match_old == NV * NC ? "GL 3.3: (2c + 1) / (2^b - 1)"
                                            : NULL;
  printf("  signed normalized attributes follow %s\n", rule ? rule : "no single rule");
  if (!rule)
    fail("signed normalized attributes: %d of %d values follow GL 4.2's rule, %d GL 3.3's; "
         "GL allows one rule, not a mix", match_new, NV * NC, match_old);
  else if (on_mgl() && match_new != NV * NC)
    fail("mgl converts signed normalized attributes by GL 3.3's rule; its decision "
         "(docs/COVERAGE.md) is GL 4.2's");
  gl.DeleteBuffers(3, vb);
  gl.DeleteBuffers(1, &b);
  gl.DeleteVertexArrays(1, &vao);
  gl.DeleteProgram(p);
}

/* depth_only_fbo: the shadow-map pattern. A depth-only framebuffer (a DEPTH_COMPONENT24, then a
 * DEPTH_COMPONENT32F texture, draw and read buffers GL_NONE) takes two depth-tested rectangles;
 * a second pass samples it through a sampler2DShadow (GL_COMPARE_REF_TO_TEXTURE, GL_LEQUAL) into
 * the default framebuffer, lit where ref <= depth. Then a depth+stencil-only DEPTH24_STENCIL8
 * framebuffer takes stencil-writing draws, read back with GL_STENCIL_INDEX and
 * GL_DEPTH_COMPONENT. Depth: rectangle A [8,40)^2 at 0.5, B [24,56)^2 at 0.75 drawn after it
 * (GL_LESS: A keeps the overlap), 1.0 elsewhere. */
static void sc_depth_only_fbo(void)
{
  static const char *fs_shadow = "#version 330 core\n"
                                 "uniform sampler2DShadow u_s;\n"
                                 "uniform float u_ref;\n"
                                 "uniform vec4 u_lit;\n"
                                 "uniform vec4 u_dark;\n"
                                 "out vec4 o_color;\n"
                                 "void main() {\n"
                                 "  float l = texture(u_s, vec3(gl_FragCoord.xy / 64.0, u_ref));\n"
                                 "  o_color = l > 0.5 ? u_lit : u_dark;\n"
                                 "}\n";
  const vec4f lit = V4(1.0f, 0.8f, 0.2f, 1.0f), dark = V4(0.0f, 0.2f, 0.4f, 1.0f);
  float va[12], vb[12], vq[12];
  rect_vertices(va, 8, 8, 40, 40);
  rect_vertices(vb, 24, 24, 56, 56);
  rect_vertices(vq, 0, 0, 64, 64);
  GLuint ps = solid_program();
  const GLint uz = uloc(ps, "u_z");
  set_vec4(ps, "u_color", V4(1.0f, 0.0f, 0.0f, 1.0f)); /* written nowhere: no colour buffer */
  mesh ma = make_mesh(va, 6), mb = make_mesh(vb, 6), mq = make_mesh(vq, 6);
  GLuint pl = link_program(VS_PIXELS, fs_shadow);
  gl.UseProgram(pl);
  gl.Uniform2f(uloc(pl, "u_offset"), 0.0f, 0.0f);
  gl.Uniform1f(uloc(pl, "u_z"), 0.0f);
  gl.Uniform1i(uloc(pl, "u_s"), 0);
  set_vec4(pl, "u_lit", lit);
  set_vec4(pl, "u_dark", dark);
  const GLint uref = uloc(pl, "u_ref");
  check_gl_error("programs");

  static const struct {
    GLenum ifmt, type;
    const char *name;
    float ref; /* 0.6: only A is shadowed; 0.8: A and B */
  } fmt[2] = {{GL_DEPTH_COMPONENT24, GL_UNSIGNED_INT, "DEPTH_COMPONENT24", 0.6f},
              {GL_DEPTH_COMPONENT32F, GL_FLOAT, "DEPTH_COMPONENT32F", 0.8f}};
  GLuint tex[3], fbo[3];
  glGenTextures(3, tex);
  gl.GenFramebuffers(3, fbo);
  static const struct { int x, y; float d; } dprobe[] = {
      {12, 12, 0.5f}, {30, 30, 0.5f}, {50, 50, 0.75f}, {2, 60, 1.0f}, {60, 2, 1.0f}};
  for (int f = 0; f < 2; f++) {
    glBindTexture(GL_TEXTURE_2D, tex[f]);
    glTexImage2D(GL_TEXTURE_2D, 0, fmt[f].ifmt, W, H, 0, GL_DEPTH_COMPONENT, fmt[f].type, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    glBindTexture(GL_TEXTURE_2D, 0);
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[f]);
    gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex[f], 0);
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
    check_gl_error(fmt[f].name);
    if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      fail("%s depth-only framebuffer incomplete", fmt[f].name);
      continue;
    }
    /* the depth pass */
    glClear(GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    gl.UseProgram(ps);
    gl.Uniform1f(uz, 0.0f);
    gl.BindVertexArray(ma.vao);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    gl.Uniform1f(uz, 0.5f);
    gl.BindVertexArray(mb.vao);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glDisable(GL_DEPTH_TEST);
    check_gl_error("the depth pass");
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    for (size_t i = 0; i < sizeof dprobe / sizeof dprobe[0]; i++) {
      GLfloat dv = -1.0f;
      glReadPixels(dprobe[i].x, dprobe[i].y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &dv);
      if (fabsf(dv - dprobe[i].d) > 1e-5f)
        fail("%s: depth at (%d,%d) = %g, expected %g", fmt[f].name, dprobe[i].x, dprobe[i].y,
             dv, dprobe[i].d);
    }
    check_gl_error("glReadPixels(GL_DEPTH_COMPONENT) of the depth-only framebuffer");

    /* the lit pass */
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
    clear_to(V4(0.5f, 0.5f, 0.5f, 1.0f));
    glBindTexture(GL_TEXTURE_2D, tex[f]);
    gl.UseProgram(pl);
    gl.Uniform1f(uref, fmt[f].ref);
    gl.BindVertexArray(mq.vao);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glBindTexture(GL_TEXTURE_2D, 0);
    check_gl_error("the lit pass");
    model m;
    model_init(&m, lit);
    if (fmt[f].ref > 0.75f)
      model_rect(&m, 24, 24, 56, 56, to8(dark));
    model_rect(&m, 8, 8, 40, 40, to8(dark));
    char phase[96];
    snprintf(phase, sizeof phase, "%s shadow map sampled with ref %.1f", fmt[f].name,
             fmt[f].ref);
    check_frame(phase, &m);
  }

  /* depth+stencil only: A replaces stencil with 0x3c; B increments where it passes the depth
   * test (B outside A) and keeps where it fails (the overlap). */
  glBindTexture(GL_TEXTURE_2D, tex[2]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, W, H, 0, GL_DEPTH_STENCIL,
               GL_UNSIGNED_INT_24_8, NULL);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[2]);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex[2], 0);
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    fail("DEPTH24_STENCIL8 depth+stencil-only framebuffer incomplete");
  glClearStencil(0);
  glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_STENCIL_TEST);
  gl.UseProgram(ps);
  glStencilFunc(GL_ALWAYS, 0x3c, 0xff);
  glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  gl.Uniform1f(uz, 0.0f);
  gl.BindVertexArray(ma.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
  gl.Uniform1f(uz, 0.5f);
  gl.BindVertexArray(mb.vao);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_STENCIL_TEST);
  glDisable(GL_DEPTH_TEST);
  check_gl_error("the depth+stencil pass");
  static const struct { int x, y; GLubyte s; float d; } sprobe[] = {
      {12, 12, 0x3c, 0.5f}, {30, 30, 0x3c, 0.5f}, {50, 50, 0x01, 0.75f}, {2, 60, 0x00, 1.0f},
      {60, 2, 0x00, 1.0f}};
  for (size_t i = 0; i < sizeof sprobe / sizeof sprobe[0]; i++) {
    GLubyte sv = 0xee;
    GLfloat dv = -1.0f;
    glReadPixels(sprobe[i].x, sprobe[i].y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &sv);
    glReadPixels(sprobe[i].x, sprobe[i].y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &dv);
    if (sv != sprobe[i].s)
      fail("stencil at (%d,%d) = 0x%02x, expected 0x%02x", sprobe[i].x, sprobe[i].y, sv,
           sprobe[i].s);
    if (fabsf(dv - sprobe[i].d) > 1e-5f)
      fail("depth+stencil: depth at (%d,%d) = %g, expected %g", sprobe[i].x, sprobe[i].y, dv,
           sprobe[i].d);
  }
  check_gl_error("glReadPixels of the depth+stencil-only framebuffer");

  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(3, fbo);
  glDeleteTextures(3, tex);
  gl.UseProgram(0);
  gl.DeleteProgram(ps);
  gl.DeleteProgram(pl);
  /* the window still renders after the depth-only passes */
  const vec4f bg = V4(0.0f, 0.4f, 0.2f, 1.0f);
  clear_to(bg);
  model mo;
  model_init(&mo, bg);
  check_frame("the window after the depth-only framebuffers", &mo);
}

/* line_smooth: GL_LINE_SMOOTH lines (GL 3.3 §3.5.2, "Antialiasing"). GL leaves the exact
 * coverage to the implementation, so this asserts what it guarantees: each fragment's coverage
 * goes into its alpha (§3.5.2, §3.10: blending off, alpha = coverage), a pixel whose centre a
 * line of width 1 runs through is drawn with alpha near 1, pixels farther than width / 2 + 1
 * from the segment are untouched, and a slanted line has partly covered pixels (its rectangle
 * crosses pixels partly; an aliased line has none). Into a multisampled framebuffer with
 * GL_MULTISAMPLE on GL ignores GL_LINE_SMOOTH (§3.5.4): the line is drawn with multisample
 * coverage, alpha untouched, as a rectangle with square ends: each end pixel keeps the samples
 * inside it (llvmpipe covers the diamond-exit pixels fully instead; on_mesa-expect.txt). Before,
 * mgl dropped every such draw by name. */
static float seg_dist(float px, float py, const float *s)
{
  const float dx = s[2] - s[0], dy = s[3] - s[1];
  float t = ((px - s[0]) * dx + (py - s[1]) * dy) / (dx * dx + dy * dy);
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const float ex = s[0] + t * dx - px, ey = s[1] + t * dy - py;
  return sqrtf(ex * ex + ey * ey);
}

static void sc_line_smooth(void)
{
  GLuint p = solid_program();
  /* a horizontal line through the centres of row 20, and a slanted one */
  const float lines[8] = {8.5f, 20.5f, 56.5f, 20.5f, 6.0f, 34.0f, 58.0f, 47.0f};
  mesh m = make_mesh(lines, 4);
  const vec4f fg = V4(1, 0.6f, 0, 1);
  const rgba8 f8 = to8(fg);
  if (glIsEnabled(GL_LINE_SMOOTH))
    fail("GL_LINE_SMOOTH is enabled initially");
  glEnable(GL_LINE_SMOOTH);
  if (!glIsEnabled(GL_LINE_SMOOTH))
    fail("glIsEnabled(GL_LINE_SMOOTH) is false after glEnable");
  GLint hint = 0;
  glGetIntegerv(GL_LINE_SMOOTH_HINT, &hint);
  if (hint != GL_DONT_CARE)
    fail("GL_LINE_SMOOTH_HINT = 0x%x (GL: GL_DONT_CARE initially)", (unsigned)hint);
  glHint(GL_LINE_SMOOTH_HINT, GL_NICEST);
  check_gl_error("GL_LINE_SMOOTH state");
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  clear_to(V4(0, 0, 0, 0));
  set_vec4(p, "u_color", fg);
  glDrawArrays(GL_LINES, 0, 4);
  check_gl_error("smooth lines");
  readback();
  int bad = 0, partial = 0, min_centre = 255;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      const rgba8 got = pixel_at(x, y);
      const float cx = x + 0.5f, cy = y + 0.5f;
      const float d = fminf(seg_dist(cx, cy, lines), seg_dist(cx, cy, lines + 4));
      const bool touched = got.c[3] != 0;
      if (touched && (got.c[0] != f8.c[0] || got.c[1] != f8.c[1] || got.c[2] != f8.c[2])) {
        if (bad++ < 5)
          fail("smooth lines: pixel (%d,%d) = %d,%d,%d,%d: not the line's colour (blending off: "
               "coverage goes to alpha only)", x, y, got.c[0], got.c[1], got.c[2], got.c[3]);
      }
      if (d > 1.5f && touched) {
        if (bad++ < 5)
          fail("smooth lines: pixel (%d,%d) = %d,%d,%d,%d, %.2f from the nearest line (GL: "
               "untouched beyond width / 2 + 1)", x, y, got.c[0], got.c[1], got.c[2], got.c[3], d);
      }
      if (y == 20 && x >= 12 && x <= 52) {
        if (got.c[3] < min_centre)
          min_centre = got.c[3];
        if (got.c[3] < 230 && bad++ < 5)
          fail("smooth lines: pixel (%d,%d) on the horizontal line's centre has alpha %d "
               "(GL: coverage near 1)", x, y, got.c[3]);
      }
      if (x >= 12 && x <= 52 && seg_dist(cx, cy, lines + 4) < 2.0f && got.c[3] > 0 &&
          got.c[3] < 255)
        partial++;
    }
  printf("  smooth lines: least centre alpha %d, %d partly covered pixels along the slanted "
         "line\n", min_centre, partial);
  if (partial < 20)
    fail("smooth lines: only %d partly covered pixels (0 < alpha < 255) along the slanted line "
         "near pixel (32,40): drawn aliased?", partial);

  /* multisampled, GL_MULTISAMPLE on: GL_LINE_SMOOTH is ignored */
  GLuint rb, fbo;
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    fail("multisampled FBO incomplete");
  clear_to(V4(0, 0, 0, 0));
  glDrawArrays(GL_LINES, 0, 2);
  /* A multisample line is a rectangle of the line's width with square ends (§3.5.4), here
   * x 8.5..56.5, y 20..21: pixel 8 has the samples right of its centre, pixel 56 those left of
   * it (by the framebuffer's GL_SAMPLE_POSITIONs), not the diamond-exit pixels of §3.5.1. */
  int end_cov[2] = {0, 0}, on_edge = 0;
  for (GLuint i = 0; i < 4; i++) {
    GLfloat pos[2] = {0.5f, 0.5f};
    gl.GetMultisamplefv(GL_SAMPLE_POSITION, i, pos);
    end_cov[0] += pos[0] > 0.5f, end_cov[1] += pos[0] < 0.5f, on_edge += pos[0] == 0.5f;
  }
  check_gl_error("GL_SAMPLE_POSITION of the 4-sample framebuffer");
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  check_gl_error("smooth line into a 4-sample framebuffer, resolved");
  readback();
  for (int x = 12; x <= 52; x += 4) {
    if (!rgba_eq(pixel_at(x, 20), f8))
      fail("4 samples, GL_MULTISAMPLE on: pixel (%d,20) = %d,%d,%d,%d, expected the line's "
           "colour with alpha 255 (GL ignores GL_LINE_SMOOTH there)", x, pixel_at(x, 20).c[0],
           pixel_at(x, 20).c[1], pixel_at(x, 20).c[2], pixel_at(x, 20).c[3]);
    for (int y = 16; y <= 24; y += 8)
      if (pixel_at(x, y).c[3] != 0)
        fail("4 samples, GL_MULTISAMPLE on: pixel (%d,%d) touched, 4 rows from the line", x, y);
  }
  for (int e = 0; e < 2 && !on_edge; e++) {
    const int x = e ? 56 : 8, want_a = (255 * end_cov[e] + 2) / 4;
    const rgba8 got = pixel_at(x, 20);
    if (abs(got.c[3] - want_a) > 1 || abs(got.c[0] - (f8.c[0] * end_cov[e] + 2) / 4) > 1)
      fail("4 samples, GL_MULTISAMPLE on: the line's %s end, pixel (%d,20) = %d,%d,%d,%d, "
           "expected %d of 4 samples covered (alpha %d: the rectangle of GL 3.3 §3.5.4 ends at "
           "x = %.1f)", e ? "right" : "left", x, got.c[0], got.c[1], got.c[2], got.c[3],
           end_cov[e], want_a, e ? 56.5 : 8.5);
  }
  glDisable(GL_LINE_SMOOTH);
  glHint(GL_LINE_SMOOTH_HINT, GL_DONT_CARE);
  gl.DeleteFramebuffers(1, &fbo);
  gl.DeleteRenderbuffers(1, &rb);
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteBuffers(1, &m.vbo);
}

/* occlusion_two_targets: GL 3.3 core §2.14 (from ARB_occlusion_query2, its issue 1): the
 * occlusion targets share one active query; glBeginQuery of GL_SAMPLES_PASSED while a
 * GL_ANY_SAMPLES_PASSED query is active, or the reverse, is GL_INVALID_OPERATION ("only a
 * single type of occlusion query can be active at one time"). The refused begin changes
 * nothing: its name stays without an object (glIsQuery false), the active query keeps its
 * name (GL_CURRENT_QUERY) and counts exactly its own draws (rectangles of 64, 128 and 16
 * pixels tell sums apart), and once it ended the other target begins. Before, mgl declined
 * the second begin by name without the error. */
static void sc_occlusion_two_targets(void)
{
  float v[36];
  rect_vertices(v, 0, 0, 8, 8);        /* 64 */
  rect_vertices(v + 12, 16, 0, 32, 8); /* 128 */
  rect_vertices(v + 24, 40, 0, 44, 4); /* 16 */
  GLuint p = solid_program();
  set_vec4(p, "u_color", V4(0.2f, 0.8f, 0.4f, 1.0f));
  mesh m = make_mesh(v, 18);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  clear_to(V4(0, 0, 0, 1));
  static const GLenum targets[2] = {GL_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED};
  for (int t = 0; t < 2; t++) {
    const GLenum first = targets[t], other = targets[!t];
    GLuint q[3];
    gl.GenQueries(3, q);
    gl.BeginQuery(first, q[0]);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    gl.BeginQuery(other, q[1]);
    expect_error(GL_INVALID_OPERATION, t ? "glBeginQuery(GL_SAMPLES_PASSED) while a "
                                           "GL_ANY_SAMPLES_PASSED query is active"
                                         : "glBeginQuery(GL_ANY_SAMPLES_PASSED) while a "
                                           "GL_SAMPLES_PASSED query is active");
    if (gl.IsQuery(q[1]))
      fail("glIsQuery true for the name of the refused glBeginQuery(0x%x)", other);
    GLint cur = -1;
    gl.GetQueryiv(first, GL_CURRENT_QUERY, &cur);
    if ((GLuint)cur != q[0])
      fail("GL_CURRENT_QUERY of 0x%x = %d after the refused begin, expected %u", first, cur,
           q[0]);
    glDrawArrays(GL_TRIANGLES, 6, 6);
    gl.EndQuery(other);
    expect_error(GL_INVALID_OPERATION, "glEndQuery of the target whose begin was refused");
    gl.EndQuery(first);
    check_gl_error("glEndQuery of the active target");
    gl.BeginQuery(other, q[2]);
    check_gl_error("glBeginQuery of the other target once the first ended");
    glDrawArrays(GL_TRIANGLES, 12, 6);
    gl.EndQuery(other);
    const GLuint r0 = query_result(q[0]), r2 = query_result(q[2]);
    const GLuint want0 = first == GL_SAMPLES_PASSED ? 64 + 128 : 1;
    const GLuint want2 = other == GL_SAMPLES_PASSED ? 16 : 1;
    if (r0 != want0 || r2 != want2)
      fail("target 0x%x first: results %u and %u, expected %u and %u", first, r0, r2, want0,
           want2);
    gl.DeleteQueries(3, q);
  }
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteBuffers(1, &m.vbo);
}

/* query_delete_active: glDeleteQueries of an active query. GL 3.3 core §2.14: its name is
 * unused at once, and the object is deleted when it is no longer active; as nothing can end it
 * by name any more, it ends there (Mesa ends it in glDeleteQueries). So: no error,
 * GL_CURRENT_QUERY of its target reads 0, glIsQuery false, glEndQuery of the target is
 * GL_INVALID_OPERATION (no active query), the name cannot be begun again (not generated), and
 * a new query on the target begins and counts only its own draws. Each target; rendering goes
 * on. */
static void sc_query_delete_active(void)
{
  float v[24];
  rect_vertices(v, 0, 0, 8, 8);        /* 64 */
  rect_vertices(v + 12, 16, 0, 32, 8); /* 128 */
  GLuint p = solid_program();
  set_vec4(p, "u_color", V4(0.2f, 0.8f, 0.4f, 1.0f));
  mesh m = make_mesh(v, 12);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  clear_to(V4(0, 0, 0, 1));
  static const GLenum targets[3] = {GL_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED, GL_TIME_ELAPSED};
  for (int t = 0; t < 3; t++) {
    GLuint q[2];
    gl.GenQueries(2, q);
    gl.BeginQuery(targets[t], q[0]);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    gl.DeleteQueries(1, &q[0]);
    check_gl_error("glDeleteQueries of an active query");
    GLint cur = -1;
    gl.GetQueryiv(targets[t], GL_CURRENT_QUERY, &cur);
    if (cur != 0)
      fail("target 0x%x: GL_CURRENT_QUERY %d after its active query was deleted (GL: 0)",
           targets[t], cur);
    if (gl.IsQuery(q[0]))
      fail("target 0x%x: glIsQuery true for the deleted active query", targets[t]);
    gl.EndQuery(targets[t]);
    expect_error(GL_INVALID_OPERATION, "glEndQuery after the active query was deleted");
    gl.BeginQuery(targets[t], q[0]);
    expect_error(GL_INVALID_OPERATION, "glBeginQuery of the deleted name");
    gl.BeginQuery(targets[t], q[1]);
    check_gl_error("glBeginQuery after the active query was deleted");
    glDrawArrays(GL_TRIANGLES, 6, 6);
    gl.EndQuery(targets[t]);
    GLuint64 r = ~0ull;
    gl.GetQueryObjectui64v(q[1], GL_QUERY_RESULT, &r);
    check_gl_error("the next query's result");
    if ((targets[t] == GL_SAMPLES_PASSED && r != 128) ||
        (targets[t] == GL_ANY_SAMPLES_PASSED && r != 1))
      fail("target 0x%x: the query after the deleted one reads %llu, expected %d", targets[t],
           (unsigned long long)r, targets[t] == GL_SAMPLES_PASSED ? 128 : 1);
    gl.DeleteQueries(1, &q[1]);
  }
  readback();
  const rgba8 want = to8(V4(0.2f, 0.8f, 0.4f, 1.0f));
  if (!rgba_eq(pixel_at(4, 4), want) || !rgba_eq(pixel_at(24, 4), want))
    fail("pixel (4,4) or pixel (24,4) not drawn: rendering after the deletions");
  gl.DeleteVertexArrays(1, &m.vao);
  gl.DeleteBuffers(1, &m.vbo);
}

/* rgb_alpha_one: a colour format without alpha reads alpha 1 everywhere (GL 3.3 §3.8.15,
 * §4.1.8, §4.3): RGB8, RGB16F, RGB32F, SRGB8, RGB565, R11F_G11F_B10F, R8 and RG8 (G/B 0 where
 * absent) as 8x8 textures and renderbuffers, and RGB8I/RGB8UI textures (not renderable:
 * integer alpha 1). Each writer on a fresh image: an upload of RGBA pixels with alpha 128/255
 * (77 for integers), a glClear with alpha 0.5, a draw of alpha 0.5, a glBlitFramebuffer and a
 * glCopyTexImage2D from an RGBA8 framebuffer whose alpha is 0.5 (RGBA8I with 77 for integers).
 * Then every reader: glReadPixels(GL_RGBA), glGetTexImage(GL_RGBA), texelFetch into an RGBA8
 * target (alpha written to red: 255, or 1 for integers), a glBlitFramebuffer into RGBA8 (alpha
 * 255) and, last, a blend of 0.5 with GL_DST_ALPHA, GL_ZERO into it (red 0.5; 0.25 when the
 * written alpha 0.5 was kept). llvmpipe and Zink pass every check; mgl stores these RGB formats
 * as RGBA (mgp_resource_desc.no_alpha). */
enum { RA_N = 8 };

typedef struct {
  GLenum ifmt;
  const char *name;
  int kind;     /* 0 float/normalized, 1 signed integer, 2 unsigned integer */
  int channels; /* R, RG or RGB */
  float tol;    /* of the blended red */
} ra_format;

static int ra_wrong, ra_checks;

static void ra_expect(bool ok, const char *fmt, ...)
{
  ra_checks++;
  if (ok)
    return;
  if (ra_wrong++ < 8) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fail("%s", msg);
  }
}

/* Every alpha of N x N RGBA floats/ints is 1 and the channels past `channels` are 0. */
static void ra_check_pixels(const ra_format *f, const char *path, const char *reader,
                            const void *px)
{
  int bad = -1;
  double c[4] = {0, 0, 0, 0};
  for (int i = 0; i < RA_N * RA_N && bad < 0; i++) {
    for (int k = 0; k < 4; k++)
      c[k] = f->kind ? (double)((const GLint *)px)[4 * i + k] : ((const GLfloat *)px)[4 * i + k];
    bool ok = c[3] == 1.0;
    for (int k = f->channels; k < 3; k++)
      ok = ok && c[k] == 0.0;
    if (!ok)
      bad = i;
  }
  ra_expect(bad < 0, "%s, %s, %s: pixel %d is (%g,%g,%g,%g), expected alpha 1%s", f->name, path,
            reader, bad, c[0], c[1], c[2], c[3], f->channels < 3 ? " and absent channels 0" : "");
}

/* Reads back image (tex: a texture, else a renderbuffer) of fbo (0: not renderable) after the
 * writer `path`, with every reader; the blend, which overwrites, goes last. */
static void ra_readers(const ra_format *f, const char *path, GLuint fbo, GLuint tex,
                       GLuint sfbo, const GLuint prog[3], GLuint solid)
{
  static GLint px[RA_N * RA_N * 4];
  const GLenum format = f->kind ? GL_RGBA_INTEGER : GL_RGBA, type = f->kind ? GL_INT : GL_FLOAT;
  GLubyte got[RA_N * RA_N * 4];
  if (fbo) {
    memset(px, 0x5a, sizeof px);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glReadPixels(0, 0, RA_N, RA_N, format, type, px);
    check_gl_error("glReadPixels");
    ra_check_pixels(f, path, "glReadPixels(GL_RGBA)", px);
  }
  if (tex) {
    memset(px, 0x5a, sizeof px);
    glBindTexture(GL_TEXTURE_2D, tex);
    glGetTexImage(GL_TEXTURE_2D, 0, format, type, px);
    check_gl_error("glGetTexImage");
    ra_check_pixels(f, path, "glGetTexImage(GL_RGBA)", px);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl.BindFramebuffer(GL_FRAMEBUFFER, sfbo);
    glViewport(0, 0, RA_N, RA_N);
    gl.UseProgram(prog[f->kind]);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glReadPixels(0, 0, RA_N, RA_N, GL_RGBA, GL_UNSIGNED_BYTE, got);
    check_gl_error("sampling");
    const int want = f->kind ? 1 : 255;
    int bad = -1;
    for (int i = 0; i < RA_N * RA_N && bad < 0; i++)
      if (got[4 * i] != want)
        bad = i;
    ra_expect(bad < 0, "%s, %s, texelFetch: sampled alpha of texel %d is %d/255, expected %d/255",
              f->name, path, bad, bad < 0 ? 0 : got[4 * bad], want);
  }
  if (!fbo || f->kind)
    return;
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, sfbo);
  gl.BlitFramebuffer(0, 0, RA_N, RA_N, 0, 0, RA_N, RA_N, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, sfbo);
  glReadPixels(0, 0, RA_N, RA_N, GL_RGBA, GL_UNSIGNED_BYTE, got);
  check_gl_error("blit into RGBA8");
  int bad = -1;
  for (int i = 0; i < RA_N * RA_N && bad < 0; i++)
    if (got[4 * i + 3] != 255)
      bad = i;
  ra_expect(bad < 0, "%s, %s, glBlitFramebuffer into RGBA8: alpha of pixel %d is %d, expected "
            "255", f->name, path, bad, bad < 0 ? 0 : got[4 * bad + 3]);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  glViewport(0, 0, RA_N, RA_N);
  gl.UseProgram(solid);
  set_vec4(solid, "u_color", V4(0.5f, 0.5f, 0.5f, 0.5f));
  glEnable(GL_BLEND);
  glBlendFunc(GL_DST_ALPHA, GL_ZERO);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_BLEND);
  GLfloat fpx[RA_N * RA_N * 4];
  glReadPixels(0, 0, RA_N, RA_N, GL_RGBA, GL_FLOAT, fpx);
  check_gl_error("blend");
  bad = -1;
  for (int i = 0; i < RA_N * RA_N && bad < 0; i++)
    if (fabsf(fpx[4 * i] - 0.5f) > f->tol)
      bad = i;
  ra_expect(bad < 0, "%s, %s, blend of 0.5 with GL_DST_ALPHA, GL_ZERO: red %g at pixel %d, "
            "expected 0.5", f->name, path, bad < 0 ? 0.0 : fpx[4 * bad], bad);
}

enum { RA_UPLOAD, RA_CLEAR, RA_DRAW, RA_BLIT, RA_COPY, RA_WRITERS };

static void sc_rgb_alpha_one(void)
{
  static const ra_format fmts[] = {
      {GL_RGB8, "RGB8", 0, 3, 1.5f / 255}, {GL_RGB16F, "RGB16F", 0, 3, 1e-3f},
      {GL_RGB32F, "RGB32F", 0, 3, 1e-6f},  {GL_SRGB8, "SRGB8", 0, 3, 1.5f / 255},
      {GL_RGB565, "RGB565", 0, 3, 1.5f / 31}, {GL_R11F_G11F_B10F, "R11F_G11F_B10F", 0, 3, 1e-2f},
      {GL_R8, "R8", 0, 1, 1.5f / 255},     {GL_RG8, "RG8", 0, 2, 1.5f / 255},
      {GL_RGB8I, "RGB8I", 1, 3, 0},        {GL_RGB8UI, "RGB8UI", 2, 3, 0},
  };
  static const char *const writer[RA_WRITERS] = {
      "upload of RGBA pixels", "glClear with alpha 0.5", "draw with alpha 0.5",
      "glBlitFramebuffer from RGBA8 with alpha 0.5", "glCopyTexImage2D from alpha 0.5"};
  static const char *vs = "#version 330 core\n"
                          "void main() {\n"
                          "  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, "
                          "gl_VertexID == 2 ? 3.0 : -1.0);\n"
                          "  gl_Position = vec4(p, 0.0, 1.0);\n"
                          "}\n";
  static const char *const fs[3] = {
      "#version 330 core\nuniform sampler2D t;\nout vec4 o;\n"
      "void main() { o = vec4(texelFetch(t, ivec2(gl_FragCoord.xy), 0).a, 0.0, 0.0, 1.0); }\n",
      "#version 330 core\nuniform isampler2D t;\nout vec4 o;\n"
      "void main() { o = vec4(float(texelFetch(t, ivec2(gl_FragCoord.xy), 0).a) / 255.0, 0.0, "
      "0.0, 1.0); }\n",
      "#version 330 core\nuniform usampler2D t;\nout vec4 o;\n"
      "void main() { o = vec4(float(texelFetch(t, ivec2(gl_FragCoord.xy), 0).a) / 255.0, 0.0, "
      "0.0, 1.0); }\n",
  };
  GLuint prog[3];
  for (int k = 0; k < 3; k++) {
    prog[k] = link_program(vs, fs[k]);
    gl.UseProgram(prog[k]);
    gl.Uniform1i(uloc(prog[k], "t"), 0);
  }
  GLuint solid = link_program(vs, FS_UNIFORM);
  GLuint vao;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  gl.ActiveTexture(GL_TEXTURE0);
  GLubyte up[RA_N * RA_N * 4];
  GLint upi[RA_N * RA_N * 4];
  for (int i = 0; i < RA_N * RA_N; i++) {
    up[4 * i] = 60, up[4 * i + 1] = 120, up[4 * i + 2] = 200, up[4 * i + 3] = 128;
    upi[4 * i] = 5, upi[4 * i + 1] = 6, upi[4 * i + 2] = 7, upi[4 * i + 3] = 77;
  }
  /* the sampling target, and the RGBA8 (alpha 0.5), RGBA8I and RGBA8UI (alpha 77) sources of
   * blits and copies */
  GLuint stex, sfbo = cp_fbo(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &stex);
  GLuint itex, ifbo = cp_fbo(GL_RGBA8I, GL_RGBA_INTEGER, GL_INT, NULL, &itex);
  glBindTexture(GL_TEXTURE_2D, itex);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, RA_N, RA_N, GL_RGBA_INTEGER, GL_INT, upi);
  GLuint utex, ufbo = cp_fbo(GL_RGBA8UI, GL_RGBA_INTEGER, GL_INT, NULL, &utex);
  glBindTexture(GL_TEXTURE_2D, utex);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, RA_N, RA_N, GL_RGBA_INTEGER, GL_INT, upi);
  GLuint atex, afbo = cp_fbo(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &atex);
  glViewport(0, 0, RA_N, RA_N);
  glClearColor(0.25f, 0.5f, 0.75f, 0.5f);
  glClear(GL_COLOR_BUFFER_BIT);
  check_gl_error("sources");
  for (size_t n = 0; n < sizeof fmts / sizeof fmts[0]; n++) {
    const ra_format *f = &fmts[n];
    for (int rb = 0; rb < 2; rb++)
      for (int w = 0; w < RA_WRITERS; w++) {
        if (f->kind && (rb || (w != RA_UPLOAD && w != RA_COPY)))
          continue; /* RGB8I/UI are not colour-renderable (GL 3.3 §4.4.4) */
        if (rb && (w == RA_UPLOAD || w == RA_COPY))
          continue;
        GLuint t = 0, r = 0, fbo = 0;
        if (rb) {
          gl.GenRenderbuffers(1, &r);
          gl.BindRenderbuffer(GL_RENDERBUFFER, r);
          gl.RenderbufferStorage(GL_RENDERBUFFER, f->ifmt, RA_N, RA_N);
        } else {
          glGenTextures(1, &t);
          glBindTexture(GL_TEXTURE_2D, t);
          glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
          if (w == RA_COPY) {
            gl.BindFramebuffer(GL_READ_FRAMEBUFFER, f->kind == 1 ? ifbo : f->kind ? ufbo : afbo);
            glCopyTexImage2D(GL_TEXTURE_2D, 0, f->ifmt, 0, 0, RA_N, RA_N, 0);
          } else if (f->kind) {
            glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->ifmt, RA_N, RA_N, 0, GL_RGBA_INTEGER, GL_INT,
                         upi);
          } else {
            glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->ifmt, RA_N, RA_N, 0, GL_RGBA,
                         GL_UNSIGNED_BYTE, up);
          }
        }
        check_gl_error(writer[w]);
        if (!f->kind) {
          gl.GenFramebuffers(1, &fbo);
          gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
          if (rb)
            gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, r);
          else
            gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
          if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
            die_setup("rgb_alpha_one: %s %s framebuffer incomplete", f->name,
                      rb ? "renderbuffer" : "texture");
          glViewport(0, 0, RA_N, RA_N);
          if (w == RA_CLEAR) {
            glClearColor(0.25f, 0.5f, 0.75f, 0.5f);
            glClear(GL_COLOR_BUFFER_BIT);
          } else if (w == RA_DRAW) {
            gl.UseProgram(solid);
            set_vec4(solid, "u_color", V4(0.25f, 0.5f, 0.75f, 0.5f));
            glDrawArrays(GL_TRIANGLES, 0, 3);
          } else if (w == RA_BLIT) {
            gl.BindFramebuffer(GL_READ_FRAMEBUFFER, afbo);
            gl.BlitFramebuffer(0, 0, RA_N, RA_N, 0, 0, RA_N, RA_N, GL_COLOR_BUFFER_BIT,
                               GL_NEAREST);
          }
          check_gl_error(writer[w]);
        }
        char path[128];
        snprintf(path, sizeof path, "%s %s", rb ? "renderbuffer" : "texture", writer[w]);
        ra_readers(f, path, fbo, t, sfbo, prog, solid);
        gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
        if (fbo)
          gl.DeleteFramebuffers(1, &fbo);
        if (r)
          gl.DeleteRenderbuffers(1, &r);
        if (t)
          glDeleteTextures(1, &t);
      }
  }
  /* glCopyTexImage2D and glCopyTexSubImage2D into GL_RGB9_E5 (sampled, not renderable) from
   * the RGBA8 framebuffer (cleared to 0.25, 0.5, 0.75: 64, 128, 191 of 255 on lavapipe, giving
   * 0.251953, 0.501953, 0.748047 in 9e5 on mgl, llvmpipe and Zink; 0.5 x 255 is a tie GL leaves
   * open and NVIDIA stores 127, so the expectation is the stored bytes; within half a step,
   * 2^-10, asserted), around it the 0 of an upload */
  {
    static const ra_format e5 = {GL_RGB9_E5, "RGB9_E5", 0, 3, 0};
    GLubyte stored[4];
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, afbo);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, stored);
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, afbo);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 0, 0, RA_N, RA_N, 0);
    check_gl_error("glCopyTexImage2D(GL_RGB9_E5)");
    ra_readers(&e5, "glCopyTexImage2D from RGBA8", 0, t, sfbo, prog, solid);
    static const float quarter[RA_N * RA_N * 3];
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, RA_N, RA_N, GL_RGB, GL_FLOAT, quarter);
    gl.BindFramebuffer(GL_READ_FRAMEBUFFER, afbo);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 3, 1, 1, 4, 3);
    check_gl_error("glCopyTexSubImage2D(GL_RGB9_E5)");
    GLfloat px[RA_N * RA_N * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, px);
    int bad = -1;
    for (int i = 0; i < RA_N * RA_N && bad < 0; i++) {
      const int x = i % RA_N, y = i / RA_N;
      const bool in = x >= 2 && x < 6 && y >= 3 && y < 6;
      const float want[4] = {in ? stored[0] / 255.0f : 0, in ? stored[1] / 255.0f : 0,
                             in ? stored[2] / 255.0f : 0, 1};
      for (int k = 0; k < 4; k++)
        if (fabsf(px[4 * i + k] - want[k]) > 1.0f / 1024 || (!in && px[4 * i + k] != want[k]))
          bad = i;
    }
    ra_expect(bad < 0, "RGB9_E5: glCopyTexSubImage2D of 4x3 at (2,3): texel %d is (%g,%g,%g,%g)",
              bad, bad < 0 ? 0 : px[4 * bad], bad < 0 ? 0 : px[4 * bad + 1],
              bad < 0 ? 0 : px[4 * bad + 2], bad < 0 ? 0 : px[4 * bad + 3]);
    glDeleteTextures(1, &t);
  }
  printf("  %d of %d checks wrong\n", ra_wrong, ra_checks);
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  GLuint fbos[4] = {sfbo, ifbo, ufbo, afbo}, texs[4] = {stex, itex, utex, atex};
  gl.DeleteFramebuffers(4, fbos);
  glDeleteTextures(4, texs);
  gl.DeleteVertexArrays(1, &vao);
  for (int k = 0; k < 3; k++)
    gl.DeleteProgram(prog[k]);
  gl.DeleteProgram(solid);
  glViewport(0, 0, 64, 64);
  check_window_cleared("the window (untouched)");
}

/* default_fb_no_alpha: the default framebuffer of an EGL config with EGL_ALPHA_SIZE 0 has no
 * alpha bits, so alpha reads 1 (GL 3.3 §4.1.8, §4.3.2, §4.3.3): GL_FRAMEBUFFER_ATTACHMENT_
 * ALPHA_SIZE of GL_BACK_LEFT is 0 and a glClear with alpha 0.5, a draw of alpha 0.3, a blend of
 * 0.5 with GL_DST_ALPHA, GL_ZERO (red 0.5; 0.25 when the cleared 0.5 was kept), a glBlitFramebuffer
 * into an RGBA8 FBO cleared to alpha 0 and a glCopyTexImage2D(GL_RGBA8) all see alpha 1. The
 * scenario makes its own 16x16 pbuffer and context of the first RGB8 config with alpha 0 (picked
 * by EGL_ALPHA_SIZE, since eglChooseConfig ranks RGBA first) and switches back after. */
enum { DA_N = 16 };

static EGLint cfg_attrib(EGLDisplay dpy, EGLConfig c, EGLint a);

/* Every pixel of DA_N x DA_N RGBA8 has alpha 255 and red `red` (within 1; red < 0: any). */
static void da_check(const char *what, const GLubyte *px, int red)
{
  for (int i = 0; i < DA_N * DA_N; i++)
    if (px[4 * i + 3] != 255 || (red >= 0 && abs(px[4 * i] - red) > 1)) {
      fail("%s: pixel (%d,%d) is (%d,%d,%d,%d), expected alpha 255%s", what, i % DA_N, i / DA_N,
           px[4 * i], px[4 * i + 1], px[4 * i + 2], px[4 * i + 3],
           red >= 0 ? " and red as written" : "");
      return;
    }
}

static void sc_default_fb_no_alpha(void)
{
  EGLDisplay dpy = eglGetCurrentDisplay();
  EGLContext ctx0 = eglGetCurrentContext();
  EGLSurface draw0 = eglGetCurrentSurface(EGL_DRAW), read0 = eglGetCurrentSurface(EGL_READ);
  const EGLint want[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                         EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 0,
                         EGL_NONE};
  EGLConfig cfgs[256], cfg = NULL;
  EGLint n = 0;
  if (!eglChooseConfig(dpy, want, cfgs, 256, &n))
    die_setup("eglChooseConfig: 0x%x", eglGetError());
  for (EGLint i = 0; i < n && !cfg; i++)
    if (cfg_attrib(dpy, cfgs[i], EGL_RED_SIZE) == 8 &&
        cfg_attrib(dpy, cfgs[i], EGL_GREEN_SIZE) == 8 &&
        cfg_attrib(dpy, cfgs[i], EGL_BLUE_SIZE) == 8 &&
        cfg_attrib(dpy, cfgs[i], EGL_ALPHA_SIZE) == 0 && cfg_attrib(dpy, cfgs[i], EGL_SAMPLES) == 0)
      cfg = cfgs[i];
  if (!cfg)
    die_setup("default_fb_no_alpha: none of %d configs is RGB8 with alpha 0, single-sample", n);
  const EGLint pb[] = {EGL_WIDTH, DA_N, EGL_HEIGHT, DA_N, EGL_NONE};
  EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, pb);
  const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                             EGL_CONTEXT_OPENGL_PROFILE_MASK,
                             EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
  if (surf == EGL_NO_SURFACE || ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surf, surf, ctx))
    die_setup("default_fb_no_alpha: pbuffer, context or make-current failed: 0x%x", eglGetError());

  GLint bits[2] = {-1, -1};
  gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT,
                                         GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE, &bits[0]);
  gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT,
                                         GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &bits[1]);
  check_gl_error("GL_FRAMEBUFFER_ATTACHMENT_*_SIZE of GL_BACK_LEFT");
  if (bits[0] != 0 || bits[1] != 8)
    fail("GL_BACK_LEFT: alpha size %d, red size %d; expected 0 and 8", bits[0], bits[1]);

  static const char *vs = "#version 330 core\n"
                          "void main() {\n"
                          "  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, "
                          "gl_VertexID == 2 ? 3.0 : -1.0);\n"
                          "  gl_Position = vec4(p, 0.0, 1.0);\n"
                          "}\n";
  GLuint solid = link_program(vs, FS_UNIFORM), vao;
  gl.GenVertexArrays(1, &vao);
  gl.BindVertexArray(vao);
  glViewport(0, 0, DA_N, DA_N);
  GLubyte px[DA_N * DA_N * 4];

  glClearColor(0.25f, 0.5f, 0.75f, 0.5f);
  glClear(GL_COLOR_BUFFER_BIT);
  glReadPixels(0, 0, DA_N, DA_N, GL_RGBA, GL_UNSIGNED_BYTE, px);
  check_gl_error("glClear with alpha 0.5");
  da_check("glClear with alpha 0.5, glReadPixels(GL_RGBA)", px, 64);

  gl.UseProgram(solid);
  set_vec4(solid, "u_color", V4(0.75f, 0.5f, 0.25f, 0.3f));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glReadPixels(0, 0, DA_N, DA_N, GL_RGBA, GL_UNSIGNED_BYTE, px);
  check_gl_error("draw with alpha 0.3");
  da_check("draw with alpha 0.3, glReadPixels(GL_RGBA)", px, 191);

  glClear(GL_COLOR_BUFFER_BIT); /* alpha 0.5 again: what a kept alpha would blend with */
  set_vec4(solid, "u_color", V4(0.5f, 0.5f, 0.5f, 0.5f));
  glEnable(GL_BLEND);
  glBlendFunc(GL_DST_ALPHA, GL_ZERO);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_BLEND);
  glReadPixels(0, 0, DA_N, DA_N, GL_RGBA, GL_UNSIGNED_BYTE, px);
  check_gl_error("blend with GL_DST_ALPHA");
  da_check("blend of 0.5 with GL_DST_ALPHA, GL_ZERO over a clear of alpha 0.5", px, 128);

  glClear(GL_COLOR_BUFFER_BIT);
  GLuint tex, fbo;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, DA_N, DA_N, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  gl.GenFramebuffers(1, &fbo);
  gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
  gl.FramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  if (gl.CheckFramebufferStatus(GL_DRAW_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    die_setup("default_fb_no_alpha: RGBA8 framebuffer incomplete");
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  gl.BlitFramebuffer(0, 0, DA_N, DA_N, 0, 0, DA_N, DA_N, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  glReadPixels(0, 0, DA_N, DA_N, GL_RGBA, GL_UNSIGNED_BYTE, px);
  check_gl_error("glBlitFramebuffer into RGBA8");
  da_check("glBlitFramebuffer from the default framebuffer into RGBA8", px, 64);

  GLuint ctex;
  glGenTextures(1, &ctex);
  glBindTexture(GL_TEXTURE_2D, ctex);
  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, DA_N, DA_N, 0);
  memset(px, 0, sizeof px);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
  check_gl_error("glCopyTexImage2D(GL_RGBA8)");
  da_check("glCopyTexImage2D(GL_RGBA8) from the default framebuffer, glGetTexImage", px, 64);

  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  gl.DeleteFramebuffers(1, &fbo);
  GLuint texs[2] = {tex, ctex};
  glDeleteTextures(2, texs);
  gl.DeleteVertexArrays(1, &vao);
  gl.DeleteProgram(solid);
  check_gl_error("default_fb_no_alpha");
  if (!eglMakeCurrent(dpy, draw0, read0, ctx0))
    die_setup("default_fb_no_alpha: switching back failed: 0x%x", eglGetError());
  eglDestroyContext(dpy, ctx);
  eglDestroySurface(dpy, surf);
}

/* feedback_mip_chain: GL 3.3 §4.4.3 makes sampling a texture that is attached to the draw
 * framebuffer undefined only when an attached level can be sampled: with a non-mipmap minifying
 * filter the base level alone, with a mipmap filter levels base..max. A downsample chain is
 * legal: a 64x64 RGBA8 texture holding the MQ quadrants at level 0 gets each level 1..6 drawn
 * from the level above (a full-viewport quad, each pass rotating the colour channels once so a
 * wrong source level shows), twice: chain A with GL_LINEAR (base = k-1, max left at 1000), chain
 * B with GL_LINEAR_MIPMAP_NEAREST and base = max = k-1. Every level is read back (levels 1..5
 * keep the rotated quadrants, level 6 is their mean). Then the undefined case: a mipmap filter
 * over levels 0..6 while level 1 is attached; mgl skips that draw and counts the decline
 * feedback-loop-undefined (gate.decline_counted); its pixels are not checked. The context goes
 * on: level 2 of chain A is drawn into the window and checked. */
static void fbl_rot(uint8_t c[4], int k)
{
  for (int i = 0; i < k % 3; i++) {
    const uint8_t r = c[0];
    c[0] = c[1];
    c[1] = c[2];
    c[2] = r;
  }
}

static rgba8 fbl_colour(const void *ctx, int x, int y)
{
  const int k = *(const int *)ctx;
  rgba8 r;
  memcpy(r.c, MQ[(x >= 32 ? 1 : 0) + (y >= 32 ? 2 : 0)], 4);
  fbl_rot(r.c, k);
  return r;
}

static void fbl_chain(GLuint tex, GLuint fbo, bool mipmap_filter, const char *what)
{
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                  mipmap_filter ? GL_LINEAR_MIPMAP_NEAREST : GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  for (int k = 1; k <= 6; k++) {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, k - 1);
    if (mipmap_filter)
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, k - 1);
    gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, k);
    if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("%s: FBO on level %d incomplete", what, k);
    glViewport(0, 0, 64 >> k, 64 >> k);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    check_gl_error(what);
  }
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1000);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  for (int k = 1; k <= 6; k++) {
    const int n = 64 >> k;
    uint8_t got[32 * 32 * 4];
    memset(got, 0xA5, sizeof got);
    glGetTexImage(GL_TEXTURE_2D, k, GL_RGBA, GL_UNSIGNED_BYTE, got);
    int bad = 0;
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        uint8_t want[4];
        if (n == 1) {
          for (int c = 0; c < 4; c++)
            want[c] = (uint8_t)((MQ[0][c] + MQ[1][c] + MQ[2][c] + MQ[3][c]) / 4);
        } else {
          memcpy(want, MQ[(i >= n / 2 ? 1 : 0) + (j >= n / 2 ? 2 : 0)], 4);
        }
        fbl_rot(want, k);
        const uint8_t *g = &got[(j * n + i) * 4];
        bool ok = true;
        for (int c = 0; c < 4; c++)
          ok &= abs((int)g[c] - (int)want[c]) <= (n == 1 ? 1 : 0);
        if (!ok && bad++ < 4)
          fail("%s: level %d texel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", what, k,
               i, j, want[0], want[1], want[2], want[3], g[0], g[1], g[2], g[3]);
      }
  }
  check_gl_error("glGetTexImage of the chain");
}

static void sc_feedback_mip_chain(void)
{
  uint8_t texels[64 * 64 * 4];
  for (int j = 0; j < 64; j++)
    for (int i = 0; i < 64; i++)
      memcpy(&texels[(j * 64 + i) * 4], MQ[(i >= 32 ? 1 : 0) + (j >= 32 ? 2 : 0)], 4);
  GLuint tex[2], fbo;
  gl.ActiveTexture(GL_TEXTURE0);
  glGenTextures(2, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  for (int t = 0; t < 2; t++) {
    glBindTexture(GL_TEXTURE_2D, tex[t]);
    for (int l = 0; l <= 6; l++)
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, 64 >> l, 64 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   l ? NULL : texels);
  }
  check_gl_error("mip chain textures");
  static const char *fs = "#version 330 core\n"
                          "in vec2 v_uv;\n"
                          "uniform sampler2D u_tex;\n"
                          "out vec4 o_color;\n"
                          "void main() { o_color = texture(u_tex, v_uv).gbra; }\n";
  GLuint p = link_program(VS_TEXTURED, fs);
  gl.UseProgram(p);
  gl.Uniform1i(uloc(p, "u_tex"), 0);
  GLuint vao = textured_quad_vao(0, 0, W, H);
  gl.GenFramebuffers(1, &fbo);
  fbl_chain(tex[0], fbo, false, "chain A (GL_LINEAR, base k-1)");
  fbl_chain(tex[1], fbo, true, "chain B (mipmap filter, base = max = k-1)");

  /* The undefined case: level 1 attached and inside the sampled range 0..6. */
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
  gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 1);
  glViewport(0, 0, 32, 32);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("a draw sampling the attached level (undefined in GL, no error)");
  gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, W, H);

  /* The context goes on: level 2 of chain A, in the window. */
  static const char *fs_lod = "#version 330 core\n"
                              "in vec2 v_uv;\n"
                              "uniform sampler2D u_tex;\n"
                              "out vec4 o_color;\n"
                              "void main() { o_color = textureLod(u_tex, v_uv, 2.0); }\n";
  GLuint p2 = link_program(VS_TEXTURED, fs_lod);
  gl.UseProgram(p2);
  gl.Uniform1i(uloc(p2, "u_tex"), 0);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
  clear_to(bg);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("draw level 2 of chain A");
  static const int two = 2;
  model m;
  model_init(&m, bg);
  model_rect_fn(&m, 0, 0, W, H, fbl_colour, &two);
  check_frame("level 2 of the chain drawn from level 1, sampled with textureLod", &m);
  gl.DeleteFramebuffers(1, &fbo);
  glDeleteTextures(2, tex);
  gl.DeleteVertexArrays(1, &vao);
  gl.DeleteProgram(p);
  gl.DeleteProgram(p2);
}

/* oom_budget: GL_OUT_OF_MEMORY is an error, not a lost context. Run with a server whose
 * resource memory is capped (mgl's test knob MGL_VK_MEMORY_BUDGET, 6 MiB in gate.oom_budget.*),
 * 4 MiB RGBA8 textures: A fits, B does not (glGetError says GL_OUT_OF_MEMORY; a draw sampling B
 * reads the incomplete texture's (0,0,0,1)); once A is deleted, C fits, is uploaded and drawn
 * exactly; a 4 MiB buffer and a 1024x1024 renderbuffer past the budget are GL_OUT_OF_MEMORY
 * too; deleted, and C drawn again: the context went on. Without a budget (or off mgl) every
 * allocation succeeds and the same draws of A and C are checked. */
static GLuint oom_texture(const uint8_t *texels)
{
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1024, 1024, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  return t;
}

static void oom_draw(GLuint tex, vec4f want, const char *what)
{
  glBindTexture(GL_TEXTURE_2D, tex);
  clear_to(V4(0.5f, 0.5f, 0.5f, 1.0f));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error(what);
  model m;
  model_init(&m, want);
  check_frame(what, &m);
}

static void sc_oom_budget(void)
{
  const char *knob = getenv("MGL_VK_MEMORY_BUDGET");
  const bool budget = on_mgl() && knob && atoll(knob) > 0 && atoll(knob) < (8ll << 20);
  printf("  %s\n", budget ? "server memory budget below 8 MiB: allocations past it must fail"
                          : "no server memory budget: every allocation succeeds");
  const size_t bytes = 1024u * 1024u * 4u;
  uint8_t *texels = malloc(bytes);
  if (!texels)
    die_setup("oom_budget: %zu bytes", bytes);
  const vec4f ca = V4(0.8f, 0.2f, 0.0f, 1.0f), cc = V4(0.0f, 0.4f, 1.0f, 1.0f);
  const rgba8 a8 = to8(ca), c8 = to8(cc);
  for (size_t i = 0; i < bytes; i += 4)
    memcpy(&texels[i], a8.c, 4);
  gl.ActiveTexture(GL_TEXTURE0);
  GLuint p = link_program(VS_TEXTURED, FS_TEXTURED);
  gl.UseProgram(p);
  gl.Uniform1i(uloc(p, "u_tex"), 0);
  GLuint vao = textured_quad_vao(0, 0, W, H);

  GLuint ta = oom_texture(texels);
  check_gl_error("texture A (4 MiB, inside the budget)");
  GLuint tb = oom_texture(NULL);
  expect_gl_error(budget ? GL_OUT_OF_MEMORY : GL_NO_ERROR, "texture B (4 MiB more)");
  oom_draw(ta, ca, "texture A drawn");
  if (budget)
    oom_draw(tb, V4(0.0f, 0.0f, 0.0f, 1.0f), "texture B (no storage) samples as incomplete");
  glDeleteTextures(1, &ta);
  glDeleteTextures(1, &tb);
  for (size_t i = 0; i < bytes; i += 4)
    memcpy(&texels[i], c8.c, 4);
  GLuint tc = oom_texture(texels);
  check_gl_error("texture C after A and B were deleted");
  oom_draw(tc, cc, "texture C drawn");

  GLuint buf;
  gl.GenBuffers(1, &buf);
  gl.BindBuffer(GL_COPY_WRITE_BUFFER, buf);
  gl.BufferData(GL_COPY_WRITE_BUFFER, (GLsizeiptr)bytes, NULL, GL_STATIC_DRAW);
  expect_gl_error(budget ? GL_OUT_OF_MEMORY : GL_NO_ERROR, "a 4 MiB buffer beside texture C");
  /* An app that goes on using it: a draw reading vertices from it (no pixels checked). */
  GLuint vao2;
  gl.GenVertexArrays(1, &vao2);
  gl.BindVertexArray(vao2);
  gl.BindBuffer(GL_ARRAY_BUFFER, buf);
  gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 16, (void *)0);
  gl.VertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 16, (void *)8);
  gl.EnableVertexAttribArray(0);
  gl.EnableVertexAttribArray(1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  check_gl_error("a draw reading the buffer that got GL_OUT_OF_MEMORY");
  gl.BindVertexArray(vao);
  gl.DeleteVertexArrays(1, &vao2);
  gl.DeleteBuffers(1, &buf);
  GLuint rb;
  gl.GenRenderbuffers(1, &rb);
  gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
  gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 1024, 1024);
  expect_gl_error(budget ? GL_OUT_OF_MEMORY : GL_NO_ERROR,
                  "a 1024x1024 renderbuffer beside texture C");
  gl.DeleteRenderbuffers(1, &rb);
  oom_draw(tc, cc, "texture C drawn again after the failed allocations");
  free(texels);
  glDeleteTextures(1, &tc);
  gl.DeleteVertexArrays(1, &vao);
  gl.DeleteProgram(p);
}

/* es: 0 an OpenGL 3.3 core context, 2 or 3 an OpenGL ES context of that version. */
static const struct {
  const char *name;
  void (*run)(void);
  int es;
} SCENARIOS[] = {
    {"clear", sc_clear, 0},
    {"triangle", sc_triangle, 0},
    {"indexed_quad", sc_indexed_quad, 0},
    {"textured_quad", sc_textured_quad, 0},
    {"texsub_tiles", sc_texsub_tiles, 0},
    {"texsub_cover", sc_texsub_cover, 0},
    {"depth_test", sc_depth_test, 0},
    {"fbo_rtt", sc_fbo_rtt, 0},
    {"instanced", sc_instanced, 0},
    {"streamed_subdata", sc_streamed_subdata, 0},
    {"streamed_heap_subdata", sc_streamed_heap_subdata, 0},
    {"uniforms_ubo", sc_uniforms_ubo, 0},
    {"cull_winding", sc_cull_winding, 0},
    {"viewport_scissor", sc_viewport_scissor, 0},
    {"glsl140", sc_glsl140, 0},
    {"readpixels_pack", sc_readpixels_pack, 0},
    {"msaa_resolve", sc_msaa_resolve, 0},
    {"blit_scaled", sc_blit_scaled, 0},
    {"read_depth", sc_read_depth, 0},
    {"mipmaps", sc_mipmaps, 0},
    {"feedback_mip_chain", sc_feedback_mip_chain, 0},
    {"oom_budget", sc_oom_budget, 0},
    {"copy_buffer", sc_copy_buffer, 0},
    {"copy_tex", sc_copy_tex, 0},
    {"tex1d", sc_tex1d, 0},
    {"es2", sc_es2, 2},
    {"es3", sc_es3, 3},
    {"es3_float_color", sc_es3_float_color, 3},
    {"es2_ext", sc_es2_ext, 2},
    {"es2_probe", sc_es2_probe, 2},
    {"es2_probe_fbo", sc_es2_probe_fbo, 2},
    {"es2_probe_more", sc_es2_probe_more, 2},
    {"es2_aniso", sc_es2_aniso, 2},
    {"es2_probe_last", sc_es2_probe_last, 2},
    {"es2_clamp", sc_es2_clamp, 2},
    {"es2_draw_instanced", sc_es2_draw_instanced, 2},
    {"es2_lum_alpha", sc_es2_lum_alpha, 2},
    {"es3_lum_swizzle", sc_es3_lum_swizzle, 3},
    {"es_fixed", sc_es_fixed, 2},
    {"ubo_ranges", sc_ubo_ranges, 0},
    {"clear_masks", sc_clear_masks, 0},
    {"restart_loop", sc_restart_loop, 0},
    {"loop_gpu_indices", sc_loop_gpu_indices, 0},
    {"border_colors", sc_border_colors, 0},
    {"tex3d_array", sc_tex3d_array, 0},
    {"msaa_texture", sc_msaa_texture, 0},
    {"tex_storage", sc_tex_storage, 0},
    {"texture_buffer", sc_texture_buffer, 0},
    {"fence_sync", sc_fence_sync, 0},
    {"occlusion_query", sc_occlusion_query, 0},
    {"timer_query", sc_timer_query, 0},
    {"cond_render", sc_cond_render, 0},
    {"layered_rendering", sc_layered_rendering, 0},
    {"gs_points_to_quads", sc_gs_points_to_quads, 0},
    {"gs_two_prims", sc_gs_two_prims, 0},
    {"gs_adjacency", sc_gs_adjacency, 0},
    {"fbo_layers", sc_fbo_layers, 0},
    {"pbo_pack", sc_pbo_pack, 0},
    {"pbo_unpack", sc_pbo_unpack, 0},
    {"compressed_rgtc", sc_compressed_rgtc, 0},
    {"compressed_etc2", sc_compressed_etc2, 3},
    {"client_arrays", sc_client_arrays, 3},
    {"point_coord", sc_point_coord, 0},
    {"point_size", sc_point_size, 0},
    {"point_size_gs", sc_point_size_gs, 0},
    {"clear_layered", sc_clear_layered, 0},
    {"multisample_off", sc_multisample_off, 0},
    {"points_es", sc_points_es, 3},
    {"restart_fixed", sc_restart_fixed, 3},
    {"xfb_capture", sc_xfb_capture, 0},
    {"xfb_resume", sc_xfb_resume, 0},
    {"xfb_queries", sc_xfb_queries, 0},
    {"xfb_parts_packed", sc_xfb_parts_packed, 0},
    {"uniform_init", sc_uniform_init, 0},
    {"varying_pack", sc_varying_pack, 0},
    {"xfb_objects", sc_xfb_objects, 3},
    {"tex_rect", sc_tex_rect, 0},
    {"depth_stencil_tex", sc_depth_stencil_tex, 0},
    {"copy_tex_depth", sc_copy_tex_depth, 0},
    {"state_toggles", sc_state_toggles, 0},
    {"sampler_objects", sc_sampler_objects, 0},
    {"tex1d_fbo_queries", sc_tex1d_fbo_queries, 0},
    {"es3_internalformat", sc_es3_internalformat, 3},
    {"khr_debug", sc_khr_debug, 0},
    {"dual_source", sc_dual_source, 0},
    {"restart_lists", sc_restart_lists, 0},
    {"fbo_separate_ds", sc_fbo_separate_ds, 0},
    {"read_depth_fbo", sc_read_depth_fbo, 0},
    {"blit_same", sc_blit_same, 0},
    {"blit_ms_same", sc_blit_ms_same, 0},
    {"copy_tex_depth_convert", sc_copy_tex_depth_convert, 0},
    {"blit_ms_errors", sc_blit_ms_errors, 0},
    {"blit_ms_depth", sc_blit_ms_depth, 0},
    {"blit_scaled_outside", sc_blit_scaled_outside, 0},
    {"blit_ms_convert", sc_blit_ms_convert, 0},
    {"blit_to_ms", sc_blit_to_ms, 0},
    {"blit_linear_outside", sc_blit_linear_outside, 0},
    {"blit_clip_box", sc_blit_clip_box, 0},
    {"blit_no_vk_blit", sc_blit_no_vk_blit, 0},
    {"blit_ms_depth_keeps_stencil", sc_blit_ms_depth_keeps_stencil, 0},
    {"blit_depth_to_ms", sc_blit_depth_to_ms, 0},
    {"blit_stencil_declined", sc_blit_stencil_declined, 0},
    {"tex1d_depth", sc_tex1d_depth, 0},
    {"point_size_unwritable", sc_point_size_unwritable, 0},
    {"block_array_interp", sc_block_array_interp, 0},
    {"rect_sampler", sc_rect_sampler, 0},
    {"vertex_formats", sc_vertex_formats, 0},
    {"draw_entry_points", sc_draw_entry_points, 0},
    {"blend_state", sc_blend_state, 0},
    {"texture_params", sc_texture_params, 0},
    {"texture_formats", sc_texture_formats, 0},
    {"readpixels_types", sc_readpixels_types, 0},
    {"depth_stencil_state", sc_depth_stencil_state, 0},
    {"map_buffer_write", sc_map_buffer_write, 0},
    {"fbo_eight_srgb", sc_fbo_eight_srgb, 0},
    {"sampler_params", sc_sampler_params, 0},
    {"xfb_block_array", sc_xfb_block_array, 0},
    {"blit_stencil_drawn", sc_blit_stencil_drawn, 0},
    {"blit_1d_dst", sc_blit_1d_dst, 0},
    {"blit_1d_src", sc_blit_1d_src, 0},
    {"sample_coverage", sc_sample_coverage, 0},
    {"polygon_line", sc_polygon_line, 0},
    {"int_attrib_defaults", sc_int_attrib_defaults, 0},
    {"snorm_attribs", sc_snorm_attribs, 0},
    {"depth_only_fbo", sc_depth_only_fbo, 0},
    {"fbo_srgb_switch", sc_fbo_srgb_switch, 0},
    {"blit_srgb_switch", sc_blit_srgb_switch, 0},
    {"copytex_srgb_switch", sc_copytex_srgb_switch, 0},
    {"copytex_paths", sc_copytex_paths, 0},
    {"blit_3d_slice", sc_blit_3d_slice, 0},
    {"pack_images", sc_pack_images, 0},
    {"pack_1d_array", sc_pack_1d_array, 0},
    {"line_smooth", sc_line_smooth, 0},
    {"occlusion_two_targets", sc_occlusion_two_targets, 0},
    {"query_delete_active", sc_query_delete_active, 0},
    {"rgb_alpha_one", sc_rgb_alpha_one, 0},
    {"default_fb_no_alpha", sc_default_fb_no_alpha, 0},
};
#define N_SCENARIOS (sizeof SCENARIOS / sizeof SCENARIOS[0])

static EGLint cfg_attrib(EGLDisplay dpy, EGLConfig c, EGLint a)
{
  EGLint v = -1;
  eglGetConfigAttrib(dpy, c, a, &v);
  return v;
}

static void egl_setup(int es)
{
  const char *cext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!cext || !strstr(cext, "EGL_MESA_platform_surfaceless"))
    die_setup("EGL_MESA_platform_surfaceless is not a client extension (got: %s)",
              cext ? cext : "(null)");
  PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  if (!get_platform_display)
    die_setup("eglGetPlatformDisplayEXT not available");
  EGLDisplay dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  if (dpy == EGL_NO_DISPLAY)
    die_setup("eglGetPlatformDisplayEXT(SURFACELESS) failed: 0x%x", eglGetError());
  EGLint major = 0, minor = 0;
  if (!eglInitialize(dpy, &major, &minor))
    die_setup("eglInitialize failed: 0x%x", eglGetError());

  const EGLint renderable = es == 3 ? EGL_OPENGL_ES3_BIT : es == 2 ? EGL_OPENGL_ES2_BIT
                                                                    : EGL_OPENGL_BIT;
  const EGLint want[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, renderable,
                         EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                         EGL_DEPTH_SIZE, 24, EGL_STENCIL_SIZE, 8, EGL_NONE};
  EGLConfig cfgs[256];
  EGLint n = 0;
  if (!eglChooseConfig(dpy, want, cfgs, 256, &n) || n == 0)
    die_setup("no RGBA8 D24S8 pbuffer config for OpenGL (eglChooseConfig: 0x%x, n=%d)",
              eglGetError(), n);
  EGLConfig cfg = NULL;
  for (EGLint i = 0; i < n && !cfg; i++) /* exact sizes: the readback must be RGBA8 */
    if (cfg_attrib(dpy, cfgs[i], EGL_RED_SIZE) == 8 &&
        cfg_attrib(dpy, cfgs[i], EGL_GREEN_SIZE) == 8 &&
        cfg_attrib(dpy, cfgs[i], EGL_BLUE_SIZE) == 8 &&
        cfg_attrib(dpy, cfgs[i], EGL_ALPHA_SIZE) == 8 &&
        cfg_attrib(dpy, cfgs[i], EGL_DEPTH_SIZE) == 24 &&
        cfg_attrib(dpy, cfgs[i], EGL_STENCIL_SIZE) == 8 &&
        cfg_attrib(dpy, cfgs[i], EGL_SAMPLES) == 0)
      cfg = cfgs[i];
  if (!cfg)
    die_setup("%d configs matched but none is exactly RGBA8 D24S8 single-sample", n);

  const EGLint pb[] = {EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE};
  EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, pb);
  if (surf == EGL_NO_SURFACE)
    die_setup("eglCreatePbufferSurface failed: 0x%x", eglGetError());
  if (!eglBindAPI(es ? EGL_OPENGL_ES_API : EGL_OPENGL_API))
    die_setup("eglBindAPI(%s) failed: 0x%x", es ? "EGL_OPENGL_ES_API" : "EGL_OPENGL_API",
              eglGetError());
  const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                             EGL_CONTEXT_OPENGL_PROFILE_MASK,
                             EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  const EGLint es_attr[] = {EGL_CONTEXT_CLIENT_VERSION, es, EGL_NONE};
  EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es ? es_attr : ctx_attr);
  if (ctx == EGL_NO_CONTEXT)
    die_setup("eglCreateContext(%s) failed: 0x%x", es ? "OpenGL ES" : "3.3 core", eglGetError());
  if (!eglMakeCurrent(dpy, surf, surf, ctx))
    die_setup("eglMakeCurrent failed: 0x%x", eglGetError());

#define X(type, name)                                                         \
  gl.name = (type)eglGetProcAddress("gl" #name);                              \
  if (!gl.name)                                                               \
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

static void usage(FILE *f)
{
  fprintf(f, "usage: mgl-scenario NAME [--write OUT.png]\n"
             "       mgl-scenario --list\n"
             "Runs one GL 3.3 core (or OpenGL ES) scenario on a 64x64 surfaceless pbuffer and checks\n"
             "its pixels.\n"
             "Exit: 0 pass, 1 fail, 2 usage/setup error.\nScenarios:");
  for (size_t i = 0; i < N_SCENARIOS; i++)
    fprintf(f, " %s", SCENARIOS[i].name);
  fputc('\n', f);
}

int main(int argc, char **argv)
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

  EGLDisplay dpy = eglGetCurrentDisplay();
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglTerminate(dpy);
  eglReleaseThread();

  if (g_failures) {
    fprintf(stderr, "mgl-scenario %s: FAILED (%d problem%s)\n", name, g_failures,
            g_failures == 1 ? "" : "s");
    return 1;
  }
  printf("mgl-scenario %s: PASS\n", name);
  return 0;
}
