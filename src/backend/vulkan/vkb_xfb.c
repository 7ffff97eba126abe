/* vkb_xfb.c — GL transform feedback on VK_EXT_transform_feedback.
 *
 * Vulkan lets transform feedback be active only inside a rendering scope and forbids binding a
 * pipeline while it is, and the backend ends and resumes scopes on its own (buffer updates,
 * transfers, submissions, another context). So a GL capture is a run of Vulkan captures, one per
 * scope it spans: each begins at the first capturing draw of the scope (after that draw's
 * pipeline is bound) and ends when the scope ends, writing each buffer's byte position into the
 * capturing object's counter buffer; the next one resumes from those counters. Each transform
 * feedback object (bind_stream_output_object; 0 is the context's default) has its own targets
 * and counters, so an object paused, bound away and back resumes at its own positions; its
 * end copies each buffer's position into the counts draw_stream_output draws
 * (vkCmdDrawIndirectByteCountEXT). Pause, resume, begin and
 * end therefore only end the scope in progress and change state; a pipeline change under an
 * active capture ends the scope too (vkb_draw.c). Barriers stay outside scopes: before a capture
 * (earlier transfers and counter writes -> this capture), after a scope that captured
 * (its writes -> any later read).
 *
 * The primitive queries (GL_PRIMITIVES_GENERATED: VK_EXT_primitives_generated_query;
 * GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: the transform feedback stream query's "written")
 * follow the occlusion queries' rule (vkb_query.c): a query begun inside a scope ends inside it,
 * so a GL query takes one Vulkan slot per scope it spans and its result is their sum. With
 * MGP_CAP_VERTEX_STREAMS each vertex stream has its own (vkCmdBeginQueryIndexedEXT). */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "log.h"
#include "vkb.h"

#define XFB_SELF                                                                                   \
   struct vkb_context *ctx = self;                                                                 \
   struct vkb_screen *scr = ctx->scr;                                                              \
   if (scr->failed)                                                                                \
   return

/* Ends this context's rendering scope (and with it the Vulkan capture in progress). */
static void
break_scope(struct vkb_context *ctx)
{
   if (ctx->scr->rendering_ctx == ctx)
      vkb_end_rendering(ctx->scr);
}

/* Makes o's counter buffer: the positions, then the draw count slot. */
static bool
counters_ready(struct vkb_screen *scr, struct vkb_xfb_object *o)
{
   if (o->counter_buf)
      return true;
   VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = VKB_XFB_DRAW_SLOT + VKB_MAX_XFB * sizeof(uint32_t),
      .usage = VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT |
               VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT |
               VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
               VK_BUFFER_USAGE_TRANSFER_DST_BIT,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
   };
   if (!vkb_check(scr, vkCreateBuffer(scr->dev, &bci, NULL, &o->counter_buf),
                  "vkCreateBuffer(xfb counters)"))
      return false;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(scr->dev, o->counter_buf, &req);
   int32_t type = vkb_find_memory(scr, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0);
   if (type < 0)
      type = vkb_find_memory(scr, req.memoryTypeBits, 0, 0);
   VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = type < 0 ? 0 : (uint32_t)type,
   };
   if (type < 0) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "no memory type for transform feedback counters");
      return false;
   }
   if (!vkb_check(scr, vkAllocateMemory(scr->dev, &mai, NULL, &o->counter_mem),
                  "vkAllocateMemory(xfb counters)") ||
       !vkb_check(scr, vkBindBufferMemory(scr->dev, o->counter_buf, o->counter_mem, 0),
                  "vkBindBufferMemory(xfb counters)"))
      return false;
   return true;
}

