/* glx_config.c — FBConfigs and visuals: each screen's configs are made from its X visuals,
 * glXChooseFBConfig selects by GLX 1.4's exact / minimum / mask criteria with its defaults and
 * DONT_CARE and sorts by its order; glXGetFBConfigAttrib, glXGetVisualFromFBConfig, and
 * the GLX 1.2 visual calls glXChooseVisual and glXGetConfig.
 *
 * Configs: for every TrueColor or DirectColor visual of depth 24 (RGB8, alpha 0) or 32 (RGBA8)
 * whose masks are 0xff0000/0xff00/0xff (the BGRA bytes the window layer presents), single-
 * sampled configs: depth 24 with stencil 8 and a 16-bit accumulation buffer (the visual's first,
 * the one GLX 1.2 contexts and windows of the visual get, as Mesa's llvmpipe visuals have one),
 * depth 24 with stencil 8, depth 24 without stencil (programs that score stencil out, as glmark2
 * does, pick it) and neither; and a 2-, 4- and 8-sample config with depth 24 and stencil 8 where
 * the device renders that many samples (fe_config_sample_counts; resolved at each swap and
 * before reads); all double-buffered, RGBA, for
 * windows, pbuffers and pixmaps of the visual's depth. There are no single-buffered or
 * colour-index configs. The accumulation buffer costs nothing until a compatibility context
 * first accumulates into it (fe_compat_accum.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <X11/Xutil.h>

#include "glx_internal.h"
#include "log.h"

/* GLX_DONT_CARE is 0xFFFFFFFF, an int in attribute lists. */
#define DONT_CARE ((int)GLX_DONT_CARE)
#define GLX_API_BITS (EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT)

static bool
visual_usable(const XVisualInfo *v)
{
   return (v->class == TrueColor || v->class == DirectColor) &&
          (v->depth == 24 || v->depth == 32) && v->red_mask == 0xff0000 &&
          v->green_mask == 0xff00 && v->blue_mask == 0xff && v->bits_per_rgb >= 8;
}

bool glx_config_build_screen(struct glx_display *gd, int screen, struct glx_screen *out);

bool
glx_config_build_screen(struct glx_display *gd, int screen, struct glx_screen *out)
{
   XVisualInfo tmpl = {.screen = screen};
   int n = 0;
   XVisualInfo *vis = XGetVisualInfo(gd->dpy, VisualScreenMask, &tmpl, &n);
   static const struct {
      int depth, stencil, samples, accum;
   } ds_shapes[] = {{24, 8, 0, 16}, {24, 8, 0, 0}, {24, 0, 0, 0}, {0, 0, 0, 0},
                    {24, 8, 2, 0},  {24, 8, 4, 0}, {24, 8, 8, 0}};
   const size_t per_visual = sizeof(ds_shapes) / sizeof(ds_shapes[0]);
   /* the sample counts the device renders (the backend's caps, read before any context) */
   const uint32_t counts = fe_config_sample_counts();
   out->configs = calloc((size_t)(n > 0 ? n : 1) * per_visual, sizeof(*out->configs));
   if (!out->configs) {
      XFree(vis);
      return false;
   }
   out->count = 0;
   for (int i = 0; i < n; i++) {
      if (!visual_usable(&vis[i]))
         continue;
      for (size_t ds = 0; ds < per_visual; ds++) {
         if (ds_shapes[ds].samples && !(counts & (uint32_t)ds_shapes[ds].samples))
            continue;
         struct glx_config *c = &out->configs[out->count];
         bool alpha = vis[i].depth == 32;
         c->shape = (struct egl_config){
            .config_id = out->count + 1,
            .red_size = 8,
            .green_size = 8,
            .blue_size = 8,
            .alpha_size = alpha ? 8 : 0,
            .buffer_size = alpha ? 32 : 24,
            .depth_size = ds_shapes[ds].depth,
            .stencil_size = ds_shapes[ds].stencil,
            .sample_buffers = ds_shapes[ds].samples ? 1 : 0,
            .samples = ds_shapes[ds].samples,
            .accum_size = ds_shapes[ds].accum,
            .surface_type = EGL_WINDOW_BIT | EGL_PBUFFER_BIT,
            .renderable_type = GLX_API_BITS,
            .conformant = GLX_API_BITS,
         };
         c->screen = screen;
         c->visual_id = vis[i].visualid;
         c->visual_class = vis[i].class;
         c->visual_depth = vis[i].depth;
         c->drawable_type = GLX_WINDOW_BIT | GLX_PBUFFER_BIT | GLX_PIXMAP_BIT;
         out->count++;
      }
   }
   XFree(vis);
   mgu_debug("glx: screen %d: %d configs", screen, out->count);
   return true;
}

