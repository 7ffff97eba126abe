/* glb_mipmap.c — the levels glGenerateMipmap leaves to the CPU: GLES 3.2 8.14.4 fills only the
 * levels of colour-renderable, filterable formats, and GL fills them for every float or
 * normalized one (GL_RGB9_E5; the RGB16F twin of GL_RGB16F and of the float BPTC images, which
 * the host refuses too). Level base is read back as read_pixels reads it, each next level is the
 * linear sample at each texel's centre (mgp_mipmap_chain, as the Vulkan backend's CPU levels
 * and a linear blit: for even sizes the mean of the 2 x 2 texels under it) and goes up as a
 * resource_subdata of the format's texels, so twins and alpha_kept images take it as they take
 * the client's. A 3D texture is filtered as one volume; the layers of the others one by one; in
 * bands of rows (mgp_mipmap_chain), so the memory it takes is a few rows of the level. */
#include <stdlib.h>
#include <string.h>

#include "glb.h"
#include "pipe_mipmap.h"
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

/* One volume (3D) or layer of r whose levels mgp_mipmap_chain makes from level base. */
struct gles_chain {
   struct glb_context *ctx;
   struct mgp_handle res;
   struct glb_resource *r;
   uint32_t base, layer;
   bool is3d;
   uint8_t *scratch; /* an mgp_texels_rect and a band of rows, as glb_read_texels answers */
   size_t scratch_size;
};

/* Rows y .. y + rows - 1 of slice z of level base, as read_pixels reads them; false when the
 * read did not answer them all (it declined). */
static bool
chain_read(void *user, uint32_t z, uint32_t y, uint32_t rows, uint8_t *texels)
{
   struct gles_chain *g = user;
   const unsigned fmt = g->r->desc.format;
   const uint32_t w = MIP(g->r->desc.width, g->base);
   const size_t bytes = (size_t)w * rows * mgp_format_desc(fmt)->bytes;
   if (g->scratch_size < sizeof(struct mgp_texels_rect) + bytes) {
      free(g->scratch);
      g->scratch_size = sizeof(struct mgp_texels_rect) + bytes;
      g->scratch = malloc(g->scratch_size);
      if (!g->scratch) {
         g->scratch_size = 0;
         glb_fatal(g->ctx->scr, MGU_FATAL_OutOfMemory, "generate_mipmap: the levels on the CPU");
         return false;
      }
   }
   const struct mgp_surface s = {.res = g->res,
                                 .format = (uint16_t)fmt,
                                 .kind = 1,
                                 .level = (uint16_t)g->base,
                                 .layer = g->is3d ? z : g->layer};
   const struct mgp_span span = {.ptr = g->scratch, .size = g->scratch_size};
   glb_read_texels(g->ctx, &s, g->r, 0, (int32_t)y, w, rows, MGP_PACK_WHAT_COLOR, fmt, &span,
                   "generate_mipmap");
   struct mgp_texels_rect rect;
   memcpy(&rect, g->scratch, sizeof(rect));
   if (rect.x || rect.y || rect.width != w || rect.height != rows)
      return false;
   memcpy(texels, g->scratch + sizeof(rect), bytes);
   return true;
}

/* Rows y .. y + rows - 1 of slice z of level base + level up, as resource_subdata's texels. */
static bool
chain_write(void *user, uint32_t level, uint32_t z, uint32_t y, uint32_t rows,
            const uint8_t *texels)
{
   struct gles_chain *g = user;
   const unsigned fmt = g->r->desc.format;
   const uint32_t w = MIP(g->r->desc.width, g->base + level);
   const struct mgp_sub_region region = {.y = (int32_t)y,
                                         .z = (int32_t)(g->is3d ? z : g->layer),
                                         .width = w,
                                         .height = rows,
                                         .depth = 1};
   const struct mgp_resource_subdata a = {
      .res = g->res,
      .level = g->base + level,
      .format = (uint16_t)fmt,
      .region_count = 1,
      .data = {.ptr = (void *)texels, .size = (uint64_t)w * rows * mgp_format_desc(fmt)->bytes},
   };
   glb_resource_subdata(g->ctx, &a, &region, 1);
   return true;
}

bool
glb_mipmap_on_cpu(struct glb_context *ctx, struct mgp_handle res, struct glb_resource *r,
                  uint32_t base, uint32_t last)
{
   if (!cpu_format(r->desc.format) || r->tex_target == GL_TEXTURE_2D_MULTISAMPLE ||
       r->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
      return false;
   struct gles_chain g = {.ctx = ctx, .res = res, .r = r, .base = base};
   g.is3d = r->tex_target == GL_TEXTURE_3D;
   const struct mgp_mip_chain c = {
      .format = r->desc.format,
      .width = MIP(r->desc.width, base),
      .height = MIP(r->desc.height, base),
      .depth = g.is3d ? MIP(r->layers, base) : 1,
      .levels = last - base,
      .user = &g,
      .read = chain_read,
      .write = chain_write,
   };
   enum mgp_mip_result got = MGP_MIP_DONE;
   for (uint32_t layer = 0; layer < (g.is3d ? 1 : r->layers); layer++) {
      g.layer = layer;
      got = mgp_mipmap_chain(&c, NULL);
      if (got == MGP_MIP_NO_MEMORY) {
         glb_fatal(ctx->scr, MGU_FATAL_OutOfMemory, "generate_mipmap: the levels on the CPU");
         break;
      }
   }
   free(g.scratch);
   if (got != MGP_MIP_NO_MEMORY)
      ctx->scr->stats.mipmaps_on_cpu++;
   return true;
}
