/* test_debug.c — unit.frontend.debug: KHR_debug in the front end. Debug output's default by
 * context kind; the callback (its user param, and the exact message mgl sends for a GL error
 * and for a decline hit in the app's thread); glDebugMessageInsert and its errors; filtering by
 * source/type/severity/ids; debug groups (messages, stack depth and its errors, control state
 * restored on pop); the message log (counts, next length, glGetDebugMessageLog's count and
 * bufSize rules, a full log); object labels for each namespace and sync objects;
 * glGetPointerv; the extension strings; and a KHR_no_error context. */
#include <stdlib.h>

#include "decline.h"
#include "fe_test_util.h"

struct msg {
   GLenum source, type, severity;
   GLuint id;
   GLsizei length;
   char text[FE_DEBUG_MAX_MESSAGE_LENGTH];
   const void *user;
};

static struct msg got[16];
static int num_got;

static void APIENTRY
record(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
       const GLchar *message, const void *user)
{
   if (num_got < 16) {
      got[num_got] = (struct msg){source, type, severity, id, length, "", user};
      snprintf(got[num_got].text, sizeof(got[num_got].text), "%s", message);
   }
   num_got++;
}

#define CHECK_MSG(m, src, ty, i, sev, str)                                                         \
   do {                                                                                            \
      CHECK_EQ((m).source, src);                                                                   \
      CHECK_EQ((m).type, ty);                                                                      \
      CHECK_EQ((m).id, i);                                                                         \
      CHECK_EQ((m).severity, sev);                                                                 \
      CHECK_EQ((m).length, strlen(str));                                                           \
      CHECK(!strcmp((m).text, str));                                                               \
   } while (0)

static void
ctx_env(struct fe_test_env *e, enum fe_api api, int major, bool debug, bool no_error)
{
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   memset(e, 0, sizeof(*e));
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e->surf) == FE_OK);
   struct fe_context_desc d = {.api = api,
                               .major = major,
                               .minor = api == FE_API_GLES ? 0 : 3,
                               .format = f,
                               .debug = debug,
                               .no_error = no_error};
   CHECK(fe_context_create(&d, NULL, &e->ctx) == FE_OK);
   CHECK(fe_make_current(e->ctx, e->surf, e->surf) == FE_OK);
}

static GLint
geti(GLenum pname)
{
   GLint v = -12345;
   mgl_glGetIntegerv(pname, &v);
   return v;
}

