/* fe_image_state.c — image units as the rest of the front end reads them (GL 4.2
 * ARB_shader_image_load_store, GL 4.6 core 8.26): how many are offered, their limits for glGet,
 * the GL_IMAGE_FORMAT_COMPATIBILITY_TYPE answer, and the program's images resolved to
 * set_shader_images at draw and dispatch validate (fe_tracker.c calls fe_image_resolve). It
 * calls nothing above it (tests/gate/loops_expected.txt); glBindImageTexture is in fe_image.c. */
#include "fe_format.h"
#include "fe_gl.h"
#include "gl_api.h"

/* GL 4.6 table 8.33: the formats an image unit may take. */
static const GLenum image_formats[] = {
   GL_RGBA32F,   GL_RGBA16F,   GL_RG32F,    GL_RG16F,        GL_R11F_G11F_B10F, GL_R32F,
   GL_R16F,      GL_RGBA32UI,  GL_RGBA16UI, GL_RGB10_A2UI,   GL_RGBA8UI,        GL_RG32UI,
   GL_RG16UI,    GL_RG8UI,     GL_R32UI,    GL_R16UI,        GL_R8UI,           GL_RGBA32I,
   GL_RGBA16I,   GL_RGBA8I,    GL_RG32I,    GL_RG16I,        GL_RG8I,           GL_R32I,
   GL_R16I,      GL_R8I,       GL_RGBA16,   GL_RGB10_A2,     GL_RGBA8,          GL_RG16,
   GL_RG8,       GL_R16,       GL_R8,       GL_RGBA16_SNORM, GL_RGBA8_SNORM,    GL_RG16_SNORM,
   GL_RG8_SNORM, GL_R16_SNORM, GL_R8_SNORM,
};

bool
fe_image_format_ok(GLenum f)
{
   for (size_t i = 0; i < sizeof(image_formats) / sizeof(image_formats[0]); i++)
      if (image_formats[i] == f)
         return true;
   return false;
}

int
fe_image_get(struct fe_context *ctx, GLenum pname, int64_t *out)
{
   const unsigned n = fe_image_units(ctx);
   const uint64_t bits = ctx->share->caps->cap_bits;
   switch (pname) {
   case GL_MAX_IMAGE_UNITS:
   case GL_MAX_COMBINED_IMAGE_UNIFORMS:
   case GL_MAX_COMPUTE_IMAGE_UNIFORMS: *out = n; break;
   case GL_MAX_FRAGMENT_IMAGE_UNIFORMS: *out = bits & MGP_CAP_FRAGMENT_STORES ? n : 0; break;
   case GL_MAX_VERTEX_IMAGE_UNIFORMS:
   case GL_MAX_GEOMETRY_IMAGE_UNIFORMS: *out = bits & MGP_CAP_VERTEX_STORES ? n : 0; break;
   case GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS:
   case GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS: *out = 0; break; /* no tessellation yet */
   case GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS:
      *out = n + (uint64_t)ctx->share->caps->max_color_attachments;
      break;
   case GL_MAX_IMAGE_SAMPLES: *out = 0; break; /* no multisampled images (image2DMS) */
   default: return -1;
   }
   return n ? 1 : 0;
}

GLenum
fe_image_format_compatibility(GLenum internal_format)
{
   /* textures match an image unit's format by texel size (GL 4.6 8.26) */
   return fe_image_format_ok(internal_format) ? GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE : GL_NONE;
}

/* The texture level a unit names as the server sees it; a null res when the binding is not
 * valid for access (GL 4.6 8.26: no texture, a level it lacks, a layer past its layers, an
 * internal format not of the unit's size), which the server declines by name. */
static struct mgp_image_view
resolve(const struct fe_image_unit *u)
{
   struct mgp_image_view v = {.layer = UINT32_MAX};
   const struct fe_texture *tex = u->tex;
   /* a buffer texture (imageBuffer) has level 0 alone, its texels the buffer's (GL 4.6 8.26) */
   if (!tex || !tex->created || u->level < 0 || (uint32_t)u->level >= tex->res_levels)
      return v;
   /* ... an incomplete texture, or a level outside its base..max levels: the base level
    * needs the texture complete without mipmaps, another level complete with them */
   if (tex->target != FE_TEX_BUFFER) {
      struct fe_tex_params p = tex->params;
      p.min_filter = u->level == tex->params.base_level ? GL_NEAREST : GL_NEAREST_MIPMAP_NEAREST;
      p.mag_filter = GL_NEAREST;
      p.wrap_s = p.wrap_t = p.wrap_r = GL_CLAMP_TO_EDGE; /* (a rectangle texture's test) */
      uint16_t lo = 0, n = 0;
      if (!fe_texture_complete(u->tex, &p, &lo, &n) || (uint32_t)u->level < lo ||
          (uint32_t)u->level >= (uint32_t)lo + n)
         return v;
   }
   const struct fe_tex_image *img = &tex->image[0][u->level];
   const struct fe_format_info *tf = img->defined ? fe_format_lookup(img->internal_format) : NULL;
   const struct fe_format_info *uf = fe_format_lookup(u->format);
   if (!tf || !uf || !fe_image_format_ok(img->internal_format) ||
       fe_mgp_format(tex->res_format)->bytes != fe_mgp_format(uf->format)->bytes)
      return v;
   const bool layerable = tex->target == FE_TEX_3D || tex->target == FE_TEX_1D_ARRAY ||
                          tex->target == FE_TEX_2D_ARRAY || tex->target == FE_TEX_CUBE ||
                          tex->target == FE_TEX_2D_MS_ARRAY || tex->target == FE_TEX_CUBE_ARRAY;
   if (layerable && !u->layered) {
      const uint32_t slices = tex->target == FE_TEX_3D
                                 ? (img->depth ? img->depth : 1)
                                 : (tex->target == FE_TEX_CUBE ? 6 : tex->res_layers);
      if ((uint32_t)u->layer >= slices)
         return v;
      v.layer = (uint32_t)u->layer;
   }
   /* a texture view's image is its root's level and layer (fe_tex_view.c); layered, only
    * where the view has all the root's layers (the server binds every layer of the level) */
   if (v.layer == UINT32_MAX && fe_tex_view_some_layers(tex)) {
      MGU_DECLINE(texture_view_refused,
                  "a layered image unit of a texture view of some of its root's layers");
      return (struct mgp_image_view){.layer = UINT32_MAX};
   }
   uint32_t level = (uint32_t)u->level;
   v.res = fe_tex_storage_at(tex, &level, v.layer == UINT32_MAX ? NULL : &v.layer);
   v.format = uf->format;
   v.level = (uint16_t)level;
   v.access = u->access == GL_READ_ONLY    ? MGP_IMAGE_ACCESS_READ_ONLY
              : u->access == GL_WRITE_ONLY ? MGP_IMAGE_ACCESS_WRITE_ONLY
                                           : MGP_IMAGE_ACCESS_READ_WRITE;
   return v;
}

unsigned
fe_image_resolve(const struct fe_context *ctx, const struct fe_exec *e, struct mgp_image_view *out)
{
   const unsigned n = e->glsl->num_images < GLSL_MAX_IMAGES ? e->glsl->num_images : GLSL_MAX_IMAGES;
   for (unsigned j = 0; j < n; j++) {
      const GLint unit = e->image_units[j];
      out[j] = unit >= 0 && unit < FE_MAX_IMAGE_UNITS
                  ? resolve(&ctx->image_units[unit])
                  : (struct mgp_image_view){.layer = UINT32_MAX};
   }
   return n;
}
