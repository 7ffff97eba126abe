/* glsl_atomic_arg.c — atomic_uint function parameters (GLSL 4.20 4.1.7, ARB_shader_atomic_counters)
 * lowered in the preprocessed source, since glslang's relaxed Vulkan rules make counters members
 * of a storage block and have no atomic_uint value a call could pass. Each function with
 * atomic_uint parameters is cloned per distinct list of counters its calls pass; in a clone the
 * parameter is gone from the list and its uses name the counter:
 *
 *    uint f(atomic_uint z) { return atomicCounterIncrement(z); } ... f(y) ...
 *    uint _mgl_ac0_f() { return atomicCounterIncrement(y); } ... _mgl_ac0_f() ...
 *
 * An element of a counter array with constant indices (c[2]) is a counter of its own; with
 * another index (c[i]) the clone takes the index as an int parameter in the counter's place.
 * A function whose calls pass its own atomic parameters on is cloned once its callers have been
 * (rounds; GLSL has no recursion). A function nobody calls goes (its body could not compile).
 * Refused with a compile error naming the form: an atomic_uint array parameter, an overloaded
 * name, an argument other than a counter or an element of a counter array, a clone whose body
 * declares a name the counter's would hide, and nested calls of such functions in arguments.
 * The first clone takes the definition's lines and the others follow on its last line, so every
 * later line keeps its number. */
#include "glsl_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ROUNDS = 16, MAX_CLONES = 256 };

struct param {
   unsigned first, end; /* tokens [first, end) */
   int name;            /* an atomic parameter's name token, else -1 */
};

struct clone {
   char *key;  /* the counters, as text; a "[]" for an index passed on */
   char **sub; /* per atomic parameter: the text its uses become */
   unsigned nsub;
   bool dyn[8]; /* per atomic parameter (up to 8 taken dynamically) */
};

struct fn {
   unsigned start, name, lparen, rparen, end; /* end: the '}' or ';' token */
   bool def, atomic;
   struct param *params;
   unsigned nparams, natomic;
   struct clone *clones;
   unsigned nclones;
   bool called_from_atomic;
};

struct edit {
   uint32_t at, len;
   char *text;
};

struct aunit {
   const char *p;
   struct glsl_tok *t;
   unsigned n;
   struct fn *fns;
   unsigned nfns, cap_fns;
   struct edit *edits;
   unsigned nedits, cap_edits;
   struct glsl_str *log;
   bool failed, oom;
};

static bool
is(const struct aunit *A, unsigned i, const char *s)
{
   size_t len = strlen(s);
   return i < A->n && A->t[i].len == len && !memcmp(A->p + A->t[i].at, s, len);
}

static bool
same(const struct aunit *A, unsigned i, unsigned j)
{
   return A->t[i].len == A->t[j].len && !memcmp(A->p + A->t[i].at, A->p + A->t[j].at, A->t[i].len);
}

static void
refuse(struct aunit *A, unsigned i, const char *what)
{
   if (A->failed)
      return;
   A->failed = true;
   glsl_str_printf(A->log, "0:%d(0): error: an atomic_uint function argument: %s (mgl)\n",
                   i < A->n ? A->t[i].line : 0, what);
}

/* The token after the group opened at i ('(' or '['), or n. */
static unsigned
group_end(const struct aunit *A, unsigned i)
{
   int d = 0;
   for (; i < A->n; i++) {
      const char c = A->t[i].kind == GLSL_TOK_PUNCT ? A->p[A->t[i].at] : 0;
      if (c == '(' || c == '[' || c == '{')
         d++;
      else if ((c == ')' || c == ']' || c == '}') && --d == 0)
         return i + 1;
   }
   return A->n;
}

static void
add_edit(struct aunit *A, uint32_t at, uint32_t len, char *text)
{
   if (!text) {
      A->oom = true;
      return;
   }
   if (A->nedits == A->cap_edits) {
      unsigned cap = A->cap_edits ? A->cap_edits * 2 : 16;
      struct edit *e = realloc(A->edits, cap * sizeof(*e));
      if (!e) {
         free(text);
         A->oom = true;
         return;
      }
      A->edits = e, A->cap_edits = cap;
   }
   A->edits[A->nedits++] = (struct edit){at, len, text};
}

