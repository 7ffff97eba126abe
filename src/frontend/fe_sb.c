/* fe_sb.c — the front end's growing string (fe_sb.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "fe_sb.h"

void
fe_sb_put(struct fe_sb *s, const char *fmt, ...)
{
   if (s->oom)
      return;
   for (;;) {
      va_list ap;
      va_start(ap, fmt);
      int n = vsnprintf(s->p ? s->p + s->len : NULL, s->p ? s->cap - s->len : 0, fmt, ap);
      va_end(ap);
      if (n < 0) {
         s->oom = true;
         return;
      }
      if (s->p && s->len + (size_t)n < s->cap) {
         s->len += (size_t)n;
         return;
      }
      size_t cap = s->cap ? s->cap * 2 : 4096;
      while (cap < s->len + (size_t)n + 1)
         cap *= 2;
      char *p = realloc(s->p, cap);
      if (!p) {
         s->oom = true;
         return;
      }
      s->p = p;
      s->cap = cap;
   }
}

char *
fe_sb_take(struct fe_sb *s)
{
   if (s->oom) {
      free(s->p);
      s->p = NULL;
      return NULL;
   }
   return s->p ? s->p : calloc(1, 1);
}
