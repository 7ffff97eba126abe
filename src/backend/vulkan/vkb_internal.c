/* vkb_internal.c — what the backend's own draws (masked clears, drawn blits) share: shader
 * modules from build-time SPIR-V, and a short list of pipelines found by a byte key. These
 * pipelines are not the app's (vkb_pipeline.c): they are few, made on first use and kept for
 * the screen's life, so a linear search is enough. */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "vkb.h"

VkShaderModule
vkb_internal_module(struct vkb_screen *scr, const uint32_t *words, size_t bytes, const char *what)
{
   const VkShaderModuleCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = bytes,
      .pCode = words,
   };
   VkShaderModule m = VK_NULL_HANDLE;
   vkb_check(scr, vkCreateShaderModule(scr->dev, &ci, NULL, &m), what);
   return m;
}

VkPipeline
vkb_keyed_pipes_find(const struct vkb_keyed_pipes *l, const void *key)
{
   for (uint32_t i = 0; i < l->count; i++)
      if (!memcmp(l->keys + (size_t)i * l->key_size, key, l->key_size))
         return l->pipes[i];
   return VK_NULL_HANDLE;
}

bool
vkb_keyed_pipes_reserve(struct vkb_screen *scr, struct vkb_keyed_pipes *l, const char *what)
{
   /* grown before the pipeline is built, so a failure here leaks no pipeline */
   if (!mgu_array_reserve(l->keys, l->keys_cap, ((uint64_t)l->count + 1) * l->key_size) ||
       !mgu_array_reserve(l->pipes, l->pipes_cap, (uint64_t)l->count + 1)) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, what);
      return false;
   }
   return true;
}

void
vkb_keyed_pipes_add(struct vkb_keyed_pipes *l, const void *key, VkPipeline p)
{
   memcpy(l->keys + (size_t)l->count * l->key_size, key, l->key_size);
   l->pipes[l->count++] = p;
}

void
vkb_keyed_pipes_finish(struct vkb_screen *scr, struct vkb_keyed_pipes *l)
{
   for (uint32_t i = 0; i < l->count; i++)
      vkDestroyPipeline(scr->dev, l->pipes[i], NULL);
   free(l->keys);
   free(l->pipes);
   l->keys = NULL;
   l->pipes = NULL;
   l->count = l->keys_cap = l->pipes_cap = 0;
}
