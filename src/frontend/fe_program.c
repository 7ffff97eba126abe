/* fe_program.c — shader and program objects, linking through glsl_link, and uniforms.
 *
 * Everything GL asks about a program is answered here from the link's reflection; nothing is a
 * round trip. A successful link creates the program's shader CSO (SPIR-V per stage plus an
 * mgp_shader_reflection) through the linking context; the CSO lives as long as that link's
 * executable (struct fe_exec). The default uniform block is a CPU shadow (std140) per
 * executable with a version the tracker sends by set_global_constants; sampler uniforms hold
 * texture unit numbers client-side and uniform block bindings are resolved at validate. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_gl.h"
#include "gl_api.h"
#include "log.h"

/* ---- GL type information -------------------------------------------------------------------- */

enum base_type { BT_FLOAT, BT_INT, BT_UINT, BT_BOOL, BT_SAMPLER, BT_DOUBLE, BT_UNKNOWN };

struct type_info {
   uint8_t base;
   uint8_t rows; /* components per column (vector size for non-matrices) */
   uint8_t cols; /* 1 for non-matrices */
};

static struct type_info
type_info(GLenum type)
{
   switch (type) {
   case GL_FLOAT: return (struct type_info){BT_FLOAT, 1, 1};
   case GL_FLOAT_VEC2: return (struct type_info){BT_FLOAT, 2, 1};
   case GL_FLOAT_VEC3: return (struct type_info){BT_FLOAT, 3, 1};
   case GL_FLOAT_VEC4: return (struct type_info){BT_FLOAT, 4, 1};
   case GL_INT: return (struct type_info){BT_INT, 1, 1};
   case GL_INT_VEC2: return (struct type_info){BT_INT, 2, 1};
   case GL_INT_VEC3: return (struct type_info){BT_INT, 3, 1};
   case GL_INT_VEC4: return (struct type_info){BT_INT, 4, 1};
   case GL_UNSIGNED_INT: return (struct type_info){BT_UINT, 1, 1};
   case GL_UNSIGNED_INT_VEC2: return (struct type_info){BT_UINT, 2, 1};
   case GL_UNSIGNED_INT_VEC3: return (struct type_info){BT_UINT, 3, 1};
   case GL_UNSIGNED_INT_VEC4: return (struct type_info){BT_UINT, 4, 1};
   case GL_BOOL: return (struct type_info){BT_BOOL, 1, 1};
   case GL_BOOL_VEC2: return (struct type_info){BT_BOOL, 2, 1};
   case GL_BOOL_VEC3: return (struct type_info){BT_BOOL, 3, 1};
   case GL_BOOL_VEC4: return (struct type_info){BT_BOOL, 4, 1};
   case GL_FLOAT_MAT2: return (struct type_info){BT_FLOAT, 2, 2};
   case GL_FLOAT_MAT3: return (struct type_info){BT_FLOAT, 3, 3};
   case GL_FLOAT_MAT4: return (struct type_info){BT_FLOAT, 4, 4};
   case GL_FLOAT_MAT2x3: return (struct type_info){BT_FLOAT, 3, 2};
   case GL_FLOAT_MAT2x4: return (struct type_info){BT_FLOAT, 4, 2};
   case GL_FLOAT_MAT3x2: return (struct type_info){BT_FLOAT, 2, 3};
   case GL_FLOAT_MAT3x4: return (struct type_info){BT_FLOAT, 4, 3};
   case GL_FLOAT_MAT4x2: return (struct type_info){BT_FLOAT, 2, 4};
   case GL_FLOAT_MAT4x3: return (struct type_info){BT_FLOAT, 3, 4};
   case GL_DOUBLE: return (struct type_info){BT_DOUBLE, 1, 1};
   default: return (struct type_info){BT_UNKNOWN, 1, 1};
   }
}

/* Texture target and MGP sampler kind of a sampler type; false for non-samplers. */
static bool
sampler_type(GLenum type, enum fe_tex_target *target, uint8_t *kind)
{
   *kind = MGP_SAMPLER_KIND_FLOAT;
   switch (type) {
   case GL_SAMPLER_1D: *target = FE_TEX_1D; return true;
   case GL_SAMPLER_2D: *target = FE_TEX_2D; return true;
   case GL_SAMPLER_3D: *target = FE_TEX_3D; return true;
   case GL_SAMPLER_CUBE: *target = FE_TEX_CUBE; return true;
   case GL_SAMPLER_1D_ARRAY: *target = FE_TEX_1D_ARRAY; return true;
   case GL_SAMPLER_2D_ARRAY: *target = FE_TEX_2D_ARRAY; return true;
   case GL_SAMPLER_2D_RECT: *target = FE_TEX_RECT; return true;
   case GL_SAMPLER_BUFFER: *target = FE_TEX_BUFFER; return true;
   case GL_SAMPLER_2D_MULTISAMPLE: *target = FE_TEX_2D_MS; return true;
   case GL_SAMPLER_2D_MULTISAMPLE_ARRAY: *target = FE_TEX_2D_MS_ARRAY; return true;
   case GL_SAMPLER_1D_SHADOW: *kind = MGP_SAMPLER_KIND_SHADOW; *target = FE_TEX_1D; return true;
   case GL_SAMPLER_2D_SHADOW: *kind = MGP_SAMPLER_KIND_SHADOW; *target = FE_TEX_2D; return true;
   case GL_SAMPLER_CUBE_SHADOW:
      *kind = MGP_SAMPLER_KIND_SHADOW;
      *target = FE_TEX_CUBE;
      return true;
   case GL_SAMPLER_1D_ARRAY_SHADOW:
      *kind = MGP_SAMPLER_KIND_SHADOW;
      *target = FE_TEX_1D_ARRAY;
      return true;
   case GL_SAMPLER_2D_ARRAY_SHADOW:
      *kind = MGP_SAMPLER_KIND_SHADOW;
      *target = FE_TEX_2D_ARRAY;
      return true;
   case GL_SAMPLER_2D_RECT_SHADOW:
      *kind = MGP_SAMPLER_KIND_SHADOW;
      *target = FE_TEX_RECT;
      return true;
   case GL_INT_SAMPLER_1D: case GL_UNSIGNED_INT_SAMPLER_1D: *target = FE_TEX_1D; break;
   case GL_INT_SAMPLER_2D: case GL_UNSIGNED_INT_SAMPLER_2D: *target = FE_TEX_2D; break;
   case GL_INT_SAMPLER_3D: case GL_UNSIGNED_INT_SAMPLER_3D: *target = FE_TEX_3D; break;
   case GL_INT_SAMPLER_CUBE: case GL_UNSIGNED_INT_SAMPLER_CUBE: *target = FE_TEX_CUBE; break;
   case GL_INT_SAMPLER_1D_ARRAY: case GL_UNSIGNED_INT_SAMPLER_1D_ARRAY:
      *target = FE_TEX_1D_ARRAY;
      break;
   case GL_INT_SAMPLER_2D_ARRAY: case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY:
      *target = FE_TEX_2D_ARRAY;
      break;
   case GL_INT_SAMPLER_2D_RECT: case GL_UNSIGNED_INT_SAMPLER_2D_RECT:
      *target = FE_TEX_RECT;
      break;
   case GL_INT_SAMPLER_BUFFER: case GL_UNSIGNED_INT_SAMPLER_BUFFER:
      *target = FE_TEX_BUFFER;
      break;
   case GL_INT_SAMPLER_2D_MULTISAMPLE: case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE:
      *target = FE_TEX_2D_MS;
      break;
   case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY: case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
      *target = FE_TEX_2D_MS_ARRAY;
      break;
   default:
      return false;
   }
   switch (type) {
   case GL_INT_SAMPLER_1D: case GL_INT_SAMPLER_2D: case GL_INT_SAMPLER_3D:
   case GL_INT_SAMPLER_CUBE: case GL_INT_SAMPLER_1D_ARRAY: case GL_INT_SAMPLER_2D_ARRAY:
   case GL_INT_SAMPLER_2D_RECT: case GL_INT_SAMPLER_BUFFER: case GL_INT_SAMPLER_2D_MULTISAMPLE:
   case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
      *kind = MGP_SAMPLER_KIND_INT;
      break;
   default:
      *kind = MGP_SAMPLER_KIND_UINT;
      break;
   }
   return true;
}

static uint8_t
input_kind(GLenum type)
{
   switch (type_info(type).base) {
   case BT_INT: return 1;
   case BT_UINT: return 2;
   case BT_DOUBLE: return 3;
   default: return 0;
   }
}

/* ---- object lookup -------------------------------------------------------------------------- */

static void *
lookup(struct fe_context *ctx, GLuint name)
{
   pthread_mutex_lock(&ctx->share->lock);
   void *obj = fe_names_get(&ctx->share->programs, name);
   pthread_mutex_unlock(&ctx->share->lock);
   return obj == FE_NAME_RESERVED ? NULL : obj;
}

/* GL_INVALID_VALUE for an unknown name, GL_INVALID_OPERATION for a shader name. */
static struct fe_program *
get_program(struct fe_context *ctx, GLuint name)
{
   struct fe_object *obj = lookup(ctx, name);
   if (!obj) {
      fe_error(ctx, GL_INVALID_VALUE);
      return NULL;
   }
   if (obj->kind != FE_OBJ_PROGRAM) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return NULL;
   }
   return (struct fe_program *)obj;
}

static struct fe_shader *
get_shader(struct fe_context *ctx, GLuint name)
{
   struct fe_object *obj = lookup(ctx, name);
   if (!obj) {
      fe_error(ctx, GL_INVALID_VALUE);
      return NULL;
   }
   if (obj->kind != FE_OBJ_SHADER) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return NULL;
   }
   return (struct fe_shader *)obj;
}

