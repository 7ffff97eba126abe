/* glb_screen.c — the GLES backend's screen: slot tables, the host display and context, whose
 * MGPipe context's state it holds, caps, MGPipe contexts, fences, flush and present. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "glb.h"
#include "pipe_codec.h"

/* ---- slot tables ---------------------------------------------------------------------------- */

/* A size knob as the Vulkan backend reads it: a count with an optional k, m or g suffix. */
static uint64_t
size_knob(const char *name, uint64_t def)
{
   const char *v = getenv(name);
   if (!v || !*v)
      return def;
   char *end;
   const unsigned long long n = strtoull(v, &end, 0);
   const unsigned shift = *end == 'k' || *end == 'K'   ? 10
                          : *end == 'm' || *end == 'M' ? 20
                          : *end == 'g' || *end == 'G' ? 30
                                                       : 0;
   return n > (UINT64_MAX >> shift) ? UINT64_MAX : (uint64_t)n << shift;
}

#define GLB_MAX_SLOTS (1u << 20)

/* MGL_GLES_HIDE: a comma list of host features this screen leaves unused, as if the host had
 * none, so a test sees what the client does without them (the version it claims, its
 * refusals): texture-buffer, dual-source, geometry, depth-clamp, rgb16f-render
 * (EXT_color_buffer_half_float's RGB16F attachments), compute (GLES 3.1's compute, storage
 * buffers and images), es31 (GLES 3.1's stencil texturing, framebuffers without attachments and
 * gathers), srgb-decode (EXT_texture_sRGB_decode), tessellation, cube-map-array, stencil8
 * (GL_STENCIL_INDEX8 textures), gpu-shader5 (ESSL 3.20's interpolateAt*, geometry invocations,
 * textureGatherOffsets), es32 (a GLES 3.1 host context: its features through the 3.1
 * extensions, EXT_texture_cube_map_array and OES_texture_stencil8), attrib-binding (GLES 3.1's
 * vertex attribute bindings: each array put with glVertexAttribPointer at its own binding, a
 * GLES 3.0 host's way; glb_draw.c), cull-distance (EXT_clip_cull_distance's cull distances: no
 * MGP_CAP_CULL_DISTANCE, glb_shader.c refuses gl_CullDistance; its clip distances stay).
 * Bits: GLB_HIDE_*. */
enum {
   GLB_HIDE_TEXTURE_BUFFER = 1u << 0,
   GLB_HIDE_DUAL_SOURCE = 1u << 1,
   GLB_HIDE_GEOMETRY = 1u << 2,
   GLB_HIDE_DEPTH_CLAMP = 1u << 3,
   GLB_HIDE_RGB16F_RENDER = 1u << 4,
   GLB_HIDE_COMPUTE = 1u << 5,
   GLB_HIDE_ES31 = 1u << 6,
   GLB_HIDE_SRGB_DECODE = 1u << 7,
   GLB_HIDE_ROBUST = 1u << 8, /* the context is asked without robust access */
   GLB_HIDE_TESSELLATION = 1u << 9,
   GLB_HIDE_CUBE_MAP_ARRAY = 1u << 10,
   GLB_HIDE_STENCIL8 = 1u << 11,
   GLB_HIDE_GPU_SHADER5 = 1u << 12,
   GLB_HIDE_ES32 = 1u << 13,
   GLB_HIDE_READ_PAIRS = 1u << 14, /* reads only through the pairs GLES 3.2 guarantees */
   GLB_HIDE_ATTRIB_BINDING = 1u << 15,
   GLB_HIDE_CULL_DISTANCE = 1u << 16,
};

static uint32_t
hide_knob(void)
{
   static const struct {
      const char *name;
      uint32_t bit;
   } names[] = {
      {"texture-buffer", GLB_HIDE_TEXTURE_BUFFER},
      {"dual-source", GLB_HIDE_DUAL_SOURCE},
      {"geometry", GLB_HIDE_GEOMETRY},
      {"depth-clamp", GLB_HIDE_DEPTH_CLAMP},
      {"rgb16f-render", GLB_HIDE_RGB16F_RENDER},
      {"compute", GLB_HIDE_COMPUTE},
      {"es31", GLB_HIDE_ES31},
      {"srgb-decode", GLB_HIDE_SRGB_DECODE},
      {"robust", GLB_HIDE_ROBUST},
      {"tessellation", GLB_HIDE_TESSELLATION},
      {"cube-map-array", GLB_HIDE_CUBE_MAP_ARRAY},
      {"stencil8", GLB_HIDE_STENCIL8},
      {"gpu-shader5", GLB_HIDE_GPU_SHADER5},
      {"es32", GLB_HIDE_ES32},
      {"read-pairs", GLB_HIDE_READ_PAIRS},
      {"attrib-binding", GLB_HIDE_ATTRIB_BINDING},
      {"cull-distance", GLB_HIDE_CULL_DISTANCE},
   };
   const char *v = getenv("MGL_GLES_HIDE");
   uint32_t bits = 0;
   while (v && *v) {
      const size_t len = strcspn(v, ",");
      bool known = len == 0;
      for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
         if (strlen(names[i].name) == len && !strncmp(v, names[i].name, len)) {
            bits |= names[i].bit;
            known = true;
         }
      if (!known)
         mgu_warn("gles: MGL_GLES_HIDE names \"%.*s\": not one of texture-buffer, dual-source, "
                  "geometry, depth-clamp, rgb16f-render, compute, es31, srgb-decode, robust, "
                  "tessellation, cube-map-array, stencil8, gpu-shader5, es32, read-pairs, "
                  "attrib-binding, cull-distance (ignored)",
                  (int)(len < 64 ? len : 64), v);
      v += len + (v[len] == ',');
   }
   return bits;
}

bool
glb_table_put(struct glb_screen *scr, struct glb_table *t, struct glb_obj *obj, const char *call)
{
   char detail[96];
   if (mgp_handle_is_null(obj->h) || obj->h.slot >= GLB_MAX_SLOTS) {
      snprintf(detail, sizeof(detail), "%s {%u,%u}: slot out of range", call, obj->h.slot,
               obj->h.gen);
      glb_fatal(scr, MGU_FATAL_StaleHandle, detail);
      return false;
   }
   if (t->live >= scr->objects_max) {
      snprintf(detail, sizeof(detail), "%s: %u objects of this kind (MGL_SERVER_SESSION_OBJECTS)",
               call, t->live);
      glb_fatal(scr, MGU_FATAL_OutOfMemory, detail);
      return false;
   }
   if (!mgu_array_reserve(t->slots, t->cap, (uint64_t)obj->h.slot + 1)) {
      glb_fatal(scr, MGU_FATAL_OutOfMemory, call);
      return false;
   }
   if (t->slots[obj->h.slot]) {
      snprintf(detail, sizeof(detail), "%s {%u,%u}: slot still holds gen %u", call, obj->h.slot,
               obj->h.gen, t->slots[obj->h.slot]->h.gen);
      glb_fatal(scr, MGU_FATAL_StaleHandle, detail);
      return false;
   }
   t->slots[obj->h.slot] = obj;
   t->live++;
   return true;
}

void
glb_table_remove(struct glb_table *t, struct glb_obj *obj)
{
   if (obj && obj->h.slot < t->cap && t->slots[obj->h.slot] == obj) {
      t->slots[obj->h.slot] = NULL;
      t->live--;
   }
}

void
glb_lookup_stale(struct glb_screen *scr, struct mgp_handle h, const char *call)
{
   char detail[96];
   snprintf(detail, sizeof(detail), "%s {%u,%u}", call, h.slot, h.gen);
   glb_fatal(scr, MGU_FATAL_StaleHandle, detail);
}

/* Frees every object of a table with fn (NULL: free()). */
static void
table_finish(struct glb_table *t, void (*fn)(struct glb_obj *o, void *arg), void *arg)
{
   for (uint32_t i = 0; i < t->cap; i++) {
      if (t->slots[i]) {
         if (fn)
            fn(t->slots[i], arg);
         else
            free(t->slots[i]);
      }
   }
   free(t->slots);
   memset(t, 0, sizeof(*t));
}

/* ---- the host context --------------------------------------------------------------------- */

void
glb_fatal(struct glb_screen *scr, enum mgu_fatal name, const char *detail)
{
   scr->env.fatal(scr->env.session, name, detail);
}

/* The host context current on this thread, as this backend last made it: every draw asks, and
 * a host's eglGetCurrentContext may take its EGL lock. Sound because the vendor library is this
 * backend's alone (glb_host.c refuses one glvnd loaded for the application), so nothing but
 * glb_host_make_current makes its contexts current. NULL, unknown (asked of the host at the
 * next glb_is_current), on a thread's first call, after a refused eglMakeCurrent and after a
 * release: one variable, so that glb_bound_here reads one. */
