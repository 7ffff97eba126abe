/* glb_shader.c — programs: the client's SPIR-V translated to ESSL with SPIRV-Cross's C API
 * (320 es, 310 es or 300 es, by the host context), stage by stage (vertex, geometry where the
 * host has it, fragment), compiled and linked on the host; the default uniform block and the
 * uniform blocks bound as host uniform buffers.
 *
 * The client's SPIR-V follows the descriptor contract of src/frontend/glsl/glsl.h (set 0;
 * binding 0 the default block, 1 + i uniform block i, 64 + j combined image sampler j) and ends
 * its last pre-rasterization stage with Vulkan's clip depth (z + w) / 2: SPIRV-Cross's
 * fixup_clipspace undoes that (z' = 2z - w) so the host's GL depth range applies unchanged (in
 * a geometry stage, before each EmitVertex: emit_vertex_depth).
 * Uniform buffer bindings stay as they are (checked against the host's count here); sampler
 * binding 64 + j becomes texture unit j. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv_cross_c.h>

#include "glb.h"
#include "pipe_codec.h"
#include "spv.h"

#define SAMPLER_BINDING_BASE 64

struct translate {
   char *source; /* malloc'd ESSL */
   char why[192];
   char epilogue[1024]; /* fragment: what alpha to one sets (alpha_one_outputs) */
   /* the size of gl_ClipDistance in the gl_PerVertex block a vertex stage feeding a geometry
    * stage redeclares (0: none, per_vertex_block), which the geometry stage's gl_in takes; the
    * block is redeclared where either size is not 0 */
   unsigned per_vertex_clip;
   unsigned per_vertex_cull;   /* and gl_CullDistance's, where the stage writes it (0: none) */
   bool per_vertex_point_size; /* the block has gl_PointSize */
   /* an evaluation stage feeding a geometry stage: the sizes of gl_ClipDistance and
    * gl_CullDistance in the gl_PerVertex output block it redeclares (0: none;
    * tess_eval_out_per_vertex), which the geometry stage's gl_in takes as it takes the vertex
    * stage's without tessellation; and whether the block has gl_PointSize */
   unsigned feed_clip, feed_cull;
   bool feed_point_size;
   /* and the size of the gl_ClipDistance that geometry stage writes (0: none;
    * clip_distances_written), which the block's is padded to where cull distances pass
    * (clip_padding) */
   unsigned feed_clip_least;
   /* an evaluation or geometry stage writing gl_CullDistance whose redeclared gl_in has more
    * clip distances than it writes: the gl_ClipDistance it writes (clip_written, 0: none) is
    * declared of gl_in's size (clip_padded; clip_padding) */
   unsigned clip_written, clip_padded;
   /* a control stage: the sizes of gl_ClipDistance and gl_CullDistance its gl_out block declares
    * (0: none), which the evaluation stage's redeclared gl_in repeats (tess_eval_per_vertex) */
   unsigned out_clip, out_cull;
   bool out_clip_unwritten; /* its gl_ClipDistance member goes (tess_ctrl_out_sizes) */
   bool decline_1d;         /* why: a use of a 1D image spv_lower_1d cannot rewrite */
   /* the last pre-rasterization stage: the size of the gl_ClipDistance it writes (0: none),
    * each element of it zeroed where its plane is off (clip_enables_code) */
   unsigned clip_count;
   char clip_zero[640];
   const char *unbiased; /* what glb_spv_lod_bias could not bias, or NULL */
   /* the vertex stage's inputs bgra_inputs swizzles (GLB_VARIANT_BGRA): a bit per location,
    * and each one's components */
   uint32_t bgra_inputs;
   uint8_t bgra_size[16];
   /* the format-less images (formatless_image): a bit per host unit, each declared with its
    * qualifier by image_format_layouts */
   uint32_t image_units;
   const char *image_qualifier[GLB_MAX_IMAGES];
   /* the fragment stage's inputs' interpolation by location (INTERP_* bits, 0: no input
    * there), which the last pre-rasterization stage's outputs take (interpolation_by_location) */
   uint8_t frag_interp[32];
   /* and their types where one location holds them whole (1 + base * 4 + components - 1, base
    * 0 float, 1 int, 2 uint; 0: another), which an output the last pre-rasterization stage
    * lacks is declared as (unwritten_outputs) */
   uint8_t frag_type[32];
   /* the vertex stage of an outline variant (glb_outline.c): its gl_PerVertex redeclared for
    * the geometry stage made after it */
   bool outline;
};

/* GLES has no gl_BaseInstance. A draw's base instance moves its instanced arrays instead
 * (glb_draw.c) and GLES's gl_InstanceID counts from 0 as GL's does, so BaseInstance is 0 here
 * (only GL 4.6's gl_BaseInstance would read it, not offered): the built-in becomes a plain int input at a location the program leaves free, which the
 * draw feeds as a disabled attribute whose current value is 0. Its location, or -1. */
static bool
base_instance_input(struct glb_screen *scr, spvc_compiler comp, spvc_resources res,
                    uint32_t inputs_used, int *loc, struct translate *t)
{
   const spvc_reflected_builtin_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_builtin_resource_list_for_type(
          res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_INPUT, &list, &count) != SPVC_SUCCESS)
      return false;
   for (size_t i = 0; i < count; i++) {
      if (list[i].builtin != SpvBuiltInBaseInstance)
         continue;
      int free_loc = -1;
      const int max =
         scr->max_vertex_attribs < GLB_MAX_ATTRIBS ? scr->max_vertex_attribs : GLB_MAX_ATTRIBS;
      for (int l = max - 1; l >= 0 && free_loc < 0; l--)
         if (!(inputs_used >> l & 1))
            free_loc = l;
      if (free_loc < 0) {
         snprintf(t->why, sizeof(t->why), "no attribute location left for gl_BaseInstance");
         return false;
      }
      const SpvId id = list[i].resource.id;
      spvc_compiler_unset_decoration(comp, id, SpvDecorationBuiltIn);
      spvc_compiler_set_decoration(comp, id, SpvDecorationLocation, (unsigned)free_loc);
      spvc_compiler_set_name(comp, id, "mgl_BaseInstance");
      *loc = free_loc;
   }
   return true;
}

/* ESSL refuses explicit locations on the members of a block declared as an array, and Mesa
 * refuses one on such a block itself (it gives the members locations from it). Without any,
 * ESSL matches the block by its name, which both sides of the interface keep from the client's
 * GLSL: the block's and its members' locations are dropped. every_block: also those of blocks
 * that are not arrays (the vertex stage's outputs into a geometry stage, whose inputs are
 * arrays: Mesa matches a block with a location only to one with a location). */
static void
block_locations(spvc_compiler comp, spvc_resources res, spvc_resource_type type, bool every_block)
{
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(res, type, &list, &count) != SPVC_SUCCESS)
      return;
   for (size_t i = 0; i < count; i++) {
      const spvc_type var = spvc_compiler_get_type_handle(comp, list[i].type_id);
      const spvc_type block = spvc_compiler_get_type_handle(comp, list[i].base_type_id);
      if (spvc_type_get_basetype(block) != SPVC_BASETYPE_STRUCT ||
          (!every_block && !spvc_type_get_num_array_dimensions(var)))
         continue;
      spvc_compiler_unset_decoration(comp, list[i].id, SpvDecorationLocation);
      for (unsigned m = 0; m < spvc_type_get_num_member_types(block); m++)
         spvc_compiler_unset_member_decoration(comp, list[i].base_type_id, m,
                                               SpvDecorationLocation);
   }
}

/* A compatibility geometry shader's per-vertex input of a built-in varying (gl_in[].
 * gl_TexCoord[]: a block _mgl_in_gl_TexCoord; gl_in[].gl_ClipVertex: a variable
 * _mgl_in_gl_ClipVertex, glsl_compat.c) meets the vertex stage's output _mgl_id_gl_TexCoord or
 * _mgl_id_gl_ClipVertex, which the front end matches by the demangled name and the Vulkan
 * backend by location. ESSL matches blocks without locations (block_locations) by the block's
 * name, and NVIDIA's link matches located variables by name too ("not declared as an output
 * from the previous stage"): the input takes the output's name. A variable of the stage that
 * already has it (the stage's own gl_ClipVertex, a private) is renamed first; bound is the
 * module's id bound. */
static void
geometry_input_names(spvc_compiler comp, spvc_resources res, uint32_t bound)
{
   static const char in_prefix[] = "_mgl_in_", out_prefix[] = "_mgl_id_";
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_INPUT, &list,
                                                 &count) != SPVC_SUCCESS)
      return;
   bool variables = false; /* a renamed input that is not a block: its name may be taken */
   for (size_t i = 0; i < count; i++) {
      const spvc_type type = spvc_compiler_get_type_handle(comp, list[i].base_type_id);
      const bool block = spvc_type_get_basetype(type) == SPVC_BASETYPE_STRUCT;
      const char *name = spvc_compiler_get_name(comp, block ? list[i].base_type_id : list[i].id);
      variables |= !block && name && !strncmp(name, in_prefix, sizeof(in_prefix) - 1);
   }
   /* one walk of the module's ids (its bound is at most 2^22, create_shader): every variable
    * named _mgl_id_X beside an input _mgl_in_X becomes the stage's own _mgl_gs_X */
   for (uint32_t id = 1; variables && id < bound; id++) {
      const char *other = spvc_compiler_get_name(comp, id);
      if (!other || strncmp(other, out_prefix, sizeof(out_prefix) - 1))
         continue;
      for (size_t i = 0; i < count; i++) {
         const spvc_type type = spvc_compiler_get_type_handle(comp, list[i].base_type_id);
         const char *name = spvc_compiler_get_name(comp, list[i].id);
         if (spvc_type_get_basetype(type) != SPVC_BASETYPE_STRUCT && name &&
             !strncmp(name, in_prefix, sizeof(in_prefix) - 1) &&
             !strcmp(name + sizeof(in_prefix) - 1, other + sizeof(out_prefix) - 1)) {
            char own_name[128];
            snprintf(own_name, sizeof(own_name), "_mgl_gs_%s", other + sizeof(out_prefix) - 1);
            spvc_compiler_set_name(comp, id, own_name);
            break;
         }
      }
   }
   for (size_t i = 0; i < count; i++) {
      const spvc_type type = spvc_compiler_get_type_handle(comp, list[i].base_type_id);
      const SpvId named =
         spvc_type_get_basetype(type) == SPVC_BASETYPE_STRUCT ? list[i].base_type_id : list[i].id;
      const char *name = spvc_compiler_get_name(comp, named);
      if (!name || strncmp(name, in_prefix, sizeof(in_prefix) - 1))
         continue;
      char out_name[128];
      snprintf(out_name, sizeof(out_name), "%s%s", out_prefix, name + sizeof(in_prefix) - 1);
      spvc_compiler_set_name(comp, named, out_name);
   }
}

/* Whether the stage has a cube map array sampler or image: below ESSL 3.20 the type is
 * EXT_texture_cube_map_array's, which this SPIRV-Cross does not name ("illegal use of reserved
 * word `samplerCubeArray'" on a GLES 3.1 host). */
static bool
has_cube_array(spvc_compiler comp, spvc_resources res)
{
   static const spvc_resource_type types[] = {SPVC_RESOURCE_TYPE_SAMPLED_IMAGE,
                                              SPVC_RESOURCE_TYPE_SEPARATE_IMAGE,
                                              SPVC_RESOURCE_TYPE_STORAGE_IMAGE};
   for (size_t k = 0; k < sizeof(types) / sizeof(types[0]); k++) {
      const spvc_reflected_resource *list = NULL;
      size_t count = 0;
      if (spvc_resources_get_resource_list_for_type(res, types[k], &list, &count) != SPVC_SUCCESS)
         continue;
      for (size_t i = 0; i < count; i++) {
         const spvc_type t = spvc_compiler_get_type_handle(comp, list[i].base_type_id);
         if (spvc_type_get_image_dimension(t) == SpvDimCube && spvc_type_get_image_arrayed(t))
            return true;
      }
   }
   return false;
}

/* Whether the fragment stage reads a flat-shaded input (a variable or block member decorated
 * Flat): only then does a draw's provoking vertex change its pixels (glb_draw.c). */
static bool
has_flat_input(spvc_compiler comp, spvc_resources res)
{
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_INPUT, &list,
                                                 &count) != SPVC_SUCCESS)
      return true; /* unknown: treated as flat, which only costs the emulation */
   for (size_t i = 0; i < count; i++) {
      if (spvc_compiler_has_decoration(comp, list[i].id, SpvDecorationFlat))
         return true;
      const spvc_type block = spvc_compiler_get_type_handle(comp, list[i].base_type_id);
      if (spvc_type_get_basetype(block) != SPVC_BASETYPE_STRUCT)
         continue;
      for (unsigned m = 0; m < spvc_type_get_num_member_types(block); m++)
         if (spvc_compiler_has_member_decoration(comp, list[i].base_type_id, m, SpvDecorationFlat))
            return true;
   }
   return false;
}

/* GLSL 4.40 lets an output and the input it feeds differ in interpolation, the fragment
 * stage's qualifier governing (and desktop GL's separable programs meet by name whatever their
 * qualifiers: piglit's rendezvous_by_name_interpolation); ESSL's link refuses the difference
 * ("vertex shader output `red' specifies flat interpolation qualifier, but fragment shader
 * input specifies no interpolation qualifier"). So the fragment stage records its inputs' Flat
 * and NoPerspective by location, and the last pre-rasterization stage's outputs at those
 * locations take them. Centroid and sample need not match in ESSL either; blocks (their
 * members' locations) keep theirs. */
enum { INTERP_INPUT = 1, INTERP_FLAT = 2, INTERP_NOPERSPECTIVE = 4 };

static void
interpolation_by_location(spvc_compiler comp, spvc_resources res, bool fragment,
                          struct translate *t)
{
   static const struct {
      SpvDecoration d;
      uint8_t bit;
   } kinds[] = {{SpvDecorationFlat, INTERP_FLAT},
                {SpvDecorationNoPerspective, INTERP_NOPERSPECTIVE}};
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(
          res, fragment ? SPVC_RESOURCE_TYPE_STAGE_INPUT : SPVC_RESOURCE_TYPE_STAGE_OUTPUT, &list,
          &count) != SPVC_SUCCESS)
      return;
   for (size_t i = 0; i < count; i++) {
      if (!spvc_compiler_has_decoration(comp, list[i].id, SpvDecorationLocation))
         continue;
      const unsigned loc = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationLocation);
      if (loc >= sizeof(t->frag_interp))
         continue;
      if (fragment) {
         uint8_t bits = INTERP_INPUT;
         for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
            if (spvc_compiler_has_decoration(comp, list[i].id, kinds[k].d))
               bits |= kinds[k].bit;
         t->frag_interp[loc] = bits;
         const spvc_type type = spvc_compiler_get_type_handle(comp, list[i].type_id);
         const spvc_basetype bt = spvc_type_get_basetype(type);
         const unsigned base = bt == SPVC_BASETYPE_FP32     ? 0
                               : bt == SPVC_BASETYPE_INT32  ? 1
                               : bt == SPVC_BASETYPE_UINT32 ? 2
                                                            : 3;
         const unsigned n = spvc_type_get_vector_size(type);
         if (base < 3 && n >= 1 && n <= 4 && spvc_type_get_columns(type) == 1 &&
             !spvc_type_get_num_array_dimensions(type))
            t->frag_type[loc] = (uint8_t)(1 + base * 4 + n - 1);
         continue;
      }
      if (!t->frag_interp[loc])
         continue;
      for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
         if (t->frag_interp[loc] & kinds[k].bit)
            spvc_compiler_set_decoration(comp, list[i].id, kinds[k].d, 0);
         else
            spvc_compiler_unset_decoration(comp, list[i].id, kinds[k].d);
   }
}

/* GL gives a fragment input no stage before writes an undefined value (GLSL 4.60 4.3.4; the
 * compatibility profile's gl_Color reads gl_BackColor, which a tessellation evaluation stage
 * that writes only gl_FrontColor leaves: piglit's immediate-mode-draw-patches); ESSL's link
 * refuses an input with a location no output has ("fragment shader input `_mgl_id_gl_BackColor'
 * with explicit location has no matching output"). The last pre-rasterization stage's ESSL
 * declares each such output (unwritten: undefined, as GL's), where the input's type fills one
 * location; other types keep the link's refusal. "" when none; else the declarations
 * (malloc'd, NULL: out of memory). */
static char *
unwritten_outputs(spvc_compiler comp, spvc_resources res, const struct translate *t)
{
   static const char *const types[] = {"float", "vec2",  "vec3", "vec4",  "int",   "ivec2",
                                       "ivec3", "ivec4", "uint", "uvec2", "uvec3", "uvec4"};
   uint64_t written = 0;
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, &list,
                                                 &count) == SPVC_SUCCESS)
      for (size_t i = 0; i < count; i++) {
         if (!spvc_compiler_has_decoration(comp, list[i].id, SpvDecorationLocation))
            continue;
         const unsigned loc = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationLocation);
         const spvc_type type = spvc_compiler_get_type_handle(comp, list[i].type_id);
         uint64_t n = spvc_type_get_columns(type);
         for (unsigned d = 0; d < spvc_type_get_num_array_dimensions(type) && n < 64; d++)
            n *= spvc_type_array_dimension_is_literal(type, d)
                    ? spvc_type_get_array_dimension(type, d)
                    : 64; /* at most 64 * 2^32: no wrap */
         for (uint64_t l = loc; l < 64 && l - loc < n; l++)
            written |= 1ull << l;
      }
   size_t cap = 1, len = 0;
   for (unsigned loc = 0; loc < sizeof(t->frag_type); loc++)
      cap += t->frag_type[loc] && !(written >> loc & 1) ? 80 : 0;
   char *text = malloc(cap);
   if (!text)
      return NULL;
   text[0] = '\0';
   for (unsigned loc = 0; loc < sizeof(t->frag_type); loc++) {
      const unsigned code = t->frag_type[loc];
      if (!code || (written >> loc & 1))
         continue;
      const bool flat = code > 4 || (t->frag_interp[loc] & INTERP_FLAT);
      len += (size_t)snprintf(text + len, cap - len,
                              "layout(location = %u) %sout highp %s _mgl_unwritten%u;\n", loc,
                              flat ? "flat " : "", types[code - 1], loc);
   }
   return text;
}

/* GLSL lets a stage's inputs be invariant (GLSL 1.50 4.6.1: the qualifier on both sides of an
 * interface); ESSL 3.x takes it on outputs only ("invariant qualifiers cannot be used with shader
 * inputs"). Invariance is a promise about how the previous stage computes the value, which its
 * output keeps, so the inputs lose the qualifier (and their block members). */
static void
input_invariance(spvc_compiler comp, spvc_resources res)
{
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_INPUT, &list,
                                                 &count) != SPVC_SUCCESS)
      return;
   for (size_t i = 0; i < count; i++) {
      spvc_compiler_unset_decoration(comp, list[i].id, SpvDecorationInvariant);
      const spvc_type block = spvc_compiler_get_type_handle(comp, list[i].base_type_id);
      if (spvc_type_get_basetype(block) != SPVC_BASETYPE_STRUCT)
         continue;
      for (unsigned m = 0; m < spvc_type_get_num_member_types(block); m++)
         spvc_compiler_unset_member_decoration(comp, list[i].base_type_id, m,
                                               SpvDecorationInvariant);
   }
}

