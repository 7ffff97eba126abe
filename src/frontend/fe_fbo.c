/* fe_fbo.c — framebuffer and renderbuffer objects, draw/read buffer selection, completeness
 * per GL 3.3 §4.4.4, glBlitFramebuffer, and the framebuffer state the tracker sends: surfaces
 * with their formats inline, draw buffers, and the read surface resolved here; the default
 * parameters of framebuffers without attachments (ARB_framebuffer_no_attachments). */
#include <stdlib.h>
#include <string.h>

#include "fe_compat.h"
#include "fe_enum.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

#define FE_GL_INDEX 0x8222 /* GL_INDEX: a compatibility-profile enum glcorearb.h lacks */

/* ---- helpers -------------------------------------------------------------------------------- */

static struct fe_framebuffer **
fb_binding(struct fe_context *ctx, GLenum target)
{
   switch (target) {
   case GL_FRAMEBUFFER:
   case GL_DRAW_FRAMEBUFFER: return &ctx->draw_fbo;
   case GL_READ_FRAMEBUFFER: return &ctx->read_fbo;
   default: return NULL;
   }
}

/* Attachment slot for an attachment enum; -1 unknown (INVALID_ENUM), -2 a colour attachment
 * past the limit (INVALID_OPERATION), -3 GL_DEPTH_STENCIL_ATTACHMENT. */
static int
attachment_slot(GLenum attachment)
{
   if (attachment >= GL_COLOR_ATTACHMENT0 && attachment <= GL_COLOR_ATTACHMENT31)
      return attachment - GL_COLOR_ATTACHMENT0 < FE_MAX_COLOR_ATTACHMENTS
                ? (int)(attachment - GL_COLOR_ATTACHMENT0)
                : -2;
   switch (attachment) {
   case GL_DEPTH_ATTACHMENT: return FE_ATT_DEPTH;
   case GL_STENCIL_ATTACHMENT: return FE_ATT_STENCIL;
   case GL_DEPTH_STENCIL_ATTACHMENT: return -3;
   default: return -1;
   }
}

static void
attachment_clear(struct fe_context *ctx, struct fe_attachment *a)
{
   FE_REBIND(ctx, &a->tex, NULL);
   FE_REBIND(ctx, &a->rb, NULL);
   memset(a, 0, sizeof(*a));
}

static void
attachment_set(struct fe_context *ctx, struct fe_attachment *a, struct fe_texture *tex,
               struct fe_renderbuffer *rb, GLint level, GLint layer, bool layered)
{
   FE_REBIND(ctx, &a->tex, tex);
   FE_REBIND(ctx, &a->rb, rb);
   a->type = tex ? GL_TEXTURE : rb ? GL_RENDERBUFFER : GL_NONE;
   a->level = level;
   a->layer = layer;
   a->layered = tex && layered;
}

/* Whether a texture target has layers an attachment picks one of (or takes all of). */
static bool
target_has_layers(enum fe_tex_target t)
{
   return t == FE_TEX_3D || t == FE_TEX_1D_ARRAY || t == FE_TEX_2D_ARRAY ||
          t == FE_TEX_2D_MS_ARRAY || t == FE_TEX_CUBE || t == FE_TEX_CUBE_ARRAY;
}

/* The layers of a level's image: the depth of a 3D level, the layer count of an array, 6
 * faces. */
static uint32_t
image_layers(const struct fe_texture *tex, const struct fe_tex_image *img)
{
   switch (tex->target) {
   case FE_TEX_CUBE: return 6;
   case FE_TEX_1D_ARRAY: return img->height;
   case FE_TEX_3D:
   case FE_TEX_2D_ARRAY:
   case FE_TEX_2D_MS_ARRAY:
   case FE_TEX_CUBE_ARRAY: return img->depth; /* layer-faces */
   default: return 1;
   }
}

void
fe_fbo_destroy(struct fe_context *ctx, struct fe_framebuffer *fb)
{
   for (int i = 0; i < FE_ATT_COUNT; i++)
      attachment_clear(ctx, &fb->att[i]);
   fe_share_free_handle(ctx->share, MGP_KIND_FRAMEBUFFER, fb->handle);
   free(fb->label);
   free(fb);
}

void
fe_fbo_detach_texture(struct fe_context *ctx, struct fe_texture *tex)
{
   struct fe_framebuffer *fbs[2] = {ctx->draw_fbo, ctx->read_fbo};
   for (int f = 0; f < 2; f++) {
      if (!fbs[f] || (f == 1 && fbs[1] == fbs[0]))
         continue;
      for (int i = 0; i < FE_ATT_COUNT; i++) {
         if (fbs[f]->att[i].tex == tex) {
            attachment_clear(ctx, &fbs[f]->att[i]);
            fe_draw_bump(ctx, &fbs[f]->version);
         }
      }
   }
}

void
fe_fbo_detach_renderbuffer(struct fe_context *ctx, struct fe_renderbuffer *rb)
{
   struct fe_framebuffer *fbs[2] = {ctx->draw_fbo, ctx->read_fbo};
   for (int f = 0; f < 2; f++) {
      if (!fbs[f] || (f == 1 && fbs[1] == fbs[0]))
         continue;
      for (int i = 0; i < FE_ATT_COUNT; i++) {
         if (fbs[f]->att[i].rb == rb) {
            attachment_clear(ctx, &fbs[f]->att[i]);
            fe_draw_bump(ctx, &fbs[f]->version);
         }
      }
   }
}

/* The image an attachment names: its format (GL internal and MGPipe) and size. */
static bool
attachment_image(const struct fe_attachment *a, GLenum *ifmt, uint16_t *format, uint32_t *w,
                 uint32_t *h, unsigned *samples)
{
   if (a->type == GL_TEXTURE) {
      const bool cube = a->tex->target == FE_TEX_CUBE;
      unsigned face = cube && !a->layered ? (unsigned)a->layer : 0;
      if (a->level < 0 || a->level >= FE_MAX_LEVELS || face >= FE_MAX_FACES)
         return false;
      const struct fe_tex_image *img = &a->tex->image[face][a->level];
      if (!img->defined)
         return false;
      /* GL 3.3 §4.4.4: a layer past the image's layers is not attachment-complete. */
      if (!cube && !a->layered && (uint32_t)a->layer >= image_layers(a->tex, img))
         return false;
      if (cube && a->layered) {
         for (unsigned f = 1; f < FE_MAX_FACES; f++) {
            const struct fe_tex_image *fi = &a->tex->image[f][a->level];
            if (!fi->defined || fi->width != img->width || fi->format != img->format)
               return false;
         }
      }
      *ifmt = img->internal_format;
      *format = img->format;
      *w = img->width;
      *h = a->tex->target == FE_TEX_1D_ARRAY ? 1 : img->height;
      *samples = a->tex->samples > 1 ? a->tex->samples : 1;
      return true;
   }
   if (a->type == GL_RENDERBUFFER) {
      if (!a->rb->created)
         return false;
      *ifmt = a->rb->internal_format;
      *format = a->rb->format;
      *w = (uint32_t)a->rb->width;
      *h = (uint32_t)a->rb->height;
      *samples = a->rb->samples > 1 ? (unsigned)a->rb->samples : 1;
      return true;
   }
   return false;
}

static bool rb_unrendered_format(const struct fe_context *ctx, const struct fe_format_info *info);

static GLenum
compute_status(struct fe_context *ctx, const struct fe_framebuffer *fb)
{
   bool any = false, any_layered = false, any_flat = false;
   int layered_target = -1;
   unsigned samples = 0, gl_samples = 0;
   const struct mgp_caps *caps = ctx->share->caps;
   for (int i = 0; i < FE_ATT_COUNT; i++) {
      const struct fe_attachment *a = &fb->att[i];
      if (a->type == GL_NONE)
         continue;
      GLenum ifmt;
      uint16_t format;
      uint32_t w, h;
      unsigned s;
      if (!attachment_image(a, &ifmt, &format, &w, &h, &s) || !w || !h)
         return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      const struct fe_format_info *info = fe_format_lookup(ifmt);
      if (!info)
         return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      unsigned need;
      if (i < FE_MAX_COLOR_ATTACHMENTS) {
         if (a->type == GL_RENDERBUFFER && !fe_format_color_renderable(ctx, info) &&
             rb_unrendered_format(ctx, info))
            return GL_FRAMEBUFFER_UNSUPPORTED;
         if (!fe_format_color_renderable(ctx, info) && !fe_compat_generic_renderable(ctx, info))
            return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
         need = MGP_FORMAT_CAP_RENDER;
      } else if (i == FE_ATT_DEPTH) {
         if (info->kind != FE_FMT_DEPTH && info->kind != FE_FMT_DEPTH_STENCIL)
            return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
         need = MGP_FORMAT_CAP_DEPTH_STENCIL;
      } else {
         if (info->kind != FE_FMT_STENCIL && info->kind != FE_FMT_DEPTH_STENCIL)
            return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
         need = MGP_FORMAT_CAP_DEPTH_STENCIL;
      }
      if ((caps->format_flags[format] & need) != need)
         return GL_FRAMEBUFFER_UNSUPPORTED;
      /* GL 3.3 §4.4.4 compares GL_RENDERBUFFER_SAMPLES and GL_TEXTURE_SAMPLES as the
       * application reads them: a renderbuffer of one sample is not one of zero, though the
       * device stores both alike */
      const unsigned gl_s = a->type == GL_RENDERBUFFER ? (unsigned)a->rb->samples
                            : a->tex->target == FE_TEX_2D_MS || a->tex->target == FE_TEX_2D_MS_ARRAY
                               ? (unsigned)a->tex->samples
                               : 0;
      if (any && (s != samples || gl_s != gl_samples))
         return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
      samples = s;
      gl_samples = gl_s;
      any = true;
      /* GL 3.3 §4.4.4: layered or not, all alike; layered colour images of one target. */
      if (a->layered) {
         any_layered = true;
         if (i < FE_MAX_COLOR_ATTACHMENTS) {
            if (layered_target >= 0 && layered_target != (int)a->tex->target)
               return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;
            layered_target = (int)a->tex->target;
         }
      } else {
         any_flat = true;
      }
      if (any_layered && any_flat)
         return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;
   }
   /* ARB_framebuffer_no_attachments: without images the defaults give the size */
   if (!any)
      return fb->default_width && fb->default_height && fe_no_attachments_offered(ctx)
                ? GL_FRAMEBUFFER_COMPLETE
                : GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
   /* GL 3.3's FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER / _READ_BUFFER rules are not enforced: GL 4.1
    * (ARB_ES2_compatibility) dropped them and drivers do not apply them, so a depth-only
    * framebuffer is complete without glDrawBuffer(GL_NONE); colour writes to a draw buffer
    * without an image are discarded and reading from it is GL_INVALID_OPERATION. */
   /* Separate depth and stencil images cannot be one Vulkan attachment. */
   const struct fe_attachment *d = &fb->att[FE_ATT_DEPTH], *st = &fb->att[FE_ATT_STENCIL];
   if (d->type != GL_NONE && st->type != GL_NONE &&
       (d->tex != st->tex || d->rb != st->rb || d->level != st->level || d->layer != st->layer ||
        d->layered != st->layered))
      return GL_FRAMEBUFFER_UNSUPPORTED;
   return GL_FRAMEBUFFER_COMPLETE;
}

GLenum
fe_fbo_status(struct fe_context *ctx, struct fe_framebuffer *fb, bool read)
{
   if (!fb) {
      struct fe_surface *s = read ? ctx->read_surface : ctx->draw_surface;
      return s ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNDEFINED;
   }
   uint64_t gen = atomic_load(&ctx->share->attach_gen);
   if (fb->status_version != fb->version || fb->status_attach_gen != gen || !fb->status) {
      fb->status = compute_status(ctx, fb);
      fb->unblendable = 0;
      memset(fb->att_zero_mask, 0, sizeof(fb->att_zero_mask));
      for (int i = 0; i < FE_MAX_COLOR_ATTACHMENTS; i++) {
         GLenum ifmt;
         uint16_t format;
         uint32_t w, h;
         unsigned s;
         if (fb->att[i].type == GL_NONE ||
             !attachment_image(&fb->att[i], &ifmt, &format, &w, &h, &s))
            continue;
         if (fe_mgp_format(format)->kind == FE_FMT_SNORM &&
             !(ctx->share->caps->format_flags[format] & MGP_FORMAT_CAP_BLEND))
            fb->unblendable |= 1u << i;
         const struct fe_format_info *info = fe_format_lookup(ifmt);
         if (fe_format_legacy_wide(info))
            fb->att_zero_mask[i] = info->base == GL_ALPHA ? 0x7 : 0x6; /* RGB; G and B */
      }
      fb->status_version = fb->version;
      fb->status_attach_gen = gen;
   }
   return fb->status;
}

static struct mgp_surface
attachment_surface(const struct fe_attachment *a)
{
   struct mgp_surface s = {0};
   GLenum ifmt;
   uint16_t format;
   uint32_t w, h;
   unsigned samples;
   if (!attachment_image(a, &ifmt, &format, &w, &h, &samples))
      return s;
   if (a->type == GL_TEXTURE) {
      /* a texture view's attachment is its root's level and layer (fe_tex_view.c) */
      uint32_t level = (uint32_t)a->level, layer = a->layered ? 0 : (uint32_t)a->layer;
      const struct fe_texture *t = a->tex;
      if (a->layered && fe_tex_view_some_layers(t)) {
         MGU_DECLINE(texture_view_refused,
                     "a layered attachment of a texture view of some of its root's layers");
         return (struct mgp_surface){0};
      }
      s.res = fe_tex_storage_at(t, &level, &layer);
      s.kind = 1;
      s.level = (uint16_t)level;
      s.layer = layer;
      s.layered = a->layered;
   } else {
      s.res = a->rb->res;
      s.kind = 2;
   }
   s.format = format;
   return s;
}

