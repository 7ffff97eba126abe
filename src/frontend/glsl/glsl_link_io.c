/* glsl_link_io.c — GL location rules for vertex inputs, fragment outputs and varyings (matched
 * by name), varying packing, and the geometry shader's layout. */
#include "glsl_link_internal.h"

#include "decline.h"

#include <GL/glcorearb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct iovar {
   uint32_t var;
   const char *name; /* variable name */
   const char *key;  /* matching key: variable name, or block name for interface blocks */
   bool is_block;
   spv_tref type;
   uint32_t locs;
   int32_t location; /* explicit (from the source) or assigned; -1 none yet */
   bool explicit_loc;
   uint32_t index;
   /* layout(component) (GL 4.4, ARB_enhanced_layouts): the first component it takes; width and
    * per as component_span gives them; scalar its element's component type (f d i u) */
   uint32_t component, width, per;
   char scalar;
   bool set_component; /* shares its location with others: decorated Component */
   /* a block whose members carry their own locations (GL 4.4): the variable takes none (Vulkan
    * forbids both), `location` is its members' first */
   bool member_locs;
   bool active;
   int order;
};

/* A variable's components for location aliasing (layout(component), GL 4.4): its array
 * elements (a matrix's columns too) each take `per` locations, and `width` 32-bit components
 * (a double two) from component `first` on, across those locations in order. */
static void
component_span(const struct spv_refl *r, spv_tref t, uint32_t first, uint32_t *width, uint32_t *per)
{
   const struct spv_tinfo e = type_info(r, spv_refl_strip_arrays(r, t, NULL));
   uint32_t n = e.kind == SPV_TK_VECTOR   ? e.vecsize
                : e.kind == SPV_TK_MATRIX ? e.vecsize
                : e.kind == SPV_TK_SCALAR ? 1
                                          : 4 - first; /* a struct or block: whole locations */
   /* a double, int64_t or uint64_t takes two */
   if (e.width == 64)
      n *= 2;
   *width = n;
   *per = (first + n + 3) / 4;
}

/* The components (bit k: component k) variable v takes in location loc (none outside it). */
static uint32_t
components_at(const struct iovar *v, int64_t loc)
{
   if (loc < v->location || loc >= v->location + (int64_t)v->locs || !v->per)
      return 0;
   const uint32_t p = (uint32_t)(loc - v->location) % v->per;
   const uint32_t lo = v->component, hi = v->component + v->width; /* [lo, hi) over locations */
   uint32_t mask = 0;
   for (uint32_t k = 0; k < 4; k++)
      if (4 * p + k >= lo && 4 * p + k < hi)
         mask |= 1u << k;
   return mask;
}

/* Whether two variables share a component of some location. */
static bool
components_overlap(const struct iovar *a, const struct iovar *b)
{
   for (int64_t loc = a->location; loc < a->location + (int64_t)a->locs; loc++)
      if (components_at(a, loc) & components_at(b, loc))
         return true;
   return false;
}

/* Locations a vertex input of type t takes in GL: one per column, a dvec3 / dvec4 too (GLSL 4.60
 * 4.4.1; Vulkan's two for those are the backend's: spv_double_inputs.c). */
static uint32_t
vertex_input_locations(const struct spv_refl *r, spv_tref t)
{
   struct spv_tinfo ti;
   spv_refl_type(r, t, &ti);
   if (ti.kind == SPV_TK_ARRAY)
      return ti.length * vertex_input_locations(r, ti.elem);
   if (ti.kind == SPV_TK_MATRIX)
      return ti.columns;
   return ti.kind == SPV_TK_VECTOR || ti.kind == SPV_TK_SCALAR ? 1 : spv_refl_locations(r, t);
}

static int
cmp_iovar(const void *a, const void *b)
{
   const struct iovar *x = a, *y = b;
   return x->order - y->order;
}

