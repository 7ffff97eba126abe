/* fe_compat_pushattrib.c — the attribute stacks of a compatibility context: glPushAttrib /
 * glPopAttrib (server attribute groups, GL 2.1 §6.1.14 and table 6.x's "attribute" column) and
 * glPushClientAttrib / glPopClientAttrib (pixel store and vertex array groups).
 *
 * A push copies the groups its mask names into a frame; a pop writes them back. State that
 * lives in the render-state blocks is copied field by field and the block's version bumped,
 * so the next draw re-derives what it sends; enables go back through glEnable/glDisable so
 * their side effects (GL_COLOR_MATERIAL keeping the tracked colour) are GL's. Objects a frame
 * names are held by reference (buffers) or looked up again by name (textures, vertex arrays:
 * one deleted in between is not brought back, as GL says a deleted name is unbound). */
#include <stdlib.h>
#include <string.h>

#include "fe_arbp.h"
#include "fe_atifs.h"
#include "fe_compat_pixels.h"
#include "fe_compat_vertex.h"
#include "fe_dlist.h"
#include "fe_ff.h"
#include "fe_texture_priv.h"
#include "gl_api.h"

#ifndef GL_CURRENT_BIT
#define GL_CURRENT_BIT 0x00000001
#define GL_POINT_BIT 0x00000002
#define GL_LINE_BIT 0x00000004
#define GL_POLYGON_BIT 0x00000008
#define GL_POLYGON_STIPPLE_BIT 0x00000010
#define GL_PIXEL_MODE_BIT 0x00000020
#define GL_LIGHTING_BIT 0x00000040
#define GL_FOG_BIT 0x00000080
#define GL_ACCUM_BUFFER_BIT 0x00000200
#define GL_VIEWPORT_BIT 0x00000800
#define GL_TRANSFORM_BIT 0x00001000
#define GL_ENABLE_BIT 0x00002000
#define GL_HINT_BIT 0x00008000
#define GL_EVAL_BIT 0x00010000
#define GL_LIST_BIT 0x00020000
#define GL_TEXTURE_BIT 0x00040000
#define GL_SCISSOR_BIT 0x00080000
#define GL_MULTISAMPLE_BIT 0x20000000
#define GL_ALL_ATTRIB_BITS 0xFFFFFFFF
#endif
#ifndef GL_CLIENT_PIXEL_STORE_BIT
#define GL_CLIENT_PIXEL_STORE_BIT 0x00000001
#define GL_CLIENT_VERTEX_ARRAY_BIT 0x00000002
#define GL_CLIENT_ALL_ATTRIB_BITS 0xFFFFFFFF
#endif
#ifndef GL_ATTRIB_STACK_DEPTH
#define GL_ATTRIB_STACK_DEPTH 0x0BB0
#define GL_CLIENT_ATTRIB_STACK_DEPTH 0x0BB1
#define GL_MAX_ATTRIB_STACK_DEPTH 0x0D35
#define GL_MAX_CLIENT_ATTRIB_STACK_DEPTH 0x0D3B
#endif
#ifndef GL_LIST_BASE
#define GL_LIST_BASE 0x0B32
#endif

/* Mesa's depths; GL asks at least 16 of each. */
#define FE_ATTRIB_STACK_DEPTH 16
#define FE_CLIENT_ATTRIB_STACK_DEPTH 16

/* Capabilities GL_ENABLE_BIT saves that glIsEnabled answers with one flag (per-unit texture
 * enables, per-buffer blend and clip planes are saved beside): GL 2.1's enable group and the
 * extensions' that join it (ARB_vertex_program, ARB_fragment_program, EXT_stencil_two_side). */
static const GLenum enable_caps[] = {
   GL_ALPHA_TEST,
   GL_COLOR_MATERIAL,
   GL_CULL_FACE,
   GL_DEPTH_TEST,
   GL_DITHER,
   GL_FOG,
   GL_LIGHTING,
   GL_LINE_SMOOTH,
   GL_COLOR_LOGIC_OP,
   GL_NORMALIZE,
   GL_POLYGON_OFFSET_FILL,
   GL_POLYGON_OFFSET_LINE,
   GL_POLYGON_OFFSET_POINT,
   GL_POLYGON_SMOOTH,
   GL_POLYGON_STIPPLE,
   GL_LINE_STIPPLE,
   GL_POINT_SMOOTH,
   GL_POINT_SPRITE,
   GL_RESCALE_NORMAL,
   GL_SCISSOR_TEST,
   GL_STENCIL_TEST,
   GL_COLOR_SUM,
   FE_GL_RASTER_POSITION_UNCLIPPED_IBM,
   GL_MULTISAMPLE,
   GL_SAMPLE_ALPHA_TO_COVERAGE,
   GL_SAMPLE_ALPHA_TO_ONE,
   GL_SAMPLE_COVERAGE,
   GL_SAMPLE_SHADING,
   GL_DEPTH_CLAMP,
   GL_PROGRAM_POINT_SIZE,
   GL_FRAMEBUFFER_SRGB,
   GL_VERTEX_PROGRAM_ARB,
   GL_VERTEX_PROGRAM_TWO_SIDE_ARB,
   GL_FRAGMENT_PROGRAM_ARB,
   GL_FRAGMENT_SHADER_ATI,
   FE_GL_STENCIL_TEST_TWO_SIDE_EXT,
   GL_LIGHT0,
   GL_LIGHT0 + 1,
   GL_LIGHT0 + 2,
   GL_LIGHT0 + 3,
   GL_LIGHT0 + 4,
   GL_LIGHT0 + 5,
   GL_LIGHT0 + 6,
   GL_LIGHT0 + 7,
};
#define ENABLE_CAPS (sizeof(enable_caps) / sizeof(enable_caps[0]))

