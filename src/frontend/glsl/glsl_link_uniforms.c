/* glsl_link_uniforms.c — the default uniform block (uniforms, initializers), uniform blocks and
 * samplers: program-wide indices, descriptor bindings and their reflection. */
#include "glsl_link_internal.h"

#include "decline.h"

#include <GL/glcorearb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct leaf_sink {
   struct glsl_uniform **arr;
   unsigned *n, *cap;
};

static void
add_leaf(struct link *l, const struct spv_module *m, struct leaf_sink *out, char *name,
         const char *scope, const char *path, uint32_t type, uint32_t array_size, uint32_t offset,
         uint32_t array_stride, uint32_t mstride, bool row_major)
{
   if (!name || !GROW(l, *out->arr, *out->n, *out->cap)) {
      free(name);
      if (!name)
         link_error(l, "out of memory");
      return;
   }
   /* SPIR-V keeps a bool block member as a 32-bit uint; the declaration says bool. */
   uint32_t comp = glsl_link_component_type(m, type);
   bool as_bool = spv_type(m, comp)->op == SpvOpTypeInt && !spv_type(m, comp)->b &&
                  glsl_decl_member_is_bool(l->decl, GLSL_STAGE_COUNT, scope, path);
   bool is_matrix = spv_type(m, type)->op == SpvOpTypeMatrix;
   struct glsl_uniform *u = &(*out->arr)[(*out->n)++];
   *u = (struct glsl_uniform){
      .name = name,
      .type = glsl_link_gl_type(m, type, as_bool),
      .array_size = array_size,
      .offset = offset,
      .array_stride = array_stride,
      .matrix_stride = is_matrix ? mstride : 0,
      .row_major = is_matrix && row_major,
   };
}

static void
reflect_leaves(struct link *l, const struct spv_module *m, uint32_t type, const char *name,
               const char *path, const char *scope, uint32_t offset, uint32_t mstride,
               bool row_major, struct leaf_sink *out)
{
   const struct spv_id *t = spv_type(m, type);
   if (l->failed)
      return;
   if (t->op == SpvOpTypeArray) {
      uint32_t stride = t->array_stride > 0 ? (uint32_t)t->array_stride : 0;
      const struct spv_id *e = spv_type(m, t->a);
      if (e->op == SpvOpTypeStruct || e->op == SpvOpTypeArray) {
         for (uint32_t k = 0; k < t->b && !l->failed; k++) {
            char *sub = strfmt("%s[%u]", name, k);
            if (!sub) {
               link_error(l, "out of memory");
               return;
            }
            reflect_leaves(l, m, t->a, sub, path, scope, offset + k * stride, mstride, row_major,
                           out);
            free(sub);
         }
         return;
      }
      add_leaf(l, m, out, strfmt("%s[0]", name), scope, path, t->a, t->b, offset, stride, mstride,
               row_major);
      return;
   }
   if (t->op == SpvOpTypeStruct) {
      for (uint32_t k = 0; k < t->num_members && !l->failed; k++) {
         const struct spv_member *mb = &t->members[k];
         const char *mn = mb->name ? mb->name : "";
         char *cname = name[0] ? strfmt("%s.%s", name, mn) : strfmt("%s", mn);
         char *cpath = path[0] ? strfmt("%s.%s", path, mn) : strfmt("%s", mn);
         if (!cname || !cpath)
            link_error(l, "out of memory");
         else
            reflect_leaves(l, m, mb->type, cname, cpath, scope,
                           offset + (mb->offset > 0 ? (uint32_t)mb->offset : 0), mb->matrix_stride,
                           mb->row_major, out);
         free(cname);
         free(cpath);
      }
      return;
   }
   add_leaf(l, m, out, strfmt("%s", name), scope, path, type, 1, offset, 0, mstride, row_major);
}

/* ── uniform initializers ─────────────────────────────────────────────────────────────────── */

