/* glsl_link.c — the GL half of glLinkProgram, on the SPIR-V words glslang generated per stage:
 * program-wide uniform-block and sampler indices and their descriptor bindings, GL location rules
 * for vertex inputs, fragment outputs and varyings (by name), the GL depth remap and gl_InstanceID
 * fix, and the reflection the front end answers glGet* from. The rules are written down in glsl.h.
 */
#include "glsl_internal.h"
#include "spirv_internal.h"

#include "decline.h"

#include <GL/glcorearb.h>
#include <spirv-tools/libspirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ── GL types ──────────────────────────────────────────────────────────────────────────────── */

struct gl_type_info {
   uint32_t gl;
   const char *name;
   char base; /* f d i u b */
   uint8_t cols, rows;
};

static const struct gl_type_info gl_types[] = {
   {GL_FLOAT, "float", 'f', 1, 1}, {GL_FLOAT_VEC2, "vec2", 'f', 1, 2},
   {GL_FLOAT_VEC3, "vec3", 'f', 1, 3}, {GL_FLOAT_VEC4, "vec4", 'f', 1, 4},
   {GL_FLOAT_MAT2, "mat2", 'f', 2, 2}, {GL_FLOAT_MAT2x3, "mat2x3", 'f', 2, 3},
   {GL_FLOAT_MAT2x4, "mat2x4", 'f', 2, 4}, {GL_FLOAT_MAT3x2, "mat3x2", 'f', 3, 2},
   {GL_FLOAT_MAT3, "mat3", 'f', 3, 3}, {GL_FLOAT_MAT3x4, "mat3x4", 'f', 3, 4},
   {GL_FLOAT_MAT4x2, "mat4x2", 'f', 4, 2}, {GL_FLOAT_MAT4x3, "mat4x3", 'f', 4, 3},
   {GL_FLOAT_MAT4, "mat4", 'f', 4, 4},
   {GL_DOUBLE, "double", 'd', 1, 1}, {GL_DOUBLE_VEC2, "dvec2", 'd', 1, 2},
   {GL_DOUBLE_VEC3, "dvec3", 'd', 1, 3}, {GL_DOUBLE_VEC4, "dvec4", 'd', 1, 4},
   {GL_DOUBLE_MAT2, "dmat2", 'd', 2, 2}, {GL_DOUBLE_MAT2x3, "dmat2x3", 'd', 2, 3},
   {GL_DOUBLE_MAT2x4, "dmat2x4", 'd', 2, 4}, {GL_DOUBLE_MAT3x2, "dmat3x2", 'd', 3, 2},
   {GL_DOUBLE_MAT3, "dmat3", 'd', 3, 3}, {GL_DOUBLE_MAT3x4, "dmat3x4", 'd', 3, 4},
   {GL_DOUBLE_MAT4x2, "dmat4x2", 'd', 4, 2}, {GL_DOUBLE_MAT4x3, "dmat4x3", 'd', 4, 3},
   {GL_DOUBLE_MAT4, "dmat4", 'd', 4, 4},
   {GL_INT, "int", 'i', 1, 1}, {GL_INT_VEC2, "ivec2", 'i', 1, 2},
   {GL_INT_VEC3, "ivec3", 'i', 1, 3}, {GL_INT_VEC4, "ivec4", 'i', 1, 4},
   {GL_UNSIGNED_INT, "uint", 'u', 1, 1}, {GL_UNSIGNED_INT_VEC2, "uvec2", 'u', 1, 2},
   {GL_UNSIGNED_INT_VEC3, "uvec3", 'u', 1, 3}, {GL_UNSIGNED_INT_VEC4, "uvec4", 'u', 1, 4},
   {GL_BOOL, "bool", 'b', 1, 1}, {GL_BOOL_VEC2, "bvec2", 'b', 1, 2},
   {GL_BOOL_VEC3, "bvec3", 'b', 1, 3}, {GL_BOOL_VEC4, "bvec4", 'b', 1, 4},
};

struct gl_sampler_info {
   uint32_t gl;
   const char *name;
   char base; /* f i u */
   uint8_t dim, arrayed, depth, ms;
};

static const struct gl_sampler_info gl_samplers[] = {
   {GL_SAMPLER_1D, "sampler1D", 'f', SpvDim1D, 0, 0, 0},
   {GL_SAMPLER_2D, "sampler2D", 'f', SpvDim2D, 0, 0, 0},
   {GL_SAMPLER_3D, "sampler3D", 'f', SpvDim3D, 0, 0, 0},
   {GL_SAMPLER_CUBE, "samplerCube", 'f', SpvDimCube, 0, 0, 0},
   {GL_SAMPLER_2D_RECT, "sampler2DRect", 'f', SpvDimRect, 0, 0, 0},
   {GL_SAMPLER_BUFFER, "samplerBuffer", 'f', SpvDimBuffer, 0, 0, 0},
   {GL_SAMPLER_1D_ARRAY, "sampler1DArray", 'f', SpvDim1D, 1, 0, 0},
   {GL_SAMPLER_2D_ARRAY, "sampler2DArray", 'f', SpvDim2D, 1, 0, 0},
   {GL_SAMPLER_CUBE_MAP_ARRAY, "samplerCubeArray", 'f', SpvDimCube, 1, 0, 0},
   {GL_SAMPLER_2D_MULTISAMPLE, "sampler2DMS", 'f', SpvDim2D, 0, 0, 1},
   {GL_SAMPLER_2D_MULTISAMPLE_ARRAY, "sampler2DMSArray", 'f', SpvDim2D, 1, 0, 1},
   {GL_SAMPLER_1D_SHADOW, "sampler1DShadow", 'f', SpvDim1D, 0, 1, 0},
   {GL_SAMPLER_2D_SHADOW, "sampler2DShadow", 'f', SpvDim2D, 0, 1, 0},
   {GL_SAMPLER_CUBE_SHADOW, "samplerCubeShadow", 'f', SpvDimCube, 0, 1, 0},
   {GL_SAMPLER_2D_RECT_SHADOW, "sampler2DRectShadow", 'f', SpvDimRect, 0, 1, 0},
   {GL_SAMPLER_1D_ARRAY_SHADOW, "sampler1DArrayShadow", 'f', SpvDim1D, 1, 1, 0},
   {GL_SAMPLER_2D_ARRAY_SHADOW, "sampler2DArrayShadow", 'f', SpvDim2D, 1, 1, 0},
   {GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW, "samplerCubeArrayShadow", 'f', SpvDimCube, 1, 1, 0},
   {GL_INT_SAMPLER_1D, "isampler1D", 'i', SpvDim1D, 0, 0, 0},
   {GL_INT_SAMPLER_2D, "isampler2D", 'i', SpvDim2D, 0, 0, 0},
   {GL_INT_SAMPLER_3D, "isampler3D", 'i', SpvDim3D, 0, 0, 0},
   {GL_INT_SAMPLER_CUBE, "isamplerCube", 'i', SpvDimCube, 0, 0, 0},
   {GL_INT_SAMPLER_2D_RECT, "isampler2DRect", 'i', SpvDimRect, 0, 0, 0},
   {GL_INT_SAMPLER_BUFFER, "isamplerBuffer", 'i', SpvDimBuffer, 0, 0, 0},
   {GL_INT_SAMPLER_1D_ARRAY, "isampler1DArray", 'i', SpvDim1D, 1, 0, 0},
   {GL_INT_SAMPLER_2D_ARRAY, "isampler2DArray", 'i', SpvDim2D, 1, 0, 0},
   {GL_INT_SAMPLER_CUBE_MAP_ARRAY, "isamplerCubeArray", 'i', SpvDimCube, 1, 0, 0},
   {GL_INT_SAMPLER_2D_MULTISAMPLE, "isampler2DMS", 'i', SpvDim2D, 0, 0, 1},
   {GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY, "isampler2DMSArray", 'i', SpvDim2D, 1, 0, 1},
   {GL_UNSIGNED_INT_SAMPLER_1D, "usampler1D", 'u', SpvDim1D, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_2D, "usampler2D", 'u', SpvDim2D, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_3D, "usampler3D", 'u', SpvDim3D, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_CUBE, "usamplerCube", 'u', SpvDimCube, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_2D_RECT, "usampler2DRect", 'u', SpvDimRect, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_BUFFER, "usamplerBuffer", 'u', SpvDimBuffer, 0, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_1D_ARRAY, "usampler1DArray", 'u', SpvDim1D, 1, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_2D_ARRAY, "usampler2DArray", 'u', SpvDim2D, 1, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY, "usamplerCubeArray", 'u', SpvDimCube, 1, 0, 0},
   {GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE, "usampler2DMS", 'u', SpvDim2D, 0, 0, 1},
   {GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY, "usampler2DMSArray", 'u', SpvDim2D, 1, 0, 1},
};

static char
base_of(const struct spv_module *m, uint32_t scalar, bool as_bool)
{
   const struct spv_id *t = spv_type(m, scalar);
   switch (t->op) {
   case SpvOpTypeFloat: return t->a == 64 ? 'd' : 'f';
   case SpvOpTypeInt: return as_bool ? 'b' : t->b ? 'i' : 'u';
   case SpvOpTypeBool: return 'b';
   default: return 0;
   }
}

/* Scalar component type of a scalar / vector / matrix type; 0 otherwise. */
static uint32_t
component_type(const struct spv_module *m, uint32_t type)
{
   const struct spv_id *t = spv_type(m, type);
   if (t->op == SpvOpTypeMatrix)
      t = spv_type(m, t->a), type = spv_type(m, type)->a;
   if (t->op == SpvOpTypeVector)
      return t->a;
   if (t->op == SpvOpTypeFloat || t->op == SpvOpTypeInt || t->op == SpvOpTypeBool)
      return type;
   return 0;
}

/* GL enum of a scalar / vector / matrix type; 0 for anything else. */
static uint32_t
gl_type_of(const struct spv_module *m, uint32_t type, bool as_bool)
{
   const struct spv_id *t = spv_type(m, type);
   uint8_t cols = 1, rows = 1;
   if (t->op == SpvOpTypeMatrix) {
      cols = (uint8_t)t->b;
      rows = (uint8_t)spv_type(m, t->a)->b;
   } else if (t->op == SpvOpTypeVector) {
      rows = (uint8_t)t->b;
   }
   char base = base_of(m, component_type(m, type), as_bool);
   for (size_t i = 0; i < sizeof(gl_types) / sizeof(gl_types[0]); i++)
      if (gl_types[i].base == base && gl_types[i].cols == cols && gl_types[i].rows == rows)
         return gl_types[i].gl;
   return 0;
}

