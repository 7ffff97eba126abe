/* fe_query.c — GL query objects (GL 3.3 core §2.14, §6.1.7) for GL_SAMPLES_PASSED,
 * GL_ANY_SAMPLES_PASSED, GL_PRIMITIVES_GENERATED, GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN,
 * GL_TIME_ELAPSED and GL_TIMESTAMP (glQueryCounter), GL_TRANSFORM_FEEDBACK_(STREAM_)OVERFLOW
 * (ARB_transform_feedback_overflow_query, MGP_CAP_XFB_OVERFLOW_QUERY) over MGPipe queries,
 * and conditional rendering on them (GL 3.3 §2.18: the server discards draws and clears). Names are per context; the pipe object is made at
 * the first glBeginQuery, which fixes its target. The server sends "query result" when the
 * batch holding glEndQuery completed; GL_QUERY_RESULT_AVAILABLE is answered from those events
 * (no round trip once delivered), and GL_QUERY_RESULT waits (query_result with MGP_QUERY_WAIT,
 * a counted round trip) only when no event brought the result yet. */
#include <stdlib.h>

#include "fe_enum.h"
#include "fe_gl.h"
#include "gl_api.h"

struct fe_query {
   GLuint name;
   GLenum target;
   struct mgp_handle h;
   bool active;
   bool pending;    /* ended; its result not here yet */
   bool has_result; /* the result of the last glEndQuery is here */
   bool declined;   /* a timer query on a server without timestamps: no pipe object; reads 0 */
   uint32_t index;  /* the vertex stream of an active primitive query (glBeginQueryIndexed) */
   uint64_t value;
   uint64_t carry; /* the count before a pause (fe_query_occlusion_pause), in value's terms */
   char *label;    /* glObjectLabel */
};

char **
fe_query_label(void *query)
{
   return &((struct fe_query *)query)->label;
}

static int
occ_index(GLenum target)
{
   return target == GL_SAMPLES_PASSED                    ? 0
          : target == GL_ANY_SAMPLES_PASSED              ? 1
          : target == GL_ANY_SAMPLES_PASSED_CONSERVATIVE ? 2
                                                         : -1;
}

/* The query's value: what the server counted since the last begin or resume, with what it
 * counted before a pause (GL_ANY_SAMPLES_PASSED: either true). */
static uint64_t
with_carry(const struct fe_query *q, uint64_t counted)
{
   return occ_index(q->target) >= 1 ? (counted || q->carry) : counted + q->carry;
}

/* Primitive queries (GL 3.3, 2.16): one active per target (and vertex stream), independent of
 * the occlusion ones; GL 4.6 / ARB_transform_feedback_overflow_query's two overflow targets. */
static int
prim_index(GLenum target)
{
   switch (target) {
   case GL_PRIMITIVES_GENERATED: return 0;
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return 1;
   case GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW: return 2;
   case GL_TRANSFORM_FEEDBACK_OVERFLOW: return 3;
   default: return -1;
   }
}

static bool
overflow_target(GLenum target)
{
   return prim_index(target) >= 2;
}

bool
fe_xfb_overflow_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES &&
          (ctx->share->caps->cap_bits & MGP_CAP_XFB_OVERFLOW_QUERY) &&
          (ctx->share->caps->cap_bits & MGP_CAP_TRANSFORM_FEEDBACK);
}

/* GL_ARB_pipeline_statistics_query (GL 4.6 §4.2): its 11 targets, one active query each, on
 * the server's kinds MGP_QUERY_KIND_VERTICES_SUBMITTED ..; -1 for any other target. */
