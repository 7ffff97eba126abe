/* glsl_token.c — tokens of preprocessed GLSL, for the source rewrites that run before glslang
 * parses a unit (glsl_lower.c, glsl_subroutine.c): a leaf both call. */
#include "array.h"
#include "glsl_internal.h"

#include <stdlib.h>
#include <string.h>

bool
glsl_ident_start(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool
glsl_ident_char(char c)
{
   return glsl_ident_start(c) || (c >= '0' && c <= '9');
}

/* Splits preprocessed text into tokens; a directive is one token to the end of its line. Line
 * numbers follow `#line N`: N is the next line's number from GLSL 3.30 on, N + 1 before. */
bool
glsl_tokenize(const char *p, int version, struct glsl_tok **out, unsigned *out_n)
{
   struct glsl_tok *t = NULL;
   unsigned n = 0;
   uint32_t cap = 0;
   int line = 1;
   bool line_start = true;
   for (uint32_t i = 0; p[i];) {
      char c = p[i];
      if (c == '\n') {
         line++;
         line_start = true;
         i++;
         continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
         i++;
         continue;
      }
      if (!mgu_array_reserve(t, cap, (uint64_t)n + 1)) {
         free(t);
         return false;
      }
      uint32_t start = i;
      uint8_t kind;
      if (c == '#' && line_start) {
         while (p[i] && p[i] != '\n')
            i++;
         kind = GLSL_TOK_DIRECTIVE;
      } else if (glsl_ident_start(c)) {
         while (glsl_ident_char(p[i]))
            i++;
         kind = GLSL_TOK_IDENT;
      } else if ((c >= '0' && c <= '9') || (c == '.' && p[i + 1] >= '0' && p[i + 1] <= '9')) {
         bool hex = c == '0' && (p[i + 1] == 'x' || p[i + 1] == 'X');
         i++;
         for (;;) {
            if (glsl_ident_char(p[i]) || p[i] == '.') {
               i++;
            } else if (!hex && (p[i] == '+' || p[i] == '-') &&
                       (p[i - 1] == 'e' || p[i - 1] == 'E')) {
               i++;
            } else {
               break;
            }
         }
         kind = GLSL_TOK_NUMBER;
      } else {
         i++;
         kind = GLSL_TOK_PUNCT;
      }
      t[n++] = (struct glsl_tok){start, i - start, kind, line};
      line_start = false;
      if (kind == GLSL_TOK_DIRECTIVE) {
         const char *d = p + start + 1;
         while (*d == ' ' || *d == '\t')
            d++;
         if (!strncmp(d, "line", 4) && (d[4] == ' ' || d[4] == '\t')) {
            int num = atoi(d + 5);
            /* the directive's own newline comes next and adds one */
            line = (version >= 330 ? num : num + 1) - 1;
         }
      }
   }
   *out = t;
   *out_n = n;
   return true;
}
