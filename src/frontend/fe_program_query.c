/* fe_program_query.c — program introspection from the link's reflection: attributes, outputs,
 * uniform locations, active uniforms and uniform blocks. */
#include "decline.h"
#include "fe_program_internal.h"

/* ---- attributes and outputs ---------------------------------------------------------------- */

static size_t split_subscript(const char *name, long *k);

/* The location `name` names in an attribute or fragment output: its own, or for "arr[k]" of an
 * array, element k's (each element takes num_locations / array_size locations, as a mat2
 * element takes two). -1: no match. */
static GLint
io_location(const struct glsl_io *io, const char *name)
{
   if (!strcmp(io->name, name))
      return io->location;
   long k;
   const size_t base = split_subscript(name, &k);
   if (k < 0 || io->array_size <= 1 || (unsigned long)k >= io->array_size ||
       strlen(io->name) != base || strncmp(io->name, name, base))
      return -1;
   return io->location + (GLint)((uint32_t)k * (io->num_locations / io->array_size));
}

GLint
mgl_glGetAttribLocation(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3))
      return -1;
   for (unsigned i = 0; i < e->glsl->num_inputs; i++) {
      const struct glsl_io *in = &e->glsl->inputs[i];
      const GLint loc = in->active ? io_location(in, name) : -1;
      if (loc >= 0)
         return loc;
   }
   return -1;
}

void
mgl_glGetActiveAttrib(GLuint program, GLuint index, GLsizei buf_size, GLsizei *length, GLint *size,
                      GLenum *type, GLchar *name)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->num_active_attribs, GL_INVALID_VALUE);
   unsigned k = 0;
   for (unsigned i = 0; i < e->glsl->num_inputs; i++) {
      const struct glsl_io *in = &e->glsl->inputs[i];
      if (!in->active)
         continue;
      if (k++ == index) {
         copy_out(in->name, buf_size, length, name);
         if (size)
            *size = (GLint)(in->array_size ? in->array_size : 1);
         if (type)
            *type = in->type;
         return;
      }
   }
   for (unsigned b = 0; b < 2; b++) {
      if (!(e->builtin_inputs & (1u << b)) || k++ != index)
         continue;
      copy_out(builtin_inputs[b], buf_size, length, name);
      if (size)
         *size = 1;
      if (type)
         *type = GL_INT;
      return;
   }
}

GLint
mgl_glGetFragDataLocation(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3))
      return -1;
   for (unsigned i = 0; i < e->glsl->num_outputs; i++) {
      const GLint loc = io_location(&e->glsl->outputs[i], name);
      if (loc >= 0)
         return loc;
   }
   return -1;
}

GLint
mgl_glGetFragDataIndex(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3))
      return -1;
   for (unsigned i = 0; i < e->glsl->num_outputs; i++)
      if (!strcmp(e->glsl->outputs[i].name, name))
         return (GLint)e->glsl->outputs[i].index;
   return -1;
}

/* ---- uniform locations and queries ---------------------------------------------------------- */

/* Splits "name[k]" into its base length and k; k = -1 without a trailing subscript. */
static size_t
split_subscript(const char *name, long *k)
{
   size_t n = strlen(name);
   *k = -1;
   if (n < 3 || name[n - 1] != ']')
      return n;
   size_t i = n - 2;
   while (i > 0 && name[i] >= '0' && name[i] <= '9')
      i--;
   if (name[i] != '[' || i == n - 2)
      return n;
   *k = strtol(name + i + 1, NULL, 10);
   return i;
}

/* How a name matches an active uniform ("arr[0]" is how arrays are listed): -1 no match, else
 * the array element it names ("arr", "arr[0]" and "tint" name element 0, "arr[3]" element
 * 3; a struct path such as "s[1].m" matches only exactly). */
static long
match_uniform(const char *uname, GLint size, const char *name)
{
   if (!strcmp(uname, name))
      return 0;
   size_t ulen = strlen(uname);
   if (ulen < 3 || strcmp(uname + ulen - 3, "[0]"))
      return -1;
   size_t ubase = ulen - 3;
   long k;
   size_t base = split_subscript(name, &k);
   if (base != ubase || strncmp(uname, name, ubase))
      return -1;
   if (k < 0)
      return 0;
   return k < size ? k : -1;
}

