/* spv_input_copies.c — a fragment module's user Input arrays of structs (an array of interface
 * blocks: `in Blk { flat float f; } b[2];`) that an access chain indexes by a value that is not a
 * constant, read through a Private copy instead, for hosts whose compiler fails on such an index
 * (NVIDIA's GLES: "Internal error: assembly compile error ... error: offset"). The entry point
 * fills the copy before anything else, element by element and member by member at constant
 * indices; every access chain into the array then reads the copy, at whatever index. The Input
 * variable stays as it is, with its interpolation: a copy taken at the start reads each element
 * at the fragment's own interpolation, as the input read there would.
 *
 * Only arrays some chain indexes dynamically are copied. An array the module uses otherwise than
 * through access chains that reach into its elements and loads of them (an interpolateAt* on it
 * takes the input itself; a load of the whole array or of an element; a chain passed to a
 * function, copied, selected, stored through) is not rewritten: *blocked, and the module is left
 * as it is.
 *
 * New declarations: names for the copies beside the originals' (the ESSL reads _mgl_copy_b); the
 * rest (an int type where the module has none, the index constants, per array a struct with the
 * block's member types, its array, the Private variable, pointer types to its members, the
 * Private twins of the chains' pointer types) before the first function; ids above the old
 * bound. Before SPIR-V 1.4 the entry point's interface lists only Input/Output variables, so the
 * copies join it only from 1.4 on. The type and chain look-ups go through one walk's table
 * (spv_defs), so the work is linear in the module's words. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

#define IC_MAX_ARRAYS 32
#define IC_MAX_LENGTH 64
#define IC_MAX_MEMBERS 64
#define IC_MAX_COPIES 1024 /* element-member pairs copied, all arrays together */
#define IC_NAME_BYTES 128
static const char copy_prefix[] = "_mgl_copy_";

struct ic_array {
   uint32_t var, struct_type, len_const, length, num_members;
   uint32_t member_types[IC_MAX_MEMBERS];
   bool dynamic; /* a chain indexes it by a value that is not a constant */
   bool unfit;   /* a length or a struct the copy does not take (a specialization constant) */
   bool builtin; /* it or a member of its struct is a BuiltIn: not a user input */
   /* new ids */
   uint32_t copy_struct, copy_arr, copy_ptr, copy;
   uint32_t in_ptrs, priv_ptrs; /* pointers to member m: in_ptrs + m (Input), priv_ptrs + m */
};

struct ic_scan {
   struct ic_array arr[IC_MAX_ARRAYS];
   unsigned n;
   struct spv_defs defs;
   struct spv_chains chains; /* the copied arrays, the access chains into them */
   uint32_t entry_fn, int_type, max_index;
   struct spv_places at;
   bool blocked;
};

static struct ic_array *
find_array(struct ic_scan *s, uint32_t var)
{
   for (unsigned i = 0; i < s->n; i++)
      if (s->arr[i].var == var)
         return &s->arr[i];
   return NULL;
}

static struct ic_array *
find_struct(struct ic_scan *s, uint32_t type)
{
   for (unsigned i = 0; i < s->n; i++)
      if (s->arr[i].struct_type == type)
         return &s->arr[i];
   return NULL;
}

/* The array a fragment module's Input variable instruction it declares, when it is an array of
 * a struct (false for another variable); unfit where its length is no constant the copy takes
 * or its struct has too many members. */
static bool
input_array(struct ic_scan *s, const struct spv_walk *it, struct ic_array *a)
{
   struct spv_walk p, t, len, st;
   if (it->op != SpvOpVariable || it->nops < 3 || it->o[2] != SpvStorageClassInput ||
       !spv_defs_find(&s->defs, it->o[0], &p) || p.op != SpvOpTypePointer || p.nops != 3 ||
       !spv_defs_find(&s->defs, p.o[2], &t) || t.op != SpvOpTypeArray || t.nops != 3 ||
       !spv_defs_find(&s->defs, t.o[1], &st) || st.op != SpvOpTypeStruct)
      return false;
   *a = (struct ic_array){.var = it->o[1], .struct_type = st.o[0], .len_const = t.o[2]};
   if (!spv_defs_find(&s->defs, t.o[2], &len) || len.op != SpvOpConstant || len.nops != 3 ||
       !len.o[2] || len.o[2] > IC_MAX_LENGTH || st.nops < 2 || st.nops - 1 > IC_MAX_MEMBERS) {
      a->unfit = true;
      return true;
   }
   a->length = len.o[2];
   a->num_members = st.nops - 1;
   memcpy(a->member_types, st.o + 1, a->num_members * sizeof(uint32_t));
   return true;
}