int
fe_query_stat_index(GLenum target)
{
   switch (target) {
   case GL_VERTICES_SUBMITTED_ARB:
   case GL_PRIMITIVES_SUBMITTED_ARB:
   case GL_VERTEX_SHADER_INVOCATIONS_ARB:
   case GL_TESS_CONTROL_SHADER_PATCHES_ARB:
   case GL_TESS_EVALUATION_SHADER_INVOCATIONS_ARB:
   case GL_GEOMETRY_SHADER_INVOCATIONS:
   case GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED_ARB:
   case GL_FRAGMENT_SHADER_INVOCATIONS_ARB:
   case GL_COMPUTE_SHADER_INVOCATIONS_ARB:
   case GL_CLIPPING_INPUT_PRIMITIVES_ARB:
   case GL_CLIPPING_OUTPUT_PRIMITIVES_ARB:
      return (int)fe_mgp_query_kind(target) - MGP_QUERY_KIND_VERTICES_SUBMITTED;
   default: return -1;
   }
}

/* Desktop contexts on a server that counts them (MGP_CAP_PIPELINE_STATISTICS). */
bool
fe_pipeline_stats_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES &&
          (ctx->share->caps->cap_bits & MGP_CAP_PIPELINE_STATISTICS) &&
          fe_call_supported(ctx->share, MGP_CALL_query_create);
}

/* The context's "active query" binding of a target (and, for the primitive queries, vertex
 * stream: below FE_MAX_VERTEX_STREAMS) glBeginQuery(Indexed) takes. */
static struct fe_query **
active_slot_at(struct fe_context *ctx, GLenum target, GLuint index)
{
   int i = fe_query_stat_index(target);
   if (i >= 0)
      return &ctx->stat_active[i];
   i = prim_index(target);
   if (i >= 0)
      return &ctx->prim_active[i][index];
   i = occ_index(target);
   if (i >= 0)
      return &ctx->occ_active[i];
   return target == GL_TIME_ELAPSED ? &ctx->time_active : NULL;
}

static struct fe_query **
active_slot(struct fe_context *ctx, GLenum target)
{
   return active_slot_at(ctx, target, 0);
}

static bool
timers_supported(const struct fe_share_group *sg)
{
   return (sg->caps->cap_bits & MGP_CAP_TIMER_QUERY) && sg->caps->timestamp_bits &&
          fe_call_supported(sg, MGP_CALL_query_create);
}

/* GL_INVALID_ENUM for a target GL 3.3 does not have; false (declined by name) for one it has
 * that mgl does not count yet. */
static bool
target_check(struct fe_context *ctx, GLenum target)
{
   switch (target) {
   case GL_SAMPLES_PASSED:
   case GL_ANY_SAMPLES_PASSED:
   case GL_TIME_ELAPSED: return true;
   /* ES 3.0, GL 4.3 / ARB_ES3_compatibility: an exact answer is a conservative one */
   case GL_ANY_SAMPLES_PASSED_CONSERVATIVE: return true;
   case GL_PRIMITIVES_GENERATED:
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN:
      if (ctx->share->caps->cap_bits & MGP_CAP_XFB_PRIMITIVES_QUERY)
         return true;
      MGU_DECLINE(gl_feature_unimplemented, "query target 0x%x (the server cannot count it)",
                  target);
      return false;
   case GL_TRANSFORM_FEEDBACK_OVERFLOW:
   case GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW:
      /* without the extension these are not GL targets */
      if (fe_xfb_overflow_offered(ctx))
         return true;
      fe_error(ctx, GL_INVALID_ENUM);
      return false;
   default:
      /* without the extension these are not GL targets */
      if (fe_query_stat_index(target) >= 0 && fe_pipeline_stats_offered(ctx))
         return true;
      fe_error(ctx, GL_INVALID_ENUM);
      return false;
   }
}

static struct fe_query *
query_get(struct fe_context *ctx, GLuint id)
{
   void *o = id ? fe_names_get(&ctx->queries, id) : NULL;
   return o == FE_NAME_RESERVED ? NULL : o;
}

