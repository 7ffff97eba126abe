/* fe_debug.c — KHR_debug (GL 4.3 §20, ES 3.2 §18): debug output with its callback or message
 * log, message filtering, debug groups, object labels. What mgl itself reports: every GL error
 * the front end raises (fe_error) as DEBUG_TYPE_ERROR from DEBUG_SOURCE_API, and every decline
 * hit in a thread with a current context as a DEBUG_SOURCE_OTHER message naming the decline —
 * an app's debug callback sees mgl's refusals. The front end runs in the app's thread on every
 * arm, so each message is delivered in the call that caused it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "decline.h"
#include "fe_compat_vertex.h"
#include "fe_dlist.h"
#include "fe_gl.h"
#include "gl_api.h"
#include "log.h"

/* KHR_debug's identifier of display lists (compatibility profile; glcorearb.h leaves it out) */
#define FE_GL_DISPLAY_LIST 0x82E7

/* A control rule: messages matching (source, type, severity, and one of ids when ids is set)
 * are enabled or disabled. The last matching rule wins; with none, a message is enabled unless
 * its severity is LOW (KHR_debug's initial state). */
struct debug_rule {
   GLenum source, type, severity; /* GL_DONT_CARE matches any */
   GLuint *ids;
   GLsizei num_ids; /* 0: every id */
   bool enabled;
};

struct debug_group {
   struct debug_rule *rules;
   unsigned num_rules;
   uint32_t cap_rules;
   GLenum source; /* the push's, repeated by its pop message */
   GLuint id;
   char *message;
};

struct debug_msg {
   GLenum source, type, severity;
   GLuint id;
   char *text;
   GLsizei length; /* with the terminating NUL, as the log reports it */
};

struct fe_debug {
   GLDEBUGPROC callback;
   const void *user_param;
   bool synchronous;
   bool in_callback; /* a message raised by the callback's own GL calls goes to the log */
   struct debug_group groups[FE_DEBUG_MAX_GROUP_DEPTH];
   unsigned depth; /* groups[0 .. depth] are live; GL_DEBUG_GROUP_STACK_DEPTH is depth + 1 */
   struct debug_msg log[FE_DEBUG_MAX_LOGGED_MESSAGES];
   unsigned log_first, log_count;
};

/* ---- lifetime ----------------------------------------------------------------------------- */

static void decline_observer(enum mgu_decline d, int level, const char *fmt, va_list ap);

bool
fe_debug_init(struct fe_context *ctx)
{
   ctx->debug = calloc(1, sizeof(*ctx->debug));
   if (!ctx->debug)
      return false;
   /* GL 4.3 §20.2: DEBUG_OUTPUT starts enabled in a debug context, disabled otherwise. */
   ctx->debug_output = ctx->desc.debug;
   mgu_decline_set_observer(decline_observer);
   return true;
}

static void
group_clear(struct debug_group *g)
{
   for (unsigned i = 0; i < g->num_rules; i++)
      free(g->rules[i].ids);
   free(g->rules);
   free(g->message);
   memset(g, 0, sizeof(*g));
}

void
fe_debug_finish(struct fe_context *ctx)
{
   struct fe_debug *d = ctx->debug;
   if (!d)
      return;
   for (unsigned i = 0; i <= d->depth; i++)
      group_clear(&d->groups[i]);
   for (unsigned i = 0; i < d->log_count; i++)
      free(d->log[(d->log_first + i) % FE_DEBUG_MAX_LOGGED_MESSAGES].text);
   free(d);
   ctx->debug = NULL;
}

/* ---- enums -------------------------------------------------------------------------------- */

static bool
valid_source(GLenum e)
{
   switch (e) {
   case GL_DEBUG_SOURCE_API:
   case GL_DEBUG_SOURCE_WINDOW_SYSTEM:
   case GL_DEBUG_SOURCE_SHADER_COMPILER:
   case GL_DEBUG_SOURCE_THIRD_PARTY:
   case GL_DEBUG_SOURCE_APPLICATION:
   case GL_DEBUG_SOURCE_OTHER: return true;
   default: return false;
   }
}

