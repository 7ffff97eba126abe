/* fe_arbp_parse.c — the ARBvp1.0 and ARBfp1.0 grammars: program text to struct fe_arbp_prog.
 *
 * A recursive-descent parser over the bytes as given (the length, not a terminator, bounds
 * every read). Everything it builds is bounded by the limits in fe_arbp.h (instructions,
 * temporaries, parameter slots, symbols, identifier length), and the first error stops it with
 * a message and the byte offset GL_PROGRAM_ERROR_POSITION_ARB reports. Bindings mgl does not
 * implement (matrix palettes, program matrices, vertex weights, shadow targets, extra options)
 * are refused here by name, so a program never loads with a part silently missing. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_arbp.h"
#include "fe_compat.h"
#include "log.h"

#define MAX_IDENT 64
#define MAX_SYMBOLS 1024

enum sym_kind { SYM_TEMP, SYM_ADDRESS, SYM_ATTRIB, SYM_PARAM, SYM_OUTPUT };

struct sym {
   char name[MAX_IDENT + 1];
   uint8_t kind;
   uint16_t index; /* temp, address, input, first param slot, output */
   uint16_t count; /* PARAM: slots */
   bool array;     /* PARAM declared with [] */
};

struct parser {
   const char *s;
   size_t len, pos;
   enum fe_arbp_target target;
   char *error;
   size_t error_pos;
   struct sym *syms;
   uint32_t num_syms;
   struct fe_arbp_prog *prog;
   uint32_t cap_insts;
   uint32_t conventional_locs, generic_locs; /* vertex inputs read through each naming */
   uint32_t attribs_bound;                   /* inputs bound (GL_PROGRAM_ATTRIBS) */
   bool fog_option, precision_option;
};

static bool
fail(struct parser *p, const char *fmt, ...)
{
   if (p->error)
      return false;
   char buf[256];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(buf, sizeof(buf), fmt, ap);
   va_end(ap);
   p->error = malloc(strlen(buf) + 1);
   if (p->error)
      strcpy(p->error, buf);
   else
      p->error = (char *)1; /* out of memory: reported as such by the caller */
   p->error_pos = p->pos;
   return false;
}

/* Names a binding mgl does not implement: a named refusal, counted. */
static bool
refuse(struct parser *p, const char *what)
{
   MGU_DECLINE(gl_arb_program_unsupported, "an ARB program uses %s, which mgl does not implement",
               what);
   return fail(p, "%s is not supported", what);
}

/* ---- characters ------------------------------------------------------------------------------ */

static int
peekc(const struct parser *p, size_t ahead)
{
   return p->pos + ahead < p->len ? (unsigned char)p->s[p->pos + ahead] : -1;
}

static bool
is_ident_start(int c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static bool
is_digit(int c)
{
   return c >= '0' && c <= '9';
}

static void
skip_space(struct parser *p)
{
   for (;;) {
      const int c = peekc(p, 0);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
         p->pos++;
      } else if (c == '#') {
         while (p->pos < p->len && p->s[p->pos] != '\n')
            p->pos++;
      } else {
         return;
      }
   }
}

/* The next character after white space, not consumed. */
static int
next(struct parser *p)
{
   skip_space(p);
   return peekc(p, 0);
}

static bool
accept(struct parser *p, char c)
{
   if (next(p) != c)
      return false;
   p->pos++;
   return true;
}

static bool
expect(struct parser *p, char c)
{
   if (accept(p, c))
      return true;
   return fail(p, "'%c' expected", c);
}

/* An identifier into out; false (no error) when none starts here. */
static bool
ident(struct parser *p, char out[MAX_IDENT + 1])
{
   if (!is_ident_start(next(p)))
      return false;
   size_t n = 0;
   const size_t at = p->pos;
   while (is_ident_start(peekc(p, 0)) || is_digit(peekc(p, 0))) {
      if (n == MAX_IDENT) {
         p->pos = at;
         return fail(p, "identifier longer than %d characters", MAX_IDENT);
      }
      out[n++] = p->s[p->pos++];
   }
   out[n] = '\0';
   return true;
}

/* After a `color` binding: `.secondary` names the secondary colour, `.primary` or nothing the
 * primary; any other `.` is left for what follows (a swizzle). */
static uint32_t
color_which(struct parser *p, uint32_t primary, uint32_t secondary)
{
   char m[MAX_IDENT + 1];
   const size_t before = p->pos;
   if (accept(p, '.') && ident(p, m)) {
      if (!strcmp(m, "secondary"))
         return secondary;
      if (!strcmp(m, "primary"))
         return primary;
   }
   p->pos = before;
   return primary;
}

static bool
expect_ident(struct parser *p, char out[MAX_IDENT + 1])
{
   if (ident(p, out))
      return true;
   return fail(p, "identifier expected");
}

/* An identifier that must be `word`. */
static bool
keyword(struct parser *p, const char *word)
{
   const size_t at = p->pos;
   char id[MAX_IDENT + 1];
   if (!ident(p, id))
      return p->error ? false : fail(p, "'%s' expected", word);
   if (strcmp(id, word)) {
      p->pos = at;
      skip_space(p);
      return fail(p, "'%s' expected", word);
   }
   return true;
}

/* A non-negative integer no larger than max. */
static bool
integer(struct parser *p, uint32_t max, uint32_t *out)
{
   if (!is_digit(next(p)))
      return fail(p, "integer expected");
   uint64_t v = 0;
   const size_t at = p->pos;
   while (is_digit(peekc(p, 0))) {
      v = v * 10 + (uint64_t)(p->s[p->pos++] - '0');
      if (v > max) {
         p->pos = at;
         return fail(p, "integer out of range (at most %u)", max);
      }
   }
   *out = (uint32_t)v;
   return true;
}

/* A floating-point constant (digits, optional fraction, optional exponent), unsigned. */
static bool
number(struct parser *p, float *out)
{
   const int c = next(p);
   if (!is_digit(c) && !(c == '.' && is_digit(peekc(p, 1))))
      return fail(p, "number expected");
   char buf[64];
   size_t n = 0;
   const size_t at = p->pos;
#define TAKE()                                                                                     \
   do {                                                                                            \
      if (n + 1 >= sizeof(buf)) {                                                                  \
         p->pos = at;                                                                              \
         return fail(p, "number too long");                                                        \
      }                                                                                            \
      buf[n++] = p->s[p->pos++];                                                                   \
   } while (0)
   while (is_digit(peekc(p, 0)))
      TAKE();
   /* a '.' starts a fraction unless it is a range's ".." or a member's "." */
   if (peekc(p, 0) == '.' && peekc(p, 1) != '.' && !is_ident_start(peekc(p, 1))) {
      TAKE();
      while (is_digit(peekc(p, 0)))
         TAKE();
   }
   if ((peekc(p, 0) == 'e' || peekc(p, 0) == 'E') &&
       (is_digit(peekc(p, 1)) ||
        ((peekc(p, 1) == '+' || peekc(p, 1) == '-') && is_digit(peekc(p, 2))))) {
      TAKE();
      if (peekc(p, 0) == '+' || peekc(p, 0) == '-')
         TAKE();
      while (is_digit(peekc(p, 0)))
         TAKE();
   }
#undef TAKE
   buf[n] = '\0';
   *out = strtof(buf, NULL);
   return true;
}

static bool
signed_number(struct parser *p, float *out)
{
   float sign = 1.0f;
   if (accept(p, '-'))
      sign = -1.0f;
   else
      accept(p, '+');
   if (!number(p, out))
      return false;
   *out *= sign;
   return true;
}

/* ---- symbols --------------------------------------------------------------------------------- */

static struct sym *
lookup(struct parser *p, const char *name)
{
   for (uint32_t i = 0; i < p->num_syms; i++)
      if (!strcmp(p->syms[i].name, name))
         return &p->syms[i];
   return NULL;
}

