/* vkb_wsi.c — the server presents window surfaces itself through Vulkan WSI (VK_KHR_xcb_surface
 * and a swapchain) when the client binds a window to a colour resource (surface_bind_window).
 *
 * The window token (an X11 window id and a display name) comes from the client, so both are
 * hostile: the name must end within its array, the window must answer a GetGeometry on our own
 * connection, and a window that goes away later makes that window's swapchain lost (a named
 * decline), never a fatal. The client keeps checking its window itself at every swap, which is
 * how EGL reports EGL_BAD_NATIVE_WINDOW on every path.
 *
 * At present: acquire (CPU-waited fence), blit the colour resource into the image with rows
 * flipped (GL's row 0 is the bottom, the image's the top), submit, wait for that batch, queue
 * the present and make a round trip on the window's connection so that the frame is on the
 * X server when the swap returns (the copy path gives the same guarantee). */
#include <stdlib.h>
#include <string.h>

#include <xcb/xcb.h>
#define VK_USE_PLATFORM_XCB_KHR 1
#include <vulkan/vulkan.h>

#include "log.h"
#include "vkb.h"

#define VKB_WSI_MAX_WINDOWS 16
#define VKB_WSI_MAX_IMAGES 8

struct vkb_wsi_window {
   uint32_t window;
   char display[sizeof(((struct mgp_surface_bind_window *)0)->display)];
   struct mgp_handle color;
   uint32_t interval;
   xcb_connection_t *conn;
   VkSurfaceKHR surface;
   VkSwapchainKHR chain;
   VkFormat format;
   VkExtent2D extent;
   VkImage images[VKB_WSI_MAX_IMAGES];
   uint32_t image_count;
   VkFence acquire;
   bool stale; /* out of date / suboptimal / new interval: re-created before the next frame */
   bool lost;
};

struct vkb_wsi {
   struct vkb_wsi_window *win[VKB_WSI_MAX_WINDOWS];
   uint64_t frames, recreated;
};

static void
window_destroy(struct vkb_screen *scr, struct vkb_wsi_window *w)
{
   if (!w)
      return;
   if (w->chain || w->acquire)
      vkDeviceWaitIdle(scr->dev);
   if (w->chain)
      vkDestroySwapchainKHR(scr->dev, w->chain, NULL);
   if (w->acquire)
      vkDestroyFence(scr->dev, w->acquire, NULL);
   if (w->surface)
      vkDestroySurfaceKHR(scr->instance, w->surface, NULL);
   if (w->conn)
      xcb_disconnect(w->conn);
   free(w);
}

void
vkb_wsi_finish(struct vkb_screen *scr)
{
   struct vkb_wsi *wsi = scr->wsi;
   if (!wsi)
      return;
   for (int i = 0; i < VKB_WSI_MAX_WINDOWS; i++)
      window_destroy(scr, wsi->win[i]);
   if (wsi->frames)
      mgu_info("vulkan: wsi: %llu frames presented by the server, %llu swapchains re-created",
               (unsigned long long)wsi->frames, (unsigned long long)wsi->recreated);
   free(wsi);
   scr->wsi = NULL;
}

static bool
lost(struct vkb_wsi_window *w, const char *what, VkResult r)
{
   if (!w->lost)
      MGU_DECLINE(present_wsi_lost, "window 0x%x: %s (VkResult %d)", w->window, what, (int)r);
   w->lost = true;
   return false;
}

