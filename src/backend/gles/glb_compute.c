/* glb_compute.c — GLES 3.1's compute, storage buffers, images and indirect draws on the host:
 * set_dispatch_program and launch_grid (glDispatchCompute, glDispatchComputeIndirect),
 * memory_barrier (glMemoryBarrier), the storage buffers (host binding k for descriptor binding
 * 144 + k) and image units (host unit j for binding 160 + j, glBindImageTexture) a draw's or a
 * dispatch's program uses, set_shader_images, and draw_indirect.
 *
 * draw_indirect reads its commands from the host buffer and draws each as draw_vbo would: GLES
 * 3.1's glDraw*Indirect takes no base instance (the field is reserved, zero) and no first
 * vertex convention, client indices or multi-draw, which draw_vbo declines or unrolls by name;
 * the read waits for what the host wrote into the buffer before (a compute shader's commands). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"

/* The host formats ESSL 3.10 declares images of (GLES 3.1 Table 8.27), and the
 * MGP_FORMAT_CAP_STORAGE formats of the caps. */
static const uint8_t storage_formats[] = {
   MGP_FORMAT_RGBA32_FLOAT, MGP_FORMAT_RGBA16_FLOAT, MGP_FORMAT_R32_FLOAT,   MGP_FORMAT_RGBA8_UNORM,
   MGP_FORMAT_RGBA8_SNORM,  MGP_FORMAT_RGBA32_UINT,  MGP_FORMAT_RGBA16_UINT, MGP_FORMAT_RGBA8_UINT,
   MGP_FORMAT_R32_UINT,     MGP_FORMAT_RGBA32_SINT,  MGP_FORMAT_RGBA16_SINT, MGP_FORMAT_RGBA8_SINT,
   MGP_FORMAT_R32_SINT,
};

bool
glb_storage_format(unsigned mgp_format)
{
   for (unsigned k = 0; k < sizeof(storage_formats); k++)
      if (storage_formats[k] == mgp_format)
         return true;
   return false;
}

void
glb_set_shader_images(void *self, const struct mgp_set_shader_images *args, const void *tail,
                      uint32_t tail_count)
{
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   const struct mgp_image_view *v = tail;
   /* start and count compared apart: their sum cannot wrap a check */
   if (args->start > GLB_MAX_IMAGES || args->count > GLB_MAX_IMAGES - args->start ||
       tail_count < args->count) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "set_shader_images: images past 16");
      return;
   }
   for (uint32_t i = 0; i < args->count; i++) {
      if (v[i].format >= MGP_FORMAT_COUNT || v[i].access >= MGP_IMAGE_ACCESS_COUNT) {
         glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "set_shader_images: format or access");
         return;
      }
      if (!mgp_handle_is_null(v[i].res) &&
          !glb_lookup(scr, &scr->resources, v[i].res, "set_shader_images"))
         return; /* a stale handle: the lookup's Fatal */
   }
   memcpy(&ctx->images[args->start], v, args->count * sizeof(*v));
}

