/* glb_format.c — the host's shape of each MGPipe format the GLES backend stores (the lowest
 * layer: caps and resources read it). */
#include "glb.h"

static const struct glb_format formats[MGP_FORMAT_COUNT] = {
   [MGP_FORMAT_R8_UNORM] = {GL_R8, GL_RED, GL_UNSIGNED_BYTE, 1, true, false},
   [MGP_FORMAT_RG8_UNORM] = {GL_RG8, GL_RG, GL_UNSIGNED_BYTE, 2, true, false},
   [MGP_FORMAT_RGBA8_UNORM] = {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, true, false},
   [MGP_FORMAT_D24_UNORM_S8_UINT] = {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, 4,
                                     false, true},
};

const struct glb_format *
glb_format_get(unsigned f)
{
   return f < MGP_FORMAT_COUNT && formats[f].internal ? &formats[f] : NULL;
}