/* The user (non-builtin) variables of one storage class, in declaration order. */
static struct iovar *
collect_io(struct link *l, int s, uint32_t storage, unsigned *out_n)
{
   const struct spv_refl *r = l->st[s].r;
   struct iovar *v = NULL;
   unsigned n = 0, cap = 0, nv;
   const struct spv_refl_var *vars =
      spv_refl_vars(r, storage == SpvStorageClassInput ? SPV_REFL_INPUTS : SPV_REFL_OUTPUTS, &nv);
   for (unsigned i = 0; i < nv; i++) {
      const uint32_t id = vars[i].id;
      if (!GROW(l, v, n, cap))
         break;
      spv_tref type = vars[i].type;
      /* A geometry or tessellation input is one element per vertex of the input primitive
       * (patch), a control output one per output vertex: match and count locations by the
       * element. */
      if (glsl_link_per_vertex_array(l, s, storage, id) && type_info(r, type).kind == SPV_TK_ARRAY)
         type = type_info(r, type).elem;
      const struct spv_tinfo elem = type_info(r, spv_refl_strip_arrays(r, type, NULL));
      bool is_block = elem.kind == SPV_TK_STRUCT && elem.block;
      int order = glsl_decl_order(&l->decl[s], vars[i].name);
      uint32_t value = 0;
      int32_t location =
         spv_refl_decoration(r, id, SpvDecorationLocation, &value) ? (int32_t)value : -1;
      uint32_t index = spv_refl_decoration(r, id, SpvDecorationIndex, &value) ? value : 0;
      const uint32_t component =
         spv_refl_decoration(r, id, SpvDecorationComponent, &value) ? value & 3 : 0;
      bool member_locs = false;
      if (is_block && location < 0)
         for (uint32_t k = 0; k < elem.num_members; k++) {
            const struct spv_tmember m = member_info(r, spv_refl_strip_arrays(r, type, NULL), k);
            if (m.location >= 0 && (!member_locs || m.location < location))
               location = m.location;
            member_locs |= m.location >= 0;
         }
      /* vertex inputs and fragment outputs whose layout the lowering took out of the text */
      const struct glsl_taken *tk = &l->taken[s];
      if (location < 0 && ((s == GLSL_STAGE_VERTEX && storage == SpvStorageClassInput) ||
                           (s == GLSL_STAGE_FRAGMENT && storage == SpvStorageClassOutput)))
         for (unsigned k = 0; k < tk->n; k++)
            if (!strcmp(tk->v[k].name, glsl_demangle(vars[i].name))) {
               location = tk->v[k].location;
               index = tk->v[k].index > 0 ? (uint32_t)tk->v[k].index : 0;
            }
      v[n++] = (struct iovar){
         .var = id,
         .name = vars[i].name,
         .key = is_block ? elem.name : vars[i].name,
         .is_block = is_block,
         .type = type,
         .locs = s == GLSL_STAGE_VERTEX && storage == SpvStorageClassInput
                    ? vertex_input_locations(r, type)
                    : spv_refl_locations(r, type),
         .location = location,
         .explicit_loc = location >= 0,
         .index = index,
         .component = component,
         .member_locs = member_locs,
         .scalar = type_info(r, spv_refl_strip_arrays(r, type, NULL)).scalar,
         .active = vars[i].used,
         /* SPIR-V orders variables by first use; GL users expect declaration order. */
         .order = order >= 0 ? order : 100000 + (int)i,
      };
   }
   for (unsigned i = 0; i < n; i++)
      component_span(r, v[i].type, v[i].component, &v[i].width, &v[i].per);
   if (n > 1)
      qsort(v, n, sizeof(*v), cmp_iovar);
   *out_n = n;
   return v;
}

static bool
range_free(uint64_t used, int32_t loc, uint32_t n)
{
   if (loc < 0 || loc + (int64_t)n > 64)
      return false;
   for (uint32_t k = 0; k < n; k++)
      if (used & (1ull << (loc + (int32_t)k)))
         return false;
   return true;
}

static void
mark(uint64_t *used, int32_t loc, uint32_t n)
{
   for (uint32_t k = 0; k < n && loc + (int32_t)k < 64; k++)
      *used |= 1ull << (loc + (int32_t)k);
}

static int32_t
lowest_free(uint64_t used, uint32_t n, int32_t max)
{
   for (int32_t loc = 0; loc + (int32_t)n <= max; loc++)
      if (range_free(used, loc, n))
         return loc;
   return -1;
}

/* Locations of a separable program's external interface: explicit ones kept, the others the
 * lowest free ones in declaration order; *end gets one past the highest used. */
static void
external_locations(struct iovar *v, unsigned n, uint32_t *end)
{
   uint64_t used = 0;
   for (unsigned i = 0; i < n; i++)
      if (v[i].explicit_loc)
         mark(&used, v[i].location, v[i].locs);
   for (unsigned i = 0; i < n; i++) {
      if (!v[i].explicit_loc) {
         const int32_t loc = lowest_free(used, v[i].locs, 64);
         v[i].location = loc < 0 ? 0 : loc;
         mark(&used, v[i].location, v[i].locs);
      }
      if ((uint32_t)v[i].location + v[i].locs > *end)
         *end = (uint32_t)v[i].location + v[i].locs;
   }
}

/* The bound location of `v` (-1: none); *index gets the bound blend index. */
static int
binding_for(const struct glsl_binding *b, unsigned nb, const struct iovar *v, uint32_t *index)
{
   size_t len = strlen(v->name);
   for (unsigned i = 0; i < nb; i++) {
      if (!b[i].name || b[i].location < 0)
         continue;
      /* "arr[0]" names an array by its first element */
      if (!strcmp(b[i].name, v->name) ||
          (!strncmp(b[i].name, v->name, len) && !strcmp(b[i].name + len, "[0]"))) {
         *index = b[i].index > 0 ? (uint32_t)b[i].index : 0;
         return b[i].location;
      }
   }
   return -1;
}

/* Whether explicitly placed v[i] overlaps an earlier explicit one of the same blend index (a
 * link error). Variables may share a location in disjoint components (layout(component), GL
 * 4.4): then they must have the same component type (GLSL 4.40, 4.4.2). */
