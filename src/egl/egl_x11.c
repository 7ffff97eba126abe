/* egl_x11.c — the X11 and XCB window systems (egl_window.h, egl_x11.h): displays, the visuals
 * configs present through, and the copy path that puts a frame into an X window.
 *
 * Every X request goes through XCB, on the application's connection (XGetXCBConnection for an
 * Xlib Display) or on one opened here for EGL_DEFAULT_DISPLAY. Requests that can fail are
 * *_checked and their errors are collected here, so a BadWindow is an error value, never an
 * event for Xlib's default handler (which exits the process). No event is selected on the
 * application's queue: Present's complete events arrive on a special-event queue of our own.
 *
 * Presenting a frame: the rows are copied top-down (the flip is in that copy) into an MIT-SHM
 * segment and shown with xcb_shm_put_image when the server has MIT-SHM and attaching works
 * (local server), else into a staging buffer shown with xcb_put_image requests split to the
 * server's maximum request length. MGL_FRAMES_IN_FLIGHT segments (default 2) are used in turn;
 * one is rewritten only after a reply to a request sent after its put_image has arrived, so at
 * most that many frames are queued in the X server. Swap interval n >= 1: after each frame a
 * PresentNotifyMSC for (last MSC + n) is sent, and the next present first waits for its
 * complete event (bounded by 100 ms, so a window destroyed under it cannot hang the swap);
 * interval 0 never waits for the display. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <X11/Xlib.h>
#include <X11/Xlib-xcb.h>
#include <xcb/present.h>
#include <xcb/shm.h>
#include <xcb/xcb.h>

#include "array.h"
#include "egl_internal.h"
#include "egl_x11.h"
#include "log.h"

#define MAX_SLOTS 8
#define PACE_BOUND_NS 100000000ll

struct egl_native_display {
   xcb_connection_t *conn;
   bool owned; /* connected here (EGL_DEFAULT_DISPLAY): disconnected at close */
   xcb_screen_t *screen;
   xcb_visualid_t visual24; /* TrueColor, depth 24, masks ff0000/ff00/ff (0: none) */
   xcb_visualid_t visual32; /* the same at depth 32 (an ARGB visual), 0: none */
   bool has_shm, has_present;
   uint32_t max_request_bytes;
   /* The name another process opens this display by (the server presenting itself): $DISPLAY
    * or the Xlib Display's name; "" when unknown (an application's xcb connection). */
   char name[104];
};

struct slot {
   int shmid; /* -1: no segment */
   xcb_shm_seg_t seg;
   uint8_t *map;
   size_t size;
   bool busy; /* fence below not yet answered */
   xcb_get_input_focus_cookie_t fence;
};

struct egl_window {
   struct egl_native_display *nd;
   xcb_window_t id;
   xcb_gcontext_t gc;
   uint8_t depth;
   int interval;
   bool gone;
   bool pixmap; /* a pixmap (pixmap surfaces, eglCopyBuffers): present waits */
   struct slot slots[MAX_SLOTS];
   int nslots, next_slot;
   bool shm_ok;      /* false after an attach failed: put_image from then on */
   uint8_t *staging; /* the put_image path's top-down copy */
   uint32_t staging_size;
   /* Present pacing */
   xcb_special_event_t *special;
   uint32_t eid;
   bool notify_pending;
   uint64_t last_msc;
   uint32_t notify_serial;
   /* The shared present (present stores): the memfd holding them, attached once read-only
    * (xcb_shm_attach_fd) and known by its inode; shared_refused after the X server refused it
    * (a remote server): frames are then copied as the copy path copies them. */
   bool shared_attached, shared_refused;
   xcb_shm_seg_t shared_seg;
   dev_t shared_dev;
   ino_t shared_ino;
   /* size_ask's question, answered at the next get_size */
   bool size_asked;
   xcb_get_geometry_cookie_t size_cookie;
   /* The display's name for the server (probe_display), for an application's connection. */
   bool probed, probe_ok;
   char probe_name[104];
};

static struct {
   pthread_mutex_t lock;
   struct egl_x11_stats s;
} stats = {.lock = PTHREAD_MUTEX_INITIALIZER};

void
egl_x11_stats_get(struct egl_x11_stats *out)
{
   pthread_mutex_lock(&stats.lock);
   *out = stats.s;
   pthread_mutex_unlock(&stats.lock);
}

static void
stats_add(uint64_t frames, uint64_t shm, uint64_t puts, uint64_t bytes, uint64_t waits,
          uint64_t timeouts)
{
   pthread_mutex_lock(&stats.lock);
   stats.s.frames += frames;
   stats.s.shm_frames += shm;
   stats.s.put_requests += puts;
   stats.s.bytes += bytes;
   stats.s.paced_waits += waits;
   stats.s.pace_timeouts += timeouts;
   pthread_mutex_unlock(&stats.lock);
}

/* ---- displays ------------------------------------------------------------------------------ */

static xcb_screen_t *
screen_of(xcb_connection_t *conn, int n)
{
   xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(conn));
   for (; it.rem; xcb_screen_next(&it), n--) {
      if (n == 0)
         return it.data;
   }
   return NULL;
}

