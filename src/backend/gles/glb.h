/* glb.h — the GLES backend (server role): MGPipe served by a host EGL/GLES 3.x driver.
 *
 * One host EGL display and one host GLES context per screen (share group); every MGPipe context
 * of the screen is a state container on that host context (its framebuffer object, vertex array
 * object, program and bindings are re-applied when another MGPipe context's call arrives), so
 * no host object needs to be shared between host contexts. Host calls go only through the
 * function pointers of struct glb_host (glb_host.c says why): this folder includes the EGL and
 * GLES headers for their types and enums, with the prototypes switched off, so a call by a
 * global name does not compile. */
#ifndef MGL_BACKEND_GLES_GLB_H
#define MGL_BACKEND_GLES_GLB_H

#define EGL_EGL_PROTOTYPES 0
#define GL_GLES_PROTOTYPES 0
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl32.h>
/* extension enums only (GL_FRAMEBUFFER_SRGB_EXT, ...): the prototypes stay off */
#include <GLES2/gl2ext.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "backend.h"
#include "decline.h"
#include "log.h"
#include "pipe_formats.h"

/* ---- the host driver's entry points (glb_host.c) ----------------------------------------- */

#define GLB_EGL_FUNCS(X)                                                                           \
   X(PFNEGLINITIALIZEPROC, Initialize)                                                             \
   X(PFNEGLTERMINATEPROC, Terminate)                                                               \
   X(PFNEGLQUERYSTRINGPROC, QueryString)                                                           \
   X(PFNEGLBINDAPIPROC, BindAPI)                                                                   \
   X(PFNEGLCHOOSECONFIGPROC, ChooseConfig)                                                         \
   X(PFNEGLCREATECONTEXTPROC, CreateContext)                                                       \
   X(PFNEGLDESTROYCONTEXTPROC, DestroyContext)                                                     \
   X(PFNEGLMAKECURRENTPROC, MakeCurrent)                                                           \
   X(PFNEGLGETCURRENTCONTEXTPROC, GetCurrentContext)                                               \
   X(PFNEGLGETERRORPROC, GetError)                                                                 \
   X(PFNEGLRELEASETHREADPROC, ReleaseThread)

#define GLB_GL_FUNCS(X)                                                                            \
   X(PFNGLGETSTRINGPROC, GetString)                                                                \
   X(PFNGLGETINTEGERVPROC, GetIntegerv)                                                            \
   X(PFNGLGETFLOATVPROC, GetFloatv)                                                                \
   X(PFNGLGETERRORPROC, GetError)                                                                  \
   X(PFNGLFLUSHPROC, Flush)                                                                        \
   X(PFNGLFINISHPROC, Finish)                                                                      \
   X(PFNGLFENCESYNCPROC, FenceSync)                                                                \
   X(PFNGLCLIENTWAITSYNCPROC, ClientWaitSync)                                                      \
   X(PFNGLDELETESYNCPROC, DeleteSync)                                                              \
   X(PFNGLENABLEPROC, Enable)                                                                      \
   X(PFNGLDISABLEPROC, Disable)                                                                    \
   X(PFNGLPIXELSTOREIPROC, PixelStorei)                                                            \
   X(PFNGLGENBUFFERSPROC, GenBuffers)                                                              \
   X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)                                                        \
   X(PFNGLBINDBUFFERPROC, BindBuffer)                                                              \
   X(PFNGLBINDBUFFERRANGEPROC, BindBufferRange)                                                    \
   X(PFNGLBUFFERDATAPROC, BufferData)                                                              \
   X(PFNGLBUFFERSUBDATAPROC, BufferSubData)                                                        \
   X(PFNGLMAPBUFFERRANGEPROC, MapBufferRange)                                                      \
   X(PFNGLUNMAPBUFFERPROC, UnmapBuffer)                                                            \
   X(PFNGLGENTEXTURESPROC, GenTextures)                                                            \
   X(PFNGLDELETETEXTURESPROC, DeleteTextures)                                                      \
   X(PFNGLBINDTEXTUREPROC, BindTexture)                                                            \
   X(PFNGLACTIVETEXTUREPROC, ActiveTexture)                                                        \
   X(PFNGLTEXSTORAGE2DPROC, TexStorage2D)                                                          \
   X(PFNGLTEXSTORAGE3DPROC, TexStorage3D)                                                          \
   X(PFNGLTEXSUBIMAGE3DPROC, TexSubImage3D)                                                        \
   X(PFNGLCOPYTEXSUBIMAGE2DPROC, CopyTexSubImage2D)                                                \
   X(PFNGLCOPYTEXSUBIMAGE3DPROC, CopyTexSubImage3D)                                                \
   X(PFNGLFRAMEBUFFERTEXTURELAYERPROC, FramebufferTextureLayer)                                    \
   X(PFNGLBLITFRAMEBUFFERPROC, BlitFramebuffer)                                                    \
   X(PFNGLCOPYBUFFERSUBDATAPROC, CopyBufferSubData)                                                \
   X(PFNGLCOPYIMAGESUBDATAPROC, CopyImageSubData)                                                  \
   X(PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC, RenderbufferStorageMultisample)                      \
   X(PFNGLGETINTERNALFORMATIVPROC, GetInternalformativ)                                            \
   X(PFNGLTEXSUBIMAGE2DPROC, TexSubImage2D)                                                        \
   X(PFNGLTEXPARAMETERIPROC, TexParameteri)                                                        \
   X(PFNGLGENERATEMIPMAPPROC, GenerateMipmap)                                                      \
   X(PFNGLGENRENDERBUFFERSPROC, GenRenderbuffers)                                                  \
   X(PFNGLDELETERENDERBUFFERSPROC, DeleteRenderbuffers)                                            \
   X(PFNGLBINDRENDERBUFFERPROC, BindRenderbuffer)                                                  \
   X(PFNGLRENDERBUFFERSTORAGEPROC, RenderbufferStorage)                                            \
   X(PFNGLGENFRAMEBUFFERSPROC, GenFramebuffers)                                                    \
   X(PFNGLDELETEFRAMEBUFFERSPROC, DeleteFramebuffers)                                              \
   X(PFNGLBINDFRAMEBUFFERPROC, BindFramebuffer)                                                    \
   X(PFNGLFRAMEBUFFERTEXTURE2DPROC, FramebufferTexture2D)                                          \
   X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, FramebufferRenderbuffer)                                    \
   X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, CheckFramebufferStatus)                                      \
   X(PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVPROC, GetFramebufferAttachmentParameteriv)            \
   X(PFNGLGETRENDERBUFFERPARAMETERIVPROC, GetRenderbufferParameteriv)                              \
   X(PFNGLDRAWBUFFERSPROC, DrawBuffers)                                                            \
   X(PFNGLREADBUFFERPROC, ReadBuffer)                                                              \
   X(PFNGLREADPIXELSPROC, ReadPixels)                                                              \
   X(PFNGLCLEARBUFFERFVPROC, ClearBufferfv)                                                        \
   X(PFNGLCLEARBUFFERIVPROC, ClearBufferiv)                                                        \
   X(PFNGLCLEARBUFFERUIVPROC, ClearBufferuiv)                                                      \
   X(PFNGLCLEARBUFFERFIPROC, ClearBufferfi)                                                        \
   X(PFNGLCOLORMASKPROC, ColorMask)                                                                \
   X(PFNGLBLENDFUNCSEPARATEPROC, BlendFuncSeparate)                                                \
   X(PFNGLBLENDEQUATIONSEPARATEPROC, BlendEquationSeparate)                                        \
   X(PFNGLCOLORMASKIPROC, ColorMaski)                                                              \
   X(PFNGLDEPTHMASKPROC, DepthMask)                                                                \
   X(PFNGLSTENCILMASKPROC, StencilMask)                                                            \
   X(PFNGLSCISSORPROC, Scissor)                                                                    \
   X(PFNGLVIEWPORTPROC, Viewport)                                                                  \
   X(PFNGLDEPTHRANGEFPROC, DepthRangef)                                                            \
   X(PFNGLCREATESHADERPROC, CreateShader)                                                          \
   X(PFNGLDELETESHADERPROC, DeleteShader)                                                          \
   X(PFNGLSHADERSOURCEPROC, ShaderSource)                                                          \
   X(PFNGLCOMPILESHADERPROC, CompileShader)                                                        \
   X(PFNGLGETSHADERIVPROC, GetShaderiv)                                                            \
   X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                                                  \
   X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                                        \
   X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                                        \
   X(PFNGLATTACHSHADERPROC, AttachShader)                                                          \
   X(PFNGLLINKPROGRAMPROC, LinkProgram)                                                            \
   X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                                          \
   X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                                                \
   X(PFNGLUSEPROGRAMPROC, UseProgram)                                                              \
   X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation)                                              \
   X(PFNGLUNIFORM1FPROC, Uniform1f)                                                                \
   X(PFNGLUNIFORM1FVPROC, Uniform1fv)                                                              \
   X(PFNGLUNIFORM1IPROC, Uniform1i)                                                                \
   X(PFNGLUNIFORM4FPROC, Uniform4f)                                                                \
   X(PFNGLSAMPLECOVERAGEPROC, SampleCoverage)                                                      \
   X(PFNGLGENVERTEXARRAYSPROC, GenVertexArrays)                                                    \
   X(PFNGLDELETEVERTEXARRAYSPROC, DeleteVertexArrays)                                              \
   X(PFNGLBINDVERTEXARRAYPROC, BindVertexArray)                                                    \
   X(PFNGLENABLEVERTEXATTRIBARRAYPROC, EnableVertexAttribArray)                                    \
   X(PFNGLDISABLEVERTEXATTRIBARRAYPROC, DisableVertexAttribArray)                                  \
   X(PFNGLVERTEXATTRIBPOINTERPROC, VertexAttribPointer)                                            \
   X(PFNGLVERTEXATTRIBIPOINTERPROC, VertexAttribIPointer)                                          \
   X(PFNGLVERTEXATTRIBDIVISORPROC, VertexAttribDivisor)                                            \
   X(PFNGLVERTEXATTRIB4FVPROC, VertexAttrib4fv)                                                    \
   X(PFNGLVERTEXATTRIBI4IVPROC, VertexAttribI4iv)                                                  \
   X(PFNGLVERTEXATTRIBI4UIVPROC, VertexAttribI4uiv)                                                \
   X(PFNGLDRAWARRAYSPROC, DrawArrays)                                                              \
   X(PFNGLDRAWELEMENTSPROC, DrawElements)                                                          \
   X(PFNGLDRAWARRAYSINSTANCEDPROC, DrawArraysInstanced)                                            \
   X(PFNGLDRAWELEMENTSINSTANCEDPROC, DrawElementsInstanced)                                        \
   X(PFNGLDRAWELEMENTSINSTANCEDBASEVERTEXPROC, DrawElementsInstancedBaseVertex)                    \
   X(PFNGLBLENDFUNCSEPARATEIPROC, BlendFuncSeparatei)                                              \
   X(PFNGLBLENDEQUATIONSEPARATEIPROC, BlendEquationSeparatei)                                      \
   X(PFNGLBLENDEQUATIONIPROC, BlendEquationi)                                                      \
   X(PFNGLENABLEIPROC, Enablei)                                                                    \
   X(PFNGLDISABLEIPROC, Disablei)                                                                  \
   X(PFNGLBLENDCOLORPROC, BlendColor)                                                              \
   X(PFNGLDEPTHFUNCPROC, DepthFunc)                                                                \
   X(PFNGLCULLFACEPROC, CullFace)                                                                  \
   X(PFNGLFRONTFACEPROC, FrontFace)                                                                \
   X(PFNGLSTENCILFUNCSEPARATEPROC, StencilFuncSeparate)                                            \
   X(PFNGLSTENCILOPSEPARATEPROC, StencilOpSeparate)                                                \
   X(PFNGLSTENCILMASKSEPARATEPROC, StencilMaskSeparate)                                            \
   X(PFNGLPOLYGONOFFSETPROC, PolygonOffset)                                                        \
   X(PFNGLLINEWIDTHPROC, LineWidth)                                                                \
   X(PFNGLGENSAMPLERSPROC, GenSamplers)                                                            \
   X(PFNGLDELETESAMPLERSPROC, DeleteSamplers)                                                      \
   X(PFNGLBINDSAMPLERPROC, BindSampler)                                                            \
   X(PFNGLSAMPLERPARAMETERIPROC, SamplerParameteri)                                                \
   X(PFNGLSAMPLERPARAMETERFPROC, SamplerParameterf)                                                \
   X(PFNGLSAMPLERPARAMETERFVPROC, SamplerParameterfv)                                              \
   X(PFNGLSAMPLERPARAMETERIIVPROC, SamplerParameterIiv)                                            \
   X(PFNGLSAMPLERPARAMETERIUIVPROC, SamplerParameterIuiv)                                          \
   X(PFNGLGENQUERIESPROC, GenQueries)                                                              \
   X(PFNGLDELETEQUERIESPROC, DeleteQueries)                                                        \
   X(PFNGLBEGINQUERYPROC, BeginQuery)                                                              \
   X(PFNGLENDQUERYPROC, EndQuery)                                                                  \
   X(PFNGLGETQUERYIVPROC, GetQueryiv)                                                              \
   X(PFNGLGETQUERYOBJECTUIVPROC, GetQueryObjectuiv)                                                \
   X(PFNGLGETINTEGER64VPROC, GetInteger64v)                                                        \
   X(PFNGLTRANSFORMFEEDBACKVARYINGSPROC, TransformFeedbackVaryings)                                \
   X(PFNGLBEGINTRANSFORMFEEDBACKPROC, BeginTransformFeedback)                                      \
   X(PFNGLENDTRANSFORMFEEDBACKPROC, EndTransformFeedback)                                          \
   X(PFNGLPAUSETRANSFORMFEEDBACKPROC, PauseTransformFeedback)                                      \
   X(PFNGLRESUMETRANSFORMFEEDBACKPROC, ResumeTransformFeedback)