const struct glx_config *
glx_config_lookup(struct glx_display *gd, GLXFBConfig config)
{
   if (!config)
      return NULL;
   for (int s = 0; s < gd->screen_count; s++) {
      if (!gd->screens_built[s])
         continue;
      /* By address: a handle inside the screen's array, on an element boundary. */
      const struct glx_screen *scr = &gd->screens[s];
      uintptr_t p = (uintptr_t)config, base = (uintptr_t)scr->configs;
      if (p >= base && p < base + (uintptr_t)scr->count * sizeof(*scr->configs) &&
          (p - base) % sizeof(*scr->configs) == 0)
         return &scr->configs[(p - base) / sizeof(*scr->configs)];
   }
   return NULL;
}

bool
glx_configs_compatible(const struct glx_config *a, const struct glx_config *b)
{
   return a->screen == b->screen && egl_configs_compatible(&a->shape, &b->shape);
}

/* Every attribute glXGetFBConfigAttrib answers. */
static bool
config_attrib(const struct glx_config *c, int attr, int *v)
{
   const struct egl_config *s = &c->shape;
   switch (attr) {
   case GLX_FBCONFIG_ID: *v = s->config_id; return true;
   case GLX_BUFFER_SIZE: *v = s->buffer_size; return true;
   case GLX_LEVEL: *v = 0; return true;
   case GLX_DOUBLEBUFFER: *v = True; return true;
   case GLX_STEREO: *v = False; return true;
   case GLX_AUX_BUFFERS: *v = 0; return true;
   case GLX_RED_SIZE: *v = s->red_size; return true;
   case GLX_GREEN_SIZE: *v = s->green_size; return true;
   case GLX_BLUE_SIZE: *v = s->blue_size; return true;
   case GLX_ALPHA_SIZE: *v = s->alpha_size; return true;
   case GLX_DEPTH_SIZE: *v = s->depth_size; return true;
   case GLX_STENCIL_SIZE: *v = s->stencil_size; return true;
   case GLX_ACCUM_RED_SIZE:
   case GLX_ACCUM_GREEN_SIZE:
   case GLX_ACCUM_BLUE_SIZE:
   case GLX_ACCUM_ALPHA_SIZE: *v = s->accum_size; return true;
   case GLX_SAMPLE_BUFFERS: *v = s->sample_buffers; return true;
   case GLX_SAMPLES: *v = s->samples; return true;
   case GLX_RENDER_TYPE: *v = GLX_RGBA_BIT; return true;
   case GLX_DRAWABLE_TYPE: *v = c->drawable_type; return true;
   case GLX_X_RENDERABLE: *v = True; return true;
   case GLX_VISUAL_ID: *v = (int)c->visual_id; return true;
   case GLX_X_VISUAL_TYPE:
      *v = c->visual_class == TrueColor ? GLX_TRUE_COLOR : GLX_DIRECT_COLOR;
      return true;
   case GLX_CONFIG_CAVEAT: *v = GLX_NONE; return true;
   case GLX_TRANSPARENT_TYPE: *v = GLX_NONE; return true;
   case GLX_TRANSPARENT_INDEX_VALUE:
   case GLX_TRANSPARENT_RED_VALUE:
   case GLX_TRANSPARENT_GREEN_VALUE:
   case GLX_TRANSPARENT_BLUE_VALUE:
   case GLX_TRANSPARENT_ALPHA_VALUE: *v = 0; return true;
   case GLX_MAX_PBUFFER_WIDTH:
   case GLX_MAX_PBUFFER_HEIGHT: *v = GLX_MAX_PBUFFER_SIZE; return true;
   case GLX_MAX_PBUFFER_PIXELS: *v = GLX_MAX_PBUFFER_SIZE * GLX_MAX_PBUFFER_SIZE; return true;
   case GLX_SCREEN: *v = c->screen; return true;
   case GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB: *v = False; return true;
   default: return false;
   }
}

