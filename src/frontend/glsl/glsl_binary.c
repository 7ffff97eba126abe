/* glsl_binary.c — a linked glsl_program as bytes and back (glGetProgramBinary /
 * glProgramBinary, fe_program_binary.c). One walk over the program serves both directions, so
 * what is written is what is read. Reading trusts nothing: every count and length is checked
 * against the bytes left (in 64 bits, no wrap) before anything is allocated, every string is
 * length-prefixed and may not hold a NUL, and the program read is then checked for what the
 * front end indexes with (ranges inside their arrays, offsets inside the default block). */
#include <stdlib.h>
#include <string.h>

#include "glsl.h"

/* Bounds a read program must keep (far over anything the linker makes; they keep every
 * product below 2^63 and every allocation small enough to fail cleanly). */
enum {
   MAX_COUNT = 1u << 16,      /* entries of one table */
   MAX_STRING = 1u << 16,     /* bytes of one name */
   MAX_WORDS = 1u << 24,      /* SPIR-V words of one stage */
   MAX_BLOCK_SIZE = 1u << 24, /* default block bytes */
   MAX_ARRAY = 1u << 16,      /* elements of one uniform, sampler, image or counter array */
};

struct bio {
   bool reading;
   bool bad; /* reading: malformed or short; writing: out of memory */
   uint8_t *buf;
   size_t size, at, cap;
};

static void
put(struct bio *b, const void *p, size_t n)
{
   if (b->bad || !n)
      return;
   if (b->size + n > b->cap) {
      size_t cap = b->cap ? b->cap * 2 : 4096;
      while (cap < b->size + n)
         cap *= 2;
      uint8_t *nb = realloc(b->buf, cap);
      if (!nb) {
         b->bad = true;
         return;
      }
      b->buf = nb;
      b->cap = cap;
   }
   memcpy(b->buf + b->size, p, n);
   b->size += n;
}

static bool
take(struct bio *b, void *p, size_t n)
{
   if (b->bad || n > b->size - b->at) {
      b->bad = true;
      return false;
   }
   if (!n)
      return true;
   memcpy(p, b->buf + b->at, n);
   b->at += n;
   return true;
}

static void
io_u32(struct bio *b, uint32_t *v)
{
   uint8_t w[4];
   if (!b->reading) {
      for (int k = 0; k < 4; k++)
         w[k] = (uint8_t)(*v >> (8 * k));
      put(b, w, 4);
      return;
   }
   *v = 0;
   if (take(b, w, 4))
      *v = (uint32_t)w[0] | (uint32_t)w[1] << 8 | (uint32_t)w[2] << 16 | (uint32_t)w[3] << 24;
}

static void
io_i32(struct bio *b, int32_t *v)
{
   uint32_t u = (uint32_t)*v;
   io_u32(b, &u);
   if (b->reading)
      memcpy(v, &u, sizeof(u));
}

static void
io_u64(struct bio *b, uint64_t *v)
{
   uint32_t lo = (uint32_t)*v, hi = (uint32_t)(*v >> 32);
   io_u32(b, &lo);
   io_u32(b, &hi);
   if (b->reading)
      *v = (uint64_t)hi << 32 | lo;
}

static void
io_bool(struct bio *b, bool *v)
{
   uint8_t x = *v ? 1 : 0;
   if (!b->reading) {
      put(b, &x, 1);
      return;
   }
   *v = false;
   if (take(b, &x, 1)) {
      if (x > 1)
         b->bad = true;
      *v = x == 1;
   }
}

static void
io_str(struct bio *b, char **s)
{
   uint32_t n = b->reading || !*s ? 0 : (uint32_t)strlen(*s);
   io_u32(b, &n);
   if (!b->reading) {
      put(b, *s, n);
      return;
   }
   *s = NULL;
   if (b->bad || n > MAX_STRING || n > b->size - b->at) {
      b->bad = true;
      return;
   }
   if (memchr(b->buf + b->at, '\0', n)) {
      b->bad = true;
      return;
   }
   *s = malloc((size_t)n + 1);
   if (!*s) {
      b->bad = true;
      return;
   }
   take(b, *s, n);
   (*s)[n] = '\0';
}

/* A table's count, and (reading) the table: each entry takes at least min_bytes of what is
 * left, so a count the bytes cannot hold is refused before the allocation. */
