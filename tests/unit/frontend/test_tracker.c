/* test_tracker.c — unit.frontend.tracker: what the tracker sends at the verbs, against a
 * session that records every MGPipe call (and puts each through the wire codec). */
#include <stdlib.h>

#include "fe_cso.h"
#include "fe_test_util.h"
#include "fe_tracker.h"
#include "hash.h"
#include "pipe_codec.h"

static const struct mgp_draw_vbo *
draw_args(unsigned nth)
{
   const struct fake_rec *r = fake_find(MGP_CALL_draw_vbo, nth);
   return r ? (const struct mgp_draw_vbo *)r->args : NULL;
}

/* glViewport changes only the dynamic subset: set_dynamic_state, never a render-state CSO. */
static void
test_viewport_is_dynamic(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   make_drawable();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   fake_clear();
   /* the caller said not to send words: the whole state */
   const uint64_t bit = 1ull << (MGP_CALL_set_dynamic_words % 64);
   fake_caps.call_mask[MGP_CALL_set_dynamic_words / 64] &= ~bit;
   mgl_glViewport(1, 2, 30, 40);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   fake_caps.call_mask[MGP_CALL_set_dynamic_words / 64] |= bit;
   CHECK_EQ(fake_count_of(MGP_CALL_set_dynamic_state), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_set_dynamic_words), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_create_render_state), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_render_state), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 1);
   CHECK_EQ(fake_count(), 2);
   const struct mgp_dynamic_state *ds =
      (const void *)fake_find(MGP_CALL_set_dynamic_state, 0)->args;
   CHECK(ds->viewport[0] == 1.0f && ds->viewport[1] == 2.0f && ds->viewport[2] == 30.0f &&
         ds->viewport[3] == 40.0f);
   /* set_dynamic_state precedes the draw */
   CHECK_EQ(fake_rec(0)->id, MGP_CALL_set_dynamic_state);
   struct mgp_dynamic_state held = *ds; /* what the server holds now */

   /* With set_dynamic_words, a change sends its run of words alone, and the state patched
    * with them is the context's: viewport (words 0-3), scissor rectangle (6-9), the scissor
    * enable byte (word 10), both ends of the struct (all of it). */
   for (int step = 0; step < 5; step++) {
      fake_clear();
      uint32_t first = 0, count = 4;
      switch (step) {
      case 0: mgl_glViewport(3, 4, 20, 10); break;
      case 1: mgl_glScissor(5, 6, 7, 8), first = 6; break;
      case 2: mgl_glEnable(GL_SCISSOR_TEST), first = 10, count = 1; break;
      case 3: mgl_glScissor(5, 6, 9, 8), first = 8, count = 1; break;
      default: mgl_glViewport(0, 0, 64, 64), mgl_glBlendColor(0.5f, 0, 0, 0); break;
      }
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(fake_count(), 2);
      CHECK_EQ(fake_rec(1)->id, MGP_CALL_draw_vbo);
      const struct fake_rec *r = fake_rec(0);
      if (step == 4) {
         /* from word 0 to the blend colour: longer than a run of words */
         CHECK_EQ(r->id, MGP_CALL_set_dynamic_state);
         held = *(const struct mgp_dynamic_state *)(const void *)r->args;
      } else {
         CHECK_EQ(r->id, MGP_CALL_set_dynamic_words);
         const struct mgp_dynamic_words *w = (const void *)r->args;
         CHECK_EQ(w->first, first);
         CHECK_EQ(w->count, count);
         CHECK(mgp_dynamic_words_apply(&held, w, r->tail, r->tail_count));
      }
      CHECK(!memcmp(&held, &e.ctx->ds, sizeof(held)));
   }
   /* words past the struct, or a tail shorter than its count, change nothing */
   const struct mgp_dynamic_state before = held;
   const struct mgp_word words[2] = {{1}, {2}};
   const uint32_t nw = sizeof(held) / 4;
   CHECK(!mgp_dynamic_words_apply(&held, &(struct mgp_dynamic_words){nw - 1, 2}, words, 2));
   CHECK(!mgp_dynamic_words_apply(&held, &(struct mgp_dynamic_words){nw + 1, 0}, words, 0));
   CHECK(!mgp_dynamic_words_apply(&held, &(struct mgp_dynamic_words){0xffffffffu, 2}, words, 2));
   CHECK(!mgp_dynamic_words_apply(&held, &(struct mgp_dynamic_words){0, 2}, words, 1));
   CHECK(mgp_dynamic_words_apply(&held, &(struct mgp_dynamic_words){nw - 2, 2}, words, 2));
   CHECK(!memcmp(&held, &before, sizeof(held) - 8));
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
}

/* A compute program of one storage block "B" and a float uniform "u_k". */
static GLuint
make_compute(void)
{
   struct fake_program fp = {.num_storage_blocks = 1,
                             .storage_blocks = {"B"},
                             .num_uniforms = 1,
                             .uniforms = {{"u_k", GL_FLOAT, 0}}};
   fake_glsl_next(&fp);
   const char *src = "#version 430 core\nlayout(local_size_x = 1) in;\nvoid main() {}\n";
   GLuint cs = mgl_glCreateShader(GL_COMPUTE_SHADER);
   mgl_glShaderSource(cs, 1, &src, NULL);
   mgl_glCompileShader(cs);
   GLuint prog = mgl_glCreateProgram();
   mgl_glAttachShader(prog, cs);
   mgl_glLinkProgram(prog);
   mgl_glDeleteShader(cs);
   GLint ok = 0;
   mgl_glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   CHECK(ok);
   return prog;
}

/* The storage ranges of the nth set_shader_buffers of class 1 (storage blocks): range 0's
 * resource, or a null handle when there is none. */
static struct mgp_handle
storage_sent(unsigned nth)
{
   for (unsigned i = 0, k = 0; i < fake_count(); i++) {
      const struct fake_rec *r = fake_rec(i);
      if (r->id != MGP_CALL_set_shader_buffers ||
          ((const struct mgp_set_shader_buffers *)(const void *)r->args)->cls != 1)
         continue;
      if (k++ == nth)
         return ((const struct mgp_buffer_range *)r->tail)->res;
   }
   return (struct mgp_handle){0};
}

/* A dispatch whose program, bindings and buffers read as the last dispatch left them sends its
 * launch_grid alone without walking the groups (dispatch_repeats), and marks its storage
 * buffers written again (a read after it fetches), the buffers bound now after a rebind. A
 * storage rebind, a glUniform, or a draw between whose program binds another buffer at the
 * storage slot the server shares with the dispatch, each send what moved again. */
static void
test_dispatch_repeat(void)
{
   const struct mgp_caps saved = fake_caps;
   fake_caps.max_compute_work_group_invocations = 64;
   for (int i = 0; i < 3; i++) {
      fake_caps.max_compute_work_group_count[i] = 16;
      fake_caps.max_compute_work_group_size[i] = 64;
   }
   fake_caps.max_storage_buffer_bindings = 8;
   fake_caps.max_storage_buffer_range = 1u << 20;
   struct fe_test_env e;
   env_init(&e, 64, 64);
   /* the draw program's storage block "D" at binding point 1 */
   struct fake_program dp = {
      .num_inputs = 1, .inputs = {"pos"}, .num_storage_blocks = 1, .storage_blocks = {"D"}};
   GLuint draw_prog = make_program(&dp);
   mgl_glShaderStorageBlockBinding(draw_prog, 0, 1);
   CHECK_ERR(GL_NO_ERROR);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   GLuint cp = make_compute();
   const GLint k_loc = mgl_glGetUniformLocation(cp, "u_k");
   CHECK_ERR(GL_NO_ERROR);
   GLuint bufs[2];
   mgl_glGenBuffers(2, bufs);
   for (int i = 0; i < 2; i++) {
      mgl_glBindBufferBase(GL_SHADER_STORAGE_BUFFER, (GLuint)i, bufs[i]);
      mgl_glBufferData(GL_SHADER_STORAGE_BUFFER, 16, NULL, GL_DYNAMIC_DRAW);
   }
   CHECK_ERR(GL_NO_ERROR);
   const struct mgp_handle res0 = fe_buffer_lookup(e.ctx, bufs[0])->res;
   const struct mgp_handle res1 = fe_buffer_lookup(e.ctx, bufs[1])->res;
   mgl_glUseProgram(cp);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glDispatchCompute(1, 1, 1);
   CHECK_ERR(GL_NO_ERROR);
   CHECK(mgp_handle_eq(storage_sent(0), res0));
   const uint64_t r0 = e.ctx->tracker.dispatch_repeats;

   /* the same again: launch_grid alone, the groups skipped */
   fake_clear();
   mgl_glDispatchCompute(1, 1, 1);
   CHECK_EQ(fake_count(), 1);
   CHECK_EQ(fake_rec(0)->id, MGP_CALL_launch_grid);
   CHECK_EQ(e.ctx->tracker.dispatch_repeats, r0 + 1);
   /* its storage buffer is written: a read after it fetches, a second read does not, and a
    * read after the next such dispatch fetches again */
   GLuint word[4];
   mgl_glBindBuffer(GL_SHADER_STORAGE_BUFFER, bufs[0]);
   for (int i = 0; i < 3; i++) {
      fake_clear();
      if (i == 2)
         mgl_glDispatchCompute(1, 1, 1);
      mgl_glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(word), word);
      CHECK_EQ(fake_count_of(MGP_CALL_resource_readback), i == 1 ? 0 : 1);
   }
   mgl_glDispatchCompute(1, 1, 1);
   CHECK_EQ(e.ctx->tracker.dispatch_repeats, r0 + 3);

   /* another buffer at the block's binding point: its range is sent */
   fake_clear();
   mgl_glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, bufs[1]);
   mgl_glDispatchCompute(1, 1, 1);
   CHECK(mgp_handle_eq(storage_sent(0), res1));
   CHECK_EQ(e.ctx->tracker.dispatch_repeats, r0 + 3);
   /* the repeats after it mark the new buffer written, not the one the repeats before marked
    * (their list of buffers is made again): each read after a repeat fetches bufs[1] */
   mgl_glBindBuffer(GL_SHADER_STORAGE_BUFFER, bufs[1]);
   for (int i = 0; i < 5; i++) {
      fake_clear();
      if (i == 2 || i == 4)
         mgl_glDispatchCompute(1, 1, 1);
      mgl_glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(word), word);
      CHECK_EQ(fake_count_of(MGP_CALL_resource_readback), i == 1 || i == 3 ? 0 : 1);
   }
   CHECK_EQ(e.ctx->tracker.dispatch_repeats, r0 + 5);
   mgl_glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, bufs[0]);
   mgl_glDispatchCompute(1, 1, 1);

   /* a glUniform: the bytes */
   fake_clear();
   mgl_glUniform1f(k_loc, 2.0f);
   mgl_glDispatchCompute(1, 1, 1);
   CHECK_EQ(
      fake_count_of(MGP_CALL_set_global_constants) + fake_count_of(MGP_CALL_set_constant_words), 1);
   CHECK_EQ(e.ctx->tracker.dispatch_repeats, r0 + 5);
   fake_clear();
   mgl_glDispatchCompute(1, 1, 1);
   CHECK_EQ(fake_count(), 1);
   CHECK_EQ(e.ctx->tracker.dispatch_repeats, r0 + 6);

   /* a draw between binds bufs[1] at the storage slot: the dispatch after it binds bufs[0] */
   mgl_glUseProgram(draw_prog);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   fake_clear();
   mgl_glUseProgram(cp);
   mgl_glDispatchCompute(1, 1, 1);
   CHECK(mgp_handle_eq(storage_sent(0), res0));
   CHECK_EQ(e.ctx->tracker.dispatch_repeats, r0 + 6);
   fake_clear();
   mgl_glDispatchCompute(1, 1, 1);
   CHECK_EQ(fake_count(), 1);
   CHECK_EQ(e.ctx->tracker.dispatch_repeats, r0 + 7);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
   fake_caps = saved;
}

/* A program and shaders of every stage given (gs: with a geometry shader). */
static GLuint
make_program_gs(const struct fake_program *fp)
{
   fake_glsl_next(fp);
   const char *src = "#version 150 core\nvoid main() {}\n";
   const GLenum types[3] = {GL_VERTEX_SHADER, GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER};
   GLuint prog = mgl_glCreateProgram();
   for (int i = 0; i < 3; i++) {
      GLuint sh = mgl_glCreateShader(types[i]);
      mgl_glShaderSource(sh, 1, &src, NULL);
      mgl_glCompileShader(sh);
      mgl_glAttachShader(prog, sh);
      mgl_glDeleteShader(sh);
   }
   mgl_glLinkProgram(prog);
   GLint ok = 0;
   mgl_glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   CHECK(ok);
   return prog;
}

/* GL_ARB_viewport_array: the viewports past 0 cross (set_viewports) only for a program whose
 * geometry stage writes gl_ViewportIndex, once per change; a draw of one viewport sends
 * nothing more, and glViewport / glScissor / glEnable set every index. */
static void
test_viewport_array(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   fake_caps.cap_bits |= MGP_CAP_VIEWPORT_ARRAY;
   make_drawable();
   struct fake_program fp = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .gs_input = GL_TRIANGLES,
                             .gs_output = GL_TRIANGLE_STRIP,
                             .gs_vertices_out = 3};
   const GLuint plain = make_program_gs(&fp);
   fp.gs_viewport_index = true;
   const GLuint routed = make_program_gs(&fp);
   mgl_glUseProgram(plain);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   fake_clear();
   mgl_glViewportIndexedf(1, 32, 0, 32, 32);
   mgl_glScissorIndexed(2, 1, 2, 3, 4);
   mgl_glEnablei(GL_SCISSOR_TEST, 2);
   mgl_glDepthRangeIndexed(3, 0.25, 0.5);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_viewports), 0); /* viewport 0 alone is drawn */
   CHECK_EQ(fake_count_of(MGP_CALL_set_dynamic_state) + fake_count_of(MGP_CALL_set_dynamic_words),
            0); /* index 0 did not change */

   mgl_glUseProgram(routed);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_viewports), 1);
   const struct fake_rec *r = fake_find(MGP_CALL_set_viewports, 0);
   CHECK_EQ(((const struct mgp_set_viewports *)r->args)->count, FE_MAX_VIEWPORTS - 1);
   CHECK_EQ(r->tail_count, FE_MAX_VIEWPORTS - 1);
   const struct mgp_viewport *vp = r->tail;
   CHECK(vp[0].viewport[0] == 32.0f && vp[0].viewport[2] == 32.0f && vp[0].viewport[3] == 32.0f);
   CHECK(vp[1].scissor[0] == 1 && vp[1].scissor[3] == 4 && vp[1].scissor_enable == 1);
   CHECK(vp[0].scissor_enable == 0 && vp[2].depth_range[0] == 0.25f &&
         vp[2].depth_range[1] == 0.5f);
   CHECK(vp[3].viewport[2] == 64.0f && vp[3].depth_range[1] == 1.0f); /* the surface's size */
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_viewports), 1); /* unchanged: not again */

   /* glViewport, glScissor and glEnable set every index; index 0 stays set_dynamic_state's */
   fake_clear();
   mgl_glViewport(1, 2, 3, 4);
   mgl_glScissor(5, 6, 7, 8);
   mgl_glEnable(GL_SCISSOR_TEST);
   mgl_glDepthRange(0.5, 0.75);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_viewports), 1);
   vp = fake_find(MGP_CALL_set_viewports, 0)->tail;
   for (unsigned i = 0; i < FE_MAX_VIEWPORTS - 1; i++)
      CHECK(vp[i].viewport[0] == 1.0f && vp[i].viewport[3] == 4.0f && vp[i].scissor[2] == 7 &&
            vp[i].scissor_enable == 1 && vp[i].depth_range[0] == 0.5f);
   CHECK(e.ctx->ds.viewport[1] == 2.0f && e.ctx->ds.scissor[0] == 5 && e.ctx->ds.scissor_enable);
   GLfloat f[4];
   mgl_glGetFloati_v(GL_VIEWPORT, FE_MAX_VIEWPORTS - 1, f);
   CHECK(f[0] == 1.0f && f[1] == 2.0f && f[2] == 3.0f && f[3] == 4.0f);
   CHECK(mgl_glIsEnabledi(GL_SCISSOR_TEST, FE_MAX_VIEWPORTS - 1));

   /* glViewport / glScissor of the box every index holds already changes nothing (no
    * set_viewports); after one index was set on its own, the same box reaches it again */
   fake_clear();
   mgl_glViewport(1, 2, 3, 4);
   mgl_glScissor(5, 6, 7, 8);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_viewports), 0);
   mgl_glViewportIndexedf(6, 9, 9, 9, 9);
   mgl_glScissorIndexed(7, 9, 9, 9, 9);
   mgl_glViewport(1, 2, 3, 4);
   mgl_glScissor(5, 6, 7, 8);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_viewports), 1);
   vp = fake_find(MGP_CALL_set_viewports, 0)->tail;
   CHECK(vp[5].viewport[0] == 1.0f && vp[5].viewport[3] == 4.0f);
   CHECK(vp[6].scissor[0] == 5 && vp[6].scissor[3] == 8);
   mgl_glGetFloati_v(GL_VIEWPORT, 6, f);
   CHECK(f[0] == 1.0f && f[1] == 2.0f && f[2] == 3.0f && f[3] == 4.0f);
   GLint sb[4];
   mgl_glGetIntegeri_v(GL_SCISSOR_BOX, 7, sb);
   CHECK(sb[0] == 5 && sb[1] == 6 && sb[2] == 7 && sb[3] == 8);

   /* without the cap the state is GL's all the same, but nothing crosses */
   fake_caps.cap_bits &= ~MGP_CAP_VIEWPORT_ARRAY;
   fake_clear();
   mgl_glViewportIndexedf(5, 0, 0, 8, 8);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_viewports), 0);
   mgl_glGetFloati_v(GL_VIEWPORT, 5, f);
   CHECK(f[2] == 8.0f);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
}

/* Toggling GL_BLEND alternates between two render-state CSOs created once each. */
static void
test_blend_toggle_two_csos(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   make_drawable();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   struct mgp_handle off =
      ((const struct mgp_handle_args *)fake_find(MGP_CALL_bind_render_state, 0)->args)->h;
   fake_clear();
   struct mgp_handle seen[6];
   for (int i = 0; i < 6; i++) {
      if (i % 2 == 0)
         mgl_glEnable(GL_BLEND);
      else
         mgl_glDisable(GL_BLEND);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      const struct fake_rec *b = fake_find(MGP_CALL_bind_render_state, (unsigned)i);
      CHECK(b != NULL);
      seen[i] = b ? ((const struct mgp_handle_args *)b->args)->h : mgp_handle_null();
   }
   CHECK_EQ(fake_count_of(MGP_CALL_create_render_state), 1); /* "off" existed already */
   CHECK_EQ(fake_count_of(MGP_CALL_bind_render_state), 6);
   for (int i = 0; i < 6; i++)
      CHECK(mgp_handle_eq(seen[i], i % 2 ? off : seen[0]));
   CHECK(!mgp_handle_eq(seen[0], off));
   CHECK_EQ(fe_cso_creates(e.ctx->cso_render_state), 2);
   env_finish(&e);
}

/* A second draw with nothing changed is the draw alone; redundant setters change nothing. */
static void
test_redundant_state_no_records(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   GLuint prog = make_drawable();
   GLuint tex;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glEnable(GL_DEPTH_TEST);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count(), 1);
   CHECK_EQ(fake_rec(0)->id, MGP_CALL_draw_vbo);
   fake_clear();
   /* The same values again. */
   mgl_glEnable(GL_DEPTH_TEST);
   mgl_glViewport(0, 0, 64, 64);
   mgl_glBlendFunc(GL_ONE, GL_ZERO);
   mgl_glUseProgram(prog);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glDepthFunc(GL_LESS);
   mgl_glColorMask(1, 1, 1, 1);
   mgl_glCullFace(GL_FRONT); /* culling is off: no pipeline change */
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count(), 1);
   /* Going to another state and back costs binds only, no creates. */
   mgl_glDisable(GL_DEPTH_TEST);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glEnable(GL_DEPTH_TEST);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_create_render_state), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_render_state), 2);
   env_finish(&e);
}

/* A glVertexAttribPointer between draws sends the vertex buffers where the set moved and only
 * there: the same buffer at the same offset sends none; another offset, another buffer and the
 * first again one set each, with the binding's buffer and offset (the set compared with the one
 * sent last). */
static void
test_vertex_buffers_resend(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   make_drawable(); /* its vertex array bound, its buffer at GL_ARRAY_BUFFER, offset 0 */
   GLint first = 0;
   mgl_glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &first);
   GLuint other;
   mgl_glGenBuffers(1, &other);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, other);
   mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, (GLuint)first);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   static const struct {
      const char *what;
      bool other;
      uint64_t offset;
      int sets;
   } steps[] = {
      {"the same buffer and offset", false, 0, 0},
      {"another offset", false, 12, 1},
      {"the same again", false, 12, 0},
      {"another buffer", true, 12, 1},
      {"the first buffer at 0 again", false, 0, 1},
      {"the first buffer at 0 once more", false, 0, 0},
   };
   for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
      mgl_glBindBuffer(GL_ARRAY_BUFFER, steps[i].other ? other : (GLuint)first);
      fake_clear();
      mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0,
                                (const void *)(uintptr_t)steps[i].offset);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      const int sets = fake_count_of(MGP_CALL_set_vertex_buffers);
      if (sets != steps[i].sets)
         fprintf(stderr, "%s: %d set_vertex_buffers (want %d)\n", steps[i].what, sets,
                 steps[i].sets);
      CHECK_EQ(sets, steps[i].sets);
      for (size_t k = 0; k < fake_count(); k++) {
         const struct fake_rec *r = fake_rec(k);
         if (r->id != MGP_CALL_set_vertex_buffers)
            continue;
         const struct mgp_vertex_buffer *vb = r->tail;
         CHECK_EQ(vb[0].offset, steps[i].offset);
      }
   }
   env_finish(&e);
}

/* DESIGN §2.4: for every render-state setter, the pipeline subset's hash changes exactly when
 * the pipeline version does (and dynamic setters never touch either). */
struct walk_step {
   const char *name;
   void (*apply)(void);
};

#define STEP(name, body)                                                                           \
   static void step_##name(void)                                                                   \
   {                                                                                               \
      body;                                                                                        \
   }
STEP(blend_on, mgl_glEnable(GL_BLEND))
STEP(blend_on_again, mgl_glEnable(GL_BLEND))
STEP(blend_off, mgl_glDisable(GL_BLEND))
STEP(blendi_on, mgl_glEnablei(GL_BLEND, 2))
STEP(blendi_off, mgl_glDisablei(GL_BLEND, 2))
STEP(blend_func, mgl_glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA))
STEP(blend_func_same, mgl_glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA))
STEP(blend_func_sep, mgl_glBlendFuncSeparate(GL_ONE, GL_ONE, GL_ZERO, GL_ONE))
STEP(blend_eq, mgl_glBlendEquation(GL_FUNC_SUBTRACT))
STEP(blend_eq_sep, mgl_glBlendEquationSeparate(GL_MIN, GL_MAX))
STEP(blend_color, mgl_glBlendColor(0.5f, 0.25f, 0, 1))
STEP(color_mask, mgl_glColorMask(1, 0, 1, 0))
STEP(color_mask_i, mgl_glColorMaski(3, 0, 0, 0, 1))
STEP(logic_op, mgl_glLogicOp(GL_XOR))
STEP(logic_on, mgl_glEnable(GL_COLOR_LOGIC_OP))
STEP(depth_on, mgl_glEnable(GL_DEPTH_TEST))
STEP(depth_func, mgl_glDepthFunc(GL_GEQUAL))
STEP(depth_mask, mgl_glDepthMask(GL_FALSE))
STEP(depth_range, mgl_glDepthRange(0.25, 0.75))
STEP(depth_clamp, mgl_glEnable(GL_DEPTH_CLAMP))
STEP(cull_mode_while_off, mgl_glCullFace(GL_FRONT))
STEP(cull_on, mgl_glEnable(GL_CULL_FACE))
STEP(cull_mode_while_on, mgl_glCullFace(GL_BACK))
STEP(cull_off, mgl_glDisable(GL_CULL_FACE))
STEP(front_face, mgl_glFrontFace(GL_CW))
STEP(polygon_mode, mgl_glPolygonMode(GL_FRONT_AND_BACK, GL_LINE))
STEP(polygon_offset, mgl_glPolygonOffset(1.5f, 2.0f))
STEP(polygon_offset_fill, mgl_glEnable(GL_POLYGON_OFFSET_FILL))
STEP(polygon_offset_line, mgl_glEnable(GL_POLYGON_OFFSET_LINE))
STEP(line_width, mgl_glLineWidth(2.0f))
STEP(point_size, mgl_glPointSize(3.0f))
STEP(program_point_size, mgl_glEnable(GL_PROGRAM_POINT_SIZE))
STEP(stencil_on, mgl_glEnable(GL_STENCIL_TEST))
STEP(stencil_func, mgl_glStencilFunc(GL_EQUAL, 1, 0xff))
STEP(stencil_ref_only, mgl_glStencilFunc(GL_EQUAL, 2, 0xff))
STEP(stencil_func_back, mgl_glStencilFuncSeparate(GL_BACK, GL_NOTEQUAL, 2, 0xff))
STEP(stencil_op, mgl_glStencilOp(GL_KEEP, GL_INCR, GL_REPLACE))
STEP(stencil_op_front, mgl_glStencilOpSeparate(GL_FRONT, GL_ZERO, GL_INCR, GL_REPLACE))
STEP(stencil_mask, mgl_glStencilMask(0x0f))
STEP(stencil_mask_back, mgl_glStencilMaskSeparate(GL_BACK, 0x3))
STEP(viewport, mgl_glViewport(3, 4, 50, 60))
STEP(scissor, mgl_glScissor(0, 0, 0, 0))
STEP(scissor_on, mgl_glEnable(GL_SCISSOR_TEST))
STEP(primitive_restart, mgl_glEnable(GL_PRIMITIVE_RESTART))
STEP(restart_index, mgl_glPrimitiveRestartIndex(0xffff))
STEP(rasterizer_discard, mgl_glEnable(GL_RASTERIZER_DISCARD))
STEP(rasterizer_discard_off, mgl_glDisable(GL_RASTERIZER_DISCARD))
STEP(multisample_off, mgl_glDisable(GL_MULTISAMPLE))
STEP(alpha_to_coverage, mgl_glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE))
STEP(alpha_to_one, mgl_glEnable(GL_SAMPLE_ALPHA_TO_ONE))
STEP(sample_coverage, mgl_glSampleCoverage(0.5f, GL_TRUE))
STEP(sample_coverage_on, mgl_glEnable(GL_SAMPLE_COVERAGE))
STEP(sample_mask_value_off, mgl_glSampleMaski(0, 0x5))
STEP(sample_mask_on, mgl_glEnable(GL_SAMPLE_MASK))
STEP(sample_mask_value_on, mgl_glSampleMaski(0, 0x3))
STEP(provoking, mgl_glProvokingVertex(GL_FIRST_VERTEX_CONVENTION))
STEP(seamless, mgl_glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS))
STEP(line_smooth, mgl_glEnable(GL_LINE_SMOOTH))
STEP(clip0, mgl_glEnable(GL_CLIP_DISTANCE0))
STEP(clip3, mgl_glEnable(GL_CLIP_DISTANCE3))
STEP(clear_color, mgl_glClearColor(1, 0, 0, 1))
STEP(clear_depth, mgl_glClearDepth(0.5))
STEP(dither_off, mgl_glDisable(GL_DITHER))
STEP(bad_enum, mgl_glEnable(0x1234))
STEP(bad_blend, mgl_glBlendFunc(0x1234, GL_ONE))

