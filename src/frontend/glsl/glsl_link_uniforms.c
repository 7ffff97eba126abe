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
add_leaf(struct link *l, const struct spv_refl *r, struct leaf_sink *out, char *name,
         const char *scope, const char *path, spv_tref type, uint32_t array_size, uint32_t offset,
         uint32_t array_stride, uint32_t mstride, bool row_major)
{
   if (!name || !GROW(l, *out->arr, *out->n, *out->cap)) {
      free(name);
      if (!name)
         link_error(l, "out of memory");
      return;
   }
   /* SPIR-V keeps a bool block member as a 32-bit uint; the declaration says bool. */
   bool as_bool = glsl_link_component(r, type, false) == 'u' &&
                  glsl_decl_member_is_bool(l->decl, GLSL_STAGE_COUNT, scope, path);
   bool is_matrix = type_info(r, type).kind == SPV_TK_MATRIX;
   struct glsl_uniform *u = &(*out->arr)[(*out->n)++];
   *u = (struct glsl_uniform){
      .name = name,
      .type = glsl_link_gl_type(r, type, as_bool),
      .array_size = array_size,
      .offset = offset,
      .array_stride = array_stride,
      .matrix_stride = is_matrix ? mstride : 0,
      .row_major = is_matrix && row_major,
   };
}

static void
reflect_leaves(struct link *l, const struct spv_refl *r, spv_tref type, const char *name,
               const char *path, const char *scope, uint32_t offset, uint32_t mstride,
               bool row_major, struct leaf_sink *out)
{
   const struct spv_tinfo t = type_info(r, type);
   if (l->failed)
      return;
   if (t.kind == SPV_TK_ARRAY) {
      const uint32_t stride = t.array_stride;
      const enum spv_tk e = type_info(r, t.elem).kind;
      if (e == SPV_TK_STRUCT || e == SPV_TK_ARRAY) {
         /* an array of no declared size (a storage block's last member): its element [0], as
          * GL 4.6 7.3.1.1 names one for the interface (ARB_program_interface_query) */
         const uint32_t n = t.length ? t.length : 1;
         for (uint32_t k = 0; k < n && !l->failed; k++) {
            char *sub = strfmt("%s[%u]", name, k);
            if (!sub) {
               link_error(l, "out of memory");
               return;
            }
            reflect_leaves(l, r, t.elem, sub, path, scope, offset + k * stride, mstride, row_major,
                           out);
            free(sub);
         }
         return;
      }
      add_leaf(l, r, out, strfmt("%s[0]", name), scope, path, t.elem, t.length, offset, stride,
               mstride, row_major);
      return;
   }
   if (t.kind == SPV_TK_STRUCT) {
      for (uint32_t k = 0; k < t.num_members && !l->failed; k++) {
         const struct spv_tmember mb = member_info(r, type, k);
         const char *mn = mb.name;
         char *cname = name[0] ? strfmt("%s.%s", name, mn) : strfmt("%s", mn);
         char *cpath = path[0] ? strfmt("%s.%s", path, mn) : strfmt("%s", mn);
         if (!cname || !cpath)
            link_error(l, "out of memory");
         else
            reflect_leaves(l, r, mb.type, cname, cpath, scope,
                           offset + (mb.offset > 0 ? (uint32_t)mb.offset : 0), mb.matrix_stride,
                           mb.row_major, out);
         free(cname);
         free(cpath);
      }
      return;
   }
   add_leaf(l, r, out, strfmt("%s", name), scope, path, type, 1, offset, 0, mstride, row_major);
}

/* ── uniform initializers ─────────────────────────────────────────────────────────────────── */

static void
put_scalar(uint8_t *buf, uint32_t size, uint32_t offset, uint64_t bits, uint32_t bytes)
{
   if (offset + bytes > size || (bytes != 4 && bytes != 8))
      return;
   const uint32_t lo = (uint32_t)bits, hi = (uint32_t)(bits >> 32);
   memcpy(buf + offset, &lo, 4);
   if (bytes == 8)
      memcpy(buf + offset + 4, &hi, 4);
}

/* Writes constant `c` (from the OpenGL-target module cr; 0: zeros, which the buffer already
 * holds) into buf at the layout that `type` has in the Vulkan module vr: the same logical type,
 * laid out std140. */
static void
write_constant(const struct spv_refl *cr, uint32_t c, const struct spv_refl *vr, spv_tref type,
               uint32_t offset, uint32_t mstride, bool row_major, uint8_t *buf, uint32_t size)
{
   const struct spv_tinfo t = type_info(vr, type);
   /* bytes of one scalar (a bool takes 4) */
   const uint32_t bytes = t.scalar == 'b' ? 4 : t.width / 8;
   if (!c)
      return;
   switch (t.kind) {
   case SPV_TK_SCALAR:
      put_scalar(buf, size, offset, spv_refl_constant_scalar(cr, c, 0, 0, bytes == 8), bytes);
      break;
   case SPV_TK_VECTOR:
      for (uint32_t k = 0; k < t.vecsize; k++)
         put_scalar(buf, size, offset + k * bytes,
                    spv_refl_constant_scalar(cr, c, 0, k, bytes == 8), bytes);
      break;
   case SPV_TK_MATRIX:
      for (uint32_t ci = 0; ci < t.columns; ci++) {
         for (uint32_t r = 0; r < t.vecsize; r++) {
            uint32_t at =
               row_major ? offset + r * mstride + ci * bytes : offset + ci * mstride + r * bytes;
            put_scalar(buf, size, at, spv_refl_constant_scalar(cr, c, ci, r, bytes == 8), bytes);
         }
      }
      break;
   case SPV_TK_ARRAY:
      for (uint32_t k = 0; k < t.length; k++)
         write_constant(cr, spv_refl_constant_part(cr, c, k), vr, t.elem,
                        offset + k * t.array_stride, mstride, row_major, buf, size);
      break;
   case SPV_TK_STRUCT:
      for (uint32_t k = 0; k < t.num_members; k++) {
         const struct spv_tmember mb = member_info(vr, type, k);
         write_constant(cr, spv_refl_constant_part(cr, c, k), vr, mb.type,
                        offset + (mb.offset > 0 ? (uint32_t)mb.offset : 0), mb.matrix_stride,
                        mb.row_major, buf, size);
      }
      break;
   default: break;
   }
}

