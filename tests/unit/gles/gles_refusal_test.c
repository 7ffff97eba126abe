/* gles_refusal_test.c SPV_DIR — the GLES backend through its MGPipe tables on the host GLES
 * (in process, as vk_backend_test.c drives the Vulkan one): records a hostile client may send
 * whose values the host would refuse with a GL error that nothing reads (a silent drop) must be
 * refused by name before the host sees them (rule I), and the session must go on.
 *
 *   subdata_level   resource_subdata into a level the texture lacks: backend-draw-incomplete (as
 *                   the Vulkan backend's texture_subdata), no host call, no host error.
 *   draw_signed     draw_vbo whose count, first vertex or instance count is 2^31 or more (GLES's
 *                   GLsizei / GLint would see it negative): backend-feature-unimplemented, no
 *                   host draw, no host error; the same counts from draw_indirect's buffer.
 *   draw_flags      draw_vbo with a flag bit past MGP_DRAW_ALL_FLAGS: backend-feature-
 *                   unimplemented, no host draw; MGP_DRAW_FRAGMENTS_ONLY with nothing counting
 *                   primitives draws; draw_indirect with a bit other than restart is declined.
 *   indirect_barrier draw_indirect maps its command buffer after glMemoryBarrier(
 *                   GL_BUFFER_UPDATE_BARRIER_BIT), as resource_readback does: a compute pass's
 *                   commands are complete when the map reads them.
 *   index_bounds    an indexed draw (draw_vbo, or a draw_indirect command) whose index reads run
 *                   past the element buffer: gl-draw-out-of-bounds, no host draw.
 *   blend_op        a draw whose render state blends with an equation past MGP_BLEND_OP_MAX (an
 *                   advanced one, which MGP_CAP_BLEND_ADVANCED does not offer here, or none):
 *                   backend-feature-unimplemented, no host draw, no host error.
 *   spirv_bound     create_shader with a module whose id bound is 2^32-1 (the passes' tables
 *                   would be GiBs): Fatal{ProtocolCorruption} before any pass reads it.
 *   indirect_grid   launch_grid whose group counts, in the client's indirect buffer, are over
 *                   GL_MAX_COMPUTE_WORK_GROUP_COUNT: compute-grid-over-limit, no host dispatch
 *                   (a grid that large holds or loses the host's device), no host error; a
 *                   valid one after them dispatches; a direct record over the limit is
 *                   backend-draw-incomplete.
 *   host_calls      what a draw after one change costs the host, counted (gles-host-calls), as
 *                   native GLES pays it: a texture change alone is glBindTexture and the draw
 *                   (the unit's sampler, unchanged, is not bound again); a buffer's
 *                   resource_subdata (glBufferSubData) and the draw after it are the upload and
 *                   the draw (the shadow of host state stays: the draw puts no group again);
 *                   a program change with the same views walks no texture unit again
 *                   (gles-units-skipped) and binds the program alone; a current attribute
 *                   value the program does not read is not put; blending toggled with the
 *                   same factors is glEnable / glDisable and the draw; a view change alone
 *                   does not look the samplers up again for their LOD bias
 *                   (gles-lod-bias-walks), a sampler change does; a render state change
 *                   that toggles the depth test puts neither the stencil nor the multisample
 *                   group (gles-groups-skipped); a change between two programs with default
 *                   blocks is glUseProgram and the draw (no glBindBufferRange).
 *   vertex_buffers  a vertex buffer change alone between draws (attrib_change's): GLES 3.1's
 *                   glBindVertexBuffer and the draw, 2 host calls (gles-vertex-buffer-binds),
 *                   and the host's attribute 0 holds each buffer and offset in turn, back to
 *                   the first (a shadow not moved by the bind would skip it); after a call
 *                   that forgets the shadow, the host holds the next change too; a viewport
 *                   change alone before the compact draw is glViewport and the draw, put
 *                   apply_state's short way (gles-short-applies).
 *   vertex_buffers_compact the same change before a compact draw (glb_draw, as attrib_change
 *                   draws): where the host is robust the compact path (gles-compact-draws),
 *                   glBindVertexBuffer and the draw, the host holding each buffer, the change
 *                   put apply_state's short way (gles-short-applies) either way; a change to
 *                   no buffer refused (backend-draw-incomplete), no host draw; without robust
 *                   access the compact path stays off and a 1-vertex buffer under a 3-vertex
 *                   draw is gl-draw-unbounded.
 *   textures_compact a texture change alone before a compact draw (texture1_change's): the
 *                   compact path where the host is robust, put apply_state's short way
 *                   (gles-short-applies) either way, glBindTexture and the draw, each texture's
 *                   colour drawn in turn; a sampler change takes apply_state's walk (its LOD
 *                   bias found again, gles-lod-bias-walks).
 *   vertex_buffers_shared two attributes read one interleaved buffer, through one binding
 *                   (relative offsets 0 and 8) or two (offsets 0 and 8: each attribute's
 *                   glVertexAttribPointer, frame_1500's chunks): a buffer change alone is one
 *                   glBindVertexBuffer for both and the draw, 2 host calls (gles-vertex-buffer-
 *                   binds 1), the host's two attributes holding the new buffer at binding 0,
 *                   the second at relative offset 8, and the pixels each buffer's (its second
 *                   attribute moves the triangle); two bindings 4096 bytes apart (past
 *                   GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET) stay two host bindings; the
 *                   second binding's buffer alone set to another and back (the fold kept
 *                   across draws found again: the second attribute at its own binding 1,
 *                   relative offset 0, then binding 0 at 8), each buffer and pixel checked; with
 *                   MGL_GLES_HIDE=attrib-binding (the GLES 3.0 way, unit.gles.refusals_attrib_
 *                   binding) one glBindVertexBuffer for each attribute, 3 host calls.
 *   vertex_buffers_short a vertex buffer change alone put the short way (gles-vertex-buffers-
 *                   short: the fold standing for the vertex elements and program it was last
 *                   put for, no lookup, one glBindVertexBuffer), under a program reading one
 *                   array, then under one reading two (the walk between): binding 1's buffer
 *                   alone bound on the host, and back (none so without attribute bindings).
 *   dynamic_parts   a viewport, scissor or depth range change alone (set_dynamic_words): its
 *                   one host call and the draw, the dynamic group's five other parts not
 *                   compared (gles-dynamic-parts-skipped), the host holding the new value beside
 *                   the others; after another context's draw with its own scissor (the
 *                   shadow forgotten, the host's scissor moved) a viewport change alone puts
 *                   every part again.
 *   unbounded       on a host context without robust access (MGL_GLES_HIDE=robust: the run
 *                   unit.gles.refusals_no_robust): draws whose vertices, index values or
 *                   instances run past the arrays the program reads (a 3-vertex position array,
 *                   a 2-element per-instance one) are gl-draw-unbounded, no host draw; the ones
 *                   inside them draw; so is a compact draw (glb_draw) past them after a draw
 *                   with nothing changed since. With robust access the host bounds them: they
 *                   draw.
 *   user_index_bounds a draw of the client's own indices whose range runs past them (by 2^28
 *                   indices, by one): Fatal{ProtocolCorruption} before any index is read (on a
 *                   host without robust access the server reads them to bound the vertices),
 *                   no host draw; the indices at an odd address are read unaligned; one inside
 *                   them draws.
 *   ubo_pad         a uniform range of 19 bytes (a uint straddling its end, poison 0xff past
 *                   it): the host binds a copy whose size is a multiple of 16 and whose bytes
 *                   past the range are zero (docs/PIPE.md#ranges: GLES leaves them undefined,
 *                   NVIDIA's robust access returns the buffer's own), byte 19 draws as 0 in red;
 *                   gles-uniform-ranges-padded counts it; a resource_subdata into the range
 *                   with nothing else changed is in the next draw's copy.
 *   uniform_words   one word of a program's default block changed between draws (as
 *                   glUniform4f does): glBufferSubData of the changed bytes and the draw, 2 host
 *                   calls, as native GLES's glUniform4f and draw; the host's block holds the
 *                   words and the pixel is the new colour (gles-default-uploads counts them).
 *   attach_levels   a draw into level 1 of a texture whose base and max level (sampling state,
 *                   set_texture_params) are 0: what the host has attached must meet GLES 3.2's
 *                   attachment completeness (§9.4.1: a level of an immutable texture lies in
 *                   its [TEXTURE_BASE_LEVEL, q], which Mesa does not enforce and NVIDIA does),
 *                   the texture keeps base = max = 0, the level is drawn green; 2D, 2D array
 *                   and cube map textures.
 *   framebuffer_describe what a framebuffer decline says of the host framebuffer: its status
 *                   and each point's object, level and layer (status 0x8cd5; colour 0: texture N
 *                   level 1 layer 0 after a draw into level 1).
 *   depth_stencil_switch a framebuffer with a D24S8 renderbuffer at depth and stencil, then
 *                   one with a D32F one at depth alone, then the first again, on a host that
 *                   counts every attachment call after which its draw framebuffer holds two
 *                   images at the depth and stencil points (NVIDIA reports such a framebuffer
 *                   unsupported, "the depth and stencil attachments are mismatched"): none.
 *   depth_words     16- and 24-bit depth read as GL_UNSIGNED_INT words, both as GL converts
 *                   them (Mesa) and shifted to the word's top (as NVIDIA's DEPTH24_STENCIL8
 *                   reads fit): each value comes back as itself (glb_depth_from_u32).
 *   declined_compact a draw draw_bound declines after apply_state (an element buffer's bound,
 *                   triangles from a program with tessellation stages), then the same as a
 *                   compact draw with nothing changed, twice: each is declined and counted, none
 *                   reaches the host; likewise a compact draw past the element buffer, or of
 *                   triangles, after one that drew.
 *   element_buffers_compact the compact indexed draw (draw_elements'): its element buffer
 *                   looked up and checked once and kept (gles-element-buffer-checks), the next
 *                   with nothing changed glDrawElements alone; another element buffer, the
 *                   first again (each also with a viewport mark), the first at an offset past
 *                   the draw's indices each looked up again, each pixel the bound buffer's,
 *                   the last refused (gl-draw-out-of-bounds, no host draw).
 *   compact_class   the compact draw's primitive class: points after triangles, and triangles
 *                   after points, take draw_bound's way; the next of the same class is compact.
 *   subdata_between_draws a buffer's resource_subdata between draws (stream_draw's): the
 *                   upload alone once the buffer is at GL_COPY_WRITE_BUFFER, the host's bytes
 *                   the new ones; a range past the buffer (by one byte, from a negative offset)
 *                   is Fatal{ProtocolCorruption} before any host call; the buffer, destroyed
 *                   after one, is Fatal{StaleHandle} (the backend keeps the last one's buffer
 *                   while no storage went), and a buffer at its slot of the next generation
 *                   takes the bytes.
 *   cull_distance   a vertex stage writing gl_CullDistance (cull.vert): where the caps offer
 *                   MGP_CAP_CULL_DISTANCE it draws, the triangle with negative distances culled
 *                   on the host; with MGL_GLES_HIDE=cull-distance (unit.gles.refusals_cull_
 *                   distance, as on a host without EXT_clip_cull_distance) the caps leave the
 *                   bit out and the program is refused by name (backend-draw-incomplete,
 *                   gles-translate-failures), its draw reaching no host draw. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "decline.h"
#include "glb.h"
#include "pipe_pixel.h"

enum { W = 16, H = 16 };

static const char *spv_dir = ".";
static int failures;

struct t {
   struct glb_screen *scr;
   const struct mgp_screen_vtbl *sv;
   const struct mgp_context_vtbl *cv;
   void *ctx;
   uint32_t next_slot[MGP_KIND_COUNT];
   char fatal[160];
   int fatal_count;
};

static void
on_fatal(void *session, enum mgu_fatal name, const char *detail)
{
   struct t *t = session;
   t->fatal_count++;
   snprintf(t->fatal, sizeof(t->fatal), "%s: %s", mgu_fatal_name(name), detail);
}

static void
check(bool ok, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fprintf(stderr, "%s ", ok ? "  ok  " : "  FAIL");
   vfprintf(stderr, fmt, ap);
   fprintf(stderr, "\n");
   va_end(ap);
   if (!ok)
      failures++;
}

static struct mgp_handle
new_handle(struct t *t, enum mgp_handle_kind k)
{
   return (struct mgp_handle){++t->next_slot[k], 1};
}

static unsigned long long
counter(struct t *t, const char *name)
{
   const char *names[64];
   unsigned long long values[64];
   const unsigned n = mgs_gles_backend.gate_counters(t->scr, names, values, 64);
   for (unsigned i = 0; i < n && i < 64; i++)
      if (!strcmp(names[i], name))
         return values[i];
   check(false, "a gate counter %s", name);
   return ~0ull;
}

/* The host's error since the last call, and every one queued behind it read away. The backend
 * keeps its host context current on this thread after any call that reached the host. */
static GLenum
host_error(struct t *t)
{
   const GLenum e = t->scr->h->glGetError();
   while (t->scr->h->glGetError() != GL_NO_ERROR)
      ;
   return e;
}

static uint64_t
declines(enum mgu_decline d)
{
   return mgu_decline_count(d);
}

static void *
read_file(const char *name, size_t *size)
{
   char path[1024];
   snprintf(path, sizeof(path), "%s/%s", spv_dir, name);
   FILE *f = fopen(path, "rb");
   if (!f) {
      fprintf(stderr, "cannot open %s\n", path);
      exit(2);
   }
   fseek(f, 0, SEEK_END);
   const long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   void *p = malloc((size_t)n);
   if (!p || fread(p, 1, (size_t)n, f) != (size_t)n) {
      fprintf(stderr, "cannot read %s\n", path);
      exit(2);
   }
   fclose(f);
   *size = (size_t)n;
   return p;
}

static struct mgp_handle
make_image(struct t *t, enum mgp_resource_target target, uint32_t levels)
{
   const struct mgp_handle r = new_handle(t, MGP_KIND_BUFFER);
   const struct mgp_resource_desc d = {.res = r,
                                       .target = (uint8_t)target,
                                       .levels = (uint8_t)levels,
                                       .samples = 1,
                                       .format = MGP_FORMAT_RGBA8_UNORM,
                                       .width = W,
                                       .height = H,
                                       .depth = 1,
                                       .array_layers = 1,
                                       .bind_mask = MGP_BIND_SAMPLER | MGP_BIND_RENDER_TARGET};
   t->sv->resource_create(t->scr, &d, NULL, 0);
   return r;
}

static struct mgp_handle
make_buffer(struct t *t, uint32_t size, const void *data)
{
   const struct mgp_handle h = new_handle(t, MGP_KIND_BUFFER);
   const struct mgp_resource_desc d = {.res = h,
                                       .target = MGP_RESOURCE_TARGET_BUFFER,
                                       .width = size,
                                       .height = 1,
                                       .depth = 1,
                                       .array_layers = 1,
                                       .size = size,
                                       .bind_mask = MGP_BIND_INDIRECT | MGP_BIND_SHADER_BUFFER,
                                       .usage = MGP_BUFFER_USAGE_STATIC_DRAW};
   t->sv->resource_create(t->scr, &d, NULL, 0);
   const struct mgp_resource_subdata s = {
      .res = h, .box = {0, 0, 0, size, 1, 1}, .data = {.ptr = (void *)data, .size = size}};
   t->cv->resource_subdata(t->ctx, &s, NULL, 0);
   return h;
}

/* level `level` of tex, its top-left 2x2 texels */
static void
subdata(struct t *t, struct mgp_handle tex, uint32_t level)
{
   static uint8_t texels[2 * 2 * 4];
   struct mgp_sub_region g = {.width = 2, .height = 2, .depth = 1};
   const struct mgp_resource_subdata s = {.res = tex,
                                          .level = level,
                                          .format = MGP_FORMAT_RGBA8_UNORM,
                                          .box = {0, 0, 0, 2, 2, 1},
                                          .region_count = 1,
                                          .data = {.ptr = texels, .size = sizeof(texels)}};
   t->cv->resource_subdata(t->ctx, &s, &g, 1);
}

static void
test_subdata_level(struct t *t)
{
   const struct mgp_handle tex = make_image(t, MGP_RESOURCE_TARGET_TEX_2D, 1);
   const struct mgp_handle rb = make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, 1);
   subdata(t, tex, 0);
   check(host_error(t) == GL_NO_ERROR, "resource_subdata into level 0 of a 1-level texture");
   const uint64_t d0 = declines(MGU_DECLINE_backend_draw_incomplete);
   const unsigned long long calls = counter(t, "gles-host-calls");
   subdata(t, tex, 1);
   const GLenum e = host_error(t);
   check(declines(MGU_DECLINE_backend_draw_incomplete) == d0 + 1 &&
            counter(t, "gles-host-calls") == calls && e == GL_NO_ERROR,
         "resource_subdata into level 1 of a 1-level texture: backend-draw-incomplete (%llu), "
         "before any host call (%llu), no host error (0x%x)",
         (unsigned long long)(declines(MGU_DECLINE_backend_draw_incomplete) - d0),
         counter(t, "gles-host-calls") - calls, e);
   subdata(t, rb, 1);
   check(declines(MGU_DECLINE_backend_draw_incomplete) == d0 + 2 && host_error(t) == GL_NO_ERROR,
         "resource_subdata into level 1 of a renderbuffer: backend-draw-incomplete");
   check(t->fatal_count == 0, "no Fatal from a level the texture lacks: %s", t->fatal);
}

/* A framebuffer state of colour (draw buffer 0, the read surface), depth and stencil (NULL:
 * none), w x h, sent */
static void
set_framebuffer(struct t *t, struct mgp_surface color, const struct mgp_surface *depth,
                const struct mgp_surface *stencil, uint32_t w, uint32_t h, uint64_t hash)
{
   struct mgp_framebuffer_state fb;
   memset(&fb, 0, sizeof(fb));
   fb.fbo = MGP_DEFAULT_FRAMEBUFFER;
   fb.color[0] = color;
   if (depth)
      fb.depth = *depth;
   if (stencil)
      fb.stencil = *stencil;
   fb.read = fb.color[0];
   for (int i = 0; i < 8; i++)
      fb.draw_buffers[i] = i == 0 ? 0 : -1;
   fb.width = w;
   fb.height = h;
   fb.layers = 1;
   fb.samples = 1;
   fb.is_default = hash == 1;
   fb.content_hash = hash;
   t->cv->set_framebuffer_state(t->ctx, &fb, NULL, 0);
}

/* vs and fs (.spv files of spv_dir) made as one program with the reflection refl, its
 * fragment output 0 included (not bound) */
static struct mgp_handle
vs_fs_program(struct t *t, const char *vs_name, const char *fs_name,
              struct mgp_shader_reflection refl)
{
   size_t vs_size, fs_size;
   void *vs = read_file(vs_name, &vs_size), *fs = read_file(fs_name, &fs_size);
   struct mgp_create_shader c = {.cso = new_handle(t, MGP_KIND_SHADER),
                                 .stage_mask = (1u << MGP_SHADER_STAGE_VERTEX) |
                                               (1u << MGP_SHADER_STAGE_FRAGMENT),
                                 .reflection = refl};
   c.spirv[MGP_SHADER_STAGE_VERTEX] = (struct mgp_span){.ptr = vs, .size = vs_size};
   c.spirv[MGP_SHADER_STAGE_FRAGMENT] = (struct mgp_span){.ptr = fs, .size = fs_size};
   c.reflection.fragment_output_mask = 1;
   t->cv->create_shader(t->ctx, &c, NULL, 0);
   free(vs);
   free(fs);
   return c.cso;
}

/* fill.vert and fragment shader fs (a .spv of spv_dir) with the uniform blocks ubo_mask
 * names, made (not bound) */
static struct mgp_handle
fs_program(struct t *t, const char *fs_name, uint64_t ubo_mask)
{
   return vs_fs_program(t, "fill.vert.spv", fs_name,
                        (struct mgp_shader_reflection){.ubo_mask = ubo_mask});
}

/* the framebuffer (one RGBA8 renderbuffer), viewport, render state and the program that
 * covers it green */