static void *
io_table(struct bio *b, unsigned *count, void *table, size_t entry_size, size_t min_bytes)
{
   uint32_t n = *count;
   io_u32(b, &n);
   if (!b->reading)
      return table;
   *count = 0;
   if (b->bad || n > MAX_COUNT || (uint64_t)n * min_bytes > b->size - b->at) {
      b->bad = true;
      return NULL;
   }
   if (!n)
      return NULL;
   void *t = calloc(n, entry_size);
   if (!t) {
      b->bad = true;
      return NULL;
   }
   *count = n;
   return t;
}

#define IO_TABLE(b, count, table, min_bytes)                                                       \
   ((table) = io_table((b), &(count), (table), sizeof(*(table)), (min_bytes)))

static void
io_uniform(struct bio *b, struct glsl_uniform *u)
{
   io_str(b, &u->name);
   io_u32(b, &u->type);
   io_u32(b, &u->array_size);
   io_u32(b, &u->offset);
   io_u32(b, &u->array_stride);
   io_u32(b, &u->matrix_stride);
   io_bool(b, &u->row_major);
   io_u32(b, &u->stages);
   io_u32(b, &u->top_array_size);
   io_u32(b, &u->top_array_stride);
}

static void
io_io(struct bio *b, struct glsl_io *v)
{
   io_str(b, &v->name);
   io_u32(b, &v->type);
   io_u32(b, &v->array_size);
   io_i32(b, &v->location);
   io_u32(b, &v->num_locations);
   io_u32(b, &v->index);
   io_u32(b, &v->component);
   io_bool(b, &v->active);
}

static void
io_spirv(struct bio *b, struct glsl_spirv *m)
{
   uint64_t n = m->words ? m->num_words : 0;
   io_u64(b, &n);
   if (b->reading) {
      m->words = NULL;
      m->num_words = 0;
      if (b->bad || n > MAX_WORDS || n * 4 > b->size - b->at) {
         b->bad = true;
         return;
      }
      if (!n)
         return;
      if (!(m->words = malloc((size_t)n * 4))) {
         b->bad = true;
         return;
      }
      m->num_words = (size_t)n;
   }
   for (size_t k = 0; k < (size_t)n && !b->bad; k++)
      io_u32(b, &m->words[k]);
}

static void
io_subroutines(struct bio *b, struct glsl_subroutine_stage *s)
{
   IO_TABLE(b, s->num_types, s->types, 4);
   for (unsigned t = 0; t < s->num_types && !b->bad; t++)
      io_str(b, &s->types[t]);
   IO_TABLE(b, s->num_fns, s->fns, 16);
   for (unsigned f = 0; f < s->num_fns && !b->bad; f++) {
      io_str(b, &s->fns[f].name);
      io_u32(b, &s->fns[f].index);
      io_u64(b, &s->fns[f].types);
   }
   IO_TABLE(b, s->num_uniforms, s->uniforms, 26);
   for (unsigned k = 0; k < s->num_uniforms && !b->bad; k++) {
      struct glsl_subroutine_uniform *u = &s->uniforms[k];
      io_str(b, &u->name);
      io_u32(b, &u->type);
      io_u32(b, &u->size);
      io_bool(b, &u->is_array);
      io_i32(b, &u->location);
      io_u32(b, &u->offset);
      io_bool(b, &u->active);
      io_u32(b, &u->def);
   }
   io_u32(b, &s->num_locations);
}

/* The whole program, field by field in declaration order. Reading stops filling at the first
 * fault (b->bad); what was allocated is in p, for glsl_program_destroy. */
