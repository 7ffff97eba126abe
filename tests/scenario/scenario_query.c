/* scenario_query.c: scenarios of queries and sync: fences, occlusion, timer, conditional
 * rendering. */
#include "scenario.h"

#include <time.h>

/* fence_sync: GL 3.3 sync objects: status transitions, glClientWaitSync's return values
 * (a zero timeout, GL_SYNC_FLUSH_COMMANDS_BIT, a signalled fence), glGetSynciv's answers, and
 * the spec's errors (§4.1, §6.1.8); a rectangle drawn before the fence is on the frame. */

static GLint
sync_param(GLsync s, GLenum pname)
{
   GLint v = -1;
   GLsizei len = -1;
   gl.GetSynciv(s, pname, 1, &len, &v);
   if (len != 1)
      fail("glGetSynciv(0x%04x) length %d", (unsigned)pname, (int)len);
   return v;
}

void
sc_fence_sync(void)
{
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f), rc = V4(1.0f, 0.6f, 0.0f, 1.0f);
   clear_to(bg);
   float v[12];
   rect_vertices(v, 8, 8, 40, 24);
   GLuint vao, vbo;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), (void *)0);
   gl.EnableVertexAttribArray(0);
   GLuint p = solid_program();
   set_vec4(p, "u_color", rc);
   glDrawArrays(GL_TRIANGLES, 0, 6);

   GLsync s = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   check_gl_error("glFenceSync");
   if (!s || !gl.IsSync(s))
      fail("glFenceSync returned %p, glIsSync false", (void *)s);
   if (sync_param(s, GL_OBJECT_TYPE) != GL_SYNC_FENCE ||
       sync_param(s, GL_SYNC_CONDITION) != GL_SYNC_GPU_COMMANDS_COMPLETE ||
       sync_param(s, GL_SYNC_FLAGS) != 0)
      fail("glGetSynciv: type, condition or flags wrong");
   GLint st = sync_param(s, GL_SYNC_STATUS);
   if (st != GL_SIGNALED && st != GL_UNSIGNALED)
      fail("GL_SYNC_STATUS 0x%x", (unsigned)st);
   GLenum r = gl.ClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 5000000000ull);
   if (r != GL_CONDITION_SATISFIED && r != GL_ALREADY_SIGNALED)
      fail("glClientWaitSync(flush, 5 s) = 0x%04x", (unsigned)r);
   r = gl.ClientWaitSync(s, 0, 0);
   if (r != GL_ALREADY_SIGNALED)
      fail("glClientWaitSync(signalled, 0) = 0x%04x, expected GL_ALREADY_SIGNALED", (unsigned)r);
   if (sync_param(s, GL_SYNC_STATUS) != GL_SIGNALED)
      fail("GL_SYNC_STATUS after the wait is not GL_SIGNALED");
   check_gl_error("waits and queries");

   /* After glFlush alone, polling must see the fence signal (no wait, no finish). */
   GLsync s3 = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   glFlush();
   int polls = 0;
   while (sync_param(s3, GL_SYNC_STATUS) != GL_SIGNALED && polls < 5000000)
      polls++;
   if (polls == 5000000)
      fail("GL_SYNC_STATUS never became GL_SIGNALED after glFlush (%d polls)", polls);
   gl.DeleteSync(s3);

   GLsync s2 = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   glFinish();
   if (sync_param(s2, GL_SYNC_STATUS) != GL_SIGNALED)
      fail("GL_SYNC_STATUS after glFinish is not GL_SIGNALED");
   if (gl.ClientWaitSync(s2, 0, 0) != GL_ALREADY_SIGNALED)
      fail("glClientWaitSync after glFinish is not GL_ALREADY_SIGNALED");
   gl.WaitSync(s2, 0, GL_TIMEOUT_IGNORED);
   check_gl_error("glWaitSync(GL_TIMEOUT_IGNORED)");

   /* Errors. */
   if (gl.FenceSync(0x1234, 0) != NULL)
      fail("glFenceSync(bad condition) returned a sync");
   expect_error(GL_INVALID_ENUM, "glFenceSync(bad condition)");
   if (gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1) != NULL)
      fail("glFenceSync(flags 1) returned a sync");
   expect_error(GL_INVALID_VALUE, "glFenceSync(flags 1)");
   if (gl.ClientWaitSync(s2, 0x2, 0) != GL_WAIT_FAILED)
      fail("glClientWaitSync(bad flags) did not return GL_WAIT_FAILED");
   expect_error(GL_INVALID_VALUE, "glClientWaitSync(bad flags)");
   gl.WaitSync(s2, 0, 0);
   expect_error(GL_INVALID_VALUE, "glWaitSync(timeout 0)");
   gl.WaitSync(s2, 1, GL_TIMEOUT_IGNORED);
   expect_error(GL_INVALID_VALUE, "glWaitSync(flags 1)");
   GLint dummy;
   gl.GetSynciv(s2, GL_TEXTURE_2D, 1, NULL, &dummy);
   expect_error(GL_INVALID_ENUM, "glGetSynciv(bad pname)");
   gl.GetSynciv(s2, GL_SYNC_STATUS, -1, NULL, &dummy);
   expect_error(GL_INVALID_VALUE, "glGetSynciv(bufSize -1)");
   gl.DeleteSync(NULL);
   check_gl_error("glDeleteSync(0)");
   gl.DeleteSync(s);
   check_gl_error("glDeleteSync");
   if (gl.IsSync(s))
      fail("glIsSync true after glDeleteSync");
   gl.DeleteSync(s);
   expect_error(GL_INVALID_VALUE, "glDeleteSync(deleted)");
   if (gl.ClientWaitSync(s, 0, 0) != GL_WAIT_FAILED)
      fail("glClientWaitSync(deleted) did not return GL_WAIT_FAILED");
   expect_error(GL_INVALID_VALUE, "glClientWaitSync(deleted)");
   gl.GetSynciv(s, GL_SYNC_STATUS, 1, NULL, &dummy);
   expect_error(GL_INVALID_VALUE, "glGetSynciv(deleted)");
   gl.DeleteSync(s2);

   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 8, 40, 24, to8(rc));
   check_frame("rectangle drawn before the fences", &m);
   gl.DeleteBuffers(1, &vbo);
}

/* occlusion_query: GL 3.3 occlusion queries (§2.14, §6.1.7): exact sample counts (a 32x16
 * quad -> 512, the same quad behind the depth buffer -> 0), GL_ANY_SAMPLES_PASSED true and
 * false, a query spanning a glBufferSubData between two draws (the backend splits its
 * rendering scope there) summing both draws, and the spec's errors. */
static GLuint
query_result(GLuint q)
{
   GLuint64 v = ~0ull;
   gl.GetQueryObjectui64v(q, GL_QUERY_RESULT, &v);
   check_gl_error("glGetQueryObjectui64v(GL_QUERY_RESULT)");
   return (GLuint)v;
}

/* What a GL_SAMPLES_PASSED query of n samples reads. GL 3.3 §6.1.7 lets GL_QUERY_COUNTER_BITS
 * of GL_SAMPLES_PASSED be 0 ("the counter contains no useful information"); mgl gives it 0
 * where the renderer answers only whether any sample passed (the GLES backend, docs/PIPE.md),
 * and then the result is that answer: 1 or 0. */
static GLuint
samples_passed(GLuint n)
{
   GLint bits = -1;
   gl.GetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits);
   check_gl_error("glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS)");
   if (bits != 0 && bits < 32)
      fail("GL_QUERY_COUNTER_BITS of GL_SAMPLES_PASSED = %d (0, or at least 32 here)", bits);
   return bits ? n : n != 0;
}

