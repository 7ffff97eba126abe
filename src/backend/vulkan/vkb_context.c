/* vkb_context.c — contexts: create / destroy, the set_* calls that only record state, the
 * dynamic-rendering scope (begin at the first draw or clear that needs it, end at a framebuffer
 * change, a transfer or a submission), flush and present. The context table is vkb_tables.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "pipe_codec.h"
#include "pipe_pack.h"
#include "vkb.h"
#include "vkb_draw.h"

#define CTX_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   (void)tail, (void)tail_count;                                                                   \
   if (scr->failed)                                                                                \
   return

/* ---- create / destroy -------------------------------------------------------------------- */

void
vkb_context_create(void *self, const struct mgp_context_desc *args, const void *tail,
                   uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed)
      return;
   struct vkb_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "context_create");
      return;
   }
   ctx->base.h = args->ctx;
   ctx->scr = scr;
   ctx->api = args->api;
   for (int i = 0; i < 32; i++) {
      ctx->attrib_kind[i] = 0;
      ctx->attrib_value[i][3] = 0x3f800000u; /* GL's default (0, 0, 0, 1) */
   }
   ctx->attrib_version = 1;
   ctx->pack.alignment = 4;
   ctx->patch = (struct mgp_patch_state){.vertices = 3, .outer = {1, 1, 1, 1}, .inner = {1, 1}};
   ctx->dyn.line_width = 1.0f;
   ctx->dyn.line_stipple_factor = 1;
   ctx->dyn.line_stipple_pattern = 0xffff;
   ctx->dyn.depth_range[1] = 1.0f;
   ctx->dyn.stencil_read_mask[0] = ctx->dyn.stencil_read_mask[1] = ~0u;
   ctx->dyn.stencil_write_mask[0] = ctx->dyn.stencil_write_mask[1] = ~0u;
   ctx->dyn_dirty = VKB_DYN_ALL;
   vkb_fast_drop(ctx); /* no draw yet: none queues itself alone */
   if (!vkb_table_put(scr, &scr->contexts, &ctx->base, "context_create"))
      free(ctx);
}

void
vkb_context_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                    uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   if (scr->failed)
      return;
   struct vkb_context *ctx = vkb_lookup(scr, &scr->contexts, args->h, "context_destroy");
   if (!ctx)
      return;
   if (scr->rendering_ctx == ctx)
      vkb_context_end_rendering(scr);
   if (scr->bind_owner == ctx) {
      scr->bind_owner = NULL;
      vkb_scope_moved(scr);
   }
   vkb_context_end_queries(ctx, NULL); /* they stay; they end here, with what they counted */
   vkb_xfb_context_finish(ctx);
   vkb_vertex_inputs_finish(ctx);
   vkb_table_remove(&scr->contexts, &ctx->base);
   free(ctx);
}

/* ---- rendering scope --------------------------------------------------------------------- */

void
vkb_context_end_rendering(struct vkb_screen *scr)
{
   if (!scr->rendering_ctx)
      return;
   vkb_flush_draws(scr);
   vkb_cond_scope_end(scr);
   vkb_query_scope_end(scr->rendering_ctx);
   struct vkb_context *ctx = scr->rendering_ctx;
   vkb_xfb_scope_end(ctx);
   scr->rendering_ctx = NULL;
   if (scr->cur)
      scr->cur->pre_at = -1; /* the slot ran before this scope: no later clamp goes there */
   vkb_scope_moved(scr);     /* a fast draw draws in its scope (vkb_draw_scope_tick) */
   if (scr->cur && scr->cur->recording)
      scr->end_rendering(scr->cur->cmd);
   vkb_xfb_after_scope(ctx);
   vkb_rename_settle(scr);
}

struct fb_resolved {
   struct vkb_resource *color[VKB_MAX_COLOR]; /* per draw buffer */
   /* the format each is drawn in: its image's, or a texture view's of its view class */
   const struct vkb_format *color_fmt[VKB_MAX_COLOR];
   uint32_t color_level[VKB_MAX_COLOR], color_layer[VKB_MAX_COLOR];
   struct vkb_resource *depth, *stencil;
   uint32_t depth_level, stencil_level, depth_layer, stencil_layer;
   uint32_t color_count;
   uint32_t samples;
   bool ms_one; /* one sample, of multisample textures (GL_SAMPLE_BUFFERS 1) */
   VkExtent2D extent;
   bool layered;    /* every attachment layered (GL: all or none, else incomplete) */
   uint32_t layers; /* the fewest layers of any attachment when layered, else 1 */
   bool linear;     /* GL_FRAMEBUFFER_SRGB off: sRGB colour attachments through UNORM views */
};

