/* vkb_screen.c — the Vulkan backend's screen: instance, device, validation messenger, caps
 * and the exported struct mgs_backend. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "pipe_codec.h"
#include "spv.h"
#include "vkb.h"

/* ---- validation messenger ------------------------------------------------------------------ */

static VKAPI_ATTR VkBool32 VKAPI_CALL
debug_cb(VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT types,
         const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   struct vkb_screen *scr = user;
   (void)types;
   const char *msg = data && data->pMessage ? data->pMessage : "(no message)";
   if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
      scr->stats.validation_errors++;
      mgu_error("vulkan validation error: %s", msg);
   } else if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
      scr->stats.validation_warnings++;
      mgu_warn("vulkan validation warning: %s", msg);
   } else {
      mgu_debug("vulkan validation: %s", msg);
   }
   return VK_FALSE;
}

static bool
has_layer(const char *name)
{
   uint32_t n = 0;
   vkEnumerateInstanceLayerProperties(&n, NULL);
   VkLayerProperties *p = calloc(n ? n : 1, sizeof(*p));
   if (!p)
      return false;
   vkEnumerateInstanceLayerProperties(&n, p);
   bool found = false;
   for (uint32_t i = 0; i < n; i++)
      found |= !strcmp(p[i].layerName, name);
   free(p);
   return found;
}

static bool
has_instance_ext(const char *layer, const char *name)
{
   uint32_t n = 0;
   vkEnumerateInstanceExtensionProperties(layer, &n, NULL);
   VkExtensionProperties *p = calloc(n ? n : 1, sizeof(*p));
   if (!p)
      return false;
   vkEnumerateInstanceExtensionProperties(layer, &n, p);
   bool found = false;
   for (uint32_t i = 0; i < n; i++)
      found |= !strcmp(p[i].extensionName, name);
   free(p);
   return found;
}

struct dev_exts {
   VkExtensionProperties *p;
   uint32_t n;
};

static bool
dev_has(const struct dev_exts *e, const char *name)
{
   for (uint32_t i = 0; i < e->n; i++)
      if (!strcmp(e->p[i].extensionName, name))
         return true;
   return false;
}

/* The sample counts at which every sample of a pixel can sit at its centre, with the
 * locations baked into pipelines (VK_EXT_sample_locations): the count must be in
 * sampleLocationSampleCounts with a location grid (1x1 divides any), and (0.5, 0.5) inside
 * the coordinate range. Only with variableSampleLocations: without it a pipeline's custom
 * locations must match ones given at vkCmdBeginRenderPass (VUID-vkCmdBindPipeline-
 * variableSampleLocations-01525), which dynamic rendering cannot give, and a render pass
 * instance could not mix draws with GL_MULTISAMPLE on and off. */
static VkSampleCountFlags
centre_sample_counts(const struct vkb_screen *scr)
{
   VkPhysicalDeviceSampleLocationsPropertiesEXT slp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SAMPLE_LOCATIONS_PROPERTIES_EXT};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &slp};
   vkGetPhysicalDeviceProperties2(scr->phys, &p2);
   const PFN_vkGetPhysicalDeviceMultisamplePropertiesEXT ms_props =
      (PFN_vkGetPhysicalDeviceMultisamplePropertiesEXT)vkGetInstanceProcAddr(
         scr->instance, "vkGetPhysicalDeviceMultisamplePropertiesEXT");
   mgu_info("vulkan: VK_EXT_sample_locations: counts 0x%x, variable %u, range [%g, %g]",
            (unsigned)slp.sampleLocationSampleCounts, (unsigned)slp.variableSampleLocations,
            (double)slp.sampleLocationCoordinateRange[0],
            (double)slp.sampleLocationCoordinateRange[1]);
   if (!ms_props || !slp.variableSampleLocations || slp.sampleLocationCoordinateRange[0] > 0.5f ||
       slp.sampleLocationCoordinateRange[1] < 0.5f)
      return 0;
   VkSampleCountFlags out = 0;
   for (uint32_t c = 2; c <= 64; c <<= 1) {
      if (!(slp.sampleLocationSampleCounts & c))
         continue;
      VkMultisamplePropertiesEXT mp = {.sType = VK_STRUCTURE_TYPE_MULTISAMPLE_PROPERTIES_EXT};
      ms_props(scr->phys, (VkSampleCountFlagBits)c, &mp);
      if (mp.maxSampleLocationGridSize.width && mp.maxSampleLocationGridSize.height)
         out |= c;
   }
   return out;
}

static bool
dev_exts_get(VkPhysicalDevice pd, struct dev_exts *e)
{
   e->n = 0;
   vkEnumerateDeviceExtensionProperties(pd, NULL, &e->n, NULL);
   e->p = calloc(e->n ? e->n : 1, sizeof(*e->p));
   if (!e->p)
      return false;
   vkEnumerateDeviceExtensionProperties(pd, NULL, &e->n, e->p);
   return true;
}

/* ---- device ------------------------------------------------------------------------------ */

static int
device_score(VkPhysicalDevice pd, const char **why)
{
   VkPhysicalDeviceProperties p;
   vkGetPhysicalDeviceProperties(pd, &p);
   if (p.apiVersion < VK_API_VERSION_1_1) {
      *why = "device is older than Vulkan 1.1";
      return -1;
   }
   uint32_t nq = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(pd, &nq, NULL);
   VkQueueFamilyProperties q[16];
   if (nq > 16)
      nq = 16;
   vkGetPhysicalDeviceQueueFamilyProperties(pd, &nq, q);
   bool gfx = false;
   for (uint32_t i = 0; i < nq; i++)
      gfx |= (q[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) != 0;
   if (!gfx) {
      *why = "device has no graphics queue";
      return -1;
   }
   if (p.apiVersion < VK_API_VERSION_1_3) {
      struct dev_exts e;
      if (!dev_exts_get(pd, &e))
         return -1;
      bool ok = dev_has(&e, VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME);
      if (p.apiVersion < VK_API_VERSION_1_2)
         ok = ok && dev_has(&e, VK_KHR_DEPTH_STENCIL_RESOLVE_EXTENSION_NAME) &&
              dev_has(&e, VK_KHR_CREATE_RENDERPASS_2_EXTENSION_NAME);
      free(e.p);
      if (!ok) {
         *why = "device lacks VK_KHR_dynamic_rendering (required)";
         return -1;
      }
   }
   switch (p.deviceType) {
   case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 4;
   case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 3;
   case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
   case VK_PHYSICAL_DEVICE_TYPE_CPU: return 1;
   default: return 0;
   }
}

/* The loader unloads a driver with the last instance that used it, and a driver may keep
 * process-wide state that its unload does not return (lavapipe leaves a 10 MiB executable
 * mapping behind each time), so a process that runs sessions one after another (mgl-server
 * --listen) would grow by that per session. One bare instance kept for the life of the process
 * keeps the drivers loaded: loaded once, that state is made once. */
static VkInstance pinned_instance;

static void
pin_drivers_once(void)
{
   VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
   if (vkCreateInstance(&ici, NULL, &pinned_instance) != VK_SUCCESS)
      pinned_instance = VK_NULL_HANDLE; /* only the growth comes back: nothing else needs it */
}

static void
pin_drivers(void)
{
   static pthread_once_t once = PTHREAD_ONCE_INIT;
   pthread_once(&once, pin_drivers_once);
}

static bool
create_instance(struct vkb_screen *scr, char *why, size_t why_size)
{
   uint32_t loader = VK_API_VERSION_1_0;
   vkEnumerateInstanceVersion(&loader);
   if (loader < VK_API_VERSION_1_1) {
      snprintf(why, why_size, "the Vulkan loader is older than 1.1");
      return false;
   }
   const char *layers[1];
   uint32_t nlayers = 0;
   const char *exts[4];
   uint32_t nexts = 0;
   bool debug_utils = false;
   /* Window presentation by the server (vkb_wsi.c); without it, clients copy frames back. */
   const bool wsi = has_instance_ext(NULL, VK_KHR_SURFACE_EXTENSION_NAME) &&
                    has_instance_ext(NULL, "VK_KHR_xcb_surface");
   if (wsi) {
      exts[nexts++] = VK_KHR_SURFACE_EXTENSION_NAME;
      exts[nexts++] = "VK_KHR_xcb_surface";
   }
   if (scr->env.validation) {
      if (has_layer("VK_LAYER_KHRONOS_validation")) {
         layers[nlayers++] = "VK_LAYER_KHRONOS_validation";
         scr->validation_active = true;
      } else {
         mgu_warn("vulkan: MGL_VK_VALIDATION=1 but VK_LAYER_KHRONOS_validation is not installed");
      }
      if (has_instance_ext(NULL, VK_EXT_DEBUG_UTILS_EXTENSION_NAME) ||
          (nlayers && has_instance_ext(layers[0], VK_EXT_DEBUG_UTILS_EXTENSION_NAME))) {
         exts[nexts++] = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
         debug_utils = true;
      } else {
         scr->validation_active = false;
      }
   }
   VkDebugUtilsMessengerCreateInfoEXT dbg = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
      .pfnUserCallback = debug_cb,
      .pUserData = scr,
   };
   VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "mgl",
      .pEngineName = "mgl",
      .apiVersion = loader >= VK_API_VERSION_1_3 ? VK_API_VERSION_1_3 : loader,
   };
   VkInstanceCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pNext = debug_utils ? &dbg : NULL,
      .pApplicationInfo = &app,
      .enabledLayerCount = nlayers,
      .ppEnabledLayerNames = layers,
      .enabledExtensionCount = nexts,
      .ppEnabledExtensionNames = exts,
   };
   pin_drivers();
   VkResult r = vkCreateInstance(&ici, NULL, &scr->instance);
   scr->has_wsi = wsi && r == VK_SUCCESS; /* until the device says it has no swapchain */
   if (r != VK_SUCCESS) {
      snprintf(why, why_size, "vkCreateInstance failed (VkResult %d)", (int)r);
      return false;
   }
   if (debug_utils) {
      PFN_vkCreateDebugUtilsMessengerEXT create =
         (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
            scr->instance, "vkCreateDebugUtilsMessengerEXT");
      if (!create || create(scr->instance, &dbg, NULL, &scr->messenger) != VK_SUCCESS) {
         mgu_warn("vulkan: could not create the debug messenger");
         scr->validation_active = false;
      }
   }
   return true;
}

/* The best-scoring physical device, its properties and memory types. */
static bool
pick_physical_device(struct vkb_screen *scr, char *why, size_t why_size)
{
   uint32_t n = 0;
   vkEnumeratePhysicalDevices(scr->instance, &n, NULL);
   if (!n) {
      snprintf(why, why_size, "no Vulkan physical device");
      return false;
   }
   VkPhysicalDevice pds[16];
   if (n > 16)
      n = 16;
   vkEnumeratePhysicalDevices(scr->instance, &n, pds);
   int best = -1;
   const char *reason = "no usable device";
   for (uint32_t i = 0; i < n; i++) {
      const char *r = NULL;
      int s = device_score(pds[i], &r);
      if (s < 0) {
         reason = r;
         continue;
      }
      if (best < 0 || s > device_score(pds[best], &r))
         best = (int)i;
   }
   if (best < 0) {
      snprintf(why, why_size, "no usable Vulkan device: %s", reason);
      return false;
   }
   scr->phys = pds[best];
   vkGetPhysicalDeviceProperties(scr->phys, &scr->props);
   /* test-only: a device whose pipeline layouts hold fewer uniform buffers and samplers; the
    * caps (GL's combined limits) and build_shader's checks both read these */
   const char *set_limit = getenv("MGL_TEST_VK_DESCRIPTOR_SET_LIMIT");
   if (set_limit && atoi(set_limit) > 0) {
      VkPhysicalDeviceLimits *l = &scr->props.limits;
      const uint32_t n = (uint32_t)atoi(set_limit);
      uint32_t *const cut[3] = {&l->maxDescriptorSetUniformBuffers, &l->maxDescriptorSetSamplers,
                                &l->maxDescriptorSetSampledImages};
      for (int k = 0; k < 3; k++)
         *cut[k] = *cut[k] < n ? *cut[k] : n;
   }
   vkGetPhysicalDeviceMemoryProperties(scr->phys, &scr->mem_props);
   scr->api_version = scr->props.apiVersion;
   return true;
}

static void
read_driver_strings(struct vkb_screen *scr, const struct dev_exts *e)
{
   const uint32_t api = scr->api_version;
   VkPhysicalDeviceDriverProperties drv = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
   if (api >= VK_API_VERSION_1_2 || dev_has(e, VK_KHR_DRIVER_PROPERTIES_EXTENSION_NAME))
      p2.pNext = &drv;
   vkGetPhysicalDeviceProperties2(scr->phys, &p2);
   vkb_quirks_init(scr, p2.pNext ? drv.driverID : (VkDriverId)0);
   if (p2.pNext) {
      snprintf(scr->driver_name, sizeof(scr->driver_name), "%.63s", drv.driverName);
      snprintf(scr->driver_info, sizeof(scr->driver_info), "%.127s", drv.driverInfo);
   } else {
      snprintf(scr->driver_name, sizeof(scr->driver_name), "vendor 0x%04x", scr->props.vendorID);
      snprintf(scr->driver_info, sizeof(scr->driver_info), "driver version 0x%08x",
               scr->props.driverVersion);
   }
}