/* Object id of the context, made when `make` (NULL: out of memory, already Fatal, or none). */
static struct vkb_xfb_object *
object_of(struct vkb_context *ctx, uint32_t id, bool make)
{
   struct vkb_screen *scr = ctx->scr;
   if (id < ctx->xfb.object_count && ctx->xfb.objects[id])
      return ctx->xfb.objects[id];
   if (!make)
      return NULL;
   if (id >= ctx->xfb.object_count) {
      uint32_t n = ctx->xfb.object_count ? ctx->xfb.object_count : 8;
      while (n <= id)
         n *= 2;
      struct vkb_xfb_object **grown = realloc(ctx->xfb.objects, n * sizeof(*grown));
      if (!grown) {
         vkb_fatal(scr, MGU_FATAL_OutOfMemory, "transform feedback objects");
         return NULL;
      }
      memset(grown + ctx->xfb.object_count, 0, (n - ctx->xfb.object_count) * sizeof(*grown));
      ctx->xfb.objects = grown;
      ctx->xfb.object_count = n;
   }
   struct vkb_xfb_object *o = calloc(1, sizeof(*o));
   if (!o) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "transform feedback object");
      return NULL;
   }
   ctx->xfb.objects[id] = o;
   return o;
}

/* The bound object (object 0 until bind_stream_output_object names another). */
static struct vkb_xfb_object *
cur_object(struct vkb_context *ctx)
{
   if (!ctx->xfb.cur) {
      ctx->xfb.cur = object_of(ctx, 0, true);
      ctx->xfb.cur_id = 0;
   }
   return ctx->xfb.cur;
}

static void
object_free(struct vkb_screen *scr, struct vkb_xfb_object *o, bool now)
{
   if (!o)
      return;
   if (now) {
      if (o->counter_buf)
         vkDestroyBuffer(scr->dev, o->counter_buf, NULL);
      if (o->counter_mem)
         vkFreeMemory(scr->dev, o->counter_mem, NULL);
   } else {
      if (o->counter_buf)
         VKB_DEFER(scr, VKB_GARBAGE_BUFFER, o->counter_buf);
      if (o->counter_mem)
         VKB_DEFER(scr, VKB_GARBAGE_MEMORY, o->counter_mem);
   }
   free(o);
}

void
vkb_set_stream_output_targets(void *self, const struct mgp_set_stream_output_targets *args,
                              const void *tail, uint32_t tail_count)
{
   XFB_SELF;
   const struct mgp_buffer_range *r = tail;
   if (args->count > VKB_MAX_XFB || tail_count != args->count) {
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "set_stream_output_targets count");
      return;
   }
   /* A stale handle is the client's fault, at the call that carried it. */
   for (uint32_t i = 0; i < args->count; i++)
      if (!mgp_handle_is_null(r[i].res) &&
          !vkb_lookup(scr, &scr->resources, r[i].res, "set_stream_output_targets"))
         return;
   struct vkb_xfb_object *o = cur_object(ctx);
   if (!o)
      return;
   break_scope(ctx);
   o->count = args->count;
   memset(o->targets, 0, sizeof(o->targets));
   if (args->count) /* no targets: the tail may be NULL */
      memcpy(o->targets, r, args->count * sizeof(*r));
}

void
vkb_begin_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                        uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   XFB_SELF;
   (void)args; /* the primitive mode: the client already checked every draw against it */
   if (!scr->has_xfb) {
      MGU_DECLINE(backend_xfb_unsupported, "begin_stream_output without "
                                           "VK_EXT_transform_feedback");
      return;
   }
   struct vkb_xfb_object *o = cur_object(ctx);
   if (!o || !counters_ready(scr, o))
      return;
   break_scope(ctx);
   o->active = true;
   o->paused = false;
   o->counters_valid = false; /* a new capture starts at each range's offset */
}

/* At the end of o's capture (outside any scope): its buffer 0's byte count into the draw count
 * slot, the position its last scope wrote or 0 when no scope captured, ordered before the
 * indirect reads of later draw_stream_output. */
