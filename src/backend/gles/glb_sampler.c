/* glb_sampler.c — sampling on the host: sampler CSOs are host sampler objects, sampler views
 * name a whole host texture (2D, 3D, 2D array, cube or buffer) as its own target, and a draw
 * binds view j and sampler j to texture unit j (the unit
 * glb_shader.c gave sampler binding 64 + j). Texture parameters that are not sampler state
 * (base/max level, swizzle, LOD range) are set on the host texture itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"

static const GLenum wraps[MGP_WRAP_COUNT] = {
   [MGP_WRAP_REPEAT] = GL_REPEAT,
   [MGP_WRAP_CLAMP_TO_EDGE] = GL_CLAMP_TO_EDGE,
   [MGP_WRAP_MIRRORED_REPEAT] = GL_MIRRORED_REPEAT,
   [MGP_WRAP_CLAMP_TO_BORDER] = GL_CLAMP_TO_BORDER, /* GLES 3.2 */
   /* EXT_texture_mirror_clamp_to_edge where the host has it (else declined) */
   [MGP_WRAP_MIRROR_CLAMP_TO_EDGE] = 0x8743, /* GL_MIRROR_CLAMP_TO_EDGE_EXT */
};

static const GLenum filters[MGP_FILTER_COUNT] = {
   GL_NEAREST,
   GL_LINEAR,
   GL_NEAREST_MIPMAP_NEAREST,
   GL_LINEAR_MIPMAP_NEAREST,
   GL_NEAREST_MIPMAP_LINEAR,
   GL_LINEAR_MIPMAP_LINEAR,
};

static const GLenum compare_funcs[MGP_COMPARE_FUNC_COUNT] = {
   GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS,
};

/* ---- sampler CSOs ----------------------------------------------------------------------------- */

void
glb_create_sampler(void *self, const struct mgp_create_sampler *args, const void *tail,
                   uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   if (!glb_context_bind(ctx))
      return;
   struct glb_sampler *s = calloc(1, sizeof(*s));
   if (!s) {
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "create_sampler");
      return;
   }
   s->base.h = args->cso;
   if (!glb_table_put(scr, &scr->samplers, &s->base, "create_sampler")) {
      free(s);
      return;
   }
   const struct mgp_sampler_state *st = &args->state;
   const struct glb_host *h = scr->h;
   const uint16_t w[3] = {st->wrap_s, st->wrap_t, st->wrap_r};
   const GLenum wrap_names[3] = {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R};
   GLB_GL(h)->glGenSamplers(1, &s->name);
   for (unsigned i = 0; i < 3; i++) {
      GLenum mode = w[i] < MGP_WRAP_COUNT ? wraps[w[i]] : 0;
      if ((mode == GL_CLAMP_TO_BORDER && scr->es_minor < 2) ||
          (w[i] == MGP_WRAP_MIRROR_CLAMP_TO_EDGE && !scr->ext_mirror_clamp))
         mode = 0;
      if (!mode) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: wrap mode %u not in this GLES: the sampler clamps to the edge", w[i]);
         mode = GL_CLAMP_TO_EDGE;
      }
      GLB_GL(h)->glSamplerParameteri(s->name, wrap_names[i], (GLint)mode);
   }
   GLB_GL(h)->glSamplerParameteri(s->name, GL_TEXTURE_MIN_FILTER,
                                  (GLint)filters[st->min_filter % MGP_FILTER_COUNT]);
   GLB_GL(h)->glSamplerParameteri(s->name, GL_TEXTURE_MAG_FILTER,
                                  st->mag_filter == MGP_FILTER_LINEAR ? GL_LINEAR : GL_NEAREST);
   GLB_GL(h)->glSamplerParameterf(s->name, GL_TEXTURE_MIN_LOD, st->min_lod);
   GLB_GL(h)->glSamplerParameterf(s->name, GL_TEXTURE_MAX_LOD, st->max_lod);
   GLB_GL(h)->glSamplerParameteri(s->name, GL_TEXTURE_COMPARE_MODE,
                                  st->compare_mode ? GL_COMPARE_REF_TO_TEXTURE : GL_NONE);
   GLB_GL(h)->glSamplerParameteri(s->name, GL_TEXTURE_COMPARE_FUNC,
                                  (GLint)compare_funcs[st->compare_func % MGP_COMPARE_FUNC_COUNT]);
   /* the border colour in the form the client gave it (GLES 3.2 has all three) */
   if (scr->es_minor >= 2 && st->border_color_form == 0) {
      float border[4];
      memcpy(border, st->border_color, sizeof(border));
      GLB_GL(h)->glSamplerParameterfv(s->name, GL_TEXTURE_BORDER_COLOR, border);
   } else if (scr->es_minor >= 2 && st->border_color_form == 1) {
      GLint border[4];
      memcpy(border, st->border_color, sizeof(border));
      GLB_GL(h)->glSamplerParameterIiv(s->name, GL_TEXTURE_BORDER_COLOR, border);
   } else if (scr->es_minor >= 2 && st->border_color_form == 2) {
      GLB_GL(h)->glSamplerParameterIuiv(s->name, GL_TEXTURE_BORDER_COLOR, st->border_color);
   } else if (w[0] == MGP_WRAP_CLAMP_TO_BORDER || w[1] == MGP_WRAP_CLAMP_TO_BORDER) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a border colour of form %u before GLES 3.2: the border reads as the "
                  "default",
                  st->border_color_form);
   }
   /* GL 3.3 §3.8.11: the sum of the biases clamped to GL_MAX_TEXTURE_LOD_BIAS; GLES has no
    * such state, the program adds it (glb_program_lod_bias) */
   const float max = scr->max_lod_bias;
   s->lod_bias = st->lod_bias > max ? max : st->lod_bias < -max ? -max : st->lod_bias;
}

