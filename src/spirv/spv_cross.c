/* spv_cross.c — one module's reflection through SPIRV-Cross's C API (spv.h, "Reflection"): its
 * resource variables by kind and which of them the entry point's code reaches, their names and
 * decorations, and their types walked level by level. SPIRV-Cross folds an array's levels into
 * one type and keeps only the outermost id, so a spv_tref names a level by counting the element
 * steps taken from a type id (array levels outermost first, then a matrix's column). */
#include "spv.h"

#include <pthread.h>
#include <spirv_cross_c.h>
#include <stdio.h>

#define TREF_ID(t) ((t) & ((1u << SPV_TREF_LEVEL_SHIFT) - 1))
#define TREF_LEVEL(t) ((t) >> SPV_TREF_LEVEL_SHIFT)
#define TREF(id, level) ((uint32_t)(id) | ((uint32_t)(level) << SPV_TREF_LEVEL_SHIFT))
#define MAX_LEVEL 15u

struct spv_refl {
   spvc_context ctx;
   spvc_compiler comp;
   spv_demangle_fn demangle;
   const char *error;          /* the library's first error (owned by ctx) */
   spvc_resources all, active; /* every resource variable; those the code reaches */
   struct spv_refl_var *vars[SPV_REFL_LIST_COUNT];
   unsigned num_vars[SPV_REFL_LIST_COUNT];
};

static void
on_error(void *userdata, const char *error)
{
   struct spv_refl *r = userdata;
   if (!r->error)
      r->error = error;
}

const char *
spv_refl_error(const struct spv_refl *r)
{
   return r->error;
}

static const char *
demangled(const struct spv_refl *r, const char *name)
{
   if (!name)
      return "";
   return r->demangle ? r->demangle(name) : name;
}

/* SPIRV-Cross's resource lists behind each of ours (samplers: every opaque kind). */
static const spvc_resource_type list_sources[SPV_REFL_LIST_COUNT][4] = {
   [SPV_REFL_UNIFORM_BUFFERS] = {SPVC_RESOURCE_TYPE_UNIFORM_BUFFER},
   [SPV_REFL_SAMPLERS] = {SPVC_RESOURCE_TYPE_SAMPLED_IMAGE, SPVC_RESOURCE_TYPE_SEPARATE_IMAGE,
                          SPVC_RESOURCE_TYPE_STORAGE_IMAGE, SPVC_RESOURCE_TYPE_SEPARATE_SAMPLERS},
   [SPV_REFL_INPUTS] = {SPVC_RESOURCE_TYPE_STAGE_INPUT},
   [SPV_REFL_OUTPUTS] = {SPVC_RESOURCE_TYPE_STAGE_OUTPUT},
   [SPV_REFL_PLAIN_UNIFORMS] = {0}, /* see collect_plain_uniforms */
   [SPV_REFL_STORAGE_BUFFERS] = {SPVC_RESOURCE_TYPE_STORAGE_BUFFER},
};

static bool
in_list(spvc_resources res, spvc_resource_type type, uint32_t id)
{
   const spvc_reflected_resource *list = NULL;
   size_t n = 0;
   if (spvc_resources_get_resource_list_for_type(res, type, &list, &n) != SPVC_SUCCESS)
      return false;
   for (size_t i = 0; i < n; i++)
      if (list[i].id == id)
         return true;
   return false;
}

static bool
is_opaque(spvc_basetype b)
{
   return b == SPVC_BASETYPE_IMAGE || b == SPVC_BASETYPE_SAMPLED_IMAGE ||
          b == SPVC_BASETYPE_SAMPLER;
}

/* UniformConstant variables that are no image or sampler: loose uniforms of an OpenGL-target
 * module (with their initializers), a struct holding a sampler under relaxed Vulkan rules. This
 * SPIRV-Cross lists none of them and its C API gives no variable's initializer, so their
 * declarations are read from the words; everything else about them from the library. */
