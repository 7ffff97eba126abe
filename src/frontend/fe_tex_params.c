/* fe_tex_params.c — texture completeness, the sampling state sent to the renderer, and
 * glTexParameter* / glGetTexParameter*. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fe_enum.h"
#include "checked.h"
#include "fe_cso.h"
#include "fe_es_ext.h"
#include "fe_ff_enums.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_texture_priv.h"
#include "fe_texcompress.h"
#include "fe_tracker.h"
#include "gl_api.h"
#include "log.h"

/* ---- completeness ---------------------------------------------------------------------------- */

static bool
is_mipmap_filter(GLenum f)
{
   return f != GL_NEAREST && f != GL_LINEAR;
}

static bool
compute_complete(const struct fe_texture *tex, GLenum min_filter, GLenum mag_filter,
                 uint16_t *min_level, uint16_t *num_levels)
{
   const struct fe_tex_params *p = &tex->params; /* levels: always the texture's */
   if (tex->target == FE_TEX_BUFFER) {
      /* no levels, no sampler state: complete once a buffer is attached */
      *min_level = 0;
      *num_levels = 1;
      return tex->created && tex->buffer_obj;
   }
   if (!tex->created || p->base_level > p->max_level || p->base_level >= FE_MAX_LEVELS)
      return false;
   unsigned base = (unsigned)p->base_level;
   unsigned faces = fe_tex_face_count(tex);
   const bool is3d = tex->target == FE_TEX_3D,
              is_array = tex->target == FE_TEX_2D_ARRAY || tex->target == FE_TEX_CUBE_ARRAY;
   const struct fe_tex_image *b = &tex->image[0][base];
   if (!b->defined || !b->width || !b->height || !b->depth)
      return false;
   for (unsigned f = 1; f < faces; f++) {
      const struct fe_tex_image *i = &tex->image[f][base];
      if (!i->defined || i->width != b->width || i->height != b->height ||
          i->internal_format != b->internal_format)
         return false;
   }
   unsigned last = base;
   const bool ms = tex->target == FE_TEX_2D_MS || tex->target == FE_TEX_2D_MS_ARRAY;
   if (ms) {
      /* one level, no sampler state (GL 3.3 §3.8.14: always complete once specified) */
      if (tex->res_format != b->format || !tex->res_levels)
         return false;
      *min_level = 0;
      *num_levels = 1;
      return true;
   }
   const bool is_1d_array = tex->target == FE_TEX_1D_ARRAY; /* height: layers */
   if (is_mipmap_filter(min_filter) && tex->target != FE_TEX_RECT) {
      unsigned q = base +
                   fe_tex_level_count(is3d && b->depth > b->width ? b->depth : b->width,
                                      is_1d_array ? 1 : b->height) -
                   1;
      if ((GLint)q > p->max_level)
         q = (unsigned)p->max_level;
      /* glTexStorage: only its levels exist; a texture view: only the view's */
      const unsigned have = tex->view_root ? tex->view_num_levels : tex->immutable_levels;
      if (tex->immutable && q >= have)
         q = have - 1u;
      if (q >= FE_MAX_LEVELS)
         q = FE_MAX_LEVELS - 1;
      for (unsigned l = base + 1; l <= q; l++) {
         for (unsigned f = 0; f < faces; f++) {
            const struct fe_tex_image *i = &tex->image[f][l];
            if (!i->defined || i->width != fe_tex_minify(b->width, l - base) ||
                i->height != (is_1d_array ? b->height : fe_tex_minify(b->height, l - base)) ||
                i->depth != (is3d ? fe_tex_minify(b->depth, l - base) : b->depth) ||
                i->internal_format != b->internal_format)
               return false;
         }
      }
      last = q;
   }
   const struct fe_mgp_format_desc *fd = fe_mgp_format(b->format);
   /* GL 4.6 §8.17: integer texels, and a depth/stencil texture's stencil
    * (DEPTH_STENCIL_TEXTURE_MODE STENCIL_INDEX), are not filtered */
   const bool stencil = p->stencil_index && fd->kind == FE_FMT_DEPTH_STENCIL;
   if ((fd->kind == FE_FMT_INT || fd->kind == FE_FMT_UINT || stencil) &&
       (mag_filter != GL_NEAREST ||
        (min_filter != GL_NEAREST && min_filter != GL_NEAREST_MIPMAP_NEAREST)))
      return false;
   /* The resource must hold those levels in that shape. */
   if (tex->res_format != b->format || last >= tex->res_levels ||
       fe_tex_minify(tex->res_width, base) != b->width ||
       (is_1d_array ? tex->res_layers != b->height
                    : fe_tex_minify(tex->res_height, base) != b->height) ||
       (is3d && fe_tex_minify(tex->res_depth, base) != b->depth) ||
       (is_array && tex->res_layers != b->depth))
      return false;
   *min_level = (uint16_t)base;
   *num_levels = (uint16_t)(last - base + 1);
   return true;
}

/* GL 3.3 §3.8.2: sampler-object state that glTexParameter would refuse for a rectangle
 * texture (a REPEAT or MIRRORED_REPEAT wrap, a mipmap minification filter) makes the texture
 * incomplete on that unit. The texture's own state can never hold those values. */
static bool
rect_sampling_allowed(const struct fe_tex_params *p)
{
   const GLenum wrap[3] = {p->wrap_s, p->wrap_t, p->wrap_r};
   for (int i = 0; i < 3; i++)
      if (wrap[i] == GL_REPEAT || wrap[i] == GL_MIRRORED_REPEAT)
         return false;
   return !is_mipmap_filter(p->min_filter);
}

bool
fe_texture_complete(struct fe_texture *tex, const struct fe_tex_params *sampling,
                    uint16_t *min_level, uint16_t *num_levels)
{
   if (tex->target == FE_TEX_RECT && !rect_sampling_allowed(sampling))
      return false;
   if (tex->memo_version != tex->version || tex->memo_min_filter != sampling->min_filter ||
       tex->memo_mag_filter != sampling->mag_filter) {
      tex->memo_complete = compute_complete(tex, sampling->min_filter, sampling->mag_filter,
                                            &tex->memo_min_level, &tex->memo_num_levels);
      tex->memo_version = tex->version;
      tex->memo_min_filter = sampling->min_filter;
      tex->memo_mag_filter = sampling->mag_filter;
   }
   *min_level = tex->memo_min_level;
   *num_levels = tex->memo_num_levels;
   return tex->memo_complete;
}

/* ---- parameters ---------------------------------------------------------------------------- */

static uint8_t
swizzle_code(GLenum s)
{
   switch (s) {
   case GL_RED: return 0;
   case GL_GREEN: return 1;
   case GL_BLUE: return 2;
   case GL_ALPHA: return 3;
   case GL_ZERO: return 4;
   default: return 5;
   }
}