/* Fills the default block's initial data from the OpenGL-target modules' initializers. */
static void
apply_initializers(struct link *l, const struct spv_refl *vr, spv_tref block)
{
   struct glsl_default_block *db = &l->prog->default_block;
   const uint32_t num_members = type_info(vr, block).num_members;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!l->init_words || !l->init_words[s].words)
         continue;
      const char *err;
      struct spv_refl *cr =
         spv_refl_create(l->init_words[s].words, l->init_words[s].num_words, glsl_demangle, &err);
      if (!cr) {
         glsl_str_printf(l->log, "warning: %s shader: uniform initializers ignored (%s)\n",
                         glsl_stage_name(s), err);
         continue;
      }
      unsigned n;
      const struct spv_refl_var *v = spv_refl_vars(cr, SPV_REFL_PLAIN_UNIFORMS, &n);
      for (unsigned i = 0; i < n; i++) {
         if (!v[i].init)
            continue;
         for (uint32_t k = 0; k < num_members; k++) {
            const struct spv_tmember mb = member_info(vr, block, k);
            if (!mb.name[0] || strcmp(mb.name, v[i].name))
               continue;
            write_constant(cr, v[i].init, vr, mb.type, mb.offset > 0 ? (uint32_t)mb.offset : 0,
                           mb.matrix_stride, mb.row_major, db->initial_data, db->size);
         }
      }
      if (spv_refl_error(cr))
         glsl_str_printf(l->log, "warning: %s shader: uniform initializers: %s\n",
                         glsl_stage_name(s), spv_refl_error(cr));
      spv_refl_destroy(cr);
   }
}

/* ── default uniform block ─────────────────────────────────────────────────────────────────── */

/* The default uniform block variable (0: none); its type in *type. */
static uint32_t
find_default_block(const struct spv_refl *r, spv_tref *type)
{
   unsigned n;
   const struct spv_refl_var *v = spv_refl_vars(r, SPV_REFL_UNIFORM_BUFFERS, &n);
   for (unsigned i = 0; i < n; i++) {
      const struct spv_tinfo t = type_info(r, v[i].type);
      if (t.kind == SPV_TK_STRUCT && !strcmp(t.name, "gl_DefaultUniformBlock")) {
         *type = v[i].type;
         return v[i].id;
      }
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
   if (!strcmp(name, "_mgl_BlendEquation"))
      return GLSL_STATE_BLEND_EQUATION;
   if (!strcmp(name, "_mgl_PrimitiveDivisor"))
      return GLSL_STATE_PRIMITIVE_DIVISOR;
   return -1;
}

/* The subroutine uniform whose hidden uniform is `_mgl_sub<stage>_<name>`; NULL if none. */
static struct glsl_subroutine_uniform *
subroutine_uniform(struct link *l, const char *member)
{
   const char *p = member + 8;
   if (*p < '0' || *p >= '0' + GLSL_STAGE_COUNT || p[1] != '_')
      return NULL;
   struct glsl_subroutine_stage *ss = &l->prog->subroutines[*p - '0'];
   for (unsigned k = 0; k < ss->num_uniforms; k++)
      if (!strcmp(ss->uniforms[k].name, p + 2))
         return &ss->uniforms[k];
   return NULL;
}

/* Stage s reads these members (su): its subroutine uniforms among them are active. */
static void
mark_subroutine_uniforms(struct link *l, int s, const bool *su, uint32_t num_members)
{
   const struct spv_refl *r = l->st[s].r;
   for (uint32_t k = 0; k < num_members; k++) {
      if (!su[k])
         continue;
      const char *mn = member_info(r, l->st[s].default_type, k).name;
      struct glsl_subroutine_uniform *u =
         mn && !strncmp(mn, "_mgl_sub", 8) && mn[8] == '0' + s ? subroutine_uniform(l, mn) : NULL;
      if (u)
         u->active = true;
   }
}

/* Stamps the leaves [first, end) of one top-level declaration of type `type` with the stages
 * that reference it and its top-level array's size and stride (GL_TOP_LEVEL_ARRAY_*, GL 4.6
 * 7.3.1.1: only an array of an aggregate (structures, arrays) counts; an unsized one has size
 * 0; any other declaration size 1 and stride 0). */
static void
set_leaves(struct glsl_uniform *u, unsigned first, unsigned end, uint32_t stages,
           const struct spv_refl *r, spv_tref type)
{
   const struct spv_tinfo t = type_info(r, type);
   const enum spv_tk elem = t.kind == SPV_TK_ARRAY ? type_info(r, t.elem).kind : SPV_TK_OTHER;
   const bool array = elem == SPV_TK_STRUCT || elem == SPV_TK_ARRAY;
   for (unsigned i = first; i < end; i++) {
      u[i].stages = stages;
      u[i].top_array_size = array ? t.length : 1;
      u[i].top_array_stride = array ? t.array_stride : 0;
   }
}

void
glsl_link_default_block(struct link *l)
{
   int ref = -1;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      struct stage *st = &l->st[s];
      if (!st->present || !(st->default_var = find_default_block(st->r, &st->default_type)))
         continue;
      set_binding(l, st, st->default_var, GLSL_BINDING_DEFAULT_BLOCK);
      if (ref < 0) {
         ref = s;
      } else if (!glsl_link_types_equal(l->st[ref].r, l->st[ref].default_type, st->r,
                                        st->default_type)) {
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

   const struct spv_refl *r = l->st[ref].r;
   const spv_tref block = l->st[ref].default_type;
   const uint32_t num_members = type_info(r, block).num_members;
   uint32_t *used = calloc(num_members ? num_members : 1, sizeof(*used)); /* stage bits */
   if (!used) {
      link_error(l, "out of memory");
      return;
   }
   struct glsl_default_block *db = &l->prog->default_block;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      struct stage *st = &l->st[s];
      if (!st->default_var)
         continue;
      bool *su = calloc(num_members ? num_members : 1, sizeof(*su));
      if (!su) {
         link_error(l, "out of memory");
         break;
      }
      spv_refl_member_uses(st->r, st->default_var, su, num_members);
      for (uint32_t k = 0; k < num_members; k++) {
         if (su[k]) {
            used[k] |= GLSL_STAGE_BIT(s);
            db->stages |= GLSL_STAGE_BIT(s);
         }
      }
      mark_subroutine_uniforms(l, s, su, num_members);
      free(su);
   }
   db->size = round16(spv_refl_struct_size(r, block));
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
      apply_initializers(l, r, block);
   }
   struct leaf_sink sink = {&db->uniforms, &db->num_uniforms, &l->cap_uniforms};
   for (uint32_t k = 0; k < num_members && !l->failed; k++) {
      const struct spv_tmember mb = member_info(r, block, k);
      const char *mn = mb.name;
      int state = state_uniform(mn);
      if (state >= 0) {
         /* GL state the front end fills in (glsl_lower.c declares these); never reported */
         db->state_mask |= 1u << state;
         db->state_offset[state] = mb.offset > 0 ? (uint32_t)mb.offset : 0;
         continue;
      }
      if (!strncmp(mn, "_mgl_sub", 8)) {
         /* a subroutine uniform's index (glsl_subroutine.c); never reported */
         struct glsl_subroutine_uniform *su = subroutine_uniform(l, mn);
         if (su)
            su->offset = mb.offset > 0 ? (uint32_t)mb.offset : 0;
         continue;
      }
      if (!strncmp(mn, "_mgl_DM_", 8)) {
         /* a shadow sampler's depth mode (glsl_lower.c:shadow_depth_modes); never reported */
         uint32_t count = 1;
         spv_refl_strip_arrays(r, mb.type, &count);
         struct glsl_depth_mode *dm =
            mgu_array_push(db->depth_modes, db->num_depth_modes, l->cap_depth_modes);
         char *name = glsl_strdup(mn + 8);
         if (!dm || !name) {
            free(name);
            link_error(l, "out of memory");
            break;
         }
         *dm = (struct glsl_depth_mode){name, mb.offset > 0 ? (uint32_t)mb.offset : 0, count / 2};
         continue;
      }
      if (!used[k])
         continue; /* inactive: GL does not report it */
      const unsigned first = db->num_uniforms;
      reflect_leaves(l, r, mb.type, mn, mn, "", mb.offset > 0 ? (uint32_t)mb.offset : 0,
                     mb.matrix_stride, mb.row_major, &sink);
      set_leaves(db->uniforms, first, db->num_uniforms, used[k], r, mb.type);
   }
   free(used);
}