static void
record_draw_count(struct vkb_screen *scr, struct vkb_xfb_object *o)
{
   vkb_end_rendering(scr); /* transfers stay outside any context's rendering scope */
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd || !o->counter_buf)
      return;
   VkMemoryBarrier before = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT |
                       VK_ACCESS_INDIRECT_COMMAND_READ_BIT |
                       VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_READ_BIT_EXT,
      .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
   };
   vkCmdPipelineBarrier(
      cmd, VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
      VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &before, 0, NULL, 0, NULL);
   /* every buffer's: draw_stream_output of a stream draws its first buffer's */
   if (o->counters_valid) {
      const VkBufferCopy c = {
         .srcOffset = 0, .dstOffset = VKB_XFB_DRAW_SLOT, .size = VKB_MAX_XFB * sizeof(uint32_t)};
      vkCmdCopyBuffer(cmd, o->counter_buf, o->counter_buf, 1, &c);
   } else {
      vkCmdFillBuffer(cmd, o->counter_buf, VKB_XFB_DRAW_SLOT, VKB_MAX_XFB * sizeof(uint32_t), 0);
   }
   VkMemoryBarrier after = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_INDIRECT_COMMAND_READ_BIT |
                       VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_READ_BIT_EXT |
                       VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT |
                           VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT,
                        0, 1, &after, 0, NULL, 0, NULL);
   o->ended = true;
}

void
vkb_end_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                      uint32_t tail_count)
{
   (void)tail, (void)tail_count, (void)args;
   XFB_SELF;
   struct vkb_xfb_object *o = cur_object(ctx);
   if (!o)
      return;
   break_scope(ctx);
   if (o->active && scr->xfb_draw)
      record_draw_count(scr, o);
   o->active = false;
   o->paused = false;
}

void
vkb_pause_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                        uint32_t tail_count)
{
   (void)tail, (void)tail_count, (void)args;
   XFB_SELF;
   struct vkb_xfb_object *o = cur_object(ctx);
   if (!o)
      return;
   break_scope(ctx);
   o->paused = true;
}

void
vkb_resume_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                         uint32_t tail_count)
{
   (void)tail, (void)tail_count, (void)args;
   XFB_SELF;
   struct vkb_xfb_object *o = cur_object(ctx);
   if (!o)
      return;
   break_scope(ctx);
   o->paused = false;
}

void
vkb_bind_stream_output_object(void *self, const struct mgp_u32_args *args, const void *tail,
                              uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   XFB_SELF;
   /* the decoder's bound, checked again for the monolith arm */
   if (args->value >= MGP_MAX_XFB_OBJECTS) {
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "bind_stream_output_object.value");
      return;
   }
   if (ctx->xfb.cur && ctx->xfb.cur_id == args->value)
      return;
   /* the scope in progress captures into the object bound until now */
   break_scope(ctx);
   struct vkb_xfb_object *o = object_of(ctx, args->value, true);
   if (!o)
      return;
   ctx->xfb.cur = o;
   ctx->xfb.cur_id = args->value;
}

void
vkb_delete_stream_output_object(void *self, const struct mgp_u32_args *args, const void *tail,
                                uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   XFB_SELF;
   if (!args->value || args->value >= MGP_MAX_XFB_OBJECTS) {
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "delete_stream_output_object.value");
      return;
   }
   struct vkb_xfb_object *o = object_of(ctx, args->value, false);
   if (!o)
      return;
   if (ctx->xfb.cur == o) {
      break_scope(ctx);
      ctx->xfb.cur = NULL; /* object 0 again */
      ctx->xfb.cur_id = 0;
   }
   ctx->xfb.objects[args->value] = NULL;
   object_free(scr, o, false);
}

VkBuffer
vkb_xfb_draw_counter(struct vkb_context *ctx, uint32_t id)
{
   const struct vkb_xfb_object *o = object_of(ctx, id, false);
   return o && o->ended ? o->counter_buf : VK_NULL_HANDLE;
}

bool
vkb_xfb_capturing(const struct vkb_context *ctx)
{
   return ctx->xfb.cur && ctx->xfb.cur->active && !ctx->xfb.cur->paused;
}

static void prim_scope_prepare(struct vkb_context *ctx);
static void prim_scope_end(struct vkb_context *ctx);

void
vkb_xfb_scope_prepare(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   prim_scope_prepare(ctx);
   if (!vkb_xfb_capturing(ctx) || scr->failed)
      return;
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return;
   /* Earlier uploads into, reads of, captures into and counter writes of these buffers come
    * before this scope's capture. */
   VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT |
                       VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT,
      .dstAccessMask = VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT |
                       VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_READ_BIT_EXT |
                       VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT,
   };
   vkCmdPipelineBarrier(cmd,
                        VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_VERTEX_INPUT_BIT |
                           VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT | scr->shader_pipe_stages |
                           VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT,
                        VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT |
                           VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
                        0, 1, &mb, 0, NULL, 0, NULL);
}

