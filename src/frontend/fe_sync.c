/* fe_sync.c — GL sync objects (GL 3.3 core §5.2, §6.1.8) over MGPipe fences. The server sends
 * "fence signalled" when the fence's batch completed; GL_SYNC_STATUS and a glClientWaitSync
 * that finds the fence signalled are answered from those events with no round trip. Only when
 * no event said so yet does the client ask the server (fence_status for a poll, fence_wait for
 * a wait: counted round trips), and a wait returns when the session is lost. A GLsync is the fence's handle, {slot, gen} packed into the pointer, so
 * a stale or foreign value is recognised without dereferencing anything. */
#include <stdint.h>
#include <stdlib.h>

#include "array.h"
#include "fe_gl.h"
#include "log.h"
#include "gl_api.h"

_Static_assert(sizeof(GLsync) >= sizeof(uint64_t), "a GLsync holds a packed fence handle");

struct fe_sync {
   struct mgp_handle h;
   bool signalled; /* "fence signalled" arrived (or the server said so) */
   char *label;    /* glObjectPtrLabel */
};

static GLsync
sync_name(struct mgp_handle h)
{
   return (GLsync)(uintptr_t)(((uint64_t)h.gen << 32) | h.slot);
}

static struct fe_sync *
sync_lookup(struct fe_share_group *sg, GLsync name)
{
   uint64_t v = (uint64_t)(uintptr_t)name;
   uint32_t slot = (uint32_t)v, gen = (uint32_t)(v >> 32);
   pthread_mutex_lock(&sg->lock);
   struct fe_sync *s = slot < sg->syncs_cap ? sg->syncs[slot] : NULL;
   if (s && s->h.gen != gen)
      s = NULL;
   pthread_mutex_unlock(&sg->lock);
   return s;
}

/* Takes the server's events and applies them. An event about a fence the app already deleted
 * is expected (it signalled after glDeleteSync) and has nothing left to update. */
void
fe_drain_events(struct fe_context *ctx)
{
   struct fe_share_group *sg = ctx->share;
   struct mgp_event ev[32];
   uint32_t n;
   while ((n = mgt_client_take_events(sg->session, ev, 32)) > 0) {
      for (uint32_t i = 0; i < n; i++) {
         if (ev[i].kind == MGP_EVENT_FENCE_SIGNALLED) {
            struct fe_sync *s =
               sync_lookup(sg, sync_name((struct mgp_handle){ev[i].slot, ev[i].gen}));
            if (s)
               s->signalled = true;
         } else if (ev[i].kind == MGP_EVENT_QUERY_RESULT) {
            fe_query_event(ctx, &ev[i]);
         } else if (ev[i].kind == MGP_EVENT_BUFFER_WRITTEN) {
            fe_buffer_event(ctx, &ev[i]);
         } else if (ev[i].kind == MGP_EVENT_OUT_OF_MEMORY) {
            /* A resource stays, without storage (the server samples it as incomplete); a
             * call refused for staging memory was not done. */
            if (ev[i].value)
               mgu_warn("{%u,%u}: the server is out of memory for %llu bytes: GL_OUT_OF_MEMORY",
                        ev[i].slot, ev[i].gen, (unsigned long long)ev[i].value);
            else
               mgu_warn("{%u,%u}: the server is out of memory: GL_OUT_OF_MEMORY", ev[i].slot,
                        ev[i].gen);
            fe_error(ctx, GL_OUT_OF_MEMORY);
         }
      }
   }
}

void
fe_resource_send(struct fe_share_group *sg, const struct mgp_resource_desc *d, bool respecify)
{
   if (respecify)
      mgp_resource_respecify(sg->screen, d);
   else
      mgp_resource_create(sg->screen, d);
   atomic_store(&sg->allocs_unchecked, true);
}

void
fe_upload_sent(struct fe_share_group *sg, uint64_t bytes)
{
   /* A large upload may find the server without staging memory for it (GL_OUT_OF_MEMORY);
    * smaller ones fit what it keeps and are not worth a round trip at glGetError. */
   if (bytes >= FE_UPLOAD_CHECKED)
      atomic_store(&sg->allocs_unchecked, true);
}

