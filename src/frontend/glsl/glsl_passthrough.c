/* glsl_passthrough.c — the tessellation control shader GL implies for a program with an
 * evaluation shader and none of its own. GL 4.6 11.2 (ARB_tessellation_shader): without a
 * control shader the patch goes to the tessellator as the vertex stage made it, with
 * GL_PATCH_VERTICES vertices and the levels GL_PATCH_DEFAULT_OUTER_LEVEL / _INNER_LEVEL; Vulkan
 * tessellates only through a control stage, so this one is written in GLSL, compiled by glslang
 * and handed to the backend as the program's control stage (fe_tess_passthrough_emit in
 * fe_program.c chooses when).
 * The patch size and the levels are literals in the text: one shader per (size, levels), which
 * the front end makes at the draw that needs it (both are draw state, and a program is drawn
 * with few of them).
 *
 * What it copies: the built-ins (gl_Position, gl_PointSize, gl_ClipDistance, gl_CullDistance)
 * the vertex stage writes and the evaluation stage reads alike, and each per-vertex input the
 * evaluation stage declares (a scalar, vector or matrix, 32- or 64-bit, or a block of them and
 * of arrays of them), at the location the linker gave it (the vertex stage's output of that
 * name has the same one); a block in and out under the evaluation stage's block name, which a
 * GLES host's link matches by. A struct input, or a block with a struct member, is not copied: NULL
 * with *why, and the caller declines the draw by name.
 *
 * Also the geometry stage that draws polygons in GL_LINE / GL_POINT mode under a program
 * without one (glsl_outline_gs, the outline stage): the same copies, from the vertex stage's
 * outputs to the fragment stage, and the polygon's facing, which the fragment stage's copy
 * (glsl_outline_fs) reads as its gl_FrontFacing. */
#include "glsl_internal.h"

#include "spv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The GLSL name of a scalar, vector or matrix type; false for another kind. */
static bool
type_name(const struct spv_tinfo *t, char *buf, size_t size)
{
   const char *scalar = t->scalar == 'f'   ? "float"
                        : t->scalar == 'd' ? "double"
                        : t->scalar == 'i' ? "int"
                        : t->scalar == 'u' ? "uint"
                                           : NULL;
   const char *prefix = t->scalar == 'f'   ? ""
                        : t->scalar == 'd' ? "d"
                        : t->scalar == 'i' ? "i"
                        : t->scalar == 'u' ? "u"
                                           : NULL;
   if (!scalar)
      return false;
   switch (t->kind) {
   case SPV_TK_SCALAR: snprintf(buf, size, "%s", scalar); return true;
   case SPV_TK_VECTOR: snprintf(buf, size, "%svec%u", prefix, t->vecsize); return true;
   case SPV_TK_MATRIX:
      if (t->scalar != 'f' && t->scalar != 'd')
         return false;
      snprintf(buf, size, "%smat%ux%u", prefix, t->columns, t->vecsize);
      return true;
   default: return false;
   }
}

/* A member's declaration: "T name" or "T name[N]" (one array level of a scalar, vector or
 * matrix); false for another type. */
static bool
member_decl(const struct spv_refl *r, const struct spv_tmember *m, char *buf, size_t size)
{
   struct spv_tinfo t, e;
   char type[32];
   spv_refl_type(r, m->type, &t);
   if (t.kind != SPV_TK_ARRAY) {
      if (!type_name(&t, type, sizeof(type)))
         return false;
      snprintf(buf, size, "%s %s", type, m->name);
      return true;
   }
   spv_refl_type(r, t.elem, &e);
   if (!t.length || !type_name(&e, type, sizeof(type)))
      return false;
   snprintf(buf, size, "%s %s[%u]", type, m->name, t.length);
   return true;
}