/* Bits per pixel of ZPixmap images of that depth (0: the server has no such format). */
static uint8_t
zpixmap_bpp(xcb_connection_t *conn, uint8_t depth)
{
   xcb_format_iterator_t it = xcb_setup_pixmap_formats_iterator(xcb_get_setup(conn));
   for (; it.rem; xcb_format_next(&it)) {
      if (it.data->depth == depth)
         return it.data->bits_per_pixel;
   }
   return 0;
}

/* The depth of visual id on the screen when it is a TrueColor visual whose pixels are our
 * frames' bytes (B, G, R, A in memory, 32 bits per pixel); 0 otherwise. */
static uint8_t
frame_visual_depth(xcb_connection_t *conn, const xcb_screen_t *screen, xcb_visualid_t id)
{
   xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(screen);
   for (; d.rem; xcb_depth_next(&d)) {
      if (d.data->depth != 24 && d.data->depth != 32)
         continue;
      xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data);
      for (; v.rem; xcb_visualtype_next(&v)) {
         const xcb_visualtype_t *vt = v.data;
         if (vt->visual_id != id)
            continue;
         if (vt->_class != XCB_VISUAL_CLASS_TRUE_COLOR || vt->red_mask != 0xff0000 ||
             vt->green_mask != 0xff00 || vt->blue_mask != 0xff ||
             zpixmap_bpp(conn, d.data->depth) != 32)
            return 0;
         return d.data->depth;
      }
   }
   return 0;
}

static xcb_visualid_t
find_visual(xcb_connection_t *conn, const xcb_screen_t *screen, uint8_t depth)
{
   if (depth == screen->root_depth &&
       frame_visual_depth(conn, screen, screen->root_visual) == depth)
      return screen->root_visual;
   xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(screen);
   for (; d.rem; xcb_depth_next(&d)) {
      if (d.data->depth != depth)
         continue;
      xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data);
      for (; v.rem; xcb_visualtype_next(&v)) {
         if (frame_visual_depth(conn, screen, v.data->visual_id) == depth)
            return v.data->visual_id;
      }
   }
   return 0;
}

static EGLint
display_init(xcb_connection_t *conn, bool owned, int screen, struct egl_native_display **out)
{
   if (!conn || xcb_connection_has_error(conn))
      return EGL_NOT_INITIALIZED;
   xcb_screen_t *scr = screen_of(conn, screen);
   if (!scr) {
      mgu_info("egl: x11: the X server has no screen %d", screen);
      return EGL_NOT_INITIALIZED;
   }
   struct egl_native_display *nd = calloc(1, sizeof(*nd));
   if (!nd)
      return EGL_BAD_ALLOC;
   nd->conn = conn;
   nd->owned = owned;
   nd->screen = scr;
   nd->visual24 = find_visual(conn, scr, 24);
   nd->visual32 = find_visual(conn, scr, 32);
   const xcb_query_extension_reply_t *ext = xcb_get_extension_data(conn, &xcb_shm_id);
   nd->has_shm = ext && ext->present;
   ext = xcb_get_extension_data(conn, &xcb_present_id);
   nd->has_present = ext && ext->present;
   if (nd->has_present) {
      xcb_present_query_version_reply_t *r =
         xcb_present_query_version_reply(conn, xcb_present_query_version(conn, 1, 0), NULL);
      nd->has_present = r != NULL;
      free(r);
   }
   nd->max_request_bytes = xcb_get_maximum_request_length(conn) * 4u;
   if (getenv("MGL_X11_NO_SHM") && atoi(getenv("MGL_X11_NO_SHM")) > 0)
      nd->has_shm = false; /* test knob: the put_image path */
   mgu_info("egl: x11: screen %d (%ux%u, root depth %u), visuals depth 24 0x%x, depth 32 0x%x, "
            "MIT-SHM %s, Present %s, max request %u bytes",
            screen, scr->width_in_pixels, scr->height_in_pixels, scr->root_depth, nd->visual24,
            nd->visual32, nd->has_shm ? "yes" : "no", nd->has_present ? "yes" : "no",
            nd->max_request_bytes);
   *out = nd;
   return EGL_SUCCESS;
}

EGLint
egl_x11_display_open_xcb(xcb_connection_t *conn, int screen, struct egl_native_display **out)
{
   return display_init(conn, false, screen, out);
}

/* EGL_PLATFORM_X11_SCREEN_KHR / EGL_PLATFORM_XCB_SCREEN_EXT; the key is screen + 1 (0: the
 * native display's default screen). */
static EGLint
check_attribs_screen(const EGLAttrib *attribs, EGLAttrib screen_attr, intptr_t *key)
{
   *key = 0;
   for (const EGLAttrib *a = attribs; a && a[0] != EGL_NONE; a += 2) {
      if (a[0] != screen_attr || a[1] < 0 || a[1] > 255)
         return EGL_BAD_ATTRIBUTE;
      *key = (intptr_t)a[1] + 1;
   }
   return EGL_SUCCESS;
}

static EGLint
x11_check_attribs(const EGLAttrib *attribs, intptr_t *key)
{
   return check_attribs_screen(attribs, EGL_PLATFORM_X11_SCREEN_KHR, key);
}

static EGLint
xcb_check_attribs(const EGLAttrib *attribs, intptr_t *key)
{
   return check_attribs_screen(attribs, EGL_PLATFORM_XCB_SCREEN_EXT, key);
}

