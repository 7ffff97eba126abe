/* glb_resource.c — resources on the host (buffers, 2D textures, renderbuffers), their uploads
 * and read-backs, the framebuffer a context draws into and clears. Rows cross in GL's order
 * (row 0 at the bottom), which is also the host's: nothing is flipped. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checked.h"
#include "glb.h"
#include "pipe_pack.h"
#include "pipe_pixel.h"

/* ---- create, respecify, destroy ----------------------------------------------------------- */

static GLenum
buffer_usage(uint32_t usage)
{
   switch (usage) {
   case MGP_BUFFER_USAGE_STREAM_DRAW: return GL_STREAM_DRAW;
   case MGP_BUFFER_USAGE_STREAM_READ: return GL_STREAM_READ;
   case MGP_BUFFER_USAGE_STREAM_COPY: return GL_STREAM_COPY;
   case MGP_BUFFER_USAGE_STATIC_READ: return GL_STATIC_READ;
   case MGP_BUFFER_USAGE_STATIC_COPY: return GL_STATIC_COPY;
   case MGP_BUFFER_USAGE_DYNAMIC_DRAW: return GL_DYNAMIC_DRAW;
   case MGP_BUFFER_USAGE_DYNAMIC_READ: return GL_DYNAMIC_READ;
   case MGP_BUFFER_USAGE_DYNAMIC_COPY: return GL_DYNAMIC_COPY;
   default: return GL_STATIC_DRAW;
   }
}

static void
delete_storage(struct glb_screen *scr, struct glb_resource *r)
{
   scr->res_epoch++; /* the views checked against r check it again */
   scr->mem_in_use -= r->mem_bytes;
   r->mem_bytes = 0;
   if (!r->name)
      return;
   /* the compact draw's element buffer may be this one: a store lost inside a draw
    * (glb_buffer_order_store's out_of_memory) leaves the shadow trusted */
   scr->sh.ib_checked = NULL;
   for (unsigned l = 0; l < GLB_MAX_LEVELS; l++)
      if (r->level_views[l]) {
         GLB_GL(scr->h)->glDeleteTextures(1, &r->level_views[l]);
         r->level_views[l] = 0;
      }
   if (r->is_buffer)
      GLB_GL(scr->h)->glDeleteBuffers(1, &r->name);
   else if (r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER)
      GLB_GL(scr->h)->glDeleteRenderbuffers(1, &r->name);
   else
      GLB_GL(scr->h)->glDeleteTextures(1, &r->name);
   r->name = 0;
}

/* The internal formats GLES 3.2 (Table 8.18) and EXT_texture_buffer take for a buffer texture:
 * desktop GL's R16, RG16 and RGBA16 are not among them. */
static bool
buffer_texture_format(GLenum internal)
{
   switch (internal) {
   case GL_R8:
   case GL_R16F:
   case GL_R32F:
   case GL_R8I:
   case GL_R16I:
   case GL_R32I:
   case GL_R8UI:
   case GL_R16UI:
   case GL_R32UI:
   case GL_RG8:
   case GL_RG16F:
   case GL_RG32F:
   case GL_RG8I:
   case GL_RG16I:
   case GL_RG32I:
   case GL_RG8UI:
   case GL_RG16UI:
   case GL_RG32UI:
   case GL_RGB32F:
   case GL_RGB32I:
   case GL_RGB32UI:
   case GL_RGBA8:
   case GL_RGBA16F:
   case GL_RGBA32F:
   case GL_RGBA8I:
   case GL_RGBA16I:
   case GL_RGBA32I:
   case GL_RGBA8UI:
   case GL_RGBA16UI:
   case GL_RGBA32UI: return true;
   default: return false;
   }
}

/* A buffer texture is a host GL_TEXTURE_BUFFER texture with no store of its own: the draw
 * attaches desc.buffer's store to it (glb_sampler.c), again whenever that store is new. */
static void
make_buffer_texture(struct glb_screen *scr, struct glb_resource *r)
{
   r->fmt = glb_format_get(scr, r->desc.format);
   if (!scr->texture_buffer || !r->fmt || !buffer_texture_format(r->fmt->internal)) {
      MGU_DECLINE(backend_format_unsupported, "gles: a buffer texture of %s (%s)",
                  mgp_format_name(r->desc.format),
                  scr->texture_buffer ? "not a GLES buffer texture format"
                                      : "no buffer textures on this host");
      r->unsupported = true;
      return;
   }
   GLB_GL(scr->h)->glGenTextures(1, &r->name);
   r->tex_target = GL_TEXTURE_BUFFER;
   r->layers = 1;
   r->levels = 1;
}

/* The target an ordered buffer store is made through (make_storage): a storage buffer where
 * the host has them, else a uniform buffer. */
static GLenum
ordered_target(const struct glb_screen *scr)
{
   return scr->compute ? GL_SHADER_STORAGE_BUFFER : GL_UNIFORM_BUFFER;
}

/* Host storage for r->desc; a shape the backend does not do yet is declined (the resource then
 * declines every use). */
static void
make_storage(struct glb_screen *scr, struct glb_resource *r)
{
   const struct glb_host *h = scr->h;
   const struct mgp_resource_desc *d = &r->desc;
   r->unsupported = false;
   r->alpha_one = false;
   r->alpha_kept = false;
   r->base_level = 0;
   r->max_level = 1000; /* GL's initial GL_TEXTURE_MAX_LEVEL */
   r->is_buffer = d->target == MGP_RESOURCE_TARGET_BUFFER;
   r->store_serial = ++scr->store_serial;
   r->texbuf_serial = 0;
   if (d->target == MGP_RESOURCE_TARGET_TEX_BUFFER) {
      make_buffer_texture(scr, r);
      return;
   }
   if (r->is_buffer) {
      if (d->size > (uint64_t)INT32_MAX) {
         MGU_DECLINE(backend_format_unsupported, "gles: a buffer of %llu bytes",
                     (unsigned long long)d->size);
         r->unsupported = true;
         return;
      }
      /* The target a store is made through is what the host's driver takes it for. Mesa
       * (llvmpipe) orders a write (glBufferSubData, a map) after the queued draws that read the
       * buffer only for a store made as a storage, uniform, texture or pixel buffer: a storage
       * block a fragment stage reads, written between two draws, gave the first draw the
       * second's bytes (arb_shader_storage_buffer_object-rendering). That order costs each
       * write a search of the queued work (~240 instructions a glBufferSubData), which a
       * vertex or index buffer does not need: its draw reads it when queued; nor does a
       * uniform buffer, whose bytes llvmpipe copies into the queued draw (ubo_subdata_pass
       * passes with it unordered). So a buffer that may be a vertex or index buffer is made
       * as a vertex buffer and made again as an ordered one at its first use as a storage or
       * texture buffer or a read's destination (glb_buffer_ordered); any other is made
       * ordered now. */
      r->ordered = !(d->bind_mask & (MGP_BIND_VERTEX | MGP_BIND_INDEX));
      const GLenum target = r->ordered ? ordered_target(scr) : GL_ARRAY_BUFFER;
      GLB_GL(h)->glGenBuffers(1, &r->name);
      GLB_GL(h)->glBindBuffer(target, r->name);
      GLB_GL(h)->glBufferData(target, (GLsizeiptr)d->size, NULL, buffer_usage(d->usage));
      /* zero_storage writes the new store through GL_COPY_WRITE_BUFFER */
      GLB_GL(h)->glBindBuffer(GL_COPY_WRITE_BUFFER, r->name);
      return;
   }
   r->fmt = glb_format_get(scr, d->format);
   const bool rb = d->target == MGP_RESOURCE_TARGET_RENDERBUFFER;
   r->tex_target = rb ? 0 : glb_texture_target(d->target);
   const bool cube =
      r->tex_target == GL_TEXTURE_CUBE_MAP || r->tex_target == GL_TEXTURE_CUBE_MAP_ARRAY;
   const uint32_t max_2d = (uint32_t)(cube ? scr->max_cube_size : scr->max_texture_size);
   const uint32_t max_wh = r->tex_target == GL_TEXTURE_3D ? (uint32_t)scr->max_3d_texture_size
                           : rb                           ? (uint32_t)scr->max_renderbuffer_size
                                                          : max_2d;
   /* a cube map array's layers are its layer-faces (six a cube) */
   const bool arrayed = r->tex_target == GL_TEXTURE_2D_ARRAY ||
                        r->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY ||
                        r->tex_target == GL_TEXTURE_CUBE_MAP_ARRAY;
   r->layers = r->tex_target == GL_TEXTURE_3D ? (d->depth ? d->depth : 1)
               : r->tex_target == GL_TEXTURE_CUBE_MAP_ARRAY
                  ? (d->array_layers > 6 ? d->array_layers : 6)
               : arrayed ? (d->array_layers ? d->array_layers : 1)
               : cube    ? 6
                         : 1;
   const uint32_t max_layers = r->tex_target == GL_TEXTURE_3D ? (uint32_t)scr->max_3d_texture_size
                               : arrayed                      ? (uint32_t)scr->max_array_layers
                                                              : r->layers;
   /* a multisampled texture: GLES 3.1's, arrays with 3.2 or the OES extension */
   const bool ms_tex = r->tex_target == GL_TEXTURE_2D_MULTISAMPLE ||
                       r->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
   const GLint ms_max = !r->fmt || !ms_tex      ? 0
                        : r->fmt->depth_stencil ? scr->max_depth_texture_samples
                        : r->fmt->integer       ? scr->max_integer_texture_samples
                        : r->tex_target == GL_TEXTURE_2D_MULTISAMPLE || scr->ms_array_textures
                           ? scr->max_color_texture_samples
                           : 0;
   if (ms_tex && r->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY && !scr->ms_array_textures) {
      MGU_DECLINE(backend_format_unsupported,
                  "gles: a multisampled array texture (the host has neither GLES 3.2 nor "
                  "OES_texture_storage_multisample_2d_array)");
      r->unsupported = true;
      return;
   }
   if (!r->fmt || (!r->tex_target && !rb) || (d->samples > 1 && !rb && !ms_tex) ||
       (ms_tex && (GLint)d->samples > ms_max) || d->samples > (uint32_t)scr->max_samples ||
       !d->width || !d->height || d->width > max_wh || d->height > max_wh ||
       r->layers > max_layers || (cube && d->width != d->height) || (cube && r->layers % 6) ||
       (r->tex_target == GL_TEXTURE_CUBE_MAP_ARRAY && !scr->cube_map_array) ||
       (r->tex_target == GL_TEXTURE_3D && r->fmt->depth_stencil)) {
      MGU_DECLINE(backend_format_unsupported,
                  "gles: %s target %u, %u samples, %ux%ux%u (no such host texture: BGRA8 and "
                  "16-bit normalized formats are not in GLES, cube array textures before GLES "
                  "3.2 or EXT_texture_cube_map_array, multisampled textures before GLES 3.1 or "
                  "past the host's sample counts)",
                  mgp_format_name(d->format), d->target, d->samples, d->width, d->height,
                  r->layers);
      r->unsupported = true;
      return;
   }
   /* An RGB format kept as RGBA (no_alpha) is its RGB twin on the host: alpha reads 1 and
    * writes to it are dropped, as GL says; it reads back as RGBA like the others, and uploads
    * drop the client's alpha. Only RGB8 of the twins is colour-renderable in GLES, and RGB16F
    * where the host has EXT_color_buffer_half_float (with the sample counts it lists). A
    * format whose twin does not render but whose RGBA format does (RGB32F: no GLES extension
    * renders it; SRGB8) is the RGBA format with alpha kept at 1 (alpha_kept), since the caps
    * call the format colour-renderable and every texture may become an attachment.
    * GL_RGB16_SNORM has no twin: EXT_texture_norm16's GL_RGB16_SNORM_EXT renders under no
    * extension, so it could be neither cleared to (0, 0, 0, 1) through a framebuffer nor read
    * back (glReadPixels reads renderable images; its 6-byte texels have no read twin). It is
    * RGBA16_SNORM with alpha kept at 1 where the host renders that (EXT_render_snorm). */
   const bool no_alpha = d->no_alpha && mgp_format_desc(d->format)->bits[3];
   GLenum internal = r->fmt->internal;
   if (no_alpha) {
      internal = glb_format_rgb_twin(d->format, &r->rgb_format);
      const bool rgb16f_rb = internal == GL_RGB16F && scr->ext_color_rgb16f &&
                             (d->samples <= 1 || (GLint)d->samples <= scr->rgb16f_max_samples);
      const bool twin_renders = internal == GL_RGB8 || rgb16f_rb;
      const bool snorm16 = d->format == MGP_FORMAT_RGBA16_SNORM;
      if ((internal && !twin_renders && glb_format_renderable(scr, r->fmt)) ||
          (snorm16 && scr->ext_render_snorm)) {
         internal = r->fmt->internal;
         r->alpha_kept = true;
      } else if (snorm16) {
         MGU_DECLINE(backend_format_unsupported,
                     "gles: GL_RGB16_SNORM (RGB kept as RGBA16_SNORM): the host's "
                     "GL_RGB16_SNORM_EXT is not colour-renderable, nor is its "
                     "GL_RGBA16_SNORM_EXT without EXT_render_snorm");
         r->unsupported = true;
         return;
      } else if (!internal || (rb && !twin_renders)) {
         MGU_DECLINE(backend_format_unsupported,
                     "gles: a format without alpha (RGB kept as %s) the host has no RGB twin of",
                     mgp_format_name(d->format));
         r->unsupported = true;
         return;
      } else {
         r->alpha_one = true;
      }
   }
   if (rb) {
      GLB_GL(h)->glGenRenderbuffers(1, &r->name);
      GLB_GL(h)->glBindRenderbuffer(GL_RENDERBUFFER, r->name);
      if (d->samples > 1)
         GLB_GL(h)->glRenderbufferStorageMultisample(GL_RENDERBUFFER, (GLsizei)d->samples, internal,
                                                     (GLsizei)d->width, (GLsizei)d->height);
      else
         GLB_GL(h)->glRenderbufferStorage(GL_RENDERBUFFER, internal, (GLsizei)d->width,
                                          (GLsizei)d->height);
      return;
   }
   if (ms_tex) {
      const GLsizei n = (GLsizei)(d->samples > 1 ? d->samples : 1);
      GLB_GL(h)->glGenTextures(1, &r->name);
      GLB_GL(h)->glBindTexture(r->tex_target, r->name);
      if (r->tex_target == GL_TEXTURE_2D_MULTISAMPLE)
         GLB_GL(h)->glTexStorage2DMultisample(r->tex_target, n, internal, (GLsizei)d->width,
                                              (GLsizei)d->height, GL_TRUE);
      else if (scr->es_minor >= 2 && h->glTexStorage3DMultisample)
         GLB_GL(h)->glTexStorage3DMultisample(r->tex_target, n, internal, (GLsizei)d->width,
                                              (GLsizei)d->height, (GLsizei)r->layers, GL_TRUE);
      else
         GLB_GL(h)->glTexStorage3DMultisampleOES(r->tex_target, n, internal, (GLsizei)d->width,
                                                 (GLsizei)d->height, (GLsizei)r->layers, GL_TRUE);
      r->levels = 1;
      return;
   }
   uint32_t levels = d->levels ? d->levels : 1, max_levels = 1;
   uint32_t biggest = d->width > d->height ? d->width : d->height;
   if (r->tex_target == GL_TEXTURE_3D && r->layers > biggest)
      biggest = r->layers;
   for (uint32_t m = biggest; m > 1; m >>= 1)
      max_levels++;
   if (levels > max_levels)
      levels = max_levels;
   GLB_GL(h)->glGenTextures(1, &r->name);
   GLB_GL(h)->glBindTexture(r->tex_target, r->name);
   if (glb_texture_3d_shaped(r->tex_target))
      GLB_GL(h)->glTexStorage3D(r->tex_target, (GLsizei)levels, internal, (GLsizei)d->width,
                                (GLsizei)d->height, (GLsizei)r->layers);
   else
      GLB_GL(h)->glTexStorage2D(r->tex_target, (GLsizei)levels, internal, (GLsizei)d->width,
                                (GLsizei)d->height);
   r->levels = levels;
   r->internal = internal;
}

