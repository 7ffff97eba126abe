/* fe_program_resource.c — GL 4.3 program interface queries (ARB_program_interface_query, GL 4.6
 * 7.3.1): every interface's resources, names and properties, answered from the link's
 * reflection (glsl_program) and the executable's active-uniform list. The older queries
 * (glGetActiveUniformsiv, glGetActiveUniformBlockiv, glGetActiveAttrib,
 * glGetActiveAtomicCounterBufferiv) answer through the same property functions. */
#include "decline.h"
#include "fe_program_internal.h"

/* A resource's name: base followed by suffix ("[0]" for an array named by its first element). */
struct rname {
   const char *base, *suffix;
};

static GLint
rname_length(struct rname n)
{
   return (GLint)(strlen(n.base) + strlen(n.suffix) + 1);
}

static void
rname_copy_out(struct rname n, GLsizei buf_size, GLsizei *length, GLchar *dst)
{
   if (!n.suffix[0]) {
      copy_out(n.base, buf_size, length, dst);
      return;
   }
   const size_t len = (size_t)rname_length(n);
   char *full = malloc(len);
   if (!full) {
      copy_out("", buf_size, length, dst);
      return;
   }
   snprintf(full, len, "%s%s", n.base, n.suffix);
   copy_out(full, buf_size, length, dst);
   free(full);
}

/* The stage of a *_SUBROUTINE or *_SUBROUTINE_UNIFORM interface; -1 for other interfaces. */
static int
subroutine_stage(GLenum iface, bool *is_uniform)
{
   static const struct {
      GLenum fn, uniform;
      int stage;
   } map[] = {
      {GL_VERTEX_SUBROUTINE, GL_VERTEX_SUBROUTINE_UNIFORM, GLSL_STAGE_VERTEX},
      {GL_TESS_CONTROL_SUBROUTINE, GL_TESS_CONTROL_SUBROUTINE_UNIFORM, GLSL_STAGE_TESS_CTRL},
      {GL_TESS_EVALUATION_SUBROUTINE, GL_TESS_EVALUATION_SUBROUTINE_UNIFORM, GLSL_STAGE_TESS_EVAL},
      {GL_GEOMETRY_SUBROUTINE, GL_GEOMETRY_SUBROUTINE_UNIFORM, GLSL_STAGE_GEOMETRY},
      {GL_FRAGMENT_SUBROUTINE, GL_FRAGMENT_SUBROUTINE_UNIFORM, GLSL_STAGE_FRAGMENT},
      {GL_COMPUTE_SUBROUTINE, GL_COMPUTE_SUBROUTINE_UNIFORM, GLSL_STAGE_COMPUTE},
   };
   for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
      if (iface == map[i].fn || iface == map[i].uniform) {
         *is_uniform = iface == map[i].uniform;
         return map[i].stage;
      }
   }
   return -1;
}

/* Whether the context offers interface iface; GL_INVALID_ENUM when it does not. */
static bool
interface_offered(struct fe_context *ctx, GLenum iface)
{
   bool uniform;
   bool ok;
   switch (iface) {
   case GL_UNIFORM:
   case GL_UNIFORM_BLOCK:
   case GL_PROGRAM_INPUT:
   case GL_PROGRAM_OUTPUT:
   case GL_TRANSFORM_FEEDBACK_VARYING:
   case GL_TRANSFORM_FEEDBACK_BUFFER: ok = true; break;
   case GL_BUFFER_VARIABLE:
   case GL_SHADER_STORAGE_BLOCK: ok = fe_ssbo_bindings(ctx) != 0; break;
   case GL_ATOMIC_COUNTER_BUFFER: ok = fe_atomic_bindings(ctx) != 0; break;
   default: {
      const int s = subroutine_stage(iface, &uniform);
      /* ARB_shader_subroutine is desktop GL's; a stage the context lacks has no interface */
      ok = s >= 0 && ctx->desc.api != FE_API_GLES &&
           (s != GLSL_STAGE_COMPUTE || fe_compute_offered(ctx)) &&
           ((s != GLSL_STAGE_TESS_CTRL && s != GLSL_STAGE_TESS_EVAL) || fe_tess_offered(ctx));
      break;
   }
   }
   if (!ok)
      fe_error(ctx, GL_INVALID_ENUM);
   return ok;
}

/* ---- the resources of each interface ------------------------------------------------------- */

/* The first stage's inputs: the vertex inputs (active ones), then the built-ins it reads. */
static unsigned
num_inputs(const struct fe_exec *e)
{
   return e->num_active_attribs;
}

/* Active input i: *io, or NULL and *builtin for gl_VertexID / gl_InstanceID. */
static const struct glsl_io *
input_at(const struct fe_exec *e, unsigned index, const char **builtin)
{
   unsigned k = 0;
   *builtin = NULL;
   for (unsigned i = 0; i < e->glsl->num_inputs; i++) {
      const struct glsl_io *in = &e->glsl->inputs[i];
      if (in->active && k++ == index)
         return in;
   }
   for (unsigned b = 0; b < 2; b++) {
      if ((e->builtin_inputs & (1u << b)) && k++ == index) {
         *builtin = builtin_inputs[b];
         return NULL;
      }
   }
   return NULL;
}