static void
draw_setup(struct t *t)
{
   const struct mgp_handle rb = make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, 1);
   set_framebuffer(t, (struct mgp_surface){.res = rb, .format = MGP_FORMAT_RGBA8_UNORM, .kind = 2},
                   NULL, NULL, W, H, 1);
   const struct mgp_dynamic_state dyn = {.viewport = {0, 0, W, H},
                                         .depth_range = {0, 1},
                                         .line_width = 1.0f,
                                         .stencil_read_mask = {~0u, ~0u},
                                         .stencil_write_mask = {~0u, ~0u}};
   t->cv->set_dynamic_state(t->ctx, &dyn, NULL, 0);
   struct mgp_create_render_state rs;
   memset(&rs, 0, sizeof(rs));
   rs.cso = new_handle(t, MGP_KIND_RENDER_STATE);
   for (int i = 0; i < 8; i++)
      rs.state.blend[i] = (struct mgp_blend_target){.color_mask = 0xf,
                                                    .eq_rgb = MGP_BLEND_OP_ADD,
                                                    .eq_alpha = MGP_BLEND_OP_ADD,
                                                    .src_rgb = MGP_BLEND_FACTOR_ONE,
                                                    .dst_rgb = MGP_BLEND_FACTOR_ZERO,
                                                    .src_alpha = MGP_BLEND_FACTOR_ONE,
                                                    .dst_alpha = MGP_BLEND_FACTOR_ZERO};
   rs.state.depth_func = MGP_COMPARE_FUNC_ALWAYS;
   rs.state.front_face = MGP_FRONT_FACE_CCW;
   rs.state.polygon_mode = MGP_POLYGON_MODE_FILL;
   for (int i = 0; i < 2; i++) {
      rs.state.stencil_func[i] = MGP_COMPARE_FUNC_ALWAYS;
      rs.state.stencil_fail[i] = rs.state.stencil_zfail[i] = rs.state.stencil_zpass[i] =
         MGP_STENCIL_OP_KEEP;
   }
   rs.state.provoking_vertex_last = 1;
   rs.state.sample_mask = ~0u;
   t->cv->create_render_state(t->ctx, &rs, NULL, 0);
   t->cv->bind_render_state(t->ctx, &(struct mgp_handle_args){rs.cso}, NULL, 0);
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){fs_program(t, "fill.frag.spv", 0)},
                           NULL, 0);
}

static void
draw(struct t *t, uint32_t first, uint32_t count, uint32_t instances)
{
   const struct mgp_draw_vbo d = {
      .mode = MGP_PRIM_TRIANGLES, .instance_count = instances, .num_draws = 1};
   const struct mgp_draw_range r = {first, count, 0};
   t->cv->draw_vbo(t->ctx, &d, &r, 1);
}

/* one draw_indirect command {count, instances, first, base instance} from a buffer */
static void
draw_indirect(struct t *t, uint32_t first, uint32_t count, uint32_t instances)
{
   const uint32_t cmd[4] = {count, instances, first, 0};
   const struct mgp_handle buf = make_buffer(t, sizeof(cmd), cmd);
   const struct mgp_draw_indirect a = {
      .mode = MGP_PRIM_TRIANGLES, .indirect = buf, .stride = sizeof(cmd), .draw_count = 1};
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
}

static void
test_draw_signed(struct t *t)
{
   draw_setup(t);
   unsigned long long draws = counter(t, "gles-draws");
   draw(t, 0, 3, 1);
   GLenum e = host_error(t);
   check(counter(t, "gles-draws") == draws + 1 && e == GL_NO_ERROR && t->fatal_count == 0,
         "an honest draw reaches the host without an error (0x%x) %s", e, t->fatal);
   const struct {
      const char *what;
      uint32_t first, count, instances;
   } bad[] = {
      {"a count of 2^31", 0, 1u << 31, 1},
      {"a count of 2^32-1", 0, UINT32_MAX, 1},
      {"a first vertex of 2^31", 1u << 31, 3, 1},
      {"2^31 instances", 0, 3, 1u << 31},
   };
   for (int indirect = 0; indirect < 2; indirect++) {
      for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
         const uint64_t d0 = declines(MGU_DECLINE_backend_feature_unimplemented);
         draws = counter(t, "gles-draws");
         if (indirect)
            draw_indirect(t, bad[i].first, bad[i].count, bad[i].instances);
         else
            draw(t, bad[i].first, bad[i].count, bad[i].instances);
         e = host_error(t);
         check(declines(MGU_DECLINE_backend_feature_unimplemented) == d0 + 1 &&
                  counter(t, "gles-draws") == draws && e == GL_NO_ERROR,
               "%s with %s: backend-feature-unimplemented (%llu), no host draw (%llu), no host "
               "error (0x%x)",
               indirect ? "draw_indirect" : "draw_vbo", bad[i].what,
               (unsigned long long)(declines(MGU_DECLINE_backend_feature_unimplemented) - d0),
               counter(t, "gles-draws") - draws, e);
      }
   }
   /* the session goes on: the next honest draw draws */
   draws = counter(t, "gles-draws");
   draw_indirect(t, 0, 3, 1);
   e = host_error(t);
   check(counter(t, "gles-draws") == draws + 1 && e == GL_NO_ERROR && t->fatal_count == 0,
         "an honest draw_indirect after them draws (0x%x) %s", e, t->fatal);
}

/* draw_vbo's flags: a bit past MGP_DRAW_ALL_FLAGS (hostile bytes) is declined with no host
 * draw; MGP_DRAW_FRAGMENTS_ONLY without a primitive query or capture draws as any draw. */
static void
test_draw_flags(struct t *t)
{
   draw_setup(t);
   const struct {
      const char *what;
      uint8_t flags;
      bool drawn;
   } cases[] = {
      {"an unknown flag bit", (uint8_t)(MGP_DRAW_ALL_FLAGS + 1), false},
      {"MGP_DRAW_FRAGMENTS_ONLY, nothing counting", MGP_DRAW_FRAGMENTS_ONLY, true},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const uint64_t d0 = declines(MGU_DECLINE_backend_feature_unimplemented);
      const unsigned long long draws = counter(t, "gles-draws");
      const struct mgp_draw_vbo d = {
         .mode = MGP_PRIM_TRIANGLES, .flags = cases[i].flags, .instance_count = 1, .num_draws = 1};
      const struct mgp_draw_range r = {0, 3, 0};
      t->cv->draw_vbo(t->ctx, &d, &r, 1);
      const GLenum e = host_error(t);
      const uint64_t declined = declines(MGU_DECLINE_backend_feature_unimplemented) - d0;
      const unsigned long long drawn = counter(t, "gles-draws") - draws;
      check(declined == (cases[i].drawn ? 0u : 1u) && drawn == (cases[i].drawn ? 1u : 0u) &&
               e == GL_NO_ERROR && t->fatal_count == 0,
            "draw_vbo with %s: %s (%llu declined, %llu drawn, host error 0x%x) %s", cases[i].what,
            cases[i].drawn ? "drawn" : "declined", (unsigned long long)declined, drawn, e,
            t->fatal);
   }
   /* draw_indirect carries restart alone: another bit is declined, not dropped */
   const uint32_t cmd[4] = {3, 1, 0, 0};
   const struct mgp_draw_indirect a = {.mode = MGP_PRIM_TRIANGLES,
                                       .flags = 0x80,
                                       .indirect = make_buffer(t, sizeof(cmd), cmd),
                                       .stride = sizeof(cmd),
                                       .draw_count = 1};
   const uint64_t d0 = declines(MGU_DECLINE_backend_feature_unimplemented);
   const unsigned long long draws = counter(t, "gles-draws");
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   const uint64_t declined = declines(MGU_DECLINE_backend_feature_unimplemented) - d0;
   const unsigned long long drawn = counter(t, "gles-draws") - draws;
   check(declined == 1 && drawn == 0 && host_error(t) == GL_NO_ERROR,
         "draw_indirect with flag bit 0x80: declined (%llu declined, %llu drawn)",
         (unsigned long long)declined, drawn);
}

/* Indexed draws whose index reads run past the element buffer (a host without robust
 * access may read anything there; GLES's robustness does not promise index fetches either): a
 * first index near 2^31 and a count past its end, from draw_vbo and from draw_indirect's
 * commands (which the GPU could have written): gl-draw-out-of-bounds, no host draw, as the
 * front end declines a direct one; an in-bounds one after them draws. */
static void
test_index_bounds(struct t *t)
{
   const uint16_t idx[6] = {0, 1, 2, 0, 2, 1};
   const struct mgp_set_index_buffer ib = {.res = make_buffer(t, sizeof(idx), idx),
                                           .index_size = 2};
   t->cv->set_index_buffer(t->ctx, &ib, NULL, 0);
   const uint32_t cmds[3][5] = {{3, 1, 0x7ffffff0u, 0, 0}, {600, 1, 0, 0, 0}, {6, 1, 0, 0, 0}};
   for (int i = 0; i < 5; i++) {
      const uint64_t d0 = declines(MGU_DECLINE_gl_draw_out_of_bounds);
      const unsigned long long draws = counter(t, "gles-draws");
      if (i < 2) {
         const struct mgp_draw_vbo d = {
            .mode = MGP_PRIM_TRIANGLES, .index_size = 2, .instance_count = 1, .num_draws = 1};
         const struct mgp_draw_range r = {cmds[i][2], cmds[i][0], 0};
         t->cv->draw_vbo(t->ctx, &d, &r, 1);
      } else {
         const struct mgp_draw_indirect a = {.mode = MGP_PRIM_TRIANGLES,
                                             .index_size = 2,
                                             .indirect = make_buffer(t, sizeof(cmds), cmds),
                                             .offset = (uint64_t)(i - 2) * sizeof(cmds[0]),
                                             .stride = sizeof(cmds[0]),
                                             .draw_count = 1};
         t->cv->draw_indirect(t->ctx, &a, NULL, 0);
      }
      const GLenum e = host_error(t);
      const bool bad = i != 4;
      check(declines(MGU_DECLINE_gl_draw_out_of_bounds) == d0 + (bad ? 1 : 0) &&
               counter(t, "gles-draws") == draws + (bad ? 0 : 1) && e == GL_NO_ERROR &&
               t->fatal_count == 0,
            "%s of %u indices from %u over a 6-index buffer: %s (%llu declined, %llu drawn, host "
            "error 0x%x)",
            i < 2 ? "draw_vbo" : "draw_indirect", cmds[i < 2 ? i : i - 2][0],
            cmds[i < 2 ? i : i - 2][2], bad ? "gl-draw-out-of-bounds" : "drawn",
            (unsigned long long)(declines(MGU_DECLINE_gl_draw_out_of_bounds) - d0),
            counter(t, "gles-draws") - draws, e);
   }
}

/* The program reading a position per vertex and an offset per instance (attr.vert), its
 * vertex elements and the two arrays: 3 vertices, 2 instances. */
/* attr.vert's two arrays bound: the position (vec2) at binding 0, stride 8, and the offset
 * (float) per instance at binding 1, stride 4 */
static void
attr_elements(struct t *t)
{
   struct mgp_create_vertex_elements ve;
   memset(&ve, 0, sizeof(ve));
   ve.cso = new_handle(t, MGP_KIND_VERTEX_ELEMENTS);
   ve.enabled_mask = 3;
   ve.binding_count = 2;
   ve.attribs[0] = (struct mgp_vertex_attrib){.type = MGP_VERTEX_TYPE_FLOAT, .size = 2};
   ve.attribs[1] =
      (struct mgp_vertex_attrib){.type = MGP_VERTEX_TYPE_FLOAT, .size = 1, .binding = 1};
   ve.bindings[0] = (struct mgp_vertex_binding){.stride = 8};
   ve.bindings[1] = (struct mgp_vertex_binding){.stride = 4, .divisor = 1};
   t->cv->create_vertex_elements(t->ctx, &ve, NULL, 0);
   t->cv->bind_vertex_elements(t->ctx, &(struct mgp_handle_args){ve.cso}, NULL, 0);
}

static void
unbounded_setup(struct t *t)
{
   const struct mgp_handle prog = vs_fs_program(
      t, "attr.vert.spv", "fill.frag.spv", (struct mgp_shader_reflection){.vertex_input_mask = 3});
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){prog}, NULL, 0);
   attr_elements(t);
   const float pos[6] = {-1, -1, 3, -1, -1, 3}, offs[2] = {0, 0};
   const struct mgp_vertex_buffer vb[2] = {{make_buffer(t, sizeof(pos), pos), 0},
                                           {make_buffer(t, sizeof(offs), offs), 0}};
   t->cv->set_vertex_buffers(t->ctx, &(struct mgp_set_vertex_buffers){0, 2}, vb, 2);
}

static void
test_unbounded(struct t *t, bool want_robust)
{
   check(t->scr->robust == want_robust, "the host context's robust access is %s (want %s)",
         t->scr->robust ? "on" : "off", want_robust ? "on" : "off");
   unbounded_setup(t);
   const uint16_t idx[6] = {0, 1, 2, 0, 1, 7};
   const struct mgp_set_index_buffer ib = {.res = make_buffer(t, sizeof(idx), idx),
                                           .index_size = 2};
   t->cv->set_index_buffer(t->ctx, &ib, NULL, 0);
   const struct {
      const char *what;
      uint8_t index_size;
      uint32_t first, count, instances;
      int32_t bias;
      bool past;
   } draws[] = {
      {"3 vertices, 2 instances", 0, 0, 3, 2, 0, false},
      {"vertices 1..3 of 3", 0, 1, 3, 1, 0, true},
      {"2^20 vertices", 0, 0, 1u << 20, 1, 0, true},
      {"3 instances of 2", 0, 0, 3, 3, 0, true},
      {"indices 0, 1, 2", 2, 0, 3, 2, 0, false},
      {"indices 0, 1, 7", 2, 3, 3, 1, 0, true},
      {"indices 0, 1, 2 with base vertex 1", 2, 0, 3, 1, 1, true},
      {"indices 0, 1, 2 with base vertex -1", 2, 0, 3, 1, -1, true},
   };
   for (size_t i = 0; i < sizeof(draws) / sizeof(draws[0]); i++) {
      const uint64_t d0 = declines(MGU_DECLINE_gl_draw_unbounded);
      const unsigned long long n0 = counter(t, "gles-draws");
      const struct mgp_draw_vbo d = {.mode = MGP_PRIM_TRIANGLES,
                                     .index_size = draws[i].index_size,
                                     .instance_count = draws[i].instances,
                                     .num_draws = 1};
      const struct mgp_draw_range r = {draws[i].first, draws[i].count, draws[i].bias};
      t->cv->draw_vbo(t->ctx, &d, &r, 1);
      const GLenum e = host_error(t);
      const bool refused = draws[i].past && !t->scr->robust;
      const uint64_t declined = declines(MGU_DECLINE_gl_draw_unbounded) - d0;
      const unsigned long long drawn = counter(t, "gles-draws") - n0;
      check(declined == (refused ? 1u : 0u) && drawn == (refused ? 0u : 1u) &&
               t->fatal_count == 0 && (refused || !draws[i].past || e == GL_NO_ERROR),
            "%s: %s (%llu gl-draw-unbounded, %llu drawn, host error 0x%x)", draws[i].what,
            refused ? "refused" : "drawn", (unsigned long long)declined, drawn, e);
   }
   /* the compact draw (glb_draw) after a draw with nothing changed since: 3 vertices, then
    * 2^20, which are past the arrays as the draw_vbo above was */
   static const uint32_t counts[2] = {3, 1u << 20};
   for (int i = 0; i < 2; i++) {
      const uint64_t d0 = declines(MGU_DECLINE_gl_draw_unbounded);
      const unsigned long long n0 = counter(t, "gles-draws");
      t->cv->draw(t->ctx, &(struct mgp_draw){.mode = MGP_PRIM_TRIANGLES, .count = counts[i]}, NULL,
                  0);
      const GLenum e = host_error(t);
      const bool refused = i == 1 && !t->scr->robust;
      const uint64_t declined = declines(MGU_DECLINE_gl_draw_unbounded) - d0;
      const unsigned long long drawn = counter(t, "gles-draws") - n0;
      check(declined == (refused ? 1u : 0u) && drawn == (refused ? 0u : 1u) &&
               t->fatal_count == 0 && (refused || e == GL_NO_ERROR),
            "a compact draw of %u vertices, nothing changed since the last draw: %s (%llu "
            "gl-draw-unbounded, %llu drawn, host error 0x%x)",
            counts[i], refused ? "refused" : "drawn", (unsigned long long)declined, drawn, e);
   }
}

/* A draw of the client's own indices (MGP_DRAW_USER_INDICES) whose range runs past the
 * indices it sent: Fatal{ProtocolCorruption}, no host draw, and (on a host without robust
 * access, where the server reads the index values to bound the vertices: draw_in_bounds) no
 * read past the span. The range's first index is 2^28 (a read there is 512 MiB past a 12-byte
 * span: a fault without ASan). The indices sit at an odd address, as a hostile span may put
 * them: the values are read without an aligned load. An honest draw of them after it draws. */
static void
test_user_index_bounds(struct t *t)
{
   unbounded_setup(t);
   static uint8_t bytes[1 + 6 * 2];
   const uint16_t idx[6] = {0, 1, 2, 2, 1, 0};
   memcpy(bytes + 1, idx, sizeof(idx));
   const struct {
      const char *what;
      uint32_t first, count;
      bool bad;
   } draws[] = {
      {"indices 2^28.. of 6", 1u << 28, 3, true},
      {"indices 4..6 of 6", 4, 3, true},
      {"indices 3..5 of 6", 3, 3, false},
   };
   for (size_t i = 0; i < sizeof(draws) / sizeof(draws[0]); i++) {
      const int fatals = t->fatal_count;
      const unsigned long long n0 = counter(t, "gles-draws");
      const struct mgp_draw_vbo d = {.mode = MGP_PRIM_TRIANGLES,
                                     .index_size = 2,
                                     .flags = MGP_DRAW_USER_INDICES,
                                     .instance_count = 1,
                                     .num_draws = 1,
                                     .user_indices = {.ptr = bytes + 1, .size = sizeof(idx)}};
      const struct mgp_draw_range r = {draws[i].first, draws[i].count, 0};
      t->cv->draw_vbo(t->ctx, &d, &r, 1);
      const GLenum e = host_error(t);
      const unsigned long long drawn = counter(t, "gles-draws") - n0;
      const bool fatal = t->fatal_count == fatals + 1 && strstr(t->fatal, "ProtocolCorruption");
      check(draws[i].bad ? fatal && !drawn : t->fatal_count == fatals && drawn == 1,
            "user indices, %s: %s (%d Fatal, %llu drawn, host error 0x%x) %s", draws[i].what,
            draws[i].bad ? "Fatal{ProtocolCorruption}" : "drawn", t->fatal_count - fatals, drawn, e,
            t->fatal);
   }
}

/* A render state whose blend equation is past what the backend offers: one of
 * KHR_blend_equation_advanced's (MGP_CAP_BLEND_ADVANCED is not set, and GLES would need
 * glBlendBarrier between overlapping draws) or past the enum. Refused by name, no host draw,
 * no host error; the next honest render state draws. */
static void
test_blend_op(struct t *t)
{
   const uint16_t bad[] = {MGP_BLEND_OP_MULTIPLY, MGP_BLEND_OP_HSL_LUMINOSITY, MGP_BLEND_OP_COUNT,
                           0xffff};
   for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]) * 2; i++) {
      struct mgp_create_render_state rs;
      memset(&rs, 0, sizeof(rs));
      rs.cso = new_handle(t, MGP_KIND_RENDER_STATE);
      rs.state.blend[0] = (struct mgp_blend_target){.enable = 1,
                                                    .color_mask = 0xf,
                                                    .eq_rgb = MGP_BLEND_OP_ADD,
                                                    .eq_alpha = MGP_BLEND_OP_ADD,
                                                    .src_rgb = MGP_BLEND_FACTOR_ONE,
                                                    .dst_rgb = MGP_BLEND_FACTOR_ZERO,
                                                    .src_alpha = MGP_BLEND_FACTOR_ONE,
                                                    .dst_alpha = MGP_BLEND_FACTOR_ZERO};
      if (i % 2)
         rs.state.blend[0].eq_alpha = bad[i / 2];
      else
         rs.state.blend[0].eq_rgb = bad[i / 2];
      rs.state.depth_func = MGP_COMPARE_FUNC_ALWAYS;
      rs.state.front_face = MGP_FRONT_FACE_CCW;
      rs.state.polygon_mode = MGP_POLYGON_MODE_FILL;
      rs.state.sample_mask = ~0u;
      t->cv->create_render_state(t->ctx, &rs, NULL, 0);
      t->cv->bind_render_state(t->ctx, &(struct mgp_handle_args){rs.cso}, NULL, 0);
      const uint64_t d0 = declines(MGU_DECLINE_backend_feature_unimplemented);
      const unsigned long long draws = counter(t, "gles-draws");
      draw(t, 0, 3, 1);
      const GLenum e = host_error(t);
      check(declines(MGU_DECLINE_backend_feature_unimplemented) == d0 + 1 &&
               counter(t, "gles-draws") == draws && e == GL_NO_ERROR,
            "a draw whose %s blend equation is %u: backend-feature-unimplemented (%llu), no host "
            "draw (%llu), no host error (0x%x)",
            i % 2 ? "alpha" : "colour", bad[i / 2],
            (unsigned long long)(declines(MGU_DECLINE_backend_feature_unimplemented) - d0),
            counter(t, "gles-draws") - draws, e);
   }
   draw_setup(t); /* an honest render state again */
   const unsigned long long draws = counter(t, "gles-draws");
   draw(t, 0, 3, 1);
   check(counter(t, "gles-draws") == draws + 1 && host_error(t) == GL_NO_ERROR,
         "an honest draw after them draws");
}

