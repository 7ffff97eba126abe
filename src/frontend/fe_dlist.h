/* fe_dlist.h — display lists' hooks into the context, the share group and glGet (fe_dlist.c). */
#ifndef FE_DLIST_H
#define FE_DLIST_H

#include <stdbool.h>

#include "fe_gl.h"
#include "gl_entry.h"

/* One list's bytes: beyond them GL_OUT_OF_MEMORY. */
#define FE_DLIST_MAX_BYTES (1u << 30)

/* The front end's own display-list records (fe_dlist_compile_<command>; opcodes past the
 * generated ones), which hold what the command read through the unpack state when it was
 * compiled (GL 2.1 section 5.4). fe_dlist_replay_frontend (fe_dlist_pixels.c) dispatches them. */
enum fe_dl_frontend_op {
   FE_DL_POLYGON_STIPPLE = MGL_DL_OP_COUNT + 1, /* fe_ff_stipple.c */
   FE_DL_PIXELS,                                /* fe_dlist_pixels.c */
   FE_DL_DRAW,                                  /* fe_dlist_draw.c */
   FE_DL_ELEMENT,                               /* fe_dlist_draw.c */
};

/* Whether a command compiled now is executed too (GL_COMPILE_AND_EXECUTE, or no list). */
bool fe_dlist_executes(struct fe_context *ctx);

/* Executes a draw or glArrayElement record (ctx is a live compatibility context). */
void fe_dlist_draw_replay(struct fe_context *ctx, const void *rec);

/* Executes a polygon-stipple record (ctx is a live compatibility context). */
void fe_ff_stipple_replay(struct fe_context *ctx, const void *rec);

/* GL_LIST_INDEX, GL_LIST_MODE, GL_LIST_BASE, GL_MAX_LIST_NESTING of a compatibility context:
 * true with *out set; false for any other pname or context. */
bool fe_dlist_get(struct fe_context *ctx, GLenum pname, GLint *out);

/* Frees the context's display-list state (the list being compiled is dropped). */
void fe_dlist_context_finish(struct fe_context *ctx);

/* KHR_debug's label field of display list name (GL_DISPLAY_LIST: a name glGenLists or glNewList
 * made), NULL for no such name. Under sg->lock. */
char **fe_dlist_label_slot(struct fe_share_group *sg, GLuint name);

/* Frees the share group's display lists (its last context is gone). */
void fe_dlist_share_finish(struct fe_share_group *sg);

#endif
