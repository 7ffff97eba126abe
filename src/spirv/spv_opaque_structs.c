/* spv_opaque_structs.c — UniformConstant structures holding opaque members (GL_ARB_gl_spirv:
 * `uniform struct { sampler2D tex; float f; } s;`, arrays of them, structures nested in them),
 * which Vulkan forbids (no OpTypeStruct may contain an image, sampler or sampled image): each
 * leaf of such a variable becomes a UniformConstant variable of its own.
 *
 *  - A leaf is a member that is no structure holding opaque types (an opaque type, a number, a
 *    vector, a matrix, a structure of those, or an array of one of them). Its variable's type is
 *    the leaf's, inside the arrays of structures on its path (outermost first): s.si[2][2].tex
 *    becomes a sampler2D[2][2]. A leaf that is no array itself and has arrays on its path gets
 *    an innermost level of one more (sampler2D[2][2][1]), so that each element of a structure
 *    array stays its own GL uniform (GL 4.6 7.3.1.1 names and counts s.si[i][j].tex one by one,
 *    and only an innermost array of a basic type as one uniform).
 *  - Each access chain into the variable that reaches a leaf takes the leaf's variable, the
 *    indices of the structure arrays on its path, (0 for the added level) and the indices past
 *    the leaf; the structure and array types that hold opaque types, their pointer types,
 *    names and decorations go.
 *  - GL's locations (ARB_gl_spirv: a structure's members take consecutive locations from the
 *    variable's, each element of an array one): each leaf variable is decorated with the
 *    location of its first element, and *leaves says where the others are (outer_strides).
 *    Opaque leaves of a variable with a Binding get Binding + the elements of the opaque leaves
 *    before them; a DescriptorSet is copied to every leaf.
 *
 * A variable used other than through access chains that reach a leaf (loaded whole, handed to a
 * function) is refused with the reason. New declarations follow spv_patch.c's placement:
 * decorations after the last annotation, types, constants and variables before the first
 * function, ids above the old bound. SPIR-V 1.0 to 1.3 (the interface lists only Input and
 * Output variables). */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

#define OS_MAX_DEPTH 8
#define OS_MAX_LEAVES 256

struct os_leaf {
   unsigned target;      /* index into os.targets */
   uint32_t num_members; /* the member indices from the variable to the leaf */
   uint32_t members[OS_MAX_DEPTH];
   uint32_t type;      /* the leaf's type */
   uint32_t num_outer; /* the structure arrays on its path: their length constants */
   uint32_t outer_len_ids[SPV_OPAQUE_MAX_DIMS];
   bool unit_level;                 /* an added innermost level of one */
   uint32_t new_type, new_ptr, var; /* ids: the variable's type (0: `type`), pointer, variable */
   bool new_ptr_made;
   struct spv_opaque_leaf out;
};

struct os_target {
   uint32_t var, pointee;
   bool has_loc, has_bind, has_set;
   uint32_t loc, bind, set;
};

struct os {
   const uint32_t *w;
   size_t n;
   uint32_t bound;
   size_t *def; /* [id]: word offset of the type, constant or global variable declaring it */
   bool *removed;
   struct os_target *targets;
   unsigned num_targets, cap_targets;
   struct os_leaf *leaves;
   unsigned num_leaves, cap_leaves;
   uint32_t int_type, zero, one; /* a 32-bit int type and its 0 and 1 (0: made when needed) */
   bool make_int_type, make_zero, make_one;
   const char *err;
};

static uint32_t
def_op(const struct os *s, uint32_t id, const uint32_t **o, uint32_t *nops)
{
   if (!id || id >= s->bound || !s->def[id])
      return 0;
   const uint32_t *p = s->w + s->def[id];
   *o = p + 1;
   *nops = (p[0] >> 16) - 1;
   return p[0] & SpvOpCodeMask;
}

static bool
is_opaque_op(uint32_t op)
{
   return op == SpvOpTypeImage || op == SpvOpTypeSampledImage || op == SpvOpTypeSampler;
}

