/* egl_config.c — mgl's configs, eglGetConfigs, eglChooseConfig (EGL 1.5 §3.4.1: selection by
 * exact / at-least / mask criteria with the spec's defaults and EGL_DONT_CARE, then the spec's
 * sort) and eglGetConfigAttrib.
 *
 * Configs: RGBA8 without depth/stencil, RGBA8 with D24S8, RGB8 (alpha 0) with D24S8 and RGBA8
 * with D24 and no stencil, and 4-, 2- and 8-sample RGBA8 and RGB8 with D24S8 where the device
 * renders that many samples (config_offered: the backend's caps); every
 * one has EGL_PBUFFER_BIT, and EGL_WINDOW_BIT with a native visual on a display whose window
 * system has a visual for it (egl_window.h), and renders/conforms for OpenGL, OpenGL ES 2 and 3.
 * The single-sampled ones carry a 16-bit accumulation buffer (GL_ACCUM_*_BITS 16, as Mesa's
 * llvmpipe visuals) for compatibility contexts: EGL has no attribute to ask for one, so every
 * config that can hold one does; it costs nothing until the first glAccum or accumulation clear
 * makes it (fe_compat_accum.c).
 * Note the spec defaults: EGL_SURFACE_TYPE defaults to EGL_WINDOW_BIT and EGL_RENDERABLE_TYPE
 * to EGL_OPENGL_ES_BIT (ES 1.x), so a request must name both to match anything here (the same
 * holds for Mesa's surfaceless platform). */
#include <string.h>

#include "egl_internal.h"
#include "egl_window.h"
#include "log.h"

#define API_BITS (EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT)

static const struct egl_config configs[] = {
   {.config_id = 1,
    .accum_size = 16,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 8,
    .buffer_size = 32,
    .depth_size = 0,
    .stencil_size = 0,
    .surface_type = EGL_PBUFFER_BIT,
    .renderable_type = API_BITS,
    .conformant = API_BITS},
   {.config_id = 2,
    .accum_size = 16,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 8,
    .buffer_size = 32,
    .depth_size = 24,
    .stencil_size = 8,
    .surface_type = EGL_PBUFFER_BIT,
    .renderable_type = API_BITS,
    .conformant = API_BITS},
   {.config_id = 3,
    .accum_size = 16,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 0,
    .buffer_size = 24,
    .depth_size = 24,
    .stencil_size = 8,
    .surface_type = EGL_PBUFFER_BIT,
    .renderable_type = API_BITS,
    .conformant = API_BITS},
   /* Depth without stencil: programs that score configs (glmark2) reject stencil bits they did
    * not ask for. Stored as D24S8 like config 2; the stencil bits are not exposed. */
   {.config_id = 4,
    .accum_size = 16,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 8,
    .buffer_size = 32,
    .depth_size = 24,
    .stencil_size = 0,
    .surface_type = EGL_PBUFFER_BIT,
    .renderable_type = API_BITS,
    .conformant = API_BITS},
   /* Multisampled, resolved at each swap and before reads of the default framebuffer, offered
    * for the counts the device renders into colour and depth/stencil attachments
    * (config_offered; 4 on every Vulkan device). Sorted after the single-sampled ones
    * (EGL_SAMPLE_BUFFERS ascending), then by EGL_SAMPLES. */
   {.config_id = 5,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 8,
    .buffer_size = 32,
    .depth_size = 24,
    .stencil_size = 8,
    .sample_buffers = 1,
    .samples = 4,
    .surface_type = EGL_PBUFFER_BIT,
    .renderable_type = API_BITS,
    .conformant = API_BITS},
   {.config_id = 6,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 0,
    .buffer_size = 24,
    .depth_size = 24,
    .stencil_size = 8,
    .sample_buffers = 1,
    .samples = 4,
    .surface_type = EGL_PBUFFER_BIT,
    .renderable_type = API_BITS,
    .conformant = API_BITS},
   {.config_id = 7,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 8,
    .buffer_size = 32,
    .depth_size = 24,
    .stencil_size = 8,
    .sample_buffers = 1,
    .samples = 2,
    .surface_type = EGL_PBUFFER_BIT,
    .renderable_type = API_BITS,
    .conformant = API_BITS},
   {.config_id = 8,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 0,
    .buffer_size = 24,
    .depth_size = 24,
    .stencil_size = 8,
    .sample_buffers = 1,
    .samples = 2,
    .surface_type = EGL_PBUFFER_BIT,
    .renderable_type = API_BITS,
    .conformant = API_BITS},
   {.config_id = 9,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 8,
    .buffer_size = 32,
    .depth_size = 24,
    .stencil_size = 8,
    .sample_buffers = 1,
    .samples = 8,
    .surface_type = EGL_PBUFFER_BIT,
    .renderable_type = API_BITS,
    .conformant = API_BITS},
   {.config_id = 10,
    .red_size = 8,
    .green_size = 8,
    .blue_size = 8,
    .alpha_size = 0,
    .buffer_size = 24,
    .depth_size = 24,
    .stencil_size = 8,
    .sample_buffers = 1,
    .samples = 8,
    .surface_type = EGL_PBUFFER_BIT,
    .renderable_type = API_BITS,
    .conformant = API_BITS},
};
#define CONFIG_COUNT ((EGLint)(sizeof(configs) / sizeof(configs[0])))
_Static_assert(CONFIG_COUNT == MGL_EGL_CONFIG_COUNT, "egl_internal.h counts the configs");

