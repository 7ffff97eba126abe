/* fe_texture_unit.c — texture units: glActiveTexture, glBindTexture, the default texture of
 * each target (name 0) and the 1x1 (0,0,0,1) textures an incomplete texture samples as. */
#include <stdlib.h>
#include <string.h>

#include "fe_cso.h"
#include "fe_gl.h"
#include "gl_api.h"
#include "log.h"

/* The target a GL enum names, or -1 (GL_INVALID_ENUM): cube map arrays only where they are
 * offered (fe_cube_array_offered), multisample 2D arrays not in ES 2.0 and 3.0 (ES 3.1 contexts
 * offer OES_texture_storage_multisample_2d_array: fe_es_ext.c). */
int
fe_tex_target_index(const struct fe_context *ctx, GLenum target)
{
   switch (target) {
   case GL_TEXTURE_1D: return FE_TEX_1D;
   case GL_TEXTURE_2D: return FE_TEX_2D;
   case GL_TEXTURE_3D: return FE_TEX_3D;
   case GL_TEXTURE_1D_ARRAY: return FE_TEX_1D_ARRAY;
   case GL_TEXTURE_2D_ARRAY: return FE_TEX_2D_ARRAY;
   case GL_TEXTURE_RECTANGLE: return FE_TEX_RECT;
   case GL_TEXTURE_CUBE_MAP: return FE_TEX_CUBE;
   case GL_TEXTURE_BUFFER: return FE_TEX_BUFFER;
   case GL_TEXTURE_2D_MULTISAMPLE: return FE_TEX_2D_MS;
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return ctx->desc.api != FE_API_GLES || fe_es31(ctx) ? FE_TEX_2D_MS_ARRAY : -1;
   case GL_TEXTURE_CUBE_MAP_ARRAY: return fe_cube_array_offered(ctx) ? FE_TEX_CUBE_ARRAY : -1;
   default: return -1;
   }
}

GLenum
fe_tex_target_enum(enum fe_tex_target t)
{
   static const GLenum e[FE_TEX_TARGET_COUNT] = {
      GL_TEXTURE_1D,
      GL_TEXTURE_2D,
      GL_TEXTURE_3D,
      GL_TEXTURE_1D_ARRAY,
      GL_TEXTURE_2D_ARRAY,
      GL_TEXTURE_RECTANGLE,
      GL_TEXTURE_CUBE_MAP,
      GL_TEXTURE_BUFFER,
      GL_TEXTURE_2D_MULTISAMPLE,
      GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
      GL_TEXTURE_CUBE_MAP_ARRAY,
   };
   return e[t];
}

void
mgl_glActiveTexture(GLenum texture)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + fe_max_texture_units(ctx),
            GL_INVALID_ENUM);
   ctx->active_unit = texture - GL_TEXTURE0;
}

static struct fe_texture *
default_texture(struct fe_context *ctx, enum fe_tex_target t)
{
   if (!ctx->default_tex[t]) {
      struct fe_texture *tex = fe_texture_create(ctx, 0, t);
      if (!tex)
         return NULL;
      ctx->default_tex[t] = tex; /* keeps the creation reference */
   }
   return ctx->default_tex[t];
}

/* The texture a unit samples for a target: the bound one or the default texture. */
struct fe_texture *
fe_unit_texture(struct fe_context *ctx, unsigned unit, enum fe_tex_target t)
{
   struct fe_texture *tex = ctx->units[unit][t];
   return tex ? tex : default_texture(ctx, t);
}

/* The object of a reserved name, of target t (first bind, or glCreateTextures): NULL after
 * recording GL_OUT_OF_MEMORY. */
struct fe_texture *
fe_texture_new(struct fe_context *ctx, GLuint name, enum fe_tex_target t)
{
   struct fe_texture *tex = fe_texture_create(ctx, name, t);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY, NULL);
   pthread_mutex_lock(&ctx->share->lock);
   const bool named = fe_names_set(&ctx->share->textures, name, tex);
   pthread_mutex_unlock(&ctx->share->lock);
   if (!named) {
      fe_texture_destroy(ctx, tex);
      FE_CHECK(true, GL_OUT_OF_MEMORY, NULL);
   }
   return tex;
}

/* The texture object a name is (NULL: none, or a name only reserved: *reserved). */
struct fe_texture *
fe_texture_lookup(struct fe_context *ctx, GLuint name, bool *reserved)
{
   pthread_mutex_lock(&ctx->share->lock);
   void *obj = fe_names_get(&ctx->share->textures, name);
   pthread_mutex_unlock(&ctx->share->lock);
   *reserved = obj == FE_NAME_RESERVED;
   return *reserved ? NULL : obj;
}