static void
display_name(struct egl_native_display *nd, const char *name)
{
   nd->name[0] = 0;
   if (name && strlen(name) < sizeof(nd->name))
      memcpy(nd->name, name, strlen(name) + 1);
}

static EGLint
connect_default(intptr_t key, struct egl_native_display **out)
{
   int screen = 0;
   xcb_connection_t *conn = xcb_connect(NULL, &screen);
   if (xcb_connection_has_error(conn)) {
      const char *name = getenv("DISPLAY");
      mgu_info("egl: x11: cannot connect to the X server (DISPLAY=%s)", name ? name : "unset");
      xcb_disconnect(conn);
      return EGL_NOT_INITIALIZED;
   }
   EGLint err = display_init(conn, true, key ? (int)key - 1 : screen, out);
   if (err != EGL_SUCCESS)
      xcb_disconnect(conn);
   else
      display_name(*out, getenv("DISPLAY"));
   return err;
}

static EGLint
x11_display_open(void *native_display, intptr_t key, struct egl_native_display **out)
{
   if (!native_display)
      return connect_default(key, out);
   Display *dpy = native_display;
   EGLint err =
      display_init(XGetXCBConnection(dpy), false, key ? (int)key - 1 : DefaultScreen(dpy), out);
   if (err == EGL_SUCCESS)
      display_name(*out, DisplayString(dpy));
   return err;
}

static EGLint
xcb_display_open(void *native_display, intptr_t key, struct egl_native_display **out)
{
   if (!native_display)
      return connect_default(key, out);
   /* An xcb connection does not say which screen its owner meant: 0 unless named. */
   return display_init(native_display, false, key ? (int)key - 1 : 0, out);
}

static void
x11_display_close(struct egl_native_display *nd)
{
   if (!nd)
      return;
   if (nd->owned)
      xcb_disconnect(nd->conn);
   free(nd);
}

static bool
x11_config_visual(struct egl_native_display *nd, const struct egl_config *config, EGLint *visual_id,
                  EGLint *visual_type)
{
   /* A config with alpha presents through the ARGB visual when the screen has one (so a
    * compositor can blend it), else through the depth-24 visual, alpha dropped. */
   xcb_visualid_t v = config->alpha_size && nd->visual32 ? nd->visual32 : nd->visual24;
   if (!v)
      v = nd->visual32;
   if (!v)
      return false;
   *visual_id = (EGLint)v;
   *visual_type = XCB_VISUAL_CLASS_TRUE_COLOR;
   return true;
}

/* An Xlib Display's resource_alloc is libX11's _XAllocID (the test glvnd makes too). The
 * pointer may be any platform's display (a wl_display is smaller than a Display): the field is
 * read only when its page is mapped. */
extern XID _XAllocID(Display *dpy);

static bool
x11_is_native_display(void *native_display)
{
   /* A Display is pointer-aligned; anything else is not one (and naming a member through a
    * misaligned pointer would be undefined). */
   if (!native_display || (uintptr_t)native_display % _Alignof(void *) != 0)
      return false;
   void *field = &((_XPrivDisplay)native_display)->resource_alloc;
   const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
   unsigned char residency;
   if (mincore((void *)((uintptr_t)field & ~(page - 1)), page, &residency) != 0)
      return false;
   void *alloc;
   memcpy(&alloc, field, sizeof(alloc));
   return alloc == (void *)_XAllocID;
}

/* ---- windows ------------------------------------------------------------------------------- */

static void
slot_release(struct egl_window *w, struct slot *s)
{
   if (s->busy && !xcb_connection_has_error(w->nd->conn))
      free(xcb_get_input_focus_reply(w->nd->conn, s->fence, NULL));
   s->busy = false;
   if (s->shmid >= 0) {
      if (!xcb_connection_has_error(w->nd->conn))
         xcb_shm_detach(w->nd->conn, s->seg); /* cannot fail: the segment is ours */
      shmdt(s->map);
   }
   s->shmid = -1;
   s->map = NULL;
   s->size = 0;
}

/* A segment of at least size bytes, attached on both sides; false: use put_image. */
static bool
slot_shm(struct egl_window *w, struct slot *s, size_t size)
{
   if (s->shmid >= 0 && s->size >= size)
      return true;
   slot_release(w, s);
   xcb_connection_t *c = w->nd->conn;
   int id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
   if (id < 0)
      return false;
   void *map = shmat(id, NULL, 0);
   if (map == (void *)-1) {
      shmctl(id, IPC_RMID, NULL);
      return false;
   }
   xcb_shm_seg_t seg = xcb_generate_id(c);
   xcb_generic_error_t *e = xcb_request_check(c, xcb_shm_attach_checked(c, seg, (uint32_t)id, 1));
   shmctl(id, IPC_RMID, NULL); /* freed once both sides detach */
   if (e) {
      free(e);
      shmdt(map);
      mgu_info("egl: x11: MIT-SHM attach refused (a remote server?); using xcb_put_image");
      return false;
   }
   s->shmid = id;
   s->seg = seg;
   s->map = map;
   s->size = size;
   return true;
}

static void
pace_select(struct egl_window *w)
{
   xcb_connection_t *c = w->nd->conn;
   if (!w->nd->has_present || w->special)
      return;
   w->eid = xcb_generate_id(c);
   xcb_generic_error_t *e = xcb_request_check(
      c,
      xcb_present_select_input_checked(c, w->eid, w->id, XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY));
   if (e) {
      free(e);
      return;
   }
   w->special = xcb_register_for_special_xge(c, &xcb_present_id, w->eid, NULL);
}