static bool
surface_resource(struct vkb_screen *scr, const struct mgp_surface *s, bool want_color,
                 struct vkb_resource **out, uint32_t *level, uint32_t *layer, struct fb_resolved *f)
{
   *out = NULL;
   if (s->kind == 0)
      return true;
   struct vkb_resource *r = vkb_resource_for_use(scr, s->res, "set_framebuffer_state");
   if (!r)
      return false;
   if (r->is_buffer || !r->img) {
      MGU_DECLINE(backend_draw_incomplete, "framebuffer surface {%u,%u} is not an image",
                  s->res.slot, s->res.gen);
      return false;
   }
   if (s->layered != f->layered && f->layers) {
      /* The client's completeness check (INCOMPLETE_LAYER_TARGETS) keeps this from coming. */
      MGU_DECLINE(backend_draw_incomplete, "layered and non-layered attachments together");
      return false;
   }
   if (s->level >= r->levels || s->layer >= vkb_resource_level_layers(r, s->level)) {
      MGU_DECLINE(backend_draw_incomplete, "framebuffer surface level %u layer %u of %u levels",
                  s->level, s->layer, r->levels);
      return false;
   }
   if (r->image_type == VK_IMAGE_TYPE_1D && !want_color && !r->ds_attachment) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "a 1D depth/stencil texture as an attachment "
                  "(the device has no 1D depth/stencil attachments of its format)");
      return false;
   }
   const bool is_color = r->fmt->aspect == VK_IMAGE_ASPECT_COLOR_BIT;
   if (is_color != want_color) {
      MGU_DECLINE(backend_draw_incomplete, "%s surface of format %s",
                  want_color ? "colour" : "depth/stencil", vkb_format_name(r->desc.format));
      return false;
   }
   if (want_color && !(r->fmt->caps & MGP_FORMAT_CAP_RENDER)) {
      MGU_DECLINE(backend_format_unsupported, "format %s is not renderable here",
                  vkb_format_name(r->desc.format));
      return false;
   }
   *out = r;
   *level = s->level;
   *layer = s->layered ? 0 : s->layer;
   const uint32_t n = s->layered ? vkb_resource_level_layers(r, s->level) : 1;
   f->layered = s->layered;
   f->layers = f->layers && f->layers < n ? f->layers : n;
   return true;
}

/* The format a colour surface is drawn in: its image's, or (a texture view's surface) the
 * surface's format where it is another of the image's view class; NULL: declined. */
static const struct vkb_format *
color_format(struct vkb_screen *scr, const struct mgp_surface *s, const struct vkb_resource *r)
{
   if (s->format == r->desc.format)
      return r->fmt;
   const struct vkb_format *vf = vkb_format_get(scr, s->format);
   if (vf && vf->vk == r->fmt->vk)
      return r->fmt;
   if (!vf || vf->vk != vf->wanted || r->fmt->vk != r->fmt->wanted ||
       vf->vk_texel_size != r->fmt->vk_texel_size || vf->aspect != VK_IMAGE_ASPECT_COLOR_BIT ||
       !(vf->caps & MGP_FORMAT_CAP_RENDER)) {
      MGU_DECLINE(backend_draw_incomplete, "colour surface of format %s on an image of %s",
                  vkb_format_name(s->format), vkb_format_name(r->desc.format));
      return NULL;
   }
   return vf;
}

static void
clamp_extent(VkExtent2D *e, const struct vkb_resource *r, uint32_t level)
{
   uint32_t w = r->width >> level, h = r->height >> level;
   w = w ? w : 1;
   h = h ? h : 1;
   if (e->width > w)
      e->width = w;
   if (e->height > h)
      e->height = h;
}

