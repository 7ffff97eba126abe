/* glsl_link_xfb.c — transform feedback: the captured varyings, their buffers, offsets and the
 * copies of parts of outputs. */
#include "glsl_link_internal.h"

#include "decline.h"

#include <GL/glcorearb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t
xfb_components(const struct spv_module *m, uint32_t type)
{
   uint32_t count;
   const struct spv_id *t = spv_type(m, spv_strip_arrays(m, type, &count));
   uint32_t c = 1;
   if (t->op == SpvOpTypeMatrix)
      c = t->b * spv_type(m, t->a)->b;
   else if (t->op == SpvOpTypeVector)
      c = t->b;
   uint32_t scalar = glsl_link_component_type(m, spv_strip_arrays(m, type, NULL));
   if (scalar && spv_type(m, scalar)->op == SpvOpTypeFloat && spv_type(m, scalar)->a == 64)
      c *= 2;
   return c * count;
}

/* A captured name that is part of an output ("a[2]", "s.f", "s.arr[1].g", "Block.m", or "m" of a
 * block without instance name): the output variable, the access-chain indices and the part's
 * type. False when the name names no such part of a user output (or a whole struct). */
static bool
xfb_resolve_part(const struct spv_module *m, const char *name, struct spv_xfb_copy *out)
{
   memset(out, 0, sizeof(*out));
   size_t n = strcspn(name, ".[");
   char base[128];
   if (n == 0 || n >= sizeof(base))
      return false;
   memcpy(base, name, n);
   base[n] = '\0';
   const char *rest = name + n;
   uint32_t var = 0;
   for (unsigned v = 0; v < m->num_vars && !var; v++) {
      uint32_t id = m->vars[v];
      if (m->ids[id].storage != SpvStorageClassOutput || glsl_link_is_builtin_io(m, id))
         continue;
      const struct spv_id *t = spv_type(m, spv_var_pointee(m, id));
      /* an array of blocks is named by its block name too: "Block[1].m" (GL 3.3 §2.11.8) */
      const struct spv_id *bt = t->op == SpvOpTypeArray ? spv_type(m, t->a) : t;
      const bool block = bt->op == SpvOpTypeStruct && bt->block;
      if (!block && !strcmp(glsl_demangle(name_of(m, id)), base))
         var = id; /* a variable: "a[2]", "s.f" */
      else if (block && bt->name && !strcmp(glsl_demangle(bt->name), base))
         var = id; /* a block by its block name: "Block.m", "Block[1].m" */
      else if (block && t == bt && !*name_of(m, id)) {
         for (uint32_t k = 0; k < t->num_members && !var; k++)
            if (t->members[k].name && !strcmp(glsl_demangle(t->members[k].name), base)) {
               var = id; /* a member of a block without instance name: "m" */
               rest = name;
               out->indices[out->num_indices++] = k;
            }
         if (var) {
            /* the member itself was the first step */
            out->var = var;
            out->type = t->members[out->indices[0]].type;
            rest = name + n;
         }
      }
   }
   if (!var)
      return false;
   uint32_t type = out->var ? out->type : spv_var_pointee(m, var);
   out->var = var;
   while (*rest) {
      if (out->num_indices == SPV_XFB_MAX_INDICES)
         return false;
      const struct spv_id *t = spv_type(m, type);
      if (*rest == '[') {
         char *end;
         unsigned long k = strtoul(rest + 1, &end, 10);
         if (end == rest + 1 || *end != ']' || t->op != SpvOpTypeArray || k >= t->b)
            return false;
         out->indices[out->num_indices++] = (uint32_t)k;
         type = t->a;
         rest = end + 1;
      } else if (*rest == '.') {
         size_t len = strcspn(rest + 1, ".[");
         if (t->op != SpvOpTypeStruct || !len)
            return false;
         uint32_t k = 0;
         while (k < t->num_members &&
                !(t->members[k].name && strlen(glsl_demangle(t->members[k].name)) == len &&
                  !strncmp(glsl_demangle(t->members[k].name), rest + 1, len)))
            k++;
         if (k == t->num_members)
            return false;
         out->indices[out->num_indices++] = k;
         type = t->members[k].type;
         rest += 1 + len;
      } else {
         return false;
      }
   }
   /* A struct is not captured whole (GL names its leaves); a plain variable is not a part. */
   if (spv_type(m, spv_strip_arrays(m, type, NULL))->op == SpvOpTypeStruct || !out->num_indices)
      return false;
   out->type = type;
   return true;
}