/* Binds image unit j of the context on the host; false: declined. */
static bool
bind_image(struct glb_context *ctx, unsigned j, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   const struct mgp_image_view *iv = &ctx->images[j];
   static const GLenum access[] = {GL_READ_ONLY, GL_WRITE_ONLY, GL_READ_WRITE};
   if (mgp_handle_is_null(iv->res)) {
      /* nothing bound: GL's loads read 0 and stores are dropped */
      GLB_GL(scr->h)->glBindImageTexture(j, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
      return true;
   }
   struct glb_resource *r = glb_resource_for_use(scr, iv->res, call);
   const struct glb_format *f = glb_format_get(scr, iv->format);
   const char *why = NULL;
   if (!r || r->is_buffer || !r->name || r->tex_target == GL_TEXTURE_BUFFER ||
       r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER)
      why = "not a texture the host binds as an image";
   else if (!f || !glb_storage_format(iv->format))
      why = "a format GLES 3.1 has no image of";
   else if (iv->level >= r->levels || (iv->layer != UINT32_MAX && iv->layer >= r->layers))
      why = "a level or layer the host texture lacks";
   if (why) {
      MGU_DECLINE(backend_draw_incomplete, "gles: a %s with image unit %u: %s", call, j, why);
      return false;
   }
   const bool layered = iv->layer == UINT32_MAX;
   GLB_GL(scr->h)->glBindImageTexture(j, r->name, iv->level, layered ? GL_TRUE : GL_FALSE,
                                      layered ? 0 : (GLint)iv->layer, access[iv->access],
                                      f->internal);
   return true;
}

bool
glb_storage_bind(struct glb_context *ctx, const struct glb_shader *s, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   for (unsigned k = 0; k < GLB_MAX_SSBO; k++) {
      if (!(s->ssbo_mask >> k & 1))
         continue;
      const struct mgp_buffer_range *u = &ctx->ssbo[k];
      struct glb_resource *r =
         mgp_handle_is_null(u->res) ? NULL : glb_resource_for_use(scr, u->res, call);
      if (!r || !r->is_buffer || !u->size || u->offset > r->desc.size ||
          u->size > r->desc.size - u->offset || u->offset % (uint64_t)scr->ssbo_align) {
         MGU_DECLINE(backend_draw_incomplete,
                     "gles: a %s without storage buffer %u (or at an offset the host's "
                     "alignment %d refuses)",
                     call, k, scr->ssbo_align);
         return false;
      }
      GLB_GL(scr->h)->glBindBufferRange(GL_SHADER_STORAGE_BUFFER, k, r->name, (GLintptr)u->offset,
                                        (GLsizeiptr)u->size);
   }
   for (unsigned j = 0; j < GLB_MAX_IMAGES; j++)
      if ((s->image_mask >> j & 1) && !bind_image(ctx, j, call))
         return false;
   return true;
}

void
glb_set_dispatch_program(void *self, const struct mgp_handle_args *args, const void *tail,
                         uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (!mgp_handle_is_null(args->h) &&
       !glb_lookup(ctx->scr, &ctx->scr->shaders, args->h, "set_dispatch_program"))
      return;
   ctx->dispatch_program = args->h;
}

void
glb_launch_grid(void *self, const struct mgp_launch_grid *args, const void *tail,
                uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   struct glb_shader *s = mgp_handle_is_null(ctx->dispatch_program)
                             ? NULL
                             : glb_lookup(scr, &scr->shaders, ctx->dispatch_program, "launch_grid");
   if (!s || !s->program || !s->compute) {
      MGU_DECLINE(backend_draw_incomplete, "gles: launch_grid without a compute program made");
      return;
   }
   const bool indirect = !mgp_handle_is_null(args->indirect);
   for (int i = 0; i < 3 && !indirect; i++)
      if (args->grid[i] > (uint32_t)scr->max_compute_count[i]) {
         MGU_DECLINE(backend_draw_incomplete,
                     "gles: launch_grid: %u groups in dimension %d, over %d", args->grid[i], i,
                     scr->max_compute_count[i]);
         return;
      }
   if (!indirect && (!args->grid[0] || !args->grid[1] || !args->grid[2]))
      return; /* an empty grid runs nothing */
   struct glb_resource *ind =
      indirect ? glb_resource_for_use(scr, args->indirect, "launch_grid") : NULL;
   if (indirect && (!ind || !ind->is_buffer || args->indirect_offset % 4 || ind->desc.size < 12 ||
                    args->indirect_offset > ind->desc.size - 12)) {
      MGU_DECLINE(backend_draw_incomplete, "gles: launch_grid: indirect command at %llu",
                  (unsigned long long)args->indirect_offset);
      return;
   }
   /* every other call forgets the shadow (glb_make_current): the next draw puts its program,
    * buffers and textures back */
   if (!glb_context_bind(ctx))
      return;
   const struct glb_host *h = scr->h;
   GLB_GL(h)->glUseProgram(s->program);
   if (!glb_program_buffers(ctx, s, "launch_grid") || !glb_samplers_bind(ctx, s) ||
       !glb_storage_bind(ctx, s, "launch_grid"))
      return;
   if (indirect) {
      GLB_GL(h)->glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, ind->name);
      GLB_GL(h)->glDispatchComputeIndirect((GLintptr)args->indirect_offset);
      GLB_GL(h)->glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
   } else {
      GLB_GL(h)->glDispatchCompute(args->grid[0], args->grid[1], args->grid[2]);
   }
   scr->stats.dispatches++;
}