/* The first queue family with graphics. */
static void
pick_queue_family(struct vkb_screen *scr)
{
   uint32_t nq = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(scr->phys, &nq, NULL);
   VkQueueFamilyProperties q[16];
   if (nq > 16)
      nq = 16;
   vkGetPhysicalDeviceQueueFamilyProperties(scr->phys, &nq, q);
   for (uint32_t i = 0; i < nq; i++) {
      if (q[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
         scr->queue_family = i;
         scr->timestamp_bits = q[i].timestampValidBits;
         /* test-only: a queue without timestamps (the timer-query decline) */
         const char *no_ts = getenv("MGL_TEST_VK_NO_TIMESTAMPS");
         if (no_ts && atoi(no_ts) > 0)
            scr->timestamp_bits = 0;
         break;
      }
   }
}

/* The optional features: queried (query_features), then chained again with only what GL needs
 * and the device has (chain_enabled_features), with the extensions that bring them. */
struct dev_features {
   const char *exts[35];
   uint32_t nexts;
   void *chain;
   VkPhysicalDeviceFeatures2 f2;
   VkPhysicalDeviceShaderDrawParametersFeatures dp;
   VkPhysicalDeviceDynamicRenderingFeatures dr;
   VkPhysicalDeviceIndexTypeUint8FeaturesEXT u8;
   VkPhysicalDeviceProvokingVertexFeaturesEXT pv;
   VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT div;
   VkPhysicalDeviceExtendedDynamicStateFeaturesEXT eds;
   VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT lr;
   VkPhysicalDeviceCustomBorderColorFeaturesEXT cbc;
   VkPhysicalDeviceBorderColorSwizzleFeaturesEXT bcs;
   bool has_bcs;
   VkPhysicalDeviceMultiDrawFeaturesEXT md;
   VkPhysicalDeviceTransformFeedbackFeaturesEXT tf;
   VkPhysicalDevicePrimitivesGeneratedQueryFeaturesEXT pgq;
   VkPhysicalDeviceConditionalRenderingFeaturesEXT crf;
   VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3;
   VkPhysicalDeviceLineRasterizationFeaturesEXT lrf;
   VkPhysicalDeviceVulkan12Features v12; /* drawIndirectCount only (Vulkan 1.2) */
   VkPhysicalDeviceShaderClockFeaturesKHR clk;
   bool has_clk;
   VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT nsc;
   bool has_nsc;
   VkPhysicalDeviceAttachmentFeedbackLoopLayoutFeaturesEXT afl;
   bool has_afl;
   VkPhysicalDeviceImage2DViewOf3DFeaturesEXT v3d;
   bool has_v3d;
   VkPhysicalDeviceRobustness2FeaturesEXT r2;
   bool has_r2;
   VkPhysicalDeviceMaintenance5FeaturesKHR m5;
   bool has_m5;
   bool has_u8, has_pv, has_div, has_eds, has_lr, has_cbc, has_md, has_tf, has_pgq, has_cr,
      has_eds3, has_lrf, want_eds, has_v12;
};

#define CHAIN(s) ((s).pNext = f->chain, f->chain = &(s))

static bool
query_features(struct vkb_screen *scr, const struct dev_exts *e, struct dev_features *f, char *why,
               size_t why_size)
{
   const uint32_t api = scr->api_version;
   f->dp = (VkPhysicalDeviceShaderDrawParametersFeatures){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES};
   CHAIN(f->dp);
   f->dr = (VkPhysicalDeviceDynamicRenderingFeatures){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES};
   CHAIN(f->dr);
   f->u8 = (VkPhysicalDeviceIndexTypeUint8FeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT};
   f->has_u8 = dev_has(e, VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME);
   if (f->has_u8)
      CHAIN(f->u8);
   f->pv = (VkPhysicalDeviceProvokingVertexFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT};
   f->has_pv = dev_has(e, VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME);
   if (f->has_pv)
      CHAIN(f->pv);
   f->div = (VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT};
   f->has_div = dev_has(e, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME);
   if (f->has_div)
      CHAIN(f->div);
   f->eds = (VkPhysicalDeviceExtendedDynamicStateFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT};
   f->has_eds =
      api < VK_API_VERSION_1_3 && dev_has(e, VK_EXT_EXTENDED_DYNAMIC_STATE_EXTENSION_NAME);
   if (f->has_eds)
      CHAIN(f->eds);
   f->lr = (VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT};
   const char *no_lr = getenv("MGL_TEST_VK_NO_LIST_RESTART"); /* test-only: the client cuts lists */
   f->has_lr = dev_has(e, VK_EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART_EXTENSION_NAME) &&
               !(no_lr && atoi(no_lr) > 0);
   if (f->has_lr)
      CHAIN(f->lr);
   f->cbc = (VkPhysicalDeviceCustomBorderColorFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
   const char *no_cbc = getenv("MGL_TEST_VK_NO_CUSTOM_BORDER"); /* test-only: the decline */
   f->has_cbc =
      dev_has(e, VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME) && !(no_cbc && atoi(no_cbc) > 0);
   if (f->has_cbc)
      CHAIN(f->cbc);
   f->bcs = (VkPhysicalDeviceBorderColorSwizzleFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BORDER_COLOR_SWIZZLE_FEATURES_EXT};
   f->has_bcs = f->has_cbc && dev_has(e, VK_EXT_BORDER_COLOR_SWIZZLE_EXTENSION_NAME);
   if (f->has_bcs)
      CHAIN(f->bcs);
   f->clk = (VkPhysicalDeviceShaderClockFeaturesKHR){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CLOCK_FEATURES_KHR};
   const char *no_clk = getenv("MGL_TEST_VK_NO_SHADER_CLOCK"); /* test-only: the deny */
   f->has_clk = dev_has(e, VK_KHR_SHADER_CLOCK_EXTENSION_NAME) && !(no_clk && atoi(no_clk) > 0);
   if (f->has_clk)
      CHAIN(f->clk);
   f->nsc = (VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT};
   const char *no_nsc = getenv("MGL_TEST_VK_NO_NON_SEAMLESS"); /* test-only: always seamless */
   f->has_nsc =
      dev_has(e, VK_EXT_NON_SEAMLESS_CUBE_MAP_EXTENSION_NAME) && !(no_nsc && atoi(no_nsc) > 0);
   if (f->has_nsc)
      CHAIN(f->nsc);
   f->md = (VkPhysicalDeviceMultiDrawFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_FEATURES_EXT};
   const char *no_md = getenv("MGL_TEST_VK_NO_MULTI_DRAW"); /* test-only: a command a draw */
   f->has_md = dev_has(e, VK_EXT_MULTI_DRAW_EXTENSION_NAME) && !(no_md && atoi(no_md) > 0);
   if (f->has_md)
      CHAIN(f->md);
   f->tf = (VkPhysicalDeviceTransformFeedbackFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
   const char *no_tf = getenv("MGL_TEST_VK_NO_XFB"); /* test-only: the decline */
   f->has_tf = dev_has(e, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME) && !(no_tf && atoi(no_tf) > 0);
   if (f->has_tf)
      CHAIN(f->tf);
   f->pgq = (VkPhysicalDevicePrimitivesGeneratedQueryFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVES_GENERATED_QUERY_FEATURES_EXT};
   f->has_pgq = f->has_tf && dev_has(e, VK_EXT_PRIMITIVES_GENERATED_QUERY_EXTENSION_NAME);
   if (f->has_pgq)
      CHAIN(f->pgq);
   f->crf = (VkPhysicalDeviceConditionalRenderingFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT};
   /* test-only: the server-wait fallback of conditional rendering */
   const char *no_cr = getenv("MGL_TEST_VK_NO_CONDITIONAL_RENDERING");
   f->has_cr =
      dev_has(e, VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME) && !(no_cr && atoi(no_cr) > 0);
   if (f->has_cr)
      CHAIN(f->crf);
   f->eds3 = (VkPhysicalDeviceExtendedDynamicState3FeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
   const char *no_eds = getenv("MGL_TEST_VK_NO_EDS"); /* test-only: render state in pipelines */
   f->want_eds = !(no_eds && atoi(no_eds) > 0);
   f->has_eds3 = f->want_eds && dev_has(e, VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME);
   if (f->has_eds3)
      CHAIN(f->eds3);
   f->lrf = (VkPhysicalDeviceLineRasterizationFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT};
   const char *no_sl = getenv("MGL_TEST_VK_NO_SMOOTH_LINES"); /* test-only: the decline */
   f->has_lrf = dev_has(e, VK_EXT_LINE_RASTERIZATION_EXTENSION_NAME) && !(no_sl && atoi(no_sl) > 0);
   if (f->has_lrf)
      CHAIN(f->lrf);
   /* GL_ARB_indirect_parameters: the draw count read from a buffer (vkb_draw.c) */
   f->v12 = (VkPhysicalDeviceVulkan12Features){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   const char *no_dic = getenv("MGL_TEST_VK_NO_DRAW_INDIRECT_COUNT"); /* test-only: no cap */
   f->has_v12 = api >= VK_API_VERSION_1_2 && !(no_dic && atoi(no_dic) > 0);
   if (f->has_v12)
      CHAIN(f->v12);
   /* GL_ARB_texture_barrier: a level sampled while attached (vkb_draw_descriptors.c) */
   f->afl = (VkPhysicalDeviceAttachmentFeedbackLoopLayoutFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ATTACHMENT_FEEDBACK_LOOP_LAYOUT_FEATURES_EXT};
   const char *no_afl = getenv("MGL_TEST_VK_NO_FEEDBACK_LOOP"); /* test-only: the decline */
   f->has_afl = dev_has(e, VK_EXT_ATTACHMENT_FEEDBACK_LOOP_LAYOUT_EXTENSION_NAME) &&
                !(no_afl && atoi(no_afl) > 0);
   if (f->has_afl)
      CHAIN(f->afl);
   /* GL 4.2 8.26: one slice of a 3D texture in an image unit is a 2D image (vkb_images.c) */
   f->v3d = (VkPhysicalDeviceImage2DViewOf3DFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_2D_VIEW_OF_3D_FEATURES_EXT};
   const char *no_v3d = getenv("MGL_TEST_VK_NO_2D_VIEW_OF_3D"); /* test-only: the decline */
   f->m5 = (VkPhysicalDeviceMaintenance5FeaturesKHR){
      .sType = VKB_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR};
   const char *no_m5 = getenv("MGL_TEST_VK_NO_MAINTENANCE5"); /* test-only: the decline */
   f->has_m5 = api >= VK_API_VERSION_1_3 && dev_has(e, VK_KHR_MAINTENANCE_5_EXTENSION_NAME) &&
               !(no_m5 && atoi(no_m5) > 0);
   if (f->has_m5)
      CHAIN(f->m5);
   f->has_v3d = api >= VK_API_VERSION_1_1 &&
                dev_has(e, VK_EXT_IMAGE_2D_VIEW_OF_3D_EXTENSION_NAME) &&
                !(no_v3d && atoi(no_v3d) > 0);
   if (f->has_v3d)
      CHAIN(f->v3d);
   /* robustBufferAccess2: the index reads of indirect indexed draws bounded (vkb_draw.c) */
   f->r2 = (VkPhysicalDeviceRobustness2FeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
   const char *no_r2 = getenv("MGL_TEST_VK_NO_ROBUSTNESS2"); /* test-only: the decline */
   f->has_r2 = api >= VK_API_VERSION_1_1 && dev_has(e, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME) &&
               !(no_r2 && atoi(no_r2) > 0);
   if (f->has_r2)
      CHAIN(f->r2);
   f->f2 = (VkPhysicalDeviceFeatures2){.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                       .pNext = f->chain};
   vkGetPhysicalDeviceFeatures2(scr->phys, &f->f2);
   if (!f->dr.dynamicRendering) {
      snprintf(why, why_size, "device does not support dynamicRendering (required)");
      return false;
   }
   return true;
}

static void
chain_enabled_features(struct vkb_screen *scr, const struct dev_exts *e, struct dev_features *f)
{
   const uint32_t api = scr->api_version;
   /* Rebuild the chain with only what is enabled. */
   f->chain = NULL;
   f->dp.shaderDrawParameters = f->dp.shaderDrawParameters ? VK_TRUE : VK_FALSE;
   CHAIN(f->dp);
   f->dr.dynamicRendering = VK_TRUE;
   CHAIN(f->dr);
   if (api < VK_API_VERSION_1_3) {
      f->exts[f->nexts++] = VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME;
      if (api < VK_API_VERSION_1_2) {
         f->exts[f->nexts++] = VK_KHR_DEPTH_STENCIL_RESOLVE_EXTENSION_NAME;
         f->exts[f->nexts++] = VK_KHR_CREATE_RENDERPASS_2_EXTENSION_NAME;
      }
   }
   if (f->has_u8 && f->u8.indexTypeUint8) {
      f->exts[f->nexts++] = VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME;
      f->u8 = (VkPhysicalDeviceIndexTypeUint8FeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT,
         .indexTypeUint8 = VK_TRUE};
      CHAIN(f->u8);
      scr->has_index_uint8 = true;
   }
   if (f->has_pv && f->pv.provokingVertexLast) {
      f->exts[f->nexts++] = VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME;
      f->pv = (VkPhysicalDeviceProvokingVertexFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT,
         .provokingVertexLast = VK_TRUE};
      CHAIN(f->pv);
      scr->has_provoking_vertex = true;
   }
   if (f->has_div && f->div.vertexAttributeInstanceRateDivisor) {
      f->exts[f->nexts++] = VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME;
      f->div = (VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT,
         .vertexAttributeInstanceRateDivisor = VK_TRUE};
      CHAIN(f->div);
      scr->has_divisor = true;
   }
   if (api >= VK_API_VERSION_1_3) {
      scr->has_dynamic_topology = true;
   } else if (f->has_eds && f->eds.extendedDynamicState) {
      f->exts[f->nexts++] = VK_EXT_EXTENDED_DYNAMIC_STATE_EXTENSION_NAME;
      f->eds = (VkPhysicalDeviceExtendedDynamicStateFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT,
         .extendedDynamicState = VK_TRUE};
      CHAIN(f->eds);
      scr->has_dynamic_topology = true;
   }
   /* Vulkan 1.3 has extended dynamic state 1 and 2 as core commands, no feature to enable. */
   scr->has_dyn_rs = f->want_eds && api >= VK_API_VERSION_1_3;
   /* Dynamic blend only with dynamic rasterizer discard (vkb_dynstate.c says why). */
   if (f->has_eds3 && scr->has_dyn_rs && f->eds3.extendedDynamicState3ColorBlendEnable &&
       f->eds3.extendedDynamicState3ColorBlendEquation &&
       f->eds3.extendedDynamicState3ColorWriteMask) {
      f->exts[f->nexts++] = VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME;
      f->eds3 = (VkPhysicalDeviceExtendedDynamicState3FeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
         .extendedDynamicState3ColorBlendEnable = VK_TRUE,
         .extendedDynamicState3ColorBlendEquation = VK_TRUE,
         .extendedDynamicState3ColorWriteMask = VK_TRUE};
      CHAIN(f->eds3);
      scr->has_dyn_blend = true;
   }
   if (f->has_lr && f->lr.primitiveTopologyListRestart) {
      f->exts[f->nexts++] = VK_EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART_EXTENSION_NAME;
      f->lr = (VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT,
         .primitiveTopologyListRestart = VK_TRUE};
      CHAIN(f->lr);
      scr->has_list_restart = true;
   }
   /* GL border colours need no texture format (samplers are apart from textures in GL). */
   if (f->has_cbc && f->cbc.customBorderColors && f->cbc.customBorderColorWithoutFormat) {
      f->exts[f->nexts++] = VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME;
      f->cbc = (VkPhysicalDeviceCustomBorderColorFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT,
         .customBorderColors = VK_TRUE,
         .customBorderColorWithoutFormat = VK_TRUE};
      CHAIN(f->cbc);
      scr->has_custom_border = true;
      VkPhysicalDeviceCustomBorderColorPropertiesEXT cbp = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_PROPERTIES_EXT};
      VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                        .pNext = &cbp};
      vkGetPhysicalDeviceProperties2(scr->phys, &p2);
      scr->max_custom_border_samplers = cbp.maxCustomBorderColorSamplers;
      /* GL swizzles the border colour with the texture (a swizzle, or a format's own such as
       * GL_LUMINANCE's); Vulkan defines a custom or opaque black border under a non-identity
       * view only with borderColorSwizzle: from the view where the device says so
       * (borderColorSwizzleFromImage: lavapipe), else from the mapping the sampler carries
       * (NVIDIA's driver), so a sampler gets one per mapping it is drawn with
       * (vkb_sampler_for_view). MGL_TEST_VK_BORDER_SWIZZLE_FROM_IMAGE=0 takes the second road
       * on a device that offers the first (test-only). */
      if (f->has_bcs && f->bcs.borderColorSwizzle) {
         const char *from = getenv("MGL_TEST_VK_BORDER_SWIZZLE_FROM_IMAGE");
         const bool from_image =
            f->bcs.borderColorSwizzleFromImage && !(from && !strcmp(from, "0"));
         f->exts[f->nexts++] = VK_EXT_BORDER_COLOR_SWIZZLE_EXTENSION_NAME;
         f->bcs = (VkPhysicalDeviceBorderColorSwizzleFeaturesEXT){
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BORDER_COLOR_SWIZZLE_FEATURES_EXT,
            .borderColorSwizzle = VK_TRUE,
            .borderColorSwizzleFromImage = from_image ? VK_TRUE : VK_FALSE};
         CHAIN(f->bcs);
         scr->border_swizzle =
            from_image ? VKB_BORDER_SWIZZLE_FROM_IMAGE : VKB_BORDER_SWIZZLE_MAPPING;
      }
      mgu_info("vulkan: border colour swizzle %s",
               scr->border_swizzle == VKB_BORDER_SWIZZLE_FROM_IMAGE ? "from the view"
               : scr->border_swizzle == VKB_BORDER_SWIZZLE_MAPPING
                  ? "by the sampler's mapping"
                  : "undefined (no VK_EXT_border_color_swizzle)");
   }
   if (f->has_afl && f->afl.attachmentFeedbackLoopLayout) {
      f->exts[f->nexts++] = VK_EXT_ATTACHMENT_FEEDBACK_LOOP_LAYOUT_EXTENSION_NAME;
      f->afl = (VkPhysicalDeviceAttachmentFeedbackLoopLayoutFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ATTACHMENT_FEEDBACK_LOOP_LAYOUT_FEATURES_EXT,
         .attachmentFeedbackLoopLayout = VK_TRUE};
      CHAIN(f->afl);
      scr->has_feedback_loop = true;
   }
   /* a points geometry stage may then leave gl_PointSize unwritten (vkb_gs_point_size_optional)
    * where the device writes sizes past the vertex stage (1.3: the extension's dynamic
    * rendering and the rest it requires are core) */
   if (f->has_m5 && f->m5.maintenance5) {
      f->exts[f->nexts++] = VK_KHR_MAINTENANCE_5_EXTENSION_NAME;
      f->m5 = (VkPhysicalDeviceMaintenance5FeaturesKHR){
         .sType = VKB_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR,
         .maintenance5 = VK_TRUE};
      CHAIN(f->m5);
      scr->has_maintenance5 = true;
   }
   mgu_info("vulkan: VK_KHR_maintenance5 %s", scr->has_maintenance5 ? "enabled" : "absent");
   if (f->has_v3d && f->v3d.image2DViewOf3D) {
      f->exts[f->nexts++] = VK_EXT_IMAGE_2D_VIEW_OF_3D_EXTENSION_NAME;
      f->v3d = (VkPhysicalDeviceImage2DViewOf3DFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_2D_VIEW_OF_3D_FEATURES_EXT,
         .image2DViewOf3D = VK_TRUE};
      CHAIN(f->v3d);
      scr->has_2d_view_of_3d = true;
   }
   /* The GPU reads indirect draws' counts from the client's buffers: robustBufferAccess bounds
    * their vertex fetches, robustBufferAccess2 their index reads too (without it a command
    * whose indices run past the index buffer is undefined: indexed indirect draws decline).
    * nullDescriptor: an image unit without a valid image binds no view, whose loads read 0
    * and whose stores are dropped, as GL 4.6 8.26 says of an invalid image access. */
   const bool rba2 = f->has_r2 && f->r2.robustBufferAccess2 && f->f2.features.robustBufferAccess;
   const bool null_desc = f->has_r2 && f->r2.nullDescriptor;
   if (rba2 || null_desc) {
      f->exts[f->nexts++] = VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
      f->r2 = (VkPhysicalDeviceRobustness2FeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
         .robustBufferAccess2 = rba2,
         .nullDescriptor = null_desc};
      CHAIN(f->r2);
      scr->has_robust_buffer2 = rba2;
      scr->has_null_desc = null_desc;
   }
   if (f->has_md && f->md.multiDraw) {
      f->exts[f->nexts++] = VK_EXT_MULTI_DRAW_EXTENSION_NAME;
      f->md = (VkPhysicalDeviceMultiDrawFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_FEATURES_EXT, .multiDraw = VK_TRUE};
      CHAIN(f->md);
      VkPhysicalDeviceMultiDrawPropertiesEXT mdp = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_PROPERTIES_EXT};
      VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                        .pNext = &mdp};
      vkGetPhysicalDeviceProperties2(scr->phys, &p2);
      scr->max_multi_draw = mdp.maxMultiDrawCount < VKB_MAX_QUEUED_DRAWS ? mdp.maxMultiDrawCount
                                                                         : VKB_MAX_QUEUED_DRAWS;
      scr->has_multi_draw = scr->max_multi_draw > 1;
   }
   if (f->has_tf && f->tf.transformFeedback) {
      /* GL's four separate buffers of up to 64 interleaved components (256 bytes a vertex). */
      VkPhysicalDeviceTransformFeedbackPropertiesEXT tfp = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT};
      VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                        .pNext = &tfp};
      vkGetPhysicalDeviceProperties2(scr->phys, &p2);
      if (tfp.maxTransformFeedbackBuffers >= 4 && tfp.maxTransformFeedbackBufferDataStride >= 256) {
         f->exts[f->nexts++] = VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME;
         /* GL 4.0's four vertex streams (MGP_CAP_VERTEX_STREAMS): geometryStreams over at
          * least four streams, whose queries need transformFeedbackQueries */
         const bool streams = f->tf.geometryStreams && tfp.maxTransformFeedbackStreams >= 4 &&
                              tfp.transformFeedbackQueries;
         mgu_log(MGU_LOG_INFO,
                 "vulkan: transform feedback: geometryStreams=%u maxTransformFeedbackStreams=%u "
                 "transformFeedbackQueries=%u transformFeedbackStreamsLinesTriangles=%u "
                 "transformFeedbackRasterizationStreamSelect=%u transformFeedbackDraw=%u",
                 f->tf.geometryStreams, tfp.maxTransformFeedbackStreams,
                 tfp.transformFeedbackQueries, tfp.transformFeedbackStreamsLinesTriangles,
                 tfp.transformFeedbackRasterizationStreamSelect, tfp.transformFeedbackDraw);
         f->tf = (VkPhysicalDeviceTransformFeedbackFeaturesEXT){
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
            .transformFeedback = VK_TRUE,
            .geometryStreams = streams ? VK_TRUE : VK_FALSE};
         CHAIN(f->tf);
         scr->has_xfb = true;
         scr->has_xfb_queries = tfp.transformFeedbackQueries;
         scr->has_xfb_draw = tfp.transformFeedbackDraw;
         scr->has_streams = streams;
      }
   }
   /* GL_PRIMITIVES_GENERATED counts with or without a capture, and under rasterizer discard. */
   if (f->has_pgq && scr->has_xfb_queries && f->pgq.primitivesGeneratedQuery &&
       f->pgq.primitivesGeneratedQueryWithRasterizerDiscard) {
      f->exts[f->nexts++] = VK_EXT_PRIMITIVES_GENERATED_QUERY_EXTENSION_NAME;
      /* GL_PRIMITIVES_GENERATED of streams past 0 (glBeginQueryIndexed) */
      const VkBool32 nonzero = f->pgq.primitivesGeneratedQueryWithNonZeroStreams;
      mgu_log(MGU_LOG_INFO, "vulkan: primitivesGeneratedQueryWithNonZeroStreams=%u", nonzero);
      scr->has_streams = scr->has_streams && nonzero;
      f->pgq = (VkPhysicalDevicePrimitivesGeneratedQueryFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVES_GENERATED_QUERY_FEATURES_EXT,
         .primitivesGeneratedQuery = VK_TRUE,
         .primitivesGeneratedQueryWithRasterizerDiscard = VK_TRUE,
         .primitivesGeneratedQueryWithNonZeroStreams = nonzero};
      CHAIN(f->pgq);
      scr->has_prim_queries = true;
   }
   if (f->has_cr && f->crf.conditionalRendering) {
      f->exts[f->nexts++] = VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME;
      f->crf = (VkPhysicalDeviceConditionalRenderingFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT,
         .conditionalRendering = VK_TRUE};
      CHAIN(f->crf);
      scr->has_cond_render = true;
   }
   /* GL_LINE_SMOOTH (GL 3.3 §3.5.2): coverage of the line's rectangle, into alpha. Aliased
    * lines (§3.5.1): the diamond-exit rule, which is Vulkan's Bresenham mode (the default mode
    * may draw the line's rectangle, two pixels in some columns where GL has one). */
   const char *no_br = getenv("MGL_TEST_VK_NO_BRESENHAM_LINES"); /* test-only: the decline */
   const bool bresenham = f->has_lrf && f->lrf.bresenhamLines && !(no_br && atoi(no_br) > 0);
   /* GL_LINE_STIPPLE (GL 2.1 §3.4.2): the stippled form of each mode the pipelines use */
   const char *no_st = getenv("MGL_TEST_VK_NO_LINE_STIPPLE"); /* test-only: the decline */
   const bool stipple = f->has_lrf && !(no_st && atoi(no_st) > 0);
   const bool st_bres = stipple && bresenham && f->lrf.stippledBresenhamLines;
   const bool st_rect = stipple && f->lrf.rectangularLines && f->lrf.stippledRectangularLines;
   const bool st_smooth = stipple && f->lrf.smoothLines && f->lrf.stippledSmoothLines;
   if (f->has_lrf && (f->lrf.smoothLines || bresenham || st_rect)) {
      const bool smooth = f->lrf.smoothLines;
      f->exts[f->nexts++] = VK_EXT_LINE_RASTERIZATION_EXTENSION_NAME;
      f->lrf = (VkPhysicalDeviceLineRasterizationFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT,
         .rectangularLines = st_rect,
         .smoothLines = smooth,
         .bresenhamLines = bresenham,
         .stippledRectangularLines = st_rect,
         .stippledBresenhamLines = st_bres,
         .stippledSmoothLines = st_smooth};
      CHAIN(f->lrf);
      scr->has_smooth_lines = smooth;
      scr->has_bresenham = bresenham;
      scr->stipple_modes = (st_bres ? VKB_STIPPLE_BRESENHAM : 0) |
                           (st_rect ? VKB_STIPPLE_RECTANGULAR : 0) |
                           (st_smooth ? VKB_STIPPLE_SMOOTH : 0);
   }
   if (scr->has_wsi && dev_has(e, VK_KHR_SWAPCHAIN_EXTENSION_NAME))
      f->exts[f->nexts++] = VK_KHR_SWAPCHAIN_EXTENSION_NAME;
   else
      scr->has_wsi = false;
   if (dev_has(e, VK_KHR_SAMPLER_MIRROR_CLAMP_TO_EDGE_EXTENSION_NAME)) {
      f->exts[f->nexts++] = VK_KHR_SAMPLER_MIRROR_CLAMP_TO_EDGE_EXTENSION_NAME;
      scr->has_mirror_clamp = true;
   }
   /* GL_ARB_shader_clock: glslang's clockARB / clock2x32ARB read the subgroup clock
    * (OpReadClockKHR, scope Subgroup), which shaderSubgroupClock brings */
   if (f->has_clk && f->clk.shaderSubgroupClock) {
      f->exts[f->nexts++] = VK_KHR_SHADER_CLOCK_EXTENSION_NAME;
      f->clk = (VkPhysicalDeviceShaderClockFeaturesKHR){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CLOCK_FEATURES_KHR,
         .shaderSubgroupClock = VK_TRUE};
      CHAIN(f->clk);
      scr->has_shader_clock = true;
   }
   /* GL_TEXTURE_CUBE_MAP_SEAMLESS off: a cube sampler filters within each face */
   if (f->has_nsc && f->nsc.nonSeamlessCubeMap) {
      f->exts[f->nexts++] = VK_EXT_NON_SEAMLESS_CUBE_MAP_EXTENSION_NAME;
      f->nsc = (VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT,
         .nonSeamlessCubeMap = VK_TRUE};
      CHAIN(f->nsc);
      scr->has_non_seamless = true;
   }
   /* GL_ARB_shader_viewport_layer_array: glslang writes SPV_EXT_shader_viewport_index_layer
    * (ShaderViewportIndexLayerEXT). Where Vulkan 1.2 promoted it, the 1.2 features name it too,
    * and both must be on when VkPhysicalDeviceVulkan12Features is chained below. */
   const char *no_lv = getenv("MGL_TEST_VK_NO_LAYER_VIEWPORT"); /* test-only: the deny */
   const bool layer_vp =
      dev_has(e, VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME) &&
      (!f->has_v12 || (f->v12.shaderOutputLayer && f->v12.shaderOutputViewportIndex)) &&
      !(no_lv && atoi(no_lv) > 0);
   if (layer_vp) {
      f->exts[f->nexts++] = VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME;
      scr->has_layer_viewport = true;
   }
   /* The count a GPU buffer holds is any u32 (GL's sizei): Vulkan wants it within
    * maxDrawIndirectCount, so only a device without that limit reads it (lavapipe, NVIDIA).
    * With VkPhysicalDeviceVulkan12Features chained, the 1.2 features of extensions enabled
    * above are named there too (VUID-VkDeviceCreateInfo-ppEnabledExtensionNames-02832). */
   if (f->has_v12 && f->v12.drawIndirectCount &&
       scr->props.limits.maxDrawIndirectCount == UINT32_MAX) {
      f->v12 = (VkPhysicalDeviceVulkan12Features){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
         .drawIndirectCount = VK_TRUE,
         .samplerMirrorClampToEdge = scr->has_mirror_clamp,
         .shaderOutputViewportIndex = layer_vp,
         .shaderOutputLayer = layer_vp};
      CHAIN(f->v12);
      scr->has_draw_indirect_count = true;
   }
   /* Buffer stores in the ring arms' heap are the client's pages, imported (vkb_resource.c). */
   if (api >= VK_API_VERSION_1_1 && dev_has(e, VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME)) {
      VkPhysicalDeviceExternalMemoryHostPropertiesEXT hp = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT};
      VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                        .pNext = &hp};
      vkGetPhysicalDeviceProperties2(scr->phys, &p2);
      f->exts[f->nexts++] = VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME;
      scr->host_import_align = hp.minImportedHostPointerAlignment;
   }
   /* GL_MULTISAMPLE off (GL 3.3 §3.3.1): every sample at the pixel centre (vkb_pipeline.c). */
   if (api >= VK_API_VERSION_1_1 && dev_has(e, VK_EXT_SAMPLE_LOCATIONS_EXTENSION_NAME)) {
      scr->centre_sample_counts = centre_sample_counts(scr);
      if (scr->centre_sample_counts)
         f->exts[f->nexts++] = VK_EXT_SAMPLE_LOCATIONS_EXTENSION_NAME;
   }
   /* Stencil blits drawn (vkb_blit_draw.c) write gl_FragStencilRefARB, and so may the client's
    * fragment shaders (GL_ARB_shader_stencil_export). */
   const char *no_se = getenv("MGL_TEST_VK_NO_STENCIL_EXPORT"); /* test-only: the declines */
   if (dev_has(e, VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME) && !(no_se && atoi(no_se) > 0)) {
      f->exts[f->nexts++] = VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME;
      scr->has_stencil_export = true;
   }
   /* GL_ARB_shader_group_vote: glslang writes SPV_KHR_subgroup_vote, which this extension
    * brings in every stage (Vulkan 1.1's GroupNonUniformVote may be fragment/compute only) */
   const char *no_sv = getenv("MGL_TEST_VK_NO_SUBGROUP_VOTE"); /* test-only: the deny */
   if (dev_has(e, VK_EXT_SHADER_SUBGROUP_VOTE_EXTENSION_NAME) && !(no_sv && atoi(no_sv) > 0)) {
      f->exts[f->nexts++] = VK_EXT_SHADER_SUBGROUP_VOTE_EXTENSION_NAME;
      scr->has_subgroup_vote = true;
   }
   /* GL_ARB_shader_ballot: glslang writes SPV_KHR_shader_ballot (SubgroupBallotKHR), which
    * this extension brings in every stage; its masks are 64 bits, so subgroups may be no wider
    * (as Zink requires) */
   const char *no_sb = getenv("MGL_TEST_VK_NO_SUBGROUP_BALLOT"); /* test-only: the deny */
   if (dev_has(e, VK_EXT_SHADER_SUBGROUP_BALLOT_EXTENSION_NAME) && !(no_sb && atoi(no_sb) > 0)) {
      VkPhysicalDeviceSubgroupProperties sg = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
      VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                        .pNext = &sg};
      vkGetPhysicalDeviceProperties2(scr->phys, &p2);
      if (sg.subgroupSize && sg.subgroupSize <= 64) {
         f->exts[f->nexts++] = VK_EXT_SHADER_SUBGROUP_BALLOT_EXTENSION_NAME;
         scr->has_ballot = true;
      }
   }
}