void
vkb_xfb_draw(struct vkb_context *ctx, VkCommandBuffer cmd)
{
   struct vkb_screen *scr = ctx->scr;
   /* a fragments-only draw's scope captures nothing: the pass before it captured */
   if (!vkb_xfb_capturing(ctx) || ctx->xfb.in_scope || scr->rendering_ctx != ctx ||
       ctx->fragments_only)
      return;
   struct vkb_xfb_object *o = ctx->xfb.cur;
   VkBuffer bufs[VKB_MAX_XFB], counters[VKB_MAX_XFB];
   VkDeviceSize offs[VKB_MAX_XFB], sizes[VKB_MAX_XFB], coffs[VKB_MAX_XFB];
   const uint64_t serial = vkb_current_serial(scr);
   uint32_t n = o->count;
   for (uint32_t i = 0; i < n; i++) {
      const struct mgp_buffer_range *t = &o->targets[i];
      struct vkb_resource *r = mgp_handle_is_null(t->res)
                                  ? NULL
                                  : vkb_resource_for_use(scr, t->res, "begin_stream_output");
      uint64_t off = t->offset, size = t->size;
      if (r && (!r->is_buffer || !r->buf))
         r = NULL;
      if (r && (off > r->size || size > r->size - off))
         size = off > r->size ? 0 : r->size - off;
      if (!r || !size) {
         /* Nothing can be written there (GL: a full buffer stops capture): a range with no
          * room, of a buffer that has the transform feedback usage. */
         bufs[i] = o->counter_buf;
         offs[i] = 0;
         sizes[i] = 0;
      } else {
         bufs[i] = r->buf;
         offs[i] = off;
         sizes[i] = size;
         r->last_use = serial;
      }
      counters[i] = o->counter_buf;
      coffs[i] = i * sizeof(uint32_t);
   }
   if (!n)
      return;
   vkb_flush_draws(scr);
   scr->xfb_bind(cmd, 0, n, bufs, offs, sizes);
   scr->xfb_begin(cmd, 0, o->counters_valid ? n : 0, o->counters_valid ? counters : NULL,
                  o->counters_valid ? coffs : NULL);
   ctx->xfb.in_scope = true;
   scr->stats.xfb_scopes++;
}

void
vkb_xfb_scope_end(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   prim_scope_end(ctx);
   if (!ctx->xfb.in_scope)
      return;
   ctx->xfb.in_scope = false;
   if (!scr->cur || !scr->cur->recording)
      return;
   struct vkb_xfb_object *o = ctx->xfb.cur;
   VkBuffer counters[VKB_MAX_XFB];
   VkDeviceSize coffs[VKB_MAX_XFB];
   for (uint32_t i = 0; i < o->count; i++) {
      counters[i] = o->counter_buf;
      coffs[i] = i * sizeof(uint32_t);
   }
   scr->xfb_end(scr->cur->cmd, 0, o->count, counters, coffs);
   o->counters_valid = true;
   ctx->xfb.wrote = true;
   /* The client hears of each range this batch wrote when the batch completed. */
   const uint64_t serial = vkb_current_serial(scr);
   for (uint32_t i = 0; i < o->count; i++) {
      const struct mgp_buffer_range *t = &o->targets[i];
      if (mgp_handle_is_null(t->res) || !t->size)
         continue;
      const uint64_t value =
         t->offset <= UINT32_MAX && t->size <= UINT32_MAX ? (t->offset << 32) | t->size : 0;
      bool known = false;
      for (uint32_t k = 0; k < scr->xfb_written_count && !known; k++) {
         const struct vkb_xfb_written *w = &scr->xfb_written[k];
         known = mgp_handle_eq(w->res, t->res) && w->value == value && w->serial == serial;
      }
      if (known)
         continue;
      struct vkb_xfb_written *n =
         mgu_array_push(scr->xfb_written, scr->xfb_written_count, scr->xfb_written_cap);
      if (!n) {
         vkb_fatal(scr, MGU_FATAL_OutOfMemory, "transform feedback write list");
         return;
      }
      *n = (struct vkb_xfb_written){.res = t->res, .value = value, .serial = serial};
   }
}