static bool
min_filter_linear(GLenum f)
{
   return f == GL_LINEAR || f == GL_LINEAR_MIPMAP_NEAREST || f == GL_LINEAR_MIPMAP_LINEAR;
}

/* GL 2.1 §3.8.8: GL_CLAMP clamps the coordinate to [0, 1]; NEAREST then reads the edge texel
 * (as CLAMP_TO_EDGE), LINEAR mixes the edge texels with the border colour (as CLAMP_TO_BORDER
 * of the clamped coordinate; the fixed-function fragment shader clamps it, fe_ff_program.c).
 * One Vulkan address mode serves both filters only when minification and magnification filter
 * alike; otherwise the magnification filter chooses, and the other filter's edge is the
 * decline. */
static unsigned
wrap_mode(GLenum wrap, const struct fe_tex_params *p)
{
   if (wrap != GL_CLAMP)
      return fe_mgp_wrap(wrap);
   const bool min_linear = min_filter_linear(p->min_filter);
   const bool mag_linear = p->mag_filter == GL_LINEAR;
   if (min_linear != mag_linear)
      MGU_DECLINE(gl_clamp_mixed_filters,
                  "GL_CLAMP with min filter 0x%04x and mag filter 0x%04x: %s for both",
                  p->min_filter, p->mag_filter, mag_linear ? "CLAMP_TO_BORDER" : "CLAMP_TO_EDGE");
   return mag_linear ? MGP_WRAP_CLAMP_TO_BORDER : MGP_WRAP_CLAMP_TO_EDGE;
}

bool
fe_tex_params_gl_clamp_border(const struct fe_tex_params *p, unsigned coord)
{
   const GLenum w = coord == 0 ? p->wrap_s : coord == 1 ? p->wrap_t : p->wrap_r;
   return w == GL_CLAMP && p->mag_filter == GL_LINEAR;
}

void
fe_tex_params_sampler_state(const struct fe_tex_params *p, struct mgp_sampler_state *out)
{
   memset(out, 0, sizeof(*out));
   out->wrap_s = (uint16_t)wrap_mode(p->wrap_s, p);
   out->wrap_t = (uint16_t)wrap_mode(p->wrap_t, p);
   out->wrap_r = (uint16_t)wrap_mode(p->wrap_r, p);
   out->min_filter = (uint16_t)fe_mgp_filter(p->min_filter);
   out->mag_filter = (uint16_t)fe_mgp_filter(p->mag_filter);
   out->compare_mode = (uint16_t)fe_mgp_compare_mode(p->compare_mode);
   out->compare_func = (uint16_t)fe_mgp_compare_func(p->compare_func);
   out->border_color_form = p->border_form;
   out->min_lod = p->min_lod;
   out->max_lod = p->max_lod;
   out->lod_bias = p->lod_bias;
   out->max_anisotropy = p->max_anisotropy;
   memcpy(out->border_color, p->border, sizeof(out->border_color));
}

