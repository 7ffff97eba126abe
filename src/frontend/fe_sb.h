/* fe_sb.h — a growing string the front end's GLSL generators write into (fixed function,
 * ARB programs). Out of memory is sticky: the writes after it do nothing and oom stays set. */
#ifndef MGL_FE_SB_H
#define MGL_FE_SB_H

#include <stdbool.h>
#include <stddef.h>

struct fe_sb {
   char *p;
   size_t len, cap;
   bool oom;
};

void fe_sb_put(struct fe_sb *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The string (the caller frees it; "" when nothing was written), or NULL after out of memory
 * (then freed here). */
char *fe_sb_take(struct fe_sb *s);

#endif