static struct mgp_surface
surface_color(const struct fe_surface *surf)
{
   struct mgp_surface s = {0};
   if (surf) {
      s.res = surf->color;
      s.format = surf->color_format;
      s.kind = 2;
   }
   return s;
}

/* A framebuffer object's GL_SAMPLES (0 when single-sampled): its attachments agree once it is
 * complete, and its first attached image answers. NULL (the default framebuffer): 0; see
 * fe_fbo_read_samples / fe_fbo_draw_samples for the context's default framebuffer. */
unsigned
fe_fbo_samples(const struct fe_framebuffer *fb)
{
   if (!fb)
      return 0;
   for (int i = 0; i < FE_ATT_COUNT; i++) {
      GLenum ifmt;
      uint16_t format;
      uint32_t w, h;
      unsigned samples;
      if (fb->att[i].type != GL_NONE &&
          attachment_image(&fb->att[i], &ifmt, &format, &w, &h, &samples))
         return samples > 1 ? samples : 0;
   }
   /* no attachments: the default sample count (ARB_framebuffer_no_attachments) */
   return fb->default_samples_eff > 1 ? (unsigned)fb->default_samples_eff : 0;
}

/* The default framebuffer's samples: its config's (EGL_SAMPLES / GLX_SAMPLES). */
static unsigned
surface_samples(const struct fe_surface *surf)
{
   return surf && surf->format.samples > 1 ? surf->format.samples : 0;
}

unsigned
fe_fbo_draw_samples(struct fe_context *ctx)
{
   return ctx->draw_fbo ? fe_fbo_samples(ctx->draw_fbo) : surface_samples(ctx->draw_surface);
}

unsigned
fe_fbo_read_samples(struct fe_context *ctx)
{
   return ctx->read_fbo ? fe_fbo_samples(ctx->read_fbo) : surface_samples(ctx->read_surface);
}

/* GL_SAMPLE_POSITION of sample index < GL_SAMPLES (none when single-sampled, as GL 3.3
 * §3.3.1 reads and Mesa answers): Vulkan's standard sample locations (the backend renders with them; image
 * row r is GL row r, so y needs no flip — docs/ARCHITECTURE.md). */
void
mgl_glGetMultisamplefv(GLenum pname, GLuint index, GLfloat *val)
{
   static const float pos1[1][2] = {{0.5f, 0.5f}};
   static const float pos2[2][2] = {{0.75f, 0.75f}, {0.25f, 0.25f}};
   static const float pos4[4][2] = {
      {0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};
   static const float pos8[8][2] = {{0.5625f, 0.3125f}, {0.4375f, 0.6875f}, {0.8125f, 0.5625f},
                                    {0.3125f, 0.1875f}, {0.1875f, 0.8125f}, {0.0625f, 0.4375f},
                                    {0.6875f, 0.9375f}, {0.9375f, 0.0625f}};
   static const float pos16[16][2] = {
      {0.5625f, 0.5625f}, {0.4375f, 0.3125f}, {0.3125f, 0.625f},  {0.75f, 0.4375f},
      {0.1875f, 0.375f},  {0.625f, 0.8125f},  {0.8125f, 0.6875f}, {0.6875f, 0.1875f},
      {0.375f, 0.875f},   {0.5f, 0.0625f},    {0.25f, 0.125f},    {0.125f, 0.75f},
      {0.0f, 0.5f},       {0.9375f, 0.25f},   {0.875f, 0.9375f},  {0.0625f, 0.0f}};
   FE_CTX_OR_RETURN();
   FE_CHECK(pname != GL_SAMPLE_POSITION, GL_INVALID_ENUM);
   const unsigned samples = fe_fbo_draw_samples(ctx);
   FE_CHECK(index >= samples, GL_INVALID_VALUE);
   const float(*pos)[2] = samples == 2    ? pos2
                          : samples == 4  ? pos4
                          : samples == 8  ? pos8
                          : samples == 16 ? pos16
                                          : pos1;
   if (samples != 2 && samples != 4 && samples != 8 && samples != 16) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "GL_SAMPLE_POSITION for %u samples: no standard positions, pixel centre",
                  samples);
      index = 0;
   }
   val[0] = pos[index][0];
   val[1] = pos[index][1];
}

void
fe_fbo_build_state(struct fe_context *ctx, struct mgp_framebuffer_state *st)
{
   /* The default framebuffer's handles are read below: they must be this context's group's
    * (a failed move leaves the surface without buffers, which reads as null handles). */
   if (!ctx->draw_fbo)
      (void)fe_surface_claim(ctx, ctx->draw_surface);
   if (!ctx->read_fbo)
      (void)fe_surface_claim(ctx, ctx->read_surface);
   memset(st, 0, sizeof(*st));
   for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
      st->draw_buffers[i] = -1;
   st->layers = 1;
   st->samples = 1;
   st->srgb_encode = ctx->misc_framebuffer_srgb;
   struct fe_framebuffer *fb = ctx->draw_fbo;
   if (!fb) {
      struct fe_surface *surf = ctx->draw_surface;
      st->fbo = MGP_DEFAULT_FRAMEBUFFER;
      st->is_default = 1;
      /* A read of a multisampled surface's depth or stencil names its resolved images, all
       * single-sampled (fe_surface_resolve_ds; glReadPixels). */
      const bool resolved = ctx->read_ds_resolved && surf && !mgp_handle_is_null(surf->resolve) &&
                            !mgp_handle_is_null(surf->ds_resolve);
      if (surf) {
         st->color[0] = surface_color(surf);
         if (resolved)
            st->color[0].res = surf->resolve;
         if (!mgp_handle_is_null(surf->depth_stencil)) {
            struct mgp_surface ds = {.res = resolved ? surf->ds_resolve : surf->depth_stencil,
                                     .format = surf->ds_format,
                                     .kind = 2};
            if (surf->format.depth_bits)
               st->depth = ds;
            if (surf->format.stencil_bits)
               st->stencil = ds;
         }
         st->width = (uint32_t)surf->width;
         st->height = (uint32_t)surf->height;
         if (surface_samples(surf) && !resolved)
            st->samples = surf->format.samples;
         if (ctx->default_draw_buffer != GL_NONE)
            st->draw_buffers[0] = 0;
      }
   } else {
      st->fbo = fb->handle;
      uint32_t w = UINT32_MAX, h = UINT32_MAX;
      for (int i = 0; i < FE_ATT_COUNT; i++) {
         struct mgp_surface s = attachment_surface(&fb->att[i]);
         if (fb->att[i].type == GL_NONE)
            continue;
         GLenum ifmt;
         uint16_t format;
         uint32_t aw, ah;
         unsigned samples;
         if (attachment_image(&fb->att[i], &ifmt, &format, &aw, &ah, &samples)) {
            w = aw < w ? aw : w;
            h = ah < h ? ah : h;
            st->samples = (uint8_t)samples;
         }
         if (i < FE_MAX_COLOR_ATTACHMENTS)
            st->color[i] = s;
         else if (i == FE_ATT_DEPTH)
            st->depth = s;
         else
            st->stencil = s;
      }
      st->width = w == UINT32_MAX ? 0 : w;
      st->height = h == UINT32_MAX ? 0 : h;
      /* no attachments (ARB_framebuffer_no_attachments): the defaults' size, layers and
       * samples */
      if (w == UINT32_MAX && h == UINT32_MAX) {
         st->width = (uint32_t)fb->default_width;
         st->height = (uint32_t)fb->default_height;
         st->layers = fb->default_layers > 1 ? (uint32_t)fb->default_layers : 1;
         st->samples = (uint8_t)(fb->default_samples_eff > 1 ? fb->default_samples_eff : 0);
      }
      for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
         if (fb->draw_buffers[i] != GL_NONE)
            st->draw_buffers[i] = (int8_t)(fb->draw_buffers[i] - GL_COLOR_ATTACHMENT0);
   }
   /* The read surface, resolved from the read framebuffer's read buffer. */
   struct fe_framebuffer *rf = ctx->read_fbo;
   if (!rf) {
      if (ctx->default_read_buffer != GL_NONE) {
         st->read = surface_color(ctx->read_surface);
         /* A multisampled default framebuffer is read through its resolved image, which the
          * reading verb resolves first (fe_surface_resolve). */
         if (ctx->read_surface && !mgp_handle_is_null(ctx->read_surface->resolve))
            st->read.res = ctx->read_surface->resolve;
      }
   } else if (rf->read_buffer != GL_NONE) {
      st->read = attachment_surface(&rf->att[rf->read_buffer - GL_COLOR_ATTACHMENT0]);
   }
}

bool
fe_fbo_read_format(struct fe_context *ctx, uint16_t *format, unsigned *samples)
{
   struct fe_framebuffer *rf = ctx->read_fbo;
   *samples = 1;
   if (!rf) {
      if (ctx->default_read_buffer == GL_NONE || !ctx->read_surface)
         return false;
      *format = ctx->read_surface->color_format;
      return true;
   }
   if (rf->read_buffer == GL_NONE)
      return false;
   GLenum ifmt;
   uint32_t w, h;
   return attachment_image(&rf->att[rf->read_buffer - GL_COLOR_ATTACHMENT0], &ifmt, format, &w, &h,
                           samples);
}

bool
fe_format_color_renderable(const struct fe_context *ctx, const struct fe_format_info *info)
{
   if (!info)
      return false;
   const GLenum f = info->internal_format;
   if (ctx->desc.api == FE_API_GLES && !info->block && info->kind == FE_FMT_SNORM)
      return fe_es_snorm_renders((struct fe_context *)ctx, f) &&
             (ctx->share->caps->format_flags[info->format] & MGP_FORMAT_CAP_RENDER) != 0;
   /* ES: R16, RG16 and RGBA16 with EXT_texture_norm16 (its RGB16 is a texture format only) */
   if (ctx->desc.api == FE_API_GLES && (f == GL_R16 || f == GL_RG16 || f == GL_RGBA16))
      return !fe_es_format_lacks((struct fe_context *)ctx, f);
   if (ctx->desc.api == FE_API_GLES && f == GL_RGB16)
      return false;
   if (info->color_renderable)
      return true;
   /* not the sRGB luminance ones (GL 3.0 compatibility: texture formats only) nor the generic
    * compressed names (GL_COMPRESSED_LUMINANCE, ...: compressed formats render nothing) */
   if (ctx->compat && ctx->desc.api != FE_API_GLES && !info->block &&
       info->format != MGP_FORMAT_RGBA8_SRGB &&
       fe_compat_queried_format(ctx, info->internal_format) == info->internal_format &&
       (info->base == FE_GL_LUMINANCE || info->base == FE_GL_INTENSITY ||
        fe_format_legacy_wide(info)) &&
       (info->kind == FE_FMT_UNORM || info->kind == FE_FMT_FLOAT))
      return (ctx->share->caps->format_flags[info->format] & MGP_FORMAT_CAP_RENDER) != 0;
   if (info->kind != FE_FMT_SNORM || info->block || ctx->desc.api == FE_API_GLES ||
       (info->base != GL_RED && info->base != GL_RG && info->base != GL_RGB &&
        info->base != GL_RGBA))
      return false;
   return (ctx->share->caps->format_flags[info->format] & MGP_FORMAT_CAP_RENDER) != 0;
}

/* A colour format glRenderbufferStorage takes that mgl does not render: compatibility
 * contexts' ALPHA and LUMINANCE_ALPHA formats stored as R or RG (the signed normalized and
 * generic compressed ones; not those kept in RGBA: fe_format_legacy_wide), and the signed
 * normalized LUMINANCE and INTENSITY ones
 * (colour-renderable under ARB_framebuffer_object; drawing the alpha ones would need the
 * fragment's alpha moved into the stored red or green) and their GL_RGB9_E5
 * (EXT_texture_shared_exponent; no device here renders it). The
 * storage is made (its queries answer) and a framebuffer with it attached is
 * GL_FRAMEBUFFER_UNSUPPORTED, as Mesa's is where its driver does not render the format. */
static bool
rb_unrendered_format(const struct fe_context *ctx, const struct fe_format_info *info)
{
   if (!info || info->block || ctx->desc.api == FE_API_GLES)
      return false;
   if (info->internal_format == GL_RGB9_E5)
      return ctx->compat; /* core: not colour-renderable, GL_INVALID_ENUM (GL 4.6 9.2.4) */
   return ctx->compat && info->kind != FE_FMT_INT && info->kind != FE_FMT_UINT &&
          info->format != MGP_FORMAT_RGBA8_SRGB && /* sRGB luminance: textures only */
          (info->base == GL_ALPHA || info->base == FE_GL_LUMINANCE ||
           info->base == FE_GL_LUMINANCE_ALPHA || info->base == FE_GL_INTENSITY);
}

/* Whether an MGPipe colour format is fixed-point (normalized: GL's "fixed-point components"). */
static bool
format_fixed_point(uint16_t format)
{
   const unsigned kind = fe_mgp_format(format)->kind;
   return kind == FE_FMT_UNORM || kind == FE_FMT_SNORM;
}

