/* spv_split.c — user interface blocks split into one variable per member. Mesa 22.3's
 * lavapipe interpolates flat, noperspective and centroid members of an array of interface
 * blocks wrongly (piglit interface-block-interpolation-array, glsl-1.50-interface-block-centroid
 * array), while the same SPIR-V is right on other drivers and plain variables are right on
 * lavapipe too. So the Vulkan backend's split-io-blocks quirk (vkb_quirks.c) gives such a driver
 * modules where every user Input/Output variable whose type is a Block struct, or an array of
 * one (an array of blocks, a geometry shader's per-vertex input), is one variable per member:
 *
 *  - member k of `Blk v[N]` becomes `Tk v.k[N]` (the same array levels around the member's type);
 *    the member's Component and interpolation decorations (and the variable's) go to it;
 *  - locations: with the block at L and member k at offset o(k) locations into it, `v.k` sits at
 *    L + M * o(k), M the product of the lengths of the arrays that take locations (not the
 *    per-vertex level of a geometry input or of a tessellation stage's non-`patch` interface:
 *    that level's length differs across the interface, 4 out of a control shader, 32 into an
 *    evaluation shader). For a single block that is where the member was; for an array it is
 *    another order within the same range [L, L + M * size). Producer and consumer get the same
 *    rewrite, so the interfaces still match;
 *  - each access chain into the block, [outer indices..., k, rest...], becomes one into v.k,
 *    [outer indices..., rest...] (no indices at all when it named member k of a single block).
 *
 * A module where such a variable is used other than through an access chain that names a
 * member by a constant (a whole-block load or copy, a function argument), or whose block has a
 * decoration this rewrite does not carry (transform-feedback offsets, member locations on an
 * array), is left as it is: NULL with *blocked set, and the caller then splits no stage.
 * SPIRV-Cross reflects a module but does not rewrite its types and instructions, so the pass
 * re-emits the words itself, with the few ids it reads. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_LEVELS = 2 };

/* Decorations a new variable takes from its member or from the block variable. */
enum {
   COPY_RELAXED = 1,
   COPY_NOPERSPECTIVE = 2,
   COPY_FLAT = 4,
   COPY_CENTROID = 8,
   COPY_SAMPLE = 16,
   COPY_INVARIANT = 32,
   COPY_PATCH = 64,
};

struct member {
   int32_t location, component;
   uint32_t copy;    /* COPY_* */
   uint32_t name_at; /* word offset of its OpMemberName; 0: none */
};

struct split_var {
   uint32_t var, storage, strct;
   unsigned levels;          /* array levels around the struct */
   uint32_t arr[MAX_LEVELS]; /* the array types, outermost first */
   uint32_t mult;            /* elements that take locations of their own */
   int32_t location;         /* of the variable; -1: none */
   uint32_t copy;            /* COPY_* of the variable */
   uint32_t name_at;         /* word offset of its OpName; 0: none */
   uint32_t num_members;
   struct member *members;
   uint32_t first_id; /* per member: `levels` arrays, a pointer, a variable */
};

struct split_state {
   const uint32_t *w;
   size_t n;
   uint32_t bound;
   uint32_t *at;     /* [bound] word offset of the defining instruction; 0: none */
   int32_t *cand;    /* [bound] variable -> its index in vars; -1: not split */
   uint8_t *block;   /* [bound] struct decorated Block (1), with a BuiltIn member (2) */
   uint8_t *builtin; /* [bound] variable decorated BuiltIn */
   struct split_var *vars;
   unsigned num_vars;
   uint32_t cap_vars;
   uint32_t exec_model;
   size_t functions; /* word offset of the first OpFunction */
   bool blocked;
};

static uint32_t
op_of(const struct split_state *s, uint32_t id)
{
   return id < s->bound && s->at[id] ? s->w[s->at[id]] & 0xffff : 0;
}

static uint32_t
word(const struct split_state *s, uint32_t id, unsigned k)
{
   return s->w[s->at[id] + k];
}

static int32_t
cand_of(const struct split_state *s, uint32_t id)
{
   return id < s->bound ? s->cand[id] : -1;
}