static void
put_scalar(uint8_t *buf, uint32_t size, uint32_t offset, const struct spv_id *c, uint32_t bytes)
{
   if (offset + bytes > size || !c)
      return;
   uint32_t lo = c->op == SpvOpConstant || c->op == SpvOpConstantTrue ? c->const_value : 0;
   memcpy(buf + offset, &lo, 4);
   if (bytes == 8) {
      uint32_t hi = c->op == SpvOpConstant ? c->const_high : 0;
      memcpy(buf + offset + 4, &hi, 4);
   }
}

static const struct spv_id *
constituent(const struct spv_module *cm, const struct spv_id *c, uint32_t k)
{
   if (!c || c->op != SpvOpConstantComposite || k >= c->num_constituents)
      return NULL; /* OpConstantNull: zeros, which the buffer already holds */
   return spv_type(cm, c->constituents[k]);
}

/* Writes constant `c` (from the OpenGL-target module cm) into buf at the layout that `type` has in
 * the Vulkan module vm: the same logical type, laid out std140. */
static void
write_constant(const struct spv_module *cm, const struct spv_id *c, const struct spv_module *vm,
               uint32_t type, uint32_t offset, uint32_t mstride, bool row_major, uint8_t *buf,
               uint32_t size)
{
   const struct spv_id *t = spv_type(vm, type);
   switch (t->op) {
   case SpvOpTypeBool:
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
      put_scalar(buf, size, offset, c, t->op == SpvOpTypeBool ? 4 : t->a / 8);
      break;
   case SpvOpTypeVector: {
      uint32_t bytes = spv_type_size(vm, t->a, 0, false);
      for (uint32_t k = 0; k < t->b; k++)
         put_scalar(buf, size, offset + k * bytes, constituent(cm, c, k), bytes);
      break;
   }
   case SpvOpTypeMatrix: {
      const struct spv_id *col = spv_type(vm, t->a);
      uint32_t bytes = spv_type_size(vm, col->a, 0, false);
      for (uint32_t ci = 0; ci < t->b; ci++) {
         const struct spv_id *cc = constituent(cm, c, ci);
         for (uint32_t r = 0; r < col->b; r++) {
            uint32_t at =
               row_major ? offset + r * mstride + ci * bytes : offset + ci * mstride + r * bytes;
            put_scalar(buf, size, at, constituent(cm, cc, r), bytes);
         }
      }
      break;
   }
   case SpvOpTypeArray: {
      uint32_t stride = t->array_stride > 0 ? (uint32_t)t->array_stride : 0;
      for (uint32_t k = 0; k < t->b; k++)
         write_constant(cm, constituent(cm, c, k), vm, t->a, offset + k * stride, mstride,
                        row_major, buf, size);
      break;
   }
   case SpvOpTypeStruct:
      for (uint32_t k = 0; k < t->num_members; k++) {
         const struct spv_member *mb = &t->members[k];
         write_constant(cm, constituent(cm, c, k), vm, mb->type,
                        offset + (mb->offset > 0 ? (uint32_t)mb->offset : 0), mb->matrix_stride,
                        mb->row_major, buf, size);
      }
      break;
   default: break;
   }
}

/* Fills the default block's initial data from the OpenGL-target modules' initializers. */
static void
apply_initializers(struct link *l, const struct spv_module *vm, uint32_t block)
{
   struct glsl_default_block *db = &l->prog->default_block;
   const struct spv_id *bt = spv_type(vm, block);
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!l->init_words || !l->init_words[s].words)
         continue;
      const char *err;
      struct spv_module *cm =
         spv_module_parse(l->init_words[s].words, l->init_words[s].num_words, glsl_demangle, &err);
      if (!cm) {
         glsl_str_printf(l->log, "warning: %s shader: uniform initializers ignored (%s)\n",
                         glsl_stage_name(s), err);
         continue;
      }
      for (unsigned i = 0; i < cm->num_vars; i++) {
         uint32_t v = cm->vars[i];
         if (cm->ids[v].storage != SpvStorageClassUniformConstant || !cm->ids[v].var_init)
            continue;
         const char *name = name_of(cm, v);
         for (uint32_t k = 0; k < bt->num_members; k++) {
            const struct spv_member *mb = &bt->members[k];
            if (!mb->name || strcmp(mb->name, name))
               continue;
            write_constant(cm, spv_type(cm, cm->ids[v].var_init), vm, mb->type,
                           mb->offset > 0 ? (uint32_t)mb->offset : 0, mb->matrix_stride,
                           mb->row_major, db->initial_data, db->size);
         }
      }
      spv_module_destroy(cm);
   }
}