/* An input block of the evaluation stage (block type bt, variable index i): the same block in
 * and out at its location, copied member by member. False for a member it does not copy (a
 * struct, a nested array, a builtin). For the outline stage (outline) the output is one
 * vertex's, copied in put() from vertex i (an integer or double member from c, the flat
 * vertex). */
static bool
block_copy(const struct spv_refl *r, spv_tref bt, const struct spv_tinfo *b, unsigned i,
           uint32_t location, struct glsl_str *src, struct glsl_str *body, bool outline)
{
   struct glsl_str members = {0};
   bool ok = b->num_members > 0;
   for (uint32_t k = 0; k < b->num_members && ok; k++) {
      struct spv_tmember m;
      char decl[160];
      spv_refl_member(r, bt, k, &m);
      ok = m.builtin < 0 && m.name && m.name[0] && strlen(m.name) < 100 &&
           member_decl(r, &m, decl, sizeof(decl));
      if (!ok)
         break;
      if (m.location >= 0)
         glsl_str_printf(&members, "  layout(location = %d) %s;\n", m.location, decl);
      else
         glsl_str_printf(&members, "  %s;\n", decl);
      if (outline) {
         /* an integer member is flat to the fragment stage: the polygon's vertex */
         struct spv_tinfo mt;
         spv_refl_type(r, spv_refl_strip_arrays(r, m.type, NULL), &mt);
         glsl_str_printf(body, "  mgl_out%u.%s = mgl_in%u[%s].%s;\n", i, m.name, i,
                         mt.scalar == 'f' ? "i" : "c", m.name);
      } else {
         glsl_str_printf(body, "  mgl_out%u[gl_InvocationID].%s = mgl_in%u[gl_InvocationID].%s;\n",
                         i, m.name, i, m.name);
      }
   }
   /* The block's name, in and out: GLSL (and a GLES host, where the backend drops the
    * locations of arrayed blocks) matches blocks between stages by it, and the vertex stage's
    * output block has the evaluation stage's name (the link matched them); one GLSL refuses
    * (none, or gl_-prefixed) leaves names of this shader's own, matched by location only. */
   char in_name[128], out_name[128];
   if (b->name && b->name[0] && strncmp(b->name, "gl_", 3) && strlen(b->name) < sizeof(in_name)) {
      snprintf(in_name, sizeof(in_name), "%s", b->name);
      snprintf(out_name, sizeof(out_name), "%s", b->name);
   } else {
      snprintf(in_name, sizeof(in_name), "MglIn%u", i);
      snprintf(out_name, sizeof(out_name), "MglOut%u", i);
   }
   if (ok && members.s && !members.oom)
      glsl_str_printf(src,
                      "layout(location = %u) in %s {\n%s} mgl_in%u[];\n"
                      "layout(location = %u) out %s {\n%s} mgl_out%u%s;\n",
                      location, in_name, members.s, i, location, out_name, members.s, i,
                      outline ? "" : "[]");
   ok = ok && !members.oom;
   free(members.s);
   return ok;
}

/* The built-in per-vertex block a neighbour stage declares (its outputs, or its inputs), as
 * members of a gl_PerVertex redeclaration in *decl, and which of gl_Position, gl_PointSize,
 * gl_ClipDistance, gl_CullDistance it has (len[k]: 1, or the array's length; 0: absent).
 * Vulkan matches the block member for member between stages, and glslang gives a 4.50 shader
 * all four while a 1.50 or 4.00 one lacks gl_CullDistance: the control shader redeclares its
 * blocks as its neighbours have them. False when the stage does not reflect. */