/* ── uniform blocks and samplers ───────────────────────────────────────────────────────────── */

/* One program-wide resource (a block, or a sampler), possibly an array. */
struct resource {
   const char *key; /* block name / sampler name */
   int ref_stage;   /* stage whose declaration we reflect */
   spv_tref ref_type;
   const char *ref_name; /* its variable's name */
   uint32_t count;       /* array elements (1 if not an array) */
   bool is_array;
   uint32_t first_index;       /* program-wide index of element 0 */
   uint32_t stages;            /* stages that use it (uniform blocks: that declare it) */
   const struct glsl_aoa *aoa; /* its GL shape when an array of arrays (flattened), else NULL */
   uint32_t used_stages;       /* stages whose SPIR-V uses it */
};

/* Whether two declarations' GL array shapes agree (their flattened types already do). */
static bool
same_shape(const struct glsl_aoa *a, const struct glsl_aoa *b)
{
   if (!a || !b)
      return !a && !b;
   return a->ndims == b->ndims && !memcmp(a->dims, b->dims, a->ndims * sizeof(a->dims[0]));
}

/* "[2][3]" for an array of arrays of that shape, "[count]" for another. */
static void
shape_text(const struct glsl_aoa *a, uint32_t count, char *buf, size_t size)
{
   size_t at = 0;
   buf[0] = 0;
   for (uint32_t d = 0; d < (a ? a->ndims : 1) && at < size; d++) {
      const int n = snprintf(buf + at, size - at, "[%u]", a ? a->dims[d] : count);
      at += n > 0 ? (size_t)n : 0;
   }
}

/* A structure leaf that glsl_lower.c hoisted (GLSL_OPAQUE_STRUCT): its path, at most `max`
 * names; 0 when key is none. */
enum { LEAF_MAX_DIMS = 4 };
struct leaf_comp {
   const char *name;
   uint32_t len, ndims;
   uint32_t dims[LEAF_MAX_DIMS];
};
static unsigned
struct_leaf_path(const char *key, struct leaf_comp *c, unsigned max)
{
   const size_t pre = sizeof(GLSL_OPAQUE_STRUCT) - 1;
   if (strncmp(key, GLSL_OPAQUE_STRUCT, pre))
      return 0;
   const char *q = key + pre;
   unsigned n = 0;
   while (*q && n < max) {
      char *end;
      const unsigned long len = strtoul(q, &end, 10);
      if (end == q || !len || strlen(end) < len)
         return 0;
      c[n].name = end;
      c[n].len = (uint32_t)len;
      c[n].ndims = 0;
      q = end + len;
      for (;;) {
         const uint32_t d = (uint32_t)strtoul(q, &end, 10);
         if (end == q || c[n].ndims >= LEAF_MAX_DIMS)
            return 0;
         if (d)
            c[n].dims[c[n].ndims++] = d;
         q = end + 1;
         if (*end == '_')
            break;
         if (*end != 'x' || !d)
            return 0;
      }
      n++;
   }
   return *q ? 0 : n;
}