/* Transform feedback. The client's SPIR-V says what is captured as desktop GL does: outputs
 * decorated XfbBuffer, Offset and XfbStride under execution mode Xfb (parts of outputs and
 * gl_Position as copies of their own, glsl.h). ESSL has no such qualifiers: the host captures
 * the outputs named by glTransformFeedbackVaryings before the link, in the order given, packed
 * (GL_INTERLEAVED_ATTRIBS into buffer 0), or one per buffer (GL_SEPARATE_ATTRIBS). So the
 * decorations are read here, dropped from the SPIR-V, and the captured outputs get names of
 * our own that the ESSL keeps. A layout with no such form (a gap, a stride past the last
 * output, several outputs in one of several buffers, a type ESSL cannot capture) leaves
 * s->xfb_why set: the program draws, its captures decline (glb_xfb.c). */
struct xfb_out {
   uint32_t id, buffer, offset, bytes, stride;
};

static uint32_t
xfb_bytes(spvc_compiler comp, spvc_type_id type_id)
{
   const spvc_type t = spvc_compiler_get_type_handle(comp, type_id);
   const spvc_basetype bt = spvc_type_get_basetype(t);
   if (bt != SPVC_BASETYPE_FP32 && bt != SPVC_BASETYPE_INT32 && bt != SPVC_BASETYPE_UINT32)
      return 0;
   uint64_t n = (uint64_t)4 * spvc_type_get_vector_size(t) * spvc_type_get_columns(t);
   for (unsigned d = 0; d < spvc_type_get_num_array_dimensions(t); d++) {
      if (!spvc_type_array_dimension_is_literal(t, d))
         return 0;
      n *= spvc_type_get_array_dimension(t, d);
   }
   return n && n <= 4096 ? (uint32_t)n : 0;
}

static void
xfb_layout(spvc_compiler comp, spvc_resources res, struct glb_shader *s)
{
   const SpvExecutionMode *modes = NULL;
   size_t num_modes = 0;
   bool xfb = false;
   if (spvc_compiler_get_execution_modes(comp, &modes, &num_modes) == SPVC_SUCCESS)
      for (size_t i = 0; i < num_modes; i++)
         xfb |= modes[i] == SpvExecutionModeXfb;
   if (!xfb)
      return;
   spvc_compiler_unset_execution_mode(comp, SpvExecutionModeXfb);
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, &list,
                                                 &count) != SPVC_SUCCESS)
      return;
   struct xfb_out outs[GLB_MAX_XFB_VARYINGS];
   uint32_t n = 0;
   for (size_t i = 0; i < count; i++) {
      const SpvId id = list[i].id;
      if (!spvc_compiler_has_decoration(comp, id, SpvDecorationXfbBuffer))
         continue;
      const struct xfb_out o = {
         .id = id,
         .buffer = spvc_compiler_get_decoration(comp, id, SpvDecorationXfbBuffer),
         .offset = spvc_compiler_get_decoration(comp, id, SpvDecorationOffset),
         .bytes = xfb_bytes(comp, list[i].type_id),
         .stride = spvc_compiler_get_decoration(comp, id, SpvDecorationXfbStride),
      };
      spvc_compiler_unset_decoration(comp, id, SpvDecorationXfbBuffer);
      spvc_compiler_unset_decoration(comp, id, SpvDecorationXfbStride);
      spvc_compiler_unset_decoration(comp, id, SpvDecorationOffset);
      if (spvc_compiler_has_decoration(comp, id, SpvDecorationComponent)) {
         /* a packed copy of a captured part: ESSL has no component qualifier, and no later
          * stage reads the copy, so it needs no location either */
         spvc_compiler_unset_decoration(comp, id, SpvDecorationComponent);
         spvc_compiler_unset_decoration(comp, id, SpvDecorationLocation);
      }
      if (!s->xfb_why[0] && (n == GLB_MAX_XFB_VARYINGS || !o.bytes))
         snprintf(s->xfb_why, sizeof(s->xfb_why), "%s",
                  n == GLB_MAX_XFB_VARYINGS ? "more than 64 captured outputs"
                                            : "a captured output of a type ESSL "
                                              "cannot capture");
      if (n < GLB_MAX_XFB_VARYINGS) {
         /* insertion by (buffer, offset): the order the host writes them in */
         uint32_t k = n++;
         while (k && (outs[k - 1].buffer > o.buffer ||
                      (outs[k - 1].buffer == o.buffer && outs[k - 1].offset > o.offset))) {
            outs[k] = outs[k - 1];
            k--;
         }
         outs[k] = o;
      }
   }
   if (!n || s->xfb_why[0])
      return;
   /* one buffer: packed from 0; several: one output each, at 0, buffers 0..n-1 */
   const bool separate = outs[n - 1].buffer != 0;
   uint32_t end = 0;
   for (uint32_t i = 0; i < n && !s->xfb_why[0]; i++) {
      const struct xfb_out *o = &outs[i];
      const bool last_of_buffer = i + 1 == n || outs[i + 1].buffer != o->buffer;
      if (separate ? o->buffer != i || o->offset != 0 : o->offset != end)
         snprintf(s->xfb_why, sizeof(s->xfb_why),
                  "captured output %u at buffer %u offset %u (GLES packs one buffer or one "
                  "output a buffer)",
                  i, o->buffer, o->offset);
      end = separate ? o->bytes : end + o->bytes;
      if (!s->xfb_why[0] && last_of_buffer && o->stride && o->stride != end)
         snprintf(s->xfb_why, sizeof(s->xfb_why),
                  "buffer %u's stride %u past its %u bytes of outputs", o->buffer, o->stride, end);
   }
   if (s->xfb_why[0])
      return;
   s->xfb_names = calloc(n, sizeof(char *));
   if (!s->xfb_names) {
      snprintf(s->xfb_why, sizeof(s->xfb_why), "out of memory");
      return;
   }
   for (uint32_t i = 0; i < n; i++) {
      char name[32];
      snprintf(name, sizeof(name), "mgl_xfb%u", i);
      s->xfb_names[i] = strdup(name);
      if (!s->xfb_names[i]) {
         snprintf(s->xfb_why, sizeof(s->xfb_why), "out of memory");
         return;
      }
      s->xfb_count = i + 1;
      spvc_compiler_set_name(comp, outs[i].id, name);
   }
   s->xfb_separate = separate;
}

/* gl_PointCoord. The client's fragment shaders read it through its own flip,
 * y' = _mgl_PointCoordUpperLeft != 0 ? 1 - y : y (a state uniform of the default block, 1 for
 * GL's default GL_UPPER_LEFT), made for SPIR-V's origin: the upper left of memory, which is
 * GL's lower left (memory row r is GL window row r). GLES's gl_PointCoord already has GL's
 * upper-left origin in window space, so the backend gives the host the uniform's opposite
 * (glb_program_bind): the offset of that member of the default block (at binding, the
 * program's default_binding by now), or -1. */
static int64_t
point_origin_offset(spvc_compiler comp, spvc_resources res, uint32_t binding)
{
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_UNIFORM_BUFFER, &list,
                                                 &count) != SPVC_SUCCESS)
      return -1;
   for (size_t i = 0; i < count; i++) {
      if (spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationBinding) != binding)
         continue;
      const spvc_type block = spvc_compiler_get_type_handle(comp, list[i].base_type_id);
      for (unsigned m = 0; m < spvc_type_get_num_member_types(block); m++) {
         const char *name = spvc_compiler_get_member_name(comp, list[i].base_type_id, m);
         unsigned off = 0;
         if (name && !strcmp(name, "_mgl_PointCoordUpperLeft") &&
             spvc_compiler_type_struct_member_offset(comp, block, m, &off) == SPVC_SUCCESS &&
             spvc_type_get_basetype(spvc_compiler_get_type_handle(
                comp, spvc_type_get_member_type(block, m))) == SPVC_BASETYPE_FP32)
            return off;
      }
   }
   return -1;
}

/* Alpha to one (GL 3.3 §4.1.3: each written sample's alpha becomes 1), which GLES has no
 * switch for: the fragment shader's main becomes _mglb_main, and a main of our own calls it,
 * then sets the alpha of every floating-point vec4 colour output to 1 where the uniform
 * _mgl_AlphaToOne is not 0 (glb_program_alpha_one sets it per draw). The outputs get names of our
 * own (_mgl_fo<i>) so that main can name them; they keep their locations. Fills t->epilogue, or
 * leaves it empty where the shader has no such output. */
static void
alpha_one_outputs(spvc_compiler comp, spvc_resources res, struct translate *t)
{
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   t->epilogue[0] = '\0';
   if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, &list,
                                                 &count) != SPVC_SUCCESS)
      return;
   size_t n = 0;
   for (size_t i = 0; i < count && i < 16; i++) {
      const spvc_type ty = spvc_compiler_get_type_handle(comp, list[i].type_id);
      const unsigned dims = spvc_type_get_num_array_dimensions(ty);
      if (spvc_type_get_basetype(ty) != SPVC_BASETYPE_FP32 || spvc_type_get_vector_size(ty) != 4 ||
          spvc_type_get_columns(ty) != 1 || dims > 1 ||
          (dims && !spvc_type_array_dimension_is_literal(ty, 0)))
         continue;
      /* ESSL indexes an output array only with constant expressions: one line per element */
      const unsigned len = dims ? (unsigned)spvc_type_get_array_dimension(ty, 0) : 1;
      if (!len || len > 8)
         continue; /* past GLES's eight draw buffers: the host refuses the shader anyway */
      char name[16];
      snprintf(name, sizeof(name), "_mgl_fo%zu", i);
      spvc_compiler_set_name(comp, list[i].id, name);
      for (unsigned e = 0; e < len; e++) {
         char elem[16] = "";
         if (dims)
            snprintf(elem, sizeof(elem), "[%u]", e);
         const int w = snprintf(t->epilogue + n, sizeof(t->epilogue) - n, "        %s%s.w = 1.0;\n",
                                name, elem);
         if (w < 0 || (size_t)w >= sizeof(t->epilogue) - n) {
            t->epilogue[0] = '\0'; /* more outputs than draw buffers: the host refuses the shader */
            return;
         }
         n += (size_t)w;
      }
   }
}

/* The ESSL with main renamed _mglb_main (the client's SPIR-V may have a _mgl_main) and a main
 * of our own: the declaration decl, then main running pre, calling _mglb_main and then running
 * body (malloc'd), or NULL where the source has no main of SPIRV-Cross's form. */
static char *
wrap_main(const char *src, const char *decl, const char *pre, const char *body)
{
   static const char head[] = "\nvoid main()\n";
   const char *at = strstr(src, head);
   if (!at || strstr(at + 1, head))
      return NULL;
   const size_t at_main = (size_t)(at - src) + 1 + strlen("void ");
   const size_t len = strlen(src) + strlen(decl) + strlen(pre) + strlen(body) + 72;
   char *out = malloc(len);
   if (out)
      snprintf(out, len, "%.*s_mglb_%s\n%s\nvoid main()\n{\n%s    _mglb_main();\n%s}\n",
               (int)at_main, src, src + at_main, decl, pre, body);
   return out;
}

/* The fragment stage's ESSL with alpha to one's epilogue (alpha_one_outputs) after its main. */
static char *
alpha_one_main(const char *src, const char *epilogue)
{
   const size_t len = strlen(epilogue) + 64;
   char *body = malloc(len);
   if (!body)
      return NULL;
   snprintf(body, len, "    if (_mgl_AlphaToOne != 0.0)\n    {\n%s    }\n", epilogue);
   char *out = wrap_main(src, "uniform highp float _mgl_AlphaToOne;\n", "", body);
   free(body);
   return out;
}

/* GL's gl_ClipDistance[i] clips only while GL_CLIP_DISTANCEi is on (GL 3.3 §2.20); some hosts
 * (Mesa's llvmpipe) clip by every distance a program writes while none of the
 * GL_CLIP_DISTANCEi_EXT switches is on. The last pre-rasterization stage writes 0 (never
 * clipped) into each distance whose plane is off in the uniform _mgl_ClipEnables (one bit per
 * plane, glb_program_clip_enables sets it per draw): a vertex stage after its main, a geometry
 * stage before each EmitVertex. Fills t->clip_count and t->clip_zero; none where the stage
 * writes no gl_ClipDistance of a literal size. */
static void
clip_enables_code(spvc_compiler comp, spvc_resources res, struct translate *t)
{
   t->clip_count = 0;
   t->clip_zero[0] = '\0';
   spvc_compiler_update_active_builtins(comp);
   if (!spvc_compiler_has_active_builtin(comp, SpvBuiltInClipDistance, SpvStorageClassOutput))
      return;
   const spvc_reflected_builtin_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_builtin_resource_list_for_type(
          res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count) != SPVC_SUCCESS)
      return;
   for (size_t i = 0; i < count; i++) {
      if (list[i].builtin != SpvBuiltInClipDistance)
         continue;
      const spvc_type ty = spvc_compiler_get_type_handle(comp, list[i].value_type_id);
      if (spvc_type_get_num_array_dimensions(ty) == 1 &&
          spvc_type_array_dimension_is_literal(ty, 0))
         t->clip_count = (unsigned)spvc_type_get_array_dimension(ty, 0);
   }
   if (t->clip_count > 8)
      t->clip_count = 8; /* past the host's planes: the client offers at most 8 */
   size_t n = 0;
   for (unsigned i = 0; i < t->clip_count; i++)
      n += (size_t)snprintf(t->clip_zero + n, sizeof(t->clip_zero) - n,
                            "if ((_mgl_ClipEnables & %d) == 0) gl_ClipDistance[%u] = 0.0; ", 1 << i,
                            i);
}

/* Whether a fragment output is a blend's second source (location 0, index 1). SPIRV-Cross
 * writes its layout(index = 1) into ESSL without naming EXT_blend_func_extended, which ESSL
 * needs for it. */
static bool
has_second_source(spvc_compiler comp, spvc_resources res)
{
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT, &list,
                                                 &count) != SPVC_SUCCESS)
      return false;
   for (size_t i = 0; i < count; i++)
      if (spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationIndex) != 0)
         return true;
   return false;
}

/* The tessellation stages' gl_PatchVerticesIn (SPIR-V BuiltIn PatchVertices), which this
 * SPIRV-Cross writes as gl_BuiltIn_14 in ESSL: src with the name ESSL 3.20 declares in its place
 * (malloc'd; NULL: out of memory). */
static char *
patch_vertices_name(const char *src)
{
   static const char bad[] = "gl_BuiltIn_14", good[] = "gl_PatchVerticesIn";
   size_t n = 0;
   for (const char *p = strstr(src, bad); p; p = strstr(p + 1, bad))
      n++;
   char *out = malloc(strlen(src) + n * (sizeof(good) - sizeof(bad)) + 1);
   if (!out)
      return NULL;
   char *o = out;
   for (const char *p = src;;) {
      const char *at = strstr(p, bad);
      /* the whole identifier only (not gl_BuiltIn_140) */
      while (at && (isalnum((unsigned char)at[sizeof(bad) - 1]) || at[sizeof(bad) - 1] == '_'))
         at = strstr(at + 1, bad);
      if (!at) {
         strcpy(o, p);
         return out;
      }
      memcpy(o, p, (size_t)(at - p));
      o += at - p;
      memcpy(o, good, sizeof(good) - 1);
      o += sizeof(good) - 1;
      p = at + sizeof(bad) - 1;
   }
}

/* src with text inserted after its #version and #extension lines (malloc'd; NULL: out of
 * memory). */
static char *
after_versions(const char *src, const char *text)
{
   const char *at = glb_essl_header_end(src);
   const size_t len = strlen(src) + strlen(text) + 1;
   char *out = malloc(len);
   if (out)
      snprintf(out, len, "%.*s%s%s", (int)(at - src), src, text, at);
   return out;
}

/* KHR_blend_equation_advanced: a fragment stage's ESSL with the layout(blend_support_*) out
 * qualifiers of the equations `support` names (mgp_shader_reflection.blend_support), after its
 * #version and #extension lines (malloc'd; NULL: out of memory). */
static char *
blend_support_layout(const char *src, uint32_t support)
{
   static const char *const names[] = {
      "multiply",   "screen",    "overlay",        "darken",    "lighten",
      "colordodge", "colorburn", "hardlight",      "softlight", "difference",
      "exclusion",  "hsl_hue",   "hsl_saturation", "hsl_color", "hsl_luminosity",
   };
   _Static_assert(sizeof(names) / sizeof(names[0]) == MGP_BLEND_OP_COUNT - MGP_BLEND_OP_MULTIPLY,
                  "a name per advanced equation");
   char text[sizeof(names) / sizeof(names[0]) * 48] = "";
   size_t at = 0;
   for (unsigned k = 0; k < sizeof(names) / sizeof(names[0]); k++)
      if (support >> k & 1u)
         at += (size_t)snprintf(text + at, sizeof(text) - at, "layout(blend_support_%s) out;\n",
                                names[k]);
   return after_versions(src, text);
}

/* The geometry stage's ESSL with GL's clip depth back before each vertex it emits: the
 * client's SPIR-V writes Vulkan's (z + w) / 2 into gl_Position before each EmitVertex, and
 * z' = 2z - w undoes it there, as SPIRV-Cross's fixup does at the end of a vertex stage's main
 * (malloc'd; NULL: out of memory). */
static char *
emit_vertex_depth(const char *src, const char *clip_zero)
{
   static const char call[] = "EmitVertex();";
   char fix[sizeof(((struct translate *)0)->clip_zero) + 64];
   snprintf(fix, sizeof(fix), "gl_Position.z = 2.0 * gl_Position.z - gl_Position.w; %s", clip_zero);
   const size_t fix_len = strlen(fix);
   size_t n = 0;
   for (const char *p = strstr(src, call); p; p = strstr(p + 1, call))
      n++;
   const size_t len = strlen(src) + n * fix_len + 1;
   char *out = malloc(len);
   if (!out)
      return NULL;
   char *o = out;
   for (const char *p = src;;) {
      const char *at = strstr(p, call);
      /* a call of the built-in, not of a function whose name ends in it */
      while (at && at > src && (isalnum((unsigned char)at[-1]) || at[-1] == '_'))
         at = strstr(at + 1, call);
      if (!at) {
         memcpy(o, p, strlen(p) + 1);
         break;
      }
      memcpy(o, p, (size_t)(at - p));
      o += at - p;
      memcpy(o, fix, fix_len);
      o += fix_len;
      memcpy(o, call, sizeof(call) - 1);
      o += sizeof(call) - 1;
      p = at + sizeof(call) - 1;
   }
   return out;
}

/* A geometry stage: whether its output is points, and whether it writes gl_PointSize (ESSL
 * lets it only under EXT_geometry_point_size): whether its outputs have the built-in, which the
 * front end's EmitVertex wrapper writes wherever gl_PerVertex keeps it. */