const struct egl_config *
egl_config_at(int index)
{
   return index >= 0 && index < CONFIG_COUNT ? &configs[index] : NULL;
}

int
egl_config_index(const struct egl_config *config)
{
   return (int)(config - configs);
}

/* A multisampled config is offered when the device renders its sample count into both its
 * colour and its depth/stencil buffers (fe_config_sample_counts: the backend's caps); the
 * table holds 2, 4 and 8 samples. */
static bool
config_offered(const struct egl_config *c)
{
   return c->samples <= 1 || (fe_config_sample_counts() & (uint32_t)c->samples) != 0;
}

const struct egl_config *
egl_lookup_config(EGLConfig config)
{
   for (EGLint i = 0; i < CONFIG_COUNT; i++) {
      if (config == (EGLConfig)&configs[i])
         return config_offered(&configs[i]) ? &configs[i] : NULL;
   }
   return NULL;
}

void
egl_config_format(const struct egl_config *c, struct fe_surface_format *f)
{
   memset(f, 0, sizeof(*f));
   if (!c)
      return;
   f->red_bits = (uint8_t)c->red_size;
   f->green_bits = (uint8_t)c->green_size;
   f->blue_bits = (uint8_t)c->blue_size;
   f->alpha_bits = (uint8_t)c->alpha_size;
   f->depth_bits = (uint8_t)c->depth_size;
   f->stencil_bits = (uint8_t)c->stencil_size;
   f->samples = (uint8_t)c->samples;
   f->accum_bits = (uint8_t)c->accum_size;
}

/* EGL §2.2: same colour buffer type and the same colour and ancillary buffer depths. */
bool
egl_configs_compatible(const struct egl_config *a, const struct egl_config *b)
{
   return a->red_size == b->red_size && a->green_size == b->green_size &&
          a->blue_size == b->blue_size && a->alpha_size == b->alpha_size &&
          a->depth_size == b->depth_size && a->stencil_size == b->stencil_size &&
          a->samples == b->samples && a->sample_buffers == b->sample_buffers;
}

bool
egl_config_pixmap(const struct egl_display *d, const struct egl_config *c)
{
   return d && d->window && d->window->pixmap_create && d->config_window[egl_config_index(c)];
}

/* Every attribute eglGetConfigAttrib answers, as display d sees it: on a display with a window
 * system a config gains EGL_WINDOW_BIT and its native visual when the display has one for it,
 * and EGL_PIXMAP_BIT when the window system has pixmaps too. */