void
fe_query_event(struct fe_context *ctx, const struct mgp_event *ev)
{
   /* Names are per context; a handle not found here belongs to a query deleted since (or
    * another context's: that one asks the server when it needs the answer). */
   for (uint32_t i = 1; i < ctx->queries.capacity; i++) {
      struct fe_query *q = query_get(ctx, i);
      if (q && q->h.slot == ev->slot && q->h.gen == ev->gen && q->pending) {
         q->pending = false;
         q->has_result = true;
         q->value = with_carry(q, ev->value);
         return;
      }
   }
}

GLuint
fe_query_current(const struct fe_context *ctx, GLenum target)
{
   struct fe_query **a = active_slot((struct fe_context *)ctx, target);
   return a && *a ? (*a)->name : 0;
}

static void
query_destroy(struct fe_context *ctx, struct fe_query *q)
{
   struct fe_share_group *sg = ctx->share;
   if (q->active) { /* deleting an active query ends it */
      if (!q->declined)
         mgp_end_query(&ctx->pipe,
                       &(struct mgp_query_desc){.query = q->h,
                                                .kind = (uint16_t)fe_mgp_query_kind(q->target),
                                                .index = q->index});
      *active_slot_at(ctx, q->target, q->index) = NULL;
   }
   if (!q->declined) {
      mgp_query_destroy(sg->screen, &(struct mgp_handle_args){q->h});
      fe_share_free_handle(sg, MGP_KIND_QUERY, q->h);
   }
   free(q->label);
   free(q);
}

void
fe_queries_finish(struct fe_context *ctx)
{
   for (uint32_t i = 1; i < ctx->queries.capacity; i++) {
      struct fe_query *q = query_get(ctx, i);
      if (q)
         query_destroy(ctx, q);
   }
   fe_names_finish(&ctx->queries);
}

static bool query_fetch(struct fe_context *ctx, struct fe_query *q, bool wait);

void
mgl_glGenQueries(GLsizei n, GLuint *ids)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++)
      ids[i] = fe_names_gen(&ctx->queries);
}

void
mgl_glDeleteQueries(GLsizei n, const GLuint *ids)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      if (!ids[i] || !fe_names_get(&ctx->queries, ids[i]))
         continue; /* zero and unused names are ignored */
      struct fe_query *q = query_get(ctx, ids[i]);
      fe_names_delete(&ctx->queries, ids[i]);
      if (q)
         query_destroy(ctx, q);
   }
}

GLboolean
mgl_glIsQuery(GLuint id)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   return query_get(ctx, id) ? GL_TRUE : GL_FALSE;
}

/* The query object of id for target, made at its first use (glBeginQuery, glQueryCounter);
 * NULL after a GL error or a decline. */
static struct fe_query *
query_for_use(struct fe_context *ctx, GLenum target, GLuint id)
{
   FE_CHECK(id == 0, GL_INVALID_OPERATION, NULL);
   void *o = fe_names_get(&ctx->queries, id);
   /* not a name from glGenQueries: GL 3.1+ refuse it; GL 3.0 §2.13 ("If id is an unused query
    * object name, the name is marked as used and associated with a new query object") stays
    * in the compatibility profile, as Mesa keeps it */
   FE_CHECK(!o && !fe_names_compat_usable(ctx, id), GL_INVALID_OPERATION, NULL);
   struct fe_query *q = o == FE_NAME_RESERVED ? NULL : o;
   FE_CHECK(q && q->active, GL_INVALID_OPERATION, NULL);
   FE_CHECK(q && q->target != target, GL_INVALID_OPERATION, NULL);
   if (q)
      return q;
   struct fe_share_group *sg = ctx->share;
   bool timer = target == GL_TIME_ELAPSED || target == GL_TIMESTAMP;
   bool declined = false;
   if (timer && !timers_supported(sg)) {
      /* The object exists and begins and ends as GL says; its result reads 0. */
      MGU_DECLINE(timer_query_no_timestamps, "query target 0x%x", target);
      declined = true;
   } else if (!timer &&
              ((occ_index(target) >= 0 &&
                !(sg->caps->cap_bits & (MGP_CAP_OCCLUSION_QUERY | MGP_CAP_OCCLUSION_ANY))) ||
               !fe_call_supported(sg, MGP_CALL_query_create))) {
      MGU_DECLINE(gl_feature_unimplemented, "occlusion queries (the server has none)");
      return NULL;
   }
   q = calloc(1, sizeof(*q));
   FE_CHECK(!q, GL_OUT_OF_MEMORY, NULL);
   if (!declined && !fe_share_alloc_handle(sg, MGP_KIND_QUERY, &q->h)) {
      free(q);
      FE_CHECK(true, GL_OUT_OF_MEMORY, NULL);
   }
   q->name = id;
   q->target = target;
   q->declined = declined;
   if (!fe_names_set(&ctx->queries, id, q)) {
      if (!declined)
         fe_share_free_handle(sg, MGP_KIND_QUERY, q->h);
      free(q);
      FE_CHECK(true, GL_OUT_OF_MEMORY, NULL);
   }
   if (!declined)
      mgp_query_create(sg->screen, &(struct mgp_query_desc){
                                      .query = q->h, .kind = (uint16_t)fe_mgp_query_kind(target)});
   return q;
}