/* Splits every captured part into its leaves (array elements, matrix columns) until each copy
 * is a scalar or a vector, each with the buffer offset of its own place in the capture. */
static bool
xfb_split_copies(struct link *l, const struct spv_module *m)
{
   for (unsigned c = 0; c < l->num_xfb_copies;) {
      struct spv_xfb_copy cp = l->xfb_copies[c];
      const struct spv_id *t = spv_type(m, cp.type);
      if (t->op != SpvOpTypeArray && t->op != SpvOpTypeMatrix) {
         c++;
         continue;
      }
      if (cp.num_indices == SPV_XFB_MAX_INDICES) {
         MGU_DECLINE(gl_feature_unimplemented,
                     "transform feedback of a part nested more than "
                     "%u deep",
                     SPV_XFB_MAX_INDICES);
         link_error(l, "a captured varying is nested too deep");
         return false;
      }
      const uint32_t n = t->b, elem = t->a, step = xfb_components(m, elem) * 4;
      /* element 0 takes the part's place, the others go at the end */
      for (uint32_t e = 0; e < n; e++) {
         struct spv_xfb_copy leaf = cp;
         leaf.type = elem;
         leaf.indices[leaf.num_indices++] = e;
         leaf.deco.offset = cp.deco.offset + e * step;
         if (e == 0) {
            l->xfb_copies[c] = leaf;
         } else {
            if (!GROW(l, l->xfb_copies, l->num_xfb_copies, l->cap_xfb_copies))
               return false;
            l->xfb_copies[l->num_xfb_copies++] = leaf;
         }
      }
   }
   return true;
}

/* Locations for the copies: 32-bit scalars and vectors share a location (Component
 * decorations) with others of the same component type, first fit in capture order; 64-bit ones
 * take locations of their own. Fails (a named decline) past the stage's output locations. */
static bool
xfb_pack_copies(struct link *l, const struct spv_module *m, uint32_t *next_loc, uint32_t max_locs)
{
   struct slot {
      uint32_t location, scalar, used;
   } slots[64];
   unsigned num_slots = 0;
   for (unsigned c = 0; c < l->num_xfb_copies; c++) {
      struct spv_xfb_copy *cp = &l->xfb_copies[c];
      const uint32_t scalar = glsl_link_component_type(m, cp->type);
      const uint32_t comps = xfb_components(m, cp->type);
      const bool wide = scalar && spv_type(m, scalar)->a == 64;
      unsigned k = 0;
      while (!wide && k < num_slots && !(slots[k].scalar == scalar && slots[k].used + comps <= 4))
         k++;
      if (!wide && k < num_slots) {
         cp->location = slots[k].location;
         cp->component = slots[k].used;
         slots[k].used += comps;
         continue;
      }
      cp->location = *next_loc;
      cp->component = 0;
      *next_loc += spv_type_locations(m, cp->type);
      if (*next_loc > max_locs) {
         MGU_DECLINE(gl_feature_unimplemented, "transform feedback with no output location "
                                               "left for the copy of a captured part");
         link_error(l, "no output location left to capture every part of the varyings");
         return false;
      }
      if (!wide && num_slots < sizeof(slots) / sizeof(slots[0]))
         slots[num_slots++] = (struct slot){cp->location, scalar, comps};
   }
   return true;
}

