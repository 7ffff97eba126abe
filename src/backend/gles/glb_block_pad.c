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
 * by name (*err). unit.gles.block_pad feeds it such modules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"
#include "spv.h"

/* A struct the pass pads: its members' new indices (members + pads words) */
struct pad_struct {
   uint32_t id;
   uint32_t members;    /* the original member count */
   uint32_t *new_index; /* [members] */
   uint32_t *gap_words; /* [members]: padding words inserted before member k */
   uint32_t pad_type;   /* the scalar type of the padding members */
};

struct pad_pass {
   const uint32_t *w;
   size_t n;
   uint32_t bound; /* grows with the ids made */
   uint32_t ids;   /* the module's bound: the arrays below are this long */
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
   struct pad_struct *structs;
   unsigned num_structs;
   /* constants the rewrite needs: (type, value) -> id, made at the first function */
   struct spirv_made_consts made;
   const char *err;
};

static struct pad_struct *
padded(struct pad_pass *p, uint32_t id)
{
   for (unsigned i = 0; i < p->num_structs; i++)
      if (p->structs[i].id == id)
         return &p->structs[i];
   return NULL;
}

/* The id of an integer constant of type `type` with `value`: the module's own, or one made. */
static uint32_t
constant_id(struct pad_pass *p, uint32_t type, uint32_t value)
{
   for (uint32_t id = 1; id < p->ids; id++)
      if (p->const_val[id] == value + 1u && p->type_of[id] == type)
         return id;
   const uint32_t id = spirv_made_const(&p->made, &p->bound, type, value);
   if (!id)
      p->err = "out of memory";
   return id;
}

/* The first pass: types, decorations, constants, the values' types. */
static bool
collect(struct pad_pass *p)
{
   struct spv_walk it = spv_walk_begin(p->w, p->n);
   while (spv_walk_next(&it)) {
      const uint32_t *o = it.o;
      const uint32_t nops = it.nops;
#define ID_OK(x) ((x) > 0 && (x) < p->ids)
      switch (it.op) {
      case SpvOpTypePointer:
         if (nops >= 3 && ID_OK(o[0]))
            p->pointee[o[0]] = o[2];
         break;
      case SpvOpTypeArray:
      case SpvOpTypeRuntimeArray:
         if (nops >= 2 && ID_OK(o[0]))
            p->elem[o[0]] = o[1];
         break;
      case SpvOpTypeInt:
         if (nops >= 3 && ID_OK(o[0])) {
            p->scalar32[o[0]] = o[1] == 32;
            p->is_int[o[0]] = 1 + (o[2] != 0);
         }
         break;
      case SpvOpTypeFloat:
         if (nops >= 2 && ID_OK(o[0]))
            p->scalar32[o[0]] = o[1] == 32;
         break;
      case SpvOpConstant:
         /* a 32-bit integer's only: a 64-bit one's low word is not its value (an array of
          * 2^32 + 1 elements measured as 1, an index the rewrite remade with one word) */
         if (nops == 3 && ID_OK(o[1]) && ID_OK(o[0]) && p->is_int[o[0]] && p->scalar32[o[0]]) {
            p->const_val[o[1]] = o[2] + 1u;
            p->type_of[o[1]] = o[0];
         }
         break;
      case SpvOpDecorate:
         if (nops >= 2 && ID_OK(o[0])) {
            if (o[1] == SpvDecorationBlock || o[1] == SpvDecorationBufferBlock)
               p->block[o[0]] = 1;
            else if (o[1] == SpvDecorationArrayStride && nops >= 3)
               p->stride[o[0]] = o[2];
         }
         break;
      default:
         /* a value's result type: variables, access chains, parameters, copies */
         if ((it.op == SpvOpVariable || it.op == SpvOpAccessChain ||
              it.op == SpvOpInBoundsAccessChain || it.op == SpvOpPtrAccessChain ||
              it.op == SpvOpFunctionParameter || it.op == SpvOpCopyObject) &&
             nops >= 2 && ID_OK(o[1]))
            p->type_of[o[1]] = o[0];
         break;
      }
#undef ID_OK
   }
   return !it.bad;
}

