/* glb_io_structs.c — struct varyings between the last pre-rasterization stage and the fragment
 * stage (`flat out S v;`, `out S w[2];`), which ESSL refuses where the struct holds an array or
 * a struct, or is in an array (ESSL 3.20 4.3.4, 4.3.6: "vertex shader output cannot have a
 * struct that contains an array or struct"), split into one varying per member before
 * SPIRV-Cross. A member that is a struct (or an array of them) is split in turn; the arrays
 * met on the way to a member become its outer dimensions: member a of S w[2] is a varying of
 * type typeof(a)[2] (an array of arrays where a is an array: glb_io_flatten.c makes it one
 * dimension after this pass).
 *
 * Both stages split the same struct type the same way and give member k the locations from
 * the variable's location plus the locations of members 0..k-1, so the split varyings meet by
 * location on the host inside the range the struct had (no other varying is moved). The
 * variable's interpolation qualifiers and its members' go to each split varying.
 *
 * Every access chain into such a variable must reach a member that is no struct (then its
 * array indices move to the split varying's chain). A variable used otherwise (loaded or stored
 * whole, a chain that stops at a struct, OpPtrAccessChain, a function argument), or decorated
 * in ways the split cannot keep (transform feedback, a component) is reported in *err and
 * nothing is rewritten. Struct blocks (Block-decorated: I/O blocks, gl_PerVertex) are left
 * alone, and so is a struct varying of scalars, vectors and matrices only, which ESSL takes (and
 * which may be used whole). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"
#include "spv.h"

#define ST_MAX_VARS 16
#define ST_MAX_LEAVES 64
#define ST_MAX_DEPTH 8
#define ST_MAX_OUTER 8

struct st_var {
   uint32_t id, sc, type; /* the variable, its storage class, its pointee type */
   uint32_t location;
   uint32_t interp[8]; /* decorations each split varying takes (with no operands) */
   unsigned num_interp;
};

struct st_leaf {
   unsigned var;                     /* index into vars */
   uint32_t path[ST_MAX_DEPTH];      /* member indices from the variable's struct */
   uint32_t struct_of[ST_MAX_DEPTH]; /* the struct type each index selects from */
   unsigned depth;
   uint32_t outer[ST_MAX_OUTER]; /* length constants of the arrays on the way, outermost first */
   unsigned num_outer;
   uint32_t member_type; /* the member's own type (its own arrays kept) */
   uint32_t location;
   uint32_t id, ptr_type, arr_types[ST_MAX_OUTER]; /* new ids */
};

struct st_pass {
   const uint32_t *w;
   size_t n;
   uint32_t bound;      /* grows with the ids made */
   uint32_t ids;        /* the module's bound: the tables below are this long */
   size_t *def;         /* the pc of a type or constant's declaration, 0: none */
   uint32_t *const_val; /* an integer OpConstant's value + 1 */
   uint8_t *block;      /* a struct type decorated Block or BufferBlock */
   struct st_var vars[ST_MAX_VARS];
   unsigned num_vars;
   struct st_leaf leaves[ST_MAX_LEAVES];
   unsigned num_leaves;
   uint32_t visits;
   const char *err;
};

/* The declaration of type id (op and operands), or false. */
static bool
type_decl(const struct st_pass *p, uint32_t id, uint32_t *op, const uint32_t **o, uint32_t *nops)
{
   if (id >= p->ids || !p->def[id])
      return false;
   const size_t pc = p->def[id];
   *op = p->w[pc] & SpvOpCodeMask;
   *nops = (p->w[pc] >> 16) - 1;
   *o = p->w + pc + 1;
   return true;
}

/* Type t without its arrays: its element type, the arrays' length constants in *lens
 * (outermost first, at most max; *num their count), or 0 where a length is no literal. */
static uint32_t
strip_arrays(const struct st_pass *p, uint32_t t, uint32_t *lens, unsigned max, unsigned *num)
{
   uint32_t op, nops;
   const uint32_t *o;
   *num = 0;
   while (type_decl(p, t, &op, &o, &nops) && op == SpvOpTypeArray && nops >= 3) {
      if (*num == max || o[2] >= p->ids || !p->const_val[o[2]])
         return 0;
      lens[(*num)++] = o[2];
      t = o[1];
   }
   return t;
}

static bool
is_struct(const struct st_pass *p, uint32_t t)
{
   uint32_t op, nops;
   const uint32_t *o;
   return type_decl(p, t, &op, &o, &nops) && op == SpvOpTypeStruct;
}