void
sc_occlusion_query(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), rc = V4(0.2f, 0.8f, 0.4f, 1.0f);
   float v[12];
   rect_vertices(v, 8, 8, 40, 24); /* 32 x 16 = 512 pixels */
   GLuint p = solid_program();
   set_vec4(p, "u_color", rc);
   mesh m = make_mesh(v, 6);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClearDepth(1.0);
   clear_to(bg);

   GLuint q[6];
   gl.GenQueries(6, q);
   check_gl_error("glGenQueries");
   if (gl.IsQuery(q[0]))
      fail("glIsQuery true for a name never begun");
   GLuint u = 7;
   gl.GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &u);
   expect_error(GL_INVALID_OPERATION, "glGetQueryObjectuiv(name never begun)");
   gl.BeginQuery(GL_SAMPLES_PASSED, 0);
   expect_error(GL_INVALID_OPERATION, "glBeginQuery(id 0)");
   gl.BeginQuery(0x1234, q[0]);
   expect_error(GL_INVALID_ENUM, "glBeginQuery(bad target)");
   gl.BeginQuery(GL_SAMPLES_PASSED, q[5] + 1000);
   expect_error(GL_INVALID_OPERATION, "glBeginQuery(name not generated)");
   gl.EndQuery(GL_SAMPLES_PASSED);
   expect_error(GL_INVALID_OPERATION, "glEndQuery without glBeginQuery");

   /* Visible: every pixel of the quad passes. */
   gl.BeginQuery(GL_SAMPLES_PASSED, q[0]);
   check_gl_error("glBeginQuery");
   if (!gl.IsQuery(q[0]))
      fail("glIsQuery false after glBeginQuery");
   GLint cur = -1;
   gl.GetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
   if ((GLuint)cur != q[0])
      fail("GL_CURRENT_QUERY %d while query %u is active", cur, q[0]);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
   expect_error(GL_INVALID_OPERATION, "glBeginQuery while the target is active");
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &u);
   expect_error(GL_INVALID_OPERATION, "glGetQueryObjectuiv(active query)");
   gl.EndQuery(GL_SAMPLES_PASSED);
   check_gl_error("glEndQuery");
   gl.GetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
   if (cur != 0)
      fail("GL_CURRENT_QUERY %d after glEndQuery", cur);
   if (query_result(q[0]) != samples_passed(512))
      fail("GL_SAMPLES_PASSED of a visible 32x16 quad = %u, expected %u", query_result(q[0]),
           samples_passed(512));

   /* Hidden: the same quad farther than the depth it wrote. */
   gl.Uniform1f(uloc(p, "u_z"), 0.5f);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndQuery(GL_SAMPLES_PASSED);
   if (query_result(q[1]) != 0)
      fail("GL_SAMPLES_PASSED of a hidden quad = %u, expected 0", query_result(q[1]));

   gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
   expect_error(GL_INVALID_OPERATION, "glBeginQuery(target other than the query's)");
   gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q[2]);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* still hidden */
   gl.EndQuery(GL_ANY_SAMPLES_PASSED);
   gl.Uniform1f(uloc(p, "u_z"), -0.5f);
   gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q[3]);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* nearer: passes */
   gl.EndQuery(GL_ANY_SAMPLES_PASSED);
   if (query_result(q[2]) != GL_FALSE || query_result(q[3]) != GL_TRUE)
      fail("GL_ANY_SAMPLES_PASSED hidden %u visible %u, expected 0 and 1", query_result(q[2]),
           query_result(q[3]));

   /* A query restarted before its first result was read answers its second run only. */
   gl.Uniform1f(uloc(p, "u_z"), -0.9f);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[5]);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* nearer than all so far: 512 */
   gl.EndQuery(GL_SAMPLES_PASSED);
   gl.Uniform1f(uloc(p, "u_z"), 0.5f);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[5]);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* hidden: 0 */
   gl.EndQuery(GL_SAMPLES_PASSED);
   if (query_result(q[5]) != 0)
      fail("restarted query = %u, expected its second run's 0", query_result(q[5]));

   /* A query across a buffer update: 512 from the first draw, then the VBO's first triangle
    * pair moved to a 16x8 rect at [44,60)x[40,48) that nothing covered: +128. */
   clear_to(bg);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[4]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   float v2[12];
   rect_vertices(v2, 44, 40, 60, 48);
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof v2, v2);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndQuery(GL_SAMPLES_PASSED);
   check_gl_error("query across glBufferSubData");
   glFinish();
   GLuint avail = 0;
   gl.GetQueryObjectuiv(q[4], GL_QUERY_RESULT_AVAILABLE, &avail);
   if (avail != GL_TRUE)
      fail("GL_QUERY_RESULT_AVAILABLE after glFinish = %u", avail);
   if (query_result(q[4]) != samples_passed(512 + 128))
      fail("query across glBufferSubData = %u, expected %u", query_result(q[4]),
           samples_passed(512 + 128));
   gl.GetQueryObjectuiv(q[4], GL_TEXTURE_2D, &u);
   expect_error(GL_INVALID_ENUM, "glGetQueryObjectuiv(bad pname)");

   gl.DeleteQueries(6, q);
   check_gl_error("glDeleteQueries");
   if (gl.IsQuery(q[0]))
      fail("glIsQuery true after glDeleteQueries");
   glDisable(GL_DEPTH_TEST);

   model md;
   model_init(&md, bg);
   model_rect(&md, 8, 8, 40, 24, to8(rc));
   model_rect(&md, 44, 40, 60, 48, to8(rc));
   check_frame("quads drawn under the queries", &md);
   gl.DeleteBuffers(1, &m.vbo);
}

/* timer_query: GL 3.3 timer queries (§2.14, ARB_timer_query). GL_QUERY_COUNTER_BITS comes
 * from the device (nonzero here), glGetInteger64v(GL_TIMESTAMP) and glQueryCounter timestamps
 * are nonzero and ordered as issued, a GL_TIME_ELAPSED query around draws between two
 * counters is nonzero and no longer than the counters' difference, and the spec's errors.
 * Durations are not compared with each other: on a shared CPU device they are noise. */
static GLuint64
timer_result(GLuint q, const char *what)
{
   GLuint64 v = 0;
   gl.GetQueryObjectui64v(q, GL_QUERY_RESULT, &v);
   check_gl_error(what);
   if (v == 0)
      fail("%s: result 0", what);
   return v;
}