/* GL_NV_texture_barrier, which the GLES headers do not declare (Mesa exposes it to desktop GL
 * only; another vendor may to GLES) */
typedef void(GL_APIENTRYP GLB_PFNGLTEXTUREBARRIERNVPROC)(void);

/* Extension entry points: NULL where the vendor has none; used only where the host context
 * names the extension (glb_screen.c). */
#define GLB_GL_EXT_FUNCS(X)                                                                        \
   X(PFNGLQUERYCOUNTEREXTPROC, QueryCounterEXT)                                                    \
   X(PFNGLGETQUERYOBJECTUI64VEXTPROC, GetQueryObjectui64vEXT)                                      \
   X(PFNGLSAMPLEMASKIPROC, SampleMaski)                                                            \
   /* GL_SAMPLE_SHADING's minimum: GLES 3.2's, OES_sample_shading's (glb_draw.c) */                \
   X(PFNGLMINSAMPLESHADINGPROC, MinSampleShading)                                                  \
   X(PFNGLMINSAMPLESHADINGOESPROC, MinSampleShadingOES)                                            \
   X(PFNGLPOLYGONOFFSETCLAMPEXTPROC, PolygonOffsetClampEXT)                                        \
   X(PFNGLFRAMEBUFFERTEXTUREPROC, FramebufferTexture)                                              \
   X(PFNGLFRAMEBUFFERTEXTUREEXTPROC, FramebufferTextureEXT)                                        \
   X(PFNGLTEXBUFFERPROC, TexBuffer)                                                                \
   X(PFNGLTEXBUFFERRANGEPROC, TexBufferRange)                                                      \
   X(PFNGLTEXSTORAGE2DMULTISAMPLEPROC, TexStorage2DMultisample)                                    \
   X(PFNGLTEXSTORAGE3DMULTISAMPLEPROC, TexStorage3DMultisample)                                    \
   X(PFNGLTEXSTORAGE3DMULTISAMPLEOESPROC, TexStorage3DMultisampleOES)                              \
   /* GLES 3.1: compute, storage buffers, images, barriers (glb_compute.c) */                      \
   X(PFNGLGETINTEGERI_VPROC, GetIntegeri_v)                                                        \
   X(PFNGLDISPATCHCOMPUTEPROC, DispatchCompute)                                                    \
   X(PFNGLDISPATCHCOMPUTEINDIRECTPROC, DispatchComputeIndirect)                                    \
   X(PFNGLMEMORYBARRIERPROC, MemoryBarrier)                                                        \
   X(PFNGLBINDIMAGETEXTUREPROC, BindImageTexture)                                                  \
   /* GLES 3.1: a vertex buffer change alone on an attribute array (glb_draw.c) */                 \
   X(PFNGLBINDVERTEXBUFFERPROC, BindVertexBuffer)                                                  \
   /* GLES 3.1: attribute formats read at their MGPipe binding (glb_draw.c: arrays_bound) */       \
   X(PFNGLVERTEXATTRIBFORMATPROC, VertexAttribFormat)                                              \
   X(PFNGLVERTEXATTRIBIFORMATPROC, VertexAttribIFormat)                                            \
   X(PFNGLVERTEXATTRIBBINDINGPROC, VertexAttribBinding)                                            \
   X(PFNGLVERTEXBINDINGDIVISORPROC, VertexBindingDivisor)                                          \
   /* GLES 3.1: framebuffers without attachments (glb_resource.c) */                               \
   X(PFNGLFRAMEBUFFERPARAMETERIPROC, FramebufferParameteri)                                        \
   /* GLES 3.2: a patch's vertex count (glb_draw.c) */                                             \
   X(PFNGLPATCHPARAMETERIPROC, PatchParameteri)                                                    \
   /* OES/EXT_texture_view: a texture level attached outside its base..max (glb_resource.c) */     \
   X(PFNGLTEXTUREVIEWOESPROC, TextureViewOES)                                                      \
   X(PFNGLTEXTUREVIEWEXTPROC, TextureViewEXT)                                                      \
   /* GL_NV_texture_barrier: glTextureBarrier (glb_compute.c) */                                   \
   X(GLB_PFNGLTEXTUREBARRIERNVPROC, TextureBarrierNV)                                              \
   /* MGL_GLES_HOST_DEBUG: the host driver's own messages (GLES 3.2's, KHR_debug's) */             \
   X(PFNGLDEBUGMESSAGECALLBACKPROC, DebugMessageCallback)                                          \
   X(PFNGLDEBUGMESSAGECALLBACKKHRPROC, DebugMessageCallbackKHR)

struct glb_host {
   void *lib; /* the vendor library, dlopen'd RTLD_LOCAL */
   char lib_name[256];
   /* the vendor's import table (glvnd/libeglabi.h) */
   EGLDisplay (*imports_get_platform_display)(EGLenum platform, void *native,
                                              const EGLAttrib *attribs);
   const char *(*imports_vendor_string)(int name);
   void *(*imports_proc)(const char *name);
#define X(type, name) type egl##name;
   GLB_EGL_FUNCS(X)
#undef X
#define X(type, name) type gl##name;
   GLB_GL_FUNCS(X)
   GLB_GL_EXT_FUNCS(X)
#undef X
};

/* Host GL calls this process made (gate counter gles-host-calls; mgl-bench's figures divide it
 * by gles-draws). Every call site names the host table through GLB_GL, so no call escapes the
 * count; relaxed, since it is a statistic and sessions may run on several threads. */
extern _Atomic uint64_t glb_host_calls;
/* MGL_GLES_HOST_TRACE=1 (or MGL_GLES_HOST_DEBUG=2): every host call's site (file:line) logged
 * as it is made, for a host whose refusal the debug output does not explain; read once, the
 * first time a host is loaded. */
extern bool glb_host_trace;
void glb_host_trace_note(const char *file, int line);
#define GLB_GL(h)                                                                                  \
   ((void)atomic_fetch_add_explicit(&glb_host_calls, 1, memory_order_relaxed),                     \
    (void)(__builtin_expect(glb_host_trace, 0) ? glb_host_trace_note(__FILE__, __LINE__)           \
                                               : (void)0),                                         \
    (h))
/* GLB_GL where the caller found glb_host_trace off: counted, no site to log (the compact
 * draw's host call, a tail call without a frame around a trace note's call). */
#define GLB_GL_UNTRACED(h)                                                                         \
   ((void)atomic_fetch_add_explicit(&glb_host_calls, 1, memory_order_relaxed), (h))

/* Loads the host vendor library and every entry point above from its getProcAddress; false with
 * why filled. One per process (the vendor's __egl_Main runs once). */
const struct glb_host *glb_host_get(char *why, unsigned why_size);

/* ---- objects ------------------------------------------------------------------------------- */

struct glb_screen;

struct glb_obj {
   struct mgp_handle h;
};

struct glb_table {
   struct glb_obj **slots;
   uint32_t cap;
   uint32_t live;
};

/* The draws this screen's host drew: draws and the compact draws counted apart. */
#define glb_draws_total(scr) ((scr)->stats.draws + (scr)->stats.compact_unchanged)
/* A handle's slot and generation as one word (compared in one). */
static inline uint64_t
glb_handle_bits(struct mgp_handle h)
{
   _Static_assert(sizeof(h) == sizeof(uint64_t), "a handle is two 32-bit words");
   uint64_t v;
   memcpy(&v, &h, sizeof(v));
   return v;
}
/* The live object a handle names, or NULL (inline: every draw looks its objects up). */
static inline struct glb_obj *
glb_table_peek(const struct glb_table *t, struct mgp_handle h)
{
   if (mgp_handle_is_null(h) || h.slot >= t->cap)
      return NULL;
   struct glb_obj *o = t->slots[h.slot];
   return o && o->h.gen == h.gen ? o : NULL;
}
/* Stores obj at its slot; false (and Fatal StaleHandle/OutOfMemory) when it cannot. */
bool glb_table_put(struct glb_screen *scr, struct glb_table *t, struct glb_obj *obj,
                   const char *call);
void glb_table_remove(struct glb_table *t, struct glb_obj *obj);
void glb_lookup_stale(struct glb_screen *scr, struct mgp_handle h, const char *call);
/* Live object for a non-null handle; a stale or unknown one is Fatal{StaleHandle}. */
static inline void *
glb_lookup(struct glb_screen *scr, struct glb_table *t, struct mgp_handle h, const char *call)
{
   if (mgp_handle_is_null(h))
      return NULL;
   struct glb_obj *o = glb_table_peek(t, h);
   if (!o)
      glb_lookup_stale(scr, h, call);
   return o;
}

