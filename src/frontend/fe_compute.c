/* fe_compute.c — GL 4.3 compute and shader storage at the API: the storage and dispatch-indirect
 * binding points' limits, glDispatchCompute(Indirect) and glMemoryBarrier(ByRegion) with the
 * spec's errors (GL 4.6 core 7.12.2, 17 and 19).
 *
 * What is here and what is not: the binding points and limits come from the device (caps), and
 * every error the spec names is raised. Compute programs compile and link (GLSL 4.30, without
 * storage blocks or images: glsl.h), but no backend runs launch_grid yet, so a valid dispatch
 * is a named decline (gl-feature-unimplemented), never a silent drop; with no storage block or
 * image, no shader can write memory, and a barrier has nothing to order. */
#include "decline.h"
#include "fe_gl.h"
#include "gl_api.h"

/* Whether the current program has a compute stage. */
static bool
compute_program(struct fe_context *ctx)
{
   const struct fe_exec *e = ctx->program ? fe_ctx_exec(ctx) : NULL;
   return e && (e->glsl->stages & GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE));
}

void
mgl_glDispatchCompute(GLuint x, GLuint y, GLuint z)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_compute_offered(ctx), GL_INVALID_OPERATION);
   /* 19: no active program for the compute stage is GL_INVALID_OPERATION */
   FE_CHECK(!compute_program(ctx), GL_INVALID_OPERATION);
   /* a count above GL_MAX_COMPUTE_WORK_GROUP_COUNT[i] is GL_INVALID_VALUE */
   const uint32_t *max = ctx->share->caps->max_compute_work_group_count;
   FE_CHECK(x > max[0] || y > max[1] || z > max[2], GL_INVALID_VALUE);
   MGU_DECLINE(gl_feature_unimplemented, "glDispatchCompute(%u, %u, %u)", x, y, z);
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
   FE_CHECK(!compute_program(ctx), GL_INVALID_OPERATION);
   MGU_DECLINE(gl_feature_unimplemented, "glDispatchComputeIndirect(%lld)", (long long)indirect);
}

#define BARRIER_BITS                                                                               \
   (GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_ELEMENT_ARRAY_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT |   \
    GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_COMMAND_BARRIER_BIT |   \
    GL_PIXEL_BUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT |   \
    GL_FRAMEBUFFER_BARRIER_BIT | GL_TRANSFORM_FEEDBACK_BARRIER_BIT |                               \
    GL_ATOMIC_COUNTER_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT)
/* GL 4.5 / ES 3.1: the bits glMemoryBarrierByRegion takes */
#define BY_REGION_BITS                                                                             \
   (GL_ATOMIC_COUNTER_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |                                   \
    GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |                           \
    GL_TEXTURE_FETCH_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT)

/* The barrier itself: shader writes (storage blocks, images, atomic counters) are all it orders,
 * and no program of this context can make one yet (no compute stage, no storage block, no
 * image), so there is nothing to send until one can. */
static void
barrier(struct fe_context *ctx, GLbitfield bits, GLbitfield allowed)
{
   FE_CHECK(!fe_compute_offered(ctx), GL_INVALID_OPERATION);
   /* 7.12.2: bits outside the list (unless GL_ALL_BARRIER_BITS) are GL_INVALID_VALUE */
   FE_CHECK(bits != GL_ALL_BARRIER_BITS && (bits & ~allowed), GL_INVALID_VALUE);
}

void
mgl_glMemoryBarrier(GLbitfield barriers)
{
   FE_CTX_OR_RETURN();
   barrier(ctx, barriers, BARRIER_BITS);
}

void
mgl_glMemoryBarrierByRegion(GLbitfield barriers)
{
   FE_CTX_OR_RETURN();
   barrier(ctx, barriers, BY_REGION_BITS);
}