/* DEBUG_OUTPUT is on by default only in a debug context; CONTEXT_FLAGS says which it is. */
static void
test_defaults(void)
{
   struct fe_test_env e;
   ctx_env(&e, FE_API_GL_CORE, 3, false, false);
   CHECK(!mgl_glIsEnabled(GL_DEBUG_OUTPUT));
   CHECK(!mgl_glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS));
   CHECK_EQ(geti(GL_CONTEXT_FLAGS) & GL_CONTEXT_FLAG_DEBUG_BIT, 0);
   CHECK_EQ(geti(GL_MAX_DEBUG_MESSAGE_LENGTH), FE_DEBUG_MAX_MESSAGE_LENGTH);
   CHECK_EQ(geti(GL_MAX_DEBUG_LOGGED_MESSAGES), FE_DEBUG_MAX_LOGGED_MESSAGES);
   CHECK_EQ(geti(GL_MAX_DEBUG_GROUP_STACK_DEPTH), FE_DEBUG_MAX_GROUP_DEPTH);
   CHECK_EQ(geti(GL_MAX_LABEL_LENGTH), FE_DEBUG_MAX_LABEL_LENGTH);
   CHECK_EQ(geti(GL_DEBUG_GROUP_STACK_DEPTH), 1);
   mgl_glEnable(0x1234);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(geti(GL_DEBUG_LOGGED_MESSAGES), 0); /* output off: the error logged nothing */
   mgl_glEnable(GL_DEBUG_OUTPUT);
   CHECK(mgl_glIsEnabled(GL_DEBUG_OUTPUT));
   mgl_glEnable(0x1234);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(geti(GL_DEBUG_LOGGED_MESSAGES), 1);
   env_finish(&e);

   ctx_env(&e, FE_API_GL_CORE, 3, true, false);
   CHECK(mgl_glIsEnabled(GL_DEBUG_OUTPUT));
   CHECK(geti(GL_CONTEXT_FLAGS) & GL_CONTEXT_FLAG_DEBUG_BIT);
   mgl_glDisable(GL_DEBUG_OUTPUT);
   CHECK(!mgl_glIsEnabled(GL_DEBUG_OUTPUT));
   mgl_glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
   CHECK(mgl_glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS));
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* The callback sees mgl's GL errors and its declines, in the call that caused them. */
static void
test_callback(void)
{
   struct fe_test_env e;
   ctx_env(&e, FE_API_GL_CORE, 3, true, false);
   int user;
   mgl_glDebugMessageCallback(record, &user);
   void *p = NULL;
   mgl_glGetPointerv(GL_DEBUG_CALLBACK_FUNCTION, &p);
   CHECK(p == (void *)record);
   mgl_glGetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &p);
   CHECK(p == &user);
   CHECK_EQ(num_got, 0);
   mgl_glGetPointerv(0x808E, &p); /* GL_VERTEX_ARRAY_POINTER: compatibility only */
   CHECK_EQ(num_got, 1);
   CHECK_MSG(got[0], GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_INVALID_ENUM,
             GL_DEBUG_SEVERITY_HIGH, "GL_INVALID_ENUM generated");
   CHECK(got[0].user == &user);
   CHECK_ERR(GL_INVALID_ENUM);

   /* A second error while the flag holds one is still generated, so still reported. */
   num_got = 0;
   mgl_glBindBuffer(0x1234, 0);
   mgl_glBufferData(GL_ARRAY_BUFFER, -1, NULL, GL_STATIC_DRAW);
   CHECK_EQ(num_got, 2);
   CHECK_EQ(got[1].id, GL_INVALID_VALUE);
   CHECK_ERR(GL_INVALID_ENUM);

   /* A decline in the app's thread: its message, then the error it raises. */
   num_got = 0;
   uint64_t before = mgu_decline_count(MGU_DECLINE_gl_entry_not_in_version);
   GLuint t;
   /* ES 3.0 or ARB_transform_feedback2 only: declined in a GL 3.3 context whose (fake) server
    * holds no transform feedback objects */
   mgl_glGenTransformFeedbacks(1, &t);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_gl_entry_not_in_version), before + 1);
   CHECK_EQ(num_got, 2);
   CHECK_MSG(got[0], GL_DEBUG_SOURCE_OTHER, GL_DEBUG_TYPE_OTHER,
             FE_DEBUG_ID_DECLINE_BASE + MGU_DECLINE_gl_entry_not_in_version,
             GL_DEBUG_SEVERITY_MEDIUM,
             "decline gl-entry-not-in-version: glGenTransformFeedbacks outside an OpenGL ES "
             "3.0 context or ARB_transform_feedback2");
   CHECK_MSG(got[1], GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_INVALID_OPERATION,
             GL_DEBUG_SEVERITY_HIGH, "GL_INVALID_OPERATION generated");
   CHECK_ERR(GL_INVALID_OPERATION);
   /* Every hit, not only a site's first (the log line is once per site). */
   num_got = 0;
   mgl_glGenTransformFeedbacks(1, &t);
   CHECK_EQ(num_got, 2);
   CHECK_ERR(GL_INVALID_OPERATION);

   /* A cleared callback leaves the messages to the log. */
   mgl_glDebugMessageCallback(NULL, NULL);
   mgl_glGetPointerv(GL_DEBUG_CALLBACK_FUNCTION, &p);
   CHECK(p == NULL);
   num_got = 0;
   mgl_glEnable(0x1234);
   CHECK_EQ(num_got, 0);
   CHECK_EQ(geti(GL_DEBUG_LOGGED_MESSAGES), 1);
   CHECK_ERR(GL_INVALID_ENUM);
   env_finish(&e);
}