bool
fe_fbo_draw_fixed_point(struct fe_context *ctx)
{
   const struct fe_framebuffer *fb = ctx->draw_fbo;
   if (!fb)
      return true; /* the default framebuffer's colour is RGBA8 or the like */
   for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
      if (fb->draw_buffers[i] == GL_NONE)
         continue;
      GLenum ifmt;
      uint16_t format;
      uint32_t w, h;
      unsigned samples;
      if (attachment_image(&fb->att[fb->draw_buffers[i] - GL_COLOR_ATTACHMENT0], &ifmt, &format, &w,
                           &h, &samples) &&
          !format_fixed_point(format))
         return false;
   }
   return true;
}

bool
fe_fbo_read_fixed_point(struct fe_context *ctx)
{
   uint16_t format;
   unsigned samples;
   return !fe_fbo_read_format(ctx, &format, &samples) || format_fixed_point(format);
}

bool
fe_fbo_read_image(struct fe_context *ctx, unsigned what, uint16_t *format, bool *has_alpha)
{
   struct fe_framebuffer *rf = ctx->read_fbo;
   *has_alpha = false;
   if (what == MGP_PACK_WHAT_COLOR) {
      unsigned samples;
      if (!fe_fbo_read_format(ctx, format, &samples))
         return false;
      bool no_alpha = false;
      if (!rf) {
         no_alpha = ctx->read_surface->format.alpha_bits == 0;
      } else {
         GLenum ifmt;
         uint32_t w, h;
         attachment_image(&rf->att[rf->read_buffer - GL_COLOR_ATTACHMENT0], &ifmt, format, &w, &h,
                          &samples);
         no_alpha = fe_format_no_alpha(fe_format_lookup(ifmt));
      }
      *has_alpha = fe_mgp_format(*format)->bits[3] && !no_alpha;
      return true;
   }
   if (!rf) {
      struct fe_surface *s = ctx->read_surface;
      if (!s || mgp_handle_is_null(s->depth_stencil))
         return false;
      *format = s->ds_format;
      return true;
   }
   GLenum ifmt;
   uint32_t w, h;
   unsigned samples;
   return attachment_image(&rf->att[what == MGP_PACK_WHAT_STENCIL ? FE_ATT_STENCIL : FE_ATT_DEPTH],
                           &ifmt, format, &w, &h, &samples);
}

/* ---- framebuffer objects ------------------------------------------------------------------- */

void
mgl_glGenFramebuffers(GLsizei n, GLuint *framebuffers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++)
      framebuffers[i] = fe_names_gen(&ctx->fbos);
}

void
mgl_glDeleteFramebuffers(GLsizei n, const GLuint *framebuffers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      void *obj = fe_names_get(&ctx->fbos, framebuffers[i]);
      if (!obj)
         continue;
      fe_names_delete(&ctx->fbos, framebuffers[i]);
      if (obj == FE_NAME_RESERVED)
         continue;
      if (ctx->draw_fbo == obj) {
         ctx->draw_fbo = NULL;
         fe_draw_touch(ctx);
      }
      if (ctx->read_fbo == obj) {
         ctx->read_fbo = NULL;
         fe_draw_touch(ctx);
      }
      /* Its address may come back as another framebuffer: forget the key. */
      memset(ctx->tracker.fb_key, 0, sizeof(ctx->tracker.fb_key));
      fe_tracker_forget_draw(ctx);
      fe_fbo_destroy(ctx, obj);
   }
}

/* A framebuffer object in its initial state (draw and read buffer COLOR_ATTACHMENT0) with its
 * handle; NULL when out of memory. */
static struct fe_framebuffer *
fbo_new(struct fe_context *ctx)
{
   struct fe_framebuffer *fb = calloc(1, sizeof(*fb));
   if (!fb)
      return NULL;
   if (!fe_share_alloc_handle(ctx->share, MGP_KIND_FRAMEBUFFER, &fb->handle)) {
      free(fb);
      return NULL;
   }
   fb->draw_buffers[0] = GL_COLOR_ATTACHMENT0;
   fb->read_buffer = GL_COLOR_ATTACHMENT0;
   fb->version = 1;
   return fb;
}

struct fe_framebuffer *
fe_fbo_create_internal(struct fe_context *ctx, struct fe_texture *color)
{
   struct fe_framebuffer *fb = fbo_new(ctx);
   if (fb)
      attachment_set(ctx, &fb->att[0], color, NULL, 0, 0, false);
   return fb;
}

/* Zeroes the components an image of internal_format kept in RGBA (fe_format_legacy_wide) does
 * not have (R, G and B of an alpha one; G and B of a luminance-alpha one) over the box (x, y,
 * w, h) of tex's level and layer (a cube map's face, an array's layer): a clear through a
 * framebuffer of that image only, masked to those components and scissored to the box, as
 * blit_zero_absent does for glBlitFramebuffer. After a copy into the image (glCopyTex*Image
 * reads the read buffer's RGBA into the RGBA storage). */
void
fe_fbo_zero_absent_texels(struct fe_context *ctx, struct fe_texture *tex, GLenum internal_format,
                          unsigned level, uint32_t layer, GLint x, GLint y, GLsizei w, GLsizei h)
{
   const struct fe_format_info *info = fe_format_lookup(internal_format);
   if (!fe_format_legacy_wide(info) || w <= 0 || h <= 0)
      return;
   struct fe_framebuffer *fb = fbo_new(ctx);
   FE_CHECK(!fb, GL_OUT_OF_MEMORY);
   attachment_set(ctx, &fb->att[0], tex, NULL, (GLint)level, (GLint)layer, false);
   struct mgp_clear c = {
      .color_buffers = 1,
      .color_kind = 0,
      .scissor_enable = 1,
      .color_write_mask = {info->base == GL_ALPHA ? 0x7 : 0x6}, /* RGB; G and B */
      .scissor = {x, y, w, h},
   };
   struct fe_framebuffer *saved = ctx->draw_fbo;
   ctx->draw_fbo = fb;
   fe_draw_touch(ctx);
   /* the copy is not conditional (GL 4.6 §10.10), the clear would be: conditional rendering
    * is ended around it and begun again on the same query */
   const bool cond = ctx->cond_render &&
                     fe_call_supported(ctx->share, MGP_CALL_begin_conditional_render) &&
                     fe_call_supported(ctx->share, MGP_CALL_end_conditional_render);
   if (cond)
      mgp_end_conditional_render(&ctx->pipe, &(struct mgp_u32_args){0});
   if (fe_validate(ctx, FE_VERB_CLEAR))
      mgp_clear(&ctx->pipe, &c);
   if (cond)
      mgp_begin_conditional_render(&ctx->pipe, &ctx->cond_desc);
   ctx->draw_fbo = saved;
   fe_draw_touch(ctx);
   fe_fbo_destroy(ctx, fb);
}

/* glClearTex(Sub)Image of a multisample texture, whose samples no upload reaches: the box (x, y,
 * w, h) of layers z .. z + d - 1 of tex's level cleared through a framebuffer of one layer at a
 * time (colour attachment 0, or the depth or stencil attachment), to the buffers, kind and
 * values of `values`; every component written, scissored to the box. Like an upload, it is not
 * conditional and takes an sRGB image's values unconverted (GL_FRAMEBUFFER_SRGB off for it). */
void
fe_fbo_clear_texture_box(struct fe_context *ctx, struct fe_texture *tex, unsigned level, uint32_t z,
                         uint32_t d, GLint x, GLint y, GLsizei w, GLsizei h,
                         const struct mgp_clear *values)
{
   struct fe_framebuffer *fb = fbo_new(ctx);
   FE_CHECK(!fb, GL_OUT_OF_MEMORY);
   struct mgp_clear c = *values;
   c.scissor_enable = 1;
   c.scissor[0] = x, c.scissor[1] = y, c.scissor[2] = w, c.scissor[3] = h;
   memset(c.color_write_mask, 0, sizeof(c.color_write_mask));
   c.color_write_mask[0] = c.color_buffers ? 0xf : 0;
   c.depth_write = c.depth;
   c.stencil_write_mask = c.stencil ? 0xffffffffu : 0;
   const int att = c.color_buffers ? 0 : c.depth ? FE_ATT_DEPTH : FE_ATT_STENCIL;
   struct fe_framebuffer *saved = ctx->draw_fbo;
   const bool srgb = ctx->misc_framebuffer_srgb;
   ctx->draw_fbo = fb;
   ctx->misc_framebuffer_srgb = false;
   const bool cond = ctx->cond_render &&
                     fe_call_supported(ctx->share, MGP_CALL_begin_conditional_render) &&
                     fe_call_supported(ctx->share, MGP_CALL_end_conditional_render);
   if (cond)
      mgp_end_conditional_render(&ctx->pipe, &(struct mgp_u32_args){0});
   for (uint32_t k = 0; k < d; k++) {
      attachment_set(ctx, &fb->att[att], tex, NULL, (GLint)level, (GLint)(z + k), false);
      fe_draw_bump(ctx, &fb->version);
      fe_draw_touch(ctx);
      if (fe_validate(ctx, FE_VERB_CLEAR))
         mgp_clear(&ctx->pipe, &c);
   }
   if (cond)
      mgp_begin_conditional_render(&ctx->pipe, &ctx->cond_desc);
   ctx->misc_framebuffer_srgb = srgb;
   ctx->draw_fbo = saved;
   fe_draw_touch(ctx);
   fe_fbo_destroy(ctx, fb);
}

/* The object of a reserved name (first bind, or glCreateFramebuffers): NULL after recording
 * GL_OUT_OF_MEMORY. */
static struct fe_framebuffer *
fbo_named_new(struct fe_context *ctx, GLuint name)
{
   struct fe_framebuffer *fb = fbo_new(ctx);
   FE_CHECK(!fb, GL_OUT_OF_MEMORY, NULL);
   fb->name = name;
   fe_names_set(&ctx->fbos, name, fb);
   return fb;
}

/* GL 4.5 §9.2: names whose objects exist at once (the bindings do not change). */
void
mgl_glCreateFramebuffers(GLsizei n, GLuint *framebuffers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      framebuffers[i] = fe_names_gen(&ctx->fbos);
      if (!fbo_named_new(ctx, framebuffers[i]))
         return;
   }
}

bool
fe_fbo_named(struct fe_context *ctx, GLuint framebuffer, struct fe_framebuffer **fb)
{
   void *obj = framebuffer ? fe_names_get(&ctx->fbos, framebuffer) : NULL;
   *fb = obj;
   FE_CHECK(framebuffer && (!obj || obj == FE_NAME_RESERVED), GL_INVALID_OPERATION, false);
   return true;
}

void
mgl_glBindFramebuffer(GLenum target, GLuint framebuffer)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fb_binding(ctx, target), GL_INVALID_ENUM);
   struct fe_framebuffer *fb = NULL;
   if (framebuffer) {
      void *obj = fe_names_get(&ctx->fbos, framebuffer);
      FE_CHECK(!obj, GL_INVALID_OPERATION);
      fb = obj == FE_NAME_RESERVED ? fbo_named_new(ctx, framebuffer) : obj;
      if (!fb)
         return;
   }
   if (target == GL_FRAMEBUFFER || target == GL_DRAW_FRAMEBUFFER) {
      ctx->draw_fbo = fb;
      fe_draw_touch(ctx);
   }
   if (target == GL_FRAMEBUFFER || target == GL_READ_FRAMEBUFFER) {
      ctx->read_fbo = fb;
      fe_draw_touch(ctx);
   }
}

GLboolean
mgl_glIsFramebuffer(GLuint framebuffer)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   void *obj = fe_names_get(&ctx->fbos, framebuffer);
   return obj && obj != FE_NAME_RESERVED ? GL_TRUE : GL_FALSE;
}

GLenum
mgl_glCheckFramebufferStatus(GLenum target)
{
   FE_CTX_OR_RETURN(0);
   struct fe_framebuffer **b = fb_binding(ctx, target);
   FE_CHECK(!b, GL_INVALID_ENUM, 0);
   return fe_fbo_status(ctx, *b, target == GL_READ_FRAMEBUFFER);
}

GLenum
mgl_glCheckNamedFramebufferStatus(GLuint framebuffer, GLenum target)
{
   FE_CTX_OR_RETURN(0);
   FE_CHECK(!fb_binding(ctx, target), GL_INVALID_ENUM, 0);
   struct fe_framebuffer *fb;
   if (!fe_fbo_named(ctx, framebuffer, &fb))
      return 0;
   return fe_fbo_status(ctx, fb, target == GL_READ_FRAMEBUFFER);
}

/* fb (NULL: the default framebuffer) for an attach call to attachment: NULL after recording
 * the error. */
static struct fe_framebuffer *
attach_slot(struct fe_context *ctx, struct fe_framebuffer *fb, GLenum attachment, int *slot)
{
   *slot = attachment_slot(attachment);
   FE_CHECK(*slot == -1, GL_INVALID_ENUM, NULL);
   FE_CHECK(*slot == -2 || !fb, GL_INVALID_OPERATION, NULL);
   return fb;
}

/* The framebuffer an attach call edits; NULL after recording the error. */
static struct fe_framebuffer *
attach_target(struct fe_context *ctx, GLenum target, GLenum attachment, int *slot)
{
   struct fe_framebuffer **b = fb_binding(ctx, target);
   FE_CHECK(!b, GL_INVALID_ENUM, NULL);
   return attach_slot(ctx, *b, attachment, slot);
}