GLenum
glb_texture_target(unsigned t)
{
   switch (t) {
   /* a rectangle texture is a 2D image (the client's SPIR-V samples it as 2D); GLES has no 1D
    * textures: a 1D texture is a 2D one texel high (the client's height 1) and a 1D array a 2D
    * array of such layers (its array_layers), which glb_shader.c's SPIR-V samples as 2D
    * (spv_lower_1d); uploads, reads, copies and attachments take them with y 0 */
   case MGP_RESOURCE_TARGET_TEX_1D:
   case MGP_RESOURCE_TARGET_TEX_2D:
   case MGP_RESOURCE_TARGET_TEX_RECT: return GL_TEXTURE_2D;
   case MGP_RESOURCE_TARGET_TEX_3D: return GL_TEXTURE_3D;
   case MGP_RESOURCE_TARGET_TEX_1D_ARRAY:
   case MGP_RESOURCE_TARGET_TEX_2D_ARRAY: return GL_TEXTURE_2D_ARRAY;
   case MGP_RESOURCE_TARGET_TEX_CUBE: return GL_TEXTURE_CUBE_MAP;
   case MGP_RESOURCE_TARGET_TEX_BUFFER: return GL_TEXTURE_BUFFER; /* make_buffer_texture */
   case MGP_RESOURCE_TARGET_TEX_2D_MS: return GL_TEXTURE_2D_MULTISAMPLE;
   case MGP_RESOURCE_TARGET_TEX_2D_MS_ARRAY: return GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
   /* GLES 3.2's, EXT_texture_cube_map_array's on 3.1 (make_storage declines it without) */
   case MGP_RESOURCE_TARGET_TEX_CUBE_ARRAY: return GL_TEXTURE_CUBE_MAP_ARRAY;
   default: return 0;
   }
}

bool
glb_texture_3d_shaped(GLenum tex_target)
{
   return tex_target == GL_TEXTURE_3D || tex_target == GL_TEXTURE_2D_ARRAY ||
          tex_target == GL_TEXTURE_CUBE_MAP_ARRAY;
}

/* ---- a new store starts zeroed ------------------------------------------------------------ */

/* GLES leaves a new store's contents undefined, and host drivers hand out memory freed earlier
 * in the process: on a shared server (mgl-server --listen), another session's pixels. So every
 * new buffer, texture and renderbuffer is zeroed before anything can read it, as the Vulkan
 * backend does (docs/RELIABILITY.md). 256 KiB holds a row of the widest texture (16384 RGBA8
 * texels is 64 KiB). */
static const uint8_t zeros[256 * 1024];

static void
zero_buffer(const struct glb_host *h, uint64_t size)
{
   for (uint64_t off = 0; off < size; off += sizeof(zeros)) {
      const uint64_t n = size - off < sizeof(zeros) ? size - off : sizeof(zeros);
      GLB_GL(h)->glBufferSubData(GL_COPY_WRITE_BUFFER, (GLintptr)off, (GLsizeiptr)n, zeros);
   }
}

/* Through a framebuffer of its own, with nothing masked or scissored (the next draw or clear
 * puts the context's own state back: the caller sets scr->bound to NULL). */
/* Attaches r (a renderbuffer or a multisampled texture's layer) at point `at` of the bound
 * draw framebuffer. */
static void
attach_whole(const struct glb_host *h, struct glb_resource *r, GLenum at, uint32_t layer)
{
   if (r->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
      GLB_GL(h)->glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, at, r->name, 0, (GLint)layer);
   else if (r->tex_target == GL_TEXTURE_2D_MULTISAMPLE)
      GLB_GL(h)->glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, at, GL_TEXTURE_2D_MULTISAMPLE, r->name,
                                        0);
   else
      GLB_GL(h)->glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, at, GL_RENDERBUFFER, r->name);
}

static void zero_layer(const struct glb_host *h, struct glb_resource *r, uint32_t layer);

/* A renderbuffer or a multisampled texture (no texel uploads into those): every layer
 * cleared. */
static void
zero_renderbuffer(const struct glb_host *h, struct glb_resource *r)
{
   const uint32_t layers = r->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY ? r->layers : 1;
   for (uint32_t l = 0; l < layers; l++)
      zero_layer(h, r, l);
}

static void
zero_layer(const struct glb_host *h, struct glb_resource *r, uint32_t layer)
{
   GLuint fbo = 0;
   GLB_GL(h)->glGenFramebuffers(1, &fbo);
   GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   GLB_GL(h)->glDisable(GL_SCISSOR_TEST);
   GLB_GL(h)->glDisable(GL_RASTERIZER_DISCARD);
   if (r->fmt->depth_stencil) {
      /* a depth-only format on the depth-stencil point makes the framebuffer incomplete, and
       * so does a stencil-only one */
      const GLenum at = glb_attachment_of(r);
      attach_whole(h, r, at, layer);
      GLB_GL(h)->glDepthMask(GL_TRUE);
      GLB_GL(h)->glStencilMask(0xff);
      static const GLfloat zero = 0.0f;
      static const GLint zero_i = 0;
      if (at == GL_DEPTH_STENCIL_ATTACHMENT)
         GLB_GL(h)->glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.0f, 0);
      else if (at == GL_STENCIL_ATTACHMENT)
         GLB_GL(h)->glClearBufferiv(GL_STENCIL, 0, &zero_i);
      else
         GLB_GL(h)->glClearBufferfv(GL_DEPTH, 0, &zero);
   } else {
      static const GLfloat black[4] = {0, 0, 0, 0};
      const GLenum buf = GL_COLOR_ATTACHMENT0;
      attach_whole(h, r, GL_COLOR_ATTACHMENT0, layer);
      GLB_GL(h)->glDrawBuffers(1, &buf);
      GLB_GL(h)->glColorMaski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
      GLB_GL(h)->glClearBufferfv(GL_COLOR, 0, black);
   }
   GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   GLB_GL(h)->glDeleteFramebuffers(1, &fbo);
}

static void zero_storage(struct glb_screen *scr, struct glb_resource *r);
static bool out_of_memory(struct glb_screen *scr, struct glb_resource *r);

/* The bytes r's storage holds on the host, as the budget counts them: a buffer's size, or
 * every level of every layer at the format's texel size and sample count. Each term is within
 * the caps the client was given, but a hostile desc is checked anyway: no wrap. */
static uint64_t
storage_bytes(const struct mgp_resource_desc *d)
{
   if (d->target == MGP_RESOURCE_TARGET_BUFFER)
      return d->size;
   if (d->target == MGP_RESOURCE_TARGET_TEX_BUFFER)
      return 0; /* its buffer's store is counted */
   const uint64_t ts = mgp_format_desc(d->format)->bytes ? mgp_format_desc(d->format)->bytes : 16;
   const uint64_t samples = d->samples > 1 ? d->samples : 1;
   const bool is_3d = d->target == MGP_RESOURCE_TARGET_TEX_3D;
   const uint64_t layers = d->target == MGP_RESOURCE_TARGET_TEX_CUBE ? 6
                           : d->array_layers > 1 && !is_3d           ? d->array_layers
                                                                     : 1;
   uint64_t w = d->width ? d->width : 1, h = d->height ? d->height : 1,
            z = is_3d && d->depth ? d->depth : 1, total = 0;
   const uint32_t levels = d->levels ? d->levels : 1;
   for (uint32_t l = 0; l < levels && l < 32; l++) {
      uint64_t level = w * h; /* each < 2^32: no wrap */
      if (!mgu_mul_u64(level, z, &level) || !mgu_mul_u64(level, layers * samples * ts, &level) ||
          !mgu_add_u64(total, level, &total))
         return UINT64_MAX;
      if (w == 1 && h == 1 && z == 1)
         break;
      w = w > 1 ? w / 2 : 1;
      h = h > 1 ? h / 2 : 1;
      z = z > 1 ? z / 2 : 1;
   }
   return total;
}

