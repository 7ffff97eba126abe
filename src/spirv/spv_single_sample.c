/* spv_single_sample.c — a fragment module for single-sample rasterization.
 *
 * GL shades one fragment per pixel when multisample rasterization is off (GL_MULTISAMPLE
 * disabled, or a framebuffer without sample buffers; GL 4.6 14.3.1): gl_SampleID is then 0,
 * gl_SamplePosition (0.5, 0.5), gl_SampleMaskIn has the one bit of sample 0, and a write to
 * gl_SampleMask changes nothing (17.3.1: the multisample fragment operations are skipped).
 * Vulkan shades each sample of a multisampled attachment once a module reads SampleId or
 * SamplePosition, and a SampleMask output removes samples at every count. The copy made here
 * turns each such built-in variable into a Private one: the inputs initialized to GL's values,
 * the output written to nothing. Their decorations go, each access chain rooted at them takes
 * a Private pointer type, and before SPIR-V 1.4 they leave the entry point's interface. The
 * new types, constants and variables go just before the first function. */
#include "spv.h"

#define SS_NONE 0u
#define SS_ID 1u
#define SS_POS 2u
#define SS_MASK_IN 3u
#define SS_MASK_OUT 4u

struct ss {
   const uint32_t *w;
   size_t n;
   uint32_t bound;
   uint8_t *kind;      /* per id: SS_* of a built-in variable rewritten */
   uint8_t *derived;   /* per id: a pointer rooted at such a variable */
   uint32_t *ptr_to;   /* per pointer type id: its pointee (0: not a pointer type) */
   uint32_t *ptr_sc;   /* per pointer type id: its storage class */
   uint32_t *var_type; /* per variable id: its pointer type */
   uint32_t *priv;     /* per pointee type: the Private pointer type to use (0: none yet) */
   uint32_t *elem;     /* per array or vector type: its element type */
   uint32_t *count;    /* per array type: its length (a constant's value), per vector its size */
   uint32_t *cval;     /* per 32-bit OpConstant: its value */
   uint8_t *is_const;  /* per id: an OpConstant of one word */
   uint8_t *priv_new;  /* per pointee type: its Private pointer is declared here */
};

static void
ss_free(struct ss *s)
{
   free(s->kind);
   free(s->derived);
   free(s->ptr_to);
   free(s->ptr_sc);
   free(s->var_type);
   free(s->priv);
   free(s->elem);
   free(s->count);
   free(s->cval);
   free(s->is_const);
   free(s->priv_new);
}

/* Whether the instruction names id among its operands outside the positions allowed. */
static bool
uses_other(const struct spv_walk *it, uint32_t id, uint32_t allowed)
{
   for (uint32_t i = 0; i < it->nops; i++)
      if (it->o[i] == id && i != allowed)
         return true;
   return false;
}