static const char *
collect_plain_uniforms(struct spv_refl *r, const uint32_t *words, size_t num_words)
{
   struct spv_walk it = spv_walk_begin(words, num_words);
   unsigned cap = 0;
   while (spv_walk_next(&it) && it.op != SpvOpFunction) {
      if (it.op != SpvOpVariable || it.nops < 3 || it.o[2] != SpvStorageClassUniformConstant)
         continue;
      spvc_type h = spvc_compiler_get_type_handle(r->comp, it.o[0]);
      if (!h || is_opaque(spvc_type_get_basetype(h)))
         continue;
      struct spv_refl_var **v = &r->vars[SPV_REFL_PLAIN_UNIFORMS];
      unsigned *n = &r->num_vars[SPV_REFL_PLAIN_UNIFORMS];
      if (!mgu_array_reserve(*v, cap, (uint64_t)*n + 1))
         return "out of memory";
      (*v)[(*n)++] = (struct spv_refl_var){
         .id = it.o[1],
         .type = TREF(it.o[0], 0),
         .name = demangled(r, spvc_compiler_get_name(r->comp, it.o[1])),
         .init = it.nops >= 4 ? it.o[3] : 0,
      };
   }
   return NULL;
}

static const char *
collect_vars(struct spv_refl *r, spvc_resources all, spvc_resources active)
{
   for (int l = 0; l < SPV_REFL_LIST_COUNT; l++) {
      if (l == SPV_REFL_PLAIN_UNIFORMS)
         continue;
      for (int k = 0; k < 4 && (k == 0 || list_sources[l][k]); k++) {
         const spvc_resource_type type = list_sources[l][k];
         const spvc_reflected_resource *list = NULL;
         size_t n = 0;
         if (spvc_resources_get_resource_list_for_type(all, type, &list, &n) != SPVC_SUCCESS)
            return "cannot list the module's resources";
         if (!n)
            continue;
         struct spv_refl_var *v =
            realloc(r->vars[l], ((size_t)r->num_vars[l] + n) * sizeof(*r->vars[l]));
         if (!v)
            return "out of memory";
         r->vars[l] = v;
         for (size_t i = 0; i < n; i++) {
            v[r->num_vars[l]++] = (struct spv_refl_var){
               .id = list[i].id,
               .type = TREF(list[i].type_id, 0),
               .name = demangled(r, spvc_compiler_get_name(r->comp, list[i].id)),
               .used = in_list(active, type, list[i].id),
            };
         }
      }
   }
   return NULL;
}

struct spv_refl *
spv_refl_create(const uint32_t *words, size_t num_words, spv_demangle_fn demangle, const char **err)
{
   struct spv_refl *r = calloc(1, sizeof(*r));
   spvc_parsed_ir ir = NULL;
   spvc_set set = NULL;
   *err = NULL;
   if (!r || spvc_context_create(&r->ctx) != SPVC_SUCCESS) {
      free(r);
      *err = "out of memory";
      return NULL;
   }
   r->demangle = demangle;
   spvc_context_set_error_callback(r->ctx, on_error, r);
   if (spvc_context_parse_spirv(r->ctx, words, num_words, &ir) != SPVC_SUCCESS ||
       spvc_context_create_compiler(r->ctx, SPVC_BACKEND_NONE, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP,
                                    &r->comp) != SPVC_SUCCESS)
      *err = r->error ? r->error : "SPIRV-Cross cannot parse the module";
   else if (spvc_compiler_create_shader_resources(r->comp, &r->all) != SPVC_SUCCESS ||
            spvc_compiler_get_active_interface_variables(r->comp, &set) != SPVC_SUCCESS ||
            spvc_compiler_create_shader_resources_for_active_variables(r->comp, &r->active, set) !=
               SPVC_SUCCESS)
      *err = r->error ? r->error : "SPIRV-Cross cannot reflect the module's resources";
   else if (!(*err = collect_vars(r, r->all, r->active)))
      *err = collect_plain_uniforms(r, words, num_words);
   if (*err) {
      spv_refl_destroy(r);
      return NULL;
   }
   return r;
}

void
spv_refl_destroy(struct spv_refl *r)
{
   if (!r)
      return;
   for (int l = 0; l < SPV_REFL_LIST_COUNT; l++)
      free(r->vars[l]);
   spvc_context_destroy(r->ctx);
   free(r);
}

const struct spv_refl_var *
spv_refl_vars(const struct spv_refl *r, enum spv_refl_list list, unsigned *n)
{
   *n = r->num_vars[list];
   return r->vars[list];
}

