/* glsl_subroutine.c — ARB_shader_subroutine (GLSL 4.00 `subroutine`, or GLSL 1.50 / 3.30 with
 * `#extension GL_ARB_shader_subroutine`) lowered in the preprocessed source, since glslang refuses
 * subroutines when it generates SPIR-V. Runs first in glsl_lower_preprocessed, token by token,
 * every line keeping its number (generated text goes on existing lines):
 *
 *  - `subroutine RET T(PARAMS);` declares subroutine type T: taken out, its signature kept;
 *  - `[layout(index = N)] subroutine(T1, T2) RET f(PARAMS) {...}`: the qualifier goes, f is
 *    recorded as compatible with T1, T2; indices are per stage: explicit ones first, the others
 *    in declaration order on the lowest free indices (GL 4.6 section 7.10);
 *  - `[layout(location = N)] subroutine uniform T u[N];` becomes `uniform uint _mgl_sub<s>_u[N];`
 *    (<s>: the stage's number, so that stages keep their own in the shared default block),
 *    followed by the prototype of `RET _mgl_subcall<s>_u(uint, PARAMS)`, the dispatcher: its body
 *    (after the last definition of a compatible function) calls the compatible function whose
 *    index its first argument is, else the one of the lowest index, the uniform's default;
 *  - calls `u(args)` / `u[i](args)` become `_mgl_subcall<s>_u(_mgl_sub<s>_u, args)` /
 *    `_mgl_subcall<s>_u(_mgl_sub<s>_u[i], args)` (`u[i][j]`: `_mgl_sub<s>_u[i][j]`, an array of
 *    arrays, ARB_arrays_of_arrays, keeping its shape).
 * What comes out for reflection (struct glsl_subroutine_stage) goes with the unit to the link,
 * where glsl_link_uniforms.c finds the hidden uniforms' offsets and whether they are used and
 * glsl_subroutine_link assigns the locations. */
#include "array.h"
#include "glsl_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sedit {
   uint32_t at, len;
   char *text; /* owned */
   unsigned seq;
};

struct stype {
   const struct glsl_tok *ret_first, *name; /* return type: [ret_first, name) */
   unsigned first_param, end_param;         /* token range inside the parentheses */
};

struct sfn {
   int explicit_index; /* -1 none */
   uint32_t end;       /* byte after the definition's closing brace; 0 for a prototype only */
};

struct sunit {
   enum glsl_stage stage;
   const char *p;
   struct glsl_tok *t;
   unsigned n;
   struct sedit *edits;
   unsigned num_edits, cap_edits;
   struct stype *types;
   unsigned num_types, cap_types;
   struct sfn *fns; /* parallel to info->fns */
   unsigned cap_fns, cap_info_fns, cap_uniforms, cap_info_types;
   struct glsl_subroutine_stage *info;
   unsigned *plain_fns; /* name tokens of the other global function declarations */
   unsigned num_plain, cap_plain;
   int version;
   bool explicit_ok; /* GLSL 4.30, or GL_ARB_explicit_uniform_location enabled: layout(index)
                      * and layout(location) */
   struct glsl_str *log;
   bool failed, oom;
};

static bool
is(const struct sunit *S, unsigned i, const char *s)
{
   if (i >= S->n)
      return false;
   size_t len = strlen(s);
   return S->t[i].len == len && !memcmp(S->p + S->t[i].at, s, len);
}

static bool
same(const struct sunit *S, const struct glsl_tok *a, const struct glsl_tok *b)
{
   return a->len == b->len && !memcmp(S->p + a->at, S->p + b->at, a->len);
}

static bool
tok_eq(const struct sunit *S, const struct glsl_tok *t, const char *s, size_t len)
{
   return t->len == len && !memcmp(S->p + t->at, s, len);
}

/* The token after the one that closes the bracket opened at i (S->n when unbalanced). */
static unsigned
skip_group(const struct sunit *S, unsigned i)
{
   int depth = 0;
   for (; i < S->n; i++) {
      const char c = S->t[i].kind == GLSL_TOK_PUNCT ? S->p[S->t[i].at] : 0;
      if (c == '(' || c == '[' || c == '{')
         depth++;
      else if ((c == ')' || c == ']' || c == '}') && --depth == 0)
         return i + 1;
   }
   return S->n;
}

static void
error(struct sunit *S, unsigned i, const char *fmt, const char *arg, int arg_len)
{
   glsl_str_printf(S->log, "0:%d(0): error: ", i < S->n ? S->t[i].line : 0);
   glsl_str_printf(S->log, fmt, arg_len, arg);
   glsl_str_append(S->log, "\n");
   S->failed = true;
}