void
sc_timer_query(void)
{
   const vec4f bg = V4(0.0f, 0.2f, 0.4f, 1.0f), rc = V4(1.0f, 0.6f, 0.2f, 1.0f);
   GLint bits[2] = {-1, -1};
   gl.GetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &bits[0]);
   gl.GetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits[1]);
   check_gl_error("glGetQueryiv(GL_QUERY_COUNTER_BITS)");
   if (bits[0] <= 0 || bits[0] > 64 || bits[1] != bits[0])
      fail("GL_QUERY_COUNTER_BITS: GL_TIME_ELAPSED %d, GL_TIMESTAMP %d", bits[0], bits[1]);
   /* GL 3.3 §6.1.7: GL_TIMESTAMP is a GetQueryiv target; CURRENT_QUERY is the name of its
    * active query or zero, and a timestamp is never active */
   GLint cur = -1;
   gl.GetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY, &cur);
   check_gl_error("glGetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY)");
   if (cur != 0)
      fail("glGetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY) = %d, expected 0", cur);

   GLuint q[5];
   gl.GenQueries(5, q);
   gl.BeginQuery(GL_TIMESTAMP, q[0]);
   expect_error(GL_INVALID_ENUM, "glBeginQuery(GL_TIMESTAMP)");
   gl.QueryCounter(q[0], GL_TIME_ELAPSED);
   expect_error(GL_INVALID_ENUM, "glQueryCounter(GL_TIME_ELAPSED)");
   gl.QueryCounter(0, GL_TIMESTAMP);
   expect_error(GL_INVALID_OPERATION, "glQueryCounter(id 0)");
   gl.QueryCounter(q[4] + 1000, GL_TIMESTAMP);
   expect_error(GL_INVALID_OPERATION, "glQueryCounter(name not generated)");
   gl.EndQuery(GL_TIME_ELAPSED);
   expect_error(GL_INVALID_OPERATION, "glEndQuery(GL_TIME_ELAPSED) without glBeginQuery");
   gl.EndQuery(GL_TIMESTAMP);
   expect_error(GL_INVALID_ENUM, "glEndQuery(GL_TIMESTAMP)");

   GLuint p = solid_program();
   set_vec4(p, "u_color", rc);
   float v[12];
   rect_vertices(v, 8, 8, 56, 40);
   mesh m = make_mesh(v, 6);
   clear_to(bg);
   glFinish();

   GLint64 now0 = 0;
   gl.GetInteger64v(GL_TIMESTAMP, &now0);
   check_gl_error("glGetInteger64v(GL_TIMESTAMP)");
   gl.QueryCounter(q[0], GL_TIMESTAMP);
   check_gl_error("glQueryCounter");
   gl.BeginQuery(GL_TIME_ELAPSED, q[1]);
   check_gl_error("glBeginQuery(GL_TIME_ELAPSED)");
   gl.GetQueryiv(GL_TIME_ELAPSED, GL_CURRENT_QUERY, &cur);
   if ((GLuint)cur != q[1])
      fail("GL_CURRENT_QUERY of GL_TIME_ELAPSED %d, expected %u", cur, q[1]);
   gl.BeginQuery(GL_TIME_ELAPSED, q[2]);
   expect_error(GL_INVALID_OPERATION, "glBeginQuery(GL_TIME_ELAPSED) while one is active");
   gl.QueryCounter(q[1], GL_TIMESTAMP);
   expect_error(GL_INVALID_OPERATION, "glQueryCounter(an active query)");
   for (int i = 0; i < 16; i++)
      glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndQuery(GL_TIME_ELAPSED);
   check_gl_error("glEndQuery(GL_TIME_ELAPSED)");
   gl.QueryCounter(q[2], GL_TIMESTAMP);
   gl.BeginQuery(GL_TIME_ELAPSED, q[0]);
   expect_error(GL_INVALID_OPERATION, "glBeginQuery(GL_TIME_ELAPSED) of a GL_TIMESTAMP query");
   gl.QueryCounter(q[1], GL_TIMESTAMP);
   expect_error(GL_INVALID_OPERATION, "glQueryCounter(a GL_TIME_ELAPSED query)");
   glFinish();
   GLint64 now1 = 0;
   gl.GetInteger64v(GL_TIMESTAMP, &now1);
   GLint now1_32 = 0;
   glGetIntegerv(GL_TIMESTAMP, &now1_32); /* legal, truncated: only the call is checked */
   check_gl_error("glGetIntegerv(GL_TIMESTAMP)");

   GLuint avail = 0;
   gl.GetQueryObjectuiv(q[2], GL_QUERY_RESULT_AVAILABLE, &avail);
   if (avail != GL_TRUE)
      fail("GL_QUERY_RESULT_AVAILABLE of a counter after glFinish = %u", avail);
   GLuint64 t0 = timer_result(q[0], "counter before"), el = timer_result(q[1], "time elapsed"),
            t1 = timer_result(q[2], "counter after");
   GLint64 el_signed = -1;
   gl.GetQueryObjecti64v(q[1], GL_QUERY_RESULT, &el_signed);
   if (now0 <= 0 || !((GLuint64)now0 <= t0 && t0 <= t1 && t1 <= (GLuint64)now1))
      fail("timestamps out of order: GL_TIMESTAMP %lld, counters %llu %llu, GL_TIMESTAMP %lld",
           (long long)now0, (unsigned long long)t0, (unsigned long long)t1, (long long)now1);
   if (el > t1 - t0 || (GLuint64)el_signed != el)
      fail("GL_TIME_ELAPSED %llu ns (i64 %lld) is not within the counters' %llu ns",
           (unsigned long long)el, (long long)el_signed, (unsigned long long)(t1 - t0));

   /* A counter rewritten before its first result was read answers the second write. */
   gl.QueryCounter(q[3], GL_TIMESTAMP);
   gl.QueryCounter(q[3], GL_TIMESTAMP);
   gl.QueryCounter(q[4], GL_TIMESTAMP);
   GLuint64 t3 = timer_result(q[3], "rewritten counter"), t4 = timer_result(q[4], "last counter");
   if (t3 < t1 || t4 < t3)
      fail("rewritten counter %llu not between %llu and %llu", (unsigned long long)t3,
           (unsigned long long)t1, (unsigned long long)t4);

   gl.DeleteQueries(5, q);
   check_gl_error("glDeleteQueries");
   model md;
   model_init(&md, bg);
   model_rect(&md, 8, 8, 56, 40, to8(rc));
   check_frame("quads drawn under the timer queries", &md);
   gl.DeleteBuffers(1, &m.vbo);
}

/* cond_render: GL 3.3 conditional rendering (§2.18) in all four modes. A grey occluder fills
 * the lower half; query "hidden" counted a quad behind it (0 samples), query "visible" the
 * occluder itself. Per mode, under "hidden": a quad, a glBufferSubData of the quad's own VBO
 * (which ends the backend's rendering scope), a second quad and a scissored glClear, all
 * discarded, and a glBlitFramebuffer, discarded too (GL 3.3 names only draws and clears; GL 4.4
 * §10.10 added glBlitFramebuffer, Khronos bug 9562, and Mesa discards it). Under "visible": two
 * quads across the same break and a blit, drawn. QUERY_WAIT runs right after the queries
 * ended (the result is still on its way); the NO_WAIT modes run after glFinish, when the
 * result is known and must be used. Then the spec's errors. */
static void
cond_rect(mesh *m, float x0, float y0, float x1, float y1)
{
   float v[12];
   rect_vertices(v, x0, y0, x1, y1);
   gl.BindBuffer(GL_ARRAY_BUFFER, m->vbo);
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof v, v);
   gl.BindVertexArray(m->vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

/* GL 4.5 §10.10 (ARB_conditional_render_inverted): each _INVERTED mode renders where its plain
 * mode discards. A grey occluder passes every sample of query `visible`; a rectangle behind it
 * passes none of query `hidden`. Then per mode (a column each), a rectangle conditional on
 * `visible` (discarded) and one on `hidden` (drawn, the mode's colour), twice: right after the
 * queries (a GPU predicate where the device has one) and once their results are read. */
void
sc_cond_render_inverted(void)
{
   if (!has_ext("GL_ARB_conditional_render_inverted")) {
      if (on_mgl())
         fail("GL_ARB_conditional_render_inverted not listed");
      skipped("GL_ARB_conditional_render_inverted is not listed");
      return;
   }
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), grey = V4(0.4f, 0.4f, 0.4f, 1.0f),
               red = V4(1.0f, 0.0f, 0.0f, 1.0f);
   const vec4f cols[4] = {V4(0.0f, 1.0f, 0.0f, 1.0f), V4(0.0f, 0.0f, 1.0f, 1.0f),
                          V4(1.0f, 1.0f, 0.0f, 1.0f), V4(0.0f, 1.0f, 1.0f, 1.0f)};
   const GLenum modes[4] = {GL_QUERY_WAIT_INVERTED, GL_QUERY_NO_WAIT_INVERTED,
                            GL_QUERY_BY_REGION_WAIT_INVERTED, GL_QUERY_BY_REGION_NO_WAIT_INVERTED};
   GLuint p = solid_program();
   float v[12];
   rect_vertices(v, 0, 0, 64, 16);
   mesh m = make_mesh(v, 6);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClearDepth(1.0);
   clear_to(bg);
   model md;
   model_init(&md, bg);
   for (int pass = 0; pass < 2; pass++) {
      const int y0 = pass * 32;
      GLuint q[2]; /* visible, hidden */
      gl.GenQueries(2, q);
      set_vec4(p, "u_color", grey);
      gl.Uniform1f(uloc(p, "u_z"), -0.5f);
      gl.BeginQuery(GL_SAMPLES_PASSED, q[0]);
      cond_rect(&m, 0, (float)y0, 64, (float)y0 + 8); /* the occluder: every sample passes */
      gl.EndQuery(GL_SAMPLES_PASSED);
      gl.Uniform1f(uloc(p, "u_z"), 0.5f);
      gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
      cond_rect(&m, 4, (float)y0 + 2, 60, (float)y0 + 6); /* behind it: 0 */
      gl.EndQuery(GL_SAMPLES_PASSED);
      model_rect(&md, 0, y0, 64, y0 + 8, to8(grey));
      if (pass) {
         GLuint r[2] = {1, 1};
         gl.GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &r[0]);
         gl.GetQueryObjectuiv(q[1], GL_QUERY_RESULT, &r[1]);
         /* (512, or 1 from a server that counts only whether any sample passed) */
         if (r[0] == 0 || r[1] != 0)
            fail("query results %u and %u, expected some and 0", r[0], r[1]);
      }
      gl.Uniform1f(uloc(p, "u_z"), 0.0f);
      for (int i = 0; i < 4; i++) {
         const float x0 = (float)(i * 16 + 2), x1 = x0 + 12;
         gl.BeginConditionalRender(q[0], modes[i]);
         set_vec4(p, "u_color", red);
         cond_rect(&m, x0, (float)y0 + 10, x1, (float)y0 + 18); /* discarded */
         gl.EndConditionalRender();
         gl.BeginConditionalRender(q[1], modes[i]);
         set_vec4(p, "u_color", cols[i]);
         cond_rect(&m, x0, (float)y0 + 20, x1, (float)y0 + 28); /* drawn */
         gl.EndConditionalRender();
         model_rect(&md, (int)x0, y0 + 20, (int)x1, y0 + 28, to8(cols[i]));
      }
      check_gl_error("the inverted conditional draws");
      gl.DeleteQueries(2, q);
   }
   GLuint qe;
   gl.GenQueries(1, &qe);
   gl.BeginQuery(GL_SAMPLES_PASSED, qe);
   gl.EndQuery(GL_SAMPLES_PASSED);
   gl.BeginConditionalRender(qe, GL_QUERY_WAIT_INVERTED + 0x10);
   expect_gl_error(GL_INVALID_ENUM, "glBeginConditionalRender with a bad mode");
   gl.DeleteQueries(1, &qe);
   glDisable(GL_DEPTH_TEST);
   check_frame("inverted conditional rendering, four modes, before and after the results", &md);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
}

