/* fe_arbp.c — the GL side of ARB assembly programs (GL_ARB_vertex_program,
 * GL_ARB_fragment_program) in a compatibility context: program objects (named in the share
 * group, as GL shares them), binding, program strings, env and local parameters and their
 * queries (the enables and the state draws read are fe_arbp_state.c's). A draw runs a program through the fixed-function generator
 * (fe_ff_program.c), whose key names the parsed program; every change here that a draw reads
 * bumps the fixed-function version so the next draw re-keys and refills. */
#include <stdlib.h>
#include <string.h>

#include "fe_arbp.h"
#include "fe_compat.h"
#include "gl_api.h"

static int
target_index(GLenum target)
{
   switch (target) {
   case GL_VERTEX_PROGRAM_ARB: return FE_ARBP_VERTEX;
   case GL_FRAGMENT_PROGRAM_ARB: return FE_ARBP_FRAGMENT;
   default: return -1;
   }
}

static struct fe_arbp_object *
object_create(GLuint name, int target)
{
   struct fe_arbp_object *o = calloc(1, sizeof(*o));
   if (!o)
      return NULL;
   atomic_init(&o->refs, 1);
   o->name = name;
   o->target = (uint8_t)target;
   return o;
}

static void
changed(struct fe_context *ctx)
{
   fe_ff_bump(ctx->ff);
}

/* The object target's commands act on: the bound one, or the context's default (made when
 * first needed); NULL after GL_OUT_OF_MEMORY. */
static struct fe_arbp_object *
current_object(struct fe_context *ctx, int t)
{
   struct fe_arbp_state *st = ctx->ff->arbp;
   if (st->bound[t])
      return st->bound[t];
   if (!st->defaults[t] && !(st->defaults[t] = object_create(0, t)))
      fe_error(ctx, GL_OUT_OF_MEMORY);
   return st->defaults[t];
}

/* ---- objects --------------------------------------------------------------------------------- */

void
mgl_glGenProgramsARB(GLsizei n, GLuint *programs)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   struct fe_share_group *sg = ctx->share;
   pthread_mutex_lock(&sg->lock);
   GLsizei i = 0;
   for (; i < n; i++) {
      programs[i] = fe_names_gen(&sg->arb_programs);
      if (!programs[i])
         break;
   }
   pthread_mutex_unlock(&sg->lock);
   if (i < n)
      fe_error(ctx, GL_OUT_OF_MEMORY);
}

void
mgl_glDeleteProgramsARB(GLsizei n, const GLuint *programs)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   struct fe_arbp_state *st = ctx->ff->arbp;
   for (GLsizei i = 0; i < n; i++) {
      if (!programs[i])
         continue;
      struct fe_arbp_object *o =
         fe_share_take_name(ctx->share, &ctx->share->arb_programs, programs[i]);
      if (!o)
         continue;
      /* a deleted program bound here reverts the binding to the default program */
      for (int t = 0; t < FE_ARBP_TARGETS; t++)
         if (st->bound[t] == o) {
            fe_arbp_object_unref(o);
            st->bound[t] = NULL;
            changed(ctx);
         }
      fe_arbp_object_unref(o);
   }
}

GLboolean
mgl_glIsProgramARB(GLuint program)
{
   FE_COMPAT_CTX_OR_RETURN(GL_FALSE);
   pthread_mutex_lock(&ctx->share->lock);
   void *o = fe_names_get(&ctx->share->arb_programs, program);
   pthread_mutex_unlock(&ctx->share->lock);
   return o && o != FE_NAME_RESERVED ? GL_TRUE : GL_FALSE;
}

void
mgl_glBindProgramARB(GLenum target, GLuint program)
{
   FE_COMPAT_CTX_OR_RETURN();
   const int t = target_index(target);
   FE_CHECK(t < 0, GL_INVALID_ENUM);
   struct fe_arbp_state *st = ctx->ff->arbp;
   struct fe_arbp_object *o = NULL;
   if (program) {
      struct fe_share_group *sg = ctx->share;
      pthread_mutex_lock(&sg->lock);
      o = fe_names_get(&sg->arb_programs, program);
      if (!o || o == FE_NAME_RESERVED) {
         /* binding an unused name creates the program (GL_ARB_vertex_program 2.14.1.8) */
         o = object_create(program, t);
         if (o && !fe_names_set(&sg->arb_programs, program, o)) {
            fe_arbp_object_unref(o);
            o = NULL;
         }
         if (!o) {
            pthread_mutex_unlock(&sg->lock);
            fe_error(ctx, GL_OUT_OF_MEMORY);
            return;
         }
      }
      if (o->target != t) {
         pthread_mutex_unlock(&sg->lock);
         fe_error(ctx, GL_INVALID_OPERATION);
         return;
      }
      atomic_fetch_add(&o->refs, 1);
      pthread_mutex_unlock(&sg->lock);
   }
   fe_arbp_object_unref(st->bound[t]);
   st->bound[t] = o;
   changed(ctx);
}