/* GL's name of element e of a hoisted structure leaf ("s[i][j].si.tex", "s[i].tex[j]"). */
static char *
struct_leaf_name(const struct leaf_comp *c, unsigned n, uint32_t e)
{
   uint32_t idx[8][LEAF_MAX_DIMS];
   for (unsigned k = n; k-- > 0;) {
      for (uint32_t d = c[k].ndims; d-- > 0;) {
         idx[k][d] = e % c[k].dims[d];
         e /= c[k].dims[d];
      }
   }
   char buf[512];
   size_t at = 0;
   for (unsigned k = 0; k < n && at < sizeof(buf); k++) {
      int w =
         snprintf(buf + at, sizeof(buf) - at, "%s%.*s", k ? "." : "", (int)c[k].len, c[k].name);
      at += w > 0 ? (size_t)w : 0;
      for (uint32_t d = 0; d < c[k].ndims && at < sizeof(buf); d++) {
         w = snprintf(buf + at, sizeof(buf) - at, "[%u]", idx[k][d]);
         at += w > 0 ? (size_t)w : 0;
      }
   }
   return at < sizeof(buf) ? strfmt("%s", buf) : NULL;
}

/* GL's name of element e of resource rs: "B", "B[e]", "B[i][j]..." for an array of arrays. */
static char *
element_name(const struct resource *rs, uint32_t e)
{
   struct leaf_comp c[8];
   const unsigned nc = struct_leaf_path(rs->key, c, 8);
   if (nc)
      return struct_leaf_name(c, nc, e);
   if (!rs->aoa)
      return rs->is_array ? strfmt("%s[%u]", rs->key, e) : strfmt("%s", rs->key);
   char idx[GLSL_AOA_MAX_DIMS * 12 + 1];
   size_t at = sizeof(idx) - 1;
   idx[at] = 0;
   for (uint32_t d = rs->aoa->ndims; d-- > 0;) {
      char one[16];
      const int n = snprintf(one, sizeof(one), "[%u]", e % rs->aoa->dims[d]);
      e /= rs->aoa->dims[d];
      at -= (size_t)n;
      memcpy(idx + at, one, (size_t)n);
   }
   return strfmt("%s%s", rs->key, idx + at);
}

/* The innermost array level of an opaque resource, which GL names as one uniform of that many
 * elements ("s[i][0]" of size dims[last]); the whole array when it has one level. */
static uint32_t
inner_size(const struct resource *rs)
{
   struct leaf_comp c[8];
   const unsigned nc = struct_leaf_path(rs->key, c, 8);
   if (nc)
      return c[nc - 1].ndims ? c[nc - 1].dims[c[nc - 1].ndims - 1] : 1;
   return rs->aoa ? rs->aoa->dims[rs->aoa->ndims - 1] : rs->count;
}

static bool
is_default_block(const struct stage *st, const struct spv_refl_var *v)
{
   return st->default_var && v->id == st->default_var;
}

enum res_kind { RES_UBO, RES_SAMPLER, RES_SSBO, RES_IMAGE };

/* The opaque list holds samplers and images alike: each kind takes its own. */
static bool
of_kind(const struct spv_refl *r, const struct spv_refl_var *v, enum res_kind kind)
{
   struct spv_tinfo t;
   spv_refl_type(r, spv_refl_strip_arrays(r, v->type, NULL), &t);
   if (kind == RES_SSBO) /* atomic counter buffers are storage blocks too (glsl_link_atomic.c) */
      return glsl_atomic_block_binding(t.name) < 0;
   if (kind != RES_SAMPLER && kind != RES_IMAGE)
      return true;
   return (kind == RES_IMAGE) == (t.kind == SPV_TK_IMAGE && t.storage);
}

static const char *
resource_key(const struct spv_refl *r, const struct spv_refl_var *v, enum res_kind kind)
{
   if (kind != RES_SAMPLER && kind != RES_IMAGE)
      return type_info(r, spv_refl_strip_arrays(r, v->type, NULL)).name;
   return v->name;
}

/* Collects program-wide resources of one kind in stage order (first use wins the lower index),
 * checks that stages agree, and decorates every declaration with its binding. */