int
mgl_glXGetFBConfigAttrib(Display *dpy, GLXFBConfig config, int attribute, int *value)
{
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   const struct glx_config *c = gd ? glx_config_lookup(gd, config) : NULL;
   int v = 0;
   bool known = c && config_attrib(c, attribute, &v);
   glx_unlock();
   if (!c)
      return GLX_ERR_BAD_FBCONFIG; /* as Mesa: the error's number (no GLX_BAD_* names it) */
   if (!known) {
      mgu_debug("glx: glXGetFBConfigAttrib: attribute 0x%x is not one mgl knows", attribute);
      return GLX_BAD_ATTRIBUTE;
   }
   if (value)
      *value = v;
   return Success;
}

/* ---- glXChooseFBConfig ---------------------------------------------------------------------- */

enum match { MATCH_EXACT, MATCH_MIN, MATCH_MASK, MATCH_IGNORE };

struct attr_rule {
   int attr;
   enum match match;
   int def;
};

/* GLX 1.4 table 3.4 (selection criteria and defaults), plus GLX_VISUAL_ID, GLX_SCREEN's
 * neighbours and sRGB as exact matches. */
static const struct attr_rule rules[] = {
   {GLX_FBCONFIG_ID, MATCH_EXACT, DONT_CARE},
   {GLX_BUFFER_SIZE, MATCH_MIN, 0},
   {GLX_LEVEL, MATCH_EXACT, 0},
   {GLX_DOUBLEBUFFER, MATCH_EXACT, DONT_CARE},
   {GLX_STEREO, MATCH_EXACT, False},
   {GLX_AUX_BUFFERS, MATCH_MIN, 0},
   {GLX_RED_SIZE, MATCH_MIN, 0},
   {GLX_GREEN_SIZE, MATCH_MIN, 0},
   {GLX_BLUE_SIZE, MATCH_MIN, 0},
   {GLX_ALPHA_SIZE, MATCH_MIN, 0},
   {GLX_DEPTH_SIZE, MATCH_MIN, 0},
   {GLX_STENCIL_SIZE, MATCH_MIN, 0},
   {GLX_ACCUM_RED_SIZE, MATCH_MIN, 0},
   {GLX_ACCUM_GREEN_SIZE, MATCH_MIN, 0},
   {GLX_ACCUM_BLUE_SIZE, MATCH_MIN, 0},
   {GLX_ACCUM_ALPHA_SIZE, MATCH_MIN, 0},
   {GLX_SAMPLE_BUFFERS, MATCH_MIN, 0},
   {GLX_SAMPLES, MATCH_MIN, 0},
   {GLX_RENDER_TYPE, MATCH_MASK, GLX_RGBA_BIT},
   {GLX_DRAWABLE_TYPE, MATCH_MASK, GLX_WINDOW_BIT},
   {GLX_X_RENDERABLE, MATCH_EXACT, DONT_CARE},
   {GLX_X_VISUAL_TYPE, MATCH_EXACT, DONT_CARE},
   {GLX_CONFIG_CAVEAT, MATCH_EXACT, DONT_CARE},
   {GLX_TRANSPARENT_TYPE, MATCH_EXACT, GLX_NONE},
   {GLX_TRANSPARENT_INDEX_VALUE, MATCH_EXACT, DONT_CARE},
   {GLX_TRANSPARENT_RED_VALUE, MATCH_EXACT, DONT_CARE},
   {GLX_TRANSPARENT_GREEN_VALUE, MATCH_EXACT, DONT_CARE},
   {GLX_TRANSPARENT_BLUE_VALUE, MATCH_EXACT, DONT_CARE},
   {GLX_TRANSPARENT_ALPHA_VALUE, MATCH_EXACT, DONT_CARE},
   {GLX_VISUAL_ID, MATCH_EXACT, DONT_CARE},
   {GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB, MATCH_EXACT, DONT_CARE},
   {GLX_MAX_PBUFFER_WIDTH, MATCH_IGNORE, 0},
   {GLX_MAX_PBUFFER_HEIGHT, MATCH_IGNORE, 0},
   {GLX_MAX_PBUFFER_PIXELS, MATCH_IGNORE, 0},
};
#define RULE_COUNT ((int)(sizeof(rules) / sizeof(rules[0])))