_Thread_local EGLContext glb_current_ctx;

bool
glb_is_current(const struct glb_screen *scr)
{
   if (!glb_current_ctx)
      glb_current_ctx = scr->h->eglGetCurrentContext();
   return glb_current_ctx == scr->ctx;
}

bool
glb_host_make_current(const struct glb_screen *scr, EGLContext ctx)
{
   const bool ok = scr->h->eglMakeCurrent(scr->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
   glb_current_ctx = ok ? ctx : NULL;
   return ok;
}

static bool
make_current(struct glb_screen *scr)
{
   const struct glb_host *h = scr->h;
   if (glb_is_current(scr))
      return true;
   glb_shadow_forget(scr);
   if (!glb_host_make_current(scr, scr->ctx)) {
      char detail[96];
      snprintf(detail, sizeof(detail), "gles: eglMakeCurrent failed (0x%x)", h->eglGetError());
      glb_fatal(scr, MGU_FATAL_BackendInit, detail);
      return false;
   }
   scr->bound = NULL; /* another thread may have left state: re-apply the context's */
   return true;
}

void
glb_shadow_forget(struct glb_screen *scr)
{
   memset(&scr->sh, 0, sizeof(scr->sh));
}

bool
glb_make_current(struct glb_screen *scr)
{
   glb_shadow_forget(scr);
   return make_current(scr);
}

static bool
has_word(const char *list, const char *word)
{
   size_t n = strlen(word);
   for (const char *p = list ? strstr(list, word) : NULL; p; p = strstr(p + 1, word)) {
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
         return true;
   }
   return false;
}

/* The display: surfaceless where the vendor has it, else the first EGL device. */
static bool
open_display(struct glb_screen *scr, char *why, unsigned why_size)
{
   const struct glb_host *h = scr->h;
   const char *platforms =
      h->imports_vendor_string ? h->imports_vendor_string(0 /* PLATFORM_EXTENSIONS */) : NULL;
   if (has_word(platforms, "EGL_MESA_platform_surfaceless")) {
      scr->dpy = h->imports_get_platform_display(EGL_PLATFORM_SURFACELESS_MESA,
                                                 (void *)EGL_DEFAULT_DISPLAY, NULL);
      scr->platform = "surfaceless";
   }
   if (!scr->dpy && has_word(platforms, "EGL_EXT_platform_device")) {
      PFNEGLQUERYDEVICESEXTPROC query_devices =
         (PFNEGLQUERYDEVICESEXTPROC)h->imports_proc("eglQueryDevicesEXT");
      EGLDeviceEXT dev;
      EGLint n = 0;
      if (query_devices && query_devices(1, &dev, &n) && n > 0) {
         scr->dpy = h->imports_get_platform_display(EGL_PLATFORM_DEVICE_EXT, dev, NULL);
         scr->platform = "device";
      }
   }
   EGLint major = 0, minor = 0;
   if (!scr->dpy || !h->eglInitialize(scr->dpy, &major, &minor)) {
      snprintf(why, why_size, "%.100s offers neither a surfaceless nor a device display (%.80s)",
               h->lib_name, platforms ? platforms : "no platform list");
      return false;
   }
   scr->egl_minor = major > 1 ? 5 : minor;
   return true;
}

static bool
create_context(struct glb_screen *scr, char *why, unsigned why_size)
{
   const struct glb_host *h = scr->h;
   const char *ext = h->eglQueryString(scr->dpy, EGL_EXTENSIONS);
   if (!has_word(ext, "EGL_KHR_surfaceless_context") || !h->eglBindAPI(EGL_OPENGL_ES_API)) {
      snprintf(why, why_size, "the host display has no surfaceless GLES contexts");
      return false;
   }
   EGLConfig config = EGL_NO_CONFIG_KHR;
   if (!has_word(ext, "EGL_KHR_no_config_context")) {
      const EGLint want[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE};
      EGLint n = 0;
      if (!h->eglChooseConfig(scr->dpy, want, &config, 1, &n) || n < 1) {
         snprintf(why, why_size, "the host display has no GLES 3 config");
         return false;
      }
   }
   /* Robust buffer access: a hostile client's draw may reach past its buffers (the host does
    * not check vertex fetches); with it the host reads zeros or in-bounds data instead. Asked
    * by EGL 1.5's attribute or EGL_EXT_create_context_robustness's; a host that refuses it
    * makes a plain context, and glb_screen_create reads what the context got
    * (GL_CONTEXT_ROBUST_ACCESS): without it, draw_bound bounds the draw itself. */
   scr->hide = hide_knob();
   const EGLint robust_attrib = (scr->hide & GLB_HIDE_ROBUST) ? EGL_NONE
                                : scr->egl_minor >= 5         ? EGL_CONTEXT_OPENGL_ROBUST_ACCESS
                                : has_word(ext, "EGL_EXT_create_context_robustness")
                                   ? EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT
                                   : EGL_NONE;
   /* GLES 3.2 first; MGL_GLES_HIDE=es32 asks for 3.1 at most (a host that may still make a
    * 3.2 context for it: only what 3.1 and its extensions have is used) */
   const int top_minor = scr->hide & GLB_HIDE_ES32 ? 1 : 2;
   /* MGL_GLES_HOST_DEBUG=1: a debug context, so the host driver says why it refused a call
    * (EGL 1.5's attribute; EGL_KHR_create_context's flag before it) */
   const char *debug = getenv("MGL_GLES_HOST_DEBUG");
   scr->host_debug = debug && strcmp(debug, "0") != 0 && debug[0];
   EGLint debug_attrib = EGL_NONE, debug_value = EGL_TRUE;
   if (scr->host_debug && scr->egl_minor >= 5) {
      debug_attrib = EGL_CONTEXT_OPENGL_DEBUG;
   } else if (scr->host_debug && has_word(ext, "EGL_KHR_create_context")) {
      debug_attrib = EGL_CONTEXT_FLAGS_KHR;
      debug_value = EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR;
   }
   for (int robust = robust_attrib != EGL_NONE; robust >= 0 && !scr->ctx; robust--)
      for (int minor = top_minor; minor >= 0 && !scr->ctx; minor--) {
         EGLint attribs[9] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, minor};
         unsigned n = 4;
         if (robust) {
            attribs[n++] = robust_attrib;
            attribs[n++] = EGL_TRUE;
         }
         if (debug_attrib != EGL_NONE) {
            attribs[n++] = debug_attrib;
            attribs[n++] = debug_value;
         }
         attribs[n] = EGL_NONE;
         scr->ctx = h->eglCreateContext(scr->dpy, config, EGL_NO_CONTEXT, attribs);
         scr->es_minor = minor;
      }
   if (!scr->ctx) {
      snprintf(why, why_size, "the host made no GLES 3.x context (0x%x)", h->eglGetError());
      return false;
   }
   scr->essl_version = scr->es_minor >= 2 ? 320 : scr->es_minor == 1 ? 310 : 300;
   return true;
}

/* GLES 3.1's compute, storage buffers and images (glb_compute.c): offered where the host has
 * the calls and the least of every limit MGPipe's contract asks for compute (GL 4.3's work
 * group of 1024 invocations, 8 storage buffers and image units); the fragment and vertex stages
 * take stores where the host's take as many storage blocks and images as the compute stage. */
