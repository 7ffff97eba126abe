/* glb_format.c — the host's shape of each MGPipe format the GLES backend stores (the lowest
 * layer: caps and resources read it). A format GLES lacks has no row: BGRA8 (an extension),
 * 16-bit normalized only where the host has EXT_texture_norm16 (rows marked norm16; without it
 * the client falls back to RGBA16F for RGBA16, the others decline by name). X8_D24 is GLES 3.0's
 * DEPTH_COMPONENT24, whose GL_UNSIGNED_INT texels are the depth normalized to 32 bits where
 * MGPipe keeps it in the low 24 (uploads widen it: glb_resource.c:upload_depth24; reads narrow
 * it back); before branch mip48 it had no row and the client fell back to D32F. S8 is GLES
 * 3.2's STENCIL_INDEX8 (textures with OES_texture_stencil8 on 3.1). */
#include "glb.h"

#define RB true  /* colour-renderable in GLES 3.0 */
#define RBF true /* colour-renderable with EXT_color_buffer_float (core in GLES 3.2) */
#define NO false

/* internal, format, type, bytes, renderable, depth_stencil, integer, float_render, no_upload,
 * norm16 */
static const struct glb_format formats[MGP_FORMAT_COUNT] = {
   [MGP_FORMAT_R8_UNORM] = {GL_R8, GL_RED, GL_UNSIGNED_BYTE, 1, RB, NO, NO, NO, NO, NO},
   [MGP_FORMAT_RG8_UNORM] = {GL_RG8, GL_RG, GL_UNSIGNED_BYTE, 2, RB, NO, NO, NO, NO, NO},
   [MGP_FORMAT_RGB8_UNORM] = {GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, 3, RB, NO, NO, NO, NO, NO},
   [MGP_FORMAT_RGBA8_UNORM] = {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, RB, NO, NO, NO, NO, NO},
   [MGP_FORMAT_RGBA8_SRGB] = {GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, RB, NO, NO, NO, NO,
                              NO},
   [MGP_FORMAT_R8_SNORM] = {GL_R8_SNORM, GL_RED, GL_BYTE, 1, NO, NO, NO, NO, NO, NO},
   [MGP_FORMAT_RG8_SNORM] = {GL_RG8_SNORM, GL_RG, GL_BYTE, 2, NO, NO, NO, NO, NO, NO},
   [MGP_FORMAT_RGBA8_SNORM] = {GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, 4, NO, NO, NO, NO, NO, NO},
   [MGP_FORMAT_R8_UINT] = {GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, 1, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_RG8_UINT] = {GL_RG8UI, GL_RG_INTEGER, GL_UNSIGNED_BYTE, 2, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_RGBA8_UINT] = {GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, 4, RB, NO, true, NO,
                              NO, NO},
   [MGP_FORMAT_R8_SINT] = {GL_R8I, GL_RED_INTEGER, GL_BYTE, 1, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_RG8_SINT] = {GL_RG8I, GL_RG_INTEGER, GL_BYTE, 2, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_RGBA8_SINT] = {GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, 4, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_R16_UINT] = {GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT, 2, RB, NO, true, NO, NO,
                            NO},
   [MGP_FORMAT_RG16_UINT] = {GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT, 4, RB, NO, true, NO, NO,
                             NO},
   [MGP_FORMAT_RGBA16_UINT] = {GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, 8, RB, NO, true, NO,
                               NO, NO},
   [MGP_FORMAT_R16_SINT] = {GL_R16I, GL_RED_INTEGER, GL_SHORT, 2, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_RG16_SINT] = {GL_RG16I, GL_RG_INTEGER, GL_SHORT, 4, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_RGBA16_SINT] = {GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, 8, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_R32_UINT] = {GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, 4, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_RG32_UINT] = {GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT, 8, RB, NO, true, NO, NO,
                             NO},
   [MGP_FORMAT_RGBA32_UINT] = {GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 16, RB, NO, true, NO,
                               NO, NO},
   [MGP_FORMAT_R32_SINT] = {GL_R32I, GL_RED_INTEGER, GL_INT, 4, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_RG32_SINT] = {GL_RG32I, GL_RG_INTEGER, GL_INT, 8, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_RGBA32_SINT] = {GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, 16, RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_R16_FLOAT] = {GL_R16F, GL_RED, GL_HALF_FLOAT, 2, NO, NO, NO, RBF, NO, NO},
   [MGP_FORMAT_RG16_FLOAT] = {GL_RG16F, GL_RG, GL_HALF_FLOAT, 4, NO, NO, NO, RBF, NO, NO},
   [MGP_FORMAT_RGBA16_FLOAT] = {GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, 8, NO, NO, NO, RBF, NO, NO},
   [MGP_FORMAT_R32_FLOAT] = {GL_R32F, GL_RED, GL_FLOAT, 4, NO, NO, NO, RBF, NO, NO},
   [MGP_FORMAT_RG32_FLOAT] = {GL_RG32F, GL_RG, GL_FLOAT, 8, NO, NO, NO, RBF, NO, NO},
   [MGP_FORMAT_RGB32_FLOAT] = {GL_RGB32F, GL_RGB, GL_FLOAT, 12, NO, NO, NO, NO, NO, NO},
   [MGP_FORMAT_RGBA32_FLOAT] = {GL_RGBA32F, GL_RGBA, GL_FLOAT, 16, NO, NO, NO, RBF, NO, NO},
   [MGP_FORMAT_RGB32_UINT] = {GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, 12, NO, NO, true, NO, NO,
                              NO},
   [MGP_FORMAT_RGB32_SINT] = {GL_RGB32I, GL_RGB_INTEGER, GL_INT, 12, NO, NO, true, NO, NO, NO},
   /* the packed layouts: PACK_LO is GL's _REV order, PACK_HI its plain order */
   [MGP_FORMAT_RGB10A2_UNORM] = {GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 4, RB, NO,
                                 NO, NO, NO, NO},
   [MGP_FORMAT_RGB10A2_UINT] = {GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, 4,
                                RB, NO, true, NO, NO, NO},
   [MGP_FORMAT_R11G11B10_FLOAT] = {GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, 4,
                                   NO, NO, NO, RBF, NO, NO},
   [MGP_FORMAT_RGB9E5_FLOAT] = {GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, 4, NO, NO, NO, NO,
                                NO, NO},
   [MGP_FORMAT_RGB565_UNORM] = {GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, RB, NO, NO, NO, NO,
                                NO},
   [MGP_FORMAT_RGBA4_UNORM] = {GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, 2, RB, NO, NO, NO, NO,
                               NO},
   [MGP_FORMAT_RGB5A1_UNORM] = {GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 2, RB, NO, NO, NO,
                                NO, NO},
   /* EXT_texture_norm16: sampled and filtered; the unsigned ones render too */
   [MGP_FORMAT_R16_UNORM] = {GL_R16_EXT, GL_RED, GL_UNSIGNED_SHORT, 2, RB, NO, NO, NO, NO, true},
   [MGP_FORMAT_RG16_UNORM] = {GL_RG16_EXT, GL_RG, GL_UNSIGNED_SHORT, 4, RB, NO, NO, NO, NO, true},
   [MGP_FORMAT_RGBA16_UNORM] = {GL_RGBA16_EXT, GL_RGBA, GL_UNSIGNED_SHORT, 8, RB, NO, NO, NO, NO,
                                true},
   [MGP_FORMAT_R16_SNORM] = {GL_R16_SNORM_EXT, GL_RED, GL_SHORT, 2, NO, NO, NO, NO, NO, true},
   [MGP_FORMAT_RG16_SNORM] = {GL_RG16_SNORM_EXT, GL_RG, GL_SHORT, 4, NO, NO, NO, NO, NO, true},
   [MGP_FORMAT_RGBA16_SNORM] = {GL_RGBA16_SNORM_EXT, GL_RGBA, GL_SHORT, 8, NO, NO, NO, NO, NO,
                                true},
   [MGP_FORMAT_D16_UNORM] = {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, 2, NO,
                             true, NO, NO, NO, NO},
   [MGP_FORMAT_X8_D24_UNORM] = {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, 4, NO,
                                true, NO, NO, NO, NO},
   [MGP_FORMAT_D24_UNORM_S8_UINT] = {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, 4,
                                     NO, true, NO, NO, NO, NO},
   [MGP_FORMAT_D32_FLOAT] = {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, 4, NO, true, NO,
                             NO, NO, NO},
   [MGP_FORMAT_D32_FLOAT_S8_UINT] = {GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL,
                                     GL_FLOAT_32_UNSIGNED_INT_24_8_REV, 8, NO, true, NO, NO, NO,
                                     NO},
   /* GLES 3.2's stencil textures (OES_texture_stencil8), sampled as unsigned integers: only
    * where stencil8 (glb_format_get) */
   [MGP_FORMAT_S8_UINT] = {GL_STENCIL_INDEX8, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, 1, NO, true, NO,
                           NO, NO, NO},
};

