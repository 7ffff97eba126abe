/* glsl_spirv_gl.c — ARB_gl_spirv: SPIR-V modules for the OpenGL environment, handed in by the
 * application (glShaderBinary, glSpecializeShader), turned into the form glslang's relaxed
 * Vulkan output has so that glsl_link_spirv links them like GLSL:
 *  - the loose (non-opaque) uniforms of every stage, identified by their Location, become the
 *    members of one gl_DefaultUniformBlock laid out std140 and shared by every stage (each
 *    stage's block has every member, so the layouts agree); the UniformConstant pointers to them
 *    become Uniform pointers and each function reaches its members through an access chain;
 *  - SPIR-V carries no names GL may use (ARB_gl_spirv: names are ignored), so the linker's
 *    name-based matching gets names made of what GL matches by: "_spvL<location>" for
 *    uniforms and varyings (an interface matched by location), "_spvB<binding>" (with the
 *    location, "_spvL<location>_B<binding>") for blocks, samplers and images, whose initial
 *    binding point or unit the linker reads back from the name (glsl_link_gl_binding);
 *  - VertexId / InstanceId become VertexIndex / InstanceIndex (the linker subtracts
 *    BaseInstance), OriginLowerLeft becomes OriginUpperLeft (mgl's rows are GL's, glsl.h);
 *  - a vertex stage that is the last one stores the hidden _mgl_PointSize (a default-block
 *    member after the application's) into gl_PointSize at each return, as GLSL's wrapper does;
 *  - the AtomicCounter variables of one Binding become the members of one storage block,
 *    gl_AtomicCounterBlock_<binding>, at their Offset (what glsl_link_atomic.c reads).
 * Loose uniforms keep their OpVariable initializers (init_module); a structure uniform is one
 * std140 member (its type decorated in its own stage, a copy in the others), one location per
 * leaf from its own. A structure holding opaque members is split into one variable per leaf
 * first (spv_opaque_structs.c), each leaf element at GL's location. No valid module has a bool
 * uniform (SPIR-V 2.16.1 keeps OpTypeBool out of UniformConstant; glShaderBinary refuses it).
 * Not done yet (a link error names it): interface blocks without a Location on the variable.
 * Every module is the application's: glShaderBinary validates it with SPIRV-Tools for OpenGL 4.5,
 * and every read here is bounds-checked on top of that. */
#include "glsl_internal.h"
#include "glsl_link_internal.h"
#include "spv.h"

#include <GL/glcorearb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BOUND (1u << 22)
#define MAX_DIMS 4

static const SpvExecutionModel stage_models[GLSL_STAGE_COUNT] = {
   [GLSL_STAGE_VERTEX] = SpvExecutionModelVertex,
   [GLSL_STAGE_FRAGMENT] = SpvExecutionModelFragment,
   [GLSL_STAGE_GEOMETRY] = SpvExecutionModelGeometry,
   [GLSL_STAGE_TESS_CTRL] = SpvExecutionModelTessellationControl,
   [GLSL_STAGE_TESS_EVAL] = SpvExecutionModelTessellationEvaluation,
   [GLSL_STAGE_COMPUTE] = SpvExecutionModelGLCompute,
};

/* ARB_spirv_extensions: the SPIR-V extensions a module may declare, in GLSL_SPV_EXT_* bit order.
 * Each is one the link below takes as it takes glslang's output: StorageBuffer blocks are named
 * like Uniform BufferBlock ones, and the draw parameters are the builtins the linker already
 * feeds (BaseVertex, BaseInstance, DrawIndex; the device must have them). */
static const char *const spirv_extensions[GLSL_SPV_EXT_COUNT] = {
   [0] = "SPV_KHR_shader_draw_parameters",
   [1] = "SPV_KHR_storage_buffer_storage_class",
};
_Static_assert(GLSL_SPV_KHR_SHADER_DRAW_PARAMETERS == 1u << 0 &&
                  GLSL_SPV_KHR_STORAGE_BUFFER_STORAGE_CLASS == 1u << 1,
               "spirv_extensions is in bit order");

const char *
glsl_spirv_extension_name(unsigned i)
{
   return i < GLSL_SPV_EXT_COUNT ? spirv_extensions[i] : NULL;
}

/* Words of the literal string at o[0..nops) (its terminating NUL included); 0 when unterminated. */
static uint32_t
string_words(const uint32_t *o, uint32_t nops)
{
   for (uint32_t i = 0; i < nops; i++) {
      const uint32_t v = o[i];
      if (!(v & 0xff) || !(v & 0xff00) || !(v & 0xff0000) || !(v & 0xff000000u))
         return i + 1;
   }
   return 0;
}

/* Whether every OpExtension of the module is one of `accepted` (GLSL_SPV_EXT_* bits). */
static bool
extensions_accepted(const uint32_t *words, size_t n, unsigned accepted, const char **why)
{
   struct spv_walk it = spv_walk_begin(words, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpFunction)
         break;
      if (it.op != SpvOpExtension)
         continue;
      unsigned i = 0;
      if (string_words(it.o, it.nops))
         while (i < GLSL_SPV_EXT_COUNT &&
                (!(accepted & (1u << i)) || strcmp((const char *)it.o, spirv_extensions[i])))
            i++;
      if (!string_words(it.o, it.nops) || i == GLSL_SPV_EXT_COUNT) {
         *why = "the module declares a SPIR-V extension GL_SPIR_V_EXTENSIONS does not list";
         return false;
      }
   }
   if (it.bad) {
      *why = "an instruction of length 0 or past the module's end";
      return false;
   }
   return true;
}

bool
glsl_spirv_valid(uint32_t *words, size_t num_words, unsigned accepted_extensions, const char **why)
{
   if (num_words < 5 || words[0] != SpvMagicNumber) {
      *why = "not a SPIR-V module in the host's byte order";
      return false;
   }
   if (!extensions_accepted(words, num_words, accepted_extensions, why))
      return false;
   /* OpenGL takes SPIR-V 1.0 (GL 4.6 appendix C); assemblers stamp their newest version on
    * modules that use nothing past 1.0 (piglit's do), which then validate as 1.0 */
   if (words[1] > 0x10000u && words[1] <= 0x10600u && !(words[1] & 0xff0000ffu))
      words[1] = 0x10000u;
   if (!glsl_validate_gl_module(words, num_words)) {
      *why = "the module does not validate as SPIR-V 1.0 for OpenGL 4.5";
      return false;
   }
   return true;
}

uint32_t *
glsl_spirv_specialize(enum glsl_stage stage, const uint32_t *words, size_t n, const char *entry,
                      unsigned num_consts, const uint32_t *ids, const uint32_t *values,
                      size_t *out_n, const char **why)
{
   uint32_t fn = 0;
   struct spv_walk it = spv_walk_begin(words, n);
   while (!fn && spv_walk_next(&it)) {
      if (it.op != SpvOpEntryPoint || it.nops < 3 || it.o[0] != stage_models[stage])
         continue;
      const uint32_t sw = string_words(it.o + 2, it.nops - 2);
      if (sw && !strcmp((const char *)(it.o + 2), entry))
         fn = it.o[1];
   }
   if (!fn) {
      *why = "no entry point of that name for the shader's stage";
      return NULL;
   }
   uint32_t *targets = calloc(num_consts ? num_consts : 1, sizeof(*targets));
   uint32_t *out = malloc((n + 4) * sizeof(*out));
   if (!targets || !out) {
      free(targets);
      free(out);
      *why = "out of memory";
      return NULL;
   }
   for (unsigned i = 0; i < num_consts; i++) {
      it = spv_walk_begin(words, n);
      while (!targets[i] && spv_walk_next(&it))
         if (it.op == SpvOpDecorate && it.nops >= 3 && it.o[1] == SpvDecorationSpecId &&
             it.o[2] == ids[i])
            targets[i] = it.o[0];
      if (!targets[i]) {
         *why = "a specialization constant index the module does not declare";
         free(targets);
         free(out);
         return NULL;
      }
   }
   memcpy(out, words, 5 * sizeof(*out));
   size_t k = 5;
   it = spv_walk_begin(words, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpEntryPoint) {
         if (it.nops < 3 || it.o[0] != stage_models[stage] || it.o[1] != fn)
            continue;
         const uint32_t sw = string_words(it.o + 2, it.nops - 2);
         if (!sw || strcmp((const char *)(it.o + 2), entry))
            continue;
         /* the one entry point, named "main" (what the backend asks for) */
         const uint32_t ni = it.nops - 2 - sw;
         out[k++] = ((5 + ni) << 16) | SpvOpEntryPoint;
         out[k++] = it.o[0];
         out[k++] = fn;
         memcpy(&out[k++], "main", 4);
         out[k++] = 0;
         memcpy(out + k, it.o + 2 + sw, ni * sizeof(*out));
         k += ni;
         continue;
      }
      if ((it.op == SpvOpExecutionMode || it.op == SpvOpExecutionModeId) && it.nops >= 1 &&
          it.o[0] != fn)
         continue;
      const size_t at = k;
      memcpy(out + k, words + it.pc, it.len * sizeof(*out));
      k += it.len;
      for (unsigned i = 0; i < num_consts; i++) {
         if (it.nops < 2 || it.o[1] != targets[i])
            continue;
         if (it.op == SpvOpSpecConstant && it.nops >= 3)
            out[at + 3] = values[i]; /* GL gives 32 bits; a 64-bit one keeps its high word */
         else if (it.op == SpvOpSpecConstantTrue || it.op == SpvOpSpecConstantFalse)
            out[at] = (out[at] & ~SpvOpCodeMask) |
                      (values[i] ? SpvOpSpecConstantTrue : SpvOpSpecConstantFalse);
      }
   }
   free(targets);
   *out_n = k;
   return out;
}

/* ── one module's tables ──────────────────────────────────────────────────────────────────── */

struct mod {
   const uint32_t *w;
   size_t n;
   uint32_t bound;
   uint32_t *def; /* [bound]: word offset of the type, constant or global variable; 0 none */
};

static bool
mod_open(struct mod *m, const uint32_t *w, size_t n)
{
   *m = (struct mod){.w = w, .n = n};
   if (n < 5 || w[3] == 0 || w[3] > MAX_BOUND)
      return false;
   m->bound = w[3];
   if (!(m->def = calloc(m->bound, sizeof(*m->def))))
      return false;
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpFunction)
         break;
      uint32_t id = 0;
      if (it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer && it.nops >= 1)
         id = it.o[0];
      else if ((it.op == SpvOpConstant || it.op == SpvOpVariable || it.op == SpvOpSpecConstant) &&
               it.nops >= 2)
         id = it.o[1];
      if (id && id < m->bound)
         m->def[id] = (uint32_t)it.pc;
   }
   return !it.bad;
}

