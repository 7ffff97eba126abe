/* egl_wayland.c — EGL window surfaces on Wayland: the backend side of libwayland-egl (the app
 * makes the wl_egl_window; we fill in driver_private and its callbacks) and presentation of
 * frames read back from the GL colour buffer through a small pool of wl_shm buffers, or (the
 * ring arms' present stores, egl_window.h) through wl_shm buffers made at each store's offset in
 * a pool over the session's stage memfd, which the server wrote the frame into: then no pixel
 * is copied here.
 *
 * Queues: the display's own requests (registry, wl_shm) run on a private queue of the display;
 * each window has a private queue of its own for its buffers' release events and its frame
 * callbacks, so two windows presenting from two threads never dispatch each other's events and
 * the app's default queue is never touched. Waits poll the connection with a deadline and use
 * prepare_read/read_events, so they are safe while the app reads the same socket elsewhere. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>
#include <wayland-egl-backend.h>

#include "decline.h"
#include "egl_internal.h"
#include "egl_window.h"
#include "log.h"

/* Buffers a window may hold at once: the one on screen and MGL_FRAMES_IN_FLIGHT (1..8) more
 * that the compositor has not released yet; a frame beyond that waits for a release. */
#define WL_MAX_BUFFERS 9
/* How long interval 1 waits for the previous frame's callback. A hidden surface gets none
 * (the compositor never repaints it), so the wait is bounded: such a window runs at 10 frames
 * a second instead of stopping the app for good. */
#define WL_THROTTLE_TIMEOUT_MS 100
/* How long a frame waits for the compositor to release a buffer when all are busy. */
#define WL_RELEASE_TIMEOUT_MS 1000
/* How long the display's first roundtrip may take. */
#define WL_ROUNDTRIP_TIMEOUT_MS 5000
/* The largest window we allocate buffers for (a side). */
#define WL_MAX_SIDE 16384

struct egl_native_display {
   struct wl_display *native;
   bool own; /* we connected it (EGL_DEFAULT_DISPLAY) */
   struct wl_event_queue *queue;
   struct wl_display *wrapper; /* native, on queue */
   struct wl_registry *registry;
   struct wl_shm *shm;
   uint32_t shm_name;
};

struct wl_slot {
   struct egl_window *win;
   struct wl_buffer *buffer;
   void *data;
   size_t size;
   int width, height;
   uint32_t stride;
   bool busy; /* attached and not released yet */
};

/* A wl_buffer over one present store (the shared present). */
struct wl_shared {
   struct wl_buffer *buffer;
   uint64_t offset;
   int width, height;
   bool busy; /* attached and not released yet */
};

struct egl_window {
   struct egl_native_display *dpy;
   int max_buffers;      /* MGL_FRAMES_IN_FLIGHT + 1 */
   pthread_mutex_t lock; /* native can vanish from the app's thread */
   struct wl_egl_window *native;
   struct wl_event_queue *queue;
   struct wl_surface *surface; /* wrapper of the app's wl_surface, on queue */
   struct wl_shm *shm;         /* wrapper of the display's wl_shm, on queue */
   struct wl_callback *throttle;
   bool alpha;
   int interval;
   bool lost;
   struct wl_slot slots[WL_MAX_BUFFERS];
   uint64_t frames, callback_timeouts, buffers_allocated;
   uint64_t copy_ns, wait_ns; /* time in the wl_shm copy, and waiting on the compositor */
   /* The shared present: a pool over the memfd holding the present stores (known by its inode)
    * and a buffer per store slot; shared_off once that memfd cannot be a pool (over 2 GiB). */
   struct wl_shm_pool *shared_pool;
   int32_t shared_pool_size;
   dev_t shared_dev;
   ino_t shared_ino;
   bool shared_off;
   struct wl_shared shared[WL_MAX_BUFFERS];
   uint64_t frames_shared, release_timeouts;
};

static int64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t
now_ms(void)
{
   return now_ns() / 1000000;
}

