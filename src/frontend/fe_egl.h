/* fe_egl.h — what the EGL layer asks of the GL front end: contexts, surfaces, making current,
 * presenting, and GL entry-point lookup. EGL owns displays and configs and validates its own
 * arguments; the front end owns GL state and the session with the server role. */
#ifndef MGL_FE_EGL_H
#define MGL_FE_EGL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct fe_context;
struct fe_surface;

/* The colour/depth/stencil shape of a config, as EGL resolved it. */
struct fe_surface_format {
   uint8_t red_bits, green_bits, blue_bits, alpha_bits;
   uint8_t depth_bits, stencil_bits;
   uint8_t samples;
   /* bits per component of the accumulation buffer (compatibility contexts; 0: none). The front
    * end makes it at the first glAccum or accumulation clear (fe_compat_accum.c). */
   uint8_t accum_bits;
};

enum fe_api { FE_API_GL_CORE, FE_API_GL_COMPAT, FE_API_GLES };

struct fe_context_desc {
   enum fe_api api;
   int major, minor;
   bool debug;
   bool forward_compatible;
   bool robust_access;              /* EGL_CONTEXT_OPENGL_ROBUST_ACCESS */
   bool lose_context_on_reset;      /* EGL_LOSE_CONTEXT_ON_RESET */
   bool no_error;                   /* GL_KHR_no_error */
   struct fe_surface_format format; /* of the config the context was made with */
   /* EGL_CONTEXT_RELEASE_BEHAVIOR_NONE_KHR asked for (KHR_context_flush_control): the query
    * says GL_NONE; the release still flushes, which NONE allows */
   bool release_none;
   /* OpenGL ES 3 asked for without a minor version (EGL_CONTEXT_MINOR_VERSION, GLX's minor):
    * the context is the highest ES 3.x the backend meets (3.2, else 3.1, else 3.0) */
   bool es_highest_minor;
};

/* Whether compatibility-profile and legacy contexts are offered (issue 19): yes unless
 * MGL_COMPAT_PROFILE=0, which keeps the core-only refusal for A/B comparisons. */
bool fe_compat_profile_enabled(void);

/* The sample counts a config's default framebuffer may have on this process's device: bit n
 * set when 2^n samples work for both a config's colour (RGBA8) and depth/stencil (D24S8)
 * attachments; bit 0 always. EGL and GLX build their configs before any context exists, so
 * the first call opens a session to read the backend's caps (the arm's session, as the first
 * context would), and the first share group made afterwards takes that session over: no
 * session more than before for a program that makes a context. Cached for the process. When
 * no session can be made, 1 and 4 (what every Vulkan device renders into colour and depth
 * attachments). */
uint32_t fe_config_sample_counts(void);

/* Results mirror EGL error codes so the EGL layer can report them without translation. */
enum fe_status {
   FE_OK = 0,
   FE_BAD_MATCH,       /* EGL_BAD_MATCH */
   FE_BAD_ALLOC,       /* EGL_BAD_ALLOC */
   FE_BAD_ACCESS,      /* EGL_BAD_ACCESS: context current on another thread */
   FE_CONTEXT_LOST,    /* EGL_CONTEXT_LOST */
   FE_NOT_INITIALIZED, /* EGL_NOT_INITIALIZED: the server role could not start */
};

/* desc's major.minor is the version asked for: a desktop context gets the highest version the
 * backend's caps meet (fe_version.c), or FE_BAD_MATCH (logged with what the backend lacks)
 * when that is lower than asked; an ES context is 2.0, 3.0, 3.1 or 3.2 as asked (3.1 only where
 * the caps meet it, 3.2 only where the 3.1 context lists every extension 3.2 folds in
 * (fe_es32_lacks), else FE_BAD_MATCH logged with the first one missing; see
 * es_highest_minor); fe_context_version says which
 * it got. */
enum fe_status fe_context_create(const struct fe_context_desc *desc, struct fe_context *share,
                                 struct fe_context **out);
void fe_context_version(const struct fe_context *ctx, int *major, int *minor);
void fe_context_destroy(struct fe_context *ctx); /* deferred while current somewhere */

enum fe_status fe_surface_create_pbuffer(const struct fe_surface_format *format, int width,
                                         int height, struct fe_surface **out);
void fe_surface_destroy(struct fe_surface *surf); /* deferred while bound */
void fe_surface_size(const struct fe_surface *surf, int *width, int *height);

/* Binds ctx with its draw and read surfaces to the calling thread (NULL surfaces for a
 * surfaceless context); ctx == NULL releases the current context. */
enum fe_status fe_make_current(struct fe_context *ctx, struct fe_surface *draw,
                               struct fe_surface *read);
struct fe_context *fe_current_context(void);