/* GL 4.5 §4.2: names whose objects exist at once, of target (GL_TIMESTAMP too, which only
 * glQueryCounter takes). */
bool
fe_query_buffer_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES;
}

void
mgl_glCreateQueries(GLenum target, GLsizei n, GLuint *ids)
{
   FE_CTX_OR_RETURN();
   if (target != GL_TIMESTAMP && !target_check(ctx, target))
      return;
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      ids[i] = fe_names_gen(&ctx->queries);
      struct fe_query *q = query_for_use(ctx, target, ids[i]);
      if (!q)
         return;
      /* GL 4.6 table 23.44's initial state: the result (0) available, as before any begin */
      q->has_result = true;
   }
}

/* The event of an earlier run must not be taken for this run's: when it is still on its way,
 * take it now (a counted round trip, only for a query restarted unread). */
static void
query_restart(struct fe_context *ctx, struct fe_query *q)
{
   if (q->pending)
      query_fetch(ctx, q, true);
   q->pending = false;
   q->has_result = false;
   q->carry = 0;
}

static void
begin_query(struct fe_context *ctx, GLenum target, GLuint index, GLuint id)
{
   if (!target_check(ctx, target))
      return;
   struct fe_query **slot = active_slot_at(ctx, target, index);
   FE_CHECK(*slot, GL_INVALID_OPERATION);
   /* GL 3.3 §2.14: the occlusion targets share one active query ("only a single type of
    * occlusion query can be active at one time"): beginning one while another is active is
    * GL_INVALID_OPERATION. */
   const int ti = occ_index(target);
   FE_CHECK(ti >= 0 && (ctx->occ_active[0] || ctx->occ_active[1] || ctx->occ_active[2]),
            GL_INVALID_OPERATION);
   struct fe_query *q = query_for_use(ctx, target, id);
   if (!q)
      return;
   query_restart(ctx, q);
   q->active = true;
   q->index = index;
   *slot = q;
   if (!q->declined)
      mgp_begin_query(&ctx->pipe,
                      &(struct mgp_query_desc){.query = q->h,
                                               .kind = (uint16_t)fe_mgp_query_kind(target),
                                               .index = index});
}

void
mgl_glBeginQuery(GLenum target, GLuint id)
{
   FE_CTX_OR_RETURN();
   begin_query(ctx, target, 0, id);
}

static void
end_query(struct fe_context *ctx, GLenum target, GLuint index)
{
   if (!target_check(ctx, target))
      return;
   struct fe_query **slot = active_slot_at(ctx, target, index);
   struct fe_query *q = *slot;
   FE_CHECK(!q, GL_INVALID_OPERATION);
   q->active = false;
   *slot = NULL;
   if (q->declined) {
      q->has_result = true;
      q->value = 0;
      return;
   }
   mgp_end_query(&ctx->pipe, &(struct mgp_query_desc){.query = q->h,
                                                      .kind = (uint16_t)fe_mgp_query_kind(target),
                                                      .index = index});
   q->pending = true;
}