static bool
explicit_overlap(struct link *l, const struct iovar *v, unsigned i, const char *what)
{
   for (unsigned k = 0; k < i; k++) {
      if (!v[k].explicit_loc || v[k].index != v[i].index ||
          v[k].location + (int64_t)v[k].locs <= v[i].location ||
          v[i].location + (int64_t)v[i].locs <= v[k].location)
         continue;
      if (components_overlap(&v[k], &v[i])) {
         link_error(l, "%s `%s' at location %d overlaps another %s", what, v[i].name, v[i].location,
                    what);
         return true;
      }
      if (v[k].scalar != v[i].scalar) {
         link_error(l, "%s `%s' and `%s' share location %d with different component types", what,
                    v[k].name, v[i].name, v[i].location);
         return true;
      }
   }
   return false;
}

/* GL's location rules for vertex inputs / fragment outputs (see glsl.h). `alias`: explicit and
 * bound locations may overlap (vertex inputs: GL calls it aliasing). max_index1: the locations
 * open to blend index 1 (fragment outputs). A bound pair's index applies to a variable that
 * has no explicit location (the shader's layout wins). */
static void
assign_locations(struct link *l, struct iovar *v, unsigned n, const struct glsl_binding *b,
                 unsigned nb, int32_t max, int32_t max_index1, const char *what, bool alias)
{
   uint64_t used[2] = {0, 0}; /* per blend index */

   for (unsigned i = 0; i < n && !l->failed; i++) {
      if (!v[i].explicit_loc)
         continue;
      uint64_t *u = &used[v[i].index ? 1 : 0];
      if (v[i].index && v[i].location + (int64_t)v[i].locs > max_index1)
         link_error(l,
                    "%s `%s' with index 1 at location %d: dual-source blending takes only "
                    "%d location(s) of index 1",
                    what, v[i].name, v[i].location, max_index1);
      else if (v[i].location + (int64_t)v[i].locs > max)
         link_error(l, "%s `%s' at location %d exceeds the maximum location %d", what, v[i].name,
                    v[i].location, max - 1);
      else if (!alias && explicit_overlap(l, v, i, what))
         break;
      else
         mark(u, v[i].location, v[i].locs);
   }
   /* Used ones first, so that a declared-but-unused variable never takes a location an active
    * one needs; bound names before unbound ones. */
   for (int pass = 0; pass < 4 && !l->failed; pass++) {
      bool want_active = pass < 2, want_bound = (pass % 2) == 0;
      for (unsigned i = 0; i < n && !l->failed; i++) {
         if (v[i].explicit_loc || v[i].active != want_active)
            continue;
         uint32_t bound_index = 0;
         int bound = binding_for(b, nb, &v[i], &bound_index);
         if ((bound >= 0) != want_bound)
            continue;
         if (bound >= 0)
            v[i].index = bound_index;
         uint64_t *u = &used[v[i].index ? 1 : 0];
         const int32_t lim = v[i].index ? max_index1 : max;
         if (bound >= 0) {
            if ((alias || range_free(*u, bound, v[i].locs)) && bound + (int64_t)v[i].locs <= lim) {
               v[i].location = bound;
               mark(u, bound, v[i].locs);
               continue;
            }
            if (v[i].active) {
               link_error(l,
                          "insufficient contiguous locations available for %s `%s' at bound "
                          "location %d",
                          what, v[i].name, bound);
               break;
            }
         }
         int32_t loc = lowest_free(*u, v[i].locs, lim);
         if (loc < 0 && !v[i].active)
            loc = lowest_free(*u, v[i].locs, 64); /* never read: any free slot will do */
         if (loc < 0) {
            link_error(l, "insufficient contiguous locations available for %s `%s'", what,
                       v[i].name);
            break;
         }
         v[i].location = loc;
         mark(u, loc, v[i].locs);
      }
   }
}

static void
store_io(struct link *l, int s, struct iovar *v, unsigned n, struct glsl_io **arr, unsigned *count,
         unsigned *cap)
{
   const struct spv_refl *r = l->st[s].r;
   /* Active ones first, each group in declaration order. */
   for (int want_active = 1; want_active >= 0; want_active--) {
      for (unsigned i = 0; i < n && !l->failed; i++) {
         if (v[i].active != (bool)want_active)
            continue;
         if (!GROW(l, *arr, *count, *cap))
            return;
         uint32_t array_size;
         spv_tref elem = spv_refl_strip_arrays(r, v[i].type, &array_size);
         char *name = glsl_strdup(v[i].name);
         if (!name) {
            link_error(l, "out of memory");
            return;
         }
         (*arr)[(*count)++] = (struct glsl_io){
            .name = name,
            .type = glsl_link_gl_type(r, elem, false),
            .array_size = array_size,
            .location = v[i].location,
            .num_locations = v[i].locs,
            .index = v[i].index,
            .component = v[i].component,
            .active = v[i].active,
         };
      }
   }
}

/* Locations the user variables of storage class sc of stage s take (a geometry input by its
 * per-vertex element). */