/* Whether type is a structure holding an opaque type (at any depth), or an array of one. */
static bool
holds_opaque_struct(const struct os *s, uint32_t type)
{
   return type < s->bound && s->removed[type];
}

/* The length of an array type's OpConstant length; 0 when it is not one. */
static uint32_t
const_value(const struct os *s, uint32_t id)
{
   const uint32_t *o;
   uint32_t nops;
   return def_op(s, id, &o, &nops) == SpvOpConstant && nops >= 3 ? o[2] : 0;
}

/* GL's uniform locations a type takes: one per basic-type element, a structure's members'
 * summed (ARB_gl_spirv, GL 4.6 7.6.2.1). */
static uint32_t
loc_count(const struct os *s, uint32_t type, unsigned depth)
{
   const uint32_t *o;
   uint32_t nops;
   if (depth > 2 * OS_MAX_DEPTH)
      return 1;
   switch (def_op(s, type, &o, &nops)) {
   case SpvOpTypeArray: {
      const uint64_t n =
         nops >= 3 ? (uint64_t)const_value(s, o[2]) * loc_count(s, o[1], depth + 1) : 1;
      return n > (1u << 20) ? 1u << 20 : (uint32_t)n;
   }
   case SpvOpTypeStruct: {
      uint64_t n = 0;
      for (uint32_t k = 1; k < nops; k++)
         n += loc_count(s, o[k], depth + 1);
      return n > (1u << 20) ? 1u << 20 : (uint32_t)n;
   }
   default: return 1;
   }
}

/* Opaque elements in a type (an opaque type or arrays of one). */
static uint32_t
opaque_elements(const struct os *s, uint32_t type)
{
   uint32_t n = 1;
   const uint32_t *o;
   uint32_t nops, op;
   for (unsigned d = 0; (op = def_op(s, type, &o, &nops)) == SpvOpTypeArray && nops >= 3 && d < 8;
        d++) {
      n *= const_value(s, o[2]);
      type = o[1];
   }
   return is_opaque_op(op) ? n : 0;
}

struct os_path {
   uint32_t num_members, members[OS_MAX_DEPTH];
   uint32_t num_outer, outer_len_ids[SPV_OPAQUE_MAX_DIMS], outer_dims[SPV_OPAQUE_MAX_DIMS],
      outer_strides[SPV_OPAQUE_MAX_DIMS];
   uint32_t location; /* of the first element */
};

/* The leaves of type (the variable's pointee or a member), depth-first in member order. */
static void
enumerate(struct os *s, unsigned target, uint32_t type, struct os_path p, unsigned depth)
{
   if (s->err)
      return;
   if (depth > OS_MAX_DEPTH) {
      s->err = "structures holding opaque members nested deeper than mgl follows";
      return;
   }
   if (!holds_opaque_struct(s, type)) {
      if (s->num_leaves == OS_MAX_LEAVES) {
         s->err = "more members of structures holding opaque members than mgl splits";
         return;
      }
      struct os_leaf *l = mgu_array_push(s->leaves, s->num_leaves, s->cap_leaves);
      if (!l) {
         s->err = "out of memory";
         return;
      }
      const struct os_target *t = &s->targets[target];
      const uint32_t *o;
      uint32_t nops;
      *l = (struct os_leaf){.target = target, .num_members = p.num_members, .type = type};
      memcpy(l->members, p.members, sizeof(p.members));
      l->num_outer = p.num_outer;
      memcpy(l->outer_len_ids, p.outer_len_ids, sizeof(p.outer_len_ids));
      l->unit_level = p.num_outer && def_op(s, type, &o, &nops) != SpvOpTypeArray;
      l->out = (struct spv_opaque_leaf){
         .opaque = opaque_elements(s, type) != 0,
         .has_location = t->has_loc,
         .location = t->loc + p.location,
         .num_outer = p.num_outer,
         .locations = loc_count(s, type, 0),
      };
      memcpy(l->out.outer_dims, p.outer_dims, sizeof(p.outer_dims));
      memcpy(l->out.outer_strides, p.outer_strides, sizeof(p.outer_strides));
      return;
   }
   const uint32_t *o;
   uint32_t nops, op;
   /* the structure arrays: one outer level each */
   uint32_t first = p.num_outer;
   while ((op = def_op(s, type, &o, &nops)) == SpvOpTypeArray && nops >= 3) {
      const uint32_t len = const_value(s, o[2]);
      if (p.num_outer == SPV_OPAQUE_MAX_DIMS || !len) {
         s->err = "arrays of structures holding opaque members of more levels or another "
                  "length than mgl splits";
         return;
      }
      p.outer_len_ids[p.num_outer] = o[2];
      p.outer_dims[p.num_outer++] = len;
      type = o[1];
   }
   if (op != SpvOpTypeStruct || nops < 2 || p.num_members == OS_MAX_DEPTH) {
      s->err = "a structure holding opaque members mgl does not split";
      return;
   }
   uint32_t stride = loc_count(s, type, 0);
   for (uint32_t d = p.num_outer; d > first; d--) {
      p.outer_strides[d - 1] = stride;
      stride *= p.outer_dims[d - 1];
   }
   const uint32_t base = p.location;
   uint32_t at = 0;
   for (uint32_t k = 1; k < nops && !s->err; k++) {
      struct os_path q = p;
      q.members[q.num_members++] = k - 1;
      q.location = base + at;
      enumerate(s, target, o[k], q, depth + 1);
      at += loc_count(s, o[k], 0);
   }
}

