/* fe_compat_context.c — what a compatibility context answers beyond a core one: its
 * extension list (GL_ARB_compatibility, and glGetString(GL_EXTENSIONS), which the
 * compatibility profile keeps), the current conventional attributes and the legacy arrays'
 * state through glGet and glIsEnabled, and the per-context state the legacy vertex paths keep. */
#include <stdlib.h>
#include <string.h>

#include "fe_compat_pixels.h"
#include "fe_compat_vertex.h"
#include "gl_api.h"

struct fe_compat *
fe_compat_create(void)
{
   struct fe_compat *c = calloc(1, sizeof(*c));
   if (!c)
      return NULL;
   c->pixels = calloc(1, sizeof(*c->pixels));
   if (!c->pixels) {
      free(c);
      return NULL;
   }
   c->imm.vao.layout_version = c->imm.vao.buffers_version = 1;
   c->rewrite_divisor = 1;
   return c;
}

void
fe_compat_init(struct fe_context *ctx)
{
   struct fe_compat *c = ctx->compat;
   c->edge_flag = GL_TRUE;
   c->index = 1.0f;
   c->index_mask = ~0u;            /* GL 2.1 table 6.21: all ones */
   c->index_array.type = GL_FLOAT; /* GL 2.1 table 6.7 */
   /* GL 2.1 table 6.5: current colour (1,1,1,1), normal (0,0,1); the others (0,0,0,1). */
   for (unsigned i = 0; i < 4; i++)
      ctx->attrib_value[FE_FF_ATTRIB_COLOR0][i] = fe_f2u(1.0f);
   ctx->attrib_value[FE_FF_ATTRIB_NORMAL][2] = fe_f2u(1.0f);
   ctx->tracker.attrib_defaults_dirty |= 1u << FE_FF_ATTRIB_COLOR0 | 1u << FE_FF_ATTRIB_NORMAL;
   fe_draw_touch(ctx);
   fe_compat_pixels_init(c->pixels);
   c->rm.mode = 0x1C00; /* GL_RENDER */
   /* GL_EXT_stencil_two_side's back face: GL's initial stencil state */
   c->stencil_aside = (struct fe_compat_stencil_face){
      .func = MGP_COMPARE_FUNC_ALWAYS,
      .fail = MGP_STENCIL_OP_KEEP,
      .zfail = MGP_STENCIL_OP_KEEP,
      .zpass = MGP_STENCIL_OP_KEEP,
      .read_mask = ~0u,
      .write_mask = ~0u,
   };
}

void
fe_compat_destroy(struct fe_context *ctx, struct fe_compat *c)
{
   if (!c)
      return;
   fe_compat_imm_finish(ctx, &c->imm);
   fe_client_arrays_finish(ctx, &c->dl_vao);
   fe_compat_attrib_stack_destroy(ctx, c);
   fe_compat_pixels_finish(ctx, c->pixels);
   fe_compat_accum_finish(ctx, c);
   free(c->pixels);
   fe_eval_destroy(c);
   FE_REBIND(ctx, &c->edge_array.buffer, NULL);
   FE_REBIND(ctx, &c->index_array.buffer, NULL);
   free(c->ext);
   free(c->ext_joined);
   free(c);
}