void
mgl_glEndQuery(GLenum target)
{
   FE_CTX_OR_RETURN();
   end_query(ctx, target, 0);
}

/* GL 3.3 §2.14 (ARB_timer_query): the GPU time when every earlier command completed, written
 * into a GL_TIMESTAMP query; on the pipe an end_query of that kind with no begin. */
void
mgl_glQueryCounter(GLuint id, GLenum target)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(target != GL_TIMESTAMP, GL_INVALID_ENUM);
   struct fe_query *q = query_for_use(ctx, target, id);
   if (!q)
      return;
   query_restart(ctx, q);
   if (q->declined) {
      q->has_result = true;
      q->value = 0;
      return;
   }
   mgp_end_query(&ctx->pipe, &(struct mgp_query_desc){.query = q->h,
                                                      .kind = (uint16_t)fe_mgp_query_kind(target)});
   q->pending = true;
}

static struct fe_query *
occlusion_active(struct fe_context *ctx)
{
   struct fe_query *q = ctx->occ_active[0]   ? ctx->occ_active[0]
                        : ctx->occ_active[1] ? ctx->occ_active[1]
                                             : ctx->occ_active[2];
   return q && !q->declined ? q : NULL;
}

bool
fe_query_occlusion_pause(struct fe_context *ctx)
{
   struct fe_query *q = occlusion_active(ctx);
   if (!q)
      return false;
   /* the server has no pause: the query ends, its count so far comes back and is carried into
    * the result of the part begun again (GL's result is the whole count between glBeginQuery
    * and glEndQuery) */
   mgp_end_query(&ctx->pipe, &(struct mgp_query_desc){
                                .query = q->h, .kind = (uint16_t)fe_mgp_query_kind(q->target)});
   q->pending = true;
   query_fetch(ctx, q, true);
   q->carry = q->has_result ? q->value : q->carry;
   q->pending = false;
   q->has_result = false;
   return true;
}

void
fe_query_occlusion_resume(struct fe_context *ctx)
{
   struct fe_query *q = occlusion_active(ctx);
   if (q)
      mgp_begin_query(
         &ctx->pipe,
         &(struct mgp_query_desc){.query = q->h, .kind = (uint16_t)fe_mgp_query_kind(q->target)});
}

int64_t
fe_query_gpu_time(struct fe_context *ctx)
{
   struct fe_share_group *sg = ctx->share;
   if (!timers_supported(sg) || !fe_call_supported(sg, MGP_CALL_get_timestamp)) {
      MGU_DECLINE(timer_query_no_timestamps, "glGet GL_TIMESTAMP");
      return 0;
   }
   uint64_t ns = 0;
   mgp_get_timestamp(sg->screen,
                     &(struct mgp_get_timestamp){.out = {.ptr = &ns, .size = sizeof(ns)}});
   return ns > INT64_MAX ? INT64_MAX : (int64_t)ns;
}

/* The result when wait, else whether it is available; false when neither is known (a
 * non-waiting ask that found it pending, or a lost session). */
static bool
query_fetch(struct fe_context *ctx, struct fe_query *q, bool wait)
{
   fe_drain_events(ctx);
   if (q->has_result)
      return true;
   uint64_t r[2] = {0, 0};
   mgp_query_result(ctx->share->screen,
                    &(struct mgp_query_result){.query = q->h,
                                               .flags = wait ? MGP_QUERY_WAIT : 0,
                                               .out = {.ptr = r, .size = sizeof(r)}});
   fe_drain_events(ctx);
   if (r[0] && !q->has_result) {
      q->pending = false;
      q->has_result = true;
      q->value = with_carry(q, r[1]);
   }
   if (wait && !q->has_result)
      fe_ctx_lost(ctx); /* only a lost session leaves a waited result missing */
   return q->has_result;
}