static bool
valid_type(GLenum e)
{
   switch (e) {
   case GL_DEBUG_TYPE_ERROR:
   case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR:
   case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR:
   case GL_DEBUG_TYPE_PORTABILITY:
   case GL_DEBUG_TYPE_PERFORMANCE:
   case GL_DEBUG_TYPE_OTHER:
   case GL_DEBUG_TYPE_MARKER:
   case GL_DEBUG_TYPE_PUSH_GROUP:
   case GL_DEBUG_TYPE_POP_GROUP: return true;
   default: return false;
   }
}

static bool
valid_severity(GLenum e)
{
   switch (e) {
   case GL_DEBUG_SEVERITY_HIGH:
   case GL_DEBUG_SEVERITY_MEDIUM:
   case GL_DEBUG_SEVERITY_LOW:
   case GL_DEBUG_SEVERITY_NOTIFICATION: return true;
   default: return false;
   }
}

static bool
app_source(GLenum e)
{
   return e == GL_DEBUG_SOURCE_APPLICATION || e == GL_DEBUG_SOURCE_THIRD_PARTY;
}

/* ---- delivery ----------------------------------------------------------------------------- */

static bool
rule_matches(const struct debug_rule *r, GLenum source, GLenum type, GLuint id, GLenum severity)
{
   if ((r->source != GL_DONT_CARE && r->source != source) ||
       (r->type != GL_DONT_CARE && r->type != type) ||
       (r->severity != GL_DONT_CARE && r->severity != severity))
      return false;
   if (!r->num_ids)
      return true;
   for (GLsizei i = 0; i < r->num_ids; i++)
      if (r->ids[i] == id)
         return true;
   return false;
}

static bool
message_enabled(const struct fe_debug *d, GLenum source, GLenum type, GLuint id, GLenum severity)
{
   const struct debug_group *g = &d->groups[d->depth];
   for (unsigned i = g->num_rules; i-- > 0;)
      if (rule_matches(&g->rules[i], source, type, id, severity))
         return g->rules[i].enabled;
   return severity != GL_DEBUG_SEVERITY_LOW;
}

/* A full log keeps its oldest messages and drops the new one (KHR_debug: "discarded"). */
static void
log_append(struct fe_debug *d, GLenum source, GLenum type, GLuint id, GLenum severity,
           const char *text, size_t len)
{
   if (d->log_count == FE_DEBUG_MAX_LOGGED_MESSAGES)
      return;
   char *copy = malloc(len + 1);
   if (!copy)
      return;
   memcpy(copy, text, len);
   copy[len] = '\0';
   struct debug_msg *m = &d->log[(d->log_first + d->log_count) % FE_DEBUG_MAX_LOGGED_MESSAGES];
   *m = (struct debug_msg){source, type, severity, id, copy, (GLsizei)len + 1};
   d->log_count++;
}

void
fe_debug_message(struct fe_context *ctx, GLenum source, GLenum type, GLuint id, GLenum severity,
                 const char *text, size_t len)
{
   struct fe_debug *d = ctx ? ctx->debug : NULL;
   if (!d || !ctx->debug_output || !message_enabled(d, source, type, id, severity))
      return;
   if (len >= FE_DEBUG_MAX_MESSAGE_LENGTH)
      len = FE_DEBUG_MAX_MESSAGE_LENGTH - 1;
   if (d->callback && !d->in_callback) {
      /* The callback gets a NUL-terminated string; text may be a counted one. */
      char buf[FE_DEBUG_MAX_MESSAGE_LENGTH];
      memcpy(buf, text, len);
      buf[len] = '\0';
      d->in_callback = true;
      d->callback(source, type, id, severity, (GLsizei)len, buf, d->user_param);
      d->in_callback = false;
      return;
   }
   log_append(d, source, type, id, severity, text, len);
}

static const char *
error_name(GLenum e)
{
   switch (e) {
   case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
   case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
   case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
   case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
   case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
   case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
   case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
   case GL_CONTEXT_LOST: return "GL_CONTEXT_LOST";
   default: return "GL error";
   }
}

void
fe_debug_error(struct fe_context *ctx, GLenum error)
{
   if (!ctx->debug_output)
      return;
   char text[64];
   int n = snprintf(text, sizeof(text), "%s generated", error_name(error));
   fe_debug_message(ctx, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, error, GL_DEBUG_SEVERITY_HIGH,
                    text, (size_t)n);
}

/* Declines hit in a thread whose current context has debug output on. The server role's
 * declines in the apply thread or another process reach no context here: they are in the
 * MGL-DECLINES tally and the log. */