/* The parameters of the declaration whose '(' is lp and ')' rp. */
static void
scan_params(struct aunit *A, struct fn *f)
{
   unsigned first = f->lparen + 1;
   for (unsigned i = first; i <= f->rparen && !A->oom; i++) {
      if (i < f->rparen && !is(A, i, ","))
         continue;
      if (i == first) { /* () */
         first = i + 1;
         continue;
      }
      struct param p = {first, i, -1};
      for (unsigned k = first; k < i; k++)
         if (is(A, k, "atomic_uint")) {
            if (k + 1 < i && A->t[k + 1].kind == GLSL_TOK_IDENT && k + 2 == i)
               p.name = (int)k + 1;
            else
               refuse(A, k, "an atomic_uint array parameter, or one without a name");
         }
      if (is(A, first, "void") && first + 1 == i) {
         first = i + 1;
         continue;
      }
      struct param *np = realloc(f->params, (f->nparams + 1) * sizeof(*np));
      if (!np) {
         A->oom = true;
         return;
      }
      f->params = np;
      f->params[f->nparams++] = p;
      if (p.name >= 0)
         f->natomic++;
      first = i + 1;
   }
   f->atomic = f->natomic > 0;
}

/* Every function declaration at depth 0. */
static void
scan_fns(struct aunit *A)
{
   int depth = 0;
   unsigned start = 0;
   for (unsigned i = 0; i < A->n && !A->oom; i++) {
      const struct glsl_tok *t = &A->t[i];
      const char c = t->kind == GLSL_TOK_PUNCT ? A->p[t->at] : 0;
      if (t->kind == GLSL_TOK_DIRECTIVE || c == ';' || c == '}') {
         if (c == '}')
            depth--;
         if (!depth)
            start = i + 1;
         continue;
      }
      if (c == '{') {
         depth++;
         continue;
      }
      if (depth || t->kind != GLSL_TOK_IDENT || !is(A, i + 1, "(") || i == start ||
          is(A, i, "layout"))
         continue;
      const unsigned after = group_end(A, i + 1);
      if (!is(A, after, "{") && !is(A, after, ";"))
         continue;
      struct fn f = {
         .start = start, .name = i, .lparen = i + 1, .rparen = after - 1, .def = is(A, after, "{")};
      f.end = f.def ? group_end(A, after) - 1 : after;
      scan_params(A, &f);
      if (A->nfns == A->cap_fns) {
         unsigned cap = A->cap_fns ? A->cap_fns * 2 : 16;
         struct fn *nf = realloc(A->fns, cap * sizeof(*nf));
         if (!nf) {
            free(f.params);
            A->oom = true;
            return;
         }
         A->fns = nf, A->cap_fns = cap;
      }
      A->fns[A->nfns++] = f;
      i = f.end;
      start = i + 1;
   }
}

/* The atomic function definition named like token i, or NULL. */
static struct fn *
atomic_def(struct aunit *A, unsigned i)
{
   for (unsigned k = 0; k < A->nfns; k++)
      if (A->fns[k].def && A->fns[k].atomic && same(A, A->fns[k].name, i))
         return &A->fns[k];
   return NULL;
}

/* The definition whose body holds token i, or NULL. */
static struct fn *
enclosing(struct aunit *A, unsigned i)
{
   for (unsigned k = 0; k < A->nfns; k++)
      if (A->fns[k].def && A->fns[k].rparen < i && i < A->fns[k].end)
         return &A->fns[k];
   return NULL;
}

static bool
is_call(const struct aunit *A, unsigned i)
{
   if (A->t[i].kind != GLSL_TOK_IDENT || !is(A, i + 1, "(") || (i && is(A, i - 1, ".")))
      return false;
   for (unsigned k = 0; k < A->nfns; k++)
      if (A->fns[k].name == i)
         return false;
   return true;
}