/* draw_setup's render state with blending on or off (source alpha over), the depth test on or
 * off and the stencil test's depth-pass op zpass, bound */
static void
bind_render(struct t *t, bool on, bool depth, uint16_t zpass)
{
   struct mgp_create_render_state rs;
   memset(&rs, 0, sizeof(rs));
   rs.cso = new_handle(t, MGP_KIND_RENDER_STATE);
   for (int i = 0; i < 8; i++)
      rs.state.blend[i] =
         (struct mgp_blend_target){.enable = on,
                                   .color_mask = 0xf,
                                   .eq_rgb = MGP_BLEND_OP_ADD,
                                   .eq_alpha = MGP_BLEND_OP_ADD,
                                   .src_rgb = MGP_BLEND_FACTOR_SRC_ALPHA,
                                   .dst_rgb = MGP_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
                                   .src_alpha = MGP_BLEND_FACTOR_SRC_ALPHA,
                                   .dst_alpha = MGP_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA};
   rs.state.depth_test = depth;
   rs.state.depth_func = MGP_COMPARE_FUNC_ALWAYS;
   rs.state.front_face = MGP_FRONT_FACE_CCW;
   rs.state.polygon_mode = MGP_POLYGON_MODE_FILL;
   for (int i = 0; i < 2; i++) {
      rs.state.stencil_func[i] = MGP_COMPARE_FUNC_ALWAYS;
      rs.state.stencil_fail[i] = rs.state.stencil_zfail[i] = MGP_STENCIL_OP_KEEP;
      rs.state.stencil_zpass[i] = zpass;
   }
   rs.state.provoking_vertex_last = 1;
   rs.state.sample_mask = ~0u;
   t->cv->create_render_state(t->ctx, &rs, NULL, 0);
   t->cv->bind_render_state(t->ctx, &(struct mgp_handle_args){rs.cso}, NULL, 0);
}

static void
bind_blend(struct t *t, bool on)
{
   bind_render(t, on, false, MGP_STENCIL_OP_KEEP);
}

/* A sampler view of the whole of 2D texture tex */
static struct mgp_handle
make_view(struct t *t, struct mgp_handle tex)
{
   const struct mgp_create_sampler_view v = {.cso = new_handle(t, MGP_KIND_SAMPLER_VIEW),
                                             .texture = tex,
                                             .format = MGP_FORMAT_RGBA8_UNORM,
                                             .target = MGP_RESOURCE_TARGET_TEX_2D,
                                             .num_levels = 1};
   t->cv->create_sampler_view(t->ctx, &v, NULL, 0);
   return v.cso;
}

/* fill.vert and tex.frag (sampler 0) */
static struct mgp_handle
tex_program(struct t *t)
{
   struct mgp_shader_reflection r = {.sampler_mask = {1}};
   r.stage_sampler_mask[2 * MGP_SHADER_STAGE_FRAGMENT] = 1;
   return vs_fs_program(t, "fill.vert.spv", "tex.frag.spv", r);
}

/* fill.vert and uniform.frag (a default block of one vec4) */
static struct mgp_handle
uniform_program(struct t *t)
{
   return vs_fs_program(t, "fill.vert.spv", "uniform.frag.spv",
                        (struct mgp_shader_reflection){.default_block_size = 16});
}

static unsigned long long
calls_of_draw(struct t *t)
{
   const unsigned long long c = counter(t, "gles-host-calls");
   draw(t, 0, 3, 1);
   return counter(t, "gles-host-calls") - c;
}

static void
test_host_calls(struct t *t)
{
   draw_setup(t);
   const struct mgp_handle progs[2] = {tex_program(t), tex_program(t)};
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){progs[0]}, NULL, 0);
   struct mgp_handle views[2];
   for (int i = 0; i < 2; i++) {
      const struct mgp_handle tex = make_image(t, MGP_RESOURCE_TARGET_TEX_2D, 1);
      subdata(t, tex, 0);
      views[i] = make_view(t, tex);
   }
   struct mgp_create_sampler smp;
   memset(&smp, 0, sizeof(smp));
   smp.cso = new_handle(t, MGP_KIND_SAMPLER);
   smp.state.min_filter = smp.state.mag_filter = MGP_FILTER_NEAREST;
   smp.state.max_lod = 1000.0f;
   t->cv->create_sampler(t->ctx, &smp, NULL, 0);
   const struct mgp_set_handles one = {.start = 0, .count = 1};
   t->cv->bind_sampler_states(t->ctx, &one, &smp.cso, 1);
   t->cv->set_sampler_views(t->ctx, &one, &views[0], 1);
   const unsigned long long first = calls_of_draw(t), unchanged = calls_of_draw(t);
   t->cv->set_sampler_views(t->ctx, &one, &views[1], 1);
   const unsigned long long changed = calls_of_draw(t);
   GLenum e = host_error(t);
   check(first > 2 && unchanged == 1 && changed == 2 && e == GL_NO_ERROR && t->fatal_count == 0,
         "a texture change alone: glBindTexture and the draw (%llu host calls; the first draw "
         "%llu, an unchanged one %llu), no host error (0x%x)",
         changed, first, unchanged, e);

   /* a program change with the same views: the unit is not walked again (its lookups), and
    * the host binds the program alone; a texture change then a program change walks it */
   unsigned long long skipped = counter(t, "gles-units-skipped");
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){progs[1]}, NULL, 0);
   calls_of_draw(t); /* the first draw of progs[1] picks its variant */
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){progs[0]}, NULL, 0);
   const unsigned long long prog_only = calls_of_draw(t);
   const unsigned long long skips = counter(t, "gles-units-skipped") - skipped;
   t->cv->set_sampler_views(t->ctx, &one, &views[0], 1);
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){progs[1]}, NULL, 0);
   skipped = counter(t, "gles-units-skipped");
   const unsigned long long prog_tex = calls_of_draw(t);
   e = host_error(t);
   check(skips == 2 && prog_only == 2 && prog_tex == 3 &&
            counter(t, "gles-units-skipped") == skipped && e == GL_NO_ERROR && t->fatal_count == 0,
         "program changes with the same views skip the unit (%llu skipped), glUseProgram and "
         "the draw (%llu host calls); a texture change and a program change walk it (%llu host "
         "calls, %llu skipped), no host error (0x%x)",
         skips, prog_only, prog_tex, counter(t, "gles-units-skipped") - skipped, e);

   static const float bytes[4] = {1, 2, 3, 4};
   static const uint8_t zero[64];
   const struct mgp_handle buf = make_buffer(t, sizeof(zero), zero);
   const struct mgp_resource_subdata up = {.res = buf,
                                           .box = {0, 0, 0, sizeof(bytes), 1, 1},
                                           .data = {.ptr = (void *)bytes, .size = sizeof(bytes)}};
   calls_of_draw(t);
   t->cv->resource_subdata(t->ctx, &up, NULL, 0); /* binds GL_COPY_WRITE_BUFFER, in the shadow */
   calls_of_draw(t);
   const unsigned long long c0 = counter(t, "gles-host-calls");
   t->cv->resource_subdata(t->ctx, &up, NULL, 0);
   const unsigned long long upload = counter(t, "gles-host-calls") - c0;
   const unsigned long long after = calls_of_draw(t);
   e = host_error(t);
   check(upload == 1 && after == 1 && e == GL_NO_ERROR && t->fatal_count == 0,
         "a buffer's resource_subdata between draws: glBufferSubData alone (%llu host calls), "
         "the draw after it the host draw alone (%llu), no host error (0x%x)",
         upload, after, e);

   /* blending toggled with the same factors: glEnable or glDisable and the draw; the
    * factors and equations went on the host once, at the first enabled draw */
   bind_blend(t, true);
   const unsigned long long blend_first = calls_of_draw(t);
   bind_blend(t, false);
   const unsigned long long blend_off = calls_of_draw(t);
   bind_blend(t, true);
   const unsigned long long blend_on = calls_of_draw(t);
   e = host_error(t);
   check(blend_first >= 4 && blend_off == 2 && blend_on == 2 && e == GL_NO_ERROR &&
            t->fatal_count == 0,
         "blending toggled with the same factors: glDisable and the draw (%llu host calls), "
         "glEnable and the draw (%llu; the first enabled draw %llu), no host error (0x%x)",
         blend_off, blend_on, blend_first, e);

   /* the current value of an attribute the program does not read (it reads none) waits: the
    * draw is the host draw alone, as native GLES's glVertexAttrib4f costs its program nothing */
   const struct mgp_attrib_value value = {.location = 3, .value = {0x3f800000u, 0, 0, 0}};
   t->cv->set_vertex_attrib_defaults(t->ctx, &(struct mgp_set_vertex_attrib_defaults){.count = 1},
                                     &value, 1);
   const unsigned long long unread = calls_of_draw(t);
   e = host_error(t);
   check(unread == 1 && e == GL_NO_ERROR && t->fatal_count == 0,
         "a new current value of an attribute the program does not read: the draw alone (%llu "
         "host calls), no host error (0x%x)",
         unread, e);

   /* a view change alone leaves the samplers' LOD bias as the last draw found it (the front
    * end sends the same sampler handles with each view): the samplers are not looked up again
    * for it; the same handle bound again neither; a sampler change finds it again */
   struct glb_context *gctx = t->ctx;
   struct mgp_create_sampler biased = smp;
   biased.cso = new_handle(t, MGP_KIND_SAMPLER);
   biased.state.lod_bias = 1.0f;
   t->cv->create_sampler(t->ctx, &biased, NULL, 0);
   t->cv->bind_sampler_states(t->ctx, &one, &biased.cso, 1);
   unsigned long long walks = counter(t, "gles-lod-bias-walks");
   calls_of_draw(t);
   const unsigned long long found = counter(t, "gles-lod-bias-walks") - walks;
   const bool bias_on = gctx->draw_lod_bias;
   walks = counter(t, "gles-lod-bias-walks");
   t->cv->set_sampler_views(t->ctx, &one, &views[1], 1);
   const unsigned long long view_calls = calls_of_draw(t);
   t->cv->bind_sampler_states(t->ctx, &one, &biased.cso, 1);
   t->cv->set_sampler_views(t->ctx, &one, &views[0], 1);
   calls_of_draw(t);
   const unsigned long long view_walks = counter(t, "gles-lod-bias-walks") - walks;
   const bool bias_kept = gctx->draw_lod_bias;
   walks = counter(t, "gles-lod-bias-walks");
   t->cv->bind_sampler_states(t->ctx, &one, &smp.cso, 1);
   calls_of_draw(t);
   const unsigned long long sampler_walks = counter(t, "gles-lod-bias-walks") - walks;
   e = host_error(t);
   check(found == 1 && bias_on && view_walks == 0 && view_calls == 2 && bias_kept &&
            sampler_walks == 1 && !gctx->draw_lod_bias && e == GL_NO_ERROR && t->fatal_count == 0,
         "a view change alone: the LOD bias stands (%llu sampler walks, %llu host calls, bias "
         "%d; the first draw %llu walks, bias %d); a sampler change finds it again (%llu walks, "
         "bias %d), no host error (0x%x)",
         view_walks, view_calls, bias_kept, found, bias_on, sampler_walks, gctx->draw_lod_bias, e);

   /* programs with a default block, changed between draws: glUseProgram and the draw, as on
    * native GLES (each program's block buffer stays bound at its own host binding) */
   const struct mgp_handle uprogs[2] = {uniform_program(t), uniform_program(t)};
   for (int i = 0; i < 2; i++) {
      t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){uprogs[i]}, NULL, 0);
      calls_of_draw(t); /* the first draw of each: its block's upload and binding */
   }
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){uprogs[0]}, NULL, 0);
   const unsigned long long uprog0 = calls_of_draw(t);
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){uprogs[1]}, NULL, 0);
   const unsigned long long uprog1 = calls_of_draw(t);
   e = host_error(t);
   check(uprog0 == 2 && uprog1 == 2 && e == GL_NO_ERROR && t->fatal_count == 0,
         "a change between programs with default blocks: glUseProgram and the draw (%llu, %llu "
         "host calls), no host error (0x%x)",
         uprog0, uprog1, e);

   /* a depth toggle marks the render group alone (the stencil and multisample groups are the
    * same in both states: skipped), glEnable or glDisable(GL_DEPTH_TEST) and the draw; a
    * stencil op change marks the stencil group too (its three calls for each face) */
   const unsigned long long groups = (unsigned long long)__builtin_popcount(GLB_DIRTY_ALL);
   bind_render(t, false, true, MGP_STENCIL_OP_KEEP);
   calls_of_draw(t);
   bind_render(t, false, false, MGP_STENCIL_OP_KEEP);
   unsigned long long g0 = counter(t, "gles-groups-skipped");
   const unsigned long long depth_off = calls_of_draw(t);
   const unsigned long long depth_groups = counter(t, "gles-groups-skipped") - g0;
   bind_render(t, false, true, MGP_STENCIL_OP_KEEP);
   const unsigned long long depth_on = calls_of_draw(t);
   bind_render(t, false, true, MGP_STENCIL_OP_INCR);
   g0 = counter(t, "gles-groups-skipped");
   const unsigned long long stencil = calls_of_draw(t);
   const unsigned long long stencil_groups = counter(t, "gles-groups-skipped") - g0;
   e = host_error(t);
   check(depth_off == 2 && depth_on == 2 && depth_groups == groups - 1 && stencil == 7 &&
            stencil_groups == groups - 2 && e == GL_NO_ERROR && t->fatal_count == 0,
         "a depth toggle: glDisable / glEnable and the draw (%llu, %llu host calls), %llu groups "
         "skipped; a stencil op change: %llu host calls, %llu groups skipped; no host error "
         "(0x%x)",
         depth_off, depth_on, depth_groups, stencil, stencil_groups, e);
}

/* What the host holds for attribute 0's array: its buffer's name and its binding's offset */
static void
host_array0(struct t *t, GLint *buffer, GLint *offset)
{
   PFNGLGETVERTEXATTRIBIVPROC get_attrib =
      (PFNGLGETVERTEXATTRIBIVPROC)t->scr->h->imports_proc("glGetVertexAttribiv");
   *buffer = *offset = -1;
   if (get_attrib)
      get_attrib(0, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, buffer);
   if (t->scr->h->glGetIntegeri_v)
      t->scr->h->glGetIntegeri_v(GL_VERTEX_BINDING_OFFSET, 0, offset);
}

static void
test_vertex_buffers(struct t *t)
{
   unbounded_setup(t);
   if (!t->scr->bind_vertex_buffer) {
      fprintf(stderr, "skip vertex_buffers: the host has no glBindVertexBuffer (GLES 3.1)\n");
      return;
   }
   static const float pos[10] = {0, 0, 0, 0, -1, -1, 3, -1, -1, 3}, offs[1] = {0};
   const struct mgp_handle p1 = make_buffer(t, sizeof(pos), pos);
   const struct mgp_handle p2 = make_buffer(t, sizeof(pos), pos);
   const struct mgp_handle o = make_buffer(t, sizeof(offs), offs);
   const GLint name1 = (GLint)glb_resource_for_use(t->scr, p1, "test")->name;
   const GLint name2 = (GLint)glb_resource_for_use(t->scr, p2, "test")->name;
   const struct mgp_vertex_buffer both[2] = {{p1, 16}, {o, 0}};
   t->cv->set_vertex_buffers(t->ctx, &(struct mgp_set_vertex_buffers){0, 2}, both, 2);
   calls_of_draw(t);
   const unsigned long long binds = counter(t, "gles-vertex-buffer-binds");
   /* the buffer alone, then the offset alone, then both back: each the one call and the draw,
    * and the host holds each (a shadow left at the first would skip the third) */
   static const struct {
      int buf;
      uint32_t offset;
   } steps[3] = {{2, 16}, {2, 8}, {1, 16}};
   unsigned long long calls[3];
   GLint got_buf[3], got_off[3];
   for (int i = 0; i < 3; i++) {
      const struct mgp_vertex_buffer vb = {steps[i].buf == 1 ? p1 : p2, steps[i].offset};
      t->cv->set_vertex_buffers(t->ctx, &(struct mgp_set_vertex_buffers){0, 1}, &vb, 1);
      calls[i] = calls_of_draw(t);
      host_array0(t, &got_buf[i], &got_off[i]);
   }
   const unsigned long long bound = counter(t, "gles-vertex-buffer-binds") - binds;
   GLenum e = host_error(t);
   check(calls[0] == 2 && calls[1] == 2 && calls[2] == 2 && bound == 3 && got_buf[0] == name2 &&
            got_off[0] == 16 && got_buf[1] == name2 && got_off[1] == 8 && got_buf[2] == name1 &&
            got_off[2] == 16 && e == GL_NO_ERROR && t->fatal_count == 0,
         "a vertex buffer change alone: glBindVertexBuffer and the draw (%llu, %llu, %llu host "
         "calls, %llu binds); the host holds buffer %d at %d, %d at %d, %d at %d (want %d at 16, "
         "%d at 8, %d at 16), no host error (0x%x)",
         calls[0], calls[1], calls[2], bound, got_buf[0], got_off[0], got_buf[1], got_off[1],
         got_buf[2], got_off[2], name2, name2, name1, e);

   /* a call that forgets the shadow (an image upload) between: the next change puts the whole
    * array again, and the host holds it */
   const struct mgp_handle tex = make_image(t, MGP_RESOURCE_TARGET_TEX_2D, 1);
   subdata(t, tex, 0);
   const struct mgp_vertex_buffer vb = {p2, 16};
   t->cv->set_vertex_buffers(t->ctx, &(struct mgp_set_vertex_buffers){0, 1}, &vb, 1);
   calls_of_draw(t);
   GLint buf, off;
   host_array0(t, &buf, &off);
   e = host_error(t);
   check(buf == name2 && off == 16 && e == GL_NO_ERROR && t->fatal_count == 0,
         "a vertex buffer change after the shadow was forgotten: the host holds buffer %d at %d "
         "(want %d at 16), no host error (0x%x)",
         buf, off, name2, e);

   /* a viewport change alone, then the compact draw: glViewport and the plain draw (the
    * compact path, gles-compact-draws), and the host holds the viewport */
   t->cv->draw(t->ctx, &(struct mgp_draw){.mode = MGP_PRIM_TRIANGLES, .count = 3}, NULL, 0);
   unsigned long long compact = counter(t, "gles-compact-draws");
   unsigned long long c0 = counter(t, "gles-host-calls"), s0 = counter(t, "gles-short-applies");
   GLint vp[4] = {0};
   for (int i = 0; i < 2; i++) {
      float size[2] = {(float)(W - 1 + i), (float)(H - 1 + i)};
      struct mgp_word ws[2];
      memcpy(ws, size, sizeof(ws));
      t->cv->set_dynamic_words(
         t->ctx,
         &(struct mgp_dynamic_words){.first = offsetof(struct mgp_dynamic_state, viewport[2]) / 4,
                                     .count = 2},
         ws, 2);
      t->cv->draw(t->ctx, &(struct mgp_draw){.mode = MGP_PRIM_TRIANGLES, .count = 3}, NULL, 0);
      if (i == 0)
         t->scr->h->glGetIntegerv(GL_VIEWPORT, vp);
   }
   const unsigned long long vp_calls = counter(t, "gles-host-calls") - c0;
   const unsigned long long shorts = counter(t, "gles-short-applies") - s0;
   compact = counter(t, "gles-compact-draws") - compact;
   e = host_error(t);
   check(compact == (t->scr->robust ? 2u : 0u) && vp_calls == 4 && shorts == 2 && vp[2] == W - 1 &&
            vp[3] == H - 1 && e == GL_NO_ERROR && t->fatal_count == 0,
         "a viewport change alone: the compact draw where the host is robust (%llu of 2), "
         "glViewport and the draw (%llu host calls for two), apply_state's short way (%llu of "
         "2), the host's viewport %dx%d (want %dx%d), no host error (0x%x)",
         compact, vp_calls, shorts, vp[2], vp[3], W - 1, H - 1, e);
}

/* One compact draw (glb_draw) of 3 vertices after a vertex buffer change alone (slot 0 to vb):
 * refused (decline counted once, no host draw) or drawn, with its host calls, whether it took
 * the compact path, and the host's attribute 0 buffer after it. */