/* GL enum of an OpTypeSampledImage (or OpTypeImage); 0 if none fits. */
static uint32_t
gl_sampler_of(const struct spv_module *m, uint32_t type)
{
   const struct spv_id *t = spv_type(m, type);
   if (t->op == SpvOpTypeSampledImage)
      t = spv_type(m, t->a);
   if (t->op != SpvOpTypeImage)
      return 0;
   char base = base_of(m, t->a, false);
   for (size_t i = 0; i < sizeof(gl_samplers) / sizeof(gl_samplers[0]); i++) {
      const struct gl_sampler_info *s = &gl_samplers[i];
      if (s->base == base && s->dim == t->b && s->depth == (t->c == 1) && s->arrayed == t->d &&
          s->ms == t->e)
         return s->gl;
   }
   return 0;
}

static const char *
gl_type_name(uint32_t gl)
{
   for (size_t i = 0; i < sizeof(gl_types) / sizeof(gl_types[0]); i++)
      if (gl_types[i].gl == gl)
         return gl_types[i].name;
   for (size_t i = 0; i < sizeof(gl_samplers) / sizeof(gl_samplers[0]); i++)
      if (gl_samplers[i].gl == gl)
         return gl_samplers[i].name;
   return "?";
}

/* A readable GLSL-ish name for messages ("vec4", "vec4[3]", "struct S"). */
static void
type_name(const struct spv_module *m, uint32_t type, char *buf, size_t size)
{
   uint32_t count;
   uint32_t elem = spv_strip_arrays(m, type, &count);
   const struct spv_id *t = spv_type(m, elem);
   const char *base;
   char tmp[64];
   if (t->op == SpvOpTypeStruct) {
      snprintf(tmp, sizeof(tmp), "struct %s", t->name ? t->name : "");
      base = tmp;
   } else {
      base = gl_type_name(gl_type_of(m, elem, false));
   }
   if (elem != type)
      snprintf(buf, size, "%s[%u]", base, count);
   else
      snprintf(buf, size, "%s", base);
}

/* Structural equality of two types, possibly from different modules (layout included). */
static bool
types_equal(const struct spv_module *ma, uint32_t a, const struct spv_module *mb, uint32_t b)
{
   const struct spv_id *ta = spv_type(ma, a), *tb = spv_type(mb, b);
   if (ta->op != tb->op)
      return false;
   switch (ta->op) {
   case SpvOpTypeBool:
      return true;
   case SpvOpTypeInt:
      return ta->a == tb->a && ta->b == tb->b;
   case SpvOpTypeFloat:
      return ta->a == tb->a;
   case SpvOpTypeVector:
   case SpvOpTypeMatrix:
      return ta->b == tb->b && types_equal(ma, ta->a, mb, tb->a);
   case SpvOpTypeArray:
      return ta->b == tb->b && ta->array_stride == tb->array_stride &&
             types_equal(ma, ta->a, mb, tb->a);
   case SpvOpTypeStruct:
      if (ta->num_members != tb->num_members)
         return false;
      for (uint32_t k = 0; k < ta->num_members; k++) {
         const struct spv_member *x = &ta->members[k], *y = &tb->members[k];
         if (x->offset != y->offset || x->matrix_stride != y->matrix_stride ||
             x->row_major != y->row_major ||
             strcmp(x->name ? x->name : "", y->name ? y->name : "") ||
             !types_equal(ma, x->type, mb, y->type))
            return false;
      }
      return true;
   case SpvOpTypeSampledImage:
      return types_equal(ma, ta->a, mb, tb->a);
   case SpvOpTypeImage:
      return ta->b == tb->b && ta->c == tb->c && ta->d == tb->d && ta->e == tb->e &&
             types_equal(ma, ta->a, mb, tb->a);
   default:
      return true;
   }
}

/* ── link state ────────────────────────────────────────────────────────────────────────────── */

struct stage {
   bool present;
   const uint32_t *w;
   size_t n;
   uint32_t *owned; /* w when pack_varyings rewrote the caller's words */
   struct spv_module *m;
   struct spv_deco_override *decos;
   unsigned num_decos, cap_decos;
   struct spv_var_alias *aliases;
   unsigned num_aliases, cap_aliases;
   uint32_t default_var;
   unsigned used_blocks, used_samplers; /* elements, for the per-stage limits */
};

struct link {
   const struct glsl_link_input *in;
   const struct glsl_taken *taken; /* [GLSL_STAGE_COUNT], see glsl_link_spirv */
   bool vs_essl3; /* see glsl_link_spirv */
   const struct glsl_stage_words *init_words;
   const struct glsl_ast_stage *ast;
   struct stage st[GLSL_STAGE_COUNT];
   struct glsl_program *prog;
   struct glsl_str *log;
   bool failed;
   uint32_t next_unused_binding;
   uint32_t out_loc_end[GLSL_STAGE_COUNT]; /* one past the output locations a stage uses */
   /* transform feedback of the last vertex-processing stage (link_xfb) */
   int xfb_stage;
   struct spv_xfb_deco *xfb;
   unsigned num_xfb, cap_xfb;
   bool xfb_position;
   uint32_t xfb_position_location;
   struct spv_xfb_deco xfb_position_deco;
   struct spv_xfb_copy *xfb_copies;
   unsigned num_xfb_copies, cap_xfb_copies;
   unsigned cap_uniforms, cap_blocks, cap_members, cap_samplers, cap_inputs, cap_outputs;
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
link_error(struct link *l, const char *fmt, ...)
{
   char buf[512];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(buf, sizeof(buf), fmt, ap);
   va_end(ap);
   glsl_str_printf(l->log, "error: %s\n", buf);
   l->failed = true;
}

static bool
grow(struct link *l, void **p, unsigned *cap, unsigned need, size_t elem)
{
   if (need <= *cap)
      return true;
   unsigned ncap = *cap ? *cap * 2 : 8;
   while (ncap < need)
      ncap *= 2;
   void *np = realloc(*p, (size_t)ncap * elem);
   if (!np) {
      link_error(l, "out of memory");
      return false;
   }
   *p = np;
   *cap = ncap;
   return true;
}
#define GROW(l, arr, n, cap) grow((l), (void **)&(arr), &(cap), (n) + 1, sizeof(*(arr)))

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static char *
strfmt(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   if (n < 0)
      return NULL;
   char *s = malloc((size_t)n + 1);
   if (!s)
      return NULL;
   va_start(ap, fmt);
   vsnprintf(s, (size_t)n + 1, fmt, ap);
   va_end(ap);
   return s;
}

static void
add_deco(struct link *l, struct stage *st, uint32_t id, enum spv_deco_kind kind, uint32_t value)
{
   if (!GROW(l, st->decos, st->num_decos, st->cap_decos))
      return;
   st->decos[st->num_decos++] = (struct spv_deco_override){id, kind, value};
}

static void
set_binding(struct link *l, struct stage *st, uint32_t var, uint32_t binding)
{
   add_deco(l, st, var, SPV_SET_DESCRIPTOR_SET, GLSL_DESCRIPTOR_SET);
   add_deco(l, st, var, SPV_SET_BINDING, binding);
}

static const char *
name_of(const struct spv_module *m, uint32_t id)
{
   const char *n = spv_type(m, id)->name;
   return n ? n : "";
}

static uint32_t
round16(uint32_t x)
{
   return (x + 15u) & ~15u;
}

/* ── uniform leaves (default block and block members) ─────────────────────────────────────── */

struct leaf_sink {
   struct glsl_uniform **arr;
   unsigned *n, *cap;
};

static void
add_leaf(struct link *l, const struct spv_module *m, struct leaf_sink *out, char *name,
         const char *scope, const char *path, uint32_t type, uint32_t array_size,
         uint32_t offset, uint32_t array_stride, uint32_t mstride, bool row_major)
{
   if (!name || !GROW(l, *out->arr, *out->n, *out->cap)) {
      free(name);
      if (!name)
         link_error(l, "out of memory");
      return;
   }
   /* SPIR-V keeps a bool block member as a 32-bit uint; the AST remembers the declaration. */
   uint32_t comp = component_type(m, type);
   bool as_bool = spv_type(m, comp)->op == SpvOpTypeInt && !spv_type(m, comp)->b &&
                  glsl_ast_member_is_bool(l->ast, GLSL_STAGE_COUNT, scope, path);
   bool is_matrix = spv_type(m, type)->op == SpvOpTypeMatrix;
   struct glsl_uniform *u = &(*out->arr)[(*out->n)++];
   *u = (struct glsl_uniform){
      .name = name,
      .type = gl_type_of(m, type, as_bool),
      .array_size = array_size,
      .offset = offset,
      .array_stride = array_stride,
      .matrix_stride = is_matrix ? mstride : 0,
      .row_major = is_matrix && row_major,
   };
}

static void
reflect_leaves(struct link *l, const struct spv_module *m, uint32_t type, const char *name,
               const char *path, const char *scope, uint32_t offset, uint32_t mstride,
               bool row_major, struct leaf_sink *out)
{
   const struct spv_id *t = spv_type(m, type);
   if (l->failed)
      return;
   if (t->op == SpvOpTypeArray) {
      uint32_t stride = t->array_stride > 0 ? (uint32_t)t->array_stride : 0;
      const struct spv_id *e = spv_type(m, t->a);
      if (e->op == SpvOpTypeStruct || e->op == SpvOpTypeArray) {
         for (uint32_t k = 0; k < t->b && !l->failed; k++) {
            char *sub = strfmt("%s[%u]", name, k);
            if (!sub) {
               link_error(l, "out of memory");
               return;
            }
            reflect_leaves(l, m, t->a, sub, path, scope, offset + k * stride, mstride, row_major,
                           out);
            free(sub);
         }
         return;
      }
      add_leaf(l, m, out, strfmt("%s[0]", name), scope, path, t->a, t->b, offset, stride, mstride,
               row_major);
      return;
   }
   if (t->op == SpvOpTypeStruct) {
      for (uint32_t k = 0; k < t->num_members && !l->failed; k++) {
         const struct spv_member *mb = &t->members[k];
         const char *mn = mb->name ? mb->name : "";
         char *cname = name[0] ? strfmt("%s.%s", name, mn) : strfmt("%s", mn);
         char *cpath = path[0] ? strfmt("%s.%s", path, mn) : strfmt("%s", mn);
         if (!cname || !cpath)
            link_error(l, "out of memory");
         else
            reflect_leaves(l, m, mb->type, cname, cpath, scope,
                           offset + (mb->offset > 0 ? (uint32_t)mb->offset : 0), mb->matrix_stride,
                           mb->row_major, out);
         free(cname);
         free(cpath);
      }
      return;
   }
   add_leaf(l, m, out, strfmt("%s", name), scope, path, type, 1, offset, 0, mstride, row_major);
}

/* ── uniform initializers ─────────────────────────────────────────────────────────────────── */

static void
put_scalar(uint8_t *buf, uint32_t size, uint32_t offset, const struct spv_id *c, uint32_t bytes)
{
   if (offset + bytes > size || !c)
      return;
   uint32_t lo = c->op == SpvOpConstant || c->op == SpvOpConstantTrue ? c->const_value : 0;
   memcpy(buf + offset, &lo, 4);
   if (bytes == 8) {
      uint32_t hi = c->op == SpvOpConstant ? c->const_high : 0;
      memcpy(buf + offset + 4, &hi, 4);
   }
}

static const struct spv_id *
constituent(const struct spv_module *cm, const struct spv_id *c, uint32_t k)
{
   if (!c || c->op != SpvOpConstantComposite || k >= c->num_constituents)
      return NULL; /* OpConstantNull: zeros, which the buffer already holds */
   return spv_type(cm, c->constituents[k]);
}

/* Writes constant `c` (from the OpenGL-target module cm) into buf at the layout that `type` has in
 * the Vulkan module vm: the same logical type, laid out std140. */
static void
write_constant(const struct spv_module *cm, const struct spv_id *c, const struct spv_module *vm,
               uint32_t type, uint32_t offset, uint32_t mstride, bool row_major, uint8_t *buf,
               uint32_t size)
{
   const struct spv_id *t = spv_type(vm, type);
   switch (t->op) {
   case SpvOpTypeBool:
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
      put_scalar(buf, size, offset, c, t->op == SpvOpTypeBool ? 4 : t->a / 8);
      break;
   case SpvOpTypeVector: {
      uint32_t bytes = spv_type_size(vm, t->a, 0, false);
      for (uint32_t k = 0; k < t->b; k++)
         put_scalar(buf, size, offset + k * bytes, constituent(cm, c, k), bytes);
      break;
   }
   case SpvOpTypeMatrix: {
      const struct spv_id *col = spv_type(vm, t->a);
      uint32_t bytes = spv_type_size(vm, col->a, 0, false);
      for (uint32_t ci = 0; ci < t->b; ci++) {
         const struct spv_id *cc = constituent(cm, c, ci);
         for (uint32_t r = 0; r < col->b; r++) {
            uint32_t at = row_major ? offset + r * mstride + ci * bytes
                                    : offset + ci * mstride + r * bytes;
            put_scalar(buf, size, at, constituent(cm, cc, r), bytes);
         }
      }
      break;
   }
   case SpvOpTypeArray: {
      uint32_t stride = t->array_stride > 0 ? (uint32_t)t->array_stride : 0;
      for (uint32_t k = 0; k < t->b; k++)
         write_constant(cm, constituent(cm, c, k), vm, t->a, offset + k * stride, mstride,
                        row_major, buf, size);
      break;
   }
   case SpvOpTypeStruct:
      for (uint32_t k = 0; k < t->num_members; k++) {
         const struct spv_member *mb = &t->members[k];
         write_constant(cm, constituent(cm, c, k), vm, mb->type,
                        offset + (mb->offset > 0 ? (uint32_t)mb->offset : 0), mb->matrix_stride,
                        mb->row_major, buf, size);
      }
      break;
   default:
      break;
   }
}

/* Fills the default block's initial data from the OpenGL-target modules' initializers. */
static void
apply_initializers(struct link *l, const struct spv_module *vm, uint32_t block)
{
   struct glsl_default_block *db = &l->prog->default_block;
   const struct spv_id *bt = spv_type(vm, block);
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!l->init_words || !l->init_words[s].words)
         continue;
      const char *err;
      struct spv_module *cm =
         spv_module_parse(l->init_words[s].words, l->init_words[s].num_words, &err);
      if (!cm) {
         glsl_str_printf(l->log, "warning: %s shader: uniform initializers ignored (%s)\n",
                         glsl_stage_name(s), err);
         continue;
      }
      for (unsigned i = 0; i < cm->num_vars; i++) {
         uint32_t v = cm->vars[i];
         if (cm->ids[v].storage != SpvStorageUniformConstant || !cm->ids[v].var_init)
            continue;
         const char *name = name_of(cm, v);
         for (uint32_t k = 0; k < bt->num_members; k++) {
            const struct spv_member *mb = &bt->members[k];
            if (!mb->name || strcmp(mb->name, name))
               continue;
            write_constant(cm, spv_type(cm, cm->ids[v].var_init), vm, mb->type,
                           mb->offset > 0 ? (uint32_t)mb->offset : 0, mb->matrix_stride,
                           mb->row_major, db->initial_data, db->size);
         }
      }
      spv_module_destroy(cm);
   }
}

