/* spv_io_blocks.c — a per-vertex array of arrays with a Component decoration, wrapped in an
 * interface block.
 *
 * ARB_enhanced_layouts lets a tessellation control shader declare `layout(location = 0,
 * component = 3) out float b[][6];` (and its inputs, and the evaluation and geometry inputs,
 * alike): SPIR-V's type is float[6][n], the outer level the per-vertex one. Vulkan takes a
 * Component decoration on a scalar or vector or an array of them, and spirv-val counts the
 * per-vertex level as that array (VUID-StandaloneSpirv-Component-04924 on float[6]). Inside a
 * block the per-vertex level is the block array's, and the member is the float[6]: so each such
 * variable becomes a variable of type S[n], S a Block struct of one member (the old element
 * type), its decorations (Location, Component, interpolation) on the member, and each access
 * chain v[i] ... becomes v[i][0] ...; the interface matches by location and component as before.
 *
 * A variable used other than as an access chain's base with at least one index (loaded or
 * stored whole, passed to a function) is left as it is, and so the module (NULL, *err NULL). */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

struct iob_state {
   const uint32_t *w;
   size_t n;
   uint32_t bound;
   uint32_t *at;      /* [bound] word offset of the declaring instruction (0: none) */
   uint8_t *flags;    /* [bound] */
   uint32_t *new_ids; /* [bound] target variable -> its struct id (array id + 1, pointer + 2) */
   uint32_t exec_model;
   size_t functions;
};

enum {
   IOB_PATCH = 1,
   IOB_BUILTIN = 2,
   IOB_COMPONENT = 4,
   IOB_TARGET = 8,
};

static uint32_t
iob_op(const struct iob_state *s, uint32_t id)
{
   return id < s->bound && s->at[id] ? s->w[s->at[id]] & 0xffff : 0;
}

/* Whether id is declared by an instruction of op with at least four words (a pointer's or an
 * array's: the operands the pass reads are there). */
static bool
iob_is(const struct iob_state *s, uint32_t id, uint32_t op)
{
   return iob_op(s, id) == op && (s->w[s->at[id]] >> 16) >= 4;
}

/* Whether the variable at word p is arrayed per vertex in this stage. */
static bool
iob_per_vertex(const struct iob_state *s, uint32_t var, uint32_t sc)
{
   if (s->flags[var] & IOB_PATCH)
      return false;
   switch (s->exec_model) {
   case SpvExecutionModelTessellationControl:
      return sc == SpvStorageClassInput || sc == SpvStorageClassOutput;
   case SpvExecutionModelTessellationEvaluation:
   case SpvExecutionModelGeometry: return sc == SpvStorageClassInput;
   default: return false;
   }
}

/* Whether every use of a target in function code is an access chain base with an index. */
static bool
iob_uses_ok(const struct iob_state *s)
{
   for (size_t p = s->functions; p < s->n;) {
      const uint32_t wc = s->w[p] >> 16, op = s->w[p] & 0xffff;
      const bool chain = op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain;
      for (uint32_t k = 1; k < wc; k++) {
         const uint32_t id = s->w[p + k];
         if (id < s->bound && (s->flags[id] & IOB_TARGET) && !(chain && k == 3 && wc >= 5))
            return false;
      }
      p += wc;
   }
   return true;
}

