/* scenario_persist.c — ARB_buffer_storage (GL 4.6 core 6.2, 6.3): immutable stores and
 * persistent maps that stay mapped while draws read them. Coherent maps written between draws
 * with no GL call in between; a non-coherent map made visible by glFlushMappedBufferRange and by
 * glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT); GPU writes (a copy, glBufferSubData,
 * glClearBufferSubData) seen through the map after a fence or glFinish; and the errors. */
#include "scenario.h"

/* Cell k of 8: a 12x20 rectangle (6 vertices, 12 floats) on the 64x64 target. */
static void
ps_cell(float *out12, int cell)
{
   const float x0 = (float)(4 + 16 * (cell % 4)), y0 = (float)(cell < 4 ? 36 : 8);
   rect_vertices(out12, x0, y0, x0 + 12, y0 + 20);
}

static void
ps_model_cell(model *m, int cell, vec4f c)
{
   const int x0 = 4 + 16 * (cell % 4), y0 = cell < 4 ? 36 : 8;
   model_rect(m, x0, y0, x0 + 12, y0 + 20, to8(c));
}

static bool
ps_supported(void)
{
   if (!has_ext("GL_ARB_buffer_storage") || !gl.BufferStorage) {
      if (on_mgl())
         fail("GL_ARB_buffer_storage is not offered"); /* on every arm and backend */
      else
         skipped("GL_ARB_buffer_storage is not offered");
      return false;
   }
   return true;
}

/* A vertex array over vbo's floats as 2-component positions. */
static GLuint
ps_vao(GLuint vbo)
{
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.EnableVertexAttribArray(0);
   return vao;
}

/* persistent_coherent: one buffer mapped once (WRITE | PERSISTENT | COHERENT) and never
 * unmapped; the app writes a cell's vertices into region k and draws region k, eight times,
 * with no GL call between the write and the draw. Region 0 is rewritten once a fence says its
 * draw is done, and drawn again (the earlier draw keeps its pixels). Then a
 * second buffer, non-coherent with GL_MAP_FLUSH_EXPLICIT_BIT, flushed range by range, and a
 * third, non-coherent without it, made visible by the client-mapped barrier where the context
 * has glMemoryBarrier. */