/* Locations a type takes in an interface (a 64-bit 3- or 4-vector two, as spv_refl_locations). */
static uint32_t
locations(const struct split_state *s, uint32_t t)
{
   switch (op_of(s, t)) {
   case SpvOpTypeVector: {
      const uint32_t c = word(s, t, 2);
      return op_of(s, c) != SpvOpTypeBool && word(s, c, 2) == 64 && word(s, t, 3) > 2 ? 2 : 1;
   }
   case SpvOpTypeMatrix: return word(s, t, 3) * locations(s, word(s, t, 2));
   case SpvOpTypeArray: {
      const uint32_t len = word(s, t, 3);
      return op_of(s, len) == SpvOpConstant ? word(s, len, 3) * locations(s, word(s, t, 2)) : 0;
   }
   case SpvOpTypeStruct: {
      uint32_t n = 0;
      for (uint32_t k = 2; k < (s->w[s->at[t]] >> 16); k++)
         n += locations(s, s->w[s->at[t] + k]);
      return n;
   }
   default: return 1;
   }
}

static uint32_t
copy_bit(uint32_t decoration)
{
   switch (decoration) {
   case SpvDecorationRelaxedPrecision: return COPY_RELAXED;
   case SpvDecorationNoPerspective: return COPY_NOPERSPECTIVE;
   case SpvDecorationFlat: return COPY_FLAT;
   case SpvDecorationCentroid: return COPY_CENTROID;
   case SpvDecorationSample: return COPY_SAMPLE;
   case SpvDecorationInvariant: return COPY_INVARIANT;
   case SpvDecorationPatch: return COPY_PATCH;
   default: return 0;
   }
}

/* Finds the block variables (s->vars, s->cand). False when out of memory. */
static bool
find_vars(struct split_state *s)
{
   for (size_t p = 5; p < s->functions;) {
      const uint32_t wc = s->w[p] >> 16, op = s->w[p] & 0xffff;
      if (op == SpvOpVariable && wc >= 4 && s->w[p + 2] < s->bound &&
          (s->w[p + 3] == SpvStorageClassInput || s->w[p + 3] == SpvStorageClassOutput) &&
          !s->builtin[s->w[p + 2]]) {
         struct split_var v = {.var = s->w[p + 2], .storage = s->w[p + 3], .location = -1};
         uint32_t t = op_of(s, s->w[p + 1]) == SpvOpTypePointer ? word(s, s->w[p + 1], 3) : 0;
         while (op_of(s, t) == SpvOpTypeArray && v.levels < MAX_LEVELS &&
                op_of(s, word(s, t, 3)) == SpvOpConstant) {
            v.arr[v.levels++] = t;
            t = word(s, t, 2);
         }
         if (op_of(s, t) == SpvOpTypeStruct && s->block[t] == 1) {
            v.strct = t;
            v.num_members = (s->w[s->at[t]] >> 16) - 2;
            v.members = calloc(v.num_members ? v.num_members : 1, sizeof(*v.members));
            if (!v.members || !mgu_array_reserve(s->vars, s->cap_vars, (uint64_t)s->num_vars + 1)) {
               free(v.members);
               return false;
            }
            for (uint32_t k = 0; k < v.num_members; k++)
               v.members[k] = (struct member){.location = -1, .component = -1};
            s->cand[v.var] = (int32_t)s->num_vars;
            s->vars[s->num_vars++] = v;
         }
      }
      p += wc;
   }
   return true;
}

/* Names and decorations of the block variables and their structs; sets s->blocked on one this
 * rewrite cannot carry. */
static void
read_annotations(struct split_state *s)
{
   for (size_t p = 5; p < s->functions;) {
      const uint32_t wc = s->w[p] >> 16, op = s->w[p] & 0xffff;
      const int32_t c = wc >= 2 ? cand_of(s, s->w[p + 1]) : -1;
      if (op == SpvOpName && c >= 0) {
         s->vars[c].name_at = (uint32_t)p;
      } else if ((op == SpvOpDecorate || op == SpvOpDecorateId || op == SpvOpDecorateString) &&
                 c >= 0 && wc >= 3) {
         struct split_var *v = &s->vars[c];
         const uint32_t d = s->w[p + 2];
         if (op == SpvOpDecorate && d == SpvDecorationLocation && wc >= 4)
            v->location = (int32_t)s->w[p + 3];
         else if (op == SpvOpDecorate && copy_bit(d))
            v->copy |= copy_bit(d);
         else
            s->blocked = true;
      } else if (op == SpvOpGroupDecorate) {
         for (uint32_t k = 2; k < wc; k++)
            s->blocked |= cand_of(s, s->w[p + k]) >= 0;
      } else if ((op == SpvOpMemberName || op == SpvOpMemberDecorate) && wc >= 4) {
         for (unsigned i = 0; i < s->num_vars; i++) {
            struct split_var *v = &s->vars[i];
            const uint32_t k = s->w[p + 2];
            if (v->strct != s->w[p + 1] || k >= v->num_members)
               continue;
            struct member *m = &v->members[k];
            const uint32_t d = s->w[p + 3];
            if (op == SpvOpMemberName)
               m->name_at = (uint32_t)p;
            else if (d == SpvDecorationLocation && wc >= 5)
               m->location = (int32_t)s->w[p + 4];
            else if (d == SpvDecorationComponent && wc >= 5)
               m->component = (int32_t)s->w[p + 4];
            else if (copy_bit(d))
               m->copy |= copy_bit(d);
            else
               s->blocked = true;
         }
      }
      p += wc;
   }
}

