/* spv_double_inputs.c — a vertex module's 64-bit user inputs (GLSL's `in double`, `in dvec4`,
 * `in dmat3`, and arrays of them: GL 4.1, ARB_vertex_attrib_64bit) read 32-bit unsigned integer
 * pairs instead, for
 * devices that fetch no 64-bit vertex format (Vulkan's R64*_SFLOAT without VERTEX_BUFFER_BIT).
 * Each column (a scalar or vector of doubles) at location L becomes a uvec2 (double) or uvec4
 * (dvec2) Input at L, and a dvec3 / dvec4 column a uvec4 at L and a uvec2 / uvec4 at
 * L + SPV_DOUBLE_HI_LOCATION: GL gives a vertex input dvec3 / dvec4 one location (GLSL 4.60
 * 4.4.1), Vulkan two; the backend fetches the attribute's bytes as R32G32(B32A32)_UINT
 * there. An array's element e takes the columns at L + e * (its columns), as GL counts them.
 * The variable itself becomes a Private one of the same type, which the entry point
 * fills first, each column OpBitcast from its parts, so every access reads it unchanged; the
 * access chains into it take Private pointer types.
 *
 * New declarations: the Private pointer to each variable's type right after the Input one it
 * mirrors (before the variable), the rest (types the module lacks, the part variables and
 * their pointer types, the Private pointers the access chains take) before the first function;
 * ids above the old bound (a pointer type may be declared twice). Before SPIR-V 1.4 the entry
 * point's interface lists only Input/Output variables, so the variable leaves it there. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

#define DI_MAX_VARS 16
#define DI_MAX_INPUTS 64
#define DI_MAX_SLOTS 64 /* columns of one variable (GL has 16 locations) */

struct di_var {
   uint32_t var, ptr_type, type, location;
   uint32_t elems;     /* an array's length, else 1 */
   uint32_t elem_type; /* an array's element type (type itself for a scalar, vector, matrix) */
   uint32_t columns;   /* of an element: 1 for a scalar or vector */
   uint32_t comps;     /* components of a column */
   uint32_t col_type;  /* a column's type (type itself for a scalar or vector) */
   uint32_t priv_ptr;  /* new: Private pointer to type */
   uint32_t first_id;  /* new: per column of each element 7 ids (parts a, b; loads, casts; the
                       * column), then one per element (its matrix), then one (the array) */
};

struct di_scan {
   struct di_var v[DI_MAX_VARS];
   unsigned n;
   struct spv_chains chains; /* the variables, the access chains into them */
   uint32_t entry_fn;
   uint32_t uint_type, uvec2, uvec4, f64, dvec2; /* found (0: the rewrite declares it) */
   struct spv_places at;
   bool blocked;
};

static struct di_var *
find_var(struct di_scan *s, uint32_t var)
{
   for (unsigned i = 0; i < s->n; i++)
      if (s->v[i].var == var)
         return &s->v[i];
   return NULL;
}

static bool
is_f64(const uint32_t *w, size_t n, uint32_t t)
{
   struct spv_walk d;
   return spv_find_def(w, n, t, &d) && d.op == SpvOpTypeFloat && d.nops == 2 && d.o[1] == 64;
}

/* Whether t holds doubles: *comps of each of *columns columns, a column of type *col. Any other
 * type that holds a double somewhere (an array, a struct) sets *other. */
static bool
double_type(const uint32_t *w, size_t n, uint32_t t, uint32_t *columns, uint32_t *comps,
            uint32_t *col, bool *other)
{
   struct spv_walk d;
   if (!spv_find_def(w, n, t, &d))
      return false;
   if (d.op == SpvOpTypeFloat) {
      *columns = *comps = 1;
      *col = t;
      return d.nops == 2 && d.o[1] == 64;
   }
   if (d.op == SpvOpTypeVector && d.nops == 3) {
      *columns = 1;
      *comps = d.o[2];
      *col = t;
      return is_f64(w, n, d.o[1]) && d.o[2] >= 2 && d.o[2] <= 4;
   }
   if (d.op == SpvOpTypeMatrix && d.nops == 3) {
      uint32_t c1, k, cc;
      if (!double_type(w, n, d.o[1], &c1, &k, &cc, other) || c1 != 1 || k < 2)
         return false;
      *columns = d.o[2];
      *comps = k;
      *col = d.o[1];
      return d.o[2] >= 2 && d.o[2] <= 4;
   }
   if (d.op == SpvOpTypeArray && d.nops == 3) {
      uint32_t a, b, c;
      if (double_type(w, n, d.o[1], &a, &b, &c, other))
         *other = true;
   }
   return false;
}