/* The framebuffer a glNamedFramebuffer* attach call edits (zero, the default framebuffer,
 * has no attachments to edit); NULL after recording the error. */
static struct fe_framebuffer *
attach_named(struct fe_context *ctx, GLuint framebuffer, GLenum attachment, int *slot)
{
   struct fe_framebuffer *fb;
   return fe_fbo_named(ctx, framebuffer, &fb) ? attach_slot(ctx, fb, attachment, slot) : NULL;
}

static void
attach(struct fe_context *ctx, struct fe_framebuffer *fb, int slot, struct fe_texture *tex,
       struct fe_renderbuffer *rb, GLint level, GLint layer, bool layered)
{
   if (slot == -3) {
      attachment_set(ctx, &fb->att[FE_ATT_DEPTH], tex, rb, level, layer, layered);
      attachment_set(ctx, &fb->att[FE_ATT_STENCIL], tex, rb, level, layer, layered);
   } else {
      attachment_set(ctx, &fb->att[slot], tex, rb, level, layer, layered);
   }
   fe_draw_bump(ctx, &fb->version);
}

static struct fe_texture *
texture_by_name(struct fe_context *ctx, GLuint name)
{
   pthread_mutex_lock(&ctx->share->lock);
   void *obj = fe_names_get(&ctx->share->textures, name);
   pthread_mutex_unlock(&ctx->share->lock);
   return obj == FE_NAME_RESERVED ? NULL : obj;
}

void
mgl_glFramebufferTexture2D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                           GLint level)
{
   FE_CTX_OR_RETURN();
   int slot;
   struct fe_framebuffer *fb = attach_target(ctx, target, attachment, &slot);
   if (!fb)
      return;
   if (!texture) {
      attach(ctx, fb, slot, NULL, NULL, 0, 0, false);
      return;
   }
   enum fe_tex_target want;
   GLint face = 0;
   switch (textarget) {
   case GL_TEXTURE_2D: want = FE_TEX_2D; break;
   case GL_TEXTURE_RECTANGLE: want = FE_TEX_RECT; break;
   case GL_TEXTURE_2D_MULTISAMPLE: want = FE_TEX_2D_MS; break;
   case GL_TEXTURE_CUBE_MAP_POSITIVE_X:
   case GL_TEXTURE_CUBE_MAP_NEGATIVE_X:
   case GL_TEXTURE_CUBE_MAP_POSITIVE_Y:
   case GL_TEXTURE_CUBE_MAP_NEGATIVE_Y:
   case GL_TEXTURE_CUBE_MAP_POSITIVE_Z:
   case GL_TEXTURE_CUBE_MAP_NEGATIVE_Z:
      want = FE_TEX_CUBE;
      face = (GLint)(textarget - GL_TEXTURE_CUBE_MAP_POSITIVE_X);
      break;
   default: fe_error(ctx, GL_INVALID_ENUM); return;
   }
   struct fe_texture *tex = texture_by_name(ctx, texture);
   FE_CHECK(!tex, GL_INVALID_OPERATION);
   FE_CHECK(tex->target != want, GL_INVALID_OPERATION);
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK((want == FE_TEX_RECT || want == FE_TEX_2D_MS) && level != 0, GL_INVALID_VALUE);
   attach(ctx, fb, slot, tex, NULL, level, face, false);
}

void
mgl_glFramebufferTexture1D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                           GLint level)
{
   FE_CTX_OR_RETURN();
   int slot;
   struct fe_framebuffer *fb = attach_target(ctx, target, attachment, &slot);
   if (!fb)
      return;
   if (!texture) {
      attach(ctx, fb, slot, NULL, NULL, 0, 0, false);
      return;
   }
   /* GL 3.3 §4.4.2: textarget names the texture's target, which must be TEXTURE_1D; a name
    * that is no texture target at all is an unknown enum (as Mesa answers). */
   FE_CHECK(fe_tex_target_index(ctx, textarget) < 0 &&
               !(textarget >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
                 textarget <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z),
            GL_INVALID_ENUM);
   FE_CHECK(textarget != GL_TEXTURE_1D, GL_INVALID_OPERATION);
   struct fe_texture *tex = texture_by_name(ctx, texture);
   FE_CHECK(!tex || tex->target != FE_TEX_1D, GL_INVALID_OPERATION);
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   attach(ctx, fb, slot, tex, NULL, level, 0, false);
}

static void
framebuffer_texture(struct fe_context *ctx, struct fe_framebuffer *fb, int slot, GLuint texture,
                    GLint level)
{
   if (!texture) {
      attach(ctx, fb, slot, NULL, NULL, 0, 0, false);
      return;
   }
   struct fe_texture *tex = texture_by_name(ctx, texture);
   FE_CHECK(!tex, GL_INVALID_OPERATION);
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK(tex->target == FE_TEX_BUFFER, GL_INVALID_OPERATION);
   FE_CHECK((tex->target == FE_TEX_RECT || tex->target == FE_TEX_2D_MS ||
             tex->target == FE_TEX_2D_MS_ARRAY) &&
               level != 0,
            GL_INVALID_VALUE);
   /* A 3D, array or cube texture attaches every layer (drawing to all of them at once is
    * declined by the backend until layered rendering lands). */
   attach(ctx, fb, slot, tex, NULL, level, 0, target_has_layers(tex->target));
}

void
mgl_glFramebufferTexture(GLenum target, GLenum attachment, GLuint texture, GLint level)
{
   FE_CTX_OR_RETURN();
   int slot;
   struct fe_framebuffer *fb = attach_target(ctx, target, attachment, &slot);
   if (fb)
      framebuffer_texture(ctx, fb, slot, texture, level);
}

void
mgl_glNamedFramebufferTexture(GLuint framebuffer, GLenum attachment, GLuint texture, GLint level)
{
   FE_CTX_OR_RETURN();
   int slot;
   struct fe_framebuffer *fb = attach_named(ctx, framebuffer, attachment, &slot);
   if (fb)
      framebuffer_texture(ctx, fb, slot, texture, level);
}

/* GL 3.3 §4.4.2: the layer of a 3D or array texture, shared by glFramebufferTextureLayer and
 * glFramebufferTexture3D once the texture is known to be of a layered target. */
static void
attach_layer(struct fe_context *ctx, struct fe_framebuffer *fb, int slot, struct fe_texture *tex,
             GLint level, GLint layer)
{
   const struct mgp_caps *caps = ctx->share->caps;
   const bool is3d = tex->target == FE_TEX_3D;
   uint32_t max = is3d ? (caps->max_3d_texture_size ? caps->max_3d_texture_size : 2048)
                       : (caps->max_array_layers ? caps->max_array_layers : 2048);
   FE_CHECK(layer < 0 || (uint32_t)layer >= max, GL_INVALID_VALUE);
   FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
   FE_CHECK(tex->target == FE_TEX_2D_MS_ARRAY && level != 0, GL_INVALID_VALUE);
   attach(ctx, fb, slot, tex, NULL, level, layer, false);
}

static void
framebuffer_texture_layer(struct fe_context *ctx, struct fe_framebuffer *fb, int slot,
                          GLuint texture, GLint level, GLint layer)
{
   if (!texture) {
      attach(ctx, fb, slot, NULL, NULL, 0, 0, false);
      return;
   }
   struct fe_texture *tex = texture_by_name(ctx, texture);
   FE_CHECK(!tex, GL_INVALID_OPERATION);
   /* GL 4.5 9.2.8: a cube map texture's face is layer (0-5, the face order of
    * TEXTURE_CUBE_MAP_POSITIVE_X on), as glFramebufferTexture2D attaches it */
   if (tex->target == FE_TEX_CUBE && ctx->desc.api != FE_API_GLES &&
       ctx->desc.major * 10 + ctx->desc.minor >= 45) {
      FE_CHECK(layer < 0 || layer > 5, GL_INVALID_VALUE);
      FE_CHECK(level < 0 || level >= FE_MAX_LEVELS, GL_INVALID_VALUE);
      attach(ctx, fb, slot, tex, NULL, level, layer, false);
      return;
   }
   /* GL 3.3: 3D, 1D/2D array and 2D multisample array textures; a cube map is not one before
    * GL 4.5, a cube map array is (its layer-faces, ARB_texture_cube_map_array). */
   FE_CHECK(tex->target != FE_TEX_3D && tex->target != FE_TEX_1D_ARRAY &&
               tex->target != FE_TEX_2D_ARRAY && tex->target != FE_TEX_2D_MS_ARRAY &&
               tex->target != FE_TEX_CUBE_ARRAY,
            GL_INVALID_OPERATION);
   attach_layer(ctx, fb, slot, tex, level, layer);
}

void
mgl_glFramebufferTextureLayer(GLenum target, GLenum attachment, GLuint texture, GLint level,
                              GLint layer)
{
   FE_CTX_OR_RETURN();
   int slot;
   struct fe_framebuffer *fb = attach_target(ctx, target, attachment, &slot);
   if (fb)
      framebuffer_texture_layer(ctx, fb, slot, texture, level, layer);
}

void
mgl_glNamedFramebufferTextureLayer(GLuint framebuffer, GLenum attachment, GLuint texture,
                                   GLint level, GLint layer)
{
   FE_CTX_OR_RETURN();
   int slot;
   struct fe_framebuffer *fb = attach_named(ctx, framebuffer, attachment, &slot);
   if (fb)
      framebuffer_texture_layer(ctx, fb, slot, texture, level, layer);
}

void
mgl_glFramebufferTexture3D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                           GLint level, GLint zoffset)
{
   FE_CTX_OR_RETURN();
   int slot;
   struct fe_framebuffer *fb = attach_target(ctx, target, attachment, &slot);
   if (!fb)
      return;
   if (!texture) {
      attach(ctx, fb, slot, NULL, NULL, 0, 0, false);
      return;
   }
   FE_CHECK(textarget != GL_TEXTURE_3D, GL_INVALID_OPERATION);
   struct fe_texture *tex = texture_by_name(ctx, texture);
   FE_CHECK(!tex || tex->target != FE_TEX_3D, GL_INVALID_OPERATION);
   attach_layer(ctx, fb, slot, tex, level, zoffset);
}

static void
framebuffer_renderbuffer(struct fe_context *ctx, struct fe_framebuffer *fb, int slot,
                         GLenum renderbuffertarget, GLuint renderbuffer)
{
   FE_CHECK(renderbuffertarget != GL_RENDERBUFFER, GL_INVALID_ENUM);
   struct fe_renderbuffer *rb = NULL;
   if (renderbuffer) {
      pthread_mutex_lock(&ctx->share->lock);
      void *obj = fe_names_get(&ctx->share->renderbuffers, renderbuffer);
      pthread_mutex_unlock(&ctx->share->lock);
      FE_CHECK(!obj || obj == FE_NAME_RESERVED, GL_INVALID_OPERATION);
      rb = obj;
   }
   attach(ctx, fb, slot, NULL, rb, 0, 0, false);
}

void
mgl_glFramebufferRenderbuffer(GLenum target, GLenum attachment, GLenum renderbuffertarget,
                              GLuint renderbuffer)
{
   FE_CTX_OR_RETURN();
   int slot;
   struct fe_framebuffer *fb = attach_target(ctx, target, attachment, &slot);
   if (fb)
      framebuffer_renderbuffer(ctx, fb, slot, renderbuffertarget, renderbuffer);
}

void
mgl_glNamedFramebufferRenderbuffer(GLuint framebuffer, GLenum attachment, GLenum renderbuffertarget,
                                   GLuint renderbuffer)
{
   FE_CTX_OR_RETURN();
   int slot;
   struct fe_framebuffer *fb = attach_named(ctx, framebuffer, attachment, &slot);
   if (fb)
      framebuffer_renderbuffer(ctx, fb, slot, renderbuffertarget, renderbuffer);
}

void
fe_framebuffer_bits(struct fe_context *ctx, int bits[6])
{
   memset(bits, 0, 6 * sizeof(*bits));
   struct fe_framebuffer *fb = ctx->draw_fbo;
   if (!fb) {
      const struct fe_surface_format *f = ctx->draw_surface ? &ctx->draw_surface->format : NULL;
      if (f) {
         bits[0] = f->red_bits, bits[1] = f->green_bits, bits[2] = f->blue_bits;
         bits[3] = f->alpha_bits, bits[4] = f->depth_bits, bits[5] = f->stencil_bits;
      }
      return;
   }
   const GLenum db = fb->draw_buffers[0];
   const int slots[3] = {db >= GL_COLOR_ATTACHMENT0 &&
                               db < GL_COLOR_ATTACHMENT0 + FE_MAX_COLOR_ATTACHMENTS
                            ? (int)(db - GL_COLOR_ATTACHMENT0)
                            : -1,
                         FE_ATT_DEPTH, FE_ATT_STENCIL};
   for (int k = 0; k < 3; k++) {
      GLenum ifmt;
      uint16_t format;
      uint32_t w, h;
      unsigned samples;
      if (slots[k] < 0 || fb->att[slots[k]].type == GL_NONE ||
          !attachment_image(&fb->att[slots[k]], &ifmt, &format, &w, &h, &samples))
         continue;
      const struct fe_mgp_format_desc *fd = fe_mgp_format(format);
      const struct fe_format_info *info = fe_format_lookup(ifmt);
      if (k == 0) {
         for (int c = 0; c < 3; c++)
            bits[c] = fd->bits[c];
         /* a format without alpha may be stored with some (RGB565 as RGBA8): none is seen */
         bits[3] = info && info->base == GL_RGBA ? fd->bits[3] : 0;
      } else
         bits[k + 3] = fd->bits[k + 3];
   }
}

