/* glb_io_flatten.c — a vertex stage's outputs and a fragment stage's inputs that are arrays of
 * arrays (GL_ARB_arrays_of_arrays: `flat out int v[2][3];`), which ESSL forbids there (ESSL 3.10
 * 4.3.4 and 4.3.6: "vertex shader output cannot have an array of arrays"), made arrays of one
 * dimension before SPIRV-Cross: v[2][3] becomes v[6], element [i][j] element i * 3 + j. Both
 * stages flatten the same way and GL gives an array of arrays' elements consecutive locations
 * in that order, so the stages still meet (by name on the host) and the locations stay.
 *
 * The variable takes a new pointer type to the flat array; every access chain into it names
 * all of its array dimensions (a constant flat index, or the index computed before the chain
 * with OpIMul / OpIAdd). Such a variable used otherwise (loaded or stored whole, a chain that
 * stops inside the dimensions, OpPtrAccessChain) is reported in *err and nothing is rewritten.
 *
 * New declarations (the index constants, the flat array and pointer types) and the flattened
 * variables themselves go in front of the first function; ids above the old bound.
 *
 * Its work is linear in the module's words, whatever their shape (a client makes the server
 * translate modules of ~255k words per variant): the types are found in one walk's table
 * (spv_defs), the constants it makes in their hash (spirv_made_const); its per-id tables take
 * spv_defs's slots, so its memory is linear in the words too, not in the declared bound. cost
 * counts both (unit.gles.io_flatten bounds them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"
#include "spv.h"

#define FL_MAX_DIMS 8
#define FL_MAX_VARS 32

struct fl_var {
   uint32_t id, sc, elem; /* the variable, its storage class, its innermost element type */
   uint32_t ndims, dims[FL_MAX_DIMS];
   uint32_t len_type;                  /* the type of its first dimension's length constant */
   uint32_t total, arr_type, ptr_type; /* new ids */
   size_t pc, len;                     /* its OpVariable, moved */
};

struct fl_pass {
   const uint32_t *w;
   size_t n;
   uint32_t bound; /* grows with the ids made */
   uint32_t ids;   /* the module's bound */
   /* per id below ids, at its slot in defs (defs.slots + 1 long, the last none's: zeros) */
   uint32_t *type_of;   /* a value's result type (constants, loads, arithmetic, parameters) */
   uint32_t *const_val; /* an integer OpConstant's value + 1 */
   uint32_t *is_int;
   struct fl_var vars[FL_MAX_VARS];
   unsigned num_vars;
   struct spirv_made_consts made;
   struct spv_defs defs;
   uint64_t visited;
   uint64_t bytes; /* the tables' (unit.gles.io_flatten holds it within a constant times n) */
   const char *err;
};

/* id's slot in the per-id tables: none's (zeros) at or past the bound */
static inline uint32_t
ix(struct fl_pass *p, uint32_t id)
{
   if (id < p->defs.dense)
      return id;
   return id < p->ids ? spv_defs_slot(&p->defs, id) : p->defs.slots;
}

static struct fl_var *
flat_var(struct fl_pass *p, uint32_t id)
{
   for (unsigned i = 0; i < p->num_vars; i++)
      if (p->vars[i].id == id)
         return &p->vars[i];
   return NULL;
}

static uint32_t
constant_id(struct fl_pass *p, uint32_t type, uint32_t value)
{
   const uint32_t id = spirv_made_const(&p->made, &p->bound, type, value);
   if (!id)
      p->err = "out of memory";
   return id;
}

/* Ops whose first two operands are a result type and a result id that an index can be. */
static bool
typed_value(uint32_t op)
{
   return op == SpvOpLoad || op == SpvOpCopyObject || op == SpvOpCompositeExtract ||
          op == SpvOpPhi || op == SpvOpFunctionParameter || op == SpvOpExtInst ||
          op == SpvOpConstant || op == SpvOpSpecConstant || op == SpvOpSpecConstantOp ||
          (op >= SpvOpConvertFToU && op <= SpvOpNot);
}