static bool
scan(struct os *s)
{
   if (!(s->def = calloc(s->bound, sizeof(*s->def))) ||
       !(s->removed = calloc(s->bound, sizeof(*s->removed)))) {
      s->err = "out of memory";
      return false;
   }
   struct spv_walk it = spv_walk_begin(s->w, s->n);
   while (spv_walk_next(&it) && it.op != SpvOpFunction) {
      uint32_t id = 0;
      if (it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer && it.nops >= 1)
         id = it.o[0];
      else if (((it.op >= SpvOpConstantTrue && it.op <= SpvOpSpecConstantOp) ||
                it.op == SpvOpVariable) &&
               it.nops >= 2)
         id = it.o[1];
      if (!id || id >= s->bound)
         continue;
      s->def[id] = it.pc;
      /* types come before their uses: one pass marks what holds an opaque structure */
      if (it.op == SpvOpTypeStruct) {
         for (uint32_t k = 1; k < it.nops && !s->removed[id]; k++) {
            const uint32_t *o;
            uint32_t nops, m = it.o[k];
            for (unsigned d = 0; d < 8 && def_op(s, m, &o, &nops) == SpvOpTypeArray && nops >= 2;
                 d++)
               m = o[1];
            const uint32_t mop = def_op(s, m, &o, &nops);
            s->removed[id] = is_opaque_op(mop) || (m < s->bound && s->removed[m]);
         }
      } else if (it.op == SpvOpTypeArray && it.nops >= 2) {
         s->removed[id] = it.o[1] < s->bound && s->removed[it.o[1]];
      } else if (it.op == SpvOpTypePointer && it.nops >= 3) {
         s->removed[id] = it.o[2] < s->bound && s->removed[it.o[2]];
      } else if (it.op == SpvOpTypeInt && it.nops >= 3 && it.o[1] == 32 && !s->int_type) {
         s->int_type = id;
      } else if (it.op == SpvOpTypeFunction) {
         for (uint32_t k = 1; k < it.nops; k++)
            if (it.o[k] < s->bound && s->removed[it.o[k]]) {
               s->err = "a function taking or returning a structure holding opaque members "
                        "(not supported by mgl yet)";
               return false;
            }
      } else if (it.op == SpvOpVariable && it.nops >= 3 && it.o[0] < s->bound &&
                 s->removed[it.o[0]]) {
         const uint32_t *o;
         uint32_t nops;
         if (it.o[2] != SpvStorageClassUniformConstant) {
            s->err = "a structure holding opaque members outside UniformConstant";
            return false;
         }
         struct os_target *t = mgu_array_push(s->targets, s->num_targets, s->cap_targets);
         if (!t || def_op(s, it.o[0], &o, &nops) != SpvOpTypePointer || nops < 3) {
            s->err = t ? "a malformed variable" : "out of memory";
            return false;
         }
         *t = (struct os_target){.var = id, .pointee = o[2]};
      }
   }
   if (it.bad) {
      s->err = "an instruction of length 0 or past the module's end";
      return false;
   }
   if (!s->num_targets)
      return true;
   /* 0 and 1 of the int type (the added level's index and length) */
   it = spv_walk_begin(s->w, s->n);
   while (spv_walk_next(&it) && it.op != SpvOpFunction) {
      if (it.op == SpvOpDecorate && it.nops >= 3) {
         for (unsigned k = 0; k < s->num_targets; k++) {
            struct os_target *t = &s->targets[k];
            if (it.o[0] != t->var)
               continue;
            if (it.o[1] == SpvDecorationLocation)
               t->has_loc = true, t->loc = it.o[2];
            else if (it.o[1] == SpvDecorationBinding)
               t->has_bind = true, t->bind = it.o[2];
            else if (it.o[1] == SpvDecorationDescriptorSet)
               t->has_set = true, t->set = it.o[2];
         }
      }
      if (it.op == SpvOpConstant && it.nops == 3 && it.o[0] == s->int_type && s->int_type) {
         if (it.o[2] == 0 && !s->zero)
            s->zero = it.o[1];
         if (it.o[2] == 1 && !s->one)
            s->one = it.o[1];
      }
   }
   for (unsigned k = 0; k < s->num_targets && !s->err; k++)
      enumerate(s, k, s->targets[k].pointee, (struct os_path){0}, 0);
   return !s->err;
}