/* The instruction defining id: its opcode, and *o / *nops its operands; 0 when none. */
static uint32_t
mod_def(const struct mod *m, uint32_t id, const uint32_t **o, uint32_t *nops)
{
   if (!id || id >= m->bound || !m->def[id])
      return 0;
   const uint32_t *p = m->w + m->def[id];
   *o = p + 1;
   *nops = (p[0] >> 16) - 1;
   return p[0] & SpvOpCodeMask;
}

static bool
mod_deco(const struct mod *m, uint32_t id, uint32_t deco, uint32_t *value)
{
   struct spv_walk it = spv_walk_begin(m->w, m->n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpFunction)
         break;
      if (it.op == SpvOpDecorate && it.nops >= 2 && it.o[0] == id && it.o[1] == deco) {
         if (value)
            *value = it.nops >= 3 ? it.o[2] : 0;
         return true;
      }
   }
   return false;
}

/* Whether type is a sampler, image or sampled image, or an array of them. */
static bool
opaque(const struct mod *m, uint32_t type)
{
   for (unsigned depth = 0; depth < 8; depth++) {
      const uint32_t *o;
      uint32_t nops;
      const uint32_t op = mod_def(m, type, &o, &nops);
      if ((op == SpvOpTypeArray || op == SpvOpTypeRuntimeArray) && nops >= 2) {
         type = o[1];
         continue;
      }
      return op == SpvOpTypeImage || op == SpvOpTypeSampledImage || op == SpvOpTypeSampler;
   }
   return false;
}

/* A loose uniform's type: arrays of a scalar, vector or matrix of 32- or 64-bit numbers, or of a
 * structure of those. */
struct utype {
   char kind; /* f d i u, s: a structure */
   uint32_t vec, cols, ndims;
   uint32_t dims[MAX_DIMS];
   /* kind s: the module that declares it (the application's words, valid through the link),
    * the structure's type there, its std140 size and alignment */
   const uint32_t *sw;
   size_t sn;
   uint32_t stype, ssize, salign;
};

static uint32_t
round_up(uint32_t v, uint32_t a)
{
   return (v + a - 1) / a * a;
}

/* The length of an array type whose length is the OpConstant id; 0 when not one. */
static uint32_t
array_length(const struct mod *m, uint32_t id)
{
   const uint32_t *co;
   uint32_t cn;
   return mod_def(m, id, &co, &cn) == SpvOpConstant && cn >= 3 ? co[2] : 0;
}

#define MAX_STRUCT_DEPTH 8
#define MAX_STD140_SIZE (1u << 20)

/* std140 (GL 4.6 7.6.2.2) alignment and size of a module's type: 32- and 64-bit numbers,
 * vectors, column-major matrices, arrays and structures of them; false for another (bool,
 * opaque, runtime arrays), too deep or too large. */
static bool
std140_of(const struct mod *m, uint32_t type, uint32_t *align, uint32_t *size, unsigned depth)
{
   const uint32_t *o;
   uint32_t nops, a, sz;
   if (depth > MAX_STRUCT_DEPTH)
      return false;
   switch (mod_def(m, type, &o, &nops)) {
   case SpvOpTypeFloat:
      if (nops < 2 || (o[1] != 32 && o[1] != 64))
         return false;
      *align = *size = o[1] / 8;
      return true;
   case SpvOpTypeInt:
      if (nops < 3 || o[1] != 32)
         return false;
      *align = *size = 4;
      return true;
   case SpvOpTypeVector: {
      const uint32_t *eo;
      uint32_t en;
      const uint32_t eop = nops >= 3 ? mod_def(m, o[1], &eo, &en) : 0;
      if ((eop != SpvOpTypeFloat && eop != SpvOpTypeInt) || o[2] < 2 || o[2] > 4 ||
          !std140_of(m, o[1], &a, &sz, depth + 1))
         return false;
      *size = sz * o[2];
      *align = sz * (o[2] == 3 ? 4 : o[2]);
      return true;
   }
   case SpvOpTypeMatrix:
      if (nops < 3 || o[2] < 2 || o[2] > 4 || !std140_of(m, o[1], &a, &sz, depth + 1))
         return false;
      *align = round_up(a, 16);
      *size = *align * o[2];
      return true;
   case SpvOpTypeArray: {
      const uint32_t len = nops >= 3 ? array_length(m, o[2]) : 0;
      if (!len || !std140_of(m, o[1], &a, &sz, depth + 1))
         return false;
      *align = round_up(a, 16);
      const uint64_t total = (uint64_t)round_up(sz, *align) * len;
      if (total > MAX_STD140_SIZE)
         return false;
      *size = (uint32_t)total;
      return true;
   }
   case SpvOpTypeStruct: {
      uint32_t off = 0, al = 16;
      if (nops < 2)
         return false;
      for (uint32_t k = 1; k < nops; k++) {
         if (!std140_of(m, o[k], &a, &sz, depth + 1))
            return false;
         off = round_up(off, a) + sz;
         if (off > MAX_STD140_SIZE)
            return false;
         al = a > al ? a : al;
      }
      *align = round_up(al, 16);
      *size = round_up(off, *align);
      return true;
   }
   default: return false;
   }
}

/* Whether two modules' types are one type (as std140_of takes them). */
static bool
types_alike(const struct mod *ma, uint32_t ta, const struct mod *mb, uint32_t tb, unsigned depth)
{
   const uint32_t *oa = NULL, *ob = NULL;
   uint32_t na = 0, nb = 0;
   const uint32_t op = mod_def(ma, ta, &oa, &na);
   if (depth > MAX_STRUCT_DEPTH || op != mod_def(mb, tb, &ob, &nb) || na != nb || !op)
      return false;
   switch (op) {
   case SpvOpTypeFloat: return na >= 2 && oa[1] == ob[1];
   case SpvOpTypeInt: return na >= 3 && oa[1] == ob[1] && oa[2] == ob[2];
   case SpvOpTypeVector:
   case SpvOpTypeMatrix:
      return na >= 3 && oa[2] == ob[2] && types_alike(ma, oa[1], mb, ob[1], depth + 1);
   case SpvOpTypeArray:
      return na >= 3 && array_length(ma, oa[2]) == array_length(mb, ob[2]) &&
             types_alike(ma, oa[1], mb, ob[1], depth + 1);
   case SpvOpTypeStruct:
      for (uint32_t k = 1; k < na; k++)
         if (!types_alike(ma, oa[k], mb, ob[k], depth + 1))
            return false;
      return true;
   default: return false;
   }
}

static bool
utype_of(const struct mod *m, uint32_t type, struct utype *u, const char **why)
{
   *u = (struct utype){.vec = 1, .cols = 1};
   const uint32_t *o = NULL;
   uint32_t nops = 0, op;
   while ((op = mod_def(m, type, &o, &nops)) == SpvOpTypeArray && nops >= 3) {
      const uint32_t *co;
      uint32_t cn;
      if (u->ndims == MAX_DIMS || mod_def(m, o[2], &co, &cn) != SpvOpConstant || cn < 3 || !co[2]) {
         *why = "an array uniform of more levels or another length than mgl lays out";
         return false;
      }
      u->dims[u->ndims++] = co[2];
      type = o[1];
   }
   if (op == SpvOpTypeMatrix && nops >= 3) {
      u->cols = o[2];
      op = mod_def(m, o[1], &o, &nops);
   }
   if (op == SpvOpTypeVector && nops >= 3) {
      u->vec = o[2];
      op = mod_def(m, o[1], &o, &nops);
   }
   if (op == SpvOpTypeStruct) {
      if (!std140_of(m, type, &u->salign, &u->ssize, 0)) {
         *why = "a structure uniform with a member mgl does not lay out";
         return false;
      }
      u->kind = 's';
      u->sw = m->w;
      u->sn = m->n;
      u->stype = type;
      return true;
   }
   if (op == SpvOpTypeFloat && nops >= 2 && (o[1] == 32 || o[1] == 64))
      u->kind = o[1] == 64 ? 'd' : 'f';
   else if (op == SpvOpTypeInt && nops >= 3 && o[1] == 32)
      u->kind = o[2] ? 'i' : 'u';
   if (!u->kind || u->vec < 1 || u->vec > 4 || u->cols < 1 || u->cols > 4) {
      *why = "a uniform of a type mgl does not lay out";
      return false;
   }
   return true;
}

static bool
utype_equal(const struct utype *a, const struct utype *b)
{
   if (a->kind != b->kind || a->vec != b->vec || a->cols != b->cols || a->ndims != b->ndims)
      return false;
   for (uint32_t i = 0; i < a->ndims; i++)
      if (a->dims[i] != b->dims[i])
         return false;
   if (a->kind != 's')
      return true;
   struct mod ma = {0}, mb = {0};
   const bool same = mod_open(&ma, a->sw, a->sn) && mod_open(&mb, b->sw, b->sn) &&
                     types_alike(&ma, a->stype, &mb, b->stype, 0);
   free(ma.def);
   free(mb.def);
   return same;
}

/* std140 (GL 4.6 7.6.2.2) */
struct ulayout {
   uint32_t align, size, mstride;
   uint32_t strides[MAX_DIMS];
};

static struct ulayout
layout_of(const struct utype *u)
{
   struct ulayout l = {0};
   const uint32_t n = u->kind == 'd' ? 8 : 4;
   const uint32_t valign = u->vec == 1 ? n : u->vec == 2 ? 2 * n : 4 * n;
   uint32_t esize = n * u->vec, ealign = valign;
   if (u->kind == 's') {
      esize = u->ssize;
      ealign = u->salign;
   } else if (u->cols > 1) {
      l.mstride = round_up(valign, 16);
      esize = u->cols * l.mstride;
      ealign = l.mstride;
   }
   if (!u->ndims) {
      l.align = ealign;
      l.size = esize;
      return l;
   }
   const uint32_t a = round_up(ealign, 16);
   l.strides[u->ndims - 1] = round_up(esize, a);
   for (uint32_t d = u->ndims - 1; d > 0; d--)
      l.strides[d - 1] = l.strides[d] * u->dims[d];
   l.align = a;
   l.size = l.strides[0] * u->dims[0];
   return l;
}

/* The location key of the hidden _mgl_PointSize member (sorted last): glPointSize's size while
 * GL_PROGRAM_POINT_SIZE is disabled, else 0 (GLSL_STATE_POINT_SIZE). */
#define POINT_SIZE_KEY UINT32_MAX

/* One member of the program's default block. */
struct loose {
   uint32_t location;
   struct utype t;
   struct ulayout lay;
   uint32_t offset;
};

/* ── the rewrite of one stage ─────────────────────────────────────────────────────────────── */

struct out {
   uint32_t *w;
   size_t n, cap;
   bool oom;
};

static uint32_t *
out_room(struct out *o, size_t k)
{
   if (o->n + k > o->cap) {
      size_t cap = o->cap ? o->cap * 2 : 1024;
      while (cap < o->n + k)
         cap *= 2;
      uint32_t *w = realloc(o->w, cap * sizeof(*w));
      if (!w) {
         o->oom = true;
         return NULL;
      }
      o->w = w;
      o->cap = cap;
   }
   uint32_t *p = o->w + o->n;
   o->n += k;
   return p;
}