struct fe_attrib_frame {
   GLbitfield mask;
   /* GL_CURRENT_BIT */
   uint32_t cur_value[FE_MAX_VERTEX_ATTRIBS][4];
   uint8_t cur_kind[FE_MAX_VERTEX_ATTRIBS];
   GLfloat cur_index;
   GLboolean cur_edge_flag;
   /* GL_POINT_BIT */
   float point_size, point_fade, point_min, point_max, point_atten[3];
   GLenum point_origin;
   bool point_sprite, point_smooth, coord_replace[FE_FF_UNITS];
   /* GL_LINE_BIT */
   float line_width;
   uint8_t line_smooth;
   bool line_stipple;
   GLint line_stipple_repeat;
   uint16_t line_stipple_pattern;
   /* GL_POLYGON_BIT */
   bool cull_enabled, polygon_smooth;
   GLenum cull_mode, polygon_mode, polygon_mode_back;
   uint16_t rs_cull, rs_front, rs_polygon_mode;
   uint8_t offset_enable;
   float offset_factor, offset_units, offset_clamp;
   bool stipple_on;
   /* GL_POLYGON_STIPPLE_BIT */
   uint32_t stipple[32];
   /* GL_LIGHTING_BIT */
   bool lighting, local_viewer, two_side, color_material;
   uint8_t lights_enabled;
   struct fe_ff_light light[FE_FF_MAX_LIGHTS];
   float light_model_ambient[4];
   GLenum color_control, color_material_face, color_material_mode, shade_model;
   GLenum clamp_vertex_color; /* GL_CLAMP_VERTEX_COLOR (GL 3.0 compatibility Table 6.11) */
   struct fe_ff_material material[2];
   /* GL_FOG_BIT */
   bool fog;
   GLenum fog_mode, fog_coord_src;
   float fog_density, fog_start, fog_end, fog_index, fog_color[4];
   /* GL_DEPTH_BUFFER_BIT */
   uint8_t depth_test, depth_write;
   uint16_t depth_func;
   GLdouble clear_depth;
   /* GL_STENCIL_BUFFER_BIT */
   uint8_t stencil_test;
   uint16_t stencil_func[2], stencil_fail[2], stencil_zfail[2], stencil_zpass[2];
   uint32_t stencil_ref[2], stencil_read_mask[2], stencil_write_mask[2];
   /* GL_EXT_stencil_two_side: its switch, face and the back face aside */
   bool stencil_two_side, stencil_active_back;
   struct fe_compat_stencil_face stencil_aside;
   GLint clear_stencil;
   /* GL_COLOR_BUFFER_BIT */
   bool alpha_test, dither, srgb;
   GLenum alpha_func;
   float alpha_ref;
   GLenum clamp_fragment_color, clamp_read_color; /* (Table 6.21) */
   struct mgp_blend_target blend[8];
   uint8_t independent_blend, logic_op_enable;
   uint16_t logic_op;
   float blend_color[4];
   GLfloat clear_color[4];
   GLfloat clear_index;
   GLuint index_mask;
   bool default_fb; /* the draw framebuffer was the default one: its draw buffer is saved */
   GLenum draw_buffer;
   /* GL_ENABLE_BIT */
   int8_t enabled[ENABLE_CAPS];
   uint8_t blend_enable[8];
   uint8_t clip_mask;
   uint8_t tex_enabled[FE_FF_UNITS], texgen_enabled[FE_FF_UNITS];
   /* GL_ACCUM_BUFFER_BIT */
   GLfloat accum_clear[4];
   /* GL_TRANSFORM_BIT */
   GLenum matrix_mode;
   float clip_plane[FE_FF_MAX_CLIP_PLANES][4];
   uint8_t tr_clip_mask, tr_depth_clamp, tr_clip_control;
   bool tr_normalize, tr_rescale, tr_raster_unclipped;
   /* GL_VIEWPORT_BIT */
   float viewport[4], depth_range[2];
   /* GL_SCISSOR_BIT */
   bool scissor_test;
   int32_t scissor[4];
   /* viewports 1.. (ARB_viewport_array): viewport and depth range (GL_VIEWPORT_BIT), scissor
    * box and enable (GL_SCISSOR_BIT) */
   struct mgp_viewport viewports[FE_MAX_VIEWPORTS - 1];
   /* GL_HINT_BIT */
   GLenum hints[8]; /* as ctx->hints */
   /* GL_MULTISAMPLE_BIT */
   uint8_t multisample, alpha_to_coverage, alpha_to_one, coverage_enable, coverage_invert;
   uint8_t sample_shading;
   float coverage_value, min_sample_shading;
   /* GL_LIST_BIT */
   GLint list_base;
   /* GL_EVAL_BIT, and GL_ENABLE_BIT's evaluator enables */
   struct fe_eval_attrib eval, eval_enables;
   /* GL_PIXEL_MODE_BIT */
   bool read_default_fb;
   GLenum read_buffer;
   /* GL_CURRENT_BIT's raster position and GL_PIXEL_MODE_BIT's transfer, zoom and maps: the
    * whole block (its draw resources are not restored) */
   struct fe_compat_pixels pixels;
   /* GL_TEXTURE_BIT */
   unsigned active_unit;
   struct fe_ff_unit unit[FE_FF_UNITS];
   GLuint tex_name[FE_MAX_TEXTURE_UNITS][FE_TEX_TARGET_COUNT];
   /* GL 2.1 table 6.20: the state of the texture objects bound to the fixed-function units
    * (filters, wraps, LODs, levels, border, priority, sRGB decode, ...) is in the group too */
   bool tex_saved[FE_FF_UNITS][FE_TEX_TARGET_COUNT];
   struct fe_tex_params tex_params[FE_FF_UNITS][FE_TEX_TARGET_COUNT];
};