/* The variables to flatten: storage class sc, type a pointer to an array of arrays. */
static bool
find_vars(struct fl_pass *p, uint32_t sc)
{
   struct spv_walk it = spv_walk_begin(p->w, p->n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      p->visited += it.len;
      if (it.op == SpvOpTypeInt && it.nops >= 3 && o[0] < p->ids)
         p->is_int[ix(p, o[0])] = 1;
      if (typed_value(it.op) && it.nops >= 2 && o[1] < p->ids)
         p->type_of[ix(p, o[1])] = o[0];
      if (it.op == SpvOpConstant && it.nops >= 3 && o[1] < p->ids && o[0] < p->ids &&
          p->is_int[ix(p, o[0])])
         p->const_val[ix(p, o[1])] = o[2] + 1u;
      if (it.op != SpvOpVariable || it.nops < 3 || o[2] != sc)
         continue;
      struct spv_walk ptr, arr;
      if (!spv_defs_find(&p->defs, o[0], &ptr) || ptr.op != SpvOpTypePointer || ptr.nops < 3)
         continue;
      uint32_t t = ptr.o[2];
      struct fl_var v = {.id = o[1], .sc = sc, .pc = it.pc, .len = it.len};
      while (spv_defs_find(&p->defs, t, &arr) && arr.op == SpvOpTypeArray && arr.nops >= 3) {
         const uint32_t c = p->const_val[ix(p, arr.o[2])];
         if (!c || v.ndims == FL_MAX_DIMS)
            return false; /* a length from a specialization constant: not flattened */
         if (!v.ndims)
            v.len_type = p->type_of[ix(p, arr.o[2])];
         v.dims[v.ndims++] = c - 1u;
         t = arr.o[1];
      }
      if (v.ndims < 2)
         continue;
      if (p->num_vars == FL_MAX_VARS) {
         p->err = "too many arrays of arrays";
         return false;
      }
      v.elem = t;
      v.total = 1;
      for (uint32_t k = 0; k < v.ndims; k++)
         v.total *= v.dims[k];
      p->vars[p->num_vars++] = v;
   }
   return !it.bad;
}

