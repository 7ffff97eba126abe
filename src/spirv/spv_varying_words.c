/* spv_varying_words.c — user Input/Output variables holding 64-bit integers, or 64-bit floats,
 * cross the stage boundary as 32-bit words, so no such type is in any interface (NVIDIA's Vulkan
 * driver reads 64-bit integer three-component vector varyings and several 64-bit float ones
 * wrong, issue 20). Each type holding one is replaced, keeping its locations and components: a
 * 64-bit scalar becomes a uvec2 (its two components), a two-component vector a uvec4, a three- or
 * four-component vector a uvec4[2] (its two locations), a matrix of 64-bit float columns an
 * array of its columns' replacements, arrays and structures of them the same arrays and
 * structures of the replacements (a structure's member decorations, a block's Block, copied; a
 * replaced member's matrix layout dropped).
 *
 * Each such variable V becomes a Private variable of its own type, so every access reads and
 * writes it unchanged (the access chains into it take Private pointer types); a new variable
 * of the replaced type takes V's decorations and V's place in the entry point's interface. An
 * input is loaded whole at the start of the entry point, each part bit-cast back into V; an
 * output is bit-cast from V into its words and stored whole before each OpReturn of the entry
 * point (a geometry module: before each emit). A vertex module's inputs are attributes, no
 * varyings: left as they are. A tessellation control module with such an output (its
 * invocations share it), a captured one (XfbBuffer, Offset), or one passed to a function is left
 * as written (*blocked). Both sides of an interface must take the rewrite: the backend applies it
 * to every stage of a program or to none.
 *
 * Its work is linear in the module's words (sorts aside), whatever their shape: a client of a
 * shared server sends the module. The definitions are found in one walk's table (spv_defs), the
 * decorations in a list sorted by target; *visited counts the work (unit.glsl.varying_words
 * bounds it). */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

#define IW_MAX_VARS 32
#define IW_MAX_TYPES 64
#define IW_MAX_MEMBERS 64
#define IW_MAX_ELEMS 64
#define IW_MAX_DEPTH 16 /* nested arrays and structures */

enum iw_kind { IW_SAME, IW_SCALAR, IW_VECTOR, IW_ARRAY, IW_STRUCT };

enum iw_which { IW_INT64 = 1, IW_FP64 = 2 }; /* the scalar types the pass replaces */

struct iw_type {
   uint32_t from, to; /* the module's type and its replacement (a new id) */
   enum iw_kind kind;
   uint32_t comps;  /* a vector's */
   uint32_t comp;   /* a vector's component type */
   uint32_t elem;   /* an array's element type */
   uint32_t len;    /* an array's length (its constant's value), a matrix's columns */
   uint32_t len_id; /* the length's constant (0: a matrix's, s->count[len]) */
   uint32_t num_members;
   uint32_t members[IW_MAX_MEMBERS];
};

struct iw_var {
   uint32_t var, ptr_type, type, sc;
   uint32_t priv_ptr; /* new: Private pointer to type (declared after ptr_type) */
   uint32_t word_ptr; /* new: pointer of sc to the replaced type */
   uint32_t word_var; /* new: the interface variable */
};

struct iw {
   const uint32_t *w;
   size_t n;
   struct iw_type t[IW_MAX_TYPES];
   unsigned num_types;
   struct iw_var v[IW_MAX_VARS];
   unsigned num_vars;
   struct spv_chains chains; /* the variables, the access chains into them */
   uint32_t model, entry_fn;
   unsigned which;                            /* IW_INT64 | IW_FP64 */
   uint32_t uint_type, uvec2, uvec4, uvec4x2; /* 0: the rewrite declares it */
   uint32_t count[5];                         /* uint constants 2, 3, 4 (uvec4x2, matrices) */
   bool new_uint, new_uvec2, new_uvec4, new_count[5], need_count[5];
   struct spv_places at;
   uint64_t bound;
   bool blocked;
   struct spv_defs defs;
   /* the module's OpDecorate / OpMemberDecorate (target, word), sorted, as far as it is well
    * formed; and the ids an OpDecorate of deco_blocks names, the structs an OpMemberDecorate of
    * them names, each sorted */
   struct spv_id_at *decos;
   uint32_t num_decos, decos_cap;
   uint32_t *blocking, num_blocking, blocking_cap;
   uint32_t *blocking_members, num_blocking_members, blocking_members_cap;
   uint64_t visited;
};