static const char *const reserved[] = {
   "ABS",     "ADD",    "ARL",    "CMP",    "COS",    "DP3",    "DP4",   "DPH",  "DST",
   "EX2",     "EXP",    "FLR",    "FRC",    "KIL",    "LG2",    "LIT",   "LOG",  "LRP",
   "MAD",     "MAX",    "MIN",    "MOV",    "MUL",    "POW",    "RCP",   "RSQ",  "SCS",
   "SGE",     "SIN",    "SLT",    "SUB",    "SWZ",    "TEX",    "TXB",   "TXP",  "XPD",
   "ADDRESS", "ALIAS",  "ATTRIB", "END",    "OPTION", "OUTPUT", "PARAM", "TEMP", "fragment",
   "program", "result", "state",  "vertex", "texture"};

static struct sym *
declare(struct parser *p, const char *name, size_t at)
{
   for (size_t i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++)
      if (!strcmp(reserved[i], name)) {
         p->pos = at;
         return fail(p, "'%s' is a reserved word", name), NULL;
      }
   if (lookup(p, name)) {
      p->pos = at;
      return fail(p, "'%s' is already declared", name), NULL;
   }
   if (p->num_syms == MAX_SYMBOLS) {
      p->pos = at;
      return fail(p, "more than %d names declared", MAX_SYMBOLS), NULL;
   }
   struct sym *s = &p->syms[p->num_syms++];
   memset(s, 0, sizeof(*s));
   strcpy(s->name, name);
   return s;
}

/* ---- parameters ------------------------------------------------------------------------------ */

static int
add_param(struct parser *p, const struct fe_arbp_param *prm)
{
   struct fe_arbp_prog *g = p->prog;
   if (g->num_params == FE_ARBP_MAX_PARAMS)
      return fail(p, "more than %d parameters", FE_ARBP_MAX_PARAMS), -1;
   g->params[g->num_params] = *prm;
   return (int)g->num_params++;
}

/* An operand's binding (an inline constant, a direct state or program binding): the slot of
 * an identical one already bound, else a new one, so a program that repeats a literal does not
 * spend a slot per use (the parameter limit counts slots). */
static int
add_operand_param(struct parser *p, const struct fe_arbp_param *prm)
{
   const struct fe_arbp_prog *g = p->prog;
   for (uint32_t i = 0; i < g->num_params; i++) {
      const struct fe_arbp_param *o = &g->params[i];
      if (o->kind == prm->kind && o->index == prm->index &&
          !memcmp(o->comp, prm->comp, sizeof(o->comp)) &&
          !memcmp(o->value, prm->value, sizeof(o->value)))
         return (int)i;
   }
   return add_param(p, prm);
}

#define STATE_FLOAT(member) ((int16_t)(offsetof(struct glsl_compat_state, member) / sizeof(float)))

static struct fe_arbp_param
state_vec(int16_t first, int16_t w)
{
   struct fe_arbp_param r = {.kind = FE_ARBP_PARAM_STATE};
   for (int c = 0; c < 3; c++)
      r.comp[c] = (int16_t)(first + c);
   r.comp[3] = w == INT16_MIN ? (int16_t)(first + 3) : w;
   return r;
}

/* The optional "[n]" after a binding name (default 0), n < max. */
static bool
opt_index(struct parser *p, uint32_t max, uint32_t *out)
{
   *out = 0;
   if (!accept(p, '['))
      return true;
   if (!integer(p, max - 1, out))
      return false;
   return expect(p, ']');
}

/* ".front" or ".back" if present (the caller has seen the '.', and restores on neither). */
static bool
opt_face(struct parser *p, int *face)
{
   *face = 0;
   const size_t at = p->pos;
   char id[MAX_IDENT + 1];
   if (!accept(p, '.'))
      return true;
   if (!ident(p, id))
      return fail(p, "state member expected");
   if (!strcmp(id, "front"))
      return true;
   if (!strcmp(id, "back")) {
      *face = 1;
      return true;
   }
   p->pos = at;
   return true;
}

/* state.matrix...: up to 4 rows into params (rows [first, last]); *n rows written. */
static bool
state_matrix(struct parser *p, struct fe_arbp_param out[4], int *n, bool multi)
{
   char id[MAX_IDENT + 1];
   if (!expect(p, '.'))
      return false;
   const size_t at = (skip_space(p), p->pos);
   if (!expect_ident(p, id))
      return false;
   int which; /* 0 modelview 1 projection 2 mvp 3 texture 4 program */
   uint32_t unit = 0;
   if (!strcmp(id, "modelview")) {
      which = 0;
      uint32_t m;
      if (!opt_index(p, 1, &m))
         return false;
   } else if (!strcmp(id, "projection")) {
      which = 1;
   } else if (!strcmp(id, "mvp")) {
      which = 2;
   } else if (!strcmp(id, "texture")) {
      which = 3;
      if (!opt_index(p, FE_FF_TEXCOORD_UNITS, &unit))
         return false;
   } else if (!strcmp(id, "palette")) {
      p->pos = at;
      return refuse(p, "state.matrix.palette (ARB_matrix_palette)");
   } else if (!strcmp(id, "program")) {
      which = 4;
      if (!expect(p, '[') || !integer(p, FE_FF_PROGRAM_MATRICES - 1, &unit) || !expect(p, ']'))
         return false;
   } else {
      p->pos = at;
      return fail(p, "unknown matrix '%s'", id);
   }
   int modifier = 0; /* 0 plain 1 inverse 2 transpose 3 invtrans */
   uint32_t first = 0, last = 3;
   bool rows = false;
   while (accept(p, '.')) {
      const size_t at = p->pos;
      if (!expect_ident(p, id))
         return false;
      if (!rows && !modifier && !strcmp(id, "inverse"))
         modifier = 1;
      else if (!rows && !modifier && !strcmp(id, "transpose"))
         modifier = 2;
      else if (!rows && !modifier && !strcmp(id, "invtrans"))
         modifier = 3;
      else if (!rows && !strcmp(id, "row")) {
         rows = true;
         if (!expect(p, '[') || !integer(p, 3, &first))
            return false;
         last = first;
         if (next(p) == '.' && peekc(p, 1) == '.') {
            p->pos += 2;
            if (!integer(p, 3, &last))
               return false;
            if (last < first)
               return fail(p, "matrix row range runs backwards");
         }
         if (!expect(p, ']'))
            return false;
      } else {
         p->pos = at;
         return fail(p, "matrix modifier or row expected");
      }
   }
   if (!multi && (first != last || !rows))
      return fail(p, "a matrix is several parameters: bind it to an array");
   static const int16_t bases[3][4] = {
      {STATE_FLOAT(modelview), STATE_FLOAT(modelview_inverse), STATE_FLOAT(modelview_transpose),
       STATE_FLOAT(modelview_inverse_transpose)},
      {STATE_FLOAT(projection), STATE_FLOAT(projection_inverse), STATE_FLOAT(projection_transpose),
       STATE_FLOAT(projection_inverse_transpose)},
      {STATE_FLOAT(mvp), STATE_FLOAT(mvp_inverse), STATE_FLOAT(mvp_transpose),
       STATE_FLOAT(mvp_inverse_transpose)},
   };
   if (which == 4) {
      *n = 0;
      for (uint32_t r = first; r <= last; r++)
         out[(*n)++] = (struct fe_arbp_param){
            .kind = FE_ARBP_PARAM_MATRIX,
            .index = (uint16_t)unit,
            .comp = {(int16_t)modifier, (int16_t)r},
         };
      return true;
   }
   int16_t m;
   if (which < 3) {
      m = bases[which][modifier];
   } else {
      const int16_t t[4] = {STATE_FLOAT(texture_matrix), STATE_FLOAT(texture_matrix_inverse),
                            STATE_FLOAT(texture_matrix_transpose),
                            STATE_FLOAT(texture_matrix_inverse_transpose)};
      m = (int16_t)(t[modifier] + unit * 16);
   }
   *n = 0;
   for (uint32_t r = first; r <= last; r++) {
      /* row r of a column-major matrix */
      struct fe_arbp_param *o = &out[(*n)++];
      memset(o, 0, sizeof(*o));
      o->kind = FE_ARBP_PARAM_STATE;
      for (int c = 0; c < 4; c++)
         o->comp[c] = (int16_t)(m + c * 4 + (int)r);
   }
   return true;
}