void
vkb_xfb_announce(struct vkb_screen *scr)
{
   uint32_t kept = 0;
   for (uint32_t k = 0; k < scr->xfb_written_count; k++) {
      const struct vkb_xfb_written *w = &scr->xfb_written[k];
      if (w->serial > scr->completed_serial) {
         scr->xfb_written[kept++] = *w;
         continue;
      }
      struct mgp_event ev = {.kind = MGP_EVENT_BUFFER_WRITTEN,
                             .slot = w->res.slot,
                             .gen = w->res.gen,
                             .value = w->value};
      if (scr->env.event)
         scr->env.event(scr->env.session, &ev);
   }
   scr->xfb_written_count = kept;
}

void
vkb_xfb_after_scope(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   if (!ctx->xfb.wrote || !scr->cur || !scr->cur->recording)
      return;
   ctx->xfb.wrote = false;
   /* What the capture wrote is read by later draws, copies and read-backs. */
   VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT |
                       VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT,
      .dstAccessMask = VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_INDEX_READ_BIT |
                       VK_ACCESS_UNIFORM_READ_BIT | VK_ACCESS_SHADER_READ_BIT |
                       VK_ACCESS_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT |
                       VK_ACCESS_TRANSFER_WRITE_BIT,
   };
   vkCmdPipelineBarrier(scr->cur->cmd, VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT,
                        VK_PIPELINE_STAGE_VERTEX_INPUT_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT |
                           scr->shader_pipe_stages | VK_PIPELINE_STAGE_TRANSFER_BIT,
                        0, 1, &mb, 0, NULL, 0, NULL);
}

static void
objects_finish(struct vkb_context *ctx, bool now)
{
   for (uint32_t i = 0; i < ctx->xfb.object_count; i++)
      object_free(ctx->scr, ctx->xfb.objects[i], now);
   free(ctx->xfb.objects);
   ctx->xfb.objects = NULL;
   ctx->xfb.object_count = 0;
   ctx->xfb.cur = NULL;
   ctx->xfb.cur_id = 0;
}

void
vkb_xfb_context_finish(struct vkb_context *ctx)
{
   objects_finish(ctx, false);
}

void
vkb_xfb_context_destroy_now(struct vkb_context *ctx)
{
   objects_finish(ctx, true);
}

/* ---- primitive queries ------------------------------------------------------------------- */

#define PRIM_POOL_SLOTS 256u
/* Free slots of a pool below which a draw, clear or dispatch folds: more than the scopes one
 * opens take (one per stream). */
#define PRIM_LOW_WATER (PRIM_POOL_SLOTS / 4u)

/* The primitive query kinds: 0 generated, 1 written, 2 one stream's overflow, 3 any stream's
 * overflow (-1: another kind). Kinds 1 - 3 read one transform feedback stream query (primitives
 * written and needed) per stream and scope, which they share: Vulkan lets one query of a type
 * be active per stream. */
static int
prim_index(uint32_t kind)
{
   switch (kind) {
   case MGP_QUERY_KIND_PRIMITIVES_GENERATED: return 0;
   case MGP_QUERY_KIND_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return 1;
   case MGP_QUERY_KIND_TRANSFORM_FEEDBACK_STREAM_OVERFLOW: return 2;
   case MGP_QUERY_KIND_TRANSFORM_FEEDBACK_OVERFLOW: return 3;
   default: return -1;
   }
}

/* The pool of a kind: 0 primitives generated, 1 transform feedback stream queries. */
static int
prim_pool_of(int k)
{
   return k == 0 ? 0 : 1;
}

bool
vkb_prim_query_kind(uint32_t kind)
{
   return prim_index(kind) >= 0;
}

bool
vkb_prim_overflow_kind(uint32_t kind)
{
   return prim_index(kind) >= 2;
}

bool
vkb_prim_any_active(const struct vkb_context *ctx)
{
   for (int k = 0; k < 4; k++)
      for (int st = 0; st < VKB_MAX_STREAMS; st++)
         if (ctx->prim_active[k][st])
            return true;
   return false;
}

