/* glsl_decl.c — the global declarations of one compilation unit, read from the preprocessed GLSL
 * glslang parsed (the language, not a debug dump). They keep two things SPIR-V loses: which
 * uniform members were declared bool (SPIR-V stores them as uint in a block) and the order the
 * globals were declared in (SPIR-V orders variables by first use). Only declarations are read:
 * qualifiers, types, names, struct and block bodies; function bodies and initializers are
 * skipped by bracket matching. */
#include "glsl_internal.h"

#include <stdlib.h>
#include <string.h>

struct tok {
   const char *s;
   size_t len;
   char kind; /* 'i': identifier or number; else the punctuation character; 0 at the end */
};

struct scan {
   const char *p;
   struct glsl_decls *d;
   bool oom;
};

static bool
ident_char(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
          c == '.';
}

static struct tok
next(struct scan *sc)
{
   const char *p = sc->p;
   for (;;) {
      while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v')
         p++;
      if (*p == '#' || (p[0] == '/' && p[1] == '/')) { /* directives: #version, #line, ... */
         while (*p && *p != '\n')
            p++;
      } else if (p[0] == '/' && p[1] == '*') {
         const char *e = strstr(p + 2, "*/");
         p = e ? e + 2 : p + strlen(p);
      } else {
         break;
      }
   }
   struct tok t = {p, 0, 0};
   if (!*p) {
      sc->p = p;
      return t;
   }
   if (ident_char(*p)) {
      while (ident_char(p[t.len]))
         t.len++;
      t.kind = 'i';
   } else {
      t.len = 1;
      t.kind = *p;
   }
   sc->p = p + t.len;
   return t;
}

static bool
tok_is(struct tok t, const char *w)
{
   return t.kind == 'i' && t.len == strlen(w) && !memcmp(t.s, w, t.len);
}

/* A layout qualifier list after its '(': the value of binding = N, else -1 (GLSL 4.20). */
static int
layout_binding(struct scan *sc)
{
   int binding = -1, depth = 1;
   struct tok prev2 = {0}, prev = {0};
   for (struct tok t = next(sc); t.kind; t = next(sc)) {
      if (t.kind == '(')
         depth++;
      else if (t.kind == ')' && !--depth)
         break;
      if (t.kind == 'i' && prev.kind == '=' && tok_is(prev2, "binding") && t.len < 10 &&
          t.s[0] >= '0' && t.s[0] <= '9') {
         char num[12];
         memcpy(num, t.s, t.len);
         num[t.len] = 0;
         binding = (int)strtol(num, NULL, 0);
      }
      prev2 = prev;
      prev = t;
   }
   return binding;
}

/* Skips to the bracket closing `open` (already read). */
static void
skip_balanced(struct scan *sc, char open)
{
   int depth = 1;
   for (struct tok t = next(sc); t.kind && depth; t = next(sc)) {
      if (t.kind == '(' || t.kind == '[' || t.kind == '{')
         depth++;
      else if (t.kind == ')' || t.kind == ']' || t.kind == '}')
         depth--;
      if (!depth)
         return;
   }
   (void)open;
}

static int
add_body(struct scan *sc, struct tok name, bool is_block, int binding)
{
   struct glsl_decls *d = sc->d;
   if (d->num_bodies == d->cap_bodies) {
      unsigned cap = d->cap_bodies ? d->cap_bodies * 2 : 8;
      struct glsl_decl_body *b = realloc(d->bodies, cap * sizeof(*b));
      if (!b) {
         sc->oom = true;
         return -1;
      }
      d->bodies = b;
      d->cap_bodies = cap;
   }
   d->bodies[d->num_bodies] = (struct glsl_decl_body){name.s, name.len, is_block, binding};
   return (int)d->num_bodies++;
}

static void
add_decl(struct scan *sc, struct tok name, struct tok type, int body, int scope, unsigned qual,
         int binding)
{
   struct glsl_decls *d = sc->d;
   if (d->num_decls == d->cap_decls) {
      unsigned cap = d->cap_decls ? d->cap_decls * 2 : 16;
      struct glsl_decl *v = realloc(d->decls, cap * sizeof(*v));
      if (!v) {
         sc->oom = true;
         return;
      }
      d->decls = v;
      d->cap_decls = cap;
   }
   d->decls[d->num_decls++] = (struct glsl_decl){.name = name.s,
                                                 .name_len = name.len,
                                                 .type = type.s,
                                                 .type_len = type.len,
                                                 .body = body,
                                                 .scope = scope,
                                                 .qual = qual,
                                                 .binding = binding};
}

static void parse_list(struct scan *sc, int scope);

/* One declaration (or function, or precision statement) of `scope` (-1: global). Returns false
 * at the '}' closing the scope or at the end of the text. */