/* After "state": one binding (or a matrix's rows when multi) into out; *n written. */
static bool
state_binding(struct parser *p, struct fe_arbp_param out[4], int *n, bool multi, bool *unversioned)
{
   char id[MAX_IDENT + 1], m[MAX_IDENT + 1];
   *n = 1;
   if (!expect(p, '.') || !expect_ident(p, id))
      return false;
   const int16_t ZERO = FE_ARBP_COMP_ZERO, ONE = FE_ARBP_COMP_ONE;
   if (!strcmp(id, "matrix"))
      return state_matrix(p, out, n, multi);
   if (!strcmp(id, "material")) {
      int face;
      if (!opt_face(p, &face) || !expect(p, '.') || !expect_ident(p, m))
         return false;
      const int16_t mat = face ? STATE_FLOAT(back_material) : STATE_FLOAT(front_material);
#define MAT(f)                                                                                     \
   ((int16_t)(mat + (int16_t)(offsetof(struct glsl_compat_material, f) / sizeof(float))))
      if (!strcmp(m, "ambient"))
         out[0] = state_vec(MAT(ambient), INT16_MIN);
      else if (!strcmp(m, "diffuse"))
         out[0] = state_vec(MAT(diffuse), INT16_MIN);
      else if (!strcmp(m, "specular"))
         out[0] = state_vec(MAT(specular), INT16_MIN);
      else if (!strcmp(m, "emission"))
         out[0] = state_vec(MAT(emission), INT16_MIN);
      else if (!strcmp(m, "shininess")) {
         out[0] = (struct fe_arbp_param){.kind = FE_ARBP_PARAM_STATE,
                                         .comp = {MAT(shininess), ZERO, ZERO, ONE}};
      } else
         return fail(p, "unknown material property '%s'", m);
#undef MAT
      return true;
   }
   if (!strcmp(id, "light")) {
      uint32_t i;
      if (!expect(p, '[') || !integer(p, 7, &i) || !expect(p, ']') || !expect(p, '.') ||
          !expect_ident(p, m))
         return false;
      const int16_t L = (int16_t)(STATE_FLOAT(light_source) +
                                  i * (sizeof(struct glsl_compat_light) / sizeof(float)));
#define LT(f) ((int16_t)(L + (int16_t)(offsetof(struct glsl_compat_light, f) / sizeof(float))))
      if (!strcmp(m, "ambient"))
         out[0] = state_vec(LT(ambient), INT16_MIN);
      else if (!strcmp(m, "diffuse"))
         out[0] = state_vec(LT(diffuse), INT16_MIN);
      else if (!strcmp(m, "specular"))
         out[0] = state_vec(LT(specular), INT16_MIN);
      else if (!strcmp(m, "position"))
         out[0] = state_vec(LT(position), INT16_MIN);
      else if (!strcmp(m, "half"))
         out[0] = state_vec(LT(half_vector), ONE);
      else if (!strcmp(m, "attenuation"))
         out[0] = (struct fe_arbp_param){.kind = FE_ARBP_PARAM_STATE,
                                         .comp = {LT(constant_attenuation), LT(linear_attenuation),
                                                  LT(quadratic_attenuation), LT(spot_exponent)}};
      else if (!strcmp(m, "spot")) {
         if (!expect(p, '.') || !keyword(p, "direction"))
            return false;
         out[0] = state_vec(LT(spot_direction), LT(spot_cos_cutoff));
      } else
         return fail(p, "unknown light property '%s'", m);
#undef LT
      return true;
   }
   if (!strcmp(id, "lightmodel")) {
      int face;
      if (!opt_face(p, &face) || !expect(p, '.') || !expect_ident(p, m))
         return false;
      if (!strcmp(m, "ambient")) {
         out[0] = state_vec(STATE_FLOAT(light_model_ambient), INT16_MIN);
      } else if (!strcmp(m, "scenecolor")) {
         const int16_t s = face ? STATE_FLOAT(back_light_model_scene_color)
                                : STATE_FLOAT(front_light_model_scene_color);
         const int16_t d =
            face ? STATE_FLOAT(back_material.diffuse) : STATE_FLOAT(front_material.diffuse);
         out[0] = state_vec(s, (int16_t)(d + 3)); /* alpha: the material's diffuse alpha */
      } else {
         return fail(p, "unknown light model property '%s'", m);
      }
      return true;
   }
   if (!strcmp(id, "lightprod")) {
      uint32_t i;
      int face;
      if (!expect(p, '[') || !integer(p, 7, &i) || !expect(p, ']') || !opt_face(p, &face) ||
          !expect(p, '.') || !expect_ident(p, m))
         return false;
      const int16_t pr =
         (int16_t)((face ? STATE_FLOAT(back_light_product) : STATE_FLOAT(front_light_product)) +
                   i * (sizeof(struct glsl_compat_light_product) / sizeof(float)));
      /* alpha: the material property's own (Mesa's); struct glsl_compat_material holds
       * emission, ambient, diffuse, specular in that order */
      const int16_t mat = face ? STATE_FLOAT(back_material) : STATE_FLOAT(front_material);
      int k;
      if (!strcmp(m, "ambient"))
         k = 0;
      else if (!strcmp(m, "diffuse"))
         k = 1;
      else if (!strcmp(m, "specular"))
         k = 2;
      else
         return fail(p, "unknown light product '%s'", m);
      out[0] = state_vec((int16_t)(pr + k * 4), (int16_t)(mat + 4 + k * 4 + 3));
      return true;
   }
   if (!strcmp(id, "texgen")) {
      uint32_t u;
      if (!opt_index(p, FE_FF_TEXCOORD_UNITS, &u) || !expect(p, '.') || !expect_ident(p, m))
         return false;
      char c[MAX_IDENT + 1];
      if (!expect(p, '.') || !expect_ident(p, c))
         return false;
      int coord = !strcmp(c, "s")   ? 0
                  : !strcmp(c, "t") ? 1
                  : !strcmp(c, "r") ? 2
                  : !strcmp(c, "q") ? 3
                                    : -1;
      if (coord < 0)
         return fail(p, "texgen coordinate s, t, r or q expected");
      int16_t base;
      if (!strcmp(m, "eye"))
         base = STATE_FLOAT(eye_plane);
      else if (!strcmp(m, "object"))
         base = STATE_FLOAT(object_plane);
      else
         return fail(p, "texgen plane eye or object expected");
      out[0] = state_vec((int16_t)(base + (coord * 8 + (int)u) * 4), INT16_MIN);
      return true;
   }
   if (!strcmp(id, "fog")) {
      if (!expect(p, '.') || !expect_ident(p, m))
         return false;
      if (!strcmp(m, "color"))
         out[0] = state_vec(STATE_FLOAT(fog.color), INT16_MIN);
      else if (!strcmp(m, "params"))
         out[0] = state_vec(STATE_FLOAT(fog.density), INT16_MIN);
      else
         return fail(p, "unknown fog property '%s'", m);
      return true;
   }
   if (!strcmp(id, "clip")) {
      uint32_t i;
      if (!expect(p, '[') || !integer(p, 7, &i) || !expect(p, ']') || !expect(p, '.') ||
          !keyword(p, "plane"))
         return false;
      out[0] = state_vec((int16_t)(STATE_FLOAT(clip_plane) + i * 4), INT16_MIN);
      return true;
   }
   if (!strcmp(id, "point")) {
      if (!expect(p, '.') || !expect_ident(p, m))
         return false;
      *unversioned = true; /* glPointSize does not move the fixed-function version */
      if (!strcmp(m, "size"))
         out[0] = state_vec(STATE_FLOAT(point.size), INT16_MIN);
      else if (!strcmp(m, "attenuation"))
         out[0] = state_vec(STATE_FLOAT(point.distance_constant_attenuation), ONE);
      else
         return fail(p, "unknown point property '%s'", m);
      return true;
   }
   if (!strcmp(id, "texenv")) {
      uint32_t u;
      if (!opt_index(p, FE_FF_TEXCOORD_UNITS, &u) || !expect(p, '.') || !keyword(p, "color"))
         return false;
      out[0] = state_vec((int16_t)(STATE_FLOAT(texture_env_color) + u * 4), INT16_MIN);
      return true;
   }
   if (!strcmp(id, "depth")) {
      if (!expect(p, '.') || !keyword(p, "range"))
         return false;
      *unversioned = true;
      out[0] = (struct fe_arbp_param){
         .kind = FE_ARBP_PARAM_STATE,
         .comp = {FE_ARBP_COMP_DEPTH_NEAR, FE_ARBP_COMP_DEPTH_FAR, FE_ARBP_COMP_DEPTH_DIFF, ONE}};
      return true;
   }
   return fail(p, "unknown state '%s'", id);
}

