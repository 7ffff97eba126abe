/* glb_block_pad.c — blocks whose members leave gaps, made expressible in ESSL: GL puts atomic
 * counters at the offsets the program gives (layout(offset = 4)), and the front end lowers each
 * binding point's counters to a storage block with those member offsets (glsl.h:
 * gl_AtomicCounterBlock_N); a separable program's default uniform block starts where the
 * pipeline's other stages' end. Neither std430 nor std140 lays such a block out (SPIRV-Cross:
 * "cannot be expressed as neither std430 nor std140", ESSL having no offset qualifier). Before
 * SPIRV-Cross, each such block gets a padding member (a 32-bit scalar of a type the block
 * already uses) for every word of a gap, so that std430 puts every member where the SPIR-V
 * says; the access chains into the block take the members' new indices.
 *
 * Blocks of 32-bit scalars, vectors and matrices, of structs of those, and of arrays of any
 * of them are padded. A struct member (a compatibility context's built-in state, _mgl_Compat)
 * is placed exactly: its offset a multiple of 16, the whole gap before it padded, so that
 * std140 and std430 both start it there; its inside is not padded (SPIRV-Cross checks that it
 * follows the block's standard). A block otherwise shaped (64-bit types), one the module loads
 * or stores whole, or one indexed through OpPtrAccessChain is left as it is (SPIRV-Cross's own
 * error stands).
 *
 * The client sends the SPIR-V, and the passes before this one are not validated again: sizes are
 * measured in 64 bits from 32-bit integer constants only (a 64-bit or spec constant's array is
 * not measured, nor one of 0 elements or at a stride less than its element), structs nest at
 * most PAD_STRUCT_DEPTH deep and none holds itself; a malformed instruction, a padded block's
 * struct id defined twice and a member index into it that is not a 32-bit constant are refused
 * by name (*err). unit.gles.block_pad feeds it such modules.
 *
 * Its work is linear in the module's words (sorts aside: n log n), whatever their shape, since a
 * client can make the server translate a module of ~255k words per variant: spv_defs finds where
 * each id is first defined from one walk, one more fills the per-id tables (each struct's member
 * decorations, which structs are padded), and the constants the rewrite needs are found by
 * binary search; no lookup walks the module again. Its memory is linear in the words too, not
 * in the bound the module declares (up to 2^22 from a module of a few words): the tables take
 * spv_defs's slots. cost counts both (unit.gles.block_pad bounds them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"

#include "glb.h"
#include "spv.h"

static const char out_of_memory[] = "out of memory";

/* A struct the pass pads: its members' new indices (members + pads words) */
struct pad_struct {
   uint32_t id;
   uint32_t members;    /* the original member count */
   uint32_t *new_index; /* [members] */
   uint32_t *gap_words; /* [members]: padding words inserted before member k */
   uint32_t pad_type;   /* the scalar type of the padding members */
};

/* A struct member's decorations (the last of each kind wins, as in the module's order) */
struct member_deco {
   uint32_t offset, matrix_stride;
   bool has_offset, row_major;
};

/* An integer constant: sorted for binary search */
struct const_key {
   uint32_t type, value, id;
};

struct pad_pass {
   const uint32_t *w;
   size_t n;
   uint32_t bound; /* grows with the ids made */
   uint32_t ids;   /* the module's bound */
   /* where each id is first defined, and the slots of the tables below (defs.slots + 1 long, the
    * last none's: zeros): an id below the bound that the module names has one (ix) */
   struct spv_defs defs;
   uint32_t *tables; /* the allocation the twelve below lie in */
   /* per id (below ids): what the first pass saw */
   uint32_t *type_of;   /* the result type of a value (variables, chains, parameters) */
   uint32_t *pointee;   /* an OpTypePointer's pointee */
   uint32_t *elem;      /* an OpTypeArray / OpTypeRuntimeArray's element */
   uint32_t *scalar32;  /* a 32-bit OpTypeInt / OpTypeFloat: 1 */
   uint32_t *is_int;    /* an OpTypeInt: 1 + signedness */
   uint32_t *stride;    /* ArrayStride */
   uint32_t *block;     /* Block or BufferBlock: 1 */
   uint32_t *const_val; /* an OpConstant of an integer type: value + 1 (0: none) */
   uint32_t *extent;    /* a struct's extent + 2 (0: not measured, 1: being measured or none) */
   uint32_t *members;   /* a struct's most members over its definitions */
   uint32_t *deco_base; /* its members' entries in deco */
   uint32_t *pad_of;    /* the index + 1 in structs of its first plan, 0: not padded */
   struct member_deco *deco;
   uint32_t *const_ids, num_const_ids, const_ids_cap; /* each 32-bit OpConstant's id */
   struct const_key *consts; /* the module's integer constants, sorted by type, value, id */
   uint32_t num_consts;
   uint32_t *scalar_ids, num_scalar_ids, scalar_ids_cap; /* each OpTypeInt / OpTypeFloat's id */
   uint32_t first_scalar32; /* the lowest 32-bit scalar type's id, 0: none */
   struct pad_struct *structs;
   uint32_t num_structs, structs_cap;
   /* constants the rewrite needs: (type, value) -> id, made at the first function; found by
    * binary search in made_sorted (a copy sorted by type and value) */
   struct spirv_made_consts made;
   struct const_key *made_sorted;
   bool dry; /* remap_chain's first run: list the constants to make, in order, in made */
   uint64_t visited;
   uint64_t bytes; /* what it allocated (unit.gles.block_pad holds it within a constant times n) */
   const char *err;
};