GLint
mgl_glGetUniformLocation(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3))
      return -1;
   for (uint32_t i = 0; i < e->num_active; i++) {
      const struct fe_active_uniform *u = &e->active[i];
      if (u->location < 0)
         continue;
      long k = match_uniform(u->name, u->size, name);
      if (k >= 0)
         return u->location + (GLint)k;
   }
   return -1;
}

void
mgl_glGetActiveUniform(GLuint program, GLuint index, GLsizei buf_size, GLsizei *length, GLint *size,
                       GLenum *type, GLchar *name)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->num_active, GL_INVALID_VALUE);
   const struct fe_active_uniform *u = &e->active[index];
   copy_out(u->name, buf_size, length, name);
   if (size)
      *size = u->size;
   if (type)
      *type = u->type;
}

void
mgl_glGetActiveUniformName(GLuint program, GLuint index, GLsizei buf_size, GLsizei *length,
                           GLchar *name)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->num_active, GL_INVALID_VALUE);
   copy_out(e->active[index].name, buf_size, length, name);
}

void
mgl_glGetUniformIndices(GLuint program, GLsizei count, const GLchar *const *names, GLuint *indices)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   for (GLsizei n = 0; n < count; n++) {
      indices[n] = GL_INVALID_INDEX;
      if (!e)
         continue;
      for (uint32_t i = 0; i < e->num_active; i++) {
         if (match_uniform(e->active[i].name, e->active[i].size, names[n]) == 0) {
            indices[n] = i;
            break;
         }
      }
   }
}

void
mgl_glGetActiveUniformsiv(GLuint program, GLsizei count, const GLuint *indices, GLenum pname,
                          GLint *params)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   for (GLsizei n = 0; n < count; n++)
      FE_CHECK(!e || indices[n] >= e->num_active, GL_INVALID_VALUE);
   for (GLsizei n = 0; n < count; n++) {
      const struct fe_active_uniform *u = &e->active[indices[n]];
      switch (pname) {
      case GL_UNIFORM_TYPE: params[n] = (GLint)u->type; break;
      case GL_UNIFORM_SIZE: params[n] = u->size; break;
      case GL_UNIFORM_NAME_LENGTH: params[n] = (GLint)strlen(u->name) + 1; break;
      case GL_UNIFORM_BLOCK_INDEX: params[n] = u->block_index; break;
      case GL_UNIFORM_OFFSET: params[n] = u->offset; break;
      case GL_UNIFORM_ARRAY_STRIDE: params[n] = u->block_index < 0 ? -1 : u->array_stride; break;
      case GL_UNIFORM_MATRIX_STRIDE: params[n] = u->block_index < 0 ? -1 : u->matrix_stride; break;
      case GL_UNIFORM_IS_ROW_MAJOR: params[n] = u->row_major; break;
      default: fe_error(ctx, GL_INVALID_ENUM); return;
      }
   }
}

GLuint
mgl_glGetUniformBlockIndex(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(GL_INVALID_INDEX);
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e)
      return GL_INVALID_INDEX;
   for (unsigned i = 0; i < e->glsl->num_blocks; i++)
      if (!strcmp(e->glsl->blocks[i].name, name))
         return i;
   return GL_INVALID_INDEX;
}

void
mgl_glUniformBlockBinding(GLuint program, GLuint index, GLuint binding)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->glsl->num_blocks, GL_INVALID_VALUE);
   FE_CHECK(binding >= FE_MAX_UBO_BINDINGS, GL_INVALID_VALUE);
   if (e->block_bindings[index] != binding) {
      e->block_bindings[index] = binding;
      e->bindings_version++;
   }
}