void
sc_cond_render(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), grey = V4(0.4f, 0.4f, 0.4f, 1.0f),
               blit_c = V4(1.0f, 0.0f, 1.0f, 1.0f), clear_c = V4(1.0f, 1.0f, 1.0f, 1.0f);
   const vec4f cols[4] = {V4(1.0f, 0.0f, 0.0f, 1.0f), V4(0.0f, 1.0f, 0.0f, 1.0f),
                          V4(0.0f, 0.0f, 1.0f, 1.0f), V4(1.0f, 1.0f, 0.0f, 1.0f)};
   const GLenum modes[4] = {GL_QUERY_WAIT, GL_QUERY_NO_WAIT, GL_QUERY_BY_REGION_WAIT,
                            GL_QUERY_BY_REGION_NO_WAIT};

   /* The blit source: an 8x8 renderbuffer cleared to magenta. */
   GLuint rb, fbo;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glClearColor(blit_c.v[0], blit_c.v[1], blit_c.v[2], blit_c.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("blit source");

   GLuint p = solid_program();
   float v[12];
   rect_vertices(v, 0, 0, 64, 32);
   mesh m = make_mesh(v, 6);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClearDepth(1.0);
   clear_to(bg);
   GLuint q[6]; /* hidden, visible, any-hidden, active, timer, never begun */
   gl.GenQueries(6, q);
   set_vec4(p, "u_color", grey);
   gl.Uniform1f(uloc(p, "u_z"), -0.5f);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* the occluder: all 2048 pass */
   gl.EndQuery(GL_SAMPLES_PASSED);
   gl.Uniform1f(uloc(p, "u_z"), 0.5f);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[0]);
   cond_rect(&m, 8, 8, 40, 24); /* behind it: 0 */
   gl.EndQuery(GL_SAMPLES_PASSED);
   gl.BeginQuery(GL_ANY_SAMPLES_PASSED, q[2]);
   cond_rect(&m, 16, 4, 24, 28); /* behind it: GL_FALSE */
   gl.EndQuery(GL_ANY_SAMPLES_PASSED);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   check_gl_error("queries");

   for (int i = 0; i < 4; i++) {
      if (i == 1)
         glFinish(); /* from here the results are known: NO_WAIT must use them */
      const float x = 2.0f + 12.0f * (float)i;
      set_vec4(p, "u_color", cols[i]);
      gl.BeginConditionalRender(i == 3 ? q[2] : q[0], modes[i]);
      check_gl_error("glBeginConditionalRender(hidden)");
      cond_rect(&m, x, 34, x + 8, 40);
      cond_rect(&m, x, 42, x + 8, 48); /* after the VBO update */
      glEnable(GL_SCISSOR_TEST);
      glScissor((GLint)x, 62, 8, 2);
      glClearColor(clear_c.v[0], clear_c.v[1], clear_c.v[2], clear_c.v[3]);
      glClear(GL_COLOR_BUFFER_BIT);
      glDisable(GL_SCISSOR_TEST);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
      gl.BlitFramebuffer(0, 0, 8, 8, 48 + 4 * i, 40, 52 + 4 * i, 48, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
      gl.EndConditionalRender();
      gl.BeginConditionalRender(q[1], modes[i]);
      cond_rect(&m, x, 50, x + 8, 55);
      cond_rect(&m, x, 56, x + 8, 61);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
      gl.BlitFramebuffer(0, 0, 8, 8, 48 + 4 * i, 32, 52 + 4 * i, 40, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
      gl.EndConditionalRender();
      check_gl_error("conditional rendering");
   }

   /* Queries over a rendering-scope break (a blit between their draws), so their counts are
    * spread over several slots, and GL_QUERY_WAIT right after they end: "split hidden" has
    * both parts behind the occluder; "split visible" only its second part in front. */
   const vec4f split_vis = V4(0.0f, 1.0f, 1.0f, 1.0f), split_in = V4(1.0f, 0.6f, 0.0f, 1.0f);
   GLuint qs[2];
   gl.GenQueries(2, qs);
   for (int k = 0; k < 2; k++) {
      set_vec4(p, "u_color", split_in);
      gl.Uniform1f(uloc(p, "u_z"), 0.5f);
      gl.BeginQuery(GL_SAMPLES_PASSED, qs[k]);
      cond_rect(&m, 4, 4, 12, 12); /* behind: 0 */
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
      gl.BlitFramebuffer(0, 0, 8, 8, 4 + 16 * k, 16, 12 + 16 * k, 24, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
      if (k == 1)
         gl.Uniform1f(uloc(p, "u_z"), -0.9f); /* in front */
      cond_rect(&m, 36, 4, 44, 12);
      gl.EndQuery(GL_SAMPLES_PASSED);
   }
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   set_vec4(p, "u_color", cols[0]);
   gl.BeginConditionalRender(qs[0], GL_QUERY_WAIT);
   cond_rect(&m, 50, 50, 56, 56);
   gl.EndConditionalRender();
   set_vec4(p, "u_color", split_vis);
   gl.BeginConditionalRender(qs[1], GL_QUERY_WAIT);
   cond_rect(&m, 57, 50, 63, 56);
   gl.EndConditionalRender();
   gl.DeleteQueries(2, qs);
   check_gl_error("conditional rendering on queries over a rendering-scope break");

   /* Errors. */
   gl.BeginConditionalRender(q[5], GL_QUERY_WAIT);
   expect_error(GL_INVALID_VALUE, "glBeginConditionalRender(a query never begun)");
   gl.BeginConditionalRender(q[5] + 1000, GL_QUERY_WAIT);
   expect_error(GL_INVALID_VALUE, "glBeginConditionalRender(not a query)");
   gl.BeginConditionalRender(q[0], GL_SAMPLES_PASSED);
   expect_error(GL_INVALID_ENUM, "glBeginConditionalRender(bad mode)");
   gl.EndConditionalRender();
   expect_error(GL_INVALID_OPERATION, "glEndConditionalRender without a begin");
   gl.BeginConditionalRender(q[0], GL_QUERY_NO_WAIT);
   gl.BeginConditionalRender(q[1], GL_QUERY_NO_WAIT);
   expect_error(GL_INVALID_OPERATION, "glBeginConditionalRender inside another");
   gl.EndConditionalRender();
   check_gl_error("glEndConditionalRender");
   gl.BeginQuery(GL_SAMPLES_PASSED, q[3]);
   gl.BeginConditionalRender(q[3], GL_QUERY_WAIT);
   expect_error(GL_INVALID_OPERATION, "glBeginConditionalRender(an active query)");
   gl.EndQuery(GL_SAMPLES_PASSED);
   gl.QueryCounter(q[4], GL_TIMESTAMP);
   gl.BeginConditionalRender(q[4], GL_QUERY_WAIT);
   expect_error(GL_INVALID_OPERATION, "glBeginConditionalRender(a GL_TIMESTAMP query)");

   gl.DeleteQueries(6, q);
   glDisable(GL_DEPTH_TEST);
   model md;
   model_init(&md, bg);
   model_rect(&md, 0, 0, 64, 32, to8(grey));
   for (int i = 0; i < 4; i++) {
      const int x = 2 + 12 * i;
      model_rect(&md, x, 50, x + 8, 55, to8(cols[i]));
      model_rect(&md, x, 56, x + 8, 61, to8(cols[i]));
   }
   model_rect(&md, 48, 32, 64, 40, to8(blit_c)); /* the blits under "visible" */
   model_rect(&md, 4, 16, 12, 24, to8(blit_c));
   model_rect(&md, 20, 16, 28, 24, to8(blit_c));
   model_rect(&md, 36, 4, 44, 12, to8(split_in));
   model_rect(&md, 57, 50, 63, 56, to8(split_vis));
   check_frame("conditional rendering", &md);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
}

/* occlusion_two_targets: GL 3.3 core §2.14 (from ARB_occlusion_query2, its issue 1): the
 * occlusion targets share one active query; glBeginQuery of GL_SAMPLES_PASSED while a
 * GL_ANY_SAMPLES_PASSED query is active, or the reverse, is GL_INVALID_OPERATION ("only a
 * single type of occlusion query can be active at one time"). The refused begin changes
 * nothing: its name stays without an object (glIsQuery false), the active query keeps its
 * name (GL_CURRENT_QUERY) and counts exactly its own draws (rectangles of 64, 128 and 16
 * pixels tell sums apart), and once it ended the other target begins. Before, mgl declined
 * the second begin by name without the error. */
void
sc_occlusion_two_targets(void)
{
   float v[36];
   rect_vertices(v, 0, 0, 8, 8);        /* 64 */
   rect_vertices(v + 12, 16, 0, 32, 8); /* 128 */
   rect_vertices(v + 24, 40, 0, 44, 4); /* 16 */
   GLuint p = solid_program();
   set_vec4(p, "u_color", V4(0.2f, 0.8f, 0.4f, 1.0f));
   mesh m = make_mesh(v, 18);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   clear_to(V4(0, 0, 0, 1));
   static const GLenum targets[2] = {GL_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED};
   for (int t = 0; t < 2; t++) {
      const GLenum first = targets[t], other = targets[!t];
      GLuint q[3];
      gl.GenQueries(3, q);
      gl.BeginQuery(first, q[0]);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      gl.BeginQuery(other, q[1]);
      expect_error(GL_INVALID_OPERATION, t ? "glBeginQuery(GL_SAMPLES_PASSED) while a "
                                             "GL_ANY_SAMPLES_PASSED query is active"
                                           : "glBeginQuery(GL_ANY_SAMPLES_PASSED) while a "
                                             "GL_SAMPLES_PASSED query is active");
      if (gl.IsQuery(q[1]))
         fail("glIsQuery true for the name of the refused glBeginQuery(0x%x)", other);
      GLint cur = -1;
      gl.GetQueryiv(first, GL_CURRENT_QUERY, &cur);
      if ((GLuint)cur != q[0])
         fail("GL_CURRENT_QUERY of 0x%x = %d after the refused begin, expected %u", first, cur,
              q[0]);
      glDrawArrays(GL_TRIANGLES, 6, 6);
      gl.EndQuery(other);
      expect_error(GL_INVALID_OPERATION, "glEndQuery of the target whose begin was refused");
      gl.EndQuery(first);
      check_gl_error("glEndQuery of the active target");
      gl.BeginQuery(other, q[2]);
      check_gl_error("glBeginQuery of the other target once the first ended");
      glDrawArrays(GL_TRIANGLES, 12, 6);
      gl.EndQuery(other);
      const GLuint r0 = query_result(q[0]), r2 = query_result(q[2]);
      const GLuint want0 = first == GL_SAMPLES_PASSED ? samples_passed(64 + 128) : 1;
      const GLuint want2 = other == GL_SAMPLES_PASSED ? samples_passed(16) : 1;
      if (r0 != want0 || r2 != want2)
         fail("target 0x%x first: results %u and %u, expected %u and %u", first, r0, r2, want0,
              want2);
      gl.DeleteQueries(3, q);
   }
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* query_delete_active: glDeleteQueries of an active query. GL 3.3 core §2.14: its name is
 * unused at once, and the object is deleted when it is no longer active; as nothing can end it
 * by name any more, it ends there (Mesa ends it in glDeleteQueries). So: no error,
 * GL_CURRENT_QUERY of its target reads 0, glIsQuery false, glEndQuery of the target is
 * GL_INVALID_OPERATION (no active query), the name cannot be begun again (not generated), and
 * a new query on the target begins and counts only its own draws. Each target; rendering goes
 * on. */
void
sc_query_delete_active(void)
{
   float v[24];
   rect_vertices(v, 0, 0, 8, 8);        /* 64 */
   rect_vertices(v + 12, 16, 0, 32, 8); /* 128 */
   GLuint p = solid_program();
   set_vec4(p, "u_color", V4(0.2f, 0.8f, 0.4f, 1.0f));
   mesh m = make_mesh(v, 12);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   clear_to(V4(0, 0, 0, 1));
   static const GLenum targets[3] = {GL_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED, GL_TIME_ELAPSED};
   for (int t = 0; t < 3; t++) {
      GLuint q[2];
      gl.GenQueries(2, q);
      gl.BeginQuery(targets[t], q[0]);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      gl.DeleteQueries(1, &q[0]);
      check_gl_error("glDeleteQueries of an active query");
      GLint cur = -1;
      gl.GetQueryiv(targets[t], GL_CURRENT_QUERY, &cur);
      if (cur != 0)
         fail("target 0x%x: GL_CURRENT_QUERY %d after its active query was deleted (GL: 0)",
              targets[t], cur);
      if (gl.IsQuery(q[0]))
         fail("target 0x%x: glIsQuery true for the deleted active query", targets[t]);
      gl.EndQuery(targets[t]);
      expect_error(GL_INVALID_OPERATION, "glEndQuery after the active query was deleted");
      gl.BeginQuery(targets[t], q[0]);
      expect_error(GL_INVALID_OPERATION, "glBeginQuery of the deleted name");
      gl.BeginQuery(targets[t], q[1]);
      check_gl_error("glBeginQuery after the active query was deleted");
      glDrawArrays(GL_TRIANGLES, 6, 6);
      gl.EndQuery(targets[t]);
      GLuint64 r = ~0ull;
      gl.GetQueryObjectui64v(q[1], GL_QUERY_RESULT, &r);
      check_gl_error("the next query's result");
      const GLuint want = targets[t] == GL_SAMPLES_PASSED ? samples_passed(128) : 1;
      if (targets[t] != GL_TIME_ELAPSED && r != want)
         fail("target 0x%x: the query after the deleted one reads %llu, expected %u", targets[t],
              (unsigned long long)r, want);
      gl.DeleteQueries(1, &q[1]);
   }
   readback();
   const rgba8 want = to8(V4(0.2f, 0.8f, 0.4f, 1.0f));
   if (!rgba_eq(pixel_at(4, 4), want) || !rgba_eq(pixel_at(24, 4), want))
      fail("pixel (4,4) or pixel (24,4) not drawn: rendering after the deletions");
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* query_available_poll: GL 3.3 §6.1.12 ("querying the state for any given query object forces
 * that occlusion query to complete within a finite amount of time"): a loop on
 * GL_QUERY_RESULT_AVAILABLE with no glFlush ends, for a query run once and for one begun
 * three times over (piglit's occlusion_query_conform polls so). Bounded at 10 s here. The
 * count read is samples_passed's: 1 where GL_QUERY_COUNTER_BITS is 0. */
void
sc_query_available_poll(void)
{
   float v[12];
   rect_vertices(v, 8, 8, 40, 24); /* 512 pixels */
   GLuint p = solid_program();
   set_vec4(p, "u_color", V4(0.2f, 0.8f, 0.4f, 1.0f));
   mesh m = make_mesh(v, 6);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   GLuint q;
   gl.GenQueries(1, &q);
   for (int round = 0; round < 2; round++) {
      for (int run = 0; run < (round ? 3 : 1); run++) {
         gl.BeginQuery(GL_SAMPLES_PASSED, q);
         glDrawArrays(GL_TRIANGLES, 0, 6);
         gl.EndQuery(GL_SAMPLES_PASSED);
      }
      struct timespec t0, t;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      GLuint ready = 0;
      unsigned polls = 0;
      do {
         gl.GetQueryObjectuiv(q, GL_QUERY_RESULT_AVAILABLE, &ready);
         polls++;
         clock_gettime(CLOCK_MONOTONIC, &t);
      } while (!ready && t.tv_sec - t0.tv_sec < 10);
      if (!ready) {
         fail("round %d: GL_QUERY_RESULT_AVAILABLE still false after %u polls (10 s)", round,
              polls);
         break;
      }
      GLuint passed = 0;
      gl.GetQueryObjectuiv(q, GL_QUERY_RESULT, &passed);
      if (passed != samples_passed(512))
         fail("round %d: %u samples passed, want %u", round, passed, samples_passed(512));
   }
   check_gl_error("the polled queries");
   gl.DeleteQueries(1, &q);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* occlusion_masked_clear: GL 3.3 §4.2.3 and §2.14: a clear generates no fragments, so an
 * occlusion query counts none for a glClear that mgl does with a draw (colour writes masked, a
 * scissored masked stencil clear), and still counts the draw after it in the same query (as
 * samples_passed reads it: 1 where GL_QUERY_COUNTER_BITS is 0). */
void
sc_occlusion_masked_clear(void)
{
   float v[12];
   rect_vertices(v, 8, 8, 40, 24); /* 512 pixels */
   GLuint p = solid_program();
   set_vec4(p, "u_color", V4(0.2f, 0.8f, 0.4f, 1.0f));
   mesh m = make_mesh(v, 6);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   GLuint q[2];
   gl.GenQueries(2, q);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[0]);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
   glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT); /* red, blue and alpha only */
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glStencilMask(0x1);
   glClear(GL_STENCIL_BUFFER_BIT);
   glStencilMask(0xff);
   gl.EndQuery(GL_SAMPLES_PASSED);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
   glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
   glClear(GL_COLOR_BUFFER_BIT); /* green now */
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.EndQuery(GL_SAMPLES_PASSED);
   check_gl_error("masked clears under queries");
   GLuint n[2] = {7, 7};
   gl.GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &n[0]);
   gl.GetQueryObjectuiv(q[1], GL_QUERY_RESULT, &n[1]);
   if (n[0] != 0)
      fail("%u samples counted for masked clears alone, want 0", n[0]);
   if (n[1] != samples_passed(512))
      fail("%u samples counted for a masked clear and a 512-pixel draw, want %u", n[1],
           samples_passed(512));
   model mo;
   model_init(&mo, V4(1.0f, 1.0f, 1.0f, 1.0f));
   model_rect(&mo, 8, 8, 40, 24, to8(V4(0.2f, 0.8f, 0.4f, 1.0f)));
   check_frame("masked clears under an occlusion query", &mo);
   gl.DeleteQueries(2, q);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* pipeline_stats: GL_ARB_pipeline_statistics_query (GL 4.6 §4.2): 4 triangles (12 vertices)
 * of a 512-pixel rectangle, each counter its own query active at once: the submitted counts
 * are exact (12 vertices, 4 primitives); the invocation counts may over-count (>= bounds); no
 * geometry or tessellation stage ran, so theirs are 0; every target has 64 counter bits; a
 * second begin of an active target, and an index past 0, are errors. */
void
sc_pipeline_stats(void)
{
   if (!has_ext("GL_ARB_pipeline_statistics_query")) {
      /* the Vulkan lanes' devices have pipelineStatisticsQuery; mgl's GLES backend ("mgl
       * (GLES: ...)") has no statistics to count (GLES has no such queries): its targets are
       * GL_INVALID_ENUM */
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && (!renderer || !strstr(renderer, "(GLES:")))
         fail("GL_ARB_pipeline_statistics_query not listed");
      if (on_mgl()) {
         GLuint q = 0;
         gl.GenQueries(1, &q);
         gl.BeginQuery(GL_VERTICES_SUBMITTED_ARB, q);
         expect_gl_error(GL_INVALID_ENUM, "glBeginQuery(GL_VERTICES_SUBMITTED_ARB) unlisted");
         gl.DeleteQueries(1, &q);
      }
      skipped("GL_ARB_pipeline_statistics_query is not listed");
      return;
   }
   static const GLenum targets[11] = {
      GL_VERTICES_SUBMITTED_ARB,
      GL_PRIMITIVES_SUBMITTED_ARB,
      GL_VERTEX_SHADER_INVOCATIONS_ARB,
      GL_TESS_CONTROL_SHADER_PATCHES_ARB,
      GL_TESS_EVALUATION_SHADER_INVOCATIONS_ARB,
      GL_GEOMETRY_SHADER_INVOCATIONS,
      GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED_ARB,
      GL_FRAGMENT_SHADER_INVOCATIONS_ARB,
      GL_COMPUTE_SHADER_INVOCATIONS_ARB,
      GL_CLIPPING_INPUT_PRIMITIVES_ARB,
      GL_CLIPPING_OUTPUT_PRIMITIVES_ARB,
   };
   /* exact: the submitted counts, and 0 for stages that did not run; else a lower bound */
   static const struct {
      uint64_t min;
      bool exact;
   } want[11] = {{12, true}, {4, true},    {6, false}, {0, true},  {0, true}, {0, true},
                 {0, true},  {512, false}, {0, true},  {4, false}, {4, false}};
   float v[12];
   rect_vertices(v, 8, 8, 40, 24); /* 512 pixels, 2 triangles */
   GLuint p = solid_program();
   set_vec4(p, "u_color", V4(0.2f, 0.8f, 0.4f, 1.0f));
   mesh m = make_mesh(v, 6);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   GLuint q[11];
   gl.GenQueries(11, q);
   for (int i = 0; i < 11; i++) {
      GLint bits = -1;
      gl.GetQueryiv(targets[i], GL_QUERY_COUNTER_BITS, &bits);
      if (bits != 64)
         fail("target 0x%x has %d counter bits, want 64", targets[i], bits);
      gl.BeginQuery(targets[i], q[i]);
   }
   check_gl_error("beginning the 11 queries");
   GLuint extra;
   gl.GenQueries(1, &extra);
   gl.BeginQuery(GL_VERTICES_SUBMITTED_ARB, extra);
   if (glGetError() != GL_INVALID_OPERATION)
      fail("a second GL_VERTICES_SUBMITTED_ARB query began while one is active");
   GLint cur = 0;
   gl.GetQueryiv(GL_PRIMITIVES_SUBMITTED_ARB, GL_CURRENT_QUERY, &cur);
   if ((GLuint)cur != q[1])
      fail("GL_CURRENT_QUERY of GL_PRIMITIVES_SUBMITTED_ARB is %d, want %u", cur, q[1]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glClear(GL_DEPTH_BUFFER_BIT);     /* counts nothing */
   glDrawArrays(GL_TRIANGLES, 0, 6); /* the same rectangle again: 4 triangles in all */
   for (int i = 0; i < 11; i++)
      gl.EndQuery(targets[i]);
   check_gl_error("draws under the 11 queries");
   for (int i = 0; i < 11; i++) {
      GLuint64 n = 0;
      gl.GetQueryObjectui64v(q[i], GL_QUERY_RESULT, &n);
      if (want[i].exact ? n != want[i].min : n < want[i].min)
         fail("target 0x%x counted %llu, want %s%llu", targets[i], (unsigned long long)n,
              want[i].exact ? "" : ">= ", (unsigned long long)want[i].min);
   }
   gl.EndQuery(GL_VERTICES_SUBMITTED_ARB);
   if (glGetError() != GL_INVALID_OPERATION)
      fail("glEndQuery of a target with no active query raised no GL_INVALID_OPERATION");
   model mo;
   model_init(&mo, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&mo, 8, 8, 40, 24, to8(V4(0.2f, 0.8f, 0.4f, 1.0f)));
   check_frame("4 triangles under pipeline statistics queries", &mo);
   /* a dispatch of 3x2 groups of 4x2 invocations: at least 48 compute invocations, and no
    * vertex submitted */
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 4, local_size_y = 2) in;\n"
                    "layout(std430, binding = 0) buffer B { uint n; };\n"
                    "void main() { atomicAdd(n, 1u); }\n";
   GLuint sh = gl.CreateShader(GL_COMPUTE_SHADER);
   gl.ShaderSource(sh, 1, &cs, NULL);
   gl.CompileShader(sh);
   GLuint cp = gl.CreateProgram();
   gl.AttachShader(cp, sh);
   gl.LinkProgram(cp);
   gl.DeleteShader(sh);
   GLuint ssbo;
   gl.GenBuffers(1, &ssbo);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, ssbo);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, 4, (const GLuint[]){0}, GL_STATIC_DRAW);
   gl.UseProgram(cp);
   gl.BeginQuery(GL_COMPUTE_SHADER_INVOCATIONS_ARB, q[8]);
   gl.BeginQuery(GL_VERTICES_SUBMITTED_ARB, q[0]);
   gl.DispatchCompute(3, 2, 1);
   gl.EndQuery(GL_VERTICES_SUBMITTED_ARB);
   gl.EndQuery(GL_COMPUTE_SHADER_INVOCATIONS_ARB);
   check_gl_error("a dispatch under pipeline statistics queries");
   GLuint64 inv = 0, verts = 7;
   gl.GetQueryObjectui64v(q[8], GL_QUERY_RESULT, &inv);
   gl.GetQueryObjectui64v(q[0], GL_QUERY_RESULT, &verts);
   if (inv < 48)
      fail("%llu compute invocations counted for 48, want >= 48", (unsigned long long)inv);
   if (verts != 0)
      fail("%llu vertices submitted counted for a dispatch, want 0", (unsigned long long)verts);
   gl.UseProgram(0);
   gl.DeleteProgram(cp);
   gl.DeleteBuffers(1, &ssbo);
   gl.DeleteQueries(11, q);
   gl.DeleteQueries(1, &extra);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* query_many: more queries in flight than one Vulkan query pool holds (1,024 slots each):
 * 3,000 occlusion queries begun and ended with no flush between, each over a rectangle of a
 * known size (every fifth one over no draw: 0), then one GL_SAMPLES_PASSED query over 1,500
 * draws each after a glQueryCounter (the counter ends the backend's rendering scope, so the
 * query spans 1,500 scopes) and 100 GL_TIME_ELAPSED queries among them. Every occlusion result
 * is exact, the counters are nonzero and ordered as issued, and each elapsed time lies within
 * the counters around it. */
enum { MANY_OCC = 3000, MANY_TS = 1500, MANY_ELAPSED = 100 };

static GLuint
many_area(int i)
{
   return i % 5 == 4 ? 0 : (GLuint)((1 + i % 16) * (1 + (i / 16) % 4));
}

void
sc_query_many(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), rc = V4(0.2f, 0.8f, 0.4f, 1.0f);
   float v[64 * 12];
   for (int k = 0; k < 64; k++)
      rect_vertices(v + 12 * k, 0, 0, (float)(1 + k % 16), (float)(1 + k / 16));
   GLuint p = solid_program();
   set_vec4(p, "u_color", rc);
   mesh m = make_mesh(v, 64 * 6);
   clear_to(bg);

   GLuint *occ = calloc(MANY_OCC, sizeof(GLuint));
   GLuint *ts = calloc(MANY_TS + MANY_ELAPSED + 1, sizeof(GLuint));
   if (!occ || !ts)
      fail("out of memory");
   gl.GenQueries(MANY_OCC, occ);
   gl.GenQueries(MANY_TS + MANY_ELAPSED + 1, ts);
   for (int i = 0; i < MANY_OCC; i++) {
      gl.BeginQuery(GL_SAMPLES_PASSED, occ[i]);
      if (many_area(i))
         glDrawArrays(GL_TRIANGLES, 6 * (i % 64), 6);
      gl.EndQuery(GL_SAMPLES_PASSED);
   }
   check_gl_error("3,000 occlusion queries");
   for (int i = 0; i < MANY_OCC; i++) {
      GLuint64 n = ~0ull;
      gl.GetQueryObjectui64v(occ[i], GL_QUERY_RESULT, &n);
      if (n != samples_passed(many_area(i)))
         fail("occlusion query %d of %d: %llu samples, expected %u", i, MANY_OCC,
              (unsigned long long)n, samples_passed(many_area(i)));
   }

   /* rect 0 (1x1) for each of the 1,500 draws under one query */
   GLuint *elapsed = ts + MANY_TS, all = ts[MANY_TS + MANY_ELAPSED];
   gl.BeginQuery(GL_SAMPLES_PASSED, all);
   for (int i = 0; i < MANY_TS; i++) {
      const int e = i / (MANY_TS / MANY_ELAPSED);
      const bool first = i % (MANY_TS / MANY_ELAPSED) == 0;
      if (first && e > 0)
         gl.EndQuery(GL_TIME_ELAPSED);
      gl.QueryCounter(ts[i], GL_TIMESTAMP);
      if (first)
         gl.BeginQuery(GL_TIME_ELAPSED, elapsed[e]);
      glDrawArrays(GL_TRIANGLES, 0, 6);
   }
   gl.EndQuery(GL_TIME_ELAPSED);
   gl.EndQuery(GL_SAMPLES_PASSED);
   check_gl_error("1,500 counters under one occlusion query");
   GLuint64 n = ~0ull;
   gl.GetQueryObjectui64v(all, GL_QUERY_RESULT, &n);
   if (n != samples_passed(MANY_TS))
      fail("one occlusion query over %d draws of one pixel: %llu, expected %u", MANY_TS,
           (unsigned long long)n, samples_passed(MANY_TS));
   GLuint64 prev = 0;
   GLuint64 *t = calloc(MANY_TS, sizeof(GLuint64));
   if (!t)
      fail("out of memory");
   for (int i = 0; i < MANY_TS; i++) {
      gl.GetQueryObjectui64v(ts[i], GL_QUERY_RESULT, &t[i]);
      if (t[i] == 0 || t[i] < prev)
         fail("counter %d of %d: %llu after %llu (nonzero, ordered as issued)", i, MANY_TS,
              (unsigned long long)t[i], (unsigned long long)prev);
      prev = t[i];
   }
   for (int e = 0; e + 1 < MANY_ELAPSED; e++) {
      /* begun after counter e*15, ended before counter (e+1)*15 */
      const int step = MANY_TS / MANY_ELAPSED;
      GLuint64 el = ~0ull;
      gl.GetQueryObjectui64v(elapsed[e], GL_QUERY_RESULT, &el);
      if (el > t[(e + 1) * step] - t[e * step])
         fail("GL_TIME_ELAPSED %d: %llu ns, more than its counters' %llu ns", e,
              (unsigned long long)el, (unsigned long long)(t[(e + 1) * step] - t[e * step]));
   }
   check_gl_error("reading the results");
   gl.DeleteQueries(MANY_OCC, occ);
   gl.DeleteQueries(MANY_TS + MANY_ELAPSED + 1, ts);
   free(occ);
   free(ts);
   free(t);
   model md;
   model_init(&md, bg);
   model_rect(&md, 0, 0, 16, 4, to8(rc));
   check_frame("rectangles drawn under the queries", &md);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* query_clear_scopes: scopes opened by clears and flushes under long-running queries, more of
 * them than the server holds slots for (4 pools of 1,024 occlusion slots, 1,024 statistics
 * slots, 256 primitive slots), with no draw between them to make room. Under one
 * GL_SAMPLES_PASSED query (and, where listed, one GL_VERTICES_SUBMITTED_ARB query): a
 * 128-pixel rectangle, 4,200 masked clears (each a scope of its own: the backend draws it
 * outside the query's scope), glFinish, then a scissored full clear and the rectangle again in
 * the scope that clear opened. Then one GL_PRIMITIVES_GENERATED query over 300 rectangles, each
 * followed by a glFlush (a scope each). Every count is exact: the clears count nothing and no
 * draw is lost; the server waits for slots (query-slots-server-wait) rather than declining
 * backend-feature-unimplemented (gate.decline_counted.*.query_clear_scopes). */
enum { CLEAR_SCOPES = 4200, PRIM_SCOPES = 300 };

void
sc_query_clear_scopes(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), rc = V4(0.2f, 0.8f, 0.4f, 1.0f);
   float v[12];
   rect_vertices(v, 0, 0, 16, 8); /* 128 pixels */
   GLuint p = solid_program();
   set_vec4(p, "u_color", rc);
   mesh m = make_mesh(v, 6);
   clear_to(bg);
   const bool stats = has_ext("GL_ARB_pipeline_statistics_query");
   printf("  NO-DECLINE-EXPECTED backend-feature-unimplemented (the server waits for slots)\n");
   GLuint q[3];
   gl.GenQueries(3, q);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[0]);
   if (stats)
      gl.BeginQuery(GL_VERTICES_SUBMITTED_ARB, q[1]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE); /* magenta: red and blue only */
   for (int i = 0; i < CLEAR_SCOPES; i++)
      glClear(GL_COLOR_BUFFER_BIT);
   /* Every slot the clears took completed, none read back yet: a clear that did not make room
    * itself before its scope would leave that scope without slots, and the draw below in it
    * (its own room made by reading back, with no submit to end the scope) would count nothing */
   glFinish();
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glEnable(GL_SCISSOR_TEST);
   glScissor(W - 1, H - 1, 1, 1);
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   if (stats)
      gl.EndQuery(GL_VERTICES_SUBMITTED_ARB);
   gl.EndQuery(GL_SAMPLES_PASSED);
   check_gl_error("4,200 clears under an occlusion query");

   gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[2]);
   for (int i = 0; i < PRIM_SCOPES; i++) {
      glDrawArrays(GL_TRIANGLES, 0, 6);
      glFlush();
   }
   gl.EndQuery(GL_PRIMITIVES_GENERATED);
   check_gl_error("300 flushed draws under a primitives-generated query");

   GLuint64 n = ~0ull;
   gl.GetQueryObjectui64v(q[0], GL_QUERY_RESULT, &n);
   if (n != samples_passed(2 * 128))
      fail("one occlusion query over %d clears and two 128-pixel draws: %llu samples, want %u",
           CLEAR_SCOPES, (unsigned long long)n, samples_passed(2 * 128));
   if (stats) {
      n = ~0ull;
      gl.GetQueryObjectui64v(q[1], GL_QUERY_RESULT, &n);
      if (n != 12)
         fail("GL_VERTICES_SUBMITTED_ARB over %d clears and two draws: %llu, want 12", CLEAR_SCOPES,
              (unsigned long long)n);
   }
   n = ~0ull;
   gl.GetQueryObjectui64v(q[2], GL_QUERY_RESULT, &n);
   if (n != 2 * PRIM_SCOPES)
      fail("GL_PRIMITIVES_GENERATED over %d flushed draws of two triangles: %llu, want %d",
           PRIM_SCOPES, (unsigned long long)n, 2 * PRIM_SCOPES);
   check_gl_error("reading the results");
   gl.DeleteQueries(3, q);
   model md;
   model_init(&md, V4(1.0f, 0.0f, 1.0f, 1.0f));
   model_rect(&md, 0, 0, 16, 8, to8(rc));
   model_rect(&md, W - 1, H - 1, W, H, to8(V4(0.0f, 0.0f, 1.0f, 1.0f)));
   check_frame("rectangles and clears under the queries", &md);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* query_clear_prims: GL 3.3 §2.18 and §4.2.3: a clear is no draw, so it generates no
 * primitives, submits no vertices and passes no samples, whichever queries are active. Three
 * draws of a 128-pixel rectangle (two triangles each) between five clears that mgl draws as a
 * triangle (a colour mask, a stencil mask, both under a scissor): first under a
 * GL_PRIMITIVES_GENERATED query alone, then under it with GL_SAMPLES_PASSED,
 * GL_VERTICES_SUBMITTED_ARB and GL_PRIMITIVES_SUBMITTED_ARB (where listed) active too. Every
 * count is the draws' alone: 6 primitives, 3 x 128 samples, 18 vertices, 6 primitives
 * submitted; the clears still reach their pixels. */
static void
clear_prims_run(void)
{
   glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE); /* magenta everywhere */
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glStencilMask(0x1);
   glClearStencil(1);
   glClear(GL_STENCIL_BUFFER_BIT);
   glStencilMask(0xff);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEnable(GL_SCISSOR_TEST);
   glScissor(W - 8, H - 8, 8, 8);
   glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE); /* the top right corner white */
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glStencilMask(0x3);
   glClear(GL_STENCIL_BUFFER_BIT);
   glStencilMask(0xff);
   glDisable(GL_SCISSOR_TEST);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEnable(GL_SCISSOR_TEST);
   glScissor(W - 8, 0, 8, 8);
   glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
   glColorMask(GL_TRUE, GL_FALSE, GL_FALSE, GL_TRUE); /* the bottom right corner blue */
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDisable(GL_SCISSOR_TEST);
}