static void
decline_observer(enum mgu_decline dc, int level, const char *fmt, va_list ap)
{
   struct fe_context *ctx = fe_ctx_current();
   if (!ctx || !ctx->debug || !ctx->debug_output)
      return;
   char text[FE_DEBUG_MAX_MESSAGE_LENGTH];
   int n = snprintf(text, sizeof(text), "decline %s: ", mgu_decline_name(dc));
   if (n < 0 || (size_t)n >= sizeof(text))
      return;
   vsnprintf(text + n, sizeof(text) - (size_t)n, fmt, ap);
   fe_debug_message(ctx, GL_DEBUG_SOURCE_OTHER, GL_DEBUG_TYPE_OTHER,
                    FE_DEBUG_ID_DECLINE_BASE + (GLuint)dc,
                    level == MGU_LOG_ERROR ? GL_DEBUG_SEVERITY_HIGH : GL_DEBUG_SEVERITY_MEDIUM,
                    text, strlen(text));
}

/* ---- state: glEnable and glGet ------------------------------------------------------------ */

int
fe_debug_set_enable(struct fe_context *ctx, GLenum cap, int on)
{
   switch (cap) {
   case GL_DEBUG_OUTPUT:
      if (on >= 0)
         ctx->debug_output = on;
      return ctx->debug_output;
   case GL_DEBUG_OUTPUT_SYNCHRONOUS:
      /* Messages are always delivered in the call that caused them; the flag is kept. */
      if (on >= 0)
         ctx->debug->synchronous = on;
      return ctx->debug->synchronous;
   default: return -1;
   }
}

bool
fe_debug_get(struct fe_context *ctx, GLenum pname, GLint *out)
{
   struct fe_debug *d = ctx->debug;
   switch (pname) {
   case GL_MAX_DEBUG_MESSAGE_LENGTH: *out = FE_DEBUG_MAX_MESSAGE_LENGTH; return true;
   case GL_MAX_DEBUG_LOGGED_MESSAGES: *out = FE_DEBUG_MAX_LOGGED_MESSAGES; return true;
   case GL_MAX_DEBUG_GROUP_STACK_DEPTH: *out = FE_DEBUG_MAX_GROUP_DEPTH; return true;
   case GL_MAX_LABEL_LENGTH: *out = FE_DEBUG_MAX_LABEL_LENGTH; return true;
   case GL_DEBUG_LOGGED_MESSAGES: *out = (GLint)d->log_count; return true;
   case GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH:
      *out = d->log_count ? d->log[d->log_first].length : 0;
      return true;
   case GL_DEBUG_GROUP_STACK_DEPTH: *out = (GLint)d->depth + 1; return true;
   default: return false;
   }
}

/* ---- entry points ------------------------------------------------------------------------- */

void
mgl_glDebugMessageCallback(GLDEBUGPROC callback, const void *userParam)
{
   FE_CTX_OR_RETURN();
   ctx->debug->callback = callback;
   ctx->debug->user_param = userParam;
}

void
mgl_glDebugMessageControl(GLenum source, GLenum type, GLenum severity, GLsizei count,
                          const GLuint *ids, GLboolean enabled)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(source != GL_DONT_CARE && !valid_source(source), GL_INVALID_ENUM);
   FE_CHECK(type != GL_DONT_CARE && !valid_type(type), GL_INVALID_ENUM);
   FE_CHECK(severity != GL_DONT_CARE && !valid_severity(severity), GL_INVALID_ENUM);
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   FE_CHECK(count > 0 &&
               (source == GL_DONT_CARE || type == GL_DONT_CARE || severity != GL_DONT_CARE),
            GL_INVALID_OPERATION);
   struct debug_group *g = &ctx->debug->groups[ctx->debug->depth];
   struct debug_rule r = {source, type, severity, NULL, count, enabled != GL_FALSE};
   if (count > 0) {
      FE_CHECK(!ids, GL_INVALID_VALUE);
      r.ids = malloc((size_t)count * sizeof(*r.ids));
      FE_CHECK(!r.ids, GL_OUT_OF_MEMORY);
      memcpy(r.ids, ids, (size_t)count * sizeof(*r.ids));
   } else if (source == GL_DONT_CARE && type == GL_DONT_CARE && severity == GL_DONT_CARE) {
      /* Overrides every earlier rule of the group: they can go. */
      for (unsigned i = 0; i < g->num_rules; i++)
         free(g->rules[i].ids);
      g->num_rules = 0;
   }
   struct debug_rule *rule = mgu_array_push(g->rules, g->num_rules, g->cap_rules);
   if (!rule) {
      free(r.ids);
      FE_CHECK(true, GL_OUT_OF_MEMORY);
   }
   *rule = r;
}