static uint32_t
interface_locations(const struct link *l, int s, uint32_t sc)
{
   const struct spv_refl *r = l->st[s].r;
   uint32_t n = 0;
   unsigned nv;
   const struct spv_refl_var *vars =
      spv_refl_vars(r, sc == SpvStorageClassInput ? SPV_REFL_INPUTS : SPV_REFL_OUTPUTS, &nv);
   for (unsigned i = 0; i < nv; i++) {
      spv_tref type = vars[i].type;
      if (glsl_link_per_vertex_array(l, s, sc, vars[i].id) &&
          type_info(r, type).kind == SPV_TK_ARRAY)
         type = type_info(r, type).elem;
      n += spv_refl_locations(r, type);
   }
   return n;
}

/* GL limits a stage interface by components, Vulkan by locations. When some interface needs
 * more locations than the device has, arrays of scalars are packed four to a location in every
 * stage (spv_pack.c; the same rewrite on both sides of each interface keeps them matching).
 * Not with transform feedback, whose offsets and copies name the unpacked elements. */
void
glsl_link_pack_varyings(struct link *l)
{
   const uint32_t max_locs = glsl_varying_components(l->in) / 4;
   bool over = false;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!l->st[s].present)
         continue;
      if (s != GLSL_STAGE_VERTEX && interface_locations(l, s, SpvStorageClassInput) > max_locs)
         over = true;
      if (s != GLSL_STAGE_FRAGMENT && interface_locations(l, s, SpvStorageClassOutput) > max_locs)
         over = true;
   }
   /* nor in a separable program: another program's stage would meet the packed side */
   bool declared = false;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++)
      declared |= glsl_link_declares_xfb(l, s);
   if (!over || l->in->num_xfb_varyings || declared || l->in->separable)
      return;
   /* all stages or none: a packed output never meets an unpacked input */
   uint32_t *w[GLSL_STAGE_COUNT] = {0};
   size_t nw[GLSL_STAGE_COUNT] = {0};
   bool blocked = false;
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed && !blocked; s++) {
      if (!l->st[s].present)
         continue;
      const char *err = NULL;
      w[s] = spv_pack_varyings(l->st[s].w, l->st[s].n, s != GLSL_STAGE_VERTEX,
                               s != GLSL_STAGE_FRAGMENT, &nw[s], &blocked, &err);
      if (err)
         link_error(l, "internal error: cannot pack the %s shader's varyings: %s",
                    glsl_stage_name(s), err);
   }
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      struct stage *st = &l->st[s];
      if (!w[s])
         continue;
      const char *err = NULL;
      struct spv_refl *r =
         blocked || l->failed ? NULL : spv_refl_create(w[s], nw[s], glsl_demangle, &err);
      if (!r) {
         if (err)
            link_error(l, "internal error: cannot read the %s shader's packed SPIR-V: %s",
                       glsl_stage_name(s), err);
         free(w[s]);
         continue;
      }
      spv_refl_destroy(st->r);
      free(st->owned);
      st->owned = w[s];
      st->w = w[s];
      st->n = nw[s];
      st->r = r;
   }
}

void
glsl_link_vertex_inputs(struct link *l)
{
   struct stage *st = &l->st[GLSL_STAGE_VERTEX];
   if (!st->present)
      return;
   unsigned n;
   struct iovar *v = collect_io(l, GLSL_STAGE_VERTEX, SpvStorageClassInput, &n);
   assign_locations(l, v, n, l->in->attrib_bindings, l->in->num_attrib_bindings,
                    GLSL_MAX_VERTEX_ATTRIBS, 0, "vertex shader input", true);
   /* Aliasing (GL 3.3, 2.11.3): several names may share a generic attribute as long as no path
    * through the shader reads two of them. Vulkan wants one Input variable per location, so an
    * active input on the location of an earlier active one of the same type becomes that one. */
   for (unsigned j = 0; j < n && !l->failed; j++) {
      for (unsigned i = 0; i < j && v[j].active; i++) {
         /* (inputs in disjoint components of a location, layout(component), are two
          * Vulkan inputs there, not aliases) */
         if (!v[i].active || !components_overlap(&v[i], &v[j]))
            continue;
         if (l->vs_essl3) {
            link_error(l,
                       "vertex shader inputs `%s' and `%s' alias location %d; GLSL ES 3.00 "
                       "does not allow aliasing (OpenGL ES 3.0 2.11.5)",
                       v[i].name, v[j].name, v[j].location);
            break;
         }
         if (v[i].location != v[j].location ||
             !glsl_link_types_equal(st->r, v[i].type, st->r, v[j].type)) {
            link_error(l,
                       "vertex shader inputs `%s' and `%s' alias location %d with different "
                       "types; this implementation supports aliasing only between inputs of "
                       "the same type",
                       v[i].name, v[j].name, v[j].location);
            break;
         }
         if (!GROW(l, st->aliases, st->num_aliases, st->cap_aliases))
            break;
         uint32_t to = v[i].var;
         for (unsigned k = 0; k < st->num_aliases; k++)
            if (st->aliases[k].from == to)
               to = st->aliases[k].to;
         st->aliases[st->num_aliases++] = (struct spv_var_alias){v[j].var, to};
         break;
      }
   }
   for (unsigned i = 0; i < n && !l->failed; i++)
      add_deco(l, st, v[i].var, SPV_SET_LOCATION, (uint32_t)v[i].location);
   if (!l->failed)
      store_io(l, GLSL_STAGE_VERTEX, v, n, &l->prog->inputs, &l->prog->num_inputs, &l->cap_inputs);
   free(v);
}