/* Resolves the framebuffer state to resources; declines (false) when it cannot be used. */
static bool
resolve_fb(struct vkb_context *ctx, struct fb_resolved *f)
{
   struct vkb_screen *scr = ctx->scr;
   memset(f, 0, sizeof(*f));
   if (!ctx->fb_set) {
      MGU_DECLINE(backend_draw_incomplete, "no framebuffer state was set");
      return false;
   }
   const struct mgp_framebuffer_state *fb = &ctx->fb;
   f->extent = (VkExtent2D){fb->width, fb->height};
   f->linear = !fb->srgb_encode;
   uint32_t named = 0; /* colour attachments a draw buffer names */
   for (uint32_t i = 0; i < VKB_MAX_COLOR; i++) {
      const int idx = fb->draw_buffers[i];
      if (idx < 0 || idx >= VKB_MAX_COLOR)
         continue;
      /* GL refuses one buffer in two draw buffers (glDrawBuffers: GL_INVALID_OPERATION), so
       * only a hostile record has it: the same image in several Vulkan attachments, which
       * lavapipe's blend code divided by zero on (fuzz sweep, RELIABILITY.md) */
      if (named & (1u << idx)) {
         MGU_DECLINE(backend_draw_incomplete, "draw buffer %u names colour attachment %d again", i,
                     idx);
         return false;
      }
      named |= 1u << idx;
      if (!surface_resource(scr, &fb->color[idx], true, &f->color[i], &f->color_level[i],
                            &f->color_layer[i], f))
         return false;
      if (f->color[i]) {
         f->color_count = i + 1;
         clamp_extent(&f->extent, f->color[i], f->color_level[i]);
         f->color_fmt[i] = color_format(scr, &fb->color[idx], f->color[i]);
         if (!f->color_fmt[i])
            return false;
      }
   }
   if (!surface_resource(scr, &fb->depth, false, &f->depth, &f->depth_level, &f->depth_layer, f) ||
       !surface_resource(scr, &fb->stencil, false, &f->stencil, &f->stencil_level,
                         &f->stencil_layer, f))
      return false;
   if (!f->layers)
      f->layers = 1;
   if (f->depth && !(f->depth->fmt->aspect & VK_IMAGE_ASPECT_DEPTH_BIT))
      f->depth = NULL;
   if (f->stencil && !(f->stencil->fmt->aspect & VK_IMAGE_ASPECT_STENCIL_BIT))
      f->stencil = NULL;
   if (f->depth && f->stencil &&
       (f->depth != f->stencil || f->depth_level != f->stencil_level ||
        f->depth_layer != f->stencil_layer)) {
      MGU_DECLINE(backend_feature_unimplemented, "separate depth and stencil attachments");
      return false;
   }
   if (f->depth)
      clamp_extent(&f->extent, f->depth, f->depth_level);
   if (f->stencil)
      clamp_extent(&f->extent, f->stencil, f->stencil_level);
   /* Every attachment has the same sample count (GL: else incomplete). */
   struct vkb_resource *all[VKB_MAX_COLOR + 2];
   uint32_t nall = 0;
   for (uint32_t i = 0; i < f->color_count; i++)
      if (f->color[i])
         all[nall++] = f->color[i];
   if (f->depth)
      all[nall++] = f->depth;
   if (f->stencil)
      all[nall++] = f->stencil;
   /* no attachment at all (a framebuffer object without images): the state's samples */
   f->samples = nall ? (uint32_t)all[0]->samples : fb->samples > 1 ? fb->samples : 1;
   /* GL_SAMPLE_BUFFERS 1 at one sample: a multisample texture of one sample */
   f->ms_one = nall && f->samples == 1 &&
               (all[0]->desc.target == MGP_RESOURCE_TARGET_TEX_2D_MS ||
                all[0]->desc.target == MGP_RESOURCE_TARGET_TEX_2D_MS_ARRAY);
   if (!nall && !f->color_count && fb->layers > 1)
      f->layers = fb->layers;
   if (!nall) {
      /* The size, layers and samples are then the client's alone: a hostile record may name
       * what no device renders (Vulkan's render area and sample count are bounded). */
      const VkPhysicalDeviceLimits *l = &scr->props.limits;
      const uint32_t s = f->samples;
      if (fb->width > l->maxFramebufferWidth || fb->height > l->maxFramebufferHeight ||
          f->layers > l->maxFramebufferLayers || (s & (s - 1)) ||
          !(l->framebufferNoAttachmentsSampleCounts & s)) {
         MGU_DECLINE(backend_draw_incomplete,
                     "framebuffer without attachments of %ux%u, %u layers, %u samples: past the "
                     "device's limits",
                     fb->width, fb->height, f->layers, s);
         return false;
      }
   }
   for (uint32_t i = 1; i < nall; i++) {
      if ((uint32_t)all[i]->samples != f->samples) {
         MGU_DECLINE(backend_draw_incomplete, "framebuffer attachments with %u and %u samples",
                     f->samples, (uint32_t)all[i]->samples);
         return false;
      }
   }
   if (!f->extent.width || !f->extent.height) {
      MGU_DECLINE(backend_draw_incomplete, "framebuffer of size %ux%u", f->extent.width,
                  f->extent.height);
      return false;
   }
   return true;
}