/* (Re)creates the swapchain at the surface's current size; the old one is retired into it. */
static bool
chain_make(struct vkb_screen *scr, struct vkb_wsi_window *w, uint32_t width, uint32_t height)
{
   VkSurfaceCapabilitiesKHR caps;
   VkResult r = vkGetPhysicalDeviceSurfaceCapabilitiesKHR(scr->phys, w->surface, &caps);
   if (r != VK_SUCCESS)
      return lost(w, "surface capabilities", r);
   VkExtent2D ext = caps.currentExtent;
   if (ext.width == UINT32_MAX)
      ext = (VkExtent2D){width, height};
   if (!ext.width || !ext.height)
      return lost(w, "the window has no area", VK_SUCCESS);
   uint32_t modes_n = 0;
   VkPresentModeKHR modes[16];
   vkGetPhysicalDeviceSurfacePresentModesKHR(scr->phys, w->surface, &modes_n, NULL);
   if (modes_n > 16)
      modes_n = 16;
   vkGetPhysicalDeviceSurfacePresentModesKHR(scr->phys, w->surface, &modes_n, modes);
   VkPresentModeKHR mode = VK_PRESENT_MODE_FIFO_KHR; /* always supported */
   if (w->interval == 0) {
      for (uint32_t i = 0; i < modes_n; i++)
         if (modes[i] == VK_PRESENT_MODE_IMMEDIATE_KHR)
            mode = modes[i];
      for (uint32_t i = 0; mode == VK_PRESENT_MODE_FIFO_KHR && i < modes_n; i++)
         if (modes[i] == VK_PRESENT_MODE_MAILBOX_KHR)
            mode = modes[i];
   }
   uint32_t count = scr->frames_in_flight + 1;
   if (count < caps.minImageCount)
      count = caps.minImageCount;
   if (caps.maxImageCount && count > caps.maxImageCount)
      count = caps.maxImageCount;
   if (count > VKB_WSI_MAX_IMAGES)
      return lost(w, "the surface needs too many images", VK_SUCCESS);
   VkCompositeAlphaFlagBitsKHR alpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
   if (!(caps.supportedCompositeAlpha & alpha))
      alpha = VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR;
   VkSwapchainKHR old = w->chain;
   VkSwapchainCreateInfoKHR sci = {
      .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
      .surface = w->surface,
      .minImageCount = count,
      .imageFormat = w->format,
      .imageColorSpace = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR,
      .imageExtent = ext,
      .imageArrayLayers = 1,
      .imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .preTransform = caps.currentTransform,
      .compositeAlpha = alpha,
      .presentMode = mode,
      .clipped = VK_TRUE,
      .oldSwapchain = old,
   };
   if (old)
      vkDeviceWaitIdle(scr->dev); /* the old chain's images may be in a batch still */
   r = vkCreateSwapchainKHR(scr->dev, &sci, NULL, &w->chain);
   if (old)
      vkDestroySwapchainKHR(scr->dev, old, NULL);
   if (r != VK_SUCCESS) {
      w->chain = VK_NULL_HANDLE;
      return lost(w, "vkCreateSwapchainKHR", r);
   }
   w->image_count = VKB_WSI_MAX_IMAGES;
   r = vkGetSwapchainImagesKHR(scr->dev, w->chain, &w->image_count, w->images);
   if (r != VK_SUCCESS)
      return lost(w, "vkGetSwapchainImagesKHR", r);
   w->extent = ext;
   w->stale = false;
   if (old)
      scr->wsi->recreated++;
   mgu_info("vulkan: wsi: window 0x%x: swapchain %ux%u, %u images, present mode %d", w->window,
            ext.width, ext.height, w->image_count, (int)mode);
   return true;
}

static struct vkb_wsi_window *
window_find(struct vkb_wsi *wsi, uint32_t window, const char *display, int *free_slot)
{
   *free_slot = -1;
   for (int i = 0; i < VKB_WSI_MAX_WINDOWS; i++) {
      struct vkb_wsi_window *w = wsi->win[i];
      if (!w) {
         if (*free_slot < 0)
            *free_slot = i;
      } else if (w->window == window && !strcmp(w->display, display)) {
         *free_slot = i;
         return w;
      }
   }
   return NULL;
}

/* A new window: its connection, surface and swapchain; NULL (declined, named) when WSI cannot
 * present into it. */