void
glsl_link_fragment_outputs(struct link *l)
{
   struct stage *st = &l->st[GLSL_STAGE_FRAGMENT];
   if (!st->present)
      return;
   unsigned n;
   struct iovar *v = collect_io(l, GLSL_STAGE_FRAGMENT, SpvStorageClassOutput, &n);
   assign_locations(l, v, n, l->in->frag_data_bindings, l->in->num_frag_data_bindings,
                    GLSL_MAX_DRAW_BUFFERS, GLSL_MAX_DUAL_SOURCE_DRAW_BUFFERS,
                    "fragment shader output", false);
   for (unsigned i = 0; i < n && !l->failed; i++) {
      add_deco(l, st, v[i].var, SPV_SET_LOCATION, (uint32_t)v[i].location);
      /* a bound index 1 reaches the SPIR-V here, as does a layout(index = 1) the lowering took
       * out of the text; glslang's own layout(index = 1) already has it */
      if (v[i].index)
         add_deco(l, st, v[i].var, SPV_SET_INDEX, v[i].index);
   }
   if (!l->failed)
      store_io(l, GLSL_STAGE_FRAGMENT, v, n, &l->prog->outputs, &l->prog->num_outputs,
               &l->cap_outputs);
   free(v);
}

/* A varying's numerical type for location aliasing: integers signed or unsigned alike. */
static char
alias_class(char scalar)
{
   return scalar == 'u' ? 'i' : scalar;
}

/* GLSL 4.40, 4.4.1: varyings of one stage interface that share a location (layout(component))
 * take disjoint components and have the same numerical type (floating point of one width, or
 * integer) and interpolation. False after a link error. */
static bool
check_location_aliases(struct link *l, int s, const struct iovar *v, unsigned n, const char *dir)
{
   const struct spv_refl *r = l->st[s].r;
   for (unsigned i = 0; i < n; i++)
      for (unsigned k = 0; k < i && v[i].explicit_loc; k++) {
         if (!v[k].explicit_loc || v[k].location + (int64_t)v[k].locs <= v[i].location ||
             v[i].location + (int64_t)v[i].locs <= v[k].location)
            continue;
         const char *why = NULL;
         if (components_overlap(&v[k], &v[i]))
            why = "overlap in their components";
         else if (alias_class(v[k].scalar) != alias_class(v[i].scalar))
            why = "have different numerical types";
         else if (spv_refl_decoration(r, v[k].var, SpvDecorationFlat, NULL) !=
                     spv_refl_decoration(r, v[i].var, SpvDecorationFlat, NULL) ||
                  spv_refl_decoration(r, v[k].var, SpvDecorationNoPerspective, NULL) !=
                     spv_refl_decoration(r, v[i].var, SpvDecorationNoPerspective, NULL))
            why = "have different interpolation qualifiers";
         if (why) {
            link_error(l, "%s shader %ss `%s' and `%s' share location %d and %s",
                       glsl_stage_name(s), dir, v[k].name, v[i].name, v[i].location, why);
            return false;
         }
      }
   return true;
}

/* A SPIR-V program's last stage without a fragment stage: outputs no stage reads (only
 * transform feedback captures them, by their Xfb decorations) that share a location and
 * components, as glslang's auto-mapped locations can make them, move to free locations:
 * Mesa links such modules, and Vulkan takes no two outputs at one location. */
static void
spirv_unread_outputs(struct iovar *v, unsigned n)
{
   uint64_t used = 0;
   for (unsigned i = 0; i < n; i++)
      if (v[i].explicit_loc)
         mark(&used, v[i].location, v[i].locs);
   for (unsigned i = 0; i < n; i++)
      for (unsigned k = 0; k < i && v[i].explicit_loc && !v[i].member_locs; k++) {
         if (!v[k].explicit_loc || v[k].location + (int64_t)v[k].locs <= v[i].location ||
             v[i].location + (int64_t)v[i].locs <= v[k].location ||
             !components_overlap(&v[k], &v[i]))
            continue;
         const int32_t loc = lowest_free(used, v[i].locs, 64);
         if (loc < 0)
            return; /* the alias check names the overlap */
         v[i].location = loc;
         mark(&used, loc, v[i].locs);
         break;
      }
}

/* Whether v may share a location with other small varyings: a 32-bit scalar or vector of up to
 * three components, or one double (two components: at component 0 or 2, as Vulkan wants a
 * 64-bit one), no array, block or layout(component) of its own. */
static bool
shareable(const struct link *l, int s, const struct iovar *v)
{
   const struct spv_tinfo t = type_info(l->st[s].r, v->type);
   return !v->is_block && !v->member_locs && !v->component && v->locs == 1 &&
          (v->scalar == 'd'
              ? t.kind == SPV_TK_SCALAR
              : v->width <= 3 && (t.kind == SPV_TK_SCALAR || t.kind == SPV_TK_VECTOR));
}