const char *const *
fe_compat_extensions(struct fe_context *ctx, const char *const *base, unsigned n, unsigned *out_n)
{
   struct fe_compat *c = ctx->compat;
   if (!c->ext) {
      /* the name the piglit and GLEW-style checks look for first; the compatibility profile's
       * own extensions mgl implements; the names of GL 1.4's depth textures and GL 3.0's
       * framebuffer objects that compatibility-profile programs still test for (desktop
       * glmark2's depth-texture scenes, and GLX programs that load only glGenFramebuffersEXT
       * and the rest under their EXT names, which forward to the core commands); ARB assembly
       * programs (fe_arbp.c) and ATI fragment shaders, which run as ARB fragment programs
       * (fe_atifs.c); GLSL under its ARB_shader_objects-era names, whose commands are
       * GL 2.0's under ARB names but for the handle ones (fe_compat_shader_objects.c); GL 1.x
       * extensions that GL 3.3 has under other names, whose suffixed commands forward to the
       * core ones (gen_gl.py's DESKTOP_ALIAS_EXTENSIONS) and whose enums are the core ones;
       * GL 1.3-3.0 features under their extension names, with the core enums: packed
       * depth/stencil pixels (glDrawPixels, glReadPixels, glCopyPixels of GL_DEPTH_STENCIL:
       * fe_compat_pixels.c) and the GL_ADD, GL_COMBINE, crossbar and dot3 texture environments
       * (fe_ff_state.c, fe_ff_program.c); GL 3.3's GLSL bit casts for GLSL 1.30 and 1.40 units
       * that enable GL_ARB_shader_bit_encoding (glsl_lower.c compiles them as 1.50, where
       * glslang has them behind the extension); GL 3.0's conditional rendering under
       * GL_NV_conditional_render's names (the NV commands forward to the core ones, as on ES;
       * the legacy pixel commands and display lists honour it); GL 1.5's occlusion queries
       * under GL_ARB_occlusion_query's names (the ARB commands forward to the core ones); GL
       * 3.1's rectangle textures under GL_ARB_texture_rectangle's (GLSL 1.10's shadow2DRect()
       * applies GL_DEPTH_TEXTURE_MODE); GL 3.3's GL_ANY_SAMPLES_PASSED and timer queries
       * (glQueryCounter, GL_TIME_ELAPSED, GL_TIMESTAMP) under GL_ARB_occlusion_query2's and
       * GL_ARB_timer_query's names (the same commands and enums, unsuffixed); GL 1.1-1.4
       * features under the names of the extensions they came from, which programs of that age
       * test before they use them (multisample, shadow comparison, window positions, BGRA, 3D
       * textures, fog coordinates, secondary colour, rectangle textures, the wrap modes, LOD
       * clamps and the texture unit's LOD bias, cube maps, texture objects and GL 1.1's sized
       * formats (GL_EXT_texture), GL_GENERATE_MIPMAP, the reflection texgen modes, packed
       * pixels, the implementation's read format, glBlendFuncSeparateINGR, glWindowPos*MESA,
       * GL 1.1's vertex arrays (GL_EXT_vertex_array's pointer commands check their count and
       * drop it), glDrawBuffersATI (with ARB_fragment_program's OPTION ATI_draw_buffers) and
       * GL 2.0's separate stencil (glStencilFuncSeparateATI sets both faces' functions); their
       * suffixed commands forward to the core ones as above); GL_RASTER_POSITION_UNCLIPPED_IBM
       * (fe_compat_raster.c); glLockArraysEXT's range, which changes nothing else (mgl reads
       * the arrays at each draw); NV_light_max_exponent's limits (128, those glMaterial and
       * glLight enforce); GL_ARB_texture_compression, whose generic names stay uncompressed
       * (fe_compat_texformat.c); GL_EXT_stencil_two_side's third stencil face (fe_state.c)
       * and GL_NV_primitive_restart on GL 3.1's restart state (fe_compat_immediate.c);
       * GL_SUN_multi_draw_arrays, GL_EXT_multi_draw_arrays under Sun's name (no commands); then
       * the core list (GL_EXT_texture_sRGB with its luminance formats: fe_format.c) less
       * the names already here */
      static const char *const first[] = {"GL_ARB_compatibility",
                                          "GL_ARB_point_parameters",
                                          "GL_ARB_point_sprite",
                                          "GL_EXT_point_parameters",
                                          "GL_ARB_depth_texture",
                                          "GL_EXT_framebuffer_object",
                                          "GL_ARB_vertex_program",
                                          "GL_ARB_fragment_program",
                                          "GL_ARB_color_buffer_float",
                                          "GL_ARB_shader_objects",
                                          "GL_ARB_vertex_shader",
                                          "GL_ARB_fragment_shader",
                                          "GL_ARB_multitexture",
                                          "GL_EXT_blend_color",
                                          "GL_EXT_blend_minmax",
                                          "GL_EXT_blend_subtract",
                                          "GL_EXT_blend_func_separate",
                                          "GL_EXT_blend_equation_separate",
                                          "GL_EXT_framebuffer_blit",
                                          "GL_EXT_packed_depth_stencil",
                                          "GL_ARB_texture_env_add",
                                          "GL_EXT_texture_env_add",
                                          "GL_ARB_texture_env_combine",
                                          "GL_EXT_texture_env_combine",
                                          "GL_ARB_texture_env_crossbar",
                                          "GL_ARB_texture_env_dot3",
                                          "GL_ARB_shader_bit_encoding",
                                          "GL_NV_conditional_render",
                                          "GL_ARB_occlusion_query",
                                          "GL_ARB_texture_rectangle",
                                          "GL_ARB_occlusion_query2",
                                          "GL_ARB_timer_query",
                                          "GL_APPLE_packed_pixels",
                                          "GL_ARB_multisample",
                                          "GL_ARB_shading_language_100",
                                          "GL_ARB_shadow",
                                          "GL_ARB_texture_border_clamp",
                                          "GL_ARB_texture_compression",
                                          "GL_ARB_texture_cube_map",
                                          "GL_ARB_texture_mirrored_repeat",
                                          "GL_ARB_transpose_matrix",
                                          "GL_ARB_window_pos",
                                          "GL_ATI_draw_buffers",
                                          "GL_ATI_fragment_shader",
                                          "GL_ATI_separate_stencil",
                                          "GL_EXT_bgra",
                                          "GL_EXT_compiled_vertex_array",
                                          "GL_EXT_copy_texture",
                                          "GL_EXT_draw_range_elements",
                                          "GL_EXT_fog_coord",
                                          "GL_EXT_multi_draw_arrays",
                                          "GL_EXT_packed_pixels",
                                          "GL_EXT_rescale_normal",
                                          "GL_EXT_secondary_color",
                                          "GL_EXT_separate_specular_color",
                                          "GL_EXT_shadow_funcs",
                                          "GL_EXT_stencil_two_side",
                                          "GL_EXT_stencil_wrap",
                                          "GL_EXT_subtexture",
                                          "GL_EXT_texture",
                                          "GL_EXT_texture3D",
                                          "GL_EXT_texture_cube_map",
                                          "GL_EXT_texture_edge_clamp",
                                          "GL_EXT_texture_lod_bias",
                                          "GL_EXT_texture_object",
                                          "GL_EXT_texture_rectangle",
                                          "GL_EXT_vertex_array",
                                          "GL_IBM_rasterpos_clip",
                                          "GL_IBM_texture_mirrored_repeat",
                                          "GL_INGR_blend_func_separate",
                                          "GL_MESA_window_pos",
                                          "GL_NV_blend_square",
                                          "GL_NV_light_max_exponent",
                                          "GL_NV_primitive_restart",
                                          "GL_NV_texgen_reflection",
                                          "GL_NV_texture_rectangle",
                                          "GL_OES_read_format",
                                          "GL_SGIS_generate_mipmap",
                                          "GL_SGIS_texture_border_clamp",
                                          "GL_SGIS_texture_edge_clamp",
                                          "GL_SGIS_texture_lod",
                                          "GL_SUN_multi_draw_arrays"};
      const unsigned nf = sizeof(first) / sizeof(first[0]);
      c->ext = malloc((n + nf) * sizeof(*c->ext));
      if (!c->ext)
         return NULL;
      memcpy(c->ext, first, sizeof(first));
      c->ext_n = nf;
      for (unsigned i = 0; i < n; i++) {
         bool dup = false; /* the core list names some of `first` too: each is listed once */
         for (unsigned k = 0; k < nf && !dup; k++)
            dup = !strcmp(base[i], first[k]);
         if (!dup)
            c->ext[c->ext_n++] = base[i];
      }
   }
   *out_n = c->ext_n;
   return c->ext;
}

