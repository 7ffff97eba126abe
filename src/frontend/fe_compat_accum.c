/* fe_compat_accum.c — the accumulation buffer (GL 2.1 §4.2.4, §4.2.3): glAccum, glClearAccum
 * and glClear's GL_ACCUM_BUFFER_BIT, and the GL_ACCUM_* queries.
 *
 * A default framebuffer whose config has accumulation bits (EGL's single-sampled configs, the
 * GLX configs that offer GLX_ACCUM_*_SIZE 16) has a 16-bit signed accumulation buffer, as Mesa's
 * llvmpipe visuals do. The front end owns it: made at the first accumulation command (a program
 * that never accumulates pays nothing), sized with the drawable and made again when the
 * drawable's size changes (its contents then start at 0, GL leaves them undefined). It is two
 * RGBA32F textures holding the 16-bit buffer's integers (-32767 .. 32767 for -1 .. 1), exactly,
 * in turn: each operation draws the whole buffer into the other texture with an internal
 * program that reads the current one, changing the pixels in the scissor rectangle and copying
 * the rest, so an operation needs neither blending of float targets nor a feedback loop. As in
 * Mesa, an accumulated or loaded value is truncated to the buffer's precision before it is
 * added, GL_MULT truncates its product, and results stay in [-1, 1] (GL leaves values outside
 * undefined; Mesa's 16-bit buffer wraps, here they saturate).
 *
 * GL_ACCUM and GL_LOAD read the read buffer through a copy of its scissored rectangle into an
 * RGBA8 texture (glBlitFramebuffer's blit); GL_RETURN draws value times the buffer,
 * clamped to [0, 1], into the draw buffers with only the scissor test and the colour masks
 * applied. Every step is an ordinary pipe command (a blit, draws), so accumulation works on
 * every arm and backend with nothing new on the wire. */
#include <stdlib.h>
#include <string.h>

#include "fe_compat_pixels.h"
#include "fe_compat_vertex.h"
#include "fe_ff.h"
#include "fe_format.h"
#include "fe_texture_priv.h"
#include "gl_api.h"
#include "log.h"

#ifndef GL_ACCUM
#define GL_ACCUM 0x0100
#define GL_LOAD 0x0101
#define GL_RETURN 0x0102
#define GL_MULT 0x0103
#define GL_ADD 0x0104
#endif
#define FE_GL_ACCUM_CLEAR_VALUE 0x0B80
#define FE_GL_ACCUM_RED_BITS 0x0D58
#define FE_GL_ACCUM_ALPHA_BITS 0x0D5B
#define FE_GL_RENDER 0x1C00

#define ACCUM_MAX 32767.0f /* the 16-bit buffer's integer for 1.0 */

/* The operations of ACCUM_FS, in ac[1].x. */
enum accum_op { OP_ACCUM, OP_LOAD, OP_ADD, OP_MULT, OP_CLEAR };
/* ac[] of the programs: the rectangle (x0, y0, x1, y1); (operation, scale, value, 0); the
 * integers GL_ADD adds or a clear writes. */
enum { AC_RECT, AC_OP, AC_CONST, AC_SLOTS };

static const char *const ACCUM_VS = "#version 330 core\n"
                                    "layout(location = 0) in vec4 a_pos;\n"
                                    "void main() { gl_Position = a_pos; }\n";

/* Draws the whole buffer: inside the rectangle the operation, outside the old value. */
static const char *const ACCUM_FS = "#version 330 core\n"
                                    "uniform vec4 ac[3];\n"
                                    "uniform sampler2D ac_acc;\n"
                                    "uniform sampler2D ac_src;\n"
                                    "layout(location = 0) out vec4 o_acc;\n"
                                    "void main()\n"
                                    "{\n"
                                    "   ivec2 p = ivec2(gl_FragCoord.xy);\n"
                                    "   vec4 a = texelFetch(ac_acc, p, 0);\n"
                                    "   if (any(lessThan(gl_FragCoord.xy, ac[0].xy)) ||\n"
                                    "       any(greaterThanEqual(gl_FragCoord.xy, ac[0].zw))) {\n"
                                    "      o_acc = a;\n"
                                    "      return;\n"
                                    "   }\n"
                                    "   int op = int(ac[1].x);\n"
                                    "   vec4 r;\n"
                                    "   if (op == 0)\n"
                                    "      r = a + trunc(texelFetch(ac_src, p, 0) * ac[1].y);\n"
                                    "   else if (op == 1)\n"
                                    "      r = trunc(texelFetch(ac_src, p, 0) * ac[1].y);\n"
                                    "   else if (op == 2)\n"
                                    "      r = a + ac[2];\n"
                                    "   else if (op == 3)\n"
                                    "      r = trunc(a * ac[1].z);\n"
                                    "   else\n"
                                    "      r = ac[2];\n"
                                    "   o_acc = clamp(r, -32767.0, 32767.0);\n"
                                    "}\n";