static EGLint
x11_window_create(struct egl_native_display *nd, void *native_window, bool platform_form,
                  const struct egl_config *config, struct egl_window **out)
{
   (void)config;
   xcb_connection_t *c = nd->conn;
   xcb_window_t id = platform_form ? (xcb_window_t) * (const Window *)native_window
                                   : (xcb_window_t)(uintptr_t)native_window;
   if (!id || xcb_connection_has_error(c))
      return EGL_BAD_NATIVE_WINDOW;
   xcb_get_window_attributes_cookie_t ac = xcb_get_window_attributes(c, id);
   xcb_get_geometry_cookie_t gc = xcb_get_geometry(c, id);
   xcb_generic_error_t *e1 = NULL, *e2 = NULL;
   xcb_get_window_attributes_reply_t *attr = xcb_get_window_attributes_reply(c, ac, &e1);
   xcb_get_geometry_reply_t *geo = xcb_get_geometry_reply(c, gc, &e2);
   EGLint err = EGL_SUCCESS;
   uint8_t depth = 0;
   if (!attr || !geo) {
      err = EGL_BAD_NATIVE_WINDOW; /* BadWindow: no such window (or a pixmap) */
   } else if (attr->_class != XCB_WINDOW_CLASS_INPUT_OUTPUT) {
      err = EGL_BAD_NATIVE_WINDOW;
   } else {
      depth = frame_visual_depth(c, nd->screen, attr->visual);
      if (!depth || depth != geo->depth) {
         mgu_info("egl: x11: window 0x%x has visual 0x%x depth %u: mgl presents to TrueColor "
                  "visuals of depth 24 or 32 with 8-bit channels",
                  id, attr->visual, geo->depth);
         err = EGL_BAD_MATCH;
      }
   }
   free(e1);
   free(e2);
   free(attr);
   free(geo);
   if (err != EGL_SUCCESS)
      return err;

   struct egl_window *w = calloc(1, sizeof(*w));
   if (!w)
      return EGL_BAD_ALLOC;
   w->nd = nd;
   w->id = id;
   w->depth = depth;
   w->interval = 1;
   w->shm_ok = nd->has_shm;
   w->nslots = egl_window_frames_in_flight();
   if (w->nslots > MAX_SLOTS)
      w->nslots = MAX_SLOTS;
   for (int i = 0; i < MAX_SLOTS; i++)
      w->slots[i].shmid = -1;
   w->gc = xcb_generate_id(c);
   xcb_generic_error_t *e = xcb_request_check(c, xcb_create_gc_checked(c, w->gc, id, 0, NULL));
   if (e) {
      free(e);
      free(w);
      return EGL_BAD_NATIVE_WINDOW;
   }
   pace_select(w);
   *out = w;
   return EGL_SUCCESS;
}

static bool
x11_get_size(struct egl_window *w, int32_t *width, int32_t *height)
{
   xcb_connection_t *c = w->nd->conn;
   if (w->gone || xcb_connection_has_error(c)) {
      w->gone = true;
      return false;
   }
   const xcb_get_geometry_cookie_t ck = w->size_asked ? w->size_cookie : xcb_get_geometry(c, w->id);
   w->size_asked = false;
   xcb_generic_error_t *e = NULL;
   xcb_get_geometry_reply_t *geo = xcb_get_geometry_reply(c, ck, &e);
   free(e);
   if (!geo) {
      w->gone = true;
      return false;
   }
   *width = geo->width;
   *height = geo->height;
   free(geo);
   return true;
}

static void
x11_size_ask(struct egl_window *w)
{
   xcb_connection_t *c = w->nd->conn;
   if (w->gone || xcb_connection_has_error(c))
      return;
   if (w->size_asked) /* an earlier question nobody took: its answer is stale */
      xcb_discard_reply(c, w->size_cookie.sequence);
   w->size_cookie = xcb_get_geometry(c, w->id);
   w->size_asked = true;
   xcb_flush(c);
}

static int64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

/* Waits for the pending PresentNotifyMSC's complete event, at most PACE_BOUND_NS. */
static void
pace_wait(struct egl_window *w)
{
   if (!w->notify_pending || !w->special)
      return;
   xcb_connection_t *c = w->nd->conn;
   const int64_t deadline = now_ns() + PACE_BOUND_NS;
   bool timed_out = false;
   for (;;) {
      xcb_generic_event_t *ev = xcb_poll_for_special_event(c, w->special);
      if (ev) {
         const xcb_present_complete_notify_event_t *ce = (const void *)ev;
         bool ours = ce->event_type == XCB_PRESENT_COMPLETE_NOTIFY &&
                     ce->kind == XCB_PRESENT_COMPLETE_KIND_NOTIFY_MSC &&
                     ce->serial == w->notify_serial;
         if (ce->event_type == XCB_PRESENT_COMPLETE_NOTIFY)
            w->last_msc = ce->msc;
         free(ev);
         if (ours)
            break;
         continue;
      }
      if (xcb_connection_has_error(c))
         break;
      const int64_t left = deadline - now_ns();
      if (left <= 0) {
         timed_out = true;
         break;
      }
      /* Replies and events are read by whoever waits on the connection (the application may
       * too): sleep briefly and poll again rather than block on the socket. */
      struct timespec ts = {0, left < 1000000 ? left : 1000000};
      nanosleep(&ts, NULL);
   }
   w->notify_pending = false;
   stats_add(0, 0, 0, 0, 1, timed_out ? 1 : 0);
}