static uint32_t *
iob_emit(struct iob_state *s, size_t *out_n, const char **err)
{
   struct spirv_out o = {0};
   uint32_t next = s->bound;
   /* a 32-bit int type for the member index: the module's own, or a new one */
   uint32_t int_type = 0, new_int = 0;
   size_t first_var = s->functions;
   for (uint32_t v = 1; v < s->bound; v++)
      if ((s->flags[v] & IOB_TARGET) && s->at[v] < first_var)
         first_var = s->at[v];
   /* (declared before the first variable, where the index constant goes) */
   for (uint32_t id = 1; id < s->bound && !int_type; id++)
      if (iob_is(s, id, SpvOpTypeInt) && s->w[s->at[id] + 2] == 32 && s->at[id] < first_var)
         int_type = id;
   if (!int_type)
      int_type = new_int = next++;
   const uint32_t zero = next++;
   for (uint32_t v = 1; v < s->bound; v++) {
      if (!(s->flags[v] & IOB_TARGET))
         continue;
      s->new_ids[v] = next;
      next += 3;
   }
   bool first_done = false;
   spirv_out_put(&o, s->w, 5);
   for (size_t p = 5; p < s->n && !o.oom;) {
      const uint32_t wc = s->w[p] >> 16, op = s->w[p] & 0xffff;
      if (op == SpvOpDecorate && wc >= 3 && s->w[p + 1] < s->bound &&
          (s->flags[s->w[p + 1]] & IOB_TARGET)) {
         /* the variable's decorations go to its block's member (once: Block on the struct) */
         const uint32_t st = s->new_ids[s->w[p + 1]];
         if (s->flags[s->w[p + 1]] & IOB_COMPONENT) {
            s->flags[s->w[p + 1]] &= (uint8_t)~IOB_COMPONENT;
            spirv_out_emit(&o, SpvOpDecorate, 2, (uint32_t[]){st, SpvDecorationBlock});
         }
         const uint32_t head[3] = {((wc + 1) << 16) | SpvOpMemberDecorate, st, 0};
         spirv_out_put(&o, head, 3);
         spirv_out_put(&o, s->w + p + 2, wc - 2);
         p += wc;
         continue;
      }
      if (op == SpvOpVariable && p < s->functions && (s->flags[s->w[p + 2]] & IOB_TARGET)) {
         const uint32_t var = s->w[p + 2], sc = s->w[p + 3];
         const uint32_t outer = s->w[s->at[s->w[p + 1]] + 3];
         const uint32_t elem = s->w[s->at[outer] + 2], len = s->w[s->at[outer] + 3];
         const uint32_t st = s->new_ids[var];
         if (!first_done) {
            first_done = true;
            if (new_int)
               spirv_out_emit(&o, SpvOpTypeInt, 3, (uint32_t[]){new_int, 32, 0});
            spirv_out_emit(&o, SpvOpConstant, 3, (uint32_t[]){int_type, zero, 0});
         }
         spirv_out_emit(&o, SpvOpTypeStruct, 2, (uint32_t[]){st, elem});
         spirv_out_emit(&o, SpvOpTypeArray, 3, (uint32_t[]){st + 1, st, len});
         spirv_out_emit(&o, SpvOpTypePointer, 3, (uint32_t[]){st + 2, sc, st + 1});
         const size_t at = o.n;
         spirv_out_put(&o, s->w + p, wc);
         if (!o.oom)
            o.w[at + 1] = st + 2;
         p += wc;
         continue;
      }
      if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && p >= s->functions &&
          wc >= 5 && s->w[p + 3] < s->bound && (s->flags[s->w[p + 3]] & IOB_TARGET)) {
         /* v[i] ... -> v[i][0] ... */
         const uint32_t head = ((wc + 1) << 16) | op;
         spirv_out_put(&o, &head, 1);
         spirv_out_put(&o, s->w + p + 1, 4);
         spirv_out_put(&o, &zero, 1);
         spirv_out_put(&o, s->w + p + 5, wc - 5);
         p += wc;
         continue;
      }
      spirv_out_put(&o, s->w + p, wc);
      p += wc;
   }
   uint32_t *words = spirv_out_finish(&o, next, out_n);
   if (!words)
      *err = "out of memory";
   return words;
}

uint32_t *
spv_wrap_component_arrays(const uint32_t *w, size_t n, size_t *out_n, const char **err)
{
   *err = NULL;
   if (n < 5 || w[0] != SpvMagicNumber || w[3] > SPV_ID_BOUND_MAX)
      return NULL;
   struct iob_state s = {.w = w, .n = n, .bound = w[3], .functions = n};
   s.at = calloc(s.bound, sizeof(*s.at));
   s.flags = calloc(s.bound, sizeof(*s.flags));
   s.new_ids = calloc(s.bound, sizeof(*s.new_ids));
   uint32_t *result = NULL;
   if (!s.at || !s.flags || !s.new_ids) {
      *err = "out of memory";
      goto done;
   }
   for (size_t p = 5; p < n;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (!wc || p + wc > n) {
         *err = "malformed SPIR-V";
         goto done;
      }
      if (op == SpvOpFunction && s.functions == n)
         s.functions = p;
      if (s.functions == n) {
         const uint32_t id = spv_decl_id(w + p, wc, op);
         if (id && id < s.bound)
            s.at[id] = (uint32_t)p;
         if (op == SpvOpEntryPoint && wc >= 2 && !s.exec_model)
            s.exec_model = w[p + 1];
         if (op == SpvOpDecorate && wc >= 3 && w[p + 1] < s.bound) {
            if (w[p + 2] == SpvDecorationPatch)
               s.flags[w[p + 1]] |= IOB_PATCH;
            if (w[p + 2] == SpvDecorationBuiltIn)
               s.flags[w[p + 1]] |= IOB_BUILTIN;
            if (w[p + 2] == SpvDecorationComponent)
               s.flags[w[p + 1]] |= IOB_COMPONENT;
         }
      }
      p += wc;
   }
   bool any = false;
   for (size_t p = 5; p < s.functions;) {
      const uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
      if (op == SpvOpVariable && wc >= 4) {
         const uint32_t var = w[p + 2], sc = w[p + 3], ptr = w[p + 1];
         if (var < s.bound && (s.flags[var] & IOB_COMPONENT) && !(s.flags[var] & IOB_BUILTIN) &&
             iob_per_vertex(&s, var, sc) && iob_is(&s, ptr, SpvOpTypePointer)) {
            const uint32_t outer = w[s.at[ptr] + 3];
            if (iob_is(&s, outer, SpvOpTypeArray) &&
                iob_is(&s, w[s.at[outer] + 2], SpvOpTypeArray)) {
               s.flags[var] |= IOB_TARGET;
               any = true;
            }
         }
      }
      p += wc;
   }
   if (any && iob_uses_ok(&s))
      result = iob_emit(&s, out_n, err);

done:
   free(s.at);
   free(s.flags);
   free(s.new_ids);
   return result;
}
