/* spv_clip_enables.c — GL's GL_CLIP_DISTANCEi enables in the last pre-rasterization stage.
 *
 * In GL a plane clips only while its enable is on (GL 4.6 §13.7); what a shader writes to
 * gl_ClipDistance[i] for a disabled plane is ignored. Vulkan has no enables: every element of
 * the ClipDistance array the stage declares clips. So where the stage hands a vertex on (before
 * the entry point's OpReturn in a vertex or tessellation-evaluation module, before each
 * OpEmitVertex / OpEmitStreamVertex in a geometry module) the array is loaded, element i is
 * replaced by max(d, 0.0) (never clipped: a NaN becomes 0.0 too) unless the boolean
 * specialization constant SPV_CLIP_ENABLE_SPEC_ID + i is true, and stored back.
 *
 * Specialization constants rather than one module per enable mask: the module is rewritten and
 * validated once per program, the backend's pipelines are already made per render state (the
 * mask is part of it), and the driver folds the constants when it builds each pipeline, so a
 * draw pays nothing. A fragment shader reading gl_ClipDistance[i] of a disabled plane sees the
 * value the stage wrote where it is not negative (GLSL 1.30 §7.2 leaves it undefined; Mesa
 * passes it on, and piglit's fs-cull-and-clip-distance-different reads it), 0 for the part of a
 * primitive it would have clipped. The new code goes right before the hand-off, after what
 * spv_patch.c put there (transform feedback copies read the values the shader wrote).
 *
 * Only a module that accesses the ClipDistance output is rewritten: glslang declares it in
 * gl_PerVertex (one element) even when the shader never writes it. The new declarations follow
 * spv_draw_params.c's placement: decorations after the last annotation, types and constants
 * before the first function, ids above the old bound. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

struct ce_scan {
   uint32_t model;            /* SpvExecutionModel */
   uint32_t entry;            /* the entry point's function */
   uint32_t deco_var;         /* a variable decorated BuiltIn ClipDistance */
   uint32_t member_struct[4]; /* structs with a BuiltIn ClipDistance member ... */
   uint32_t member_index[4];  /* ... which member */
   unsigned num_member_structs;
   uint32_t var;  /* the Output variable holding the array (0: none) */
   bool in_block; /* var is a block, the array its member `member` */
   uint32_t member;
   uint32_t array_type, float_type, length;
   uint32_t ptr_array;    /* Output pointer to the array type (0: declare one) */
   uint32_t member_const; /* the int constant `member` an access chain on var uses */
   uint32_t bool_type;    /* 0: declare one */
   bool accessed, blocked;
   bool malformed; /* an instruction's length runs past the end */
   size_t annot_end, globals_end;
};

/* The first instruction of opcode op that defines id (its result id at operand `at`), with
 * at least min_ops operands; false when there is none. */
static bool
find_def(const uint32_t *w, size_t n, uint32_t op, unsigned at, uint32_t id, uint32_t min_ops,
         struct spv_walk *out)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == op && it.nops >= min_ops && it.nops > at && it.o[at] == id) {
         *out = it;
         return true;
      }
   return false;
}

/* First pass: the entry point, the ClipDistance decorations, where new words go. False when
 * the module is not one the pass reads (several entry points, no function). */
static bool
scan_annotations(const uint32_t *w, size_t n, struct ce_scan *s)
{
   struct spv_walk it = spv_walk_begin(w, n);
   unsigned entries = 0;
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpEntryPoint && it.nops >= 2) {
         s->model = it.o[0];
         s->entry = it.o[1];
         entries++;
      }
      if (it.op == SpvOpDecorate && it.nops >= 3 && it.o[1] == SpvDecorationBuiltIn &&
          it.o[2] == SpvBuiltInClipDistance)
         s->deco_var = it.o[0];
      if (it.op == SpvOpMemberDecorate && it.nops >= 4 && it.o[2] == SpvDecorationBuiltIn &&
          it.o[3] == SpvBuiltInClipDistance && s->num_member_structs < 4) {
         s->member_struct[s->num_member_structs] = it.o[0];
         s->member_index[s->num_member_structs++] = it.o[1];
      }
      if (spv_is_annotation(it.op))
         s->annot_end = it.next;
      if (it.op == SpvOpTypeBool && it.nops == 1)
         s->bool_type = it.o[0];
      if (it.op == SpvOpFunction && !s->globals_end)
         s->globals_end = it.pc;
   }
   s->malformed = it.bad;
   return !it.bad && entries == 1 && s->globals_end && s->annot_end;
}