static void
text_append(struct glsl_str *s, const struct aunit *A, unsigned first, unsigned end)
{
   if (first < end)
      glsl_str_printf(s, "%.*s", (int)(A->t[end - 1].at + A->t[end - 1].len - A->t[first].at),
                      A->p + A->t[first].at);
}

/* The clone of f a call's arguments [args of ranges] pick, added when new; -1 when refused. */
static int
clone_of(struct aunit *A, struct fn *f, const unsigned *afirst, const unsigned *aend)
{
   struct glsl_str key = {0};
   bool dyn[8] = {0};
   unsigned j = 0;
   for (unsigned k = 0; k < f->nparams; k++) {
      if (f->params[k].name < 0)
         continue;
      unsigned a = afirst[k], e = aend[k];
      if (a >= e || A->t[a].kind != GLSL_TOK_IDENT) {
         refuse(A, a, "an argument other than a counter or an element of a counter array");
         free(glsl_str_take(&key));
         return -1;
      }
      bool constant = true; /* c, c[2], c[1][0] */
      unsigned i = a + 1;
      while (i < e && constant) {
         const unsigned close = is(A, i, "[") ? group_end(A, i) : e + 1;
         constant = close == i + 3 && A->t[i + 1].kind == GLSL_TOK_NUMBER;
         i = close;
      }
      constant = constant && i == e;
      const bool one_index = is(A, a + 1, "[") && group_end(A, a + 1) == e;
      if (!constant && (!one_index || j >= 8)) {
         refuse(A, a, "an argument other than a counter or an element of a counter array");
         free(glsl_str_take(&key));
         return -1;
      }
      if (constant) {
         for (unsigned i = a; i < e; i++)
            glsl_str_printf(&key, "%.*s", (int)A->t[i].len, A->p + A->t[i].at);
      } else {
         glsl_str_printf(&key, "%.*s[]", (int)A->t[a].len, A->p + A->t[a].at);
         dyn[j] = true;
      }
      glsl_str_append(&key, ",");
      j++;
   }
   char *k = glsl_str_take(&key);
   if (!k) {
      A->oom = true;
      return -1;
   }
   for (unsigned c = 0; c < f->nclones; c++)
      if (!strcmp(f->clones[c].key, k)) {
         free(k);
         return (int)c;
      }
   if (f->nclones >= MAX_CLONES) {
      free(k);
      refuse(A, f->name, "more than 256 lists of counters passed to one function");
      return -1;
   }
   struct clone *nc = realloc(f->clones, (f->nclones + 1) * sizeof(*nc));
   char **sub = calloc(f->natomic, sizeof(char *));
   if (nc)
      f->clones = nc;
   if (!nc || !sub) {
      free(k);
      free(sub);
      A->oom = true;
      return -1;
   }
   struct clone cl = {.key = k, .sub = sub, .nsub = f->natomic};
   memcpy(cl.dyn, dyn, sizeof(dyn));
   j = 0;
   for (unsigned p = 0; p < f->nparams; p++) {
      if (f->params[p].name < 0)
         continue;
      struct glsl_str s = {0};
      if (dyn[j])
         glsl_str_printf(&s, "%.*s[_mgl_aci%u]", (int)A->t[afirst[p]].len,
                         A->p + A->t[afirst[p]].at, j);
      else
         text_append(&s, A, afirst[p], aend[p]);
      sub[j] = glsl_str_take(&s);
      if (!sub[j])
         A->oom = true;
      j++;
   }
   f->clones[f->nclones++] = cl;
   return (int)f->nclones - 1;
}