struct request {
   int want[RULE_COUNT];
   bool given[RULE_COUNT];
};

static int
rule_index(int attr)
{
   for (int i = 0; i < RULE_COUNT; i++) {
      if (rules[i].attr == attr)
         return i;
   }
   return -1;
}

static int
rule_value(const struct request *r, int attr)
{
   return r->want[rule_index(attr)];
}

/* false: an attribute mgl does not know (named in the log). */
static bool
parse_request(const int *attrib_list, struct request *r, const char *func)
{
   for (int i = 0; i < RULE_COUNT; i++) {
      r->want[i] = rules[i].def;
      r->given[i] = false;
   }
   for (const int *a = attrib_list; a && a[0] != None; a += 2) {
      int i = rule_index(a[0]);
      if (i < 0) {
         mgu_info("glx: %s: attribute 0x%x is not one mgl knows: no config matches", func, a[0]);
         return false;
      }
      r->want[i] = a[1];
      r->given[i] = true;
   }
   return true;
}

static bool
config_matches(const struct glx_config *c, const struct request *r)
{
   int id = rule_value(r, GLX_FBCONFIG_ID);
   if (id != DONT_CARE) {
      int v;
      config_attrib(c, GLX_FBCONFIG_ID, &v);
      return v == id; /* the spec: every other attribute is ignored */
   }
   for (int i = 0; i < RULE_COUNT; i++) {
      int want = r->want[i];
      if (rules[i].match == MATCH_IGNORE || want == DONT_CARE)
         continue;
      int have;
      if (!config_attrib(c, rules[i].attr, &have))
         return false;
      switch (rules[i].match) {
      case MATCH_EXACT:
         if (have != want)
            return false;
         break;
      case MATCH_MIN:
         if (have < want)
            return false;
         break;
      case MATCH_MASK:
         if ((have & want) != want)
            return false;
         break;
      case MATCH_IGNORE: break;
      }
   }
   return true;
}

static const struct request *sort_request; /* qsort has no context argument; under the lock */

static int
attr_of(const struct glx_config *c, int attr)
{
   int v = 0;
   config_attrib(c, attr, &v);
   return v;
}

/* GLX 1.4 table 3.5: the colour (and accumulation) sizes count only where the request named a
 * size above 0. */
static int
requested_bits(const struct glx_config *c, const int attrs[4])
{
   int sum = 0;
   for (int i = 0; i < 4; i++) {
      int want = rule_value(sort_request, attrs[i]);
      if (want != DONT_CARE && want > 0)
         sum += attr_of(c, attrs[i]);
   }
   return sum;
}

static int
config_cmp(const void *pa, const void *pb)
{
   const struct glx_config *a = *(const struct glx_config *const *)pa;
   const struct glx_config *b = *(const struct glx_config *const *)pb;
   int d;
   static const int color[4] = {GLX_RED_SIZE, GLX_GREEN_SIZE, GLX_BLUE_SIZE, GLX_ALPHA_SIZE};
   static const int accum[4] = {GLX_ACCUM_RED_SIZE, GLX_ACCUM_GREEN_SIZE, GLX_ACCUM_BLUE_SIZE,
                                GLX_ACCUM_ALPHA_SIZE};
   if ((d = requested_bits(b, color) - requested_bits(a, color)))
      return d; /* larger first */
   static const struct {
      int attr;
      int sign; /* +1 smaller first, -1 larger first */
   } order[] = {
      {GLX_BUFFER_SIZE, 1}, {GLX_DOUBLEBUFFER, 1}, {GLX_AUX_BUFFERS, 1},  {GLX_SAMPLE_BUFFERS, 1},
      {GLX_SAMPLES, 1},     {GLX_DEPTH_SIZE, -1},  {GLX_STENCIL_SIZE, 1},
   };
   for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
      if ((d = attr_of(a, order[i].attr) - attr_of(b, order[i].attr)))
         return d * order[i].sign;
   }
   if ((d = requested_bits(b, accum) - requested_bits(a, accum)))
      return d; /* larger first, after the stencil size */
   /* X visual type: TrueColor before DirectColor (the spec's order). */
   if ((d = (a->visual_class != TrueColor) - (b->visual_class != TrueColor)))
      return d;
   return a->shape.config_id - b->shape.config_id;
}

