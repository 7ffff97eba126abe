/* fe_subroutine.c — ARB_shader_subroutine (GL 4.0, GL 4.6 section 7.10): the queries of a
 * program's subroutines and subroutine uniforms (glsl_program.subroutines) and the current
 * values of the subroutine uniforms. GLSL lowers each subroutine uniform to a hidden uint of the
 * default uniform block (glsl_subroutine.c) holding the index its calls dispatch to, so a value
 * lives in the executable's uniform shadow and reaches the backend as the other uniforms do.
 * GL makes the values context state that glUseProgram (and a relink) resets to the defaults;
 * here they are the executable's, written again on those events (one context at a time uses a
 * program's subroutines as GL means them). */
#include "fe_program_internal.h"

/* The glsl stage of a GL shader type; -1 (and GL_INVALID_ENUM) for anything else. */
static int
stage_of(struct fe_context *ctx, GLenum shadertype)
{
   switch (shadertype) {
   case GL_VERTEX_SHADER: return GLSL_STAGE_VERTEX;
   case GL_FRAGMENT_SHADER: return GLSL_STAGE_FRAGMENT;
   case GL_GEOMETRY_SHADER: return GLSL_STAGE_GEOMETRY;
   case GL_TESS_CONTROL_SHADER: return GLSL_STAGE_TESS_CTRL;
   case GL_TESS_EVALUATION_SHADER: return GLSL_STAGE_TESS_EVAL;
   case GL_COMPUTE_SHADER: return GLSL_STAGE_COMPUTE;
   default: fe_error(ctx, GL_INVALID_ENUM); return -1;
   }
}

static const struct glsl_subroutine_fn *
fn_of_index(const struct glsl_subroutine_stage *s, GLuint index)
{
   for (unsigned k = 0; k < s->num_fns; k++)
      if (s->fns[k].index == index)
         return &s->fns[k];
   return NULL;
}

/* The uniform holding location loc (*element: its array element); NULL for a hole. */
static const struct glsl_subroutine_uniform *
uniform_at(const struct glsl_subroutine_stage *s, GLuint loc, uint32_t *element)
{
   for (unsigned k = 0; k < s->num_uniforms; k++) {
      const struct glsl_subroutine_uniform *u = &s->uniforms[k];
      if (loc >= (GLuint)u->location && loc < (GLuint)u->location + u->size) {
         *element = loc - (GLuint)u->location;
         return u;
      }
   }
   return NULL;
}

/* A linked program's subroutines of a stage; NULL with a GL error (the stage's error: unknown
 * type GL_INVALID_ENUM, see fe_linked_exec for the program's). */
static const struct glsl_subroutine_stage *
program_stage(struct fe_context *ctx, GLuint program, GLenum shadertype, struct fe_exec **exec)
{
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return NULL;
   int s = stage_of(ctx, shadertype);
   if (s < 0)
      return NULL;
   if (!prog->link_status || !prog->exec) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return NULL;
   }
   if (exec)
      *exec = prog->exec;
   return &prog->exec->glsl->subroutines[s];
}

GLuint
mgl_glGetSubroutineIndex(GLuint program, GLenum shadertype, const GLchar *name)
{
   FE_CTX_OR_RETURN(GL_INVALID_INDEX);
   const struct glsl_subroutine_stage *s = program_stage(ctx, program, shadertype, NULL);
   if (!s || !name)
      return GL_INVALID_INDEX;
   for (unsigned k = 0; k < s->num_fns; k++)
      if (!strcmp(s->fns[k].name, name))
         return s->fns[k].index;
   return GL_INVALID_INDEX;
}

GLint
fe_subroutine_uniform_location(const struct glsl_subroutine_stage *s, const char *name)
{
   for (unsigned k = 0; k < s->num_uniforms; k++) {
      const struct glsl_subroutine_uniform *u = &s->uniforms[k];
      size_t n = strlen(u->name);
      if (strncmp(name, u->name, n))
         continue;
      if (!name[n])
         return u->location;
      /* "u[i]" of an array; "u[i][j]" (or "u[i]", its [i][0]) of an array of arrays */
      if (!u->is_array || name[n] != '[')
         continue;
      const char *at = name + n;
      uint32_t flat = 0, d = 0;
      const uint32_t nd = u->ndims ? u->ndims : 1;
      bool ok = true;
      for (; *at && ok; d++) {
         char *end;
         const uint32_t dim = u->ndims ? u->dims[d < nd ? d : 0] : u->size;
         ok = d < nd && at[0] == '[' && isdigit((unsigned char)at[1]);
         const unsigned long i = ok ? strtoul(at + 1, &end, 10) : 0;
         ok = ok && end[0] == ']' && i < dim;
         flat = flat * dim + (uint32_t)i;
         at = ok ? end + 1 : at;
      }
      for (; ok && d < nd; d++) /* the levels left out are [0] */
         flat *= u->dims[d];
      if (ok && flat < u->size)
         return u->location + (GLint)flat;
   }
   return -1;
}

