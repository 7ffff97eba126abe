/* spv_pack.c — scalar varying arrays packed four to a location (doubles two). GL counts a stage interface in
 * components (GL_MAX_VARYING_COMPONENTS, gl_MaxVertexOutputComponents ...), Vulkan in locations:
 * `out float f[128]` fits GL's 128 components but takes 128 Vulkan locations. When a program's
 * interface needs more locations than the device has (the linker decides, glsl_link.c), every
 * user Input/Output array of 32-bit scalars, as a variable of its own or as a member of an
 * interface block, becomes an array of 4-vectors of ceil(N/4) elements, and each access
 * chain's index i into it becomes the two indices (i >> 2) % ceil(N/4), i & 3. An array of
 * doubles (a double takes a whole location unpacked, where GL counts two components) becomes an
 * array of dvec2s, ceil(N/2) elements indexed (i >> 1) % ceil(N/2), i & 1. The modulo keeps an
 * index out of bounds (undefined in GLSL, but a small negative one becomes huge once shifted as
 * unsigned) inside the array: llvmpipe evaluates both sides of a branch and read such an index
 * past its input memory (SIGSEGV, tes-both-input-array-float-index-rd on the GLES backend).
 * Producer and consumer get the same rewrite, so the interfaces still match.
 *
 * Only what can be rewritten that way is packed: a module that uses such a variable other than
 * through an access chain indexing into the array (a whole-array load or store, a function
 * call argument), or an array of interface blocks, is left as it is (NULL, *err NULL) and the
 * linker reports the locations it needs. SPIRV-Cross reflects a module but does not rewrite its
 * types and instructions, so the pass re-emits the words itself, with the few ids it reads. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

enum { OpUMod = 137, OpSMod = 139, OpShiftRightLogical = 194, OpBitwiseAnd = 199 };

struct pack_state {
   const uint32_t *w;
   size_t n;
   uint32_t bound;
   uint32_t *at;             /* [bound] word offset of the defining instruction; 0: none */
   uint32_t *member_bi;      /* [bound] struct: members decorated BuiltIn (bit k, k < 32) */
   uint8_t *flags;           /* [bound] */
   uint32_t *packed;         /* [bound] candidate array type -> its packed type (0: not packed) */
   uint32_t *mconst;         /* [bound] candidate array type -> constant ceil(N/4) */
   uint32_t *mmod;           /* [bound] candidate array type -> ceil(N/4) typed as ity */
   uint32_t *vec4_of;        /* [bound] scalar type -> its 4-vector type (a double's: 2-vector) */
   uint32_t *new_ptr;        /* [bound] packed variable -> its new pointer type */
   uint32_t *new_outer;      /* [bound] packed per-vertex variable -> its new outer array type */
   uint32_t *packed_members; /* [bound] block struct -> members packed (bit k) */
   uint32_t exec_model;
   uint32_t ity, c1, c2, c3; /* the 32-bit int type of the index arithmetic; constants 1 2 3 */
   size_t functions;         /* word offset of the first OpFunction */
};

enum {
   F_BUILTIN = 1,   /* decorated BuiltIn */
   F_BLOCK = 2,     /* decorated Block */
   F_VAR_PLAIN = 4, /* a packed variable whose (per-vertex element) type is the array */
   F_VAR_BLOCK = 8, /* a variable of a block with packed members */
   F_EMITTED = 16,  /* candidate array type: its packed declarations are out */
   F_MOVED = 32,    /* a 4-vector type declared after its first use here: emitted earlier */
   F_VEC_DONE = 64, /* a scalar type: its 4-vector type is declared (moved or new) */
   F_PATCH = 128,   /* decorated Patch */
};

static uint32_t
op_of(const struct pack_state *s, uint32_t id)
{
   return id < s->bound && s->at[id] ? s->w[s->at[id]] & 0xffff : 0;
}

static uint32_t
word(const struct pack_state *s, uint32_t id, unsigned k)
{
   return s->w[s->at[id] + k];
}

