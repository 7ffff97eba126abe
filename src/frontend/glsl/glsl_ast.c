/* glsl_ast.c — reads the "Linker Objects" part of glslang's AST dump. Lines look like
 *   0:?     'anon@0' (layout( column_major std140) uniform block{ uniform highp float a,
 *            uniform structure{ global bool b,  global highp 3-component vector of float v} s})
 *   0:?     'pos' ( in highp 4-component vector of float)
 * (one line each). SPIR-V stores a bool block member as uint, so this is where GL_BOOL comes from;
 * a unit test pins the format of the glslang we build with. */
#include "glsl_internal.h"

#include <stdlib.h>
#include <string.h>

static void
add_object(struct glsl_ast_stage *st, const char *name, size_t name_len, const char *type,
           size_t type_len)
{
   struct glsl_ast_object *objs = realloc(st->objs, (st->num_objs + 1) * sizeof(*objs));
   if (!objs)
      return;
   size_t mangle = sizeof(GLSL_MANGLE) - 1; /* the app's name: glsl_demangle */
   if (name_len >= mangle && !strncmp(name, GLSL_MANGLE, mangle)) {
      name += mangle;
      name_len -= mangle;
   }
   st->objs = objs;
   char *n = malloc(name_len + 1), *t = malloc(type_len + 1);
   if (!n || !t) {
      free(n);
      free(t);
      return;
   }
   memcpy(n, name, name_len);
   n[name_len] = '\0';
   memcpy(t, type, type_len);
   t[type_len] = '\0';
   st->objs[st->num_objs].name = n;
   st->objs[st->num_objs].type = t;
   st->num_objs++;
}

void
glsl_ast_parse(const char *log, struct glsl_ast_stage *stages, unsigned num_stages)
{
   int section = -1;
   bool in_objects = false;
   for (const char *line = log; line && *line;) {
      const char *eol = strchr(line, '\n');
      size_t len = eol ? (size_t)(eol - line) : strlen(line);

      if (len >= 15 && !strncmp(line, "Shader version:", 15)) {
         section++;
         in_objects = false;
      } else if (strstr(line, "Linker Objects") && (size_t)(strstr(line, "Linker Objects") - line) < len) {
         in_objects = true;
      } else if (in_objects && section >= 0 && (unsigned)section < num_stages &&
                 len > 4 && !strncmp(line, "0:?", 3)) {
         /* 0:?     'name' (type) */
         const char *q1 = memchr(line, '\'', len);
         const char *q2 = q1 ? memchr(q1 + 1, '\'', len - (size_t)(q1 + 1 - line)) : NULL;
         if (q2 && q2 + 2 < line + len && q2[1] == ' ' && q2[2] == '(' && line[len - 1] == ')') {
            const char *type = q2 + 3;
            add_object(&stages[section], q1 + 1, (size_t)(q2 - q1 - 1), type,
                       (size_t)(line + len - 1 - type));
         }
      }
      line = eol ? eol + 1 : NULL;
   }
}

void
glsl_ast_finish(struct glsl_ast_stage *stages, unsigned num_stages)
{
   for (unsigned s = 0; s < num_stages; s++) {
      for (unsigned i = 0; i < stages[s].num_objs; i++) {
         free(stages[s].objs[i].name);
         free(stages[s].objs[i].type);
      }
      free(stages[s].objs);
      stages[s].objs = NULL;
      stages[s].num_objs = 0;
   }
}

int
glsl_ast_order(const struct glsl_ast_stage *stage, const char *name)
{
   for (unsigned i = 0; i < stage->num_objs; i++)
      if (!strcmp(stage->objs[i].name, name))
         return (int)i;
   return -1;
}

/* A member list starts after '{'. Finds the end of the member starting at p (',' or '}' at
 * depth 0). */
static const char *
member_end(const char *p)
{
   int depth = 0;
   for (; *p; p++) {
      if (*p == '{' || *p == '(')
         depth++;
      else if (*p == '}' || *p == ')') {
         if (depth == 0)
            return p;
         depth--;
      } else if (*p == ',' && depth == 0)
         return p;
   }
   return p;
}

static bool
is_word_char(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
          c == '@' || c == '-';
}

/* The member's name: its last word. */
static void
member_name(const char *b, const char *e, const char **nb, const char **ne)
{
   while (e > b && !is_word_char(e[-1]))
      e--;
   const char *s = e;
   while (s > b && is_word_char(s[-1]))
      s--;
   *nb = s;
   *ne = e;
}

/* Whether the word `w` appears in [b, e) outside of parentheses and braces. */
static bool
has_top_word(const char *b, const char *e, const char *w)
{
   size_t wl = strlen(w);
   int depth = 0;
   for (const char *p = b; p < e; p++) {
      if (*p == '(' || *p == '{')
         depth++;
      else if (*p == ')' || *p == '}')
         depth--;
      else if (depth == 0 && (size_t)(e - p) >= wl && !strncmp(p, w, wl) &&
               (p == b || !is_word_char(p[-1])) && (p + wl == e || !is_word_char(p[wl])))
         return true;
   }
   return false;
}

