/* spv_input_arrays.c — a vertex module's user Input arrays (GLSL's `in float a[2];`) become one
 * Input variable per element, at consecutive locations (an element takes as many as its type:
 * a matrix one per column), for targets whose shading language has no vertex input arrays
 * (ESSL: SPIRV-Cross refuses them). The array itself becomes a Private variable of the same
 * type, which the entry point fills from the element inputs before anything else, so every
 * access (constant or dynamic index, whole-array loads) reads it unchanged; the access chains
 * into it take Private pointer types.
 *
 * New declarations: the Private pointer to each array type right after the Input one it
 * mirrors (before the variable), the rest (element pointer types, index constants, the element
 * variables, the Private pointers the access chains take) before the first function; ids above
 * the old bound (a pointer type may be declared twice). Before SPIR-V 1.4 the entry point's
 * interface lists only Input/Output variables, so the array leaves it there. */
#include "spv.h"

#include <stdlib.h>
#include <string.h>

#define IA_MAX_ARRAYS 16
#define IA_MAX_INPUTS 64

struct ia_array {
   uint32_t var, ptr_type, arr_type, elem_type, length, location, locs;
   uint32_t priv_ptr;  /* new: Private pointer to arr_type */
   uint32_t in_ptr;    /* new: Input pointer to elem_type */
   uint32_t priv_elem; /* new: Private pointer to elem_type */
   uint32_t first_id;  /* new: element variables first_id .. first_id + length - 1 */
};

struct ia_scan {
   struct ia_array arr[IA_MAX_ARRAYS];
   unsigned n;
   struct spv_chains chains; /* the arrays, the access chains into them */
   uint32_t entry_fn, int_type, max_length;
   struct spv_places at;
   bool blocked;
};

static struct ia_array *
find_array(struct ia_scan *s, uint32_t var)
{
   for (unsigned i = 0; i < s->n; i++)
      if (s->arr[i].var == var)
         return &s->arr[i];
   return NULL;
}

/* Locations one element of type t takes (scalar, vector: 1; matrix: its columns), 0 where the
 * element is something else (a struct, an array, a 64-bit type). */
static uint32_t
element_locations(const uint32_t *w, size_t n, uint32_t t, unsigned depth)
{
   struct spv_walk d;
   if (depth > 2 || !spv_find_def(w, n, t, &d)) /* a matrix of vectors of scalars at most */
      return 0;
   if (d.op == SpvOpTypeFloat || d.op == SpvOpTypeInt)
      return d.nops >= 2 && d.o[1] == 32 ? 1 : 0;
   if (d.op == SpvOpTypeVector && d.nops == 3)
      return element_locations(w, n, d.o[1], depth + 1);
   if (d.op == SpvOpTypeMatrix && d.nops == 3 && d.o[2] <= 4)
      return element_locations(w, n, d.o[1], depth + 1) ? d.o[2] : 0;
   return 0;
}

/* The candidate arrays: Input variables of an array of scalars, vectors or matrices, with a
 * Location and no BuiltIn or Component decoration. */