static bool
prim_pool_ready(struct vkb_screen *scr, int k)
{
   if (scr->prim_pool[k])
      return true;
   VkQueryPoolCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = k == 0 ? VK_QUERY_TYPE_PRIMITIVES_GENERATED_EXT
                          : VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT,
      .queryCount = PRIM_POOL_SLOTS,
   };
   scr->prim_free[k] = malloc(PRIM_POOL_SLOTS * sizeof(uint32_t));
   scr->prim_refs[k] = calloc(PRIM_POOL_SLOTS, 1);
   scr->prim_serial[k] = calloc(PRIM_POOL_SLOTS, sizeof(uint64_t));
   if (!scr->prim_free[k] || !scr->prim_refs[k] || !scr->prim_serial[k]) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, "primitive query pool");
      return false;
   }
   if (!vkb_check(scr, vkCreateQueryPool(scr->dev, &ci, NULL, &scr->prim_pool[k]),
                  "vkCreateQueryPool(primitives)"))
      return false;
   for (uint32_t i = 0; i < PRIM_POOL_SLOTS; i++)
      scr->prim_free[k][i] = PRIM_POOL_SLOTS - 1 - i;
   scr->prim_free_count[k] = PRIM_POOL_SLOTS;
   return true;
}

bool
vkb_prim_query_create(struct vkb_screen *scr, struct vkb_query *q)
{
   int k = prim_index(q->target);
   if (k < 0 || !scr->has_prim_queries || (k >= 2 && !scr->has_xfb_queries)) {
      MGU_DECLINE(backend_feature_unimplemented, "query target 0x%x on this device", q->target);
      return false;
   }
   return prim_pool_ready(scr, prim_pool_of(k));
}

bool
vkb_prim_query_read(struct vkb_screen *scr, const struct vkb_query *q, uint32_t slot,
                    uint64_t *value)
{
   int k = prim_index(q->target);
   uint64_t v[2] = {0, 0}; /* stream query: written, needed; generated: one value */
   VkResult r = vkGetQueryPoolResults(scr->dev, scr->prim_pool[prim_pool_of(k)], slot, 1, sizeof(v),
                                      v, sizeof(v), VK_QUERY_RESULT_64_BIT);
   if (!vkb_check(scr, r, "vkGetQueryPoolResults(primitives)"))
      return false;
   *value = k >= 2 ? v[1] > v[0] : v[0]; /* overflow: more were needed than written */
   return true;
}

static void
prim_slot_unref(struct vkb_screen *scr, int p, uint32_t slot)
{
   if (!--scr->prim_refs[p][slot])
      scr->prim_free[p][scr->prim_free_count[p]++] = slot;
}

void
vkb_prim_query_release_slots(struct vkb_screen *scr, struct vkb_query *q)
{
   int p = prim_pool_of(prim_index(q->target));
   for (uint32_t i = 0; i < q->slot_count; i++)
      prim_slot_unref(scr, p, q->slots[i]);
   q->slot_count = 0;
}

/* Reads the slots of completed batches back into their queries' folded sums and frees them,
 * as vkb_pstats.c does; a query keeps only its slots still in flight. */
static void
prim_fold(struct vkb_screen *scr)
{
   for (uint32_t i = 0; i < scr->queries.cap && !scr->failed; i++) {
      struct vkb_query *q = (struct vkb_query *)scr->queries.slots[i];
      if (!q || !vkb_prim_query_kind(q->target))
         continue;
      const int p = prim_pool_of(prim_index(q->target));
      uint32_t kept = 0;
      for (uint32_t k = 0; k < q->slot_count; k++) {
         const uint32_t slot = q->slots[k];
         uint64_t v = 0;
         if (scr->failed || scr->prim_serial[p][slot] > scr->completed_serial ||
             !vkb_prim_query_read(scr, q, slot, &v)) {
            q->slots[kept++] = slot;
            continue;
         }
         q->folded += v;
         prim_slot_unref(scr, p, slot);
      }
      q->slot_count = kept;
   }
}

