/* fake_fe.c — see fake_fe.h. Implements every function of fe_egl.h except
 * fe_get_proc_address (the generated gl_procs.c does), plus fe_gl_error and strong
 * mgl_glGetError / mgl_glGetIntegerv that override the generated weak stubs. */
#include "fake_fe.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "gl_api.h"

struct fe_context {
   struct fe_context_desc desc;
   bool bound;
   bool destroy_pending;
   GLenum error;
};

struct fe_surface {
   struct fe_surface_format format;
   int width, height;
   int binds;
   bool destroy_pending;
};

struct fake_fe_stats fake_fe_stats;
enum fe_status fake_fe_fail_next_context = FE_OK;
bool fake_fe_compat_profile = true; /* the real front end's default */
int fake_fe_gl_version = 33;

bool
fe_compat_profile_enabled(void)
{
   return fake_fe_compat_profile;
}

uint32_t fake_fe_sample_counts = 0x1 | 0x4; /* lavapipe's: 1 and 4 samples */

uint32_t
fe_config_sample_counts(void)
{
   return fake_fe_sample_counts;
}

static pthread_mutex_t fake_lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local struct fe_context *cur_ctx;
static _Thread_local struct fe_surface *cur_draw, *cur_read;

static void
free_context(struct fe_context *c)
{
   fake_fe_stats.contexts_destroyed++;
   fake_fe_stats.contexts_live--;
   free(c);
}

static void
free_surface(struct fe_surface *s)
{
   fake_fe_stats.surfaces_destroyed++;
   fake_fe_stats.surfaces_live--;
   free(s);
}

enum fe_status
fe_context_create(const struct fe_context_desc *desc, struct fe_context *share,
                  struct fe_context **out)
{
   pthread_mutex_lock(&fake_lock);
   if (fake_fe_fail_next_context != FE_OK) {
      enum fe_status st = fake_fe_fail_next_context;
      fake_fe_fail_next_context = FE_OK;
      pthread_mutex_unlock(&fake_lock);
      return st;
   }
   if (desc->api != FE_API_GLES && desc->major * 10 + desc->minor > fake_fe_gl_version) {
      pthread_mutex_unlock(&fake_lock);
      return FE_BAD_MATCH;
   }
   struct fe_context *c = calloc(1, sizeof(*c));
   c->desc = *desc;
   if (desc->api != FE_API_GLES) {
      c->desc.major = fake_fe_gl_version / 10;
      c->desc.minor = fake_fe_gl_version % 10;
   }
   fake_fe_stats.contexts_created++;
   fake_fe_stats.contexts_live++;
   fake_fe_stats.last_desc = c->desc;
   fake_fe_stats.last_share = share;
   *out = c;
   pthread_mutex_unlock(&fake_lock);
   return FE_OK;
}

void
fe_context_version(const struct fe_context *ctx, int *major, int *minor)
{
   *major = ctx->desc.major;
   *minor = ctx->desc.minor;
}

/* FAKE_FE_REENTER_EGL=1: destroying a context or a surface calls eglReleaseThread through glvnd's libEGL,
 * as a Vulkan driver does while the session it belonged to tears down (NVIDIA's ICD, seen on
 * the H200 machine): the EGL layer must not hold its lock across fe_context_destroy or fe_surface_destroy. */
static void
reenter_egl(const char *from)
{
   const char *v = getenv("FAKE_FE_REENTER_EGL");
   if (!v || *v != '1')
      return;
   void *egl = dlopen("libEGL.so.1", RTLD_NOW | RTLD_NOLOAD);
   if (!egl)
      return;
   unsigned (*release_thread)(void) = (unsigned (*)(void))dlsym(egl, "eglReleaseThread");
   if (release_thread) {
      release_thread();
      fake_fe_stats.egl_reentries++;
      printf("fake_fe: eglReleaseThread re-entered from %s\n", from);
      fflush(stdout);
   }
   dlclose(egl);
}