#undef CHAIN

/* The core features GL needs, as far as the device has them. */
static void
enable_core_features(struct vkb_screen *scr, const VkPhysicalDeviceFeatures *have)
{
   VkPhysicalDeviceFeatures *en = &scr->features;
   memset(en, 0, sizeof(*en));
#define WANT(x) en->x = have->x
   WANT(robustBufferAccess); /* the client's draws must never read outside a buffer */
   WANT(independentBlend);
   WANT(geometryShader);
   WANT(tessellationShader);
   WANT(dualSrcBlend);
   WANT(logicOp);
   WANT(depthClamp);
   WANT(depthBiasClamp);
   WANT(fillModeNonSolid);
   WANT(wideLines);
   WANT(largePoints);
   WANT(shaderTessellationAndGeometryPointSize); /* a GS gives its points their size */
   WANT(samplerAnisotropy);
   WANT(shaderClipDistance);
   WANT(shaderCullDistance);
   WANT(imageCubeArray);
   WANT(shaderImageGatherExtended); /* textureGatherOffsets, non-constant gather offsets */
   /* ARB_gpu_shader5 / GLSL 4.00: dynamically uniform indices into sampler and block arrays
    * (sampler and image arrays are made switches without them: vkb_cso.c) */
   WANT(shaderSampledImageArrayDynamicIndexing);
   WANT(shaderStorageImageArrayDynamicIndexing);
   WANT(shaderUniformBufferArrayDynamicIndexing);
   WANT(drawIndirectFirstInstance);
   WANT(multiDrawIndirect);
   WANT(fragmentStoresAndAtomics);
   WANT(occlusionQueryPrecise);   /* GL_SAMPLES_PASSED counts exactly */
   WANT(pipelineStatisticsQuery); /* GL_ARB_pipeline_statistics_query */
   WANT(vertexPipelineStoresAndAtomics);
   WANT(shaderStorageImageExtendedFormats);    /* GL's rg8, r16 ... image formats */
   WANT(shaderStorageImageWriteWithoutFormat); /* a writeonly image without a format */
   WANT(shaderFloat64);
   WANT(shaderInt64);                                   /* GL_ARB_gpu_shader_int64 */
   const char *no_i64 = getenv("MGL_TEST_VK_NO_INT64"); /* test-only: the deny */
   if (no_i64 && atoi(no_i64) > 0)
      en->shaderInt64 = VK_FALSE;
   WANT(multiViewport); /* GL_ARB_viewport_array: gl_ViewportIndex, viewportCount 16 */
   WANT(sampleRateShading);
   WANT(alphaToOne);
#undef WANT
   const char *no_wl = getenv("MGL_TEST_VK_NO_WIDE_LINES"); /* test-only: lines of width 1 */
   if (no_wl && atoi(no_wl) > 0)
      en->wideLines = VK_FALSE;
   /* test-only: one vkCmdDraw(Indexed)Indirect per indirect command */
   const char *no_mdi = getenv("MGL_TEST_VK_NO_MULTI_DRAW_INDIRECT");
   if (no_mdi && atoi(no_mdi) > 0)
      en->multiDrawIndirect = VK_FALSE;
}