/* Whether the variable's outer array level is one element per vertex, which takes no locations
 * of its own: a geometry shader's inputs, a tessellation control shader's inputs and its outputs
 * but `patch` ones, a tessellation evaluation shader's inputs but `patch` ones. */
static bool
per_vertex(const struct split_state *s, const struct split_var *v)
{
   bool patch = (v->copy & COPY_PATCH) != 0;
   for (uint32_t k = 0; k < v->num_members; k++)
      patch |= (v->members[k].copy & COPY_PATCH) != 0;
   switch (s->exec_model) {
   case SpvExecutionModelGeometry: return v->storage == SpvStorageClassInput;
   case SpvExecutionModelTessellationControl: return v->storage == SpvStorageClassInput || !patch;
   case SpvExecutionModelTessellationEvaluation:
      return v->storage == SpvStorageClassInput && !patch;
   default: return false;
   }
}

/* Each member's location: see the file comment. False when the block has none to give. */
static bool
assign_locations(const struct split_state *s, struct split_var *v)
{
   v->mult = 1;
   for (unsigned k = v->levels && per_vertex(s, v) ? 1 : 0; k < v->levels; k++)
      v->mult *= word(s, word(s, v->arr[k], 3), 3);
   bool member_locations = false;
   for (uint32_t k = 0; k < v->num_members; k++) {
      member_locations |= v->members[k].location >= 0;
      /* an array member with a Component decoration of a per-vertex block would be an array of
       * arrays with one, which Vulkan does not take (spv_io_blocks.c made such blocks) */
      if (v->members[k].component >= 0 && v->levels && per_vertex(s, v) &&
          op_of(s, word(s, v->strct, 2 + k)) == SpvOpTypeArray)
         return false;
   }
   /* members placed one by one inside each element of an array: no one order fits them */
   if (member_locations && v->mult != 1)
      return false;
   int32_t next = v->location;
   for (uint32_t k = 0; k < v->num_members; k++) {
      struct member *m = &v->members[k];
      const uint32_t type = word(s, v->strct, 2 + k);
      if (m->location >= 0)
         next = m->location;
      if (next < 0)
         return false;
      m->location = member_locations ? next : v->location + (int32_t)v->mult * (next - v->location);
      next += (int32_t)locations(s, type);
   }
   return true;
}

/* Whether every use of the block variables in function code is an access chain that names a
 * member by a constant. */
static bool
uses_splittable(const struct split_state *s)
{
   for (size_t p = s->functions; p < s->n;) {
      const uint32_t wc = s->w[p] >> 16, op = s->w[p] & 0xffff;
      uint32_t k = 1;
      if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && wc >= 4 &&
          cand_of(s, s->w[p + 3]) >= 0) {
         const struct split_var *v = &s->vars[cand_of(s, s->w[p + 3])];
         if (wc < 5 + v->levels)
            return false;
         const uint32_t mi = s->w[p + 4 + v->levels];
         if (op_of(s, mi) != SpvOpConstant || (s->w[s->at[mi]] >> 16) < 4 ||
             word(s, mi, 3) >= v->num_members)
            return false;
         k = 4;
      }
      for (; k < wc; k++)
         if (cand_of(s, s->w[p + k]) >= 0)
            return false;
      p += wc;
   }
   return true;
}

static uint32_t
new_var_id(const struct split_var *v, uint32_t k)
{
   return v->first_id + k * (v->levels + 2) + v->levels + 1;
}