void
sc_persistent_coherent(void)
{
   if (!ps_supported())
      return;
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = solid_program();
   const GLint ucol = uloc(p, "u_color");
   const vec4f c[8] = {V4(1.0f, 0.2f, 0.2f, 1.0f), V4(0.2f, 1.0f, 0.2f, 1.0f),
                       V4(0.2f, 0.2f, 1.0f, 1.0f), V4(1.0f, 1.0f, 0.2f, 1.0f),
                       V4(1.0f, 0.2f, 1.0f, 1.0f), V4(0.2f, 1.0f, 1.0f, 1.0f),
                       V4(0.6f, 0.4f, 0.2f, 1.0f), V4(1.0f, 1.0f, 1.0f, 1.0f)};
   const GLsizeiptr region = 12 * sizeof(float);

   /* 1: coherent, cells 0..3, each written just before its draw */
   GLuint vbo[3];
   gl.GenBuffers(3, vbo);
   GLuint vao = ps_vao(vbo[0]);
   gl.BufferStorage(GL_ARRAY_BUFFER, 4 * region, NULL,
                    GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT);
   float *map = gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 4 * region,
                                  GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT);
   check_gl_error("glBufferStorage and the persistent map");
   if (!map) {
      fail("glMapBufferRange(WRITE | PERSISTENT | COHERENT) returned NULL");
      return;
   }
   for (int k = 0; k < 4; k++) {
      ps_cell(map + 12 * k, k);
      gl.Uniform4fv(ucol, 1, c[k].v);
      glDrawArrays(GL_TRIANGLES, 6 * k, 6);
   }
   /* region 0 again, now cell 4's place, once a fence says the draws that read it are done
    * (the app may not change bytes a queued draw reads: a persistent map has no implicit
    * synchronization); the draw of cell 0 above keeps cell 0 */
   GLsync f = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   const GLenum r = gl.ClientWaitSync(f, GL_SYNC_FLUSH_COMMANDS_BIT, 10000000000ull);
   if (r != GL_ALREADY_SIGNALED && r != GL_CONDITION_SATISFIED)
      fail("glClientWaitSync returned 0x%x", r);
   gl.DeleteSync(f);
   ps_cell(map, 4);
   gl.Uniform4fv(ucol, 1, c[4].v);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   GLint mapped = 0;
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &mapped);
   if (!mapped)
      fail("the persistent map was lost across draws (GL_BUFFER_MAPPED 0)");
   check_gl_error("draws from a coherent persistent map");

   /* 2: non-coherent, explicit flush: cell 5 */
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo[1]);
   gl.BufferStorage(GL_ARRAY_BUFFER, 2 * region, NULL, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT);
   float *m2 =
      gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 2 * region,
                        GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
   check_gl_error("the non-coherent map");
   if (!m2) {
      fail("glMapBufferRange(WRITE | PERSISTENT | FLUSH_EXPLICIT) returned NULL");
      return;
   }
   ps_cell(m2 + 12, 5);
   gl.FlushMappedBufferRange(GL_ARRAY_BUFFER, region, region);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.Uniform4fv(ucol, 1, c[5].v);
   glDrawArrays(GL_TRIANGLES, 6, 6);
   check_gl_error("a draw after glFlushMappedBufferRange");

   /* 3: non-coherent, no explicit flush: the client-mapped barrier (GL 4.2's glMemoryBarrier);
    * without it (the GLES backend) the unmap makes the write visible, so the frame is the same */
   const bool barrier = gl.MemoryBarrier && has_ext("GL_ARB_shader_image_load_store");
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo[2]);
   gl.BufferStorage(GL_ARRAY_BUFFER, region, NULL, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT);
   float *m3 =
      gl.MapBufferRange(GL_ARRAY_BUFFER, 0, region, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT);
   if (!m3) {
      fail("glMapBufferRange(WRITE | PERSISTENT) returned NULL");
      return;
   }
   ps_cell(m3, 6);
   if (barrier) {
      gl.MemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT);
   } else {
      skipped("glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT): no image load/store");
      gl.UnmapBuffer(GL_ARRAY_BUFFER);
   }
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   gl.Uniform4fv(ucol, 1, c[6].v);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw after the client-mapped barrier");

   model md;
   model_init(&md, bg);
   for (int k = 0; k < 4; k++)
      ps_model_cell(&md, k, c[k]);
   ps_model_cell(&md, 4, c[4]);
   ps_model_cell(&md, 5, c[5]);
   ps_model_cell(&md, 6, c[6]);
   check_frame("draws from persistent maps", &md);

   /* the maps end with the buffers: unmap one, delete all while two are mapped */
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo[0]);
   if (!gl.UnmapBuffer(GL_ARRAY_BUFFER))
      fail("glUnmapBuffer of a persistent map returned GL_FALSE");
   gl.DeleteBuffers(3, vbo);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(p);
   check_gl_error("teardown");
}

/* Checks n floats of the map against want. */
static void
ps_expect(const char *what, const float *map, const float *want, int n)
{
   for (int i = 0; i < n; i++)
      if (map[i] != want[i]) {
         fail("%s: map[%d] = %g, expected %g", what, i, map[i], want[i]);
         return;
      }
}

/* persistent_readback: GPU writes into a persistently mapped store reach the map once the app
 * waits: a copy into it, then a fence and glClientWaitSync (the map has no READ bit, as
 * piglit's bufferstorage-persistent read has it); glBufferSubData and glClearBufferSubData
 * (GL 4.6 6.2: allowed on a persistent map) and glFinish; and the app's own writes into the
 * same map, shipped before each fetch, survive in the bytes the GPU did not write; one made
 * while the copy may run, beside its bytes, leaves the copied bytes alone. */