/* The builtin's variable among the builtin inputs or outputs of res (0: none); *type gets the
 * builtin's own type (a member's when it is one of a block). */
static uint32_t
find_builtin(spvc_resources res, bool output, SpvBuiltIn builtin, spv_tref *type)
{
   const spvc_reflected_builtin_resource *list = NULL;
   size_t n = 0;
   if (spvc_resources_get_builtin_resource_list_for_type(
          res,
          output ? SPVC_BUILTIN_RESOURCE_TYPE_STAGE_OUTPUT : SPVC_BUILTIN_RESOURCE_TYPE_STAGE_INPUT,
          &list, &n) != SPVC_SUCCESS)
      return 0;
   for (size_t i = 0; i < n; i++) {
      if (list[i].builtin == builtin) {
         if (type)
            *type = TREF(list[i].value_type_id, 0);
         return list[i].resource.id;
      }
   }
   return 0;
}

uint32_t
spv_refl_builtin(const struct spv_refl *r, bool output, SpvBuiltIn builtin, spv_tref *type,
                 bool *used)
{
   const uint32_t id = find_builtin(r->all, output, builtin, type);
   if (used)
      *used = id && find_builtin(r->active, output, builtin, NULL) == id;
   return id;
}

bool
spv_refl_builtin_active(const struct spv_refl *r, bool output, SpvBuiltIn builtin)
{
   spvc_compiler_update_active_builtins(r->comp);
   return spvc_compiler_has_active_builtin(
             r->comp, builtin, output ? SpvStorageClassOutput : SpvStorageClassInput) != 0;
}

bool
spv_refl_decoration(const struct spv_refl *r, uint32_t id, SpvDecoration deco, uint32_t *value)
{
   if (!spvc_compiler_has_decoration(r->comp, id, deco))
      return false;
   if (value)
      *value = spvc_compiler_get_decoration(r->comp, id, deco);
   return true;
}

/* ── types ─────────────────────────────────────────────────────────────────────────────────── */

static char
scalar_kind(spvc_basetype b)
{
   switch (b) {
   case SPVC_BASETYPE_FP16:
   case SPVC_BASETYPE_FP32: return 'f';
   case SPVC_BASETYPE_FP64: return 'd';
   case SPVC_BASETYPE_INT8:
   case SPVC_BASETYPE_INT16:
   case SPVC_BASETYPE_INT32:
   case SPVC_BASETYPE_INT64: return 'i';
   case SPVC_BASETYPE_UINT8:
   case SPVC_BASETYPE_UINT16:
   case SPVC_BASETYPE_UINT32:
   case SPVC_BASETYPE_UINT64: return 'u';
   case SPVC_BASETYPE_BOOLEAN: return 'b';
   default: return 0;
   }
}

/* Length of array dimension d of h (SPIRV-Cross keeps them outermost last); a length given by a
 * specialization constant is that constant's value. */
static uint32_t
dimension(const struct spv_refl *r, spvc_type h, unsigned d)
{
   const uint32_t len = spvc_type_get_array_dimension(h, d);
   if (spvc_type_array_dimension_is_literal(h, d))
      return len;
   spvc_constant c = spvc_compiler_get_constant_handle(r->comp, len);
   return c ? spvc_constant_get_scalar_u32(c, 0, 0) : 0;
}