/* The session's memory budget (MGL_SERVER_SESSION_MEMORY), as the Vulkan backend keeps it:
 * past it the store is not made, the GL call reports GL_OUT_OF_MEMORY and the session goes on;
 * the log names the cap once. */
static bool
over_budget(struct glb_screen *scr, struct glb_resource *r, uint64_t bytes)
{
   if (!scr->mem_budget || (bytes <= scr->mem_budget && scr->mem_in_use <= scr->mem_budget - bytes))
      return false;
   if (!scr->stats.resource_cap_refusals++)
      mgu_warn("gles: %s memory: %llu bytes more than the session's %llu "
               "(MGL_SERVER_SESSION_MEMORY), %llu in use: GL_OUT_OF_MEMORY",
               r->desc.target == MGP_RESOURCE_TARGET_BUFFER ? "buffer" : "image",
               (unsigned long long)bytes, (unsigned long long)scr->mem_budget,
               (unsigned long long)scr->mem_in_use);
   r->unsupported = true;
   struct mgp_event ev = {.kind = MGP_EVENT_OUT_OF_MEMORY,
                          .slot = r->base.h.slot,
                          .gen = r->base.h.gen,
                          .value = bytes};
   if (scr->env.event)
      scr->env.event(scr->env.session, &ev);
   return true;
}

/* make_storage within the session's budget, then zeroed (or GL_OUT_OF_MEMORY). */
static void
make_counted_storage(struct glb_screen *scr, struct glb_resource *r)
{
   const uint64_t bytes = storage_bytes(&r->desc);
   if (over_budget(scr, r, bytes))
      return;
   while (GLB_GL(scr->h)->glGetError() != GL_NO_ERROR)
      ;
   make_storage(scr, r);
   if (out_of_memory(scr, r) || !r->name)
      return;
   r->mem_bytes = bytes;
   scr->mem_in_use += bytes;
   zero_storage(scr, r);
}

static bool
out_of_memory(struct glb_screen *scr, struct glb_resource *r)
{
   if (GLB_GL(scr->h)->glGetError() != GL_OUT_OF_MEMORY)
      return false;
   delete_storage(scr, r);
   r->unsupported = true;
   struct mgp_event ev = {
      .kind = MGP_EVENT_OUT_OF_MEMORY, .slot = r->base.h.slot, .gen = r->base.h.gen};
   if (scr->env.event)
      scr->env.event(scr->env.session, &ev);
   return true;
}

void
glb_resource_create(void *self, const struct mgp_resource_desc *args, const void *tail,
                    uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   if (!glb_make_current(scr))
      return;
   struct glb_resource *r = calloc(1, sizeof(*r));
   if (!r) {
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "resource_create");
      return;
   }
   r->base.h = args->res;
   r->desc = *args;
   if (!glb_table_put(scr, &scr->resources, &r->base, "resource_create")) {
      free(r);
      return;
   }
   if (!mgp_handle_is_null(args->view_of)) {
      /* no MGP_CAP_TEXTURE_VIEW here: a view record is a client's that ignored the caps */
      r->unsupported = true;
      MGU_DECLINE(texture_view_refused, "texture view {%u,%u}: the GLES backend makes none",
                  args->res.slot, args->res.gen);
      return;
   }
   make_counted_storage(scr, r);
   scr->bound = NULL; /* the binds above changed host state a context may rely on */
}

void
glb_resource_respecify(void *self, const struct mgp_resource_desc *args, const void *tail,
                       uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   struct glb_resource *r = glb_lookup(scr, &scr->resources, args->res, "resource_respecify");
   if (!r || !glb_make_current(scr))
      return;
   delete_storage(scr, r);
   r->desc = *args;
   make_counted_storage(scr, r);
   scr->bound = NULL; /* attachments and bindings of the old name are gone */
}

void
glb_resource_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                     uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_screen *scr = self;
   struct glb_resource *r = glb_lookup(scr, &scr->resources, args->h, "resource_destroy");
   if (!r || !glb_make_current(scr))
      return;
   glb_table_remove(&scr->resources, &r->base);
   delete_storage(scr, r);
   free(r);
   scr->bound = NULL;
}

bool
glb_buffer_order_store(struct glb_screen *scr, struct glb_resource *r)
{
   const struct glb_host *h = scr->h;
   const GLenum target = ordered_target(scr);
   const GLsizeiptr size = (GLsizeiptr)r->desc.size; /* within INT32_MAX: make_storage */
   const GLenum usage = buffer_usage(r->desc.usage);
   while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
      ;
   /* the bytes kept in a buffer of the host's for the while (at most one at a time) */
   GLuint keep = 0;
   GLB_GL(h)->glGenBuffers(1, &keep);
   GLB_GL(h)->glBindBuffer(GL_COPY_WRITE_BUFFER, keep);
   GLB_GL(h)->glBufferData(GL_COPY_WRITE_BUFFER, size, NULL, GL_STREAM_COPY);
   scr->sh.known &= ~(uint32_t)GLB_SH_COPY_WRITE; /* in a draw: the rest of the shadow stays */
   if (GLB_GL(h)->glGetError() != GL_NO_ERROR) {
      GLB_GL(h)->glDeleteBuffers(1, &keep);
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a buffer's store made again as one whose writes the host orders after "
                  "its queued reads: no host memory for its bytes meanwhile (kept as it was)");
      return true;
   }
   GLB_GL(h)->glBindBuffer(GL_COPY_READ_BUFFER, r->name);
   GLB_GL(h)->glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, size);
   /* a store of size 0 first: a host that would keep the present one for a glBufferData of
    * its size (Mesa with PIPE_CAP_INVALIDATE_BUFFER) makes the next one anew */
   GLB_GL(h)->glBindBuffer(target, r->name);
   GLB_GL(h)->glBufferData(target, 0, NULL, usage);
   GLB_GL(h)->glBufferData(target, size, NULL, usage);
   GLB_GL(h)->glCopyBufferSubData(GL_COPY_WRITE_BUFFER, target, 0, 0, size);
   GLB_GL(h)->glDeleteBuffers(1, &keep);
   if (out_of_memory(scr, r))
      return false;
   r->ordered = true;
   return true;
}

__attribute__((noinline, cold)) void
glb_resource_declined(const char *call)
{
   MGU_DECLINE(backend_format_unsupported, "gles: %s of a resource the backend declined", call);
}

/* ---- uploads and buffer read-back --------------------------------------------------------- */

/* The span's bytes [off, off + len) exist: checked without wrap. */
static bool
span_has(const struct mgp_span *s, uint64_t off, uint64_t len)
{
   return s->ptr && off <= s->size && len <= s->size - off;
}

/* One region's texels into the bound host texture: 3D and array textures take it whole, a cube
 * one face (z) at a time. */
static void
upload(const struct glb_host *h, const struct glb_resource *r, uint32_t level,
       const struct mgp_sub_region *g, const uint8_t *src, uint64_t slice, GLenum format,
       GLenum type)
{
   if (glb_texture_3d_shaped(r->tex_target)) {
      GLB_GL(h)->glTexSubImage3D(r->tex_target, (GLint)level, g->x, g->y, g->z, (GLsizei)g->width,
                                 (GLsizei)g->height, (GLsizei)g->depth, format, type, src);
      return;
   }
   for (uint32_t k = 0; k < g->depth; k++) {
      const GLenum face = r->tex_target == GL_TEXTURE_CUBE_MAP
                             ? GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)g->z + k
                             : GL_TEXTURE_2D;
      GLB_GL(h)->glTexSubImage2D(face, (GLint)level, g->x, g->y, (GLsizei)g->width,
                                 (GLsizei)g->height, format, type, src + slice * k);
   }
}

/* A region of RGBA texels into a texture kept as its RGB twin (no_alpha): the client's alpha
 * is dropped row by row into a scratch copy, since GLES takes only RGB texels into an RGB
 * texture. */
/* Every level and layer, in bands of rows that fit the zero block, through the same upload
 * shapes resource_subdata uses (an RGB twin takes its RGB format: zeros are zeros in any
 * layout). */
static void
zero_texture(const struct glb_host *h, struct glb_resource *r)
{
   const GLenum format = r->alpha_one ? r->rgb_format : r->fmt->format;
   if (!format)
      return;
   GLB_GL(h)->glBindTexture(r->tex_target, r->name);
   GLB_GL(h)->glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   GLB_GL(h)->glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   GLB_GL(h)->glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   for (uint32_t l = 0; l < r->levels && l < 32; l++) {
      const uint32_t lw = r->desc.width >> l ? r->desc.width >> l : 1;
      const uint32_t lh = r->desc.height >> l ? r->desc.height >> l : 1;
      const uint32_t ld =
         r->tex_target == GL_TEXTURE_3D ? (r->layers >> l ? r->layers >> l : 1) : r->layers;
      const uint64_t row = (uint64_t)lw * r->fmt->bytes;
      if (!row || row > sizeof(zeros))
         continue;
      const uint32_t band = (uint32_t)(sizeof(zeros) / row);
      for (uint32_t z = 0; z < ld; z++)
         for (uint32_t y = 0; y < lh; y += band) {
            const struct mgp_sub_region g = {.x = 0,
                                             .y = (int32_t)y,
                                             .z = (int32_t)z,
                                             .width = lw,
                                             .height = lh - y < band ? lh - y : band,
                                             .depth = 1};
            upload(h, r, l, &g, zeros, 0, format, r->fmt->type);
         }
   }
}

void
glb_clear_alpha_one(const struct glb_host *h, const struct glb_resource *r)
{
   static const GLfloat f[4] = {0, 0, 0, 1};
   static const GLint i[4] = {0, 0, 0, 1};
   static const GLuint u[4] = {0, 0, 0, 1};
   const GLenum t = r->fmt->type;
   if (!r->fmt->integer)
      GLB_GL(h)->glClearBufferfv(GL_COLOR, 0, f);
   else if (t == GL_BYTE || t == GL_SHORT || t == GL_INT)
      GLB_GL(h)->glClearBufferiv(GL_COLOR, 0, i);
   else
      GLB_GL(h)->glClearBufferuiv(GL_COLOR, 0, u);
}

/* Every level and layer of an alpha_kept r cleared to (0, 0, 0, 1) through a framebuffer of
 * its own (the caller sets scr->bound to NULL, as for zero_layer). */
static void
fill_alpha_one(const struct glb_host *h, struct glb_resource *r)
{
   const GLenum buf = GL_COLOR_ATTACHMENT0;
   GLuint fbo = 0;
   GLB_GL(h)->glGenFramebuffers(1, &fbo);
   GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   GLB_GL(h)->glDisable(GL_SCISSOR_TEST);
   GLB_GL(h)->glDisable(GL_RASTERIZER_DISCARD);
   GLB_GL(h)->glDrawBuffers(1, &buf);
   GLB_GL(h)->glColorMaski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   const bool rb = r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER;
   for (uint32_t l = 0; l < (rb ? 1 : r->levels) && l < 32; l++) {
      const uint32_t ld =
         r->tex_target == GL_TEXTURE_3D ? (r->layers >> l ? r->layers >> l : 1) : r->layers;
      for (uint32_t z = 0; z < (rb ? 1 : ld); z++) {
         if (rb || r->tex_target == GL_TEXTURE_2D_MULTISAMPLE ||
             r->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
            attach_whole(h, r, buf, z);
         else if (r->tex_target == GL_TEXTURE_CUBE_MAP)
            GLB_GL(h)->glFramebufferTexture2D(
               GL_DRAW_FRAMEBUFFER, buf, GL_TEXTURE_CUBE_MAP_POSITIVE_X + z, r->name, (GLint)l);
         else if (r->tex_target == GL_TEXTURE_2D)
            GLB_GL(h)->glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, buf, GL_TEXTURE_2D, r->name,
                                              (GLint)l);
         else
            GLB_GL(h)->glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, buf, r->name, (GLint)l,
                                                 (GLint)z);
         glb_clear_alpha_one(h, r);
      }
   }
   GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   GLB_GL(h)->glDeleteFramebuffers(1, &fbo);
}