/* Sends what is buffered; waits (bounded) for room when the socket is full. */
static bool
flush_bounded(struct wl_display *dpy, int timeout_ms)
{
   int64_t deadline = now_ms() + timeout_ms;
   for (;;) {
      if (wl_display_flush(dpy) >= 0)
         return true;
      if (errno != EAGAIN)
         return false;
      int64_t left = deadline - now_ms();
      if (left <= 0)
         return true; /* still buffered; libwayland sends it with the next flush */
      struct pollfd pfd = {.fd = wl_display_get_fd(dpy), .events = POLLOUT};
      if (poll(&pfd, 1, (int)left) < 0 && errno != EINTR)
         return false;
   }
}

/* Dispatches q until done(arg) holds or timeout_ms passed: 1 done, 0 timed out, -1 the
 * connection failed. timeout_ms 0 still reads what already arrived. */
static int
wait_queue(struct wl_display *dpy, struct wl_event_queue *q, bool (*done)(void *), void *arg,
           int timeout_ms)
{
   int64_t deadline = now_ms() + timeout_ms;
   bool polled = false;
   for (;;) {
      if (wl_display_dispatch_queue_pending(dpy, q) < 0)
         return -1;
      if (done(arg))
         return 1;
      int64_t left = deadline - now_ms();
      if (left < 0)
         left = 0;
      if (left == 0 && polled)
         return 0;
      if (wl_display_prepare_read_queue(dpy, q) != 0)
         continue; /* events already queued: dispatch them */
      if (!flush_bounded(dpy, (int)left)) {
         wl_display_cancel_read(dpy);
         return -1;
      }
      struct pollfd pfd = {.fd = wl_display_get_fd(dpy), .events = POLLIN};
      int r = poll(&pfd, 1, (int)left);
      polled = true;
      if (r <= 0) {
         wl_display_cancel_read(dpy);
         if (r < 0 && errno != EINTR)
            return -1;
         continue;
      }
      if (wl_display_read_events(dpy) < 0)
         return -1;
   }
}

/* ---- display ------------------------------------------------------------------------------ */

static void
registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                uint32_t version)
{
   struct egl_native_display *d = data;
   (void)version;
   if (!d->shm && strcmp(interface, wl_shm_interface.name) == 0) {
      d->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
      d->shm_name = name;
   }
}

static void
registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
   (void)data;
   (void)registry;
   (void)name;
}

static const struct wl_registry_listener registry_listener = {
   .global = registry_global,
   .global_remove = registry_global_remove,
};

static void
sync_done(void *data, struct wl_callback *cb, uint32_t serial)
{
   (void)serial;
   *(bool *)data = true;
   wl_callback_destroy(cb);
}

static const struct wl_callback_listener sync_listener = {.done = sync_done};

static bool
flag_set(void *arg)
{
   return *(bool *)arg;
}

/* No display attributes exist for EGL_PLATFORM_WAYLAND_KHR. */
static EGLint
wl_check_attribs(const EGLAttrib *attribs, intptr_t *key)
{
   *key = 0;
   return attribs && attribs[0] != EGL_NONE ? EGL_BAD_ATTRIBUTE : EGL_SUCCESS;
}