/* Whether struct type s has a member that is an array or a struct. */
static bool
holds_aggregate(const struct st_pass *p, uint32_t s)
{
   uint32_t op, nops, mop, mnops;
   const uint32_t *o, *mo;
   if (!type_decl(p, s, &op, &o, &nops))
      return false;
   for (uint32_t m = 1; m < nops; m++)
      if (type_decl(p, o[m], &mop, &mo, &mnops) &&
          (mop == SpvOpTypeArray || mop == SpvOpTypeStruct))
         return true;
   return false;
}

/* The locations type t takes (GL 4.6 4.4.1: one per scalar or vector, a matrix's columns,
 * an array's elements', a struct's members'); 0 where unknown or past 4096. */
static uint32_t
location_count(const struct st_pass *p, uint32_t t, unsigned depth)
{
   uint32_t op, nops;
   const uint32_t *o;
   if (depth > 16 || !type_decl(p, t, &op, &o, &nops))
      return 0;
   uint64_t n = 0;
   switch (op) {
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
   case SpvOpTypeBool:
   case SpvOpTypeVector: n = 1; break;
   case SpvOpTypeMatrix: n = nops >= 3 ? o[2] : 0; break;
   case SpvOpTypeArray:
      if (nops >= 3 && o[2] < p->ids && p->const_val[o[2]])
         n = (uint64_t)(p->const_val[o[2]] - 1u) * location_count(p, o[1], depth + 1);
      break;
   case SpvOpTypeStruct:
      for (uint32_t m = 1; m < nops; m++) {
         const uint32_t c = location_count(p, o[m], depth + 1);
         if (!c)
            return 0;
         n += c;
      }
      break;
   default: break;
   }
   return n <= 4096 ? (uint32_t)n : 0;
}

/* The split varyings of struct type s of variable vi, reached through path[0..depth) and the
 * arrays outer[0..num_outer); *loc is the next location. */
static void
add_leaves(struct st_pass *p, unsigned vi, uint32_t s, const struct st_leaf *at, uint32_t *loc)
{
   uint32_t op, nops;
   const uint32_t *o;
   /* members visited, leaves or not: a bound on nested structs of many struct members */
   if (!type_decl(p, s, &op, &o, &nops) || op != SpvOpTypeStruct || at->depth == ST_MAX_DEPTH ||
       (p->visits += nops) > 4096) {
      p->err = "a struct varying nested too deep or too wide";
      return;
   }
   for (uint32_t m = 0; m + 1 < nops && !p->err; m++) {
      struct st_leaf l = *at;
      l.path[l.depth] = m;
      l.struct_of[l.depth] = s;
      l.depth++;
      uint32_t lens[ST_MAX_OUTER];
      unsigned num = 0;
      const uint32_t base = strip_arrays(p, o[m + 1], lens, ST_MAX_OUTER, &num);
      if (!base) {
         p->err = "a struct varying member array of no literal length";
         return;
      }
      if (is_struct(p, base)) {
         if (l.num_outer + num > ST_MAX_OUTER) {
            p->err = "a struct varying with too many arrays";
            return;
         }
         memcpy(l.outer + l.num_outer, lens, num * sizeof(uint32_t));
         l.num_outer += num;
         add_leaves(p, vi, base, &l, loc);
         continue;
      }
      uint64_t count = location_count(p, o[m + 1], 0);
      for (unsigned k = 0; k < l.num_outer && count <= 4096; k++)
         count *= p->const_val[l.outer[k]] - 1u;
      if (!count || count > 4096 || *loc > UINT32_MAX - count) {
         p->err = "a struct varying member of no known size";
         return;
      }
      if (p->num_leaves == ST_MAX_LEAVES) {
         p->err = "too many struct varying members";
         return;
      }
      l.member_type = o[m + 1];
      l.location = *loc;
      *loc += (uint32_t)count;
      p->leaves[p->num_leaves++] = l;
   }
}

static int
var_index(const struct st_pass *p, uint32_t id)
{
   for (unsigned i = 0; i < p->num_vars; i++)
      if (p->vars[i].id == id)
         return (int)i;
   return -1;
}

static bool
interp_decoration(uint32_t d)
{
   return d == SpvDecorationFlat || d == SpvDecorationNoPerspective || d == SpvDecorationCentroid ||
          d == SpvDecorationSample || d == SpvDecorationInvariant ||
          d == SpvDecorationRelaxedPrecision;
}