void
glb_delete_sampler(void *self, const struct mgp_handle_args *args, const void *tail,
                   uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_sampler *s = glb_lookup(ctx->scr, &ctx->scr->samplers, args->h, "delete_sampler");
   if (!s || !glb_context_bind(ctx))
      return;
   glb_table_remove(&ctx->scr->samplers, &s->base);
   GLB_GL(ctx->scr->h)->glDeleteSamplers(1, &s->name);
   free(s);
}

/* ---- sampler views ---------------------------------------------------------------------------- */

void
glb_create_sampler_view(void *self, const struct mgp_create_sampler_view *args, const void *tail,
                        uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_sampler_view *v = calloc(1, sizeof(*v));
   if (!v) {
      glb_fatal(ctx->scr, MGU_FATAL_OutOfMemory, "create_sampler_view");
      return;
   }
   v->base.h = args->cso;
   v->view = *args;
   v->tex_target = glb_texture_target(args->target);
   if (!glb_table_put(ctx->scr, &ctx->scr->sampler_views, &v->base, "create_sampler_view"))
      free(v);
}

void
glb_delete_sampler_view(void *self, const struct mgp_handle_args *args, const void *tail,
                        uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_obj *o =
      glb_lookup(ctx->scr, &ctx->scr->sampler_views, args->h, "delete_sampler_view");
   glb_table_remove(&ctx->scr->sampler_views, o);
   free(o);
   /* any context may have walked a unit with it: every unit is walked and put again */
   ctx->scr->sh.unit_known = 0;
}

/* Sets slots[start..] from the record; with compare, true where a slot's handle changed.
 * Without (the views: nothing asks), the units set are walked again at the next draw whether
 * their handles changed or not, without a compare each (a unit set to the handle it held
 * finds the shadow's texture: no host call). */