struct fe_client_frame {
   GLbitfield mask;
   /* GL_CLIENT_PIXEL_STORE_BIT */
   struct fe_pixel_store pack, unpack;
   struct fe_buffer *pack_buffer, *unpack_buffer; /* referenced */
   /* GL_CLIENT_VERTEX_ARRAY_BIT */
   GLuint vao_name;
   struct fe_vertex_attrib attribs[FE_MAX_VERTEX_ATTRIBS]; /* buffers referenced */
   struct fe_buffer *array_buffer;                         /* referenced */
   struct fe_compat_edge_array edge_array;                 /* buffer referenced */
   struct fe_compat_edge_array index_array;                /* buffer referenced */
   unsigned client_unit;
};

struct fe_attrib_stack {
   struct fe_attrib_frame *frames[FE_ATTRIB_STACK_DEPTH];
   unsigned depth;
   struct fe_client_frame *client[FE_CLIENT_ATTRIB_STACK_DEPTH];
   unsigned client_depth;
};

static struct fe_attrib_stack *
stack_of(struct fe_context *ctx)
{
   struct fe_compat *c = ctx->compat;
   if (!c->attrib_stack)
      c->attrib_stack = calloc(1, sizeof(*c->attrib_stack));
   return c->attrib_stack;
}

/* ---- server groups ------------------------------------------------------------------------ */

static GLint
get_int(GLenum pname)
{
   GLint v = 0;
   mgl_glGetIntegerv(pname, &v);
   return v;
}