GLint
mgl_glGetSubroutineUniformLocation(GLuint program, GLenum shadertype, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   const struct glsl_subroutine_stage *s = program_stage(ctx, program, shadertype, NULL);
   if (!s || !name)
      return -1;
   return fe_subroutine_uniform_location(s, name);
}

void
mgl_glUniformSubroutinesuiv(GLenum shadertype, GLsizei count, const GLuint *indices)
{
   FE_CTX_OR_RETURN();
   int st = stage_of(ctx, shadertype);
   if (st < 0)
      return;
   struct fe_exec *e = ctx->program ? ctx->exec : NULL;
   FE_CHECK(!e || !e->glsl || !(e->glsl->stages & GLSL_STAGE_BIT(st)), GL_INVALID_OPERATION);
   const struct glsl_subroutine_stage *s = &e->glsl->subroutines[st];
   /* GL 4.6 7.10: count must be the stage's GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS and each
    * value a subroutine index (GL_INVALID_VALUE); one not compatible with the uniform at its
    * location is GL_INVALID_OPERATION, as Mesa has it. Nothing is stored when one is refused. */
   FE_CHECK(count < 0 || (GLuint)count != s->num_locations, GL_INVALID_VALUE);
   FE_CHECK(count && !indices, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < count; i++) {
      uint32_t element;
      const struct glsl_subroutine_uniform *u = uniform_at(s, (GLuint)i, &element);
      const struct glsl_subroutine_fn *f = fn_of_index(s, indices[i]);
      FE_CHECK(!f || indices[i] >= GLSL_MAX_SUBROUTINES, GL_INVALID_VALUE);
      FE_CHECK(u && !(f->types >> u->type & 1), GL_INVALID_OPERATION);
   }
   for (GLsizei i = 0; i < count; i++) {
      uint32_t element;
      const struct glsl_subroutine_uniform *u = uniform_at(s, (GLuint)i, &element);
      if (u)
         fe_subroutine_write(e, u, element, indices[i]);
   }
}

void
mgl_glGetUniformSubroutineuiv(GLenum shadertype, GLint location, GLuint *params)
{
   FE_CTX_OR_RETURN();
   int st = stage_of(ctx, shadertype);
   if (st < 0)
      return;
   struct fe_exec *e = ctx->program ? ctx->exec : NULL;
   FE_CHECK(!e || !e->glsl || !(e->glsl->stages & GLSL_STAGE_BIT(st)), GL_INVALID_OPERATION);
   const struct glsl_subroutine_stage *s = &e->glsl->subroutines[st];
   uint32_t element = 0;
   const struct glsl_subroutine_uniform *u =
      location < 0 ? NULL : uniform_at(s, (GLuint)location, &element);
   FE_CHECK(!u, GL_INVALID_VALUE);
   const uint32_t at = u->offset + 16u * element;
   uint32_t v = u->def;
   if (e->uniforms && at + 4 <= e->uniform_size)
      memcpy(&v, e->uniforms + at, 4);
   if (params)
      *params = v;
}

static GLint
uniform_name_length(const struct glsl_subroutine_uniform *u)
{
   return (GLint)strlen(u->name) + (u->is_array ? 3 : 0) + 1; /* "[0]" and the NUL */
}

