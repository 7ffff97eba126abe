/* spv_point_size.c — a module without its gl_PointSize writes, for the draws that need no point
 * size. The front end's GLSL wrapper writes gl_PointSize in every vertex stage and in a
 * geometry stage that emits points (GL's point size: glPointSize's, or the shader's under
 * GL_PROGRAM_POINT_SIZE); a triangle or line draw never reads it, yet the stage keeps one more
 * output for it: the GLES backend's vertex stage variant for draws that are not points
 * (glb_shader.c: GLB_VARIANT_NO_POINT_SIZE: llvmpipe keeps a smaller vertex store), and the
 * Vulkan backend's geometry stage that fits the device's output limits only without it
 * (vkb_cso.c: gs_point_size_cut_patch). The pass drops every OpStore to the PointSize
 * built-in: the built-in variable itself or the member of the output block (gl_PerVertex) an
 * access chain with a constant index names (the chain goes too, so that no reflection counts
 * the member reached: spv_pervertex_trim.c may then cut it). A module that uses the built-in any other way (a
 * load of it, the block loaded, stored or copied whole, passed to a function, indexed
 * otherwise) is left as it is (*err says which), and so is one whose transform feedback
 * captures it (the Xfb execution mode and an Offset on the built-in variable, its block
 * variable or its block member, or a load of it: glTransformFeedbackVaryings' capture is a
 * copy into an output of its own, glsl_link_xfb.c): the buffer would get a size nobody
 * wrote. */
#include <stdlib.h>
#include <string.h>

#include "spv.h"

/* per id: what walk 1 saw */
enum {
   PS_VAR = 1,     /* a variable decorated BuiltIn PointSize */
   PS_CHAIN = 2,   /* an access chain to the PointSize member of an output block */
   PS_BLOCK = 4,   /* an output variable of a struct with a PointSize member */
   PS_STRUCT = 8,  /* a struct with a PointSize member (ps_member[id]) */
   PS_CONST = 16,  /* an OpConstant (const_val[id]) */
   PS_OUTPTR = 32, /* an OpTypePointer of the Output class to a PS_STRUCT */
   PS_OFFSET = 64, /* decorated Offset (a variable: captured by transform feedback) */
   PS_HIGH = 128,  /* a member past 31 decorated Offset (offset_mask holds 0-31) */
};

/* The bound a module may declare: ids past it are refused rather than allocated for. */
enum { PS_MAX_BOUND = 1u << 22 };