static inline __attribute__((always_inline)) bool
set_handles(struct glb_context *ctx, struct mgp_handle *slots, const struct mgp_set_handles *args,
            const void *tail, uint32_t tail_count, const char *call, bool compare)
{
   if (args->start >= GLB_MAX_SAMPLERS || tail_count > GLB_MAX_SAMPLERS - args->start) {
      char detail[96];
      snprintf(detail, sizeof(detail), "%s: slots past %u", call, GLB_MAX_SAMPLERS);
      glb_fatal(ctx->scr, MGU_FATAL_ProtocolCorruption, detail);
      return false;
   }
   const struct mgp_handle *in = tail;
   bool changed = false;
   if (!compare && args->start < 64) {
      const uint32_t n = tail_count < 64 - args->start ? tail_count : 64 - args->start;
      const uint64_t bits = n == 64 ? ~0ull : ((1ull << n) - 1) << args->start;
      ctx->units_walked &= ~bits; /* walked again at the next draw */
   }
   for (uint32_t i = 0; compare && i < tail_count; i++) {
      const uint32_t j = args->start + i;
      if (mgp_handle_eq(slots[j], in[i]))
         continue;
      changed = true;
      if (j < 64)
         ctx->units_walked &= ~(1ull << j); /* walked again at the next draw */
   }
   if (tail_count) /* none: no tail at all (memcpy takes no NULL, even for 0 bytes) */
      memcpy(&slots[args->start], tail, tail_count * sizeof(struct mgp_handle));
   return changed;
}

void
glb_set_sampler_views(void *self, const struct mgp_set_handles *args, const void *tail,
                      uint32_t tail_count)
{
   struct glb_context *ctx = self;
   set_handles(ctx, ctx->views, args, tail, tail_count, "set_sampler_views", false);
}

void
glb_bind_sampler_states(void *self, const struct mgp_set_handles *args, const void *tail,
                        uint32_t tail_count)
{
   struct glb_context *ctx = self;
   /* a sampler's LOD bias is found again at the next draw only where a handle changed: the
    * front end sends the same samplers with each view change (glb_program_variant) */
   if (set_handles(ctx, ctx->samplers, args, tail, tail_count, "bind_sampler_states", true))
      ctx->lod_bias_stale = true;
}

void
glb_set_texture_params(void *self, const struct mgp_texture_params *args, const void *tail,
                       uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_resource *r = glb_resource_for_use(ctx->scr, args->res, "set_texture_params");
   /* a buffer texture has no levels, swizzle or LOD (GL 4.6 §8.9: texel fetches only) */
   if (!r || r->is_buffer || r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER ||
       r->tex_target == GL_TEXTURE_BUFFER || !glb_context_bind(ctx))
      return;
   const struct glb_host *h = ctx->scr->h;
   static const GLint swizzles[6] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO, GL_ONE};
   static const GLenum swizzle_names[4] = {GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_SWIZZLE_G,
                                           GL_TEXTURE_SWIZZLE_B, GL_TEXTURE_SWIZZLE_A};
   r->base_level = args->base_level;
   r->max_level = args->max_level;
   const GLenum t = r->tex_target;
   GLB_GL(h)->glBindTexture(t, r->name);
   /* a multisampled texture has the one level (GLES 3.1 takes no other base level) */
   if (t != GL_TEXTURE_2D_MULTISAMPLE && t != GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
      GLB_GL(h)->glTexParameteri(t, GL_TEXTURE_BASE_LEVEL, args->base_level);
      GLB_GL(h)->glTexParameteri(t, GL_TEXTURE_MAX_LEVEL, args->max_level);
   }
   for (unsigned i = 0; i < 4; i++)
      GLB_GL(h)->glTexParameteri(t, swizzle_names[i], swizzles[args->swizzle[i] % 6]);
   /* GL_ARB_stencil_texturing (MGP_CAP_STENCIL_TEXTURING): a depth/stencil texture sampled
    * as its stencil index (GLES 3.1's GL_DEPTH_STENCIL_TEXTURE_MODE) */
   const struct mgp_format_desc *fd = mgp_format_desc(r->desc.format);
   if (ctx->scr->es31_textures && r->fmt && r->fmt->depth_stencil && fd && fd->bits[4] &&
       fd->bits[5])
      GLB_GL(h)->glTexParameteri(t, GL_DEPTH_STENCIL_TEXTURE_MODE,
                                 args->depth_stencil_mode ? GL_STENCIL_INDEX : GL_DEPTH_COMPONENT);
   /* the texture's LOD bias reaches the draw in its sampler state (glb_create_sampler) */
   ctx->scr->bound = NULL; /* the unit's binding changed */
}