/* What a query read gives: an error (recorded), nothing (GL_QUERY_RESULT_NO_WAIT before the
 * result is here), or a value. */
enum object_read { READ_ERROR, READ_NOTHING, READ_VALUE };

/* pname of query id (GL 4.6 §4.2.3); to_buffer: glGetQueryBufferObject*, which also takes
 * GL_QUERY_RESULT_NO_WAIT (ARB_query_buffer_object). */
static enum object_read
object_value(struct fe_context *ctx, GLuint id, GLenum pname, bool to_buffer, uint64_t *out)
{
   struct fe_query *q = query_get(ctx, id);
   FE_CHECK(!q, GL_INVALID_OPERATION, READ_ERROR);
   FE_CHECK(q->active, GL_INVALID_OPERATION, READ_ERROR);
   switch (pname) {
   case GL_QUERY_RESULT_AVAILABLE: *out = query_fetch(ctx, q, false); return READ_VALUE;
   case GL_QUERY_RESULT:
      query_fetch(ctx, q, true);
      *out = q->has_result ? q->value : 0;
      return READ_VALUE;
   case GL_QUERY_TARGET: *out = q->target; return READ_VALUE; /* GL 4.5 (direct state access) */
   case GL_QUERY_RESULT_NO_WAIT:
      FE_CHECK(!to_buffer && !fe_query_buffer_offered(ctx), GL_INVALID_ENUM, READ_ERROR);
      if (!query_fetch(ctx, q, false))
         return READ_NOTHING;
      *out = q->value;
      return READ_VALUE;
   default: FE_CHECK(true, GL_INVALID_ENUM, READ_ERROR);
   }
}

/* The types a query result is read as: GL clamps to the type's range. */
enum result_type { RESULT_I32, RESULT_U32, RESULT_I64, RESULT_U64 };

/* v as type, into out (4 or 8 bytes); returns the bytes. */
static size_t
result_as(uint64_t v, enum result_type type, void *out)
{
   switch (type) {
   case RESULT_I32: *(GLint *)out = v > INT32_MAX ? INT32_MAX : (GLint)v; return 4;
   case RESULT_U32: *(GLuint *)out = v > UINT32_MAX ? UINT32_MAX : (GLuint)v; return 4;
   case RESULT_I64: *(GLint64 *)out = v > INT64_MAX ? INT64_MAX : (GLint64)v; return 8;
   default: *(GLuint64 *)out = v; return 8;
   }
}

static void query_to_buffer(struct fe_context *ctx, GLuint id, struct fe_buffer *buf, GLenum pname,
                            GLintptr offset, enum result_type type);

/* With a buffer at GL_QUERY_BUFFER (GL 4.6 §4.2.3, ARB_query_buffer_object) params is an offset
 * into it, where the value is written. */
static void
get_query_object(GLuint id, GLenum pname, enum result_type type, void *params)
{
   FE_CTX_OR_RETURN();
   if (ctx->query_buffer) {
      query_to_buffer(ctx, id, ctx->query_buffer, pname, (GLintptr)(uintptr_t)params, type);
      return;
   }
   uint64_t v;
   if (object_value(ctx, id, pname, false, &v) == READ_VALUE)
      result_as(v, type, params);
}

void
mgl_glGetQueryObjectiv(GLuint id, GLenum pname, GLint *params)
{
   get_query_object(id, pname, RESULT_I32, params);
}

void
mgl_glGetQueryObjectuiv(GLuint id, GLenum pname, GLuint *params)
{
   get_query_object(id, pname, RESULT_U32, params);
}

void
mgl_glGetQueryObjecti64v(GLuint id, GLenum pname, GLint64 *params)
{
   get_query_object(id, pname, RESULT_I64, params);
}