/* ── default uniform block ─────────────────────────────────────────────────────────────────── */

static uint32_t
find_default_block(const struct spv_module *m)
{
   for (unsigned i = 0; i < m->num_vars; i++) {
      uint32_t v = m->vars[i];
      if (m->ids[v].storage != SpvStorageClassUniform)
         continue;
      const struct spv_id *t = spv_type(m, spv_var_pointee(m, v));
      if (t->op == SpvOpTypeStruct && t->name && !strcmp(t->name, "gl_DefaultUniformBlock"))
         return v;
   }
   return 0;
}

/* The glsl_state_uniform a hidden default-block member stands for; -1 for the app's own. */
static int
state_uniform(const char *name)
{
   if (!strcmp(name, "_mgl_DepthRange"))
      return GLSL_STATE_DEPTH_RANGE;
   if (!strcmp(name, "_mgl_PointCoordUpperLeft"))
      return GLSL_STATE_POINT_ORIGIN;
   if (!strcmp(name, "_mgl_PointSize"))
      return GLSL_STATE_POINT_SIZE;
   if (!strcmp(name, "_mgl_FramebufferHeight"))
      return GLSL_STATE_FRAMEBUFFER_HEIGHT;
   if (!strcmp(name, "_mgl_Compat"))
      return GLSL_STATE_COMPAT;
   return -1;
}

void
glsl_link_default_block(struct link *l)
{
   int ref = -1;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      struct stage *st = &l->st[s];
      if (!st->present || !(st->default_var = find_default_block(st->m)))
         continue;
      set_binding(l, st, st->default_var, GLSL_BINDING_DEFAULT_BLOCK);
      if (ref < 0) {
         ref = s;
      } else if (!glsl_link_types_equal(l->st[ref].m,
                                        spv_var_pointee(l->st[ref].m, l->st[ref].default_var),
                                        st->m, spv_var_pointee(st->m, st->default_var))) {
         /* glslang merges the stages' default blocks; if it ever stops, we must notice. */
         link_error(l,
                    "internal error: default uniform block layouts differ between the %s and "
                    "%s shaders",
                    glsl_stage_name(ref), glsl_stage_name(s));
         return;
      }
   }
   if (ref < 0)
      return;

   const struct spv_module *m = l->st[ref].m;
   uint32_t block = spv_var_pointee(m, l->st[ref].default_var);
   const struct spv_id *bt = spv_type(m, block);
   bool *used = calloc(bt->num_members ? bt->num_members : 1, sizeof(*used));
   if (!used) {
      link_error(l, "out of memory");
      return;
   }
   struct glsl_default_block *db = &l->prog->default_block;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      struct stage *st = &l->st[s];
      if (!st->default_var)
         continue;
      bool *su = calloc(bt->num_members ? bt->num_members : 1, sizeof(*su));
      if (!su) {
         link_error(l, "out of memory");
         break;
      }
      spv_member_uses(st->m, st->w, st->n, st->default_var, su, bt->num_members);
      for (uint32_t k = 0; k < bt->num_members; k++) {
         if (su[k]) {
            used[k] = true;
            db->stages |= GLSL_STAGE_BIT(s);
         }
      }
      free(su);
   }
   db->size = round16(spv_type_size(m, block, 0, false));
   if (db->size > GLSL_MAX_DEFAULT_BLOCK_SIZE) {
      link_error(l,
                 "Too many uniform components: the default uniform block takes %u bytes, "
                 "at most %u",
                 db->size, GLSL_MAX_DEFAULT_BLOCK_SIZE);
      free(used);
      return;
   }
   if (db->size) {
      db->initial_data = calloc(1, db->size);
      if (!db->initial_data) {
         free(used);
         link_error(l, "out of memory");
         return;
      }
      apply_initializers(l, m, block);
   }
   struct leaf_sink sink = {&db->uniforms, &db->num_uniforms, &l->cap_uniforms};
   for (uint32_t k = 0; k < bt->num_members && !l->failed; k++) {
      const struct spv_member *mb = &bt->members[k];
      const char *mn = mb->name ? mb->name : "";
      int state = state_uniform(mn);
      if (state >= 0) {
         /* GL state the front end fills in (glsl_lower.c declares these); never reported */
         db->state_mask |= 1u << state;
         db->state_offset[state] = mb->offset > 0 ? (uint32_t)mb->offset : 0;
         continue;
      }
      if (!used[k])
         continue; /* inactive: GL does not report it */
      reflect_leaves(l, m, mb->type, mn, mn, "", mb->offset > 0 ? (uint32_t)mb->offset : 0,
                     mb->matrix_stride, mb->row_major, &sink);
   }
   free(used);
}