static void
clear_prims_expect(GLuint q, const char *what, unsigned long long want)
{
   GLuint64 n = ~0ull;
   gl.GetQueryObjectui64v(q, GL_QUERY_RESULT, &n);
   if (n != want)
      fail("%s over 3 draws of two triangles and 5 masked clears: %llu, want %llu", what,
           (unsigned long long)n, want);
}

void
sc_query_clear_prims(void)
{
   const vec4f rc = V4(0.2f, 0.8f, 0.4f, 1.0f);
   float v[12];
   rect_vertices(v, 0, 0, 16, 8); /* 128 pixels */
   GLuint p = solid_program();
   set_vec4(p, "u_color", rc);
   mesh m = make_mesh(v, 6);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   const bool stats = has_ext("GL_ARB_pipeline_statistics_query");
   GLuint q[4];
   gl.GenQueries(4, q);
   gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
   clear_prims_run();
   gl.EndQuery(GL_PRIMITIVES_GENERATED);
   check_gl_error("masked clears under a primitives-generated query");
   clear_prims_expect(q[0], "GL_PRIMITIVES_GENERATED alone", 6);

   gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
   gl.BeginQuery(GL_SAMPLES_PASSED, q[1]);
   if (stats) {
      gl.BeginQuery(GL_VERTICES_SUBMITTED_ARB, q[2]);
      gl.BeginQuery(GL_PRIMITIVES_SUBMITTED_ARB, q[3]);
   }
   clear_prims_run();
   if (stats) {
      gl.EndQuery(GL_PRIMITIVES_SUBMITTED_ARB);
      gl.EndQuery(GL_VERTICES_SUBMITTED_ARB);
   }
   gl.EndQuery(GL_SAMPLES_PASSED);
   gl.EndQuery(GL_PRIMITIVES_GENERATED);
   check_gl_error("masked clears under four queries");
   clear_prims_expect(q[0], "GL_PRIMITIVES_GENERATED beside three queries", 6);
   clear_prims_expect(q[1], "GL_SAMPLES_PASSED", samples_passed(3 * 128));
   if (stats) {
      clear_prims_expect(q[2], "GL_VERTICES_SUBMITTED_ARB", 18);
      clear_prims_expect(q[3], "GL_PRIMITIVES_SUBMITTED_ARB", 6);
   }
   check_gl_error("reading the results");
   gl.DeleteQueries(4, q);
   model md;
   model_init(&md, V4(1.0f, 0.0f, 1.0f, 1.0f));
   model_rect(&md, 0, 0, 16, 8, to8(rc));
   model_rect(&md, W - 8, H - 8, W, H, to8(V4(1.0f, 1.0f, 1.0f, 1.0f)));
   model_rect(&md, W - 8, 0, W, 8, to8(V4(0.0f, 0.0f, 1.0f, 1.0f)));
   check_frame("rectangles and masked clears under the queries", &md);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}