/* The host's shape of an MGPipe format; internal 0: the backend has none. */
struct glb_format {
   GLenum internal, format, type;
   uint8_t bytes;
   bool renderable, depth_stencil;
   bool integer;      /* sampled and read as integers: never filtered */
   bool float_render; /* renderable where the host has EXT_color_buffer_float */
   bool no_upload;    /* MGPipe's texels are not the host's: subdata declines (none now) */
   bool norm16;       /* only with EXT_texture_norm16 */
};
struct glb_screen;
/* The host's shape of a format on this host; NULL: none. */
const struct glb_format *glb_format_get(const struct glb_screen *scr, unsigned mgp_format);
struct glb_screen;
/* A colour format the host renders to (with the extensions this host has). */
bool glb_format_renderable(const struct glb_screen *scr, const struct glb_format *f);
/* ... or one it renders to with EXT_render_snorm (the snorm ones): the caps' MGP_FORMAT_CAP_RENDER.
 * Their reads stay glb_format_renderable's (through a read twin: a host's glReadPixels of a
 * fixed-point attachment may clamp to [0, 1], as Mesa's does, losing the sign). */
bool glb_format_attachable(const struct glb_screen *scr, const struct glb_format *f);
/* The host's RGB format for an RGBA format kept without alpha (mgp_resource_desc.no_alpha), and
 * the format its uploads name; 0: none. */
GLenum glb_format_rgb_twin(unsigned mgp_format, GLenum *upload_format);
/* The host texture target of a resource's target; 0: none in GLES (declined). */
GLenum glb_texture_target(unsigned mgp_target);
/* Whether a host texture target's images are 3D-shaped (glTexStorage3D, glTexSubImage3D,
 * glFramebufferTextureLayer): 3D, 2D array and cube map array textures. */
bool glb_texture_3d_shaped(GLenum tex_target);

#define GLB_MAX_LEVELS 16 /* a texture's levels glb_attach makes views of (2^15 texels wide) */

struct glb_resource {
   struct glb_obj base;
   struct mgp_resource_desc desc;
   bool unsupported; /* declined at create: every later use declines */
   bool is_buffer;
   /* a buffer: its host store was made through ordered_target (glb_resource.c:make_storage),
    * so the host orders a write after the queued draws that read it */
   bool ordered;
   GLuint name;   /* buffer, texture or renderbuffer name */
   GLenum target; /* GL_ARRAY_BUFFER-class buffers are bound where used */
   const struct glb_format *fmt;
   GLenum tex_target; /* the host texture's target (GL_TEXTURE_2D, _3D, _2D_ARRAY, _CUBE_MAP) */
   uint32_t layers;   /* 3D depth, array layers, 6 for a cube, else 1 */
   bool alpha_one;    /* no_alpha kept as RGB on the host: uploads drop the client's alpha */
   GLenum rgb_format; /* alpha_one: the format its uploads name (GL_RGB or GL_RGB_INTEGER) */
   /* no_alpha kept as the RGBA format with alpha 1 in every texel: the RGB twin does not
    * render on this host (RGB32F, SRGB8, the 8/16-bit integers; RGB16F without
    * EXT_color_buffer_half_float), the
    * RGBA format does. Uploads, new stores, blits and copies write alpha 1, draws and clears
    * mask it (glb_framebuffer_ready's alpha_kept) */
   bool alpha_kept;
   GLint base_level, max_level; /* the host texture's, as set_texture_params last set them */
   uint32_t levels;             /* a texture's host levels (make_storage) */
   GLenum internal;             /* the host texture's internal format (make_storage) */
   /* per level, a host view of that level alone (every layer), attached in the texture's
    * stead where its base..max level leave the level out (glb_attach); 0: none made */
   GLuint level_views[GLB_MAX_LEVELS];
   uint64_t store_serial; /* which host store this is (a new one at each make_storage) */
   /* a buffer texture: the store of desc.buffer its host texture views (0: none attached yet;
    * glb_sampler.c attaches it at the draw) */
   uint64_t texbuf_serial;
   uint64_t mem_bytes; /* what its storage counts against the session's budget */
};

/* Buffer r's host store made again as an ordered one (make_storage says why), its bytes kept,
 * before its use as a storage buffer (atomic counters too), a texture buffer (an image
 * buffer too) or a read's destination (glReadPixels into it). False: its store is gone
 * (GL_OUT_OF_MEMORY, the event sent): decline. */
bool glb_buffer_order_store(struct glb_screen *scr, struct glb_resource *r);
static inline bool
glb_buffer_ordered(struct glb_screen *scr, struct glb_resource *r)
{
   return r->ordered || glb_buffer_order_store(scr, r);
}

struct glb_render_state {
   struct glb_obj base;
   struct mgp_render_state s;
};

struct glb_vertex_elements {
   struct glb_obj base;
   struct mgp_create_vertex_elements ve;
   uint64_t serial; /* the screen's count of those made (a fold's key: glb_vertex_fold) */
};

/* One host program of a client program (struct glb_shader: its variants). */
struct glb_linked {
   GLuint program;
   GLint alpha_one_loc;
   int alpha_one_host;
   GLint clip_enables_loc;
   int64_t clip_enables_host;
   GLint lod_bias_loc;
   GLint bgra_loc;       /* _mgl_Bgra: the inputs read in B, G, R, A order (-1: none) */
   uint32_t bgra_inputs; /* the vertex inputs the variant can swizzle */
};

/* A program's variants (glb_shader.c:glb_program_variant): bits of what it adds. */
enum {
   GLB_VARIANT_LOD_BIAS = 1, /* the samplers' LOD bias (glb_lod_bias.c) */
   GLB_VARIANT_BGRA = 2,     /* GL_BGRA vertex arrays swizzled (glb_shader.c:bgra_inputs) */
   /* the vertex stage without its gl_PointSize writes, for draws that are not points
    * (spv_point_size.c) */
   GLB_VARIANT_NO_POINT_SIZE = 4,
   /* polygons drawn as their edges or corners by a geometry stage of the variant's own
    * (glb_outline.c): GL_LINE and GL_POINT polygon modes */
   GLB_VARIANT_OUTLINE_LINE = 8,
   GLB_VARIANT_OUTLINE_POINT = 16,
   GLB_VARIANTS = 32
};

/* What a variant's host program holds, and whether it was made. */
struct glb_variant_state {
   int made; /* 0 not tried, 1 made, -1 failed */
   bool lod_bias_known;
   float lod_bias_host[MGP_MAX_SAMPLERS];
   int64_t bgra_host; /* -1 unknown */
   /* _mgl_Outline's location in an outline variant (glb_outline.c) and the value it holds */
   GLint outline_loc;
   int outline_host; /* -1 unknown */
};

/* A program's variants made with one set of formats for its format-less images, kept while
 * another set is current (glb_shader.c:glb_program_images). */
struct glb_image_set {
   uint8_t formats[MGP_MAX_SHADER_IMAGES]; /* as glb_shader.image_formats */
   unsigned variant;
   struct glb_linked variants[GLB_VARIANTS];
   struct glb_variant_state vstate[GLB_VARIANTS];
};
enum { GLB_IMAGE_SETS = 4 }; /* the sets kept besides the current one, per program */

struct glb_shader {
   struct glb_obj base;
   GLuint program;         /* 0: translation or link failed (declined at the draw) */
   bool geometry;          /* the program has a geometry stage (adjacency draws go to it) */
   bool geometry_polygons; /* that stage emits triangles (a polygon mode applies to them) */
   bool tessellation;      /* it has the tessellation stages (patch draws go to them) */
   struct mgp_shader_reflection refl;
   /* the default uniform block: the client's bytes and the host buffer bound at
    * default_binding, one past the client's blocks (glb_shader.c:default_binding_for; 0 where
    * the host has none spare), so a program change re-binds nothing where no other program
    * took the binding since. The host buffer gets its store once (default_stored), then only
    * the bytes changed since its last upload, [default_lo, default_hi) (empty where equal):
    * one glBufferSubData a uniform change, not the whole block's glBufferData */
   uint8_t *default_bytes;
   GLuint default_buf;
   uint32_t default_binding;
   uint32_t default_lo, default_hi;
   bool default_stored;
   int base_instance_loc; /* the input standing for gl_BaseInstance (always 0), or -1 */
   /* where the default block holds the client's gl_PointCoord flip (_mgl_PointCoordUpperLeft,
    * glb_shader.c), or -1 */
   int64_t point_origin_offset;
   /* the fragment stage reads a flat input: under GL's first-vertex provoking convention its
    * draws are unrolled with the provoking vertex last (glb_provoking.c) */
   bool flat_inputs;
   /* alpha to one (glb_shader.c): the location of _mgl_AlphaToOne (-1: no colour output to
    * set) and the value the host program holds (-1 unknown, 0, 1) */
   GLint alpha_one_loc;
   int alpha_one_host;
   /* the clip plane switches (glb_shader.c:clip_enables_code): the location of
    * _mgl_ClipEnables (-1: no gl_ClipDistance written) and the mask the host program holds (-1
    * unknown) */
   GLint clip_enables_loc;
   int64_t clip_enables_host;
   /* What GLES has no state for, added by the program in variants of it (GLB_VARIANT_*) made
    * at the first draw that needs one, from the stages' SPIR-V kept here: GL's texture LOD
    * bias (glb_lod_bias.c; the uniform array _mgl_LodBias, one element a sampler binding,
    * lod_bias_count of them) and GL_BGRA vertex arrays (_mgl_Bgra). The fields above
    * program..clip_enables_host, lod_bias_loc, bgra_loc and bgra_inputs are the current
    * variant's (variant); variants[k] holds variant k's while it is not current.
    * lod_bias_why: what the variant cannot bias ("" none) */
   uint32_t *spirv[MGP_SHADER_STAGE_COUNT];
   size_t spirv_words[MGP_SHADER_STAGE_COUNT];
   uint32_t stage_mask;
   uint32_t lod_bias_count;
   GLint lod_bias_loc;
   GLint bgra_loc;
   uint32_t bgra_inputs;
   unsigned variant;
   struct glb_linked variants[GLB_VARIANTS];
   struct glb_variant_state vstate[GLB_VARIANTS];
   char lod_bias_why[96];
   /* the vertex stage, the last before the rasterizer, writes gl_PointSize and a variant can
    * go without (spv_point_size.c): draws that are not points take it */
   bool point_size_cut;
   /* Transform feedback (glb_shader.c): the captured outputs' host names in the order the host
    * writes them, set with glTransformFeedbackVaryings before the link; xfb_why: the SPIR-V's
    * capture layout has no ESSL form (its captures decline, its draws run) */
   uint32_t xfb_count;
   bool xfb_separate;
   /* the storage buffers and images the stages use (glb_shader.c): bit k, descriptor binding
    * 144 + k (host binding k); bit j, binding 160 + j (host image unit j). compute: the
    * program is one compute stage (launch_grid's, never a draw's) */
   uint32_t ssbo_mask, image_mask;
   bool compute;
   /* Format-less images (GLSL 4.20's writeonly images without a format qualifier; ESSL needs
    * one on every image): bit j of formatless_mask, the image (or image array) at host unit j,
    * image_length[j] units long, of type class image_class[j] ('f', 'i', 'u'). Every variant
    * declares it with image_formats[j] (an MGP_FORMAT_*: the unit's at the draw that made the
    * set, or the class's 32-bit red format where the unit has none ESSL declares). The sets
    * made with other formats are kept in image_sets (image_set_count, at most GLB_IMAGE_SETS;
    * image_set_next the one a new set replaces when full). */
   uint32_t formatless_mask;
   uint8_t image_class[MGP_MAX_SHADER_IMAGES];
   uint8_t image_length[MGP_MAX_SHADER_IMAGES];
   uint8_t image_formats[MGP_MAX_SHADER_IMAGES];
   struct glb_image_set *image_sets;
   unsigned image_set_count, image_set_next;
   char **xfb_names;
   char xfb_why[128];
};