static void
pace_after(struct egl_window *w)
{
   if (w->interval < 1 || !w->special)
      return;
   xcb_connection_t *c = w->nd->conn;
   w->notify_serial++;
   /* The first frame asks for "now" (target 0) and learns the MSC from the event. */
   const uint64_t target = w->last_msc ? w->last_msc + (uint64_t)w->interval : 0;
   xcb_void_cookie_t ck = xcb_present_notify_msc_checked(c, w->id, w->notify_serial, target, 0, 0);
   w->notify_pending = true;
   /* Its error (BadWindow) is collected now or never reaches Xlib: xcb keeps a checked
    * request's error until asked, and the wait above does not need it. */
   xcb_discard_reply(c, ck.sequence);
}

/* Copies frame rows [y0, y0 + h) x [x0, x0 + wd) top-down into dst (pitch dst_stride). */
static void
copy_rect(uint8_t *dst, size_t dst_stride, const struct egl_frame *f, int32_t x0, int32_t y0,
          int32_t wd, int32_t h)
{
   for (int32_t y = 0; y < h; y++)
      memcpy(dst + (size_t)y * dst_stride,
             f->top + (ptrdiff_t)(y0 + y) * f->stride + (ptrdiff_t)x0 * 4, (size_t)wd * 4u);
}

/* Checks the void cookies of a frame's requests (after a reply that follows them): false when
 * the window or drawable is gone. */
static bool
check_cookies(xcb_connection_t *c, xcb_void_cookie_t *ck, int n)
{
   bool ok = true;
   for (int i = 0; i < n; i++) {
      xcb_generic_error_t *e = xcb_request_check(c, ck[i]);
      if (e) {
         ok = false;
         free(e);
      }
   }
   return ok;
}

#define MAX_COOKIES 64

static EGLint
x11_present(struct egl_window *w, const struct egl_frame *f)
{
   xcb_connection_t *c = w->nd->conn;
   if (w->gone || xcb_connection_has_error(c)) {
      w->gone = true;
      return EGL_BAD_NATIVE_WINDOW;
   }
   pace_wait(w);

   const struct egl_rect whole = {0, 0, f->width, f->height};
   const struct egl_rect *rects = f->damage_count ? f->damage : &whole;
   const int32_t nrects = f->damage_count ? f->damage_count : 1;
   struct slot *s = &w->slots[w->next_slot];
   w->next_slot = (w->next_slot + 1) % w->nslots;
   if (s->busy) { /* the X server may still read this segment: wait until it has */
      free(xcb_get_input_focus_reply(c, s->fence, NULL));
      s->busy = false;
   }
   const size_t pitch = (size_t)f->width * 4u, size = pitch * (size_t)f->height;
   xcb_void_cookie_t ck[MAX_COOKIES];
   int nck = 0;
   uint64_t bytes = 0, puts = 0;
   bool shm = w->shm_ok && slot_shm(w, s, size);
   if (!shm)
      w->shm_ok = false;
   if (shm) {
      for (int32_t i = 0; i < nrects; i++) {
         const struct egl_rect *r = &rects[i];
         copy_rect(s->map + (size_t)r->y * pitch + (size_t)r->x * 4u, pitch, f, r->x, r->y,
                   r->width, r->height);
         xcb_void_cookie_t k = xcb_shm_put_image_checked(
            c, w->id, w->gc, (uint16_t)f->width, (uint16_t)f->height, (uint16_t)r->x,
            (uint16_t)r->y, (uint16_t)r->width, (uint16_t)r->height, (int16_t)r->x, (int16_t)r->y,
            w->depth, XCB_IMAGE_FORMAT_Z_PIXMAP, 0, s->seg, 0);
         if (nck < MAX_COOKIES)
            ck[nck++] = k;
         else
            xcb_discard_reply(c, k.sequence);
         bytes += (uint64_t)r->width * (uint64_t)r->height * 4u;
      }
   } else {
      if (!mgu_array_reserve_exact(w->staging, w->staging_size, size))
         return EGL_BAD_ALLOC;
      const size_t header = sizeof(xcb_put_image_request_t);
      for (int32_t i = 0; i < nrects; i++) {
         const struct egl_rect *r = &rects[i];
         const size_t row = (size_t)r->width * 4u;
         copy_rect(w->staging, row, f, r->x, r->y, r->width, r->height);
         size_t rows_per =
            w->nd->max_request_bytes > header + row ? (w->nd->max_request_bytes - header) / row : 1;
         for (int32_t y = 0; y < r->height; y += (int32_t)rows_per) {
            int32_t n = r->height - y < (int32_t)rows_per ? r->height - y : (int32_t)rows_per;
            xcb_void_cookie_t k =
               xcb_put_image_checked(c, XCB_IMAGE_FORMAT_Z_PIXMAP, w->id, w->gc, (uint16_t)r->width,
                                     (uint16_t)n, (int16_t)r->x, (int16_t)(r->y + y), 0, w->depth,
                                     (uint32_t)(row * (size_t)n), w->staging + row * (size_t)y);
            if (nck < MAX_COOKIES)
               ck[nck++] = k;
            else
               xcb_discard_reply(c, k.sequence);
            puts++;
         }
         bytes += row * (size_t)r->height;
      }
   }
   /* A reply that follows the puts: the slot's fence, and the point after which their errors
    * are known without another round trip. */
   s->fence = xcb_get_input_focus(c);
   s->busy = true;
   pace_after(w);
   xcb_flush(c);
   stats_add(1, shm ? 1 : 0, puts, bytes, 0, 0);
   if (!shm || w->pixmap) {
      /* The staging buffer is reused at once: the requests are written out already, but wait
       * for the server so that errors are known now. A pixmap holds the frame when this
       * returns (eglWaitClient, eglCopyBuffers): any connection reads it after that. */
      free(xcb_get_input_focus_reply(c, s->fence, NULL));
      s->busy = false;
      if (!check_cookies(c, ck, nck)) {
         w->gone = true;
         return EGL_BAD_NATIVE_WINDOW;
      }
      return EGL_SUCCESS;
   }
   /* The SHM puts' errors are collected when the slot comes round again; a window gone since
    * is seen by get_size right after this present anyway. Collect them now, without a wait,
    * when the server has answered already. */
   if (xcb_connection_has_error(c)) {
      w->gone = true;
      return EGL_BAD_NATIVE_WINDOW;
   }
   for (int i = 0; i < nck; i++)
      xcb_discard_reply(c, ck[i].sequence);
   return EGL_SUCCESS;
}