/* Replaces [at, at + len) with text (owned; NULL: blanks it). Newlines in the range are kept. */
static void
edit(struct sunit *S, uint32_t at, uint32_t len, char *text)
{
   struct sedit *e = mgu_array_push(S->edits, S->num_edits, S->cap_edits);
   if (!e) {
      free(text);
      S->oom = true;
      return;
   }
   *e = (struct sedit){at, len, text, S->num_edits - 1};
}

static void
edit_str(struct sunit *S, uint32_t at, uint32_t len, struct glsl_str *b)
{
   if (b->oom) {
      free(b->s);
      S->oom = true;
      return;
   }
   edit(S, at, len, glsl_str_take(b));
}

/* Blanks tokens [first, last]. */
static void
blank(struct sunit *S, unsigned first, unsigned last)
{
   edit(S, S->t[first].at, S->t[last].at + S->t[last].len - S->t[first].at, NULL);
}

/* layout(... key = N ...) at tokens [open, close): N, else -1. */
static int
layout_value(const struct sunit *S, unsigned open, unsigned close, const char *key)
{
   for (unsigned i = open; i + 2 < close; i++)
      if (is(S, i, key) && is(S, i + 1, "=") && S->t[i + 2].kind == GLSL_TOK_NUMBER)
         return (int)strtol(S->p + S->t[i + 2].at, NULL, 0);
   return -1;
}

/* Whether layout(...) at tokens [open, close) names key. */
static bool
layout_has(const struct sunit *S, unsigned open, unsigned close, const char *key)
{
   for (unsigned i = open; i < close; i++)
      if (is(S, i, key))
         return true;
   return false;
}

static int
find_type(const struct sunit *S, const struct glsl_tok *name)
{
   for (unsigned k = 0; k < S->num_types; k++)
      if (same(S, S->types[k].name, name))
         return (int)k;
   return -1;
}

static int
find_fn(const struct sunit *S, const struct glsl_tok *name)
{
   for (unsigned k = 0; k < S->info->num_fns; k++)
      if (tok_eq(S, name, S->info->fns[k].name, strlen(S->info->fns[k].name)))
         return (int)k;
   return -1;
}

static int
find_uniform(const struct sunit *S, const struct glsl_tok *name)
{
   for (unsigned k = 0; k < S->info->num_uniforms; k++)
      if (tok_eq(S, name, S->info->uniforms[k].name, strlen(S->info->uniforms[k].name)))
         return (int)k;
   return -1;
}

static char *
tok_dup(const struct sunit *S, const struct glsl_tok *t)
{
   char *s = malloc(t->len + 1);
   if (s) {
      memcpy(s, S->p + t->at, t->len);
      s[t->len] = '\0';
   }
   return s;
}

static bool
is_qualifier(const struct sunit *S, unsigned i)
{
   static const char *const q[] = {"in",       "out",      "inout",    "const",    "highp",
                                   "lowp",     "mediump",  "precise",  "coherent", "volatile",
                                   "restrict", "readonly", "writeonly"};
   for (unsigned k = 0; k < sizeof(q) / sizeof(q[0]); k++)
      if (is(S, i, q[k]))
         return true;
   return false;
}

/* The dispatcher's parameter list (after `uint _i`), each parameter named _p<k>; *count gets how
 * many there are. */
static void
dispatcher_params(const struct sunit *S, const struct stype *ty, struct glsl_str *b,
                  unsigned *count)
{
   *count = 0;
   unsigned i = ty->first_param;
   if (i >= ty->end_param || (i + 1 == ty->end_param && is(S, i, "void")))
      return;
   while (i < ty->end_param) {
      unsigned end = i;
      int depth = 0;
      for (; end < ty->end_param; end++) {
         const char c = S->t[end].kind == GLSL_TOK_PUNCT ? S->p[S->t[end].at] : 0;
         if (c == '(' || c == '[')
            depth++;
         else if (c == ')' || c == ']')
            depth--;
         else if (c == ',' && !depth)
            break;
      }
      /* the name: the last identifier before any '[' when two non-qualifier identifiers come
       * before it */
      unsigned bracket = end, idents = 0, name = end;
      for (unsigned k = i; k < end; k++) {
         if (is(S, k, "[")) {
            bracket = k;
            break;
         }
         if (S->t[k].kind == GLSL_TOK_IDENT && !is_qualifier(S, k)) {
            idents++;
            name = k;
         }
      }
      if (idents < 2)
         name = end;
      glsl_str_printf(b, ", ");
      for (unsigned k = i; k < end; k++) {
         if (k == name) {
            glsl_str_printf(b, "_p%u ", *count);
            continue;
         }
         if (name == end && k == bracket)
            glsl_str_printf(b, "_p%u ", *count);
         glsl_str_printf(b, "%.*s ", (int)S->t[k].len, S->p + S->t[k].at);
      }
      if (name == end && bracket == end)
         glsl_str_printf(b, "_p%u", *count);
      (*count)++;
      i = end + 1;
   }
}