static bool
open_device(struct vkb_screen *scr, const struct dev_features *f, char *why, size_t why_size)
{
   const VkPhysicalDeviceFeatures *en = &scr->features;
   const float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = scr->queue_family,
      .queueCount = 1,
      .pQueuePriorities = &prio,
   };
   VkPhysicalDeviceFeatures2 en2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = f->chain, .features = *en};
   VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .pNext = &en2,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &qci,
      .enabledExtensionCount = f->nexts,
      .ppEnabledExtensionNames = f->exts,
   };
   VkResult r = vkCreateDevice(scr->phys, &dci, NULL, &scr->dev);
   if (r != VK_SUCCESS) {
      snprintf(why, why_size, "vkCreateDevice failed (VkResult %d)", (int)r);
      return false;
   }
   vkGetDeviceQueue(scr->dev, scr->queue_family, 0, &scr->queue);
   return true;
}

/* The device commands of the extensions enabled; an extension whose commands are missing is
 * taken as absent. */
static bool
load_device_functions(struct vkb_screen *scr, char *why, size_t why_size)
{
   const uint32_t api = scr->api_version;
   if (scr->host_import_align)
      scr->host_pointer_props = (PFN_vkGetMemoryHostPointerPropertiesEXT)vkGetDeviceProcAddr(
         scr->dev, "vkGetMemoryHostPointerPropertiesEXT");
   const bool core13 = api >= VK_API_VERSION_1_3;
   scr->begin_rendering = (PFN_vkCmdBeginRenderingKHR)vkGetDeviceProcAddr(
      scr->dev, core13 ? "vkCmdBeginRendering" : "vkCmdBeginRenderingKHR");
   scr->end_rendering = (PFN_vkCmdEndRenderingKHR)vkGetDeviceProcAddr(
      scr->dev, core13 ? "vkCmdEndRendering" : "vkCmdEndRenderingKHR");
   if (scr->has_dynamic_topology)
      scr->set_topology = (PFN_vkCmdSetPrimitiveTopologyEXT)vkGetDeviceProcAddr(
         scr->dev, core13 ? "vkCmdSetPrimitiveTopology" : "vkCmdSetPrimitiveTopologyEXT");
   if (!scr->set_topology)
      scr->has_dynamic_topology = false;
   if (scr->has_dynamic_topology)
      scr->bind_vb_sized = (PFN_vkCmdBindVertexBuffers2EXT)vkGetDeviceProcAddr(
         scr->dev, core13 ? "vkCmdBindVertexBuffers2" : "vkCmdBindVertexBuffers2EXT");
   if (scr->has_dyn_blend) {
      scr->set_blend_enable = (PFN_vkCmdSetColorBlendEnableEXT)vkGetDeviceProcAddr(
         scr->dev, "vkCmdSetColorBlendEnableEXT");
      scr->set_blend_equation = (PFN_vkCmdSetColorBlendEquationEXT)vkGetDeviceProcAddr(
         scr->dev, "vkCmdSetColorBlendEquationEXT");
      scr->set_write_mask =
         (PFN_vkCmdSetColorWriteMaskEXT)vkGetDeviceProcAddr(scr->dev, "vkCmdSetColorWriteMaskEXT");
      scr->has_dyn_blend = scr->set_blend_enable && scr->set_blend_equation && scr->set_write_mask;
   }
   if (scr->stipple_modes)
      scr->set_line_stipple =
         (PFN_vkCmdSetLineStippleEXT)vkGetDeviceProcAddr(scr->dev, "vkCmdSetLineStippleEXT");
   if (!scr->set_line_stipple)
      scr->stipple_modes = 0;
   if (scr->has_draw_indirect_count) {
      scr->draw_indirect_count =
         (PFN_vkCmdDrawIndirectCount)vkGetDeviceProcAddr(scr->dev, "vkCmdDrawIndirectCount");
      scr->draw_indexed_indirect_count = (PFN_vkCmdDrawIndexedIndirectCount)vkGetDeviceProcAddr(
         scr->dev, "vkCmdDrawIndexedIndirectCount");
      scr->has_draw_indirect_count = scr->draw_indirect_count && scr->draw_indexed_indirect_count;
   }
   if (scr->has_multi_draw) {
      scr->draw_multi = (PFN_vkCmdDrawMultiEXT)vkGetDeviceProcAddr(scr->dev, "vkCmdDrawMultiEXT");
      scr->draw_multi_indexed =
         (PFN_vkCmdDrawMultiIndexedEXT)vkGetDeviceProcAddr(scr->dev, "vkCmdDrawMultiIndexedEXT");
      scr->has_multi_draw = scr->draw_multi && scr->draw_multi_indexed;
   }
   if (scr->has_xfb) {
      scr->xfb_bind = (PFN_vkCmdBindTransformFeedbackBuffersEXT)vkGetDeviceProcAddr(
         scr->dev, "vkCmdBindTransformFeedbackBuffersEXT");
      scr->xfb_begin = (PFN_vkCmdBeginTransformFeedbackEXT)vkGetDeviceProcAddr(
         scr->dev, "vkCmdBeginTransformFeedbackEXT");
      scr->xfb_end = (PFN_vkCmdEndTransformFeedbackEXT)vkGetDeviceProcAddr(
         scr->dev, "vkCmdEndTransformFeedbackEXT");
      scr->has_xfb = scr->xfb_bind && scr->xfb_begin && scr->xfb_end;
      scr->query_begin_indexed =
         (PFN_vkCmdBeginQueryIndexedEXT)vkGetDeviceProcAddr(scr->dev, "vkCmdBeginQueryIndexedEXT");
      scr->query_end_indexed =
         (PFN_vkCmdEndQueryIndexedEXT)vkGetDeviceProcAddr(scr->dev, "vkCmdEndQueryIndexedEXT");
      scr->has_streams = scr->has_streams && scr->query_begin_indexed && scr->query_end_indexed;
      if (scr->has_xfb_draw)
         scr->xfb_draw = (PFN_vkCmdDrawIndirectByteCountEXT)vkGetDeviceProcAddr(
            scr->dev, "vkCmdDrawIndirectByteCountEXT");
   }
   if (scr->has_cond_render) {
      scr->begin_cond = (PFN_vkCmdBeginConditionalRenderingEXT)vkGetDeviceProcAddr(
         scr->dev, "vkCmdBeginConditionalRenderingEXT");
      scr->end_cond = (PFN_vkCmdEndConditionalRenderingEXT)vkGetDeviceProcAddr(
         scr->dev, "vkCmdEndConditionalRenderingEXT");
      scr->has_cond_render = scr->begin_cond && scr->end_cond;
   }
   if (!scr->begin_rendering || !scr->end_rendering) {
      snprintf(why, why_size, "vkCmdBeginRendering not exported by the driver");
      return false;
   }
   return true;
}