static EGLint
wl_display_open(void *native_display, intptr_t key, struct egl_native_display **out)
{
   (void)key;
   struct wl_display *native = native_display;
   struct egl_native_display *d = calloc(1, sizeof(*d));
   if (!d)
      return EGL_NOT_INITIALIZED;
   if (!native) {
      native = wl_display_connect(NULL);
      if (!native) {
         mgu_info("egl: wayland: no compositor to connect to (WAYLAND_DISPLAY=%s)",
                  getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "(unset)");
         goto fail_connect;
      }
      d->own = true;
   }
   d->native = native;
   d->queue = wl_display_create_queue(native);
   if (!d->queue)
      goto fail_queue;
   d->wrapper = wl_proxy_create_wrapper(native);
   if (!d->wrapper)
      goto fail_wrapper;
   wl_proxy_set_queue((struct wl_proxy *)d->wrapper, d->queue);
   d->registry = wl_display_get_registry(d->wrapper);
   if (!d->registry)
      goto fail_registry;
   wl_registry_add_listener(d->registry, &registry_listener, d);
   bool synced = false;
   struct wl_callback *cb = wl_display_sync(d->wrapper);
   if (!cb)
      goto fail_sync;
   wl_callback_add_listener(cb, &sync_listener, &synced);
   int r = wait_queue(native, d->queue, flag_set, &synced, WL_ROUNDTRIP_TIMEOUT_MS);
   if (r <= 0) {
      if (!synced)
         wl_callback_destroy(cb);
      mgu_warn("egl: wayland: the compositor %s",
               r < 0 ? "connection failed" : "did not answer within 5 s");
      goto fail_sync;
   }
   if (!d->shm) {
      mgu_warn("egl: wayland: the compositor offers no wl_shm, through which mgl presents");
      goto fail_sync;
   }
   mgu_info("egl: wayland: display %p opened (%s connection)", (void *)native,
            d->own ? "our own" : "the application's");
   *out = d;
   return EGL_SUCCESS;

fail_sync:
   if (d->shm)
      wl_shm_destroy(d->shm);
   wl_registry_destroy(d->registry);
fail_registry:
   wl_proxy_wrapper_destroy(d->wrapper);
fail_wrapper:
   wl_event_queue_destroy(d->queue);
fail_queue:
   if (d->own)
      wl_display_disconnect(native);
fail_connect:
   free(d);
   return EGL_NOT_INITIALIZED;
}

static void
wl_display_close(struct egl_native_display *d)
{
   if (!d)
      return;
   if (d->shm)
      wl_shm_destroy(d->shm);
   wl_registry_destroy(d->registry);
   wl_proxy_wrapper_destroy(d->wrapper);
   wl_event_queue_destroy(d->queue);
   if (d->own)
      wl_display_disconnect(d->native);
   free(d);
}

/* Wayland has no visuals: every config presents through ARGB8888 (alpha) or XRGB8888. */
static bool
wl_config_visual(struct egl_native_display *nd, const struct egl_config *config, EGLint *visual_id,
                 EGLint *visual_type)
{
   (void)nd;
   (void)config;
   *visual_id = 0;
   *visual_type = EGL_NONE;
   return true;
}

/* The page holding p is mapped (so *p can be read), as glvnd checks before it guesses. */
static bool
readable(const void *p)
{
   if (!p)
      return false;
   long page = sysconf(_SC_PAGESIZE);
   uintptr_t addr = (uintptr_t)p & ~((uintptr_t)page - 1);
   unsigned char v;
   return mincore((void *)addr, (size_t)page, &v) == 0;
}

/* A wl_display's first member is its proxy's interface: &wl_display_interface. */
static bool
wl_is_native_display(void *native_display)
{
   return readable(native_display) &&
          *(const void *const *)native_display == (const void *)&wl_display_interface;
}

/* ---- window ------------------------------------------------------------------------------- */

/* libwayland-egl calls this from wl_egl_window_destroy (the app's thread): from now on the
 * surface is lost and nothing of the window or its wl_surface is touched again. */
static void
native_destroyed(void *data)
{
   struct egl_window *w = data;
   pthread_mutex_lock(&w->lock);
   w->native = NULL;
   w->lost = true;
   pthread_mutex_unlock(&w->lock);
   mgu_info("egl: wayland: the wl_egl_window was destroyed before its EGL surface");
}

static void
slot_free(struct wl_slot *s)
{
   if (s->buffer)
      wl_buffer_destroy(s->buffer);
   if (s->data)
      munmap(s->data, s->size);
   *s = (struct wl_slot){.win = s->win};
}

/* The shared present's buffers and pool. The compositor keeps what it maps until it has done
 * with a buffer, so this need not wait for releases; the stores live until the surface's
 * finish, after the window's destroy. */
