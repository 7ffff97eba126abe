/* fe_compat_shader_objects.c — the GL_ARB_shader_objects commands that are not GL 2.0 commands
 * under another name (the others forward to those: gen_gl.py): glDeleteObjectARB,
 * glGetHandleARB, glGetObjectParameter{f,i}vARB, glGetInfoLogARB and glGetAttachedObjectsARB.
 * A handle is a shader or program name (GL shares one namespace between them), so each is the
 * shader or program command its handle's kind calls for, with Mesa's errors for a handle that
 * is neither. Compatibility contexts only (GL_ARB_shader_objects is listed there). */
#include <limits.h>

#include "fe_compat.h"
#include "gl_api.h"

#define GL_PROGRAM_OBJECT_ARB 0x8B40
#define GL_SHADER_OBJECT_ARB 0x8B48
#define GL_OBJECT_TYPE_ARB 0x8B4E

void
mgl_glDeleteObjectARB(GLuint obj)
{
   FE_COMPAT_CTX_OR_RETURN();
   (void)ctx;
   /* 0, and a name that is neither, are silently ignored (as glDeleteShader's 0, and Mesa) */
   if (mgl_glIsProgram(obj))
      mgl_glDeleteProgram(obj);
   else if (mgl_glIsShader(obj))
      mgl_glDeleteShader(obj);
}

GLuint
mgl_glGetHandleARB(GLenum pname)
{
   FE_COMPAT_CTX_OR_RETURN(0);
   FE_CHECK(pname != GL_PROGRAM_OBJECT_ARB, GL_INVALID_ENUM, 0);
   GLint program = 0;
   mgl_glGetIntegerv(GL_CURRENT_PROGRAM, &program);
   return (GLuint)program;
}

void
mgl_glGetObjectParameterivARB(GLuint obj, GLenum pname, GLint *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   /* The other names (GL_OBJECT_DELETE_STATUS_ARB ... GL_OBJECT_SHADER_SOURCE_LENGTH_ARB,
    * GL_OBJECT_SUBTYPE_ARB, ARB_vertex_shader's attribute counts) are GL 2.0's enums, whose
    * errors glGetProgramiv and glGetShaderiv raise. */
   if (mgl_glIsProgram(obj)) {
      if (pname == GL_OBJECT_TYPE_ARB)
         *params = GL_PROGRAM_OBJECT_ARB;
      else
         mgl_glGetProgramiv(obj, pname, params);
   } else if (mgl_glIsShader(obj)) {
      if (pname == GL_OBJECT_TYPE_ARB)
         *params = GL_SHADER_OBJECT_ARB;
      else
         mgl_glGetShaderiv(obj, pname, params);
   } else {
      fe_error(ctx, GL_INVALID_VALUE);
   }
}

void
mgl_glGetObjectParameterfvARB(GLuint obj, GLenum pname, GLfloat *params)
{
   FE_COMPAT_CTX_OR_RETURN();
   (void)ctx;
   /* Every parameter is one non-negative integer, so INT_MIN left in place means the query
    * raised its error and wrote nothing: then params is not written either. */
   GLint v = INT_MIN;
   mgl_glGetObjectParameterivARB(obj, pname, &v);
   if (v != INT_MIN)
      *params = (GLfloat)v;
}

void
mgl_glGetInfoLogARB(GLuint obj, GLsizei max_length, GLsizei *length, GLchar *info_log)
{
   FE_COMPAT_CTX_OR_RETURN();
   if (mgl_glIsProgram(obj))
      mgl_glGetProgramInfoLog(obj, max_length, length, info_log);
   else if (mgl_glIsShader(obj))
      mgl_glGetShaderInfoLog(obj, max_length, length, info_log);
   else
      fe_error(ctx, GL_INVALID_OPERATION); /* Mesa's error for a handle that is neither */
}

void
mgl_glGetAttachedObjectsARB(GLuint container, GLsizei max_count, GLsizei *count, GLuint *obj)
{
   FE_COMPAT_CTX_OR_RETURN();
   (void)ctx;
   mgl_glGetAttachedShaders(container, max_count, count, obj);
}