/* The length of an app's string: -1 means NUL-terminated; INVALID_VALUE at or past limit. */
static bool
string_length(const char *s, GLsizei length, size_t limit, size_t *out)
{
   size_t n = length < 0 ? strlen(s) : (size_t)length;
   if (n >= limit)
      return false;
   *out = n;
   return true;
}

void
mgl_glDebugMessageInsert(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                         const GLchar *buf)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!app_source(source), GL_INVALID_ENUM);
   FE_CHECK(!valid_type(type), GL_INVALID_ENUM);
   FE_CHECK(!valid_severity(severity), GL_INVALID_ENUM);
   FE_CHECK(!buf, GL_INVALID_VALUE);
   size_t n;
   FE_CHECK(!string_length(buf, length, FE_DEBUG_MAX_MESSAGE_LENGTH, &n), GL_INVALID_VALUE);
   fe_debug_message(ctx, source, type, id, severity, buf, n);
}

GLuint
mgl_glGetDebugMessageLog(GLuint count, GLsizei bufSize, GLenum *sources, GLenum *types, GLuint *ids,
                         GLenum *severities, GLsizei *lengths, GLchar *messageLog)
{
   FE_CTX_OR_RETURN(0);
   FE_CHECK(bufSize < 0 && messageLog, GL_INVALID_VALUE, 0);
   struct fe_debug *d = ctx->debug;
   GLuint got = 0;
   size_t used = 0;
   while (got < count && d->log_count) {
      struct debug_msg *m = &d->log[d->log_first];
      if (messageLog) {
         /* A message that does not fit stops the fetch and stays in the log. */
         if ((size_t)m->length > (size_t)bufSize - used)
            break;
         memcpy(messageLog + used, m->text, (size_t)m->length);
         used += (size_t)m->length;
      }
      if (sources)
         sources[got] = m->source;
      if (types)
         types[got] = m->type;
      if (ids)
         ids[got] = m->id;
      if (severities)
         severities[got] = m->severity;
      if (lengths)
         lengths[got] = m->length;
      free(m->text);
      d->log_first = (d->log_first + 1) % FE_DEBUG_MAX_LOGGED_MESSAGES;
      d->log_count--;
      got++;
   }
   return got;
}

void
mgl_glPushDebugGroup(GLenum source, GLuint id, GLsizei length, const GLchar *message)
{
   FE_CTX_OR_RETURN();
   struct fe_debug *d = ctx->debug;
   FE_CHECK(!app_source(source), GL_INVALID_ENUM);
   FE_CHECK(!message, GL_INVALID_VALUE);
   size_t n;
   FE_CHECK(!string_length(message, length, FE_DEBUG_MAX_MESSAGE_LENGTH, &n), GL_INVALID_VALUE);
   FE_CHECK(d->depth + 1 >= FE_DEBUG_MAX_GROUP_DEPTH, GL_STACK_OVERFLOW);
   /* The new group starts with a copy of the enclosing group's control state. */
   const struct debug_group *outer = &d->groups[d->depth];
   struct debug_group g = {.source = source, .id = id};
   g.message = malloc(n + 1);
   bool rules_ok = mgu_array_reserve_exact(g.rules, g.cap_rules, outer->num_rules);
   if (!g.message || !rules_ok) {
      group_clear(&g);
      FE_CHECK(true, GL_OUT_OF_MEMORY);
   }
   memcpy(g.message, message, n);
   g.message[n] = '\0';
   for (unsigned i = 0; i < outer->num_rules; i++, g.num_rules++) {
      g.rules[i] = outer->rules[i];
      g.rules[i].ids = NULL;
      if (outer->rules[i].num_ids) {
         size_t sz = (size_t)outer->rules[i].num_ids * sizeof(GLuint);
         g.rules[i].ids = malloc(sz);
         if (!g.rules[i].ids) {
            group_clear(&g);
            FE_CHECK(true, GL_OUT_OF_MEMORY);
         }
         memcpy(g.rules[i].ids, outer->rules[i].ids, sz);
      }
   }
   /* Announced under the enclosing group's filter, as the pop is. */
   fe_debug_message(ctx, source, GL_DEBUG_TYPE_PUSH_GROUP, id, GL_DEBUG_SEVERITY_NOTIFICATION,
                    message, n);
   d->groups[++d->depth] = g;
}