static void
save(struct fe_context *ctx, struct fe_attrib_frame *f, GLbitfield m)
{
   struct fe_ff *ff = ctx->ff;
   struct fe_compat *c = ctx->compat;
   const struct mgp_render_state *rs = &ctx->rs;
   const struct mgp_dynamic_state *ds = &ctx->ds;
   f->mask = m;
   if (m & GL_CURRENT_BIT) {
      memcpy(f->cur_value, ctx->attrib_value, sizeof(f->cur_value));
      memcpy(f->cur_kind, ctx->attrib_kind, sizeof(f->cur_kind));
      f->cur_index = c->index;
      f->cur_edge_flag = c->edge_flag;
   }
   if (m & GL_POINT_BIT) {
      f->point_size = ds->point_size;
      f->point_fade = ctx->point_fade_threshold;
      f->point_origin = ctx->point_sprite_origin;
      f->point_sprite = ff->point_sprite;
      f->point_smooth = ff->point_smooth;
      f->point_min = ff->point_min;
      f->point_max = ff->point_max;
      memcpy(f->point_atten, ff->point_atten, sizeof(f->point_atten));
      for (int u = 0; u < FE_FF_UNITS; u++)
         f->coord_replace[u] = ff->unit[u].coord_replace;
   }
   if (m & GL_LINE_BIT) {
      f->line_width = ds->line_width;
      f->line_smooth = rs->line_smooth;
      f->line_stipple = ff->line_stipple;
      f->line_stipple_repeat = ff->line_stipple_repeat;
      f->line_stipple_pattern = ff->line_stipple_pattern;
   }
   if (m & GL_POLYGON_BIT) {
      f->cull_enabled = ctx->cull_enabled;
      f->cull_mode = ctx->cull_mode;
      f->polygon_mode = ctx->polygon_mode;
      f->polygon_mode_back = ctx->polygon_mode_back;
      f->polygon_smooth = ctx->misc_polygon_smooth;
      f->rs_cull = rs->cull_face;
      f->rs_front = rs->front_face;
      f->rs_polygon_mode = rs->polygon_mode;
      f->offset_enable = rs->polygon_offset_enable;
      f->offset_factor = ds->polygon_offset_factor;
      f->offset_units = ds->polygon_offset_units;
      f->offset_clamp = ds->polygon_offset_clamp;
      f->stipple_on = ff->polygon_stipple;
   }
   if (m & GL_POLYGON_STIPPLE_BIT)
      memcpy(f->stipple, ff->stipple, sizeof(f->stipple));
   if (m & GL_LIGHTING_BIT) {
      f->clamp_vertex_color = ctx->clamp_vertex_color;
      f->lighting = ff->lighting;
      f->lights_enabled = ff->lights_enabled;
      memcpy(f->light, ff->light, sizeof(f->light));
      memcpy(f->light_model_ambient, ff->light_model_ambient, sizeof(f->light_model_ambient));
      f->local_viewer = ff->local_viewer;
      f->two_side = ff->two_side;
      f->color_control = ff->color_control;
      memcpy(f->material, ff->material, sizeof(f->material));
      f->color_material = ff->color_material;
      f->color_material_face = ff->color_material_face;
      f->color_material_mode = ff->color_material_mode;
      f->shade_model = ff->shade_model;
   }
   if (m & GL_FOG_BIT) {
      f->fog = ff->fog;
      f->fog_mode = ff->fog_mode;
      f->fog_coord_src = ff->fog_coord_src;
      f->fog_density = ff->fog_density;
      f->fog_start = ff->fog_start;
      f->fog_end = ff->fog_end;
      f->fog_index = ff->fog_index;
      memcpy(f->fog_color, ff->fog_color, sizeof(f->fog_color));
   }
   if (m & GL_DEPTH_BUFFER_BIT) {
      f->depth_test = rs->depth_test;
      f->depth_write = rs->depth_write;
      f->depth_func = rs->depth_func;
      f->clear_depth = ctx->clear_depth;
   }
   if (m & GL_STENCIL_BUFFER_BIT) {
      f->stencil_test = rs->stencil_test;
      for (int i = 0; i < 2; i++) {
         f->stencil_func[i] = rs->stencil_func[i];
         f->stencil_fail[i] = rs->stencil_fail[i];
         f->stencil_zfail[i] = rs->stencil_zfail[i];
         f->stencil_zpass[i] = rs->stencil_zpass[i];
         f->stencil_ref[i] = ds->stencil_ref[i];
         f->stencil_read_mask[i] = ds->stencil_read_mask[i];
         f->stencil_write_mask[i] = ds->stencil_write_mask[i];
      }
      f->clear_stencil = ctx->clear_stencil;
      f->stencil_two_side = ctx->compat->stencil_two_side;
      f->stencil_active_back = ctx->compat->stencil_active_back;
      f->stencil_aside = ctx->compat->stencil_aside;
   }
   if (m & GL_COLOR_BUFFER_BIT) {
      f->alpha_test = ff->alpha_test;
      f->alpha_func = ff->alpha_func;
      f->alpha_ref = ff->alpha_ref;
      f->clamp_fragment_color = ctx->clamp_fragment_color;
      f->clamp_read_color = ctx->clamp_read_color;
      memcpy(f->blend, rs->blend, sizeof(f->blend));
      f->independent_blend = rs->independent_blend;
      f->logic_op_enable = rs->logic_op_enable;
      f->logic_op = rs->logic_op;
      memcpy(f->blend_color, ds->blend_color, sizeof(f->blend_color));
      memcpy(f->clear_color, ctx->clear_color, sizeof(f->clear_color));
      f->clear_index = ctx->compat->clear_index;
      f->index_mask = ctx->compat->index_mask;
      f->dither = ctx->misc_dither;
      f->srgb = ctx->misc_framebuffer_srgb;
      f->default_fb = !ctx->draw_fbo;
      f->draw_buffer = ctx->default_draw_buffer;
   }
   if (m & GL_EVAL_BIT)
      fe_eval_attrib_save(ctx, &f->eval);
   if (m & GL_ENABLE_BIT)
      fe_eval_attrib_save(ctx, &f->eval_enables);
   if (m & GL_ENABLE_BIT) {
      for (size_t i = 0; i < ENABLE_CAPS; i++)
         f->enabled[i] = (int8_t)fe_state_is_enabled(ctx, enable_caps[i]);
      for (int i = 0; i < 8; i++)
         f->blend_enable[i] = rs->blend[i].enable;
      f->clip_mask = rs->clip_distance_mask;
      for (int u = 0; u < FE_FF_UNITS; u++) {
         f->tex_enabled[u] = ff->unit[u].enabled;
         f->texgen_enabled[u] = ff->unit[u].texgen_enabled;
      }
   }
   if (m & GL_ACCUM_BUFFER_BIT)
      memcpy(f->accum_clear, c->accum_clear, sizeof(f->accum_clear));
   if (m & GL_TRANSFORM_BIT) {
      f->matrix_mode = ff->matrix_mode;
      memcpy(f->clip_plane, ff->clip_plane, sizeof(f->clip_plane));
      f->tr_clip_mask = rs->clip_distance_mask;
      f->tr_depth_clamp = rs->depth_clamp;
      f->tr_clip_control = rs->clip_control;
      f->tr_normalize = ff->normalize;
      f->tr_rescale = ff->rescale_normal;
      f->tr_raster_unclipped = ff->raster_unclipped;
   }
   if (m & GL_VIEWPORT_BIT) {
      memcpy(f->viewport, ds->viewport, sizeof(f->viewport));
      memcpy(f->depth_range, ds->depth_range, sizeof(f->depth_range));
   }
   if (m & GL_SCISSOR_BIT) {
      f->scissor_test = ctx->scissor_test;
      memcpy(f->scissor, ds->scissor, sizeof(f->scissor));
   }
   if (m & (GL_VIEWPORT_BIT | GL_SCISSOR_BIT)) {
      fe_viewports_settle(ctx);
      memcpy(f->viewports, ctx->viewports, sizeof(f->viewports));
   }
   if (m & GL_HINT_BIT)
      memcpy(f->hints, ctx->hints, sizeof(f->hints));
   if (m & GL_MULTISAMPLE_BIT) {
      f->multisample = rs->multisample;
      f->alpha_to_coverage = rs->alpha_to_coverage;
      f->alpha_to_one = rs->alpha_to_one;
      f->coverage_enable = ds->sample_coverage_enable;
      f->coverage_invert = ds->sample_coverage_invert;
      f->coverage_value = ds->sample_coverage_value;
      f->sample_shading = rs->sample_shading;
      f->min_sample_shading = rs->min_sample_shading;
   }
   if (m & GL_LIST_BIT)
      f->list_base = get_int(GL_LIST_BASE);
   if ((m & (GL_CURRENT_BIT | GL_PIXEL_MODE_BIT)) && c->pixels)
      f->pixels = *c->pixels;
   if (m & GL_PIXEL_MODE_BIT) {
      f->read_default_fb = !ctx->read_fbo;
      f->read_buffer = ctx->default_read_buffer;
   }
   if (m & GL_TEXTURE_BIT) {
      f->active_unit = ctx->active_unit;
      memcpy(f->unit, ff->unit, sizeof(f->unit));
      for (int u = 0; u < FE_MAX_TEXTURE_UNITS; u++)
         for (int t = 0; t < FE_TEX_TARGET_COUNT; t++)
            f->tex_name[u][t] = ctx->units[u][t] ? ctx->units[u][t]->base.name : 0;
      for (int u = 0; u < FE_FF_UNITS; u++)
         for (int t = 0; t < FE_TEX_TARGET_COUNT; t++) {
            const struct fe_texture *tex =
               ctx->units[u][t] ? ctx->units[u][t] : ctx->default_tex[t];
            f->tex_saved[u][t] = tex != NULL;
            if (tex)
               f->tex_params[u][t] = tex->params;
         }
   }
}