/* The fragment outputs (the last stage's outputs; only a fragment stage's are reflected). */
static unsigned
num_outputs(const struct fe_exec *e)
{
   return (e->glsl->stages & GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT)) ? e->glsl->num_outputs : 0;
}

/* The transform feedback buffers a program writes, in binding order: resource i is the binding
 * returned. */
static unsigned
num_xfb_buffers(const struct fe_exec *e)
{
   unsigned n = 0;
   for (unsigned b = 0; b < e->glsl->xfb_buffers && b < GLSL_MAX_XFB_BUFFERS; b++)
      n += e->glsl->xfb_stride[b] != 0;
   return n;
}

static unsigned
xfb_buffer_binding(const struct fe_exec *e, unsigned index)
{
   unsigned n = 0;
   for (unsigned b = 0; b < e->glsl->xfb_buffers && b < GLSL_MAX_XFB_BUFFERS; b++)
      if (e->glsl->xfb_stride[b] && n++ == index)
         return b;
   return 0;
}

static GLint
xfb_buffer_index(const struct fe_exec *e, unsigned binding)
{
   GLint n = 0;
   for (unsigned b = 0; b < binding && b < GLSL_MAX_XFB_BUFFERS; b++)
      n += e->glsl->xfb_stride[b] != 0;
   return binding < GLSL_MAX_XFB_BUFFERS && e->glsl->xfb_stride[binding] ? n : -1;
}

/* Subroutine interfaces: function resource i is the function of subroutine index i. */
static const struct glsl_subroutine_fn *
subroutine_fn(const struct glsl_subroutine_stage *s, unsigned index)
{
   for (unsigned k = 0; k < s->num_fns; k++)
      if (s->fns[k].index == index)
         return &s->fns[k];
   return index < s->num_fns ? &s->fns[index] : NULL;
}

static const struct glsl_subroutine_stage *
subroutine_of(const struct fe_exec *e, GLenum iface, bool *is_uniform)
{
   const int s = subroutine_stage(iface, is_uniform);
   if (s < 0 || !(e->glsl->stages & GLSL_STAGE_BIT(s)))
      return NULL;
   return &e->glsl->subroutines[s];
}

static unsigned
resource_count(const struct fe_exec *e, GLenum iface)
{
   const struct glsl_program *gp = e->glsl;
   switch (iface) {
   case GL_UNIFORM: return e->num_active;
   case GL_UNIFORM_BLOCK: return gp->num_blocks;
   case GL_PROGRAM_INPUT: return num_inputs(e);
   case GL_PROGRAM_OUTPUT: return num_outputs(e);
   case GL_TRANSFORM_FEEDBACK_VARYING: return gp->num_xfb;
   case GL_TRANSFORM_FEEDBACK_BUFFER: return num_xfb_buffers(e);
   case GL_BUFFER_VARIABLE: return gp->num_buffer_vars;
   case GL_SHADER_STORAGE_BLOCK: return gp->num_storage_blocks;
   case GL_ATOMIC_COUNTER_BUFFER: return gp->num_atomic_buffers;
   default: {
      bool uniform;
      const struct glsl_subroutine_stage *s = subroutine_of(e, iface, &uniform);
      return !s ? 0 : uniform ? s->num_uniforms : s->num_fns;
   }
   }
}

/* The name of resource `index` (< resource_count); interfaces without names have none. */
static struct rname
resource_name(const struct fe_exec *e, GLenum iface, unsigned index)
{
   const struct glsl_program *gp = e->glsl;
   if (fe_names_hidden(e))
      return (struct rname){"", ""};
   switch (iface) {
   case GL_UNIFORM: return (struct rname){e->active[index].name, ""};
   case GL_UNIFORM_BLOCK: return (struct rname){gp->blocks[index].name, ""};
   case GL_PROGRAM_INPUT: {
      const char *builtin;
      const struct glsl_io *in = input_at(e, index, &builtin);
      if (!in)
         return (struct rname){builtin ? builtin : "", ""};
      return (struct rname){in->name, in->array_size > 1 ? "[0]" : ""};
   }
   case GL_PROGRAM_OUTPUT: {
      const struct glsl_io *out = &gp->outputs[index];
      return (struct rname){out->name, out->array_size > 1 ? "[0]" : ""};
   }
   case GL_TRANSFORM_FEEDBACK_VARYING: return (struct rname){gp->xfb[index].name, ""};
   case GL_BUFFER_VARIABLE: return (struct rname){gp->buffer_vars[index].name, ""};
   case GL_SHADER_STORAGE_BLOCK: return (struct rname){gp->storage_blocks[index].name, ""};
   case GL_ATOMIC_COUNTER_BUFFER:
   case GL_TRANSFORM_FEEDBACK_BUFFER: return (struct rname){"", ""};
   default: {
      bool uniform;
      const struct glsl_subroutine_stage *s = subroutine_of(e, iface, &uniform);
      if (uniform)
         return (struct rname){s->uniforms[index].name, s->uniforms[index].is_array ? "[0]" : ""};
      const struct glsl_subroutine_fn *f = subroutine_fn(s, index);
      return (struct rname){f ? f->name : "", ""};
   }
   }
}