void
mgl_glPopDebugGroup(void)
{
   FE_CTX_OR_RETURN();
   struct fe_debug *d = ctx->debug;
   FE_CHECK(d->depth == 0, GL_STACK_UNDERFLOW);
   struct debug_group g = d->groups[d->depth];
   memset(&d->groups[d->depth], 0, sizeof(g));
   d->depth--;
   fe_debug_message(ctx, g.source, GL_DEBUG_TYPE_POP_GROUP, g.id, GL_DEBUG_SEVERITY_NOTIFICATION,
                    g.message, strlen(g.message));
   group_clear(&g);
}

/* ---- object labels ------------------------------------------------------------------------ */

/* The label field of (identifier, name), or NULL with *err set: INVALID_ENUM for an identifier
 * KHR_debug does not name, INVALID_VALUE for a name that is not an existing object of that
 * type (a name generated but never bound is not an object yet). Share-group objects are looked
 * up under the share lock, which *locked reports held on return. */
static char **
label_slot(struct fe_context *ctx, GLenum identifier, GLuint name, GLenum *err, bool *locked)
{
   struct fe_share_group *sg = ctx->share;
   struct fe_names *share_names = NULL;
   int kind = -1;
   void *o = NULL;
   *err = GL_INVALID_VALUE;
   *locked = false;
   switch (identifier) {
   case GL_BUFFER:
      share_names = &sg->buffers;
      kind = FE_OBJ_BUFFER;
      break;
   case GL_TEXTURE:
      share_names = &sg->textures;
      kind = FE_OBJ_TEXTURE;
      break;
   case GL_RENDERBUFFER:
      share_names = &sg->renderbuffers;
      kind = FE_OBJ_RENDERBUFFER;
      break;
   case GL_SHADER:
      share_names = &sg->programs;
      kind = FE_OBJ_SHADER;
      break;
   case GL_PROGRAM:
      share_names = &sg->programs;
      kind = FE_OBJ_PROGRAM;
      break;
   case GL_VERTEX_ARRAY:
      o = name ? fe_names_get(&ctx->vaos, name) : NULL;
      return o && o != FE_NAME_RESERVED ? &((struct fe_vao *)o)->label : NULL;
   case GL_FRAMEBUFFER:
      o = name ? fe_names_get(&ctx->fbos, name) : NULL;
      return o && o != FE_NAME_RESERVED ? &((struct fe_framebuffer *)o)->label : NULL;
   case GL_QUERY:
      o = name ? fe_names_get(&ctx->queries, name) : NULL;
      return o && o != FE_NAME_RESERVED ? fe_query_label(o) : NULL;
   case GL_TRANSFORM_FEEDBACK:
      o = name ? fe_names_get(&ctx->tfos, name) : NULL;
      return o && o != FE_NAME_RESERVED ? &((struct fe_tfo *)o)->label : NULL;
   case GL_SAMPLER:
      share_names = &sg->samplers;
      kind = FE_OBJ_SAMPLER;
      break;
   case GL_PROGRAM_PIPELINE:
      /* GL 3.3 and ES 3.0 have no program pipeline objects: no name is one there. */
      o = name ? fe_names_get(&ctx->pipelines, name) : NULL;
      return o && o != FE_NAME_RESERVED ? &((struct fe_pipeline *)o)->label : NULL;
   case FE_GL_DISPLAY_LIST: {
      /* KHR_debug: display lists are objects of a compatibility context only */
      if (!ctx->compat)
         break;
      pthread_mutex_lock(&sg->lock);
      char **slot = fe_dlist_label_slot(sg, name);
      if (!slot)
         pthread_mutex_unlock(&sg->lock);
      *locked = slot != NULL;
      return slot;
   }
   default: break;
   }
   if (!share_names) {
      *err = GL_INVALID_ENUM;
      return NULL;
   }
   if (!name)
      return NULL;
   pthread_mutex_lock(&sg->lock);
   o = fe_names_get(share_names, name);
   if (!o || o == FE_NAME_RESERVED || ((struct fe_object *)o)->kind != kind) {
      pthread_mutex_unlock(&sg->lock);
      return NULL;
   }
   *locked = true;
   return &((struct fe_object *)o)->label;
}

