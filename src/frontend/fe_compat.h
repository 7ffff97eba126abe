/* fe_compat.h — what the compatibility profile's parts agree on: where the conventional vertex
 * attributes live, and the per-thread entry mode that the generated entry layer checks.
 *
 * The parts (each its own files): the legacy vertex paths (glBegin/glEnd, legacy client arrays,
 * GL_QUADS and GL_POLYGON), fixed-function programs (matrix stacks, lighting, texture
 * environments, fog; a program generated per state key) and display lists. A compatibility
 * context is ctx->desc.api == FE_API_GL_COMPAT; a core context raises GL_INVALID_OPERATION for
 * every compatibility-only command. */
#ifndef FE_COMPAT_H
#define FE_COMPAT_H

#include <stdbool.h>
#include <stdint.h>

#include "fe_gl.h"

/* The generic attribute locations that carry the conventional attributes. Fixed-function
 * programs declare their inputs at these locations, and glVertex/glColor/glNormal/... and
 * glVertexPointer/glColorPointer/... write the current value and the array of the same
 * generic slot. GL requires only gl_Vertex to alias generic attribute 0; the others follow the
 * layout NVIDIA documents, which programs written against it rely on. */
enum fe_ff_attrib {
   FE_FF_ATTRIB_POSITION = 0,
   FE_FF_ATTRIB_NORMAL = 2,
   FE_FF_ATTRIB_COLOR0 = 3, /* primary colour */
   FE_FF_ATTRIB_COLOR1 = 4, /* secondary colour */
   FE_FF_ATTRIB_FOG = 5,    /* fog coordinate */
   FE_FF_ATTRIB_TEXCOORD0 = 8,
};
#define FE_FF_TEXCOORD_UNITS 8 /* GL_MAX_TEXTURE_COORDS: TEXCOORD0 .. TEXCOORD0 + 7 */

/* The calling thread's entry mode: bits the generated entry points test before they call
 * the implementation (one thread-local load; zero outside glBegin/glEnd and glNewList). The
 * mode belongs to the context and is copied here when it becomes current (fe_entry_mode_set). */
enum fe_entry_mode_bits {
   FE_ENTRY_IN_BEGIN_END = 1u << 0, /* between glBegin and glEnd */
   FE_ENTRY_COMPILING = 1u << 1,    /* between glNewList and glEndList */
};
extern _Thread_local uint32_t fe_entry_mode;

/* Sets or clears mode bits of the current context ctx and of the calling thread. */
static inline void
fe_entry_mode_set(struct fe_context *ctx, uint32_t bits, bool on)
{
   ctx->entry_mode = on ? ctx->entry_mode | bits : ctx->entry_mode & ~bits;
   fe_entry_mode = ctx->entry_mode;
}

/* fe_compat_glsl.c: the compatibility built-in state a program's _mgl_Compat uniform reads
 * (GLSL_STATE_COMPAT). */
void fe_compat_glsl_state(const struct fe_context *ctx, struct glsl_compat_state *st);

/* fe_compat_texformat.c: luminance, alpha and intensity textures and pixel formats. The legacy
 * base (GL_ALPHA, GL_LUMINANCE, GL_LUMINANCE_ALPHA, GL_INTENSITY) of an internal format, 0 for
 * others. Around glTexImage/glTexSubImage of a compatibility context: _begin converts the app's
 * pixels when GL converts them differently from the core path (a legacy internal base or
 * source format) and points *format, *type, *pixels at tight float rows, with a tight unpack
 * state and no unpack buffer until _end; false after recording an error. */
struct fe_compat_tex_source {
   bool active;
   float *data;
   struct fe_pixel_store unpack;
   struct fe_buffer *pbo;
};
GLenum fe_compat_legacy_base(GLenum internal_format);
/* GL 1.0's internal formats given as a component count (1, 2, 3, 4: LUMINANCE,
 * LUMINANCE_ALPHA, RGB, RGBA), which glTexImage takes in a compatibility context; any other
 * value is returned as it is. */
GLint fe_compat_component_format(const struct fe_context *ctx, GLint internal_format);
/* GL_TEXTURE_INTERNAL_FORMAT of an image asked for with internal_format: a generic compressed
 * name (GL_COMPRESSED_RGBA, _ALPHA, _LUMINANCE, ..., the sRGB ones), which mgl keeps
 * uncompressed, is the base internal format GL 2.1 §3.8.1 replaces it with in a compatibility
 * context ("If no specific compressed format is available, internalformat is instead replaced
 * by the corresponding base internal format"); any other is returned as it is. */
GLenum fe_compat_queried_format(const struct fe_context *ctx, GLenum internal_format);
/* Whether info is GL_COMPRESSED_RED, _RG, _RGB or _RGBA in a compatibility context: the
 * image's internal format is then GL_RED, GL_RG, GL_RGB or GL_RGBA (above), colour-renderable
 * as they are (GL 3.3 compatibility §4.4.4). */