uint32_t *
glb_spv_flatten_io_arrays_counted(const uint32_t *w, size_t n, bool outputs, size_t *out_n,
                                  const char **err, struct glb_pass_cost *cost)
{
   *err = NULL;
   *out_n = 0;
   *cost = (struct glb_pass_cost){0};
   if (n < 5 || w[3] == 0 || w[3] > (1u << 22))
      return NULL;
   struct fl_pass p = {.w = w, .n = n, .bound = w[3], .ids = w[3]};
   struct spirv_parts parts = {0};
   uint32_t *ops = NULL;
   uint32_t *words = NULL;
   if (!spv_defs_init(&p.defs, w, n)) {
      p.err = "out of memory";
      goto finish;
   }
   /* sized by the ids the module names (below 2n), not its declared bound (up to 2^22 from a
    * module of a few words: 3 tables of it were 48 MB) */
   const size_t slots = (size_t)p.defs.slots + 1u;
   p.type_of = calloc(slots, sizeof(uint32_t));
   p.const_val = calloc(slots, sizeof(uint32_t));
   p.is_int = calloc(slots, sizeof(uint32_t));
   p.bytes = 3u * (uint64_t)slots * sizeof(uint32_t);
   if (!p.type_of || !p.const_val || !p.is_int) {
      p.err = "out of memory";
      goto finish;
   }
   if (!find_vars(&p, outputs ? SpvStorageClassOutput : SpvStorageClassInput) || !p.num_vars)
      goto finish;
   for (unsigned i = 0; i < p.num_vars; i++) {
      struct fl_var *v = &p.vars[i];
      if (!v->len_type) {
         p.err = "an array length of no known type";
         goto finish;
      }
      v->total = constant_id(&p, v->len_type, v->total);
      v->arr_type = p.bound++;
      v->ptr_type = p.bound++;
   }
   ops = malloc((n + 8) * sizeof(uint32_t));
   if (!ops) {
      p.err = "out of memory";
      goto finish;
   }
   spirv_out_put(&parts.head, w, 5);
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it) && !p.err) {
      struct spirv_out *o = spirv_parts_at(&parts, it.op);
      p.visited += it.len;
      if (it.op == SpvOpVariable && it.nops >= 2 && flat_var(&p, it.o[1]))
         continue; /* moved in front of the functions */
      /* uses of a flattened variable other than full access chains */
      if (it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) {
         struct fl_var *v = it.nops >= 3 ? flat_var(&p, it.o[2]) : NULL;
         if (v) {
            if (it.nops < 3 + v->ndims) {
               p.err = "an access chain that stops inside an array of arrays";
               break;
            }
            const uint32_t *idx = it.o + 3;
            bool all_const = true;
            uint32_t flat = 0;
            for (uint32_t k = 0; k < v->ndims; k++) {
               const uint32_t c = p.const_val[ix(&p, idx[k])];
               all_const = all_const && c;
               flat = flat * v->dims[k] + (c ? c - 1u : 0);
            }
            uint32_t index;
            if (all_const) {
               const uint32_t ty = p.type_of[ix(&p, idx[0])];
               if (!ty) {
                  p.err = "an array of arrays index of no known type";
                  break;
               }
               index = constant_id(&p, ty, flat);
            } else {
               /* acc = ((i0 * d1 + i1) * d2 + i2) ..., in the first index's type */
               const uint32_t ty = p.type_of[ix(&p, idx[0])];
               if (!ty || !p.is_int[ix(&p, ty)]) {
                  p.err = "an array of arrays index of no known integer type";
                  break;
               }
               uint32_t acc = idx[0];
               for (uint32_t k = 1; k < v->ndims; k++) {
                  const uint32_t dim = constant_id(&p, ty, v->dims[k]);
                  const uint32_t mul = p.bound++, add = p.bound++;
                  SPIRV_OUT_EMIT(o, SpvOpIMul, ty, mul, acc, dim);
                  SPIRV_OUT_EMIT(o, SpvOpIAdd, ty, add, mul, idx[k]);
                  acc = add;
               }
               index = acc;
            }
            ops[0] = it.o[0];
            ops[1] = it.o[1];
            ops[2] = it.o[2];
            ops[3] = index;
            memcpy(ops + 4, idx + v->ndims, (it.nops - 3 - v->ndims) * sizeof(uint32_t));
            spirv_out_emit(o, it.op, it.nops - v->ndims + 1, ops);
            continue;
         }
      } else {
         /* the instructions that take the variable's pointer whole */
         uint32_t first, last;
         spv_whole_pointer_operands(&it, &first, &last);
         for (uint32_t k = first; k < last; k++)
            if (flat_var(&p, it.o[k]))
               p.err = "an array of arrays used whole or through OpPtrAccessChain";
         if (p.err)
            break;
      }
      spirv_out_emit(o, it.op, it.nops, it.o);
   }
   /* a part that ran out of words is a failure, not "nothing to rewrite": the host would
    * get the module the pass had to change */
   if (!p.err && (parts.head.oom || parts.body.oom))
      p.err = "out of memory";
   if (p.err || it.bad)
      goto finish;
   /* the header and declarations, the new ones, the variables, the functions */
   struct spirv_out *out = &parts.out;
   spirv_out_put(out, parts.head.w, parts.head.n);
   for (unsigned i = 0; i < p.made.n; i++)
      SPIRV_OUT_EMIT(out, SpvOpConstant, p.made.v[i][0], p.made.v[i][2], p.made.v[i][1]);
   for (unsigned i = 0; i < p.num_vars; i++) {
      const struct fl_var *v = &p.vars[i];
      SPIRV_OUT_EMIT(out, SpvOpTypeArray, v->arr_type, v->elem, v->total);
      SPIRV_OUT_EMIT(out, SpvOpTypePointer, v->ptr_type, v->sc, v->arr_type);
      memcpy(ops, w + v->pc + 1, (v->len - 1) * sizeof(uint32_t));
      ops[0] = v->ptr_type;
      spirv_out_emit(out, SpvOpVariable, (unsigned)v->len - 1, ops);
   }
   words = spirv_parts_join(&parts, p.bound, out_n, &p.err);
finish:
   *err = p.err;
   cost->visited = p.visited + p.defs.visited + p.made.probes;
   /* the tables, the made constants', the words copied and written */
   cost->bytes = p.bytes + p.defs.bytes + (uint64_t)p.made.cap * sizeof(*p.made.v) +
                 (uint64_t)p.made.slots_cap * sizeof(uint32_t) +
                 (ops ? (uint64_t)(n + 8) * sizeof(uint32_t) : 0) +
                 ((uint64_t)parts.head.cap + parts.body.cap + parts.out.cap) * sizeof(uint32_t);
   spirv_parts_finish(&parts);
   spv_defs_finish(&p.defs);
   free(ops);
   spirv_made_consts_finish(&p.made);
   free(p.type_of);
   free(p.const_val);
   free(p.is_int);
   return words;
}

uint32_t *
glb_spv_flatten_io_arrays(const uint32_t *w, size_t n, bool outputs, size_t *out_n,
                          const char **err)
{
   struct glb_pass_cost cost;
   return glb_spv_flatten_io_arrays_counted(w, n, outputs, out_n, err, &cost);
}