/* The texture a saved name binds again: the same object while the name still holds one of
 * that target, else the default texture (NULL). */
static struct fe_texture *
texture_by_name(struct fe_context *ctx, GLuint name, int target)
{
   if (!name)
      return NULL;
   struct fe_share_group *sg = ctx->share;
   pthread_mutex_lock(&sg->lock);
   struct fe_texture *tex = fe_names_get(&sg->textures, name);
   pthread_mutex_unlock(&sg->lock);
   if (!tex || tex == FE_NAME_RESERVED || tex->target != (enum fe_tex_target)target)
      return NULL;
   return tex;
}

static void
restore(struct fe_context *ctx, const struct fe_attrib_frame *f)
{
   struct fe_ff *ff = ctx->ff;
   struct fe_compat *c = ctx->compat;
   struct mgp_render_state *rs = &ctx->rs;
   struct mgp_dynamic_state *ds = &ctx->ds;
   const GLbitfield m = f->mask;
   if (m & GL_CURRENT_BIT) {
      memcpy(ctx->attrib_value, f->cur_value, sizeof(f->cur_value));
      memcpy(ctx->attrib_kind, f->cur_kind, sizeof(f->cur_kind));
      ctx->tracker.attrib_defaults_dirty |= (1u << FE_MAX_VERTEX_ATTRIBS) - 1u;
      fe_draw_touch(ctx);
      c->index = f->cur_index;
      c->edge_flag = f->cur_edge_flag;
   }
   if (m & GL_POINT_BIT) {
      ds->point_size = f->point_size;
      ctx->point_fade_threshold = f->point_fade;
      ctx->point_sprite_origin = f->point_origin;
      fe_draw_touch(ctx);
      ff->point_sprite = f->point_sprite;
      ff->point_smooth = f->point_smooth;
      ff->point_min = f->point_min;
      ff->point_max = f->point_max;
      memcpy(ff->point_atten, f->point_atten, sizeof(f->point_atten));
   }
   if (m & GL_LINE_BIT) {
      ds->line_width = f->line_width;
      rs->line_smooth = f->line_smooth;
      ff->line_stipple = f->line_stipple;
      ff->line_stipple_repeat = f->line_stipple_repeat;
      ff->line_stipple_pattern = f->line_stipple_pattern;
   }
   if (m & GL_POLYGON_BIT) {
      ctx->cull_enabled = f->cull_enabled;
      ctx->cull_mode = f->cull_mode;
      ctx->polygon_mode = f->polygon_mode;
      ctx->polygon_mode_back = f->polygon_mode_back;
      ctx->misc_polygon_smooth = f->polygon_smooth;
      rs->cull_face = f->rs_cull;
      rs->front_face = f->rs_front;
      rs->polygon_mode = f->rs_polygon_mode;
      rs->polygon_offset_enable = f->offset_enable;
      ds->polygon_offset_factor = f->offset_factor;
      ds->polygon_offset_units = f->offset_units;
      ds->polygon_offset_clamp = f->offset_clamp;
      ff->polygon_stipple = f->stipple_on;
   }
   if (m & GL_POLYGON_STIPPLE_BIT)
      memcpy(ff->stipple, f->stipple, sizeof(f->stipple));
   if (m & GL_LIGHTING_BIT) {
      ctx->clamp_vertex_color = f->clamp_vertex_color;
      ff->lighting = f->lighting;
      ff->lights_enabled = f->lights_enabled;
      memcpy(ff->light, f->light, sizeof(f->light));
      memcpy(ff->light_model_ambient, f->light_model_ambient, sizeof(f->light_model_ambient));
      ff->local_viewer = f->local_viewer;
      ff->two_side = f->two_side;
      ff->color_control = f->color_control;
      memcpy(ff->material, f->material, sizeof(f->material));
      ff->color_material = f->color_material;
      ff->color_material_face = f->color_material_face;
      ff->color_material_mode = f->color_material_mode;
      ff->shade_model = f->shade_model;
   }
   if (m & GL_FOG_BIT) {
      ff->fog = f->fog;
      ff->fog_mode = f->fog_mode;
      ff->fog_coord_src = f->fog_coord_src;
      ff->fog_density = f->fog_density;
      ff->fog_start = f->fog_start;
      ff->fog_end = f->fog_end;
      ff->fog_index = f->fog_index;
      memcpy(ff->fog_color, f->fog_color, sizeof(f->fog_color));
   }
   if (m & GL_DEPTH_BUFFER_BIT) {
      rs->depth_test = f->depth_test;
      rs->depth_write = f->depth_write;
      rs->depth_func = f->depth_func;
      ctx->clear_depth = f->clear_depth;
   }
   if (m & GL_STENCIL_BUFFER_BIT) {
      rs->stencil_test = f->stencil_test;
      for (int i = 0; i < 2; i++) {
         rs->stencil_func[i] = f->stencil_func[i];
         rs->stencil_fail[i] = f->stencil_fail[i];
         rs->stencil_zfail[i] = f->stencil_zfail[i];
         rs->stencil_zpass[i] = f->stencil_zpass[i];
         ds->stencil_ref[i] = f->stencil_ref[i];
         ds->stencil_read_mask[i] = f->stencil_read_mask[i];
         ds->stencil_write_mask[i] = f->stencil_write_mask[i];
      }
      ctx->clear_stencil = f->clear_stencil;
      ctx->compat->stencil_two_side = f->stencil_two_side;
      ctx->compat->stencil_active_back = f->stencil_active_back;
      ctx->compat->stencil_aside = f->stencil_aside;
   }
   if (m & GL_COLOR_BUFFER_BIT) {
      ff->alpha_test = f->alpha_test;
      ff->alpha_func = f->alpha_func;
      ff->alpha_ref = f->alpha_ref;
      ctx->clamp_fragment_color = f->clamp_fragment_color;
      ctx->clamp_read_color = f->clamp_read_color;
      memcpy(rs->blend, f->blend, sizeof(f->blend));
      rs->independent_blend = f->independent_blend;
      rs->logic_op_enable = f->logic_op_enable;
      rs->logic_op = f->logic_op;
      memcpy(ds->blend_color, f->blend_color, sizeof(f->blend_color));
      memcpy(ctx->clear_color, f->clear_color, sizeof(f->clear_color));
      ctx->compat->clear_index = f->clear_index;
      ctx->compat->index_mask = f->index_mask;
      ctx->misc_dither = f->dither;
      ctx->misc_framebuffer_srgb = f->srgb;
      fe_draw_touch(ctx);
      /* the draw buffer of the default framebuffer; an FBO's belong to the FBO */
      if (f->default_fb && !ctx->draw_fbo && ctx->default_draw_buffer != f->draw_buffer)
         mgl_glDrawBuffer(f->draw_buffer);
   }
   if (m & GL_ENABLE_BIT)
      fe_eval_attrib_restore(ctx, &f->eval_enables, false);
   if (m & GL_EVAL_BIT)
      fe_eval_attrib_restore(ctx, &f->eval, true);
   if (m & GL_ENABLE_BIT) {
      for (size_t i = 0; i < ENABLE_CAPS; i++) {
         if (f->enabled[i] < 0 || fe_state_is_enabled(ctx, enable_caps[i]) == f->enabled[i])
            continue;
         if (f->enabled[i])
            mgl_glEnable(enable_caps[i]);
         else
            mgl_glDisable(enable_caps[i]);
      }
      uint8_t indep = 0;
      for (int i = 0; i < 8; i++) {
         rs->blend[i].enable = f->blend_enable[i];
         if (memcmp(&rs->blend[i], &rs->blend[0], sizeof(rs->blend[0])))
            indep = 1;
      }
      rs->independent_blend = indep;
      rs->clip_distance_mask = f->clip_mask;
      for (int u = 0; u < FE_FF_UNITS; u++) {
         ff->unit[u].enabled = f->tex_enabled[u];
         ff->unit[u].texgen_enabled = f->texgen_enabled[u];
      }
   }
   if (m & GL_ACCUM_BUFFER_BIT)
      memcpy(c->accum_clear, f->accum_clear, sizeof(f->accum_clear));
   if (m & GL_TRANSFORM_BIT) {
      ff->matrix_mode = f->matrix_mode;
      memcpy(ff->clip_plane, f->clip_plane, sizeof(f->clip_plane));
      rs->clip_distance_mask = f->tr_clip_mask;
      rs->depth_clamp = f->tr_depth_clamp;
      rs->clip_control = f->tr_clip_control;
      ff->normalize = f->tr_normalize;
      ff->rescale_normal = f->tr_rescale;
      ff->raster_unclipped = f->tr_raster_unclipped;
   }
   if (m & GL_VIEWPORT_BIT) {
      memcpy(ds->viewport, f->viewport, sizeof(f->viewport));
      memcpy(ds->depth_range, f->depth_range, sizeof(f->depth_range));
   }
   if (m & GL_SCISSOR_BIT) {
      ctx->scissor_test = f->scissor_test;
      ds->scissor_enable = f->scissor_test;
      memcpy(ds->scissor, f->scissor, sizeof(f->scissor));
   }
   if (m & (GL_VIEWPORT_BIT | GL_SCISSOR_BIT))
      fe_viewports_settle(ctx); /* a box glViewport left for the bit not restored */
   for (unsigned i = 0; i < FE_MAX_VIEWPORTS - 1 && (m & (GL_VIEWPORT_BIT | GL_SCISSOR_BIT)); i++) {
      struct mgp_viewport *v = &ctx->viewports[i];
      const struct mgp_viewport *s = &f->viewports[i];
      if (m & GL_VIEWPORT_BIT) {
         memcpy(v->viewport, s->viewport, sizeof(v->viewport));
         memcpy(v->depth_range, s->depth_range, sizeof(v->depth_range));
         ctx->viewports_rest_same = false;
      }
      if (m & GL_SCISSOR_BIT) {
         memcpy(v->scissor, s->scissor, sizeof(v->scissor));
         v->scissor_enable = s->scissor_enable;
         ctx->scissors_rest_same = false;
      }
      ctx->viewports_version++; /* ds_version moves below */
   }
   if (m & GL_HINT_BIT)
      memcpy(ctx->hints, f->hints, sizeof(f->hints));
   if (m & GL_MULTISAMPLE_BIT) {
      rs->multisample = f->multisample;
      rs->alpha_to_coverage = f->alpha_to_coverage;
      rs->alpha_to_one = f->alpha_to_one;
      ds->sample_coverage_enable = f->coverage_enable;
      ds->sample_coverage_invert = f->coverage_invert;
      ds->sample_coverage_value = f->coverage_value;
      rs->sample_shading = f->sample_shading;
      rs->min_sample_shading = f->min_sample_shading;
   }
   if (m & GL_LIST_BIT)
      mgl_glListBase((GLuint)f->list_base);
   struct fe_compat_pixels *px = c->pixels;
   if ((m & GL_CURRENT_BIT) && px) {
      memcpy(px->raster_pos, f->pixels.raster_pos, sizeof(px->raster_pos));
      px->raster_valid = f->pixels.raster_valid;
      memcpy(px->raster_color, f->pixels.raster_color, sizeof(px->raster_color));
      memcpy(px->raster_color1, f->pixels.raster_color1, sizeof(px->raster_color1));
      memcpy(px->raster_tc, f->pixels.raster_tc, sizeof(px->raster_tc));
      px->raster_distance = f->pixels.raster_distance;
      px->raster_index = f->pixels.raster_index;
   }
   if ((m & GL_PIXEL_MODE_BIT) && px) {
      memcpy(px->zoom, f->pixels.zoom, sizeof(px->zoom));
      px->map_color = f->pixels.map_color;
      px->map_stencil = f->pixels.map_stencil;
      px->index_shift = f->pixels.index_shift;
      px->index_offset = f->pixels.index_offset;
      memcpy(px->scale, f->pixels.scale, sizeof(px->scale));
      memcpy(px->bias, f->pixels.bias, sizeof(px->bias));
      px->depth_scale = f->pixels.depth_scale;
      px->depth_bias = f->pixels.depth_bias;
      memcpy(px->map_size, f->pixels.map_size, sizeof(px->map_size));
      memcpy(px->map, f->pixels.map, sizeof(px->map));
   }
   if ((m & GL_PIXEL_MODE_BIT) && f->read_default_fb && !ctx->read_fbo &&
       ctx->default_read_buffer != f->read_buffer)
      mgl_glReadBuffer(f->read_buffer);
   if (m & GL_TEXTURE_BIT) {
      ctx->active_unit = f->active_unit;
      for (int u = 0; u < FE_FF_UNITS; u++) {
         const bool replace = ff->unit[u].coord_replace; /* the point group's, not this one's */
         ff->unit[u] = f->unit[u];
         ff->unit[u].coord_replace = replace;
      }
      for (int u = 0; u < FE_MAX_TEXTURE_UNITS; u++) {
         for (int t = 0; t < FE_TEX_TARGET_COUNT; t++) {
            struct fe_texture *cur = ctx->units[u][t];
            if ((cur ? cur->base.name : 0) == f->tex_name[u][t])
               continue;
            FE_REBIND(ctx, &ctx->units[u][t], texture_by_name(ctx, f->tex_name[u][t], t));
            fe_unit_changed(ctx, (unsigned)u);
         }
      }
      /* the bound objects' parameters: into the object bound again, where it is the one saved
       * (by name; a deleted one's state is gone) */
      for (int u = 0; u < FE_FF_UNITS; u++)
         for (int t = 0; t < FE_TEX_TARGET_COUNT; t++) {
            struct fe_texture *tex = ctx->units[u][t] ? ctx->units[u][t] : ctx->default_tex[t];
            if (!f->tex_saved[u][t] || !tex || tex->base.name != f->tex_name[u][t] ||
                !memcmp(&tex->params, &f->tex_params[u][t], sizeof(tex->params)))
               continue;
            tex->params = f->tex_params[u][t];
            tex->params_version++;
            fe_tex_texture_changed(ctx, tex);
         }
   }
   if (m & GL_POINT_BIT)
      for (int u = 0; u < FE_FF_UNITS; u++)
         ff->unit[u].coord_replace = f->coord_replace[u];
   /* the next draw re-derives everything the groups feed */
   fe_draw_bump_value(ctx, &ctx->rs_version);
   fe_draw_bump_value(ctx, &ctx->ds_version);
   fe_ff_bump(ff);
}