/* A struct's member decorations: each member's Offset (has: decorated), MatrixStride and
 * RowMajor; the arrays hold `members` entries. */
static void
member_layout(struct pad_pass *p, uint32_t id, uint32_t members, uint32_t *offsets,
              uint32_t *mstride, bool *has, bool *row_major)
{
   struct spv_walk d = spv_walk_begin(p->w, p->n);
   while (spv_walk_next(&d))
      if (d.op == SpvOpMemberDecorate && d.nops >= 3 && d.o[0] == id && d.o[1] < members) {
         if (d.o[2] == SpvDecorationRowMajor) {
            row_major[d.o[1]] = true;
         } else if (d.nops < 4) {
            continue;
         } else if (d.o[2] == SpvDecorationOffset) {
            offsets[d.o[1]] = d.o[3];
            has[d.o[1]] = true;
         } else if (d.o[2] == SpvDecorationMatrixStride) {
            mstride[d.o[1]] = d.o[3];
         }
      }
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
   if (p->extent[id])
      return p->extent[id] > 1u ? p->extent[id] - 2u : 0;
   p->extent[id] = 1;
   uint32_t *offsets = calloc(members, sizeof(uint32_t));
   uint32_t *mstride = calloc(members, sizeof(uint32_t));
   bool *has = calloc(members, sizeof(bool));
   bool *row_major = calloc(members, sizeof(bool));
   uint64_t extent = 0;
   bool ok = offsets && mstride && has && row_major;
   if (ok)
      member_layout(p, def->o[0], members, offsets, mstride, has, row_major);
   for (uint32_t k = 0; ok && k < members; k++) {
      uint32_t size = 0, align = 4, scalar = 0;
      ok = has[k] && member_size(p, def->o[1 + k], mstride[k], row_major[k], &size, &align, &scalar,
                                 depth + 1);
      if (ok && (uint64_t)offsets[k] + size > extent)
         extent = (uint64_t)offsets[k] + size; /* 64-bit: hostile offsets do not wrap */
   }
   free(offsets);
   free(mstride);
   free(has);
   free(row_major);
   if (!ok || extent > UINT32_MAX - 2u)
      return 0;
   p->extent[id] = (uint32_t)extent + 2u;
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
   if (t < p->ids && p->elem[t]) {
      if (!p->stride[t] || !spv_find_def(p->w, p->n, t, &def))
         return false;
      stride = p->stride[t];
      if (def.op == SpvOpTypeArray) {
         const uint32_t len = def.nops >= 3 && def.o[2] < p->ids ? p->const_val[def.o[2]] : 0;
         if (len <= 1u)
            return false; /* no 32-bit constant, or 0 elements (no std430 array) */
         count = len - 1u;
      } else {
         count = 0;
      }
      t = p->elem[t];
   }
   if (t >= p->ids || !spv_find_def(p->w, p->n, t, &def))
      return false;
   uint64_t bytes = 0; /* 64-bit: hostile component counts and matrix strides do not wrap */
   if (p->scalar32[t]) {
      bytes = 4;
      *align = 4;
      *scalar = t;
   } else if (def.op == SpvOpTypeVector && def.nops >= 3 && def.o[1] < p->ids &&
              p->scalar32[def.o[1]] && def.o[2] >= 2 && def.o[2] <= 4) {
      bytes = 4u * def.o[2];
      *align = def.o[2] == 2 ? 8 : 16;
      *scalar = def.o[1];
   } else if (def.op == SpvOpTypeMatrix && def.nops >= 3 && matrix_stride && def.o[2] >= 2 &&
              def.o[2] <= 4) {
      struct spv_walk col;
      if (!spv_find_def(p->w, p->n, def.o[1], &col) || col.op != SpvOpTypeVector || col.nops < 3 ||
          col.o[1] >= p->ids || !p->scalar32[col.o[1]] || col.o[2] < 2 || col.o[2] > 4)
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
      if (it.op != SpvOpTypeStruct || it.nops < 2 || it.o[0] >= p->ids || !p->block[it.o[0]])
         continue;
      const uint32_t id = it.o[0], members = it.nops - 1;
      uint32_t *offsets = calloc(members, sizeof(uint32_t));
      uint32_t *mstride = calloc(members, sizeof(uint32_t));
      bool *has = calloc(members, sizeof(bool));
      bool *row_major = calloc(members, sizeof(bool));
      uint32_t pad_type = 0;
      bool ok = offsets && has && mstride && row_major;
      if (ok)
         member_layout(p, id, members, offsets, mstride, has, row_major);
      /* 64-bit: a hostile offset near 2^32 and the member's size past it do not wrap */
      uint64_t at = 0, gaps = 0;
      for (uint32_t k = 0; ok && k < members; k++) {
         uint32_t size = 0, align = 4, scalar = 0;
         if (!has[k] || offsets[k] < at || offsets[k] % 4 ||
             !member_size(p, it.o[1 + k], mstride[k], row_major[k], &size, &align, &scalar, 0) ||
             (!size && k + 1 < members) ||
             (!align && (offsets[k] % 16 || (k + 1 < members && size % 16)))) {
            /* a runtime array (size 0) is the last member; a struct starts at a multiple of 16
             * and, but last, ends at one: std140 and std430 agree on where it lies only then */
            ok = false;
            break;
         }
         pad_type = pad_type ? pad_type : scalar;
         gaps += pad_words((uint32_t)at, offsets[k], align ? align : 4);
         at = (uint64_t)offsets[k] + size;
      }
      /* a block of structs only: any 32-bit scalar type of the module pads it */
      for (uint32_t t = 1; ok && gaps && !pad_type && t < p->ids; t++)
         pad_type = p->scalar32[t] ? t : 0;
      if (ok && gaps && !pad_type)
         ok = false;
      /* the padded struct is one OpTypeStruct: its members and padding within a word count
       * (16 bits), and the client's offsets cannot make the server emit GiBs of padding */
      if (ok && gaps > 0xffffu - 2u - members) {
         p->err = "a block whose padding would take more than 65533 members";
         ok = false;
      }
      if (ok && gaps) {
         struct pad_struct *s =
            realloc(p->structs, (p->num_structs + 1) * sizeof(struct pad_struct));
         if (!s) {
            p->err = "out of memory";
         } else {
            p->structs = s;
            s = &p->structs[p->num_structs++];
            *s = (struct pad_struct){.id = id, .members = members, .pad_type = pad_type};
            s->new_index = calloc(members, sizeof(uint32_t));
            s->gap_words = calloc(members, sizeof(uint32_t));
            if (!s->new_index || !s->gap_words) {
               p->err = "out of memory";
            } else {
               uint32_t end = 0, index = 0;
               for (uint32_t k = 0; k < members; k++) {
                  uint32_t size = 0, align = 4, scalar = 0;
                  member_size(p, it.o[1 + k], mstride[k], row_major[k], &size, &align, &scalar, 0);
                  s->gap_words[k] = pad_words(end, offsets[k], align ? align : 4);
                  index += s->gap_words[k];
                  s->new_index[k] = index++;
                  end = offsets[k] + size;
               }
            }
         }
      }
      free(offsets);
      free(mstride);
      free(has);
      free(row_major);
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
   const uint32_t base_type = p->type_of[ops[2]];
   uint32_t t = base_type < p->ids ? p->pointee[base_type] : 0;
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
         const uint32_t c = ops[i] < p->ids ? p->const_val[ops[i]] : 0;
         if (!c || c - 1u >= s->members) {
            p->err = "a padded block's member index that is not a constant";
            return false;
         }
         const uint32_t k = c - 1u;
         ops[i] = constant_id(p, p->type_of[ops[i]], s->new_index[k]);
         if (p->err)
            return false;
         struct spv_walk def;
         if (!spv_find_def(p->w, p->n, t, &def) || def.nops < 2 + k)
            return false;
         t = def.o[1 + k];
      } else if (t < p->ids && p->elem[t]) {
         t = p->elem[t];
      } else {
         struct spv_walk def;
         if (!spv_find_def(p->w, p->n, t, &def) || def.op != SpvOpTypeStruct)
            return true; /* into a vector or matrix: no struct below */
         const uint32_t c = ops[i] < p->ids ? p->const_val[ops[i]] : 0;
         if (!c || c > def.nops - 1u)
            return true;
         t = def.o[c];
      }
   }
   return true;
}

