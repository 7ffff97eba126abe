/* fe_es_ext.h — the OpenGL ES extensions an ES context offers: which ones (by ES version and
 * what the device can do), their names as glGetString(GL_EXTENSIONS) and glGetStringi list them,
 * and the ES-only enums they bring to calls that core ES 2.0 would refuse. */
#ifndef MGL_FE_ES_EXT_H
#define MGL_FE_ES_EXT_H

#include <GL/glcorearb.h>
#include <stdbool.h>

struct fe_context;

/* GL_HALF_FLOAT_OES (OES_texture_half_float, OES_vertex_half_float): not GL_HALF_FLOAT. */
#define FE_GL_HALF_FLOAT_OES 0x8D61
/* GL_ETC1_RGB8_OES (OES_compressed_ETC1_RGB8_texture). */
#define FE_GL_ETC1_RGB8_OES 0x8D64
/* GL_BGRA_EXT as an internal format (EXT_texture_format_BGRA8888). */
#define FE_GL_BGRA_EXT 0x80E1
/* GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES (OES_standard_derivatives). */
#define FE_GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES 0x8B8B
/* GL_WRITE_ONLY_OES (OES_mapbuffer) is GL_WRITE_ONLY. */
/* EXT_texture_filter_anisotropic. */
#define FE_GL_TEXTURE_MAX_ANISOTROPY 0x84FE
#define FE_GL_MAX_TEXTURE_MAX_ANISOTROPY 0x84FF

/* OpenGL ES 3.2 state (glcorearb.h has them with an _ARB suffix only). */
#define FE_GL_PRIMITIVE_BOUNDING_BOX 0x92BE
#define FE_GL_MULTISAMPLE_LINE_WIDTH_RANGE 0x9381
#define FE_GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY 0x9382

/* The extensions whose enums the front end gates on (the rest need no gate: their entry
 * points and enums are ES 3.0's, which mgl takes in every ES context). */
enum fe_es_ext {
   FE_ES_EXT_TEXTURE_HALF_FLOAT,
   FE_ES_EXT_TEXTURE_FLOAT,
   FE_ES_EXT_TEXTURE_3D,
   FE_ES_EXT_TEXTURE_FILTER_ANISOTROPIC,
   FE_ES_EXT_SHADER_IMAGE_ATOMIC,  /* its GLSL side: GLSL_DENY_ES_IMAGE_ATOMIC */
   FE_ES_EXT_DRAW_BUFFERS_INDEXED, /* glGetIntegeri_v of a draw buffer's blend function */
   FE_ES_EXT_MS_2D_ARRAY,          /* GLSL_DENY_ES_MS_2D_ARRAY, GL_TEXTURE_2D_MULTISAMPLE_ARRAY */
   /* GL 4.x commands and enums under ES names: the desktop ones, taken in an ES context only
    * where it lists the extension */
   FE_ES_EXT_BUFFER_STORAGE,          /* glBufferStorage, PERSISTENT/COHERENT maps, queries */
   FE_ES_EXT_CLEAR_TEXTURE,           /* glClearTexImage, glClearTexSubImage */
   FE_ES_EXT_CLIP_CONTROL,            /* glClipControl, CLIP_ORIGIN, CLIP_DEPTH_MODE */
   FE_ES_EXT_BASE_INSTANCE,           /* the glDraw*BaseInstance draws */
   FE_ES_EXT_POLYGON_OFFSET_CLAMP,    /* glPolygonOffsetClamp, POLYGON_OFFSET_CLAMP */
   FE_ES_EXT_MIRROR_CLAMP,            /* the wrap mode MIRROR_CLAMP_TO_EDGE */
   FE_ES_EXT_PARALLEL_SHADER_COMPILE, /* COMPLETION_STATUS, glMaxShaderCompilerThreadsKHR */
   FE_ES_EXT_VIEWPORT_ARRAY,          /* OES_viewport_array: the indexed viewports, scissors */
   FE_ES_EXT_TEXTURE_VIEW,            /* glTextureView, the TEXTURE_VIEW_* and IMMUTABLE_LEVELS */
   /* ES 3.1 formats desktop contexts have: fe_es_format_lacks */
   FE_ES_EXT_TEXTURE_NORM16, /* R16 ... RGBA16, R16_SNORM ... RGBA16_SNORM; the unorm render */
   FE_ES_EXT_RENDER_SNORM,   /* R8/RG8/RGBA8_SNORM (16-bit too with norm16) colour-renderable */
   FE_ES_EXT_SEPARATE_SHADER_OBJECTS, /* program pipelines in ES 3.0 (fe_separate_shaders_offered) */
   FE_ES_EXT_IMAGE_FORMATS,           /* NV_image_formats: GLSL_DENY_ES_IMAGE_FORMATS */
   FE_ES_EXT_COUNT,
};

