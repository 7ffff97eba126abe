/* fe_tex_view.c — GL_ARB_texture_view (GL 4.3, GL 4.6 §8.18): glTextureView and where a view's
 * levels and layers are in the storage it shares.
 *
 * A view is a texture object of its own (parameters, bindings, completeness) whose texels are
 * another immutable texture's. The client holds the root (the texture that made the storage,
 * never a view: a view of a view composes its offsets) by a reference, so the root's resource
 * outlives the root's name while views of it live. The view gets a resource of its own,
 * created with view_of = the root's: the server samples it with the view's format, target,
 * level and layer range and the view's parameters (set_texture_params is per resource). Every
 * other use of the view (uploads, reads, attachments, image units, copies) names the root's
 * resource at the translated level and layer (fe_tex_storage_at), so the server's per-image
 * state (layouts, attachment views) stays in one resource.
 *
 * Bit-exact or refused: the client keeps some formats in a stand-in storage (compressed
 * formats decoded, RGB formats in RGBA texels, formats the device lacks in a wider one). A view
 * is made only where the view's format is stored as the root's texels are (same bytes per
 * texel, neither substituted); otherwise glTextureView is the named decline
 * texture-view-refused and the name stays a fresh name (docs/CONFORMANCE.md). */

#include "fe_format.h"
#include "fe_gl.h"
#include "fe_texture_priv.h"
#include "gl_api.h"
#include "log.h"

/* GL 4.6 Table 8.21: the targets a view of a texture of target orig may have. */
static bool
target_compatible(enum fe_tex_target orig, enum fe_tex_target view)
{
   switch (orig) {
   case FE_TEX_1D:
   case FE_TEX_1D_ARRAY: return view == FE_TEX_1D || view == FE_TEX_1D_ARRAY;
   case FE_TEX_2D: return view == FE_TEX_2D || view == FE_TEX_2D_ARRAY;
   case FE_TEX_3D: return view == FE_TEX_3D;
   case FE_TEX_RECT: return view == FE_TEX_RECT;
   case FE_TEX_CUBE:
   case FE_TEX_CUBE_ARRAY:
   case FE_TEX_2D_ARRAY:
      return view == FE_TEX_CUBE || view == FE_TEX_2D || view == FE_TEX_2D_ARRAY ||
             view == FE_TEX_CUBE_ARRAY;
   case FE_TEX_2D_MS:
   case FE_TEX_2D_MS_ARRAY: return view == FE_TEX_2D_MS || view == FE_TEX_2D_MS_ARRAY;
   default: return false;
   }
}

/* GL 4.6 Table 8.22: formats of one view class, or one format outside every class. */
static bool
format_compatible(GLenum orig, GLenum view)
{
   if (orig == view)
      return true;
   const unsigned a = fe_format_view_bits(orig), b = fe_format_view_bits(view);
   return a && a == b;
}

/* Why a view of root in format fmt (info) would not read the root's texels bit-exactly, or
 * NULL when it does. */
static const char *
storage_refusal(const struct fe_texture *root, const struct fe_format_info *info, uint16_t fmt)
{
   const GLenum orig_ifmt = root->image[0][0].internal_format;
   if (root->samples > 1)
      return "multisampled texture views are not made yet";
   if (info->internal_format == orig_ifmt)
      return NULL; /* the very storage */
   if (info->block)
      return "compressed texels are kept decoded, each format its own way";
   if (fmt != info->format || root->res_format != fe_format_lookup(orig_ifmt)->format)
      return "the device keeps one of the formats in a stand-in storage";
   if ((root->res_no_alpha && fe_mgp_format(root->res_format)->bits[3]) ||
       (fe_format_no_alpha(info) && fe_mgp_format(fmt)->bits[3]))
      return "an RGB format is kept in RGBA texels";
   if (fe_mgp_format(fmt)->bytes != fe_mgp_format(root->res_format)->bytes)
      return "the formats are stored with other texel sizes";
   return NULL;
}