/* Looks for `path` in the member list starting after '{' at list. */
static int
lookup_bool(const char *list, const char *path)
{
   const char *dot = strchr(path, '.');
   size_t comp_len = dot ? (size_t)(dot - path) : strlen(path);

   for (const char *p = list; *p && *p != '}';) {
      const char *e = member_end(p);
      const char *nb, *ne;
      member_name(p, e, &nb, &ne);
      if ((size_t)(ne - nb) == comp_len && !strncmp(nb, path, comp_len)) {
         const char *brace = memchr(p, '{', (size_t)(e - p));
         if (dot) {
            /* structure{ ... } name: recurse into the nested list. */
            return brace ? lookup_bool(brace + 1, dot + 1) : -1;
         }
         return !brace && has_top_word(p, nb, "bool");
      }
      if (*e != ',')
         break;
      p = e + 1;
   }
   return -1;
}

bool
glsl_ast_member_is_bool(const struct glsl_ast_stage *stages, unsigned num_stages,
                        const char *scope, const char *path)
{
   for (unsigned s = 0; s < num_stages; s++) {
      for (unsigned i = 0; i < stages[s].num_objs; i++) {
         const struct glsl_ast_object *o = &stages[s].objs[i];
         bool anon = !strncmp(o->name, "anon@", 5);
         if (anon ? scope[0] != '\0' : strcmp(o->name, scope) != 0)
            continue;
         const char *blk = strstr(o->type, "block{");
         if (!blk)
            continue;
         if (lookup_bool(blk + 6, path) == 1)
            return true;
      }
   }
   return false;
}

/* Whether the word `w` appears anywhere in [b, e). */
static bool
has_word(const char *b, const char *e, const char *w)
{
   size_t wl = strlen(w);
   for (const char *p = b; p + wl <= e; p++)
      if (!strncmp(p, w, wl) && (p == b || !is_word_char(p[-1])) &&
          (p + wl == e || !is_word_char(p[wl])))
         return true;
   return false;
}

/* An integer or double anywhere in [b, e): a scalar, vector, or a struct/array holding one. */
static bool
has_integer(const char *b, const char *e)
{
   return has_word(b, e, "int") || has_word(b, e, "uint") || has_word(b, e, "double");
}

bool
glsl_ast_check_flat_inputs(const struct glsl_ast_stage *st, struct glsl_str *log)
{
   bool ok = true;
   for (unsigned i = 0; i < st->num_objs; i++) {
      const struct glsl_ast_object *o = &st->objs[i];
      const char *t = o->type, *end = t + strlen(t);
      if (!strncmp(o->name, "gl_", 3) || !has_top_word(t, end, "in"))
         continue; /* built-in inputs carry their own (flat) qualifiers */
      const char *blk = strstr(t, "block{");
      bool flat = has_top_word(t, blk ? blk : end, "flat");
      if (!blk) {
         if (!flat && has_integer(t, end)) {
            glsl_str_printf(log, "ERROR: 0:?: '%s' : a fragment input of integer or double type "
                                 "must be qualified flat (GLSL 1.50 section 4.3.4)\n", o->name);
            ok = false;
         }
         continue;
      }
      /* Each member of an input block: its own qualifiers or the block's must say flat. */
      for (const char *p = blk + 6; *p && *p != '}';) {
         const char *e = member_end(p);
         const char *nb, *ne;
         member_name(p, e, &nb, &ne);
         const char *brace = memchr(p, '{', (size_t)(e - p));
         if (!flat && !has_top_word(p, brace ? brace : e, "flat") && has_integer(p, e)) {
            glsl_str_printf(log, "ERROR: 0:?: '%.*s' : a fragment input block member of integer "
                                 "or double type must be qualified flat (GLSL 1.50 section "
                                 "4.3.4)\n", (int)(ne - nb), nb);
            ok = false;
         }
         if (*e != ',')
            break;
         p = e + 1;
      }
   }
   return ok;
}

bool
glsl_ast_check_block_indexing(const char *debug_log, struct glsl_str *log)
{
   const char *v = debug_log ? strstr(debug_log, "Shader version: ") : NULL;
   if (!v || atoi(v + 16) >= 400)
      return true; /* GLSL 4.00 (and ARB_gpu_shader5) allow dynamically uniform indices */
   bool ok = true;
   /* 0:9  indirect index (... temp block{...})
    * 0:9    'camera' (... uniform 2-element array of block{...}) */
   for (const char *line = strstr(debug_log, "indirect index ("); line;
        line = strstr(line + 1, "indirect index (")) {
      const char *eol = strchr(line, '\n');
      if (!eol)
         break;
      const char *next = eol + 1, *next_eol = strchr(next, '\n');
      size_t next_len = next_eol ? (size_t)(next_eol - next) : strlen(next);
      const char *brace = memchr(next, '{', next_len);
      const char *q1 = memchr(next, '\'', next_len);
      const char *q2 = q1 ? memchr(q1 + 1, '\'', next_len - (size_t)(q1 + 1 - next)) : NULL;
      if (!brace || !q2 || q2 > brace || !has_word(q2, brace, "uniform") ||
          !has_word(q2, brace, "block"))
         continue;
      const char *ls = line; /* the line number opens the line: "0:N" */
      while (ls > debug_log && ls[-1] != '\n')
         ls--;
      int ln = !strncmp(ls, "0:", 2) ? atoi(ls + 2) : 0;
      size_t mangle = sizeof(GLSL_MANGLE) - 1; /* the app's name: glsl_demangle */
      const char *name = q1 + 1;
      if ((size_t)(q2 - name) >= mangle && !strncmp(name, GLSL_MANGLE, mangle))
         name += mangle;
      glsl_str_printf(log, "ERROR: 0:%d: '%.*s' : a uniform block array must be indexed with a "
                           "constant integral expression before GLSL 4.00\n",
                      ln, (int)(q2 - name), name);
      ok = false;
   }
   return ok;
}