static void
find_vars(const uint32_t *w, size_t n, struct di_scan *s)
{
   struct spv_walk it = spv_walk_begin(w, n);
   unsigned inputs = 0;
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpTypeInt && it.nops == 3 && it.o[1] == 32 && it.o[2] == 0 && !s->uint_type)
         s->uint_type = it.o[0];
      if (it.op == SpvOpTypeFloat && it.nops == 2 && it.o[1] == 64 && !s->f64)
         s->f64 = it.o[0];
      if (it.op != SpvOpVariable || it.nops < 3 || it.o[2] != SpvStorageClassInput)
         continue;
      if (++inputs > DI_MAX_INPUTS) {
         s->blocked = true;
         return;
      }
      struct spv_walk p;
      if (!spv_find_def(w, n, it.o[0], &p) || p.op != SpvOpTypePointer || p.nops != 3)
         continue;
      uint32_t columns = 0, comps = 0, col = 0, elems = 1, elem_type = p.o[2];
      bool other = false;
      struct spv_walk a, len;
      if (spv_find_def(w, n, p.o[2], &a) && a.op == SpvOpTypeArray && a.nops == 3 &&
          double_type(w, n, a.o[1], &columns, &comps, &col, &other)) {
         /* an array of doubles, dvecN or dmatN: one location a column of each element */
         if (!spv_find_def(w, n, a.o[2], &len) || len.op != SpvOpConstant || len.nops != 3 ||
             !len.o[2] || len.o[2] > DI_MAX_SLOTS / columns) {
            s->blocked = true;
            continue;
         }
         elems = len.o[2];
         elem_type = a.o[1];
      } else if (!double_type(w, n, p.o[2], &columns, &comps, &col, &other)) {
         s->blocked |= other; /* an array of arrays of doubles */
         continue;
      }
      const uint32_t var = it.o[1];
      bool located = false, bad = false;
      uint32_t location = 0;
      struct spv_walk d = spv_walk_begin(w, n);
      while (spv_walk_next(&d)) {
         if (d.op != SpvOpDecorate || d.nops < 2 || d.o[0] != var)
            continue;
         if (d.o[1] == SpvDecorationLocation && d.nops == 3) {
            located = true;
            location = d.o[2];
         }
         bad |= d.o[1] == SpvDecorationBuiltIn || d.o[1] == SpvDecorationComponent;
      }
      if (!located || bad || s->n == DI_MAX_VARS) {
         s->blocked = true;
         continue;
      }
      s->v[s->n++] = (struct di_var){.var = var,
                                     .ptr_type = it.o[0],
                                     .type = p.o[2],
                                     .location = location,
                                     .elems = elems,
                                     .elem_type = elem_type,
                                     .columns = columns,
                                     .comps = comps,
                                     .col_type = col};
   }
   if (!s->n)
      return;
   /* the vector types the parts take, where the module has them */
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op != SpvOpTypeVector || it.nops != 3)
         continue;
      if (s->uint_type && it.o[1] == s->uint_type && it.o[2] == 2 && !s->uvec2)
         s->uvec2 = it.o[0];
      if (s->uint_type && it.o[1] == s->uint_type && it.o[2] == 4 && !s->uvec4)
         s->uvec4 = it.o[0];
      if (s->f64 && it.o[1] == s->f64 && it.o[2] == 2 && !s->dvec2)
         s->dvec2 = it.o[0];
   }
}

static void
scan(const uint32_t *w, size_t n, struct di_scan *s)
{
   find_vars(w, n, s);
   if (!s->n || s->blocked)
      return;
   for (unsigned i = 0; i < s->n; i++)
      s->chains.derived[s->chains.num_derived++] = s->v[i].var;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpEntryPoint && it.nops >= 2) {
         if (s->entry_fn || it.o[0] != SpvExecutionModelVertex)
            s->blocked = true;
         s->entry_fn = it.o[1];
      }
      spv_places_step(&s->at, &it, s->entry_fn);
      if (!spv_chains_step(&s->chains, w, n, &it, true))
         s->blocked = true; /* (a vertex module's inputs are read, never written) */
   }
   if (it.bad || !s->entry_fn || !spv_places_found(&s->at))
      s->blocked = true;
}

/* Column c's part ids: first_id + 7c + {0 a var, 1 b var, 2 load a, 3 cast a, 4 load b,
 * 5 cast b, 6 the column}; first_id + 7 columns: the matrix. */
#define DI_IDS_PER_COLUMN 7u

