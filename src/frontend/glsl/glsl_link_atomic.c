/* glsl_link_atomic.c — atomic counters at link: glslang's relaxed Vulkan rules leave the
 * atomic_uint uniforms of binding point N as the members of one storage block,
 * gl_AtomicCounterBlock_N, per stage. The program-wide buffers (one per binding point a used
 * stage names), their counters with GL's names and offsets, the spec's link errors (a counter
 * defined differently in two stages, counters overlapping in one buffer, the limits) and the
 * descriptor bindings glsl.h's contract gives them. */
#include "glsl_link_internal.h"

#include <stdlib.h>
#include <string.h>

int
glsl_atomic_block_binding(const char *block_name)
{
   static const char prefix[] = "gl_AtomicCounterBlock_";
   if (!block_name || strncmp(block_name, prefix, sizeof(prefix) - 1))
      return -1;
   const char *d = block_name + sizeof(prefix) - 1;
   if (!*d)
      return -1;
   int v = 0;
   for (; *d; d++) {
      if (*d < '0' || *d > '9' || v > 100000)
         return -1;
      v = v * 10 + (*d - '0');
   }
   return v;
}

/* A counter as the stages declare it, before the buffers are laid out. */
struct counter {
   const char *name; /* the reflection's: valid while the link runs */
   uint32_t gl_binding, offset, count, stages;
   /* its array levels, outermost first (ARB_arrays_of_arrays: GL names each innermost array
    * as one counter, "c[i][0]"); ndims 0 when not an array */
   uint32_t ndims, dims[GLSL_AOA_MAX_DIMS];
};

/* The array levels of a counter's type into c (more than GLSL_AOA_MAX_DIMS: the outer ones are
 * kept together in dims[0]). */
static void
counter_dims(const struct spv_refl *r, spv_tref type, struct counter *c)
{
   struct spv_tinfo t = type_info(r, type);
   while (t.kind == SPV_TK_ARRAY) {
      if (c->ndims < GLSL_AOA_MAX_DIMS)
         c->dims[c->ndims++] = t.length;
      else
         c->dims[c->ndims - 1] *= t.length;
      t = type_info(r, t.elem);
   }
}

static int
by_binding_offset(const void *a, const void *b)
{
   const struct counter *x = a, *y = b;
   if (x->gl_binding != y->gl_binding)
      return x->gl_binding < y->gl_binding ? -1 : 1;
   return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* The counters of one stage's used atomic blocks (r: its reflection, the stage linked alone
 * where glsl_link_spirv has it), merged into c[0..*n) by binding and name;
 * its buffers and counters are added to sums[0] and sums[1] (GL's combined limits count a
 * buffer or counter once per stage that uses it). */