/* Rewrites the call at token i of root f. */
static void
rewrite_call(struct aunit *A, struct fn *f, unsigned i)
{
   const unsigned close = group_end(A, i + 1) - 1; /* ')' */
   unsigned *afirst = calloc(f->nparams + 1, sizeof(unsigned));
   unsigned *aend = calloc(f->nparams + 1, sizeof(unsigned));
   if (!afirst || !aend) {
      free(afirst);
      free(aend);
      A->oom = true;
      return;
   }
   unsigned nargs = 0, first = i + 2;
   for (unsigned k = i + 2; k <= close && nargs <= f->nparams;) {
      if (k == close || is(A, k, ",")) {
         if (k == close && first == close && !nargs)
            break; /* () */
         if (nargs < f->nparams)
            afirst[nargs] = first, aend[nargs] = k;
         nargs++;
         first = ++k;
         continue;
      }
      if (A->t[k].kind == GLSL_TOK_IDENT && is(A, k + 1, "(") && atomic_def(A, k)) {
         refuse(A, k, "a call of a function with atomic_uint parameters in another's arguments");
         break;
      }
      const char c = A->t[k].kind == GLSL_TOK_PUNCT ? A->p[A->t[k].at] : 0;
      k = c == '(' || c == '[' ? group_end(A, k) : k + 1;
   }
   if (!A->failed && nargs != f->nparams)
      refuse(A, i, "a call whose arguments do not match the function's parameters");
   const int c = A->failed ? -1 : clone_of(A, f, afirst, aend);
   if (c >= 0) {
      struct glsl_str s = {0};
      glsl_str_printf(&s, "_mgl_ac%d_%.*s(", c, (int)A->t[i].len, A->p + A->t[i].at);
      bool any = false;
      unsigned j = 0;
      for (unsigned p = 0; p < f->nparams; p++) {
         const bool atomic = f->params[p].name >= 0;
         if (atomic && !f->clones[c].dyn[j++])
            continue;
         glsl_str_append(&s, any ? ", " : "");
         if (atomic) { /* the index of c[expr] */
            glsl_str_append(&s, "(");
            text_append(&s, A, afirst[p] + 2, aend[p] - 1);
            glsl_str_append(&s, ")");
         } else {
            text_append(&s, A, afirst[p], aend[p]);
         }
         any = true;
      }
      glsl_str_append(&s, ")");
      const uint32_t at = A->t[i].at;
      add_edit(A, at, A->t[close].at + 1 - at, glsl_str_take(&s));
   }
   free(afirst);
   free(aend);
}

/* Appends the gap before token k: its newlines only (flat: one space). */
static void
gap(struct glsl_str *s, const struct aunit *A, unsigned k, bool flat, bool keep)
{
   if (!k)
      return;
   const uint32_t from = A->t[k - 1].at + A->t[k - 1].len, to = A->t[k].at;
   if (flat) {
      glsl_str_append(s, " ");
      return;
   }
   for (uint32_t b = from; b < to; b++)
      if (keep || A->p[b] == '\n')
         glsl_str_printf(s, "%c", A->p[b]);
}

/* Clone c of definition d, as declaration f (d itself or a prototype) has it, as text; flat:
 * on one line, directives left out. */
static void
emit_clone(struct aunit *A, const struct fn *f, const struct fn *d, int c, bool flat,
           struct glsl_str *s)
{
   const struct clone *cl = &d->clones[c];
   for (unsigned k = f->start; k <= f->end; k++) {
      if (k > f->start)
         gap(s, A, k, flat, k <= f->lparen || k > f->rparen);
      if (A->t[k].kind == GLSL_TOK_DIRECTIVE) {
         if (!flat)
            glsl_str_printf(s, "%.*s", (int)A->t[k].len, A->p + A->t[k].at);
         continue;
      }
      if (k == f->name) {
         glsl_str_printf(s, "_mgl_ac%d_%.*s", c, (int)A->t[k].len, A->p + A->t[k].at);
         continue;
      }
      if (k == f->lparen) { /* the parameters left, and the indices taken */
         glsl_str_append(s, "(");
         bool any = false;
         unsigned j = 0;
         for (unsigned p = 0; p < f->nparams; p++) {
            if (f->params[p].name >= 0) {
               if (cl->dyn[j])
                  glsl_str_printf(s, "%sint _mgl_aci%u", any ? ", " : "", j), any = true;
               j++;
               continue;
            }
            glsl_str_append(s, any ? ", " : "");
            text_append(s, A, f->params[p].first, f->params[p].end);
            any = true;
         }
         continue;
      }
      if (k > f->lparen && k < f->rparen)
         continue;
      const char *text = NULL;
      if (k > f->rparen && A->t[k].kind == GLSL_TOK_IDENT && !is(A, k - 1, ".")) {
         unsigned j = 0; /* the atomic parameter's ordinal */
         for (unsigned p = 0; p < f->nparams && !text; p++) {
            if (f->params[p].name < 0)
               continue;
            if (same(A, (unsigned)f->params[p].name, k))
               text = cl->sub[j];
            j++;
         }
      }
      if (text)
         glsl_str_append(s, text);
      else
         glsl_str_printf(s, "%.*s", (int)A->t[k].len, A->p + A->t[k].at);
   }
}