static void
test_setter_walk(void)
{
   static const struct walk_step steps[] = {
#define S(n) {#n, step_##n}
      S(blend_on),
      S(blend_on_again),
      S(blend_off),
      S(blendi_on),
      S(blendi_off),
      S(blend_func),
      S(blend_func_same),
      S(blend_func_sep),
      S(blend_eq),
      S(blend_eq_sep),
      S(blend_color),
      S(color_mask),
      S(color_mask_i),
      S(logic_op),
      S(logic_on),
      S(depth_on),
      S(depth_func),
      S(depth_mask),
      S(depth_range),
      S(depth_clamp),
      S(cull_mode_while_off),
      S(cull_on),
      S(cull_mode_while_on),
      S(cull_off),
      S(front_face),
      S(polygon_mode),
      S(polygon_offset),
      S(polygon_offset_fill),
      S(polygon_offset_line),
      S(line_width),
      S(point_size),
      S(program_point_size),
      S(stencil_on),
      S(stencil_func),
      S(stencil_ref_only),
      S(stencil_func_back),
      S(stencil_op),
      S(stencil_op_front),
      S(stencil_mask),
      S(stencil_mask_back),
      S(viewport),
      S(scissor),
      S(scissor_on),
      S(primitive_restart),
      S(restart_index),
      S(rasterizer_discard),
      S(rasterizer_discard_off),
      S(multisample_off),
      S(alpha_to_coverage),
      S(alpha_to_one),
      S(sample_coverage),
      S(sample_coverage_on),
      S(sample_mask_value_off),
      S(sample_mask_on),
      S(sample_mask_value_on),
      S(provoking),
      S(seamless),
      S(line_smooth),
      S(clip0),
      S(clip3),
      S(clear_color),
      S(clear_depth),
      S(dither_off),
      S(bad_enum),
      S(bad_blend),
#undef S
   };
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fe_context *ctx = e.ctx;
   unsigned pipeline_changes = 0;
   for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
      uint64_t h0 = mgu_hash64(&ctx->rs, sizeof(ctx->rs), 0);
      uint64_t v0 = ctx->rs_version;
      struct mgp_dynamic_state ds0 = ctx->ds;
      uint64_t dv0 = ctx->ds_version;
      steps[i].apply();
      mgl_glGetError();
      uint64_t h1 = mgu_hash64(&ctx->rs, sizeof(ctx->rs), 0);
      bool hash_changed = h0 != h1, version_changed = v0 != ctx->rs_version;
      bool ds_changed = memcmp(&ds0, &ctx->ds, sizeof(ds0)) != 0;
      bool dv_changed = dv0 != ctx->ds_version;
      if (hash_changed != version_changed || ds_changed != dv_changed) {
         fprintf(stderr, "  setter %s: pipeline hash %s, version %s; dynamic %s, version %s\n",
                 steps[i].name, hash_changed ? "changed" : "same",
                 version_changed ? "changed" : "same", ds_changed ? "changed" : "same",
                 dv_changed ? "changed" : "same");
         fe_test_failures++;
      }
      pipeline_changes += hash_changed;
   }
   /* The walk does change the pipeline most of the time (it is not vacuous). */
   CHECK(pipeline_changes > 40);
   env_finish(&e);
}

/* Streamed glBufferSubData before each of several draws: every draw's own data leaves at the
 * GL call, in order, before that draw. */
static void
test_streamed_subdata(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   make_drawable();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   fake_clear();
   for (int i = 0; i < 4; i++) {
      float data[9];
      for (int k = 0; k < 9; k++)
         data[k] = (float)(i * 10 + k);
      mgl_glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(data), data);
      data[0] = -1; /* the app reuses its memory right away */
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   }
   CHECK_EQ(fake_count(), 8);
   for (int i = 0; i < 4; i++) {
      const struct fake_rec *s = fake_rec((unsigned)(2 * i));
      const struct fake_rec *d = fake_rec((unsigned)(2 * i + 1));
      CHECK(s && s->id == MGP_CALL_resource_subdata);
      CHECK(d && d->id == MGP_CALL_draw_vbo);
      if (!s || s->id != MGP_CALL_resource_subdata)
         continue;
      const struct mgp_resource_subdata *a = (const void *)s->args;
      CHECK_EQ(a->box.x, 0);
      CHECK_EQ(a->box.width, 36);
      CHECK_EQ(s->data_size, 36);
      float first;
      memcpy(&first, s->data, 4);
      CHECK(first == (float)(i * 10));
   }
   env_finish(&e);
}

/* Texture uploads: converted at the GL call (RGB -> RGBA8), left as one resource_subdata per
 * level at the next validate; sub-images coalesce into one record with several regions. */
static void
test_texture_uploads(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 1,
                             .samplers = {{"tex", GL_SAMPLER_2D, 1}}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo, tex;
   make_triangle(&vao, &vbo);
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   uint8_t rgb[4 * 3 * 4]; /* 4x4 RGB, rows of 12 bytes (alignment 4 holds) */
   for (int i = 0; i < (int)sizeof(rgb); i++)
      rgb[i] = (uint8_t)i;
   fake_clear();
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, rgb);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_create), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_subdata), 0); /* deferred to the verb */
   const struct mgp_resource_desc *d = (const void *)fake_find(MGP_CALL_resource_create, 0)->args;
   CHECK_EQ(d->format, MGP_FORMAT_RGBA8_UNORM);
   CHECK_EQ(d->target, MGP_RESOURCE_TARGET_TEX_2D);
   CHECK_EQ(d->levels, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *s = fake_find(MGP_CALL_resource_subdata, 0);
   CHECK(s != NULL);
   if (s) {
      const struct mgp_resource_subdata *a = (const void *)s->args;
      CHECK_EQ(a->format, MGP_FORMAT_RGBA8_UNORM);
      CHECK_EQ(a->box.width, 4);
      CHECK_EQ(a->box.height, 4);
      CHECK_EQ(a->region_count, 1);
      CHECK_EQ(s->data_size, 64);
      /* texel (1,0): rgb bytes 3,4,5 -> 3,4,5,255; texel (0,1): row 1 starts at byte 12 */
      CHECK(s->data[4] == 3 && s->data[5] == 4 && s->data[6] == 5 && s->data[7] == 255);
      CHECK(s->data[16] == 12 && s->data[19] == 255);
   }
   /* the upload precedes the draw; the view names the texture */
   unsigned up = 0, dr = 0;
   for (unsigned i = 0; i < fake_count(); i++) {
      if (fake_rec(i)->id == MGP_CALL_resource_subdata)
         up = i;
      if (fake_rec(i)->id == MGP_CALL_draw_vbo)
         dr = i;
   }
   CHECK(up < dr);
   const struct mgp_create_sampler_view *v =
      (const void *)fake_find(MGP_CALL_create_sampler_view, 0)->args;
   CHECK(mgp_handle_eq(v->texture, d->res));
   CHECK_EQ(v->num_levels, 1);
   /* two sub-rectangles: one record, two regions, union box */
   fake_clear();
   uint8_t px[2 * 2 * 4];
   memset(px, 7, sizeof(px));
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_EQ(fake_count(), 0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_subdata), 1);
   s = fake_find(MGP_CALL_resource_subdata, 0);
   if (s) {
      const struct mgp_resource_subdata *a = (const void *)s->args;
      CHECK_EQ(a->region_count, 2);
      CHECK(a->box.x == 0 && a->box.y == 0 && a->box.width == 4 && a->box.height == 4);
      const struct mgp_sub_region *r = s->tail;
      CHECK(r[1].x == 2 && r[1].y == 2 && r[1].width == 2 && r[1].src_offset == 4);
      CHECK_EQ(s->data_size, 4 + 16);
   }
   /* the set of views did not change: not resent */
   CHECK_EQ(fake_count_of(MGP_CALL_set_sampler_views), 0);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
}

/* An incomplete texture samples as (0,0,0,1): a 1x1 stand-in is bound, never nothing. */
static void
test_incomplete_texture_black(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 1,
                             .samplers = {{"tex", GL_SAMPLER_2D, 1}}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo, tex;
   make_triangle(&vao, &vbo);
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   /* level 0 only, with the default mipmapping min filter: incomplete */
   uint8_t texel[4] = {255, 255, 255, 255};
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   (void)texel;
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *sv = fake_find(MGP_CALL_set_sampler_views, 0);
   CHECK(sv && sv->tail_count == 1);
   const struct fake_rec *black = fake_find(MGP_CALL_resource_create, 0);
   CHECK(black != NULL);
   if (sv && black) {
      const struct mgp_resource_desc *d = (const void *)black->args;
      CHECK(d->width == 1 && d->height == 1 && d->format == MGP_FORMAT_RGBA8_UNORM);
      const struct mgp_create_sampler_view *v =
         (const void *)fake_find(MGP_CALL_create_sampler_view, 0)->args;
      CHECK(mgp_handle_eq(v->texture, d->res));
      const struct fake_rec *up = fake_find(MGP_CALL_resource_subdata, 0);
      CHECK(up && up->data_size == 4 && up->data[3] == 255 && up->data[0] == 0);
   }
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 1);
   /* completing it (no mipmaps needed) switches the view to the texture */
   fake_clear();
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_sampler_views), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_create_sampler), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_set_texture_params), 1);
   env_finish(&e);
}

/* ARB_stencil_texturing: GL_DEPTH_STENCIL_TEXTURE_MODE is a texture parameter (not a sampler
 * object's), goes to the server as set_texture_params.depth_stencil_mode, and makes a
 * depth/stencil texture whose filters are not NEAREST incomplete (GL 4.6 §8.17). */
static void
test_stencil_texturing(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   GLint n = 0;
   bool listed = false;
   mgl_glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint k = 0; k < n; k++)
      listed |= !strcmp((const char *)mgl_glGetStringi(GL_EXTENSIONS, (GLuint)k),
                        "GL_ARB_stencil_texturing");
   CHECK(listed);
   struct fake_program fp = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 1,
                             .samplers = {{"tex", GL_UNSIGNED_INT_SAMPLER_2D, 1}}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo, tex, smp;
   make_triangle(&vao, &vbo);
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL,
                    GL_UNSIGNED_INT_24_8, NULL);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   GLint mode = 0;
   mgl_glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &mode);
   CHECK_EQ(mode, GL_DEPTH_COMPONENT);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_RED);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glGenSamplers(1, &smp);
   mgl_glSamplerParameteri(smp, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
   CHECK_ERR(GL_INVALID_ENUM);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
   CHECK_ERR(GL_NO_ERROR);
   mgl_glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &mode);
   CHECK_EQ(mode, GL_STENCIL_INDEX);

   /* LINEAR magnification (the default): the stencil is not filtered, so incomplete */
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *v = fake_find(MGP_CALL_create_sampler_view, 0);
   CHECK(v && !mgp_handle_eq(((const struct mgp_create_sampler_view *)v->args)->texture,
                             fe_texture_named(e.ctx, tex)->res));
   for (unsigned k = 0; fake_find(MGP_CALL_set_texture_params, k); k++)
      CHECK(!mgp_handle_eq(
         ((const struct mgp_texture_params *)fake_find(MGP_CALL_set_texture_params, k)->args)->res,
         fe_texture_named(e.ctx, tex)->res));

   fake_clear();
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *tp = fake_find(MGP_CALL_set_texture_params, 0);
   CHECK(tp != NULL);
   if (tp)
      CHECK_EQ(((const struct mgp_texture_params *)tp->args)->depth_stencil_mode, 1);
   v = fake_find(MGP_CALL_create_sampler_view, 0);
   CHECK(v && mgp_handle_eq(((const struct mgp_create_sampler_view *)v->args)->texture,
                            fe_texture_named(e.ctx, tex)->res));

   /* back to depth: sent again, 0 */
   fake_clear();
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   tp = fake_find(MGP_CALL_set_texture_params, 0);
   CHECK(tp && ((const struct mgp_texture_params *)tp->args)->depth_stencil_mode == 0);
   mgl_glDeleteSamplers(1, &smp);
   env_finish(&e);
}

/* A bound sampler object replaces the texture's sampling state in the sampler CSO; the
 * sampler set is sent again only when the bound sampler or its parameters change (a change
 * to the texture's own sampling state, or to a sampler bound nowhere, sends nothing). */
static void
test_sampler_objects(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 1,
                             .samplers = {{"tex", GL_SAMPLER_2D, 1}}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo, tex, smp[2];
   make_triangle(&vao, &vbo);
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glGenSamplers(2, smp);
   mgl_glSamplerParameteri(smp[0], GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   mgl_glSamplerParameteri(smp[0], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   fake_clear();
   mgl_glBindSampler(0, smp[0]);
   CHECK_EQ(fake_count(), 0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_create_sampler), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_sampler_states), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_set_sampler_views), 0); /* the same texture */
   const struct fake_rec *c = fake_find(MGP_CALL_create_sampler, 0);
   if (c) {
      const struct mgp_create_sampler *a = (const void *)c->args;
      CHECK_EQ(a->state.min_filter, MGP_FILTER_LINEAR);
      CHECK_EQ(a->state.mag_filter, MGP_FILTER_NEAREST);
      CHECK_EQ(a->state.wrap_s, MGP_WRAP_REPEAT);
   }
   /* nothing changed: only the draw */
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count(), 1);
   /* the texture's own filters and another sampler's parameters: nothing to send */
   fake_clear();
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   mgl_glSamplerParameteri(smp[1], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count(), 1);
   /* the bound sampler's parameter: one new CSO, bound */
   fake_clear();
   mgl_glSamplerParameteri(smp[0], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_create_sampler), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_sampler_states), 1);
   c = fake_find(MGP_CALL_create_sampler, 0);
   if (c)
      CHECK_EQ(((const struct mgp_create_sampler *)c->args)->state.wrap_s, MGP_WRAP_CLAMP_TO_EDGE);
   /* unbound: the texture's own state (min NEAREST, mag NEAREST now) */
   fake_clear();
   mgl_glBindSampler(0, 0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_sampler_states), 1);
   c = fake_find(MGP_CALL_create_sampler, 0);
   CHECK(c != NULL);
   if (c) {
      const struct mgp_create_sampler *a = (const void *)c->args;
      CHECK(a->state.min_filter == MGP_FILTER_NEAREST &&
            a->state.mag_filter == MGP_FILTER_NEAREST && a->state.wrap_s == MGP_WRAP_REPEAT);
   }
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteSamplers(2, smp);
   env_finish(&e);
}

/* The border colour a draw sends for tex (bound to unit 0 under prog) through the unit's
 * sampler state: the create_sampler the draw makes (the test keeps every clamped colour new,
 * so each draw makes one). False when the draw made none. */
static bool
drawn_border(GLuint prog, GLuint tex, uint32_t out[4], uint8_t *form)
{
   mgl_glUseProgram(prog);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_NO_ERROR);
   const struct fake_rec *c = fake_find(MGP_CALL_create_sampler, 0);
   if (!c)
      return false;
   const struct mgp_create_sampler *a = (const void *)c->args;
   memcpy(out, a->state.border_color, 16);
   *form = a->state.border_color_form;
   return true;
}

/* A 2x2 texture of internal, format and type (no pixels), NEAREST, no mipmaps. */
static GLuint
border_texture(GLenum internal, GLenum format, GLenum type)
{
   GLuint tex;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, 2, 2, 0, format, type, NULL);
   CHECK_ERR(GL_NO_ERROR);
   return tex;
}

#define CHECK_BORDER(prog, tex, want_form, w0, w1, w2, w3)                                         \
   do {                                                                                            \
      uint32_t got_[4] = {0};                                                                      \
      uint8_t form_ = 0xff;                                                                        \
      CHECK(drawn_border(prog, tex, got_, &form_));                                                \
      CHECK_EQ(form_, want_form);                                                                  \
      CHECK_EQ(got_[0], (uint32_t)(w0));                                                           \
      CHECK_EQ(got_[1], (uint32_t)(w1));                                                           \
      CHECK_EQ(got_[2], (uint32_t)(w2));                                                           \
      CHECK_EQ(got_[3], (uint32_t)(w3));                                                           \
   } while (0)

/* GL 3.3 §3.8.10: the border colour is clamped to the range of the sampled texture's format
 * (integer: per component width and signedness; unsigned/signed normalized: [0, 1]/[-1, 1];
 * float: the finite range it stores, a 32-bit float keeping it; a depth format clamps its
 * depth, the first component). The clamp is
 * the front end's, so the border the backend receives is the one GL defines whatever the
 * device does with a custom border outside the format's range (Vulkan leaves it undefined).
 * One sampler object bound in turn to textures of two formats gives each its own clamp. */
static void
test_border_clamped_to_format(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   const GLenum types[3] = {GL_UNSIGNED_INT_SAMPLER_2D, GL_INT_SAMPLER_2D, GL_SAMPLER_2D};
   GLuint prog[3];
   for (int i = 0; i < 3; i++) {
      struct fake_program fp = {
         .num_inputs = 1, .inputs = {"pos"}, .num_samplers = 1, .samplers = {{"tex", types[i], 1}}};
      prog[i] = make_program(&fp);
   }
   GLuint smp;
   mgl_glGenSamplers(1, &smp);
   mgl_glSamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   mgl_glSamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   mgl_glSamplerParameteri(smp, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   mgl_glSamplerParameteri(smp, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
   mgl_glBindSampler(0, smp);

   /* unsigned: one sampler object, an RGBA8UI and an RGBA16UI texture in turn */
   const GLuint ub[4] = {300, 70000, 0xffffffffu, 7};
   mgl_glSamplerParameterIuiv(smp, GL_TEXTURE_BORDER_COLOR, ub);
   const GLuint u8 = border_texture(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE);
   const GLuint u16 = border_texture(GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT);
   const GLuint u32 = border_texture(GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT);
   const GLuint u1010102 = border_texture(GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE);
   const GLuint r8ui = border_texture(GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE);
   CHECK_BORDER(prog[0], u8, 2, 255, 255, 255, 7);
   CHECK_BORDER(prog[0], u16, 2, 300, 65535, 65535, 7);
   CHECK_BORDER(prog[0], u32, 2, 300, 70000, 0xffffffffu, 7);
   CHECK_BORDER(prog[0], u1010102, 2, 300, 1023, 1023, 3);
   /* R8UI: the missing components as the base format reads them (0, 0, 1) */
   CHECK_BORDER(prog[0], r8ui, 2, 255, 0, 0, 1);
   /* back to the RGBA8UI texture: its own clamp again (the cached sampler, bound) */
   mgl_glBindTexture(GL_TEXTURE_2D, u8);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_create_sampler), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_sampler_states), 1);
   /* the query keeps the colour as given */
   GLuint q[4] = {0};
   mgl_glGetSamplerParameterIuiv(smp, GL_TEXTURE_BORDER_COLOR, q);
   CHECK(!memcmp(q, ub, sizeof(q)));

   /* signed, with glSamplerParameterIiv */
   const GLint ib[4] = {-200, 200, -40000, 40000};
   mgl_glSamplerParameterIiv(smp, GL_TEXTURE_BORDER_COLOR, ib);
   const GLuint i8 = border_texture(GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE);
   const GLuint i16 = border_texture(GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT);
   const GLuint i32 = border_texture(GL_RGBA32I, GL_RGBA_INTEGER, GL_INT);
   CHECK_BORDER(prog[1], i8, 1, -128, 127, -128, 127);
   CHECK_BORDER(prog[1], i16, 1, -200, 200, -32768, 32767);
   CHECK_BORDER(prog[1], i32, 1, -200, 200, -40000, 40000);

   /* float borders: unsigned normalized [0, 1], signed normalized [-1, 1], float unclamped;
    * -0 reads +0 */
   const float fb[4] = {2.0f, -0.5f, 0.25f, -0.0f};
   mgl_glSamplerParameterfv(smp, GL_TEXTURE_BORDER_COLOR, fb);
   const GLuint n8 = border_texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
   const GLuint s8 = border_texture(GL_RGBA8_SNORM, GL_RGBA, GL_BYTE);
   const GLuint f16 = border_texture(GL_RGBA16F, GL_RGBA, GL_FLOAT);
   const GLuint d16 = border_texture(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_FLOAT);
   const GLuint d32f = border_texture(GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT);
   CHECK_BORDER(prog[2], n8, 0, fe_f2u(1.0f), fe_f2u(0.0f), fe_f2u(0.25f), fe_f2u(0.0f));
   CHECK_BORDER(prog[2], s8, 0, fe_f2u(1.0f), fe_f2u(-0.5f), fe_f2u(0.25f), fe_f2u(0.0f));
   CHECK_BORDER(prog[2], f16, 0, fe_f2u(2.0f), fe_f2u(-0.5f), fe_f2u(0.25f), fe_f2u(-0.0f));
   /* a normalized depth clamps its depth (the first component) */
   CHECK_BORDER(prog[2], d16, 0, fe_f2u(1.0f), fe_f2u(-0.5f), fe_f2u(0.25f), fe_f2u(-0.0f));
   const float fb2[4] = {-3.0f, -0.5f, 0.25f, 4.0f};
   mgl_glSamplerParameterfv(smp, GL_TEXTURE_BORDER_COLOR, fb2);
   CHECK_BORDER(prog[2], d32f, 0, fe_f2u(-3.0f), fe_f2u(-0.5f), fe_f2u(0.25f), fe_f2u(4.0f));
   CHECK_BORDER(prog[2], s8, 0, fe_f2u(-1.0f), fe_f2u(-0.5f), fe_f2u(0.25f), fe_f2u(1.0f));
   /* float formats narrower than 32 bits: the finite range each component stores. Half
    * floats [-65504, 65504] (NaN and -0 kept, as a half stores them); the unsigned packed
    * floats from 0, to 65024 (11 bits) and 64512 (10 bits); RGB9_E5 to 65408; the BPTC
    * unsigned float (stored as half floats) from 0 to 65504; 32-bit floats keep it */
   const float big[4] = {1e6f, -1e6f, 70000.0f, -70000.0f};
   mgl_glSamplerParameterfv(smp, GL_TEXTURE_BORDER_COLOR, big);
   const GLuint r11 = border_texture(GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT);
   const GLuint e5 = border_texture(GL_RGB9_E5, GL_RGB, GL_FLOAT);
   const GLuint f32 = border_texture(GL_RGBA32F, GL_RGBA, GL_FLOAT);
   const GLuint r16f = border_texture(GL_R16F, GL_RED, GL_FLOAT);
   const GLuint bc6u = border_texture(GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, GL_RGB, GL_FLOAT);
   const GLuint bc6s = border_texture(GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, GL_RGB, GL_FLOAT);
   CHECK_BORDER(prog[2], f16, 0, fe_f2u(65504.0f), fe_f2u(-65504.0f), fe_f2u(65504.0f),
                fe_f2u(-65504.0f));
   CHECK_BORDER(prog[2], r16f, 0, fe_f2u(65504.0f), fe_f2u(0.0f), fe_f2u(0.0f), fe_f2u(1.0f));
   CHECK_BORDER(prog[2], r11, 0, fe_f2u(65024.0f), fe_f2u(0.0f), fe_f2u(64512.0f), fe_f2u(1.0f));
   CHECK_BORDER(prog[2], e5, 0, fe_f2u(65408.0f), fe_f2u(0.0f), fe_f2u(65408.0f), fe_f2u(1.0f));
   CHECK_BORDER(prog[2], bc6u, 0, fe_f2u(65504.0f), fe_f2u(0.0f), fe_f2u(65504.0f), fe_f2u(1.0f));
   CHECK_BORDER(prog[2], bc6s, 0, fe_f2u(65504.0f), fe_f2u(-65504.0f), fe_f2u(65504.0f),
                fe_f2u(1.0f));
   CHECK_BORDER(prog[2], f32, 0, fe_f2u(1e6f), fe_f2u(-1e6f), fe_f2u(70000.0f), fe_f2u(-70000.0f));
   /* in range: kept (not rounded to the format); an unsigned float's -0 and NaN read 0, a
    * half float's are kept (RGB9_E5 the same as R11F_G11F_B10F: the cached sampler) */
   const float nan = fe_u2f(0x7fc00000u);
   const float small[4] = {-0.0f, nan, 0.1f, 65000.0f};
   mgl_glSamplerParameterfv(smp, GL_TEXTURE_BORDER_COLOR, small);
   CHECK_BORDER(prog[2], r11, 0, fe_f2u(0.0f), fe_f2u(0.0f), fe_f2u(0.1f), fe_f2u(1.0f));
   CHECK_BORDER(prog[2], f16, 0, fe_f2u(-0.0f), 0x7fc00000u, fe_f2u(0.1f), fe_f2u(65000.0f));
   const float past_10[4] = {64600.0f, 64600.0f, 64600.0f, 1.0f};
   mgl_glSamplerParameterfv(smp, GL_TEXTURE_BORDER_COLOR, past_10);
   CHECK_BORDER(prog[2], r11, 0, fe_f2u(64600.0f), fe_f2u(64600.0f), fe_f2u(64512.0f),
                fe_f2u(1.0f));
   /* clamped to white: the state of a standard border (the backend's OPAQUE_WHITE) */
   const float white[4] = {2.0f, 3.0f, 1.5f, 9.0f};
   mgl_glSamplerParameterfv(smp, GL_TEXTURE_BORDER_COLOR, white);
   CHECK_BORDER(prog[2], n8, 0, fe_f2u(1.0f), fe_f2u(1.0f), fe_f2u(1.0f), fe_f2u(1.0f));

   CHECK_ERR(GL_NO_ERROR);
   mgl_glDeleteSamplers(1, &smp);
   env_finish(&e);
}

/* The texture a set_sampler_views record's slot j names (through the views created so far). */
static struct mgp_handle
view_texture(const struct mgp_handle *views_made, const struct mgp_handle *view_tex,
             unsigned nviews, struct mgp_handle view)
{
   for (unsigned i = 0; i < nviews; i++)
      if (mgp_handle_eq(views_made[i], view))
         return view_tex[i];
   return mgp_handle_null();
}

/* A set_sampler_views / bind_sampler_states record's first slot. */
static uint32_t
set_start(const struct fake_rec *r)
{
   struct mgp_set_handles a;
   memcpy(&a, r->args, sizeof(a));
   return a.start;
}

/* Sampler resolution is keyed on what the units hold, not on the program: switching between
 * programs that sample the same units sends nothing but the program, and a texture changed on a
 * unit between two programs is what the next draw samples, on whichever program. */
static void
test_program_switch_samplers(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   /* A samples units 0 and 1 as s0, s1; B the same units as (t0, t1); C the other way round */
   struct fake_program fa = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 2,
                             .samplers = {{"s0", GL_SAMPLER_2D, 1}, {"s1", GL_SAMPLER_2D, 1}}};
   struct fake_program fb = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 2,
                             .samplers = {{"t0", GL_SAMPLER_2D, 1}, {"t1", GL_SAMPLER_2D, 1}}};
   GLuint pa = make_program(&fa), pb = make_program(&fb), pc = make_program(&fa);
   mgl_glUseProgram(pa);
   mgl_glUniform1i(mgl_glGetUniformLocation(pa, "s0"), 0);
   mgl_glUniform1i(mgl_glGetUniformLocation(pa, "s1"), 1);
   mgl_glUseProgram(pb);
   mgl_glUniform1i(mgl_glGetUniformLocation(pb, "t0"), 0);
   mgl_glUniform1i(mgl_glGetUniformLocation(pb, "t1"), 1);
   mgl_glUseProgram(pc);
   mgl_glUniform1i(mgl_glGetUniformLocation(pc, "s0"), 1);
   mgl_glUniform1i(mgl_glGetUniformLocation(pc, "s1"), 0);
   GLuint vao, vbo, tex[3];
   make_triangle(&vao, &vbo);
   mgl_glGenTextures(3, tex);
   for (int i = 0; i < 3; i++) {
      mgl_glBindTexture(GL_TEXTURE_2D, tex[i]);
      mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2 + i, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   }
   /* unit 0: tex[0], unit 1: tex[1] */
   mgl_glActiveTexture(GL_TEXTURE0);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[0]);
   mgl_glActiveTexture(GL_TEXTURE1);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[1]);
   mgl_glActiveTexture(GL_TEXTURE0);

   /* each texture's resource and its view, from the records of the draws that first use it */
   struct mgp_handle res[3], views_made[8], view_tex[8];
   unsigned nviews = 0;
   fake_clear();
   mgl_glUseProgram(pa);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glActiveTexture(GL_TEXTURE1);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[2]);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[1]);
   mgl_glActiveTexture(GL_TEXTURE0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   for (unsigned i = 0; i < fake_count_of(MGP_CALL_create_sampler_view) && nviews < 8; i++) {
      const struct mgp_create_sampler_view *v =
         (const void *)fake_find(MGP_CALL_create_sampler_view, i)->args;
      views_made[nviews] = v->cso;
      view_tex[nviews++] = v->texture;
   }
   CHECK_EQ(nviews, 3);
   for (int i = 0; i < 3; i++)
      res[i] = i < (int)nviews ? view_tex[i] : mgp_handle_null();
   /* the resources are the three textures, in the order first drawn: tex[0], tex[1], tex[2] */
   CHECK(!mgp_handle_eq(res[0], res[1]) && !mgp_handle_eq(res[1], res[2]));

   /* A -> B -> A over the same units: only the program changes */
   fake_clear();
   mgl_glUseProgram(pb);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glUseProgram(pa);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_draw_program), 2);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 2);
   CHECK_EQ(fake_count_of(MGP_CALL_set_sampler_views), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_sampler_states), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_create_sampler_view), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_create_sampler), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_set_texture_params), 0);

   /* A drew last; unit 1 gets tex[2], then B draws: B samples tex[2] at slot 1 */
   fake_clear();
   mgl_glActiveTexture(GL_TEXTURE1);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[2]);
   mgl_glActiveTexture(GL_TEXTURE0);
   mgl_glUseProgram(pb);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_sampler_views), 1);
   /* slot 0 (tex[0]) is as sent: slot 1 alone travels */
   const struct fake_rec *sv = fake_find(MGP_CALL_set_sampler_views, 0);
   CHECK(sv && sv->tail_count == 1 && set_start(sv) == 1);
   if (sv && sv->tail_count == 1) {
      const struct mgp_handle *h = sv->tail;
      CHECK(mgp_handle_eq(view_texture(views_made, view_tex, nviews, h[0]), res[2]));
   }
   /* back to A, which last drew with tex[1] on unit 1: it samples tex[2] too, nothing resent */
   fake_clear();
   mgl_glUseProgram(pa);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_sampler_views), 0);
   /* unit 0 changes under B, then A draws: A samples the new unit 0 (tex[1]) */
   fake_clear();
   mgl_glUseProgram(pb);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[1]);
   mgl_glUseProgram(pa);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   sv = fake_find(MGP_CALL_set_sampler_views, 0);
   CHECK(sv && sv->tail_count == 1 && set_start(sv) == 0); /* slot 1 (tex[2]) as sent */
   if (sv && sv->tail_count == 1) {
      const struct mgp_handle *h = sv->tail;
      CHECK(mgp_handle_eq(view_texture(views_made, view_tex, nviews, h[0]), res[1]));
   }
   /* C samples the same units the other way round: the set goes in C's order */
   fake_clear();
   mgl_glUseProgram(pc);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   sv = fake_find(MGP_CALL_set_sampler_views, 0);
   CHECK(sv && sv->tail_count == 2);
   if (sv && sv->tail_count == 2) {
      const struct mgp_handle *h = sv->tail;
      CHECK(mgp_handle_eq(view_texture(views_made, view_tex, nviews, h[0]), res[2]));
      CHECK(mgp_handle_eq(view_texture(views_made, view_tex, nviews, h[1]), res[1]));
   }
   /* a unit no program samples changes: nothing but the draws */
   fake_clear();
   mgl_glActiveTexture(GL_TEXTURE5);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[0]);
   mgl_glActiveTexture(GL_TEXTURE0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glUseProgram(pa);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_sampler_views), 1); /* C -> A reorders the set */
   CHECK_EQ(fake_count_of(MGP_CALL_create_sampler_view), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_sampler_states), 0);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteTextures(3, tex);
   env_finish(&e);
}