/* After "program": program.env[n] / program.local[n], or a range [a..b] when multi. */
static bool
program_binding(struct parser *p, struct fe_arbp_param *out, int *n, int max_out)
{
   char id[MAX_IDENT + 1];
   if (!expect(p, '.') || !expect_ident(p, id))
      return false;
   uint8_t kind;
   uint32_t limit;
   if (!strcmp(id, "env")) {
      kind = FE_ARBP_PARAM_ENV;
      limit = FE_ARBP_MAX_ENV;
   } else if (!strcmp(id, "local")) {
      kind = FE_ARBP_PARAM_LOCAL;
      limit = FE_ARBP_MAX_LOCAL;
   } else {
      return fail(p, "program.env or program.local expected");
   }
   uint32_t first, last;
   if (!expect(p, '[') || !integer(p, limit - 1, &first))
      return false;
   last = first;
   if (next(p) == '.' && peekc(p, 1) == '.') {
      if (max_out == 1)
         return fail(p, "a parameter range is several parameters: bind it to an array");
      p->pos += 2;
      if (!integer(p, limit - 1, &last))
         return false;
      if (last < first)
         return fail(p, "parameter range runs backwards");
   }
   if (!expect(p, ']'))
      return false;
   if (last - first + 1 > (uint32_t)max_out)
      return fail(p, "too many parameters");
   *n = 0;
   for (uint32_t i = first; i <= last; i++)
      out[(*n)++] = (struct fe_arbp_param){.kind = kind, .index = (uint16_t)i};
   return true;
}

/* A constant: a signed scalar (replicated) or {x[, y[, z[, w]]]} (missing y, z: 0; w: 1). */
static bool
constant(struct parser *p, struct fe_arbp_param *out, bool scalar_replicates)
{
   *out = (struct fe_arbp_param){.kind = FE_ARBP_PARAM_CONST};
   if (accept(p, '{')) {
      float v[4] = {0, 0, 0, 1};
      int n = 0;
      do {
         if (n == 4)
            return fail(p, "a vector constant has at most four components");
         if (!signed_number(p, &v[n++]))
            return false;
      } while (accept(p, ','));
      if (!expect(p, '}'))
         return false;
      memcpy(out->value, v, sizeof(v));
      return true;
   }
   float x;
   if (!signed_number(p, &x))
      return false;
   for (int c = 0; c < 4; c++)
      out->value[c] = scalar_replicates || c == 0 ? x : (c == 3 ? 1.0f : 0.0f);
   return true;
}

/* One parameter binding (the right side of PARAM, or an item in its list); multi allows the
 * bindings of several slots. */
static bool
param_binding(struct parser *p, struct fe_arbp_param *out, int *n, int max_out)
{
   const int c = next(p);
   if (c == '{' || c == '-' || c == '+' || is_digit(c) || c == '.') {
      *n = 1;
      return constant(p, out, true);
   }
   char id[MAX_IDENT + 1];
   if (!expect_ident(p, id))
      return false;
   if (!strcmp(id, "state")) {
      struct fe_arbp_param rows[4];
      int k;
      bool unversioned = false;
      if (!state_binding(p, rows, &k, max_out > 1, &unversioned))
         return false;
      if (k > max_out)
         return fail(p, "too many parameters");
      memcpy(out, rows, (size_t)k * sizeof(rows[0]));
      *n = k;
      p->prog->reads_state_unversioned |= unversioned;
      return true;
   }
   if (!strcmp(id, "program"))
      return program_binding(p, out, n, max_out);
   return fail(p, "parameter binding expected");
}

/* ---- inputs and outputs ---------------------------------------------------------------------- */

static void
note_input(struct parser *p, unsigned index, bool generic)
{
   p->prog->inputs_read |= 1u << index;
   if (generic)
      p->generic_locs |= 1u << index;
   else
      p->conventional_locs |= 1u << index;
}

/* After "vertex" / "fragment": the input register. */
static bool
input_binding(struct parser *p, uint16_t *index)
{
   char id[MAX_IDENT + 1];
   if (!expect(p, '.'))
      return false;
   const size_t at = (skip_space(p), p->pos); /* the attribute's name */
   if (!expect_ident(p, id))
      return false;
   if (p->target == FE_ARBP_VERTEX) {
      uint32_t n = 0;
      bool generic = false;
      if (!strcmp(id, "position")) {
         n = FE_FF_ATTRIB_POSITION;
      } else if (!strcmp(id, "normal")) {
         n = FE_FF_ATTRIB_NORMAL;
      } else if (!strcmp(id, "fogcoord")) {
         n = FE_FF_ATTRIB_FOG;
      } else if (!strcmp(id, "color")) {
         n = color_which(p, FE_FF_ATTRIB_COLOR0, FE_FF_ATTRIB_COLOR1);
      } else if (!strcmp(id, "texcoord")) {
         uint32_t u;
         if (!opt_index(p, FE_FF_TEXCOORD_UNITS, &u))
            return false;
         n = FE_FF_ATTRIB_TEXCOORD0 + u;
      } else if (!strcmp(id, "attrib")) {
         if (!expect(p, '[') || !integer(p, FE_ARBP_MAX_ATTRIBS - 1, &n) || !expect(p, ']'))
            return false;
         generic = true;
      } else if (!strcmp(id, "weight")) {
         p->pos = at;
         return refuse(p, "vertex.weight (ARB_vertex_blend)");
      } else if (!strcmp(id, "matrixindex")) {
         p->pos = at;
         return refuse(p, "vertex.matrixindex (ARB_matrix_palette)");
      } else {
         p->pos = at;
         return fail(p, "unknown vertex attribute '%s'", id);
      }
      note_input(p, n, generic);
      if (p->conventional_locs & p->generic_locs)
         return fail(p, "a generic attribute and the conventional attribute it aliases are both "
                        "bound");
      *index = (uint16_t)n;
      return true;
   }
   uint32_t n;
   if (!strcmp(id, "color")) {
      n = color_which(p, FE_ARBP_FIN_COL0, FE_ARBP_FIN_COL1);
   } else if (!strcmp(id, "texcoord")) {
      uint32_t u;
      if (!opt_index(p, FE_ARBP_MAX_TEX_UNITS, &u))
         return false;
      n = FE_ARBP_FIN_TEX0 + u;
   } else if (!strcmp(id, "fogcoord")) {
      n = FE_ARBP_FIN_FOGC;
   } else if (!strcmp(id, "position")) {
      n = FE_ARBP_FIN_WPOS;
   } else {
      p->pos = at;
      return fail(p, "unknown fragment attribute '%s'", id);
   }
   p->prog->inputs_read |= 1u << n;
   *index = (uint16_t)n;
   return true;
}

