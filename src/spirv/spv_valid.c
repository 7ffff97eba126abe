/* spv_valid.c — every client SPIR-V module goes through SPIRV-Tools' validator before a backend
 * reads it, on either backend. The words come from another process: neither a driver nor
 * SPIRV-Cross nor mgl's own passes are SPIR-V validators, and a malformed module can crash them
 * or leak inside them. An honest front end sends only what glslang produced (the validation
 * layer checks the same rules in the Vulkan validation lane). */
#include <pthread.h>
#include <spirv-tools/libspirv.h>
#include <stdio.h>

#include "spv.h"

/* One validator context per target environment, made once: building the grammar tables costs
 * more than validating a typical module. */
static pthread_mutex_t valid_lock = PTHREAD_MUTEX_INITIALIZER;
static spv_context valid_ctx[SPV_VALID_ENV_COUNT];
static spv_validator_options valid_opts;

bool
spv_validate(enum spv_valid_env env, const uint32_t *words, size_t count, char *why,
             size_t why_size)
{
   static const spv_target_env envs[SPV_VALID_ENV_COUNT] = {
      [SPV_VALID_VULKAN_1_1] = SPV_ENV_VULKAN_1_1,
      [SPV_VALID_VULKAN_1_2] = SPV_ENV_VULKAN_1_2,
      [SPV_VALID_VULKAN_1_3] = SPV_ENV_VULKAN_1_3,
   };
   const unsigned e = (unsigned)env < SPV_VALID_ENV_COUNT ? (unsigned)env : 0;
   pthread_mutex_lock(&valid_lock);
   if (!valid_opts) {
      valid_opts = spvValidatorOptionsCreate();
      /* Vulkan 1.1 made VK_KHR_relaxed_block_layout core; the layer validates with it too.
       * No friendly names: the validator would map every id of every module to a name (a
       * quarter of a warm link's instructions, issue 20) for messages a module that validates
       * never gets; a refusal's message names ids by number. */
      if (valid_opts) {
         spvValidatorOptionsSetRelaxBlockLayout(valid_opts, true);
         spvValidatorOptionsSetFriendlyNames(valid_opts, false);
      }
   }
   if (!valid_ctx[e])
      valid_ctx[e] = spvContextCreate(envs[e]);
   const spv_context ctx = valid_ctx[e];
   const spv_validator_options opts = valid_opts;
   pthread_mutex_unlock(&valid_lock);
   if (!ctx || !opts) {
      snprintf(why, why_size, "the SPIR-V validator could not be created");
      return false;
   }
   /* The header's fifth word (the instruction schema) is reserved and 0. SPIRV-Tools' validator
    * does not read it; Mesa's spirv_to_nir refuses the module, and lavapipe leaks what it made
    * on that path (docs/RELIABILITY.md, sec38). */
   if (count >= 5 && words[4] != 0) {
      snprintf(why, why_size, "invalid SPIR-V: the header's schema word is %u, not 0",
               (unsigned)words[4]);
      return false;
   }
   struct spv_const_binary_t bin = {.code = words, .wordCount = count};
   spv_diagnostic diag = NULL;
   const spv_result_t r = spvValidateWithOptions(ctx, opts, &bin, &diag);
   if (r != SPV_SUCCESS)
      snprintf(why, why_size, "invalid SPIR-V: %s",
               diag && diag->error ? diag->error : "rejected by the validator");
   spvDiagnosticDestroy(diag);
   return r == SPV_SUCCESS;
}