/* The context's extension names and their count (glGetStringi), built on first use. */
const char *const *fe_es_extensions(struct fe_context *ctx, unsigned *n);
/* The same names joined by spaces (glGetString), or NULL when out of memory. */
const char *fe_es_extensions_string(struct fe_context *ctx);
/* The first of the extensions OpenGL ES 3.2 folds in (GL_KHR_blend_equation_advanced ...
 * GL_EXT_texture_cube_map_array) that an ES 3.1 context does not list, else "GLSL ES 3.20" while
 * the GLSL front end lacks it, or NULL when the context may be 3.2; "OpenGL ES 3.1" for a
 * context below 3.1. */
const char *fe_es32_lacks(struct fe_context *ctx);
/* Whether an ES context offers the extension (false in desktop contexts). */
bool fe_es_ext_on(struct fe_context *ctx, enum fe_es_ext e);
/* Whether the context is an ES one that does not offer the extension: its GL 4.x commands are
 * then GL_INVALID_OPERATION and its enums unknown names (false in desktop contexts). */
bool fe_es_ext_lacks(struct fe_context *ctx, enum fe_es_ext e);
/* Whether a texture or sampler parameter name is one this context lacks for want of its
 * extension (TEXTURE_MAX_ANISOTROPY_EXT without EXT_texture_filter_anisotropic,
 * TEXTURE_SRGB_DECODE_EXT without EXT_texture_sRGB_decode; desktop contexts too). */
bool fe_es_lacks_sampling_param(struct fe_context *ctx, GLenum pname);
/* Whether the device filters anisotropically (caps.max_anisotropy of 2 or more): desktop
 * contexts then list GL_ARB/EXT_texture_filter_anisotropic and take GL_TEXTURE_MAX_ANISOTROPY. */
bool fe_anisotropy_offered(const struct fe_context *ctx);
/* EXT_texture_sRGB_decode: desktop GL and ES 3.0+ where the backend samples an sRGB texture
 * undecoded (MGP_CAP_SRGB_SKIP_DECODE) */
bool fe_srgb_decode_offered(const struct fe_context *ctx);
/* ARB_seamless_cubemap_per_texture and AMD_seamless_cubemap_per_texture (GL_TEXTURE_CUBE_MAP_SEAMLESS
 * as a texture and sampler parameter): desktop contexts where the backend filters a cube map
 * within its faces (MGP_CAP_NON_SEAMLESS_CUBE; without it every cube map is seamless) */
bool fe_seamless_per_texture_offered(const struct fe_context *ctx);
/* Whether the context is an ES one that does not take this internal format for want of its
 * extension: the 16-bit normalized ones without EXT_texture_norm16 (false in desktop contexts). */
bool fe_es_format_lacks(struct fe_context *ctx, GLenum internal_format);
/* Whether an ES context renders a signed normalized format (its base RED, RG or RGBA):
 * EXT_render_snorm, and EXT_texture_norm16 for the 16-bit ones. */
bool fe_es_snorm_renders(struct fe_context *ctx, GLenum internal_format);
/* Frees what fe_es_extensions built. */
void fe_es_ext_finish(struct fe_context *ctx);

/* glTexImage in an ES context: the type HALF_FLOAT_OES becomes GL_HALF_FLOAT where
 * OES_texture_half_float is offered; an unsized internal format with a FLOAT or half-float type
 * becomes the float format OES_texture_(half_)float give it (ES 3.0 table 3.2 keeps those types
 * for sized formats only), and with UNSIGNED_INT_2_10_10_10_REV RGB10_A2
 * (EXT_texture_type_2_10_10_10_REV); the internal format BGRA_EXT is RGBA stored
 * (EXT_texture_format_BGRA8888). Desktop contexts: unchanged. */
void fe_es_tex_format(struct fe_context *ctx, GLint *internalformat, GLenum *type);
/* glTexImage2D in an ES context, before fe_es_tex_format: the unsized LUMINANCE, ALPHA and
 * LUMINANCE_ALPHA (ES 2.0/3.0 Table 3.3; internalformat must equal format, the type must be
 * UNSIGNED_BYTE, or FLOAT / HALF_FLOAT_OES where OES_texture_(half_)float is offered) become
 * the luminance/alpha internal format stored (fe_format_is_legacy) and the pixel format RED or
 * RG, whose bytes are the same. GL_NO_ERROR, else the error; desktop contexts: unchanged. */
GLenum fe_es_legacy_tex_format(struct fe_context *ctx, GLint *internalformat, GLenum *format,
                               GLenum *type);
/* The same for glTexSubImage2D into an image of internal format `stored` (0: undefined): the
 * format must be the image's own base and the type the one it was made with. */
GLenum fe_es_legacy_sub_format(struct fe_context *ctx, GLenum stored, GLenum *format, GLenum *type);
/* The type alone, for glTexSubImage and glReadPixels. */
GLenum fe_es_pixel_type(struct fe_context *ctx, GLenum type);

#endif