static void
read_compute_limits(struct glb_screen *scr, const char *ext)
{
   const struct glb_host *h = scr->h;
   if (scr->es_minor < 1 || !h->glGetIntegeri_v || !h->glDispatchCompute ||
       !h->glDispatchComputeIndirect || !h->glMemoryBarrier || !h->glBindImageTexture)
      return;
   for (GLuint i = 0; i < 3; i++) {
      GLB_GL(h)->glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &scr->max_compute_count[i]);
      GLB_GL(h)->glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &scr->max_compute_size[i]);
   }
   GLint cs_blocks = 0, cs_images = 0, fs_blocks = 0, fs_images = 0, vs_blocks = 0, vs_images = 0;
   GLB_GL(h)->glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &scr->max_compute_invocations);
   GLB_GL(h)->glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &scr->max_compute_shared);
   GLB_GL(h)->glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &scr->max_ssbo_bindings);
   GLB_GL(h)->glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &scr->ssbo_align);
   GLB_GL(h)->glGetIntegerv(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &scr->max_ssbo_size);
   GLB_GL(h)->glGetIntegerv(GL_MAX_IMAGE_UNITS, &scr->max_image_units);
   GLB_GL(h)->glGetIntegerv(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, &cs_blocks);
   GLB_GL(h)->glGetIntegerv(GL_MAX_COMPUTE_IMAGE_UNIFORMS, &cs_images);
   GLB_GL(h)->glGetIntegerv(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, &fs_blocks);
   GLB_GL(h)->glGetIntegerv(GL_MAX_FRAGMENT_IMAGE_UNIFORMS, &fs_images);
   GLB_GL(h)->glGetIntegerv(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, &vs_blocks);
   GLB_GL(h)->glGetIntegerv(GL_MAX_VERTEX_IMAGE_UNIFORMS, &vs_images);
   /* what one program binds: the host's bindings, its compute stage's, MGPipe's */
   if (scr->max_ssbo_bindings > cs_blocks)
      scr->max_ssbo_bindings = cs_blocks;
   if (scr->max_ssbo_bindings > GLB_MAX_SSBO)
      scr->max_ssbo_bindings = GLB_MAX_SSBO;
   if (scr->max_image_units > cs_images)
      scr->max_image_units = cs_images;
   if (scr->max_image_units > (GLint)GLB_MAX_IMAGES)
      scr->max_image_units = (GLint)GLB_MAX_IMAGES;
   if (scr->ssbo_align < 1)
      scr->ssbo_align = 1;
   scr->compute = scr->max_compute_invocations >= 1024 && scr->max_compute_size[0] >= 1024 &&
                  scr->max_compute_size[1] >= 1024 && scr->max_compute_size[2] >= 64 &&
                  scr->max_compute_count[0] >= 65535 && scr->max_compute_count[1] >= 65535 &&
                  scr->max_compute_count[2] >= 65535 && scr->max_ssbo_bindings >= 8 &&
                  scr->max_image_units >= 8;
   scr->fragment_stores =
      scr->compute && fs_blocks >= scr->max_ssbo_bindings && fs_images >= scr->max_image_units;
   scr->vertex_stores =
      scr->compute && vs_blocks >= scr->max_ssbo_bindings && vs_images >= scr->max_image_units;
   scr->image_atomics =
      scr->compute && (scr->es_minor >= 2 || has_word(ext, "GL_OES_shader_image_atomic"));
   if (!scr->compute)
      mgu_info("gles: the host's GLES 3.1 compute falls short of MGPipe's least (%d invocations, "
               "%d storage buffers, %d image units): not offered",
               scr->max_compute_invocations, scr->max_ssbo_bindings, scr->max_image_units);
}