uint32_t *
spv_cut_point_size(const uint32_t *w, size_t n, size_t *out_n, const char **err)
{
   *out_n = 0;
   *err = NULL;
   if (n < 5 || w[3] == 0 || w[3] > PS_MAX_BOUND) {
      *err = "no module header, or its bound past the pass's";
      return NULL;
   }
   const uint32_t bound = w[3];
   uint8_t *kind = calloc(bound, 1);
   uint32_t *member = calloc(bound, sizeof(uint32_t));      /* PS_STRUCT: member; PS_CONST: value */
   uint32_t *offset_mask = calloc(bound, sizeof(uint32_t)); /* members 0-31 decorated Offset */
   uint32_t *out = NULL;
   bool xfb = false;
   if (!kind || !member || !offset_mask) {
      *err = "out of memory";
      goto done;
   }
#define ID_OK(id) ((id) < bound)
   /* walk 1: the built-in's variable, struct member, the output blocks and the chains */
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      if (it.op == SpvOpExecutionMode && it.nops >= 2 && o[1] == SpvExecutionModeXfb) {
         xfb = true;
      } else if (it.op == SpvOpDecorate && it.nops >= 2 && o[1] == SpvDecorationOffset &&
                 ID_OK(o[0])) {
         kind[o[0]] |= PS_OFFSET;
      } else if (it.op == SpvOpMemberDecorate && it.nops >= 3 && o[2] == SpvDecorationOffset &&
                 ID_OK(o[0])) {
         if (o[1] < 32)
            offset_mask[o[0]] |= 1u << o[1];
         else
            kind[o[0]] |= PS_HIGH;
      } else if (it.op == SpvOpDecorate && it.nops >= 3 && o[1] == SpvDecorationBuiltIn &&
                 o[2] == SpvBuiltInPointSize && ID_OK(o[0])) {
         kind[o[0]] |= PS_VAR;
      } else if (it.op == SpvOpMemberDecorate && it.nops >= 4 && o[2] == SpvDecorationBuiltIn &&
                 o[3] == SpvBuiltInPointSize && ID_OK(o[0])) {
         kind[o[0]] |= PS_STRUCT;
         member[o[0]] = o[1];
      } else if (it.op == SpvOpConstant && it.nops == 3 && ID_OK(o[1])) {
         kind[o[1]] |= PS_CONST;
         member[o[1]] = o[2];
      } else if (it.op == SpvOpTypePointer && it.nops >= 3 && ID_OK(o[0]) && ID_OK(o[2]) &&
                 o[1] == SpvStorageClassOutput && (kind[o[2]] & PS_STRUCT)) {
         kind[o[0]] |= PS_OUTPTR;
         member[o[0]] = member[o[2]];
      } else if (it.op == SpvOpVariable && it.nops >= 3 && ID_OK(o[0]) && ID_OK(o[1]) &&
                 (kind[o[0]] & PS_OUTPTR)) {
         kind[o[1]] |= PS_BLOCK;
         member[o[1]] = member[o[0]];
      } else if ((it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) && it.nops >= 3 &&
                 ID_OK(o[1]) && ID_OK(o[2]) && (kind[o[2]] & PS_BLOCK)) {
         if (it.nops < 4 || !ID_OK(o[3]) || !(kind[o[3]] & PS_CONST)) {
            *err = "an output block indexed by a value, or not at all";
            goto done;
         }
         if (member[o[3]] == member[o[2]]) {
            if (it.nops != 4) {
               *err = "an access chain into gl_PointSize";
               goto done;
            }
            kind[o[1]] |= PS_CHAIN;
         }
      }
   }
   if (it.bad) {
      *err = "an instruction past the module's end";
      goto done;
   }
   /* captured: the size must be written (the decorations may come before the built-in's) */
   for (uint32_t id = 0; xfb && id < bound; id++) {
      const bool member_captured =
         (kind[id] & PS_STRUCT) &&
         (member[id] < 32 ? (offset_mask[id] >> member[id]) & 1 : (kind[id] & PS_HIGH) != 0);
      if (member_captured || ((kind[id] & PS_OFFSET) && (kind[id] & (PS_VAR | PS_BLOCK)))) {
         *err = SPV_POINT_SIZE_CAPTURED;
         goto done;
      }
   }
   /* walk 2: each store to the built-in dropped; any other use of it (or of the block whole)
    * leaves the module as it is. The operands scanned are the ids an instruction in a
    * function can name; the declarations (types, constants, annotations, debug) name none of
    * these values. */
   out = malloc(n * sizeof(uint32_t));
   if (!out) {
      *err = "out of memory";
      goto done;
   }
   memcpy(out, w, 5 * sizeof(uint32_t));
   size_t m = 5;
   unsigned cut = 0;
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      const bool decl = spv_is_annotation(it.op) || it.op == SpvOpName ||
                        it.op == SpvOpMemberName || it.op == SpvOpEntryPoint ||
                        it.op == SpvOpVariable || it.op == SpvOpLine || it.op == SpvOpString ||
                        it.op == SpvOpSource || it.op == SpvOpSourceExtension ||
                        it.op == SpvOpSourceContinued || it.op == SpvOpExecutionMode ||
                        it.op == SpvOpExecutionModeId || it.op == SpvOpExtInstImport ||
                        it.op == SpvOpModuleProcessed || it.op == SpvOpCapability ||
                        it.op == SpvOpExtension || it.op == SpvOpMemoryModel ||
                        (it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer) ||
                        (it.op >= SpvOpConstantTrue && it.op <= SpvOpSpecConstantOp);
      if (it.op == SpvOpStore && it.nops >= 2 && ID_OK(o[0]) &&
          (kind[o[0]] & (PS_VAR | PS_CHAIN))) {
         if (ID_OK(o[1]) && (kind[o[1]] & (PS_VAR | PS_CHAIN | PS_BLOCK))) {
            *err = "a pointer to gl_PointSize stored";
            goto done;
         }
         cut++;
         continue;
      }
      /* the chains to it go with the stores, their only use (any other is refused below), so
       * that no reflection sees the member reached */
      if ((it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) && it.nops >= 2 &&
          ID_OK(o[1]) && (kind[o[1]] & PS_CHAIN))
         continue;
      if (!decl) {
         /* the operands that may be ids: all but a load's or store's memory operands and a
          * chain's base into a block with gl_PointSize (walk 1 checked its index) */
         uint32_t first = 0, last = it.nops;
         if (it.op == SpvOpLoad)
            last = it.nops < 3 ? it.nops : 3;
         else if (it.op == SpvOpStore)
            last = it.nops < 2 ? it.nops : 2;
         else if (it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain)
            first = it.nops >= 3 && ID_OK(o[2]) && (kind[o[2]] & PS_BLOCK) ? 3 : 0;
         for (uint32_t k = first; k < last; k++) {
            const bool chain_result =
               (it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) && k == 1;
            if (!chain_result && ID_OK(o[k]) && (kind[o[k]] & (PS_VAR | PS_CHAIN | PS_BLOCK))) {
               /* under a capture a load of the size is the front end's copy of it into the
                * captured output (glsl_link_xfb.c): the stores feed it */
               *err = xfb && it.op == SpvOpLoad && (kind[o[k]] & (PS_VAR | PS_CHAIN))
                         ? SPV_POINT_SIZE_CAPTURED
                         : "gl_PointSize (or its block) used otherwise than stored to";
               goto done;
            }
         }
      }
      memcpy(out + m, w + it.pc, it.len * sizeof(uint32_t));
      m += it.len;
   }
   if (it.bad) {
      *err = "an instruction past the module's end";
      goto done;
   }
   if (!cut) {
      free(out);
      out = NULL;
      goto done;
   }
   *out_n = m;
#undef ID_OK
done:
   if (*err) {
      free(out);
      out = NULL;
   }
   free(kind);
   free(member);
   free(offset_mask);
   return out;
}

uint32_t *
spv_cut_point_size_trim(const uint32_t *w, size_t n, size_t *out_n, const char **err)
{
   uint32_t *cut = spv_cut_point_size(w, n, out_n, err);
   if (!cut)
      return NULL;
   size_t tn = 0;
   const char *trim_err = NULL; /* a block left whole is still a module without the stores */
   uint32_t *trim = spv_trim_pervertex_out(cut, *out_n, &tn, &trim_err);
   if (!trim)
      return cut;
   free(cut);
   *out_n = tn;
   return trim;
}