void
spv_refl_type(const struct spv_refl *r, spv_tref t, struct spv_tinfo *out)
{
   memset(out, 0, sizeof(*out));
   const uint32_t id = TREF_ID(t), level = TREF_LEVEL(t);
   spvc_type h = id ? spvc_compiler_get_type_handle(r->comp, id) : NULL;
   if (!h)
      return;
   const unsigned dims = spvc_type_get_num_array_dimensions(h);
   if (level < dims) {
      out->kind = SPV_TK_ARRAY;
      out->length = dimension(r, h, dims - 1 - level);
      out->elem = level < MAX_LEVEL ? TREF(id, level + 1) : 0;
      /* Only the outermost level's ArrayStride is reachable by id; glslang's explicit layouts
       * (std140, std430) put an array's levels back to back, so an inner level's stride is the
       * outer one over the lengths of the levels from the next one in to it (a[2][3]: the inner
       * stride is the outer one over 3). */
      uint32_t stride = spvc_compiler_get_decoration(r->comp, id, SpvDecorationArrayStride);
      for (unsigned k = 1; k <= level && stride; k++) {
         const uint32_t len = dimension(r, h, dims - 1 - k);
         stride = len ? stride / len : 0;
      }
      out->array_stride = stride;
      return;
   }
   const spvc_basetype b = spvc_type_get_basetype(h);
   switch (b) {
   case SPVC_BASETYPE_STRUCT: {
      const uint32_t sid = spvc_type_get_base_type_id(h);
      out->kind = SPV_TK_STRUCT;
      out->num_members = spvc_type_get_num_member_types(h);
      out->name = demangled(r, spvc_compiler_get_name(r->comp, sid));
      out->block = spvc_compiler_has_decoration(r->comp, sid, SpvDecorationBlock) ||
                   spvc_compiler_has_decoration(r->comp, sid, SpvDecorationBufferBlock);
      return;
   }
   case SPVC_BASETYPE_IMAGE:
   case SPVC_BASETYPE_SAMPLED_IMAGE: {
      out->kind = b == SPVC_BASETYPE_IMAGE ? SPV_TK_IMAGE : SPV_TK_SAMPLED_IMAGE;
      spvc_type st = spvc_compiler_get_type_handle(r->comp, spvc_type_get_image_sampled_type(h));
      out->scalar = st ? scalar_kind(spvc_type_get_basetype(st)) : 0;
      out->dim = spvc_type_get_image_dimension(h);
      out->depth = spvc_type_get_image_is_depth(h);
      out->arrayed = spvc_type_get_image_arrayed(h);
      out->ms = spvc_type_get_image_multisampled(h);
      out->storage = b == SPVC_BASETYPE_IMAGE && spvc_type_get_image_is_storage(h);
      out->format = out->storage ? (uint32_t)spvc_type_get_image_storage_format(h) : 0;
      return;
   }
   case SPVC_BASETYPE_SAMPLER: out->kind = SPV_TK_SAMPLER; return;
   default: break;
   }
   out->scalar = scalar_kind(b);
   if (!out->scalar)
      return;
   out->width = spvc_type_get_bit_width(h);
   out->vecsize = spvc_type_get_vector_size(h);
   out->columns = spvc_type_get_columns(h);
   if (out->columns > 1 && level == dims) {
      out->kind = SPV_TK_MATRIX;
      out->elem = TREF(id, level + 1);
   } else if (out->columns > 1 && level == dims + 1) {
      out->kind = SPV_TK_VECTOR; /* a matrix's column */
      out->columns = 1;
   } else if (level == dims) {
      out->kind = out->vecsize > 1 ? SPV_TK_VECTOR : SPV_TK_SCALAR;
   }
}

void
spv_refl_member(const struct spv_refl *r, spv_tref t, uint32_t k, struct spv_tmember *out)
{
   memset(out, 0, sizeof(*out));
   out->name = "";
   out->offset = -1;
   out->builtin = -1;
   spvc_type h = spvc_compiler_get_type_handle(r->comp, TREF_ID(t));
   if (!h || k >= spvc_type_get_num_member_types(h))
      return;
   const uint32_t sid = spvc_type_get_base_type_id(h);
   spvc_type sh = spvc_compiler_get_type_handle(r->comp, sid);
   out->type = TREF(spvc_type_get_member_type(h, k), 0);
   out->name = demangled(r, spvc_compiler_get_member_name(r->comp, sid, k));
   unsigned v = 0;
   if (spvc_compiler_has_member_decoration(r->comp, sid, k, SpvDecorationOffset) &&
       spvc_compiler_type_struct_member_offset(r->comp, sh, k, &v) == SPVC_SUCCESS)
      out->offset = (int32_t)v;
   if (spvc_compiler_has_member_decoration(r->comp, sid, k, SpvDecorationMatrixStride) &&
       spvc_compiler_type_struct_member_matrix_stride(r->comp, sh, k, &v) == SPVC_SUCCESS)
      out->matrix_stride = v;
   out->row_major = spvc_compiler_has_member_decoration(r->comp, sid, k, SpvDecorationRowMajor);
   if (spvc_compiler_has_member_decoration(r->comp, sid, k, SpvDecorationBuiltIn))
      out->builtin =
         (int32_t)spvc_compiler_get_member_decoration(r->comp, sid, k, SpvDecorationBuiltIn);
   if (spvc_compiler_has_member_decoration(r->comp, sid, k, SpvDecorationLocation))
      out->location =
         (int32_t)spvc_compiler_get_member_decoration(r->comp, sid, k, SpvDecorationLocation);
   else
      out->location = -1;
}