void
glb_generate_mipmap(void *self, const struct mgp_generate_mipmap *args, const void *tail,
                    uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_resource *r = glb_resource_for_use(ctx->scr, args->res, "generate_mipmap");
   if (!r || !glb_context_bind(ctx))
      return;
   if (r->is_buffer || r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER ||
       r->tex_target == GL_TEXTURE_BUFFER || args->base_level > args->last_level ||
       args->last_level >= 16) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: generate_mipmap of levels %u..%u",
                  args->base_level, args->last_level);
      return;
   }
   /* The host fills levels base + 1 .. max from base: the call's range is set for it, then the
    * texture's own base and max level (set_texture_params) are put back. */
   const struct glb_host *h = ctx->scr->h;
   const GLenum t = r->tex_target;
   GLB_GL(h)->glBindTexture(t, r->name);
   GLB_GL(h)->glTexParameteri(t, GL_TEXTURE_BASE_LEVEL, (GLint)args->base_level);
   GLB_GL(h)->glTexParameteri(t, GL_TEXTURE_MAX_LEVEL, (GLint)args->last_level);
   while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
      ;
   GLB_GL(h)->glGenerateMipmap(t);
   const bool refused = GLB_GL(h)->glGetError() != GL_NO_ERROR;
   GLB_GL(h)->glTexParameteri(t, GL_TEXTURE_BASE_LEVEL, r->base_level);
   GLB_GL(h)->glTexParameteri(t, GL_TEXTURE_MAX_LEVEL, r->max_level);
   ctx->scr->bound = NULL;
   /* GLES 3.2 8.14.4: the host fills levels only of a colour-renderable, filterable format
    * (not RGB9_E5; Mesa 22.3 refuses an RGB16F twin too): those of a float or normalized
    * format are made on the CPU; the others (integer, sRGB) are said, not left in the host's
    * error, and keep their texels */
   const uint32_t last = args->last_level < r->levels ? args->last_level : r->levels - 1;
   if (refused && args->base_level < last &&
       !glb_mipmap_on_cpu(ctx, args->res, r, args->base_level, last))
      MGU_DECLINE(backend_format_unsupported,
                  "gles: generate_mipmap of a %s texture (%s on the host, which fills the levels "
                  "of colour-renderable filterable formats only, and not a float or normalized "
                  "format made on the CPU)",
                  mgp_format_name(r->desc.format),
                  r->alpha_one ? "its RGB twin" : "not colour-renderable or not filterable");
}

/* ---- at the draw ------------------------------------------------------------------------------ */

/* The store a buffer texture views: its buffer's, or with no buffer named a zeroed one (mgl's
 * placeholder reads zero, docs/PIPE.md#ranges). *serial names the store (struct glb_resource's
 * store_serial; UINT64_MAX the zeroed one). False: declined. */