static void
geometry_points(spvc_compiler comp, spvc_resources res, bool *emits_points, bool *writes_size)
{
   const SpvExecutionMode *modes = NULL;
   size_t num_modes = 0;
   *emits_points = *writes_size = false;
   if (spvc_compiler_get_execution_modes(comp, &modes, &num_modes) == SPVC_SUCCESS)
      for (size_t i = 0; i < num_modes; i++)
         *emits_points |= modes[i] == SpvExecutionModeOutputPoints;
   const spvc_reflected_builtin_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_builtin_resource_list_for_type(
          res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count) != SPVC_SUCCESS)
      return;
   for (size_t i = 0; i < count; i++)
      *writes_size |= list[i].builtin == SpvBuiltInPointSize;
}

/* Whether a geometry stage emits triangles (a polygon mode applies to them). */
static bool
emits_triangles(spvc_compiler comp)
{
   const SpvExecutionMode *modes = NULL;
   size_t num_modes = 0;
   bool triangles = false;
   if (spvc_compiler_get_execution_modes(comp, &modes, &num_modes) == SPVC_SUCCESS)
      for (size_t i = 0; i < num_modes; i++)
         triangles |= modes[i] == SpvExecutionModeOutputTriangleStrip;
   return triangles;
}

/* The literal size of the array a stage writes as the built-in output b (0: not written, or of
 * no literal size); the active built-ins updated before. */
static unsigned
output_array_size(spvc_compiler comp, spvc_resources res, SpvBuiltIn b)
{
   const spvc_reflected_builtin_resource *list = NULL;
   size_t count = 0;
   if (!spvc_compiler_has_active_builtin(comp, b, SpvStorageClassOutput) ||
       spvc_resources_get_builtin_resource_list_for_type(
          res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count) != SPVC_SUCCESS)
      return 0;
   for (size_t i = 0; i < count; i++) {
      if (list[i].builtin != b)
         continue;
      const spvc_type ty = spvc_compiler_get_type_handle(comp, list[i].value_type_id);
      if (spvc_type_get_num_array_dimensions(ty) == 1 &&
          spvc_type_array_dimension_is_literal(ty, 0))
         return (unsigned)spvc_type_get_array_dimension(ty, 0);
   }
   return 0;
}

/* The sizes of the gl_ClipDistance and gl_CullDistance a stage writes (0: not written), for
 * the gl_PerVertex output block it redeclares (per_vertex_block); false where it writes
 * neither, a written array's size is not found, or it writes gl_PointSize and the block is to
 * have none (point_size false): the stage then keeps ESSL's own declarations. */
static bool
output_distances(spvc_compiler comp, spvc_resources res, bool point_size, unsigned *clip_size,
                 unsigned *cull_size)
{
   spvc_compiler_update_active_builtins(comp);
   const bool clip =
      spvc_compiler_has_active_builtin(comp, SpvBuiltInClipDistance, SpvStorageClassOutput);
   const bool cull =
      spvc_compiler_has_active_builtin(comp, SpvBuiltInCullDistance, SpvStorageClassOutput);
   if (!clip && !cull)
      return false;
   const bool size_written =
      spvc_compiler_has_active_builtin(comp, SpvBuiltInPointSize, SpvStorageClassOutput);
   if (size_written && !point_size)
      return false;
   *clip_size = output_array_size(comp, res, SpvBuiltInClipDistance);
   *cull_size = output_array_size(comp, res, SpvBuiltInCullDistance);
   return (!clip || *clip_size) && (!cull || *cull_size);
}

/* Mesa's GLSL lowering (22.3) packs a stage's gl_ClipDistance and gl_CullDistance into one
 * array, the cull distances after as many clip distances as the larger of its input's and its
 * output's gl_ClipDistance, while the stage after it (or the rasterizer) looks for them after
 * the output's own: behind a redeclared gl_in of more clip distances than the stage writes,
 * its cull distances were read as 0 (never culled). Such a stage (evaluation, geometry)
 * declares its gl_ClipDistance output of gl_in's size; the elements past its own are 0 in the
 * last pre-rasterization stage (never clipped; GL leaves a plane enabled but not written
 * undefined), unwritten in an evaluation stage's output block, whose geometry stage's gl_in
 * has them too (so its own gl_ClipDistance output is padded alike). A geometry stage writing
 * more clip distances than its gl_in has reads that gl_in's cull distances after its own
 * output's: the evaluation stage's block is padded to those too (feed_clip_least). Its own
 * gl_in[].gl_CullDistance would then be read past where the control stage put them: that
 * program is declined (false, why set). */
static bool
clip_padding(spvc_compiler comp, spvc_resources res, bool last_pre_raster, struct translate *t)
{
   spvc_compiler_update_active_builtins(comp);
   if (!spvc_compiler_has_active_builtin(comp, SpvBuiltInCullDistance, SpvStorageClassOutput))
      return true;
   const unsigned size = t->feed_cull && t->feed_clip_least > t->per_vertex_clip
                            ? t->feed_clip_least
                            : t->per_vertex_clip;
   const unsigned written = output_array_size(comp, res, SpvBuiltInClipDistance);
   if (written >= size || size > 8)
      return true;
   if (size > t->per_vertex_clip && t->per_vertex_cull &&
       spvc_compiler_has_active_builtin(comp, SpvBuiltInCullDistance, SpvStorageClassInput)) {
      snprintf(t->why, sizeof(t->why),
               "reads gl_in[].gl_CullDistance behind gl_ClipDistance[%u] and feeds a geometry "
               "stage writing gl_ClipDistance[%u] (Mesa's lowering would read them elsewhere)",
               t->per_vertex_clip, size);
      return false;
   }
   t->clip_written = written;
   t->clip_padded = size;
   if (t->feed_clip || t->feed_cull)
      t->feed_clip = t->clip_padded;
   if (!last_pre_raster)
      return true;
   size_t n = strlen(t->clip_zero);
   for (unsigned i = written; i < t->clip_padded; i++)
      n += (size_t)snprintf(t->clip_zero + n, sizeof(t->clip_zero) - n,
                            "gl_ClipDistance[%u] = 0.0; ", i);
   return true;
}

/* The size of the gl_ClipDistance a stage's module writes (0: none, or not found). */
static unsigned
clip_distances_written(const struct mgp_span *words)
{
   const char *err = NULL;
   struct spv_refl *r =
      spv_refl_create((const uint32_t *)words->ptr, (size_t)(words->size / 4), NULL, &err);
   spv_tref type = 0;
   struct spv_tinfo ti = {.kind = SPV_TK_OTHER};
   if (r && spv_refl_builtin_active(r, true, SpvBuiltInClipDistance) &&
       spv_refl_builtin(r, true, SpvBuiltInClipDistance, &type, NULL))
      spv_refl_type(r, type, &ti);
   spv_refl_destroy(r);
   return ti.kind == SPV_TK_ARRAY ? ti.length : 0;
}

/* The last pre-rasterization stage's ESSL with its gl_ClipDistance output of clip_padding's
 * size, declared where it writes none (before its gl_CullDistance) (malloc'd; NULL: out of
 * memory, or no such declaration). */
static char *
clip_output_padded(const char *src, const struct translate *t)
{
   char from[48], to[48];
   snprintf(to, sizeof(to), "out float gl_ClipDistance[%u];\n", t->clip_padded);
   if (t->clip_written)
      snprintf(from, sizeof(from), "out float gl_ClipDistance[%u];\n", t->clip_written);
   else
      snprintf(from, sizeof(from), "out float gl_CullDistance[");
   const char *at = strstr(src, from);
   if (!at || (at > src && at[-1] != '\n'))
      return NULL;
   const char *after = t->clip_written ? at + strlen(from) : at;
   /* a copy of a whole array into it (SPIRV-Cross's, in a geometry stage's EmitVertex) copies
    * the elements written, one by one: ESSL assigns only arrays of one size */
   static const char copy[] = "    gl_ClipDistance = ";
   size_t grow = 0; /* each copy's elements: at most 32 characters each beside the name */
   for (const char *c = strstr(after, copy); c; c = strstr(c + 1, copy))
      grow += t->clip_written * (32 + strcspn(c + strlen(copy), ";"));
   const size_t len = strlen(src) + strlen(to) + grow + 1;
   char *out = malloc(len);
   if (!out)
      return NULL;
   size_t n = (size_t)snprintf(out, len, "%.*s%s", (int)(at - src), src, to);
   for (const char *c = strstr(after, copy); c; c = strstr(after, copy)) {
      const char *name = c + strlen(copy), *end = name;
      while (isalnum((unsigned char)*end) || *end == '_')
         end++;
      if (end == name || strncmp(end, ";\n", 2)) {
         free(out);
         return NULL;
      }
      n += (size_t)snprintf(out + n, len - n, "%.*s   ", (int)(c - after), after);
      for (unsigned i = 0; i < t->clip_written; i++)
         n += (size_t)snprintf(out + n, len - n, " gl_ClipDistance[%u] = %.*s[%u];", i,
                               (int)(end - name), name, i);
      after = end + 1;
   }
   snprintf(out + n, len - n, "%s", after);
   return out;
}

/* A vertex stage that feeds a geometry stage and writes gl_ClipDistance or gl_CullDistance
 * redeclares its gl_PerVertex output block with the client's sizes, and the geometry stage its
 * gl_in the same way (per_vertex_block): ESSL declares gl_in[].gl_ClipDistance and
 * gl_CullDistance unsized, so the host refuses an index it cannot bound ("unsized array index
 * must be constant") and a copy of the whole array (a control stage's gl_out[].gl_CullDistance =
 * gl_in[].gl_CullDistance); GLSL ES 3.20 §7.1.1 lets gl_PerVertex be redeclared, and a
 * program's stages must redeclare it alike (SPIRV-Cross redeclares only the output's
 * gl_ClipDistance or gl_CullDistance, as a variable). gl_PointSize is in the block where the
 * geometry stage may read it (EXT_geometry_point_size); without that, a vertex stage writing it
 * keeps ESSL's own declarations. Each distance array is in it where the vertex stage writes it:
 * a redeclared block's members are the stage's only gl_PerVertex outputs, so the host refuses
 * SPIRV-Cross's variable beside it. */
static void
vertex_per_vertex(struct glb_screen *scr, spvc_compiler comp, spvc_resources res,
                  struct translate *t)
{
   unsigned clip_size, cull_size;
   if (!output_distances(comp, res, scr->ext_geometry_point_size, &clip_size, &cull_size))
      return;
   t->per_vertex_clip = clip_size;
   t->per_vertex_cull = cull_size;
   t->per_vertex_point_size = scr->ext_geometry_point_size;
   /* a redeclared gl_PerVertex is an interface block: ES 3.1 has those only by extension */
   if (scr->essl_version < 320)
      spvc_compiler_require_extension(comp, "GL_EXT_shader_io_blocks");
}

/* An evaluation stage feeding a geometry stage redeclares its gl_PerVertex output block as
 * vertex_per_vertex does a vertex stage's, and the geometry stage's gl_in takes it, not the
 * vertex stage's (whose distances, of other sizes or none, stop at the control stage). The
 * block has gl_PointSize where both stages may name it (EXT_tessellation_point_size and
 * EXT_geometry_point_size). */
static void
tess_eval_out_per_vertex(struct glb_screen *scr, spvc_compiler comp, spvc_resources res,
                         struct translate *t)
{
   const bool point_size = scr->ext_geometry_point_size && scr->ext_tess_point_size;
   unsigned clip_size, cull_size;
   if (!output_distances(comp, res, point_size, &clip_size, &cull_size))
      return;
   t->feed_clip = clip_size;
   t->feed_cull = cull_size;
   t->feed_point_size = point_size;
   if (scr->essl_version < 320)
      spvc_compiler_require_extension(comp, "GL_EXT_shader_io_blocks");
}

/* A gl_PerVertex block's declaration into block: storage (in, out) and instance name (" gl_in[]",
 * "" for none), then gl_Position, gl_PointSize (point_size) and the distance arrays of the sizes
 * given (0: none). snprintf's count. */
static int
per_vertex_text(char *block, size_t size, const char *storage, const char *name, unsigned clip_size,
                unsigned cull_size, bool point_size)
{
   char clip_member[48] = "", cull_member[48] = "";
   if (clip_size)
      snprintf(clip_member, sizeof(clip_member), "    highp float gl_ClipDistance[%u];\n",
               clip_size);
   if (cull_size)
      snprintf(cull_member, sizeof(cull_member), "    highp float gl_CullDistance[%u];\n",
               cull_size);
   return snprintf(block, size, "%s gl_PerVertex\n{\n    highp vec4 gl_Position;\n%s%s%s}%s;\n",
                   storage, point_size ? "    highp float gl_PointSize;\n" : "", clip_member,
                   cull_member, name);
}

/* The stage's ESSL with a gl_PerVertex block redeclared of the sizes given (clip_size,
 * cull_size: 0 none; point_size: with gl_PointSize): an output block (out) in place of SPIRV-Cross's
 * gl_ClipDistance of clip_var elements (its gl_CullDistance dropped, a member now), or of its
 * gl_CullDistance where the stage writes no clip distances (clip_var 0); an input block gl_in[]
 * after the #version and #extension lines (malloc'd; NULL: out of memory, or no such
 * declaration). */
static char *
per_vertex_block(const char *src, bool out_block, unsigned clip_var, unsigned clip_size,
                 unsigned cull_size, bool point_size)
{
   char block[256], clip[48], cull[48];
   const int n = per_vertex_text(block, sizeof(block), out_block ? "out" : "in",
                                 out_block ? "" : " gl_in[]", clip_size, cull_size, point_size);
   snprintf(clip, sizeof(clip), "out float gl_ClipDistance[%u];\n", clip_var);
   snprintf(cull, sizeof(cull), "out float gl_CullDistance[%u];\n", cull_size);
   if (n < 0 || (size_t)n >= sizeof(block))
      return NULL;
   const char *at = src, *after = NULL;
   if (!out_block) {
      while (!strncmp(at, "#version", 8) || !strncmp(at, "#extension", 10)) {
         const char *nl = strchr(at, '\n');
         if (!nl)
            break;
         at = nl + 1;
      }
      after = at;
   } else {
      /* the block in place of the clip distances, else of the cull distances */
      const char *var = clip_var ? clip : cull;
      at = strstr(src, var);
      if (!at || (at > src && at[-1] != '\n'))
         return NULL;
      after = at + strlen(var);
   }
   const size_t pre = (size_t)(at - src), len = strlen(src) + (size_t)n + 1;
   char *out = malloc(len);
   if (out)
      snprintf(out, len, "%.*s%s%s", (int)pre, src, block, after);
   /* the stage's own gl_CullDistance variable goes (the block has it) */
   const bool both = out_block && clip_var && cull_size;
   char *var = out && both ? strstr(out, cull) : NULL;
   if (out && both && (!var || (var > out && var[-1] != '\n'))) {
      free(out);
      return NULL;
   }
   if (var)
      memmove(var, var + strlen(cull), strlen(var + strlen(cull)) + 1);
   return out;
}

/* A tessellation evaluation stage reading gl_in[].gl_ClipDistance or gl_CullDistance
 * redeclares its gl_in as the control stage's gl_out (gl_Position, gl_PointSize where the host
 * has EXT_tessellation_point_size, gl_ClipDistance and gl_CullDistance of the sizes it reads),
 * for the reason vertex_per_vertex gives: ESSL's gl_in[].gl_ClipDistance and gl_CullDistance
 * are unsized. */
static void
tess_eval_per_vertex(struct glb_screen *scr, spvc_compiler comp, spvc_resources res,
                     struct translate *t)
{
   spvc_compiler_update_active_builtins(comp);
   const bool clip =
      spvc_compiler_has_active_builtin(comp, SpvBuiltInClipDistance, SpvStorageClassInput);
   const bool cull =
      spvc_compiler_has_active_builtin(comp, SpvBuiltInCullDistance, SpvStorageClassInput);
   if (!clip && !cull)
      return;
   const spvc_reflected_builtin_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_builtin_resource_list_for_type(
          res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_INPUT, &list, &count) != SPVC_SUCCESS)
      return;
   for (size_t i = 0; i < count; i++) {
      const bool is_clip = list[i].builtin == SpvBuiltInClipDistance && clip;
      if (!is_clip && (list[i].builtin != SpvBuiltInCullDistance || !cull))
         continue;
      const spvc_type ty = spvc_compiler_get_type_handle(comp, list[i].value_type_id);
      if (spvc_type_get_num_array_dimensions(ty) >= 1 &&
          spvc_type_array_dimension_is_literal(ty, 0))
         *(is_clip ? &t->per_vertex_clip : &t->per_vertex_cull) =
            (unsigned)spvc_type_get_array_dimension(ty, 0);
   }
   const bool block = t->per_vertex_clip || t->per_vertex_cull;
   /* the host links the block only as the control stage's gl_out declares it: SPIRV-Cross
    * declares the members the control stage's module has, read or not (a gl_ClipDistance[1]
    * beside the gl_CullDistance a pass-through control stage copies) */
   if (block) {
      t->per_vertex_clip = t->out_clip ? t->out_clip : t->per_vertex_clip;
      t->per_vertex_cull = t->out_cull ? t->out_cull : t->per_vertex_cull;
   }
   t->per_vertex_point_size = block && scr->ext_tess_point_size;
   if (block && scr->essl_version < 320)
      spvc_compiler_require_extension(comp, "GL_EXT_shader_io_blocks");
}

/* A control stage's gl_out: the sizes of its gl_ClipDistance and gl_CullDistance members. One
 * that writes gl_CullDistance and not gl_ClipDistance (the client's pass-through copies what
 * the vertex stage writes; glslang's block has a gl_ClipDistance[1] beside) loses the unwritten
 * member (tess_ctrl_drop_clip): Mesa 22.3's GLES reads the evaluation stage's
 * gl_in[].gl_CullDistance wrong behind it. */
static void
tess_ctrl_out_sizes(spvc_compiler comp, spvc_resources res, struct translate *t)
{
   spvc_compiler_update_active_builtins(comp);
   const spvc_reflected_builtin_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_builtin_resource_list_for_type(
          res, SPVC_BUILTIN_RESOURCE_TYPE_STAGE_OUTPUT, &list, &count) != SPVC_SUCCESS)
      return;
   for (size_t i = 0; i < count; i++) {
      const bool is_clip = list[i].builtin == SpvBuiltInClipDistance;
      if (!is_clip && list[i].builtin != SpvBuiltInCullDistance)
         continue;
      const spvc_type ty = spvc_compiler_get_type_handle(comp, list[i].value_type_id);
      if (spvc_type_get_num_array_dimensions(ty) >= 1 &&
          spvc_type_array_dimension_is_literal(ty, 0))
         *(is_clip ? &t->out_clip : &t->out_cull) = (unsigned)spvc_type_get_array_dimension(ty, 0);
   }
   t->out_clip_unwritten =
      t->out_clip && t->out_cull &&
      !spvc_compiler_has_active_builtin(comp, SpvBuiltInClipDistance, SpvStorageClassOutput) &&
      spvc_compiler_has_active_builtin(comp, SpvBuiltInCullDistance, SpvStorageClassOutput);
}