static struct iw_var *
find_var(struct iw *s, uint32_t var)
{
   for (unsigned i = 0; i < s->num_vars; i++)
      if (s->v[i].var == var || s->v[i].word_var == var)
         return &s->v[i];
   return NULL;
}

static struct iw_type *
find_type(struct iw *s, uint32_t t)
{
   for (unsigned i = 0; i < s->num_types; i++)
      if (s->t[i].from == t)
         return &s->t[i];
   return NULL;
}

/* The replacement record of type t (kind IW_SAME: t holds no 64-bit scalar of s->which), made with its
 * parts' first; NULL (s->blocked) where the module's types are out of the pass's reach. */
static struct iw_type *
classify(struct iw *s, uint32_t t, unsigned depth)
{
   struct iw_type *known = find_type(s, t);
   if (known)
      return known;
   struct spv_walk d;
   if (depth > IW_MAX_DEPTH || !spv_defs_find(&s->defs, t, &d)) {
      s->blocked = true;
      return NULL;
   }
   struct iw_type r = {.from = t, .to = t, .kind = IW_SAME};
   if ((d.op == SpvOpTypeInt && d.nops == 3 && d.o[1] == 64 && (s->which & IW_INT64)) ||
       (d.op == SpvOpTypeFloat && d.nops >= 2 && d.o[1] == 64 && (s->which & IW_FP64))) {
      r.kind = IW_SCALAR;
   } else if (d.op == SpvOpTypeVector && d.nops == 3) {
      struct iw_type *c = classify(s, d.o[1], depth + 1);
      if (!c)
         return NULL;
      if (c->kind == IW_SCALAR) {
         r.kind = IW_VECTOR;
         r.comps = d.o[2];
         r.comp = d.o[1];
         if (r.comps < 2 || r.comps > 4) {
            s->blocked = true;
            return NULL;
         }
      }
   } else if (d.op == SpvOpTypeArray && d.nops == 3) {
      struct iw_type *e = classify(s, d.o[1], depth + 1);
      struct spv_walk len;
      if (!e)
         return NULL;
      if (e->kind != IW_SAME) {
         if (!spv_defs_find(&s->defs, d.o[2], &len) || len.op != SpvOpConstant || len.nops != 3 ||
             !len.o[2] || len.o[2] > IW_MAX_ELEMS) {
            s->blocked = true;
            return NULL;
         }
         r.kind = IW_ARRAY;
         r.elem = d.o[1];
         r.len = len.o[2];
         r.len_id = d.o[2];
      }
   } else if (d.op == SpvOpTypeStruct) {
      if (d.nops - 1 > IW_MAX_MEMBERS) {
         s->blocked = true;
         return NULL;
      }
      bool any = false;
      for (uint32_t k = 1; k < d.nops; k++) {
         struct iw_type *m = classify(s, d.o[k], depth + 1);
         if (!m)
            return NULL;
         any |= m->kind != IW_SAME;
         r.members[k - 1] = d.o[k];
      }
      r.num_members = d.nops - 1;
      if (any)
         r.kind = IW_STRUCT;
   } else if (d.op == SpvOpTypeMatrix && d.nops == 3) {
      struct iw_type *c = classify(s, d.o[1], depth + 1);
      if (!c)
         return NULL;
      if (c->kind != IW_SAME) { /* an array of its columns' words */
         if (d.o[2] < 2 || d.o[2] > 4) {
            s->blocked = true;
            return NULL;
         }
         r.kind = IW_ARRAY;
         r.elem = d.o[1];
         r.len = d.o[2];
         s->need_count[r.len] = true;
      }
   } else if (d.op == SpvOpTypeRuntimeArray) {
      /* in no interface */
   }
   if (s->num_types == IW_MAX_TYPES) {
      s->blocked = true;
      return NULL;
   }
   if (r.kind == IW_ARRAY || r.kind == IW_STRUCT)
      r.to = (uint32_t)s->bound++;
   s->t[s->num_types] = r;
   return &s->t[s->num_types++];
}

/* The replacement type of t (the uvec2, uvec4 and uvec4[2] ids are set before this is asked). */
static uint32_t
words_type(const struct iw *s, const struct iw_type *t)
{
   switch (t->kind) {
   case IW_SCALAR: return s->uvec2;
   case IW_VECTOR: return t->comps == 2 ? s->uvec4 : s->uvec4x2;
   default: return t->to;
   }
}

