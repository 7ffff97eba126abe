/* fe_compute.c — GL 4.3 compute and shader storage at the API: glDispatchCompute(Indirect) and
 * glMemoryBarrier(ByRegion) with the spec's errors (GL 4.6 core 7.12.2, 17 and 19), sent as
 * launch_grid and memory_barrier.
 *
 * The binding points and limits come from the device (caps). A backend without launch_grid
 * (the GLES one) makes a valid dispatch a named decline (gl-feature-unimplemented), never a
 * silent drop. Images and atomic counters are not linked yet (glsl.h), so storage blocks are
 * the only shader writes a barrier orders. */
#include "decline.h"
#include "fe_gl.h"
#include "fe_tracker.h"
#include "gl_api.h"

/* Validates the compute program's state and sends the dispatch of e, the current compute
 * program's executable. Inline in both entry points: glDispatchCompute's repeat sets up no
 * frame for it. */
static inline __attribute__((always_inline)) void
dispatch(struct fe_context *ctx, const struct fe_exec *e, const uint32_t grid[3],
         const struct fe_buffer *indirect, uint64_t offset)
{
   /* both calls in one look at the mask; fe_pipe_has counts the one missing */
   if (!fe_call_supported(ctx->share, MGP_CALL_launch_grid) ||
       !fe_call_supported(ctx->share, MGP_CALL_set_dispatch_program)) {
      (void)(fe_pipe_has(ctx, MGP_CALL_launch_grid) &&
             fe_pipe_has(ctx, MGP_CALL_set_dispatch_program));
      MGU_DECLINE(gl_feature_unimplemented, "glDispatchCompute: the renderer has no dispatch");
      return;
   }
   if (!fe_validate_dispatch(ctx, e))
      return;
   struct mgp_launch_grid a = {
      .block = {e->glsl->local_size[0], e->glsl->local_size[1], e->glsl->local_size[2]},
      .grid = {grid[0], grid[1], grid[2]},
      .indirect = indirect ? indirect->res : (struct mgp_handle){0},
      .indirect_offset = offset,
   };
   mgp_launch_grid(&ctx->pipe, &a);
}

/* The current program's executable when it has a compute stage, else NULL. */
static const struct fe_exec *
compute_program(struct fe_context *ctx)
{
   const struct fe_exec *e = fe_dispatch_exec(ctx);
   return e && (e->glsl->stages & GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE)) ? e : NULL;
}

void
mgl_glDispatchCompute(GLuint x, GLuint y, GLuint z)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_compute_offered(ctx), GL_INVALID_OPERATION);
   /* 19: no active program for the compute stage is GL_INVALID_OPERATION */
   const struct fe_exec *e = compute_program(ctx);
   FE_CHECK(!e, GL_INVALID_OPERATION);
   /* a count above GL_MAX_COMPUTE_WORK_GROUP_COUNT[i] is GL_INVALID_VALUE */
   const uint32_t *max = ctx->share->caps->max_compute_work_group_count;
   FE_CHECK(x > max[0] || y > max[1] || z > max[2], GL_INVALID_VALUE);
   if (!x || !y || !z)
      return; /* an empty grid runs nothing */
   dispatch(ctx, e, (const uint32_t[3]){x, y, z}, NULL, 0);
}

void
mgl_glDispatchComputeIndirect(GLintptr indirect)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_compute_offered(ctx), GL_INVALID_OPERATION);
   /* 19: a negative or unaligned offset is GL_INVALID_VALUE; no buffer bound to
    * GL_DISPATCH_INDIRECT_BUFFER, or a command reaching past its end, GL_INVALID_OPERATION */
   FE_CHECK(indirect < 0 || (indirect & 3), GL_INVALID_VALUE);
   const struct fe_buffer *buf = ctx->dispatch_indirect_buffer;
   FE_CHECK(!buf, GL_INVALID_OPERATION);
   FE_CHECK((uint64_t)indirect > (uint64_t)buf->size ||
               (uint64_t)buf->size - (uint64_t)indirect < 3 * sizeof(GLuint),
            GL_INVALID_OPERATION);
   const struct fe_exec *e = compute_program(ctx);
   FE_CHECK(!e, GL_INVALID_OPERATION);
   if (!buf->created)
      return; /* a buffer never given storage holds no command */
   dispatch(ctx, e, (const uint32_t[3]){0, 0, 0}, buf, (uint64_t)indirect);
}