uint32_t *
glb_spv_pad_blocks(const uint32_t *w, size_t n, size_t *out_n, const char **err)
{
   *err = NULL;
   *out_n = 0;
   if (n < 5)
      return NULL;
   struct pad_pass p = {.w = w, .n = n, .bound = w[3], .ids = w[3]};
   if (p.bound == 0 || p.bound > (1u << 22))
      return NULL;
   const size_t cap = p.bound;
   p.type_of = calloc(cap, sizeof(uint32_t));
   p.pointee = calloc(cap, sizeof(uint32_t));
   p.elem = calloc(cap, sizeof(uint32_t));
   p.scalar32 = calloc(cap, sizeof(uint32_t));
   p.is_int = calloc(cap, sizeof(uint32_t));
   p.stride = calloc(cap, sizeof(uint32_t));
   p.block = calloc(cap, sizeof(uint32_t));
   p.const_val = calloc(cap, sizeof(uint32_t));
   p.extent = calloc(cap, sizeof(uint32_t));
   struct spirv_out o = {0};
   uint32_t *ops = NULL;
   bool done = false;
   if (!p.type_of || !p.pointee || !p.elem || !p.scalar32 || !p.is_int || !p.stride || !p.block ||
       !p.const_val || !p.extent) {
      p.err = "out of memory";
      goto out;
   }
   if (!collect(&p)) {
      p.err = "a malformed instruction (its word count 0 or past the module's end)";
      goto out;
   }
   if (!plan(&p) || !p.num_structs)
      goto out;
   /* a padded block used as a value (loaded, stored, built whole): left as it is */
   {
      struct spv_walk it = spv_walk_begin(w, n);
      while (spv_walk_next(&it))
         if (it.op != SpvOpTypePointer && it.op != SpvOpTypeStruct && it.op != SpvOpTypeArray &&
             it.op != SpvOpTypeRuntimeArray && !spv_is_annotation(it.op) && it.op != SpvOpName &&
             it.op != SpvOpMemberName && it.nops >= 1 && padded(&p, it.o[0]))
            goto out;
   }
   ops = malloc(n * sizeof(uint32_t));
   if (!ops) {
      p.err = "out of memory";
      goto out;
   }
   spirv_out_put(&o, w, 5);
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it) && !p.err) {
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
         if (it.nops >= 4 && it.o[2] < p.ids && p.type_of[it.o[2]] < p.ids &&
             (s = padded(&p, p.pointee[p.type_of[it.o[2]]])) != NULL) {
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
      while (spv_walk_next(&f) && f.op != SpvOpFunction)
         at = f.next;
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
      p.err = "out of memory";
      goto out;
   }
   o.w[3] = p.bound;
   *out_n = o.n;
   done = true;
out:
   *err = p.err;
   for (unsigned i = 0; i < p.num_structs; i++) {
      free(p.structs[i].new_index);
      free(p.structs[i].gap_words);
   }
   free(p.structs);
   free(p.made.v);
   free(ops);
   free(p.type_of);
   free(p.pointee);
   free(p.elem);
   free(p.scalar32);
   free(p.is_int);
   free(p.stride);
   free(p.block);
   free(p.const_val);
   free(p.extent);
   if (!done) {
      free(o.w);
      return NULL;
   }
   return o.w;
}