static bool
texbuf_source(struct glb_screen *scr, const struct glb_resource *r, GLuint *name, uint64_t *serial,
              uint64_t *size)
{
   const struct glb_host *h = scr->h;
   if (mgp_handle_is_null(r->desc.buffer)) {
      if (!scr->texbuf_zero) {
         static const uint8_t zeros[64];
         GLB_GL(h)->glGenBuffers(1, &scr->texbuf_zero);
         GLB_GL(h)->glBindBuffer(GL_COPY_WRITE_BUFFER, scr->texbuf_zero);
         GLB_GL(h)->glBufferData(GL_COPY_WRITE_BUFFER, sizeof(zeros), zeros, GL_STATIC_DRAW);
         scr->sh.known &= ~(uint32_t)GLB_SH_COPY_WRITE; /* in a draw: the shadow stays */
      }
      *name = scr->texbuf_zero;
      *serial = UINT64_MAX;
      *size = 64;
      return true;
   }
   struct glb_resource *b = glb_resource_for_use(scr, r->desc.buffer, "draw");
   if (!b)
      return false;
   if (!b->is_buffer) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a buffer texture whose buffer is an image (target %u)", b->desc.target);
      return false;
   }
   if (!glb_buffer_ordered(scr, b))
      return false;
   *name = b->name;
   *serial = b->store_serial;
   *size = b->desc.size;
   return true;
}

/* Attaches the store texbuf_source found to buffer texture r, bound on the active unit: the
 * whole buffer, or the range the desc names (within the store, at the host's alignment).
 * False: declined. */
static bool
texbuf_attach(struct glb_screen *scr, struct glb_resource *r, GLuint name, uint64_t serial,
              uint64_t size)
{
   const struct glb_host *h = scr->h;
   const uint64_t off = r->desc.buffer_offset;
   if (r->desc.buffer_size == ~0ull && off == 0) {
      GLB_GL(h)->glTexBuffer(GL_TEXTURE_BUFFER, r->fmt->internal, name);
   } else {
      const uint64_t len =
         r->desc.buffer_size == ~0ull && off <= size ? size - off : r->desc.buffer_size;
      const uint64_t align = scr->texbuf_align > 0 ? (uint64_t)scr->texbuf_align : 1;
      if (off > size || len > size - off || !len || off % align || size > (uint64_t)INT32_MAX) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: a buffer texture of bytes %llu+%llu of a %llu-byte buffer (within "
                     "it, offset a multiple of %llu)",
                     (unsigned long long)off, (unsigned long long)len, (unsigned long long)size,
                     (unsigned long long)align);
         return false;
      }
      GLB_GL(h)->glTexBufferRange(GL_TEXTURE_BUFFER, r->fmt->internal, name, (GLintptr)off,
                                  (GLsizeiptr)len);
   }
   r->texbuf_serial = serial;
   return true;
}

bool
glb_texbuf_for_image(struct glb_screen *scr, struct glb_resource *r, const char *call)
{
   const struct glb_host *h = scr->h;
   if (mgp_handle_is_null(r->desc.buffer)) {
      /* the zeroed store samplers read is shared: no image writes into it */
      MGU_DECLINE(backend_draw_incomplete,
                  "gles: a %s with an image unit of a buffer texture "
                  "without a buffer",
                  call);
      return false;
   }
   GLuint name = 0;
   uint64_t serial = 0, size = 0;
   if (!texbuf_source(scr, r, &name, &serial, &size))
      return false;
   if (r->texbuf_serial == serial)
      return true;
   /* the active unit's buffer-texture binding is a sampler's (glb_samplers_bind may have bound
    * it for this very draw): it is put back after the attach */
   GLint prev = 0;
   GLB_GL(h)->glGetIntegerv(GL_TEXTURE_BINDING_BUFFER, &prev);
   GLB_GL(h)->glBindTexture(GL_TEXTURE_BUFFER, r->name);
   const bool ok = texbuf_attach(scr, r, name, serial, size);
   GLB_GL(h)->glBindTexture(GL_TEXTURE_BUFFER, (GLuint)prev);
   return ok;
}

/* What glb_samplers_bind puts on a unit: the texture's host name and target, and for a buffer
 * texture whose store moved, the store to attach (texbuf_source's). */
struct unit_tex {
   GLuint name;
   GLenum target;
   struct glb_resource *r;
   bool attach;
   GLuint buf_name;
   uint64_t buf_serial, buf_size;
};