/* GL_RETURN: value times the buffer (ac[1].y is value / 32767), clamped, to every output. */
static const char *const RETURN_FS = "#version 330 core\n"
                                     "uniform vec4 ac[3];\n"
                                     "uniform sampler2D ac_acc;\n"
                                     "OUTPUTS"
                                     "void main()\n"
                                     "{\n"
                                     "   vec4 a = texelFetch(ac_acc, ivec2(gl_FragCoord.xy), 0);\n"
                                     "   vec4 c = clamp(a * ac[1].y, 0.0, 1.0);\n"
                                     "WRITES"
                                     "}\n";

struct accum_program {
   struct fe_exec *exec;
   uint32_t offset; /* of ac[0]; UINT32_MAX: not active */
};

struct fe_compat_accum {
   struct fe_texture *acc[2];      /* RGBA32F: the buffer's integers, acc[cur] current */
   struct fe_framebuffer *fbo[2];  /* drawing into acc[i] */
   struct fe_texture *src;         /* RGBA8: the read buffer's rectangle (GL_ACCUM, GL_LOAD) */
   struct fe_framebuffer *src_fbo; /* drawing into src */
   unsigned cur;
   uint64_t serial; /* of the surface it was made for */
   uint32_t width, height;
   struct accum_program op;
   struct accum_program ret[FE_MAX_DRAW_BUFFERS]; /* per count of colour outputs */
   struct fe_vao vao;
   float verts[4][4];
};

/* The accumulation bits of the draw framebuffer: its config's on the default framebuffer when
 * the renderer renders and samples RGBA32F (the buffer's storage), 0 for framebuffer objects. */
static int
accum_bits(struct fe_context *ctx)
{
   const struct fe_surface *s = ctx->draw_surface;
   if (ctx->draw_fbo || !s || !s->format.accum_bits)
      return 0;
   const unsigned need = MGP_FORMAT_CAP_RENDER | MGP_FORMAT_CAP_SAMPLE;
   if ((ctx->share->caps->format_flags[MGP_FORMAT_RGBA32_FLOAT] & need) != need) {
      MGU_DECLINE(gl_accum_buffer_unrenderable,
                  "the renderer cannot render and sample RGBA32F: no accumulation buffer");
      return 0;
   }
   return s->format.accum_bits;
}

static void
accum_free(struct fe_context *ctx, struct fe_compat_accum *a)
{
   for (int i = 0; i < 2; i++) {
      if (a->fbo[i])
         fe_fbo_destroy(ctx, a->fbo[i]);
      if (a->acc[i])
         fe_object_unref(ctx, &a->acc[i]->base);
      a->fbo[i] = NULL;
      a->acc[i] = NULL;
   }
   if (a->src_fbo)
      fe_fbo_destroy(ctx, a->src_fbo);
   if (a->src)
      fe_object_unref(ctx, &a->src->base);
   a->src_fbo = NULL;
   a->src = NULL;
   a->width = a->height = 0;
}

void
fe_compat_accum_finish(struct fe_context *ctx, struct fe_compat *c)
{
   struct fe_compat_accum *a = c->accum;
   if (!a)
      return;
   accum_free(ctx, a);
   fe_exec_unref(ctx, a->op.exec);
   for (unsigned i = 0; i < FE_MAX_DRAW_BUFFERS; i++)
      fe_exec_unref(ctx, a->ret[i].exec);
   fe_client_arrays_finish(ctx, &a->vao);
   free(a);
   c->accum = NULL;
}

/* A w x h texture of internal format ifmt with its storage, sampled texel by texel; NULL when
 * out of memory. */