/* The declarations, the struct varyings of storage class sc and their decorations. */
static bool
find_vars(struct st_pass *p, uint32_t sc)
{
   struct spv_walk it = spv_walk_begin(p->w, p->n);
   while (spv_walk_next(&it) && it.op != SpvOpFunction) {
      const uint32_t *o = it.o;
      const bool type = it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer;
      if (type && it.nops >= 1 && o[0] < p->ids)
         p->def[o[0]] = it.pc;
      if (it.op == SpvOpConstant && it.nops >= 3 && o[1] < p->ids && o[0] < p->ids &&
          p->def[o[0]] && (p->w[p->def[o[0]]] & SpvOpCodeMask) == SpvOpTypeInt)
         p->const_val[o[1]] = o[2] + 1u;
      if (it.op == SpvOpDecorate && it.nops >= 2 && o[0] < p->ids &&
          (o[1] == SpvDecorationBlock || o[1] == SpvDecorationBufferBlock))
         p->block[o[0]] = 1;
      if (it.op != SpvOpVariable || it.nops < 3 || o[2] != sc || o[0] >= p->ids)
         continue;
      uint32_t op, nops;
      const uint32_t *ptr;
      if (!type_decl(p, o[0], &op, &ptr, &nops) || op != SpvOpTypePointer || nops < 3)
         continue;
      uint32_t lens[ST_MAX_OUTER];
      unsigned num = 0;
      const uint32_t base = strip_arrays(p, ptr[2], lens, ST_MAX_OUTER, &num);
      if (!base || !is_struct(p, base) || base >= p->ids || p->block[base] ||
          (!num && !holds_aggregate(p, base)))
         continue; /* a struct of scalars, vectors and matrices: ESSL takes it as it is */
      if (p->num_vars == ST_MAX_VARS) {
         p->err = "too many struct varyings";
         return false;
      }
      p->vars[p->num_vars++] =
         (struct st_var){.id = o[1], .sc = sc, .type = ptr[2], .location = UINT32_MAX};
   }
   if (it.bad)
      return false;
   /* the variables' decorations: a location, the qualifiers to keep, none to refuse */
   it = spv_walk_begin(p->w, p->n);
   while (spv_walk_next(&it) && it.op != SpvOpFunction && !p->err) {
      if (it.op != SpvOpDecorate || it.nops < 2)
         continue;
      const int vi = var_index(p, it.o[0]);
      if (vi < 0)
         continue;
      struct st_var *v = &p->vars[vi];
      const uint32_t d = it.o[1];
      if (d == SpvDecorationLocation && it.nops >= 3)
         v->location = it.o[2];
      else if (interp_decoration(d) && v->num_interp < 8)
         v->interp[v->num_interp++] = d;
      else if (d == SpvDecorationComponent || d == SpvDecorationXfbBuffer ||
               d == SpvDecorationOffset || d == SpvDecorationXfbStride || d == SpvDecorationBuiltIn)
         p->err = "a struct varying with a component, built-in or transform feedback decoration";
   }
   for (unsigned i = 0; i < p->num_vars && !p->err; i++)
      if (p->vars[i].location == UINT32_MAX)
         p->err = "a struct varying without a location";
   return !p->err;
}

/* The split varying chain c (operands of an access chain on a struct varying) reaches; its
 * indices on the way (the outer arrays') and after in kept[*num_kept]. NULL and p->err where
 * the chain stops at a struct. */
static const struct st_leaf *
chain_leaf(struct st_pass *p, unsigned vi, const uint32_t *idx, uint32_t num_idx, uint32_t *kept,
           uint32_t *num_kept)
{
   uint32_t t = p->vars[vi].type, path[ST_MAX_DEPTH];
   unsigned depth = 0;
   *num_kept = 0;
   for (uint32_t k = 0; k < num_idx; k++) {
      uint32_t op, nops;
      const uint32_t *o;
      if (!type_decl(p, t, &op, &o, &nops))
         break;
      if (op == SpvOpTypeArray && nops >= 2) {
         kept[(*num_kept)++] = idx[k];
         t = o[1];
         continue;
      }
      const uint32_t m = idx[k] < p->ids ? p->const_val[idx[k]] : 0;
      if (op != SpvOpTypeStruct || !m || m >= nops || depth == ST_MAX_DEPTH)
         break;
      path[depth++] = m - 1u;
      t = o[m];
      uint32_t lens[ST_MAX_OUTER];
      unsigned num = 0;
      const uint32_t base = strip_arrays(p, t, lens, ST_MAX_OUTER, &num);
      if (base && is_struct(p, base))
         continue;
      for (unsigned i = 0; i < p->num_leaves; i++) {
         const struct st_leaf *l = &p->leaves[i];
         if (l->var != vi || l->depth != depth || memcmp(l->path, path, depth * 4))
            continue;
         if (*num_kept != l->num_outer)
            break;
         memcpy(kept + *num_kept, idx + k + 1, (num_idx - k - 1) * sizeof(uint32_t));
         *num_kept += num_idx - k - 1;
         return l;
      }
      break;
   }
   p->err = "a struct varying used whole or through a chain that stops at a struct";
   return NULL;
}