static bool
per_vertex_block(const struct glsl_spirv *s, bool output, struct glsl_str *decl, uint32_t len[4],
                 bool active[4])
{
   static const SpvBuiltIn builtins[4] = {SpvBuiltInPosition, SpvBuiltInPointSize,
                                          SpvBuiltInClipDistance, SpvBuiltInCullDistance};
   static const char *const decls[4] = {"vec4 gl_Position", "float gl_PointSize",
                                        "float gl_ClipDistance", "float gl_CullDistance"};
   memset(len, 0, 4 * sizeof(len[0]));
   memset(active, 0, 4 * sizeof(active[0]));
   const char *err = NULL;
   struct spv_refl *r = s->words ? spv_refl_create(s->words, s->num_words, NULL, &err) : NULL;
   if (!r || spv_refl_error(r)) {
      spv_refl_destroy(r);
      return false;
   }
   for (unsigned k = 0; k < 4; k++) {
      spv_tref t = 0;
      if (!spv_refl_builtin(r, output, builtins[k], &t, NULL))
         continue;
      struct spv_tinfo ti;
      spv_refl_type(r, t, &ti);
      len[k] = k < 2 ? 1 : ti.kind == SPV_TK_ARRAY ? ti.length : 0;
      active[k] = spv_refl_builtin_active(r, output, builtins[k]);
      if (!len[k])
         continue;
      if (k < 2)
         glsl_str_printf(decl, "  %s;\n", decls[k]);
      else
         glsl_str_printf(decl, "  %s[%u];\n", decls[k], len[k]);
   }
   spv_refl_destroy(r);
   return true;
}

/* A level as a GLSL float literal: NaN discards the patch as 0 does, infinity is the most. */
static void
level_text(float v, char *buf, size_t size)
{
   if (isnan(v))
      v = 0.0f;
   if (isinf(v))
      v = v > 0 ? 64.0f : 0.0f;
   snprintf(buf, size, "%.9e", (double)v);
}