static void
dispatcher_head(const struct sunit *S, const struct glsl_subroutine_uniform *u, struct glsl_str *b,
                unsigned *num_params)
{
   const struct stype *ty = &S->types[u->type];
   glsl_str_printf(b, " %.*s _mgl_subcall%d_%s(uint _i", (int)(ty->name->at - ty->ret_first->at),
                   S->p + ty->ret_first->at, (int)S->stage, u->name);
   dispatcher_params(S, ty, b, num_params);
   glsl_str_append(b, ")");
}

static void
call_args(struct glsl_str *b, unsigned num_params)
{
   glsl_str_append(b, "(");
   for (unsigned k = 0; k < num_params; k++)
      glsl_str_printf(b, "%s_p%u", k ? ", " : "", k);
   glsl_str_append(b, ")");
}

/* A signature for comparison: the return type's tokens, then each parameter's tokens without
 * its name, `in` and precision qualifiers (GLSL 4.00 6.1.2: a subroutine function matches its
 * types' return and parameter types and qualifiers exactly). */
static void
signature(const struct sunit *S, unsigned ret_first, unsigned name, unsigned first_param,
          unsigned end_param, struct glsl_str *b)
{
   for (unsigned k = ret_first; k < name; k++)
      glsl_str_printf(b, "%.*s ", (int)S->t[k].len, S->p + S->t[k].at);
   glsl_str_append(b, "(");
   if (first_param + 1 == end_param && is(S, first_param, "void"))
      first_param = end_param;
   for (unsigned i = first_param; i < end_param;) {
      unsigned end = i, idents = 0, last = end;
      int depth = 0;
      for (; end < end_param; end++) {
         const char c = S->t[end].kind == GLSL_TOK_PUNCT ? S->p[S->t[end].at] : 0;
         if (c == '(' || c == '[')
            depth++;
         else if (c == ')' || c == ']')
            depth--;
         else if (c == ',' && !depth)
            break;
         if (!depth && S->t[end].kind == GLSL_TOK_IDENT && !is_qualifier(S, end)) {
            idents++;
            last = end;
         }
      }
      for (unsigned k = i; k < end; k++) {
         if ((idents >= 2 && k == last) || is(S, k, "in") || is(S, k, "highp") ||
             is(S, k, "mediump") || is(S, k, "lowp"))
            continue;
         glsl_str_printf(b, "%.*s ", (int)S->t[k].len, S->p + S->t[k].at);
      }
      glsl_str_append(b, ",");
      i = end + 1;
   }
   glsl_str_append(b, ")");
}

/* `subroutine RET T(PARAMS);` at i */
static unsigned
type_decl(struct sunit *S, unsigned i)
{
   unsigned k = i + 1;
   while (k + 1 < S->n && !(S->t[k].kind == GLSL_TOK_IDENT && is(S, k + 1, "(")))
      k++;
   if (k + 1 >= S->n || k == i + 1) {
      error(S, i, "%.*ssyntax error in a subroutine type declaration", "", 0);
      return S->n;
   }
   unsigned close = skip_group(S, k + 1);
   if (!is(S, close, ";")) {
      error(S, i, "%.*ssyntax error in a subroutine type declaration", "", 0);
      return S->n;
   }
   if (find_type(S, &S->t[k]) >= 0) {
      error(S, k, "'%.*s' : subroutine type redeclared", S->p + S->t[k].at, (int)S->t[k].len);
      return S->n;
   }
   if (S->num_types >= GLSL_MAX_SUBROUTINE_TYPES) {
      error(S, k, "%.*stoo many subroutine types (mgl takes 64 a stage)", "", 0);
      return S->n;
   }
   struct stype *ty = mgu_array_push(S->types, S->num_types, S->cap_types);
   char **name = ty ? mgu_array_push(S->info->types, S->info->num_types, S->cap_info_types) : NULL;
   if (!ty || !name) {
      S->oom = true;
      return S->n;
   }
   *ty = (struct stype){&S->t[i + 1], &S->t[k], k + 2, close - 1};
   if (!(*name = tok_dup(S, &S->t[k])))
      S->oom = true;
   blank(S, i, close);
   return close + 1;
}