/* ── default uniform block ─────────────────────────────────────────────────────────────────── */

static uint32_t
find_default_block(const struct spv_module *m)
{
   for (unsigned i = 0; i < m->num_vars; i++) {
      uint32_t v = m->vars[i];
      if (m->ids[v].storage != SpvStorageUniform)
         continue;
      const struct spv_id *t = spv_type(m, spv_var_pointee(m, v));
      if (t->op == SpvOpTypeStruct && t->name && !strcmp(t->name, "gl_DefaultUniformBlock"))
         return v;
   }
   return 0;
}

/* The glsl_state_uniform a hidden default-block member stands for; -1 for the app's own. */
static int
state_uniform(const char *name)
{
   if (!strcmp(name, "_mgl_DepthRange"))
      return GLSL_STATE_DEPTH_RANGE;
   if (!strcmp(name, "_mgl_PointCoordUpperLeft"))
      return GLSL_STATE_POINT_ORIGIN;
   if (!strcmp(name, "_mgl_PointSize"))
      return GLSL_STATE_POINT_SIZE;
   if (!strcmp(name, "_mgl_FramebufferHeight"))
      return GLSL_STATE_FRAMEBUFFER_HEIGHT;
   return -1;
}

static void
link_default_block(struct link *l)
{
   int ref = -1;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      struct stage *st = &l->st[s];
      if (!st->present || !(st->default_var = find_default_block(st->m)))
         continue;
      set_binding(l, st, st->default_var, GLSL_BINDING_DEFAULT_BLOCK);
      if (ref < 0) {
         ref = s;
      } else if (!types_equal(l->st[ref].m, spv_var_pointee(l->st[ref].m, l->st[ref].default_var),
                              st->m, spv_var_pointee(st->m, st->default_var))) {
         /* glslang merges the stages' default blocks; if it ever stops, we must notice. */
         link_error(l, "internal error: default uniform block layouts differ between the %s and "
                       "%s shaders",
                    glsl_stage_name(ref), glsl_stage_name(s));
         return;
      }
   }
   if (ref < 0)
      return;

   const struct spv_module *m = l->st[ref].m;
   uint32_t block = spv_var_pointee(m, l->st[ref].default_var);
   const struct spv_id *bt = spv_type(m, block);
   bool *used = calloc(bt->num_members ? bt->num_members : 1, sizeof(*used));
   if (!used) {
      link_error(l, "out of memory");
      return;
   }
   struct glsl_default_block *db = &l->prog->default_block;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      struct stage *st = &l->st[s];
      if (!st->default_var)
         continue;
      bool *su = calloc(bt->num_members ? bt->num_members : 1, sizeof(*su));
      if (!su) {
         link_error(l, "out of memory");
         break;
      }
      spv_member_uses(st->m, st->w, st->n, st->default_var, su, bt->num_members);
      for (uint32_t k = 0; k < bt->num_members; k++) {
         if (su[k]) {
            used[k] = true;
            db->stages |= GLSL_STAGE_BIT(s);
         }
      }
      free(su);
   }
   db->size = round16(spv_type_size(m, block, 0, false));
   if (db->size > GLSL_MAX_DEFAULT_BLOCK_SIZE) {
      link_error(l, "Too many uniform components: the default uniform block takes %u bytes, "
                    "at most %u",
                 db->size, GLSL_MAX_DEFAULT_BLOCK_SIZE);
      free(used);
      return;
   }
   if (db->size) {
      db->initial_data = calloc(1, db->size);
      if (!db->initial_data) {
         free(used);
         link_error(l, "out of memory");
         return;
      }
      apply_initializers(l, m, block);
   }
   struct leaf_sink sink = {&db->uniforms, &db->num_uniforms, &l->cap_uniforms};
   for (uint32_t k = 0; k < bt->num_members && !l->failed; k++) {
      const struct spv_member *mb = &bt->members[k];
      const char *mn = mb->name ? mb->name : "";
      int state = state_uniform(mn);
      if (state >= 0) {
         /* GL state the front end fills in (glsl_lower.c declares these); never reported */
         db->state_mask |= 1u << state;
         db->state_offset[state] = mb->offset > 0 ? (uint32_t)mb->offset : 0;
         continue;
      }
      if (!used[k])
         continue; /* inactive: GL does not report it */
      reflect_leaves(l, m, mb->type, mn, mn, "", mb->offset > 0 ? (uint32_t)mb->offset : 0,
                     mb->matrix_stride, mb->row_major, &sink);
   }
   free(used);
}

/* ── uniform blocks and samplers ───────────────────────────────────────────────────────────── */

/* One program-wide resource (a block, or a sampler), possibly an array. */
struct resource {
   const char *key;      /* block name / sampler name */
   int ref_stage;        /* stage whose declaration we reflect */
   uint32_t ref_var;
   uint32_t count;       /* array elements (1 if not an array) */
   bool is_array;
   uint32_t first_index; /* program-wide index of element 0 */
   uint32_t stages;      /* stages that use it */
};

static bool
is_ubo_var(const struct stage *st, uint32_t v)
{
   const struct spv_module *m = st->m;
   if (m->ids[v].storage != SpvStorageUniform || v == st->default_var)
      return false;
   const struct spv_id *t = spv_type(m, spv_strip_arrays(m, spv_var_pointee(m, v), NULL));
   return t->op == SpvOpTypeStruct && t->block;
}