static void
vb_compact_step(struct t *t, const char *what, struct mgp_vertex_buffer vb,
                enum mgu_decline decline, bool refused, unsigned long long *calls,
                unsigned long long *compact, GLint *buf)
{
   t->cv->set_vertex_buffers(t->ctx, &(struct mgp_set_vertex_buffers){0, 1}, &vb, 1);
   const uint64_t d0 = declines(decline);
   const unsigned long long n0 = counter(t, "gles-draws"), c0 = counter(t, "gles-host-calls"),
                            k0 = counter(t, "gles-compact-draws");
   t->cv->draw(t->ctx, &(struct mgp_draw){.mode = MGP_PRIM_TRIANGLES, .count = 3}, NULL, 0);
   *calls = counter(t, "gles-host-calls") - c0;
   *compact = counter(t, "gles-compact-draws") - k0;
   GLint off;
   host_array0(t, buf, &off);
   const GLenum e = host_error(t);
   const uint64_t declined = declines(decline) - d0;
   const unsigned long long drawn = counter(t, "gles-draws") - n0;
   check(declined == (refused ? 1u : 0u) && drawn == (refused ? 0u : 1u) && e == GL_NO_ERROR &&
            t->fatal_count == 0,
         "a compact draw after a vertex buffer change alone, %s: %s (%llu %s, %llu drawn, host "
         "error 0x%x)",
         what, refused ? "refused" : "drawn", (unsigned long long)declined,
         mgu_decline_name(decline), drawn, e);
}

/* A vertex buffer change alone, then the compact draw (glb_draw, attrib_change's): where the
 * host is robust, the compact path (gles-compact-draws) with glBindVertexBuffer and the plain
 * draw, and the host holds the new buffer; a change to no buffer is refused by name
 * (backend-draw-incomplete), no host draw, and the next change draws. Without robust access
 * the compact path stays off and the arrays bound the draw: a 1-vertex buffer under a
 * 3-vertex draw is gl-draw-unbounded there (drawn where the host bounds it). */
static void
test_vertex_buffers_compact(struct t *t)
{
   unbounded_setup(t);
   if (!t->scr->bind_vertex_buffer) {
      fprintf(stderr, "skip vertex_buffers_compact: the host has no glBindVertexBuffer\n");
      return;
   }
   static const float pos[6] = {-1, -1, 3, -1, -1, 3};
   const struct mgp_handle p1 = make_buffer(t, sizeof(pos), pos);
   const struct mgp_handle p2 = make_buffer(t, sizeof(pos), pos);
   const struct mgp_handle one = make_buffer(t, 8, pos);
   const GLint name1 = (GLint)glb_resource_for_use(t->scr, p1, "test")->name;
   const GLint name2 = (GLint)glb_resource_for_use(t->scr, p2, "test")->name;
   const struct mgp_vertex_buffer first = {p1, 0};
   t->cv->set_vertex_buffers(t->ctx, &(struct mgp_set_vertex_buffers){0, 1}, &first, 1);
   for (int i = 0; i < 2; i++)
      t->cv->draw(t->ctx, &(struct mgp_draw){.mode = MGP_PRIM_TRIANGLES, .count = 3}, NULL, 0);
   const bool robust = t->scr->robust;
   const enum mgu_decline none = MGU_DECLINE_backend_draw_incomplete;
   unsigned long long calls[2], compact[2];
   GLint buf[2];
   const unsigned long long s0 = counter(t, "gles-short-applies");
   vb_compact_step(t, "to a second buffer", (struct mgp_vertex_buffer){p2, 0}, none, false,
                   &calls[0], &compact[0], &buf[0]);
   vb_compact_step(t, "back to the first", (struct mgp_vertex_buffer){p1, 0}, none, false,
                   &calls[1], &compact[1], &buf[1]);
   const unsigned long long shorts = counter(t, "gles-short-applies") - s0;
   check(calls[0] == 2 && calls[1] == 2 && compact[0] == (robust ? 1u : 0u) &&
            compact[1] == compact[0] && shorts == 2 && buf[0] == name2 && buf[1] == name1,
         "a vertex buffer change alone: %s, glBindVertexBuffer and the draw (%llu, %llu host "
         "calls; %llu, %llu compact; %llu of 2 put apply_state's short way); the host holds "
         "buffer %d, then %d (want %d, %d)",
         robust ? "the compact draw" : "draw_bound's (no robust access)", calls[0], calls[1],
         compact[0], compact[1], shorts, buf[0], buf[1], name2, name1);
   unsigned long long c, k;
   GLint b;
   vb_compact_step(t, "to no buffer", (struct mgp_vertex_buffer){{0, 0}, 0}, none, true, &c, &k,
                   &b);
   vb_compact_step(t, "to the second after no buffer", (struct mgp_vertex_buffer){p2, 0}, none,
                   false, &c, &k, &b);
   check(b == name2, "after a refused change the next puts its buffer: %d (want %d)", b, name2);
   vb_compact_step(t, "to a 1-vertex buffer", (struct mgp_vertex_buffer){one, 0},
                   MGU_DECLINE_gl_draw_unbounded, !robust, &c, &k, &b);
   check(k == (robust ? 1u : 0u), "the 3-vertex draw over a 1-vertex buffer: %s (%llu compact)",
         robust ? "the compact draw, the host bounds it" : "bounded by the server", k);
   vb_compact_step(t, "back to the first after it", (struct mgp_vertex_buffer){p1, 0}, none, false,
                   &c, &k, &b);
}

/* set_dynamic_words: `words` words of v at byte offset of mgp_dynamic_state */
static void
dyn_words(struct t *t, size_t offset, const void *v, uint32_t words)
{
   struct mgp_word ws[4];
   memcpy(ws, v, words * sizeof(ws[0]));
   t->cv->set_dynamic_words(
      t->ctx, &(struct mgp_dynamic_words){.first = (uint32_t)(offset / 4), .count = words}, ws,
      words);
}

/* One compact draw after a dynamic change; its host calls, the dynamic parts it left
 * uncompared, and the host's viewport, scissor box and depth range after it. */
struct dyn_seen {
   unsigned long long calls, skipped;
   GLint vp[4], sc[4];
   GLfloat dr[2];
};
static struct dyn_seen
dyn_draw(struct t *t)
{
   struct dyn_seen r;
   const unsigned long long c0 = counter(t, "gles-host-calls"),
                            p0 = counter(t, "gles-dynamic-parts-skipped");
   t->cv->draw(t->ctx, &(struct mgp_draw){.mode = MGP_PRIM_TRIANGLES, .count = 3}, NULL, 0);
   r.calls = counter(t, "gles-host-calls") - c0;
   r.skipped = counter(t, "gles-dynamic-parts-skipped") - p0;
   t->scr->h->glGetIntegerv(GL_VIEWPORT, r.vp);
   t->scr->h->glGetIntegerv(GL_SCISSOR_BOX, r.sc);
   t->scr->h->glGetFloatv(GL_DEPTH_RANGE, r.dr);
   return r;
}

/* The dynamic group a part at a time (viewport_change's draw): a viewport, scissor or depth
 * range change alone is its one host call and the draw, the group's other five parts not
 * compared (gles-dynamic-parts-skipped), and the host holds the new value beside the old
 * others; after another context's draw with its own scissor (the switch forgets the shadow,
 * the draw moves the host's scissor) a viewport change alone puts every part: the host's
 * scissor is the context's again. */
static void
test_dynamic_parts(struct t *t)
{
   const struct mgp_dynamic_state dyn = {.viewport = {0, 0, W, H},
                                         .depth_range = {0, 1},
                                         .scissor = {1, 1, 4, 4},
                                         .scissor_enable = 1,
                                         .line_width = 1.0f,
                                         .stencil_read_mask = {~0u, ~0u},
                                         .stencil_write_mask = {~0u, ~0u}};
   t->cv->set_dynamic_state(t->ctx, &dyn, NULL, 0);
   dyn_draw(t);
   const float vp1[2] = {W - 2, H - 2};
   dyn_words(t, offsetof(struct mgp_dynamic_state, viewport[2]), vp1, 2);
   const struct dyn_seen a = dyn_draw(t);
   check(a.calls == 2 && a.skipped == 5 && a.vp[2] == W - 2 && a.vp[3] == H - 2 && a.sc[0] == 1 &&
            a.sc[2] == 4,
         "a viewport change alone: %llu host calls (want 2), %llu parts uncompared (want 5), the "
         "host's viewport %dx%d (want %dx%d), scissor %d,%d %dx%d (want 1,1 4x4)",
         a.calls, a.skipped, a.vp[2], a.vp[3], W - 2, H - 2, a.sc[0], a.sc[1], a.sc[2], a.sc[3]);
   const int32_t sc1[4] = {2, 2, 5, 5};
   dyn_words(t, offsetof(struct mgp_dynamic_state, scissor), sc1, 4);
   const struct dyn_seen b = dyn_draw(t);
   check(b.calls == 2 && b.skipped == 5 && b.sc[0] == 2 && b.sc[2] == 5 && b.vp[2] == W - 2,
         "a scissor change alone: %llu host calls (want 2), %llu parts uncompared (want 5), the "
         "host's scissor %d,%d %dx%d (want 2,2 5x5), viewport width %d (want %d)",
         b.calls, b.skipped, b.sc[0], b.sc[1], b.sc[2], b.sc[3], b.vp[2], W - 2);
   const float dr1[2] = {0.25f, 0.75f};
   dyn_words(t, offsetof(struct mgp_dynamic_state, depth_range), dr1, 2);
   const struct dyn_seen c = dyn_draw(t);
   check(c.calls == 2 && c.skipped == 5 && c.dr[0] == 0.25f && c.dr[1] == 0.75f && c.sc[0] == 2,
         "a depth range change alone: %llu host calls (want 2), %llu parts uncompared (want 5), "
         "the host's depth range %g..%g (want 0.25..0.75), scissor x %d (want 2)",
         c.calls, c.skipped, (double)c.dr[0], (double)c.dr[1], c.sc[0]);
   /* a second context draws with its own scissor (the switch forgets the shadow, and its draw
    * moves the host's scissor); back on the first, a viewport change alone puts every part */
   void *first = t->ctx;
   const struct mgp_handle other = new_handle(t, MGP_KIND_CONTEXT);
   t->sv->context_create(t->scr, &(struct mgp_context_desc){.ctx = other, .api = 0}, NULL, 0);
   t->ctx = mgs_gles_backend.context_lookup(t->scr, other);
   draw_setup(t);
   struct mgp_dynamic_state dyn2 = dyn;
   dyn2.scissor[0] = dyn2.scissor[1] = 0;
   dyn2.scissor[2] = dyn2.scissor[3] = 1;
   t->cv->set_dynamic_state(t->ctx, &dyn2, NULL, 0);
   const struct dyn_seen o = dyn_draw(t);
   t->ctx = first;
   const float vp2[2] = {W - 3, H - 3};
   dyn_words(t, offsetof(struct mgp_dynamic_state, viewport[2]), vp2, 2);
   const struct dyn_seen d = dyn_draw(t);
   const GLenum e = host_error(t);
   check(o.sc[2] == 1 && d.skipped == 0 && d.sc[0] == 2 && d.sc[1] == 2 && d.sc[2] == 5 &&
            d.sc[3] == 5 && d.vp[2] == W - 3 && d.dr[0] == 0.25f && e == GL_NO_ERROR &&
            t->fatal_count == 0,
         "a viewport change alone after another context's draw (its scissor %dx%d): every part "
         "put (%llu uncompared), the host's scissor %d,%d %dx%d (want 2,2 5x5), viewport width "
         "%d (want %d), depth range from %g (want 0.25), no host error (0x%x)",
         o.sc[2], o.sc[3], d.skipped, d.sc[0], d.sc[1], d.sc[2], d.sc[3], d.vp[2], W - 3,
         (double)d.dr[0], e);
}

/* fill.vert and fill.frag, with pass.tesc and pass.tese between where tess */
static struct mgp_handle
fill_program(struct t *t, bool tess)
{
   static const struct {
      unsigned stage;
      const char *file;
   } stages[4] = {{MGP_SHADER_STAGE_VERTEX, "fill.vert.spv"},
                  {MGP_SHADER_STAGE_FRAGMENT, "fill.frag.spv"},
                  {MGP_SHADER_STAGE_TESS_CTRL, "pass.tesc.spv"},
                  {MGP_SHADER_STAGE_TESS_EVAL, "pass.tese.spv"}};
   struct mgp_create_shader c = {.cso = new_handle(t, MGP_KIND_SHADER)};
   void *words[4] = {NULL};
   for (int i = 0; i < (tess ? 4 : 2); i++) {
      size_t size;
      words[i] = read_file(stages[i].file, &size);
      c.stage_mask |= 1u << stages[i].stage;
      c.spirv[stages[i].stage] = (struct mgp_span){.ptr = words[i], .size = size};
   }
   c.reflection.fragment_output_mask = 1;
   t->cv->create_shader(t->ctx, &c, NULL, 0);
   for (int i = 0; i < 4; i++)
      free(words[i]);
   return c.cso;
}

/* One draw of declined_compact's: a compact draw (glb_draw) or a draw_vbo of `count` vertices
 * or indices from 0; refused: `decline` counted once and no host draw, else drawn. Either way
 * no host error (a draw GLES forbids would be one). */
static void
declined_step(struct t *t, const char *what, bool compact, enum mgp_prim mode, uint8_t index_size,
              uint32_t count, enum mgu_decline decline, bool refused)
{
   const uint64_t d0 = declines(decline);
   const unsigned long long n0 = counter(t, "gles-draws");
   if (compact) {
      const struct mgp_draw d = {.mode = mode, .index_size = index_size, .count = count};
      t->cv->draw(t->ctx, &d, NULL, 0);
   } else {
      const struct mgp_draw_vbo d = {
         .mode = mode, .index_size = index_size, .instance_count = 1, .num_draws = 1};
      const struct mgp_draw_range r = {0, count, 0};
      t->cv->draw_vbo(t->ctx, &d, &r, 1);
   }
   const GLenum e = host_error(t);
   const uint64_t declined = declines(decline) - d0;
   const unsigned long long drawn = counter(t, "gles-draws") - n0;
   check(declined == (refused ? 1u : 0u) && drawn == (refused ? 0u : 1u) && e == GL_NO_ERROR &&
            t->fatal_count == 0,
         "%s %s: %s (%llu %s, %llu drawn, host error 0x%x)",
         compact ? "a compact draw" : "draw_vbo", what, refused ? "refused" : "drawn",
         (unsigned long long)declined, mgu_decline_name(decline), drawn, e);
}

/* the host's draw framebuffer's pixel (x, y) as RGBA8; the read binding is put back */
static void
host_pixel(struct t *t, int x, int y, uint8_t rgba[4])
{
   const struct glb_host *h = t->scr->h;
   GLint draw_fbo = 0, read_fbo = 0;
   h->glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_fbo);
   h->glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_fbo);
   h->glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)draw_fbo);
   memset(rgba, 0xee, 4);
   h->glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   h->glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)read_fbo);
}

/* The buffer the host holds at uniform binding b, its range's size and bytes (up to 64) */
static GLint
host_ubo(struct t *t, GLuint b, uint8_t *bytes, GLint *size)
{
   const struct glb_host *h = t->scr->h;
   GLint name = 0, offset = -1;
   *size = -1;
   h->glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, b, &name);
   h->glGetIntegeri_v(GL_UNIFORM_BUFFER_START, b, &offset);
   GLint64 size64 = -1;
   PFNGLGETINTEGER64I_VPROC get64 = (PFNGLGETINTEGER64I_VPROC)h->imports_proc("glGetInteger64i_v");
   if (get64)
      get64(GL_UNIFORM_BUFFER_SIZE, b, &size64);
   *size = (GLint)size64;
   memset(bytes, 0xee, 64);
   if (name <= 0 || offset < 0 || size64 <= 0 || size64 > 64)
      return name;
   h->glBindBuffer(GL_COPY_READ_BUFFER, (GLuint)name);
   const uint8_t *p =
      h->glMapBufferRange(GL_COPY_READ_BUFFER, offset, (GLsizeiptr)size64, GL_MAP_READ_BIT);
   if (p)
      memcpy(bytes, p, (size_t)size64);
   h->glUnmapBuffer(GL_COPY_READ_BUFFER);
   h->glBindBuffer(GL_COPY_READ_BUFFER, 0);
   return name;
}

/* A 19-byte uniform range at binding 1 (range.frag reads bytes 16..19 as one uint): the host
 * must see zeros past byte 19, whatever the buffer holds there (docs/PIPE.md#ranges). */
static void
test_ubo_pad(struct t *t)
{
   draw_setup(t);
   t->cv->set_draw_program(
      t->ctx, &(struct mgp_handle_args){fs_program(t, "range.frag.spv", 1u << 1)}, NULL, 0);
   uint8_t src[64];
   memset(src, 0xff, sizeof(src));
   const uint32_t a[4] = {7, 1, 2, 3};
   memcpy(src, a, sizeof(a));
   src[16] = 0x40;
   src[17] = 0x80;
   src[18] = 0xc0;
   const struct mgp_handle buf = make_buffer(t, sizeof(src), src);
   const struct mgp_buffer_range range = {buf, 0, 19};
   t->cv->set_shader_buffers(t->ctx, &(struct mgp_set_shader_buffers){0, 1, 1, 0}, &range, 1);
   const unsigned long long padded = counter(t, "gles-uniform-ranges-padded");
   const unsigned long long draws = counter(t, "gles-draws");
   draw(t, 0, 3, 1);
   GLenum e = host_error(t);
   uint8_t bytes[64], px[4];
   GLint size;
   host_ubo(t, 1, bytes, &size);
   bool zeros = size > 19;
   for (GLint i = 19; i < size && i < 64; i++)
      zeros = zeros && bytes[i] == 0;
   host_pixel(t, W / 2, H / 2, px);
   check(counter(t, "gles-draws") == draws + 1 && e == GL_NO_ERROR && size % 16 == 0 && zeros &&
            !memcmp(bytes, src, 19) && px[0] == 0 && px[1] == 0x40 &&
            counter(t, "gles-uniform-ranges-padded") == padded + 1,
         "a 19-byte uniform range: the host binds %d bytes (want a multiple of 16), the range's "
         "bytes %s, the rest %s (byte 19: 0x%02x), red %u green 0x%02x (want 0, 0x40), "
         "gles-uniform-ranges-padded +%llu, host error 0x%x, %llu drawn",
         size, !memcmp(bytes, src, 19) ? "kept" : "CHANGED", zeros ? "zero" : "NOT zero", bytes[19],
         px[0], px[1], counter(t, "gles-uniform-ranges-padded") - padded, e,
         counter(t, "gles-draws") - draws);
   /* the range's bytes change, nothing else: the next draw's copy holds them, twice (the
    * second upload finds the shadow of GL_COPY_WRITE_BUFFER a draw made) */
   for (uint8_t g = 0x41; g <= 0x42; g++) {
      const struct mgp_resource_subdata sd = {
         .res = buf, .box = {16, 0, 0, 1, 1, 1}, .data = {.ptr = &g, .size = 1}};
      t->cv->resource_subdata(t->ctx, &sd, NULL, 0);
      draw(t, 0, 3, 1);
      e = host_error(t);
      host_ubo(t, 1, bytes, &size);
      host_pixel(t, W / 2, H / 2, px);
      check(e == GL_NO_ERROR && bytes[16] == g && px[1] == g && t->fatal_count == 0,
            "a resource_subdata into the padded range alone: the next draw reads it (host copy "
            "0x%02x, green 0x%02x, want 0x%02x), host error 0x%x %s",
            bytes[16], px[1], g, e, t->fatal);
   }
}

/* One draw after uniform binding 1 was set alone (range.frag's block, 32 bytes of buf): drawn
 * or refused (backend-draw-incomplete), the pixel's green and the host's binding 1 after it. */
static void
ubo_alone_step(struct t *t, const char *what, struct mgp_handle buf, bool refused, GLint want_name,
               uint8_t want_green)
{
   const struct mgp_buffer_range range = {buf, 0, mgp_handle_is_null(buf) ? 0 : 32};
   t->cv->set_shader_buffers(t->ctx, &(struct mgp_set_shader_buffers){0, 1, 1, 0}, &range, 1);
   const enum mgu_decline none = MGU_DECLINE_backend_draw_incomplete;
   const uint64_t d0 = declines(none);
   const unsigned long long n0 = counter(t, "gles-draws"), c0 = counter(t, "gles-host-calls");
   t->cv->draw(t->ctx, &(struct mgp_draw){.mode = MGP_PRIM_TRIANGLES, .count = 3}, NULL, 0);
   const unsigned long long calls = counter(t, "gles-host-calls") - c0;
   const unsigned long long drawn = counter(t, "gles-draws") - n0;
   const uint64_t declined = declines(none) - d0;
   const GLenum e = host_error(t);
   uint8_t bytes[64], px[4];
   GLint size;
   const GLint name = host_ubo(t, 1, bytes, &size);
   host_pixel(t, W / 2, H / 2, px);
   check(declined == (refused ? 1u : 0u) && drawn == (refused ? 0u : 1u) &&
            calls == (refused ? 0u : 2u) &&
            (refused || (name == want_name && px[1] == want_green)) && e == GL_NO_ERROR &&
            t->fatal_count == 0,
         "a uniform binding set alone, %s: %s (%llu %s, %llu drawn, %llu host calls, want %u), "
         "the host's binding 1 buffer %d (want %d), green 0x%02x (want 0x%02x), host error 0x%x",
         what, refused ? "refused" : "drawn", (unsigned long long)declined, mgu_decline_name(none),
         drawn, calls, refused ? 0u : 2u, name, want_name, px[1], want_green, e);
}