static void
zero_storage(struct glb_screen *scr, struct glb_resource *r)
{
   if (r->unsupported || !r->name)
      return;
   if (r->tex_target == GL_TEXTURE_BUFFER)
      return; /* no store of its own */
   if (r->is_buffer)
      zero_buffer(scr->h, r->desc.size);
   else if (r->alpha_kept)
      fill_alpha_one(scr->h, r);
   else if (r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER ||
            r->tex_target == GL_TEXTURE_2D_MULTISAMPLE ||
            r->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
      zero_renderbuffer(scr->h, r);
   else
      zero_texture(scr->h, r);
   scr->stats.stores_zeroed++;
}

static void
upload_dropping_alpha(struct glb_context *ctx, const struct glb_resource *r, uint32_t level,
                      const struct mgp_sub_region *g, uint64_t row, uint64_t slice,
                      const uint8_t *src)
{
   const struct glb_host *h = ctx->scr->h;
   const uint32_t in_px = r->fmt->bytes, out_px = in_px / 4 * 3;
   const uint64_t out_row = (uint64_t)g->width * out_px, out_slice = out_row * g->height;
   uint8_t *rgb = out_slice <= SIZE_MAX / g->depth ? malloc(out_slice * g->depth) : NULL;
   if (!rgb) {
      glb_fatal(ctx->scr, MGU_FATAL_OutOfMemory, "resource_subdata: an RGB copy");
      return;
   }
   for (uint32_t z = 0; z < g->depth; z++)
      for (uint32_t y = 0; y < g->height; y++) {
         const uint8_t *in = src + slice * z + row * y;
         uint8_t *out = rgb + out_slice * z + out_row * y;
         for (uint32_t x = 0; x < g->width; x++)
            memcpy(out + (size_t)out_px * x, in + (size_t)in_px * x, out_px);
      }
   GLB_GL(h)->glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   GLB_GL(h)->glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   upload(h, r, level, g, rgb, out_slice, r->rgb_format, r->fmt->type);
   free(rgb);
}

/* A region of RGBA texels into an alpha_kept texture: copied with every texel's alpha 1 (a
 * float's, a half float's 0x3c00, sRGB8's 0xff, RGBA16's 0xffff, RGBA16_SNORM's 0x7fff or an
 * integer's 1: the formats
 * whose twin GLES does not render and whose RGBA form it does), since its host format keeps the
 * alpha GL does not. */
static void
upload_alpha_one(struct glb_context *ctx, const struct glb_resource *r, uint32_t level,
                 const struct mgp_sub_region *g, uint64_t row, uint64_t slice, const uint8_t *src)
{
   const struct glb_host *h = ctx->scr->h;
   const uint32_t px = r->fmt->bytes;
   const uint64_t out_row = (uint64_t)g->width * px, out_slice = out_row * g->height;
   uint8_t *rgba = out_slice <= SIZE_MAX / g->depth ? malloc(out_slice * g->depth) : NULL;
   if (!rgba) {
      glb_fatal(ctx->scr, MGU_FATAL_OutOfMemory, "resource_subdata: an RGBA copy");
      return;
   }
   static const float one = 1.0f;
   static const uint16_t half_one = 0x3c00, u16_one = 1, unorm16_one = 0xffff, snorm16_one = 0x7fff;
   static const uint8_t unorm_one = 0xff, u8_one = 1;
   static const uint32_t u32_one = 1;
   const void *alpha = r->fmt->integer                     ? (px == 16  ? (const void *)&u32_one
                                                              : px == 8 ? (const void *)&u16_one
                                                                        : (const void *)&u8_one)
                       : px == 16                          ? (const void *)&one
                       : r->fmt->type == GL_UNSIGNED_SHORT ? (const void *)&unorm16_one
                       : r->fmt->type == GL_SHORT          ? (const void *)&snorm16_one
                       : px == 8                           ? (const void *)&half_one
                                                           : (const void *)&unorm_one;
   const uint32_t a_bytes = px / 4;
   for (uint32_t z = 0; z < g->depth; z++)
      for (uint32_t y = 0; y < g->height; y++) {
         uint8_t *out = rgba + out_slice * z + out_row * y;
         memcpy(out, src + slice * z + row * y, out_row);
         for (uint32_t x = 0; x < g->width; x++)
            memcpy(out + (size_t)px * x + px - a_bytes, alpha, a_bytes);
      }
   GLB_GL(h)->glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   GLB_GL(h)->glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   upload(h, r, level, g, rgba, out_slice, r->fmt->format, r->fmt->type);
   free(rgba);
}

/* A region of X8_D24 texels into a DEPTH_COMPONENT24 texture: MGPipe keeps the depth in the
 * low 24 bits, GLES's GL_UNSIGNED_INT is it normalized to 32 bits, so each is widened by
 * repeating its top bits (v << 8 | v >> 16), which the host's 24 bits take back exactly. */
static void
upload_depth24(struct glb_context *ctx, const struct glb_resource *r, uint32_t level,
               const struct mgp_sub_region *g, uint64_t row, uint64_t slice, const uint8_t *src)
{
   const struct glb_host *h = ctx->scr->h;
   const uint64_t out_row = (uint64_t)g->width * 4, out_slice = out_row * g->height;
   uint8_t *d32 = out_slice <= SIZE_MAX / g->depth ? malloc(out_slice * g->depth) : NULL;
   if (!d32) {
      glb_fatal(ctx->scr, MGU_FATAL_OutOfMemory, "resource_subdata: a 32-bit depth copy");
      return;
   }
   for (uint32_t z = 0; z < g->depth; z++)
      for (uint32_t y = 0; y < g->height; y++)
         for (uint32_t x = 0; x < g->width; x++) {
            uint32_t v;
            memcpy(&v, src + slice * z + row * y + 4 * (size_t)x, 4);
            v &= 0xffffff;
            v = v << 8 | v >> 16;
            memcpy(d32 + out_slice * z + out_row * y + 4 * (size_t)x, &v, 4);
         }
   GLB_GL(h)->glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   GLB_GL(h)->glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   upload(h, r, level, g, d32, out_slice, r->fmt->format, r->fmt->type);
   free(d32);
}

static bool subdata_texture(struct glb_context *ctx, const struct glb_resource *r,
                            const struct mgp_resource_subdata *args, const void *tail,
                            uint32_t tail_count);
static void subdata_renderbuffer(struct glb_context *ctx, struct glb_resource *r,
                                 const struct mgp_resource_subdata *args, const void *tail,
                                 uint32_t tail_count);

/* A buffer's resource_subdata range: inside the buffer and the span (the client's bytes). An
 * offset of 0 or more and a 32-bit width cannot wrap their 64-bit sum. */
static inline bool
buffer_range_ok(const struct glb_resource *r, const struct mgp_resource_subdata *args)
{
   const uint64_t len = args->box.width;
   return args->box.x >= 0 && (uint64_t)args->box.x + len <= r->desc.size &&
          span_has(&args->data, 0, len);
}

/* A buffer's resource_subdata (not a buffer texture's): its bytes move no state the shadow
 * holds but GL_COPY_WRITE_BUFFER's binding, which it keeps (below), so a glBufferSubData between
 * draws leaves the next draw the host draw alone. Out of line: the common one is
 * glb_resource_subdata's own. */
static __attribute__((noinline)) void
buffer_subdata(struct glb_context *ctx, struct glb_resource *r,
               const struct mgp_resource_subdata *args)
{
   struct glb_screen *scr = ctx->scr;
   if (!glb_context_bind_keep(ctx))
      return;
   const struct glb_host *h = scr->h;
   if (!buffer_range_ok(r, args)) {
      char detail[128];
      snprintf(detail, sizeof(detail), "resource_subdata: buffer range %d+%u of %llu", args->box.x,
               args->box.width, (unsigned long long)r->desc.size);
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
      return;
   }
   /* the binding kept in the shadow while it is trusted (a draw before, no other entry
    * point since: a buffer's deletion, which unbinds it, forgets the shadow) */
   glb_bind_copy_write(scr, r->name);
   GLB_GL(h)->glBufferSubData(GL_COPY_WRITE_BUFFER, (GLintptr)args->box.x,
                              (GLsizeiptr)args->box.width, args->data.ptr);
}

/* A texture's, a renderbuffer's or a buffer texture's resource_subdata, out of line. */
static __attribute__((noinline)) void
image_subdata(struct glb_context *ctx, struct glb_resource *r,
              const struct mgp_resource_subdata *args, const void *tail, uint32_t tail_count)
{
   /* a level the texture lacks (a renderbuffer has one): refused before any host call, as the
    * Vulkan backend refuses it, instead of a host error that nothing reads */
   const uint32_t levels = r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER ? 1 : r->levels;
   if (!r->is_buffer && r->tex_target != GL_TEXTURE_BUFFER && args->level >= levels) {
      MGU_DECLINE(backend_draw_incomplete, "gles: resource_subdata into level %u of %u",
                  args->level, levels);
      return;
   }
   /* a texture's upload binds it on the active unit and sets the unpack state, and forgets
    * the shadow */
   if (!glb_context_bind(ctx))
      return;
   if (r->tex_target == GL_TEXTURE_BUFFER) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: resource_subdata of a buffer texture (its buffer holds the texels)");
      return;
   }
   if (args->format != r->desc.format || r->fmt->no_upload ||
       (r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER && r->desc.samples > 1)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: resource_subdata of %s texels into a %s resource of target %u",
                  mgp_format_name(args->format), mgp_format_name(r->desc.format), r->desc.target);
      return;
   }
   if (r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER)
      subdata_renderbuffer(ctx, r, args, tail, tail_count);
   else
      subdata_texture(ctx, r, args, tail, tail_count);
}

void
glb_resource_subdata(void *self, const struct mgp_resource_subdata *args, const void *tail,
                     uint32_t tail_count)
{
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   struct glb_resource *r;
   /* the buffer of the last one, while no resource's storage went since (subdata_res) */
   if (glb_handle_bits(args->res) == ctx->subdata_handle && scr->res_epoch == ctx->subdata_epoch) {
      r = ctx->subdata_res;
   } else {
      r = glb_resource_for_use(scr, args->res, "resource_subdata");
      if (!r)
         return;
      if (!r->is_buffer || r->tex_target == GL_TEXTURE_BUFFER) {
         image_subdata(ctx, r, args, tail, tail_count);
         return;
      }
      ctx->subdata_res = r;
      ctx->subdata_handle = glb_handle_bits(args->res);
      ctx->subdata_epoch = scr->res_epoch;
   }
   /* the common one, between draws: the context bound, the range inside, the buffer at
    * GL_COPY_WRITE_BUFFER already (the shadow's), no host trace: the host call alone, a tail
    * call without a frame. Else buffer_subdata. */
   if (!glb_bound_here(ctx) || !buffer_range_ok(r, args) ||
       !glb_shadow_known(scr, GLB_SH_COPY_WRITE) || scr->sh.copy_write != r->name ||
       glb_host_trace) {
      buffer_subdata(ctx, r, args);
      return;
   }
   GLB_GL_UNTRACED(scr->h)->glBufferSubData(GL_COPY_WRITE_BUFFER, (GLintptr)args->box.x,
                                            (GLsizeiptr)args->box.width, args->data.ptr);
}

/* resource_subdata's regions into texture r, each checked against the level and the span;
 * false after a Fatal. */