const char *
fe_compat_extensions_string(struct fe_context *ctx, const char *const *base, unsigned n)
{
   struct fe_compat *c = ctx->compat;
   if (c->ext_joined)
      return c->ext_joined;
   unsigned count;
   const char *const *list = fe_compat_extensions(ctx, base, n, &count);
   if (!list)
      return NULL;
   size_t len = 1;
   for (unsigned i = 0; i < count; i++)
      len += strlen(list[i]) + 1;
   char *s = malloc(len), *p = s;
   if (!s)
      return NULL;
   for (unsigned i = 0; i < count; i++) {
      const size_t l = strlen(list[i]);
      memcpy(p, list[i], l);
      p += l;
      *p++ = i + 1 < count ? ' ' : '\0';
   }
   if (!count)
      *p = '\0';
   c->ext_joined = s;
   return s;
}

/* The generic slot behind a legacy array cap (texture coordinates: the client-active unit). */
static int
array_slot(const struct fe_context *ctx, GLenum cap)
{
   switch (cap) {
   case GL_VERTEX_ARRAY: return FE_FF_ATTRIB_POSITION;
   case GL_NORMAL_ARRAY: return FE_FF_ATTRIB_NORMAL;
   case GL_COLOR_ARRAY: return FE_FF_ATTRIB_COLOR0;
   case GL_SECONDARY_COLOR_ARRAY: return FE_FF_ATTRIB_COLOR1;
   case GL_FOG_COORD_ARRAY: return FE_FF_ATTRIB_FOG;
   case GL_TEXTURE_COORD_ARRAY: return FE_FF_ATTRIB_TEXCOORD0 + (int)ctx->compat->client_unit;
   default: return -1;
   }
}