static void
shared_drop(struct egl_window *w)
{
   for (int i = 0; i < WL_MAX_BUFFERS; i++) {
      if (w->shared[i].buffer)
         wl_buffer_destroy(w->shared[i].buffer);
      w->shared[i] = (struct wl_shared){0};
   }
   if (w->shared_pool)
      wl_shm_pool_destroy(w->shared_pool);
   w->shared_pool = NULL;
   w->shared_pool_size = 0;
}

static EGLint
wl_window_create(struct egl_native_display *d, void *native_window, bool platform_form,
                 const struct egl_config *config, struct egl_window **out)
{
   (void)platform_form; /* both forms pass the struct wl_egl_window * */
   struct wl_egl_window *native = native_window;
   /* Version 3 (libwayland-egl 1.15 and later) carries the wl_surface we attach to. */
   if (!readable(native) || native->version < 3 || !native->surface)
      return EGL_BAD_NATIVE_WINDOW;
   if (native->driver_private || native->destroy_window_callback)
      return EGL_BAD_ALLOC; /* EGL: the window already has a surface */
   if (native->width <= 0 || native->height <= 0 || native->width > WL_MAX_SIDE ||
       native->height > WL_MAX_SIDE)
      return EGL_BAD_NATIVE_WINDOW;
   struct egl_window *w = calloc(1, sizeof(*w));
   if (!w)
      return EGL_BAD_ALLOC;
   pthread_mutex_init(&w->lock, NULL);
   w->dpy = d;
   w->native = native;
   w->alpha = config->alpha_size > 0;
   w->interval = 1;
   w->max_buffers = egl_window_frames_in_flight() + 1;
   for (int i = 0; i < WL_MAX_BUFFERS; i++)
      w->slots[i].win = w;
   w->queue = wl_display_create_queue(d->native);
   if (!w->queue)
      goto fail_queue;
   w->surface = wl_proxy_create_wrapper(native->surface);
   if (!w->surface)
      goto fail_surface;
   wl_proxy_set_queue((struct wl_proxy *)w->surface, w->queue);
   w->shm = wl_proxy_create_wrapper(d->shm);
   if (!w->shm)
      goto fail_shm;
   wl_proxy_set_queue((struct wl_proxy *)w->shm, w->queue);
   native->driver_private = w;
   native->destroy_window_callback = native_destroyed;
   *out = w;
   return EGL_SUCCESS;

fail_shm:
   wl_proxy_wrapper_destroy(w->surface);
fail_surface:
   wl_event_queue_destroy(w->queue);
fail_queue:
   pthread_mutex_destroy(&w->lock);
   free(w);
   return EGL_BAD_ALLOC;
}

static void
wl_window_destroy(struct egl_window *w)
{
   if (!w)
      return;
   pthread_mutex_lock(&w->lock);
   if (w->native) {
      w->native->driver_private = NULL;
      w->native->destroy_window_callback = NULL;
      w->native = NULL;
   }
   pthread_mutex_unlock(&w->lock);
   /* The figures docs/BENCHMARKS.md quotes: what presenting a frame costs here. */
   mgu_log_always("MGL-WL frames=%llu callback-timeouts=%llu buffers=%llu copy-ms-per-frame=%.3f "
                  "wait-ms-per-frame=%.3f shared=%llu",
                  (unsigned long long)w->frames, (unsigned long long)w->callback_timeouts,
                  (unsigned long long)w->buffers_allocated,
                  w->frames ? (double)w->copy_ns / 1e6 / (double)w->frames : 0.0,
                  w->frames ? (double)w->wait_ns / 1e6 / (double)w->frames : 0.0,
                  (unsigned long long)w->frames_shared);
   if (w->throttle)
      wl_callback_destroy(w->throttle);
   for (int i = 0; i < WL_MAX_BUFFERS; i++)
      slot_free(&w->slots[i]);
   shared_drop(w);
   wl_proxy_wrapper_destroy(w->shm);
   wl_proxy_wrapper_destroy(w->surface);
   /* Send the destroys before the queue goes (nothing of ours is left on it). */
   if (!wl_display_get_error(w->dpy->native))
      flush_bounded(w->dpy->native, 100);
   wl_event_queue_destroy(w->queue);
   pthread_mutex_destroy(&w->lock);
   free(w);
}

