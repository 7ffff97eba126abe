/* vkb_compute.c — compute dispatch and glMemoryBarrier: the dispatch program, its pipeline
 * (one per shader CSO, made at its first dispatch through the screen's VkPipelineCache), its
 * descriptors (the draw's resolution, bound at the compute bind point), direct and indirect
 * dispatches with the client's numbers checked against the device (an indirect dispatch's on
 * the GPU, vkb_grid_check.c), and MGP_BARRIER_* bits as
 * the narrowest Vulkan barrier from the shader stages to the consumers they name. */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vkb_draw.h"

#define CTX_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   (void)tail, (void)tail_count;                                                                   \
   if (scr->failed)                                                                                \
   return

void
vkb_set_dispatch_program(void *self, const struct mgp_handle_args *args, const void *tail,
                         uint32_t tail_count)
{
   CTX_SELF;
   if (mgp_handle_is_null(args->h) ||
       vkb_lookup(scr, &scr->shaders, args->h, "set_dispatch_program"))
      ctx->dispatch_program = args->h;
}

/* The shader's compute pipeline, made once (VK_NULL_HANDLE after a failure, declined). */
static VkPipeline
compute_pipeline(struct vkb_screen *scr, struct vkb_shader *sh)
{
   if (sh->compute)
      return sh->compute;
   VkComputePipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage =
         {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = sh->mod[MGP_SHADER_STAGE_COMPUTE],
            .pName = sh->entry[MGP_SHADER_STAGE_COMPUTE],
         },
      .layout = sh->layout,
   };
   if (!vkb_check(scr,
                  vkCreateComputePipelines(scr->dev, scr->pipes.vk, 1, &ci, NULL, &sh->compute),
                  "vkCreateComputePipelines"))
      sh->compute = VK_NULL_HANDLE;
   else
      scr->stats.compute_pipelines_created++;
   return sh->compute;
}

/* The indirect command's buffer when its 12 bytes lie inside it (offset checked without a sum
 * that could wrap); NULL, declined, otherwise. */
static struct vkb_resource *
indirect_buffer(struct vkb_screen *scr, const struct mgp_launch_grid *a)
{
   struct vkb_resource *r = vkb_resource_for_use(scr, a->indirect, "launch_grid (indirect)");
   if (!r)
      return NULL;
   if (!r->is_buffer || !r->buf || a->indirect_offset % 4 || r->size < 12 ||
       a->indirect_offset > r->size - 12) {
      MGU_DECLINE(backend_draw_incomplete,
                  "launch_grid: indirect command at %llu of a %llu-byte buffer",
                  (unsigned long long)a->indirect_offset, (unsigned long long)r->size);
      return NULL;
   }
   return r;
}

/* The sets this context's last dispatch bound, when sh dispatches again with nothing but
 * dispatches and memory barriers reaching the backend since (scr->dispatch_tick), none of
 * another context's, in the same batch and scope (a draw between begins a scope; a submit moves
 * it too): every binding resolves as it did, the images are in the layouts that dispatch left
 * and its buffers are this batch's already. What the gather does besides, marking the written
 * resources, is done again (a read-back between clears the mark). False: the gather. */
static bool
dispatch_memo(struct vkb_context *ctx, const struct vkb_shader *sh, uint64_t serial,
              VkDescriptorSet sets[VKB_SET_COUNT], bool *dyn, uint32_t *dynoff)
{
   struct vkb_screen *scr = ctx->scr;
   const struct vkb_dispatch_memo *m = &ctx->dmemo;
   if (m->sh != sh || scr->dispatch_ctx != ctx || m->tick != scr->state_tick - scr->dispatch_tick ||
       m->buffer_tick != scr->buffer_tick || m->consts_tick != scr->consts_tick ||
       m->texture_tick != scr->texture_tick || m->scope_tick != scr->scope_tick ||
       m->serial != serial || scr->failed)
      return false;
   /* a version or shadow the gather would settle first (vkb_resource_for_use) */
   for (uint32_t i = 0; i < m->n_written; i++)
      if (m->written[i]->ver_buf || m->written[i]->shadow || m->written[i]->shadow_zero)
         return false;
   for (uint32_t i = 0; i < m->n_written; i++)
      m->written[i]->shader_written = true;
   if (m->writes)
      scr->shader_writes_pending = true;
   memcpy(sets, m->set, sizeof(m->set));
   *dyn = m->dyn;
   *dynoff = m->dynoff;
   scr->stats.dispatch_memo_hits++;
   return true;
}