static void
fill_key(struct vkb_context *ctx, const struct fb_resolved *f)
{
   struct vkb_pipeline_key *k = &ctx->fb_key;
   memset(k, 0, sizeof(*k));
   k->color_count = (uint8_t)f->color_count;
   for (uint32_t i = 0; i < f->color_count; i++) {
      if (!f->color[i])
         continue;
      /* the view's format: the pipeline writes (and blends) unconverted when linear */
      const struct vkb_format *cf = f->color_fmt[i] ? f->color_fmt[i] : f->color[i]->fmt;
      k->color[i] = f->linear ? vkb_format_linear(cf->vk) : cf->vk;
      if (cf->has_alpha)
         k->color_has_alpha |= 1u << i;
      if (cf->caps & MGP_FORMAT_CAP_BLEND)
         k->color_blendable |= 1u << i;
   }
   k->depth = f->depth ? f->depth->fmt->vk : VK_FORMAT_UNDEFINED;
   k->stencil = f->stencil ? f->stencil->fmt->vk : VK_FORMAT_UNDEFINED;
   k->samples = (uint8_t)f->samples;
   k->ms_one = f->ms_one;
   ctx->render_layers = f->layers;
   ctx->fb_key_valid = true;
   ctx->fb_key_epoch = ctx->scr->storage_epoch;
}

/* The attachment part of the pipeline key for the current framebuffer state. */
bool
vkb_context_fb_key(struct vkb_context *ctx)
{
   if (ctx->fb_key_valid && ctx->fb_key_epoch == ctx->scr->storage_epoch)
      return true;
   struct fb_resolved f;
   if (!resolve_fb(ctx, &f))
      return false;
   fill_key(ctx, &f);
   ctx->render_extent = f.extent;
   return true;
}

/* The colour attachment view of draw buffer i, as the rendering scope names it. */
static VkImageView
color_view(struct vkb_screen *scr, const struct fb_resolved *f, uint32_t i)
{
   if (!f->color[i])
      return VK_NULL_HANDLE;
   if (f->color_fmt[i] && f->color_fmt[i] != f->color[i]->fmt)
      return vkb_resource_alias_view(
         scr, f->color[i], f->color_level[i], f->color_layer[i], f->layered,
         f->linear ? vkb_format_linear(f->color_fmt[i]->vk) : f->color_fmt[i]->vk);
   return vkb_resource_attachment_view(scr, f->color[i], f->color_level[i], f->color_layer[i],
                                       f->layered, f->linear);
}

bool
vkb_context_blend_dst(struct vkb_context *ctx, struct vkb_resource **res, uint32_t *level,
                      VkImageView *view)
{
   struct fb_resolved f;
   *res = NULL;
   if (!resolve_fb(ctx, &f))
      return false;
   struct vkb_resource *r = f.color_count ? f.color[0] : NULL;
   if (!r)
      return true;
   /* a multisampled buffer would be read per sample (sample shading): not done */
   const char *why = f.samples > 1                                 ? "multisampled"
                     : f.layered                                   ? "layered"
                     : r->image_type == VK_IMAGE_TYPE_1D           ? "one-dimensional"
                     : !r->feedback_usage                          ? "without feedback-loop usage"
                     : r->fmt->aspect != VK_IMAGE_ASPECT_COLOR_BIT ? "not a colour image"
                                                                   : NULL;
   if (why) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "advanced blending (in the fragment shader) into a draw buffer 0 that is %s",
                  why);
      return false;
   }
   *view = color_view(ctx->scr, &f, 0);
   if (!*view)
      return false;
   *res = r;
   *level = f.color_level[0];
   return true;
}

static bool
surface_in(const struct mgp_surface *s, const struct vkb_resource *r, uint32_t lo, uint32_t hi)
{
   return s->kind && mgp_handle_eq(s->res, r->base.h) && s->level >= lo && s->level <= hi;
}

bool
vkb_context_attached_in(struct vkb_context *ctx, const struct vkb_resource *r, uint32_t lo,
                        uint32_t hi)
{
   const struct mgp_framebuffer_state *fb = &ctx->fb;
   if (!ctx->fb_set)
      return false;
   for (int i = 0; i < VKB_MAX_COLOR; i++)
      if (surface_in(&fb->color[i], r, lo, hi))
         return true;
   return surface_in(&fb->depth, r, lo, hi) || surface_in(&fb->stencil, r, lo, hi);
}