static bool
wl_window_get_size(struct egl_window *w, int32_t *width, int32_t *height)
{
   pthread_mutex_lock(&w->lock);
   bool ok = !w->lost && w->native && !wl_display_get_error(w->dpy->native);
   if (ok) {
      *width = w->native->width;
      *height = w->native->height;
   }
   pthread_mutex_unlock(&w->lock);
   return ok;
}

static void
wl_window_set_swap_interval(struct egl_window *w, int interval)
{
   pthread_mutex_lock(&w->lock);
   w->interval = interval > 0 ? 1 : 0;
   pthread_mutex_unlock(&w->lock);
}

static void
throttle_done(void *data, struct wl_callback *cb, uint32_t time)
{
   struct egl_window *w = data;
   (void)time;
   wl_callback_destroy(cb);
   w->throttle = NULL;
}

static const struct wl_callback_listener throttle_listener = {.done = throttle_done};

static bool
throttle_clear(void *arg)
{
   return ((struct egl_window *)arg)->throttle == NULL;
}

static void
buffer_release(void *data, struct wl_buffer *buffer)
{
   (void)buffer;
   ((struct wl_slot *)data)->busy = false;
}

static const struct wl_buffer_listener buffer_listener = {.release = buffer_release};

static bool
slot_available(void *arg)
{
   struct egl_window *w = arg;
   for (int i = 0; i < w->max_buffers; i++) {
      if (!w->slots[i].busy)
         return true;
   }
   return false;
}

static bool
slot_alloc(struct egl_window *w, struct wl_slot *s, int width, int height)
{
   uint32_t stride = (uint32_t)width * 4u; /* width <= WL_MAX_SIDE: no overflow */
   size_t size = (size_t)stride * (size_t)height;
   int fd = memfd_create("mgl-wl-shm", MFD_CLOEXEC);
   if (fd < 0)
      return false;
   if (ftruncate(fd, (off_t)size) != 0)
      goto fail_fd;
   void *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (data == MAP_FAILED)
      goto fail_fd;
   struct wl_shm_pool *pool = wl_shm_create_pool(w->shm, fd, (int32_t)size);
   if (!pool)
      goto fail_map;
   s->buffer =
      wl_shm_pool_create_buffer(pool, 0, width, height, (int32_t)stride,
                                w->alpha ? WL_SHM_FORMAT_ARGB8888 : WL_SHM_FORMAT_XRGB8888);
   wl_shm_pool_destroy(pool); /* the buffer keeps the pool's memory */
   close(fd);
   if (!s->buffer) {
      munmap(data, size);
      return false;
   }
   wl_buffer_add_listener(s->buffer, &buffer_listener, s);
   s->data = data;
   s->size = size;
   s->width = width;
   s->height = height;
   s->stride = stride;
   s->busy = false;
   w->buffers_allocated++;
   return true;

fail_map:
   munmap(data, size);
fail_fd:
   close(fd);
   return false;
}

/* A free buffer of width x height: a released one of that size, else an empty slot, else a
 * released one of another size, (re)allocated. NULL: all are busy, or allocation failed. */
static struct wl_slot *
slot_get(struct egl_window *w, int width, int height)
{
   struct wl_slot *reuse = NULL;
   for (int i = 0; i < w->max_buffers; i++) {
      struct wl_slot *s = &w->slots[i];
      if (s->busy)
         continue;
      if (s->buffer && s->width == width && s->height == height)
         return s;
      if (!reuse || (reuse->buffer && !s->buffer))
         reuse = s;
   }
   if (!reuse)
      return NULL;
   slot_free(reuse);
   return slot_alloc(w, reuse, width, height) ? reuse : NULL;
}

