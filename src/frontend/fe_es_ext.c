/* fe_es_ext.c — the OpenGL ES extensions an ES context offers, and the ES-only enums they let
 * through. Each row is an extension mgl implements in full in the context versions it names,
 * offered only where the device can do what it needs (format capabilities, query support) and
 * only once a test draws with it (scenarios es2_ext, es2_probe, es2_probe_fbo, es2_probe_more);
 * docs/ES-EXTENSIONS.md says why each one Mesa offers and this table lacks is not offered. */
#include <stdlib.h>
#include <string.h>

#include "fe_es_ext.h"
#include "fe_gl.h"

/* What a row needs of the device, beyond the context's ES version. */
enum need {
   NEED_NONE,
   NEED_OCCLUSION,        /* MGP_CAP_OCCLUSION_QUERY */
   NEED_HALF_SAMPLE,      /* RGBA16_FLOAT sampled */
   NEED_HALF_FILTER,      /* ... and filtered */
   NEED_FLOAT_SAMPLE,     /* RGBA32_FLOAT sampled */
   NEED_FLOAT_FILTER,     /* ... and filtered */
};

#define ES2 1u
#define ES3 2u

struct row {
   const char *name;
   unsigned versions;
   enum need need;
   int gate; /* enum fe_es_ext, or -1 */
};

