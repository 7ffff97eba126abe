/* fe_program_internal.h — what the program files share: fe_shader.c (shader objects and
 * compiling), fe_program.c (program objects, linking, executables, binaries),
 * fe_program_query.c (attribute, output and uniform introspection), fe_uniform.c (glUniform*
 * and glGetUniform*), fe_program_types.c (GL type information). */
#ifndef MGL_FRONTEND_FE_PROGRAM_INTERNAL_H
#define MGL_FRONTEND_FE_PROGRAM_INTERNAL_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "fe_gl.h"
#include "gl_api.h"
#include "log.h"

enum base_type {
   BT_FLOAT,
   BT_INT,
   BT_UINT,
   BT_BOOL,
   BT_SAMPLER,
   BT_DOUBLE,
   BT_INT64,  /* ARB_gpu_shader_int64 */
   BT_UINT64, /* ARB_gpu_shader_int64 */
   BT_UNKNOWN
};

struct type_info {
   uint8_t base;
   uint8_t rows; /* components per column (vector size for non-matrices) */
   uint8_t cols; /* 1 for non-matrices */
};

struct type_info fe_gl_type_info(GLenum type);
bool fe_gl_sampler_type(GLenum type, enum fe_tex_target *target, uint8_t *kind);
uint8_t fe_gl_input_kind(GLenum type);
GLenum fe_shader_stage_type(enum glsl_stage s);
/* The kinds of value a glUniform* call passes. */
enum fe_value_kind { FE_VK_FLOAT, FE_VK_INT, FE_VK_UINT, FE_VK_DOUBLE, FE_VK_INT64, FE_VK_UINT64 };
/* The shape of a glUniform* that stores an element word for word: its value kind (a float,
 * int or uint: 4-byte components the uniform holds as given), n components a column, cols > 0
 * for the matrix functions. Never 0 (no location's shape). */
static inline uint8_t
fe_uniform_shape(enum fe_value_kind vk, unsigned n, unsigned cols)
{
   return (uint8_t)(((unsigned)vk + 1u) << 6 | cols << 3 | n);
}

/* Location loc is element k of default-block uniform i of e (whose shadow is built). */
void fe_uniform_loc_init(const struct fe_exec *e, struct fe_uniform_loc *loc, uint32_t i,
                         uint32_t k);
/* The linked executable of program (a GL error and NULL when there is none). */
struct fe_exec *fe_linked_exec(struct fe_context *ctx, GLuint program);
/* Shared by the older introspection queries (fe_program_query.c, fe_subroutine.c) and the
 * program interface queries (fe_program_resource.c). Locations: -1 when name names none. */
GLint fe_uniform_location(const struct fe_exec *e, const char *name);
GLint fe_attrib_location(const struct fe_exec *e, const char *name);
GLint fe_frag_data_location(const struct fe_exec *e, const char *name);
GLint fe_frag_data_index(const struct fe_exec *e, const char *name);
GLint fe_subroutine_uniform_location(const struct glsl_subroutine_stage *s, const char *name);
/* glGetActiveUniformsiv's pname of uniform index (< num_active); false for another pname. */
bool fe_active_uniform_property(const struct fe_exec *e, GLuint index, GLenum pname, GLint *out);
/* glGetActiveUniformBlockiv's pname of block index: values written (at most cap), < 0 for
 * another pname. */
int fe_uniform_block_property(const struct fe_exec *e, GLuint index, GLenum pname, GLint *out,
                              unsigned cap);
/* glGetActiveAttrib of active input index (< num_active_attribs). */
void fe_active_attrib(const struct fe_exec *e, GLuint index, GLsizei buf_size, GLsizei *length,
                      GLint *size, GLenum *type, GLchar *name);
/* GL_ACTIVE_ATTRIBUTE_MAX_LENGTH: the longest glGetActiveAttrib name, with its NUL. */
GLint fe_attrib_max_length(const struct fe_exec *e);
/* Shared by glLinkProgram (fe_program.c) and glProgramBinary (fe_program_binary.c): the link
 * error a program over the context's limits gets (NULL: none); the state a failed link leaves
 * (log copied); whether its last vertex-processing modules write gl_ViewportIndex. */
const char *fe_program_limits_exceeded(const struct fe_context *ctx, const struct glsl_program *gp);
void fe_program_link_failed(struct fe_context *ctx, struct fe_program *prog, const char *log);
bool fe_program_writes_viewport(const struct glsl_program *gp);
/* GL_PROGRAM_BINARY_LENGTH of prog (0 unless linked), and the hash of what a link depends on in
 * this context and device that a program binary carries (fe_program_binary.c). */
GLint fe_program_binary_length(struct fe_context *ctx, const struct fe_program *prog);
uint64_t fe_program_binary_device_hash(struct fe_context *ctx);
/* The build id a program binary carries and the program cache's keys start from: mgl's
 * sources (MGL_BUILD_ID) and glsl_library_versions (fe_program_binary.c). */
uint64_t fe_program_build_id(void);
/* Binary b loaded
 * into prog as a link installs a program: NULL when it was, else why not (an info log line, in
 * msg or static) with prog unchanged, *oom set when memory ran out (fe_program_binary.c). */