/* A local declared in f's body under a name a counter of clone c has: the clone would read it. */
static bool
hides_counter(const struct aunit *A, const struct fn *f, const struct clone *cl)
{
   for (unsigned j = 0; j < cl->nsub; j++) {
      const char *sub = cl->sub[j];
      size_t len = 0;
      while (sub[len] && glsl_ident_char(sub[len]))
         len++;
      for (unsigned k = f->rparen + 1; k < f->end; k++)
         if (A->t[k].kind == GLSL_TOK_IDENT && A->t[k].len == len &&
             !memcmp(A->p + A->t[k].at, sub, len) && A->t[k - 1].kind == GLSL_TOK_IDENT &&
             !is(A, k - 1, "return") && !is(A, k - 1, "else") && !is(A, k - 1, "case"))
            return true; /* `T name`: a declaration */
   }
   return false;
}

/* Newlines of tokens [first, last] and the gaps between, as text. */
static char *
newlines_of(const struct aunit *A, unsigned first, unsigned last)
{
   struct glsl_str s = {0};
   glsl_str_append(&s, "");
   for (uint32_t b = A->t[first].at; b < A->t[last].at + A->t[last].len; b++)
      if (A->p[b] == '\n')
         glsl_str_append(&s, "\n");
   return glsl_str_take(&s);
}

static int
by_at(const void *a, const void *b)
{
   const struct edit *x = a, *y = b;
   return x->at < y->at ? -1 : x->at > y->at;
}

static void
unit_finish(struct aunit *A)
{
   for (unsigned k = 0; k < A->nfns; k++) {
      for (unsigned c = 0; c < A->fns[k].nclones; c++) {
         for (unsigned j = 0; j < A->fns[k].clones[c].nsub; j++)
            free(A->fns[k].clones[c].sub[j]);
         free(A->fns[k].clones[c].sub);
         free(A->fns[k].clones[c].key);
      }
      free(A->fns[k].clones);
      free(A->fns[k].params);
   }
   for (unsigned k = 0; k < A->nedits; k++)
      free(A->edits[k].text);
   free(A->edits);
   free(A->fns);
   free(A->t);
}