uint16_t
fe_framebuffer_depth_format(const struct fe_context *ctx)
{
   const struct fe_framebuffer *fb = ctx->draw_fbo;
   if (!fb)
      return ctx->draw_surface ? ctx->draw_surface->ds_format : (uint16_t)MGP_FORMAT_NONE;
   GLenum ifmt;
   uint16_t format;
   uint32_t w, h;
   unsigned samples;
   const struct fe_attachment *a = &fb->att[FE_ATT_DEPTH];
   if (a->type == GL_NONE || !attachment_image(a, &ifmt, &format, &w, &h, &samples))
      return MGP_FORMAT_NONE;
   return format;
}

/* An attachment's parameter of fb (NULL: the default framebuffer, whose draw or read surface
 * answers). */
static void
attachment_parameter(struct fe_context *ctx, struct fe_framebuffer *fb, bool read,
                     GLenum attachment, GLenum pname, GLint *params)
{
   const struct fe_attachment *a;
   struct fe_attachment none = {0};
   if (!fb) {
      switch (attachment) {
      case GL_FRONT_LEFT:
      case GL_BACK_LEFT:
      case GL_DEPTH:
      case GL_STENCIL: break;
      case GL_BACK: /* OpenGL ES 3.2 §9.2.3: the default framebuffer's colour buffer */
         if (ctx->desc.api == FE_API_GLES)
            break;
         fe_error(ctx, GL_INVALID_ENUM);
         return;
      default: fe_error(ctx, GL_INVALID_ENUM); return;
      }
      if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
         *params = GL_FRAMEBUFFER_DEFAULT;
         return;
      }
      struct fe_surface *s = read ? ctx->read_surface : ctx->draw_surface;
      const struct fe_surface_format *f = s ? &s->format : NULL;
      switch (pname) {
      case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE:
         *params = f && attachment != GL_DEPTH && attachment != GL_STENCIL ? f->red_bits : 0;
         return;
      case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE:
         *params = f && attachment != GL_DEPTH && attachment != GL_STENCIL ? f->green_bits : 0;
         return;
      case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE:
         *params = f && attachment != GL_DEPTH && attachment != GL_STENCIL ? f->blue_bits : 0;
         return;
      case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE:
         *params = f && attachment != GL_DEPTH && attachment != GL_STENCIL ? f->alpha_bits : 0;
         return;
      case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE:
         *params = f && attachment == GL_DEPTH ? f->depth_bits : 0;
         return;
      case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE:
         *params = f && attachment == GL_STENCIL ? f->stencil_bits : 0;
         return;
      case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
         *params = attachment == GL_STENCIL ? FE_GL_INDEX : GL_UNSIGNED_NORMALIZED;
         return;
      case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING: *params = GL_LINEAR; return;
      default: fe_error(ctx, GL_INVALID_ENUM); return;
      }
   }
   int slot = attachment_slot(attachment);
   FE_CHECK(slot == -1, GL_INVALID_ENUM);
   FE_CHECK(slot == -2, GL_INVALID_OPERATION);
   if (slot == -3) {
      FE_CHECK(fb->att[FE_ATT_DEPTH].tex != fb->att[FE_ATT_STENCIL].tex ||
                  fb->att[FE_ATT_DEPTH].rb != fb->att[FE_ATT_STENCIL].rb,
               GL_INVALID_OPERATION);
      slot = FE_ATT_DEPTH;
   }
   a = &fb->att[slot];
   if (a->type == GL_NONE)
      a = &none;
   if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
      *params = (GLint)a->type;
      return;
   }
   if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) {
      *params = a->tex ? (GLint)a->tex->base.name : a->rb ? (GLint)a->rb->base.name : 0;
      return;
   }
   FE_CHECK(a->type == GL_NONE, GL_INVALID_OPERATION);
   GLenum ifmt = GL_NONE;
   uint16_t format = 0;
   uint32_t w, h;
   unsigned samples;
   attachment_image(a, &ifmt, &format, &w, &h, &samples);
   const struct fe_mgp_format_desc *fd = fe_mgp_format(format);
   switch (pname) {
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
      FE_CHECK(a->type != GL_TEXTURE, GL_INVALID_ENUM);
      *params = a->level;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
      FE_CHECK(a->type != GL_TEXTURE, GL_INVALID_ENUM);
      *params = a->tex->target == FE_TEX_CUBE && !a->layered
                   ? (GLint)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)a->layer)
                   : 0;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER:
      FE_CHECK(a->type != GL_TEXTURE, GL_INVALID_ENUM);
      *params = a->tex->target != FE_TEX_CUBE && !a->layered ? a->layer : 0;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_LAYERED:
      FE_CHECK(a->type != GL_TEXTURE, GL_INVALID_ENUM);
      *params = a->layered ? GL_TRUE : GL_FALSE;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE: *params = fd->bits[0]; return;
   case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE: *params = fd->bits[1]; return;
   case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE: *params = fd->bits[2]; return;
   case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE: *params = fd->bits[3]; return;
   case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE: *params = fd->bits[4]; return;
   case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: *params = fd->bits[5]; return;
   case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
      switch (fd->kind) {
      case FE_FMT_SNORM: *params = GL_SIGNED_NORMALIZED; return;
      case FE_FMT_FLOAT: *params = GL_FLOAT; return;
      case FE_FMT_INT: *params = GL_INT; return;
      case FE_FMT_UINT: *params = GL_UNSIGNED_INT; return;
      case FE_FMT_STENCIL: *params = FE_GL_INDEX; return;
      default: *params = format == MGP_FORMAT_D32_FLOAT ? GL_FLOAT : GL_UNSIGNED_NORMALIZED; return;
      }
   case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
      *params = format == MGP_FORMAT_RGBA8_SRGB ? GL_SRGB : GL_LINEAR;
      return;
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}

/* EXT_framebuffer_sRGB's GL_FRAMEBUFFER_SRGB_CAPABLE_EXT: whether GL_FRAMEBUFFER_SRGB encodes
 * what the draw framebuffer is given, that is whether one of its colour attachments is sRGB
 * (as Mesa answers for a framebuffer object); the window system's buffers are linear. */
bool
fe_fbo_draw_srgb_capable(const struct fe_context *ctx)
{
   const struct fe_framebuffer *fb = ctx->draw_fbo;
   if (!fb)
      return false;
   for (int i = 0; i < FE_MAX_COLOR_ATTACHMENTS; i++) {
      const struct fe_attachment *a = &fb->att[FE_ATT_COLOR0 + i];
      GLenum ifmt = GL_NONE;
      uint16_t format = 0;
      uint32_t w, h;
      unsigned samples;
      if (a->type != GL_NONE && attachment_image(a, &ifmt, &format, &w, &h, &samples) &&
          format == MGP_FORMAT_RGBA8_SRGB)
         return true;
   }
   return false;
}

/* The format kind (FE_FMT_*) of the image draw buffer i of the draw framebuffer names, -1 for
 * none (GL_NONE, an empty or incomplete attachment, the window system's buffers: never integer).
 * EXT_texture_integer's clears and GL_RGBA_INTEGER_MODE_EXT read it. */
int
fe_fbo_draw_buffer_kind(const struct fe_context *ctx, unsigned i)
{
   const struct fe_framebuffer *fb = ctx->draw_fbo;
   if (!fb || i >= FE_MAX_DRAW_BUFFERS)
      return -1;
   const GLenum b = fb->draw_buffers[i];
   if (b < GL_COLOR_ATTACHMENT0 || b >= GL_COLOR_ATTACHMENT0 + FE_MAX_COLOR_ATTACHMENTS)
      return -1;
   const struct fe_attachment *a = &fb->att[FE_ATT_COLOR0 + (b - GL_COLOR_ATTACHMENT0)];
   GLenum ifmt = GL_NONE;
   uint16_t format = 0;
   uint32_t w, h;
   unsigned samples;
   if (a->type == GL_NONE || !attachment_image(a, &ifmt, &format, &w, &h, &samples))
      return -1;
   return (int)fe_mgp_format(format)->kind;
}

/* EXT_packed_float's GL_RGBA_SIGNED_COMPONENTS_EXT: which of R, G, B and A the first draw
 * buffer holds signed (snorm, signed integer or float; the packed float formats store unsigned
 * values), a luminance standing for R, G and B and an intensity for all four; zeros for the
 * window system's unsigned buffers and for no draw buffer. */
void
fe_fbo_draw_signed_components(const struct fe_context *ctx, int out[4])
{
   out[0] = out[1] = out[2] = out[3] = 0;
   const struct fe_framebuffer *fb = ctx->draw_fbo;
   if (!fb || fb->draw_buffers[0] < GL_COLOR_ATTACHMENT0 ||
       fb->draw_buffers[0] >= GL_COLOR_ATTACHMENT0 + FE_MAX_COLOR_ATTACHMENTS)
      return;
   const struct fe_attachment *a =
      &fb->att[FE_ATT_COLOR0 + (fb->draw_buffers[0] - GL_COLOR_ATTACHMENT0)];
   GLenum ifmt = GL_NONE;
   uint16_t format = 0;
   uint32_t w, h;
   unsigned samples;
   if (a->type == GL_NONE || !attachment_image(a, &ifmt, &format, &w, &h, &samples))
      return;
   const struct fe_format_info *info = fe_format_lookup(ifmt);
   if (!info || format == MGP_FORMAT_R11G11B10_FLOAT || format == MGP_FORMAT_RGB9E5_FLOAT ||
       (info->kind != FE_FMT_SNORM && info->kind != FE_FMT_INT && info->kind != FE_FMT_FLOAT))
      return;
   switch (info->base) {
   case GL_RED: out[0] = 1; break;
   case GL_RG: out[0] = out[1] = 1; break;
   case GL_RGB: out[0] = out[1] = out[2] = 1; break;
   case GL_ALPHA: out[3] = 1; break;
   case FE_GL_LUMINANCE: out[0] = out[1] = out[2] = 1; break;
   case FE_GL_LUMINANCE_ALPHA:
   case FE_GL_INTENSITY:
   case GL_RGBA: out[0] = out[1] = out[2] = out[3] = 1; break;
   default: break;
   }
}

void
mgl_glGetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment, GLenum pname,
                                          GLint *params)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer **b = fb_binding(ctx, target);
   FE_CHECK(!b, GL_INVALID_ENUM);
   attachment_parameter(ctx, *b, target == GL_READ_FRAMEBUFFER, attachment, pname, params);
}

void
mgl_glGetNamedFramebufferAttachmentParameteriv(GLuint framebuffer, GLenum attachment, GLenum pname,
                                               GLint *params)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer *fb;
   if (fe_fbo_named(ctx, framebuffer, &fb))
      attachment_parameter(ctx, fb, false, attachment, pname, params);
}

/* ---- draw and read buffers ------------------------------------------------------------------- */

static bool
default_buffer_ok(GLenum buf, bool read)
{
   switch (buf) {
   case GL_NONE:
   case GL_FRONT:
   case GL_BACK:
   case GL_LEFT:
   case GL_FRONT_LEFT:
   case GL_BACK_LEFT: return true;
   case GL_FRONT_AND_BACK: return !read;
   default: return false;
   }
}

static bool
is_buffer_enum(GLenum buf)
{
   return default_buffer_ok(buf, false) || buf == GL_RIGHT || buf == GL_FRONT_RIGHT ||
          buf == GL_BACK_RIGHT || buf == GL_FRONT_AND_BACK ||
          (buf >= GL_COLOR_ATTACHMENT0 && buf <= GL_COLOR_ATTACHMENT31);
}

/* glDrawBuffer of fb (NULL: the default framebuffer). */
static void
draw_buffer(struct fe_context *ctx, struct fe_framebuffer *fb, GLenum buf)
{
   FE_CHECK(!is_buffer_enum(buf), GL_INVALID_ENUM);
   if (!fb) {
      FE_CHECK(!default_buffer_ok(buf, false), GL_INVALID_OPERATION);
      ctx->default_draw_buffer = buf;
      fe_draw_bump(ctx, &ctx->default_fb_version);
      return;
   }
   FE_CHECK(buf != GL_NONE && (buf < GL_COLOR_ATTACHMENT0 ||
                               buf >= GL_COLOR_ATTACHMENT0 + FE_MAX_COLOR_ATTACHMENTS),
            GL_INVALID_OPERATION);
   fb->draw_buffers[0] = buf;
   for (int i = 1; i < FE_MAX_DRAW_BUFFERS; i++)
      fb->draw_buffers[i] = GL_NONE;
   fe_draw_bump(ctx, &fb->version);
}

void
mgl_glDrawBuffer(GLenum buf)
{
   FE_CTX_OR_RETURN();
   draw_buffer(ctx, ctx->draw_fbo, buf);
}

void
mgl_glNamedFramebufferDrawBuffer(GLuint framebuffer, GLenum buf)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer *fb;
   if (fe_fbo_named(ctx, framebuffer, &fb))
      draw_buffer(ctx, fb, buf);
}