spv_tref
spv_refl_strip_arrays(const struct spv_refl *r, spv_tref t, uint32_t *count)
{
   uint32_t n = 1;
   struct spv_tinfo ti;
   for (spv_refl_type(r, t, &ti); ti.kind == SPV_TK_ARRAY; spv_refl_type(r, t, &ti)) {
      n *= ti.length;
      t = ti.elem;
   }
   if (count)
      *count = n;
   return t;
}

uint32_t
spv_refl_struct_size(const struct spv_refl *r, spv_tref t)
{
   size_t size = 0;
   spvc_type h = spvc_compiler_get_type_handle(r->comp, TREF_ID(spv_refl_strip_arrays(r, t, NULL)));
   if (!h || spvc_type_get_basetype(h) != SPVC_BASETYPE_STRUCT ||
       spvc_compiler_get_declared_struct_size(r->comp, h, &size) != SPVC_SUCCESS ||
       size > UINT32_MAX)
      return 0;
   return (uint32_t)size;
}

uint32_t
spv_refl_struct_size_runtime1(const struct spv_refl *r, spv_tref t)
{
   /* (spirv-cross's get_declared_struct_size_runtime_array misses an unsized array of arrays:
    * it reads the innermost dimension) */
   const uint64_t size = spv_refl_struct_size(r, t);
   const spv_tref s = spv_refl_strip_arrays(r, t, NULL);
   struct spv_tinfo ti;
   spv_refl_type(r, s, &ti);
   if (!size || ti.kind != SPV_TK_STRUCT || !ti.num_members)
      return (uint32_t)size;
   struct spv_tmember mb;
   spv_refl_member(r, s, ti.num_members - 1, &mb);
   struct spv_tinfo last;
   spv_refl_type(r, mb.type, &last);
   if (last.kind != SPV_TK_ARRAY || last.length || mb.offset < 0)
      return (uint32_t)size;
   const uint64_t one = (uint64_t)mb.offset + last.array_stride;
   const uint64_t total = one > size ? one : size;
   return total > UINT32_MAX ? 0 : (uint32_t)total;
}

/* The bytes type t spans as its explicit layout places it (GL 4.6 7.6.2.3, as Mesa sizes a
 * SPIR-V block): the last byte of a struct's last-placed member, an array's last element at
 * (length - 1) x ArrayStride and a matrix's last column (row when row_major) at
 * (count - 1) x MatrixStride, without trailing padding; an unsized array spans nothing. */
static uint64_t
explicit_size(const struct spv_refl *r, spv_tref t, uint32_t mstride, bool row_major,
              unsigned depth)
{
   struct spv_tinfo ti;
   spv_refl_type(r, t, &ti);
   if (depth > 16)
      return 0;
   switch (ti.kind) {
   case SPV_TK_SCALAR:
   case SPV_TK_VECTOR: return (uint64_t)ti.vecsize * (ti.width / 8);
   case SPV_TK_MATRIX: {
      const uint32_t count = row_major ? ti.vecsize : ti.columns;
      const uint32_t comps = row_major ? ti.columns : ti.vecsize;
      return (uint64_t)mstride * (count - 1) + (uint64_t)comps * (ti.width / 8);
   }
   case SPV_TK_ARRAY:
      if (!ti.length)
         return 0;
      return (uint64_t)ti.array_stride * (ti.length - 1) +
             explicit_size(r, ti.elem, mstride, row_major, depth + 1);
   case SPV_TK_STRUCT: {
      uint64_t size = 0;
      for (uint32_t k = 0; k < ti.num_members; k++) {
         struct spv_tmember mb;
         spv_refl_member(r, t, k, &mb);
         const uint64_t end = (mb.offset > 0 ? (uint64_t)mb.offset : 0) +
                              explicit_size(r, mb.type, mb.matrix_stride, mb.row_major, depth + 1);
         size = end > size ? end : size;
      }
      return size;
   }
   default: return 0;
   }
}

