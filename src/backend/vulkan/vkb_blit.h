/* vkb_blit.h — what the blit files share (vkb_blit*.c, vkb_mipmap.c): the surface a blit reads
 * or writes, the subresource and format helpers, and the copies, resolves and scratch images
 * among which vkb_blit.c chooses. Private to them; the rest of the backend sees vkb_blit (vkb.h). */
#ifndef MGL_VKB_BLIT_H
#define MGL_VKB_BLIT_H

#include "vkb.h"

static inline bool
vkb_blit_has_features(const struct vkb_screen *scr, VkFormat f, VkFormatFeatureFlags want)
{
   VkFormatProperties p;
   vkGetPhysicalDeviceFormatProperties(scr->phys, f, &p);
   return (p.optimalTilingFeatures & want) == want;
}

/* has_features for a blit: MGL_TEST_VK_NO_BLIT_FORMATS=1 (test-only, read at screen creation)
 * takes vkCmdBlitImage from every format, so the blits that need it are drawn. */
static inline bool
vkb_blit_features(const struct vkb_screen *scr, VkFormat f, VkFormatFeatureFlags want)
{
   if (scr->knobs.test_no_blit_formats &&
       (want & (VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT)))
      return false;
   return vkb_blit_has_features(scr, f, want);
}

static inline VkImageSubresourceLayers
vkb_blit_sub(const struct vkb_resource *r, VkImageAspectFlags aspect, uint32_t level,
             uint32_t layer)
{
   return (VkImageSubresourceLayers){aspect, level, r->image_type == VK_IMAGE_TYPE_3D ? 0 : layer,
                                     1};
}

static inline int32_t
vkb_blit_zof(const struct vkb_resource *r, uint32_t layer)
{
   return r->image_type == VK_IMAGE_TYPE_3D ? (int32_t)layer : 0;
}

/* One level and layer of an image: what a blit reads or writes. */
struct vkb_blit_surf {
   struct vkb_resource *r;
   uint32_t level, layer;
   int64_t w, h;
};

/* vkb_blit_scratch.c: scratch images of one level and layer in the current batch, released
 * (vkb_blit_scratch_release) when it completes; copy_to_scratch copies a whole surface into one,
 * source_box_scratch the part of a source box inside its surface. Both make *s name the copy. */
bool vkb_blit_scratch_image(struct vkb_screen *scr, const struct vkb_format *fmt, uint32_t w,
                            uint32_t h, VkSampleCountFlagBits samples,
                            VkImageUsageFlags extra_usage, struct vkb_resource *out);
void vkb_blit_scratch_release(struct vkb_screen *scr, struct vkb_resource *t);
bool vkb_blit_copy_to_scratch(struct vkb_screen *scr, struct vkb_blit_surf *s,
                              VkImageAspectFlags aspect, struct vkb_resource *tmp);
bool vkb_blit_source_box_scratch(struct vkb_screen *scr, struct vkb_blit_surf *s,
                                 VkImageAspectFlags aspect, int64_t smin_x, int64_t smin_y,
                                 int64_t sw, int64_t sh, struct vkb_resource *tmp);

/* vkb_blit_staged.c: unscaled copies through a staging buffer, of depth/stencil aspects
 * between formats (on the GPU within a depth family, converted by the server across them)
 * and of colour into a format nothing can blit or draw into. */
void vkb_blit_copy_depth_via_buffer(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                                    const struct vkb_blit_surf *d, VkImageAspectFlags aspect,
                                    int32_t sx, int32_t sy, int32_t dx, int32_t dy, uint32_t w,
                                    uint32_t h);
void vkb_blit_copy_depth_convert(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                                 const struct vkb_blit_surf *d, VkImageAspectFlags aspect,
                                 int32_t sx, int32_t sy, int32_t dx, int32_t dy, uint32_t w,
                                 uint32_t h);
bool vkb_blit_copy_color_convert(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                                 const struct vkb_blit_surf *d, int32_t sx, int32_t sy, int32_t dx,
                                 int32_t dy, uint32_t w, uint32_t h);

/* vkb_blit_resolve.c: unscaled blits from or between multisampled surfaces that no single
 * transfer command does. */
void vkb_blit_copy_stencil_keep_depth(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                                      const struct vkb_blit_surf *d, int32_t sx, int32_t sy,
                                      int32_t dx, int32_t dy, uint32_t w, uint32_t h);
void vkb_blit_resolve_then_blit(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                                const struct vkb_blit_surf *d, int32_t sx, int32_t sy, int32_t dx,
                                int32_t dy, uint32_t w, uint32_t h, bool mirror_x, bool mirror_y);
bool vkb_blit_ds_resolve_supported(const struct vkb_screen *scr, VkImageAspectFlags aspect);
void vkb_blit_resolve_depth_stencil(struct vkb_screen *scr, const struct vkb_blit_surf *s,
                                    const struct vkb_blit_surf *d, VkImageAspectFlags aspect,
                                    int32_t sx, int32_t sy, int32_t dx, int32_t dy, uint32_t w,
                                    uint32_t h);

/* vkb_blit_draw.c: a blit between two surfaces drawn (vkb_blit_draw), one draw per aspect. */
void vkb_blit_draw_surfaces(struct vkb_screen *scr, VkImageAspectFlags aspect,
                            const struct vkb_blit_surf *s, const struct vkb_blit_surf *d,
                            const int64_t sb[4], const int64_t db[4], int64_t cx0, int64_t cy0,
                            int64_t cx1, int64_t cy1, bool linear, bool unorm);

#endif