static void
collect_stage(struct link *l, int s, const struct spv_refl *r, struct counter **c, unsigned *n,
              unsigned *cap, uint32_t sums[2])
{
   unsigned nv = 0, buffers = 0, counters = 0;
   const struct spv_refl_var *vars = spv_refl_vars(r, SPV_REFL_STORAGE_BUFFERS, &nv);
   for (unsigned i = 0; i < nv && !l->failed; i++) {
      const spv_tref block = spv_refl_strip_arrays(r, vars[i].type, NULL);
      const struct spv_tinfo t = type_info(r, block);
      const int gb = glsl_atomic_block_binding(t.name);
      if (gb < 0)
         continue;
      if (gb >= GLSL_MAX_ATOMIC_BUFFERS) { /* used or not (GLSL 4.20 4.4.4.6) */
         link_error(l,
                    "atomic counter binding %d in the %s shader is not below "
                    "GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS (%u)",
                    gb, glsl_stage_name(s), GLSL_MAX_ATOMIC_BUFFERS);
         return;
      }
      if (!vars[i].used)
         continue;
      buffers++;
      for (uint32_t k = 0; k < t.num_members && !l->failed; k++) {
         const struct spv_tmember mb = member_info(r, block, k);
         uint32_t count = 1;
         spv_refl_strip_arrays(r, mb.type, &count);
         const uint32_t offset = mb.offset > 0 ? (uint32_t)mb.offset : 0;
         counters += count;
         struct counter *same = NULL;
         for (unsigned j = 0; j < *n && !same; j++)
            if (!strcmp((*c)[j].name, mb.name))
               same = &(*c)[j];
         if (same) {
            if (same->gl_binding != (uint32_t)gb || same->offset != offset ||
                same->count != count) {
               link_error(l,
                          "atomic counter `%s' has mismatching definitions (binding, offset or "
                          "array size) in the %s shader and an earlier stage",
                          mb.name, glsl_stage_name(s));
               return;
            }
            same->stages |= GLSL_STAGE_BIT(s);
            continue;
         }
         if (!GROW(l, *c, *n, *cap))
            return;
         struct counter *nc = &(*c)[(*n)++];
         *nc = (struct counter){.name = mb.name,
                                .gl_binding = (uint32_t)gb,
                                .offset = offset,
                                .count = count,
                                .stages = GLSL_STAGE_BIT(s)};
         counter_dims(r, mb.type, nc);
      }
   }
   sums[0] += buffers;
   sums[1] += counters;
   if (buffers > GLSL_MAX_ATOMIC_BUFFERS)
      link_error(l, "Too many %s shader atomic counter buffers (%u/%u)", glsl_stage_name(s),
                 buffers, GLSL_MAX_ATOMIC_BUFFERS);
   else if (counters > GLSL_MAX_ATOMIC_COUNTERS)
      link_error(l, "Too many %s shader atomic counters (%u/%u)", glsl_stage_name(s), counters,
                 GLSL_MAX_ATOMIC_COUNTERS);
}

/* The program's buffers and counters from the sorted list c[0..n). */
static void
lay_out(struct link *l, const struct counter *c, unsigned n)
{
   struct glsl_program *p = l->prog;
   for (unsigned i = 0; i < n && !l->failed; i++) {
      const bool new_buffer = i == 0 || c[i].gl_binding != c[i - 1].gl_binding;
      /* GLSL 4.20 4.4.4.1: no two counters of one binding may share bytes */
      if (!new_buffer && (uint64_t)c[i - 1].offset + 4ull * c[i - 1].count > c[i].offset) {
         link_error(l, "atomic counters `%s' and `%s' overlap (binding %u, offset %u)",
                    c[i - 1].name, c[i].name, c[i].gl_binding, c[i].offset);
         return;
      }
      if (new_buffer) {
         if (!GROW(l, p->atomic_buffers, p->num_atomic_buffers, l->cap_atomic_buffers))
            return;
         const uint32_t a = p->num_atomic_buffers++;
         p->atomic_buffers[a] = (struct glsl_atomic_buffer){
            .gl_binding = c[i].gl_binding,
            .binding = GLSL_BINDING_SSBO_BASE + p->num_storage_blocks + a,
            .first_counter = p->num_atomic_counters,
         };
      }
      struct glsl_atomic_buffer *b = &p->atomic_buffers[p->num_atomic_buffers - 1];
      /* an array of arrays: one counter per innermost array, "c[i][j]" (its elements "[k]") */
      const uint32_t inner = c[i].ndims >= 2 ? c[i].dims[c[i].ndims - 1] : c[i].count;
      for (uint32_t e = 0; e < c[i].count / inner && !l->failed; e++) {
         if (!GROW(l, p->atomic_counters, p->num_atomic_counters, l->cap_atomic_counters))
            return;
         char idx[GLSL_AOA_MAX_DIMS * 12 + 1] = "";
         for (uint32_t d = 0, rest = e; c[i].ndims >= 2 && d + 1 < c[i].ndims; d++) {
            uint32_t below = 1;
            for (uint32_t k = d + 1; k + 1 < c[i].ndims; k++)
               below *= c[i].dims[k];
            const size_t at = strlen(idx);
            snprintf(idx + at, sizeof(idx) - at, "[%u]", rest / below);
            rest %= below;
         }
         char *name = strfmt("%s%s", c[i].name, idx);
         if (!name) {
            link_error(l, "out of memory");
            return;
         }
         p->atomic_counters[p->num_atomic_counters++] = (struct glsl_atomic_counter){
            .name = name,
            .buffer = p->num_atomic_buffers - 1,
            .offset = c[i].offset + 4 * inner * e,
            .array_size = inner,
            .stages = c[i].stages,
         };
         b->num_counters++;
      }
      b->stages |= c[i].stages;
      const uint32_t end = c[i].offset + 4 * c[i].count;
      if (end > b->data_size)
         b->data_size = end;
   }
   if (!l->failed && p->num_storage_blocks + p->num_atomic_buffers > GLSL_MAX_STORAGE_BLOCKS)
      link_error(l, "Too many shader storage blocks and atomic counter buffers together (%u/%u)",
                 p->num_storage_blocks + p->num_atomic_buffers, GLSL_MAX_STORAGE_BLOCKS);
}