uint32_t
spv_refl_explicit_size(const struct spv_refl *r, spv_tref t)
{
   const uint64_t size = explicit_size(r, t, 0, false, 0);
   return size > UINT32_MAX ? 0 : (uint32_t)size;
}

uint32_t
spv_refl_locations(const struct spv_refl *r, spv_tref t)
{
   struct spv_tinfo ti;
   spv_refl_type(r, t, &ti);
   switch (ti.kind) {
   case SPV_TK_SCALAR: return 1;
   case SPV_TK_VECTOR: return ti.width == 64 && ti.vecsize > 2 ? 2 : 1;
   case SPV_TK_MATRIX:
   case SPV_TK_ARRAY:
      return (ti.kind == SPV_TK_MATRIX ? ti.columns : ti.length) * spv_refl_locations(r, ti.elem);
   case SPV_TK_STRUCT: {
      uint32_t sum = 0;
      for (uint32_t k = 0; k < ti.num_members; k++) {
         struct spv_tmember mb;
         spv_refl_member(r, t, k, &mb);
         sum += spv_refl_locations(r, mb.type);
      }
      return sum;
   }
   default: return 1;
   }
}

void
spv_refl_member_uses(const struct spv_refl *r, uint32_t var, bool *used, uint32_t num_members)
{
   const spvc_buffer_range *ranges = NULL;
   size_t n = 0;
   if (spvc_compiler_get_active_buffer_ranges(r->comp, var, &ranges, &n) != SPVC_SUCCESS)
      n = 0;
   for (size_t i = 0; i < n; i++)
      if (ranges[i].index < num_members)
         used[ranges[i].index] = true;
}

bool
spv_refl_execution_mode(const struct spv_refl *r, SpvExecutionMode mode, uint32_t *arg)
{
   const SpvExecutionMode *modes = NULL;
   size_t n = 0;
   if (spvc_compiler_get_execution_modes(r->comp, &modes, &n) != SPVC_SUCCESS)
      return false;
   for (size_t i = 0; i < n; i++) {
      if (modes[i] == mode) {
         if (arg)
            *arg = spvc_compiler_get_execution_mode_argument(r->comp, mode);
         return true;
      }
   }
   return false;
}

uint32_t
spv_refl_execution_mode_arg(const struct spv_refl *r, SpvExecutionMode mode, uint32_t k)
{
   if (!spv_refl_execution_mode(r, mode, NULL))
      return 0;
   return spvc_compiler_get_execution_mode_argument_by_index(r->comp, mode, k);
}

/* ── constants ─────────────────────────────────────────────────────────────────────────────── */

uint32_t
spv_refl_constant_part(const struct spv_refl *r, uint32_t id, uint32_t k)
{
   spvc_constant c = id ? spvc_compiler_get_constant_handle(r->comp, id) : NULL;
   const spvc_constant_id *parts = NULL;
   size_t n = 0;
   if (c)
      spvc_constant_get_subconstants(c, &parts, &n);
   return k < n ? parts[k] : 0;
}

uint64_t
spv_refl_constant_scalar(const struct spv_refl *r, uint32_t id, uint32_t column, uint32_t row,
                         bool wide)
{
   spvc_constant c = id ? spvc_compiler_get_constant_handle(r->comp, id) : NULL;
   if (!c || column >= 4 || row >= 4)
      return 0;
   if (!wide)
      return spvc_constant_get_scalar_u32(c, column, row);
   const double d = spvc_constant_get_scalar_fp64(c, column, row);
   uint64_t bits;
   memcpy(&bits, &d, sizeof(bits));
   return bits;
}

static pthread_once_t versions_once = PTHREAD_ONCE_INIT;
static char versions[96];

static void
make_versions(void)
{
   unsigned major = 0, minor = 0, patch = 0;
   spvc_get_version(&major, &minor, &patch);
   snprintf(versions, sizeof(versions), "SPIRV-Cross C API %u.%u.%u (header %u.%u.%u)", major,
            minor, patch, SPVC_C_API_VERSION_MAJOR, SPVC_C_API_VERSION_MINOR,
            SPVC_C_API_VERSION_PATCH);
}

const char *
spv_cross_versions(void)
{
   pthread_once(&versions_once, make_versions);
   return versions;
}
