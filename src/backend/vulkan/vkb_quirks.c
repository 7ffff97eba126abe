/* vkb_quirks.c — workarounds for one driver's bugs, keyed by what the device reports
 * (VkPhysicalDeviceDriverProperties::driverID and the driver version), applied only where a row
 * of the table holds. MGL_VK_QUIRKS overrides the table: a comma-separated list of quirk names,
 * each turning the quirk on, "-name" turning it off, "none" clearing every quirk first (so a bug
 * can be shown to still exist on the device the table names). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "spv.h"
#include "vkb.h"

struct quirk_row {
   uint32_t quirk; /* VKB_QUIRK_* */
   VkDriverId driver;
   uint32_t min_version; /* VkPhysicalDeviceProperties::driverVersion range, inclusive */
   uint32_t max_version;
};

/* Lavapipe (Mesa 22.3 here) interpolates flat, noperspective and centroid members of an array
 * of interface blocks wrongly (piglit interface-block-interpolation-array,
 * glsl-1.50-interface-block-centroid array) while the same SPIR-V is right on other drivers and
 * plain variables are right on lavapipe: the backend splits user interface blocks into one
 * variable per member (spv_split.c). No fixed Mesa version is known: every version. */
static const struct quirk_row quirk_table[] = {
   {VKB_QUIRK_SPLIT_IO_BLOCKS, VK_DRIVER_ID_MESA_LLVMPIPE, 0, UINT32_MAX},
};

static const char *const quirk_names[VKB_QUIRK_COUNT] = {
   [VKB_QUIRK_SPLIT_IO_BLOCKS] = "split-io-blocks",
};

static int
quirk_by_name(const char *name, size_t len)
{
   for (int q = 0; q < VKB_QUIRK_COUNT; q++)
      if (strlen(quirk_names[q]) == len && !strncmp(quirk_names[q], name, len))
         return q;
   return -1;
}

uint32_t
vkb_quirks_select(VkDriverId driver, uint32_t driver_version, const char *knob)
{
   uint32_t mask = 0;
   for (size_t i = 0; i < sizeof(quirk_table) / sizeof(quirk_table[0]); i++) {
      const struct quirk_row *r = &quirk_table[i];
      if (r->driver == driver && driver_version >= r->min_version &&
          driver_version <= r->max_version)
         mask |= 1u << r->quirk;
   }
   for (const char *p = knob; p && *p;) {
      const size_t len = strcspn(p, ",");
      const bool off = len > 0 && p[0] == '-';
      const char *name = off ? p + 1 : p;
      const size_t name_len = off ? len - 1 : len;
      const int q = quirk_by_name(name, name_len);
      if (name_len == 4 && !strncmp(name, "none", 4))
         mask = 0;
      else if (q >= 0 && off)
         mask &= ~(1u << q);
      else if (q >= 0)
         mask |= 1u << q;
      else if (len)
         mgu_warn("vulkan: MGL_VK_QUIRKS: unknown quirk '%.*s'", (int)len, p);
      p += len;
      if (*p == ',')
         p++;
   }
   return mask;
}

void
vkb_quirks_init(struct vkb_screen *scr, VkDriverId driver)
{
   const char *knob = getenv("MGL_VK_QUIRKS");
   scr->quirks = vkb_quirks_select(driver, scr->props.driverVersion, knob);
   for (int q = 0; q < VKB_QUIRK_COUNT; q++)
      if (scr->quirks & (1u << q))
         mgu_info("vulkan: quirk %s on", quirk_names[q]);
}

/* VKB_QUIRK_SPLIT_IO_BLOCKS: every stage's user interface blocks become one variable per member,
 * in every stage or in none (an array of blocks gets its locations in another order, so both
 * sides of an interface must take the same rewrite). The client's words are validated before the
 * rewrite reads them and the rewrite's words after; any stage that cannot be split leaves every
 * stage as the client sent it, and create_modules then reads (and validates) the client's words
 * as it does on every other device. */
void
vkb_quirk_split_io_blocks(struct vkb_screen *scr, uint32_t stage_mask, const struct mgp_span *spirv,
                          uint32_t **out, size_t *out_n)
{
   bool any = false, ok = true;
   char why[256];
   for (int s = 0; s < MGP_SHADER_STAGE_COUNT && ok; s++) {
      const struct mgp_span *sp = &spirv[s];
      if (!(stage_mask & (1u << s)))
         continue;
      if (!sp->ptr || sp->size < 20 || sp->size % 4) {
         ok = false;
         break;
      }
      const size_t n = sp->size / 4;
      uint32_t *w = malloc(sp->size);
      if (!w) {
         ok = false;
         break;
      }
      memcpy(w, sp->ptr, sp->size);
      out[s] = w;
      out_n[s] = n;
      if (!vkb_spirv_validate(scr, w, n, why, sizeof(why))) {
         ok = false;
         break;
      }
      bool blocked = false;
      const char *err = NULL;
      size_t sn = 0;
      uint32_t *split = spv_split_blocks(w, n, &sn, &blocked, &err);
      if (blocked || err) {
         if (err)
            mgu_warn("vulkan: quirk split-io-blocks: %s", err);
         free(split);
         ok = false;
         break;
      }
      if (!split)
         continue; /* nothing to split in this stage: its words as they came (validated) */
      if (!vkb_spirv_validate(scr, split, sn, why, sizeof(why))) {
         mgu_warn("vulkan: quirk split-io-blocks: the split module does not validate: %s", why);
         free(split);
         ok = false;
         break;
      }
      free(w);
      out[s] = split;
      out_n[s] = sn;
      any = true;
   }
   if (ok && any) {
      scr->stats.quirk_split_io_blocks++;
      return;
   }
   for (int s = 0; s < MGP_SHADER_STAGE_COUNT; s++) {
      free(out[s]);
      out[s] = NULL;
      out_n[s] = 0;
   }
}