int
fe_compat_is_enabled(struct fe_context *ctx, GLenum cap)
{
   if (cap == FE_GL_PRIMITIVE_RESTART_NV)
      return ctx->restart_gl;
   if (cap == FE_GL_STENCIL_TEST_TWO_SIDE_EXT)
      return ctx->compat->stencil_two_side;
   if (cap == GL_EDGE_FLAG_ARRAY)
      return ctx->compat->edge_array.enabled;
   if (cap == GL_INDEX_ARRAY)
      return ctx->compat->index_array.enabled;
   const int slot = array_slot(ctx, cap);
   return slot < 0 ? -1 : ctx->vao->attribs[slot].enabled;
}

/* The state of a legacy array: 's' size, 't' type, 'd' stride, 'b' buffer binding. */
static bool
array_state(struct fe_context *ctx, GLenum pname, double *f)
{
   static const struct {
      GLenum pname;
      GLenum cap;
      char what;
   } t[] = {
      {GL_VERTEX_ARRAY_SIZE, GL_VERTEX_ARRAY, 's'},
      {GL_VERTEX_ARRAY_TYPE, GL_VERTEX_ARRAY, 't'},
      {GL_VERTEX_ARRAY_STRIDE, GL_VERTEX_ARRAY, 'd'},
      {GL_VERTEX_ARRAY_BUFFER_BINDING, GL_VERTEX_ARRAY, 'b'},
      {GL_NORMAL_ARRAY_TYPE, GL_NORMAL_ARRAY, 't'},
      {GL_NORMAL_ARRAY_STRIDE, GL_NORMAL_ARRAY, 'd'},
      {GL_NORMAL_ARRAY_BUFFER_BINDING, GL_NORMAL_ARRAY, 'b'},
      {GL_COLOR_ARRAY_SIZE, GL_COLOR_ARRAY, 's'},
      {GL_COLOR_ARRAY_TYPE, GL_COLOR_ARRAY, 't'},
      {GL_COLOR_ARRAY_STRIDE, GL_COLOR_ARRAY, 'd'},
      {GL_COLOR_ARRAY_BUFFER_BINDING, GL_COLOR_ARRAY, 'b'},
      {GL_SECONDARY_COLOR_ARRAY_SIZE, GL_SECONDARY_COLOR_ARRAY, 's'},
      {GL_SECONDARY_COLOR_ARRAY_TYPE, GL_SECONDARY_COLOR_ARRAY, 't'},
      {GL_SECONDARY_COLOR_ARRAY_STRIDE, GL_SECONDARY_COLOR_ARRAY, 'd'},
      {GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING, GL_SECONDARY_COLOR_ARRAY, 'b'},
      {GL_FOG_COORD_ARRAY_TYPE, GL_FOG_COORD_ARRAY, 't'},
      {GL_FOG_COORD_ARRAY_STRIDE, GL_FOG_COORD_ARRAY, 'd'},
      {GL_FOG_COORD_ARRAY_BUFFER_BINDING, GL_FOG_COORD_ARRAY, 'b'},
      {GL_TEXTURE_COORD_ARRAY_SIZE, GL_TEXTURE_COORD_ARRAY, 's'},
      {GL_TEXTURE_COORD_ARRAY_TYPE, GL_TEXTURE_COORD_ARRAY, 't'},
      {GL_TEXTURE_COORD_ARRAY_STRIDE, GL_TEXTURE_COORD_ARRAY, 'd'},
      {GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING, GL_TEXTURE_COORD_ARRAY, 'b'},
   };
   for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
      if (t[i].pname != pname)
         continue;
      const struct fe_vertex_attrib *a = &ctx->vao->attribs[array_slot(ctx, t[i].cap)];
      switch (t[i].what) {
      case 's': *f = a->size == MGP_ATTRIB_SIZE_BGRA ? GL_BGRA : a->size; break;
      case 't': *f = a->type; break;
      case 'd': *f = a->stride; break;
      default: *f = a->buffer ? a->buffer->base.name : 0; break;
      }
      return true;
   }
   return false;
}