/* A uniform binding set alone between draws of one program (ubo_change's): apply_short's way
 * puts the bindings set since the program's last put (glb_program_buffers_short), so each draw
 * binds the range set last (glBindBufferRange and the draw) and reads its bytes; a binding set
 * to no buffer is refused, and the next set puts its buffer. */
static void
test_ubo_binding_alone(struct t *t)
{
   draw_setup(t);
   t->cv->set_draw_program(
      t->ctx, &(struct mgp_handle_args){fs_program(t, "range.frag.spv", 1u << 1)}, NULL, 0);
   uint8_t src[2][32];
   memset(src, 0, sizeof(src));
   src[0][16] = 0x30;
   src[1][16] = 0x90;
   const struct mgp_handle bufs[2] = {make_buffer(t, 32, src[0]), make_buffer(t, 32, src[1])};
   const GLint names[2] = {(GLint)glb_resource_for_use(t->scr, bufs[0], "test")->name,
                           (GLint)glb_resource_for_use(t->scr, bufs[1], "test")->name};
   const struct mgp_buffer_range range = {bufs[0], 0, 32};
   t->cv->set_shader_buffers(t->ctx, &(struct mgp_set_shader_buffers){0, 1, 1, 0}, &range, 1);
   for (int i = 0; i < 2; i++)
      t->cv->draw(t->ctx, &(struct mgp_draw){.mode = MGP_PRIM_TRIANGLES, .count = 3}, NULL, 0);
   const unsigned long long s0 = counter(t, "gles-short-applies");
   ubo_alone_step(t, "to a second buffer", bufs[1], false, names[1], 0x90);
   ubo_alone_step(t, "back to the first", bufs[0], false, names[0], 0x30);
   ubo_alone_step(t, "to no buffer", mgp_handle_null(), true, 0, 0);
   ubo_alone_step(t, "then to the second", bufs[1], false, names[1], 0x90);
   const unsigned long long shorts = counter(t, "gles-short-applies") - s0;
   check(shorts == 3, "uniform bindings set alone: apply_state's short way %llu times (want 3)",
         shorts);
}

/* What the host's draw framebuffer holds at colour attachment 0: false where the attached
 * level lies outside its texture's [TEXTURE_BASE_LEVEL, q] (GLES 3.2 §9.4.1, immutable
 * textures; q = min(TEXTURE_MAX_LEVEL, TEXTURE_IMMUTABLE_LEVELS - 1)); *name the texture. */
static bool
host_attachment_complete(struct t *t, GLenum tex_target, GLint *name, char *why, size_t why_size)
{
   const struct glb_host *h = t->scr->h;
   PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVPROC get_att =
      (PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVPROC)h->imports_proc(
         "glGetFramebufferAttachmentParameteriv");
   PFNGLGETTEXPARAMETERIVPROC get_tex =
      (PFNGLGETTEXPARAMETERIVPROC)h->imports_proc("glGetTexParameteriv");
   GLint type = 0, level = -1, base = -1, max = -1, levels = -1, immutable = 0, bound = 0;
   *name = 0;
   if (!get_att || !get_tex) {
      snprintf(why, why_size, "no glGetFramebufferAttachmentParameteriv");
      return false;
   }
   get_att(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
   get_att(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, name);
   get_att(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL,
           &level);
   const GLenum binding = tex_target == GL_TEXTURE_2D         ? GL_TEXTURE_BINDING_2D
                          : tex_target == GL_TEXTURE_2D_ARRAY ? GL_TEXTURE_BINDING_2D_ARRAY
                                                              : GL_TEXTURE_BINDING_CUBE_MAP;
   h->glGetIntegerv(binding, &bound);
   h->glBindTexture(tex_target, (GLuint)*name);
   get_tex(tex_target, GL_TEXTURE_BASE_LEVEL, &base);
   get_tex(tex_target, GL_TEXTURE_MAX_LEVEL, &max);
   get_tex(tex_target, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
   get_tex(tex_target, GL_TEXTURE_IMMUTABLE_LEVELS, &levels);
   h->glBindTexture(tex_target, (GLuint)bound);
   const GLint q = immutable && levels - 1 < max ? levels - 1 : max;
   snprintf(why, why_size, "type 0x%x, texture %d level %d, its base %d max %d, %d levels%s", type,
            *name, level, base, max, levels, immutable ? " (immutable)" : "");
   return type == GL_TEXTURE && level >= base && level <= q;
}

/* The texture's own TEXTURE_BASE_LEVEL and TEXTURE_MAX_LEVEL on the host */
static void
host_levels(struct t *t, GLenum tex_target, GLuint name, GLint *base, GLint *max)
{
   const struct glb_host *h = t->scr->h;
   PFNGLGETTEXPARAMETERIVPROC get_tex =
      (PFNGLGETTEXPARAMETERIVPROC)h->imports_proc("glGetTexParameteriv");
   GLint bound = 0;
   *base = *max = -1;
   const GLenum binding = tex_target == GL_TEXTURE_2D         ? GL_TEXTURE_BINDING_2D
                          : tex_target == GL_TEXTURE_2D_ARRAY ? GL_TEXTURE_BINDING_2D_ARRAY
                                                              : GL_TEXTURE_BINDING_CUBE_MAP;
   h->glGetIntegerv(binding, &bound);
   h->glBindTexture(tex_target, name);
   get_tex(tex_target, GL_TEXTURE_BASE_LEVEL, base);
   get_tex(tex_target, GL_TEXTURE_MAX_LEVEL, max);
   h->glBindTexture(tex_target, (GLuint)bound);
}

/* A draw into level 1 of a 3-level texture whose base and max level are 0 (GL: sampling state;
 * the level is a valid attachment): the host must attach something GLES 3.2 calls complete. */
/* What the host holds for attribute loc's array: its buffer's name and the binding it reads */
static void
host_attrib(struct t *t, GLuint loc, GLint *buffer, GLint *binding)
{
   PFNGLGETVERTEXATTRIBIVPROC get_attrib =
      (PFNGLGETVERTEXATTRIBIVPROC)t->scr->h->imports_proc("glGetVertexAttribiv");
   *buffer = *binding = -1;
   if (get_attrib) {
      get_attrib(loc, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, buffer);
      get_attrib(loc, GL_VERTEX_ATTRIB_BINDING, binding);
   }
}

/* What the host holds for attributes 0 and 1 (host_attrib) and attribute 1's relative offset */
static void
host_two_attribs(struct t *t, GLint buf[2], GLint binding[2], GLint *rel)
{
   host_attrib(t, 0, &buf[0], &binding[0]);
   host_attrib(t, 1, &buf[1], &binding[1]);
   PFNGLGETVERTEXATTRIBIVPROC get_attrib =
      (PFNGLGETVERTEXATTRIBIVPROC)t->scr->h->imports_proc("glGetVertexAttribiv");
   *rel = -1;
   if (get_attrib)
      get_attrib(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, rel);
}

/* vertex_buffers_shared's two bindings folded into one on bufs[1] (the last draw's): binding 1's
 * buffer alone set to bufs[0] and the next draw, nothing else changed, reads the whole
 * triangle's offset (its top right green) through a binding of its own (the fold found again:
 * the host's second attribute at binding 1, relative offset 0, buffer bufs[0], the first still
 * bufs[1]'s); set back, the two fold again (binding 0, relative offset 8, bufs[1]: the moved
 * triangle leaves the top right as cleared). Without attribute bindings each is its own. */
static void
vertex_buffers_unfold(struct t *t, const struct mgp_handle bufs[2], const GLint names[2])
{
   const bool bound = t->scr->attrib_binding;
   for (int step = 0; step < 2; step++) {
      const bool apart = step == 0;
      const struct mgp_vertex_buffer vb = {apart ? bufs[0] : bufs[1], 8};
      t->cv->clear(
         t->ctx,
         &(struct mgp_clear){.color_buffers = 1, .color_write_mask = {0xf}, .depth_write = 1}, NULL,
         0);
      t->cv->set_vertex_buffers(t->ctx, &(struct mgp_set_vertex_buffers){1, 1}, &vb, 1);
      calls_of_draw(t);
      GLint buf[2], binding[2], rel;
      host_two_attribs(t, buf, binding, &rel);
      uint8_t corner[4];
      host_pixel(t, W - 2, H - 2, corner);
      const GLenum e = host_error(t);
      const GLint want_buf = apart ? names[0] : names[1];
      const GLint want_binding = bound && !apart ? 0 : 1, want_rel = bound && !apart ? 8 : 0;
      const uint8_t want_green = apart ? 255 : 0;
      check(buf[0] == names[1] && buf[1] == want_buf && binding[0] == 0 &&
               binding[1] == want_binding && rel == want_rel && corner[1] == want_green &&
               e == GL_NO_ERROR && t->fatal_count == 0,
            "two attributes folded into one binding, the second's buffer alone set %s: the "
            "host's attributes read buffers %d, %d at bindings %d, %d, the second at %d (want "
            "%d, %d at 0, %d, %d); the top right's green %u (want %u), host error 0x%x",
            apart ? "to another" : "back", buf[0], buf[1], binding[0], binding[1], rel, names[1],
            want_buf, want_binding, want_rel, corner[1], want_green, e);
   }
}

/* Two attributes of one interleaved buffer (attr.vert's position at 0 and offset at 8, a
 * 12-byte stride) read through one binding (relative offsets 0 and 8), or through two reading
 * the buffer at 0 and at 8 (each attribute's glVertexAttribPointer, frame_1500's chunks), the
 * buffer changed alone between draws: where the host has attribute bindings, glBindVertexBuffer
 * once and the draw; else once for each attribute. Two bindings farther apart than the host's
 * largest relative offset (the second at 4104, a copy of the vertices at 4096) stay two. */
static void
test_vertex_buffers_shared(struct t *t)
{
   draw_setup(t);
   if (!t->scr->bind_vertex_buffer) {
      fprintf(stderr, "skip vertex_buffers_shared: the host has no glBindVertexBuffer\n");
      return;
   }
   const struct mgp_handle prog = vs_fs_program(
      t, "attr.vert.spv", "fill.frag.spv", (struct mgp_shader_reflection){.vertex_input_mask = 3});
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){prog}, NULL, 0);
   /* whole: the triangle covers the viewport; moved: its offset -1 leaves the top right */
   static const float whole[9] = {-1, -1, 0, 3, -1, 0, -1, 3, 0},
                      moved[9] = {-1, -1, -1, 3, -1, -1, -1, 3, -1};
   enum { FAR = 4096 };
   static float data[2][(FAR + sizeof(whole)) / 4];
   memcpy(data[0], whole, sizeof(whole));
   memcpy(&data[0][FAR / 4], whole, sizeof(whole));
   memcpy(data[1], moved, sizeof(moved));
   memcpy(&data[1][FAR / 4], moved, sizeof(moved));
   const struct mgp_handle bufs[2] = {make_buffer(t, sizeof(data[0]), data[0]),
                                      make_buffer(t, sizeof(data[1]), data[1])};
   const GLint names[2] = {(GLint)glb_resource_for_use(t->scr, bufs[0], "test")->name,
                           (GLint)glb_resource_for_use(t->scr, bufs[1], "test")->name};
   const bool bound = t->scr->attrib_binding;
   static const struct {
      const char *how;
      uint32_t bindings, second; /* the second binding's offset */
      bool apart;                /* the host reads them through two bindings */
   } layouts[3] = {{"one binding", 1, 0, false},
                   {"two bindings", 2, 8, false},
                   {"two bindings 4096 bytes apart", 2, FAR + 8, true}};
   for (int l = 0; l < 3; l++) {
      const uint32_t bindings = layouts[l].bindings;
      const bool two = !bound || layouts[l].apart;
      const unsigned long long want = two ? 3 : 2, want_binds = two ? 2 : 1;
      const GLint want_binding = two ? 1 : 0, want_rel = two ? 0 : 8;
      struct mgp_create_vertex_elements ve;
      memset(&ve, 0, sizeof(ve));
      ve.cso = new_handle(t, MGP_KIND_VERTEX_ELEMENTS);
      ve.enabled_mask = 3;
      ve.binding_count = bindings;
      ve.attribs[0] = (struct mgp_vertex_attrib){.type = MGP_VERTEX_TYPE_FLOAT, .size = 2};
      ve.attribs[1] = (struct mgp_vertex_attrib){.relative_offset = bindings == 1 ? 8 : 0,
                                                 .type = MGP_VERTEX_TYPE_FLOAT,
                                                 .size = 1,
                                                 .binding = (uint8_t)(bindings - 1)};
      ve.bindings[0] = ve.bindings[1] = (struct mgp_vertex_binding){.stride = 12};
      t->cv->create_vertex_elements(t->ctx, &ve, NULL, 0);
      t->cv->bind_vertex_elements(t->ctx, &(struct mgp_handle_args){ve.cso}, NULL, 0);
      t->cv->clear(
         t->ctx,
         &(struct mgp_clear){.color_buffers = 1, .color_write_mask = {0xf}, .depth_write = 1}, NULL,
         0);
      struct mgp_vertex_buffer vb[2] = {{bufs[1], 0}, {bufs[1], layouts[l].second}};
      t->cv->set_vertex_buffers(t->ctx, &(struct mgp_set_vertex_buffers){0, bindings}, vb,
                                bindings);
      calls_of_draw(t); /* the arrays' formats and bindings */
      uint8_t first[4], corner[2][4];
      host_pixel(t, W - 2, H - 2, first);
      for (int i = 0; i < 2; i++) {
         const unsigned long long binds = counter(t, "gles-vertex-buffer-binds");
         vb[0].res = vb[1].res = bufs[i];
         t->cv->set_vertex_buffers(t->ctx, &(struct mgp_set_vertex_buffers){0, bindings}, vb,
                                   bindings);
         const unsigned long long calls = calls_of_draw(t);
         const unsigned long long bound_now = counter(t, "gles-vertex-buffer-binds") - binds;
         GLint buf[2], binding[2], rel;
         host_two_attribs(t, buf, binding, &rel);
         host_pixel(t, W - 2, H - 2, corner[i]);
         const GLenum e = host_error(t);
         check(calls == want && bound_now == want_binds && buf[0] == names[i] &&
                  buf[1] == names[i] && binding[0] == 0 && binding[1] == want_binding &&
                  rel == want_rel && e == GL_NO_ERROR && t->fatal_count == 0,
               "two attributes of one buffer through %s, the buffer changed alone (%s): %llu "
               "host calls, %llu glBindVertexBuffer (want %llu, %llu); the host's attributes "
               "read buffers %d, %d at bindings %d, %d, the second at %d (want %d at 0, %d, "
               "%d), host error 0x%x",
               layouts[l].how, bound ? "attribute bindings" : "an attribute a binding", calls,
               bound_now, want, want_binds, buf[0], buf[1], binding[0], binding[1], rel, names[i],
               want_binding, want_rel, e);
      }
      /* the moved triangle (its offset, the second attribute) leaves the top right as
       * cleared; the whole one covers it; the moved one after it leaves the whole one's green */
      check(first[1] == 0 && corner[0][1] == 255 && corner[1][1] == 255,
            "%s: the top right pixel's green after the moved triangle %u (want 0), the whole "
            "%u (want 255), the moved again %u (want 255)",
            layouts[l].how, first[1], corner[0][1], corner[1][1]);
      if (l == 1)
         vertex_buffers_unfold(t, bufs, names);
   }
}

/* A vertex buffer change alone put the short way (gles-vertex-buffers-short): with attribute
 * bindings, the host bindings' buffers alone where the fold stands for the vertex elements and
 * program it was last put for, each change one glBindVertexBuffer; after a program change that
 * reads one more array (attr.vert declared reading attribute 0, then 0 and 1: the walk puts
 * the arrays again) a change of binding 1 alone binds its buffer, and back. Without attribute
 * bindings none is put so (apply_vertex_input's way). */
static void
test_vertex_buffers_short(struct t *t)
{
   draw_setup(t);
   if (!t->scr->bind_vertex_buffer) {
      fprintf(stderr, "skip vertex_buffers_short: the host has no glBindVertexBuffer\n");
      return;
   }
   const struct mgp_handle one = vs_fs_program(
      t, "attr.vert.spv", "fill.frag.spv", (struct mgp_shader_reflection){.vertex_input_mask = 1});
   const struct mgp_handle two = vs_fs_program(
      t, "attr.vert.spv", "fill.frag.spv", (struct mgp_shader_reflection){.vertex_input_mask = 3});
   attr_elements(t);
   static const float pos[6] = {-1, -1, 3, -1, -1, 3}, offs[2][1] = {{0}, {-1}};
   const struct mgp_handle p[2] = {make_buffer(t, sizeof(pos), pos),
                                   make_buffer(t, sizeof(pos), pos)};
   const struct mgp_handle o[2] = {make_buffer(t, sizeof(offs[0]), offs[0]),
                                   make_buffer(t, sizeof(offs[1]), offs[1])};
   GLint pn[2], on[2];
   for (int i = 0; i < 2; i++) {
      pn[i] = (GLint)glb_resource_for_use(t->scr, p[i], "test")->name;
      on[i] = (GLint)glb_resource_for_use(t->scr, o[i], "test")->name;
   }
   const struct mgp_vertex_buffer vb[2] = {{p[0], 0}, {o[0], 0}};
   t->cv->set_vertex_buffers(t->ctx, &(struct mgp_set_vertex_buffers){0, 2}, vb, 2);
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){one}, NULL, 0);
   calls_of_draw(t);
   const bool bound = t->scr->attrib_binding;
   /* {program, binding, buffer}: the position's buffer under `one`, then under `two` the
    * offset's, and back */
   static const struct {
      int prog, binding, buf;
   } steps[4] = {{0, 0, 1}, {1, 1, 1}, {1, 1, 0}, {1, 0, 0}};
   for (int s = 0; s < 4; s++) {
      if (s == 1) { /* the walk puts both arrays */
         t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){two}, NULL, 0);
         calls_of_draw(t);
      }
      const int b = steps[s].binding, k = steps[s].buf;
      const struct mgp_vertex_buffer set = {b ? o[k] : p[k], 0};
      t->cv->set_vertex_buffers(t->ctx, &(struct mgp_set_vertex_buffers){(uint32_t)b, 1}, &set, 1);
      const unsigned long long v0 = counter(t, "gles-vertex-buffers-short"),
                               b0 = counter(t, "gles-vertex-buffer-binds");
      const unsigned long long calls = calls_of_draw(t);
      const unsigned long long shorts = counter(t, "gles-vertex-buffers-short") - v0,
                               binds = counter(t, "gles-vertex-buffer-binds") - b0;
      GLint buf[2], binding[2];
      host_attrib(t, 0, &buf[0], &binding[0]);
      host_attrib(t, 1, &buf[1], &binding[1]);
      const GLint want0 = pn[s == 0 || s == 1 || s == 2 ? 1 : 0], want1 = on[s == 1 ? 1 : 0];
      const GLenum e = host_error(t);
      /* under `one` attribute 1 reads its current value: no array the host fetches */
      check(shorts == (bound ? 1u : 0u) && binds == 1 && calls == 2 && buf[0] == want0 &&
               (s == 0 || buf[1] == want1) && e == GL_NO_ERROR && t->fatal_count == 0,
            "step %d, binding %d's buffer alone under the program reading %s: %llu put the "
            "short way (want %u), %llu glBindVertexBuffer, %llu host calls (want 1, 2); the "
            "host's attributes read buffers %d, %d (want %d, %d), host error 0x%x",
            s, b, steps[s].prog ? "two arrays" : "one", shorts, bound ? 1u : 0u, binds, calls,
            buf[0], buf[1], want0, want1, e);
   }
}

/* One word of a program's default block, changed between draws (uniform_few_change's glUniform4f):
 * glBufferSubData of the word and the draw, 2 host calls (native GLES's glUniform4f and draw),
 * the host's block holding every word and the pixel the new colour; a change of another word
 * the same; the block's first upload (its store) made once. */