/* The first walk: the entry point (a fragment one), a 32-bit int type, the arrays, their
 * BuiltIn decorations, and which of them a chain indexes dynamically. */
static bool
find_arrays(const uint32_t *w, size_t n, struct ic_scan *s)
{
   bool too_many = false;
   struct spv_walk it = spv_walk_begin(w, n);
   /* decorations precede the variables: the BuiltIn ones are kept by target until then */
   uint32_t builtins[64];
   unsigned num_builtins = 0;
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpEntryPoint && it.nops >= 2) {
         if (s->entry_fn || it.o[0] != SpvExecutionModelFragment)
            return false;
         s->entry_fn = it.o[1];
      }
      if (it.op == SpvOpTypeInt && it.nops == 3 && it.o[1] == 32 && !s->int_type)
         s->int_type = it.o[0];
      if ((it.op == SpvOpDecorate && it.nops >= 2 && it.o[1] == SpvDecorationBuiltIn) ||
          (it.op == SpvOpMemberDecorate && it.nops >= 3 && it.o[2] == SpvDecorationBuiltIn)) {
         if (num_builtins == sizeof(builtins) / sizeof(builtins[0]))
            return false; /* not a module of user inputs glslang makes */
         builtins[num_builtins++] = it.o[0];
      }
      struct ic_array a;
      if (input_array(s, &it, &a)) {
         for (unsigned b = 0; b < num_builtins; b++)
            a.builtin |= builtins[b] == a.var || builtins[b] == a.struct_type;
         if (s->n == IC_MAX_ARRAYS)
            too_many = true;
         else
            s->arr[s->n++] = a;
      }
      if ((it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) && it.nops >= 4) {
         struct ic_array *c = find_array(s, it.o[2]);
         struct spv_walk idx;
         if (c && !(spv_defs_find(&s->defs, it.o[3], &idx) && idx.op == SpvOpConstant))
            c->dynamic = true;
      }
   }
   if (it.bad || !s->entry_fn)
      return false;
   /* only the arrays indexed dynamically; more than the tables hold (GL's 32 input locations
    * hold no more): blocked, whichever they are */
   unsigned kept = 0, copies = 0;
   for (unsigned i = 0; i < s->n; i++) {
      if (!s->arr[i].dynamic || s->arr[i].builtin)
         continue;
      s->arr[kept++] = s->arr[i];
      copies += s->arr[i].length * s->arr[i].num_members;
      s->blocked |= s->arr[i].unfit;
   }
   s->n = kept;
   if (too_many || copies > IC_MAX_COPIES)
      s->blocked = true;
   for (unsigned i = 0; i < s->n; i++) {
      const uint32_t most =
         s->arr[i].length > s->arr[i].num_members ? s->arr[i].length : s->arr[i].num_members;
      if (most > s->max_index)
         s->max_index = most;
   }
   return s->n != 0 || s->blocked;
}

/* Whether instruction it uses the arrays otherwise than the copy can take: an extended
 * instruction (interpolateAt*) on them or a chain into them, a load of an array or of an
 * element of it (its type is not the copy's), a chain that stops at an element. */
static bool
other_use(struct ic_scan *s, const struct spv_walk *it)
{
   if (it->op == SpvOpExtInst) {
      for (uint32_t k = 4; k < it->nops; k++)
         if (spv_chains_derived(&s->chains, it->o[k]))
            return true;
      return false;
   }
   if (it->op == SpvOpLoad && it->nops >= 3 && find_array(s, it->o[2]))
      return true;
   if ((it->op == SpvOpAccessChain || it->op == SpvOpInBoundsAccessChain) && it->nops >= 3 &&
       find_array(s, it->o[2]))
      return it->nops < 5; /* to a member at least: a load of it is of the member's type */
   return false;
}