static struct resource *
collect_resources(struct link *l, enum res_kind kind, unsigned *out_n, uint32_t binding_base,
                  uint32_t max_total, uint32_t max_stage)
{
   struct resource *res = NULL;
   unsigned n = 0, cap = 0;
   const bool ubo = kind == RES_UBO;
   static const char *const whats[] = {"uniform block", "sampler", "shader storage block",
                                       "image uniform"};
   static const char *const plurals[] = {"uniform blocks", "texture samplers",
                                         "shader storage blocks", "image uniforms"};
   static const enum spv_refl_list lists[] = {SPV_REFL_UNIFORM_BUFFERS, SPV_REFL_SAMPLERS,
                                              SPV_REFL_STORAGE_BUFFERS, SPV_REFL_SAMPLERS};
   const bool opaque = kind == RES_SAMPLER || kind == RES_IMAGE;
   const char *what = whats[kind];

   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      struct stage *st = &l->st[s];
      if (!st->present)
         continue;
      const struct spv_refl *r = st->r;
      unsigned nv;
      const struct spv_refl_var *vars = spv_refl_vars(r, lists[kind], &nv);
      for (unsigned i = 0; i < nv && !l->failed; i++) {
         const struct spv_refl_var *v = &vars[i];
         const struct spv_tinfo vt = type_info(r, v->type);
         if (!is_default_block(st, v) && of_kind(r, v, kind) && vt.kind == SPV_TK_ARRAY &&
             type_info(r, vt.elem).kind == SPV_TK_ARRAY) {
            /* GLSL 4.30 / ARB_arrays_of_arrays: a Vulkan descriptor binding takes one array
             * level; flattening the indices is not done (yet) */
            link_error(l,
                       "%s `%s' in the %s shader: arrays of arrays of %s are not supported by "
                       "this implementation",
                       what, resource_key(r, v, kind), glsl_stage_name(s), plurals[kind]);
            break;
         }
         /* GL 4.6 7.6.2.1: a uniform block of the shared or std140 layout is active, and all
          * its members, whether the shader uses it or not (a packed one may be left out: mgl
          * keeps it too; glslang's SPIR-V does not say which layout the source named). A SPIR-V
          * program's blocks are what its module uses (ARB_gl_spirv). */
         if (is_default_block(st, v) || (!v->used && !(ubo && !l->prog->from_spirv)) ||
             !of_kind(r, v, kind))
            continue;
         const char *key = resource_key(r, v, kind);
         /* GLSL_BLEND_IN_SHADER's hidden sampler: no GL sampler, its own binding (below) */
         if (kind == RES_SAMPLER && !strcmp(key, GLSL_BLEND_DST_NAME))
            continue;
         uint32_t count;
         spv_refl_strip_arrays(r, v->type, &count);
         bool is_array = type_info(r, v->type).kind == SPV_TK_ARRAY;
         struct resource *res_k = NULL;
         for (unsigned k = 0; k < n; k++)
            if (!strcmp(res[k].key, key))
               res_k = &res[k];
         if (res_k) {
            const struct stage *rs = &l->st[res_k->ref_stage];
            const struct glsl_aoa *shape = glsl_link_aoa_of(st, v->id);
            if (glsl_link_types_equal(rs->r, res_k->ref_type, r, v->type) &&
                !same_shape(res_k->aoa, shape)) {
               /* (glslang's linker refuses this first; kept for what it lets through) */
               char sa[GLSL_AOA_MAX_DIMS * 12 + 1], sb[GLSL_AOA_MAX_DIMS * 12 + 1];
               shape_text(res_k->aoa, res_k->count, sa, sizeof(sa));
               shape_text(shape, count, sb, sizeof(sb));
               link_error(l,
                          "%s `%s' declared with the array shape %s in the %s shader and %s "
                          "in the %s shader",
                          what, key, sa, glsl_stage_name(res_k->ref_stage), sb, glsl_stage_name(s));
               break;
            }
            if (!glsl_link_types_equal(rs->r, res_k->ref_type, r, v->type)) {
               char ta[96], tb[96];
               glsl_link_type_name(rs->r, res_k->ref_type, ta, sizeof(ta));
               glsl_link_type_name(r, v->type, tb, sizeof(tb));
               if (!opaque)
                  link_error(l,
                             "%s `%s' has mismatching definitions in the %s and "
                             "%s shaders",
                             what, key, glsl_stage_name(res_k->ref_stage), glsl_stage_name(s));
               else
                  link_error(l,
                             "uniform `%s' declared as type `%s' in the %s shader and as "
                             "type `%s' in the %s shader",
                             key, ta, glsl_stage_name(res_k->ref_stage), tb, glsl_stage_name(s));
               break;
            }
            res_k->stages |= GLSL_STAGE_BIT(s);
            res_k->used_stages |= v->used ? GLSL_STAGE_BIT(s) : 0;
         } else {
            if (!GROW(l, res, n, cap))
               break;
            res_k = &res[n++];
            *res_k = (struct resource){key,
                                       s,
                                       v->type,
                                       v->name,
                                       count,
                                       is_array,
                                       0,
                                       GLSL_STAGE_BIT(s),
                                       glsl_link_aoa_of(st, v->id),
                                       v->used ? GLSL_STAGE_BIT(s) : 0};
         }
         if (ubo)
            st->used_blocks += count;
         else if (kind == RES_SAMPLER)
            st->used_samplers += count;
         else if (kind == RES_IMAGE)
            st->used_images += count;
         else
            st->used_storage += count;
      }
      unsigned used = ubo                   ? st->used_blocks
                      : kind == RES_SAMPLER ? st->used_samplers
                      : kind == RES_IMAGE   ? st->used_images
                                            : st->used_storage;
      if (used > max_stage)
         link_error(l, "Too many %s shader %s (%u/%u)", glsl_stage_name(s), plurals[kind], used,
                    max_stage);
   }

   uint32_t next = 0;
   for (unsigned k = 0; k < n; k++) {
      res[k].first_index = next;
      next += res[k].count;
   }
   if (!l->failed && next > max_total)
      link_error(l, "Too many combined %ss (%u/%u)", what, next, max_total);

   /* Decorate every declaration, used or not; a block no stage uses takes no binding the draws
    * must fill. */
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      struct stage *st = &l->st[s];
      if (!st->present)
         continue;
      unsigned nv;
      const struct spv_refl_var *vars = spv_refl_vars(st->r, lists[kind], &nv);
      for (unsigned i = 0; i < nv; i++) {
         if (is_default_block(st, &vars[i]) || !of_kind(st->r, &vars[i], kind))
            continue;
         const char *key = resource_key(st->r, &vars[i], kind);
         uint32_t binding = 0;
         bool found = false;
         for (unsigned k = 0; k < n && !found; k++) {
            if (!strcmp(res[k].key, key) && res[k].used_stages) {
               binding = binding_base + res[k].first_index;
               found = true;
            }
         }
         if (!found && kind == RES_SAMPLER && !strcmp(key, GLSL_BLEND_DST_NAME))
            binding = GLSL_BINDING_BLEND_DST;
         else if (!found)
            binding = l->next_unused_binding++;
         set_binding(l, st, vars[i].id, binding);
      }
   }
   *out_n = n;
   return res;
}

/* GL_UNIFORM_BLOCK_DATA_SIZE / GL_BUFFER_DATA_SIZE of a block: std140's size rounded to 16;
 * a SPIR-V program's block spans what its explicit layout places (GL 4.6 7.6.2.3: the offsets
 * and strides are the module's), rounded up to 16 bytes as Mesa does. */