enum fe_status fe_swap_buffers(struct fe_context *ctx, struct fe_surface *surf);
/* Window surfaces (the window-surface layer, src/egl/egl_window.h): an ordinary surface whose
 * buffers EGL re-creates when the window's size changes, read back at every swap.
 * fe_surface_resize: new colour/depth buffers at width x height (contents undefined); the
 * contexts it is bound to draw into them from their next command. The viewport is unchanged.
 * fe_swap_buffers_read: reads surf's whole colour buffer into dst (width * height * 4 bytes,
 * B,G,R,A bytes per pixel, rows tightly packed bottom-up as GL stores them; alpha 0xff when
 * the surface has no alpha bits) whatever the application's pack state, then ends the frame as
 * fe_swap_buffers does. A round trip on every arm. FE_BAD_MATCH when size is too small. */
enum fe_status fe_surface_resize(struct fe_surface *surf, int width, int height);
enum fe_status fe_swap_buffers_read(struct fe_context *ctx, struct fe_surface *surf, void *dst,
                                    size_t size);

/* Present stores (the ring arms: inproc, spawn): memory in the session's heap that the server
 * writes a frame into and the window system maps, so no pixel crosses the transport and the
 * client copies none. fe_present_store_create: a store for a width x height frame, B,G,R,A
 * bytes per pixel (alpha 0xff without alpha bits), rows tight and TOP row first; FE_BAD_MATCH
 * where the arm has no heap or the server no present_to_buffer (read back instead).
 * fe_present_store_memory: the memfd holding it (the session's: dup it to hand it on), the
 * store's offset in it and its address here. fe_swap_buffers_store: surf's colour buffer into
 * the store (a round trip whose answer carries no pixels), then the frame ends as
 * fe_swap_buffers does: FE_OK with *written true. FE_BAD_MATCH: the store does not match the
 * surface (its size, its share group; a window resized, another context's) or the surface has
 * no colour buffer: nothing was ended, the caller makes a store that matches or reads back.
 * FE_OK with *written false: the server declined; nothing was ended and the caller takes
 * fe_swap_buffers_read. The store is the caller's to reuse only
 * once the window system no longer reads it. */
struct fe_present_store;
enum fe_status fe_present_store_create(struct fe_context *ctx, int width, int height,
                                       struct fe_present_store **out);
void fe_present_store_destroy(struct fe_present_store *ps); /* accepts NULL */
void fe_present_store_memory(const struct fe_present_store *ps, int *fd, uint64_t *fd_offset,
                             const uint8_t **ptr);
enum fe_status fe_swap_buffers_store(struct fe_context *ctx, struct fe_surface *surf,
                                     struct fe_present_store *ps, bool *written);

/* surf's colour buffer as fe_swap_buffers_read gives it, read without a current context
 * (eglCopyBuffers of a surface current nowhere or elsewhere): through a short-lived server
 * context of the share group holding the buffers. A surface never made current reads as
 * zero (its contents are undefined). Ends no frame. FE_BAD_MATCH when size is too small,
 * FE_BAD_ALLOC when the buffers could not be read. */
enum fe_status fe_surface_read_back(struct fe_surface *surf, void *dst, size_t size);

void fe_set_swap_interval(struct fe_context *ctx, int interval);

/* Single-buffered surfaces whose rendering must reach a native buffer when GL is finished
 * (EGL/GLX pixmaps): glFinish calls hook(ctx, data) after its work is done whenever surf is
 * the calling context's draw surface. The hook may read surf back with fe_swap_buffers_read.
 * hook NULL: none. */
typedef void (*fe_finish_hook)(struct fe_context *ctx, void *data);
void fe_surface_set_finish_hook(struct fe_surface *surf, fe_finish_hook hook, void *data);

/* A native window as a token the server can open itself: an X11 window id and the name of
 * its display (the same display the server reaches when it runs on this machine). */
struct fe_window_token {
   uint32_t window;
   uint32_t interval; /* 0: never wait for the display; 1: FIFO */
   bool force;        /* MGL_PRESENT=wsi: even where the server finds the copy faster */
   char display[104]; /* NUL-terminated */
};

/* Ends the frame with the server presenting surf's colour buffer into the window itself
 * (Vulkan WSI) where it can: FE_OK and *presented true. *presented false (FE_OK): the server
 * declined (once per surface, named) or the transport cannot reach the window (tcp); nothing
 * was ended, and the caller takes the copy path (fe_swap_buffers_read). The token is sent again
 * whenever the colour buffer (a resize) or the interval changes. */
enum fe_status fe_swap_buffers_window(struct fe_context *ctx, struct fe_surface *surf,
                                      const struct fe_window_token *tok, bool *presented);
/* Ends the frame and presents nothing into the window (every damage rectangle outside it). */
enum fe_status fe_swap_buffers_hidden(struct fe_context *ctx, struct fe_surface *surf);

/* GL entry point by name ("glDrawArrays"), or NULL for a name mgl does not know. */
void *fe_get_proc_address(const char *name);

/* Strings for eglQueryString / getVendorString, e.g. the renderer description. */
const char *fe_renderer_string(void);

#endif