/* A unit rebound to a texture it sampled before resolves to that texture's view again without
 * new CSOs; a texture changed while bound nowhere resolves afresh when bound again (its new
 * sampling state, or the black stand-in once it is incomplete). */
static void
test_rebound_texture_resolves_fresh(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 1,
                             .samplers = {{"tex", GL_SAMPLER_2D, 1}}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo, tex[2];
   make_triangle(&vao, &vbo);
   mgl_glGenTextures(2, tex);
   for (int i = 0; i < 2; i++) {
      mgl_glBindTexture(GL_TEXTURE_2D, tex[i]);
      mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   }
   struct mgp_handle view[2] = {mgp_handle_null(), mgp_handle_null()};
   for (int i = 0; i < 2; i++) {
      fake_clear();
      mgl_glBindTexture(GL_TEXTURE_2D, tex[i]);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      const struct fake_rec *sv = fake_find(MGP_CALL_set_sampler_views, 0);
      CHECK(sv && sv->tail_count == 1);
      if (sv && sv->tail_count == 1)
         view[i] = ((const struct mgp_handle *)sv->tail)[0];
   }
   CHECK(!mgp_handle_eq(view[0], view[1]));
   /* back and forth: the same two views, nothing created */
   for (int round = 0; round < 2; round++) {
      for (int i = 0; i < 2; i++) {
         fake_clear();
         mgl_glBindTexture(GL_TEXTURE_2D, tex[i]);
         mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
         const struct fake_rec *sv = fake_find(MGP_CALL_set_sampler_views, 0);
         CHECK(sv && sv->tail_count == 1 &&
               mgp_handle_eq(((const struct mgp_handle *)sv->tail)[0], view[i]));
         CHECK_EQ(fake_count_of(MGP_CALL_create_sampler_view), 0);
         CHECK_EQ(fake_count_of(MGP_CALL_create_sampler), 0);
      }
   }
   /* tex[0] gets another wrap mode on unit 3 while unit 0 holds tex[1]: rebound on unit 0 it
    * samples with it */
   mgl_glActiveTexture(GL_TEXTURE3);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[0]);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
   mgl_glBindTexture(GL_TEXTURE_2D, 0);
   mgl_glActiveTexture(GL_TEXTURE0);
   fake_clear();
   mgl_glBindTexture(GL_TEXTURE_2D, tex[0]);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_sampler_states), 1);
   const struct fake_rec *c = fake_find(MGP_CALL_create_sampler, 0);
   CHECK(c != NULL);
   if (c)
      CHECK_EQ(((const struct mgp_create_sampler *)c->args)->state.wrap_s,
               MGP_WRAP_MIRRORED_REPEAT);
   /* tex[1] made incomplete (a mipmapping filter, one level) while unbound: rebound, it samples
    * as the black stand-in, not through its old view */
   mgl_glActiveTexture(GL_TEXTURE3);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[1]);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   mgl_glBindTexture(GL_TEXTURE_2D, 0);
   mgl_glActiveTexture(GL_TEXTURE0);
   fake_clear();
   mgl_glBindTexture(GL_TEXTURE_2D, tex[1]);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *sv = fake_find(MGP_CALL_set_sampler_views, 0);
   CHECK(sv && sv->tail_count == 1);
   if (sv && sv->tail_count == 1) {
      struct mgp_handle h = ((const struct mgp_handle *)sv->tail)[0];
      CHECK(!mgp_handle_eq(h, view[0]) && !mgp_handle_eq(h, view[1]));
   }
   const struct fake_rec *black = fake_find(MGP_CALL_resource_create, 0);
   CHECK(black != NULL);
   if (black) {
      const struct mgp_resource_desc *d = (const void *)black->args;
      CHECK(d->width == 1 && d->height == 1);
      const struct fake_rec *v = fake_find(MGP_CALL_create_sampler_view, 0);
      CHECK(v && mgp_handle_eq(((const struct mgp_create_sampler_view *)v->args)->texture, d->res));
   }
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteTextures(2, tex);
   env_finish(&e);
}

/* The view a draw that samples unit 0 sends (a set_sampler_views in the records), or null. */
static struct mgp_handle
unit0_view(void)
{
   const struct fake_rec *sv = fake_find(MGP_CALL_set_sampler_views, 0);
   return sv && sv->tail_count >= 1 ? ((const struct mgp_handle *)sv->tail)[0] : mgp_handle_null();
}

/* How many delete_sampler_view records name view h. */
static unsigned
view_deletes(struct mgp_handle h)
{
   unsigned n = 0;
   for (unsigned k = 0; fake_find(MGP_CALL_delete_sampler_view, k); k++) {
      const struct mgp_handle_args *d =
         (const void *)fake_find(MGP_CALL_delete_sampler_view, k)->args;
      n += mgp_handle_eq(d->h, h);
   }
   return n;
}

/* A handle as one word, for sorting. */
static uint64_t
handle_key(struct mgp_handle h)
{
   return ((uint64_t)h.gen << 32) | h.slot;
}

static int
key_cmp(const void *a, const void *b)
{
   const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
   return (x > y) - (x < y);
}

/* glDeleteTextures deletes every view of the texture and no other: over create/draw/delete
 * rounds the view cache stays at its size, a texture under a reused name (or in reused memory)
 * gets a view of its own resource, never the deleted one's, and another texture's view is
 * still a hit. Then more textures than the cache holds, each sampled once: the views evicted
 * on the way are deleted once, by the eviction (deleting their textures later deletes none of
 * the views that took their entries), and deleting the textures deletes the rest once each. */
static void
test_delete_texture_views(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 1,
                             .samplers = {{"tex", GL_SAMPLER_2D, 1}}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo, keep;
   make_triangle(&vao, &vbo);
   mgl_glGenTextures(1, &keep);
   mgl_glBindTexture(GL_TEXTURE_2D, keep);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct mgp_handle keep_view = unit0_view();
   CHECK(!mgp_handle_is_null(keep_view));
   const uint32_t base = fe_cso_count(e.ctx->cso_sampler_view);
   GLuint names[3] = {0};
   for (int round = 0; round < 3; round++) {
      GLuint tex;
      mgl_glGenTextures(1, &tex);
      names[round] = tex;
      mgl_glBindTexture(GL_TEXTURE_2D, tex);
      mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
      for (int l = 0; l < 3; l++)
         mgl_glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, 4 >> l, 4 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                          NULL);
      const struct mgp_handle res = fe_texture_named(e.ctx, tex)->res;
      /* two views of it: three levels, then one */
      struct mgp_handle view[2];
      for (int v = 0; v < 2; v++) {
         if (v)
            mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
         fake_clear();
         mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
         const struct fake_rec *c = fake_find(MGP_CALL_create_sampler_view, 0);
         CHECK(c && mgp_handle_eq(((const struct mgp_create_sampler_view *)c->args)->texture, res));
         CHECK_EQ(((const struct mgp_create_sampler_view *)c->args)->num_levels, v ? 1 : 3);
         view[v] = unit0_view();
         CHECK(!mgp_handle_is_null(view[v]) && !mgp_handle_eq(view[v], keep_view));
      }
      CHECK(!mgp_handle_eq(view[0], view[1]));
      CHECK_EQ(fe_cso_count(e.ctx->cso_sampler_view), base + 2);
      fake_clear();
      mgl_glDeleteTextures(1, &tex);
      CHECK_EQ(fake_count_of(MGP_CALL_delete_sampler_view), 2);
      CHECK_EQ(view_deletes(view[0]), 1);
      CHECK_EQ(view_deletes(view[1]), 1);
      CHECK_EQ(fe_cso_count(e.ctx->cso_sampler_view), base);
      /* the other texture's view survives: a hit, nothing created */
      fake_clear();
      mgl_glBindTexture(GL_TEXTURE_2D, keep);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(fake_count_of(MGP_CALL_create_sampler_view), 0);
      CHECK(mgp_handle_eq(unit0_view(), keep_view));
   }
   CHECK_EQ(names[1], names[0]); /* the rounds reused the name: a new object under it each time */
   CHECK_EQ(names[2], names[0]);

   /* more textures than views the cache holds, each sampled by one draw, none deleted */
   enum { N = FE_CSO_CAP_SAMPLER_VIEW + 16 };
   GLuint *many = calloc(N, sizeof(*many));
   uint64_t *made = calloc(N + 1, sizeof(*made)), *gone = calloc(N + 1, sizeof(*gone));
   unsigned nmade = 0, ngone = 0;
   CHECK(many && made && gone);
   if (!many || !made || !gone) {
      free(many), free(made), free(gone);
      env_finish(&e);
      return;
   }
   mgl_glGenTextures(N, many);
   fake_clear();
   for (int i = 0; i <= N; i++) {
      if (i < N) {
         mgl_glBindTexture(GL_TEXTURE_2D, many[i]);
         mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
         mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
         mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      } else {
         mgl_glBindTexture(GL_TEXTURE_2D, keep);
         /* the first textures' views were evicted, their entries now hold later views:
          * deleting them deletes nothing */
         const uint32_t before = fe_cso_count(e.ctx->cso_sampler_view);
         fake_clear();
         mgl_glDeleteTextures(8, many);
         CHECK_EQ(fake_count_of(MGP_CALL_delete_sampler_view), 0);
         CHECK_EQ(fe_cso_count(e.ctx->cso_sampler_view), before);
         mgl_glDeleteTextures(N - 8, many + 8);
      }
      /* the views made and deleted so far (room: every view once, keep's view once) */
      for (unsigned k = 0; k < fake_count(); k++) {
         const struct fake_rec *r = fake_rec(k);
         if (r->id == MGP_CALL_create_sampler_view && nmade < N + 1)
            made[nmade++] = handle_key(((const struct mgp_create_sampler_view *)r->args)->cso);
         else if (r->id == MGP_CALL_delete_sampler_view && ngone < N + 1)
            gone[ngone++] = handle_key(((const struct mgp_handle_args *)r->args)->h);
      }
      fake_clear();
   }
   CHECK_EQ(nmade, (unsigned)N);
   /* every view made is deleted once (evicted or purged); keep's, not sampled in the loop, may
    * have aged out, once */
   unsigned keep_gone = 0;
   for (unsigned k = 0; k < ngone; k++) {
      if (gone[k] == handle_key(keep_view)) {
         keep_gone++;
         gone[k] = gone[--ngone];
         k--;
      }
   }
   CHECK(keep_gone <= 1);
   qsort(made, nmade, sizeof(*made), key_cmp);
   qsort(gone, ngone, sizeof(*gone), key_cmp);
   CHECK_EQ(ngone, nmade);
   CHECK(ngone == nmade && !memcmp(made, gone, nmade * sizeof(*made)));
   CHECK_EQ(fe_cso_count(e.ctx->cso_sampler_view), base - keep_gone);
   free(made), free(gone);
   free(many);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteTextures(1, &keep);
   env_finish(&e);
}

/* Loose uniforms travel as the default block's shadow; blocks resolve through binding points
 * with whole-buffer sizes resolved live. */
static void
test_uniforms_and_ubo(void)
{
   /* the ranges as set_global_constants: a backend without set_constant_words (GLES before ABI 41) */
   fake_caps.call_mask[MGP_CALL_set_constant_words / 64] &=
      ~(1ull << (MGP_CALL_set_constant_words % 64));
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 3,
      .uniforms = {{"tint", GL_FLOAT_VEC4, 1}, {"arr", GL_FLOAT, 4}, {"m", GL_FLOAT_MAT2, 1}},
      .num_blocks = 1,
      .blocks = {"Lights"},
      .block_sizes = {64},
   };
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   GLint tint = mgl_glGetUniformLocation(prog, "tint");
   GLint arr = mgl_glGetUniformLocation(prog, "arr");
   GLint arr0 = mgl_glGetUniformLocation(prog, "arr[0]");
   GLint arr2 = mgl_glGetUniformLocation(prog, "arr[2]");
   GLint m = mgl_glGetUniformLocation(prog, "m");
   CHECK(tint >= 0 && arr >= 0);
   CHECK_EQ(arr0, arr);
   CHECK_EQ(arr2, arr + 2);
   CHECK_EQ(mgl_glGetUniformLocation(prog, "arr[4]"), -1);
   CHECK_EQ(mgl_glGetUniformLocation(prog, "nope"), -1);
   mgl_glUniform4f(tint, 1, 2, 3, 4);
   mgl_glUniform1f(arr2, 9.0f);
   const GLfloat mat[4] = {1, 2, 3, 4};
   mgl_glUniformMatrix2fv(m, 1, GL_TRUE, mat);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   GLuint ubo;
   mgl_glGenBuffers(1, &ubo);
   mgl_glBindBuffer(GL_UNIFORM_BUFFER, ubo);
   mgl_glBufferData(GL_UNIFORM_BUFFER, 64, NULL, GL_DYNAMIC_DRAW);
   GLuint bi = mgl_glGetUniformBlockIndex(prog, "Lights");
   CHECK_EQ(bi, 0);
   mgl_glUniformBlockBinding(prog, bi, 3);
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 3, ubo);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *gc = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(gc != NULL);
   if (gc) {
      CHECK_EQ(gc->data_size, 16 + 4 * 16 + 2 * 16);
      float f[4];
      memcpy(f, gc->data, 16);
      CHECK(f[0] == 1 && f[1] == 2 && f[2] == 3 && f[3] == 4);
      memcpy(f, gc->data + 16 + 2 * 16, 4);
      CHECK(f[0] == 9.0f);
      /* transposed 2x2: column 0 is (1, 3), column 1 is (2, 4) */
      memcpy(f, gc->data + 80, 8);
      CHECK(f[0] == 1 && f[1] == 3);
      memcpy(f, gc->data + 96, 8);
      CHECK(f[0] == 2 && f[1] == 4);
   }
   const struct fake_rec *sb = fake_find(MGP_CALL_set_shader_buffers, 0);
   CHECK(sb && sb->tail_count == 1);
   if (sb) {
      const struct mgp_set_shader_buffers *a = (const void *)sb->args;
      const struct mgp_buffer_range *r = sb->tail;
      CHECK_EQ(a->start, 1);
      CHECK_EQ(r[0].size, 64);
   }
   /* nothing changed: neither is resent */
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count(), 1);
   /* a new store for the bound buffer resizes the whole-buffer binding */
   mgl_glBufferData(GL_UNIFORM_BUFFER, 128, NULL, GL_DYNAMIC_DRAW);
   mgl_glUniform4f(tint, 5, 6, 7, 8);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   sb = fake_find(MGP_CALL_set_shader_buffers, 0);
   CHECK(sb && ((const struct mgp_buffer_range *)sb->tail)[0].size == 128);
   CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 1);
   /* glGetUniform reads the shadow back */
   GLfloat got[4];
   mgl_glGetUniformfv(prog, tint, got);
   CHECK(got[0] == 5 && got[3] == 8);
   fake_caps.call_mask[MGP_CALL_set_constant_words / 64] |= 1ull
                                                            << (MGP_CALL_set_constant_words % 64);
   env_finish(&e);
}

/* GL state read through hidden default-block members (gl_DepthRange, the framebuffer height for
 * gl_FragCoord's origin_upper_left): the front end writes the current values into the shadow it
 * uploads, and uploads again when they change. */
static void
test_state_uniforms(void)
{
   /* the ranges as set_global_constants: a backend without set_constant_words (GLES before ABI 41) */
   fake_caps.call_mask[MGP_CALL_set_constant_words / 64] &=
      ~(1ull << (MGP_CALL_set_constant_words % 64));
   struct fe_test_env e;
   env_init(&e, 64, 48);
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 1,
      .uniforms = {{"tint", GL_FLOAT_VEC4, 1}},
      .state_mask = (1u << GLSL_STATE_DEPTH_RANGE) | (1u << GLSL_STATE_FRAMEBUFFER_HEIGHT),
      .state_offset = {[GLSL_STATE_DEPTH_RANGE] = 16, [GLSL_STATE_FRAMEBUFFER_HEIGHT] = 32},
   };
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   mgl_glDepthRange(0.25, 0.75);
   mgl_glUniform4f(mgl_glGetUniformLocation(prog, "tint"), 1, 2, 3, 4);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *gc = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(gc != NULL);
   if (gc) {
      float f[4];
      CHECK_EQ(gc->data_size, 48);
      memcpy(f, gc->data, 16);
      CHECK(f[0] == 1 && f[3] == 4);
      memcpy(f, gc->data + 16, 12);
      CHECK(f[0] == 0.25f && f[1] == 0.75f && f[2] == 0.5f);
      memcpy(f, gc->data + 32, 4);
      CHECK(f[0] == 48.0f);
   }
   /* unchanged state: nothing resent */
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 0);
   /* a new depth range goes with the next draw (glDepthRange clamps to [0, 1]) */
   mgl_glDepthRange(1.5, 0.0);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   gc = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(gc != NULL);
   if (gc) {
      float f[3];
      CHECK_EQ(((const struct mgp_set_global_constants *)(const void *)gc->args)->offset, 16);
      CHECK_EQ(gc->data_size, 12);
      memcpy(f, gc->data, 12);
      CHECK(f[0] == 1.0f && f[1] == 0.0f && f[2] == -1.0f);
   }
   /* and so does the height of another draw framebuffer */
   GLuint tex, fbo;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   gc = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(gc != NULL);
   if (gc) {
      float h;
      CHECK_EQ(((const struct mgp_set_global_constants *)(const void *)gc->args)->offset, 32);
      CHECK_EQ(gc->data_size, 4);
      memcpy(&h, gc->data, 4);
      CHECK(h == 8.0f);
   }
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   fake_caps.call_mask[MGP_CALL_set_constant_words / 64] |= 1ull
                                                            << (MGP_CALL_set_constant_words % 64);
   env_finish(&e);
}

/* One glUniform4f after the block went over whole: only that vec4's 16 bytes and its offset go
 * out (issue 6: the whole block per change cost 300+ wire bytes a draw). */
static void
test_uniform_range_resend(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 3,
      .uniforms = {{"a", GL_FLOAT_VEC4, 1}, {"tint", GL_FLOAT_VEC4, 1}, {"m", GL_FLOAT_MAT4, 1}},
   };
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   GLint tint = mgl_glGetUniformLocation(prog, "tint");
   GLint m = mgl_glGetUniformLocation(prog, "m");
   /* a backend without set_constant_words (GLES before ABI 41): ranges as set_global_constants */
   const uint64_t words_bit = 1ull << (MGP_CALL_set_constant_words % 64);
   fake_caps.call_mask[MGP_CALL_set_constant_words / 64] &= ~words_bit;
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *gc = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(gc && gc->data_size == 96);
   /* one vec4 changes: its 16 bytes at its std140 offset */
   mgl_glUniform4f(tint, 5, 6, 7, 8);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 1);
   gc = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(gc != NULL);
   if (gc) {
      const struct mgp_set_global_constants *a = (const void *)gc->args;
      CHECK_EQ(a->offset, 16);
      CHECK_EQ(gc->data_size, 16);
      float f[4];
      memcpy(f, gc->data, 16);
      CHECK(f[0] == 5 && f[1] == 6 && f[2] == 7 && f[3] == 8);
   }
   /* only its middle components change: their 8 bytes; the same values again: nothing */
   mgl_glUniform4f(tint, 5, 9, 10, 8);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   gc = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(gc != NULL);
   if (gc) {
      const struct mgp_set_global_constants *a = (const void *)gc->args;
      CHECK_EQ(a->offset, 20);
      CHECK_EQ(gc->data_size, 8);
      float f[2];
      memcpy(f, gc->data, 8);
      CHECK(f[0] == 9 && f[1] == 10);
   }
   mgl_glUniform4f(tint, 5, 9, 10, 8);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count(), 1);
   /* two changes before a draw go as one merged range: tint through m's last changed float */
   mgl_glUniform4f(tint, 1, 1, 1, 1);
   const GLfloat mat[16] = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1};
   mgl_glUniformMatrix4fv(m, 1, GL_FALSE, mat);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   gc = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(gc != NULL);
   if (gc) {
      const struct mgp_set_global_constants *a = (const void *)gc->args;
      CHECK_EQ(a->offset, 16);
      CHECK_EQ(gc->data_size, 80);
   }
   /* nothing changed: nothing sent */
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 0);
   CHECK_EQ(fake_verify_mismatches(), 0);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   fake_caps.call_mask[MGP_CALL_set_constant_words / 64] |= words_bit;
   env_finish(&e);
}

/* The first draw of a program of a, tint and m (96 bytes) sends its block whole: the copy the
 * server then holds goes into held. */
static bool
first_block_sent(uint8_t held[96])
{
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *gc = fake_find(MGP_CALL_set_global_constants, 0);
   CHECK(gc && gc->data_size == 96);
   if (!gc || gc->data_size != 96)
      return false;
   memcpy(held, gc->data, 96);
   return true;
}

/* Issue 22: a short changed range of the bound program's default block goes as
 * set_constant_words (no span, no program handle); the block the server holds, patched with
 * every record, is the program's after each draw. A longer range goes as set_global_constants.
 * mgp_constant_words_apply refuses words past the block and a short tail. */
static void
test_uniform_words(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 3,
      .uniforms = {{"a", GL_FLOAT_VEC4, 1}, {"tint", GL_FLOAT_VEC4, 1}, {"m", GL_FLOAT_MAT4, 1}},
   };
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   GLint a = mgl_glGetUniformLocation(prog, "a");
   GLint tint = mgl_glGetUniformLocation(prog, "tint");
   GLint m = mgl_glGetUniformLocation(prog, "m");
   uint8_t held[96];
   if (!first_block_sent(held)) {
      env_finish(&e);
      return;
   }
   const GLfloat mat[16] = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1};
   const GLfloat mat2[16] = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 7};
   /* {first, count} of the words each step sends; count 0: set_global_constants */
   static const uint32_t want[6][2] = {{4, 4}, {5, 2}, {0, 1}, {0, 0}, {8, 16}, {4, 0}};
   for (int step = 0; step < 6; step++) {
      switch (step) {
      case 0: mgl_glUniform4f(tint, 5, 6, 7, 8); break;
      case 1: mgl_glUniform4f(tint, 5, 9, 10, 8); break;
      case 2: mgl_glUniform4f(a, 3, 0, 0, 0); break;
      case 3: mgl_glUniform4f(a, 3, 0, 0, 0); break; /* the same values: nothing */
      case 4: mgl_glUniformMatrix4fv(m, 1, GL_FALSE, mat); break;
      default: /* tint through m: 80 bytes, past CONSTANT_WORDS_MAX */
         mgl_glUniform4f(tint, 1, 1, 1, 1);
         mgl_glUniformMatrix4fv(m, 1, GL_FALSE, mat2);
         break;
      }
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      const struct fake_rec *w = fake_find(MGP_CALL_set_constant_words, 0);
      const struct fake_rec *g = fake_find(MGP_CALL_set_global_constants, 0);
      CHECK_EQ(w != NULL, want[step][1] != 0);
      CHECK_EQ(g != NULL, step == 5);
      CHECK_EQ(fake_count(), step == 3 ? 1u : 2u);
      if (w) {
         const struct mgp_constant_words *wa = (const void *)w->args;
         CHECK_EQ(wa->first, want[step][0]);
         CHECK_EQ(wa->count, want[step][1]);
         CHECK(mgp_constant_words_apply(held, sizeof(held), wa, w->tail, w->tail_count));
      }
      if (g) {
         const struct mgp_set_global_constants *ga = (const void *)g->args;
         CHECK_EQ(ga->offset, 16);
         CHECK(ga->offset + g->data_size <= sizeof(held));
         if (ga->offset + g->data_size <= sizeof(held))
            memcpy(held + ga->offset, g->data, g->data_size);
      }
      CHECK(!memcmp(held, e.ctx->tracker.exec->uniforms, sizeof(held)));
   }
   /* words past the block, a count whose sum with first would wrap, a short tail: refused */
   const uint8_t before[96] = {0};
   uint8_t block[96] = {0};
   const struct mgp_word words[2] = {{1}, {2}};
   CHECK(!mgp_constant_words_apply(block, 96, &(struct mgp_constant_words){23, 2}, words, 2));
   CHECK(
      !mgp_constant_words_apply(block, 96, &(struct mgp_constant_words){2, UINT32_MAX}, words, 2));
   CHECK(!mgp_constant_words_apply(block, 96, &(struct mgp_constant_words){25, 0}, words, 0));
   CHECK(!mgp_constant_words_apply(block, 96, &(struct mgp_constant_words){0, 2}, words, 1));
   CHECK(!memcmp(block, before, sizeof(block)));
   CHECK(mgp_constant_words_apply(block, 96, &(struct mgp_constant_words){22, 2}, words, 2));
   CHECK_EQ(fake_verify_mismatches(), 0);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
}

/* Issue 22: a glUniform* between compact draws rides in the draw (draw_words: one record, not
 * set_constant_words then draw), on the whole way and the repeat draw's, arrays and elements;
 * words held for a draw that is then dropped still go (set_constant_words); a draw that is not
 * compact, or a server without draw_words, gets the two records. */
static void
test_uniform_words_fold(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   const uint64_t draw_bit = 1ull << (MGP_CALL_draw % 64);
   const uint64_t fold_bit = 1ull << (MGP_CALL_draw_words % 64);
   fake_caps.call_mask[MGP_CALL_draw / 64] |= draw_bit;
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 3,
      .uniforms = {{"a", GL_FLOAT_VEC4, 1}, {"tint", GL_FLOAT_VEC4, 1}, {"m", GL_FLOAT_MAT4, 1}},
   };
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo, ib;
   make_triangle(&vao, &vbo);
   const uint16_t idx[3] = {0, 1, 2};
   mgl_glGenBuffers(1, &ib);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib);
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   GLint tint = mgl_glGetUniformLocation(prog, "tint");
   GLint m = mgl_glGetUniformLocation(prog, "m");
   uint8_t held[96];
   if (!first_block_sent(held)) {
      env_finish(&e);
      return;
   }
   /* steps 0-5 glDrawArrays (the whole way, then the repeat draw), 6-7 glDrawElements */
   for (int step = 0; step < 8; step++) {
      mgl_glUniform4f(tint, (float)step, 2, 3, 4);
      fake_clear();
      if (step < 6)
         mgl_glDrawArrays(GL_TRIANGLE_STRIP, 0, 3);
      else
         mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
      const bool first_elements = step == 6; /* binds the element buffer first */
      CHECK_EQ(fake_count(), first_elements ? 2u : 1u);
      CHECK_EQ(fake_count_of(MGP_CALL_set_constant_words), 0);
      CHECK_EQ(fake_count_of(MGP_CALL_draw), 0);
      const struct fake_rec *r = fake_find(MGP_CALL_draw_words, 0);
      CHECK(r != NULL);
      if (!r)
         continue;
      const struct mgp_draw_words *dw = (const void *)r->args;
      /* the words of tint that changed (words 4-7) */
      CHECK(dw->first >= 4 && dw->count >= 1 && dw->first + dw->count <= 8);
      CHECK_EQ(dw->draw.mode, step < 6 ? MGP_PRIM_TRIANGLE_STRIP : MGP_PRIM_TRIANGLES);
      CHECK_EQ(dw->draw.index_size, step < 6 ? 0 : 2);
      CHECK_EQ(dw->draw.count, 3);
      CHECK(mgp_constant_words_apply(held, sizeof(held),
                                     &(struct mgp_constant_words){dw->first, dw->count}, r->tail,
                                     r->tail_count));
      CHECK(!memcmp(held, e.ctx->tracker.exec->uniforms, sizeof(held)));
   }
   CHECK(e.ctx->draw_repeat.hits > 0); /* the repeat draw's way was among them */
   /* a draw dropped after its validate held the words (indices past its buffer, the whole
    * way: the repeat draw checks them first): the words go alone */
   mgl_glUniform4f(tint, 9, 9, 9, 9);
   fe_tracker_forget_draw(e.ctx);
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, (const void *)(uintptr_t)4);
   CHECK_EQ(fake_count_of(MGP_CALL_set_constant_words), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_words) + fake_count_of(MGP_CALL_draw), 0);
   const struct fake_rec *w = fake_find(MGP_CALL_set_constant_words, 0);
   if (w) {
      const struct mgp_constant_words *wa = (const void *)w->args;
      CHECK(mgp_constant_words_apply(held, sizeof(held), wa, w->tail, w->tail_count));
      CHECK(!memcmp(held, e.ctx->tracker.exec->uniforms, sizeof(held)));
   }
   /* not compact (instanced): set_constant_words, then draw_vbo */
   mgl_glUniform4f(tint, 7, 7, 7, 7);
   fake_clear();
   mgl_glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 2);
   CHECK_EQ(fake_count(), 2);
   CHECK_EQ(fake_rec(0)->id, MGP_CALL_set_constant_words);
   CHECK_EQ(fake_rec(1)->id, MGP_CALL_draw_vbo);
   /* a range too long for words: set_global_constants, then the draw alone */
   const GLfloat mat[16] = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1};
   mgl_glUniform4f(tint, 1, 1, 1, 1);
   mgl_glUniformMatrix4fv(m, 1, GL_FALSE, mat);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count(), 2);
   CHECK_EQ(fake_count_of(MGP_CALL_set_global_constants), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
   /* a server without draw_words: the two records */
   fake_caps.call_mask[MGP_CALL_draw_words / 64] &= ~fold_bit;
   for (int step = 0; step < 3; step++) {
      mgl_glUniform4f(tint, 5, 6, 7, (float)step);
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(fake_count(), 2);
      CHECK_EQ(fake_rec(0)->id, MGP_CALL_set_constant_words);
      CHECK_EQ(fake_rec(1)->id, MGP_CALL_draw);
   }
   fake_caps.call_mask[MGP_CALL_draw_words / 64] |= fold_bit;
   CHECK(!e.ctx->tracker.fold_words && !e.ctx->tracker.words_count);
   CHECK_EQ(fake_verify_mismatches(), 0);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~draw_bit;
   env_finish(&e);
}