static bool
is_sampler_var(const struct spv_module *m, uint32_t v)
{
   if (m->ids[v].storage != SpvStorageUniformConstant)
      return false;
   uint16_t op = spv_type(m, spv_strip_arrays(m, spv_var_pointee(m, v), NULL))->op;
   return op == SpvOpTypeSampledImage || op == SpvOpTypeImage || op == SpvOpTypeSampler;
}

static const char *
resource_key(const struct spv_module *m, uint32_t v, bool ubo)
{
   if (ubo)
      return name_of(m, spv_strip_arrays(m, spv_var_pointee(m, v), NULL));
   return name_of(m, v);
}

/* Collects program-wide resources of one kind in stage order (first use wins the lower index),
 * checks that stages agree, and decorates every declaration with its binding. */
static struct resource *
collect_resources(struct link *l, bool ubo, unsigned *out_n, uint32_t binding_base,
                  uint32_t max_total, uint32_t max_stage)
{
   struct resource *res = NULL;
   unsigned n = 0, cap = 0;
   const char *what = ubo ? "uniform block" : "sampler";

   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      struct stage *st = &l->st[s];
      if (!st->present)
         continue;
      const struct spv_module *m = st->m;
      for (unsigned i = 0; i < m->num_vars && !l->failed; i++) {
         uint32_t v = m->vars[i];
         if (ubo ? !is_ubo_var(st, v) : !is_sampler_var(m, v))
            continue;
         if (!m->ids[v].used)
            continue;
         const char *key = resource_key(m, v, ubo);
         uint32_t count;
         uint32_t pointee = spv_var_pointee(m, v);
         spv_strip_arrays(m, pointee, &count);
         bool is_array = spv_type(m, pointee)->op == SpvOpTypeArray;
         struct resource *r = NULL;
         for (unsigned k = 0; k < n; k++)
            if (!strcmp(res[k].key, key))
               r = &res[k];
         if (r) {
            const struct stage *rs = &l->st[r->ref_stage];
            if (!types_equal(rs->m, spv_var_pointee(rs->m, r->ref_var), m, pointee)) {
               char ta[96], tb[96];
               type_name(rs->m, spv_var_pointee(rs->m, r->ref_var), ta, sizeof(ta));
               type_name(m, pointee, tb, sizeof(tb));
               if (ubo)
                  link_error(l, "uniform block `%s' has mismatching definitions in the %s and "
                                "%s shaders",
                             key, glsl_stage_name(r->ref_stage), glsl_stage_name(s));
               else
                  link_error(l, "uniform `%s' declared as type `%s' in the %s shader and as "
                                "type `%s' in the %s shader",
                             key, ta, glsl_stage_name(r->ref_stage), tb, glsl_stage_name(s));
               break;
            }
            r->stages |= GLSL_STAGE_BIT(s);
         } else {
            if (!GROW(l, res, n, cap))
               break;
            r = &res[n++];
            *r = (struct resource){key, s, v, count, is_array, 0, GLSL_STAGE_BIT(s)};
         }
         if (ubo)
            st->used_blocks += count;
         else
            st->used_samplers += count;
      }
      unsigned used = ubo ? st->used_blocks : st->used_samplers;
      if (used > max_stage)
         link_error(l, "Too many %s shader %s (%u/%u)", glsl_stage_name(s),
                    ubo ? "uniform blocks" : "texture samplers", used, max_stage);
   }

   uint32_t next = 0;
   for (unsigned k = 0; k < n; k++) {
      res[k].first_index = next;
      next += res[k].count;
   }
   if (!l->failed && next > max_total)
      link_error(l, "Too many combined %ss (%u/%u)", what, next, max_total);

   /* Decorate every declaration, used or not. */
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      struct stage *st = &l->st[s];
      if (!st->present)
         continue;
      const struct spv_module *m = st->m;
      for (unsigned i = 0; i < m->num_vars; i++) {
         uint32_t v = m->vars[i];
         if (ubo ? !is_ubo_var(st, v) : !is_sampler_var(m, v))
            continue;
         const char *key = resource_key(m, v, ubo);
         uint32_t binding = 0;
         bool found = false;
         for (unsigned k = 0; k < n && !found; k++) {
            if (!strcmp(res[k].key, key)) {
               binding = binding_base + res[k].first_index;
               found = true;
            }
         }
         if (!found)
            binding = l->next_unused_binding++;
         set_binding(l, st, v, binding);
      }
   }
   *out_n = n;
   return res;
}

static void
link_blocks(struct link *l)
{
   unsigned n = 0;
   struct resource *res = collect_resources(l, true, &n, GLSL_BINDING_UBO_BASE,
                                            GLSL_MAX_UNIFORM_BLOCKS, GLSL_MAX_STAGE_UNIFORM_BLOCKS);
   struct glsl_program *p = l->prog;
   for (unsigned k = 0; k < n && !l->failed; k++) {
      struct resource *r = &res[k];
      const struct spv_module *m = l->st[r->ref_stage].m;
      uint32_t block = spv_strip_arrays(m, spv_var_pointee(m, r->ref_var), NULL);
      const char *inst = name_of(m, r->ref_var);
      uint32_t data_size = round16(spv_type_size(m, block, 0, false));
      if (data_size > GLSL_MAX_UNIFORM_BLOCK_SIZE) {
         link_error(l, "uniform block `%s' takes %u bytes, at most %u", r->key, data_size,
                    GLSL_MAX_UNIFORM_BLOCK_SIZE);
         break;
      }

      unsigned first_member = p->num_block_members;
      struct leaf_sink sink = {&p->block_members, &p->num_block_members, &l->cap_members};
      /* GL names members "B.a" when the block has an instance name, "a" when it has none. */
      reflect_leaves(l, m, block, inst[0] ? r->key : "", "", inst, 0, 0, false, &sink);

      for (uint32_t e = 0; e < r->count && !l->failed; e++) {
         if (!GROW(l, p->blocks, p->num_blocks, l->cap_blocks))
            break;
         char *name = r->is_array ? strfmt("%s[%u]", r->key, e) : strfmt("%s", r->key);
         if (!name) {
            link_error(l, "out of memory");
            break;
         }
         p->blocks[p->num_blocks++] = (struct glsl_uniform_block){
            .name = name,
            .binding = GLSL_BINDING_UBO_BASE + r->first_index,
            .array_element = e,
            .data_size = data_size,
            .stages = r->stages,
            .first_member = first_member,
            .num_members = p->num_block_members - first_member,
         };
      }
   }
   free(res);
}

static bool
contains_opaque(const struct spv_module *m, uint32_t type)
{
   const struct spv_id *t = spv_type(m, spv_strip_arrays(m, type, NULL));
   if (t->op == SpvOpTypeSampledImage || t->op == SpvOpTypeImage || t->op == SpvOpTypeSampler)
      return true;
   for (uint32_t k = 0; t->op == SpvOpTypeStruct && k < t->num_members; k++)
      if (contains_opaque(m, t->members[k].type))
         return true;
   return false;
}

static void
link_samplers(struct link *l)
{
   /* Relaxed Vulkan rules leave a sampler inside a uniform struct in an OpTypeStruct (even the
    * whole default block becomes UniformConstant), which Vulkan forbids; say so by name rather
    * than as a validation failure. */
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      const struct spv_module *m = l->st[s].m;
      for (unsigned i = 0; m && i < m->num_vars; i++) {
         uint32_t v = m->vars[i];
         const struct spv_id *t =
            spv_type(m, spv_strip_arrays(m, spv_var_pointee(m, v), NULL));
         if (m->ids[v].storage != SpvStorageUniformConstant || t->op != SpvOpTypeStruct)
            continue;
         const char *what = name_of(m, v);
         bool is_default = t->name && !strcmp(t->name, "gl_DefaultUniformBlock");
         for (uint32_t k = 0; is_default && k < t->num_members; k++)
            if (contains_opaque(m, t->members[k].type))
               what = t->members[k].name ? t->members[k].name : "";
         link_error(l, "uniform `%s' in the %s shader: samplers inside structures are not "
                       "supported by this implementation yet",
                    what, glsl_stage_name(s));
         return;
      }
   }

   unsigned n = 0;
   struct resource *res = collect_resources(l, false, &n, GLSL_BINDING_SAMPLER_BASE,
                                            GLSL_MAX_SAMPLERS, GLSL_MAX_STAGE_SAMPLERS);
   struct glsl_program *p = l->prog;
   for (unsigned k = 0; k < n && !l->failed; k++) {
      struct resource *r = &res[k];
      const struct spv_module *m = l->st[r->ref_stage].m;
      uint32_t elem = spv_strip_arrays(m, spv_var_pointee(m, r->ref_var), NULL);
      uint32_t type = gl_sampler_of(m, elem);
      if (!type) {
         link_error(l, "sampler `%s' has a type this implementation does not support", r->key);
         break;
      }
      for (uint32_t e = 0; e < r->count && !l->failed; e++) {
         if (!GROW(l, p->samplers, p->num_samplers, l->cap_samplers))
            break;
         char *name = r->is_array ? strfmt("%s[%u]", r->key, e) : strfmt("%s", r->key);
         if (!name) {
            link_error(l, "out of memory");
            break;
         }
         p->samplers[p->num_samplers++] = (struct glsl_sampler){
            .name = name,
            .type = type,
            .binding = GLSL_BINDING_SAMPLER_BASE + r->first_index,
            .array_element = e,
            .array_size = r->count,
            .stages = r->stages,
         };
      }
   }
   free(res);
}

/* ── inputs, outputs, varyings ─────────────────────────────────────────────────────────────── */

struct iovar {
   uint32_t var;
   const char *name;  /* variable name */
   const char *key;   /* matching key: variable name, or block name for interface blocks */
   bool is_block;
   uint32_t type;     /* pointee */
   uint32_t locs;
   int32_t location;  /* explicit (from the source) or assigned; -1 none yet */
   bool explicit_loc;
   uint32_t index;
   bool active;
   int order;
};

static bool
is_builtin_io(const struct spv_module *m, uint32_t v)
{
   if (m->ids[v].builtin >= 0)
      return true;
   const struct spv_id *t = spv_type(m, spv_strip_arrays(m, spv_var_pointee(m, v), NULL));
   if (t->op == SpvOpTypeStruct)
      for (uint32_t k = 0; k < t->num_members; k++)
         if (t->members[k].builtin >= 0)
            return true;
   return false;
}