/* What the next dispatch_memo compares, once a gathered dispatch is recorded; nothing kept
 * when its shader writes more than the memo holds. */
static void
dispatch_remember(struct vkb_context *ctx, const struct vkb_shader *sh, uint64_t serial,
                  const VkDescriptorSet sets[VKB_SET_COUNT], const struct vkb_draw_descriptors *dd)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_dispatch_memo *m = &ctx->dmemo;
   m->sh = NULL;
   if (dd->n_written > VKB_DISPATCH_MEMO_WRITTEN || scr->failed)
      return;
   m->sh = sh;
   m->tick = scr->state_tick - scr->dispatch_tick;
   m->buffer_tick = scr->buffer_tick;
   m->consts_tick = scr->consts_tick;
   m->texture_tick = scr->texture_tick;
   m->scope_tick = scr->scope_tick;
   m->serial = serial;
   memcpy(m->set, sets, sizeof(m->set));
   m->dyn = dd->has_dynamic;
   m->dynoff = dd->dynoff;
   m->writes = dd->writes;
   m->n_written = dd->n_written;
   memcpy(m->written, dd->written, dd->n_written * sizeof(dd->written[0]));
}

/* The dispatch's sets where dispatch_memo has none: the gather, its sets, its buffers marked
 * in use by this batch, and what the next dispatch_memo compares (vkb_launch_grid forgets it
 * where the dispatch is not recorded after all). Out of line: the descriptors' ~31 KB on the
 * stack (as the draws' are: a calloc of them was most of a dispatch's own instructions) are no
 * part of the memo's frame. False: declined or failed (reported there). */
static __attribute__((noinline)) bool
dispatch_gather(struct vkb_context *ctx, struct vkb_shader *sh, uint64_t serial,
                VkDescriptorSet sets[VKB_SET_COUNT], bool *dyn, uint32_t *dynoff)
{
   struct vkb_screen *scr = ctx->scr;
   struct vkb_draw_descriptors dd_store, *dd = &dd_store;
   if (!vkb_draw_gather_descriptors(ctx, sh, dd, VKB_DRAW_ALL_SETS) || scr->failed)
      return false;
   for (int i = 0; i < VKB_SET_COUNT; i++)
      if (sh->set_used[i] && !(sets[i] = vkb_draw_descriptor_set(ctx, sh, dd, i, serial)))
         return false;
   *dyn = dd->has_dynamic;
   *dynoff = dd->dynoff;
   for (uint32_t i = 0; i < dd->n_used_bufs; i++)
      dd->used_bufs[i]->last_use = serial;
   dispatch_remember(ctx, sh, serial, sets, dd);
   return true;
}

/* vkb_cmd where the batch records already with no draws queued (a run of dispatches and
 * barriers), without its call; else vkb_cmd. */
static inline VkCommandBuffer
compute_cmd(struct vkb_screen *scr)
{
   const struct vkb_batch *b = scr->cur;
   return b && b->recording && !scr->draws.n && !scr->failed ? b->cmd : vkb_cmd(scr);
}

