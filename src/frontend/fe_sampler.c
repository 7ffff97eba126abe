/* fe_sampler.c — sampler objects (GL 3.3 §3.8.2, ES 3.0 §3.8.2): the share group's names,
 * glBindSampler per texture unit and the parameter entry points. A bound sampler object feeds
 * the tracker's sampler CSOs in place of the unit's texture parameters (fe_tracker.c); no
 * pipe call is its own. */
#include <stdlib.h>
#include <string.h>

#include "fe_es_ext.h"
#include "fe_gl.h"
#include "gl_api.h"

void
fe_sampler_destroy(struct fe_context *ctx, struct fe_sampler *smp)
{
   (void)ctx;
   free(smp);
}

static struct fe_sampler *
sampler_create(struct fe_context *ctx, GLuint name)
{
   struct fe_sampler *smp = calloc(1, sizeof(*smp));
   if (!smp)
      return NULL;
   atomic_init(&smp->base.refs, 1);
   smp->base.name = name;
   smp->base.kind = FE_OBJ_SAMPLER;
   smp->base.share = ctx->share;
   smp->base.ever_bound = true;
   fe_tex_params_init(&smp->params);
   return smp;
}

/* The sampler object a name holds: NULL for 0, names never generated and deleted ones. */
static struct fe_sampler *
lookup(struct fe_context *ctx, GLuint name)
{
   pthread_mutex_lock(&ctx->share->lock);
   void *obj = fe_names_get(&ctx->share->samplers, name);
   pthread_mutex_unlock(&ctx->share->lock);
   return obj == FE_NAME_RESERVED ? NULL : obj;
}

void
fe_sampler_unbind_all(struct fe_context *ctx, struct fe_sampler *smp)
{
   for (int u = 0; u < FE_MAX_TEXTURE_UNITS; u++) {
      if (ctx->unit_samplers[u] && (!smp || ctx->unit_samplers[u] == smp)) {
         FE_REBIND(ctx, &ctx->unit_samplers[u], NULL);
         fe_unit_changed(ctx, (unsigned)u);
      }
   }
}

/* The object exists from glGenSamplers on (as glIsSampler reports in Mesa and in GL 4.5's
 * wording), so every later call finds state to read or write. */
void
mgl_glGenSamplers(GLsizei count, GLuint *samplers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   struct fe_share_group *sg = ctx->share;
   for (GLsizei i = 0; i < count; i++) {
      pthread_mutex_lock(&sg->lock);
      GLuint name = fe_names_gen(&sg->samplers);
      pthread_mutex_unlock(&sg->lock);
      struct fe_sampler *smp = name ? sampler_create(ctx, name) : NULL;
      if (!smp) {
         pthread_mutex_lock(&sg->lock);
         fe_names_delete(&sg->samplers, name);
         pthread_mutex_unlock(&sg->lock);
         for (GLsizei k = i; k < count; k++)
            samplers[k] = 0;
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
      pthread_mutex_lock(&sg->lock);
      fe_names_set(&sg->samplers, name, smp);
      pthread_mutex_unlock(&sg->lock);
      samplers[i] = name;
   }
}

/* A deleted sampler leaves every unit of this context; other contexts keep theirs bound (and
 * the object alive) until they unbind it. */
void
mgl_glDeleteSamplers(GLsizei count, const GLuint *samplers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   struct fe_share_group *sg = ctx->share;
   for (GLsizei i = 0; i < count; i++) {
      void *obj = fe_share_take_name(sg, &sg->samplers, samplers[i]);
      if (!obj)
         continue;
      fe_sampler_unbind_all(ctx, obj);
      fe_object_unref(ctx, obj);
   }
}

GLboolean
mgl_glIsSampler(GLuint sampler)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   return lookup(ctx, sampler) ? GL_TRUE : GL_FALSE;
}

/* GL 4.5 §8.2: glGenSamplers already makes the objects at once. */
void
mgl_glCreateSamplers(GLsizei n, GLuint *samplers)
{
   mgl_glGenSamplers(n, samplers);
}

void
mgl_glBindSampler(GLuint unit, GLuint sampler)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(unit >= fe_max_texture_units(ctx), GL_INVALID_VALUE);
   struct fe_sampler *smp = NULL;
   if (sampler) {
      smp = lookup(ctx, sampler);
      FE_CHECK(!smp, GL_INVALID_OPERATION);
   }
   if (ctx->unit_samplers[unit] == smp)
      return;
   FE_REBIND(ctx, &ctx->unit_samplers[unit], smp);
   fe_unit_changed(ctx, unit);
}

/* GL 4.4 §8.2 (ARB_multi_bind): units [first, first + count) each to samplers[i] (none for zero
 * or a NULL list); a name that is no sampler object is GL_INVALID_OPERATION and leaves its
 * unit, the others are bound. */
void
mgl_glBindSamplers(GLuint first, GLsizei count, const GLuint *samplers)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   FE_CHECK((uint64_t)first + (uint64_t)count > fe_max_texture_units(ctx), GL_INVALID_OPERATION);
   for (GLsizei i = 0; i < count; i++) {
      const unsigned unit = first + (unsigned)i;
      struct fe_sampler *smp = NULL;
      if (samplers && samplers[i]) {
         smp = lookup(ctx, samplers[i]);
         if (!smp) {
            fe_error(ctx, GL_INVALID_OPERATION);
            continue;
         }
      }
      if (ctx->unit_samplers[unit] != smp) {
         FE_REBIND(ctx, &ctx->unit_samplers[unit], smp);
         fe_unit_changed(ctx, unit);
      }
   }
}