/* Replaces *slot with label (NULL removes it). */
static bool
set_label(char **slot, const char *label, GLsizei length, GLenum *err)
{
   if (!label) {
      free(*slot);
      *slot = NULL;
      return true;
   }
   size_t n;
   if (!string_length(label, length, FE_DEBUG_MAX_LABEL_LENGTH, &n)) {
      *err = GL_INVALID_VALUE;
      return false;
   }
   char *copy = malloc(n + 1);
   if (!copy) {
      *err = GL_OUT_OF_MEMORY;
      return false;
   }
   memcpy(copy, label, n);
   copy[n] = '\0';
   free(*slot);
   *slot = copy;
   return true;
}

/* glGetObjectLabel's copy: at most bufSize - 1 characters and a NUL; *length the characters
 * written, or the whole label's length when label is NULL. */
static void
get_label(const char *have, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   size_t n = have ? strlen(have) : 0;
   if (label) {
      if (bufSize == 0) {
         n = 0;
      } else {
         if (n > (size_t)bufSize - 1)
            n = (size_t)bufSize - 1;
         memcpy(label, have ? have : "", n);
         label[n] = '\0';
      }
   }
   if (length)
      *length = (GLsizei)n;
}

void
mgl_glObjectLabel(GLenum identifier, GLuint name, GLsizei length, const GLchar *label)
{
   FE_CTX_OR_RETURN();
   GLenum err;
   bool locked;
   char **slot = label_slot(ctx, identifier, name, &err, &locked);
   FE_CHECK(!slot, err);
   bool ok = set_label(slot, label, length, &err);
   if (locked)
      pthread_mutex_unlock(&ctx->share->lock);
   FE_CHECK(!ok, err);
}

void
mgl_glGetObjectLabel(GLenum identifier, GLuint name, GLsizei bufSize, GLsizei *length,
                     GLchar *label)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(bufSize < 0, GL_INVALID_VALUE);
   GLenum err;
   bool locked;
   char **slot = label_slot(ctx, identifier, name, &err, &locked);
   FE_CHECK(!slot, err);
   get_label(*slot, bufSize, length, label);
   if (locked)
      pthread_mutex_unlock(&ctx->share->lock);
}

/* EXT_debug_label: KHR_debug's labels under the EXT object-type names (the rest are KHR's);
 * a name that is no object of the type is GL_INVALID_OPERATION, a negative length
 * GL_INVALID_VALUE and a length of 0 a NUL-terminated label (as Mesa has them). */
static GLenum
ext_label_identifier(GLenum type)
{
   switch (type) {
   case 0x9151: return GL_BUFFER;           /* GL_BUFFER_OBJECT_EXT */
   case 0x8B48: return GL_SHADER;           /* GL_SHADER_OBJECT_EXT */
   case 0x8B40: return GL_PROGRAM;          /* GL_PROGRAM_OBJECT_EXT */
   case 0x9154: return GL_VERTEX_ARRAY;     /* GL_VERTEX_ARRAY_OBJECT_EXT */
   case 0x9153: return GL_QUERY;            /* GL_QUERY_OBJECT_EXT */
   case 0x8A4F: return GL_PROGRAM_PIPELINE; /* GL_PROGRAM_PIPELINE_OBJECT_EXT */
   default: return type;
   }
}

void
mgl_glLabelObjectEXT(GLenum type, GLuint object, GLsizei length, const GLchar *label)
{
   FE_CTX_OR_RETURN();
   GLenum err;
   bool locked;
   char **slot = label_slot(ctx, ext_label_identifier(type), object, &err, &locked);
   FE_CHECK(!slot, err == GL_INVALID_VALUE ? GL_INVALID_OPERATION : err);
   bool ok = !(label && length < 0);
   err = GL_INVALID_VALUE;
   if (ok)
      ok = set_label(slot, label, length > 0 ? length : -1, &err);
   if (locked)
      pthread_mutex_unlock(&ctx->share->lock);
   FE_CHECK(!ok, err);
}