/* A 2D texture of one colour, rgba, in every texel */
static struct mgp_handle
colour_texture(struct t *t, const uint8_t rgba[4])
{
   const struct mgp_handle tex = make_image(t, MGP_RESOURCE_TARGET_TEX_2D, 1);
   static uint8_t texels[W * H * 4];
   for (size_t i = 0; i < sizeof(texels); i += 4)
      memcpy(texels + i, rgba, 4);
   struct mgp_sub_region g = {.width = W, .height = H, .depth = 1};
   const struct mgp_resource_subdata s = {.res = tex,
                                          .format = MGP_FORMAT_RGBA8_UNORM,
                                          .box = {0, 0, 0, W, H, 1},
                                          .region_count = 1,
                                          .data = {.ptr = texels, .size = sizeof(texels)}};
   t->cv->resource_subdata(t->ctx, &s, &g, 1);
   return tex;
}

/* A texture change alone, then the compact draw (glb_draw, as texture1_change draws): where
 * the host is robust the compact path (gles-compact-draws), the change put apply_state's short
 * way (gles-short-applies) either way, glBindTexture and the draw (2 host calls), and the
 * pixel is each texture's colour in turn, back to the first (a short way that skipped the
 * units would draw the last texture again). A sampler change then (its LOD bias found again,
 * apply_state's walk) draws too. */
static void
test_textures_compact(struct t *t)
{
   draw_setup(t);
   const struct mgp_handle prog = tex_program(t);
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){prog}, NULL, 0);
   static const uint8_t colours[2][4] = {{255, 0, 0, 255}, {0, 0, 255, 255}};
   struct mgp_handle views[2], texs[2];
   for (int i = 0; i < 2; i++)
      views[i] = make_view(t, texs[i] = colour_texture(t, colours[i]));
   struct mgp_create_sampler smp[2];
   memset(smp, 0, sizeof(smp));
   for (int i = 0; i < 2; i++) {
      smp[i].cso = new_handle(t, MGP_KIND_SAMPLER);
      smp[i].state.min_filter = smp[i].state.mag_filter = MGP_FILTER_NEAREST;
      smp[i].state.max_lod = 1000.0f;
      t->cv->create_sampler(t->ctx, &smp[i], NULL, 0);
   }
   const struct mgp_set_handles one = {.start = 0, .count = 1};
   t->cv->bind_sampler_states(t->ctx, &one, &smp[0].cso, 1);
   t->cv->set_sampler_views(t->ctx, &one, &views[0], 1);
   const struct mgp_draw d = {.mode = MGP_PRIM_TRIANGLES, .count = 3};
   for (int i = 0; i < 2; i++)
      t->cv->draw(t->ctx, &d, NULL, 0);
   const bool robust = t->scr->robust;
   static const int order[3] = {1, 0, 1};
   for (int k = 0; k < 3; k++) {
      const int i = order[k];
      /* the front end sends the unchanged sampler with each view */
      t->cv->set_sampler_views(t->ctx, &one, &views[i], 1);
      t->cv->bind_sampler_states(t->ctx, &one, &smp[0].cso, 1);
      const unsigned long long c0 = counter(t, "gles-host-calls"),
                               k0 = counter(t, "gles-compact-draws"),
                               s0 = counter(t, "gles-short-applies");
      t->cv->draw(t->ctx, &d, NULL, 0);
      const unsigned long long calls = counter(t, "gles-host-calls") - c0,
                               compact = counter(t, "gles-compact-draws") - k0,
                               shorts = counter(t, "gles-short-applies") - s0;
      uint8_t px[4];
      host_pixel(t, W / 2, H / 2, px);
      const GLenum e = host_error(t);
      check(calls == 2 && compact == (robust ? 1u : 0u) && shorts == 1 &&
               !memcmp(px, colours[i], 4) && e == GL_NO_ERROR && t->fatal_count == 0,
            "a texture change alone before a compact draw (to texture %d): %llu host calls "
            "(want 2: glBindTexture and the draw), %llu compact (want %d), %llu of 1 put "
            "apply_state's short way, pixel (%u,%u,%u,%u) want (%u,%u,%u,%u), host error 0x%x",
            i, calls, compact, robust ? 1 : 0, shorts, px[0], px[1], px[2], px[3], colours[i][0],
            colours[i][1], colours[i][2], colours[i][3], e);
   }
   /* a sampler handle changed: its LOD bias is stale, apply_state's walk puts it */
   t->cv->set_sampler_views(t->ctx, &one, &views[0], 1);
   t->cv->bind_sampler_states(t->ctx, &one, &smp[1].cso, 1);
   const unsigned long long s0 = counter(t, "gles-short-applies"),
                            w0 = counter(t, "gles-lod-bias-walks");
   t->cv->draw(t->ctx, &d, NULL, 0);
   uint8_t px[4];
   host_pixel(t, W / 2, H / 2, px);
   const GLenum e = host_error(t);
   check(counter(t, "gles-short-applies") == s0 && counter(t, "gles-lod-bias-walks") == w0 + 1 &&
            !memcmp(px, colours[0], 4) && e == GL_NO_ERROR && t->fatal_count == 0,
         "a sampler change before a compact draw: apply_state's walk (%llu short, %llu LOD bias "
         "walks), pixel (%u,%u,%u) want (255,0,0), host error 0x%x",
         counter(t, "gles-short-applies") - s0, counter(t, "gles-lod-bias-walks") - w0, px[0],
         px[1], px[2], e);

   /* the texture behind a view the draws checked is made again (another host texture, its
    * texels green): the view's next draw binds the new one (glb_samplers_bind's kept check
    * goes with the storage it named) */
   const struct mgp_resource_desc again = {.res = texs[0],
                                           .target = MGP_RESOURCE_TARGET_TEX_2D,
                                           .levels = 1,
                                           .samples = 1,
                                           .format = MGP_FORMAT_RGBA8_UNORM,
                                           .width = W,
                                           .height = H,
                                           .depth = 1,
                                           .array_layers = 1,
                                           .bind_mask = MGP_BIND_SAMPLER | MGP_BIND_RENDER_TARGET};
   t->sv->resource_respecify(t->scr, &again, NULL, 0);
   static uint8_t green[W * H * 4];
   for (size_t i = 0; i < sizeof(green); i += 4)
      memcpy(green + i, (const uint8_t[4]){0, 255, 0, 255}, 4);
   struct mgp_sub_region g = {.width = W, .height = H, .depth = 1};
   const struct mgp_resource_subdata up = {.res = texs[0],
                                           .format = MGP_FORMAT_RGBA8_UNORM,
                                           .box = {0, 0, 0, W, H, 1},
                                           .region_count = 1,
                                           .data = {.ptr = green, .size = sizeof(green)}};
   t->cv->resource_subdata(t->ctx, &up, &g, 1);
   t->cv->set_sampler_views(t->ctx, &one, &views[0], 1);
   t->cv->bind_sampler_states(t->ctx, &one, &smp[1].cso, 1);
   t->cv->draw(t->ctx, &d, NULL, 0);
   host_pixel(t, W / 2, H / 2, px);
   GLint bound = 0;
   t->scr->h->glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
   const struct glb_resource *r =
      (const struct glb_resource *)glb_table_peek(&t->scr->resources, texs[0]);
   const GLenum e2 = host_error(t);
   check(r && (GLuint)bound == r->name && px[0] == 0 && px[1] == 255 && px[2] == 0 &&
            e2 == GL_NO_ERROR && t->fatal_count == 0,
         "a sampled texture made again: the draw binds its new host texture (%d, want %u), "
         "pixel (%u,%u,%u) want (0,255,0), host error 0x%x",
         bound, r ? r->name : 0, px[0], px[1], px[2], e2);
}

static void
test_uniform_words(struct t *t)
{
   draw_setup(t);
   const struct mgp_handle prog = uniform_program(t);
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){prog}, NULL, 0);
   const struct glb_shader *s = glb_lookup(t->scr, &t->scr->shaders, prog, "test");
   const uint32_t one = 0x3f800000u, half = 0x3f000000u;
   uint32_t want[4] = {0, one, 0, one};
   t->cv->set_constant_words(t->ctx, &(struct mgp_constant_words){0, 4}, want, 4);
   draw(t, 0, 3, 1); /* the block's store and binding */
   const unsigned long long uploads = counter(t, "gles-default-uploads");
   static const struct {
      uint32_t word, value;
   } changes[] = {{0, one}, {2, half}, {0, 0}};
   for (unsigned i = 0; i < sizeof(changes) / sizeof(changes[0]); i++) {
      want[changes[i].word] = changes[i].value;
      const unsigned long long c0 = counter(t, "gles-host-calls");
      t->cv->set_constant_words(t->ctx, &(struct mgp_constant_words){changes[i].word, 1},
                                &changes[i].value, 1);
      draw(t, 0, 3, 1);
      const unsigned long long calls = counter(t, "gles-host-calls") - c0;
      const GLenum e = host_error(t);
      uint8_t bytes[64], px[4];
      GLint size = 0;
      const GLint name = host_ubo(t, s ? s->default_binding : 0, bytes, &size);
      host_pixel(t, W / 2, H / 2, px);
      const uint8_t r = want[0] ? 255 : 0, b = want[2] ? 128 : 0;
      check(s && calls == 2 && name == (GLint)s->default_buf && size == 16 &&
               !memcmp(bytes, want, sizeof(want)) && px[0] == r && px[1] == 255 &&
               (px[2] == b || px[2] == b - 1) && e == GL_NO_ERROR && t->fatal_count == 0,
            "default block word %u changed between draws: %llu host calls (want 2: "
            "glBufferSubData and the draw), the host's block %s (buffer %d, %d bytes), pixel "
            "(%u,%u,%u) want (%u,255,%u), host error 0x%x %s",
            changes[i].word, calls,
            !memcmp(bytes, want, sizeof(want)) ? "holds the words" : "DIFFERS", name, size, px[0],
            px[1], px[2], r, b, e, t->fatal);
   }
   check(counter(t, "gles-default-uploads") - uploads == 3,
         "three default block uploads after the first (%llu)",
         counter(t, "gles-default-uploads") - uploads);

   /* two draws of one pass, the word changed between them: each draws with its own bytes (the
    * host orders the glBufferSubData after the draw before it) */
   struct mgp_dynamic_state dyn = {.viewport = {0, 0, W / 2, H},
                                   .depth_range = {0, 1},
                                   .line_width = 1.0f,
                                   .stencil_read_mask = {~0u, ~0u},
                                   .stencil_write_mask = {~0u, ~0u}};
   const uint32_t words[2] = {one, 0};
   for (int i = 0; i < 2; i++) {
      dyn.viewport[0] = (float)(i * W / 2);
      t->cv->set_dynamic_state(t->ctx, &dyn, NULL, 0);
      t->cv->set_constant_words(t->ctx, &(struct mgp_constant_words){0, 1}, &words[i], 1);
      draw(t, 0, 3, 1);
   }
   uint8_t left[4], right[4];
   host_pixel(t, W / 4, H / 2, left);
   host_pixel(t, 3 * W / 4, H / 2, right);
   const GLenum e = host_error(t);
   check(left[0] == 255 && right[0] == 0 && e == GL_NO_ERROR && t->fatal_count == 0,
         "a word changed between two draws of one pass: red %u then %u (want 255 then 0), host "
         "error 0x%x",
         left[0], right[0], e);
}

static void
test_attach_levels(struct t *t)
{
   static const struct {
      enum mgp_resource_target target;
      GLenum host;
      uint32_t layer;
   } cases[] = {{MGP_RESOURCE_TARGET_TEX_2D, GL_TEXTURE_2D, 0},
                {MGP_RESOURCE_TARGET_TEX_2D_ARRAY, GL_TEXTURE_2D_ARRAY, 0},
                {MGP_RESOURCE_TARGET_TEX_CUBE, GL_TEXTURE_CUBE_MAP, 3}};
   for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      draw_setup(t);
      const struct mgp_handle tex = make_image(t, cases[c].target, 3);
      struct glb_resource *r = glb_lookup(t->scr, &t->scr->resources, tex, "test");
      const struct mgp_texture_params tp = {
         .res = tex, .base_level = 0, .max_level = 0, .swizzle = {0, 1, 2, 3}, .max_lod = 1000};
      t->cv->set_texture_params(t->ctx, &tp, NULL, 0);
      set_framebuffer(t,
                      (struct mgp_surface){.res = tex,
                                           .format = MGP_FORMAT_RGBA8_UNORM,
                                           .kind = 1,
                                           .level = 1,
                                           .layer = cases[c].layer},
                      NULL, NULL, W / 2, H / 2, 2 + c);
      const uint64_t d0 = declines(MGU_DECLINE_backend_draw_incomplete);
      const unsigned long long draws = counter(t, "gles-draws");
      draw(t, 0, 3, 1);
      const GLenum e = host_error(t);
      char why[160];
      GLint name = 0, base = -1, max = -1;
      const bool complete = host_attachment_complete(t, cases[c].host, &name, why, sizeof(why));
      uint8_t px[4];
      host_pixel(t, 1, 1, px);
      if (r)
         host_levels(t, cases[c].host, r->name, &base, &max);
      check(complete && counter(t, "gles-draws") == draws + 1 &&
               declines(MGU_DECLINE_backend_draw_incomplete) == d0 && e == GL_NO_ERROR &&
               px[0] == 0 && px[1] == 255 && base == 0 && max == 0 && t->fatal_count == 0,
            "a draw into level 1 of a %s texture with base = max = 0: the host attachment is "
            "complete (%s), %llu drawn, %llu declined, host error 0x%x, pixel (%u,%u,%u,%u) "
            "(want green), the texture keeps base %d max %d (want 0 0) %s",
            cases[c].host == GL_TEXTURE_2D         ? "2D"
            : cases[c].host == GL_TEXTURE_2D_ARRAY ? "2D array"
                                                   : "cube map",
            why, counter(t, "gles-draws") - draws,
            (unsigned long long)(declines(MGU_DECLINE_backend_draw_incomplete) - d0), e, px[0],
            px[1], px[2], px[3], base, max, t->fatal);
   }
}

/* What a framebuffer decline says of the host's framebuffer: its status and each point's
 * object and level (glb_framebuffer_describe), read back without changing host state. */
static void
test_framebuffer_describe(struct t *t)
{
   draw_setup(t);
   const struct mgp_handle tex = make_image(t, MGP_RESOURCE_TARGET_TEX_2D, 3);
   set_framebuffer(
      t, (struct mgp_surface){.res = tex, .format = MGP_FORMAT_RGBA8_UNORM, .kind = 1, .level = 1},
      NULL, NULL, W / 2, H / 2, 9);
   draw(t, 0, 3, 1);
   struct glb_resource *r = glb_lookup(t->scr, &t->scr->resources, tex, "test");
   char what[400], want[96];
   glb_framebuffer_describe(t->scr->h, GL_DRAW_FRAMEBUFFER, what, sizeof(what));
   snprintf(want, sizeof(want), "colour 0: texture %u level 1 layer 0", r ? r->name : 0u);
   check(r && strstr(what, "status 0x8cd5") && strstr(what, want) && !strstr(what, "depth") &&
            host_error(t) == GL_NO_ERROR,
         "the draw framebuffer described: \"%s\" (want status 0x8cd5 and \"%s\" alone)", what,
         want);
   /* a renderbuffer beside the level: its store, and the status of a framebuffer holding it
    * alone (where the whole is refused, whether the renderbuffer is why) */
   const struct mgp_handle rb = make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, 1);
   struct mgp_framebuffer_state fb;
   memset(&fb, 0, sizeof(fb));
   fb.fbo = MGP_DEFAULT_FRAMEBUFFER;
   fb.color[0] =
      (struct mgp_surface){.res = tex, .format = MGP_FORMAT_RGBA8_UNORM, .kind = 1, .level = 1};
   fb.color[1] = (struct mgp_surface){.res = rb, .format = MGP_FORMAT_RGBA8_UNORM, .kind = 1};
   fb.read = fb.color[1];
   for (int i = 0; i < 8; i++)
      fb.draw_buffers[i] = i < 2 ? i : -1;
   fb.width = W;
   fb.height = H;
   fb.layers = 1;
   fb.samples = 1;
   fb.content_hash = 10;
   t->cv->set_framebuffer_state(t->ctx, &fb, NULL, 0);
   draw(t, 0, 3, 1);
   struct glb_resource *rr = glb_lookup(t->scr, &t->scr->resources, rb, "test");
   glb_framebuffer_describe(t->scr->h, GL_DRAW_FRAMEBUFFER, what, sizeof(what));
   snprintf(want, sizeof(want), "colour 1: renderbuffer %u level 0 layer 0 (%dx%d 0x8058, 0",
            rr ? rr->name : 0u, W, H);
   check(rr && strstr(what, want) && strstr(what, "samples; alone 0x8cd5)") &&
            host_error(t) == GL_NO_ERROR,
         "a renderbuffer beside a level described: \"%s\" (want \"%s\", alone "
         "complete)",
         what, want);
}

/* A host that checks GLES 3.x's "depth and stencil attachments, if present, are the same
 * image" after every attachment call, as NVIDIA's GLES does (it reports the framebuffer
 * unsupported, "the depth and stencil attachments are mismatched", where the backend moved one
 * point before the other); Mesa checks only at glCheckFramebufferStatus. */
static struct glb_host strict_host;
static const struct glb_host *real_host;
static unsigned strict_mixed;

/* ... and that keeps a point's texture level when a renderbuffer replaces the texture there,
 * as NVIDIA's GLES 580 does (the framebuffer is INCOMPLETE_ATTACHMENT though the renderbuffer
 * alone is complete: mipmaps read level 3, then the window): the level a point holds of each
 * framebuffer name below 64, and the renderbuffers attached over a level other than 0. */
static GLint strict_levels[64][10];
static unsigned strict_stale;

static void
strict_level(GLenum target, GLenum at, bool renderbuffer, GLuint object, GLint level)
{
   GLint fbo = 0;
   real_host->glGetIntegerv(target == GL_READ_FRAMEBUFFER ? GL_READ_FRAMEBUFFER_BINDING
                                                          : GL_DRAW_FRAMEBUFFER_BINDING,
                            &fbo);
   if (fbo <= 0 || fbo >= 64)
      return;
   const int lo = at == GL_DEPTH_ATTACHMENT || at == GL_DEPTH_STENCIL_ATTACHMENT ? 8
                  : at == GL_STENCIL_ATTACHMENT                                  ? 9
                                                : (int)(at - GL_COLOR_ATTACHMENT0);
   const int hi = at == GL_DEPTH_STENCIL_ATTACHMENT ? 9 : lo;
   for (int i = lo; i >= 0 && i <= hi && i < 10; i++) {
      if (renderbuffer && object && strict_levels[fbo][i])
         strict_stale++;
      else if (!renderbuffer || !object)
         strict_levels[fbo][i] = object ? level : 0;
   }
}

static void
strict_check(GLenum target)
{
   if (target == GL_READ_FRAMEBUFFER)
      return;
   PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVPROC get_att =
      (PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVPROC)real_host->imports_proc(
         "glGetFramebufferAttachmentParameteriv");
   GLint type[2] = {0, 0}, name[2] = {0, 0}, level[2] = {0, 0}, fbo = 0;
   real_host->glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
   if (!fbo || !get_att)
      return;
   const GLenum at[2] = {GL_DEPTH_ATTACHMENT, GL_STENCIL_ATTACHMENT};
   for (int i = 0; i < 2; i++) {
      get_att(GL_DRAW_FRAMEBUFFER, at[i], GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type[i]);
      if (type[i] != GL_NONE)
         get_att(GL_DRAW_FRAMEBUFFER, at[i], GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &name[i]);
      if (type[i] == GL_TEXTURE)
         get_att(GL_DRAW_FRAMEBUFFER, at[i], GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &level[i]);
   }
   if (type[0] != GL_NONE && type[1] != GL_NONE &&
       (type[0] != type[1] || name[0] != name[1] || level[0] != level[1]))
      strict_mixed++;
}

static void GL_APIENTRY
strict_renderbuffer(GLenum target, GLenum at, GLenum rbt, GLuint rb)
{
   real_host->glFramebufferRenderbuffer(target, at, rbt, rb);
   strict_check(target);
   strict_level(target, at, true, rb, 0);
}

static void GL_APIENTRY
strict_texture_2d(GLenum target, GLenum at, GLenum tt, GLuint tex, GLint level)
{
   real_host->glFramebufferTexture2D(target, at, tt, tex, level);
   strict_check(target);
   strict_level(target, at, false, tex, level);
}

static void GL_APIENTRY
strict_texture_layer(GLenum target, GLenum at, GLuint tex, GLint level, GLint layer)
{
   real_host->glFramebufferTextureLayer(target, at, tex, level, layer);
   strict_check(target);
   strict_level(target, at, false, tex, level);
}