static bool
parse_statement(struct scan *sc, int scope)
{
   struct tok prev = {0}, last = {0}, type = {0};
   int body = -1;
   unsigned qual = 0;
   int binding = -1;
   bool typed = false, any = false;
   for (struct tok t = next(sc);; t = next(sc)) {
      if (!t.kind)
         return false;
      if (t.kind == '}' && !any)
         return false;
      any = true;
      if (t.kind == 'i') {
         if (tok_is(t, "layout")) {
            struct tok o = next(sc);
            if (o.kind == '(') {
               const int b = layout_binding(sc);
               if (b >= 0)
                  binding = b;
            }
            continue;
         }
         if (tok_is(t, "precision")) {
            while (t.kind && t.kind != ';')
               t = next(sc);
            return t.kind != 0;
         }
         if (tok_is(t, "in") || tok_is(t, "attribute") || tok_is(t, "varying"))
            qual |= GLSL_DECL_IN;
         else if (tok_is(t, "out"))
            qual |= GLSL_DECL_OUT;
         else if (tok_is(t, "uniform"))
            qual |= GLSL_DECL_UNIFORM;
         else if (tok_is(t, "buffer"))
            qual |= GLSL_DECL_BUFFER;
         if (tok_is(t, "struct")) {
            struct tok n = next(sc), none = {0};
            if (n.kind == 'i')
               t = next(sc);
            else
               t = n, n = none;
            if (t.kind != '{')
               return t.kind != 0;
            body = add_body(sc, n, false, -1);
            parse_list(sc, body);
            type = n;
            typed = true;
            prev = last = none;
            continue;
         }
         prev = last;
         last = t;
         continue;
      }
      switch (t.kind) {
      case '{':
         if (last.kind) { /* an interface block: qualifiers, its name, its members */
            body = add_body(sc, last, true, binding);
            parse_list(sc, body);
            type = last;
            typed = true;
            prev = last = (struct tok){0};
         } else {
            skip_balanced(sc, '{');
         }
         break;
      case '(': /* a function: its parameters, then its body or ';' */
         skip_balanced(sc, '(');
         t = next(sc);
         if (t.kind == '{')
            skip_balanced(sc, '{');
         return t.kind != 0;
      case '[': skip_balanced(sc, '['); break;
      case '=':
      case ',':
      case ';':
         if (last.kind) {
            if (!typed) {
               type = prev;
               typed = true;
            }
            add_decl(sc, last, type, body, scope, qual, binding);
         } else if (t.kind == ';' && body >= 0 && sc->d->bodies[body].is_block) {
            add_decl(sc, (struct tok){0}, type, body, scope, qual, binding); /* no instance name */
         }
         last = prev = (struct tok){0};
         if (t.kind == '=') { /* the initializer, to the next declarator */
            int depth = 0;
            for (t = next(sc); t.kind && !(depth == 0 && (t.kind == ',' || t.kind == ';'));
                 t = next(sc)) {
               if (t.kind == '(' || t.kind == '[' || t.kind == '{')
                  depth++;
               else if (t.kind == ')' || t.kind == ']' || t.kind == '}')
                  depth--;
            }
            if (!t.kind)
               return false;
         }
         if (t.kind == ';')
            return true;
         break;
      default: break;
      }
   }
}

static void
parse_list(struct scan *sc, int scope)
{
   while (!sc->oom && parse_statement(sc, scope))
      ;
}

bool
glsl_decls_scan(struct glsl_decls *d, const char *text)
{
   memset(d, 0, sizeof(*d));
   size_t len = text ? strlen(text) : 0;
   if (!(d->text = malloc(len + 1)))
      return false;
   memcpy(d->text, text ? text : "", len);
   d->text[len] = '\0';
   struct scan sc = {d->text, d, false};
   while (!sc.oom && *sc.p)
      parse_list(&sc, -1); /* returns early after a stray '}', which it has read */
   return !sc.oom;
}

void
glsl_decls_finish(struct glsl_decls *d)
{
   free(d->text);
   free(d->decls);
   free(d->bodies);
   memset(d, 0, sizeof(*d));
}

static bool
span_is(const char *s, size_t len, const char *w, size_t wlen)
{
   return len == wlen && (len == 0 || !memcmp(s, w, len)); /* an empty span may be NULL */
}

/* A declared name against one read back from SPIR-V: both as the app wrote them (glsl_demangle). */
static bool
name_is(const char *s, size_t len, const char *w, size_t wlen)
{
   size_t m = sizeof(GLSL_MANGLE) - 1;
   if (len >= m && !memcmp(s, GLSL_MANGLE, m))
      s += m, len -= m;
   if (wlen >= m && !memcmp(w, GLSL_MANGLE, m))
      w += m, wlen -= m;
   return span_is(s, len, w, wlen);
}