/* The control stage's ESSL without the gl_ClipDistance member of its gl_out block, where
 * tess_ctrl_out_sizes says (in place); false where the block has no such line. */
static bool
tess_ctrl_drop_clip(char *src, struct translate *t)
{
   char member[48];
   snprintf(member, sizeof(member), "    float gl_ClipDistance[%u];\n", t->out_clip);
   char *block = strstr(src, "out gl_PerVertex\n{\n");
   char *end = block ? strstr(block, "} gl_out[") : NULL;
   char *at = block ? strstr(block, member) : NULL;
   if (!at || !end || at > end)
      return false;
   memmove(at, at + strlen(member), strlen(at + strlen(member)) + 1);
   t->out_clip = 0;
   return true;
}

/* A control stage whose ESSL keeps ESSL's own gl_out (SPIRV-Cross redeclares it only where the
 * stage writes a distance) before an evaluation stage that redeclares its gl_in
 * (tess_eval_per_vertex): the host links the two only where both declare the block alike
 * ("definitions of interface block `gl_PerVertex' do not match"), so the control stage's gl_out
 * is redeclared as that gl_in (tes), after its layout(vertices) line. The distances it then has
 * are not written: GL leaves the evaluation stage's reads of them undefined (a GLSL 1.50 control
 * stage's gl_out has no gl_CullDistance; the front end's link gave its module one,
 * glsl_link.c:match_pervertex). False: no layout(vertices) line, or out of memory. */
static bool
tess_ctrl_out_block(struct glb_screen *scr, char **src, const struct translate *tes)
{
   if (!tes->per_vertex_clip && !tes->per_vertex_cull)
      return true;
   if (strstr(*src, "out gl_PerVertex\n"))
      return true;
   char block[256];
   const int n = per_vertex_text(block, sizeof(block), "out", " gl_out[]", tes->per_vertex_clip,
                                 tes->per_vertex_cull, tes->per_vertex_point_size);
   const char *at = strstr(*src, "layout(vertices = ");
   const char *nl = at ? strchr(at, '\n') : NULL;
   if (n < 0 || (size_t)n >= sizeof(block) || !nl || (at > *src && at[-1] != '\n'))
      return false;
   /* a redeclared gl_PerVertex is an interface block: ES 3.1 has those only by extension */
   const char *ext =
      scr->essl_version < 320 ? "#extension GL_EXT_shader_io_blocks : require\n" : "";
   const char *header = glb_essl_header_end(*src);
   if (header > nl)
      return false;
   const size_t len = strlen(*src) + strlen(ext) + (size_t)n + 2;
   char *out = malloc(len);
   if (!out)
      return false;
   snprintf(out, len, "%.*s%s%.*s\n%s%s", (int)(header - *src), *src, ext, (int)(nl + 1 - header),
            header, block, nl + 1);
   free(*src);
   *src = out;
   return true;
}

/* The geometry stage's ESSL needs: GLES 3.2 has it; 3.1 only under EXT_geometry_shader (which
 * SPIRV-Cross names below 320). gl_PointSize needs EXT_geometry_point_size on both. A stage
 * emitting points without writing gl_PointSize leaves GL's size (glPointSize's, the front end's
 * wrapper writes it unless gl_PerVertex was redeclared without it) to no one: as the Vulkan
 * backend, such a program is refused by name rather than drawn at the host's size 1. */
static bool
geometry_stage(struct glb_screen *scr, spvc_compiler comp, spvc_resources res, struct translate *t)
{
   bool points = false, size = false;
   geometry_points(comp, res, &points, &size);
   spvc_compiler_update_active_builtins(comp);
   const bool size_read =
      spvc_compiler_has_active_builtin(comp, SpvBuiltInPointSize, SpvStorageClassInput);
   if (points && !size) {
      snprintf(t->why, sizeof(t->why),
               "a geometry shader that emits points without writing gl_PointSize");
      return false;
   }
   /* gl_in[].gl_PointSize, read, needs it as the output does */
   if ((size || size_read) && !scr->ext_geometry_point_size) {
      snprintf(t->why, sizeof(t->why),
               "gl_PointSize in the geometry stage (the host has no EXT_geometry_point_size)");
      return false;
   }
   if (size || size_read || t->per_vertex_point_size)
      spvc_compiler_require_extension(comp, "GL_EXT_geometry_point_size");
   if ((t->per_vertex_clip || t->per_vertex_cull) && scr->essl_version < 320)
      spvc_compiler_require_extension(comp, "GL_EXT_shader_io_blocks");
   return true;
}

/* GL_BGRA vertex arrays (ARB_vertex_array_bgra), which GLES has no format for: the host
 * fetches such an array as four components in memory order (B, G, R, A, the packed types'
 * lowest bits first), and the variant (GLB_VARIANT_BGRA) reads its floating-point inputs
 * through the swizzle .zyxw where bit <location> of the uniform _mgl_Bgra is set (the draw sets
 * it, glb_program_variant_uniforms). Each such input (a float scalar or vector, not an array or
 * matrix) gets a name of our own here; bgra_declarations then declares it as a vec4 input
 * _mgl_va<L>_raw and the name as a global the new main fills before the client's. */
static void
bgra_inputs(spvc_compiler comp, spvc_resources res, struct translate *t)
{
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_STAGE_INPUT, &list,
                                                 &count) != SPVC_SUCCESS)
      return;
   for (size_t i = 0; i < count; i++) {
      const spvc_type ty = spvc_compiler_get_type_handle(comp, list[i].type_id);
      if (spvc_type_get_basetype(ty) != SPVC_BASETYPE_FP32 || spvc_type_get_columns(ty) != 1 ||
          spvc_type_get_num_array_dimensions(ty) ||
          !spvc_compiler_has_decoration(comp, list[i].id, SpvDecorationLocation))
         continue;
      const unsigned loc = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationLocation);
      const unsigned n = spvc_type_get_vector_size(ty);
      if (loc >= 16 || n < 1 || n > 4)
         continue;
      char name[16];
      snprintf(name, sizeof(name), "_mgl_va%u", loc);
      spvc_compiler_set_name(comp, list[i].id, name);
      t->bgra_inputs |= 1u << loc;
      t->bgra_size[loc] = (uint8_t)n;
   }
}

/* The vertex stage's ESSL with bgra_inputs' declarations: each input's line becomes a vec4
 * input _mgl_va<L>_raw and a global of the input's type, and pre gets the statements that fill
 * the globals (malloc'd; NULL: a declaration not found, or out of memory). */
static char *
bgra_declarations(const char *src, const struct translate *t, char *pre, size_t pre_size)
{
   static const char *const types[5] = {"", "float", "vec2", "vec3", "vec4"};
   static const char *const parts[5] = {"", ".x", ".xy", ".xyz", ""};
   char *cur = strdup(src);
   size_t n = 0;
   pre[0] = '\0';
   for (unsigned loc = 0; loc < 16 && cur; loc++) {
      if (!(t->bgra_inputs >> loc & 1))
         continue;
      char tail[24];
      snprintf(tail, sizeof(tail), " _mgl_va%u;\n", loc);
      const char *at = strstr(cur, tail);
      if (!at) {
         free(cur);
         return NULL;
      }
      const char *line = at;
      while (line > cur && line[-1] != '\n')
         line--;
      const char *end = at + strlen(tail);
      char decl[128];
      snprintf(decl, sizeof(decl), "layout(location = %u) in vec4 _mgl_va%u_raw;\n%s _mgl_va%u;\n",
               loc, loc, types[t->bgra_size[loc]], loc);
      const size_t len = strlen(cur) + strlen(decl) + 1;
      char *next = malloc(len);
      if (next)
         snprintf(next, len, "%.*s%s%s", (int)(line - cur), cur, decl, end);
      free(cur);
      cur = next;
      const int w = snprintf(pre + n, pre_size - n,
                             "    _mgl_va%u = ((_mgl_Bgra & %d) != 0 ? _mgl_va%u_raw.zyxw : "
                             "_mgl_va%u_raw)%s;\n",
                             loc, 1 << loc, loc, loc, parts[t->bgra_size[loc]]);
      if (w < 0 || (size_t)w >= pre_size - n) {
         free(cur);
         return NULL;
      }
      n += (size_t)w;
   }
   return cur;
}

/* A writeonly image without a format (GLSL 4.20; SPIR-V's ImageFormatUnknown) at host unit j:
 * ESSL declares every image with one, and GLES's image unit must hold that format, which GL
 * gives only at glBindImageTexture. So each variant of the program declares it with the
 * format of s->image_formats[j] (glb_program_images: the unit's at the draw), or its class's
 * 32-bit red format where none is given; named _mgl_Image<j> for image_format_layouts. An
 * array takes one format for its units. False with t->why filled. */
static bool
formatless_image(spvc_compiler comp, const spvc_reflected_resource *r, unsigned j,
                 struct glb_shader *s, struct translate *t)
{
   const spvc_type image = spvc_compiler_get_type_handle(comp, r->base_type_id);
   const spvc_type decl = spvc_compiler_get_type_handle(comp, r->type_id);
   const spvc_basetype sampled = spvc_type_get_basetype(
      spvc_compiler_get_type_handle(comp, spvc_type_get_image_sampled_type(image)));
   const char cls = sampled == SPVC_BASETYPE_INT32    ? 'i'
                    : sampled == SPVC_BASETYPE_UINT32 ? 'u'
                                                      : 'f';
   const unsigned dims = spvc_type_get_num_array_dimensions(decl);
   const unsigned n = dims == 1 && spvc_type_array_dimension_is_literal(decl, 0)
                         ? spvc_type_get_array_dimension(decl, 0)
                      : dims ? 0
                             : 1;
   if (!n || n > GLB_MAX_IMAGES - j) {
      snprintf(t->why, sizeof(t->why),
               "a format-less image at unit %u of %u dimensions (ESSL needs its format)", j, dims);
      return false;
   }
   unsigned f = s->image_formats[j];
   char fcls = 0;
   const char *q = f ? glb_storage_qualifier(f, &fcls) : NULL;
   if (!q) {
      f = cls == 'i'   ? MGP_FORMAT_R32_SINT
          : cls == 'u' ? MGP_FORMAT_R32_UINT
                       : MGP_FORMAT_R32_FLOAT;
      q = glb_storage_qualifier(f, &fcls);
   } else if (fcls != cls) {
      snprintf(t->why, sizeof(t->why),
               "image unit %u holds %s, which a format-less %cimage of another class cannot "
               "declare",
               j, q, cls);
      return false;
   }
   s->formatless_mask |= 1u << j;
   s->image_class[j] = (uint8_t)cls;
   s->image_length[j] = (uint8_t)n;
   s->image_formats[j] = (uint8_t)f;
   t->image_units |= 1u << j;
   t->image_qualifier[j] = q;
   char name[24];
   snprintf(name, sizeof(name), "_mgl_Image%u", j);
   spvc_compiler_set_name(comp, r->id, name);
   return true;
}

/* The translated source with each format-less image's qualifier put in its declaration's
 * layout (SPIRV-Cross writes "layout(binding = j) uniform writeonly highp image2D _mgl_Image<j>;"
 * for it, the declaration before any use). NULL: a declaration not found, or out of memory. */
static char *
image_format_layouts(const char *src, const struct translate *t)
{
   char *cur = strdup(src);
   for (uint32_t m = t->image_units; cur && m; m &= m - 1) {
      const unsigned j = (unsigned)__builtin_ctz(m);
      char name[24];
      const int len = snprintf(name, sizeof(name), " _mgl_Image%u", j);
      const char *at = cur;
      while ((at = strstr(at, name)) && at[len] != ';' && at[len] != '[')
         at += len;
      const char *line = at;
      while (line && line > cur && line[-1] != '\n')
         line--;
      static const char layout[] = "layout(";
      if (!at || strncmp(line, layout, sizeof(layout) - 1)) {
         free(cur);
         return NULL;
      }
      const size_t head = (size_t)(line - cur) + sizeof(layout) - 1;
      const size_t qlen = strlen(t->image_qualifier[j]), rest = strlen(cur + head);
      char *next = malloc(head + qlen + 2 + rest + 1);
      if (next) {
         memcpy(next, cur, head);
         memcpy(next + head, t->image_qualifier[j], qlen);
         memcpy(next + head + qlen, ", ", 2);
         memcpy(next + head + qlen + 2, cur + head, rest + 1);
      }
      free(cur);
      cur = next;
   }
   return cur;
}

/* The elements of a resource declared with type_id: the product of its array's sizes (an array
 * of arrays takes one binding per element, the outer index first), 1 for none, 0 for a size
 * that is not a literal. */
static uint64_t
binding_elements(spvc_compiler comp, spvc_type_id type_id)
{
   const spvc_type decl = spvc_compiler_get_type_handle(comp, type_id);
   uint64_t n = 1;
   for (unsigned d = 0; d < spvc_type_get_num_array_dimensions(decl) && n; d++)
      n = spvc_type_array_dimension_is_literal(decl, d) && n <= UINT32_MAX
             ? n * spvc_type_get_array_dimension(decl, d)
             : 0;
   return n;
}

/* The stage's storage buffers (descriptor bindings 144 + k: storage blocks, then the atomic
 * counter buffers the front end lowers to storage buffers, glsl.h) at host binding k, and its
 * images (160 + j) at host image unit j, within the host's limits; their bits go into
 * s->ssbo_mask and s->image_mask. False with t->why filled: the stage uses one the host cannot
 * bind, or writes where the host's stage cannot. */
static bool
storage_bindings(struct glb_screen *scr, spvc_compiler comp, spvc_resources res, unsigned stage,
                 struct glb_shader *s, struct translate *t)
{
   static const struct {
      spvc_resource_type type;
      unsigned base, max;
      const char *what;
   } kinds[] = {
      {SPVC_RESOURCE_TYPE_STORAGE_BUFFER, GLB_SSBO_BASE, GLB_MAX_SSBO, "storage buffer"},
      {SPVC_RESOURCE_TYPE_STORAGE_IMAGE, GLB_IMAGE_BASE, GLB_MAX_IMAGES, "image"},
   };
   for (unsigned k = 0; k < 2; k++) {
      const spvc_reflected_resource *list = NULL;
      size_t count = 0;
      if (spvc_resources_get_resource_list_for_type(res, kinds[k].type, &list, &count) !=
          SPVC_SUCCESS)
         return false;
      const int host_max = k ? scr->max_image_units : scr->max_ssbo_bindings;
      const bool stores =
         stage == MGP_SHADER_STAGE_COMPUTE ||
         (stage == MGP_SHADER_STAGE_FRAGMENT ? scr->fragment_stores : scr->vertex_stores);
      for (size_t i = 0; i < count; i++) {
         const unsigned b = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationBinding);
         /* an array's elements take the bindings (units) after its first, each bound at the
          * draw (a storage block array's elements are blocks of their own to the front end,
          * glsl.h: consecutive descriptor bindings, as ESSL's layout(binding) of an array) */
         const uint64_t n = binding_elements(comp, list[i].type_id);
         if (!scr->compute || !stores || b < kinds[k].base || b - kinds[k].base >= kinds[k].max ||
             (int)(b - kinds[k].base) >= host_max || !n || n > kinds[k].max - (b - kinds[k].base) ||
             n > (uint64_t)host_max - (b - kinds[k].base)) {
            snprintf(t->why, sizeof(t->why),
                     "%s binding %u of %llu elements (the host's stage "
                     "binds %d)",
                     kinds[k].what, b, (unsigned long long)n,
                     stores && scr->compute ? host_max : 0);
            return false;
         }
         const uint32_t units = (uint32_t)(((1ull << n) - 1) << (b - kinds[k].base));
         spvc_compiler_set_decoration(comp, list[i].id, SpvDecorationBinding, b - kinds[k].base);
         if (k &&
             spvc_type_get_image_storage_format(spvc_compiler_get_type_handle(
                comp, list[i].base_type_id)) == SpvImageFormatUnknown &&
             spvc_compiler_has_decoration(comp, list[i].id, SpvDecorationNonReadable) &&
             !formatless_image(comp, &list[i], b - kinds[k].base, s, t))
            return false;
         if (k)
            s->image_mask |= units;
         else
            s->ssbo_mask |= units;
      }
   }
   return true;
}

/* The SPIR-V passes translate runs before SPIRV-Cross, each on the words the one before left. */
struct spv_passes {
   const uint32_t *words; /* the module now: the stage's own words or owned */
   size_t count;
   uint32_t *owned; /* the last pass's words that changed anything, or NULL */
   size_t n;        /* a pass's word count (its out_n) */
   const char *err; /* a pass's error (its err) */
};

/* A pass's result (words: its return, sp->n and sp->err written by it): words that changed
 * anything replace the module. False with t->why "what: err" where the pass failed, or where
 * it changed nothing and had to (required). */
static bool
pass_kept(struct spv_passes *sp, uint32_t *words, const char *what, bool required,
          struct translate *t)
{
   const char *err = sp->err ? sp->err : !words && required ? "none" : NULL;
   sp->err = NULL;
   if (err) {
      free(words);
      snprintf(t->why, sizeof(t->why), "%s: %s", what, err);
      return false;
   }
   if (words) {
      free(sp->owned);
      sp->owned = words;
      sp->words = words;
      sp->count = sp->n;
   }
   return true;
}

/* Whether the module declares capability `cap` (its OpCapability come first). */
static bool
declares_capability(const uint32_t *w, size_t n, SpvCapability cap)
{
   for (size_t at = 5; at < n;) {
      const uint32_t wc = w[at] >> 16, op = w[at] & 0xffff;
      if (!wc || wc > n - at || (op != SpvOpCapability && op != SpvOpExtension))
         break;
      if (op == SpvOpCapability && wc == 2 && w[at + 1] == (uint32_t)cap)
         return true;
      at += wc;
   }
   return false;
}

/* SPIR-V words of one stage (MGP_SHADER_STAGE_*) to ESSL; last_pre_raster: the stage whose
 * positions are rasterized (the geometry stage where the program has one, else the vertex
 * stage). False with t->why filled. */