struct fe_texture *
fe_texture_named(struct fe_context *ctx, GLuint texture)
{
   bool reserved;
   struct fe_texture *tex = texture ? fe_texture_lookup(ctx, texture, &reserved) : NULL;
   FE_CHECK(!tex, GL_INVALID_OPERATION, NULL);
   return tex;
}

struct fe_texture *
fe_texture_named_sub(struct fe_context *ctx, GLuint texture, unsigned dims)
{
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   if (!tex)
      return NULL;
   const enum fe_tex_target t = tex->target;
   const bool ok = dims == 1   ? t == FE_TEX_1D
                   : dims == 2 ? t == FE_TEX_2D || t == FE_TEX_1D_ARRAY || t == FE_TEX_RECT
                               : t == FE_TEX_3D || t == FE_TEX_2D_ARRAY || t == FE_TEX_CUBE ||
                                    t == FE_TEX_CUBE_ARRAY;
   FE_CHECK(!ok, GL_INVALID_OPERATION, NULL);
   return tex;
}

/* GL 4.5 §8.1: names whose objects exist at once, of target (the bindings do not change). */
void
mgl_glCreateTextures(GLenum target, GLsizei n, GLuint *textures)
{
   FE_CTX_OR_RETURN();
   const int t = fe_tex_target_index(ctx, target);
   FE_CHECK(t < 0, GL_INVALID_ENUM);
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      pthread_mutex_lock(&ctx->share->lock);
      textures[i] = fe_names_gen(&ctx->share->textures);
      pthread_mutex_unlock(&ctx->share->lock);
      if (!fe_texture_new(ctx, textures[i], (enum fe_tex_target)t))
         return;
   }
}

/* The texture object name (not 0) is for glBindTexture at target t, through the context's
 * cache where it holds the name at the share group's texture_names_gen (no lock: a name keeps
 * its object until glDeleteTextures takes it, which moves the generation before the object may
 * go); else the table's, made at the name's first bind. NULL: the error is recorded. */
static struct fe_texture *
texture_for_bind(struct fe_context *ctx, GLuint name, enum fe_tex_target t)
{
   const uint64_t gen = atomic_load_explicit(&ctx->share->texture_names_gen, memory_order_acquire);
   struct fe_tex_bind_cache_entry *c = &ctx->tex_bind_cache[name % FE_TEX_BIND_CACHE];
   struct fe_texture *tex;
   if (c->name == name && c->gen == gen) {
      tex = c->tex;
   } else {
      bool reserved;
      tex = fe_texture_lookup(ctx, name, &reserved);
      /* a compatibility context takes names glGenTextures never returned */
      if (!tex && !reserved)
         reserved = fe_names_compat_usable(ctx, name);
      FE_CHECK(!tex && !reserved, GL_INVALID_OPERATION, NULL);
      if (reserved && !(tex = fe_texture_new(ctx, name, t)))
         return NULL;
      c->name = name;
      c->tex = tex;
      c->gen = gen;
   }
   FE_CHECK(tex->target != t, GL_INVALID_OPERATION, NULL);
   return tex;
}

void
mgl_glBindTexture(GLenum target, GLuint texture)
{
   FE_CTX_OR_RETURN();
   /* the common target without fe_tex_target_index's call */
   const int t = target == GL_TEXTURE_2D ? FE_TEX_2D : fe_tex_target_index(ctx, target);
   FE_CHECK(t < 0 || (t == FE_TEX_BUFFER && !fe_texture_buffer_offered(ctx)), GL_INVALID_ENUM);
   struct fe_texture *tex = NULL;
   if (texture && !(tex = texture_for_bind(ctx, texture, (enum fe_tex_target)t)))
      return;
   struct fe_texture **slot = &ctx->units[ctx->active_unit][t];
   if (*slot == tex)
      return;
   FE_REBIND(ctx, slot, tex);
   fe_unit_changed(ctx, ctx->active_unit);
}

/* Unit `unit` (checked) bound to texture object `name` at its own target, or every target of
 * the unit unbound for zero; the active unit stays. GL_INVALID_OPERATION for a name that is no
 * texture object (never bound nor created, so without a target). */
static void
bind_unit(struct fe_context *ctx, unsigned unit, GLuint name)
{
   if (!name) {
      bool changed = false;
      for (int t = 0; t < FE_TEX_TARGET_COUNT; t++) {
         if (ctx->units[unit][t]) {
            FE_REBIND(ctx, &ctx->units[unit][t], NULL);
            changed = true;
         }
      }
      if (changed)
         fe_unit_changed(ctx, unit);
      return;
   }
   struct fe_texture *tex = fe_texture_named(ctx, name);
   if (!tex)
      return;
   struct fe_texture **slot = &ctx->units[unit][tex->target];
   if (*slot != tex) {
      FE_REBIND(ctx, slot, tex);
      fe_unit_changed(ctx, unit);
   }
}