/* Whether `name` names resource n: exactly, or as n's name without a trailing "[0]" (GL 4.6
 * 7.3.1.1). */
static bool
name_matches(struct rname n, const char *name)
{
   const size_t blen = strlen(n.base), slen = strlen(n.suffix), len = strlen(name);
   if (len == blen + slen)
      return !strncmp(name, n.base, blen) && !strcmp(name + blen, n.suffix);
   if (len + 3 != blen + slen)
      return false;
   if (slen) /* the suffix is "[0]" */
      return !strcmp(name, n.base);
   return !strcmp(n.base + len, "[0]") && !strncmp(name, n.base, len);
}

/* ---- properties ---------------------------------------------------------------------------- */

/* What a property asks about: values (count written to out, at most cap kept), or why not. */
enum { PROP_NOT_OF_IFACE = -1, PROP_UNKNOWN = -2 };

static int
referenced_by(uint32_t stages, GLenum prop)
{
   switch (prop) {
   case GL_REFERENCED_BY_VERTEX_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER:
      return !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_VERTEX));
   case GL_REFERENCED_BY_FRAGMENT_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER:
      return !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT));
   case GL_REFERENCED_BY_GEOMETRY_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_GEOMETRY_SHADER:
      return !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY));
   case GL_REFERENCED_BY_COMPUTE_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER:
      return !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE));
   case GL_REFERENCED_BY_TESS_CONTROL_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_CONTROL_SHADER:
      return !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_TESS_CTRL));
   case GL_REFERENCED_BY_TESS_EVALUATION_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_EVALUATION_SHADER:
      return !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL));
   default: return -1;
   }
}

/* Whether prop is one of GL 4.6 table 7.2's properties at all (else GL_INVALID_ENUM). */
static bool
known_property(GLenum prop)
{
   if (referenced_by(0, prop) >= 0 && prop >= GL_REFERENCED_BY_VERTEX_SHADER &&
       prop <= GL_REFERENCED_BY_COMPUTE_SHADER)
      return true;
   switch (prop) {
   case GL_NAME_LENGTH:
   case GL_TYPE:
   case GL_ARRAY_SIZE:
   case GL_OFFSET:
   case GL_BLOCK_INDEX:
   case GL_ARRAY_STRIDE:
   case GL_MATRIX_STRIDE:
   case GL_IS_ROW_MAJOR:
   case GL_ATOMIC_COUNTER_BUFFER_INDEX:
   case GL_BUFFER_BINDING:
   case GL_BUFFER_DATA_SIZE:
   case GL_NUM_ACTIVE_VARIABLES:
   case GL_ACTIVE_VARIABLES:
   case GL_TOP_LEVEL_ARRAY_SIZE:
   case GL_TOP_LEVEL_ARRAY_STRIDE:
   case GL_LOCATION:
   case GL_LOCATION_INDEX:
   case GL_IS_PER_PATCH:
   case GL_LOCATION_COMPONENT:
   case GL_TRANSFORM_FEEDBACK_BUFFER_INDEX:
   case GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE:
   case GL_NUM_COMPATIBLE_SUBROUTINES:
   case GL_COMPATIBLE_SUBROUTINES: return true;
   default: return false;
   }
}

/* One value; the helpers below return the number of values they produced. */
static int
one(GLint *out, unsigned cap, GLint v)
{
   if (cap)
      *out = v;
   return 1;
}

/* GL_UNIFORM resource `index` (the active-uniform list). */
static int
uniform_property(const struct fe_exec *e, unsigned index, GLenum prop, GLint *out, unsigned cap)
{
   const struct fe_active_uniform *u = &e->active[index];
   const int ref = referenced_by(u->stages, prop);
   if (ref >= 0)
      return one(out, cap, ref);
   switch (prop) {
   case GL_NAME_LENGTH: return one(out, cap, rname_length(resource_name(e, GL_UNIFORM, index)));
   case GL_TYPE: return one(out, cap, (GLint)u->type);
   case GL_ARRAY_SIZE: return one(out, cap, u->size);
   case GL_OFFSET: return one(out, cap, u->offset);
   case GL_BLOCK_INDEX: return one(out, cap, u->block_index);
   case GL_ARRAY_STRIDE: return one(out, cap, u->array_stride);
   case GL_MATRIX_STRIDE: return one(out, cap, u->matrix_stride);
   case GL_IS_ROW_MAJOR: return one(out, cap, u->row_major);
   case GL_ATOMIC_COUNTER_BUFFER_INDEX: return one(out, cap, u->atomic_buffer);
   case GL_LOCATION: return one(out, cap, u->location);
   default: return PROP_NOT_OF_IFACE;
   }
}