/* An attachment's level into `layout` for a scope about to begin. Already there in a scope that
 * opens its batch: no barrier (the opening one orders it), only the use in this batch noted. */
static void
attachment_layout(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level,
                  VkImageLayout layout, bool opens_batch)
{
   if (opens_batch && r->img && level < r->levels && r->layout[level] == layout)
      r->last_use = vkb_current_serial(scr);
   else
      vkb_image_transition(scr, r, level, 1, layout, true);
}

bool
vkb_begin_rendering(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   if (scr->rendering_ctx == ctx)
      return true;
   vkb_context_end_rendering(scr);
   struct fb_resolved f;
   if (!resolve_fb(ctx, &f))
      return false;
   fill_key(ctx, &f);
   ctx->render_extent = f.extent;

   /* Attachments into attachment layouts; a same-layout barrier orders this scope after the
    * previous one that wrote them (and after glTextureBarrier, which ended it). A level the
    * draw's samplers put in the feedback-loop layout (ctx->loop_want) stays in it; one that
    * leaves it invalidates the sampler memo, whose resolutions relied on it. A scope that
    * opens its batch (the draw after a read-back) needs no same-layout barrier: the batch's
    * opening barrier orders it after every earlier scope. */
   const bool opens_batch = vkb_batch_unrecorded(scr);
   VkImageLayout color_layout[VKB_MAX_COLOR];
   uint8_t loop = 0;
   bool loop_left = false;
   for (uint32_t i = 0; i < f.color_count; i++) {
      color_layout[i] = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
      if (!f.color[i])
         continue;
      if (f.color[i]->layout[f.color_level[i]] == VK_IMAGE_LAYOUT_GENERAL &&
          (ctx->loop_want & VKB_LOOP_STORAGE)) {
         color_layout[i] = VK_IMAGE_LAYOUT_GENERAL; /* a storage image of the draw's too */
         loop |= VKB_LOOP_STORAGE;
      }
      if (f.color[i]->layout[f.color_level[i]] ==
          VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT) {
         if (ctx->loop_want & VKB_LOOP_COLOR) {
            color_layout[i] = VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT;
            loop |= VKB_LOOP_COLOR;
         } else {
            loop_left = true;
         }
      }
      attachment_layout(scr, f.color[i], f.color_level[i], color_layout[i], opens_batch);
   }
   struct vkb_resource *ds = f.depth ? f.depth : f.stencil;
   const uint32_t ds_level = f.depth ? f.depth_level : f.stencil_level;
   const uint32_t ds_layer = f.depth ? f.depth_layer : f.stencil_layer;
   VkImageLayout ds_layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
   if (ds && ds->layout[ds_level] == VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT) {
      if (ctx->loop_want & VKB_LOOP_DS) {
         ds_layout = VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT;
         loop |= VKB_LOOP_DS;
      } else {
         loop_left = true;
      }
   }
   if (ds)
      attachment_layout(scr, ds, ds_level, ds_layout, opens_batch);
   if (loop_left) {
      ctx->smemo.epoch++;
      ctx->smemo.res_epoch++;
   }

   VkRenderingAttachmentInfo color[VKB_MAX_COLOR];
   for (uint32_t i = 0; i < f.color_count; i++) {
      color[i] = (VkRenderingAttachmentInfo){
         .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
         .imageView = color_view(scr, &f, i),
         .imageLayout = color_layout[i],
         .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
         .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      };
   }
   VkRenderingAttachmentInfo dsa = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
      .imageView = !ds         ? VK_NULL_HANDLE
                   : f.layered ? vkb_resource_layered_view(scr, ds, ds_level)
                               : vkb_resource_layer_view(scr, ds, ds_level, ds_layer),
      .imageLayout = ds_layout,
      .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
   };
   VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
      .renderArea = {{0, 0}, f.extent},
      .layerCount = f.layers, /* a geometry shader's gl_Layer picks one */
      .colorAttachmentCount = f.color_count,
      .pColorAttachments = color,
      .pDepthAttachment = f.depth ? &dsa : NULL,
      .pStencilAttachment = f.stencil ? &dsa : NULL,
   };
   vkb_query_scope_prepare(ctx); /* a reset must be outside the scope */
   vkb_xfb_scope_prepare(ctx);
   VkCommandBuffer cmd = vkb_cmd(scr);
   /* A screen that draws indirectly: the scope in a command buffer of its own, after a slot
    * for its commands' clamps (vkb_draw_clamp.c), which cannot run inside it. */
   if (cmd && scr->clamp_prepass &&
       !(scr->clamp_batch_full && scr->clamp_cursor_serial == scr->cur->serial))
      cmd = vkb_batch_split(scr);
   if (!cmd)
      return false;
   scr->scope_writes = false;
   scr->begin_rendering(cmd, &ri);
   scr->stats.render_passes_begun++;
   scr->rendering_ctx = ctx;
   scr->rendering_loop = loop;
   vkb_scope_moved(scr);
   vkb_query_scope_begin(ctx);
   vkb_xfb_scope_begin(ctx);
   ctx->dyn_dirty = VKB_DYN_ALL;
   return true;
}