static void
io_program(struct bio *b, struct glsl_program *p)
{
   io_u32(b, &p->stages);
   for (int s = 0; s < GLSL_STAGE_COUNT; s++)
      io_spirv(b, &p->spirv[s]);
   io_bool(b, &p->uses_base_instance);
   io_bool(b, &p->from_spirv);
   io_bool(b, &p->alpha_tested);
   io_u32(b, &p->blend_support);
   io_u32(b, &p->geometry.input_type);
   io_u32(b, &p->geometry.output_type);
   io_u32(b, &p->geometry.vertices_out);
   io_u32(b, &p->geometry.invocations);
   io_u32(b, &p->tess.output_vertices);
   io_u32(b, &p->tess.mode);
   io_u32(b, &p->tess.spacing);
   io_u32(b, &p->tess.vertex_order);
   io_bool(b, &p->tess.point_mode);
   for (int k = 0; k < 3; k++)
      io_u32(b, &p->local_size[k]);

   struct glsl_default_block *db = &p->default_block;
   io_u32(b, &db->size);
   if (b->reading) {
      if (b->bad || db->size > MAX_BLOCK_SIZE || db->size > b->size - b->at) {
         b->bad = true;
         return;
      }
      if (db->size && !(db->initial_data = malloc(db->size))) {
         b->bad = true;
         return;
      }
      take(b, db->initial_data, db->size);
   } else if (db->initial_data) {
      put(b, db->initial_data, db->size);
   } else {
      /* (the linker always makes initial values; a block without them starts at zero) */
      for (uint32_t k = 0; k < db->size; k++)
         put(b, &(uint8_t){0}, 1);
   }
   io_u32(b, &db->stages);
   IO_TABLE(b, db->num_uniforms, db->uniforms, 37);
   for (unsigned i = 0; i < db->num_uniforms && !b->bad; i++)
      io_uniform(b, &db->uniforms[i]);
   io_u32(b, &db->state_mask);
   for (int k = 0; k < GLSL_STATE_COUNT; k++)
      io_u32(b, &db->state_offset[k]);
   IO_TABLE(b, db->num_depth_modes, db->depth_modes, 12);
   for (unsigned i = 0; i < db->num_depth_modes && !b->bad; i++) {
      io_str(b, &db->depth_modes[i].sampler);
      io_u32(b, &db->depth_modes[i].offset);
      io_u32(b, &db->depth_modes[i].count);
   }

   IO_TABLE(b, p->num_blocks, p->blocks, 32);
   for (unsigned i = 0; i < p->num_blocks && !b->bad; i++) {
      struct glsl_uniform_block *k = &p->blocks[i];
      io_str(b, &k->name);
      io_u32(b, &k->binding);
      io_u32(b, &k->array_element);
      io_u32(b, &k->data_size);
      io_u32(b, &k->stages);
      io_u32(b, &k->bound_stages);
      io_u32(b, &k->first_member);
      io_u32(b, &k->num_members);
      io_u32(b, &k->gl_binding);
   }
   IO_TABLE(b, p->num_block_members, p->block_members, 37);
   for (unsigned i = 0; i < p->num_block_members && !b->bad; i++)
      io_uniform(b, &p->block_members[i]);

   IO_TABLE(b, p->num_samplers, p->samplers, 28);
   for (unsigned i = 0; i < p->num_samplers && !b->bad; i++) {
      struct glsl_sampler *s = &p->samplers[i];
      io_str(b, &s->name);
      io_u32(b, &s->type);
      io_u32(b, &s->binding);
      io_u32(b, &s->array_element);
      io_u32(b, &s->array_size);
      io_u32(b, &s->stages);
      io_u32(b, &s->gl_unit);
   }

   IO_TABLE(b, p->num_uniform_locations, p->uniform_locations, 12);
   for (unsigned i = 0; i < p->num_uniform_locations && !b->bad; i++) {
      io_str(b, &p->uniform_locations[i].name);
      io_u32(b, &p->uniform_locations[i].location);
      io_u32(b, &p->uniform_locations[i].count);
   }

   IO_TABLE(b, p->num_storage_blocks, p->storage_blocks, 32);
   for (unsigned i = 0; i < p->num_storage_blocks && !b->bad; i++) {
      struct glsl_storage_block *k = &p->storage_blocks[i];
      io_str(b, &k->name);
      io_u32(b, &k->binding);
      io_u32(b, &k->array_element);
      io_u32(b, &k->data_size);
      io_u32(b, &k->gl_binding);
      io_u32(b, &k->stages);
      io_u32(b, &k->first_member);
      io_u32(b, &k->num_members);
   }
   IO_TABLE(b, p->num_buffer_vars, p->buffer_vars, 37);
   for (unsigned i = 0; i < p->num_buffer_vars && !b->bad; i++)
      io_uniform(b, &p->buffer_vars[i]);

   IO_TABLE(b, p->num_images, p->images, 32);
   for (unsigned i = 0; i < p->num_images && !b->bad; i++) {
      struct glsl_image *m = &p->images[i];
      io_str(b, &m->name);
      io_u32(b, &m->type);
      io_u32(b, &m->format);
      io_u32(b, &m->binding);
      io_u32(b, &m->array_element);
      io_u32(b, &m->array_size);
      io_u32(b, &m->gl_unit);
      io_u32(b, &m->stages);
   }

   IO_TABLE(b, p->num_atomic_buffers, p->atomic_buffers, 24);
   for (unsigned i = 0; i < p->num_atomic_buffers && !b->bad; i++) {
      struct glsl_atomic_buffer *a = &p->atomic_buffers[i];
      io_u32(b, &a->gl_binding);
      io_u32(b, &a->binding);
      io_u32(b, &a->data_size);
      io_u32(b, &a->stages);
      io_u32(b, &a->first_counter);
      io_u32(b, &a->num_counters);
   }
   IO_TABLE(b, p->num_atomic_counters, p->atomic_counters, 20);
   for (unsigned i = 0; i < p->num_atomic_counters && !b->bad; i++) {
      struct glsl_atomic_counter *c = &p->atomic_counters[i];
      io_str(b, &c->name);
      io_u32(b, &c->buffer);
      io_u32(b, &c->offset);
      io_u32(b, &c->array_size);
      io_u32(b, &c->stages);
   }

   IO_TABLE(b, p->num_inputs, p->inputs, 25);
   for (unsigned i = 0; i < p->num_inputs && !b->bad; i++)
      io_io(b, &p->inputs[i]);
   IO_TABLE(b, p->num_outputs, p->outputs, 25);
   for (unsigned i = 0; i < p->num_outputs && !b->bad; i++)
      io_io(b, &p->outputs[i]);

   IO_TABLE(b, p->num_xfb, p->xfb, 24);
   for (unsigned i = 0; i < p->num_xfb && !b->bad; i++) {
      struct glsl_xfb_varying *x = &p->xfb[i];
      io_str(b, &x->name);
      io_u32(b, &x->type);
      io_u32(b, &x->size);
      io_u32(b, &x->buffer);
      io_u32(b, &x->offset);
      io_u32(b, &x->components);
   }
   io_bool(b, &p->xfb_separate);
   for (int k = 0; k < GLSL_MAX_XFB_BUFFERS; k++)
      io_u32(b, &p->xfb_stride[k]);
   io_u32(b, &p->xfb_buffers);

   for (int s = 0; s < GLSL_STAGE_COUNT && !b->bad; s++)
      io_subroutines(b, &p->subroutines[s]);
}

