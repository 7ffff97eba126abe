/* vkb_base.c — what every layer of the Vulkan backend calls: fatals, VkResult checks, memory
 * type choice and the slot tables that map wire handles to objects. It calls nothing above it. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "log.h"
#include "vkb.h"

/* ---- fatals ------------------------------------------------------------------------------ */

void
vkb_fatal(struct vkb_screen *scr, enum mgu_fatal name, const char *detail)
{
   if (scr->failed)
      return;
   scr->failed = true;
   mgu_error("vulkan: fatal %s: %s", mgu_fatal_name(name), detail);
   scr->env.fatal(scr->env.session, name, detail);
}

bool
vkb_check(struct vkb_screen *scr, VkResult err, const char *what)
{
   if (err == VK_SUCCESS)
      return true;
   char detail[160];
   snprintf(detail, sizeof(detail), "%s: VkResult %d", what, (int)err);
   switch (err) {
   case VK_ERROR_OUT_OF_HOST_MEMORY:
   case VK_ERROR_OUT_OF_DEVICE_MEMORY:
   case VK_ERROR_FRAGMENTED_POOL:
   case VK_ERROR_OUT_OF_POOL_MEMORY: vkb_fatal(scr, MGU_FATAL_OutOfMemory, detail); break;
   default: vkb_fatal(scr, MGU_FATAL_DeviceLost, detail); break;
   }
   return false;
}

int32_t
vkb_find_memory(const struct vkb_screen *scr, uint32_t type_bits, VkMemoryPropertyFlags want,
                VkMemoryPropertyFlags avoid)
{
   for (uint32_t i = 0; i < scr->mem_props.memoryTypeCount; i++) {
      const VkMemoryPropertyFlags f = scr->mem_props.memoryTypes[i].propertyFlags;
      if ((type_bits & (1u << i)) && (f & want) == want && !(f & avoid))
         return (int32_t)i;
   }
   return -1;
}

/* ---- slot tables ------------------------------------------------------------------------- */

#define VKB_MAX_SLOTS (1u << 22)

/* vkb_lookup's refusal of a stale or unknown handle, out of line. */
void *
vkb_lookup_stale(struct vkb_screen *scr, struct mgp_handle h, const char *call)
{
   char detail[96];
   snprintf(detail, sizeof(detail), "%s {%u,%u}", call, h.slot, h.gen);
   vkb_fatal(scr, MGU_FATAL_StaleHandle, detail);
   return NULL;
}

/* A size from the environment (k, m, g suffixes), else def; 0 means no cap. */
uint64_t
vkb_size_knob(const char *name, uint64_t def)
{
   const char *v = getenv(name);
   if (!v || !*v)
      return def;
   char *end;
   unsigned long long n = strtoull(v, &end, 0);
   unsigned shift = *end == 'k' || *end == 'K'   ? 10
                    : *end == 'm' || *end == 'M' ? 20
                    : *end == 'g' || *end == 'G' ? 30
                                                 : 0;
   return n > (UINT64_MAX >> shift) ? UINT64_MAX : (uint64_t)n << shift;
}

/* How many objects of one kind a session may hold (each costs server memory however small
 * it is on the wire). */
static uint32_t
session_objects_max(void)
{
   static _Atomic uint32_t max;
   uint32_t m = max;
   if (!m) {
      uint64_t v = vkb_size_knob("MGL_SERVER_SESSION_OBJECTS", 1u << 20);
      m = v && v < VKB_MAX_SLOTS ? (uint32_t)v : VKB_MAX_SLOTS;
      max = m;
   }
   return m;
}

bool
vkb_table_put(struct vkb_screen *scr, struct vkb_table *t, struct vkb_obj *obj, const char *call)
{
   const uint32_t slot = obj->h.slot;
   char detail[96];
   if (mgp_handle_is_null(obj->h) || slot >= VKB_MAX_SLOTS) {
      snprintf(detail, sizeof(detail), "%s {%u,%u}: slot out of range", call, slot, obj->h.gen);
      vkb_fatal(scr, MGU_FATAL_StaleHandle, detail);
      return false;
   }
   if (t->live >= session_objects_max()) {
      snprintf(detail, sizeof(detail), "%s: %u objects of this kind (MGL_SERVER_SESSION_OBJECTS)",
               call, t->live);
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, detail);
      return false;
   }
   if (!mgu_array_reserve(t->slots, t->cap, (uint64_t)slot + 1)) {
      vkb_fatal(scr, MGU_FATAL_OutOfMemory, call);
      return false;
   }
   if (t->slots[slot]) {
      snprintf(detail, sizeof(detail), "%s {%u,%u}: slot still holds gen %u", call, slot,
               obj->h.gen, t->slots[slot]->h.gen);
      vkb_fatal(scr, MGU_FATAL_StaleHandle, detail);
      return false;
   }
   t->slots[slot] = obj;
   t->live++;
   return true;
}

void
vkb_table_remove(struct vkb_table *t, struct vkb_obj *obj)
{
   if (obj->h.slot < t->cap && t->slots[obj->h.slot] == obj) {
      t->slots[obj->h.slot] = NULL;
      t->live--;
      t->removed++;
   }
}

void
vkb_table_finish(struct vkb_table *t)
{
   free(t->slots);
   t->slots = NULL;
   t->cap = 0;
}