static void
sampler_parameter(struct fe_context *ctx, GLuint sampler, GLenum pname, const double *vals,
                  const uint32_t *bits, int form, bool vector)
{
   struct fe_sampler *smp = lookup(ctx, sampler);
   FE_CHECK(!smp, GL_INVALID_OPERATION);
   FE_CHECK(fe_es_lacks_sampling_param(ctx, pname), GL_INVALID_ENUM);
   /* as Mesa answers a sampler's value other than GL_TRUE and GL_FALSE */
   FE_CHECK(pname == GL_TEXTURE_CUBE_MAP_SEAMLESS && vals[0] != 0.0 && vals[0] != 1.0,
            GL_INVALID_VALUE);
   GLenum err = fe_sampling_param_set(&smp->params, pname, vals, bits, form, vector, false,
                                      ctx->desc.api == FE_API_GLES, ctx->compat,
                                      fe_mirror_clamp_offered(ctx));
   FE_CHECK(err != GL_NO_ERROR, err);
   /* Every context that has it bound re-resolves its sampler CSOs at the next draw. */
   fe_share_bump(ctx->share, &ctx->share->sampler_gen);
}

void
mgl_glSamplerParameteri(GLuint sampler, GLenum pname, GLint param)
{
   FE_CTX_OR_RETURN();
   double v[4] = {param, 0, 0, 0};
   sampler_parameter(ctx, sampler, pname, v, NULL, 0, false);
}

void
mgl_glSamplerParameterf(GLuint sampler, GLenum pname, GLfloat param)
{
   FE_CTX_OR_RETURN();
   double v[4] = {param, 0, 0, 0};
   sampler_parameter(ctx, sampler, pname, v, NULL, 0, false);
}

/* Only the border colour takes four values; every other pname reads one. */
#define SAMPLER_VECTOR(pname, params, v)                                                           \
   bool vec = (pname) == GL_TEXTURE_BORDER_COLOR;                                                  \
   double v[4] = {(params)[0], vec ? (params)[1] : 0, vec ? (params)[2] : 0, vec ? (params)[3] : 0}

void
mgl_glSamplerParameteriv(GLuint sampler, GLenum pname, const GLint *param)
{
   FE_CTX_OR_RETURN();
   SAMPLER_VECTOR(pname, param, v);
   sampler_parameter(ctx, sampler, pname, v, NULL, 3, true);
}

void
mgl_glSamplerParameterfv(GLuint sampler, GLenum pname, const GLfloat *param)
{
   FE_CTX_OR_RETURN();
   SAMPLER_VECTOR(pname, param, v);
   sampler_parameter(ctx, sampler, pname, v, NULL, 0, true);
}

void
mgl_glSamplerParameterIiv(GLuint sampler, GLenum pname, const GLint *param)
{
   FE_CTX_OR_RETURN();
   SAMPLER_VECTOR(pname, param, v);
   uint32_t bits[4] = {0};
   if (vec)
      memcpy(bits, param, sizeof(bits));
   sampler_parameter(ctx, sampler, pname, v, bits, 1, true);
}

void
mgl_glSamplerParameterIuiv(GLuint sampler, GLenum pname, const GLuint *param)
{
   FE_CTX_OR_RETURN();
   SAMPLER_VECTOR(pname, param, v);
   uint32_t bits[4] = {0};
   if (vec)
      memcpy(bits, param, sizeof(bits));
   sampler_parameter(ctx, sampler, pname, v, bits, 2, true);
}

/* glGetSamplerParameter*: answered from the client's copy; kind as fe_param_store. */
static void
get_sampler_parameter(struct fe_context *ctx, GLuint sampler, GLenum pname, int kind, void *params)
{
   struct fe_sampler *smp = lookup(ctx, sampler);
   FE_CHECK(!smp, GL_INVALID_OPERATION);
   bool es = ctx->desc.api == FE_API_GLES;
   FE_CHECK(es && pname == GL_TEXTURE_LOD_BIAS, GL_INVALID_ENUM);
   FE_CHECK(fe_es_lacks_sampling_param(ctx, pname), GL_INVALID_ENUM);
   double v[4];
   uint32_t bits[4];
   uint8_t form = 0;
   int n = fe_sampling_param_get(&smp->params, pname, v, bits, &form);
   FE_CHECK(!n, GL_INVALID_ENUM);
   fe_param_store(pname, n, v, bits, form, kind, params);
}

void
mgl_glGetSamplerParameterfv(GLuint sampler, GLenum pname, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   get_sampler_parameter(ctx, sampler, pname, 0, params);
}

void
mgl_glGetSamplerParameteriv(GLuint sampler, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   get_sampler_parameter(ctx, sampler, pname, 1, params);
}

void
mgl_glGetSamplerParameterIiv(GLuint sampler, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   get_sampler_parameter(ctx, sampler, pname, 2, params);
}

void
mgl_glGetSamplerParameterIuiv(GLuint sampler, GLenum pname, GLuint *params)
{
   FE_CTX_OR_RETURN();
   get_sampler_parameter(ctx, sampler, pname, 3, params);
}