static bool
subdata_texture(struct glb_context *ctx, const struct glb_resource *r,
                const struct mgp_resource_subdata *args, const void *tail, uint32_t tail_count)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   char detail[128];
   const struct mgp_sub_region *regions = tail;
   const uint32_t level = args->level;
   const uint32_t lw = level < 32 ? r->desc.width >> level : 0;
   const uint32_t lhgt = level < 32 ? r->desc.height >> level : 0;
   const uint32_t w_max = lw ? lw : 1, h_max = lhgt ? lhgt : 1;
   /* a 3D texture's depth shrinks with the level; array layers and cube faces do not */
   const uint32_t ld =
      r->tex_target == GL_TEXTURE_3D && level < 32 ? r->layers >> level : r->layers;
   const uint32_t d_max = ld ? ld : 1;
   const uint64_t bpp = r->fmt->bytes;
   GLB_GL(h)->glBindTexture(r->tex_target, r->name);
   GLB_GL(h)->glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (uint32_t i = 0; i < tail_count; i++) {
      const struct mgp_sub_region *g = &regions[i];
      /* the box inside the level first: then width, height and depth are small, and the
       * strides' products below cannot wrap */
      if (level >= 16 || g->x < 0 || g->y < 0 || g->z < 0 || g->width > w_max ||
          (uint32_t)g->x > w_max - g->width || g->height > h_max ||
          (uint32_t)g->y > h_max - g->height || g->depth > d_max ||
          (uint32_t)g->z > d_max - g->depth) {
         snprintf(detail, sizeof(detail), "resource_subdata: region %u outside level %u", i, level);
         glb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
         return false;
      }
      if (!g->width || !g->height || !g->depth)
         continue;
      const uint64_t row = g->src_row_stride ? g->src_row_stride : g->width * bpp;
      const uint64_t slice = g->src_slice_stride ? g->src_slice_stride : row * g->height;
      const uint64_t last_row = row * (g->height - 1) + g->width * bpp;
      if (row % bpp || row < g->width * bpp || slice < last_row ||
          !span_has(&args->data, g->src_offset, slice * (g->depth - 1) + last_row)) {
         snprintf(detail, sizeof(detail), "resource_subdata: region %u outside the span", i);
         glb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
         return false;
      }
      if (slice % row) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: resource_subdata: a slice stride of %llu bytes, not whole rows",
                     (unsigned long long)slice);
         continue;
      }
      const uint8_t *src = (const uint8_t *)args->data.ptr + g->src_offset;
      if (r->alpha_one) {
         upload_dropping_alpha(ctx, r, level, g, row, slice, src);
         continue;
      }
      if (r->alpha_kept) {
         upload_alpha_one(ctx, r, level, g, row, slice, src);
         continue;
      }
      if (r->desc.format == MGP_FORMAT_X8_D24_UNORM) {
         upload_depth24(ctx, r, level, g, row, slice, src);
         continue;
      }
      GLB_GL(h)->glPixelStorei(GL_UNPACK_ROW_LENGTH, (GLint)(row / bpp));
      GLB_GL(h)->glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, (GLint)(slice / row));
      upload(h, r, level, g, src, slice, r->fmt->format, r->fmt->type);
   }
   GLB_GL(h)->glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   GLB_GL(h)->glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   return true;
}

/* resource_subdata into a single-sampled renderbuffer (what a surface's buffers take when they
 * move to another share group, fe_surface_move.c): GLES uploads into textures only, so the
 * regions go into a scratch 2D texture of the renderbuffer's host format, then each region's
 * rectangle is blitted into the renderbuffer (one format: the host's blit copies it as is). */
static void
subdata_renderbuffer(struct glb_context *ctx, struct glb_resource *r,
                     const struct mgp_resource_subdata *args, const void *tail, uint32_t tail_count)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   GLenum rgb_upload;
   const GLenum internal =
      r->alpha_one ? glb_format_rgb_twin(r->desc.format, &rgb_upload) : r->fmt->internal;
   struct glb_resource tmp = *r;
   tmp.desc.target = MGP_RESOURCE_TARGET_TEX_2D;
   tmp.tex_target = GL_TEXTURE_2D;
   tmp.layers = 1;
   tmp.levels = 1;
   GLB_GL(h)->glGenTextures(1, &tmp.name);
   GLB_GL(h)->glBindTexture(GL_TEXTURE_2D, tmp.name);
   GLB_GL(h)->glTexStorage2D(GL_TEXTURE_2D, 1, internal, (GLsizei)r->desc.width,
                             (GLsizei)r->desc.height);
   GLuint fbo[2] = {0, 0};
   if (subdata_texture(ctx, &tmp, args, tail, tail_count)) {
      const GLenum at = glb_attachment_of(r);
      const struct mgp_format_desc *fd = mgp_format_desc(r->desc.format);
      const GLbitfield bits = !r->fmt->depth_stencil ? GL_COLOR_BUFFER_BIT
                                                     : (fd->bits[4] ? GL_DEPTH_BUFFER_BIT : 0) |
                                                          (fd->bits[5] ? GL_STENCIL_BUFFER_BIT : 0);
      const GLenum color0 = GL_COLOR_ATTACHMENT0, none = GL_NONE;
      GLB_GL(h)->glGenFramebuffers(2, fbo);
      GLB_GL(h)->glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
      GLB_GL(h)->glFramebufferTexture2D(GL_READ_FRAMEBUFFER, at, GL_TEXTURE_2D, tmp.name, 0);
      GLB_GL(h)->glReadBuffer(at == GL_COLOR_ATTACHMENT0 ? GL_COLOR_ATTACHMENT0 : GL_NONE);
      GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
      GLB_GL(h)->glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, at, GL_RENDERBUFFER, r->name);
      GLB_GL(h)->glDrawBuffers(1, at == GL_COLOR_ATTACHMENT0 ? &color0 : &none);
      GLB_GL(h)->glDisable(GL_SCISSOR_TEST);
      GLB_GL(h)->glDisable(GL_RASTERIZER_DISCARD);
      if (scr->ext_srgb_write_control)
         GLB_GL(h)->glEnable(GL_FRAMEBUFFER_SRGB_EXT);
      while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
         ;
      const struct mgp_sub_region *regions = tail;
      for (uint32_t i = 0; i < tail_count; i++) {
         const struct mgp_sub_region *g = &regions[i];
         const GLint x1 = g->x + (GLint)g->width, y1 = g->y + (GLint)g->height;
         GLB_GL(h)->glBlitFramebuffer(g->x, g->y, x1, y1, g->x, g->y, x1, y1, bits, GL_NEAREST);
      }
      const GLenum err = GLB_GL(h)->glGetError();
      if (err != GL_NO_ERROR)
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: resource_subdata into a %s renderbuffer: the host's blit refused "
                     "(0x%x)",
                     mgp_format_name(r->desc.format), err);
      GLB_GL(h)->glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
      GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
      GLB_GL(h)->glDeleteFramebuffers(2, fbo);
   }
   GLB_GL(h)->glDeleteTextures(1, &tmp.name);
   ctx->fb_valid = false; /* the framebuffer bindings changed */
   scr->bound = NULL;     /* and the scissor and discard state */
   glb_shadow_forget(scr);
}

void
glb_resource_readback(void *self, const struct mgp_resource_readback *args, const void *tail,
                      uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   struct glb_resource *r = glb_resource_for_use(scr, args->res, "resource_readback");
   if (!r || !glb_context_bind(ctx))
      return;
   if (!r->is_buffer || args->offset > r->desc.size || args->size > r->desc.size - args->offset ||
       !span_has(&args->out, 0, args->size)) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "resource_readback: range outside the buffer");
      return;
   }
   if (!args->size)
      return;
   const struct glb_host *h = scr->h;
   /* the read sees every write before it (docs/PIPE.md): a shader's stores and atomics too,
    * which a host map is not ordered after without the barrier (llvmpipe maps a buffer a
    * queued draw's storage block writes without waiting for it) */
   if (scr->compute)
      GLB_GL(h)->glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   GLB_GL(h)->glBindBuffer(GL_COPY_READ_BUFFER, r->name);
   const void *p = GLB_GL(h)->glMapBufferRange(GL_COPY_READ_BUFFER, (GLintptr)args->offset,
                                               (GLsizeiptr)args->size, GL_MAP_READ_BIT);
   if (!p) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: resource_readback: the map failed");
      return;
   }
   memcpy(args->out.ptr, p, args->size);
   GLB_GL(h)->glUnmapBuffer(GL_COPY_READ_BUFFER);
}

/* ---- the framebuffer ------------------------------------------------------------------------ */

void
glb_set_framebuffer_state(void *self, const struct mgp_framebuffer_state *args, const void *tail,
                          uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   ctx->fb = *args;
   ctx->fb_valid = false; /* attached again at the next verb */
}

/* Attaches one surface at attachment point `at` of the bound draw framebuffer. */
GLenum
glb_attachment_of(const struct glb_resource *r)
{
   if (!r->fmt || !r->fmt->depth_stencil)
      return GL_COLOR_ATTACHMENT0;
   const struct mgp_format_desc *d = mgp_format_desc(r->desc.format);
   if (d->bits[4] && d->bits[5])
      return GL_DEPTH_STENCIL_ATTACHMENT;
   return d->bits[5] ? GL_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT;
}

/* The host texture that holds level `level` of r as an attachment: r itself where the level
 * lies in its [TEXTURE_BASE_LEVEL, q], else a view of that level alone (its level 0), made
 * once. GLES 3.2 §9.4.1 makes an immutable texture's level outside that range an incomplete
 * attachment (NVIDIA refuses the framebuffer; Mesa draws), while GL's base and max level are
 * sampling state, and a draw may sample the texture through them while it draws into
 * another of its levels (feedback_mip_chain). *view_level: the level to attach. 0: declined. */
static GLuint
attach_name(struct glb_context *ctx, struct glb_resource *r, uint32_t level, GLint *view_level,
            const char *call)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   *view_level = (GLint)level;
   if (r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER ||
       r->tex_target == GL_TEXTURE_2D_MULTISAMPLE ||
       r->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
      return r->name;
   const int64_t q = (int64_t)r->levels - 1 < r->max_level ? (int64_t)r->levels - 1 : r->max_level;
   if ((int64_t)level >= r->base_level && (int64_t)level <= q)
      return r->name;
   if (level >= r->levels || level >= GLB_MAX_LEVELS || !scr->texture_view) {
      MGU_DECLINE(backend_draw_incomplete,
                  "gles: %s: level %u of a texture whose base..max level is %d..%d (%u levels), "
                  "and the host has no texture views to attach it outside them",
                  call, level, r->base_level, r->max_level, r->levels);
      return 0;
   }
   if (!r->level_views[level]) {
      /* a fresh name (never bound) of the texture's target: a cube map's view holds its 6
       * faces, an array's its layers, a 3D one its level's slices (its one "layer"); one the
       * host refuses leaves the framebuffer incomplete, which glb_framebuffer_ready declines */
      GLB_GL(h)->glGenTextures(1, &r->level_views[level]);
      (scr->texture_view_ext ? GLB_GL(h)->glTextureViewEXT : GLB_GL(h)->glTextureViewOES)(
         r->level_views[level], r->tex_target, r->name, r->internal, level, 1, 0,
         r->tex_target == GL_TEXTURE_3D ? 1 : r->layers);
      scr->stats.level_views++;
   }
   *view_level = 0;
   return r->level_views[level];
}

/* NVIDIA's GLES (580) keeps the texture level a point held when a renderbuffer replaces the
 * texture there, and calls the framebuffer INCOMPLETE_ATTACHMENT while the renderbuffer alone
 * is complete (mipmaps: level 3 read, then the window): the point is emptied through a texture
 * call of level 0 first. */
static void
attach_renderbuffer(const struct glb_host *h, GLenum target, GLenum at, GLuint name)
{
   GLB_GL(h)->glFramebufferTexture2D(target, at, GL_TEXTURE_2D, 0, 0);
   GLB_GL(h)->glFramebufferRenderbuffer(target, at, GL_RENDERBUFFER, name);
}