/* GL 2.1 §3.8.15's decode of an sRGB texel's colour component. */
static float
srgb_to_linear(float c)
{
   return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

void
fe_tex_border_texels(const struct fe_texture *tex, unsigned level, unsigned levels, bool srgb,
                     struct mgp_sampler_state *st)
{
   if (level >= FE_MAX_LEVELS || !tex->image[0][level].border_uniform ||
       (st->wrap_s != MGP_WRAP_CLAMP_TO_BORDER && st->wrap_t != MGP_WRAP_CLAMP_TO_BORDER &&
        st->wrap_r != MGP_WRAP_CLAMP_TO_BORDER))
      return;
   const float *rgba = tex->image[0][level].border_rgba;
   const unsigned faces = tex->target == FE_TEX_CUBE ? 6 : 1;
   for (unsigned f = 0; f < faces; f++)
      for (unsigned l = level; l < level + levels && l < FE_MAX_LEVELS; l++) {
         const struct fe_tex_image *img = &tex->image[f][l];
         if (!img->border_uniform || memcmp(img->border_rgba, rgba, sizeof(img->border_rgba))) {
            MGU_DECLINE(gl_texture_border_stripped,
                        "levels %u to %u of a texture whose borders are not one colour: "
                        "sampled with the border colour",
                        level, level + levels - 1);
            return;
         }
      }
   /* the texels' colour, as a texel of the image reads (an sRGB one decoded; the border
    * colour is linear) */
   st->border_color_form = 0;
   for (unsigned c = 0; c < 4; c++)
      st->border_color[c] = fe_f2u(srgb && c < 3 ? srgb_to_linear(rgba[c]) : rgba[c]);
}

/* A float border component clamped to [lo, hi]; NaN reads 0 and -0 reads +0, so that a clamped
 * black or white is one of the device's standard borders (no custom border sampler used up). */
static uint32_t
clamp_float_border(uint32_t bits, float lo, float hi)
{
   const float v = fe_u2f(bits);
   if (v != v || v == 0.0f)
      return fe_f2u(0.0f);
   return fe_f2u(v < lo ? lo : v > hi ? hi : v);
}

/* An integer border component clamped to the range of a bits-wide component (1 to 32). */
static uint32_t
clamp_int_border(uint32_t bits, bool is_signed, unsigned width)
{
   if (width >= 32)
      return bits;
   if (!is_signed) {
      const uint32_t max = (1u << width) - 1u;
      return bits > max ? max : bits;
   }
   const int32_t max = (int32_t)((1u << (width - 1)) - 1u), min = -max - 1;
   const int32_t v = (int32_t)bits;
   return (uint32_t)(v < min ? min : v > max ? max : v);
}

/* The largest finite value component c of a float format narrower than 32 bits stores, 0 for
 * a 32-bit float (every float value its own); *is_signed: whether it stores negatives. Half
 * floats, and the packed unsigned 11- and 10-bit floats, have a 5-bit exponent over 10, 6 and 5
 * mantissa bits: (2 - 2^-m) * 2^15. RGB9_E5's 9-bit mantissas carry no implicit one under a
 * shared exponent: 511/512 * 2^16. The BPTC float formats are decoded to half floats; the
 * unsigned one stores no negative. */
static float
float_component_max(const struct fe_format_info *info, const struct mgp_format_desc *d, unsigned c,
                    bool *is_signed)
{
   *is_signed = false;
   if (info->format == MGP_FORMAT_R11G11B10_FLOAT)
      return c == 2 ? 64512.0f : 65024.0f;
   if (info->format == MGP_FORMAT_RGB9E5_FLOAT)
      return 65408.0f;
   if (d->bits[c] != 16)
      return 0.0f;
   *is_signed = info->block != FE_BLOCK_BC6H_UFLOAT;
   return 65504.0f;
}

/* A float border component past what component c of a float format stores, clamped to its
 * finite range (an infinity a device would store for it is no value GL's border has). A signed
 * one keeps NaN and -0 as a half float stores them; an unsigned one reads them as 0, as the
 * normalized clamp does. */
static uint32_t
clamp_float_format_border(const struct fe_format_info *info, const struct mgp_format_desc *d,
                          unsigned c, uint32_t bits)
{
   bool is_signed;
   const float max = float_component_max(info, d, c, &is_signed);
   if (max == 0.0f)
      return bits;
   if (!is_signed)
      return clamp_float_border(bits, 0.0f, max);
   const float v = fe_u2f(bits);
   return v > max ? fe_f2u(max) : v < -max ? fe_f2u(-max) : bits;
}

/* GL 3.3 §3.8.10 (GL 4.6 §8.14.2): the border colour is clamped to what the texture's format
 * stores: an integer format's range per component width and signedness, [0, 1] unsigned and
 * [-1, 1] signed normalized, a float format's finite range (clamp_float_format_border; a
 * 32-bit float keeps it). A depth format takes the first component
 * as its depth (a normalized depth's clamped to [0, 1]); stencil sampling reads 8-bit unsigned
 * integers. An integer border on an integer texture is read as the texture's type, whichever
 * of glTexParameterIiv and Iuiv set it (a mismatch is undefined in GL; the bits are kept, as
 * the query keeps them), and a float border on an integer texture or an integer one on a
 * float or normalized texture, both undefined, cross unchanged. Vulkan leaves a custom border
 * outside the format's range undefined (devices differ), so the clamp is the front end's. */
static void
clamp_border_to_format(const struct fe_format_info *info, bool stencil,
                       struct mgp_sampler_state *st)
{
   if (!info)
      return;
   const struct mgp_format_desc *d = fe_mgp_format(info->format);
   const bool ints = st->border_color_form != 0;
   const unsigned kind = d->kind;
   if (stencil || kind == MGP_FORMAT_KIND_STENCIL) {
      if (ints) {
         st->border_color[0] = clamp_int_border(st->border_color[0], false, 8);
         st->border_color_form = 2;
      }
      return;
   }
   if (kind == MGP_FORMAT_KIND_DEPTH || kind == MGP_FORMAT_KIND_DEPTH_STENCIL) {
      const bool float_depth =
         info->format == MGP_FORMAT_D32_FLOAT || info->format == MGP_FORMAT_D32_FLOAT_S8_UINT;
      if (!ints && !float_depth)
         st->border_color[0] = clamp_float_border(st->border_color[0], 0.0f, 1.0f);
      return;
   }
   for (unsigned c = 0; c < 4; c++) {
      if (d->bits[c] == 0)
         continue; /* not stored: fe_tex_border_for_base gives it the base format's value */
      if (!ints && kind == MGP_FORMAT_KIND_UNORM)
         st->border_color[c] = clamp_float_border(st->border_color[c], 0.0f, 1.0f);
      else if (!ints && kind == MGP_FORMAT_KIND_SNORM)
         st->border_color[c] = clamp_float_border(st->border_color[c], -1.0f, 1.0f);
      else if (!ints && kind == MGP_FORMAT_KIND_FLOAT)
         st->border_color[c] = clamp_float_format_border(info, d, c, st->border_color[c]);
      else if (ints && (kind == MGP_FORMAT_KIND_UINT || kind == MGP_FORMAT_KIND_SINT))
         st->border_color[c] =
            clamp_int_border(st->border_color[c], kind == MGP_FORMAT_KIND_SINT, d->bits[c]);
   }
   if (ints && kind == MGP_FORMAT_KIND_UINT)
      st->border_color_form = 2;
   else if (ints && kind == MGP_FORMAT_KIND_SINT)
      st->border_color_form = 1;
}

void
fe_tex_border_for_base(const struct fe_texture *tex, unsigned level, struct mgp_sampler_state *st)
{
   if (level >= FE_MAX_LEVELS ||
       (st->wrap_s != MGP_WRAP_CLAMP_TO_BORDER && st->wrap_t != MGP_WRAP_CLAMP_TO_BORDER &&
        st->wrap_r != MGP_WRAP_CLAMP_TO_BORDER))
      return;
   const struct fe_tex_image *img = &tex->image[0][level];
   const struct fe_format_info *info = img->defined ? fe_format_lookup(img->internal_format) : NULL;
   clamp_border_to_format(info, tex->params.stencil_index && info && info->base == GL_DEPTH_STENCIL,
                          st);
   /* an integer border (glTexParameterIiv/Iuiv) is the integers themselves: no luminance/alpha
    * base takes one, and a RED/RG/RGB base reads its missing components as integer 0 and 1 */
   const bool ints = st->border_color_form != 0;
   const uint32_t zero = ints ? 0u : fe_f2u(0.0f), one = ints ? 1u : fe_f2u(1.0f);
   /* GL 2.1 §3.8.8: the border of a luminance/alpha image is converted to its base format
    * (table 3.15) as a texel is; such an image is read through the swizzle that takes its
    * alpha from the stored R (ALPHA) or G (LUMINANCE_ALPHA), which applies to the border as
    * well, so the border's alpha goes where the stored alpha is (kept in RGBA, in A already:
    * fe_format_legacy_wide) */
   const bool wide = fe_format_legacy_wide(info);
   if (!ints && info && info->base == GL_ALPHA && !wide)
      st->border_color[0] = st->border_color[3];
   else if (!ints && info && info->base == FE_GL_LUMINANCE_ALPHA && !wide)
      st->border_color[1] = st->border_color[3];
   if (!fe_format_no_alpha(info))
      return;
   /* GL 3.3 §3.8.10: the border is read as the base format reads a texel (table 3.11): RED
    * (R, 0, 0, 1), RG (R, G, 0, 1), RGB (R, G, B, 1); the storage keeps the other components,
    * which a border replacing the whole texel would show */
   if (info->base == GL_RED)
      st->border_color[1] = zero;
   if (info->base != GL_RGB)
      st->border_color[2] = zero;
   st->border_color[3] = one;
}

/* The luminance/alpha base of the texture's base image: 0 none, 1 LUMINANCE, 2 ALPHA,
 * 3 LUMINANCE_ALPHA, 4 INTENSITY; a depth image in a compatibility context reads as its
 * GL_DEPTH_TEXTURE_MODE says (RED: 0, the depth view's own (d, 0, 0, 1)), *depth then set. */
static uint8_t
legacy_base(const struct fe_context *ctx, const struct fe_texture *tex, bool *depth)
{
   const unsigned level = tex->params.base_level < FE_MAX_LEVELS ? tex->params.base_level : 0;
   const struct fe_tex_image *img = &tex->image[0][level];
   const struct fe_format_info *info = img->defined ? fe_format_lookup(img->internal_format) : NULL;
   if (info && info->base == GL_DEPTH_STENCIL && tex->params.stencil_index)
      return 0; /* the stencil it samples reads (s, 0, 0, 1), whatever GL_DEPTH_TEXTURE_MODE */
   if (info && (info->base == GL_DEPTH_COMPONENT || info->base == GL_DEPTH_STENCIL) &&
       ctx->desc.api == FE_API_GL_COMPAT) {
      const GLenum m = tex->params.depth_mode;
      *depth = true;
      /* with comparisons on, GL_ALPHA reads as GL_INTENSITY (Mesa's choice): a comparison is
       * one scalar in Vulkan, the swizzled red, which GL_ALPHA's would make 0 where a GLSL
       * 1.30+ shadow lookup returns the comparison; GLSL 1.10's shadow*() and fixed function
       * make (0, 0, 0, r) of it themselves (fe_tex_depth_mode_expand, fe_ff_program.c) */
      if (m == GL_ALPHA && tex->params.compare_mode != GL_NONE)
         return 4;
      return m == FE_GL_LUMINANCE ? 1 : m == GL_ALPHA ? 2 : m == FE_GL_INTENSITY ? 4 : 0;
   }
   if (!fe_format_is_legacy(info))
      return 0;
   if (fe_format_legacy_wide(info))
      return info->base == GL_ALPHA ? 5 : 6; /* kept in RGBA: A in A */
   return info->base == FE_GL_LUMINANCE         ? 1
          : info->base == GL_ALPHA              ? 2
          : info->base == FE_GL_LUMINANCE_ALPHA ? 3
                                                : 4;
}

void
fe_texture_send_params(struct fe_context *ctx, struct fe_texture *tex)
{
   bool depth = false;
   const uint8_t legacy = legacy_base(ctx, tex, &depth);
   if (tex->params_sent == tex->params_version && tex->params_sent_ctx == ctx &&
       tex->params_sent_legacy == legacy)
      return;
   if (!fe_pipe_has(ctx, MGP_CALL_set_texture_params))
      return; /* base/max level, swizzle and LOD ranges are not applied */
   const struct fe_tex_params *p = &tex->params;
   struct mgp_texture_params a = {
      .res = tex->res,
      .base_level = (uint16_t)(p->base_level > 0xffff ? 0xffff : p->base_level),
      .max_level = (uint16_t)(p->max_level > 0xffff ? 0xffff : p->max_level),
      .min_lod = p->min_lod,
      .max_lod = p->max_lod,
      .lod_bias = p->lod_bias,
      .depth_stencil_mode = p->stencil_index ? 1 : 0,
   };
   /* where the stored R (and G) hold luminance/alpha, the app's swizzle picks from what GL
    * reads them as: L (R, R, R, 1), A (0, 0, 0, R), LA (R, R, R, G), I (R, R, R, R); kept in
    * RGBA (fe_format_legacy_wide): A (0, 0, 0, A), LA (R, R, R, A) */
   static const uint8_t legacy_map[7][4] = {{0, 1, 2, 3}, {0, 0, 0, 5}, {4, 4, 4, 0}, {0, 0, 0, 1},
                                            {0, 0, 0, 0}, {4, 4, 4, 3}, {0, 0, 0, 3}};
   for (int i = 0; i < 4; i++) {
      const uint8_t c = swizzle_code(p->swizzle[i]);
      a.swizzle[i] = c < 4 ? legacy_map[legacy][c] : c;
   }
   mgp_set_texture_params(&ctx->pipe, &a);
   tex->params_sent_legacy = legacy;
   tex->params_sent = tex->params_version;
   tex->params_sent_ctx = ctx;
}

void
fe_tex_depth_mode_expand(const struct fe_context *ctx, const struct fe_texture *tex, float mul[4],
                         float add[4])
{
   /* the mode's vector of the comparison r, per component: 0 zero, 1 r, 2 one */
   static const uint8_t modes[4][4] = {{1, 0, 0, 2}, {1, 1, 1, 2}, {1, 1, 1, 1}, {0, 0, 0, 1}};
   bool depth = false;
   int m = 0; /* GL_RED: a core context's, and a colour texture's (undefined in GL) */
   if (tex) {
      legacy_base(ctx, tex, &depth);
      const GLenum dm = tex->params.depth_mode;
      m = !depth                  ? 0
          : dm == FE_GL_LUMINANCE ? 1
          : dm == FE_GL_INTENSITY ? 2
          : dm == GL_ALPHA        ? 3
                                  : 0;
   }
   for (int i = 0; i < 4; i++) {
      const uint8_t c = tex ? swizzle_code(tex->params.swizzle[i]) : (uint8_t)i;
      const uint8_t v = c < 4 ? modes[m][c] : c == 4 ? 0 : 2;
      mul[i] = v == 1 ? 1.0f : 0.0f;
      add[i] = v == 2 ? 1.0f : 0.0f;
   }
}

static bool
is_wrap(GLenum w, bool compat, bool mirror_clamp)
{
   return w == GL_REPEAT || w == GL_CLAMP_TO_EDGE || w == GL_CLAMP_TO_BORDER ||
          w == GL_MIRRORED_REPEAT || (compat && w == GL_CLAMP) ||
          (mirror_clamp && w == GL_MIRROR_CLAMP_TO_EDGE);
}

bool
fe_mirror_clamp_offered(struct fe_context *ctx)
{
   if (ctx->desc.api == FE_API_GLES) /* EXT_texture_mirror_clamp_to_edge, on the same cap */
      return fe_es_ext_on(ctx, FE_ES_EXT_MIRROR_CLAMP);
   return (ctx->share->caps->cap_bits & MGP_CAP_MIRROR_CLAMP_TO_EDGE) != 0;
}

bool
fe_stencil_texturing_offered(const struct fe_context *ctx)
{
   return (ctx->desc.api != FE_API_GLES || fe_es31(ctx)) &&
          (ctx->share->caps->cap_bits & MGP_CAP_STENCIL_TEXTURING) != 0;
}

bool
fe_texture_stencil8_offered(const struct fe_context *ctx)
{
   /* ES 3.1 contexts: OES_texture_stencil8 */
   return (ctx->desc.api != FE_API_GLES || fe_es31(ctx)) &&
          (ctx->share->caps->cap_bits & MGP_CAP_TEXTURE_STENCIL8) != 0;
}

const struct fe_format_info *
fe_tex_format_lookup(const struct fe_context *ctx, GLint *internalformat, bool unsized_ok)
{
   const bool stencil8 = fe_texture_stencil8_offered(ctx);
   if (*internalformat == GL_STENCIL_INDEX && unsized_ok && stencil8)
      *internalformat = GL_STENCIL_INDEX8;
   /* fe_format_lookup's GL_STENCIL_INDEX8 is a renderbuffer format only */
   static const struct fe_format_info stencil8_texture = {GL_STENCIL_INDEX8,
                                                          MGP_FORMAT_S8_UINT,
                                                          GL_STENCIL_INDEX,
                                                          FE_FMT_STENCIL,
                                                          false,
                                                          true,
                                                          0,
                                                          false};
   if (*internalformat == GL_STENCIL_INDEX8 && stencil8)
      return &stencil8_texture;
   /* ES: the 16-bit normalized formats with EXT_texture_norm16 */
   if (fe_es_format_lacks((struct fe_context *)ctx, (GLenum)*internalformat))
      return NULL;
   return fe_format_lookup((GLenum)*internalformat);
}

static bool
is_swizzle(GLenum s)
{
   return s == GL_RED || s == GL_GREEN || s == GL_BLUE || s == GL_ALPHA || s == GL_ZERO ||
          s == GL_ONE;
}

/* An enum passed as a number: out-of-range values become 0, which no check accepts (a float
 * past GLenum's range must not be converted). */
static GLenum
as_enum(double v)
{
   return v >= 0.0 && v <= 4294967295.0 ? (GLenum)v : 0;
}

GLenum
fe_sampling_param_set(struct fe_tex_params *p, GLenum pname, const double *vals,
                      const uint32_t *bits, int form, bool vector, bool rect, bool es, bool compat,
                      bool mirror_clamp)
{
   GLenum e = as_enum(vals[0]);
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      if (e != GL_NEAREST && e != GL_LINEAR && e != GL_NEAREST_MIPMAP_NEAREST &&
          e != GL_LINEAR_MIPMAP_NEAREST && e != GL_NEAREST_MIPMAP_LINEAR &&
          e != GL_LINEAR_MIPMAP_LINEAR)
         return GL_INVALID_ENUM;
      if (rect && e != GL_NEAREST && e != GL_LINEAR)
         return GL_INVALID_ENUM;
      p->min_filter = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_MAG_FILTER:
      if (e != GL_NEAREST && e != GL_LINEAR)
         return GL_INVALID_ENUM;
      p->mag_filter = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
      /* CLAMP_TO_BORDER: ES's through EXT/OES_texture_border_clamp; GL_CLAMP: compatibility */
      if (!is_wrap(e, compat, mirror_clamp))
         return GL_INVALID_ENUM;
      /* GL 4.6 8.14.2: a rectangle texture only clamps */
      if (rect && (e == GL_REPEAT || e == GL_MIRRORED_REPEAT || e == GL_MIRROR_CLAMP_TO_EDGE))
         return GL_INVALID_ENUM;
      if (pname == GL_TEXTURE_WRAP_S)
         p->wrap_s = e;
      else if (pname == GL_TEXTURE_WRAP_T)
         p->wrap_t = e;
      else
         p->wrap_r = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_MIN_LOD: p->min_lod = (float)vals[0]; return GL_NO_ERROR;
   case GL_TEXTURE_MAX_LOD: p->max_lod = (float)vals[0]; return GL_NO_ERROR;
   case GL_TEXTURE_LOD_BIAS:
      if (es)
         return GL_INVALID_ENUM;
      p->lod_bias = (float)vals[0];
      return GL_NO_ERROR;
   case GL_TEXTURE_SRGB_DECODE_EXT: /* the caller lets it through only where offered */
      if (e != GL_DECODE_EXT && e != GL_SKIP_DECODE_EXT)
         return GL_INVALID_ENUM;
      p->skip_decode = e == GL_SKIP_DECODE_EXT;
      return GL_NO_ERROR;
   case GL_TEXTURE_CUBE_MAP_SEAMLESS: /* the caller lets it through only where offered */
      if (vals[0] != 0.0 && vals[0] != 1.0)
         return GL_INVALID_ENUM; /* GL_TRUE or GL_FALSE (Mesa: the sampler's GL_INVALID_VALUE) */
      p->seamless_cube = vals[0] != 0.0;
      return GL_NO_ERROR;
   case FE_GL_TEXTURE_MAX_ANISOTROPY: /* the caller lets it through only where offered */
      if (!(vals[0] >= 1.0))
         return GL_INVALID_VALUE;
      p->max_anisotropy = (float)vals[0];
      return GL_NO_ERROR;
   case GL_TEXTURE_COMPARE_MODE:
      if (e != GL_NONE && e != GL_COMPARE_REF_TO_TEXTURE)
         return GL_INVALID_ENUM;
      p->compare_mode = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_COMPARE_FUNC:
      if (!fe_is_compare_func(e))
         return GL_INVALID_ENUM;
      p->compare_func = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_BORDER_COLOR:
      /* a compatibility context takes the scalar call as (param, 0, 0, 0), as Mesa does
       * (piglit gl-1.0-beginend-coverage); GL 4.4 made it an error, in core */
      if (!vector && !compat)
         return GL_INVALID_ENUM;
      if (form == 0 || form == 3) {
         for (int i = 0; i < 4; i++) {
            float f = form == 3 ? (float)(vals[i] / 2147483647.0) : (float)vals[i];
            p->border[i] = fe_f2u(f);
         }
         p->border_form = 0;
      } else {
         memcpy(p->border, bits, sizeof(p->border));
         p->border_form = (uint8_t)form;
      }
      return GL_NO_ERROR;
   default: return GL_INVALID_ENUM;
   }
}