static void
damage(struct egl_window *w, const struct egl_frame *f)
{
   bool by_buffer =
      wl_proxy_get_version((struct wl_proxy *)w->surface) >= WL_SURFACE_DAMAGE_BUFFER_SINCE_VERSION;
   if (f->damage_count <= 0 || !f->damage) {
      if (by_buffer)
         wl_surface_damage_buffer(w->surface, 0, 0, INT32_MAX, INT32_MAX);
      else
         wl_surface_damage(w->surface, 0, 0, INT32_MAX, INT32_MAX);
      return;
   }
   /* Already clipped and top-down; with no buffer scale or transform set, surface and buffer
    * coordinates agree. */
   for (int32_t i = 0; i < f->damage_count; i++) {
      const struct egl_rect *r = &f->damage[i];
      if (by_buffer)
         wl_surface_damage_buffer(w->surface, r->x, r->y, r->width, r->height);
      else
         wl_surface_damage(w->surface, r->x, r->y, r->width, r->height);
   }
}

static EGLint
lose(struct egl_window *w, const char *why)
{
   if (!w->lost)
      mgu_warn("egl: wayland: window surface lost: %s", why);
   w->lost = true;
   return EGL_BAD_NATIVE_WINDOW;
}

/* Interval 1: waits (bounded) for the previous frame's callback, which says the compositor
 * showed it. Caller holds w->lock. */
static EGLint
throttle_wait(struct egl_window *w)
{
   if (!w->throttle)
      return EGL_SUCCESS;
   int r = wait_queue(w->dpy->native, w->queue, throttle_clear, w, WL_THROTTLE_TIMEOUT_MS);
   if (r < 0)
      return lose(w, "the compositor connection failed");
   if (r == 0) {
      /* A hidden surface: stop waiting for that callback. */
      wl_callback_destroy(w->throttle);
      w->throttle = NULL;
      w->callback_timeouts++;
   }
   return EGL_SUCCESS;
}

/* buffer (f's size) attached to the surface, damaged and committed. Caller holds w->lock. */
static EGLint
attach_commit(struct egl_window *w, struct wl_buffer *buffer, const struct egl_frame *f)
{
   struct wl_display *dpy = w->dpy->native;
   int dx = w->native->dx, dy = w->native->dy;
   if (wl_proxy_get_version((struct wl_proxy *)w->surface) >= WL_SURFACE_OFFSET_SINCE_VERSION) {
      if (dx || dy)
         wl_surface_offset(w->surface, dx, dy);
      wl_surface_attach(w->surface, buffer, 0, 0);
   } else {
      wl_surface_attach(w->surface, buffer, dx, dy);
   }
   w->native->dx = w->native->dy = 0;
   w->native->attached_width = f->width;
   w->native->attached_height = f->height;
   damage(w, f);
   if (w->interval > 0) {
      w->throttle = wl_surface_frame(w->surface);
      if (w->throttle)
         wl_callback_add_listener(w->throttle, &throttle_listener, w);
   }
   wl_surface_commit(w->surface);
   if (!flush_bounded(dpy, WL_RELEASE_TIMEOUT_MS) || wl_display_get_error(dpy))
      return lose(w, "the compositor connection failed");
   return EGL_SUCCESS;
}