void
vkb_launch_grid(void *self, const struct mgp_launch_grid *args, const void *tail,
                uint32_t tail_count)
{
   CTX_SELF;
   struct vkb_shader *sh = vkb_lookup(scr, &scr->shaders, ctx->dispatch_program, "launch_grid");
   if (!sh)
      return;
   /* a program for dispatch is its compute stage alone */
   if (sh->broken || sh->stage_mask != 1u << MGP_SHADER_STAGE_COMPUTE) {
      MGU_DECLINE(backend_feature_unimplemented, "launch_grid with shader {%u,%u}: %s",
                  ctx->dispatch_program.slot, ctx->dispatch_program.gen,
                  sh->broken ? sh->broken_why : "not a compute stage alone");
      return;
   }
   const VkPhysicalDeviceLimits *lim = &scr->props.limits;
   const bool indirect = !mgp_handle_is_null(args->indirect);
   for (int i = 0; i < 3 && !indirect; i++) {
      if (args->grid[i] > lim->maxComputeWorkGroupCount[i]) {
         MGU_DECLINE(backend_draw_incomplete, "launch_grid: %u groups in dimension %d, over %u",
                     args->grid[i], i, lim->maxComputeWorkGroupCount[i]);
         return;
      }
   }
   struct vkb_resource *ind = indirect ? indirect_buffer(scr, args) : NULL;
   if (indirect && !ind)
      return;
   if (!indirect && (!args->grid[0] || !args->grid[1] || !args->grid[2]))
      return; /* nothing runs */

   /* Outside any rendering scope: descriptors may transition textures, and a dispatch is
    * recorded between scopes (the hook does nothing outside one: not called then). */
   if (scr->rendering_ctx)
      vkb_end_rendering(scr);
   /* may submit: before this dispatch's descriptors. A run of dispatches is bounded as a run of
    * draws is (each counts as a draw toward VKB_BATCH_DRAW_LIMIT), so no batch grows without
    * end, nor its one wait past the device's watchdog. vkb_draw_pressure_point's tests less
    * vkb_defer_pressure, which the call's wrapper asked (and paid) just before (vkb_tables.c):
    * nothing since deferred an object. */
   const struct vkb_batch *pb = scr->cur;
   if ((pb && (pb->arena_bytes > VKB_BATCH_ARENA_LIMIT || pb->draws >= VKB_BATCH_DRAW_LIMIT ||
               pb->zeroed_bytes > VKB_BATCH_ZERO_LIMIT)) ||
       scr->inflight_arena_bytes > VKB_INFLIGHT_ARENA_LIMIT)
      vkb_arena_pressure_point(scr);
   if (vkb_query_pressure(scr))
      vkb_query_pressure_point(scr);
   VkPipeline pipe = compute_pipeline(scr, sh);
   if (!pipe)
      return;
   VkDescriptorSet sets[VKB_SET_COUNT] = {0};
   /* vkb_current_serial's answer where the batch is open, without its call */
   const uint64_t serial = scr->cur && !scr->failed ? scr->cur->serial : vkb_current_serial(scr);
   bool dyn = false;
   uint32_t dynoff = 0;
   const bool memo = dispatch_memo(ctx, sh, serial, sets, &dyn, &dynoff);
   scr->dispatch_ctx = ctx;
   const bool ok = memo || dispatch_gather(ctx, sh, serial, sets, &dyn, &dynoff);
   VkCommandBuffer cmd = ok ? compute_cmd(scr) : VK_NULL_HANDLE;
   /* the client's counts never reach the dispatch unchecked (vkb_grid_check.c) */
   VkBuffer checked = VK_NULL_HANDLE;
   if (cmd && ind && !vkb_grid_check_record(scr, cmd, ind->buf, args->indirect_offset, &checked))
      cmd = VK_NULL_HANDLE;
   if (cmd) {
      /* A memo hit with the scope tick where the memo's dispatch left it still (after the grid
       * check): the same command buffer, no bound state lost since (a buffer pass binds at
       * this point and calls vkb_binds_lost), and each dispatch since of this context and
       * shader with these sets, bound by the first of them: they are bound still. */
      if (!memo || scr->scope_tick != ctx->dmemo.scope_tick) {
         vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
         for (int i = 0; i < VKB_SET_COUNT; i++) {
            const bool set_dyn = i == VKB_SET_BUFFERS && dyn;
            if (sets[i])
               vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, sh->layout, (uint32_t)i,
                                       1, &sets[i], set_dyn ? 1 : 0, &dynoff);
         }
      } else {
         scr->stats.dispatch_binds_kept++;
      }
      uint32_t stat_slot = 0;
      const bool counted =
         ctx->stat_active[VKB_STAT_COMPUTE] && vkb_stat_dispatch_begin(ctx, cmd, &stat_slot);
      if (ind) {
         vkCmdDispatchIndirect(cmd, checked, 0);
         ind->last_use = serial;
      } else {
         vkCmdDispatch(cmd, args->grid[0], args->grid[1], args->grid[2]);
      }
      if (counted)
         vkb_stat_dispatch_end(ctx, cmd, stat_slot);
      scr->stats.dispatches++;
      scr->cur->draws++;
   } else {
      ctx->dmemo.sh = NULL;
   }
}