static bool
translate(struct glb_screen *scr, const struct mgp_span *words, unsigned stage,
          bool last_pre_raster, uint32_t bias_count, bool bgra, bool no_point_size,
          struct glb_shader *s, struct translate *t)
{
   spvc_context sc = NULL;
   if (spvc_context_create(&sc) != SPVC_SUCCESS) {
      snprintf(t->why, sizeof(t->why), "spirv-cross: no context");
      return false;
   }
   bool ok = false;
   spvc_parsed_ir ir = NULL;
   spvc_compiler comp = NULL;
   spvc_compiler_options opts = NULL;
   spvc_resources res = NULL;
   const char *out = NULL;
   char *unwritten = NULL; /* unwritten_outputs' declarations */
   /* ESSL has no vertex input arrays: one input per element, the array a copy of them */
   struct spv_passes sp = {.words = words->ptr, .count = (size_t)(words->size / 4)};
   bool blocked = false;
   /* gl_CullDistance is the host's with EXT_clip_cull_distance alone; the caps told the client
    * (MGP_CAP_CULL_DISTANCE), so only a client that ignored them sends it */
   if (!scr->max_cull_distances &&
       declares_capability(sp.words, sp.count, SpvCapabilityCullDistance)) {
      snprintf(t->why, sizeof(t->why),
               "gl_CullDistance, and the host has no EXT_clip_cull_distance");
      goto done;
   }
   if (stage == MGP_SHADER_STAGE_VERTEX &&
       !pass_kept(&sp, spv_split_input_arrays(sp.words, sp.count, &sp.n, &blocked, &sp.err),
                  "vertex input arrays", false, t))
      goto done;
   /* ESSL has no 1D textures: their images are 2D (glb_resource.c) and the SPIR-V samples them
    * as 2D (spv_lower_1d) before SPIRV-Cross, which has no such option for GLSL */
   if (!pass_kept(&sp, spv_lower_1d(sp.words, sp.count, &sp.n, &sp.err), "1D images", false, t)) {
      t->decline_1d = true;
      goto done;
   }
   /* the LOD bias variant: sampling adds _mgl_LodBias[binding] (glb_lod_bias.c) */
   if (bias_count &&
       !pass_kept(&sp,
                  glb_spv_lod_bias(sp.words, sp.count, stage == MGP_SHADER_STAGE_FRAGMENT,
                                   bias_count, &sp.n, &t->unbiased, &sp.err),
                  "LOD bias", false, t))
      goto done;
   /* ESSL has no struct varyings holding arrays or structs, nor arrays of them, between the
    * last pre-rasterization stage and the fragment stage: one varying per member
    * (glb_io_structs.c), the same on both sides; the arrays of arrays that leaves are made
    * one-dimensional next */
   if ((stage == MGP_SHADER_STAGE_FRAGMENT || last_pre_raster) &&
       !pass_kept(&sp,
                  glb_spv_split_io_structs(sp.words, sp.count, stage != MGP_SHADER_STAGE_FRAGMENT,
                                           &sp.n, &sp.err),
                  "struct varyings", false, t))
      goto done;
   /* ESSL has no arrays of arrays among a vertex stage's outputs or a fragment stage's inputs
    * (nor the other last pre-rasterization stages' outputs): one-dimensional
    * (glb_io_flatten.c), the same in both stages */
   if ((stage == MGP_SHADER_STAGE_VERTEX || stage == MGP_SHADER_STAGE_FRAGMENT ||
        last_pre_raster) &&
       !pass_kept(&sp,
                  glb_spv_flatten_io_arrays(sp.words, sp.count, stage != MGP_SHADER_STAGE_FRAGMENT,
                                            &sp.n, &sp.err),
                  "arrays of arrays between the stages", false, t))
      goto done;
   /* NVIDIA's compiler fails on an input block array indexed by a value that is not a constant
    * ("assembly compile error ... error: offset"): the fragment stage reads such an array
    * through a copy its entry point fills at constant indices (spv_input_copies.c). One it
    * cannot copy (an interpolateAt* on it) goes to the host as it is. */
   if (stage == MGP_SHADER_STAGE_FRAGMENT &&
       !pass_kept(&sp, spv_copy_indexed_inputs(sp.words, sp.count, &sp.n, &blocked, &sp.err),
                  "indexed input block arrays", false, t))
      goto done;
   /* buffer blocks with gaps between members (atomic counters at layout(offset)): padded so
    * that std430 lays them out as the SPIR-V does (glb_block_pad.c) */
   uint32_t *padded = glb_spv_pad_blocks(sp.words, sp.count, &sp.n, &sp.err);
   const bool blocks_padded = padded != NULL;
   if (!pass_kept(&sp, padded, "buffer block padding", false, t))
      goto done;
   scr->stats.blocks_padded += blocks_padded;
   /* the variant for draws that are not points: the last vertex stage without its
    * gl_PointSize writes (spv_point_size.c), one host output fewer */
   if (no_point_size && stage == MGP_SHADER_STAGE_VERTEX && last_pre_raster &&
       !pass_kept(&sp, spv_cut_point_size(sp.words, sp.count, &sp.n, &sp.err),
                  "no gl_PointSize write to drop", true, t))
      goto done;
   if (spvc_context_parse_spirv(sc, sp.words, sp.count, &ir) != SPVC_SUCCESS ||
       spvc_context_create_compiler(sc, SPVC_BACKEND_GLSL, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP,
                                    &comp) != SPVC_SUCCESS ||
       spvc_compiler_create_compiler_options(comp, &opts) != SPVC_SUCCESS)
      goto done;
   spvc_compiler_options_set_uint(opts, SPVC_COMPILER_OPTION_GLSL_VERSION,
                                  (unsigned)scr->essl_version);
   spvc_compiler_options_set_bool(opts, SPVC_COMPILER_OPTION_GLSL_ES, SPVC_TRUE);
   spvc_compiler_options_set_bool(opts, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_FLOAT_PRECISION_HIGHP,
                                  SPVC_TRUE);
   spvc_compiler_options_set_bool(opts, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_INT_PRECISION_HIGHP,
                                  SPVC_TRUE);
   /* GL's gl_InstanceID reaches us as InstanceIndex - BaseInstance; a base instance moves the
    * instanced arrays instead (glb_draw.c), so BaseInstance is 0 and GLES's gl_InstanceID is
    * exact. */
   spvc_compiler_options_set_bool(opts, SPVC_COMPILER_OPTION_GLSL_SUPPORT_NONZERO_BASE_INSTANCE,
                                  SPVC_FALSE);
   /* SPIRV-Cross undoes the clip depth at the end of main: the geometry stage's is undone at
    * each EmitVertex instead (emit_vertex_depth) */
   spvc_compiler_options_set_bool(
      opts, SPVC_COMPILER_OPTION_FIXUP_DEPTH_CONVENTION,
      last_pre_raster && stage != MGP_SHADER_STAGE_GEOMETRY ? SPVC_TRUE : SPVC_FALSE);
   if (spvc_compiler_install_compiler_options(comp, opts) != SPVC_SUCCESS ||
       spvc_compiler_create_shader_resources(comp, &res) != SPVC_SUCCESS)
      goto done;
   const spvc_reflected_resource *list = NULL;
   size_t count = 0;
   if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_SAMPLED_IMAGE, &list,
                                                 &count) != SPVC_SUCCESS)
      goto done;
   for (size_t i = 0; i < count; i++) {
      unsigned b = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationBinding);
      if (b < SAMPLER_BINDING_BASE ||
          b - SAMPLER_BINDING_BASE >= (unsigned)scr->max_texture_units) {
         snprintf(t->why, sizeof(t->why), "sampler binding %u has no host texture unit", b);
         goto done;
      }
      spvc_compiler_set_decoration(comp, list[i].id, SpvDecorationBinding,
                                   b - SAMPLER_BINDING_BASE);
   }
   if (spvc_resources_get_resource_list_for_type(res, SPVC_RESOURCE_TYPE_UNIFORM_BUFFER, &list,
                                                 &count) != SPVC_SUCCESS)
      goto done;
   for (size_t i = 0; i < count; i++) {
      unsigned b = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationBinding);
      if (b >= GLB_UNUSED_BINDING_BASE) {
         /* a block the module declares and no stage reads (a std140 or shared block stays
          * active, glsl.h): no buffer is bound for it, so it takes the host's default binding */
         spvc_compiler_unset_decoration(comp, list[i].id, SpvDecorationBinding);
         continue;
      }
      if (b >= GLB_MAX_UBO || (int)b >= scr->max_ubo_bindings) {
         snprintf(t->why, sizeof(t->why), "uniform block binding %u past the host's %d", b,
                  scr->max_ubo_bindings);
         goto done;
      }
      /* the default block (binding 0) has each stage's own members: a separable program's
       * stage declares only its own, at the offsets of the pipeline's shared block
       * (glb_block_pad.c pads the gap), which ESSL's link refuses under one block name
       * ("definitions of uniform block ... do not match"); every stage's is its own block,
       * reading the same buffer at binding 0 */
      if (b == 0) {
         char name[40];
         snprintf(name, sizeof(name), "_mgl_DefaultBlock_%s", mgp_shader_stage_name(stage));
         spvc_compiler_set_name(comp, list[i].base_type_id, name);
         /* the program's own binding (glb_program_buffers binds its buffer there) */
         spvc_compiler_set_decoration(comp, list[i].id, SpvDecorationBinding, s->default_binding);
      }
   }
   if (!storage_bindings(scr, comp, res, stage, s, t))
      goto done;
   block_locations(comp, res, SPVC_RESOURCE_TYPE_STAGE_INPUT, false);
   input_invariance(comp, res);
   /* every block a stage passes to one whose inputs are arrays (tessellation, geometry) */
   block_locations(comp, res, SPVC_RESOURCE_TYPE_STAGE_OUTPUT,
                   !last_pre_raster &&
                      (stage == MGP_SHADER_STAGE_VERTEX || stage == MGP_SHADER_STAGE_TESS_CTRL ||
                       stage == MGP_SHADER_STAGE_TESS_EVAL));
   /* GLES declares gl_ClipDistance only with EXT_clip_cull_distance (the caps offer clip
    * distances only then) */
   if (scr->max_clip_distances)
      spvc_compiler_require_extension(comp, "GL_EXT_clip_cull_distance");
   /* cube map arrays on a GLES 3.1 host (glb_screen.c: scr->cube_map_array) */
   if (scr->essl_version < 320 && scr->cube_map_array && has_cube_array(comp, res))
      spvc_compiler_require_extension(comp, "GL_EXT_texture_cube_map_array");
   if (stage == MGP_SHADER_STAGE_VERTEX &&
       !base_instance_input(scr, comp, res, s->refl.vertex_input_mask, &s->base_instance_loc, t))
      goto done;
   if (stage == MGP_SHADER_STAGE_VERTEX && (!last_pre_raster || t->outline))
      vertex_per_vertex(scr, comp, res, t);
   if (stage == MGP_SHADER_STAGE_VERTEX && bgra)
      bgra_inputs(comp, res, t);
   if (stage == MGP_SHADER_STAGE_GEOMETRY && !geometry_stage(scr, comp, res, t))
      goto done;
   if (stage == MGP_SHADER_STAGE_GEOMETRY)
      s->geometry_polygons = emits_triangles(comp);
   if (stage == MGP_SHADER_STAGE_GEOMETRY)
      geometry_input_names(comp, res, sp.count > 3 ? sp.words[3] : 0);
   /* gl_PointSize in the tessellation stages (their gl_PerVertex's) needs
    * EXT_tessellation_point_size; without it on the host such a stage fails to compile (the
    * program is declined by name) */
   if ((stage == MGP_SHADER_STAGE_TESS_CTRL || stage == MGP_SHADER_STAGE_TESS_EVAL) &&
       scr->ext_tess_point_size)
      spvc_compiler_require_extension(comp, "GL_EXT_tessellation_point_size");
   if (stage == MGP_SHADER_STAGE_TESS_CTRL)
      tess_ctrl_out_sizes(comp, res, t);
   if (stage == MGP_SHADER_STAGE_TESS_EVAL)
      tess_eval_per_vertex(scr, comp, res, t);
   if (stage == MGP_SHADER_STAGE_TESS_EVAL && !last_pre_raster)
      tess_eval_out_per_vertex(scr, comp, res, t);
   if (stage == MGP_SHADER_STAGE_TESS_CTRL && (t->per_vertex_clip || t->per_vertex_cull) &&
       scr->essl_version < 320)
      spvc_compiler_require_extension(comp, "GL_EXT_shader_io_blocks");
   if (last_pre_raster) {
      xfb_layout(comp, res, s);
      clip_enables_code(comp, res, t);
   }
   if ((stage == MGP_SHADER_STAGE_TESS_EVAL || stage == MGP_SHADER_STAGE_GEOMETRY) &&
       !clip_padding(comp, res, last_pre_raster, t))
      goto done;
   if (last_pre_raster || stage == MGP_SHADER_STAGE_FRAGMENT)
      interpolation_by_location(comp, res, stage == MGP_SHADER_STAGE_FRAGMENT, t);
   if (last_pre_raster && stage != MGP_SHADER_STAGE_FRAGMENT &&
       !(unwritten = unwritten_outputs(comp, res, t))) {
      snprintf(t->why, sizeof(t->why), "out of memory");
      goto done;
   }
   if (stage == MGP_SHADER_STAGE_FRAGMENT) {
      s->point_origin_offset = point_origin_offset(comp, res, s->default_binding);
      s->flat_inputs = has_flat_input(comp, res);
      alpha_one_outputs(comp, res, t);
      /* GL_ARB_conservative_depth's layouts only promise how the depth moves (the depth test
       * may then run early); GLSL ES takes them with GL_EXT_conservative_depth only, and the
       * depth written is the same without them */
      spvc_compiler_unset_execution_mode(comp, SpvExecutionModeDepthGreater);
      spvc_compiler_unset_execution_mode(comp, SpvExecutionModeDepthLess);
      spvc_compiler_unset_execution_mode(comp, SpvExecutionModeDepthUnchanged);
      /* without it on the host (max_dual_source 0) the client offers no second source */
      if (scr->max_dual_source && has_second_source(comp, res))
         spvc_compiler_require_extension(comp, "GL_EXT_blend_func_extended");
      /* the program's layout(blend_support_*) out, which SPIR-V does not carry: the host's
       * draw with an advanced equation needs it (blend_support_layout below) */
      if (scr->ext_blend_advanced && s->refl.blend_support)
         spvc_compiler_require_extension(comp, "GL_KHR_blend_equation_advanced");
   }
   if (spvc_compiler_compile(comp, &out) != SPVC_SUCCESS)
      goto done;
   static const char clip_decl[] = "uniform highp int _mgl_ClipEnables;\n";
   if (t->epilogue[0]) {
      t->source = alpha_one_main(out, t->epilogue);
      if (!t->source)
         snprintf(t->why, sizeof(t->why), "no main() in the translated fragment shader");
   } else if (stage == MGP_SHADER_STAGE_GEOMETRY) {
      char *emits = emit_vertex_depth(out, t->clip_zero);
      t->source = emits && t->clip_count ? after_versions(emits, clip_decl) : emits;
      if (t->source != emits)
         free(emits);
      if (!t->source)
         snprintf(t->why, sizeof(t->why), "out of memory");
   } else if (t->clip_zero[0] || t->bgra_inputs) {
      char body[sizeof(t->clip_zero) + 8] = "", decl[96] = "", pre[16 * 96] = "";
      if (t->clip_zero[0])
         snprintf(body, sizeof(body), "    %s\n", t->clip_zero);
      snprintf(decl, sizeof(decl), "%s%s", t->clip_count ? clip_decl : "",
               t->bgra_inputs ? "uniform highp int _mgl_Bgra;\n" : "");
      char *declared = t->bgra_inputs ? bgra_declarations(out, t, pre, sizeof(pre)) : NULL;
      if (!t->bgra_inputs || declared)
         t->source = wrap_main(declared ? declared : out, decl, pre, body);
      free(declared);
      if (!t->source)
         snprintf(t->why, sizeof(t->why), "no main() or inputs in the translated vertex shader");
   } else {
      t->source = strdup(out);
   }
   if (t->source && stage == MGP_SHADER_STAGE_FRAGMENT && scr->ext_blend_advanced &&
       s->refl.blend_support) {
      char *declared = blend_support_layout(t->source, s->refl.blend_support);
      free(t->source);
      t->source = declared;
      if (!t->source)
         snprintf(t->why, sizeof(t->why), "out of memory");
   }
   /* the vertex stage's output block; the other stages' gl_in, then an evaluation stage's
    * output block */
   for (int out_block = 0; out_block < 2 && t->source; out_block++) {
      const bool vertex = stage == MGP_SHADER_STAGE_VERTEX;
      const unsigned clip = out_block ? (vertex ? t->per_vertex_clip : t->feed_clip)
                                      : (vertex ? 0 : t->per_vertex_clip);
      /* the size SPIRV-Cross declared, where clip_padding grew the block's */
      const unsigned clip_var = out_block && t->clip_padded ? t->clip_written : clip;
      const unsigned cull = out_block ? (vertex ? t->per_vertex_cull : t->feed_cull)
                                      : (vertex ? 0 : t->per_vertex_cull);
      const bool size = out_block ? (vertex ? t->per_vertex_point_size : t->feed_point_size)
                                  : t->per_vertex_point_size;
      if (!clip && !cull)
         continue;
      char *redeclared = per_vertex_block(t->source, out_block, clip_var, clip, cull, size);
      free(t->source);
      t->source = redeclared;
      if (!t->source)
         snprintf(t->why, sizeof(t->why),
                  "no gl_ClipDistance or gl_CullDistance to redeclare in gl_PerVertex (or out "
                  "of memory)");
   }
   if (t->source && t->clip_padded && last_pre_raster) {
      char *padded = clip_output_padded(t->source, t);
      free(t->source);
      t->source = padded;
      if (!t->source)
         snprintf(t->why, sizeof(t->why),
                  "no gl_ClipDistance or gl_CullDistance output to pad (or out of memory)");
   }
   if (t->source && t->out_clip_unwritten && !tess_ctrl_drop_clip(t->source, t)) {
      free(t->source);
      t->source = NULL;
      snprintf(t->why, sizeof(t->why), "no gl_ClipDistance in the control stage's gl_out");
   }
   if (t->source && t->image_units) {
      char *declared = image_format_layouts(t->source, t);
      free(t->source);
      t->source = declared;
      if (!t->source)
         snprintf(t->why, sizeof(t->why),
                  "no declaration of a format-less image to give its format (or out of memory)");
   }
   if (t->source && (stage == MGP_SHADER_STAGE_TESS_CTRL || stage == MGP_SHADER_STAGE_TESS_EVAL)) {
      char *named = patch_vertices_name(t->source);
      free(t->source);
      t->source = named;
      if (!t->source)
         snprintf(t->why, sizeof(t->why), "out of memory");
   }
   if (t->source && unwritten && unwritten[0]) {
      char *declared = after_versions(t->source, unwritten);
      free(t->source);
      t->source = declared;
      if (!t->source)
         snprintf(t->why, sizeof(t->why), "out of memory");
   }
   ok = t->source != NULL;
done:
   free(unwritten);
   if (!ok && !t->why[0])
      snprintf(t->why, sizeof(t->why), "spirv-cross: %.170s",
               spvc_context_get_last_error_string(sc));
   spvc_context_destroy(sc);
   free(sp.owned);
   return ok;
}

static GLuint
compile(struct glb_screen *scr, GLenum stage, const char *name, const char *src, char *why,
        size_t why_size)
{
   const struct glb_host *h = scr->h;
   GLuint s = GLB_GL(h)->glCreateShader(stage);
   GLB_GL(h)->glShaderSource(s, 1, &src, NULL);
   GLB_GL(h)->glCompileShader(s);
   GLint ok = 0;
   GLB_GL(h)->glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[160] = "";
      GLB_GL(h)->glGetShaderInfoLog(s, sizeof(log), NULL, log);
      snprintf(why, why_size, "host compile (%s): %s", name, log);
      GLB_GL(h)->glDeleteShader(s);
      return 0;
   }
   return s;
}