/* Scalars of type t a packed element holds: 4 of a 32-bit int or float, 2 of a double. */
static uint32_t
group_of(const struct pack_state *s, uint32_t t)
{
   const uint32_t op = op_of(s, t);
   return op == SpvOpTypeFloat && word(s, t, 2) == 64 ? 2 : 4;
}

/* An array of two or more 32-bit ints or floats, or doubles, with a constant length. */
static bool
candidate(const struct pack_state *s, uint32_t t)
{
   if (op_of(s, t) != SpvOpTypeArray)
      return false;
   uint32_t elem = word(s, t, 2), len = word(s, t, 3);
   uint32_t eop = op_of(s, elem);
   if ((eop != SpvOpTypeFloat && eop != SpvOpTypeInt) ||
       (word(s, elem, 2) != 32 && !(eop == SpvOpTypeFloat && word(s, elem, 2) == 64)))
      return false;
   return op_of(s, len) == SpvOpConstant && word(s, len, 3) >= 2;
}

static uint32_t
pointee(const struct pack_state *s, uint32_t var)
{
   return word(s, word(s, var, 1), 3);
}

/* Whether the variable has a per-vertex outer array level (a geometry or tessellation
 * shader's inputs, a tessellation control shader's outputs; not a patch variable's): its
 * element is what is packed, as the stage on the other side declares it. */
static bool
arrayed(const struct pack_state *s, uint32_t var)
{
   const uint32_t sc = word(s, var, 3);
   switch (s->exec_model) {
   case SpvExecutionModelGeometry: return sc == SpvStorageClassInput;
   case SpvExecutionModelTessellationControl:
      return (sc == SpvStorageClassInput || sc == SpvStorageClassOutput) &&
             !(s->flags[var] & F_PATCH);
   case SpvExecutionModelTessellationEvaluation:
      return sc == SpvStorageClassInput && !(s->flags[var] & F_PATCH);
   default: return false;
   }
}

/* Finds the packed variables. False when there is none. */
static bool
find_targets(struct pack_state *s, bool inputs, bool outputs)
{
   bool any = false;
   for (size_t p = 5; p < s->functions;) {
      uint32_t wc = s->w[p] >> 16, op = s->w[p] & 0xffff;
      if (op == SpvOpVariable) {
         uint32_t var = s->w[p + 2], sc = s->w[p + 3];
         if (((sc == SpvStorageClassInput && inputs) || (sc == SpvStorageClassOutput && outputs)) &&
             !(s->flags[var] & F_BUILTIN)) {
            uint32_t base = pointee(s, var);
            if (arrayed(s, var))
               base = op_of(s, base) == SpvOpTypeArray ? word(s, base, 2) : 0;
            if (base && candidate(s, base)) {
               s->flags[var] |= F_VAR_PLAIN;
               s->packed[base] = 1;
               any = true;
            } else if (base && op_of(s, base) == SpvOpTypeStruct && (s->flags[base] & F_BLOCK)) {
               uint32_t nm = (s->w[s->at[base]] >> 16) - 2;
               for (uint32_t k = 0; k < nm && k < 32; k++) {
                  uint32_t mt = word(s, base, 2 + k);
                  if (candidate(s, mt) && !(s->member_bi[base] & (1u << k))) {
                     s->packed_members[base] |= 1u << k;
                     s->packed[mt] = 1;
                  }
               }
               if (s->packed_members[base]) {
                  s->flags[var] |= F_VAR_BLOCK;
                  any = true;
               }
            }
         }
      }
      p += wc ? wc : 1;
   }
   return any;
}

/* The position of the index into a packed array in the access chain at p (operand index from
 * the first index), or -1 when the chain does not index into one; *whole: the chain's result
 * holds a packed array (the rewrite cannot follow it). */