/* One round on text p: *out the rewritten text, NULL when p has no atomic parameter left. */
static bool
round_once(const char *p, int version, struct glsl_str *log, char **out)
{
   *out = NULL;
   struct aunit A = {.p = p, .log = log};
   if (!glsl_tokenize(p, version, &A.t, &A.n)) {
      free(A.t);
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   scan_fns(&A);
   bool any = false;
   for (unsigned k = 0; k < A.nfns; k++)
      any |= A.fns[k].atomic;
   if (!any || A.oom || A.failed) {
      const bool ok = !A.oom && !A.failed;
      if (A.oom)
         glsl_str_append(log, "error: out of memory\n");
      unit_finish(&A);
      return ok;
   }
   for (unsigned k = 0; k < A.nfns; k++)
      for (unsigned j = 0; j < A.nfns; j++)
         if (k != j && A.fns[k].atomic && !A.fns[j].atomic &&
             same(&A, A.fns[k].name, A.fns[j].name))
            refuse(&A, A.fns[j].name, "an overloaded function with atomic_uint parameters");
   /* the callers: a function called from a body of another with atomic parameters waits */
   for (unsigned i = 0; i < A.n && !A.failed; i++) {
      struct fn *f = is_call(&A, i) ? atomic_def(&A, i) : NULL;
      const struct fn *in = f ? enclosing(&A, i) : NULL;
      if (in && in->atomic)
         f->called_from_atomic = true;
   }
   bool progress = false;
   for (unsigned i = 0; i < A.n && !A.failed && !A.oom; i++) {
      struct fn *f = is_call(&A, i) ? atomic_def(&A, i) : NULL;
      if (f && !f->called_from_atomic) {
         rewrite_call(&A, f, i);
         progress = true;
      }
   }
   for (unsigned k = 0; k < A.nfns && !A.failed && !A.oom; k++) {
      struct fn *f = &A.fns[k];
      struct fn *d = f->atomic ? atomic_def(&A, f->name) : NULL;
      if (!d || d->called_from_atomic)
         continue;
      struct glsl_str s = {0};
      for (unsigned c = 0; c < d->nclones; c++) {
         if (f->def && hides_counter(&A, f, &d->clones[c])) {
            refuse(&A, f->name, "a local of the function hides the counter passed");
            break;
         }
         /* a prototype's clones share its lines; a definition's first clone keeps them */
         emit_clone(&A, f, d, (int)c, !f->def || c > 0, &s);
         glsl_str_append(&s, " ");
      }
      if (!f->def || !d->nclones) { /* the lines the declaration had */
         char *nl = newlines_of(&A, f->start, f->end);
         glsl_str_append(&s, nl ? nl : "");
         A.oom |= !nl;
         free(nl);
      }
      const uint32_t at = A.t[f->start].at;
      add_edit(&A, at, A.t[f->end].at + A.t[f->end].len - at, glsl_str_take(&s));
      progress = true;
   }
   if (!A.failed && !A.oom && !progress)
      refuse(&A, 0, "functions that call each other with atomic_uint arguments");
   bool ok = !A.failed && !A.oom;
   if (A.oom)
      glsl_str_append(log, "error: out of memory\n");
   if (ok) {
      qsort(A.edits, A.nedits, sizeof(*A.edits), by_at);
      struct glsl_str s = {0};
      uint32_t pos = 0;
      for (unsigned k = 0; k < A.nedits; k++) {
         if (A.edits[k].at < pos) { /* overlapping: cannot happen past the checks above */
            refuse(&A, 0, "overlapping rewrites");
            ok = false;
            break;
         }
         glsl_str_printf(&s, "%.*s%s", (int)(A.edits[k].at - pos), p + pos, A.edits[k].text);
         pos = A.edits[k].at + A.edits[k].len;
      }
      glsl_str_append(&s, p + pos);
      *out = glsl_str_take(&s);
      if (ok && !*out) {
         glsl_str_append(log, "error: out of memory\n");
         ok = false;
      }
      if (!ok) {
         free(*out);
         *out = NULL;
      }
   }
   unit_finish(&A);
   return ok;
}

bool
glsl_lower_atomic_args(const char *pp, int version, struct glsl_str *log, char **out)
{
   *out = NULL;
   if (!strstr(pp, "atomic_uint"))
      return true;
   char *text = NULL;
   for (int r = 0; r < MAX_ROUNDS; r++) {
      char *next = NULL;
      if (!round_once(text ? text : pp, version, log, &next)) {
         free(text);
         return false;
      }
      if (!next) {
         *out = text;
         return true;
      }
      free(text);
      text = next;
   }
   free(text);
   glsl_str_printf(log,
                   "0:0(0): error: an atomic_uint function argument: calls nested more "
                   "than %d deep (mgl)\n",
                   MAX_ROUNDS);
   return false;
}