/* glTransformFeedbackVaryings at link (GL 3.3, 2.11.8): every name must be an output of the last
 * vertex-processing stage, named once, within the mode's component limits. Interleaved: all in
 * buffer 0, back to back in the app's order; separate: varying i alone in buffer i. */
void
glsl_link_xfb(struct link *l)
{
   const struct glsl_link_input *in = l->in;
   l->xfb_stage = -1;
   if (!in->num_xfb_varyings)
      return;
   int s = -1;
   for (unsigned i = 0; i < GLSL_STAGE_COUNT; i++) {
      enum glsl_stage st = glsl_pipeline_stage(i);
      if (l->st[st].present && st != GLSL_STAGE_FRAGMENT)
         s = (int)st;
   }
   if (s < 0) {
      link_error(l, "transform feedback varyings need a vertex or geometry shader");
      return;
   }
   struct glsl_program *prog = l->prog;
   prog->xfb = calloc(in->num_xfb_varyings, sizeof(*prog->xfb));
   if (!prog->xfb) {
      link_error(l, "out of memory");
      return;
   }
   prog->xfb_separate = in->xfb_separate;
   l->xfb_stage = s;
   const struct spv_module *m = l->st[s].m;
   uint32_t total = 0;
   for (unsigned i = 0; i < in->num_xfb_varyings && !l->failed; i++) {
      const char *name = in->xfb_varyings[i] ? in->xfb_varyings[i] : "";
      for (unsigned k = 0; k < i; k++) {
         if (!strcmp(in->xfb_varyings[k] ? in->xfb_varyings[k] : "", name)) {
            link_error(l, "transform feedback varying `%s' specified more than once", name);
            return;
         }
      }
      uint32_t var = 0, type = 0;
      struct spv_xfb_copy part;
      bool is_part = false;
      bool position = !strcmp(name, "gl_Position");
      if (position) {
         for (unsigned v = 0; v < m->num_vars && !type; v++) {
            uint32_t id = m->vars[v];
            if (m->ids[id].storage != SpvStorageClassOutput)
               continue;
            const struct spv_id *t = spv_type(m, spv_var_pointee(m, id));
            if (m->ids[id].builtin == SpvBuiltInPosition)
               type = spv_var_pointee(m, id);
            for (uint32_t k = 0; t->op == SpvOpTypeStruct && k < t->num_members; k++)
               if (t->members[k].builtin == SpvBuiltInPosition)
                  type = t->members[k].type;
         }
      } else {
         for (unsigned v = 0; v < m->num_vars && !var; v++) {
            uint32_t id = m->vars[v];
            if (m->ids[id].storage == SpvStorageClassOutput && !glsl_link_is_builtin_io(m, id) &&
                !strcmp(glsl_demangle(name_of(m, id)), name))
               var = id;
         }
         if (var)
            type = spv_var_pointee(m, var);
         if (!var && xfb_resolve_part(m, name, &part)) {
            type = part.type;
            is_part = true;
         }
      }
      if (!type) {
         if (!strncmp(name, "gl_", 3))
            MGU_DECLINE(gl_feature_unimplemented, "transform feedback capture of `%s'", name);
         link_error(l, "transform feedback varying `%s' is not an output of the %s shader", name,
                    glsl_stage_name(s));
         return;
      }
      uint32_t count, elem = spv_strip_arrays(m, type, &count);
      uint32_t comps = xfb_components(m, type);
      uint32_t gl = glsl_link_gl_type(m, elem, false);
      if (!gl) {
         link_error(l, "transform feedback varying `%s' has a type that cannot be captured", name);
         return;
      }
      if (is_part) {
         if (!GROW(l, l->xfb_copies, l->num_xfb_copies, l->cap_xfb_copies))
            return;
         part.deco.id = i; /* which varying: its place is known below */
         l->xfb_copies[l->num_xfb_copies++] = part;
      }
      if (in->xfb_separate && comps > GLSL_MAX_XFB_SEPARATE_COMPONENTS) {
         link_error(l,
                    "transform feedback varying `%s' takes %u components, more than "
                    "GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS (%u)",
                    name, comps, GLSL_MAX_XFB_SEPARATE_COMPONENTS);
         return;
      }
      char *copy = glsl_strdup(name);
      if (!copy) {
         link_error(l, "out of memory");
         return;
      }
      prog->xfb[prog->num_xfb++] = (struct glsl_xfb_varying){
         .name = copy,
         .type = gl,
         .size = count,
         .buffer = in->xfb_separate ? i : 0,
         .offset = in->xfb_separate ? 0 : total * 4,
         .components = comps,
      };
      total += comps;
      if (!in->xfb_separate && total > GLSL_MAX_XFB_INTERLEAVED_COMPONENTS) {
         link_error(l,
                    "transform feedback varyings take %u components, more than "
                    "GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS (%u)",
                    total, GLSL_MAX_XFB_INTERLEAVED_COMPONENTS);
         return;
      }
   }
   for (unsigned i = 0; i < prog->num_xfb; i++) {
      const struct glsl_xfb_varying *x = &prog->xfb[i];
      prog->xfb_stride[x->buffer] = in->xfb_separate ? x->components * 4 : total * 4;
   }
   /* Hand the decorations to the patch of stage s. Captured parts and gl_Position are copies in
    * outputs of their own, at the locations after the stage's outputs; the parts' copies are
    * split into scalars and vectors packed several to a location. */
   uint32_t next_loc = l->out_loc_end[s];
   const uint32_t max_locs = glsl_varying_components(in) / 4;
   for (unsigned c = 0; c < l->num_xfb_copies; c++) {
      struct spv_xfb_copy *cp = &l->xfb_copies[c];
      const struct glsl_xfb_varying *x = &prog->xfb[cp->deco.id];
      cp->deco = (struct spv_xfb_deco){0, x->buffer, x->offset, prog->xfb_stride[x->buffer]};
   }
   if (!xfb_split_copies(l, m) || !xfb_pack_copies(l, m, &next_loc, max_locs))
      return;
   for (unsigned i = 0; i < prog->num_xfb && !l->failed; i++) {
      const struct glsl_xfb_varying *x = &prog->xfb[i];
      struct spv_xfb_deco d = {0, x->buffer, x->offset, prog->xfb_stride[x->buffer]};
      bool copied = false;
      for (unsigned c = 0; c < l->num_xfb_copies; c++)
         copied |= l->xfb_copies[c].deco.offset == x->offset &&
                   l->xfb_copies[c].deco.buffer == x->buffer && x->components;
      if (copied)
         continue;
      if (!strcmp(x->name, "gl_Position")) {
         uint32_t loc = next_loc++;
         if (loc >= max_locs) {
            MGU_DECLINE(gl_feature_unimplemented, "gl_Position capture with every output "
                                                  "location in use");
            link_error(l, "no output location left to capture gl_Position");
            return;
         }
         l->xfb_position = true;
         l->xfb_position_location = loc;
         l->xfb_position_deco = d;
         continue;
      }
      for (unsigned v = 0; v < m->num_vars; v++) {
         uint32_t id = m->vars[v];
         if (m->ids[id].storage == SpvStorageClassOutput && !glsl_link_is_builtin_io(m, id) &&
             !strcmp(glsl_demangle(name_of(m, id)), x->name))
            d.id = id;
      }
      if (!GROW(l, l->xfb, l->num_xfb, l->cap_xfb))
         return;
      l->xfb[l->num_xfb++] = d;
   }
}

/* ── geometry layout ───────────────────────────────────────────────────────────────────────── */

/* The geometry stage's layout(...) in / out qualifiers, from its OpExecutionMode words (glslang
 * has already refused a geometry shader without them). */