/* ---- set_* ------------------------------------------------------------------------------- */

void
vkb_set_dynamic_state(void *self, const struct mgp_dynamic_state *args, const void *tail,
                      uint32_t tail_count)
{
   CTX_SELF;
   ctx->dyn_dirty |= vkb_dynamic_changes(&ctx->dyn, args);
   ctx->dyn = *args;
}

void
vkb_set_viewports(void *self, const struct mgp_set_viewports *args, const void *tail,
                  uint32_t tail_count)
{
   CTX_SELF;
   /* the decoder refuses these on the ring and tcp arms; monolith calls here directly */
   if (args->count >= MGP_MAX_VIEWPORTS || tail_count < args->count) {
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption,
                "set_viewports.count past MGP_MAX_VIEWPORTS - 1");
      return;
   }
   if (args->count)
      memcpy(ctx->viewports, tail, args->count * sizeof(struct mgp_viewport));
   ctx->viewports_held = true;
   ctx->dyn_dirty |= VKB_DYN_VIEWPORTS;
}

void
vkb_set_dynamic_words(void *self, const struct mgp_dynamic_words *args, const void *tail,
                      uint32_t tail_count)
{
   CTX_SELF;
   if (!mgp_dynamic_words_fit(args, tail, tail_count)) {
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "set_dynamic_words past the dynamic state");
      return;
   }
   /* mgp_dynamic_words_apply's copy, word by word: a glViewport's or glScissor's few words
    * without libc's memcpy */
   const uint32_t first = args->first, count = args->count;
   uint8_t *ds = (uint8_t *)&ctx->dyn + (size_t)first * sizeof(uint32_t);
   for (uint32_t k = 0; k < count; k++)
      memcpy(ds + 4 * (size_t)k, (const uint8_t *)tail + 4 * (size_t)k, 4);
   /* the client sends changed words alone: the parts they touch are recorded again */
   ctx->dyn_dirty |= vkb_dynamic_word_parts(first, count);
}

void
vkb_set_framebuffer_state(void *self, const struct mgp_framebuffer_state *args, const void *tail,
                          uint32_t tail_count)
{
   CTX_SELF;
   if (ctx->fb_set && !memcmp(&ctx->fb, args, sizeof(*args)))
      return;
   if (scr->rendering_ctx == ctx)
      vkb_context_end_rendering(scr);
   /* Check the handles now: a stale one is the client's fault, at the call that carried it. */
   const struct mgp_surface *s[VKB_MAX_COLOR + 3];
   for (int i = 0; i < VKB_MAX_COLOR; i++)
      s[i] = &args->color[i];
   s[VKB_MAX_COLOR] = &args->depth;
   s[VKB_MAX_COLOR + 1] = &args->stencil;
   s[VKB_MAX_COLOR + 2] = &args->read;
   for (int i = 0; i < VKB_MAX_COLOR + 3; i++)
      if (s[i]->kind && !vkb_lookup(scr, &scr->resources, s[i]->res, "set_framebuffer_state"))
         return;
   ctx->fb = *args;
   ctx->fb_set = true;
   ctx->fb_key_valid = false;
   ctx->dyn_dirty = VKB_DYN_ALL;
}