void
fe_context_destroy(struct fe_context *ctx)
{
   reenter_egl("fe_context_destroy");
   pthread_mutex_lock(&fake_lock);
   if (ctx->bound) {
      fake_fe_stats.destroy_while_current++;
      ctx->destroy_pending = true;
   } else {
      free_context(ctx);
   }
   pthread_mutex_unlock(&fake_lock);
}

enum fe_status
fe_surface_create_pbuffer(const struct fe_surface_format *format, int width, int height,
                          struct fe_surface **out)
{
   pthread_mutex_lock(&fake_lock);
   struct fe_surface *s = calloc(1, sizeof(*s));
   s->format = *format;
   s->width = width;
   s->height = height;
   fake_fe_stats.surfaces_created++;
   fake_fe_stats.surfaces_live++;
   fake_fe_stats.last_pbuffer_width = width;
   fake_fe_stats.last_pbuffer_height = height;
   *out = s;
   pthread_mutex_unlock(&fake_lock);
   return FE_OK;
}

void
fe_surface_destroy(struct fe_surface *surf)
{
   reenter_egl("fe_surface_destroy");
   pthread_mutex_lock(&fake_lock);
   if (surf->binds) {
      fake_fe_stats.destroy_while_current++;
      surf->destroy_pending = true;
   } else {
      free_surface(surf);
   }
   pthread_mutex_unlock(&fake_lock);
}

void
fe_surface_size(const struct fe_surface *surf, int *width, int *height)
{
   *width = surf->width;
   *height = surf->height;
}

static void
unbind_current(void)
{
   struct fe_context *c = cur_ctx;
   struct fe_surface *d = cur_draw, *r = cur_read;
   cur_ctx = NULL;
   cur_draw = cur_read = NULL;
   if (d && --d->binds == 0 && d->destroy_pending)
      free_surface(d);
   if (r && --r->binds == 0 && r->destroy_pending)
      free_surface(r);
   if (c) {
      c->bound = false;
      if (c->destroy_pending)
         free_context(c);
   }
}

enum fe_status
fe_make_current(struct fe_context *ctx, struct fe_surface *draw, struct fe_surface *read)
{
   pthread_mutex_lock(&fake_lock);
   fake_fe_stats.make_current_calls++;
   if (ctx && ctx->bound && ctx != cur_ctx) {
      pthread_mutex_unlock(&fake_lock);
      return FE_BAD_ACCESS;
   }
   unbind_current();
   if (ctx) {
      ctx->bound = true;
      cur_ctx = ctx;
      cur_draw = draw;
      cur_read = read;
      if (draw)
         draw->binds++;
      if (read)
         read->binds++;
   }
   pthread_mutex_unlock(&fake_lock);
   return FE_OK;
}

struct fe_context *
fe_current_context(void)
{
   return cur_ctx;
}

enum fe_status
fe_swap_buffers(struct fe_context *ctx, struct fe_surface *surf)
{
   (void)ctx;
   (void)surf;
   pthread_mutex_lock(&fake_lock);
   fake_fe_stats.swaps++;
   pthread_mutex_unlock(&fake_lock);
   return FE_OK;
}

enum fe_status
fe_surface_resize(struct fe_surface *surf, int width, int height)
{
   surf->width = width;
   surf->height = height;
   return FE_OK;
}

/* Fills the frame with a fixed colour (B,G,R,A = 0x10,0x20,0x30,0xff) and counts a swap. */
enum fe_status
fe_swap_buffers_read(struct fe_context *ctx, struct fe_surface *surf, void *dst, size_t size)
{
   const size_t need = (size_t)surf->width * (size_t)surf->height * 4u;
   if (size < need)
      return FE_BAD_MATCH;
   uint8_t *p = dst;
   for (size_t i = 0; i < need; i += 4) {
      p[i] = 0x10;
      p[i + 1] = 0x20;
      p[i + 2] = 0x30;
      p[i + 3] = 0xff;
   }
   return fe_swap_buffers(ctx, surf);
}