/* Framebuffer state: texture attachments with formats inline; sent when it changes only. */
static void
test_framebuffer_state(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   make_drawable();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct mgp_framebuffer_state *st =
      (const void *)fake_find(MGP_CALL_set_framebuffer_state, 0)->args;
   CHECK(st->is_default && mgp_handle_eq(st->fbo, MGP_DEFAULT_FRAMEBUFFER));
   CHECK(mgp_handle_eq(st->color[0].res, e.surf->color));
   CHECK(st->width == 64 && st->draw_buffers[0] == 0 && st->draw_buffers[1] == -1);
   CHECK(mgp_handle_eq(st->read.res, e.surf->color));
   GLuint fbo, tex;
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER),
            GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_ERR(GL_INVALID_FRAMEBUFFER_OPERATION);
   CHECK_EQ(fake_count(), 0);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *r = fake_find(MGP_CALL_set_framebuffer_state, 0);
   CHECK(r != NULL);
   if (r) {
      st = (const void *)r->args;
      CHECK(!st->is_default && st->width == 32 && st->height == 16);
      CHECK(st->color[0].kind == 1 && st->color[0].format == MGP_FORMAT_RGBA8_UNORM);
      CHECK(st->content_hash != 0);
   }
   /* a draw buffer naming an empty attachment: complete (as since GL 4.1), writes dropped */
   GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   mgl_glDrawBuffers(2, bufs);
   CHECK_EQ(mgl_glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   mgl_glDrawBuffers(1, bufs);
   /* a renderbuffer depth attachment */
   GLuint rb;
   mgl_glGenRenderbuffers(1, &rb);
   mgl_glBindRenderbuffer(GL_RENDERBUFFER, rb);
   mgl_glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 32, 16);
   mgl_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
   CHECK_EQ(mgl_glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   fake_clear();
   mgl_glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   r = fake_find(MGP_CALL_set_framebuffer_state, 0);
   CHECK(r && ((const struct mgp_framebuffer_state *)r->args)->depth.kind == 2);
   const struct fake_rec *c = fake_find(MGP_CALL_clear, 0);
   CHECK(c && ((const struct mgp_clear *)c->args)->depth == 1 &&
         ((const struct mgp_clear *)c->args)->color_buffers == 1);
   /* back to the default framebuffer: sent again (another content hash) */
   fake_clear();
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_framebuffer_state), 1);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
}

/* Elements: index size from the type, the offset in index units, base vertex, instancing. */
static void
test_draw_forms(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   make_drawable();
   GLuint ib;
   mgl_glGenBuffers(1, &ib);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib);
   uint16_t idx[12] = {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2};
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, (const void *)(uintptr_t)6);
   const struct fake_rec *ibr = fake_find(MGP_CALL_set_index_buffer, 0);
   CHECK(ibr && ((const struct mgp_set_index_buffer *)ibr->args)->index_size == 2);
   const struct fake_rec *d = fake_find(MGP_CALL_draw_vbo, 0);
   CHECK(d && d->tail_count == 1);
   if (d) {
      const struct mgp_draw_vbo *a = (const void *)d->args;
      const struct mgp_draw_range *r = d->tail;
      CHECK(a->index_size == 2 && a->mode == MGP_PRIM_TRIANGLES && a->instance_count == 1);
      CHECK(r[0].start == 3 && r[0].count == 3 && r[0].index_bias == 0);
   }
   fake_clear();
   mgl_glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL, 7);
   mgl_glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 5);
   mgl_glDrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 2);
   mgl_glDrawRangeElements(GL_TRIANGLES, 0, 2, 3, GL_UNSIGNED_SHORT, NULL);
   CHECK_EQ(fake_count_of(MGP_CALL_set_index_buffer), 0); /* unchanged */
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 4);
   CHECK_EQ(((const struct mgp_draw_range *)fake_find(MGP_CALL_draw_vbo, 0)->tail)[0].index_bias,
            7);
   CHECK(draw_args(1)->instance_count == 5 && draw_args(1)->index_size == 0);
   CHECK(draw_args(2)->instance_count == 2 && draw_args(2)->index_size == 2);
   CHECK(draw_args(3)->flags & MGP_DRAW_HAS_INDEX_RANGE);
   CHECK(draw_args(3)->max_index == 2);
   /* past the end of the element buffer: skipped by name, no error */
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLES, 30, GL_UNSIGNED_SHORT, NULL);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 0);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   /* primitive restart travels with the draw */
   mgl_glEnable(GL_PRIMITIVE_RESTART);
   mgl_glPrimitiveRestartIndex(0xffff);
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLE_STRIP, 3, GL_UNSIGNED_SHORT, NULL);
   CHECK(draw_args(0) && (draw_args(0)->flags & MGP_DRAW_PRIMITIVE_RESTART) &&
         draw_args(0)->restart_index == 0xffff);
   /* multi-draw: one draw_vbo with two ranges */
   fake_clear();
   GLint firsts[2] = {0, 3};
   GLsizei counts[2] = {3, 3};
   mgl_glMultiDrawArrays(GL_TRIANGLES, firsts, counts, 2);
   CHECK(fake_find(MGP_CALL_draw_vbo, 0) && fake_find(MGP_CALL_draw_vbo, 0)->tail_count == 2);
   env_finish(&e);
}

static struct mgp_handle
bound_rs(unsigned i)
{
   const struct fake_rec *b = fake_find(MGP_CALL_bind_render_state, i);
   return b ? ((const struct mgp_handle_args *)b->args)->h : mgp_handle_null();
}

/* The render state found again among the last two without a hash (fe_cso_lookup_memo): a
 * third state is its own CSO, and after both were evicted a state comes back as a live CSO,
 * never the deleted handle the memo named. */
static void
test_render_state_memo(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   make_drawable();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   fake_clear();
   mgl_glEnable(GL_BLEND);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDisable(GL_BLEND);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glEnable(GL_DEPTH_TEST);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_render_state), 3);
   CHECK_EQ(fake_count_of(MGP_CALL_create_render_state), 2); /* blend on, depth on */
   const struct mgp_handle on = bound_rs(0), off = bound_rs(1), depth = bound_rs(2);
   CHECK(!mgp_handle_eq(on, off) && !mgp_handle_eq(depth, off) && !mgp_handle_eq(depth, on));

   mgl_glEnable(GL_STENCIL_TEST);
   for (int i = 0; i < FE_CSO_CAP_RENDER_STATE + 2; i++) {
      mgl_glStencilFuncSeparate(GL_FRONT, GL_NEVER + (GLenum)(i % 8), 0, 0xff);
      mgl_glLogicOp(GL_CLEAR + (GLenum)(i / 8));
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   }
   mgl_glDisable(GL_STENCIL_TEST);
   mgl_glStencilFuncSeparate(GL_FRONT, GL_ALWAYS, 0, 0xff);
   mgl_glLogicOp(GL_COPY);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3); /* the depth state again: evicted, created anew */
   CHECK_EQ(fake_count_of(MGP_CALL_create_render_state), 1);
   const struct fake_rec *c = fake_find(MGP_CALL_create_render_state, 0);
   CHECK(c && mgp_handle_eq(((const struct mgp_create_render_state *)c->args)->cso, bound_rs(0)));
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
}

/* More distinct render states than the cap: the least recently used is deleted. */
static void
test_render_state_lru(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   make_drawable();
   mgl_glEnable(GL_STENCIL_TEST);
   for (int i = 0; i < FE_CSO_CAP_RENDER_STATE + 6; i++) {
      mgl_glStencilOp(GL_KEEP, GL_KEEP, i & 1 ? GL_INCR : GL_DECR);
      mgl_glStencilFuncSeparate(GL_FRONT, GL_NEVER + (GLenum)(i % 8), 0, 0xff);
      mgl_glLogicOp(GL_CLEAR + (GLenum)(i / 8));
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   }
   CHECK_EQ(fe_cso_count(e.ctx->cso_render_state), FE_CSO_CAP_RENDER_STATE);
   CHECK(fake_count_of(MGP_CALL_delete_render_state) >= 6);
   CHECK_EQ(fake_count_of(MGP_CALL_create_render_state),
            fake_count_of(MGP_CALL_delete_render_state) + FE_CSO_CAP_RENDER_STATE);
   env_finish(&e);
}

/* A sampler CSO that a unit keeps resolving to stays recently used even when the tracker
 * resolves the unit from its own table (no CSO lookup): more new sampler states on another
 * unit than the cache holds evict those states, never the one unit 0 samples with. */
static void
test_sampling_cso_lru(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 2,
                             .samplers = {{"s0", GL_SAMPLER_2D, 1}, {"s1", GL_SAMPLER_2D, 1}}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   mgl_glUniform1i(mgl_glGetUniformLocation(prog, "s1"), 1);
   GLuint vao, vbo, tex[2], smp;
   make_triangle(&vao, &vbo);
   mgl_glGenTextures(2, tex);
   for (int i = 0; i < 2; i++) {
      mgl_glActiveTexture(GL_TEXTURE0 + (GLenum)i);
      mgl_glBindTexture(GL_TEXTURE_2D, tex[i]);
      mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   }
   mgl_glActiveTexture(GL_TEXTURE0);
   mgl_glGenSamplers(1, &smp);
   mgl_glSamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST); /* complete: one level */
   mgl_glSamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST); /* not unit 0's state */
   mgl_glBindSampler(1, smp);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *b = fake_find(MGP_CALL_bind_sampler_states, 0);
   CHECK(b && b->tail_count == 2);
   const struct mgp_handle unit0 =
      b && b->tail_count == 2 ? ((const struct mgp_handle *)b->tail)[0] : mgp_handle_null();
   CHECK(!mgp_handle_eq(unit0, mgp_handle_null()));
   fake_clear();
   const int n = FE_CSO_CAP_SAMPLER + 8;
   for (int i = 1; i <= n; i++) {
      mgl_glSamplerParameterf(smp, GL_TEXTURE_MIN_LOD, -(float)i); /* a new sampler state */
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   }
   CHECK_EQ(fake_count_of(MGP_CALL_create_sampler), (unsigned)n);
   CHECK_EQ(fake_count_of(MGP_CALL_delete_sampler), (unsigned)n + 2 - FE_CSO_CAP_SAMPLER);
   for (unsigned k = 0; k < fake_count_of(MGP_CALL_delete_sampler); k++) {
      const struct mgp_handle_args *d = (const void *)fake_find(MGP_CALL_delete_sampler, k)->args;
      CHECK(!mgp_handle_eq(d->h, unit0));
   }
   const unsigned nb = fake_count_of(MGP_CALL_bind_sampler_states);
   CHECK_EQ(nb, (unsigned)n);
   b = nb ? fake_find(MGP_CALL_bind_sampler_states, nb - 1) : NULL;
   /* unit 0's sampler stays bound: each bind sends slot 1 alone */
   CHECK(b && b->tail_count == 1 && set_start(b) == 1 &&
         !mgp_handle_eq(((const struct mgp_handle *)b->tail)[0], unit0));
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteSamplers(1, &smp);
   mgl_glDeleteTextures(2, tex);
   env_finish(&e);
}

/* Map for write sends the written range at unmap; map for read reads it back. */
static void
test_map_buffer(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   GLuint b;
   mgl_glGenBuffers(1, &b);
   mgl_glBindBuffer(GL_COPY_WRITE_BUFFER, b);
   mgl_glBufferData(GL_COPY_WRITE_BUFFER, 256, NULL, GL_STREAM_DRAW);
   fake_clear();
   uint8_t *p = mgl_glMapBufferRange(GL_COPY_WRITE_BUFFER, 16, 32,
                                     GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   CHECK(p != NULL);
   CHECK_EQ(fake_count(), 0); /* no readback for an invalidating write map */
   if (p)
      memset(p, 0x5a, 32);
   CHECK(mgl_glUnmapBuffer(GL_COPY_WRITE_BUFFER) == GL_TRUE);
   const struct fake_rec *s = fake_find(MGP_CALL_resource_subdata, 0);
   CHECK(s && s->data_size == 32 && s->data[0] == 0x5a &&
         ((const struct mgp_resource_subdata *)s->args)->box.x == 16);
   fake_clear();
   p = mgl_glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 8, GL_MAP_READ_BIT);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_readback), 1);
   CHECK(p && p[0] == 0 && p[5] == 5); /* the recorder's reply pattern */
   mgl_glUnmapBuffer(GL_COPY_WRITE_BUFFER);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_subdata), 0);
   /* explicit flushes send exactly the flushed ranges */
   fake_clear();
   p = mgl_glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 64,
                            GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
   mgl_glFlushMappedBufferRange(GL_COPY_WRITE_BUFFER, 8, 4);
   mgl_glUnmapBuffer(GL_COPY_WRITE_BUFFER);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_readback), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_subdata), 1);
   s = fake_find(MGP_CALL_resource_subdata, 0);
   CHECK(s && ((const struct mgp_resource_subdata *)s->args)->box.x == 8 && s->data_size == 4);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
}

/* glClear carries its masks and scissor; glScissor(0,0,0,0) is legal. */
static void
test_clear_and_read(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   mgl_glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
   mgl_glColorMask(1, 0, 1, 1);
   mgl_glEnable(GL_SCISSOR_TEST);
   mgl_glScissor(0, 0, 0, 0);
   fake_clear();
   mgl_glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   const struct fake_rec *c = fake_find(MGP_CALL_clear, 0);
   CHECK(c != NULL);
   if (c) {
      const struct mgp_clear *a = (const void *)c->args;
      CHECK(a->color_buffers == 1 && a->stencil == 1 && a->depth == 0);
      CHECK(fe_u2f(a->color[1]) == 0.5f && a->color_write_mask[0] == 0xd);
      CHECK(a->scissor_enable == 1 && a->scissor[2] == 0 && a->scissor[3] == 0);
   }
   CHECK_EQ(fake_count_of(MGP_CALL_create_render_state), 0);
   uint8_t px[4 * 4 * 4];
   fake_clear();
   mgl_glPixelStorei(GL_PACK_ALIGNMENT, 1);
   mgl_glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_EQ(fake_count_of(MGP_CALL_set_pixel_pack_state), 1);
   const struct fake_rec *r = fake_find(MGP_CALL_read_pixels, 0);
   /* the answer: the rectangle, then the surface's RGBA8 texels tight */
   CHECK(r &&
         ((const struct mgp_read_pixels *)r->args)->out.size ==
            sizeof(struct mgp_texels_rect) + sizeof(px) &&
         ((const struct mgp_read_pixels *)r->args)->format == MGP_FORMAT_RGBA8_UNORM);
   CHECK(px[9] == 9);
   fake_clear();
   mgl_glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_EQ(fake_count_of(MGP_CALL_set_pixel_pack_state), 0);
   /* (the glGetError calls above waited once each after an allocation: fe_check_allocations) */
   const unsigned syncs = fake_syncs();
   mgl_glFinish();
   CHECK(fake_find(MGP_CALL_flush, 0) &&
         ((const struct mgp_u32_args *)fake_find(MGP_CALL_flush, 0)->args)->value ==
            MGP_FLUSH_FINISH);
   CHECK_EQ(fake_syncs(), syncs + 1);
   env_finish(&e);
}

/* glReadPixels into a pixel pack buffer is one pack_to_buffer and no round trip: nothing comes
 * back until the app reads the buffer (then one resource_readback). */
static void
test_read_pixels_pack_buffer(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   GLuint b;
   mgl_glGenBuffers(1, &b);
   mgl_glBindBuffer(GL_PIXEL_PACK_BUFFER, b);
   mgl_glBufferData(GL_PIXEL_PACK_BUFFER, 256, NULL, GL_STREAM_READ);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR); /* waits once for the allocation's answer */
   fake_clear();
   const unsigned syncs = fake_syncs();
   mgl_glReadPixels(1, 2, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)64);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_read_pixels), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_readback), 0);
   CHECK_EQ(fake_syncs(), syncs);
   const struct fake_rec *r = fake_find(MGP_CALL_pack_to_buffer, 0);
   CHECK(r != NULL);
   if (r) {
      const struct mgp_pack_to_buffer *a = (const void *)r->args;
      CHECK(a->offset == 64 && a->x == 1 && a->y == 2 && a->width == 4 && a->height == 4);
      CHECK(mgp_handle_is_null(a->res) && !mgp_handle_is_null(a->buffer));
   }
   /* 64 + 64 bytes fit; at offset 224 they do not */
   fake_clear();
   mgl_glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)224);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   CHECK_EQ(fake_count(), 0);
   uint8_t out[16];
   mgl_glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 64, 16, out);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_readback), 1);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
}

/* Texels already in the texture's format come from a pixel unpack buffer on the server
 * (texture_subdata_from_buffer, no round trip), after the level's pending client upload;
 * texels to convert are read back (one round trip) and uploaded as usual. */
static void
test_unpack_buffer_upload(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   GLuint b, t;
   mgl_glGenBuffers(1, &b);
   mgl_glBindBuffer(GL_PIXEL_UNPACK_BUFFER, b);
   mgl_glBufferData(GL_PIXEL_UNPACK_BUFFER, 1024, NULL, GL_STATIC_DRAW);
   mgl_glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
   mgl_glGenTextures(1, &t);
   mgl_glBindTexture(GL_TEXTURE_2D, t);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   uint8_t px[16] = {0};
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
   fake_clear();
   mgl_glBindBuffer(GL_PIXEL_UNPACK_BUFFER, b);
   mgl_glPixelStorei(GL_UNPACK_ROW_LENGTH, 6);
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 2, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE,
                       (void *)(uintptr_t)40);
   mgl_glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_readback), 0);
   CHECK_EQ(fake_count(), 2);
   CHECK(fake_count() == 2 && fake_rec(0)->id == MGP_CALL_resource_subdata &&
         fake_rec(1)->id == MGP_CALL_texture_subdata_from_buffer);
   const struct fake_rec *r = fake_find(MGP_CALL_texture_subdata_from_buffer, 0);
   if (r && r->tail_count == 1) {
      const struct mgp_texture_subdata_from_buffer *a = (const void *)r->args;
      const struct mgp_sub_region *g = r->tail;
      CHECK(a->offset == 40 && a->region_count == 1 && a->format == MGP_FORMAT_RGBA8_UNORM);
      CHECK(g->x == 1 && g->y == 2 && g->width == 4 && g->height == 3 && g->src_row_stride == 24 &&
            g->src_offset == 0);
   } else {
      CHECK(!"one texture_subdata_from_buffer with one region");
   }
   /* RGB into RGBA8 is a conversion: read back, then uploaded from the client */
   fake_clear();
   mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGB, GL_UNSIGNED_BYTE, (void *)0);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_readback), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_texture_subdata_from_buffer), 0);
   env_finish(&e);
}

/* Present: the surface's colour resource with a growing frame serial. */
static void
test_present(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   fake_clear();
   CHECK(fe_swap_buffers(e.ctx, e.surf) == FE_OK);
   CHECK(fe_swap_buffers(e.ctx, e.surf) == FE_OK);
   const struct mgp_present *p0 = (const void *)fake_find(MGP_CALL_present, 0)->args;
   const struct mgp_present *p1 = (const void *)fake_find(MGP_CALL_present, 1)->args;
   CHECK(mgp_handle_eq(p0->color, e.surf->color));
   CHECK_EQ(p1->frame_serial, p0->frame_serial + 1);
   const GLubyte *r = mgl_glGetString(GL_RENDERER);
   CHECK(r && !strcmp((const char *)r, "mgl (Fake: recorder) fake"));
   CHECK(!strcmp((const char *)mgl_glGetString(GL_VERSION), "3.3 (Core Profile) mgl 0.1"));
   env_finish(&e);
}

/* With the backend's compact draw, a plain draw goes out as `draw` (at most 32 wire bytes, the
 * issue 6 target) with draw_vbo's meaning; what it cannot say (instances, restart) stays a
 * draw_vbo. */
static void
test_compact_draw(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   make_drawable();
   fake_caps.call_mask[MGP_CALL_draw / 64] |= 1ull << (MGP_CALL_draw % 64);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLE_STRIP, 2, 5);
   CHECK_EQ(fake_count(), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
   const struct fake_rec *r = fake_find(MGP_CALL_draw, 0);
   if (r) {
      const struct mgp_draw *d = (const struct mgp_draw *)r->args;
      CHECK_EQ(d->mode, MGP_PRIM_TRIANGLE_STRIP);
      CHECK_EQ(d->index_size, 0);
      CHECK_EQ(d->start, 2);
      CHECK_EQ(d->count, 5);
      CHECK_EQ(d->index_bias, 0);
   }
   CHECK(mgp_record_size(MGP_CALL_draw, 0) <= 32);
   CHECK(mgp_record_size(MGP_CALL_draw, 0) < mgp_record_size(MGP_CALL_draw_vbo, 1));

   fake_clear();
   mgl_glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 2);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 1);
   const struct mgp_draw_vbo *a = draw_args(0);
   CHECK(a && a->instance_count == 2 && a->num_draws == 1);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
   env_finish(&e);
}

static const struct mgp_draw *
compact_args(unsigned i)
{
   const struct fake_rec *r = fake_find(MGP_CALL_draw, i);
   return r ? (const struct mgp_draw *)r->args : NULL;
}

static const struct mgp_set_index_buffer *
index_buffer_args(unsigned i)
{
   const struct fake_rec *r = fake_find(MGP_CALL_set_index_buffer, i);
   return r ? (const struct mgp_set_index_buffer *)r->args : NULL;
}

/* glDrawElements from the element buffer goes out compact straight from the draw (issue 22):
 * the index buffer bound when it or the index size changes, the offset in index units, base
 * vertex as the bias; what the compact draw cannot say (restart, a range) stays a draw_vbo,
 * and the spec's offset error and an out-of-range read send nothing. */
static void
test_compact_draw_elements(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   make_drawable();
   fake_caps.call_mask[MGP_CALL_draw / 64] |= 1ull << (MGP_CALL_draw % 64);
   GLuint ib[2];
   mgl_glGenBuffers(2, ib);
   const uint16_t idx[8] = {0, 1, 2, 2, 1, 0, 1, 2};
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib[0]);
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT, (const void *)(uintptr_t)6);
   mgl_glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL, 5);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 2);
   CHECK_EQ(fake_count_of(MGP_CALL_set_index_buffer), 1); /* once: the same buffer and size */
   const struct mgp_set_index_buffer *ibr = index_buffer_args(0);
   CHECK(ibr && ibr->index_size == 2 && ibr->offset == 0);
   const struct mgp_draw *d = compact_args(0);
   CHECK(d && d->mode == MGP_PRIM_TRIANGLE_STRIP && d->index_size == 2 && d->start == 3 &&
         d->count == 4 && d->index_bias == 0);
   d = compact_args(1);
   CHECK(d && d->mode == MGP_PRIM_TRIANGLES && d->start == 0 && d->count == 3 &&
         d->index_bias == 5);

   /* the same bytes read as bytes: the size changes, so the buffer is bound again */
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, (const void *)(uintptr_t)5);
   ibr = index_buffer_args(0);
   CHECK(ibr && ibr->index_size == 1);
   d = compact_args(0);
   CHECK(d && d->index_size == 1 && d->start == 5 && d->count == 3);
   /* another buffer of the same size: bound again */
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib[1]);
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, NULL);
   CHECK_EQ(fake_count_of(MGP_CALL_set_index_buffer), 1);
   ibr = index_buffer_args(0);
   CHECK(ibr && ibr->index_size == 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);

   /* an offset not a multiple of the index size: GL_INVALID_OPERATION, nothing drawn; past
    * the buffer's end: skipped by name, no error */
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, (const void *)(uintptr_t)1);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_glDrawElements(GL_TRIANGLES, 9, GL_UNSIGNED_SHORT, NULL);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_vbo), 0);

   /* restart on, a range, a line loop: the full draw */
   fake_clear();
   mgl_glDrawRangeElements(GL_TRIANGLES, 0, 2, 3, GL_UNSIGNED_SHORT, NULL);
   mgl_glEnable(GL_PRIMITIVE_RESTART);
   mgl_glPrimitiveRestartIndex(0xffff);
   mgl_glDrawElements(GL_TRIANGLE_STRIP, 3, GL_UNSIGNED_SHORT, NULL);
   mgl_glDisable(GL_PRIMITIVE_RESTART);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 2);
   CHECK(draw_args(0) && (draw_args(0)->flags & MGP_DRAW_HAS_INDEX_RANGE));
   CHECK(draw_args(1) && (draw_args(1)->flags & MGP_DRAW_PRIMITIVE_RESTART));
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
   env_finish(&e);
}

/* Issue 6: a draw whose inputs equal the last full validate's skips the tracker's groups.
 * Every setter a draw depends on is walked: after it, the draw must leave the server holding
 * what a full validate would send. The oracle: forget the inputs, draw again, and nothing but
 * the draw may go out (a group that still had something to send was skipped wrongly). */
static struct {
   struct fe_test_env *env;
   struct fake_program fpa;
   GLuint pa, pb, tex[3], ubo[2], vbo[2], vao[2], fbo, sampler, query;
   GLint tint, samp;
   struct fe_surface *surf2;
   float value;
} dw;

static void
dw_fbo_make(void)
{
   mgl_glGenFramebuffers(1, &dw.fbo);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, dw.fbo);
   mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dw.tex[2], 0);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

static void
dw_vao_make(GLuint *vao, GLuint vbo, GLint size)
{
   mgl_glGenVertexArrays(1, vao);
   mgl_glBindVertexArray(*vao);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo);
   mgl_glVertexAttribPointer(0, size, GL_FLOAT, GL_FALSE, 0, NULL);
   mgl_glEnableVertexAttribArray(0);
}

STEP(dw_nothing, (void)0)
STEP(dw_uniform, mgl_glUniform4f(dw.tint, dw.value += 1.0f, 0, 0, 1))
STEP(dw_sampler_unit, mgl_glUniform1i(dw.samp, 1))
STEP(dw_sampler_unit_back, mgl_glUniform1i(dw.samp, 0))
STEP(dw_block_binding, mgl_glUniformBlockBinding(dw.pa, 0, 2))
STEP(dw_ubo_bind, mgl_glBindBufferRange(GL_UNIFORM_BUFFER, 2, dw.ubo[1], 0, 64))
STEP(dw_ubo_bind_base, mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 2, dw.ubo[0]))
STEP(dw_ubo_resize, mgl_glBindBuffer(GL_UNIFORM_BUFFER, dw.ubo[0]);
     mgl_glBufferData(GL_UNIFORM_BUFFER, 128, NULL, GL_DYNAMIC_DRAW))
static const float dw_vec4[4] = {1, 2, 3, 4};
STEP(dw_ubo_subdata, mgl_glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof(dw_vec4), dw_vec4))
STEP(dw_program_b, mgl_glUseProgram(dw.pb))
STEP(dw_program_a, mgl_glUseProgram(dw.pa))
STEP(dw_relink, fake_glsl_next(&dw.fpa); mgl_glLinkProgram(dw.pa); mgl_glUniform1i(dw.samp, 0))
STEP(dw_bind_texture, mgl_glBindTexture(GL_TEXTURE_2D, dw.tex[1]))
STEP(dw_bind_texture_back, mgl_glBindTexture(GL_TEXTURE_2D, dw.tex[0]))
STEP(dw_bind_unused_unit, mgl_glActiveTexture(GL_TEXTURE5);
     mgl_glBindTexture(GL_TEXTURE_2D, dw.tex[1]); mgl_glActiveTexture(GL_TEXTURE0))