/* The oldest batch holding a primitive slot of either pool; 0 when none does. */
static uint64_t
prim_oldest_serial(const struct vkb_screen *scr)
{
   uint64_t oldest = 0;
   for (int p = 0; p < 2; p++)
      for (uint32_t s = 0; scr->prim_pool[p] && s < PRIM_POOL_SLOTS; s++)
         if (scr->prim_refs[p][s] && (!oldest || scr->prim_serial[p][s] < oldest))
            oldest = scr->prim_serial[p][s];
   return oldest;
}

void
vkb_prim_pressure_point(struct vkb_screen *scr)
{
   for (int p = 0; p < 2; p++)
      if (scr->prim_pool[p])
         vkb_query_slots_room(
            scr, &(struct vkb_query_room){
                    .what = p == 0 ? "primitives-generated" : "transform feedback stream",
                    .held = PRIM_POOL_SLOTS,
                    .free_count = &scr->prim_free_count[p],
                    .want = PRIM_LOW_WATER,
                    .fold = prim_fold,
                    .oldest = prim_oldest_serial,
                    .waits = &scr->stats.query_slot_waits,
                 });
}

/* The stream a primitive query's begin_query / end_query names: below VKB_MAX_STREAMS with
 * MGP_CAP_VERTEX_STREAMS (the decoder's bound), else 0 (a client offered one stream sends no
 * other; nor does one for an any-stream overflow query): anything else is
 * Fatal{ProtocolCorruption}. */
static bool
stream_ok(struct vkb_screen *scr, int k, uint32_t stream, const char *what)
{
   if (stream < (scr->has_streams && k != 3 ? VKB_MAX_STREAMS : 1u))
      return true;
   vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, what);
   return false;
}

/* The streams a query of kind k on `stream` counts: [*first, *end). */
static void
prim_streams(const struct vkb_screen *scr, int k, uint32_t stream, uint32_t *first, uint32_t *end)
{
   *first = k == 3 ? 0 : stream;
   *end = k == 3 ? (scr->has_streams ? VKB_MAX_STREAMS : 1u) : stream + 1;
}

void
vkb_prim_begin_query(struct vkb_context *ctx, struct vkb_query *q, uint32_t stream)
{
   struct vkb_screen *scr = ctx->scr;
   int k = prim_index(q->target);
   if (!stream_ok(scr, k, stream, "begin_query.index"))
      return;
   uint32_t first, end;
   prim_streams(scr, k, stream, &first, &end);
   if (ctx->prim_active[k][stream]) {
      MGU_DECLINE(backend_feature_unimplemented, "two primitive queries of one target active");
      return;
   }
   if (q->ended && !q->announced) { /* restarted before its last result was read */
      vkb_wait_serial(scr, q->end_serial, UINT64_MAX, true);
      if (!q->announced)
         return;
   }
   vkb_prim_query_release_slots(scr, q);
   q->active = true;
   q->ended = q->announced = false;
   q->value = q->folded = 0;
   q->stream = stream;
   for (uint32_t st = first; st < end; st++)
      ctx->prim_active[k][st] = q;
   /* The next draw opens a scope, and with it the query's first slot. */
   break_scope(ctx);
}

void
vkb_prim_end_query(struct vkb_context *ctx, struct mgp_handle h, uint32_t kind, uint32_t stream)
{
   struct vkb_screen *scr = ctx->scr;
   int k = prim_index(kind);
   if (!stream_ok(scr, k, stream, "end_query.index"))
      return;
   struct vkb_query *q = ctx->prim_active[k][stream];
   if (!q || !mgp_handle_eq(q->base.h, h)) {
      MGU_DECLINE(backend_feature_unimplemented, "end_query of a query not active here");
      return;
   }
   break_scope(ctx); /* closes its last slot */
   uint32_t first, end;
   prim_streams(scr, k, stream, &first, &end);
   for (uint32_t st = first; st < end; st++)
      ctx->prim_active[k][st] = NULL;
   q->active = false;
   q->ended = true;
   q->end_serial = vkb_current_serial(scr);
   scr->queries_pending++;
}

/* Before the scope begins (a reset must be outside it): a fresh slot per pool and stream that
 * an active query counts, shared by the queries that count it; none in a clear's scope
 * (occ_suspended), whose draw generates no primitives, nor in a fragments-only draw's, whose
 * primitives the pass before it counted. */