/* The leaf that member path `members` of target k reaches; NULL when none. */
static struct os_leaf *
leaf_of(struct os *s, unsigned k, const uint32_t *members, uint32_t num_members)
{
   for (unsigned i = 0; i < s->num_leaves; i++) {
      struct os_leaf *l = &s->leaves[i];
      if (l->target == k && l->num_members == num_members &&
          !memcmp(l->members, members, num_members * sizeof(*members)))
         return l;
   }
   return NULL;
}

static int
target_of(const struct os *s, uint32_t id)
{
   for (unsigned k = 0; k < s->num_targets; k++)
      if (s->targets[k].var == id)
         return (int)k;
   return -1;
}

/* An access chain into target k (operands o: result type, result, base, indices...) as one
 * into its leaf's variable, into out; false with s->err where it reaches no leaf. */
static bool
rewrite_chain(struct os *s, struct spirv_out *out, uint32_t op, const uint32_t *o, uint32_t nops,
              unsigned k)
{
   uint32_t idx[OS_MAX_DEPTH * 2 + SPV_OPAQUE_MAX_DIMS + 8];
   uint32_t members[OS_MAX_DEPTH], num_members = 0, num_idx = 0;
   uint32_t type = s->targets[k].pointee, i = 3;
   const uint32_t *to;
   uint32_t tn, top;
   while (holds_opaque_struct(s, type)) {
      top = def_op(s, type, &to, &tn);
      if (i >= nops) {
         s->err = "a structure holding opaque members used whole or in part (not supported by "
                  "mgl yet)";
         return false;
      }
      if (top == SpvOpTypeArray && tn >= 2) {
         if (num_idx == SPV_OPAQUE_MAX_DIMS)
            return false;
         idx[num_idx++] = o[i++];
         type = to[1];
         continue;
      }
      const uint32_t *co;
      uint32_t cn;
      if (top != SpvOpTypeStruct || def_op(s, o[i], &co, &cn) != SpvOpConstant || cn < 3 ||
          co[2] + 1 >= tn || num_members == OS_MAX_DEPTH) {
         s->err = "an access chain into a structure holding opaque members that mgl does not "
                  "follow";
         return false;
      }
      members[num_members++] = co[2];
      type = to[1 + co[2]];
      i++;
   }
   const struct os_leaf *l = leaf_of(s, k, members, num_members);
   if (!l) {
      s->err = "an access chain into a structure holding opaque members that mgl does not follow";
      return false;
   }
   if (l->unit_level)
      idx[num_idx++] = s->zero;
   if (nops - i > sizeof(idx) / sizeof(idx[0]) - num_idx) {
      s->err = "an access chain of more indices than mgl follows";
      return false;
   }
   const uint32_t head[] = {(uint32_t)((4 + num_idx + nops - i) << 16) | op, o[0], o[1], l->var};
   spirv_out_put(out, head, 4);
   spirv_out_put(out, idx, num_idx);
   spirv_out_put(out, o + i, nops - i);
   return true;
}