STEP(dw_tex_param, mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT))
STEP(dw_tex_incomplete,
     mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST))
STEP(dw_tex_mipmap, mgl_glGenerateMipmap(GL_TEXTURE_2D))
STEP(dw_tex_image,
     mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL))
STEP(dw_tex_complete, mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST))
STEP(dw_tex_subimage,
     mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, dw_vec4))
STEP(dw_sampler_bind, mgl_glBindSampler(0, dw.sampler))
STEP(dw_sampler_param, mgl_glSamplerParameteri(dw.sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST))
STEP(dw_sampler_unbind, mgl_glBindSampler(0, 0))
STEP(dw_fbo_bind, mgl_glBindFramebuffer(GL_FRAMEBUFFER, dw.fbo))
STEP(dw_fbo_attach,
     mgl_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dw.tex[1], 0))
STEP(dw_fbo_draw_buffers, static const GLenum none = GL_NONE; mgl_glDrawBuffers(1, &none))
STEP(dw_fbo_draw_buffers_back, static const GLenum c0 = GL_COLOR_ATTACHMENT0;
     mgl_glDrawBuffers(1, &c0))
STEP(dw_fbo_attached_image, mgl_glBindTexture(GL_TEXTURE_2D, dw.tex[1]);
     mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
     mgl_glBindTexture(GL_TEXTURE_2D, dw.tex[0]))
STEP(dw_framebuffer_srgb, mgl_glEnable(GL_FRAMEBUFFER_SRGB))
STEP(dw_fbo_default, mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0))
STEP(dw_read_fbo, mgl_glBindFramebuffer(GL_READ_FRAMEBUFFER, dw.fbo))
STEP(dw_read_fbo_back, mgl_glBindFramebuffer(GL_READ_FRAMEBUFFER, 0))
STEP(dw_clear_other_fbo, mgl_glBindFramebuffer(GL_FRAMEBUFFER, dw.fbo);
     mgl_glClear(GL_COLOR_BUFFER_BIT); mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0))
STEP(dw_read_other_fbo, uint8_t px[4]; mgl_glBindFramebuffer(GL_READ_FRAMEBUFFER, dw.fbo);
     mgl_glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
     mgl_glBindFramebuffer(GL_READ_FRAMEBUFFER, 0))
STEP(dw_fbo_delete_remake, mgl_glBindFramebuffer(GL_FRAMEBUFFER, dw.fbo);
     mgl_glDrawArrays(GL_TRIANGLES, 0, 3); mgl_glDeleteFramebuffers(1, &dw.fbo); dw_fbo_make();
     mgl_glBindFramebuffer(GL_FRAMEBUFFER, dw.fbo))
STEP(dw_surface_other, fe_make_current(dw.env->ctx, dw.surf2, dw.surf2))
STEP(dw_surface_back, fe_make_current(dw.env->ctx, dw.env->surf, dw.env->surf))
STEP(dw_blend, mgl_glEnable(GL_BLEND))
STEP(dw_blend_color, mgl_glBlendColor(0.5f, 0, 0, 1))
STEP(dw_viewport, mgl_glViewport(1, 1, 20, 20))
STEP(dw_scissor, mgl_glScissor(2, 2, 10, 10))
STEP(dw_depth_range, mgl_glDepthRange(0.25, 0.5))
STEP(dw_point_size, mgl_glPointSize(4.0f))
STEP(dw_program_point_size, mgl_glEnable(GL_PROGRAM_POINT_SIZE))
STEP(dw_point_origin, mgl_glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT))
STEP(dw_vao_other, mgl_glBindVertexArray(dw.vao[1]))
STEP(dw_vao_back, mgl_glBindVertexArray(dw.vao[0]))
STEP(dw_attrib_layout, mgl_glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 16, NULL))
STEP(dw_attrib_buffer, mgl_glBindBuffer(GL_ARRAY_BUFFER, dw.vbo[1]);
     mgl_glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 16, NULL))
STEP(dw_vbo_resize, mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW))
STEP(dw_attrib_default, mgl_glVertexAttrib4f(1, dw.value += 1.0f, 0, 0, 1))
STEP(dw_divisor, mgl_glVertexAttribDivisor(0, 1))
STEP(dw_divisor_back, mgl_glVertexAttribDivisor(0, 0))
STEP(dw_vao_delete_remake, mgl_glDeleteVertexArrays(1, &dw.vao[0]);
     dw_vao_make(&dw.vao[0], dw.vbo[0], 4))
/* the direct-state forms on the bound vertex array, and the calls that draw into or from
 * another framebuffer than the bound one for a moment */
STEP(dw_vao_dsa_buffer, mgl_glVertexArrayVertexBuffer(dw.vao[0], 0, dw.vbo[1], 16, 16))
STEP(dw_vao_dsa_format, mgl_glVertexArrayAttribFormat(dw.vao[0], 0, 2, GL_FLOAT, GL_FALSE, 4))
STEP(dw_vao_dsa_binding, mgl_glVertexArrayAttribBinding(dw.vao[0], 0, 1);
     mgl_glVertexArrayVertexBuffer(dw.vao[0], 1, dw.vbo[0], 0, 12))
STEP(dw_vao_dsa_divisor, mgl_glVertexArrayBindingDivisor(dw.vao[0], 1, 2))
STEP(dw_clear_named_fbo, mgl_glClearNamedFramebufferfv(dw.fbo, GL_COLOR, 0, dw_vec4))
STEP(dw_blit_named_fbo,
     mgl_glBlitNamedFramebuffer(0, dw.fbo, 0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST))
/* the buffer storage calls main gained after the draw serial: an immutable store for the bound
 * vertex buffer, a persistent map kept across the draws */
STEP(dw_vbo_storage, mgl_glBindBuffer(GL_ARRAY_BUFFER, dw.vbo[0]);
     mgl_glBufferStorage(GL_ARRAY_BUFFER, 256, NULL,
                         GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT))
STEP(dw_vbo_persistent_map,
     float *m = mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 64,
                                     GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT |
                                        GL_MAP_COHERENT_BIT);
     if (m) m[0] = 1.0f;)
STEP(dw_query_begin, mgl_glBeginQuery(GL_TIME_ELAPSED, dw.query))
STEP(dw_query_end, mgl_glEndQuery(GL_TIME_ELAPSED))

static void
test_draw_inputs_walk(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 48);
   dw.env = &e;
   dw.fpa = (struct fake_program){
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 1,
      .uniforms = {{"tint", GL_FLOAT_VEC4, 1}},
      .num_samplers = 1,
      .samplers = {{"s", GL_SAMPLER_2D, 1}},
      .num_blocks = 1,
      .blocks = {"Lights"},
      .block_sizes = {64},
      .state_mask = (1u << GLSL_STATE_DEPTH_RANGE) | (1u << GLSL_STATE_FRAMEBUFFER_HEIGHT) |
                    (1u << GLSL_STATE_POINT_SIZE) | (1u << GLSL_STATE_POINT_ORIGIN),
      .state_offset = {[GLSL_STATE_DEPTH_RANGE] = 16,
                       [GLSL_STATE_FRAMEBUFFER_HEIGHT] = 32,
                       [GLSL_STATE_POINT_SIZE] = 36,
                       [GLSL_STATE_POINT_ORIGIN] = 40},
   };
   dw.pa = make_program(&dw.fpa);
   struct fake_program fpb = {
      .num_inputs = 1, .inputs = {"pos"}, .num_samplers = 1, .samplers = {{"t", GL_SAMPLER_2D, 1}}};
   dw.pb = make_program(&fpb);
   mgl_glUseProgram(dw.pa);
   dw.tint = mgl_glGetUniformLocation(dw.pa, "tint");
   dw.samp = mgl_glGetUniformLocation(dw.pa, "s");
   CHECK(dw.tint >= 0 && dw.samp >= 0);
   mgl_glGenTextures(3, dw.tex);
   for (int i = 0; i < 3; i++) {
      mgl_glActiveTexture(GL_TEXTURE0 + (GLenum)(i < 2 ? i : 7));
      mgl_glBindTexture(GL_TEXTURE_2D, dw.tex[i]);
      mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 8 >> i, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   }
   mgl_glActiveTexture(GL_TEXTURE0);
   mgl_glGenBuffers(2, dw.ubo);
   for (int i = 0; i < 2; i++) {
      mgl_glBindBuffer(GL_UNIFORM_BUFFER, dw.ubo[i]);
      mgl_glBufferData(GL_UNIFORM_BUFFER, 256, NULL, GL_DYNAMIC_DRAW);
   }
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 0, dw.ubo[0]);
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 2, dw.ubo[0]);
   mgl_glGenBuffers(2, dw.vbo);
   for (int i = 0; i < 2; i++) {
      mgl_glBindBuffer(GL_ARRAY_BUFFER, dw.vbo[i]);
      mgl_glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   }
   dw_vao_make(&dw.vao[1], dw.vbo[1], 2);
   dw_vao_make(&dw.vao[0], dw.vbo[0], 3);
   dw_fbo_make();
   mgl_glGenSamplers(1, &dw.sampler);
   mgl_glGenQueries(1, &dw.query);
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   CHECK(fe_surface_create_pbuffer(&f, 32, 16, &dw.surf2) == FE_OK);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);

#define S(n)                                                                                       \
   {                                                                                               \
#n, step_##n                                                                                 \
   }
   static const struct walk_step steps[] = {
      S(dw_nothing),
      S(dw_uniform),
      S(dw_sampler_unit),
      S(dw_sampler_unit_back),
      S(dw_block_binding),
      S(dw_ubo_bind),
      S(dw_ubo_bind_base),
      S(dw_ubo_resize),
      S(dw_ubo_subdata),
      S(dw_program_b),
      S(dw_program_a),
      S(dw_relink),
      S(dw_bind_texture),
      S(dw_bind_texture_back),
      S(dw_bind_unused_unit),
      S(dw_tex_param),
      S(dw_tex_incomplete),
      S(dw_tex_mipmap),
      S(dw_tex_image),
      S(dw_tex_complete),
      S(dw_tex_subimage),
      S(dw_sampler_bind),
      S(dw_sampler_param),
      S(dw_sampler_unbind),
      S(dw_fbo_bind),
      S(dw_fbo_attach),
      S(dw_fbo_draw_buffers),
      S(dw_fbo_draw_buffers_back),
      S(dw_fbo_attached_image),
      S(dw_framebuffer_srgb),
      S(dw_fbo_default),
      S(dw_read_fbo),
      S(dw_read_fbo_back),
      S(dw_clear_other_fbo),
      S(dw_read_other_fbo),
      S(dw_fbo_delete_remake),
      S(dw_fbo_default),
      S(dw_surface_other),
      S(dw_surface_back),
      S(dw_blend),
      S(dw_blend_color),
      S(dw_viewport),
      S(dw_scissor),
      S(dw_depth_range),
      S(dw_point_size),
      S(dw_program_point_size),
      S(dw_point_origin),
      S(dw_vao_other),
      S(dw_vao_back),
      S(dw_attrib_layout),
      S(dw_attrib_buffer),
      S(dw_vbo_resize),
      S(dw_attrib_default),
      S(dw_divisor),
      S(dw_divisor_back),
      S(dw_vao_dsa_buffer),
      S(dw_vao_dsa_format),
      S(dw_vao_dsa_binding),
      S(dw_vao_dsa_divisor),
      S(dw_vao_delete_remake),
      S(dw_fbo_default),
      S(dw_clear_named_fbo),
      S(dw_blit_named_fbo),
      S(dw_vbo_storage),
      S(dw_vbo_persistent_map),
      S(dw_query_begin),
      S(dw_query_end),
      S(dw_nothing),
   };
#undef S
   struct fe_tracker *t = &e.ctx->tracker;
   for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      const uint64_t full = t->full_validates, values = t->value_validates,
                     vertex = t->vertex_validates, bindings = t->binding_validates,
                     arrays = t->array_validates, uniforms = t->uniform_validates;
      steps[i].apply();
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      const unsigned sent = fake_count();
      /* nothing changed: the draw alone, without going through the groups */
      if (steps[i].apply == step_dw_nothing) {
         CHECK_EQ(sent, 1);
         CHECK_EQ(t->full_validates, full);
      }
      /* render state, dynamic state or default-block bytes alone: their groups alone */
      const bool value_only =
         steps[i].apply == step_dw_uniform || steps[i].apply == step_dw_blend ||
         steps[i].apply == step_dw_blend_color || steps[i].apply == step_dw_viewport ||
         steps[i].apply == step_dw_scissor || steps[i].apply == step_dw_depth_range ||
         steps[i].apply == step_dw_point_size || steps[i].apply == step_dw_program_point_size;
      if (value_only) {
         CHECK_EQ(t->full_validates, full);
         CHECK_EQ(t->value_validates, values + 1);
         /* a glUniform alone runs the constants group alone (the hidden state uniforms,
          * render and dynamic state as kept); a state change runs them all */
         CHECK_EQ(t->uniform_validates, uniforms + (steps[i].apply == step_dw_uniform));
      }
      /* another buffer under the same format: the vertex buffers and the draw alone */
      if (steps[i].apply == step_dw_attrib_buffer) {
         CHECK_EQ(t->full_validates, full);
         CHECK_EQ(t->vertex_validates, vertex + 1);
         CHECK_EQ(sent, 2);
         CHECK_EQ(fake_rec(0)->id, MGP_CALL_set_vertex_buffers);
      }
      /* another vertex array, its layout or a current attribute value: the vertex group
       * alone (the array's vertex input or buffers, its elements, the attribute values) */
      const bool array_only =
         steps[i].apply == step_dw_vao_other || steps[i].apply == step_dw_vao_back ||
         steps[i].apply == step_dw_attrib_layout || steps[i].apply == step_dw_attrib_default;
      if (array_only) {
         CHECK_EQ(t->full_validates, full);
         CHECK_EQ(t->array_validates, arrays + 1);
         for (unsigned r = 0; r + 1 < sent; r++) {
            const enum mgp_call_id id = fake_rec(r)->id;
            CHECK(id == MGP_CALL_bind_vertex_input || id == MGP_CALL_define_vertex_input ||
                  id == MGP_CALL_set_vertex_buffers || id == MGP_CALL_set_index_buffer ||
                  id == MGP_CALL_create_vertex_elements || id == MGP_CALL_bind_vertex_elements ||
                  id == MGP_CALL_set_vertex_attrib_defaults);
         }
      }
      /* a unit's texture or sampler, or a uniform block's buffer, rebound: that group alone
       * (the units' sampler views and samplers, the block ranges) */
      const bool binding_only =
         steps[i].apply == step_dw_bind_texture || steps[i].apply == step_dw_bind_texture_back ||
         steps[i].apply == step_dw_bind_unused_unit || steps[i].apply == step_dw_sampler_bind ||
         steps[i].apply == step_dw_sampler_unbind || steps[i].apply == step_dw_ubo_bind ||
         steps[i].apply == step_dw_ubo_bind_base;
      if (binding_only) {
         CHECK_EQ(t->full_validates, full);
         CHECK_EQ(t->binding_validates, bindings + 1);
         for (unsigned r = 0; r + 1 < sent; r++) {
            const enum mgp_call_id id = fake_rec(r)->id;
            CHECK(id == MGP_CALL_set_sampler_views || id == MGP_CALL_bind_sampler_states ||
                  id == MGP_CALL_set_shader_buffers || id == MGP_CALL_create_sampler_view ||
                  id == MGP_CALL_create_sampler || id == MGP_CALL_set_texture_params);
         }
      }
      fe_tracker_forget_draw(e.ctx);
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      const GLenum err = mgl_glGetError();
      if (fake_count() != 1 || err != GL_NO_ERROR) {
         fprintf(stderr, "step %s: the draw after it left state unsent (error 0x%x)\n",
                 steps[i].name, err);
         fake_dump(steps[i].name);
         fe_test_failures++;
      }
      CHECK_EQ(fake_count() ? fake_rec(fake_count() - 1)->id : MGP_CALL_flush, MGP_CALL_draw_vbo);
   }
   fe_make_current(NULL, NULL, NULL);
   fe_surface_destroy(dw.surf2);
   CHECK(fe_make_current(e.ctx, e.surf, e.surf) == FE_OK);
   env_finish(&e);
}

/* glVertexAttribPointer with the same format and another buffer keeps the vertex-elements CSO
 * (only set_vertex_buffers goes out); any change of what the elements carry (size, type,
 * normalized, integer, stride) binds elements that carry it. */
static struct mgp_create_vertex_elements ve_made[256];
static struct mgp_handle ve_bound_now;

static void
ve_scan(void)
{
   for (unsigned i = 0; i < fake_count(); i++) {
      const struct fake_rec *r = fake_rec(i);
      if (r->id == MGP_CALL_create_vertex_elements) {
         const struct mgp_create_vertex_elements *c = (const void *)r->args;
         if (c->cso.slot < 256)
            ve_made[c->cso.slot] = *c;
      } else if (r->id == MGP_CALL_bind_vertex_elements) {
         ve_bound_now = ((const struct mgp_handle_args *)(const void *)r->args)->h;
      }
   }
}

static void
ve_expect(const char *what, unsigned type, unsigned size, unsigned flags, unsigned stride)
{
   CHECK(ve_bound_now.slot < 256);
   const struct mgp_create_vertex_elements *c = &ve_made[ve_bound_now.slot & 255];
   if (c->attribs[0].type != type || c->attribs[0].size != size || c->attribs[0].flags != flags ||
       c->bindings[0].stride != stride) {
      fprintf(stderr, "%s: bound elements carry type 0x%x size %u flags %u stride %u\n", what,
              c->attribs[0].type, c->attribs[0].size, c->attribs[0].flags, c->bindings[0].stride);
      fe_test_failures++;
   }
}

static void
test_attrib_pointer_layout(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   memset(ve_made, 0, sizeof(ve_made));
   ve_bound_now = mgp_handle_null();
   make_drawable();
   GLuint vbo2;
   mgl_glGenBuffers(1, &vbo2);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo2);
   mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   ve_scan();
   ve_expect("start", MGP_VERTEX_TYPE_FLOAT, 3, 0, 12);
   /* another buffer, the same format: the buffers only */
   fake_clear();
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, NULL);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_vertex_buffers), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_vertex_elements), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_create_vertex_elements), 0);
   fake_clear();
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 16, NULL);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   ve_scan();
   ve_expect("stride", MGP_VERTEX_TYPE_FLOAT, 3, 0, 16);
   fake_clear();
   mgl_glVertexAttribPointer(0, 3, GL_SHORT, GL_FALSE, 16, NULL);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   ve_scan();
   ve_expect("type", MGP_VERTEX_TYPE_SHORT, 3, 0, 16);
   fake_clear();
   mgl_glVertexAttribPointer(0, 3, GL_SHORT, GL_TRUE, 16, NULL);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   ve_scan();
   ve_expect("normalized", MGP_VERTEX_TYPE_SHORT, 3, MGP_ATTRIB_NORMALIZED, 16);
   fake_clear();
   mgl_glVertexAttribPointer(0, 4, GL_SHORT, GL_TRUE, 16, NULL);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   ve_scan();
   ve_expect("size", MGP_VERTEX_TYPE_SHORT, 4, MGP_ATTRIB_NORMALIZED, 16);
   fake_clear();
   mgl_glVertexAttribIPointer(0, 4, GL_SHORT, 16, NULL);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   ve_scan();
   ve_expect("integer", MGP_VERTEX_TYPE_SHORT, 4, MGP_ATTRIB_INTEGER, 16);
   fake_clear();
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const void *)(uintptr_t)12);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   ve_scan();
   ve_expect("back", MGP_VERTEX_TYPE_FLOAT, 3, 0, 12);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   /* floats of 1-4 components take no format walk: tight, 4 bytes a component; the sizes
    * past them and the integer and 64-bit forms keep their errors and change nothing */
   fake_clear();
   mgl_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   ve_scan();
   ve_expect("two floats", MGP_VERTEX_TYPE_FLOAT, 2, 0, 8);
   mgl_glVertexAttribPointer(0, 5, GL_FLOAT, GL_FALSE, 0, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glVertexAttribPointer(0, 0, GL_FLOAT, GL_FALSE, 0, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glVertexAttribIPointer(0, 2, GL_FLOAT, 0, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_ENUM);
   mgl_glVertexAttribPointer(FE_MAX_VERTEX_ATTRIBS, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, -4, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   GLint got = -1;
   mgl_glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_SIZE, &got);
   CHECK_EQ(got, 2);
   mgl_glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &got);
   CHECK_EQ(got, 0);
   env_finish(&e);
}

/* GL_ARB_vertex_attrib_64bit: glVertexAttribLPointer / LFormat reach the elements as doubles
 * (MGP_ATTRIB_DOUBLE); glVertexAttribL4d's four doubles reach the server as a kind 3 default
 * (x, y) and a kind 4 one (z, w) and come back from glGetVertexAttribLdv; the spec's errors;
 * and without MGP_CAP_VERTEX_FLOAT64 each is GL_INVALID_OPERATION and changes nothing. */
static void
test_attrib_64bit(void)
{
   const uint64_t had = fake_caps.cap_bits;
   fake_caps.cap_bits |= MGP_CAP_FLOAT64 | MGP_CAP_VERTEX_FLOAT64;
   struct fe_test_env e;
   env_init(&e, 64, 64);
   memset(ve_made, 0, sizeof(ve_made));
   ve_bound_now = mgp_handle_null();
   make_drawable();
   fake_clear();
   mgl_glVertexAttribLPointer(0, 3, GL_DOUBLE, 0, NULL);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   ve_scan();
   ve_expect("L pointer", MGP_VERTEX_TYPE_DOUBLE, 3, MGP_ATTRIB_DOUBLE, 24);
   GLint v = -1;
   mgl_glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_LONG, &v);
   CHECK_EQ(v, 1);
   mgl_glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_TYPE, &v);
   CHECK_EQ(v, GL_DOUBLE);
   fake_clear();
   mgl_glVertexAttribLFormat(0, 2, GL_DOUBLE, 8);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   ve_scan();
   ve_expect("L format", MGP_VERTEX_TYPE_DOUBLE, 2, MGP_ATTRIB_DOUBLE, 24);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   /* a float format again: no longer long */
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, NULL);
   mgl_glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_LONG, &v);
   CHECK_EQ(v, 0);
   /* the spec's errors: type GL_DOUBLE only, sizes 1-4 (no GL_BGRA), an index in range */
   mgl_glVertexAttribLPointer(0, 3, GL_FLOAT, 0, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_ENUM);
   mgl_glVertexAttribLPointer(0, 5, GL_DOUBLE, 0, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glVertexAttribLPointer(0, GL_BGRA, GL_DOUBLE, 0, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glVertexAttribLPointer(0, 2, GL_DOUBLE, -1, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glVertexAttribLFormat(0, 0, GL_DOUBLE, 0);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glVertexAttribLFormat(0, 4, GL_INT, 0);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_ENUM);
   mgl_glVertexAttribL1d(FE_MAX_VERTEX_ATTRIBS, 1.0);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_LONG, &v);
   CHECK_EQ(v, 0); /* the refused calls left the float format */

   /* current values: four doubles, each bit kept */
   fake_clear();
   const double want[4] = {1.0 / 3.0, -2.5e300, 3.0, 1e-310};
   mgl_glVertexAttribL4dv(5, want);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *r = fake_find(MGP_CALL_set_vertex_attrib_defaults, 0);
   CHECK(r != NULL);
   if (r) {
      const struct mgp_attrib_value *av = r->tail;
      CHECK_EQ(r->tail_count, 2);
      CHECK(av[0].location == 5 && av[0].kind == 3 && !memcmp(av[0].value, want, 16));
      CHECK(av[1].location == 5 && av[1].kind == 4 && !memcmp(av[1].value, want + 2, 16));
   }
   double got[4] = {0};
   mgl_glGetVertexAttribLdv(5, GL_CURRENT_VERTEX_ATTRIB, got);
   CHECK(!memcmp(got, want, sizeof(got)));
   mgl_glVertexAttribL2d(6, 7.0, 8.0); /* z and w: 0 and 1 */
   mgl_glGetVertexAttribLdv(6, GL_CURRENT_VERTEX_ATTRIB, got);
   CHECK(got[0] == 7.0 && got[1] == 8.0 && got[2] == 0.0 && got[3] == 1.0);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);

   /* without the device's 64-bit vertex formats: GL_INVALID_OPERATION, nothing changes */
   fake_caps.cap_bits &= ~MGP_CAP_VERTEX_FLOAT64;
   env_init(&e, 64, 64);
   make_drawable();
   mgl_glVertexAttribLPointer(0, 3, GL_DOUBLE, 0, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_glVertexAttribLFormat(0, 3, GL_DOUBLE, 0);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_glVertexAttribL1d(1, 2.0);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_glGetVertexAttribLdv(1, GL_CURRENT_VERTEX_ATTRIB, got);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_LONG, &v);
   CHECK_EQ(v, 0);
   env_finish(&e);
   fake_caps.cap_bits = had;
}

/* Vertex arrays switched between draws (a voxel game's chunks) take each array's CSO from the
 * array while its layout and the cache's evictions are unchanged: every draw must still bind
 * elements that carry its array's layout, after a layout change between two of its draws and
 * after 1,100 other layouts evicted every CSO the arrays had (fe_tracker.c:emit_vertex_state). */
#define VS_SLOTS 4096
static struct mgp_create_vertex_elements vs_made[VS_SLOTS];

static struct mgp_handle vs_bound; /* the elements bound last, across fake_clear */

static void
vs_expect(const char *what, unsigned type, unsigned size, unsigned stride)
{
   for (unsigned i = 0; i < fake_count(); i++) {
      const struct fake_rec *r = fake_rec(i);
      if (r->id == MGP_CALL_create_vertex_elements) {
         const struct mgp_create_vertex_elements *c = (const void *)r->args;
         CHECK(c->cso.slot < VS_SLOTS);
         vs_made[c->cso.slot % VS_SLOTS] = *c;
      } else if (r->id == MGP_CALL_bind_vertex_elements) {
         vs_bound = ((const struct mgp_handle_args *)(const void *)r->args)->h;
      }
   }
   const struct mgp_handle bound = vs_bound;
   CHECK(bound.slot < VS_SLOTS);
   const struct mgp_create_vertex_elements *c = &vs_made[bound.slot % VS_SLOTS];
   if (c->attribs[0].type != type || c->attribs[0].size != size ||
       c->bindings[0].stride != stride) {
      fprintf(stderr, "%s: bound elements carry type 0x%x size %u stride %u\n", what,
              c->attribs[0].type, c->attribs[0].size, c->bindings[0].stride);
      fe_test_failures++;
   }
}

static void
vs_draw(GLuint vao, const char *what, unsigned type, unsigned size, unsigned stride)
{
   fake_clear();
   mgl_glBindVertexArray(vao);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   vs_expect(what, type, size, stride);
}

static void
test_vao_switch_elements(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   memset(vs_made, 0, sizeof(vs_made));
   vs_bound = mgp_handle_null();
   make_drawable();
   GLuint vao[3], vbo;
   mgl_glGenVertexArrays(3, vao);
   mgl_glGenBuffers(1, &vbo);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo);
   mgl_glBufferData(GL_ARRAY_BUFFER, 8192, NULL, GL_STATIC_DRAW);
   mgl_glBindVertexArray(vao[0]);
   mgl_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 8, NULL);
   mgl_glEnableVertexAttribArray(0);
   mgl_glBindVertexArray(vao[1]);
   mgl_glVertexAttribPointer(0, 4, GL_SHORT, GL_FALSE, 16, NULL);
   mgl_glEnableVertexAttribArray(0);
   for (int round = 0; round < 2; round++) {
      vs_draw(vao[0], "A", MGP_VERTEX_TYPE_FLOAT, 2, 8);
      vs_draw(vao[1], "B", MGP_VERTEX_TYPE_SHORT, 4, 16);
   }
   /* A's layout changes between two of its draws, B drawn between */
   mgl_glBindVertexArray(vao[0]);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 12, NULL);
   vs_draw(vao[1], "B after A changed", MGP_VERTEX_TYPE_SHORT, 4, 16);
   vs_draw(vao[0], "A changed", MGP_VERTEX_TYPE_FLOAT, 3, 12);
   vs_draw(vao[1], "B again", MGP_VERTEX_TYPE_SHORT, 4, 16);
   /* 1,100 other layouts: more than the cache holds, so A's and B's CSOs are evicted */
   mgl_glBindVertexArray(vao[2]);
   mgl_glEnableVertexAttribArray(0);
   for (unsigned k = 0; k < 1100; k++) {
      fake_clear();
      mgl_glVertexAttribPointer(0, 2 + (GLint)(k / 500), GL_FLOAT, GL_FALSE,
                                (GLsizei)(16 + 4 * (k % 500)), NULL);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      vs_expect("scratch", MGP_VERTEX_TYPE_FLOAT, 2 + k / 500, 16 + 4 * (k % 500));
   }
   CHECK(FE_CSO_CAP_VERTEX_ELEMENTS < 1100);
   vs_draw(vao[0], "A after evictions", MGP_VERTEX_TYPE_FLOAT, 3, 12);
   vs_draw(vao[1], "B after evictions", MGP_VERTEX_TYPE_SHORT, 4, 16);
   vs_draw(vao[0], "A once more", MGP_VERTEX_TYPE_FLOAT, 3, 12);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
}