/* After "result": the output register. */
static bool
output_binding(struct parser *p, uint16_t *index)
{
   char id[MAX_IDENT + 1], m[MAX_IDENT + 1];
   if (!expect(p, '.') || !expect_ident(p, id))
      return false;
   uint32_t n;
   if (p->target == FE_ARBP_FRAGMENT) {
      if (!strcmp(id, "color")) {
         n = FE_ARBP_FOUT_COLOR;
         if (next(p) == '[') {
            /* ARB_draw_buffers: the index needs the option, and is below GL_MAX_DRAW_BUFFERS */
            if (!p->prog->draw_buffers)
               return fail(p, "result.color[n] without OPTION ARB_draw_buffers");
            uint32_t b;
            if (!opt_index(p, FE_ARBP_MAX_DRAW_BUFFERS, &b))
               return false;
            n = b ? FE_ARBP_FOUT_COLOR1 + b - 1 : FE_ARBP_FOUT_COLOR;
         }
      } else if (!strcmp(id, "depth")) {
         n = FE_ARBP_FOUT_DEPTH;
      } else {
         return fail(p, "unknown fragment result '%s'", id);
      }
   } else if (!strcmp(id, "position")) {
      n = FE_ARBP_VOUT_POS;
   } else if (!strcmp(id, "fogcoord")) {
      n = FE_ARBP_VOUT_FOGC;
   } else if (!strcmp(id, "pointsize")) {
      n = FE_ARBP_VOUT_PSIZ;
   } else if (!strcmp(id, "texcoord")) {
      uint32_t u;
      if (!opt_index(p, FE_ARBP_MAX_TEX_UNITS, &u))
         return false;
      n = FE_ARBP_VOUT_TEX0 + u;
   } else if (!strcmp(id, "color")) {
      /* color[.front|.back][.primary|.secondary] */
      bool back = false, secondary = false, face_seen = false;
      for (int k = 0; k < 2; k++) {
         const size_t before = p->pos;
         if (!accept(p, '.'))
            break;
         if (!ident(p, m)) {
            p->pos = before;
            break;
         }
         if (!face_seen && k == 0 && (!strcmp(m, "front") || !strcmp(m, "back"))) {
            back = !strcmp(m, "back");
            face_seen = true;
         } else if (!strcmp(m, "primary") || !strcmp(m, "secondary")) {
            secondary = !strcmp(m, "secondary");
            break;
         } else {
            p->pos = before; /* a write mask or swizzle */
            break;
         }
      }
      n = back ? (secondary ? FE_ARBP_VOUT_BCOL1 : FE_ARBP_VOUT_BCOL0)
               : (secondary ? FE_ARBP_VOUT_COL1 : FE_ARBP_VOUT_COL0);
   } else {
      return fail(p, "unknown vertex result '%s'", id);
   }
   *index = (uint16_t)n;
   return true;
}

/* ---- declarations ---------------------------------------------------------------------------- */

static bool
decl_param(struct parser *p)
{
   char name[MAX_IDENT + 1];
   const size_t at = (skip_space(p), p->pos);
   if (!expect_ident(p, name))
      return false;
   struct sym *s = declare(p, name, at);
   if (!s)
      return false;
   s->kind = SYM_PARAM;
   s->index = (uint16_t)p->prog->num_params;
   if (accept(p, '[')) {
      s->array = true;
      uint32_t size = 0;
      if (next(p) != ']' && !integer(p, FE_ARBP_MAX_PARAMS, &size))
         return false;
      if (!expect(p, ']') || !expect(p, '=') || !expect(p, '{'))
         return false;
      uint32_t count = 0;
      struct fe_arbp_prog *g = p->prog;
      do {
         /* an item's slots go straight after the ones before: a range such as
          * program.local[0..1020] is one item */
         const int room = FE_ARBP_MAX_PARAMS - (int)g->num_params;
         int n;
         if (room < 1)
            return skip_space(p), fail(p, "more than %d parameters", FE_ARBP_MAX_PARAMS);
         if (!param_binding(p, &g->params[g->num_params], &n, room))
            return false;
         g->num_params += (uint32_t)n;
         count += (uint32_t)n;
      } while (accept(p, ','));
      if (!expect(p, '}'))
         return false;
      if (size && size != count)
         return fail(p, "the array holds %u parameters, not %u", count, size);
      if (!count)
         return fail(p, "an empty parameter array");
      s->count = (uint16_t)count;
      return true;
   }
   if (!expect(p, '='))
      return false;
   struct fe_arbp_param item;
   int n;
   if (!param_binding(p, &item, &n, 1))
      return false;
   s->count = 1;
   return add_param(p, &item) >= 0;
}

static bool
decl_list(struct parser *p, enum sym_kind kind)
{
   do {
      char name[MAX_IDENT + 1];
      const size_t at = (skip_space(p), p->pos);
      if (!expect_ident(p, name))
         return false;
      struct sym *s = declare(p, name, at);
      if (!s)
         return false;
      s->kind = (uint8_t)kind;
      if (kind == SYM_TEMP) {
         if (p->prog->num_temps == FE_ARBP_MAX_TEMPS) {
            p->pos = at;
            return fail(p, "more than %d temporaries", FE_ARBP_MAX_TEMPS);
         }
         s->index = (uint16_t)p->prog->num_temps++;
      } else {
         if (p->target != FE_ARBP_VERTEX)
            return fail(p, "ADDRESS registers are vertex program registers");
         if (p->prog->num_address == FE_ARBP_MAX_ADDRESS) {
            p->pos = at;
            return fail(p, "more than %d address register", FE_ARBP_MAX_ADDRESS);
         }
         s->index = (uint16_t)p->prog->num_address++;
      }
   } while (accept(p, ','));
   return true;
}

static bool
decl_binding(struct parser *p, enum sym_kind kind)
{
   char name[MAX_IDENT + 1], id[MAX_IDENT + 1];
   const size_t at = (skip_space(p), p->pos);
   if (!expect_ident(p, name))
      return false;
   struct sym *s = declare(p, name, at);
   if (!s || !expect(p, '='))
      return false;
   s->kind = (uint8_t)kind;
   const size_t bat = (skip_space(p), p->pos);
   if (!expect_ident(p, id))
      return false;
   if (kind == SYM_ATTRIB) {
      if (strcmp(id, p->target == FE_ARBP_VERTEX ? "vertex" : "fragment")) {
         p->pos = bat;
         return fail(p, "%s attribute binding expected",
                     p->target == FE_ARBP_VERTEX ? "vertex" : "fragment");
      }
      if (!input_binding(p, &s->index))
         return false;
      p->attribs_bound |= 1u << s->index;
      return true;
   }
   if (strcmp(id, "result")) {
      p->pos = bat;
      return fail(p, "result binding expected");
   }
   return output_binding(p, &s->index);
}

static bool
decl_alias(struct parser *p)
{
   char name[MAX_IDENT + 1], target[MAX_IDENT + 1];
   const size_t at = (skip_space(p), p->pos);
   if (!expect_ident(p, name) || !expect(p, '='))
      return false;
   const size_t tat = (skip_space(p), p->pos);
   if (!expect_ident(p, target))
      return false;
   struct sym *t = lookup(p, target);
   if (!t) {
      p->pos = tat;
      return fail(p, "'%s' is not declared", target);
   }
   const struct sym copy = *t;
   struct sym *s = declare(p, name, at);
   if (!s)
      return false;
   *s = copy;
   strcpy(s->name, name);
   return true;
}

/* ---- operands -------------------------------------------------------------------------------- */

static int
component(int c, bool fragment)
{
   switch (c) {
   case 'x': return 0;
   case 'y': return 1;
   case 'z': return 2;
   case 'w': return 3;
   case 'r': return fragment ? 0 : -1;
   case 'g': return fragment ? 1 : -1;
   case 'b': return fragment ? 2 : -1;
   case 'a': return fragment ? 3 : -1;
   default: return -1;
   }
}

