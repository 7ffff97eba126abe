/* vkb_vertex_input.c — vertex inputs: a vertex array's buffers and element buffer held per
 * context under the client's id (define_vertex_input), so that a vertex array switch is one
 * bind_vertex_input record instead of set_vertex_buffers and set_index_buffer. What a client
 * can make the server hold is bounded by MGP_MAX_VERTEX_INPUTS (the decoder refuses ids past it;
 * the table grows to the highest id defined). */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "vkb.h"

_Static_assert(MGP_MAX_VERTEX_BUFFERS <= VKB_MAX_VB, "a vertex input fits the context's bindings");

struct vkb_vertex_input {
   bool defined;
   uint32_t count;
   struct mgp_handle index;
   struct mgp_vertex_buffer vb[MGP_MAX_VERTEX_BUFFERS];
   /* scr->resources.removed + 1 when its handles were last found live (0: never): while no
    * resource was destroyed since, a bind need not look them up again (frame_1500: a switch
    * before every draw) */
   uint64_t live_at;
};

/* The handles a vertex input names, checked now: a stale one is Fatal{StaleHandle} (the
 * client's fault at the record that carried it). */
static bool
handles_live(struct vkb_screen *scr, const struct mgp_handle *index,
             const struct mgp_vertex_buffer *vb, uint32_t n, const char *call)
{
   for (uint32_t i = 0; i < n; i++)
      if (!mgp_handle_is_null(vb[i].res) && !vkb_lookup(scr, &scr->resources, vb[i].res, call))
         return false;
   return mgp_handle_is_null(*index) || vkb_lookup(scr, &scr->resources, *index, call);
}

void
vkb_define_vertex_input(void *self, const struct mgp_vertex_input *args, const void *tail,
                        uint32_t tail_count)
{
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   if (scr->failed)
      return;
   /* the decoder's bounds, again: monolith calls without a decoder */
   if (args->id >= MGP_MAX_VERTEX_INPUTS) {
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "define_vertex_input.id");
      return;
   }
   if (args->count > MGP_MAX_VERTEX_BUFFERS || tail_count != args->count ||
       (args->count && !tail)) {
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "define_vertex_input.count");
      return;
   }
   if (!handles_live(scr, &args->index, tail, args->count, "define_vertex_input"))
      return;
   if (args->id >= ctx->vertex_inputs_cap) {
      uint32_t cap = ctx->vertex_inputs_cap ? ctx->vertex_inputs_cap : 64;
      while (cap <= args->id)
         cap *= 2;
      if (cap > MGP_MAX_VERTEX_INPUTS)
         cap = MGP_MAX_VERTEX_INPUTS;
      struct vkb_vertex_input *vi = realloc(ctx->vertex_inputs, cap * sizeof(*vi));
      if (!vi) {
         vkb_fatal(scr, MGU_FATAL_OutOfMemory, "define_vertex_input");
         return;
      }
      memset(vi + ctx->vertex_inputs_cap, 0, (cap - ctx->vertex_inputs_cap) * sizeof(*vi));
      ctx->vertex_inputs = vi;
      ctx->vertex_inputs_cap = cap;
   }
   struct vkb_vertex_input *vi = &ctx->vertex_inputs[args->id];
   vi->defined = true;
   vi->count = args->count;
   vi->index = args->index;
   vi->live_at = scr->resources.removed + 1;
   if (args->count)
      memcpy(vi->vb, tail, args->count * sizeof(vi->vb[0]));
}

void
vkb_bind_vertex_input(void *self, const struct mgp_u32_args *args, const void *tail,
                      uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   if (scr->failed)
      return;
   if (args->value >= ctx->vertex_inputs_cap || !ctx->vertex_inputs[args->value].defined) {
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, "bind_vertex_input.value: an id never defined");
      return;
   }
   struct vkb_vertex_input *vi = &ctx->vertex_inputs[args->value];
   /* A resource destroyed since the define: the client named a handle it ended. */
   if (vi->live_at != scr->resources.removed + 1) {
      if (!handles_live(scr, &vi->index, vi->vb, vi->count, "bind_vertex_input"))
         return;
      vi->live_at = scr->resources.removed + 1;
   }
   memcpy(ctx->vbs, vi->vb, vi->count * sizeof(vi->vb[0]));
   ctx->ib.res = vi->index;
   ctx->ib.offset = 0;
}

void
vkb_vertex_inputs_finish(struct vkb_context *ctx)
{
   free(ctx->vertex_inputs);
   ctx->vertex_inputs = NULL;
   ctx->vertex_inputs_cap = 0;
}