/* ---- the shared present (egl_window.h): the frame already in a memfd the X server maps ---- */

static int
x11_shared_slots(struct egl_window *w)
{
   return w->shm_ok && !w->pixmap && !w->shared_refused ? w->nslots : 0;
}

static void
x11_shared_wait(struct egl_window *w, int slot)
{
   struct slot *s = &w->slots[slot];
   if (s->busy) { /* the reply follows the put that read this store */
      if (!xcb_connection_has_error(w->nd->conn))
         free(xcb_get_input_focus_reply(w->nd->conn, s->fence, NULL));
      s->busy = false;
   }
}

/* The memfd attached as the window's shared segment; false: the X server cannot map it. */
static bool
shared_attach(struct egl_window *w, int fd)
{
   struct stat sb;
   if (fstat(fd, &sb) != 0)
      return false;
   if (w->shared_attached && w->shared_dev == sb.st_dev && w->shared_ino == sb.st_ino)
      return true;
   xcb_connection_t *c = w->nd->conn;
   if (w->shared_attached) { /* another session's heap: no frame of the old one is queued */
      for (int i = 0; i < w->nslots; i++)
         x11_shared_wait(w, i);
      xcb_shm_detach(c, w->shared_seg);
      w->shared_attached = false;
   }
   const int dup_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0); /* xcb sends and closes it */
   if (dup_fd < 0)
      return false;
   const xcb_shm_seg_t seg = xcb_generate_id(c);
   xcb_generic_error_t *e = xcb_request_check(c, xcb_shm_attach_fd_checked(c, seg, dup_fd, 1));
   if (e) {
      free(e);
      w->shared_refused = true;
      mgu_info("egl: x11: the X server refused the present stores' memfd (MIT-SHM 1.2 "
               "AttachFd); frames are copied into its segments");
      return false;
   }
   w->shared_attached = true;
   w->shared_seg = seg;
   w->shared_dev = sb.st_dev;
   w->shared_ino = sb.st_ino;
   return true;
}

static EGLint
x11_shared_present(struct egl_window *w, const struct egl_frame *f, int slot, int fd,
                   uint64_t fd_offset)
{
   xcb_connection_t *c = w->nd->conn;
   if (w->gone || xcb_connection_has_error(c)) {
      w->gone = true;
      return EGL_BAD_NATIVE_WINDOW;
   }
   /* ShmPutImage's offset is 32 bits; frames past 4 GiB of the memfd are copied instead. */
   if (fd_offset > UINT32_MAX - (uint64_t)f->stride * (uint64_t)f->height ||
       !shared_attach(w, fd)) {
      x11_shared_wait(w, slot);
      return x11_present(w, f);
   }
   pace_wait(w);
   const struct egl_rect whole = {0, 0, f->width, f->height};
   const struct egl_rect *rects = f->damage_count ? f->damage : &whole;
   const int32_t nrects = f->damage_count ? f->damage_count : 1;
   struct slot *s = &w->slots[slot];
   x11_shared_wait(w, slot);
   uint64_t bytes = 0;
   for (int32_t i = 0; i < nrects; i++) {
      const struct egl_rect *r = &rects[i];
      /* Checked, so that an error never reaches the application's queue; dropped: a window
       * gone is seen by get_size right after this present. */
      const xcb_void_cookie_t k = xcb_shm_put_image_checked(
         c, w->id, w->gc, (uint16_t)f->width, (uint16_t)f->height, (uint16_t)r->x, (uint16_t)r->y,
         (uint16_t)r->width, (uint16_t)r->height, (int16_t)r->x, (int16_t)r->y, w->depth,
         XCB_IMAGE_FORMAT_Z_PIXMAP, 0, w->shared_seg, (uint32_t)fd_offset);
      xcb_discard_reply(c, k.sequence);
      bytes += (uint64_t)r->width * (uint64_t)r->height * 4u;
   }
   s->fence = xcb_get_input_focus(c);
   s->busy = true;
   pace_after(w);
   xcb_flush(c);
   stats_add(1, 1, 0, bytes, 0, 0);
   return xcb_connection_has_error(c) ? (w->gone = true, EGL_BAD_NATIVE_WINDOW) : EGL_SUCCESS;
}