static void
test_insert_and_control(void)
{
   struct fe_test_env e;
   ctx_env(&e, FE_API_GL_CORE, 3, true, false);
   mgl_glDebugMessageCallback(record, NULL);
   num_got = 0;
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 7,
                            GL_DEBUG_SEVERITY_NOTIFICATION, -1, "hello");
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_OTHER, 8,
                            GL_DEBUG_SEVERITY_HIGH, 3, "abcdef");
   CHECK_EQ(num_got, 2);
   CHECK_MSG(got[0], GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 7,
             GL_DEBUG_SEVERITY_NOTIFICATION, "hello");
   CHECK_MSG(got[1], GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_OTHER, 8, GL_DEBUG_SEVERITY_HIGH,
             "abc");
   CHECK_ERR(GL_NO_ERROR);

   /* Errors: only the app's sources; no DONT_CARE; the length limit. */
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_HIGH, -1,
                            "x");
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, 1, GL_DEBUG_SEVERITY_HIGH,
                            -1, "x");
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1, GL_DONT_CARE, -1,
                            "x");
   CHECK_ERR(GL_INVALID_ENUM);
   static char big[FE_DEBUG_MAX_MESSAGE_LENGTH + 1];
   memset(big, 'm', FE_DEBUG_MAX_MESSAGE_LENGTH);
   num_got = 0;
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DEBUG_SEVERITY_HIGH, -1, big);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(num_got, 1); /* only the error's message */
   CHECK_EQ(got[0].id, GL_INVALID_VALUE);
   num_got = 0;
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DEBUG_SEVERITY_HIGH, FE_DEBUG_MAX_MESSAGE_LENGTH - 1, big);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(num_got, 1);
   CHECK_EQ(got[0].length, FE_DEBUG_MAX_MESSAGE_LENGTH - 1);

   /* LOW severity starts disabled. */
   num_got = 0;
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DEBUG_SEVERITY_LOW, -1, "low");
   CHECK_EQ(num_got, 0);
   mgl_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0, NULL, GL_TRUE);
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DEBUG_SEVERITY_LOW, -1, "low");
   CHECK_EQ(num_got, 1);

   /* By id: only (APPLICATION, MARKER, 7) goes quiet. */
   const GLuint ids[] = {7};
   mgl_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, GL_DONT_CARE, 1,
                             ids, GL_FALSE);
   num_got = 0;
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 7,
                            GL_DEBUG_SEVERITY_HIGH, -1, "seven");
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_MARKER, 7,
                            GL_DEBUG_SEVERITY_HIGH, -1, "third");
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 8,
                            GL_DEBUG_SEVERITY_HIGH, -1, "eight");
   CHECK_EQ(num_got, 2);
   CHECK(!strcmp(got[0].text, "third"));
   CHECK(!strcmp(got[1].text, "eight"));

   /* By type: the API's errors off, then on again. */
   mgl_glDebugMessageControl(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, GL_DONT_CARE, 0, NULL,
                             GL_FALSE);
   num_got = 0;
   mgl_glEnable(0x1234);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(num_got, 0);
   mgl_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
   mgl_glEnable(0x1234);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(num_got, 1);

   /* Control's errors. */
   mgl_glDebugMessageControl(0x1234, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDebugMessageControl(GL_DONT_CARE, 0x1234, GL_DONT_CARE, 0, NULL, GL_TRUE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, 0x1234, 0, NULL, GL_TRUE);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, -1, NULL, GL_TRUE);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_MARKER, GL_DONT_CARE, 1, ids, GL_TRUE);
   CHECK_ERR(GL_INVALID_OPERATION);
   mgl_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER,
                             GL_DEBUG_SEVERITY_HIGH, 1, ids, GL_TRUE);
   CHECK_ERR(GL_INVALID_OPERATION);
   env_finish(&e);
}