static int
current(const struct fe_context *ctx, unsigned slot, unsigned n, double f[16])
{
   for (unsigned i = 0; i < n; i++) {
      float v;
      memcpy(&v, &ctx->attrib_value[slot][i], 4);
      f[i] = v;
   }
   return (int)n;
}

int
fe_compat_get(struct fe_context *ctx, GLenum pname, double f[16], int *kind)
{
   struct fe_compat *c = ctx->compat;
   *kind = 0;
   switch (pname) {
   case GL_CURRENT_COLOR: *kind = 3; return current(ctx, FE_FF_ATTRIB_COLOR0, 4, f);
   case GL_CURRENT_SECONDARY_COLOR: *kind = 3; return current(ctx, FE_FF_ATTRIB_COLOR1, 4, f);
   case GL_CURRENT_NORMAL: *kind = 3; return current(ctx, FE_FF_ATTRIB_NORMAL, 3, f);
   case GL_CURRENT_FOG_COORD: return current(ctx, FE_FF_ATTRIB_FOG, 1, f);
   case GL_CURRENT_TEXTURE_COORDS:
      /* of the active texture unit (glActiveTexture, not the client one) */
      if (ctx->active_unit >= FE_FF_TEXCOORD_UNITS) {
         fe_error(ctx, GL_INVALID_OPERATION);
         return 0;
      }
      return current(ctx, FE_FF_ATTRIB_TEXCOORD0 + ctx->active_unit, 4, f);
   case GL_CURRENT_INDEX: f[0] = c->index; return 1;
   case GL_INDEX_CLEAR_VALUE: f[0] = c->clear_index; return 1;
   case GL_INDEX_WRITEMASK:
      *kind = 1;
      f[0] = (GLint)c->index_mask; /* the bits as a GLint, as Mesa answers (all ones: -1) */
      return 1;
   case GL_EDGE_FLAG:
      *kind = 2;
      f[0] = c->edge_flag;
      return 1;
   case GL_CLIENT_ACTIVE_TEXTURE:
      *kind = 4;
      f[0] = GL_TEXTURE0 + c->client_unit;
      return 1;
   case GL_MAX_TEXTURE_COORDS:
      *kind = 1;
      f[0] = FE_FF_TEXCOORD_UNITS;
      return 1;
   case 0x81A8: /* GL_ARRAY_ELEMENT_LOCK_FIRST_EXT */
      *kind = 1;
      f[0] = c->lock_first;
      return 1;
   case 0x81A9: /* GL_ARRAY_ELEMENT_LOCK_COUNT_EXT */
      *kind = 1;
      f[0] = c->lock_count;
      return 1;
   case 0x8559: /* GL_PRIMITIVE_RESTART_INDEX_NV: GL 3.1's index */
      *kind = 1;
      f[0] = ctx->restart_index;
      return 1;
   case 0x8911: /* GL_ACTIVE_STENCIL_FACE_EXT */
      *kind = 4;
      f[0] = c->stencil_active_back ? GL_BACK : GL_FRONT;
      return 1;
   case 0x8504: /* GL_MAX_SHININESS_NV (NV_light_max_exponent): glMaterial's limit */
   case 0x8505: /* GL_MAX_SPOT_EXPONENT_NV: glLight's */ f[0] = 128.0; return 1;
   case GL_EDGE_FLAG_ARRAY_STRIDE:
      *kind = 1;
      f[0] = c->edge_array.stride;
      return 1;
   case GL_EDGE_FLAG_ARRAY_BUFFER_BINDING:
      *kind = 1;
      f[0] = c->edge_array.buffer ? c->edge_array.buffer->base.name : 0;
      return 1;
   case FE_GL_INDEX_ARRAY_TYPE:
      *kind = 4;
      f[0] = c->index_array.type;
      return 1;
   case FE_GL_INDEX_ARRAY_STRIDE:
      *kind = 1;
      f[0] = c->index_array.stride;
      return 1;
   case FE_GL_INDEX_ARRAY_BUFFER_BINDING:
      *kind = 1;
      f[0] = c->index_array.buffer ? c->index_array.buffer->base.name : 0;
      return 1;
   case 0x0C50: /* GL_PERSPECTIVE_CORRECTION_HINT */
   case 0x0C51: /* GL_POINT_SMOOTH_HINT */
   case 0x0C54: /* GL_FOG_HINT */
      *kind = 4;
      f[0] = fe_state_hint(ctx, pname);
      return 1;
   default: break;
   }
   const int pn = fe_compat_pixels_get(ctx, pname, f, kind);
   if (pn)
      return pn;
   const int rm = fe_compat_rendermode_get(ctx, pname, f, kind);
   if (rm)
      return rm;
   const int ev = fe_eval_get(ctx, pname, f, kind);
   if (ev)
      return ev;
   *kind = 0;
   const int accum = fe_compat_accum_get(ctx, pname, f);
   if (accum) {
      *kind = accum == 4 ? 3 : 1;
      return accum;
   }
   const int depth = fe_compat_attrib_stack_get(ctx, pname, f);
   if (depth) {
      *kind = 1;
      return depth;
   }
   int en = fe_compat_is_enabled(ctx, pname);
   if (en >= 0) {
      *kind = 2;
      f[0] = en;
      return 1;
   }
   if (array_state(ctx, pname, f)) {
      *kind = pname == GL_VERTEX_ARRAY_TYPE || pname == GL_NORMAL_ARRAY_TYPE ||
                    pname == GL_COLOR_ARRAY_TYPE || pname == GL_SECONDARY_COLOR_ARRAY_TYPE ||
                    pname == GL_FOG_COORD_ARRAY_TYPE || pname == GL_TEXTURE_COORD_ARRAY_TYPE
                 ? 4
                 : 1;
      return 1;
   }
   return 0;
}

/* The colour-index clear value and write mask (GL 2.1 §4.2.2, §4.2.3): kept, queried and pushed
 * with GL_COLOR_BUFFER_BIT; mgl offers RGBA configs only, so neither reaches a buffer. */
void
mgl_glClearIndex(GLfloat c)
{
   FE_COMPAT_CTX_OR_RETURN();
   ctx->compat->clear_index = c;
}

void
mgl_glIndexMask(GLuint mask)
{
   FE_COMPAT_CTX_OR_RETURN();
   ctx->compat->index_mask = mask;
}