static void
x11_set_swap_interval(struct egl_window *w, int interval)
{
   w->interval = interval < 0 ? 0 : interval;
}

static void
x11_window_destroy(struct egl_window *w)
{
   if (!w)
      return;
   xcb_connection_t *c = w->nd->conn;
   const bool live = !xcb_connection_has_error(c);
   if (w->size_asked)
      xcb_discard_reply(c, w->size_cookie.sequence);
   for (int i = 0; i < MAX_SLOTS; i++)
      slot_release(w, &w->slots[i]); /* waits for the puts: no store is read after this */
   if (live && w->shared_attached)
      xcb_shm_detach(c, w->shared_seg);
   if (live) {
      xcb_free_gc(c, w->gc); /* cannot fail: the GC is ours */
      if (w->special) {
         if (!w->gone) {
            xcb_void_cookie_t k = xcb_present_select_input_checked(c, w->eid, w->id, 0);
            xcb_discard_reply(c, k.sequence);
         }
      }
      xcb_flush(c);
   }
   if (w->special)
      xcb_unregister_for_special_event(c, w->special);
   free(w->staging);
   free(w);
   struct egl_x11_stats st;
   egl_x11_stats_get(&st);
   mgu_info("egl: x11: so far %llu frames presented (%llu through MIT-SHM, %llu put_image "
            "requests), %llu pixel bytes, %llu paced waits (%llu ended on the bound)",
            (unsigned long long)st.frames, (unsigned long long)st.shm_frames,
            (unsigned long long)st.put_requests, (unsigned long long)st.bytes,
            (unsigned long long)st.paced_waits, (unsigned long long)st.pace_timeouts);
}

static uintptr_t
x11_native_id(struct egl_window *w)
{
   return w->id;
}

/* An application's own xcb connection has no name: $DISPLAY is that display only when a
 * property written to the window through the application's connection reads back the same
 * through a connection to $DISPLAY. */
static bool
probe_display(struct egl_window *win, char *name, size_t size)
{
   const char *env = getenv("DISPLAY");
   if (!env || strlen(env) >= size)
      return false;
   xcb_connection_t *app = win->nd->conn;
   static const char atom_name[] = "_MGL_DISPLAY_PROBE";
   xcb_intern_atom_reply_t *atom =
      xcb_intern_atom_reply(app, xcb_intern_atom(app, 0, sizeof(atom_name) - 1, atom_name), NULL);
   if (!atom)
      return false;
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   uint32_t token[4] = {(uint32_t)getpid(), (uint32_t)ts.tv_nsec, (uint32_t)ts.tv_sec, win->id};
   bool same = false;
   xcb_void_cookie_t ck = xcb_change_property_checked(app, XCB_PROP_MODE_REPLACE, win->id,
                                                      atom->atom, XCB_ATOM_CARDINAL, 32, 4, token);
   xcb_generic_error_t *err = xcb_request_check(app, ck);
   if (!err) {
      xcb_connection_t *c = xcb_connect(env, NULL);
      if (!xcb_connection_has_error(c)) {
         xcb_get_property_reply_t *r = xcb_get_property_reply(
            c, xcb_get_property(c, 0, win->id, atom->atom, XCB_ATOM_CARDINAL, 0, 4), NULL);
         same = r && xcb_get_property_value_length(r) == (int)sizeof(token) &&
                !memcmp(xcb_get_property_value(r), token, sizeof(token));
         free(r);
      }
      xcb_disconnect(c);
      xcb_delete_property(app, win->id, atom->atom);
      xcb_flush(app);
   }
   free(err);
   free(atom);
   if (same)
      memcpy(name, env, strlen(env) + 1);
   return same;
}

static bool
x11_server_token(struct egl_window *win, uint32_t *window, char *display, size_t display_size)
{
   if (win->gone)
      return false;
   const size_t n = strlen(win->nd->name);
   if (n && n < display_size) {
      memcpy(display, win->nd->name, n + 1);
   } else {
      if (!win->probed) {
         win->probed = true;
         win->probe_ok = probe_display(win, win->probe_name, sizeof(win->probe_name));
      }
      if (!win->probe_ok || strlen(win->probe_name) >= display_size)
         return false;
      memcpy(display, win->probe_name, strlen(win->probe_name) + 1);
   }
   /* The swap is paced here as x11_present paces it: the server's FIFO is not paced by the
    * X server's refresh on every driver (lavapipe on Xvfb: 2.4 ms/frame at interval 1). */
   pace_wait(win);
   pace_after(win);
   *window = win->id;
   return true;
}

/* ---- pixmaps ------------------------------------------------------------------------------- */

/* A pixmap as an egl_window: the same copy path writes it (present), get_size is its size. It
 * is a pixmap when the drawable exists (GetGeometry) and is not a window (GetWindowAttributes
 * fails); its depth is 24 or 32 with 32-bit ZPixmap pixels, and the config's (an alpha config
 * writes depth-32 pixmaps, an RGB one depth-24), as Mesa's X11 platform requires. */