/* GL_BUFFER_VARIABLE resource `index`. */
static int
buffer_variable_property(const struct fe_exec *e, unsigned index, GLenum prop, GLint *out,
                         unsigned cap)
{
   const struct glsl_uniform *v = &e->glsl->buffer_vars[index];
   const int ref = referenced_by(v->stages, prop);
   if (ref >= 0)
      return one(out, cap, ref);
   switch (prop) {
   case GL_NAME_LENGTH: return one(out, cap, (GLint)strlen(fe_resource_label(e, v->name)) + 1);
   case GL_TYPE: return one(out, cap, (GLint)v->type);
   case GL_ARRAY_SIZE: return one(out, cap, (GLint)v->array_size);
   case GL_OFFSET: return one(out, cap, (GLint)v->offset);
   case GL_BLOCK_INDEX: {
      /* the first block (element 0 of an array of blocks) whose members it is */
      for (unsigned b = 0; b < e->glsl->num_storage_blocks; b++) {
         const struct glsl_storage_block *sb = &e->glsl->storage_blocks[b];
         if (index >= sb->first_member && index < sb->first_member + sb->num_members)
            return one(out, cap, (GLint)b);
      }
      return one(out, cap, -1);
   }
   case GL_ARRAY_STRIDE: return one(out, cap, (GLint)v->array_stride);
   case GL_MATRIX_STRIDE: return one(out, cap, (GLint)v->matrix_stride);
   case GL_IS_ROW_MAJOR: return one(out, cap, v->row_major);
   case GL_TOP_LEVEL_ARRAY_SIZE: return one(out, cap, (GLint)v->top_array_size);
   case GL_TOP_LEVEL_ARRAY_STRIDE: return one(out, cap, (GLint)v->top_array_stride);
   default: return PROP_NOT_OF_IFACE;
   }
}

/* Consecutive indices first .. first + n - 1 (a block's active variables). */
static int
index_range(GLint *out, unsigned cap, unsigned first, unsigned n)
{
   for (unsigned m = 0; m < n && m < cap; m++)
      out[m] = (GLint)(first + m);
   return (int)n;
}

/* GL_UNIFORM_BLOCK, GL_SHADER_STORAGE_BLOCK and GL_ATOMIC_COUNTER_BUFFER resource `index`. */
static int
block_property(const struct fe_exec *e, GLenum iface, unsigned index, GLenum prop, GLint *out,
               unsigned cap)
{
   const struct glsl_program *gp = e->glsl;
   uint32_t stages, size, binding, first, n;
   if (iface == GL_UNIFORM_BLOCK) {
      const struct glsl_uniform_block *b = &gp->blocks[index];
      stages = b->stages;
      size = b->data_size;
      binding = e->block_bindings[index];
      /* block members follow default-block uniforms, samplers, images and atomic counters */
      first = e->num_active - gp->num_block_members + b->first_member;
      n = b->num_members;
   } else if (iface == GL_SHADER_STORAGE_BLOCK) {
      const struct glsl_storage_block *b = &gp->storage_blocks[index];
      stages = b->stages;
      size = b->data_size;
      binding = e->storage_bindings[index];
      first = b->first_member;
      n = b->num_members;
   } else {
      const struct glsl_atomic_buffer *b = &gp->atomic_buffers[index];
      stages = b->stages;
      size = b->data_size;
      binding = b->gl_binding;
      n = b->num_counters;
      first = 0;
   }
   const int ref = referenced_by(stages, prop);
   if (ref >= 0)
      return one(out, cap, ref);
   switch (prop) {
   case GL_NAME_LENGTH:
      if (iface == GL_ATOMIC_COUNTER_BUFFER)
         return PROP_NOT_OF_IFACE;
      return one(out, cap, rname_length(resource_name(e, iface, index)));
   case GL_BUFFER_BINDING: return one(out, cap, (GLint)binding);
   case GL_BUFFER_DATA_SIZE: return one(out, cap, (GLint)size);
   case GL_NUM_ACTIVE_VARIABLES: return one(out, cap, (GLint)n);
   case GL_ACTIVE_VARIABLES:
      if (iface != GL_ATOMIC_COUNTER_BUFFER)
         return index_range(out, cap, first, n);
      /* the buffer's counters in the uniform list */
      n = 0;
      for (uint32_t i = 0; i < e->num_active; i++)
         if (e->active[i].atomic_buffer == (GLint)index && n++ < cap)
            out[n - 1] = (GLint)i;
      return (int)n;
   default: return PROP_NOT_OF_IFACE;
   }
}