static int
cmp_iovar(const void *a, const void *b)
{
   const struct iovar *x = a, *y = b;
   return x->order - y->order;
}

/* The user (non-builtin) variables of one storage class, in declaration order. */
static struct iovar *
collect_io(struct link *l, int s, uint32_t storage, unsigned *out_n)
{
   const struct spv_module *m = l->st[s].m;
   struct iovar *v = NULL;
   unsigned n = 0, cap = 0;
   for (unsigned i = 0; i < m->num_vars; i++) {
      uint32_t id = m->vars[i];
      if (m->ids[id].storage != storage || is_builtin_io(m, id))
         continue;
      if (!GROW(l, v, n, cap))
         break;
      uint32_t type = spv_var_pointee(m, id);
      /* A geometry input is one element per vertex of the input primitive: match and count
       * locations by the element. */
      if (s == GLSL_STAGE_GEOMETRY && storage == SpvStorageInput &&
          spv_type(m, type)->op == SpvOpTypeArray)
         type = spv_type(m, type)->a;
      uint32_t elem = spv_strip_arrays(m, type, NULL);
      bool is_block = spv_type(m, elem)->op == SpvOpTypeStruct && spv_type(m, elem)->block;
      int order = glsl_ast_order(&l->ast[s], name_of(m, id));
      int32_t location = m->ids[id].location;
      uint32_t index = m->ids[id].index > 0 ? (uint32_t)m->ids[id].index : 0;
      /* vertex inputs and fragment outputs whose layout the lowering took out of the text */
      const struct glsl_taken *tk = &l->taken[s];
      if (location < 0 && ((s == GLSL_STAGE_VERTEX && storage == SpvStorageInput) ||
                           (s == GLSL_STAGE_FRAGMENT && storage == SpvStorageOutput)))
         for (unsigned k = 0; k < tk->n; k++)
            if (!strcmp(tk->v[k].name, glsl_demangle(name_of(m, id)))) {
               location = tk->v[k].location;
               index = tk->v[k].index > 0 ? (uint32_t)tk->v[k].index : 0;
            }
      v[n++] = (struct iovar){
         .var = id,
         .name = name_of(m, id),
         .key = is_block ? name_of(m, elem) : name_of(m, id),
         .is_block = is_block,
         .type = type,
         .locs = spv_type_locations(m, type),
         .location = location,
         .explicit_loc = location >= 0,
         .index = index,
         .active = m->ids[id].used,
         /* SPIR-V orders variables by first use; GL users expect declaration order. */
         .order = order >= 0 ? order : 100000 + (int)i,
      };
   }
   if (n > 1)
      qsort(v, n, sizeof(*v), cmp_iovar);
   *out_n = n;
   return v;
}

static bool
range_free(uint64_t used, int32_t loc, uint32_t n)
{
   if (loc < 0 || loc + (int64_t)n > 64)
      return false;
   for (uint32_t k = 0; k < n; k++)
      if (used & (1ull << (loc + (int32_t)k)))
         return false;
   return true;
}

static void
mark(uint64_t *used, int32_t loc, uint32_t n)
{
   for (uint32_t k = 0; k < n && loc + (int32_t)k < 64; k++)
      *used |= 1ull << (loc + (int32_t)k);
}

static int32_t
lowest_free(uint64_t used, uint32_t n, int32_t max)
{
   for (int32_t loc = 0; loc + (int32_t)n <= max; loc++)
      if (range_free(used, loc, n))
         return loc;
   return -1;
}

/* The bound location of `v` (-1: none); *index gets the bound blend index. */
static int
binding_for(const struct glsl_binding *b, unsigned nb, const struct iovar *v, uint32_t *index)
{
   size_t len = strlen(v->name);
   for (unsigned i = 0; i < nb; i++) {
      if (!b[i].name || b[i].location < 0)
         continue;
      /* "arr[0]" names an array by its first element */
      if (!strcmp(b[i].name, v->name) ||
          (!strncmp(b[i].name, v->name, len) && !strcmp(b[i].name + len, "[0]"))) {
         *index = b[i].index > 0 ? (uint32_t)b[i].index : 0;
         return b[i].location;
      }
   }
   return -1;
}

/* GL's location rules for vertex inputs / fragment outputs (see glsl.h). `alias`: explicit and
 * bound locations may overlap (vertex inputs: GL calls it aliasing). max_index1: the locations
 * open to blend index 1 (fragment outputs). A bound pair's index applies to a variable that
 * has no explicit location (the shader's layout wins). */
static void
assign_locations(struct link *l, struct iovar *v, unsigned n, const struct glsl_binding *b,
                 unsigned nb, int32_t max, int32_t max_index1, const char *what, bool alias)
{
   uint64_t used[2] = {0, 0}; /* per blend index */

   for (unsigned i = 0; i < n && !l->failed; i++) {
      if (!v[i].explicit_loc)
         continue;
      uint64_t *u = &used[v[i].index ? 1 : 0];
      if (v[i].index && v[i].location + (int64_t)v[i].locs > max_index1)
         link_error(l, "%s `%s' with index 1 at location %d: dual-source blending takes only "
                       "%d location(s) of index 1",
                    what, v[i].name, v[i].location, max_index1);
      else if (v[i].location + (int64_t)v[i].locs > max)
         link_error(l, "%s `%s' at location %d exceeds the maximum location %d", what, v[i].name,
                    v[i].location, max - 1);
      else if (!alias && !range_free(*u, v[i].location, v[i].locs))
         link_error(l, "%s `%s' at location %d overlaps another %s", what, v[i].name,
                    v[i].location, what);
      else
         mark(u, v[i].location, v[i].locs);
   }
   /* Used ones first, so that a declared-but-unused variable never takes a location an active
    * one needs; bound names before unbound ones. */
   for (int pass = 0; pass < 4 && !l->failed; pass++) {
      bool want_active = pass < 2, want_bound = (pass % 2) == 0;
      for (unsigned i = 0; i < n && !l->failed; i++) {
         if (v[i].explicit_loc || v[i].active != want_active)
            continue;
         uint32_t bound_index = 0;
         int bound = binding_for(b, nb, &v[i], &bound_index);
         if ((bound >= 0) != want_bound)
            continue;
         if (bound >= 0)
            v[i].index = bound_index;
         uint64_t *u = &used[v[i].index ? 1 : 0];
         const int32_t lim = v[i].index ? max_index1 : max;
         if (bound >= 0) {
            if ((alias || range_free(*u, bound, v[i].locs)) &&
                bound + (int64_t)v[i].locs <= lim) {
               v[i].location = bound;
               mark(u, bound, v[i].locs);
               continue;
            }
            if (v[i].active) {
               link_error(l, "insufficient contiguous locations available for %s `%s' at bound "
                             "location %d",
                          what, v[i].name, bound);
               break;
            }
         }
         int32_t loc = lowest_free(*u, v[i].locs, lim);
         if (loc < 0 && !v[i].active)
            loc = lowest_free(*u, v[i].locs, 64); /* never read: any free slot will do */
         if (loc < 0) {
            link_error(l, "insufficient contiguous locations available for %s `%s'", what,
                       v[i].name);
            break;
         }
         v[i].location = loc;
         mark(u, loc, v[i].locs);
      }
   }
}

static void
store_io(struct link *l, int s, struct iovar *v, unsigned n, struct glsl_io **arr,
         unsigned *count, unsigned *cap)
{
   const struct spv_module *m = l->st[s].m;
   /* Active ones first, each group in declaration order. */
   for (int want_active = 1; want_active >= 0; want_active--) {
      for (unsigned i = 0; i < n && !l->failed; i++) {
         if (v[i].active != (bool)want_active)
            continue;
         if (!GROW(l, *arr, *count, *cap))
            return;
         uint32_t array_size;
         uint32_t elem = spv_strip_arrays(m, v[i].type, &array_size);
         char *name = glsl_strdup(v[i].name);
         if (!name) {
            link_error(l, "out of memory");
            return;
         }
         (*arr)[(*count)++] = (struct glsl_io){
            .name = name,
            .type = gl_type_of(m, elem, false),
            .array_size = array_size,
            .location = v[i].location,
            .num_locations = v[i].locs,
            .index = v[i].index,
            .active = v[i].active,
         };
      }
   }
}

/* Locations the user variables of storage class sc of stage s take (a geometry input by its
 * per-vertex element). */
static uint32_t
interface_locations(const struct link *l, int s, uint32_t sc)
{
   const struct spv_module *m = l->st[s].m;
   uint32_t n = 0;
   for (unsigned i = 0; i < m->num_vars; i++) {
      uint32_t id = m->vars[i];
      if (m->ids[id].storage != sc || is_builtin_io(m, id))
         continue;
      uint32_t type = spv_var_pointee(m, id);
      if (s == GLSL_STAGE_GEOMETRY && sc == SpvStorageInput &&
          spv_type(m, type)->op == SpvOpTypeArray)
         type = spv_type(m, type)->a;
      n += spv_type_locations(m, type);
   }
   return n;
}

/* GL limits a stage interface by components, Vulkan by locations. When some interface needs
 * more locations than the device has, arrays of scalars are packed four to a location in every
 * stage (spirv_pack.c; the same rewrite on both sides of each interface keeps them matching).
 * Not with transform feedback, whose offsets and copies name the unpacked elements. */
static void
pack_varyings(struct link *l)
{
   const uint32_t max_locs = glsl_varying_components(l->in) / 4;
   bool over = false;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!l->st[s].present)
         continue;
      if (s != GLSL_STAGE_VERTEX && interface_locations(l, s, SpvStorageInput) > max_locs)
         over = true;
      if (s != GLSL_STAGE_FRAGMENT && interface_locations(l, s, SpvStorageOutput) > max_locs)
         over = true;
   }
   if (!over || l->in->num_xfb_varyings)
      return;
   /* all stages or none: a packed output never meets an unpacked input */
   uint32_t *w[GLSL_STAGE_COUNT] = {0};
   size_t nw[GLSL_STAGE_COUNT] = {0};
   bool blocked = false;
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed && !blocked; s++) {
      if (!l->st[s].present)
         continue;
      const char *err = NULL;
      w[s] = spv_pack_varyings(l->st[s].w, l->st[s].n, s != GLSL_STAGE_VERTEX,
                               s != GLSL_STAGE_FRAGMENT, &nw[s], &blocked, &err);
      if (err)
         link_error(l, "internal error: cannot pack the %s shader's varyings: %s",
                    glsl_stage_name(s), err);
   }
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      struct stage *st = &l->st[s];
      if (!w[s])
         continue;
      const char *err = NULL;
      struct spv_module *m = blocked || l->failed ? NULL : spv_module_parse(w[s], nw[s], &err);
      if (!m) {
         if (err)
            link_error(l, "internal error: cannot read the %s shader's packed SPIR-V: %s",
                       glsl_stage_name(s), err);
         free(w[s]);
         continue;
      }
      spv_module_destroy(st->m);
      free(st->owned);
      st->owned = w[s];
      st->w = w[s];
      st->n = nw[s];
      st->m = m;
   }
}