/* The matching configs of a screen, sorted; NULL with *n 0 when none or on error. */
static const struct glx_config **
choose(struct glx_display *gd, int screen, const int *attrib_list, int *n, const char *func)
{
   *n = 0;
   const struct glx_screen *scr = glx_display_screen(gd, screen);
   if (!scr)
      return NULL;
   struct request r;
   if (!parse_request(attrib_list, &r, func))
      return NULL;
   const struct glx_config **list = calloc((size_t)(scr->count ? scr->count : 1), sizeof(*list));
   if (!list)
      return NULL;
   int count = 0;
   for (int i = 0; i < scr->count; i++) {
      if (config_matches(&scr->configs[i], &r))
         list[count++] = &scr->configs[i];
   }
   sort_request = &r;
   qsort(list, (size_t)count, sizeof(*list), config_cmp);
   sort_request = NULL;
   if (!count) {
      /* Say what was asked: the application's own message rarely does. */
      char text[512];
      size_t used = 0;
      text[0] = '\0';
      for (const int *a = attrib_list; a && a[0] != None && used < sizeof(text) - 32; a += 2)
         used += (size_t)snprintf(text + used, sizeof(text) - used, " 0x%x=%d", a[0], a[1]);
      mgu_info("glx: %s: no config of screen %d matches%s", func, screen, text);
      free(list);
      return NULL;
   }
   *n = count;
   return list;
}

/* The caller frees the list with XFree, which is free() in Xlib. */
static GLXFBConfig *
to_xlist(const struct glx_config **list, int n)
{
   GLXFBConfig *out = n > 0 ? malloc((size_t)n * sizeof(*out)) : NULL;
   for (int i = 0; out && i < n; i++)
      out[i] = (GLXFBConfig)list[i];
   return out;
}

GLXFBConfig *
mgl_glXChooseFBConfig(Display *dpy, int screen, const int *attrib_list, int *nitems)
{
   static const char func[] = "glXChooseFBConfig";
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   bool bad_screen = !gd || screen < 0 || screen >= gd->screen_count;
   int n = 0;
   const struct glx_config **list = bad_screen ? NULL : choose(gd, screen, attrib_list, &n, func);
   GLXFBConfig *out = to_xlist(list, n);
   glx_unlock();
   free(list);
   if (!out)
      n = 0;
   if (nitems)
      *nitems = n;
   if (bad_screen)
      glx_send_error(dpy, BadValue, false, (XID)screen, GLX_OP_GET_FBCONFIGS, func,
                     "no such screen");
   return out;
}

GLXFBConfig *
mgl_glXGetFBConfigs(Display *dpy, int screen, int *nelements)
{
   static const char func[] = "glXGetFBConfigs";
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   const struct glx_screen *scr = gd ? glx_display_screen(gd, screen) : NULL;
   GLXFBConfig *out = NULL;
   int n = 0;
   if (scr && scr->count) {
      out = malloc((size_t)scr->count * sizeof(*out));
      for (int i = 0; out && i < scr->count; i++)
         out[i] = (GLXFBConfig)&scr->configs[i];
      n = out ? scr->count : 0;
   }
   glx_unlock();
   if (nelements)
      *nelements = n;
   if (!scr)
      glx_send_error(dpy, BadValue, false, (XID)screen, GLX_OP_GET_FBCONFIGS, func,
                     "no such screen");
   return out;
}

static XVisualInfo *
visual_info(Display *dpy, int screen, VisualID id)
{
   XVisualInfo tmpl = {.visualid = id, .screen = screen};
   int n = 0;
   return XGetVisualInfo(dpy, VisualIDMask | VisualScreenMask, &tmpl, &n);
}

XVisualInfo *
mgl_glXGetVisualFromFBConfig(Display *dpy, GLXFBConfig config)
{
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   const struct glx_config *c = gd ? glx_config_lookup(gd, config) : NULL;
   int screen = c ? c->screen : 0;
   VisualID id = c ? c->visual_id : 0;
   glx_unlock();
   if (!c) {
      glx_send_error(dpy, GLX_ERR_BAD_FBCONFIG, true, 0, GLX_OP_GET_FBCONFIGS,
                     "glXGetVisualFromFBConfig", "not an mgl config of this display");
      return NULL;
   }
   return visual_info(dpy, screen, id);
}