/* ── uniform blocks and samplers ───────────────────────────────────────────────────────────── */

/* One program-wide resource (a block, or a sampler), possibly an array. */
struct resource {
   const char *key; /* block name / sampler name */
   int ref_stage;   /* stage whose declaration we reflect */
   uint32_t ref_var;
   uint32_t count; /* array elements (1 if not an array) */
   bool is_array;
   uint32_t first_index; /* program-wide index of element 0 */
   uint32_t stages;      /* stages that use it */
};

static bool
is_ubo_var(const struct stage *st, uint32_t v)
{
   const struct spv_module *m = st->m;
   if (m->ids[v].storage != SpvStorageClassUniform || v == st->default_var)
      return false;
   const struct spv_id *t = spv_type(m, spv_strip_arrays(m, spv_var_pointee(m, v), NULL));
   return t->op == SpvOpTypeStruct && t->block;
}

static bool
is_sampler_var(const struct spv_module *m, uint32_t v)
{
   if (m->ids[v].storage != SpvStorageClassUniformConstant)
      return false;
   uint16_t op = spv_type(m, spv_strip_arrays(m, spv_var_pointee(m, v), NULL))->op;
   return op == SpvOpTypeSampledImage || op == SpvOpTypeImage || op == SpvOpTypeSampler;
}

static const char *
resource_key(const struct spv_module *m, uint32_t v, bool ubo)
{
   if (ubo)
      return name_of(m, spv_strip_arrays(m, spv_var_pointee(m, v), NULL));
   return name_of(m, v);
}

/* Collects program-wide resources of one kind in stage order (first use wins the lower index),
 * checks that stages agree, and decorates every declaration with its binding. */