void
mgl_glGetActiveUniformBlockiv(GLuint program, GLuint index, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->glsl->num_blocks, GL_INVALID_VALUE);
   const struct glsl_uniform_block *b = &e->glsl->blocks[index];
   /* Block members follow default-block uniforms and samplers in the active list. */
   uint32_t first_active = e->num_active - e->glsl->num_block_members + b->first_member;
   switch (pname) {
   case GL_UNIFORM_BLOCK_BINDING: *params = (GLint)e->block_bindings[index]; return;
   case GL_UNIFORM_BLOCK_DATA_SIZE: *params = (GLint)b->data_size; return;
   case GL_UNIFORM_BLOCK_NAME_LENGTH: *params = (GLint)strlen(b->name) + 1; return;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS: *params = (GLint)b->num_members; return;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES:
      for (unsigned m = 0; m < b->num_members; m++)
         params[m] = (GLint)(first_active + m);
      return;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER:
      *params = (b->stages & GLSL_STAGE_BIT(GLSL_STAGE_VERTEX)) != 0;
      return;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER:
      *params = (b->stages & GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT)) != 0;
      return;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER:
      *params = (b->stages & GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY)) != 0;
      return;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_CONTROL_SHADER:
   case GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_EVALUATION_SHADER:
      FE_CHECK(!fe_tess_offered(ctx), GL_INVALID_ENUM);
      *params =
         (b->stages & GLSL_STAGE_BIT(pname == GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_CONTROL_SHADER
                                        ? GLSL_STAGE_TESS_CTRL
                                        : GLSL_STAGE_TESS_EVAL)) != 0;
      return;
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}

void
mgl_glGetActiveUniformBlockName(GLuint program, GLuint index, GLsizei buf_size, GLsizei *length,
                                GLchar *name)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= e->glsl->num_blocks, GL_INVALID_VALUE);
   copy_out(e->glsl->blocks[index].name, buf_size, length, name);
}

/* The active shader storage blocks of a linked program. */
static unsigned
storage_blocks(const struct fe_exec *e)
{
   return e->glsl->num_storage_blocks;
}

/* GL 4.3 7.8: an index that is not an active storage block, or a binding at or past
 * GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, is GL_INVALID_VALUE. */
void
mgl_glShaderStorageBlockBinding(GLuint program, GLuint index, GLuint binding)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(!fe_ssbo_bindings(ctx), GL_INVALID_OPERATION);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_exec *e = prog->exec;
   FE_CHECK(!e || index >= storage_blocks(e), GL_INVALID_VALUE);
   FE_CHECK(binding >= fe_ssbo_bindings(ctx), GL_INVALID_VALUE);
   if (e->storage_bindings[index] != binding) {
      e->storage_bindings[index] = binding;
      e->bindings_version++;
   }
}

/* ---- GL 4.3 program interface queries (7.3.1): the block interfaces ---------------------- */

/* The interfaces answered here; any other is a named decline (no silent zero). */
static bool
block_interface(struct fe_context *ctx, GLenum iface)
{
   switch (iface) {
   case GL_UNIFORM_BLOCK: return true;
   case GL_SHADER_STORAGE_BLOCK: return fe_ssbo_bindings(ctx) != 0;
   case GL_ATOMIC_COUNTER_BUFFER:
      if (fe_atomic_bindings(ctx))
         return true;
      fe_error(ctx, GL_INVALID_ENUM);
      return false;
   case GL_UNIFORM:
   case GL_PROGRAM_INPUT:
   case GL_PROGRAM_OUTPUT:
   case GL_BUFFER_VARIABLE:
   case GL_TRANSFORM_FEEDBACK_VARYING:
   case GL_VERTEX_SUBROUTINE:
   case GL_FRAGMENT_SUBROUTINE:
   case GL_GEOMETRY_SUBROUTINE:
   case GL_COMPUTE_SUBROUTINE:
   case GL_TESS_CONTROL_SUBROUTINE:
   case GL_TESS_EVALUATION_SUBROUTINE:
   case GL_VERTEX_SUBROUTINE_UNIFORM:
   case GL_FRAGMENT_SUBROUTINE_UNIFORM:
   case GL_GEOMETRY_SUBROUTINE_UNIFORM:
   case GL_COMPUTE_SUBROUTINE_UNIFORM:
   case GL_TESS_CONTROL_SUBROUTINE_UNIFORM:
   case GL_TESS_EVALUATION_SUBROUTINE_UNIFORM:
   case GL_TRANSFORM_FEEDBACK_BUFFER:
      MGU_DECLINE(gl_feature_unimplemented, "program interface 0x%04x", iface);
      return false;
   default: fe_error(ctx, GL_INVALID_ENUM); return false;
   }
}

static unsigned
interface_count(const struct fe_exec *e, GLenum iface)
{
   return iface == GL_UNIFORM_BLOCK           ? e->glsl->num_blocks
          : iface == GL_ATOMIC_COUNTER_BUFFER ? e->glsl->num_atomic_buffers
                                              : e->glsl->num_storage_blocks;
}