void
mgl_glGetQueryObjectui64v(GLuint id, GLenum pname, GLuint64 *params)
{
   get_query_object(id, pname, RESULT_U64, params);
}

/* glGetQueryBufferObject* (GL 4.6 §4.2.3, ARB_query_buffer_object's semantics): the value is
 * written into buffer at offset. The client waits for a GL_QUERY_RESULT (as glGetQueryObject*
 * does) and writes it into the buffer in command order, rather than the server copying it
 * there later. */
static void
query_to_buffer(struct fe_context *ctx, GLuint id, struct fe_buffer *buf, GLenum pname,
                GLintptr offset, enum result_type type)
{
   FE_CHECK(offset < 0, GL_INVALID_VALUE);
   const int64_t bytes = type == RESULT_I32 || type == RESULT_U32 ? 4 : 8;
   /* a write past the store, or into a buffer mapped without GL_MAP_PERSISTENT_BIT */
   FE_CHECK(offset > buf->size - bytes || fe_buffer_map_blocks(buf), GL_INVALID_OPERATION);
   uint64_t v;
   if (object_value(ctx, id, pname, true, &v) != READ_VALUE)
      return;
   uint64_t value;
   result_as(v, type, &value);
   fe_buffer_write(ctx, buf, offset, bytes, &value);
}

static void
get_query_buffer_object(GLuint id, GLuint buffer, GLenum pname, GLintptr offset,
                        enum result_type type)
{
   FE_CTX_OR_RETURN();
   struct fe_buffer *buf = fe_buffer_named(ctx, buffer);
   if (buf)
      query_to_buffer(ctx, id, buf, pname, offset, type);
}

void
mgl_glGetQueryBufferObjectiv(GLuint id, GLuint buffer, GLenum pname, GLintptr offset)
{
   get_query_buffer_object(id, buffer, pname, offset, RESULT_I32);
}

void
mgl_glGetQueryBufferObjectuiv(GLuint id, GLuint buffer, GLenum pname, GLintptr offset)
{
   get_query_buffer_object(id, buffer, pname, offset, RESULT_U32);
}

void
mgl_glGetQueryBufferObjecti64v(GLuint id, GLuint buffer, GLenum pname, GLintptr offset)
{
   get_query_buffer_object(id, buffer, pname, offset, RESULT_I64);
}

void
mgl_glGetQueryBufferObjectui64v(GLuint id, GLuint buffer, GLenum pname, GLintptr offset)
{
   get_query_buffer_object(id, buffer, pname, offset, RESULT_U64);
}

/* ---- conditional rendering (GL 3.3 §2.18) ------------------------------------------------- */

/* The server decides: the result may not be back here, and waiting for it here would be a
 * round trip. Draws and clears (glClear, glClearBuffer*) between begin and end are discarded
 * when the query's result is zero (GL 3.3 §2.18), and so is glBlitFramebuffer (GL 4.4 §10.10
 * added it, as Mesa does: mgp_blit.conditional); copies are not.
 * A name from glGenQueries that no glBeginQuery used is not a query object yet (§2.14):
 * GL_INVALID_VALUE, as for any other non-query name (Mesa 22.3 says GL_INVALID_OPERATION). */