static void
set_shader_stages(struct vkb_screen *scr)
{
   const VkPhysicalDeviceFeatures *en = &scr->features;
   scr->gfx_stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   /* compute too: barriers around transfers and storage writes reach dispatches */
   scr->shader_pipe_stages = VK_PIPELINE_STAGE_VERTEX_SHADER_BIT |
                             VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT |
                             VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
   if (en->geometryShader) {
      scr->gfx_stages |= VK_SHADER_STAGE_GEOMETRY_BIT;
      scr->shader_pipe_stages |= VK_PIPELINE_STAGE_GEOMETRY_SHADER_BIT;
   }
   if (en->tessellationShader) {
      scr->gfx_stages |=
         VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT | VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
      scr->shader_pipe_stages |= VK_PIPELINE_STAGE_TESSELLATION_CONTROL_SHADER_BIT |
                                 VK_PIPELINE_STAGE_TESSELLATION_EVALUATION_SHADER_BIT;
   }
}

static bool
create_device(struct vkb_screen *scr, char *why, size_t why_size)
{
   if (!pick_physical_device(scr, why, why_size))
      return false;
   struct dev_exts e;
   if (!dev_exts_get(scr->phys, &e)) {
      snprintf(why, why_size, "out of memory");
      return false;
   }
   read_driver_strings(scr, &e);
   pick_queue_family(scr);
   struct dev_features f = {.nexts = 0};
   if (!query_features(scr, &e, &f, why, why_size)) {
      free(e.p);
      return false;
   }
   chain_enabled_features(scr, &e, &f);
   free(e.p);
   scr->has_draw_params = f.dp.shaderDrawParameters;
   enable_core_features(scr, &f.f2.features);
   if (!open_device(scr, &f, why, why_size) || !load_device_functions(scr, why, why_size))
      return false;
   set_shader_stages(scr);
   return true;
}

static bool
create_default_sampler(struct vkb_screen *scr)
{
   /* GL's initial sampler state: NEAREST_MIPMAP_LINEAR / LINEAR, REPEAT. */
   VkSamplerCreateInfo sci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = VK_FILTER_LINEAR,
      .minFilter = VK_FILTER_NEAREST,
      .mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
      .maxLod = 1000.0f,
   };
   if (vkCreateSampler(scr->dev, &sci, NULL, &scr->default_sampler) != VK_SUCCESS)
      return false;
   sci.magFilter = VK_FILTER_NEAREST;
   sci.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
   return vkCreateSampler(scr->dev, &sci, NULL, &scr->nearest_sampler) == VK_SUCCESS;
}

static void
screen_destroy_idle(struct vkb_screen *scr)
{
   if (scr->dev) {
      vkb_batch_release_held(scr);
      vkDeviceWaitIdle(scr->dev);
      vkb_hung_garbage_finish(scr);
      vkb_wsi_finish(scr);
      vkb_queries_finish(scr);
      vkb_prim_queries_finish(scr);
      /* Objects still in the tables: the client's session ended without deleting them. */
      struct vkb_table *tables[] = {&scr->contexts, &scr->fences,          &scr->sampler_views,
                                    &scr->samplers, &scr->vertex_elements, &scr->render_states};
      for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++) {
         for (uint32_t i = 0; i < tables[t]->cap; i++) {
            struct vkb_obj *o = tables[t]->slots[i];
            if (!o)
               continue;
            if (tables[t] == &scr->samplers) {
               vkDestroySampler(scr->dev, ((struct vkb_sampler *)o)->vk, NULL);
               vkDestroySampler(scr->dev, ((struct vkb_sampler *)o)->vk_plain, NULL);
            }
            if (tables[t] == &scr->sampler_views) {
               vkDestroyImageView(scr->dev, ((struct vkb_sampler_view *)o)->vk, NULL);
               vkDestroyImageView(scr->dev, ((struct vkb_sampler_view *)o)->vk_base, NULL);
               vkDestroyImageView(scr->dev, ((struct vkb_sampler_view *)o)->vk_kind, NULL);
            }
            if (tables[t] == &scr->contexts) { /* what context_destroy would have dropped */
               struct vkb_context *ctx = (struct vkb_context *)o;
               vkb_xfb_context_destroy_now(ctx);
               vkb_vertex_inputs_finish(ctx);
            }
            if (tables[t] == &scr->render_states) {
               struct vkb_rs_share *share = ((struct vkb_render_state *)o)->share;
               if (share && --share->refs == 0)
                  free(share); /* its pipelines go with the cache below */
            }
            free(o);
         }
      }
      for (uint32_t i = 0; i < scr->shaders.cap; i++) {
         struct vkb_shader *sh = (struct vkb_shader *)scr->shaders.slots[i];
         if (!sh)
            continue;
         for (int s = 0; s < MGP_SHADER_STAGE_COUNT; s++)
            vkDestroyShaderModule(scr->dev, sh->mod[s], NULL);
         vkDestroyShaderModule(scr->dev, sh->gs_layer_ignored, NULL);
         vkDestroyShaderModule(scr->dev, sh->fs_per_sample, NULL);
         free(sh->fs_per_sample_words);
         vkDestroyShaderModule(scr->dev, sh->fs_single, NULL);
         free(sh->fs_single_words);
         vkDestroyPipeline(scr->dev, sh->compute, NULL);
         vkDestroyPipelineLayout(scr->dev, sh->layout, NULL);
         for (int set = 0; set < VKB_SET_COUNT; set++)
            vkDestroyDescriptorSetLayout(scr->dev, sh->dsl[set], NULL);
         free(sh->consts);
         free(sh);
      }
      /* texture owners whose handle ended before their views' */
      while (scr->view_orphans) {
         struct vkb_resource *r = scr->view_orphans;
         scr->view_orphans = r->orphan_next;
         vkb_resource_drop_views(scr, r, true);
         vkDestroyImage(scr->dev, r->img, NULL);
         if (!r->sub_block)
            vkFreeMemory(scr->dev, r->mem, NULL);
         free(r);
      }
      for (uint32_t i = 0; i < scr->resources.cap; i++) {
         struct vkb_resource *r = (struct vkb_resource *)scr->resources.slots[i];
         if (!r)
            continue;
         vkb_resource_drop_views(scr, r, true); /* the device is idle */
         vkDestroyImage(scr->dev, r->img, NULL);
         vkDestroyBuffer(scr->dev, r->buf, NULL);
         if (!r->sub_block)
            vkFreeMemory(scr->dev, r->mem, NULL);
         free(r->shadow);
         free(r);
      }
      vkb_sub_finish(scr); /* after every store bound into a block */
      /* the heap's blocks too (a hung device's heap is unmapped after this) */
      vkb_heap_blocks_finish(scr);
      vkb_clear_finish(scr);
      vkb_blit_draw_finish(scr);
      vkb_pipeline_cache_finish(scr);
      vkb_batch_finish_all(scr);
      for (int k = 0; k < 3; k++) {
         vkDestroyImageView(scr->dev, scr->dummy_view[k], NULL);
         vkDestroyImage(scr->dev, scr->dummy_img[k], NULL);
         vkFreeMemory(scr->dev, scr->dummy_mem[k], NULL);
      }
      vkDestroySampler(scr->dev, scr->default_sampler, NULL);
      vkDestroySampler(scr->dev, scr->nearest_sampler, NULL);
      for (int k = 0; k < 3; k++)
         vkDestroyBufferView(scr->dev, scr->texbuf_zero_view[k], NULL);
      vkDestroyBuffer(scr->dev, scr->texbuf_zero_buf, NULL);
      vkFreeMemory(scr->dev, scr->texbuf_zero_mem, NULL);
      vkDestroyBuffer(scr->dev, scr->ssbo_placeholder_buf, NULL);
      vkFreeMemory(scr->dev, scr->ssbo_placeholder_mem, NULL);
      vkDestroyDevice(scr->dev, NULL);
   }
   vkb_hung_heap_finish(scr); /* the device that could read it is gone */
   struct vkb_table *all[] = {&scr->resources, &scr->render_states, &scr->vertex_elements,
                              &scr->samplers,  &scr->sampler_views, &scr->shaders,
                              &scr->fences,    &scr->contexts,      &scr->queries};
   for (size_t t = 0; t < sizeof(all) / sizeof(all[0]); t++)
      vkb_table_finish(all[t]);
   if (scr->messenger) {
      PFN_vkDestroyDebugUtilsMessengerEXT destroy =
         (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
            scr->instance, "vkDestroyDebugUtilsMessengerEXT");
      if (destroy)
         destroy(scr->instance, scr->messenger, NULL);
   }
   if (scr->validation_active)
      mgu_log_always("vulkan: validation errors=%llu warnings=%llu", scr->stats.validation_errors,
                     scr->stats.validation_warnings);
   if (scr->instance)
      vkDestroyInstance(scr->instance, NULL);
   free(scr);
}

static void
screen_destroy(void *self)
{
   struct vkb_screen *scr = self;
   if (!scr)
      return;
   /* Nothing the device may use is freed before it is idle; a device that does not get there
    * within the watchdog is hung, and a reaper thread frees the screen when it does. Batches a
    * test knob holds until waited for are let go first: they are not hung. */
   if (scr->dev)
      vkb_batch_release_held(scr);
   if (!vkb_idle_by_deadline(scr)) {
      vkb_hung_reap(scr, screen_destroy_idle);
      return;
   }
   screen_destroy_idle(scr);
}