/* Sorted as Mesa lists them: the ES 2.0-era names first, then KHR. */
static const struct row rows[] = {
   {"GL_EXT_blend_minmax", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_multi_draw_arrays", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_texture_compression_rgtc", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_texture_format_BGRA8888", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_compressed_ETC1_RGB8_texture", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_depth24", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_fbo_render_mipmap", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_element_index_uint", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_mapbuffer", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_rgb8_rgba8", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_standard_derivatives", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_texture_3D", ES2 | ES3, NEED_NONE, FE_ES_EXT_TEXTURE_3D},
   {"GL_OES_texture_float", ES2 | ES3, NEED_FLOAT_SAMPLE, FE_ES_EXT_TEXTURE_FLOAT},
   {"GL_OES_texture_float_linear", ES2 | ES3, NEED_FLOAT_FILTER, -1},
   {"GL_OES_texture_half_float", ES2 | ES3, NEED_HALF_SAMPLE, FE_ES_EXT_TEXTURE_HALF_FLOAT},
   {"GL_OES_texture_half_float_linear", ES2 | ES3, NEED_HALF_FILTER, -1},
   {"GL_OES_texture_npot", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_vertex_half_float", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_vertex_array_object", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_depth_texture", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_packed_depth_stencil", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_texture_type_2_10_10_10_REV", ES2 | ES3, NEED_NONE, -1},
   {"GL_NV_conditional_render", ES2 | ES3, NEED_OCCLUSION, -1},
   {"GL_EXT_discard_framebuffer", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_read_format_bgra", ES2 | ES3, NEED_NONE, -1},
   {"GL_NV_pack_subimage", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_frag_depth", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_occlusion_query_boolean", ES2 | ES3, NEED_OCCLUSION, -1},
   {"GL_EXT_texture_rg", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_unpack_subimage", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_draw_buffers", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_map_buffer_range", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_instanced_arrays", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_compressed_ETC1_RGB8_sub_texture", ES2 | ES3, NEED_NONE, -1},
   {"GL_EXT_draw_elements_base_vertex", ES2 | ES3, NEED_NONE, -1},
   {"GL_OES_draw_elements_base_vertex", ES2 | ES3, NEED_NONE, -1},
   {"GL_KHR_debug", ES2 | ES3, NEED_NONE, -1},
   {"GL_KHR_no_error", ES2 | ES3, NEED_NONE, -1},
};
#define NUM_ROWS (sizeof(rows) / sizeof(rows[0]))

struct fe_es_ext_list {
   const char *names[NUM_ROWS];
   unsigned count;
   bool on[FE_ES_EXT_COUNT];
   char *joined;
};

static bool
format_can(const struct mgp_caps *caps, uint16_t format, unsigned need)
{
   return (caps->format_flags[format] & need) == need;
}

static bool
device_has(const struct fe_context *ctx, enum need need)
{
   const struct mgp_caps *caps = ctx->share->caps;
   switch (need) {
   case NEED_NONE: return true;
   case NEED_OCCLUSION: return (caps->cap_bits & MGP_CAP_OCCLUSION_QUERY) != 0;
   case NEED_HALF_SAMPLE: return format_can(caps, MGP_FORMAT_RGBA16_FLOAT, MGP_FORMAT_CAP_SAMPLE);
   case NEED_HALF_FILTER:
      return format_can(caps, MGP_FORMAT_RGBA16_FLOAT,
                        MGP_FORMAT_CAP_SAMPLE | MGP_FORMAT_CAP_FILTER);
   case NEED_FLOAT_SAMPLE: return format_can(caps, MGP_FORMAT_RGBA32_FLOAT, MGP_FORMAT_CAP_SAMPLE);
   case NEED_FLOAT_FILTER:
      return format_can(caps, MGP_FORMAT_RGBA32_FLOAT,
                        MGP_FORMAT_CAP_SAMPLE | MGP_FORMAT_CAP_FILTER);
   }
   return false;
}

static struct fe_es_ext_list *
list_of(struct fe_context *ctx)
{
   if (ctx->es_ext || ctx->desc.api != FE_API_GLES)
      return ctx->es_ext;
   struct fe_es_ext_list *l = calloc(1, sizeof(*l));
   if (!l)
      return NULL;
   const unsigned version = ctx->desc.major == 2 ? ES2 : ES3;
   size_t len = 1;
   for (size_t k = 0; k < NUM_ROWS; k++) {
      if (!(rows[k].versions & version) || !device_has(ctx, rows[k].need))
         continue;
      l->names[l->count++] = rows[k].name;
      len += strlen(rows[k].name) + 1;
      if (rows[k].gate >= 0)
         l->on[rows[k].gate] = true;
   }
   l->joined = malloc(len);
   if (!l->joined) {
      free(l);
      return NULL;
   }
   char *p = l->joined;
   for (unsigned k = 0; k < l->count; k++) {
      const size_t n = strlen(l->names[k]);
      if (k)
         *p++ = ' ';
      memcpy(p, l->names[k], n);
      p += n;
   }
   *p = '\0';
   ctx->es_ext = l;
   return l;
}

const char *const *
fe_es_extensions(struct fe_context *ctx, unsigned *n)
{
   const struct fe_es_ext_list *l = list_of(ctx);
   *n = l ? l->count : 0;
   return l ? l->names : NULL;
}

const char *
fe_es_extensions_string(struct fe_context *ctx)
{
   const struct fe_es_ext_list *l = list_of(ctx);
   return l ? l->joined : NULL;
}

bool
fe_es_ext_on(struct fe_context *ctx, enum fe_es_ext e)
{
   const struct fe_es_ext_list *l = list_of(ctx);
   return l && l->on[e];
}

void
fe_es_ext_finish(struct fe_context *ctx)
{
   if (!ctx->es_ext)
      return;
   free(ctx->es_ext->joined);
   free(ctx->es_ext);
   ctx->es_ext = NULL;
}

GLenum
fe_es_pixel_type(struct fe_context *ctx, GLenum type)
{
   if (type == FE_GL_HALF_FLOAT_OES && fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_HALF_FLOAT))
      return GL_HALF_FLOAT;
   return type;
}

void
fe_es_tex_format(struct fe_context *ctx, GLint *internalformat, GLenum *type)
{
   if (ctx->desc.api != FE_API_GLES)
      return;
   const bool half = *type == FE_GL_HALF_FLOAT_OES &&
                     fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_HALF_FLOAT);
   const bool flt = *type == GL_FLOAT && fe_es_ext_on(ctx, FE_ES_EXT_TEXTURE_FLOAT);
   *type = fe_es_pixel_type(ctx, *type);
   if (*internalformat == FE_GL_BGRA_EXT) {
      *internalformat = GL_RGBA;
      return;
   }
   static const GLint unsized[4] = {GL_RED, GL_RG, GL_RGB, GL_RGBA};
   static const GLint as_half[4] = {GL_R16F, GL_RG16F, GL_RGB16F, GL_RGBA16F};
   static const GLint as_float[4] = {GL_R32F, GL_RG32F, GL_RGB32F, GL_RGBA32F};
   for (int k = 0; k < 4; k++) {
      if (*internalformat != unsized[k])
         continue;
      if (half)
         *internalformat = as_half[k];
      else if (flt)
         *internalformat = as_float[k];
      else if (k == 3 && *type == GL_UNSIGNED_INT_2_10_10_10_REV)
         *internalformat = GL_RGB10_A2;
      return;
   }
}