static const char *
interface_name(const struct fe_exec *e, GLenum iface, unsigned i)
{
   return iface == GL_UNIFORM_BLOCK ? e->glsl->blocks[i].name : e->glsl->storage_blocks[i].name;
}

/* A linked program's executable, GL_INVALID_OPERATION when it has none (7.3.1.1). */
static struct fe_exec *
linked_exec(struct fe_context *ctx, GLuint program)
{
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return NULL;
   if (!prog->exec)
      fe_error(ctx, GL_INVALID_OPERATION);
   return prog->exec;
}

void
mgl_glGetProgramInterfaceiv(GLuint program, GLenum iface, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog || !block_interface(ctx, iface))
      return;
   const struct fe_exec *e = prog->exec;
   const bool atomic = iface == GL_ATOMIC_COUNTER_BUFFER;
   switch (pname) {
   case GL_ACTIVE_RESOURCES: *params = e ? (GLint)interface_count(e, iface) : 0; return;
   case GL_MAX_NAME_LENGTH: {
      FE_CHECK(atomic, GL_INVALID_OPERATION); /* GL 4.3 7.3.1.1: buffers without names */
      GLint max = 0;
      for (unsigned i = 0; e && i < interface_count(e, iface); i++) {
         const GLint len = (GLint)strlen(interface_name(e, iface, i)) + 1;
         if (len > max)
            max = len;
      }
      *params = max;
      return;
   }
   case GL_MAX_NUM_ACTIVE_VARIABLES:
      if (atomic) {
         GLint max = 0;
         for (unsigned i = 0; e && i < e->glsl->num_atomic_buffers; i++)
            if ((GLint)e->glsl->atomic_buffers[i].num_counters > max)
               max = (GLint)e->glsl->atomic_buffers[i].num_counters;
         *params = max;
         return;
      }
      MGU_DECLINE(gl_feature_unimplemented, "GL_MAX_NUM_ACTIVE_VARIABLES of a block interface");
      return;
   default: fe_error(ctx, GL_INVALID_OPERATION); return;
   }
}

GLuint
mgl_glGetProgramResourceIndex(GLuint program, GLenum iface, const GLchar *name)
{
   FE_CTX_OR_RETURN(GL_INVALID_INDEX);
   if (iface == GL_ATOMIC_COUNTER_BUFFER) { /* GL 4.3 7.3.1.1: no names */
      fe_error(ctx, GL_INVALID_ENUM);
      return GL_INVALID_INDEX;
   }
   if (!block_interface(ctx, iface))
      return GL_INVALID_INDEX;
   const struct fe_exec *e = linked_exec(ctx, program);
   if (!e || !name)
      return GL_INVALID_INDEX;
   /* "B" names element 0 of an array of blocks as "B[0]" does */
   for (unsigned i = 0; i < interface_count(e, iface); i++) {
      const char *n = interface_name(e, iface, i);
      const size_t len = strlen(name);
      if (!strcmp(n, name) || (!strncmp(n, name, len) && !strcmp(n + len, "[0]")))
         return i;
   }
   return GL_INVALID_INDEX;
}

void
mgl_glGetProgramResourceName(GLuint program, GLenum iface, GLuint index, GLsizei buf_size,
                             GLsizei *length, GLchar *name)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(iface == GL_ATOMIC_COUNTER_BUFFER, GL_INVALID_ENUM); /* no names */
   if (!block_interface(ctx, iface))
      return;
   const struct fe_exec *e = linked_exec(ctx, program);
   if (!e)
      return;
   FE_CHECK(index >= interface_count(e, iface) || buf_size < 0, GL_INVALID_VALUE);
   copy_out(interface_name(e, iface, index), buf_size, length, name);
}

/* The stage a GL_REFERENCED_BY_*_SHADER property (or its GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY
 * twin) asks about: 1 referenced, 0 not, -1 another property. */
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

/* One property of atomic counter buffer `index` (the program interface's names and
 * glGetActiveAtomicCounterBufferiv's); false when it is not one of a buffer's. */