void
glsl_link_atomic_counters(struct link *l)
{
   struct counter *c = NULL;
   unsigned n = 0, cap = 0;
   uint32_t sums[2] = {0, 0};
   /* glslang merged the stages' atomic blocks, so where two stages declare counters, each one's
    * own definitions come from it linked alone (glsl.c:alone_words) */
   struct spv_refl *alone[GLSL_STAGE_COUNT] = {0};
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      if (!l->st[s].present)
         continue;
      const struct glsl_stage_words *aw = l->atomic_words ? &l->atomic_words[s] : NULL;
      if (aw && aw->words) {
         const char *err = NULL;
         alone[s] = spv_refl_create(aw->words, aw->num_words, glsl_demangle, &err);
         if (!alone[s]) {
            link_error(l, "internal error: cannot read the %s shader's SPIR-V: %s",
                       glsl_stage_name(s), err);
            break;
         }
      }
      collect_stage(l, s, alone[s] ? alone[s] : l->st[s].r, &c, &n, &cap, sums);
   }
   if (!l->failed && sums[0] > GLSL_MAX_ATOMIC_BUFFERS)
      link_error(l, "Too many combined atomic counter buffers (%u/%u)", sums[0],
                 GLSL_MAX_ATOMIC_BUFFERS);
   else if (!l->failed && sums[1] > GLSL_MAX_ATOMIC_COUNTERS)
      link_error(l, "Too many combined atomic counters (%u/%u)", sums[1], GLSL_MAX_ATOMIC_COUNTERS);
   if (!l->failed && n) {
      qsort(c, n, sizeof(*c), by_binding_offset);
      lay_out(l, c, n);
   }
   free(c); /* its names point into the reflections */
   for (int s = 0; s < GLSL_STAGE_COUNT; s++)
      spv_refl_destroy(alone[s]);

   /* Decorate every atomic block, used or not. */
   const struct glsl_program *p = l->prog;
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      struct stage *st = &l->st[s];
      if (!st->present)
         continue;
      unsigned nv = 0;
      const struct spv_refl_var *vars = spv_refl_vars(st->r, SPV_REFL_STORAGE_BUFFERS, &nv);
      for (unsigned i = 0; i < nv; i++) {
         const int gb = glsl_atomic_block_binding(
            type_info(st->r, spv_refl_strip_arrays(st->r, vars[i].type, NULL)).name);
         if (gb < 0)
            continue;
         uint32_t binding = 0;
         for (unsigned a = 0; a < p->num_atomic_buffers && !binding && vars[i].used; a++)
            if (p->atomic_buffers[a].gl_binding == (uint32_t)gb)
               binding = p->atomic_buffers[a].binding;
         set_binding(l, st, vars[i].id, binding ? binding : l->next_unused_binding++);
      }
   }
}