void
mgl_glTextureView(GLuint texture, GLenum target, GLuint origtexture, GLenum internalformat,
                  GLuint minlevel, GLuint numlevels, GLuint minlayer, GLuint numlayers)
{
   FE_CTX_OR_RETURN();
   if (!fe_texture_view_offered(ctx)) {
      MGU_DECLINE(texture_view_refused, "glTextureView without GL_ARB_texture_view");
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   FE_CHECK(texture == 0, GL_INVALID_VALUE);
   bool reserved = false;
   struct fe_texture *existing = fe_texture_lookup(ctx, texture, &reserved);
   /* a name glGenTextures gave whose object does not exist yet (never bound) */
   FE_CHECK(existing || !reserved, GL_INVALID_OPERATION);
   bool orig_reserved;
   struct fe_texture *orig =
      origtexture ? fe_texture_lookup(ctx, origtexture, &orig_reserved) : NULL;
   FE_CHECK(!orig, GL_INVALID_VALUE);
   FE_CHECK(!orig->immutable, GL_INVALID_OPERATION);
   const int t = fe_tex_target_index(ctx, target);
   FE_CHECK(t < 0 || !target_compatible(orig->target, (enum fe_tex_target)t), GL_INVALID_OPERATION);
   const enum fe_tex_target vt = (enum fe_tex_target)t;
   const struct fe_tex_image *oimg = &orig->image[0][0];
   const GLenum orig_ifmt = oimg->internal_format;
   FE_CHECK(!format_compatible(orig_ifmt, internalformat), GL_INVALID_OPERATION);
   const uint32_t olevels = fe_tex_view_param(orig, GL_TEXTURE_VIEW_NUM_LEVELS),
                  olayers = fe_tex_view_param(orig, GL_TEXTURE_VIEW_NUM_LAYERS);
   FE_CHECK(minlevel >= olevels || minlayer >= olayers, GL_INVALID_VALUE);
   const uint32_t nlevels = numlevels < olevels - minlevel ? numlevels : olevels - minlevel;
   const uint32_t nlayers = numlayers < olayers - minlayer ? numlayers : olayers - minlayer;
   switch (vt) {
   case FE_TEX_CUBE: FE_CHECK(nlayers != 6, GL_INVALID_VALUE); break;
   case FE_TEX_CUBE_ARRAY: FE_CHECK(nlayers % 6 != 0, GL_INVALID_VALUE); break;
   case FE_TEX_1D:
   case FE_TEX_2D:
   case FE_TEX_3D:
   case FE_TEX_RECT:
   case FE_TEX_2D_MS: FE_CHECK(numlayers != 1, GL_INVALID_VALUE); break;
   default: break;
   }
   FE_CHECK((vt == FE_TEX_CUBE || vt == FE_TEX_CUBE_ARRAY) && oimg->width != oimg->height,
            GL_INVALID_OPERATION);
   FE_CHECK(vt == FE_TEX_CUBE_ARRAY && !fe_cube_array_offered(ctx), GL_INVALID_OPERATION);

   struct fe_texture *root = orig->view_root ? orig->view_root : orig;
   const struct fe_format_info *info = fe_format_lookup(internalformat);
   const uint16_t fmt =
      info ? fe_format_choose(ctx->share->caps, info->format, MGP_FORMAT_CAP_SAMPLE) : 0;
   const char *why = !info ? "an unknown format" : storage_refusal(root, info, fmt);
   if (!why && (!nlevels || !nlayers))
      why = "no level or no layer";
   if (!why && !root->created)
      why = "the original has no storage";
   if (why) {
      MGU_DECLINE(texture_view_refused, "glTextureView of %s as 0x%04x (%s): %s",
                  mgp_format_name(root->res_format), internalformat, mgp_format_name(fmt), why);
      return;
   }
   struct fe_texture *tex = fe_texture_new(ctx, texture, vt);
   if (!tex)
      return;
   const uint32_t base_level = (orig->view_root ? orig->view_min_level : 0) + minlevel;
   const uint32_t base_layer = (orig->view_root ? orig->view_min_layer : 0) + minlayer;
   fe_object_ref(&root->base);
   root->has_views = true;
   tex->view_root = root;
   tex->view_min_level = base_level;
   tex->view_num_levels = nlevels;
   tex->view_min_layer = base_layer;
   tex->view_num_layers = nlayers;
   tex->immutable = true;
   tex->immutable_levels = orig->immutable_levels;
   tex->samples = root->samples;
   tex->fixed_locations = root->fixed_locations;
   /* the view's images: the root's levels from base_level on, its layers as the target has them */
   const bool is3d = vt == FE_TEX_3D, is_1d_array = vt == FE_TEX_1D_ARRAY;
   const bool is_array = vt == FE_TEX_2D_ARRAY || vt == FE_TEX_CUBE_ARRAY;
   const uint32_t w0 = fe_tex_minify(root->res_width, base_level);
   const uint32_t h0 = fe_tex_minify(root->res_height, base_level);
   const uint32_t d0 = fe_tex_minify(root->res_depth, base_level);
   for (unsigned f = 0; f < fe_tex_face_count(tex); f++)
      for (unsigned l = 0; l < nlevels && l < FE_MAX_LEVELS; l++)
         tex->image[f][l] = (struct fe_tex_image){
            .defined = true,
            .width = fe_tex_minify(w0, l),
            .height = is_1d_array ? nlayers : fe_tex_minify(h0, l),
            .depth = is3d       ? fe_tex_minify(d0, l)
                     : is_array ? nlayers
                                : 1,
            .internal_format = internalformat,
            .format = fmt,
         };
   const struct mgp_resource_desc desc = {
      .res = tex->res,
      .target = (uint8_t)fe_texture_res_target(vt),
      .levels = (uint8_t)nlevels,
      .samples = 1,
      .bind_mask = MGP_BIND_SAMPLER,
      .format = fmt,
      .view_min_level = (uint8_t)base_level,
      .view_min_layer = base_layer,
      .width = w0,
      .height = is_1d_array ? 1 : h0,
      .depth = is3d ? d0 : 1,
      .array_layers = nlayers,
      .view_of = root->res,
   };
   fe_resource_send(ctx->share, &desc, false);
   tex->created = true;
   tex->res_format = fmt;
   tex->res_width = w0;
   tex->res_height = desc.height;
   tex->res_depth = desc.depth;
   tex->res_levels = nlevels;
   tex->res_layers = nlayers;
   fe_tex_texture_changed(ctx, tex);
   fe_share_bump(ctx->share, &ctx->share->attach_gen);
}