static struct resource *
collect_resources(struct link *l, bool ubo, unsigned *out_n, uint32_t binding_base,
                  uint32_t max_total, uint32_t max_stage)
{
   struct resource *res = NULL;
   unsigned n = 0, cap = 0;
   const char *what = ubo ? "uniform block" : "sampler";

   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      struct stage *st = &l->st[s];
      if (!st->present)
         continue;
      const struct spv_module *m = st->m;
      for (unsigned i = 0; i < m->num_vars && !l->failed; i++) {
         uint32_t v = m->vars[i];
         if (ubo ? !is_ubo_var(st, v) : !is_sampler_var(m, v))
            continue;
         if (!m->ids[v].used)
            continue;
         const char *key = resource_key(m, v, ubo);
         uint32_t count;
         uint32_t pointee = spv_var_pointee(m, v);
         spv_strip_arrays(m, pointee, &count);
         bool is_array = spv_type(m, pointee)->op == SpvOpTypeArray;
         struct resource *r = NULL;
         for (unsigned k = 0; k < n; k++)
            if (!strcmp(res[k].key, key))
               r = &res[k];
         if (r) {
            const struct stage *rs = &l->st[r->ref_stage];
            if (!glsl_link_types_equal(rs->m, spv_var_pointee(rs->m, r->ref_var), m, pointee)) {
               char ta[96], tb[96];
               glsl_link_type_name(rs->m, spv_var_pointee(rs->m, r->ref_var), ta, sizeof(ta));
               glsl_link_type_name(m, pointee, tb, sizeof(tb));
               if (ubo)
                  link_error(l,
                             "uniform block `%s' has mismatching definitions in the %s and "
                             "%s shaders",
                             key, glsl_stage_name(r->ref_stage), glsl_stage_name(s));
               else
                  link_error(l,
                             "uniform `%s' declared as type `%s' in the %s shader and as "
                             "type `%s' in the %s shader",
                             key, ta, glsl_stage_name(r->ref_stage), tb, glsl_stage_name(s));
               break;
            }
            r->stages |= GLSL_STAGE_BIT(s);
         } else {
            if (!GROW(l, res, n, cap))
               break;
            r = &res[n++];
            *r = (struct resource){key, s, v, count, is_array, 0, GLSL_STAGE_BIT(s)};
         }
         if (ubo)
            st->used_blocks += count;
         else
            st->used_samplers += count;
      }
      unsigned used = ubo ? st->used_blocks : st->used_samplers;
      if (used > max_stage)
         link_error(l, "Too many %s shader %s (%u/%u)", glsl_stage_name(s),
                    ubo ? "uniform blocks" : "texture samplers", used, max_stage);
   }

   uint32_t next = 0;
   for (unsigned k = 0; k < n; k++) {
      res[k].first_index = next;
      next += res[k].count;
   }
   if (!l->failed && next > max_total)
      link_error(l, "Too many combined %ss (%u/%u)", what, next, max_total);

   /* Decorate every declaration, used or not. */
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      struct stage *st = &l->st[s];
      if (!st->present)
         continue;
      const struct spv_module *m = st->m;
      for (unsigned i = 0; i < m->num_vars; i++) {
         uint32_t v = m->vars[i];
         if (ubo ? !is_ubo_var(st, v) : !is_sampler_var(m, v))
            continue;
         const char *key = resource_key(m, v, ubo);
         uint32_t binding = 0;
         bool found = false;
         for (unsigned k = 0; k < n && !found; k++) {
            if (!strcmp(res[k].key, key)) {
               binding = binding_base + res[k].first_index;
               found = true;
            }
         }
         if (!found)
            binding = l->next_unused_binding++;
         set_binding(l, st, v, binding);
      }
   }
   *out_n = n;
   return res;
}

void
glsl_link_blocks(struct link *l)
{
   unsigned n = 0;
   struct resource *res = collect_resources(l, true, &n, GLSL_BINDING_UBO_BASE,
                                            GLSL_MAX_UNIFORM_BLOCKS, GLSL_MAX_STAGE_UNIFORM_BLOCKS);
   struct glsl_program *p = l->prog;
   for (unsigned k = 0; k < n && !l->failed; k++) {
      struct resource *r = &res[k];
      const struct spv_module *m = l->st[r->ref_stage].m;
      uint32_t block = spv_strip_arrays(m, spv_var_pointee(m, r->ref_var), NULL);
      const char *inst = name_of(m, r->ref_var);
      uint32_t data_size = round16(spv_type_size(m, block, 0, false));
      if (data_size > GLSL_MAX_UNIFORM_BLOCK_SIZE) {
         link_error(l, "uniform block `%s' takes %u bytes, at most %u", r->key, data_size,
                    GLSL_MAX_UNIFORM_BLOCK_SIZE);
         break;
      }

      unsigned first_member = p->num_block_members;
      struct leaf_sink sink = {&p->block_members, &p->num_block_members, &l->cap_members};
      /* GL names members "B.a" when the block has an instance name, "a" when it has none. */
      reflect_leaves(l, m, block, inst[0] ? r->key : "", "", inst, 0, 0, false, &sink);

      for (uint32_t e = 0; e < r->count && !l->failed; e++) {
         if (!GROW(l, p->blocks, p->num_blocks, l->cap_blocks))
            break;
         char *name = r->is_array ? strfmt("%s[%u]", r->key, e) : strfmt("%s", r->key);
         if (!name) {
            link_error(l, "out of memory");
            break;
         }
         p->blocks[p->num_blocks++] = (struct glsl_uniform_block){
            .name = name,
            .binding = GLSL_BINDING_UBO_BASE + r->first_index,
            .array_element = e,
            .data_size = data_size,
            .stages = r->stages,
            .first_member = first_member,
            .num_members = p->num_block_members - first_member,
         };
      }
   }
   free(res);
}