struct glb_sampler {
   struct glb_obj base;
   GLuint name;      /* host sampler object */
   float lod_bias;   /* GL_TEXTURE_LOD_BIAS, clamped to the host's range (glb_lod_bias.c adds it) */
   bool skip_decode; /* the host sampler's GL_TEXTURE_SRGB_DECODE_EXT is GL_SKIP_DECODE_EXT */
};

struct glb_sampler_view {
   struct glb_obj base;
   struct mgp_create_sampler_view view;
   GLenum tex_target; /* glb_texture_target of view.target, found at create */
   /* glb_samplers_bind's checks of the view against its texture passed while the screen's
    * res_epoch read checked_epoch (checked_name 0: not yet): the texture's host name and
    * whether the view reads it undecoded. A buffer texture's (attached at the draw) is never
    * kept */
   uint64_t checked_epoch;
   GLuint checked_name;
   bool checked_skip;
};

#define GLB_MAX_VB 16
#define GLB_MAX_UBO 64              /* bindings: 0 the default block, 1..60 uniform blocks */
#define GLB_UNUSED_BINDING_BASE 192 /* glsl.h: declared, read by no stage (left unbound) */
#define GLB_MAX_SAMPLERS MGP_MAX_SAMPLERS
#define GLB_MAX_ATTRIBS 16
#define GLB_MAX_XFB 4           /* transform feedback buffers (GLES 3.0's separate-attribs least) */
#define GLB_MAX_XFB_VARYINGS 64 /* captured outputs of one program */
#define GLB_SSBO_BASE 144       /* storage blocks' descriptor bindings (glsl.h) */
#define GLB_MAX_SSBO 16         /* 144 .. 159 */
#define GLB_IMAGE_BASE 160      /* images' descriptor bindings (glsl.h) */
#define GLB_MAX_IMAGES MGP_MAX_SHADER_IMAGES

/* glb_draw.c:arrays_bound's fold of the MGPipe bindings the arrays read into host bindings,
 * kept while what it rests on stands: the vertex elements (serial) and arrays it was found for,
 * and each folded binding's buffer (its lead's) and distance from its lead's offset. valid: the
 * last arrays_bound found or kept it and put it whole (a decline leaves it invalid). */
struct glb_vertex_fold {
   bool valid;
   uint64_t serial;
   uint32_t arrays;
   uint16_t put;    /* the host bindings the arrays read */
   uint16_t folded; /* the bindings read through another's (their lead's) host binding */
   uint16_t lone;   /* those sharing a stride and divisor with another read, folded with none */
   uint8_t lead[GLB_MAX_VB];
   uint64_t dist[GLB_MAX_VB];     /* folded binding i: its offset less its lead's */
   uint8_t host[GLB_MAX_ATTRIBS]; /* each array's host binding */
   uint32_t rel[GLB_MAX_ATTRIBS]; /* and its relative offset there */
   uint32_t stride[GLB_MAX_VB];   /* each binding read: its stride and divisor (the vertex */
   uint32_t divisor[GLB_MAX_VB];  /* elements'), what the host bindings put */
   /* the vertex elements and program arrays_bound last put it for (valid): a buffer change
    * alone under both keeps the arrays and their formats (glb_draw.c:vertex_buffers_short) */
   struct mgp_handle ve, prog;
};

struct glb_context {
   struct glb_obj base;
   struct glb_screen *scr;
   GLuint fbo, read_fbo, vao;
   GLuint blit_fbo;     /* the draw side of blits and copies */
   GLuint user_indices; /* scratch element buffer for draws with the client's own indices */
   struct mgp_framebuffer_state fb;
   bool fb_valid;                    /* every attachment resolved, host framebuffer complete */
   uint8_t alpha_kept;               /* draw buffers whose image is alpha_kept: alpha masked */
   struct mgp_pixel_pack_state pack; /* pack_to_buffer's layout (set_pixel_pack_state) */
   struct mgp_dynamic_state dyn;
   bool dyn_set;
   /* the parts of the dynamic group (GLB_DYN_*) a call may have moved since this context's last
    * draw put them: set_dynamic_words marks the parts its words write, every other call that
    * marks GLB_DIRTY_DYNAMIC marks them all (glb_tables.c); trusted as the dirty marks are */
   uint8_t dyn_parts;
   struct mgp_handle render_state, vertex_elements, program;
   struct mgp_vertex_buffer vb[GLB_MAX_VB];
   /* the bindings set_vertex_buffers set since arrays_bound last found or kept its fold */
   uint16_t vb_moved;
   struct glb_vertex_fold fold;
   struct mgp_set_index_buffer ib;
   /* the element buffer's host name and its bytes past ib.offset, where the shadow's
    * ib_checked is this context (glb_draw.c:element_buffer_keep) */
   GLuint ib_name;
   uint64_t ib_bytes;
   struct mgp_buffer_range ubo[GLB_MAX_UBO];
   /* the program's buffers last put a padded copy of a uniform range (glb_program_buffers):
    * the draw leaves GLB_DIRTY_BUFFERS marked, so each draw copies the range's bytes again */
   bool ubo_padded;
   /* the uniform bindings set_shader_buffers set since the program's buffers were last put
    * (glb_program_buffers): apply_short's walk takes these alone (glb_program_buffers_short) */
   uint64_t ubo_set;
   /* storage buffers (set_shader_buffers classes 1 and 2: binding 144 + k) and image units
    * (set_shader_images), bound at the draw or dispatch of a program that uses them; the
    * program launch_grid dispatches (set_dispatch_program). glb_compute.c */
   struct mgp_buffer_range ssbo[GLB_MAX_SSBO];
   struct mgp_image_view images[GLB_MAX_IMAGES];
   struct mgp_handle dispatch_program;
   /* the base instance the host's instanced arrays start at (glb_draw.c:apply_vertex_input) */
   uint32_t base_instance;
   /* set_patch_state's vertex count, the host's GL_PATCH_VERTICES at each patch draw */
   uint32_t patch_vertices;
   struct mgp_handle views[GLB_MAX_SAMPLERS], samplers[GLB_MAX_SAMPLERS];
   /* bit j (j < 64): unit j's view and sampler were walked by a draw (glb_samplers_bind) and
    * not set since; with the unit's shadow bit still known, a later walk (a program change)
    * skips it: the host holds its texture and sampler, which no other call moved */
   uint64_t units_walked;
   /* current values of disabled attributes (bit patterns) and their kind: 0 float, 1 int,
    * 2 uint; GL's initial value is (0, 0, 0, 1) */
   uint32_t attrib_value[GLB_MAX_ATTRIBS][4];
   uint8_t attrib_kind[GLB_MAX_ATTRIBS];
   /* conditional rendering on a query whose result is 0: draws, clears and conditional blits
    * are discarded until end_conditional_render (glb_sync.c) */
   bool cond_discard;
   /* transform feedback (glb_xfb.c): the targets set_stream_output_targets bound; the client's
    * capture (active: begun, not ended; paused; its primitive mode) and the host's, begun at
    * the first draw it captures (xfb_host), with the program it began with */
   struct mgp_buffer_range xfb_targets[GLB_MAX_XFB];
   uint32_t xfb_target_count;
   bool xfb_active, xfb_paused;
   GLenum xfb_mode;
   uint8_t xfb_host; /* GLB_XFB_HOST_* */
   GLuint xfb_program;
   /* The draw's groups (GLB_DIRTY_*) a call changed since this context's last draw put them on
    * the host (glb_tables.c marks them, glb_draw_vbo clears them), and what that draw resolved:
    * both trusted only while the shadow's `applied` is this context. */
   uint32_t dirty;
   const struct glb_render_state *draw_rs;
   struct glb_shader *draw_prog;
   bool draw_line_smooth; /* the render state's smooth lines are drawn aliased (declined) */
   /* the last draw's primitive was points, and its program has a variant without gl_PointSize
    * (glb_program_variant): a draw of the other class marks the program group */
   bool draw_points, draw_prog_cuts;
   /* bit m: a draw of mode m meets the compact draw's checks on what the last draw resolved
    * (glb_draw.c:compact_modes: its class, the host robust, polygons filled, no first-vertex
    * unrolling); 0: none, or not found since draw_rs, draw_prog or draw_points changed.
    * Trusted as draw_rs and draw_prog are */
   uint8_t compact_modes;
   /* the outline variant the draw takes (GLB_VARIANT_OUTLINE_*, 0 none) and its _mgl_Outline
    * (glb_outline.c) */
   uint8_t draw_outline, draw_outline_bits;
   /* the draw is an outline draw's counting pass: the program as it is, nothing rasterized
    * (glb_outline_passes) */
   bool outline_count_pass;
   /* the last draw's program samples with a LOD bias (glb_program_variant: found again only
    * when the program group is marked or lod_bias_stale: a sampler handle changed since, a
    * view change alone leaves the biases as they were) */
   bool draw_lod_bias, lod_bias_stale;
   /* the GL_BGRA inputs (a bit per location) of the vertex elements and program named
    * (glb_shader.c:bgra_arrays) */
   bool bgra_known;
   struct mgp_handle bgra_ve, bgra_prog;
   uint32_t bgra_mask;
   /* the buffer glb_resource_subdata last found (a live buffer, not a buffer texture's, with
    * a host name), its handle and the screen's res_epoch then (UINT64_MAX: none): while the
    * epoch holds (delete_storage moves it, so a destroyed or respecified resource never
    * matches) the same handle names it without the table's lookup */
   struct glb_resource *subdata_res;
   uint64_t subdata_handle; /* glb_handle_bits */
   uint64_t subdata_epoch;
};
enum { GLB_XFB_HOST_NONE, GLB_XFB_HOST_RUNNING, GLB_XFB_HOST_PAUSED };

/* The groups of state a draw puts on the host, each applied by one function of the draw
 * (glb_draw_vbo). A context call marks the groups it can change (glb_tables.c: its table of
 * marks, every group for a call it does not name); a draw on the context whose state the host
 * holds (struct glb_shadow's applied) re-applies only the marked groups, and with none marked
 * makes only its host draw call. */
enum {
   GLB_DIRTY_FB = 1u << 0,          /* glb_framebuffer_ready: attachments, draw buffers */
   GLB_DIRTY_RENDER = 1u << 1,      /* the render state: blend, depth, cull, switches */
   GLB_DIRTY_STENCIL = 1u << 2,     /* the render state's stencil ops, the dynamic refs/masks */
   GLB_DIRTY_MULTISAMPLE = 1u << 3, /* render state, samples, coverage, the program's alpha */
   GLB_DIRTY_PROGRAM = 1u << 4,     /* program, uniform blocks, default block, capture */
   GLB_DIRTY_SAMPLERS = 1u << 5,    /* the program's textures and samplers */
   GLB_DIRTY_VERTEX = 1u << 6,      /* vertex array, the attribute arrays */
   GLB_DIRTY_DYNAMIC = 1u << 7,     /* viewport, depth range, scissor, blend colour, ... */
   /* the current values of the attributes without an array: apart from GLB_DIRTY_VERTEX, so
    * that a draw after a vertex buffer change alone does not compare the 15 others */
   GLB_DIRTY_ATTRIB_VALUES = 1u << 8,
   /* the program's buffers alone (glb_program_buffers, glb_storage_bind): the uniform block
    * ranges, the default block's bytes, storage buffers and images; apart from
    * GLB_DIRTY_PROGRAM, so that a draw after a buffer range or uniform change alone neither
    * picks the program's variant nor binds it and its capture again */
   GLB_DIRTY_BUFFERS = 1u << 9,
   /* the vertex buffers alone (set_vertex_buffers): the attribute arrays' buffers and offsets,
    * apart from GLB_DIRTY_VERTEX, so that a draw after a buffer change alone neither picks the
    * program's variant (GL_BGRA arrays are the vertex elements') nor sets its uniforms */
   GLB_DIRTY_VERTEX_BUFFERS = 1u << 10,
   GLB_DIRTY_ALL = (1u << 11) - 1,
   /* no group: the next draw goes through draw_bound's checks (the compact draw, which skips
    * them, takes none while it is marked). draw_bound marks it where it declined a draw after
    * apply_state put the state (a draw with nothing changed since would be declined again) and
    * after a draw of a program with tessellation stages (whose draws are patches, never a
    * compact draw); apply_state clears it with the groups */
   GLB_DIRTY_CHECKS = 1u << 11,
};