/* glb_samplers_bind's checks of unit j's view v (NULL: none) and sampler s against the view's
 * texture, kept in the view where they pass (a buffer texture's aside); *toggled where the
 * sampler's sRGB decode switched. Out of line: a kept view's walk (every unit of a texture
 * change) keeps fewer registers across its host calls. False: declined. */
static __attribute__((noinline)) bool
unit_check(struct glb_context *ctx, const struct glb_shader *prog, unsigned j,
           struct glb_sampler_view *v, struct glb_sampler *s, struct unit_tex *u, bool *toggled)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   struct glb_resource *r = v ? glb_resource_for_use(scr, v->view.texture, "draw") : NULL;
   if (!v || !s || !r) {
      MGU_DECLINE(backend_draw_incomplete, "gles: a draw without texture or sampler %u", j);
      return false;
   }
   if (r->tex_target == GL_TEXTURE_BUFFER &&
       !texbuf_source(scr, r, &u->buf_name, &u->buf_serial, &u->buf_size))
      return false;
   u->attach = r->tex_target == GL_TEXTURE_BUFFER && r->texbuf_serial != u->buf_serial;
   /* GL_SKIP_DECODE_EXT (MGP_CAP_SRGB_SKIP_DECODE): the UNORM twin of an sRGB texture's
    * format reads it undecoded, through the host sampler's GL_TEXTURE_SRGB_DECODE_EXT */
   const bool skip =
      v->view.format == MGP_FORMAT_RGBA8_UNORM && r->desc.format == MGP_FORMAT_RGBA8_SRGB;
   if (skip && !scr->ext_srgb_decode) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: GL_SKIP_DECODE_EXT on sampler %u: the host lists no "
                  "GL_EXT_texture_sRGB_decode",
                  j);
      return false;
   }
   if (r->is_buffer || r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER ||
       (v->view.format != r->desc.format && !skip) || v->view.min_level || v->view.min_layer ||
       v->tex_target != r->tex_target) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a sampler view of target %u, format %s, from level %u (views of a "
                  "whole texture as its own target only)",
                  v->view.target, mgp_format_name(v->view.format), v->view.min_level);
      return false;
   }
   if (scr->ext_srgb_decode && s->skip_decode != skip) {
      /* one host sampler serves every unit that binds it: two units of this draw
       * wanting it both ways cannot both be served */
      for (unsigned k = 0; k < j; k++)
         if ((prog->refl.sampler_mask[k / 64] >> (k % 64) & 1) &&
             mgp_handle_eq(ctx->samplers[k], ctx->samplers[j])) {
            MGU_DECLINE(backend_feature_unimplemented,
                        "gles: one sampler state on units %u and %u, sRGB decoded on one "
                        "and not the other",
                        k, j);
            return false;
         }
      GLB_GL(h)->glSamplerParameteri(s->name, GL_TEXTURE_SRGB_DECODE_EXT,
                                     skip ? GL_SKIP_DECODE_EXT : GL_DECODE_EXT);
      s->skip_decode = skip;
      *toggled = true;
   }
   u->r = r;
   u->name = r->name;
   u->target = r->tex_target;
   if (u->target != GL_TEXTURE_BUFFER) {
      v->checked_epoch = scr->res_epoch;
      v->checked_name = u->name;
      v->checked_skip = skip;
   }
   return true;
}