static void
link_vertex_inputs(struct link *l)
{
   struct stage *st = &l->st[GLSL_STAGE_VERTEX];
   if (!st->present)
      return;
   unsigned n;
   struct iovar *v = collect_io(l, GLSL_STAGE_VERTEX, SpvStorageInput, &n);
   assign_locations(l, v, n, l->in->attrib_bindings, l->in->num_attrib_bindings,
                    GLSL_MAX_VERTEX_ATTRIBS, 0, "vertex shader input", true);
   /* Aliasing (GL 3.3, 2.11.3): several names may share a generic attribute as long as no path
    * through the shader reads two of them. Vulkan wants one Input variable per location, so an
    * active input on the location of an earlier active one of the same type becomes that one. */
   for (unsigned j = 0; j < n && !l->failed; j++) {
      for (unsigned i = 0; i < j && v[j].active; i++) {
         if (!v[i].active || v[i].location + (int64_t)v[i].locs <= v[j].location ||
             v[j].location + (int64_t)v[j].locs <= v[i].location)
            continue;
         if (l->vs_essl3) {
            link_error(l, "vertex shader inputs `%s' and `%s' alias location %d; GLSL ES 3.00 "
                          "does not allow aliasing (OpenGL ES 3.0 2.11.5)",
                       v[i].name, v[j].name, v[j].location);
            break;
         }
         if (v[i].location != v[j].location || !types_equal(st->m, v[i].type, st->m, v[j].type)) {
            link_error(l, "vertex shader inputs `%s' and `%s' alias location %d with different "
                          "types; this implementation supports aliasing only between inputs of "
                          "the same type",
                       v[i].name, v[j].name, v[j].location);
            break;
         }
         if (!GROW(l, st->aliases, st->num_aliases, st->cap_aliases))
            break;
         uint32_t to = v[i].var;
         for (unsigned k = 0; k < st->num_aliases; k++)
            if (st->aliases[k].from == to)
               to = st->aliases[k].to;
         st->aliases[st->num_aliases++] = (struct spv_var_alias){v[j].var, to};
         break;
      }
   }
   for (unsigned i = 0; i < n && !l->failed; i++)
      add_deco(l, st, v[i].var, SPV_SET_LOCATION, (uint32_t)v[i].location);
   if (!l->failed)
      store_io(l, GLSL_STAGE_VERTEX, v, n, &l->prog->inputs, &l->prog->num_inputs,
               &l->cap_inputs);
   free(v);
}

static void
link_fragment_outputs(struct link *l)
{
   struct stage *st = &l->st[GLSL_STAGE_FRAGMENT];
   if (!st->present)
      return;
   unsigned n;
   struct iovar *v = collect_io(l, GLSL_STAGE_FRAGMENT, SpvStorageOutput, &n);
   assign_locations(l, v, n, l->in->frag_data_bindings, l->in->num_frag_data_bindings,
                    GLSL_MAX_DRAW_BUFFERS, GLSL_MAX_DUAL_SOURCE_DRAW_BUFFERS,
                    "fragment shader output", false);
   for (unsigned i = 0; i < n && !l->failed; i++) {
      add_deco(l, st, v[i].var, SPV_SET_LOCATION, (uint32_t)v[i].location);
      /* a bound index 1 reaches the SPIR-V here, as does a layout(index = 1) the lowering took
       * out of the text; glslang's own layout(index = 1) already has it */
      if (v[i].index)
         add_deco(l, st, v[i].var, SPV_SET_INDEX, v[i].index);
   }
   if (!l->failed)
      store_io(l, GLSL_STAGE_FRAGMENT, v, n, &l->prog->outputs, &l->prog->num_outputs,
               &l->cap_outputs);
   free(v);
}

/* Outputs of `prod` and inputs of `cons` (either may be -1) matched by name, GL style. A
 * geometry stage consumes arrays (in vec4 v[]): collect_io strips that outer level. */
static void
link_varyings(struct link *l, int prod, int cons)
{
   unsigned np = 0, nc = 0;
   struct iovar *out = prod >= 0 ? collect_io(l, prod, SpvStorageOutput, &np) : NULL;
   struct iovar *in = cons >= 0 ? collect_io(l, cons, SpvStorageInput, &nc) : NULL;
   uint32_t next = 0, max_locs = glsl_varying_components(l->in) / 4;

   for (unsigned i = 0; i < np; i++) {
      out[i].location = (int32_t)next;
      next += out[i].locs;
   }
   if (next > max_locs)
      link_error(l, "Too many %s shader outputs (%u locations, at most %u)",
                 glsl_stage_name(prod), next, max_locs);
   if (prod >= 0)
      l->out_loc_end[prod] = next;

   for (unsigned i = 0; i < nc && !l->failed; i++) {
      struct iovar *o = NULL;
      for (unsigned k = 0; k < np && !o; k++)
         if (out[k].is_block == in[i].is_block && !strcmp(out[k].key, in[i].key))
            o = &out[k];
      if (!o) {
         if (in[i].active && prod >= 0) {
            link_error(l, "%s shader varying %s not written by %s shader",
                       glsl_stage_name(cons), in[i].key, glsl_stage_name(prod));
            break;
         }
         in[i].location = (int32_t)next;
         next += in[i].locs;
         continue;
      }
      const struct spv_module *pm = l->st[prod].m, *cm = l->st[cons].m;
      if (!types_equal(pm, o->type, cm, in[i].type)) {
         char ta[96], tb[96];
         type_name(pm, o->type, ta, sizeof(ta));
         type_name(cm, in[i].type, tb, sizeof(tb));
         link_error(l, "%s shader output `%s' declared as type `%s', but %s shader input "
                       "declared as type `%s'",
                    glsl_stage_name(prod), o->key, ta, glsl_stage_name(cons), tb);
         break;
      }
      const struct spv_id *pv = &pm->ids[o->var], *cv = &cm->ids[in[i].var];
      if (pv->flat != cv->flat || pv->noperspective != cv->noperspective) {
         link_error(l, "interpolation qualifier mismatch for `%s' between the %s and %s shaders",
                    o->key, glsl_stage_name(prod), glsl_stage_name(cons));
         break;
      }
      /* GLSL 1.50 / 3.30, 4.6.1: a varying is invariant in both stages or in neither. */
      if (pv->invariant != cv->invariant) {
         link_error(l, "`%s' is invariant in the %s shader but not in the %s shader", o->key,
                    glsl_stage_name(pv->invariant ? prod : cons),
                    glsl_stage_name(pv->invariant ? cons : prod));
         break;
      }
      in[i].location = o->location;
   }
   if (!l->failed && next > max_locs && prod < 0)
      link_error(l, "Too many %s shader inputs (%u locations, at most %u)",
                 glsl_stage_name(cons), next, max_locs);

   for (unsigned i = 0; i < np && !l->failed; i++)
      add_deco(l, &l->st[prod], out[i].var, SPV_SET_LOCATION, (uint32_t)out[i].location);
   for (unsigned i = 0; i < nc && !l->failed; i++)
      add_deco(l, &l->st[cons], in[i].var, SPV_SET_LOCATION, (uint32_t)in[i].location);
   free(out);
   free(in);
}

/* ── transform feedback ────────────────────────────────────────────────────────────────────── */

/* Components a varying of this type takes in a capture (GL 3.3, 2.11.8: a matN takes N*N, an
 * array its elements' sum). */
static uint32_t
xfb_components(const struct spv_module *m, uint32_t type)
{
   uint32_t count;
   const struct spv_id *t = spv_type(m, spv_strip_arrays(m, type, &count));
   uint32_t c = 1;
   if (t->op == SpvOpTypeMatrix)
      c = t->b * spv_type(m, t->a)->b;
   else if (t->op == SpvOpTypeVector)
      c = t->b;
   uint32_t scalar = component_type(m, spv_strip_arrays(m, type, NULL));
   if (scalar && spv_type(m, scalar)->op == SpvOpTypeFloat && spv_type(m, scalar)->a == 64)
      c *= 2;
   return c * count;
}

/* A captured name that is part of an output ("a[2]", "s.f", "s.arr[1].g", "Block.m", or "m" of a
 * block without instance name): the output variable, the access-chain indices and the part's
 * type. False when the name names no such part of a user output (or a whole struct). */
static bool
xfb_resolve_part(const struct spv_module *m, const char *name, struct spv_xfb_copy *out)
{
   memset(out, 0, sizeof(*out));
   size_t n = strcspn(name, ".[");
   char base[128];
   if (n == 0 || n >= sizeof(base))
      return false;
   memcpy(base, name, n);
   base[n] = '\0';
   const char *rest = name + n;
   uint32_t var = 0;
   for (unsigned v = 0; v < m->num_vars && !var; v++) {
      uint32_t id = m->vars[v];
      if (m->ids[id].storage != SpvStorageOutput || is_builtin_io(m, id))
         continue;
      const struct spv_id *t = spv_type(m, spv_var_pointee(m, id));
      /* an array of blocks is named by its block name too: "Block[1].m" (GL 3.3 §2.11.8) */
      const struct spv_id *bt = t->op == SpvOpTypeArray ? spv_type(m, t->a) : t;
      const bool block = bt->op == SpvOpTypeStruct && bt->block;
      if (!block && !strcmp(glsl_demangle(name_of(m, id)), base))
         var = id; /* a variable: "a[2]", "s.f" */
      else if (block && bt->name && !strcmp(glsl_demangle(bt->name), base))
         var = id; /* a block by its block name: "Block.m", "Block[1].m" */
      else if (block && t == bt && !*name_of(m, id)) {
         for (uint32_t k = 0; k < t->num_members && !var; k++)
            if (t->members[k].name && !strcmp(glsl_demangle(t->members[k].name), base)) {
               var = id; /* a member of a block without instance name: "m" */
               rest = name;
               out->indices[out->num_indices++] = k;
            }
         if (var) {
            /* the member itself was the first step */
            out->var = var;
            out->type = t->members[out->indices[0]].type;
            rest = name + n;
         }
      }
   }
   if (!var)
      return false;
   uint32_t type = out->var ? out->type : spv_var_pointee(m, var);
   out->var = var;
   while (*rest) {
      if (out->num_indices == SPV_XFB_MAX_INDICES)
         return false;
      const struct spv_id *t = spv_type(m, type);
      if (*rest == '[') {
         char *end;
         unsigned long k = strtoul(rest + 1, &end, 10);
         if (end == rest + 1 || *end != ']' || t->op != SpvOpTypeArray || k >= t->b)
            return false;
         out->indices[out->num_indices++] = (uint32_t)k;
         type = t->a;
         rest = end + 1;
      } else if (*rest == '.') {
         size_t len = strcspn(rest + 1, ".[");
         if (t->op != SpvOpTypeStruct || !len)
            return false;
         uint32_t k = 0;
         while (k < t->num_members &&
                !(t->members[k].name && strlen(glsl_demangle(t->members[k].name)) == len &&
                  !strncmp(glsl_demangle(t->members[k].name), rest + 1, len)))
            k++;
         if (k == t->num_members)
            return false;
         out->indices[out->num_indices++] = k;
         type = t->members[k].type;
         rest += 1 + len;
      } else {
         return false;
      }
   }
   /* A struct is not captured whole (GL names its leaves); a plain variable is not a part. */
   if (spv_type(m, spv_strip_arrays(m, type, NULL))->op == SpvOpTypeStruct || !out->num_indices)
      return false;
   out->type = type;
   return true;
}