/* GL_PROGRAM_INPUT / GL_PROGRAM_OUTPUT resource `index`. */
static int
io_property(const struct fe_exec *e, GLenum iface, unsigned index, GLenum prop, GLint *out,
            unsigned cap)
{
   const bool input = iface == GL_PROGRAM_INPUT;
   const char *builtin = NULL;
   const struct glsl_io *io = input ? input_at(e, index, &builtin) : &e->glsl->outputs[index];
   const uint32_t stage = GLSL_STAGE_BIT(input ? GLSL_STAGE_VERTEX : GLSL_STAGE_FRAGMENT);
   const int ref = referenced_by(stage, prop);
   if (ref >= 0)
      return one(out, cap, ref);
   switch (prop) {
   case GL_NAME_LENGTH: return one(out, cap, rname_length(resource_name(e, iface, index)));
   case GL_TYPE: return one(out, cap, io ? (GLint)io->type : GL_INT);
   case GL_ARRAY_SIZE: return one(out, cap, io && io->array_size ? (GLint)io->array_size : 1);
   case GL_LOCATION: return one(out, cap, io ? io->location : -1);
   case GL_LOCATION_INDEX:
      if (input)
         return PROP_NOT_OF_IFACE;
      return one(out, cap, (GLint)io->index);
   case GL_IS_PER_PATCH: return one(out, cap, 0); /* only vertex inputs, fragment outputs */
   case GL_LOCATION_COMPONENT: return one(out, cap, io ? (GLint)io->component : 0);
   default: return PROP_NOT_OF_IFACE;
   }
}

/* GL_TRANSFORM_FEEDBACK_VARYING / _BUFFER resource `index`. */
static int
xfb_property(const struct fe_exec *e, GLenum iface, unsigned index, GLenum prop, GLint *out,
             unsigned cap)
{
   const struct glsl_program *gp = e->glsl;
   if (iface == GL_TRANSFORM_FEEDBACK_VARYING) {
      const struct glsl_xfb_varying *v = &gp->xfb[index];
      switch (prop) {
      case GL_NAME_LENGTH: return one(out, cap, (GLint)strlen(fe_resource_label(e, v->name)) + 1);
      case GL_TYPE: return one(out, cap, (GLint)v->type);
      case GL_ARRAY_SIZE: return one(out, cap, (GLint)v->size);
      case GL_OFFSET: return one(out, cap, (GLint)v->offset);
      case GL_TRANSFORM_FEEDBACK_BUFFER_INDEX: return one(out, cap, xfb_buffer_index(e, v->buffer));
      default: return PROP_NOT_OF_IFACE;
      }
   }
   const unsigned binding = xfb_buffer_binding(e, index);
   switch (prop) {
   case GL_BUFFER_BINDING: return one(out, cap, (GLint)binding);
   case GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE: return one(out, cap, (GLint)gp->xfb_stride[binding]);
   case GL_NUM_ACTIVE_VARIABLES:
   case GL_ACTIVE_VARIABLES: {
      unsigned n = 0;
      for (unsigned i = 0; i < gp->num_xfb; i++) {
         if (!gp->xfb[i].type || gp->xfb[i].buffer != binding)
            continue; /* gl_NextBuffer, gl_SkipComponents#: no variable */
         if (prop == GL_ACTIVE_VARIABLES && n < cap)
            out[n] = (GLint)i;
         n++;
      }
      return prop == GL_ACTIVE_VARIABLES ? (int)n : one(out, cap, (GLint)n);
   }
   default: return PROP_NOT_OF_IFACE;
   }
}

/* *_SUBROUTINE / *_SUBROUTINE_UNIFORM resource `index`. */
static int
subroutine_property(const struct fe_exec *e, GLenum iface, unsigned index, GLenum prop, GLint *out,
                    unsigned cap)
{
   bool uniform;
   const struct glsl_subroutine_stage *s = subroutine_of(e, iface, &uniform);
   if (prop == GL_NAME_LENGTH)
      return one(out, cap, rname_length(resource_name(e, iface, index)));
   if (!uniform)
      return PROP_NOT_OF_IFACE;
   const struct glsl_subroutine_uniform *u = &s->uniforms[index];
   switch (prop) {
   case GL_ARRAY_SIZE: return one(out, cap, (GLint)u->size);
   case GL_LOCATION: return one(out, cap, u->location);
   case GL_NUM_COMPATIBLE_SUBROUTINES:
   case GL_COMPATIBLE_SUBROUTINES: {
      unsigned n = 0;
      for (unsigned k = 0; k < s->num_fns; k++) {
         if (!(s->fns[k].types >> u->type & 1))
            continue;
         if (prop == GL_COMPATIBLE_SUBROUTINES && n < cap)
            out[n] = (GLint)s->fns[k].index;
         n++;
      }
      return prop == GL_COMPATIBLE_SUBROUTINES ? (int)n : one(out, cap, (GLint)n);
   }
   default: return PROP_NOT_OF_IFACE;
   }
}

/* Property prop of resource `index` of iface: the number of values (at most cap written to
 * out), or PROP_NOT_OF_IFACE / PROP_UNKNOWN. */