/* id's slot in the per-id tables: none's (zeros) at or past the bound */
static inline uint32_t
ix(struct pad_pass *p, uint32_t id)
{
   if (id < p->defs.dense)
      return id;
   return id < p->ids ? spv_defs_slot(&p->defs, id) : p->defs.slots;
}

/* calloc, counted in p->bytes */
static void *
pad_calloc(struct pad_pass *p, size_t count, size_t size)
{
   p->bytes += (uint64_t)count * size;
   return calloc(count, size);
}

static int
cmp_const_key(const void *a, const void *b)
{
   const struct const_key *x = a, *y = b;
   if (x->type != y->type)
      return x->type < y->type ? -1 : 1;
   if (x->value != y->value)
      return x->value < y->value ? -1 : 1;
   return (x->id > y->id) - (x->id < y->id);
}

/* The first of keys[0..n) not below (type, value), by binary search */
static uint32_t
key_lower_bound(struct pad_pass *p, const struct const_key *keys, uint32_t n, uint32_t type,
                uint32_t value)
{
   uint32_t lo = 0, hi = n;
   while (lo < hi) {
      const uint32_t mid = lo + (hi - lo) / 2;
      p->visited++;
      if (keys[mid].type < type || (keys[mid].type == type && keys[mid].value < value))
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

/* The type, constant or variable first declaring id (spv_find_def's answer, from the table) */
static bool
find_def(struct pad_pass *p, uint32_t id, struct spv_walk *out)
{
   return spv_defs_find(&p->defs, id, out);
}

static struct pad_struct *
padded(struct pad_pass *p, uint32_t id)
{
   return id < p->ids && p->pad_of[ix(p, id)] ? &p->structs[p->pad_of[ix(p, id)] - 1u] : NULL;
}

/* The id of an integer constant of type `type` with `value`: the module's own (the lowest id),
 * or one made. The dry run lists those to make in made (the first use of each in order), the
 * rewrite finds them there. */
static uint32_t
constant_id(struct pad_pass *p, uint32_t type, uint32_t value)
{
   uint32_t i = key_lower_bound(p, p->consts, p->num_consts, type, value);
   if (i < p->num_consts && p->consts[i].type == type && p->consts[i].value == value)
      return p->consts[i].id;
   if (p->dry) {
      uint32_t(*e)[3] = mgu_array_push(p->made.v, p->made.n, p->made.cap);
      if (!e) {
         p->err = out_of_memory;
         return 0;
      }
      (*e)[0] = type;
      (*e)[1] = value;
      return 1; /* no id yet: the rewrite's is made below */
   }
   i = key_lower_bound(p, p->made_sorted, p->made.n, type, value);
   if (i < p->made.n && p->made_sorted[i].type == type && p->made_sorted[i].value == value)
      return p->made_sorted[i].id;
   p->err = "a constant the first run did not list"; /* not reached: both runs see the same */
   return 0;
}

/* The dry run listed each use of a constant to make (made.v: type, value); made.v becomes the
 * constants, each once, in the order of their first uses, their ids taken from the bound (as
 * spirv_made_const makes them), and made_sorted the same sorted for the rewrite. */
static bool
made_consts(struct pad_pass *p)
{
   const uint32_t n = p->made.n;
   uint32_t(*uses)[3] = p->made.v;
   struct const_key *k = pad_calloc(p, n ? n : 1, sizeof(*k));
   uint32_t *firsts = pad_calloc(p, n ? n : 1, sizeof(uint32_t));
   uint32_t(*v)[3] = pad_calloc(p, n ? n : 1, sizeof(*v));
   if (!k || !firsts || !v) {
      free(k);
      free(firsts);
      free(v);
      return false;
   }
   for (uint32_t i = 0; i < n; i++) /* id: the use's place, for now */
      k[i] = (struct const_key){uses[i][0], uses[i][1], i};
   qsort(k, n, sizeof(*k), cmp_const_key);
   uint32_t kept = 0;
   for (uint32_t i = 0; i < n; i++)
      if (!i || k[i].type != k[i - 1].type || k[i].value != k[i - 1].value)
         firsts[kept++] = k[i].id; /* the first use of each (type, value) */
   qsort(firsts, kept, sizeof(uint32_t), spv_u32_cmp);
   for (uint32_t i = 0; i < kept; i++) {
      v[i][0] = uses[firsts[i]][0];
      v[i][1] = uses[firsts[i]][1];
      v[i][2] = p->bound++;
      k[i] = (struct const_key){v[i][0], v[i][1], v[i][2]};
   }
   p->visited += n;
   p->bytes += (uint64_t)p->made.cap * sizeof(*uses);
   free(firsts);
   free(uses);
   p->made.v = v;
   p->made.n = kept;
   p->made.cap = n ? n : 1;
   qsort(k, kept, sizeof(*k), cmp_const_key);
   p->made_sorted = k;
   return true;
}

/* The first pass: types, decorations, constants, the values' types, each struct's most
 * members. */
static bool
collect(struct pad_pass *p)
{
   struct spv_walk it = spv_walk_begin(p->w, p->n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      const uint32_t nops = it.nops;
      p->visited += it.len;
#define ID_OK(x) ((x) > 0 && (x) < p->ids)
      uint32_t *e = NULL;
      switch (it.op) {
      case SpvOpTypeStruct:
         if (nops >= 1 && o[0] < p->ids && nops - 1u > p->members[ix(p, o[0])])
            p->members[ix(p, o[0])] = nops - 1u;
         break;
      case SpvOpTypePointer:
         if (nops >= 3 && ID_OK(o[0]))
            p->pointee[ix(p, o[0])] = o[2];
         break;
      case SpvOpTypeArray:
      case SpvOpTypeRuntimeArray:
         if (nops >= 2 && ID_OK(o[0]))
            p->elem[ix(p, o[0])] = o[1];
         break;
      case SpvOpTypeInt:
      case SpvOpTypeFloat:
         if (nops >= 2u + (it.op == SpvOpTypeInt) && ID_OK(o[0])) {
            p->scalar32[ix(p, o[0])] = o[1] == 32;
            if (it.op == SpvOpTypeInt)
               p->is_int[ix(p, o[0])] = 1 + (o[2] != 0);
            if (!(e = mgu_array_push(p->scalar_ids, p->num_scalar_ids, p->scalar_ids_cap)))
               goto oom;
            *e = o[0];
         }
         break;
      case SpvOpConstant:
         /* a 32-bit integer's only: a 64-bit one's low word is not its value (an array of
          * 2^32 + 1 elements measured as 1, an index the rewrite remade with one word) */
         if (nops == 3 && ID_OK(o[1]) && ID_OK(o[0]) && p->is_int[ix(p, o[0])] &&
             p->scalar32[ix(p, o[0])]) {
            p->const_val[ix(p, o[1])] = o[2] + 1u;
            p->type_of[ix(p, o[1])] = o[0];
            if (!(e = mgu_array_push(p->const_ids, p->num_const_ids, p->const_ids_cap)))
               goto oom;
            *e = o[1];
         }
         break;
      case SpvOpDecorate:
         if (nops >= 2 && ID_OK(o[0])) {
            if (o[1] == SpvDecorationBlock || o[1] == SpvDecorationBufferBlock)
               p->block[ix(p, o[0])] = 1;
            else if (o[1] == SpvDecorationArrayStride && nops >= 3)
               p->stride[ix(p, o[0])] = o[2];
         }
         break;
      default:
         /* a value's result type: variables, access chains, parameters, copies */
         if ((it.op == SpvOpVariable || it.op == SpvOpAccessChain ||
              it.op == SpvOpInBoundsAccessChain || it.op == SpvOpPtrAccessChain ||
              it.op == SpvOpFunctionParameter || it.op == SpvOpCopyObject) &&
             nops >= 2 && ID_OK(o[1]))
            p->type_of[ix(p, o[1])] = o[0];
         break;
      }
#undef ID_OK
   }
   if (it.bad)
      return false;
   /* the module's integer constants as they stand after the walk (an id defined again is what
    * its last definition says), sorted: the lowest id of a (type, value) first */
   p->consts = pad_calloc(p, p->num_const_ids ? p->num_const_ids : 1, sizeof(*p->consts));
   if (!p->consts)
      goto oom;
   for (uint32_t i = 0; i < p->num_const_ids; i++) {
      const uint32_t id = p->const_ids[i];
      if (p->const_val[ix(p, id)])
         p->consts[p->num_consts++] =
            (struct const_key){p->type_of[ix(p, id)], p->const_val[ix(p, id)] - 1u, id};
   }
   qsort(p->consts, p->num_consts, sizeof(*p->consts), cmp_const_key);
   for (uint32_t i = 0; i < p->num_scalar_ids; i++) {
      const uint32_t t = p->scalar_ids[i];
      if (p->scalar32[ix(p, t)] && (!p->first_scalar32 || t < p->first_scalar32))
         p->first_scalar32 = t;
   }
   return true;
oom:
   p->err = out_of_memory;
   return false;
}

/* Each struct's member decorations, in deco: each member's Offset (has_offset: decorated),
 * MatrixStride and RowMajor, for as many members as its longest definition has. */
static bool
member_decos(struct pad_pass *p)
{
   uint32_t total = 0;
   struct spv_walk it = spv_walk_begin(p->w, p->n);
   while (spv_walk_next(&it)) {
      p->visited += it.len;
      if (it.op == SpvOpTypeStruct && it.nops >= 1 && it.o[0] < p->ids &&
          !p->deco_base[ix(p, it.o[0])]) {
         p->deco_base[ix(p, it.o[0])] = total + 1u; /* + 1: 0 is none yet */
         total += p->members[ix(p, it.o[0])];       /* the words' count bounds it */
      }
   }
   p->deco = pad_calloc(p, total ? total : 1, sizeof(*p->deco));
   if (!p->deco)
      return false;
   it = spv_walk_begin(p->w, p->n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      p->visited += it.len;
      if (it.op != SpvOpMemberDecorate || it.nops < 3 || o[0] >= p->ids ||
          o[1] >= p->members[ix(p, o[0])])
         continue;
      struct member_deco *d = &p->deco[p->deco_base[ix(p, o[0])] - 1u + o[1]];
      if (o[2] == SpvDecorationRowMajor) {
         d->row_major = true;
      } else if (it.nops < 4) {
         continue;
      } else if (o[2] == SpvDecorationOffset) {
         d->offset = o[3];
         d->has_offset = true;
      } else if (o[2] == SpvDecorationMatrixStride) {
         d->matrix_stride = o[3];
      }
   }
   return true;
}

/* Struct id's member decorations (id below the bound, defined by an OpTypeStruct) */
static const struct member_deco *
member_layout(struct pad_pass *p, uint32_t id)
{
   return &p->deco[p->deco_base[ix(p, id)] - 1u];
}

static bool member_size(struct pad_pass *p, uint32_t t, uint32_t matrix_stride, bool row_major,
                        uint32_t *size, uint32_t *align, uint32_t *scalar, unsigned depth);

/* Structs nest at most this deep in a block the pass pads (the client sends the SPIR-V). */
#define PAD_STRUCT_DEPTH 8

/* The bytes struct `def` spans by its members' Offsets (where its furthest member ends), or 0:
 * a member without an Offset or of a type member_size does not know. */
static uint32_t
struct_extent(struct pad_pass *p, const struct spv_walk *def, unsigned depth)
{
   const uint32_t members = def->nops - 1, id = def->o[0];
   if (!members || depth >= PAD_STRUCT_DEPTH || id >= p->ids)
      return 0;
   /* measured once (a hostile module's structs of many members, each the one before, do not
    * multiply the work), and a struct that holds itself is no extent */
   if (p->extent[ix(p, id)])
      return p->extent[ix(p, id)] > 1u ? p->extent[ix(p, id)] - 2u : 0;
   p->extent[ix(p, id)] = 1;
   const struct member_deco *d = member_layout(p, id);
   uint64_t extent = 0;
   bool ok = true;
   for (uint32_t k = 0; ok && k < members; k++) {
      uint32_t size = 0, align = 4, scalar = 0;
      p->visited++;
      ok = d[k].has_offset && member_size(p, def->o[1 + k], d[k].matrix_stride, d[k].row_major,
                                          &size, &align, &scalar, depth + 1);
      if (ok && (uint64_t)d[k].offset + size > extent)
         extent = (uint64_t)d[k].offset + size; /* 64-bit: hostile offsets do not wrap */
   }
   if (!ok || extent > UINT32_MAX - 2u)
      return 0;
   p->extent[ix(p, id)] = (uint32_t)extent + 2u;
   return (uint32_t)extent;
}

/* The bytes a member of type t takes (std430 and the SPIR-V agree for these): a 32-bit scalar,
 * a vector of them, a matrix of such columns (rows where row_major) at matrix_stride, a struct
 * (its extent), an array of any of those at its ArrayStride (a runtime array: 0); *align:
 * std430's alignment of it (an array's: its element's), 0 for a struct or an array of structs,
 * which is placed exactly. *scalar: its 32-bit scalar type (a struct's: 0). False: another
 * type. */
static bool
member_size(struct pad_pass *p, uint32_t t, uint32_t matrix_stride, bool row_major, uint32_t *size,
            uint32_t *align, uint32_t *scalar, unsigned depth)
{
   uint32_t count = 1, stride = 0;
   struct spv_walk def;
   if (t < p->ids && p->elem[ix(p, t)]) {
      if (!p->stride[ix(p, t)] || !find_def(p, t, &def))
         return false;
      stride = p->stride[ix(p, t)];
      if (def.op == SpvOpTypeArray) {
         const uint32_t len =
            def.nops >= 3 && def.o[2] < p->ids ? p->const_val[ix(p, def.o[2])] : 0;
         if (len <= 1u)
            return false; /* no 32-bit constant, or 0 elements (no std430 array) */
         count = len - 1u;
      } else {
         count = 0;
      }
      t = p->elem[ix(p, t)];
   }
   if (t >= p->ids || !find_def(p, t, &def))
      return false;
   uint64_t bytes = 0; /* 64-bit: hostile component counts and matrix strides do not wrap */
   if (p->scalar32[ix(p, t)]) {
      bytes = 4;
      *align = 4;
      *scalar = t;
   } else if (def.op == SpvOpTypeVector && def.nops >= 3 && def.o[1] < p->ids &&
              p->scalar32[ix(p, def.o[1])] && def.o[2] >= 2 && def.o[2] <= 4) {
      bytes = 4u * def.o[2];
      *align = def.o[2] == 2 ? 8 : 16;
      *scalar = def.o[1];
   } else if (def.op == SpvOpTypeMatrix && def.nops >= 3 && matrix_stride && def.o[2] >= 2 &&
              def.o[2] <= 4) {
      struct spv_walk col;
      if (!find_def(p, def.o[1], &col) || col.op != SpvOpTypeVector || col.nops < 3 ||
          col.o[1] >= p->ids || !p->scalar32[ix(p, col.o[1])] || col.o[2] < 2 || col.o[2] > 4)
         return false;
      bytes = (uint64_t)matrix_stride * (row_major ? col.o[2] : def.o[2]);
      *align = (row_major ? def.o[2] : col.o[2]) == 2 ? 8 : 16;
      *scalar = col.o[1];
   } else if (def.op == SpvOpTypeStruct && def.nops >= 2) {
      bytes = struct_extent(p, &def, depth);
      if (!bytes || (stride && stride % 16))
         return false;
      *align = 0;
      *scalar = 0;
   } else {
      return false;
   }
   /* an array: std140 and std430 both take stride * count (64-bit: a hostile one does not wrap);
    * a stride less than the element is no layout of theirs */
   const uint64_t total = stride ? (uint64_t)stride * count : bytes;
   if (total > UINT32_MAX || (stride && stride < bytes))
      return false;
   *size = (uint32_t)total;
   return true;
}

/* The padding words a member at `offset` needs after what ends at `end`: none where std430
 * puts it there by its alignment (a vec4 after a float), else the whole gap. */
static uint32_t
pad_words(uint32_t end, uint32_t offset, uint32_t align)
{
   const uint32_t aligned = (end + align - 1) / align * align;
   return offset == aligned ? 0 : (offset - end) / 4;
}

/* Each Block struct of 32-bit scalars, vectors and matrices (and arrays of them) whose member
 * offsets leave gaps past what each member takes: its padding. */
static bool
plan(struct pad_pass *p)
{
   struct spv_walk it = spv_walk_begin(p->w, p->n);
   while (spv_walk_next(&it)) {
      p->visited += it.len;
      if (it.op != SpvOpTypeStruct || it.nops < 2 || it.o[0] >= p->ids || !p->block[ix(p, it.o[0])])
         continue;
      const uint32_t id = it.o[0], members = it.nops - 1;
      const struct member_deco *d = member_layout(p, id);
      uint32_t pad_type = 0;
      bool ok = true;
      /* 64-bit: a hostile offset near 2^32 and the member's size past it do not wrap */
      uint64_t at = 0, gaps = 0;
      for (uint32_t k = 0; ok && k < members; k++) {
         uint32_t size = 0, align = 4, scalar = 0;
         p->visited++;
         if (!d[k].has_offset || d[k].offset < at || d[k].offset % 4 ||
             !member_size(p, it.o[1 + k], d[k].matrix_stride, d[k].row_major, &size, &align,
                          &scalar, 0) ||
             (!size && k + 1 < members) ||
             (!align && (d[k].offset % 16 || (k + 1 < members && size % 16)))) {
            /* a runtime array (size 0) is the last member; a struct starts at a multiple of 16
             * and, but last, ends at one: std140 and std430 agree on where it lies only then */
            ok = false;
            break;
         }
         pad_type = pad_type ? pad_type : scalar;
         gaps += pad_words((uint32_t)at, d[k].offset, align ? align : 4);
         at = (uint64_t)d[k].offset + size;
      }
      /* a block of structs only: the module's first 32-bit scalar type pads it */
      if (ok && gaps && !pad_type)
         pad_type = p->first_scalar32;
      if (ok && gaps && !pad_type)
         ok = false;
      /* the padded struct is one OpTypeStruct: its members and padding within a word count
       * (16 bits), and the client's offsets cannot make the server emit GiBs of padding */
      if (ok && gaps > 0xffffu - 2u - members) {
         p->err = "a block whose padding would take more than 65533 members";
         ok = false;
      }
      if (ok && gaps) {
         struct pad_struct *s = mgu_array_push(p->structs, p->num_structs, p->structs_cap);
         if (!s) {
            p->err = out_of_memory;
         } else {
            if (!p->pad_of[ix(p, id)])
               p->pad_of[ix(p, id)] =
                  p->num_structs; /* index + 1: its first plan is the one used */
            *s = (struct pad_struct){.id = id, .members = members, .pad_type = pad_type};
            s->new_index = pad_calloc(p, members, sizeof(uint32_t));
            s->gap_words = pad_calloc(p, members, sizeof(uint32_t));
            if (!s->new_index || !s->gap_words) {
               p->err = out_of_memory;
            } else {
               uint32_t end = 0, index = 0;
               for (uint32_t k = 0; k < members; k++) {
                  uint32_t size = 0, align = 4, scalar = 0;
                  p->visited++;
                  member_size(p, it.o[1 + k], d[k].matrix_stride, d[k].row_major, &size, &align,
                              &scalar, 0);
                  s->gap_words[k] = pad_words(end, d[k].offset, align ? align : 4);
                  index += s->gap_words[k];
                  s->new_index[k] = index++;
                  end = d[k].offset + size;
               }
            }
         }
      }
      if (p->err)
         return false;
   }
   return !it.bad;
}

/* The chain's indices into padded structs, remapped in ops (a copy of the instruction's
 * operands); false where the chain cannot be followed. */
static bool
remap_chain(struct pad_pass *p, uint32_t op, uint32_t *ops, uint32_t nops)
{
   if (nops < 3 || ops[2] >= p->ids)
      return true;
   const uint32_t base_type = p->type_of[ix(p, ops[2])];
   uint32_t t = base_type < p->ids ? p->pointee[ix(p, base_type)] : 0;
   uint32_t first = 3;
   if (op == SpvOpPtrAccessChain) {
      if (t && padded(p, t)) {
         p->err = "an OpPtrAccessChain into a padded block";
         return false;
      }
      first = 4; /* the element index does not enter the type */
   }
   for (uint32_t i = first; t && i < nops; i++) {
      struct pad_struct *s = padded(p, t);
      if (s) {
         const uint32_t c = ops[i] < p->ids ? p->const_val[ix(p, ops[i])] : 0;
         if (!c || c - 1u >= s->members) {
            p->err = "a padded block's member index that is not a constant";
            return false;
         }
         const uint32_t k = c - 1u;
         ops[i] = constant_id(p, p->type_of[ix(p, ops[i])], s->new_index[k]);
         if (p->err)
            return false;
         struct spv_walk def;
         if (!find_def(p, t, &def) || def.nops < 2 + k)
            return false;
         t = def.o[1 + k];
      } else if (t < p->ids && p->elem[ix(p, t)]) {
         t = p->elem[ix(p, t)];
      } else {
         struct spv_walk def;
         if (!find_def(p, t, &def) || def.op != SpvOpTypeStruct)
            return true; /* into a vector or matrix: no struct below */
         const uint32_t c = ops[i] < p->ids ? p->const_val[ix(p, ops[i])] : 0;
         if (!c || c > def.nops - 1u)
            return true;
         t = def.o[c];
      }
   }
   return true;
}

uint32_t *
glb_spv_pad_blocks_counted(const uint32_t *w, size_t n, size_t *out_n, const char **err,
                           struct glb_pass_cost *cost)
{
   *err = NULL;
   *out_n = 0;
   *cost = (struct glb_pass_cost){0};
   if (n < 5 || n > UINT32_MAX) /* words are numbered in 32 bits (no record holds 2^32) */
      return NULL;
   struct pad_pass p = {.w = w, .n = n, .bound = w[3], .ids = w[3]};
   if (p.bound == 0 || p.bound > (1u << 22))
      return NULL;
   struct spirv_out o = {0};
   uint32_t *ops = NULL;
   bool done = false;
   if (!spv_defs_init(&p.defs, w, n)) {
      p.err = out_of_memory;
      goto out;
   }
   /* sized by the ids the module names (below 2n), not its declared bound (up to 2^22 from a
    * module of a few words: 13 tables of it were 218 MB), in one allocation */
   uint32_t **const tables[] = {&p.type_of, &p.pointee, &p.elem,      &p.scalar32,
                                &p.is_int,  &p.stride,  &p.block,     &p.const_val,
                                &p.extent,  &p.members, &p.deco_base, &p.pad_of};
   const size_t cap = (size_t)p.defs.slots + 1u, num_tables = sizeof(tables) / sizeof(tables[0]);
   p.tables = pad_calloc(&p, cap * num_tables, sizeof(uint32_t)); /* below 2^32 * 12 */
   if (!p.tables) {
      p.err = out_of_memory;
      goto out;
   }
   for (size_t i = 0; i < num_tables; i++)
      *tables[i] = p.tables + i * cap;
   if (!collect(&p)) {
      p.err = p.err ? p.err : "a malformed instruction (its word count 0 or past the module's end)";
      goto out;
   }
   if (!member_decos(&p)) {
      p.err = out_of_memory;
      goto out;
   }
   if (!plan(&p) || !p.num_structs)
      goto out;
   /* a padded block used as a value (loaded, stored, built whole): left as it is */
   {
      struct spv_walk it = spv_walk_begin(w, n);
      while (spv_walk_next(&it)) {
         p.visited += it.len;
         if (it.op != SpvOpTypePointer && it.op != SpvOpTypeStruct && it.op != SpvOpTypeArray &&
             it.op != SpvOpTypeRuntimeArray && !spv_is_annotation(it.op) && it.op != SpvOpName &&
             it.op != SpvOpMemberName && it.nops >= 1 && padded(&p, it.o[0]))
            goto out;
      }
   }
   ops = pad_calloc(&p, n, sizeof(uint32_t));
   if (!ops) {
      p.err = out_of_memory;
      goto out;
   }
   /* the dry run: the constants the chains' new indices need that the module lacks, in the
    * order of their first uses (an error stops it; the rewrite meets it again, in its place) */
   p.dry = true;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it) && !p.err) {
      p.visited += it.len;
      if (it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain ||
          it.op == SpvOpPtrAccessChain) {
         memcpy(ops, it.o, it.nops * sizeof(uint32_t));
         if (!remap_chain(&p, it.op, ops, it.nops) && p.err == out_of_memory)
            goto out;
      }
   }
   p.dry = false;
   p.err = NULL;
   if (!made_consts(&p)) {
      p.err = out_of_memory;
      goto out;
   }
   spirv_out_put(&o, w, 5);
   it = spv_walk_begin(w, n);
   while (spv_walk_next(&it) && !p.err) {
      p.visited += it.len;
      memcpy(ops, it.o, it.nops * sizeof(uint32_t));
      struct pad_struct *s = NULL;
      switch (it.op) {
      case SpvOpTypeStruct:
         s = it.nops >= 1 ? padded(&p, it.o[0]) : NULL;
         if (s && it.nops != 1u + s->members) {
            /* its id defined again, otherwise (no valid module does): the plan's members are
             * not this instruction's operands */
            p.err = "a padded block's struct id defined twice";
            goto out;
         }
         if (s) {
            const uint32_t head = ((3u + s->new_index[s->members - 1]) << 16) | SpvOpTypeStruct;
            spirv_out_put(&o, &head, 1);
            spirv_out_put(&o, &s->id, 1);
            for (uint32_t k = 0; k < s->members; k++) {
               for (uint32_t g = 0; g < s->gap_words[k]; g++)
                  spirv_out_put(&o, &s->pad_type, 1);
               spirv_out_put(&o, &it.o[1 + k], 1);
            }
            continue;
         }
         break;
      case SpvOpMemberDecorate:
      case SpvOpMemberName:
         s = it.nops >= 2 ? padded(&p, it.o[0]) : NULL;
         if (s && it.o[1] < s->members) {
            const uint32_t k = it.o[1];
            ops[1] = s->new_index[k];
            /* the padding before member k: their offsets, with the member's */
            if (it.op == SpvOpMemberDecorate && it.nops >= 3 && it.o[2] == SpvDecorationOffset)
               for (uint32_t g = 0; g < s->gap_words[k]; g++)
                  SPIRV_OUT_EMIT(&o, SpvOpMemberDecorate, s->id,
                                 s->new_index[k] - s->gap_words[k] + g, SpvDecorationOffset,
                                 it.o[3] - 4u * (s->gap_words[k] - g));
         }
         break;
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain:
      case SpvOpPtrAccessChain:
         if (!remap_chain(&p, it.op, ops, it.nops))
            goto out;
         break;
      case SpvOpArrayLength:
         /* a runtime array's length names its member by a literal index, which moves with the
          * member as a chain's does */
         if (it.nops >= 4 && it.o[2] < p.ids && p.type_of[ix(&p, it.o[2])] < p.ids &&
             (s = padded(&p, p.pointee[ix(&p, p.type_of[ix(&p, it.o[2])])])) != NULL) {
            if (it.o[3] >= s->members) {
               p.err = "an OpArrayLength past a padded block's members";
               goto out;
            }
            ops[3] = s->new_index[it.o[3]];
         }
         break;
      default: break;
      }
      spirv_out_emit(&o, it.op, it.nops, ops);
   }
   if (p.err || it.bad)
      goto out;
   if (p.made.n) {
      /* the new index constants, in front of the first function */
      size_t at = 5;
      struct spv_walk f = spv_walk_begin(o.w, o.n);
      while (spv_walk_next(&f) && f.op != SpvOpFunction) {
         p.visited += f.len;
         at = f.next;
      }
      const size_t tail = o.n - at;
      if (!spirv_out_reserve(&o, (size_t)p.made.n * 4))
         goto out;
      memmove(o.w + at + (size_t)p.made.n * 4, o.w + at, tail * sizeof(uint32_t));
      for (unsigned i = 0; i < p.made.n; i++) {
         uint32_t *c = o.w + at + (size_t)i * 4;
         c[0] = (4u << 16) | SpvOpConstant;
         c[1] = p.made.v[i][0];
         c[2] = p.made.v[i][2];
         c[3] = p.made.v[i][1];
      }
      o.n += (size_t)p.made.n * 4;
   }
   if (o.oom) {
      p.err = out_of_memory;
      goto out;
   }
   o.w[3] = p.bound;
   *out_n = o.n;
   done = true;
out:
   *err = p.err;
   /* the growable arrays at their capacities (the dry run's list, replaced by made_consts,
    * counted there), the output's words */
   cost->bytes = p.bytes + p.defs.bytes + (uint64_t)p.const_ids_cap * sizeof(uint32_t) +
                 (uint64_t)p.scalar_ids_cap * sizeof(uint32_t) +
                 (uint64_t)p.structs_cap * sizeof(*p.structs) +
                 (p.made_sorted ? 0 : (uint64_t)p.made.cap * sizeof(*p.made.v)) +
                 (uint64_t)o.cap * sizeof(uint32_t);
   cost->visited = p.visited + p.defs.visited;
   spv_defs_finish(&p.defs);
   for (uint32_t i = 0; i < p.num_structs; i++) {
      free(p.structs[i].new_index);
      free(p.structs[i].gap_words);
   }
   free(p.structs);
   free(p.made.v);
   free(ops);
   free(p.tables);
   free(p.deco);
   free(p.const_ids);
   free(p.scalar_ids);
   free(p.consts);
   free(p.made_sorted);
   if (!done) {
      free(o.w);
      return NULL;
   }
   return o.w;
}

uint32_t *
glb_spv_pad_blocks(const uint32_t *w, size_t n, size_t *out_n, const char **err)
{
   struct glb_pass_cost cost;
   return glb_spv_pad_blocks_counted(w, n, out_n, err, &cost);
}