static bool
config_attrib(const struct egl_display *d, const struct egl_config *c, EGLint attr, EGLint *v)
{
   const int ci = egl_config_index(c);
   const bool window = d && d->config_window[ci];
   switch (attr) {
   case EGL_BUFFER_SIZE: *v = c->buffer_size; return true;
   case EGL_RED_SIZE: *v = c->red_size; return true;
   case EGL_GREEN_SIZE: *v = c->green_size; return true;
   case EGL_BLUE_SIZE: *v = c->blue_size; return true;
   case EGL_LUMINANCE_SIZE: *v = 0; return true;
   case EGL_ALPHA_SIZE: *v = c->alpha_size; return true;
   case EGL_ALPHA_MASK_SIZE: *v = 0; return true;
   case EGL_BIND_TO_TEXTURE_RGB: *v = EGL_FALSE; return true;
   case EGL_BIND_TO_TEXTURE_RGBA: *v = EGL_FALSE; return true;
   case EGL_COLOR_BUFFER_TYPE: *v = EGL_RGB_BUFFER; return true;
   case EGL_CONFIG_CAVEAT: *v = EGL_NONE; return true;
   case EGL_CONFIG_ID: *v = c->config_id; return true;
   case EGL_CONFORMANT: *v = c->conformant; return true;
   case EGL_DEPTH_SIZE: *v = c->depth_size; return true;
   case EGL_LEVEL: *v = 0; return true;
   case EGL_MAX_PBUFFER_WIDTH: *v = MGL_EGL_MAX_PBUFFER_SIZE; return true;
   case EGL_MAX_PBUFFER_HEIGHT: *v = MGL_EGL_MAX_PBUFFER_SIZE; return true;
   case EGL_MAX_PBUFFER_PIXELS:
      *v = MGL_EGL_MAX_PBUFFER_SIZE * MGL_EGL_MAX_PBUFFER_SIZE;
      return true;
   case EGL_MAX_SWAP_INTERVAL: *v = 1; return true;
   case EGL_MIN_SWAP_INTERVAL: *v = 0; return true;
   case EGL_NATIVE_RENDERABLE: *v = EGL_FALSE; return true;
   case EGL_NATIVE_VISUAL_ID: *v = window ? d->visual_id[ci] : 0; return true;
   case EGL_NATIVE_VISUAL_TYPE: *v = window ? d->visual_type[ci] : EGL_NONE; return true;
   case EGL_RENDERABLE_TYPE: *v = c->renderable_type; return true;
   case EGL_SAMPLE_BUFFERS: *v = c->sample_buffers; return true;
   case EGL_SAMPLES: *v = c->samples; return true;
   case EGL_STENCIL_SIZE: *v = c->stencil_size; return true;
   case EGL_SURFACE_TYPE:
      *v = c->surface_type | (window ? EGL_WINDOW_BIT : 0) |
           (egl_config_pixmap(d, c) ? EGL_PIXMAP_BIT : 0);
      return true;
   case EGL_TRANSPARENT_TYPE: *v = EGL_NONE; return true;
   case EGL_TRANSPARENT_RED_VALUE: *v = 0; return true;
   case EGL_TRANSPARENT_GREEN_VALUE: *v = 0; return true;
   case EGL_TRANSPARENT_BLUE_VALUE: *v = 0; return true;
   default: return false;
   }
}

/* ---- eglChooseConfig ---------------------------------------------------------------------- */

enum crit { AT_LEAST, EXACT, MASK, SPECIAL, IGNORED };
enum kind { K_SIZE, K_INT, K_BOOL, K_ENUM, K_BITS };

struct attr_rule {
   EGLint attr;
   enum crit crit;
   enum kind kind;
   EGLint dflt;
};