/* A swizzle suffix ".x" (replicated) or ".xyzw"; scalar requires one component. */
static bool
swizzle(struct parser *p, uint8_t swz[4], bool scalar)
{
   for (int c = 0; c < 4; c++)
      swz[c] = (uint8_t)c;
   const size_t before = p->pos;
   if (!accept(p, '.')) {
      if (scalar)
         return fail(p, "a scalar operand needs a component suffix");
      return true;
   }
   char id[MAX_IDENT + 1];
   skip_space(p);
   const size_t at = p->pos;
   if (!ident(p, id)) {
      p->pos = before;
      return fail(p, "swizzle expected");
   }
   const size_t n = strlen(id);
   const bool frag = p->target == FE_ARBP_FRAGMENT;
   if (n == 1 || (n == 4 && !scalar)) {
      for (size_t i = 0; i < n; i++) {
         const int c = component(id[i], frag);
         if (c < 0) {
            p->pos = at;
            return fail(p, "invalid swizzle '%s'", id);
         }
         swz[i] = (uint8_t)c;
      }
      if (n == 1)
         swz[1] = swz[2] = swz[3] = swz[0];
      return true;
   }
   p->pos = at;
   return fail(p, scalar ? "a scalar operand takes one component" : "invalid swizzle '%s'", id);
}

/* An address-relative index "A.x [+-] n" after '['. */
static bool
relative_index(struct parser *p, struct fe_arbp_src *src)
{
   char id[MAX_IDENT + 1];
   const size_t at = (skip_space(p), p->pos);
   if (!expect_ident(p, id))
      return false;
   const struct sym *a = lookup(p, id);
   if (!a || a->kind != SYM_ADDRESS) {
      p->pos = at;
      return fail(p, "address register expected");
   }
   if (!expect(p, '.') || !keyword(p, "x"))
      return false;
   src->relative = true;
   src->offset = 0;
   if (next(p) == '+' || next(p) == '-') {
      const bool neg = p->s[p->pos++] == '-';
      uint32_t off;
      if (!integer(p, FE_ARBP_MAX_PARAMS, &off))
         return false;
      src->offset = (int16_t)(neg ? -(int)off : (int)off);
   }
   return true;
}

/* A source operand: [-]register[index][.swizzle], a direct binding or a constant. */
static bool
src_operand(struct parser *p, struct fe_arbp_src *src, bool scalar, bool allow_swizzle)
{
   memset(src, 0, sizeof(*src));
   bool neg = false;
   if (accept(p, '-'))
      neg = true;
   else if (p->target == FE_ARBP_FRAGMENT)
      accept(p, '+');
   const int c = next(p);
   if (c == '{' || is_digit(c) || c == '.') {
      struct fe_arbp_param k;
      if (!constant(p, &k, !scalar))
         return false;
      const int slot = add_operand_param(p, &k);
      if (slot < 0)
         return false;
      src->file = FE_ARBP_FILE_PARAM;
      src->index = (uint16_t)slot;
   } else {
      char id[MAX_IDENT + 1];
      const size_t at = (skip_space(p), p->pos);
      if (!expect_ident(p, id))
         return false;
      if (!strcmp(id, "vertex") || !strcmp(id, "fragment")) {
         if (strcmp(id, p->target == FE_ARBP_VERTEX ? "vertex" : "fragment")) {
            p->pos = at;
            return fail(p, "'%s' attributes are not inputs of this program", id);
         }
         src->file = FE_ARBP_FILE_INPUT;
         if (!input_binding(p, &src->index))
            return false;
         p->attribs_bound |= 1u << src->index;
      } else if (!strcmp(id, "state") || !strcmp(id, "program")) {
         p->pos = at;
         struct fe_arbp_param prm;
         int n;
         if (!param_binding(p, &prm, &n, 1))
            return false;
         const int slot = add_operand_param(p, &prm);
         if (slot < 0)
            return false;
         src->file = FE_ARBP_FILE_PARAM;
         src->index = (uint16_t)slot;
      } else {
         const struct sym *s = lookup(p, id);
         if (!s) {
            p->pos = at;
            return fail(p, "'%s' is not declared", id);
         }
         switch (s->kind) {
         case SYM_TEMP: src->file = FE_ARBP_FILE_TEMP; break;
         case SYM_ATTRIB: src->file = FE_ARBP_FILE_INPUT; break;
         case SYM_PARAM: src->file = FE_ARBP_FILE_PARAM; break;
         default: p->pos = at; return fail(p, "'%s' cannot be read", id);
         }
         src->index = s->index;
         if (s->kind == SYM_PARAM && s->array) {
            if (!expect(p, '['))
               return false;
            skip_space(p);
            if (is_digit(peekc(p, 0))) {
               uint32_t i;
               if (!integer(p, (uint32_t)s->count - 1, &i))
                  return false;
               src->index = (uint16_t)(s->index + i);
            } else {
               if (p->target != FE_ARBP_VERTEX)
                  return fail(p, "relative addressing is a vertex program feature");
               if (!relative_index(p, src))
                  return false;
               src->length = s->count;
            }
            if (!expect(p, ']'))
               return false;
         }
      }
   }
   if (allow_swizzle && !swizzle(p, src->swz, scalar))
      return false;
   if (!allow_swizzle)
      for (int k = 0; k < 4; k++)
         src->swz[k] = (uint8_t)k;
   src->negate = neg ? 0xf : 0;
   return true;
}

static bool
dst_operand(struct parser *p, struct fe_arbp_dst *dst, bool address)
{
   char id[MAX_IDENT + 1];
   const size_t at = (skip_space(p), p->pos);
   if (!expect_ident(p, id))
      return false;
   if (!strcmp(id, "result")) {
      dst->file = FE_ARBP_FILE_OUTPUT;
      if (!output_binding(p, &dst->index))
         return false;
   } else {
      const struct sym *s = lookup(p, id);
      if (!s) {
         p->pos = at;
         return fail(p, "'%s' is not declared", id);
      }
      if (address != (s->kind == SYM_ADDRESS) ||
          (s->kind != SYM_TEMP && s->kind != SYM_OUTPUT && s->kind != SYM_ADDRESS)) {
         p->pos = at;
         return fail(p, address ? "ARL writes an address register" : "'%s' cannot be written", id);
      }
      dst->file = s->kind == SYM_TEMP     ? FE_ARBP_FILE_TEMP
                  : s->kind == SYM_OUTPUT ? FE_ARBP_FILE_OUTPUT
                                          : FE_ARBP_FILE_ADDRESS;
      dst->index = s->index;
   }
   if (address && dst->file != FE_ARBP_FILE_ADDRESS) {
      p->pos = at;
      return fail(p, "ARL writes an address register");
   }
   dst->mask = 0xf;
   const size_t before = p->pos;
   if (accept(p, '.')) {
      char m[MAX_IDENT + 1];
      skip_space(p);
      const size_t mat = p->pos;
      if (!ident(p, m)) {
         p->pos = before;
         return fail(p, "write mask expected");
      }
      dst->mask = 0;
      int last = -1;
      for (size_t i = 0; m[i]; i++) {
         const int c = component(m[i], p->target == FE_ARBP_FRAGMENT);
         if (c <= last) {
            p->pos = mat;
            return fail(p, "invalid write mask '%s'", m);
         }
         last = c;
         dst->mask |= (uint8_t)(1u << c);
      }
      if (address && dst->mask != 1) {
         p->pos = mat;
         return fail(p, "an address register has only .x");
      }
   }
   if (dst->file == FE_ARBP_FILE_OUTPUT && dst->index == FE_ARBP_VOUT_POS &&
       p->target == FE_ARBP_VERTEX && p->prog->position_invariant) {
      p->pos = at;
      return fail(p, "a position-invariant program writes result.position");
   }
   if (dst->file == FE_ARBP_FILE_OUTPUT)
      p->prog->outputs_written |= 1u << dst->index;
   return true;
}

/* ---- instructions ---------------------------------------------------------------------------- */

enum shape { VEC1, SCALAR1, BIN, BINSC, TRI, ARL, SWZ, TEX, KIL };

