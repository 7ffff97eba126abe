/* glsl_check.c — the GLSL compile errors glslang does not give, found in one stage's SPIR-V:
 * a fragment input (block member) of integer or double type without Flat, a vertex input of
 * double type, an access chain into an array of uniform blocks whose first index is not a
 * constant (before GLSL 4.00, in a unit that does not enable GL_ARB_gpu_shader5), and a geometry
 * unit's invocations and streams past GL_MAX_VERTEX_STREAMS. */
#include "glsl_internal.h"

#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

enum { CHK_FLAT = 1, CHK_BLOCK = 2, CHK_BUILTIN = 4 };

struct chk {
   const uint32_t *w;
   size_t n;
   uint32_t bound;
   uint32_t *def;  /* [bound]: word offset of the instruction defining the id; 0 none */
   uint8_t *flags; /* [bound]: CHK_* from OpDecorate */
};

/* The instruction at word offset `at` has `len` words, all inside the module. */
static uint32_t
inst_len(const struct chk *c, size_t at)
{
   uint32_t len = c->w[at] >> 16;
   return len && len <= c->n - at ? len : 0;
}

static uint32_t
def_op(const struct chk *c, uint32_t id)
{
   return id && id < c->bound && c->def[id] ? c->w[c->def[id]] & 0xffff : 0;
}

/* Operand k (k >= 1) of the instruction defining id; 0 when it has none. */
static uint32_t
def_word(const struct chk *c, uint32_t id, uint32_t k)
{
   if (!def_op(c, id))
      return 0;
   size_t at = c->def[id];
   return k < inst_len(c, at) ? c->w[at + k] : 0;
}

/* A literal string operand at word offset `at` of an instruction ending at `end`: NULL unless
 * nul-terminated inside it. */
static const char *
literal(const struct chk *c, size_t at, size_t end)
{
   if (at >= end)
      return NULL;
   const char *s = (const char *)&c->w[at];
   return memchr(s, '\0', (end - at) * 4) ? s : NULL;
}

/* OpName of id (member < 0) or OpMemberName of its member; "" when it has none. */
static const char *
name_of(const struct chk *c, uint32_t id, int member)
{
   for (size_t at = 5; at < c->n;) {
      uint32_t len = inst_len(c, at), op = c->w[at] & 0xffff;
      if (!len)
         break;
      if (op == SpvOpName && member < 0 && len >= 3 && c->w[at + 1] == id) {
         const char *s = literal(c, at + 2, at + len);
         return s ? glsl_demangle(s) : "";
      }
      if (op == SpvOpMemberName && member >= 0 && len >= 4 && c->w[at + 1] == id &&
          c->w[at + 2] == (uint32_t)member) {
         const char *s = literal(c, at + 3, at + len);
         return s ? glsl_demangle(s) : "";
      }
      at += len;
   }
   return "";
}

static bool
member_decorated(const struct chk *c, uint32_t type, uint32_t member, uint32_t deco)
{
   for (size_t at = 5; at < c->n;) {
      uint32_t len = inst_len(c, at);
      if (!len)
         break;
      if ((c->w[at] & 0xffff) == SpvOpMemberDecorate && len >= 4 && c->w[at + 1] == type &&
          c->w[at + 2] == member && c->w[at + 3] == deco)
         return true;
      at += len;
   }
   return false;
}

/* Whether the type is, or holds, an integer or a double. */
static bool
holds_integer(const struct chk *c, uint32_t type, unsigned depth)
{
   if (depth > 32)
      return false;
   switch (def_op(c, type)) {
   case SpvOpTypeInt: return true;
   case SpvOpTypeFloat: return def_word(c, type, 2) == 64;
   case SpvOpTypeVector:
   case SpvOpTypeMatrix:
   case SpvOpTypeArray:
   case SpvOpTypeRuntimeArray: return holds_integer(c, def_word(c, type, 2), depth + 1);
   case SpvOpTypeStruct: {
      uint32_t len = inst_len(c, c->def[type]);
      for (uint32_t k = 2; k < len; k++)
         if (holds_integer(c, c->w[c->def[type] + k], depth + 1))
            return true;
      return false;
   }
   default: return false;
   }
}

/* Whether the type is, or holds, a double. */
static bool
holds_double(const struct chk *c, uint32_t type, unsigned depth)
{
   if (depth > 32)
      return false;
   switch (def_op(c, type)) {
   case SpvOpTypeFloat: return def_word(c, type, 2) == 64;
   case SpvOpTypeVector:
   case SpvOpTypeMatrix:
   case SpvOpTypeArray:
   case SpvOpTypeRuntimeArray: return holds_double(c, def_word(c, type, 2), depth + 1);
   case SpvOpTypeStruct: {
      uint32_t len = inst_len(c, c->def[type]);
      for (uint32_t k = 2; k < len; k++)
         if (holds_double(c, c->w[c->def[type] + k], depth + 1))
            return true;
      return false;
   }
   default: return false;
   }
}