static void
read_limits(struct glb_screen *scr)
{
   const struct glb_host *h = scr->h;
   snprintf(scr->renderer, sizeof(scr->renderer), "%s",
            (const char *)GLB_GL(h)->glGetString(GL_RENDERER));
   snprintf(scr->version, sizeof(scr->version), "%s",
            (const char *)GLB_GL(h)->glGetString(GL_VERSION));
   GLB_GL(h)->glGetIntegerv(GL_MAX_TEXTURE_SIZE, &scr->max_texture_size);
   GLB_GL(h)->glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &scr->max_renderbuffer_size);
   GLB_GL(h)->glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &scr->max_3d_texture_size);
   GLB_GL(h)->glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &scr->max_array_layers);
   GLB_GL(h)->glGetIntegerv(GL_MAX_CUBE_MAP_TEXTURE_SIZE, &scr->max_cube_size);
   GLB_GL(h)->glGetIntegerv(GL_MAX_SAMPLES, &scr->max_samples);
   GLB_GL(h)->glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &scr->max_vertex_attribs);
   GLB_GL(h)->glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &scr->max_ubo_bindings);
   GLB_GL(h)->glGetIntegerv(GL_MAX_UNIFORM_BLOCK_SIZE, &scr->max_ubo_size);
   GLB_GL(h)->glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &scr->ubo_align);
   GLB_GL(h)->glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &scr->max_texture_units);
   GLB_GL(h)->glGetIntegerv(GL_MAX_VARYING_COMPONENTS, &scr->max_varying);
   GLB_GL(h)->glGetIntegerv(GL_MAX_DRAW_BUFFERS, &scr->max_draw_buffers);
   GLB_GL(h)->glGetIntegerv(GL_MAX_VIEWPORT_DIMS, scr->max_viewport);
   GLB_GL(h)->glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, scr->line_range);
   GLB_GL(h)->glGetFloatv(GL_ALIASED_POINT_SIZE_RANGE, scr->point_range);
   GLB_GL(h)->glGetIntegerv(GL_MAX_INTEGER_SAMPLES, &scr->max_integer_samples);
   const char *ext = (const char *)GLB_GL(h)->glGetString(GL_EXTENSIONS);
   /* robust access as the context got it (ES 3.2, EXT_robustness, KHR_robustness) */
   GLint robust = GL_FALSE;
   if (scr->es_minor >= 2 || has_word(ext, "GL_EXT_robustness") ||
       has_word(ext, "GL_KHR_robustness"))
      GLB_GL(h)->glGetIntegerv(GL_CONTEXT_ROBUST_ACCESS_EXT, &robust);
   while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
      ;
   scr->robust = robust == GL_TRUE;
   if (!scr->robust)
      mgu_warn("gles: the host context has no robust buffer access: draws the server cannot "
               "bound are refused (gl-draw-unbounded)");
   if (scr->es_minor >= 1 && h->glTexStorage2DMultisample) {
      GLB_GL(h)->glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &scr->max_color_texture_samples);
      GLB_GL(h)->glGetIntegerv(GL_MAX_DEPTH_TEXTURE_SAMPLES, &scr->max_depth_texture_samples);
      scr->max_integer_texture_samples = scr->max_integer_samples;
      scr->ms_array_textures = (scr->es_minor >= 2 && h->glTexStorage3DMultisample) ||
                               (has_word(ext, "GL_OES_texture_storage_multisample_2d_array") &&
                                h->glTexStorage3DMultisampleOES);
   }
   /* cube map arrays: core in 3.2; on 3.1 EXT_texture_cube_map_array, which the translation
    * requires for samplerCubeArray below ESSL 3.20 (glb_shader.c: has_cube_array) */
   const uint32_t hide = scr->hide;
   scr->cube_map_array = !(hide & GLB_HIDE_CUBE_MAP_ARRAY) &&
                         (scr->es_minor >= 2 ||
                          (scr->es_minor == 1 && has_word(ext, "GL_EXT_texture_cube_map_array")));
   scr->stencil8 =
      !(hide & GLB_HIDE_STENCIL8) &&
      (scr->es_minor >= 2 || (scr->es_minor == 1 && has_word(ext, "GL_OES_texture_stencil8")));
   scr->ext_color_float = scr->es_minor >= 2 || (ext && strstr(ext, "GL_EXT_color_buffer_float"));
   scr->ext_float_linear = ext && strstr(ext, "GL_OES_texture_float_linear");
   scr->ext_norm16 = ext && strstr(ext, "GL_EXT_texture_norm16");
   scr->ext_render_snorm = has_word(ext, "GL_EXT_render_snorm");
   scr->ext_mirror_clamp = ext && strstr(ext, "GL_EXT_texture_mirror_clamp_to_edge");
   scr->ext_offset_clamp =
      ext && strstr(ext, "GL_EXT_polygon_offset_clamp") && h->glPolygonOffsetClampEXT;
   scr->ext_read_depth = ext && strstr(ext, "GL_NV_read_depth");
   scr->ext_srgb_write_control = ext && strstr(ext, "GL_EXT_sRGB_write_control");
   scr->ext_read_stencil = ext && strstr(ext, "GL_NV_read_stencil");
   scr->ext_texture_barrier = has_word(ext, "GL_NV_texture_barrier") && h->glTextureBarrierNV;
   scr->texture_view_ext = !(has_word(ext, "GL_OES_texture_view") && h->glTextureViewOES) &&
                           has_word(ext, "GL_EXT_texture_view") && h->glTextureViewEXT;
   scr->texture_view =
      scr->texture_view_ext || (has_word(ext, "GL_OES_texture_view") && h->glTextureViewOES);
   /* GL_KHR_blend_equation_advanced coherently (GL_BLEND_ADVANCED_COHERENT_KHR is enabled by
    * default and never disabled here): MGP_CAP_BLEND_ADVANCED needs no barrier between blends */
   scr->ext_blend_advanced = has_word(ext, "GL_KHR_blend_equation_advanced") &&
                             has_word(ext, "GL_KHR_blend_equation_advanced_coherent");
   /* the geometry stage: core in 3.2; on 3.1 SPIRV-Cross names EXT_geometry_shader, whose
    * glFramebufferTextureEXT attaches layered images */
   scr->geometry = !(hide & GLB_HIDE_GEOMETRY) &&
                   ((scr->es_minor >= 2 && h->glFramebufferTexture) ||
                    (scr->es_minor == 1 && has_word(ext, "GL_EXT_geometry_shader") &&
                     h->glFramebufferTextureEXT));
   scr->ext_depth_clamp = !(hide & GLB_HIDE_DEPTH_CLAMP) && has_word(ext, "GL_EXT_depth_clamp");
   /* GL_SAMPLE_SHADING: core in 3.2; on 3.0 and 3.1 OES_sample_shading, with
    * OES_sample_variables for the gl_SampleID, gl_SamplePosition and gl_SampleMask SPIRV-Cross
    * writes (it names the extension below ESSL 3.20) */
   if (scr->es_minor >= 2 && h->glMinSampleShading)
      scr->min_sample_shading_fn = h->glMinSampleShading;
   else if (has_word(ext, "GL_OES_sample_shading") && has_word(ext, "GL_OES_sample_variables"))
      scr->min_sample_shading_fn = h->glMinSampleShadingOES;
   /* ARB_gpu_shader5 (MGP_CAP_GPU_SHADER5's list) is ESSL 3.20's: instanced geometry stages
    * (GLES 3.2's geometry shaders), OES_shader_multisample_interpolation's interpolateAt* and
    * EXT_gpu_shader5's sampler array indexing and textureGatherOffsets, with the limits the cap
    * promises (at least 32 invocations; offsets in [-0.5, 0.4375] on a 4-bit grid) */
   if (scr->es_minor >= 2 && scr->geometry && scr->min_sample_shading_fn &&
       !(hide & GLB_HIDE_GPU_SHADER5)) {
      GLint invocations = 0, bits = 0;
      GLfloat lo = 0.0f, hi = 0.0f;
      GLB_GL(h)->glGetIntegerv(GL_MAX_GEOMETRY_SHADER_INVOCATIONS, &invocations);
      GLB_GL(h)->glGetIntegerv(GL_FRAGMENT_INTERPOLATION_OFFSET_BITS, &bits);
      GLB_GL(h)->glGetFloatv(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET, &lo);
      GLB_GL(h)->glGetFloatv(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET, &hi);
      scr->gpu_shader5 = invocations >= 32 && bits >= 4 && lo <= -0.5f && hi >= 0.4375f;
   }
   /* tessellation: GLES 3.2's, with MGP_CAP_TESSELLATION's least limits (patches of 32
    * vertices, levels up to 64) */
   if (scr->es_minor >= 2 && h->glPatchParameteri && !(hide & GLB_HIDE_TESSELLATION)) {
      GLint patch = 0, level = 0;
      GLB_GL(h)->glGetIntegerv(GL_MAX_PATCH_VERTICES, &patch);
      GLB_GL(h)->glGetIntegerv(GL_MAX_TESS_GEN_LEVEL, &level);
      scr->tessellation = patch >= 32 && level >= 64;
      scr->ext_tess_point_size = has_word(ext, "GL_EXT_tessellation_point_size");
   }
   scr->ext_srgb_decode =
      !(hide & GLB_HIDE_SRGB_DECODE) && has_word(ext, "GL_EXT_texture_sRGB_decode");
   scr->ext_color_rgb16f =
      !(hide & GLB_HIDE_RGB16F_RENDER) && has_word(ext, "GL_EXT_color_buffer_half_float");
   if (scr->ext_color_rgb16f) {
      GLint n = 0, counts[16] = {0};
      GLB_GL(h)->glGetInternalformativ(GL_RENDERBUFFER, GL_RGB16F, GL_NUM_SAMPLE_COUNTS, 1, &n);
      GLB_GL(h)->glGetInternalformativ(GL_RENDERBUFFER, GL_RGB16F, GL_SAMPLES, 16, counts);
      scr->rgb16f_max_samples = n > 0 ? counts[0] : 0; /* GL lists them in descending order */
   }
   scr->ext_geometry_point_size = scr->geometry && (has_word(ext, "GL_EXT_geometry_point_size"));
   /* the geometry stage's output limits, as the host's compiler counts them (glb_shader.c:
    * geometry_fit); MGL_TEST_GLES_GS_TOTAL_COMPONENTS=N lowers the total checked against to N
    * (test-only: NVIDIA's 1024 and its count on a host that takes more) */
   if (scr->geometry) {
      GLB_GL(h)->glGetIntegerv(GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, &scr->max_gs_total);
      GLB_GL(h)->glGetIntegerv(GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, &scr->max_gs_components);
      GLB_GL(h)->glGetIntegerv(GL_MAX_GEOMETRY_SHADER_INVOCATIONS, &scr->max_gs_invocations);
      const uint64_t total = size_knob("MGL_TEST_GLES_GS_TOTAL_COMPONENTS", (uint64_t)INT32_MAX);
      if (total < (uint64_t)scr->max_gs_total)
         scr->max_gs_total = (GLint)total;
   }
   if (ext && strstr(ext, "GL_EXT_clip_cull_distance")) {
      GLB_GL(h)->glGetIntegerv(GL_MAX_CLIP_DISTANCES_EXT, &scr->max_clip_distances);
   }
   if (ext && strstr(ext, "GL_EXT_clip_cull_distance") && !(hide & GLB_HIDE_CULL_DISTANCE)) {
      /* the extension's least, where the host answers no more: Mesa 22.3's GLES refuses these
       * two queries (GL_INVALID_ENUM, drained below) though it lists the extension */
      scr->max_cull_distances = scr->max_combined_distances = 8;
      GLB_GL(h)->glGetIntegerv(GL_MAX_CULL_DISTANCES_EXT, &scr->max_cull_distances);
      GLB_GL(h)->glGetIntegerv(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT,
                               &scr->max_combined_distances);
   }
   if (ext && strstr(ext, "GL_EXT_disjoint_timer_query") && h->glQueryCounterEXT &&
       h->glGetQueryObjectui64vEXT)
      GLB_GL(h)->glGetQueryiv(GL_TIMESTAMP_EXT, GL_QUERY_COUNTER_BITS_EXT, &scr->timer_bits);
   scr->texture_buffer =
      !(hide & GLB_HIDE_TEXTURE_BUFFER) && h->glTexBuffer && h->glTexBufferRange &&
      (scr->es_minor >= 2 ||
       (ext && (strstr(ext, "GL_EXT_texture_buffer") || strstr(ext, "GL_OES_texture_buffer"))));
   scr->texbuf_align = 1;
   if (scr->texture_buffer)
      GLB_GL(h)->glGetIntegerv(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT, &scr->texbuf_align);
   if (!(hide & GLB_HIDE_DUAL_SOURCE) && ext && strstr(ext, "GL_EXT_blend_func_extended"))
      GLB_GL(h)->glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT, &scr->max_dual_source);
   if (!(hide & GLB_HIDE_COMPUTE))
      read_compute_limits(scr, ext);
   scr->es31_textures = scr->es_minor >= 1 && h->glFramebufferParameteri && !(hide & GLB_HIDE_ES31);
   scr->bind_vertex_buffer = scr->es_minor >= 1 && h->glBindVertexBuffer;
   /* the attribute bindings take MGPipe's: 16 bindings, relative offsets checked at the draw */
   GLint bindings = 0;
   if (scr->bind_vertex_buffer && h->glVertexAttribFormat && h->glVertexAttribIFormat &&
       h->glVertexAttribBinding && h->glVertexBindingDivisor && !(hide & GLB_HIDE_ATTRIB_BINDING)) {
      GLB_GL(h)->glGetIntegerv(GL_MAX_VERTEX_ATTRIB_BINDINGS, &bindings);
      GLB_GL(h)->glGetIntegerv(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, &scr->max_relative_offset);
   }
   scr->attrib_binding = bindings >= GLB_MAX_VB && scr->max_relative_offset > 0;
   /* the program adds the LOD bias (glb_lod_bias.c), which GLES does not clamp: past 16 no
    * texture has a level it would move to */
   scr->max_lod_bias = 16.0f;
   scr->hide_cap_bits = hide & GLB_HIDE_GEOMETRY ? MGP_CAP_GEOMETRY_STAGE : 0;
   scr->read_pairs_only = hide & GLB_HIDE_READ_PAIRS;
   if (hide)
      mgu_info("gles: MGL_GLES_HIDE leaves out%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s",
               hide & GLB_HIDE_TEXTURE_BUFFER ? " texture-buffer" : "",
               hide & GLB_HIDE_DUAL_SOURCE ? " dual-source" : "",
               hide & GLB_HIDE_GEOMETRY ? " geometry" : "",
               hide & GLB_HIDE_DEPTH_CLAMP ? " depth-clamp" : "",
               hide & GLB_HIDE_RGB16F_RENDER ? " rgb16f-render" : "",
               hide & GLB_HIDE_COMPUTE ? " compute" : "", hide & GLB_HIDE_ES31 ? " es31" : "",
               hide & GLB_HIDE_SRGB_DECODE ? " srgb-decode" : "",
               hide & GLB_HIDE_TESSELLATION ? " tessellation" : "",
               hide & GLB_HIDE_CUBE_MAP_ARRAY ? " cube-map-array" : "",
               hide & GLB_HIDE_STENCIL8 ? " stencil8" : "",
               hide & GLB_HIDE_GPU_SHADER5 ? " gpu-shader5" : "",
               hide & GLB_HIDE_ES32 ? " es32" : "", hide & GLB_HIDE_READ_PAIRS ? " read-pairs" : "",
               hide & GLB_HIDE_ATTRIB_BINDING ? " attrib-binding" : "",
               hide & GLB_HIDE_CULL_DISTANCE ? " cull-distance" : "");
   /* the sample counts each renderable format's renderbuffers take (bit n: 2^n samples) */
   for (unsigned f = 1; f < MGP_FORMAT_COUNT; f++) {
      const struct glb_format *gf = glb_format_get(scr, f);
      scr->format_samples[f] = 1;
      if (!gf || (!gf->depth_stencil && !glb_format_attachable(scr, gf)))
         continue;
      GLint n = 0, counts[16] = {0};
      GLB_GL(h)->glGetInternalformativ(GL_RENDERBUFFER, gf->internal, GL_NUM_SAMPLE_COUNTS, 1, &n);
      GLB_GL(h)->glGetInternalformativ(GL_RENDERBUFFER, gf->internal, GL_SAMPLES, 16, counts);
      for (GLint i = 0; i < n && i < 16; i++)
         for (unsigned b = 1; b < 7; b++)
            if (counts[i] == 1 << b)
               scr->format_samples[f] |= (uint8_t)(1u << b);
   }
   while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
      ;
}