/* EGL 1.5 Table 3.4. */
static const struct attr_rule rules[] = {
   {EGL_BUFFER_SIZE, AT_LEAST, K_SIZE, 0},
   {EGL_RED_SIZE, AT_LEAST, K_SIZE, 0},
   {EGL_GREEN_SIZE, AT_LEAST, K_SIZE, 0},
   {EGL_BLUE_SIZE, AT_LEAST, K_SIZE, 0},
   {EGL_LUMINANCE_SIZE, AT_LEAST, K_SIZE, 0},
   {EGL_ALPHA_SIZE, AT_LEAST, K_SIZE, 0},
   {EGL_ALPHA_MASK_SIZE, AT_LEAST, K_SIZE, 0},
   {EGL_BIND_TO_TEXTURE_RGB, EXACT, K_BOOL, EGL_DONT_CARE},
   {EGL_BIND_TO_TEXTURE_RGBA, EXACT, K_BOOL, EGL_DONT_CARE},
   {EGL_COLOR_BUFFER_TYPE, EXACT, K_ENUM, EGL_RGB_BUFFER},
   {EGL_CONFIG_CAVEAT, EXACT, K_ENUM, EGL_DONT_CARE},
   {EGL_CONFIG_ID, EXACT, K_INT, EGL_DONT_CARE},
   {EGL_CONFORMANT, MASK, K_BITS, 0},
   {EGL_DEPTH_SIZE, AT_LEAST, K_SIZE, 0},
   {EGL_LEVEL, EXACT, K_INT, 0},
   {EGL_MATCH_NATIVE_PIXMAP, SPECIAL, K_INT, EGL_NONE},
   {EGL_MAX_PBUFFER_WIDTH, IGNORED, K_INT, 0},
   {EGL_MAX_PBUFFER_HEIGHT, IGNORED, K_INT, 0},
   {EGL_MAX_PBUFFER_PIXELS, IGNORED, K_INT, 0},
   {EGL_MAX_SWAP_INTERVAL, EXACT, K_INT, EGL_DONT_CARE},
   {EGL_MIN_SWAP_INTERVAL, EXACT, K_INT, EGL_DONT_CARE},
   {EGL_NATIVE_RENDERABLE, EXACT, K_BOOL, EGL_DONT_CARE},
   {EGL_NATIVE_VISUAL_ID, IGNORED, K_INT, 0},
   {EGL_NATIVE_VISUAL_TYPE, EXACT, K_INT, EGL_DONT_CARE},
   {EGL_RENDERABLE_TYPE, MASK, K_BITS, EGL_OPENGL_ES_BIT},
   {EGL_SAMPLE_BUFFERS, AT_LEAST, K_SIZE, 0},
   {EGL_SAMPLES, AT_LEAST, K_SIZE, 0},
   {EGL_STENCIL_SIZE, AT_LEAST, K_SIZE, 0},
   {EGL_SURFACE_TYPE, MASK, K_BITS, EGL_WINDOW_BIT},
   {EGL_TRANSPARENT_TYPE, EXACT, K_ENUM, EGL_NONE},
   {EGL_TRANSPARENT_RED_VALUE, EXACT, K_INT, EGL_DONT_CARE},
   {EGL_TRANSPARENT_GREEN_VALUE, EXACT, K_INT, EGL_DONT_CARE},
   {EGL_TRANSPARENT_BLUE_VALUE, EXACT, K_INT, EGL_DONT_CARE},
};
#define RULE_COUNT ((int)(sizeof(rules) / sizeof(rules[0])))

static int
rule_index(EGLint attr)
{
   for (int i = 0; i < RULE_COUNT; i++) {
      if (rules[i].attr == attr)
         return i;
   }
   return -1;
}

#define API_MASK_BITS                                                                              \
   (EGL_OPENGL_ES_BIT | EGL_OPENVG_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_BIT | EGL_OPENGL_ES3_BIT)
#define SURFACE_MASK_BITS                                                                          \
   (EGL_WINDOW_BIT | EGL_PIXMAP_BIT | EGL_PBUFFER_BIT | EGL_MULTISAMPLE_RESOLVE_BOX_BIT |          \
    EGL_SWAP_BEHAVIOR_PRESERVED_BIT | EGL_VG_COLORSPACE_LINEAR_BIT | EGL_VG_ALPHA_FORMAT_PRE_BIT)

static bool
value_valid(const struct attr_rule *r, EGLint v)
{
   if (r->attr == EGL_LEVEL)
      return v != EGL_DONT_CARE; /* the one attribute that may not be EGL_DONT_CARE */
   if (v == EGL_DONT_CARE)
      return true;
   switch (r->kind) {
   case K_SIZE: return v >= 0;
   case K_INT: return true;
   case K_BOOL: return v == EGL_TRUE || v == EGL_FALSE;
   case K_ENUM:
      switch (r->attr) {
      case EGL_COLOR_BUFFER_TYPE: return v == EGL_RGB_BUFFER || v == EGL_LUMINANCE_BUFFER;
      case EGL_CONFIG_CAVEAT:
         return v == EGL_NONE || v == EGL_SLOW_CONFIG || v == EGL_NON_CONFORMANT_CONFIG;
      case EGL_TRANSPARENT_TYPE: return v == EGL_NONE || v == EGL_TRANSPARENT_RGB;
      default: return false;
      }
   case K_BITS:
      if (r->attr == EGL_SURFACE_TYPE)
         return (v & ~SURFACE_MASK_BITS) == 0;
      return (v & ~API_MASK_BITS) == 0;
   }
   return false;
}

static int
caveat_rank(EGLint caveat)
{
   return caveat == EGL_NONE ? 0 : caveat == EGL_SLOW_CONFIG ? 1 : 2;
}

struct sort_ctx {
   const struct egl_display *d;
   bool want_red, want_green, want_blue, want_alpha, want_luminance;
};

static EGLint
attr_of(const struct egl_display *d, const struct egl_config *c, EGLint attr)
{
   EGLint v = 0;
   config_attrib(d, c, attr, &v);
   return v;
}