static void *
screen_create(const struct mgs_backend_env *env)
{
   vkb_tables_init(); /* before anyone calls through mgs_vulkan_backend's tables */
   struct vkb_screen *scr = calloc(1, sizeof(*scr));
   if (!scr) {
      env->fatal(env->session, MGU_FATAL_BackendInit, "vulkan: out of memory");
      return NULL;
   }
   scr->env = *env;
   /* the batch's calls up: queued draws, the rendering scope, then the announcers in order */
   scr->batch_hooks = (struct vkb_batch_hooks){
      .flush_draws = vkb_flush_draws,
      .end_rendering = vkb_context_end_rendering,
      .retired = {vkb_fences_announce, vkb_queries_announce, vkb_xfb_announce, vkb_grid_check_count,
                  vkb_draw_clamp_count},
      .retired_count = 5,
   };
   scr->resource_budget = vkb_size_knob("MGL_SERVER_SESSION_MEMORY", 0);
   char why[192] = "";
   if (!create_instance(scr, why, sizeof(why)) || !create_device(scr, why, sizeof(why)) ||
       !create_default_sampler(scr) || !vkb_pipeline_cache_init(scr)) {
      char detail[256];
      snprintf(detail, sizeof(detail), "vulkan: %s", why[0] ? why : "device setup failed");
      mgu_error("%s", detail);
      env->fatal(env->session, MGU_FATAL_BackendInit, detail);
      scr->env.fatal = NULL;
      screen_destroy(scr);
      return NULL;
   }
   vkb_format_init(scr);
   const char *no_blit = getenv("MGL_TEST_VK_NO_BLIT_FORMATS"); /* test-only: blits drawn */
   scr->knobs.test_no_blit_formats = no_blit && atoi(no_blit) > 0;
   scr->next_serial = 1;
   scr->frame_serial = 1;
   scr->frames_in_flight = 2;
   const char *fif = getenv("MGL_FRAMES_IN_FLIGHT");
   if (fif && atoi(fif) > 0)
      scr->frames_in_flight = (uint32_t)atoi(fif);
   const char *knob = getenv("MGL_TEST_FORCE_STALE_BUFFER_SERIAL");
   scr->knobs.test_stale_buffer_serial = knob && atoi(knob) > 0;
   scr->knobs.test_staging_max = vkb_size_knob("MGL_TEST_VK_STAGING_MAX", 0);
   scr->knobs.test_fail_descriptor_pool = vkb_size_knob("MGL_TEST_VK_FAIL_DESCRIPTOR_POOL", 0);
   knob = getenv("MGL_TEST_VK_NO_TEXEL_BUFFER_ATOMICS");
   scr->knobs.test_no_texel_buffer_atomics = knob && atoi(knob) > 0;
   knob = getenv("MGL_VK_NO_BUFFER_RENAME");
   scr->knobs.no_buffer_rename = knob && atoi(knob) > 0;
   knob = getenv("MGL_VK_NO_SUBALLOC");
   scr->knobs.no_suballoc = knob && atoi(knob) > 0;
   knob = getenv("MGL_TEST_VK_NO_HEAP_IMPORT");
   scr->knobs.test_no_heap_import = knob && atoi(knob) > 0;
   knob = getenv("MGL_TEST_DISABLE_BUFFER_FENCE_TERM");
   scr->knobs.test_no_buffer_fence_term = knob && atoi(knob) > 0;
   knob = getenv("MGL_VK_FAKE_DEVICE_LOST");
   if (knob && atoll(knob) > 0) {
      static atomic_uint screens_made;
      const unsigned nth = atomic_fetch_add(&screens_made, 1) + 1;
      const char *only = getenv("MGL_VK_FAKE_DEVICE_LOST_SCREEN");
      if (!only || (unsigned)atoi(only) == nth) {
         scr->knobs.test_device_lost_at = (unsigned long long)atoll(knob);
         mgu_warn("vulkan: test knob: screen %u reports a lost device at its submit %llu", nth,
                  scr->knobs.test_device_lost_at);
      }
   }
   const uint64_t gpu_timeout_ms = vkb_size_knob("MGL_VK_GPU_TIMEOUT_MS", 30000); /* 0: none */
   scr->gpu_timeout_ns = gpu_timeout_ms > UINT64_MAX / 1000000u ? 0 : gpu_timeout_ms * 1000000u;
   /* A GPU ends a small batch (a read-back's) within tens of microseconds, and waking from
    * vkWaitForFences' sleep costs about 50 us on NVIDIA's driver (readpixels_1px: 97 us
    * sleeping, 43 us polling first, on an H200). A CPU device runs the batch on the cores a
    * poll would take from it, so there the default is no poll. */
   const uint64_t spin_us = vkb_size_knob(
      "MGL_VK_WAIT_SPIN_US", scr->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 0 : 50);
   scr->wait_spin_ns = spin_us > 10000000u ? 10000000000ull : spin_us * 1000u;
   VkPhysicalDeviceMaintenance3Properties m3 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
   vkGetPhysicalDeviceProperties2(
      scr->phys, &(VkPhysicalDeviceProperties2){
                    .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &m3});
   /* Vulkan 1.1 promises at least 2^30 */
   scr->max_alloc_size =
      m3.maxMemoryAllocationSize ? m3.maxMemoryAllocationSize : (VkDeviceSize)1 << 30;
   knob = getenv("MGL_VK_MEMORY_BUDGET");
   if (knob && atoll(knob) > 0) {
      scr->mem_budget = (VkDeviceSize)atoll(knob);
      mgu_warn("vulkan: test knob: resource memory budget %llu bytes",
               (unsigned long long)scr->mem_budget);
   }
   knob = getenv("MGL_TEST_VK_SKEW_BATCH_FRAME");
   scr->knobs.test_skew_batch_frame = knob && atoi(knob) > 0;
   if (scr->knobs.test_skew_batch_frame)
      mgu_warn("vulkan: test knob: every batch records the frame after its own");
   knob = getenv("MGL_TEST_VK_HOLD_BATCH_MS");
   scr->knobs.test_hold_batch_ms = knob && atoi(knob) > 0 ? (unsigned)atoi(knob) : 0;
   scr->knobs.test_hold_until_wait = knob && !strcmp(knob, "wait");
   if (scr->knobs.test_hold_batch_ms)
      mgu_warn("vulkan: test knob: every batch held %u ms after its submit",
               scr->knobs.test_hold_batch_ms);
   if (scr->knobs.test_hold_until_wait)
      mgu_warn("vulkan: test knob: every batch held until the host waits for it");
   if (scr->knobs.test_stale_buffer_serial || scr->knobs.test_no_buffer_fence_term)
      mgu_warn("vulkan: test knobs: buffer busy test serial term %s, fence term %s",
               scr->knobs.test_stale_buffer_serial ? "forced stale" : "real",
               scr->knobs.test_no_buffer_fence_term ? "disabled" : "real");
   mgu_info("vulkan: %s (%s %s), API %u.%u.%u, validation %s", scr->props.deviceName,
            scr->driver_name, scr->driver_info, VK_API_VERSION_MAJOR(scr->api_version),
            VK_API_VERSION_MINOR(scr->api_version), VK_API_VERSION_PATCH(scr->api_version),
            scr->validation_active ? "on" : "off");
   return scr;
}

/* ---- caps -------------------------------------------------------------------------------- */

static uint32_t
min_u32(uint32_t a, uint32_t b)
{
   return a < b ? a : b;
}

/* What ARB_gpu_shader5 needs of the device (pipe_base.h, MGP_CAP_GPU_SHADER5): GL's least
 * MAX_GEOMETRY_SHADER_INVOCATIONS (32, Vulkan's least too), SPIR-V InterpolationFunction
 * (sampleRateShading) over GL's least offset range on a 4-bit grid, dynamically uniform block
 * array indices and extended gathers. Without shaderSampledImageArrayDynamicIndexing (lavapipe
 * of Mesa 22) a sampler array indexed non-constantly becomes a switch over its elements
 * (vkb_cso.c, spv_opaque_index.c); the vertex streams ARB_gpu_shader5 adds are MGP_CAP_VERTEX_STREAMS. */
static bool
gpu_shader5_ok(const struct vkb_screen *scr)
{
   const VkPhysicalDeviceFeatures *en = &scr->features;
   const VkPhysicalDeviceLimits *l = &scr->props.limits;
   return en->geometryShader && l->maxGeometryShaderInvocations >= 32 && en->sampleRateShading &&
          l->minInterpolationOffset <= -0.5f && l->maxInterpolationOffset >= 0.4375f &&
          l->subPixelInterpolationOffsetBits >= 4 && en->shaderUniformBufferArrayDynamicIndexing &&
          en->shaderImageGatherExtended;
}