static bool
atomic_buffer_property(const struct fe_exec *e, unsigned index, GLenum prop, GLint *out)
{
   const struct glsl_atomic_buffer *b = &e->glsl->atomic_buffers[index];
   const int ref = referenced_by(b->stages, prop);
   if (ref >= 0) {
      *out = ref;
      return true;
   }
   switch (prop) {
   case GL_BUFFER_BINDING:
   case GL_ATOMIC_COUNTER_BUFFER_BINDING: *out = (GLint)b->gl_binding; return true;
   case GL_BUFFER_DATA_SIZE:
   case GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE: *out = (GLint)b->data_size; return true;
   case GL_NUM_ACTIVE_VARIABLES:
   case GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTERS: *out = (GLint)b->num_counters; return true;
   case GL_ACTIVE_VARIABLES:
   case GL_ATOMIC_COUNTER_BUFFER_ACTIVE_ATOMIC_COUNTER_INDICES:
      /* the counters' indices in the uniform list, which does not list them yet */
      MGU_DECLINE(gl_feature_unimplemented, "the uniform indices of an atomic counter buffer");
      *out = 0;
      return true;
   default: return false;
   }
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
   GLint v = 0;
   /* its own names only, not the program interface's */
   FE_CHECK((pname < GL_ATOMIC_COUNTER_BUFFER_BINDING ||
             pname > GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_FRAGMENT_SHADER) &&
               pname != GL_ATOMIC_COUNTER_BUFFER_REFERENCED_BY_COMPUTE_SHADER,
            GL_INVALID_ENUM);
   FE_CHECK(!atomic_buffer_property(e, index, pname, &v), GL_INVALID_ENUM);
   *params = v;
}

/* One property of block `index`; false when the property is not one of a block's. */
static bool
block_property(struct fe_context *ctx, const struct fe_exec *e, GLenum iface, unsigned index,
               GLenum prop, GLint *out)
{
   const bool ubo = iface == GL_UNIFORM_BLOCK;
   if (iface == GL_ATOMIC_COUNTER_BUFFER)
      return atomic_buffer_property(e, index, prop, out);
   const uint32_t stages =
      ubo ? e->glsl->blocks[index].stages : e->glsl->storage_blocks[index].stages;
   switch (prop) {
   case GL_NAME_LENGTH: *out = (GLint)strlen(interface_name(e, iface, index)) + 1; return true;
   case GL_BUFFER_BINDING:
      *out = (GLint)(ubo ? e->block_bindings[index] : e->storage_bindings[index]);
      return true;
   case GL_BUFFER_DATA_SIZE:
      *out =
         (GLint)(ubo ? e->glsl->blocks[index].data_size : e->glsl->storage_blocks[index].data_size);
      return true;
   case GL_REFERENCED_BY_VERTEX_SHADER:
      *out = !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_VERTEX));
      return true;
   case GL_REFERENCED_BY_FRAGMENT_SHADER:
      *out = !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT));
      return true;
   case GL_REFERENCED_BY_GEOMETRY_SHADER:
      *out = !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY));
      return true;
   case GL_REFERENCED_BY_COMPUTE_SHADER:
      *out = !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE));
      return true;
   case GL_REFERENCED_BY_TESS_CONTROL_SHADER:
      *out = !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_TESS_CTRL));
      return true;
   case GL_REFERENCED_BY_TESS_EVALUATION_SHADER:
      *out = !!(stages & GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL));
      return true;
   case GL_NUM_ACTIVE_VARIABLES:
   case GL_ACTIVE_VARIABLES:
      MGU_DECLINE(gl_feature_unimplemented, "GL_ACTIVE_VARIABLES of a block");
      *out = 0;
      return true;
   default: (void)ctx; return false;
   }
}

void
mgl_glGetProgramResourceiv(GLuint program, GLenum iface, GLuint index, GLsizei prop_count,
                           const GLenum *props, GLsizei count, GLsizei *length, GLint *params)
{
   FE_CTX_OR_RETURN();
   if (!block_interface(ctx, iface))
      return;
   const struct fe_exec *e = linked_exec(ctx, program);
   if (!e)
      return;
   FE_CHECK(index >= interface_count(e, iface), GL_INVALID_VALUE);
   FE_CHECK(prop_count <= 0 || count < 0, GL_INVALID_VALUE);
   GLsizei written = 0;
   for (GLsizei i = 0; i < prop_count; i++) {
      GLint v = 0;
      if (!block_property(ctx, e, iface, index, props[i], &v)) {
         fe_error(ctx, GL_INVALID_OPERATION); /* not a property of this interface */
         return;
      }
      if (written < count)
         params[written++] = v;
   }
   if (length)
      *length = written;
}