static int
resource_property(const struct fe_exec *e, GLenum iface, unsigned index, GLenum prop, GLint *out,
                  unsigned cap)
{
   if (!known_property(prop))
      return PROP_UNKNOWN;
   switch (iface) {
   case GL_UNIFORM: return uniform_property(e, index, prop, out, cap);
   case GL_BUFFER_VARIABLE: return buffer_variable_property(e, index, prop, out, cap);
   case GL_UNIFORM_BLOCK:
   case GL_SHADER_STORAGE_BLOCK:
   case GL_ATOMIC_COUNTER_BUFFER: return block_property(e, iface, index, prop, out, cap);
   case GL_PROGRAM_INPUT:
   case GL_PROGRAM_OUTPUT: return io_property(e, iface, index, prop, out, cap);
   case GL_TRANSFORM_FEEDBACK_VARYING:
   case GL_TRANSFORM_FEEDBACK_BUFFER: return xfb_property(e, iface, index, prop, out, cap);
   default: return subroutine_property(e, iface, index, prop, out, cap);
   }
}

/* The maximum over iface's resources of one single-valued property (0 without resources). */
static GLint
max_property(const struct fe_exec *e, GLenum iface, GLenum prop)
{
   GLint max = 0;
   for (unsigned i = 0; e && i < resource_count(e, iface); i++) {
      GLint v = 0;
      if (resource_property(e, iface, i, prop, &v, 1) >= 1 && v > max)
         max = v;
   }
   return max;
}

/* ---- the older queries, through the same tables -------------------------------------------- */

bool
fe_active_uniform_property(const struct fe_exec *e, GLuint index, GLenum pname, GLint *out)
{
   static const GLenum map[][2] = {
      {GL_UNIFORM_TYPE, GL_TYPE},
      {GL_UNIFORM_SIZE, GL_ARRAY_SIZE},
      {GL_UNIFORM_NAME_LENGTH, GL_NAME_LENGTH},
      {GL_UNIFORM_BLOCK_INDEX, GL_BLOCK_INDEX},
      {GL_UNIFORM_OFFSET, GL_OFFSET},
      {GL_UNIFORM_ARRAY_STRIDE, GL_ARRAY_STRIDE},
      {GL_UNIFORM_MATRIX_STRIDE, GL_MATRIX_STRIDE},
      {GL_UNIFORM_IS_ROW_MAJOR, GL_IS_ROW_MAJOR},
      {GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX, GL_ATOMIC_COUNTER_BUFFER_INDEX},
   };
   for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
      if (map[i][0] == pname)
         return uniform_property(e, index, map[i][1], out, 1) == 1;
   return false;
}

int
fe_uniform_block_property(const struct fe_exec *e, GLuint index, GLenum pname, GLint *out,
                          unsigned cap)
{
   GLenum prop;
   switch (pname) {
   case GL_UNIFORM_BLOCK_BINDING: prop = GL_BUFFER_BINDING; break;
   case GL_UNIFORM_BLOCK_DATA_SIZE: prop = GL_BUFFER_DATA_SIZE; break;
   case GL_UNIFORM_BLOCK_NAME_LENGTH: prop = GL_NAME_LENGTH; break;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS: prop = GL_NUM_ACTIVE_VARIABLES; break;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES: prop = GL_ACTIVE_VARIABLES; break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER: prop = GL_REFERENCED_BY_VERTEX_SHADER; break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_CONTROL_SHADER:
      prop = GL_REFERENCED_BY_TESS_CONTROL_SHADER;
      break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_EVALUATION_SHADER:
      prop = GL_REFERENCED_BY_TESS_EVALUATION_SHADER;
      break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER:
      prop = GL_REFERENCED_BY_GEOMETRY_SHADER;
      break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER:
      prop = GL_REFERENCED_BY_FRAGMENT_SHADER;
      break;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER:
      prop = GL_REFERENCED_BY_COMPUTE_SHADER;
      break;
   default: return PROP_UNKNOWN;
   }
   return block_property(e, GL_UNIFORM_BLOCK, index, prop, out, cap);
}

void
fe_active_attrib(const struct fe_exec *e, GLuint index, GLsizei buf_size, GLsizei *length,
                 GLint *size, GLenum *type, GLchar *name)
{
   /* its name without the "[0]" the interface gives an array (as Mesa, and piglit's
    * glsl-1.50-get-active-attrib-array, have it) */
   copy_out(resource_name(e, GL_PROGRAM_INPUT, index).base, buf_size, length, name);
   GLint v = 0;
   if (size && io_property(e, GL_PROGRAM_INPUT, index, GL_ARRAY_SIZE, &v, 1) == 1)
      *size = v;
   if (type && io_property(e, GL_PROGRAM_INPUT, index, GL_TYPE, &v, 1) == 1)
      *type = (GLenum)v;
}