/* The entry point with each struct varying in its interface replaced by its split ones. */
static void
emit_entry_point(struct st_pass *p, struct spirv_out *o, const struct spv_walk *it, uint32_t *ops,
                 size_t cap)
{
   uint32_t n = 0, k = 2;
   memcpy(ops, it->o, 2 * sizeof(uint32_t));
   n = 2;
   /* the name: a nul-terminated string, padded to whole words */
   for (; k < it->nops; k++) {
      ops[n++] = it->o[k];
      const uint32_t word = it->o[k];
      if (!(word & 0xffu) || !(word & 0xff00u) || !(word & 0xff0000u) || !(word & 0xff000000u)) {
         k++;
         break;
      }
   }
   for (; k < it->nops; k++) {
      const int vi = var_index(p, it->o[k]);
      if (vi < 0) {
         ops[n++] = it->o[k];
         continue;
      }
      if (n + p->num_leaves >= cap) {
         p->err = "a struct varying listed more than once in the entry point";
         return;
      }
      for (unsigned i = 0; i < p->num_leaves; i++)
         if (p->leaves[i].var == (unsigned)vi)
            ops[n++] = p->leaves[i].id;
   }
   spirv_out_emit(o, SpvOpEntryPoint, n, ops);
}

/* The split varyings' names and decorations (where the annotations begin). */
static void
emit_leaf_annotations(struct st_pass *p, struct spirv_out *o)
{
   for (unsigned i = 0; i < p->num_leaves; i++) {
      /* the same name in both stages (the host matches by location; names help reading) */
      uint32_t name[8] = {0};
      snprintf((char *)name, sizeof(name) - 1, "mgl_io_%u", p->leaves[i].location);
      const uint32_t words = (uint32_t)(strlen((const char *)name) / 4 + 1);
      uint32_t ops[9] = {p->leaves[i].id};
      memcpy(ops + 1, name, words * 4);
      spirv_out_emit(o, SpvOpName, words + 1, ops);
   }
   for (unsigned i = 0; i < p->num_leaves; i++) {
      const struct st_leaf *l = &p->leaves[i];
      const struct st_var *v = &p->vars[l->var];
      SPIRV_OUT_EMIT(o, SpvOpDecorate, l->id, SpvDecorationLocation, l->location);
      uint32_t done[16];
      unsigned num_done = 0;
      for (unsigned k = 0; k < v->num_interp; k++) {
         SPIRV_OUT_EMIT(o, SpvOpDecorate, l->id, v->interp[k]);
         done[num_done++] = v->interp[k];
      }
      /* the members' own qualifiers along the path */
      struct spv_walk it = spv_walk_begin(p->w, p->n);
      while (spv_walk_next(&it) && it.op != SpvOpFunction) {
         if (it.op != SpvOpMemberDecorate || it.nops < 3 || !interp_decoration(it.o[2]))
            continue;
         bool on_path = false;
         for (unsigned d = 0; d < l->depth; d++)
            on_path |= it.o[0] == l->struct_of[d] && it.o[1] == l->path[d];
         bool dup = false;
         for (unsigned k = 0; k < num_done; k++)
            dup |= done[k] == it.o[2];
         if (!on_path || dup || num_done == 16)
            continue;
         SPIRV_OUT_EMIT(o, SpvOpDecorate, l->id, it.o[2]);
         done[num_done++] = it.o[2];
      }
   }
}