/* Varyings that may share a location: one numerical type, the same interpolation and
 * auxiliary storage (GLSL 4.40 4.4.1.3's rules for layout(component) aliasing). */
static uint32_t
share_class(const struct link *l, int s, const struct iovar *v)
{
   static const SpvDecoration d[] = {SpvDecorationFlat, SpvDecorationNoPerspective,
                                     SpvDecorationCentroid, SpvDecorationSample,
                                     SpvDecorationPatch};
   uint32_t c = (uint32_t)(unsigned char)v->scalar << 8;
   for (unsigned k = 0; k < sizeof(d) / sizeof(d[0]); k++)
      if (spv_refl_decoration(l->st[s].r, v->var, d[k], NULL))
         c |= 1u << k;
   return c;
}

/* Locations for a stage's outputs in declaration order, from 0; the first location past them.
 * GL counts a stage interface in components (GL_MAX_VARYING_COMPONENTS), Vulkan in locations:
 * when one location each would not fit max_locs, the small ones (shareable) of one class share
 * locations, each at its own components (Vulkan's Component decoration), first fit. Not with
 * transform feedback or in a separable program, whose captures and other programs' stages
 * expect each varying at component 0 of its own location. */
static uint32_t
assign_output_locations(struct link *l, int prod, struct iovar *out, unsigned np, uint32_t max_locs)
{
   uint64_t total = 0;
   for (unsigned i = 0; i < np; i++)
      total += out[i].locs;
   const bool share = total > max_locs && !l->in->num_xfb_varyings && !l->in->separable &&
                      !glsl_link_declares_xfb(l, prod);
   struct share_slot {
      uint32_t loc, used, cls;
   } open[64];
   unsigned nopen = 0;
   uint32_t next = 0;
   for (unsigned i = 0; i < np; i++) {
      if (share && shareable(l, prod, &out[i])) {
         const uint32_t cls = share_class(l, prod, &out[i]);
         unsigned k = 0;
         while (k < nopen && (open[k].cls != cls || open[k].used + out[i].width > 4))
            k++;
         if (k < nopen) {
            out[i].location = (int32_t)open[k].loc;
            out[i].component = open[k].used;
            out[i].set_component = true;
            open[k].used += out[i].width;
            continue;
         }
         if (nopen < sizeof(open) / sizeof(open[0]))
            open[nopen++] = (struct share_slot){next, out[i].width, cls};
         out[i].set_component = true;
      }
      out[i].location = (int32_t)next;
      next += out[i].locs;
   }
   return next;
}

/* Outputs of `prod` and inputs of `cons` (either may be -1) matched by name, GL style. A
 * geometry stage consumes arrays (in vec4 v[]): collect_io strips that outer level. */