/* The Output variable that holds gl_ClipDistance, and the array's type. False when the stage
 * has none (or one of a shape glslang does not make). */
static bool
find_output(const uint32_t *w, size_t n, struct ce_scan *s)
{
   struct spv_walk it = spv_walk_begin(w, n), d;
   while (!s->var && spv_walk_next(&it)) {
      if (it.op != SpvOpVariable || it.nops < 3 || it.o[2] != SpvStorageClassOutput ||
          !find_def(w, n, SpvOpTypePointer, 0, it.o[0], 3, &d))
         continue;
      const uint32_t pointee = d.o[2];
      if (s->deco_var && it.o[1] == s->deco_var) {
         s->var = it.o[1];
         s->array_type = pointee;
         s->ptr_array = it.o[0];
         break;
      }
      for (unsigned k = 0; k < s->num_member_structs; k++) {
         if (pointee != s->member_struct[k] ||
             !find_def(w, n, SpvOpTypeStruct, 0, pointee, 1, &d) ||
             s->member_index[k] >= d.nops - 1)
            continue;
         s->var = it.o[1];
         s->in_block = true;
         s->member = s->member_index[k];
         s->array_type = d.o[1 + s->member];
         break;
      }
   }
   if (!s->var || !find_def(w, n, SpvOpTypeArray, 0, s->array_type, 3, &d))
      return false;
   const uint32_t elem = d.o[1], len_id = d.o[2];
   if (!find_def(w, n, SpvOpTypeFloat, 0, elem, 2, &d) || d.o[1] != 32 ||
       !find_def(w, n, SpvOpConstant, 1, len_id, 3, &d))
      return false;
   s->float_type = elem;
   s->length = d.o[2];
   return s->length > 0;
}

/* Whether the code accesses the array (a block: through an access chain whose first index is
 * the member's constant), and an Output pointer type to the array. */
static void
find_uses(const uint32_t *w, size_t n, struct ce_scan *s)
{
   uint32_t int32[4] = {0}, consts[8] = {0};
   unsigned nint = 0, nconst = 0;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      switch (it.op) {
      case SpvOpTypeInt:
         if (it.nops == 3 && it.o[1] == 32 && nint < 4)
            int32[nint++] = it.o[0];
         break;
      case SpvOpConstant:
         for (unsigned k = 0; k < nint; k++)
            if (it.nops == 3 && it.o[0] == int32[k] && it.o[2] == s->member && nconst < 8)
               consts[nconst++] = it.o[1];
         break;
      case SpvOpTypePointer:
         if (s->in_block && !s->ptr_array && it.nops == 3 && it.o[1] == SpvStorageClassOutput &&
             it.o[2] == s->array_type)
            s->ptr_array = it.o[0];
         break;
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain:
         if (it.nops < 4 || it.o[2] != s->var)
            break;
         if (!s->in_block) {
            s->accessed = true;
            break;
         }
         for (unsigned k = 0; k < nconst; k++)
            if (it.o[3] == consts[k]) {
               s->accessed = true;
               s->member_const = consts[k];
            }
         break;
      case SpvOpStore:
      case SpvOpCopyMemory:
         /* the whole variable written: a block has no member constant to reuse */
         if (it.nops >= 2 && it.o[0] == s->var) {
            s->accessed = true;
            if (s->in_block && !s->member_const)
               s->blocked = true;
         }
         break;
      default: break;
      }
   }
   if (s->in_block && s->member_const)
      s->blocked = false;
}

