/* glb_compute.c — GLES 3.1's compute, storage buffers, images and indirect draws on the host:
 * set_dispatch_program and launch_grid (glDispatchCompute, glDispatchComputeIndirect),
 * memory_barrier (glMemoryBarrier), set_shader_images, and draw_indirect (the storage buffers
 * and image units a program uses are bound by glb_storage.c).
 *
 * draw_indirect reads its commands from the host buffer and draws each as draw_vbo would: GLES
 * 3.1's glDraw*Indirect takes no base instance (the field is reserved, zero) and no first
 * vertex convention, client indices or multi-draw, which draw_vbo declines or unrolls by name;
 * the read waits for what the host wrote into the buffer before (a compute shader's commands). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"

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
   if (args->count) /* none: no tail at all (memcpy takes no NULL, even for 0 bytes) */
      memcpy(&ctx->images[args->start], v, args->count * sizeof(*v));
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

/* An indirect dispatch's three group counts, read on the server out of the client's buffer
 * after the host's stores into it (a compute shader may have written them), so that they are
 * checked as a direct dispatch's are; false, declined, when the map fails. */
static bool
indirect_grid(struct glb_screen *scr, const struct glb_resource *ind, uint64_t offset,
              uint32_t grid[3])
{
   const struct glb_host *h = scr->h;
   if (scr->compute)
      GLB_GL(h)->glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   /* the copy-read target: no dispatch state of the shadow's */
   GLB_GL(h)->glBindBuffer(GL_COPY_READ_BUFFER, ind->name);
   const void *p =
      GLB_GL(h)->glMapBufferRange(GL_COPY_READ_BUFFER, (GLintptr)offset, 12, GL_MAP_READ_BIT);
   if (p) {
      memcpy(grid, p, 12);
      GLB_GL(h)->glUnmapBuffer(GL_COPY_READ_BUFFER);
   }
   GLB_GL(h)->glBindBuffer(GL_COPY_READ_BUFFER, 0);
   if (!p)
      MGU_DECLINE(backend_draw_incomplete, "gles: launch_grid: the indirect buffer's map failed");
   return p != NULL;
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
   if (!s || (!s->program && !s->formatless_mask) || !s->compute) {
      MGU_DECLINE(backend_draw_incomplete, "gles: launch_grid without a compute program made");
      return;
   }
   const bool indirect = !mgp_handle_is_null(args->indirect);
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
   /* The counts are the client's, from the record or from its buffer (filled by it or by its
    * shader): over the host's limit the host's dispatch is undefined (GLES 3.1 section 17) and
    * may hold or lose the device, so it is not made. */
   uint32_t grid[3] = {args->grid[0], args->grid[1], args->grid[2]};
   if (indirect && !indirect_grid(scr, ind, args->indirect_offset, grid))
      return;
   for (int i = 0; i < 3; i++)
      if (grid[i] > (uint32_t)scr->max_compute_count[i]) {
         if (indirect)
            MGU_DECLINE(compute_grid_over_limit,
                        "gles: launch_grid: %u groups in dimension %d of an indirect dispatch, "
                        "over %d",
                        grid[i], i, scr->max_compute_count[i]);
         else
            MGU_DECLINE(backend_draw_incomplete,
                        "gles: launch_grid: %u groups in dimension %d, over %d", grid[i], i,
                        scr->max_compute_count[i]);
         return;
      }
   if (!grid[0] || !grid[1] || !grid[2])
      return; /* an empty grid runs nothing */
   /* the program's variant for its format-less images' units (glb_program_images) */
   bool images = false;
   if (!glb_program_images(ctx, s, &images))
      return;
   if (!s->program) {
      MGU_DECLINE(backend_draw_incomplete,
                  "gles: launch_grid: the program was not made for the formats of its "
                  "format-less images' units");
      return;
   }
   GLB_GL(h)->glUseProgram(s->program);
   if (!glb_program_buffers(ctx, s, "launch_grid") || !glb_samplers_bind(ctx, s) ||
       !glb_storage_bind(ctx, s, "launch_grid"))
      return;
   /* the checked counts, as read: a direct dispatch */
   GLB_GL(h)->glDispatchCompute(grid[0], grid[1], grid[2]);
   scr->stats.dispatches++;
}

void
glb_memory_barrier(void *self, const struct mgp_memory_barrier *args, const void *tail,
                   uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if ((args->bits & ~(MGP_BARRIER_ALL | MGP_BARRIER_TEXTURE)) ||
       ((args->bits & MGP_BARRIER_TEXTURE) && !ctx->scr->ext_texture_barrier)) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: memory_barrier bits 0x%x", args->bits);
      return;
   }
   if ((args->bits & MGP_BARRIER_TEXTURE) && glb_context_bind(ctx))
      GLB_GL(ctx->scr->h)->glTextureBarrierNV(); /* glTextureBarrier */
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
   /* the client sends restart alone here (fe_draw.c draws the other cases directly): any other
    * bit is one this backend does not know, declined rather than dropped */
   if (args->flags & ~MGP_DRAW_PRIMITIVE_RESTART) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: draw_indirect flags 0x%x", args->flags);
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
   /* the commands a shader wrote before this draw (a compute pass that fills them): a host map
    * is not ordered after shader stores without the barrier, as resource_readback has it */
   if (scr->compute)
      GLB_GL(h)->glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
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