uint32_t *
spv_lower_double_inputs(const uint32_t *words, size_t num_words, size_t *out_n, bool *blocked,
                        const char **err)
{
   *err = NULL;
   *blocked = false;
   if (num_words < 5)
      return NULL;
   struct di_scan s = {0};
   scan(words, num_words, &s);
   if (!s.n) /* nothing it rewrites (a double with a Component decoration alone stays) */
      return NULL;
   if (s.blocked || !s.f64) {
      *blocked = true;
      return NULL;
   }
   const uint32_t version = words[1];
   uint64_t bound = words[3];
   const bool new_uint = !s.uint_type, new_uvec2 = !s.uvec2, new_uvec4 = !s.uvec4,
              new_dvec2 = !s.dvec2;
   if (new_uint)
      s.uint_type = (uint32_t)bound++;
   if (new_uvec2)
      s.uvec2 = (uint32_t)bound++;
   if (new_uvec4)
      s.uvec4 = (uint32_t)bound++;
   if (new_dvec2)
      s.dvec2 = (uint32_t)bound++;
   const uint32_t in_uvec2 = (uint32_t)bound++, in_uvec4 = (uint32_t)bound++;
   for (unsigned i = 0; i < s.n; i++) {
      s.v[i].priv_ptr = (uint32_t)bound++;
      s.v[i].first_id = (uint32_t)bound;
      bound += DI_IDS_PER_COLUMN * s.v[i].columns * s.v[i].elems + s.v[i].elems + 1;
   }
   spv_chains_number(&s.chains, &bound);
   if (bound > UINT32_MAX) {
      *err = "id bound";
      return NULL;
   }

   struct spirv_out o = {0};
   spirv_out_put(&o, words, 5);
   const uint32_t in = SpvStorageClassInput, priv = SpvStorageClassPrivate;
   struct spv_walk it = spv_walk_begin(words, num_words);
   while (spv_walk_next(&it) && !o.oom) {
      if (it.pc == s.at.annot_end)
         for (unsigned i = 0; i < s.n; i++) {
            const struct di_var *v = &s.v[i];
            for (uint32_t c = 0; c < v->columns * v->elems; c++) {
               const uint32_t id = v->first_id + DI_IDS_PER_COLUMN * c;
               const uint32_t loc = v->location + c;
               spirv_out_put(
                  &o, (uint32_t[]){(4u << 16) | SpvOpDecorate, id, SpvDecorationLocation, loc}, 4);
               if (v->comps > 2)
                  spirv_out_put(&o,
                                (uint32_t[]){(4u << 16) | SpvOpDecorate, id + 1,
                                             SpvDecorationLocation, loc + SPV_DOUBLE_HI_LOCATION},
                                4);
            }
         }
      if (it.pc == s.at.globals_end) {
         if (new_uint)
            spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpTypeInt, s.uint_type, 32, 0}, 4);
         if (new_uvec2)
            spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpTypeVector, s.uvec2, s.uint_type, 2},
                          4);
         if (new_uvec4)
            spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpTypeVector, s.uvec4, s.uint_type, 4},
                          4);
         if (new_dvec2)
            spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpTypeVector, s.dvec2, s.f64, 2}, 4);
         spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpTypePointer, in_uvec2, in, s.uvec2}, 4);
         spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpTypePointer, in_uvec4, in, s.uvec4}, 4);
         for (unsigned i = 0; i < s.n; i++) {
            const struct di_var *v = &s.v[i];
            for (uint32_t c = 0; c < v->columns * v->elems; c++) {
               const uint32_t id = v->first_id + DI_IDS_PER_COLUMN * c;
               spirv_out_put(&o,
                             (uint32_t[]){(4u << 16) | SpvOpVariable,
                                          v->comps == 1 ? in_uvec2 : in_uvec4, id, in},
                             4);
               if (v->comps > 2)
                  spirv_out_put(&o,
                                (uint32_t[]){(4u << 16) | SpvOpVariable,
                                             v->comps == 3 ? in_uvec2 : in_uvec4, id + 1, in},
                                4);
            }
         }
         spv_chains_emit_twins(&s.chains, &o);
      }
      if (it.pc == s.at.body_start) {
         for (unsigned i = 0; i < s.n; i++) {
            const struct di_var *v = &s.v[i];
            const uint32_t slots = v->columns * v->elems;
            for (uint32_t c = 0; c < slots; c++) {
               const uint32_t id = v->first_id + DI_IDS_PER_COLUMN * c;
               const uint32_t ta = v->comps == 1 ? s.uvec2 : s.uvec4;
               const uint32_t da = v->comps == 1 ? s.f64 : s.dvec2;
               /* a dvec2 or double column is its first part's cast */
               const uint32_t cast_a = v->comps <= 2 ? id + 6 : id + 3;
               spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpLoad, ta, id + 2, id}, 4);
               spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpBitcast, da, cast_a, id + 2}, 4);
               if (v->comps > 2) {
                  const uint32_t tb = v->comps == 3 ? s.uvec2 : s.uvec4;
                  const uint32_t db = v->comps == 3 ? s.f64 : s.dvec2;
                  spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpLoad, tb, id + 4, id + 1}, 4);
                  spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpBitcast, db, id + 5, id + 4}, 4);
                  spirv_out_put(&o,
                                (uint32_t[]){(5u << 16) | SpvOpCompositeConstruct, v->col_type,
                                             id + 6, id + 3, id + 5},
                                5);
               }
            }
            /* each element: its column, or its columns' matrix; then the array of them */
            uint32_t buf[3 + DI_MAX_SLOTS], arr[3 + DI_MAX_SLOTS];
            const uint32_t elem_ids = v->first_id + DI_IDS_PER_COLUMN * slots;
            uint32_t value = 0;
            for (uint32_t e = 0; e < v->elems; e++) {
               const uint32_t first_col = v->first_id + DI_IDS_PER_COLUMN * v->columns * e;
               value = first_col + 6;
               if (v->columns > 1) {
                  buf[0] = ((3u + v->columns) << 16) | SpvOpCompositeConstruct;
                  buf[1] = v->elem_type;
                  value = buf[2] = elem_ids + e;
                  for (uint32_t c = 0; c < v->columns; c++)
                     buf[3 + c] = first_col + DI_IDS_PER_COLUMN * c + 6;
                  spirv_out_put(&o, buf, 3 + v->columns);
               }
               arr[3 + e] = value;
            }
            if (v->type != v->elem_type) {
               arr[0] = ((3u + v->elems) << 16) | SpvOpCompositeConstruct;
               arr[1] = v->type;
               value = arr[2] = elem_ids + v->elems;
               spirv_out_put(&o, arr, 3 + v->elems);
            }
            spirv_out_put(&o, (uint32_t[]){(3u << 16) | SpvOpStore, v->var, value}, 3);
         }
      }
      if (it.op == SpvOpEntryPoint) {
         uint32_t buf[512];
         size_t parts = 0;
         for (unsigned i = 0; i < s.n; i++)
            parts += (size_t)s.v[i].columns * s.v[i].elems * (s.v[i].comps > 2 ? 2u : 1u);
         if (it.nops + parts > sizeof(buf) / sizeof(buf[0])) {
            free(o.w);
            *err = "an entry point interface of too many variables";
            return NULL;
         }
         size_t nb = 0;
         uint32_t name_end = 2;
         while (name_end < it.nops && it.o[name_end] >> 24)
            name_end++;
         for (uint32_t k = 0; k < it.nops; k++)
            if (version >= 0x10400 || k <= name_end || !find_var(&s, it.o[k]))
               buf[nb++] = it.o[k];
         for (unsigned i = 0; i < s.n; i++)
            for (uint32_t c = 0; c < s.v[i].columns * s.v[i].elems; c++) {
               buf[nb++] = s.v[i].first_id + DI_IDS_PER_COLUMN * c;
               if (s.v[i].comps > 2)
                  buf[nb++] = s.v[i].first_id + DI_IDS_PER_COLUMN * c + 1;
            }
         const uint32_t head = ((uint32_t)(nb + 1) << 16) | SpvOpEntryPoint;
         spirv_out_put(&o, &head, 1);
         spirv_out_put(&o, buf, nb);
         continue;
      }
      if (it.op == SpvOpDecorate && it.nops == 3 && it.o[1] == SpvDecorationLocation &&
          find_var(&s, it.o[0]))
         continue; /* the parts have the locations */
      if (it.op == SpvOpVariable && it.nops >= 3 && find_var(&s, it.o[1])) {
         const struct di_var *v = find_var(&s, it.o[1]);
         spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpVariable, v->priv_ptr, v->var, priv}, 4);
         continue;
      }
      if (spv_chains_retype(&s.chains, &o, &it))
         continue; /* into a Private variable now: the result is a Private pointer */
      spirv_out_put(&o, it.w + it.pc, it.len);
      if (it.op == SpvOpTypePointer && it.nops == 3)
         for (unsigned i = 0; i < s.n; i++)
            if (s.v[i].ptr_type == it.o[0])
               spirv_out_put(
                  &o,
                  (uint32_t[]){(4u << 16) | SpvOpTypePointer, s.v[i].priv_ptr, priv, s.v[i].type},
                  4);
   }
   if (o.oom || it.bad) {
      free(o.w);
      *err = o.oom ? "out of memory" : "malformed module";
      return NULL;
   }
   o.w[3] = (uint32_t)bound;
   *out_n = o.n;
   return o.w;
}