static void
emit(struct out *o, uint32_t op, unsigned nops, const uint32_t *ops)
{
   uint32_t *p = out_room(o, 1 + nops);
   if (!p)
      return;
   p[0] = ((1 + nops) << 16) | op;
   memcpy(p + 1, ops, nops * sizeof(*p));
}

static void
emit_ops(struct out *o, uint32_t op, unsigned nops, ...)
{
   uint32_t ops[8];
   va_list ap;
   va_start(ap, nops);
   for (unsigned i = 0; i < nops && i < 8; i++)
      ops[i] = va_arg(ap, uint32_t);
   va_end(ap);
   emit(o, op, nops, ops);
}

/* OpName (member < 0) or OpMemberName. */
static void
emit_name(struct out *o, uint32_t id, int member, const char *name)
{
   const size_t len = strlen(name), sw = len / 4 + 1, pre = member < 0 ? 1 : 2;
   uint32_t *p = out_room(o, 1 + pre + sw);
   if (!p)
      return;
   p[0] = (uint32_t)((1 + pre + sw) << 16) | (member < 0 ? SpvOpName : SpvOpMemberName);
   p[1] = id;
   if (member >= 0)
      p[2] = (uint32_t)member;
   memset(p + 1 + pre, 0, sw * 4);
   memcpy(p + 1 + pre, name, len);
}

/* The point-size write of the last vertex stage (convert_stage). */
struct psize {
   bool on;
   unsigned k;                 /* the hidden member's index */
   uint32_t f, b, uptr, optr;  /* float, bool, Uniform and Output pointers to float */
   uint32_t zero, var, member; /* 0.0; the variable written; its member's index constant */
   uint32_t added, fn;         /* the variable added (0: the module's); the entry point */
};

struct var {
   uint32_t id, ptr, pointee, storage;
   int loose; /* index into the program's loose uniforms; -1 */
   int ctr;   /* index into the stage's atomic counters; -1 */
};

struct conv {
   const struct mod *m;
   struct out names, decos, tail;
   uint32_t next_id;
   /* the types the tail declares or the module has: op, two operands, id */
   struct tcache {
      uint32_t op, a, b, id;
   } * tc;
   unsigned ntc, cap_tc;
   const char *err;
};

static uint32_t
type_find(struct conv *c, uint32_t op, uint32_t a, uint32_t b)
{
   for (unsigned i = 0; i < c->ntc; i++)
      if (c->tc[i].op == op && c->tc[i].a == a && c->tc[i].b == b)
         return c->tc[i].id;
   return 0;
}

static uint32_t
type_get(struct conv *c, uint32_t op, uint32_t a, uint32_t b)
{
   uint32_t id = type_find(c, op, a, b);
   if (id)
      return id;
   if (c->ntc == c->cap_tc) {
      unsigned cap = c->cap_tc ? c->cap_tc * 2 : 32;
      struct tcache *tc = realloc(c->tc, cap * sizeof(*tc));
      if (!tc) {
         c->err = "out of memory";
         return 0;
      }
      c->tc = tc;
      c->cap_tc = cap;
   }
   id = c->next_id++;
   c->tc[c->ntc++] = (struct tcache){op, a, b, id};
   if (op == SpvOpTypeBool)
      emit_ops(&c->tail, op, 1, id);
   else if (op == SpvOpTypeFloat)
      emit_ops(&c->tail, op, 2, id, a);
   else
      emit_ops(&c->tail, op, 3, id, a, b);
   return id;
}

static uint32_t
int_const(struct conv *c, uint32_t value)
{
   const uint32_t id = c->next_id++;
   emit_ops(&c->tail, SpvOpConstant, 3, type_get(c, SpvOpTypeInt, 32, 1), id, value);
   return id;
}

/* A new type for u (another stage's uniform), laid out as lay says. */
static uint32_t copy_type(struct conv *c, const struct mod *sm, uint32_t type, unsigned depth);

static uint32_t
build_type(struct conv *c, const struct utype *u, const struct ulayout *lay)
{
   uint32_t t = 0;
   if (u->kind == 's') {
      struct mod sm;
      if (mod_open(&sm, u->sw, u->sn))
         t = copy_type(c, &sm, u->stype, 0);
      free(sm.def);
      if (!t) {
         if (!c->err)
            c->err = "another stage's structure uniform could not be declared here";
         return 0;
      }
   } else {
      t = u->kind == 'f'   ? type_get(c, SpvOpTypeFloat, 32, 0)
          : u->kind == 'd' ? type_get(c, SpvOpTypeFloat, 64, 0)
                           : type_get(c, SpvOpTypeInt, 32, u->kind == 'i');
      if (u->vec > 1)
         t = type_get(c, SpvOpTypeVector, t, u->vec);
      if (u->cols > 1)
         t = type_get(c, SpvOpTypeMatrix, t, u->cols);
   }
   for (uint32_t d = u->ndims; d > 0; d--) {
      const uint32_t len = int_const(c, u->dims[d - 1]);
      const uint32_t arr = c->next_id++;
      emit_ops(&c->tail, SpvOpTypeArray, 3, arr, t, len);
      emit_ops(&c->decos, SpvOpDecorate, 3, arr, SpvDecorationArrayStride, lay->strides[d - 1]);
      t = arr;
   }
   return t;
}

/* Whether the decorations added so far give id `deco` (its first operand into *value). */
static bool
added_deco(const struct out *decos, uint32_t id, uint32_t deco, uint32_t *value)
{
   struct spv_walk it = spv_walk_begin(decos->w, decos->n);
   it.next = 0; /* no module header here */
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpDecorate && it.nops >= 3 && it.o[0] == id && it.o[1] == deco) {
         *value = it.o[2];
         return true;
      }
   }
   return false;
}

/* The stage's own uniform type: its array levels get their std140 stride (or must have it; two
 * uniforms of one type decorate it once). */
static bool
stride_own_type(struct conv *c, uint32_t type, const struct ulayout *lay, uint32_t ndims)
{
   for (uint32_t d = 0; d < ndims; d++) {
      const uint32_t *o;
      uint32_t nops, have;
      if (mod_def(c->m, type, &o, &nops) != SpvOpTypeArray || nops < 3)
         return false;
      if (mod_deco(c->m, type, SpvDecorationArrayStride, &have) ||
          added_deco(&c->decos, type, SpvDecorationArrayStride, &have)) {
         if (have != lay->strides[d]) {
            c->err = "an array type that has another ArrayStride than std140's";
            return false;
         }
      } else {
         emit_ops(&c->decos, SpvOpDecorate, 3, type, SpvDecorationArrayStride, lay->strides[d]);
      }
      type = o[1];
   }
   return true;
}

static void
name_fmt(struct out *o, uint32_t id, int member, const char *fmt, uint32_t a, uint32_t b)
{
   char buf[48];
   snprintf(buf, sizeof(buf), fmt, a, b);
   emit_name(o, id, member, buf);
}

/* Names every member of struct type id "_m<k>". */
static void
name_members(struct conv *c, uint32_t type)
{
   const uint32_t *o;
   uint32_t nops;
   if (mod_def(c->m, type, &o, &nops) != SpvOpTypeStruct)
      return;
   for (uint32_t k = 0; k + 1 < nops; k++)
      name_fmt(&c->names, type, (int)k, "_m%u", k, 0);
}

static uint32_t
strip_arrays(const struct mod *m, uint32_t type)
{
   for (unsigned d = 0; d < 8; d++) {
      const uint32_t *o;
      uint32_t nops;
      const uint32_t op = mod_def(m, type, &o, &nops);
      if ((op != SpvOpTypeArray && op != SpvOpTypeRuntimeArray) || nops < 2)
         break;
      type = o[1];
   }
   return type;
}

/* Whether the decorations added so far decorate member `member` of id with `deco`. */
static bool
added_member_deco(const struct out *decos, uint32_t id, uint32_t member, uint32_t deco)
{
   struct spv_walk it = spv_walk_begin(decos->w, decos->n);
   it.next = 0; /* no module header here */
   while (spv_walk_next(&it))
      if (it.op == SpvOpMemberDecorate && it.nops >= 3 && it.o[0] == id && it.o[1] == member &&
          it.o[2] == deco)
         return true;
   return false;
}

/* The std140 decorations of member k of a structure whose member type is mt (in m): its Offset,
 * and ColMajor and MatrixStride where it is a matrix or an array of them. */
static void
decorate_member(struct conv *c, const struct mod *m, uint32_t st, uint32_t k, uint32_t mt,
                uint32_t offset)
{
   emit_ops(&c->decos, SpvOpMemberDecorate, 4, st, k, SpvDecorationOffset, offset);
   const uint32_t *o;
   uint32_t nops;
   uint32_t t = strip_arrays(m, mt);
   if (mod_def(m, t, &o, &nops) == SpvOpTypeMatrix && nops >= 3) {
      uint32_t a, sz;
      if (!std140_of(m, o[1], &a, &sz, 0))
         return;
      emit_ops(&c->decos, SpvOpMemberDecorate, 3, st, k, SpvDecorationColMajor);
      emit_ops(&c->decos, SpvOpMemberDecorate, 4, st, k, SpvDecorationMatrixStride,
               round_up(a, 16));
   }
}

/* The std140 decorations of the stage's own type (a structure uniform's, once per type): array
 * strides, member offsets and matrix strides, the members named "_m<k>" (GL names them by
 * location only; the stages' blocks must be alike). False where the module lays it out
 * otherwise. */
static bool
decorate_own(struct conv *c, uint32_t type, unsigned depth)
{
   const uint32_t *o;
   uint32_t nops, a, sz, have;
   if (depth > MAX_STRUCT_DEPTH)
      return false;
   const uint32_t op = mod_def(c->m, type, &o, &nops);
   if (op == SpvOpTypeArray && nops >= 3) {
      if (!std140_of(c->m, o[1], &a, &sz, 0))
         return false;
      const uint32_t stride = round_up(sz, round_up(a, 16));
      if (mod_deco(c->m, type, SpvDecorationArrayStride, &have) ||
          added_deco(&c->decos, type, SpvDecorationArrayStride, &have)) {
         if (have != stride)
            return false;
      } else {
         emit_ops(&c->decos, SpvOpDecorate, 3, type, SpvDecorationArrayStride, stride);
      }
      return decorate_own(c, o[1], depth + 1);
   }
   if (op != SpvOpTypeStruct)
      return true;
   if (nops < 2 || added_member_deco(&c->decos, type, 0, SpvDecorationOffset))
      return nops >= 2;
   struct spv_walk it = spv_walk_begin(c->m->w, c->m->n);
   while (spv_walk_next(&it) && it.op != SpvOpFunction)
      if (it.op == SpvOpMemberDecorate && it.nops >= 3 && it.o[0] == type &&
          it.o[2] == SpvDecorationOffset)
         return false; /* laid out already (a block's type too) */
   uint32_t off = 0;
   for (uint32_t k = 1; k < nops; k++) {
      if (!std140_of(c->m, o[k], &a, &sz, 0) || !decorate_own(c, o[k], depth + 1))
         return false;
      off = round_up(off, a);
      decorate_member(c, c->m, type, k - 1, o[k], off);
      name_fmt(&c->names, type, (int)(k - 1), "_m%u", k - 1, 0);
      off += sz;
   }
   return true;
}