/* `subroutine(T1, ...) RET f(PARAMS) {...}` (or `;`) at i; layout: the layout's `(` or 0. */
static unsigned
function_def(struct sunit *S, unsigned first, unsigned i, unsigned layout_open,
             unsigned layout_close)
{
   unsigned close = skip_group(S, i + 1);
   uint64_t types = 0;
   if (close == i + 3) {
      error(S, i, "%.*ssubroutine qualifier with an empty list of subroutine types", "", 0);
      return S->n;
   }
   if (layout_open && !S->explicit_ok) {
      error(S, i, "%.*sa subroutine index needs GLSL 4.30 or GL_ARB_explicit_uniform_location", "",
            0);
      return S->n;
   }
   /* GLSL 4.30 4.4.4: index only, on a subroutine function */
   if (layout_open && layout_has(S, layout_open, layout_close, "location")) {
      error(S, i, "%.*s'location' : not allowed on a subroutine function", "", 0);
      return S->n;
   }
   for (unsigned k = i + 2; k + 1 < close; k++) {
      if (is(S, k, ","))
         continue;
      int t = find_type(S, &S->t[k]);
      if (t < 0) {
         error(S, k, "'%.*s' : not a subroutine type", S->p + S->t[k].at, (int)S->t[k].len);
         return S->n;
      }
      types |= 1ull << t;
   }
   unsigned k = close;
   while (k + 1 < S->n && !(S->t[k].kind == GLSL_TOK_IDENT && is(S, k + 1, "(")))
      k++;
   if (k + 1 >= S->n) {
      error(S, i, "%.*ssyntax error in a subroutine function", "", 0);
      return S->n;
   }
   unsigned params_end = skip_group(S, k + 1);
   if (!is(S, params_end, "{")) {
      error(S, k, "'%.*s' : a subroutine function needs a body", S->p + S->t[k].at,
            (int)S->t[k].len);
      return S->n;
   }
   struct glsl_str mine = {0};
   signature(S, close, k, k + 2, params_end - 1, &mine);
   for (unsigned t = 0; t < S->num_types; t++) {
      if (!(types >> t & 1))
         continue;
      const struct stype *ty = &S->types[t];
      struct glsl_str theirs = {0};
      signature(S, (unsigned)(ty->ret_first - S->t), (unsigned)(ty->name - S->t), ty->first_param,
                ty->end_param, &theirs);
      const bool differ = mine.oom || theirs.oom || strcmp(mine.s ? mine.s : "", theirs.s);
      free(theirs.s);
      if (differ) {
         free(mine.s);
         error(S, k, "'%.*s' : the function does not match its subroutine type's signature",
               S->p + S->t[k].at, (int)S->t[k].len);
         return S->n;
      }
   }
   free(mine.s);
   int f = find_fn(S, &S->t[k]);
   if (f < 0) {
      if (S->info->num_fns >= GLSL_MAX_SUBROUTINES) {
         error(S, k, "%.*stoo many subroutines (GL_MAX_SUBROUTINES is 256)", "", 0);
         return S->n;
      }
      struct sfn *sf = mgu_array_reserve(S->fns, S->cap_fns, (uint64_t)S->info->num_fns + 1)
                          ? &S->fns[S->info->num_fns]
                          : NULL;
      struct glsl_subroutine_fn *fn =
         sf ? mgu_array_push(S->info->fns, S->info->num_fns, S->cap_info_fns) : NULL;
      if (!fn) {
         S->oom = true;
         return S->n;
      }
      *sf = (struct sfn){-1, 0};
      *fn = (struct glsl_subroutine_fn){tok_dup(S, &S->t[k]), 0, types};
      if (!fn->name)
         S->oom = true;
      f = (int)S->info->num_fns - 1;
   }
   S->info->fns[f].types |= types;
   if (layout_open) {
      int index = layout_value(S, layout_open, layout_close, "index");
      if (index >= 0)
         S->fns[f].explicit_index = index;
   }
   blank(S, first, close - 1);
   if (is(S, params_end, "{")) {
      unsigned end = skip_group(S, params_end);
      if (!is(S, end - 1, "}")) {
         error(S, k, "%.*sunterminated function body", "", 0);
         return S->n;
      }
      S->fns[f].end = S->t[end - 1].at + 1;
   }
   return params_end; /* the body's calls of other subroutine uniforms are rewritten too */
}