/* Texture parameter names an ES context does not have: ES 3.0 lacks the LOD bias and the border
 * colour; ES 2.0 has only the filters and the S/T wraps. Desktop GL has them all. */
static bool
es_lacks_tex_param(struct fe_context *ctx, GLenum pname)
{
   if (pname == FE_GL_TEXTURE_MAX_ANISOTROPY || pname == GL_TEXTURE_SRGB_DECODE_EXT ||
       pname == GL_TEXTURE_CUBE_MAP_SEAMLESS)
      return fe_es_lacks_sampling_param(ctx, pname);
   if (ctx->desc.api != FE_API_GLES)
      return false;
   if (pname == GL_TEXTURE_LOD_BIAS)
      return true;
   if (pname == GL_TEXTURE_WRAP_R && fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_3D))
      return false; /* OES_texture_3D's TEXTURE_WRAP_R_OES */
   /* (TEXTURE_MAX_LEVEL: APPLE_texture_max_level; BORDER_COLOR: EXT/OES_texture_border_clamp;
    * every ES context offers both) */
   return ctx->desc.major < 3 && pname != GL_TEXTURE_MIN_FILTER && pname != GL_TEXTURE_MAG_FILTER &&
          pname != GL_TEXTURE_WRAP_S && pname != GL_TEXTURE_WRAP_T &&
          pname != GL_TEXTURE_MAX_LEVEL && pname != GL_TEXTURE_BORDER_COLOR;
}