static struct vkb_wsi_window *
window_create(struct vkb_screen *scr, const struct mgp_surface_bind_window *a, const char *display,
              const struct vkb_resource *color)
{
   struct vkb_wsi_window *w = calloc(1, sizeof(*w));
   if (!w) {
      MGU_DECLINE(present_wsi_unavailable, "no memory");
      return NULL;
   }
   w->window = a->window;
   memcpy(w->display, display, strlen(display) + 1);
   w->interval = a->interval ? 1 : 0;
   const char *why = NULL;
   w->conn = xcb_connect(display[0] ? display : NULL, NULL);
   if (xcb_connection_has_error(w->conn)) {
      why = "the display cannot be opened";
      goto fail;
   }
   /* The window id is the client's word: it must name a window on this display. */
   xcb_generic_error_t *err = NULL;
   xcb_get_geometry_reply_t *geo =
      xcb_get_geometry_reply(w->conn, xcb_get_geometry(w->conn, a->window), &err);
   free(err);
   if (!geo) {
      why = "the window id names no window on that display";
      goto fail;
   }
   free(geo);
   VkXcbSurfaceCreateInfoKHR xci = {
      .sType = VK_STRUCTURE_TYPE_XCB_SURFACE_CREATE_INFO_KHR,
      .connection = w->conn,
      .window = a->window,
   };
   if (vkCreateXcbSurfaceKHR(scr->instance, &xci, NULL, &w->surface) != VK_SUCCESS) {
      why = "vkCreateXcbSurfaceKHR failed";
      goto fail;
   }
   VkBool32 can = VK_FALSE;
   if (vkGetPhysicalDeviceSurfaceSupportKHR(scr->phys, scr->queue_family, w->surface, &can) !=
          VK_SUCCESS ||
       !can) {
      why = "the queue cannot present to this surface";
      goto fail;
   }
   /* The same bytes as the copy path: an sRGB colour buffer keeps its encoded values. */
   const bool srgb =
      color->fmt->vk == VK_FORMAT_R8G8B8A8_SRGB || color->fmt->vk == VK_FORMAT_B8G8R8A8_SRGB;
   const VkFormat want = srgb ? VK_FORMAT_B8G8R8A8_SRGB : VK_FORMAT_B8G8R8A8_UNORM;
   uint32_t nf = 0;
   VkSurfaceFormatKHR fmts[32];
   vkGetPhysicalDeviceSurfaceFormatsKHR(scr->phys, w->surface, &nf, NULL);
   if (nf > 32)
      nf = 32;
   vkGetPhysicalDeviceSurfaceFormatsKHR(scr->phys, w->surface, &nf, fmts);
   for (uint32_t i = 0; i < nf && !w->format; i++)
      if (fmts[i].format == want && fmts[i].colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR)
         w->format = want;
   if (!w->format) {
      why = "the surface has no B8G8R8A8 format";
      goto fail;
   }
   VkSurfaceCapabilitiesKHR caps;
   if (vkGetPhysicalDeviceSurfaceCapabilitiesKHR(scr->phys, w->surface, &caps) != VK_SUCCESS ||
       !(caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_DST_BIT)) {
      why = "the surface's images cannot be blitted into";
      goto fail;
   }
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   if (vkCreateFence(scr->dev, &fci, NULL, &w->acquire) != VK_SUCCESS) {
      why = "vkCreateFence failed";
      goto fail;
   }
   if (!chain_make(scr, w, color->width, color->height)) {
      why = "no swapchain";
      goto fail;
   }
   return w;
fail:
   if (why)
      MGU_DECLINE(present_wsi_unavailable, "window 0x%x on \"%s\": %s", a->window, display, why);
   window_destroy(scr, w);
   return NULL;
}

void
vkb_surface_bind_window(void *self, const struct mgp_surface_bind_window *args, const void *tail,
                        uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   uint32_t answer = 0;
   char display[sizeof(args->display)];
   if (!memchr(args->display, 0, sizeof(args->display))) {
      MGU_DECLINE(present_wsi_unavailable, "a display name without its end");
      goto reply;
   }
   memcpy(display, args->display, sizeof(display));
   if (scr->failed)
      goto reply;
   if (scr->env.remote) {
      if (args->kind != MGP_WINDOW_KIND_NONE)
         MGU_DECLINE(present_wsi_unavailable, "a session over the network names a window");
      goto reply;
   }
   if (!scr->has_wsi) {
      if (args->kind != MGP_WINDOW_KIND_NONE)
         MGU_DECLINE(present_wsi_unavailable, "the device has no VK_KHR_xcb_surface and "
                                              "VK_KHR_swapchain");
      goto reply;
   }
   if (!scr->wsi && !(scr->wsi = calloc(1, sizeof(*scr->wsi)))) {
      MGU_DECLINE(present_wsi_unavailable, "no memory");
      goto reply;
   }
   int slot;
   struct vkb_wsi_window *w = window_find(scr->wsi, args->window, display, &slot);
   if (args->kind == MGP_WINDOW_KIND_NONE) {
      if (w) {
         window_destroy(scr, w);
         scr->wsi->win[slot] = NULL;
      }
      goto reply;
   }
   if (scr->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU &&
       !(args->flags & MGP_BIND_WINDOW_FORCE)) {
      /* Measured (docs/BENCHMARKS.md): a CPU device's WSI puts every frame through the X
       * socket, several times slower than the client's MIT-SHM copy. */
      MGU_DECLINE(present_wsi_unavailable, "a CPU device: the copy path is faster "
                                           "(MGL_PRESENT=wsi forces WSI)");
      goto reply;
   }
   if (args->kind != MGP_WINDOW_KIND_X11) {
      MGU_DECLINE(present_wsi_unavailable, "window kind %u", args->kind);
      goto reply;
   }
   struct vkb_resource *color =
      vkb_lookup(scr, &scr->resources, args->color, "surface_bind_window");
   if (!color)
      goto reply;
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(scr->phys, color->fmt->vk, &fp);
   if (color->is_buffer || color->samples != VK_SAMPLE_COUNT_1_BIT ||
       !(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_SRC_BIT)) {
      MGU_DECLINE(present_wsi_unavailable, "a colour buffer the server cannot blit from");
      goto reply;
   }
   if (w && w->lost)
      goto reply;
   if (!w) {
      if (slot < 0) {
         MGU_DECLINE(present_wsi_unavailable, "more than %d windows", VKB_WSI_MAX_WINDOWS);
         goto reply;
      }
      if (!(w = window_create(scr, args, display, color)))
         goto reply;
      scr->wsi->win[slot] = w;
   } else if (w->interval != (args->interval ? 1u : 0u)) {
      w->interval = args->interval ? 1 : 0;
      w->stale = true;
   }
   w->color = args->color;
   answer = 1;
reply:
   if (args->out.ptr && args->out.size >= sizeof(answer))
      memcpy(args->out.ptr, &answer, sizeof(answer));
}