/* Frees a name whose object is going away (the name's reference is the caller's to drop). */
static void
remove_name(struct fe_share_group *sg, GLuint name)
{
   pthread_mutex_lock(&sg->lock);
   fe_names_delete(&sg->programs, name);
   pthread_mutex_unlock(&sg->lock);
}

static char *
dup_str(const char *s)
{
   size_t n = strlen(s) + 1;
   char *d = malloc(n);
   if (d)
      memcpy(d, s, n);
   return d;
}

/* Copies a string out the way glGet*InfoLog / glGetActive* do. */
static void
copy_out(const char *src, GLsizei buf_size, GLsizei *length, GLchar *dst)
{
   size_t n = src ? strlen(src) : 0;
   if (buf_size <= 0) {
      if (length)
         *length = 0;
      return;
   }
   if (n > (size_t)buf_size - 1)
      n = (size_t)buf_size - 1;
   if (n)
      memcpy(dst, src, n);
   dst[n] = '\0';
   if (length)
      *length = (GLsizei)n;
}

/* ---- shaders -------------------------------------------------------------------------------- */

void
fe_shader_destroy(struct fe_context *ctx, struct fe_shader *sh)
{
   (void)ctx;
   free(sh->source);
   free(sh->info_log);
   free(sh);
}

GLuint
mgl_glCreateShader(GLenum type)
{
   FE_CTX_OR_RETURN(0);
   FE_CHECK(type != GL_VERTEX_SHADER && type != GL_GEOMETRY_SHADER && type != GL_FRAGMENT_SHADER,
            GL_INVALID_ENUM, 0);
   struct fe_shader *sh = calloc(1, sizeof(*sh));
   FE_CHECK(!sh, GL_OUT_OF_MEMORY, 0);
   atomic_init(&sh->base.refs, 1);
   sh->base.kind = FE_OBJ_SHADER;
   sh->base.share = ctx->share;
   sh->type = type;
   pthread_mutex_lock(&ctx->share->lock);
   GLuint name = fe_names_gen(&ctx->share->programs);
   if (name)
      fe_names_set(&ctx->share->programs, name, sh);
   pthread_mutex_unlock(&ctx->share->lock);
   if (!name) {
      free(sh);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return 0;
   }
   sh->base.name = name;
   return name;
}

void
mgl_glShaderSource(GLuint shader, GLsizei count, const GLchar *const *string,
                   const GLint *length)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh)
      return;
   size_t total = 0;
   for (GLsizei i = 0; i < count; i++)
      total += length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
   char *src = malloc(total + 1);
   FE_CHECK(!src, GL_OUT_OF_MEMORY);
   size_t off = 0;
   for (GLsizei i = 0; i < count; i++) {
      size_t n = length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
      memcpy(src + off, string[i], n);
      off += n;
   }
   src[off] = '\0';
   free(sh->source);
   sh->source = src;
}

static enum glsl_stage
shader_stage(GLenum type)
{
   switch (type) {
   case GL_VERTEX_SHADER: return GLSL_STAGE_VERTEX;
   case GL_GEOMETRY_SHADER: return GLSL_STAGE_GEOMETRY;
   default: return GLSL_STAGE_FRAGMENT;
   }
}

static GLenum
stage_type(enum glsl_stage s)
{
   switch (s) {
   case GLSL_STAGE_VERTEX: return GL_VERTEX_SHADER;
   case GLSL_STAGE_GEOMETRY: return GL_GEOMETRY_SHADER;
   default: return GL_FRAGMENT_SHADER;
   }
}

static const enum mgp_shader_stage stage_map[GLSL_STAGE_COUNT] = {
   [GLSL_STAGE_VERTEX] = MGP_SHADER_STAGE_VERTEX,
   [GLSL_STAGE_GEOMETRY] = MGP_SHADER_STAGE_GEOMETRY,
   [GLSL_STAGE_FRAGMENT] = MGP_SHADER_STAGE_FRAGMENT,
};

void
mgl_glCompileShader(GLuint shader)
{
   FE_CTX_OR_RETURN();
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh)
      return;
   char *log = NULL;
   sh->compiled = glsl_compile_shader_limits(
      shader_stage(sh->type), ctx->desc.api == FE_API_GLES,
      ctx->share->caps->max_varying_components, sh->source ? sh->source : "", &log);
   free(sh->info_log);
   sh->info_log = log;
}

void
mgl_glGetShaderiv(GLuint shader, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh)
      return;
   switch (pname) {
   case GL_SHADER_TYPE: *params = (GLint)sh->type; return;
   case GL_DELETE_STATUS: *params = sh->delete_pending; return;
   case GL_COMPILE_STATUS: *params = sh->compiled; return;
   case GL_INFO_LOG_LENGTH:
      *params = sh->info_log && *sh->info_log ? (GLint)strlen(sh->info_log) + 1 : 0;
      return;
   case GL_SHADER_SOURCE_LENGTH:
      *params = sh->source ? (GLint)strlen(sh->source) + 1 : 0;
      return;
   default:
      fe_error(ctx, GL_INVALID_ENUM);
   }
}

void
mgl_glGetShaderInfoLog(GLuint shader, GLsizei buf_size, GLsizei *length, GLchar *info_log)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_shader *sh = get_shader(ctx, shader);
   if (sh)
      copy_out(sh->info_log, buf_size, length, info_log);
}

void
mgl_glGetShaderSource(GLuint shader, GLsizei buf_size, GLsizei *length, GLchar *source)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_shader *sh = get_shader(ctx, shader);
   if (sh)
      copy_out(sh->source, buf_size, length, source);
}

void
mgl_glDeleteShader(GLuint shader)
{
   FE_CTX_OR_RETURN();
   if (!shader)
      return;
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh || sh->delete_pending)
      return;
   sh->delete_pending = true;
   if (!sh->attach_count) {
      remove_name(ctx->share, shader);
      fe_object_unref(ctx, &sh->base);
   }
}

GLboolean
mgl_glIsShader(GLuint shader)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   struct fe_object *obj = lookup(ctx, shader);
   return obj && obj->kind == FE_OBJ_SHADER ? GL_TRUE : GL_FALSE;
}

void
mgl_glReleaseShaderCompiler(void)
{
   FE_CTX_OR_RETURN();
}

/* ES 2.0 §2.10.4, ES 3.0 §2.12.7, GL 4.1 §2.14.4: the range (log2 of the smallest and largest
 * magnitudes) and precision (bits) of each precision qualifier. mgl compiles every qualifier to
 * 32-bit IEEE floats and 32-bit two's-complement ints (its SPIR-V carries no RelaxedPrecision,
 * spv_patch.c), so all three answer highp's figures, above ES's minimums for lowp/mediump. */
void
mgl_glGetShaderPrecisionFormat(GLenum shadertype, GLenum precisiontype, GLint *range,
                               GLint *precision)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(shadertype != GL_VERTEX_SHADER && shadertype != GL_FRAGMENT_SHADER, GL_INVALID_ENUM);
   switch (precisiontype) {
   case GL_LOW_FLOAT: case GL_MEDIUM_FLOAT: case GL_HIGH_FLOAT:
      range[0] = range[1] = 127;
      *precision = 23;
      return;
   case GL_LOW_INT: case GL_MEDIUM_INT: case GL_HIGH_INT:
      range[0] = 31; /* -2^31 is representable, 2^31 is not */
      range[1] = 30;
      *precision = 0;
      return;
   default:
      fe_error(ctx, GL_INVALID_ENUM);
      return;
   }
}

/* ES 2.0 §2.10.2: GL_NUM_SHADER_BINARY_FORMATS is 0 (fe_get.c), so every binaryformat is one
 * the implementation does not support. */
void
mgl_glShaderBinary(GLsizei count, const GLuint *shaders, GLenum binaryformat, const void *binary,
                   GLsizei length)
{
   FE_CTX_OR_RETURN();
   (void)shaders, (void)binaryformat, (void)binary;
   FE_CHECK(count < 0 || length < 0, GL_INVALID_VALUE);
   fe_error(ctx, GL_INVALID_ENUM);
}

/* ---- programs ------------------------------------------------------------------------------- */

GLuint
mgl_glCreateProgram(void)
{
   FE_CTX_OR_RETURN(0);
   struct fe_program *prog = calloc(1, sizeof(*prog));
   FE_CHECK(!prog, GL_OUT_OF_MEMORY, 0);
   atomic_init(&prog->base.refs, 1);
   prog->base.kind = FE_OBJ_PROGRAM;
   prog->base.share = ctx->share;
   prog->xfb_mode = GL_INTERLEAVED_ATTRIBS;
   pthread_mutex_lock(&ctx->share->lock);
   GLuint name = fe_names_gen(&ctx->share->programs);
   if (name)
      fe_names_set(&ctx->share->programs, name, prog);
   pthread_mutex_unlock(&ctx->share->lock);
   if (!name) {
      free(prog);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return 0;
   }
   prog->base.name = name;
   return name;
}

static void
detach(struct fe_context *ctx, struct fe_program *prog, unsigned i)
{
   struct fe_shader *sh = prog->shaders[i];
   prog->shaders[i] = prog->shaders[--prog->num_shaders];
   sh->attach_count--;
   /* A shader deleted while attached goes with its last detach (its name's reference too);
    * while the share group dies, the name table drops those references itself. */
   if (!sh->attach_count && sh->delete_pending && !sh->base.share->dying) {
      remove_name(sh->base.share, sh->base.name);
      fe_object_unref(ctx, &sh->base);
   }
   fe_object_unref(ctx, &sh->base);
}

