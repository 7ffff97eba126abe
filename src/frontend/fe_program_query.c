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
fe_attrib_location(const struct fe_exec *e, const char *name)
{
   for (unsigned i = 0; i < e->glsl->num_inputs; i++) {
      const struct glsl_io *in = &e->glsl->inputs[i];
      const GLint loc = in->active ? io_location(in, name) : -1;
      if (loc >= 0)
         return loc;
   }
   return -1;
}

GLint
mgl_glGetAttribLocation(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3) || fe_names_hidden(e))
      return -1;
   return fe_attrib_location(e, name);
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
   fe_active_attrib(e, index, buf_size, length, size, type, name); /* fe_program_resource.c */
}

GLint
fe_frag_data_location(const struct fe_exec *e, const char *name)
{
   for (unsigned i = 0; i < e->glsl->num_outputs; i++) {
      const GLint loc = io_location(&e->glsl->outputs[i], name);
      if (loc >= 0)
         return loc;
   }
   return -1;
}

GLint
fe_frag_data_index(const struct fe_exec *e, const char *name)
{
   for (unsigned i = 0; i < e->glsl->num_outputs; i++)
      if (io_location(&e->glsl->outputs[i], name) >= 0)
         return (GLint)e->glsl->outputs[i].index;
   return -1;
}

GLint
mgl_glGetFragDataLocation(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3) || fe_names_hidden(e))
      return -1;
   return fe_frag_data_location(e, name);
}

GLint
mgl_glGetFragDataIndex(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3) || fe_names_hidden(e))
      return -1;
   return fe_frag_data_index(e, name);
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
   if (strlen(name) == ubase && !strncmp(uname, name, ubase))
      return 0; /* "a[1]" names "a[1][0]" of an array of arrays */
   long k;
   size_t base = split_subscript(name, &k);
   if (base != ubase || strncmp(uname, name, ubase))
      return -1;
   if (k < 0)
      return 0;
   return k < size ? k : -1;
}

GLint
fe_uniform_location(const struct fe_exec *e, const char *name)
{
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

GLint
mgl_glGetUniformLocation(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(-1);
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e || !strncmp(name, "gl_", 3) || fe_names_hidden(e))
      return -1;
   return fe_uniform_location(e, name);
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
   copy_out(fe_resource_label(e, u->name), buf_size, length, name);
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
   copy_out(fe_resource_label(e, e->active[index].name), buf_size, length, name);
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
      if (!e || fe_names_hidden(e))
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
      GLint v = 0;
      /* fe_program_resource.c: the program interface's GL_UNIFORM properties */
      FE_CHECK(!fe_active_uniform_property(e, indices[n], pname, &v), GL_INVALID_ENUM);
      params[n] = v;
   }
}

GLuint
mgl_glGetUniformBlockIndex(GLuint program, const GLchar *name)
{
   FE_CTX_OR_RETURN(GL_INVALID_INDEX);
   struct fe_exec *e = fe_linked_exec(ctx, program);
   if (!e || fe_names_hidden(e))
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
   FE_CHECK((pname == GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_CONTROL_SHADER ||
             pname == GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_EVALUATION_SHADER) &&
               !fe_tess_offered(ctx),
            GL_INVALID_ENUM);
   FE_CHECK(pname == GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER && !fe_compute_offered(ctx),
            GL_INVALID_ENUM);
   /* fe_program_resource.c: the program interface's GL_UNIFORM_BLOCK properties; the indices
    * are as many as the block has members (the caller sized params so) */
   const unsigned cap =
      pname == GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES ? e->glsl->blocks[index].num_members : 1;
   FE_CHECK(fe_uniform_block_property(e, index, pname, params, cap) < 0, GL_INVALID_ENUM);
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
   copy_out(fe_resource_label(e, e->glsl->blocks[index].name), buf_size, length, name);
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