static void
find_arrays(const uint32_t *w, size_t n, struct ia_scan *s)
{
   struct spv_walk it = spv_walk_begin(w, n);
   unsigned inputs = 0;
   while (spv_walk_next(&it)) {
      if (it.op != SpvOpVariable || it.nops < 3 || it.o[2] != SpvStorageClassInput)
         continue;
      /* each look-up below walks the module: a bounded number of them (GL has at most a few
       * dozen vertex inputs and builtins) */
      if (++inputs > IA_MAX_INPUTS) {
         s->blocked = true;
         return;
      }
      struct spv_walk p, a, len;
      if (!spv_find_def(w, n, it.o[0], &p) || p.op != SpvOpTypePointer || p.nops != 3 ||
          !spv_find_def(w, n, p.o[2], &a) || a.op != SpvOpTypeArray || a.nops != 3)
         continue;
      const uint32_t var = it.o[1];
      bool located = false, other = false;
      uint32_t location = 0;
      struct spv_walk d = spv_walk_begin(w, n);
      while (spv_walk_next(&d)) {
         if (d.op != SpvOpDecorate || d.nops < 2 || d.o[0] != var)
            continue;
         if (d.o[1] == SpvDecorationLocation && d.nops == 3) {
            located = true;
            location = d.o[2];
         }
         other |= d.o[1] == SpvDecorationBuiltIn || d.o[1] == SpvDecorationComponent;
      }
      if (!located || other)
         continue;
      const uint32_t locs = element_locations(w, n, a.o[1], 0);
      if (!locs || !spv_find_def(w, n, a.o[2], &len) || len.op != SpvOpConstant || len.nops != 3 ||
          !len.o[2] || len.o[2] > 64 || s->n == IA_MAX_ARRAYS) {
         s->blocked = true;
         continue;
      }
      s->arr[s->n++] = (struct ia_array){.var = var,
                                         .ptr_type = it.o[0],
                                         .arr_type = p.o[2],
                                         .elem_type = a.o[1],
                                         .length = len.o[2],
                                         .location = location,
                                         .locs = locs};
      if (len.o[2] > s->max_length)
         s->max_length = len.o[2];
   }
}

static void
scan(const uint32_t *w, size_t n, struct ia_scan *s)
{
   find_arrays(w, n, s);
   if (!s->n || s->blocked)
      return;
   /* pointers derived from the arrays: access chains (on them or on such chains) */
   for (unsigned i = 0; i < s->n; i++)
      s->chains.derived[s->chains.num_derived++] = s->arr[i].var;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpEntryPoint && it.nops >= 2) {
         if (s->entry_fn || it.o[0] != SpvExecutionModelVertex)
            s->blocked = true;
         s->entry_fn = it.o[1];
      }
      if (it.op == SpvOpTypeInt && it.nops == 3 && it.o[1] == 32 && !s->int_type)
         s->int_type = it.o[0];
      spv_places_step(&s->at, &it, s->entry_fn);
      if (!spv_chains_step(&s->chains, w, n, &it, true))
         s->blocked = true; /* (a vertex module's inputs are read, never written) */
   }
   if (it.bad || !s->entry_fn || !spv_places_found(&s->at))
      s->blocked = true;
}