void
sc_persistent_readback(void)
{
   if (!ps_supported())
      return;
   float src[16], want[16];
   for (int i = 0; i < 16; i++)
      src[i] = 100.0f + (float)i;
   GLuint b[2];
   gl.GenBuffers(2, b);
   gl.BindBuffer(GL_COPY_READ_BUFFER, b[0]);
   gl.BufferData(GL_COPY_READ_BUFFER, sizeof src, src, GL_STATIC_DRAW);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
   gl.BufferStorage(GL_COPY_WRITE_BUFFER, sizeof src, NULL,
                    GL_MAP_WRITE_BIT | GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT |
                       GL_MAP_COHERENT_BIT | GL_DYNAMIC_STORAGE_BIT);
   float *map = gl.MapBufferRange(GL_COPY_WRITE_BUFFER, 0, sizeof src,
                                  GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT);
   check_gl_error("storage and map");
   if (!map) {
      fail("glMapBufferRange(WRITE | PERSISTENT | COHERENT) returned NULL");
      return;
   }
   /* the app writes the second half; the GPU copies the first half */
   for (int i = 0; i < 16; i++)
      map[i] = want[i] = i < 8 ? -1.0f : 200.0f + (float)i;
   gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 8 * sizeof(float));
   memcpy(want, src, 8 * sizeof(float));
   /* the app writes beside the copy's bytes before it waits: legal (other bytes), and the
    * shipment of this write must not carry the copied range's old bytes over the copy */
   map[14] = want[14] = 314.0f;
   GLsync f = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   GLenum r = gl.ClientWaitSync(f, GL_SYNC_FLUSH_COMMANDS_BIT, 10000000000ull);
   if (r != GL_ALREADY_SIGNALED && r != GL_CONDITION_SATISFIED)
      fail("glClientWaitSync returned 0x%x", r);
   gl.DeleteSync(f);
   ps_expect("a copy into the map, after a fence", map, want, 16);

   /* glBufferSubData on the mapped store, then a clear, then glFinish */
   const float sub[2] = {7.0f, 8.0f};
   gl.BufferSubData(GL_COPY_WRITE_BUFFER, 4 * sizeof(float), sizeof sub, sub);
   check_gl_error("glBufferSubData on a persistently mapped buffer");
   want[4] = 7.0f, want[5] = 8.0f;
   map[15] = want[15] = 42.0f; /* the app's write beside the GPU's */
   const float zero = 0.0f;
   gl.ClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32F, 8 * sizeof(float), 4 * sizeof(float),
                         GL_RED, GL_FLOAT, &zero);
   check_gl_error("glClearBufferSubData on a persistently mapped buffer");
   for (int i = 8; i < 12; i++)
      want[i] = 0.0f;
   glFinish();
   ps_expect("glBufferSubData and a clear, after glFinish", map, want, 16);

   /* the server holds the app's write too */
   float back[16];
   gl.GetBufferSubData(GL_COPY_WRITE_BUFFER, 0, sizeof back, back);
   check_gl_error("glGetBufferSubData of a persistently mapped buffer");
   ps_expect("glGetBufferSubData", back, want, 16);
   gl.DeleteBuffers(2, b);
}

/* persistent_errors: GL 4.6 6.2 and 6.3's errors for immutable stores and persistent maps, and
 * the two queries. */