GLint
fe_attrib_max_length(const struct fe_exec *e)
{
   GLint max = 0;
   for (unsigned i = 0; i < num_inputs(e); i++) {
      const GLint len = (GLint)strlen(resource_name(e, GL_PROGRAM_INPUT, i).base) + 1;
      if (len > max)
         max = len;
   }
   return max;
}

/* GL 4.2 7.6.2 (glGetActiveAtomicCounterBufferiv): an index at or past
 * GL_ACTIVE_ATOMIC_COUNTER_BUFFERS is GL_INVALID_VALUE, another pname GL_INVALID_ENUM. */
void
mgl_glGetActiveAtomicCounterBufferiv(GLuint program, GLuint index, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_atomic_bindings(ctx), GL_INVALID_OPERATION);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   const struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->glsl->num_atomic_buffers, GL_INVALID_VALUE);
   GLenum prop;
   switch (pname) {
   case GL_ATOMIC_COUNTER_BUFFER_BINDING: prop = GL_BUFFER_BINDING; break;
   case GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE: prop = GL_BUFFER_DATA_SIZE; break;
   case GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS: prop = GL_NUM_ACTIVE_VARIABLES; break;
   case GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES: prop = GL_ACTIVE_VARIABLES; break;
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_VERTEX_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_CONTROL_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_TESS_EVALUATION_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_GEOMETRY_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER:
   case GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER:
      *params = referenced_by(e->glsl->atomic_buffers[index].stages, pname);
      return;
   default: fe_error(ctx, GL_INVALID_ENUM); return;
   }
   /* the indices: as many as the buffer has counters (the caller sized params so) */
   block_property(e, GL_ATOMIC_COUNTER_BUFFER, index, prop, params,
                  prop == GL_ACTIVE_VARIABLES ? e->glsl->atomic_buffers[index].num_counters : 1);
}

/* ---- the program interface query entry points ---------------------------------------------- */

/* A program's executable; NULL when it has not linked (no resources), after the error
 * unlinked_error when that is not GL_NO_ERROR. GL 4.6 7.3.1.1 names GL_INVALID_OPERATION for
 * an unlinked program's locations only; the other queries find no resource (as Mesa has it). */
static struct fe_exec *
linked_exec(struct fe_context *ctx, GLuint program, GLenum unlinked_error, bool *is_program)
{
   struct fe_program *prog = get_program(ctx, program);
   *is_program = prog != NULL;
   if (!prog)
      return NULL;
   if ((!prog->link_status || !prog->exec) && unlinked_error != GL_NO_ERROR)
      fe_error(ctx, unlinked_error);
   return prog->link_status ? prog->exec : NULL;
}

void
mgl_glGetProgramInterfaceiv(GLuint program, GLenum iface, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   /* as Mesa orders them: a pname that is none of the four is GL_INVALID_OPERATION, and so is
    * GL_MAX_NAME_LENGTH of an interface whose resources have no names (7.3.1.1), an unknown
    * interface among them */
   FE_CHECK(pname != GL_ACTIVE_RESOURCES && pname != GL_MAX_NAME_LENGTH &&
               pname != GL_MAX_NUM_ACTIVE_VARIABLES && pname != GL_MAX_NUM_COMPATIBLE_SUBROUTINES,
            GL_INVALID_OPERATION);
   bool named = iface == GL_UNIFORM || iface == GL_UNIFORM_BLOCK || iface == GL_PROGRAM_INPUT ||
                iface == GL_PROGRAM_OUTPUT || iface == GL_TRANSFORM_FEEDBACK_VARYING ||
                iface == GL_BUFFER_VARIABLE || iface == GL_SHADER_STORAGE_BLOCK;
   bool uniform = false;
   const bool sub = subroutine_stage(iface, &uniform) >= 0;
   FE_CHECK(pname == GL_MAX_NAME_LENGTH && !named && !sub, GL_INVALID_OPERATION);
   if (!interface_offered(ctx, iface))
      return;
   /* an unlinked program has no resources (no error) */
   const struct fe_exec *e = prog->link_status ? prog->exec : NULL;
   switch (pname) {
   case GL_ACTIVE_RESOURCES: *params = e ? (GLint)resource_count(e, iface) : 0; return;
   case GL_MAX_NAME_LENGTH: *params = max_property(e, iface, GL_NAME_LENGTH); return;
   case GL_MAX_NUM_ACTIVE_VARIABLES:
      FE_CHECK(iface != GL_UNIFORM_BLOCK && iface != GL_SHADER_STORAGE_BLOCK &&
                  iface != GL_ATOMIC_COUNTER_BUFFER && iface != GL_TRANSFORM_FEEDBACK_BUFFER,
               GL_INVALID_OPERATION);
      *params = max_property(e, iface, GL_NUM_ACTIVE_VARIABLES);
      return;
   case GL_MAX_NUM_COMPATIBLE_SUBROUTINES:
      FE_CHECK(!sub || !uniform, GL_INVALID_OPERATION);
      *params = max_property(e, iface, GL_NUM_COMPATIBLE_SUBROUTINES);
      return;
   default: return;
   }
}