void
fe_check_allocations(struct fe_context *ctx)
{
   struct fe_share_group *sg = ctx->share;
   if (!atomic_exchange(&sg->allocs_unchecked, false))
      return;
   mgt_client_sync(sg->session);
   fe_drain_events(ctx);
}

/* True once the fence signalled. From delivered events when they already said so (no round
 * trip); otherwise one fence_status (a counted round trip): the server only notices a batch
 * completed when it is asked or applies records, so an app polling after glFlush must ask, or
 * it could poll forever. The answer's event arrives with the reply. */
static bool
sync_poll(struct fe_context *ctx, struct fe_sync *s)
{
   fe_drain_events(ctx);
   if (s->signalled)
      return true;
   uint32_t status = MGP_FENCE_LOST;
   mgp_fence_status(
      ctx->share->screen,
      &(struct mgp_fence_query){.fence = s->h, .out = {.ptr = &status, .size = sizeof(status)}});
   fe_drain_events(ctx);
   if (status == MGP_FENCE_SIGNALLED)
      s->signalled = true;
   return s->signalled;
}

char **
fe_sync_label_lock(struct fe_share_group *sg, GLsync name)
{
   uint64_t v = (uint64_t)(uintptr_t)name;
   uint32_t slot = (uint32_t)v, gen = (uint32_t)(v >> 32);
   pthread_mutex_lock(&sg->lock);
   struct fe_sync *s = name && slot < sg->syncs_cap ? sg->syncs[slot] : NULL;
   if (s && s->h.gen == gen)
      return &s->label;
   pthread_mutex_unlock(&sg->lock);
   return NULL;
}

void
fe_share_free_syncs(struct fe_share_group *sg)
{
   for (uint32_t i = 0; i < sg->syncs_cap; i++) {
      if (sg->syncs[i])
         free(sg->syncs[i]->label);
      free(sg->syncs[i]);
   }
   free(sg->syncs);
   sg->syncs = NULL;
   sg->syncs_cap = 0;
}

/* The app saw a fence signalled: GL 4.6 6.2 has its persistent maps show the GPU's writes
 * from then on (the answer passes through). */
static GLenum
signalled(struct fe_context *ctx, GLenum answer)
{
   if (atomic_load(&ctx->share->persistent_n))
      fe_buffer_persistent_fetch(ctx);
   return answer;
}

GLsync
mgl_glFenceSync(GLenum condition, GLbitfield flags)
{
   FE_CTX_OR_RETURN(NULL);
   FE_CHECK(condition != GL_SYNC_GPU_COMMANDS_COMPLETE, GL_INVALID_ENUM, NULL);
   FE_CHECK(flags != 0, GL_INVALID_VALUE, NULL);
   struct fe_share_group *sg = ctx->share;
   struct fe_sync *s = calloc(1, sizeof(*s));
   FE_CHECK(!s, GL_OUT_OF_MEMORY, NULL);
   if (!fe_share_alloc_handle(sg, MGP_KIND_FENCE, &s->h)) {
      free(s);
      FE_CHECK(true, GL_OUT_OF_MEMORY, NULL);
   }
   pthread_mutex_lock(&sg->lock);
   bool ok = mgu_array_reserve(sg->syncs, sg->syncs_cap, (uint64_t)s->h.slot + 1);
   if (ok)
      sg->syncs[s->h.slot] = s;
   pthread_mutex_unlock(&sg->lock);
   if (!ok) {
      fe_share_free_handle(sg, MGP_KIND_FENCE, s->h);
      free(s);
      FE_CHECK(true, GL_OUT_OF_MEMORY, NULL);
   }
   /* Commands are recorded at their GL call; the fence follows them in the same stream. */
   mgp_fence_create(sg->screen, &(struct mgp_handle_args){s->h});
   return sync_name(s->h);
}

GLboolean
mgl_glIsSync(GLsync sync)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   return sync && sync_lookup(ctx->share, sync) ? GL_TRUE : GL_FALSE;
}