const char *fe_program_binary_install(struct fe_context *ctx, struct fe_program *prog,
                                      const uint8_t *b, size_t size, char *msg, size_t msg_size,
                                      bool *oom);
/* The program cache kept across runs. fe_program_cache.c, a leaf (files and keys; it calls
 * nothing of the front end): the file of prog's next link (false when the cache is off or prog
 * is not cached: SPIR-V), reading it (NULL: a miss, counted, a file refused declined), the
 * outcome of installing it (why NULL: a hit), writing a linked program's binary, a link not
 * stored (counted). fe_program_binary.c: the hash of the context every key holds (build,
 * context, device, compile limits), and glLinkProgram's load and store. */
struct fe_program_cache_key {
   char path[1024]; /* the file */
   size_t dir_len;  /* its directory's part */
};
bool fe_program_cache_key(const struct fe_program *prog, uint64_t context,
                          struct fe_program_cache_key *key);
uint8_t *fe_program_cache_read(const struct fe_program_cache_key *key, size_t *size);
void fe_program_cache_installed(const struct fe_program_cache_key *key, const char *why);
void fe_program_cache_write(const struct fe_program_cache_key *key, const uint8_t *bin,
                            size_t size);
void fe_program_cache_skipped(void);
uint64_t fe_program_cache_context(struct fe_context *ctx);
bool fe_program_binary_from_cache(struct fe_context *ctx, struct fe_program *prog,
                                  const struct fe_program_cache_key *key);
void fe_program_binary_to_cache(struct fe_context *ctx, const struct fe_program *prog,
                                const struct fe_program_cache_key *key);
/* glCompileShader's memo in the same directory: the key of a shader's compile (false when the
 * cache is off), whether a run before compiled it clean (COMPILE_STATUS TRUE, no info log),
 * and recording that it did. */
bool fe_shader_cache_key(GLenum type, bool es, const char *source, uint64_t context,
                         struct fe_program_cache_key *key);
bool fe_shader_cache_compiled(const struct fe_program_cache_key *key);
void fe_shader_cache_mark(const struct fe_program_cache_key *key);
/* Frees a pipeline executable's glsl_program (fe_pipeline.c) and drops its parts. */
void fe_pipeline_glsl_free(struct fe_context *ctx, struct fe_exec *e);
/* Writes every subroutine uniform's default value: at link and glUseProgram (fe_program.c). */
void fe_subroutine_reset(struct fe_exec *e);
/* Sets element `element` of subroutine uniform u to the subroutine index `value`. */
void fe_subroutine_write(struct fe_exec *e, const struct glsl_subroutine_uniform *u,
                         uint32_t element, uint32_t value);

static const enum mgp_shader_stage stage_map[GLSL_STAGE_COUNT] = {
   [GLSL_STAGE_VERTEX] = MGP_SHADER_STAGE_VERTEX,
   [GLSL_STAGE_GEOMETRY] = MGP_SHADER_STAGE_GEOMETRY,
   [GLSL_STAGE_TESS_CTRL] = MGP_SHADER_STAGE_TESS_CTRL,
   [GLSL_STAGE_TESS_EVAL] = MGP_SHADER_STAGE_TESS_EVAL,
   [GLSL_STAGE_FRAGMENT] = MGP_SHADER_STAGE_FRAGMENT,
   [GLSL_STAGE_COMPUTE] = MGP_SHADER_STAGE_COMPUTE,
};

static const char *const builtin_inputs[] = {"gl_VertexID", "gl_InstanceID"};

/* ---- object lookup -------------------------------------------------------------------------- */

static inline void *
lookup(struct fe_context *ctx, GLuint name)
{
   pthread_mutex_lock(&ctx->share->lock);
   void *obj = fe_names_get(&ctx->share->programs, name);
   pthread_mutex_unlock(&ctx->share->lock);
   return obj == FE_NAME_RESERVED ? NULL : obj;
}

/* GL_INVALID_VALUE for an unknown name, GL_INVALID_OPERATION for a shader name. */
/* GL 4.6 7.3.1.1: a program linked from SPIR-V has no resource names; the ones its reflection
 * carries are the linker's (glsl_spirv_gl.c), answered as "" and never looked up. */
static inline bool
fe_names_hidden(const struct fe_exec *e)
{
   return e && e->glsl && e->glsl->from_spirv;
}
static inline const char *
fe_resource_label(const struct fe_exec *e, const char *name)
{
   return fe_names_hidden(e) ? "" : name;
}

static inline struct fe_program *
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

static inline struct fe_shader *
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
static inline void
remove_name(struct fe_share_group *sg, GLuint name)
{
   pthread_mutex_lock(&sg->lock);
   fe_names_delete(&sg->programs, name);
   pthread_mutex_unlock(&sg->lock);
}

static inline char *
dup_str(const char *s)
{
   size_t n = strlen(s) + 1;
   char *d = malloc(n);
   if (d)
      memcpy(d, s, n);
   return d;
}

/* Copies a string out the way glGet*InfoLog / glGetActive* do. */
static inline void
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

#endif