/* ---- vertex inputs (define_vertex_input / bind_vertex_input) ---- */

/* What the server holds after the records so far: bindings 0..15 and the index buffer, and
 * the vertex inputs defined, applied as the Vulkan backend applies them (vkb_vertex_input.c). */
static struct {
   struct mgp_vertex_buffer vb[MGP_MAX_VERTEX_BUFFERS];
   struct mgp_handle ib;
   struct {
      bool defined;
      uint32_t count;
      struct mgp_handle index;
      struct mgp_vertex_buffer vb[MGP_MAX_VERTEX_BUFFERS];
   } vi[64];
} vim;

static void
vim_apply(void)
{
   for (unsigned i = 0; i < fake_count(); i++) {
      const struct fake_rec *r = fake_rec(i);
      if (r->id == MGP_CALL_set_vertex_buffers) {
         const struct mgp_set_vertex_buffers *a = (const void *)r->args;
         CHECK(a->start + a->count <= MGP_MAX_VERTEX_BUFFERS);
         memcpy(&vim.vb[a->start], r->tail, a->count * sizeof(vim.vb[0]));
      } else if (r->id == MGP_CALL_set_index_buffer) {
         vim.ib = ((const struct mgp_set_index_buffer *)(const void *)r->args)->res;
      } else if (r->id == MGP_CALL_define_vertex_input) {
         const struct mgp_vertex_input *a = (const void *)r->args;
         CHECK(a->id < 64 && a->count <= MGP_MAX_VERTEX_BUFFERS && a->count == r->tail_count);
         if (a->id >= 64)
            continue;
         vim.vi[a->id].defined = true;
         vim.vi[a->id].count = a->count;
         vim.vi[a->id].index = a->index;
         memcpy(vim.vi[a->id].vb, r->tail, a->count * sizeof(vim.vb[0]));
      } else if (r->id == MGP_CALL_bind_vertex_input) {
         const uint32_t id = ((const struct mgp_u32_args *)(const void *)r->args)->value;
         CHECK(id < 64 && vim.vi[id].defined); /* never a bind before its define */
         if (id >= 64 || !vim.vi[id].defined)
            continue;
         memcpy(vim.vb, vim.vi[id].vb, vim.vi[id].count * sizeof(vim.vb[0]));
         vim.ib = vim.vi[id].index;
      }
   }
}

/* Applies the records of one indexed draw of vao and checks the server holds what the vertex
 * array names: the buffers of the bindings it reads and its element buffer. */
static void
vim_draw(struct fe_test_env *e, GLuint vao, const char *what)
{
   fake_clear();
   mgl_glBindVertexArray(vao);
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   vim_apply();
   struct mgp_vertex_buffer want[FE_MAX_VERTEX_ATTRIBS];
   const uint32_t n = fe_vao_build_buffers(e->ctx->vao, want);
   bool ok = mgp_handle_eq(vim.ib, fe_buffer_res(e->ctx->vao->elements));
   for (uint32_t b = 0; b < n; b++)
      ok = ok && mgp_handle_eq(vim.vb[b].res, want[b].res) && vim.vb[b].offset == want[b].offset;
   if (!ok) {
      fprintf(stderr, "vertex inputs: %s: the server holds other buffers\n", what);
      fake_dump(what);
      fe_test_failures++;
   }
}

/* Issue 22: a switch to a vertex array the server holds is one bind_vertex_input record; a
 * change to its buffers (glBufferData, an element buffer, a pointer edited while it is bound
 * or not, a deletion) defines it again before the bind; an id of a deleted array is defined
 * for the next before it is bound; without the calls the buffers go as before. */
static void
test_vertex_inputs(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   memset(&vim, 0, sizeof(vim));
   make_drawable();
   GLuint vao[3], vbo[4], ebo[3];
   mgl_glGenVertexArrays(3, vao);
   mgl_glGenBuffers(4, vbo);
   mgl_glGenBuffers(3, ebo);
   const uint16_t idx[3] = {0, 1, 2};
   for (int i = 0; i < 3; i++) {
      mgl_glBindVertexArray(vao[i]);
      mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo[i]);
      mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
      mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const void *)(uintptr_t)(16 * i));
      mgl_glEnableVertexAttribArray(0);
      mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[i]);
      mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   }
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo[3]);
   mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   mgl_glBindVertexArray(0);
   for (int i = 0; i < 3; i++)
      vim_draw(&e, vao[i], "first");
   /* held now: each switch is the bind and the draw, no buffers */
   for (int round = 0; round < 2; round++) {
      for (int i = 0; i < 3; i++) {
         vim_draw(&e, vao[i], "held");
         CHECK_EQ(fake_count_of(MGP_CALL_bind_vertex_input), 1);
         CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 0);
         CHECK_EQ(fake_count_of(MGP_CALL_set_vertex_buffers), 0);
         CHECK_EQ(fake_count_of(MGP_CALL_set_index_buffer), 0);
         CHECK_EQ(fake_count(), 2);
      }
   }
   /* glBufferData on A's buffer while C is bound: A is defined again at the switch */
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
   mgl_glBufferData(GL_ARRAY_BUFFER, 512, NULL, GL_STATIC_DRAW);
   vim_draw(&e, vao[0], "A after glBufferData");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 1);
   vim_draw(&e, vao[1], "B after glBufferData of A");
   /* A's element buffer replaced while A is bound, then B, then A */
   mgl_glBindVertexArray(vao[0]);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[1]);
   vim_draw(&e, vao[0], "A with B's elements");
   vim_draw(&e, vao[1], "B");
   vim_draw(&e, vao[0], "A with B's elements again");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input) + fake_count_of(MGP_CALL_set_index_buffer),
            0);
   /* B's pointer edited while A is bound (glVertexArrayVertexBuffer), and while B is bound */
   mgl_glVertexArrayVertexBuffer(vao[1], 0, vbo[3], 32, 12);
   vim_draw(&e, vao[1], "B edited while unbound");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 1);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo[2]);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const void *)(uintptr_t)48);
   vim_draw(&e, vao[1], "B edited while bound");
   vim_draw(&e, vao[0], "A");
   vim_draw(&e, vao[1], "B edited while bound, switched back");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 1);
   /* C's buffer deleted while A is bound: C keeps it (GL 4.6 §5.1.2) and draws from it */
   mgl_glBindVertexArray(vao[0]);
   mgl_glDeleteBuffers(1, &vbo[2]);
   vim_draw(&e, vao[2], "C after its buffer's name was deleted");
   /* issue 22, the switch to a held input (fe_tracker.c, vertex_switch_held), each change
    * made behind the array it touches (another array drawn last): B and C on buffers of
    * their own, held; defines counts each draw's define_vertex_input */
   GLuint nb[2];
   mgl_glGenBuffers(2, nb);
   for (int i = 0; i < 2; i++) {
      mgl_glBindBuffer(GL_ARRAY_BUFFER, nb[i]);
      mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   }
   mgl_glVertexArrayVertexBuffer(vao[2], 0, nb[0], 0, 12);
   mgl_glVertexArrayVertexBuffer(vao[1], 0, nb[1], 0, 12);
   vim_draw(&e, vao[1], "B on a buffer of its own");
   vim_draw(&e, vao[2], "C on a buffer of its own");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 1);
   vim_draw(&e, vao[1], "B held");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 0);
   /* C's buffer re-specified at its own size (the handle stays, the store is new) */
   mgl_glBindBuffer(GL_ARRAY_BUFFER, nb[0]);
   mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   vim_draw(&e, vao[2], "C after its buffer was re-specified at its size");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 1);
   vim_draw(&e, vao[1], "B after C's re-specification");
   vim_draw(&e, vao[2], "C held again");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 0);
   /* B's buffer's name deleted and made again (another object, another size): B keeps
    * drawing from the object it names */
   GLuint again;
   mgl_glDeleteBuffers(1, &nb[1]);
   mgl_glGenBuffers(1, &again);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, again);
   mgl_glBufferData(GL_ARRAY_BUFFER, 1024, NULL, GL_STATIC_DRAW);
   vim_draw(&e, vao[1], "B after its buffer's name was made again");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 1);
   vim_draw(&e, vao[2], "C after B's buffer's name was made again");
   vim_draw(&e, vao[1], "B held after its buffer's name was made again");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 0);
   /* B on a buffer name with no store yet, then its store made while C is drawn: the
    * handle B's input holds is made by that glBufferData (the share's buffer generation) */
   GLuint late;
   mgl_glGenBuffers(1, &late);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, late);
   mgl_glVertexArrayVertexBuffer(vao[1], 0, late, 0, 12);
   vim_draw(&e, vao[1], "B on a buffer with no store");
   vim_draw(&e, vao[2], "C before B's buffer's store");
   mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   /* C twice: the second is kept as the repeat draw, which takes the switch to B */
   vim_draw(&e, vao[2], "C after B's buffer's store");
   vim_draw(&e, vao[2], "C kept after B's buffer's store");
   vim_draw(&e, vao[1], "B after its buffer's store was made");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 1);
   /* glVertexAttribPointer on C while C is bound, B drawn last: C's new buffer */
   mgl_glBindVertexArray(vao[2]);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, (const void *)(uintptr_t)64);
   vim_draw(&e, vao[2], "C after its pointer moved while bound");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 1);
   vim_draw(&e, vao[1], "B after C's pointer moved");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 0);
   /* A deleted: its id goes to a new array, which is defined before it is bound */
   mgl_glDeleteVertexArrays(1, &vao[0]);
   GLuint vd;
   mgl_glGenVertexArrays(1, &vd);
   mgl_glBindVertexArray(vd);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo[3]);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, NULL);
   mgl_glEnableVertexAttribArray(0);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[2]);
   mgl_glBindVertexArray(0);
   vim_draw(&e, vd, "D in A's id");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 1);
   vim_draw(&e, vao[1], "B after D");
   vim_draw(&e, vd, "D held");
   CHECK_EQ(fake_count_of(MGP_CALL_define_vertex_input), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_vertex_input), 1);
   /* a backend without the calls: the buffers as before */
   const uint64_t bits = 1ull << (MGP_CALL_define_vertex_input % 64);
   CHECK_EQ(MGP_CALL_define_vertex_input / 64, MGP_CALL_bind_vertex_input / 64);
   const uint64_t both = bits | 1ull << (MGP_CALL_bind_vertex_input % 64);
   fake_caps.call_mask[MGP_CALL_define_vertex_input / 64] &= ~both;
   vim_draw(&e, vao[1], "B without vertex inputs");
   CHECK_EQ(fake_count_of(MGP_CALL_set_vertex_buffers), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_set_index_buffer), 1);
   vim_draw(&e, vao[2], "C without vertex inputs");
   CHECK_EQ(fake_count_of(MGP_CALL_bind_vertex_input), 0);
   fake_caps.call_mask[MGP_CALL_define_vertex_input / 64] |= both;
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
}

/* ---- bindings folded into one (fe_vao_fold) ---- */

/* A draw; then the bound elements put attribute 1 on binding b1 at relative offset rel1, and
 * the server holds (vim_apply) buffer vb0 at binding 0 from offset off0 and, where b1 is 1,
 * buffer vb1 at binding 1 from offset off1. */
static void
fold_draw(struct fe_context *ctx, const char *what, uint32_t b1, uint32_t rel1, GLuint vb0,
          uint64_t off0, GLuint vb1, uint64_t off1)
{
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   ve_scan();
   vim_apply();
   const struct mgp_create_vertex_elements *c = &ve_made[ve_bound_now.slot & 255];
   const struct mgp_handle want0 = fe_buffer_res(fe_buffer_lookup(ctx, vb0));
   const struct mgp_handle want1 = fe_buffer_res(fe_buffer_lookup(ctx, vb1));
   if (c->attribs[0].binding != 0 || c->attribs[0].relative_offset != 0 ||
       c->attribs[1].binding != b1 || c->attribs[1].relative_offset != rel1 ||
       c->bindings[b1].stride != 16 || !mgp_handle_eq(vim.vb[0].res, want0) ||
       vim.vb[0].offset != off0 ||
       (b1 == 1 && (!mgp_handle_eq(vim.vb[1].res, want1) || vim.vb[1].offset != off1))) {
      fprintf(stderr,
              "fold: %s: attribute 1 on binding %u at %u (want %u at %u), offsets held %llu "
              "%llu (want %llu %llu)\n",
              what, c->attribs[1].binding, c->attribs[1].relative_offset, b1, rel1,
              (unsigned long long)vim.vb[0].offset, (unsigned long long)vim.vb[1].offset,
              (unsigned long long)off0, (unsigned long long)off1);
      fake_dump(what);
      fe_test_failures++;
   }
}

/* Attribute 0 (three floats) on buffer vb0 at off0, attribute 1 (four normalized bytes) on
 * vb1 at off1, both of stride 16; vb0 is left bound. */
static void
fold_pointers(GLuint vb0, uint64_t off0, GLuint vb1, uint64_t off1)
{
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vb1);
   mgl_glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 16, (const void *)(uintptr_t)off1);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vb0);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 16, (const void *)(uintptr_t)off0);
}

/* Issue 22: attributes of one buffer, stride and divisor (an interleaved array) reach the
 * backend as one vertex buffer binding at the lowest offset, the others' relative offsets
 * moved by the difference; pointers moved alike keep the elements, one moved alone binds
 * elements with the new difference; another buffer, another divisor, an offset at or past
 * the buffer's end (also after a glBufferData that shrinks it) or a difference past
 * GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET keep a binding of their own. */
static void
test_vertex_fold(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   memset(ve_made, 0, sizeof(ve_made));
   ve_bound_now = mgp_handle_null();
   struct fake_program fp = {.num_inputs = 2, .inputs = {"pos", "col"}};
   mgl_glUseProgram(make_program(&fp));
   GLuint vao, vbo[2];
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   mgl_glGenBuffers(2, vbo);
   for (int i = 1; i >= 0; i--) {
      mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo[i]);
      mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   }
   mgl_glEnableVertexAttribArray(0);
   mgl_glEnableVertexAttribArray(1);
   const GLuint a = vbo[0], b = vbo[1];
   const uint64_t lim = FE_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET;
   fold_pointers(a, 0, a, 12);
   fold_draw(e.ctx, "interleaved", 0, 12, a, 0, 0, 0);
   fold_pointers(a, 32, a, 44);
   fold_draw(e.ctx, "both moved", 0, 12, a, 32, 0, 0);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_vertex_elements), 0);
   CHECK_EQ(fake_count_of(MGP_CALL_create_vertex_elements), 0);
   fold_pointers(a, 32, a, 64);
   fold_draw(e.ctx, "one moved", 0, 32, a, 32, 0, 0);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_vertex_elements), 1);
   fold_pointers(a, 0, b, 12);
   fold_draw(e.ctx, "two buffers", 1, 0, a, 0, b, 12);
   fold_pointers(a, 0, a, 12);
   fold_draw(e.ctx, "one buffer again", 0, 12, a, 0, 0, 0);
   mgl_glVertexAttribDivisor(1, 1);
   fold_draw(e.ctx, "per instance", 1, 0, a, 0, a, 12);
   mgl_glVertexAttribDivisor(0, 1);
   fold_draw(e.ctx, "both per instance", 0, 12, a, 0, 0, 0);
   mgl_glVertexAttribDivisor(0, 0);
   mgl_glVertexAttribDivisor(1, 0);
   fold_pointers(a, 0, a, 256);
   fold_draw(e.ctx, "offset at the end", 1, 0, a, 0, a, 256);
   fold_pointers(a, 4, a, 200);
   fold_draw(e.ctx, "offset inside", 0, 196, a, 4, 0, 0);
   /* new storage, smaller: binding 1's offset is past it now (the share's buffer generation) */
   mgl_glBufferData(GL_ARRAY_BUFFER, 128, NULL, GL_STATIC_DRAW);
   fold_draw(e.ctx, "storage shrunk", 1, 0, a, 4, a, 200);
   mgl_glBufferData(GL_ARRAY_BUFFER, 4096, NULL, GL_STATIC_DRAW);
   fold_draw(e.ctx, "storage grown", 0, 196, a, 4, 0, 0);
   fold_pointers(a, 0, a, lim);
   fold_draw(e.ctx, "difference at the limit", 0, (uint32_t)lim, a, 0, 0, 0);
   fold_pointers(a, 0, a, lim + 1);
   fold_draw(e.ctx, "difference past the limit", 1, 0, a, 0, a, lim + 1);
   /* the lower offset leads whichever attribute has it */
   fold_pointers(a, 40, a, 8);
   mgl_glBindVertexArray(0);
   mgl_glBindVertexArray(vao);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   ve_scan();
   const struct mgp_create_vertex_elements *c = &ve_made[ve_bound_now.slot & 255];
   CHECK_EQ(c->attribs[0].binding, 1);
   CHECK_EQ(c->attribs[0].relative_offset, 32);
   CHECK_EQ(c->attribs[1].binding, 1);
   CHECK_EQ(c->attribs[1].relative_offset, 0);
   mgl_glDeleteVertexArrays(1, &vao);
   mgl_glDeleteBuffers(2, vbo);
   env_finish(&e);
}

/* A draw whose draw serial, mode, program and surface are the last ready draw's takes the kept
 * yes of draw_ready (issue 22, the per-draw floor); another mode, a mapped buffer or an
 * incomplete framebuffer still give the spec's answer, and a refused draw is never kept. */
static void
test_draw_ready_memo(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   make_drawable();
   const struct fe_context *ctx = e.ctx;
   /* kept at the second draw with the serial unmoved, taken from the third */
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   uint64_t hits = ctx->draw_ready_memo.hits;
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_ready_memo.hits, hits + 1);
   CHECK_EQ(fake_count(), 1);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   /* another mode: the checks, then kept for it */
   hits = ctx->draw_ready_memo.hits;
   mgl_glDrawArrays(GL_POINTS, 0, 3);
   CHECK_EQ(ctx->draw_ready_memo.hits, hits);
   mgl_glDrawArrays(GL_POINTS, 0, 3);
   CHECK_EQ(ctx->draw_ready_memo.hits, hits + 1);
   /* GL_PATCHES in a 3.3 context: GL_INVALID_ENUM, every time */
   for (int i = 0; i < 2; i++) {
      fake_clear();
      mgl_glDrawArrays(GL_PATCHES, 0, 3);
      CHECK_EQ(mgl_glGetError(), GL_INVALID_ENUM);
      CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_vbo), 0);
   }
   /* a glScissor before every draw: the checks each time, nothing kept */
   hits = ctx->draw_ready_memo.hits;
   for (int i = 0; i < 3; i++) {
      mgl_glScissor(0, 0, 8 + i, 8);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   }
   CHECK_EQ(ctx->draw_ready_memo.hits, hits);
   CHECK(!ctx->draw_ready_memo.valid);
   /* the vertex buffer mapped (a share-group count, no draw serial): refused while mapped */
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   hits = ctx->draw_ready_memo.hits;
   CHECK(mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 12, GL_MAP_WRITE_BIT) != NULL);
   for (int i = 0; i < 2; i++) {
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
      CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_vbo), 0);
   }
   CHECK_EQ(ctx->draw_ready_memo.hits, hits);
   CHECK(mgl_glUnmapBuffer(GL_ARRAY_BUFFER) == GL_TRUE);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   /* an incomplete framebuffer bound, then the default one again */
   GLuint fbo;
   mgl_glGenFramebuffers(1, &fbo);
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   for (int i = 0; i < 2; i++) {
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(mgl_glGetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
   }
   mgl_glBindFramebuffer(GL_FRAMEBUFFER, 0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   /* no vertex array bound (core): GL_INVALID_OPERATION */
   mgl_glBindVertexArray(0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_glDeleteFramebuffers(1, &fbo);
   env_finish(&e);
}

/* emit_samplers over the layout it resolved last (issue 22: program_change, texture1_change):
 * another program of the same units, targets and kinds resolves no unit and sends no handle;
 * a texture bound on one unit resolves that unit alone and sends its one view; another
 * layout, a unit bound to the stand-in's target and a deleted texture resolve as ever. */
static void
test_sampler_layout(void)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fa = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_samplers = 3,
      .samplers = {{"s0", GL_SAMPLER_2D, 1}, {"s1", GL_SAMPLER_2D, 1}, {"s2", GL_SAMPLER_2D, 1}}};
   GLuint pa = make_program(&fa), pb = make_program(&fa), pc = make_program(&fa);
   const char *names[3] = {"s0", "s1", "s2"};
   for (int i = 0; i < 3; i++) {
      mgl_glUseProgram(pa);
      mgl_glUniform1i(mgl_glGetUniformLocation(pa, names[i]), i);
      mgl_glUseProgram(pb);
      mgl_glUniform1i(mgl_glGetUniformLocation(pb, names[i]), i);
      mgl_glUseProgram(pc); /* C: units 2, 1, 0 */
      mgl_glUniform1i(mgl_glGetUniformLocation(pc, names[i]), 2 - i);
   }
   GLuint vao, vbo, tex[4];
   make_triangle(&vao, &vbo);
   mgl_glGenTextures(4, tex);
   for (int i = 0; i < 4; i++) {
      mgl_glActiveTexture(GL_TEXTURE0 + (GLenum)(i & 3));
      mgl_glBindTexture(GL_TEXTURE_2D, tex[i]);
      mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2 + i, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   }
   mgl_glActiveTexture(GL_TEXTURE0);
   const struct fe_tracker *t = &e.ctx->tracker;
   mgl_glUseProgram(pa);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   /* A -> B -> A: the same layout, nothing resolved, no handle sent */
   uint64_t resolves = t->sampler_resolves, hits = t->sampler_layout_hits;
   fake_clear();
   for (int i = 0; i < 2; i++) {
      mgl_glUseProgram(i ? pa : pb);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   }
   CHECK_EQ(t->sampler_resolves, resolves);
   CHECK_EQ(t->sampler_layout_hits, hits + 2);
   CHECK_EQ(fake_count_of(MGP_CALL_set_draw_program), 2);
   CHECK_EQ(fake_count_of(MGP_CALL_set_sampler_views) + fake_count_of(MGP_CALL_bind_sampler_states),
            0);
   /* unit 1 gets tex[3]: it alone resolves and travels, the samplers as they were */
   fake_clear();
   mgl_glActiveTexture(GL_TEXTURE1);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[3]);
   mgl_glActiveTexture(GL_TEXTURE0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(t->sampler_resolves, resolves + 1);
   CHECK_EQ(fake_count_of(MGP_CALL_set_sampler_views), 1);
   const struct fake_rec *sv = fake_find(MGP_CALL_set_sampler_views, 0);
   CHECK(sv && sv->tail_count == 1 && set_start(sv) == 1);
   struct mgp_handle v3 =
      sv && sv->tail_count ? ((const struct mgp_handle *)sv->tail)[0] : mgp_handle_null();
   CHECK(!mgp_handle_is_null(v3));
   /* then B, over the same units: nothing */
   fake_clear();
   mgl_glUseProgram(pb);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(t->sampler_resolves, resolves + 1);
   CHECK_EQ(fake_count_of(MGP_CALL_set_sampler_views), 0);
   /* C samples the units the other way round: every unit resolves, slots 0 and 2 travel */
   fake_clear();
   mgl_glUseProgram(pc);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(t->sampler_resolves, resolves + 4);
   sv = fake_find(MGP_CALL_set_sampler_views, 0);
   CHECK(sv && sv->tail_count == 3 && set_start(sv) == 0);
   if (sv && sv->tail_count == 3)
      CHECK(mgp_handle_eq(((const struct mgp_handle *)sv->tail)[1], v3));
   /* GL_TEXTURE_CUBE_MAP_SEAMLESS chooses every cube unit's sampler: every unit resolves */
   resolves = t->sampler_resolves;
   mgl_glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(t->sampler_resolves, resolves + 3);
   mgl_glDisable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
   /* back to A; unit 1's texture deleted: unit 1 resolves to the stand-in, a new view */
   mgl_glUseProgram(pa);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   resolves = t->sampler_resolves;
   mgl_glDeleteTextures(1, &tex[3]);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   sv = fake_find(MGP_CALL_set_sampler_views, 0);
   CHECK(sv && sv->tail_count >= 1 && set_start(sv) <= 1);
   CHECK(t->sampler_resolves > resolves);
   if (sv && sv->tail_count >= 1)
      CHECK(!mgp_handle_eq(((const struct mgp_handle *)sv->tail)[1 - set_start(sv)], v3));
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteTextures(3, tex);
   env_finish(&e);
}

/* The view the first set_sampler_views record sends for slot `slot` (null: none sent for it). */
static struct mgp_handle
sent_view(unsigned slot)
{
   const struct fake_rec *sv = fake_find(MGP_CALL_set_sampler_views, 0);
   if (!sv || set_start(sv) > slot || slot - set_start(sv) >= sv->tail_count)
      return mgp_handle_null();
   return ((const struct mgp_handle *)sv->tail)[slot - set_start(sv)];
}

/* sampler_changes_run's program switches: to N (no samplers) for a change, and back to S
 * after N has drawn; with S current throughout neither switches nor draws. */
static void
away(GLuint pn, bool through_n)
{
   if (through_n)
      mgl_glUseProgram(pn);
}

static void
back(GLuint ps, bool through_n)
{
   if (through_n) {
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      mgl_glUseProgram(ps);
   }
}

/* A program without samplers drawn between two draws of a program with them (piglit's
 * sample-mask combinations: a render pass, then a check pass over the texture it drew): what
 * changed on the units, the textures or the sampler objects while it was current is what the
 * sampling program samples at its next draw. The set the backend holds is the one the sampling
 * program resolved, not what the units held when the sampler-less program drew. Each case:
 * the sampling program S draws, N (no samplers) becomes current, a change, N draws, S draws;
 * through_n false: the same changes with S current throughout. */
static void
sampler_changes_run(bool through_n)
{
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fs = {.num_inputs = 1,
                             .inputs = {"pos"},
                             .num_samplers = 2,
                             .samplers = {{"s0", GL_SAMPLER_2D, 1}, {"s1", GL_SAMPLER_2D, 1}}};
   struct fake_program fn = {.num_inputs = 1, .inputs = {"pos"}};
   GLuint ps = make_program(&fs), pn = make_program(&fn);
   mgl_glUseProgram(ps);
   mgl_glUniform1i(mgl_glGetUniformLocation(ps, "s0"), 0);
   mgl_glUniform1i(mgl_glGetUniformLocation(ps, "s1"), 1);
   GLuint vao, vbo, tex[4], smp;
   make_triangle(&vao, &vbo);
   mgl_glGenTextures(4, tex);
   for (int i = 0; i < 4; i++) {
      mgl_glBindTexture(GL_TEXTURE_2D, tex[i]);
      mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2 + i, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   }
   mgl_glActiveTexture(GL_TEXTURE1);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[1]);
   mgl_glActiveTexture(GL_TEXTURE0);
   /* each texture's view, sampled through unit 0 by S */
   struct mgp_handle view[4];
   for (int i = 3; i >= 0; i--) {
      mgl_glBindTexture(GL_TEXTURE_2D, tex[i]);
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      view[i] = sent_view(0);
      CHECK(!mgp_handle_is_null(view[i]));
   }
   CHECK(!mgp_handle_eq(view[0], view[1]) && !mgp_handle_eq(view[1], view[2]) &&
         !mgp_handle_eq(view[2], view[3]));
   const struct fe_tracker *t = &e.ctx->tracker;

   /* nothing changes: S sends nothing and resolves nothing (the layout's skip) */
   uint64_t resolves = t->sampler_resolves;
   away(pn, through_n);
   back(ps, through_n);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_sampler_views) + fake_count_of(MGP_CALL_bind_sampler_states),
            0);
   CHECK_EQ(t->sampler_resolves, resolves);

   /* unit 0 gets tex[2] under N, and S binds it again (no change) before it draws */
   away(pn, through_n);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[2]);
   back(ps, through_n);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[2]);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(mgp_handle_eq(sent_view(0), view[2]));

   /* glActiveTexture and a bind on unit 1 under N: S's slot 1 samples tex[3] */
   away(pn, through_n);
   mgl_glActiveTexture(GL_TEXTURE1);
   mgl_glBindTexture(GL_TEXTURE_2D, tex[3]);
   mgl_glActiveTexture(GL_TEXTURE0);
   back(ps, through_n);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(mgp_handle_eq(sent_view(1), view[3]));

   /* a parameter of the bound tex[2] under N (the texture generation): S's sampler state */
   away(pn, through_n);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   back(ps, through_n);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_sampler_states), 1);
   const struct fake_rec *c = fake_find(MGP_CALL_create_sampler, 0);
   CHECK(c && ((const struct mgp_create_sampler *)c->args)->state.mag_filter == MGP_FILTER_NEAREST);

   /* tex[2] made incomplete under N (a mipmapping filter, one level): the stand-in */
   away(pn, through_n);
   mgl_glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   back(ps, through_n);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   struct mgp_handle h = sent_view(0);
   CHECK(!mgp_handle_is_null(h) && !mgp_handle_eq(h, view[2]));

   /* a sampler object bound to unit 0 under N: its NEAREST minification makes tex[2]
    * complete again, through its own view */
   mgl_glGenSamplers(1, &smp);
   mgl_glSamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   away(pn, through_n);
   mgl_glBindSampler(0, smp);
   back(ps, through_n);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(mgp_handle_eq(sent_view(0), view[2]));
   CHECK_EQ(fake_count_of(MGP_CALL_bind_sampler_states), 1);

   /* the bound sampler object's parameter under N (the sampler generation) */
   away(pn, through_n);
   mgl_glSamplerParameteri(smp, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
   back(ps, through_n);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_sampler_states), 1);
   c = fake_find(MGP_CALL_create_sampler, 0);
   CHECK(c &&
         ((const struct mgp_create_sampler *)c->args)->state.wrap_s == MGP_WRAP_MIRRORED_REPEAT);

   /* tex[3], bound on unit 1, deleted under N: slot 1 samples the stand-in */
   away(pn, through_n);
   mgl_glDeleteTextures(1, &tex[3]);
   back(ps, through_n);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   h = sent_view(1);
   CHECK(!mgp_handle_is_null(h) && !mgp_handle_eq(h, view[3]));

   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteSamplers(1, &smp);
   mgl_glDeleteTextures(3, tex);
   env_finish(&e);
}