void
mgl_glPushAttrib(GLbitfield mask)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_attrib_stack *s = stack_of(ctx);
   if (!s) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   if (s->depth >= FE_ATTRIB_STACK_DEPTH) {
      fe_error(ctx, GL_STACK_OVERFLOW);
      return;
   }
   struct fe_attrib_frame *f = malloc(sizeof(*f));
   if (!f) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   save(ctx, f, mask);
   s->frames[s->depth++] = f;
}

void
mgl_glPopAttrib(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_attrib_stack *s = ctx->compat->attrib_stack;
   if (!s || !s->depth) {
      fe_error(ctx, GL_STACK_UNDERFLOW);
      return;
   }
   struct fe_attrib_frame *f = s->frames[--s->depth];
   restore(ctx, f);
   free(f);
}

/* ---- client groups ------------------------------------------------------------------------ */

static void
client_frame_release(struct fe_context *ctx, struct fe_client_frame *f)
{
   FE_REBIND(ctx, &f->pack_buffer, NULL);
   FE_REBIND(ctx, &f->unpack_buffer, NULL);
   FE_REBIND(ctx, &f->array_buffer, NULL);
   FE_REBIND(ctx, &f->edge_array.buffer, NULL);
   FE_REBIND(ctx, &f->index_array.buffer, NULL);
   for (int i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++)
      FE_REBIND(ctx, &f->attribs[i].buffer, NULL);
   free(f);
}