static void
free_bindings(struct fe_binding_pair *b, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      free(b[i].name);
   free(b);
}

void
fe_program_destroy(struct fe_context *ctx, struct fe_program *prog)
{
   while (prog->num_shaders)
      detach(ctx, prog, prog->num_shaders - 1);
   free(prog->shaders);
   free_bindings(prog->attrib_bindings, prog->num_attrib_bindings);
   free_bindings(prog->frag_bindings, prog->num_frag_bindings);
   for (unsigned i = 0; i < prog->num_xfb_names; i++)
      free(prog->xfb_names[i]);
   free(prog->xfb_names);
   free(prog->info_log);
   fe_exec_unref(ctx, prog->exec);
   free(prog);
}

void
mgl_glAttachShader(GLuint program, GLuint shader)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh)
      return;
   for (unsigned i = 0; i < prog->num_shaders; i++) {
      FE_CHECK(prog->shaders[i] == sh, GL_INVALID_OPERATION);
      /* ES 2.0 / 3.0 §2.10.3 (7.3 in 3.0): one shader object of each type per program */
      FE_CHECK(ctx->desc.api == FE_API_GLES && prog->shaders[i]->type == sh->type,
               GL_INVALID_OPERATION);
   }
   if (prog->num_shaders == prog->shaders_capacity) {
      unsigned cap = prog->shaders_capacity ? prog->shaders_capacity * 2 : 4;
      struct fe_shader **s = realloc(prog->shaders, cap * sizeof(*s));
      FE_CHECK(!s, GL_OUT_OF_MEMORY);
      prog->shaders = s;
      prog->shaders_capacity = cap;
   }
   fe_object_ref(&sh->base);
   sh->attach_count++;
   prog->shaders[prog->num_shaders++] = sh;
}

void
mgl_glDetachShader(GLuint program, GLuint shader)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh)
      return;
   for (unsigned i = 0; i < prog->num_shaders; i++) {
      if (prog->shaders[i] == sh) {
         detach(ctx, prog, i);
         return;
      }
   }
   fe_error(ctx, GL_INVALID_OPERATION);
}

void
mgl_glGetAttachedShaders(GLuint program, GLsizei max_count, GLsizei *count, GLuint *shaders)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(max_count < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   GLsizei n = 0;
   for (unsigned i = 0; i < prog->num_shaders && n < max_count; i++)
      shaders[n++] = prog->shaders[i]->base.name;
   if (count)
      *count = n;
}

static void
program_maybe_delete(struct fe_context *ctx, struct fe_program *prog)
{
   if (prog->delete_pending && !prog->use_count) {
      remove_name(prog->base.share, prog->base.name);
      fe_object_unref(ctx, &prog->base);
   }
}

void
fe_program_release_current(struct fe_context *ctx)
{
   struct fe_program *old = ctx->program;
   fe_exec_unref(ctx, ctx->exec);
   ctx->exec = NULL;
   if (!old)
      return;
   ctx->program = NULL;
   old->use_count--;
   program_maybe_delete(ctx, old);
   fe_object_unref(ctx, &old->base);
}

void
mgl_glDeleteProgram(GLuint program)
{
   FE_CTX_OR_RETURN();
   if (!program)
      return;
   struct fe_program *prog = get_program(ctx, program);
   if (!prog || prog->delete_pending)
      return;
   prog->delete_pending = true;
   program_maybe_delete(ctx, prog);
}

GLboolean
mgl_glIsProgram(GLuint program)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   struct fe_object *obj = lookup(ctx, program);
   return obj && obj->kind == FE_OBJ_PROGRAM ? GL_TRUE : GL_FALSE;
}