const struct glb_format *
glb_format_get(const struct glb_screen *scr, unsigned f)
{
   return f < MGP_FORMAT_COUNT && formats[f].internal && (!formats[f].norm16 || scr->ext_norm16) &&
                (f != MGP_FORMAT_S8_UINT || scr->stencil8)
             ? &formats[f]
             : NULL;
}

bool
glb_format_renderable(const struct glb_screen *scr, const struct glb_format *f)
{
   return f && (f->renderable || (f->float_render && scr->ext_color_float));
}

bool
glb_format_attachable(const struct glb_screen *scr, const struct glb_format *f)
{
   /* the snorm rows (16-bit ones only with EXT_texture_norm16) with EXT_render_snorm */
   return glb_format_renderable(scr, f) || (f && scr->ext_render_snorm && !f->integer &&
                                            (f->type == GL_BYTE || f->type == GL_SHORT));
}

GLenum
glb_format_rgb_twin(unsigned f, GLenum *upload_format)
{
   *upload_format = GL_RGB;
   switch (f) {
   case MGP_FORMAT_RGBA8_UNORM: return GL_RGB8;
   case MGP_FORMAT_RGBA8_SRGB: return GL_SRGB8;
   case MGP_FORMAT_RGBA8_SNORM: return GL_RGB8_SNORM;
   case MGP_FORMAT_RGBA16_FLOAT: return GL_RGB16F;
   case MGP_FORMAT_RGBA32_FLOAT: return GL_RGB32F;
   /* EXT_texture_norm16's (only where RGBA16 is, glb_format_get): it does not render, RGBA16
    * does (alpha_kept). GL_RGB16_SNORM_EXT is left out: it renders under no extension, and its
    * texels (6 bytes) would have no read twin (glb_resource.c:read_twin); RGB16_SNORM is
    * RGBA16_SNORM with alpha kept (glb_resource.c:make_storage) */
   case MGP_FORMAT_RGBA16_UNORM: return GL_RGB16_EXT;
   default: break;
   }
   *upload_format = GL_RGB_INTEGER;
   switch (f) {
   case MGP_FORMAT_RGBA8_UINT: return GL_RGB8UI;
   case MGP_FORMAT_RGBA8_SINT: return GL_RGB8I;
   case MGP_FORMAT_RGBA16_UINT: return GL_RGB16UI;
   case MGP_FORMAT_RGBA16_SINT: return GL_RGB16I;
   case MGP_FORMAT_RGBA32_UINT: return GL_RGB32UI;
   case MGP_FORMAT_RGBA32_SINT: return GL_RGB32I;
   default: return 0;
   }
}