static bool
contains_opaque(const struct spv_module *m, uint32_t type)
{
   const struct spv_id *t = spv_type(m, spv_strip_arrays(m, type, NULL));
   if (t->op == SpvOpTypeSampledImage || t->op == SpvOpTypeImage || t->op == SpvOpTypeSampler)
      return true;
   for (uint32_t k = 0; t->op == SpvOpTypeStruct && k < t->num_members; k++)
      if (contains_opaque(m, t->members[k].type))
         return true;
   return false;
}

void
glsl_link_samplers(struct link *l)
{
   /* Relaxed Vulkan rules leave a sampler inside a uniform struct in an OpTypeStruct (even the
    * whole default block becomes UniformConstant), which Vulkan forbids; say so by name rather
    * than as a validation failure. */
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      const struct spv_module *m = l->st[s].m;
      for (unsigned i = 0; m && i < m->num_vars; i++) {
         uint32_t v = m->vars[i];
         const struct spv_id *t = spv_type(m, spv_strip_arrays(m, spv_var_pointee(m, v), NULL));
         if (m->ids[v].storage != SpvStorageClassUniformConstant || t->op != SpvOpTypeStruct)
            continue;
         const char *what = name_of(m, v);
         bool is_default = t->name && !strcmp(t->name, "gl_DefaultUniformBlock");
         for (uint32_t k = 0; is_default && k < t->num_members; k++)
            if (contains_opaque(m, t->members[k].type))
               what = t->members[k].name ? t->members[k].name : "";
         link_error(l,
                    "uniform `%s' in the %s shader: samplers inside structures are not "
                    "supported by this implementation yet",
                    what, glsl_stage_name(s));
         return;
      }
   }

   unsigned n = 0;
   struct resource *res = collect_resources(l, false, &n, GLSL_BINDING_SAMPLER_BASE,
                                            GLSL_MAX_SAMPLERS, GLSL_MAX_STAGE_SAMPLERS);
   struct glsl_program *p = l->prog;
   for (unsigned k = 0; k < n && !l->failed; k++) {
      struct resource *r = &res[k];
      const struct spv_module *m = l->st[r->ref_stage].m;
      uint32_t elem = spv_strip_arrays(m, spv_var_pointee(m, r->ref_var), NULL);
      uint32_t type = glsl_link_gl_sampler(m, elem);
      if (!type) {
         link_error(l, "sampler `%s' has a type this implementation does not support", r->key);
         break;
      }
      for (uint32_t e = 0; e < r->count && !l->failed; e++) {
         if (!GROW(l, p->samplers, p->num_samplers, l->cap_samplers))
            break;
         char *name = r->is_array ? strfmt("%s[%u]", r->key, e) : strfmt("%s", r->key);
         if (!name) {
            link_error(l, "out of memory");
            break;
         }
         p->samplers[p->num_samplers++] = (struct glsl_sampler){
            .name = name,
            .type = type,
            .binding = GLSL_BINDING_SAMPLER_BASE + r->first_index,
            .array_element = e,
            .array_size = r->count,
            .stages = r->stages,
         };
      }
   }
   free(res);
}

/* ── inputs, outputs, varyings ─────────────────────────────────────────────────────────────── */