#define BARRIER_BITS                                                                               \
   (GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_ELEMENT_ARRAY_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT |   \
    GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_COMMAND_BARRIER_BIT |   \
    GL_PIXEL_BUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT |   \
    GL_FRAMEBUFFER_BARRIER_BIT | GL_TRANSFORM_FEEDBACK_BARRIER_BIT |                               \
    GL_ATOMIC_COUNTER_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |                                \
    GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT)
/* GL 4.5 / ES 3.1: the bits glMemoryBarrierByRegion takes */
#define BY_REGION_BITS                                                                             \
   (GL_ATOMIC_COUNTER_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |                                   \
    GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |                           \
    GL_TEXTURE_FETCH_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT)

/* GL's barrier bits in MGPipe's words, by bit position (GL_QUERY_BUFFER_BARRIER_BIT and
 * GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT order nothing on the server: 0). */
#define BARRIER_AT(gl) (__builtin_ctz(gl))
static const uint32_t barrier_map[16] = {
   [BARRIER_AT(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT)] = MGP_BARRIER_VERTEX,
   [BARRIER_AT(GL_ELEMENT_ARRAY_BARRIER_BIT)] = MGP_BARRIER_INDEX,
   [BARRIER_AT(GL_UNIFORM_BARRIER_BIT)] = MGP_BARRIER_UNIFORM,
   [BARRIER_AT(GL_TEXTURE_FETCH_BARRIER_BIT)] = MGP_BARRIER_TEXTURE_FETCH,
   [BARRIER_AT(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT)] = MGP_BARRIER_SHADER_IMAGE,
   [BARRIER_AT(GL_COMMAND_BARRIER_BIT)] = MGP_BARRIER_INDIRECT,
   [BARRIER_AT(GL_PIXEL_BUFFER_BARRIER_BIT)] = MGP_BARRIER_PIXEL,
   [BARRIER_AT(GL_TEXTURE_UPDATE_BARRIER_BIT)] = MGP_BARRIER_TEXTURE_UPDATE,
   [BARRIER_AT(GL_BUFFER_UPDATE_BARRIER_BIT)] = MGP_BARRIER_BUFFER_UPDATE,
   [BARRIER_AT(GL_FRAMEBUFFER_BARRIER_BIT)] = MGP_BARRIER_FRAMEBUFFER,
   [BARRIER_AT(GL_TRANSFORM_FEEDBACK_BARRIER_BIT)] = MGP_BARRIER_XFB,
   [BARRIER_AT(GL_ATOMIC_COUNTER_BARRIER_BIT)] = MGP_BARRIER_ATOMIC_COUNTER,
   [BARRIER_AT(GL_SHADER_STORAGE_BARRIER_BIT)] = MGP_BARRIER_SHADER_STORAGE,
};

/* GL's barrier bits in MGPipe's words: the set bits alone are looked at (a barrier names one
 * or two); bits past the table's were refused before (GL_INVALID_VALUE). */
static uint32_t
mgp_barrier_bits(GLbitfield bits)
{
   if (bits == GL_ALL_BARRIER_BITS)
      return MGP_BARRIER_ALL;
   uint32_t out = 0;
   for (GLbitfield b = bits & 0xffffu; b; b &= b - 1)
      out |= barrier_map[__builtin_ctz(b)];
   return out;
}

/* fe_validate(ctx, FE_VERB_FLUSH) for a barrier, without its frame where its prelude has
 * nothing to do (no shaders to delete, uploads to flush or persistent maps to ship, and a
 * verb validated before): the session's loss alone is asked. */