void
mgl_glPushClientAttrib(GLbitfield mask)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_attrib_stack *s = stack_of(ctx);
   if (!s) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   if (s->client_depth >= FE_CLIENT_ATTRIB_STACK_DEPTH) {
      fe_error(ctx, GL_STACK_OVERFLOW);
      return;
   }
   struct fe_client_frame *f = calloc(1, sizeof(*f));
   if (!f) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   f->mask = mask;
   if (mask & GL_CLIENT_PIXEL_STORE_BIT) {
      f->pack = ctx->pack;
      f->unpack = ctx->unpack;
      FE_REBIND(ctx, &f->pack_buffer, ctx->pixel_pack_buffer);
      FE_REBIND(ctx, &f->unpack_buffer, ctx->pixel_unpack_buffer);
   }
   if (mask & GL_CLIENT_VERTEX_ARRAY_BIT) {
      struct fe_compat *c = ctx->compat;
      f->vao_name = ctx->vao->name;
      for (int i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++) {
         f->attribs[i] = ctx->vao->attribs[i];
         f->attribs[i].buffer = NULL;
         FE_REBIND(ctx, &f->attribs[i].buffer, ctx->vao->attribs[i].buffer);
      }
      FE_REBIND(ctx, &f->array_buffer, ctx->array_buffer);
      f->edge_array = c->edge_array;
      f->edge_array.buffer = NULL;
      FE_REBIND(ctx, &f->edge_array.buffer, c->edge_array.buffer);
      f->index_array = c->index_array;
      f->index_array.buffer = NULL;
      FE_REBIND(ctx, &f->index_array.buffer, c->index_array.buffer);
      f->client_unit = c->client_unit;
   }
   s->client[s->client_depth++] = f;
}