/* The most host messages one screen logs (each is counted, gles-host-debug-messages). */
#define HOST_DEBUG_LOGGED 200

static void GL_APIENTRY
host_debug_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                   const GLchar *message, const void *user)
{
   (void)length;
   struct glb_screen *scr = (struct glb_screen *)user;
   scr->stats.host_debug_messages++;
   /* notifications (NVIDIA's "Buffer detailed info" at every buffer's first use) are counted,
    * not logged: they would fill the log's share before the errors that explain a refusal */
   if (severity != GL_DEBUG_SEVERITY_NOTIFICATION &&
       scr->stats.host_debug_logged++ < HOST_DEBUG_LOGGED)
      mgu_warn("gles: host debug: source 0x%x type 0x%x id %u severity 0x%x: %.400s", source, type,
               id, severity, message ? message : "");
}

/* MGL_GLES_HOST_DEBUG: the host driver's messages on this thread as they happen
 * (GL_DEBUG_OUTPUT_SYNCHRONOUS), so each follows the backend's log line it belongs to. */
static void
host_debug_on(struct glb_screen *scr)
{
   const struct glb_host *h = scr->h;
   if (scr->es_minor >= 2 && h->glDebugMessageCallback)
      GLB_GL(h)->glDebugMessageCallback(host_debug_message, scr);
   else if (h->glDebugMessageCallbackKHR &&
            has_word((const char *)GLB_GL(h)->glGetString(GL_EXTENSIONS), "GL_KHR_debug"))
      GLB_GL(h)->glDebugMessageCallbackKHR(host_debug_message, scr);
   else {
      mgu_warn("gles: MGL_GLES_HOST_DEBUG: the host has no debug output (GLES 3.2 or KHR_debug)");
      return;
   }
   GLB_GL(h)->glEnable(GL_DEBUG_OUTPUT);
   GLB_GL(h)->glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
   mgu_info("gles: the host's debug output is on (MGL_GLES_HOST_DEBUG)");
}

void *
glb_screen_create(const struct mgs_backend_env *env)
{
   struct glb_screen *scr = calloc(1, sizeof(*scr));
   if (!scr) {
      env->fatal(env->session, MGU_FATAL_BackendInit, "gles: out of memory");
      return NULL;
   }
   scr->env = *env;
   scr->mem_budget = size_knob("MGL_SERVER_SESSION_MEMORY", 0);
   const uint64_t objects = size_knob("MGL_SERVER_SESSION_OBJECTS", 1u << 20);
   scr->objects_max = objects && objects < GLB_MAX_SLOTS ? (uint32_t)objects : GLB_MAX_SLOTS;
   char why[256] = "";
   scr->h = glb_host_get(why, sizeof(why));
   if (!scr->h || !open_display(scr, why, sizeof(why)) || !create_context(scr, why, sizeof(why)) ||
       !glb_make_current(scr)) {
      char detail[300];
      snprintf(detail, sizeof(detail), "gles: %s", why[0] ? why : "host context setup failed");
      mgu_error("%s", detail);
      env->fatal(env->session, MGU_FATAL_BackendInit, detail);
      glb_screen_destroy(scr);
      return NULL;
   }
   read_limits(scr);
   if (scr->host_debug)
      host_debug_on(scr);
   /* the A/B of the shadow (mgl-bench's host calls per draw), and a way to rule it out */
   const char *shadow = getenv("MGL_GLES_SHADOW");
   scr->no_shadow = shadow && strcmp(shadow, "0") == 0;
   /* MGL_GLES_POINT_SIZE_CUT=0: every draw runs the program with its gl_PointSize writes (the
    * A/B of GLB_VARIANT_NO_POINT_SIZE) */
   const char *cut = getenv("MGL_GLES_POINT_SIZE_CUT");
   scr->no_point_size_cut = cut && strcmp(cut, "0") == 0;
   mgu_info("gles: %s (%s) from %s, %s display, ESSL %d, robust access %s", scr->renderer,
            scr->version, scr->h->lib_name, scr->platform, scr->essl_version,
            scr->robust ? "on" : "off");
   /* A host context is current on one thread at a time, and the screen may be served from
    * another thread than this one (inproc creates it on the app's thread and applies on its
    * own): leave the context free; the first call makes it current where it runs. */
   glb_host_make_current(scr, EGL_NO_CONTEXT);
   return scr;
}

static void
context_free(struct glb_obj *o, void *arg)
{
   (void)arg;
   glb_context_state_destroy((struct glb_context *)o);
   free(o);
}

static void
resource_free(struct glb_obj *o, void *arg)
{
   struct glb_screen *scr = arg;
   struct glb_resource *r = (struct glb_resource *)o;
   if (r->name && scr->ctx && glb_is_current(scr)) {
      if (r->is_buffer)
         GLB_GL(scr->h)->glDeleteBuffers(1, &r->name);
      else if (r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER)
         GLB_GL(scr->h)->glDeleteRenderbuffers(1, &r->name);
      else
         GLB_GL(scr->h)->glDeleteTextures(1, &r->name);
   }
   free(r);
}

static void
shader_free(struct glb_obj *o, void *arg)
{
   struct glb_screen *scr = arg;
   struct glb_shader *s = (struct glb_shader *)o;
   if (scr->ctx && glb_is_current(scr)) {
      if (s->program)
         GLB_GL(scr->h)->glDeleteProgram(s->program);
      for (unsigned k = 0; k < GLB_VARIANTS; k++)
         if (k != s->variant && s->variants[k].program)
            GLB_GL(scr->h)->glDeleteProgram(s->variants[k].program);
      if (s->default_buf)
         GLB_GL(scr->h)->glDeleteBuffers(1, &s->default_buf);
   }
   /* the kept image sets' programs (glb_shader.c:glb_program_images), here and not through
    * glb_shader.c, which calls this file */
   for (unsigned i = 0; scr->ctx && glb_is_current(scr) && i < s->image_set_count; i++)
      for (unsigned k = 0; k < GLB_VARIANTS; k++)
         if (s->image_sets[i].variants[k].program)
            GLB_GL(scr->h)->glDeleteProgram(s->image_sets[i].variants[k].program);
   free(s->image_sets);
   free(s->default_bytes);
   for (unsigned st = 0; st < MGP_SHADER_STAGE_COUNT; st++)
      free(s->spirv[st]);
   scr->hooks.shader_free_xfb(s);
   free(s);
}

static void
sampler_free(struct glb_obj *o, void *arg)
{
   struct glb_screen *scr = arg;
   struct glb_sampler *s = (struct glb_sampler *)o;
   if (scr->ctx && glb_is_current(scr))
      GLB_GL(scr->h)->glDeleteSamplers(1, &s->name);
   free(s);
}

static void
query_free(struct glb_obj *o, void *arg)
{
   struct glb_screen *scr = arg;
   if (scr->hooks.query_teardown)
      scr->hooks.query_teardown(scr, o);
   else
      free(o); /* a screen that failed to start has none */
}