/* GL 4.5 §8.1: glBindTextures of one unit. */
void
mgl_glBindTextureUnit(GLuint unit, GLuint texture)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(unit >= fe_max_texture_units(ctx), GL_INVALID_VALUE);
   bind_unit(ctx, unit, texture);
}

/* GL 4.4 §8.1 (ARB_multi_bind): units [first, first + count) each bound to textures[i] at its
 * own target, or every target unbound for zero (or a NULL list); the active unit stays. A name
 * that is no texture object (never bound, so without a target) is GL_INVALID_OPERATION and
 * leaves its unit; the others are bound. */
void
mgl_glBindTextures(GLuint first, GLsizei count, const GLuint *textures)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   FE_CHECK((uint64_t)first + (uint64_t)count > fe_max_texture_units(ctx), GL_INVALID_OPERATION);
   for (GLsizei i = 0; i < count; i++)
      bind_unit(ctx, first + (unsigned)i, textures ? textures[i] : 0);
}

void
fe_texture_unit_unbind_texture(struct fe_context *ctx, struct fe_texture *tex)
{
   for (int u = 0; u < FE_MAX_TEXTURE_UNITS; u++) {
      if (ctx->units[u][tex->target] == tex) {
         FE_REBIND(ctx, &ctx->units[u][tex->target], NULL);
         fe_unit_changed(ctx, (unsigned)u);
      }
   }
}

/* ---- black textures ------------------------------------------------------------------------ */

struct fe_texture *
fe_texture_black(struct fe_context *ctx, enum fe_tex_target target, unsigned kind)
{
   if (kind > MGP_SAMPLER_KIND_SHADOW)
      kind = MGP_SAMPLER_KIND_FLOAT;
   if (ctx->black_tex[target][kind])
      return ctx->black_tex[target][kind];
   /* A buffer texture without a buffer reads zero through the server's placeholder texel
    * buffer (GL leaves it undefined), which any view that is not a buffer texture gets. */
   if (target == FE_TEX_BUFFER)
      return fe_texture_black(ctx, FE_TEX_2D, kind);
   if (target == FE_TEX_2D_MS || target == FE_TEX_2D_MS_ARRAY) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "an incomplete multisample texture has no stand-in: the 2D one is bound");
      return fe_texture_black(ctx, FE_TEX_2D, kind);
   }
   struct fe_texture *tex = fe_texture_create(ctx, 0, target);
   if (!tex)
      return NULL;
   static const uint16_t formats[4] = {MGP_FORMAT_RGBA8_UNORM, MGP_FORMAT_RGBA8_SINT,
                                       MGP_FORMAT_RGBA8_UINT, MGP_FORMAT_D32_FLOAT};
   static const GLenum ifmts[4] = {GL_RGBA8, GL_RGBA8I, GL_RGBA8UI, GL_DEPTH_COMPONENT32F};
   uint16_t format = formats[kind];
   uint32_t layers = target == FE_TEX_CUBE || target == FE_TEX_CUBE_ARRAY ? 6 : 1;
   struct mgp_resource_desc d = {
      .res = tex->res,
      .target = (uint8_t)fe_texture_res_target(target),
      .levels = 1,
      .samples = 1,
      .bind_mask = MGP_BIND_SAMPLER | MGP_BIND_TRANSFER,
      .format = format,
      .width = 1,
      .height = 1,
      .depth = 1,
      .array_layers = layers,
   };
   fe_resource_send(ctx->share, &d, false);
   tex->created = true;
   tex->res_format = format;
   tex->res_width = tex->res_height = tex->res_levels = 1;
   tex->res_layers = layers;
   tex->params.min_filter = GL_NEAREST;
   tex->params.mag_filter = GL_NEAREST;
   for (uint32_t f = 0; f < layers; f++)
      tex->image[f][0] = (struct fe_tex_image){.defined = true,
                                               .width = 1,
                                               .height = 1,
                                               .depth = 1,
                                               .internal_format = ifmts[kind],
                                               .format = format};
   /* (0, 0, 0, 1); depth 0 */
   static const uint8_t unorm[4] = {0, 0, 0, 255}, ints[4] = {0, 0, 0, 1};
   const float depth = 0.0f;
   const void *texel = kind == 0   ? (const void *)unorm
                       : kind == 3 ? (const void *)&depth
                                   : (const void *)ints;
   for (uint32_t f = 0; f < layers; f++) {
      struct mgp_sub_region r = {.z = (int32_t)f, .width = 1, .height = 1, .depth = 1};
      struct mgp_resource_subdata a = {
         .res = tex->res,
         .format = format,
         .box = {.z = (int32_t)f, .width = 1, .height = 1, .depth = 1},
         .region_count = 1,
         .data = {.ptr = (void *)texel, .size = 4},
      };
      mgp_resource_subdata(&ctx->pipe, &a, &r);
   }
   tex->version++;
   ctx->black_tex[target][kind] = tex;
   return tex;
}