/* OpName "<variable>.<member>" (the member's name alone for a block without instance name). */
static void
put_name(struct spirv_out *o, const uint32_t *w, const struct split_var *v, uint32_t k)
{
   const struct member *m = &v->members[k];
   if (!m->name_at)
      return;
   const char *var_name = (const char *)&w[v->name_at + 2];
   const char *member_name = (const char *)&w[m->name_at + 3];
   const size_t a = strnlen(var_name, ((w[v->name_at] >> 16) - 2) * 4);
   const size_t b = strnlen(member_name, ((w[m->name_at] >> 16) - 3) * 4);
   const size_t len = (a ? a + 1 : 0) + b, nw = len / 4 + 1;
   uint32_t *ins = calloc(2 + nw, sizeof(*ins));
   if (!ins) {
      o->oom = true;
      return;
   }
   ins[0] = ((uint32_t)(2 + nw) << 16) | SpvOpName;
   ins[1] = new_var_id(v, k);
   char *str = (char *)&ins[2];
   if (a) {
      memcpy(str, var_name, a);
      str[a] = '.';
   }
   memcpy(str + (a ? a + 1 : 0), member_name, b);
   spirv_out_put(o, ins, 2 + nw);
   free(ins);
}

static void
put_decorations(struct spirv_out *o, const struct split_var *v, uint32_t k)
{
   static const uint32_t copied[][2] = {
      {COPY_RELAXED, SpvDecorationRelaxedPrecision},
      {COPY_NOPERSPECTIVE, SpvDecorationNoPerspective},
      {COPY_FLAT, SpvDecorationFlat},
      {COPY_CENTROID, SpvDecorationCentroid},
      {COPY_SAMPLE, SpvDecorationSample},
      {COPY_INVARIANT, SpvDecorationInvariant},
      {COPY_PATCH, SpvDecorationPatch},
   };
   const struct member *m = &v->members[k];
   const uint32_t id = new_var_id(v, k);
   spirv_out_put(
      o, (uint32_t[]){(4u << 16) | SpvOpDecorate, id, SpvDecorationLocation, (uint32_t)m->location},
      4);
   if (m->component >= 0)
      spirv_out_put(o,
                    (uint32_t[]){(4u << 16) | SpvOpDecorate, id, SpvDecorationComponent,
                                 (uint32_t)m->component},
                    4);
   for (size_t i = 0; i < sizeof(copied) / sizeof(copied[0]); i++)
      if ((m->copy | v->copy) & copied[i][0])
         spirv_out_put(o, (uint32_t[]){(3u << 16) | SpvOpDecorate, id, copied[i][1]}, 3);
}

/* The types and the variable of member k, where the block variable was declared. */
static void
put_variable(const struct split_state *s, struct spirv_out *o, const struct split_var *v,
             uint32_t k)
{
   const uint32_t base = v->first_id + k * (v->levels + 2);
   uint32_t t = word(s, v->strct, 2 + k);
   for (unsigned j = v->levels; j-- > 0;) { /* innermost first */
      spirv_out_put(
         o, (uint32_t[]){(4u << 16) | SpvOpTypeArray, base + j, t, word(s, v->arr[j], 3)}, 4);
      t = base + j;
   }
   spirv_out_put(o, (uint32_t[]){(4u << 16) | SpvOpTypePointer, base + v->levels, v->storage, t},
                 4);
   spirv_out_put(
      o, (uint32_t[]){(4u << 16) | SpvOpVariable, base + v->levels, new_var_id(v, k), v->storage},
      4);
}