void
glb_screen_destroy(void *screen)
{
   struct glb_screen *scr = screen;
   if (!scr)
      return;
   /* Host names are freed only where the context is current on this thread; elsewhere (the
    * applier thread has it) destroying the context frees them with it. */
   if (scr->ctx && !glb_is_current(scr))
      glb_host_make_current(scr, scr->ctx);
   /* Active queries ended first, before their draws' objects go (glb_query_teardown). */
   table_finish(&scr->queries, query_free, scr);
   table_finish(&scr->contexts, context_free, scr);
   table_finish(&scr->resources, resource_free, scr);
   table_finish(&scr->shaders, shader_free, scr);
   table_finish(&scr->render_states, NULL, NULL);
   table_finish(&scr->vertex_elements, NULL, NULL);
   table_finish(&scr->fences, NULL, NULL);
   table_finish(&scr->sampler_views, NULL, NULL);
   table_finish(&scr->samplers, sampler_free, scr);
   if (scr->ctx) {
      if (glb_is_current(scr))
         glb_host_make_current(scr, EGL_NO_CONTEXT);
      scr->h->eglDestroyContext(scr->dpy, scr->ctx);
   }
   /* The display stays initialised: the vendor hands every screen of the process the same one,
    * and eglTerminate would end the others' contexts. */
   free(scr);
}

/* ---- caps --------------------------------------------------------------------------------- */

static uint32_t
clamp_u32(GLint v, uint32_t max)
{
   return v < 0 ? 0 : (uint32_t)v > max ? max : (uint32_t)v;
}

/* Bit n for every 2^n samples up to max (bit 0: one sample). */
static uint8_t
sample_bits(GLint max)
{
   uint8_t bits = 1;
   for (unsigned b = 1; b < 7 && max >= 1 << b; b++)
      bits |= (uint8_t)(1u << b);
   return bits;
}