static EGLint
requested_color_bits(const struct egl_config *c, const struct sort_ctx *s)
{
   EGLint bits = 0;
   if (attr_of(s->d, c, EGL_COLOR_BUFFER_TYPE) == EGL_RGB_BUFFER) {
      if (s->want_red)
         bits += c->red_size;
      if (s->want_green)
         bits += c->green_size;
      if (s->want_blue)
         bits += c->blue_size;
   } else if (s->want_luminance) {
      bits += attr_of(s->d, c, EGL_LUMINANCE_SIZE);
   }
   if (s->want_alpha)
      bits += c->alpha_size;
   return bits;
}

/* <0 when a sorts before b (EGL 1.5 §3.4.1.2). */
static int
config_cmp(const struct egl_config *a, const struct egl_config *b, const struct sort_ctx *s)
{
   int d;
   d = caveat_rank(attr_of(s->d, a, EGL_CONFIG_CAVEAT)) -
       caveat_rank(attr_of(s->d, b, EGL_CONFIG_CAVEAT));
   if (d)
      return d;
   /* EGL_RGB_BUFFER before EGL_LUMINANCE_BUFFER */
   EGLint ta = attr_of(s->d, a, EGL_COLOR_BUFFER_TYPE),
          tb = attr_of(s->d, b, EGL_COLOR_BUFFER_TYPE);
   if (ta != tb)
      return ta == EGL_RGB_BUFFER ? -1 : 1;
   /* larger total of the requested (non-zero, not EGL_DONT_CARE) colour components first */
   d = requested_color_bits(b, s) - requested_color_bits(a, s);
   if (d)
      return d;
   static const EGLint smaller_first[] = {
      EGL_BUFFER_SIZE,     EGL_SAMPLE_BUFFERS,     EGL_SAMPLES,  EGL_DEPTH_SIZE, EGL_STENCIL_SIZE,
      EGL_ALPHA_MASK_SIZE, EGL_NATIVE_VISUAL_TYPE, EGL_CONFIG_ID};
   for (size_t i = 0; i < sizeof(smaller_first) / sizeof(smaller_first[0]); i++) {
      EGLint va = attr_of(s->d, a, smaller_first[i]), vb = attr_of(s->d, b, smaller_first[i]);
      if (va != vb)
         return va < vb ? -1 : 1;
   }
   return 0;
}

/* EGL_MATCH_NATIVE_PIXMAP: the depth of the pixmap named (0: none named, -1: not a pixmap of
 * this display, which no config matches). */
static int
match_pixmap_depth(struct egl_display *d, EGLint pixmap)
{
   if (pixmap == EGL_NONE)
      return 0;
   if (!d->window || !d->nd || !d->window->pixmap_create)
      return -1;
   struct egl_window *pix = NULL;
   int depth = 0;
   if (d->window->pixmap_create(d->nd, (void *)(uintptr_t)(uint32_t)pixmap, false, NULL, &pix,
                                &depth) != EGL_SUCCESS)
      return -1;
   d->window->window->destroy(pix);
   return depth;
}

static bool
config_matches(const struct egl_display *d, const struct egl_config *c, const EGLint *want,
               const bool *given, int pixmap_depth)
{
   EGLint id = want[rule_index(EGL_CONFIG_ID)];
   if (given[rule_index(EGL_CONFIG_ID)] && id != EGL_DONT_CARE)
      return c->config_id == id; /* every other attribute is ignored */
   bool transparent_rgb = want[rule_index(EGL_TRANSPARENT_TYPE)] == EGL_TRANSPARENT_RGB;
   for (int i = 0; i < RULE_COUNT; i++) {
      const struct attr_rule *r = &rules[i];
      EGLint w = want[i];
      if (w == EGL_DONT_CARE || r->crit == IGNORED)
         continue;
      if (!transparent_rgb &&
          (r->attr == EGL_TRANSPARENT_RED_VALUE || r->attr == EGL_TRANSPARENT_GREEN_VALUE ||
           r->attr == EGL_TRANSPARENT_BLUE_VALUE))
         continue;
      if (r->crit == SPECIAL) {
         /* EGL_MATCH_NATIVE_PIXMAP: configs that can render into that pixmap (its depth). */
         if (r->attr == EGL_MATCH_NATIVE_PIXMAP && w != EGL_NONE &&
             (!egl_config_pixmap(d, c) || pixmap_depth != (c->alpha_size ? 32 : 24)))
            return false;
         continue;
      }
      EGLint v = attr_of(d, c, r->attr);
      switch (r->crit) {
      case AT_LEAST:
         if (v < w)
            return false;
         break;
      case EXACT:
         if (v != w)
            return false;
         break;
      case MASK:
         if ((v & w) != w)
            return false;
         break;
      default: break;
      }
   }
   return true;
}