static uint32_t
strip_arrays(const struct chk *c, uint32_t type)
{
   for (unsigned depth = 0; depth < 32 && def_op(c, type) == SpvOpTypeArray; depth++)
      type = def_word(c, type, 2);
   return type;
}

/* The pointee of a variable's pointer type. */
static uint32_t
var_pointee(const struct chk *c, uint32_t var)
{
   uint32_t ptr = def_word(c, var, 1);
   return def_op(c, ptr) == SpvOpTypePointer ? def_word(c, ptr, 3) : 0;
}

/* GLSL 1.50 / ESSL 3.00 section 4.3.4. glslang checks plain variables, not block members. */
static bool
check_flat_inputs(const struct chk *c, struct glsl_str *log)
{
   bool ok = true;
   for (uint32_t id = 1; id < c->bound; id++) {
      if (def_op(c, id) != SpvOpVariable || def_word(c, id, 3) != SpvStorageClassInput ||
          (c->flags[id] & (CHK_FLAT | CHK_BUILTIN)))
         continue;
      uint32_t type = strip_arrays(c, var_pointee(c, id));
      if (def_op(c, type) == SpvOpTypeStruct && (c->flags[type] & CHK_BLOCK)) {
         uint32_t members = inst_len(c, c->def[type]) - 2;
         for (uint32_t k = 0; k < members; k++) {
            if (member_decorated(c, type, k, SpvDecorationBuiltIn))
               break; /* a built-in block carries its own qualifiers */
            if (member_decorated(c, type, k, SpvDecorationFlat) ||
                !holds_integer(c, c->w[c->def[type] + 2 + k], 0))
               continue;
            glsl_str_printf(log,
                            "ERROR: 0:?: '%s' : a fragment input block member of integer "
                            "or double type must be qualified flat (GLSL 1.50 section "
                            "4.3.4)\n",
                            name_of(c, type, (int)k));
            ok = false;
         }
      } else if (holds_integer(c, type, 0)) {
         glsl_str_printf(log,
                         "ERROR: 0:?: '%s' : a fragment input of integer or double type "
                         "must be qualified flat (GLSL 1.50 section 4.3.4)\n",
                         name_of(c, id, -1));
         ok = false;
      }
   }
   return ok;
}

/* GLSL 4.00 section 4.3.4 (and ARB_gpu_shader_fp64): vertex inputs are not doubles; GLSL 4.10
 * and ARB_vertex_attrib_64bit allow them where the context offers that (denied: not offered;
 * glslang's Vulkan rules take them either way). */
static bool
check_vertex_inputs(const struct chk *c, bool denied, struct glsl_str *log)
{
   bool ok = true;
   for (uint32_t id = 1; id < c->bound; id++) {
      if (def_op(c, id) != SpvOpVariable || def_word(c, id, 3) != SpvStorageClassInput ||
          (c->flags[id] & CHK_BUILTIN) || !holds_double(c, var_pointee(c, id), 0))
         continue;
      glsl_str_printf(log,
                      "ERROR: 0:?: '%s' : a vertex shader input of double type needs "
                      "GL_ARB_vertex_attrib_64bit (GLSL 4.10)%s (GLSL 4.00 section 4.3.4)\n",
                      name_of(c, id, -1), denied ? ", which is not offered" : "");
      ok = false;
   }
   return ok;
}

/* GLSL 1.50-3.30 / ESSL 3.00: a uniform block array is indexed only by constant integral
 * expressions; glslang folds those to constants. */
static bool
check_block_indexing(const struct chk *c, struct glsl_str *log)
{
   bool ok = true;
   uint32_t line = 0;
   for (size_t at = 5; at < c->n;) {
      uint32_t len = inst_len(c, at), op = c->w[at] & 0xffff;
      if (!len)
         break;
      if (op == SpvOpLine && len >= 4)
         line = c->w[at + 2];
      else if (op == SpvOpNoLine || op == SpvOpFunctionEnd)
         line = 0;
      else if ((op == SpvOpAccessChain || op == SpvOpInBoundsAccessChain) && len >= 5) {
         uint32_t base = c->w[at + 3], index = c->w[at + 4];
         uint32_t type = var_pointee(c, base);
         uint32_t elem = def_op(c, type) == SpvOpTypeArray ? def_word(c, type, 2) : 0;
         uint32_t index_op = def_op(c, index);
         if (def_op(c, base) == SpvOpVariable && def_word(c, base, 3) == SpvStorageClassUniform &&
             def_op(c, elem) == SpvOpTypeStruct && (c->flags[elem] & CHK_BLOCK) &&
             index_op != SpvOpConstant && index_op != SpvOpConstantNull) {
            if (line)
               glsl_str_printf(log, "ERROR: 0:%u: ", line);
            else
               glsl_str_append(log, "ERROR: 0:?: ");
            glsl_str_printf(log,
                            "'%s' : a uniform block array must be indexed with a constant "
                            "integral expression before GLSL 4.00\n",
                            name_of(c, base, -1));
            ok = false;
         }
      }
      at += len;
   }
   return ok;
}