/* The parts of GLB_DIRTY_DYNAMIC (glb_context's dyn_parts), each one shadow compare and its host
 * call: a viewport change alone compares the viewport alone. */
enum {
   GLB_DYN_VIEWPORT = 1u << 0,
   GLB_DYN_DEPTH_RANGE = 1u << 1,
   GLB_DYN_SCISSOR = 1u << 2, /* the switch and the rectangle */
   GLB_DYN_BLEND_COLOR = 1u << 3,
   GLB_DYN_POLYGON_OFFSET = 1u << 4,
   GLB_DYN_LINE_WIDTH = 1u << 5,
   GLB_DYN_ALL = (1u << 6) - 1,
};

/* What the host context holds of a draw's state, so a draw makes host calls only for what
 * changed. Trusted only from a draw to the next: every other entry point forgets it (it may move
 * host state without telling it; glb_make_current), and so does a context switch. Each group's
 * bit in `known` says its values are the host's. */
enum {
   GLB_SH_FBO = 1u << 0,
   GLB_SH_PROGRAM = 1u << 1,
   GLB_SH_VAO = 1u << 2,
   GLB_SH_ARRAY_BUFFER = 1u << 3,
   GLB_SH_ELEMENT_BUFFER = 1u << 4,
   GLB_SH_DEPTH = 1u << 5,
   GLB_SH_CULL = 1u << 6,
   GLB_SH_VIEWPORT = 1u << 7,
   GLB_SH_DEPTH_RANGE = 1u << 8,
   GLB_SH_SCISSOR = 1u << 9,
   GLB_SH_BLEND_COLOR = 1u << 10,
   GLB_SH_POLYGON_OFFSET = 1u << 11,
   GLB_SH_LINE_WIDTH = 1u << 12,
   GLB_SH_ACTIVE_UNIT = 1u << 13,
   GLB_SH_FRONT_FACE = 1u << 14,
   GLB_SH_SAMPLE_COVERAGE = 1u << 15,
   GLB_SH_SAMPLE_MASK = 1u << 16,
   GLB_SH_MIN_SAMPLE_SHADING = 1u << 17,
   GLB_SH_COPY_WRITE = 1u << 18, /* GL_COPY_WRITE_BUFFER's buffer (a buffer's resource_subdata) */
};
struct glb_stencil_face {
   GLenum func, fail, zfail, zpass;
   GLint ref;
   GLuint read_mask, write_mask;
};
struct glb_attrib_shadow {
   bool known, enabled;
   /* enabled: the array */
   GLuint buffer;
   GLint size;
   GLenum type;
   uint32_t flags; /* MGP_ATTRIB_INTEGER, _NORMALIZED */
   GLsizei stride;
   uint64_t offset;
   GLuint divisor;
   /* with attribute bindings (glb_screen's attrib_binding): the format's relative offset and
    * the binding the array reads (buffer, offset, stride and divisor unused: the binding's) */
   uint32_t relative_offset;
   uint8_t binding;
   /* disabled: the current value */
   uint8_t kind;
   uint32_t value[4];
};
/* A vertex buffer binding's buffer, offset, stride and divisor (known: the host's) */
struct glb_binding_shadow {
   bool known;
   GLuint buffer;
   GLsizei stride;
   GLuint divisor;
   uint64_t offset;
};
struct glb_shadow {
   bool trusted; /* set by a draw, cleared by glb_shadow_forget */
   /* the context whose every draw group the host holds as its last draw applied them (minus
    * what it marked dirty since); NULL: the next draw applies every group */
   struct glb_context *applied;
   /* the context whose element buffer (its ib) set_index_buffer or a compact draw found a
    * live buffer, its offset inside (the bytes past it in the context's ib_bytes): kept until
    * the shadow is forgotten (a resource's create, respecify and destroy are screen calls) or
    * a store is deleted inside a draw (glb_resource.c:delete_storage); set_index_buffer of
    * another puts its own or clears it. Set whether or not the shadow is trusted: only a
    * forget or those clear it */
   struct glb_context *ib_checked;
   uint32_t known;
   uint32_t caps_known, caps_on; /* glEnable state, by GLB_CAP_* bit */
   GLuint fbo, program, vao, array_buffer, element_buffer, copy_write;
   bool blend_known[8];
   /* target i's factors and equations in blend[i] are the host's (a disabled blend's may be
    * an earlier enabled one's: disabling puts none) */
   bool blend_func_known[8];
   struct mgp_blend_target blend[8];
   bool depth_write;
   GLenum depth_func, cull_face, front_face;
   bool stencil_known[2];
   struct glb_stencil_face stencil[2];
   GLint viewport[4], scissor[4];
   GLfloat depth_range[2], blend_color[4], polygon_offset[3], line_width;
   GLfloat sample_coverage[2]; /* value, invert (0 or 1) */
   uint32_t sample_mask;
   GLfloat min_sample_shading;
   uint64_t ubo_known; /* bit b: ubo[b] is the host's */
   struct {
      GLuint buffer;
      uint64_t offset, size;
   } ubo[GLB_MAX_UBO];
   GLenum active_unit;
   uint64_t unit_known; /* bit j: tex[j] and sampler[j] are the host's */
   GLuint tex[GLB_MAX_SAMPLERS], sampler[GLB_MAX_SAMPLERS];
   GLenum tex_target[GLB_MAX_SAMPLERS];
   struct glb_attrib_shadow attrib[GLB_MAX_ATTRIBS];
   /* with attribute bindings: vertex buffer binding i as the host's vertex array holds it */
   struct glb_binding_shadow binding[GLB_MAX_VB];
};

/* glb_blit_draw.c's programs, linked at first use (host names: they go with the host
 * context) */
#define GLB_BLIT_DRAW_PROGRAMS 14 /* glb_blit_draw.c: 7 kinds, each from one or many samples */
struct glb_blit_draw_progs {
   GLuint prog[GLB_BLIT_DRAW_PROGRAMS];
   GLint map_loc[GLB_BLIT_DRAW_PROGRAMS], dst_loc[GLB_BLIT_DRAW_PROGRAMS];
   bool failed[GLB_BLIT_DRAW_PROGRAMS]; /* declined once; not tried again */
};