/* The sampler state fe_sampling_param_set sets (GL 4.6 table 23.18 and the extensions'). */
static bool
is_sampler_pname(GLenum pname)
{
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
   case GL_TEXTURE_MAG_FILTER:
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
   case GL_TEXTURE_MIN_LOD:
   case GL_TEXTURE_MAX_LOD:
   case GL_TEXTURE_LOD_BIAS:
   case GL_TEXTURE_SRGB_DECODE_EXT:
   case GL_TEXTURE_CUBE_MAP_SEAMLESS:
   case FE_GL_TEXTURE_MAX_ANISOTROPY:
   case GL_TEXTURE_COMPARE_MODE:
   case GL_TEXTURE_COMPARE_FUNC:
   case GL_TEXTURE_BORDER_COLOR: return true;
   default: return false;
   }
}

/* One glTexParameter* call (dsa: glTextureParameter*): the texture's own parameters (levels,
 * swizzle), else sampler state (fe_sampling_param_set). */
static void
tex_parameter(struct fe_context *ctx, struct fe_texture *tex, GLenum pname, const double *vals,
              const uint32_t *bits, int form, bool vector, bool dsa)
{
   const enum fe_tex_target t = tex->target;
   struct fe_tex_params *p = &tex->params;
   bool ms = t == FE_TEX_2D_MS || t == FE_TEX_2D_MS_ARRAY;
   bool rect = t == FE_TEX_RECT;
   bool params_change = false;
   FE_CHECK(es_lacks_tex_param(ctx, pname), GL_INVALID_ENUM);
   switch (pname) {
   case GL_TEXTURE_BASE_LEVEL:
      FE_CHECK(vals[0] < 0, GL_INVALID_VALUE);
      FE_CHECK((rect || ms) && vals[0] != 0, GL_INVALID_OPERATION);
      p->base_level = vals[0] > INT32_MAX ? INT32_MAX : (GLint)vals[0];
      /* GL 4.6 §8.17: an immutable texture's levels are its storage's (as Mesa, the value
       * kept and queried is the clamped one) */
      if (tex->immutable && p->base_level >= (GLint)tex->immutable_levels)
         p->base_level = (GLint)tex->immutable_levels - 1;
      params_change = true;
      break;
   case GL_TEXTURE_MAX_LEVEL:
      FE_CHECK(vals[0] < 0, GL_INVALID_VALUE);
      p->max_level = vals[0] > INT32_MAX ? INT32_MAX : (GLint)vals[0];
      if (tex->immutable && p->max_level >= (GLint)tex->immutable_levels)
         p->max_level = (GLint)tex->immutable_levels - 1;
      if (tex->immutable && p->max_level < p->base_level)
         p->max_level = p->base_level;
      params_change = true;
      break;
   case FE_GL_GENERATE_MIPMAP:
      FE_CHECK(ctx->desc.api != FE_API_GL_COMPAT || ms, GL_INVALID_ENUM);
      p->generate_mipmap = vals[0] != 0;
      break;
   case FE_GL_TEXTURE_PRIORITY:
      FE_CHECK(ctx->desc.api != FE_API_GL_COMPAT, GL_INVALID_ENUM);
      p->priority = vals[0] < 0.0 ? 0.0f : vals[0] > 1.0 ? 1.0f : (float)vals[0];
      break;
   case FE_GL_DEPTH_TEXTURE_MODE: {
      const GLenum m = as_enum(vals[0]);
      FE_CHECK(ctx->desc.api != FE_API_GL_COMPAT, GL_INVALID_ENUM);
      FE_CHECK(m != FE_GL_LUMINANCE && m != FE_GL_INTENSITY && m != GL_ALPHA && m != GL_RED,
               GL_INVALID_ENUM);
      p->depth_mode = m;
      params_change = true;
      break;
   }
   case GL_DEPTH_STENCIL_TEXTURE_MODE: {
      const GLenum m = as_enum(vals[0]);
      FE_CHECK(!fe_stencil_texturing_offered(ctx), GL_INVALID_ENUM);
      FE_CHECK(m != GL_DEPTH_COMPONENT && m != GL_STENCIL_INDEX, GL_INVALID_ENUM);
      p->stencil_index = m == GL_STENCIL_INDEX;
      params_change = true;
      break;
   }
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
      FE_CHECK(!is_swizzle(as_enum(vals[0])), GL_INVALID_ENUM);
      p->swizzle[pname - GL_TEXTURE_SWIZZLE_R] = as_enum(vals[0]);
      params_change = true;
      break;
   case GL_TEXTURE_SWIZZLE_RGBA:
      FE_CHECK(!vector, GL_INVALID_ENUM);
      for (int i = 0; i < 4; i++)
         FE_CHECK(!is_swizzle(as_enum(vals[i])), GL_INVALID_ENUM);
      for (int i = 0; i < 4; i++)
         p->swizzle[i] = as_enum(vals[i]);
      params_change = true;
      break;
   default: {
      /* A multisample texture has no sampler state (GL 4.6 §8.10): glTextureParameter*, which
       * names no target, raises GL_INVALID_OPERATION for a sampler state, glTexParameter*
       * GL_INVALID_ENUM for its multisample target */
      FE_CHECK(ms && dsa && is_sampler_pname(pname), GL_INVALID_OPERATION);
      FE_CHECK(ms, GL_INVALID_ENUM);
      GLenum err = fe_sampling_param_set(p, pname, vals, bits, form, vector, rect,
                                         ctx->desc.api == FE_API_GLES, ctx->compat,
                                         fe_mirror_clamp_offered(ctx));
      FE_CHECK(err != GL_NO_ERROR, err);
      /* The LOD range and bias also go by set_texture_params. */
      params_change =
         pname == GL_TEXTURE_MIN_LOD || pname == GL_TEXTURE_MAX_LOD || pname == GL_TEXTURE_LOD_BIAS;
      break;
   }
   }
   if (params_change)
      tex->params_version++;
   fe_tex_texture_changed(ctx, tex);
}