void
glsl_link_varyings(struct link *l, int prod, int cons)
{
   unsigned np = 0, nc = 0;
   struct iovar *out = prod >= 0 ? collect_io(l, prod, SpvStorageClassOutput, &np) : NULL;
   struct iovar *in = cons >= 0 ? collect_io(l, cons, SpvStorageClassInput, &nc) : NULL;
   uint32_t next = 0, max_locs = glsl_varying_components(l->in) / 4;
   bool nc_external = false;

   /* GL 4.6 7.4.1: a separable program's outputs without a consumer in the program, or its
    * inputs without a producer, meet another program's stage: layout(location) is kept there
    * and the rest take the lowest free locations in declaration order (so the same
    * declarations in both programs meet by name too) */
   /* ARB_separate_shader_objects (GL 4.1, 7.4.1): inside one program too, a varying with a
    * layout(location) meets the one of the other side at the same location */
   bool any_explicit = false;
   for (unsigned i = 0; i < np; i++)
      any_explicit |= out[i].explicit_loc;
   for (unsigned i = 0; i < nc; i++)
      any_explicit |= in[i].explicit_loc;
   if (l->prog->from_spirv && prod >= 0 && cons < 0 && !l->in->separable)
      spirv_unread_outputs(out, np);
   if ((prod >= 0 && !check_location_aliases(l, prod, out, np, "output")) ||
       (cons >= 0 && !check_location_aliases(l, cons, in, nc, "input"))) {
      free(out);
      free(in);
      return;
   }
   const bool keep_out = (l->in->separable && cons < 0) || any_explicit;
   if (keep_out)
      external_locations(out, np, &next);
   if (!keep_out && prod >= 0)
      next = assign_output_locations(l, prod, out, np, max_locs);
   if (l->in->separable && prod < 0) {
      external_locations(in, nc, &next);
      nc_external = true;
   }
   if (next > max_locs)
      link_error(l, "Too many %s shader outputs (%u locations, at most %u)", glsl_stage_name(prod),
                 next, max_locs);
   if (prod >= 0)
      l->out_loc_end[prod] = next;

   for (unsigned i = 0; i < nc && !l->failed && !nc_external; i++) {
      struct iovar *o = NULL;
      for (unsigned k = 0; k < np && !o && in[i].explicit_loc; k++)
         if (out[k].explicit_loc && out[k].location == in[i].location &&
             out[k].component == in[i].component)
            o = &out[k];
      for (unsigned k = 0; k < np && !o && !in[i].explicit_loc; k++)
         if (out[k].is_block == in[i].is_block && !strcmp(out[k].key, in[i].key))
            o = &out[k];
      if (!o) {
         /* a compatibility built-in varying the previous stage does not write reads
          * undefined values (GL 2.1 §2.15.3), it does not fail the link */
         if (in[i].active && prod >= 0 && !(l->in->compat && glsl_compat_is_varying(in[i].key))) {
            link_error(l, "%s shader varying %s not written by %s shader", glsl_stage_name(cons),
                       in[i].key, glsl_stage_name(prod));
            break;
         }
         if (!in[i].explicit_loc) {
            in[i].location = (int32_t)next;
            next += in[i].locs;
         }
         continue;
      }
      const struct spv_refl *pr = l->st[prod].r, *cr = l->st[cons].r;
      if (!glsl_link_types_equal(pr, o->type, cr, in[i].type)) {
         char ta[96], tb[96];
         glsl_link_type_name(pr, o->type, ta, sizeof(ta));
         glsl_link_type_name(cr, in[i].type, tb, sizeof(tb));
         link_error(l,
                    "%s shader output `%s' declared as type `%s', but %s shader input "
                    "declared as type `%s'",
                    glsl_stage_name(prod), o->key, ta, glsl_stage_name(cons), tb);
         break;
      }
      /* GLSL 4.00, 4.3.4 / 4.3.6: a per-patch output meets a per-patch input */
      if (spv_refl_decoration(pr, o->var, SpvDecorationPatch, NULL) !=
          spv_refl_decoration(cr, in[i].var, SpvDecorationPatch, NULL)) {
         link_error(l, "`%s' is declared `patch' in only one of the %s and %s shaders", o->key,
                    glsl_stage_name(prod), glsl_stage_name(cons));
         break;
      }
      const bool p_invariant = spv_refl_decoration(pr, o->var, SpvDecorationInvariant, NULL);
      const bool c_invariant = spv_refl_decoration(cr, in[i].var, SpvDecorationInvariant, NULL);
      if (spv_refl_decoration(pr, o->var, SpvDecorationFlat, NULL) !=
             spv_refl_decoration(cr, in[i].var, SpvDecorationFlat, NULL) ||
          spv_refl_decoration(pr, o->var, SpvDecorationNoPerspective, NULL) !=
             spv_refl_decoration(cr, in[i].var, SpvDecorationNoPerspective, NULL) ||
          /* ARB_gpu_shader5 / GLSL 4.00's `sample`, an interpolation qualifier there too */
          spv_refl_decoration(pr, o->var, SpvDecorationSample, NULL) !=
             spv_refl_decoration(cr, in[i].var, SpvDecorationSample, NULL)) {
         link_error(l, "interpolation qualifier mismatch for `%s' between the %s and %s shaders",
                    o->key, glsl_stage_name(prod), glsl_stage_name(cons));
         break;
      }
      /* GLSL 1.50 - 4.10 (ESSL 1.00), 4.6.1: a varying is invariant in both stages or in
       * neither; from GLSL 4.20 (ESSL 3.00) only the output need be */
      if (p_invariant != c_invariant && !l->invariant_outputs) {
         link_error(l, "`%s' is invariant in the %s shader but not in the %s shader", o->key,
                    glsl_stage_name(p_invariant ? prod : cons),
                    glsl_stage_name(p_invariant ? cons : prod));
         break;
      }
      in[i].location = o->location;
      in[i].component = o->component;
      in[i].set_component = o->set_component;
   }
   if (!l->failed && next > max_locs && prod < 0)
      link_error(l, "Too many %s shader inputs (%u locations, at most %u)", glsl_stage_name(cons),
                 next, max_locs);

   for (unsigned i = 0; i < np && !l->failed; i++) {
      if (!out[i].member_locs)
         add_deco(l, &l->st[prod], out[i].var, SPV_SET_LOCATION, (uint32_t)out[i].location);
      if (out[i].set_component)
         add_deco(l, &l->st[prod], out[i].var, SPV_SET_COMPONENT, out[i].component);
   }
   for (unsigned i = 0; i < nc && !l->failed; i++) {
      if (!in[i].member_locs)
         add_deco(l, &l->st[cons], in[i].var, SPV_SET_LOCATION, (uint32_t)in[i].location);
      if (in[i].set_component)
         add_deco(l, &l->st[cons], in[i].var, SPV_SET_COMPONENT, in[i].component);
   }
   free(out);
   free(in);
}

/* ── transform feedback ────────────────────────────────────────────────────────────────────── */

/* Components a varying of this type takes in a capture (GL 3.3, 2.11.8: a matN takes N*N, an
 * array its elements' sum). */