void
mgl_glDeleteSync(GLsync sync)
{
   FE_CTX_OR_RETURN();
   if (!sync)
      return; /* zero is silently ignored */
   struct fe_share_group *sg = ctx->share;
   struct fe_sync *s = sync_lookup(sg, sync);
   FE_CHECK(!s, GL_INVALID_VALUE);
   pthread_mutex_lock(&sg->lock);
   sg->syncs[s->h.slot] = NULL;
   pthread_mutex_unlock(&sg->lock);
   mgp_fence_destroy(sg->screen, &(struct mgp_handle_args){s->h});
   fe_share_free_handle(sg, MGP_KIND_FENCE, s->h);
   free(s->label);
   free(s);
}

GLenum
mgl_glClientWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
   FE_CTX_OR_RETURN(GL_WAIT_FAILED);
   struct fe_sync *s = sync ? sync_lookup(ctx->share, sync) : NULL;
   FE_CHECK(!s, GL_INVALID_VALUE, GL_WAIT_FAILED);
   FE_CHECK(flags & ~(GLbitfield)GL_SYNC_FLUSH_COMMANDS_BIT, GL_INVALID_VALUE, GL_WAIT_FAILED);
   if (flags & GL_SYNC_FLUSH_COMMANDS_BIT)
      mgl_glFlush();
   if (timeout == 0)
      return sync_poll(ctx, s) ? signalled(ctx, GL_ALREADY_SIGNALED) : GL_TIMEOUT_EXPIRED;
   fe_drain_events(ctx);
   if (s->signalled)
      return signalled(ctx, GL_ALREADY_SIGNALED);
   /* LOST unless the server answers: a session that ends mid-wait returns here, never hangs. */
   uint32_t status = MGP_FENCE_LOST;
   mgp_fence_wait(ctx->share->screen,
                  &(struct mgp_fence_query){.fence = s->h,
                                            .timeout_ns = timeout,
                                            .out = {.ptr = &status, .size = sizeof(status)}});
   fe_drain_events(ctx);
   if (status == MGP_FENCE_SIGNALLED) {
      s->signalled = true;
      return signalled(ctx, GL_CONDITION_SATISFIED);
   }
   if (status == MGP_FENCE_UNSIGNALLED)
      return GL_TIMEOUT_EXPIRED;
   fe_ctx_lost(ctx); /* notes the loss: glGetError reports GL_CONTEXT_LOST */
   return GL_WAIT_FAILED;
}

void
mgl_glWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!sync || !sync_lookup(ctx->share, sync), GL_INVALID_VALUE);
   FE_CHECK(flags != 0, GL_INVALID_VALUE);
   FE_CHECK(timeout != GL_TIMEOUT_IGNORED, GL_INVALID_VALUE);
   /* The server applies one stream in order on one queue: later commands already wait. */
}

void
mgl_glGetSynciv(GLsync sync, GLenum pname, GLsizei bufSize, GLsizei *length, GLint *values)
{
   struct fe_context *cur = fe_ctx_current();
   if (cur && fe_ctx_lost(cur) && pname == GL_SYNC_STATUS && bufSize >= 1 && values) {
      /* KHR_robustness: a lost context reports every sync signalled, so no app spins. */
      values[0] = GL_SIGNALED;
      if (length)
         *length = 1;
      return;
   }
   FE_CTX_OR_RETURN();
   struct fe_sync *s = sync ? sync_lookup(ctx->share, sync) : NULL;
   FE_CHECK(!s, GL_INVALID_VALUE);
   FE_CHECK(bufSize < 0, GL_INVALID_VALUE);
   GLint v;
   switch (pname) {
   case GL_OBJECT_TYPE: v = GL_SYNC_FENCE; break;
   case GL_SYNC_CONDITION: v = GL_SYNC_GPU_COMMANDS_COMPLETE; break;
   case GL_SYNC_FLAGS: v = 0; break;
   case GL_SYNC_STATUS: v = sync_poll(ctx, s) ? signalled(ctx, GL_SIGNALED) : GL_UNSIGNALED; break;
   default: FE_CHECK(true, GL_INVALID_ENUM);
   }
   if (bufSize >= 1 && values)
      values[0] = v;
   if (length)
      *length = bufSize >= 1 ? 1 : 0;
}