uint32_t *
glsl_passthrough_tcs(const struct glsl_program *prog, uint32_t vertices, const float outer[4],
                     const float inner[2], size_t *num_words, const char **why)
{
   *num_words = 0;
   *why = NULL;
   const struct glsl_spirv *tes = &prog->spirv[GLSL_STAGE_TESS_EVAL];
   if (!tes->words || vertices == 0 || vertices > 32) {
      *why = "no evaluation stage, or a patch size out of range";
      return NULL;
   }
   const char *err = NULL;
   struct spv_refl *r = spv_refl_create(tes->words, tes->num_words, NULL, &err);
   if (!r || spv_refl_error(r)) {
      spv_refl_destroy(r);
      *why = "the evaluation stage's SPIR-V does not reflect";
      return NULL;
   }
   struct glsl_str src = {0};
   struct glsl_str body = {0};
   glsl_str_printf(&src,
                   "#version 450 core\n"
                   "layout(vertices = %u) out;\n",
                   vertices);
   /* gl_in as the vertex stage writes it, gl_out as the evaluation stage reads it; each
    * built-in both have, the same, is copied. */
   struct glsl_str in_decl = {0}, out_decl = {0};
   uint32_t in_len[4], out_len[4];
   bool in_active[4], out_active[4];
   const bool have_in =
      per_vertex_block(&prog->spirv[GLSL_STAGE_VERTEX], true, &in_decl, in_len, in_active) &&
      in_decl.s;
   const bool have_out = per_vertex_block(tes, false, &out_decl, out_len, out_active) && out_decl.s;
   if (have_in)
      glsl_str_printf(&src, "in gl_PerVertex {\n%s} gl_in[gl_MaxPatchVertices];\n", in_decl.s);
   if (have_out)
      glsl_str_printf(&src, "out gl_PerVertex {\n%s} gl_out[];\n", out_decl.s);
   static const char *const builtin_names[4] = {"gl_Position", "gl_PointSize", "gl_ClipDistance",
                                                "gl_CullDistance"};
   /* the clip and cull distances only where the vertex stage writes them and the evaluation
    * stage reads them: glslang declares both in every gl_PerVertex (size 1 where the shader
    * never names them), and a copy of one no stage uses is a whole-array copy that a GLES
    * host's ESSL refuses (gl_in[].gl_ClipDistance is unsized there) */
   for (unsigned k = 0; k < 4; k++) {
      const bool in = have_in ? in_len[k] != 0 : k < 3;
      const bool out = have_out ? out_len[k] != 0 : k < 3;
      const bool same = !(have_in && have_out) || in_len[k] == out_len[k];
      const bool used = k < 2 || (in_active[k] && out_active[k]);
      if (in && out && same && used && (k == 0 || (have_in && have_out)))
         glsl_str_printf(&body, "  gl_out[gl_InvocationID].%s = gl_in[gl_InvocationID].%s;\n",
                         builtin_names[k], builtin_names[k]);
   }
   const bool decl_oom = in_decl.oom || out_decl.oom;
   free(in_decl.s);
   free(out_decl.s);
   unsigned nv = 0;
   const struct spv_refl_var *vars = spv_refl_vars(r, SPV_REFL_INPUTS, &nv);
   for (unsigned i = 0; i < nv && !*why; i++) {
      if (spv_refl_decoration(r, vars[i].id, SpvDecorationPatch, NULL))
         continue; /* nothing writes a patch input without a control shader: undefined (GL) */
      uint32_t location = 0;
      struct spv_tinfo arr, elem;
      spv_refl_type(r, vars[i].type, &arr);
      if (!spv_refl_decoration(r, vars[i].id, SpvDecorationLocation, &location) ||
          arr.kind != SPV_TK_ARRAY) {
         *why = "an evaluation input without a location or not per vertex";
         break;
      }
      spv_refl_type(r, arr.elem, &elem);
      if (elem.kind == SPV_TK_STRUCT && elem.block) {
         if (!block_copy(r, arr.elem, &elem, i, location, &src, &body, false))
            *why = "an evaluation input block with a member this shader does not copy";
         continue;
      }
      char type[32];
      if (!type_name(&elem, type, sizeof(type))) {
         *why = "an evaluation input that is a struct or an array";
         break;
      }
      glsl_str_printf(&src,
                      "layout(location = %u) in %s mgl_in%u[];\n"
                      "layout(location = %u) out %s mgl_out%u[];\n",
                      location, type, i, location, type, i);
      glsl_str_printf(&body, "  mgl_out%u[gl_InvocationID] = mgl_in%u[gl_InvocationID];\n", i, i);
   }
   spv_refl_destroy(r);
   uint32_t *words = NULL;
   if (!*why) {
      glsl_str_append(&src, "void main() {\n");
      if (body.s)
         glsl_str_append(&src, body.s);
      char lv[32];
      for (int k = 0; k < 4; k++) {
         level_text(outer[k], lv, sizeof(lv));
         glsl_str_printf(&src, "  gl_TessLevelOuter[%d] = %s;\n", k, lv);
      }
      for (int k = 0; k < 2; k++) {
         level_text(inner[k], lv, sizeof(lv));
         glsl_str_printf(&src, "  gl_TessLevelInner[%d] = %s;\n", k, lv);
      }
      glsl_str_append(&src, "}\n");
      if (src.oom || body.oom || decl_oom)
         *why = "out of memory";
      else if (!(words = glsl_compile_internal(GLSL_STAGE_TESS_CTRL, src.s, num_words)))
         *why = "glslang refused the pass-through control shader";
   }
   free(src.s);
   free(body.s);
   return words;
}

/* The interpolation qualifiers of a vertex output (Flat, NoPerspective, Centroid, Sample) as
 * the geometry output that replaces it keeps them. */
static const char *
interpolation(const struct spv_refl *r, uint32_t id)
{
   if (spv_refl_decoration(r, id, SpvDecorationFlat, NULL))
      return "flat ";
   const bool np = spv_refl_decoration(r, id, SpvDecorationNoPerspective, NULL);
   if (spv_refl_decoration(r, id, SpvDecorationCentroid, NULL))
      return np ? "noperspective centroid " : "centroid ";
   if (spv_refl_decoration(r, id, SpvDecorationSample, NULL))
      return np ? "noperspective sample " : "sample ";
   return np ? "noperspective " : "";
}