/* glDrawBuffers of fb (NULL: the default framebuffer). */
static void
draw_buffers(struct fe_context *ctx, struct fe_framebuffer *fb, GLsizei n, const GLenum *bufs)
{
   FE_CHECK(n < 0 || n > FE_MAX_DRAW_BUFFERS, GL_INVALID_VALUE);
   const bool es = ctx->desc.api == FE_API_GLES;
   /* ES 3.0 4.2.1 (and EXT_draw_buffers): the default framebuffer takes exactly one buffer,
    * so n = 0 is refused too (the loop below never sees it) */
   FE_CHECK(es && !fb && n != 1, GL_INVALID_OPERATION);
   unsigned seen = 0;
   for (GLsizei i = 0; i < n; i++) {
      GLenum b = bufs[i];
      FE_CHECK(!is_buffer_enum(b), GL_INVALID_ENUM);
      if (es) {
         /* ES 3.0 4.2.1: the default framebuffer takes exactly one of BACK or NONE; an FBO
          * takes COLOR_ATTACHMENTi or NONE at position i. */
         FE_CHECK(!fb && (n != 1 || (b != GL_BACK && b != GL_NONE)), GL_INVALID_OPERATION);
         FE_CHECK(fb && b != GL_NONE && b != GL_COLOR_ATTACHMENT0 + (GLenum)i,
                  GL_INVALID_OPERATION);
         continue;
      }
      /* GL 3.3 4.2.1: these name several buffers, so DrawBuffers refuses them as an enum
       * whichever framebuffer is bound. */
      FE_CHECK(b == GL_FRONT || b == GL_BACK || b == GL_LEFT || b == GL_RIGHT ||
                  b == GL_FRONT_AND_BACK,
               GL_INVALID_ENUM);
      if (!fb) {
         FE_CHECK(b != GL_NONE && b != GL_BACK_LEFT && b != GL_FRONT_LEFT, GL_INVALID_OPERATION);
         FE_CHECK(i > 0 && b != GL_NONE, GL_INVALID_OPERATION);
      } else {
         FE_CHECK(b != GL_NONE && (b < GL_COLOR_ATTACHMENT0 ||
                                   b >= GL_COLOR_ATTACHMENT0 + FE_MAX_COLOR_ATTACHMENTS),
                  GL_INVALID_OPERATION);
         if (b != GL_NONE) {
            unsigned bit = 1u << (b - GL_COLOR_ATTACHMENT0);
            FE_CHECK(seen & bit, GL_INVALID_OPERATION);
            seen |= bit;
         }
      }
   }
   if (!fb) {
      ctx->default_draw_buffer = n ? bufs[0] : GL_NONE;
      fe_draw_bump(ctx, &ctx->default_fb_version);
      return;
   }
   for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
      fb->draw_buffers[i] = i < n ? bufs[i] : GL_NONE;
   fe_draw_bump(ctx, &fb->version);
}

void
mgl_glDrawBuffers(GLsizei n, const GLenum *bufs)
{
   FE_CTX_OR_RETURN();
   draw_buffers(ctx, ctx->draw_fbo, n, bufs);
}

void
mgl_glNamedFramebufferDrawBuffers(GLuint framebuffer, GLsizei n, const GLenum *bufs)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer *fb;
   if (fe_fbo_named(ctx, framebuffer, &fb))
      draw_buffers(ctx, fb, n, bufs);
}

/* GL_EXT_draw_buffers (ES 2.0): ES 3.0's glDrawBuffers, same enums and errors. */
void
mgl_glDrawBuffersEXT(GLsizei n, const GLenum *bufs)
{
   mgl_glDrawBuffers(n, bufs);
}

/* glReadBuffer of fb (NULL: the default framebuffer). */
static void
read_buffer(struct fe_context *ctx, struct fe_framebuffer *fb, GLenum src)
{
   FE_CHECK(!is_buffer_enum(src), GL_INVALID_ENUM);
   if (!fb) {
      FE_CHECK(!default_buffer_ok(src, true), GL_INVALID_OPERATION);
      ctx->default_read_buffer = src;
      fe_draw_bump(ctx, &ctx->default_fb_version);
      return;
   }
   FE_CHECK(src != GL_NONE && (src < GL_COLOR_ATTACHMENT0 ||
                               src >= GL_COLOR_ATTACHMENT0 + FE_MAX_COLOR_ATTACHMENTS),
            GL_INVALID_OPERATION);
   fb->read_buffer = src;
   fe_draw_bump(ctx, &fb->version);
}

void
mgl_glReadBuffer(GLenum src)
{
   FE_CTX_OR_RETURN();
   read_buffer(ctx, ctx->read_fbo, src);
}

void
mgl_glNamedFramebufferReadBuffer(GLuint framebuffer, GLenum src)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer *fb;
   if (fe_fbo_named(ctx, framebuffer, &fb))
      read_buffer(ctx, fb, src);
}

/* ---- renderbuffers --------------------------------------------------------------------------- */

void
fe_renderbuffer_destroy(struct fe_context *ctx, struct fe_renderbuffer *rb)
{
   (void)ctx;
   struct fe_share_group *sg = rb->base.share;
   if (rb->created)
      mgp_resource_destroy(sg->screen, &(struct mgp_handle_args){rb->res});
   fe_share_free_handle(sg, MGP_KIND_BUFFER, rb->res);
   free(rb);
}

void
mgl_glGenRenderbuffers(GLsizei n, GLuint *renderbuffers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   pthread_mutex_lock(&ctx->share->lock);
   for (GLsizei i = 0; i < n; i++)
      renderbuffers[i] = fe_names_gen(&ctx->share->renderbuffers);
   pthread_mutex_unlock(&ctx->share->lock);
}

void
mgl_glDeleteRenderbuffers(GLsizei n, const GLuint *renderbuffers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   struct fe_share_group *sg = ctx->share;
   for (GLsizei i = 0; i < n; i++) {
      void *obj = fe_share_take_name(sg, &sg->renderbuffers, renderbuffers[i]);
      if (!obj)
         continue;
      struct fe_renderbuffer *rb = obj;
      if (ctx->renderbuffer == rb)
         FE_REBIND(ctx, &ctx->renderbuffer, NULL);
      fe_fbo_detach_renderbuffer(ctx, rb);
      fe_object_unref(ctx, &rb->base);
   }
}

/* The object of a reserved name (first bind, or glCreateRenderbuffers): NULL after recording
 * GL_OUT_OF_MEMORY. */
static struct fe_renderbuffer *
renderbuffer_new(struct fe_context *ctx, GLuint name)
{
   struct fe_share_group *sg = ctx->share;
   struct fe_renderbuffer *rb = calloc(1, sizeof(*rb));
   if (!rb || !fe_share_alloc_handle(sg, MGP_KIND_BUFFER, &rb->res)) {
      free(rb);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   atomic_init(&rb->base.refs, 1);
   rb->base.name = name;
   rb->base.kind = FE_OBJ_RENDERBUFFER;
   rb->base.share = sg;
   rb->base.ever_bound = true;
   rb->internal_format = GL_RGBA;
   pthread_mutex_lock(&sg->lock);
   fe_names_set(&sg->renderbuffers, name, rb);
   pthread_mutex_unlock(&sg->lock);
   return rb;
}

void
mgl_glBindRenderbuffer(GLenum target, GLuint renderbuffer)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(target != GL_RENDERBUFFER, GL_INVALID_ENUM);
   struct fe_renderbuffer *rb = NULL;
   if (renderbuffer) {
      struct fe_share_group *sg = ctx->share;
      pthread_mutex_lock(&sg->lock);
      void *obj = fe_names_get(&sg->renderbuffers, renderbuffer);
      pthread_mutex_unlock(&sg->lock);
      FE_CHECK(!obj, GL_INVALID_OPERATION);
      rb = obj == FE_NAME_RESERVED ? renderbuffer_new(ctx, renderbuffer) : obj;
      if (!rb)
         return;
   }
   FE_REBIND(ctx, &ctx->renderbuffer, rb);
}

/* GL 4.5 §9.2.4: names whose objects exist at once (the binding does not change). */
void
mgl_glCreateRenderbuffers(GLsizei n, GLuint *renderbuffers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      pthread_mutex_lock(&ctx->share->lock);
      renderbuffers[i] = fe_names_gen(&ctx->share->renderbuffers);
      pthread_mutex_unlock(&ctx->share->lock);
      if (!renderbuffer_new(ctx, renderbuffers[i]))
         return;
   }
}

/* The renderbuffer a direct-state-access command names: NULL after recording
 * GL_INVALID_OPERATION for a name that is no renderbuffer object. */
static struct fe_renderbuffer *
named_renderbuffer(struct fe_context *ctx, GLuint renderbuffer)
{
   pthread_mutex_lock(&ctx->share->lock);
   void *obj = renderbuffer ? fe_names_get(&ctx->share->renderbuffers, renderbuffer) : NULL;
   pthread_mutex_unlock(&ctx->share->lock);
   FE_CHECK(!obj || obj == FE_NAME_RESERVED, GL_INVALID_OPERATION, NULL);
   return obj;
}

GLboolean
mgl_glIsRenderbuffer(GLuint renderbuffer)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   pthread_mutex_lock(&ctx->share->lock);
   void *obj = fe_names_get(&ctx->share->renderbuffers, renderbuffer);
   pthread_mutex_unlock(&ctx->share->lock);
   return obj && obj != FE_NAME_RESERVED ? GL_TRUE : GL_FALSE;
}

/* glRenderbufferStorage* of rb (NULL: none bound, GL_INVALID_OPERATION after the checks);
 * named: glNamedRenderbufferStorage*, a GL 4.5 command with GL 4.5's errors. */
static void
renderbuffer_storage(struct fe_context *ctx, struct fe_renderbuffer *rb, GLsizei samples,
                     GLenum internalformat, GLsizei width, GLsizei height, bool named)
{
   const struct fe_format_info *info = fe_format_lookup(internalformat);
   bool renderable = info && (fe_format_color_renderable(ctx, info) || info->kind == FE_FMT_DEPTH ||
                              info->kind == FE_FMT_DEPTH_STENCIL || info->kind == FE_FMT_STENCIL);
   /* storage that no framebuffer renders to (GL_FRAMEBUFFER_UNSUPPORTED) */
   const bool unrendered = !renderable && rb_unrendered_format(ctx, info);
   FE_CHECK(!renderable && !unrendered, GL_INVALID_ENUM);
   uint32_t max =
      ctx->share->caps->max_renderbuffer_size ? ctx->share->caps->max_renderbuffer_size : 16384;
   FE_CHECK(width < 0 || height < 0 || (uint32_t)width > max || (uint32_t)height > max,
            GL_INVALID_VALUE);
   /* GL 3.3 §4.4.2: past GL_MAX_SAMPLES is GL_INVALID_VALUE (GL 4.6 §9.2.4: past the
    * format's most, GL_INVALID_OPERATION), an integer format past GL_MAX_INTEGER_SAMPLES
    * GL_INVALID_OPERATION; ES 3.0 §4.4.2 multisamples no integer format (any samples above 0). */
   FE_CHECK(samples < 0, GL_INVALID_VALUE);
   FE_CHECK((uint32_t)samples > fe_max_samples(ctx->share->caps, FE_SAMPLES_ANY),
            named ? GL_INVALID_OPERATION : GL_INVALID_VALUE);
   const uint32_t max_int =
      ctx->desc.api == FE_API_GLES ? 0 : fe_max_samples(ctx->share->caps, FE_SAMPLES_INTEGER);
   FE_CHECK((info->kind == FE_FMT_INT || info->kind == FE_FMT_UINT) && (uint32_t)samples > max_int,
            GL_INVALID_OPERATION);
   FE_CHECK(!rb, GL_INVALID_OPERATION);
   bool depth = info->kind == FE_FMT_DEPTH || info->kind == FE_FMT_DEPTH_STENCIL ||
                info->kind == FE_FMT_STENCIL;
   uint16_t format = fe_format_choose(ctx->share->caps, info->format,
                                      depth        ? MGP_FORMAT_CAP_DEPTH_STENCIL
                                      : unrendered ? MGP_FORMAT_CAP_SAMPLE
                                                   : MGP_FORMAT_CAP_RENDER);
   /* Sample counts round up to the next count the device has for the format (GL 3.3 §4.4.2:
    * GL_RENDERBUFFER_SAMPLES is at least samples and no more than the next larger count),
    * else to a power of two. */
   unsigned s = 1;
   while ((GLsizei)s < samples)
      s *= 2;
   const uint32_t have = fe_format_sample_mask(ctx->share->caps, info);
   for (unsigned c = s; samples > 1 && c <= 64; c *= 2)
      if (have & c) {
         s = c;
         break;
      }
   rb->internal_format = internalformat;
   rb->format = format;
   rb->width = width;
   rb->height = height;
   rb->samples = samples ? (GLsizei)s : 0;
   fe_share_bump(ctx->share, &ctx->share->attach_gen);
   struct mgp_resource_desc d = {
      .res = rb->res,
      .target = MGP_RESOURCE_TARGET_RENDERBUFFER,
      .levels = 1,
      .samples = (uint8_t)(unrendered ? 1 : s),
      .fixed_sample_locations = 1,
      .bind_mask = (uint16_t)((depth        ? MGP_BIND_DEPTH_STENCIL
                               : unrendered ? 0
                                            : MGP_BIND_RENDER_TARGET) |
                              MGP_BIND_TRANSFER),
      .format = format,
      .no_alpha = fe_format_no_alpha(info),
      .width = (uint32_t)(width ? width : 1),
      .height = (uint32_t)(height ? height : 1),
      .depth = 1,
      .array_layers = 1,
   };
   if (rb->created) {
      fe_resource_send(ctx->share, &d, true);
   } else {
      fe_resource_send(ctx->share, &d, false);
      rb->created = true;
   }
}