/* Whether any operand of an instruction in a function names a split variable or has a removed
 * type as its result type. */
static bool
uses_removed(const struct os *s, const struct spv_walk *it)
{
   for (uint32_t i = 0; i < it->nops; i++)
      if (target_of(s, it->o[i]) >= 0)
         return true;
   /* most instructions with a result have its type first */
   return it->nops >= 2 && it->op != SpvOpStore && it->o[0] < s->bound && s->removed[it->o[0]] &&
          it->op != SpvOpName && !spv_is_annotation(it->op);
}

/* Whether an annotation or debug name names a removed id (a split variable or a type holding an
 * opaque structure). */
static bool
names_removed(const struct os *s, const struct spv_walk *it)
{
   if (!(spv_is_annotation(it->op) || it->op == SpvOpName || it->op == SpvOpMemberName) ||
       !it->nops)
      return false;
   return (it->o[0] < s->bound && s->removed[it->o[0]]) || target_of(s, it->o[0]) >= 0;
}

/* The declarations of the leaves' variables (ids from *bound): types, pointers, variables. */
static void
declare_leaves(struct os *s, struct spirv_out *g, struct spirv_out *decos, uint32_t *bound)
{
   if (!s->int_type) {
      s->int_type = (*bound)++;
      SPIRV_OUT_EMIT(g, SpvOpTypeInt, s->int_type, 32, 1);
   }
   if (!s->zero) {
      s->zero = (*bound)++;
      SPIRV_OUT_EMIT(g, SpvOpConstant, s->int_type, s->zero, 0);
   }
   if (!s->one) {
      s->one = (*bound)++;
      SPIRV_OUT_EMIT(g, SpvOpConstant, s->int_type, s->one, 1);
   }
   uint32_t next_binding[OS_MAX_LEAVES] = {0};
   for (unsigned i = 0; i < s->num_leaves; i++) {
      struct os_leaf *l = &s->leaves[i];
      const struct os_target *t = &s->targets[l->target];
      uint32_t type = l->type;
      if (l->unit_level) {
         const uint32_t arr = (*bound)++;
         SPIRV_OUT_EMIT(g, SpvOpTypeArray, arr, type, s->one);
         type = arr;
      }
      for (uint32_t d = l->num_outer; d > 0; d--) {
         const uint32_t arr = (*bound)++;
         SPIRV_OUT_EMIT(g, SpvOpTypeArray, arr, type, l->outer_len_ids[d - 1]);
         type = arr;
      }
      /* a pointer to a type of the module: its own when it has one */
      uint32_t ptr = 0;
      struct spv_walk it = spv_walk_begin(s->w, s->n);
      while (!ptr && type == l->type && spv_walk_next(&it) && it.op != SpvOpFunction)
         if (it.op == SpvOpTypePointer && it.nops >= 3 &&
             it.o[1] == SpvStorageClassUniformConstant && it.o[2] == type)
            ptr = it.o[0];
      for (unsigned j = 0; !ptr && j < i; j++)
         if (s->leaves[j].new_ptr_made && s->leaves[j].new_type == type)
            ptr = s->leaves[j].new_ptr;
      if (!ptr) {
         ptr = (*bound)++;
         SPIRV_OUT_EMIT(g, SpvOpTypePointer, ptr, SpvStorageClassUniformConstant, type);
         l->new_ptr_made = type == l->type;
      }
      l->new_type = type;
      l->new_ptr = ptr;
      l->var = l->out.var = (*bound)++;
      SPIRV_OUT_EMIT(g, SpvOpVariable, ptr, l->var, SpvStorageClassUniformConstant);
      if (t->has_loc)
         SPIRV_OUT_EMIT(decos, SpvOpDecorate, l->var, SpvDecorationLocation, l->out.location);
      if (t->has_set)
         SPIRV_OUT_EMIT(decos, SpvOpDecorate, l->var, SpvDecorationDescriptorSet, t->set);
      if (t->has_bind && l->out.opaque) {
         uint32_t elems = opaque_elements(s, l->type);
         for (uint32_t d = 0; d < l->out.num_outer; d++)
            elems *= l->out.outer_dims[d];
         SPIRV_OUT_EMIT(decos, SpvOpDecorate, l->var, SpvDecorationBinding,
                        t->bind + next_binding[l->target]);
         next_binding[l->target] += elems;
      }
   }
}