void
vkb_set_vertex_buffers(void *self, const struct mgp_set_vertex_buffers *args, const void *tail,
                       uint32_t tail_count)
{
   CTX_SELF;
   const struct mgp_vertex_buffer *vb = tail;
   if (args->count != tail_count) {
      MGU_DECLINE(backend_feature_unimplemented, "set_vertex_buffers count %u with a tail of %u",
                  args->count, tail_count);
      return;
   }
   for (uint32_t i = 0; i < tail_count; i++) {
      const uint32_t b = args->start + i;
      if (b >= VKB_MAX_VB) {
         MGU_DECLINE(backend_feature_unimplemented, "vertex buffer binding %u", b);
         continue;
      }
      if (!mgp_handle_is_null(vb[i].res) &&
          !vkb_lookup(scr, &scr->resources, vb[i].res, "set_vertex_buffers"))
         return;
      ctx->vbs[b] = vb[i];
   }
}

void
vkb_set_index_buffer(void *self, const struct mgp_set_index_buffer *args, const void *tail,
                     uint32_t tail_count)
{
   CTX_SELF;
   if (!mgp_handle_is_null(args->res) &&
       !vkb_lookup(scr, &scr->resources, args->res, "set_index_buffer"))
      return;
   ctx->ib = *args;
}

static void
set_handles(struct vkb_context *ctx, struct vkb_table *t, struct mgp_handle *dst,
            const struct mgp_set_handles *args, const struct mgp_handle *h, uint32_t n,
            const char *call)
{
   for (uint32_t i = 0; i < n && i < args->count; i++) {
      const uint32_t j = args->start + i;
      if (j >= VKB_MAX_SAMPLERS) {
         MGU_DECLINE(backend_feature_unimplemented, "%s index %u", call, j);
         continue;
      }
      if (!mgp_handle_is_null(h[i]) && !vkb_lookup(ctx->scr, t, h[i], call))
         return;
      dst[j] = h[i];
   }
}

void
vkb_set_sampler_views(void *self, const struct mgp_set_handles *args, const void *tail,
                      uint32_t tail_count)
{
   CTX_SELF;
   set_handles(ctx, &scr->sampler_views, ctx->views, args, tail, tail_count, "set_sampler_views");
}

void
vkb_bind_sampler_states(void *self, const struct mgp_set_handles *args, const void *tail,
                        uint32_t tail_count)
{
   CTX_SELF;
   set_handles(ctx, &scr->samplers, ctx->samplers, args, tail, tail_count, "bind_sampler_states");
}

void
vkb_set_texture_params(void *self, const struct mgp_texture_params *args, const void *tail,
                       uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_resource *r = vkb_lookup(scr, &scr->resources, args->res, "set_texture_params");
   if (!r)
      return;
   if (memcmp(&r->params, args, sizeof(*args))) {
      r->params = *args;
      r->params_version++;
   }
}

void
vkb_set_shader_buffers(void *self, const struct mgp_set_shader_buffers *args, const void *tail,
                       uint32_t tail_count)
{
   CTX_SELF;
   const struct mgp_buffer_range *br = tail;
   if (args->cls > 2) { /* no client sends another class */
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "set_shader_buffers.cls");
      return;
   }
   /* GL binds atomic counter ranges at multiples of 4 only (the front end's GL_INVALID_VALUE):
    * another offset is a hostile record, refused before any slot changes */
   for (uint32_t i = 0; args->cls == 2 && i < tail_count && i < args->count; i++) {
      if (br[i].offset % 4) {
         char detail[64];
         snprintf(detail, sizeof(detail), "set_shader_buffers.ranges[%u].offset", i);
         vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
         return;
      }
   }
   if (args->cls == 1 || args->cls == 2) {
      /* Storage blocks live in set 1 with the samplers: its descriptors are resolved again.
       * Atomic counter buffers are storage buffers in the same range (glsl.h's contract: after
       * the program's storage blocks), under the same checks. */
      scr->texture_tick++;
      for (uint32_t i = 0; i < tail_count && i < args->count; i++) {
         const uint32_t b = args->start + i; /* no wrap: start is checked first */
         if (args->start < VKB_SSBO_BASE ||
             args->start >= VKB_SSBO_BASE + VKB_MAX_STORAGE_BUFFERS ||
             b >= VKB_SSBO_BASE + VKB_MAX_STORAGE_BUFFERS) {
            MGU_DECLINE(backend_feature_unimplemented, "storage buffer binding %u", b);
            return;
         }
         if (!mgp_handle_is_null(br[i].res) &&
             !vkb_lookup(scr, &scr->resources, br[i].res, "set_shader_buffers"))
            return;
         ctx->ssbos[b - VKB_SSBO_BASE] = br[i];
      }
      return;
   }
   for (uint32_t i = 0; i < tail_count && i < args->count; i++) {
      const uint32_t b = args->start + i;
      if (b == 0 || b >= VKB_MAX_UBO_BINDING) {
         MGU_DECLINE(backend_feature_unimplemented, "uniform buffer binding %u", b);
         continue;
      }
      if (!mgp_handle_is_null(br[i].res) &&
          !vkb_lookup(scr, &scr->resources, br[i].res, "set_shader_buffers"))
         return;
      ctx->ubos[b] = br[i];
   }
}