bool
glb_samplers_bind(struct glb_context *ctx, const struct glb_shader *prog)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   bool skipped = false, toggled = false;
   const uint64_t *mask = prog->refl.sampler_mask;
   if (!mask[1] && !(mask[0] & ~(ctx->units_walked & scr->sh.unit_known))) {
      /* every unit of the program walked and the host's since (a program change) */
      scr->stats.units_skipped += (unsigned)__builtin_popcountll(mask[0]);
      return true;
   }
   /* the program's units, a bit at a time (the mask's 2 words are the 80 units) */
   _Static_assert(GLB_MAX_SAMPLERS <= 128, "sampler_mask covers GLB_MAX_SAMPLERS units");
   unsigned base = 0;
   for (uint64_t rest = mask[0];; rest &= rest - 1) {
      if (!rest) { /* the second word's units after the first's */
         if (base || !mask[1])
            break;
         base = 64;
         rest = mask[1];
      }
      const unsigned j = base + (unsigned)__builtin_ctzll(rest);
      if (j >= GLB_MAX_SAMPLERS)
         break;
      /* units 64.. have no shadow bit: walked and put every time */
      const uint64_t bit = base ? 0 : 1ull << j;
      struct glb_shadow *sh = &scr->sh;
      if (ctx->units_walked & sh->unit_known & bit) {
         skipped = true;
         scr->stats.units_skipped++;
         continue; /* the same view and sampler, the host's since (a program change) */
      }
      struct glb_sampler_view *v = mgp_handle_is_null(ctx->views[j])
                                      ? NULL
                                      : glb_lookup(scr, &scr->sampler_views, ctx->views[j], "draw");
      struct glb_sampler *s = mgp_handle_is_null(ctx->samplers[j])
                                 ? NULL
                                 : glb_lookup(scr, &scr->samplers, ctx->samplers[j], "draw");
      struct unit_tex u = {0};
      if (v && s && v->checked_name && v->checked_epoch == scr->res_epoch &&
          s->skip_decode == v->checked_skip) {
         /* the view passed unit_check against this texture, whose storage no call has
          * deleted since, and the sampler decodes as it wants: the texture's name as then */
         u.name = v->checked_name;
         u.target = v->tex_target;
      } else if (!unit_check(ctx, prog, j, v, s, &u, &toggled)) {
         return false;
      }
      /* the texture and the sampler each only where the unit's differs: a texture change
       * alone (glBindTexture between draws) costs the host one call, as on native GLES */
      const bool known = sh->unit_known & bit;
      const GLuint sampler = s->name;
      const bool tex_same =
         !u.attach && known && sh->tex[j] == u.name && sh->tex_target[j] == u.target;
      const bool sampler_same = known && sh->sampler[j] == sampler;
      if (tex_same && sampler_same)
         continue;
      /* the shadow first: fewer values kept across the host calls */
      sh->tex[j] = u.name;
      sh->tex_target[j] = u.target;
      sh->sampler[j] = sampler;
      if (sh->trusted)
         sh->unit_known |= bit;
      if (!tex_same) {
         /* other entry points bind textures on whichever unit is active: they forget the
          * shadow */
         if (!glb_shadow_known(scr, GLB_SH_ACTIVE_UNIT) || sh->active_unit != GL_TEXTURE0 + j) {
            GLB_GL(h)->glActiveTexture(GL_TEXTURE0 + j);
            sh->active_unit = GL_TEXTURE0 + j;
            glb_shadow_set(scr, GLB_SH_ACTIVE_UNIT);
         }
         GLB_GL(h)->glBindTexture(u.target, u.name);
         if (u.attach && !texbuf_attach(scr, u.r, u.buf_name, u.buf_serial, u.buf_size)) {
            sh->unit_known &= ~bit; /* the unit's texture moved: not the shadow's */
            return false;
         }
      }
      if (!sampler_same)
         GLB_GL(h)->glBindSampler(j, sampler); /* by unit: no active unit needed */
   }
   /* a sampler's sRGB decode switched where a unit was skipped: that unit may share the
    * sampler, so the walk is made again whole (its checks decline a unit of each kind) */
   if (toggled && skipped) {
      ctx->units_walked = 0;
      return glb_samplers_bind(ctx, prog);
   }
   /* every unit of the program put: a later walk with the same views skips them */
   ctx->units_walked |= prog->refl.sampler_mask[0];
   return true;
}