/* Whether the program's draws that are not points can go without its gl_PointSize writes
 * (GLB_VARIANT_NO_POINT_SIZE): its vertex stage is the last before the rasterizer (a geometry
 * stage may emit points, its size from the vertex stage's), no capture may record the size, and
 * the stage writes it only by stores spv_point_size.c can drop. */
static bool
point_size_cuttable(const struct glb_shader *s)
{
   const unsigned vs = MGP_SHADER_STAGE_VERTEX;
   if (s->compute || s->geometry || s->tessellation || !s->spirv[vs] || s->xfb_count)
      return false;
   const char *err = NULL;
   size_t n = 0;
   uint32_t *cut = spv_cut_point_size(s->spirv[vs], s->spirv_words[vs], &n, &err);
   free(cut);
   return cut != NULL;
}

/* Whether a module has execution mode mode (OutputPoints: a geometry stage emits points; Xfb:
 * its outputs are captured). */
static bool
has_mode(const uint32_t *w, size_t n, SpvExecutionMode mode)
{
   struct spv_walk it = spv_walk_begin(w, n);
   while (spv_walk_next(&it))
      if (it.op == SpvOpExecutionMode && it.nops >= 2 && it.o[1] == (uint32_t)mode)
         return true;
   return false;
}

/* Why a geometry stage of io is over the host's output limits, as its compiler counts them
 * (every component written, gl_Position's 4 and gl_PointSize's 1 included: NVIDIA's refusal
 * "can only emit 170 vertices of this size" at 6 a vertex), into over; false where it is within
 * them. */
static bool
geometry_over(const struct glb_screen *scr, const struct spv_stage_io *io, char *over,
              size_t over_size)
{
   const uint64_t per_vertex = (uint64_t)io->out_comps + io->out_builtin_written;
   if (per_vertex > (uint64_t)scr->max_gs_components) {
      snprintf(over, over_size,
               "the geometry stage's %llu output components (built-ins included), over the "
               "host's GL_MAX_GEOMETRY_OUTPUT_COMPONENTS of %d",
               (unsigned long long)per_vertex, scr->max_gs_components);
      return true;
   }
   if (per_vertex * io->vertices > (uint64_t)scr->max_gs_total) {
      snprintf(over, over_size,
               "the geometry stage's %llu output components (built-ins included) x %u vertices "
               "= %llu, over the host's GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS of %d",
               (unsigned long long)per_vertex, io->vertices,
               (unsigned long long)(per_vertex * io->vertices), scr->max_gs_total);
      return true;
   }
   return false;
}

/* words as the geometry stage of new words n long (a pass's), its old ones freed. */
static void
geometry_words_replace(struct mgp_span *words, uint32_t *w, size_t n)
{
   free((void *)words->ptr);
   *words = (struct mgp_span){.ptr = w, .size = (uint64_t)n * 4};
}

/* A geometry stage without its gl_PointSize stores (spv_point_size.c) and its gl_PerVertex cut
 * after the last member it still reaches (spv_pervertex_trim.c), where that brings it within
 * the host's limits: a stage that emits lines or triangles only, which the rasterizer draws
 * without a size (a points stage needs it: ESSL leaves an unwritten size undefined), and
 * whose outputs no capture records. */
static bool
geometry_point_size_cut(struct glb_screen *scr, struct mgp_span *words)
{
   const char *err = NULL;
   size_t n = 0;
   uint32_t *cut = spv_cut_point_size_trim(words->ptr, (size_t)(words->size / 4), &n, &err);
   if (!cut) {
      if (err)
         mgu_warn("gles: a geometry stage over the host's output limits keeps its gl_PointSize "
                  "writes: %s",
                  err);
      return false;
   }
   struct spv_stage_io io;
   char invalid[256], over[200];
   if (!spv_validate(SPV_VALID_VULKAN_1_1, cut, n, invalid, sizeof(invalid)) ||
       !spv_io_measure_words(cut, n, SpvExecutionModelGeometry, &io) ||
       geometry_over(scr, &io, over, sizeof(over))) {
      free(cut);
      return false;
   }
   scr->stats.gs_point_size_cuts++;
   geometry_words_replace(words, cut, n);
   return true;
}

/* A points geometry stage over the host's total output components has its vertices shared
 * out among more invocations (spv_gs_split.c), each within the total, where the host's
 * GL_MAX_GEOMETRY_SHADER_INVOCATIONS allows; why the split cannot take it into why. */
static bool
geometry_split(struct glb_screen *scr, struct mgp_span *words, struct spv_stage_io *io, char *why,
               size_t why_size)
{
   const uint64_t per_vertex = (uint64_t)io->out_comps + io->out_builtin_written;
   const uint32_t k = per_vertex > (uint64_t)scr->max_gs_components
                         ? 0
                         : spv_gs_split_factor(io, per_vertex, (uint32_t)scr->max_gs_total,
                                               (uint32_t)scr->max_gs_invocations);
   if (!k) {
      snprintf(why, why_size,
               "no split among at most the host's GL_MAX_GEOMETRY_SHADER_INVOCATIONS of %d "
               "invocations brings it within",
               scr->max_gs_invocations);
      return false;
   }
   const char *split_why = NULL;
   size_t n = 0;
   uint32_t *split = spv_gs_split(words->ptr, (size_t)(words->size / 4), k, &n, &split_why);
   char invalid[256];
   if (!split || !spv_validate(SPV_VALID_VULKAN_1_1, split, n, invalid, sizeof(invalid))) {
      snprintf(why, why_size, "it cannot be split among %u invocations: %.200s", k,
               split ? invalid : split_why);
      free(split);
      return false;
   }
   scr->stats.gs_splits++;
   geometry_words_replace(words, split, n);
   return true;
}

/* Fits the geometry stage's words to the host's output limits before the host compiles them,
 * as the Vulkan backend fits its device's (vkb_cso.c): GL counts what the program writes and
 * its total may take every component, but the host's compiler counts the gl_PointSize mgl
 * writes too (the front end's, at every emit of a points stage). Over: a stage that does not
 * emit points goes without its gl_PointSize writes where that is enough, a points stage is
 * split among more invocations; else it goes to the host as it came, and over says why, for
 * the decline if the host refuses it. */
static void
geometry_fit(struct glb_screen *scr, struct mgp_span *words, char *over, size_t over_size)
{
   struct spv_stage_io io;
   const uint32_t *w = words->ptr;
   const size_t n = (size_t)(words->size / 4);
   over[0] = '\0';
   if (scr->max_gs_total <= 0 || scr->max_gs_components <= 0 || /* limits the host did not say */
       !spv_io_measure_words(w, n, SpvExecutionModelGeometry, &io) ||
       !geometry_over(scr, &io, over, over_size))
      return;
   char why[300] = "";
   if (!has_mode(w, n, SpvExecutionModeOutputPoints)) {
      /* a capture may record the size */
      if (!has_mode(w, n, SpvExecutionModeXfb) && geometry_point_size_cut(scr, words)) {
         over[0] = '\0';
         return;
      }
      snprintf(why, sizeof(why),
               "it emits no points, so no split; without gl_PointSize writes, where it has any "
               "and no capture, still over");
   } else if (geometry_split(scr, words, &io, why, sizeof(why))) {
      over[0] = '\0';
      return;
   } else {
      scr->stats.gs_splits_failed++;
   }
   const size_t len = strlen(over);
   snprintf(over + len, over_size - len, " (%s)", why);
   mgu_warn("gles: %s: left to the host", over);
}

#define OUTLINE_VARIANTS (GLB_VARIANT_OUTLINE_LINE | GLB_VARIANT_OUTLINE_POINT)

/* An outline variant's geometry stage (gs) after the vertex stage vs, and its fragment stage
 * reading the polygon's facing from it (glb_outline.c). False with why. */
static bool
outline_stages(struct glb_screen *scr, const struct translate *vs, struct translate *gs,
               struct translate *fs, bool points, char *why, size_t why_size)
{
   const char *failed = NULL;
   unsigned facing = 0;
   gs->source = glb_outline_geometry(scr, vs->source, points, &facing, &failed);
   if (!gs->source) {
      snprintf(why, why_size, "the outline stage: %s", failed);
      return false;
   }
   char *read = glb_outline_fragment(fs->source, facing);
   if (!read) {
      snprintf(why, why_size, "out of memory");
      return false;
   }
   free(fs->source);
   fs->source = read;
   return true;
}

/* Translates, compiles and links the stages in stage_mask (their SPIR-V in spirv[]) into a host
 * program, variant (GLB_VARIANT_*; 0 the plain program). What the translation finds goes into
 * s. 0 with why filled (*oned: a 1D image the translation cannot lower). */
static GLuint
link_program(struct glb_screen *scr, struct glb_shader *s, uint32_t stage_mask,
             const struct mgp_span spirv[MGP_SHADER_STAGE_COUNT], unsigned variant, char *why,
             size_t why_size, bool *oned)
{
   const uint32_t bias_count = variant & GLB_VARIANT_LOD_BIAS ? s->lod_bias_count : 0;
   const struct glb_host *h = scr->h;
   const uint32_t gs = 1u << MGP_SHADER_STAGE_GEOMETRY, fs = 1u << MGP_SHADER_STAGE_FRAGMENT,
                  cs = 1u << MGP_SHADER_STAGE_COMPUTE, tes = 1u << MGP_SHADER_STAGE_TESS_EVAL;
   /* the host's stages in the order they run; the last before the fragment stage rasterizes
    * (a compute program has its one stage); the vertex stage first (tr[0]) */
   static const struct {
      unsigned stage;
      GLenum host;
      const char *name;
   } stages[] = {
      {MGP_SHADER_STAGE_VERTEX, GL_VERTEX_SHADER, "vertex"},
      {MGP_SHADER_STAGE_TESS_CTRL, GL_TESS_CONTROL_SHADER, "tessellation control"},
      {MGP_SHADER_STAGE_TESS_EVAL, GL_TESS_EVALUATION_SHADER, "tessellation evaluation"},
      {MGP_SHADER_STAGE_GEOMETRY, GL_GEOMETRY_SHADER, "geometry"},
      {MGP_SHADER_STAGE_FRAGMENT, GL_FRAGMENT_SHADER, "fragment"},
      {MGP_SHADER_STAGE_COMPUTE, GL_COMPUTE_SHADER, "compute"},
   };
   enum { NSTAGES = sizeof(stages) / sizeof(stages[0]) };
   const unsigned last_pre_raster = stage_mask & gs    ? MGP_SHADER_STAGE_GEOMETRY
                                    : stage_mask & tes ? MGP_SHADER_STAGE_TESS_EVAL
                                                       : MGP_SHADER_STAGE_VERTEX;
   struct translate tr[NSTAGES];
   GLuint sh[NSTAGES] = {0}, p = 0;
   memset(tr, 0, sizeof(tr));
   s->ssbo_mask = 0;
   s->image_mask = 0;
   s->formatless_mask = 0;
   bool made = true;
   /* the fragment stage first: the last pre-rasterization stage's outputs take its inputs'
    * interpolation (interpolation_by_location) */
   enum { FRAG = 4 }; /* the fragment stage's index in stages[] */
   static const unsigned order[NSTAGES] = {FRAG, 0, 1, 2, 3, 5};
   for (unsigned o = 0; o < NSTAGES && made; o++) {
      const unsigned i = order[o], st = stages[i].stage;
      if (st == MGP_SHADER_STAGE_FRAGMENT && !(stage_mask & (fs | cs))) {
         /* GL links a program without a fragment stage (its fragments' colours are undefined:
          * transform feedback, rasterizer discard, depth only); GLES links none without one,
          * so it gets one that writes nothing */
         char empty[48];
         snprintf(empty, sizeof(empty), "#version %d es\nvoid main()\n{\n}\n", scr->essl_version);
         made = (tr[i].source = strdup(empty)) != NULL;
         if (!made)
            snprintf(why, why_size, "out of memory");
         continue;
      }
      if (!(stage_mask >> st & 1))
         continue;
      /* a geometry or control stage after the vertex stage: its gl_in as the vertex stage's
       * gl_PerVertex; a geometry stage after an evaluation stage (tr[2]): as that one's */
      if (st == MGP_SHADER_STAGE_GEOMETRY && (stage_mask & tes)) {
         tr[i].per_vertex_clip = tr[2].feed_clip;
         tr[i].per_vertex_cull = tr[2].feed_cull;
         tr[i].per_vertex_point_size = tr[2].feed_point_size;
      } else if (st == MGP_SHADER_STAGE_GEOMETRY || st == MGP_SHADER_STAGE_TESS_CTRL) {
         tr[i].per_vertex_clip = tr[0].per_vertex_clip;
         tr[i].per_vertex_cull = tr[0].per_vertex_cull;
         tr[i].per_vertex_point_size = tr[0].per_vertex_point_size;
      }
      if (st == MGP_SHADER_STAGE_TESS_EVAL) {
         tr[i].out_clip = tr[1].out_clip;
         tr[i].out_cull = tr[1].out_cull;
         /* its output block is sized before the geometry stage is translated */
         if (stage_mask & gs)
            tr[i].feed_clip_least = clip_distances_written(&spirv[MGP_SHADER_STAGE_GEOMETRY]);
      }
      tr[i].outline = st == MGP_SHADER_STAGE_VERTEX && (variant & OUTLINE_VARIANTS);
      if (st == last_pre_raster) {
         memcpy(tr[i].frag_interp, tr[FRAG].frag_interp, sizeof(tr[i].frag_interp));
         memcpy(tr[i].frag_type, tr[FRAG].frag_type, sizeof(tr[i].frag_type));
      }
      made = translate(scr, &spirv[st], st, st == last_pre_raster, bias_count,
                       (variant & GLB_VARIANT_BGRA) != 0,
                       (variant & GLB_VARIANT_NO_POINT_SIZE) != 0, s, &tr[i]);
      if (!made) {
         snprintf(why, why_size, "%s: %s", stages[i].name, tr[i].why);
         *oned = tr[i].decline_1d;
      }
      if (made && tr[i].unbiased && !s->lod_bias_why[0])
         snprintf(s->lod_bias_why, sizeof(s->lod_bias_why), "%s", tr[i].unbiased);
   }
   s->bgra_inputs = tr[0].bgra_inputs;
   if (made && (stage_mask & tes) && tr[1].source &&
       !tess_ctrl_out_block(scr, &tr[1].source, &tr[2])) {
      snprintf(why, why_size,
               "tessellation control: no layout(vertices) line to redeclare gl_out after (or out "
               "of memory)");
      made = false;
   }
   if (made && (variant & OUTLINE_VARIANTS))
      made = outline_stages(scr, &tr[0], &tr[3], &tr[FRAG],
                            (variant & GLB_VARIANT_OUTLINE_POINT) != 0, why, why_size);
   for (unsigned i = 0; i < NSTAGES && made; i++)
      if (tr[i].source)
         made = (sh[i] =
                    compile(scr, stages[i].host, stages[i].name, tr[i].source, why, why_size)) != 0;
   if (made) {
      p = GLB_GL(h)->glCreateProgram();
      for (unsigned i = 0; i < NSTAGES; i++)
         if (sh[i])
            GLB_GL(h)->glAttachShader(p, sh[i]);
      if (s->xfb_count && !s->xfb_why[0])
         GLB_GL(h)->glTransformFeedbackVaryings(
            p, (GLsizei)s->xfb_count, (const GLchar *const *)s->xfb_names,
            s->xfb_separate ? GL_SEPARATE_ATTRIBS : GL_INTERLEAVED_ATTRIBS);
      GLB_GL(h)->glLinkProgram(p);
      GLint linked = 0;
      GLB_GL(h)->glGetProgramiv(p, GL_LINK_STATUS, &linked);
      if (!linked) {
         char log[160] = "";
         GLB_GL(h)->glGetProgramInfoLog(p, sizeof(log), NULL, log);
         snprintf(why, why_size, "host link: %s", log);
         GLB_GL(h)->glDeleteProgram(p);
         p = 0;
      }
   }
   if (mgu_log_level() >= MGU_LOG_DEBUG)
      for (unsigned i = 0; i < NSTAGES; i++)
         if (tr[i].source)
            mgu_log(MGU_LOG_DEBUG, "gles: program {%u,%u} variant %u %s stage\n%s", s->base.h.slot,
                    s->base.h.gen, variant, stages[i].name, tr[i].source);
   for (unsigned i = 0; i < NSTAGES; i++) {
      free(tr[i].source);
      if (sh[i])
         GLB_GL(h)->glDeleteShader(sh[i]);
   }
   return p;
}

/* The uniform locations of host program p, in the program's current fields. */
static void
take_program(struct glb_screen *scr, struct glb_shader *s, GLuint p)
{
   const struct glb_host *h = scr->h;
   s->program = p;
   s->alpha_one_loc = GLB_GL(h)->glGetUniformLocation(p, "_mgl_AlphaToOne");
   s->alpha_one_host = -1;
   s->clip_enables_loc = GLB_GL(h)->glGetUniformLocation(p, "_mgl_ClipEnables");
   s->clip_enables_host = -1;
   s->lod_bias_loc = GLB_GL(h)->glGetUniformLocation(p, "_mgl_LodBias");
   s->bgra_loc = GLB_GL(h)->glGetUniformLocation(p, "_mgl_Bgra");
}

/* The current variant's fields into variants[variant]. */
static void
keep_variant(struct glb_shader *s)
{
   s->variants[s->variant] = (struct glb_linked){
      s->program,           s->alpha_one_loc, s->alpha_one_host, s->clip_enables_loc,
      s->clip_enables_host, s->lod_bias_loc,  s->bgra_loc,       s->bgra_inputs};
}

/* Variant k's fields in place of the current's, which were kept. */
static void
load_variant(struct glb_shader *s, unsigned k)
{
   const struct glb_linked *v = &s->variants[k];
   s->program = v->program;
   s->alpha_one_loc = v->alpha_one_loc;
   s->alpha_one_host = v->alpha_one_host;
   s->clip_enables_loc = v->clip_enables_loc;
   s->clip_enables_host = v->clip_enables_host;
   s->lod_bias_loc = v->lod_bias_loc;
   s->bgra_loc = v->bgra_loc;
   s->bgra_inputs = v->bgra_inputs;
   s->variant = k;
}

/* Makes variant k the program's current one (its fields in place of the current's). */
static void
use_variant(struct glb_shader *s, unsigned k)
{
   keep_variant(s);
   load_variant(s, k);
}

static void
free_words(struct mgp_span words[MGP_SHADER_STAGE_COUNT])
{
   for (unsigned st = 0; st < MGP_SHADER_STAGE_COUNT; st++)
      free(words[st].ptr);
}

/* The host binding of a new program's default block: the bindings past the client's blocks
 * (1..MGP_MAX_UNIFORM_BLOCKS, at most the host's count less one) and inside the shadow's, taken
 * in turn, so programs used one after another hold their buffers bound each at its own (native
 * GLES's program change is glUseProgram alone: its default block is the program's); binding 0
 * where the host has none spare. */