void
mgl_glPopClientAttrib(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_attrib_stack *s = ctx->compat->attrib_stack;
   if (!s || !s->client_depth) {
      fe_error(ctx, GL_STACK_UNDERFLOW);
      return;
   }
   struct fe_client_frame *f = s->client[--s->client_depth];
   if (f->mask & GL_CLIENT_PIXEL_STORE_BIT) {
      ctx->pack = f->pack;
      ctx->unpack = f->unpack;
      ctx->pack_version++;
      FE_REBIND(ctx, &ctx->pixel_pack_buffer, f->pack_buffer);
      FE_REBIND(ctx, &ctx->pixel_unpack_buffer, f->unpack_buffer);
   }
   if (f->mask & GL_CLIENT_VERTEX_ARRAY_BIT) {
      struct fe_compat *c = ctx->compat;
      /* the vertex array bound at the push, unless it was deleted since (then zero's) */
      void *obj = f->vao_name ? fe_names_get(&ctx->vaos, f->vao_name) : NULL;
      ctx->vao = obj && obj != FE_NAME_RESERVED ? obj : fe_vao_zero(ctx);
      fe_draw_touch(ctx);
      struct fe_vao *vao = ctx->vao;
      vao->streamed_mask = 0;
      for (int i = 0; i < FE_MAX_VERTEX_ATTRIBS; i++) {
         struct fe_buffer *held = f->attribs[i].buffer;
         struct fe_buffer *cur = vao->attribs[i].buffer;
         vao->attribs[i] = f->attribs[i];
         vao->attribs[i].buffer = cur;
         FE_REBIND(ctx, &vao->attribs[i].buffer, held);
         if (fe_vao_attrib_streamed(vao, (unsigned)i))
            vao->streamed_mask |= 1u << i;
      }
      fe_draw_bump(ctx, &vao->layout_version);
      fe_draw_bump(ctx, &vao->buffers_version);
      FE_REBIND(ctx, &ctx->array_buffer, f->array_buffer);
      struct fe_buffer *edge_cur = c->edge_array.buffer;
      c->edge_array = f->edge_array;
      c->edge_array.buffer = edge_cur;
      FE_REBIND(ctx, &c->edge_array.buffer, f->edge_array.buffer);
      struct fe_buffer *index_cur = c->index_array.buffer;
      c->index_array = f->index_array;
      c->index_array.buffer = index_cur;
      FE_REBIND(ctx, &c->index_array.buffer, f->index_array.buffer);
      c->client_unit = f->client_unit;
   }
   client_frame_release(ctx, f);
}

/* ---- queries and teardown ----------------------------------------------------------------- */

int
fe_compat_attrib_stack_get(struct fe_context *ctx, GLenum pname, double *out)
{
   const struct fe_attrib_stack *s = ctx->compat->attrib_stack;
   switch (pname) {
   case GL_ATTRIB_STACK_DEPTH: out[0] = s ? s->depth : 0; return 1;
   case GL_CLIENT_ATTRIB_STACK_DEPTH: out[0] = s ? s->client_depth : 0; return 1;
   case GL_MAX_ATTRIB_STACK_DEPTH: out[0] = FE_ATTRIB_STACK_DEPTH; return 1;
   case GL_MAX_CLIENT_ATTRIB_STACK_DEPTH: out[0] = FE_CLIENT_ATTRIB_STACK_DEPTH; return 1;
   default: return 0;
   }
}

void
fe_compat_attrib_stack_destroy(struct fe_context *ctx, struct fe_compat *c)
{
   struct fe_attrib_stack *s = c->attrib_stack;
   if (!s)
      return;
   for (unsigned i = 0; i < s->depth; i++)
      free(s->frames[i]);
   for (unsigned i = 0; i < s->client_depth; i++)
      client_frame_release(ctx, s->client[i]);
   free(s);
   c->attrib_stack = NULL;
}