static uint32_t *
emit(struct split_state *s, size_t *out_n)
{
   struct spirv_out o = {0};
   uint32_t next = s->bound;
   for (unsigned i = 0; i < s->num_vars; i++) {
      s->vars[i].first_id = next;
      next += s->vars[i].num_members * (s->vars[i].levels + 2);
   }
   spirv_out_put(&o, s->w, 5);
   bool decorated = false;
   for (size_t p = 5; p < s->n && !o.oom;) {
      const uint32_t wc = s->w[p] >> 16, op = s->w[p] & 0xffff;
      const int32_t c1 = wc >= 2 ? cand_of(s, s->w[p + 1]) : -1;
      if (op == SpvOpEntryPoint && wc >= 4) {
         /* the interface: each block variable becomes its members' */
         const size_t str = strnlen((const char *)&s->w[p + 3], (wc - 3) * 4) / 4 + 1;
         const size_t at = o.n;
         spirv_out_put(&o, s->w + p, 3 + str);
         for (size_t k = 3 + str; k < wc; k++) {
            const int32_t c = cand_of(s, s->w[p + k]);
            if (c < 0) {
               spirv_out_put(&o, &s->w[p + k], 1);
               continue;
            }
            for (uint32_t m = 0; m < s->vars[c].num_members; m++) {
               const uint32_t id = new_var_id(&s->vars[c], m);
               spirv_out_put(&o, &id, 1);
            }
         }
         if (!o.oom)
            o.w[at] = ((uint32_t)(o.n - at) << 16) | op;
      } else if (op == SpvOpName && c1 >= 0) {
         for (uint32_t k = 0; k < s->vars[c1].num_members; k++)
            put_name(&o, s->w, &s->vars[c1], k);
      } else if ((op >= SpvOpDecorate && op <= SpvOpGroupMemberDecorate) || op == SpvOpDecorateId ||
                 op == SpvOpDecorateString || op == SpvOpMemberDecorateString) {
         if (!decorated) { /* the new variables' decorations open the annotations */
            decorated = true;
            for (unsigned i = 0; i < s->num_vars; i++)
               for (uint32_t k = 0; k < s->vars[i].num_members; k++)
                  put_decorations(&o, &s->vars[i], k);
         }
         if (!(op == SpvOpDecorate && c1 >= 0))
            spirv_out_put(&o, s->w + p, wc);
      } else if (op == SpvOpVariable && p < s->functions && wc >= 3 &&
                 cand_of(s, s->w[p + 2]) >= 0) {
         const struct split_var *v = &s->vars[cand_of(s, s->w[p + 2])];
         for (uint32_t k = 0; k < v->num_members; k++)
            put_variable(s, &o, v, k);
      } else if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && wc >= 4 &&
                 p >= s->functions && cand_of(s, s->w[p + 3]) >= 0) {
         /* [outer..., member, rest...] into the block -> [outer..., rest...] into the member
          * (in a function body, where uses_splittable checked the chain's length and its
          * member constant; a chain elsewhere is copied as it is) */
         const struct split_var *v = &s->vars[cand_of(s, s->w[p + 3])];
         const uint32_t member = word(s, s->w[p + 4 + v->levels], 3);
         const size_t at = o.n;
         spirv_out_put(&o, s->w + p, 3);
         const uint32_t id = new_var_id(v, member);
         spirv_out_put(&o, &id, 1);
         spirv_out_put(&o, s->w + p + 4, v->levels);
         spirv_out_put(&o, s->w + p + 5 + v->levels, wc - 5 - v->levels);
         if (!o.oom)
            o.w[at] = ((wc - 1) << 16) | op;
      } else {
         spirv_out_put(&o, s->w + p, wc);
      }
      p += wc;
   }
   return spirv_out_finish(&o, next, out_n);
}

uint32_t *
spv_split_blocks(const uint32_t *w, size_t n, size_t *out_n, bool *blocked, const char **err)
{
   *err = NULL;
   *blocked = false;
   if (n < 5 || w[0] != SpvMagicNumber)
      return NULL;
   struct split_state s = {.w = w, .n = n, .bound = w[3], .functions = n};
   s.at = calloc(s.bound, sizeof(*s.at));
   s.cand = malloc(s.bound * sizeof(*s.cand));
   s.block = calloc(s.bound, sizeof(*s.block));
   s.builtin = calloc(s.bound, sizeof(*s.builtin));
   uint32_t *result = NULL;
   if (!s.at || !s.cand || !s.block || !s.builtin) {
      *err = "out of memory";
      goto done;
   }
   memset(s.cand, 0xff, s.bound * sizeof(*s.cand));
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
         if (op == SpvOpEntryPoint && wc >= 2)
            s.exec_model = w[p + 1];
         if (op == SpvOpDecorate && wc >= 3 && w[p + 1] < s.bound) {
            if (w[p + 2] == SpvDecorationBuiltIn)
               s.builtin[w[p + 1]] = 1;
            if (w[p + 2] == SpvDecorationBlock)
               s.block[w[p + 1]] |= 1;
         }
         if (op == SpvOpMemberDecorate && wc >= 4 && w[p + 1] < s.bound &&
             w[p + 3] == SpvDecorationBuiltIn)
            s.block[w[p + 1]] |= 2;
      }
      p += wc;
   }
   if (!find_vars(&s)) {
      *err = "out of memory";
      goto done;
   }
   if (!s.num_vars)
      goto done; /* nothing to split */
   read_annotations(&s);
   for (unsigned i = 0; i < s.num_vars && !s.blocked; i++)
      s.blocked = !assign_locations(&s, &s.vars[i]);
   if (s.blocked || !uses_splittable(&s)) {
      *blocked = true;
      goto done;
   }
   result = emit(&s, out_n);
   if (!result)
      *err = "out of memory";

done:
   for (unsigned i = 0; i < s.num_vars; i++)
      free(s.vars[i].members);
   free(s.vars);
   free(s.at);
   free(s.cand);
   free(s.block);
   free(s.builtin);
   return result;
}