uint32_t *
spv_split_opaque_structs(const uint32_t *words, size_t num_words, size_t *out_n,
                         struct spv_opaque_leaf **leaves, unsigned *num_leaves, const char **err)
{
   *err = NULL;
   *leaves = NULL;
   *num_leaves = 0;
   if (num_words < 5 || !words[3] || words[3] > (1u << 22))
      return NULL;
   struct os s = {.w = words, .n = num_words, .bound = words[3]};
   struct spirv_out out = {0}, g = {0}, decos = {0};
   uint32_t bound = s.bound;
   if (!scan(&s) || !s.num_targets)
      goto done;
   declare_leaves(&s, &g, &decos, &bound);
   /* the module: annotations end where the first type, constant or variable begins */
   spirv_out_put(&out, words, 5);
   bool decos_done = false, globals_done = false, in_fn = false;
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it) && !s.err) {
      const bool global_decl =
         !in_fn && ((it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer) ||
                    (it.op >= SpvOpConstantTrue && it.op <= SpvOpSpecConstantOp) ||
                    it.op == SpvOpVariable || it.op == SpvOpUndef);
      if (!decos_done && (global_decl || it.op == SpvOpFunction)) {
         spirv_out_put(&out, decos.w, decos.n);
         decos_done = true;
      }
      if (!globals_done && it.op == SpvOpFunction) {
         spirv_out_put(&out, g.w, g.n);
         globals_done = true;
      }
      if (it.op == SpvOpFunction)
         in_fn = true;
      else if (it.op == SpvOpFunctionEnd)
         in_fn = false;
      if (names_removed(&s, &it))
         continue;
      if (global_decl) {
         const uint32_t id =
            it.op == SpvOpVariable || (it.op >= SpvOpConstantTrue && it.op <= SpvOpSpecConstantOp)
               ? (it.nops >= 2 ? it.o[1] : 0)
               : (it.nops >= 1 ? it.o[0] : 0);
         if ((id < s.bound && s.removed[id]) || target_of(&s, id) >= 0)
            continue;
      }
      if (in_fn && (it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) &&
          it.nops >= 3 && target_of(&s, it.o[2]) >= 0) {
         rewrite_chain(&s, &out, it.op, it.o, it.nops, (unsigned)target_of(&s, it.o[2]));
         continue;
      }
      if (in_fn && uses_removed(&s, &it)) {
         s.err = "a structure holding opaque members used whole or in part (not supported by "
                 "mgl yet)";
         break;
      }
      spirv_out_put(&out, words + it.pc, it.len);
   }
   if (!s.err && (it.bad || !globals_done))
      s.err = "a malformed module";
   if (!s.err && (out.oom || g.oom || decos.oom))
      s.err = "out of memory";
   if (s.err) {
      free(out.w);
      out.w = NULL;
      goto done;
   }
   out.w[3] = bound;
   *out_n = out.n;
   if (!(*leaves = calloc(s.num_leaves, sizeof(**leaves)))) {
      s.err = "out of memory";
      free(out.w);
      out.w = NULL;
      goto done;
   }
   for (unsigned i = 0; i < s.num_leaves; i++)
      (*leaves)[i] = s.leaves[i].out;
   *num_leaves = s.num_leaves;

done:
   *err = s.err;
   free(g.w);
   free(decos.w);
   free(s.def);
   free(s.removed);
   free(s.targets);
   free(s.leaves);
   return out.w;
}