/* One located output of the vertex stage, in and out of the outline stage, and its copy in
 * put() (body): from vertex i, or c, the polygon's flat-shading vertex, where the fragment
 * stage takes it flat. False for a type it does not copy (a struct, nested arrays). */
static bool
outline_varying(const struct spv_refl *r, const struct spv_refl_var *v, unsigned i,
                struct glsl_str *src, struct glsl_str *body)
{
   uint32_t location = 0, component = 0;
   if (!spv_refl_decoration(r, v->id, SpvDecorationLocation, &location))
      return false;
   char at[48];
   if (spv_refl_decoration(r, v->id, SpvDecorationComponent, &component))
      snprintf(at, sizeof(at), "location = %u, component = %u", location, component);
   else
      snprintf(at, sizeof(at), "location = %u", location);
   struct spv_tinfo t, e;
   spv_refl_type(r, v->type, &t);
   char type[32], dim[16] = "";
   if (t.kind == SPV_TK_ARRAY) {
      spv_refl_type(r, t.elem, &e);
      if (!t.length)
         return false;
      snprintf(dim, sizeof(dim), "[%u]", t.length);
   } else {
      e = t;
   }
   if (!type_name(&e, type, sizeof(type)))
      return false;
   const char *q = interpolation(r, v->id);
   /* GLSL takes an integer or double varying flat */
   const bool flat = q[0] == 'f' || e.scalar != 'f';
   /* the input as the vertex stage qualifies it too: a GLES host's link matches them */
   glsl_str_printf(src,
                   "layout(%s) %sin %s mgl_in%u[]%s;\n"
                   "layout(%s) %sout %s mgl_out%u%s;\n",
                   at, q, type, i, dim, at, q, type, i, dim);
   glsl_str_printf(body, "  mgl_out%u = mgl_in%u[%s];\n", i, i, flat ? "c" : "i");
   return true;
}

/* The locations the geometry stage's inputs may take on every Vulkan device that has the
 * stage: maxGeometryInputComponents is at least 64 (Vulkan 1.3 table 53), 16 vec4s. A vertex
 * stage's outputs may reach further (GL_MAX_VERTEX_OUTPUT_COMPONENTS is the device's vertex
 * limit, 128 on lavapipe). */
#define OUTLINE_INPUT_LOCATIONS 16u

/* Bit l: the fragment stage reads location l (below 64); all ones without a fragment stage
 * that reflects, so that nothing is left out. */
static uint64_t
fragment_reads(const struct glsl_program *prog)
{
   const struct glsl_spirv *fs = &prog->spirv[GLSL_STAGE_FRAGMENT];
   const char *err = NULL;
   struct spv_refl *r = fs->words ? spv_refl_create(fs->words, fs->num_words, NULL, &err) : NULL;
   if (!r || spv_refl_error(r)) {
      spv_refl_destroy(r);
      return fs->words ? ~0ull : 0;
   }
   uint64_t mask = 0;
   unsigned nv = 0;
   const struct spv_refl_var *vars = spv_refl_vars(r, SPV_REFL_INPUTS, &nv);
   for (unsigned i = 0; i < nv; i++) {
      uint32_t l = 0;
      if (!spv_refl_decoration(r, vars[i].id, SpvDecorationLocation, &l)) {
         mask = ~0ull;
         break;
      }
      const uint32_t n = spv_refl_locations(r, vars[i].type);
      for (uint32_t k = l; k < l + n && k < 64; k++)
         mask |= 1ull << k;
   }
   spv_refl_destroy(r);
   return mask;
}