bool
glb_attach(struct glb_context *ctx, GLenum target, GLenum at, const struct mgp_surface *s,
           const char *call)
{
   const struct glb_host *h = ctx->scr->h;
   if (!s->kind) {
      GLB_GL(h)->glFramebufferRenderbuffer(target, at, GL_RENDERBUFFER, 0);
      return true;
   }
   struct glb_resource *r = glb_resource_for_use(ctx->scr, s->res, call);
   if (!r)
      return false;
   const uint32_t layers = r->tex_target == GL_TEXTURE_3D && s->level < 32
                              ? (r->layers >> s->level ? r->layers >> s->level : 1)
                              : r->layers;
   /* a layered attachment: every layer of a 3D, array or cube level (GLES 3.2's
    * glFramebufferTexture, EXT_geometry_shader's on 3.1), where the host has the geometry
    * stage that selects them */
   const bool layered = s->layered && !r->is_buffer && r->tex_target != GL_TEXTURE_2D &&
                        r->tex_target != GL_TEXTURE_BUFFER &&
                        r->desc.target != MGP_RESOURCE_TARGET_RENDERBUFFER;
   if (r->is_buffer || r->tex_target == GL_TEXTURE_BUFFER ||
       (s->layered && (!layered || !ctx->scr->geometry)) || (!s->layered && s->layer >= layers)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: %s: a layered or buffer attachment (layer %u of %u)", call, s->layer,
                  layers);
      return false;
   }
   GLint level = (GLint)s->level;
   const GLuint name = attach_name(ctx, r, s->level, &level, call);
   if (!name)
      return false;
   if (layered && ctx->scr->es_minor >= 2)
      GLB_GL(h)->glFramebufferTexture(target, at, name, level);
   else if (layered)
      GLB_GL(h)->glFramebufferTextureEXT(target, at, name, level);
   else if (r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER)
      attach_renderbuffer(h, target, at, name);
   else if (glb_texture_3d_shaped(r->tex_target) ||
            r->tex_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
      GLB_GL(h)->glFramebufferTextureLayer(target, at, name, level, (GLint)s->layer);
   else if (r->tex_target == GL_TEXTURE_2D_MULTISAMPLE)
      GLB_GL(h)->glFramebufferTexture2D(target, at, GL_TEXTURE_2D_MULTISAMPLE, name, 0);
   else if (r->tex_target == GL_TEXTURE_CUBE_MAP)
      GLB_GL(h)->glFramebufferTexture2D(target, at, GL_TEXTURE_CUBE_MAP_POSITIVE_X + s->layer, name,
                                        level);
   else
      GLB_GL(h)->glFramebufferTexture2D(target, at, GL_TEXTURE_2D, name, level);
   return true;
}

/* A renderbuffer attachment's store, and the status of a framebuffer of its own holding it
 * alone at the same point: whether the image itself or its company is what the host refuses
 * (the read and draw bindings and the renderbuffer binding put back). */
static int
describe_renderbuffer(const struct glb_host *h, GLenum at, GLuint name, char *out, size_t size)
{
   GLint rb = 0, read = 0, w = 0, hgt = 0, internal = 0, samples = 0;
   GLB_GL(h)->glGetIntegerv(GL_RENDERBUFFER_BINDING, &rb);
   GLB_GL(h)->glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read);
   GLB_GL(h)->glBindRenderbuffer(GL_RENDERBUFFER, name);
   GLB_GL(h)->glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &w);
   GLB_GL(h)->glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &hgt);
   GLB_GL(h)->glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT,
                                           &internal);
   GLB_GL(h)->glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
   GLB_GL(h)->glBindRenderbuffer(GL_RENDERBUFFER, (GLuint)rb);
   GLuint fbo = 0;
   GLB_GL(h)->glGenFramebuffers(1, &fbo);
   GLB_GL(h)->glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   GLB_GL(h)->glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, at, GL_RENDERBUFFER, name);
   const GLenum alone = GLB_GL(h)->glCheckFramebufferStatus(GL_READ_FRAMEBUFFER);
   GLB_GL(h)->glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)read);
   GLB_GL(h)->glDeleteFramebuffers(1, &fbo);
   return snprintf(out, size, " (%dx%d 0x%x, %d samples; alone 0x%x)", w, hgt, internal, samples,
                   alone);
}

void
glb_framebuffer_describe(const struct glb_host *h, GLenum target, char *out, size_t size)
{
   static const struct {
      GLenum at;
      const char *name;
   } points[] = {{GL_COLOR_ATTACHMENT0, "colour 0"}, {GL_COLOR_ATTACHMENT1, "colour 1"},
                 {GL_COLOR_ATTACHMENT2, "colour 2"}, {GL_COLOR_ATTACHMENT3, "colour 3"},
                 {GL_DEPTH_ATTACHMENT, "depth"},     {GL_STENCIL_ATTACHMENT, "stencil"}};
   const GLenum status = GLB_GL(h)->glCheckFramebufferStatus(target);
   int n = snprintf(out, size, "status 0x%x", status);
   GLint colours = 4;
   GLB_GL(h)->glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &colours);
   for (size_t i = 0; i < sizeof(points) / sizeof(points[0]) && n >= 0 && (size_t)n < size; i++) {
      if (i < 4 && (GLint)i >= colours)
         continue;
      GLint type = GL_NONE, name = 0, level = 0, layer = 0;
      GLB_GL(h)->glGetFramebufferAttachmentParameteriv(
         target, points[i].at, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
      if (type == GL_NONE)
         continue;
      GLB_GL(h)->glGetFramebufferAttachmentParameteriv(
         target, points[i].at, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &name);
      if (type == GL_TEXTURE) {
         GLB_GL(h)->glGetFramebufferAttachmentParameteriv(
            target, points[i].at, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &level);
         GLB_GL(h)->glGetFramebufferAttachmentParameteriv(
            target, points[i].at, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &layer);
      }
      n += snprintf(out + n, size - (size_t)n, "; %s: %s %d level %d layer %d", points[i].name,
                    type == GL_TEXTURE ? "texture" : "renderbuffer", name, level, layer);
      if (type == GL_RENDERBUFFER && n >= 0 && (size_t)n < size)
         n += describe_renderbuffer(h, points[i].at, (GLuint)name, out + n, size - (size_t)n);
   }
   while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
      ;
}

bool
glb_framebuffer_ready(struct glb_context *ctx, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   const struct mgp_framebuffer_state *fb = &ctx->fb;
   if (!glb_shadow_known(scr, GLB_SH_FBO) || scr->sh.fbo != ctx->fbo) {
      GLB_GL(h)->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ctx->fbo);
      scr->sh.fbo = ctx->fbo;
      glb_shadow_set(scr, GLB_SH_FBO);
   }
   if (ctx->fb_valid)
      return true;
   /* GLES binds draw buffer i only to colour attachment i: the surface GL's draw buffer i
    * names is attached at i. */
   GLenum bufs[8];
   GLsizei n = 0;
   uint8_t alpha_kept = 0;
   for (unsigned i = 0; i < 8; i++) {
      const int a = fb->draw_buffers[i];
      const struct mgp_surface none = {0};
      const struct mgp_surface *s = a >= 0 && a < 8 ? &fb->color[a] : &none;
      if (i >= (unsigned)ctx->scr->max_draw_buffers) {
         if (s->kind) {
            MGU_DECLINE(backend_draw_incomplete, "gles: %s: draw buffer %u past the host's %d",
                        call, i, ctx->scr->max_draw_buffers);
            return false;
         }
         continue;
      }
      if (!glb_attach(ctx, GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, s, call))
         return false;
      const struct glb_resource *cr = s->kind ? glb_resource_for_use(scr, s->res, call) : NULL;
      if (cr && cr->alpha_kept)
         alpha_kept |= (uint8_t)(1u << i);
      bufs[i] = s->kind ? GL_COLOR_ATTACHMENT0 + i : GL_NONE;
      n = (GLsizei)i + 1;
   }
   GLB_GL(h)->glDrawBuffers(n, bufs);
   if (alpha_kept != ctx->alpha_kept) { /* the colour masks the blend shadow holds change */
      memset(scr->sh.blend_known, 0, sizeof(scr->sh.blend_known));
      ctx->dirty |= GLB_DIRTY_RENDER;
   }
   ctx->alpha_kept = alpha_kept;
   const bool same_ds = fb->depth.kind && fb->stencil.kind &&
                        fb->depth.res.slot == fb->stencil.res.slot &&
                        fb->depth.res.gen == fb->stencil.res.gen;
   /* Both points emptied first: attaching one while the other still holds the last
    * framebuffer's image (a D32F depth beside the window's D24S8 stencil) makes a moment with
    * two images there, which NVIDIA's GLES reports unsupported ("the depth and stencil
    * attachments are mismatched") and draws nothing into; GLES 3.x lets the two points hold
    * one image only */
   GLB_GL(h)->glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                        GL_RENDERBUFFER, 0);
   if (same_ds) {
      if (!glb_attach(ctx, GL_DRAW_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, &fb->depth, call))
         return false;
   } else if ((fb->depth.kind &&
               !glb_attach(ctx, GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, &fb->depth, call)) ||
              (fb->stencil.kind &&
               !glb_attach(ctx, GL_DRAW_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, &fb->stencil, call))) {
      return false;
   }
   /* GL writes sRGB attachments unconverted unless GL_FRAMEBUFFER_SRGB is on; GLES always
    * converts, unless EXT_sRGB_write_control turns it off */
   bool srgb = false;
   for (unsigned i = 0; i < 8; i++)
      srgb |= fb->color[i].kind && fb->color[i].format == MGP_FORMAT_RGBA8_SRGB;
   if (srgb && !fb->srgb_encode && !ctx->scr->ext_srgb_write_control) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: %s into an sRGB attachment without conversion (no "
                  "EXT_sRGB_write_control)",
                  call);
      return false;
   }
   if (ctx->scr->ext_srgb_write_control)
      (fb->srgb_encode ? GLB_GL(h)->glEnable : GLB_GL(h)->glDisable)(GL_FRAMEBUFFER_SRGB_EXT);
   /* a framebuffer without attachments (MGP_CAP_NO_ATTACHMENTS) renders over the size, samples
    * and (with the geometry stage: GLES 3.2, EXT_geometry_shader) layers the state gives,
    * GLES 3.1's default parameters; the host uses them only while nothing is attached */
   if (scr->es31_textures) {
      GLB_GL(h)->glFramebufferParameteri(GL_DRAW_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH,
                                         (GLint)fb->width);
      GLB_GL(h)->glFramebufferParameteri(GL_DRAW_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT,
                                         (GLint)fb->height);
      GLB_GL(h)->glFramebufferParameteri(GL_DRAW_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES,
                                         fb->samples > 1 ? fb->samples : 0);
      if (scr->geometry)
         GLB_GL(h)->glFramebufferParameteri(GL_DRAW_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS,
                                            (GLint)fb->layers);
   }
   const GLenum status = GLB_GL(h)->glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
   if (status != GL_FRAMEBUFFER_COMPLETE) {
      char what[400];
      glb_framebuffer_describe(h, GL_DRAW_FRAMEBUFFER, what, sizeof(what));
      MGU_DECLINE(backend_draw_incomplete, "gles: %s: host framebuffer incomplete (0x%x): %s", call,
                  status, what);
      return false;
   }
   ctx->fb_valid = true;
   return true;
}