static bool
deco_blocks(uint32_t deco)
{
   return deco == SpvDecorationBuiltIn || deco == SpvDecorationXfbBuffer ||
          deco == SpvDecorationXfbStride || deco == SpvDecorationOffset;
}

/* Whether d decorates a replaced member of structure t with a matrix layout (its replacement is
 * an array, which takes none). */
static bool
matrix_layout_of_replaced(struct iw *s, const struct iw_type *t, const struct spv_walk *d)
{
   if (d->op != SpvOpMemberDecorate || d->nops < 3 || d->o[1] >= t->num_members)
      return false;
   const uint32_t deco = d->o[2];
   return (deco == SpvDecorationRowMajor || deco == SpvDecorationColMajor ||
           deco == SpvDecorationMatrixStride) &&
          find_type(s, t->members[d->o[1]])->kind != IW_SAME;
}

/* The first of a sorted list's n ids not below id (binary search, counted) */
static uint32_t
lower_bound(struct iw *s, const void *list, size_t size, uint32_t n, uint32_t id)
{
   uint32_t lo = 0, hi = n;
   while (lo < hi) {
      const uint32_t mid = lo + (hi - lo) / 2;
      s->visited++;
      if (*(const uint32_t *)((const char *)list + (size_t)mid * size) < id)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

static bool
listed(struct iw *s, const uint32_t *list, uint32_t n, uint32_t id)
{
   const uint32_t i = lower_bound(s, list, sizeof(uint32_t), n, id);
   return i < n && list[i] == id;
}

/* The decorations, sorted (false: out of memory) */
static bool
find_decorations(struct iw *s)
{
   struct spv_walk it = spv_walk_begin(s->w, s->n);
   while (spv_walk_next(&it)) {
      s->visited += it.len;
      if ((it.op != SpvOpDecorate && it.op != SpvOpMemberDecorate) || !it.nops)
         continue;
      struct spv_id_at *d = mgu_array_push(s->decos, s->num_decos, s->decos_cap);
      if (!d)
         return false;
      *d = (struct spv_id_at){it.o[0], (uint32_t)it.pc};
      uint32_t *e = NULL;
      if (it.op == SpvOpDecorate && it.nops >= 2 && deco_blocks(it.o[1]))
         e = mgu_array_push(s->blocking, s->num_blocking, s->blocking_cap);
      else if (it.op == SpvOpMemberDecorate && it.nops >= 3 && deco_blocks(it.o[2]))
         e = mgu_array_push(s->blocking_members, s->num_blocking_members, s->blocking_members_cap);
      else
         continue;
      if (!e)
         return false;
      *e = it.o[0];
   }
   if (s->num_decos) /* NULL when none */
      qsort(s->decos, s->num_decos, sizeof(*s->decos), spv_id_at_cmp);
   if (s->num_blocking)
      qsort(s->blocking, s->num_blocking, sizeof(uint32_t), spv_u32_cmp);
   if (s->num_blocking_members)
      qsort(s->blocking_members, s->num_blocking_members, sizeof(uint32_t), spv_u32_cmp);
   return true;
}

static void
find_vars(struct iw *s)
{
   struct spv_walk it = spv_walk_begin(s->w, s->n);
   while (spv_walk_next(&it)) {
      s->visited += it.len;
      if (it.op == SpvOpEntryPoint && it.nops >= 2) {
         if (s->entry_fn)
            s->blocked = true;
         s->model = it.o[0];
         s->entry_fn = it.o[1];
      }
      if (it.op == SpvOpTypeInt && it.nops == 3 && it.o[1] == 32 && it.o[2] == 0 && !s->uint_type)
         s->uint_type = it.o[0];
      if (it.op != SpvOpVariable || it.nops < 3 ||
          (it.o[2] != SpvStorageClassInput && it.o[2] != SpvStorageClassOutput))
         continue;
      if (it.o[2] == SpvStorageClassInput && s->model == SpvExecutionModelVertex)
         continue; /* attributes */
      struct spv_walk p;
      if (!spv_defs_find(&s->defs, it.o[0], &p) || p.op != SpvOpTypePointer || p.nops != 3)
         continue;
      const struct iw_type *t = classify(s, p.o[2], 0);
      if (!t)
         return;
      if (t->kind == IW_SAME)
         continue;
      const uint32_t var = it.o[1];
      bool bad = it.nops > 3; /* an initializer */
      bad |= listed(s, s->blocking, s->num_blocking, var);
      for (unsigned i = 0; i < s->num_types; i++) /* a captured or built-in member */
         if (s->t[i].kind == IW_STRUCT)
            bad |= listed(s, s->blocking_members, s->num_blocking_members, s->t[i].from);
      bad |=
         it.o[2] == SpvStorageClassOutput && (s->model == SpvExecutionModelTessellationControl ||
                                              s->model == SpvExecutionModelFragment);
      if (bad || s->num_vars == IW_MAX_VARS) {
         s->blocked = true;
         return;
      }
      s->v[s->num_vars++] =
         (struct iw_var){.var = var, .ptr_type = it.o[0], .type = p.o[2], .sc = it.o[2]};
   }
   if (it.bad)
      s->blocked = true;
}

/* The access chains into the variables (their pointer types get Private twins), and where the
 * new declarations and the entry point's first instructions go. */
static void
scan(struct iw *s)
{
   for (unsigned i = 0; i < s->num_vars; i++)
      s->chains.derived[s->chains.num_derived++] = s->v[i].var;
   struct spv_walk it = spv_walk_begin(s->w, s->n);
   while (spv_walk_next(&it)) {
      s->visited += it.len;
      spv_places_step(&s->at, &it, s->entry_fn);
      if (!spv_chains_step(&s->chains, s->w, s->n, &it, false))
         s->blocked = true;
   }
   if (it.bad || !s->entry_fn || !spv_places_found(&s->at))
      s->blocked = true;
}

static uint32_t
new_id(struct iw *s)
{
   return (uint32_t)s->bound++;
}

/* Emits x (of type t) converted into its words; returns the result's id. */
static uint32_t
to_words(struct iw *s, struct spirv_out *o, const struct iw_type *t, uint32_t x)
{
   uint32_t buf[3 + IW_MAX_ELEMS];
   switch (t->kind) {
   case IW_SAME: return x;
   case IW_SCALAR: {
      const uint32_t r = new_id(s);
      SPIRV_OUT_EMIT(o, SpvOpBitcast, s->uvec2, r, x);
      return r;
   }
   case IW_VECTOR: {
      uint32_t wd[4];
      for (uint32_t i = 0; i < t->comps; i++) {
         const uint32_t e = new_id(s);
         wd[i] = new_id(s);
         SPIRV_OUT_EMIT(o, SpvOpCompositeExtract, t->comp, e, x, i);
         SPIRV_OUT_EMIT(o, SpvOpBitcast, s->uvec2, wd[i], e);
      }
      const uint32_t a = new_id(s);
      SPIRV_OUT_EMIT(o, SpvOpCompositeConstruct, s->uvec4, a, wd[0], wd[1]);
      if (t->comps == 2)
         return a;
      const uint32_t b = new_id(s), r = new_id(s);
      SPIRV_OUT_EMIT(o, SpvOpCompositeConstruct, s->uvec4, b, wd[2], wd[t->comps == 4 ? 3 : 2]);
      SPIRV_OUT_EMIT(o, SpvOpCompositeConstruct, s->uvec4x2, r, a, b);
      return r;
   }
   case IW_ARRAY:
   case IW_STRUCT: {
      const uint32_t count = t->kind == IW_ARRAY ? t->len : t->num_members;
      for (uint32_t i = 0; i < count; i++) {
         const uint32_t et = t->kind == IW_ARRAY ? t->elem : t->members[i];
         const uint32_t e = new_id(s);
         SPIRV_OUT_EMIT(o, SpvOpCompositeExtract, et, e, x, i);
         buf[3 + i] = to_words(s, o, find_type(s, et), e);
      }
      buf[0] = ((3u + count) << 16) | SpvOpCompositeConstruct;
      buf[1] = t->to;
      buf[2] = new_id(s);
      spirv_out_put(o, buf, 3 + count);
      return buf[2];
   }
   }
   return x;
}

/* Emits y (t's words) converted back into a value of type t; returns its id. */
static uint32_t
from_words(struct iw *s, struct spirv_out *o, const struct iw_type *t, uint32_t y)
{
   uint32_t buf[3 + IW_MAX_ELEMS];
   switch (t->kind) {
   case IW_SAME: return y;
   case IW_SCALAR: {
      const uint32_t r = new_id(s);
      SPIRV_OUT_EMIT(o, SpvOpBitcast, t->from, r, y);
      return r;
   }
   case IW_VECTOR: {
      uint32_t half[2] = {y, y};
      if (t->comps > 2)
         for (uint32_t h = 0; h < 2; h++) {
            half[h] = new_id(s);
            SPIRV_OUT_EMIT(o, SpvOpCompositeExtract, s->uvec4, half[h], y, h);
         }
      for (uint32_t i = 0; i < t->comps; i++) {
         const uint32_t src = half[i / 2], pair = new_id(s), c = new_id(s);
         const uint32_t lo = t->comps > 2 ? (i % 2) * 2 : i * 2;
         SPIRV_OUT_EMIT(o, SpvOpVectorShuffle, s->uvec2, pair, src, src, lo, lo + 1);
         SPIRV_OUT_EMIT(o, SpvOpBitcast, t->comp, c, pair);
         buf[3 + i] = c;
      }
      buf[0] = ((3u + t->comps) << 16) | SpvOpCompositeConstruct;
      buf[1] = t->from;
      buf[2] = new_id(s);
      spirv_out_put(o, buf, 3 + t->comps);
      return buf[2];
   }
   case IW_ARRAY:
   case IW_STRUCT: {
      const uint32_t count = t->kind == IW_ARRAY ? t->len : t->num_members;
      uint32_t parts[IW_MAX_ELEMS > IW_MAX_MEMBERS ? IW_MAX_ELEMS : IW_MAX_MEMBERS];
      for (uint32_t i = 0; i < count; i++) {
         const struct iw_type *et = find_type(s, t->kind == IW_ARRAY ? t->elem : t->members[i]);
         const uint32_t e = new_id(s);
         SPIRV_OUT_EMIT(o, SpvOpCompositeExtract, words_type(s, et), e, y, i);
         parts[i] = from_words(s, o, et, e);
      }
      buf[0] = ((3u + count) << 16) | SpvOpCompositeConstruct;
      buf[1] = t->from;
      buf[2] = new_id(s);
      memcpy(buf + 3, parts, count * sizeof(parts[0]));
      spirv_out_put(o, buf, 3 + count);
      return buf[2];
   }
   }
   return y;
}

/* The outputs' words stored from their Private copies (before a return or an emit). */
static void
store_outputs(struct iw *s, struct spirv_out *o)
{
   for (unsigned i = 0; i < s->num_vars; i++) {
      const struct iw_var *v = &s->v[i];
      if (v->sc != SpvStorageClassOutput)
         continue;
      const uint32_t x = new_id(s);
      SPIRV_OUT_EMIT(o, SpvOpLoad, v->type, x, v->var);
      SPIRV_OUT_EMIT(o, SpvOpStore, v->word_var, to_words(s, o, find_type(s, v->type), x));
   }
}

/* The new types, in the order their parts need (the module's own come first). */
static void
declare_types(struct iw *s, struct spirv_out *o)
{
   if (s->new_uint)
      SPIRV_OUT_EMIT(o, SpvOpTypeInt, s->uint_type, 32, 0);
   if (s->new_uvec2)
      SPIRV_OUT_EMIT(o, SpvOpTypeVector, s->uvec2, s->uint_type, 2);
   if (s->new_uvec4)
      SPIRV_OUT_EMIT(o, SpvOpTypeVector, s->uvec4, s->uint_type, 4);
   for (uint32_t k = 2; k <= 4; k++)
      if (s->new_count[k])
         SPIRV_OUT_EMIT(o, SpvOpConstant, s->uint_type, s->count[k], k);
   SPIRV_OUT_EMIT(o, SpvOpTypeArray, s->uvec4x2, s->uvec4, s->count[2]);
   uint32_t buf[2 + IW_MAX_MEMBERS];
   for (unsigned i = 0; i < s->num_types; i++) { /* classify made parts before wholes */
      const struct iw_type *t = &s->t[i];
      if (t->kind == IW_ARRAY)
         SPIRV_OUT_EMIT(o, SpvOpTypeArray, t->to, words_type(s, find_type(s, t->elem)),
                        t->len_id ? t->len_id : s->count[t->len]);
      if (t->kind != IW_STRUCT)
         continue;
      buf[0] = ((2u + t->num_members) << 16) | SpvOpTypeStruct;
      buf[1] = t->to;
      for (uint32_t k = 0; k < t->num_members; k++)
         buf[2 + k] = words_type(s, find_type(s, t->members[k]));
      spirv_out_put(o, buf, 2 + t->num_members);
   }
}

static void
iw_destroy(struct iw *s)
{
   spv_defs_finish(&s->defs);
   free(s->decos);
   free(s->blocking);
   free(s->blocking_members);
   free(s);
}

uint32_t *
spv_varying_words_counted(const uint32_t *words, size_t num_words, bool fp64, size_t *out_n,
                          bool *blocked, const char **err, uint64_t *visited)
{
   *err = NULL;
   *blocked = false;
   *visited = 0;
   if (num_words < 5)
      return NULL;
   struct iw *s = calloc(1, sizeof(*s));
   if (!s || !spv_defs_init(&s->defs, words, num_words)) {
      free(s);
      *err = "out of memory";
      return NULL;
   }
   s->w = words;
   s->n = num_words;
   s->which = fp64 ? IW_FP64 : IW_INT64;
   s->bound = words[3];
   s->chains.defs = &s->defs;
   if (!find_decorations(s)) {
      *visited = s->visited + s->defs.visited;
      iw_destroy(s);
      *err = "out of memory";
      return NULL;
   }
   find_vars(s);
   if (!s->blocked && s->num_vars)
      scan(s);
   if (!s->num_vars || s->blocked) {
      *blocked = s->blocked;
      *visited = s->visited + s->defs.visited;
      iw_destroy(s);
      return NULL;
   }
   /* the uint vector types the words take, where the module has them */
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it)) {
      s->visited += it.len;
      if (it.op == SpvOpTypeVector && it.nops == 3 && s->uint_type && it.o[1] == s->uint_type) {
         if (it.o[2] == 2 && !s->uvec2)
            s->uvec2 = it.o[0];
         if (it.o[2] == 4 && !s->uvec4)
            s->uvec4 = it.o[0];
      }
      if (it.op == SpvOpConstant && it.nops == 3 && s->uint_type && it.o[0] == s->uint_type &&
          it.o[2] >= 2 && it.o[2] <= 4 && !s->count[it.o[2]])
         s->count[it.o[2]] = it.o[1];
   }
   if ((s->new_uint = !s->uint_type))
      s->uint_type = new_id(s);
   if ((s->new_uvec2 = !s->uvec2))
      s->uvec2 = new_id(s);
   if ((s->new_uvec4 = !s->uvec4))
      s->uvec4 = new_id(s);
   s->need_count[2] = true; /* uvec4x2 */
   for (uint32_t k = 2; k <= 4; k++)
      if ((s->new_count[k] = s->need_count[k] && !s->count[k]))
         s->count[k] = new_id(s);
   s->uvec4x2 = new_id(s);
   for (unsigned i = 0; i < s->num_vars; i++) {
      s->v[i].priv_ptr = new_id(s);
      s->v[i].word_ptr = new_id(s);
      s->v[i].word_var = new_id(s);
   }
   spv_chains_number(&s->chains, &s->bound);

   const uint32_t version = words[1];
   const uint32_t priv = SpvStorageClassPrivate;
   struct spirv_out o = {0};
   spirv_out_put(&o, words, 5);
   bool in_entry = false;
   it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it) && !o.oom) {
      s->visited += it.len;
      if (it.pc == s->at.annot_end)
         for (unsigned i = 0; i < s->num_types; i++) { /* the structures' decorations, copied */
            const struct iw_type *t = &s->t[i];
            if (t->kind != IW_STRUCT)
               continue;
            /* its decorations in the module's order */
            for (uint32_t k = lower_bound(s, s->decos, sizeof(*s->decos), s->num_decos, t->from);
                 k < s->num_decos && s->decos[k].id == t->from; k++) {
               struct spv_walk d = spv_walk_begin(words, num_words);
               d.next = s->decos[k].at;
               spv_walk_next(&d); /* find_decorations read it whole */
               s->visited += d.len;
               if (matrix_layout_of_replaced(s, t, &d))
                  continue;
               spirv_out_put(&o, d.w + d.pc, 1);
               spirv_out_put(&o, &t->to, 1);
               spirv_out_put(&o, d.o + 1, d.nops - 1);
            }
         }
      if (it.pc == s->at.globals_end) {
         declare_types(s, &o);
         for (unsigned i = 0; i < s->num_vars; i++) {
            const struct iw_var *v = &s->v[i];
            SPIRV_OUT_EMIT(&o, SpvOpTypePointer, v->word_ptr, v->sc,
                           words_type(s, find_type(s, v->type)));
            SPIRV_OUT_EMIT(&o, SpvOpVariable, v->word_ptr, v->word_var, v->sc);
         }
         spv_chains_emit_twins(&s->chains, &o);
      }
      if (it.op == SpvOpFunction && it.nops >= 2)
         in_entry = it.o[1] == s->entry_fn;
      if (it.pc == s->at.body_start)
         for (unsigned i = 0; i < s->num_vars; i++) {
            const struct iw_var *v = &s->v[i];
            if (v->sc != SpvStorageClassInput)
               continue;
            const struct iw_type *t = find_type(s, v->type);
            const uint32_t y = new_id(s);
            SPIRV_OUT_EMIT(&o, SpvOpLoad, words_type(s, t), y, v->word_var);
            SPIRV_OUT_EMIT(&o, SpvOpStore, v->var, from_words(s, &o, t, y));
         }
      if ((in_entry && it.op == SpvOpReturn) || it.op == SpvOpEmitVertex ||
          it.op == SpvOpEmitStreamVertex)
         store_outputs(s, &o);
      if (it.op == SpvOpEntryPoint) {
         uint32_t buf[512];
         if (it.nops + s->num_vars > sizeof(buf) / sizeof(buf[0])) {
            free(o.w);
            *visited = s->visited + s->defs.visited;
            iw_destroy(s);
            *err = "an entry point interface of too many variables";
            return NULL;
         }
         size_t nb = 0;
         uint32_t name_end = 2;
         while (name_end < it.nops && it.o[name_end] >> 24)
            name_end++;
         for (uint32_t k = 0; k < it.nops; k++)
            if (version >= 0x10400 || k <= name_end || !find_var(s, it.o[k]))
               buf[nb++] = it.o[k];
         for (unsigned i = 0; i < s->num_vars; i++)
            buf[nb++] = s->v[i].word_var;
         const uint32_t head = ((uint32_t)(nb + 1) << 16) | SpvOpEntryPoint;
         spirv_out_put(&o, &head, 1);
         spirv_out_put(&o, buf, nb);
         continue;
      }
      if ((it.op == SpvOpDecorate || it.op == SpvOpDecorateId || it.op == SpvOpDecorateString) &&
          it.nops >= 2 && find_var(s, it.o[0])) {
         /* the variable's decorations go to its words */
         spirv_out_put(&o, it.w + it.pc, 1);
         spirv_out_put(&o, &find_var(s, it.o[0])->word_var, 1);
         spirv_out_put(&o, it.o + 1, it.nops - 1);
         continue;
      }
      if (it.op == SpvOpVariable && it.nops >= 3 && find_var(s, it.o[1])) {
         SPIRV_OUT_EMIT(&o, SpvOpVariable, find_var(s, it.o[1])->priv_ptr, it.o[1], priv);
         continue;
      }
      if (spv_chains_retype(&s->chains, &o, &it))
         continue;
      spirv_out_put(&o, it.w + it.pc, it.len);
      if (it.op == SpvOpTypePointer && it.nops == 3)
         for (unsigned i = 0; i < s->num_vars; i++)
            if (s->v[i].ptr_type == it.o[0])
               SPIRV_OUT_EMIT(&o, SpvOpTypePointer, s->v[i].priv_ptr, priv, s->v[i].type);
   }
   const bool bad = it.bad;
   const uint64_t bound = s->bound;
   *visited = s->visited + s->defs.visited;
   iw_destroy(s);
   if (o.oom || bad || bound > SPV_ID_BOUND_MAX) {
      free(o.w);
      *err = o.oom ? "out of memory" : bad ? "malformed module" : "id bound";
      return NULL;
   }
   return spirv_out_finish(&o, (uint32_t)bound, out_n);
}

uint32_t *
spv_int64_varying_words(const uint32_t *words, size_t num_words, size_t *out_n, bool *blocked,
                        const char **err)
{
   uint64_t visited;
   return spv_varying_words_counted(words, num_words, false, out_n, blocked, err, &visited);
}

uint32_t *
spv_fp64_varying_words(const uint32_t *words, size_t num_words, size_t *out_n, bool *blocked,
                       const char **err)
{
   uint64_t visited;
   return spv_varying_words_counted(words, num_words, true, out_n, blocked, err, &visited);
}