void
glb_get_caps(void *self, const struct mgp_get_caps *args, const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   struct mgp_caps c;
   memset(&c, 0, sizeof(c));
   c.abi_version = MGP_ABI_VERSION;
   snprintf((char *)c.vendor, sizeof(c.vendor), "mgl");
   snprintf((char *)c.renderer, sizeof(c.renderer), "mgl (GLES: %.110s)", scr->renderer);
   snprintf((char *)c.driver, sizeof(c.driver), "%.63s", scr->version);
   /* Only what this backend implements: the client declines the rest by name. */
   mgp_screen_vtbl_mask(&glb_screen_impl, c.call_mask);
   mgp_context_vtbl_mask(&glb_context_impl, c.call_mask);
   /* Occlusion queries answer only whether any sample passed (GLES counts no samples:
    * glb_sync.c). Transform feedback through glTransformFeedbackVaryings (glb_xfb.c). No exact
    * multisample-off yet. Primitive queries count
    * on the host; without capture (not advertised) the primitives written are 0, which is GL's
    * answer. */
   c.cap_bits = MGP_CAP_OCCLUSION_ANY | MGP_CAP_TRANSFORM_FEEDBACK;
   /* GL 4.2's base instance: the instanced arrays start that many elements on (glb_draw.c) */
   c.cap_bits |= MGP_CAP_BASE_INSTANCE;
   /* GLES draws GL_LINE_LOOP itself (restart included): the client sends loops as they are,
    * with no rewritten indices and no base vertex, which a host before 3.2 has not */
   c.cap_bits |= MGP_CAP_LINE_LOOP;
   if (scr->timer_bits > 0) {
      c.cap_bits |= MGP_CAP_TIMER_QUERY;
      c.timestamp_bits = (uint32_t)scr->timer_bits;
   }
   if (scr->es_minor >= 2)
      c.cap_bits |= MGP_CAP_XFB_PRIMITIVES_QUERY;
   if (scr->ext_mirror_clamp)
      c.cap_bits |= MGP_CAP_MIRROR_CLAMP_TO_EDGE;
   if (scr->ext_offset_clamp)
      c.cap_bits |= MGP_CAP_POLYGON_OFFSET_CLAMP;
   if (scr->geometry)
      c.cap_bits |= MGP_CAP_GEOMETRY_STAGE;
   if (scr->ext_depth_clamp)
      c.cap_bits |= MGP_CAP_DEPTH_CLAMP;
   /* GL_SAMPLE_SHADING and glMinSampleShading on the host where the framebuffer is
    * multisampled and GL_MULTISAMPLE on (glb_draw.c:apply_multisample) */
   if (scr->min_sample_shading_fn)
      c.cap_bits |= MGP_CAP_SAMPLE_SHADING;
   if (scr->texture_buffer)
      c.cap_bits |= MGP_CAP_TEXTURE_BUFFER;
   /* GL_SKIP_DECODE_EXT: the host sampler's GL_TEXTURE_SRGB_DECODE_EXT (glb_sampler.c) */
   if (scr->ext_srgb_decode)
      c.cap_bits |= MGP_CAP_SRGB_SKIP_DECODE;
   /* GLES 3.1: a depth/stencil texture's stencil sampled through GL_DEPTH_STENCIL_TEXTURE_MODE
    * (glb_sampler.c), framebuffers without attachments through glFramebufferParameteri
    * (glb_resource.c), ESSL 3.10's textureGather with offsets and components; ESSL has no
    * textureQueryLod (no MGP_CAP_TEXTURE_QUERY_LOD) */
   if (scr->es31_textures)
      c.cap_bits |= MGP_CAP_STENCIL_TEXTURING | MGP_CAP_NO_ATTACHMENTS | MGP_CAP_TEXTURE_GATHER;
   /* MGP_RESOURCE_TARGET_TEX_CUBE_ARRAY as GL_TEXTURE_CUBE_MAP_ARRAY (glb_resource.c),
    * samplerCubeArray in the ESSL */
   if (scr->cube_map_array)
      c.cap_bits |= MGP_CAP_CUBE_MAP_ARRAY;
   /* MGP_FORMAT_S8_UINT textures: uploads and reads of GL_STENCIL_INDEX bytes, usampler
    * sampling, a stencil attachment (glb_resource.c) */
   if (scr->stencil8)
      c.cap_bits |= MGP_CAP_TEXTURE_STENCIL8;
   /* tessellation control and evaluation stages (glb_shader.c), GL_PATCHES of
    * set_patch_state's size (glb_draw.c) */
   if (scr->tessellation)
      c.cap_bits |= MGP_CAP_TESSELLATION;
   /* ARB_gpu_shader5's programs in ESSL 3.20 (read_limits) */
   if (scr->gpu_shader5)
      c.cap_bits |= MGP_CAP_GPU_SHADER5;
   /* gl_PointSize in every later stage the host has (glb_shader.c keeps the writes there) */
   if ((scr->geometry || scr->tessellation) && (!scr->geometry || scr->ext_geometry_point_size) &&
       (!scr->tessellation || scr->ext_tess_point_size))
      c.cap_bits |= MGP_CAP_STAGE_POINT_SIZE;
   c.cap_bits &= ~scr->hide_cap_bits;
   c.max_dual_source_draw_buffers = clamp_u32(scr->max_dual_source, 1);
   c.max_texture_size = clamp_u32(scr->max_texture_size, UINT32_MAX);
   c.max_3d_texture_size = clamp_u32(scr->max_3d_texture_size, UINT32_MAX);
   c.max_array_layers = clamp_u32(scr->max_array_layers, UINT32_MAX);
   c.max_cube_size = clamp_u32(scr->max_cube_size, UINT32_MAX);
   c.max_renderbuffer_size = clamp_u32(scr->max_renderbuffer_size, UINT32_MAX);
   c.max_viewport_dims[0] = clamp_u32(scr->max_viewport[0], UINT32_MAX);
   c.max_viewport_dims[1] = clamp_u32(scr->max_viewport[1], UINT32_MAX);
   c.max_framebuffer_width = c.max_renderbuffer_size;
   c.max_framebuffer_height = c.max_renderbuffer_size;
   c.max_color_attachments = clamp_u32(scr->max_draw_buffers, 8);
   /* multisampled renderbuffers (resolved by blits); no multisampled textures */
   c.max_samples = clamp_u32(scr->max_samples, 64);
   c.max_vertex_attribs = clamp_u32(scr->max_vertex_attribs, 16);
   c.max_vertex_bindings = clamp_u32(scr->max_vertex_attribs, GLB_MAX_VB);
   c.max_vertex_attrib_stride = 2048; /* GLES 3.1's least MAX_VERTEX_ATTRIB_STRIDE */
   c.max_uniform_buffer_bindings = clamp_u32(scr->max_ubo_bindings - 1, MGP_MAX_UNIFORM_BLOCKS);
   c.max_uniform_block_size = clamp_u32(scr->max_ubo_size, UINT32_MAX);
   c.uniform_buffer_offset_alignment = clamp_u32(scr->ubo_align, UINT32_MAX);
   c.max_texture_units = clamp_u32(scr->max_texture_units, GLB_MAX_SAMPLERS);
   c.max_varying_components = clamp_u32(scr->max_varying, UINT32_MAX);
   /* GLES has gl_ClipDistance only with EXT_clip_cull_distance */
   c.max_clip_distances = clamp_u32(scr->max_clip_distances, 8);
   /* and gl_CullDistance: GL's 8, alone and with the clip distances (the extension's least;
    * without it the client offers no ARB_cull_distance and glb_shader.c refuses the words) */
   if (scr->max_cull_distances >= 8 && scr->max_combined_distances >= 8)
      c.cap_bits |= MGP_CAP_CULL_DISTANCE;
   c.max_texture_lod_bias = scr->max_lod_bias;
   c.max_anisotropy = 1.0f;
   c.point_size_range[0] = scr->point_range[0];
   c.point_size_range[1] = scr->point_range[1];
   c.line_width_range[0] = scr->line_range[0];
   c.line_width_range[1] = scr->line_range[1];
   c.subpixel_bits = 4;
   /* the advanced blend equations by the host (glb_draw.c's blend_ops; blend_support in the
    * fragment ESSL, glb_shader.c) */
   if (scr->ext_blend_advanced)
      c.cap_bits |= MGP_CAP_BLEND_ADVANCED;
   /* GLES 3.1's compute, storage buffers and images (glb_compute.c); without them the limits
    * stay 0 and call_mask leaves their calls out (gles-call-unimplemented) */
   if (scr->compute) {
      for (unsigned i = 0; i < 3; i++) {
         c.max_compute_work_group_count[i] = clamp_u32(scr->max_compute_count[i], UINT32_MAX);
         c.max_compute_work_group_size[i] = clamp_u32(scr->max_compute_size[i], UINT32_MAX);
      }
      c.max_compute_work_group_invocations = clamp_u32(scr->max_compute_invocations, UINT32_MAX);
      c.max_compute_shared_memory_size = clamp_u32(scr->max_compute_shared, UINT32_MAX);
      c.max_storage_buffer_bindings = clamp_u32(scr->max_ssbo_bindings, GLB_MAX_SSBO);
      c.storage_buffer_offset_alignment = clamp_u32(scr->ssbo_align, UINT32_MAX);
      c.max_storage_buffer_range = clamp_u32(scr->max_ssbo_size, UINT32_MAX);
      c.max_image_units = clamp_u32(scr->max_image_units, GLB_MAX_IMAGES);
      if (scr->fragment_stores)
         c.cap_bits |= MGP_CAP_FRAGMENT_STORES;
      if (scr->vertex_stores)
         c.cap_bits |= MGP_CAP_VERTEX_STORES;
      /* feedback loops drawn by the host, glTextureBarrier its glTextureBarrierNV through
       * memory_barrier (glb_compute.c) */
      if (scr->ext_texture_barrier)
         c.cap_bits |= MGP_CAP_TEXTURE_BARRIER;
   } else {
      static const unsigned calls[] = {MGP_CALL_launch_grid, MGP_CALL_memory_barrier,
                                       MGP_CALL_set_dispatch_program, MGP_CALL_set_shader_images};
      for (unsigned k = 0; k < sizeof(calls) / sizeof(calls[0]); k++)
         c.call_mask[calls[k] / 64] &= ~(UINT64_C(1) << (calls[k] % 64));
   }
   for (unsigned f = 1; f < MGP_FORMAT_COUNT && f < sizeof(c.format_flags); f++) {
      const struct glb_format *gf = glb_format_get(scr, f);
      if (!gf)
         continue;
      if (gf->depth_stencil) {
         c.format_flags[f] = MGP_FORMAT_CAP_DEPTH_STENCIL | MGP_FORMAT_CAP_SAMPLE;
         continue;
      }
      /* 32-bit floats filter only with OES_texture_float_linear; integers never do */
      const bool f32 = gf->type == GL_FLOAT;
      c.format_flags[f] = MGP_FORMAT_CAP_SAMPLE;
      if (!gf->integer && (!f32 || scr->ext_float_linear))
         c.format_flags[f] |= MGP_FORMAT_CAP_FILTER;
      if (glb_format_attachable(scr, gf))
         c.format_flags[f] |= MGP_FORMAT_CAP_RENDER | (gf->integer ? 0 : MGP_FORMAT_CAP_BLEND);
      if (scr->compute && glb_storage_format(f))
         c.format_flags[f] |= MGP_FORMAT_CAP_STORAGE;
      if (scr->image_atomics && (f == MGP_FORMAT_R32_UINT || f == MGP_FORMAT_R32_SINT))
         c.format_flags[f] |= MGP_FORMAT_CAP_STORAGE_ATOMIC;
   }
   /* buffer textures: GLES 3.2 Table 8.18's formats (no 16-bit normalized ones) */
   if (scr->texture_buffer) {
      static const uint8_t texbuf[] = {
         MGP_FORMAT_R8_UNORM,     MGP_FORMAT_RG8_UNORM,  MGP_FORMAT_RGBA8_UNORM,
         MGP_FORMAT_R8_UINT,      MGP_FORMAT_RG8_UINT,   MGP_FORMAT_RGBA8_UINT,
         MGP_FORMAT_R8_SINT,      MGP_FORMAT_RG8_SINT,   MGP_FORMAT_RGBA8_SINT,
         MGP_FORMAT_R16_UINT,     MGP_FORMAT_RG16_UINT,  MGP_FORMAT_RGBA16_UINT,
         MGP_FORMAT_R16_SINT,     MGP_FORMAT_RG16_SINT,  MGP_FORMAT_RGBA16_SINT,
         MGP_FORMAT_R32_UINT,     MGP_FORMAT_RG32_UINT,  MGP_FORMAT_RGBA32_UINT,
         MGP_FORMAT_R32_SINT,     MGP_FORMAT_RG32_SINT,  MGP_FORMAT_RGBA32_SINT,
         MGP_FORMAT_R16_FLOAT,    MGP_FORMAT_RG16_FLOAT, MGP_FORMAT_RGBA16_FLOAT,
         MGP_FORMAT_R32_FLOAT,    MGP_FORMAT_RG32_FLOAT, MGP_FORMAT_RGB32_FLOAT,
         MGP_FORMAT_RGBA32_FLOAT, MGP_FORMAT_RGB32_UINT, MGP_FORMAT_RGB32_SINT,
      };
      for (unsigned k = 0; k < sizeof(texbuf); k++)
         c.texel_buffer_formats |= 1ull << texbuf[k];
      c.texel_buffer_offset_alignment = clamp_u32(scr->texbuf_align, UINT32_MAX);
   }
   /* GL_BGRA vertex arrays: fetched as RGBA8 and swizzled by the program's variant
    * (glb_shader.c:bgra_inputs); GLES has no BGRA8 image format */
   c.format_flags[MGP_FORMAT_BGRA8_UNORM] |= MGP_FORMAT_CAP_VERTEX;
   for (unsigned k = 0; k < MGP_SAMPLE_CLASS_COUNT; k++)
      c.sample_counts[k] = 1;
   /* sampled images: multisampled ones are GLES 3.1's multisampled textures */
   c.sample_counts[MGP_SAMPLE_CLASS_SAMPLED_COLOR] = sample_bits(scr->max_color_texture_samples);
   c.sample_counts[MGP_SAMPLE_CLASS_SAMPLED_INTEGER] =
      sample_bits(scr->max_integer_texture_samples);
   c.sample_counts[MGP_SAMPLE_CLASS_SAMPLED_DEPTH] = sample_bits(scr->max_depth_texture_samples);
   c.sample_counts[MGP_SAMPLE_CLASS_SAMPLED_STENCIL] = sample_bits(scr->max_depth_texture_samples);
   c.sample_counts[MGP_SAMPLE_CLASS_FB_COLOR] = sample_bits(scr->max_samples);
   c.sample_counts[MGP_SAMPLE_CLASS_FB_INTEGER] = sample_bits(scr->max_integer_samples);
   c.sample_counts[MGP_SAMPLE_CLASS_FB_DEPTH] = sample_bits(scr->max_samples);
   c.sample_counts[MGP_SAMPLE_CLASS_FB_STENCIL] = sample_bits(scr->max_samples);
   for (unsigned f = 1; f < MGP_FORMAT_COUNT && f < sizeof(c.format_sample_counts); f++)
      c.format_sample_counts[f] = scr->format_samples[f];
   if (!args->out.ptr)
      return;
   uint64_t n = args->out.size < sizeof(c) ? args->out.size : sizeof(c);
   memcpy(args->out.ptr, &c, n);
}

/* ---- the context's state on the host context --------------------------------------------------- */