struct fe_format_info;
bool fe_compat_generic_renderable(const struct fe_context *ctx, const struct fe_format_info *info);
/* The pixel format a luminance/alpha source format is read as (GL_ALPHA, GL_LUMINANCE: GL_RED;
 * GL_LUMINANCE_ALPHA: GL_RG); others unchanged. A proxy's check takes these. */
GLenum fe_compat_source_format(GLenum format);
/* Whether an upload of format into an image of internal_format converts through
 * fe_compat_tex_source_begin: any in a compatibility context; in a desktop core context, which
 * shares a compatibility context's luminance/alpha textures, one into such an image with a
 * format core has (the image keeps its base format's components whichever context writes). */
bool fe_compat_tex_source_applies(const struct fe_context *ctx, GLenum internal_format,
                                  GLenum format);
bool fe_compat_tex_source_begin(struct fe_context *ctx, GLenum internal_format, GLsizei width,
                                GLsizei height, GLenum *format, GLenum *type, const void **pixels,
                                struct fe_compat_tex_source *st);
/* The same for a box of depth images (glTex(Sub)Image3D: `box`, whose source honours
 * GL_UNPACK_IMAGE_HEIGHT and GL_UNPACK_SKIP_IMAGES), converted into tight images. */
bool fe_compat_tex_source_begin_box(struct fe_context *ctx, GLenum internal_format, GLsizei width,
                                    GLsizei height, GLsizei depth, bool box, GLenum *format,
                                    GLenum *type, const void **pixels,
                                    struct fe_compat_tex_source *st);
void fe_compat_tex_source_end(struct fe_context *ctx, struct fe_compat_tex_source *st);
/* The border texels of a bordered glTexImage1D/2D/3D image (width, height and depth count the
 * border where it has one; dims: how many of them do, 1 each row's first and last texel, 2 the
 * first and last rows too, 3 the first and last images too; depth > 1 without dims 3: the layers
 * of an array, each with its own border; box: a glTexImage3D source, images
 * GL_UNPACK_IMAGE_HEIGHT apart after GL_UNPACK_SKIP_IMAGES) in the app's pixels under the
 * current unpack state: 1 when they are all one colour, *rgba then that colour as GL's RGBA (a
 * luminance/alpha source converted as GL converts it); 0 when they differ or are not colour
 * texels read here; -1 with no pixels (the border texels are undefined). Raises no error: the
 * upload checks the same pixels. */
int fe_compat_border_scan(struct fe_context *ctx, GLsizei width, GLsizei height, GLsizei depth,
                          unsigned dims, bool box, GLenum format, GLenum type, const void *pixels,
                          float rgba[4]);

/* The polygon stipple (fe_ff_stipple.c): mask unpacked with the unpack state into rows (bit x
 * of rows[y]; false after an error or for a null mask), and the pattern set from such rows. */
bool fe_ff_stipple_unpack(struct fe_context *ctx, const GLubyte *mask, uint32_t rows[32]);
void fe_ff_stipple_set(struct fe_context *ctx, const uint32_t rows[32]);

/* GL_NV_primitive_restart's and GL_EXT_stencil_two_side's enables (not in glcorearb.h). */
#define FE_GL_PRIMITIVE_RESTART_NV 0x8558
#define FE_GL_STENCIL_TEST_TWO_SIDE_EXT 0x8910
/* One face's stencil state as the pipe takes it (enum mgp_compare_func, mgp_stencil_op). */
struct fe_compat_stencil_face {
   uint16_t func, fail, zfail, zpass;
   uint32_t ref, read_mask, write_mask;
};
/* GL_EXT_stencil_two_side (fe_state.c): GL_STENCIL_TEST_TWO_SIDE_EXT on or off. The faces are
 * Mesa's three: 0 front, 1 GL 2.0's back, 2 the extension's back; back-facing primitives draw
 * with face 2 while the switch is on, else face 1. */
void fe_stencil_two_side(struct fe_context *ctx, bool on);
/* Face 0, 1 or 2's state (above). */
void fe_stencil_face_state(const struct fe_context *ctx, int face,
                           struct fe_compat_stencil_face *out);

/* Opens a compatibility-only entry point: the live context, or a return (after
 * GL_INVALID_OPERATION in a core or ES context, as GL specifies for a removed command). */
#define FE_COMPAT_CTX_OR_RETURN(...)                                                               \
   struct fe_context *ctx = fe_ctx_live();                                                         \
   if (!ctx)                                                                                       \
      return __VA_ARGS__;                                                                          \
   if (ctx->desc.api != FE_API_GL_COMPAT) {                                                        \
      fe_error(ctx, GL_INVALID_OPERATION);                                                         \
      return __VA_ARGS__;                                                                          \
   }

#endif