void
mgl_glGetProgramStageiv(GLuint program, GLenum shadertype, GLenum pname, GLint *values)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   int st = stage_of(ctx, shadertype);
   if (st < 0)
      return;
   switch (pname) {
   case GL_ACTIVE_SUBROUTINES:
   case GL_ACTIVE_SUBROUTINE_UNIFORMS:
   case GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS:
   case GL_ACTIVE_SUBROUTINE_MAX_LENGTH:
   case GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH: break;
   default: fe_error(ctx, GL_INVALID_ENUM); return;
   }
   if (!prog->link_status || !prog->exec || !(prog->exec->glsl->stages & GLSL_STAGE_BIT(st))) {
      /* no such stage: nothing is active (as Mesa answers) */
      if (values)
         *values = 0;
      return;
   }
   const struct glsl_subroutine_stage *s = &prog->exec->glsl->subroutines[st];
   GLint v = 0;
   switch (pname) {
   case GL_ACTIVE_SUBROUTINES: v = (GLint)s->num_fns; break;
   case GL_ACTIVE_SUBROUTINE_UNIFORMS: v = (GLint)s->num_uniforms; break;
   case GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS: v = (GLint)s->num_locations; break;
   case GL_ACTIVE_SUBROUTINE_MAX_LENGTH:
      for (unsigned k = 0; k < s->num_fns; k++)
         if ((GLint)strlen(s->fns[k].name) + 1 > v)
            v = (GLint)strlen(s->fns[k].name) + 1;
      break;
   default:
      for (unsigned k = 0; k < s->num_uniforms; k++)
         if (uniform_name_length(&s->uniforms[k]) > v)
            v = uniform_name_length(&s->uniforms[k]);
      break;
   }
   if (values)
      *values = v;
}

static void
copy_name(const char *name, const char *suffix, GLsizei bufsize, GLsizei *length, GLchar *out)
{
   size_t n = strlen(name), m = strlen(suffix), w = 0;
   if (out && bufsize > 0) {
      w = n + m < (size_t)bufsize - 1 ? n + m : (size_t)bufsize - 1;
      for (size_t i = 0; i < w; i++)
         out[i] = i < n ? name[i] : suffix[i - n];
      out[w] = '\0';
   }
   if (length)
      *length = (GLsizei)w;
}

void
mgl_glGetActiveSubroutineName(GLuint program, GLenum shadertype, GLuint index, GLsizei bufsize,
                              GLsizei *length, GLchar *name)
{
   FE_CTX_OR_RETURN();
   const struct glsl_subroutine_stage *s = program_stage(ctx, program, shadertype, NULL);
   if (!s)
      return;
   FE_CHECK(bufsize < 0, GL_INVALID_VALUE);
   const struct glsl_subroutine_fn *f = fn_of_index(s, index);
   FE_CHECK(!f, GL_INVALID_VALUE);
   copy_name(f->name, "", bufsize, length, name);
}

void
mgl_glGetActiveSubroutineUniformName(GLuint program, GLenum shadertype, GLuint index,
                                     GLsizei bufsize, GLsizei *length, GLchar *name)
{
   FE_CTX_OR_RETURN();
   const struct glsl_subroutine_stage *s = program_stage(ctx, program, shadertype, NULL);
   if (!s)
      return;
   FE_CHECK(bufsize < 0, GL_INVALID_VALUE);
   FE_CHECK(index >= s->num_uniforms, GL_INVALID_VALUE);
   const struct glsl_subroutine_uniform *u = &s->uniforms[index];
   copy_name(u->name, u->is_array ? "[0]" : "", bufsize, length, name);
}

void
mgl_glGetActiveSubroutineUniformiv(GLuint program, GLenum shadertype, GLuint index, GLenum pname,
                                   GLint *values)
{
   FE_CTX_OR_RETURN();
   const struct glsl_subroutine_stage *s = program_stage(ctx, program, shadertype, NULL);
   if (!s)
      return;
   FE_CHECK(index >= s->num_uniforms, GL_INVALID_VALUE);
   const struct glsl_subroutine_uniform *u = &s->uniforms[index];
   switch (pname) {
   case GL_NUM_COMPATIBLE_SUBROUTINES:
   case GL_COMPATIBLE_SUBROUTINES: {
      GLint n = 0;
      for (unsigned k = 0; k < s->num_fns; k++) {
         if (!(s->fns[k].types >> u->type & 1))
            continue;
         if (pname == GL_COMPATIBLE_SUBROUTINES && values)
            values[n] = (GLint)s->fns[k].index;
         n++;
      }
      if (pname == GL_NUM_COMPATIBLE_SUBROUTINES && values)
         *values = n;
      break;
   }
   case GL_UNIFORM_SIZE:
      if (values)
         *values = (GLint)u->size;
      break;
   case GL_UNIFORM_NAME_LENGTH:
      if (values)
         *values = uniform_name_length(u);
      break;
   default: fe_error(ctx, GL_INVALID_ENUM); break;
   }
}