/* `subroutine uniform T u[N];` at i */
static unsigned
uniform_decl(struct sunit *S, unsigned first, unsigned i, unsigned layout_open,
             unsigned layout_close)
{
   unsigned tn = i + 2, un = i + 3;
   if (un >= S->n || S->t[tn].kind != GLSL_TOK_IDENT || S->t[un].kind != GLSL_TOK_IDENT) {
      error(S, i, "%.*ssyntax error in a subroutine uniform declaration", "", 0);
      return S->n;
   }
   int type = find_type(S, &S->t[tn]);
   if (type < 0) {
      error(S, tn, "'%.*s' : not a subroutine type", S->p + S->t[tn].at, (int)S->t[tn].len);
      return S->n;
   }
   unsigned semi = un + 1;
   uint32_t size = 1, ndims = 0, dims[GLSL_SUBROUTINE_MAX_DIMS] = {0};
   bool is_array = false;
   /* u[N], and u[N][M]... with ARB_arrays_of_arrays (the hidden uniform keeps the shape: an
    * std140 array of arrays of uint lays its elements out 16 bytes apart as a flat one does) */
   while (is(S, semi, "[")) {
      if (!is(S, semi + 2, "]") || S->t[semi + 1].kind != GLSL_TOK_NUMBER) {
         error(S, semi, "%.*ssubroutine uniform arrays need an integer literal size (mgl)", "", 0);
         return S->n;
      }
      long v = strtol(S->p + S->t[semi + 1].at, NULL, 0);
      if (v <= 0 || v > GLSL_MAX_SUBROUTINE_LOCATIONS ||
          (uint64_t)size * (uint64_t)v > GLSL_MAX_SUBROUTINE_LOCATIONS) {
         error(S, semi, "%.*sinvalid subroutine uniform array size", "", 0);
         return S->n;
      }
      if (ndims == GLSL_SUBROUTINE_MAX_DIMS) {
         error(S, semi, "%.*ssubroutine uniform arrays of more than 4 levels (mgl)", "", 0);
         return S->n;
      }
      dims[ndims++] = (uint32_t)v;
      size *= (uint32_t)v;
      is_array = true;
      semi += 3;
   }
   if (!is(S, semi, ";")) {
      error(S, i,
            "%.*ssyntax error in a subroutine uniform declaration (mgl takes one name "
            "a declaration)",
            "", 0);
      return S->n;
   }
   if (find_uniform(S, &S->t[un]) >= 0) {
      error(S, un, "'%.*s' : redefinition", S->p + S->t[un].at, (int)S->t[un].len);
      return S->n;
   }
   if (layout_open && !S->explicit_ok) {
      error(S, i,
            "%.*san explicit subroutine uniform location needs GLSL 4.30 or "
            "GL_ARB_explicit_uniform_location",
            "", 0);
      return S->n;
   }
   /* GLSL 4.30 4.4.3: location only, on a subroutine uniform */
   if (layout_open && layout_has(S, layout_open, layout_close, "index")) {
      error(S, i, "%.*s'index' : not allowed on a subroutine uniform", "", 0);
      return S->n;
   }
   struct glsl_subroutine_uniform *u =
      mgu_array_push(S->info->uniforms, S->info->num_uniforms, S->cap_uniforms);
   if (!u) {
      S->oom = true;
      return S->n;
   }
   int loc = layout_open ? layout_value(S, layout_open, layout_close, "location") : -1;
   *u = (struct glsl_subroutine_uniform){.name = tok_dup(S, &S->t[un]),
                                         .type = (uint32_t)type,
                                         .size = size,
                                         .is_array = is_array,
                                         .ndims = ndims,
                                         .location = loc};
   memcpy(u->dims, dims, sizeof(u->dims));
   if (!u->name) {
      S->oom = true;
      return S->n;
   }
   struct glsl_str b = {0};
   glsl_str_append(&b, "uniform uint");
   edit_str(S, S->t[first].at, S->t[tn].at + S->t[tn].len - S->t[first].at, &b);
   glsl_str_printf(&b, "_mgl_sub%d_%s", (int)S->stage, u->name);
   edit_str(S, S->t[un].at, S->t[un].len, &b);
   unsigned np;
   dispatcher_head(S, u, &b, &np);
   glsl_str_append(&b, ";");
   edit_str(S, S->t[semi].at + 1, 0, &b);
   return semi + 1;
}