uint32_t *
glsl_outline_gs(const struct glsl_program *prog, const struct glsl_outline *o, size_t *num_words,
                const char **why)
{
   *num_words = 0;
   *why = NULL;
   const struct glsl_spirv *vs = &prog->spirv[GLSL_STAGE_VERTEX];
   const char *err = NULL;
   struct spv_refl *r = vs->words ? spv_refl_create(vs->words, vs->num_words, NULL, &err) : NULL;
   if (!r || spv_refl_error(r)) {
      spv_refl_destroy(r);
      *why = "no vertex stage, or its SPIR-V does not reflect";
      return NULL;
   }
   if (spv_refl_builtin(r, true, SpvBuiltInLayer, NULL, NULL) ||
       spv_refl_builtin(r, true, SpvBuiltInViewportIndex, NULL, NULL)) {
      spv_refl_destroy(r);
      *why = "the vertex stage writes gl_Layer or gl_ViewportIndex";
      return NULL;
   }
   struct glsl_str src = {0}, body = {0}, decl = {0};
   glsl_str_printf(&src, "#version 450 core\nlayout(triangles_adjacency) in;\nlayout(%s) out;\n",
                   o->points ? "points, max_vertices = 3" : "line_strip, max_vertices = 6");
   /* gl_in and the output block as the vertex stage writes its built-ins (Vulkan matches
    * the blocks member for member); the distances copied where it writes them */
   uint32_t len[4];
   bool active[4];
   if (per_vertex_block(vs, true, &decl, len, active) && decl.s)
      glsl_str_printf(&src, "in gl_PerVertex {\n%s} gl_in[];\nout gl_PerVertex {\n%s};\n", decl.s,
                      decl.s);
   else
      *why = "the vertex stage's built-in outputs do not reflect";
   if (len[1] && active[1])
      glsl_str_append(&body, "  gl_PointSize = gl_in[i].gl_PointSize;\n");
   static const char *const distances[2] = {"gl_ClipDistance", "gl_CullDistance"};
   for (unsigned k = 2; k < 4; k++)
      if (len[k] && active[k])
         glsl_str_printf(&body, "  for (int d = 0; d < %u; d++)\n    %s[d] = gl_in[i].%s[d];\n",
                         len[k], distances[k - 2], distances[k - 2]);
   glsl_str_append(&body, "  gl_PrimitiveID = gl_PrimitiveIDIn;\n");
   if (o->facing >= 0) {
      /* the polygon's facing, for a fragment stage that reads gl_FrontFacing (glsl_outline_fs) */
      glsl_str_printf(&src, "layout(location = %d) flat out int mgl_facing;\nint mgl_face;\n",
                      o->facing);
      glsl_str_append(&body, "  mgl_facing = mgl_face;\n");
   }
   /* the outputs the fragment stage reads, within the locations every device takes */
   const uint64_t reads = fragment_reads(prog);
   unsigned nv = 0;
   const struct spv_refl_var *vars = spv_refl_vars(r, SPV_REFL_OUTPUTS, &nv);
   for (unsigned i = 0; i < nv && !*why; i++) {
      struct spv_tinfo t;
      spv_refl_type(r, vars[i].type, &t);
      uint32_t l = 0;
      const uint32_t n = spv_refl_locations(r, vars[i].type);
      if (spv_refl_decoration(r, vars[i].id, SpvDecorationLocation, &l) && l < 64 &&
          !((n < 64 ? ((1ull << n) - 1) << l : ~0ull << l) & reads))
         continue; /* the fragment stage reads none of its locations */
      if (l + n > OUTLINE_INPUT_LOCATIONS) {
         *why = "the vertex outputs the fragment stage reads pass location 16, the geometry "
                "input limit of every device";
         break;
      }
      if (t.kind == SPV_TK_STRUCT && t.block) {
         uint32_t location = 0;
         if (!spv_refl_decoration(r, vars[i].id, SpvDecorationLocation, &location) ||
             !block_copy(r, vars[i].type, &t, i, location, &src, &body, true))
            *why = "a vertex output block without a location or with a member this stage does "
                   "not copy";
      } else if (!outline_varying(r, &vars[i], i, &src, &body)) {
         *why = "a vertex output without a location, or a struct or an array of arrays";
      }
   }
   spv_refl_destroy(r);
   if (o->offset)
      glsl_str_append(&src, o->offset);
   /* vertex i of the input, its flat outputs from vertex c */
   glsl_str_printf(&src, "void put(int i, int c)\n{\n  gl_Position = %s;\n",
                   o->offset ? "offset_z(gl_in[i].gl_Position)" : "gl_in[i].gl_Position");
   if (body.s)
      glsl_str_append(&src, body.s);
   /* the facing, culling and edges as the fixed-function outline stage finds them
    * (fe_ff_program.c, gen_geometry) */
   glsl_str_printf(&src,
                   "  EmitVertex();\n}\nvoid main()\n{\n"
                   "  float a = dot(gl_in[0].gl_Position.xyw, cross(gl_in[2].gl_Position.xyw, "
                   "gl_in[4].gl_Position.xyw));\n"
                   "  bool f = %s;\n",
                   o->front_cw ? "a < 0.0" : "a > 0.0");
   if (o->facing >= 0)
      glsl_str_append(&src, "  mgl_face = f ? 1 : 0;\n");
   if (o->cull & 1)
      glsl_str_append(&src, "  if (f)\n    return;\n");
   if (o->cull & 2)
      glsl_str_append(&src, "  if (!f)\n    return;\n");
   if (o->offset)
      glsl_str_append(&src, "  find_offset();\n");
   glsl_str_printf(&src,
                   "  for (int e = 0; e < 6; e += 2) {\n"
                   "    if (gl_in[e + 1].gl_Position == gl_in[e].gl_Position)\n"
                   "      continue;\n"
                   "    put(e, %d);\n",
                   o->provoking_last ? 4 : 0);
   if (!o->points)
      glsl_str_printf(&src, "    put((e + 2) %% 6, %d);\n", o->provoking_last ? 4 : 0);
   glsl_str_append(&src, "    EndPrimitive();\n  }\n}\n");
   uint32_t *words = NULL;
   if (!*why) {
      if (src.oom || body.oom || decl.oom)
         *why = "out of memory";
      else if (!(words = glsl_compile_internal(GLSL_STAGE_GEOMETRY, src.s, num_words)))
         *why = "glslang refused the outline geometry shader";
   }
   free(src.s);
   free(body.s);
   free(decl.s);
   return words;
}