uint32_t *
spv_split_input_arrays(const uint32_t *words, size_t num_words, size_t *out_n, bool *blocked,
                       const char **err)
{
   *err = NULL;
   *blocked = false;
   if (num_words < 5)
      return NULL;
   struct ia_scan s = {0};
   scan(words, num_words, &s);
   if (!s.n)
      return NULL;
   if (s.blocked) {
      *blocked = true;
      return NULL;
   }
   const uint32_t version = words[1];
   uint64_t bound = words[3];
   /* ids: an int type, the index constants, per array 3 pointer types and its elements, per
    * access chain type one pointer type; each array at most 64 elements (scan) */
   const uint32_t int_type = s.int_type ? s.int_type : (uint32_t)bound++;
   const uint64_t consts = bound;
   bound += s.max_length;
   for (unsigned i = 0; i < s.n; i++) {
      struct ia_array *a = &s.arr[i];
      a->priv_ptr = (uint32_t)bound++;
      a->in_ptr = (uint32_t)bound++;
      a->priv_elem = (uint32_t)bound++;
      a->first_id = (uint32_t)bound;
      bound += a->length;
   }
   spv_chains_number(&s.chains, &bound);
   const uint64_t copies = bound; /* per element: a load and an access chain */
   for (unsigned i = 0; i < s.n; i++)
      bound += 2u * s.arr[i].length;
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
         for (unsigned i = 0; i < s.n; i++)
            for (uint32_t e = 0; e < s.arr[i].length; e++)
               spirv_out_put(&o,
                             (uint32_t[]){(4u << 16) | SpvOpDecorate, s.arr[i].first_id + e,
                                          SpvDecorationLocation,
                                          s.arr[i].location + e * s.arr[i].locs},
                             4);
      if (it.pc == s.at.globals_end) {
         if (!s.int_type)
            spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpTypeInt, int_type, 32, 1}, 4);
         for (uint32_t e = 0; e < s.max_length; e++)
            spirv_out_put(
               &o, (uint32_t[]){(4u << 16) | SpvOpConstant, int_type, (uint32_t)consts + e, e}, 4);
         for (unsigned i = 0; i < s.n; i++) {
            const struct ia_array *a = &s.arr[i];
            spirv_out_put(
               &o, (uint32_t[]){(4u << 16) | SpvOpTypePointer, a->in_ptr, in, a->elem_type}, 4);
            spirv_out_put(
               &o, (uint32_t[]){(4u << 16) | SpvOpTypePointer, a->priv_elem, priv, a->elem_type},
               4);
            for (uint32_t e = 0; e < a->length; e++)
               spirv_out_put(
                  &o, (uint32_t[]){(4u << 16) | SpvOpVariable, a->in_ptr, a->first_id + e, in}, 4);
         }
         spv_chains_emit_twins(&s.chains, &o);
      }
      if (it.pc == s.at.body_start) {
         uint32_t id = (uint32_t)copies;
         for (unsigned i = 0; i < s.n; i++) {
            const struct ia_array *a = &s.arr[i];
            for (uint32_t e = 0; e < a->length; e++, id += 2) {
               spirv_out_put(
                  &o, (uint32_t[]){(4u << 16) | SpvOpLoad, a->elem_type, id, a->first_id + e}, 4);
               spirv_out_put(&o,
                             (uint32_t[]){(5u << 16) | SpvOpAccessChain, a->priv_elem, id + 1,
                                          a->var, (uint32_t)consts + e},
                             5);
               spirv_out_put(&o, (uint32_t[]){(3u << 16) | SpvOpStore, id + 1, id}, 3);
            }
         }
      }
      if (it.op == SpvOpEntryPoint) {
         /* the interface: the arrays out before 1.4 (Private), the elements in */
         uint32_t buf[512];
         if (it.nops + s.n * 64u > sizeof(buf) / sizeof(buf[0])) {
            free(o.w);
            *err = "an entry point interface of too many variables";
            return NULL;
         }
         size_t nb = 0;
         uint32_t name_end = 2; /* the name's words end with the one whose last byte is 0 */
         while (name_end < it.nops && it.o[name_end] >> 24)
            name_end++;
         for (uint32_t k = 0; k < it.nops; k++)
            if (version >= 0x10400 || k <= name_end || !find_array(&s, it.o[k]))
               buf[nb++] = it.o[k];
         for (unsigned i = 0; i < s.n; i++)
            for (uint32_t e = 0; e < s.arr[i].length; e++)
               buf[nb++] = s.arr[i].first_id + e;
         const uint32_t head = ((uint32_t)(nb + 1) << 16) | SpvOpEntryPoint;
         spirv_out_put(&o, &head, 1);
         spirv_out_put(&o, buf, nb);
         continue;
      }
      if (it.op == SpvOpDecorate && it.nops == 3 && it.o[1] == SpvDecorationLocation &&
          find_array(&s, it.o[0]))
         continue; /* the elements have the locations */
      if (it.op == SpvOpVariable && it.nops >= 3 && find_array(&s, it.o[1])) {
         const struct ia_array *a = find_array(&s, it.o[1]);
         spirv_out_put(&o, (uint32_t[]){(4u << 16) | SpvOpVariable, a->priv_ptr, a->var, priv}, 4);
         continue;
      }
      if (spv_chains_retype(&s.chains, &o, &it))
         continue; /* into a Private variable now: the result is a Private pointer */
      spirv_out_put(&o, it.w + it.pc, it.len);
      if (it.op == SpvOpTypePointer && it.nops == 3)
         for (unsigned i = 0; i < s.n; i++)
            if (s.arr[i].ptr_type == it.o[0])
               spirv_out_put(&o,
                             (uint32_t[]){(4u << 16) | SpvOpTypePointer, s.arr[i].priv_ptr, priv,
                                          s.arr[i].arr_type},
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