static uint32_t
default_binding_for(struct glb_screen *scr)
{
   const uint32_t first = MGP_MAX_UNIFORM_BLOCKS + 1;
   const uint32_t end = scr->max_ubo_bindings < 0 ? 0
                        : (uint32_t)scr->max_ubo_bindings > GLB_MAX_UBO
                           ? GLB_MAX_UBO
                           : (uint32_t)scr->max_ubo_bindings;
   if (end <= first)
      return 0;
   return first + scr->default_bindings_made++ % (end - first);
}

void
glb_create_shader(void *self, const struct mgp_create_shader *args, const void *tail,
                  uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   if (!glb_context_bind(ctx))
      return;
   struct glb_shader *s = calloc(1, sizeof(*s));
   if (!s) {
      glb_fatal(scr, MGU_FATAL_OutOfMemory, "create_shader");
      return;
   }
   s->base.h = args->cso;
   s->refl = args->reflection;
   s->base_instance_loc = -1;
   s->point_origin_offset = -1;
   s->alpha_one_loc = -1;
   s->clip_enables_loc = -1;
   s->lod_bias_loc = -1;
   s->bgra_loc = -1;
   if (s->refl.default_block_size)
      s->default_binding = default_binding_for(scr);
   if (!glb_table_put(scr, &scr->shaders, &s->base, "create_shader")) {
      free(s);
      return;
   }
   const uint32_t vs = 1u << MGP_SHADER_STAGE_VERTEX, gs = 1u << MGP_SHADER_STAGE_GEOMETRY,
                  fs = 1u << MGP_SHADER_STAGE_FRAGMENT,
                  tess = 1u << MGP_SHADER_STAGE_TESS_CTRL | 1u << MGP_SHADER_STAGE_TESS_EVAL;
   char why[256] = "";
   if (s->refl.default_block_size > (uint32_t)scr->max_ubo_size) {
      snprintf(why, sizeof(why), "a default block of %u bytes (the host's blocks hold %d)",
               s->refl.default_block_size, scr->max_ubo_size);
      goto declined;
   }
   /* the caps offer the geometry stage only where the host has it (MGP_CAP_GEOMETRY_STAGE),
    * compute (one stage alone) where it has GLES 3.1's */
   const uint32_t cs = 1u << MGP_SHADER_STAGE_COMPUTE;
   /* tessellation: both stages, as GLES links them (the client gives a program without a
    * control stage one of its own) */
   const uint32_t others =
      args->stage_mask & ~(vs | fs | (scr->geometry ? gs : 0) | (scr->tessellation ? tess : 0));
   s->compute = scr->compute && args->stage_mask == cs;
   if (!s->compute && (!(args->stage_mask & vs) || others ||
                       ((args->stage_mask & tess) && (args->stage_mask & tess) != tess))) {
      snprintf(why, sizeof(why), "stages 0x%x (vertex, %s%sfragment only%s)", args->stage_mask,
               scr->tessellation ? "both tessellation stages, " : "",
               scr->geometry ? "geometry and " : "", scr->compute ? ", or compute" : "");
      goto declined;
   }
   for (unsigned st = 0; st < MGP_SHADER_STAGE_COUNT; st++) {
      const struct mgp_span *w = &args->spirv[st];
      if ((args->stage_mask >> st & 1) && (!w->ptr || w->size < 20 || w->size % 4)) {
         glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "create_shader: a stage without SPIR-V");
         return;
      }
   }
   /* The words are read once, out of the client's memory (shared on the ring arms), so that
    * every pass and the host see the copy the checks saw; a bound past SPIR-V's limit would
    * size the passes' tables by it (spv.h). */
   struct mgp_span words[MGP_SHADER_STAGE_COUNT];
   memset(words, 0, sizeof(words));
   for (unsigned st = 0; st < MGP_SHADER_STAGE_COUNT; st++) {
      if (!(args->stage_mask >> st & 1))
         continue;
      uint32_t *w = malloc((size_t)args->spirv[st].size);
      if (!w) {
         free_words(words);
         glb_fatal(scr, MGU_FATAL_OutOfMemory, "create_shader");
         return;
      }
      memcpy(w, args->spirv[st].ptr, (size_t)args->spirv[st].size);
      words[st] = (struct mgp_span){.ptr = w, .size = args->spirv[st].size};
      if (w[3] > SPV_ID_BOUND_MAX) {
         free_words(words);
         glb_fatal(scr, MGU_FATAL_ProtocolCorruption,
                   "create_shader: a SPIR-V id bound past 4194303");
         return;
      }
      /* SPIRV-Tools' validator before any pass or SPIRV-Cross reads the words: they trust
       * their input, and a malformed module crashed SPIRV-Cross, so the server
       * (docs/RELIABILITY.md, sec38). The front end compiles for Vulkan 1.1 on either backend,
       * as the Vulkan backend's oldest device validates. */
      char invalid[256];
      if (!spv_validate(SPV_VALID_VULKAN_1_1, w, (size_t)(args->spirv[st].size / 4), invalid,
                        sizeof(invalid))) {
         free_words(words);
         char detail[320];
         snprintf(detail, sizeof(detail), "create_shader.spirv[%s]: %s", mgp_shader_stage_name(st),
                  invalid);
         glb_fatal(scr, MGU_FATAL_ProtocolCorruption, detail);
         return;
      }
   }
   /* a geometry stage fitted to the host's output limits; over: why it is not */
   char over[512] = "";
   if (args->stage_mask & gs)
      geometry_fit(scr, &words[MGP_SHADER_STAGE_GEOMETRY], over, sizeof(over));
   bool oned = false;
   const GLuint p = link_program(scr, s, args->stage_mask, words, 0, why, sizeof(why), &oned);
   if (p) {
      take_program(scr, s, p);
      s->vstate[0].made = 1;
      s->geometry = (args->stage_mask & gs) != 0;
      s->tessellation = (args->stage_mask & tess) != 0;
      /* the stages' SPIR-V for the variants; as many _mgl_LodBias elements as the highest
       * sampler binding */
      for (unsigned k = 0; k < MGP_MAX_SAMPLERS; k++)
         if (s->refl.sampler_mask[k / 64] >> (k % 64) & 1)
            s->lod_bias_count = k + 1;
      s->stage_mask = args->stage_mask;
      for (unsigned st = 0; st < MGP_SHADER_STAGE_COUNT; st++) {
         if (!(args->stage_mask >> st & 1))
            continue;
         s->spirv[st] = words[st].ptr; /* the copy, the shader's now */
         s->spirv_words[st] = (size_t)(words[st].size / 4);
      }
      s->point_size_cut = !scr->no_point_size_cut && point_size_cuttable(s);
      if (!scr->stats.programs_linked++ && scr->env.rearm_exit)
         scr->env.rearm_exit(scr->env.session); /* the host's compiler has set up */
      return;
   }
   free_words(words);
   if (oned) {
      scr->stats.translate_failures++;
      MGU_DECLINE(gles_1d_image_unsupported,
                  "gles: program {%u,%u} not made (its draws are dropped): %s", s->base.h.slot,
                  s->base.h.gen, why);
      return;
   }
   if (over[0]) {
      scr->stats.translate_failures++;
      MGU_DECLINE(backend_draw_incomplete,
                  "gles: program {%u,%u} not made (its draws are dropped): %s; %s", s->base.h.slot,
                  s->base.h.gen, why, over);
      return;
   }
declined:
   scr->stats.translate_failures++;
   MGU_DECLINE(backend_draw_incomplete,
               "gles: program {%u,%u} not made (its draws are dropped): %s", s->base.h.slot,
               s->base.h.gen, why);
}

void
glb_shader_free_xfb(struct glb_shader *s)
{
   for (uint32_t i = 0; i < s->xfb_count; i++)
      free(s->xfb_names[i]);
   free(s->xfb_names);
   s->xfb_names = NULL;
   s->xfb_count = 0;
}

void
glb_delete_shader(void *self, const struct mgp_handle_args *args, const void *tail,
                  uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   struct glb_shader *s = glb_lookup(scr, &scr->shaders, args->h, "delete_shader");
   if (!s || !glb_context_bind(ctx))
      return;
   glb_table_remove(&scr->shaders, &s->base);
   if (s->program)
      GLB_GL(scr->h)->glDeleteProgram(s->program);
   for (unsigned k = 0; k < GLB_VARIANTS; k++)
      if (k != s->variant && s->variants[k].program)
         GLB_GL(scr->h)->glDeleteProgram(s->variants[k].program);
   glb_image_sets_free(scr, s, true);
   if (s->default_buf)
      GLB_GL(scr->h)->glDeleteBuffers(1, &s->default_buf);
   free(s->default_bytes);
   for (unsigned st = 0; st < MGP_SHADER_STAGE_COUNT; st++)
      free(s->spirv[st]);
   glb_shader_free_xfb(s);
   free(s);
}

void
glb_set_draw_program(void *self, const struct mgp_handle_args *args, const void *tail,
                     uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (!mgp_handle_is_null(args->h) &&
       !glb_lookup(ctx->scr, &ctx->scr->shaders, args->h, "set_draw_program"))
      return;
   ctx->program = args->h;
}

/* Bytes [off, off + len) of s's default block changed (inside it: the callers checked): the
 * next upload takes them too. */
static inline void
default_changed(struct glb_shader *s, uint64_t off, uint64_t len)
{
   const uint32_t lo = (uint32_t)off, hi = (uint32_t)(off + len);
   if (!len)
      return;
   if (s->default_lo == s->default_hi) {
      s->default_lo = lo;
      s->default_hi = hi;
      return;
   }
   if (lo < s->default_lo)
      s->default_lo = lo;
   if (hi > s->default_hi)
      s->default_hi = hi;
}

/* The program's copy of its default block, made at its first bytes. */
static uint8_t *
default_bytes(struct glb_screen *scr, struct glb_shader *s, const char *what)
{
   if (!s->default_bytes) {
      const uint32_t size = s->refl.default_block_size;
      s->default_bytes = calloc(1, size ? size : 1);
      if (!s->default_bytes)
         glb_fatal(scr, MGU_FATAL_OutOfMemory, what);
   }
   return s->default_bytes;
}

void
glb_set_global_constants(void *self, const struct mgp_set_global_constants *args, const void *tail,
                         uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   struct glb_shader *s = glb_lookup(scr, &scr->shaders, args->shader, "set_global_constants");
   if (!s)
      return;
   if (!s->program) {
      MGU_DECLINE(backend_draw_incomplete, "gles: uniforms of a program that was not made");
      return;
   }
   const uint32_t size = s->refl.default_block_size;
   if (!args->data.ptr || args->offset > size || args->data.size > size - args->offset) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption,
                "set_global_constants: bytes past the default block");
      return;
   }
   if (!default_bytes(scr, s, "set_global_constants"))
      return;
   memcpy(s->default_bytes + args->offset, args->data.ptr, (size_t)args->data.size);
   default_changed(s, args->offset, args->data.size);
}

bool
glb_constant_words(struct glb_context *ctx, const struct mgp_constant_words *args, const void *tail,
                   uint32_t tail_count)
{
   struct glb_screen *scr = ctx->scr;
   if (mgp_handle_is_null(ctx->program)) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "set_constant_words without a draw program");
      return false;
   }
   struct glb_shader *s = glb_lookup(scr, &scr->shaders, ctx->program, "set_constant_words");
   if (!s)
      return false;
   if (!s->program) {
      MGU_DECLINE(backend_draw_incomplete, "gles: uniforms of a program that was not made");
      return true;
   }
   if (!default_bytes(scr, s, "set_constant_words"))
      return false;
   if (!mgp_constant_words_apply(s->default_bytes, s->refl.default_block_size, args, tail,
                                 tail_count)) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "set_constant_words past the default block");
      return false;
   }
   default_changed(s, (uint64_t)args->first * 4, (uint64_t)args->count * 4);
   return true;
}

void
glb_set_constant_words(void *self, const struct mgp_constant_words *args, const void *tail,
                       uint32_t tail_count)
{
   (void)glb_constant_words(self, args, tail, tail_count);
}

void
glb_set_shader_buffers(void *self, const struct mgp_set_shader_buffers *args, const void *tail,
                       uint32_t tail_count)
{
   struct glb_context *ctx = self;
   const struct mgp_buffer_range *br = tail;
   if (args->cls > 2) { /* no client sends another class */
      glb_fatal(ctx->scr, MGU_FATAL_ProtocolCorruption, "set_shader_buffers.cls");
      return;
   }
   if (args->cls == 0) {
      if (args->start >= GLB_MAX_UBO || tail_count > GLB_MAX_UBO - args->start) {
         glb_fatal(ctx->scr, MGU_FATAL_ProtocolCorruption, "set_shader_buffers: bindings past 64");
         return;
      }
      /* the front end sends the program's every range where one moved: each is compared, and
       * only those that moved are marked for apply_short's walk (glb_program_buffers_short;
       * a resource call between resets the shadow, and the whole walk puts them all) */
      struct mgp_buffer_range *u = &ctx->ubo[args->start];
      uint64_t moved = 0;
      for (uint32_t i = 0; i < tail_count; i++)
         if (!mgp_handle_eq(u[i].res, br[i].res) || u[i].offset != br[i].offset ||
             u[i].size != br[i].size) {
            u[i] = br[i];
            moved |= UINT64_C(1) << i;
         }
      ctx->ubo_set |= moved << args->start;
      return;
   }
   /* storage blocks and atomic counter buffers (the front end's storage buffers after the
    * blocks, glsl.h): descriptor bindings 144 + k */
   if (!ctx->scr->compute) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: set_shader_buffers of class %u (the host has no GLES 3.1 storage)",
                  args->cls);
      return;
   }
   if (args->start < GLB_SSBO_BASE || args->start - GLB_SSBO_BASE >= GLB_MAX_SSBO ||
       tail_count > GLB_MAX_SSBO - (args->start - GLB_SSBO_BASE)) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: storage buffer bindings %u..+%u",
                  args->start, tail_count);
      return;
   }
   /* GL binds atomic counter ranges at multiples of 4 only (the front end's GL_INVALID_VALUE) */
   for (uint32_t i = 0; args->cls == 2 && i < tail_count; i++)
      if (br[i].offset % 4) {
         glb_fatal(ctx->scr, MGU_FATAL_ProtocolCorruption, "set_shader_buffers: atomic offset");
         return;
      }
   if (tail_count)
      memcpy(&ctx->ssbo[args->start - GLB_SSBO_BASE], br,
             tail_count * sizeof(struct mgp_buffer_range));
}

/* bind_ubo's host call, out of line: a draw whose binding the host holds pays the compare
 * alone, without this call's register saves. */
static __attribute__((noinline)) void
bind_ubo_host(struct glb_screen *scr, uint32_t b, GLuint buffer, uint64_t offset, uint64_t size)
{
   struct glb_shadow *sh = &scr->sh;
   GLB_GL(scr->h)->glBindBufferRange(GL_UNIFORM_BUFFER, b, buffer, (GLintptr)offset,
                                     (GLsizeiptr)size);
   sh->ubo[b].buffer = buffer;
   sh->ubo[b].offset = offset;
   sh->ubo[b].size = size;
   if (sh->trusted)
      sh->ubo_known |= 1ull << b;
}

static inline void
bind_ubo(struct glb_screen *scr, uint32_t b, GLuint buffer, uint64_t offset, uint64_t size)
{
   const struct glb_shadow *sh = &scr->sh;
   if (!(sh->ubo_known >> b & 1) || sh->ubo[b].buffer != buffer || sh->ubo[b].offset != offset ||
       sh->ubo[b].size != size)
      bind_ubo_host(scr, b, buffer, offset, size);
}

/* A uniform range that ends inside a 32-bit word (GL binds any size): the host's load of that
 * word reads bytes past the range, which GLES leaves undefined (NVIDIA's robust access returns
 * the buffer's own bytes there). The range is copied, at this point of the stream, into binding
 * b's own host buffer, zero up to the next multiple of 16 bytes, which is bound instead
 * (docs/PIPE.md#ranges, as the Vulkan backend's staging copy). size is under the host's
 * GL_MAX_UNIFORM_BLOCK_SIZE (a longer range has no byte past it a block reads). */
static void
pad_ubo_range(struct glb_screen *scr, uint32_t b, GLuint src, uint64_t offset, uint64_t size)
{
   static const uint8_t zeros[16];
   const struct glb_host *h = scr->h;
   const uint64_t padded = (size + 15) / 16 * 16;
   if (!scr->ubo_pad[b])
      GLB_GL(h)->glGenBuffers(1, &scr->ubo_pad[b]);
   GLB_GL(h)->glBindBuffer(GL_COPY_WRITE_BUFFER, scr->ubo_pad[b]);
   scr->sh.known &= ~(uint32_t)GLB_SH_COPY_WRITE; /* in a draw: the shadow stays */
   if (scr->ubo_pad_size[b] != padded) {
      GLB_GL(h)->glBufferData(GL_COPY_WRITE_BUFFER, (GLsizeiptr)padded, NULL, GL_STREAM_DRAW);
      scr->ubo_pad_size[b] = padded;
   }
   GLB_GL(h)->glBufferSubData(GL_COPY_WRITE_BUFFER, (GLintptr)size, (GLsizeiptr)(padded - size),
                              zeros);
   GLB_GL(h)->glBindBuffer(GL_COPY_READ_BUFFER, src);
   GLB_GL(h)->glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, (GLintptr)offset, 0,
                                  (GLsizeiptr)size);
   scr->stats.uniform_ranges_padded++;
   bind_ubo(scr, b, scr->ubo_pad[b], 0, padded);
}

/* Puts s's default block in its host buffer: the whole block at the first upload (the buffer's
 * store), after that the bytes changed since the last (glb_shader's default_lo/hi), through
 * GL_COPY_WRITE_BUFFER, whose binding the shadow keeps from draw to draw. false: Fatal. */
static __attribute__((noinline)) bool
default_upload(struct glb_screen *scr, struct glb_shader *s, const char *call)
{
   const struct glb_host *h = scr->h;
   const uint32_t size = s->refl.default_block_size;
   if (!default_bytes(scr, s, call))
      return false;
   /* the host's gl_PointCoord origin is the opposite of the one the flip is for */
   const int64_t po = s->point_origin_offset;
   float flip = 0.0f;
   const bool flips = po >= 0 && (uint64_t)po + sizeof(flip) <= size;
   if (flips) {
      memcpy(&flip, s->default_bytes + po, sizeof(flip));
      const float host = flip != 0.0f ? 0.0f : 1.0f;
      memcpy(s->default_bytes + po, &host, sizeof(host));
   }
   glb_bind_copy_write(scr, s->default_buf);
   if (!s->default_stored) {
      /* updated in place from now on: the host's hint for a store written often */
      GLB_GL(h)->glBufferData(GL_COPY_WRITE_BUFFER, size, s->default_bytes, GL_DYNAMIC_DRAW);
      s->default_stored = true;
   } else {
      const uint32_t lo = s->default_lo, hi = s->default_hi;
      GLB_GL(h)->glBufferSubData(GL_COPY_WRITE_BUFFER, lo, hi - lo, s->default_bytes + lo);
   }
   if (flips)
      memcpy(s->default_bytes + po, &flip, sizeof(flip));
   s->default_lo = s->default_hi = 0;
   scr->stats.default_uploads++;
   return true;
}