static void
scan(const uint32_t *w, size_t n, struct ic_scan *s)
{
   if (!find_arrays(w, n, s)) {
      s->n = 0;
      return;
   }
   if (s->blocked)
      return;
   s->chains.defs = &s->defs;
   for (unsigned i = 0; i < s->n; i++)
      s->chains.derived[s->chains.num_derived++] = s->arr[i].var;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      spv_places_step(&s->at, &it, s->entry_fn);
      if (other_use(s, &it) || !spv_chains_step(&s->chains, w, n, &it, true))
         s->blocked = true;
   }
   if (it.bad || !spv_places_found(&s->at))
      s->blocked = true;
}

/* OpName / OpMemberName (it) of a copied array or its struct: the same for the copy, its name
 * prefixed (OpName) or kept (OpMemberName). */
static void
copy_name(struct ic_scan *s, struct spirv_out *o, const struct spv_walk *it)
{
   const bool member = it->op == SpvOpMemberName;
   const uint32_t skip = member ? 2 : 1; /* the string's first operand */
   if (it->nops <= skip)
      return;
   struct ic_array *a = find_array(s, it->o[0]);
   const bool var = a != NULL;
   if (!a)
      a = find_struct(s, it->o[0]);
   if (!a || (member && var))
      return;
   const uint32_t *str = it->o + skip;
   const uint32_t words = spv_string_words(str, it->nops - skip);
   if (!words)
      return;
   char name[IC_NAME_BYTES] = {0};
   size_t len = member ? 0 : sizeof(copy_prefix) - 1;
   memcpy(name, copy_prefix, len);
   const size_t have = strnlen((const char *)str, (size_t)words * 4u);
   const size_t take = have < sizeof(name) - 1 - len ? have : sizeof(name) - 1 - len;
   memcpy(name + len, str, take);
   len += take;
   uint32_t ops[2 + IC_NAME_BYTES / 4] = {var ? a->copy : a->copy_struct, it->o[1]};
   memcpy(ops + skip, name, len + 1);
   spirv_out_emit(o, it->op, skip + (uint32_t)(len / 4 + 1), ops);
}

/* The copies' types and variables, where globals end. */
static void
emit_globals(const struct ic_scan *s, struct spirv_out *o, uint32_t int_type, uint32_t consts,
             bool new_int)
{
   const uint32_t in = SpvStorageClassInput, priv = SpvStorageClassPrivate;
   if (new_int)
      SPIRV_OUT_EMIT(o, SpvOpTypeInt, int_type, 32, 1);
   for (uint32_t k = 0; k < s->max_index; k++)
      SPIRV_OUT_EMIT(o, SpvOpConstant, int_type, consts + k, k);
   for (unsigned i = 0; i < s->n; i++) {
      const struct ic_array *a = &s->arr[i];
      uint32_t ops[1 + IC_MAX_MEMBERS] = {a->copy_struct};
      memcpy(ops + 1, a->member_types, a->num_members * sizeof(uint32_t));
      spirv_out_emit(o, SpvOpTypeStruct, 1 + a->num_members, ops);
      SPIRV_OUT_EMIT(o, SpvOpTypeArray, a->copy_arr, a->copy_struct, a->len_const);
      SPIRV_OUT_EMIT(o, SpvOpTypePointer, a->copy_ptr, priv, a->copy_arr);
      SPIRV_OUT_EMIT(o, SpvOpVariable, a->copy_ptr, a->copy, priv);
      for (uint32_t m = 0; m < a->num_members; m++) {
         SPIRV_OUT_EMIT(o, SpvOpTypePointer, a->in_ptrs + m, in, a->member_types[m]);
         SPIRV_OUT_EMIT(o, SpvOpTypePointer, a->priv_ptrs + m, priv, a->member_types[m]);
      }
   }
   spv_chains_emit_twins(&s->chains, o);
}

/* The copy, at the entry point's start: copy[e].m = input[e].m for every element e and member
 * m (ids from *id on, three a pair). */
static void
emit_copy(const struct ic_scan *s, struct spirv_out *o, uint32_t consts, uint32_t id)
{
   for (unsigned i = 0; i < s->n; i++) {
      const struct ic_array *a = &s->arr[i];
      for (uint32_t e = 0; e < a->length; e++)
         for (uint32_t m = 0; m < a->num_members; m++, id += 3) {
            SPIRV_OUT_EMIT(o, SpvOpAccessChain, a->in_ptrs + m, id, a->var, consts + e, consts + m);
            SPIRV_OUT_EMIT(o, SpvOpLoad, a->member_types[m], id + 1, id);
            SPIRV_OUT_EMIT(o, SpvOpAccessChain, a->priv_ptrs + m, id + 2, a->copy, consts + e,
                           consts + m);
            SPIRV_OUT_EMIT(o, SpvOpStore, id + 2, id + 1);
         }
   }
}