bool
glsl_program_serialize(const struct glsl_program *prog, uint8_t **out, size_t *size)
{
   struct bio b = {.reading = false};
   io_program(&b, (struct glsl_program *)prog);
   if (b.bad) {
      free(b.buf);
      return false;
   }
   *out = b.buf;
   *size = b.size;
   return true;
}

/* Bytes of the hidden member a state bit names (glsl_state_uniform). */
static uint32_t
state_size(int k)
{
   switch (k) {
   case GLSL_STATE_DEPTH_RANGE: return 12;
   case GLSL_STATE_COMPAT: return (uint32_t)sizeof(struct glsl_compat_state);
   default: return 4;
   }
}

static bool
range_in(uint64_t first, uint64_t count, uint64_t total)
{
   return first <= total && count <= total - first;
}

static bool
uniforms_ok(const struct glsl_uniform *u, unsigned n, uint32_t block_size)
{
   for (unsigned i = 0; i < n; i++)
      if (u[i].array_size > MAX_ARRAY || (block_size && u[i].offset > block_size))
         return false;
   return true;
}

/* What the front end indexes with, inside its arrays; NULL when it all holds. */
static const char *
program_check(const struct glsl_program *p)
{
   const uint32_t all_stages = (1u << GLSL_STAGE_COUNT) - 1;
   if (p->stages & ~all_stages)
      return "unknown stage";
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      const struct glsl_spirv *m = &p->spirv[s];
      if (!m->words)
         continue;
      if (!(p->stages & GLSL_STAGE_BIT(s)) || m->num_words < 5 || m->words[0] != 0x07230203u)
         return "SPIR-V module";
   }
   const struct glsl_default_block *db = &p->default_block;
   if (db->state_mask >> GLSL_STATE_COUNT)
      return "default block state";
   for (int k = 0; k < GLSL_STATE_COUNT; k++)
      if ((db->state_mask >> k & 1) && !range_in(db->state_offset[k], state_size(k), db->size))
         return "default block state";
   uint64_t locations = (uint64_t)p->num_samplers + p->num_images;
   for (unsigned i = 0; i < db->num_uniforms; i++)
      locations += db->uniforms[i].array_size ? db->uniforms[i].array_size : 1;
   if (locations > MAX_COUNT || !uniforms_ok(db->uniforms, db->num_uniforms, db->size))
      return "default block uniforms";
   for (unsigned i = 0; i < db->num_depth_modes; i++)
      if (!range_in(db->depth_modes[i].offset, 32ull * db->depth_modes[i].count, db->size))
         return "depth mode";
   if (p->num_blocks > GLSL_MAX_UNIFORM_BLOCKS ||
       !uniforms_ok(p->block_members, p->num_block_members, 0))
      return "uniform blocks";
   for (unsigned i = 0; i < p->num_blocks; i++)
      if (!range_in(p->blocks[i].first_member, p->blocks[i].num_members, p->num_block_members))
         return "uniform block members";
   if (p->num_samplers > GLSL_MAX_SAMPLERS)
      return "samplers";
   for (unsigned i = 0; i < p->num_samplers; i++)
      if (p->samplers[i].array_size > MAX_ARRAY ||
          p->samplers[i].array_element >=
             (p->samplers[i].array_size ? p->samplers[i].array_size : 1))
         return "samplers";
   for (unsigned i = 0; i < p->num_uniform_locations; i++)
      if (!range_in(p->uniform_locations[i].location, p->uniform_locations[i].count,
                    GLSL_MAX_UNIFORM_LOCATIONS))
         return "explicit uniform locations";
   if (p->num_storage_blocks > GLSL_MAX_STORAGE_BLOCKS ||
       !uniforms_ok(p->buffer_vars, p->num_buffer_vars, 0))
      return "storage blocks";
   for (unsigned i = 0; i < p->num_storage_blocks; i++)
      if (!range_in(p->storage_blocks[i].first_member, p->storage_blocks[i].num_members,
                    p->num_buffer_vars))
         return "storage block members";
   if (p->num_images > GLSL_MAX_IMAGES)
      return "images";
   for (unsigned i = 0; i < p->num_images; i++)
      if (p->images[i].array_size > MAX_ARRAY ||
          p->images[i].array_element >= (p->images[i].array_size ? p->images[i].array_size : 1))
         return "images";
   if (p->num_atomic_buffers > GLSL_MAX_ATOMIC_BUFFERS)
      return "atomic counter buffers";
   for (unsigned i = 0; i < p->num_atomic_buffers; i++)
      if (!range_in(p->atomic_buffers[i].first_counter, p->atomic_buffers[i].num_counters,
                    p->num_atomic_counters))
         return "atomic counter buffers";
   for (unsigned i = 0; i < p->num_atomic_counters; i++)
      if (p->atomic_counters[i].buffer >= p->num_atomic_buffers ||
          p->atomic_counters[i].array_size > MAX_ARRAY)
         return "atomic counters";
   for (unsigned i = 0; i < p->num_inputs + p->num_outputs; i++) {
      const struct glsl_io *v = i < p->num_inputs ? &p->inputs[i] : &p->outputs[i - p->num_inputs];
      if (v->location < -1 || v->location >= 4096 || v->num_locations > 4096 ||
          v->array_size > MAX_ARRAY)
         return "inputs or outputs";
   }
   if (p->xfb_buffers > GLSL_MAX_XFB_BUFFERS)
      return "transform feedback";
   for (unsigned i = 0; i < p->num_xfb; i++)
      if (p->xfb[i].buffer >= GLSL_MAX_XFB_BUFFERS || p->xfb[i].size > MAX_ARRAY)
         return "transform feedback";
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      const struct glsl_subroutine_stage *ss = &p->subroutines[s];
      if (ss->num_types > GLSL_MAX_SUBROUTINE_TYPES || ss->num_fns > GLSL_MAX_SUBROUTINES ||
          ss->num_locations > GLSL_MAX_SUBROUTINE_LOCATIONS)
         return "subroutines";
      for (unsigned f = 0; f < ss->num_fns; f++)
         if (ss->fns[f].index >= GLSL_MAX_SUBROUTINES)
            return "subroutines";
      for (unsigned k = 0; k < ss->num_uniforms; k++) {
         const struct glsl_subroutine_uniform *u = &ss->uniforms[k];
         if (u->type >= ss->num_types || u->size < 1 || u->size > GLSL_MAX_SUBROUTINE_LOCATIONS ||
             u->def >= GLSL_MAX_SUBROUTINES ||
             !range_in(u->offset, 16ull * (u->size - 1) + 4, db->size) || u->location < -1 ||
             (u->location >= 0 && !range_in((uint32_t)u->location, u->size, ss->num_locations)))
            return "subroutine uniforms";
      }
   }
   return NULL;
}

struct glsl_program *
glsl_program_deserialize(const void *data, size_t size, const char **why)
{
   *why = NULL;
   struct glsl_program *p = calloc(1, sizeof(*p));
   if (!p) {
      *why = "out of memory";
      return NULL;
   }
   struct bio b = {.reading = true, .buf = (uint8_t *)data, .size = data ? size : 0};
   io_program(&b, p);
   if (!b.bad && b.at != b.size)
      *why = "trailing bytes";
   else if (b.bad)
      *why = "truncated or malformed";
   else
      *why = program_check(p);
   if (*why) {
      glsl_program_destroy(p);
      return NULL;
   }
   return p;
}