/* The host formats ESSL 3.10 declares images of (GLES 3.1 Table 8.27), the MGP_FORMAT_CAP_STORAGE
 * formats of the caps: each with its layout qualifier and the class of image type that takes it
 * ('f' image*, 'i' iimage*, 'u' uimage*). */
static const struct {
   uint8_t format;
   char cls;
   const char *qualifier;
} storage_formats[] = {
   {MGP_FORMAT_RGBA32_FLOAT, 'f', "rgba32f"},    {MGP_FORMAT_RGBA16_FLOAT, 'f', "rgba16f"},
   {MGP_FORMAT_R32_FLOAT, 'f', "r32f"},          {MGP_FORMAT_RGBA8_UNORM, 'f', "rgba8"},
   {MGP_FORMAT_RGBA8_SNORM, 'f', "rgba8_snorm"}, {MGP_FORMAT_RGBA32_UINT, 'u', "rgba32ui"},
   {MGP_FORMAT_RGBA16_UINT, 'u', "rgba16ui"},    {MGP_FORMAT_RGBA8_UINT, 'u', "rgba8ui"},
   {MGP_FORMAT_R32_UINT, 'u', "r32ui"},          {MGP_FORMAT_RGBA32_SINT, 'i', "rgba32i"},
   {MGP_FORMAT_RGBA16_SINT, 'i', "rgba16i"},     {MGP_FORMAT_RGBA8_SINT, 'i', "rgba8i"},
   {MGP_FORMAT_R32_SINT, 'i', "r32i"},
};

const char *
glb_storage_qualifier(unsigned mgp_format, char *cls)
{
   for (unsigned k = 0; k < sizeof(storage_formats) / sizeof(storage_formats[0]); k++)
      if (storage_formats[k].format == mgp_format) {
         if (cls)
            *cls = storage_formats[k].cls;
         return storage_formats[k].qualifier;
      }
   return NULL;
}

bool
glb_storage_format(unsigned mgp_format)
{
   return glb_storage_qualifier(mgp_format, NULL) != NULL;
}