void
mgl_glRenderbufferStorage(GLenum target, GLenum internalformat, GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(target != GL_RENDERBUFFER, GL_INVALID_ENUM);
   renderbuffer_storage(ctx, ctx->renderbuffer, 0, internalformat, width, height, false);
}

void
mgl_glRenderbufferStorageMultisample(GLenum target, GLsizei samples, GLenum internalformat,
                                     GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(target != GL_RENDERBUFFER, GL_INVALID_ENUM);
   renderbuffer_storage(ctx, ctx->renderbuffer, samples, internalformat, width, height, false);
}

void
mgl_glNamedRenderbufferStorage(GLuint renderbuffer, GLenum internalformat, GLsizei width,
                               GLsizei height)
{
   FE_CTX_OR_RETURN();
   struct fe_renderbuffer *rb = named_renderbuffer(ctx, renderbuffer);
   if (rb)
      renderbuffer_storage(ctx, rb, 0, internalformat, width, height, true);
}

void
mgl_glNamedRenderbufferStorageMultisample(GLuint renderbuffer, GLsizei samples,
                                          GLenum internalformat, GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   struct fe_renderbuffer *rb = named_renderbuffer(ctx, renderbuffer);
   if (rb)
      renderbuffer_storage(ctx, rb, samples, internalformat, width, height, true);
}

static void
renderbuffer_parameter(struct fe_context *ctx, const struct fe_renderbuffer *rb, GLenum pname,
                       GLint *params)
{
   const struct fe_mgp_format_desc *fd = fe_mgp_format(rb->created ? rb->format : 0);
   const struct fe_format_info *info = fe_format_lookup(rb->internal_format);
   bool has_a = info && info->base == GL_RGBA;
   switch (pname) {
   case GL_RENDERBUFFER_WIDTH: *params = rb->width; return;
   case GL_RENDERBUFFER_HEIGHT: *params = rb->height; return;
   case GL_RENDERBUFFER_INTERNAL_FORMAT: *params = (GLint)rb->internal_format; return;
   case GL_RENDERBUFFER_SAMPLES: *params = rb->samples; return;
   case GL_RENDERBUFFER_RED_SIZE: *params = fd->bits[0]; return;
   case GL_RENDERBUFFER_GREEN_SIZE: *params = fd->bits[1]; return;
   case GL_RENDERBUFFER_BLUE_SIZE: *params = fd->bits[2]; return;
   case GL_RENDERBUFFER_ALPHA_SIZE: *params = has_a ? fd->bits[3] : 0; return;
   case GL_RENDERBUFFER_DEPTH_SIZE: *params = fd->bits[4]; return;
   case GL_RENDERBUFFER_STENCIL_SIZE: *params = fd->bits[5]; return;
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}

void
mgl_glGetRenderbufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(target != GL_RENDERBUFFER, GL_INVALID_ENUM);
   FE_CHECK(!ctx->renderbuffer, GL_INVALID_OPERATION);
   renderbuffer_parameter(ctx, ctx->renderbuffer, pname, params);
}

void
mgl_glGetNamedRenderbufferParameteriv(GLuint renderbuffer, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   const struct fe_renderbuffer *rb = named_renderbuffer(ctx, renderbuffer);
   if (rb)
      renderbuffer_parameter(ctx, rb, pname, params);
}

/* ---- blit ---------------------------------------------------------------------------------- */

static void blit(struct fe_context *ctx, GLint sx0, GLint sy0, GLint sx1, GLint sy1, GLint dx0,
                 GLint dy0, GLint dx1, GLint dy1, GLbitfield mask, GLenum filter);

void
mgl_glBlitFramebuffer(GLint sx0, GLint sy0, GLint sx1, GLint sy1, GLint dx0, GLint dy0, GLint dx1,
                      GLint dy1, GLbitfield mask, GLenum filter)
{
   FE_CTX_OR_RETURN();
   blit(ctx, sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1, mask, filter);
}

/* GL 4.5 §18.3.1: the blit between two named framebuffers (zero: the default one). The blit
 * reads and draws what the context's read and draw framebuffers are when it is sent, so the
 * named ones stand in for that one blit; the bindings are the app's again before it returns
 * (the tracker keys framebuffer state by object, so the next draw sends the bound one). */
void
mgl_glBlitNamedFramebuffer(GLuint readFramebuffer, GLuint drawFramebuffer, GLint sx0, GLint sy0,
                           GLint sx1, GLint sy1, GLint dx0, GLint dy0, GLint dx1, GLint dy1,
                           GLbitfield mask, GLenum filter)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer *rf, *df;
   if (!fe_fbo_named(ctx, readFramebuffer, &rf) || !fe_fbo_named(ctx, drawFramebuffer, &df))
      return;
   struct fe_framebuffer *bound_read = ctx->read_fbo, *bound_draw = ctx->draw_fbo;
   ctx->read_fbo = rf;
   ctx->draw_fbo = df;
   fe_draw_touch(ctx);
   blit(ctx, sx0, sy0, sx1, sy1, dx0, dy0, dx1, dy1, mask, filter);
   ctx->read_fbo = bound_read;
   ctx->draw_fbo = bound_draw;
   fe_draw_touch(ctx);
}

/* A blit writes every component of its destination, where an alpha or luminance-alpha
 * attachment kept in RGBA (fe_format_legacy_wide) keeps those it does not have 0 (R, G and B;
 * G and B), as draws and clears do through the colour write mask. After the colour blit, a
 * clear of those components to 0 over the destination box (within the scissor) puts them back:
 * one mgp_clear for the draw buffers whose attachment needs it. */
static void
blit_zero_absent(struct fe_context *ctx, const struct mgp_blit *b)
{
   const struct fe_framebuffer *fb = ctx->draw_fbo;
   if (!fb)
      return;
   struct mgp_clear c = {.color_kind = 0, .scissor_enable = 1};
   for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
      const GLenum a = fb->draw_buffers[i];
      if (a < GL_COLOR_ATTACHMENT0 || a >= GL_COLOR_ATTACHMENT0 + FE_MAX_COLOR_ATTACHMENTS ||
          !fb->att_zero_mask[a - GL_COLOR_ATTACHMENT0])
         continue;
      c.color_buffers |= 1u << i;
      c.color_write_mask[i] = fb->att_zero_mask[a - GL_COLOR_ATTACHMENT0];
   }
   if (!c.color_buffers)
      return;
   int64_t x0 = b->dst_box[0] < b->dst_box[2] ? b->dst_box[0] : b->dst_box[2];
   int64_t x1 = b->dst_box[0] < b->dst_box[2] ? b->dst_box[2] : b->dst_box[0];
   int64_t y0 = b->dst_box[1] < b->dst_box[3] ? b->dst_box[1] : b->dst_box[3];
   int64_t y1 = b->dst_box[1] < b->dst_box[3] ? b->dst_box[3] : b->dst_box[1];
   if (b->scissor_enable) {
      const int64_t sx1 = (int64_t)b->scissor[0] + (b->scissor[2] > 0 ? b->scissor[2] : 0);
      const int64_t sy1 = (int64_t)b->scissor[1] + (b->scissor[3] > 0 ? b->scissor[3] : 0);
      x0 = x0 > b->scissor[0] ? x0 : b->scissor[0];
      y0 = y0 > b->scissor[1] ? y0 : b->scissor[1];
      x1 = x1 < sx1 ? x1 : sx1;
      y1 = y1 < sy1 ? y1 : sy1;
   }
   x0 = x0 > 0 ? x0 : 0;
   y0 = y0 > 0 ? y0 : 0;
   if (x1 <= x0 || y1 <= y0 || x0 > INT32_MAX || y0 > INT32_MAX)
      return;
   c.scissor[0] = (int32_t)x0;
   c.scissor[1] = (int32_t)y0;
   c.scissor[2] = (int32_t)(x1 - x0 < INT32_MAX ? x1 - x0 : INT32_MAX);
   c.scissor[3] = (int32_t)(y1 - y0 < INT32_MAX ? y1 - y0 : INT32_MAX);
   if (fe_validate(ctx, FE_VERB_CLEAR))
      mgp_clear(&ctx->pipe, &c);
}

static void
blit(struct fe_context *ctx, GLint sx0, GLint sy0, GLint sx1, GLint sy1, GLint dx0, GLint dy0,
     GLint dx1, GLint dy1, GLbitfield mask, GLenum filter)
{
   FE_CHECK(mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT),
            GL_INVALID_VALUE);
   FE_CHECK(filter != GL_NEAREST && filter != GL_LINEAR, GL_INVALID_ENUM);
   FE_CHECK(filter == GL_LINEAR && (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)),
            GL_INVALID_OPERATION);
   FE_CHECK(fe_fbo_status(ctx, ctx->draw_fbo, false) != GL_FRAMEBUFFER_COMPLETE ||
               fe_fbo_status(ctx, ctx->read_fbo, true) != GL_FRAMEBUFFER_COMPLETE,
            GL_INVALID_FRAMEBUFFER_OPERATION);
   /* GL 3.3 §4.3.2: a multisampled side copies samples, so the counts match and nothing is
    * scaled (mirroring keeps the dimensions) */
   const unsigned read_samples = fe_fbo_read_samples(ctx), draw_samples = fe_fbo_draw_samples(ctx);
   FE_CHECK(read_samples && draw_samples && read_samples != draw_samples, GL_INVALID_OPERATION);
   FE_CHECK((read_samples || draw_samples) &&
               (llabs((long long)sx1 - sx0) != llabs((long long)dx1 - dx0) ||
                llabs((long long)sy1 - sy0) != llabs((long long)dy1 - dy0)),
            GL_INVALID_OPERATION);
   if (!mask)
      return;
   struct mgp_framebuffer_state st;
   fe_fbo_build_state(ctx, &st);
   /* Depth and stencil formats of both sides must match. */
   struct mgp_surface rd = {0}, rs = {0};
   if (ctx->read_fbo) {
      rd = attachment_surface(&ctx->read_fbo->att[FE_ATT_DEPTH]);
      rs = attachment_surface(&ctx->read_fbo->att[FE_ATT_STENCIL]);
   } else if (ctx->read_surface && !mgp_handle_is_null(ctx->read_surface->depth_stencil)) {
      struct mgp_surface ds = {.res = ctx->read_surface->depth_stencil,
                               .format = ctx->read_surface->ds_format,
                               .kind = 2};
      if (ctx->read_surface->format.depth_bits)
         rd = ds;
      if (ctx->read_surface->format.stencil_bits)
         rs = ds;
   }
   if (mask & GL_DEPTH_BUFFER_BIT)
      FE_CHECK(rd.format != st.depth.format && rd.format && st.depth.format, GL_INVALID_OPERATION);
   if (mask & GL_STENCIL_BUFFER_BIT)
      FE_CHECK(rs.format != st.stencil.format && rs.format && st.stencil.format,
               GL_INVALID_OPERATION);
   if (mask & GL_COLOR_BUFFER_BIT) {
      const struct fe_mgp_format_desc *src = fe_mgp_format(st.read.format);
      bool src_int = src->kind == FE_FMT_INT || src->kind == FE_FMT_UINT;
      FE_CHECK(src_int && filter == GL_LINEAR, GL_INVALID_OPERATION);
      for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
         if (st.draw_buffers[i] < 0)
            continue;
         const struct fe_mgp_format_desc *dst = fe_mgp_format(st.color[st.draw_buffers[i]].format);
         bool dst_int = dst->kind == FE_FMT_INT || dst->kind == FE_FMT_UINT;
         FE_CHECK(st.read.format && src_int != dst_int, GL_INVALID_OPERATION);
         /* signed against unsigned integers too (GL 4.x and ES 3.0 say so; Mesa raises it) */
         FE_CHECK(st.read.format && src_int && src->kind != dst->kind, GL_INVALID_OPERATION);
      }
   }
   if (!fe_pipe_has(ctx, MGP_CALL_blit)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if ((mask & GL_COLOR_BUFFER_BIT) && !ctx->read_fbo &&
       !fe_surface_resolve(ctx, ctx->read_surface))
      return;
   if (!fe_validate(ctx, FE_VERB_TEXOP))
      return;
   struct mgp_blit b = {
      .src_box = {sx0, sy0, sx1, sy1},
      .dst_box = {dx0, dy0, dx1, dy1},
      .filter = (uint16_t)fe_mgp_filter(filter),
      .scissor_enable = ctx->scissor_test,
      .conditional = 1,
      .srgb_encode = ctx->misc_framebuffer_srgb,
   };
   memcpy(b.scissor, ctx->ds.scissor, sizeof(b.scissor));
   if ((mask & GL_COLOR_BUFFER_BIT) && !mgp_handle_is_null(st.read.res)) {
      b.mask = MGP_BLIT_COLOR;
      b.src = st.read;
      for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
         if (st.draw_buffers[i] < 0 || mgp_handle_is_null(st.color[st.draw_buffers[i]].res))
            continue;
         b.dst = st.color[st.draw_buffers[i]];
         mgp_blit(&ctx->pipe, &b);
      }
      blit_zero_absent(ctx, &b);
   }
   GLbitfield ds_mask = mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   if (ds_mask) {
      struct mgp_surface src = (ds_mask & GL_DEPTH_BUFFER_BIT) ? rd : rs;
      struct mgp_surface dst = (ds_mask & GL_DEPTH_BUFFER_BIT) ? st.depth : st.stencil;
      if (!mgp_handle_is_null(src.res) && !mgp_handle_is_null(dst.res)) {
         b.mask = fe_mgp_blit_mask(ds_mask);
         b.src = src;
         b.dst = dst;
         mgp_blit(&ctx->pipe, &b);
      }
   }
}