int
glsl_outline_facing(const struct glsl_program *prog, const char **why)
{
   *why = NULL;
   const struct glsl_spirv *fs = &prog->spirv[GLSL_STAGE_FRAGMENT];
   const char *err = NULL;
   struct spv_refl *r = fs->words ? spv_refl_create(fs->words, fs->num_words, NULL, &err) : NULL;
   const bool reads =
      r && !spv_refl_error(r) && spv_refl_builtin(r, false, SpvBuiltInFrontFacing, NULL, NULL) != 0;
   spv_refl_destroy(r);
   if (!reads)
      return -1;
   const uint64_t taken = fragment_reads(prog);
   for (int l = 0; l < (int)OUTLINE_INPUT_LOCATIONS; l++)
      if (!(taken & (1ull << l)))
         return l;
   *why = "the fragment stage reads gl_FrontFacing and every location below 16";
   return -1;
}

uint32_t *
glsl_outline_fs(const struct glsl_program *prog, int facing, size_t *num_words, const char **why)
{
   *num_words = 0;
   const struct glsl_spirv *fs = &prog->spirv[GLSL_STAGE_FRAGMENT];
   const char *err = NULL;
   uint32_t *words =
      facing >= 0 && fs->words
         ? spv_facing_from_input(fs->words, fs->num_words, (uint32_t)facing, num_words, &err)
         : NULL;
   if (!words)
      *why = err ? err : "the fragment stage declares no gl_FrontFacing";
   return words;
}