static void
test_groups(void)
{
   struct fe_test_env e;
   ctx_env(&e, FE_API_GL_CORE, 3, true, false);
   mgl_glDebugMessageCallback(record, NULL);
   num_got = 0;
   mgl_glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 42, -1, "pass one");
   CHECK_EQ(geti(GL_DEBUG_GROUP_STACK_DEPTH), 2);
   CHECK_EQ(num_got, 1);
   CHECK_MSG(got[0], GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_PUSH_GROUP, 42,
             GL_DEBUG_SEVERITY_NOTIFICATION, "pass one");
   /* Inside the group everything is off ... */
   mgl_glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DEBUG_SEVERITY_HIGH, -1, "hidden");
   mgl_glEnable(0x1234);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(num_got, 1);
   /* ... and the pop, announced under the enclosing group's state, brings it back. */
   mgl_glPopDebugGroup();
   CHECK_EQ(geti(GL_DEBUG_GROUP_STACK_DEPTH), 1);
   CHECK_EQ(num_got, 2);
   CHECK_MSG(got[1], GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_POP_GROUP, 42,
             GL_DEBUG_SEVERITY_NOTIFICATION, "pass one");
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DEBUG_SEVERITY_HIGH, -1, "shown");
   CHECK_EQ(num_got, 3);

   /* A group inherits its parent's state. */
   mgl_glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, GL_DONT_CARE, 0, NULL,
                             GL_FALSE);
   mgl_glPushDebugGroup(GL_DEBUG_SOURCE_THIRD_PARTY, 5, 3, "abcdef");
   num_got = 0;
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                            GL_DEBUG_SEVERITY_HIGH, -1, "quiet");
   CHECK_EQ(num_got, 0);
   mgl_glPopDebugGroup();
   CHECK_EQ(num_got, 1);
   CHECK_MSG(got[0], GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_POP_GROUP, 5,
             GL_DEBUG_SEVERITY_NOTIFICATION, "abc");
   CHECK_ERR(GL_NO_ERROR);

   /* Errors: underflow, overflow at the maximum depth, source, length. */
   mgl_glPopDebugGroup();
   CHECK_ERR(GL_STACK_UNDERFLOW);
   mgl_glDebugMessageCallback(NULL, NULL);
   for (int i = 1; i < FE_DEBUG_MAX_GROUP_DEPTH; i++)
      mgl_glPushDebugGroup(GL_DEBUG_SOURCE_THIRD_PARTY, (GLuint)i, -1, "g");
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(geti(GL_DEBUG_GROUP_STACK_DEPTH), FE_DEBUG_MAX_GROUP_DEPTH);
   mgl_glPushDebugGroup(GL_DEBUG_SOURCE_THIRD_PARTY, 99, -1, "g");
   CHECK_ERR(GL_STACK_OVERFLOW);
   CHECK_EQ(geti(GL_DEBUG_GROUP_STACK_DEPTH), FE_DEBUG_MAX_GROUP_DEPTH);
   mgl_glPushDebugGroup(GL_DEBUG_SOURCE_API, 1, -1, "g");
   CHECK_ERR(GL_INVALID_ENUM);
   static char big[FE_DEBUG_MAX_MESSAGE_LENGTH + 1];
   memset(big, 'g', FE_DEBUG_MAX_MESSAGE_LENGTH);
   mgl_glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 1, -1, big);
   CHECK_ERR(GL_INVALID_VALUE);
   env_finish(&e); /* destroys a context with groups pushed (ASan: nothing leaks) */
}