/* A chain into an array or a chain on one: its result a Private pointer, its base the copy. */
static bool
emit_chain(const struct ic_scan *s, struct spirv_out *o, const struct spv_walk *it)
{
   if ((it->op != SpvOpAccessChain && it->op != SpvOpInBoundsAccessChain) || it->nops < 3 ||
       !spv_chains_derived(&s->chains, it->o[2]))
      return false;
   const struct ic_array *a = find_array((struct ic_scan *)s, it->o[2]);
   const uint32_t head[] = {it->w[it->pc], spv_chains_twin(&s->chains, it->o[0]), it->o[1],
                            a ? a->copy : it->o[2]};
   spirv_out_put(o, head, 4);
   spirv_out_put(o, it->o + 3, it->nops - 3);
   return true;
}

uint32_t *
spv_copy_indexed_inputs(const uint32_t *words, size_t num_words, size_t *out_n, bool *blocked,
                        const char **err)
{
   *err = NULL;
   *blocked = false;
   if (num_words < 5 || words[3] == 0 || words[3] > SPV_ID_BOUND_MAX)
      return NULL;
   struct ic_scan s = {0};
   if (!spv_defs_init(&s.defs, words, num_words)) {
      spv_defs_finish(&s.defs);
      *err = "out of memory";
      return NULL;
   }
   scan(words, num_words, &s);
   spv_defs_finish(&s.defs);
   s.chains.defs = NULL;
   if (s.blocked) {
      *blocked = true;
      return NULL;
   }
   if (!s.n)
      return NULL;
   const uint32_t version = words[1];
   /* ids, all below SPV_ID_BOUND_MAX + 2^17: an int type, the index constants, per array 4 and
    * 2 a member, the twins, three a copied pair (at most IC_MAX_COPIES) */
   uint64_t bound = words[3];
   const bool new_int = !s.int_type;
   const uint32_t int_type = new_int ? (uint32_t)bound++ : s.int_type;
   const uint32_t consts = (uint32_t)bound;
   bound += s.max_index;
   for (unsigned i = 0; i < s.n; i++) {
      struct ic_array *a = &s.arr[i];
      a->copy_struct = (uint32_t)bound++;
      a->copy_arr = (uint32_t)bound++;
      a->copy_ptr = (uint32_t)bound++;
      a->copy = (uint32_t)bound++;
      a->in_ptrs = (uint32_t)bound;
      bound += a->num_members;
      a->priv_ptrs = (uint32_t)bound;
      bound += a->num_members;
   }
   spv_chains_number(&s.chains, &bound);
   const uint32_t copy_ids = (uint32_t)bound;
   for (unsigned i = 0; i < s.n; i++)
      bound += 3u * s.arr[i].length * s.arr[i].num_members;

   struct spirv_out o = {0};
   spirv_out_put(&o, words, 5);
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it) && !o.oom) {
      if (it.pc == s.at.globals_end)
         emit_globals(&s, &o, int_type, consts, new_int);
      if (it.pc == s.at.body_start)
         emit_copy(&s, &o, consts, copy_ids);
      if (it.op == SpvOpEntryPoint && version >= 0x10400) {
         if (it.len + s.n > 0xffffu) {
            free(o.w);
            *err = "an entry point interface of too many variables";
            return NULL;
         }
         const uint32_t head = ((it.len + s.n) << 16) | SpvOpEntryPoint;
         spirv_out_put(&o, &head, 1);
         spirv_out_put(&o, it.o, it.nops);
         for (unsigned i = 0; i < s.n; i++)
            spirv_out_put(&o, &s.arr[i].copy, 1);
         continue;
      }
      if (emit_chain(&s, &o, &it))
         continue;
      spirv_out_put(&o, it.w + it.pc, it.len);
      if (it.op == SpvOpName || it.op == SpvOpMemberName)
         copy_name(&s, &o, &it);
   }
   if (o.oom || it.bad) {
      free(o.w);
      *err = o.oom ? "out of memory" : "malformed module";
      return NULL;
   }
   return spirv_out_finish(&o, (uint32_t)bound, out_n);
}
