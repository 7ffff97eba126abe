/* glsl_link_aoa.c — arrays of arrays of opaque types and of blocks (GLSL 4.30,
 * ARB_arrays_of_arrays) as one-dimensional arrays. A Vulkan descriptor binding holds one array
 * level, so a UniformConstant, Uniform or StorageBuffer variable of type T[d0][d1]... becomes
 * T[d0 * d1 * ...] and each access chain on it takes the flattened index
 * (... (i0 * d1 + i1) * d2 + i2 ...): folded into a constant when the indices are constants,
 * computed in the shader otherwise. The GL shape stays with the linker (stage.aoa), which names,
 * counts and binds the elements by it (glsl_link_uniforms.c). */
#include "glsl_link_internal.h"

#include <stdlib.h>
#include <string.h>

struct flat_var {
   uint32_t var, sc, elem;
   uint32_t ndims, dims[GLSL_AOA_MAX_DIMS];
   uint32_t len_const, array_type, ptr_type;
   uint32_t mul_const[GLSL_AOA_MAX_DIMS]; /* [k], k >= 1: the constant dims[k] */
};

struct flat_const {
   uint32_t value, id;
};

struct flatten {
   const uint32_t *w;
   size_t n;
   uint32_t bound;
   size_t *def;       /* [id]: word offset of the instruction that declares it (0: none) */
   size_t *name;      /* [id]: word offset of its OpName (0: none) */
   uint32_t *flat_of; /* [id]: 1 + index into vars for a flattened variable */
   struct flat_var *vars;
   unsigned num_vars, cap_vars;
   struct flat_const *consts;
   unsigned num_consts, cap_consts;
   uint32_t *folded; /* [access chain result id]: the folded index constant (0: computed) */
   uint32_t uint_type;
   char err[256];
};

static uint32_t
def_op(const struct flatten *f, uint32_t id)
{
   return id < f->bound && f->def[id] ? f->w[f->def[id]] & SpvOpCodeMask : 0;
}

static const uint32_t *
def_ops(const struct flatten *f, uint32_t id)
{
   return f->w + f->def[id] + 1;
}

static const char *
var_name(const struct flatten *f, uint32_t id)
{
   if (id >= f->bound || !f->name[id])
      return "?";
   const size_t pc = f->name[id];
   const uint32_t len = f->w[pc] >> 16;
   /* the literal string is nul-terminated within the instruction (checked in scan) */
   const char *s = (const char *)(f->w + pc + 2);
   return len > 2 ? glsl_demangle(s) : "?";
}

/* The id of a new uint constant of that value (one per value). */
static uint32_t
const_id(struct flatten *f, uint32_t value)
{
   for (unsigned k = 0; k < f->num_consts; k++)
      if (f->consts[k].value == value)
         return f->consts[k].id;
   struct flat_const *c = mgu_array_push(f->consts, f->num_consts, f->cap_consts);
   if (!c) {
      snprintf(f->err, sizeof(f->err), "out of memory");
      return 0;
   }
   *c = (struct flat_const){value, f->bound++};
   return c->id;
}

/* A 32-bit integer OpConstant's value in *v. */
static bool
int_constant(const struct flatten *f, uint32_t id, uint32_t *v)
{
   if (def_op(f, id) != SpvOpConstant)
      return false;
   const uint32_t type = def_ops(f, id)[0];
   if (def_op(f, type) != SpvOpTypeInt || def_ops(f, type)[1] != 32)
      return false;
   *v = def_ops(f, id)[2];
   return true;
}

/* A global variable of an array of arrays in a resource storage class: record its shape. */
static void
consider_var(struct flatten *f, const uint32_t *o)
{
   const uint32_t ptr = o[0], var = o[1], sc = o[2];
   if (sc != SpvStorageClassUniformConstant && sc != SpvStorageClassUniform &&
       sc != SpvStorageClassStorageBuffer)
      return;
   if (def_op(f, ptr) != SpvOpTypePointer)
      return;
   uint32_t t = def_ops(f, ptr)[2];
   if (def_op(f, t) != SpvOpTypeArray || def_op(f, def_ops(f, t)[1]) != SpvOpTypeArray)
      return;
   struct flat_var fv = {.var = var, .sc = sc};
   while (def_op(f, t) == SpvOpTypeArray) {
      uint32_t len;
      if (fv.ndims == GLSL_AOA_MAX_DIMS || !int_constant(f, def_ops(f, t)[2], &len) || !len) {
         snprintf(f->err, sizeof(f->err),
                  "`%s' has more than %u array levels or one of an unknown size", var_name(f, var),
                  GLSL_AOA_MAX_DIMS);
         return;
      }
      if (!f->uint_type)
         f->uint_type = def_ops(f, def_ops(f, t)[2])[0];
      fv.dims[fv.ndims++] = len;
      t = def_ops(f, t)[1];
   }
   fv.elem = t;
   struct flat_var *slot = mgu_array_push(f->vars, f->num_vars, f->cap_vars);
   if (!slot) {
      snprintf(f->err, sizeof(f->err), "out of memory");
      return;
   }
   *slot = fv;
   f->flat_of[var] = f->num_vars;
}