static EGLint
wl_window_present(struct egl_window *w, const struct egl_frame *f)
{
   struct wl_display *dpy = w->dpy->native;
   EGLint result = EGL_SUCCESS;
   pthread_mutex_lock(&w->lock);
   if (w->lost || !w->native) {
      result = lose(w, "the wl_egl_window is gone");
      goto out;
   }
   if (wl_display_get_error(dpy)) {
      result = lose(w, "the compositor connection failed");
      goto out;
   }
   if (f->width <= 0 || f->height <= 0 || f->width > WL_MAX_SIDE || f->height > WL_MAX_SIDE) {
      result = EGL_BAD_ALLOC;
      goto out;
   }
   int64_t t_wait = now_ns();
   result = throttle_wait(w);
   if (result != EGL_SUCCESS)
      goto out;
   /* Take the releases that arrived, then wait only if every buffer is busy. */
   int r = wait_queue(dpy, w->queue, slot_available, w, 0);
   if (r == 0)
      r = wait_queue(dpy, w->queue, slot_available, w, WL_RELEASE_TIMEOUT_MS);
   if (r < 0) {
      result = lose(w, "the compositor connection failed");
      goto out;
   }
   w->wait_ns += (uint64_t)(now_ns() - t_wait);
   if (r == 0) {
      /* A compositor that stopped releasing (stopped, or far behind): this frame is dropped,
       * as a missed refresh would be, and the app goes on at one frame per bound. */
      MGU_DECLINE(wl_frame_dropped, "wayland: the compositor held all %d buffers for %d ms",
                  w->max_buffers, WL_RELEASE_TIMEOUT_MS);
      goto out;
   }
   struct wl_slot *s = slot_get(w, f->width, f->height);
   if (!s) {
      MGU_DECLINE(wl_frame_dropped, "wayland: no wl_shm buffer of %dx%d", f->width, f->height);
      result = EGL_BAD_ALLOC; /* transient: the surface lives */
      goto out;
   }
   int64_t t_copy = now_ns();
   for (int32_t y = 0; y < f->height; y++)
      memcpy((uint8_t *)s->data + (size_t)y * s->stride, f->top + (ptrdiff_t)y * f->stride,
             (size_t)f->width * 4);
   w->copy_ns += (uint64_t)(now_ns() - t_copy);

   s->busy = true;
   result = attach_commit(w, s->buffer, f);
   if (result != EGL_SUCCESS)
      goto out;
   w->frames++;
out:
   pthread_mutex_unlock(&w->lock);
   return result;
}

/* ---- the shared present (egl_window.h): the frame already in a memfd the compositor maps ---- */

static int
wl_shared_slots(struct egl_window *w)
{
   pthread_mutex_lock(&w->lock);
   const int n = w->shared_off || w->lost ? 0 : w->max_buffers;
   pthread_mutex_unlock(&w->lock);
   return n;
}

static void
shared_release(void *data, struct wl_buffer *buffer)
{
   (void)buffer;
   ((struct wl_shared *)data)->busy = false;
}

static const struct wl_buffer_listener shared_listener = {.release = shared_release};

static bool
shared_free(void *arg)
{
   return !((struct wl_shared *)arg)->busy;
}

static void
wl_shared_wait(struct egl_window *w, int slot)
{
   pthread_mutex_lock(&w->lock);
   struct wl_shared *sh = &w->shared[slot];
   if (sh->busy && !w->lost && !wl_display_get_error(w->dpy->native)) {
      const int64_t t = now_ns();
      /* Bounded: a compositor that stopped releasing sees this store rewritten (its next
       * repaint shows the newer frame), the app is not stopped for good. */
      const int r = wait_queue(w->dpy->native, w->queue, shared_free, sh, WL_RELEASE_TIMEOUT_MS);
      w->wait_ns += (uint64_t)(now_ns() - t);
      if (r == 0 && w->release_timeouts++ == 0)
         mgu_info("egl: wayland: the compositor held a present store's buffer for %d ms; it is "
                  "written again",
                  WL_RELEASE_TIMEOUT_MS);
   }
   sh->busy = false;
   pthread_mutex_unlock(&w->lock);
}

/* The pool over fd for a frame of bytes at offset: made (or grown) as needed. false: frames are
 * copied into the window's own buffers instead. Caller holds w->lock. */
static bool
shared_pool_for(struct egl_window *w, int fd, uint64_t offset, uint64_t bytes)
{
   struct stat sb;
   if (fstat(fd, &sb) != 0 || sb.st_size <= 0)
      return false;
   /* wl_shm sizes and offsets are 32-bit signed: a memfd past 2 GiB cannot be a pool. */
   if ((uint64_t)sb.st_size > INT32_MAX) {
      if (!w->shared_off)
         mgu_info("egl: wayland: the present stores' memfd is %lld bytes, more than a wl_shm pool "
                  "takes: frames are copied",
                  (long long)sb.st_size);
      w->shared_off = true;
      return false;
   }
   if (offset > (uint64_t)sb.st_size || bytes > (uint64_t)sb.st_size - offset)
      return false;
   if (w->shared_pool && (w->shared_dev != sb.st_dev || w->shared_ino != sb.st_ino))
      shared_drop(w); /* another session's heap */
   if (!w->shared_pool) {
      w->shared_pool = wl_shm_create_pool(w->shm, fd, (int32_t)sb.st_size); /* dups fd */
      if (!w->shared_pool)
         return false;
      w->shared_pool_size = (int32_t)sb.st_size;
      w->shared_dev = sb.st_dev;
      w->shared_ino = sb.st_ino;
   } else if ((int32_t)sb.st_size > w->shared_pool_size) {
      wl_shm_pool_resize(w->shared_pool, (int32_t)sb.st_size);
      w->shared_pool_size = (int32_t)sb.st_size;
   }
   return true;
}