uint32_t *
spv_clip_enables(const uint32_t *words, size_t num_words, size_t *out_n, uint32_t *num_planes,
                 bool *blocked, const char **err)
{
   *err = NULL;
   *blocked = false;
   *num_planes = 0;
   if (num_words < 5)
      return NULL;
   struct ce_scan s = {0};
   if (!scan_annotations(words, num_words, &s)) {
      if (s.malformed)
         *err = "malformed module";
      return NULL;
   }
   const bool geometry = s.model == SpvExecutionModelGeometry;
   if (!geometry && s.model != SpvExecutionModelVertex &&
       s.model != SpvExecutionModelTessellationEvaluation)
      return NULL;
   if (!s.deco_var && !s.num_member_structs)
      return NULL;
   if (!find_output(words, num_words, &s)) {
      /* a ClipDistance output glslang would not make: its planes would clip whatever the
       * enables say */
      *blocked = s.var != 0;
      return NULL;
   }
   find_uses(words, num_words, &s);
   if (!s.accessed)
      return NULL;
   if (s.blocked) {
      *blocked = true;
      return NULL;
   }
   /* GL has at most SPV_CLIP_ENABLE_MAX planes, and so has what the front end compiles */
   if (s.length > SPV_CLIP_ENABLE_MAX) {
      *blocked = true;
      return NULL;
   }
   const uint32_t planes = s.length;

   uint32_t bound = words[3];
   if (bound > UINT32_MAX - 64) {
      *err = "id bound";
      return NULL;
   }
   const uint32_t t_bool = s.bool_type ? s.bool_type : bound++;
   const uint32_t t_ptr = s.ptr_array ? s.ptr_array : bound++;
   const uint32_t zero = bound++;
   uint32_t spec[SPV_CLIP_ENABLE_MAX];
   for (uint32_t i = 0; i < planes; i++)
      spec[i] = bound++;

   struct spirv_out o = {0};
   spirv_out_put(&o, words, 5);
   uint32_t cur_fn = 0;
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it) && !o.oom) {
      if (it.pc == s.annot_end)
         for (uint32_t i = 0; i < planes; i++)
            SPIRV_OUT_EMIT(&o, SpvOpDecorate, spec[i], SpvDecorationSpecId,
                           SPV_CLIP_ENABLE_SPEC_ID + i);
      if (it.pc == s.globals_end) {
         if (!s.bool_type)
            SPIRV_OUT_EMIT(&o, SpvOpTypeBool, t_bool);
         if (!s.ptr_array)
            SPIRV_OUT_EMIT(&o, SpvOpTypePointer, t_ptr, SpvStorageClassOutput, s.array_type);
         SPIRV_OUT_EMIT(&o, SpvOpConstant, s.float_type, zero, 0u);
         for (uint32_t i = 0; i < planes; i++)
            SPIRV_OUT_EMIT(&o, SpvOpSpecConstantTrue, t_bool, spec[i]);
      }
      if (it.op == SpvOpFunction && it.nops >= 2)
         cur_fn = it.o[1];
      const bool hand_on =
         geometry ? cur_fn && (it.op == SpvOpEmitVertex || it.op == SpvOpEmitStreamVertex)
                  : it.op == SpvOpReturn && cur_fn == s.entry;
      if (hand_on) {
         /* %p = the array; %a = OpLoad; element i: OpSelect(%enable_i, %a[i],
          * OpSelect(%a[i] >= 0.0, %a[i], 0.0)); OpStore %p (OpCompositeConstruct of the
          * elements) */
         if (bound > UINT32_MAX - (3 + 4 * SPV_CLIP_ENABLE_MAX)) {
            free(o.w);
            *err = "id bound";
            return NULL;
         }
         uint32_t p = s.var;
         if (s.in_block) {
            p = bound++;
            SPIRV_OUT_EMIT(&o, SpvOpAccessChain, t_ptr, p, s.var, s.member_const);
         }
         const uint32_t a = bound++;
         SPIRV_OUT_EMIT(&o, SpvOpLoad, s.array_type, a, p);
         uint32_t construct[2 + SPV_CLIP_ENABLE_MAX] = {s.array_type, 0};
         for (uint32_t i = 0; i < planes; i++) {
            const uint32_t e = bound++, ge = bound++, kept = bound++, v = bound++;
            SPIRV_OUT_EMIT(&o, SpvOpCompositeExtract, s.float_type, e, a, i);
            SPIRV_OUT_EMIT(&o, SpvOpFOrdGreaterThanEqual, t_bool, ge, e, zero);
            SPIRV_OUT_EMIT(&o, SpvOpSelect, s.float_type, kept, ge, e, zero);
            SPIRV_OUT_EMIT(&o, SpvOpSelect, s.float_type, v, spec[i], e, kept);
            construct[2 + i] = v;
         }
         construct[1] = bound++;
         const uint32_t head = ((3 + planes) << 16) | SpvOpCompositeConstruct;
         spirv_out_put(&o, &head, 1);
         spirv_out_put(&o, construct, 2 + planes);
         SPIRV_OUT_EMIT(&o, SpvOpStore, p, construct[1]);
      }
      if (it.op == SpvOpFunctionEnd)
         cur_fn = 0;
      spirv_out_put(&o, it.w + it.pc, it.len);
   }
   if (o.oom || it.bad) {
      free(o.w);
      *err = o.oom ? "out of memory" : "malformed module";
      return NULL;
   }
   o.w[3] = bound;
   *out_n = o.n;
   *num_planes = planes;
   return o.w;
}
