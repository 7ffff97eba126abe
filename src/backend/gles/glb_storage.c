/* glb_storage.c — the storage buffers (host binding k for descriptor binding 144 + k) and image
 * units (host unit j for binding 160 + j, glBindImageTexture) a draw's or a dispatch's program
 * uses, bound on the host before it runs (called by glb_shader.c and glb_compute.c; it calls only
 * down, into resources, the screen and the format table). */
#include "glb.h"

#define GLB_SSBO_PLACEHOLDER_SIZE 256 /* bytes of the placeholder storage buffer */

/* Binds image unit j of the context on the host; false: declined. */
static bool
bind_image(struct glb_context *ctx, unsigned j, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   const struct mgp_image_view *iv = &ctx->images[j];
   static const GLenum access[] = {GL_READ_ONLY, GL_WRITE_ONLY, GL_READ_WRITE};
   if (mgp_handle_is_null(iv->res)) {
      /* nothing bound: GL's loads read 0 and stores are dropped */
      GLB_GL(scr->h)->glBindImageTexture(j, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
      return true;
   }
   struct glb_resource *r = glb_resource_for_use(scr, iv->res, call);
   const struct glb_format *f = glb_format_get(scr, iv->format);
   const char *why = NULL;
   const bool texbuf = r && r->tex_target == GL_TEXTURE_BUFFER;
   if (!r || r->is_buffer || !r->name || r->desc.target == MGP_RESOURCE_TARGET_RENDERBUFFER)
      why = "not a texture the host binds as an image";
   else if (texbuf && !scr->texture_buffer)
      why = "a buffer texture (imageBuffer) on a host without buffer textures";
   else if (!f || !glb_storage_format(iv->format))
      why = "a format GLES 3.1 has no image of";
   else if (!texbuf &&
            (iv->level >= r->levels || (iv->layer != UINT32_MAX && iv->layer >= r->layers)))
      why = "a level or layer the host texture lacks";
   if (why) {
      MGU_DECLINE(backend_draw_incomplete, "gles: a %s with image unit %u: %s", call, j, why);
      return false;
   }
   if (texbuf) {
      /* imageBuffer (GLES 3.2, EXT/OES_texture_buffer): the host texture views the buffer's
       * present store; level 0, not layered */
      if (!glb_texbuf_for_image(scr, r, call))
         return false;
      GLB_GL(scr->h)->glBindImageTexture(j, r->name, 0, GL_FALSE, 0, access[iv->access],
                                         f->internal);
      return true;
   }
   const bool layered = iv->layer == UINT32_MAX;
   GLB_GL(scr->h)->glBindImageTexture(j, r->name, iv->level, layered ? GL_TRUE : GL_FALSE,
                                      layered ? 0 : (GLint)iv->layer, access[iv->access],
                                      f->internal);
   return true;
}

/* The buffer a storage block without one is bound to (made at its first use), where the host's
 * robust access bounds every access to its bytes; 0: none (no robust access). */
static GLuint
ssbo_placeholder(struct glb_screen *scr)
{
   if (!scr->robust)
      return 0;
   if (!scr->ssbo_placeholder) {
      static const uint8_t zeros[GLB_SSBO_PLACEHOLDER_SIZE];
      GLB_GL(scr->h)->glGenBuffers(1, &scr->ssbo_placeholder);
      GLB_GL(scr->h)->glBindBuffer(GL_COPY_WRITE_BUFFER, scr->ssbo_placeholder);
      GLB_GL(scr->h)->glBufferData(GL_COPY_WRITE_BUFFER, sizeof(zeros), zeros, GL_DYNAMIC_DRAW);
      scr->sh.known &= ~(uint32_t)GLB_SH_COPY_WRITE; /* in a draw: the shadow stays */
   }
   return scr->ssbo_placeholder;
}

bool
glb_storage_bind(struct glb_context *ctx, const struct glb_shader *s, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   /* the program's buffers and images only, a bit at a time (a block array's elements each) */
   for (uint32_t m = s->ssbo_mask & ((1u << GLB_MAX_SSBO) - 1); m; m &= m - 1) {
      const unsigned k = (unsigned)__builtin_ctz(m);
      const struct mgp_buffer_range *u = &ctx->ssbo[k];
      /* GL 4.6 7.8: a block without a buffer is undefined behaviour and the draw still runs
       * (an element of a block array whose binding point holds none, piglit's
       * array-ssbo-binding), as on the Vulkan backend: with the host's robust access, on the
       * placeholder */
      const GLuint ph = mgp_handle_is_null(u->res) ? ssbo_placeholder(scr) : 0;
      if (ph) {
         GLB_GL(scr->h)->glBindBufferRange(GL_SHADER_STORAGE_BUFFER, k, ph, 0,
                                           GLB_SSBO_PLACEHOLDER_SIZE);
         continue;
      }
      struct glb_resource *r =
         mgp_handle_is_null(u->res) ? NULL : glb_resource_for_use(scr, u->res, call);
      if (!r || !r->is_buffer || !u->size || u->offset > r->desc.size ||
          u->size > r->desc.size - u->offset || u->offset % (uint64_t)scr->ssbo_align) {
         MGU_DECLINE(backend_draw_incomplete,
                     "gles: a %s without storage buffer %u (or at an offset the host's "
                     "alignment %d refuses)",
                     call, k, scr->ssbo_align);
         return false;
      }
      if (!glb_buffer_ordered(scr, r))
         return false;
      GLB_GL(scr->h)->glBindBufferRange(GL_SHADER_STORAGE_BUFFER, k, r->name, (GLintptr)u->offset,
                                        (GLsizeiptr)u->size);
   }
   for (uint32_t m = s->image_mask & ((1u << GLB_MAX_IMAGES) - 1); m; m &= m - 1)
      if (!bind_image(ctx, (unsigned)__builtin_ctz(m), call))
         return false;
   return true;
}
