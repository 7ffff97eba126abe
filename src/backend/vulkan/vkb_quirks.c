/* vkb_quirks.c — workarounds for one driver's bugs, keyed by what the device reports
 * (VkPhysicalDeviceDriverProperties::driverID and the driver version), applied only where a row
 * of the table holds. MGL_VK_QUIRKS overrides the table: a comma-separated list of quirk names,
 * each turning the quirk on, "-name" turning it off, "none" clearing every quirk first (so a bug
 * can be shown to still exist on the device the table names). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decline.h"
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
/* NVIDIA's driver (580.159 on an H100) reads a 64-bit integer three-component vector varying
 * wrong (piglit arb_gpu_shader_int64 inout vs-out-fs-in-S1-u64vec3 and two others, scenario
 * int64_varyings; issue 20) while lavapipe reads the same SPIR-V right: every stage's 64-bit
 * integer varyings cross as 32-bit words (spv_varying_words.c). No fixed version is known. */
/* The same driver reads 64-bit float varyings wrong too (piglit arb_gpu_shader_fp64 inout
 * vs-out-fs-in-dmat4x2 and vs-out-fs-in-S1-dmat4x2/x3/x4, varying-packing-simple double array,
 * dvec4 separate, dmat3x4 array, dmat4 arrays_of_arrays: red where green is expected; issue 20):
 * every stage's double varyings cross as 32-bit words too (the same pass). */
static const struct quirk_row quirk_table[] = {
   {VKB_QUIRK_SPLIT_IO_BLOCKS, VK_DRIVER_ID_MESA_LLVMPIPE, 0, UINT32_MAX},
   {VKB_QUIRK_INT64_VARYING_WORDS, VK_DRIVER_ID_NVIDIA_PROPRIETARY, 0, UINT32_MAX},
   {VKB_QUIRK_FP64_VARYING_WORDS, VK_DRIVER_ID_NVIDIA_PROPRIETARY, 0, UINT32_MAX},
};

static const char *const quirk_names[VKB_QUIRK_COUNT] = {
   [VKB_QUIRK_SPLIT_IO_BLOCKS] = "split-io-blocks",
   [VKB_QUIRK_INT64_VARYING_WORDS] = "int64-varying-words",
   [VKB_QUIRK_FP64_VARYING_WORDS] = "fp64-varying-words",
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

/* One rewrite of every stage's words, for a quirk whose rewrite both sides of an interface must
 * take (VKB_QUIRK_SPLIT_IO_BLOCKS: an array of blocks gets its locations in another order;
 * VKB_QUIRK_INT64_VARYING_WORDS, VKB_QUIRK_FP64_VARYING_WORDS: the words' types): in every
 * stage or in none. A stage's words are out[s] where an earlier pass read them (validated
 * words), else the client's, copied and validated before the rewrite reads them. Each client
 * module is validated once (issue 20: a second validation was ~40% of a warm link): a stage the
 * rewrite leaves as it is, or that is left as it was because another stage cannot be rewritten,
 * keeps its validated copy in out[s], which the next quirk and create_modules take without
 * validating again; out[s] stays NULL only where the client's words were not read or did not
 * validate (create_modules reads them and refuses them). The rewrite's words are validated too:
 * our own passes' output, checked so that a bug in one is a warning and the stage as it was, not
 * a module the driver may crash on (paid only where a rewrite changed a stage). Returns whether
 * any stage was rewritten. */
typedef uint32_t *(*quirk_rewrite_fn)(const uint32_t *words, size_t num_words, size_t *out_n,
                                      bool *blocked, const char **err);

static bool
rewrite_stages(struct vkb_screen *scr, uint32_t stage_mask, const struct mgp_span *spirv,
               uint32_t **out, size_t *out_n, quirk_rewrite_fn rewrite, const char *quirk,
               bool decline_blocked)
{
   uint32_t *res[MGP_SHADER_STAGE_COUNT] = {0};
   uint32_t *copy[MGP_SHADER_STAGE_COUNT] = {0};
   size_t res_n[MGP_SHADER_STAGE_COUNT] = {0};
   bool any = false, ok = true;
   char why[256];
   for (int s = 0; s < MGP_SHADER_STAGE_COUNT && ok; s++) {
      const struct mgp_span *sp = &spirv[s];
      if (!(stage_mask & (1u << s)))
         continue;
      const uint32_t *w = out[s];
      size_t n = out_n[s];
      if (!w) {
         /* read once, into memory of our own: the span may lie at any byte of the client's
          * shared memory (the words' loads need 4-byte alignment), and the client may change
          * its bytes after the validator read them */
         if (!sp->ptr || sp->size < 20 || sp->size % 4 || !(copy[s] = malloc(sp->size))) {
            ok = false;
            break;
         }
         memcpy(copy[s], sp->ptr, sp->size);
         if (!vkb_spirv_validate(scr, copy[s], sp->size / 4, why, sizeof(why))) {
            free(copy[s]); /* create_modules validates the client's words again and refuses them */
            copy[s] = NULL;
            ok = false;
            break;
         }
         w = copy[s];
         n = sp->size / 4;
      }
      bool blocked = false;
      const char *err = NULL;
      res[s] = rewrite(w, n, &res_n[s], &blocked, &err);
      if (blocked || err) {
         if (err)
            mgu_warn("vulkan: quirk %s: %s", quirk, err);
         else if (decline_blocked)
            MGU_DECLINE(backend_feature_unimplemented,
                        "quirk %s: stage %d uses its interface in a way the rewrite cannot "
                        "follow: the program is left as written",
                        quirk, s);
         ok = false;
         break;
      }
      if (!res[s])
         continue; /* nothing to rewrite in this stage */
      if (!vkb_spirv_validate(scr, res[s], res_n[s], why, sizeof(why))) {
         mgu_warn("vulkan: quirk %s: the rewritten module does not validate: %s", quirk, why);
         ok = false;
         break;
      }
      any = true;
   }
   for (int s = 0; s < MGP_SHADER_STAGE_COUNT; s++) {
      if (ok && any && res[s]) {
         free(copy[s]);
         free(out[s]);
         out[s] = res[s];
         out_n[s] = res_n[s];
         continue;
      }
      free(res[s]);
      if (copy[s]) { /* out[s] was NULL: the client's words as they are, validated above */
         out[s] = copy[s];
         out_n[s] = spirv[s].size / 4;
      }
   }
   return ok && any;
}

void
vkb_quirk_split_io_blocks(struct vkb_screen *scr, uint32_t stage_mask, const struct mgp_span *spirv,
                          uint32_t **out, size_t *out_n)
{
   if (rewrite_stages(scr, stage_mask, spirv, out, out_n, spv_split_blocks, "split-io-blocks",
                      false))
      scr->stats.quirk_split_io_blocks++;
}

void
vkb_quirk_int64_varying_words(struct vkb_screen *scr, uint32_t stage_mask,
                              const struct mgp_span *spirv, uint32_t **out, size_t *out_n)
{
   if (rewrite_stages(scr, stage_mask, spirv, out, out_n, spv_int64_varying_words,
                      "int64-varying-words", true))
      scr->stats.quirk_int64_varying_words++;
}

void
vkb_quirk_fp64_varying_words(struct vkb_screen *scr, uint32_t stage_mask,
                             const struct mgp_span *spirv, uint32_t **out, size_t *out_n)
{
   if (rewrite_stages(scr, stage_mask, spirv, out, out_n, spv_fp64_varying_words,
                      "fp64-varying-words", true))
      scr->stats.quirk_fp64_varying_words++;
}
