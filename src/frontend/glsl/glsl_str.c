/* glsl_str.c — the GLSL front end's small strings (a growing buffer that records running out of
 * memory instead of failing each append) and stage names: a leaf the compiler and every linking
 * pass call, so none of them calls back into glsl.c for these. */
#include "array.h"
#include "glsl_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
glsl_str_append(struct glsl_str *b, const char *s)
{
   glsl_str_printf(b, "%s", s);
}

void
glsl_str_printf(struct glsl_str *b, const char *fmt, ...)
{
   if (b->oom)
      return;
   for (;;) {
      va_list ap;
      va_start(ap, fmt);
      size_t room = b->cap - b->len;
      int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? room : 0, fmt, ap);
      va_end(ap);
      if (n < 0)
         return;
      if (b->s && (size_t)n < room) {
         b->len += (size_t)n;
         return;
      }
      if (!mgu_array_reserve(b->s, b->cap, (uint64_t)b->len + (uint64_t)n + 1)) {
         b->oom = true;
         return;
      }
   }
}

char *
glsl_str_take(struct glsl_str *b)
{
   char *s = b->s;
   if (!s)
      s = calloc(1, 1);
   b->s = NULL;
   b->len = b->cap = 0;
   return s;
}

char *
glsl_strdup(const char *s)
{
   size_t n = strlen(s) + 1;
   char *d = malloc(n);
   if (d)
      memcpy(d, s, n);
   return d;
}

const char *
glsl_stage_name(enum glsl_stage stage)
{
   switch (stage) {
   case GLSL_STAGE_VERTEX: return "vertex";
   case GLSL_STAGE_GEOMETRY: return "geometry";
   case GLSL_STAGE_TESS_CTRL: return "tessellation control";
   case GLSL_STAGE_TESS_EVAL: return "tessellation evaluation";
   case GLSL_STAGE_FRAGMENT: return "fragment";
   case GLSL_STAGE_COMPUTE: return "compute";
   default: return "unknown";
   }
}