EGLBoolean EGLAPIENTRY
mgl_eglChooseConfig(EGLDisplay dpy, const EGLint *attrib_list, EGLConfig *out, EGLint config_size,
                    EGLint *num_config)
{
   static const char func[] = "eglChooseConfig";
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   if (!num_config)
      return egl_error(EGL_BAD_PARAMETER, func, "num_config is NULL");

   EGLint want[RULE_COUNT];
   bool given[RULE_COUNT];
   for (int i = 0; i < RULE_COUNT; i++) {
      want[i] = rules[i].dflt;
      given[i] = false;
   }
   for (const EGLint *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      int i = rule_index(a[0]);
      if (i < 0)
         return egl_error(EGL_BAD_ATTRIBUTE, func, "attribute 0x%04x", a[0]);
      if (!value_valid(&rules[i], a[1]))
         return egl_error(EGL_BAD_ATTRIBUTE, func, "attribute 0x%04x value 0x%x", a[0], a[1]);
      want[i] = a[1];
      given[i] = true;
   }

   struct sort_ctx s;
   s.d = d;
#define WANTS(attr) (want[rule_index(attr)] != 0 && want[rule_index(attr)] != EGL_DONT_CARE)
   s.want_red = WANTS(EGL_RED_SIZE);
   s.want_green = WANTS(EGL_GREEN_SIZE);
   s.want_blue = WANTS(EGL_BLUE_SIZE);
   s.want_alpha = WANTS(EGL_ALPHA_SIZE);
   s.want_luminance = WANTS(EGL_LUMINANCE_SIZE);
#undef WANTS

   const int pixmap_depth = match_pixmap_depth(d, want[rule_index(EGL_MATCH_NATIVE_PIXMAP)]);
   const struct egl_config *match[CONFIG_COUNT];
   EGLint n = 0;
   for (EGLint i = 0; i < CONFIG_COUNT; i++) {
      if (config_offered(&configs[i]) && config_matches(d, &configs[i], want, given, pixmap_depth))
         match[n++] = &configs[i];
   }
   /* insertion sort: stable and tiny */
   for (EGLint i = 1; i < n; i++) {
      const struct egl_config *c = match[i];
      EGLint j = i;
      while (j > 0 && config_cmp(c, match[j - 1], &s) < 0) {
         match[j] = match[j - 1];
         j--;
      }
      match[j] = c;
   }
   if (out) {
      if (config_size < 0)
         config_size = 0;
      if (n > config_size)
         n = config_size;
      for (EGLint i = 0; i < n; i++)
         out[i] = (EGLConfig)match[i];
   }
   *num_config = n;
   return egl_success();
}

EGLBoolean EGLAPIENTRY
mgl_eglGetConfigs(EGLDisplay dpy, EGLConfig *out, EGLint config_size, EGLint *num_config)
{
   static const char func[] = "eglGetConfigs";
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   if (!num_config)
      return egl_error(EGL_BAD_PARAMETER, func, "num_config is NULL");
   EGLint n = 0;
   if (config_size < 0)
      config_size = 0;
   for (EGLint i = 0; i < CONFIG_COUNT; i++) {
      if (!config_offered(&configs[i]) || (out && n >= config_size))
         continue;
      if (out)
         out[n] = (EGLConfig)&configs[i];
      n++;
   }
   *num_config = n;
   return egl_success();
}

EGLBoolean EGLAPIENTRY
mgl_eglGetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint *value)
{
   static const char func[] = "eglGetConfigAttrib";
   egl_lock();
   struct egl_display *d = egl_check_display(dpy, func);
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   const struct egl_config *c = egl_lookup_config(config);
   if (!c)
      return egl_error(EGL_BAD_CONFIG, func, "config %p", config);
   if (!value)
      return egl_error(EGL_BAD_PARAMETER, func, "value is NULL");
   EGLint v;
   if (!config_attrib(d, c, attribute, &v))
      return egl_error(EGL_BAD_ATTRIBUTE, func, "attribute 0x%04x", attribute);
   *value = v;
   return egl_success();
}