/* Splits every captured part into its leaves (array elements, matrix columns) until each copy
 * is a scalar or a vector, each with the buffer offset of its own place in the capture. */
static bool
xfb_split_copies(struct link *l, const struct spv_module *m)
{
   for (unsigned c = 0; c < l->num_xfb_copies;) {
      struct spv_xfb_copy cp = l->xfb_copies[c];
      const struct spv_id *t = spv_type(m, cp.type);
      if (t->op != SpvOpTypeArray && t->op != SpvOpTypeMatrix) {
         c++;
         continue;
      }
      if (cp.num_indices == SPV_XFB_MAX_INDICES) {
         MGU_DECLINE(gl_feature_unimplemented, "transform feedback of a part nested more than "
                     "%u deep", SPV_XFB_MAX_INDICES);
         link_error(l, "a captured varying is nested too deep");
         return false;
      }
      const uint32_t n = t->b, elem = t->a, step = xfb_components(m, elem) * 4;
      /* element 0 takes the part's place, the others go at the end */
      for (uint32_t e = 0; e < n; e++) {
         struct spv_xfb_copy leaf = cp;
         leaf.type = elem;
         leaf.indices[leaf.num_indices++] = e;
         leaf.deco.offset = cp.deco.offset + e * step;
         if (e == 0) {
            l->xfb_copies[c] = leaf;
         } else {
            if (!GROW(l, l->xfb_copies, l->num_xfb_copies, l->cap_xfb_copies))
               return false;
            l->xfb_copies[l->num_xfb_copies++] = leaf;
         }
      }
   }
   return true;
}

/* Locations for the copies: 32-bit scalars and vectors share a location (Component
 * decorations) with others of the same component type, first fit in capture order; 64-bit ones
 * take locations of their own. Fails (a named decline) past the stage's output locations. */
static bool
xfb_pack_copies(struct link *l, const struct spv_module *m, uint32_t *next_loc, uint32_t max_locs)
{
   struct slot {
      uint32_t location, scalar, used;
   } slots[64];
   unsigned num_slots = 0;
   for (unsigned c = 0; c < l->num_xfb_copies; c++) {
      struct spv_xfb_copy *cp = &l->xfb_copies[c];
      const uint32_t scalar = component_type(m, cp->type);
      const uint32_t comps = xfb_components(m, cp->type);
      const bool wide = scalar && spv_type(m, scalar)->a == 64;
      unsigned k = 0;
      while (!wide && k < num_slots && !(slots[k].scalar == scalar && slots[k].used + comps <= 4))
         k++;
      if (!wide && k < num_slots) {
         cp->location = slots[k].location;
         cp->component = slots[k].used;
         slots[k].used += comps;
         continue;
      }
      cp->location = *next_loc;
      cp->component = 0;
      *next_loc += spv_type_locations(m, cp->type);
      if (*next_loc > max_locs) {
         MGU_DECLINE(gl_feature_unimplemented, "transform feedback with no output location "
                     "left for the copy of a captured part");
         link_error(l, "no output location left to capture every part of the varyings");
         return false;
      }
      if (!wide && num_slots < sizeof(slots) / sizeof(slots[0]))
         slots[num_slots++] = (struct slot){cp->location, scalar, comps};
   }
   return true;
}

/* glTransformFeedbackVaryings at link (GL 3.3, 2.11.8): every name must be an output of the last
 * vertex-processing stage, named once, within the mode's component limits. Interleaved: all in
 * buffer 0, back to back in the app's order; separate: varying i alone in buffer i. */
static void
link_xfb(struct link *l)
{
   const struct glsl_link_input *in = l->in;
   l->xfb_stage = -1;
   if (!in->num_xfb_varyings)
      return;
   int s = -1;
   for (unsigned i = 0; i < GLSL_STAGE_COUNT; i++) {
      enum glsl_stage st = glsl_pipeline_stage(i);
      if (l->st[st].present && st != GLSL_STAGE_FRAGMENT)
         s = (int)st;
   }
   if (s < 0) {
      link_error(l, "transform feedback varyings need a vertex or geometry shader");
      return;
   }
   struct glsl_program *prog = l->prog;
   prog->xfb = calloc(in->num_xfb_varyings, sizeof(*prog->xfb));
   if (!prog->xfb) {
      link_error(l, "out of memory");
      return;
   }
   prog->xfb_separate = in->xfb_separate;
   l->xfb_stage = s;
   const struct spv_module *m = l->st[s].m;
   uint32_t total = 0;
   for (unsigned i = 0; i < in->num_xfb_varyings && !l->failed; i++) {
      const char *name = in->xfb_varyings[i] ? in->xfb_varyings[i] : "";
      for (unsigned k = 0; k < i; k++) {
         if (!strcmp(in->xfb_varyings[k] ? in->xfb_varyings[k] : "", name)) {
            link_error(l, "transform feedback varying `%s' specified more than once", name);
            return;
         }
      }
      uint32_t var = 0, type = 0;
      struct spv_xfb_copy part;
      bool is_part = false;
      bool position = !strcmp(name, "gl_Position");
      if (position) {
         for (unsigned v = 0; v < m->num_vars && !type; v++) {
            uint32_t id = m->vars[v];
            if (m->ids[id].storage != SpvStorageOutput)
               continue;
            const struct spv_id *t = spv_type(m, spv_var_pointee(m, id));
            if (m->ids[id].builtin == SpvBuiltInPosition)
               type = spv_var_pointee(m, id);
            for (uint32_t k = 0; t->op == SpvOpTypeStruct && k < t->num_members; k++)
               if (t->members[k].builtin == SpvBuiltInPosition)
                  type = t->members[k].type;
         }
      } else {
         for (unsigned v = 0; v < m->num_vars && !var; v++) {
            uint32_t id = m->vars[v];
            if (m->ids[id].storage == SpvStorageOutput && !is_builtin_io(m, id) &&
                !strcmp(glsl_demangle(name_of(m, id)), name))
               var = id;
         }
         if (var)
            type = spv_var_pointee(m, var);
         if (!var && xfb_resolve_part(m, name, &part)) {
            type = part.type;
            is_part = true;
         }
      }
      if (!type) {
         if (!strncmp(name, "gl_", 3))
            MGU_DECLINE(gl_feature_unimplemented, "transform feedback capture of `%s'", name);
         link_error(l, "transform feedback varying `%s' is not an output of the %s shader", name,
                    glsl_stage_name(s));
         return;
      }
      uint32_t count, elem = spv_strip_arrays(m, type, &count);
      uint32_t comps = xfb_components(m, type);
      uint32_t gl = gl_type_of(m, elem, false);
      if (!gl) {
         link_error(l, "transform feedback varying `%s' has a type that cannot be captured", name);
         return;
      }
      if (is_part) {
         if (!GROW(l, l->xfb_copies, l->num_xfb_copies, l->cap_xfb_copies))
            return;
         part.deco.id = i; /* which varying: its place is known below */
         l->xfb_copies[l->num_xfb_copies++] = part;
      }
      if (in->xfb_separate && comps > GLSL_MAX_XFB_SEPARATE_COMPONENTS) {
         link_error(l, "transform feedback varying `%s' takes %u components, more than "
                       "GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS (%u)",
                    name, comps, GLSL_MAX_XFB_SEPARATE_COMPONENTS);
         return;
      }
      char *copy = glsl_strdup(name);
      if (!copy) {
         link_error(l, "out of memory");
         return;
      }
      prog->xfb[prog->num_xfb++] = (struct glsl_xfb_varying){
         .name = copy,
         .type = gl,
         .size = count,
         .buffer = in->xfb_separate ? i : 0,
         .offset = in->xfb_separate ? 0 : total * 4,
         .components = comps,
      };
      total += comps;
      if (!in->xfb_separate && total > GLSL_MAX_XFB_INTERLEAVED_COMPONENTS) {
         link_error(l, "transform feedback varyings take %u components, more than "
                       "GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS (%u)",
                    total, GLSL_MAX_XFB_INTERLEAVED_COMPONENTS);
         return;
      }
   }
   for (unsigned i = 0; i < prog->num_xfb; i++) {
      const struct glsl_xfb_varying *x = &prog->xfb[i];
      prog->xfb_stride[x->buffer] = in->xfb_separate ? x->components * 4 : total * 4;
   }
   /* Hand the decorations to the patch of stage s. Captured parts and gl_Position are copies in
    * outputs of their own, at the locations after the stage's outputs; the parts' copies are
    * split into scalars and vectors packed several to a location. */
   uint32_t next_loc = l->out_loc_end[s];
   const uint32_t max_locs = glsl_varying_components(in) / 4;
   for (unsigned c = 0; c < l->num_xfb_copies; c++) {
      struct spv_xfb_copy *cp = &l->xfb_copies[c];
      const struct glsl_xfb_varying *x = &prog->xfb[cp->deco.id];
      cp->deco = (struct spv_xfb_deco){0, x->buffer, x->offset, prog->xfb_stride[x->buffer]};
   }
   if (!xfb_split_copies(l, m) || !xfb_pack_copies(l, m, &next_loc, max_locs))
      return;
   for (unsigned i = 0; i < prog->num_xfb && !l->failed; i++) {
      const struct glsl_xfb_varying *x = &prog->xfb[i];
      struct spv_xfb_deco d = {0, x->buffer, x->offset, prog->xfb_stride[x->buffer]};
      bool copied = false;
      for (unsigned c = 0; c < l->num_xfb_copies; c++)
         copied |= l->xfb_copies[c].deco.offset == x->offset &&
                   l->xfb_copies[c].deco.buffer == x->buffer && x->components;
      if (copied)
         continue;
      if (!strcmp(x->name, "gl_Position")) {
         uint32_t loc = next_loc++;
         if (loc >= max_locs) {
            MGU_DECLINE(gl_feature_unimplemented, "gl_Position capture with every output "
                        "location in use");
            link_error(l, "no output location left to capture gl_Position");
            return;
         }
         l->xfb_position = true;
         l->xfb_position_location = loc;
         l->xfb_position_deco = d;
         continue;
      }
      for (unsigned v = 0; v < m->num_vars; v++) {
         uint32_t id = m->vars[v];
         if (m->ids[id].storage == SpvStorageOutput && !is_builtin_io(m, id) &&
             !strcmp(glsl_demangle(name_of(m, id)), x->name))
            d.id = id;
      }
      if (!GROW(l, l->xfb, l->num_xfb, l->cap_xfb))
         return;
      l->xfb[l->num_xfb++] = d;
   }
}