/* The texture whose parameters a glTexParameter* / glGetTexParameter* target names: NULL after
 * recording the error (buffer textures have none). */
static struct fe_texture *
param_target(struct fe_context *ctx, GLenum target)
{
   const int t = fe_tex_target_index(ctx, target);
   FE_CHECK(t < 0 || t == FE_TEX_BUFFER, GL_INVALID_ENUM, NULL);
   struct fe_texture *tex = fe_unit_texture(ctx, ctx->active_unit, (enum fe_tex_target)t);
   FE_CHECK(!tex, GL_OUT_OF_MEMORY, NULL);
   return tex;
}

/* The texture a glTextureParameter* / glGetTextureParameter* names (GL 4.6 §8.10): NULL after
 * recording the error. */
static struct fe_texture *
param_named(struct fe_context *ctx, GLuint texture)
{
   struct fe_texture *tex = fe_texture_named(ctx, texture);
   FE_CHECK(tex && tex->target == FE_TEX_BUFFER, GL_INVALID_ENUM, NULL);
   return tex;
}

/* A one-value parameter (glTexParameterf/i). */
static void
param_scalar(struct fe_context *ctx, struct fe_texture *tex, GLenum pname, double param, bool dsa)
{
   double v[4] = {param, 0, 0, 0};
   if (tex)
      tex_parameter(ctx, tex, pname, v, NULL, 0, false, dsa);
}