/* A geometry unit's streams (layout(stream), EmitStreamVertex, EndStreamPrimitive), which
 * glslang does not check against GL_MAX_VERTEX_STREAMS (ARB_gpu_shader5, GLSL 4.00 4.3.8.2 /
 * 8.12; the invocation count is checked in the source, glsl_lower.c). */
static bool
check_geometry_limits(const struct chk *c, uint32_t max_streams, bool emit_streams,
                      struct glsl_str *log)
{
   bool ok = true;
   for (size_t at = 5; at < c->n;) {
      uint32_t len = inst_len(c, at), op = c->w[at] & 0xffff;
      if (!len)
         break;
      uint32_t stream = 0;
      if (op == SpvOpDecorate && len >= 4 && c->w[at + 2] == SpvDecorationStream) {
         stream = c->w[at + 3];
      } else if (op == SpvOpMemberDecorate && len >= 5 && c->w[at + 3] == SpvDecorationStream) {
         stream = c->w[at + 4];
      } else if (emit_streams && (op == SpvOpEmitStreamVertex || op == SpvOpEndStreamPrimitive) &&
                 len >= 2 && def_op(c, c->w[at + 1]) == SpvOpConstant) {
         stream = def_word(c, c->w[at + 1], 3);
      }
      if (stream >= max_streams) {
         glsl_str_printf(log,
                         "ERROR: 0:?: 'stream' : stream %u is not below GL_MAX_VERTEX_STREAMS "
                         "(%u)\n",
                         stream, max_streams);
         ok = false;
      }
      at += len;
   }
   return ok;
}

bool
glsl_check_spirv(enum glsl_stage stage, const uint32_t *words, size_t num_words, uint32_t deny,
                 uint32_t max_streams, bool emit_streams, struct glsl_str *log)
{
   if (!words || num_words < 5 || words[0] != SpvMagicNumber || words[3] > (1u << 22))
      return true; /* not ours to judge: the SPIR-V came from glslang */
   struct chk c = {.w = words, .n = num_words, .bound = words[3]};
   c.def = calloc(c.bound ? c.bound : 1, sizeof(*c.def));
   c.flags = calloc(c.bound ? c.bound : 1, 1);
   if (!c.def || !c.flags) {
      free(c.def);
      free(c.flags);
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   uint32_t version = 0;
   bool gpu_shader5 = false; /* the unit enabled GL_ARB_gpu_shader5 (glslang's OpSourceExtension) */
   bool attrib_64bit = false; /* and GL_ARB_vertex_attrib_64bit */
   for (size_t at = 5; at < c.n;) {
      uint32_t len = inst_len(&c, at), op = c.w[at] & 0xffff;
      if (!len)
         break;
      uint32_t id = 0; /* only what the checks read: types, constants, variables */
      if (op >= SpvOpTypeVoid && op <= SpvOpTypePointer && len >= 2)
         id = c.w[at + 1];
      else if ((op == SpvOpConstant || op == SpvOpConstantNull || op == SpvOpVariable) && len >= 3)
         id = c.w[at + 2];
      if (id && id < c.bound)
         c.def[id] = (uint32_t)at;
      if (op == SpvOpSource && len >= 3)
         version = c.w[at + 2];
      else if (op == SpvOpSourceExtension && len >= 2) {
         const char *ext = literal(&c, at + 1, at + len);
         gpu_shader5 = gpu_shader5 || (ext && !strcmp(ext, "GL_ARB_gpu_shader5"));
         attrib_64bit = attrib_64bit || (ext && !strcmp(ext, "GL_ARB_vertex_attrib_64bit"));
      } else if (op == SpvOpDecorate && len >= 3 && c.w[at + 1] < c.bound) {
         uint32_t d = c.w[at + 2];
         c.flags[c.w[at + 1]] |= d == SpvDecorationFlat      ? CHK_FLAT
                                 : d == SpvDecorationBlock   ? CHK_BLOCK
                                 : d == SpvDecorationBuiltIn ? CHK_BUILTIN
                                                             : 0;
      }
      at += len;
   }
   bool ok = true;
   if (version < 400 && !gpu_shader5) /* GLSL 4.00 and ARB_gpu_shader5: dynamically uniform */
      ok = check_block_indexing(&c, log);
   if (stage == GLSL_STAGE_FRAGMENT)
      ok = check_flat_inputs(&c, log) && ok;
   if (stage == GLSL_STAGE_GEOMETRY)
      ok = check_geometry_limits(&c, max_streams, emit_streams, log) && ok;
   if (stage == GLSL_STAGE_VERTEX &&
       ((deny & GLSL_DENY_VERTEX_ATTRIB_64BIT) || (version < 410 && !attrib_64bit)))
      ok = check_vertex_inputs(&c, (deny & GLSL_DENY_VERTEX_ATTRIB_64BIT) != 0, log) && ok;
   free(c.def);
   free(c.flags);
   return ok;
}