static void
test_sampler_layout_across_no_samplers(void)
{
   sampler_changes_run(true);
   sampler_changes_run(false);
}

/* A draw after a change the repeat does not take (a glBindTexture between draws) pays the
 * repeat's one compare in front of the whole way and the arm's compare and store after it: the
 * keep (its checks and the kept draw's store) runs only for a draw whose serial stood still
 * since the draw before. */
static void
test_repeat_after_change(void)
{
   fake_caps.call_mask[MGP_CALL_draw / 64] |= 1ull << (MGP_CALL_draw % 64); /* compact */
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   mgl_glUseProgram(make_program(&fp));
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   const struct fe_context *ctx = e.ctx;
   GLuint tex[2];
   mgl_glGenTextures(2, tex);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(ctx->draw_repeat.valid);
   const uint64_t keeps = ctx->draw_repeat.keeps, hits = ctx->draw_repeat.hits;
   for (int i = 0; i < 4; i++) {
      mgl_glBindTexture(GL_TEXTURE_2D, tex[i & 1]);
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
      CHECK(!ctx->draw_repeat.valid);
   }
   CHECK_EQ(ctx->draw_repeat.keeps, keeps);
   CHECK_EQ(ctx->draw_repeat.hits, hits);
   /* the same draw again: the serial stood still, kept; the next is a repeat */
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.keeps, keeps + 1);
   CHECK(ctx->draw_repeat.valid);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
   CHECK_EQ(fake_count(), 1);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteTextures(2, tex);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

static struct fe_context *repeat_state_env(struct fe_test_env *e, unsigned state);

#define RESTART_REWRITTEN 1u /* restart_strip_draw's want: the client rewrote the strip */

/* One glDrawElements of test_repeat_restart's strip: whether the repeat took it, and what went
 * out: want 0 a compact draw, RESTART_REWRITTEN anything, else a draw_vbo restarting at want;
 * the draw last. */
static void
restart_strip_draw(const struct fe_context *ctx, GLenum type, bool hit, uint32_t want)
{
   const uint64_t hits = ctx->draw_repeat.hits;
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLE_STRIP, 7, type, NULL);
   CHECK_EQ(ctx->draw_repeat.hits, hits + (hit ? 1 : 0));
   CHECK(fake_count() > 0);
   if (!fake_count())
      return;
   const struct fake_rec *last = fake_rec(fake_count() - 1);
   if (want == RESTART_REWRITTEN)
      return;
   if (!want) {
      CHECK(last->id == MGP_CALL_draw || last->id == MGP_CALL_draw_words);
      CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 0);
      return;
   }
   CHECK_EQ(last->id, MGP_CALL_draw_vbo);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_vbo), 1);
   const struct mgp_draw_vbo *a = draw_args(0);
   CHECK(a && (a->flags & MGP_DRAW_PRIMITIVE_RESTART) && a->restart_index == want &&
         a->mode == MGP_PRIM_TRIANGLE_STRIP && a->instance_count == 1);
   if (a)
      CHECK_EQ(a->index_size, type == GL_UNSIGNED_SHORT ? 2 : 1);
}

/* issue 22's draw_elements_restart: an indexed draw with primitive restart at the all-ones
 * index repeated with nothing changed takes the repeat draw (a draw_vbo with the restart flag),
 * and so does one after a glUniform (its words sent apart) or a toggle of GL_PRIMITIVE_RESTART
 * (a compact draw while off); an index that is not the all-ones one (glPrimitiveRestartIndex,
 * or the fixed index switched off under GL_PRIMITIVE_RESTART: no serial moves) or another
 * index type goes the whole way, and the draw after it is kept again. */
static void
test_repeat_restart(void)
{
   struct fe_test_env e;
   struct fe_context *ctx = repeat_state_env(&e, GLSL_STATE_DEPTH_RANGE);
   static const GLushort i16[7] = {0, 1, 2, 0xffff, 0, 1, 2};
   static const GLubyte i8[7] = {0, 1, 2, 0xff, 0, 1, 2};
   GLuint ebo[2];
   mgl_glGenBuffers(2, ebo);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[1]);
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof i8, i8, GL_STATIC_DRAW);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[0]);
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof i16, i16, GL_STATIC_DRAW);
   mgl_glEnable(GL_PRIMITIVE_RESTART);
   mgl_glPrimitiveRestartIndex(0xffff);
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, false, 0xffff); /* the whole way */
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, false, 0xffff); /* kept */
   CHECK(ctx->draw_repeat.valid);
   for (int i = 0; i < 3; i++)
      restart_strip_draw(ctx, GL_UNSIGNED_SHORT, true, 0xffff);
   /* a glUniform between: a repeat, its words sent apart (not folded in a compact draw) */
   GLint prog = 0;
   mgl_glGetIntegerv(GL_CURRENT_PROGRAM, &prog);
   const GLint tint = mgl_glGetUniformLocation((GLuint)prog, "tint");
   CHECK(tint >= 0);
   mgl_glUniform4f(tint, 0.5f, 0.25f, 0.0f, 1.0f);
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, true, 0xffff);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_words), 0);
   CHECK_EQ(
      fake_count_of(MGP_CALL_set_global_constants) + fake_count_of(MGP_CALL_set_constant_words), 1);
   /* toggles: a render-state change the repeat takes, the draw as restart says now */
   mgl_glDisable(GL_PRIMITIVE_RESTART);
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, true, 0);
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, true, 0);
   mgl_glEnable(GL_PRIMITIVE_RESTART);
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, true, 0xffff);
   /* another restart index: the whole way (the client rewrites the strip), then kept again */
   mgl_glPrimitiveRestartIndex(1);
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, false, RESTART_REWRITTEN);
   CHECK(!ctx->draw_repeat.valid);
   mgl_glPrimitiveRestartIndex(0xffff);
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, false, 0xffff);
   CHECK(ctx->draw_repeat.valid);
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, true, 0xffff);
   /* the fixed index wins over glPrimitiveRestartIndex's; switched off, 1 is in force again */
   mgl_glPrimitiveRestartIndex(1);
   mgl_glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, true, 0xffff);
   mgl_glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, false, RESTART_REWRITTEN);
   /* byte indices under the fixed index: their own all-ones index, kept after a draw */
   mgl_glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[1]);
   restart_strip_draw(ctx, GL_UNSIGNED_BYTE, false, 0xff);
   restart_strip_draw(ctx, GL_UNSIGNED_BYTE, false, 0xff);
   restart_strip_draw(ctx, GL_UNSIGNED_BYTE, true, 0xff);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[0]);
   restart_strip_draw(ctx, GL_UNSIGNED_SHORT, false, 0xffff);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteBuffers(2, ebo);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* The dynamic state each draw sent: the context's (set_dynamic_state, or set_dynamic_words
 * applied to what the server held). */
static bool
dynamic_state_sent(struct mgp_dynamic_state *held, const struct mgp_dynamic_state *want)
{
   for (unsigned i = 0; i < fake_count(); i++) {
      const struct fake_rec *r = fake_rec(i);
      if (r->id == MGP_CALL_set_dynamic_state)
         memcpy(held, r->args, sizeof(*held));
      else if (r->id == MGP_CALL_set_dynamic_words &&
               !mgp_dynamic_words_apply(held, (const void *)r->args, r->tail, r->tail_count))
         return false;
   }
   return !memcmp(held, want, sizeof(*held));
}

/* A context that draws compact, a program reading "pos" with a vec4 uniform and the hidden
 * state member `state` at byte 16, a triangle, and a kept repeat draw. */
static struct fe_context *
repeat_state_env(struct fe_test_env *e, unsigned state)
{
   fake_caps.call_mask[MGP_CALL_draw / 64] |= 1ull << (MGP_CALL_draw % 64); /* compact */
   env_init(e, 64, 64);
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 1,
      .uniforms = {{"tint", GL_FLOAT_VEC4, 1}},
      .state_mask = 1u << state,
   };
   fp.state_offset[state] = 16;
   mgl_glUseProgram(make_program(&fp));
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(e->ctx->draw_repeat.valid);
   return e->ctx;
}

/* A draw after a change the repeat takes: a repeat (the whole way under MGL_TRACKER_VERIFY,
 * pass 1) that ran one value group and no full validate, its draw sent last. */
static void
repeat_group_draw(struct fe_context *ctx, int pass)
{
   const struct fe_tracker *t = &ctx->tracker;
   const uint64_t hits = ctx->draw_repeat.hits;
   const uint64_t full = t->full_validates, values = t->value_validates;
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits + (pass ? 0 : 1));
   CHECK_EQ(t->full_validates, full);
   CHECK_EQ(t->value_validates, values + 1);
   CHECK(ctx->draw_repeat.valid || pass);
   /* the draw last (draw_words where it carries hidden state that moved) */
   const enum mgp_call_id last = fake_rec(fake_count() - 1)->id;
   CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_words), 1);
   CHECK(last == MGP_CALL_draw || last == MGP_CALL_draw_words);
}

/* A glViewport, glScissor or glDepthRange between draws (issue 21/22's viewport_change,
 * scissor_change) moves the dynamic state alone: the next draw is a repeat that runs the
 * tracker's dynamic-state group (and the hidden gl_DepthRange where the program has it), the
 * draw whole way's groups and sends otherwise; MGL_TRACKER_VERIFY's whole way agrees. */
static void
test_repeat_dynamic_state(void)
{
   struct fe_test_env e;
   struct fe_context *ctx = repeat_state_env(&e, GLSL_STATE_DEPTH_RANGE);
   struct fe_tracker *t = &ctx->tracker;
   struct mgp_dynamic_state held = ctx->ds; /* what the server holds now */
   for (int pass = 0; pass < 2; pass++) {
      t->verify = pass == 1;
      for (int i = 0; i < 6; i++) {
         const GLsizei size = 60 - i - 8 * pass;
         if (i == 5)
            mgl_glDepthRange(0.25 + 0.25 * pass, 1.0);
         else if (i & 1)
            mgl_glScissor(1, 2, size, size);
         else
            mgl_glViewport(0, 0, size, size);
         repeat_group_draw(ctx, pass);
         CHECK(dynamic_state_sent(&held, &ctx->ds));
         /* the hidden gl_DepthRange goes only where the depth range moved */
         const unsigned consts = fake_count_of(MGP_CALL_set_global_constants) +
                                 fake_count_of(MGP_CALL_set_constant_words) +
                                 fake_count_of(MGP_CALL_draw_words);
         CHECK_EQ(consts, i == 5 ? 1u : 0u);
         if (i == 5) {
            /* near, far, far - near at byte 16, however they went */
            float f[3] = {0};
            const struct fake_rec *gc = fake_find(MGP_CALL_set_global_constants, 0);
            const struct fake_rec *cw = fake_find(MGP_CALL_set_constant_words, 0);
            const struct fake_rec *dw = fake_find(MGP_CALL_draw_words, 0);
            if (gc) {
               CHECK_EQ(((const struct mgp_set_global_constants *)(const void *)gc->args)->offset,
                        16);
               memcpy(f, gc->data, 12);
            } else if (cw) {
               CHECK_EQ(((const struct mgp_constant_words *)(const void *)cw->args)->first, 4);
               memcpy(f, cw->tail, 12);
            } else if (dw) {
               CHECK_EQ(((const struct mgp_draw_words *)(const void *)dw->args)->first, 4);
               memcpy(f, dw->tail, 12);
            }
            CHECK(f[0] == (float)(0.25 + 0.25 * pass) && f[1] == 1.0f);
         }
      }
   }
   t->verify = false;
   CHECK_EQ(t->verify_mismatches, 0);
   /* the same draw again is kept; a render-state change with it is a repeat too (its value
    * group: the render state bound, the dynamic state sent) */
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(ctx->draw_repeat.valid);
   const uint64_t hits = ctx->draw_repeat.hits, full = t->full_validates;
   mgl_glEnable(GL_DEPTH_TEST);
   mgl_glViewport(0, 0, 64, 64);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
   CHECK_EQ(t->full_validates, full);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_render_state), 1);
   CHECK(dynamic_state_sent(&held, &ctx->ds));
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* The float at byte `at` of the default block the draw just sent (set_global_constants,
 * set_constant_words or the draw's words); false where none carried it. */
static bool
constant_sent_at(uint32_t at, float *f)
{
   const struct fake_rec *gc = fake_find(MGP_CALL_set_global_constants, 0);
   const struct fake_rec *cw = fake_find(MGP_CALL_set_constant_words, 0);
   const struct fake_rec *dw = fake_find(MGP_CALL_draw_words, 0);
   if (gc) {
      const struct mgp_set_global_constants *a = (const void *)gc->args;
      if (at < a->offset || at + 4 > a->offset + a->data.size)
         return false;
      memcpy(f, gc->data + (at - a->offset), 4);
      return true;
   }
   const struct fake_rec *r = cw ? cw : dw;
   if (!r)
      return false;
   const uint32_t first = cw ? ((const struct mgp_constant_words *)(const void *)r->args)->first
                             : ((const struct mgp_draw_words *)(const void *)r->args)->first;
   if (at / 4 < first || at / 4 >= first + r->tail_count)
      return false;
   memcpy(f, (const uint8_t *)r->tail + (at - 4 * first), 4);
   return true;
}

/* A render-state change between draws (blend_toggle, depth_toggle: a glEnable/glDisable, a
 * glDepthFunc) is a repeat draw that runs the tracker's value group: the render state bound,
 * the hidden uniforms that read it (the point size under GL_PROGRAM_POINT_SIZE) sent, the
 * draw last; MGL_TRACKER_VERIFY's whole way agrees. One that draw_ready would refuse (an
 * advanced blend equation the fragment shader does not declare) takes the whole way and its
 * GL_INVALID_OPERATION. */
static void
test_repeat_render_state(void)
{
   fake_caps.cap_bits |= MGP_CAP_BLEND_ADVANCED;
   struct fe_test_env e;
   struct fe_context *ctx = repeat_state_env(&e, GLSL_STATE_POINT_SIZE);
   struct fe_tracker *t = &ctx->tracker;
   mgl_glPointSize(4.0f); /* a dynamic-state change: the next draw's group sends it */
   repeat_group_draw(ctx, 0);
   for (int pass = 0; pass < 2; pass++) {
      t->verify = pass == 1;
      for (int i = 0; i < 6; i++) {
         switch (i) {
         case 0: mgl_glEnable(GL_BLEND); break;
         case 1: mgl_glDisable(GL_BLEND); break;
         case 2:
            mgl_glEnable(GL_DEPTH_TEST);
            mgl_glDepthFunc(GL_LEQUAL);
            break;
         case 3: mgl_glDisable(GL_DEPTH_TEST); break;
         case 4: mgl_glEnable(GL_PROGRAM_POINT_SIZE); break;
         default: mgl_glDisable(GL_PROGRAM_POINT_SIZE); break;
         }
         repeat_group_draw(ctx, pass);
         /* the render state of the context bound */
         CHECK_EQ(fake_count_of(MGP_CALL_bind_render_state), 1);
         const struct fake_rec *c = fake_find(MGP_CALL_create_render_state, 0);
         if (c) {
            const struct mgp_render_state *rs =
               &((const struct mgp_create_render_state *)(const void *)c->args)->state;
            CHECK(!memcmp(rs, &ctx->rs, sizeof(*rs)));
         }
         /* the hidden point size: 0 while the program writes it, else glPointSize's */
         float size = -1.0f;
         const bool sent = constant_sent_at(16, &size);
         CHECK_EQ(sent, i >= 4);
         if (i >= 4)
            CHECK(size == (i == 4 ? 0.0f : 4.0f));
      }
   }
   t->verify = false;
   CHECK_EQ(t->verify_mismatches, 0);
   /* an advanced equation the program does not declare: the draw's error, nothing drawn */
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(ctx->draw_repeat.valid);
   mgl_glBlendEquation(GL_MULTIPLY_KHR);
   mgl_glEnable(GL_BLEND);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_words), 0);
   mgl_glBlendEquation(GL_FUNC_ADD);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_words), 1);
   mgl_glDisable(GL_BLEND);
   env_finish(&e);
   fake_caps.cap_bits &= ~MGP_CAP_BLEND_ADVANCED;
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* A render-state change beside another between draws: with a glBindTexture (a move the repeat
 * does not take) the whole way; with a glUniform a repeat running one value group that sends
 * the block's bytes; before an indexed draw whose indices offset is an error, the error and
 * nothing drawn, the next draw a repeat, the render state bound the context's. */
static void
test_repeat_render_beside(void)
{
   struct fe_test_env e;
   struct fe_context *ctx = repeat_state_env(&e, GLSL_STATE_POINT_SIZE);
   const struct fe_tracker *t = &ctx->tracker;
   GLint prog = 0;
   mgl_glGetIntegerv(GL_CURRENT_PROGRAM, &prog);
   const GLint tint = mgl_glGetUniformLocation((GLuint)prog, "tint");
   CHECK(tint >= 0);
   GLuint tex;
   mgl_glGenTextures(1, &tex);
   uint64_t hits = ctx->draw_repeat.hits, values = t->value_validates;
   mgl_glEnable(GL_BLEND);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits);
   CHECK(!ctx->draw_repeat.valid);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_render_state), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
   const struct fake_rec *b = fake_find(MGP_CALL_bind_render_state, 0);
   const struct mgp_handle blended =
      b ? ((const struct mgp_handle_args *)b->args)->h : mgp_handle_null();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(ctx->draw_repeat.valid);
   hits = ctx->draw_repeat.hits;
   values = t->value_validates;
   mgl_glUniform4f(tint, 0.25f, 0.5f, 0.75f, 1.0f);
   mgl_glDisable(GL_BLEND);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
   CHECK_EQ(t->value_validates, values + 1);
   CHECK_EQ(fake_count_of(MGP_CALL_bind_render_state), 1);
   float f = 0.0f;
   CHECK(constant_sent_at(4, &f) && f == 0.5f);
   CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_words), 1);
   /* an indexed repeat, then a glEnable and a draw whose indices offset is an error */
   GLuint ib;
   mgl_glGenBuffers(1, &ib);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib);
   const uint16_t idx[3] = {0, 1, 2};
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   CHECK(ctx->draw_repeat.valid && ctx->draw_repeat.index_size == 2);
   hits = ctx->draw_repeat.hits;
   mgl_glEnable(GL_BLEND);
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, (const void *)(uintptr_t)1);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_words), 0);
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_words), 1);
   /* the CSO the first draw with blending bound, bound again once */
   CHECK_EQ(fake_count_of(MGP_CALL_bind_render_state), 1);
   b = fake_find(MGP_CALL_bind_render_state, 0);
   CHECK(b && mgp_handle_eq(((const struct mgp_handle_args *)b->args)->h, blended));
   CHECK(!mgp_handle_is_null(blended));
   mgl_glDisable(GL_BLEND);
   mgl_glDeleteBuffers(1, &ib);
   mgl_glDeleteTextures(1, &tex);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* The hidden point size after dynamic-state changes between repeat draws: a glPointSize
 * (alone, or with a glViewport) sends it; a glViewport alone leaves the block's bytes. */
static void
test_repeat_point_size(void)
{
   struct fe_test_env e;
   struct fe_context *ctx = repeat_state_env(&e, GLSL_STATE_POINT_SIZE);
   for (int i = 0; i < 4; i++) {
      const uint64_t hits = ctx->draw_repeat.hits;
      if (i != 1)
         mgl_glPointSize(2.0f + (float)i);
      if (i)
         mgl_glViewport(0, 0, 60 - i, 60 - i);
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
      float size = -1.0f;
      CHECK_EQ(constant_sent_at(16, &size), i != 1);
      if (i != 1)
         CHECK(size == 2.0f + (float)i);
      CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_words), 1);
   }
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* The multisample state piglit's sample-mask combinations toggles between its draws
 * (GL_SAMPLE_ALPHA_TO_COVERAGE, GL_SAMPLE_MASK and its value) after a kept repeat draw: the
 * next draw is a repeat and its render state carries the change. */
static void
test_repeat_after_sample_state(void)
{
   fake_caps.call_mask[MGP_CALL_draw / 64] |= 1ull << (MGP_CALL_draw % 64); /* compact */
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   mgl_glUseProgram(make_program(&fp));
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   const struct fe_context *ctx = e.ctx;
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   const struct fake_rec *b = fake_find(MGP_CALL_bind_render_state, 0);
   const struct mgp_handle initial =
      b ? ((const struct mgp_handle_args *)b->args)->h : mgp_handle_null();
   CHECK(!mgp_handle_is_null(initial));
   struct mgp_handle bound[5];
   for (int step = 0; step < 5; step++) {
      for (int i = 0; i < 3; i++)
         mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK(ctx->draw_repeat.valid);
      const uint64_t hits = ctx->draw_repeat.hits;
      switch (step) {
      case 0: mgl_glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE); break;
      case 1:
         mgl_glEnable(GL_SAMPLE_MASK);
         mgl_glSampleMaski(0, 0x5);
         break;
      case 2: mgl_glSampleMaski(0, 0x3); break;
      case 3: mgl_glDisable(GL_SAMPLE_MASK); break;
      default: mgl_glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE); break;
      }
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
      CHECK_EQ(fake_count_of(MGP_CALL_bind_render_state), 1);
      b = fake_find(MGP_CALL_bind_render_state, 0);
      bound[step] = b ? ((const struct mgp_handle_args *)b->args)->h : mgp_handle_null();
      if (step >= 3)
         continue; /* the states of step 0 and before it again: no new CSO */
      const struct fake_rec *c = fake_find(MGP_CALL_create_render_state, 0);
      CHECK(c != NULL);
      if (!c)
         continue;
      const struct mgp_render_state *rs = &((const struct mgp_create_render_state *)c->args)->state;
      CHECK_EQ(rs->alpha_to_coverage, 1);
      CHECK_EQ(rs->sample_mask, step == 0 ? ~0u : step == 1 ? 0x5u : 0x3u);
   }
   CHECK(mgp_handle_eq(bound[3], bound[0]));
   CHECK(mgp_handle_eq(bound[4], initial));
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* The repeat draw (fe_draw.c, draw_repeat): the third of three identical draws is sent with
 * one check in place of draw_ready's and fe_validate's; what moves an input no serial covers
 * (a glUniform), another mode, an element range past the buffer, a mapped buffer and an
 * argument error each take the whole way and give what it gives. */
static void
test_draw_repeat(void)
{
   fake_caps.call_mask[MGP_CALL_draw / 64] |= 1ull << (MGP_CALL_draw % 64); /* compact */
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_uniforms = 1,
      .uniforms = {{"tint", GL_FLOAT_VEC4, 1}},
   };
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, vbo;
   make_triangle(&vao, &vbo);
   GLint tint = mgl_glGetUniformLocation(prog, "tint");
   CHECK(tint >= 0);
   const struct fe_context *ctx = e.ctx;
   const struct fe_tracker *t = &ctx->tracker;
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(ctx->draw_repeat.valid);
   uint64_t hits = ctx->draw_repeat.hits, ready = ctx->draw_ready_memo.hits;
   uint64_t full = t->full_validates, values = t->value_validates;
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 1, 2);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
   CHECK_EQ(ctx->draw_ready_memo.hits, ready); /* draw_ready was not asked */
   CHECK_EQ(t->full_validates, full);
   CHECK_EQ(fake_count(), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
   const struct fake_rec *d = fake_find(MGP_CALL_draw, 0);
   if (d) {
      struct mgp_draw a;
      memcpy(&a, d->args, sizeof(a));
      CHECK_EQ(a.start, 1);
      CHECK_EQ(a.count, 2);
      CHECK_EQ(a.index_size, 0);
   }
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   /* a glUniform moves no serial: a repeat that sends the default block's bytes first (the
    * tracker's value group, as fe_validate would) */
   mgl_glUniform4f(tint, 1, 2, 3, 4);
   hits = ctx->draw_repeat.hits;
   uint64_t constants = ctx->draw_repeat.constants;
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
   CHECK_EQ(ctx->draw_repeat.constants, constants + 1);
   CHECK_EQ(t->value_validates, values + 1);
   /* the changed words ride in the draw (draw_words) */
   CHECK_EQ(fake_count(), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw_words), 1);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 2);
   CHECK_EQ(ctx->draw_repeat.constants, constants + 1);
   CHECK_EQ(fake_count(), 1);
   /* another buffer at the attribute, the same format: a repeat that rebinds the vertex
    * buffers first; another format: the whole way */
   static const float verts2[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
   GLuint vbo2;
   mgl_glGenBuffers(1, &vbo2);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo2);
   mgl_glBufferData(GL_ARRAY_BUFFER, sizeof(verts2), verts2, GL_STATIC_DRAW);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3); /* the buffer's creation moved a generation */
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   uint64_t buffers = ctx->draw_repeat.buffers, vertex = t->vertex_validates;
   for (int i = 0; i < 2; i++) {
      mgl_glBindBuffer(GL_ARRAY_BUFFER, i ? vbo : vbo2);
      mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, NULL);
      hits = ctx->draw_repeat.hits;
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
      CHECK_EQ(ctx->draw_repeat.buffers, buffers + 1 + (uint64_t)i);
      CHECK_EQ(t->vertex_validates, vertex + 1 + (uint64_t)i);
      CHECK_EQ(fake_count_of(MGP_CALL_set_vertex_buffers), 1);
      CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
   }
   mgl_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   hits = ctx->draw_repeat.hits;
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, NULL);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   /* argument errors are found on the repeat's way too */
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, -1, 3);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 0);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   CHECK_EQ(fake_count(), 0);
   /* another mode: not the repeat */
   hits = ctx->draw_repeat.hits;
   mgl_glDrawArrays(GL_POINTS, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits);
   /* a mapped buffer: refused every time, the repeat kept off */
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 12, GL_MAP_WRITE_BIT) != NULL);
   hits = ctx->draw_repeat.hits;
   for (int i = 0; i < 2; i++) {
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
      CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_vbo), 0);
   }
   CHECK_EQ(ctx->draw_repeat.hits, hits);
   CHECK(mgl_glUnmapBuffer(GL_ARRAY_BUFFER) == GL_TRUE);
   /* the element buffer's draws: each range checked against the buffer */
   static const GLushort idx[6] = {0, 1, 2, 2, 1, 0};
   GLuint ib;
   mgl_glGenBuffers(1, &ib);
   mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib);
   mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   hits = ctx->draw_repeat.hits;
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, (const void *)(uintptr_t)6);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
   d = fake_find(MGP_CALL_draw, 0);
   if (d) {
      struct mgp_draw a;
      memcpy(&a, d->args, sizeof(a));
      CHECK_EQ(a.start, 3);
      CHECK_EQ(a.count, 3);
      CHECK_EQ(a.index_size, 2);
   }
   /* past the buffer's end, or a misaligned offset: nothing drawn, as on the whole way */
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (const void *)(uintptr_t)6);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, (const void *)(uintptr_t)1);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_ENUM);
   CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_vbo), 0);
   /* an arrays draw after the element draws: not their repeat */
   hits = ctx->draw_repeat.hits;
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits);
   CHECK_EQ(t->verify_mismatches, 0);
   mgl_glDeleteBuffers(1, &ib);
   mgl_glDeleteBuffers(1, &vbo2);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* A draw from a buffer persistently mapped onto the server's memory (a direct map: monolith's
 * and inproc's MGP_CAP_CLIENT_MAP, spawn's heap store; persistent_draw_64KiB) is no error and
 * ships nothing: the repeat draw is kept and taken while the map stands, the app's writes
 * between draws go to that memory, not the wire. A map without GL_MAP_PERSISTENT_BIT of another
 * buffer still makes the draw that reads it an error, and one of a buffer the vertex array does
 * not read keeps the repeat off while it stands (draw_ready's walk), as before. */
static void
test_repeat_persistent_map(void)
{
   fake_caps.call_mask[MGP_CALL_draw / 64] |= 1ull << (MGP_CALL_draw % 64); /* compact */
   fake_caps.cap_bits |= MGP_CAP_CLIENT_MAP;
   static _Alignas(64) float store[64];
   fake_set_map_store(store, sizeof(store));
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   mgl_glUseProgram(make_program(&fp));
   GLuint vao, vbo;
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   mgl_glGenBuffers(1, &vbo);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo);
   const GLbitfield bits = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
   mgl_glBufferStorage(GL_ARRAY_BUFFER, sizeof(store), NULL, bits);
   float *map = mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, sizeof(store), bits);
   CHECK(map == store);
   mgl_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   mgl_glEnableVertexAttribArray(0);
   const struct fe_context *ctx = e.ctx;
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(ctx->draw_repeat.valid);
   uint64_t hits = ctx->draw_repeat.hits;
   for (int i = 0; i < 4; i++) {
      if (map)
         map[6 * i] = (float)i; /* the app's write: the server's memory, nothing sent */
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 3 * i, 3);
      CHECK_EQ(fake_count(), 1);
      const struct fake_rec *d = fake_find(MGP_CALL_draw, 0);
      if (d) {
         struct mgp_draw a;
         memcpy(&a, d->args, sizeof(a));
         CHECK_EQ(a.start, (uint32_t)(3 * i));
         CHECK_EQ(a.count, 3);
      }
   }
   CHECK_EQ(ctx->draw_repeat.hits, hits + 4);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   /* another buffer mapped without the persistent bit: no repeat while it is, no error (the
    * vertex array does not read it) */
   GLuint other;
   mgl_glGenBuffers(1, &other);
   mgl_glBindBuffer(GL_COPY_WRITE_BUFFER, other);
   mgl_glBufferData(GL_COPY_WRITE_BUFFER, 64, NULL, GL_STATIC_DRAW);
   CHECK(mgl_glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 16, GL_MAP_WRITE_BIT) != NULL);
   hits = ctx->draw_repeat.hits;
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 2);
   CHECK_EQ(ctx->draw_repeat.hits, hits);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   /* the vertex array reads it: the draw is refused */
   mgl_glBindVertexBuffer(0, other, 0, 8);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_vbo), 0);
   CHECK(mgl_glUnmapBuffer(GL_COPY_WRITE_BUFFER) == GL_TRUE);
   mgl_glBindVertexBuffer(0, vbo, 0, 8);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   hits = ctx->draw_repeat.hits;
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   CHECK_EQ(ctx->tracker.verify_mismatches, 0);
   CHECK(mgl_glUnmapBuffer(GL_ARRAY_BUFFER) == GL_TRUE);
   mgl_glDeleteBuffers(1, &other);
   mgl_glDeleteBuffers(1, &vbo);
   mgl_glDeleteVertexArrays(1, &vao);
   env_finish(&e);
   fake_set_map_store(NULL, 0);
   fake_caps.cap_bits &= ~MGP_CAP_CLIENT_MAP;
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* The two uniform-block tests' start: the compact draw offered, a program reading one 64-byte
 * block "Lights" in use, a triangle's vertex array bound. */