static void
test_log(void)
{
   struct fe_test_env e;
   ctx_env(&e, FE_API_GL_CORE, 3, true, false);
   CHECK_EQ(geti(GL_DEBUG_LOGGED_MESSAGES), 0);
   CHECK_EQ(geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH), 0);
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 1,
                            GL_DEBUG_SEVERITY_HIGH, -1, "first");
   mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_OTHER, 2,
                            GL_DEBUG_SEVERITY_MEDIUM, -1, "second!");
   mgl_glEnable(0x1234);
   CHECK_ERR(GL_INVALID_ENUM);
   CHECK_EQ(geti(GL_DEBUG_LOGGED_MESSAGES), 3);
   CHECK_EQ(geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH), 6);

   GLenum src[4], type[4], sev[4];
   GLuint id[4];
   GLsizei len[4];
   char buf[64];
   /* bufSize 10 fits "first\0" but not "second!\0" after it: one message back. */
   CHECK_EQ(mgl_glGetDebugMessageLog(4, 10, src, type, id, sev, len, buf), 1);
   CHECK(!strcmp(buf, "first"));
   CHECK_EQ(src[0], GL_DEBUG_SOURCE_APPLICATION);
   CHECK_EQ(type[0], GL_DEBUG_TYPE_MARKER);
   CHECK_EQ(id[0], 1);
   CHECK_EQ(sev[0], GL_DEBUG_SEVERITY_HIGH);
   CHECK_EQ(len[0], 6);
   CHECK_EQ(geti(GL_DEBUG_LOGGED_MESSAGES), 2);
   CHECK_EQ(geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH), 8);
   /* A message larger than bufSize is not fetched (and stays). */
   CHECK_EQ(mgl_glGetDebugMessageLog(4, 7, src, type, id, sev, len, buf), 0);
   CHECK_EQ(geti(GL_DEBUG_LOGGED_MESSAGES), 2);
   /* count limits; without messageLog, bufSize is ignored; NULL arrays are allowed. */
   CHECK_EQ(mgl_glGetDebugMessageLog(1, 0, NULL, NULL, id, NULL, len, NULL), 1);
   CHECK_EQ(id[0], 2);
   CHECK_EQ(len[0], 8);
   CHECK_EQ(mgl_glGetDebugMessageLog(4, 64, src, type, id, sev, len, buf), 1);
   CHECK_EQ(id[0], GL_INVALID_ENUM);
   CHECK_EQ(type[0], GL_DEBUG_TYPE_ERROR);
   CHECK(!strcmp(buf, "GL_INVALID_ENUM generated"));
   CHECK_EQ(mgl_glGetDebugMessageLog(4, 64, src, type, id, sev, len, buf), 0);
   CHECK_ERR(GL_NO_ERROR);
   /* A negative bufSize with a log buffer: INVALID_VALUE, itself a logged message. */
   CHECK_EQ(mgl_glGetDebugMessageLog(4, -1, src, type, id, sev, len, buf), 0);
   CHECK_ERR(GL_INVALID_VALUE);
   CHECK_EQ(mgl_glGetDebugMessageLog(4, 64, src, type, id, sev, len, buf), 1);
   CHECK_EQ(id[0], GL_INVALID_VALUE);

   /* A full log keeps the oldest messages and drops the new ones. */
   for (int i = 0; i < FE_DEBUG_MAX_LOGGED_MESSAGES + 6; i++) {
      char m[16];
      snprintf(m, sizeof(m), "m%d", i);
      mgl_glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, (GLuint)i,
                               GL_DEBUG_SEVERITY_HIGH, -1, m);
   }
   CHECK_EQ(geti(GL_DEBUG_LOGGED_MESSAGES), FE_DEBUG_MAX_LOGGED_MESSAGES);
   CHECK_EQ(mgl_glGetDebugMessageLog(1, 64, NULL, NULL, id, NULL, NULL, buf), 1);
   CHECK_EQ(id[0], 0);
   CHECK(!strcmp(buf, "m0"));
   env_finish(&e); /* a context destroyed with a full log */
}

static void
label_roundtrip(GLenum identifier, GLuint name, const char *label)
{
   char buf[64] = "";
   GLsizei n = -1;
   mgl_glObjectLabel(identifier, name, -1, label);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetObjectLabel(identifier, name, sizeof(buf), &n, buf);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(!strcmp(buf, label));
   CHECK_EQ(n, strlen(label));
}