void
vkb_get_caps(void *self, const struct mgp_get_caps *args, const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct vkb_screen *scr = self;
   struct mgp_caps c;
   memset(&c, 0, sizeof(c));
   const VkPhysicalDeviceLimits *l = &scr->props.limits;
   c.abi_version = MGP_ABI_VERSION;
   c.vk_api_version = scr->api_version;
   snprintf((char *)c.vendor, sizeof(c.vendor), "mgl");
   snprintf((char *)c.renderer, sizeof(c.renderer), "mgl (Vulkan: %.110s)", scr->props.deviceName);
   snprintf((char *)c.driver, sizeof(c.driver), "%.20s %.42s", scr->driver_name, scr->driver_info);
   mgp_screen_vtbl_mask(&vkb_screen_vtbl, c.call_mask);
   mgp_context_vtbl_mask(&vkb_context_vtbl, c.call_mask);
   c.cap_bits = scr->features.occlusionQueryPrecise ? MGP_CAP_OCCLUSION_QUERY : 0;
   c.cap_bits |= MGP_CAP_TEXTURE_VIEW; /* colour images are MUTABLE_FORMAT (vkb_resource.c) */
   /* GL_SKIP_DECODE_EXT samples an sRGB image through a UNORM view of it: colour images are
    * MUTABLE_FORMAT already (texture views, GL_FRAMEBUFFER_SRGB's UNORM attachment views), so
    * it costs no image flag; a view of each format is made when first sampled */
   c.cap_bits |= MGP_CAP_SRGB_SKIP_DECODE;
   if (scr->env.in_process) /* map_persistent's addresses are the client's too */
      c.cap_bits |= MGP_CAP_CLIENT_MAP;
   /* a heap store the device imports is the client's own mapping (vkb_map_persistent) */
   if (scr->host_import_align && scr->host_pointer_props)
      c.cap_bits |= MGP_CAP_HEAP_MAP;
   if (scr->timestamp_bits)
      c.cap_bits |= MGP_CAP_TIMER_QUERY;
   if (scr->has_xfb)
      c.cap_bits |= MGP_CAP_TRANSFORM_FEEDBACK;
   if (scr->features.robustBufferAccess) /* enabled where the device has it */
      c.cap_bits |= MGP_CAP_ROBUST_BUFFER_ACCESS;
   if (scr->has_xfb && scr->has_prim_queries)
      c.cap_bits |= MGP_CAP_XFB_PRIMITIVES_QUERY;
   /* overflow: a transform feedback stream query's needed count past its written one */
   if (scr->has_xfb && scr->has_prim_queries && scr->has_xfb_queries)
      c.cap_bits |= MGP_CAP_XFB_OVERFLOW_QUERY;
   /* objects with their own counter buffers; their draw is vkCmdDrawIndirectByteCountEXT */
   if (scr->has_xfb && scr->xfb_draw)
      c.cap_bits |= MGP_CAP_XFB_OBJECTS;
   /* exact at every count an attachment may have (a depth/stencil image that could not take
    * the locations still declines, vkb_draw.c) */
   const VkSampleCountFlags fb_counts =
      (l->framebufferColorSampleCounts | l->framebufferDepthSampleCounts |
       l->framebufferStencilSampleCounts) &
      ~(VkSampleCountFlags)1;
   if (scr->centre_sample_counts && !(fb_counts & ~scr->centre_sample_counts))
      c.cap_bits |= MGP_CAP_MULTISAMPLE_OFF_EXACT;
   if (scr->has_list_restart)
      c.cap_bits |= MGP_CAP_LIST_RESTART;
   /* firstInstance is every vkCmdDraw's; gl_InstanceID (InstanceIndex - BaseInstance) needs
    * shaderDrawParameters, which programs that read it already need at any base instance */
   c.cap_bits |= MGP_CAP_BASE_INSTANCE;
   /* glClipControl: the remap's specialization constants and the front face (vkb_pipeline.c) */
   c.cap_bits |= MGP_CAP_CLIP_CONTROL;
   /* gl_CullDistance: GL's 8, alone and with the clip distances */
   if (scr->features.shaderCullDistance && l->maxCullDistances >= 8 &&
       l->maxCombinedClipAndCullDistances >= 8)
      c.cap_bits |= MGP_CAP_CULL_DISTANCE;
   if (scr->features.pipelineStatisticsQuery)
      c.cap_bits |= MGP_CAP_PIPELINE_STATISTICS;
   /* textureQueryLevels / textureSamples / imageSamples and dFdxFine ...: the ImageQuery and
    * DerivativeControl capabilities every Vulkan 1.0 device has */
   c.cap_bits |= MGP_CAP_IMAGE_QUERIES | MGP_CAP_DERIVATIVE_CONTROL;
   if (scr->has_subgroup_vote)
      c.cap_bits |= MGP_CAP_SUBGROUP_VOTE;
   if (scr->has_layer_viewport)
      c.cap_bits |= MGP_CAP_SHADER_LAYER_VIEWPORT;
   if (scr->has_stencil_export)
      c.cap_bits |= MGP_CAP_SHADER_STENCIL_EXPORT;
   if (scr->has_shader_clock)
      c.cap_bits |= MGP_CAP_SHADER_CLOCK;
   if (scr->has_non_seamless)
      c.cap_bits |= MGP_CAP_NON_SEAMLESS_CUBE;
   if (scr->features.shaderInt64)
      c.cap_bits |= MGP_CAP_SHADER_INT64;
   if (scr->features.shaderInt64 && scr->has_ballot)
      c.cap_bits |= MGP_CAP_SHADER_BALLOT;
   /* layout(component) varyings (Vulkan core) and capture the shader lays out (what
    * VK_EXT_transform_feedback captures anyway) */
   if (c.cap_bits & MGP_CAP_TRANSFORM_FEEDBACK)
      c.cap_bits |= MGP_CAP_ENHANCED_LAYOUTS;
   if (scr->has_mirror_clamp)
      c.cap_bits |= MGP_CAP_MIRROR_CLAMP_TO_EDGE;
   if (scr->features.depthBiasClamp)
      c.cap_bits |= MGP_CAP_POLYGON_OFFSET_CLAMP;
   /* GL's stippled lines are its aliased ones (multisampled and smooth lines are counted by
    * the draw where the device cannot stipple their mode) */
   if (scr->stipple_modes & VKB_STIPPLE_BRESENHAM)
      c.cap_bits |= MGP_CAP_LINE_STIPPLE;
   /* gl_BaseVertex / gl_DrawID: the vertex stage's pushed draw parameters (spv_draw_params.c) */
   if (scr->has_draw_params)
      c.cap_bits |= MGP_CAP_DRAW_PARAMETERS;
   if (scr->features.geometryShader)
      c.cap_bits |= MGP_CAP_GEOMETRY_STAGE;
   if (scr->features.shaderTessellationAndGeometryPointSize)
      c.cap_bits |= MGP_CAP_STAGE_POINT_SIZE;
   if (scr->features.depthClamp)
      c.cap_bits |= MGP_CAP_DEPTH_CLAMP;
   if (scr->features.sampleRateShading)
      c.cap_bits |= MGP_CAP_SAMPLE_SHADING;
   /* OpImageGather and OpImageQueryLod are core in Vulkan's SPIR-V (gather with offset
    * arrays or non-constant offsets needs shaderImageGatherExtended, enabled where present) */
   c.cap_bits |= MGP_CAP_TEXTURE_GATHER | MGP_CAP_TEXTURE_QUERY_LOD;
   /* doubles: SPIR-V's Float64, enabled where the device has it */
   if (scr->features.shaderFloat64)
      c.cap_bits |= MGP_CAP_FLOAT64;
   /* GL_ARB_vertex_attrib_64bit: double inputs read R32G32(B32A32)_UINT parts, bit-cast
    * (the link rewrote them: spv_double_inputs.c; no device need fetch R64 formats) */
   if (scr->features.shaderFloat64 && l->maxVertexInputAttributes >= 16 + SPV_DOUBLE_HI_LOCATION)
      c.cap_bits |= MGP_CAP_VERTEX_FLOAT64;
   /* GL_ARB_viewport_array: a geometry stage's gl_ViewportIndex over 16 viewports */
   if (scr->features.multiViewport && scr->features.geometryShader &&
       scr->props.limits.maxViewports >= MGP_MAX_VIEWPORTS)
      c.cap_bits |= MGP_CAP_VIEWPORT_ARRAY;
   /* glMultiDraw*IndirectCount: one vkCmdDraw(Indexed)IndirectCount a call (multiDrawIndirect:
    * a count over 1 is a multi-draw) */
   if (scr->has_draw_indirect_count && scr->features.multiDrawIndirect &&
       scr->features.drawIndirectFirstInstance)
      c.cap_bits |= MGP_CAP_DRAW_INDIRECT_COUNT;
   if (gpu_shader5_ok(scr))
      c.cap_bits |= MGP_CAP_GPU_SHADER5;
   /* four vertex streams: geometryStreams, their per-stream primitive queries and the draw of a
    * stream's count (vkb_xfb.c) */
   if (scr->has_streams && scr->has_prim_queries && scr->xfb_draw && scr->features.geometryShader)
      c.cap_bits |= MGP_CAP_VERTEX_STREAMS;
   /* cube map arrays: the resource target vkb_resource.c makes with imageCubeArray */
   if (scr->features.imageCubeArray)
      c.cap_bits |= MGP_CAP_CUBE_MAP_ARRAY;
   /* sampler views of a depth/stencil texture's stencil aspect (vkb_cso.c:vkb_sampler_view_get) */
   c.cap_bits |= MGP_CAP_STENCIL_TEXTURING;
   /* stencil-only textures: VK_FORMAT_S8_UINT, or the D24S8 / D32S8 image standing in for it
    * (vkb_format.c), sampled and attached; views and uploads name its stencil aspect */
   const struct vkb_format *s8 = vkb_format_get(scr, MGP_FORMAT_S8_UINT);
   const unsigned s8_need = MGP_FORMAT_CAP_SAMPLE | MGP_FORMAT_CAP_DEPTH_STENCIL;
   if (s8 && (s8->caps & s8_need) == s8_need)
      c.cap_bits |= MGP_CAP_TEXTURE_STENCIL8;
   /* feedback loops in the feedback-loop layout, glTextureBarrier ending their scope
    * (vkb_draw_descriptors.c, vkb_compute.c:vkb_memory_barrier) */
   if (scr->has_feedback_loop)
      c.cap_bits |= MGP_CAP_TEXTURE_BARRIER;
   /* GL_KHR_blend_equation_advanced over the same loop: the fragment stage reads draw buffer 0
    * (VKB_BLEND_DST_BINDING, vkb_draw_descriptors.c) and blends; that target's fixed-function
    * blending stays off (vkb_pipeline.c, vkb_dynstate.c). VK_EXT_blend_operation_advanced
    * would blend them coherently in the blend stage: not used (lavapipe lacks it). */
   if (scr->has_feedback_loop)
      c.cap_bits |= MGP_CAP_BLEND_ADVANCED | MGP_CAP_BLEND_SHADER;
   /* buffer textures: uniform texel buffer views made at the draw (vkb_draw_descriptors.c) */
   c.cap_bits |= MGP_CAP_TEXTURE_BUFFER;
   /* framebuffers without attachments: dynamic rendering over the state's render area with no
    * attachment (vkb_context.c: resolve_fb) */
   c.cap_bits |= MGP_CAP_NO_ATTACHMENTS;
   /* GL's patch sizes and levels are Vulkan's least limits (pipe_base.h) */
   if (scr->features.tessellationShader && l->maxTessellationPatchSize >= 32 &&
       l->maxTessellationGenerationLevel >= 64)
      c.cap_bits |= MGP_CAP_TESSELLATION;
   /* GL's indirect commands carry a base instance: without drawIndirectFirstInstance the
    * backend cannot draw them as GL says, so the front end does not offer them. */
   if (!scr->features.drawIndirectFirstInstance)
      c.call_mask[MGP_CALL_draw_indirect / 64] &= ~(1ull << (MGP_CALL_draw_indirect % 64));
   c.max_texture_size = l->maxImageDimension2D;
   c.max_3d_texture_size = l->maxImageDimension3D;
   c.max_array_layers = l->maxImageArrayLayers;
   c.max_cube_size = l->maxImageDimensionCube;
   c.max_renderbuffer_size =
      min_u32(l->maxImageDimension2D, min_u32(l->maxFramebufferWidth, l->maxFramebufferHeight));
   c.max_viewport_dims[0] = l->maxViewportDimensions[0];
   c.max_viewport_dims[1] = l->maxViewportDimensions[1];
   c.max_framebuffer_width = l->maxFramebufferWidth;
   c.max_framebuffer_height = l->maxFramebufferHeight;
   c.max_color_attachments = min_u32(l->maxColorAttachments, VKB_MAX_COLOR);
   c.max_samples = vkb_max_samples(scr);
   c.max_vertex_attribs = min_u32(l->maxVertexInputAttributes, VKB_MAX_ATTRIBS);
   /* one binding is kept for the default attribute values */
   c.max_vertex_bindings = min_u32(l->maxVertexInputBindings - 1, VKB_MAX_VB);
   c.max_vertex_attrib_stride = l->maxVertexInputBindingStride;
   /* The program-wide counts are what the pipeline layout may hold, the limits build_shader
    * (vkb_cso.c) checks a program's descriptors against: the uniform buffers of a layout less
    * the default block's, its samplers (texel buffers count as sampled images too). Each
    * stage's share (GL's 12 blocks and 16 samplers) is checked there against the per-stage
    * limits. */
   c.max_uniform_buffer_bindings =
      min_u32(l->maxDescriptorSetUniformBuffers - 1, MGP_MAX_UNIFORM_BLOCKS);
   c.max_uniform_block_size = l->maxUniformBufferRange;
   c.uniform_buffer_offset_alignment = (uint32_t)l->minUniformBufferOffsetAlignment;
   c.max_texture_units = min_u32(
      min_u32(l->maxDescriptorSetSamplers, l->maxDescriptorSetSampledImages), VKB_MAX_SAMPLERS);
   c.max_varying_components = min_u32(l->maxVertexOutputComponents, l->maxFragmentInputComponents);
   /* each interface's own, less the gl_PointSize the front end writes into a tessellation
    * evaluation or geometry stage that emits points (glPointSize's size; the device counts it,
    * GL does not). Not the vertex stage's: piglit's tests that pass 31 vec4s and gl_Position
    * require GL_MAX_VERTEX_OUTPUT_COMPONENTS >= 128 (lavapipe's figure), and skip at 127. */
   c.stage_io_components[MGP_IO_VERTEX_OUT] = l->maxVertexOutputComponents;
   c.stage_io_components[MGP_IO_TESS_CTRL_IN] = l->maxTessellationControlPerVertexInputComponents;
   c.stage_io_components[MGP_IO_TESS_CTRL_OUT] = l->maxTessellationControlPerVertexOutputComponents;
   c.stage_io_components[MGP_IO_TESS_EVAL_IN] = l->maxTessellationEvaluationInputComponents;
   c.stage_io_components[MGP_IO_TESS_EVAL_OUT] = l->maxTessellationEvaluationOutputComponents - 1;
   c.stage_io_components[MGP_IO_GEOMETRY_IN] = l->maxGeometryInputComponents;
   c.stage_io_components[MGP_IO_GEOMETRY_OUT] = l->maxGeometryOutputComponents - 1;
   c.stage_io_components[MGP_IO_FRAGMENT_IN] = l->maxFragmentInputComponents;
   c.max_clip_distances = scr->features.shaderClipDistance ? l->maxClipDistances : 0;
   c.max_texture_lod_bias = l->maxSamplerLodBias;
   c.max_anisotropy = scr->features.samplerAnisotropy ? l->maxSamplerAnisotropy : 1.0f;
   c.point_size_range[0] = scr->features.largePoints ? l->pointSizeRange[0] : 1.0f;
   c.point_size_range[1] = scr->features.largePoints ? l->pointSizeRange[1] : 1.0f;
   c.line_width_range[0] = scr->features.wideLines ? l->lineWidthRange[0] : 1.0f;
   c.line_width_range[1] = scr->features.wideLines ? l->lineWidthRange[1] : 1.0f;
   c.subpixel_bits = l->subPixelPrecisionBits;
   c.timestamp_bits = scr->timestamp_bits;
   /* Unmapped formats keep only their vertex-fetch bit. */
   for (unsigned f = 0; f < MGP_FORMAT_COUNT && f < sizeof(c.format_flags); f++)
      c.format_flags[f] = scr->formats[f].caps;
   /* GL's dual-source limit and its sample counts come from the device, as they are. */
   c.max_dual_source_draw_buffers =
      scr->features.dualSrcBlend ? l->maxFragmentDualSrcAttachments : 0;
   /* Compute and storage limits as the device gives them; GL reads them as GLint, and the
    * storage bindings a program may use are those of one stage and one set, at most
    * VKB_MAX_STORAGE_BUFFERS. Whether dispatches and storage bindings are implemented is
    * call_mask's to say, not these. */
   for (unsigned i = 0; i < 3; i++) {
      c.max_compute_work_group_count[i] = min_u32(l->maxComputeWorkGroupCount[i], INT32_MAX);
      c.max_compute_work_group_size[i] = min_u32(l->maxComputeWorkGroupSize[i], INT32_MAX);
   }
   c.max_compute_work_group_invocations = min_u32(l->maxComputeWorkGroupInvocations, INT32_MAX);
   c.max_compute_shared_memory_size = min_u32(l->maxComputeSharedMemorySize, INT32_MAX);
   c.max_storage_buffer_bindings =
      min_u32(min_u32(l->maxPerStageDescriptorStorageBuffers, l->maxDescriptorSetStorageBuffers),
              VKB_MAX_STORAGE_BUFFERS);
   c.storage_buffer_offset_alignment = (uint32_t)l->minStorageBufferOffsetAlignment;
   c.max_storage_buffer_range = min_u32(l->maxStorageBufferRange, INT32_MAX);
   /* image units: storage images one stage and one set may use, at most VKB_MAX_IMAGES */
   c.max_image_units =
      min_u32(min_u32(l->maxPerStageDescriptorStorageImages, l->maxDescriptorSetStorageImages),
              VKB_MAX_IMAGES);
   /* buffer textures: the texel-buffer views vkb_draw_descriptors.c makes (the format as it
    * is, no substitution) */
   c.texel_buffer_offset_alignment = (uint32_t)l->minTexelBufferOffsetAlignment;
   for (unsigned f = 1; f < MGP_FORMAT_COUNT && f < 64; f++) {
      const struct vkb_format *vf = vkb_format_get(scr, f);
      VkFormatProperties fp = {0};
      if (!vf || vf->wanted == VK_FORMAT_UNDEFINED)
         continue;
      vkGetPhysicalDeviceFormatProperties(scr->phys, vf->wanted, &fp);
      if (fp.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT)
         c.texel_buffer_formats |= 1ull << f;
   }
   if (scr->features.fragmentStoresAndAtomics)
      c.cap_bits |= MGP_CAP_FRAGMENT_STORES;
   if (scr->features.vertexPipelineStoresAndAtomics)
      c.cap_bits |= MGP_CAP_VERTEX_STORES;
   const VkSampleCountFlags classes[MGP_SAMPLE_CLASS_COUNT] = {
      [MGP_SAMPLE_CLASS_FB_COLOR] = l->framebufferColorSampleCounts,
      [MGP_SAMPLE_CLASS_FB_INTEGER] =
         l->framebufferColorSampleCounts & l->sampledImageIntegerSampleCounts,
      [MGP_SAMPLE_CLASS_FB_DEPTH] = l->framebufferDepthSampleCounts,
      [MGP_SAMPLE_CLASS_FB_STENCIL] = l->framebufferStencilSampleCounts,
      [MGP_SAMPLE_CLASS_SAMPLED_COLOR] = l->sampledImageColorSampleCounts,
      [MGP_SAMPLE_CLASS_SAMPLED_INTEGER] = l->sampledImageIntegerSampleCounts,
      [MGP_SAMPLE_CLASS_SAMPLED_DEPTH] = l->sampledImageDepthSampleCounts,
      [MGP_SAMPLE_CLASS_SAMPLED_STENCIL] = l->sampledImageStencilSampleCounts,
   };
   for (unsigned k = 0; k < MGP_SAMPLE_CLASS_COUNT; k++)
      c.sample_counts[k] = (uint8_t)(classes[k] & 0x7f);
   for (unsigned f = 1; f < MGP_FORMAT_COUNT && f < sizeof(c.format_sample_counts); f++) {
      const struct vkb_format *vf = vkb_format_get(scr, f);
      if (vf && (vf->caps & (MGP_FORMAT_CAP_RENDER | MGP_FORMAT_CAP_DEPTH_STENCIL)))
         c.format_sample_counts[f] = (uint8_t)(vkb_format_sample_counts(scr, vf) & 0x7f);
   }
   if (!args->out.ptr)
      return;
   uint64_t n = args->out.size < sizeof(c) ? args->out.size : sizeof(c);
   memcpy(args->out.ptr, &c, n);
}