/* A vector parameter: form 0 GLfloat, 3 GLint, 1 GLint and 2 GLuint of the I forms (border
 * colours also as bits). */
static void
param_vector(struct fe_context *ctx, struct fe_texture *tex, GLenum pname, const void *params,
             int form, bool dsa)
{
   if (!tex)
      return;
   const bool vec = pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA;
   double v[4] = {0};
   uint32_t bits[4] = {0};
   for (int i = 0; i < (vec ? 4 : 1); i++) {
      v[i] = form == 0   ? (double)((const GLfloat *)params)[i]
             : form == 2 ? (double)((const GLuint *)params)[i]
                         : (double)((const GLint *)params)[i];
      if (vec && (form == 1 || form == 2))
         bits[i] = ((const uint32_t *)params)[i];
   }
   tex_parameter(ctx, tex, pname, v, form == 1 || form == 2 ? bits : NULL, form, true, dsa);
}

void
mgl_glTexParameterf(GLenum target, GLenum pname, GLfloat param)
{
   FE_CTX_OR_RETURN();
   param_scalar(ctx, param_target(ctx, target), pname, param, false);
}

void
mgl_glTexParameteri(GLenum target, GLenum pname, GLint param)
{
   FE_CTX_OR_RETURN();
   param_scalar(ctx, param_target(ctx, target), pname, param, false);
}

void
mgl_glTexParameterfv(GLenum target, GLenum pname, const GLfloat *params)
{
   FE_CTX_OR_RETURN();
   param_vector(ctx, param_target(ctx, target), pname, params, 0, false);
}

void
mgl_glTexParameteriv(GLenum target, GLenum pname, const GLint *params)
{
   FE_CTX_OR_RETURN();
   param_vector(ctx, param_target(ctx, target), pname, params, 3, false);
}

void
mgl_glTexParameterIiv(GLenum target, GLenum pname, const GLint *params)
{
   FE_CTX_OR_RETURN();
   param_vector(ctx, param_target(ctx, target), pname, params, 1, false);
}

void
mgl_glTexParameterIuiv(GLenum target, GLenum pname, const GLuint *params)
{
   FE_CTX_OR_RETURN();
   param_vector(ctx, param_target(ctx, target), pname, params, 2, false);
}

void
mgl_glTextureParameterf(GLuint texture, GLenum pname, GLfloat param)
{
   FE_CTX_OR_RETURN();
   param_scalar(ctx, param_named(ctx, texture), pname, param, true);
}

void
mgl_glTextureParameteri(GLuint texture, GLenum pname, GLint param)
{
   FE_CTX_OR_RETURN();
   param_scalar(ctx, param_named(ctx, texture), pname, param, true);
}

void
mgl_glTextureParameterfv(GLuint texture, GLenum pname, const GLfloat *params)
{
   FE_CTX_OR_RETURN();
   param_vector(ctx, param_named(ctx, texture), pname, params, 0, true);
}

void
mgl_glTextureParameteriv(GLuint texture, GLenum pname, const GLint *params)
{
   FE_CTX_OR_RETURN();
   param_vector(ctx, param_named(ctx, texture), pname, params, 3, true);
}

void
mgl_glTextureParameterIiv(GLuint texture, GLenum pname, const GLint *params)
{
   FE_CTX_OR_RETURN();
   param_vector(ctx, param_named(ctx, texture), pname, params, 1, true);
}

void
mgl_glTextureParameterIuiv(GLuint texture, GLenum pname, const GLuint *params)
{
   FE_CTX_OR_RETURN();
   param_vector(ctx, param_named(ctx, texture), pname, params, 2, true);
}

int
fe_sampling_param_get(const struct fe_tex_params *p, GLenum pname, double *out, uint32_t *bits,
                      uint8_t *form)
{
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER: out[0] = p->min_filter; return 1;
   case GL_TEXTURE_MAG_FILTER: out[0] = p->mag_filter; return 1;
   case GL_TEXTURE_WRAP_S: out[0] = p->wrap_s; return 1;
   case GL_TEXTURE_WRAP_T: out[0] = p->wrap_t; return 1;
   case GL_TEXTURE_WRAP_R: out[0] = p->wrap_r; return 1;
   case GL_TEXTURE_MIN_LOD: out[0] = p->min_lod; return 1;
   case GL_TEXTURE_MAX_LOD: out[0] = p->max_lod; return 1;
   case GL_TEXTURE_LOD_BIAS: out[0] = p->lod_bias; return 1;
   case GL_TEXTURE_COMPARE_MODE: out[0] = p->compare_mode; return 1;
   case GL_TEXTURE_COMPARE_FUNC: out[0] = p->compare_func; return 1;
   case FE_GL_TEXTURE_MAX_ANISOTROPY: out[0] = p->max_anisotropy; return 1;
   case GL_TEXTURE_SRGB_DECODE_EXT:
      out[0] = p->skip_decode ? GL_SKIP_DECODE_EXT : GL_DECODE_EXT;
      return 1;
   case GL_TEXTURE_CUBE_MAP_SEAMLESS: out[0] = p->seamless_cube; return 1;
   case GL_TEXTURE_BORDER_COLOR:
      memcpy(bits, p->border, 16);
      *form = p->border_form;
      for (int i = 0; i < 4; i++)
         out[i] = p->border_form == 0   ? fe_u2f(p->border[i])
                  : p->border_form == 1 ? (double)(int32_t)p->border[i]
                                        : p->border[i];
      return 4;
   default: return 0;
   }
}