void
vkb_set_vertex_attrib_defaults(void *self, const struct mgp_set_vertex_attrib_defaults *args,
                               const void *tail, uint32_t tail_count)
{
   CTX_SELF;
   const struct mgp_attrib_value *v = tail;
   for (uint32_t i = 0; i < tail_count && i < args->count; i++) {
      if (v[i].location >= 32) {
         MGU_DECLINE(backend_feature_unimplemented, "vertex attribute default at location %u",
                     v[i].location);
         continue;
      }
      if (v[i].kind > 4) {
         MGU_DECLINE(backend_feature_unimplemented, "vertex attribute default of kind %u",
                     v[i].kind);
         continue;
      }
      /* kind 4: the z and w of the double at that location (its kind stays 3) */
      uint32_t *dst = ctx->attrib_value[v[i].location];
      if (v[i].kind == 4) {
         memcpy(dst + 4, v[i].value, sizeof(v[i].value));
         continue;
      }
      ctx->attrib_kind[v[i].location] = v[i].kind;
      memcpy(dst, v[i].value, sizeof(v[i].value));
   }
   ctx->attrib_version++;
}

void
vkb_set_pixel_pack_state(void *self, const struct mgp_pixel_pack_state *args, const void *tail,
                         uint32_t tail_count)
{
   CTX_SELF;
   const char *bad = mgp_pixel_pack_state_bad_field(args);
   if (bad) {
      char detail[64];
      snprintf(detail, sizeof(detail), "set_pixel_pack_state.%s", bad);
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
      return;
   }
   ctx->pack = *args;
}

void
vkb_set_patch_state(void *self, const struct mgp_patch_state *args, const void *tail,
                    uint32_t tail_count)
{
   CTX_SELF;
   /* The front end refuses these with GL_INVALID_VALUE (glPatchParameteri): a patch of no
    * vertex, or of more than the device takes, would reach the pipeline's patchControlPoints.
    * The levels are any floats (GL clamps them where they are used). */
   if (!scr->features.tessellationShader || args->vertices == 0 ||
       args->vertices > scr->props.limits.maxTessellationPatchSize || args->vertices > 32) {
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "set_patch_state.vertices");
      return;
   }
   ctx->patch = *args;
}

/* ---- flush / present --------------------------------------------------------------------- */

void
vkb_flush(void *self, const struct mgp_u32_args *args, const void *tail, uint32_t tail_count)
{
   CTX_SELF;
   const uint64_t serial = vkb_submit(scr);
   if (serial && (args->value & MGP_FLUSH_FINISH))
      vkb_wait_serial(scr, serial, UINT64_MAX, true);
   else
      vkb_retire(scr);
}

void
vkb_present(void *self, const struct mgp_present *args, const void *tail, uint32_t tail_count)
{
   CTX_SELF;
   /* pbuffers: the colour resource needs nothing more than the end of the frame; a window the
    * client bound (surface_bind_window) gets the frame from here (vkb_wsi.c). */
   struct vkb_resource *color = NULL;
   if (!mgp_handle_is_null(args->color) &&
       !(color = vkb_lookup(scr, &scr->resources, args->color, "present")))
      return;
   if (args->frame_serial > scr->frame_serial)
      scr->frame_serial = args->frame_serial;
   const uint64_t frame = scr->frame_serial;
   uint64_t serial = (args->flags & MGP_PRESENT_NO_WINDOW) ? 0 : vkb_wsi_present(scr, color);
   if (!serial)
      serial = vkb_submit(scr);
   if (!serial)
      return;
   scr->last_presented = frame;
   scr->frame_serial = frame + 1;
   vkb_retire(scr);
   /* At most frames_in_flight frames the GPU has not finished. */
   while (!scr->failed && scr->inflight_head &&
          scr->last_presented - scr->completed_frame_floor > scr->frames_in_flight)
      vkb_wait_serial(scr, scr->inflight_head->serial, UINT64_MAX, true);
}