int
glsl_decl_order(const struct glsl_decl_stage *st, const char *name)
{
   size_t len = strlen(name);
   int base = 0;
   if (!len)
      return -1;
   for (unsigned u = 0; u < st->num_units; u++) {
      const struct glsl_decls *d = &st->units[u];
      for (unsigned i = 0; i < d->num_decls; i++)
         if (d->decls[i].scope < 0 && name_is(d->decls[i].name, d->decls[i].name_len, name, len))
            return base + (int)i;
      base += (int)d->num_decls;
   }
   return -1;
}

/* The struct body of a member or variable: its own, or the struct its type names. */
static int
struct_of(const struct glsl_decls *d, const struct glsl_decl *v)
{
   if (v->body >= 0)
      return v->body;
   for (unsigned b = 0; b < d->num_bodies; b++)
      if (!d->bodies[b].is_block &&
          span_is(d->bodies[b].name, d->bodies[b].name_len, v->type, v->type_len))
         return (int)b;
   return -1;
}

/* Whether `path` (member names joined by '.') leads from v to a bool or bvecN. */
static bool
path_is_bool(const struct glsl_decls *d, const struct glsl_decl *v, const char *path)
{
   for (unsigned depth = 0; depth < 32; depth++) {
      if (!*path)
         return v->body < 0 && v->type_len >= 4 &&
                (span_is(v->type, v->type_len, "bool", 4) ||
                 (v->type_len == 5 && !memcmp(v->type, "bvec", 4) && v->type[4] >= '2' &&
                  v->type[4] <= '4'));
      int body = struct_of(d, v);
      const char *dot = strchr(path, '.');
      size_t len = dot ? (size_t)(dot - path) : strlen(path);
      const struct glsl_decl *m = NULL;
      for (unsigned i = 0; body >= 0 && i < d->num_decls && !m; i++)
         if (d->decls[i].scope == body &&
             name_is(d->decls[i].name, d->decls[i].name_len, path, len))
            m = &d->decls[i];
      if (!m)
         return false;
      v = m;
      path = dot ? dot + 1 : path + len;
   }
   return false;
}

bool
glsl_decl_member_is_bool(const struct glsl_decl_stage *stages, unsigned num_stages,
                         const char *scope, const char *path)
{
   size_t scope_len = strlen(scope);
   const char *dot = strchr(path, '.');
   size_t first_len = dot ? (size_t)(dot - path) : strlen(path);
   for (unsigned s = 0; s < num_stages; s++) {
      for (unsigned u = 0; u < stages[s].num_units; u++) {
         const struct glsl_decls *d = &stages[s].units[u];
         for (unsigned i = 0; i < d->num_decls; i++) {
            const struct glsl_decl *v = &d->decls[i];
            if (v->scope >= 0 || !(v->qual & (GLSL_DECL_UNIFORM | GLSL_DECL_BUFFER)))
               continue;
            bool block = v->body >= 0 && d->bodies[v->body].is_block;
            if (block ? !name_is(v->name, v->name_len, scope, scope_len)
                      : scope_len || !name_is(v->name, v->name_len, path, first_len))
               continue; /* a loose uniform is a member of the default block */
            if (block ? path_is_bool(d, v, path) : path_is_bool(d, v, path + first_len + !!dot))
               return true;
         }
      }
   }
   return false;
}

int
glsl_decl_block_binding(const struct glsl_decl_stage *stages, unsigned num_stages,
                        const char *block)
{
   const size_t len = strlen(block);
   for (unsigned s = 0; s < num_stages; s++)
      for (unsigned u = 0; u < stages[s].num_units; u++) {
         const struct glsl_decls *d = &stages[s].units[u];
         for (unsigned i = 0; i < d->num_bodies; i++) {
            const struct glsl_decl_body *b = &d->bodies[i];
            if (b->is_block && b->binding >= 0 && name_is(b->name, b->name_len, block, len))
               return b->binding;
         }
      }
   return -1;
}

int
glsl_decl_var_binding(const struct glsl_decl_stage *stages, unsigned num_stages, const char *name)
{
   const size_t len = strlen(name);
   for (unsigned s = 0; s < num_stages; s++)
      for (unsigned u = 0; u < stages[s].num_units; u++) {
         const struct glsl_decls *d = &stages[s].units[u];
         for (unsigned i = 0; i < d->num_decls; i++) {
            const struct glsl_decl *v = &d->decls[i];
            if (v->scope < 0 && (v->qual & GLSL_DECL_UNIFORM) && v->binding >= 0 &&
                name_is(v->name, v->name_len, name, len))
               return v->binding;
         }
      }
   return -1;
}