void
mgl_glGetObjectLabelEXT(GLenum type, GLuint object, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(bufSize < 0, GL_INVALID_VALUE);
   GLenum err;
   bool locked;
   char **slot = label_slot(ctx, ext_label_identifier(type), object, &err, &locked);
   FE_CHECK(!slot, err == GL_INVALID_VALUE ? GL_INVALID_OPERATION : err);
   get_label(*slot, bufSize, length, label);
   if (locked)
      pthread_mutex_unlock(&ctx->share->lock);
}

void
mgl_glObjectPtrLabel(const void *ptr, GLsizei length, const GLchar *label)
{
   FE_CTX_OR_RETURN();
   GLenum err = GL_INVALID_VALUE;
   char **slot = fe_sync_label_lock(ctx->share, (GLsync)ptr);
   FE_CHECK(!slot, GL_INVALID_VALUE);
   bool ok = set_label(slot, label, length, &err);
   pthread_mutex_unlock(&ctx->share->lock);
   FE_CHECK(!ok, err);
}

void
mgl_glGetObjectPtrLabel(const void *ptr, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(bufSize < 0, GL_INVALID_VALUE);
   char **slot = fe_sync_label_lock(ctx->share, (GLsync)ptr);
   FE_CHECK(!slot, GL_INVALID_VALUE);
   get_label(*slot, bufSize, length, label);
   pthread_mutex_unlock(&ctx->share->lock);
}

/* GL 4.3 §22.2: the debug pointers are glGetPointerv's only names in a core profile. */
void
mgl_glGetPointerv(GLenum pname, void **params)
{
   FE_CTX_OR_RETURN();
   switch (pname) {
   case GL_DEBUG_CALLBACK_FUNCTION: *params = (void *)ctx->debug->callback; return;
   case GL_DEBUG_CALLBACK_USER_PARAM: *params = (void *)ctx->debug->user_param; return;
   default:
      if (ctx->compat && fe_compat_get_pointer(ctx, pname, params))
         return;
      fe_error(ctx, GL_INVALID_ENUM);
      return;
   }
}

/* The ES names (KHR_debug's KHR suffix): the same commands. */
void
mgl_glDebugMessageCallbackKHR(GLDEBUGPROC callback, const void *userParam)
{
   mgl_glDebugMessageCallback(callback, userParam);
}

void
mgl_glDebugMessageControlKHR(GLenum source, GLenum type, GLenum severity, GLsizei count,
                             const GLuint *ids, GLboolean enabled)
{
   mgl_glDebugMessageControl(source, type, severity, count, ids, enabled);
}

void
mgl_glDebugMessageInsertKHR(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                            const GLchar *buf)
{
   mgl_glDebugMessageInsert(source, type, id, severity, length, buf);
}

GLuint
mgl_glGetDebugMessageLogKHR(GLuint count, GLsizei bufSize, GLenum *sources, GLenum *types,
                            GLuint *ids, GLenum *severities, GLsizei *lengths, GLchar *messageLog)
{
   return mgl_glGetDebugMessageLog(count, bufSize, sources, types, ids, severities, lengths,
                                   messageLog);
}

void
mgl_glPushDebugGroupKHR(GLenum source, GLuint id, GLsizei length, const GLchar *message)
{
   mgl_glPushDebugGroup(source, id, length, message);
}

void
mgl_glPopDebugGroupKHR(void)
{
   mgl_glPopDebugGroup();
}

void
mgl_glObjectLabelKHR(GLenum identifier, GLuint name, GLsizei length, const GLchar *label)
{
   mgl_glObjectLabel(identifier, name, length, label);
}

void
mgl_glGetObjectLabelKHR(GLenum identifier, GLuint name, GLsizei bufSize, GLsizei *length,
                        GLchar *label)
{
   mgl_glGetObjectLabel(identifier, name, bufSize, length, label);
}

void
mgl_glObjectPtrLabelKHR(const void *ptr, GLsizei length, const GLchar *label)
{
   mgl_glObjectPtrLabel(ptr, length, label);
}

void
mgl_glGetObjectPtrLabelKHR(const void *ptr, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   mgl_glGetObjectPtrLabel(ptr, bufSize, length, label);
}

void
mgl_glGetPointervKHR(GLenum pname, void **params)
{
   mgl_glGetPointerv(pname, params);
}