/* ── geometry layout ───────────────────────────────────────────────────────────────────────── */

/* The geometry stage's layout(...) in / out qualifiers, from its OpExecutionMode words (glslang
 * has already refused a geometry shader without them). */
static void
link_geometry_layout(struct link *l)
{
   const struct stage *st = &l->st[GLSL_STAGE_GEOMETRY];
   struct glsl_geometry *g = &l->prog->geometry;
   if (!st->present)
      return;
   g->invocations = 1;
   bool have_in = false, have_out = false; /* GL_POINTS is 0: the values cannot tell */
   for (size_t at = 5; at < st->n;) {
      uint32_t wc = st->w[at] >> 16, op = st->w[at] & 0xffff;
      const uint32_t *in = &st->w[at];
      if (!wc)
         break;
      at += wc;
      if (op != SpvOpExecutionMode || wc < 3 || in[1] != st->m->entry_point)
         continue;
      static const uint32_t input_of[] = {GL_POINTS, GL_LINES, GL_LINES_ADJACENCY, GL_TRIANGLES,
                                          GL_TRIANGLES_ADJACENCY};
      static const uint32_t output_of[] = {GL_POINTS, GL_LINE_STRIP, GL_TRIANGLE_STRIP};
      const uint32_t mode = in[2];
      if (mode >= 19 && mode <= 23) { /* InputPoints .. InputTrianglesAdjacency */
         g->input_type = input_of[mode - 19];
         have_in = true;
      } else if (mode >= 27 && mode <= 29) { /* OutputPoints, OutputLineStrip, ..TriangleStrip */
         g->output_type = output_of[mode - 27];
         have_out = true;
      } else if (mode == 26 && wc >= 4) { /* OutputVertices */
         g->vertices_out = in[3];
      } else if (mode == 0 && wc >= 4) { /* Invocations */
         g->invocations = in[3];
      }
   }
   if (!have_in || !have_out)
      link_error(l, "geometry shader must declare its input and output primitive layouts");
}

/* ── patch, validate, hand over ────────────────────────────────────────────────────────────── */

/* Our rewrites must leave valid Vulkan SPIR-V; caught here, not in a backend. */
static bool
validates(struct link *l, spv_context ctx, int s, const uint32_t *w, size_t nw)
{
   if (!ctx)
      return true;
   spv_diagnostic diag = NULL;
   const bool ok = spvValidateBinary(ctx, w, nw, &diag) == SPV_SUCCESS;
   if (!ok)
      link_error(l, "internal error: the %s shader's SPIR-V does not validate: %s",
                 glsl_stage_name(s), diag && diag->error ? diag->error : "?");
   spvDiagnosticDestroy(diag);
   return ok;
}

/* Interface blocks become one variable per member (spirv_split.c), in every stage or in none:
 * an array of blocks gets its locations in another order, so both sides of an interface must
 * take the same rewrite. */
static void
split_blocks(struct link *l, spv_context ctx)
{
   uint32_t *w[GLSL_STAGE_COUNT] = {0};
   size_t nw[GLSL_STAGE_COUNT] = {0};
   bool blocked = false;
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed && !blocked; s++) {
      if (!l->prog->spirv[s].words)
         continue;
      const char *err = NULL;
      w[s] = spv_split_blocks(l->prog->spirv[s].words, l->prog->spirv[s].num_words, &nw[s],
                              &blocked, &err);
      if (err)
         link_error(l, "internal error: cannot split the %s shader's interface blocks: %s",
                    glsl_stage_name(s), err);
   }
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!w[s])
         continue;
      if (blocked || l->failed || !validates(l, ctx, s, w[s], nw[s])) {
         free(w[s]);
         continue;
      }
      free(l->prog->spirv[s].words);
      l->prog->spirv[s].words = w[s];
      l->prog->spirv[s].num_words = nw[s];
   }
}

static void
finish_stages(struct link *l)
{
   /* The last pre-rasterization stage carries the depth remap. */
   int last_prerast = -1;
   for (unsigned i = 0; i < GLSL_STAGE_COUNT; i++) {
      enum glsl_stage s = glsl_pipeline_stage(i);
      if (l->st[s].present && s != GLSL_STAGE_FRAGMENT)
         last_prerast = (int)s;
   }

   spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_1);
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      struct stage *st = &l->st[s];
      if (!st->present)
         continue;
      struct spv_patch patch = {
         .decos = st->decos,
         .num_decos = st->num_decos,
         .aliases = st->aliases,
         .num_aliases = st->num_aliases,
         .instance_id_minus_base = s == GLSL_STAGE_VERTEX,
         .remap_depth = s == last_prerast,
      };
      if (s == l->xfb_stage) {
         patch.xfb = l->xfb;
         patch.num_xfb = l->num_xfb;
         patch.xfb_position = l->xfb_position;
         patch.xfb_position_location = l->xfb_position_location;
         patch.xfb_position_deco = l->xfb_position_deco;
         patch.xfb_copies = l->xfb_copies;
         patch.num_xfb_copies = l->num_xfb_copies;
      }
      if (s == GLSL_STAGE_VERTEX) {
         for (unsigned i = 0; i < st->m->num_vars; i++) {
            uint32_t v = st->m->vars[i];
            if (st->m->ids[v].builtin == SpvBuiltInInstanceIndex && st->m->ids[v].used)
               l->prog->uses_base_instance = true;
         }
      }
      const char *err = NULL;
      size_t nw = 0;
      uint32_t *w = spv_module_patch(st->w, st->n, st->m, &patch, &nw, &err);
      if (!w) {
         link_error(l, "internal error: cannot rewrite the %s shader's SPIR-V: %s",
                    glsl_stage_name(s), err);
         break;
      }
      size_t rn = 0;
      uint32_t *rw = spv_lower_rect(w, nw, &rn, &err);
      if (rw) {
         free(w);
         w = rw;
         nw = rn;
      } else if (err) {
         link_error(l, "internal error: cannot lower the %s shader's rectangle textures: %s",
                    glsl_stage_name(s), err);
         free(w);
         break;
      }
      if (!validates(l, ctx, s, w, nw)) {
         free(w);
         break;
      }
      l->prog->spirv[s].words = w;
      l->prog->spirv[s].num_words = nw;
   }
   if (!l->failed)
      split_blocks(l, ctx);
   if (ctx)
      spvContextDestroy(ctx);
}

bool
glsl_link_spirv(const struct glsl_link_input *input, const struct glsl_stage_words *words,
                const struct glsl_stage_words *init_words, const struct glsl_ast_stage *ast,
                const struct glsl_taken *taken, bool vs_essl3, struct glsl_program *prog,
                struct glsl_str *log)
{
   struct link l = {
      .in = input,
      .taken = taken,
      .vs_essl3 = vs_essl3,
      .init_words = init_words,
      .ast = ast,
      .prog = prog,
      .log = log,
      .next_unused_binding = GLSL_BINDING_UNUSED_BASE,
   };
   for (int s = 0; s < GLSL_STAGE_COUNT && !l.failed; s++) {
      if (!words[s].words)
         continue;
      struct stage *st = &l.st[s];
      const char *err = NULL;
      st->present = true;
      st->w = words[s].words;
      st->n = words[s].num_words;
      st->m = spv_module_parse(st->w, st->n, &err);
      if (!st->m)
         link_error(&l, "internal error: cannot read the %s shader's SPIR-V: %s",
                    glsl_stage_name(s), err);
   }

   if (!l.failed)
      pack_varyings(&l);
   if (!l.failed)
      link_default_block(&l);
   if (!l.failed)
      link_blocks(&l);
   if (!l.failed)
      link_samplers(&l);
   if (!l.failed)
      link_geometry_layout(&l);
   if (!l.failed)
      link_vertex_inputs(&l);
   if (!l.failed)
      link_fragment_outputs(&l);
   if (!l.failed) {
      /* Each present stage consumes what the previous present stage produces. */
      int prev = -1;
      for (unsigned i = 0; i < GLSL_STAGE_COUNT && !l.failed; i++) {
         enum glsl_stage s = glsl_pipeline_stage(i);
         if (!l.st[s].present)
            continue;
         if (s != GLSL_STAGE_VERTEX)
            link_varyings(&l, prev, (int)s);
         prev = (int)s;
      }
      if (!l.failed && prev >= 0 && prev != GLSL_STAGE_FRAGMENT)
         link_varyings(&l, prev, -1); /* no fragment shader: outputs still need locations */
   }
   l.xfb_stage = -1;
   if (!l.failed)
      link_xfb(&l);
   if (!l.failed)
      finish_stages(&l);

   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      spv_module_destroy(l.st[s].m);
      free(l.st[s].owned);
      free(l.st[s].decos);
      free(l.st[s].aliases);
   }
   free(l.xfb);
   free(l.xfb_copies);
   return !l.failed;
}