uint32_t *
spv_single_sample(const uint32_t *w, size_t n, size_t *out_n, const char **err)
{
   *out_n = 0;
   *err = NULL;
   if (n < 5 || w[3] == 0 || w[3] > SPV_ID_BOUND_MAX)
      return NULL;
   struct ss s = {.w = w, .n = n, .bound = w[3]};
   const uint32_t b = s.bound;
   s.kind = calloc(b, 1);
   s.derived = calloc(b, 1);
   s.ptr_to = calloc(b, 4);
   s.ptr_sc = calloc(b, 4);
   s.var_type = calloc(b, 4);
   s.priv = calloc(b, 4);
   s.elem = calloc(b, 4);
   s.count = calloc(b, 4);
   s.cval = calloc(b, 4);
   s.is_const = calloc(b, 1);
   s.priv_new = calloc(b, 1);
   if (!s.kind || !s.derived || !s.ptr_to || !s.ptr_sc || !s.var_type || !s.priv || !s.elem ||
       !s.count || !s.cval || !s.is_const || !s.priv_new) {
      ss_free(&s);
      *err = "out of memory";
      return NULL;
   }

   /* The globals: built-in decorations, pointer, array and vector types, constants. */
   bool fragment = false, grouped = false;
   size_t first_fn = 0;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      if (it.op == SpvOpFunction) {
         first_fn = it.pc;
         break;
      }
      if (it.op == SpvOpEntryPoint && it.nops >= 2 && o[0] == SpvExecutionModelFragment)
         fragment = true;
      if (it.op == SpvOpGroupDecorate || it.op == SpvOpGroupMemberDecorate)
         grouped = true;
      if (it.op == SpvOpDecorate && it.nops >= 3 && o[1] == SpvDecorationBuiltIn && o[0] < b) {
         s.kind[o[0]] = o[2] == SpvBuiltInSampleId         ? SS_ID
                        : o[2] == SpvBuiltInSamplePosition ? SS_POS
                        : o[2] == SpvBuiltInSampleMask     ? SS_MASK_IN /* Output: below */
                                                           : SS_NONE;
      }
      if (it.op == SpvOpMemberDecorate && it.nops >= 4 && o[2] == SpvDecorationBuiltIn &&
          (o[3] == SpvBuiltInSampleId || o[3] == SpvBuiltInSamplePosition ||
           o[3] == SpvBuiltInSampleMask)) {
         ss_free(&s);
         *err = "a sample built-in inside a block";
         return NULL;
      }
      if (it.op == SpvOpTypePointer && it.nops == 3 && o[0] < b && o[2] < b) {
         s.ptr_to[o[0]] = o[2];
         s.ptr_sc[o[0]] = o[1];
         if (o[1] == SpvStorageClassPrivate && !s.priv[o[2]])
            s.priv[o[2]] = o[0];
      }
      if ((it.op == SpvOpTypeArray || it.op == SpvOpTypeVector) && it.nops == 3 && o[0] < b) {
         s.elem[o[0]] = o[1];
         s.count[o[0]] = it.op == SpvOpTypeVector ? o[2] : o[2] < b ? s.cval[o[2]] : 0;
      }
      if (it.op == SpvOpConstant && it.nops == 3 && o[1] < b) {
         s.is_const[o[1]] = 1;
         s.cval[o[1]] = o[2];
      }
      if (it.op == SpvOpVariable && it.nops >= 3 && o[1] < b)
         s.var_type[o[1]] = o[0];
   }
   if (!fragment || !first_fn) {
      ss_free(&s);
      return NULL;
   }
   /* the variables: an input of each kind, gl_SampleMask's output */
   uint32_t nvars = 0;
   for (uint32_t id = 1; id < b; id++) {
      if (!s.kind[id])
         continue;
      const uint32_t pt = s.var_type[id];
      const uint32_t sc = pt ? s.ptr_sc[pt] : 0;
      if (!pt || !s.ptr_to[pt] || (sc != SpvStorageClassInput && sc != SpvStorageClassOutput)) {
         s.kind[id] = SS_NONE; /* a decoration on something else: not ours to change */
         continue;
      }
      if (s.kind[id] == SS_MASK_IN && sc == SpvStorageClassOutput)
         s.kind[id] = SS_MASK_OUT;
      const uint32_t t = s.ptr_to[pt];
      bool ok = true;
      if (s.kind[id] == SS_POS)
         ok = s.elem[t] && s.count[t] == 2;
      if (s.kind[id] == SS_MASK_IN && s.elem[t])
         ok = s.count[t] >= 1 && s.count[t] <= 32;
      if (!ok) {
         ss_free(&s);
         *err = "a sample built-in of an unexpected type";
         return NULL;
      }
      s.derived[id] = 1;
      nvars++;
   }
   if (!nvars) {
      ss_free(&s);
      return NULL;
   }
   if (grouped) {
      ss_free(&s);
      *err = "decoration groups";
      return NULL;
   }

   /* Pointers rooted at them: access chains and copies, to a fixed point (a block may come
    * before the one that dominates it). Any other use of such a pointer is refused. */
   for (bool more = true; more;) {
      more = false;
      it = spv_walk_begin(w, n);
      it.next = first_fn;
      while (spv_walk_next(&it)) {
         const bool chain = it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain;
         if ((chain && it.nops >= 3) || (it.op == SpvOpCopyObject && it.nops == 3)) {
            if (it.o[1] < b && it.o[2] < b && s.derived[it.o[2]] && !s.derived[it.o[1]]) {
               s.derived[it.o[1]] = 1;
               more = true;
            }
         }
      }
   }
   if (it.bad) {
      ss_free(&s);
      *err = "a truncated module";
      return NULL;
   }
   uint32_t next_id = b;
   it = spv_walk_begin(w, n);
   it.next = first_fn;
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      const bool chain = it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain;
      if ((chain || it.op == SpvOpCopyObject) && it.nops >= 3 && o[1] < b && s.derived[o[1]]) {
         const uint32_t t = o[0] < b ? s.ptr_to[o[0]] : 0;
         if (!t) {
            ss_free(&s);
            *err = "an access chain of an unknown pointer type";
            return NULL;
         }
         if (!s.priv[t]) {
            s.priv[t] = next_id++;
            s.priv_new[t] = 1;
         }
         continue; /* its base (o[2]) and indices: indices are never pointers */
      }
      for (uint32_t i = 0; i < it.nops; i++) {
         const uint32_t id = o[i];
         if (id >= b || !s.derived[id])
            continue;
         const bool ok = (it.op == SpvOpLoad && i == 2 && !uses_other(&it, id, 2)) ||
                         (it.op == SpvOpStore && i == 0 && !uses_other(&it, id, 0));
         if (!ok) {
            ss_free(&s);
            *err = "a sample built-in used other than by load, store or access chain";
            return NULL;
         }
      }
   }
   /* per variable: its Private pointer type, and the constants of its initializer */
   for (uint32_t id = 1; id < b; id++) {
      if (!s.kind[id])
         continue;
      const uint32_t t = s.ptr_to[s.var_type[id]];
      if (!s.priv[t]) {
         s.priv[t] = next_id++;
         s.priv_new[t] = 1;
      }
   }
   if (next_id + 4u * nvars + 2u > SPV_ID_BOUND_MAX) {
      ss_free(&s);
      *err = "id bound";
      return NULL;
   }

   /* The copy. Additions: per new pointer 4 words; per variable at most 5 + 3 + 3 + 4 + 32
    * words of constants and 5 of the variable. */
   size_t cap = n + 4u * (size_t)(next_id - b) + (size_t)nvars * 64u;
   uint32_t *out = malloc(cap * sizeof(uint32_t));
   if (!out) {
      ss_free(&s);
      *err = "out of memory";
      return NULL;
   }
   const bool interface_private = w[1] >= 0x00010400u; /* SPIR-V 1.4: every global listed */
   size_t k = 5;
   memcpy(out, w, 5 * sizeof(uint32_t));
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      if (it.pc == first_fn) {
         for (uint32_t t = 1; t < b; t++) {
            if (!s.priv_new[t])
               continue;
            out[k++] = (4u << 16) | SpvOpTypePointer;
            out[k++] = s.priv[t];
            out[k++] = SpvStorageClassPrivate;
            out[k++] = t;
         }
         for (uint32_t id = 1; id < b; id++) {
            if (!s.kind[id])
               continue;
            const uint32_t t = s.ptr_to[s.var_type[id]];
            uint32_t init = 0;
            if (s.kind[id] == SS_ID) {
               init = next_id++;
               out[k++] = (3u << 16) | SpvOpConstantNull;
               out[k++] = t;
               out[k++] = init;
            } else if (s.kind[id] == SS_POS) {
               const uint32_t half = next_id++;
               out[k++] = (4u << 16) | SpvOpConstant;
               out[k++] = s.elem[t];
               out[k++] = half;
               out[k++] = 0x3f000000u; /* 0.5f */
               init = next_id++;
               out[k++] = (5u << 16) | SpvOpConstantComposite;
               out[k++] = t;
               out[k++] = init;
               out[k++] = half;
               out[k++] = half;
            } else if (s.kind[id] == SS_MASK_IN) {
               /* an array of ints: sample 0's bit, the other words 0; a scalar: 1 */
               const uint32_t et = s.elem[t] ? s.elem[t] : t;
               const uint32_t one = next_id++;
               out[k++] = (4u << 16) | SpvOpConstant;
               out[k++] = et;
               out[k++] = one;
               out[k++] = 1u;
               init = one;
               if (s.elem[t]) {
                  const uint32_t zero = next_id++;
                  out[k++] = (3u << 16) | SpvOpConstantNull;
                  out[k++] = et;
                  out[k++] = zero;
                  init = next_id++;
                  out[k++] = ((3u + s.count[t]) << 16) | SpvOpConstantComposite;
                  out[k++] = t;
                  out[k++] = init;
                  for (uint32_t i = 0; i < s.count[t]; i++)
                     out[k++] = i ? zero : one;
               }
            }
            out[k++] = ((init ? 5u : 4u) << 16) | SpvOpVariable;
            out[k++] = s.priv[t];
            out[k++] = id;
            out[k++] = SpvStorageClassPrivate;
            if (init)
               out[k++] = init;
         }
      }
      /* their decorations and declarations go */
      if ((it.op == SpvOpDecorate || it.op == SpvOpDecorateId || it.op == SpvOpDecorateString) &&
          it.nops >= 1 && o[0] < b && s.kind[o[0]])
         continue;
      if (it.op == SpvOpVariable && it.nops >= 3 && o[1] < b && s.kind[o[1]])
         continue;
      const size_t at = k;
      if (it.op == SpvOpEntryPoint && !interface_private && it.nops >= 3) {
         const uint32_t sw = spv_string_words(o + 2, it.nops - 2);
         uint32_t keep = 1;
         out[k++] = 0; /* the opcode word, below */
         for (uint32_t i = 0; i < it.nops; i++) {
            if (sw && i >= 2 + sw && o[i] < b && s.kind[o[i]])
               continue;
            out[k++] = o[i];
            keep++;
         }
         out[at] = (keep << 16) | SpvOpEntryPoint;
         continue;
      }
      memcpy(out + k, w + it.pc, it.len * sizeof(uint32_t));
      k += it.len;
      const bool chain =
         it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain || it.op == SpvOpCopyObject;
      if (it.pc > first_fn && chain && it.nops >= 3 && o[1] < b && s.derived[o[1]])
         out[at + 1] = s.priv[s.ptr_to[o[0]]];
   }
   ss_free(&s);
   if (it.bad || it.next != n) {
      free(out);
      *err = "a truncated module";
      return NULL;
   }
   out[3] = next_id;
   *out_n = k;
   return out;
}