static uint32_t
block_data_size(const struct link *l, const struct spv_refl *r, spv_tref block)
{
   if (l->prog->from_spirv)
      return round16(spv_refl_explicit_size(r, block));
   return round16(spv_refl_struct_size(r, block));
}

void
glsl_link_blocks(struct link *l)
{
   unsigned n = 0;
   struct resource *res = collect_resources(l, RES_UBO, &n, GLSL_BINDING_UBO_BASE,
                                            GLSL_MAX_UNIFORM_BLOCKS, GLSL_MAX_STAGE_UNIFORM_BLOCKS);
   struct glsl_program *p = l->prog;
   for (unsigned k = 0; k < n && !l->failed; k++) {
      struct resource *rs = &res[k];
      const struct spv_refl *r = l->st[rs->ref_stage].r;
      const spv_tref block = spv_refl_strip_arrays(r, rs->ref_type, NULL);
      const char *inst = rs->ref_name;
      uint32_t data_size = block_data_size(l, r, block);
      if (data_size > GLSL_MAX_UNIFORM_BLOCK_SIZE) {
         link_error(l, "uniform block `%s' takes %u bytes, at most %u", rs->key, data_size,
                    GLSL_MAX_UNIFORM_BLOCK_SIZE);
         break;
      }

      unsigned first_member = p->num_block_members;
      struct leaf_sink sink = {&p->block_members, &p->num_block_members, &l->cap_members};
      /* GL names members "B.a" when the block has an instance name, "a" when it has none. */
      reflect_leaves(l, r, block, inst[0] ? rs->key : "", "", inst, 0, 0, false, &sink);
      set_leaves(p->block_members, first_member, p->num_block_members, rs->stages, r, block);
      /* GLSL 4.20 / ARB_shading_language_420pack: layout(binding = N) is the initial binding
       * point (element k of an array: N + k) */
      const int gl_binding = glsl_link_gl_binding(l, rs->key, true);

      for (uint32_t e = 0; e < rs->count && !l->failed; e++) {
         if (!GROW(l, p->blocks, p->num_blocks, l->cap_blocks))
            break;
         char *name = element_name(rs, e);
         if (!name) {
            link_error(l, "out of memory");
            break;
         }
         p->blocks[p->num_blocks++] = (struct glsl_uniform_block){
            .name = name,
            .binding = GLSL_BINDING_UBO_BASE + rs->first_index,
            .array_element = e,
            .data_size = data_size,
            .stages = rs->stages,
            .bound_stages = rs->used_stages,
            .first_member = first_member,
            .num_members = p->num_block_members - first_member,
            .gl_binding = gl_binding < 0 ? 0 : (uint32_t)gl_binding + e,
         };
      }
   }
   free(res);
}

static bool
contains_opaque(const struct spv_refl *r, spv_tref type)
{
   const spv_tref e = spv_refl_strip_arrays(r, type, NULL);
   const struct spv_tinfo t = type_info(r, e);
   if (t.kind == SPV_TK_SAMPLED_IMAGE || t.kind == SPV_TK_IMAGE || t.kind == SPV_TK_SAMPLER)
      return true;
   for (uint32_t k = 0; t.kind == SPV_TK_STRUCT && k < t.num_members; k++)
      if (contains_opaque(r, member_info(r, e, k).type))
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
      const struct spv_refl *r = l->st[s].r;
      unsigned n = 0;
      const struct spv_refl_var *v = r ? spv_refl_vars(r, SPV_REFL_PLAIN_UNIFORMS, &n) : NULL;
      for (unsigned i = 0; i < n; i++) {
         const spv_tref e = spv_refl_strip_arrays(r, v[i].type, NULL);
         const struct spv_tinfo t = type_info(r, e);
         if (t.kind != SPV_TK_STRUCT)
            continue;
         const char *what = v[i].name;
         bool is_default = !strcmp(t.name, "gl_DefaultUniformBlock");
         for (uint32_t k = 0; is_default && k < t.num_members; k++) {
            const struct spv_tmember mb = member_info(r, e, k);
            if (contains_opaque(r, mb.type))
               what = mb.name;
         }
         link_error(l,
                    "uniform `%s' in the %s shader: samplers inside structures are not "
                    "supported by this implementation yet",
                    what, glsl_stage_name(s));
         return;
      }
   }

   unsigned n = 0;
   struct resource *res = collect_resources(l, RES_SAMPLER, &n, GLSL_BINDING_SAMPLER_BASE,
                                            GLSL_MAX_SAMPLERS, GLSL_MAX_STAGE_SAMPLERS);
   struct glsl_program *p = l->prog;
   for (unsigned k = 0; k < n && !l->failed; k++) {
      struct resource *rs = &res[k];
      const struct spv_refl *r = l->st[rs->ref_stage].r;
      uint32_t type = glsl_link_gl_sampler(r, spv_refl_strip_arrays(r, rs->ref_type, NULL));
      if (!type) {
         link_error(l, "sampler `%s' has a type this implementation does not support", rs->key);
         break;
      }
      /* layout(binding = N): the initial texture unit (element k of an array: N + k) */
      const int gl_unit = glsl_link_gl_binding(l, rs->key, false);
      for (uint32_t e = 0; e < rs->count && !l->failed; e++) {
         if (!GROW(l, p->samplers, p->num_samplers, l->cap_samplers))
            break;
         char *name = element_name(rs, e);
         if (!name) {
            link_error(l, "out of memory");
            break;
         }
         p->samplers[p->num_samplers++] = (struct glsl_sampler){
            .name = name,
            .type = type,
            .binding = GLSL_BINDING_SAMPLER_BASE + rs->first_index,
            .array_element = e % inner_size(rs),
            .array_size = inner_size(rs),
            .stages = rs->stages,
            .gl_unit = gl_unit < 0 ? 0 : (uint32_t)gl_unit + e,
         };
      }
   }
   free(res);
}