static int
split_index(const struct pack_state *s, size_t p, uint32_t var, bool *whole, uint32_t *packed_type)
{
   uint32_t wc = s->w[p] >> 16;
   uint32_t cur = pointee(s, var);
   bool in_packed = false;
   unsigned k = 0;
   *whole = false;
   if (arrayed(s, var)) {
      if (wc <= 4) {
         *whole = true;
         return -1;
      }
      cur = word(s, cur, 2);
      k = 1;
   }
   if (s->flags[var] & F_VAR_PLAIN)
      in_packed = true;
   for (; 4 + k < wc; k++) {
      if (in_packed) {
         *packed_type = cur;
         return (int)k;
      }
      uint32_t idx = s->w[p + 4 + k];
      uint32_t op = op_of(s, cur);
      if (op == SpvOpTypeStruct) {
         if (op_of(s, idx) != SpvOpConstant)
            return -1;
         uint32_t m = word(s, idx, 3);
         in_packed = m < 32 && (s->packed_members[cur] & (1u << m));
         cur = word(s, cur, 2 + m);
      } else if (op == SpvOpTypeArray || op == SpvOpTypeVector || op == SpvOpTypeMatrix) {
         cur = word(s, cur, 2);
      } else {
         return -1;
      }
   }
   /* the chain stops at or above a packed array */
   *whole = in_packed || op_of(s, cur) == SpvOpTypeStruct || cur == pointee(s, var);
   return -1;
}

static bool
target_var(const struct pack_state *s, uint32_t id)
{
   return id < s->bound && (s->flags[id] & (F_VAR_PLAIN | F_VAR_BLOCK));
}

/* Whether every use of the packed variables in function code can be rewritten. */
static bool
uses_rewritable(const struct pack_state *s)
{
   for (size_t p = s->functions; p < s->n;) {
      uint32_t wc = s->w[p] >> 16, op = s->w[p] & 0xffff;
      if (!wc)
         return false;
      if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) &&
          target_var(s, s->w[p + 3])) {
         bool whole;
         uint32_t t;
         split_index(s, p, s->w[p + 3], &whole, &t);
         if (whole)
            return false;
         for (uint32_t k = 4; k < wc; k++)
            if (target_var(s, s->w[p + k]))
               return false;
      } else {
         for (uint32_t k = 1; k < wc; k++)
            if (target_var(s, s->w[p + k]))
               return false;
      }
      p += wc;
   }
   return true;
}

/* The packed types of array type t (and, once, the index constants), before their first user. */
static void
emit_packed_type(struct pack_state *s, struct spirv_out *o, uint32_t t, size_t here)
{
   if (s->flags[t] & F_EMITTED)
      return;
   s->flags[t] |= F_EMITTED;
   uint32_t elem = word(s, t, 2), len = word(s, t, 3);
   uint32_t lty = word(s, len, 1);
   if (!s->ity) {
      s->ity = lty;
      spirv_out_put(o, (uint32_t[]){(4u << 16) | SpvOpConstant, s->ity, s->c1, 1}, 4);
      spirv_out_put(o, (uint32_t[]){(4u << 16) | SpvOpConstant, s->ity, s->c2, 2}, 4);
      spirv_out_put(o, (uint32_t[]){(4u << 16) | SpvOpConstant, s->ity, s->c3, 3}, 4);
   }
   const uint32_t g = group_of(s, elem);
   uint32_t v = s->vec4_of[elem];
   if (!(s->flags[elem] & F_VEC_DONE)) {
      s->flags[elem] |= F_VEC_DONE;
      const bool exists = v < s->bound && s->at[v];
      if (!exists || s->at[v] > here) {
         /* new, or declared after this use: declared here (and skipped where it was) */
         if (exists)
            s->flags[v] |= F_MOVED;
         spirv_out_put(o, (uint32_t[]){(4u << 16) | SpvOpTypeVector, v, elem, g}, 4);
      }
   }
   const uint32_t m = (word(s, len, 3) + g - 1) / g;
   spirv_out_put(o, (uint32_t[]){(4u << 16) | SpvOpConstant, lty, s->mconst[t], m}, 4);
   spirv_out_put(o, (uint32_t[]){(4u << 16) | SpvOpConstant, s->ity, s->mmod[t], m}, 4);
   spirv_out_put(o, (uint32_t[]){(4u << 16) | SpvOpTypeArray, s->packed[t], v, s->mconst[t]}, 4);
}