static void
set_error(struct fe_context *ctx, int32_t pos, char *message)
{
   struct fe_arbp_state *st = ctx->ff->arbp;
   free(st->error_string);
   st->error_string = message;
   st->error_pos = pos;
}

void
mgl_glProgramStringARB(GLenum target, GLenum format, GLsizei len, const void *string)
{
   FE_COMPAT_CTX_OR_RETURN();
   const int t = target_index(target);
   FE_CHECK(t < 0 || format != GL_PROGRAM_FORMAT_ASCII_ARB, GL_INVALID_ENUM);
   FE_CHECK(len < 0 || (len > 0 && !string), GL_INVALID_VALUE);
   FE_CHECK((uint32_t)len > FE_ARBP_MAX_STRING, GL_OUT_OF_MEMORY);
   struct fe_arbp_object *o = current_object(ctx, t);
   if (!o)
      return;
   struct fe_arbp_prog *prog;
   int32_t pos;
   char *err = fe_arbp_parse((enum fe_arbp_target)t, string, (size_t)len, &prog, &pos);
   if (err || !prog) {
      set_error(ctx, pos, err);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   char *copy = malloc((size_t)len + 1);
   if (!copy) {
      fe_arbp_prog_unref(prog);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   memcpy(copy, string, (size_t)len);
   copy[len] = '\0';
   set_error(ctx, -1, NULL);
   fe_arbp_prog_unref(o->prog);
   o->prog = prog;
   free(o->string);
   o->string = copy;
   o->string_len = (uint32_t)len;
   changed(ctx);
}

/* ---- parameters ------------------------------------------------------------------------------ */

/* The 4 floats of env or local parameter index of target; NULL after an error. */
static float *
param(struct fe_context *ctx, GLenum target, GLuint index, bool local)
{
   const int t = target_index(target);
   if (t < 0) {
      fe_error(ctx, GL_INVALID_ENUM);
      return NULL;
   }
   if (index >= (local ? FE_ARBP_MAX_LOCAL : FE_ARBP_MAX_ENV)) {
      fe_error(ctx, GL_INVALID_VALUE);
      return NULL;
   }
   if (!local)
      return ctx->ff->arbp->env[t][index];
   struct fe_arbp_object *o = current_object(ctx, t);
   return o ? o->local[index] : NULL;
}

static void
param_set(GLenum target, GLuint index, bool local, float x, float y, float z, float w)
{
   FE_COMPAT_CTX_OR_RETURN();
   float *v = param(ctx, target, index, local);
   if (!v)
      return;
   v[0] = x, v[1] = y, v[2] = z, v[3] = w;
   changed(ctx);
}

void
mgl_glProgramEnvParameter4fARB(GLenum target, GLuint index, GLfloat x, GLfloat y, GLfloat z,
                               GLfloat w)
{
   param_set(target, index, false, x, y, z, w);
}

void
mgl_glProgramEnvParameter4dARB(GLenum target, GLuint index, GLdouble x, GLdouble y, GLdouble z,
                               GLdouble w)
{
   param_set(target, index, false, (float)x, (float)y, (float)z, (float)w);
}

void
mgl_glProgramEnvParameter4fvARB(GLenum target, GLuint index, const GLfloat *v)
{
   param_set(target, index, false, v[0], v[1], v[2], v[3]);
}

void
mgl_glProgramEnvParameter4dvARB(GLenum target, GLuint index, const GLdouble *v)
{
   param_set(target, index, false, (float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

void
mgl_glProgramLocalParameter4fARB(GLenum target, GLuint index, GLfloat x, GLfloat y, GLfloat z,
                                 GLfloat w)
{
   param_set(target, index, true, x, y, z, w);
}

void
mgl_glProgramLocalParameter4dARB(GLenum target, GLuint index, GLdouble x, GLdouble y, GLdouble z,
                                 GLdouble w)
{
   param_set(target, index, true, (float)x, (float)y, (float)z, (float)w);
}

void
mgl_glProgramLocalParameter4fvARB(GLenum target, GLuint index, const GLfloat *v)
{
   param_set(target, index, true, v[0], v[1], v[2], v[3]);
}

void
mgl_glProgramLocalParameter4dvARB(GLenum target, GLuint index, const GLdouble *v)
{
   param_set(target, index, true, (float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

void
mgl_glGetProgramEnvParameterfvARB(GLenum target, GLuint index, GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   const float *v = param(ctx, target, index, false);
   if (v)
      memcpy(params, v, 16);
}

void
mgl_glGetProgramEnvParameterdvARB(GLenum target, GLuint index, GLdouble *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   const float *v = param(ctx, target, index, false);
   for (int c = 0; v && c < 4; c++)
      params[c] = v[c];
}

void
mgl_glGetProgramLocalParameterfvARB(GLenum target, GLuint index, GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   const float *v = param(ctx, target, index, true);
   if (v)
      memcpy(params, v, 16);
}

void
mgl_glGetProgramLocalParameterdvARB(GLenum target, GLuint index, GLdouble *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   const float *v = param(ctx, target, index, true);
   for (int c = 0; v && c < 4; c++)
      params[c] = v[c];
}

/* ---- queries --------------------------------------------------------------------------------- */

void
mgl_glGetProgramivARB(GLenum target, GLenum pname, GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   const int t = target_index(target);
   FE_CHECK(t < 0, GL_INVALID_ENUM);
   struct fe_arbp_object *o = current_object(ctx, t);
   if (!o)
      return;
   const struct fe_arbp_prog *p = o->prog;
   const bool vp = t == FE_ARBP_VERTEX;
#define PROG(field) (p ? (GLint)p->field : 0)
   switch (pname) {
   case GL_PROGRAM_LENGTH_ARB: *params = (GLint)o->string_len; return;
   case GL_PROGRAM_FORMAT_ARB: *params = GL_PROGRAM_FORMAT_ASCII_ARB; return;
   case GL_PROGRAM_BINDING_ARB: *params = (GLint)o->name; return;
   case GL_PROGRAM_INSTRUCTIONS_ARB:
   case GL_PROGRAM_NATIVE_INSTRUCTIONS_ARB: *params = PROG(num_insts); return;
   case GL_MAX_PROGRAM_INSTRUCTIONS_ARB:
   case GL_MAX_PROGRAM_NATIVE_INSTRUCTIONS_ARB: *params = FE_ARBP_MAX_INSTRUCTIONS; return;
   case GL_PROGRAM_TEMPORARIES_ARB:
   case GL_PROGRAM_NATIVE_TEMPORARIES_ARB: *params = PROG(num_temps); return;
   case GL_MAX_PROGRAM_TEMPORARIES_ARB:
   case GL_MAX_PROGRAM_NATIVE_TEMPORARIES_ARB: *params = FE_ARBP_MAX_TEMPS; return;
   case GL_PROGRAM_PARAMETERS_ARB:
   case GL_PROGRAM_NATIVE_PARAMETERS_ARB: *params = PROG(num_params); return;
   case GL_MAX_PROGRAM_PARAMETERS_ARB:
   case GL_MAX_PROGRAM_NATIVE_PARAMETERS_ARB: *params = FE_ARBP_MAX_PARAMS; return;
   case GL_PROGRAM_ATTRIBS_ARB:
   case GL_PROGRAM_NATIVE_ATTRIBS_ARB: *params = PROG(num_attribs); return;
   case GL_MAX_PROGRAM_ATTRIBS_ARB:
   case GL_MAX_PROGRAM_NATIVE_ATTRIBS_ARB:
      *params = vp ? FE_ARBP_MAX_ATTRIBS : FE_ARBP_FIN_COUNT;
      return;
   case GL_PROGRAM_ADDRESS_REGISTERS_ARB:
   case GL_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB: *params = PROG(num_address); return;
   case GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB:
   case GL_MAX_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB: *params = vp ? FE_ARBP_MAX_ADDRESS : 0; return;
   case GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB: *params = FE_ARBP_MAX_LOCAL; return;
   case GL_MAX_PROGRAM_ENV_PARAMETERS_ARB: *params = FE_ARBP_MAX_ENV; return;
   case GL_PROGRAM_UNDER_NATIVE_LIMITS_ARB: *params = p ? 1 : 0; return;
   default: break;
   }
   if (!vp) {
      switch (pname) {
      case GL_PROGRAM_ALU_INSTRUCTIONS_ARB:
      case GL_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB: *params = PROG(num_alu); return;
      case GL_PROGRAM_TEX_INSTRUCTIONS_ARB:
      case GL_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB: *params = PROG(num_tex); return;
      case GL_PROGRAM_TEX_INDIRECTIONS_ARB:
      case GL_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB: *params = PROG(num_indirections); return;
      case GL_MAX_PROGRAM_ALU_INSTRUCTIONS_ARB:
      case GL_MAX_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB:
      case GL_MAX_PROGRAM_TEX_INSTRUCTIONS_ARB:
      case GL_MAX_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB:
      case GL_MAX_PROGRAM_TEX_INDIRECTIONS_ARB:
      case GL_MAX_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB: *params = FE_ARBP_MAX_INSTRUCTIONS; return;
      default: break;
      }
   }
#undef PROG
   fe_error(ctx, GL_INVALID_ENUM);
}

void
mgl_glGetProgramStringARB(GLenum target, GLenum pname, void *string)
{
   FE_COMPAT_CTX_OR_RETURN();
   const int t = target_index(target);
   FE_CHECK(t < 0 || pname != GL_PROGRAM_STRING_ARB, GL_INVALID_ENUM);
   const struct fe_arbp_object *o = current_object(ctx, t);
   if (o && o->string_len)
      memcpy(string, o->string, o->string_len);
}