static void
test_labels(void)
{
   struct fe_test_env e;
   ctx_env(&e, FE_API_GL_CORE, 3, false, false);
   GLuint buf, tex, rb, fbo, vao;
   mgl_glGenBuffers(1, &buf);
   /* Generated but never bound: not an object yet. */
   mgl_glObjectLabel(GL_BUFFER, buf, -1, "vbo");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf);
   label_roundtrip(GL_BUFFER, buf, "vbo");
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   label_roundtrip(GL_TEXTURE, tex, "albedo");
   mgl_glGenRenderbuffers(1, &rb);
   mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   label_roundtrip(GL_RENDERBUFFER, rb, "depth");
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   label_roundtrip(GL_FRAMEBUFFER, fbo, "gbuffer");
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   label_roundtrip(GL_VERTEX_ARRAY, vao, "mesh");
   GLuint sh = mgl_glCreateShader(GL_VERTEX_SHADER);
   GLuint prog = mgl_glCreateProgram();
   label_roundtrip(GL_SHADER, sh, "vs");
   label_roundtrip(GL_PROGRAM, prog, "prog");
   GLuint q;
   mgl_glGenQueries(1, &q);
   mgl_glBeginQuery(GL_TIME_ELAPSED, q);
   mgl_glEndQuery(GL_TIME_ELAPSED);
   CHECK_ERR(GL_NO_ERROR);
   label_roundtrip(GL_QUERY, q, "gpu time");
   GLuint smp;
   mgl_glGenSamplers(1, &smp); /* a sampler object exists from glGenSamplers on */
   label_roundtrip(GL_SAMPLER, smp, "trilinear");

   /* A name of another type, or another kind of the same namespace. */
   mgl_glObjectLabel(GL_BUFFER, buf + 100, -1, "x");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glObjectLabel(GL_SHADER, prog, -1, "x");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glObjectLabel(GL_PROGRAM, sh, -1, "x");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glObjectLabel(GL_TEXTURE, 999, -1, "x");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glObjectLabel(GL_SAMPLER, smp + 100, -1, "x");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glObjectLabel(GL_TEXTURE_2D, tex, -1, "x");
   CHECK_ERR(GL_INVALID_ENUM);
   char lbl[64];
   GLsizei n;
   mgl_glGetObjectLabel(0x1234, tex, sizeof(lbl), &n, lbl);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGetObjectLabel(GL_TEXTURE, tex, -1, &n, lbl);
   CHECK_ERR(GL_INVALID_VALUE);

   /* The length limit, a counted label, truncation, the length alone, removal. */
   static char big[FE_DEBUG_MAX_LABEL_LENGTH + 1];
   memset(big, 'l', FE_DEBUG_MAX_LABEL_LENGTH);
   mgl_glObjectLabel(GL_TEXTURE, tex, -1, big);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glObjectLabel(GL_TEXTURE, tex, FE_DEBUG_MAX_LABEL_LENGTH, big);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetObjectLabel(GL_TEXTURE, tex, sizeof(lbl), &n, lbl);
   CHECK(!strcmp(lbl, "albedo")); /* unchanged by the refused ones */
   mgl_glObjectLabel(GL_TEXTURE, tex, 3, "albedo");
   mgl_glGetObjectLabel(GL_TEXTURE, tex, sizeof(lbl), &n, lbl);
   CHECK(!strcmp(lbl, "alb"));
   mgl_glGetObjectLabel(GL_TEXTURE, tex, 3, &n, lbl);
   CHECK(!strcmp(lbl, "al"));
   CHECK_EQ(n, 2);
   n = -1;
   mgl_glGetObjectLabel(GL_TEXTURE, tex, 0, &n, NULL);
   CHECK_EQ(n, 3);
   mgl_glObjectLabel(GL_TEXTURE, tex, 0, NULL);
   mgl_glGetObjectLabel(GL_TEXTURE, tex, sizeof(lbl), &n, lbl);
   CHECK(!strcmp(lbl, ""));
   CHECK_EQ(n, 0);
   CHECK_ERR(GL_NO_ERROR);

   /* A deleted object's label goes with it: the name's next object has none. */
   mgl_glDeleteBuffers(1, &buf);
   mgl_glObjectLabel(GL_BUFFER, buf, -1, "x");
   CHECK_ERR(GL_INVALID_VALUE);
   GLuint buf2;
   mgl_glGenBuffers(1, &buf2);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf2);
   mgl_glGetObjectLabel(GL_BUFFER, buf2, sizeof(lbl), &n, lbl);
   CHECK_EQ(n, 0);
   mgl_glDeleteFramebuffers(1, &fbo);
   mgl_glGetObjectLabel(GL_FRAMEBUFFER, fbo, sizeof(lbl), &n, lbl);
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDeleteVertexArrays(1, &vao);
   mgl_glDeleteQueries(1, &q);
   mgl_glGetObjectLabel(GL_QUERY, q, sizeof(lbl), &n, lbl);
   CHECK_ERR(GL_INVALID_VALUE);

   /* Sync objects: glObjectPtrLabel. */
   GLsync s = mgl_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   mgl_glObjectPtrLabel(s, -1, "frame fence");
   mgl_glGetObjectPtrLabel(s, sizeof(lbl), &n, lbl);
   CHECK(!strcmp(lbl, "frame fence"));
   CHECK_EQ(n, 11);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glObjectPtrLabel((GLsync)(uintptr_t)0x7777, -1, "x");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glGetObjectPtrLabel(s, -1, &n, lbl);
   CHECK_ERR(GL_INVALID_VALUE);
   GLsync s2 = mgl_glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   mgl_glObjectPtrLabel(s2, -1, "kept until the context goes");
   mgl_glDeleteSync(s);
   mgl_glObjectPtrLabel(s, -1, "x");
   CHECK_ERR(GL_INVALID_VALUE);
   mgl_glDeleteShader(sh);
   mgl_glDeleteProgram(prog);
   env_finish(&e); /* labels still on live objects are freed with them */
}