void
glsl_link_geometry_layout(struct link *l)
{
   const struct stage *st = &l->st[GLSL_STAGE_GEOMETRY];
   struct glsl_geometry *g = &l->prog->geometry;
   if (!st->present)
      return;
   g->invocations = 1;
   static const SpvExecutionMode input_modes[] = {
      SpvExecutionModeInputPoints, SpvExecutionModeInputLines, SpvExecutionModeInputLinesAdjacency,
      SpvExecutionModeTriangles, SpvExecutionModeInputTrianglesAdjacency};
   static const uint32_t input_of[] = {GL_POINTS, GL_LINES, GL_LINES_ADJACENCY, GL_TRIANGLES,
                                       GL_TRIANGLES_ADJACENCY};
   static const SpvExecutionMode output_modes[] = {SpvExecutionModeOutputPoints,
                                                   SpvExecutionModeOutputLineStrip,
                                                   SpvExecutionModeOutputTriangleStrip};
   static const uint32_t output_of[] = {GL_POINTS, GL_LINE_STRIP, GL_TRIANGLE_STRIP};
   bool have_in = false, have_out = false; /* GL_POINTS is 0: the values cannot tell */
   for (size_t i = 0; i < sizeof(input_modes) / sizeof(input_modes[0]); i++)
      if (spv_refl_execution_mode(st->r, input_modes[i], NULL)) {
         g->input_type = input_of[i];
         have_in = true;
      }
   for (size_t i = 0; i < sizeof(output_modes) / sizeof(output_modes[0]); i++)
      if (spv_refl_execution_mode(st->r, output_modes[i], NULL)) {
         g->output_type = output_of[i];
         have_out = true;
      }
   spv_refl_execution_mode(st->r, SpvExecutionModeOutputVertices, &g->vertices_out);
   spv_refl_execution_mode(st->r, SpvExecutionModeInvocations, &g->invocations);
   if (!have_in || !have_out)
      link_error(l, "geometry shader must declare its input and output primitive layouts");
}

bool
glsl_link_per_vertex_array(const struct link *l, int s, uint32_t sc, uint32_t var)
{
   if (s == GLSL_STAGE_GEOMETRY)
      return sc == SpvStorageClassInput;
   if (s == GLSL_STAGE_TESS_CTRL || (s == GLSL_STAGE_TESS_EVAL && sc == SpvStorageClassInput))
      return !spv_refl_decoration(l->st[s].r, var, SpvDecorationPatch, NULL);
   return false;
}

/* GL 4.6 11.2.2: the primitive mode, spacing, order and point mode may be declared in either
 * stage (glslang puts them where they were written); the TES must have a primitive mode, a TCS
 * its output patch size (glslang refuses a TCS without one). */
void
glsl_link_tess_layout(struct link *l)
{
   const struct stage *tcs = &l->st[GLSL_STAGE_TESS_CTRL], *tes = &l->st[GLSL_STAGE_TESS_EVAL];
   struct glsl_tess *t = &l->prog->tess;
   if (tcs->present)
      spv_refl_execution_mode(tcs->r, SpvExecutionModeOutputVertices, &t->output_vertices);
   if (!tes->present)
      return;
   const struct spv_refl *r[2] = {tes->r, tcs->present ? tcs->r : NULL};
   t->spacing = GL_EQUAL;
   t->vertex_order = GL_CCW;
   for (int k = 1; k >= 0; k--) { /* the TES's word wins */
      if (!r[k])
         continue;
      if (spv_refl_execution_mode(r[k], SpvExecutionModeTriangles, NULL))
         t->mode = GL_TRIANGLES;
      if (spv_refl_execution_mode(r[k], SpvExecutionModeQuads, NULL))
         t->mode = GL_QUADS;
      if (spv_refl_execution_mode(r[k], SpvExecutionModeIsolines, NULL))
         t->mode = GL_ISOLINES;
      if (spv_refl_execution_mode(r[k], SpvExecutionModeSpacingFractionalEven, NULL))
         t->spacing = GL_FRACTIONAL_EVEN;
      if (spv_refl_execution_mode(r[k], SpvExecutionModeSpacingFractionalOdd, NULL))
         t->spacing = GL_FRACTIONAL_ODD;
      if (spv_refl_execution_mode(r[k], SpvExecutionModeVertexOrderCw, NULL))
         t->vertex_order = GL_CW;
      if (spv_refl_execution_mode(r[k], SpvExecutionModePointMode, NULL))
         t->point_mode = true;
   }
   if (!t->mode)
      link_error(l, "tessellation evaluation shader must declare a primitive mode "
                    "(triangles, quads or isolines)");
}

/* The compute stage (GLSL 4.30): its local work-group size. */
void
glsl_link_compute(struct link *l)
{
   const struct stage *st = &l->st[GLSL_STAGE_COMPUTE];
   /* glslang's linker refuses a compute stage that declares no local size */
   for (uint32_t k = 0; k < 3; k++)
      l->prog->local_size[k] = spv_refl_execution_mode_arg(st->r, SpvExecutionModeLocalSize, k);
}

/* ── patch, validate, hand over ────────────────────────────────────────────────────────────── */

/* Our rewrites must leave valid Vulkan SPIR-V; caught here, not in a backend. */
