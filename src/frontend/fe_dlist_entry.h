/* fe_dlist_entry.h — what the generated entry layer (gl_entry.c) calls in the front end: the
 * calling thread's entry mode and display-list recording. Kept free of fe_gl.h so that the
 * generated objects compile without the front end's state. */
#ifndef FE_DLIST_ENTRY_H
#define FE_DLIST_ENTRY_H

#include <stdbool.h>
#include <stdint.h>

#include "gl_api.h"

/* fe_compat.h's thread-local entry mode (bits MGL_ENTRY_IN_BEGIN_END, MGL_ENTRY_COMPILING).
 * Initial-exec: every entry point reads it, and the default model for a shared object costs a
 * call into the dynamic linker's TLS descriptor resolver per read; four bytes of static TLS
 * are available to a dlopen()ed library (Mesa's dispatch pointer does the same). */
extern __attribute__((tls_model("initial-exec"))) _Thread_local uint32_t fe_entry_mode;

/* Appends a zeroed record of size bytes (header included) for opcode op to the display list
 * being compiled and returns it; NULL after GL_OUT_OF_MEMORY, or when no list is being compiled.
 * *execute: whether the command must also be executed now (GL_COMPILE_AND_EXECUTE, or no list). */
void *fe_dlist_record(uint32_t op, int64_t size, bool *execute);

/* A compilable command this layer cannot record: the named decline dlist-command-not-compilable.
 * Returns whether it must still be executed now (GL_COMPILE_AND_EXECUTE). */
bool fe_dlist_not_compilable(const char *command);

/* A draw from vertex arrays while a list is compiled (glDrawArrays, glDrawElements, their range,
 * base-vertex and multi-draw forms, glArrayElement): the arguments as the command got them,
 * every count, first, indices and basevertex one per draw (drawcount of them). */
struct fe_dlist_draw {
   GLenum mode;
   GLenum type; /* the indices' type; 0: vertices from first */
   GLsizei drawcount;
   const GLint *first;
   const GLsizei *count;
   const void *const *indices;
   const GLint *basevertex; /* NULL: none */
   _Bool range;             /* glDrawRangeElements: start and end given */
   _Bool element;           /* glArrayElement(first[0]) */
   GLuint start, end;
};

/* Compiles draw into the list (fe_dlist_draw.c): the vertices it references are read from the
 * enabled arrays now (GL 2.1 section 5.4), as is a buffer's data. Returns whether the command
 * must also be executed now. */
_Bool fe_dlist_compile_draw(const struct fe_dlist_draw *draw);

/* Executes a record the front end made itself (an opcode past the generated ones). */
void fe_dlist_replay_frontend(const void *rec);

/* Element counts of pointer arguments gl.xml sizes as COMPSIZE(pname) (at least 1). */
int fe_dlist_compsize(uint32_t op, GLenum pname);

/* Bytes of a draw's indices (count of type), or -1 when an element array buffer is bound (the
 * pointer is an offset and is recorded as it is). */
int64_t fe_dlist_index_bytes(GLsizei count, GLenum type);

/* Bytes of glCallLists' array of n names of type (0 for a bad type or n < 0: the call raises
 * the error when it executes). */
int64_t fe_dlist_lists_bytes(GLsizei n, GLenum type);

/* Elements of glMap1's (vorder 0) or glMap2's control points a list records (fe_eval.c): the
 * span the strides and orders cover, 0 for arguments the call refuses when it executes. */
int64_t fe_dlist_map_elements(GLenum target, GLint ustride, GLint uorder, GLint vstride,
                              GLint vorder);

#endif
