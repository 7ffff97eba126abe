/* vk_backend_test.c — the Vulkan backend driven directly through its MGPipe tables (the
 * monolith shape, no client): every case renders into a 64x64 RGBA8 renderbuffer and checks
 * exact pixels read back with read_pixels. Run with MGL_VK_VALIDATION=1: the validation layer's
 * error count must be 0 at the end.
 *
 * usage: mgl_unit_vulkan <dir with the compiled .spv test shaders> */
#include <GL/glcorearb.h>
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <spirv/unified1/spirv.h>
#include <xcb/xcb.h>

#include "backend.h"
#include "decline.h"
#include "log.h"
#include "pipe_pack.h"
#include "session.h"
#include "vkb.h"

#define W 64
#define H 64

static const char *spv_dir = ".";
static int failures;

/* ---- harness ------------------------------------------------------------------------------ */

struct t {
   void *scr;
   const struct mgp_screen_vtbl *sv;
   const struct mgp_context_vtbl *cv;
   void *ctx;
   struct mgp_handle ctx_h;
   uint32_t next_slot[MGP_KIND_COUNT];
   char fatal[128];
   int fatal_count;
   /* the default framebuffer */
   struct mgp_handle color_rb, depth_rb;
   struct mgp_framebuffer_state fb;
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
   const char *names[128];
   unsigned long long values[128];
   unsigned n = mgs_vulkan_backend.gate_counters(t->scr, names, values, 128);
   if (mgs_vulkan_backend.gate_counters(t->scr, NULL, NULL, 0) > n) {
      fprintf(stderr, "more gate counters than this test reads: make its arrays larger\n");
      failures++;
   }
   for (unsigned i = 0; i < n; i++)
      if (!strcmp(names[i], name))
         return values[i];
   fprintf(stderr, "no counter %s\n", name);
   failures++;
   return ~0ull;
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
   long n = ftell(f);
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

static bool
start(struct t *t, bool validation)
{
   memset(t, 0, sizeof(*t));
   struct mgs_backend_env env = {.fatal = on_fatal, .session = t, .validation = validation};
   t->scr = mgs_vulkan_backend.screen_create(&env);
   if (!t->scr)
      return false;
   t->sv = mgs_vulkan_backend.screen_vtbl;
   t->cv = mgs_vulkan_backend.context_vtbl;
   t->ctx_h = new_handle(t, MGP_KIND_CONTEXT);
   struct mgp_context_desc cd = {.ctx = t->ctx_h, .api = 0};
   t->sv->context_create(t->scr, &cd, NULL, 0);
   t->ctx = mgs_vulkan_backend.context_lookup(t->scr, t->ctx_h);
   return t->ctx != NULL;
}

static struct mgp_handle
make_buffer(struct t *t, uint64_t size, const void *data)
{
   struct mgp_handle h = new_handle(t, MGP_KIND_BUFFER);
   struct mgp_resource_desc d = {.res = h,
                                 .target = MGP_RESOURCE_TARGET_BUFFER,
                                 .size = size,
                                 .bind_mask = MGP_BIND_VERTEX | MGP_BIND_CONSTANT,
                                 .usage = MGP_BUFFER_USAGE_STATIC_DRAW};
   t->sv->resource_create(t->scr, &d, NULL, 0);
   if (data) {
      struct mgp_resource_subdata s = {.res = h,
                                       .box = {0, 0, 0, (uint32_t)size, 1, 1},
                                       .data = {.ptr = (void *)data, .size = size}};
      t->cv->resource_subdata(t->ctx, &s, NULL, 0);
   }
   return h;
}

static void
buffer_subdata(struct t *t, struct mgp_handle b, uint32_t offset, uint32_t size, const void *data)
{
   struct mgp_resource_subdata s = {.res = b,
                                    .box = {(int32_t)offset, 0, 0, size, 1, 1},
                                    .data = {.ptr = (void *)data, .size = size}};
   t->cv->resource_subdata(t->ctx, &s, NULL, 0);
}

static struct mgp_handle
make_image(struct t *t, enum mgp_resource_target target, enum mgp_format fmt, uint32_t w,
           uint32_t h, uint32_t levels)
{
   struct mgp_handle r = new_handle(t, MGP_KIND_BUFFER);
   struct mgp_resource_desc d = {.res = r,
                                 .target = (uint8_t)target,
                                 .levels = (uint8_t)levels,
                                 .samples = 1,
                                 .format = (uint16_t)fmt,
                                 .width = w,
                                 .height = h,
                                 .depth = 1,
                                 .array_layers = 1};
   t->sv->resource_create(t->scr, &d, NULL, 0);
   return r;
}

static struct mgp_surface
surface(struct mgp_handle res, enum mgp_format fmt, uint8_t kind)
{
   return (struct mgp_surface){.res = res, .format = (uint16_t)fmt, .kind = kind};
}

/* The framebuffer state last set: the formats a read names, as the front end knows them. */
static struct mgp_framebuffer_state cur_fb;

static void
set_fb(struct t *t, const struct mgp_framebuffer_state *fb)
{
   cur_fb = *fb;
   t->cv->set_framebuffer_state(t->ctx, fb, NULL, 0);
}

/* The conversion the last read took (mgp_pack_rows). */
static enum mgp_pack_path last_path;

/* What the front end does with a read's answer (fe_pack.c): the texels of `format` after the
 * rectangle they cover, packed into the shape at rows of width pixels rounded up to the
 * alignment. */
static void
pack_answer(const uint8_t *ans, uint64_t ans_size, unsigned what, unsigned format,
            const struct mgp_pack_shape *s, uint32_t w, int alignment, void *out, size_t size)
{
   struct mgp_texels_rect r;
   memcpy(&r, ans, sizeof(r));
   if (!r.width || !r.height)
      return;
   const size_t stride =
      ((size_t)w * s->size + (size_t)alignment - 1) / (size_t)alignment * (size_t)alignment;
   const unsigned ts = mgp_texels_texel_size(what, format);
   const size_t n = (size_t)r.width * r.height;
   uint64_t need;
   if (!mgp_texels_size(what, format, r.width, r.height, &need) || need > ans_size ||
       (r.y + r.height - 1) * stride + (size_t)(r.x + r.width) * s->size > size) {
      check(false, "a read's answer (%ux%u at %u,%u) fits its request", r.width, r.height, r.x,
            r.y);
      return;
   }
   struct mgp_pack_src src = {
      .format = format,
      .has_alpha = mgp_format_desc(format)->bits[3] != 0,
      .texels = ans + sizeof(r),
      .stencil = what == MGP_PACK_WHAT_DEPTH_STENCIL ? ans + sizeof(r) + n * ts : NULL,
      .texel_size = ts,
   };
   if (what == MGP_PACK_WHAT_DEPTH || what == MGP_PACK_WHAT_DEPTH_STENCIL)
      mgp_format_depth_layout(format, &src.depth);
   last_path = mgp_pack_rows(s, &src, r.width, r.height,
                             (uint8_t *)out + r.y * stride + (size_t)r.x * s->size, stride, false);
}

static void
use_default_fb(struct t *t, bool with_depth)
{
   struct mgp_framebuffer_state *fb = &t->fb;
   memset(fb, 0, sizeof(*fb));
   fb->fbo = MGP_DEFAULT_FRAMEBUFFER;
   fb->color[0] = surface(t->color_rb, MGP_FORMAT_RGBA8_UNORM, 2);
   if (with_depth)
      fb->depth = fb->stencil = surface(t->depth_rb, MGP_FORMAT_D24_UNORM_S8_UINT, 2);
   fb->read = fb->color[0];
   for (int i = 0; i < 8; i++)
      fb->draw_buffers[i] = i == 0 ? 0 : -1;
   fb->width = W;
   fb->height = H;
   fb->layers = 1;
   fb->samples = 1;
   fb->is_default = 1;
   fb->content_hash = with_depth ? 2 : 1;
   set_fb(t, fb);
}

static void
set_viewport(struct t *t, float x, float y, float w, float h, bool scissor, const int32_t *sc)
{
   struct mgp_dynamic_state d = {.viewport = {x, y, w, h},
                                 .depth_range = {0, 1},
                                 .line_width = 1.0f,
                                 .stencil_read_mask = {~0u, ~0u},
                                 .stencil_write_mask = {~0u, ~0u}};
   d.scissor_enable = scissor;
   if (sc)
      memcpy(d.scissor, sc, sizeof(d.scissor));
   t->cv->set_dynamic_state(t->ctx, &d, NULL, 0);
}

static void
clear_color(struct t *t, float r, float g, float b, float a, bool depth, float z)
{
   struct mgp_clear c = {.color_buffers = 1,
                         .depth = depth,
                         .depth_value = z,
                         .color_write_mask = {0xf},
                         .depth_write = 1,
                         .stencil_write_mask = 0xff};
   const float v[4] = {r, g, b, a};
   memcpy(c.color, v, sizeof(v));
   t->cv->clear(t->ctx, &c, NULL, 0);
}

static struct mgp_render_state
gl_render_state(void)
{
   struct mgp_render_state s;
   memset(&s, 0, sizeof(s));
   for (int i = 0; i < 8; i++)
      s.blend[i] = (struct mgp_blend_target){.color_mask = 0xf,
                                             .eq_rgb = MGP_BLEND_OP_ADD,
                                             .eq_alpha = MGP_BLEND_OP_ADD,
                                             .src_rgb = MGP_BLEND_FACTOR_ONE,
                                             .dst_rgb = MGP_BLEND_FACTOR_ZERO,
                                             .src_alpha = MGP_BLEND_FACTOR_ONE,
                                             .dst_alpha = MGP_BLEND_FACTOR_ZERO};
   s.depth_write = 1;
   s.depth_func = MGP_COMPARE_FUNC_LESS;
   s.front_face = MGP_FRONT_FACE_CCW;
   s.polygon_mode = MGP_POLYGON_MODE_FILL;
   for (int i = 0; i < 2; i++) {
      s.stencil_func[i] = MGP_COMPARE_FUNC_ALWAYS;
      s.stencil_fail[i] = s.stencil_zfail[i] = s.stencil_zpass[i] = MGP_STENCIL_OP_KEEP;
   }
   s.provoking_vertex_last = 1;
   s.sample_mask = ~0u;
   return s;
}

static struct mgp_handle
bind_rs(struct t *t, const struct mgp_render_state *s)
{
   struct mgp_handle h = new_handle(t, MGP_KIND_RENDER_STATE);
   struct mgp_create_render_state c = {.cso = h, .state = *s};
   t->cv->create_render_state(t->ctx, &c, NULL, 0);
   struct mgp_handle_args b = {h};
   t->cv->bind_render_state(t->ctx, &b, NULL, 0);
   return h;
}

/* Vertex elements: location 0 = vec2 at offset 0 of binding 0; location 1 = vec2 at offset 8
 * when uv; stride as given. */
static struct mgp_handle
bind_ve(struct t *t, bool uv, uint32_t stride)
{
   struct mgp_handle h = new_handle(t, MGP_KIND_VERTEX_ELEMENTS);
   struct mgp_create_vertex_elements c = {
      .cso = h, .enabled_mask = uv ? 3u : 1u, .binding_count = 1};
   c.attribs[0] =
      (struct mgp_vertex_attrib){.relative_offset = 0, .type = MGP_VERTEX_TYPE_FLOAT, .size = 2};
   c.attribs[1] =
      (struct mgp_vertex_attrib){.relative_offset = 8, .type = MGP_VERTEX_TYPE_FLOAT, .size = 2};
   c.bindings[0] = (struct mgp_vertex_binding){.stride = stride};
   t->cv->create_vertex_elements(t->ctx, &c, NULL, 0);
   struct mgp_handle_args b = {h};
   t->cv->bind_vertex_elements(t->ctx, &b, NULL, 0);
   return h;
}

static void
bind_vb(struct t *t, struct mgp_handle buf)
{
   struct mgp_set_vertex_buffers a = {.start = 0, .count = 1};
   struct mgp_vertex_buffer vb = {.res = buf, .offset = 0};
   t->cv->set_vertex_buffers(t->ctx, &a, &vb, 1);
}

struct program_desc {
   const char *vert, *frag;
   uint32_t default_block_size;
   uint32_t ubo_mask;     /* binding bits */
   uint64_t sampler_mask; /* sampler j bits */
   uint32_t inputs;       /* vertex input locations */
};

/* kind0: what the reflection says sampler 0 is (MGP_SAMPLER_KIND_*) */
static struct mgp_handle
make_program_kind(struct t *t, const struct program_desc *p, uint8_t kind0)
{
   struct mgp_handle h = new_handle(t, MGP_KIND_SHADER);
   size_t vs_size, fs_size;
   void *vs = read_file(p->vert, &vs_size), *fs = read_file(p->frag, &fs_size);
   struct mgp_create_shader c = {
      .cso = h, .stage_mask = (1u << MGP_SHADER_STAGE_VERTEX) | (1u << MGP_SHADER_STAGE_FRAGMENT)};
   c.spirv[MGP_SHADER_STAGE_VERTEX] = (struct mgp_span){.ptr = vs, .size = vs_size};
   c.spirv[MGP_SHADER_STAGE_FRAGMENT] = (struct mgp_span){.ptr = fs, .size = fs_size};
   struct mgp_shader_reflection *r = &c.reflection;
   r->default_block_size = p->default_block_size;
   r->ubo_mask = p->ubo_mask;
   r->sampler_mask[0] = p->sampler_mask;
   r->sampler_kind[0] = kind0;
   r->stage_ubo_mask[MGP_SHADER_STAGE_VERTEX] = p->ubo_mask;
   r->stage_ubo_mask[MGP_SHADER_STAGE_FRAGMENT] = p->ubo_mask;
   r->stage_sampler_mask[2 * MGP_SHADER_STAGE_FRAGMENT] = p->sampler_mask;
   r->vertex_input_mask = p->inputs;
   r->fragment_output_mask = 1;
   t->cv->create_shader(t->ctx, &c, NULL, 0);
   free(vs);
   free(fs);
   return h;
}

static struct mgp_handle
make_program(struct t *t, const struct program_desc *p)
{
   return make_program_kind(t, p, MGP_SAMPLER_KIND_FLOAT);
}

static void
use_program(struct t *t, struct mgp_handle prog)
{
   struct mgp_handle_args a = {prog};
   t->cv->set_draw_program(t->ctx, &a, NULL, 0);
}

struct consts {
   float color[4];
   float offset[4];
   float z, pad[3];
};

static void
set_consts(struct t *t, struct mgp_handle prog, float r, float g, float b, float a, float ox,
           float oy, float ix, float iy, float z)
{
   struct consts c = {{r, g, b, a}, {ox, oy, ix, iy}, z, {0, 0, 0}};
   struct mgp_set_global_constants s = {
      .shader = prog, .version = 1, .data = {.ptr = &c, .size = sizeof(c)}};
   t->cv->set_global_constants(t->ctx, &s, NULL, 0);
}

static void
draw(struct t *t, uint16_t mode, uint32_t first, uint32_t count, uint32_t instances,
     uint8_t index_size, int32_t bias)
{
   struct mgp_draw_vbo d = {
      .mode = mode, .index_size = index_size, .instance_count = instances, .num_draws = 1};
   struct mgp_draw_range r = {first, count, bias};
   t->cv->draw_vbo(t->ctx, &d, &r, 1);
}

static uint8_t pixels[W * H * 4];

static void read_as(struct t *t, int x, int y, uint32_t w, uint32_t h, uint32_t format,
                    uint32_t type, void *out, size_t size, int alignment);

static void
read_back(struct t *t)
{
   memset(pixels, 0xcd, sizeof(pixels));
   read_as(t, 0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels, sizeof(pixels), 4);
}

/* GL window coordinates: (x, y) with y = 0 the bottom row. */
static bool
pixel_is(int x, int y, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
   const uint8_t *p = &pixels[(y * W + x) * 4];
   if (p[0] == r && p[1] == g && p[2] == b && p[3] == a)
      return true;
   fprintf(stderr, "        pixel (%d,%d) = (%u,%u,%u,%u), want (%u,%u,%u,%u)\n", x, y, p[0], p[1],
           p[2], p[3], r, g, b, a);
   return false;
}

/* ---- the programs ------------------------------------------------------------------------- */

static const struct program_desc color_prog = {"color.vert.spv", "color.frag.spv", 48, 0, 0, 1};
static const struct program_desc ubo_prog = {"color.vert.spv", "ubo.frag.spv", 48, 1u << 1, 0, 1};
static const struct program_desc tex_prog = {"tex.vert.spv", "tex.frag.spv", 0, 0, 1, 3};
static const struct program_desc both_prog = {"tex.vert.spv", "both.frag.spv", 0, 1u << 1, 3, 3};
static const struct program_desc attr_prog = {"attr.vert.spv", "color.frag.spv", 0, 0, 0, 3};
static const struct program_desc points_prog = {"points.vert.spv", "color.frag.spv", 48, 0, 0, 1};
static const struct program_desc xfb_prog = {"xfb.vert.spv", "color.frag.spv", 48, 0, 0, 1};
static const struct program_desc stream_prog = {
   "stream.vert.spv", "color.frag.spv", 0, 1u << 1, 0, 1};

/* A GL-counter-clockwise triangle over the lower-left half of the window. */
static const float tri_ccw[] = {-1, -1, 1, -1, -1, 1};
static const float tri_cw[] = {-1, -1, -1, 1, 1, -1};
static const float full_quad_strip[] = {-1, -1, 1, -1, -1, 1, 1, 1};

/* ---- cases -------------------------------------------------------------------------------- */

static void
test_clear(struct t *t)
{
   use_default_fb(t, false);
   clear_color(t, 0.2f, 0.4f, 0.6f, 0.8f, false, 1);
   read_back(t);
   check(pixel_is(0, 0, 51, 102, 153, 204) && pixel_is(63, 63, 51, 102, 153, 204) &&
            pixel_is(17, 40, 51, 102, 153, 204),
         "clear to a colour");
   /* A scissored clear touches only its rectangle. */
   struct mgp_clear c = {
      .color_buffers = 1, .color_write_mask = {0xf}, .scissor_enable = 1, .scissor = {8, 4, 16, 8}};
   const float red[4] = {1, 0, 0, 1};
   memcpy(c.color, red, sizeof(red));
   t->cv->clear(t->ctx, &c, NULL, 0);
   read_back(t);
   check(pixel_is(8, 4, 255, 0, 0, 255) && pixel_is(23, 11, 255, 0, 0, 255) &&
            pixel_is(24, 11, 51, 102, 153, 204) && pixel_is(8, 12, 51, 102, 153, 204) &&
            pixel_is(7, 4, 51, 102, 153, 204),
         "scissored clear");
}

static void
test_triangle(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   struct mgp_handle vb = make_buffer(t, sizeof(tri_ccw), tri_ccw);
   bind_vb(t, vb);
   use_program(t, prog);
   set_consts(t, prog, 0.2f, 0.4f, 0.6f, 1.0f, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   read_back(t);
   /* GL rows: (x, y) with y up. The triangle covers x + y < 64: bottom-left, bottom-right and
    * top-left corners, not top-right. A flipped image would miss the bottom-right one. */
   check(pixel_is(2, 2, 51, 102, 153, 255) && pixel_is(60, 2, 51, 102, 153, 255) &&
            pixel_is(2, 60, 51, 102, 153, 255) && pixel_is(60, 60, 0, 0, 0, 255),
         "triangle with a colour from the default uniform block (rows not flipped)");
   /* A range at an offset (green only) lands in the block the backend holds whole: red, blue,
    * the position offset and z keep their bytes. */
   float green = 0.8f;
   struct mgp_set_global_constants g = {
      .shader = prog, .version = 2, .offset = 4, .data = {.ptr = &green, .size = sizeof(green)}};
   t->cv->set_global_constants(t->ctx, &g, NULL, 0);
   clear_color(t, 0, 0, 0, 1, false, 1);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   read_back(t);
   check(pixel_is(2, 2, 51, 204, 153, 255) && pixel_is(60, 60, 0, 0, 0, 255),
         "set_global_constants at an offset keeps the rest of the block");
}

/* Every client module passes the local-index clamp at create_shader
 * (vkb_cso.c:local_bounds_patch, spv_local_bounds.c): a program with a dynamic index into its
 * own array raises local-index-clamps and draws the element it picks, the last for an index past
 * the end; a program without one raises nothing. The cases after it draw with prog, bound
 * again. */
static void
test_local_index_clamp(struct t *t, struct mgp_handle prog)
{
   static const struct program_desc pick_prog = {
      "color.vert.spv", "local_pick.frag.spv", 48, 0, 0, 1};
   const unsigned long long c0 = counter(t, "local-index-clamps");
   const unsigned long long f0 = counter(t, "local-index-clamps-failed");
   struct mgp_handle plain = make_program(t, &color_prog);
   const unsigned long long c1 = counter(t, "local-index-clamps");
   check(c1 == c0, "a program without a dynamic local index: local-index-clamps +%llu (want 0)",
         c1 - c0);
   struct mgp_handle pick = make_program(t, &pick_prog);
   const unsigned long long c2 = counter(t, "local-index-clamps");
   check(c2 > c1 && counter(t, "local-index-clamps-failed") == f0,
         "a program with a dynamic local index: local-index-clamps +%llu (want > 0), failed +%llu",
         c2 - c1, counter(t, "local-index-clamps-failed") - f0);
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   struct mgp_handle vb = make_buffer(t, sizeof(tri_ccw), tri_ccw);
   bind_vb(t, vb);
   use_program(t, pick);
   /* blue * 4: 0, 1, 2, and 4 (past the end: the last) */
   static const float blue[4] = {0.1f, 0.3f, 0.6f, 1.0f};
   static const uint8_t want[4][3] = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {0, 0, 255}};
   for (unsigned k = 0; k < 4; k++) {
      clear_color(t, 0, 0, 0, 1, false, 1);
      set_consts(t, pick, 0, 0, blue[k], 1, 0, 0, 0, 0, 0);
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
      read_back(t);
      check(pixel_is(2, 2, want[k][0], want[k][1], want[k][2], 255) &&
               pixel_is(60, 60, 0, 0, 0, 255),
            "dynamic local index %u draws element %u", (unsigned)(blue[k] * 4.0f), k < 3 ? k : 2);
   }
   use_program(t, prog);
   t->cv->delete_shader(t->ctx, &(struct mgp_handle_args){pick}, NULL, 0);
   t->cv->delete_shader(t->ctx, &(struct mgp_handle_args){plain}, NULL, 0);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){vb}, NULL, 0);
}

/* A program of color.vert, geometry stage gs_file (NULL: none) and fragment stage fs_file,
 * through create_shader with color_prog's reflection. */
static struct mgp_handle
make_vgf(struct t *t, const char *gs_file, const char *fs_file)
{
   size_t vs_size, gs_size = 0, fs_size;
   void *vs = read_file("color.vert.spv", &vs_size),
        *gs = gs_file ? read_file(gs_file, &gs_size) : NULL, *fs = read_file(fs_file, &fs_size);
   struct mgp_handle h = new_handle(t, MGP_KIND_SHADER);
   struct mgp_create_shader c = {.cso = h,
                                 .stage_mask = (1u << MGP_SHADER_STAGE_VERTEX) |
                                               (gs_file ? 1u << MGP_SHADER_STAGE_GEOMETRY : 0u) |
                                               (1u << MGP_SHADER_STAGE_FRAGMENT)};
   c.spirv[MGP_SHADER_STAGE_VERTEX] = (struct mgp_span){.ptr = vs, .size = vs_size};
   if (gs_file)
      c.spirv[MGP_SHADER_STAGE_GEOMETRY] = (struct mgp_span){.ptr = gs, .size = gs_size};
   c.spirv[MGP_SHADER_STAGE_FRAGMENT] = (struct mgp_span){.ptr = fs, .size = fs_size};
   c.reflection.default_block_size = color_prog.default_block_size;
   c.reflection.vertex_input_mask = color_prog.inputs;
   c.reflection.fragment_output_mask = 1;
   t->cv->create_shader(t->ctx, &c, NULL, 0);
   free(vs);
   free(gs);
   free(fs);
   return h;
}

/* Program h draws tri_ccw on black, its colour (red, 0.4, 0.6, 1), and the pixels are read
 * back. */
static void
draw_tri_with(struct t *t, struct mgp_handle h, float red)
{
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(tri_ccw), tri_ccw));
   use_program(t, h);
   set_consts(t, h, red, 0.4f, 0.6f, 1.0f, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   read_back(t);
}

/* A client need not send set_viewports before drawing with a program whose geometry stage
 * writes gl_ViewportIndex (mgl's does): the pipeline's viewports past 0 are dynamic state all
 * the same, and the context records them (empty) itself. Red before: the validation layer
 * reported viewports 1.. used by the pipeline but never set. */
static void
test_viewport_index_unset(struct t *t, struct mgp_handle prog)
{
   struct mgp_handle h = make_vgf(t, "viewport.geom.spv", "color.frag.spv");
   const unsigned long long e0 = counter(t, "vk-validation-errors");
   draw_tri_with(t, h, 0.2f);
   check(t->fatal_count == 0 && pixel_is(2, 2, 51, 102, 153, 255) && pixel_is(60, 60, 0, 0, 0, 255),
         "a geometry stage writing gl_ViewportIndex = 0 draws in viewport 0 (%s)",
         t->fatal_count ? t->fatal : "no fatal");
   check(counter(t, "vk-validation-errors") == e0,
         "no set_viewports before a gl_ViewportIndex draw: %llu validation error(s)",
         counter(t, "vk-validation-errors") - e0);
   use_program(t, prog); /* the cases after this one draw with prog */
}

/* A geometry stage over the device's maxGeometryTotalOutputComponents (over_limit.geom), or a
 * fragment stage over its maxFragmentInputComponents (over_input.frag: 132 on lavapipe's 128), is
 * refused at create_shader by name (shader-over-device-limits, counted), and a draw with it
 * is refused too (backend-draw-incomplete): nothing drawn, no pipeline made, no validation
 * error, no Fatal. Red before: the shader was created and its pipeline with it, which the
 * validation layer reported (VUID-RuntimeSpirv-Location-06272) and an NVIDIA GPU faults on. */
static void
test_gs_over_limits(struct t *t, struct mgp_handle prog, const char *file, const char *what)
{
   const bool frag = strstr(file, ".frag") != NULL;
   const uint64_t o0 = mgu_decline_count(MGU_DECLINE_shader_over_device_limits);
   const uint64_t d0 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   const unsigned long long e0 = counter(t, "vk-validation-errors");
   const unsigned long long p0 = counter(t, "pipelines-created");
   struct mgp_handle h = make_vgf(t, frag ? NULL : file, frag ? file : "color.frag.spv");
   check(mgu_decline_count(MGU_DECLINE_shader_over_device_limits) == o0 + 1,
         "a stage over %s is refused at create_shader "
         "(shader-over-device-limits +%llu, want +1)",
         what, (unsigned long long)(mgu_decline_count(MGU_DECLINE_shader_over_device_limits) - o0));
   /* its uniforms go with it: the draws are declined (below), the uniforms are not apart */
   const uint64_t u0 = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   draw_tri_with(t, h, 0.2f); /* set_global_constants, then the draw */
   const struct mgp_word word = {0};
   t->cv->set_constant_words(t->ctx, &(struct mgp_constant_words){.first = 0, .count = 1}, &word,
                             1);
   check(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == u0,
         "the refused program's uniforms are no decline of their own (backend-feature-"
         "unimplemented +%llu, want +0)",
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) - u0));
   check(t->fatal_count == 0 && pixel_is(2, 2, 0, 0, 0, 255),
         "a draw with the refused program draws nothing (%s)",
         t->fatal_count ? t->fatal : "no fatal");
   check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) > d0 &&
            counter(t, "pipelines-created") == p0,
         "its draw is refused (backend-draw-incomplete +%llu) and makes no pipeline (+%llu)",
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) - d0),
         counter(t, "pipelines-created") - p0);
   check(counter(t, "vk-validation-errors") == e0,
         "no pipeline over the device's limits: %llu validation error(s)",
         counter(t, "vk-validation-errors") - e0);
   use_program(t, prog); /* the cases after this one draw with prog */
}

/* Program color.vert + gs_file + color.frag, whose geometry stage is over
 * maxGeometryTotalOutputComponents by its total alone, made: it must be split (gs-splits +1),
 * not refused (shader-over-device-limits). */
static struct mgp_handle
make_split(struct t *t, const char *gs_file)
{
   const uint64_t o0 = mgu_decline_count(MGU_DECLINE_shader_over_device_limits);
   const unsigned long long s0 = counter(t, "gs-splits");
   struct mgp_handle h = make_vgf(t, gs_file, "color.frag.spv");
   check(mgu_decline_count(MGU_DECLINE_shader_over_device_limits) == o0 &&
            counter(t, "gs-splits") == s0 + 1,
         "%s: a points geometry stage over the total is split (gs-splits +%llu, want +1), not "
         "refused (shader-over-device-limits +%llu)",
         gs_file, counter(t, "gs-splits") - s0,
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_shader_over_device_limits) - o0));
   return h;
}

/* The pixels of the first rows x cols after a split draw, each the colour expect(x, y, want)
 * fills in; the pixels right of and below them black. */
static void
check_split_pixels(struct t *t, const char *what, unsigned cols, unsigned rows,
                   void (*expect)(unsigned x, unsigned y, uint8_t want[3]))
{
   unsigned wrong = 0, first_x = 0, first_y = 0;
   for (unsigned y = 0; y < rows + 2; y++)
      for (unsigned x = 0; x < cols + 1; x++) {
         uint8_t c[3] = {0, 0, 0};
         if (x < cols && y < rows)
            expect(x, y, c);
         if (!pixel_is((int)x, (int)y, c[0], c[1], c[2], 255) && !wrong++) {
            first_x = x;
            first_y = y;
         }
      }
   check(t->fatal_count == 0 && wrong == 0, "%s (%u pixel(s) wrong, the first at (%u,%u); %s)",
         what, wrong, first_x, first_y, t->fatal_count ? t->fatal : "no fatal");
}

/* split.geom: invocation i's 200 points fill rows 5i .. 5i + 4, 40 a row, red 0.25 or 0.75. */
static void
split_expect(unsigned x, unsigned y, uint8_t c[3])
{
   (void)x;
   c[0] = y < 5 ? 64 : 191;
   c[1] = 102;
   c[2] = 153;
}

/* A points geometry stage over maxGeometryTotalOutputComponents by its total alone
 * (split.geom: 11 components x 200 vertices) draws: the backend shares its vertices out among
 * more invocations (gs-splits), each of the 400 points lands on its pixel with its invocation's
 * colour, and the pipeline is valid. Red before: refused at create_shader
 * (shader-over-device-limits), nothing drawn. */
static void
test_gs_split(struct t *t, struct mgp_handle prog)
{
   const unsigned long long e0 = counter(t, "vk-validation-errors");
   struct mgp_handle h = make_split(t, "split.geom.spv");
   draw_tri_with(t, h, 0.0f);
   check_split_pixels(t, "each invocation's 200 points on their pixels in its colour", 40, 10,
                      split_expect);
   check(counter(t, "vk-validation-errors") == e0, "the split stage: %llu validation error(s)",
         counter(t, "vk-validation-errors") - e0);
   use_program(t, prog); /* the cases after this one draw with prog */
}

/* point_cut.geom: quad q's 2 x 2 pixels at (4 (q % 8), 4 (q / 8)), red q + 1. */
static void
point_cut_expect(unsigned x, unsigned y, uint8_t c[3])
{
   if (x % 4 >= 2 || y % 4 >= 2)
      return;
   c[0] = (uint8_t)((y / 4) * 8 + x / 4 + 1);
   c[1] = 102;
   c[2] = 153;
}

/* A triangle geometry stage that writes gl_PointSize and fits maxGeometryTotalOutputComponents
 * only without it (point_cut.geom: 1024 of 128 vertices without, 1408 with) is made without the
 * write (gs-point-size-cuts +1, not shader-over-device-limits) and draws its 32 quads, no
 * validation error. Its triangles in GL_POINT polygon mode are points, which need the size:
 * drawn where the device takes an unwritten size as 1.0 (maintenance5) and GL's is 1.0,
 * otherwise refused by name (shader-over-device-limits), nothing drawn. Red before: refused
 * at create_shader, nothing drawn. */
static void
test_gs_point_size_cut(struct t *t, struct mgp_handle prog)
{
   const struct vkb_screen *scr = t->scr;
   if (scr->props.limits.maxGeometryTotalOutputComponents < 1024 ||
       scr->props.limits.maxGeometryTotalOutputComponents >= 1408) {
      printf("  skip gl_PointSize cut: maxGeometryTotalOutputComponents %u fits point_cut.geom "
             "either way\n",
             scr->props.limits.maxGeometryTotalOutputComponents);
      return;
   }
   const uint64_t o0 = mgu_decline_count(MGU_DECLINE_shader_over_device_limits);
   const unsigned long long c0 = counter(t, "gs-point-size-cuts");
   const unsigned long long e0 = counter(t, "vk-validation-errors");
   struct mgp_handle h = make_vgf(t, "point_cut.geom.spv", "color.frag.spv");
   check(mgu_decline_count(MGU_DECLINE_shader_over_device_limits) == o0 &&
            counter(t, "gs-point-size-cuts") == c0 + 1,
         "a triangle geometry stage over the total by its gl_PointSize is made without it "
         "(gs-point-size-cuts +%llu, want +1; shader-over-device-limits +%llu, want 0)",
         counter(t, "gs-point-size-cuts") - c0,
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_shader_over_device_limits) - o0));
   draw_tri_with(t, h, 0.0f);
   check_split_pixels(t, "the stage without gl_PointSize: its 32 quads on their pixels", 32, 16,
                      point_cut_expect);
   /* the same triangles as points of GL's size 1.0 */
   struct mgp_render_state rs = gl_render_state();
   rs.polygon_mode = MGP_POLYGON_MODE_POINT;
   bind_rs(t, &rs);
   struct mgp_dynamic_state d = {.viewport = {0, 0, W, H},
                                 .depth_range = {0, 1},
                                 .line_width = 1.0f,
                                 .point_size = 1.0f,
                                 .stencil_read_mask = {~0u, ~0u},
                                 .stencil_write_mask = {~0u, ~0u}};
   t->cv->set_dynamic_state(t->ctx, &d, NULL, 0);
   clear_color(t, 0, 0, 0, 1, false, 1);
   const uint64_t o1 = mgu_decline_count(MGU_DECLINE_shader_over_device_limits);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   read_back(t);
   unsigned lit = 0;
   for (int i = 0; i < W * H; i++)
      lit += pixels[i * 4] || pixels[i * 4 + 1] || pixels[i * 4 + 2];
   const uint64_t refused = mgu_decline_count(MGU_DECLINE_shader_over_device_limits) - o1;
   if (scr->has_maintenance5)
      check(!refused && lit > 0,
            "GL_POINT polygons of size 1.0 drawn without gl_PointSize (maintenance5): %u "
            "pixel(s) lit, %llu refusal(s)",
            lit, (unsigned long long)refused);
   else
      check(refused == 1 && lit == 0,
            "GL_POINT polygons without gl_PointSize and without maintenance5: refused by name "
            "(+%llu, want +1), %u pixel(s) lit",
            (unsigned long long)refused, lit);
   check(counter(t, "vk-validation-errors") == e0,
         "the stage without gl_PointSize: %llu validation error(s)",
         counter(t, "vk-validation-errors") - e0);
   rs.polygon_mode = MGP_POLYGON_MODE_FILL;
   bind_rs(t, &rs);
   set_viewport(t, 0, 0, W, H, false, NULL);
   use_program(t, prog); /* the cases after this one draw with prog */
}

/* Program h's triangle (tri_ccw, colour alpha 1) captured into a buffer of 'size' bytes that
 * held -7.0 in every float, read back into out. */
static void
capture_tri(struct t *t, struct mgp_handle h, float *out, uint32_t size)
{
   for (uint32_t i = 0; i < size / 4; i++)
      out[i] = -7.0f;
   struct mgp_handle x = make_buffer(t, size, out);
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   struct mgp_handle vb = make_buffer(t, sizeof(tri_ccw), tri_ccw);
   bind_vb(t, vb);
   use_program(t, h);
   set_consts(t, h, 0.2f, 0.4f, 0.6f, 1.0f, 0, 0, 0, 0, 0);
   struct mgp_set_stream_output_targets tg = {.count = 1};
   struct mgp_buffer_range r = {.res = x, .offset = 0, .size = size};
   t->cv->set_stream_output_targets(t->ctx, &tg, &r, 1);
   t->cv->begin_stream_output(t->ctx, &(struct mgp_u32_args){.value = MGP_PRIM_TRIANGLES}, NULL, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   t->cv->end_stream_output(t->ctx, &(struct mgp_u32_args){0}, NULL, 0);
   tg.count = 0;
   t->cv->set_stream_output_targets(t->ctx, &tg, NULL, 0);
   struct mgp_resource_readback rb = {
      .res = x, .offset = 0, .size = size, .out = {.ptr = out, .size = size}};
   t->cv->resource_readback(t->ctx, &rb, NULL, 0);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){x}, NULL, 0);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){vb}, NULL, 0);
}

/* point_cut.geom's quads under transform feedback (32 triangle strips of 4: 64 triangles, 192
 * vertices captured). point_cut_xfb.geom captures its gl_PointSize, so the stage cannot go
 * without the write (a captured size would be the device's garbage): refused by name
 * (shader-over-device-limits +1, gs-point-size-cuts +0), nothing captured. Red before: cut
 * (gs-point-size-cuts +1), the buffer not the sizes the shader wrote. point_cut_xfb_color.geom
 * captures only its colour: cut (gs-point-size-cuts +1), each vertex's colour exact. */
static void
test_gs_point_size_cut_xfb(struct t *t, struct mgp_handle prog)
{
   struct vkb_screen *scr = t->scr;
   if (!scr->has_xfb || scr->props.limits.maxGeometryTotalOutputComponents < 1024 ||
       scr->props.limits.maxGeometryTotalOutputComponents >= 1152) {
      printf("  skip gl_PointSize cut under transform feedback: maxGeometryTotalOutputComponents "
             "%u fits point_cut_xfb.geom either way, or no transform feedback\n",
             scr->props.limits.maxGeometryTotalOutputComponents);
      return;
   }
   enum { VERTS = 64 * 3 };
   static float got[VERTS * 4];
   const unsigned long long e0 = counter(t, "vk-validation-errors");

   /* gl_PointSize captured */
   uint64_t o0 = mgu_decline_count(MGU_DECLINE_shader_over_device_limits);
   unsigned long long c0 = counter(t, "gs-point-size-cuts");
   struct mgp_handle h = make_vgf(t, "point_cut_xfb.geom.spv", "color.frag.spv");
   const uint64_t refused = mgu_decline_count(MGU_DECLINE_shader_over_device_limits) - o0;
   const unsigned long long cuts = counter(t, "gs-point-size-cuts") - c0;
   const struct vkb_shader *sh = vkb_lookup(scr, &scr->shaders, h, "test");
   check(sh && sh->broken && strstr(sh->broken_why, "maxGeometryTotalOutputComponents") &&
            strstr(sh->broken_why, SPV_POINT_SIZE_CAPTURED),
         "the refusal names the limit and the captured gl_PointSize (%s)",
         sh ? sh->broken_why : "no shader");
   capture_tri(t, h, got, VERTS * 4);
   unsigned sizes = 0, untouched = 0;
   for (unsigned v = 0; v < VERTS; v++) {
      sizes += got[v] == (float)(v / 6 + 1);
      untouched += got[v] == -7.0f;
   }
   check(refused == 1 && cuts == 0 && untouched == VERTS,
         "a geometry stage whose captured gl_PointSize puts it over the device's total is "
         "refused by name, not made without the size (shader-over-device-limits +%llu, want +1; "
         "gs-point-size-cuts +%llu, want 0); captured: %u of %u the shader's sizes, %u untouched "
         "(first %g, want 1 or untouched)",
         (unsigned long long)refused, cuts, sizes, (unsigned)VERTS, untouched, (double)got[0]);
   t->cv->delete_shader(t->ctx, &(struct mgp_handle_args){h}, NULL, 0);

   /* only the colour captured: the cut stands */
   o0 = mgu_decline_count(MGU_DECLINE_shader_over_device_limits);
   c0 = counter(t, "gs-point-size-cuts");
   h = make_vgf(t, "point_cut_xfb_color.geom.spv", "color.frag.spv");
   check(mgu_decline_count(MGU_DECLINE_shader_over_device_limits) == o0 &&
            counter(t, "gs-point-size-cuts") == c0 + 1,
         "a geometry stage capturing its colour, not its gl_PointSize, is made without the size "
         "(gs-point-size-cuts +%llu, want +1; shader-over-device-limits +%llu, want 0)",
         counter(t, "gs-point-size-cuts") - c0,
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_shader_over_device_limits) - o0));
   capture_tri(t, h, got, VERTS * 16);
   unsigned exact = 0;
   for (unsigned v = 0; v < VERTS; v++)
      exact += got[v * 4] == (float)(v / 6 + 1) * 0.0625f && got[v * 4 + 1] == 0.25f &&
               got[v * 4 + 2] == 0.5f && got[v * 4 + 3] == 1.0f;
   check(exact == VERTS,
         "the colours captured from the stage without gl_PointSize: %u of %u exact (first "
         "(%g, %g, %g, %g), want (0.0625, 0.25, 0.5, 1))",
         exact, (unsigned)VERTS, (double)got[0], (double)got[1], (double)got[2], (double)got[3]);
   t->cv->delete_shader(t->ctx, &(struct mgp_handle_args){h}, NULL, 0);
   check(counter(t, "vk-validation-errors") == e0,
         "gl_PointSize cut under transform feedback: %llu validation error(s)",
         counter(t, "vk-validation-errors") - e0);
   use_program(t, prog); /* the cases after this one draw with prog */
}

/* split_flow.geom, split_phi.spvasm, split_head.spvasm: invocation i's point v on pixel
 * p = v % 100 of rows 2i and 2i + 1 (50 a row); v + 100 comes after v, so it must win (green
 * 0.4, where v < 100 is green 0.2), its blue the arm that emitted it. */
static int split_blue_mode; /* 0: 0.6 for even v, else 0.8; 1: 0.6 for v % 3 == 2; 2: 0.6 */

static void
split_flow_expect(unsigned x, unsigned y, uint8_t c[3])
{
   const unsigned v = (y % 2) * 50 + x + 100;
   const bool b06 = split_blue_mode == 0 ? v % 2 == 0 : split_blue_mode == 1 ? v % 3 == 2 : true;
   c[0] = y < 2 ? 64 : 191;
   c[1] = 102;
   c[2] = b06 ? 153 : 204;
}

/* Emits in control flow through the split: in a loop's body, in both arms of an if/else, an
 * EndPrimitive between them, OpPhis that name an emit's block as a parent (the front end's &&,
 * the optimiser's merged arms), and a one-block loop whose header emits (spirv-opt -O's
 * do-while). Every point on its pixel, the later of two on one pixel on top, no validation
 * error. */
static void
test_gs_split_flow(struct t *t, struct mgp_handle prog, const char *file, int blue_mode)
{
   const unsigned long long e0 = counter(t, "vk-validation-errors");
   struct mgp_handle h = make_split(t, file);
   draw_tri_with(t, h, 0.0f);
   split_blue_mode = blue_mode;
   char what[160];
   snprintf(what, sizeof(what),
            "%s: each invocation's 200 points on their pixels, in order, from their arm", file);
   check_split_pixels(t, what, 50, 4, split_flow_expect);
   check(counter(t, "vk-validation-errors") == e0, "%s split: %llu validation error(s)", file,
         counter(t, "vk-validation-errors") - e0);
   t->cv->delete_shader(t->ctx, &(struct mgp_handle_args){h}, NULL, 0);
   use_program(t, prog); /* the cases after this one draw with prog */
}

/* The default framebuffer cleared to black, render state s bound, and a vertex buffer of eight
 * triangles (tris), one per 8-pixel column, each covering its column's lower-left half. */
static void
column_setup(struct t *t, const struct mgp_render_state *s, float tris[8 * 6])
{
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   bind_rs(t, s);
   bind_ve(t, false, 8);
   for (int k = 0; k < 8; k++) {
      const float x0 = -1.0f + 0.25f * (float)k, x1 = x0 + 0.25f;
      const float v[6] = {x0, -1, x1, -1, x0, 1};
      memcpy(&tris[6 * k], v, sizeof(v));
   }
   bind_vb(t, make_buffer(t, 8 * 6 * sizeof(float), tris));
}

/* Repeated draws that change nothing record one draw command (a multi-draw) and no bind; a
 * state change between draws ends the run first, so the draws before it keep their state.
 * Without VK_EXT_multi_draw (MGL_TEST_VK_NO_MULTI_DRAW=1) each draw is its own command. */
static void
test_repeated_draws(struct t *t, struct mgp_handle prog)
{
   const char *no_md = getenv("MGL_TEST_VK_NO_MULTI_DRAW");
   const unsigned long long per_run = no_md && atoi(no_md) > 0 ? 8 : 1;
   struct mgp_render_state s = gl_render_state();
   float tris[8 * 6];
   column_setup(t, &s, tris);
   use_program(t, prog);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   read_back(t); /* the uploads and the clear are their own batch */

   const char *names[] = {"cmd-draws",
                          "cmd-bind-pipeline",
                          "cmd-bind-sets",
                          "cmd-bind-vertex-buffers",
                          "cmd-bind-index-buffer",
                          "fast-draws"};
   unsigned long long c0[6], c1[6];
   for (int i = 0; i < 6; i++)
      c0[i] = counter(t, names[i]);
   for (int k = 0; k < 8; k++)
      draw(t, MGP_PRIM_TRIANGLES, 3u * (uint32_t)k, 3, 1, 0, 0);
   read_back(t);
   for (int i = 0; i < 6; i++)
      c1[i] = counter(t, names[i]) - c0[i];
   check(c1[5] == 7,
         "eight draws with no change between them: the seven after the first take "
         "the fast path (%llu)",
         c1[5]);
   bool all = true;
   for (int k = 0; k < 8; k++)
      all = all && pixel_is(8 * k + 1, 1, 255, 0, 0, 255) && pixel_is(8 * k + 7, 62, 0, 0, 0, 255);
   check(all, "eight repeated draws: each column's triangle, red");
   check(c1[0] == per_run && c1[1] == 1 && c1[2] == 1 && c1[3] == 1 && c1[4] == 0,
         "eight draws with no change between them record %llu draw command(s) and bind once "
         "(draw commands %llu, pipeline %llu, sets %llu, vertex buffers %llu, index buffer %llu)",
         per_run, c1[0], c1[1], c1[2], c1[3], c1[4]);

   /* A uniform change after four draws: the four keep red, the next four are green. */
   clear_color(t, 0, 0, 0, 1, false, 1);
   const unsigned long long d0 = counter(t, "cmd-draws");
   for (int k = 0; k < 8; k++) {
      if (k == 4)
         set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
      draw(t, MGP_PRIM_TRIANGLES, 3u * (uint32_t)k, 3, 1, 0, 0);
   }
   read_back(t);
   all = true;
   for (int k = 0; k < 8; k++)
      all = all && pixel_is(8 * k + 1, 1, k < 4 ? 255 : 0, k < 4 ? 0 : 255, 0, 255);
   check(all, "a uniform change between repeated draws applies to the draws after it only");
   check(counter(t, "cmd-draws") - d0 == (per_run == 1 ? 2 : 8),
         "two runs of four draws: %d draw commands (%llu)", per_run == 1 ? 2 : 8,
         counter(t, "cmd-draws") - d0);

   /* A vertex-buffer change between two draws of the same mode and range: the second draw
    * reads the new buffer (the fast path rebinds it, and only it); a render-state bind
    * between two draws sends the second the whole way. */
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_handle shifted = make_buffer(t, sizeof(tris) - 6 * sizeof(float), &tris[6]);
   read_back(t);
   const unsigned long long f0 = counter(t, "fast-draws");
   const unsigned long long v0 = counter(t, "cmd-bind-vertex-buffers");
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   bind_vb(t, shifted);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   const unsigned long long f1 = counter(t, "fast-draws") - f0;
   const unsigned long long v1 = counter(t, "cmd-bind-vertex-buffers") - v0;
   read_back(t);
   check(pixel_is(1, 1, 0, 255, 0, 255) && pixel_is(9, 1, 0, 255, 0, 255) &&
            pixel_is(17, 1, 0, 0, 0, 255),
         "a vertex-buffer change between two identical draws moves the second");
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   bind_rs(t, &s);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   const unsigned long long f2 = counter(t, "fast-draws") - f0;
   read_back(t);
   /* binds: the first draw's in this new batch, then the second's */
   check(f1 == 1 && v1 == 2 && f2 == 1,
         "a vertex-buffer change: a fast draw that binds the "
         "new buffer (fast %llu, binds %llu); after a render-state bind the whole way (%llu)",
         f1, v1, f2);
   bind_vb(t, make_buffer(t, sizeof(tris), tris));

   /* A long run of draws is submitted every 8192 draws (VKB_BATCH_DRAW_LIMIT), so the device
    * starts on it while the rest records; the draws of every batch land. */
   clear_color(t, 0, 0, 0, 1, false, 1);
   read_back(t);
   const unsigned long long p0 = counter(t, "pressure-submits");
   for (int k = 0; k < 2 * 8192 + 8; k++)
      draw(t, MGP_PRIM_TRIANGLES, 3u * (uint32_t)(k % 8), 3, 1, 0, 0);
   const unsigned long long p1 = counter(t, "pressure-submits") - p0;
   read_back(t);
   all = true;
   for (int k = 0; k < 8; k++)
      all = all && pixel_is(8 * k + 1, 1, 0, 255, 0, 255);
   check(all && p1 == 2, "16392 draws: submitted twice on the way (%llu), every column drawn", p1);

   /* Indexed, with a different base vertex each: still one command. */
   clear_color(t, 0, 0, 0, 1, false, 1);
   const uint16_t idx[3] = {0, 1, 2};
   struct mgp_set_index_buffer ib = {.res = make_buffer(t, sizeof(idx), idx), .index_size = 2};
   t->cv->set_index_buffer(t->ctx, &ib, NULL, 0);
   read_back(t);
   const unsigned long long e0 = counter(t, "cmd-draws");
   for (int k = 0; k < 8; k++)
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 2, 3 * k);
   read_back(t);
   all = true;
   for (int k = 0; k < 8; k++)
      all = all && pixel_is(8 * k + 1, 1, 0, 255, 0, 255);
   check(all && counter(t, "cmd-draws") - e0 == per_run,
         "eight repeated indexed draws (base vertex 0, 3, ... 21): %llu draw command(s) (%llu)",
         per_run, counter(t, "cmd-draws") - e0);

   /* A viewport change between two draws re-records the viewport only, and both draws land
    * where their viewport puts them. */
   clear_color(t, 0, 0, 0, 1, false, 1);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   const unsigned long long s0 = counter(t, "cmd-set-state");
   set_viewport(t, 32, 0, W, H, false, NULL);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   const unsigned long long s1 = counter(t, "cmd-set-state") - s0;
   read_back(t);
   check(pixel_is(1, 1, 0, 255, 0, 255) && pixel_is(33, 1, 0, 255, 0, 255) &&
            pixel_is(9, 1, 0, 0, 0, 255),
         "a viewport change between two draws moves the second only");
   check(s1 == 1, "a viewport change records 1 dynamic-state command (%llu)", s1);
   set_viewport(t, 0, 0, W, H, false, NULL);
   /* glStencilFunc's reference, the same for both faces: one command sets both */
   {
      struct mgp_dynamic_state d = {.viewport = {0, 0, W, H},
                                    .depth_range = {0, 1},
                                    .line_width = 1.0f,
                                    .stencil_ref = {7, 7},
                                    .stencil_read_mask = {~0u, ~0u},
                                    .stencil_write_mask = {~0u, ~0u}};
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
      const unsigned long long r0 = counter(t, "cmd-set-state");
      t->cv->set_dynamic_state(t->ctx, &d, NULL, 0);
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
      const unsigned long long r1 = counter(t, "cmd-set-state") - r0;
      d.stencil_ref[1] = 9; /* glStencilFuncSeparate: the back face alone */
      t->cv->set_dynamic_state(t->ctx, &d, NULL, 0);
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
      const unsigned long long r2 = counter(t, "cmd-set-state") - r0 - r1;
      read_back(t);
      check(r1 == 1 && r2 == 1,
            "a stencil reference change records 1 command (%llu both faces, %llu the back)", r1,
            r2);
      set_viewport(t, 0, 0, W, H, false, NULL);
   }

   /* Two programs in turn: each keeps its descriptor set for the batch (2 sets, new or kept
    * from an earlier batch, not 8). */
   struct mgp_handle prog2 = make_program(t, &color_prog);
   use_program(t, prog2);
   set_consts(t, prog2, 0, 0, 1, 1, 0, 0, 0, 0, 0);
   clear_color(t, 0, 0, 0, 1, false, 1);
   read_back(t);
   const unsigned long long sets0 = counter(t, "descriptor-sets");
   const unsigned long long kept0 = counter(t, "kept-set-reuses");
   for (int k = 0; k < 8; k++) {
      use_program(t, k % 2 ? prog2 : prog);
      draw(t, MGP_PRIM_TRIANGLES, 3u * (uint32_t)k, 3, 1, 0, 0);
   }
   read_back(t);
   /* a set an earlier batch made (prog's, before the read-back) is bound again, not made */
   const unsigned long long sets =
      counter(t, "descriptor-sets") - sets0 + counter(t, "kept-set-reuses") - kept0;
   all = true;
   for (int k = 0; k < 8; k++)
      all = all && pixel_is(8 * k + 1, 1, 0, k % 2 ? 0 : 255, k % 2 ? 255 : 0, 255);
   check(all, "two programs in turn draw with their own uniforms");
   check(sets == 2, "two programs in turn allocate 2 descriptor sets in a batch (%llu)", sets);
   use_program(t, prog);
}

/* The compact draw (the catalog's draw) as the front end sends it. */
static void
draw_compact(struct t *t, uint32_t first)
{
   const struct mgp_draw d = {.mode = MGP_PRIM_TRIANGLES, .start = first, .count = 3};
   t->cv->draw(t->ctx, &d, NULL, 0);
}

/* Compact draws in a row: one after another with no call between is queued alone (the
 * backend's no-change draw); any call between must reach the next draw. A uniform change, a
 * vertex-buffer change, a render-state bind (cull the front faces) and a program change each
 * come between two compact draws, and each second draw's pixels show its new state. */
static void
test_compact_draws(struct t *t, struct mgp_handle prog)
{
   struct mgp_render_state s = gl_render_state();
   float tris[8 * 6];
   column_setup(t, &s, tris);
   struct mgp_handle shifted = make_buffer(t, sizeof(tris) - 6 * sizeof(float), &tris[6]);
   struct mgp_handle prog2 = make_program(t, &color_prog);
   use_program(t, prog);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   read_back(t);
   draw_compact(t, 0); /* column 0, red, the whole way */
   const unsigned long long f0 = counter(t, "fast-draws");
   draw_compact(t, 3); /* column 1: nothing between */
   const unsigned long long f1 = counter(t, "fast-draws") - f0;
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   draw_compact(t, 6); /* column 2, green */
   bind_vb(t, shifted);
   draw_compact(t, 12); /* the shifted buffer's vertex 12: column 5, green */
   s.cull_face = MGP_CULL_MODE_FRONT;
   bind_rs(t, &s);
   draw_compact(t, 18); /* column 7, culled */
   s.cull_face = MGP_CULL_MODE_NONE;
   bind_rs(t, &s);
   use_program(t, prog2);
   set_consts(t, prog2, 0, 0, 1, 1, 0, 0, 0, 0, 0);
   draw_compact(t, 9); /* column 4, blue */
   read_back(t);
   check(f1 == 1, "a compact draw after a compact draw with nothing between: queued alone (%llu)",
         f1);
   const uint8_t want[8][3] = {{255, 0, 0}, {255, 0, 0}, {0, 255, 0}, {0, 0, 0},
                               {0, 0, 255}, {0, 255, 0}, {0, 0, 0},   {0, 0, 0}};
   bool all = true;
   for (int k = 0; k < 8; k++)
      all = pixel_is(8 * k + 1, 1, want[k][0], want[k][1], want[k][2], 255) && all;
   check(all, "compact draws: a uniform, vertex-buffer, render-state or program change between "
              "two reaches the second");
}

/* Compact draws of two contexts in turn, with no call between them: each context's draw after
 * the other's must leave the other's rendering scope and binds (the backend ends and begins a
 * scope and moves the bind owner inside a draw, which call_tick must see), so every column
 * has its own context's program and colour. Then a run of compact draws past
 * VKB_BATCH_DRAW_LIMIT: the queued-alone draw is submitted on the way like any other. */
static void
test_compact_draws_two_contexts(struct t *t, struct mgp_handle prog)
{
   struct mgp_render_state s = gl_render_state();
   float tris[8 * 6];
   void *a = t->ctx;
   struct mgp_handle hb = new_handle(t, MGP_KIND_CONTEXT);
   struct mgp_context_desc cd = {.ctx = hb, .api = 0};
   t->sv->context_create(t->scr, &cd, NULL, 0);
   void *b = mgs_vulkan_backend.context_lookup(t->scr, hb);
   check(b != NULL, "a second context for compact draws in turn");
   if (!b)
      return;
   struct mgp_handle prog2 = make_program(t, &color_prog);
   t->ctx = b;
   column_setup(t, &s, tris);
   use_program(t, prog2);
   set_consts(t, prog2, 0, 0, 1, 1, 0, 0, 0, 0, 0);
   t->ctx = a;
   column_setup(t, &s, tris);
   use_program(t, prog);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   read_back(t);
   const unsigned long long f0 = counter(t, "fast-draws");
   draw_compact(t, 0); /* A, column 0, red: the whole way */
   draw_compact(t, 3); /* A, column 1: queued alone */
   const unsigned long long f1 = counter(t, "fast-draws") - f0;
   t->ctx = b;
   draw_compact(t, 6); /* B, column 2, blue: its scope and binds now */
   draw_compact(t, 9); /* B, column 3: queued alone in its own scope */
   t->ctx = a;
   draw_compact(t, 12); /* A, column 4, red: not in B's scope */
   t->ctx = b;
   draw_compact(t, 15); /* B, column 5, blue: not in A's */
   t->ctx = a;
   draw_compact(t, 18); /* A, column 6, red */
   read_back(t);
   check(f1 == 1,
         "two compact draws of one context with nothing between: the second queued "
         "alone (%llu)",
         f1);
   bool all = true;
   for (int k = 0; k < 7; k++)
      all = pixel_is(8 * k + 1, 1, k == 2 || k == 3 || k == 5 ? 0 : 255, 0,
                     k == 2 || k == 3 || k == 5 ? 255 : 0, 255) &&
            all;
   check(all, "compact draws of two contexts in turn: each column in its own context's colour");
   t->sv->context_destroy(t->scr, &(struct mgp_handle_args){hb}, NULL, 0);

   /* 2 * 8192 + 8 compact draws: submitted twice on the way, every column drawn */
   clear_color(t, 0, 0, 0, 1, false, 1);
   read_back(t);
   const unsigned long long p0 = counter(t, "pressure-submits");
   for (int k = 0; k < 2 * 8192 + 8; k++)
      draw_compact(t, 3u * (uint32_t)(k % 8));
   const unsigned long long p1 = counter(t, "pressure-submits") - p0;
   read_back(t);
   all = true;
   for (int k = 0; k < 8; k++)
      all = all && pixel_is(8 * k + 1, 1, 255, 0, 0, 255);
   check(all && p1 == 2, "16392 compact draws: submitted twice on the way (%llu), every column",
         p1);
}

/* Fast draws (a uniform change between draws: vkb_draw_fast, not the no-change draw) of two
 * contexts in turn: the fast draw compares scope_tick alone for its scope, binds and batch, so
 * every move of the scope or the bind owner must reach it. Each context's draw after the
 * other's goes the whole way, in its own scope and with its own program; the one after its
 * own is fast. */
static void
test_fast_draws_two_contexts(struct t *t, struct mgp_handle prog)
{
   struct mgp_render_state s = gl_render_state();
   float tris[8 * 6];
   void *a = t->ctx;
   struct mgp_handle hb = new_handle(t, MGP_KIND_CONTEXT);
   struct mgp_context_desc cd = {.ctx = hb, .api = 0};
   t->sv->context_create(t->scr, &cd, NULL, 0);
   void *b = mgs_vulkan_backend.context_lookup(t->scr, hb);
   check(b != NULL, "a second context for fast draws in turn");
   if (!b)
      return;
   struct mgp_handle prog2 = make_program(t, &color_prog);
   t->ctx = b;
   column_setup(t, &s, tris);
   use_program(t, prog2);
   t->ctx = a;
   column_setup(t, &s, tris);
   use_program(t, prog);
   read_back(t);
   /* A: red, then green (fast); B: blue, then cyan (fast); A: yellow (after B: the whole
    * way); B: magenta; A: grey, then white (fast) */
   const float col[8][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1},          {0, 1, 1},
                            {1, 1, 0}, {1, 0, 1}, {0.4f, 0.4f, 0.4f}, {1, 1, 1}};
   const int who[8] = {0, 0, 1, 1, 0, 1, 0, 0};
   unsigned long long fast[8];
   for (int k = 0; k < 8; k++) {
      t->ctx = who[k] ? b : a;
      set_consts(t, who[k] ? prog2 : prog, col[k][0], col[k][1], col[k][2], 1, 0, 0, 0, 0, 0);
      const unsigned long long f0 = counter(t, "fast-draws");
      draw_compact(t, 3u * (uint32_t)k);
      fast[k] = counter(t, "fast-draws") - f0;
   }
   t->ctx = a;
   read_back(t);
   bool all = true;
   for (int k = 0; k < 8; k++)
      all = pixel_is(8 * k + 1, 1, (uint8_t)(255 * col[k][0] + 0.5f),
                     (uint8_t)(255 * col[k][1] + 0.5f), (uint8_t)(255 * col[k][2] + 0.5f), 255) &&
            all;
   check(all, "fast draws of two contexts in turn: each column in the colour its context set");
   check(fast[1] == 1 && fast[3] == 1 && fast[7] == 1 && !fast[2] && !fast[4] && !fast[5] &&
            !fast[6],
         "a uniform change between one context's draws is fast (%llu %llu %llu), the draw after "
         "the other context's goes the whole way (%llu %llu %llu %llu)",
         fast[1], fast[3], fast[7], fast[2], fast[4], fast[5], fast[6]);
   t->sv->context_destroy(t->scr, &(struct mgp_handle_args){hb}, NULL, 0);
}

/* A render state keeps its dynamic part as computed for the pipeline-key fields it read
 * (vkb_rs_memo): bound again for a framebuffer of another kind, it is computed for that one.
 * Depth test on with GL_NEVER: with no depth buffer GL tests nothing and the column is drawn;
 * with one, nothing passes. */
static void
test_render_state_memo(struct t *t, struct mgp_handle prog)
{
   struct mgp_render_state s = gl_render_state();
   float tris[8 * 6];
   column_setup(t, &s, tris);
   use_program(t, prog);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   s.depth_test = 1;
   s.depth_func = MGP_COMPARE_FUNC_NEVER;
   const struct mgp_handle never = bind_rs(t, &s);
   draw_compact(t, 0); /* column 0: no depth buffer, drawn */
   use_default_fb(t, true);
   t->cv->bind_render_state(t->ctx, &(struct mgp_handle_args){never}, NULL, 0);
   draw_compact(t, 3); /* column 1: a depth buffer, nothing passes */
   use_default_fb(t, false);
   draw_compact(t, 6); /* column 2: none again, drawn */
   read_back(t);
   check(pixel_is(1, 1, 255, 0, 0, 255) && pixel_is(8 + 1, 1, 0, 0, 0, 255) &&
            pixel_is(16 + 1, 1, 255, 0, 0, 255),
         "a render state bound for framebuffers with and without depth: each draw tests as its "
         "framebuffer has it");
}

/* GL's enable/draw/disable/draw toggles between render states whose pipeline part is one:
 * each draw records only the dynamic commands that differ from the state recorded before it
 * (vkb_dynstate.c keeps the last two and the commands between them), whichever way it goes
 * and when a third state comes between. Column k is drawn or not as its state says; the
 * commands counted are what the field-by-field difference of each step gives. */
static void
test_render_state_toggles(struct t *t, struct mgp_handle prog)
{
   struct mgp_render_state s = gl_render_state();
   float tris[8 * 6];
   column_setup(t, &s, tris);
   use_program(t, prog);
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   use_default_fb(t, true);
   const struct mgp_handle a = bind_rs(t, &s); /* depth test off (its func LESS): drawn */
   struct mgp_render_state sb = s;
   sb.depth_test = 1;
   sb.depth_func = MGP_COMPARE_FUNC_NEVER;
   const struct mgp_handle b = bind_rs(t, &sb); /* nothing passes */
   struct mgp_render_state sc = s;
   sc.cull_face = MGP_CULL_MODE_FRONT_AND_BACK;
   const struct mgp_handle c = bind_rs(t, &sc); /* every face culled */
   struct mgp_render_state sd = s;
   sd.depth_test = 1;
   sd.depth_func = MGP_COMPARE_FUNC_ALWAYS;
   const struct mgp_handle d = bind_rs(t, &sd); /* everything passes */
   const struct mgp_handle order[8] = {a, b, a, b, c, a, c, d};
   const bool drawn[8] = {true, false, true, false, false, true, false, true};
   const struct vkb_screen *scr = t->scr;
   unsigned long long set0 = 0;
   for (int k = 0; k < 8; k++) {
      t->cv->bind_render_state(t->ctx, &(struct mgp_handle_args){order[k]}, NULL, 0);
      draw_compact(t, 3 * (uint32_t)k);
      if (k == 0)
         set0 = scr->stats.cmd_set_state;
   }
   /* a->b 2 (test, func), b->a 2, a->b 2, b->c 3 (test, func, cull), c->a 1, a->c 1,
    * c->d 3 */
   const unsigned long long sets = scr->stats.cmd_set_state - set0;
   const bool dyn = scr->has_dyn_rs;
   read_back(t);
   bool ok = true;
   for (int k = 0; k < 8; k++)
      ok = pixel_is(8 * k + 1, 1, 0, drawn[k] ? 255 : 0, 0, 255) && ok;
   check(ok && (!dyn || sets == 14),
         "render-state toggles: each column as its state says, %llu state commands (want 14)",
         sets);
}

static void
test_indexed(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   /* A quad over the right half: x in [0, 1] NDC, y in [-1, 1]. Two spare vertices first, for
    * the base-vertex case. */
   const float verts[] = {9, 9, 9, 9, 0, -1, 1, -1, 1, 1, 0, 1};
   struct mgp_handle vb = make_buffer(t, sizeof(verts), verts);
   bind_vb(t, vb);
   const uint16_t i16[] = {0, 1, 2, 0, 2, 3};
   const uint8_t i8[] = {2, 3, 4, 2, 4, 5};
   const uint32_t i32[] = {2, 3, 4, 2, 4, 5};
   struct mgp_handle ib16 = make_buffer(t, sizeof(i16), i16);
   struct mgp_handle ib8 = make_buffer(t, sizeof(i8), i8);
   struct mgp_handle ib32 = make_buffer(t, sizeof(i32), i32);

   struct mgp_set_index_buffer ib = {.res = ib16, .index_size = 2};
   t->cv->set_index_buffer(t->ctx, &ib, NULL, 0);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 6, 1, 2, 2); /* base vertex 2 */
   read_back(t);
   check(pixel_is(40, 10, 255, 0, 0, 255) && pixel_is(63, 63, 255, 0, 0, 255) &&
            pixel_is(31, 10, 0, 0, 0, 255),
         "indexed quad (16-bit indices, base vertex 2)");

   clear_color(t, 0, 0, 0, 1, false, 1);
   ib = (struct mgp_set_index_buffer){.res = ib8, .index_size = 1};
   t->cv->set_index_buffer(t->ctx, &ib, NULL, 0);
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 6, 1, 1, 0);
   ib = (struct mgp_set_index_buffer){.res = ib32, .index_size = 4};
   t->cv->set_index_buffer(t->ctx, &ib, NULL, 0);
   set_consts(t, prog, 0, 0, 1, 1, -1, 0, 0, 0, 0); /* moved to the left half */
   draw(t, MGP_PRIM_TRIANGLES, 0, 6, 1, 4, 0);
   read_back(t);
   check(pixel_is(40, 10, 0, 255, 0, 255) && pixel_is(10, 10, 0, 0, 255, 255),
         "indexed quads with 8-bit and 32-bit indices");
}

/* A draw the whole way declines (indices past the index buffer), then the same again with
 * nothing between, as draw_vbo and as the compact draw (vkb_draw_fast, draw_unchanged): each is
 * declined and counted, none queued; likewise the compact draw past it after one that drew.
 * (vkb_draw_vbo drops the fast path before the whole way, which sets it only once it drew.) */
static void
test_declined_repeat(struct t *t, struct mgp_handle prog)
{
   use_program(t, prog);
   const uint16_t idx[6] = {0, 1, 2, 0, 2, 3};
   const struct mgp_set_index_buffer ib = {.res = make_buffer(t, sizeof(idx), idx),
                                           .index_size = 2};
   t->cv->set_index_buffer(t->ctx, &ib, NULL, 0);
   static const struct {
      bool compact;
      uint32_t count;
   } steps[] = {{false, 6}, {true, 600}, {false, 600}, {true, 600}, {true, 600}, {true, 6}};
   for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
      const uint64_t d0 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
      const unsigned long long f0 = counter(t, "fast-draws");
      if (steps[i].compact) {
         const struct mgp_draw d = {
            .mode = MGP_PRIM_TRIANGLES, .index_size = 2, .count = steps[i].count};
         t->cv->draw(t->ctx, &d, NULL, 0);
      } else {
         draw(t, MGP_PRIM_TRIANGLES, 0, steps[i].count, 1, 2, 0);
      }
      const bool refused = steps[i].count > 6;
      const uint64_t declined = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) - d0;
      const unsigned long long fast = counter(t, "fast-draws") - f0;
      check(declined == (refused ? 1u : 0u) && (!refused || fast == 0) && t->fatal_count == 0,
            "%s of %u indices over 6 (step %zu): %s (%llu backend-draw-incomplete, %llu fast)",
            steps[i].compact ? "a compact draw" : "draw_vbo", steps[i].count, i,
            refused ? "refused" : "drawn", (unsigned long long)declined, fast);
   }
}

/* Indexed indirect draws whose commands, which the GPU reads from the client's buffer, put the
 * index reads past the index buffer (firstIndex near 2^32 / 4, 600 indices from its end): Vulkan
 * leaves that undefined unless robustBufferAccess2 is on (robustBufferAccess does not bound
 * index fetches), so the backend draws them only with it, where they read zeros (vertex 0:
 * degenerate triangles), and declines them by name without it. An honest command after them
 * draws. */
static void
test_indirect_index_bounds(struct t *t, struct mgp_handle prog)
{
   const struct vkb_screen *scr = t->scr;
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   const float verts[] = {0, -1, 1, -1, 1, 1, 0, 1};
   bind_vb(t, make_buffer(t, sizeof(verts), verts));
   const uint16_t i16[] = {0, 1, 2, 0, 2, 3};
   const struct mgp_set_index_buffer ib = {.res = make_buffer(t, sizeof(i16), i16),
                                           .index_size = 2};
   t->cv->set_index_buffer(t->ctx, &ib, NULL, 0);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   /* {count, instances, first index, base vertex, base instance} */
   const uint32_t cmds[3][5] = {{3, 1, 0x3fffffffu, 0, 0}, {600, 1, 6, 0, 0}, {6, 1, 0, 0, 0}};
   const struct mgp_handle ind = make_buffer(t, sizeof(cmds), cmds);
   const uint64_t d0 = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   for (uint32_t i = 0; i < 2; i++) {
      const struct mgp_draw_indirect a = {.mode = MGP_PRIM_TRIANGLES,
                                          .index_size = 2,
                                          .indirect = ind,
                                          .offset = i * sizeof(cmds[0]),
                                          .stride = sizeof(cmds[0]),
                                          .draw_count = 1};
      t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   }
   read_back(t);
   const uint64_t declined = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) - d0;
   check(!scr->failed && pixel_is(40, 10, 0, 0, 0, 255) &&
            declined == (scr->has_robust_buffer2 ? 0u : 2u),
         "indexed indirect draws reading past the index buffer: nothing drawn, %s (%llu declined)",
         scr->has_robust_buffer2 ? "drawn under robustBufferAccess2" : "declined without it",
         (unsigned long long)declined);
   /* the honest command with a flag bit the backend does not know (hostile bytes): declined
    * by name, nothing drawn, rather than drawn with the bit dropped */
   const struct mgp_draw_indirect flagged = {.mode = MGP_PRIM_TRIANGLES,
                                             .index_size = 2,
                                             .flags = 0x80,
                                             .indirect = ind,
                                             .offset = 2 * sizeof(cmds[0]),
                                             .stride = sizeof(cmds[0]),
                                             .draw_count = 1};
   const uint64_t f0 = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   t->cv->draw_indirect(t->ctx, &flagged, NULL, 0);
   read_back(t);
   check(!scr->failed && pixel_is(40, 10, 0, 0, 0, 255) &&
            mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == f0 + 1,
         "an indirect draw with flag bit 0x80: declined (%llu), nothing drawn",
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) - f0));
   const struct mgp_draw_indirect a = {.mode = MGP_PRIM_TRIANGLES,
                                       .index_size = 2,
                                       .indirect = ind,
                                       .offset = 2 * sizeof(cmds[0]),
                                       .stride = sizeof(cmds[0]),
                                       .draw_count = 1};
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   read_back(t);
   check(!scr->failed && (!scr->has_robust_buffer2 || pixel_is(40, 10, 255, 0, 0, 255)),
         "an honest indexed indirect draw after them draws (where indexed indirect draws are "
         "taken)");
   /* a screen without robustBufferAccess2 (test-only knob): every indexed indirect draw
    * declines before it is recorded, the session goes on */
   setenv("MGL_TEST_VK_NO_ROBUSTNESS2", "1", 1);
   struct t t2;
   const bool up = start(&t2, false);
   unsetenv("MGL_TEST_VK_NO_ROBUSTNESS2");
   if (!up) {
      check(false, "a screen with MGL_TEST_VK_NO_ROBUSTNESS2");
      return;
   }
   const struct vkb_screen *s2 = t2.scr;
   const uint64_t d2 = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   const struct mgp_draw_indirect a2 = {.mode = MGP_PRIM_TRIANGLES,
                                        .index_size = 2,
                                        .indirect = make_buffer(&t2, sizeof(cmds), cmds),
                                        .stride = sizeof(cmds[0]),
                                        .draw_count = 1};
   t2.cv->draw_indirect(t2.ctx, &a2, NULL, 0);
   check(!s2->has_robust_buffer2 &&
            mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == d2 + 1 && !s2->failed &&
            t2.fatal_count == 0,
         "without robustBufferAccess2 an indexed indirect draw declines "
         "backend-feature-unimplemented (%llu)",
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) - d2));
   mgs_vulkan_backend.screen_destroy(t2.scr);
}

/* A run of indirect draws keeps one rendering scope (issue 22): each draw's command clamp
 * (vkb_draw_clamp.c) is a copy and a compute step, which cannot run inside a scope, so it goes
 * into the batch's pre-pass command buffer submitted right before the scope. Eight indirect
 * draws of eight strips, each from its own command (and one indirect-count draw), after a first
 * one: no scope begun past that first, every strip drawn, the gap between the strips not, each
 * clamp counted as recorded before its scope. Then a command rewritten inside the scope
 * (resource_subdata: the scope's versioned copy, which the pre-pass would not see) ends the
 * scope for its draw, which draws the new command. */
static void
test_indirect_one_scope(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   /* strip i: x from -1 + i / 4 to -1 + i / 4 + 1 / 8 (pixels 8i .. 8i + 3) */
   float verts[9][6][2];
   for (int i = 0; i < 9; i++) {
      const float x0 = -1.0f + (float)(i % 8) / 4.0f, x1 = x0 + 0.125f;
      const float y0 = i < 8 ? -1.0f : 0.5f, y1 = i < 8 ? 0.0f : 1.0f;
      const float q[6][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y0}, {x1, y1}, {x0, y1}};
      memcpy(verts[i], q, sizeof(q));
   }
   bind_vb(t, make_buffer(t, sizeof(verts), verts));
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   /* {count, instances, first vertex, base instance}; command 9's count word at 9 * 16 */
   uint32_t cmds[10][4];
   for (uint32_t i = 0; i < 9; i++)
      memcpy(cmds[i], (uint32_t[4]){6, 1, 6 * i, 0}, sizeof(cmds[i]));
   memcpy(cmds[9], (uint32_t[4]){1, 0, 0, 0}, sizeof(cmds[9]));
   /* past VKB_SHADOW_SIZE_MAX: no CPU shadow, so every draw clamps (a small buffer's commands
    * within budget draw unclamped, test_indirect_unclamped) */
   const struct mgp_handle big = make_buffer(t, VKB_SHADOW_SIZE_MAX + sizeof(cmds), NULL);
   buffer_subdata(t, big, 0, sizeof(cmds), cmds);
   struct mgp_draw_indirect a = {
      .mode = MGP_PRIM_TRIANGLES, .indirect = big, .stride = sizeof(cmds[0]), .draw_count = 1};
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   /* the screen's own figures: reading the gate counters settles the clamps (a submit) */
   const struct vkb_screen *scr = t->scr;
   const unsigned long long passes = scr->stats.render_passes_begun;
   const unsigned long long pre = scr->stats.clamps_prepass;
   for (uint32_t i = 1; i < 8; i++) {
      a.offset = i * sizeof(cmds[0]);
      t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   }
   /* strip 8 (top left), by an indirect-count draw whose count is the buffer's last command */
   struct mgp_draw_indirect c = a;
   c.offset = 8 * sizeof(cmds[0]);
   c.draw_count = 1;
   c.count = big;
   c.count_offset = 9 * sizeof(cmds[0]);
   t->cv->draw_indirect(t->ctx, &c, NULL, 0);
   const unsigned long long passes_after = scr->stats.render_passes_begun;
   const unsigned long long pre_after = scr->stats.clamps_prepass;
   read_back(t);
   int drawn = 0, gaps = 0;
   for (int i = 0; i < 8; i++) {
      drawn += pixel_is(8 * i + 1, 10, 255, 0, 0, 255);
      gaps += pixel_is(8 * i + 6, 10, 0, 0, 0, 255);
   }
   check(!scr->failed && drawn == 8 && gaps == 8 && pixel_is(1, 60, 255, 0, 0, 255) &&
            pixel_is(9, 60, 0, 0, 0, 255),
         "a run of indirect draws: %d of 8 strips drawn, %d of 8 gaps clear", drawn, gaps);
   check(passes_after == passes && pre_after == pre + 8,
         "8 indirect draws after the first in one scope: %llu scopes begun (0 wanted), %llu "
         "clamps in the pre-pass (8 wanted)",
         passes_after - passes, pre_after - pre);

   /* the command rewritten in the scope: strip 0 becomes strip 1's upper left triangle (a
    * small buffer: the rewrite is the scope's versioned copy) */
   const struct mgp_handle ind = make_buffer(t, sizeof(cmds), cmds);
   clear_color(t, 0, 0, 0, 1, false, 1);
   a.indirect = ind;
   a.offset = 0;
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   const uint32_t moved[4] = {3, 1, 9, 0};
   buffer_subdata(t, ind, 0, sizeof(moved), moved);
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   read_back(t);
   /* strip 0 from the first draw; of strip 1 only the upper left triangle, from the second */
   check(!scr->failed && pixel_is(1, 10, 255, 0, 0, 255) && pixel_is(8, 28, 255, 0, 0, 255) &&
            pixel_is(11, 2, 0, 0, 0, 255) && pixel_is(17, 10, 0, 0, 0, 255),
         "an indirect draw after its command was rewritten in the scope draws the new command");
}

/* Indirect draws from a buffer only the CPU wrote (its shadow is the bytes the GPU reads,
 * vkb_rename.c) whose commands are within the budget read the client's buffer: no clamp, no
 * pre-pass, the scope goes on (issue 22/20, multi_draw_indirect's per-call cost). A command
 * rewritten past the budget by resource_subdata, the same draw again (the kept answer must
 * go), and a command a GPU copy wrote (no shadow) are clamped as before. */
static void
test_indirect_unclamped(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   float verts[8][6][2];
   for (int i = 0; i < 8; i++) {
      const float x0 = -1.0f + (float)i / 4.0f, x1 = x0 + 0.125f;
      const float q[6][2] = {{x0, -1}, {x1, -1}, {x1, 0}, {x0, -1}, {x1, 0}, {x0, 0}};
      memcpy(verts[i], q, sizeof(q));
   }
   bind_vb(t, make_buffer(t, sizeof(verts), verts));
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   /* 256 commands (the budget a command: 2^24 / 256 on a CPU device, 2^30 / 256 on a GPU):
    * the first eight strip i, the rest no work */
   enum { N = 256 };
   static uint32_t cmds[N][4];
   memset(cmds, 0, sizeof(cmds));
   for (uint32_t i = 0; i < 8; i++)
      memcpy(cmds[i], (uint32_t[4]){6, 1, 6 * i, 0}, sizeof(cmds[i]));
   const struct mgp_handle ind = make_buffer(t, sizeof(cmds), cmds);
   struct mgp_draw_indirect a = {
      .mode = MGP_PRIM_TRIANGLES, .indirect = ind, .stride = sizeof(cmds[0]), .draw_count = 1};
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   struct vkb_screen *scr = t->scr;
   const unsigned long long passes = scr->stats.render_passes_begun;
   const unsigned long long pre = scr->stats.clamps_prepass;
   const unsigned long long un = scr->stats.indirect_unclamped;
   for (uint32_t i = 1; i < 4; i++) {
      a.offset = i * sizeof(cmds[0]);
      t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   }
   /* strips 4-7 and 248 commands of no work in one multi-draw */
   struct mgp_draw_indirect m = a;
   m.offset = 4 * sizeof(cmds[0]);
   m.draw_count = N - 4;
   t->cv->draw_indirect(t->ctx, &m, NULL, 0);
   const unsigned long long passes_after = scr->stats.render_passes_begun;
   const unsigned long long pre_after = scr->stats.clamps_prepass;
   const unsigned long long un_after = scr->stats.indirect_unclamped;
   read_back(t);
   int drawn = 0, gaps = 0;
   for (int i = 0; i < 8; i++) {
      drawn += pixel_is(8 * i + 1, 10, 0, 255, 0, 255);
      gaps += pixel_is(8 * i + 6, 10, 0, 0, 0, 255);
   }
   check(!scr->failed && drawn == 8 && gaps == 8,
         "unclamped indirect draws: %d of 8 strips drawn, %d of 8 gaps clear", drawn, gaps);
   check(un_after == un + 4 && pre_after == pre && passes_after == passes,
         "4 indirect draws of CPU-written commands within budget: %llu unclamped (4 wanted), "
         "%llu clamps (0 wanted), %llu scopes begun (0 wanted)",
         un_after - un, pre_after - pre, passes_after - passes);

   /* all 256 again (the answer kept), then strip 0's instances rewritten past any budget: the
    * same draw twice must clamp (one indirect-draw-clamped each), and still draws strips 0-7 */
   vkb_draw_clamp_settle(scr);
   const uint64_t clamped = mgu_decline_count(MGU_DECLINE_indirect_draw_clamped);
   clear_color(t, 0, 0, 0, 1, false, 1);
   a.offset = 0;
   a.draw_count = N; /* the budget 2^24 / 256 on lavapipe: a clamped draw stays cheap */
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   const uint32_t hostile[4] = {6, 0x7fffffffu, 0, 0};
   buffer_subdata(t, ind, 0, sizeof(hostile), hostile);
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   read_back(t);
   vkb_draw_clamp_settle(scr);
   const unsigned long long un_hostile = scr->stats.indirect_unclamped;
   check(!scr->failed && un_hostile == un_after + 1 &&
            mgu_decline_count(MGU_DECLINE_indirect_draw_clamped) == clamped + 2 &&
            pixel_is(1, 10, 0, 255, 0, 255) && pixel_is(9, 10, 0, 255, 0, 255),
         "a command rewritten past the budget: %llu more unclamped (1 wanted: the draw before "
         "it), %llu clamped (2 wanted)",
         un_hostile - un_after,
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_indirect_draw_clamped) - clamped));

   /* the same commands copied in by the GPU (resource_copy_region): no shadow, so clamped */
   const struct mgp_handle copy = make_buffer(t, sizeof(cmds), NULL);
   const struct mgp_resource_copy_region cr = {
      .dst = copy, .src = ind, .src_box = {0, 0, 0, (uint32_t)sizeof(cmds), 1, 1}};
   t->cv->resource_copy_region(t->ctx, &cr, NULL, 0);
   a.indirect = copy;
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   read_back(t);
   vkb_draw_clamp_settle(scr);
   check(!scr->failed && scr->stats.indirect_unclamped == un_hostile &&
            mgu_decline_count(MGU_DECLINE_indirect_draw_clamped) == clamped + 3,
         "commands a GPU copy wrote are clamped (%llu unclamped, 0 wanted)",
         scr->stats.indirect_unclamped - un_hostile);
}

static struct mgp_handle make_nearest_sampler(struct t *t, uint16_t compare_mode);

/* A 4x4 RGBA8 texture of one colour, its sampler view. */
static struct mgp_handle
solid_view(struct t *t, uint8_t r, uint8_t g, uint8_t b)
{
   uint8_t texels[4 * 4 * 4];
   for (int k = 0; k < 16; k++)
      texels[4 * k] = r, texels[4 * k + 1] = g, texels[4 * k + 2] = b, texels[4 * k + 3] = 255;
   const struct mgp_handle tex =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 1);
   const struct mgp_resource_subdata up = {.res = tex,
                                           .format = MGP_FORMAT_RGBA8_UNORM,
                                           .box = {0, 0, 0, 4, 4, 1},
                                           .data = {.ptr = texels, .size = sizeof(texels)}};
   t->cv->resource_subdata(t->ctx, &up, NULL, 0);
   const struct mgp_texture_params tp = {
      .res = tex, .max_level = 1000, .swizzle = {0, 1, 2, 3}, .min_lod = -1000, .max_lod = 1000};
   t->cv->set_texture_params(t->ctx, &tp, NULL, 0);
   const struct mgp_handle view = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   const struct mgp_create_sampler_view cv = {.cso = view,
                                              .texture = tex,
                                              .format = MGP_FORMAT_RGBA8_UNORM,
                                              .target = MGP_RESOURCE_TARGET_TEX_2D,
                                              .num_levels = 1};
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   return view;
}

/* An indirect draw of the last draw's state binds what that draw bound, without a gather
 * (indirect-memo-hits; issue 20, multi_draw_indirect): a multi-draw of two full-screen quads
 * twice, the second a hit. A uniform buffer or a texture bound between (the draw reads the
 * new one: pixels), a buffer respecified (no hit: the whole way) and a direct draw before it
 * (a hit: the direct draw's state) are each seen in what is drawn. The counts are the
 * screen's own (reading the gate counters submits). Red before the memo: no counter
 * indirect-memo-hits. */
static void
test_indirect_memo(struct t *t)
{
   struct vkb_screen *scr = t->scr;
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_handle prog = make_program(t, &ubo_prog);
   use_program(t, prog);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(full_quad_strip), full_quad_strip));
   const float add_a[4] = {0.2f, 0, 0, 0}, add_b[4] = {0.6f, 0, 0, 0}, add_c[4] = {0.4f, 0, 0, 0};
   const struct mgp_handle ubo_a = make_buffer(t, 16, add_a), ubo_b = make_buffer(t, 16, add_b);
   struct mgp_set_shader_buffers sb = {.cls = 0, .start = 1, .count = 1};
   struct mgp_buffer_range br = {.res = ubo_a, .offset = 0, .size = 16};
   t->cv->set_shader_buffers(t->ctx, &sb, &br, 1);
   set_consts(t, prog, 0, 0.4f, 0, 1, 0, 0, 0, 0, 0);
   /* {count, instances, first vertex, base instance} twice: a multi-draw of the quad */
   const uint32_t cmds[2][4] = {{4, 1, 0, 0}, {4, 1, 0, 0}};
   const struct mgp_draw_indirect a = {.mode = MGP_PRIM_TRIANGLE_STRIP,
                                       .indirect = make_buffer(t, sizeof(cmds), cmds),
                                       .stride = sizeof(cmds[0]),
                                       .draw_count = 2};
   const unsigned long long h0 = scr->stats.indirect_memo_hits;
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   const unsigned long long h1 = scr->stats.indirect_memo_hits;
   read_back(t);
   check(!scr->failed && pixel_is(32, 32, 51, 102, 0, 255) && h1 == h0 + 1,
         "a multi-draw-indirect twice: the second bound the first one's state (%llu memo hits, "
         "want 1), both drew",
         h1 - h0);
   counter(t, "indirect-memo-hits"); /* in the gate counters' table */

   /* another uniform buffer bound: the draw after it reads it */
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   br.res = ubo_b;
   t->cv->set_shader_buffers(t->ctx, &sb, &br, 1);
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   read_back(t);
   check(!scr->failed && pixel_is(32, 32, 153, 102, 0, 255),
         "an indirect draw after a uniform buffer was bound reads the new one");

   /* B respecified (glBufferData: another VkBuffer) between two indirect draws: the whole
    * way, which reads its new bytes; the draw after that binds its state again */
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   struct mgp_resource_desc d = {.res = ubo_b,
                                 .target = MGP_RESOURCE_TARGET_BUFFER,
                                 .size = 16,
                                 .bind_mask = MGP_BIND_CONSTANT,
                                 .usage = MGP_BUFFER_USAGE_STATIC_DRAW};
   t->sv->resource_respecify(t->scr, &d, NULL, 0);
   buffer_subdata(t, ubo_b, 0, sizeof(add_c), add_c);
   const unsigned long long h2 = scr->stats.indirect_memo_hits;
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   const unsigned long long h3 = scr->stats.indirect_memo_hits;
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   const unsigned long long h4 = scr->stats.indirect_memo_hits;
   read_back(t);
   check(!scr->failed && pixel_is(32, 32, 102, 102, 0, 255) && h3 == h2 && h4 == h3 + 1,
         "an indirect draw after its uniform buffer was respecified reads the new bytes the "
         "whole way (%llu memo hits, want 0), the next binds its state (%llu, want 1)",
         h3 - h2, h4 - h3);

   /* a direct draw, then an indirect one of its state */
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   const unsigned long long h5 = scr->stats.indirect_memo_hits;
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   check(!scr->failed && scr->stats.indirect_memo_hits == h5 + 1,
         "an indirect draw after a direct one binds that one's state (%llu memo hits, want 1)",
         scr->stats.indirect_memo_hits - h5);

   /* a texture bound between two indirect draws: the second samples it */
   struct mgp_handle tprog = make_program(t, &tex_prog);
   use_program(t, tprog);
   bind_ve(t, true, 16);
   const float quad[] = {-1, -1, 0, 0, 1, -1, 1, 0, -1, 1, 0, 1, 1, 1, 1, 1};
   bind_vb(t, make_buffer(t, sizeof(quad), quad));
   struct mgp_handle red = solid_view(t, 200, 0, 0), green = solid_view(t, 0, 200, 0);
   struct mgp_handle samp = make_nearest_sampler(t, MGP_COMPARE_MODE_NONE);
   struct mgp_set_handles sh = {.start = 0, .count = 1};
   t->cv->set_sampler_views(t->ctx, &sh, &red, 1);
   t->cv->bind_sampler_states(t->ctx, &sh, &samp, 1);
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   read_back(t);
   check(!scr->failed && pixel_is(32, 32, 200, 0, 0, 255), "an indirect textured draw");
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   t->cv->set_sampler_views(t->ctx, &sh, &green, 1);
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   read_back(t);
   check(!scr->failed && pixel_is(32, 32, 0, 200, 0, 255),
         "an indirect draw after a texture was bound samples the new one");
   struct mgp_handle none = {0};
   t->cv->set_sampler_views(t->ctx, &sh, &none, 1);
   struct mgp_buffer_range nb = {0};
   t->cv->set_shader_buffers(t->ctx, &sb, &nb, 1);
   check(t->fatal_count == 0, "no fatal (%s)", t->fatal_count ? t->fatal : "-");
}

/* The restart tests' strips: two quads' strips split by index 0xffff at the bottom corners,
 * and vertex 0xffff (what a strip without restart reads there) at the top middle, whose
 * triangles cover the centre. Returns false (failed) when the vertices could not be made. */
static bool
bind_restart_strips(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   use_program(t, prog);
   bind_ve(t, false, 8);
   enum { NV = 65536 };
   float(*verts)[2] = calloc(NV, sizeof(*verts));
   if (!verts) {
      check(false, "out of memory");
      return false;
   }
   const float quads[8][2] = {{-1, -1},   {-0.5f, -1}, {-1, 0},   {-0.5f, 0},
                              {0.5f, -1}, {1, -1},     {0.5f, 0}, {1, 0}};
   memcpy(verts, quads, sizeof(quads));
   verts[NV - 1][0] = 0;
   verts[NV - 1][1] = 0.5f;
   bind_vb(t, make_buffer(t, NV * sizeof(*verts), verts));
   free(verts);
   const uint16_t idx[9] = {0, 1, 2, 3, 0xffff, 4, 5, 6, 7};
   const struct mgp_set_index_buffer ib = {.res = make_buffer(t, sizeof(idx), idx),
                                           .index_size = 2};
   t->cv->set_index_buffer(t->ctx, &ib, NULL, 0);
   return true;
}

/* An indexed indirect draw with primitive restart (a GL_TRIANGLE_STRIP of two quads, left and
 * right, split by the all-ones index) takes the indirect memo after one like it
 * (indirect-memo-hits; issue 20: restart went the whole way every time), and restart toggling
 * between indirect draws keeps each draw's own: without restart index 0xffff is vertex 65535,
 * at the top middle, whose triangles cover the centre; with it the centre stays clear. Red
 * before: no hit for the second restart draw. */
static void
test_indirect_restart_memo(struct t *t, struct mgp_handle prog)
{
   struct vkb_screen *scr = t->scr;
   if (!scr->has_robust_buffer2) {
      fprintf(stderr, "  (indexed indirect draws need robustBufferAccess2: skipped)\n");
      return;
   }
   if (!bind_restart_strips(t, prog))
      return;
   /* {count, instances, first index, base vertex, base instance} */
   const uint32_t cmd[5] = {9, 1, 0, 0, 0};
   const struct mgp_draw_indirect on = {.mode = MGP_PRIM_TRIANGLE_STRIP,
                                        .index_size = 2,
                                        .flags = MGP_DRAW_PRIMITIVE_RESTART,
                                        .restart_index = 0xffff,
                                        .indirect = make_buffer(t, sizeof(cmd), cmd),
                                        .stride = sizeof(cmd),
                                        .draw_count = 1};
   struct mgp_draw_indirect off = on;
   off.flags = 0;
   off.restart_index = 0;

   clear_color(t, 0, 0, 0, 1, false, 1);
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   const unsigned long long h0 = scr->stats.indirect_memo_hits;
   t->cv->draw_indirect(t->ctx, &on, NULL, 0);
   t->cv->draw_indirect(t->ctx, &on, NULL, 0);
   const unsigned long long h1 = scr->stats.indirect_memo_hits;
   read_back(t);
   check(!scr->failed && pixel_is(8, 16, 0, 255, 0, 255) && pixel_is(56, 16, 0, 255, 0, 255) &&
            pixel_is(32, 32, 0, 0, 0, 255) && h1 == h0 + 1,
         "a restart indirect draw twice: both restart (the centre clear), the second bound the "
         "first one's state (%llu memo hits, want 1)",
         h1 - h0);

   /* without restart (red: the centre drawn), then with it (green: the quads alone) */
   clear_color(t, 0, 0, 0, 1, false, 1);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   t->cv->draw_indirect(t->ctx, &off, NULL, 0);
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   t->cv->draw_indirect(t->ctx, &on, NULL, 0);
   read_back(t);
   check(!scr->failed && pixel_is(8, 16, 0, 255, 0, 255) && pixel_is(56, 16, 0, 255, 0, 255) &&
            pixel_is(32, 32, 255, 0, 0, 255),
         "restart turned on between two indirect draws: the second restarts");
   /* with restart (green), then without it (red over the centre too) */
   clear_color(t, 0, 0, 0, 1, false, 1);
   t->cv->draw_indirect(t->ctx, &on, NULL, 0);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   t->cv->draw_indirect(t->ctx, &off, NULL, 0);
   read_back(t);
   check(!scr->failed && pixel_is(8, 16, 255, 0, 0, 255) && pixel_is(56, 16, 255, 0, 0, 255) &&
            pixel_is(32, 32, 255, 0, 0, 255),
         "restart turned off between two indirect draws: the second does not restart");
   check(t->fatal_count == 0, "no fatal (%s)", t->fatal_count ? t->fatal : "-");
}

/* A direct draw with primitive restart at the all-ones index takes the fast draw after one
 * that restarted alike (the same pipeline, or restart enable recorded with the render state),
 * and never after one that did not, nor the other way round: the pixels of a strip whose
 * restart index cuts out a triangle over the centre, drawn with restart toggled between two
 * direct draws. */
static void
test_direct_restart_fast(struct t *t, struct mgp_handle prog)
{
   struct vkb_screen *scr = t->scr;
   if (!bind_restart_strips(t, prog))
      return;
   const struct mgp_draw_range r = {0, 9, 0};
   const struct mgp_draw_vbo on = {.mode = MGP_PRIM_TRIANGLE_STRIP,
                                   .index_size = 2,
                                   .instance_count = 1,
                                   .num_draws = 1,
                                   .flags = MGP_DRAW_PRIMITIVE_RESTART,
                                   .restart_index = 0xffff};
   struct mgp_draw_vbo off = on;
   off.flags = 0;
   off.restart_index = 0;

   clear_color(t, 0, 0, 0, 1, false, 1);
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   const unsigned long long f0 = scr->stats.fast_draws;
   t->cv->draw_vbo(t->ctx, &on, &r, 1);
   t->cv->draw_vbo(t->ctx, &on, &r, 1);
   const unsigned long long f1 = scr->stats.fast_draws;
   read_back(t);
   check(!scr->failed && pixel_is(8, 16, 0, 255, 0, 255) && pixel_is(56, 16, 0, 255, 0, 255) &&
            pixel_is(32, 32, 0, 0, 0, 255) && f1 == f0 + 1,
         "a restart direct draw twice: both restart (the centre clear), the second a fast draw "
         "(%llu fast draws, want 1)",
         f1 - f0);

   /* without restart (red: the centre drawn), then with it (green: the quads alone) */
   clear_color(t, 0, 0, 0, 1, false, 1);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   t->cv->draw_vbo(t->ctx, &off, &r, 1);
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   t->cv->draw_vbo(t->ctx, &on, &r, 1);
   read_back(t);
   check(!scr->failed && pixel_is(8, 16, 0, 255, 0, 255) && pixel_is(56, 16, 0, 255, 0, 255) &&
            pixel_is(32, 32, 255, 0, 0, 255),
         "restart turned on between two direct draws: the second restarts");
   /* with restart (green), then without it (red over the centre too) */
   clear_color(t, 0, 0, 0, 1, false, 1);
   t->cv->draw_vbo(t->ctx, &on, &r, 1);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   t->cv->draw_vbo(t->ctx, &off, &r, 1);
   read_back(t);
   check(!scr->failed && pixel_is(8, 16, 255, 0, 0, 255) && pixel_is(56, 16, 255, 0, 0, 255) &&
            pixel_is(32, 32, 255, 0, 0, 255),
         "restart turned off between two direct draws: the second does not restart");
   /* a compact draw of the same mode and indices right after one that restarted, no call
    * between (the front end's glDisable of the restart sends none): it does not restart */
   const struct mgp_draw compact = {
      .mode = MGP_PRIM_TRIANGLE_STRIP, .index_size = 2, .start = 0, .count = 9};
   clear_color(t, 0, 0, 0, 1, false, 1);
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   t->cv->draw_vbo(t->ctx, &on, &r, 1);
   t->cv->draw(t->ctx, &compact, NULL, 0);
   read_back(t);
   check(!scr->failed && pixel_is(8, 16, 0, 255, 0, 255) && pixel_is(32, 32, 0, 255, 0, 255),
         "a compact draw right after a restart draw: it does not restart (the centre drawn)");
   /* restart at an index Vulkan does not restart at after one that restarted: not the fast
    * draw (the whole way declines it by name; the client rewrites such draws) */
   struct mgp_draw_vbo other = on;
   other.restart_index = 3;
   clear_color(t, 0, 0, 0, 1, false, 1);
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   t->cv->draw_vbo(t->ctx, &on, &r, 1);
   const unsigned long long f2 = scr->stats.fast_draws;
   t->cv->draw_vbo(t->ctx, &other, &r, 1);
   const unsigned long long f3 = scr->stats.fast_draws;
   read_back(t);
   check(!scr->failed && f3 == f2 && pixel_is(32, 32, 0, 0, 0, 255),
         "restart at index 3 after one at all-ones: not a fast draw (%llu)", f3 - f2);
   check(t->fatal_count == 0, "no fatal (%s)", t->fatal_count ? t->fatal : "-");
}

/* The u32 at offset of the screen's indirect-draw clamp buffer, as the draws recorded so far
 * left it: copied after them into a host-visible buffer of the test's, the batch submitted and
 * waited for (vkb_submit makes its writes visible to the host). ~0u if anything failed. */
static uint32_t
clamp_word(struct t *t, VkDeviceSize offset)
{
   struct vkb_screen *scr = t->scr;
   uint32_t word = ~0u;
   VkBuffer buf = VK_NULL_HANDLE;
   VkDeviceMemory mem = VK_NULL_HANDLE;
   const VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                   .size = 16,
                                   .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT};
   if (!scr->clamp_buf || vkCreateBuffer(scr->dev, &bci, NULL, &buf) != VK_SUCCESS)
      return word;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(scr->dev, buf, &req);
   const int32_t type = vkb_find_memory(
      scr, req.memoryTypeBits,
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
   const VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                     .allocationSize = req.size,
                                     .memoryTypeIndex = (uint32_t)type};
   void *map = NULL;
   if (type < 0 || vkAllocateMemory(scr->dev, &mai, NULL, &mem) != VK_SUCCESS ||
       vkBindBufferMemory(scr->dev, buf, mem, 0) != VK_SUCCESS ||
       vkMapMemory(scr->dev, mem, 0, VK_WHOLE_SIZE, 0, &map) != VK_SUCCESS)
      goto out;
   vkb_end_rendering(scr);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      goto out;
   /* after the clamp step's writes (and the draws' indirect reads) */
   const VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                               .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                               .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
   vkCmdPipelineBarrier(cmd,
                        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
   vkCmdCopyBuffer(cmd, scr->clamp_buf, buf, 1, &(VkBufferCopy){offset, 0, 4});
   const uint64_t serial = vkb_submit(scr);
   if (serial && vkb_wait_serial(scr, serial, UINT64_MAX, true) == VK_SUCCESS)
      memcpy(&word, map, 4);
out:
   if (mem)
      vkFreeMemory(scr->dev, mem, NULL);
   vkDestroyBuffer(scr->dev, buf, NULL);
   return word;
}

/* The draw count word an indirect-count draw reads is bounded by the clamp step (issue 20: an
 * NVIDIA H100 faulted, Xid 13 MISSING_MACRO_DATA, on a GL_TIME_ELAPSED result of 4,342,600
 * read as the count of a maxdrawcount-50 draw, where Vulkan lets the device take the min
 * itself): the word holds min(count, commands copied). Counts 2^32 - 1, 4,342,600 and 25,600
 * with maxdrawcount 50 read 50, 3 reads 3; with maxdrawcount 200 (four groups of the step,
 * each bounding the word) 2^32 - 1 reads 200 and 150 reads 150. Each draw draws strip 0 (its
 * first command; the rest draw nothing), and none is counted indirect-draw-clamped (the draw
 * count is the client's maxdrawcount, whose min GL asks for). */
static void
test_indirect_count_word(struct t *t, struct mgp_handle prog)
{
   struct vkb_screen *scr = t->scr;
   use_default_fb(t, false);
   const float verts[6][2] = {{-1, -1}, {-0.75f, -1}, {-0.75f, 0}, {-1, -1}, {-0.75f, 0}, {-1, 0}};
   bind_vb(t, make_buffer(t, sizeof(verts), verts));
   set_consts(t, prog, 0, 0, 1, 1, 0, 0, 0, 0, 0);
   enum { N = 200 };
   static uint32_t cmds[N][4];
   memset(cmds, 0, sizeof(cmds));
   memcpy(cmds[0], (uint32_t[4]){6, 1, 0, 0}, sizeof(cmds[0]));
   /* past VKB_SHADOW_SIZE_MAX as a GPU-written buffer would be: no CPU shadow */
   const struct mgp_handle ind = make_buffer(t, VKB_SHADOW_SIZE_MAX + sizeof(cmds), NULL);
   buffer_subdata(t, ind, 0, sizeof(cmds), cmds);
   const struct {
      uint32_t count, max, want;
   } cases[] = {{0xffffffffu, 50, 50}, {4342600u, 50, 50}, {25600u, 50, 50}, {3, 50, 3},
                {0xffffffffu, N, N},   {150, N, 150}};
   uint32_t counts[sizeof(cases) / sizeof(cases[0])];
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      counts[i] = cases[i].count;
   const struct mgp_handle cnt = make_buffer(t, sizeof(counts), counts);
   vkb_draw_clamp_settle(scr);
   const uint64_t clamped = mgu_decline_count(MGU_DECLINE_indirect_draw_clamped);
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      clear_color(t, 0, 0, 0, 1, false, 1);
      /* a batch of its own: the draw's clamp region is the buffer's first (*base 0) */
      vkb_submit(scr);
      const struct mgp_draw_indirect a = {.mode = MGP_PRIM_TRIANGLES,
                                          .indirect = ind,
                                          .stride = sizeof(cmds[0]),
                                          .draw_count = cases[i].max,
                                          .count = cnt,
                                          .count_offset = (uint64_t)i * 4};
      t->cv->draw_indirect(t->ctx, &a, NULL, 0);
      const bool first = scr->clamp_cursor_serial == vkb_current_serial(scr) &&
                         scr->clamp_cursor == ((VKB_CLAMP_CMDS + cases[i].max * 16u + 15u) & ~15u);
      const uint32_t word = clamp_word(t, VKB_CLAMP_COUNT);
      read_back(t);
      check(!scr->failed && first && word == cases[i].want && pixel_is(1, 10, 0, 0, 255, 255) &&
               pixel_is(40, 10, 0, 0, 0, 255),
            "an indirect-count draw of count %u, maxdrawcount %u: the word the draw reads is %u "
            "(%u wanted), strip 0 drawn",
            cases[i].count, cases[i].max, word, cases[i].want);
   }
   vkb_draw_clamp_settle(scr);
   check(mgu_decline_count(MGU_DECLINE_indirect_draw_clamped) == clamped,
         "counts over maxdrawcount: no indirect-draw-clamped (%llu)",
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_indirect_draw_clamped) - clamped));
}

/* A vertex-array switch between two indexed draws (bind_vertex_input, one vertex input per
 * array): the second draw takes the fast path, binding the other array's vertex and index
 * buffers, and its ranges are checked against its own index buffer. */
static void
define_input(struct t *t, uint32_t id, struct mgp_handle vb, struct mgp_handle ib)
{
   struct mgp_vertex_input vi = {.id = id, .count = 1, .index = ib};
   struct mgp_vertex_buffer b = {.res = vb, .offset = 0};
   t->cv->define_vertex_input(t->ctx, &vi, &b, 1);
}

static void
bind_input(struct t *t, uint32_t id)
{
   t->cv->bind_vertex_input(t->ctx, &(struct mgp_u32_args){.value = id}, NULL, 0);
}

static void
test_vertex_input_switch(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   /* quads A (x, y in [-1, -0.5]), B (x in [0, 0.5]) and C (y in [0, 0.5]) */
   const float qa[] = {-1, -1, -0.5f, -1, -1, -0.5f, -0.5f, -0.5f};
   const float qb[] = {0, -1, 0.5f, -1, 0, -0.5f, 0.5f, -0.5f};
   const float qc[] = {-1, 0, -0.5f, 0, -1, 0.5f, -0.5f, 0.5f};
   const uint16_t whole[] = {0, 1, 2, 2, 1, 3}; /* both triangles */
   const uint16_t lower[] = {0, 1, 2, 0, 1, 2}; /* the lower-left one, twice */
   const uint16_t three[] = {0, 1, 2};          /* 6 bytes: a 6-index draw reaches past it */
   define_input(t, 1, make_buffer(t, sizeof(qa), qa), make_buffer(t, sizeof(whole), whole));
   define_input(t, 2, make_buffer(t, sizeof(qb), qb), make_buffer(t, sizeof(lower), lower));
   define_input(t, 3, make_buffer(t, sizeof(qc), qc), make_buffer(t, sizeof(three), three));
   use_program(t, prog);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   read_back(t); /* the uploads are their own batch */
   bind_input(t, 1);
   draw(t, MGP_PRIM_TRIANGLES, 0, 6, 1, 2, 0);
   const unsigned long long f0 = counter(t, "fast-draws");
   const unsigned long long i0 = counter(t, "cmd-bind-index-buffer");
   bind_input(t, 2);
   draw(t, MGP_PRIM_TRIANGLES, 0, 6, 1, 2, 0);
   const unsigned long long f1 = counter(t, "fast-draws") - f0;
   const unsigned long long i1 = counter(t, "cmd-bind-index-buffer") - i0;
   bind_input(t, 3);
   draw(t, MGP_PRIM_TRIANGLES, 0, 6, 1, 2, 0); /* past C's 3 indices: declined, not drawn */
   const unsigned long long f2 = counter(t, "fast-draws") - f0;
   read_back(t);
   check(pixel_is(2, 2, 255, 0, 0, 255) && pixel_is(14, 14, 255, 0, 0, 255) &&
            pixel_is(34, 2, 255, 0, 0, 255) && pixel_is(46, 14, 0, 0, 0, 255),
         "a vertex-array switch between indexed draws: each draws its own vertex and index "
         "buffers");
   check(pixel_is(2, 34, 0, 0, 0, 255),
         "a draw past the index buffer a switch bound is declined, not drawn");
   check(f1 == 1 && i1 == 1 && f2 == 1,
         "a vertex-array switch keeps the fast path and binds the index buffer once; a draw "
         "past the new index buffer leaves it (fast %llu, index binds %llu, fast after the "
         "third %llu)",
         f1, i1, f2);
}

/* A nearest, clamp-to-edge sampler comparing with LEQUAL when compare_mode says so. */
static struct mgp_handle
make_nearest_sampler(struct t *t, uint16_t compare_mode)
{
   struct mgp_handle samp = new_handle(t, MGP_KIND_SAMPLER);
   struct mgp_create_sampler cs = {.cso = samp,
                                   .state = {.wrap_s = MGP_WRAP_CLAMP_TO_EDGE,
                                             .wrap_t = MGP_WRAP_CLAMP_TO_EDGE,
                                             .wrap_r = MGP_WRAP_CLAMP_TO_EDGE,
                                             .min_filter = MGP_FILTER_NEAREST,
                                             .mag_filter = MGP_FILTER_NEAREST,
                                             .compare_mode = compare_mode,
                                             .compare_func = MGP_COMPARE_FUNC_LEQUAL,
                                             .min_lod = -1000,
                                             .max_lod = 1000,
                                             .max_anisotropy = 1}};
   t->cv->create_sampler(t->ctx, &cs, NULL, 0);
   return samp;
}

static void
test_texture(struct t *t)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_handle prog = make_program(t, &tex_prog);
   use_program(t, prog);
   bind_ve(t, true, 16);
   const float quad[] = {-1, -1, 0, 0, 1, -1, 1, 0, -1, 1, 0, 1, 1, 1, 1, 1};
   bind_vb(t, make_buffer(t, sizeof(quad), quad));

   /* 4x4 texels, texel (i, j) = (40 i, 40 j, 7, 255); row 0 is the bottom row. */
   uint8_t texels[4 * 4 * 4];
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++) {
         uint8_t *p = &texels[(j * 4 + i) * 4];
         p[0] = (uint8_t)(40 * i), p[1] = (uint8_t)(40 * j), p[2] = 7, p[3] = 255;
      }
   struct mgp_handle tex =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 3);
   struct mgp_resource_subdata up = {.res = tex,
                                     .level = 0,
                                     .format = MGP_FORMAT_RGBA8_UNORM,
                                     .box = {0, 0, 0, 4, 4, 1},
                                     .data = {.ptr = texels, .size = sizeof(texels)}};
   t->cv->resource_subdata(t->ctx, &up, NULL, 0);
   struct mgp_texture_params tp = {.res = tex,
                                   .base_level = 0,
                                   .max_level = 1000,
                                   .swizzle = {0, 1, 2, 3},
                                   .min_lod = -1000,
                                   .max_lod = 1000};
   t->cv->set_texture_params(t->ctx, &tp, NULL, 0);

   struct mgp_handle view = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   struct mgp_create_sampler_view cv = {.cso = view,
                                        .texture = tex,
                                        .format = MGP_FORMAT_RGBA8_UNORM,
                                        .target = MGP_RESOURCE_TARGET_TEX_2D,
                                        .num_levels = 3};
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   struct mgp_handle samp = make_nearest_sampler(t, MGP_COMPARE_MODE_NONE);
   struct mgp_set_handles sh = {.start = 0, .count = 1};
   t->cv->set_sampler_views(t->ctx, &sh, &view, 1);
   t->cv->bind_sampler_states(t->ctx, &sh, &samp, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   bool ok = true;
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
         ok &= pixel_is(8 + 16 * i, 8 + 16 * j, (uint8_t)(40 * i), (uint8_t)(40 * j), 7, 255);
   check(ok, "textured quad, nearest filtering, texel row 0 at the bottom");

   /* Another texture bound between two draws (glBindTexture per draw): the second draw
    * samples it, resolving only the sampler set (a fast draw). */
   uint8_t solid[4 * 4 * 4];
   for (int k = 0; k < 16; k++)
      solid[4 * k] = 9, solid[4 * k + 1] = 200, solid[4 * k + 2] = 30, solid[4 * k + 3] = 255;
   struct mgp_handle tex2 =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 1);
   struct mgp_resource_subdata up3 = {.res = tex2,
                                      .level = 0,
                                      .format = MGP_FORMAT_RGBA8_UNORM,
                                      .box = {0, 0, 0, 4, 4, 1},
                                      .data = {.ptr = solid, .size = sizeof(solid)}};
   t->cv->resource_subdata(t->ctx, &up3, NULL, 0);
   struct mgp_texture_params tp2 = tp;
   tp2.res = tex2;
   t->cv->set_texture_params(t->ctx, &tp2, NULL, 0);
   struct mgp_handle view2 = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   struct mgp_create_sampler_view cv2 = {.cso = view2,
                                         .texture = tex2,
                                         .format = MGP_FORMAT_RGBA8_UNORM,
                                         .target = MGP_RESOURCE_TARGET_TEX_2D,
                                         .num_levels = 1};
   t->cv->create_sampler_view(t->ctx, &cv2, NULL, 0);
   t->cv->set_sampler_views(t->ctx, &sh, &view2, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0); /* tex2 into its sampling layout */
   t->cv->set_sampler_views(t->ctx, &sh, &view, 1);
   read_back(t);
   const unsigned long long tf0 = counter(t, "fast-draws");
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   t->cv->set_sampler_views(t->ctx, &sh, &view2, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   const unsigned long long tf = counter(t, "fast-draws") - tf0;
   /* Back and forth between the two in the same batch: both were resolved in it, so neither
    * is resolved again (the memo of set 1), and the last draw still samples tex2. */
   const unsigned long long sr0 = counter(t, "sampler-resolves");
   const unsigned long long sm0 = counter(t, "texture-set-memo-hits");
   for (int k = 0; k < 2; k++) {
      t->cv->set_sampler_views(t->ctx, &sh, &view, 1);
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
      t->cv->set_sampler_views(t->ctx, &sh, &view2, 1);
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   }
   const unsigned long long sr = counter(t, "sampler-resolves") - sr0;
   check(sr == 0, "textures rebound in the batch that resolved them resolve again: %llu", sr);
   /* the first of the four makes the view's set 1 in the fast draw, the other three bind a set
    * the fast draw made (the set memo); the last one's pixels are read below */
   const unsigned long long sm = counter(t, "texture-set-memo-hits") - sm0;
   check(sm == 3, "sets 1 bound again without a gather: %llu of 3", sm);
   read_back(t);
   check(pixel_is(8, 8, 9, 200, 30, 255) && pixel_is(56, 56, 9, 200, 30, 255),
         "a texture bound between two draws: the second samples it");
   check(tf == 1, "the second draw keeps pipeline and uniform set (fast draws %llu)", tf);

   /* A read-back between two draws (mgl-bench's readpixels_1px): the next draw is in a new
    * batch and resolves no sampler again; the memo's resolution is carried into it. */
   {
      const unsigned long long r0 = counter(t, "sampler-resolves");
      const unsigned long long c0 = counter(t, "sampler-memo-carries");
      read_back(t);
      const unsigned long long ds0 = counter(t, "descriptor-sets");
      const unsigned long long kr0 = counter(t, "kept-set-reuses");
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
      const unsigned long long r = counter(t, "sampler-resolves") - r0;
      const unsigned long long c = counter(t, "sampler-memo-carries") - c0;
      check(r == 0 && c == 1, "a draw after a read-back: %llu samplers resolved, %llu carried", r,
            c);
      /* ... and binds the sets an earlier batch made (they outlive it): none is new */
      const unsigned long long ds = counter(t, "descriptor-sets") - ds0;
      const unsigned long long kr = counter(t, "kept-set-reuses") - kr0;
      check(ds == 0 && kr >= 1, "a draw after a read-back: %llu new set(s), %llu kept", ds, kr);
      /* A view deleted after a read-back: its handle may come back as another view's, so no
       * set made before is bound again (the sets are made anew). */
      {
         struct mgp_handle tmp = new_handle(t, MGP_KIND_SAMPLER_VIEW);
         struct mgp_create_sampler_view ct = cv2;
         ct.cso = tmp;
         t->cv->create_sampler_view(t->ctx, &ct, NULL, 0);
         t->cv->set_sampler_views(t->ctx, &sh, &tmp, 1);
         draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0); /* its Vulkan view is made */
         t->cv->set_sampler_views(t->ctx, &sh, &view2, 1);
         draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
         read_back(t);
         const unsigned long long kd0 = counter(t, "kept-set-drops");
         t->cv->delete_sampler_view(t->ctx, &(struct mgp_handle_args){tmp}, NULL, 0);
         const unsigned long long dd0 = counter(t, "descriptor-sets");
         draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
         const unsigned long long dd = counter(t, "descriptor-sets") - dd0;
         check(counter(t, "kept-set-drops") > kd0 && dd >= 1,
               "a draw after a view was deleted: %llu new set(s)", dd);
      }
      read_back(t);
      check(pixel_is(8, 8, 9, 200, 30, 255), "the carried resolution samples tex2");
      /* The read surface is the texture the draws sample: the read moves it to the copy's
       * layout, and the carried resolution moves it back (else the validation layer reports
       * the descriptor's layout against the image's, and the run fails). */
      struct mgp_framebuffer_state fb = t->fb;
      fb.read = surface(tex2, MGP_FORMAT_RGBA8_UNORM, 1);
      fb.content_hash = 77;
      set_fb(t, &fb);
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
      uint8_t px[4] = {0};
      read_as(t, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px, sizeof(px), 4);
      check(px[0] == 9 && px[1] == 200 && px[2] == 30 && px[3] == 255,
            "read from the sampled texture: (%u,%u,%u,%u)", px[0], px[1], px[2], px[3]);
      const unsigned long long e0 = counter(t, "vk-validation-errors");
      const unsigned long long c1 = counter(t, "sampler-memo-carries");
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
      use_default_fb(t, false);
      read_back(t);
      check(counter(t, "sampler-memo-carries") - c1 == 1 &&
               counter(t, "vk-validation-errors") == e0,
            "a carried texture back in its sampling layout: %llu validation error(s)",
            counter(t, "vk-validation-errors") - e0);
      check(pixel_is(8, 8, 9, 200, 30, 255), "the texture read back, sampled again");
   }

   /* A uniform block and both units rebound between two draws (a glBindBufferBase and a
    * glBindTexture per draw): the fast draw binds sets 0 and 1 in one vkCmdBindDescriptorSets. */
   {
      struct mgp_handle bprog = make_program(t, &both_prog);
      use_program(t, bprog);
      const float add0[4] = {0.2f, 0, 0, 0}, add1[4] = {0, 0.2f, 0, 0};
      struct mgp_handle ub[2] = {make_buffer(t, 16, add0), make_buffer(t, 16, add1)};
      struct mgp_set_shader_buffers usb = {.cls = 0, .start = 1, .count = 1};
      const struct mgp_set_handles sh2 = {.start = 0, .count = 2};
      const struct mgp_handle views[2][2] = {{view, view}, {view2, view2}};
      const struct mgp_handle samps[2] = {samp, samp};
      t->cv->bind_sampler_states(t->ctx, &sh2, samps, 2);
      unsigned long long binds = 0, fast = 0;
      for (int k = 0; k < 3; k++) {
         struct mgp_buffer_range ubr = {.res = ub[k & 1], .offset = 0, .size = 16};
         t->cv->set_shader_buffers(t->ctx, &usb, &ubr, 1);
         t->cv->set_sampler_views(t->ctx, &sh2, views[k & 1], 2);
         const unsigned long long b0 = counter(t, "cmd-bind-sets"), f0 = counter(t, "fast-draws");
         draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
         if (k) { /* the first draws the whole way (another program) */
            binds += counter(t, "cmd-bind-sets") - b0;
            fast += counter(t, "fast-draws") - f0;
         }
      }
      check(fast == 2 && binds == 2,
            "sets 0 and 1 rebound between fast draws: one bind each (%llu binds, %llu fast)", binds,
            fast);
      read_back(t);
      /* the last draw: tex (texel (0,0) = 0,0,7) twice plus 0.2 red */
      check(pixel_is(8, 8, 51, 0, 14, 255), "both sets rebound: the last draw reads its own");
      /* the draw after a read-back (a new command buffer) binds both sets in one command */
      const unsigned long long rb0 = counter(t, "cmd-bind-sets");
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
      const unsigned long long rb = counter(t, "cmd-bind-sets") - rb0;
      read_back(t);
      check(rb == 1 && pixel_is(8, 8, 51, 0, 14, 255),
            "sets 0 and 1 after a read-back: %llu bind command(s)", rb);
      use_program(t, prog);
      t->cv->set_sampler_views(t->ctx, &sh2, views[0], 2);
   }
   t->cv->set_sampler_views(t->ctx, &sh, &view, 1);

   /* Update a 2x2 sub-rectangle through a strided region (rows 12 bytes apart). */
   uint8_t sub[2 * 12];
   memset(sub, 0, sizeof(sub));
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 2; i++) {
         uint8_t *p = &sub[j * 12 + i * 4];
         p[0] = 200, p[1] = (uint8_t)(10 + i + 2 * j), p[2] = 99, p[3] = 255;
      }
   struct mgp_sub_region reg = {.x = 1,
                                .y = 2,
                                .z = 0,
                                .width = 2,
                                .height = 2,
                                .depth = 1,
                                .src_offset = 0,
                                .src_row_stride = 12};
   struct mgp_resource_subdata up2 = {.res = tex,
                                      .level = 0,
                                      .format = MGP_FORMAT_RGBA8_UNORM,
                                      .box = {1, 2, 0, 2, 2, 1},
                                      .region_count = 1,
                                      .data = {.ptr = sub, .size = sizeof(sub)}};
   t->cv->resource_subdata(t->ctx, &up2, &reg, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(8 + 16 * 1, 8 + 16 * 2, 200, 10, 99, 255) &&
            pixel_is(8 + 16 * 2, 8 + 16 * 3, 200, 13, 99, 255) &&
            pixel_is(8, 8 + 16 * 2, 0, 80, 7, 255),
         "texture region update with a source row stride");

   /* Swizzle through set_texture_params: (B, G, R, ONE). */
   tp.swizzle[0] = 2, tp.swizzle[2] = 0, tp.swizzle[3] = 5;
   t->cv->set_texture_params(t->ctx, &tp, NULL, 0);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(8 + 16 * 3, 8, 7, 0, 120, 255), "texture swizzle");
   tp.swizzle[0] = 0, tp.swizzle[2] = 2, tp.swizzle[3] = 3;

   /* base level past the last level: GL's incomplete texture samples (0, 0, 0, 1) */
   tp.base_level = 5;
   t->cv->set_texture_params(t->ctx, &tp, NULL, 0);
   clear_color(t, 1, 1, 1, 1, false, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(8, 8, 0, 0, 0, 255) && pixel_is(56, 56, 0, 0, 0, 255),
         "an incomplete texture (base level 5 of 3) samples (0,0,0,1)");
   tp.base_level = 0;
   t->cv->set_texture_params(t->ctx, &tp, NULL, 0);

   /* a sampler view that cannot be made (a 3D view of a 2D texture): a named decline, and
    * the draw is dropped */
   struct mgp_handle view3d = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   cv.cso = view3d;
   cv.target = MGP_RESOURCE_TARGET_TEX_3D;
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   t->cv->set_sampler_views(t->ctx, &sh, &view3d, 1);
   clear_color(t, 1, 1, 1, 1, false, 1);
   const uint64_t d0 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) > d0 &&
            pixel_is(8, 8, 255, 255, 255, 255),
         "an unsupported sampler view declines and drops the draw");
   t->cv->set_sampler_views(t->ctx, &sh, &view, 1);
}

/* Texture views (resource_create with view_of, MGP_CAP_TEXTURE_VIEW): an RGBA8_UNORM view of
 * level 1 of RGBA8_UINT storage samples the owner's texels as unorm, and keeps sampling them
 * after the owner's handle ended first; every hostile field of a view record is a named
 * decline (texture-view-refused) and leaves the view without storage. */
static struct mgp_handle
make_view(struct t *t, struct mgp_handle owner, enum mgp_resource_target target,
          enum mgp_format fmt, uint32_t w, uint32_t h, uint32_t level, uint32_t levels,
          uint32_t layer, uint32_t layers)
{
   struct mgp_handle r = new_handle(t, MGP_KIND_BUFFER);
   struct mgp_resource_desc d = {.res = r,
                                 .target = (uint8_t)target,
                                 .levels = (uint8_t)levels,
                                 .samples = 1,
                                 .format = (uint16_t)fmt,
                                 .view_min_level = (uint8_t)level,
                                 .view_min_layer = layer,
                                 .width = w,
                                 .height = h,
                                 .depth = 1,
                                 .array_layers = layers,
                                 .view_of = owner};
   t->sv->resource_create(t->scr, &d, NULL, 0);
   return r;
}

static void
test_texture_view(struct t *t)
{
   struct mgp_caps caps;
   memset(&caps, 0, sizeof(caps));
   struct mgp_get_caps g = {.out = {.ptr = &caps, .size = sizeof(caps)}};
   t->sv->get_caps(t->scr, &g, NULL, 0);
   check((caps.cap_bits & MGP_CAP_TEXTURE_VIEW) != 0, "the backend offers texture views");
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_handle prog = make_program(t, &tex_prog);
   use_program(t, prog);
   bind_ve(t, true, 16);
   const float quad[] = {-1, -1, 0, 0, 1, -1, 1, 0, -1, 1, 0, 1, 1, 1, 1, 1};
   bind_vb(t, make_buffer(t, sizeof(quad), quad));
   struct mgp_handle owner =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UINT, 4, 4, 2);
   uint8_t texels[2 * 2 * 4];
   for (int k = 0; k < 4; k++)
      texels[4 * k] = 50, texels[4 * k + 1] = 100, texels[4 * k + 2] = 150, texels[4 * k + 3] = 255;
   struct mgp_resource_subdata up = {.res = owner,
                                     .level = 1,
                                     .format = MGP_FORMAT_RGBA8_UINT,
                                     .box = {0, 0, 0, 2, 2, 1},
                                     .data = {.ptr = texels, .size = sizeof(texels)}};
   t->cv->resource_subdata(t->ctx, &up, NULL, 0);
   struct mgp_handle view =
      make_view(t, owner, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 2, 2, 1, 1, 0, 1);
   struct mgp_texture_params tp = {
      .res = view, .max_level = 1000, .swizzle = {0, 1, 2, 3}, .min_lod = -1000, .max_lod = 1000};
   t->cv->set_texture_params(t->ctx, &tp, NULL, 0);
   struct mgp_handle sv = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   struct mgp_create_sampler_view cv = {.cso = sv,
                                        .texture = view,
                                        .format = MGP_FORMAT_RGBA8_UNORM,
                                        .target = MGP_RESOURCE_TARGET_TEX_2D,
                                        .num_levels = 1};
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   struct mgp_handle samp = make_nearest_sampler(t, MGP_COMPARE_MODE_NONE);
   struct mgp_set_handles sh = {.start = 0, .count = 1};
   t->cv->set_sampler_views(t->ctx, &sh, &sv, 1);
   t->cv->bind_sampler_states(t->ctx, &sh, &samp, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(8, 8, 50, 100, 150, 255) && pixel_is(56, 56, 50, 100, 150, 255),
         "a unorm view of level 1 of uint storage samples its texels");

   /* the owner's handle ends first: the view keeps the image */
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){owner}, NULL, 0);
   clear_color(t, 1, 1, 1, 1, false, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(8, 8, 50, 100, 150, 255) && pixel_is(56, 56, 50, 100, 150, 255),
         "a view samples its storage after the owner's handle ended");

   /* hostile records: each a named decline, the view without storage */
   const uint64_t d0 = mgu_decline_count(MGU_DECLINE_texture_view_refused);
   struct mgp_handle live =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 2);
   make_view(t, owner, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 2, 2, 0, 1, 0, 1);
   make_view(t, live, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 2, 2, 1, 5, 0, 1);
   make_view(t, live, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 0, 1, 3, 1);
   make_view(t, live, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_R8_UNORM, 4, 4, 0, 1, 0, 1);
   make_view(t, live, MGP_RESOURCE_TARGET_TEX_CUBE, MGP_FORMAT_RGBA8_UNORM, 4, 4, 0, 1, 0, 6);
   make_view(t, live, MGP_RESOURCE_TARGET_TEX_3D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 0, 1, 0, 1);
   make_view(t, view, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 2, 2, 0, 1, 0, 1);
   struct mgp_handle buf = make_buffer(t, 64, NULL);
   make_view(t, buf, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 0, 1, 0, 1);
   const uint64_t refused = mgu_decline_count(MGU_DECLINE_texture_view_refused) - d0;
   check(refused == 8, "hostile view records declined: %llu of 8", (unsigned long long)refused);
   /* a view's handle in a transfer: declined, nothing written */
   const uint64_t i0 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   up.res = view, up.level = 0, up.format = MGP_FORMAT_RGBA8_UNORM;
   t->cv->resource_subdata(t->ctx, &up, NULL, 0);
   check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) > i0,
         "resource_subdata naming a view declines");
   t->cv->set_sampler_views(t->ctx, &sh, &(struct mgp_handle){0, 0}, 1);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){view}, NULL, 0);
   check(t->fatal_count == 0, "no Fatal from texture views: %s", t->fatal);
}

/* A framebuffer state without attachments takes its size, layers and samples from the record
 * alone: past the device's limits (a hostile client's) it is a named decline, not a render
 * area or sample count Vulkan forbids. */
static void
test_no_attachment_limits(struct t *t)
{
   const struct mgp_framebuffer_state keep = cur_fb;
   struct mgp_framebuffer_state fb;
   memset(&fb, 0, sizeof(fb));
   for (int i = 0; i < 8; i++)
      fb.draw_buffers[i] = -1;
   fb.width = fb.height = 16;
   fb.samples = 3; /* no Vulkan sample count */
   const uint64_t d0 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   set_fb(t, &fb);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   const uint64_t d1 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   fb.samples = 1;
   fb.width = UINT32_MAX;
   set_fb(t, &fb);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   const uint64_t d2 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   fb.width = 16;
   fb.layers = UINT32_MAX;
   set_fb(t, &fb);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   const uint64_t d3 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   check(d1 > d0 && d2 > d1 && d3 > d2,
         "no attachments: 3 samples, a width of 2^32-1 and 2^32-1 layers each decline (%llu %llu "
         "%llu %llu)",
         (unsigned long long)d0, (unsigned long long)d1, (unsigned long long)d2,
         (unsigned long long)d3);
   set_fb(t, &keep);
   clear_color(t, 0, 0, 1, 1, false, 1);
   read_back(t);
   check(pixel_is(8, 8, 0, 0, 255, 255), "the context clears on after the declines");
}

/* A depth comparison needs a depth texture and a module and reflection that agree on which
 * samplers compare: a shadow sampler over a colour texture is a named decline (lavapipe's
 * compiler crashed on one), and a module whose image type says otherwise than the client's
 * reflection is refused at creation, since the draw picks sampler and format check by the
 * reflection. */
static void
test_shadow_guards(struct t *t)
{
   static const struct program_desc shadow_prog = {"tex.vert.spv", "shadow.frag.spv", 0, 0, 1, 3};
   use_default_fb(t, false);
   bind_ve(t, true, 16);
   const float quad[] = {-1, -1, 0, 0, 1, -1, 1, 0, -1, 1, 0, 1, 1, 1, 1, 1};
   bind_vb(t, make_buffer(t, sizeof(quad), quad));
   const uint64_t du0 = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   struct mgp_handle prog = make_program_kind(t, &shadow_prog, MGP_SAMPLER_KIND_SHADOW);
   check(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == du0,
         "a shadow module with a shadow reflection is accepted");

   /* a 4x4 D32 texture: left half 0.75 (LEQUAL passes: white), right half 0.25 (black) */
   float depth[16];
   for (int k = 0; k < 16; k++)
      depth[k] = k % 4 < 2 ? 0.75f : 0.25f;
   struct mgp_handle dtex =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_D32_FLOAT, 4, 4, 1);
   struct mgp_resource_subdata up = {.res = dtex,
                                     .format = MGP_FORMAT_D32_FLOAT,
                                     .box = {0, 0, 0, 4, 4, 1},
                                     .data = {.ptr = depth, .size = sizeof(depth)}};
   t->cv->resource_subdata(t->ctx, &up, NULL, 0);
   uint8_t texels[16 * 4];
   memset(texels, 255, sizeof(texels));
   struct mgp_handle ctex =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 1);
   struct mgp_resource_subdata cup = {.res = ctex,
                                      .format = MGP_FORMAT_RGBA8_UNORM,
                                      .box = {0, 0, 0, 4, 4, 1},
                                      .data = {.ptr = texels, .size = sizeof(texels)}};
   t->cv->resource_subdata(t->ctx, &cup, NULL, 0);
   struct mgp_texture_params tp = {.base_level = 0,
                                   .max_level = 1000,
                                   .swizzle = {0, 1, 2, 3},
                                   .min_lod = -1000,
                                   .max_lod = 1000};
   tp.res = dtex;
   t->cv->set_texture_params(t->ctx, &tp, NULL, 0);
   tp.res = ctex;
   t->cv->set_texture_params(t->ctx, &tp, NULL, 0);
   struct mgp_handle dview = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   struct mgp_create_sampler_view cv = {.cso = dview,
                                        .texture = dtex,
                                        .format = MGP_FORMAT_D32_FLOAT,
                                        .target = MGP_RESOURCE_TARGET_TEX_2D,
                                        .num_levels = 1};
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   struct mgp_handle cview = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   cv.cso = cview, cv.texture = ctex, cv.format = MGP_FORMAT_RGBA8_UNORM;
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   struct mgp_handle samp = make_nearest_sampler(t, MGP_COMPARE_MODE_REF_TO_TEXTURE);
   struct mgp_set_handles sh = {.start = 0, .count = 1};
   t->cv->bind_sampler_states(t->ctx, &sh, &samp, 1);

   use_program(t, prog);
   t->cv->set_sampler_views(t->ctx, &sh, &dview, 1);
   clear_color(t, 0, 0, 1, 1, false, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(8, 8, 255, 255, 255, 255) && pixel_is(56, 56, 0, 0, 0, 255),
         "a shadow sampler over a depth texture compares (0.5 <= 0.75 left, not 0.25 right)");

   /* the same program over an RGBA8 texture: declined, nothing drawn */
   t->cv->set_sampler_views(t->ctx, &sh, &cview, 1);
   clear_color(t, 0, 0, 1, 1, false, 1);
   const uint64_t di0 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) == di0 + 1 &&
            pixel_is(8, 8, 0, 0, 255, 255) && pixel_is(56, 56, 0, 0, 255, 255),
         "a shadow sampler over a colour texture is a named decline and draws nothing");

   /* module and reflection disagree, both ways: refused at creation, its draws declined */
   const uint64_t du1 = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   /* sampler2DShadow in the module, a plain sampler in the reflection */
   struct mgp_handle p1 = make_program_kind(t, &shadow_prog, MGP_SAMPLER_KIND_FLOAT);
   /* sampler2D in the module, a shadow sampler in the reflection */
   struct mgp_handle p2 = make_program_kind(t, &tex_prog, MGP_SAMPLER_KIND_SHADOW);
   check(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == du1 + 2,
         "a module whose image type disagrees with the reflection's sampler kind is refused");
   const uint64_t di1 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   use_program(t, p1);
   t->cv->set_sampler_views(t->ctx, &sh, &cview, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   use_program(t, p2);
   t->cv->set_sampler_views(t->ctx, &sh, &dview, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) == di1 + 2 &&
            pixel_is(8, 8, 0, 0, 255, 255),
         "draws through a refused shader are declined and draw nothing");
}

static void
test_depth(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, true);
   struct mgp_render_state s = gl_render_state();
   s.depth_test = 1;
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(full_quad_strip), full_quad_strip));
   use_program(t, prog);
   for (int order = 0; order < 2; order++) {
      clear_color(t, 0, 0, 0, 1, true, 1.0f);
      for (int k = 0; k < 2; k++) {
         const bool near = (k == 0) == (order == 1);
         if (near)
            set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, -0.5f); /* green, nearer */
         else
            set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0.5f); /* red, farther */
         draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
      }
      read_back(t);
      check(pixel_is(32, 32, 0, 255, 0, 255) && pixel_is(1, 62, 0, 255, 0, 255),
            "depth test, nearer wins (%s first)", order ? "near" : "far");
   }

   /* glDisable(GL_DEPTH_TEST)/draw/glEnable/draw: render states differing only in dynamic
    * state keep the pipeline; the draws after each bind record the toggle (fast draws). */
   struct mgp_render_state off = s;
   off.depth_test = 0;
   struct mgp_handle_args on_h = {bind_rs(t, &s)};
   struct mgp_handle_args off_h = {bind_rs(t, &off)};
   t->cv->bind_render_state(t->ctx, &on_h, NULL, 0);
   clear_color(t, 0, 0, 0, 1, true, 1.0f);
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, -0.5f); /* green, nearer */
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   const unsigned long long f0 = counter(t, "fast-draws");
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0); /* after read_back: the whole way again */
   t->cv->bind_render_state(t->ctx, &off_h, NULL, 0);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0.5f); /* red, farther: drawn, test off */
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   const unsigned long long f1 = counter(t, "fast-draws");
   check(pixel_is(32, 32, 255, 0, 0, 255), "depth test toggled off between two draws: the "
                                           "farther quad is drawn");
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   t->cv->bind_render_state(t->ctx, &on_h, NULL, 0);
   set_consts(t, prog, 0, 0, 1, 1, 0, 0, 0, 0, 0.9f); /* blue, farther still: tested, fails */
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   const unsigned long long f2 = counter(t, "fast-draws");
   check(pixel_is(32, 32, 255, 0, 0, 255), "depth test toggled on again between two draws: "
                                           "the farther quad fails it");
   check(f1 - f0 == 1 && f2 - f1 == 1,
         "a depth-test toggle keeps the pipeline: the draw after "
         "it is a fast draw (fast draws %llu and %llu)",
         f1 - f0, f2 - f1);
   use_default_fb(t, false);
}

static void
test_fbo(struct t *t, struct mgp_handle color_prog_h)
{
   struct mgp_handle tex =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 32, 32, 1);
   struct mgp_framebuffer_state fb;
   memset(&fb, 0, sizeof(fb));
   fb.fbo = (struct mgp_handle){1, 1};
   fb.color[0] = surface(tex, MGP_FORMAT_RGBA8_UNORM, 1);
   fb.read = fb.color[0];
   for (int i = 0; i < 8; i++)
      fb.draw_buffers[i] = i == 0 ? 0 : -1;
   fb.width = fb.height = 32;
   fb.layers = fb.samples = 1;
   fb.content_hash = 77;
   set_fb(t, &fb);
   set_viewport(t, 0, 0, 32, 32, false, NULL);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   clear_color(t, 0, 0, 1, 1, false, 1);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(tri_ccw), tri_ccw));
   use_program(t, color_prog_h);
   set_consts(t, color_prog_h, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);

   /* Now sample it into the default framebuffer. */
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_handle prog = make_program(t, &tex_prog);
   use_program(t, prog);
   bind_ve(t, true, 16);
   const float quad[] = {-1, -1, 0, 0, 1, -1, 1, 0, -1, 1, 0, 1, 1, 1, 1, 1};
   bind_vb(t, make_buffer(t, sizeof(quad), quad));
   struct mgp_handle view = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   struct mgp_create_sampler_view cv = {.cso = view,
                                        .texture = tex,
                                        .format = MGP_FORMAT_RGBA8_UNORM,
                                        .target = MGP_RESOURCE_TARGET_TEX_2D,
                                        .num_levels = 1};
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   struct mgp_set_handles sh = {.start = 0, .count = 1};
   t->cv->set_sampler_views(t->ctx, &sh, &view, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(4, 4, 255, 0, 0, 255) && pixel_is(50, 4, 255, 0, 0, 255) &&
            pixel_is(4, 50, 255, 0, 0, 255) && pixel_is(60, 60, 0, 0, 255, 255),
         "render to a texture through an FBO state, then sample it");
   struct mgp_handle_args del = {view};
   t->cv->delete_sampler_view(t->ctx, &del, NULL, 0);
   struct mgp_set_handles none = {.start = 0, .count = 1};
   struct mgp_handle null = {0, 0};
   t->cv->set_sampler_views(t->ctx, &none, &null, 1);
}

static void
test_instanced(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   /* an 8x8-pixel quad at the bottom-left; each instance moves 16 pixels right */
   const float q[] = {-1, -1, -0.75f, -1, -1, -0.75f, -0.75f, -0.75f};
   bind_vb(t, make_buffer(t, sizeof(q), q));
   use_program(t, prog);
   set_consts(t, prog, 1, 1, 0, 1, 0, 0, 0.5f, 0, 0);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 4, 0, 0);
   read_back(t);
   check(pixel_is(4, 4, 255, 255, 0, 255) && pixel_is(20, 4, 255, 255, 0, 255) &&
            pixel_is(36, 4, 255, 255, 0, 255) && pixel_is(52, 4, 255, 255, 0, 255) &&
            pixel_is(12, 4, 0, 0, 0, 255) && pixel_is(4, 12, 0, 0, 0, 255),
         "instanced draw (4 instances placed by gl_InstanceIndex)");
}

/* Compute records as a hostile client sends them: storage bindings whose start + count would
 * wrap, a dispatch with a graphics program and unknown barrier bits are named declines that
 * keep the session (no wrap, no table read past its end, no Vulkan call with bad numbers). */
static void
test_compute_hostile(struct t *t, struct mgp_handle prog)
{
   const uint64_t d_unimpl = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   struct mgp_handle buf = make_buffer(t, 64, NULL);
   struct mgp_buffer_range br[4] = {{.res = buf, .size = 64},
                                    {.res = buf, .size = 64},
                                    {.res = buf, .size = 64},
                                    {.res = buf, .size = 64}};
   struct mgp_set_shader_buffers sb = {.cls = 1, .start = UINT32_MAX - 1, .count = 4};
   t->cv->set_shader_buffers(t->ctx, &sb, br, 4);
   sb.start = VKB_SSBO_BASE + VKB_MAX_STORAGE_BUFFERS - 2; /* 2 fit; the others are past the
                                                              * last storage binding */
   t->cv->set_shader_buffers(t->ctx, &sb, br, 4);
   check(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == d_unimpl + 2 &&
            !((const struct vkb_screen *)t->scr)->failed,
         "set_shader_buffers (storage) with start + count wrapping or past binding 159: declined");
   sb = (struct mgp_set_shader_buffers){.cls = 1, .start = VKB_SSBO_BASE, .count = 1};
   t->cv->set_shader_buffers(t->ctx, &sb, br, 1);
   check(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == d_unimpl + 2,
         "set_shader_buffers (storage) at binding 144: taken");

   /* a dispatch with a program that has no compute stage */
   struct mgp_handle_args a = {prog};
   t->cv->set_dispatch_program(t->ctx, &a, NULL, 0);
   struct mgp_launch_grid g = {.grid = {1, 1, 1}};
   t->cv->launch_grid(t->ctx, &g, NULL, 0);
   check(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == d_unimpl + 3 &&
            !((const struct vkb_screen *)t->scr)->failed,
         "launch_grid with a vertex+fragment program: declined");
   struct mgp_memory_barrier mb = {.bits = 0x80000000u};
   t->cv->memory_barrier(t->ctx, &mb, NULL, 0);
   check(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == d_unimpl + 4,
         "memory_barrier with an unknown bit: declined");
   mb.bits = MGP_BARRIER_ALL;
   const unsigned long long b0 = counter(t, "memory-barriers");
   t->cv->memory_barrier(t->ctx, &mb, NULL, 0);
   check(counter(t, "memory-barriers") == b0 + 1 && !((const struct vkb_screen *)t->scr)->failed,
         "memory_barrier(ALL): one barrier");
}

/* A compute program of the SPIR-V file name, made and set as the dispatch program. */
static struct mgp_handle
use_compute(struct t *t, const char *name)
{
   struct mgp_handle prog = new_handle(t, MGP_KIND_SHADER);
   size_t cs_size;
   void *cs = read_file(name, &cs_size);
   struct mgp_create_shader c = {.cso = prog, .stage_mask = 1u << MGP_SHADER_STAGE_COMPUTE};
   c.spirv[MGP_SHADER_STAGE_COMPUTE] = (struct mgp_span){.ptr = cs, .size = cs_size};
   t->cv->create_shader(t->ctx, &c, NULL, 0);
   free(cs);
   struct mgp_handle_args a = {prog};
   t->cv->set_dispatch_program(t->ctx, &a, NULL, 0);
   return prog;
}

/* An image unit's layer checked again at the draw: set_shader_images takes layer 3 of a
 * 4-layer texture (or slice 3 of a 4-deep 3D one), then resource_respecify shrinks the texture
 * in place to one layer (one slice): no view past the image may be made
 * (VUID-VkImageViewCreateInfo-subresourceRange-01483/-02725). The unit is then invalid (GL 4.6
 * 8.26): a descriptor without a view where the device has nullDescriptor, else the decline. */
static void
test_image_layer_respecify(struct t *t)
{
   struct vkb_screen *scr = t->scr;
   use_compute(t, "image_store.comp.spv");
   for (int is_3d = 0; is_3d < 2; is_3d++) {
      if (is_3d && !scr->has_2d_view_of_3d) {
         check(true, "(no VK_EXT_image_2d_view_of_3d: the 3D slice case is skipped)");
         continue;
      }
      struct mgp_handle tex = new_handle(t, MGP_KIND_BUFFER);
      struct mgp_resource_desc d = {
         .res = tex,
         .target = (uint8_t)(is_3d ? MGP_RESOURCE_TARGET_TEX_3D : MGP_RESOURCE_TARGET_TEX_2D_ARRAY),
         .levels = 1,
         .samples = 1,
         .format = MGP_FORMAT_RGBA8_UNORM,
         .width = 4,
         .height = 4,
         .depth = is_3d ? 4 : 1,
         .array_layers = is_3d ? 1 : 4};
      t->sv->resource_create(t->scr, &d, NULL, 0);
      struct mgp_image_view iv = {.res = tex,
                                  .format = MGP_FORMAT_RGBA8_UNORM,
                                  .level = 0,
                                  .layer = 3,
                                  .access = MGP_IMAGE_ACCESS_WRITE_ONLY};
      struct mgp_set_shader_images si = {.start = 0, .count = 1};
      t->cv->set_shader_images(t->ctx, &si, &iv, 1);
      const uint64_t d0 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
      struct mgp_launch_grid g = {.block = {1, 1, 1}, .grid = {1, 1, 1}};
      t->cv->launch_grid(t->ctx, &g, NULL, 0);
      check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) == d0 && !scr->failed,
            "%s 3 of a 4-%s texture in an image unit: dispatched", is_3d ? "slice" : "layer",
            is_3d ? "slice" : "layer");
      /* the same handle, one layer (slice) now: the unit still names layer 3 */
      if (is_3d)
         d.depth = 1;
      else
         d.array_layers = 1;
      t->sv->resource_respecify(t->scr, &d, NULL, 0);
      const unsigned long long inv0 = counter(t, "invalid-image-units");
      t->cv->launch_grid(t->ctx, &g, NULL, 0);
      const uint64_t want = scr->has_null_desc ? d0 : d0 + 1;
      check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) == want && !scr->failed &&
               t->fatal_count == 0 &&
               counter(t, "invalid-image-units") == inv0 + (scr->has_null_desc ? 1 : 0),
            "the texture respecified to one %s, the unit still at %s 3: %s (%llu declined)",
            is_3d ? "slice" : "layer", is_3d ? "slice" : "layer",
            scr->has_null_desc ? "an invalid unit, no view" : "backend-draw-incomplete",
            (unsigned long long)(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) - d0));
      /* layer 0 of it still dispatches */
      iv.layer = 0;
      t->cv->set_shader_images(t->ctx, &si, &iv, 1);
      t->cv->launch_grid(t->ctx, &g, NULL, 0);
      check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) == want && !scr->failed,
            "then %s 0 of it: dispatched", is_3d ? "slice" : "layer");
      struct mgp_set_shader_images none = {.start = 0, .count = 1};
      struct mgp_image_view nv = {.format = MGP_FORMAT_RGBA8_UNORM};
      t->cv->set_shader_images(t->ctx, &none, &nv, 1);
      struct mgp_handle_args da = {tex};
      t->sv->resource_destroy(t->scr, &da, NULL, 0);
   }
}

/* A triangle of column i (x = 16 i .. 16 i + 8, y = 16 .. 24 in window pixels) in
 * attr_prog's layout: position, then the colour's red and green (blue 0, alpha 1). */
static void
column_triangle(float out[12], int i, float red, float green)
{
   const float x0 = -1 + 0.5f * (float)i, x1 = x0 + 0.25f, y0 = -0.5f, y1 = y0 + 0.25f;
   const float v[12] = {x0, y0, red, green, x1, y0, red, green, x0, y1, red, green};
   memcpy(out, v, sizeof(v));
}

/* stream_draw: the same bytes of a small vertex buffer rewritten before each draw
 * (glBufferSubData, then glDrawArrays). Each draw must read the bytes it was issued with;
 * the updates after the first land inside its render pass, renamed (vkb_rename.c), and the
 * draws bind the buffer's version instead of ending the pass to copy it home. Then the same
 * with the index buffer rewritten before each draw of a static vertex buffer. Red before the
 * draws bound versions: each renamed update ended the pass (4 passes, no fast draw). */
static void
test_stream_vertex(struct t *t)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   use_program(t, make_program(t, &attr_prog));
   bind_ve(t, true, 16);
   struct mgp_handle vb = make_buffer(t, 256, NULL);
   bind_vb(t, vb);
   static const float colors[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, 0}};
   const unsigned long long splits0 = counter(t, "render-pass-splits");
   const unsigned long long renames0 = counter(t, "buffer-renames");
   const unsigned long long passes0 = counter(t, "render-passes-begun");
   const unsigned long long fast0 = counter(t, "fast-draws");
   for (int i = 0; i < 4; i++) {
      float tri[12];
      column_triangle(tri, i, colors[i][0], colors[i][1]);
      buffer_subdata(t, vb, 0, sizeof(tri), tri); /* the same bytes before every draw */
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   }
   const unsigned long long splits = counter(t, "render-pass-splits") - splits0;
   const unsigned long long renames = counter(t, "buffer-renames") - renames0;
   const unsigned long long passes = counter(t, "render-passes-begun") - passes0;
   const unsigned long long fast = counter(t, "fast-draws") - fast0;
   read_back(t);
   check(pixel_is(2, 18, 255, 0, 0, 255) && pixel_is(18, 18, 0, 255, 0, 255) &&
            pixel_is(34, 18, 255, 255, 0, 255) && pixel_is(50, 18, 255, 0, 0, 255) &&
            pixel_is(2, 40, 0, 0, 0, 255),
         "streamed vertex-buffer subdata: each of 4 draws reads its own triangle");
   check(splits == 0 && renames >= 3 && passes <= 1 && fast == 3,
         "streamed vertex-buffer subdata inside one pass: renamed, each draw binds its version "
         "and stays fast (splits %llu, renames %llu, passes %llu, fast draws %llu)",
         splits, renames, passes, fast);

   /* The index buffer rewritten before each indexed draw: triangle i of a static buffer. */
   clear_color(t, 0, 0, 0, 1, false, 1);
   float tris[4][12];
   for (int i = 0; i < 4; i++)
      column_triangle(tris[i], i, colors[3 - i][0], colors[3 - i][1]);
   bind_vb(t, make_buffer(t, sizeof(tris), tris));
   struct mgp_set_index_buffer ib = {.res = make_buffer(t, 64, NULL), .index_size = 2};
   t->cv->set_index_buffer(t->ctx, &ib, NULL, 0);
   const unsigned long long ipasses0 = counter(t, "render-passes-begun");
   const unsigned long long ifast0 = counter(t, "fast-draws");
   for (int i = 0; i < 4; i++) {
      const uint16_t idx[4] = {(uint16_t)(3 * i), (uint16_t)(3 * i + 1), (uint16_t)(3 * i + 2), 0};
      buffer_subdata(t, ib.res, 0, sizeof(idx), idx);
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 2, 0);
   }
   const unsigned long long ipasses = counter(t, "render-passes-begun") - ipasses0;
   const unsigned long long ifast = counter(t, "fast-draws") - ifast0;
   read_back(t);
   check(pixel_is(2, 18, 255, 0, 0, 255) && pixel_is(18, 18, 255, 255, 0, 255) &&
            pixel_is(34, 18, 0, 255, 0, 255) && pixel_is(50, 18, 255, 0, 0, 255),
         "streamed index-buffer subdata: each of 4 indexed draws reads its own indices");
   check(ipasses <= 1 && ifast == 3,
         "streamed index-buffer subdata inside one pass: each draw binds its version "
         "(passes %llu, fast draws %llu)",
         ipasses, ifast);

   /* A textured program drawing from the streamed buffer (stream_draw's): no descriptor reads
    * the buffer, so its renames leave the sampler set as it was (no sampler resolved again).
    * Red before: each rename moved the texture tick, and each draw resolved its sampler. */
   clear_color(t, 0, 0, 0, 1, false, 1);
   use_program(t, make_program(t, &tex_prog));
   uint8_t solid[4 * 4 * 4];
   for (int k = 0; k < 16; k++)
      solid[4 * k] = 9, solid[4 * k + 1] = 200, solid[4 * k + 2] = 30, solid[4 * k + 3] = 255;
   struct mgp_handle tex =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 1);
   struct mgp_resource_subdata up = {.res = tex,
                                     .level = 0,
                                     .format = MGP_FORMAT_RGBA8_UNORM,
                                     .box = {0, 0, 0, 4, 4, 1},
                                     .data = {.ptr = solid, .size = sizeof(solid)}};
   t->cv->resource_subdata(t->ctx, &up, NULL, 0);
   struct mgp_texture_params tp = {.res = tex,
                                   .base_level = 0,
                                   .max_level = 1000,
                                   .swizzle = {0, 1, 2, 3},
                                   .min_lod = -1000,
                                   .max_lod = 1000};
   t->cv->set_texture_params(t->ctx, &tp, NULL, 0);
   struct mgp_handle view = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   struct mgp_create_sampler_view cv = {.cso = view,
                                        .texture = tex,
                                        .format = MGP_FORMAT_RGBA8_UNORM,
                                        .target = MGP_RESOURCE_TARGET_TEX_2D,
                                        .num_levels = 1};
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   struct mgp_handle samp = make_nearest_sampler(t, MGP_COMPARE_MODE_NONE);
   struct mgp_set_handles sh = {.start = 0, .count = 1};
   t->cv->set_sampler_views(t->ctx, &sh, &view, 1);
   t->cv->bind_sampler_states(t->ctx, &sh, &samp, 1);
   bind_vb(t, vb);
   unsigned long long tres = 0, tfast = 0;
   for (int i = 0; i < 4; i++) {
      float tri[12];
      column_triangle(tri, i, 0.5f, 0.5f); /* the texture's centre */
      buffer_subdata(t, vb, 0, sizeof(tri), tri);
      const unsigned long long res0 = counter(t, "sampler-resolves"), f0 = counter(t, "fast-draws");
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
      if (i) { /* the first draw resolves its sampler (a new program) */
         tres += counter(t, "sampler-resolves") - res0;
         tfast += counter(t, "fast-draws") - f0;
      }
   }
   read_back(t);
   check(pixel_is(2, 18, 9, 200, 30, 255) && pixel_is(18, 18, 9, 200, 30, 255) &&
            pixel_is(34, 18, 9, 200, 30, 255) && pixel_is(50, 18, 9, 200, 30, 255),
         "streamed vertex-buffer subdata under a textured program: each of 4 draws its own");
   check(tres == 0 && tfast == 3,
         "a streamed vertex buffer no descriptor reads: the 3 draws after the first resolve no "
         "sampler (%llu) and stay fast (%llu)",
         tres, tfast);
}

static void
test_stream_ubo(struct t *t)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_handle prog = make_program(t, &stream_prog);
   use_program(t, prog);
   const float q[] = {-1, -1, -0.75f, -1, -1, -0.75f, -0.75f, -0.75f};
   bind_vb(t, make_buffer(t, sizeof(q), q));
   struct mgp_handle ubo = make_buffer(t, 256, NULL);
   struct mgp_set_shader_buffers sb = {.cls = 0, .start = 1, .count = 1};
   struct mgp_buffer_range br = {.res = ubo, .offset = 0, .size = 32};
   t->cv->set_shader_buffers(t->ctx, &sb, &br, 1);
   const unsigned long long splits0 = counter(t, "render-pass-splits");
   const unsigned long long renames0 = counter(t, "buffer-renames");
   const unsigned long long passes0 = counter(t, "render-passes-begun");
   const unsigned long long rfast0 = counter(t, "fast-draws");
   static const float colors[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
   for (int i = 0; i < 4; i++) {
      float data[8] = {
         colors[i][0], colors[i][1], colors[i][2], colors[i][3], 0.5f * (float)i, 0.5f, 0, 0};
      buffer_subdata(t, ubo, 0, sizeof(data), data); /* the same range before every draw */
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   }
   read_back(t);
   /* quad i at x = 16 i .. 16 i + 8, y = 16 .. 24 */
   check(pixel_is(4, 20, 255, 0, 0, 255) && pixel_is(20, 20, 0, 255, 0, 255) &&
            pixel_is(36, 20, 0, 0, 255, 255) && pixel_is(52, 20, 255, 255, 255, 255),
         "streamed uniform-buffer subdata: each of 4 draws keeps its own bytes");
   /* The updates after the first draw land inside its render pass: each renames the small
    * buffer (vkb_rename.c) instead of ending the pass for a copy. */
   const unsigned long long splits = counter(t, "render-pass-splits") - splits0;
   const unsigned long long renames = counter(t, "buffer-renames") - renames0;
   const unsigned long long passes = counter(t, "render-passes-begun") - passes0;
   const unsigned long long rfast = counter(t, "fast-draws") - rfast0;
   check(rfast == 3,
         "the 3 draws after a renamed update rebind the uniform block and stay fast "
         "(fast draws %llu)",
         rfast);
   check(splits == 0 && renames >= 3 && passes <= 2,
         "streamed uniform-buffer subdata inside one pass: renamed, the pass kept "
         "(splits %llu, renames %llu, passes %llu)",
         splits, renames, passes);

   /* A different uniform buffer bound before each draw (glBindBufferBase per draw): the draws
    * after the first rebind only the uniform-block set, and each reads its own buffer. */
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_handle ubos[4];
   for (int i = 0; i < 4; i++) {
      float data[8] = {colors[3 - i][0],
                       colors[3 - i][1],
                       colors[3 - i][2],
                       colors[3 - i][3],
                       0.5f * (float)i,
                       1.0f,
                       0,
                       0};
      ubos[i] = make_buffer(t, sizeof(data), data);
   }
   read_back(t);
   const unsigned long long fast0 = counter(t, "fast-draws");
   for (int i = 0; i < 4; i++) {
      br = (struct mgp_buffer_range){.res = ubos[i], .offset = 0, .size = 32};
      t->cv->set_shader_buffers(t->ctx, &sb, &br, 1);
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   }
   const unsigned long long fast = counter(t, "fast-draws") - fast0;
   read_back(t);
   check(pixel_is(4, 36, 255, 255, 255, 255) && pixel_is(20, 36, 0, 0, 255, 255) &&
            pixel_is(36, 36, 0, 255, 0, 255) && pixel_is(52, 36, 255, 0, 0, 255),
         "a uniform buffer bound before each of 4 draws: each draw reads its own");
   check(fast == 3, "the 3 draws after the first keep pipeline and textures (fast draws %llu)",
         fast);

   /* Two uniform buffers bound in turn (ubo_change): in the batch that made their sets 0, a
    * buffer bound again binds its set without a gather (the memo of set 0), and each draw
    * still reads its own buffer. */
   clear_color(t, 0, 0, 0, 1, false, 1);
   const unsigned long long bm0 = counter(t, "buffer-set-memo-hits");
   for (int k = 0; k < 3; k++) {
      for (int i = 0; i < 2; i++) {
         br = (struct mgp_buffer_range){.res = ubos[i], .offset = 0, .size = 32};
         t->cv->set_shader_buffers(t->ctx, &sb, &br, 1);
         draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
      }
   }
   const unsigned long long bm = counter(t, "buffer-set-memo-hits") - bm0;
   /* the first draw after the clear goes the whole way and the second makes ubos[1]'s set in
    * the fast draw; the third makes ubos[0]'s, and the three after it find theirs */
   check(bm == 3, "sets 0 bound again without a gather: %llu of 3", bm);
   /* An update of one of them moves the memo's epoch: the draw after it reads the new bytes */
   const float red[8] = {1, 0, 0, 1, 0, 1.0f, 0, 0};
   buffer_subdata(t, ubos[0], 0, sizeof(red), red);
   br = (struct mgp_buffer_range){.res = ubos[0], .offset = 0, .size = 32};
   t->cv->set_shader_buffers(t->ctx, &sb, &br, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(4, 36, 255, 0, 0, 255) && pixel_is(20, 36, 0, 0, 255, 255),
         "uniform buffers bound in turn: each draw reads its own, an update the new bytes");
}

static void
test_stream_vb(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   use_program(t, prog);
   bind_ve(t, false, 8);
   struct mgp_handle vb = make_buffer(t, 1024, NULL);
   bind_vb(t, vb);
   static const float colors[4][3] = {{1, 0, 1}, {0, 1, 1}, {1, 1, 0}, {0.2f, 0.4f, 0.6f}};
   for (int i = 0; i < 4; i++) {
      const float x = -1 + 0.5f * (float)i, y = 0;
      const float q[] = {x, y, x + 0.25f, y, x, y + 0.25f, x + 0.25f, y + 0.25f};
      buffer_subdata(t, vb, 64, sizeof(q), q); /* the same range before every draw */
      set_consts(t, prog, colors[i][0], colors[i][1], colors[i][2], 1, 0, 0, 0, 0, 0);
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 8, 4, 1, 0, 0); /* first vertex 8 = byte 64 */
   }
   read_back(t);
   check(pixel_is(4, 36, 255, 0, 255, 255) && pixel_is(20, 36, 0, 255, 255, 255) &&
            pixel_is(36, 36, 255, 255, 0, 255) && pixel_is(52, 36, 51, 102, 153, 255),
         "streamed vertex-buffer subdata + per-draw default-block constants");
   /* glGetBufferSubData of what the last draw used */
   float back[8] = {0};
   struct mgp_resource_readback rb = {
      .res = vb, .offset = 64, .size = sizeof(back), .out = {.ptr = back, .size = sizeof(back)}};
   t->cv->resource_readback(t->ctx, &rb, NULL, 0);
   check(back[0] == 0.5f && back[1] == 0 && back[7] == 0.25f, "resource_readback of a buffer");
}

/* The sub-allocator's range core (vkb_suballoc.c): aligned first fit, merging on give, a double
 * give refused, and a freed range reusable only once its batch's serial has completed. */
static void
test_suballoc_ranges(void)
{
   struct vkb_sub_block b;
   struct vkb_sub_pool p = {0};
   if (!vkb_sub_block_init(&b, 1 << 20)) {
      check(false, "sub-block init");
      return;
   }
   VkDeviceSize a = 1, c = 1, d = 1;
   check(vkb_sub_block_take(&b, 100, 1, &a) && a == 0, "first range at 0 (got %llu)",
         (unsigned long long)a);
   check(vkb_sub_block_take(&b, 4096, 256, &c) && c == 256,
         "aligned range after a 100-byte one at 256 (got %llu)", (unsigned long long)c);
   check(vkb_sub_block_take(&b, 64, 64, &d) && d == 128,
         "a 64-byte range fills the gap the alignment left (got %llu)", (unsigned long long)d);
   check(!vkb_sub_block_take(&b, 2 << 20, 1, &d), "no range larger than the block");
   check(!vkb_sub_block_give(&b, 5000, 16), "a give inside a free range is refused");
   check(vkb_sub_defer(&p, &b, c, 4096, 7), "defer");
   check(vkb_sub_reclaim(&p, 6) == 0, "a range freed under serial 7 is not back at 6");
   VkDeviceSize e = 0;
   check(vkb_sub_block_take(&b, 4096, 256, &e) && e != c,
         "before its serial completes, the freed range is not given again (got %llu)",
         (unsigned long long)e);
   check(vkb_sub_reclaim(&p, 7) == 1 && p.pending_bytes == 0, "reclaimed at serial 7");
   VkDeviceSize f = 0;
   check(vkb_sub_block_take(&b, 4096, 256, &f) && f == c,
         "after its serial completes, the range is reused (got %llu, want %llu)",
         (unsigned long long)f, (unsigned long long)c);
   check(vkb_sub_block_give(&b, a, 100) && vkb_sub_block_give(&b, d, 64) &&
            vkb_sub_block_give(&b, c, 4096) && vkb_sub_block_give(&b, e, 4096),
         "every range given back");
   check(b.used == 0 && b.free_count == 1 && b.free[0].size == (1 << 20),
         "all given back: one free range of the whole block (%u ranges, %llu used)", b.free_count,
         (unsigned long long)b.used);
   /* release: a range no batch after the completed one uses is free at once; a busy one waits
    * for its batch, and one busy until an earlier batch than the newest pending stands behind
    * it (reclaim takes a prefix) */
   VkDeviceSize g = 1, h = 1, k = 1, m = 1;
   check(vkb_sub_block_take(&b, 8192, 4096, &g) && g == 0, "a range at 0");
   check(vkb_sub_release(&p, &b, g, 8192, 0, 3) && p.pending_count == 0 && b.used == 0,
         "a range never used on the GPU is free at once");
   check(vkb_sub_block_take(&b, 8192, 4096, &h) && h == g, "and taken again (got %llu)",
         (unsigned long long)h);
   check(vkb_sub_release(&p, &b, h, 8192, 3, 3) && p.pending_count == 0,
         "a range whose last batch completed is free at once");
   check(vkb_sub_block_take(&b, 8192, 4096, &h) && vkb_sub_block_take(&b, 8192, 4096, &k) &&
            vkb_sub_block_take(&b, 8192, 4096, &m),
         "three ranges");
   check(vkb_sub_release(&p, &b, h, 8192, 9, 3) && vkb_sub_release(&p, &b, k, 8192, 5, 3) &&
            p.pending_count == 2 && p.pending[1].serial == 9,
         "a range busy until 5 behind one busy until 9 waits for 9 (got %llu)",
         p.pending_count == 2 ? (unsigned long long)p.pending[1].serial : 0ull);
   check(vkb_sub_reclaim(&p, 8) == 0 && vkb_sub_reclaim(&p, 9) == 2 && p.pending_bytes == 0,
         "both back at 9");
   check(vkb_sub_block_give(&b, m, 8192) && b.used == 0 && b.free_count == 1,
         "all given back again");
   /* alignment: every offset a multiple of the asked power of two, whatever came before */
   VkDeviceSize at[6];
   bool aligned = true;
   for (int i = 0; i < 6; i++) {
      const VkDeviceSize al = (VkDeviceSize)1 << (i * 3);
      aligned = aligned && vkb_sub_block_take(&b, 1000 + i, al, &at[i]) && at[i] % al == 0;
   }
   check(aligned, "ranges of alignment 1 to 32 KiB start at multiples of it");
   VkDeviceSize bad;
   check(!vkb_sub_block_take(&b, 64, 48, &bad), "an alignment not a power of two is refused");
   vkb_sub_block_finish(&b);
   free(p.pending);
}

/* Small buffers share blocks; a buffer made in a range an earlier one wrote reads zero; a
 * create/delete loop stays within a bounded set of blocks. */
static void
test_suballoc_buffers(struct t *t)
{
   enum { SZ = 64 << 10 };
   static uint8_t bytes[SZ], back[SZ];
   memset(bytes, 0xab, sizeof(bytes));
   const unsigned long long made = counter(t, "buffers-suballocated");
   struct mgp_handle a = make_buffer(t, SZ, bytes);
   check(counter(t, "buffers-suballocated") == made + 1, "a 64 KiB buffer takes a shared range");
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){a}, NULL, 0);
   unsigned nonzero = 0;
   for (int i = 0; i < 4; i++) {
      struct mgp_handle b = make_buffer(t, SZ, NULL);
      memset(back, 0x55, sizeof(back));
      struct mgp_resource_readback rb = {
         .res = b, .offset = 0, .size = SZ, .out = {.ptr = back, .size = SZ}};
      t->cv->resource_readback(t->ctx, &rb, NULL, 0);
      for (unsigned k = 0; k < SZ; k++)
         nonzero += back[k] != 0;
      t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){b}, NULL, 0);
   }
   check(nonzero == 0, "new buffers in reused ranges read zero (%u bytes not)", nonzero);
   /* 512 MiB made and deleted, never used on the GPU: each range is free again at once, so
    * the loop neither waits nor grows */
   const unsigned long long waits = counter(t, "sub-pending-waits");
   const unsigned long long held0 = counter(t, "sub-block-bytes");
   for (int i = 0; i < 512; i++) {
      struct mgp_handle b = make_buffer(t, 1 << 20, NULL);
      t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){b}, NULL, 0);
   }
   const unsigned long long held = counter(t, "sub-block-bytes");
   check(held <= held0 + VKB_SUB_BLOCK_MAX,
         "a create/delete loop of 512 MiB holds %llu bytes of blocks (at most %llu)", held,
         (unsigned long long)(held0 + VKB_SUB_BLOCK_MAX));
   check(counter(t, "sub-pending-waits") == waits,
         "a loop of buffers the GPU never used waits for nothing (%llu waits)",
         counter(t, "sub-pending-waits") - waits);
}

/* Buffers the GPU used, freed faster than batches complete: a second screen whose batches are
 * held until the host waits for them (MGL_TEST_VK_HOLD_BATCH_MS=wait), so nothing completes by
 * itself. 96 MiB of GPU-written 1 MiB buffers freed: fresh blocks serve the loop, the batch is
 * submitted past VKB_SUB_PENDING_LIMIT, nothing waits. At the bound of blocks (here: none more
 * than those held) the loop waits for its oldest freed ranges and takes them again. */
static void
test_suballoc_bound(void)
{
   setenv("MGL_TEST_VK_HOLD_BATCH_MS", "wait", 1);
   setenv("MGL_VK_GPU_TIMEOUT_MS", "0", 1);
   struct t t2;
   const bool ok = start(&t2, false);
   unsetenv("MGL_TEST_VK_HOLD_BATCH_MS");
   unsetenv("MGL_VK_GPU_TIMEOUT_MS");
   if (!ok) {
      check(false, "second screen for the sub-allocator bound case");
      return;
   }
   static uint8_t bytes[4096];
   memset(bytes, 0x3c, sizeof(bytes));
   const unsigned long long waits = counter(&t2, "sub-pending-waits");
   /* 96 MiB of buffers each written by a GPU copy, then deleted: their ranges wait for the
    * batch, past VKB_SUB_PENDING_LIMIT the batch is submitted, and fresh blocks serve the
    * loop meanwhile: no wait on the GPU */
   struct mgp_handle src = make_buffer(&t2, 4096, bytes);
   const unsigned long long submits = counter(&t2, "sub-pending-submits");
   for (int i = 0; i < 96; i++) {
      struct mgp_handle b = make_buffer(&t2, 1 << 20, NULL);
      const struct mgp_resource_copy_region cr = {
         .dst = b, .src = src, .src_box = {0, 0, 0, 4096, 1, 1}};
      t2.cv->resource_copy_region(t2.ctx, &cr, NULL, 0);
      t2.sv->resource_destroy(t2.scr, &(struct mgp_handle_args){b}, NULL, 0);
   }
   check(counter(&t2, "sub-pending-waits") == waits &&
            counter(&t2, "sub-pending-submits") > submits,
         "96 MiB of GPU-written buffers freed: %llu waits (want 0), %llu submits (want some)",
         counter(&t2, "sub-pending-waits") - waits, counter(&t2, "sub-pending-submits") - submits);
   check(counter(&t2, "sub-block-bytes") <= VKB_SUB_MAX_BLOCK_BYTES, "blocks within the bound");
   /* At the bound (here: no block more than those held now) the loop waits for its oldest
    * freed ranges and takes them again: every buffer still shares a block. */
   struct vkb_screen *scr = t2.scr;
   const unsigned long long at = counter(&t2, "sub-block-bytes");
   scr->sub.block_limit = at;
   const unsigned long long shared = counter(&t2, "buffers-suballocated");
   for (int i = 0; i < 160; i++) {
      struct mgp_handle b = make_buffer(&t2, 1 << 20, NULL);
      const struct mgp_resource_copy_region cr = {
         .dst = b, .src = src, .src_box = {0, 0, 0, 4096, 1, 1}};
      t2.cv->resource_copy_region(t2.ctx, &cr, NULL, 0);
      t2.sv->resource_destroy(t2.scr, &(struct mgp_handle_args){b}, NULL, 0);
   }
   check(counter(&t2, "sub-block-bytes") <= at && counter(&t2, "sub-pending-waits") > waits &&
            counter(&t2, "buffers-suballocated") == shared + 160,
         "at the bound of %llu bytes: %llu held, %llu waits (want some), %llu of 160 shared", at,
         counter(&t2, "sub-block-bytes"), counter(&t2, "sub-pending-waits") - waits,
         counter(&t2, "buffers-suballocated") - shared);
   scr->sub.block_limit = 0;
   t2.sv->resource_destroy(t2.scr, &(struct mgp_handle_args){src}, NULL, 0);
   check(t2.fatal_count == 0, "no fatal on the held screen");
   mgs_vulkan_backend.screen_destroy(t2.scr);
}

static struct mgp_handle make_tex(struct t *t, enum mgp_resource_target target, enum mgp_format fmt,
                                  uint32_t w, uint32_t h, uint32_t depth, uint32_t layers,
                                  uint32_t levels, uint32_t samples);
static void upload(struct t *t, struct mgp_handle tex, enum mgp_format fmt, uint32_t level,
                   int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h, uint32_t d,
                   const void *data, size_t size);
static void get_tex(struct t *t, struct mgp_handle tex, uint32_t level, uint32_t layer, void *out,
                    size_t size);

/* Small images share blocks of their own (never a buffer's: bufferImageGranularity), at their
 * alignment; a range an image never used on the GPU is reused at once, one the GPU wrote only
 * after its batch completed; a new image in a reused range reads zero. */
static void
test_suballoc_images(struct t *t)
{
   struct vkb_screen *scr = t->scr;
   enum { SIDE = 256 };
   static uint8_t texels[SIDE * SIDE * 4], back[SIDE * SIDE * 4];
   memset(texels, 0xc3, sizeof(texels));
   struct mgp_u32_args fin = {.value = MGP_FLUSH_FINISH};
   t->cv->flush(t->ctx, &fin, NULL, 0);
   const unsigned long long made = counter(t, "images-suballocated");
   struct mgp_handle a =
      make_tex(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, SIDE, SIDE, 1, 1, 1, 1);
   struct mgp_handle buf = make_buffer(t, 64 << 10, NULL);
   const struct vkb_resource *ra = vkb_lookup(scr, &scr->resources, a, "test");
   const struct vkb_resource *rb = vkb_lookup(scr, &scr->resources, buf, "test");
   check(counter(t, "images-suballocated") == made + 1 && ra && ra->sub_block && rb &&
            rb->sub_block,
         "a 256 KiB texture takes a shared range (%llu)", counter(t, "images-suballocated") - made);
   if (!ra || !ra->sub_block || !rb || !rb->sub_block)
      return;
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(scr->dev, ra->img, &req);
   check(ra->sub_block->image && !rb->sub_block->image && ra->sub_block != rb->sub_block &&
            ra->mem_offset % req.alignment == 0,
         "the image in a block of images at its alignment (offset %llu, alignment %llu)",
         (unsigned long long)ra->mem_offset, (unsigned long long)req.alignment);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){buf}, NULL, 0);
   /* never reached the GPU: its range is taken again at once */
   const struct vkb_sub_block *blk = ra->sub_block;
   const VkDeviceSize off = ra->mem_offset;
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){a}, NULL, 0);
   struct mgp_handle c =
      make_tex(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, SIDE, SIDE, 1, 1, 1, 1);
   const struct vkb_resource *rc = vkb_lookup(scr, &scr->resources, c, "test");
   check(rc && rc->sub_block == blk && rc->mem_offset == off,
         "an untouched image's range is reused at once");
   /* written on the GPU (a staged upload): not reused before its batch completes */
   upload(t, c, MGP_FORMAT_RGBA8_UNORM, 0, 0, 0, 0, SIDE, SIDE, 1, texels, sizeof(texels));
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){c}, NULL, 0);
   struct mgp_handle d =
      make_tex(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, SIDE, SIDE, 1, 1, 1, 1);
   const struct vkb_resource *rd = vkb_lookup(scr, &scr->resources, d, "test");
   check(rd && rd->sub_block && !(rd->sub_block == blk && rd->mem_offset == off),
         "a range the GPU wrote is not reused before its batch completes");
   t->cv->flush(t->ctx, &fin, NULL, 0);
   struct mgp_handle e =
      make_tex(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, SIDE, SIDE, 1, 1, 1, 1);
   const struct vkb_resource *re = vkb_lookup(scr, &scr->resources, e, "test");
   check(re && re->sub_block == blk && re->mem_offset == off,
         "after its batch completed, the range is reused");
   memset(back, 0x55, sizeof(back));
   get_tex(t, e, 0, 0, back, sizeof(back));
   unsigned nonzero = 0;
   for (unsigned k = 0; k < sizeof(back); k++)
      nonzero += back[k] != 0;
   check(nonzero == 0, "a new image in the reused range reads zero (%u bytes not)", nonzero);
   /* a large image keeps memory of its own */
   const unsigned long long before_large = counter(t, "images-suballocated");
   struct mgp_handle big =
      make_tex(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 2048, 2048, 1, 1, 1, 1);
   const struct vkb_resource *rbig = vkb_lookup(scr, &scr->resources, big, "test");
   check(rbig && !rbig->sub_block && counter(t, "images-suballocated") == before_large,
         "a 16 MiB image has memory of its own");
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){big}, NULL, 0);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){d}, NULL, 0);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){e}, NULL, 0);
}

/* Uniform blocks stay in descriptor set 0, samplers move to set 1 (VKB_SET_TEXTURES), so a
 * uniform-block change rebinds no texture. */
static void
test_split_sets(void)
{
   size_t size;
   uint32_t *w = read_file("both.frag.spv", &size);
   const size_t n = size / 4;
   struct vkb_shader *sh = calloc(1, sizeof(*sh));
   const char *why = sh ? NULL : "out of memory";
   const bool ok = sh && vkb_spirv_scan(w, n, VK_SHADER_STAGE_FRAGMENT_BIT, sh, &why);
   check(ok, "scan of both.frag.spv (%s)", why ? why : "ok");
   check(
      ok && sh->binding[1].type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER && sh->binding[1].count == 1 &&
         sh->binding[VKB_SAMPLER_BASE + 1].type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER &&
         sh->max_binding == VKB_SAMPLER_BASE + 2 &&
         !strcmp(sh->entry[MGP_SHADER_STAGE_FRAGMENT], "main"),
      "scan of both.frag.spv: the block at 1, samplers up to %d, entry main", VKB_SAMPLER_BASE + 1);
   free(sh);
   /* Binding and DescriptorSet decorations by id (OpDecorate = 71; Binding 33, Set 34). */
   int32_t binding[256], set[256];
   for (int i = 0; i < 256; i++)
      binding[i] = set[i] = -1;
   for (size_t pc = 5; pc < n && (w[pc] >> 16);) {
      const uint32_t op = w[pc] & 0xffffu, len = w[pc] >> 16;
      if (op == 71 && len >= 4 && w[pc + 1] < 256 && w[pc + 2] == 33)
         binding[w[pc + 1]] = (int32_t)w[pc + 3];
      if (op == 71 && len >= 4 && w[pc + 1] < 256 && w[pc + 2] == 34)
         set[w[pc + 1]] = (int32_t)w[pc + 3];
      pc += len;
   }
   int buffers = 0, textures = 0, wrong = 0;
   for (int i = 0; i < 256; i++) {
      if (binding[i] < 0)
         continue;
      const int want = binding[i] >= VKB_SAMPLER_BASE ? VKB_SET_TEXTURES : VKB_SET_BUFFERS;
      wrong += set[i] != want;
      buffers += want == VKB_SET_BUFFERS;
      textures += want == VKB_SET_TEXTURES;
   }
   check(buffers == 1 && textures == 2 && !wrong,
         "split sets: the uniform block in set 0, both samplers in set 1 (%d, %d, %d wrong)",
         buffers, textures, wrong);
   free(w);
}

/* The geometry-stage facts the scan takes from SPIRV-Cross's reflection. */
static void
test_scan_geometry(void)
{
   size_t size;
   uint32_t *w = read_file("layer.geom.spv", &size);
   const size_t n = size / 4;
   struct vkb_shader *sh = calloc(1, sizeof(*sh));
   const char *why = sh ? NULL : "out of memory";
   const bool ok = sh && vkb_spirv_scan(w, n, VK_SHADER_STAGE_GEOMETRY_BIT, sh, &why);
   check(ok, "scan of layer.geom.spv (%s)", why ? why : "ok");
   check(ok && sh->writes_layer && sh->layer_word > 5 && sh->layer_word < n &&
            w[sh->layer_word] == SpvBuiltInLayer && w[sh->layer_word - 1] == SpvDecorationBuiltIn,
         "scan of a geometry stage: gl_Layer's BuiltIn word found");
   check(ok && sh->writes_point_size[MGP_SHADER_STAGE_GEOMETRY] && sh->gs_output_points &&
            !sh->gs_output_lines && !sh->gs_primitive_id_out && !sh->max_binding,
         "scan of a geometry stage: point size written, output points, no PrimitiveId out");
   /* Asked as another stage, the module has no entry point. */
   struct vkb_shader *vs = calloc(1, sizeof(*vs));
   why = NULL;
   const bool vs_ok = vs && vkb_spirv_scan(w, n, VK_SHADER_STAGE_VERTEX_BIT, vs, &why);
   check(vs && !vs_ok && why && !strcmp(why, "no entry point for the stage"),
         "scan of a geometry module as a vertex stage: refused (%s)", why ? why : "accepted");
   free(vs);
   free(sh);
   free(w);
}

/* The parts of the dynamic state each of its bytes belongs to, from the fields' names (not the
 * backend's table): every byte a change or a set_dynamic_words range touches marks its part,
 * else a draw keeps recording the old value. The range scan stops past the range, so a table
 * out of offset order loses parts here. */
#define DYN_FIELD(f, part)                                                                         \
   {                                                                                               \
      offsetof(struct mgp_dynamic_state, f), sizeof(((struct mgp_dynamic_state *)0)->f), part      \
   }

static void
test_dynamic_parts(void)
{
   static const struct {
      size_t offset, size;
      uint32_t part;
   } fields[] = {
      DYN_FIELD(viewport, VKB_DYN_VIEWPORT),
      DYN_FIELD(depth_range, VKB_DYN_VIEWPORT),
      DYN_FIELD(scissor, VKB_DYN_SCISSOR),
      DYN_FIELD(scissor_enable, VKB_DYN_SCISSOR),
      DYN_FIELD(sample_coverage_enable, VKB_DYN_COVERAGE),
      DYN_FIELD(sample_coverage_invert, VKB_DYN_COVERAGE),
      DYN_FIELD(pad, 0),
      DYN_FIELD(blend_color, VKB_DYN_BLEND),
      DYN_FIELD(stencil_ref, VKB_DYN_STENCIL),
      DYN_FIELD(stencil_read_mask, VKB_DYN_STENCIL),
      DYN_FIELD(stencil_write_mask, VKB_DYN_STENCIL),
      DYN_FIELD(line_width, VKB_DYN_LINE_WIDTH),
      DYN_FIELD(point_size, 0), /* a push constant of the vertex stage, not dynamic state */
      DYN_FIELD(polygon_offset_factor, VKB_DYN_DEPTH_BIAS),
      DYN_FIELD(polygon_offset_units, VKB_DYN_DEPTH_BIAS),
      DYN_FIELD(polygon_offset_clamp, VKB_DYN_DEPTH_BIAS),
      DYN_FIELD(sample_coverage_value, VKB_DYN_COVERAGE),
      DYN_FIELD(line_stipple_factor, VKB_DYN_LINE_STIPPLE),
      DYN_FIELD(line_stipple_pattern, VKB_DYN_LINE_STIPPLE),
   };
   enum { N = sizeof(struct mgp_dynamic_state) };
   uint32_t want[N];
   memset(want, 0xff, sizeof(want)); /* a byte no field names stays ~0 and fails below */
   for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
      for (size_t b = fields[i].offset; b < fields[i].offset + fields[i].size; b++)
         want[b] = fields[i].part;
   int bad = 0;
   for (size_t b = 0; b < N; b++) {
      struct mgp_dynamic_state was, now;
      memset(&was, 0, sizeof(was));
      now = was;
      ((uint8_t *)&now)[b] = 0x5a;
      const uint32_t changed = vkb_dynamic_changes(&was, &now);
      const uint32_t in_range = vkb_dynamic_byte_parts(b, 1);
      if ((changed != want[b] || in_range != want[b]) && bad++ < 4)
         check(false, "dynamic state byte %zu: parts %#x changed, %#x in range, want %#x", b,
               changed, in_range, want[b]);
   }
   /* every run of words set_dynamic_words may carry: the parts of all its bytes */
   for (size_t first = 0; first < N / 4; first++)
      for (size_t count = 1; first + count <= N / 4; count++) {
         uint32_t w = 0;
         for (size_t b = 4 * first; b < 4 * (first + count); b++)
            w |= want[b];
         const uint32_t got = vkb_dynamic_byte_parts(4 * first, 4 * count);
         const uint32_t got_w = vkb_dynamic_word_parts((uint32_t)first, (uint32_t)count);
         if ((got != w || got_w != w) && bad++ < 8)
            check(false, "dynamic state words %zu+%zu: parts %#x (%#x by words), want %#x", first,
                  count, got, got_w, w);
      }
   check(!bad, "dynamic-state parts of every byte and word run (%d wrong)", bad);
}

/* Bindings at VKB_UNUSED_BINDING_BASE and above stay out of the pipeline layout, so only a
 * variable the entry point never reaches may sit there: a module whose code uses one is refused
 * (else the device reads a descriptor it never got: lavapipe crashed creating the pipeline). */
static void
test_scan_unused(void)
{
   size_t size;
   uint32_t *w = read_file("unused.frag.spv", &size);
   const size_t n = size / 4;
   struct vkb_shader *sh = calloc(1, sizeof(*sh));
   const char *why = sh ? NULL : "out of memory";
   bool ok = sh && vkb_spirv_scan(w, n, VK_SHADER_STAGE_FRAGMENT_BIT, sh, &why);
   check(ok && sh->binding[1].type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER && sh->max_binding == 2,
         "scan of unused.frag.spv: the used block at 1, the unused one left out (%s)",
         why ? why : "ok");
   /* The module as sent (the scan moved the unused block to set 1), the used block's Binding
    * decoration (OpDecorate = 71, Binding = 33) moved up there too. */
   free(w);
   w = read_file("unused.frag.spv", &size);
   int moved = 0;
   for (size_t pc = 5; pc < n && (w[pc] >> 16);) {
      const uint32_t op = w[pc] & 0xffffu, len = w[pc] >> 16;
      if (op == 71 && len >= 4 && w[pc + 2] == 33 && w[pc + 3] == 1) {
         w[pc + 3] = VKB_UNUSED_BINDING_BASE + 8;
         moved++;
      }
      pc += len;
   }
   memset(sh, 0, sizeof(*sh));
   why = NULL;
   ok = vkb_spirv_scan(w, n, VK_SHADER_STAGE_FRAGMENT_BIT, sh, &why);
   check(moved == 1 && !ok && why &&
            !strcmp(why, "descriptor used by the entry point at a binding for unused ones"),
         "scan of a module using a block at an unused binding: refused (%s)",
         why ? why : "accepted");
   free(sh);
   free(w);
}

static void
test_ubo(struct t *t)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_handle prog = make_program(t, &ubo_prog);
   use_program(t, prog);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(full_quad_strip), full_quad_strip));
   /* The block lives at offset 256 (a multiple of every device's UBO offset alignment). */
   const float add[4] = {0.2f, 0, 0, 0};
   struct mgp_handle ubo = make_buffer(t, 512, NULL);
   buffer_subdata(t, ubo, 256, sizeof(add), add);
   struct mgp_set_shader_buffers sb = {.cls = 0, .start = 1, .count = 1};
   struct mgp_buffer_range br = {.res = ubo, .offset = 256, .size = 16};
   t->cv->set_shader_buffers(t->ctx, &sb, &br, 1);
   set_consts(t, prog, 0, 0.4f, 0, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(32, 32, 51, 102, 0, 255), "uniform block (set_shader_buffers) + default block");
}

static void
test_cull(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   use_program(t, prog);
   bind_ve(t, false, 8);
   struct mgp_handle ccw = make_buffer(t, sizeof(tri_ccw), tri_ccw);
   struct mgp_handle cw = make_buffer(t, sizeof(tri_cw), tri_cw);
   struct mgp_render_state s = gl_render_state();
   s.cull_face = MGP_CULL_MODE_BACK;
   struct {
      uint16_t front;
      bool ccw_vertices;
      bool visible;
      const char *what;
   } cases[] = {
      {MGP_FRONT_FACE_CCW, true, true, "cull back, front CCW: a CCW triangle is drawn"},
      {MGP_FRONT_FACE_CCW, false, false, "cull back, front CCW: a CW triangle is culled"},
      {MGP_FRONT_FACE_CW, true, false, "cull back, front CW: a CCW triangle is culled"},
      {MGP_FRONT_FACE_CW, false, true, "cull back, front CW: a CW triangle is drawn"},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      clear_color(t, 0, 0, 0, 1, false, 1);
      s.front_face = cases[i].front;
      bind_rs(t, &s);
      bind_vb(t, cases[i].ccw_vertices ? ccw : cw);
      set_consts(t, prog, 1, 1, 1, 1, 0, 0, 0, 0, 0);
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
      read_back(t);
      check(cases[i].visible ? pixel_is(4, 4, 255, 255, 255, 255) : pixel_is(4, 4, 0, 0, 0, 255),
            "%s", cases[i].what);
   }
}

static void
test_dynamic(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(full_quad_strip), full_quad_strip));
   use_program(t, prog);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   const unsigned long long before = counter(t, "pipelines-created");
   clear_color(t, 0, 0, 0, 1, false, 1);
   /* viewport: the left half only */
   set_viewport(t, 0, 0, W / 2, H, false, NULL);
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   const unsigned long long fast0 = counter(t, "fast-draws");
   /* scissor: a 10x10 box at (40, 40), with a full viewport */
   const int32_t box[4] = {40, 40, 10, 10};
   set_viewport(t, 0, 0, W, H, true, box);
   set_consts(t, prog, 0, 0, 1, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   /* everything else dynamic: blend colour, stencil, line width, polygon offset, depth range */
   struct mgp_dynamic_state d = {.viewport = {0, 0, W, H},
                                 .depth_range = {0.25f, 0.75f},
                                 .scissor = {0, 0, 1, 1},
                                 .scissor_enable = 1,
                                 .blend_color = {0.1f, 0.2f, 0.3f, 0.4f},
                                 .stencil_ref = {3, 4},
                                 .stencil_read_mask = {0xf, 0xf},
                                 .stencil_write_mask = {1, 2},
                                 .line_width = 2.0f,
                                 .polygon_offset_factor = 1.0f,
                                 .polygon_offset_units = 2.0f};
   t->cv->set_dynamic_state(t->ctx, &d, NULL, 0);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   /* GL's glViewport(0, 0, 0, 0): nothing is drawn (and nothing breaks) */
   set_viewport(t, 0, 0, 0, 0, false, NULL);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   const unsigned long long after = counter(t, "pipelines-created");
   /* each draw after a dynamic-state change alone records it and draws (a fast draw) */
   const unsigned long long fast = counter(t, "fast-draws") - fast0;
   read_back(t);
   check(fast == 3, "draws after set_dynamic_state went the whole way (fast draws %llu of 3)",
         fast);
   check(pixel_is(10, 10, 0, 255, 0, 255) && pixel_is(50, 10, 0, 0, 0, 255) &&
            pixel_is(45, 45, 0, 0, 255, 255) && pixel_is(55, 55, 0, 0, 0, 255) &&
            pixel_is(0, 0, 0, 0, 255, 255) && pixel_is(1, 0, 0, 255, 0, 255),
         "viewport and scissor changes take effect");
   check(after == before, "dynamic-state changes created no pipeline (%llu before, %llu after)",
         before, after);
   /* The viewport alone becoming empty, then not: the scissor follows it (an empty viewport's
    * rejects everything, a viewport's again is the whole area), in one command buffer. */
   clear_color(t, 0, 0, 0, 1, false, 1);
   set_viewport(t, 0, 0, W, H, false, NULL);
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   set_viewport(t, 0, 0, 0, 0, false, NULL);
   set_consts(t, prog, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   /* the scissor recorded with the viewport empty, then the viewport alone moves */
   const int32_t all[4] = {0, 0, W, H};
   set_viewport(t, 0, 0, 0, 0, true, all);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   set_viewport(t, W / 2, 0, W / 2, H, true, all);
   set_consts(t, prog, 0, 0, 1, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(0, 0, 0, 255, 0, 255) && pixel_is(W / 2 - 1, H - 1, 0, 255, 0, 255),
         "a draw into a viewport that became empty draws nothing");
   check(pixel_is(W / 2, 0, 0, 0, 255, 255) && pixel_is(W - 1, H - 1, 0, 0, 255, 255),
         "a draw into a viewport that stopped being empty draws it");
   set_viewport(t, 0, 0, W, H, false, NULL);
}

static void
test_attrib_default(struct t *t)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_handle prog = make_program(t, &attr_prog);
   use_program(t, prog);
   bind_ve(t, false, 8); /* location 1 is not enabled */
   bind_vb(t, make_buffer(t, sizeof(full_quad_strip), full_quad_strip));
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(32, 32, 0, 0, 0, 255), "a disabled attribute reads GL's default (0,0,0,1)");
   const float v[4] = {0.2f, 0.4f, 0.6f, 1.0f};
   struct mgp_attrib_value av = {.location = 1, .kind = 0};
   memcpy(av.value, v, sizeof(v));
   struct mgp_set_vertex_attrib_defaults a = {.count = 1};
   t->cv->set_vertex_attrib_defaults(t->ctx, &a, &av, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(32, 32, 51, 102, 153, 255), "set_vertex_attrib_defaults (glVertexAttrib4f)");
}

/* A 64-bit vertex attribute at an offset near 2^32 (a hostile vertex_elements record): the
 * pipeline is refused by name, never handed to Vulkan. Red before: the offset check summed
 * offset + 16, which wrapped, and the validation layer reported the offset past
 * maxVertexInputAttributeOffset. */
static void
test_double_attrib_offset(struct t *t)
{
   const unsigned long long e0 = counter(t, "vk-validation-errors");
   struct mgp_handle prog = new_handle(t, MGP_KIND_SHADER);
   size_t vs_size, fs_size;
   void *vs = read_file("double_in.vert.spv", &vs_size),
        *fs = read_file("color.frag.spv", &fs_size);
   struct mgp_create_shader c = {.cso = prog,
                                 .stage_mask = (1u << MGP_SHADER_STAGE_VERTEX) |
                                               (1u << MGP_SHADER_STAGE_FRAGMENT)};
   c.spirv[MGP_SHADER_STAGE_VERTEX] = (struct mgp_span){.ptr = vs, .size = vs_size};
   c.spirv[MGP_SHADER_STAGE_FRAGMENT] = (struct mgp_span){.ptr = fs, .size = fs_size};
   c.reflection.vertex_input_mask = 3;
   c.reflection.vertex_input_kind[1] = 3; /* a double */
   c.reflection.fragment_output_mask = 1;
   t->cv->create_shader(t->ctx, &c, NULL, 0);
   free(vs);
   free(fs);
   use_default_fb(t, false);
   use_program(t, prog);
   struct mgp_handle h = new_handle(t, MGP_KIND_VERTEX_ELEMENTS);
   struct mgp_create_vertex_elements ve = {.cso = h, .enabled_mask = 3, .binding_count = 1};
   ve.attribs[0] =
      (struct mgp_vertex_attrib){.relative_offset = 0, .type = MGP_VERTEX_TYPE_FLOAT, .size = 2};
   ve.attribs[1] = (struct mgp_vertex_attrib){.relative_offset = 0xFFFFFFF8u,
                                              .type = MGP_VERTEX_TYPE_DOUBLE,
                                              .size = 1,
                                              .flags = MGP_ATTRIB_DOUBLE};
   ve.bindings[0] = (struct mgp_vertex_binding){.stride = 16};
   t->cv->create_vertex_elements(t->ctx, &ve, NULL, 0);
   struct mgp_handle_args b = {h};
   t->cv->bind_vertex_elements(t->ctx, &b, NULL, 0);
   bind_vb(t, make_buffer(t, sizeof(full_quad_strip), full_quad_strip));
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(t->fatal_count == 0 && counter(t, "vk-validation-errors") == e0,
         "a 64-bit attribute at offset 0xfffffff8 is refused before Vulkan (%llu validation "
         "error(s))",
         counter(t, "vk-validation-errors") - e0);
}

static void
test_pack(struct t *t)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_clear c = {.color_buffers = 1,
                         .color_write_mask = {0xf},
                         .scissor_enable = 1,
                         .scissor = {10, 20, 1, 1}};
   const float col[4] = {1, 0, 1, 1};
   memcpy(c.color, col, sizeof(col));
   t->cv->clear(t->ctx, &c, NULL, 0);
   /* glReadPixels(W - 2, 19, 3, 2): the answer is the 2 x 2 texels inside the surface, tight,
    * after the rectangle they are; the pack state plays no part (the front end packs). */
   struct mgp_pixel_pack_state p = {
      .alignment = 8, .row_length = 5, .skip_pixels = 1, .skip_rows = 1};
   t->cv->set_pixel_pack_state(t->ctx, &p, NULL, 0);
   c.scissor[0] = W - 1;
   t->cv->clear(t->ctx, &c, NULL, 0);
   uint8_t out[16 + 3 * 2 * 4];
   memset(out, 0xee, sizeof(out));
   struct mgp_read_pixels rp = {.x = W - 2,
                                .y = 19,
                                .width = 3,
                                .height = 2,
                                .format = MGP_FORMAT_RGBA8_UNORM,
                                .what = MGP_PACK_WHAT_COLOR,
                                .out = {.ptr = out, .size = sizeof(out)}};
   t->cv->read_pixels(t->ctx, &rp, NULL, 0);
   struct mgp_texels_rect r;
   memcpy(&r, out, sizeof(r));
   const uint8_t *tx = out + sizeof(r);
   /* (W - 1, 20) is row 1, column 1 of the 2 x 2 texels */
   check(r.x == 0 && r.y == 0 && r.width == 2 && r.height == 2 && tx[12] == 255 && tx[13] == 0 &&
            tx[14] == 255 && tx[8] == 0 && tx[11] == 255 && out[16 + 16] == 0xee,
         "read_pixels answers the texels inside the surface, tight (%u,%u %ux%u)", r.x, r.y,
         r.width, r.height);
   /* wholly outside: an empty rectangle, no texels */
   memset(out, 0xee, sizeof(out));
   rp.x = W;
   t->cv->read_pixels(t->ctx, &rp, NULL, 0);
   memcpy(&r, out, sizeof(r));
   check(r.width == 0 && r.height == 0 && out[16] == 0xee,
         "read_pixels outside the surface answers no texels");
   /* a format with no plane of the kind asked for fails the session */
   rp.x = 0;
   rp.what = MGP_PACK_WHAT_DEPTH;
   const int fatals = t->fatal_count;
   t->cv->read_pixels(t->ctx, &rp, NULL, 0);
   check(t->fatal_count == fatals, "a depth read without a depth surface declines first");
}

static void
test_fences_and_declines(struct t *t, struct mgp_handle prog)
{
   struct mgp_handle f = new_handle(t, MGP_KIND_FENCE);
   struct mgp_handle_args fa = {f};
   use_program(t, prog);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   t->sv->fence_create(t->scr, &fa, NULL, 0);
   uint32_t st = 99;
   struct mgp_fence_query q = {
      .fence = f, .timeout_ns = 5000000000ull, .out = {.ptr = &st, .size = sizeof(st)}};
   t->sv->fence_wait(t->scr, &q, NULL, 0);
   check(st == MGP_FENCE_SIGNALLED, "fence_wait after a draw signals (%u)", st);
   st = 99;
   t->sv->fence_status(t->scr, &q, NULL, 0);
   check(st == MGP_FENCE_SIGNALLED, "fence_status after the wait");
   t->sv->fence_destroy(t->scr, &fa, NULL, 0);

   const uint64_t d0 = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   const uint64_t di = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   draw(t, MGP_PRIM_PATCHES /* a program without tessellation stages */, 0, 4, 1, 0, 0);
   check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) == di + 1,
         "PATCHES through a program without tessellation stages is a named decline");
   draw(t, MGP_PRIM_COUNT /* past the enum: only a broken front end sends it */, 0, 4, 1, 0, 0);
   check(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == d0 + 1,
         "a primitive mode past the enum is a named decline, no table read past its end");
   /* What the client rewrites (fe_prim_rewrite.c) is hostile when it reaches the server. */
   const uint64_t dr = mgu_decline_count(MGU_DECLINE_backend_draw_needs_rewrite);
   draw(t, MGP_PRIM_LINE_LOOP, 0, 4, 1, 0, 0);
   struct mgp_draw_vbo rd = {.mode = MGP_PRIM_TRIANGLE_STRIP,
                             .index_size = 2,
                             .instance_count = 1,
                             .num_draws = 1,
                             .flags = MGP_DRAW_PRIMITIVE_RESTART,
                             .restart_index = 7};
   const struct mgp_draw_range rr = {0, 4, 0};
   t->cv->draw_vbo(t->ctx, &rd, &rr, 1);
   check(mgu_decline_count(MGU_DECLINE_backend_draw_needs_rewrite) == dr + 2,
         "GL_LINE_LOOP and restart index 7 reaching the server are named declines");
   const uint64_t d1 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   struct mgp_handle_args none = {{0, 0}};
   t->cv->set_draw_program(t->ctx, &none, NULL, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) == d1 + 1,
         "a draw with no program is a named decline");
   /* two draw buffers naming one colour attachment: GL refuses it, so only a hostile record
    * has it (the fuzz sweep's lavapipe division by zero) */
   use_program(t, prog);
   use_default_fb(t, false);
   struct mgp_framebuffer_state twice = t->fb;
   twice.draw_buffers[5] = 0;
   set_fb(t, &twice);
   const uint64_t d2 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) == d2 + 1,
         "two draw buffers naming one colour attachment are a named decline");
   use_default_fb(t, false);

   struct mgp_u32_args fl = {.value = MGP_FLUSH_FINISH};
   t->cv->flush(t->ctx, &fl, NULL, 0);
   for (uint64_t frame = 1; frame <= 5; frame++) {
      use_program(t, prog);
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
      struct mgp_present pr = {.frame_serial = frame, .color = t->color_rb};
      t->cv->present(t->ctx, &pr, NULL, 0);
   }
   t->cv->flush(t->ctx, &fl, NULL, 0);
   check(counter(t, "completed-frame-floor") == 5 && counter(t, "unsound-serial-complete") == 0,
         "frames: floor %llu after 5 presents and a finish, unsound-serial-complete 0",
         counter(t, "completed-frame-floor"));
}

/* Every gate counter fits the server's MGL-GATES line with a ten-digit value (a long run's
 * counts): a counter left out is gates-not-shown, which fails every lane that reads the line. */
static void
test_gates_line_room(struct t *t)
{
   const char *names[MGS_GATES_MAX];
   unsigned long long values[MGS_GATES_MAX];
   const unsigned total = mgs_vulkan_backend.gate_counters(t->scr, NULL, NULL, 0);
   const unsigned n = mgs_vulkan_backend.gate_counters(t->scr, names, values, MGS_GATES_MAX);
   size_t len = strlen("MGL-GATES");
   for (unsigned i = 0; i < n; i++)
      len += strlen(" ") + strlen(names[i]) + strlen("=") + 10;
   if (total > MGS_GATES_MAX || len >= MGS_GATES_LINE_ROOM) {
      fprintf(stderr,
              "FAIL the MGL-GATES line: %u counters (room for %u), %zu bytes with ten-digit "
              "values (room for %u)\n",
              total, (unsigned)MGS_GATES_MAX, len, (unsigned)MGS_GATES_LINE_ROOM);
      failures++;
   }
}

static void
test_caps(struct t *t)
{
   struct mgp_caps caps;
   memset(&caps, 0, sizeof(caps));
   struct mgp_get_caps g = {.out = {.ptr = &caps, .size = sizeof(caps)}};
   t->sv->get_caps(t->scr, &g, NULL, 0);
   fprintf(stderr, "        renderer \"%s\", driver \"%s\"\n", (char *)caps.renderer,
           (char *)caps.driver);
   const bool draw_bit = caps.call_mask[MGP_CALL_draw_vbo / 64] >> (MGP_CALL_draw_vbo % 64) & 1;
   const bool grid_bit =
      caps.call_mask[MGP_CALL_launch_grid / 64] >> (MGP_CALL_launch_grid % 64) & 1;
   bool xfer_bits = true;
   const unsigned xfer[] = {MGP_CALL_blit, MGP_CALL_generate_mipmap, MGP_CALL_resource_copy_region,
                            MGP_CALL_get_texture_image};
   for (unsigned i = 0; i < 4; i++)
      xfer_bits &= (caps.call_mask[xfer[i] / 64] >> (xfer[i] % 64)) & 1;
   check(caps.abi_version == MGP_ABI_VERSION &&
            !strncmp((char *)caps.renderer, "mgl (Vulkan: ", 13) &&
            !strcmp((char *)caps.vendor, "mgl") && draw_bit && grid_bit && xfer_bits &&
            (caps.format_flags[MGP_FORMAT_RGBA8_UNORM] & MGP_FORMAT_CAP_RENDER) &&
            (caps.format_flags[MGP_FORMAT_D24_UNORM_S8_UINT] & MGP_FORMAT_CAP_DEPTH_STENCIL) &&
            caps.max_texture_size >= 4096,
         "get_caps: strings, call mask (draw_vbo, blit, mipmaps, copies, launch_grid set), "
         "formats, limits");
   check(caps.max_samples >= 4, "max_samples %u (GL 3.3 needs at least 4)", caps.max_samples);
   const struct vkb_screen *scr = t->scr;
   /* GL_MULTISAMPLE off is exact only with VK_EXT_sample_locations (lavapipe has none): the
    * caps bit says so exactly when every multisample count of an attachment can put its
    * samples at the pixel centre. */
   uint32_t next = 0;
   vkEnumerateDeviceExtensionProperties(scr->phys, NULL, &next, NULL);
   VkExtensionProperties *ext = calloc(next ? next : 1, sizeof(*ext));
   bool has_sl = false;
   if (ext && vkEnumerateDeviceExtensionProperties(scr->phys, NULL, &next, ext) == VK_SUCCESS)
      for (uint32_t i = 0; i < next; i++)
         has_sl |= !strcmp(ext[i].extensionName, VK_EXT_SAMPLE_LOCATIONS_EXTENSION_NAME);
   free(ext);
   const VkSampleCountFlags fb_ms = (scr->props.limits.framebufferColorSampleCounts |
                                     scr->props.limits.framebufferDepthSampleCounts |
                                     scr->props.limits.framebufferStencilSampleCounts) &
                                    ~(VkSampleCountFlags)1;
   const bool exact = (caps.cap_bits & MGP_CAP_MULTISAMPLE_OFF_EXACT) != 0;
   check(has_sl ? exact == !(fb_ms & ~scr->centre_sample_counts)
                : !exact && !scr->centre_sample_counts,
         "GL_MULTISAMPLE off exact %d: VK_EXT_sample_locations %d, centre counts 0x%x, "
         "attachment counts 0x%x",
         exact, has_sl, (unsigned)scr->centre_sample_counts, (unsigned)fb_ms);
   fprintf(stderr, "        formats:");
   for (int f = 1; f < MGP_FORMAT_COUNT; f++)
      fprintf(stderr, " %d:%02x", f, caps.format_flags[f]);
   fprintf(stderr, "\n");
}

static void
test_modes(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   /* GL_POINTS needs gl_PointSize from the program; one that does not write it declines. */
   const float pts[] = {-0.5f, -0.5f, 0.5f, 0.5f};
   bind_vb(t, make_buffer(t, sizeof(pts), pts));
   clear_color(t, 0, 0, 0, 1, false, 1);
   use_program(t, prog);
   const uint64_t d0 = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   draw(t, MGP_PRIM_POINTS, 0, 2, 1, 0, 0);
   check(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == d0 + 1,
         "GL_POINTS without gl_PointSize is a named decline");
   struct mgp_handle pprog = make_program(t, &points_prog);
   use_program(t, pprog);
   set_consts(t, pprog, 1, 0.2f, 0, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_POINTS, 0, 2, 1, 0, 0);
   read_back(t);
   /* 4x4 points centred on (16, 16) and (48, 48): pixels 14..17 */
   check(pixel_is(14, 14, 255, 51, 0, 255) && pixel_is(17, 17, 255, 51, 0, 255) &&
            pixel_is(13, 14, 0, 0, 0, 255) && pixel_is(18, 17, 0, 0, 0, 255) &&
            pixel_is(46, 49, 255, 51, 0, 255),
         "GL_POINTS with gl_PointSize = 4");

   /* Lines, line strip and fan: a horizontal line on row 8 and a fan over the top half. */
   clear_color(t, 0, 0, 0, 1, false, 1);
   use_program(t, prog);
   const float geo[] = {-1, -0.75f + 1.0f / 64, 1, -0.75f + 1.0f / 64, -1, 0, 1, 0, 1, 1, -1, 1};
   bind_vb(t, make_buffer(t, sizeof(geo), geo));
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_LINES, 0, 2, 1, 0, 0);
   set_consts(t, prog, 0, 0, 1, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLE_FAN, 2, 4, 1, 0, 0);
   set_consts(t, prog, 1, 0, 0, 1, 0, 2.0f / 64, 0, 0, 0);
   draw(t, MGP_PRIM_LINE_STRIP, 0, 2, 1, 0, 0);
   read_back(t);
   check(pixel_is(5, 8, 0, 255, 0, 255) && pixel_is(60, 8, 0, 255, 0, 255) &&
            pixel_is(30, 9, 255, 0, 0, 255) && pixel_is(30, 7, 0, 0, 0, 255) &&
            pixel_is(10, 40, 0, 0, 255, 255) && pixel_is(60, 63, 0, 0, 255, 255) &&
            pixel_is(10, 30, 0, 0, 0, 255),
         "GL_LINES, GL_LINE_STRIP and GL_TRIANGLE_FAN");
}

/* GL_RGB8: 3-byte texels (widened to RGBA when the device has no RGB8 image), alpha 1. */
static void
test_rgb8(struct t *t)
{
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   struct mgp_handle prog = make_program(t, &tex_prog);
   use_program(t, prog);
   bind_ve(t, true, 16);
   const float quad[] = {-1, -1, 0, 0, 1, -1, 1, 0, -1, 1, 0, 1, 1, 1, 1, 1};
   bind_vb(t, make_buffer(t, sizeof(quad), quad));
   const uint8_t texels[6] = {10, 20, 30, 40, 50, 60};
   struct mgp_handle tex =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGB8_UNORM, 2, 1, 1);
   struct mgp_resource_subdata up = {.res = tex,
                                     .format = MGP_FORMAT_RGB8_UNORM,
                                     .box = {0, 0, 0, 2, 1, 1},
                                     .data = {.ptr = (void *)texels, .size = sizeof(texels)}};
   t->cv->resource_subdata(t->ctx, &up, NULL, 0);
   struct mgp_handle view = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   struct mgp_create_sampler_view cv = {.cso = view,
                                        .texture = tex,
                                        .format = MGP_FORMAT_RGB8_UNORM,
                                        .target = MGP_RESOURCE_TARGET_TEX_2D,
                                        .num_levels = 1};
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   struct mgp_set_handles sh = {.start = 0, .count = 1};
   t->cv->set_sampler_views(t->ctx, &sh, &view, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(10, 30, 10, 20, 30, 255) && pixel_is(50, 30, 40, 50, 60, 255),
         "GL_RGB8 texture: 3-byte texels, alpha reads 1");

   /* An RGB8 colour buffer: alpha of a clear and of a draw reads back as 1. */
   struct mgp_handle rb =
      make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_RGB8_UNORM, W, H, 1);
   struct mgp_framebuffer_state fb = t->fb;
   fb.fbo = (struct mgp_handle){2, 1};
   fb.color[0] = fb.read = surface(rb, MGP_FORMAT_RGB8_UNORM, 2);
   fb.is_default = 0;
   fb.content_hash = 99;
   set_fb(t, &fb);
   clear_color(t, 0.2f, 0.4f, 0.6f, 0.2f, false, 1);
   struct mgp_handle cprog = make_program(t, &color_prog);
   use_program(t, cprog);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(tri_ccw), tri_ccw));
   set_consts(t, cprog, 1, 0, 0, 0, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   read_back(t);
   check(pixel_is(60, 60, 51, 102, 153, 255) && pixel_is(2, 2, 255, 0, 0, 255),
         "GL_RGB8 colour buffer: alpha reads 1 after a clear and a draw");

   /* Draw (never clear) into an RGB8 texture, then sample it: alpha is 1 however the image
    * stores it. */
   struct mgp_handle rt = make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGB8_UNORM, W, H, 1);
   fb.fbo = (struct mgp_handle){3, 1};
   fb.color[0] = fb.read = surface(rt, MGP_FORMAT_RGB8_UNORM, 1);
   fb.content_hash = 100;
   set_fb(t, &fb);
   bind_vb(t, make_buffer(t, sizeof(full_quad_strip), full_quad_strip));
   set_consts(t, cprog, 0, 1, 0, 0, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 0, false, 1);
   use_program(t, prog);
   bind_ve(t, true, 16);
   bind_vb(t, make_buffer(t, sizeof(quad), quad));
   struct mgp_handle view2 = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   cv.cso = view2;
   cv.texture = rt;
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   t->cv->set_sampler_views(t->ctx, &sh, &view2, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(pixel_is(30, 30, 0, 255, 0, 255), "sampling an RGB8 render target: alpha reads 1");
   struct mgp_handle null = {0, 0};
   t->cv->set_sampler_views(t->ctx, &sh, &null, 1);
}

/* Streamed 16 MiB updates between draws push the batch past its arena limit: the backend
 * submits mid-frame, and every draw still sees its own bytes. */
static void
test_pressure(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   use_program(t, prog);
   bind_ve(t, false, 8);
   const uint32_t size = 16u << 20;
   float *big = calloc(1, size);
   struct mgp_handle vb = make_buffer(t, size, NULL);
   bind_vb(t, vb);
   const unsigned long long p0 = counter(t, "pressure-submits");
   for (int i = 0; i < 6; i++) {
      const float x = -1 + 0.25f * (float)i, y = 0.5f;
      const float q[] = {x, y, x + 0.125f, y, x, y + 0.125f, x + 0.125f, y + 0.125f};
      memcpy(big, q, sizeof(q));
      buffer_subdata(t, vb, 0, size, big);
      set_consts(t, prog, (float)(40 * i + 40) / 255.0f, 0, 1, 1, 0, 0, 0, 0, 0);
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   }
   free(big);
   read_back(t);
   bool ok = true;
   for (int i = 0; i < 6; i++)
      ok &= pixel_is(2 + 8 * i, 50, (uint8_t)(40 * i + 40), 0, 255, 255);
   check(ok && counter(t, "pressure-submits") > p0,
         "96 MiB of streamed updates: mid-frame submit(s) (%llu), every draw keeps its bytes",
         counter(t, "pressure-submits") - p0);
}

/* ---- issue 4: multisampling, blit, mipmaps, copies, texture targets, depth reads ----------- */

static struct mgp_handle
make_tex(struct t *t, enum mgp_resource_target target, enum mgp_format fmt, uint32_t w, uint32_t h,
         uint32_t depth, uint32_t layers, uint32_t levels, uint32_t samples)
{
   struct mgp_handle r = new_handle(t, MGP_KIND_BUFFER);
   struct mgp_resource_desc d = {.res = r,
                                 .target = (uint8_t)target,
                                 .levels = (uint8_t)levels,
                                 .samples = (uint8_t)samples,
                                 .format = (uint16_t)fmt,
                                 .width = w,
                                 .height = h,
                                 .depth = depth,
                                 .array_layers = layers};
   t->sv->resource_create(t->scr, &d, NULL, 0);
   return r;
}

static void
upload(struct t *t, struct mgp_handle tex, enum mgp_format fmt, uint32_t level, int32_t x,
       int32_t y, int32_t z, uint32_t w, uint32_t h, uint32_t d, const void *data, size_t size)
{
   struct mgp_resource_subdata up = {.res = tex,
                                     .level = level,
                                     .format = (uint16_t)fmt,
                                     .box = {x, y, z, w, h, d},
                                     .data = {.ptr = (void *)data, .size = size}};
   t->cv->resource_subdata(t->ctx, &up, NULL, 0);
}

/* A framebuffer with one colour surface (and optional depth/stencil), read surface = colour. */
static void
use_fb(struct t *t, uint32_t slot, struct mgp_surface color, struct mgp_surface ds, uint32_t w,
       uint32_t h)
{
   struct mgp_framebuffer_state fb;
   memset(&fb, 0, sizeof(fb));
   fb.fbo = (struct mgp_handle){slot, 1};
   fb.color[0] = color;
   fb.depth = fb.stencil = ds;
   fb.read = color;
   for (int i = 0; i < 8; i++)
      fb.draw_buffers[i] = i == 0 && color.kind ? 0 : -1;
   fb.width = w;
   fb.height = h;
   fb.layers = fb.samples = 1;
   fb.content_hash = 1000 + slot;
   set_fb(t, &fb);
}

/* The shape the front end sends for GL's format and type (fe_pack_shape), for the pairs
 * these tests read. */
static struct mgp_pack_shape
shape_of(uint32_t format, uint32_t type)
{
   struct mgp_pack_shape s = MGP_PACK_SHAPE_RGBA8;
   if (format == GL_BGR)
      s.nc = 3, s.comp[0] = 2, s.comp[1] = 1, s.comp[2] = 0, s.comp[3] = 0, s.size = 3;
   if (format == GL_RGBA && type == GL_FLOAT)
      s.type = MGP_PACK_TYPE_F32, s.size = 16;
   if (format == GL_RGBA && type == GL_UNSIGNED_INT_8_8_8_8_REV) {
      s.type = MGP_PACK_TYPE_PACKED, s.rev = 1;
      s.bits[0] = s.bits[1] = s.bits[2] = s.bits[3] = 8;
   }
   if (format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX) {
      s = (struct mgp_pack_shape){
         .what = format == GL_STENCIL_INDEX ? MGP_PACK_WHAT_STENCIL : MGP_PACK_WHAT_DEPTH, .nc = 1};
      s.type = type == GL_FLOAT            ? MGP_PACK_TYPE_F32
               : type == GL_UNSIGNED_INT   ? MGP_PACK_TYPE_U32
               : type == GL_UNSIGNED_SHORT ? MGP_PACK_TYPE_U16
                                           : MGP_PACK_TYPE_U8;
      s.size = type == GL_FLOAT || type == GL_UNSIGNED_INT ? 4 : type == GL_UNSIGNED_SHORT ? 2 : 1;
   }
   if (format == GL_DEPTH_STENCIL)
      s = (struct mgp_pack_shape){
         .what = MGP_PACK_WHAT_DEPTH_STENCIL, .type = MGP_PACK_TYPE_D24_S8, .nc = 1, .size = 4};
   return s;
}

/* glReadPixels as the front end does it: read_pixels names the read surface's format, then
 * the answer is packed here. */
static void
read_as(struct t *t, int x, int y, uint32_t w, uint32_t h, uint32_t format, uint32_t type,
        void *out, size_t size, int alignment)
{
   const struct mgp_pack_shape s = shape_of(format, type);
   const unsigned fmt = s.what == MGP_PACK_WHAT_COLOR     ? cur_fb.read.format
                        : s.what == MGP_PACK_WHAT_STENCIL ? cur_fb.stencil.format
                                                          : cur_fb.depth.format;
   uint64_t need = 0;
   if (!mgp_texels_size(s.what, fmt, w, h, &need)) {
      check(false, "a read of kind %u of %s", s.what, mgp_format_name(fmt));
      return;
   }
   uint8_t *ans = calloc(1, need);
   struct mgp_read_pixels rp = {.x = x,
                                .y = y,
                                .width = w,
                                .height = h,
                                .format = (uint16_t)fmt,
                                .what = s.what,
                                .out = {.ptr = ans, .size = need}};
   t->cv->read_pixels(t->ctx, &rp, NULL, 0);
   pack_answer(ans, need, s.what, fmt, &s, w, alignment, out, size);
   free(ans);
}

/* pack_to_buffer of RGBA/UNSIGNED_BYTE from an RGBA8 surface is a GPU copy into the buffer in
 * stream order, with no submit (pack-buffer-copies): the pixels land where the pack state puts
 * them and every other byte keeps its value; a conversion (floats) takes the pack path. */
static void
test_pack_to_buffer(struct t *t)
{
   use_default_fb(t, false);
   clear_color(t, 0.2f, 0.4f, 0.6f, 0.8f, false, 1);
   struct mgp_clear c = {
      .color_buffers = 1, .color_write_mask = {0xf}, .scissor_enable = 1, .scissor = {2, 3, 1, 1}};
   const float col[4] = {1, 0, 0, 1};
   memcpy(c.color, col, sizeof(col));
   t->cv->clear(t->ctx, &c, NULL, 0);
   uint8_t fill[256];
   memset(fill, 0xee, sizeof(fill));
   struct mgp_handle b = make_buffer(t, sizeof(fill), fill);
   struct mgp_pixel_pack_state p = {.alignment = 4, .row_length = 5, .skip_pixels = 1};
   t->cv->set_pixel_pack_state(t->ctx, &p, NULL, 0);
   const unsigned long long copies = counter(t, "pack-buffer-copies");
   const unsigned long long submits = counter(t, "submits");
   struct mgp_pack_to_buffer a = {.x = 1,
                                  .y = 2,
                                  .width = 3,
                                  .height = 2,
                                  .shape = MGP_PACK_SHAPE_RGBA8,
                                  .buffer = b,
                                  .offset = 8};
   t->cv->pack_to_buffer(t->ctx, &a, NULL, 0);
   check(counter(t, "pack-buffer-copies") == copies + 1, "RGBA8 into a buffer is a GPU copy");
   check(counter(t, "submits") == submits, "the copy waits for nothing (no submit)");
   uint8_t got[256];
   struct mgp_resource_readback rb = {
      .res = b, .offset = 0, .size = sizeof(got), .out = {.ptr = got, .size = sizeof(got)}};
   t->cv->resource_readback(t->ctx, &rb, NULL, 0);
   int bad = 0;
   for (int k = 0; k < (int)sizeof(got); k++) {
      int rel = k - 8, want = 0xee;
      if (rel >= 0 && rel / 20 < 2 && (rel % 20) / 4 >= 1 && (rel % 20) / 4 < 4) {
         const int x = 1 + (rel % 20) / 4 - 1, y = 2 + rel / 20;
         const uint8_t red[4] = {255, 0, 0, 255}, bg[4] = {51, 102, 153, 204};
         want = (x == 2 && y == 3 ? red : bg)[rel % 4];
      }
      bad += got[k] != want;
   }
   check(!bad, "pack_to_buffer bytes: %d wrong", bad);
   struct mgp_pixel_pack_state p0 = {.alignment = 4};
   t->cv->set_pixel_pack_state(t->ctx, &p0, NULL, 0);
   a.shape = shape_of(GL_RGBA, GL_FLOAT);
   a.offset = 128;
   a.width = a.height = 1;
   t->cv->pack_to_buffer(t->ctx, &a, NULL, 0);
   check(counter(t, "pack-buffer-copies") == copies + 1, "a float read takes the pack path");
   float f[4] = {0};
   rb = (struct mgp_resource_readback){
      .res = b, .offset = 128, .size = sizeof(f), .out = {.ptr = f, .size = sizeof(f)}};
   t->cv->resource_readback(t->ctx, &rb, NULL, 0);
   check(f[0] > 0.199f && f[0] < 0.201f && f[3] > 0.799f && f[3] < 0.801f,
         "float pixel through the pack path: %f %f", f[0], f[3]);
}

/* A heap store as the ring arms' client places one: page-aligned memory the server imports. */
static struct mgp_handle
make_heap_buffer(struct t *t, uint8_t *mem, uint64_t size)
{
   struct mgp_handle h = new_handle(t, MGP_KIND_BUFFER);
   struct mgp_resource_desc d = {.res = h,
                                 .target = MGP_RESOURCE_TARGET_BUFFER,
                                 .size = size,
                                 .bind_mask = MGP_BIND_TRANSFER,
                                 .usage = MGP_BUFFER_USAGE_STREAM_READ,
                                 .store = {.ptr = mem, .size = size, .seg = MGP_SEG_HEAP}};
   t->sv->resource_create(t->scr, &d, NULL, 0);
   return h;
}

/* Heap stores count against the session's cap (MGL_SERVER_SESSION_MEMORY) as the server's own
 * memory does: a client that names one span for store after store (each persistent store is
 * worth its granule, perf34) is held to the cap. With room for one 64 KiB store, the first
 * import is made and the second, the same span again, is not (the buffer falls back to the
 * server's memory, which the cap refuses too: GL_OUT_OF_MEMORY, no Fatal). */
static void
test_heap_store_cap(struct t *t)
{
   const size_t size = 64u << 10, page = (size_t)sysconf(_SC_PAGESIZE);
   uint8_t *mem = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (mem == MAP_FAILED || size % page) {
      check(false, "no memory for a heap store");
      return;
   }
   memset(mem, 0, size);
   struct vkb_screen *scr = t->scr;
   const VkDeviceSize budget = scr->resource_budget;
   scr->resource_budget = scr->mem_in_use + size + size / 2;
   const unsigned long long made = counter(t, "heap-buffers");
   const struct mgp_handle first = make_heap_buffer(t, mem, size);
   const bool one = counter(t, "heap-buffers") == made + 1;
   const struct mgp_handle again = make_heap_buffer(t, mem, size);
   const unsigned long long imported = counter(t, "heap-buffers") - made;
   check(!scr->failed && (!one || imported == 1),
         "two heap stores of one span under a cap with room for one: %llu imported (1 wanted)",
         imported);
   scr->resource_budget = budget;
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){first}, NULL, 0);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){again}, NULL, 0);
   struct mgp_u32_args fin = {.value = MGP_FLUSH_FINISH};
   t->cv->flush(t->ctx, &fin, NULL, 0); /* the imported pages are unmapped only after */
   munmap(mem, size);
}

/* The ring arms' heap imported by block (MGP_HEAP_BLOCK_SIZE, heap_attach): two stores in one
 * block are one import, each buffer's bytes are the heap's at its own offset (read back), a
 * store across two blocks is imported alone, a block stays imported when its stores go (the
 * next store there imports nothing), and a block import that would pass the session's cap
 * first frees an unused block whose GPU work completed (heap-blocks-freed). heap_unmap frees
 * every block before it unmaps the heap. */
static void
test_heap_blocks(struct t *t)
{
   const size_t B = MGP_HEAP_BLOCK_SIZE, len = 8 * B;
   uint8_t *mem = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
   if (mem == MAP_FAILED) {
      check(false, "no memory for a heap");
      return;
   }
   struct vkb_screen *scr = t->scr;
   if (!scr->host_import_align || (uintptr_t)mem % scr->host_import_align) {
      fprintf(stderr, "SKIP heap blocks: the device imports no host memory here\n");
      munmap(mem, len);
      return;
   }
   mgs_vulkan_backend.heap_attach(t->scr, mem, len);
   const size_t K = 64u << 10;
   for (size_t k = 0; k < 2 * K; k++)
      mem[k] = (uint8_t)(k * 7 + 1);
   const unsigned long long made = counter(t, "heap-buffers"), imports = counter(t, "heap-imports");
   const struct mgp_handle a = make_heap_buffer(t, mem, K), b = make_heap_buffer(t, mem + K, K);
   check(counter(t, "heap-buffers") == made + 2 && counter(t, "heap-imports") == imports + 1,
         "two stores of one block: %llu buffers, %llu imports (2, 1 wanted)",
         counter(t, "heap-buffers") - made, counter(t, "heap-imports") - imports);
   uint8_t got[256];
   int bad = 0;
   for (int i = 0; i < 2; i++) {
      struct mgp_resource_readback rb = {
         .res = i ? b : a, .offset = 1000, .size = sizeof(got), .out = {got, sizeof(got)}};
      t->cv->resource_readback(t->ctx, &rb, NULL, 0);
      for (size_t k = 0; k < sizeof(got); k++)
         bad += got[k] != (uint8_t)((i * K + 1000 + k) * 7 + 1);
   }
   check(!bad, "buffers bound into the block read %d wrong bytes", bad);
   const struct mgp_handle across = make_heap_buffer(t, mem + B - K, 2 * K);
   check(counter(t, "heap-imports") == imports + 2, "a store across two blocks is imported alone");
   const struct mgp_handle gone[3] = {a, b, across};
   for (int i = 0; i < 3; i++)
      t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){gone[i]}, NULL, 0);
   const struct mgp_handle again = make_heap_buffer(t, mem + 2 * K, K);
   check(counter(t, "heap-imports") == imports + 2, "a store in a block still imported: no import");
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){again}, NULL, 0);
   struct mgp_u32_args fin = {.value = MGP_FLUSH_FINISH};
   t->cv->flush(t->ctx, &fin, NULL, 0);
   const VkDeviceSize budget = scr->resource_budget;
   scr->resource_budget = scr->mem_in_use + K; /* no room for block 1 beside block 0 */
   const unsigned long long freed = counter(t, "heap-blocks-freed"),
                            fallbacks = counter(t, "heap-import-fallbacks");
   const struct mgp_handle next = make_heap_buffer(t, mem + B, K);
   check(counter(t, "heap-blocks-freed") == freed + 1 &&
            counter(t, "heap-imports") == imports + 3 &&
            counter(t, "heap-import-fallbacks") == fallbacks && !scr->failed,
         "under the cap: %llu blocks freed, %llu imports (1, 3 wanted)",
         counter(t, "heap-blocks-freed") - freed, counter(t, "heap-imports") - imports);
   scr->resource_budget = budget;
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){next}, NULL, 0);
   /* A create+delete loop walking blocks 2-7 (block 1 kept too; the store across blocks 0 and 1 was an import of its own): the import that finds four
    * unused blocks kept frees them first. */
   for (size_t i = 2; i < 8; i++) {
      const struct mgp_handle h = make_heap_buffer(t, mem + i * B, K);
      t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){h}, NULL, 0);
   }
   const unsigned long long kept =
      (counter(t, "heap-imports") - imports - 1) - (counter(t, "heap-blocks-freed") - freed);
   check(counter(t, "heap-imports") == imports + 9 && kept >= 1 && kept <= 4,
         "a walk over six blocks: %llu imports (9 wanted), %llu blocks kept (1-4 wanted)",
         counter(t, "heap-imports") - imports, kept);
   t->cv->flush(t->ctx, &fin, NULL, 0);
   mgs_vulkan_backend.heap_unmap(t->scr, mem, len);
   check(counter(t, "heap-blocks-freed") - freed == counter(t, "heap-imports") - imports - 1,
         "heap_unmap frees every imported block");
}

/* A persistent map of a heap store (MGP_CAP_HEAP_MAP, spawn): map_persistent answers
 * MGP_MAP_HEAP_STORE and the size for a MAP_PERSISTENT buffer whose store it imported, and
 * declines (all zero) a persistent buffer of its own memory and a heap store not made
 * persistent. The client then writes the store while draws read it: an indirect draw from such
 * a store always runs the clamp (no CPU shadow to skip it on), also for commands within budget
 * and for a command the client rewrites past the budget behind the server's back. */
static void
test_heap_map(struct t *t, struct mgp_handle prog)
{
   const size_t size = 64u << 10, page = (size_t)sysconf(_SC_PAGESIZE);
   uint8_t *mem = mmap(NULL, 2 * size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (mem == MAP_FAILED || size % page) {
      check(false, "no memory for two heap stores");
      return;
   }
   memset(mem, 0, 2 * size);
   const unsigned long long made = counter(t, "heap-buffers");
   struct mgp_caps caps;
   memset(&caps, 0, sizeof(caps));
   t->sv->get_caps(t->scr, &(struct mgp_get_caps){.out = {.ptr = &caps, .size = sizeof(caps)}},
                   NULL, 0);
   const bool has_cap = (caps.cap_bits & MGP_CAP_HEAP_MAP) != 0;
   struct mgp_resource_desc d = {.target = MGP_RESOURCE_TARGET_BUFFER,
                                 .size = 4096,
                                 .bind_mask = MGP_BIND_INDIRECT | MGP_BIND_VERTEX,
                                 .usage = MGP_BUFFER_USAGE_STREAM_DRAW,
                                 .storage_flags = MGP_STORAGE_MAP_WRITE |
                                                  MGP_STORAGE_MAP_PERSISTENT |
                                                  MGP_STORAGE_MAP_COHERENT,
                                 .store = {.ptr = mem, .size = size, .seg = MGP_SEG_HEAP}};
   d.res = new_handle(t, MGP_KIND_BUFFER);
   const struct mgp_handle heap = d.res;
   t->sv->resource_create(t->scr, &d, NULL, 0);
   d.res = new_handle(t, MGP_KIND_BUFFER);
   d.storage_flags = 0;
   d.store.ptr = mem + size;
   const struct mgp_handle not_persistent = d.res;
   t->sv->resource_create(t->scr, &d, NULL, 0);
   const struct mgp_handle own = make_buffer(t, 4096, NULL);
   const bool imported = counter(t, "heap-buffers") == made + 2;
   check(imported == has_cap, "heap stores imported: %d, MGP_CAP_HEAP_MAP: %d", imported, has_cap);
   if (!imported) {
      fprintf(stderr, "SKIP heap maps: the device imports no host memory\n");
      return; /* (what it made keeps its pages: left mapped) */
   }
   struct mgp_map_answer ans[3];
   const struct mgp_handle res[3] = {heap, not_persistent, own};
   for (int i = 0; i < 3; i++) {
      memset(&ans[i], 0x5a, sizeof(ans[i]));
      t->sv->map_persistent(t->scr,
                            &(struct mgp_map_persistent){
                               .res = res[i], .out = {.ptr = &ans[i], .size = sizeof(ans[i])}},
                            NULL, 0);
   }
   check(ans[0].address == 0 && ans[0].flags == MGP_MAP_HEAP_STORE && ans[0].size == 4096,
         "map_persistent of a persistent heap store: address %llu flags %u size %llu (0, %u, "
         "4096 wanted)",
         (unsigned long long)ans[0].address, ans[0].flags, (unsigned long long)ans[0].size,
         MGP_MAP_HEAP_STORE);
   check(!ans[1].address && !ans[1].flags && !ans[2].address && !ans[2].flags,
         "map_persistent declines a heap store not made persistent (flags %u) and a store of "
         "the server's own on another process's map (address %llu flags %u)",
         ans[1].flags, (unsigned long long)ans[2].address, ans[2].flags);

   /* the client writes commands within budget straight into the store: every draw clamps */
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   const float verts[6][2] = {{-1, -1}, {-0.75f, -1}, {-0.75f, 0}, {-1, -1}, {-0.75f, 0}, {-1, 0}};
   bind_vb(t, make_buffer(t, sizeof(verts), verts));
   set_consts(t, prog, 0, 0, 1, 1, 0, 0, 0, 0, 0);
   memcpy(mem, (uint32_t[4]){6, 1, 0, 0}, 16);
   struct vkb_screen *scr = t->scr;
   vkb_draw_clamp_settle(scr);
   const unsigned long long un = scr->stats.indirect_unclamped;
   const uint64_t clamped = mgu_decline_count(MGU_DECLINE_indirect_draw_clamped);
   struct mgp_draw_indirect a = {
      .mode = MGP_PRIM_TRIANGLES, .indirect = heap, .stride = 16, .draw_count = 1};
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   read_back(t);
   const bool drawn = pixel_is(1, 10, 0, 0, 255, 255);
   /* rewritten past any budget with no record the server sees, and drawn again */
   memcpy(mem, (uint32_t[4]){6, 0x7fffffffu, 0, 0}, 16);
   t->cv->draw_indirect(t->ctx, &a, NULL, 0);
   read_back(t);
   vkb_draw_clamp_settle(scr);
   check(!scr->failed && drawn && scr->stats.indirect_unclamped == un &&
            mgu_decline_count(MGU_DECLINE_indirect_draw_clamped) == clamped + 1,
         "indirect draws from a heap store: drawn %d, %llu unclamped (0 wanted), %llu clamped "
         "(1 wanted: the hostile command)",
         drawn, scr->stats.indirect_unclamped - un,
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_indirect_draw_clamped) - clamped));
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){heap}, NULL, 0);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){not_persistent}, NULL, 0);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){own}, NULL, 0);
   struct mgp_u32_args fin = {.value = MGP_FLUSH_FINISH};
   t->cv->flush(t->ctx, &fin, NULL, 0); /* the imported pages are unmapped only after */
   munmap(mem, 2 * size);
}

/* present_to_buffer: the colour image as BGRA rows, top row first, at the client's offset and
 * stride in its heap store, answered 1; every byte outside those rows keeps its value. The
 * client's numbers are hostile: a stride short of a row or not a multiple of 4, rows past the
 * store (an offset near 2^64, a height that overflows), a size other than the image's, a
 * buffer the server allocated itself and a texture for a buffer are each answered 0 with
 * nothing written and no Fatal. */
static void
test_present_to_buffer(struct t *t)
{
   use_default_fb(t, false);
   clear_color(t, 0.2f, 0.4f, 0.6f, 0.8f, false, 1);
   struct mgp_clear c = {
      .color_buffers = 1, .color_write_mask = {0xf}, .scissor_enable = 1, .scissor = {2, 3, 1, 1}};
   const float col[4] = {1, 0, 0, 1};
   memcpy(c.color, col, sizeof(col));
   t->cv->clear(t->ctx, &c, NULL, 0);
   const size_t size = 64u << 10, page = (size_t)sysconf(_SC_PAGESIZE);
   uint8_t *mem = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (mem == MAP_FAILED || size % page) {
      check(false, "no memory for a heap store");
      return;
   }
   memset(mem, 0xee, size);
   const unsigned long long made = counter(t, "heap-buffers");
   struct mgp_handle b = make_heap_buffer(t, mem, size);
   const bool imported = counter(t, "heap-buffers") == made + 1;
   const uint32_t stride = W * 4 + 8, offset = 64;
   uint32_t answer = 7;
   struct mgp_present_to_buffer a = {.res = t->color_rb,
                                     .buffer = b,
                                     .offset = offset,
                                     .width = W,
                                     .height = H,
                                     .stride = stride,
                                     .out = {.ptr = &answer, .size = sizeof(answer)}};
   const int fatals = t->fatal_count;
   t->cv->present_to_buffer(t->ctx, &a, NULL, 0);
   if (!imported) {
      /* a device without VK_EXT_external_memory_host: declined, nothing written */
      check(answer == 0, "present_to_buffer without an imported store answers %u", answer);
   } else {
      check(answer == 1, "present_to_buffer answered %u", answer);
      int bad = 0;
      for (size_t k = 0; k < size; k++) {
         int want = 0xee;
         if (k >= offset && k - offset < (size_t)stride * H && (k - offset) % stride < W * 4) {
            const size_t row = (k - offset) / stride, x = (k - offset) % stride / 4;
            const size_t gl_y = H - 1 - row; /* the top row is GL's last */
            const uint8_t red[4] = {0, 0, 255, 255}, bg[4] = {153, 102, 51, 204};
            want = (x == 2 && gl_y == 3 ? red : bg)[(k - offset) % 4];
         }
         bad += mem[k] != want;
      }
      check(!bad, "present_to_buffer bytes: %d wrong", bad);
   }
   memset(mem, 0xee, size);
   const struct mgp_present_to_buffer good = a;
   struct mgp_present_to_buffer hostile[8];
   int n = 0;
   hostile[n] = good, hostile[n++].stride = W * 4 - 4;      /* short of a row */
   hostile[n] = good, hostile[n++].stride = W * 4 + 2;      /* not a multiple of 4 */
   hostile[n] = good, hostile[n++].offset = UINT64_MAX - 8; /* the sum would wrap */
   hostile[n] = good, hostile[n++].offset = size - 4;       /* rows past the store */
   hostile[n] = good, hostile[n].height = UINT32_MAX, hostile[n++].stride = UINT32_MAX - 3;
   hostile[n] = good, hostile[n++].width = W + 1;                       /* not the image's size */
   hostile[n] = good, hostile[n++].buffer = make_buffer(t, size, NULL); /* the server's memory */
   hostile[n] = good, hostile[n++].buffer = t->depth_rb;                /* not a buffer */
   for (int i = 0; i < n; i++) {
      answer = 7;
      t->cv->present_to_buffer(t->ctx, &hostile[i], NULL, 0);
      check(answer == 0, "hostile present_to_buffer %d answered %u", i, answer);
   }
   int touched = 0;
   for (size_t k = 0; k < size; k++)
      touched += mem[k] != 0xee;
   check(!touched, "hostile present_to_buffer wrote %d bytes", touched);
   check(t->fatal_count == fatals, "present_to_buffer failed the session: %s", t->fatal);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){b}, NULL, 0);
   t->sv->resource_destroy(t->scr, &(struct mgp_handle_args){hostile[6].buffer}, NULL, 0);
   struct mgp_u32_args fin = {.value = MGP_FLUSH_FINISH};
   t->cv->flush(t->ctx, &fin, NULL, 0); /* the imported pages are unmapped only after */
   munmap(mem, size);
}

/* An RGBA/UNSIGNED_BYTE read of an RGBA8 surface copies rows as stored (pack-row-copies), with
 * the bytes the per-texel path gives for the same memory layout (UNSIGNED_INT_8_8_8_8_REV). */
static void
test_pack_row_copy(struct t *t)
{
   use_default_fb(t, false);
   clear_color(t, 0.2f, 0.4f, 0.6f, 0.8f, false, 1);
   struct mgp_clear c = {
      .color_buffers = 1, .color_write_mask = {0xf}, .scissor_enable = 1, .scissor = {3, 5, 2, 1}};
   const float col[4] = {1, 0, 0.5f, 1};
   memcpy(c.color, col, sizeof(col));
   t->cv->clear(t->ctx, &c, NULL, 0);
   uint8_t fast[8 * 6 * 4], slow[8 * 6 * 4];
   memset(fast, 0xee, sizeof(fast));
   memset(slow, 0x11, sizeof(slow));
   const unsigned long long before = counter(t, "pack-row-copies");
   read_as(t, 1, 2, 8, 6, GL_RGBA, GL_UNSIGNED_BYTE, fast, sizeof(fast), 4);
   const enum mgp_pack_path fast_path = last_path;
   const unsigned long long after = counter(t, "pack-row-copies");
   read_as(t, 1, 2, 8, 6, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, slow, sizeof(slow), 4);
   check(after == before + 6, "the server answers the 6 rows as stored");
   check(counter(t, "pack-row-copies") == after + 6, "for a packed-type read too");
   check(fast_path == MGP_PACK_ROW_COPY && last_path == MGP_PACK_CONVERT,
         "RGBA/UNSIGNED_BYTE packs by row copy (%d), a packed type per texel (%d)", fast_path,
         last_path);
   check(!memcmp(fast, slow, sizeof(fast)), "row copy and per-texel read-back agree");
   /* (3, 5) read from (1, 2): row 3, column 2 */
   const uint8_t *px = &fast[(3 * 8 + 2) * 4];
   check(px[0] == 255 && px[1] == 0 && (px[2] == 127 || px[2] == 128) && px[3] == 255 &&
            fast[0] == 51 && fast[1] == 102 && fast[2] == 153 && fast[3] == 204,
         "row-copied pixels are the cleared colours");
}

static bool
near_u8(int v, int want, int tol)
{
   return v >= want - tol && v <= want + tol;
}

static void
test_msaa(struct t *t, struct mgp_handle prog)
{
   struct mgp_handle ms =
      make_tex(t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_RGBA8_UNORM, W, H, 1, 1, 1, 4);
   struct mgp_handle msd =
      make_tex(t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_D24_UNORM_S8_UINT, W, H, 1, 1, 1, 4);
   use_fb(t, 40, surface(ms, MGP_FORMAT_RGBA8_UNORM, 2),
          surface(msd, MGP_FORMAT_D24_UNORM_S8_UINT, 2), W, H);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 1, 0, 0, 1, true, 1);
   struct mgp_render_state s = gl_render_state();
   s.multisample = 1;
   bind_rs(t, &s);
   use_program(t, prog);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(tri_ccw), tri_ccw));
   set_consts(t, prog, 0, 0, 1, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   /* resolve into the single-sampled window with blit */
   struct mgp_blit b = {.src = surface(ms, MGP_FORMAT_RGBA8_UNORM, 2),
                        .dst = surface(t->color_rb, MGP_FORMAT_RGBA8_UNORM, 2),
                        .src_box = {0, 0, W, H},
                        .dst_box = {0, 0, W, H},
                        .mask = MGP_BLIT_COLOR,
                        .filter = MGP_FILTER_NEAREST};
   t->cv->blit(t->ctx, &b, NULL, 0);
   use_default_fb(t, false);
   read_back(t);
   /* Inside x + y < 63 blue, outside x + y > 64 red; on the diagonal x + y == 63 the pixel
    * centre is on the edge and the samples split: a mix, never a pure colour. */
   bool ok = true;
   int mixed = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const uint8_t *p = &pixels[(y * W + x) * 4];
         if (x + y < 63)
            ok &= pixel_is(x, y, 0, 0, 255, 255);
         else if (x + y > 64)
            ok &= pixel_is(x, y, 255, 0, 0, 255);
         else if (x + y == 63 && p[0] > 20 && p[0] < 235 && p[2] > 20 && p[0] + p[2] >= 250 &&
                  p[0] + p[2] <= 260)
            mixed++;
      }
   check(ok && mixed == 64,
         "4x multisampled draw resolved by blit: interior exact, %d of 64 "
         "diagonal pixels partially covered",
         mixed);

   /* The sample mask keeps one sample of four: a covered pixel resolves to 1/4 blue. */
   use_fb(t, 40, surface(ms, MGP_FORMAT_RGBA8_UNORM, 2),
          surface(msd, MGP_FORMAT_D24_UNORM_S8_UINT, 2), W, H);
   clear_color(t, 1, 0, 0, 1, true, 1);
   s.sample_mask = 0x1;
   bind_rs(t, &s);
   bind_vb(t, make_buffer(t, sizeof(full_quad_strip), full_quad_strip));
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   /* multisampling disabled: the mask has no effect (GL), the draw covers every sample */
   s.multisample = 0;
   bind_rs(t, &s);
   bind_vb(t, make_buffer(t, sizeof(tri_ccw), tri_ccw));
   set_consts(t, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   t->cv->blit(t->ctx, &b, NULL, 0);
   use_default_fb(t, false);
   read_back(t);
   const uint8_t *p = &pixels[(60 * W + 60) * 4];
   check(near_u8(p[0], 191, 2) && p[1] == 0 && near_u8(p[2], 64, 2) &&
            pixel_is(5, 5, 0, 255, 0, 255),
         "sample mask 0x1 on 4 samples resolves to (%u,%u,%u); GL_MULTISAMPLE off ignores it", p[0],
         p[1], p[2]);

   /* A multisampled texture (TEX_2D_MS) is a resolve source too; 2 samples round up. */
   struct mgp_handle mst =
      make_tex(t, MGP_RESOURCE_TARGET_TEX_2D_MS, MGP_FORMAT_RGBA8_UNORM, 16, 16, 1, 1, 1, 2);
   use_fb(t, 41, surface(mst, MGP_FORMAT_RGBA8_UNORM, 1), (struct mgp_surface){0}, 16, 16);
   clear_color(t, 0.2f, 0.4f, 0.6f, 0.8f, false, 1);
   b.src = surface(mst, MGP_FORMAT_RGBA8_UNORM, 1);
   b.src_box[2] = b.src_box[3] = 16;
   b.dst_box[0] = b.dst_box[1] = 8;
   b.dst_box[2] = b.dst_box[3] = 24;
   b.src_box[0] = b.src_box[1] = 0;
   /* GL requires identical boxes for a resolve; mgl's resolve clips like GL at scale 1. */
   memcpy(b.dst_box, b.src_box, sizeof(b.src_box));
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   t->cv->blit(t->ctx, &b, NULL, 0);
   read_back(t);
   check(pixel_is(0, 0, 51, 102, 153, 204) && pixel_is(15, 15, 51, 102, 153, 204) &&
            pixel_is(16, 16, 0, 0, 0, 255),
         "TEX_2D_MS with 2 samples requested: cleared and resolved");

   /* Sample shading with a minimum a client chose: Vulkan takes [0, 1] only (the validation
    * layer reports anything else); NaN, 7 and -3 draw as 1, 1 and 0. */
   const float mins[] = {NAN, 7.0f, -3.0f};
   s = gl_render_state();
   s.multisample = 1;
   s.sample_shading = 1;
   set_consts(t, prog, 0, 0, 1, 1, 0, 0, 0, 0, 0);
   bind_vb(t, make_buffer(t, sizeof(full_quad_strip), full_quad_strip));
   b.src = surface(ms, MGP_FORMAT_RGBA8_UNORM, 2);
   b.src_box[0] = b.src_box[1] = b.dst_box[0] = b.dst_box[1] = 0;
   b.src_box[2] = b.src_box[3] = b.dst_box[2] = b.dst_box[3] = W;
   for (int i = 0; i < 3; i++) {
      use_fb(t, 40, surface(ms, MGP_FORMAT_RGBA8_UNORM, 2),
             surface(msd, MGP_FORMAT_D24_UNORM_S8_UINT, 2), W, H);
      clear_color(t, 1, 0, 0, 1, true, 1);
      s.min_sample_shading = mins[i];
      bind_rs(t, &s);
      draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
      t->cv->blit(t->ctx, &b, NULL, 0);
      use_default_fb(t, false);
      read_back(t);
      check(pixel_is(0, 0, 0, 0, 255, 255) && pixel_is(63, 63, 0, 0, 255, 255),
            "sample shading with a minimum of %g draws (clamped to [0, 1])", (double)mins[i]);
   }
}

/* The sample locations a multisampled depth image was last drawn with (centre_drawn, which
 * vkb_image_transition names in its barriers): a blit drawn into it (vkb_blit_draw.c, standard
 * locations) records the standard ones; a blit drawn from it leaves its record. Marking an
 * image as drawn with pixel-centre locations makes its barriers carry VkSampleLocationsInfoEXT,
 * which only a device with VK_EXT_sample_locations takes: elsewhere only the first half runs. */
static void
test_blit_draw_locations(struct t *t)
{
   struct vkb_screen *scr = t->scr;
   struct mgp_handle one =
      make_tex(t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_D24_UNORM_S8_UINT, W, H, 1, 1, 1, 1);
   struct mgp_handle ms[2];
   for (int i = 0; i < 2; i++)
      ms[i] = make_tex(t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_D24_UNORM_S8_UINT, W, H, 1,
                       1, 1, 4);
   struct vkb_resource *r1 = vkb_resource_for_use(scr, ms[0], "test");
   struct vkb_resource *r2 = vkb_resource_for_use(scr, ms[1], "test");
   if (!r1 || !r2 || r1->samples != VK_SAMPLE_COUNT_4_BIT) {
      check(false, "4-sample depth/stencil renderbuffers");
      return;
   }
   const unsigned long long draws = counter(t, "blit-draws");
   /* single-sample depth mirrored into ms[0]: drawn */
   struct mgp_blit b = {.src = surface(one, MGP_FORMAT_D24_UNORM_S8_UINT, 2),
                        .dst = surface(ms[0], MGP_FORMAT_D24_UNORM_S8_UINT, 2),
                        .src_box = {0, 0, W, H},
                        .dst_box = {W, 0, 0, H},
                        .mask = MGP_BLIT_DEPTH,
                        .filter = MGP_FILTER_NEAREST};
   const bool centre = scr->centre_sample_counts & VK_SAMPLE_COUNT_4_BIT;
   r1->centre_drawn = centre; /* as a GL_MULTISAMPLE-off draw leaves it */
   t->cv->blit(t->ctx, &b, NULL, 0);
   check(counter(t, "blit-draws") == draws + 1 && !r1->centre_drawn,
         "a depth blit drawn into a 4-sample image records the standard sample locations%s",
         centre ? " after pixel-centre ones" : "");
   if (!centre) {
      printf("  (no VK_EXT_sample_locations at 4 samples: the pixel-centre half skipped)\n");
      return;
   }
   /* ms[0] mirrored into ms[1], ms[0] last drawn with pixel-centre locations */
   r1->centre_drawn = true;
   b.src = surface(ms[0], MGP_FORMAT_D24_UNORM_S8_UINT, 2);
   b.dst = surface(ms[1], MGP_FORMAT_D24_UNORM_S8_UINT, 2);
   t->cv->blit(t->ctx, &b, NULL, 0);
   check(r1->centre_drawn && !r2->centre_drawn,
         "a blit drawn from a pixel-centre depth image keeps its record");
   r1->centre_drawn = false;
}

static void
test_blit(struct t *t)
{
   /* 8x8 source, texel (i, j) = (30 i, 30 j, 200, 255). */
   uint8_t texels[8 * 8 * 4];
   for (int j = 0; j < 8; j++)
      for (int i = 0; i < 8; i++) {
         uint8_t *q = &texels[(j * 8 + i) * 4];
         q[0] = (uint8_t)(30 * i), q[1] = (uint8_t)(30 * j), q[2] = 200, q[3] = 255;
      }
   struct mgp_handle src =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 8, 8, 1);
   upload(t, src, MGP_FORMAT_RGBA8_UNORM, 0, 0, 0, 0, 8, 8, 1, texels, sizeof(texels));
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   /* x mirrored (dst x0 > x1), scaled 4x, nearest, scissored to x >= 20, y < 30 */
   struct mgp_blit b = {.src = surface(src, MGP_FORMAT_RGBA8_UNORM, 1),
                        .dst = surface(t->color_rb, MGP_FORMAT_RGBA8_UNORM, 2),
                        .src_box = {0, 0, 8, 8},
                        .dst_box = {48, 8, 16, 40},
                        .scissor = {20, 0, 100, 30},
                        .scissor_enable = 1,
                        .mask = MGP_BLIT_COLOR,
                        .filter = MGP_FILTER_NEAREST};
   t->cv->blit(t->ctx, &b, NULL, 0);
   read_back(t);
   bool ok = true;
   for (int y = 0; y < H && ok; y++)
      for (int x = 0; x < W && ok; x++) {
         if (x >= 20 && x < 48 && y >= 8 && y < 30) {
            const int i = 7 - (x - 16) / 4, j = (y - 8) / 4;
            ok &= pixel_is(x, y, (uint8_t)(30 * i), (uint8_t)(30 * j), 200, 255);
         } else {
            ok &= pixel_is(x, y, 0, 0, 0, 255);
         }
      }
   check(ok, "mirrored 4x nearest blit clipped by the scissor: every pixel");

   /* scale 1, y mirrored, source partly outside the surface: only pixels with a source */
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_blit b2 = b;
   b2.scissor_enable = 0;
   memcpy(b2.src_box, (int32_t[4]){-2, 8, 6, 0}, 16);
   memcpy(b2.dst_box, (int32_t[4]){10, 10, 18, 18}, 16);
   t->cv->blit(t->ctx, &b2, NULL, 0);
   read_back(t);
   ok = true;
   for (int y = 0; y < 24 && ok; y++)
      for (int x = 0; x < 24 && ok; x++) {
         if (x >= 12 && x < 18 && y >= 10 && y < 18) {
            const int i = x - 10 - 2, j = 7 - (y - 10);
            ok &= pixel_is(x, y, (uint8_t)(30 * i), (uint8_t)(30 * j), 200, 255);
         } else {
            ok &= pixel_is(x, y, 0, 0, 0, 255);
         }
      }
   check(ok, "y-mirrored blit at scale 1 with the source box leaving the surface");

   /* linear 2x magnification of a 2x1 source: the middle pixels are the mix */
   const uint8_t two[8] = {0, 0, 0, 255, 200, 100, 40, 255};
   struct mgp_handle s2 =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 2, 1, 1);
   upload(t, s2, MGP_FORMAT_RGBA8_UNORM, 0, 0, 0, 0, 2, 1, 1, two, sizeof(two));
   struct mgp_blit b3 = {.src = surface(s2, MGP_FORMAT_RGBA8_UNORM, 1),
                         .dst = surface(t->color_rb, MGP_FORMAT_RGBA8_UNORM, 2),
                         .src_box = {0, 0, 2, 1},
                         .dst_box = {0, 0, 4, 1},
                         .mask = MGP_BLIT_COLOR,
                         .filter = MGP_FILTER_LINEAR};
   t->cv->blit(t->ctx, &b3, NULL, 0);
   read_back(t);
   /* centres at 0.25, 0.75, 1.25, 1.75 texels: weights 0, 0.25, 0.75, 1 */
   const uint8_t *q1 = &pixels[1 * 4], *q2 = &pixels[2 * 4];
   check(pixel_is(0, 0, 0, 0, 0, 255) && pixel_is(3, 0, 200, 100, 40, 255) &&
            near_u8(q1[0], 50, 1) && near_u8(q1[1], 25, 1) && near_u8(q2[0], 150, 1) &&
            near_u8(q2[2], 30, 1),
         "linear blit filters (%u,%u) (%u,%u)", q1[0], q1[1], q2[0], q2[2]);

   /* depth blit: D24S8 -> D24S8 at scale 1, read back as depth */
   struct mgp_handle da =
      make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_D32_FLOAT, 16, 16, 1);
   struct mgp_handle db =
      make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_D32_FLOAT, 16, 16, 1);
   use_fb(t, 42, (struct mgp_surface){0}, surface(da, MGP_FORMAT_D32_FLOAT, 2), 16, 16);
   struct mgp_clear c = {.depth = 1, .depth_value = 0.25f, .depth_write = 1};
   t->cv->clear(t->ctx, &c, NULL, 0);
   use_fb(t, 43, (struct mgp_surface){0}, surface(db, MGP_FORMAT_D32_FLOAT, 2), 16, 16);
   c.depth_value = 0.75f;
   t->cv->clear(t->ctx, &c, NULL, 0);
   struct mgp_blit bd = {.src = surface(da, MGP_FORMAT_D32_FLOAT, 2),
                         .dst = surface(db, MGP_FORMAT_D32_FLOAT, 2),
                         .src_box = {0, 0, 8, 8},
                         .dst_box = {0, 0, 8, 8},
                         .mask = MGP_BLIT_DEPTH,
                         .filter = MGP_FILTER_NEAREST};
   t->cv->blit(t->ctx, &bd, NULL, 0);
   float z[16 * 16];
   memset(z, 0, sizeof(z));
   read_as(t, 0, 0, 16, 16, GL_DEPTH_COMPONENT, GL_FLOAT, z, sizeof(z), 4);
   check(z[0] == 0.25f && z[7 * 16 + 7] == 0.25f && z[8] == 0.75f && z[8 * 16] == 0.75f,
         "depth blit of an 8x8 corner (%g %g %g)", z[0], z[8], z[8 * 16]);
}

static void
test_read_depth_stencil(struct t *t)
{
   /* the window's D24S8: depth 0.25 with a scissored 0.75 square, stencil 0x5a */
   use_default_fb(t, true);
   struct mgp_clear c = {.depth = 1,
                         .stencil = 1,
                         .depth_value = 0.25f,
                         .stencil_value = 0x5a,
                         .depth_write = 1,
                         .stencil_write_mask = 0xff};
   t->cv->clear(t->ctx, &c, NULL, 0);
   c.stencil = 0;
   c.depth_value = 0.75f;
   c.scissor_enable = 1;
   memcpy(c.scissor, (int32_t[4]){4, 4, 4, 4}, 16);
   t->cv->clear(t->ctx, &c, NULL, 0);
   static float zf[16 * 16];
   read_as(t, 0, 0, 16, 16, GL_DEPTH_COMPONENT, GL_FLOAT, zf, sizeof(zf), 4);
   bool ok = true;
   for (int y = 0; y < 16; y++)
      for (int x = 0; x < 16; x++) {
         const float want = x >= 4 && x < 8 && y >= 4 && y < 8 ? 0.75f : 0.25f;
         ok &= fabsf(zf[y * 16 + x] - want) < 1e-6f;
      }
   check(ok, "GL_DEPTH_COMPONENT/GL_FLOAT from D24S8: every pixel (%g, %g)", zf[0], zf[5 * 16 + 5]);
   uint32_t zu[4];
   uint16_t zs[4];
   read_as(t, 3, 4, 2, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, zu, sizeof(zu), 4);
   read_as(t, 3, 4, 2, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, zs, sizeof(zs), 2);
   check(zu[0] >= 0x3fffff00u && zu[0] <= 0x40000100u && zu[1] >= 0xbfffff00u &&
            zu[1] <= 0xc0000100u && zs[0] == 16384 && zs[1] == 49151,
         "GL_UNSIGNED_INT 0x%08x 0x%08x, GL_UNSIGNED_SHORT %u %u", zu[0], zu[1], zs[0], zs[1]);
   uint8_t st[8 * 2];
   memset(st, 0, sizeof(st));
   read_as(t, 0, 0, 3, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st, sizeof(st), 4);
   uint32_t dsv[2];
   read_as(t, 4, 4, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, dsv, sizeof(dsv), 4);
   check(st[0] == 0x5a && st[2] == 0x5a && st[4] == 0x5a && st[6] == 0x5a && st[3] == 0 &&
            (dsv[0] & 0xff) == 0x5a && (dsv[0] >> 8) >= 0xbffffe && (dsv[0] >> 8) <= 0xc00001,
         "GL_STENCIL_INDEX (row 4-aligned) and GL_DEPTH_STENCIL/24_8 0x%08x", dsv[0]);

   /* D32F and D16 */
   struct mgp_handle d32 =
      make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_D32_FLOAT, 8, 8, 1);
   struct mgp_handle d16 =
      make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_D16_UNORM, 8, 8, 1);
   use_fb(t, 44, (struct mgp_surface){0}, surface(d32, MGP_FORMAT_D32_FLOAT, 2), 8, 8);
   struct mgp_clear c2 = {.depth = 1, .depth_value = 0.375f, .depth_write = 1};
   t->cv->clear(t->ctx, &c2, NULL, 0);
   float f1 = 0;
   read_as(t, 7, 7, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &f1, sizeof(f1), 4);
   use_fb(t, 45, (struct mgp_surface){0}, surface(d16, MGP_FORMAT_D16_UNORM, 2), 8, 8);
   c2.depth_value = 0.2f;
   t->cv->clear(t->ctx, &c2, NULL, 0);
   uint16_t s1 = 0;
   float f2 = 0;
   read_as(t, 2, 3, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, &s1, sizeof(s1), 2);
   read_as(t, 2, 3, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &f2, sizeof(f2), 4);
   check(f1 == 0.375f && s1 == 13107 && fabsf(f2 - 13107.0f / 65535.0f) < 1e-7f,
         "D32F reads %g; D16 reads %u / %g", f1, s1, f2);

   /* colour beyond RGBA8: an RGBA16F target read as float and as bytes, RGBA8 read as RGB */
   struct mgp_handle hf =
      make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_RGBA16_FLOAT, 4, 4, 1);
   use_fb(t, 46, surface(hf, MGP_FORMAT_RGBA16_FLOAT, 2), (struct mgp_surface){0}, 4, 4);
   clear_color(t, 0.25f, 0.5f, 2.0f, -1.0f, false, 1);
   float rgba[4] = {0};
   uint8_t rgba8[4] = {0};
   read_as(t, 1, 1, 1, 1, GL_RGBA, GL_FLOAT, rgba, sizeof(rgba), 4);
   read_as(t, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba8, sizeof(rgba8), 4);
   use_default_fb(t, false);
   clear_color(t, 0.2f, 0.4f, 0.6f, 0.8f, false, 1);
   uint8_t rgb[3 * 3 + 3];
   memset(rgb, 0xee, sizeof(rgb));
   read_as(t, 0, 0, 3, 1, GL_BGR, GL_UNSIGNED_BYTE, rgb, sizeof(rgb), 1);
   check(rgba[0] == 0.25f && rgba[1] == 0.5f && rgba[2] == 2.0f && rgba[3] == -1.0f &&
            rgba8[0] == 64 && rgba8[1] == 128 && rgba8[2] == 255 && rgba8[3] == 0 &&
            rgb[0] == 153 && rgb[1] == 102 && rgb[2] == 51 && rgb[8] == 51 && rgb[9] == 0xee,
         "RGBA16F as GL_FLOAT (%g %g %g %g) and bytes (%u %u %u %u); RGBA8 as GL_BGR", rgba[0],
         rgba[1], rgba[2], rgba[3], rgba8[0], rgba8[1], rgba8[2], rgba8[3]);
}

/* One layer of an RGBA8 level as RGBA bytes; every level these tests read is square, of size
 * bytes. */
static void
get_tex(struct t *t, struct mgp_handle tex, uint32_t level, uint32_t layer, void *out, size_t size)
{
   uint32_t side = 1;
   while ((size_t)(side + 1) * (side + 1) * 4 <= size)
      side++;
   uint64_t need = 0;
   mgp_texels_size(MGP_PACK_WHAT_COLOR, MGP_FORMAT_RGBA8_UNORM, side, side, &need);
   uint8_t *ans = calloc(1, need);
   struct mgp_get_texture_image g = {.res = tex,
                                     .level = level,
                                     .layer = layer,
                                     .width = side,
                                     .height = side,
                                     .format = MGP_FORMAT_RGBA8_UNORM,
                                     .what = MGP_PACK_WHAT_COLOR,
                                     .out = {.ptr = ans, .size = need}};
   t->cv->get_texture_image(t->ctx, &g, NULL, 0);
   const struct mgp_pack_shape s = MGP_PACK_SHAPE_RGBA8;
   pack_answer(ans, need, MGP_PACK_WHAT_COLOR, MGP_FORMAT_RGBA8_UNORM, &s, side, 4, out, size);
   free(ans);
}

static void
test_mipmaps_and_copies(struct t *t)
{
   /* 4x4: 2x2 blocks of (0|200, 0|100, 40, 255); level 1 is the blocks, level 2 their mean */
   uint8_t texels[4 * 4 * 4];
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++) {
         uint8_t *q = &texels[(j * 4 + i) * 4];
         q[0] = i < 2 ? 0 : 200, q[1] = j < 2 ? 0 : 100, q[2] = 40, q[3] = 255;
      }
   struct mgp_handle tex =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 3);
   upload(t, tex, MGP_FORMAT_RGBA8_UNORM, 0, 0, 0, 0, 4, 4, 1, texels, sizeof(texels));
   struct mgp_generate_mipmap gm = {.res = tex, .base_level = 0, .last_level = 2};
   /* Levels 1 and 2 are written whole from the level above: their owed zeroing is skipped. */
   const unsigned long long skipped = counter(t, "levels-zero-skipped");
   t->cv->generate_mipmap(t->ctx, &gm, NULL, 0);
   const unsigned long long gen_skipped = counter(t, "levels-zero-skipped") - skipped;
   check(gen_skipped == 2, "generate_mipmap of levels 1..2: %llu levels' zeroing skipped (want 2)",
         gen_skipped);
   uint8_t l1[2 * 2 * 4], l2[4], l0[4 * 4 * 4];
   memset(l1, 0xee, sizeof(l1));
   memset(l2, 0xee, sizeof(l2));
   get_tex(t, tex, 1, 0, l1, sizeof(l1));
   get_tex(t, tex, 2, 0, l2, sizeof(l2));
   get_tex(t, tex, 0, 0, l0, sizeof(l0));
   check(!memcmp(l0, texels, sizeof(l0)) && l1[0] == 0 && l1[1] == 0 && l1[4] == 200 &&
            l1[5] == 0 && l1[8] == 0 && l1[9] == 100 && l1[12] == 200 && l1[13] == 100 &&
            l1[14] == 40 && near_u8(l2[0], 100, 1) && near_u8(l2[1], 50, 1) && l2[2] == 40 &&
            l2[3] == 255,
         "generate_mipmap levels 1..2 read by get_texture_image (level 2: %u %u %u %u)", l2[0],
         l2[1], l2[2], l2[3]);

   /* image copy: level 1 (2x2) into the corner of another texture */
   struct mgp_handle t2 =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 1);
   upload(t, t2, MGP_FORMAT_RGBA8_UNORM, 0, 0, 0, 0, 4, 4, 1, texels, sizeof(texels));
   struct mgp_resource_copy_region cr = {.dst = t2,
                                         .dst_level = 0,
                                         .dst_x = 2,
                                         .dst_y = 0,
                                         .src = tex,
                                         .src_level = 1,
                                         .src_box = {0, 0, 0, 2, 2, 1}};
   t->cv->resource_copy_region(t->ctx, &cr, NULL, 0);
   get_tex(t, t2, 0, 0, l0, sizeof(l0));
   check(l0[(0 * 4 + 2) * 4] == 0 && l0[(0 * 4 + 3) * 4] == 200 && l0[(1 * 4 + 2) * 4 + 1] == 100 &&
            l0[(1 * 4 + 1) * 4] == 0 && l0[(2 * 4 + 2) * 4] == 200,
         "image copy of a 2x2 level into a 4x4 texture");
   /* within one level: t2's texels (2,0)..(3,1) to (0,2)..(1,3); overlapping boxes decline */
   struct mgp_resource_copy_region cs = {.dst = t2,
                                         .dst_level = 0,
                                         .dst_x = 0,
                                         .dst_y = 2,
                                         .src = t2,
                                         .src_level = 0,
                                         .src_box = {2, 0, 0, 2, 2, 1}};
   const uint64_t dc0 = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   t->cv->resource_copy_region(t->ctx, &cs, NULL, 0);
   uint8_t l0b[sizeof(l0)];
   get_tex(t, t2, 0, 0, l0b, sizeof(l0b));
   bool same_ok = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == dc0;
   for (int y = 0; y < 2; y++)
      for (int x = 0; x < 2; x++)
         same_ok &= !memcmp(&l0b[((2 + y) * 4 + x) * 4], &l0[(y * 4 + 2 + x) * 4], 4);
   for (int i = 0; i < 8 * 4; i++) /* rows 0 and 1 unchanged */
      same_ok &= l0b[i] == l0[i];
   check(same_ok, "image copy within one level (boxes apart)");
   cs.dst_x = 1;
   cs.dst_y = 1;
   t->cv->resource_copy_region(t->ctx, &cs, NULL, 0);
   check(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == dc0 + 1,
         "image copy within one level between overlapping boxes is a named decline");

   /* image copy between a 3D image (2x2x3) and a 2D array (2x2x3): slices 1..2 into layers
    * 0..1, then layer 2 into slice 0 (Vulkan copies slices to layers one for one) */
   struct mgp_handle v3 = new_handle(t, MGP_KIND_BUFFER), va = new_handle(t, MGP_KIND_BUFFER);
   struct mgp_resource_desc d3 = {.res = v3,
                                  .target = MGP_RESOURCE_TARGET_TEX_3D,
                                  .levels = 1,
                                  .samples = 1,
                                  .format = MGP_FORMAT_RGBA8_UNORM,
                                  .width = 2,
                                  .height = 2,
                                  .depth = 3,
                                  .array_layers = 1};
   t->sv->resource_create(t->scr, &d3, NULL, 0);
   struct mgp_resource_desc da = d3;
   da.res = va, da.target = MGP_RESOURCE_TARGET_TEX_2D_ARRAY, da.depth = 1, da.array_layers = 3;
   t->sv->resource_create(t->scr, &da, NULL, 0);
   uint8_t s3[3 * 16], sa[3 * 16];
   for (int i = 0; i < 3 * 16; i++)
      s3[i] = (uint8_t)(10 + i), sa[i] = (uint8_t)(100 + i);
   upload(t, v3, MGP_FORMAT_RGBA8_UNORM, 0, 0, 0, 0, 2, 2, 3, s3, sizeof(s3));
   upload(t, va, MGP_FORMAT_RGBA8_UNORM, 0, 0, 0, 0, 2, 2, 3, sa, sizeof(sa));
   const uint64_t dc3 = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   struct mgp_resource_copy_region c3 = {.dst = va, .src = v3, .src_box = {0, 0, 1, 2, 2, 2}};
   t->cv->resource_copy_region(t->ctx, &c3, NULL, 0);
   struct mgp_resource_copy_region ca = {.dst = v3, .src = va, .src_box = {0, 0, 2, 2, 2, 1}};
   t->cv->resource_copy_region(t->ctx, &ca, NULL, 0);
   uint8_t b3[3 * 16], ba3[3 * 16];
   memset(b3, 0xee, sizeof(b3));
   memset(ba3, 0xee, sizeof(ba3));
   for (uint32_t k = 0; k < 3; k++) { /* one slice or layer a read */
      get_tex(t, v3, 0, k, b3 + 16 * k, 16);
      get_tex(t, va, 0, k, ba3 + 16 * k, 16);
   }
   check(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == dc3 &&
            !memcmp(b3, sa + 32, 16) && !memcmp(b3 + 16, s3 + 16, 32) &&
            !memcmp(ba3, s3 + 16, 32) && !memcmp(ba3 + 32, sa + 32, 16),
         "image copy 3D slices -> 2D array layers and back (3D %u %u %u, array %u %u %u)", b3[0],
         b3[16], b3[32], ba3[0], ba3[16], ba3[32]);

   /* buffer copy: glCopyBufferSubData */
   uint8_t a[16], z[16] = {0}, out[16];
   for (int i = 0; i < 16; i++)
      a[i] = (uint8_t)(i + 1);
   struct mgp_handle ba = make_buffer(t, 16, a), bb = make_buffer(t, 16, z);
   struct mgp_resource_copy_region bc = {
      .dst = bb, .dst_x = 2, .src = ba, .src_box = {4, 0, 0, 8, 1, 1}};
   t->cv->resource_copy_region(t->ctx, &bc, NULL, 0);
   struct mgp_resource_readback rb = {
      .res = bb, .offset = 0, .size = 16, .out = {.ptr = out, .size = 16}};
   t->cv->resource_readback(t->ctx, &rb, NULL, 0);
   bool ok = out[0] == 0 && out[1] == 0 && out[10] == 0;
   for (int i = 0; i < 8; i++)
      ok &= out[2 + i] == a[4 + i];
   check(ok, "buffer copy [4, +8) -> [2, +8)");
}

static void sample_target_from(struct t *t, const char *frag, enum mgp_resource_target target,
                               struct mgp_handle tex, enum mgp_format fmt, uint16_t min_layer);

static void
sample_target(struct t *t, const char *frag, enum mgp_resource_target target, struct mgp_handle tex,
              enum mgp_format fmt)
{
   sample_target_from(t, frag, target, tex, fmt, 0);
}

static void
sample_target_from(struct t *t, const char *frag, enum mgp_resource_target target,
                   struct mgp_handle tex, enum mgp_format fmt, uint16_t min_layer)
{
   const struct program_desc pd = {"tex.vert.spv", frag, 0, 0, 1, 3};
   struct mgp_handle prog = make_program(t, &pd);
   use_program(t, prog);
   bind_ve(t, true, 16);
   const float quad[] = {-1, -1, 0, 0, 1, -1, 1, 0, -1, 1, 0, 1, 1, 1, 1, 1};
   bind_vb(t, make_buffer(t, sizeof(quad), quad));
   struct mgp_handle view = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   struct mgp_create_sampler_view cv = {.cso = view,
                                        .texture = tex,
                                        .format = (uint16_t)fmt,
                                        .target = (uint8_t)target,
                                        .num_levels = 1,
                                        .min_layer = min_layer};
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   struct mgp_handle samp = make_nearest_sampler(t, MGP_COMPARE_MODE_NONE);
   struct mgp_set_handles sh = {.start = 0, .count = 1};
   t->cv->set_sampler_views(t->ctx, &sh, &view, 1);
   t->cv->bind_sampler_states(t->ctx, &sh, &samp, 1);
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 0, false, 1);
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   struct mgp_handle null = {0, 0};
   t->cv->set_sampler_views(t->ctx, &sh, &null, 1);
}

static bool
all_pixels(uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
   bool ok = true;
   for (int y = 0; y < H && ok; y++)
      for (int x = 0; x < W && ok; x++)
         ok &= pixel_is(x, y, r, g, b, a);
   return ok;
}

/* textureSamples of a 4-sample RGBA8 texture through a usampler2DMS: GL leaves the lookups
 * undefined but the sample count defined, and Vulkan needs a view of the shader's kind, so the
 * draw samples a view in an unsigned integer format of the same texel size (no decline). */
static void
test_kind_view_samples(struct t *t)
{
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   const struct program_desc pd = {"tex.vert.spv", "samples_ms.frag.spv", 0, 0, 1, 3};
   struct mgp_handle prog = make_program_kind(t, &pd, MGP_SAMPLER_KIND_UINT);
   use_program(t, prog);
   bind_ve(t, true, 16);
   const float quad[] = {-1, -1, 0, 0, 1, -1, 1, 0, -1, 1, 0, 1, 1, 1, 1, 1};
   bind_vb(t, make_buffer(t, sizeof(quad), quad));
   struct mgp_handle tex =
      make_tex(t, MGP_RESOURCE_TARGET_TEX_2D_MS, MGP_FORMAT_RGBA8_UNORM, 4, 4, 1, 1, 1, 4);
   struct mgp_handle view = new_handle(t, MGP_KIND_SAMPLER_VIEW);
   struct mgp_create_sampler_view cv = {.cso = view,
                                        .texture = tex,
                                        .format = MGP_FORMAT_RGBA8_UNORM,
                                        .target = MGP_RESOURCE_TARGET_TEX_2D_MS,
                                        .num_levels = 1};
   t->cv->create_sampler_view(t->ctx, &cv, NULL, 0);
   struct mgp_handle samp = make_nearest_sampler(t, MGP_COMPARE_MODE_NONE);
   struct mgp_set_handles sh = {.start = 0, .count = 1};
   t->cv->set_sampler_views(t->ctx, &sh, &view, 1);
   t->cv->bind_sampler_states(t->ctx, &sh, &samp, 1);
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 0, false, 1);
   const uint64_t d0 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   const unsigned long long k0 = counter(t, "kind-views");
   draw(t, MGP_PRIM_TRIANGLE_STRIP, 0, 4, 1, 0, 0);
   read_back(t);
   check(all_pixels(240, 0, 0, 255) &&
            mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) == d0 &&
            counter(t, "kind-views") == k0 + 1 && t->fatal_count == 0,
         "textureSamples of a 4-sample RGBA8 texture through a usampler2DMS: 4 (red 240), "
         "through a view of kind uint, no decline");
   struct mgp_handle null = {0, 0};
   t->cv->set_sampler_views(t->ctx, &sh, &null, 1);
}

static void
test_targets(struct t *t)
{
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   /* layer / face / slice k holds the colour (10 + 40 k, 200 - 30 k, 7 k, 255) */
   uint8_t layers[6][2 * 2 * 4];
   for (int k = 0; k < 6; k++)
      for (int i = 0; i < 4; i++) {
         layers[k][4 * i + 0] = (uint8_t)(10 + 40 * k),
                           layers[k][4 * i + 1] = (uint8_t)(200 - 30 * k);
         layers[k][4 * i + 2] = (uint8_t)(7 * k), layers[k][4 * i + 3] = 255;
      }
   /* 2D array of 3 layers: layers 1 and 2 in one upload (box z = 1, depth 2), sampled at 1 */
   struct mgp_handle arr =
      make_tex(t, MGP_RESOURCE_TARGET_TEX_2D_ARRAY, MGP_FORMAT_RGBA8_UNORM, 2, 2, 1, 3, 1, 1);
   upload(t, arr, MGP_FORMAT_RGBA8_UNORM, 0, 0, 0, 0, 2, 2, 1, layers[0], 16);
   upload(t, arr, MGP_FORMAT_RGBA8_UNORM, 0, 0, 0, 1, 2, 2, 2, layers[1], 32);
   sample_target(t, "tex_array.frag.spv", MGP_RESOURCE_TARGET_TEX_2D_ARRAY, arr,
                 MGP_FORMAT_RGBA8_UNORM);
   check(all_pixels(50, 170, 7, 255), "2D array texture: layer 1 sampled as sampler2DArray");

   /* cube: face k uploaded with box.z = k; the shader looks along +X (face 0) */
   struct mgp_handle cube =
      make_tex(t, MGP_RESOURCE_TARGET_TEX_CUBE, MGP_FORMAT_RGBA8_UNORM, 2, 2, 1, 6, 1, 1);
   for (int k = 5; k >= 0; k--)
      upload(t, cube, MGP_FORMAT_RGBA8_UNORM, 0, 0, 0, k, 2, 2, 1, layers[k], 16);
   sample_target(t, "tex_cube.frag.spv", MGP_RESOURCE_TARGET_TEX_CUBE, cube,
                 MGP_FORMAT_RGBA8_UNORM);
   check(all_pixels(10, 200, 0, 255), "cube map: face +X sampled as samplerCube");
   /* A cube view from layer 3 of a six-layer cube would name layers 3..8: a hostile record
    * (GL refuses such a view). A named decline, the draw dropped, no invalid image view. */
   const uint64_t dv0 = mgu_decline_count(MGU_DECLINE_backend_draw_incomplete);
   sample_target_from(t, "tex_cube.frag.spv", MGP_RESOURCE_TARGET_TEX_CUBE, cube,
                      MGP_FORMAT_RGBA8_UNORM, 3);
   check(mgu_decline_count(MGU_DECLINE_backend_draw_incomplete) > dv0 && all_pixels(0, 0, 0, 0),
         "a cube view past the cube's layers declines and drops the draw");

   /* 3D: two slices, r = 0.75 samples slice 1 */
   struct mgp_handle vol =
      make_tex(t, MGP_RESOURCE_TARGET_TEX_3D, MGP_FORMAT_RGBA8_UNORM, 2, 2, 2, 1, 1, 1);
   upload(t, vol, MGP_FORMAT_RGBA8_UNORM, 0, 0, 0, 0, 2, 2, 2, layers[2], 32);
   sample_target(t, "tex_3d.frag.spv", MGP_RESOURCE_TARGET_TEX_3D, vol, MGP_FORMAT_RGBA8_UNORM);
   check(all_pixels(130, 110, 21, 255), "3D texture: slice 1 sampled as sampler3D");

   /* render into layer 2 of the array, then read that layer back through read_pixels */
   struct mgp_surface l2 = surface(arr, MGP_FORMAT_RGBA8_UNORM, 1);
   l2.layer = 2;
   use_fb(t, 47, l2, (struct mgp_surface){0}, 2, 2);
   clear_color(t, 0.2f, 0.4f, 0.6f, 0.8f, false, 1);
   uint8_t px[2 * 2 * 4], px1[16];
   read_as(t, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px, sizeof(px), 4);
   get_tex(t, arr, 0, 1, px1, sizeof(px1));
   check(px[0] == 51 && px[13] == 102 && px1[0] == 50 && px1[1] == 170,
         "clear of array layer 2 as a framebuffer surface; layer 1 kept");
}

/* query_destroy of an active query (glDeleteQueries of one, GL 3.3 §2.14): the server ends
 * it with what it counted and deletes it, so the target is free for the next query; no
 * decline. mgl's client ends it first, so only a call without that end reaches this. */
static uint64_t
query_value(struct t *t, struct mgp_handle q, uint64_t *available)
{
   uint64_t r[2] = {0, 0};
   struct mgp_query_result a = {
      .query = q, .flags = MGP_QUERY_WAIT, .out = {.ptr = r, .size = sizeof(r)}};
   t->sv->query_result(t->scr, &a, NULL, 0);
   *available = r[0];
   return r[1];
}

/* One GL_COMPUTE_SHADER_INVOCATIONS_ARB query over more dispatches than the statistics pool
 * has slots (1024), all recorded in one batch: the slots of completed batches fold into the
 * query's sum, so every invocation counts and nothing is declined. */
static void
test_stat_query_many_dispatches(struct t *t)
{
   struct vkb_screen *scr = t->scr;
   if (!scr->features.pipelineStatisticsQuery) {
      check(true, "(no pipelineStatisticsQuery: the statistics fold case is skipped)");
      return;
   }
   struct mgp_handle prog = use_compute(t, "count.comp.spv");
   enum { DISPATCHES = 3000 };
   const uint64_t declines = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   const unsigned long long folds0 = counter(t, "stat-slot-folds");
   for (int run = 0; run < 2; run++) { /* the second run reuses the folded slots */
      struct mgp_query_desc d = {.query = new_handle(t, MGP_KIND_QUERY),
                                 .kind = MGP_QUERY_KIND_COMPUTE_SHADER_INVOCATIONS};
      t->sv->query_create(t->scr, &d, NULL, 0);
      t->cv->begin_query(t->ctx, &d, NULL, 0);
      struct mgp_launch_grid g = {.block = {4, 1, 1}, .grid = {2, 1, 1}};
      for (int i = 0; i < DISPATCHES; i++)
         t->cv->launch_grid(t->ctx, &g, NULL, 0);
      t->cv->end_query(t->ctx, &d, NULL, 0);
      uint64_t avail = 0;
      const uint64_t v = query_value(t, d.query, &avail);
      check(avail && v == DISPATCHES * 2 * 4 &&
               mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == declines &&
               counter(t, "stat-slot-folds") > folds0 && t->fatal_count == 0 && !scr->failed,
            "run %d: one compute-invocations query over %d dispatches of 2 groups of 4: %llu "
            "(want %d), available %llu, %llu declined, %llu folds",
            run, DISPATCHES, (unsigned long long)v, DISPATCHES * 2 * 4, (unsigned long long)avail,
            (unsigned long long)(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) -
                                 declines),
            counter(t, "stat-slot-folds") - folds0);
      struct mgp_handle_args del = {d.query};
      t->sv->query_destroy(t->scr, &del, NULL, 0);
   }
   struct mgp_handle_args da = {prog};
   t->cv->set_dispatch_program(t->ctx, &(struct mgp_handle_args){0}, NULL, 0);
   t->cv->delete_shader(t->ctx, &da, NULL, 0);
}

/* A run of dispatches with nothing between them is cut into batches as a run of draws is: more
 * than VKB_BATCH_DRAW_LIMIT of them submit on the way (pressure-submits), so no batch grows
 * without end; every dispatch still counts (the compute-invocations query). */
static void
test_dispatch_run_bounded(struct t *t)
{
   struct vkb_screen *scr = t->scr;
   struct mgp_handle prog = use_compute(t, "count.comp.spv");
   const uint32_t n = VKB_BATCH_DRAW_LIMIT + 64;
   const unsigned long long submits0 = counter(t, "pressure-submits");
   const unsigned long long dispatches0 = counter(t, "dispatches");
   struct mgp_launch_grid g = {.block = {4, 1, 1}, .grid = {1, 1, 1}};
   for (uint32_t i = 0; i < n; i++)
      t->cv->launch_grid(t->ctx, &g, NULL, 0);
   const unsigned long long submits = counter(t, "pressure-submits") - submits0;
   const unsigned long long dispatches = counter(t, "dispatches") - dispatches0;
   check(submits >= 1 && dispatches == n && t->fatal_count == 0 && !scr->failed,
         "%u dispatches in a row: %llu recorded, %llu pressure submits on the way (1 or more "
         "wanted)",
         n, dispatches, submits);
   t->cv->set_dispatch_program(t->ctx, &(struct mgp_handle_args){0}, NULL, 0);
   t->cv->delete_shader(t->ctx, &(struct mgp_handle_args){prog}, NULL, 0);
}

/* A storage buffer of 16 bytes, zeroed. */
static struct mgp_handle
make_storage(struct t *t)
{
   struct mgp_handle h = new_handle(t, MGP_KIND_BUFFER);
   struct mgp_resource_desc d = {.res = h,
                                 .target = MGP_RESOURCE_TARGET_BUFFER,
                                 .size = 16,
                                 .bind_mask = MGP_BIND_SHADER_BUFFER,
                                 .usage = MGP_BUFFER_USAGE_STATIC_DRAW};
   t->sv->resource_create(t->scr, &d, NULL, 0);
   static const uint32_t zero[4];
   buffer_subdata(t, h, 0, sizeof(zero), zero);
   return h;
}

static void
bind_storage(struct t *t, struct mgp_handle buf)
{
   struct mgp_buffer_range br = {.res = buf, .size = 16};
   struct mgp_set_shader_buffers sb = {.cls = 1, .start = VKB_SSBO_BASE, .count = 1};
   t->cv->set_shader_buffers(t->ctx, &sb, &br, 1);
}

/* One dispatch of add.comp (word i += i + 1), then glMemoryBarrier(SHADER_STORAGE). */
static void
add_dispatch(struct t *t)
{
   struct mgp_launch_grid g = {.block = {4, 1, 1}, .grid = {1, 1, 1}};
   t->cv->launch_grid(t->ctx, &g, NULL, 0);
   struct mgp_memory_barrier mb = {.bits = MGP_BARRIER_SHADER_STORAGE};
   t->cv->memory_barrier(t->ctx, &mb, NULL, 0);
}

/* Whether buf's four words are n, 2n, 3n, 4n (n dispatches of add.comp over it). */
static bool
storage_is(struct t *t, struct mgp_handle buf, uint32_t n, uint32_t got[4])
{
   memset(got, 0xff, 16);
   struct mgp_resource_readback rb = {.res = buf, .size = 16, .out = {.ptr = got, .size = 16}};
   t->cv->resource_readback(t->ctx, &rb, NULL, 0);
   return got[0] == n && got[1] == 2 * n && got[2] == 3 * n && got[3] == 4 * n;
}

/* A dispatch of the program and bindings of the context's last one, with only dispatches and
 * memory barriers between, binds that one's descriptor sets without gathering them again
 * (dispatch-memo-hits), and a storage buffer bound, a buffer's storage respecified or a draw
 * between sends it through the gather: every dispatch adds to the buffer bound when it was
 * issued (the words read back). Red before the memo: no counter dispatch-memo-hits. */
static void
test_dispatch_memo(struct t *t)
{
   struct vkb_screen *scr = t->scr;
   struct mgp_handle prog = use_compute(t, "add.comp.spv");
   struct mgp_handle ba = make_storage(t), bb = make_storage(t);
   uint32_t got[4];

   bind_storage(t, ba);
   const unsigned long long hits0 = counter(t, "dispatch-memo-hits");
   for (int i = 0; i < 3; i++)
      add_dispatch(t);
   const unsigned long long hits1 = counter(t, "dispatch-memo-hits");
   check(hits1 == hits0 + 2,
         "3 dispatches of one program and buffer: %llu bound the last one's "
         "sets (want 2)",
         hits1 - hits0);
   /* another buffer bound: the next dispatch writes it, the one after binds its sets again */
   bind_storage(t, bb);
   add_dispatch(t);
   const unsigned long long hits2 = counter(t, "dispatch-memo-hits");
   add_dispatch(t);
   const unsigned long long hits3 = counter(t, "dispatch-memo-hits");
   bool ok = storage_is(t, ba, 3, got);
   check(ok && hits2 == hits1 && hits3 == hits2 + 1,
         "buffer A after 3 dispatches: %u %u %u %u (want 3 6 9 12); the dispatch after "
         "binding B gathered (%llu memo hits, want 0), the next did not (%llu, want 1)",
         got[0], got[1], got[2], got[3], hits2 - hits1, hits3 - hits2);
   ok = storage_is(t, bb, 2, got);
   check(ok, "buffer B after the 2 dispatches once it was bound: %u %u %u %u (want 2 4 6 8)",
         got[0], got[1], got[2], got[3]);
   /* A respecified to 32 bytes (glBufferData: another VkBuffer) between two dispatches */
   bind_storage(t, ba);
   add_dispatch(t);
   struct mgp_resource_desc d = {.res = ba,
                                 .target = MGP_RESOURCE_TARGET_BUFFER,
                                 .size = 32,
                                 .bind_mask = MGP_BIND_SHADER_BUFFER,
                                 .usage = MGP_BUFFER_USAGE_STATIC_DRAW};
   t->sv->resource_respecify(t->scr, &d, NULL, 0);
   static const uint32_t zero[4];
   buffer_subdata(t, ba, 0, sizeof(zero), zero);
   add_dispatch(t);
   add_dispatch(t);
   ok = storage_is(t, ba, 2, got);
   check(ok && t->fatal_count == 0 && !scr->failed,
         "buffer A respecified between dispatches: %u %u %u %u (want 2 4 6 8, the 2 "
         "dispatches after it)",
         got[0], got[1], got[2], got[3]);
   struct mgp_handle_args da = {ba}, db = {bb};
   t->sv->resource_destroy(t->scr, &da, NULL, 0);
   t->sv->resource_destroy(t->scr, &db, NULL, 0);
   t->cv->set_dispatch_program(t->ctx, &(struct mgp_handle_args){0}, NULL, 0);
   t->cv->delete_shader(t->ctx, &(struct mgp_handle_args){prog}, NULL, 0);
}

/* A memo hit records no binds where the last dispatch's pipeline and sets are bound still
 * (dispatch-binds-kept), and binds them again where the grid check's pass bound its own in
 * between: 3 direct dispatches, an indirect one of the same program and buffer (a memo hit whose
 * check binds the pass), 2 direct ones again (the first gathers: the pass lost bound state);
 * every one adds to the buffer. Red with the binds skipped on the indirect dispatch's hit too:
 * the buffer holds 5 of the 6 adds. */
static void
test_dispatch_binds_kept(struct t *t)
{
   struct vkb_screen *scr = t->scr;
   struct mgp_handle prog = use_compute(t, "add.comp.spv");
   struct mgp_handle buf = make_storage(t);
   static const uint32_t one[3] = {1, 1, 1};
   struct mgp_handle ind = make_buffer(t, sizeof(one), one);
   uint32_t got[4];
   bind_storage(t, buf);
   const unsigned long long kept0 = counter(t, "dispatch-binds-kept");
   for (int i = 0; i < 3; i++)
      add_dispatch(t);
   const unsigned long long kept1 = counter(t, "dispatch-binds-kept");
   struct mgp_launch_grid g = {.block = {4, 1, 1}, .indirect = ind};
   t->cv->launch_grid(t->ctx, &g, NULL, 0);
   struct mgp_memory_barrier mb = {.bits = MGP_BARRIER_SHADER_STORAGE};
   t->cv->memory_barrier(t->ctx, &mb, NULL, 0);
   add_dispatch(t);
   add_dispatch(t);
   const unsigned long long kept2 = counter(t, "dispatch-binds-kept");
   const bool ok = storage_is(t, buf, 6, got);
   check(ok && kept1 > kept0 && kept2 == kept1 + 1 && t->fatal_count == 0 && !scr->failed,
         "3 dispatches, an indirect one, 2 more: buffer %u %u %u %u (want 6 12 18 24); binds "
         "kept in the first 3 (%llu, want 1 or more) and by the last alone after the indirect "
         "one (%llu, want 1)",
         got[0], got[1], got[2], got[3], kept1 - kept0, kept2 - kept1);
   struct mgp_handle_args da = {buf}, di = {ind};
   t->sv->resource_destroy(t->scr, &da, NULL, 0);
   t->sv->resource_destroy(t->scr, &di, NULL, 0);
   t->cv->set_dispatch_program(t->ctx, &(struct mgp_handle_args){0}, NULL, 0);
   t->cv->delete_shader(t->ctx, &(struct mgp_handle_args){prog}, NULL, 0);
}

/* A draw into a texture between two dispatches that store to it: the draw's rendering scope
 * moves the texture to the attachment layout, so the dispatch after it gathers again, which
 * moves it back to GENERAL (image-transitions), instead of binding the last dispatch's sets.
 * Red without the memo's scope compare: a memo hit and one transition (the draw's) alone. */
static void
test_dispatch_memo_draw_between(struct t *t, struct mgp_handle color_prog)
{
   struct vkb_screen *scr = t->scr;
   struct mgp_handle tex =
      make_image(t, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 1);
   use_fb(t, 1, surface(tex, MGP_FORMAT_RGBA8_UNORM, 1), (struct mgp_surface){0}, 4, 4);
   set_viewport(t, 0, 0, 4, 4, false, NULL);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(tri_ccw), tri_ccw));
   use_program(t, color_prog);
   set_consts(t, color_prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   struct mgp_handle prog = use_compute(t, "image_store.comp.spv");
   struct mgp_image_view iv = {
      .res = tex, .format = MGP_FORMAT_RGBA8_UNORM, .access = MGP_IMAGE_ACCESS_WRITE_ONLY};
   struct mgp_set_shader_images si = {.start = 0, .count = 1};
   t->cv->set_shader_images(t->ctx, &si, &iv, 1);
   struct mgp_launch_grid g = {.block = {1, 1, 1}, .grid = {1, 1, 1}};
   t->cv->launch_grid(t->ctx, &g, NULL, 0);
   const unsigned long long hits0 = counter(t, "dispatch-memo-hits");
   const unsigned long long tr0 = counter(t, "image-transitions");
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   t->cv->launch_grid(t->ctx, &g, NULL, 0);
   const unsigned long long hits = counter(t, "dispatch-memo-hits") - hits0;
   const unsigned long long tr = counter(t, "image-transitions") - tr0;
   t->cv->launch_grid(t->ctx, &g, NULL, 0);
   const unsigned long long hits2 = counter(t, "dispatch-memo-hits") - hits0;
   check(hits == 0 && tr >= 2 && hits2 == 1 && t->fatal_count == 0 && !scr->failed,
         "a draw into the stored texture between two dispatches: the second gathered (%llu memo "
         "hits, want 0) with %llu image transitions (want 2: to the attachment and back to "
         "GENERAL); the third bound its sets again (%llu, want 1)",
         hits, tr, hits2);
   struct mgp_image_view nv = {.format = MGP_FORMAT_RGBA8_UNORM};
   t->cv->set_shader_images(t->ctx, &si, &nv, 1);
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   struct mgp_handle_args da = {tex};
   t->sv->resource_destroy(t->scr, &da, NULL, 0);
   t->cv->set_dispatch_program(t->ctx, &(struct mgp_handle_args){0}, NULL, 0);
   t->cv->delete_shader(t->ctx, &(struct mgp_handle_args){prog}, NULL, 0);
}

/* More occlusion and timestamp slots in flight than the server holds for a session
 * (VKB_QUERY_POOLS_MAX pools of VKB_QUERY_POOL_SLOTS): 6,000 occlusion queries over a triangle
 * each, then one over 5,000 draws each after a timestamp counter (a counter ends the rendering
 * scope: 5,000 scopes and 5,000 counters), all in one batch. Pools are chained up to the limit
 * and no further; past it the server reads completed slots back and waits for the oldest batch
 * (query-slots-server-wait, counted), and every result stays exact. */
static void
test_query_slots_limit(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(tri_ccw), tri_ccw));
   use_program(t, prog);
   set_consts(t, prog, 0.2f, 0.4f, 0.6f, 1.0f, 0, 0, 0, 0, 0);
   struct mgp_caps caps;
   memset(&caps, 0, sizeof(caps));
   struct mgp_get_caps g = {.out = {.ptr = &caps, .size = sizeof(caps)}};
   t->sv->get_caps(t->scr, &g, NULL, 0);
   enum { OCC = 6000, SPAN = 5000 };
   const uint64_t unimpl = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   const uint64_t waits = mgu_decline_count(MGU_DECLINE_query_slots_server_wait);
   struct mgp_query_desc *d = calloc(OCC, sizeof(*d));
   check(d != NULL, "query descriptors");
   if (!d)
      return;
   for (int i = 0; i < OCC; i++) {
      d[i] = (struct mgp_query_desc){.query = new_handle(t, MGP_KIND_QUERY),
                                     .kind = MGP_QUERY_KIND_SAMPLES_PASSED};
      t->sv->query_create(t->scr, &d[i], NULL, 0);
      t->cv->begin_query(t->ctx, &d[i], NULL, 0);
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
      t->cv->end_query(t->ctx, &d[i], NULL, 0);
   }
   int wrong = 0, first_wrong = -1;
   uint64_t first_value = 0;
   for (int i = 0; i < OCC; i++) {
      uint64_t avail = 0;
      const uint64_t v = query_value(t, d[i].query, &avail);
      if (!avail || v != 2016) { /* the pixels whose centres have x + y < 63: 63 * 64 / 2 */
         if (!wrong++)
            first_wrong = i, first_value = v;
      }
      struct mgp_handle_args del = {d[i].query};
      t->sv->query_destroy(t->scr, &del, NULL, 0);
   }
   check(wrong == 0 && ((struct vkb_screen *)t->scr)->occ.pool_count == VKB_QUERY_POOLS_MAX &&
            mgu_decline_count(MGU_DECLINE_query_slots_server_wait) > waits &&
            counter(t, "query-slot-waits") > 0 &&
            mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == unimpl &&
            t->fatal_count == 0,
         "%d occlusion queries in one batch: %d wrong (first %d: %llu), %u pools of at most %u, "
         "the server waited (decline, waits), no other decline",
         OCC, wrong, first_wrong, (unsigned long long)first_value,
         ((struct vkb_screen *)t->scr)->occ.pool_count, VKB_QUERY_POOLS_MAX);

   const bool timers = (caps.cap_bits & MGP_CAP_TIMER_QUERY) != 0;
   struct mgp_query_desc all = {.query = new_handle(t, MGP_KIND_QUERY),
                                .kind = MGP_QUERY_KIND_SAMPLES_PASSED};
   t->sv->query_create(t->scr, &all, NULL, 0);
   const unsigned long long folds0 = counter(t, "query-slot-folds");
   t->cv->begin_query(t->ctx, &all, NULL, 0);
   for (int i = 0; i < SPAN; i++) {
      if (timers) {
         d[i] = (struct mgp_query_desc){.query = new_handle(t, MGP_KIND_QUERY),
                                        .kind = MGP_QUERY_KIND_TIMESTAMP};
         t->sv->query_create(t->scr, &d[i], NULL, 0);
         t->cv->end_query(t->ctx, &d[i], NULL, 0);
      } else {
         t->cv->flush(t->ctx, &(struct mgp_u32_args){0}, NULL, 0);
      }
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   }
   t->cv->end_query(t->ctx, &all, NULL, 0);
   uint64_t avail = 0;
   const uint64_t sum = query_value(t, all.query, &avail);
   uint64_t prev = 0;
   wrong = 0;
   for (int i = 0; timers && i < SPAN; i++) {
      uint64_t ok = 0;
      const uint64_t ts = query_value(t, d[i].query, &ok);
      if (!ok || !ts || ts < prev) {
         if (!wrong++)
            first_wrong = i, first_value = ts;
      }
      prev = ts;
      struct mgp_handle_args del = {d[i].query};
      t->sv->query_destroy(t->scr, &del, NULL, 0);
   }
   check(avail && sum == (uint64_t)SPAN * 2016 && wrong == 0 &&
            (!timers || counter(t, "query-slot-folds") > folds0) &&
            ((struct vkb_screen *)t->scr)->occ.pool_count == VKB_QUERY_POOLS_MAX &&
            ((struct vkb_screen *)t->scr)->ts.pool_count <= VKB_QUERY_POOLS_MAX &&
            mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == unimpl &&
            t->fatal_count == 0,
         "one occlusion query over %d scopes: %llu (want %llu); %d counters, %d wrong (first %d: "
         "%llu); %u timestamp pools of at most %u; no other decline",
         SPAN, (unsigned long long)sum, (unsigned long long)SPAN * 2016, timers ? SPAN : 0, wrong,
         first_wrong, (unsigned long long)first_value, ((struct vkb_screen *)t->scr)->ts.pool_count,
         VKB_QUERY_POOLS_MAX);
   struct mgp_handle_args del = {all.query};
   t->sv->query_destroy(t->scr, &del, NULL, 0);
   free(d);
}

/* The occlusion slots' own wait (vkb_query_pressure_point's occlusion branch of
 * vkb_query_slots_room), with no other kind of query slot in flight to free them first (in
 * scenario query_clear_scopes the statistics waits submit before the occlusion pools run out):
 * one GL_SAMPLES_PASSED query alone over a triangle, 4,400 masked clears (each takes a slot for
 * the scope it opens, and draws its own triangle outside the query) and the triangle again,
 * all in one batch. Past VKB_QUERY_POOLS_MAX pools of VKB_QUERY_POOL_SLOTS the server waits for
 * the batch (query-slot-waits; no timer or primitive query exists here, and
 * stat-slot-waits stays put), declines query-slots-server-wait, never
 * backend-feature-unimplemented, and the count is the two triangles' exactly. */
static void
test_occlusion_wait_alone(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(tri_ccw), tri_ccw));
   use_program(t, prog);
   set_consts(t, prog, 0.2f, 0.4f, 0.6f, 1.0f, 0, 0, 0, 0, 0);
   enum { CLEARS = VKB_QUERY_POOLS_MAX * VKB_QUERY_POOL_SLOTS + 304 };
   const uint64_t unimpl = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   const uint64_t declines = mgu_decline_count(MGU_DECLINE_query_slots_server_wait);
   const unsigned long long waits0 = counter(t, "query-slot-waits");
   const unsigned long long stat_waits0 = counter(t, "stat-slot-waits");
   const unsigned long long masked0 = counter(t, "masked-clears");
   struct mgp_query_desc d = {.query = new_handle(t, MGP_KIND_QUERY),
                              .kind = MGP_QUERY_KIND_SAMPLES_PASSED};
   t->sv->query_create(t->scr, &d, NULL, 0);
   t->cv->begin_query(t->ctx, &d, NULL, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   struct mgp_clear c = {.color_buffers = 1, .color_write_mask = {0x5}}; /* red and blue */
   const float white[4] = {1, 1, 1, 1};
   memcpy(c.color, white, sizeof(white));
   for (int i = 0; i < CLEARS; i++)
      t->cv->clear(t->ctx, &c, NULL, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   t->cv->end_query(t->ctx, &d, NULL, 0);
   uint64_t avail = 0;
   const uint64_t v = query_value(t, d.query, &avail);
   const unsigned long long waits = counter(t, "query-slot-waits") - waits0;
   read_back(t);
   /* the pixels whose centres have x + y < 63 (63 * 64 / 2), twice */
   check(avail && v == 2 * 2016 && waits > 0 && counter(t, "stat-slot-waits") == stat_waits0 &&
            counter(t, "masked-clears") - masked0 == CLEARS &&
            ((struct vkb_screen *)t->scr)->occ.pool_count == VKB_QUERY_POOLS_MAX &&
            mgu_decline_count(MGU_DECLINE_query_slots_server_wait) > declines &&
            mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == unimpl &&
            pixel_is(2, 2, 51, 102, 153, 255) && pixel_is(60, 60, 255, 0, 255, 255) &&
            t->fatal_count == 0,
         "one occlusion query alone over %d masked clears and two triangles: %llu (want %d), "
         "available %llu; %llu occlusion slot waits (1 or more wanted), %u pools; "
         "query-slots-server-wait counted, no other decline; pixels",
         CLEARS, (unsigned long long)v, 2 * 2016, (unsigned long long)avail, waits,
         ((struct vkb_screen *)t->scr)->occ.pool_count);
   struct mgp_handle_args del = {d.query};
   t->sv->query_destroy(t->scr, &del, NULL, 0);
}

static void
test_query_destroy_active(struct t *t, struct mgp_handle prog)
{
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(tri_ccw), tri_ccw));
   use_program(t, prog);
   set_consts(t, prog, 0.2f, 0.4f, 0.6f, 1.0f, 0, 0, 0, 0, 0);
   struct mgp_caps caps;
   memset(&caps, 0, sizeof(caps));
   struct mgp_get_caps g = {.out = {.ptr = &caps, .size = sizeof(caps)}};
   t->sv->get_caps(t->scr, &g, NULL, 0);
   static const uint16_t kinds[2] = {MGP_QUERY_KIND_SAMPLES_PASSED, MGP_QUERY_KIND_TIME_ELAPSED};
   for (int k = 0; k < 2; k++) {
      if (kinds[k] == MGP_QUERY_KIND_TIME_ELAPSED && !(caps.cap_bits & MGP_CAP_TIMER_QUERY))
         continue;
      const uint64_t declines = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
      struct mgp_query_desc d = {.query = new_handle(t, MGP_KIND_QUERY), .kind = kinds[k]};
      t->sv->query_create(t->scr, &d, NULL, 0);
      t->cv->begin_query(t->ctx, &d, NULL, 0);
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
      struct mgp_handle_args del = {d.query};
      t->sv->query_destroy(t->scr, &del, NULL, 0); /* no end_query before */
      struct mgp_query_desc d2 = {.query = new_handle(t, MGP_KIND_QUERY), .kind = kinds[k]};
      t->sv->query_create(t->scr, &d2, NULL, 0);
      t->cv->begin_query(t->ctx, &d2, NULL, 0);
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
      t->cv->end_query(t->ctx, &d2, NULL, 0);
      uint64_t avail = 0;
      const uint64_t v = query_value(t, d2.query, &avail);
      /* the triangle covers the pixels whose centres have x + y < 63: 63 * 64 / 2 */
      check(avail && (kinds[k] != MGP_QUERY_KIND_SAMPLES_PASSED || v == 2016) &&
               mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == declines &&
               t->fatal_count == 0,
            "query_destroy of an active 0x%x query ends it: the next query on the target "
            "counts (available %llu, value %llu), no decline",
            kinds[k], (unsigned long long)avail, (unsigned long long)v);
      struct mgp_handle_args del2 = {d2.query};
      t->sv->query_destroy(t->scr, &del2, NULL, 0);
   }
}

/* The pipeline cache kept across runs (vkb_pipeline_disk.c; issue 20): a screen that drew
 * writes its cache at its end into MGL_PIPELINE_CACHE_DIR, a file named by the device with its
 * header; the next screen loads it (pipeline-cache-loaded-bytes). A file of another UUID, a cut
 * header, a header size past the file, or one over 64 MiB is refused by name
 * (pipeline-cache-rejected) and the screen draws right from an empty cache (and writes a good
 * file at its end); MGL_PIPELINE_CACHE=0 neither reads nor writes. Red before the cache: no
 * counter pipeline-cache-loaded-bytes, no file. */
static bool
pcache_draw(struct t *t)
{
   t->color_rb = make_image(t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_RGBA8_UNORM, W, H, 1);
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   bind_vb(t, make_buffer(t, sizeof(tri_ccw), tri_ccw));
   struct mgp_handle prog = make_program(t, &color_prog);
   use_program(t, prog);
   set_consts(t, prog, 0.2f, 0.4f, 0.6f, 1.0f, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   read_back(t);
   return pixel_is(2, 2, 51, 102, 153, 255) && pixel_is(60, 60, 0, 0, 0, 255) &&
          t->fatal_count == 0;
}

/* The file's bytes (NULL: none), at most max */
static uint8_t *
pcache_read(const char *path, size_t *size, size_t max)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   uint8_t *p = malloc(max);
   *size = p ? fread(p, 1, max, f) : 0;
   fclose(f);
   return p;
}

static void
pcache_write(const char *path, const uint8_t *data, size_t size, long extend_to)
{
   FILE *f = fopen(path, "wb");
   if (!f || fwrite(data, 1, size, f) != size || (extend_to && ftruncate(fileno(f), extend_to))) {
      check(false, "pipeline cache: write %s", path);
   }
   if (f)
      fclose(f);
}

static uint32_t
pcache_le32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void
test_pipeline_cache_file(bool validation)
{
   char dir[] = "/tmp/mgl-pcache-XXXXXX";
   if (!mkdtemp(dir)) {
      check(false, "pipeline cache: a temporary directory");
      return;
   }
   char sub[64], path[256] = "";
   uint8_t *good = NULL;
   size_t size = 0;
   snprintf(sub, sizeof(sub), "%s/made", dir); /* made by the first write, 0700 */
   setenv("MGL_PIPELINE_CACHE_DIR", sub, 1);
   struct t t2;
   if (!start(&t2, validation)) {
      check(false, "pipeline cache: first screen");
      goto out;
   }
   const VkPhysicalDeviceProperties pr = ((struct vkb_screen *)t2.scr)->props;
   const bool drew = pcache_draw(&t2);
   check(drew && counter(&t2, "pipeline-cache-loaded-bytes") == 0 &&
            counter(&t2, "pipeline-cache-rejected") == 0,
         "pipeline cache: the first screen draws from an empty cache");
   mgs_vulkan_backend.screen_destroy(t2.scr);

   int n = snprintf(path, sizeof(path), "%s/vk-%08x-%08x-%08x-", sub, pr.vendorID, pr.deviceID,
                    pr.driverVersion);
   for (unsigned i = 0; i < VK_UUID_SIZE; i++)
      n += snprintf(path + n, sizeof(path) - (size_t)n, "%02x", pr.pipelineCacheUUID[i]);
   snprintf(path + n, sizeof(path) - (size_t)n, ".pcache");
   good = pcache_read(path, &size, 64u << 20);
   struct stat st;
   const bool dir_private = stat(sub, &st) == 0 && (st.st_mode & 0777) == 0700;
   check(good && size >= 32 && pcache_le32(good) >= 32 && pcache_le32(good) <= size &&
            pcache_le32(good + 4) == VK_PIPELINE_CACHE_HEADER_VERSION_ONE &&
            pcache_le32(good + 8) == pr.vendorID && pcache_le32(good + 12) == pr.deviceID &&
            !memcmp(good + 16, pr.pipelineCacheUUID, VK_UUID_SIZE) && dir_private,
         "pipeline cache: the screen's end wrote %s (%zu bytes) with this device's header, in "
         "a directory of mode 0700 (%s)",
         path, size, dir_private ? "yes" : "no");
   if (!good || size < 32)
      goto out;

   if (start(&t2, validation)) {
      const bool ok = pcache_draw(&t2);
      const unsigned long long loaded = counter(&t2, "pipeline-cache-loaded-bytes");
      check(ok && loaded == size && counter(&t2, "pipeline-cache-rejected") == 0,
            "pipeline cache: the next screen loads the file (%llu bytes) and draws", loaded);
      mgs_vulkan_backend.screen_destroy(t2.scr);
   }

   /* the hostile files: each refused by name, the screen drawing right without it */
   uint8_t bad[64];
   memcpy(bad, good, 32);
   const struct {
      const char *what;
      size_t size;
      long extend_to;
      int poke; /* byte flipped */
      uint8_t header_size;
   } cases[] = {
      {"another pipelineCacheUUID", 32, 0, 16 + VK_UUID_SIZE - 1, 32},
      {"a cut header", 20, 0, -1, 32},
      {"a header size past the file", 32, 0, -1, 200},
      {"a file over 64 MiB", 32, (64l << 20) + 1, -1, 32},
   };
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      memcpy(bad, good, 32);
      if (cases[k].poke >= 0)
         bad[cases[k].poke] ^= 0x5a;
      bad[0] = cases[k].header_size;
      pcache_write(path, bad, cases[k].size, cases[k].extend_to);
      const uint64_t named = mgu_decline_count(MGU_DECLINE_pipeline_cache_rejected);
      if (!start(&t2, validation)) {
         check(false, "pipeline cache: screen with %s", cases[k].what);
         continue;
      }
      const bool ok = pcache_draw(&t2);
      check(ok && counter(&t2, "pipeline-cache-rejected") == 1 &&
               counter(&t2, "pipeline-cache-loaded-bytes") == 0 &&
               mgu_decline_count(MGU_DECLINE_pipeline_cache_rejected) == named + 1,
            "pipeline cache: %s is rejected by name and the screen draws", cases[k].what);
      mgs_vulkan_backend.screen_destroy(t2.scr);
      size_t again = 0;
      uint8_t *fixed = pcache_read(path, &again, 64u << 20);
      check(fixed && again == size && !memcmp(fixed, good, 32),
            "pipeline cache: ... and its end writes this device's file again (%zu bytes)", again);
      free(fixed);
   }

   /* MGL_PIPELINE_CACHE=0: no read, no write */
   unlink(path);
   setenv("MGL_PIPELINE_CACHE", "0", 1);
   if (start(&t2, validation)) {
      const bool ok = pcache_draw(&t2);
      mgs_vulkan_backend.screen_destroy(t2.scr);
      check(ok && access(path, F_OK) != 0, "pipeline cache: MGL_PIPELINE_CACHE=0 writes no file");
   }
   unsetenv("MGL_PIPELINE_CACHE");
out:
   free(good);
   if (path[0])
      unlink(path);
   rmdir(sub);
   rmdir(dir);
   unsetenv("MGL_PIPELINE_CACHE_DIR");
}

/* A session that ends without deleting a layered texture it rendered to: screen_destroy frees
 * what the resource still caches, its layered (whole-level) views too. Under the validation
 * layer vkDestroyDevice reports every object not destroyed ("vulkan validation error", which
 * fails this test's ctest rows). On a screen of its own, destroyed at the end. */
static void
test_layered_teardown(bool validation)
{
   struct t t2;
   if (!start(&t2, validation)) {
      check(false, "screen for the layered teardown case");
      return;
   }
   struct mgp_handle arr =
      make_tex(&t2, MGP_RESOURCE_TARGET_TEX_2D_ARRAY, MGP_FORMAT_RGBA8_UNORM, 4, 4, 1, 3, 1, 1);
   struct mgp_handle vol =
      make_tex(&t2, MGP_RESOURCE_TARGET_TEX_3D, MGP_FORMAT_RGBA8_UNORM, 4, 4, 2, 1, 1, 1);
   const struct mgp_handle layered[2] = {arr, vol};
   for (int k = 0; k < 2; k++) {
      struct mgp_framebuffer_state fb;
      memset(&fb, 0, sizeof(fb));
      fb.fbo = (struct mgp_handle){60 + (uint32_t)k, 1};
      fb.color[0] = surface(layered[k], MGP_FORMAT_RGBA8_UNORM, 1);
      fb.color[0].layered = 1;
      fb.read = fb.color[0];
      for (int i = 0; i < 8; i++)
         fb.draw_buffers[i] = i == 0 ? 0 : -1;
      fb.width = fb.height = 4;
      fb.layers = k ? 2 : 3;
      fb.samples = 1;
      fb.content_hash = 1060 + (uint32_t)k;
      set_fb(&t2, &fb);
      clear_color(&t2, 0.2f, 0.4f, 0.6f, 0.8f, false, 1);
   }
   uint8_t px[4 * 4 * 4];
   get_tex(&t2, arr, 0, 2, px, sizeof(px));
   check(px[0] == 51 && px[1] == 102 && px[2] == 153 && px[3] == 204 && t2.fatal_count == 0,
         "layered clear of a 2D array and a 3D texture (layer 2: %u,%u,%u,%u)", px[0], px[1], px[2],
         px[3]);
   const unsigned long long errors = counter(&t2, "vk-validation-errors");
   check(errors == 0, "layered teardown: validation errors before teardown %llu", errors);
   mgs_vulkan_backend.screen_destroy(t2.scr); /* the textures are still alive */
}

/* Vertex streams (ABI 24, MGP_CAP_VERTEX_STREAMS): a device with geometryStreams over four
 * streams offers the cap (lavapipe does); a stream or query index past the device's streams
 * (past 0 without the cap) is Fatal{ProtocolCorruption} naming the field, on a screen of its
 * own since the fatal fails it. */
static void
test_stream_bounds(void)
{
   static const char *const want[3] = {"ProtocolCorruption: draw_stream_output.stream",
                                       "ProtocolCorruption: draw_stream_output.buffer",
                                       "ProtocolCorruption: begin_query.index"};
   for (int k = 0; k < 3; k++) {
      struct t t2;
      if (!start(&t2, false)) {
         check(false, "a screen for the stream bounds");
         return;
      }
      struct mgp_caps caps;
      memset(&caps, 0, sizeof(caps));
      struct mgp_get_caps g = {.out = {.ptr = &caps, .size = sizeof(caps)}};
      t2.sv->get_caps(t2.scr, &g, NULL, 0);
      const bool streams = (caps.cap_bits & MGP_CAP_VERTEX_STREAMS) != 0;
      if (k == 0)
         fprintf(stderr, "        vertex streams: %s\n", streams ? "4" : "1");
      const uint32_t past = streams ? MGP_MAX_VERTEX_STREAMS : 1;
      if (k < 2) {
         struct mgp_draw_stream_output d = {
            .mode = MGP_PRIM_POINTS, .object = 0, .stride = 16, .instances = 1};
         if (k == 0)
            d.stream = past;
         else
            d.buffer = streams ? 4 : 1;
         t2.cv->draw_stream_output(t2.ctx, &d, NULL, 0);
      } else {
         struct mgp_query_desc q = {.query = new_handle(&t2, MGP_KIND_QUERY),
                                    .kind = MGP_QUERY_KIND_PRIMITIVES_GENERATED};
         t2.sv->query_create(t2.scr, &q, NULL, 0);
         q.index = past;
         t2.cv->begin_query(t2.ctx, &q, NULL, 0);
      }
      check(t2.fatal_count == 1 && !strcmp(t2.fatal, want[k]), "stream bound %d: fatal %d (%s)", k,
            t2.fatal_count, t2.fatal_count ? t2.fatal : "-");
      mgs_vulkan_backend.screen_destroy(t2.scr);
   }
}

/* begin_query of a query that is already active (the client raises GL_INVALID_OPERATION and
 * never sends it): Fatal{ProtocolCorruption}. Taken, the second begin left the first context
 * (or the first stream's entry) pointing at the query after the end elsewhere, and
 * query_destroy freed it under that pointer: the context's destroy then ended a freed query
 * (ASan: heap-use-after-free). Case 0: a primitive query on streams 0 and 1 of one context
 * (where the device has vertex streams); case 1: an occlusion query in two contexts. */
static void
test_begin_active_query(void)
{
   for (int k = 0; k < 2; k++) {
      struct t t2;
      if (!start(&t2, false)) {
         check(false, "a screen for the begin-active case");
         return;
      }
      struct mgp_caps caps;
      memset(&caps, 0, sizeof(caps));
      struct mgp_get_caps g = {.out = {.ptr = &caps, .size = sizeof(caps)}};
      t2.sv->get_caps(t2.scr, &g, NULL, 0);
      if (k == 0 && !(caps.cap_bits & MGP_CAP_VERTEX_STREAMS)) {
         mgs_vulkan_backend.screen_destroy(t2.scr);
         continue;
      }
      struct mgp_query_desc q = {.query = new_handle(&t2, MGP_KIND_QUERY),
                                 .kind = k == 0 ? MGP_QUERY_KIND_PRIMITIVES_GENERATED
                                                : MGP_QUERY_KIND_SAMPLES_PASSED};
      t2.sv->query_create(t2.scr, &q, NULL, 0);
      void *second = t2.ctx;
      struct mgp_handle second_h = t2.ctx_h;
      if (k == 1) {
         second_h = new_handle(&t2, MGP_KIND_CONTEXT);
         struct mgp_context_desc cd = {.ctx = second_h, .api = 0};
         t2.sv->context_create(t2.scr, &cd, NULL, 0);
         second = mgs_vulkan_backend.context_lookup(t2.scr, second_h);
      }
      t2.cv->begin_query(t2.ctx, &q, NULL, 0);
      if (k == 0)
         q.index = 1;
      t2.cv->begin_query(second, &q, NULL, 0);
      check(t2.fatal_count == 1 &&
               !strcmp(t2.fatal, "ProtocolCorruption: begin_query: an already active query"),
            "begin_query of an active %s query: fatal %d (%s)",
            k == 0 ? "primitive (second stream)" : "occlusion (second context)", t2.fatal_count,
            t2.fatal_count ? t2.fatal : "-");
      t2.cv->end_query(second, &q, NULL, 0);
      struct mgp_handle_args del = {q.query};
      t2.sv->query_destroy(t2.scr, &del, NULL, 0);
      struct mgp_handle_args first = {t2.ctx_h};
      t2.sv->context_destroy(t2.scr, &first, NULL, 0);
      mgs_vulkan_backend.screen_destroy(t2.scr);
   }
}

/* A module declaring a capability whose device extension the screen did not enable (here
 * StencilExportEXT with VK_EXT_shader_stencil_export held back, test-only): the shader is
 * broken with a named decline and the driver never sees the module. Before, it went to
 * vkCreateShaderModule (VUID-VkShaderModuleCreateInfo-pCode-08740) and was drawn with. */
static void
test_capability_lacking(void)
{
   setenv("MGL_TEST_VK_NO_STENCIL_EXPORT", "1", 1);
   struct t t2;
   const bool started = start(&t2, false);
   unsetenv("MGL_TEST_VK_NO_STENCIL_EXPORT");
   if (!started) {
      check(false, "a screen for the lacking-capability case");
      return;
   }
   const uint64_t d = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
   const struct program_desc p = {"color.vert.spv", "stencil_export.frag.spv", 48, 0, 0, 1};
   const struct mgp_handle h = make_program(&t2, &p);
   struct vkb_screen *scr = t2.scr;
   const struct vkb_shader *sh = vkb_lookup(scr, &scr->shaders, h, "test");
   check(sh && sh->broken && strstr(sh->broken_why, "StencilExportEXT") &&
            mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == d + 1 &&
            t2.fatal_count == 0,
         "a module with StencilExportEXT on a screen without the extension: broken (%s), "
         "declines +%llu",
         sh ? sh->broken_why : "no shader",
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) - d));
   mgs_vulkan_backend.screen_destroy(t2.scr);
   /* the same for core features the screen left off (shaderInt64) and the ballot extension */
   const struct {
      const char *knob, *frag, *cap;
   } more[] = {{"MGL_TEST_VK_NO_INT64", "int64.frag.spv", "Int64"},
               {"MGL_TEST_VK_NO_SUBGROUP_BALLOT", "ballot.frag.spv", "SubgroupBallotKHR"}};
   for (size_t i = 0; i < sizeof(more) / sizeof(more[0]); i++) {
      setenv(more[i].knob, "1", 1);
      const bool up = start(&t2, false);
      unsetenv(more[i].knob);
      if (!up) {
         check(false, "a screen with %s", more[i].knob);
         continue;
      }
      const uint64_t d0 = mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented);
      const struct program_desc pd = {"color.vert.spv", more[i].frag, 48, 0, 0, 1};
      const struct mgp_handle ph = make_program(&t2, &pd);
      struct vkb_screen *s2 = t2.scr;
      const struct vkb_shader *sh2 = vkb_lookup(s2, &s2->shaders, ph, "test");
      check(sh2 && sh2->broken && strstr(sh2->broken_why, more[i].cap) &&
               mgu_decline_count(MGU_DECLINE_backend_feature_unimplemented) == d0 + 1 &&
               t2.fatal_count == 0,
            "a module with %s on a screen with %s: broken (%s)", more[i].cap, more[i].knob,
            sh2 ? (sh2->broken ? sh2->broken_why : "not broken") : "no shader");
      mgs_vulkan_backend.screen_destroy(t2.scr);
   }
}

static void
test_stale_handle(void)
{
   struct t t2;
   if (!start(&t2, false)) {
      check(false, "second screen for the stale-handle case");
      return;
   }
   struct mgp_handle rs = new_handle(&t2, MGP_KIND_RENDER_STATE);
   struct mgp_create_render_state c = {.cso = rs, .state = gl_render_state()};
   t2.cv->create_render_state(t2.ctx, &c, NULL, 0);
   struct mgp_handle_args stale = {{rs.slot, rs.gen + 1}};
   t2.cv->bind_render_state(t2.ctx, &stale, NULL, 0);
   check(t2.fatal_count == 1 && !strncmp(t2.fatal, "StaleHandle: bind_render_state", 30),
         "a stale handle is Fatal{StaleHandle} (%s)", t2.fatal);
   /* The session is failed; later calls are harmless. */
   struct mgp_handle_args unknown = {{999, 1}};
   t2.sv->resource_destroy(t2.scr, &unknown, NULL, 0);
   draw(&t2, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   check(t2.fatal_count == 1, "calls after the fatal are ignored without a second fatal");
   mgs_vulkan_backend.screen_destroy(t2.scr);
}

/* bind_vertex_input looks its handles up again only after a resource was destroyed: a bind
 * after another buffer's destruction is fine, one after its own vertex buffer's is
 * Fatal{StaleHandle} (the client named a handle it ended). */
static void
test_vertex_input_stale(void)
{
   struct t t2;
   if (!start(&t2, false)) {
      check(false, "second screen for the stale vertex-input case");
      return;
   }
   const float q[] = {-1, -1, 1, -1, -1, 1};
   const uint16_t idx[] = {0, 1, 2};
   const struct mgp_handle vb = make_buffer(&t2, sizeof(q), q);
   const struct mgp_handle ib = make_buffer(&t2, sizeof(idx), idx);
   const struct mgp_handle other = make_buffer(&t2, sizeof(q), q);
   define_input(&t2, 1, vb, ib);
   bind_input(&t2, 1);
   bind_input(&t2, 1);
   t2.sv->resource_destroy(t2.scr, &(struct mgp_handle_args){other}, NULL, 0);
   bind_input(&t2, 1);
   check(t2.fatal_count == 0, "binds of a vertex input whose buffers live (%s)", t2.fatal);
   t2.sv->resource_destroy(t2.scr, &(struct mgp_handle_args){vb}, NULL, 0);
   bind_input(&t2, 1);
   check(t2.fatal_count == 1 && !strncmp(t2.fatal, "StaleHandle: bind_vertex_input", 30),
         "a vertex input bound after its buffer's destruction is Fatal{StaleHandle} (%s)",
         t2.fatal);
   mgs_vulkan_backend.screen_destroy(t2.scr);
}

/* A program of color_prog's reflection from words in memory (make_program_kind reads files). */
static struct mgp_handle
make_program_words(struct t *t, void *vs, size_t vs_size, void *fs, size_t fs_size)
{
   struct mgp_handle h = new_handle(t, MGP_KIND_SHADER);
   struct mgp_create_shader c = {
      .cso = h, .stage_mask = (1u << MGP_SHADER_STAGE_VERTEX) | (1u << MGP_SHADER_STAGE_FRAGMENT)};
   c.spirv[MGP_SHADER_STAGE_VERTEX] = (struct mgp_span){.ptr = vs, .size = vs_size};
   c.spirv[MGP_SHADER_STAGE_FRAGMENT] = (struct mgp_span){.ptr = fs, .size = fs_size};
   c.reflection.default_block_size = color_prog.default_block_size;
   c.reflection.vertex_input_mask = color_prog.inputs;
   c.reflection.fragment_output_mask = 1;
   t->cv->create_shader(t->ctx, &c, NULL, 0);
   return h;
}

/* Each client module is validated by SPIRV-Tools once (issue 20): on a screen with every quirk
 * that reads all stages on (MGL_VK_QUIRKS), a program none of them rewrites costs one
 * validation a stage, not one a quirk plus one at the module's creation; it still draws. A
 * module that does not validate is still refused, Fatal{ProtocolCorruption}. */
static void
test_validate_once(void)
{
   setenv("MGL_VK_QUIRKS", "split-io-blocks,int64-varying-words,fp64-varying-words", 1);
   struct t t2;
   const bool up = start(&t2, false);
   unsetenv("MGL_VK_QUIRKS");
   if (!up) {
      check(false, "a screen with every quirk on");
      return;
   }
   t2.color_rb = make_image(&t2, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_RGBA8_UNORM, W, H, 1);
   size_t vs_size, fs_size;
   void *vs = read_file(color_prog.vert, &vs_size), *fs = read_file(color_prog.frag, &fs_size);
   const unsigned long long v0 = counter(&t2, "spirv-validations");
   const struct mgp_handle prog = make_program_words(&t2, vs, vs_size, fs, fs_size);
   const unsigned long long v1 = counter(&t2, "spirv-validations");
   check(t2.fatal_count == 0 && v1 - v0 == 2,
         "a two-stage program no quirk rewrites: %llu SPIR-V validations (want 2: one a module)",
         v1 - v0);
   use_default_fb(&t2, false);
   set_viewport(&t2, 0, 0, W, H, false, NULL);
   clear_color(&t2, 0, 0, 0, 1, false, 1);
   struct mgp_render_state rs = gl_render_state();
   bind_rs(&t2, &rs);
   bind_ve(&t2, false, 8);
   bind_vb(&t2, make_buffer(&t2, sizeof(tri_ccw), tri_ccw));
   use_program(&t2, prog);
   set_consts(&t2, prog, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   draw(&t2, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   read_back(&t2);
   check(pixel_is(8, 8, 0, 255, 0, 255), "the program validated once draws");
   /* the fragment module's first instruction made a word count past its end */
   uint32_t *bad = malloc(fs_size);
   memcpy(bad, fs, fs_size);
   bad[5] = 0xffff0000u | (bad[5] & 0xffffu);
   make_program_words(&t2, vs, vs_size, bad, fs_size);
   check(t2.fatal_count == 1 && !strncmp(t2.fatal, "ProtocolCorruption: create_shader.spirv", 39),
         "a module that does not validate is refused (%s)", t2.fatal);
   free(bad);
   free(vs);
   free(fs);
   mgs_vulkan_backend.screen_destroy(t2.scr);
}

/* Uploads faster than the device: the batches they fill stay in flight no longer than it takes
 * to hold VKB_INFLIGHT_ARENA_LIMIT (32 MiB) of their arena bytes plus the batch just submitted.
 * A second screen whose every batch is held on the device until the host waits for it
 * (MGL_TEST_VK_HOLD_BATCH_MS=wait: no batch completes by itself, however slow the host) takes
 * six whole-image 16 MiB texture uploads: without the wait at the pressure point nothing waits
 * and every submitted batch stays in flight (80 MiB), with it at most 48 MiB. */
static void
test_arena_throttle(void)
{
   /* No watchdog on this screen: batches held until waited for must be let go by the
    * screen's destroy itself, not by the watchdog giving the screen up as hung. */
   setenv("MGL_TEST_VK_HOLD_BATCH_MS", "wait", 1);
   setenv("MGL_VK_GPU_TIMEOUT_MS", "0", 1);
   struct t t2;
   const bool ok = start(&t2, false);
   unsetenv("MGL_TEST_VK_HOLD_BATCH_MS");
   unsetenv("MGL_VK_GPU_TIMEOUT_MS");
   if (!ok) {
      check(false, "second screen for the arena throttle case");
      return;
   }
   const uint32_t edge = 2048, bytes = edge * edge * 4;
   uint8_t *texels = malloc(bytes);
   if (!texels) {
      check(false, "arena throttle: %u bytes of texels", bytes);
      mgs_vulkan_backend.screen_destroy(t2.scr);
      return;
   }
   struct mgp_handle tex =
      make_image(&t2, MGP_RESOURCE_TARGET_TEX_2D, MGP_FORMAT_RGBA8_UNORM, edge, edge, 1);
   for (int i = 0; i < 6; i++) {
      memset(texels, 10 * i, bytes);
      struct mgp_resource_subdata up = {.res = tex,
                                        .level = 0,
                                        .format = MGP_FORMAT_RGBA8_UNORM,
                                        .box = {0, 0, 0, edge, edge, 1},
                                        .data = {.ptr = texels, .size = bytes}};
      t2.cv->resource_subdata(t2.ctx, &up, NULL, 0);
   }
   free(texels);
   const unsigned long long peak = counter(&t2, "arena-inflight-peak");
   const unsigned long long waits = counter(&t2, "arena-throttle-waits");
   check(t2.fatal_count == 0 && waits > 0 && peak > bytes && peak <= 3ull * bytes,
         "six held 16 MiB uploads: %llu waits for the oldest batch, at most %llu MiB in flight "
         "(<= 48)",
         waits, peak >> 20);
   mgs_vulkan_backend.screen_destroy(t2.scr);
}

/* The completed-frame floor's gate must be able to fire. A screen whose batches record the
 * frame after their own (MGL_TEST_VK_SKEW_BATCH_FRAME, a corrupted in-flight list) and are held
 * 200 ms on the device presents frame 1 and 2: computed from the list, the floor would move to
 * frame 1 while frame 1's batch is still running. The proof, from what was recorded at submit,
 * must refuse the move and count unsound-serial-complete; after a finish the floor moves. */
static void
test_floor_gate(void)
{
   setenv("MGL_TEST_VK_HOLD_BATCH_MS", "200", 1);
   setenv("MGL_TEST_VK_SKEW_BATCH_FRAME", "1", 1);
   struct t t2;
   const bool ok = start(&t2, false);
   unsetenv("MGL_TEST_VK_HOLD_BATCH_MS");
   unsetenv("MGL_TEST_VK_SKEW_BATCH_FRAME");
   if (!ok) {
      check(false, "second screen for the floor gate case");
      return;
   }
   struct mgp_handle rb =
      make_image(&t2, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_RGBA8_UNORM, W, H, 1);
   t2.color_rb = rb;
   use_default_fb(&t2, false);
   for (uint64_t frame = 1; frame <= 2; frame++) {
      clear_color(&t2, 0.5f, 0.25f, 0, 1, false, 0);
      struct mgp_present pr = {.frame_serial = frame, .color = rb};
      t2.cv->present(t2.ctx, &pr, NULL, 0);
   }
   const unsigned long long fired = counter(&t2, "unsound-serial-complete");
   const unsigned long long held_floor = counter(&t2, "completed-frame-floor");
   struct mgp_u32_args fl = {.value = MGP_FLUSH_FINISH};
   t2.cv->flush(t2.ctx, &fl, NULL, 0);
   check(fired > 0 && held_floor == 0 && counter(&t2, "completed-frame-floor") == 2 &&
            t2.fatal_count == 0,
         "floor gate: a skewed in-flight list fires unsound-serial-complete (%llu), the floor "
         "held at %llu while frame 1 ran, then %llu after a finish",
         fired, held_floor, counter(&t2, "completed-frame-floor"));
   mgs_vulkan_backend.screen_destroy(t2.scr);
}

/* surface_bind_window carries the client's word for a window: a name without its end, a display
 * that does not exist, a window id that names nothing (with $DISPLAY set: under Xvfb in the
 * window lane) and a window id on a remote session are each a refusal (answer 0, a named
 * decline), never a fatal or a crash. */
static uint32_t
bind_window(struct t *t, uint32_t kind, uint32_t window, const char *display, bool terminate)
{
   /* FORCE: past the CPU-device preference for the copy path, to the token's own checks */
   struct mgp_surface_bind_window a = {
      .color = t->color_rb, .kind = kind, .window = window, .flags = MGP_BIND_WINDOW_FORCE};
   if (terminate)
      snprintf((char *)a.display, sizeof(a.display), "%s", display);
   else
      memset(a.display, 'A', sizeof(a.display));
   uint32_t answer = 7;
   a.out = (struct mgp_span){.ptr = &answer, .size = sizeof(answer)};
   t->sv->surface_bind_window(t->scr, &a, NULL, 0);
   return answer;
}

/* The WSI path itself, under a real X server: a window bound to the colour buffer gets the
 * frame at present, GL's bottom rows at the window's bottom. */
static void
test_wsi_present(struct t *t, xcb_connection_t *c, const char *display)
{
   xcb_screen_t *sc = xcb_setup_roots_iterator(xcb_get_setup(c)).data;
   xcb_window_t win = xcb_generate_id(c);
   xcb_create_window(c, XCB_COPY_FROM_PARENT, win, sc->root, 0, 0, W, H, 0,
                     XCB_WINDOW_CLASS_INPUT_OUTPUT, sc->root_visual, 0, NULL);
   xcb_map_window(c, win);
   free(xcb_get_input_focus_reply(c, xcb_get_input_focus(c), NULL));
   check(bind_window(t, MGP_WINDOW_KIND_X11, win, display, true) == 1,
         "wsi: a real window on %s is taken (FORCE)", display);
   use_default_fb(t, false);
   clear_color(t, 0, 0, 1, 1, false, 1);
   struct mgp_clear red = {
      .color_buffers = 1, .color_write_mask = {0xf}, .scissor_enable = 1, .scissor = {0, 0, W, 8}};
   const float rgba[4] = {1, 0, 0, 1};
   memcpy(red.color, rgba, sizeof(rgba));
   t->cv->clear(t->ctx, &red, NULL, 0);
   t->cv->present(t->ctx, &(struct mgp_present){.frame_serial = 1000, .color = t->color_rb}, NULL,
                  0);
   xcb_get_image_reply_t *img = xcb_get_image_reply(
      c, xcb_get_image(c, XCB_IMAGE_FORMAT_Z_PIXMAP, win, 0, 0, W, H, ~0u), NULL);
   check(img && xcb_get_image_data_length(img) >= W * H * 4, "wsi: the window reads back");
   if (img && xcb_get_image_data_length(img) >= W * H * 4) {
      const uint8_t *px = xcb_get_image_data(img);
      const uint8_t *top = px, *bottom = px + (size_t)(H - 1) * W * 4;
      check(top[0] == 255 && top[1] == 0 && top[2] == 0,
            "wsi: the window's top row is the frame's top (blue): %02x%02x%02x", top[2], top[1],
            top[0]);
      check(bottom[0] == 0 && bottom[1] == 0 && bottom[2] == 255,
            "wsi: the window's bottom row is GL's row 0 (red): %02x%02x%02x", bottom[2], bottom[1],
            bottom[0]);
   }
   free(img);
   check(bind_window(t, MGP_WINDOW_KIND_NONE, win, display, true) == 0, "wsi: unbound");
   xcb_destroy_window(c, win);
   xcb_flush(c);
}

static void
test_wsi_hostile(struct t *t)
{
   const uint64_t d0 = mgu_decline_count(MGU_DECLINE_present_wsi_unavailable);
   const int f0 = t->fatal_count;
   check(bind_window(t, MGP_WINDOW_KIND_X11, 0x400001, NULL, false) == 0,
         "wsi: a display name without its NUL is refused");
   check(bind_window(t, MGP_WINDOW_KIND_X11, 0x400001, ":9876", true) == 0,
         "wsi: a display that does not exist is refused");
   check(bind_window(t, 77, 0x400001, ":9876", true) == 0,
         "wsi: an unknown window kind is refused");
   /* The application's own connection, held open throughout as a real client's is: when the
    * server's connection was the display's last client, Xvfb reset and refused the next
    * connection (seen as "connect to :99" failing in 2 of 20 runs). */
   const char *env = getenv("DISPLAY");
   xcb_connection_t *app = NULL;
   if (env) {
      app = xcb_connect(env, NULL);
      if (xcb_connection_has_error(app)) {
         check(false, "wsi: connect to %s (xcb error %d)", env, xcb_connection_has_error(app));
         xcb_disconnect(app);
         app = NULL;
         env = NULL;
      }
   }
   if (env) {
      check(bind_window(t, MGP_WINDOW_KIND_X11, 0x7ffffff0, env, true) == 0,
            "wsi: a window id that names no window on %s is refused", env);
      check(bind_window(t, MGP_WINDOW_KIND_X11, 0, env, true) == 0, "wsi: window id 0 is refused");
   }
   check(bind_window(t, MGP_WINDOW_KIND_NONE, 0x400001, ":9876", true) == 0,
         "wsi: unbinding a window never bound answers 0");
   /* A session over the network (mgl-server --listen) names no window of this machine. */
   struct vkb_screen *scr = t->scr;
   scr->env.remote = true;
   check(bind_window(t, MGP_WINDOW_KIND_X11, 0x400001, env ? env : ":0", true) == 0,
         "wsi: a remote session's window is refused");
   scr->env.remote = false;
   const uint64_t want = env ? 6 : 4;
   check(mgu_decline_count(MGU_DECLINE_present_wsi_unavailable) - d0 == want,
         "wsi: each refusal is a present-wsi-unavailable decline (%llu, want %llu)",
         (unsigned long long)(mgu_decline_count(MGU_DECLINE_present_wsi_unavailable) - d0),
         (unsigned long long)want);
   check(t->fatal_count == f0, "wsi: no fatal (%s)", t->fatal);
   if (app) {
      test_wsi_present(t, app, env);
      xcb_disconnect(app);
   }
}

/* Transform feedback objects (ABI 21): object 1 captures a triangle and pauses; object 2 begins,
 * captures another and ends; object 1 resumes, captures a third and ends, each at its own
 * counters. draw_stream_output then draws each object's count (vkCmdDrawIndirectByteCountEXT):
 * 1's two triangles red, 2's one green, and an object that never ended nothing. Object 1 ends
 * while a second context renders: the count's copy must not land in that render pass (the
 * validation layer, and the synchronization run for the barriers around the count). */
static void
test_xfb_objects(struct t *t, struct mgp_handle color)
{
   if (!t->cv->bind_stream_output_object || !t->cv->draw_stream_output) {
      check(false, "the backend has the transform feedback object calls");
      return;
   }
   struct mgp_caps caps;
   memset(&caps, 0, sizeof(caps));
   struct mgp_get_caps g = {.out = {.ptr = &caps, .size = sizeof(caps)}};
   t->sv->get_caps(t->scr, &g, NULL, 0);
   if (!(caps.cap_bits & MGP_CAP_XFB_OBJECTS)) {
      fprintf(stderr, "  skip  transform feedback objects (no transformFeedbackDraw)\n");
      return;
   }
   struct mgp_handle prog = make_program(t, &xfb_prog);
   use_default_fb(t, false);
   set_viewport(t, 0, 0, W, H, false, NULL);
   clear_color(t, 0, 0, 0, 1, false, 1);
   struct mgp_render_state s = gl_render_state();
   bind_rs(t, &s);
   bind_ve(t, false, 8);
   static const float tri[] = {-1, -1, -0.5f, -1, -1, -0.5f};
   struct mgp_handle vb = make_buffer(t, sizeof(tri), tri);
   static const float zero[64];
   struct mgp_handle x = make_buffer(t, sizeof(zero), zero), y = make_buffer(t, sizeof(zero), zero);
   bind_vb(t, vb);
   use_program(t, prog);
   struct mgp_u32_args obj = {.value = 1}, none = {0};
   t->cv->bind_stream_output_object(t->ctx, &obj, NULL, 0);
   struct mgp_set_stream_output_targets tg = {.count = 1};
   struct mgp_buffer_range r = {.res = x, .offset = 0, .size = sizeof(zero)};
   t->cv->set_stream_output_targets(t->ctx, &tg, &r, 1);
   t->cv->begin_stream_output(t->ctx, &(struct mgp_u32_args){.value = MGP_PRIM_TRIANGLES}, NULL, 0);
   set_consts(t, prog, 1, 1, 1, 1, 0, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   t->cv->pause_stream_output(t->ctx, &none, NULL, 0);
   obj.value = 2;
   t->cv->bind_stream_output_object(t->ctx, &obj, NULL, 0);
   r.res = y;
   t->cv->set_stream_output_targets(t->ctx, &tg, &r, 1);
   t->cv->begin_stream_output(t->ctx, &(struct mgp_u32_args){.value = MGP_PRIM_TRIANGLES}, NULL, 0);
   set_consts(t, prog, 1, 1, 1, 1, 1, 0, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   t->cv->end_stream_output(t->ctx, &none, NULL, 0);
   obj.value = 1;
   t->cv->bind_stream_output_object(t->ctx, &obj, NULL, 0);
   t->cv->resume_stream_output(t->ctx, &none, NULL, 0);
   set_consts(t, prog, 1, 1, 1, 1, 0, 1, 0, 0, 0);
   draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);

   /* A second context renders before object 1 ends. */
   void *first = t->ctx;
   struct mgp_handle h2 = new_handle(t, MGP_KIND_CONTEXT);
   struct mgp_context_desc cd = {.ctx = h2, .api = 0};
   t->sv->context_create(t->scr, &cd, NULL, 0);
   t->ctx = mgs_vulkan_backend.context_lookup(t->scr, h2);
   check(t->ctx != NULL, "a second context");
   if (t->ctx) {
      use_default_fb(t, false);
      set_viewport(t, 0, 0, W, H, false, NULL);
      bind_rs(t, &s);
      bind_ve(t, false, 8);
      bind_vb(t, vb);
      use_program(t, color);
      set_consts(t, color, 0, 0, 1, 1, 1.2f, 1.2f, 0, 0, 0);
      draw(t, MGP_PRIM_TRIANGLES, 0, 3, 1, 0, 0);
   }
   t->ctx = first;
   t->cv->end_stream_output(t->ctx, &none, NULL, 0);

   /* Draw what each object captured. */
   use_default_fb(t, false);
   clear_color(t, 0, 0, 0, 1, false, 1);
   bind_ve(t, false, 16);
   use_program(t, color);
   bind_vb(t, x);
   set_consts(t, color, 1, 0, 0, 1, 0, 0, 0, 0, 0);
   struct mgp_draw_stream_output d = {
      .mode = MGP_PRIM_TRIANGLES, .object = 1, .stride = 16, .instances = 1};
   t->cv->draw_stream_output(t->ctx, &d, NULL, 0);
   bind_vb(t, y);
   set_consts(t, color, 0, 1, 0, 1, 0, 0, 0, 0, 0);
   d.object = 2;
   t->cv->draw_stream_output(t->ctx, &d, NULL, 0);
   d.object = 3; /* never bound: nothing */
   t->cv->draw_stream_output(t->ctx, &d, NULL, 0);
   read_back(t);
   check(pixel_is(2, 2, 255, 0, 0, 255) && pixel_is(2, 34, 255, 0, 0, 255) &&
            pixel_is(34, 2, 0, 255, 0, 255) && pixel_is(34, 34, 0, 0, 0, 255) &&
            pixel_is(20, 2, 0, 0, 0, 255),
         "draw_stream_output: object 1's two captures (resumed at its own counter) red, "
         "object 2's green");
   obj.value = 1;
   t->cv->delete_stream_output_object(t->ctx, &obj, NULL, 0);
   obj.value = 2;
   t->cv->delete_stream_output_object(t->ctx, &obj, NULL, 0);
   t->sv->context_destroy(t->scr, &(struct mgp_handle_args){h2}, NULL, 0);
   check(t->fatal_count == 0, "no fatal (%s)", t->fatal_count ? t->fatal : "-");
}

int
main(int argc, char **argv)
{
   if (argc > 1)
      spv_dir = argv[1];
   mgu_log_set_thread_role(MGU_ROLE_SERVER);
   const char *v = getenv("MGL_VK_VALIDATION");
   const bool validation = v && !strcmp(v, "1");
   struct t t;
   if (!start(&t, validation)) {
      fprintf(stderr, "screen_create failed: %s\n", t.fatal);
      return 1;
   }
   t.color_rb = make_image(&t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_RGBA8_UNORM, W, H, 1);
   t.depth_rb =
      make_image(&t, MGP_RESOURCE_TARGET_RENDERBUFFER, MGP_FORMAT_D24_UNORM_S8_UINT, W, H, 1);
   if (argc > 2 && !strcmp(argv[2], "wsi")) {
      /* The window lane: only the window-token checks, under an X server. */
      test_wsi_hostile(&t);
      mgs_vulkan_backend.screen_destroy(t.scr);
      fprintf(stderr, "%s\n", failures ? "FAIL" : "PASS");
      return failures ? 1 : 0;
   }
   test_wsi_hostile(&t);

   test_caps(&t);
   test_gates_line_room(&t);
   struct mgp_handle prog = make_program(&t, &color_prog);
   test_clear(&t);
   test_triangle(&t, prog);
   test_viewport_index_unset(&t, prog);
   test_gs_over_limits(&t, prog, "over_limit.geom.spv", "maxGeometryTotalOutputComponents");
   test_gs_over_limits(&t, prog, "over_input.frag.spv", "maxFragmentInputComponents");
   test_gs_split(&t, prog);
   test_gs_point_size_cut(&t, prog);
   test_gs_point_size_cut_xfb(&t, prog);
   test_gs_split_flow(&t, prog, "split_flow.geom.spv", 0);
   test_gs_split_flow(&t, prog, "split_phi.spv", 1);
   test_gs_split_flow(&t, prog, "split_head.spv", 2);
   test_local_index_clamp(&t, prog);
   test_indexed(&t, prog);
   test_declined_repeat(&t, prog);
   test_indirect_index_bounds(&t, prog);
   test_indirect_one_scope(&t, prog);
   test_indirect_unclamped(&t, prog);
   test_indirect_count_word(&t, prog);
   test_heap_map(&t, prog);
   test_heap_store_cap(&t);
   test_heap_blocks(&t);
   test_vertex_input_switch(&t, prog);
   test_vertex_input_stale();
   test_validate_once();
   test_repeated_draws(&t, prog);
   test_compact_draws(&t, prog);
   test_compact_draws_two_contexts(&t, prog);
   test_fast_draws_two_contexts(&t, prog);
   test_render_state_memo(&t, prog);
   test_render_state_toggles(&t, prog);
   test_split_sets();
   test_suballoc_ranges();
   test_suballoc_buffers(&t);
   test_suballoc_images(&t);
   test_suballoc_bound();
   test_scan_geometry();
   test_scan_unused();
   test_dynamic_parts();
   test_texture(&t);
   test_texture_view(&t);
   test_shadow_guards(&t);
   test_depth(&t, prog);
   test_fbo(&t, prog);
   test_instanced(&t, prog);
   test_stream_ubo(&t);
   test_stream_vertex(&t);
   test_compute_hostile(&t, prog);
   test_image_layer_respecify(&t);
   test_stat_query_many_dispatches(&t);
   test_dispatch_run_bounded(&t);
   test_dispatch_memo(&t);
   test_dispatch_binds_kept(&t);
   test_dispatch_memo_draw_between(&t, prog);
   test_indirect_memo(&t);
   test_indirect_restart_memo(&t, prog);
   test_direct_restart_fast(&t, prog);
   test_stream_vb(&t, prog);
   test_ubo(&t);
   test_cull(&t, prog);
   test_dynamic(&t, prog);
   test_attrib_default(&t);
   test_double_attrib_offset(&t);
   test_pack(&t);
   test_pack_row_copy(&t);
   test_pack_to_buffer(&t);
   test_present_to_buffer(&t);
   test_modes(&t, prog);
   test_rgb8(&t);
   test_pressure(&t, prog);
   test_fences_and_declines(&t, prog);
   test_no_attachment_limits(&t);
   test_msaa(&t, prog);
   test_blit(&t);
   test_blit_draw_locations(&t);
   test_read_depth_stencil(&t);
   test_mipmaps_and_copies(&t);
   test_targets(&t);
   test_kind_view_samples(&t);
   test_query_destroy_active(&t, prog);
   test_query_slots_limit(&t, prog);
   test_occlusion_wait_alone(&t, prog);
   test_xfb_objects(&t, prog);

   check(t.fatal_count == 0, "no fatal on the main screen (%s)", t.fatal_count ? t.fatal : "-");
   if (validation)
      check(counter(&t, "vk-validation-active") == 1, "the validation layer is active");
   check(counter(&t, "vk-validation-errors") == 0, "validation errors: %llu",
         counter(&t, "vk-validation-errors"));
   fprintf(stderr,
           "        pipelines %llu, submits %llu, staged copies %llu, direct writes %llu, "
           "descriptor sets %llu\n",
           counter(&t, "pipelines-created"), counter(&t, "submits"),
           counter(&t, "staged-buffer-copies"), counter(&t, "direct-buffer-writes"),
           counter(&t, "descriptor-sets"));
   mgs_vulkan_backend.screen_destroy(t.scr);

   test_stale_handle();
   test_stream_bounds();
   test_begin_active_query();
   test_capability_lacking();
   test_arena_throttle();
   test_floor_gate();
   test_layered_teardown(validation);
   test_pipeline_cache_file(validation);

   mgu_decline_print_tally();
   fprintf(stderr, "%s: %d failure(s)\n", failures ? "FAIL" : "PASS", failures);
   return failures ? 1 : 0;
}