static void
add_binding(struct fe_context *ctx, struct fe_binding_pair **list, unsigned *n, const char *name,
            GLint location, GLint index)
{
   for (unsigned i = 0; i < *n; i++) {
      if (!strcmp((*list)[i].name, name)) {
         (*list)[i].location = location;
         (*list)[i].index = index;
         return;
      }
   }
   struct fe_binding_pair *l = realloc(*list, (*n + 1) * sizeof(*l));
   char *copy = dup_str(name);
   if (!l || !copy) {
      free(copy);
      if (l)
         *list = l;
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   l[*n] = (struct fe_binding_pair){copy, location, index};
   *list = l;
   (*n)++;
}

void
mgl_glBindAttribLocation(GLuint program, GLuint index, const GLchar *name)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(index >= FE_MAX_VERTEX_ATTRIBS, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(!strncmp(name, "gl_", 3), GL_INVALID_OPERATION);
   add_binding(ctx, &prog->attrib_bindings, &prog->num_attrib_bindings, name, (GLint)index,
               0);
}

/* GL 3.3 §3.9.2: binds `name` to colour number `color` and blend index `index` (1: the second
 * source of dual-source blending), replacing an earlier binding of the name; takes effect at the
 * next link, and an explicit layout(location/index) in the shader wins over it. */
static void
bind_frag_data(struct fe_context *ctx, GLuint program, GLuint color, GLuint index,
               const GLchar *name)
{
   FE_CHECK(index > 1, GL_INVALID_VALUE);
   FE_CHECK(index == 0 && color >= FE_MAX_DRAW_BUFFERS, GL_INVALID_VALUE);
   FE_CHECK(index == 1 && color >= (GLuint)fe_max_dual_source_draw_buffers(ctx),
            GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(!strncmp(name, "gl_", 3), GL_INVALID_OPERATION);
   add_binding(ctx, &prog->frag_bindings, &prog->num_frag_bindings, name, (GLint)color,
               (GLint)index);
}

void
mgl_glBindFragDataLocation(GLuint program, GLuint color, const GLchar *name)
{
   FE_CTX_OR_RETURN();
   bind_frag_data(ctx, program, color, 0, name);
}

void
mgl_glBindFragDataLocationIndexed(GLuint program, GLuint color, GLuint index,
                                  const GLchar *name)
{
   FE_CTX_OR_RETURN();
   bind_frag_data(ctx, program, color, index, name);
}

/* ---- sources ------------------------------------------------------------------------------ */

/* Blanks a "#version ..." line at the start of a shader object's source (only the first object
 * of a stage may keep it: GLSL wants #version before anything else). */
static void
blank_version(char *src)
{
   char *p = src;
   while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      p++;
   if (*p != '#')
      return;
   char *q = p + 1;
   while (*q == ' ' || *q == '\t')
      q++;
   if (strncmp(q, "version", 7))
      return;
   for (; *p && *p != '\n'; p++)
      *p = ' ';
}

/* Concatenates the sources of the attached shaders of one stage (glsl_link takes one source a
 * stage): the first object's #version leads; each later object starts with a #line naming it. */
static char *
stage_source(const struct fe_program *prog, GLenum type)
{
   size_t total = 0;
   unsigned n = 0;
   for (unsigned i = 0; i < prog->num_shaders; i++) {
      if (prog->shaders[i]->type == type && prog->shaders[i]->source) {
         total += strlen(prog->shaders[i]->source) + 32;
         n++;
      }
   }
   if (!n)
      return NULL;
   char *s = malloc(total + 1);
   if (!s)
      return NULL;
   size_t off = 0;
   unsigned part = 0;
   for (unsigned i = 0; i < prog->num_shaders; i++) {
      const struct fe_shader *sh = prog->shaders[i];
      if (sh->type != type || !sh->source)
         continue;
      if (part)
         off += (size_t)sprintf(s + off, "#line 1 %u\n", part);
      size_t len = strlen(sh->source);
      memcpy(s + off, sh->source, len);
      if (part)
         blank_version(s + off);
      off += len;
      s[off++] = '\n';
      part++;
   }
   s[off] = '\0';
   return s;
}

/* Whether GLSL source uses an identifier outside comments (for the built-in vertex inputs the
 * reflection does not list). */
static bool
source_uses(const char *src, const char *ident)
{
   size_t n = strlen(ident);
   for (const char *p = src; p && *p;) {
      if (p[0] == '/' && p[1] == '/') {
         p = strchr(p, '\n');
         continue;
      }
      if (p[0] == '/' && p[1] == '*') {
         p = strstr(p + 2, "*/");
         p = p ? p + 2 : NULL;
         continue;
      }
      if (!strncmp(p, ident, n) && (p == src || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
          !(isalnum((unsigned char)p[n]) || p[n] == '_'))
         return true;
      p++;
   }
   return false;
}

/* ---- executables ---------------------------------------------------------------------------- */

void
fe_exec_ref(struct fe_exec *e)
{
   if (e)
      atomic_fetch_add(&e->refs, 1);
}

void
fe_exec_unref(struct fe_context *ctx, struct fe_exec *e)
{
   if (!e || atomic_fetch_sub(&e->refs, 1) != 1)
      return;
   struct fe_share_group *sg = e->share;
   if (ctx && ctx->share == sg) {
      mgp_delete_shader(&ctx->pipe, &(struct mgp_handle_args){e->cso});
      fe_share_free_handle(sg, MGP_KIND_SHADER, e->cso);
   } else {
      /* No context of the group to send it through: the next one that validates does. */
      pthread_mutex_lock(&sg->lock);
      if (sg->num_dead_shaders == sg->dead_capacity) {
         unsigned cap = sg->dead_capacity ? sg->dead_capacity * 2 : 8;
         struct mgp_handle *d = realloc(sg->dead_shaders, cap * sizeof(*d));
         if (d) {
            sg->dead_shaders = d;
            sg->dead_capacity = cap;
         }
      }
      if (sg->num_dead_shaders < sg->dead_capacity)
         sg->dead_shaders[sg->num_dead_shaders++] = e->cso;
      pthread_mutex_unlock(&sg->lock);
   }
   glsl_program_destroy(e->glsl);
   free(e->uniforms);
   free(e->locs);
   for (uint32_t i = 0; i < e->num_active; i++)
      free(e->active[i].name);
   free(e->active);
   free(e);
}

struct fe_exec *
fe_ctx_exec(struct fe_context *ctx)
{
   struct fe_program *p = ctx->program;
   if (p && p->exec && p->exec != ctx->exec) {
      fe_exec_ref(p->exec);
      fe_exec_unref(ctx, ctx->exec);
      ctx->exec = p->exec;
   }
   return ctx->exec;
}

static void
fill_reflection(struct fe_exec *e)
{
   const struct glsl_program *gp = e->glsl;
   struct mgp_shader_reflection *r = &e->refl;
   memset(r, 0, sizeof(*r));
   r->default_block_size = gp->default_block.size;
   for (unsigned i = 0; i < gp->num_blocks; i++) {
      uint32_t binding = GLSL_BINDING_UBO_BASE + i;
      if (binding >= 32)
         continue;
      r->ubo_mask |= 1u << binding;
      for (int s = 0; s < GLSL_STAGE_COUNT; s++)
         if (gp->blocks[i].stages & GLSL_STAGE_BIT(s))
            r->stage_ubo_mask[stage_map[s]] |= 1u << binding;
   }
   for (unsigned j = 0; j < gp->num_samplers && j < 64; j++) {
      r->sampler_mask |= 1ull << j;
      for (int s = 0; s < GLSL_STAGE_COUNT; s++)
         if (gp->samplers[j].stages & GLSL_STAGE_BIT(s))
            r->stage_sampler_mask[stage_map[s]] |= 1ull << j;
      enum fe_tex_target t;
      uint8_t kind;
      if (sampler_type(gp->samplers[j].type, &t, &kind))
         r->sampler_kind[j] = kind;
   }
   for (unsigned i = 0; i < gp->num_inputs; i++) {
      const struct glsl_io *in = &gp->inputs[i];
      if (!in->active || in->location < 0)
         continue;
      for (uint32_t l = 0; l < in->num_locations && in->location + l < 32; l++) {
         r->vertex_input_mask |= 1u << (in->location + l);
         r->vertex_input_kind[in->location + l] = input_kind(in->type);
      }
   }
   for (unsigned i = 0; i < gp->num_outputs; i++) {
      const struct glsl_io *out = &gp->outputs[i];
      if (out->location < 0)
         continue;
      for (uint32_t l = 0; l < out->num_locations && out->location + l < 32; l++)
         r->fragment_output_mask |= 1u << (out->location + l);
   }
}

static bool
push_active(struct fe_exec *e, uint32_t *cap, const char *name, GLenum type, GLint size,
            GLint block, GLint offset, GLint astride, GLint mstride, bool row_major,
            GLint location)
{
   if (e->num_active == *cap) {
      uint32_t c = *cap ? *cap * 2 : 16;
      struct fe_active_uniform *a = realloc(e->active, c * sizeof(*a));
      if (!a)
         return false;
      e->active = a;
      *cap = c;
   }
   char *n = dup_str(name);
   if (!n)
      return false;
   e->active[e->num_active++] = (struct fe_active_uniform){
      n, type, size, block, offset, astride, mstride, row_major, location,
   };
   uint32_t len = (uint32_t)strlen(name) + 1;
   if (len > e->active_max_len)
      e->active_max_len = len;
   return true;
}

/* Builds locations, the active-uniform list and the default-block shadow. */
static bool
build_exec_tables(struct fe_exec *e)
{
   const struct glsl_program *gp = e->glsl;
   uint32_t nlocs = 0;
   for (unsigned i = 0; i < gp->default_block.num_uniforms; i++)
      nlocs += gp->default_block.uniforms[i].array_size ? gp->default_block.uniforms[i].array_size
                                                        : 1;
   nlocs += gp->num_samplers;
   e->locs = calloc(nlocs ? nlocs : 1, sizeof(*e->locs));
   e->uniform_size = gp->default_block.size;
   e->uniforms = calloc(e->uniform_size ? e->uniform_size : 1, 1);
   if (!e->locs || !e->uniforms)
      return false;
   if (gp->default_block.initial_data) /* GL: uniforms start at their initializers' values */
      memcpy(e->uniforms, gp->default_block.initial_data, e->uniform_size);
   uint32_t cap = 0;
   for (unsigned i = 0; i < gp->default_block.num_uniforms; i++) {
      const struct glsl_uniform *u = &gp->default_block.uniforms[i];
      uint32_t n = u->array_size ? u->array_size : 1;
      if (!push_active(e, &cap, u->name, u->type, (GLint)n, -1, -1, -1, -1, false,
                       (GLint)e->num_locs))
         return false;
      for (uint32_t k = 0; k < n; k++)
         e->locs[e->num_locs++] = (struct fe_uniform_loc){0, (uint16_t)k, i};
   }
   for (unsigned j = 0; j < gp->num_samplers; j++) {
      const struct glsl_sampler *s = &gp->samplers[j];
      if (s->array_element == 0 &&
          !push_active(e, &cap, s->name, s->type, (GLint)(s->array_size ? s->array_size : 1), -1,
                       -1, -1, -1, false, (GLint)e->num_locs))
         return false;
      e->locs[e->num_locs++] = (struct fe_uniform_loc){1, (uint16_t)s->array_element, j};
      enum fe_tex_target t = FE_TEX_2D;
      uint8_t kind;
      sampler_type(s->type, &t, &kind);
      if (j < FE_MAX_SAMPLERS)
         e->sampler_target[j] = (uint8_t)t;
   }
   for (unsigned m = 0; m < gp->num_block_members; m++) {
      const struct glsl_uniform *u = &gp->block_members[m];
      GLint block = -1;
      for (unsigned b = 0; b < gp->num_blocks; b++) {
         if (m >= gp->blocks[b].first_member &&
             m < gp->blocks[b].first_member + gp->blocks[b].num_members) {
            block = (GLint)b;
            break;
         }
      }
      if (!push_active(e, &cap, u->name, u->type, (GLint)(u->array_size ? u->array_size : 1),
                       block, (GLint)u->offset, (GLint)u->array_stride,
                       (GLint)u->matrix_stride, u->row_major, -1))
         return false;
   }
   for (unsigned i = 0; i < gp->num_inputs; i++) {
      if (!gp->inputs[i].active)
         continue;
      e->num_active_attribs++;
      uint32_t len = (uint32_t)strlen(gp->inputs[i].name) + 1;
      if (len > e->attrib_max_len)
         e->attrib_max_len = len;
   }
   return true;
}

/* GL lists the built-in vertex inputs a vertex shader reads among the active attributes. */
static const char *const builtin_inputs[] = {"gl_VertexID", "gl_InstanceID"};

static void
add_builtin_inputs(struct fe_exec *e, const char *vs)
{
   for (unsigned b = 0; vs && b < 2; b++) {
      if (!source_uses(vs, builtin_inputs[b]))
         continue;
      e->builtin_inputs |= 1u << b;
      e->num_active_attribs++;
      uint32_t len = (uint32_t)strlen(builtin_inputs[b]) + 1;
      if (len > e->attrib_max_len)
         e->attrib_max_len = len;
   }
}

static struct fe_exec *
exec_create(struct fe_context *ctx, struct glsl_program *gp)
{
   struct fe_exec *e = calloc(1, sizeof(*e));
   if (!e)
      return NULL;
   atomic_init(&e->refs, 1);
   e->share = ctx->share;
   e->glsl = gp;
   e->uniform_version = 1;
   e->bindings_version = 1;
   if (gp->num_samplers > FE_MAX_SAMPLERS || gp->num_blocks > FE_MAX_BLOCKS ||
       !build_exec_tables(e) || !fe_share_alloc_handle(ctx->share, MGP_KIND_SHADER, &e->cso)) {
      free(e->uniforms);
      free(e->locs);
      for (uint32_t i = 0; i < e->num_active; i++)
         free(e->active[i].name);
      free(e->active);
      free(e);
      return NULL;
   }
   fill_reflection(e);
   struct mgp_create_shader cs = {.cso = e->cso, .reflection = e->refl};
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!gp->spirv[s].words)
         continue;
      cs.stage_mask |= 1u << stage_map[s];
      cs.spirv[stage_map[s]] = (struct mgp_span){
         .ptr = gp->spirv[s].words,
         .size = gp->spirv[s].num_words * sizeof(uint32_t),
      };
   }
   fe_share_send_dead_shaders(ctx);
   mgp_create_shader(&ctx->pipe, &cs);
   return e;
}

static void
link_failed(struct fe_context *ctx, struct fe_program *prog, const char *log)
{
   prog->link_status = false;
   free(prog->info_log);
   prog->info_log = dup_str(log ? log : "");
   /* Contexts using the old executable keep it (GL); the program has none now. */
   fe_exec_unref(ctx, prog->exec);
   prog->exec = NULL;
}

void
mgl_glLinkProgram(GLuint program)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   /* GL 3.3, 2.15 (ES 3.0 §2.15.2: of any object, bound or not, paused or not): not the
    * program an active transform feedback captures from. */
   FE_CHECK(fe_xfb_captures_from(ctx, prog->exec), GL_INVALID_OPERATION);
   prog->link_serial++;
   if (!prog->num_shaders) {
      link_failed(ctx, prog, "error: no shaders attached to the program\n");
      return;
   }
   if (ctx->desc.api == FE_API_GLES) {
      /* ES: a program links only with both a vertex and a fragment shader */
      bool has_vs = false, has_fs = false;
      for (unsigned i = 0; i < prog->num_shaders; i++) {
         has_vs |= prog->shaders[i]->type == GL_VERTEX_SHADER;
         has_fs |= prog->shaders[i]->type == GL_FRAGMENT_SHADER;
      }
      if (!has_vs || !has_fs) {
         link_failed(ctx, prog, has_vs ? "error: OpenGL ES needs a fragment shader to link\n"
                                        : "error: OpenGL ES needs a vertex shader to link\n");
         return;
      }
   }
   for (unsigned i = 0; i < prog->num_shaders; i++) {
      if (!prog->shaders[i]->compiled) {
         char msg[96];
         snprintf(msg, sizeof(msg), "error: shader %u is not compiled\n",
                  prog->shaders[i]->base.name);
         link_failed(ctx, prog, msg);
         return;
      }
   }
   char *vs = stage_source(prog, GL_VERTEX_SHADER);
   char *gs = stage_source(prog, GL_GEOMETRY_SHADER);
   char *fs = stage_source(prog, GL_FRAGMENT_SHADER);
   struct glsl_binding *ab = calloc(prog->num_attrib_bindings + 1, sizeof(*ab));
   struct glsl_binding *fb = calloc(prog->num_frag_bindings + 1, sizeof(*fb));
   if (!ab || !fb) {
      free(vs);
      free(gs);
      free(fs);
      free(ab);
      free(fb);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   for (unsigned i = 0; i < prog->num_attrib_bindings; i++)
      ab[i] = (struct glsl_binding){prog->attrib_bindings[i].name,
                                    prog->attrib_bindings[i].location, 0};
   for (unsigned i = 0; i < prog->num_frag_bindings; i++)
      fb[i] = (struct glsl_binding){prog->frag_bindings[i].name, prog->frag_bindings[i].location,
                                    prog->frag_bindings[i].index};
   struct glsl_link_input in = {
      .attrib_bindings = ab,
      .num_attrib_bindings = prog->num_attrib_bindings,
      .frag_data_bindings = fb,
      .num_frag_data_bindings = prog->num_frag_bindings,
      .es = ctx->desc.api == FE_API_GLES,
      .max_varying_components = ctx->share->caps->max_varying_components,
      .xfb_varyings = (const char *const *)prog->xfb_names,
      .num_xfb_varyings = prog->num_xfb_names,
      .xfb_separate = prog->xfb_mode == GL_SEPARATE_ATTRIBS,
   };
   in.source[GLSL_STAGE_VERTEX] = vs;
   in.source[GLSL_STAGE_GEOMETRY] = gs;
   in.source[GLSL_STAGE_FRAGMENT] = fs;
   /* Each shader object is a compilation unit of its own (source[] is their concatenation). */
   const char **objs = calloc(prog->num_shaders + 1, sizeof(*objs));
   unsigned used = 0;
   for (int s = 0; s < GLSL_STAGE_COUNT && objs; s++) {
      GLenum type = stage_type((enum glsl_stage)s);
      in.objects[s] = objs + used;
      for (unsigned i = 0; i < prog->num_shaders; i++)
         if (prog->shaders[i]->type == type && prog->shaders[i]->source)
            objs[used + in.num_objects[s]++] = prog->shaders[i]->source;
      used += in.num_objects[s];
   }
   char *log = NULL;
   struct glsl_program *gp = glsl_link(&in, &log);
   free(objs);
   free(gs);
   free(fs);
   free(ab);
   free(fb);
   if (!gp) {
      free(vs);
      link_failed(ctx, prog, log);
      free(log);
      return;
   }
   struct fe_exec *e = exec_create(ctx, gp);
   if (e)
      add_builtin_inputs(e, vs);
   free(vs);
   if (!e) {
      glsl_program_destroy(gp);
      free(log);
      link_failed(ctx, prog, "error: out of memory or program limits exceeded\n");
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   fe_exec_unref(ctx, prog->exec);
   prog->exec = e;
   prog->link_status = true;
   free(prog->info_log);
   prog->info_log = log ? log : dup_str("");
   if (ctx->program == prog)
      fe_ctx_exec(ctx);
}

void
mgl_glUseProgram(GLuint program)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = NULL;
   if (program) {
      prog = get_program(ctx, program);
      if (!prog)
         return;
      FE_CHECK(!prog->link_status, GL_INVALID_OPERATION);
   }
   FE_CHECK(fe_xfb_locked(ctx), GL_INVALID_OPERATION);
   if (ctx->program == prog) {
      fe_ctx_exec(ctx);
      return;
   }
   if (prog) {
      prog->use_count++;
      fe_object_ref(&prog->base);
   }
   fe_program_release_current(ctx);
   ctx->program = prog;
   if (prog) {
      ctx->exec = prog->exec;
      fe_exec_ref(ctx->exec);
   }
}

void
mgl_glValidateProgram(GLuint program)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   bool ok = prog->link_status && prog->exec;
   if (ok) {
      /* Samplers of different types may not share a unit. */
      struct fe_exec *e = prog->exec;
      for (unsigned a = 0; a < e->glsl->num_samplers && ok; a++)
         for (unsigned b = a + 1; b < e->glsl->num_samplers && ok; b++)
            if (e->sampler_units[a] == e->sampler_units[b] &&
                e->glsl->samplers[a].type != e->glsl->samplers[b].type)
               ok = false;
   }
   prog->validate_status = ok;
   if (!ok && prog->link_status) {
      free(prog->info_log);
      prog->info_log = dup_str("validation failed: samplers of different types use one texture "
                               "unit\n");
   }
}