struct glb_screen {
   struct mgs_backend_env env;
   const struct glb_host *h;
   EGLDisplay dpy;
   EGLContext ctx;
   const char *platform; /* "surfaceless" or "device" */
   int es_minor;         /* host context: ES 3.es_minor */
   int essl_version;     /* 320, 310 or 300 */
   bool robust;          /* the host context has robust buffer access (as it reports) */
   int egl_minor;        /* the display's EGL 1.x minor (5 for EGL 2 and later) */
   bool ext_color_float; /* float colour attachments (EXT_color_buffer_float, core in 3.2) */
   /* GL_RGB16F colour attachments (EXT_color_buffer_half_float: RGB16F is renderable there, not
    * with EXT_color_buffer_float), and the most samples its renderbuffers take (0: none) */
   bool ext_color_rgb16f;
   GLint rgb16f_max_samples;
   bool ext_srgb_write_control; /* GL_FRAMEBUFFER_SRGB_EXT switches sRGB writes */
   bool ext_srgb_decode;        /* EXT_texture_sRGB_decode: samplers may skip sRGB decoding */
   bool ext_read_depth, ext_read_stencil; /* glReadPixels of depth, stencil (NV_read_*) */
   bool ext_float_linear; /* 32-bit float textures filter (OES_texture_float_linear) */
   bool ext_norm16;       /* 16-bit normalized textures (EXT_texture_norm16) */
   /* snorm colour attachments (EXT_render_snorm; its 16-bit ones with EXT_texture_norm16) */
   bool ext_render_snorm;
   bool ext_mirror_clamp; /* GL_MIRROR_CLAMP_TO_EDGE (EXT_texture_mirror_clamp_to_edge) */
   bool ext_offset_clamp; /* glPolygonOffsetClampEXT (EXT_polygon_offset_clamp) */
   /* GL_SAMPLE_SHADING and its minimum (GLES 3.2, or OES_sample_shading with
    * OES_sample_variables' gl_SampleID ... in ESSL): min_sample_shading_fn sets the minimum */
   PFNGLMINSAMPLESHADINGPROC min_sample_shading_fn;
   bool ext_depth_clamp; /* GL_DEPTH_CLAMP_EXT (EXT_depth_clamp: GL 3.2's depth clamp) */
   /* NV_texture_barrier: feedback loops drawn, glTextureBarrierNV (MGP_CAP_TEXTURE_BARRIER) */
   bool ext_texture_barrier;
   /* OES_texture_view or EXT_texture_view (texture_view_ext: the EXT's entry point): a level
    * outside the texture's base..max level is attached through a view of it (glb_attach) */
   bool texture_view, texture_view_ext;
   /* KHR_blend_equation_advanced(_coherent): the advanced equations (MGP_CAP_BLEND_ADVANCED); a
    * fragment program declaring blend_support (its reflection) says so in its ESSL */
   bool ext_blend_advanced;
   /* buffer textures (GLES 3.2, EXT/OES_texture_buffer on 3.1): MGP_CAP_TEXTURE_BUFFER */
   bool texture_buffer;
   GLint texbuf_align; /* GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT */
   GLuint texbuf_zero; /* a zeroed buffer a buffer texture without buffer views */
   /* moved wherever a resource's storage is deleted (respecify, destroy, out of memory): a
    * sampler view checked at another epoch is checked again (glb_samplers_bind) */
   uint64_t res_epoch;
   GLuint ssbo_placeholder; /* the buffer a storage block without one binds (glb_storage.c) */
   /* per uniform binding, the host buffer a range that ends inside a word is copied into,
    * zeroed to a multiple of 16 bytes, and its size (glb_shader.c: pad_ubo_range) */
   GLuint ubo_pad[GLB_MAX_UBO];
   uint64_t ubo_pad_size[GLB_MAX_UBO];
   GLint max_dual_source;    /* EXT_blend_func_extended's draw buffers; 0: none */
   float max_lod_bias;       /* GL_MAX_TEXTURE_LOD_BIAS */
   uint64_t hide_cap_bits;   /* MGL_GLES_HIDE's cap bits the caps leave out */
   uint32_t hide;            /* MGL_GLES_HIDE's features (glb_screen.c: GLB_HIDE_*) */
   uint64_t store_serial;    /* the last glb_resource.store_serial given */
   uint64_t ve_serial;       /* the last glb_vertex_elements.serial given */
   GLint timer_bits;         /* GL_TIMESTAMP_EXT's counter bits; 0: no EXT_disjoint_timer_query */
   GLint max_clip_distances; /* 0: no EXT_clip_cull_distance */
   /* EXT_clip_cull_distance's cull distances, alone and with the clip distances (0: none) */
   GLint max_cull_distances, max_combined_distances;
   /* the geometry stage (GLES 3.2, or 3.1 with EXT_geometry_shader) and layered framebuffers;
    * MGL_GLES_HIDE=geometry leaves it out (the client's refusal, tested) */
   bool geometry;
   bool ext_geometry_point_size; /* gl_PointSize in the geometry stage */
   /* GLES 3.1's compute, storage buffers and images (glb_compute.c; read_limits): compute
    * false leaves launch_grid, memory_barrier, set_dispatch_program and set_shader_images out
    * of the caps' call_mask. The limits are the host's, clamped to what MGPipe binds. */
   bool compute;
   bool fragment_stores, vertex_stores; /* the host's fragment / vertex stages take them */
   bool image_atomics;                  /* OES_shader_image_atomic */
   /* GLES 3.1's stencil texturing (GL_DEPTH_STENCIL_TEXTURE_MODE), framebuffers without
    * attachments (glFramebufferParameteri) and textureGather (ESSL 3.10): the host is 3.1 or
    * later and MGL_GLES_HIDE=es31 does not leave them out */
   bool es31_textures;
   /* GLES 3.1's glBindVertexBuffer: an attribute array's new buffer or offset alone */
   bool bind_vertex_buffer;
   /* GLES 3.1's attribute bindings (glVertexAttribFormat, glVertexAttribBinding): each array
    * reads its MGPipe vertex buffer binding, so the attributes of one buffer bind it once; not
    * with MGL_GLES_HIDE=attrib-binding, where each attribute is put with glVertexAttribPointer
    * at its own binding (a GLES 3.0 host's way). The host's largest relative offset. */
   bool attrib_binding;
   GLint max_relative_offset;
   GLint max_compute_count[3], max_compute_size[3], max_compute_invocations, max_compute_shared;
   GLint max_ssbo_bindings, ssbo_align, max_ssbo_size, max_image_units;
   char renderer[128], version[128];
   GLint max_texture_size, max_3d_texture_size, max_array_layers, max_cube_size,
      max_renderbuffer_size, max_samples, max_integer_samples, max_vertex_attribs, max_ubo_bindings,
      max_ubo_size, ubo_align, max_texture_units, max_varying, max_draw_buffers;
   uint32_t default_bindings_made; /* programs given a default block binding (glb_shader.c) */
   GLint max_viewport[2];
   /* multisampled textures (GLES 3.1's glTexStorage2DMultisample; arrays with GLES 3.2 or
    * OES_texture_storage_multisample_2d_array): the most samples of colour, depth and integer
    * ones (0: none) */
   GLint max_color_texture_samples, max_depth_texture_samples, max_integer_texture_samples;
   bool ms_array_textures;
   /* cube map array textures (GLES 3.2, EXT_texture_cube_map_array on 3.1): MGP_CAP_CUBE_MAP_ARRAY */
   bool cube_map_array;
   /* ARB_gpu_shader5's programs (MGP_CAP_GPU_SHADER5): ESSL 3.20's geometry invocations,
    * interpolateAt*, dynamically uniform sampler and block array indices and textureGatherOffsets,
    * on a GLES 3.2 host whose limits meet MGPipe's */
   bool gpu_shader5;
   /* GL_STENCIL_INDEX8 textures (GLES 3.2, OES_texture_stencil8 on 3.1): MGP_FORMAT_S8_UINT and
    * MGP_CAP_TEXTURE_STENCIL8 */
   bool stencil8;
   /* tessellation control and evaluation stages and GL_PATCHES (GLES 3.2, with the limits
    * MGP_CAP_TESSELLATION promises): glb_shader.c, glb_draw.c */
   bool tessellation;
   bool ext_tess_point_size;                 /* GL_EXT_tessellation_point_size */
   uint8_t format_samples[MGP_FORMAT_COUNT]; /* renderbuffer sample counts, bit n: 2^n */
   GLfloat line_range[2], point_range[2];
   /* GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS (or MGL_TEST_GLES_GS_TOTAL_COMPONENTS, lower),
    * GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, GL_MAX_GEOMETRY_SHADER_INVOCATIONS (with the geometry
    * stage): what glb_shader.c's geometry_fit fits a geometry stage to */
   GLint max_gs_total, max_gs_components, max_gs_invocations;
   struct glb_table contexts, resources, render_states, vertex_elements, shaders, fences, samplers,
      sampler_views, queries;
   struct glb_context *bound;     /* the MGPipe context whose state the host context holds */
   struct glb_context *xfb_owner; /* the context whose capture the host holds (glb_xfb.c) */
   /* The screen is the backend's lowest layer: it reaches the capture (glb_xfb.c) and a
    * shader's capture layout (glb_shader.c) only through these, which glb_tables.c sets. */
   struct glb_screen_hooks {
      void (*xfb_end)(struct glb_context *ctx);
      void (*xfb_switch_away)(struct glb_context *ctx);
      void (*shader_free_xfb)(struct glb_shader *s);
      void (*query_teardown)(struct glb_screen *scr, struct glb_obj *query);
   } hooks;
   /* The session's budgets, as the Vulkan backend's: the bytes of host storage its resources
    * may hold (MGL_SERVER_SESSION_MEMORY; 0: no cap) and the objects of each kind
    * (MGL_SERVER_SESSION_OBJECTS, default 1 Mi). */
   uint64_t mem_budget, mem_in_use;
   uint32_t objects_max;
   struct glb_shadow sh;
   bool no_shadow;         /* MGL_GLES_SHADOW=0: every draw puts its whole state on the host */
   bool no_point_size_cut; /* MGL_GLES_POINT_SIZE_CUT=0: no GLB_VARIANT_NO_POINT_SIZE */
   bool host_debug;        /* MGL_GLES_HOST_DEBUG=1: the host's debug messages logged */
   /* colour is read back only through the pairs GLES 3.2 guarantees, never through a surface's
    * implementation pair (MGL_GLES_HIDE=read-pairs; glb_resource.c:read_colour) */
   bool read_pairs_only;
   struct {
      uint64_t draws, clears, programs_linked, translate_failures, context_switches;
      /* draws that applied no group (nothing marked since the last) and groups draws skipped */
      uint64_t draws_unchanged, groups_skipped;
      /* parts of the dynamic group (GLB_DYN_*) a draw that put the group left uncompared */
      uint64_t dyn_parts_skipped;
      /* compact draws after no change drawn by the host call alone (glb_draw.c) */
      uint64_t compact_draws;
      /* and those with nothing marked since the last draw (glb_draw's own, one count where
       * the others would be three): each is one of draws, draws_unchanged and compact_draws
       * too (glb_draws_total; the gates add it) */
      uint64_t compact_unchanged;
      uint64_t stores_zeroed; /* new buffers, textures and renderbuffers zeroed at creation */
      /* generate_mipmap calls whose levels were made on the CPU (glb_mipmap.c) */
      uint64_t mipmaps_on_cpu;
      /* pack_to_buffer: read by the host straight into the buffer (no wait), or read here,
       * converted and written into the buffer (glb_pack.c) */
      uint64_t pack_host_reads, pack_converted;
      /* colour reads the host made through its class's pair, converted into the format's own
       * texels (glb_resource.c:read_colour) */
      uint64_t reads_converted;
      /* draw ranges unrolled for the first-vertex provoking convention (glb_provoking.c) */
      uint64_t first_vertex_draws;
      /* draw ranges whose base vertex was added to their indices (a host before GLES 3.2) */
      uint64_t biased_draws;
      /* draws whose program ran without its gl_PointSize writes (GLB_VARIANT_NO_POINT_SIZE) */
      uint64_t point_size_cut_draws;
      /* geometry stages over the host's output limits (geometry_fit): split among more
       * invocations (spv_gs_split), over and not split, made without gl_PointSize writes */
      uint64_t gs_splits, gs_splits_failed, gs_point_size_cuts;
      /* draws of polygons as lines or points by an outline variant (glb_outline.c) */
      uint64_t outline_draws;
      /* outline draws' counting passes (glb_outline_passes) and the host primitive queries
       * paused around a draw GL does not count (glb_primitives_pause), and the pauses that
       * waited for a query's parts past GLB_QUERY_PARTS_MAX */
      uint64_t outline_count_passes, primitive_query_pauses, primitive_query_part_waits;
      /* sets of a program's variants made for its format-less images' formats after the
       * link's (glb_shader.c:glb_program_images): a steady frame makes none */
      uint64_t image_format_sets;
      /* draws that put the program's buffers and not the program (GLB_DIRTY_BUFFERS alone) */
      uint64_t buffers_only_draws;
      /* texture units a draw's walk skipped: view and sampler walked before, unset since */
      uint64_t units_skipped;
      /* draws that looked the program's samplers up for their LOD bias (glb_program_variant) */
      uint64_t lod_bias_walks;
      /* glBindVertexBuffer calls: with attribute bindings a vertex buffer binding's new
       * buffer, offset or stride (once for the attributes that read it), else an attribute
       * array whose buffer or offset alone changed */
      uint64_t vertex_buffer_binds;
      /* draws whose marked groups (dynamic state, program's buffers, vertex buffers, no
       * other) went on the host apply_state's short way (glb_draw.c: apply_short) */
      uint64_t short_applies;
      /* of them, vertex buffer changes put without apply_vertex_input (its lookup, masks and
       * attributes): the fold standing for the arrays (glb_draw.c:vertex_buffers_short) */
      uint64_t vertex_buffers_short;
      /* element buffers a compact draw looked up and checked, kept for the next (glb_draw.c:
       * element_buffer_check) */
      uint64_t element_buffer_checks;
      uint64_t resource_cap_refusals; /* stores refused past mem_budget: GL_OUT_OF_MEMORY */
      uint64_t blits_drawn;           /* blits the host's blit refuses, drawn (glb_blit_draw.c) */
      uint64_t dispatches;            /* launch_grid's host dispatches (glb_compute.c) */
      /* stages translated with a block padded to its offsets (glb_block_pad.c) */
      uint64_t blocks_padded;
      /* views made of a texture level attached outside its base..max level (glb_attach) */
      uint64_t level_views;
      /* uploads of a program's default block to its host buffer: the first its store, then
       * the bytes changed since (glb_shader.c:default_upload) */
      uint64_t default_uploads;
      /* uniform ranges ending inside a word, bound as a zero-padded copy (pad_ubo_range) */
      uint64_t uniform_ranges_padded;
      /* the host driver's debug messages (MGL_GLES_HOST_DEBUG, glb_screen.c) */
      uint64_t host_debug_messages;
      uint64_t host_debug_logged; /* of them, logged (not notifications; HOST_DEBUG_LOGGED) */
   } stats;
   struct glb_blit_draw_progs blit_draw;
   uint64_t finished_work; /* stats.draws + stats.clears at the last glFinish (glb_finish) */
};

/* The screen (glb_screen.c): NULL after env->fatal(BackendInit, why). */
void *glb_screen_create(const struct mgs_backend_env *env);
void glb_screen_destroy(void *screen); /* accepts NULL */
void *glb_context_lookup(void *screen, struct mgp_handle ctx);
unsigned glb_gate_counters(void *screen, const char **names, unsigned long long *values,
                           unsigned max);