static EGLint
pixmap_create(struct egl_native_display *nd, xcb_pixmap_t id, const struct egl_config *config,
              struct egl_window **out, int *depth_out)
{
   xcb_connection_t *c = nd->conn;
   if (!id || xcb_connection_has_error(c))
      return EGL_BAD_NATIVE_PIXMAP;
   xcb_get_window_attributes_cookie_t ac = xcb_get_window_attributes(c, id);
   xcb_get_geometry_cookie_t gc = xcb_get_geometry(c, id);
   xcb_generic_error_t *e1 = NULL, *e2 = NULL;
   xcb_get_window_attributes_reply_t *attr = xcb_get_window_attributes_reply(c, ac, &e1);
   xcb_get_geometry_reply_t *geo = xcb_get_geometry_reply(c, gc, &e2);
   EGLint err = EGL_SUCCESS;
   uint8_t depth = 0;
   if (!geo || attr) {
      err = EGL_BAD_NATIVE_PIXMAP; /* no such drawable, or a window */
   } else {
      depth = geo->depth;
      const int want = config ? (config->alpha_size ? 32 : 24) : 0;
      if ((depth != 24 && depth != 32) || zpixmap_bpp(c, depth) != 32 || (want && depth != want)) {
         mgu_info("egl: x11: pixmap 0x%x has depth %u: the config writes depth %d pixmaps", id,
                  depth, want ? want : 24);
         err = EGL_BAD_MATCH;
      }
   }
   free(e1);
   free(e2);
   free(attr);
   free(geo);
   if (err != EGL_SUCCESS)
      return err;
   struct egl_window *w = calloc(1, sizeof(*w));
   if (!w)
      return EGL_BAD_ALLOC;
   w->nd = nd;
   w->id = id;
   w->depth = depth;
   w->pixmap = true;
   w->shm_ok = nd->has_shm;
   w->nslots = 1;
   for (int i = 0; i < MAX_SLOTS; i++)
      w->slots[i].shmid = -1;
   w->gc = xcb_generate_id(c);
   xcb_generic_error_t *e = xcb_request_check(c, xcb_create_gc_checked(c, w->gc, id, 0, NULL));
   if (e) {
      free(e);
      free(w);
      return EGL_BAD_NATIVE_PIXMAP;
   }
   *out = w;
   *depth_out = depth;
   return EGL_SUCCESS;
}

static EGLint
x11_pixmap_create(struct egl_native_display *nd, void *native_pixmap, bool platform_form,
                  const struct egl_config *config, struct egl_window **out, int *depth)
{
   const xcb_pixmap_t id = platform_form ? (xcb_pixmap_t) * (const Pixmap *)native_pixmap
                                         : (xcb_pixmap_t)(uintptr_t)native_pixmap;
   return pixmap_create(nd, id, config, out, depth);
}

static EGLint
xcb_pixmap_create(struct egl_native_display *nd, void *native_pixmap, bool platform_form,
                  const struct egl_config *config, struct egl_window **out, int *depth)
{
   /* XCB's pixmap handle is an xcb_pixmap_t, an X11 one a Pixmap (unsigned long). */
   const xcb_pixmap_t id =
      platform_form ? *(const xcb_pixmap_t *)native_pixmap : (xcb_pixmap_t)(uintptr_t)native_pixmap;
   return pixmap_create(nd, id, config, out, depth);
}

static const struct egl_window_ops x11_window_ops = {
   .get_size = x11_get_size,
   .present = x11_present,
   .set_swap_interval = x11_set_swap_interval,
   .destroy = x11_window_destroy,
   .native_id = x11_native_id,
   .server_token = x11_server_token,
   .shared_slots = x11_shared_slots,
   .shared_wait = x11_shared_wait,
   .shared_present = x11_shared_present,
   .size_ask = x11_size_ask,
};

static EGLint
xcb_window_create(struct egl_native_display *nd, void *native_window, bool platform_form,
                  const struct egl_config *config, struct egl_window **out)
{
   /* XCB's window handle is an xcb_window_t, an X11 one a Window (unsigned long). */
   Window id = platform_form ? (Window) * (const xcb_window_t *)native_window
                             : (Window)(uintptr_t)native_window;
   return x11_window_create(nd, &id, true, config, out);
}

const struct egl_platform egl_platform_x11 = {
   .platform = EGL_PLATFORM_X11_KHR,
   .name = "x11",
   .check_attribs = x11_check_attribs,
   .display_open = x11_display_open,
   .display_close = x11_display_close,
   .config_visual = x11_config_visual,
   .window_create = x11_window_create,
   .window = &x11_window_ops,
   .is_native_display = x11_is_native_display,
   .pixmap_create = x11_pixmap_create,
};

const struct egl_platform egl_platform_xcb = {
   .platform = EGL_PLATFORM_XCB_EXT,
   .name = "xcb",
   .check_attribs = xcb_check_attribs,
   .display_open = xcb_display_open,
   .display_close = x11_display_close,
   .config_visual = x11_config_visual,
   .window_create = xcb_window_create,
   .window = &x11_window_ops,
   .pixmap_create = xcb_pixmap_create,
};