/* ---- the backend ------------------------------------------------------------------------- */

static void *
context_lookup(void *screen, struct mgp_handle ctx)
{
   struct vkb_screen *scr = screen;
   return vkb_table_peek(&scr->contexts, ctx);
}

static unsigned
gate_counters(void *screen, const char **names, unsigned long long *values, unsigned max)
{
   struct vkb_screen *scr = screen;
   vkb_grid_check_settle(scr); /* the GPU's refusals in the session's report */
   vkb_draw_clamp_settle(scr);
   const struct {
      const char *name;
      unsigned long long value;
   } rows[] = {
      {"unsound-serial-complete", scr->stats.unsound_serial_complete},
      {"pipelines-created", scr->stats.pipelines_created},
      {"pipeline-cache-loaded-bytes", scr->stats.pipeline_cache_loaded_bytes},
      {"pipeline-cache-rejected", scr->stats.pipeline_cache_rejected},
      {"render-passes-begun", scr->stats.render_passes_begun},
      {"batch-splits", scr->stats.batch_splits},
      {"indirect-clamps-prepass", scr->stats.clamps_prepass},
      {"indirect-unclamped", scr->stats.indirect_unclamped},
      {"cond-render-predicates", scr->stats.cond_predicates},
      {"cond-render-sums", scr->stats.cond_sums},
      {"pack-row-copies", scr->stats.pack_row_copies},
      {"pack-buffer-copies", scr->stats.pack_buffer_copies},
      {"present-buffer-writes", scr->stats.present_buffer_writes},
      {"vk-validation-errors", scr->stats.validation_errors},
      {"vk-validation-warnings", scr->stats.validation_warnings},
      {"vk-validation-active", scr->validation_active},
      {"submits", scr->stats.submits},
      {"render-pass-splits", scr->stats.render_pass_splits},
      {"buffer-renames", scr->stats.buffer_renames},
      {"buffer-rename-settles", scr->stats.rename_settles},
      {"staged-buffer-copies", scr->stats.staged_buffer_copies},
      {"direct-buffer-writes", scr->stats.direct_buffer_writes},
      {"heap-buffers", scr->stats.heap_buffers_made},
      {"heap-import-fallbacks", scr->stats.heap_import_fallbacks},
      {"heap-imports", scr->stats.heap_imports},
      {"heap-blocks-freed", scr->stats.heap_blocks_freed},
      {"descriptor-sets", scr->stats.descriptor_sets},
      {"kept-set-reuses", scr->stats.kept_set_reuses},
      {"kept-set-drops", scr->stats.kept_set_drops},
      {"pressure-submits", scr->stats.pressure_submits},
      {"arena-inflight-peak", scr->stats.inflight_arena_peak},
      {"arena-throttle-waits", scr->stats.arena_throttle_waits},
      {"kind-views", scr->stats.kind_views},
      {"stat-slot-folds", scr->stats.stat_slot_folds},
      {"stat-slot-waits", scr->stats.stat_slot_waits},
      {"query-slot-pools", scr->stats.query_slot_pools},
      {"query-slot-folds", scr->stats.query_slot_folds},
      {"query-slot-waits", scr->stats.query_slot_waits},
      {"batch-throttle-waits", scr->stats.batch_throttle_waits},
      {"inflight-batches-peak", scr->stats.inflight_batches_peak},
      {"deferred-peak", scr->stats.deferred_peak},
      {"deferred-held", scr->deferred_held},
      {"deferred-bytes-peak", scr->stats.deferred_bytes_peak},
      {"deferred-submits", scr->stats.deferred_submits},
      {"deferred-waits", scr->stats.deferred_waits},
      {"masked-clears", scr->stats.masked_clears},
      {"fragments-only-scopes", scr->stats.fragments_only_scopes},
      {"clear-pipelines-created", scr->stats.clear_pipelines_created},
      {"blit-draws", scr->stats.blit_draws},
      {"blit-pipelines-created", scr->stats.blit_pipelines_created},
      {"depth-convert-waits", scr->stats.depth_convert_waits},
      {"color-convert-waits", scr->stats.color_convert_waits},
      {"buffer-fence-term-busy", scr->stats.buffer_fence_term_busy},
      {"uniform-ranges-padded", scr->stats.uniform_ranges_padded},
      {"completed-frame-floor", scr->completed_frame_floor},
      {"feedback-base-only-views", scr->stats.feedback_base_only_views},
      {"feedback-loop-views", scr->stats.feedback_loop_views},
      {"texture-barriers", scr->stats.texture_barriers},
      {"invalid-image-units", scr->stats.invalid_image_units},
      {"storage-attached", scr->stats.storage_attached},
      {"blend-shader-views", scr->stats.blend_shader_views},
      {"texture-views-refused", scr->stats.texture_views_refused},
      {"resource-out-of-memory", scr->stats.resource_oom},
      {"staging-out-of-memory", scr->stats.staging_oom},
      {"descriptor-out-of-memory", scr->stats.descriptor_oom},
      {"images-zeroed", scr->stats.images_zeroed},
      {"buffers-zeroed", scr->stats.buffers_zeroed},
      {"client-maps", scr->stats.client_maps},
      {"client-maps-declined", scr->stats.client_maps_declined},
      {"heap-maps", scr->stats.heap_maps},
      {"stores-zero-skipped", scr->stats.stores_zero_skipped},
      {"levels-zero-skipped", scr->stats.levels_zero_skipped},
      {"stores-zero-deferred-paid", scr->stats.stores_zero_deferred_paid},
      {"buffers-suballocated", scr->stats.buffers_suballocated},
      {"sub-blocks-made", scr->stats.sub_blocks_made},
      {"sub-block-bytes", scr->sub.block_bytes},
      {"images-suballocated", scr->stats.images_suballocated},
      {"sub-pending-waits", scr->stats.sub_pending_waits},
      {"sub-pending-submits", scr->stats.sub_pending_submits},
      {"sub-frees-at-once", scr->stats.sub_frees_at_once},
      {"cmd-bind-pipeline", scr->stats.cmd_bind_pipeline},
      {"cmd-bind-sets", scr->stats.cmd_bind_sets},
      {"cmd-bind-vertex-buffers", scr->stats.cmd_bind_vertex_buffers},
      {"cmd-bind-index-buffer", scr->stats.cmd_bind_index_buffer},
      {"cmd-set-state", scr->stats.cmd_set_state},
      {"cmd-draws", scr->stats.cmd_draws},
      {"draws", scr->stats.draws_recorded},
      {"indirect-cmds", scr->stats.indirect_cmds},
      {"indirect-count-cmds", scr->stats.indirect_count_cmds},
      {"xfb-scopes", scr->stats.xfb_scopes},
      {"fast-draws", scr->stats.fast_draws},
      {"sampler-resolves", scr->stats.sampler_resolves},
      {"sampler-memo-carries", scr->stats.sampler_memo_carries},
      {"texture-set-memo-hits", scr->stats.texture_set_memo_hits},
      {"buffer-set-memo-hits", scr->stats.buffer_set_memo_hits},
      {"dispatch-memo-hits", scr->stats.dispatch_memo_hits},
      {"dispatch-binds-kept", scr->stats.dispatch_binds_kept},
      {"indirect-memo-hits", scr->stats.indirect_memo_hits},
      {"quirk-split-io-blocks", scr->stats.quirk_split_io_blocks},
      {"quirk-int64-varying-words", scr->stats.quirk_int64_varying_words},
      {"quirk-fp64-varying-words", scr->stats.quirk_fp64_varying_words},
      {"spirv-validations", scr->stats.spirv_validations},
      {"border-swizzle-samplers", scr->stats.border_swizzle_samplers},
      {"local-index-clamps", scr->stats.local_index_clamps},
      {"local-indices-left", scr->stats.local_indices_left},
      {"local-index-clamps-failed", scr->stats.local_index_clamps_failed},
      {"gs-splits", scr->stats.gs_splits},
      {"gs-splits-failed", scr->stats.gs_splits_failed},
      {"gs-point-size-cuts", scr->stats.gs_point_size_cuts},
      {"dispatches", scr->stats.dispatches},
      {"memory-barriers", scr->stats.memory_barriers},
      {"readback-shader-barriers", scr->stats.readback_shader_barriers},
      {"fence-waits-spun", scr->stats.fence_waits_spun},
      {"fence-waits-slept", scr->stats.fence_waits_slept},
      {"image-transitions", scr->stats.image_transitions},
      {"arena-blocks-made", scr->stats.arena_blocks_made},
   };
   unsigned n = sizeof(rows) / sizeof(rows[0]);
   if (!names || !values)
      return n;
   if (n > max)
      n = max;
   for (unsigned i = 0; i < n; i++) {
      names[i] = rows[i].name;
      values[i] = rows[i].value;
   }
   return n;
}

const struct mgp_screen_vtbl vkb_screen_vtbl = {
   .get_caps = vkb_get_caps,
   .context_create = vkb_context_create,
   .context_destroy = vkb_context_destroy,
   .resource_create = vkb_resource_create,
   .resource_respecify = vkb_resource_respecify,
   .resource_destroy = vkb_resource_destroy,
   .map_persistent = vkb_map_persistent,
   .unmap_persistent = NULL,
   .fence_create = vkb_fence_create,
   .fence_status = vkb_fence_status,
   .fence_wait = vkb_fence_wait,
   .fence_destroy = vkb_fence_destroy,
   .query_create = vkb_query_create,
   .query_result = vkb_query_result,
   .get_timestamp = vkb_get_timestamp,
   .surface_bind_window = vkb_surface_bind_window,
   .query_destroy = vkb_query_destroy,
};

/* The most an exiting process waits for its submitted work when no watchdog bounds it. */
#define QUIESCE_MAX_NS (10ull * 1000000000ull)

static bool
screen_quiesce(void *screen)
{
   struct vkb_screen *scr = screen;
   if (!scr)
      return true;
   const uint64_t max_ns = scr->gpu_timeout_ns && scr->gpu_timeout_ns < QUIESCE_MAX_NS
                              ? scr->gpu_timeout_ns
                              : QUIESCE_MAX_NS;
   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   unsigned batches;
   VkResult r = vkb_batch_quiesce(scr, max_ns, &batches);
   if (!batches)
      return true;
   clock_gettime(CLOCK_MONOTONIC, &t1);
   const double ms =
      (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
   if (r == VK_SUCCESS)
      mgu_log_always("vulkan: the process is exiting: waited %.1f ms for %u submitted batches", ms,
                     batches);
   else
      mgu_warn("vulkan: the process is exiting: stopped waiting for %u submitted batches after "
               "%.1f ms (VkResult %d); the driver may still run them as it unloads",
               batches, ms, (int)r);
   return r == VK_SUCCESS;
}

const struct mgs_backend mgs_vulkan_backend = {
   .name = "vulkan",
   .screen_create = screen_create,
   .screen_destroy = screen_destroy,
   .screen_vtbl = &vkb_ticked_screen_vtbl,
   .context_vtbl = &vkb_ticked_context_vtbl,
   .context_lookup = context_lookup,
   .heap_idle = vkb_heap_idle,
   .heap_attach = vkb_heap_attach,
   .heap_unmap = vkb_heap_unmap,
   .hung_screens = vkb_hung_screens,
   .gate_counters = gate_counters,
   .quiesce = screen_quiesce,
};