/* The process is exiting (monolith, inproc): waits, bounded, for what the host context was
 * given (backend.h, quiesce). glb_sync.c. */
bool glb_screen_quiesce(void *screen);
/* The thread that applied the session's records ends: lets the host context go (backend.h,
 * thread_leave). glb_sync.c. */
void glb_thread_leave(void *screen);
/* glFinish on the current host context, noting that the work before it is done. glb_sync.c. */
void glb_finish(struct glb_screen *scr);
/* Fails the session (once): the client loses its context. */
void glb_fatal(struct glb_screen *scr, enum mgu_fatal name, const char *detail);
/* Makes the screen's host context current on this thread (a call may come from the app's
 * thread on monolith, from the applier thread elsewhere); false after a Fatal. Forgets the
 * shadow: every entry point but a draw comes here, and may move host state behind it. */
bool glb_make_current(struct glb_screen *scr);
/* Whether the screen's host context is current on this thread, without asking the host each
 * time; every eglMakeCurrent of the backend goes through glb_host_make_current so the answer
 * holds (glb_screen.c). */
bool glb_is_current(const struct glb_screen *scr);
bool glb_host_make_current(const struct glb_screen *scr, EGLContext ctx);
/* The host context current on this thread as this backend last made it, NULL while unknown
 * (asked of the host at glb_is_current's next question): a thread's first call, a refused
 * eglMakeCurrent, a release (glb_screen.c). */
/* Initial-exec, as fe_entry_mode: every draw and glBufferSubData reads it, and the default model
 * for a shared object costs a call into the dynamic linker's TLS descriptor resolver per read
 * (eight bytes of static TLS a dlopen()ed library gets). */
extern _Thread_local EGLContext glb_current_ctx
   __attribute__((visibility("hidden"), tls_model("initial-exec")));
/* The screen's host context current on this thread and ctx the context bound, known without a
 * call: every draw's and glBufferSubData's first question, inline (a screen's host context is
 * never NULL: an unknown current context never matches it). */
static inline bool
glb_bound_here(const struct glb_context *ctx)
{
   const struct glb_screen *scr = ctx->scr;
   return glb_current_ctx == scr->ctx && scr->bound == ctx;
}
/* glb_make_current, then puts ctx's state on the host context if another context's is there. */
bool glb_context_bind(struct glb_context *ctx);
/* The draw's glb_context_bind: keeps the shadow (unless the context or thread changed) and
 * trusts it until the next other entry point. */
bool glb_context_bind_draw(struct glb_context *ctx);
/* Fills set_dynamic_words' table of marks a word at a time (glb_draw.c); glb_tables_init. */
void glb_dynamic_marks_init(void);
/* glb_context_bind for a call whose host calls move none of the state the shadow holds (a
 * buffer's bytes through GL_COPY_WRITE_BUFFER): keeps the shadow as it is (unless the context
 * or thread changed), so the next draw after it and no other change is the host draw alone. */
bool glb_context_bind_keep(struct glb_context *ctx);
void glb_shadow_forget(struct glb_screen *scr);
/* The shadow's group bit: whether the host holds what the last draw left (skip the calls). */
static inline bool
glb_shadow_known(const struct glb_screen *scr, uint32_t bit)
{
   return (scr->sh.known & bit) != 0;
}
/* Records that the host now holds group bit's values (only within a draw: elsewhere the next
 * host call may move them unrecorded). */
static inline void
glb_shadow_set(struct glb_screen *scr, uint32_t bit)
{
   if (scr->sh.trusted)
      scr->sh.known |= bit;
}
/* Binds buffer name at GL_COPY_WRITE_BUFFER, where the shadow does not know it there already. */
static inline void
glb_bind_copy_write(struct glb_screen *scr, GLuint name)
{
   if (glb_shadow_known(scr, GLB_SH_COPY_WRITE) && scr->sh.copy_write == name)
      return;
   GLB_GL(scr->h)->glBindBuffer(GL_COPY_WRITE_BUFFER, name);
   scr->sh.copy_write = name;
   glb_shadow_set(scr, GLB_SH_COPY_WRITE);
}
/* Attaches surface s at attachment point `at` of the framebuffer bound at target (none when s
 * names none); false: declined. */
/* The attachment point of r's images: colour 0, depth, stencil or depth-stencil. */
GLenum glb_attachment_of(const struct glb_resource *r);
/* The depth a host's glReadPixels(GL_DEPTH_COMPONENT, GL_UNSIGNED_INT) word d gives for a
 * normalized depth of `bits` bits (16 or 24), in [0, 1] (glb_resource.c). */
double glb_depth_from_u32(uint32_t d, unsigned bits);
/* Clears colour attachment 0 of the bound draw framebuffer, r's image, to (0, 0, 0, 1) in r's
 * kind (float, signed or unsigned integer): with alpha alone unmasked, an alpha_kept image's
 * alpha back to 1. */
void glb_clear_alpha_one(const struct glb_host *h, const struct glb_resource *r);
bool glb_attach(struct glb_context *ctx, GLenum target, GLenum at, const struct mgp_surface *s,
                const char *call);
/* Binds the context's draw framebuffer (re-resolving attachments); false: declined. */
bool glb_framebuffer_ready(struct glb_context *ctx, const char *call);
/* For a decline's text: the status of the host framebuffer bound at target and what its
 * colour 0, depth and stencil points hold (object type, name, level, layer). */
void glb_framebuffer_describe(const struct glb_host *h, GLenum target, char *out, size_t size);
/* GL's first-vertex provoking convention on a host with only the last (glb_provoking.c): the
 * vertices of one draw of mode (enum mgp_prim: lines, line strips and loops, triangles, strips
 * and fans), as GL numbers them in `in` (n of them, cut at restart_index where restart), as a
 * list of independent lines or triangles (*host_mode) whose last vertex is each primitive's GL
 * provoking vertex, the triangles' winding kept. out holds glb_provoking_room(n); returns the
 * indices written. */
uint64_t glb_provoking_room(uint32_t n);
uint32_t glb_provoking_unroll(unsigned mode, const uint32_t *in, uint32_t n, bool restart,
                              uint32_t restart_index, uint32_t *out, GLenum *host_mode);
/* The texels of the width x height rectangle at x, y of surface s (resource r) in the named
 * format, as read_pixels answers them into out: an mgp_texels_rect (the part inside the level;
 * zero when nothing was read), then the rows, tight. glb_resource.c. */
void glb_read_texels(struct glb_context *ctx, const struct mgp_surface *s, struct glb_resource *r,
                     int32_t x, int32_t y, uint32_t width, uint32_t height, unsigned what,
                     unsigned format, const struct mgp_span *out, const char *call);
/* Levels base + 1 .. last of texture r made on the CPU from level base, read back in bands of
 * rows (each texel the linear sample at its centre: mgp_mipmap_chain) and uploaded as
 * resource_subdata does:
 * for a float, unorm or snorm format the host does not mipmap (GLES 3.2 8.14.4 fills only
 * colour-renderable filterable formats: RGB9_E5, the RGB16F twin). False when its format is not
 * one of those (the caller declines); res names r. glb_mipmap.c. */
bool glb_mipmap_on_cpu(struct glb_context *ctx, struct mgp_handle res, struct glb_resource *r,
                       uint32_t base, uint32_t last);
/* The surface of ctx's framebuffer a read of `what` (enum mgp_pack_what) takes, and its
 * resource; NULL after declining. glb_resource.c. */
struct glb_resource *glb_read_surface(struct glb_context *ctx, unsigned what,
                                      const struct mgp_surface **surface, const char *call);
/* glb_resource_for_use's decline of a resource declined at create (out of line, cold). */
void glb_resource_declined(const char *call);
/* The live resource h names, or NULL: stale (Fatal{StaleHandle}) or declined at create (said
 * again, by name). Inline: a draw looks up its element buffer, vertex buffers and textures. */
static inline struct glb_resource *
glb_resource_for_use(struct glb_screen *scr, struct mgp_handle h, const char *call)
{
   struct glb_resource *r = glb_lookup(scr, &scr->resources, h, call);
   if (__builtin_expect(r && (r->unsupported || !r->name), 0)) {
      glb_resource_declined(call);
      return NULL;
   }
   return r;
}
void glb_context_state_destroy(struct glb_context *ctx);
/* A blit of mask from src into dst that the host's glBlitFramebuffer refuses and a draw does
 * (a single-sampled source into a multisampled image; depth or stencil across formats). */
bool glb_blit_needs_draw(const struct glb_resource *src, const struct glb_resource *dst,
                         uint32_t mask);
/* glb_blit_needs_draw's mask bit asking whether the blit can be drawn at all (a colour blit of
 * sRGB without conversion, which the host's blit would convert) */
#define GLB_BLIT_RAW (1u << 31)
/* Draws that blit: the context's read framebuffer holds src and its blit framebuffer dst (both
 * bound); declines by name what it cannot. glb_blit_draw.c. */
void glb_blit_draw(struct glb_context *ctx, const struct glb_resource *src,
                   const struct glb_resource *dst, const struct mgp_blit *args, uint32_t mask);
/* The kind of an active host query that would count a draw now (occlusion, or primitives
 * generated: GL counts neither for a blit); NULL when none is. glb_sync.c */
const char *glb_draw_counted(const struct glb_screen *scr);
/* Whether an active host query counts a draw's primitives (generated or written). glb_sync.c */
bool glb_primitives_counted(const struct glb_screen *scr);
/* The host query objects one primitive query keeps from its pauses before a pause waits for
 * their results (glb_sync.c). */
#define GLB_QUERY_PARTS_MAX 256
/* Around a draw GL does not count as drawn: each active primitive query's host object ended
 * (its result kept as a part of the query's) and a fresh one begun after. false: Fatal. */
bool glb_primitives_pause(struct glb_screen *scr);
void glb_primitives_resume(struct glb_screen *scr);

/* Where ESSL source src's declarations begin: past its #version and #extension lines. */
static inline const char *
glb_essl_header_end(const char *src)
{
   const char *at = src;
   while (!strncmp(at, "#version", 8) || !strncmp(at, "#extension", 10)) {
      const char *nl = strchr(at, '\n');
      if (!nl)
         break;
      at = nl + 1;
   }
   return at;
}

/* glb_outline.c: GL_LINE and GL_POINT polygon modes by a geometry stage of a program variant.
 * The stage for vertex stage vs (ESSL), with the location of the facing it hands the fragment
 * stage (malloc'd; NULL with *why); the fragment stage fs reading that facing for
 * gl_FrontFacing (malloc'd; NULL: out of memory). */
char *glb_outline_geometry(const struct glb_screen *scr, const char *vs, bool points,
                           unsigned *facing_loc, const char **why);
char *glb_outline_fragment(const char *fs, unsigned facing_loc);
/* Before a draw: the outline variant it takes (ctx->draw_outline, the program marked where it
 * changed), or false where it is declined by name. */
bool glb_outline_draw(struct glb_context *ctx, const struct mgp_draw_vbo *args);
/* The current variant's _mgl_Outline for the draw, the program current. */
void glb_outline_uniform(struct glb_context *ctx, struct glb_shader *s);
/* How a draw meets the host's primitive queries and capture (glb_outline_passes). */
enum glb_passes {
   GLB_PASSES_ONE,    /* drawn as it is: the host counts and captures what GL does */
   GLB_PASSES_HIDDEN, /* drawn with the primitive queries paused and no capture */
   /* a counting pass first (the program as it is, nothing rasterized: the host counts and
    * captures the polygons), then the outline drawn hidden */
   GLB_PASSES_COUNTED,
};
enum glb_passes glb_outline_passes(struct glb_context *ctx, const struct mgp_draw_vbo *args);
/* A query of a screen going away: an active one ended and its host name deleted where the host
 * context is current on this thread, then freed (the screen's hooks.query_teardown). */