void
glsl_link_storage_blocks(struct link *l)
{
   unsigned n = 0;
   struct resource *res = collect_resources(l, RES_SSBO, &n, GLSL_BINDING_SSBO_BASE,
                                            GLSL_MAX_STORAGE_BLOCKS, GLSL_MAX_STORAGE_BLOCKS);
   struct glsl_program *p = l->prog;
   for (unsigned k = 0; k < n && !l->failed; k++) {
      const struct resource *rs = &res[k];
      const struct spv_refl *r = l->st[rs->ref_stage].r;
      const spv_tref block = spv_refl_strip_arrays(r, rs->ref_type, NULL);
      /* ARB_program_interface_query: a trailing array of no declared size counts one element;
       * rounded to 16 bytes as a uniform block's (and as Mesa does: an app that sizes its
       * buffer by the answer may write a whole std140 struct, padding included) */
      const uint32_t data_size = l->prog->from_spirv
                                    ? block_data_size(l, r, block)
                                    : round16(spv_refl_struct_size_runtime1(r, block));
      const int gl_binding = glsl_link_gl_binding(l, rs->key, true);
      /* its members, one leaf per GL buffer variable ("B.a" with an instance name) */
      const unsigned first_member = p->num_buffer_vars;
      struct leaf_sink sink = {&p->buffer_vars, &p->num_buffer_vars, &l->cap_buffer_vars};
      const struct spv_tinfo bt = type_info(r, block);
      for (uint32_t m = 0; m < bt.num_members && !l->failed; m++) {
         const struct spv_tmember mb = member_info(r, block, m);
         const unsigned first = p->num_buffer_vars;
         char *mn = rs->ref_name[0] ? strfmt("%s.%s", rs->key, mb.name) : strfmt("%s", mb.name);
         if (!mn) {
            link_error(l, "out of memory");
            break;
         }
         reflect_leaves(l, r, mb.type, mn, mb.name, rs->ref_name,
                        mb.offset > 0 ? (uint32_t)mb.offset : 0, mb.matrix_stride, mb.row_major,
                        &sink);
         free(mn);
         set_leaves(p->buffer_vars, first, p->num_buffer_vars, rs->stages, r, mb.type);
      }
      for (uint32_t e = 0; e < rs->count && !l->failed; e++) {
         if (!GROW(l, p->storage_blocks, p->num_storage_blocks, l->cap_storage))
            break;
         char *name = element_name(rs, e);
         if (!name) {
            link_error(l, "out of memory");
            break;
         }
         p->storage_blocks[p->num_storage_blocks++] = (struct glsl_storage_block){
            .name = name,
            .binding = GLSL_BINDING_SSBO_BASE + rs->first_index,
            .array_element = e,
            .data_size = data_size,
            .gl_binding = gl_binding < 0 ? 0 : (uint32_t)gl_binding + e,
            .stages = rs->stages,
            .first_member = first_member,
            .num_members = p->num_buffer_vars - first_member,
         };
      }
   }
   free(res);
}

/* SPIR-V's image format (a layout qualifier of GLSL 4.20 / ARB_shader_image_load_store) as
 * the GL internal format it names; 0 for Unknown. */
static uint32_t
gl_image_format(uint32_t spv)
{
   static const struct {
      uint32_t spv, gl;
   } map[] = {
      {SpvImageFormatRgba32f, GL_RGBA32F},
      {SpvImageFormatRgba16f, GL_RGBA16F},
      {SpvImageFormatRg32f, GL_RG32F},
      {SpvImageFormatRg16f, GL_RG16F},
      {SpvImageFormatR11fG11fB10f, GL_R11F_G11F_B10F},
      {SpvImageFormatR32f, GL_R32F},
      {SpvImageFormatR16f, GL_R16F},
      {SpvImageFormatRgba32ui, GL_RGBA32UI},
      {SpvImageFormatRgba16ui, GL_RGBA16UI},
      {SpvImageFormatRgb10a2ui, GL_RGB10_A2UI},
      {SpvImageFormatRgba8ui, GL_RGBA8UI},
      {SpvImageFormatRg32ui, GL_RG32UI},
      {SpvImageFormatRg16ui, GL_RG16UI},
      {SpvImageFormatRg8ui, GL_RG8UI},
      {SpvImageFormatR32ui, GL_R32UI},
      {SpvImageFormatR16ui, GL_R16UI},
      {SpvImageFormatR8ui, GL_R8UI},
      {SpvImageFormatRgba32i, GL_RGBA32I},
      {SpvImageFormatRgba16i, GL_RGBA16I},
      {SpvImageFormatRgba8i, GL_RGBA8I},
      {SpvImageFormatRg32i, GL_RG32I},
      {SpvImageFormatRg16i, GL_RG16I},
      {SpvImageFormatRg8i, GL_RG8I},
      {SpvImageFormatR32i, GL_R32I},
      {SpvImageFormatR16i, GL_R16I},
      {SpvImageFormatR8i, GL_R8I},
      {SpvImageFormatRgba16, GL_RGBA16},
      {SpvImageFormatRgb10A2, GL_RGB10_A2},
      {SpvImageFormatRgba8, GL_RGBA8},
      {SpvImageFormatRg16, GL_RG16},
      {SpvImageFormatRg8, GL_RG8},
      {SpvImageFormatR16, GL_R16},
      {SpvImageFormatR8, GL_R8},
      {SpvImageFormatRgba16Snorm, GL_RGBA16_SNORM},
      {SpvImageFormatRgba8Snorm, GL_RGBA8_SNORM},
      {SpvImageFormatRg16Snorm, GL_RG16_SNORM},
      {SpvImageFormatRg8Snorm, GL_RG8_SNORM},
      {SpvImageFormatR16Snorm, GL_R16_SNORM},
      {SpvImageFormatR8Snorm, GL_R8_SNORM},
   };
   for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
      if (map[i].spv == spv)
         return map[i].gl;
   return 0;
}