static bool
is_flat(const struct flatten *f, uint32_t id)
{
   return id < f->bound && f->flat_of[id];
}

/* Declarations, names and the flattened variables; then their uses, which must all be access
 * chains through every array level. */
static void
scan(struct flatten *f)
{
   bool in_function = false;
   struct spv_walk it = spv_walk_begin(f->w, f->n);
   while (spv_walk_next(&it) && !f->err[0]) {
      const uint32_t *o = it.o;
      switch (it.op) {
      case SpvOpName:
         if (it.nops >= 2 && o[0] < f->bound && memchr(o + 1, 0, (it.nops - 1) * 4u))
            f->name[o[0]] = it.pc;
         continue;
      case SpvOpTypeInt:
      case SpvOpTypeArray:
      case SpvOpTypePointer:
         if (it.nops >= 3 && o[0] < f->bound)
            f->def[o[0]] = it.pc;
         continue;
      case SpvOpConstant:
         if (it.nops >= 3 && o[1] < f->bound)
            f->def[o[1]] = it.pc;
         continue;
      case SpvOpFunction: in_function = true; continue;
      case SpvOpVariable:
         if (!in_function && it.nops >= 3 && o[1] < f->bound)
            consider_var(f, o);
         continue;
      default: break;
      }
      if (!in_function || !f->num_vars)
         continue;
      if ((it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) && it.nops >= 3 &&
          is_flat(f, o[2])) {
         const struct flat_var *fv = &f->vars[f->flat_of[o[2]] - 1];
         if (it.nops - 3 < fv->ndims) {
            snprintf(f->err, sizeof(f->err),
                     "a sub-array of `%s' is used as a whole (passed on or copied)",
                     var_name(f, o[2]));
            return;
         }
         uint32_t flat = 0, v = 0;
         bool constant = true;
         for (uint32_t k = 0; k < fv->ndims && constant; k++) {
            constant = int_constant(f, o[3 + k], &v);
            flat = flat * fv->dims[k] + v;
         }
         if (constant && o[1] < f->bound)
            f->folded[o[1]] = const_id(f, flat);
         continue;
      }
      /* any other use of the variable itself */
      uint32_t first = 0, last = 0; /* operand range that holds pointers */
      switch (it.op) {
      case SpvOpLoad:
      case SpvOpCopyObject:
      case SpvOpPtrAccessChain:
      case SpvOpImageTexelPointer:
      case SpvOpArrayLength: first = last = 2; break;
      case SpvOpStore:
      case SpvOpCopyMemory: first = 0, last = 1; break;
      case SpvOpFunctionCall: first = 3, last = it.nops ? it.nops - 1 : 0; break;
      default: continue;
      }
      for (uint32_t k = first; k <= last && k < it.nops; k++) {
         if (is_flat(f, o[k])) {
            snprintf(f->err, sizeof(f->err), "`%s' is used as a whole array (passed on or copied)",
                     var_name(f, o[k]));
            return;
         }
      }
   }
   if (it.bad)
      snprintf(f->err, sizeof(f->err), "malformed SPIR-V");
}