static void
switch_to(struct glb_context *ctx)
{
   struct glb_screen *scr = ctx->scr;
   if (scr->bound != ctx) {
      /* The host has one capture: a running one pauses while another context is bound */
      if (scr->bound)
         scr->hooks.xfb_switch_away(scr->bound);
      /* Draws put their whole state on the host; the framebuffer is attached again. */
      ctx->fb_valid = false;
      scr->bound = ctx;
      scr->stats.context_switches++;
      glb_shadow_forget(scr);
   }
}

bool
glb_context_bind(struct glb_context *ctx)
{
   if (!glb_make_current(ctx->scr))
      return false;
   switch_to(ctx);
   return true;
}

/* glb_bound_here's no: make_current and switch_to called only where the host context is not
 * current or another context is bound. */
static __attribute__((noinline)) bool
bind_current(struct glb_context *ctx)
{
   struct glb_screen *scr = ctx->scr;
   if (!glb_is_current(scr) && !make_current(scr))
      return false;
   if (scr->bound != ctx)
      switch_to(ctx);
   return true;
}

/* glb_context_bind_draw past glb_bound_here, or for a screen without a shadow. */
static __attribute__((noinline)) bool
bind_draw_slow(struct glb_context *ctx)
{
   struct glb_screen *scr = ctx->scr;
   if (!bind_current(ctx))
      return false;
   if (scr->no_shadow)
      glb_shadow_forget(scr);
   else
      scr->sh.trusted = true;
   return true;
}

bool
glb_context_bind_keep(struct glb_context *ctx)
{
   /* a glBufferSubData's between draws: as glb_context_bind_draw, the shadow as it is */
   return glb_bound_here(ctx) || bind_current(ctx);
}

bool
glb_context_bind_draw(struct glb_context *ctx)
{
   /* every draw's: the host context current and this context bound, the shadow trusted */
   struct glb_screen *scr = ctx->scr;
   if (!glb_bound_here(ctx) || scr->no_shadow)
      return bind_draw_slow(ctx);
   scr->sh.trusted = true;
   return true;
}

/* ---- contexts ------------------------------------------------------------------------------ */

void
glb_context_create(void *self, const struct mgp_context_desc *args, const void *tail,
                   uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   if (!glb_make_current(scr))
      return;
   struct glb_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx) {
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "context_create");
      return;
   }
   ctx->base.h = args->ctx;
   ctx->scr = scr;
   ctx->patch_vertices = 3; /* GL's initial GL_PATCH_VERTICES */
   ctx->subdata_epoch = UINT64_MAX;
   const float one = 1.0f;
   for (unsigned i = 0; i < GLB_MAX_ATTRIBS; i++)
      memcpy(&ctx->attrib_value[i][3], &one, sizeof(one));
   GLB_GL(scr->h)->glGenFramebuffers(1, &ctx->fbo);
   GLB_GL(scr->h)->glGenFramebuffers(1, &ctx->read_fbo);
   GLB_GL(scr->h)->glGenFramebuffers(1, &ctx->blit_fbo);
   GLB_GL(scr->h)->glGenVertexArrays(1, &ctx->vao);
   if (!glb_table_put(scr, &scr->contexts, &ctx->base, "context_create")) {
      glb_context_state_destroy(ctx);
      free(ctx);
   }
}

void
glb_context_state_destroy(struct glb_context *ctx)
{
   struct glb_screen *scr = ctx->scr;
   if (glb_is_current(scr) && ctx->xfb_host) {
      if (scr->bound != ctx)
         switch_to(ctx);
      scr->hooks.xfb_end(ctx);
   }
   if (scr->xfb_owner == ctx)
      scr->xfb_owner = NULL;
   if (scr->bound == ctx)
      scr->bound = NULL;
   if (glb_is_current(scr)) {
      GLB_GL(scr->h)->glDeleteFramebuffers(1, &ctx->fbo);
      GLB_GL(scr->h)->glDeleteFramebuffers(1, &ctx->read_fbo);
      GLB_GL(scr->h)->glDeleteFramebuffers(1, &ctx->blit_fbo);
      GLB_GL(scr->h)->glDeleteVertexArrays(1, &ctx->vao);
      if (ctx->user_indices)
         GLB_GL(scr->h)->glDeleteBuffers(1, &ctx->user_indices);
   }
}

void
glb_context_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                    uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   struct glb_context *ctx = glb_lookup(scr, &scr->contexts, args->h, "context_destroy");
   if (!ctx || !glb_make_current(scr))
      return;
   glb_table_remove(&scr->contexts, &ctx->base);
   glb_context_state_destroy(ctx);
   free(ctx);
}

/* ---- the backend --------------------------------------------------------------------------- */

void *
glb_context_lookup(void *screen, struct mgp_handle ctx)
{
   struct glb_screen *scr = screen;
   return glb_table_peek(&scr->contexts, ctx);
}

unsigned
glb_gate_counters(void *screen, const char **names, unsigned long long *values, unsigned max)
{
   struct glb_screen *scr = screen;
   const struct {
      const char *name;
      unsigned long long value;
   } rows[] = {
      /* Every lane reads this gate. This backend marks nothing complete by a serial: each
       * read-back waits in the host driver (glReadPixels, glMapBufferRange) and each fence
       * follows glFinish, so no completion it reports can be unsound. */
      {"unsound-serial-complete", 0},
      {"gles-draws", glb_draws_total(scr)},
      {"gles-clears", scr->stats.clears},
      {"gles-programs-linked", scr->stats.programs_linked},
      {"gles-translate-failures", scr->stats.translate_failures},
      {"gles-context-switches", scr->stats.context_switches},
      {"gles-draws-unchanged", scr->stats.draws_unchanged + scr->stats.compact_unchanged},
      {"gles-compact-draws", scr->stats.compact_draws + scr->stats.compact_unchanged},
      {"gles-groups-skipped", scr->stats.groups_skipped},
      {"gles-dynamic-parts-skipped", scr->stats.dyn_parts_skipped},
      {"gles-stores-zeroed", scr->stats.stores_zeroed},
      {"gles-mipmaps-on-cpu", scr->stats.mipmaps_on_cpu},
      {"gles-resource-cap-refusals", scr->stats.resource_cap_refusals},
      {"gles-pack-host-reads", scr->stats.pack_host_reads},
      {"gles-pack-converted", scr->stats.pack_converted},
      {"gles-reads-converted", scr->stats.reads_converted},
      {"gles-first-vertex-draws", scr->stats.first_vertex_draws},
      {"gles-biased-draws", scr->stats.biased_draws},
      {"gles-point-size-cut-draws", scr->stats.point_size_cut_draws},
      {"gles-gs-splits", scr->stats.gs_splits},
      {"gles-gs-splits-failed", scr->stats.gs_splits_failed},
      {"gles-gs-point-size-cuts", scr->stats.gs_point_size_cuts},
      {"gles-outline-draws", scr->stats.outline_draws},
      {"gles-outline-count-passes", scr->stats.outline_count_passes},
      {"gles-primitive-query-pauses", scr->stats.primitive_query_pauses},
      {"gles-primitive-query-part-waits", scr->stats.primitive_query_part_waits},
      {"gles-image-format-sets", scr->stats.image_format_sets},
      {"gles-buffers-only-draws", scr->stats.buffers_only_draws},
      {"gles-units-skipped", scr->stats.units_skipped},
      {"gles-lod-bias-walks", scr->stats.lod_bias_walks},
      {"gles-vertex-buffer-binds", scr->stats.vertex_buffer_binds},
      {"gles-short-applies", scr->stats.short_applies},
      {"gles-vertex-buffers-short", scr->stats.vertex_buffers_short},
      {"gles-element-buffer-checks", scr->stats.element_buffer_checks},
      {"gles-blits-drawn", scr->stats.blits_drawn},
      {"gles-dispatches", scr->stats.dispatches},
      {"gles-blocks-padded", scr->stats.blocks_padded},
      {"gles-uniform-ranges-padded", scr->stats.uniform_ranges_padded},
      {"gles-default-uploads", scr->stats.default_uploads},
      {"gles-level-views", scr->stats.level_views},
      {"gles-host-debug-messages", scr->stats.host_debug_messages},
      /* the process's, not this screen's alone (glb.h): one session per process on monolith
       * and spawn, where mgl-bench reads it */
      {"gles-host-calls", atomic_load_explicit(&glb_host_calls, memory_order_relaxed)},
   };
   unsigned n = sizeof(rows) / sizeof(rows[0]);
   if (!names || !values)
      return n;
   if (n > max)
      n = max;
   for (unsigned i = 0; i < n; i++) {
      names[i] = rows[i].name;
      values[i] = rows[i].value;
   }
   return n;
}