void
glsl_link_images(struct link *l)
{
   unsigned n = 0;
   struct resource *res = collect_resources(l, RES_IMAGE, &n, GLSL_BINDING_IMAGE_BASE,
                                            GLSL_MAX_IMAGES, GLSL_MAX_IMAGES);
   struct glsl_program *p = l->prog;
   for (unsigned k = 0; k < n && !l->failed; k++) {
      const struct resource *rs = &res[k];
      const struct spv_refl *r = l->st[rs->ref_stage].r;
      const spv_tref elem = spv_refl_strip_arrays(r, rs->ref_type, NULL);
      const uint32_t type = glsl_link_gl_image(r, elem);
      if (!type) {
         link_error(l, "image `%s' has a type this implementation does not support", rs->key);
         break;
      }
      const uint32_t format = gl_image_format(type_info(r, elem).format);
      const int gl_unit = glsl_link_gl_binding(l, rs->key, false);
      for (uint32_t e = 0; e < rs->count && !l->failed; e++) {
         if (!GROW(l, p->images, p->num_images, l->cap_images))
            break;
         char *name = element_name(rs, e);
         if (!name) {
            link_error(l, "out of memory");
            break;
         }
         p->images[p->num_images++] = (struct glsl_image){
            .name = name,
            .type = type,
            .format = format,
            .binding = GLSL_BINDING_IMAGE_BASE + rs->first_index,
            .array_element = e % inner_size(rs),
            .array_size = inner_size(rs),
            .gl_unit = gl_unit < 0 ? 0 : (uint32_t)gl_unit + e,
            .stages = rs->stages,
         };
      }
   }
   free(res);
}

/* Whether a default-block leaf, sampler or image named `name` belongs to the uniform declared as
 * `base` ("u", "u[2]", "u.m", "u[1].m"). */
static bool
of_uniform(const char *name, const char *base)
{
   const size_t n = strlen(base);
   return !strncmp(name, base, n) && (name[n] == '\0' || name[n] == '[' || name[n] == '.');
}

/* The locations the uniform declared as `base` holds in prog (0: not active). */
static uint32_t
uniform_location_count(const struct glsl_program *prog, const char *base)
{
   uint32_t n = 0;
   for (unsigned i = 0; i < prog->default_block.num_uniforms; i++)
      if (of_uniform(prog->default_block.uniforms[i].name, base))
         n += prog->default_block.uniforms[i].array_size
                 ? prog->default_block.uniforms[i].array_size
                 : 1;
   for (unsigned i = 0; i < prog->num_samplers; i++)
      if (of_uniform(prog->samplers[i].name, base))
         n++; /* one entry per element */
   for (unsigned i = 0; i < prog->num_images; i++)
      if (of_uniform(prog->images[i].name, base))
         n++;
   return n;
}

bool
glsl_link_uniform_locations(struct glsl_program *prog, const struct glsl_taken *locs,
                            struct glsl_str *log)
{
   unsigned total = 0;
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++)
      total += locs[s].n;
   if (!total)
      return true;
   struct glsl_uniform_location *v = calloc(total, sizeof(*v));
   if (!v) {
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   prog->uniform_locations = v;
   bool ok = true;
   /* GLSL 4.30 4.4.3: a uniform declared in several shaders with explicit locations has the
    * same one in each */
   for (unsigned s = 0; s < GLSL_STAGE_COUNT && ok; s++) {
      for (unsigned k = 0; k < locs[s].n && ok; k++) {
         const struct glsl_binding *b = &locs[s].v[k];
         unsigned j = 0;
         while (j < prog->num_uniform_locations && strcmp(v[j].name, b->name))
            j++;
         if (j < prog->num_uniform_locations) {
            if (v[j].location != (uint32_t)b->location) {
               glsl_str_printf(log,
                               "error: explicit locations for uniform `%s' do not match (%u "
                               "and %d)\n",
                               b->name, v[j].location, b->location);
               ok = false;
            }
            continue;
         }
         if (!(v[j].name = glsl_strdup(b->name))) {
            glsl_str_append(log, "error: out of memory\n");
            ok = false;
            break;
         }
         const uint32_t count = uniform_location_count(prog, b->name);
         v[j].location = (uint32_t)b->location;
         v[j].count = count ? count : b->index > 0 ? (uint32_t)b->index : 1;
         prog->num_uniform_locations++;
         if (v[j].location + v[j].count > GLSL_MAX_UNIFORM_LOCATIONS) {
            glsl_str_printf(log,
                            "error: uniform `%s' at explicit location %u needs %u locations, "
                            "past GL_MAX_UNIFORM_LOCATIONS (%d)\n",
                            b->name, v[j].location, v[j].count, GLSL_MAX_UNIFORM_LOCATIONS);
            ok = false;
         }
      }
   }
   /* GL 4.3 7.3: a link error when explicit locations overlap */
   for (unsigned a = 0; a < prog->num_uniform_locations && ok; a++)
      for (unsigned b = a + 1; b < prog->num_uniform_locations && ok; b++)
         if (v[a].location < v[b].location + v[b].count &&
             v[b].location < v[a].location + v[a].count) {
            glsl_str_printf(log,
                            "error: uniforms `%s' and `%s' have overlapping explicit locations "
                            "(%u and %u)\n",
                            v[a].name, v[b].name, v[a].location, v[b].location);
            ok = false;
         }
   return ok;
}

int
glsl_link_gl_binding(const struct link *l, const char *key, bool block)
{
   bool spirv = false;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++)
      spirv |= l->in->spirv[s] != NULL;
   if (!spirv)
      return l->decl ? block ? glsl_decl_block_binding(l->decl, GLSL_STAGE_COUNT, key)
                             : glsl_decl_var_binding(l->decl, GLSL_STAGE_COUNT, key)
                     : -1;
   /* "_spvB<b>", "_spvL<loc>_B<b>", "_spvSB<b>_B<b>": the number after the last B */
   const char *b = key && !strncmp(key, "_spv", 4) ? strrchr(key, 'B') : NULL;
   return b ? (int)strtol(b + 1, NULL, 10) : -1;
}