static const struct {
   const char *name;
   uint8_t shape;
   uint8_t targets; /* bit 0 vertex, bit 1 fragment */
} ops[FE_ARBP_OP_COUNT] = {
   [FE_ARBP_ABS] = {"ABS", VEC1, 3},    [FE_ARBP_ADD] = {"ADD", BIN, 3},
   [FE_ARBP_ARL] = {"ARL", ARL, 1},     [FE_ARBP_CMP] = {"CMP", TRI, 2},
   [FE_ARBP_COS] = {"COS", SCALAR1, 2}, [FE_ARBP_DP3] = {"DP3", BIN, 3},
   [FE_ARBP_DP4] = {"DP4", BIN, 3},     [FE_ARBP_DPH] = {"DPH", BIN, 3},
   [FE_ARBP_DST] = {"DST", BIN, 3},     [FE_ARBP_EX2] = {"EX2", SCALAR1, 3},
   [FE_ARBP_EXP] = {"EXP", SCALAR1, 1}, [FE_ARBP_FLR] = {"FLR", VEC1, 3},
   [FE_ARBP_FRC] = {"FRC", VEC1, 3},    [FE_ARBP_KIL] = {"KIL", KIL, 2},
   [FE_ARBP_LG2] = {"LG2", SCALAR1, 3}, [FE_ARBP_LIT] = {"LIT", VEC1, 3},
   [FE_ARBP_LOG] = {"LOG", SCALAR1, 1}, [FE_ARBP_LRP] = {"LRP", TRI, 2},
   [FE_ARBP_MAD] = {"MAD", TRI, 3},     [FE_ARBP_MAX] = {"MAX", BIN, 3},
   [FE_ARBP_MIN] = {"MIN", BIN, 3},     [FE_ARBP_MOV] = {"MOV", VEC1, 3},
   [FE_ARBP_MUL] = {"MUL", BIN, 3},     [FE_ARBP_POW] = {"POW", BINSC, 3},
   [FE_ARBP_RCP] = {"RCP", SCALAR1, 3}, [FE_ARBP_RSQ] = {"RSQ", SCALAR1, 3},
   [FE_ARBP_SCS] = {"SCS", SCALAR1, 2}, [FE_ARBP_SGE] = {"SGE", BIN, 3},
   [FE_ARBP_SIN] = {"SIN", SCALAR1, 2}, [FE_ARBP_SLT] = {"SLT", BIN, 3},
   [FE_ARBP_SUB] = {"SUB", BIN, 3},     [FE_ARBP_SWZ] = {"SWZ", SWZ, 3},
   [FE_ARBP_TEX] = {"TEX", TEX, 2},     [FE_ARBP_TXB] = {"TXB", TEX, 2},
   [FE_ARBP_TXP] = {"TXP", TEX, 2},     [FE_ARBP_XPD] = {"XPD", BIN, 3},
};

/* SWZ's four extended selectors. */
static bool
ext_swizzle(struct parser *p, struct fe_arbp_src *src)
{
   src->negate = 0;
   for (int c = 0; c < 4; c++) {
      if (c && !expect(p, ','))
         return false;
      bool neg = false;
      if (accept(p, '-'))
         neg = true;
      else
         accept(p, '+');
      const int ch = next(p);
      if (ch == '0' || ch == '1') {
         p->pos++;
         src->swz[c] = ch == '0' ? FE_ARBP_SWZ_ZERO : FE_ARBP_SWZ_ONE;
      } else {
         char id[MAX_IDENT + 1];
         const size_t at = p->pos;
         if (!ident(p, id) || strlen(id) != 1 ||
             component(id[0], p->target == FE_ARBP_FRAGMENT) < 0) {
            p->pos = at;
            return fail(p, "extended swizzle selector expected (0, 1, x, y, z, w)");
         }
         src->swz[c] = (uint8_t)component(id[0], p->target == FE_ARBP_FRAGMENT);
      }
      if (neg)
         src->negate |= (uint8_t)(1u << c);
   }
   return true;
}

static bool
tex_operands(struct parser *p, struct fe_arbp_inst *in)
{
   char id[MAX_IDENT + 1];
   if (!expect(p, ',') || !keyword(p, "texture"))
      return false;
   uint32_t unit = 0;
   if (!opt_index(p, FE_ARBP_MAX_TEX_UNITS, &unit) || !expect(p, ','))
      return false;
   /* a target is a word that may start with a digit (1D, 2D, 3D) */
   const size_t at = (skip_space(p), p->pos);
   size_t n = 0;
   while (n < MAX_IDENT && (is_ident_start(peekc(p, 0)) || is_digit(peekc(p, 0))))
      id[n++] = p->s[p->pos++];
   id[n] = '\0';
   enum fe_tex_target t;
   if (!strcmp(id, "1D"))
      t = FE_TEX_1D;
   else if (!strcmp(id, "2D"))
      t = FE_TEX_2D;
   else if (!strcmp(id, "3D"))
      t = FE_TEX_3D;
   else if (!strcmp(id, "CUBE"))
      t = FE_TEX_CUBE;
   else if (!strcmp(id, "RECT"))
      t = FE_TEX_RECT;
   else if (!strncmp(id, "SHADOW", 6)) {
      p->pos = at;
      return refuse(p, "shadow texture targets (ARB_fragment_program_shadow)");
   } else {
      p->pos = at;
      return fail(p, "texture target 1D, 2D, 3D, CUBE or RECT expected");
   }
   uint8_t *have = &p->prog->tex_targets[unit];
   if (*have && *have != (uint8_t)(t + 1)) {
      p->pos = at;
      return fail(p, "texture unit %u is used with two targets", unit);
   }
   *have = (uint8_t)(t + 1);
   in->tex_unit = (uint8_t)unit;
   in->tex_target = (uint8_t)t;
   return true;
}

/* Whether an operand reads a temporary written by an earlier instruction since the last
 * texture indirection boundary (ARB_fragment_program's indirection count). */
static void
count_indirection(struct fe_arbp_prog *g, const struct fe_arbp_inst *in, uint64_t *written)
{
   if (in->op == FE_ARBP_TEX || in->op == FE_ARBP_TXB || in->op == FE_ARBP_TXP) {
      g->num_tex++;
      const struct fe_arbp_src *s = &in->src[0];
      if (s->file == FE_ARBP_FILE_TEMP && (*written >> (s->index & 63)) & 1) {
         g->num_indirections++;
         *written = 0;
      }
   } else if (in->op != FE_ARBP_KIL) {
      g->num_alu++;
   }
   if (in->dst.file == FE_ARBP_FILE_TEMP)
      *written |= 1ull << (in->dst.index & 63);
}