void
glb_clear(void *self, const struct mgp_clear *args, const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (ctx->cond_discard) /* conditional rendering on a zero result (GL 3.3 §2.18) */
      return;
   if (!glb_context_bind(ctx) || !glb_framebuffer_ready(ctx, "clear"))
      return;
   const struct glb_host *h = ctx->scr->h;
   ctx->scr->stats.clears++;
   GLB_GL(h)->glDisable(GL_RASTERIZER_DISCARD);
   if (args->scissor_enable) {
      GLB_GL(h)->glEnable(GL_SCISSOR_TEST);
      GLB_GL(h)->glScissor(args->scissor[0], args->scissor[1],
                           args->scissor[2] < 0 ? 0 : args->scissor[2],
                           args->scissor[3] < 0 ? 0 : args->scissor[3]);
   } else {
      GLB_GL(h)->glDisable(GL_SCISSOR_TEST);
   }
   for (unsigned i = 0; i < 8; i++) {
      if (!(args->color_buffers & (1u << i)) || i >= (unsigned)ctx->scr->max_draw_buffers)
         continue;
      const uint8_t m = args->color_write_mask[i] & (ctx->alpha_kept >> i & 1 ? 7 : 15);
      GLB_GL(h)->glColorMaski(i, m & 1, (m >> 1) & 1, (m >> 2) & 1, (m >> 3) & 1);
      if (args->color_kind == 1)
         GLB_GL(h)->glClearBufferiv(GL_COLOR, (GLint)i, (const GLint *)args->color);
      else if (args->color_kind == 2)
         GLB_GL(h)->glClearBufferuiv(GL_COLOR, (GLint)i, args->color);
      else
         GLB_GL(h)->glClearBufferfv(GL_COLOR, (GLint)i, (const GLfloat *)args->color);
   }
   GLB_GL(h)->glDepthMask(args->depth_write ? GL_TRUE : GL_FALSE);
   GLB_GL(h)->glStencilMask(args->stencil_write_mask);
   if (args->depth && args->stencil)
      GLB_GL(h)->glClearBufferfi(GL_DEPTH_STENCIL, 0, args->depth_value, args->stencil_value);
   else if (args->depth)
      GLB_GL(h)->glClearBufferfv(GL_DEPTH, 0, &args->depth_value);
   else if (args->stencil)
      GLB_GL(h)->glClearBufferiv(GL_STENCIL, 0, &args->stencil_value);
   ctx->scr->bound = NULL; /* masks and scissor now differ from the context's draw state */
}

/* ---- colour read-back ----------------------------------------------------------------------- */

/* The part of a w x h read at x, y inside level `level` of r: the rect the answer starts with
 * (its offset inside the request and its size); false when nothing of it is inside. */
static bool
clip_read(const struct glb_resource *r, unsigned level, int32_t x, int32_t y, uint32_t width,
          uint32_t height, struct mgp_texels_rect *rect)
{
   const int64_t lw = (int64_t)(r->desc.width >> level ? r->desc.width >> level : 1);
   const int64_t lh = (int64_t)(r->desc.height >> level ? r->desc.height >> level : 1);
   const int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   const int64_t x1 = (int64_t)x + width < lw ? (int64_t)x + width : lw;
   const int64_t y1 = (int64_t)y + height < lh ? (int64_t)y + height : lh;
   if (x1 <= x0 || y1 <= y0)
      return false;
   *rect = (struct mgp_texels_rect){(uint32_t)(x0 - x), (uint32_t)(y0 - y), (uint32_t)(x1 - x0),
                                    (uint32_t)(y1 - y0)};
   return true;
}

/* A read of depth, stencil or both from the depth/stencil image s (r): the host reads depth
 * (NV_read_depth), re-encoded here into format's depth layout, and stencil as bytes
 * (NV_read_stencil), the plane after the depth one. */
static void
read_depth_stencil(struct glb_context *ctx, const struct mgp_surface *s, struct glb_resource *r,
                   int32_t x, int32_t y, uint32_t width, uint32_t height, unsigned what,
                   unsigned format, const struct mgp_span *out, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   enum mgp_depth_layout layout = MGP_DEPTH_FLOAT32;
   const bool want_depth = what == MGP_PACK_WHAT_DEPTH || what == MGP_PACK_WHAT_DEPTH_STENCIL;
   const bool want_stencil = what == MGP_PACK_WHAT_STENCIL || what == MGP_PACK_WHAT_DEPTH_STENCIL;
   const struct mgp_format_desc *rd = mgp_format_desc(r->desc.format);
   if (!r->fmt->depth_stencil || s->level >= 16 ||
       (want_depth &&
        (!mgp_format_depth_layout(format, &layout) || !rd->bits[4] || !scr->ext_read_depth)) ||
       (want_stencil && (!rd->bits[5] || !scr->ext_read_stencil))) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: %s of %s as %s (kind %u)", call,
                  mgp_format_name(r->desc.format), mgp_format_name(format), what);
      return;
   }
   struct mgp_texels_rect rect;
   if (!clip_read(r, s->level, x, y, width, height, &rect))
      return;
   GLB_GL(h)->glBindFramebuffer(GL_READ_FRAMEBUFFER, ctx->read_fbo);
   GLB_GL(h)->glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                        0);
   GLB_GL(h)->glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                        GL_RENDERBUFFER, 0);
   if (!glb_attach(ctx, GL_READ_FRAMEBUFFER, glb_attachment_of(r), s, call))
      return;
   GLB_GL(h)->glReadBuffer(GL_NONE);
   GLB_GL(h)->glPixelStorei(GL_PACK_ALIGNMENT, 1);
   const size_t n = (size_t)rect.width * rect.height; /* inside the request: out holds it */
   const unsigned ts = want_depth ? mgp_depth_bytes(layout) : 0;
   uint8_t *dst = (uint8_t *)out->ptr + sizeof(rect);
   const GLint rx = (GLint)(x + (int32_t)rect.x), ry = (GLint)(y + (int32_t)rect.y);
   while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
      ;
   if (want_depth) {
      /* GLES reads float depth as GL_FLOAT and normalized depth only as integers: 32-bit
       * unsigned then, which keeps every bit of 16- and 24-bit depth at the word's top
       * (glb_depth_from_u32) */
      const bool fdepth =
         r->fmt->type == GL_FLOAT || r->fmt->type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV;
      uint32_t *d = malloc(n * sizeof(uint32_t));
      if (!d) {
         glb_fatal(scr, MGU_FATAL_OutOfMemory, call);
         return;
      }
      GLB_GL(h)->glReadPixels(rx, ry, (GLsizei)rect.width, (GLsizei)rect.height, GL_DEPTH_COMPONENT,
                              fdepth ? GL_FLOAT : GL_UNSIGNED_INT, d);
      const unsigned bits = mgp_format_desc(r->desc.format)->bits[4];
      for (size_t i = 0; i < n; i++) {
         float f;
         memcpy(&f, &d[i], sizeof(f));
         mgp_depth_encode(layout, fdepth ? (double)f : glb_depth_from_u32(d[i], bits),
                          dst + i * ts);
      }
      free(d);
   }
   if (want_stencil)
      GLB_GL(h)->glReadPixels(rx, ry, (GLsizei)rect.width, (GLsizei)rect.height, GL_STENCIL_INDEX,
                              GL_UNSIGNED_BYTE, dst + n * ts);
   const GLenum err = GLB_GL(h)->glGetError();
   char refused[400] = "";
   if (err != GL_NO_ERROR)
      glb_framebuffer_describe(h, GL_READ_FRAMEBUFFER, refused, sizeof(refused));
   /* The read framebuffer keeps colour 0 alone between reads: a colour read after this one
    * attaches only that, and a smaller depth or stencil image left here would bound its
    * framebuffer (NVIDIA then reads the window's first 8x8 pixels after texture_stencil8's
    * 8x8 stencil read, and nothing past them) */
   GLB_GL(h)->glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                                        GL_RENDERBUFFER, 0);
   if (err != GL_NO_ERROR) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: %s of %s: the host refused it (0x%x); read framebuffer %s", call,
                  mgp_format_name(r->desc.format), err, refused);
      return;
   }
   memcpy(out->ptr, &rect, sizeof(rect));
}

/* A normalized depth of n bits read as GL_UNSIGNED_INT: GL converts it through its value,
 * round(v * (2^32 - 1)), which puts the n bits at the word's top and repeats them below
 * (Mesa); a host may instead shift them there with zeros below (NVIDIA's DEPTH24_STENCIL8
 * reads fit that: read through the value, every depth past 2^23 came back one less). The
 * word's top n bits are the depth in both. */
double
glb_depth_from_u32(uint32_t d, unsigned bits)
{
   if (bits == 0 || bits >= 32)
      return d / 4294967295.0;
   return (double)(d >> (32 - bits)) / (double)((1u << bits) - 1);
}

/* GLES 3.2 §16.1.2 reads a colour surface through two format/type pairs only: the one its class
 * always takes, and the implementation's choice (GL_IMPLEMENTATION_COLOR_READ_FORMAT/TYPE, which
 * may be the class's too); a host may refuse the rest (NVIDIA's does: INVALID_OPERATION). The
 * class pair of a surface whose texels are `format`'s, and the MGPipe format of the texels that
 * pair reads (EXT_color_buffer_float's float pair, EXT_texture_norm16's 16-bit one,
 * EXT_render_snorm's snorm ones). */
struct read_pair {
   GLenum format, type;
   unsigned layout;
};
static struct read_pair
class_pair(unsigned format)
{
   const struct mgp_format_desc *d = mgp_format_desc(format);
   const bool wide = d->layout == MGP_FORMAT_LAYOUT_ARRAY && d->bits[0] == 16;
   switch (d->kind) {
   case MGP_FORMAT_KIND_SINT:
      return (struct read_pair){GL_RGBA_INTEGER, GL_INT, MGP_FORMAT_RGBA32_SINT};
   case MGP_FORMAT_KIND_UINT:
      return (struct read_pair){GL_RGBA_INTEGER, GL_UNSIGNED_INT, MGP_FORMAT_RGBA32_UINT};
   case MGP_FORMAT_KIND_FLOAT:
      return (struct read_pair){GL_RGBA, GL_FLOAT, MGP_FORMAT_RGBA32_FLOAT};
   case MGP_FORMAT_KIND_SNORM:
      return wide ? (struct read_pair){GL_RGBA, GL_SHORT, MGP_FORMAT_RGBA16_SNORM}
                  : (struct read_pair){GL_RGBA, GL_BYTE, MGP_FORMAT_RGBA8_SNORM};
   default: break;
   }
   if (format == MGP_FORMAT_RGB10A2_UNORM)
      return (struct read_pair){GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, MGP_FORMAT_RGB10A2_UNORM};
   return wide ? (struct read_pair){GL_RGBA, GL_UNSIGNED_SHORT, MGP_FORMAT_RGBA16_UNORM}
               : (struct read_pair){GL_RGBA, GL_UNSIGNED_BYTE, MGP_FORMAT_RGBA8_UNORM};
}

/* The rows of one band of a converted read stay within 1 MiB of scratch (a row at least: a
 * level's row of the widest class texel, 16 bytes), whatever the read's size. */
enum { READ_BAND_BYTES = 1 << 20 };

/* Reads the rect (its size; at x, y) of the bound read buffer into dst as tight texels of
 * `layout`, whose own pair is format/type; the host's error. The own pair is read directly
 * where GLES guarantees it: it is the class's, or the surface's implementation pair (asked
 * each time, a query next to a read; MGL_GLES_HIDE=read-pairs leaves it unasked, as on a host
 * whose implementation pair is never a format's own). Otherwise the class pair is read band by
 * band into scratch and each texel converted into `layout` (mgp_texel_encode: floats to halves
 * rounding to nearest even, integers to their low bits, RGBA to the layout's components),
 * exactly: every value of the layout is one of the class pair's. */