static EGLint
wl_shared_present(struct egl_window *w, const struct egl_frame *f, int slot, int fd,
                  uint64_t fd_offset)
{
   struct wl_display *dpy = w->dpy->native;
   EGLint result = EGL_SUCCESS;
   pthread_mutex_lock(&w->lock);
   if (w->lost || !w->native) {
      result = lose(w, "the wl_egl_window is gone");
      goto out;
   }
   if (wl_display_get_error(dpy)) {
      result = lose(w, "the compositor connection failed");
      goto out;
   }
   if (f->width <= 0 || f->height <= 0 || f->width > WL_MAX_SIDE || f->height > WL_MAX_SIDE ||
       f->stride != (ptrdiff_t)f->width * 4) {
      result = EGL_BAD_ALLOC;
      goto out;
   }
   const uint64_t bytes = (uint64_t)f->stride * (uint64_t)f->height;
   if (!shared_pool_for(w, fd, fd_offset, bytes)) {
      pthread_mutex_unlock(&w->lock);
      return wl_window_present(w, f); /* copied, as the read back would be */
   }
   const int64_t t_wait = now_ns();
   result = throttle_wait(w);
   w->wait_ns += (uint64_t)(now_ns() - t_wait);
   if (result != EGL_SUCCESS)
      goto out;
   struct wl_shared *sh = &w->shared[slot];
   const uint32_t format = w->alpha ? WL_SHM_FORMAT_ARGB8888 : WL_SHM_FORMAT_XRGB8888;
   if (!sh->buffer || sh->offset != fd_offset || sh->width != f->width || sh->height != f->height) {
      if (sh->buffer)
         wl_buffer_destroy(sh->buffer);
      *sh = (struct wl_shared){0};
      /* shared_pool_for checked offset + bytes against the pool, which is at most 2^31 - 1 */
      sh->buffer = wl_shm_pool_create_buffer(w->shared_pool, (int32_t)fd_offset, f->width,
                                             f->height, (int32_t)f->stride, format);
      if (!sh->buffer) {
         result = EGL_BAD_ALLOC; /* transient: the surface lives */
         goto out;
      }
      wl_buffer_add_listener(sh->buffer, &shared_listener, sh);
      sh->offset = fd_offset;
      sh->width = f->width;
      sh->height = f->height;
      w->buffers_allocated++;
   }
   sh->busy = true;
   result = attach_commit(w, sh->buffer, f);
   if (result != EGL_SUCCESS)
      goto out;
   w->frames++;
   w->frames_shared++;
out:
   pthread_mutex_unlock(&w->lock);
   return result;
}

static const struct egl_window_ops wl_window_ops = {
   .get_size = wl_window_get_size,
   .present = wl_window_present,
   .set_swap_interval = wl_window_set_swap_interval,
   .destroy = wl_window_destroy,
   .shared_slots = wl_shared_slots,
   .shared_wait = wl_shared_wait,
   .shared_present = wl_shared_present,
};

const struct egl_platform egl_platform_wayland = {
   .platform = EGL_PLATFORM_WAYLAND_KHR,
   .name = "wayland",
   .check_attribs = wl_check_attribs,
   .display_open = wl_display_open,
   .display_close = wl_display_close,
   .config_visual = wl_config_visual,
   .window_create = wl_window_create,
   .window = &wl_window_ops,
   .is_native_display = wl_is_native_display,
};