static void
ubo_program_env(struct fe_test_env *e, GLuint *vao, GLuint *vbo)
{
   fake_caps.call_mask[MGP_CALL_draw / 64] |= 1ull << (MGP_CALL_draw % 64); /* compact */
   env_init(e, 64, 64);
   struct fake_program fp = {
      .num_inputs = 1,
      .inputs = {"pos"},
      .num_blocks = 1,
      .blocks = {"Lights"},
      .block_sizes = {64},
   };
   mgl_glUseProgram(make_program(&fp));
   make_triangle(vao, vbo);
}

/* A uniform-block binding moved between draws (glBindBufferBase/Range of another buffer or
 * range, ubo_change): a repeat draw that sends the block ranges first (the tracker's binding
 * group, as fe_validate would), with each range as bound; a refused bind (an offset off the
 * alignment, size 0) moves nothing; an unbound binding sends an empty range; under
 * MGL_TRACKER_VERIFY the whole way finds the same groups. */
static void
test_repeat_ubo_rebind(void)
{
   struct fe_test_env e;
   GLuint vao, vbo;
   ubo_program_env(&e, &vao, &vbo);
   static const float verts2[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
   GLuint vbo2;
   mgl_glGenBuffers(1, &vbo2);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo2);
   mgl_glBufferData(GL_ARRAY_BUFFER, sizeof(verts2), verts2, GL_STATIC_DRAW);
   GLuint ubo[2];
   mgl_glGenBuffers(2, ubo);
   for (int i = 0; i < 2; i++) {
      mgl_glBindBuffer(GL_UNIFORM_BUFFER, ubo[i]);
      mgl_glBufferData(GL_UNIFORM_BUFFER, 1024 * (i + 1), NULL, GL_DYNAMIC_DRAW);
   }
   struct fe_context *ctx = e.ctx;
   struct fe_tracker *t = &ctx->tracker;
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 0, ubo[0]);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(ctx->draw_repeat.valid);
   /* what each bind below leaves bound: the range the draw after it sends */
   struct {
      GLuint buf;
      GLintptr offset;
      GLsizeiptr size;
      uint64_t want_offset, want_size;
   } steps[] = {
      {ubo[1], -1, 0, 0, 2048},   {ubo[0], -1, 0, 0, 1024},        {ubo[1], 256, 64, 256, 64},
      {ubo[1], 512, 64, 512, 64}, {ubo[1], 1792, 1024, 1792, 256}, {ubo[0], -1, 0, 0, 1024},
   };
   for (int pass = 0; pass < 2; pass++) {
      t->verify = pass == 1;
      for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
         if (steps[i].offset < 0)
            mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 0, steps[i].buf);
         else
            mgl_glBindBufferRange(GL_UNIFORM_BUFFER, 0, steps[i].buf, steps[i].offset,
                                  steps[i].size);
         CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
         const uint64_t hits = ctx->draw_repeat.hits, full = t->full_validates;
         const uint64_t binds = t->binding_validates;
         fake_clear();
         mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
         CHECK_EQ(ctx->draw_repeat.hits, hits + (pass ? 0 : 1));
         CHECK_EQ(t->full_validates, full);
         CHECK_EQ(t->binding_validates, binds + 1);
         CHECK_EQ(fake_count_of(MGP_CALL_set_shader_buffers), 1);
         CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
         CHECK_EQ(fake_rec(fake_count() - 1)->id, MGP_CALL_draw);
         const struct fake_rec *sb = fake_find(MGP_CALL_set_shader_buffers, 0);
         if (sb && sb->tail_count == 1) {
            const struct mgp_buffer_range *r = sb->tail;
            CHECK_EQ(r->offset, steps[i].want_offset);
            CHECK_EQ(r->size, steps[i].want_size);
            CHECK(!mgp_handle_is_null(r->res));
         }
      }
   }
   t->verify = false;
   CHECK_EQ(t->verify_mismatches, 0);
   /* refused binds (GL 4.6 6.1.1): GL_INVALID_VALUE, the binding as it was, a plain repeat */
   mgl_glBindBufferRange(GL_UNIFORM_BUFFER, 0, ubo[1], 100, 64);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glBindBufferRange(GL_UNIFORM_BUFFER, 0, ubo[1], 256, 0);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   uint64_t hits = ctx->draw_repeat.hits;
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
   CHECK_EQ(fake_count(), 1);
   /* the binding unbound: the block's range is empty */
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 0, 0);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 2);
   const struct fake_rec *sb = fake_find(MGP_CALL_set_shader_buffers, 0);
   CHECK(sb && sb->tail_count == 1);
   if (sb && sb->tail_count == 1) {
      const struct mgp_buffer_range *r = sb->tail;
      CHECK(mgp_handle_is_null(r->res));
      CHECK_EQ(r->size, 0);
   }
   /* with a vertex-buffer rebind in the same step: both groups, one repeat */
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 0, ubo[1]);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, NULL); /* vbo2 is bound */
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(ctx->draw_repeat.hits, hits + 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_shader_buffers), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_set_vertex_buffers), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteBuffers(2, ubo);
   mgl_glDeleteBuffers(1, &vbo2);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* glBindBufferBase/Range on GL_UNIFORM_BUFFER (their own way, bind_uniform_block): GL's errors
 * leave both points as they were; a bind sets the generic point and the indexed range the
 * queries read back; each point holds one reference (the last bind away and the delete
 * destroy the store once); the same range bound again is no change (a repeat sending only the
 * draw). */
static void
test_ubo_bind_points(void)
{
   struct fe_test_env e;
   GLuint vao, vbo;
   ubo_program_env(&e, &vao, &vbo);
   GLuint ubo[2];
   mgl_glGenBuffers(2, ubo);
   for (int i = 0; i < 2; i++) {
      mgl_glBindBuffer(GL_UNIFORM_BUFFER, ubo[i]);
      mgl_glBufferData(GL_UNIFORM_BUFFER, 1024, NULL, GL_DYNAMIC_DRAW);
   }
   struct fe_context *ctx = e.ctx;
   GLint generic = -1;
   GLint64 bound[3] = {-1, -1, -1};
   /* errors: an index past GL_MAX_UNIFORM_BUFFER_BINDINGS, a name never generated (core) */
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 0, ubo[0]);
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, FE_MAX_UBO_BINDINGS, ubo[1]);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glBindBufferRange(GL_UNIFORM_BUFFER, FE_MAX_UBO_BINDINGS, ubo[1], 0, 64);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 1, 4242);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_glBindBufferRange(GL_UNIFORM_BUFFER, 1, ubo[1], 0, -1);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_VALUE);
   mgl_glGetIntegerv(GL_UNIFORM_BUFFER_BINDING, &generic);
   CHECK_EQ(generic, (GLint)ubo[0]);
   mgl_glGetInteger64i_v(GL_UNIFORM_BUFFER_BINDING, 1, &bound[0]);
   CHECK_EQ(bound[0], 0);
   /* a range: both points, the range read back */
   mgl_glBindBufferRange(GL_UNIFORM_BUFFER, 1, ubo[1], 256, 64);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glGetIntegerv(GL_UNIFORM_BUFFER_BINDING, &generic);
   mgl_glGetInteger64i_v(GL_UNIFORM_BUFFER_BINDING, 1, &bound[0]);
   mgl_glGetInteger64i_v(GL_UNIFORM_BUFFER_START, 1, &bound[1]);
   mgl_glGetInteger64i_v(GL_UNIFORM_BUFFER_SIZE, 1, &bound[2]);
   CHECK_EQ(generic, (GLint)ubo[1]);
   CHECK_EQ(bound[0], (GLint64)ubo[1]);
   CHECK_EQ(bound[1], 256);
   CHECK_EQ(bound[2], 64);
   /* the draw sends the block's range as bound; the same bind again is no change */
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(ctx->draw_repeat.valid);
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 0, ubo[1]);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count_of(MGP_CALL_set_shader_buffers), 1);
   const struct fake_rec *sb = fake_find(MGP_CALL_set_shader_buffers, 0);
   CHECK(sb && sb->tail_count == 1);
   if (sb && sb->tail_count == 1) {
      const struct mgp_buffer_range *r = sb->tail;
      CHECK(!mgp_handle_is_null(r->res));
      CHECK_EQ(r->offset, 0);
      CHECK_EQ(r->size, 1024);
   }
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 0, ubo[1]);
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(fake_count(), 1);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
   /* references: ubo[0] is bound nowhere now; deleted, its store goes at once, and ubo[1]'s
    * only when its last point lets go of it after the delete */
   fake_clear();
   mgl_glDeleteBuffers(1, &ubo[0]);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_destroy), 1);
   struct fe_buffer *b1 = fe_buffer_lookup(ctx, ubo[1]);
   CHECK(b1 && atomic_load(&b1->base.refs) == 4); /* its name, the generic point, 0 and 1 */
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 1, 0);
   mgl_glBindBufferRange(GL_UNIFORM_BUFFER, 0, 0, 0, 0); /* zero: unbinds, no range checks */
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   CHECK(b1 && atomic_load(&b1->base.refs) == 1); /* the generic point moved to zero too */
   mgl_glGetIntegerv(GL_UNIFORM_BUFFER_BINDING, &generic);
   CHECK_EQ(generic, 0);
   fake_clear();
   mgl_glDeleteBuffers(1, &ubo[1]);
   CHECK_EQ(fake_count_of(MGP_CALL_resource_destroy), 1);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* A context's binds find a buffer name's object in its bind cache (fe_buffer.c): the names
 * bound last give their own objects again, and a deleted name is none for any bind point
 * (core: GL_INVALID_OPERATION), its name generated again a fresh object with no store. */
static void
test_bind_cache_delete(void)
{
   struct fe_test_env e;
   GLuint vao, vbo;
   ubo_program_env(&e, &vao, &vbo);
   GLuint b[2];
   mgl_glGenBuffers(2, b);
   for (int i = 0; i < 2; i++) {
      mgl_glBindBuffer(GL_ARRAY_BUFFER, b[i]);
      mgl_glBufferData(GL_ARRAY_BUFFER, 64 * (i + 1), NULL, GL_STATIC_DRAW);
   }
   GLint size = -1;
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b[0]);
   mgl_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
   CHECK_EQ(size, 64);
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 0, b[1]);
   mgl_glGetBufferParameteriv(GL_UNIFORM_BUFFER, GL_BUFFER_SIZE, &size);
   CHECK_EQ(size, 128);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteBuffers(2, b);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b[0]);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, b[1]);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 0, b[1]);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   mgl_glBindBufferRange(GL_UNIFORM_BUFFER, 1, b[0], 0, 16);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   GLint bound = -1;
   mgl_glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &bound);
   CHECK_EQ(bound, 0);
   /* the freed names come back from glGenBuffers as new objects */
   GLuint c[2];
   mgl_glGenBuffers(2, c);
   CHECK((c[0] == b[0] || c[0] == b[1]) && (c[1] == b[0] || c[1] == b[1]));
   for (int i = 0; i < 2; i++) {
      size = -1;
      mgl_glBindBuffer(GL_ARRAY_BUFFER, c[i]);
      mgl_glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
      CHECK_EQ(size, 0);
      mgl_glBindBufferBase(GL_UNIFORM_BUFFER, 0, c[i]);
      mgl_glGetBufferParameteriv(GL_UNIFORM_BUFFER, GL_BUFFER_SIZE, &size);
      CHECK_EQ(size, 0);
   }
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteBuffers(2, c);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* The vertex buffers the draw after a glVertexAttribPointer sends: one record whose bindings are
 * those the enabled attributes read now, each the buffer and offset bound. Rebinds of one
 * attribute (a repeat draw) between changes of which attributes are enabled and which binding
 * each reads (glEnable/DisableVertexAttribArray, glVertexAttribBinding): the bindings read are
 * found again after each such change, not kept from the first draw. */
static void
attrib_draw_sends(struct fe_context *ctx, const char *what, uint32_t n, const GLuint *bufs,
                  const uint64_t *offsets)
{
   fake_clear();
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   const struct fake_rec *r = fake_find(MGP_CALL_set_vertex_buffers, 0);
   const struct mgp_vertex_buffer *vb = r ? r->tail : NULL;
   bool ok = r && fake_count_of(MGP_CALL_set_vertex_buffers) == 1 && r->tail_count == n &&
             ((const struct mgp_set_vertex_buffers *)(const void *)r->args)->count == n;
   for (uint32_t b = 0; ok && b < n; b++) {
      const struct mgp_handle want =
         bufs[b] ? fe_buffer_lookup(ctx, bufs[b])->res : mgp_handle_null();
      ok = mgp_handle_eq(vb[b].res, want) && (!bufs[b] || vb[b].offset == offsets[b]);
   }
   if (!ok) {
      fprintf(stderr, "attrib rebind: %s: not the %u bindings read\n", what, n);
      fake_dump(what);
      fe_test_failures++;
   }
}

static void
test_repeat_attrib_layout(void)
{
   fake_caps.call_mask[MGP_CALL_draw / 64] |= 1ull << (MGP_CALL_draw % 64); /* compact */
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {.num_inputs = 2, .inputs = {"pos", "col"}};
   GLuint prog = make_program(&fp);
   mgl_glUseProgram(prog);
   GLuint vao, buf[3];
   mgl_glGenVertexArrays(1, &vao);
   mgl_glBindVertexArray(vao);
   mgl_glGenBuffers(3, buf);
   for (int i = 0; i < 3; i++) {
      mgl_glBindBuffer(GL_ARRAY_BUFFER, buf[i]);
      mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   }
   struct fe_context *ctx = e.ctx;
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 12, NULL);
   mgl_glEnableVertexAttribArray(0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   CHECK(ctx->draw_repeat.valid);
   /* attribute 0 moves to buffer 1 at offset 24, the stride as it was: a repeat */
   uint64_t hits = ctx->draw_repeat.hits;
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf[1]);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 12, (const void *)(uintptr_t)24);
   attrib_draw_sends(ctx, "attribute 0 moved", 1, (GLuint[]){buf[1]}, (uint64_t[]){24});
   CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
   /* attribute 1 enabled on buffer 2: bindings 0 and 1 are read */
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf[2]);
   mgl_glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, (const void *)(uintptr_t)16);
   mgl_glEnableVertexAttribArray(1);
   attrib_draw_sends(ctx, "attribute 1 enabled", 2, (GLuint[]){buf[1], buf[2]},
                     (uint64_t[]){24, 16});
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3); /* kept again */
   /* then attribute 1 alone moves, its stride fixed: both bindings, the draw a repeat */
   hits = ctx->draw_repeat.hits;
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
   mgl_glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, (const void *)(uintptr_t)32);
   attrib_draw_sends(ctx, "attribute 1 moved", 2, (GLuint[]){buf[1], buf[0]}, (uint64_t[]){24, 32});
   CHECK_EQ(ctx->draw_repeat.hits, hits + 1);
   /* attribute 1 reads binding 0 (GL 4.3 glVertexAttribBinding): binding 1 is no longer read */
   mgl_glVertexAttribBinding(1, 0);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf[2]);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 12, (const void *)(uintptr_t)48);
   attrib_draw_sends(ctx, "attribute 1 on binding 0", 1, (GLuint[]){buf[2]}, (uint64_t[]){48});
   /* attribute 1 back on its own binding, then disabled: binding 0 alone again */
   mgl_glVertexAttribBinding(1, 1);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
   mgl_glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, (const void *)(uintptr_t)64);
   attrib_draw_sends(ctx, "attribute 1 on binding 1", 2, (GLuint[]){buf[2], buf[0]},
                     (uint64_t[]){48, 64});
   mgl_glDisableVertexAttribArray(1);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf[1]);
   mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 12, (const void *)(uintptr_t)12);
   attrib_draw_sends(ctx, "attribute 1 disabled", 1, (GLuint[]){buf[1]}, (uint64_t[]){12});
   /* attribute 0 disabled, attribute 3 on buffer 0: bindings 0-3 sent, 3 read */
   mgl_glDisableVertexAttribArray(0);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
   mgl_glVertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, 0, (const void *)(uintptr_t)4);
   mgl_glEnableVertexAttribArray(3);
   attrib_draw_sends(ctx, "attribute 3 alone", 4, (GLuint[]){0, 0, 0, buf[0]},
                     (uint64_t[]){0, 0, 0, 4});
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteBuffers(3, buf);
   mgl_glDeleteVertexArrays(1, &vao);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* frame_1500's draw (issue 22): a glBindVertexArray between indexed draws is a repeat draw
 * that runs the vertex-array group alone. Three vertex arrays (two of one layout, one with a
 * second attribute, each its own buffers and element buffer) drawn in turn: at every draw the
 * server holds the buffers and element buffer the bound array names and the layout it binds
 * (vim_draw), the draw ends the records, and from the second round on each draw is a repeat
 * that switched arrays. With MGL_TRACKER_VERIFY the same draws go the whole way and must run
 * that group alone. A draw with no vertex array bound (zero, core) and one whose array reads a
 * mapped buffer stay GL_INVALID_OPERATION; a GL_FIXED attribute (copied by the client) takes
 * the whole way. */
static void
test_repeat_vao_switch(void)
{
   fake_caps.call_mask[MGP_CALL_draw / 64] |= 1ull << (MGP_CALL_draw % 64); /* compact */
   struct fe_test_env e;
   env_init(&e, 64, 64);
   memset(&vim, 0, sizeof(vim));
   struct fake_program fp = {.num_inputs = 2, .inputs = {"pos", "col"}};
   mgl_glUseProgram(make_program(&fp));
   struct fe_context *ctx = e.ctx;
   struct fe_tracker *t = &ctx->tracker;
   GLuint vao[3], vbo[4], ebo[3];
   mgl_glGenVertexArrays(3, vao);
   mgl_glGenBuffers(4, vbo);
   mgl_glGenBuffers(3, ebo);
   const uint16_t idx[6] = {0, 1, 2, 2, 1, 0};
   for (int i = 0; i < 3; i++) {
      mgl_glBindVertexArray(vao[i]);
      mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo[i]);
      mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
      mgl_glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 16, (const void *)(uintptr_t)(16 * i));
      mgl_glEnableVertexAttribArray(0);
      if (i == 2) {
         mgl_glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 16, (const void *)12);
         mgl_glEnableVertexAttribArray(1);
      }
      mgl_glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo[i]);
      mgl_glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   }
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   for (int pass = 0; pass < 2; pass++) {
      t->verify = pass == 1;
      for (int round = 0; round < 3; round++) {
         for (int i = 0; i < 3; i++) {
            const uint64_t hits = ctx->draw_repeat.hits, arrays = ctx->draw_repeat.arrays;
            const uint64_t full = t->full_validates, groups = t->array_validates;
            vim_draw(&e, vao[i], pass ? "verify" : "repeat");
            CHECK(fake_count() > 0 && fake_rec(fake_count() - 1)->id == MGP_CALL_draw);
            CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
            /* C's layout differs from A's and B's: its switches bind its vertex elements */
            if (round == 0 && pass == 0)
               continue; /* the first round keeps the repeat */
            CHECK_EQ(fake_count_of(MGP_CALL_bind_vertex_elements), i == 1 ? 0 : 1);
            /* the element buffer comes with the vertex input: one bind, no set_index_buffer */
            CHECK_EQ(fake_count_of(MGP_CALL_bind_vertex_input), 1);
            CHECK_EQ(fake_count_of(MGP_CALL_set_index_buffer), 0);
            CHECK_EQ(t->full_validates, full);
            CHECK_EQ(t->array_validates, groups + 1);
            CHECK_EQ(ctx->draw_repeat.hits, hits + (pass ? 0 : 1));
            CHECK_EQ(ctx->draw_repeat.arrays, arrays + (pass ? 0 : 1));
         }
      }
   }
   t->verify = false;
   CHECK_EQ(t->verify_mismatches, 0);
   /* zero bound after a kept repeat (a core context has no default vertex array): refused,
    * nothing drawn */
   vim_draw(&e, vao[0], "A before zero");
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   CHECK(ctx->draw_repeat.valid);
   mgl_glBindVertexArray(0);
   fake_clear();
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 0);
   vim_draw(&e, vao[2], "C after zero");
   vim_draw(&e, vao[0], "A after zero");
   /* B's vertex buffer mapped while A is bound: B's draw is refused, A's is not */
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo[1]);
   CHECK(mgl_glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_WRITE_BIT) != NULL);
   vim_draw(&e, vao[0], "A while B's buffer is mapped");
   fake_clear();
   mgl_glBindVertexArray(vao[1]);
   mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
   CHECK_EQ(mgl_glGetError(), GL_INVALID_OPERATION);
   CHECK_EQ(fake_count_of(MGP_CALL_draw), 0);
   CHECK(mgl_glUnmapBuffer(GL_ARRAY_BUFFER));
   vim_draw(&e, vao[0], "A after the unmap");
   vim_draw(&e, vao[1], "B after the unmap");
   vim_draw(&e, vao[2], "C after the unmap");
   CHECK(ctx->draw_repeat.valid);
   /* a GL_FIXED attribute on B (the client converts it: no repeat draw) */
   mgl_glBindVertexArray(vao[1]);
   mgl_glBindBuffer(GL_ARRAY_BUFFER, vbo[3]);
   mgl_glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   mgl_glVertexAttribPointer(1, 4, GL_FIXED, GL_FALSE, 16, NULL);
   if (mgl_glGetError() == GL_NO_ERROR) {
      mgl_glEnableVertexAttribArray(1);
      vim_draw(&e, vao[0], "A before B's fixed attribute");
      vim_draw(&e, vao[2], "C before B's fixed attribute");
      CHECK(ctx->draw_repeat.valid);
      const uint64_t hits = ctx->draw_repeat.hits;
      fake_clear();
      mgl_glBindVertexArray(vao[1]);
      mgl_glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
      CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
      CHECK_EQ(ctx->draw_repeat.hits, hits);
      CHECK_EQ(fake_count_of(MGP_CALL_draw) + fake_count_of(MGP_CALL_draw_vbo), 1);
   }
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteVertexArrays(3, vao);
   mgl_glDeleteBuffers(4, vbo);
   mgl_glDeleteBuffers(3, ebo);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

/* What the repeat draw no longer asks live (fe_draw.c: the unusual epoch): a texture upload
 * pending (the next draw sends it first) and a buffer mapped in the share group (draw_ready
 * asks) each make the next draw take the whole way; two draws later it repeats again. */
static void
test_repeat_unusual(void)
{
   fake_caps.call_mask[MGP_CALL_draw / 64] |= 1ull << (MGP_CALL_draw % 64); /* compact */
   struct fe_test_env e;
   env_init(&e, 64, 64);
   struct fake_program fp = {.num_inputs = 1, .inputs = {"pos"}};
   mgl_glUseProgram(make_program(&fp));
   GLuint vao, vbo, tex, other;
   make_triangle(&vao, &vbo);
   const struct fe_context *ctx = e.ctx;
   static const uint8_t px[4 * 4 * 4] = {0};
   mgl_glGenTextures(1, &tex);
   mgl_glBindTexture(GL_TEXTURE_2D, tex);
   mgl_glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   mgl_glGenBuffers(1, &other);
   mgl_glBindBuffer(GL_COPY_WRITE_BUFFER, other);
   mgl_glBufferData(GL_COPY_WRITE_BUFFER, 64, NULL, GL_STATIC_DRAW);
   for (int step = 0; step < 2; step++) {
      for (int i = 0; i < 3; i++)
         mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK(ctx->draw_repeat.valid);
      uint64_t hits = ctx->draw_repeat.hits;
      if (step == 0)
         mgl_glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
      else
         CHECK(mgl_glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 16, GL_MAP_WRITE_BIT) != NULL);
      fake_clear();
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK_EQ(ctx->draw_repeat.hits, hits);
      CHECK_EQ(fake_count_of(MGP_CALL_draw), 1);
      if (step == 0) {
         /* the upload reaches the server before the draw */
         CHECK_EQ(fake_count_of(MGP_CALL_resource_subdata), 1);
         CHECK(fake_count() > 1 && fake_rec(0)->id != MGP_CALL_draw);
      } else {
         mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
         mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
         CHECK_EQ(ctx->draw_repeat.hits, hits); /* still mapped: never the repeat */
         CHECK(mgl_glUnmapBuffer(GL_COPY_WRITE_BUFFER) == GL_TRUE);
      }
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      mgl_glDrawArrays(GL_TRIANGLES, 0, 3);
      CHECK(ctx->draw_repeat.hits > hits);
   }
   CHECK_EQ(mgl_glGetError(), GL_NO_ERROR);
   mgl_glDeleteBuffers(1, &other);
   mgl_glDeleteTextures(1, &tex);
   env_finish(&e);
   fake_caps.call_mask[MGP_CALL_draw / 64] &= ~(1ull << (MGP_CALL_draw % 64));
}

int
main(void)
{
   test_stencil_texturing();
   test_vertex_inputs();
   test_vertex_fold();
   test_vao_switch_elements();
   test_viewport_is_dynamic();
   test_viewport_array();
   test_blend_toggle_two_csos();
   test_render_state_memo();
   test_redundant_state_no_records();
   test_vertex_buffers_resend();
   test_setter_walk();
   test_streamed_subdata();
   test_texture_uploads();
   test_incomplete_texture_black();
   test_sampler_objects();
   test_border_clamped_to_format();
   test_program_switch_samplers();
   test_rebound_texture_resolves_fresh();
   test_delete_texture_views();
   test_uniforms_and_ubo();
   test_state_uniforms();
   test_uniform_range_resend();
   test_uniform_words();
   test_uniform_words_fold();
   test_framebuffer_state();
   test_draw_forms();
   test_render_state_lru();
   test_sampling_cso_lru();
   test_map_buffer();
   test_clear_and_read();
   test_read_pixels_pack_buffer();
   test_unpack_buffer_upload();
   test_present();
   test_compact_draw();
   test_compact_draw_elements();
   test_draw_ready_memo();
   test_draw_repeat();
   test_repeat_persistent_map();
   test_repeat_ubo_rebind();
   test_ubo_bind_points();
   test_repeat_attrib_layout();
   test_repeat_vao_switch();
   test_sampler_layout();
   test_sampler_layout_across_no_samplers();
   test_repeat_after_change();
   test_repeat_restart();
   test_repeat_dynamic_state();
   test_repeat_after_sample_state();
   test_repeat_render_state();
   test_repeat_render_beside();
   test_repeat_point_size();
   test_repeat_unusual();
   test_draw_inputs_walk();
   test_attrib_pointer_layout();
   test_attrib_64bit();
   test_bind_cache_delete();
   test_dispatch_repeat();
   return fe_test_report("unit.frontend.tracker");
}