/* A call u(args) or u[i](args) at i. */
static void
call(struct sunit *S, unsigned i, const struct glsl_subroutine_uniform *u)
{
   unsigned open = i + 1;
   struct glsl_str b = {0};
   glsl_str_printf(&b, "_mgl_subcall%d_%s(_mgl_sub%d_%s", (int)S->stage, u->name, (int)S->stage,
                   u->name);
   if (is(S, open, "[")) {
      unsigned close = skip_group(S, open) - 1;
      while (is(S, close + 1, "[")) /* u[i][j](args): the inner groups stay as they are */
         close = skip_group(S, close + 1) - 1;
      if (!is(S, close + 1, "("))
         return; /* not a call */
      glsl_str_append(&b, "[");
      edit_str(S, S->t[i].at, S->t[open].at + 1 - S->t[i].at, &b);
      glsl_str_append(&b, is(S, close + 2, ")") ? "]" : "], ");
      edit_str(S, S->t[close].at, S->t[close + 1].at + 1 - S->t[close].at, &b);
      return;
   }
   glsl_str_append(&b, is(S, open + 1, ")") ? "" : ", ");
   edit_str(S, S->t[i].at, S->t[open].at + 1 - S->t[i].at, &b);
}

static void
assign_indices(struct sunit *S)
{
   struct glsl_subroutine_stage *info = S->info;
   uint8_t taken[GLSL_MAX_SUBROUTINES] = {0};
   for (unsigned f = 0; f < info->num_fns; f++) {
      int x = S->fns[f].explicit_index;
      if (x < 0)
         continue;
      if (x >= GLSL_MAX_SUBROUTINES || taken[x]) {
         glsl_str_printf(S->log,
                         "0:0(0): error: invalid subroutine index %d of '%s' (taken, or not "
                         "below GL_MAX_SUBROUTINES)\n",
                         x, info->fns[f].name);
         S->failed = true;
         return;
      }
      taken[x] = 1;
      info->fns[f].index = (uint32_t)x;
   }
   uint32_t next = 0;
   for (unsigned f = 0; f < info->num_fns; f++) {
      if (S->fns[f].explicit_index >= 0)
         continue;
      while (taken[next])
         next++;
      taken[next] = 1;
      info->fns[f].index = next;
   }
}

/* The dispatchers' bodies. */
static void
dispatchers(struct sunit *S)
{
   const struct glsl_subroutine_stage *info = S->info;
   for (unsigned k = 0; k < info->num_uniforms; k++) {
      struct glsl_subroutine_uniform *u = &info->uniforms[k];
      const struct stype *ty = &S->types[u->type];
      const bool is_void = ty->name == ty->ret_first + 1 && tok_eq(S, ty->ret_first, "void", 4);
      int def = -1;
      uint32_t at = (uint32_t)strlen(S->p);
      bool defined = false;
      for (unsigned f = 0; f < info->num_fns; f++) {
         if (!(info->fns[f].types >> u->type & 1))
            continue;
         if (def < 0 || info->fns[f].index < info->fns[def].index)
            def = (int)f;
         if (S->fns[f].end && (!defined || S->fns[f].end > at)) {
            at = S->fns[f].end;
            defined = true;
         }
      }
      struct glsl_str b = {0};
      unsigned np;
      dispatcher_head(S, u, &b, &np);
      glsl_str_append(&b, " {");
      if (def < 0) {
         /* no compatible function: calls have nothing to do (GL leaves the result undefined) */
         if (!is_void)
            glsl_str_printf(&b, " %.*s _r; return _r;", (int)(ty->name->at - ty->ret_first->at),
                            S->p + ty->ret_first->at);
      } else {
         u->def = info->fns[def].index;
         for (unsigned f = 0; f < info->num_fns; f++) {
            if ((int)f == def || !(info->fns[f].types >> u->type & 1))
               continue;
            glsl_str_printf(&b, " if (_i == %uu) %s%s", info->fns[f].index,
                            is_void ? "{ " : "return ", info->fns[f].name);
            call_args(&b, np);
            glsl_str_append(&b, is_void ? "; return; }" : ";");
         }
         glsl_str_printf(&b, " %s%s", is_void ? "" : "return ", info->fns[def].name);
         call_args(&b, np);
         glsl_str_append(&b, ";");
      }
      glsl_str_append(&b, " }");
      edit_str(S, at, 0, &b);
   }
}