/* The consumers each MGP_BARRIER_* bit names: their stages and accesses. */
static void
barrier_dst(const struct vkb_screen *scr, uint32_t bits, VkPipelineStageFlags *stage,
            VkAccessFlags *access)
{
   const VkPipelineStageFlags shaders = scr->shader_pipe_stages;
   *stage = 0, *access = 0;
   if (bits & MGP_BARRIER_VERTEX)
      *stage |= VK_PIPELINE_STAGE_VERTEX_INPUT_BIT, *access |= VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT;
   if (bits & MGP_BARRIER_INDEX)
      *stage |= VK_PIPELINE_STAGE_VERTEX_INPUT_BIT, *access |= VK_ACCESS_INDEX_READ_BIT;
   if (bits & MGP_BARRIER_UNIFORM)
      *stage |= shaders, *access |= VK_ACCESS_UNIFORM_READ_BIT;
   if (bits & MGP_BARRIER_TEXTURE_FETCH)
      *stage |= shaders, *access |= VK_ACCESS_SHADER_READ_BIT;
   if (bits & (MGP_BARRIER_SHADER_IMAGE | MGP_BARRIER_SHADER_STORAGE | MGP_BARRIER_ATOMIC_COUNTER))
      *stage |= shaders, *access |= VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
   if (bits & MGP_BARRIER_INDIRECT)
      *stage |= VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT, *access |= VK_ACCESS_INDIRECT_COMMAND_READ_BIT;
   if (bits & (MGP_BARRIER_PIXEL | MGP_BARRIER_TEXTURE_UPDATE | MGP_BARRIER_BUFFER_UPDATE))
      *stage |= VK_PIPELINE_STAGE_TRANSFER_BIT,
         *access |= VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
   if (bits & MGP_BARRIER_BUFFER_UPDATE) /* mapped reads of the written buffer */
      *stage |= VK_PIPELINE_STAGE_HOST_BIT, *access |= VK_ACCESS_HOST_READ_BIT;
   if (bits & MGP_BARRIER_FRAMEBUFFER)
      *stage |= VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT |
                VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT |
                VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
         *access |= VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT |
                    VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
                    VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
   if ((bits & MGP_BARRIER_XFB) && scr->has_xfb) /* captures write after the shader writes */
      *stage |= VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT,
         *access |= VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT;
}

void
vkb_memory_barrier(void *self, const struct mgp_memory_barrier *args, const void *tail,
                   uint32_t tail_count)
{
   CTX_SELF;
   (void)ctx;
   if ((args->bits & ~(MGP_BARRIER_ALL | MGP_BARRIER_TEXTURE)) ||
       ((args->bits & MGP_BARRIER_TEXTURE) && !scr->has_feedback_loop)) {
      MGU_DECLINE(backend_feature_unimplemented, "memory_barrier bits 0x%x", args->bits);
      return;
   }
   if ((args->bits & MGP_BARRIER_TEXTURE) && scr->rendering_ctx && scr->rendering_loop) {
      /* glTextureBarrier in a feedback loop's rendering scope: Vulkan takes no barrier inside
       * dynamic rendering without dynamicRenderingLocalRead, so the scope ends; the next one
       * begins with LOAD after a barrier from the attachment writes to the fragment shader's
       * reads and the attachments (vkb_begin_rendering). Outside such a scope nothing was
       * sampled in a loop: the layout transitions of later draws order them already. */
      vkb_end_rendering(scr);
      scr->stats.texture_barriers++;
   }
   /* the bits of the barrier before, whose consumers are kept: a dispatch loop's */
   if (args->bits != scr->barrier_bits) {
      barrier_dst(scr, args->bits, &scr->barrier_stage, &scr->barrier_access);
      scr->barrier_bits = args->bits;
   }
   const VkPipelineStageFlags dst_stage = scr->barrier_stage;
   const VkAccessFlags dst_access = scr->barrier_access;
   if (!dst_stage)
      return;
   /* A barrier cannot sit in a rendering scope without a self-dependency: the scope ends (a
    * by-region barrier is no narrower here; the hook does nothing outside one). */
   if (scr->rendering_ctx)
      vkb_end_rendering(scr);
   VkCommandBuffer cmd = compute_cmd(scr);
   if (!cmd)
      return;
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
      .dstAccessMask = dst_access,
   };
   vkCmdPipelineBarrier(cmd, scr->shader_pipe_stages, dst_stage, 0, 1, &mb, 0, NULL, 0, NULL);
   scr->stats.memory_barriers++;
   /* Transfers and the host see what shaders wrote: readbacks need no barrier of their own. */
   if (args->bits & MGP_BARRIER_BUFFER_UPDATE)
      scr->shader_writes_pending = false;
}

void
vkb_shader_writes_visible(struct vkb_screen *scr, struct vkb_resource *r)
{
   if (!r->shader_written)
      return;
   r->shader_written = false;
   if (!scr->shader_writes_pending)
      return;
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_HOST_READ_BIT,
   };
   vkCmdPipelineBarrier(cmd, scr->shader_pipe_stages,
                        VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0,
                        NULL, 0, NULL);
   scr->stats.readback_shader_barriers++;
   r->last_use = vkb_current_serial(scr);
}