void
mgl_glGetProgramiv(GLuint program, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   const struct fe_exec *e = prog->exec;
   const struct glsl_program *gp = e ? e->glsl : NULL;
   switch (pname) {
   case GL_DELETE_STATUS: *params = prog->delete_pending; return;
   case GL_LINK_STATUS: *params = prog->link_status; return;
   case GL_VALIDATE_STATUS: *params = prog->validate_status; return;
   case GL_INFO_LOG_LENGTH:
      *params = prog->info_log && *prog->info_log ? (GLint)strlen(prog->info_log) + 1 : 0;
      return;
   case GL_ATTACHED_SHADERS: *params = (GLint)prog->num_shaders; return;
   case GL_ACTIVE_ATTRIBUTES: *params = e ? (GLint)e->num_active_attribs : 0; return;
   case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH: *params = e ? (GLint)e->attrib_max_len : 0; return;
   case GL_ACTIVE_UNIFORMS: *params = e ? (GLint)e->num_active : 0; return;
   case GL_ACTIVE_UNIFORM_MAX_LENGTH: *params = e ? (GLint)e->active_max_len : 0; return;
   case GL_ACTIVE_UNIFORM_BLOCKS: *params = gp ? (GLint)gp->num_blocks : 0; return;
   case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH: {
      GLint m = 0;
      for (unsigned i = 0; gp && i < gp->num_blocks; i++) {
         GLint l = (GLint)strlen(gp->blocks[i].name) + 1;
         m = l > m ? l : m;
      }
      *params = m;
      return;
   }
   /* GL 3.3, 6.1.16: what the last link used (GL's state before any link: interleaved, none). */
   case GL_TRANSFORM_FEEDBACK_BUFFER_MODE:
      *params = gp && gp->xfb_separate ? GL_SEPARATE_ATTRIBS : GL_INTERLEAVED_ATTRIBS;
      return;
   case GL_TRANSFORM_FEEDBACK_VARYINGS: *params = gp ? (GLint)gp->num_xfb : 0; return;
   case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH: {
      GLint m = 0;
      for (unsigned i = 0; gp && i < gp->num_xfb; i++) {
         GLint l = (GLint)strlen(gp->xfb[i].name) + 1;
         m = l > m ? l : m;
      }
      *params = m;
      return;
   }
   case GL_GEOMETRY_VERTICES_OUT: case GL_GEOMETRY_INPUT_TYPE: case GL_GEOMETRY_OUTPUT_TYPE:
      /* GL 3.3, 6.1.16: INVALID_OPERATION unless the last successful link had a geometry shader. */
      if (!prog->link_status || !gp || !(gp->stages & GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY))) {
         fe_error(ctx, GL_INVALID_OPERATION);
         return;
      }
      *params = (GLint)(pname == GL_GEOMETRY_VERTICES_OUT ? gp->geometry.vertices_out
                        : pname == GL_GEOMETRY_INPUT_TYPE ? gp->geometry.input_type
                                                          : gp->geometry.output_type);
      return;
   /* ES 3.0 2.12.4 (GL 4.1's): no binary format is offered, so no program has a binary */
   case GL_PROGRAM_BINARY_RETRIEVABLE_HINT:
      FE_CHECK(ctx->desc.api != FE_API_GLES || ctx->desc.major < 3, GL_INVALID_ENUM);
      *params = prog->binary_retrievable;
      return;
   case GL_PROGRAM_BINARY_LENGTH:
      FE_CHECK(ctx->desc.api != FE_API_GLES || ctx->desc.major < 3, GL_INVALID_ENUM);
      *params = 0;
      return;
   default:
      fe_error(ctx, GL_INVALID_ENUM);
   }
}

/* ---- program binaries (ES 3.0 2.12.4) --------------------------------------------------------
 * GL_NUM_PROGRAM_BINARY_FORMATS is 0 (fe_get.c): SPIR-V from glslang is no format an app could
 * keep across drivers, so none is offered. The calls keep their errors: the hint is stored,
 * no binary can be retrieved, and every format given to glProgramBinary is unknown. */