const struct glx_config *
glx_config_for_visual(struct glx_display *gd, int screen, VisualID visual)
{
   const struct glx_screen *scr = glx_display_screen(gd, screen);
   if (!scr)
      return NULL;
   /* The first config of a visual is its one with depth, stencil and accumulation (the
    * richest). */
   for (int i = 0; i < scr->count; i++) {
      if (scr->configs[i].visual_id == visual)
         return &scr->configs[i];
   }
   return NULL;
}

/* GLX 1.2's attribute list: booleans (GLX_RGBA, GLX_DOUBLEBUFFER, GLX_STEREO, GLX_USE_GL) stand
 * alone, everything else takes a value. Converted to an FBConfig request: RGBA only when
 * GLX_RGBA is named (colour index otherwise), double-buffered only when GLX_DOUBLEBUFFER is
 * (single-buffered otherwise), windows. */
XVisualInfo *
mgl_glXChooseVisual(Display *dpy, int screen, int *attrib_list)
{
   static const char func[] = "glXChooseVisual";
   int fb[2 * (RULE_COUNT + 4) + 1];
   int n = 0;
   bool rgba = false, dbl = false, stereo = false;
   for (const int *a = attrib_list; a && a[0] != None;) {
      switch (a[0]) {
      case GLX_USE_GL: a++; continue;
      case GLX_RGBA:
         rgba = true;
         a++;
         continue;
      case GLX_DOUBLEBUFFER:
         dbl = true;
         a++;
         continue;
      case GLX_STEREO:
         stereo = true;
         a++;
         continue;
      default: break;
      }
      int i = rule_index(a[0]);
      if (i < 0 || a[0] == GLX_RENDER_TYPE || a[0] == GLX_DRAWABLE_TYPE ||
          a[0] == GLX_FBCONFIG_ID || a[0] == GLX_DOUBLEBUFFER) {
         mgu_info("glx: %s: attribute 0x%x is not one mgl knows: no visual matches", func, a[0]);
         return NULL;
      }
      if (n < 2 * RULE_COUNT) {
         fb[n++] = a[0];
         fb[n++] = a[1];
      }
      a += 2;
   }
   fb[n++] = GLX_RENDER_TYPE;
   fb[n++] = rgba ? GLX_RGBA_BIT : GLX_COLOR_INDEX_BIT;
   fb[n++] = GLX_DOUBLEBUFFER;
   fb[n++] = dbl ? True : False;
   fb[n++] = GLX_STEREO;
   fb[n++] = stereo ? True : False;
   fb[n++] = GLX_DRAWABLE_TYPE;
   fb[n++] = GLX_WINDOW_BIT;
   fb[n] = None;

   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   bool bad_screen = !gd || screen < 0 || screen >= gd->screen_count;
   int count = 0;
   const struct glx_config **list = bad_screen ? NULL : choose(gd, screen, fb, &count, func);
   VisualID id = count ? list[0]->visual_id : 0;
   glx_unlock();
   free(list);
   if (bad_screen) {
      glx_send_error(dpy, BadValue, false, (XID)screen, GLX_OP_GET_VISUAL_CONFIGS, func,
                     "no such screen");
      return NULL;
   }
   if (!count) {
      mgu_info("glx: %s: no visual matches (mgl has only double-buffered RGBA visuals)", func);
      return NULL;
   }
   return visual_info(dpy, screen, id);
}

int
mgl_glXGetConfig(Display *dpy, XVisualInfo *vis, int attrib, int *value)
{
   if (!vis)
      return GLX_BAD_VISUAL;
   glx_lock();
   struct glx_display *gd = glx_display_get(dpy);
   const struct glx_config *c = gd ? glx_config_for_visual(gd, vis->screen, vis->visualid) : NULL;
   int v = 0;
   int ret = Success;
   if (attrib == GLX_USE_GL) {
      v = c != NULL;
   } else if (!c) {
      ret = GLX_BAD_VISUAL;
   } else if (attrib == GLX_RGBA) {
      v = True;
   } else if (attrib == GLX_RENDER_TYPE || attrib == GLX_DRAWABLE_TYPE ||
              attrib == GLX_FBCONFIG_ID || !config_attrib(c, attrib, &v)) {
      ret = GLX_BAD_ATTRIBUTE;
   }
   glx_unlock();
   if (ret == Success && value)
      *value = v;
   return ret;
}