static int
cmp_edit(const void *a, const void *b)
{
   const struct sedit *x = a, *y = b;
   if (x->at != y->at)
      return x->at < y->at ? -1 : 1;
   return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static char *
apply(struct sunit *S)
{
   qsort(S->edits, S->num_edits, sizeof(*S->edits), cmp_edit);
   struct glsl_str b = {0};
   uint32_t pos = 0;
   const uint32_t n = (uint32_t)strlen(S->p);
   for (unsigned k = 0; k < S->num_edits; k++) {
      const struct sedit *e = &S->edits[k];
      if (e->at < pos)
         continue; /* overlapped by an earlier one (cannot happen for well-formed input) */
      glsl_str_printf(&b, "%.*s", (int)(e->at - pos), S->p + pos);
      if (e->text)
         glsl_str_append(&b, e->text);
      for (uint32_t c = e->at; c < e->at + e->len && c < n; c++)
         glsl_str_append(&b, S->p[c] == '\n' ? "\n" : e->text ? "" : " ");
      pos = e->at + e->len;
   }
   glsl_str_append(&b, S->p + pos);
   if (b.oom) {
      free(b.s);
      return NULL;
   }
   return glsl_str_take(&b);
}

static bool
enables_extension(const struct sunit *S, unsigned i, const char *ext)
{
   const char *d = S->p + S->t[i].at + 1;
   while (*d == ' ' || *d == '\t')
      d++;
   if (strncmp(d, "extension", 9))
      return false;
   d += 9;
   while (*d == ' ' || *d == '\t')
      d++;
   const size_t n = strlen(ext);
   if (strncmp(d, ext, n) || glsl_ident_char(d[n]))
      return false;
   const char *eol = strchr(d, '\n');
   const char *off = strstr(d, "disable");
   return !off || (eol && off > eol);
}

void
glsl_subroutine_stage_finish(struct glsl_subroutine_stage *s)
{
   for (unsigned k = 0; k < s->num_types; k++)
      free(s->types[k]);
   free(s->types);
   for (unsigned k = 0; k < s->num_fns; k++)
      free(s->fns[k].name);
   free(s->fns);
   for (unsigned k = 0; k < s->num_uniforms; k++)
      free(s->uniforms[k].name);
   free(s->uniforms);
   memset(s, 0, sizeof(*s));
}

bool
glsl_lower_subroutines(enum glsl_stage stage, const char *pp, int version,
                       struct glsl_subroutine_stage *info, struct glsl_str *log, char **out)
{
   *out = NULL;
   memset(info, 0, sizeof(*info));
   if (!strstr(pp, "subroutine"))
      return true;
   struct sunit S = {.stage = stage,
                     .p = pp,
                     .info = info,
                     .version = version,
                     .explicit_ok = version >= 430,
                     .log = log};
   if (!glsl_tokenize(pp, version, &S.t, &S.n)) {
      free(S.t);
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   bool enabled = version >= 400;
   for (unsigned i = 0; i < S.n; i++) {
      if (S.t[i].kind == GLSL_TOK_DIRECTIVE &&
          enables_extension(&S, i, "GL_ARB_explicit_uniform_location"))
         S.explicit_ok = true;
      if (S.t[i].kind == GLSL_TOK_DIRECTIVE &&
          enables_extension(&S, i, "GL_ARB_shader_subroutine")) {
         enabled = true;
         blank(&S, i, i); /* glslang's Vulkan target would refuse the extension */
      }
   }
   int depth = 0;
   for (unsigned i = 0; enabled && i < S.n && !S.failed && !S.oom;) {
      const struct glsl_tok *t = &S.t[i];
      const char c = t->kind == GLSL_TOK_PUNCT ? S.p[t->at] : 0;
      if (c == '{') {
         depth++;
      } else if (c == '}') {
         depth--;
      } else if (t->kind == GLSL_TOK_IDENT) {
         unsigned first = i, lo = 0, lc = 0, s = i;
         if (!depth && is(&S, i, "layout") && is(&S, i + 1, "(")) {
            unsigned after = skip_group(&S, i + 1);
            if (is(&S, after, "subroutine")) {
               lo = i + 1;
               lc = after - 1;
               s = after;
            }
         }
         if (!depth && is(&S, s, "subroutine")) {
            if (is(&S, s + 1, "("))
               i = function_def(&S, first, s, lo, lc);
            else if (is(&S, s + 1, "uniform"))
               i = uniform_decl(&S, first, s, lo, lc);
            else
               i = type_decl(&S, s);
            continue;
         }
         if (!depth && is(&S, i + 1, "(") && i &&
             (S.t[i - 1].kind == GLSL_TOK_IDENT || is(&S, i - 1, "]"))) {
            unsigned *slot = mgu_array_push(S.plain_fns, S.num_plain, S.cap_plain);
            if (!slot)
               S.oom = true;
            else
               *slot = i;
         }
         int u = (is(&S, i + 1, "(") || is(&S, i + 1, "[")) && (i == 0 || !is(&S, i - 1, "."))
                    ? find_uniform(&S, t)
                    : -1;
         if (u >= 0)
            call(&S, i, &S.info->uniforms[u]);
      }
      i++;
   }
   /* GLSL 4.00 6.1.2: subroutine functions are not overloaded, and subroutine types share the
    * functions' name space */
   for (unsigned k = 0; k < S.num_plain && !S.failed; k++) {
      const struct glsl_tok *t = &S.t[S.plain_fns[k]];
      if (find_fn(&S, t) >= 0)
         error(&S, S.plain_fns[k], "'%.*s' : a subroutine function may not be overloaded",
               S.p + t->at, (int)t->len);
      else if (find_type(&S, t) >= 0)
         error(&S, S.plain_fns[k], "'%.*s' : function name is a subroutine type's", S.p + t->at,
               (int)t->len);
   }
   if (!S.failed && !S.oom && info->num_fns + info->num_uniforms + info->num_types) {
      assign_indices(&S);
      if (!S.failed)
         dispatchers(&S);
   }
   char *text = NULL;
   if (!S.failed && !S.oom && S.num_edits && !(text = apply(&S)))
      S.oom = true;
   for (unsigned k = 0; k < S.num_edits; k++)
      free(S.edits[k].text);
   free(S.edits);
   free(S.types);
   free(S.fns);
   free(S.plain_fns);
   free(S.t);
   if (S.oom)
      glsl_str_append(log, "error: out of memory\n");
   if (S.failed || S.oom) {
      free(text);
      glsl_subroutine_stage_finish(info);
      return false;
   }
   *out = text;
   return true;
}

bool
glsl_subroutine_link(struct glsl_subroutine_stage *s, const char *stage_name, struct glsl_str *log)
{
   /* inactive uniforms are not reported and take no location */
   unsigned n = 0;
   for (unsigned k = 0; k < s->num_uniforms; k++) {
      if (s->uniforms[k].active)
         s->uniforms[n++] = s->uniforms[k];
      else
         free(s->uniforms[k].name);
   }
   s->num_uniforms = n;
   uint8_t *used = calloc(GLSL_MAX_SUBROUTINE_LOCATIONS, 1);
   if (!used) {
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   bool ok = true;
   s->num_locations = 0;
   for (unsigned pass = 0; pass < 2 && ok; pass++) {
      for (unsigned k = 0; k < n && ok; k++) {
         struct glsl_subroutine_uniform *u = &s->uniforms[k];
         if ((u->location >= 0) != (pass == 0))
            continue;
         if (pass == 1) {
            uint32_t at = 0;
            for (;; at++) {
               uint32_t e = 0;
               while (e < u->size && at + e < GLSL_MAX_SUBROUTINE_LOCATIONS && !used[at + e])
                  e++;
               if (e == u->size || at + u->size > GLSL_MAX_SUBROUTINE_LOCATIONS)
                  break;
            }
            u->location = (int32_t)at;
         }
         if ((uint32_t)u->location + u->size > GLSL_MAX_SUBROUTINE_LOCATIONS) {
            glsl_str_printf(log,
                            "error: %s shader: too many subroutine uniform locations "
                            "(GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS is %d)\n",
                            stage_name, GLSL_MAX_SUBROUTINE_LOCATIONS);
            ok = false;
            break;
         }
         for (uint32_t e = 0; e < u->size; e++) {
            if (used[u->location + e]) {
               glsl_str_printf(log,
                               "error: %s shader: subroutine uniform '%s' overlaps another's "
                               "explicit location\n",
                               stage_name, u->name);
               ok = false;
               break;
            }
            used[u->location + e] = 1;
         }
         if (ok && (uint32_t)u->location + u->size > s->num_locations)
            s->num_locations = (uint32_t)u->location + u->size;
      }
   }
   free(used);
   return ok;
}