/* Binds the program's uniform buffers for a draw; false: declined. */
bool
glb_program_bind(struct glb_context *ctx, struct glb_shader *s)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   struct glb_shadow *sh = &scr->sh;
   bool in_use = false;
   if (!glb_xfb_draw(ctx, s, &in_use))
      return false;
   if (in_use) {
      sh->program = s->program;
      glb_shadow_set(scr, GLB_SH_PROGRAM);
   } else if (!glb_shadow_known(scr, GLB_SH_PROGRAM) || sh->program != s->program) {
      GLB_GL(h)->glUseProgram(s->program);
      sh->program = s->program;
      glb_shadow_set(scr, GLB_SH_PROGRAM);
   }
   return glb_program_buffers(ctx, s, "draw") && glb_storage_bind(ctx, s, "draw");
}

/* Binds uniform block binding b's range for a draw or dispatch, a padded copy where it ends
 * inside a word (ctx->ubo_padded); false: declined. */
static inline __attribute__((always_inline)) bool
put_ubo(struct glb_context *ctx, uint32_t b, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   const struct mgp_buffer_range *u = &ctx->ubo[b];
   struct glb_resource *r =
      mgp_handle_is_null(u->res) ? NULL : glb_resource_for_use(scr, u->res, call);
   if (!r || !r->is_buffer || !u->size || u->offset > r->desc.size ||
       u->size > r->desc.size - u->offset) {
      MGU_DECLINE(backend_draw_incomplete, "gles: a %s without uniform block binding %u", call, b);
      return false;
   }
   if (u->size % 4 && u->size < (uint64_t)scr->max_ubo_size) {
      pad_ubo_range(scr, b, r->name, u->offset, u->size);
      ctx->ubo_padded = true;
   } else {
      bind_ubo(scr, b, r->name, u->offset, u->size);
   }
   return true;
}

/* s's default block: its host buffer's bytes where changed, bound; false: Fatal. */
static inline __attribute__((always_inline)) bool
put_default_block(struct glb_screen *scr, struct glb_shader *s, const char *call)
{
   if (!s->default_buf)
      GLB_GL(scr->h)->glGenBuffers(1, &s->default_buf);
   if ((!s->default_stored || s->default_lo != s->default_hi) && !default_upload(scr, s, call))
      return false;
   bind_ubo(scr, s->default_binding, s->default_buf, 0, s->refl.default_block_size);
   return true;
}

bool
glb_program_buffers(struct glb_context *ctx, struct glb_shader *s, const char *call)
{
   struct glb_screen *scr = ctx->scr;
   if (s->refl.default_block_size && !put_default_block(scr, s, call))
      return false;
   /* the program's blocks only, a bit at a time (the mask's 64 bits are the 64 bindings) */
   ctx->ubo_padded = false;
   _Static_assert(GLB_MAX_UBO == 64, "ubo_mask covers GLB_MAX_UBO bindings");
   for (uint64_t m = s->refl.ubo_mask & ~UINT64_C(1); m; m &= m - 1)
      if (!put_ubo(ctx, (uint32_t)__builtin_ctzll(m), call))
         return false;
   ctx->ubo_set = 0;
   return true;
}

/* apply_short's way: the host holds this context's last draw and its program (sh.applied, the
 * program group unmarked), so every binding the program's last put bound stands on the host
 * (a put that declined left ubo_set as it was) but those set since (ubo_set) and a padded
 * copy, which each draw makes again (the whole walk). The default block is bound where its
 * bytes go on the host. */
bool
glb_program_buffers_short(struct glb_context *ctx, struct glb_shader *s)
{
   if (ctx->ubo_padded)
      return glb_program_buffers(ctx, s, "draw");
   struct glb_screen *scr = ctx->scr;
   if (s->refl.default_block_size && (!s->default_stored || s->default_lo != s->default_hi) &&
       !put_default_block(scr, s, "draw"))
      return false;
   for (uint64_t m = s->refl.ubo_mask & ~UINT64_C(1) & ctx->ubo_set; m; m &= m - 1)
      if (!put_ubo(ctx, (uint32_t)__builtin_ctzll(m), "draw"))
         return false;
   ctx->ubo_set = 0;
   return true;
}

/* Sets the program's alpha to one (alpha_one_outputs) for a draw; the program is the host's
 * current one. A program without floating-point colour outputs has nothing to set. */
void
glb_program_alpha_one(struct glb_screen *scr, struct glb_shader *s, bool on)
{
   if (s->alpha_one_loc < 0 || s->alpha_one_host == (int)on)
      return;
   GLB_GL(scr->h)->glUniform1f(s->alpha_one_loc, on ? 1.0f : 0.0f);
   s->alpha_one_host = on;
}

/* Sets the program's clip plane switches (clip_enables_code) for a draw: bit i of mask, plane
 * i on; the program is the host's current one. A program writing no gl_ClipDistance has nothing
 * to set. */
void
glb_program_clip_enables(struct glb_screen *scr, struct glb_shader *s, uint32_t mask)
{
   if (s->clip_enables_loc < 0 || s->clip_enables_host == (int64_t)mask)
      return;
   GLB_GL(scr->h)->glUniform1i(s->clip_enables_loc, (GLint)mask);
   s->clip_enables_host = mask;
}

/* The LOD bias of the sampler bound for sampler binding j (glb_create_sampler clamped it). */
static float
unit_lod_bias(struct glb_context *ctx, unsigned j)
{
   struct glb_screen *scr = ctx->scr;
   if (mgp_handle_is_null(ctx->samplers[j]))
      return 0.0f;
   const struct glb_sampler *smp = glb_lookup(scr, &scr->samplers, ctx->samplers[j], "draw");
   return smp ? smp->lod_bias : 0.0f;
}

/* The vertex inputs a draw feeds from GL_BGRA arrays: a bit per location. Kept on the context
 * with the vertex elements and the program it was found for (both unchanging objects, whose
 * {slot, gen} names no other), so a draw after a vertex buffer change alone finds it again
 * without the lookup and the walk. */
static uint32_t
bgra_arrays(struct glb_context *ctx, const struct glb_shader *s)
{
   if (ctx->bgra_known && mgp_handle_eq(ctx->bgra_ve, ctx->vertex_elements) &&
       mgp_handle_eq(ctx->bgra_prog, s->base.h))
      return ctx->bgra_mask;
   struct glb_screen *scr = ctx->scr;
   const struct glb_vertex_elements *ve =
      mgp_handle_is_null(ctx->vertex_elements)
         ? NULL
         : glb_lookup(scr, &scr->vertex_elements, ctx->vertex_elements, "draw");
   uint32_t mask = 0;
   for (unsigned loc = 0; ve && loc < 16; loc++)
      if (((ve->ve.enabled_mask & s->refl.vertex_input_mask) >> loc & 1) &&
          ve->ve.attribs[loc].size == MGP_ATTRIB_SIZE_BGRA)
         mask |= 1u << loc;
   ctx->bgra_known = ve || mgp_handle_is_null(ctx->vertex_elements);
   ctx->bgra_ve = ctx->vertex_elements;
   ctx->bgra_prog = s->base.h;
   ctx->bgra_mask = mask;
   return mask;
}

void
glb_image_sets_free(struct glb_screen *scr, struct glb_shader *s, bool host)
{
   for (unsigned i = 0; host && i < s->image_set_count; i++)
      for (unsigned k = 0; k < GLB_VARIANTS; k++)
         if (s->image_sets[i].variants[k].program)
            GLB_GL(scr->h)->glDeleteProgram(s->image_sets[i].variants[k].program);
   free(s->image_sets);
   s->image_sets = NULL;
   s->image_set_count = 0;
}

/* The format a draw's unit j gives format-less image j (its array's units, which must hold
 * one format): the unit's where ESSL declares images of it, else (nothing bound, or a format
 * bind_image declines) the format the set has. 0: declined. */
static unsigned
unit_image_format(struct glb_context *ctx, const struct glb_shader *s, unsigned j)
{
   unsigned f = 0;
   for (unsigned e = j; e < j + s->image_length[j]; e++) {
      const struct mgp_image_view *iv = &ctx->images[e];
      char cls = 0;
      if (mgp_handle_is_null(iv->res) || !glb_storage_qualifier(iv->format, &cls))
         continue;
      if (cls != s->image_class[j] || (f && f != iv->format)) {
         MGU_DECLINE(backend_draw_incomplete,
                     "gles: image unit %u holds format %u, which the program's format-less "
                     "%cimage at unit %u cannot take (%s)",
                     e, iv->format, s->image_class[j], j,
                     cls != s->image_class[j] ? "another class of type"
                                              : "its array's units hold two formats");
         return 0;
      }
      f = iv->format;
   }
   return f ? f : s->image_formats[j];
}

static void make_variant(struct glb_context *ctx, struct glb_shader *s, unsigned want,
                         bool *switched);

bool
glb_program_images(struct glb_context *ctx, struct glb_shader *s, bool *switched)
{
   *switched = false;
   if (!s->formatless_mask)
      return true;
   struct glb_screen *scr = ctx->scr;
   uint8_t want[GLB_MAX_IMAGES];
   memcpy(want, s->image_formats, sizeof(want));
   for (uint32_t m = s->formatless_mask; m; m &= m - 1) {
      const unsigned j = (unsigned)__builtin_ctz(m);
      const unsigned f = unit_image_format(ctx, s, j);
      if (!f)
         return false;
      want[j] = (uint8_t)f;
   }
   if (!memcmp(want, s->image_formats, sizeof(want)))
      return true;
   /* the current set kept, the wanted one current: one kept before, or a new one */
   keep_variant(s);
   struct glb_image_set cur = {.variant = s->variant};
   memcpy(cur.formats, s->image_formats, sizeof(cur.formats));
   memcpy(cur.variants, s->variants, sizeof(cur.variants));
   memcpy(cur.vstate, s->vstate, sizeof(cur.vstate));
   unsigned i = 0;
   while (i < s->image_set_count && memcmp(s->image_sets[i].formats, want, sizeof(want)))
      i++;
   *switched = true;
   if (i < s->image_set_count) {
      const struct glb_image_set *set = &s->image_sets[i];
      memcpy(s->image_formats, set->formats, sizeof(s->image_formats));
      memcpy(s->variants, set->variants, sizeof(s->variants));
      memcpy(s->vstate, set->vstate, sizeof(s->vstate));
      load_variant(s, set->variant);
      s->image_sets[i] = cur;
      return true;
   }
   if (!s->image_sets) {
      s->image_sets = calloc(GLB_IMAGE_SETS, sizeof(*s->image_sets));
      if (!s->image_sets) {
         glb_fatal(scr, MGU_FATAL_OutOfMemory, "draw: a program's format-less images");
         return false;
      }
   }
   if (s->image_set_count < GLB_IMAGE_SETS) {
      s->image_sets[s->image_set_count++] = cur;
   } else {
      /* the oldest kept set's programs go; the shadow may name one of them */
      struct glb_image_set *old = &s->image_sets[s->image_set_next];
      for (unsigned k = 0; k < GLB_VARIANTS; k++)
         if (old->variants[k].program)
            GLB_GL(scr->h)->glDeleteProgram(old->variants[k].program);
      glb_shadow_forget(scr);
      *old = cur;
      s->image_set_next = (s->image_set_next + 1) % GLB_IMAGE_SETS;
   }
   memcpy(s->image_formats, want, sizeof(s->image_formats));
   memset(s->vstate, 0, sizeof(s->vstate));
   memset(s->variants, 0, sizeof(s->variants));
   for (unsigned k = 0; k < GLB_VARIANTS; k++)
      s->variants[k] = (struct glb_linked){.alpha_one_loc = -1,
                                           .alpha_one_host = -1,
                                           .clip_enables_loc = -1,
                                           .clip_enables_host = -1,
                                           .lod_bias_loc = -1,
                                           .bgra_loc = -1};
   load_variant(s, 0);
   /* the plain variant of the new set, the one a dispatch runs and a draw's start */
   bool made = false;
   make_variant(ctx, s, 0, &made);
   scr->stats.image_format_sets++;
   return true;
}

/* Makes variant want of the program (not made yet) from the kept SPIR-V, current where made
 * (*switched), else marked as failed. */
static void
make_variant(struct glb_context *ctx, struct glb_shader *s, unsigned want, bool *switched)
{
   struct glb_screen *scr = ctx->scr;
   /* made once, from the kept SPIR-V; what the translation finds again goes to a copy, the
    * capture's names included (the same names: glTransformFeedbackVaryings takes them) */
   struct glb_shader tmp = *s;
   tmp.xfb_names = NULL;
   tmp.xfb_count = 0;
   tmp.xfb_why[0] = '\0';
   tmp.lod_bias_why[0] = '\0';
   struct mgp_span spirv[MGP_SHADER_STAGE_COUNT];
   for (unsigned st = 0; st < MGP_SHADER_STAGE_COUNT; st++)
      spirv[st] = (struct mgp_span){.ptr = s->spirv[st], .size = (uint64_t)s->spirv_words[st] * 4};
   char why[256] = "";
   bool oned = false;
   const GLuint p = link_program(scr, &tmp, s->stage_mask, spirv, want, why, sizeof(why), &oned);
   glb_shader_free_xfb(&tmp);
   if (want & GLB_VARIANT_LOD_BIAS)
      memcpy(s->lod_bias_why, tmp.lod_bias_why, sizeof(s->lod_bias_why));
   if (!p) {
      s->vstate[want].made = -1;
      mgu_log(MGU_LOG_INFO, "gles: program {%u,%u}'s variant %u not made: %s", s->base.h.slot,
              s->base.h.gen, want, why);
      return;
   }
   use_variant(s, want);
   take_program(scr, s, p);
   s->bgra_inputs = tmp.bgra_inputs;
   s->vstate[want] = (struct glb_variant_state){
      .made = 1,
      .bgra_host = -1,
      .outline_loc =
         (want & OUTLINE_VARIANTS) ? GLB_GL(scr->h)->glGetUniformLocation(p, "_mgl_Outline") : -1,
      .outline_host = -1};
   *switched = true;
}

/* Picks the program's variant for a draw (before glb_program_bind): the one that adds what the
 * draw needs and GLES has no state for (GLB_VARIANT_*), made at the first such draw: the LOD
 * bias (glb_lod_bias.c) where a sampler the program samples with has one, the swizzle of
 * GL_BGRA vertex arrays (bgra_inputs) where the draw has one; the plain program where it needs
 * neither. A draw that is not points takes the variant without the vertex stage's gl_PointSize
 * writes where the program has one (point_size_cut; a variant not made falls back to the one
 * with them). bias_inputs: the program or a sampler handle may have changed since the
 * context's last draw found draw_lod_bias (else it stands). *switched: the current variant changed (its
 * state must be put on the host again). False: declined. */
bool
glb_program_variant(struct glb_context *ctx, struct glb_shader *s, bool bias_inputs, bool *switched)
{
   *switched = false;
   bool bias = ctx->draw_lod_bias;
   if (bias_inputs) {
      ctx->scr->stats.lod_bias_walks++;
      bias = false;
      for (unsigned j = 0; j < s->lod_bias_count && !bias; j++)
         bias = (s->refl.sampler_mask[j / 64] >> (j % 64) & 1) && unit_lod_bias(ctx, j) != 0.0f;
      ctx->draw_lod_bias = bias;
   }
   unsigned want = (bias ? GLB_VARIANT_LOD_BIAS : 0) | (bgra_arrays(ctx, s) ? GLB_VARIANT_BGRA : 0);
   /* polygons as lines or points: an outline variant (glb_outline.c), which draws points
    * with the vertex stage's sizes */
   if (ctx->draw_outline && !s->geometry && !s->tessellation)
      want |= ctx->draw_outline;
   if (s->point_size_cut && !ctx->draw_points && !(want & GLB_VARIANT_OUTLINE_POINT) &&
       s->vstate[want | GLB_VARIANT_NO_POINT_SIZE].made >= 0)
      want |= GLB_VARIANT_NO_POINT_SIZE;
   ctx->draw_prog_cuts = s->point_size_cut;
   if (want != s->variant && !s->vstate[want].made)
      make_variant(ctx, s, want, switched);
   if (s->vstate[want].made < 0 && (want & GLB_VARIANT_NO_POINT_SIZE)) {
      want &= ~(unsigned)GLB_VARIANT_NO_POINT_SIZE; /* the sizes written are unused */
      if (want != s->variant && !s->vstate[want].made)
         make_variant(ctx, s, want, switched);
   }
   if (want != s->variant && s->vstate[want].made == 1) {
      use_variant(s, want);
      *switched = true;
   }
   if (want != s->variant) {
      if (want & OUTLINE_VARIANTS) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: a draw with a polygon mode other than fill, and the program's variant "
                     "that draws it was not made");
         return false;
      }
      if (bias)
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: a sampler LOD bias, and the program's variant that adds it was not "
                     "made: sampled without it");
      if (want & GLB_VARIANT_BGRA) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: a GL_BGRA vertex array, and the program's variant that reads it was "
                     "not made");
         return false;
      }
   }
   if (bias && (s->variant & GLB_VARIANT_LOD_BIAS) && s->lod_bias_why[0])
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a sampler LOD bias the program cannot add to %s: sampled without it there",
                  s->lod_bias_why);
   return true;
}

/* Sets the current variant's uniforms for a draw (_mgl_LodBias, _mgl_Bgra), the program
 * current. bias_inputs: as glb_program_variant's, or the variant switched (else the biases
 * the variant holds stand). */
void
glb_program_variant_uniforms(struct glb_context *ctx, struct glb_shader *s, bool bias_inputs)
{
   struct glb_variant_state *vs = &s->vstate[s->variant];
   if (s->bgra_loc >= 0) {
      const uint32_t mask = bgra_arrays(ctx, s);
      if (vs->bgra_host != (int64_t)mask) {
         GLB_GL(ctx->scr->h)->glUniform1i(s->bgra_loc, (GLint)mask);
         vs->bgra_host = mask;
      }
   }
   if (!bias_inputs || !(s->variant & GLB_VARIANT_LOD_BIAS) || s->lod_bias_loc < 0)
      return;
   float bias[MGP_MAX_SAMPLERS];
   for (unsigned j = 0; j < s->lod_bias_count; j++)
      bias[j] = (s->refl.sampler_mask[j / 64] >> (j % 64) & 1) ? unit_lod_bias(ctx, j) : 0.0f;
   const size_t size = s->lod_bias_count * sizeof(float);
   if (vs->lod_bias_known && !memcmp(bias, vs->lod_bias_host, size))
      return;
   GLB_GL(ctx->scr->h)->glUniform1fv(s->lod_bias_loc, (GLsizei)s->lod_bias_count, bias);
   memcpy(vs->lod_bias_host, bias, size);
   vs->lod_bias_known = true;
}
