/* fe_dlist.h — display lists' hooks into the context, the share group and glGet (fe_dlist.c). */
#ifndef FE_DLIST_H
#define FE_DLIST_H

#include <stdbool.h>

#include "fe_gl.h"

/* GL_LIST_INDEX, GL_LIST_MODE, GL_LIST_BASE, GL_MAX_LIST_NESTING of a compatibility context:
 * true with *out set; false for any other pname or context. */
bool fe_dlist_get(struct fe_context *ctx, GLenum pname, GLint *out);

/* Frees the context's display-list state (the list being compiled is dropped). */
void fe_dlist_context_finish(struct fe_context *ctx);

/* Frees the share group's display lists (its last context is gone). */
void fe_dlist_share_finish(struct fe_share_group *sg);

#endif