static bool
instruction(struct parser *p, const char *word, size_t at)
{
   char base[8];
   const size_t wl = strlen(word);
   bool sat = false;
   if (wl == 7 && !strcmp(word + 3, "_SAT")) {
      if (p->target != FE_ARBP_FRAGMENT) {
         p->pos = at;
         return fail(p, "_SAT is a fragment program suffix");
      }
      sat = true;
   } else if (wl != 3) {
      p->pos = at;
      return fail(p, "unknown instruction or declaration '%s'", word);
   }
   memcpy(base, word, 3);
   base[3] = '\0';
   int op = -1;
   for (int i = 0; i < FE_ARBP_OP_COUNT; i++)
      if (!strcmp(ops[i].name, base))
         op = i;
   const unsigned tbit = p->target == FE_ARBP_VERTEX ? 1u : 2u;
   if (op < 0 || !(ops[op].targets & tbit)) {
      p->pos = at;
      return fail(p, "unknown instruction '%s'", word);
   }
   if (sat && op == FE_ARBP_KIL) {
      p->pos = at;
      return fail(p, "KIL takes no _SAT");
   }
   struct fe_arbp_prog *g = p->prog;
   if (g->num_insts == FE_ARBP_MAX_INSTRUCTIONS) {
      p->pos = at;
      return fail(p, "more than %d instructions", FE_ARBP_MAX_INSTRUCTIONS);
   }
   if (g->num_insts == p->cap_insts) {
      const uint32_t cap = p->cap_insts ? p->cap_insts * 2 : 32;
      struct fe_arbp_inst *n = realloc(g->insts, cap * sizeof(*n));
      if (!n)
         return fail(p, "out of memory");
      g->insts = n;
      p->cap_insts = cap;
   }
   struct fe_arbp_inst *in = &g->insts[g->num_insts];
   memset(in, 0, sizeof(*in));
   in->op = (uint8_t)op;
   in->sat = sat;
   bool ok;
   switch (ops[op].shape) {
   case KIL: ok = src_operand(p, &in->src[0], false, true); break;
   case ARL:
      ok = dst_operand(p, &in->dst, true) && expect(p, ',') &&
           src_operand(p, &in->src[0], true, true);
      break;
   case SWZ:
      ok = dst_operand(p, &in->dst, false) && expect(p, ',') &&
           src_operand(p, &in->src[0], false, false) && expect(p, ',') &&
           ext_swizzle(p, &in->src[0]);
      break;
   case TEX:
      ok = dst_operand(p, &in->dst, false) && expect(p, ',') &&
           src_operand(p, &in->src[0], false, true) && tex_operands(p, in);
      break;
   default: {
      const int nsrc = ops[op].shape == TRI ? 3 : ops[op].shape >= BIN ? 2 : 1;
      const bool scalar = ops[op].shape == SCALAR1 || ops[op].shape == BINSC;
      ok = dst_operand(p, &in->dst, false);
      for (int i = 0; ok && i < nsrc; i++)
         ok = expect(p, ',') && src_operand(p, &in->src[i], scalar, true);
      break;
   }
   }
   if (!ok)
      return false;
   g->num_insts++;
   return true;
}

static bool
option(struct parser *p)
{
   char name[MAX_IDENT + 1];
   const size_t at = (skip_space(p), p->pos);
   if (!expect_ident(p, name))
      return false;
   struct fe_arbp_prog *g = p->prog;
   if (p->target == FE_ARBP_VERTEX) {
      if (!strcmp(name, "ARB_position_invariant")) {
         g->position_invariant = true;
         return true;
      }
   } else {
      static const char *const fogs[3] = {"ARB_fog_linear", "ARB_fog_exp", "ARB_fog_exp2"};
      for (int i = 0; i < 3; i++)
         if (!strcmp(name, fogs[i])) {
            if (p->fog_option) {
               p->pos = at;
               return fail(p, "two fog options");
            }
            p->fog_option = true;
            g->fog = (uint8_t)(i + 1);
            return true;
         }
      if (!strcmp(name, "ARB_precision_hint_fastest") ||
          !strcmp(name, "ARB_precision_hint_nicest")) {
         if (p->precision_option) {
            p->pos = at;
            return fail(p, "two precision hints");
         }
         p->precision_option = true; /* every operation is at full precision */
         return true;
      }
      if (!strcmp(name, "ARB_fragment_program_shadow"))
         return refuse(p, "OPTION ARB_fragment_program_shadow");
      if (!strcmp(name, "ARB_draw_buffers") || !strcmp(name, "ATI_draw_buffers")) {
         p->prog->draw_buffers = true;
         return true;
      }
      /* ARB_fragment_coord_conventions: fragment.position's origin and pixel centre */
      if (!strcmp(name, "ARB_fragment_coord_origin_upper_left")) {
         g->frag_coord |= FE_ARBP_COORD_UPPER_LEFT;
         return true;
      }
      if (!strcmp(name, "ARB_fragment_coord_pixel_center_integer")) {
         g->frag_coord |= FE_ARBP_COORD_PIXEL_CENTER_INTEGER;
         return true;
      }
   }
   p->pos = at;
   return fail(p, "unknown option '%s'", name);
}

static bool
parse(struct parser *p)
{
   const char *header = p->target == FE_ARBP_VERTEX ? "!!ARBvp1.0" : "!!ARBfp1.0";
   const size_t hl = strlen(header);
   if (p->len < hl || memcmp(p->s, header, hl))
      return fail(p, "the program does not start with %s", header);
   p->pos = hl;
   const int after = peekc(p, 0);
   if (is_ident_start(after) || is_digit(after) || after == '.')
      return fail(p, "the program does not start with %s", header);
   bool options_allowed = true;
   for (;;) {
      char word[MAX_IDENT + 1];
      const size_t at = (skip_space(p), p->pos);
      if (p->pos >= p->len)
         return fail(p, "END expected");
      if (!ident(p, word))
         return p->error ? false : fail(p, "statement expected");
      if (!strcmp(word, "END"))
         break; /* what follows END is ignored */
      bool ok;
      if (!strcmp(word, "OPTION")) {
         if (!options_allowed) {
            p->pos = at;
            return fail(p, "OPTION after the first statement");
         }
         ok = option(p);
      } else {
         options_allowed = false;
         if (!strcmp(word, "PARAM"))
            ok = decl_param(p);
         else if (!strcmp(word, "TEMP"))
            ok = decl_list(p, SYM_TEMP);
         else if (!strcmp(word, "ADDRESS"))
            ok = decl_list(p, SYM_ADDRESS);
         else if (!strcmp(word, "ATTRIB"))
            ok = decl_binding(p, SYM_ATTRIB);
         else if (!strcmp(word, "OUTPUT"))
            ok = decl_binding(p, SYM_OUTPUT);
         else if (!strcmp(word, "ALIAS"))
            ok = decl_alias(p);
         else
            ok = instruction(p, word, at);
      }
      if (!ok || !expect(p, ';'))
         return false;
   }
   struct fe_arbp_prog *g = p->prog;
   uint64_t written = 0;
   g->num_indirections = 1;
   for (uint32_t i = 0; i < g->num_insts; i++)
      count_indirection(g, &g->insts[i], &written);
   uint32_t attribs = 0;
   for (uint32_t b = p->attribs_bound; b; b &= b - 1)
      attribs++;
   g->num_attribs = attribs;
   return true;
}

static atomic_uint next_serial = 1;

uint32_t
fe_arbp_new_serial(void)
{
   return atomic_fetch_add(&next_serial, 1);
}

char *
fe_arbp_parse(enum fe_arbp_target target, const char *text, size_t len, struct fe_arbp_prog **out,
              int32_t *error_pos)
{
   static char oom[] = "out of memory";
   *out = NULL;
   struct parser p = {.s = text, .len = len, .target = target};
   p.syms = calloc(MAX_SYMBOLS, sizeof(*p.syms));
   p.prog = calloc(1, sizeof(*p.prog));
   struct fe_arbp_params_box {
      struct fe_arbp_param a[FE_ARBP_MAX_PARAMS];
   } *params = calloc(1, sizeof(*params));
   if (!p.syms || !p.prog || !params) {
      free(p.syms);
      free(p.prog);
      free(params);
      *error_pos = 0;
      char *m = malloc(sizeof(oom));
      if (m)
         memcpy(m, oom, sizeof(oom));
      return m;
   }
   p.prog->params = params->a;
   p.prog->target = (uint8_t)target;
   const bool ok = parse(&p);
   free(p.syms);
   if (!ok) {
      free(p.prog->insts);
      free(params);
      free(p.prog);
      *error_pos = p.error_pos > INT32_MAX ? INT32_MAX : (int32_t)p.error_pos;
      if (p.error == (char *)1) {
         char *m = malloc(sizeof(oom));
         if (m)
            memcpy(m, oom, sizeof(oom));
         return m;
      }
      return p.error;
   }
   atomic_init(&p.prog->refs, 1);
   p.prog->serial = atomic_fetch_add(&next_serial, 1);
   *error_pos = -1;
   *out = p.prog;
   return NULL;
}

void
fe_arbp_prog_ref(struct fe_arbp_prog *p)
{
   atomic_fetch_add(&p->refs, 1);
}

void
fe_arbp_prog_unref(struct fe_arbp_prog *p)
{
   if (!p || atomic_fetch_sub(&p->refs, 1) != 1)
      return;
   free(p->insts);
   free(p->params);
   free(p);
}