void
mgl_glBeginConditionalRender(GLuint id, GLenum mode)
{
   FE_CTX_OR_RETURN();
   struct fe_query *q = query_get(ctx, id);
   FE_CHECK(!q, GL_INVALID_VALUE);
   /* the _INVERTED modes: GL 4.5 §10.10 (ARB_conditional_render_inverted), desktop only */
   const bool inverted = mode == GL_QUERY_WAIT_INVERTED || mode == GL_QUERY_NO_WAIT_INVERTED ||
                         mode == GL_QUERY_BY_REGION_WAIT_INVERTED ||
                         mode == GL_QUERY_BY_REGION_NO_WAIT_INVERTED;
   FE_CHECK(mode != GL_QUERY_WAIT && mode != GL_QUERY_NO_WAIT && mode != GL_QUERY_BY_REGION_WAIT &&
               mode != GL_QUERY_BY_REGION_NO_WAIT && (!inverted || ctx->desc.api == FE_API_GLES),
            GL_INVALID_ENUM);
   FE_CHECK(ctx->cond_render, GL_INVALID_OPERATION);
   /* occlusion queries, and (ARB_transform_feedback_overflow_query) overflow ones */
   FE_CHECK(occ_index(q->target) < 0 && !overflow_target(q->target), GL_INVALID_OPERATION);
   FE_CHECK(q->active, GL_INVALID_OPERATION);
   ctx->cond_render = true;
   ctx->cond_desc =
      (struct mgp_query_desc){.query = q->h, .mode = (uint16_t)fe_mgp_cond_render_mode(mode)};
   if (fe_pipe_has(ctx, MGP_CALL_begin_conditional_render))
      mgp_begin_conditional_render(&ctx->pipe, &ctx->cond_desc);
}

void
mgl_glEndConditionalRender(void)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!ctx->cond_render, GL_INVALID_OPERATION);
   ctx->cond_render = false;
   if (fe_call_supported(ctx->share, MGP_CALL_end_conditional_render))
      mgp_end_conditional_render(&ctx->pipe, &(struct mgp_u32_args){0});
}

/* ---- ARB_transform_feedback3's indexed forms (GL 4.6 4.2) ---------------------------------- */

/* index is the vertex stream of the primitive queries (below GL_MAX_VERTEX_STREAMS) and 0 for
 * every other target: GL_INVALID_VALUE otherwise. An unknown target is the plain form's
 * GL_INVALID_ENUM. Outside a context offering ARB_transform_feedback3, a decline by name. */
static bool
indexed_check(struct fe_context *ctx, const char *fn, GLenum target, GLuint index)
{
   if (!fe_xfb_draw_offered(ctx)) {
      MGU_DECLINE(gl_entry_not_in_version, "%s without ARB_transform_feedback3", fn);
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   switch (target) {
   case GL_PRIMITIVES_GENERATED:
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN:
   case GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW:
      if (index < fe_max_vertex_streams(ctx))
         return true;
      break;
   case GL_TRANSFORM_FEEDBACK_OVERFLOW:
   case GL_SAMPLES_PASSED:
   case GL_ANY_SAMPLES_PASSED:
   case GL_ANY_SAMPLES_PASSED_CONSERVATIVE:
   case GL_TIME_ELAPSED:
   case GL_TIMESTAMP:
      if (!index)
         return true;
      break;
   default: /* a statistics target without the extension is the plain form's GL_INVALID_ENUM */
      if (fe_query_stat_index(target) < 0 || !index || !fe_pipeline_stats_offered(ctx))
         return true;
      break;
   }
   fe_error(ctx, GL_INVALID_VALUE);
   return false;
}

void
mgl_glBeginQueryIndexed(GLenum target, GLuint index, GLuint id)
{
   FE_CTX_OR_RETURN();
   if (indexed_check(ctx, "glBeginQueryIndexed", target, index))
      begin_query(ctx, target, index, id);
}

void
mgl_glEndQueryIndexed(GLenum target, GLuint index)
{
   FE_CTX_OR_RETURN();
   if (indexed_check(ctx, "glEndQueryIndexed", target, index))
      end_query(ctx, target, index);
}

void
mgl_glGetQueryIndexediv(GLenum target, GLuint index, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   if (!indexed_check(ctx, "glGetQueryIndexediv", target, index))
      return;
   if (pname == GL_CURRENT_QUERY && prim_index(target) >= 0) { /* that stream's active query */
      struct fe_query *q = *active_slot_at(ctx, target, index);
      *params = q ? (GLint)q->name : 0;
      return;
   }
   mgl_glGetQueryiv(target, pname, params);
}