static struct fe_texture *
image_texture(struct fe_context *ctx, GLenum ifmt, uint32_t w, uint32_t h)
{
   struct fe_texture *tex = fe_texture_create(ctx, 0, FE_TEX_2D);
   if (!tex)
      return NULL;
   tex->params.min_filter = GL_NEAREST; /* one level: complete */
   tex->params.mag_filter = GL_NEAREST;
   const struct fe_format_info *info = fe_format_lookup(ifmt);
   tex->image[0][0] = (struct fe_tex_image){
      .defined = true,
      .width = w,
      .height = h,
      .depth = 1,
      .internal_format = ifmt,
      .format = info->format,
   };
   fe_tex_texture_changed(ctx, tex);
   fe_share_bump(ctx->share, &ctx->share->attach_gen);
   if (!fe_tex_ensure_storage(ctx, tex, 0)) {
      fe_object_unref(ctx, &tex->base);
      return NULL;
   }
   return tex;
}

static struct accum_program *
accum_program(struct fe_context *ctx, struct accum_program *p, const char *fs)
{
   static const char *const samplers[FE_COMPAT_INTERNAL_UNITS] = {"ac_acc", "ac_src"};
   if (!p->exec)
      p->exec = fe_compat_internal_program(ctx, ACCUM_VS, fs, "accumulation", "ac", AC_SLOTS,
                                           samplers, &p->offset);
   return p->exec ? p : NULL;
}

static void op_draw(struct fe_context *ctx, struct fe_compat_accum *a, const float u[AC_SLOTS][4]);

/* The accumulation buffer of the draw surface, made (cleared to 0) or made again for its
 * current size; NULL after GL_OUT_OF_MEMORY or when the program cannot be made. */