GLuint
mgl_glGetProgramResourceIndex(GLuint program, GLenum iface, const GLchar *name)
{
   FE_CTX_OR_RETURN(GL_INVALID_INDEX);
   if (!interface_offered(ctx, iface))
      return GL_INVALID_INDEX;
   if (iface == GL_ATOMIC_COUNTER_BUFFER || iface == GL_TRANSFORM_FEEDBACK_BUFFER) {
      fe_error(ctx, GL_INVALID_ENUM); /* GL 4.6 7.3.1.1: no names */
      return GL_INVALID_INDEX;
   }
   bool is_program;
   const struct fe_exec *e = linked_exec(ctx, program, GL_NO_ERROR, &is_program);
   if (!e || !name || fe_names_hidden(e))
      return GL_INVALID_INDEX;
   for (unsigned i = 0; i < resource_count(e, iface); i++)
      if (name_matches(resource_name(e, iface, i), name))
         return i;
   return GL_INVALID_INDEX;
}

void
mgl_glGetProgramResourceName(GLuint program, GLenum iface, GLuint index, GLsizei buf_size,
                             GLsizei *length, GLchar *name)
{
   FE_CTX_OR_RETURN();
   if (!interface_offered(ctx, iface))
      return;
   FE_CHECK(iface == GL_ATOMIC_COUNTER_BUFFER || iface == GL_TRANSFORM_FEEDBACK_BUFFER,
            GL_INVALID_ENUM);
   bool is_program;
   const struct fe_exec *e = linked_exec(ctx, program, GL_NO_ERROR, &is_program);
   if (!is_program)
      return;
   FE_CHECK(!e || index >= resource_count(e, iface) || buf_size < 0, GL_INVALID_VALUE);
   rname_copy_out(resource_name(e, iface, index), buf_size, length, name);
}

void
mgl_glGetProgramResourceiv(GLuint program, GLenum iface, GLuint index, GLsizei prop_count,
                           const GLenum *props, GLsizei count, GLsizei *length, GLint *params)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(prop_count <= 0 || count < 0, GL_INVALID_VALUE);
   if (!interface_offered(ctx, iface))
      return;
   bool is_program;
   const struct fe_exec *e = linked_exec(ctx, program, GL_NO_ERROR, &is_program);
   if (!is_program)
      return;
   FE_CHECK(!e || index >= resource_count(e, iface), GL_INVALID_VALUE);
   /* every property is checked before anything is written */
   for (GLsizei i = 0; i < prop_count; i++) {
      GLint v;
      const int n = resource_property(e, iface, index, props[i], &v, 0);
      FE_CHECK(n == PROP_UNKNOWN, GL_INVALID_ENUM);
      FE_CHECK(n == PROP_NOT_OF_IFACE, GL_INVALID_OPERATION);
   }
   GLsizei written = 0;
   for (GLsizei i = 0; i < prop_count && written < count; i++) {
      const int n = resource_property(e, iface, index, props[i], params + written,
                                      (unsigned)(count - written));
      written += n < count - written ? n : count - written;
   }
   if (length)
      *length = written;
}

GLint
mgl_glGetProgramResourceLocation(GLuint program, GLenum iface, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   bool uniform = false;
   const bool sub = subroutine_stage(iface, &uniform) >= 0;
   if (iface != GL_UNIFORM && iface != GL_PROGRAM_INPUT && iface != GL_PROGRAM_OUTPUT &&
       !(sub && uniform)) {
      fe_error(ctx, GL_INVALID_ENUM);
      return -1;
   }
   if (!interface_offered(ctx, iface))
      return -1;
   bool is_program;
   const struct fe_exec *e = linked_exec(ctx, program, GL_INVALID_OPERATION, &is_program);
   if (!e || !name || !strncmp(name, "gl_", 3) || fe_names_hidden(e))
      return -1;
   switch (iface) {
   case GL_UNIFORM: return fe_uniform_location(e, name);
   case GL_PROGRAM_INPUT: return fe_attrib_location(e, name);
   case GL_PROGRAM_OUTPUT: return num_outputs(e) ? fe_frag_data_location(e, name) : -1;
   default: {
      const struct glsl_subroutine_stage *s = subroutine_of(e, iface, &uniform);
      return s ? fe_subroutine_uniform_location(s, name) : -1;
   }
   }
}

GLint
mgl_glGetProgramResourceLocationIndex(GLuint program, GLenum iface, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   FE_CHECK(iface != GL_PROGRAM_OUTPUT, GL_INVALID_ENUM, -1);
   bool is_program;
   const struct fe_exec *e = linked_exec(ctx, program, GL_INVALID_OPERATION, &is_program);
   if (!e || !name || !strncmp(name, "gl_", 3) || !num_outputs(e) || fe_names_hidden(e))
      return -1;
   return fe_frag_data_location(e, name) < 0 ? -1 : fe_frag_data_index(e, name);
}