/* No present stores here (as on monolith and tcp): the swap reads back. */
enum fe_status
fe_present_store_create(struct fe_context *ctx, int width, int height,
                        struct fe_present_store **out)
{
   (void)ctx, (void)width, (void)height;
   *out = NULL;
   return FE_BAD_MATCH;
}

void
fe_present_store_destroy(struct fe_present_store *ps)
{
   (void)ps;
}

void
fe_present_store_memory(const struct fe_present_store *ps, int *fd, uint64_t *fd_offset,
                        const uint8_t **ptr)
{
   (void)ps;
   *fd = -1;
   *fd_offset = 0;
   *ptr = NULL;
}

enum fe_status
fe_swap_buffers_store(struct fe_context *ctx, struct fe_surface *surf, struct fe_present_store *ps,
                      bool *written)
{
   (void)ctx, (void)surf, (void)ps;
   *written = false;
   return FE_OK;
}

/* The same fixed colour, without a context and without ending a frame. */
enum fe_status
fe_surface_read_back(struct fe_surface *surf, void *dst, size_t size)
{
   const size_t need = (size_t)surf->width * (size_t)surf->height * 4u;
   if (size < need)
      return FE_BAD_MATCH;
   uint8_t *p = dst;
   for (size_t i = 0; i < need; i += 4) {
      p[i] = 0x10;
      p[i + 1] = 0x20;
      p[i + 2] = 0x30;
      p[i + 3] = 0xff;
   }
   return FE_OK;
}

/* The fake server reaches no window: every frame takes the copy path. */
enum fe_status
fe_swap_buffers_window(struct fe_context *ctx, struct fe_surface *surf,
                       const struct fe_window_token *tok, bool *presented)
{
   (void)ctx, (void)surf, (void)tok;
   *presented = false;
   return FE_OK;
}

enum fe_status
fe_swap_buffers_hidden(struct fe_context *ctx, struct fe_surface *surf)
{
   return fe_swap_buffers(ctx, surf);
}

void
fe_set_swap_interval(struct fe_context *ctx, int interval)
{
   (void)ctx;
   fake_fe_stats.last_swap_interval = interval;
}

void
fe_surface_set_finish_hook(struct fe_surface *surf, fe_finish_hook hook, void *data)
{
   (void)surf;
   (void)hook;
   (void)data;
}

const char *
fe_renderer_string(void)
{
   return "mgl fake front end";
}

void
fe_gl_error(GLenum error)
{
   fake_fe_stats.gl_errors_recorded++;
   if (cur_ctx && cur_ctx->error == GL_NO_ERROR)
      cur_ctx->error = error;
}

/* Strong definitions: they override the generated weak stubs. */
GLenum
mgl_glGetError(void)
{
   fake_fe_stats.get_error_calls++;
   if (!cur_ctx)
      return GL_NO_ERROR;
   GLenum e = cur_ctx->error;
   cur_ctx->error = GL_NO_ERROR;
   return e;
}

void
mgl_glGetIntegerv(GLenum pname, GLint *data)
{
   switch (pname) {
   case FAKE_FE_PNAME_GET_ERROR_CALLS: *data = fake_fe_stats.get_error_calls; return;
   case FAKE_FE_PNAME_CONTEXT_MAJOR: *data = cur_ctx ? cur_ctx->desc.major : -1; return;
   case FAKE_FE_PNAME_CONTEXT_MINOR: *data = cur_ctx ? cur_ctx->desc.minor : -1; return;
   case FAKE_FE_PNAME_CONTEXT_API: *data = cur_ctx ? (GLint)cur_ctx->desc.api : -1; return;
   default: fe_gl_error(GL_INVALID_ENUM); return;
   }
}