static void
prim_scope_prepare(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   for (int ps = 0; ps < 2 * VKB_MAX_STREAMS; ps++) {
      const int p = ps / VKB_MAX_STREAMS, st = ps % VKB_MAX_STREAMS;
      struct vkb_query *qs[3] = {NULL, NULL, NULL};
      unsigned n = 0;
      for (int k = p == 0 ? 0 : 1; k < (p == 0 ? 1 : 4); k++)
         if (ctx->prim_active[k][st])
            qs[n++] = ctx->prim_active[k][st];
      ctx->prim_slot_open[p][st] = false;
      if (!n || scr->failed || ctx->occ_suspended || ctx->fragments_only)
         continue;
      if (!scr->prim_free_count[p]) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "more than %u primitive query scopes in "
                     "flight",
                     PRIM_POOL_SLOTS);
         continue;
      }
      for (unsigned i = 0; i < n; i++)
         if (!mgu_array_reserve(qs[i]->slots, qs[i]->slot_cap, (uint64_t)qs[i]->slot_count + 1)) {
            vkb_fatal(scr, MGU_FATAL_OutOfMemory, "primitive query slots");
            return;
         }
      VkCommandBuffer cmd = vkb_cmd(scr);
      if (!cmd)
         return;
      uint32_t slot = scr->prim_free[p][--scr->prim_free_count[p]];
      scr->prim_refs[p][slot] = (uint8_t)n;
      scr->prim_serial[p][slot] = vkb_current_serial(scr);
      for (unsigned i = 0; i < n; i++)
         qs[i]->slots[qs[i]->slot_count++] = slot;
      vkCmdResetQueryPool(cmd, scr->prim_pool[p], slot, 1);
      ctx->prim_slot[p][st] = slot;
      ctx->prim_slot_open[p][st] = true;
   }
}

void
vkb_xfb_scope_begin(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   for (int ks = 0; ks < 2 * VKB_MAX_STREAMS && scr->cur; ks++) {
      const int k = ks / VKB_MAX_STREAMS, st = ks % VKB_MAX_STREAMS;
      if (!ctx->prim_slot_open[k][st])
         continue;
      if (scr->query_begin_indexed)
         scr->query_begin_indexed(scr->cur->cmd, scr->prim_pool[k], ctx->prim_slot[k][st], 0,
                                  (uint32_t)st);
      else
         vkCmdBeginQuery(scr->cur->cmd, scr->prim_pool[k], ctx->prim_slot[k][st], 0);
   }
}

static void
prim_scope_end(struct vkb_context *ctx)
{
   struct vkb_screen *scr = ctx->scr;
   for (int ks = 0; ks < 2 * VKB_MAX_STREAMS; ks++) {
      const int k = ks / VKB_MAX_STREAMS, st = ks % VKB_MAX_STREAMS;
      if (!ctx->prim_slot_open[k][st])
         continue;
      ctx->prim_slot_open[k][st] = false;
      if (!scr->cur || !scr->cur->recording)
         continue;
      if (scr->query_end_indexed)
         scr->query_end_indexed(scr->cur->cmd, scr->prim_pool[k], ctx->prim_slot[k][st],
                                (uint32_t)st);
      else
         vkCmdEndQuery(scr->cur->cmd, scr->prim_pool[k], ctx->prim_slot[k][st]);
   }
}

void
vkb_prim_queries_finish(struct vkb_screen *scr)
{
   free(scr->xfb_written);
   scr->xfb_written = NULL;
   scr->xfb_written_count = scr->xfb_written_cap = 0;
   for (int k = 0; k < 2; k++) {
      if (scr->prim_pool[k])
         vkDestroyQueryPool(scr->dev, scr->prim_pool[k], NULL);
      scr->prim_pool[k] = VK_NULL_HANDLE;
      free(scr->prim_free[k]);
      scr->prim_free[k] = NULL;
      free(scr->prim_refs[k]);
      scr->prim_refs[k] = NULL;
      free(scr->prim_serial[k]);
      scr->prim_serial[k] = NULL;
   }
}
