/* glb_mipmap.c — the levels glGenerateMipmap leaves to the CPU: GLES 3.2 8.14.4 fills only the
 * levels of colour-renderable, filterable formats, and GL fills them for every float or
 * normalized one (GL_RGB9_E5; the RGB16F twin of GL_RGB16F and of the float BPTC images, which
 * the host refuses too). Level base is read back as read_pixels reads it, each next level is the
 * linear sample at each texel's centre (mgp_downsample_linear, as the Vulkan backend's CPU levels
 * and a linear blit: for even sizes the mean of the 2 x 2 texels under it) and goes up as a
 * resource_subdata of the format's texels, so twins and alpha_kept images take it as they take
 * the client's. A 3D texture is filtered as one volume; the layers of the others one by one. */
#include <stdlib.h>
#include <string.h>

#include "glb.h"
#include "pipe_pixel.h"

#define MIP(v, l) ((v) >> (l) ? (uint32_t)((v) >> (l)) : 1u)

/* Whether fmt's texels decode to floats and encode back unchanged in kind: float, unorm and
 * snorm formats; not integers, not depth, not sRGB (filtered after decoding, which the codec
 * does not do). */
static bool
cpu_format(unsigned fmt)
{
   const uint8_t zero[16] = {0};
   uint8_t out[16];
   struct mgp_texel t;
   if (fmt == MGP_FORMAT_RGBA8_SRGB || !mgp_texel_decode(fmt, zero, &t) || t.is_int)
      return false;
   return mgp_texel_encode_float(fmt, t.f, out) || mgp_texel_encode_array(fmt, t.f, out);
}

static void
encode(unsigned fmt, const float *f, uint8_t *out)
{
   const double d[4] = {f[0], f[1], f[2], f[3]};
   if (!mgp_texel_encode_float(fmt, d, out))
      mgp_texel_encode_array(fmt, d, out);
}

/* Slices z0 .. z0 + d - 1 of level `level` of r (w x h each) read into `out` as RGBA floats;
 * false when a read did not answer the whole slice (it declined). */
static bool
read_level(struct glb_context *ctx, struct mgp_handle res, struct glb_resource *r, uint32_t level,
           uint32_t z0, uint32_t w, uint32_t h, uint32_t d, uint8_t *scratch, float *out)
{
   const unsigned fmt = r->desc.format;
   const uint32_t ts = mgp_format_desc(fmt)->bytes;
   const size_t n = (size_t)w * h;
   for (uint32_t z = 0; z < d; z++) {
      const struct mgp_surface s = {
         .res = res, .format = (uint16_t)fmt, .kind = 1, .level = (uint16_t)level, .layer = z0 + z};
      const struct mgp_span span = {.ptr = scratch,
                                    .size = sizeof(struct mgp_texels_rect) + n * ts};
      glb_read_texels(ctx, &s, r, 0, 0, w, h, MGP_PACK_WHAT_COLOR, fmt, &span, "generate_mipmap");
      struct mgp_texels_rect rect;
      memcpy(&rect, scratch, sizeof(rect));
      if (rect.x || rect.y || rect.width != w || rect.height != h)
         return false;
      const uint8_t *texels = scratch + sizeof(rect);
      for (size_t i = 0; i < n; i++) {
         struct mgp_texel t;
         mgp_texel_decode(fmt, texels + i * ts, &t);
         for (int c = 0; c < 4; c++)
            out[4 * (z * n + i) + c] = (float)t.f[c];
      }
   }
   return true;
}

/* Levels base + 1 .. last of the volume (3D) or layer `layer` of r, from level base. */
static void
fill_levels(struct glb_context *ctx, struct mgp_handle res, struct glb_resource *r, uint32_t base,
            uint32_t last, uint32_t layer, float *cur, float *next, uint8_t *scratch)
{
   const bool is3d = r->tex_target == GL_TEXTURE_3D;
   const unsigned fmt = r->desc.format;
   const uint32_t ts = mgp_format_desc(fmt)->bytes;
   uint32_t w = MIP(r->desc.width, base), h = MIP(r->desc.height, base);
   uint32_t d = is3d ? MIP(r->layers, base) : 1;
   if (!read_level(ctx, res, r, base, is3d ? 0 : layer, w, h, d, scratch, cur))
      return;
   for (uint32_t l = base + 1; l <= last; l++) {
      const uint32_t nw = MIP(r->desc.width, l), nh = MIP(r->desc.height, l);
      const uint32_t nd = is3d ? MIP(r->layers, l) : 1;
      const size_t nn = (size_t)nw * nh * nd;
      mgp_downsample_linear(cur, w, h, d, 1, next, nw, nh, nd);
      for (size_t i = 0; i < nn; i++)
         encode(fmt, next + 4 * i, scratch + i * ts);
      const struct mgp_sub_region g = {
         .z = is3d ? 0 : (int32_t)layer, .width = nw, .height = nh, .depth = nd};
      const struct mgp_resource_subdata a = {
         .res = res,
         .level = l,
         .format = (uint16_t)fmt,
         .region_count = 1,
         .data = {.ptr = scratch, .size = nn * ts},
      };
      glb_resource_subdata(ctx, &a, &g, 1);
      float *t = cur;
      cur = next, next = t;
      w = nw, h = nh, d = nd;
   }
}

bool
glb_mipmap_on_cpu(struct glb_context *ctx, struct mgp_handle res, struct glb_resource *r,
                  uint32_t base, uint32_t last)
{
   if (!cpu_format(r->desc.format) || r->tex_target == GL_TEXTURE_2D_MULTISAMPLE ||
       r->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
      return false;
   const bool is3d = r->tex_target == GL_TEXTURE_3D;
   /* level base is the largest: each buffer holds it (a volume, or one layer) */
   const uint64_t n = (uint64_t)MIP(r->desc.width, base) * MIP(r->desc.height, base) *
                      (is3d ? MIP(r->layers, base) : 1);
   const uint64_t ts = mgp_format_desc(r->desc.format)->bytes;
   float *cur = n <= SIZE_MAX / 16 ? malloc(n * 16) : NULL;
   float *next = cur ? malloc(n * 16) : NULL;
   uint8_t *scratch = next ? malloc(sizeof(struct mgp_texels_rect) + n * ts) : NULL;
   if (!scratch) {
      glb_fatal(ctx->scr, MGU_FATAL_OutOfMemory, "generate_mipmap: the levels on the CPU");
   } else {
      for (uint32_t layer = 0; layer < (is3d ? 1 : r->layers); layer++)
         fill_levels(ctx, res, r, base, last, layer, cur, next, scratch);
      ctx->scr->stats.mipmaps_on_cpu++;
   }
   free(scratch);
   free(next);
   free(cur);
   return true;
}