static void
image_barrier(VkCommandBuffer cmd, VkImage img, VkImageLayout from, VkImageLayout to,
              VkAccessFlags src, VkAccessFlags dst)
{
   VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = src,
      .dstAccessMask = dst,
      .oldLayout = from,
      .newLayout = to,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = img,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, 0, 0,
                        NULL, 0, NULL, 1, &b);
}

uint64_t
vkb_wsi_present(struct vkb_screen *scr, struct vkb_resource *color)
{
   struct vkb_wsi *wsi = scr->wsi;
   if (!wsi || !color || color->is_buffer)
      return 0;
   struct vkb_wsi_window *w = NULL;
   for (int i = 0; i < VKB_WSI_MAX_WINDOWS && !w; i++)
      if (wsi->win[i] && !wsi->win[i]->lost &&
          !memcmp(&wsi->win[i]->color, &color->base.h, sizeof(struct mgp_handle)))
         w = wsi->win[i];
   if (!w)
      return 0;
   if (w->stale && !chain_make(scr, w, color->width, color->height))
      return 0;
   uint32_t idx = 0;
   VkResult r = VK_SUCCESS;
   for (int attempt = 0; attempt < 2; attempt++) {
      /* Bounded: a window that went away must not hold the session. */
      r =
         vkAcquireNextImageKHR(scr->dev, w->chain, 2000000000ull, VK_NULL_HANDLE, w->acquire, &idx);
      if (r != VK_ERROR_OUT_OF_DATE_KHR)
         break;
      if (!chain_make(scr, w, color->width, color->height))
         return 0;
   }
   if (r == VK_SUBOPTIMAL_KHR) {
      w->stale = true;
   } else if (r != VK_SUCCESS) {
      lost(w, "vkAcquireNextImageKHR", r);
      return 0;
   }
   r = vkWaitForFences(scr->dev, 1, &w->acquire, VK_TRUE, 2000000000ull);
   vkResetFences(scr->dev, 1, &w->acquire);
   if (r != VK_SUCCESS) {
      lost(w, "the acquired image never became ready", r);
      return 0;
   }

   vkb_end_rendering(scr);
   vkb_image_transition(scr, color, 0, 1, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false);
   VkCommandBuffer cmd = vkb_cmd(scr);
   if (!cmd)
      return 0;
   VkImage img = w->images[idx];
   image_barrier(cmd, img, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
                 VK_ACCESS_TRANSFER_WRITE_BIT);
   const int32_t cw = (int32_t)color->width, ch = (int32_t)color->height;
   const int32_t iw = (int32_t)w->extent.width, ih = (int32_t)w->extent.height;
   const int32_t bw = cw < iw ? cw : iw, bh = ch < ih ? ch : ih;
   if (bw < iw || bh < ih) {
      /* The window grew past the frame: the rest of the image is black, not stale. */
      VkClearColorValue black = {{0, 0, 0, 1}};
      VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
      vkCmdClearColorImage(cmd, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &black, 1, &range);
      image_barrier(cmd, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_ACCESS_TRANSFER_WRITE_BIT);
   }
   /* GL's bottom row (y = 0) goes to the image's top: the window's top-left shows the frame's
    * top-left, as the copy path puts it. */
   VkImageBlit blit = {
      .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .srcOffsets = {{0, ch - bh, 0}, {bw, ch, 1}},
      .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .dstOffsets = {{0, bh, 0}, {bw, 0, 1}},
   };
   vkCmdBlitImage(cmd, color->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, img,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_NEAREST);
   image_barrier(cmd, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
                 VK_ACCESS_TRANSFER_WRITE_BIT, 0);
   const uint64_t serial = vkb_submit(scr);
   if (!serial || vkb_wait_serial(scr, serial, UINT64_MAX, true) != VK_SUCCESS)
      return serial;
   VkPresentInfoKHR pi = {
      .sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
      .swapchainCount = 1,
      .pSwapchains = &w->chain,
      .pImageIndices = &idx,
   };
   r = vkQueuePresentKHR(scr->queue, &pi);
   if (r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR)
      w->stale = true;
   else if (r != VK_SUCCESS)
      lost(w, "vkQueuePresentKHR", r);
   /* On the X server before the swap returns (another connection may read the window next). */
   free(xcb_get_input_focus_reply(w->conn, xcb_get_input_focus(w->conn), NULL));
   wsi->frames++;
   return serial;
}