void
mgl_glProgramParameteri(GLuint program, GLenum pname, GLint value)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(pname != GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_INVALID_ENUM);
   FE_CHECK(value != GL_FALSE && value != GL_TRUE, GL_INVALID_VALUE);
   prog->binary_retrievable = value == GL_TRUE; /* read by the next link, which ignores it */
}

void
mgl_glGetProgramBinary(GLuint program, GLsizei bufSize, GLsizei *length, GLenum *binaryFormat,
                       void *binary)
{
   FE_CTX_OR_RETURN();
   (void)binaryFormat, (void)binary;
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(bufSize < 0, GL_INVALID_VALUE);
   if (length)
      *length = 0;
   /* not linked, or (always) no binary to give: PROGRAM_BINARY_LENGTH is 0 */
   fe_error(ctx, GL_INVALID_OPERATION);
}

void
mgl_glProgramBinary(GLuint program, GLenum binaryFormat, const void *binary, GLsizei length)
{
   FE_CTX_OR_RETURN();
   (void)binaryFormat, (void)binary;
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(length < 0, GL_INVALID_VALUE);
   /* binaryFormat is not in the (empty) GL_PROGRAM_BINARY_FORMATS list */
   fe_error(ctx, GL_INVALID_ENUM);
}

/* GL 3.3, 2.11.8. The names take effect at the next glLinkProgram. */
void
mgl_glTransformFeedbackVaryings(GLuint program, GLsizei count, const GLchar *const *varyings,
                                GLenum buffer_mode)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(buffer_mode != GL_INTERLEAVED_ATTRIBS && buffer_mode != GL_SEPARATE_ATTRIBS,
            GL_INVALID_ENUM);
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   FE_CHECK(buffer_mode == GL_SEPARATE_ATTRIBS && count > FE_MAX_XFB_BUFFERS, GL_INVALID_VALUE);
   FE_CHECK(count > 0 && !varyings, GL_INVALID_VALUE);
   char **names = count ? calloc((size_t)count, sizeof(*names)) : NULL;
   FE_CHECK(count && !names, GL_OUT_OF_MEMORY);
   for (GLsizei i = 0; i < count; i++) {
      names[i] = dup_str(varyings[i] ? varyings[i] : "");
      if (!names[i]) {
         while (i--)
            free(names[i]);
         free(names);
         FE_CHECK(true, GL_OUT_OF_MEMORY);
      }
   }
   for (unsigned i = 0; i < prog->num_xfb_names; i++)
      free(prog->xfb_names[i]);
   free(prog->xfb_names);
   prog->xfb_names = names;
   prog->num_xfb_names = (unsigned)count;
   prog->xfb_mode = buffer_mode;
}

void
mgl_glGetTransformFeedbackVarying(GLuint program, GLuint index, GLsizei buf_size,
                                  GLsizei *length, GLsizei *size, GLenum *type, GLchar *name)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   const struct glsl_program *gp = prog->exec ? prog->exec->glsl : NULL;
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   FE_CHECK(!gp || index >= gp->num_xfb, GL_INVALID_VALUE);
   const struct glsl_xfb_varying *x = &gp->xfb[index];
   copy_out(x->name, buf_size, length, name);
   if (size)
      *size = (GLsizei)x->size;
   if (type)
      *type = x->type;
}

void
mgl_glGetProgramInfoLog(GLuint program, GLsizei buf_size, GLsizei *length, GLchar *info_log)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (prog)
      copy_out(prog->info_log, buf_size, length, info_log);
}

/* The executable of a program for a query; GL_INVALID_OPERATION when it is not linked. */
static struct fe_exec *
linked_exec(struct fe_context *ctx, GLuint program)
{
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return NULL;
   if (!prog->link_status || !prog->exec) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return NULL;
   }
   return prog->exec;
}

/* ---- attributes and outputs ---------------------------------------------------------------- */

static size_t split_subscript(const char *name, long *k);

/* The location `name` names in an attribute or fragment output: its own, or for "arr[k]" of an
 * array, element k's (each element takes num_locations / array_size locations, as a mat2
 * element takes two). -1: no match. */
static GLint
io_location(const struct glsl_io *io, const char *name)
{
   if (!strcmp(io->name, name))
      return io->location;
   long k;
   const size_t base = split_subscript(name, &k);
   if (k < 0 || io->array_size <= 1 || (unsigned long)k >= io->array_size ||
       strlen(io->name) != base || strncmp(io->name, name, base))
      return -1;
   return io->location + (GLint)((uint32_t)k * (io->num_locations / io->array_size));
}

GLint
mgl_glGetAttribLocation(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3))
      return -1;
   for (unsigned i = 0; i < e->glsl->num_inputs; i++) {
      const struct glsl_io *in = &e->glsl->inputs[i];
      const GLint loc = in->active ? io_location(in, name) : -1;
      if (loc >= 0)
         return loc;
   }
   return -1;
}

void
mgl_glGetActiveAttrib(GLuint program, GLuint index, GLsizei buf_size, GLsizei *length,
                      GLint *size, GLenum *type, GLchar *name)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->num_active_attribs, GL_INVALID_VALUE);
   unsigned k = 0;
   for (unsigned i = 0; i < e->glsl->num_inputs; i++) {
      const struct glsl_io *in = &e->glsl->inputs[i];
      if (!in->active)
         continue;
      if (k++ == index) {
         copy_out(in->name, buf_size, length, name);
         if (size)
            *size = (GLint)(in->array_size ? in->array_size : 1);
         if (type)
            *type = in->type;
         return;
      }
   }
   for (unsigned b = 0; b < 2; b++) {
      if (!(e->builtin_inputs & (1u << b)) || k++ != index)
         continue;
      copy_out(builtin_inputs[b], buf_size, length, name);
      if (size)
         *size = 1;
      if (type)
         *type = GL_INT;
      return;
   }
}

GLint
mgl_glGetFragDataLocation(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3))
      return -1;
   for (unsigned i = 0; i < e->glsl->num_outputs; i++) {
      const GLint loc = io_location(&e->glsl->outputs[i], name);
      if (loc >= 0)
         return loc;
   }
   return -1;
}

GLint
mgl_glGetFragDataIndex(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3))
      return -1;
   for (unsigned i = 0; i < e->glsl->num_outputs; i++)
      if (!strcmp(e->glsl->outputs[i].name, name))
         return (GLint)e->glsl->outputs[i].index;
   return -1;
}

/* ---- uniform locations and queries ---------------------------------------------------------- */

/* Splits "name[k]" into its base length and k; k = -1 without a trailing subscript. */
static size_t
split_subscript(const char *name, long *k)
{
   size_t n = strlen(name);
   *k = -1;
   if (n < 3 || name[n - 1] != ']')
      return n;
   size_t i = n - 2;
   while (i > 0 && name[i] >= '0' && name[i] <= '9')
      i--;
   if (name[i] != '[' || i == n - 2)
      return n;
   *k = strtol(name + i + 1, NULL, 10);
   return i;
}

/* How a name matches an active uniform ("arr[0]" is how arrays are listed): -1 no match, else
 * the array element it names ("arr", "arr[0]" and "tint" name element 0, "arr[3]" element
 * 3; a struct path such as "s[1].m" matches only exactly). */
static long
match_uniform(const char *uname, GLint size, const char *name)
{
   if (!strcmp(uname, name))
      return 0;
   size_t ulen = strlen(uname);
   if (ulen < 3 || strcmp(uname + ulen - 3, "[0]"))
      return -1;
   size_t ubase = ulen - 3;
   long k;
   size_t base = split_subscript(name, &k);
   if (base != ubase || strncmp(uname, name, ubase))
      return -1;
   if (k < 0)
      return 0;
   return k < size ? k : -1;
}

GLint
mgl_glGetUniformLocation(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3))
      return -1;
   for (uint32_t i = 0; i < e->num_active; i++) {
      const struct fe_active_uniform *u = &e->active[i];
      if (u->location < 0)
         continue;
      long k = match_uniform(u->name, u->size, name);
      if (k >= 0)
         return u->location + (GLint)k;
   }
   return -1;
}

void
mgl_glGetActiveUniform(GLuint program, GLuint index, GLsizei buf_size, GLsizei *length,
                       GLint *size, GLenum *type, GLchar *name)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->num_active, GL_INVALID_VALUE);
   const struct fe_active_uniform *u = &e->active[index];
   copy_out(u->name, buf_size, length, name);
   if (size)
      *size = u->size;
   if (type)
      *type = u->type;
}

void
mgl_glGetActiveUniformName(GLuint program, GLuint index, GLsizei buf_size, GLsizei *length,
                           GLchar *name)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->num_active, GL_INVALID_VALUE);
   copy_out(e->active[index].name, buf_size, length, name);
}

void
mgl_glGetUniformIndices(GLuint program, GLsizei count, const GLchar *const *names,
                        GLuint *indices)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   for (GLsizei n = 0; n < count; n++) {
      indices[n] = GL_INVALID_INDEX;
      if (!e)
         continue;
      for (uint32_t i = 0; i < e->num_active; i++) {
         if (match_uniform(e->active[i].name, e->active[i].size, names[n]) == 0) {
            indices[n] = i;
            break;
         }
      }
   }
}