static struct fe_compat_accum *
accum_buffer(struct fe_context *ctx)
{
   struct fe_compat *c = ctx->compat;
   if (!c->accum)
      c->accum = calloc(1, sizeof(*c->accum));
   struct fe_compat_accum *a = c->accum;
   if (!a) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   if (!accum_program(ctx, &a->op, ACCUM_FS))
      return NULL;
   const struct fe_surface *s = ctx->draw_surface;
   const uint32_t w = (uint32_t)s->width, h = (uint32_t)s->height;
   if (a->acc[0] && a->serial == s->serial && a->width == w && a->height == h)
      return a;
   accum_free(ctx, a);
   for (int i = 0; i < 2; i++) {
      a->acc[i] = image_texture(ctx, GL_RGBA32F, w, h);
      a->fbo[i] = a->acc[i] ? fe_fbo_create_internal(ctx, a->acc[i]) : NULL;
   }
   a->src = image_texture(ctx, GL_RGBA8, w, h);
   a->src_fbo = a->src ? fe_fbo_create_internal(ctx, a->src) : NULL;
   if (!a->fbo[0] || !a->fbo[1] || !a->src_fbo) {
      accum_free(ctx, a);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   a->serial = s->serial;
   a->width = w;
   a->height = h;
   a->cur = 0;
   const float zero[AC_SLOTS][4] = {{0, 0, (float)w, (float)h}, {OP_CLEAR, 0, 0, 0}};
   op_draw(ctx, a, zero);
   return a;
}

/* The scissored rectangle of the w x h buffer (x0, y0, x1, y1); false when empty. */
static bool
accum_rect(const struct fe_context *ctx, uint32_t w, uint32_t h, int32_t r[4])
{
   r[0] = 0, r[1] = 0, r[2] = (int32_t)w, r[3] = (int32_t)h;
   if (ctx->scissor_test) {
      const int32_t *s = ctx->ds.scissor;
      const int64_t x1 = (int64_t)s[0] + s[2], y1 = (int64_t)s[1] + s[3];
      r[0] = s[0] > r[0] ? s[0] : r[0];
      r[1] = s[1] > r[1] ? s[1] : r[1];
      r[2] = x1 < r[2] ? (int32_t)x1 : r[2];
      r[3] = y1 < r[3] ? (int32_t)y1 : r[3];
   }
   return r[0] < r[2] && r[1] < r[3];
}

/* The per-fragment operations an internal draw leaves out (after fe_compat_aside_begin). */
static void
plain_fragments(struct fe_context *ctx, bool all_channels)
{
   struct mgp_render_state *rs = &ctx->rs;
   for (int i = 0; i < FE_MAX_DRAW_BUFFERS; i++) {
      rs->blend[i].enable = 0;
      if (all_channels)
         rs->blend[i].color_mask = 0xf;
   }
   rs->logic_op_enable = 0;
   rs->depth_test = 0;
   rs->depth_write = 0;
   rs->stencil_test = 0;
   rs->rasterizer_discard = 0;
   rs->alpha_to_coverage = 0;
   rs->alpha_to_one = 0;
   rs->sample_shading = 0;
   rs->sample_mask = ~0u;
   fe_draw_bump_value(ctx, &ctx->rs_version);
   ctx->ds.sample_coverage_enable = 0;
   fe_draw_bump_value(ctx, &ctx->ds_version);
}

/* One operation of ACCUM_FS into the other texture, which becomes the current one. */
static void
op_draw(struct fe_context *ctx, struct fe_compat_accum *a, const float u[AC_SLOTS][4])
{
   fe_compat_internal_uniforms(a->op.exec, a->op.offset, u, AC_SLOTS * 16);
   fe_compat_rect_verts(ctx, &a->vao, a->verts, 0.0f, 0.0f, (float)a->width, (float)a->height);
   struct fe_compat_aside aside;
   struct fe_texture *const tex[FE_COMPAT_INTERNAL_UNITS] = {a->acc[a->cur], a->src};
   fe_compat_aside_begin(ctx, &aside, &a->vao, a->op.exec, tex);
   plain_fragments(ctx, true);
   ctx->rs.multisample = 0;
   ctx->ds.scissor_enable = 0;
   struct fe_framebuffer *fbo = ctx->draw_fbo;
   const bool scissor = ctx->scissor_test, srgb = ctx->misc_framebuffer_srgb;
   ctx->draw_fbo = a->fbo[a->cur ^ 1];
   fe_draw_touch(ctx);
   ctx->scissor_test = false;
   ctx->misc_framebuffer_srgb = false;
   fe_draw_touch(ctx);
   fe_draw_arrays(ctx, GL_TRIANGLE_STRIP, 0, 4, 1);
   ctx->misc_framebuffer_srgb = srgb;
   fe_draw_touch(ctx);
   ctx->scissor_test = scissor;
   ctx->draw_fbo = fbo;
   fe_draw_touch(ctx);
   fe_compat_aside_end(ctx, &aside);
   a->cur ^= 1;
}

/* GL_RETURN: value times the buffer's rectangle r into the draw buffers. */
static void
return_draw(struct fe_context *ctx, struct fe_compat_accum *a, const int32_t r[4], float value)
{
   const unsigned n = fe_ff_draw_buffer_count(ctx);
   struct accum_program *p = &a->ret[n - 1];
   if (!p->exec) {
      char *fs = fe_compat_fs_outputs(RETURN_FS, n);
      p = accum_program(ctx, p, fs);
      free(fs);
      if (!p)
         return;
   }
   const float u[AC_SLOTS][4] = {{0}, {0, value / ACCUM_MAX, 0, 0}};
   fe_compat_internal_uniforms(p->exec, p->offset, u, sizeof(u));
   fe_compat_rect_verts(ctx, &a->vao, a->verts, (float)r[0], (float)r[1], (float)r[2], (float)r[3]);
   struct fe_compat_aside aside;
   struct fe_texture *const tex[FE_COMPAT_INTERNAL_UNITS] = {a->acc[a->cur], NULL};
   fe_compat_aside_begin(ctx, &aside, &a->vao, p->exec, tex);
   plain_fragments(ctx, false); /* the scissor test and the colour masks apply */
   fe_draw_arrays(ctx, GL_TRIANGLE_STRIP, 0, 4, 1);
   fe_compat_aside_end(ctx, &aside);
}

/* The buffer's integer for a value of [-1, 1], truncated as the 16-bit buffer stores it. */
static float
accum_int(float v)
{
   return (float)(int)(fe_clampf(v, -1.0f, 1.0f) * ACCUM_MAX);
}

void
mgl_glClearAccum(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   FE_COMPAT_CTX_OR_RETURN();
   const GLfloat v[4] = {red, green, blue, alpha};
   for (int i = 0; i < 4; i++)
      ctx->compat->accum_clear[i] = fe_clampf(v[i], -1.0f, 1.0f); /* GL clamps to [-1, 1] */
}

static void
accum_clear(struct fe_context *ctx)
{
   struct fe_compat_accum *a = accum_buffer(ctx);
   int32_t r[4];
   if (!a || !accum_rect(ctx, a->width, a->height, r))
      return;
   const float *c = ctx->compat->accum_clear;
   const float u[AC_SLOTS][4] = {
      {(float)r[0], (float)r[1], (float)r[2], (float)r[3]},
      {OP_CLEAR, 0, 0, 0},
      {accum_int(c[0]), accum_int(c[1]), accum_int(c[2]), accum_int(c[3])},
   };
   op_draw(ctx, a, u);
}

void
fe_compat_accum_clear(struct fe_context *ctx)
{
   if (!accum_bits(ctx) || ctx->compat->rm.mode != FE_GL_RENDER)
      return; /* no accumulation buffer: nothing to clear; other render modes draw nothing */
   const bool paused = fe_query_occlusion_pause(ctx); /* the draws are no fragments of GL's */
   accum_clear(ctx);
   if (paused)
      fe_query_occlusion_resume(ctx);
}

/* glAccum's operation on the scissored rectangle of the accumulation buffer. */
static void
accum_op(struct fe_context *ctx, GLenum op, GLfloat value)
{
   struct fe_compat_accum *a = accum_buffer(ctx);
   int32_t r[4];
   if (!a || !accum_rect(ctx, a->width, a->height, r))
      return;
   if (op == GL_RETURN) {
      return_draw(ctx, a, r, value);
      return;
   }
   if (op == GL_ACCUM || op == GL_LOAD) {
      /* the read buffer's rectangle into src: a blit under the same scissor */
      struct fe_framebuffer *draw = ctx->draw_fbo;
      ctx->draw_fbo = a->src_fbo;
      fe_draw_touch(ctx);
      mgl_glBlitFramebuffer(r[0], r[1], r[2], r[3], r[0], r[1], r[2], r[3], GL_COLOR_BUFFER_BIT,
                            GL_NEAREST);
      ctx->draw_fbo = draw;
      fe_draw_touch(ctx);
   }
   const float add = accum_int(value);
   const enum accum_op o = op == GL_ACCUM  ? OP_ACCUM
                           : op == GL_LOAD ? OP_LOAD
                           : op == GL_ADD  ? OP_ADD
                                           : OP_MULT;
   const float u[AC_SLOTS][4] = {
      {(float)r[0], (float)r[1], (float)r[2], (float)r[3]},
      {(float)o, value * ACCUM_MAX, value, 0},
      {add, add, add, add},
   };
   op_draw(ctx, a, u);
}

void
mgl_glAccum(GLenum op, GLfloat value)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(op != GL_ACCUM && op != GL_LOAD && op != GL_RETURN && op != GL_MULT && op != GL_ADD,
            GL_INVALID_ENUM);
   /* no accumulation buffer in the draw framebuffer (a framebuffer object has none), or
    * reading from another framebuffer than the one drawn (as Mesa) */
   FE_CHECK(!accum_bits(ctx) || ctx->read_fbo || ctx->read_surface != ctx->draw_surface,
            GL_INVALID_OPERATION);
   if (ctx->rs.rasterizer_discard || ctx->compat->rm.mode != FE_GL_RENDER)
      return;
   /* GL 2.1 §4.2.4: the operations write the buffers, no fragments: an active occlusion query
    * must not count the blit and draws they are made of here (nor the buffer's first clear) */
   const bool paused = fe_query_occlusion_pause(ctx);
   accum_op(ctx, op, value);
   if (paused)
      fe_query_occlusion_resume(ctx);
}

int
fe_compat_accum_get(struct fe_context *ctx, GLenum pname, double *out)
{
   if (pname == FE_GL_ACCUM_CLEAR_VALUE) {
      for (int i = 0; i < 4; i++)
         out[i] = ctx->compat->accum_clear[i];
      return 4;
   }
   if (pname >= FE_GL_ACCUM_RED_BITS && pname <= FE_GL_ACCUM_ALPHA_BITS) {
      out[0] = accum_bits(ctx);
      return 1;
   }
   return 0;
}