uint32_t *
glb_spv_split_io_structs(const uint32_t *w, size_t n, bool outputs, size_t *out_n, const char **err)
{
   *err = NULL;
   *out_n = 0;
   if (n < 5 || w[3] == 0 || w[3] > SPV_ID_BOUND_MAX)
      return NULL;
   struct st_pass p = {.w = w, .n = n, .bound = w[3], .ids = w[3]};
   p.def = calloc(p.ids, sizeof(size_t));
   p.const_val = calloc(p.ids, sizeof(uint32_t));
   p.block = calloc(p.ids, 1);
   struct spirv_parts parts = {0};
   uint32_t *ops = NULL;
   uint32_t *words = NULL;
   if (!p.def || !p.const_val || !p.block) {
      p.err = "out of memory";
      goto finish;
   }
   if (!find_vars(&p, outputs ? SpvStorageClassOutput : SpvStorageClassInput) || !p.num_vars)
      goto finish;
   for (unsigned i = 0; i < p.num_vars && !p.err; i++) {
      struct st_leaf at = {.var = i};
      uint32_t lens[ST_MAX_OUTER];
      unsigned num = 0;
      const uint32_t s = strip_arrays(&p, p.vars[i].type, lens, ST_MAX_OUTER, &num);
      memcpy(at.outer, lens, num * sizeof(uint32_t));
      at.num_outer = num;
      uint32_t loc = p.vars[i].location;
      add_leaves(&p, i, s, &at, &loc);
   }
   if (p.err)
      goto finish;
   for (unsigned i = 0; i < p.num_leaves; i++) {
      struct st_leaf *l = &p.leaves[i];
      for (unsigned k = 0; k < l->num_outer; k++)
         l->arr_types[k] = p.bound++;
      l->ptr_type = p.bound++;
      l->id = p.bound++;
   }
   /* an instruction grows by the entry point's split varyings at most */
   const size_t cap = n + ST_MAX_LEAVES + 8;
   ops = malloc(cap * sizeof(uint32_t));
   if (!ops) {
      p.err = "out of memory";
      goto finish;
   }
   spirv_out_put(&parts.head, w, 5);
   bool annotated = false;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it) && !p.err) {
      struct spirv_out *o = spirv_parts_at(&parts, it.op);
      const bool past_debug = spv_is_annotation(it.op) || parts.in_functions ||
                              (it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer) ||
                              it.op == SpvOpConstant || it.op == SpvOpVariable;
      if (past_debug && !annotated) {
         emit_leaf_annotations(&p, &parts.head);
         annotated = true;
      }
      if (it.op == SpvOpEntryPoint && it.nops >= 3) {
         emit_entry_point(&p, o, &it, ops, cap);
         continue;
      }
      if ((it.op == SpvOpName || spv_is_annotation(it.op)) && it.nops >= 1 &&
          var_index(&p, it.o[0]) >= 0)
         continue; /* the split varyings have their own */
      if (it.op == SpvOpVariable && it.nops >= 2 && var_index(&p, it.o[1]) >= 0)
         continue; /* split */
      if ((it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) && it.nops >= 3 &&
          var_index(&p, it.o[2]) >= 0) {
         uint32_t num_kept = 0;
         const struct st_leaf *l = chain_leaf(&p, (unsigned)var_index(&p, it.o[2]), it.o + 3,
                                              it.nops - 3, ops + 3, &num_kept);
         if (!l)
            break;
         ops[0] = it.o[0];
         ops[1] = it.o[1];
         ops[2] = l->id;
         spirv_out_emit(o, it.op, 3 + num_kept, ops);
         continue;
      }
      /* the instructions that take a pointer whole */
      uint32_t first, last;
      spv_whole_pointer_operands(&it, &first, &last);
      for (uint32_t k = first; k < last; k++)
         if (var_index(&p, it.o[k]) >= 0)
            p.err = "a struct varying used whole or through OpPtrAccessChain";
      if (p.err)
         break;
      spirv_out_emit(o, it.op, it.nops, it.o);
   }
   /* a part that ran out of words is a failure, not "nothing to rewrite": the host would
    * get the module the pass had to change */
   if (!p.err && (parts.head.oom || parts.body.oom))
      p.err = "out of memory";
   if (p.err || it.bad)
      goto finish;
   /* the header and declarations, the split varyings' types and the varyings, the functions */
   struct spirv_out *out = &parts.out;
   spirv_out_put(out, parts.head.w, parts.head.n);
   for (unsigned i = 0; i < p.num_leaves; i++) {
      const struct st_leaf *l = &p.leaves[i];
      uint32_t t = l->member_type;
      for (unsigned k = l->num_outer; k-- > 0;) {
         SPIRV_OUT_EMIT(out, SpvOpTypeArray, l->arr_types[k], t, l->outer[k]);
         t = l->arr_types[k];
      }
      SPIRV_OUT_EMIT(out, SpvOpTypePointer, l->ptr_type, p.vars[l->var].sc, t);
      SPIRV_OUT_EMIT(out, SpvOpVariable, l->ptr_type, l->id, p.vars[l->var].sc);
   }
   words = spirv_parts_join(&parts, p.bound, out_n, &p.err);
finish:
   *err = p.err;
   spirv_parts_finish(&parts);
   free(ops);
   free(p.def);
   free(p.const_val);
   free(p.block);
   return words;
}