void
glb_memory_barrier(void *self, const struct mgp_memory_barrier *args, const void *tail,
                   uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (args->bits & ~MGP_BARRIER_ALL) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: memory_barrier bits 0x%x", args->bits);
      return;
   }
   static const struct {
      uint32_t mgp;
      GLbitfield gl;
   } map[] = {
      {MGP_BARRIER_VERTEX, GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT},
      {MGP_BARRIER_INDEX, GL_ELEMENT_ARRAY_BARRIER_BIT},
      {MGP_BARRIER_UNIFORM, GL_UNIFORM_BARRIER_BIT},
      {MGP_BARRIER_TEXTURE_FETCH, GL_TEXTURE_FETCH_BARRIER_BIT},
      {MGP_BARRIER_SHADER_IMAGE, GL_SHADER_IMAGE_ACCESS_BARRIER_BIT},
      {MGP_BARRIER_INDIRECT, GL_COMMAND_BARRIER_BIT},
      {MGP_BARRIER_PIXEL, GL_PIXEL_BUFFER_BARRIER_BIT},
      {MGP_BARRIER_TEXTURE_UPDATE, GL_TEXTURE_UPDATE_BARRIER_BIT},
      {MGP_BARRIER_BUFFER_UPDATE, GL_BUFFER_UPDATE_BARRIER_BIT},
      {MGP_BARRIER_FRAMEBUFFER, GL_FRAMEBUFFER_BARRIER_BIT},
      {MGP_BARRIER_XFB, GL_TRANSFORM_FEEDBACK_BARRIER_BIT},
      {MGP_BARRIER_ATOMIC_COUNTER, GL_ATOMIC_COUNTER_BARRIER_BIT},
      {MGP_BARRIER_SHADER_STORAGE, GL_SHADER_STORAGE_BARRIER_BIT},
   };
   GLbitfield bits = 0;
   for (unsigned k = 0; k < sizeof(map) / sizeof(map[0]); k++)
      if (args->bits & map[k].mgp)
         bits |= map[k].gl;
   if (!bits || !glb_context_bind(ctx))
      return;
   /* by region: the whole barrier orders at least what the region's would */
   GLB_GL(ctx->scr->h)->glMemoryBarrier(bits);
}

void
glb_draw_indirect(void *self, const struct mgp_draw_indirect *args, const void *tail,
                  uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   if (!mgp_handle_is_null(args->count)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: draw_indirect with a count buffer (not in GLES)");
      return;
   }
   if (!args->draw_count)
      return;
   const uint32_t size = args->index_size ? 20 : 16;
   const uint64_t stride = args->stride ? args->stride : size;
   struct glb_resource *r = glb_resource_for_use(scr, args->indirect, "draw_indirect");
   if (!r)
      return;
   /* the commands' bytes, offset + (draw_count - 1) * stride + size, without a sum that wraps */
   const uint64_t span = (uint64_t)(args->draw_count - 1) * stride + size;
   if (!r->is_buffer || args->offset > r->desc.size || span > r->desc.size - args->offset) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "draw_indirect: commands past the buffer");
      return;
   }
   if (ctx->cond_discard || !glb_context_bind_draw(ctx))
      return;
   const struct glb_host *h = scr->h;
   uint32_t *cmds = malloc((size_t)args->draw_count * size);
   if (!cmds) {
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "draw_indirect");
      return;
   }
   /* the copy-read target: no draw state of the shadow's */
   GLB_GL(h)->glBindBuffer(GL_COPY_READ_BUFFER, r->name);
   const uint8_t *src = GLB_GL(h)->glMapBufferRange(GL_COPY_READ_BUFFER, (GLintptr)args->offset,
                                                    (GLsizeiptr)span, GL_MAP_READ_BIT);
   if (src) {
      for (uint32_t i = 0; i < args->draw_count; i++)
         memcpy(cmds + (size_t)i * (size / 4), src + i * stride, size);
      GLB_GL(h)->glUnmapBuffer(GL_COPY_READ_BUFFER);
   }
   GLB_GL(h)->glBindBuffer(GL_COPY_READ_BUFFER, 0);
   if (!src) {
      free(cmds);
      MGU_DECLINE(backend_draw_incomplete, "gles: draw_indirect: the command buffer's map failed");
      return;
   }
   for (uint32_t i = 0; i < args->draw_count; i++) {
      const uint32_t *c = cmds + (size_t)i * (size / 4);
      /* {count, instances, first, base instance} or {count, instances, first index, base
       * vertex, base instance} */
      if (!c[0] || !c[1])
         continue;
      const struct mgp_draw_vbo vbo = {
         .mode = args->mode,
         .index_size = args->index_size,
         .flags = args->flags & MGP_DRAW_PRIMITIVE_RESTART,
         .restart_index = args->restart_index,
         .instance_count = c[1],
         .start_instance = args->index_size ? c[4] : c[3],
         .num_draws = 1,
      };
      int32_t bias = 0;
      if (args->index_size)
         memcpy(&bias, &c[3], sizeof(bias));
      const struct mgp_draw_range range = {c[2], c[0], args->index_size ? bias : 0};
      glb_draw_vbo(self, &vbo, &range, 1);
   }
   free(cmds);
}