static inline bool
barrier_validate(struct fe_context *ctx)
{
   const struct fe_share_group *sg = ctx->share;
   if (sg->num_dead_shaders || ctx->pending_uploads || atomic_load(&sg->persistent_n) ||
       ctx->ship_all_persistent || !ctx->tracker.started)
      return fe_validate(ctx, FE_VERB_FLUSH);
   return !fe_ctx_lost(ctx);
}

/* The barrier: later commands of the kinds in bits see the shader writes made before it. The
 * server makes it a Vulkan barrier from the shader stages to just those consumers. Inline in
 * both entry points: a dispatch loop's barrier sets up no frame for it. */
static inline __attribute__((always_inline)) void
barrier(struct fe_context *ctx, GLbitfield bits, GLbitfield allowed, bool by_region)
{
   FE_CHECK(!fe_compute_offered(ctx), GL_INVALID_OPERATION);
   /* 7.12.2: bits outside the list (unless GL_ALL_BARRIER_BITS) are GL_INVALID_VALUE */
   FE_CHECK(bits != GL_ALL_BARRIER_BITS && (bits & ~allowed), GL_INVALID_VALUE);
   const uint32_t mgp = mgp_barrier_bits(bits);
   if (bits & GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT) {
      /* ARB_buffer_storage: the app's writes into persistent maps, coherent or not, reach the
       * commands after the barrier; the validate ships them. The server's writes reach the
       * maps when the app waits (fe_buffer_persistent_fetch). */
      ctx->ship_all_persistent = true;
      fe_ctx_unusual(ctx);
      if (!fe_validate(ctx, FE_VERB_FLUSH))
         return;
   }
   if (!mgp || (!fe_call_supported(ctx->share, MGP_CALL_memory_barrier) &&
                !fe_pipe_has(ctx, MGP_CALL_memory_barrier)))
      return; /* nothing to order, or no backend that writes from shaders (counted) */
   if (!barrier_validate(ctx))
      return;
   mgp_memory_barrier(&ctx->pipe, &(struct mgp_memory_barrier){mgp, by_region});
}

void
mgl_glMemoryBarrier(GLbitfield barriers)
{
   FE_CTX_OR_RETURN();
   /* GL 4.4 / ARB_query_buffer_object's bit: query results reach GL_QUERY_BUFFER in command
    * order already (fe_query.c writes them), so it orders nothing more */
   barrier(ctx, barriers,
           BARRIER_BITS | ((barriers & GL_QUERY_BUFFER_BARRIER_BIT) && fe_query_buffer_offered(ctx)
                              ? GL_QUERY_BUFFER_BARRIER_BIT
                              : 0),
           false);
}

void
mgl_glMemoryBarrierByRegion(GLbitfield barriers)
{
   FE_CTX_OR_RETURN();
   barrier(ctx, barriers, BY_REGION_BITS, true);
}

/* GL 4.5 9.3.1 (ARB_texture_barrier, NV_texture_barrier): texel fetches after the barrier see
 * what draws before it wrote to the framebuffer's attachments, so a draw may read a texel of a
 * level it renders into that no draw since the barrier wrote (ping-pong, programmable
 * blending). Without the extension a draw that samples a level it renders into is the backend's
 * named decline (feedback-loop-undefined) and every other read of an attached texture is
 * ordered by the server's layout transitions: the barrier then has nothing to order. */
static void
texture_barrier(void)
{
   FE_CTX_OR_RETURN();
   if (!fe_texture_barrier_offered(ctx))
      return;
   if (!fe_validate(ctx, FE_VERB_FLUSH))
      return;
   mgp_memory_barrier(&ctx->pipe, &(struct mgp_memory_barrier){MGP_BARRIER_TEXTURE, 0});
}

void
mgl_glTextureBarrier(void)
{
   texture_barrier();
}

void
mgl_glTextureBarrierNV(void)
{
   texture_barrier();
}