void glb_query_teardown(struct glb_screen *scr, struct glb_obj *query);
/* Binds the program's sampler views and samplers to their units for a draw; false: declined. */
bool glb_samplers_bind(struct glb_context *ctx, const struct glb_shader *prog);
/* An image unit's buffer texture r (imageBuffer): its host texture views the store of the
 * buffer its desc names now (attached on the active unit, whose buffer-texture binding is put
 * back); false: declined (no buffer, or a range the host refuses). glb_sampler.c */
bool glb_texbuf_for_image(struct glb_screen *scr, struct glb_resource *r, const char *call);
/* Frees a program's transform feedback names. */
void glb_shader_free_xfb(struct glb_shader *s);
/* Uses the program and binds its uniform buffers for a draw; false: declined. */
bool glb_program_bind(struct glb_context *ctx, struct glb_shader *s);
/* The program's default block and uniform buffers on the host (the program in use);
 * false: declined. glb_shader.c */
bool glb_program_buffers(struct glb_context *ctx, struct glb_shader *s, const char *call);
/* glb_program_buffers on apply_short's way (the host holds what the program's last put left):
 * the default block's bytes where changed, and the blocks whose bindings were set since. */
bool glb_program_buffers_short(struct glb_context *ctx, struct glb_shader *s);
/* Whether ESSL 3.10 declares images of this enum mgp_format (glb_format.c). */
bool glb_storage_format(unsigned mgp_format);
/* ESSL's layout qualifier of an image of this enum mgp_format, and the class of image type
 * that takes it ('f', 'i', 'u'; cls may be NULL); NULL where ESSL has none (glb_format.c). */
const char *glb_storage_qualifier(unsigned mgp_format, char *cls);
/* Picks the program's variants for the formats its format-less images' units hold (GLSL 4.20's
 * writeonly images without a format qualifier, which ESSL needs): the set made with them,
 * made now where none was (glb_shader.c). *switched: the program's current variant changed.
 * False: declined. */
bool glb_program_images(struct glb_context *ctx, struct glb_shader *s, bool *switched);
/* Deletes the host programs of the program's kept image sets (host: its context current) and
 * frees them (glb_shader.c; glb_screen.c's shader_free does the same itself). */
void glb_image_sets_free(struct glb_screen *scr, struct glb_shader *s, bool host);
/* Binds the storage buffers and image units program s uses (glb_storage.c); false: declined. */
bool glb_storage_bind(struct glb_context *ctx, const struct glb_shader *s, const char *call);
void glb_program_alpha_one(struct glb_screen *scr, struct glb_shader *s, bool on);
void glb_program_clip_enables(struct glb_screen *scr, struct glb_shader *s, uint32_t mask);
bool glb_program_variant(struct glb_context *ctx, struct glb_shader *s, bool bias_inputs,
                         bool *switched);
void glb_program_variant_uniforms(struct glb_context *ctx, struct glb_shader *s, bool bias_inputs);
/* What a pass over a client's module spent: the words its walks read and the table entries its
 * lookups read (visited), the bytes it allocated (bytes); unit.gles.block_pad and
 * unit.gles.io_flatten hold both within a constant times the module's words. */
struct glb_pass_cost {
   uint64_t visited, bytes;
};
/* glb_block_pad.c: the SPIR-V with padding members in buffer blocks whose member offsets leave
 * gaps (atomic counters at layout(offset)), so that std430 lays them out (new words, or NULL:
 * nothing to pad, or *err) */
uint32_t *glb_spv_pad_blocks(const uint32_t *w, size_t n, size_t *out_n, const char **err);
/* The same, with what it spent in *cost */
uint32_t *glb_spv_pad_blocks_counted(const uint32_t *w, size_t n, size_t *out_n, const char **err,
                                     struct glb_pass_cost *cost);
/* glb_io_flatten.c: the SPIR-V with the arrays of arrays among a vertex stage's outputs
 * (outputs) or a fragment stage's inputs made one-dimensional (new words, or NULL: none, or
 * *err: one used otherwise than through full access chains) */
uint32_t *glb_spv_flatten_io_arrays(const uint32_t *w, size_t n, bool outputs, size_t *out_n,
                                    const char **err);
/* The same, with what it spent in *cost (visited: hash slots read besides) */
uint32_t *glb_spv_flatten_io_arrays_counted(const uint32_t *w, size_t n, bool outputs,
                                            size_t *out_n, const char **err,
                                            struct glb_pass_cost *cost);
/* glb_io_structs.c: the SPIR-V with the struct varyings among the last pre-rasterization
 * stage's outputs (outputs) or the fragment stage's inputs split into one varying per member
 * (new words, or NULL: none, or *err: one used otherwise than through chains to its members) */
uint32_t *glb_spv_split_io_structs(const uint32_t *w, size_t n, bool outputs, size_t *out_n,
                                   const char **err);
/* glb_lod_bias.c: the SPIR-V with GL's LOD bias added from _mgl_LodBias[count] (new words, or
 * NULL: *err NULL where nothing samples with a bias); *unbiased: what it cannot bias, or NULL */
uint32_t *glb_spv_lod_bias(const uint32_t *w, size_t n, bool fragment, uint32_t count,
                           size_t *out_n, const char **unbiased, const char **err);

/* ---- the tables ---------------------------------------------------------------------------- */

/* Calls the backend implements (caps.call_mask comes from these). */
extern const struct mgp_screen_vtbl glb_screen_impl;
extern const struct mgp_context_vtbl glb_context_impl;
/* What the server calls: the above, and a named decline (gles-call-unimplemented) in every slot
 * they leave NULL, so no call the client sends is dropped silently or reaches a NULL slot. */
extern struct mgp_screen_vtbl glb_screen_vtbl;
extern struct mgp_context_vtbl glb_context_vtbl;
void glb_tables_init(void);

#define GLB_CALL(name, payload)                                                                    \
   void glb_##name(void *self, const struct payload *args, const void *tail, uint32_t tail_count)

GLB_CALL(get_caps, mgp_get_caps);
GLB_CALL(context_create, mgp_context_desc);
GLB_CALL(context_destroy, mgp_handle_args);
GLB_CALL(resource_create, mgp_resource_desc);
GLB_CALL(resource_respecify, mgp_resource_desc);
GLB_CALL(resource_destroy, mgp_handle_args);
GLB_CALL(fence_create, mgp_handle_args);
GLB_CALL(fence_status, mgp_fence_query);
GLB_CALL(fence_wait, mgp_fence_query);
GLB_CALL(fence_destroy, mgp_handle_args);
GLB_CALL(query_create, mgp_query_desc);
GLB_CALL(query_result, mgp_query_result);
GLB_CALL(query_destroy, mgp_handle_args);
GLB_CALL(get_timestamp, mgp_get_timestamp);
GLB_CALL(begin_query, mgp_query_desc);
GLB_CALL(end_query, mgp_query_desc);
GLB_CALL(begin_conditional_render, mgp_query_desc);
GLB_CALL(end_conditional_render, mgp_u32_args);
GLB_CALL(set_stream_output_targets, mgp_set_stream_output_targets);
GLB_CALL(begin_stream_output, mgp_u32_args);
GLB_CALL(end_stream_output, mgp_u32_args);
GLB_CALL(pause_stream_output, mgp_u32_args);
GLB_CALL(resume_stream_output, mgp_u32_args);
/* Ends the context's host capture, if any (the context's teardown) */
void glb_xfb_end(struct glb_context *ctx);
/* Pauses the bound context's running host capture (another context is bound next) */
void glb_xfb_switch_away(struct glb_context *ctx);
/* A draw with program s: begins or resumes the host capture the client's calls ask for (with s
 * in use). *in_use: s is now the host's program. False: declined. */
bool glb_xfb_draw(struct glb_context *ctx, const struct glb_shader *s, bool *in_use);
GLB_CALL(create_render_state, mgp_create_render_state);
GLB_CALL(bind_render_state, mgp_handle_args);
GLB_CALL(delete_render_state, mgp_handle_args);
GLB_CALL(create_vertex_elements, mgp_create_vertex_elements);
GLB_CALL(bind_vertex_elements, mgp_handle_args);
GLB_CALL(delete_vertex_elements, mgp_handle_args);
GLB_CALL(create_shader, mgp_create_shader);
GLB_CALL(delete_shader, mgp_handle_args);
GLB_CALL(create_sampler, mgp_create_sampler);
GLB_CALL(delete_sampler, mgp_handle_args);
GLB_CALL(create_sampler_view, mgp_create_sampler_view);
GLB_CALL(delete_sampler_view, mgp_handle_args);
GLB_CALL(set_sampler_views, mgp_set_handles);
GLB_CALL(bind_sampler_states, mgp_set_handles);
GLB_CALL(set_texture_params, mgp_texture_params);
GLB_CALL(generate_mipmap, mgp_generate_mipmap);
GLB_CALL(set_vertex_attrib_defaults, mgp_set_vertex_attrib_defaults);
GLB_CALL(set_dynamic_state, mgp_dynamic_state);
GLB_CALL(set_dynamic_words, mgp_dynamic_words);
GLB_CALL(set_framebuffer_state, mgp_framebuffer_state);
GLB_CALL(set_vertex_buffers, mgp_set_vertex_buffers);
GLB_CALL(set_index_buffer, mgp_set_index_buffer);
GLB_CALL(set_shader_buffers, mgp_set_shader_buffers);
GLB_CALL(set_global_constants, mgp_set_global_constants);
GLB_CALL(set_constant_words, mgp_constant_words);
/* set_constant_words' work (draw_words' too): false when it ended the session (Fatal) or the
 * program is gone, so no draw follows. */
bool glb_constant_words(struct glb_context *ctx, const struct mgp_constant_words *args,
                        const void *tail, uint32_t tail_count);
GLB_CALL(set_draw_program, mgp_handle_args);
GLB_CALL(resource_subdata, mgp_resource_subdata);
GLB_CALL(resource_readback, mgp_resource_readback);
GLB_CALL(clear, mgp_clear);
GLB_CALL(blit, mgp_blit);
GLB_CALL(resource_copy_region, mgp_resource_copy_region);
GLB_CALL(read_pixels, mgp_read_pixels);
GLB_CALL(get_texture_image, mgp_get_texture_image);
GLB_CALL(set_pixel_pack_state, mgp_pixel_pack_state);
GLB_CALL(set_patch_state, mgp_patch_state);
GLB_CALL(pack_to_buffer, mgp_pack_to_buffer);
GLB_CALL(draw_vbo, mgp_draw_vbo);
GLB_CALL(draw_indirect, mgp_draw_indirect);
GLB_CALL(set_shader_images, mgp_set_shader_images);
GLB_CALL(set_dispatch_program, mgp_handle_args);
GLB_CALL(launch_grid, mgp_launch_grid);
GLB_CALL(memory_barrier, mgp_memory_barrier);
GLB_CALL(draw, mgp_draw);
GLB_CALL(draw_words, mgp_draw_words);
GLB_CALL(flush, mgp_u32_args);
GLB_CALL(present, mgp_present);

#endif