/* ---- invalidation ---------------------------------------------------------------------------- */

/* glInvalidate(Sub)Framebuffer: a hint that contents may be discarded. Checked, then nothing is
 * sent (keeping the contents is always a correct implementation). */
static void
invalidate(struct fe_context *ctx, const struct fe_framebuffer *fb, GLsizei n,
           const GLenum *attachments, GLsizei width, GLsizei height)
{
   FE_CHECK(n < 0 || width < 0 || height < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      GLenum a = attachments[i];
      if (!fb) {
         FE_CHECK(a != GL_COLOR && a != GL_DEPTH && a != GL_STENCIL, GL_INVALID_ENUM);
      } else {
         int slot = attachment_slot(a);
         FE_CHECK(slot == -1, GL_INVALID_ENUM);
         FE_CHECK(slot == -2, GL_INVALID_OPERATION);
      }
   }
}

/* The framebuffer an invalidate call names by target; false after the error. */
static bool
invalidate_target(struct fe_context *ctx, GLenum target, struct fe_framebuffer **fb)
{
   struct fe_framebuffer **b = fb_binding(ctx, target);
   FE_CHECK(!b, GL_INVALID_ENUM, false);
   *fb = *b;
   return true;
}

void
mgl_glInvalidateFramebuffer(GLenum target, GLsizei numAttachments, const GLenum *attachments)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer *fb;
   if (invalidate_target(ctx, target, &fb))
      invalidate(ctx, fb, numAttachments, attachments, 0, 0);
}

void
mgl_glInvalidateNamedFramebufferData(GLuint framebuffer, GLsizei numAttachments,
                                     const GLenum *attachments)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer *fb;
   if (fe_fbo_named(ctx, framebuffer, &fb))
      invalidate(ctx, fb, numAttachments, attachments, 0, 0);
}

/* GL_EXT_discard_framebuffer (ES 2.0): glInvalidateFramebuffer's ancestor, with narrower
 * enums: target GL_FRAMEBUFFER only; an FBO takes COLOR_ATTACHMENT0, DEPTH_ATTACHMENT and
 * STENCIL_ATTACHMENT, the default framebuffer COLOR_EXT, DEPTH_EXT and STENCIL_EXT (the values
 * of GL_COLOR, GL_DEPTH and GL_STENCIL). Like invalidation, nothing is sent. */
void
mgl_glDiscardFramebufferEXT(GLenum target, GLsizei numAttachments, const GLenum *attachments)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(target != GL_FRAMEBUFFER, GL_INVALID_ENUM);
   FE_CHECK(numAttachments < 0, GL_INVALID_VALUE);
   const bool user = ctx->draw_fbo != NULL;
   for (GLsizei i = 0; i < numAttachments; i++) {
      GLenum a = attachments[i];
      if (user)
         FE_CHECK(a != GL_COLOR_ATTACHMENT0 && a != GL_DEPTH_ATTACHMENT &&
                     a != GL_STENCIL_ATTACHMENT,
                  GL_INVALID_ENUM);
      else
         FE_CHECK(a != GL_COLOR && a != GL_DEPTH && a != GL_STENCIL, GL_INVALID_ENUM);
   }
}

void
mgl_glInvalidateSubFramebuffer(GLenum target, GLsizei numAttachments, const GLenum *attachments,
                               GLint x, GLint y, GLsizei width, GLsizei height)
{
   FE_CTX_OR_RETURN();
   (void)x, (void)y;
   struct fe_framebuffer *fb;
   if (invalidate_target(ctx, target, &fb))
      invalidate(ctx, fb, numAttachments, attachments, width, height);
}

void
mgl_glInvalidateNamedFramebufferSubData(GLuint framebuffer, GLsizei numAttachments,
                                        const GLenum *attachments, GLint x, GLint y, GLsizei width,
                                        GLsizei height)
{
   FE_CTX_OR_RETURN();
   (void)x, (void)y;
   struct fe_framebuffer *fb;
   if (fe_fbo_named(ctx, framebuffer, &fb))
      invalidate(ctx, fb, numAttachments, attachments, width, height);
}

/* ---- default parameters (glFramebufferParameteri, ARB_framebuffer_no_attachments, GL 4.6
 * §9.2.1): the width, height, layers, samples and fixed sample locations a framebuffer object
 * without attachments renders with --------------------------------------------------------- */

bool
fe_no_attachments_offered(const struct fe_context *ctx)
{
   return (ctx->desc.api != FE_API_GLES || fe_es31(ctx)) &&
          (ctx->share->caps->cap_bits & MGP_CAP_NO_ATTACHMENTS) != 0;
}

GLint
fe_max_framebuffer_limit(const struct fe_context *ctx, GLenum pname)
{
   const struct mgp_caps *caps = ctx->share->caps;
   switch (pname) {
   case GL_MAX_FRAMEBUFFER_WIDTH:
   case GL_MAX_FRAMEBUFFER_HEIGHT:
      return (GLint)(caps->max_texture_size ? caps->max_texture_size : 16384);
   case GL_MAX_FRAMEBUFFER_LAYERS:
      return (GLint)(caps->max_array_layers ? caps->max_array_layers : 2048);
   default: return (GLint)fe_max_samples(caps, FE_SAMPLES_ANY);
   }
}

/* The framebuffer object bound to target; NULL after the error (the default framebuffer has
 * no parameters to set or read here: GL_INVALID_OPERATION). */
static struct fe_framebuffer *
params_bound(struct fe_context *ctx, GLenum target)
{
   struct fe_framebuffer *fb;
   switch (target) {
   case GL_FRAMEBUFFER:
   case GL_DRAW_FRAMEBUFFER: fb = ctx->draw_fbo; break;
   case GL_READ_FRAMEBUFFER: fb = ctx->read_fbo; break;
   default: fe_error(ctx, GL_INVALID_ENUM); return NULL;
   }
   FE_CHECK(!fb, GL_INVALID_OPERATION, NULL);
   return fb;
}

static bool
pname_ok(GLenum pname)
{
   return pname == GL_FRAMEBUFFER_DEFAULT_WIDTH || pname == GL_FRAMEBUFFER_DEFAULT_HEIGHT ||
          pname == GL_FRAMEBUFFER_DEFAULT_LAYERS || pname == GL_FRAMEBUFFER_DEFAULT_SAMPLES ||
          pname == GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS;
}

/* The least sample count the device renders that is at least n (GL 4.6 §9.2.1: an
 * implementation-dependent count; GL_SAMPLES reports it); 0 for 0. */
static GLint
round_samples(const struct fe_context *ctx, GLint n)
{
   if (n <= 0)
      return 0;
   const uint8_t *m = ctx->share->caps->sample_counts;
   const uint32_t mask =
      m[MGP_SAMPLE_CLASS_FB_COLOR] & m[MGP_SAMPLE_CLASS_FB_DEPTH] & m[MGP_SAMPLE_CLASS_FB_STENCIL];
   for (unsigned b = 0; b < 8; b++)
      if ((mask & (1u << b)) && (GLint)(1u << b) >= n)
         return (GLint)(1u << b);
   return (GLint)fe_max_samples(ctx->share->caps, FE_SAMPLES_ANY);
}

static void
set_param(struct fe_context *ctx, struct fe_framebuffer *fb, GLenum pname, GLint param)
{
   FE_CHECK(!fe_no_attachments_offered(ctx), GL_INVALID_OPERATION);
   FE_CHECK(!pname_ok(pname), GL_INVALID_ENUM);
   switch (pname) {
   case GL_FRAMEBUFFER_DEFAULT_WIDTH:
      FE_CHECK(param < 0 || param > fe_max_framebuffer_limit(ctx, GL_MAX_FRAMEBUFFER_WIDTH),
               GL_INVALID_VALUE);
      fb->default_width = param;
      break;
   case GL_FRAMEBUFFER_DEFAULT_HEIGHT:
      FE_CHECK(param < 0 || param > fe_max_framebuffer_limit(ctx, GL_MAX_FRAMEBUFFER_HEIGHT),
               GL_INVALID_VALUE);
      fb->default_height = param;
      break;
   case GL_FRAMEBUFFER_DEFAULT_LAYERS:
      FE_CHECK(param < 0 || param > fe_max_framebuffer_limit(ctx, GL_MAX_FRAMEBUFFER_LAYERS),
               GL_INVALID_VALUE);
      fb->default_layers = param;
      break;
   case GL_FRAMEBUFFER_DEFAULT_SAMPLES:
      FE_CHECK(param < 0 || param > fe_max_framebuffer_limit(ctx, GL_MAX_FRAMEBUFFER_SAMPLES),
               GL_INVALID_VALUE);
      fb->default_samples = param;
      fb->default_samples_eff = round_samples(ctx, param);
      break;
   default: fb->default_fixed_locations = param ? GL_TRUE : GL_FALSE; break;
   }
   /* completeness and the framebuffer state follow the defaults */
   fe_draw_bump(ctx, &fb->version);
}

/* GL 4.5 9.2.3: glGet(Named)FramebufferParameteriv also answers the framebuffer's
 * DOUBLEBUFFER, IMPLEMENTATION_COLOR_READ_FORMAT / _TYPE, SAMPLES, SAMPLE_BUFFERS and STEREO,
 * the default framebuffer's too (the glGet values of a framebuffer bound for drawing). */
static bool
state_pname(const struct fe_context *ctx, GLenum pname)
{
   if (ctx->desc.api == FE_API_GLES || ctx->desc.major * 10 + ctx->desc.minor < 45)
      return false;
   return pname == GL_DOUBLEBUFFER || pname == GL_IMPLEMENTATION_COLOR_READ_FORMAT ||
          pname == GL_IMPLEMENTATION_COLOR_READ_TYPE || pname == GL_SAMPLES ||
          pname == GL_SAMPLE_BUFFERS || pname == GL_STEREO;
}

/* A state_pname of fb (NULL: the default framebuffer of surface surf). */
static void
get_state(const struct fe_framebuffer *fb, const struct fe_surface *surf, GLenum pname,
          GLint *params)
{
   const unsigned samples = fb ? fe_fbo_samples(fb) : surface_samples(surf);
   switch (pname) {
   case GL_SAMPLES: *params = (GLint)samples; break;
   case GL_SAMPLE_BUFFERS: *params = samples ? 1 : 0; break;
   /* as glGetIntegerv answers them (fe_get.c): single-buffered, mono, RGBA bytes */
   case GL_IMPLEMENTATION_COLOR_READ_FORMAT: *params = GL_RGBA; break;
   case GL_IMPLEMENTATION_COLOR_READ_TYPE: *params = GL_UNSIGNED_BYTE; break;
   default: *params = GL_FALSE; break; /* GL_DOUBLEBUFFER, GL_STEREO */
   }
}

static void
get_param(struct fe_context *ctx, const struct fe_framebuffer *fb, GLenum pname, GLint *params)
{
   FE_CHECK(!fe_no_attachments_offered(ctx), GL_INVALID_OPERATION);
   FE_CHECK(!pname_ok(pname), GL_INVALID_ENUM);
   switch (pname) {
   case GL_FRAMEBUFFER_DEFAULT_WIDTH: *params = fb->default_width; break;
   case GL_FRAMEBUFFER_DEFAULT_HEIGHT: *params = fb->default_height; break;
   case GL_FRAMEBUFFER_DEFAULT_LAYERS: *params = fb->default_layers; break;
   case GL_FRAMEBUFFER_DEFAULT_SAMPLES: *params = fb->default_samples; break;
   default: *params = fb->default_fixed_locations; break;
   }
}

void
mgl_glFramebufferParameteri(GLenum target, GLenum pname, GLint param)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer *fb = params_bound(ctx, target);
   if (fb)
      set_param(ctx, fb, pname, param);
}

void
mgl_glGetFramebufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   if (state_pname(ctx, pname)) {
      const bool read = target == GL_READ_FRAMEBUFFER;
      FE_CHECK(!read && target != GL_DRAW_FRAMEBUFFER && target != GL_FRAMEBUFFER, GL_INVALID_ENUM);
      get_state(read ? ctx->read_fbo : ctx->draw_fbo, read ? ctx->read_surface : ctx->draw_surface,
                pname, params);
      return;
   }
   struct fe_framebuffer *fb = params_bound(ctx, target);
   if (fb)
      get_param(ctx, fb, pname, params);
}

/* Zero names the default framebuffer, which has none of these parameters:
 * GL_INVALID_OPERATION. */
void
mgl_glNamedFramebufferParameteri(GLuint framebuffer, GLenum pname, GLint param)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer *fb;
   if (!fe_fbo_named(ctx, framebuffer, &fb))
      return;
   FE_CHECK(!fb, GL_INVALID_OPERATION);
   set_param(ctx, fb, pname, param);
}

void
mgl_glGetNamedFramebufferParameteriv(GLuint framebuffer, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   struct fe_framebuffer *fb;
   if (!fe_fbo_named(ctx, framebuffer, &fb))
      return;
   if (state_pname(ctx, pname)) {
      /* zero: the default draw framebuffer (GL 4.5 9.2.3) */
      get_state(fb, ctx->draw_surface, pname, params);
      return;
   }
   FE_CHECK(!fb, GL_INVALID_OPERATION);
   get_param(ctx, fb, pname, params);
}