/* The screen's host table swapped for the strict one (its attachment calls checked; the
 * caller puts real_host back), every count zeroed. */
static void
strict_host_on(struct t *t)
{
   real_host = t->scr->h;
   strict_host = *real_host;
   strict_host.glFramebufferRenderbuffer = strict_renderbuffer;
   strict_host.glFramebufferTexture2D = strict_texture_2d;
   strict_host.glFramebufferTextureLayer = strict_texture_layer;
   t->scr->h = &strict_host;
   strict_mixed = 0;
   strict_stale = 0;
   memset(strict_levels, 0, sizeof(strict_levels));
}

static struct mgp_handle
make_ds_renderbuffer(struct t *t, enum mgp_format format)
{
   const struct mgp_handle h = new_handle(t, MGP_KIND_BUFFER);
   const struct mgp_resource_desc d = {.res = h,
                                       .target = MGP_RESOURCE_TARGET_RENDERBUFFER,
                                       .levels = 1,
                                       .samples = 1,
                                       .format = (uint16_t)format,
                                       .width = W,
                                       .height = H,
                                       .depth = 1,
                                       .array_layers = 1,
                                       .bind_mask = MGP_BIND_DEPTH_STENCIL};
   t->sv->resource_create(t->scr, &d, NULL, 0);
   return h;
}

/* Draws into one colour renderbuffer with a D24S8 renderbuffer at both depth and stencil, then
 * a D32F one at depth alone, then the D24S8 one again, on a host that counts every moment its
 * draw framebuffer holds two images at the depth and stencil points: none. */
static void
test_depth_stencil_switch(struct t *t)
{
   draw_setup(t);
   const struct mgp_handle rb = make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, 1);
   const struct mgp_handle ds = make_ds_renderbuffer(t, MGP_FORMAT_D24_UNORM_S8_UINT);
   const struct mgp_handle d32 = make_ds_renderbuffer(t, MGP_FORMAT_D32_FLOAT);
   strict_host_on(t);
   const struct {
      struct mgp_handle depth, stencil;
      enum mgp_format df, sf;
   } fbs[3] = {{ds, ds, MGP_FORMAT_D24_UNORM_S8_UINT, MGP_FORMAT_D24_UNORM_S8_UINT},
               {d32, {0, 0}, MGP_FORMAT_D32_FLOAT, MGP_FORMAT_NONE},
               {ds, ds, MGP_FORMAT_D24_UNORM_S8_UINT, MGP_FORMAT_D24_UNORM_S8_UINT}};
   unsigned drawn = 0;
   for (int k = 0; k < 3; k++) {
      const struct mgp_surface depth = {.res = fbs[k].depth,
                                        .format = (uint16_t)fbs[k].df,
                                        .kind = 2},
                               stencil = {
                                  .res = fbs[k].stencil, .format = (uint16_t)fbs[k].sf, .kind = 2};
      set_framebuffer(
         t, (struct mgp_surface){.res = rb, .format = MGP_FORMAT_RGBA8_UNORM, .kind = 2}, &depth,
         mgp_handle_is_null(fbs[k].stencil) ? NULL : &stencil, W, H, 20 + (uint64_t)k);
      const unsigned long long draws = counter(t, "gles-draws");
      draw(t, 0, 3, 1);
      drawn += counter(t, "gles-draws") == draws + 1;
   }
   t->scr->h = real_host;
   const GLenum e = host_error(t);
   check(strict_mixed == 0 && drawn == 3 && e == GL_NO_ERROR && t->fatal_count == 0,
         "D24S8 at depth and stencil, then D32F at depth alone, then D24S8 again: %u moments "
         "with two images at the depth and stencil points (want 0), %u of 3 drawn, host error "
         "0x%x %s",
         strict_mixed, drawn, e, t->fatal);
   draw_setup(t);
}

/* One RGBA8 texel of s at (0, 0) through the backend's read (the context's read framebuffer). */
static void
read_surface_pixel(struct t *t, const struct mgp_surface *s, uint8_t px[4])
{
   uint8_t out[sizeof(struct mgp_texels_rect) + 4];
   memset(out, 0, sizeof(out));
   const struct mgp_span span = {.ptr = out, .size = sizeof(out)};
   struct glb_resource *r = glb_lookup(t->scr, &t->scr->resources, s->res, "test");
   if (r)
      glb_read_texels(t->ctx, s, r, 0, 0, 1, 1, MGP_PACK_WHAT_COLOR, MGP_FORMAT_RGBA8_UNORM, &span,
                      "test");
   memcpy(px, out + sizeof(struct mgp_texels_rect), 4);
}

/* Draws into level 1 of a texture, then into a colour renderbuffer at the same point of the
 * same host framebuffer, then reads the renderbuffer back after reading level 2 through the
 * read framebuffer, on a host that counts a renderbuffer attached over a texture level other
 * than 0 (strict_level): none, both draws made. */
static void
test_renderbuffer_after_level(struct t *t)
{
   draw_setup(t);
   const struct mgp_handle tex = make_image(t, MGP_RESOURCE_TARGET_TEX_2D, 3);
   const struct mgp_handle rb = make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, 1);
   strict_host_on(t);
   unsigned drawn = 0;
   const unsigned long long d0 = counter(t, "gles-draws");
   set_framebuffer(
      t, (struct mgp_surface){.res = tex, .format = MGP_FORMAT_RGBA8_UNORM, .kind = 1, .level = 1},
      NULL, NULL, W / 2, H / 2, 30);
   draw(t, 0, 3, 1);
   set_framebuffer(t, (struct mgp_surface){.res = rb, .format = MGP_FORMAT_RGBA8_UNORM, .kind = 2},
                   NULL, NULL, W, H, 31);
   draw(t, 0, 3, 1);
   drawn = (unsigned)(counter(t, "gles-draws") - d0);
   uint8_t px[4];
   const struct mgp_surface level2 = {
      .res = tex, .format = MGP_FORMAT_RGBA8_UNORM, .kind = 1, .level = 2};
   read_surface_pixel(t, &level2, px);
   const struct mgp_surface whole = {.res = rb, .format = MGP_FORMAT_RGBA8_UNORM, .kind = 2};
   read_surface_pixel(t, &whole, px);
   t->scr->h = real_host;
   const GLenum e = host_error(t);
   check(strict_stale == 0 && drawn == 2 && e == GL_NO_ERROR && t->fatal_count == 0,
         "a renderbuffer after texture level 1 (draw) and level 2 (read) at colour 0: %u "
         "attached over a level other than 0 (want 0), %u of 2 drawn, host error 0x%x %s",
         strict_stale, drawn, e, t->fatal);
   draw_setup(t);
}

/* A stencil read of an 8x8 D24S8 renderbuffer, then a colour read of the 16x16 one: the read
 * framebuffer holds nothing at depth or stencil after the first (a smaller image left there
 * bounds the second's framebuffer: NVIDIA read the window's 8x8 corner alone), and the colour
 * read answers its whole rectangle. */
static void
test_read_after_stencil(struct t *t)
{
   draw_setup(t);
   const struct mgp_handle ds = make_ds_renderbuffer(t, MGP_FORMAT_D24_UNORM_S8_UINT);
   struct glb_resource *r = glb_lookup(t->scr, &t->scr->resources, ds, "test");
   uint8_t out[sizeof(struct mgp_texels_rect) + 4];
   const struct mgp_span span = {.ptr = out, .size = sizeof(out)};
   const struct mgp_surface s = {.res = ds, .format = MGP_FORMAT_D24_UNORM_S8_UINT, .kind = 2};
   memset(out, 0, sizeof(out));
   if (r)
      glb_read_texels(t->ctx, &s, r, 0, 0, 1, 1, MGP_PACK_WHAT_STENCIL,
                      MGP_FORMAT_D24_UNORM_S8_UINT, &span, "test");
   struct mgp_texels_rect rect;
   memcpy(&rect, out, sizeof(rect));
   const struct glb_host *h = t->scr->h;
   GLint type[2] = {-1, -1};
   h->glBindFramebuffer(GL_READ_FRAMEBUFFER, ((struct glb_context *)t->ctx)->read_fbo);
   h->glGetFramebufferAttachmentParameteriv(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                            GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type[0]);
   h->glGetFramebufferAttachmentParameteriv(GL_READ_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                                            GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type[1]);
   const GLenum e = host_error(t);
   check(r && rect.width == 1 && type[0] == GL_NONE && type[1] == GL_NONE && e == GL_NO_ERROR,
         "after a stencil read (%ux%u answered) the read framebuffer holds 0x%x at depth, 0x%x at "
         "stencil (want none, GL_NONE 0), host error 0x%x",
         rect.width, rect.height, (unsigned)type[0], (unsigned)type[1], e);
   draw_setup(t);
}

/* A normalized depth read as GL_UNSIGNED_INT, as either kind of host gives it: GL's
 * conversion (round(d / (2^n - 1) * (2^32 - 1)), Mesa's: the value's bits repeated) or the
 * value shifted to the word's top (d << (32 - n), zeros below: what NVIDIA's reads of
 * DEPTH24_STENCIL8 fit, one less in the last bit past 2^23). Every 16-bit value and a walk of
 * 24-bit ones, with the scenario's, must encode back to themselves. */
static void
test_depth_words(void)
{
   static const unsigned bits[2] = {16, 24};
   for (int b = 0; b < 2; b++) {
      const unsigned n = bits[b];
      const enum mgp_depth_layout layout = n == 16 ? MGP_DEPTH_UNORM16 : MGP_DEPTH_UNORM24;
      const uint32_t max = (1u << n) - 1;
      unsigned bad[2] = {0, 0}, tried = 0;
      uint32_t first_bad[2] = {0, 0};
      for (uint64_t v = 0; v <= max; v += n == 16 ? 1 : 97) {
         const uint32_t d = v + 97 > max && n == 24 ? max : (uint32_t)v;
         const uint32_t words[2] = {(uint32_t)((double)d / max * 4294967295.0 + 0.5),
                                    d << (32 - n)};
         tried++;
         for (int k = 0; k < 2; k++) {
            uint32_t got = 0;
            mgp_depth_encode(layout, glb_depth_from_u32(words[k], n), &got);
            if ((n == 16 ? (got & 0xffff) : got) != d && !bad[k]++)
               first_bad[k] = d;
         }
      }
      check(!bad[0] && !bad[1],
            "%u-bit depth read as GL_UNSIGNED_INT: %u of %u values change through GL's "
            "conversion (first 0x%x), %u through the shifted word (first 0x%x)",
            n, bad[0], tried, first_bad[0], bad[1], first_bad[1]);
   }
}

/* A draw draw_bound declines after apply_state put its state (nothing marked since then), and
 * the same again as a compact draw (glb_draw's path that skips draw_bound's checks when no
 * group is marked): each is declined and counted, none reaches the host. The element buffer's
 * bound, and a program with tessellation stages drawing no patches; the compact draw after a
 * draw that drew is checked the same. */
static void
test_declined_compact(struct t *t)
{
   const uint16_t idx[6] = {0, 1, 2, 0, 2, 1};
   const struct mgp_set_index_buffer ib = {.res = make_buffer(t, sizeof(idx), idx),
                                           .index_size = 2};
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){fill_program(t, false)}, NULL, 0);
   t->cv->set_index_buffer(t->ctx, &ib, NULL, 0);
   const enum mgu_decline oob = MGU_DECLINE_gl_draw_out_of_bounds;
   const unsigned long long compact = counter(t, "gles-compact-draws");
   declined_step(t, "of 6 indices", false, MGP_PRIM_TRIANGLES, 2, 6, oob, false);
   declined_step(t, "of 600 indices over 6, nothing changed", true, MGP_PRIM_TRIANGLES, 2, 600, oob,
                 true);
   declined_step(t, "of 600 indices over 6", false, MGP_PRIM_TRIANGLES, 2, 600, oob, true);
   for (int i = 0; i < 2; i++)
      declined_step(t, "of 600 indices over 6 after that one", true, MGP_PRIM_TRIANGLES, 2, 600,
                    oob, true);
   /* the first after a decline meets draw_bound's checks, the next is the compact path again */
   for (int i = 0; i < 2; i++)
      declined_step(t, "of 6 indices after them", true, MGP_PRIM_TRIANGLES, 2, 6, oob, false);
   const unsigned long long compacts = counter(t, "gles-compact-draws") - compact;
   check(compacts == (t->scr->robust ? 1u : 0u),
         "of the compact draws, the second in bounds after a decline is the compact path where "
         "the host is robust (%llu compact)",
         compacts);
   if (!t->scr->tessellation) {
      fprintf(stderr, "skip declined_compact's tessellation: the host has none\n");
      return;
   }
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){fill_program(t, true)}, NULL, 0);
   const enum mgu_decline tess = MGU_DECLINE_backend_feature_unimplemented;
   declined_step(t, "of a patch, a tessellation program", false, MGP_PRIM_PATCHES, 0, 3, tess,
                 false);
   declined_step(t, "of triangles after it, nothing changed", true, MGP_PRIM_TRIANGLES, 0, 3, tess,
                 true);
   declined_step(t, "of triangles, a tessellation program", false, MGP_PRIM_TRIANGLES, 0, 3, tess,
                 true);
   for (int i = 0; i < 2; i++)
      declined_step(t, "of triangles after that one, nothing changed", true, MGP_PRIM_TRIANGLES, 0,
                    3, tess, true);
   declined_step(t, "of a patch after them", false, MGP_PRIM_PATCHES, 0, 3, tess, false);
}

/* set_index_buffer ib (NULL: none), with viewport the viewport's size set again (W x H: a
 * mark, no host call), then one compact indexed draw (glb_draw) of 3 uint16 indices from 0,
 * on a colour buffer cleared black by the host: their host calls, whether it took the compact
 * path, whether it looked the element buffer up (gles-element-buffer-checks), the centre
 * pixel; no host error. */
static void
ib_compact_step(struct t *t, const struct mgp_set_index_buffer *ib, bool viewport,
                unsigned long long *calls, unsigned long long *compact, unsigned long long *checks,
                uint8_t px[4])
{
   static const GLfloat black[4] = {0, 0, 0, 0};
   t->scr->h->glClearBufferfv(GL_COLOR, 0, black); /* the host's alone: no state the shadow holds */
   const unsigned long long c0 = counter(t, "gles-host-calls"),
                            k0 = counter(t, "gles-compact-draws"),
                            e0 = counter(t, "gles-element-buffer-checks");
   if (ib)
      t->cv->set_index_buffer(t->ctx, ib, NULL, 0);
   if (viewport) {
      const float size[2] = {(float)W, (float)H};
      struct mgp_word ws[2];
      memcpy(ws, size, sizeof(ws));
      t->cv->set_dynamic_words(
         t->ctx,
         &(struct mgp_dynamic_words){.first = offsetof(struct mgp_dynamic_state, viewport[2]) / 4,
                                     .count = 2},
         ws, 2);
   }
   t->cv->draw(t->ctx, &(struct mgp_draw){.mode = MGP_PRIM_TRIANGLES, .index_size = 2, .count = 3},
               NULL, 0);
   *calls = counter(t, "gles-host-calls") - c0;
   *compact = counter(t, "gles-compact-draws") - k0;
   *checks = counter(t, "gles-element-buffer-checks") - e0;
   host_pixel(t, W / 2, H / 2, px);
}

/* The compact indexed draw (glb_draw, draw_elements'): where the host is robust its element
 * buffer is looked up and checked once (gles-element-buffer-checks: at set_index_buffer, or at
 * the compact draw after the shadow was forgotten) and kept: the next compact draw with
 * nothing changed is the host's glDrawElements alone (1 host call, no check); a
 * set_index_buffer to another buffer (indices 0, 0, 0: nothing drawn) is looked up again and
 * bound (glBindBuffer and the draw), and back to the first, then both again with a viewport
 * mark (the marked compact draw binds it too: the viewport the same, no glViewport); after a
 * screen call (a buffer
 * made: the shadow forgotten) draw_bound draws, then the compact draw looks the buffer up
 * again, once; the first at an offset that leaves 2 of its 3 indices is looked up again and
 * the draw past them refused by name (gl-draw-out-of-bounds, no host draw). Each pixel is the
 * bound buffer's (green, or black where its triangle has no area). Without robust access none
 * is compact (draw_bound's). */
static void
test_element_buffers_compact(struct t *t)
{
   draw_setup(t);
   const uint16_t cover[3] = {0, 1, 2}, none[3] = {0, 0, 0};
   const struct mgp_handle bufs[2] = {make_buffer(t, sizeof(cover), cover),
                                      make_buffer(t, sizeof(none), none)};
   t->cv->set_index_buffer(t->ctx, &(struct mgp_set_index_buffer){.res = bufs[0], .index_size = 2},
                           NULL, 0);
   const struct mgp_draw_vbo d = {
      .mode = MGP_PRIM_TRIANGLES, .index_size = 2, .instance_count = 1, .num_draws = 1};
   t->cv->draw_vbo(t->ctx, &d, &(struct mgp_draw_range){0, 3, 0}, 1);
   const bool robust = t->scr->robust;
   enum { ANY = 1000 }; /* draw_bound's host calls: not the compact draw's */
   static const struct {
      const char *what;
      bool forget;  /* a buffer made first (a screen call: the shadow forgotten) */
      int buf;      /* set_index_buffer's before the draw; -1 none */
      uint32_t off; /* its offset */
      unsigned calls, checks;
      bool compact, green, refused;
      bool viewport; /* the viewport set again first: a draw with marks */
   } steps[] = {
      {"nothing changed, the first compact draw", false, -1, 0, 1, 0, true, true, false, false},
      {"nothing changed again", false, -1, 0, 1, 0, true, true, false, false},
      {"another element buffer (indices 0, 0, 0)", false, 1, 0, 2, 1, true, false, false, false},
      {"the first again", false, 0, 0, 2, 1, true, true, false, false},
      {"another element buffer, a viewport mark", false, 1, 0, 2, 1, true, false, false, true},
      {"the first again, a viewport mark", false, 0, 0, 2, 1, true, true, false, true},
      {"after a buffer made (the shadow forgotten)", true, -1, 0, ANY, 0, false, true, false,
       false},
      {"nothing changed since", false, -1, 0, 1, 1, true, true, false, false},
      {"nothing changed since, again", false, -1, 0, 1, 0, true, true, false, false},
      {"the first at offset 2 (2 indices left)", false, 0, 2, 0, 1, false, false, true, false},
   };
   for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
      if (steps[i].forget)
         make_buffer(t, sizeof(cover), cover);
      const struct mgp_set_index_buffer ib = {
         .res = bufs[steps[i].buf < 0 ? 0 : steps[i].buf], .offset = steps[i].off, .index_size = 2};
      const uint64_t d0 = declines(MGU_DECLINE_gl_draw_out_of_bounds);
      unsigned long long calls, compact, checks;
      uint8_t px[4];
      ib_compact_step(t, steps[i].buf < 0 ? NULL : &ib, steps[i].viewport, &calls, &compact,
                      &checks, px);
      const GLenum e = host_error(t);
      const uint64_t refused = declines(MGU_DECLINE_gl_draw_out_of_bounds) - d0;
      const bool green = px[0] == 0 && px[1] == 255 && px[2] == 0;
      const bool compact_want = robust && steps[i].compact;
      /* without robust access every draw is draw_bound's */
      const bool counts = !robust || ((steps[i].calls == ANY || calls == steps[i].calls) &&
                                      checks == steps[i].checks);
      char want_calls[16] = "any", want_checks[16] = "any";
      if (robust && steps[i].calls != ANY)
         snprintf(want_calls, sizeof(want_calls), "%u", steps[i].calls);
      if (robust)
         snprintf(want_checks, sizeof(want_checks), "%u", steps[i].checks);
      check(compact == (compact_want ? 1u : 0u) && counts && green == steps[i].green &&
               refused == (steps[i].refused ? 1u : 0u) && e == GL_NO_ERROR && t->fatal_count == 0,
            "a compact indexed draw, %s: %llu compact (want %d), %llu host calls (want %s), "
            "%llu element buffer checks (want %s), pixel (%u,%u,%u) (want %s), %llu "
            "gl-draw-out-of-bounds (want %d), host error 0x%x",
            steps[i].what, compact, compact_want ? 1 : 0, calls, want_calls, checks, want_checks,
            px[0], px[1], px[2], steps[i].green ? "green" : "black", (unsigned long long)refused,
            steps[i].refused ? 1 : 0, e);
   }
}

/* One compact draw (glb_draw) of `count` vertices of `mode` from 0: whether it took the compact
 * path; drawn, no host error. */