static uint32_t *
emit(struct pack_state *s, size_t *out_n)
{
   struct spirv_out o = {0};
   uint32_t next = s->bound;
   /* ids: packed types, their length constants, missing 4-vectors, pointers, constants */
   for (uint32_t t = 1; t < s->bound; t++) {
      if (!s->packed[t])
         continue;
      s->packed[t] = next++;
      s->mconst[t] = next++;
      s->mmod[t] = next++;
      uint32_t elem = word(s, t, 2);
      if (!s->vec4_of[elem])
         s->vec4_of[elem] = next++;
   }
   s->c1 = next++;
   s->c2 = next++;
   s->c3 = next++;
   for (uint32_t v = 1; v < s->bound; v++) {
      if (!(s->flags[v] & F_VAR_PLAIN))
         continue;
      s->new_ptr[v] = next++;
      if (arrayed(s, v))
         s->new_outer[v] = next++;
   }
   spirv_out_put(&o, s->w, 5);

   for (size_t p = 5; p < s->n && !o.oom;) {
      uint32_t wc = s->w[p] >> 16, op = s->w[p] & 0xffff;
      if (op == SpvOpTypeVector && (s->flags[s->w[p + 1]] & F_MOVED)) {
         p += wc;
         continue;
      }
      if (op == SpvOpTypeStruct && s->packed_members[s->w[p + 1]]) {
         uint32_t st = s->w[p + 1];
         for (uint32_t k = 0; k + 2 < wc && k < 32; k++)
            if (s->packed_members[st] & (1u << k))
               emit_packed_type(s, &o, s->w[p + 2 + k], p);
         size_t at = o.n;
         spirv_out_put(&o, s->w + p, wc);
         for (uint32_t k = 0; k + 2 < wc && k < 32 && !o.oom; k++)
            if (s->packed_members[st] & (1u << k))
               o.w[at + 2 + k] = s->packed[s->w[p + 2 + k]];
         p += wc;
         continue;
      }
      if (op == SpvOpVariable && (s->flags[s->w[p + 2]] & F_VAR_PLAIN)) {
         uint32_t var = s->w[p + 2], sc = s->w[p + 3], pt = pointee(s, var);
         uint32_t t = arrayed(s, var) ? word(s, pt, 2) : pt;
         emit_packed_type(s, &o, t, p);
         uint32_t inner = s->packed[t];
         if (s->new_outer[var]) {
            spirv_out_put(
               &o,
               (uint32_t[]){(4u << 16) | SpvOpTypeArray, s->new_outer[var], inner, word(s, pt, 3)},
               4);
            inner = s->new_outer[var];
         }
         spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpTypePointer, s->new_ptr[var], sc, inner},
                       4);
         size_t at = o.n;
         spirv_out_put(&o, s->w + p, wc);
         if (!o.oom)
            o.w[at + 1] = s->new_ptr[var];
         p += wc;
         continue;
      }
      if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && p >= s->functions &&
          target_var(s, s->w[p + 3])) {
         bool whole;
         uint32_t t = 0;
         int k = split_index(s, p, s->w[p + 3], &whole, &t);
         if (k >= 0) {
            uint32_t idx = s->w[p + 4 + k], sh = next++, q = next++, r = next++;
            const bool pairs = group_of(s, word(s, t, 2)) == 2;
            /* OpUMod wants an unsigned type; the shifted index is never negative */
            const uint32_t mod = word(s, s->ity, 3) ? OpSMod : OpUMod;
            spirv_out_put(&o,
                          (uint32_t[]){(5u << 16) | OpShiftRightLogical, s->ity, sh, idx,
                                       pairs ? s->c1 : s->c2},
                          5);
            spirv_out_put(&o, (uint32_t[]){(5u << 16) | mod, s->ity, q, sh, s->mmod[t]}, 5);
            spirv_out_put(
               &o, (uint32_t[]){(5u << 16) | OpBitwiseAnd, s->ity, r, idx, pairs ? s->c1 : s->c3},
               5);
            size_t at = o.n;
            spirv_out_put(&o, s->w + p, wc);
            spirv_out_put(&o, &r, 1);
            if (!o.oom) {
               o.w[at] = ((wc + 1) << 16) | op;
               o.w[at + 4 + k] = q;
            }
            p += wc;
            continue;
         }
      }
      spirv_out_put(&o, s->w + p, wc);
      p += wc;
   }
   return spirv_out_finish(&o, next, out_n);
}