void
fe_param_store(GLenum pname, int n, const double *v, const uint32_t *bits, uint8_t form, int kind,
               void *params)
{
   bool border = pname == GL_TEXTURE_BORDER_COLOR;
   for (int i = 0; i < n; i++) {
      switch (kind) {
      case 0: ((GLfloat *)params)[i] = (GLfloat)v[i]; break;
      case 1:
         if (border && form == 0) {
            /* Float colours map linearly to the integer range. */
            double f = v[i] < -1.0 ? -1.0 : v[i] > 1.0 ? 1.0 : v[i];
            ((GLint *)params)[i] = (GLint)(f * 2147483647.0);
         } else {
            /* GL 3.3 §6.1.2: a floating-point value read as an integer is rounded to nearest */
            double r = nearbyint(v[i]);
            ((GLint *)params)[i] = r >= 2147483647.0    ? INT32_MAX
                                   : r <= -2147483648.0 ? INT32_MIN
                                                        : (GLint)r;
         }
         break;
      case 2: ((GLint *)params)[i] = border ? (GLint)bits[i] : (GLint)v[i]; break;
      default: ((GLuint *)params)[i] = border ? bits[i] : (GLuint)v[i]; break;
      }
   }
}

/* glGetTexParameter*: up to 4 values as doubles; border colours also as bits. */
static int
get_tex_parameter(struct fe_context *ctx, const struct fe_texture *tex, GLenum pname, double *out,
                  uint32_t *bits, uint8_t *form)
{
   const struct fe_tex_params *p = &tex->params;
   if (es_lacks_tex_param(ctx, pname)) {
      fe_error(ctx, GL_INVALID_ENUM);
      return 0;
   }
   switch (pname) {
   case GL_TEXTURE_BASE_LEVEL: out[0] = p->base_level; return 1;
   case GL_TEXTURE_MAX_LEVEL: out[0] = p->max_level; return 1;
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A: out[0] = p->swizzle[pname - GL_TEXTURE_SWIZZLE_R]; return 1;
   case GL_TEXTURE_SWIZZLE_RGBA:
      for (int i = 0; i < 4; i++)
         out[i] = p->swizzle[i];
      return 4;
   case FE_GL_DEPTH_TEXTURE_MODE:
   case FE_GL_GENERATE_MIPMAP:
      if (ctx->desc.api != FE_API_GL_COMPAT) {
         fe_error(ctx, GL_INVALID_ENUM);
         return 0;
      }
      out[0] = pname == FE_GL_GENERATE_MIPMAP ? p->generate_mipmap : p->depth_mode;
      return 1;
   case FE_GL_TEXTURE_PRIORITY:
   case FE_GL_TEXTURE_RESIDENT:
      if (ctx->desc.api != FE_API_GL_COMPAT) {
         fe_error(ctx, GL_INVALID_ENUM);
         return 0;
      }
      out[0] = pname == FE_GL_TEXTURE_PRIORITY ? p->priority : 1.0; /* all resident */
      return 1;
   case GL_DEPTH_STENCIL_TEXTURE_MODE:
      if (!fe_stencil_texturing_offered(ctx)) {
         fe_error(ctx, GL_INVALID_ENUM);
         return 0;
      }
      out[0] = p->stencil_index ? GL_STENCIL_INDEX : GL_DEPTH_COMPONENT;
      return 1;
   case GL_TEXTURE_IMMUTABLE_FORMAT: out[0] = tex->immutable; return 1;
   case GL_TEXTURE_IMMUTABLE_LEVELS: out[0] = tex->immutable_levels; return 1;
   case GL_TEXTURE_VIEW_MIN_LEVEL:
   case GL_TEXTURE_VIEW_NUM_LEVELS:
   case GL_TEXTURE_VIEW_MIN_LAYER:
   case GL_TEXTURE_VIEW_NUM_LAYERS:
      if (!fe_texture_view_offered(ctx)) {
         fe_error(ctx, GL_INVALID_ENUM);
         return 0;
      }
      out[0] = fe_tex_view_param(tex, pname);
      return 1;
   case GL_IMAGE_FORMAT_COMPATIBILITY_TYPE: {
      /* GL 4.2 (ARB_shader_image_load_store): how image units match the base level's format */
      if (!fe_image_units(ctx)) {
         fe_error(ctx, GL_INVALID_ENUM);
         return 0;
      }
      const int base = p->base_level >= 0 && p->base_level < FE_MAX_LEVELS ? p->base_level : 0;
      const struct fe_tex_image *img = &tex->image[0][base];
      out[0] = img->defined ? (double)fe_image_format_compatibility(img->internal_format) : GL_NONE;
      return 1;
   }
   default: {
      int n = fe_sampling_param_get(p, pname, out, bits, form);
      if (!n)
         fe_error(ctx, GL_INVALID_ENUM);
      return n;
   }
   }
}

/* One glGet(Tex|Texture)Parameter* into params as fe_param_store's kind (tex NULL: the error
 * is recorded). */
static void
get_param(struct fe_context *ctx, const struct fe_texture *tex, GLenum pname, int kind,
          void *params)
{
   double v[4];
   uint32_t bits[4];
   uint8_t form = 0;
   if (!tex)
      return;
   const int n = get_tex_parameter(ctx, tex, pname, v, bits, &form);
   if (pname == GL_TEXTURE_BORDER_COLOR && form == 0 && kind < 2 && fe_clamp_color_queries(ctx))
      for (int i = 0; i < n; i++)
         v[i] = fe_clamp01(v[i]);
   fe_param_store(pname, n, v, bits, form, kind, params);
}

void
mgl_glGetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   get_param(ctx, param_target(ctx, target), pname, 0, params);
}

void
mgl_glGetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   get_param(ctx, param_target(ctx, target), pname, 1, params);
}

void
mgl_glGetTexParameterIiv(GLenum target, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   get_param(ctx, param_target(ctx, target), pname, 2, params);
}

void
mgl_glGetTexParameterIuiv(GLenum target, GLenum pname, GLuint *params)
{
   FE_CTX_OR_RETURN();
   get_param(ctx, param_target(ctx, target), pname, 3, params);
}

void
mgl_glGetTextureParameterfv(GLuint texture, GLenum pname, GLfloat *params)
{
   FE_CTX_OR_RETURN();
   get_param(ctx, param_named(ctx, texture), pname, 0, params);
}

void
mgl_glGetTextureParameteriv(GLuint texture, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   get_param(ctx, param_named(ctx, texture), pname, 1, params);
}

void
mgl_glGetTextureParameterIiv(GLuint texture, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   get_param(ctx, param_named(ctx, texture), pname, 2, params);
}

void
mgl_glGetTextureParameterIuiv(GLuint texture, GLenum pname, GLuint *params)
{
   FE_CTX_OR_RETURN();
   get_param(ctx, param_named(ctx, texture), pname, 3, params);
}