/* A copy of another module's type (sm) in this stage, with the std140 decorations decorate_own
 * gives; 0 on failure. */
static uint32_t
copy_type(struct conv *c, const struct mod *sm, uint32_t type, unsigned depth)
{
   const uint32_t *o;
   uint32_t nops, a, sz;
   if (depth > MAX_STRUCT_DEPTH)
      return 0;
   const uint32_t op = mod_def(sm, type, &o, &nops);
   switch (op) {
   case SpvOpTypeFloat: return nops >= 2 ? type_get(c, SpvOpTypeFloat, o[1], 0) : 0;
   case SpvOpTypeInt: return nops >= 3 ? type_get(c, SpvOpTypeInt, o[1], o[2]) : 0;
   case SpvOpTypeVector:
   case SpvOpTypeMatrix: {
      const uint32_t e = nops >= 3 ? copy_type(c, sm, o[1], depth + 1) : 0;
      return e ? type_get(c, op, e, o[2]) : 0;
   }
   case SpvOpTypeArray: {
      const uint32_t len = nops >= 3 ? array_length(sm, o[2]) : 0;
      const uint32_t e = len ? copy_type(c, sm, o[1], depth + 1) : 0;
      if (!e || !std140_of(sm, o[1], &a, &sz, 0))
         return 0;
      const uint32_t lc = int_const(c, len), arr = c->next_id++;
      emit_ops(&c->tail, SpvOpTypeArray, 3, arr, e, lc);
      emit_ops(&c->decos, SpvOpDecorate, 3, arr, SpvDecorationArrayStride,
               round_up(sz, round_up(a, 16)));
      return arr;
   }
   case SpvOpTypeStruct: {
      if (nops < 2 || nops > 256)
         return 0;
      uint32_t members[256];
      for (uint32_t k = 1; k < nops; k++)
         if (!(members[k - 1] = copy_type(c, sm, o[k], depth + 1)))
            return 0;
      const uint32_t st = c->next_id++;
      uint32_t *p = out_room(&c->tail, 1 + nops);
      if (!p)
         return 0;
      p[0] = ((1 + nops) << 16) | SpvOpTypeStruct;
      p[1] = st;
      memcpy(p + 2, members, (nops - 1) * sizeof(*p));
      uint32_t off = 0;
      for (uint32_t k = 1; k < nops; k++) {
         if (!std140_of(sm, o[k], &a, &sz, 0))
            return 0;
         off = round_up(off, a);
         decorate_member(c, sm, st, k - 1, o[k], off);
         name_fmt(&c->names, st, (int)(k - 1), "_m%u", k - 1, 0);
         off += sz;
      }
      return st;
   }
   default: return 0;
   }
}

/* The global variables of a module. */
static struct var *
collect_vars(const struct mod *m, unsigned *nv)
{
   struct var *v = NULL;
   unsigned n = 0, cap = 0;
   struct spv_walk it = spv_walk_begin(m->w, m->n);
   while (spv_walk_next(&it)) {
      if (it.op == SpvOpFunction)
         break;
      if (it.op != SpvOpVariable || it.nops < 3)
         continue;
      const uint32_t *po;
      uint32_t pn;
      if (mod_def(m, it.o[0], &po, &pn) != SpvOpTypePointer || pn < 3)
         continue;
      if (n == cap) {
         cap = cap ? cap * 2 : 16;
         struct var *nvv = realloc(v, cap * sizeof(*v));
         if (!nvv) {
            free(v);
            return NULL;
         }
         v = nvv;
      }
      v[n++] = (struct var){it.o[1], it.o[0], po[2], it.o[2], -1, -1};
   }
   *nv = n;
   return v ? v : calloc(1, sizeof(*v));
}

static bool
is_loose(const struct mod *m, const struct var *v)
{
   return v->storage == SpvStorageClassUniformConstant && !opaque(m, v->pointee);
}

/* The storage class of a pointer type after the rewrite: loose uniforms and atomic counters
 * become members of Uniform blocks. */
static uint32_t
rewritten_storage(const struct mod *m, uint32_t storage, uint32_t pointee)
{
   if ((storage == SpvStorageClassUniformConstant && !opaque(m, pointee)) ||
       storage == SpvStorageClassAtomicCounter)
      return SpvStorageClassUniform;
   return storage;
}

/* An atomic counter of the stage: a member of its binding point's block,
 * gl_AtomicCounterBlock_<binding>, at its Offset (as glslang's relaxed Vulkan rules leave
 * GLSL's, glsl_link_atomic.c). */
struct actr {
   uint32_t binding, offset, var;
   struct utype t;
   uint32_t mtype, mptr, midx; /* its member's type, a Uniform pointer to it, its index */
   uint32_t local;             /* the access chain of the function being copied; 0 none */
   unsigned blk;               /* its block's index */
};