uint32_t *
spv_pack_varyings(const uint32_t *w, size_t n, bool inputs, bool outputs, size_t *out_n,
                  bool *blocked, const char **err)
{
   *err = NULL;
   *blocked = false;
   if (n < 5 || w[0] != SpvMagicNumber)
      return NULL;
   struct pack_state s = {.w = w, .n = n, .bound = w[3], .functions = n};
   s.at = calloc(s.bound, sizeof(*s.at));
   s.member_bi = calloc(s.bound, sizeof(*s.member_bi));
   s.flags = calloc(s.bound, sizeof(*s.flags));
   s.packed = calloc(s.bound, sizeof(*s.packed));
   s.mconst = calloc(s.bound, sizeof(*s.mconst));
   s.mmod = calloc(s.bound, sizeof(*s.mmod));
   s.vec4_of = calloc(s.bound, sizeof(*s.vec4_of));
   s.new_ptr = calloc(s.bound, sizeof(*s.new_ptr));
   s.new_outer = calloc(s.bound, sizeof(*s.new_outer));
   s.packed_members = calloc(s.bound, sizeof(*s.packed_members));
   uint32_t *result = NULL;
   if (!s.at || !s.member_bi || !s.flags || !s.packed || !s.mconst || !s.mmod || !s.vec4_of ||
       !s.new_ptr || !s.new_outer || !s.packed_members) {
      *err = "out of memory";
      goto done;
   }
   for (size_t p = 5; p < n;) {
      uint32_t wc = w[p] >> 16, op = w[p] & 0xffff;
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
         if (op == SpvOpEntryPoint && wc >= 2)
            s.exec_model = w[p + 1];
         if (op == SpvOpDecorate && wc >= 3 && w[p + 1] < s.bound) {
            if (w[p + 2] == SpvDecorationBuiltIn)
               s.flags[w[p + 1]] |= F_BUILTIN;
            if (w[p + 2] == SpvDecorationBlock)
               s.flags[w[p + 1]] |= F_BLOCK;
            if (w[p + 2] == SpvDecorationPatch)
               s.flags[w[p + 1]] |= F_PATCH;
         }
         if (op == SpvOpMemberDecorate && wc >= 4 && w[p + 1] < s.bound &&
             w[p + 3] == SpvDecorationBuiltIn && w[p + 2] < 32)
            s.member_bi[w[p + 1]] |= 1u << w[p + 2];
         /* (a scalar's type is declared before its vectors) */
         if (op == SpvOpTypeVector && wc == 4 && w[p + 2] < s.bound && !s.vec4_of[w[p + 2]] &&
             s.at[w[p + 2]] && w[p + 3] == group_of(&s, w[p + 2]))
            s.vec4_of[w[p + 2]] = w[p + 1];
      }
      p += wc;
   }
   if (!find_targets(&s, inputs, outputs))
      goto done;
   if (!uses_rewritable(&s)) {
      *blocked = true;
      goto done;
   }
   result = emit(&s, out_n);
   if (!result)
      *err = "out of memory";

done:
   free(s.at);
   free(s.member_bi);
   free(s.flags);
   free(s.packed);
   free(s.mconst);
   free(s.mmod);
   free(s.vec4_of);
   free(s.new_ptr);
   free(s.new_outer);
   free(s.packed_members);
   return result;
}