void
mgl_glGetActiveUniformsiv(GLuint program, GLsizei count, const GLuint *indices, GLenum pname,
                          GLint *params)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   for (GLsizei n = 0; n < count; n++)
      FE_CHECK(!e || indices[n] >= e->num_active, GL_INVALID_VALUE);
   for (GLsizei n = 0; n < count; n++) {
      const struct fe_active_uniform *u = &e->active[indices[n]];
      switch (pname) {
      case GL_UNIFORM_TYPE: params[n] = (GLint)u->type; break;
      case GL_UNIFORM_SIZE: params[n] = u->size; break;
      case GL_UNIFORM_NAME_LENGTH: params[n] = (GLint)strlen(u->name) + 1; break;
      case GL_UNIFORM_BLOCK_INDEX: params[n] = u->block_index; break;
      case GL_UNIFORM_OFFSET: params[n] = u->offset; break;
      case GL_UNIFORM_ARRAY_STRIDE:
         params[n] = u->block_index < 0 ? -1 : u->array_stride;
         break;
      case GL_UNIFORM_MATRIX_STRIDE:
         params[n] = u->block_index < 0 ? -1 : u->matrix_stride;
         break;
      case GL_UNIFORM_IS_ROW_MAJOR: params[n] = u->row_major; break;
      default: fe_error(ctx, GL_INVALID_ENUM); return;
      }
   }
}

GLuint
mgl_glGetUniformBlockIndex(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(GL_INVALID_INDEX);
   struct fe_exec *e = linked_exec(ctx, program);
   if (!e)
      return GL_INVALID_INDEX;
   for (unsigned i = 0; i < e->glsl->num_blocks; i++)
      if (!strcmp(e->glsl->blocks[i].name, name))
         return i;
   return GL_INVALID_INDEX;
}

void
mgl_glUniformBlockBinding(GLuint program, GLuint index, GLuint binding)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->glsl->num_blocks, GL_INVALID_VALUE);
   FE_CHECK(binding >= FE_MAX_UBO_BINDINGS, GL_INVALID_VALUE);
   if (e->block_bindings[index] != binding) {
      e->block_bindings[index] = binding;
      e->bindings_version++;
   }
}

void
mgl_glGetActiveUniformBlockiv(GLuint program, GLuint index, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->glsl->num_blocks, GL_INVALID_VALUE);
   const struct glsl_uniform_block *b = &e->glsl->blocks[index];
   /* Block members follow default-block uniforms and samplers in the active list. */
   uint32_t first_active = e->num_active - e->glsl->num_block_members + b->first_member;
   switch (pname) {
   case GL_UNIFORM_BLOCK_BINDING: *params = (GLint)e->block_bindings[index]; return;
   case GL_UNIFORM_BLOCK_DATA_SIZE: *params = (GLint)b->data_size; return;
   case GL_UNIFORM_BLOCK_NAME_LENGTH: *params = (GLint)strlen(b->name) + 1; return;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS: *params = (GLint)b->num_members; return;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES:
      for (unsigned m = 0; m < b->num_members; m++)
         params[m] = (GLint)(first_active + m);
      return;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER:
      *params = (b->stages & GLSL_STAGE_BIT(GLSL_STAGE_VERTEX)) != 0;
      return;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER:
      *params = (b->stages & GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT)) != 0;
      return;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER:
      *params = (b->stages & GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY)) != 0;
      return;
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}

void
mgl_glGetActiveUniformBlockName(GLuint program, GLuint index, GLsizei buf_size,
                                GLsizei *length, GLchar *name)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->glsl->num_blocks, GL_INVALID_VALUE);
   copy_out(e->glsl->blocks[index].name, buf_size, length, name);
}

/* ---- glUniform* ----------------------------------------------------------------------------- */

enum value_kind { VK_FLOAT, VK_INT, VK_UINT };

static uint32_t
convert_value(const void *values, size_t i, enum value_kind vk, uint8_t base)
{
   uint32_t raw;
   memcpy(&raw, (const uint8_t *)values + i * 4, 4);
   if (base == BT_BOOL) {
      if (vk == VK_FLOAT)
         return fe_u2f(raw) != 0.0f;
      return raw != 0;
   }
   return raw;
}

/* One glUniform* call: n components per element, cols > 0 for matrix functions. */
static void
set_uniform(struct fe_context *ctx, GLint location, GLsizei count, enum value_kind vk,
            unsigned n, unsigned cols, GLboolean transpose, const void *values)
{
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   struct fe_exec *e = fe_ctx_exec(ctx);
   FE_CHECK(!e, GL_INVALID_OPERATION);
   if (location == -1)
      return;
   FE_CHECK(location < 0 || (uint32_t)location >= e->num_locs, GL_INVALID_OPERATION);
   const struct fe_uniform_loc *loc = &e->locs[location];
   if (loc->is_sampler) {
      FE_CHECK(vk != VK_INT || n != 1 || cols, GL_INVALID_OPERATION);
      const struct glsl_sampler *s = &e->glsl->samplers[loc->index];
      uint32_t size = s->array_size ? s->array_size : 1;
      FE_CHECK(count > 1 && size == 1, GL_INVALID_OPERATION);
      uint32_t avail = size - s->array_element;
      uint32_t num = (uint32_t)count < avail ? (uint32_t)count : avail;
      const GLint *units = values;
      for (uint32_t k = 0; k < num; k++)
         FE_CHECK(units[k] < 0 || units[k] >= FE_MAX_TEXTURE_UNITS, GL_INVALID_VALUE);
      for (uint32_t k = 0; k < num; k++) {
         uint32_t j = loc->index + k;
         if (j < FE_MAX_SAMPLERS && e->sampler_units[j] != units[k]) {
            e->sampler_units[j] = units[k];
            e->bindings_version++;
         }
      }
      return;
   }
   const struct glsl_uniform *u = &e->glsl->default_block.uniforms[loc->index];
   struct type_info ti = type_info(u->type);
   if (cols) {
      FE_CHECK(ti.base != BT_FLOAT || ti.cols != cols || ti.rows != n, GL_INVALID_OPERATION);
   } else {
      FE_CHECK(ti.cols != 1 || ti.rows != n, GL_INVALID_OPERATION);
      bool ok = ti.base == BT_BOOL || (vk == VK_FLOAT && ti.base == BT_FLOAT) ||
                (vk == VK_INT && ti.base == BT_INT) || (vk == VK_UINT && ti.base == BT_UINT);
      FE_CHECK(!ok, GL_INVALID_OPERATION);
   }
   uint32_t size = u->array_size ? u->array_size : 1;
   FE_CHECK(count > 1 && size == 1, GL_INVALID_OPERATION);
   uint32_t avail = size - loc->element;
   uint32_t num = (uint32_t)count < avail ? (uint32_t)count : avail;
   bool changed = false;
   unsigned c = cols ? cols : 1;
   for (uint32_t k = 0; k < num; k++) {
      uint32_t elem = loc->element + k;
      uint8_t *dst = e->uniforms + u->offset + (size_t)elem * u->array_stride;
      if (!cols && u->offset + (size_t)elem * u->array_stride + n * 4u <= e->uniform_size) {
         /* A scalar or vector element inside the block: its components are contiguous, so
          * one compare finds whether it changed and one mark covers the components that did
          * (glUniform4f a component at a time cost ~265 instructions, issue 6). */
         unsigned lo = n, hi = 0;
         for (unsigned row = 0; row < n; row++) {
            const uint32_t v = convert_value(values, (size_t)k * n + row, vk, ti.base);
            uint32_t cur;
            memcpy(&cur, dst + row * 4u, 4);
            if (cur == v)
               continue;
            memcpy(dst + row * 4u, &v, 4);
            lo = row < lo ? row : lo;
            hi = row + 1;
         }
         if (lo < hi) {
            const uint32_t at = (uint32_t)(dst - e->uniforms);
            fe_exec_mark_dirty(e, at + lo * 4u, at + hi * 4u);
            changed = true;
         }
         continue;
      }
      for (unsigned col = 0; col < c; col++) {
         for (unsigned row = 0; row < n; row++) {
            size_t src_i = (size_t)k * c * n +
                           (cols && transpose ? (size_t)row * c + col : (size_t)col * n + row);
            uint32_t v = convert_value(values, src_i, vk, ti.base);
            size_t off = !cols ? row * 4u
                         : u->row_major ? (size_t)row * u->matrix_stride + col * 4u
                                        : (size_t)col * u->matrix_stride + row * 4u;
            if (u->offset + (size_t)elem * u->array_stride + off + 4 > e->uniform_size)
               continue;
            if (memcmp(dst + off, &v, 4)) {
               memcpy(dst + off, &v, 4);
               uint32_t at = (uint32_t)(dst + off - e->uniforms);
               fe_exec_mark_dirty(e, at, at + 4);
               changed = true;
            }
         }
      }
   }
   if (changed)
      e->uniform_version++;
}

#define UNIFORM_V(name, vk, n, type)                                                           \
   void mgl_glUniform##name(GLint location, GLsizei count, const type *value)                  \
   {                                                                                           \
      FE_CTX_OR_RETURN();                                                                      \
      set_uniform(ctx, location, count, vk, n, 0, GL_FALSE, value);                            \
   }

UNIFORM_V(1fv, VK_FLOAT, 1, GLfloat)
UNIFORM_V(2fv, VK_FLOAT, 2, GLfloat)
UNIFORM_V(3fv, VK_FLOAT, 3, GLfloat)
UNIFORM_V(4fv, VK_FLOAT, 4, GLfloat)
UNIFORM_V(1iv, VK_INT, 1, GLint)
UNIFORM_V(2iv, VK_INT, 2, GLint)
UNIFORM_V(3iv, VK_INT, 3, GLint)
UNIFORM_V(4iv, VK_INT, 4, GLint)
UNIFORM_V(1uiv, VK_UINT, 1, GLuint)
UNIFORM_V(2uiv, VK_UINT, 2, GLuint)
UNIFORM_V(3uiv, VK_UINT, 3, GLuint)
UNIFORM_V(4uiv, VK_UINT, 4, GLuint)