void
sc_persistent_errors(void)
{
   if (!ps_supported())
      return;
   GLuint b[3];
   gl.GenBuffers(3, b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b[0]);
   gl.BufferStorage(GL_ARRAY_BUFFER, 0, NULL, GL_MAP_WRITE_BIT);
   expect_gl_error(GL_INVALID_VALUE, "glBufferStorage of size 0");
   gl.BufferStorage(GL_ARRAY_BUFFER, 64, NULL, 0x80000000u);
   expect_gl_error(GL_INVALID_VALUE, "glBufferStorage with an unknown flag");
   gl.BufferStorage(GL_ARRAY_BUFFER, 64, NULL, GL_MAP_PERSISTENT_BIT);
   expect_gl_error(GL_INVALID_VALUE, "PERSISTENT without READ or WRITE");
   gl.BufferStorage(GL_ARRAY_BUFFER, 64, NULL, GL_MAP_WRITE_BIT | GL_MAP_COHERENT_BIT);
   expect_gl_error(GL_INVALID_VALUE, "COHERENT without PERSISTENT");
   gl.BufferStorage(0x1234, 64, NULL, GL_MAP_WRITE_BIT);
   expect_gl_error(GL_INVALID_ENUM, "glBufferStorage on no target");
   gl.BindBuffer(GL_COPY_READ_BUFFER, 0);
   gl.BufferStorage(GL_COPY_READ_BUFFER, 64, NULL, GL_MAP_WRITE_BIT);
   expect_gl_error(GL_INVALID_OPERATION, "glBufferStorage with no buffer bound");

   GLint v = -1;
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE, &v);
   if (v != GL_FALSE)
      fail("GL_BUFFER_IMMUTABLE_STORAGE before glBufferStorage: %d", v);
   gl.BufferStorage(GL_ARRAY_BUFFER, 64, NULL, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT);
   check_gl_error("glBufferStorage");
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE, &v);
   if (v != GL_TRUE)
      fail("GL_BUFFER_IMMUTABLE_STORAGE after glBufferStorage: %d", v);
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_STORAGE_FLAGS, &v);
   if (v != (GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT))
      fail("GL_BUFFER_STORAGE_FLAGS 0x%x, expected 0x%x", v,
           GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT);
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
   if (v != 64)
      fail("GL_BUFFER_SIZE %d after glBufferStorage of 64", v);

   /* an immutable store is never respecified, and without DYNAMIC_STORAGE not written */
   gl.BufferStorage(GL_ARRAY_BUFFER, 64, NULL, GL_MAP_WRITE_BIT);
   expect_gl_error(GL_INVALID_OPERATION, "glBufferStorage on an immutable store");
   gl.BufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   expect_gl_error(GL_INVALID_OPERATION, "glBufferData on an immutable store");
   const uint8_t bytes[4] = {1, 2, 3, 4};
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, 4, bytes);
   expect_gl_error(GL_INVALID_OPERATION, "glBufferSubData without DYNAMIC_STORAGE_BIT");

   /* maps may ask only for what the flags have */
   gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 64, GL_MAP_READ_BIT);
   expect_gl_error(GL_INVALID_OPERATION, "a READ map of a store without MAP_READ_BIT");
   gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 64,
                     GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT);
   expect_gl_error(GL_INVALID_OPERATION, "a COHERENT map of a store without MAP_COHERENT_BIT");
   gl.MapBuffer(GL_ARRAY_BUFFER, GL_READ_WRITE);
   expect_gl_error(GL_INVALID_OPERATION, "glMapBuffer(READ_WRITE) of a write-only store");
   void *m = gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 64, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT);
   check_gl_error("a persistent write map");
   if (!m)
      fail("glMapBufferRange(WRITE | PERSISTENT) returned NULL");
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS_FLAGS, &v);
   if (v != (GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT))
      fail("GL_BUFFER_ACCESS_FLAGS 0x%x", v);
   gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 64, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT);
   expect_gl_error(GL_INVALID_OPERATION, "a second map");
   gl.UnmapBuffer(GL_ARRAY_BUFFER);
   check_gl_error("unmap");

   /* a store glBufferData made: READ | WRITE | DYNAMIC_STORAGE, mutable, no persistent map */
   gl.BindBuffer(GL_ARRAY_BUFFER, b[1]);
   gl.BufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE, &v);
   if (v != GL_FALSE)
      fail("GL_BUFFER_IMMUTABLE_STORAGE after glBufferData: %d", v);
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_STORAGE_FLAGS, &v);
   if (v != (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT))
      fail("GL_BUFFER_STORAGE_FLAGS after glBufferData 0x%x", v);
   gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 64, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT);
   expect_gl_error(GL_INVALID_OPERATION, "a persistent map of a store glBufferData made");
   gl.BufferStorage(GL_ARRAY_BUFFER, 64, NULL, GL_MAP_WRITE_BIT);
   check_gl_error("glBufferStorage over a store glBufferData made");

   /* a non-persistent map still blocks commands that read the buffer; a persistent one not */
   gl.BindBuffer(GL_ARRAY_BUFFER, b[2]);
   gl.BufferStorage(GL_ARRAY_BUFFER, 64, NULL,
                    GL_MAP_WRITE_BIT | GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT |
                       GL_DYNAMIC_STORAGE_BIT);
   gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_WRITE_BIT);
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, 4, bytes);
   expect_gl_error(GL_INVALID_OPERATION, "glBufferSubData into a non-persistent map");
   gl.UnmapBuffer(GL_ARRAY_BUFFER);
   gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT);
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, 4, bytes);
   check_gl_error("glBufferSubData into a persistent map");
   uint8_t got[4] = {0};
   gl.GetBufferSubData(GL_ARRAY_BUFFER, 0, 4, got);
   check_gl_error("glGetBufferSubData of a persistent map");
   if (memcmp(got, bytes, 4))
      fail("glGetBufferSubData of a persistent map: %u %u %u %u", got[0], got[1], got[2], got[3]);
   gl.DeleteBuffers(3, b);
   check_gl_error("teardown");
}