static int
cmp_actr(const void *a, const void *b)
{
   const struct actr *x = a, *y = b;
   if (x->binding != y->binding)
      return x->binding < y->binding ? -1 : 1;
   return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* The stage's atomic counters into *ac (sorted by binding and offset), each variable's index
 * in v[].ctr; false with the log written where one is not a uint or an array of them, or two
 * of one binding overlap. */
static bool
gather_counters(const struct mod *m, struct var *v, unsigned nv, struct actr **ac, unsigned *nac,
                struct glsl_str *log, enum glsl_stage s)
{
   unsigned n = 0;
   for (unsigned i = 0; i < nv; i++)
      n += v[i].storage == SpvStorageClassAtomicCounter;
   *nac = 0;
   if (!n)
      return true;
   if (!(*ac = calloc(n, sizeof(**ac)))) {
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   for (unsigned i = 0; i < nv; i++) {
      if (v[i].storage != SpvStorageClassAtomicCounter)
         continue;
      struct actr *a = &(*ac)[(*nac)++];
      a->var = v[i].id;
      mod_deco(m, v[i].id, SpvDecorationBinding, &a->binding);
      mod_deco(m, v[i].id, SpvDecorationOffset, &a->offset);
      const char *why = NULL;
      uint64_t end = 0;
      if (utype_of(m, v[i].pointee, &a->t, &why)) {
         end = 4;
         for (uint32_t d = 0; d < a->t.ndims; d++)
            end *= a->t.dims[d];
         end += a->offset;
      }
      if (!end || a->t.kind != 'u' || a->t.vec != 1 || a->t.cols != 1 || (a->offset & 3) ||
          end > GLSL_MAX_UNIFORM_BLOCK_SIZE) {
         glsl_str_printf(log,
                         "error: %s shader: an atomic counter that is not a uint or an array "
                         "of them at a multiple of 4 bytes in the buffer's first %u\n",
                         glsl_stage_name(s), GLSL_MAX_UNIFORM_BLOCK_SIZE);
         return false;
      }
   }
   qsort(*ac, *nac, sizeof(**ac), cmp_actr);
   for (unsigned k = 0; k < *nac; k++) {
      const struct actr *a = &(*ac)[k];
      uint32_t count = 1;
      for (uint32_t d = 0; d < a->t.ndims; d++)
         count *= a->t.dims[d];
      /* GLSL 4.20 4.4.4.1: no two counters of one binding share bytes */
      if (k + 1 < *nac && (*ac)[k + 1].binding == a->binding &&
          (uint64_t)a->offset + 4ull * count > (*ac)[k + 1].offset) {
         glsl_str_printf(log, "error: %s shader: atomic counters overlap (binding %u, offset %u)\n",
                         glsl_stage_name(s), a->binding, (*ac)[k + 1].offset);
         return false;
      }
      for (unsigned i = 0; i < nv; i++)
         if (v[i].id == a->var)
            v[i].ctr = (int)k;
   }
   return true;
}

/* Adds the stage's loose uniforms to the program's list (a location declared by several stages
 * must have one type). */
static bool
gather_loose(const struct mod *m, struct loose **L, unsigned *nl, struct glsl_str *log,
             enum glsl_stage s)
{
   unsigned nv = 0;
   struct var *v = collect_vars(m, &nv);
   if (!v)
      return false;
   bool ok = true;
   for (unsigned i = 0; i < nv && ok; i++) {
      if (!is_loose(m, &v[i]))
         continue;
      uint32_t loc;
      if (!mod_deco(m, v[i].id, SpvDecorationLocation, &loc)) {
         glsl_str_printf(log, "error: %s shader: a uniform without a Location (mgl needs one)\n",
                         glsl_stage_name(s));
         ok = false;
         break;
      }
      if (loc >= GLSL_MAX_UNIFORM_LOCATIONS) {
         glsl_str_printf(log, "error: %s shader: uniform location %u is not below %u\n",
                         glsl_stage_name(s), loc, GLSL_MAX_UNIFORM_LOCATIONS);
         ok = false;
         break;
      }
      struct utype t;
      const char *why = NULL;
      if (!utype_of(m, v[i].pointee, &t, &why)) {
         glsl_str_printf(log, "error: %s shader: the uniform at location %u: %s\n",
                         glsl_stage_name(s), loc, why);
         ok = false;
         break;
      }
      unsigned k = 0;
      while (k < *nl && (*L)[k].location != loc)
         k++;
      if (k < *nl) {
         if (!utype_equal(&(*L)[k].t, &t)) {
            glsl_str_printf(log,
                            "error: the uniform at location %u has different types in "
                            "two stages\n",
                            loc);
            ok = false;
         }
         continue;
      }
      struct loose *nL = realloc(*L, (*nl + 1) * sizeof(**L));
      if (!nL) {
         ok = false;
         break;
      }
      *L = nL;
      (*L)[(*nl)++] = (struct loose){.location = loc, .t = t, .lay = layout_of(&t)};
   }
   free(v);
   return ok;
}

static int
cmp_loose(const void *a, const void *b)
{
   const struct loose *x = a, *y = b;
   return x->location < y->location ? -1 : x->location > y->location;
}

/* Whether an instruction in a function reads pointer operand slot i as a variable. */
static bool
pointer_operand(uint32_t op, uint32_t i)
{
   switch (op) {
   case SpvOpLoad:
   case SpvOpAccessChain:
   case SpvOpInBoundsAccessChain:
   case SpvOpPtrAccessChain:
   case SpvOpCopyObject:
   case SpvOpAtomicLoad:
   case SpvOpAtomicExchange:
   case SpvOpAtomicCompareExchange:
   case SpvOpAtomicCompareExchangeWeak:
   case SpvOpAtomicIIncrement:
   case SpvOpAtomicIDecrement:
   case SpvOpAtomicIAdd:
   case SpvOpAtomicISub:
   case SpvOpAtomicSMin:
   case SpvOpAtomicUMin:
   case SpvOpAtomicSMax:
   case SpvOpAtomicUMax:
   case SpvOpAtomicAnd:
   case SpvOpAtomicOr:
   case SpvOpAtomicXor: return i == 2;
   case SpvOpAtomicStore: return i == 0;
   case SpvOpCopyMemory:
   case SpvOpCopyMemorySized: return i == 1;
   case SpvOpFunctionCall: return i >= 3;
   default: return false;
   }
}

/* The locations an output of the type takes (Vulkan's rules: a 64-bit three- or four-component
 * vector takes two), at most 4096. */
static uint32_t
location_count(const struct mod *m, uint32_t type, unsigned depth)
{
   const uint32_t *o, *eo;
   uint32_t nops, en, n = 1;
   if (depth > MAX_STRUCT_DEPTH)
      return 1;
   switch (mod_def(m, type, &o, &nops)) {
   case SpvOpTypeVector:
      return nops >= 3 && o[2] > 2 && mod_def(m, o[1], &eo, &en) == SpvOpTypeFloat && en >= 2 &&
                   eo[1] == 64
                ? 2
                : 1;
   case SpvOpTypeMatrix: n = nops >= 3 ? o[2] * location_count(m, o[1], depth + 1) : 1; break;
   case SpvOpTypeArray:
      n = nops >= 3 ? (uint32_t)((uint64_t)array_length(m, o[2]) % 4097 *
                                 location_count(m, o[1], depth + 1))
                    : 1;
      break;
   case SpvOpTypeStruct:
      n = 0;
      for (uint32_t k = 1; k < nops && n <= 4096; k++)
         n += location_count(m, o[k], depth + 1);
      break;
   default: break;
   }
   return n > 4096 ? 4096 : n ? n : 1;
}

/* An array of output blocks that transform feedback captures (XfbBuffer on the variable): GLSL
 * 4.40 4.4.2.1 captures element e into buffer XfbBuffer + e, which Vulkan's decorations do not
 * say; the array becomes one block variable per element, each with its buffer. */
struct xsplit {
   uint32_t var, len, elem, loc, locs, buffer, stride;
   bool has_stride;
   uint32_t ids[GLSL_MAX_XFB_BUFFERS];
};

static const struct xsplit *
xsplit_of(const struct xsplit *xs, unsigned nxs, uint32_t id)
{
   for (unsigned k = 0; k < nxs; k++)
      if (xs[k].var == id)
         return &xs[k];
   return NULL;
}

static uint32_t *
convert_stage(enum glsl_stage s, const uint32_t *words, size_t n, const struct loose *L,
              unsigned nl, bool point_size, size_t *out_n, struct glsl_str *log)
{
   struct mod m;
   struct conv c = {.m = &m};
   struct out o = {0};
   uint32_t *result = NULL; /* the converted words, once whole */
   unsigned nv = 0;
   struct var *v = NULL;
   uint32_t *alias = NULL, *member_type = NULL, *local = NULL, *blk_var = NULL;
   struct actr *ac = NULL;
   unsigned nac = 0, nblk = 0;
   if (!mod_open(&m, words, n) || !(v = collect_vars(&m, &nv)) ||
       !(alias = calloc(m.bound, sizeof(*alias))) ||
       !(member_type = calloc(nl ? nl : 1, sizeof(*member_type))) ||
       !(local = calloc(nl ? nl : 1, sizeof(*local)))) {
      c.err = "out of memory or a malformed module";
      goto fail;
   }
   if (!gather_counters(&m, v, nv, &ac, &nac, log, s))
      goto fail_logged;
   struct xsplit xs[GLSL_MAX_XFB_BUFFERS];
   unsigned nxs = 0;
   for (unsigned i = 0; i < nv && s != GLSL_STAGE_FRAGMENT && s != GLSL_STAGE_TESS_CTRL; i++) {
      uint32_t buffer, nops;
      const uint32_t *o;
      if (v[i].storage != SpvStorageClassOutput ||
          !mod_deco(&m, v[i].id, SpvDecorationXfbBuffer, &buffer) ||
          mod_def(&m, v[i].pointee, &o, &nops) != SpvOpTypeArray || nops < 3 ||
          !mod_deco(&m, o[1], SpvDecorationBlock, NULL))
         continue;
      const uint32_t len = array_length(&m, o[2]);
      if (nxs == GLSL_MAX_XFB_BUFFERS || !len || buffer >= GLSL_MAX_XFB_BUFFERS ||
          len > GLSL_MAX_XFB_BUFFERS - buffer) {
         glsl_str_printf(log,
                         "error: %s shader: an array of output blocks captured from "
                         "transform feedback buffer %u takes buffers past "
                         "GL_MAX_TRANSFORM_FEEDBACK_BUFFERS (%u)\n",
                         glsl_stage_name(s), buffer, GLSL_MAX_XFB_BUFFERS);
         goto fail_logged;
      }
      struct xsplit *x = &xs[nxs++];
      *x = (struct xsplit){.var = v[i].id,
                           .len = len,
                           .elem = o[1],
                           .buffer = buffer,
                           .locs = location_count(&m, o[1], 0)};
      mod_deco(&m, v[i].id, SpvDecorationLocation, &x->loc);
      x->has_stride = mod_deco(&m, v[i].id, SpvDecorationXfbStride, &x->stride);
   }
   c.next_id = m.bound;
   /* the module's scalar, vector and matrix types, so the tail reuses them */
   {
      struct spv_walk it = spv_walk_begin(words, n);
      while (spv_walk_next(&it) && it.op != SpvOpFunction) {
         uint32_t a = 0, b = 0;
         if (it.op == SpvOpTypeFloat && it.nops >= 2)
            a = it.o[1];
         else if (it.op == SpvOpTypeBool && it.nops >= 1)
            a = 0;
         else if (it.op == SpvOpTypePointer && it.nops >= 3)
            /* a UniformConstant pointer to a loose type becomes a Uniform one below */
            a = rewritten_storage(&m, it.o[1], it.o[2]), b = it.o[2];
         else if ((it.op == SpvOpTypeInt || it.op == SpvOpTypeVector || it.op == SpvOpTypeMatrix) &&
                  it.nops >= 3)
            a = it.o[1], b = it.o[2];
         else
            continue;
         if (type_find(&c, it.op, a, b))
            continue;
         if (c.ntc == c.cap_tc) {
            unsigned cap = c.cap_tc ? c.cap_tc * 2 : 32;
            struct tcache *tc = realloc(c.tc, cap * sizeof(*tc));
            if (!tc) {
               c.err = "out of memory";
               goto fail;
            }
            c.tc = tc;
            c.cap_tc = cap;
         }
         c.tc[c.ntc++] = (struct tcache){it.op, a, b, it.o[0]};
      }
   }

   /* the variables: names, and the loose uniforms' members */
   bool any_loose = false;
   for (unsigned i = 0; i < nv; i++) {
      struct var *x = &v[i];
      uint32_t loc = 0, bind = 0, comp = 0;
      const bool has_loc = mod_deco(&m, x->id, SpvDecorationLocation, &loc);
      if (xsplit_of(xs, nxs, x->id)) {
         const uint32_t elem = strip_arrays(&m, x->pointee);
         name_fmt(&c.names, elem, -1, "_spvIO%u", loc, 0);
         name_members(&c, elem);
         continue;
      }
      const bool has_bind = mod_deco(&m, x->id, SpvDecorationBinding, &bind);
      mod_deco(&m, x->id, SpvDecorationComponent, &comp);
      if (is_loose(&m, x)) {
         for (unsigned k = 0; k < nl; k++)
            if (L[k].location == loc)
               x->loose = (int)k;
         if (x->loose < 0) {
            c.err = "a uniform the program's list lacks";
            goto fail;
         }
         member_type[x->loose] = x->pointee;
         any_loose = true;
         continue;
      }
      const uint32_t elem = strip_arrays(&m, x->pointee);
      const uint32_t *to;
      uint32_t tn;
      const bool is_struct = mod_def(&m, elem, &to, &tn) == SpvOpTypeStruct;
      switch (x->storage) {
      case SpvStorageClassUniformConstant:
         if (has_loc)
            name_fmt(&c.names, x->id, -1, "_spvL%u_B%u", loc, has_bind ? bind : 0);
         else
            name_fmt(&c.names, x->id, -1, "_spvB%u", has_bind ? bind : 0, 0);
         break;
      case SpvStorageClassUniform:
      case SpvStorageClassStorageBuffer:
         if (!is_struct)
            break;
         name_fmt(&c.names, elem, -1,
                  x->storage == SpvStorageClassUniform &&
                        !mod_deco(&m, elem, SpvDecorationBufferBlock, NULL)
                     ? "_spvB%u"
                     : "_spvSB%u_B%u",
                  has_bind ? bind : 0, has_bind ? bind : 0);
         name_members(&c, elem);
         break;
      case SpvStorageClassInput:
      case SpvStorageClassOutput:
         if (mod_deco(&m, x->id, SpvDecorationBuiltIn, NULL))
            break;
         if (is_struct) {
            bool builtin_members = false;
            struct spv_walk it = spv_walk_begin(words, n);
            while (spv_walk_next(&it) && it.op != SpvOpFunction)
               builtin_members |= it.op == SpvOpMemberDecorate && it.nops >= 3 && it.o[0] == elem &&
                                  it.o[2] == SpvDecorationBuiltIn;
            if (builtin_members) {
               emit_name(&c.names, elem, -1, "gl_PerVertex");
               break;
            }
            if (!has_loc) {
               glsl_str_printf(log,
                               "error: %s shader: an interface block without a Location on "
                               "its variable (not supported by mgl yet)\n",
                               glsl_stage_name(s));
               goto fail_logged;
            }
            name_fmt(&c.names, elem, -1, "_spvIO%u", loc, 0);
            name_members(&c, elem);
            name_fmt(&c.names, x->id, -1, "_spvIOv%u", loc, 0);
            break;
         }
         if (!has_loc) {
            glsl_str_printf(log, "error: %s shader: an input or output without a Location\n",
                            glsl_stage_name(s));
            goto fail_logged;
         }
         name_fmt(&c.names, x->id, -1, comp ? "_spvL%uc%u" : "_spvL%u", loc, comp);
         break;
      default: break;
      }
   }

   /* UniformConstant pointers to loose types and AtomicCounter ones become Uniform ones: the
    * first of those to one type stays, the others are its aliases (no two pointer types alike) */
   {
      struct spv_walk it = spv_walk_begin(words, n);
      while (spv_walk_next(&it) && it.op != SpvOpFunction) {
         if (it.op != SpvOpTypePointer || it.nops < 3 || it.o[0] >= m.bound ||
             rewritten_storage(&m, it.o[1], it.o[2]) != SpvStorageClassUniform)
            continue;
         struct spv_walk jt = spv_walk_begin(words, n);
         while (spv_walk_next(&jt) && jt.pc < it.pc) {
            if (jt.op == SpvOpTypePointer && jt.nops >= 3 && jt.o[2] == it.o[2] &&
                jt.o[0] < m.bound && jt.o[0] != it.o[0] && !alias[jt.o[0]] &&
                rewritten_storage(&m, jt.o[1], jt.o[2]) == SpvStorageClassUniform) {
               alias[it.o[0]] = jt.o[0];
               break;
            }
         }
      }
   }

   /* the default block: every member of the program, this stage's with its own types */
   uint32_t db_var = 0, *idx = NULL;
   if (nl) {
      if (!(idx = calloc(nl, sizeof(*idx)))) {
         c.err = "out of memory";
         goto fail;
      }
      for (unsigned k = 0; k < nl; k++) {
         if (member_type[k]) {
            if (!stride_own_type(&c, member_type[k], &L[k].lay, L[k].t.ndims) ||
                (L[k].t.kind == 's' && !decorate_own(&c, strip_arrays(&m, member_type[k]), 0))) {
               if (!c.err)
                  c.err = "an array uniform the module declares in a way mgl does not follow";
               free(idx);
               goto fail;
            }
         } else {
            member_type[k] = build_type(&c, &L[k].t, &L[k].lay);
         }
         if (any_loose || (point_size && L[k].location == POINT_SIZE_KEY))
            idx[k] = int_const(&c, k);
      }
      const uint32_t st = c.next_id++, ptr = c.next_id++;
      db_var = c.next_id++;
      uint32_t *p = out_room(&c.tail, 2 + nl);
      if (p) {
         p[0] = ((2 + nl) << 16) | SpvOpTypeStruct;
         p[1] = st;
         memcpy(p + 2, member_type, nl * sizeof(*p));
      }
      emit_ops(&c.tail, SpvOpTypePointer, 3, ptr, SpvStorageClassUniform, st);
      emit_ops(&c.tail, SpvOpVariable, 3, ptr, db_var, SpvStorageClassUniform);
      emit_ops(&c.decos, SpvOpDecorate, 2, st, SpvDecorationBlock);
      emit_ops(&c.decos, SpvOpDecorate, 3, db_var, SpvDecorationDescriptorSet, 0);
      emit_ops(&c.decos, SpvOpDecorate, 3, db_var, SpvDecorationBinding, 0);
      emit_name(&c.names, st, -1, "gl_DefaultUniformBlock");
      for (unsigned k = 0; k < nl; k++) {
         if (L[k].location == POINT_SIZE_KEY)
            emit_name(&c.names, st, (int)k, "_mgl_PointSize");
         else
            name_fmt(&c.names, st, (int)k, "_spvL%u", L[k].location, 0);
         emit_ops(&c.decos, SpvOpMemberDecorate, 4, st, k, SpvDecorationOffset, L[k].offset);
         if (L[k].t.cols > 1) {
            emit_ops(&c.decos, SpvOpMemberDecorate, 3, st, k, SpvDecorationColMajor);
            emit_ops(&c.decos, SpvOpMemberDecorate, 4, st, k, SpvDecorationMatrixStride,
                     L[k].lay.mstride);
         }
      }
   }
   /* the atomic counters' blocks, one per binding point: the counters as members at their
    * Offset, arrays with a stride of 4 */
   if (nac && !(blk_var = calloc(nac, sizeof(*blk_var)))) {
      free(idx);
      c.err = "out of memory";
      goto fail;
   }
   for (unsigned first = 0, end; first < nac; first = end) {
      for (end = first; end < nac && ac[end].binding == ac[first].binding; end++) {
         struct actr *a = &ac[end];
         struct ulayout lay = {0};
         uint32_t stride = 4;
         for (uint32_t d = a->t.ndims; d > 0; d--) {
            lay.strides[d - 1] = stride;
            stride *= a->t.dims[d - 1];
         }
         a->mtype = build_type(&c, &a->t, &lay);
         a->mptr = type_get(&c, SpvOpTypePointer, SpvStorageClassUniform, a->mtype);
         a->midx = int_const(&c, end - first);
         a->blk = nblk;
      }
      const uint32_t st = c.next_id++, ptr = c.next_id++, var = c.next_id++;
      uint32_t *p = out_room(&c.tail, 2 + end - first);
      if (p) {
         p[0] = ((2 + end - first) << 16) | SpvOpTypeStruct;
         p[1] = st;
         for (unsigned k = first; k < end; k++)
            p[2 + k - first] = ac[k].mtype;
      }
      emit_ops(&c.tail, SpvOpTypePointer, 3, ptr, SpvStorageClassUniform, st);
      emit_ops(&c.tail, SpvOpVariable, 3, ptr, var, SpvStorageClassUniform);
      emit_ops(&c.decos, SpvOpDecorate, 2, st, SpvDecorationBufferBlock);
      emit_ops(&c.decos, SpvOpDecorate, 3, var, SpvDecorationDescriptorSet, 0);
      emit_ops(&c.decos, SpvOpDecorate, 3, var, SpvDecorationBinding, ac[first].binding);
      name_fmt(&c.names, st, -1, "gl_AtomicCounterBlock_%u", ac[first].binding, 0);
      for (unsigned k = first; k < end; k++) {
         /* one name for one counter in every stage (glsl_link_atomic.c matches by name) */
         name_fmt(&c.names, st, (int)(k - first), "_spvA%u_%u", ac[k].binding, ac[k].offset);
         emit_ops(&c.decos, SpvOpMemberDecorate, 4, st, k - first, SpvDecorationOffset,
                  ac[k].offset);
      }
      blk_var[nblk++] = var;
   }
   for (unsigned k = 0; k < nxs; k++) {
      struct xsplit *x = &xs[k];
      const uint32_t ptr = type_get(&c, SpvOpTypePointer, SpvStorageClassOutput, x->elem);
      for (uint32_t e = 0; e < x->len; e++) {
         const uint32_t id = x->ids[e] = c.next_id++, loc = x->loc + e * x->locs;
         emit_ops(&c.tail, SpvOpVariable, 3, ptr, id, SpvStorageClassOutput);
         emit_ops(&c.decos, SpvOpDecorate, 3, id, SpvDecorationLocation, loc);
         emit_ops(&c.decos, SpvOpDecorate, 3, id, SpvDecorationXfbBuffer, x->buffer + e);
         if (x->has_stride)
            emit_ops(&c.decos, SpvOpDecorate, 3, id, SpvDecorationXfbStride, x->stride);
         name_fmt(&c.names, id, -1, "_spvIOv%u", loc, 0);
      }
   }
   /* GL 4.6 14.4: with GL_PROGRAM_POINT_SIZE disabled the point size is glPointSize's, whatever
    * the shader writes (Vulkan has only the shader's): each return of the entry point stores
    * _mgl_PointSize where it is above 0 (into the module's own gl_PointSize, or a new one) */
   struct psize ps = {0};
   if (point_size && nl && L[nl - 1].location == POINT_SIZE_KEY) {
      ps.k = nl - 1;
      ps.f = type_get(&c, SpvOpTypeFloat, 32, 0);
      ps.b = type_get(&c, SpvOpTypeBool, 0, 0);
      ps.uptr = type_get(&c, SpvOpTypePointer, SpvStorageClassUniform, ps.f);
      ps.optr = type_get(&c, SpvOpTypePointer, SpvStorageClassOutput, ps.f);
      ps.zero = c.next_id++;
      emit_ops(&c.tail, SpvOpConstant, 3, ps.f, ps.zero, 0u);
      for (unsigned i = 0; i < nv && !ps.var; i++) {
         if (v[i].storage != SpvStorageClassOutput)
            continue;
         uint32_t b;
         if (mod_deco(&m, v[i].id, SpvDecorationBuiltIn, &b)) {
            if (b == SpvBuiltInPointSize)
               ps.var = v[i].id;
            continue;
         }
         const uint32_t *to;
         uint32_t tn;
         if (mod_def(&m, v[i].pointee, &to, &tn) != SpvOpTypeStruct)
            continue;
         struct spv_walk jt = spv_walk_begin(words, n);
         while (spv_walk_next(&jt) && jt.op != SpvOpFunction)
            if (jt.op == SpvOpMemberDecorate && jt.nops >= 4 && jt.o[0] == v[i].pointee &&
                jt.o[2] == SpvDecorationBuiltIn && jt.o[3] == SpvBuiltInPointSize) {
               ps.var = v[i].id;
               ps.member = int_const(&c, jt.o[1]);
            }
      }
      if (!ps.var) {
         ps.var = ps.added = c.next_id++;
         emit_ops(&c.tail, SpvOpVariable, 3, ps.optr, ps.var, SpvStorageClassOutput);
         emit_ops(&c.decos, SpvOpDecorate, 3, ps.var, SpvDecorationBuiltIn, SpvBuiltInPointSize);
      }
      {
         struct spv_walk jt = spv_walk_begin(words, n);
         while (spv_walk_next(&jt) && jt.op != SpvOpFunction)
            if (jt.op == SpvOpEntryPoint && jt.nops >= 2)
               ps.fn = jt.o[1];
      }
      ps.on = true;
   }
   if (c.err || c.names.oom || c.decos.oom || c.tail.oom) {
      free(idx);
      if (!c.err)
         c.err = "out of memory";
      goto fail;
   }

   /* the output */
   if (!out_room(&o, 5)) {
      free(idx);
      c.err = "out of memory";
      goto fail;
   }
   memcpy(o.w, words, 5 * sizeof(uint32_t));
   bool names_done = false, decos_done = false, tail_done = false, in_fn = false;
   /* another stage's double uniform is a member here too: its type needs Float64 */
   bool need_f64 = false;
   for (unsigned k = 0; k < nl; k++)
      need_f64 |= L[k].t.kind == 'd';
   {
      struct spv_walk jt = spv_walk_begin(words, n);
      while (need_f64 && spv_walk_next(&jt) && jt.op != SpvOpFunction)
         need_f64 = !(jt.op == SpvOpCapability && jt.nops >= 1 && jt.o[0] == SpvCapabilityFloat64);
   }
   bool pending_chains = false, first_label = false;
   const char *refused = NULL;
   uint32_t cur_fn = 0;
   struct spv_walk it = spv_walk_begin(words, n);
   while (spv_walk_next(&it) && !o.oom) {
      const bool debug = it.op == SpvOpName || it.op == SpvOpMemberName;
      const bool annotation = spv_is_annotation(it.op);
      const bool global = !in_fn && ((it.op >= SpvOpTypeVoid && it.op <= SpvOpTypeForwardPointer) ||
                                     (it.op >= SpvOpConstantTrue && it.op <= SpvOpSpecConstantOp) ||
                                     it.op == SpvOpVariable || it.op == SpvOpUndef);
      if (!names_done && (annotation || global || it.op == SpvOpFunction)) {
         memcpy(out_room(&o, c.names.n), c.names.w, c.names.n * sizeof(uint32_t));
         names_done = true;
      }
      if (!decos_done && (global || it.op == SpvOpFunction)) {
         memcpy(out_room(&o, c.decos.n), c.decos.w, c.decos.n * sizeof(uint32_t));
         decos_done = true;
      }
      if (!tail_done && it.op == SpvOpFunction) {
         memcpy(out_room(&o, c.tail.n), c.tail.w, c.tail.n * sizeof(uint32_t));
         tail_done = true;
      }
      if (debug)
         continue;
      if (it.op == SpvOpFunction) {
         in_fn = true;
         cur_fn = it.nops >= 2 ? it.o[1] : 0;
         first_label = true;
         memset(local, 0, nl * sizeof(*local));
         for (unsigned k = 0; k < nac; k++)
            ac[k].local = 0;
         /* the loose uniforms and counters this function reaches get an access chain of its
          * own */
         struct spv_walk ft = it;
         while ((any_loose || nac) && spv_walk_next(&ft) && ft.op != SpvOpFunctionEnd)
            for (uint32_t i = 0; i < ft.nops; i++)
               for (unsigned j = 0; pointer_operand(ft.op, i) && j < nv; j++) {
                  if (ft.o[i] != v[j].id)
                     continue;
                  if (v[j].loose >= 0 && !local[v[j].loose])
                     local[v[j].loose] = c.next_id++;
                  if (v[j].ctr >= 0 && !ac[v[j].ctr].local)
                     ac[v[j].ctr].local = c.next_id++;
               }
      }
      /* decorations of loose uniforms go; builtins GL names otherwise become Vulkan's */
      if (annotation && it.op == SpvOpDecorate && it.nops >= 2) {
         bool drop = xsplit_of(xs, nxs, it.o[0]) != NULL;
         for (unsigned i = 0; i < nv; i++)
            drop |= v[i].id == it.o[0] && (v[i].loose >= 0 || v[i].ctr >= 0 ||
                                           (v[i].storage == SpvStorageClassUniformConstant &&
                                            it.o[1] == SpvDecorationLocation));
         if (drop)
            continue;
      }
      if (!in_fn && it.op == SpvOpVariable && it.nops >= 2) {
         bool drop = xsplit_of(xs, nxs, it.o[1]) != NULL;
         for (unsigned i = 0; i < nv; i++)
            drop |= v[i].id == it.o[1] && (v[i].loose >= 0 || v[i].ctr >= 0);
         if (drop)
            continue;
      }
      /* Vulkan has no AtomicStorage: the counters are storage-buffer members now */
      if (it.op == SpvOpCapability && it.nops >= 1 && it.o[0] == SpvCapabilityAtomicStorage)
         continue;
      if (it.op == SpvOpTypePointer && it.nops >= 1 && it.o[0] < m.bound && alias[it.o[0]])
         continue;
      /* the access chains of the function's first block, after its variables */
      if (pending_chains && it.op != SpvOpVariable && it.op != SpvOpLine && it.op != SpvOpNoLine) {
         for (unsigned i = 0; i < nv; i++) {
            const int k = v[i].loose;
            if (k < 0 || !local[k])
               continue;
            const uint32_t ptr = alias[v[i].ptr] ? alias[v[i].ptr] : v[i].ptr;
            emit_ops(&o, SpvOpAccessChain, 4, ptr, local[k], db_var, idx[k]);
         }
         for (unsigned k = 0; k < nac; k++)
            if (ac[k].local)
               emit_ops(&o, SpvOpAccessChain, 4, ac[k].mptr, ac[k].local, blk_var[ac[k].blk],
                        ac[k].midx);
         pending_chains = false;
      }
      if (ps.on && it.op == SpvOpReturn && cur_fn == ps.fn) {
         const uint32_t ac = c.next_id++, size = c.next_id++, cur = c.next_id++, gt = c.next_id++,
                        sel = c.next_id++;
         uint32_t dst = ps.var;
         emit_ops(&o, SpvOpAccessChain, 4, ps.uptr, ac, db_var, idx[ps.k]);
         emit_ops(&o, SpvOpLoad, 3, ps.f, size, ac);
         if (ps.member) {
            dst = c.next_id++;
            emit_ops(&o, SpvOpAccessChain, 4, ps.optr, dst, ps.var, ps.member);
         }
         emit_ops(&o, SpvOpLoad, 3, ps.f, cur, dst);
         emit_ops(&o, SpvOpFOrdGreaterThan, 4, ps.b, gt, size, ps.zero);
         emit_ops(&o, SpvOpSelect, 5, ps.f, sel, gt, size, cur);
         emit_ops(&o, SpvOpStore, 2, dst, sel);
      }
      /* the split arrays: the entry point lists their elements' variables, a constant first
       * index picks one */
      if (nxs && it.op == SpvOpEntryPoint && it.nops >= 3) {
         const uint32_t sw = string_words(it.o + 2, it.nops - 2);
         uint32_t *p = out_room(&o, it.len + 1 + nxs * GLSL_MAX_XFB_BUFFERS);
         if (!p || !sw) {
            refused = "an entry point with an unterminated name";
            break;
         }
         uint32_t k = 1;
         for (uint32_t i = 0; i < it.nops; i++) {
            const struct xsplit *x = i >= 2 + sw ? xsplit_of(xs, nxs, it.o[i]) : NULL;
            for (uint32_t e = 0; x && e < x->len; e++)
               p[k++] = x->ids[e];
            if (!x)
               p[k++] = it.o[i];
         }
         if (ps.added)
            p[k++] = ps.added;
         p[0] = (k << 16) | SpvOpEntryPoint;
         o.n -= it.len + 1 + nxs * GLSL_MAX_XFB_BUFFERS - k;
         continue;
      }
      if (nxs && in_fn) {
         const struct xsplit *x = NULL;
         if ((it.op == SpvOpAccessChain || it.op == SpvOpInBoundsAccessChain) && it.nops >= 3 &&
             (x = xsplit_of(xs, nxs, it.o[2]))) {
            const uint32_t *co;
            uint32_t cn;
            if (it.nops < 4 || mod_def(&m, it.o[3], &co, &cn) != SpvOpConstant || cn < 3 ||
                co[2] >= x->len) {
               refused = "an array of transform feedback blocks indexed by other than a "
                         "constant (not supported by mgl yet)";
               break;
            }
            if (it.nops == 4) {
               emit_ops(&o, SpvOpCopyObject, 3, it.o[0], it.o[1], x->ids[co[2]]);
            } else {
               uint32_t *p = out_room(&o, it.len - 1);
               if (!p)
                  break;
               p[0] = ((it.len - 1) << 16) | it.op;
               p[1] = it.o[0];
               p[2] = it.o[1];
               p[3] = x->ids[co[2]];
               memcpy(p + 4, it.o + 4, (it.nops - 4) * sizeof(*p));
            }
            continue;
         }
         for (uint32_t i = 0; i < it.nops && !x; i++)
            if (pointer_operand(it.op, i) || (it.op == SpvOpStore && i == 0))
               x = xsplit_of(xs, nxs, it.o[i]);
         if (x) {
            refused = "an array of transform feedback blocks used whole (not supported by mgl "
                      "yet)";
            break;
         }
      }
      const bool add_io = ps.added && it.op == SpvOpEntryPoint;
      uint32_t *p = out_room(&o, it.len + add_io);
      if (!p)
         break;
      memcpy(p, words + it.pc, it.len * sizeof(uint32_t));
      if (add_io) {
         p[0] += 1u << 16;
         p[it.len] = ps.added;
      }
      uint32_t *po = p + 1;
      if (it.op == SpvOpDecorate && it.nops >= 3 && it.o[1] == SpvDecorationBuiltIn) {
         if (it.o[2] == SpvBuiltInVertexId)
            po[2] = SpvBuiltInVertexIndex;
         else if (it.o[2] == SpvBuiltInInstanceId)
            po[2] = SpvBuiltInInstanceIndex;
      }
      if (it.op == SpvOpExecutionMode && it.nops >= 2 && it.o[1] == SpvExecutionModeOriginLowerLeft)
         po[1] = SpvExecutionModeOriginUpperLeft;
      /* ids of removed pointer types */
      if (in_fn || it.op == SpvOpVariable || it.op == SpvOpUndef || it.op == SpvOpTypeFunction ||
          it.op == SpvOpConstantNull) {
         for (uint32_t i = 0; i < it.nops; i++)
            if ((in_fn ? i == 0 : true) && po[i] < m.bound && alias[po[i]])
               po[i] = alias[po[i]];
      }
      if (it.op == SpvOpTypePointer && it.nops >= 3)
         po[1] = rewritten_storage(&m, it.o[1], it.o[2]);
      if (in_fn && (any_loose || nac)) {
         for (uint32_t i = 0; i < it.nops; i++) {
            if (!pointer_operand(it.op, i))
               continue;
            for (unsigned j = 0; j < nv; j++) {
               if (po[i] != v[j].id)
                  continue;
               if (v[j].loose >= 0)
                  po[i] = local[v[j].loose];
               else if (v[j].ctr >= 0)
                  po[i] = ac[v[j].ctr].local;
               break;
            }
         }
      }
      if (it.op == SpvOpCapability && need_f64) {
         emit_ops(&o, SpvOpCapability, 1, SpvCapabilityFloat64);
         need_f64 = false;
      }
      if (it.op == SpvOpLabel && first_label) {
         first_label = false;
         pending_chains = true;
      }
      if (it.op == SpvOpFunctionEnd)
         in_fn = false;
   }
   free(idx);
   if (refused || it.bad || o.oom) {
      c.err = refused ? refused : "a malformed module or out of memory";
      goto fail;
   }
   o.w[3] = c.next_id;
   /* SPIR-V 1.3 as glslang's Vulkan 1.1 output (a superset of 1.0): the linker's rewrites use
    * what 1.3 has in core (DrawParameters for gl_InstanceID) */
   if (o.w[1] < 0x10300u)
      o.w[1] = 0x10300u;
   *out_n = o.n;
   result = o.w;
   o.w = NULL;
   goto done;

fail:
   glsl_str_printf(log, "error: %s shader: cannot take its SPIR-V: %s\n", glsl_stage_name(s),
                   c.err ? c.err : "a malformed module");
fail_logged:
done:
   free(m.def);
   free(v);
   free(alias);
   free(member_type);
   free(local);
   free(ac);
   free(blk_var);
   free(c.tc);
   free(c.names.w);
   free(c.decos.w);
   free(c.tail.w);
   free(o.w);
   return result;
}

/* The module as the linker reads uniform initializers from (apply_initializers, the
 * OpenGL-target words of GLSL): its own names gone, each loose uniform with an initializer
 * named "_spvL<location>" like its default-block member. NULL when it has no initializer. */
static uint32_t *
init_module(const uint32_t *words, size_t n, size_t *out_n)
{
   struct mod m;
   struct out o = {0}, names = {0};
   unsigned nv = 0;
   struct var *v = NULL;
   if (!mod_open(&m, words, n) || !(v = collect_vars(&m, &nv)))
      goto done;
   for (unsigned i = 0; i < nv; i++) {
      uint32_t loc;
      const uint32_t *vo;
      uint32_t vn;
      if (!is_loose(&m, &v[i]) || !mod_deco(&m, v[i].id, SpvDecorationLocation, &loc) ||
          mod_def(&m, v[i].id, &vo, &vn) != SpvOpVariable || vn < 4)
         continue;
      name_fmt(&names, v[i].id, -1, "_spvL%u", loc, 0);
   }
   if (!names.n || names.oom || !out_room(&o, 5))
      goto done;
   memcpy(o.w, words, 5 * sizeof(uint32_t));
   bool names_done = false;
   struct spv_walk it = spv_walk_begin(words, n);
   while (spv_walk_next(&it) && !o.oom) {
      if (it.op == SpvOpName || it.op == SpvOpMemberName)
         continue;
      if (!names_done &&
          (spv_is_annotation(it.op) || it.op == SpvOpTypeVoid || it.op == SpvOpFunction ||
           (it.op >= SpvOpTypeBool && it.op <= SpvOpTypeForwardPointer))) {
         uint32_t *p = out_room(&o, names.n);
         if (p)
            memcpy(p, names.w, names.n * sizeof(uint32_t));
         names_done = true;
      }
      uint32_t *p = out_room(&o, it.len);
      if (p)
         memcpy(p, words + it.pc, it.len * sizeof(uint32_t));
   }
   if (it.bad || o.oom || !names_done) {
      free(o.w);
      o.w = NULL;
   }
   *out_n = o.n;
done:
   free(m.def);
   free(v);
   free(names.w);
   return o.w;
}

/* ── the program ──────────────────────────────────────────────────────────────────────────── */

bool
glsl_link_gl_spirv(const struct glsl_link_input *input, struct glsl_program **out, char **info_log)
{
   struct glsl_str log = {0};
   struct glsl_program *prog = NULL;
   struct glsl_stage_words words[GLSL_STAGE_COUNT] = {{0}};
   struct glsl_stage_words init_words[GLSL_STAGE_COUNT] = {{0}};
   const struct glsl_decl_stage decl[GLSL_STAGE_COUNT] = {{0}};
   const struct glsl_taken taken[GLSL_STAGE_COUNT] = {{0}};
   struct glsl_taken ulocs[GLSL_STAGE_COUNT] = {{0}};
   struct glsl_binding *lists[GLSL_STAGE_COUNT] = {0};
   char *strs = NULL;
   struct loose *L = NULL;
   unsigned nl = 0;
   bool ok = false;
   uint32_t present = 0;
   /* each stage's module with its opaque-holding structures split (spv_opaque_structs.c) */
   const uint32_t *sw[GLSL_STAGE_COUNT] = {0};
   size_t sn[GLSL_STAGE_COUNT] = {0};
   uint32_t *split[GLSL_STAGE_COUNT] = {0};
   struct spv_opaque_leaf *leaves[GLSL_STAGE_COUNT] = {0};
   unsigned nleaves[GLSL_STAGE_COUNT] = {0};
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (input->spirv[s])
         present |= GLSL_STAGE_BIT(s);
      else if (input->source[s] || input->num_objects[s]) {
         glsl_str_append(&log, "error: SPIR-V and GLSL shaders cannot be linked together\n");
         goto done;
      }
   }
   if ((present & GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE)) &&
       (present & ~GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE))) {
      glsl_str_append(&log, "error: a compute shader cannot be linked with other stages\n");
      goto done;
   }
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!input->spirv[s])
         continue;
      const char *why = NULL;
      split[s] = spv_split_opaque_structs(input->spirv[s], input->spirv_words[s], &sn[s],
                                          &leaves[s], &nleaves[s], &why);
      if (why) {
         glsl_str_printf(&log, "error: %s shader: cannot take its SPIR-V: %s\n", glsl_stage_name(s),
                         why);
         goto done;
      }
      sw[s] = split[s] ? split[s] : input->spirv[s];
      if (!split[s])
         sn[s] = input->spirv_words[s];
      struct mod m;
      if (!mod_open(&m, sw[s], sn[s])) {
         free(m.def);
         glsl_str_printf(&log, "error: %s shader: a malformed module\n", glsl_stage_name(s));
         goto done;
      }
      const bool g = gather_loose(&m, &L, &nl, &log, (enum glsl_stage)s);
      free(m.def);
      if (!g) {
         if (!log.len)
            glsl_str_append(&log, "error: out of memory\n");
         goto done;
      }
   }
   /* the fixed-function point size, written by the vertex stage when it is the last one */
   const bool point_size =
      (present & GLSL_STAGE_BIT(GLSL_STAGE_VERTEX)) &&
      !(present & (GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL) | GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY)));
   if (point_size) {
      struct loose *nL = realloc(L, (nl + 1) * sizeof(*L));
      if (!nL) {
         glsl_str_append(&log, "error: out of memory\n");
         goto done;
      }
      L = nL;
      const struct utype f = {.kind = 'f', .vec = 1, .cols = 1};
      L[nl++] = (struct loose){.location = POINT_SIZE_KEY, .t = f, .lay = layout_of(&f)};
   }
   if (nl > 1)
      qsort(L, nl, sizeof(*L), cmp_loose);
   uint32_t offset = 0;
   for (unsigned k = 0; k < nl; k++) {
      offset = round_up(offset, L[k].lay.align);
      L[k].offset = offset;
      offset += L[k].lay.size;
   }
   /* explicit locations: each loose uniform's, and each sampler's or image's that has one */
   size_t nstr = 0;
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!input->spirv[s])
         continue;
      struct mod m;
      unsigned nv = 0;
      struct var *v = NULL;
      /* a split structure's leaf under arrays of structures: an entry per outer element */
      unsigned nentries = nv + 1;
      for (unsigned k = 0; k < nleaves[s]; k++) {
         uint32_t count = 1;
         for (uint32_t d = 0; d < leaves[s][k].num_outer; d++)
            count *= leaves[s][k].outer_dims[d];
         nentries += count;
      }
      if (!mod_open(&m, sw[s], sn[s]) || !(v = collect_vars(&m, &nv)) ||
          !(lists[s] = calloc(nentries + nv, sizeof(*lists[s])))) {
         free(m.def);
         free(v);
         glsl_str_append(&log, "error: out of memory\n");
         goto done;
      }
      for (unsigned i = 0; i < nv; i++) {
         uint32_t loc, bind = 0;
         if (v[i].storage != SpvStorageClassUniformConstant ||
             !mod_deco(&m, v[i].id, SpvDecorationLocation, &loc))
            continue;
         mod_deco(&m, v[i].id, SpvDecorationBinding, &bind);
         char name[48];
         if (is_loose(&m, &v[i]))
            snprintf(name, sizeof(name), "_spvL%u", loc);
         else
            snprintf(name, sizeof(name), "_spvL%u_B%u", loc, bind);
         /* GL 4.6 7.6.2.1 / ARB_gl_spirv: the elements of a structure array take their members'
          * locations in turn, so a leaf under one has each outer element's own (its inner
          * elements consecutive from there, "name[i][j]" the uniforms the linker lists) */
         const struct spv_opaque_leaf *lf = NULL;
         for (unsigned k = 0; k < nleaves[s]; k++)
            if (leaves[s][k].var == v[i].id && leaves[s][k].num_outer)
               lf = &leaves[s][k];
         uint32_t count = 1;
         for (uint32_t d = 0; lf && d < lf->num_outer; d++)
            count *= lf->outer_dims[d];
         for (uint32_t e = 0; e < count; e++) {
            char ename[48 + SPV_OPAQUE_MAX_DIMS * 12];
            uint32_t eloc = loc;
            size_t at = (size_t)snprintf(ename, sizeof(ename), "%s", name);
            for (uint32_t d = 0, rest = e, span = count; lf && d < lf->num_outer; d++) {
               span /= lf->outer_dims[d];
               const uint32_t idx = rest / span;
               rest %= span;
               eloc += idx * lf->outer_strides[d];
               at += (size_t)snprintf(ename + at, sizeof(ename) - at, "[%u]", idx);
            }
            char *ns = realloc(strs, nstr + strlen(ename) + 1);
            if (!ns) {
               free(m.def);
               free(v);
               glsl_str_append(&log, "error: out of memory\n");
               goto done;
            }
            strs = ns;
            memcpy(strs + nstr, ename, strlen(ename) + 1);
            /* offsets until the strings stop moving; index: the locations when inactive */
            lists[s][ulocs[s].n++] = (struct glsl_binding){(const char *)(uintptr_t)nstr, (int)eloc,
                                                           lf ? (int)lf->locations : 0};
            nstr += strlen(ename) + 1;
         }
      }
      ulocs[s].v = lists[s];
      free(m.def);
      free(v);
   }
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++)
      for (unsigned i = 0; i < ulocs[s].n; i++)
         lists[s][i].name = strs + (uintptr_t)lists[s][i].name;

   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!input->spirv[s])
         continue;
      words[s].words =
         convert_stage((enum glsl_stage)s, sw[s], sn[s], L, nl,
                       point_size && s == GLSL_STAGE_VERTEX, &words[s].num_words, &log);
      if (!words[s].words)
         goto done;
   }
   if (!(prog = calloc(1, sizeof(*prog)))) {
      glsl_str_append(&log, "error: out of memory\n");
      goto done;
   }
   prog->stages = present;
   prog->from_spirv = true;
   /* OpVariable initializers of loose uniforms: the default block's initial data */
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++)
      if (input->spirv[s])
         init_words[s].words = init_module(sw[s], sn[s], &init_words[s].num_words);
   ok = glsl_link_spirv(input, words, init_words, NULL, decl, taken, 0, prog, &log) &&
        glsl_link_uniform_locations(prog, ulocs, &log);

done:
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      free(words[s].words);
      free(init_words[s].words);
      free(lists[s]);
      free(split[s]);
      free(leaves[s]);
   }
   free(strs);
   free(L);
   if (!ok && !log.len)
      glsl_str_append(&log, "error: link failed\n");
   if (info_log)
      *info_log = glsl_str_take(&log);
   else
      free(glsl_str_take(&log));
   *out = prog; /* the caller destroys it where the link failed */
   return ok;
}