static void
emit(struct flatten *f, struct spirv_out *out)
{
   spirv_out_put(out, f->w, 5);
   bool consts_done = false;
   struct spv_walk it = spv_walk_begin(f->w, f->n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      if (it.op == SpvOpVariable && it.nops >= 3 && is_flat(f, o[1])) {
         const struct flat_var *fv = &f->vars[f->flat_of[o[1]] - 1];
         if (!consts_done) {
            for (unsigned k = 0; k < f->num_consts; k++)
               SPIRV_OUT_EMIT(out, SpvOpConstant, f->uint_type, f->consts[k].id,
                              f->consts[k].value);
            consts_done = true;
         }
         SPIRV_OUT_EMIT(out, SpvOpTypeArray, fv->array_type, fv->elem, fv->len_const);
         SPIRV_OUT_EMIT(out, SpvOpTypePointer, fv->ptr_type, fv->sc, fv->array_type);
         uint32_t ops[4] = {fv->ptr_type, o[1], o[2], it.nops >= 4 ? o[3] : 0};
         spirv_out_emit(out, SpvOpVariable, it.nops >= 4 ? 4 : 3, ops);
         continue;
      }
      if ((it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) && it.nops >= 3 &&
          is_flat(f, o[2])) {
         const struct flat_var *fv = &f->vars[f->flat_of[o[2]] - 1];
         uint32_t index = o[1] < f->bound ? f->folded[o[1]] : 0;
         if (!index) {
            index = o[3];
            for (uint32_t k = 1; k < fv->ndims; k++) {
               const uint32_t mul = f->bound++, add = f->bound++;
               SPIRV_OUT_EMIT(out, SpvOpIMul, f->uint_type, mul, index, fv->mul_const[k]);
               SPIRV_OUT_EMIT(out, SpvOpIAdd, f->uint_type, add, mul, o[3 + k]);
               index = add;
            }
         }
         const uint32_t rest = it.nops - 3 - fv->ndims;
         if (!spirv_out_reserve(out, 5 + rest))
            return;
         uint32_t *d = out->w + out->n;
         d[0] = ((5 + rest) << 16) | it.op;
         d[1] = o[0];
         d[2] = o[1];
         d[3] = o[2];
         d[4] = index;
         memcpy(d + 5, o + 3 + fv->ndims, rest * sizeof(*d));
         out->n += 5 + rest;
         continue;
      }
      spirv_out_put(out, f->w + it.pc, it.len);
   }
   if (!out->oom)
      out->w[3] = f->bound;
}

void
glsl_link_flatten_aoa(struct link *l, int s)
{
   struct stage *st = &l->st[s];
   if (st->n < 5 || st->w[3] == 0 || st->w[3] > (1u << 22))
      return;
   struct flatten f = {.w = st->w, .n = st->n, .bound = st->w[3]};
   f.def = calloc(f.bound, sizeof(*f.def));
   f.name = calloc(f.bound, sizeof(*f.name));
   f.flat_of = calloc(f.bound, sizeof(*f.flat_of));
   f.folded = calloc(f.bound, sizeof(*f.folded));
   struct spirv_out out = {0};
   if (!f.def || !f.name || !f.flat_of || !f.folded) {
      link_error(l, "out of memory");
      goto done;
   }
   scan(&f);
   if (!f.err[0] && f.num_vars) {
      for (unsigned k = 0; k < f.num_vars; k++) {
         struct flat_var *fv = &f.vars[k];
         uint32_t total = 1;
         for (uint32_t d = 0; d < fv->ndims; d++) {
            total *= fv->dims[d];
            if (d)
               fv->mul_const[d] = const_id(&f, fv->dims[d]);
         }
         fv->len_const = const_id(&f, total);
         fv->array_type = f.bound++;
         fv->ptr_type = f.bound++;
      }
   }
   if (f.err[0]) {
      link_error(l,
                 "%s shader: arrays of arrays of opaque types or blocks: %s is not supported by "
                 "this implementation",
                 glsl_stage_name(s), f.err);
      goto done;
   }
   if (!f.num_vars)
      goto done;
   emit(&f, &out);
   if (out.oom) {
      link_error(l, "out of memory");
      goto done;
   }
   for (unsigned k = 0; k < f.num_vars && !l->failed; k++) {
      if (!GROW(l, st->aoa, st->num_aoa, st->cap_aoa))
         break;
      struct glsl_aoa *a = &st->aoa[st->num_aoa++];
      *a = (struct glsl_aoa){.var = f.vars[k].var, .ndims = f.vars[k].ndims};
      memcpy(a->dims, f.vars[k].dims, sizeof(a->dims));
   }
   free(st->owned);
   st->owned = out.w;
   st->w = out.w;
   st->n = out.n;
   out.w = NULL;
done:
   free(out.w);
   free(f.def);
   free(f.name);
   free(f.flat_of);
   free(f.folded);
   free(f.vars);
   free(f.consts);
}

const struct glsl_aoa *
glsl_link_aoa_of(const struct stage *st, uint32_t var)
{
   for (unsigned k = 0; k < st->num_aoa; k++)
      if (st->aoa[k].var == var)
         return &st->aoa[k];
   return NULL;
}