/* GL_KHR_debug is listed on desktop and ES; the KHR names are the same commands. */
static void
test_extension_and_es(void)
{
   struct fe_test_env e;
   ctx_env(&e, FE_API_GL_CORE, 3, false, false);
   bool found = false, arb = false;
   for (GLint i = 0; i < geti(GL_NUM_EXTENSIONS); i++) {
      const char *x = (const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i);
      found |= !strcmp(x, "GL_KHR_debug");
      arb |= !strcmp(x, "GL_ARB_debug_output");
   }
   CHECK(found);
   /* GL_ARB_debug_output: its ARB commands are the same ones (gen_gl.py forwards them) */
   CHECK(arb);
   mgl_glEnable(GL_DEBUG_OUTPUT); /* a non-debug context starts with it off */
   mgl_glDebugMessageCallbackARB(record, NULL);
   num_got = 0;
   mgl_glDebugMessageInsertARB(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 7,
                               GL_DEBUG_SEVERITY_HIGH, -1, "arb");
   CHECK_EQ(num_got, 1);
   CHECK_EQ(got[0].id, 7);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
}

/* KHR_parallel_shader_compile / ARB_parallel_shader_compile: the count is state (0xFFFFFFFF at
 * first), and compiles and links are complete when their commands return. */
static void
test_parallel_shader_compile(void)
{
   struct fe_test_env e;
   ctx_env(&e, FE_API_GL_CORE, 3, false, false);
   bool khr = false, arb = false;
   for (GLint i = 0; i < geti(GL_NUM_EXTENSIONS); i++) {
      const char *x = (const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i);
      khr |= !strcmp(x, "GL_KHR_parallel_shader_compile");
      arb |= !strcmp(x, "GL_ARB_parallel_shader_compile");
   }
   CHECK(khr && arb);
   CHECK_EQ(geti(GL_MAX_SHADER_COMPILER_THREADS_KHR), -1);
   mgl_glMaxShaderCompilerThreadsKHR(3);
   CHECK_EQ(geti(GL_MAX_SHADER_COMPILER_THREADS_KHR), 3);
   mgl_glMaxShaderCompilerThreadsARB(0);
   CHECK_EQ(geti(GL_MAX_SHADER_COMPILER_THREADS_KHR), 0);
   const GLuint sh = mgl_glCreateShader(GL_VERTEX_SHADER);
   const GLuint prog = mgl_glCreateProgram();
   GLint v = 0;
   mgl_glGetShaderiv(sh, GL_COMPLETION_STATUS_KHR, &v);
   CHECK_EQ(v, GL_TRUE);
   v = 0;
   mgl_glGetProgramiv(prog, GL_COMPLETION_STATUS_KHR, &v);
   CHECK_EQ(v, GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDeleteShader(sh);
   mgl_glDeleteProgram(prog);
   env_finish(&e);
   /* an ES context lists KHR_parallel_shader_compile too (fe_es_ext.c) and answers the query */
   ctx_env(&e, FE_API_GLES, 3, false, false);
   GLint n = 7;
   mgl_glGetIntegerv(GL_MAX_SHADER_COMPILER_THREADS_KHR, &n);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(n, -1);
   env_finish(&e);
   for (int major = 2; major <= 3; major++) {
      ctx_env(&e, FE_API_GLES, major, true, false);
      const char *ext = (const char *)mgl_glGetString(GL_EXTENSIONS);
      CHECK(ext && strstr(ext, "GL_KHR_debug"));
      mgl_glDebugMessageCallbackKHR(record, NULL);
      num_got = 0;
      mgl_glPushDebugGroupKHR(GL_DEBUG_SOURCE_APPLICATION, 3, -1, "es");
      mgl_glPopDebugGroupKHR();
      CHECK_EQ(num_got, 2);
      CHECK_EQ(got[1].type, GL_DEBUG_TYPE_POP_GROUP);
      void *p = NULL;
      mgl_glGetPointervKHR(GL_DEBUG_CALLBACK_FUNCTION, &p);
      CHECK(p == (void *)record);
      CHECK_ERR(GL_NO_ERROR);
      env_finish(&e);
   }
}

/* KHR_no_error: the flag says so, GL_KHR_no_error is listed, and errors are not generated
 * (so nothing reaches debug output either). */
static void
test_no_error(void)
{
   struct fe_test_env e;
   ctx_env(&e, FE_API_GL_CORE, 3, false, true);
   CHECK(geti(GL_CONTEXT_FLAGS) & GL_CONTEXT_FLAG_NO_ERROR_BIT);
   bool found = false;
   for (GLint i = 0; i < geti(GL_NUM_EXTENSIONS); i++)
      found |= !strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)i), "GL_KHR_no_error");
   CHECK(found);
   mgl_glEnable(GL_DEBUG_OUTPUT);
   mgl_glDebugMessageCallback(record, NULL);
   num_got = 0;
   mgl_glEnable(0x1234);
   CHECK_ERR(GL_NO_ERROR);
   CHECK_EQ(num_got, 0);
   env_finish(&e);
   for (int major = 2; major <= 3; major++) {
      ctx_env(&e, FE_API_GLES, major, false, true);
      const char *ext = (const char *)mgl_glGetString(GL_EXTENSIONS);
      CHECK(ext && strstr(ext, "GL_KHR_no_error"));
      env_finish(&e);
   }
}

int
main(void)
{
   test_defaults();
   test_callback();
   test_insert_and_control();
   test_groups();
   test_log();
   test_labels();
   test_extension_and_es();
   test_no_error();
   test_parallel_shader_compile();
   return fe_test_report("unit.frontend.debug");
}