static unsigned long long
class_step(struct t *t, const char *what, enum mgp_prim mode, uint32_t count)
{
   const unsigned long long k0 = counter(t, "gles-compact-draws"), n0 = counter(t, "gles-draws");
   t->cv->draw(t->ctx, &(struct mgp_draw){.mode = mode, .count = count}, NULL, 0);
   const unsigned long long compact = counter(t, "gles-compact-draws") - k0,
                            drawn = counter(t, "gles-draws") - n0;
   const GLenum e = host_error(t);
   check(drawn == 1 && e == GL_NO_ERROR && t->fatal_count == 0,
         "a compact draw, %s: drawn (%llu), host error 0x%x", what, drawn, e);
   return compact;
}

/* The compact draw's primitive class (points or not: the program's variant may differ, so a
 * change of class takes draw_bound's way, glb_draw.c:compact_modes): triangles after
 * triangles are compact, then points are not, the next points are, then triangles are not, the
 * next triangles are (where the host is robust; none is without). */
static void
test_compact_class(struct t *t)
{
   draw_setup(t);
   t->cv->draw_vbo(
      t->ctx,
      &(struct mgp_draw_vbo){.mode = MGP_PRIM_TRIANGLES, .instance_count = 1, .num_draws = 1},
      &(struct mgp_draw_range){0, 3, 0}, 1);
   static const struct {
      const char *what;
      enum mgp_prim mode;
      uint32_t count;
      bool compact;
   } steps[] = {
      {"triangles after triangles", MGP_PRIM_TRIANGLES, 3, true},
      {"points after triangles", MGP_PRIM_POINTS, 1, false},
      {"points after points", MGP_PRIM_POINTS, 1, true},
      {"triangles after points", MGP_PRIM_TRIANGLES, 3, false},
      {"triangles after triangles again", MGP_PRIM_TRIANGLES, 3, true},
   };
   const bool robust = t->scr->robust;
   for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
      const bool want = robust && steps[i].compact;
      const unsigned long long compact =
         class_step(t, steps[i].what, steps[i].mode, steps[i].count);
      check(compact == (want ? 1u : 0u), "a compact draw, %s: %llu compact (want %d)",
            steps[i].what, compact, want ? 1 : 0);
   }
}

/* A buffer's resource_subdata between draws (stream_draw's): glBindBuffer(GL_COPY_WRITE_BUFFER)
 * and the upload, then the upload alone (1 host call, the binding kept), the host's bytes the
 * new ones each time; one whose range runs past the buffer (by one byte, or from a negative
 * offset) then is Fatal{ProtocolCorruption} before any host call, the buffer's bytes as they
 * were. Runs after main's no-Fatal check. */
static void
test_subdata_between_draws(struct t *t)
{
   draw_setup(t);
   uint8_t bytes[16] = {0};
   const struct mgp_handle buf = make_buffer(t, sizeof(bytes), bytes);
   const struct mgp_draw d = {.mode = MGP_PRIM_TRIANGLES, .count = 3};
   t->cv->draw_vbo(
      t->ctx,
      &(struct mgp_draw_vbo){.mode = MGP_PRIM_TRIANGLES, .instance_count = 1, .num_draws = 1},
      &(struct mgp_draw_range){0, 3, 0}, 1);
   static const struct {
      const char *what;
      int32_t x;
      uint32_t width;
      unsigned calls;
      bool fatal;
   } steps[] = {
      {"bytes 4..11, the buffer bound", 4, 8, 2, false},
      {"bytes 8..15", 8, 8, 1, false},
      {"bytes 12..19 of 16", 12, 8, 0, true},
      {"bytes -4..3", -4, 8, 0, true},
   };
   for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
      uint8_t want[16];
      memcpy(want, bytes, sizeof(bytes));
      uint8_t src[8];
      memset(src, 0x10 + (int)i, sizeof(src));
      if (!steps[i].fatal)
         memcpy(want + steps[i].x, src, sizeof(src));
      t->cv->draw(t->ctx, &d, NULL, 0); /* the shadow trusted, the buffer at copy-write kept */
      const int fatals = t->fatal_count;
      const unsigned long long c0 = counter(t, "gles-host-calls");
      const struct mgp_resource_subdata sd = {.res = buf,
                                              .box = {steps[i].x, 0, 0, steps[i].width, 1, 1},
                                              .data = {.ptr = src, .size = sizeof(src)}};
      t->cv->resource_subdata(t->ctx, &sd, NULL, 0);
      const unsigned long long calls = counter(t, "gles-host-calls") - c0;
      const GLenum e = host_error(t);
      const bool fatal = t->fatal_count == fatals + 1 && strstr(t->fatal, "ProtocolCorruption");
      /* the host's bytes, mapped through GL_COPY_READ_BUFFER (no state the shadow holds) */
      const struct glb_host *h = t->scr->h;
      uint8_t got[16];
      memset(got, 0xee, sizeof(got));
      const struct glb_resource *r =
         (const struct glb_resource *)glb_table_peek(&t->scr->resources, buf);
      h->glBindBuffer(GL_COPY_READ_BUFFER, r ? r->name : 0);
      const void *p = h->glMapBufferRange(GL_COPY_READ_BUFFER, 0, sizeof(got), GL_MAP_READ_BIT);
      if (p)
         memcpy(got, p, sizeof(got));
      h->glUnmapBuffer(GL_COPY_READ_BUFFER);
      h->glBindBuffer(GL_COPY_READ_BUFFER, 0);
      check((steps[i].fatal ? fatal : t->fatal_count == fatals) && calls == steps[i].calls &&
               !memcmp(got, want, sizeof(got)) && e == GL_NO_ERROR,
            "resource_subdata of %s between draws: %s (%d Fatal, %llu host calls, want %u), "
            "the host's bytes %s, host error 0x%x %s",
            steps[i].what, steps[i].fatal ? "Fatal{ProtocolCorruption}" : "uploaded",
            t->fatal_count - fatals, calls, steps[i].calls,
            memcmp(got, want, sizeof(got)) ? "differ" : "as wanted", e, t->fatal);
      if (!steps[i].fatal)
         memcpy(bytes, want, sizeof(bytes));
   }

   /* the buffer the last one found is kept with its handle (glb_resource_subdata's
    * subdata_res): once destroyed, its handle is stale (Fatal{StaleHandle}, no host call), and
    * a buffer made at its slot with the next generation takes the bytes on the host */
   uint8_t src[8];
   memset(src, 0x30, sizeof(src));
   const struct mgp_resource_subdata sd = {
      .res = buf, .box = {0, 0, 0, sizeof(src), 1, 1}, .data = {.ptr = src, .size = sizeof(src)}};
   t->cv->resource_subdata(t->ctx, &sd, NULL, 0);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){buf}, NULL, 0);
   int fatals = t->fatal_count;
   unsigned long long c0 = counter(t, "gles-host-calls");
   t->cv->resource_subdata(t->ctx, &sd, NULL, 0);
   const unsigned long long stale_calls = counter(t, "gles-host-calls") - c0;
   const bool stale = t->fatal_count == fatals + 1 && strstr(t->fatal, "StaleHandle");
   check(stale && stale_calls == 0,
         "resource_subdata into a buffer destroyed after the last one: Fatal{StaleHandle} (%d "
         "Fatal, %s), %llu host calls, want 0",
         t->fatal_count - fatals, t->fatal, stale_calls);
   const struct mgp_handle again = {buf.slot, buf.gen + 1};
   const struct mgp_resource_desc desc = {.res = again,
                                          .target = MGP_RESOURCE_TARGET_BUFFER,
                                          .width = sizeof(bytes),
                                          .height = 1,
                                          .depth = 1,
                                          .array_layers = 1,
                                          .size = sizeof(bytes),
                                          .bind_mask = MGP_BIND_VERTEX,
                                          .usage = MGP_BUFFER_USAGE_STREAM_DRAW};
   t->sv->resource_create(t->scr, &desc, NULL, 0);
   memset(src, 0x40, sizeof(src));
   const struct mgp_resource_subdata sd2 = {
      .res = again, .box = {4, 0, 0, sizeof(src), 1, 1}, .data = {.ptr = src, .size = 8}};
   fatals = t->fatal_count;
   t->cv->resource_subdata(t->ctx, &sd2, NULL, 0);
   const struct glb_resource *r =
      (const struct glb_resource *)glb_table_peek(&t->scr->resources, again);
   const struct glb_host *h = t->scr->h;
   uint8_t got[8];
   memset(got, 0xee, sizeof(got));
   h->glBindBuffer(GL_COPY_READ_BUFFER, r ? r->name : 0);
   const void *p = h->glMapBufferRange(GL_COPY_READ_BUFFER, 4, sizeof(got), GL_MAP_READ_BIT);
   if (p)
      memcpy(got, p, sizeof(got));
   h->glUnmapBuffer(GL_COPY_READ_BUFFER);
   h->glBindBuffer(GL_COPY_READ_BUFFER, 0);
   const GLenum e = host_error(t);
   check(t->fatal_count == fatals && !memcmp(got, src, sizeof(got)) && e == GL_NO_ERROR,
         "resource_subdata into a new buffer at the destroyed one's slot: uploaded (%d Fatal), "
         "the host's bytes %s, host error 0x%x %s",
         t->fatal_count - fatals, memcmp(got, src, sizeof(got)) ? "differ" : "as wanted", e,
         t->fatal);
}

/* glMemoryBarrier seen on its way to the host */
static PFNGLMEMORYBARRIERPROC real_memory_barrier;
static GLbitfield barrier_bits;
static unsigned barrier_calls;

static void GL_APIENTRY
spy_memory_barrier(GLbitfield bits)
{
   barrier_bits |= bits;
   barrier_calls++;
   real_memory_barrier(bits);
}

static void
test_indirect_barrier(struct t *t)
{
   if (!t->scr->compute) {
      fprintf(stderr, "  skip draw_indirect's barrier: the host has no GLES 3.1 compute\n");
      return;
   }
   static struct glb_host spy;
   const struct glb_host *real = t->scr->h;
   spy = *real;
   real_memory_barrier = real->glMemoryBarrier;
   spy.glMemoryBarrier = spy_memory_barrier;
   t->scr->h = &spy;
   barrier_bits = 0;
   barrier_calls = 0;
   const unsigned long long draws = counter(t, "gles-draws");
   draw_indirect(t, 0, 3, 1);
   const GLenum e = host_error(t);
   check(barrier_calls > 0 && (barrier_bits & GL_BUFFER_UPDATE_BARRIER_BIT) &&
            counter(t, "gles-draws") == draws + 1 && e == GL_NO_ERROR,
         "draw_indirect reads its commands after glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT) "
         "(%u calls, bits 0x%x)",
         barrier_calls, barrier_bits);
   t->scr->h = real;
}

/* launch_grid of an empty compute program, its counts in an indirect buffer (or the record) */
static void
launch(struct t *t, const uint32_t grid[3], bool indirect)
{
   struct mgp_launch_grid g = {.block = {1, 1, 1}};
   if (indirect)
      g.indirect = make_buffer(t, 12, grid);
   else
      memcpy(g.grid, grid, sizeof(g.grid));
   t->cv->launch_grid(t->ctx, &g, NULL, 0);
}

static void
test_indirect_grid(struct t *t)
{
   if (!t->scr->compute) {
      fprintf(stderr, "  skip launch_grid's group counts: the host has no GLES 3.1 compute\n");
      return;
   }
   size_t cs_size;
   void *cs = read_file("empty.comp.spv", &cs_size);
   struct mgp_create_shader c = {.cso = new_handle(t, MGP_KIND_SHADER),
                                 .stage_mask = 1u << MGP_SHADER_STAGE_COMPUTE};
   c.spirv[MGP_SHADER_STAGE_COMPUTE] = (struct mgp_span){.ptr = cs, .size = cs_size};
   t->cv->create_shader(t->ctx, &c, NULL, 0);
   free(cs);
   t->cv->set_dispatch_program(t->ctx, &(struct mgp_handle_args){c.cso}, NULL, 0);
   const GLint *max = t->scr->max_compute_count;
   unsigned long long n = counter(t, "gles-dispatches");
   launch(t, (const uint32_t[3]){1, 1, 1}, true);
   GLenum e = host_error(t);
   check(counter(t, "gles-dispatches") == n + 1 && e == GL_NO_ERROR && t->fatal_count == 0,
         "an indirect launch_grid of one group dispatches (0x%x) %s", e, t->fatal);
   const struct {
      const char *what;
      uint32_t grid[3];
   } bad[] = {
      {"x one over the limit", {(uint32_t)max[0] + 1u, 1, 1}},
      {"z one over the limit", {1, 1, (uint32_t)max[2] + 1u}},
      {"y 2^32-1", {1, UINT32_MAX, 1}},
   };
   for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      const uint64_t d0 = declines(MGU_DECLINE_compute_grid_over_limit);
      n = counter(t, "gles-dispatches");
      launch(t, bad[i].grid, true);
      e = host_error(t);
      check(declines(MGU_DECLINE_compute_grid_over_limit) == d0 + 1 &&
               counter(t, "gles-dispatches") == n && e == GL_NO_ERROR,
            "indirect launch_grid with %s: compute-grid-over-limit (%llu), no host dispatch "
            "(%llu), no host error (0x%x)",
            bad[i].what, (unsigned long long)(declines(MGU_DECLINE_compute_grid_over_limit) - d0),
            counter(t, "gles-dispatches") - n, e);
   }
   const uint64_t d0 = declines(MGU_DECLINE_backend_draw_incomplete);
   n = counter(t, "gles-dispatches");
   launch(t, bad[0].grid, false);
   check(declines(MGU_DECLINE_backend_draw_incomplete) == d0 + 1 &&
            counter(t, "gles-dispatches") == n && host_error(t) == GL_NO_ERROR,
         "a direct launch_grid record with x over the limit: backend-draw-incomplete");
   /* the session goes on */
   n = counter(t, "gles-dispatches");
   launch(t, (const uint32_t[3]){2, 1, 1}, true);
   e = host_error(t);
   check(counter(t, "gles-dispatches") == n + 1 && e == GL_NO_ERROR && t->fatal_count == 0,
         "an indirect launch_grid of two groups after them dispatches (0x%x) %s", e, t->fatal);
}

/* A module whose header declares 2^32-1 ids: the passes size their tables by the bound (GiBs
 * each), so the server refuses it, Fatal{ProtocolCorruption}, before any pass reads it. Last:
 * the session is failed after it. */
static void
test_spirv_bound(struct t *t)
{
   size_t vs_size, fs_size;
   uint32_t *vs = read_file("fill.vert.spv", &vs_size), *fs = read_file("fill.frag.spv", &fs_size);
   vs[3] = UINT32_MAX;
   struct mgp_create_shader c = {.cso = new_handle(t, MGP_KIND_SHADER),
                                 .stage_mask = (1u << MGP_SHADER_STAGE_VERTEX) |
                                               (1u << MGP_SHADER_STAGE_FRAGMENT)};
   c.spirv[MGP_SHADER_STAGE_VERTEX] = (struct mgp_span){.ptr = vs, .size = vs_size};
   c.spirv[MGP_SHADER_STAGE_FRAGMENT] = (struct mgp_span){.ptr = fs, .size = fs_size};
   const int fatals = t->fatal_count;
   t->cv->create_shader(t->ctx, &c, NULL, 0);
   free(vs);
   free(fs);
   check(t->fatal_count == fatals + 1 && strstr(t->fatal, "ProtocolCorruption") &&
            strstr(t->fatal, "id bound"),
         "a module with an id bound of 2^32-1: Fatal{ProtocolCorruption} (%s)", t->fatal);
}

/* A vertex stage writing gl_CullDistance, offered or refused as the caps say (see the top) */
static void
test_cull_distance(struct t *t)
{
   struct mgp_caps caps;
   memset(&caps, 0, sizeof(caps));
   t->sv->get_caps(t->scr, &(struct mgp_get_caps){.out = {.ptr = &caps, .size = sizeof(caps)}},
                   NULL, 0);
   const bool offered = (caps.cap_bits & MGP_CAP_CULL_DISTANCE) != 0;
   const char *hide = getenv("MGL_GLES_HIDE");
   if (hide && strstr(hide, "cull-distance"))
      check(!offered, "MGL_GLES_HIDE=%s: MGP_CAP_CULL_DISTANCE left out of the caps", hide);
   draw_setup(t);
   t->cv->clear(
      t->ctx, &(struct mgp_clear){.color_buffers = 1, .color_write_mask = {0xf}, .depth_write = 1},
      NULL, 0);
   const uint64_t d0 = declines(MGU_DECLINE_backend_draw_incomplete);
   const unsigned long long f0 = counter(t, "gles-translate-failures");
   const unsigned long long n0 = counter(t, "gles-draws");
   const struct mgp_handle p =
      vs_fs_program(t, "cull.vert.spv", "fill.frag.spv", (struct mgp_shader_reflection){0});
   t->cv->set_draw_program(t->ctx, &(struct mgp_handle_args){p}, NULL, 0);
   draw(t, 0, 6, 1);
   uint8_t kept[4], culled[4];
   host_pixel(t, 1, 1, kept);
   host_pixel(t, W - 2, H - 2, culled);
   const GLenum e = host_error(t);
   const uint64_t declined = declines(MGU_DECLINE_backend_draw_incomplete) - d0;
   const unsigned long long failed = counter(t, "gles-translate-failures") - f0;
   const unsigned long long drawn = counter(t, "gles-draws") - n0;
   if (offered)
      check(declined == 0 && failed == 0 && drawn == 1 && kept[1] == 255 && kept[0] == 0 &&
               culled[1] == 0 && e == GL_NO_ERROR && t->fatal_count == 0,
            "gl_CullDistance offered: the program made (%llu declined, %llu failed), drawn "
            "(%llu), the kept triangle green (%u,%u,%u), the culled one not (%u,%u,%u), no host "
            "error (0x%x)",
            (unsigned long long)declined, failed, drawn, kept[0], kept[1], kept[2], culled[0],
            culled[1], culled[2], e);
   else
      check(declined >= 1 && failed == 1 && drawn == 0 && kept[1] == 0 && e == GL_NO_ERROR &&
               t->fatal_count == 0,
            "gl_CullDistance not offered: the program refused by name (%llu backend-draw-"
            "incomplete, %llu translate failures), no host draw (%llu), nothing drawn "
            "(%u,%u,%u), no host error (0x%x)",
            (unsigned long long)declined, failed, drawn, kept[0], kept[1], kept[2], e);
}

int
main(int argc, char **argv)
{
   if (argc > 1)
      spv_dir = argv[1];
   struct t t;
   memset(&t, 0, sizeof(t));
   const struct mgs_backend_env env = {.fatal = on_fatal, .session = &t};
   t.scr = mgs_gles_backend.screen_create(&env);
   if (!t.scr) {
      fprintf(stderr, "no GLES host screen: %s\n", t.fatal);
      return 1;
   }
   t.sv = mgs_gles_backend.screen_vtbl;
   t.cv = mgs_gles_backend.context_vtbl;
   const struct mgp_handle ctx = new_handle(&t, MGP_KIND_CONTEXT);
   t.sv->context_create(t.scr, &(struct mgp_context_desc){.ctx = ctx, .api = 0}, NULL, 0);
   t.ctx = mgs_gles_backend.context_lookup(t.scr, ctx);
   if (!t.ctx) {
      fprintf(stderr, "no context: %s\n", t.fatal);
      return 1;
   }
   test_depth_words();
   test_subdata_level(&t);
   test_draw_signed(&t);
   test_draw_flags(&t);
   test_index_bounds(&t);
   test_blend_op(&t);
   test_indirect_barrier(&t);
   test_indirect_grid(&t);
   test_host_calls(&t);
   test_vertex_buffers(&t);
   test_vertex_buffers_compact(&t);
   test_vertex_buffers_shared(&t);
   test_vertex_buffers_short(&t);
   test_dynamic_parts(&t);
   test_declined_compact(&t);
   test_ubo_pad(&t);
   test_ubo_binding_alone(&t);
   test_uniform_words(&t);
   test_textures_compact(&t);
   test_element_buffers_compact(&t);
   test_compact_class(&t);
   test_attach_levels(&t);
   test_framebuffer_describe(&t);
   test_depth_stencil_switch(&t);
   test_renderbuffer_after_level(&t);
   test_read_after_stencil(&t);
   test_cull_distance(&t);
   test_unbounded(&t, !(getenv("MGL_GLES_HIDE") && strstr(getenv("MGL_GLES_HIDE"), "robust")));
   check(t.fatal_count == 0, "no Fatal: %s", t.fatal);
   test_spirv_bound(&t);
   test_subdata_between_draws(&t);
   test_user_index_bounds(&t);
   if (mgs_gles_backend.thread_leave)
      mgs_gles_backend.thread_leave(t.scr);
   mgs_gles_backend.screen_destroy(t.scr);
   fprintf(stderr, "%s\n", failures ? "FAIL" : "PASS");
   return failures ? 1 : 0;
}