/* persistent_stream: the streaming pattern (a ring of slots in one WRITE | PERSISTENT |
 * COHERENT | DYNAMIC_STORAGE map, each slot written and drawn with no GL call between, a
 * fence before a slot is written again) with the GPU reading earlier slots while the app
 * writes the next: glFlush after every draw hands it the batch. One slot is written with
 * glBufferSubData between two draws of the same render pass (GL 4.6 6.2 allows it on a
 * persistently mapped store): a backend that answered it with a renamed copy of the store
 * would have the next draw read that copy, which lacks the app's later writes through the
 * pointer. Eight cells, each drawn once; with the server role in the process (monolith,
 * inproc) the map is the server's memory (gate.persistent_counts counts no scan). */
void
sc_persistent_stream(void)
{
   if (!ps_supported())
      return;
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = solid_program();
   const GLint ucol = uloc(p, "u_color");
   const vec4f c[8] = {V4(1.0f, 0.2f, 0.2f, 1.0f), V4(0.2f, 1.0f, 0.2f, 1.0f),
                       V4(0.2f, 0.2f, 1.0f, 1.0f), V4(1.0f, 1.0f, 0.2f, 1.0f),
                       V4(1.0f, 0.2f, 1.0f, 1.0f), V4(0.2f, 1.0f, 1.0f, 1.0f),
                       V4(0.6f, 0.4f, 0.2f, 1.0f), V4(1.0f, 1.0f, 1.0f, 1.0f)};
   enum { SLOTS = 4 };
   const GLsizeiptr slot = 12 * sizeof(float);
   GLuint vbo;
   gl.GenBuffers(1, &vbo);
   GLuint vao = ps_vao(vbo);
   const GLbitfield bits = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
   gl.BufferStorage(GL_ARRAY_BUFFER, SLOTS * slot, NULL, bits | GL_DYNAMIC_STORAGE_BIT);
   float *map = gl.MapBufferRange(GL_ARRAY_BUFFER, 0, SLOTS * slot, bits);
   check_gl_error("glBufferStorage and the persistent map");
   if (!map) {
      fail("glMapBufferRange(WRITE | PERSISTENT | COHERENT) returned NULL");
      return;
   }
   GLsync lap = 0;
   for (int k = 0; k < 8; k++) {
      const int s = k % SLOTS;
      if (s == 0 && lap) { /* the lap before is done with every slot */
         const GLenum r = gl.ClientWaitSync(lap, GL_SYNC_FLUSH_COMMANDS_BIT, 10000000000ull);
         if (r != GL_ALREADY_SIGNALED && r != GL_CONDITION_SATISFIED)
            fail("glClientWaitSync returned 0x%x", r);
         gl.DeleteSync(lap);
         lap = 0;
      }
      if (k == 5) {
         float v[12];
         ps_cell(v, k);
         gl.BufferSubData(GL_ARRAY_BUFFER, s * slot, slot, v);
      } else {
         ps_cell(map + 12 * s, k);
      }
      gl.Uniform4fv(ucol, 1, c[k].v);
      glDrawArrays(GL_TRIANGLES, 6 * s, 6);
      if (k != 4 && k != 5)
         glFlush(); /* the GPU reads this slot while the app writes the next */
      if (s == SLOTS - 1)
         lap = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   }
   if (lap)
      gl.DeleteSync(lap);
   check_gl_error("draws streamed through a coherent persistent map");
   model md;
   model_init(&md, bg);
   for (int k = 0; k < 8; k++)
      ps_model_cell(&md, k, c[k]);
   check_frame("draws streamed through a persistent map", &md);
   gl.DeleteBuffers(1, &vbo);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(p);
   check_gl_error("teardown");
}