void mgl_glUniform1f(GLint l, GLfloat x) { GLfloat v[] = {x}; mgl_glUniform1fv(l, 1, v); }
void mgl_glUniform2f(GLint l, GLfloat x, GLfloat y) { GLfloat v[] = {x, y}; mgl_glUniform2fv(l, 1, v); }
void mgl_glUniform3f(GLint l, GLfloat x, GLfloat y, GLfloat z)
{
   GLfloat v[] = {x, y, z};
   mgl_glUniform3fv(l, 1, v);
}
void mgl_glUniform4f(GLint l, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   GLfloat v[] = {x, y, z, w};
   mgl_glUniform4fv(l, 1, v);
}
void mgl_glUniform1i(GLint l, GLint x) { GLint v[] = {x}; mgl_glUniform1iv(l, 1, v); }
void mgl_glUniform2i(GLint l, GLint x, GLint y) { GLint v[] = {x, y}; mgl_glUniform2iv(l, 1, v); }
void mgl_glUniform3i(GLint l, GLint x, GLint y, GLint z)
{
   GLint v[] = {x, y, z};
   mgl_glUniform3iv(l, 1, v);
}
void mgl_glUniform4i(GLint l, GLint x, GLint y, GLint z, GLint w)
{
   GLint v[] = {x, y, z, w};
   mgl_glUniform4iv(l, 1, v);
}
void mgl_glUniform1ui(GLint l, GLuint x) { GLuint v[] = {x}; mgl_glUniform1uiv(l, 1, v); }
void mgl_glUniform2ui(GLint l, GLuint x, GLuint y) { GLuint v[] = {x, y}; mgl_glUniform2uiv(l, 1, v); }
void mgl_glUniform3ui(GLint l, GLuint x, GLuint y, GLuint z)
{
   GLuint v[] = {x, y, z};
   mgl_glUniform3uiv(l, 1, v);
}
void mgl_glUniform4ui(GLint l, GLuint x, GLuint y, GLuint z, GLuint w)
{
   GLuint v[] = {x, y, z, w};
   mgl_glUniform4uiv(l, 1, v);
}

#define UNIFORM_MATRIX(name, cols, rows)                                                       \
   void mgl_glUniformMatrix##name(GLint location, GLsizei count, GLboolean transpose,          \
                                  const GLfloat *value)                                        \
   {                                                                                           \
      FE_CTX_OR_RETURN();                                                                      \
      set_uniform(ctx, location, count, VK_FLOAT, rows, cols, transpose, value);               \
   }

UNIFORM_MATRIX(2fv, 2, 2)
UNIFORM_MATRIX(3fv, 3, 3)
UNIFORM_MATRIX(4fv, 4, 4)
UNIFORM_MATRIX(2x3fv, 2, 3)
UNIFORM_MATRIX(3x2fv, 3, 2)
UNIFORM_MATRIX(2x4fv, 2, 4)
UNIFORM_MATRIX(4x2fv, 4, 2)
UNIFORM_MATRIX(3x4fv, 3, 4)
UNIFORM_MATRIX(4x3fv, 4, 3)

/* glGetUniform*: the element's components (column-major for matrices) as bit patterns, with
 * the uniform's base type. Returns the count, 0 after recording an error. */
static unsigned
get_uniform(struct fe_context *ctx, GLuint program, GLint location, uint32_t out[16],
            uint8_t *base)
{
   struct fe_exec *e = linked_exec(ctx, program);
   if (!e)
      return 0;
   if (location < 0 || (uint32_t)location >= e->num_locs) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return 0;
   }
   const struct fe_uniform_loc *loc = &e->locs[location];
   if (loc->is_sampler) {
      out[0] = (uint32_t)e->sampler_units[loc->index];
      *base = BT_INT;
      return 1;
   }
   const struct glsl_uniform *u = &e->glsl->default_block.uniforms[loc->index];
   struct type_info ti = type_info(u->type);
   const uint8_t *src = e->uniforms + u->offset + (size_t)loc->element * u->array_stride;
   unsigned n = 0;
   for (unsigned col = 0; col < ti.cols; col++) {
      for (unsigned row = 0; row < ti.rows; row++) {
         size_t off = ti.cols == 1 ? row * 4u
                      : u->row_major ? (size_t)row * u->matrix_stride + col * 4u
                                     : (size_t)col * u->matrix_stride + row * 4u;
         memcpy(&out[n++], src + off, 4);
      }
   }
   *base = ti.base;
   return n;
}

void
mgl_glGetUniformfv(GLuint program, GLint location, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   uint32_t v[16];
   uint8_t base;
   unsigned n = get_uniform(ctx, program, location, v, &base);
   for (unsigned i = 0; i < n; i++)
      params[i] = base == BT_FLOAT ? fe_u2f(v[i])
                  : base == BT_UINT || base == BT_BOOL ? (GLfloat)v[i] : (GLfloat)(int32_t)v[i];
}

void
mgl_glGetUniformiv(GLuint program, GLint location, GLint *params)
{
   FE_CTX_OR_RETURN();
   uint32_t v[16];
   uint8_t base;
   unsigned n = get_uniform(ctx, program, location, v, &base);
   for (unsigned i = 0; i < n; i++)
      params[i] = base == BT_FLOAT ? (GLint)fe_u2f(v[i]) : (GLint)v[i];
}

void
mgl_glGetUniformuiv(GLuint program, GLint location, GLuint *params)
{
   FE_CTX_OR_RETURN();
   uint32_t v[16];
   uint8_t base;
   unsigned n = get_uniform(ctx, program, location, v, &base);
   for (unsigned i = 0; i < n; i++)
      params[i] = base == BT_FLOAT ? (GLuint)fe_u2f(v[i]) : v[i];
}

/* glGetnUniform*: the robust forms, GL_INVALID_OPERATION when bufSize is too small. */
static unsigned
get_uniform_n(struct fe_context *ctx, GLuint program, GLint location, GLsizei buf_size,
              uint32_t out[16], uint8_t *base)
{
   unsigned n = get_uniform(ctx, program, location, out, base);
   if (n && (buf_size < 0 || (size_t)buf_size < n * 4u)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return 0;
   }
   return n;
}

void
mgl_glGetnUniformfv(GLuint program, GLint location, GLsizei bufSize, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   uint32_t v[16];
   uint8_t base;
   unsigned n = get_uniform_n(ctx, program, location, bufSize, v, &base);
   for (unsigned i = 0; i < n; i++)
      params[i] = base == BT_FLOAT ? fe_u2f(v[i])
                  : base == BT_UINT || base == BT_BOOL ? (GLfloat)v[i] : (GLfloat)(int32_t)v[i];
}

void
mgl_glGetnUniformiv(GLuint program, GLint location, GLsizei bufSize, GLint *params)
{
   FE_CTX_OR_RETURN();
   uint32_t v[16];
   uint8_t base;
   unsigned n = get_uniform_n(ctx, program, location, bufSize, v, &base);
   for (unsigned i = 0; i < n; i++)
      params[i] = base == BT_FLOAT ? (GLint)fe_u2f(v[i]) : (GLint)v[i];
}

void
mgl_glGetnUniformuiv(GLuint program, GLint location, GLsizei bufSize, GLuint *params)
{
   FE_CTX_OR_RETURN();
   uint32_t v[16];
   uint8_t base;
   unsigned n = get_uniform_n(ctx, program, location, bufSize, v, &base);
   for (unsigned i = 0; i < n; i++)
      params[i] = base == BT_FLOAT ? (GLuint)fe_u2f(v[i]) : v[i];
}

/* ARB_robustness's double form. GLSL 3.30 has no double uniforms, so every uniform is one
 * GL 4.x's glGetUniformdv reads by converting its values to double; bufSize counts bytes. */
void
mgl_glGetnUniformdvARB(GLuint program, GLint location, GLsizei bufSize, GLdouble *params)
{
   FE_CTX_OR_RETURN();
   uint32_t v[16];
   uint8_t base;
   unsigned n = get_uniform(ctx, program, location, v, &base);
   FE_CHECK(n && (bufSize < 0 || (size_t)bufSize < n * sizeof(GLdouble)), GL_INVALID_OPERATION);
   for (unsigned i = 0; i < n; i++)
      params[i] = base == BT_FLOAT ? (GLdouble)fe_u2f(v[i])
                  : base == BT_UINT || base == BT_BOOL ? (GLdouble)v[i]
                                                       : (GLdouble)(int32_t)v[i];
}

void mgl_glGetnUniformfvARB(GLuint p, GLint l, GLsizei n, GLfloat *v) { mgl_glGetnUniformfv(p, l, n, v); }
void mgl_glGetnUniformfvKHR(GLuint p, GLint l, GLsizei n, GLfloat *v) { mgl_glGetnUniformfv(p, l, n, v); }
void mgl_glGetnUniformfvEXT(GLuint p, GLint l, GLsizei n, GLfloat *v) { mgl_glGetnUniformfv(p, l, n, v); }
void mgl_glGetnUniformivARB(GLuint p, GLint l, GLsizei n, GLint *v) { mgl_glGetnUniformiv(p, l, n, v); }
void mgl_glGetnUniformivKHR(GLuint p, GLint l, GLsizei n, GLint *v) { mgl_glGetnUniformiv(p, l, n, v); }
void mgl_glGetnUniformivEXT(GLuint p, GLint l, GLsizei n, GLint *v) { mgl_glGetnUniformiv(p, l, n, v); }
void mgl_glGetnUniformuivARB(GLuint p, GLint l, GLsizei n, GLuint *v) { mgl_glGetnUniformuiv(p, l, n, v); }
void mgl_glGetnUniformuivKHR(GLuint p, GLint l, GLsizei n, GLuint *v) { mgl_glGetnUniformuiv(p, l, n, v); }