static GLenum
read_colour(struct glb_context *ctx, unsigned layout, GLenum format, GLenum type, GLint x, GLint y,
            const struct mgp_texels_rect *rect, uint8_t *dst)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   const struct read_pair cp = class_pair(layout);
   GLint impl_format = 0, impl_type = 0;
   if (!(cp.format == format && cp.type == type) && !scr->read_pairs_only) {
      GLB_GL(h)->glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &impl_format);
      GLB_GL(h)->glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &impl_type);
   }
   GLB_GL(h)->glPixelStorei(GL_PACK_ALIGNMENT, 1);
   if ((cp.format == format && cp.type == type) ||
       ((GLenum)impl_format == format && (GLenum)impl_type == type)) {
      GLB_GL(h)->glReadPixels(x, y, (GLsizei)rect->width, (GLsizei)rect->height, format, type, dst);
      return GLB_GL(h)->glGetError();
   }
   const unsigned cs = mgp_format_desc(cp.layout)->bytes, ts = mgp_format_desc(layout)->bytes;
   const size_t row = (size_t)cs * rect->width; /* a level's row: no wrap */
   uint32_t band = row < READ_BAND_BYTES ? (uint32_t)(READ_BAND_BYTES / row) : 1;
   if (band > rect->height)
      band = rect->height;
   uint8_t *scratch = malloc(row * band);
   if (!scratch) {
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "read back: a band of texels");
      return GL_OUT_OF_MEMORY;
   }
   GLenum err = GL_NO_ERROR;
   for (uint32_t y0 = 0; y0 < rect->height && err == GL_NO_ERROR; y0 += band) {
      const uint32_t bh = rect->height - y0 < band ? rect->height - y0 : band;
      GLB_GL(h)->glReadPixels(x, y + (GLint)y0, (GLsizei)rect->width, (GLsizei)bh, cp.format,
                              cp.type, scratch);
      err = GLB_GL(h)->glGetError();
      const size_t n = (size_t)rect->width * bh;
      uint8_t *out = dst + (size_t)y0 * rect->width * ts;
      for (size_t i = 0; i < n && err == GL_NO_ERROR; i++) {
         struct mgp_texel t;
         mgp_texel_decode(cp.layout, scratch + i * cs, &t);
         mgp_texel_encode(layout, &t, out + i * ts);
      }
   }
   free(scratch);
   if (err == GL_NO_ERROR)
      scr->stats.reads_converted++;
   return err;
}

/* GLES reads colour only from a colour-renderable image, and GL_SRGB8, GL_RGB9_E5 and the snorm
 * formats are not. Their texels are copied unchanged (glCopyImageSubData, GLES 3.2: formats of
 * one texel size are compatible) into an unsigned normalized image of that size (RGBA16UI for
 * 8 bytes: RGBA16_SNORM; GLES reads only integer pairs from it), which the host reads byte for
 * byte: the twin of a host texel of `bytes` bytes, or NULL. */
struct read_twin {
   GLenum internal, format, type;
   unsigned layout; /* the MGPipe format of the twin's texels (read_colour) */
};
static const struct read_twin *
read_twin(unsigned bytes)
{
   static const struct read_twin twins[] = {
      [1] = {GL_R8, GL_RED, GL_UNSIGNED_BYTE, MGP_FORMAT_R8_UNORM},
      [2] = {GL_RG8, GL_RG, GL_UNSIGNED_BYTE, MGP_FORMAT_RG8_UNORM},
      /* read as RGBA: the format's alpha is 1 */
      [3] = {GL_RGB8, GL_RGBA, GL_UNSIGNED_BYTE, MGP_FORMAT_RGBA8_UNORM},
      [4] = {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, MGP_FORMAT_RGBA8_UNORM},
      [8] = {GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, MGP_FORMAT_RGBA16_UINT},
   };
   return bytes < sizeof(twins) / sizeof(twins[0]) && twins[bytes].internal ? &twins[bytes] : NULL;
}

/* The host texel size of r: its format's, or its RGB twin's where it is kept without alpha. */
static unsigned
host_texel_bytes(const struct glb_resource *r)
{
   if (!r->alpha_one)
      return r->fmt->bytes;
   return r->fmt->bytes / 4 * 3;
}

/* Whether r's colour is read through its read twin: its host format is not colour-renderable
 * (an RGB twin of sRGB or snorm, kept without alpha, is not either) and the host copies between
 * images. */
static bool
reads_through_twin(const struct glb_screen *scr, const struct glb_resource *r)
{
   if (r->fmt->integer || scr->es_minor < 2 || !read_twin(host_texel_bytes(r)))
      return false;
   if (r->alpha_one) /* GL_SRGB8 and GL_RGB8_SNORM; GL_RGB8 renders */
      return r->desc.format == MGP_FORMAT_RGBA8_SRGB || r->desc.format == MGP_FORMAT_RGBA8_SNORM;
   return !glb_format_renderable(scr, r->fmt) && host_texel_bytes(r) != 3;
}

/* Reads the rect of s (r, not colour-renderable on the host) at x0, y0 through a copy into its
 * read twin; the host's error. */
static GLenum
read_through_twin(struct glb_context *ctx, const struct mgp_surface *s, struct glb_resource *r,
                  GLint x0, GLint y0, const struct mgp_texels_rect *rect, void *dst)
{
   const struct glb_host *h = ctx->scr->h;
   const struct read_twin *t = read_twin(host_texel_bytes(r));
   GLuint tex = 0;
   GLB_GL(h)->glGenTextures(1, &tex);
   GLB_GL(h)->glBindTexture(GL_TEXTURE_2D, tex);
   GLB_GL(h)->glTexStorage2D(GL_TEXTURE_2D, 1, t->internal, (GLsizei)rect->width,
                             (GLsizei)rect->height);
   const GLint z = r->tex_target == GL_TEXTURE_2D || !r->tex_target ? 0 : (GLint)s->layer;
   GLB_GL(h)->glCopyImageSubData(r->name, r->tex_target ? r->tex_target : GL_RENDERBUFFER,
                                 (GLint)s->level, x0, y0, z, tex, GL_TEXTURE_2D, 0, 0, 0, 0,
                                 (GLsizei)rect->width, (GLsizei)rect->height, 1);
   GLB_GL(h)->glBindFramebuffer(GL_READ_FRAMEBUFFER, ctx->read_fbo);
   GLB_GL(h)->glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex,
                                     0);
   GLB_GL(h)->glReadBuffer(GL_COLOR_ATTACHMENT0);
   const GLenum err = read_colour(ctx, t->layout, t->format, t->type, 0, 0, rect, dst);
   GLB_GL(h)->glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0,
                                     0);
   GLB_GL(h)->glDeleteTextures(1, &tex);
   glb_shadow_forget(ctx->scr); /* the texture binding of the active unit moved */
   if (err == GL_NO_ERROR && r->alpha_one &&
       mgp_format_desc(r->desc.format)->kind == MGP_FORMAT_KIND_SNORM) {
      /* read as RGBA, the twin's alpha is unorm's 1 (255); the format's is snorm's (127) */
      uint8_t *b = dst;
      for (size_t i = 0; i < (size_t)rect->width * rect->height; i++)
         b[4 * i + 3] = 0x7f;
   }
   return err;
}

void
glb_read_texels(struct glb_context *ctx, const struct mgp_surface *s, struct glb_resource *r,
                int32_t x, int32_t y, uint32_t width, uint32_t height, unsigned what,
                unsigned format, const struct mgp_span *out, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   uint64_t need = 0;
   if (!mgp_texels_texel_size(what, format) ||
       !mgp_texels_size(what, format, width, height, &need) || !out->ptr || need > out->size) {
      char detail[128];
      snprintf(detail, sizeof(detail), "%s.out: the answer does not hold the read", call);
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
      return;
   }
   memset(out->ptr, 0, sizeof(struct mgp_texels_rect)); /* nothing read until said otherwise */
   if (what != MGP_PACK_WHAT_COLOR) {
      read_depth_stencil(ctx, s, r, x, y, width, height, what, format, out, call);
      return;
   }
   if (format != r->desc.format || r->fmt->depth_stencil || s->level >= 16) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: %s of %s as %s (kind %u)", call,
                  mgp_format_name(r->desc.format), mgp_format_name(format), what);
      return;
   }
   const struct glb_host *h = scr->h;
   const int64_t lw = (int64_t)(r->desc.width >> s->level ? r->desc.width >> s->level : 1);
   const int64_t lh = (int64_t)(r->desc.height >> s->level ? r->desc.height >> s->level : 1);
   const int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   const int64_t x1 = (int64_t)x + width < lw ? (int64_t)x + width : lw;
   const int64_t y1 = (int64_t)y + height < lh ? (int64_t)y + height : lh;
   if (x1 <= x0 || y1 <= y0)
      return;
   const struct mgp_texels_rect rect = {(uint32_t)(x0 - x), (uint32_t)(y0 - y), (uint32_t)(x1 - x0),
                                        (uint32_t)(y1 - y0)};
   uint8_t *dst = (uint8_t *)out->ptr + sizeof(rect);
   while (GLB_GL(h)->glGetError() != GL_NO_ERROR)
      ;
   GLenum err;
   if (reads_through_twin(scr, r)) {
      err = read_through_twin(ctx, s, r, (GLint)x0, (GLint)y0, &rect, dst);
   } else {
      GLB_GL(h)->glBindFramebuffer(GL_READ_FRAMEBUFFER, ctx->read_fbo);
      if (!glb_attach(ctx, GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, s, call))
         return;
      GLB_GL(h)->glReadBuffer(GL_COLOR_ATTACHMENT0);
      err = read_colour(ctx, r->desc.format, r->fmt->format, r->fmt->type, (GLint)x0, (GLint)y0,
                        &rect, dst);
   }
   if (err != GL_NO_ERROR) {
      char what[400];
      glb_framebuffer_describe(h, GL_READ_FRAMEBUFFER, what, sizeof(what));
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: %s of %s: the host refused it (0x%x); read framebuffer %s", call,
                  mgp_format_name(r->desc.format), err, what);
      return;
   }
   memcpy(out->ptr, &rect, sizeof(rect));
}

struct glb_resource *
glb_read_surface(struct glb_context *ctx, unsigned what, const struct mgp_surface **surface,
                 const char *call)
{
   /* Colour reads the resolved read surface; depth and stencil read the framebuffer's (the
    * client sends them only when the read and draw framebuffers are the same). A depth and
    * stencil read needs them in one image. */
   const struct mgp_framebuffer_state *fb = &ctx->fb;
   const struct mgp_surface *s = what == MGP_PACK_WHAT_STENCIL ? &fb->stencil
                                 : what == MGP_PACK_WHAT_COLOR ? &fb->read
                                                               : &fb->depth;
   const bool split =
      what == MGP_PACK_WHAT_DEPTH_STENCIL &&
      (fb->stencil.res.slot != fb->depth.res.slot || fb->stencil.res.gen != fb->depth.res.gen);
   *surface = s;
   if (!s->kind || split) {
      MGU_DECLINE(backend_draw_incomplete,
                  "gles: %s of kind %u without its surface (or depth and stencil in two images)",
                  call, what);
      return NULL;
   }
   return glb_resource_for_use(ctx->scr, s->res, call);
}

void
glb_read_pixels(void *self, const struct mgp_read_pixels *args, const void *tail,
                uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (!glb_context_bind(ctx))
      return;
   const struct mgp_surface *s;
   struct glb_resource *r = glb_read_surface(ctx, args->what, &s, "read_pixels");
   if (!r) {
      if (args->out.ptr && args->out.size >= sizeof(struct mgp_texels_rect))
         memset(args->out.ptr, 0, sizeof(struct mgp_texels_rect));
      return;
   }
   glb_read_texels(ctx, s, r, args->x, args->y, args->width, args->height, args->what, args->format,
                   &args->out, "read_pixels");
}

void
glb_get_texture_image(void *self, const struct mgp_get_texture_image *args, const void *tail,
                      uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (!glb_context_bind(ctx))
      return;
   struct glb_resource *r = glb_resource_for_use(ctx->scr, args->res, "get_texture_image");
   if (!r) {
      if (args->out.ptr && args->out.size >= sizeof(struct mgp_texels_rect))
         memset(args->out.ptr, 0, sizeof(struct mgp_texels_rect));
      return;
   }
   if (r->is_buffer || r->tex_target == GL_TEXTURE_BUFFER || args->level >= 16) {
      MGU_DECLINE(backend_draw_incomplete, "gles: get_texture_image of level %u layer %u",
                  args->level, args->layer);
      return;
   }
   const struct mgp_surface s = {
      .res = args->res,
      .format = args->format,
      .kind = r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER ? 2 : 1,
      .level = (uint16_t)args->level,
      .layer = args->layer,
   };
   glb_read_texels(ctx, &s, r, 0, 0, args->width, args->height, args->what, args->format,
                   &args->out, "get_texture_image");
}
