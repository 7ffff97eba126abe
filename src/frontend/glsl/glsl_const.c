/* glsl_const.c — folds the constant expressions in array sizes that glslang 12 cannot fold
 * (built-in calls such as sinh(), transpose(), determinant(), inverse(), matrix comparisons, and
 * ARB_gpu_shader5's bitCount(), findMSB(), bitfieldExtract(), fma(), ldexp() ..., and
 * GL_AMD_shader_trinary_minmax's min3(), max3() and mid3() where it is enabled) into
 * the integer they evaluate to, before the text reaches glslang, and writes out the size of an
 * unsized array declared with an initializer. GLSL 1.50, 4.3.3: an array size
 * is a constant integral expression, evaluated at compile time; replacing it by its value keeps
 * what the shader computes. An expression this evaluator does not know in full (an identifier, a
 * function it lacks) is left to glslang untouched. Floats are rounded to single precision after
 * every operation, as the shader's own arithmetic would be; doubles (ARB_gpu_shader_fp64: `lf`
 * literals, double / dvec / dmat constructors) keep double precision. */
#include "glsl_internal.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum cbase { C_FLOAT, C_INT, C_UINT, C_BOOL, C_DOUBLE };

/* A value: cols x rows components, column-major (a scalar is 1 x 1, a vector 1 x n). */
struct cval {
   enum cbase base;
   unsigned cols, rows;
   double v[16];
};

struct ceval {
   const char *p; /* the expression text, [p, end) */
   const char *end;
   const char *tok; /* the current token */
   size_t len;
   bool bad;
   bool doubles; /* the unit may use doubles (else a double is not ours to fold) */
   bool trinary; /* GL_AMD_shader_trinary_minmax is enabled here (min3, max3, mid3) */
};

static bool
is_id_start(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool
is_id_char(char c)
{
   return is_id_start(c) || (c >= '0' && c <= '9');
}

static void
next(struct ceval *e)
{
   const char *s = e->tok + e->len;
   while (s < e->end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
      s++;
   e->tok = s;
   if (s >= e->end) {
      e->len = 0;
      return;
   }
   const char *t = s;
   if (is_id_start(*t)) {
      while (t < e->end && is_id_char(*t))
         t++;
   } else if ((*t >= '0' && *t <= '9') ||
              (*t == '.' && t + 1 < e->end && t[1] >= '0' && t[1] <= '9')) {
      while (t < e->end && (is_id_char(*t) || *t == '.' ||
                            ((*t == '+' || *t == '-') && (t[-1] == 'e' || t[-1] == 'E'))))
         t++;
   } else {
      static const char *const two[] = {"==", "!=", "<=", ">=", "&&", "||", "^^", "<<", ">>"};
      t++;
      for (size_t k = 0; k < sizeof(two) / sizeof(two[0]); k++)
         if (s + 1 < e->end && s[0] == two[k][0] && s[1] == two[k][1])
            t = s + 2;
   }
   e->len = (size_t)(t - s);
}

static bool
is(const struct ceval *e, const char *s)
{
   return e->len == strlen(s) && !memcmp(e->tok, s, e->len);
}

static bool
accept(struct ceval *e, const char *s)
{
   if (!is(e, s))
      return false;
   next(e);
   return true;
}

static void
expect(struct ceval *e, const char *s)
{
   if (!accept(e, s))
      e->bad = true;
}

/* Whether b is a floating-point base (float or double). */
static bool
is_real(enum cbase b)
{
   return b == C_FLOAT || b == C_DOUBLE;
}

static double
round_base(enum cbase b, double x)
{
   switch (b) {
   case C_FLOAT: return (double)(float)x;
   case C_DOUBLE: return x;
   case C_INT: return (double)(int32_t)(int64_t)x;
   case C_UINT: return (double)(uint32_t)(int64_t)x;
   default: return x != 0.0;
   }
}

static unsigned
ncomp(const struct cval *v)
{
   return v->cols * v->rows;
}

static struct cval
scalar(enum cbase b, double x)
{
   struct cval r = {b, 1, 1, {round_base(b, x)}};
   return r;
}

/* Converts to base b (GLSL constructors; implicit int -> float). */
static struct cval
convert(struct cval v, enum cbase b)
{
   for (unsigned i = 0; i < ncomp(&v); i++)
      v.v[i] = b == C_INT || b == C_UINT ? round_base(b, trunc(v.v[i])) : round_base(b, v.v[i]);
   v.base = b;
   return v;
}

static struct cval expr(struct ceval *e);
static struct cval assign_expr(struct ceval *e);

/* Constructor type names: base, columns, rows. */
static bool
type_name(const char *s, size_t n, enum cbase *b, unsigned *cols, unsigned *rows)
{
   char w[16];
   if (n >= sizeof(w))
      return false;
   memcpy(w, s, n);
   w[n] = '\0';
   *cols = *rows = 1;
   if (!strcmp(w, "float") || !strcmp(w, "int") || !strcmp(w, "uint") || !strcmp(w, "bool") ||
       !strcmp(w, "double")) {
      *b = w[0] == 'f'   ? C_FLOAT
           : w[0] == 'i' ? C_INT
           : w[0] == 'u' ? C_UINT
           : w[0] == 'd' ? C_DOUBLE
                         : C_BOOL;
      return true;
   }
   const char *v = w;
   *b = C_FLOAT;
   if (w[0] == 'i' || w[0] == 'u' || w[0] == 'b' || w[0] == 'd') {
      *b = w[0] == 'i' ? C_INT : w[0] == 'u' ? C_UINT : w[0] == 'd' ? C_DOUBLE : C_BOOL;
      v++;
   }
   if (!strncmp(v, "vec", 3) && v[3] >= '2' && v[3] <= '4' && !v[4]) {
      *rows = (unsigned)(v[3] - '0');
      return true;
   }
   if (is_real(*b) && !strncmp(v, "mat", 3) && v[3] >= '2' && v[3] <= '4') {
      *cols = *rows = (unsigned)(v[3] - '0');
      if (!v[4])
         return true;
      if (v[4] == 'x' && v[5] >= '2' && v[5] <= '4' && !v[6]) {
         *rows = (unsigned)(v[5] - '0');
         return true;
      }
   }
   return false;
}

static struct cval
construct(struct ceval *e, enum cbase b, unsigned cols, unsigned rows, struct cval *args,
          unsigned nargs)
{
   struct cval r = {b, cols, rows, {0}};
   if (!nargs) {
      e->bad = true;
      return r;
   }
   if (nargs == 1 && ncomp(&args[0]) == 1 && cols > 1) { /* a scalar: the diagonal */
      for (unsigned c = 0; c < cols && c < rows; c++)
         r.v[c * rows + c] = args[0].v[0];
      return convert(r, b);
   }
   if (nargs == 1 && args[0].cols > 1 && cols > 1) { /* a matrix from a matrix */
      for (unsigned c = 0; c < cols; c++)
         for (unsigned k = 0; k < rows; k++)
            r.v[c * rows + k] =
               c < args[0].cols && k < args[0].rows ? args[0].v[c * args[0].rows + k] : (c == k);
      return convert(r, b);
   }
   if (nargs == 1 && ncomp(&args[0]) == 1) { /* a scalar fills a vector */
      for (unsigned i = 0; i < rows; i++)
         r.v[i] = args[0].v[0];
      return convert(r, b);
   }
   unsigned n = 0;
   for (unsigned a = 0; a < nargs; a++) {
      if (args[a].cols > 1 && cols > 1 && nargs > 1) { /* matrices from matrices: one arg only */
         e->bad = true;
         return r;
      }
      for (unsigned i = 0; i < ncomp(&args[a]) && n < cols * rows; i++)
         r.v[n++] = args[a].v[i];
   }
   if (n < cols * rows)
      e->bad = true;
   return convert(r, b);
}

/* ── built-in functions ────────────────────────────────────────────────────────────────────── */

static double
det(const double *m, unsigned n)
{
   if (n == 1)
      return m[0];
   double d = 0, sub[9];
   for (unsigned c = 0; c < n; c++) {
      unsigned k = 0;
      for (unsigned cc = 0; cc < n; cc++)
         for (unsigned r = 1; r < n && cc != c; r++)
            sub[k++] = m[cc * n + r];
      d += (c & 1 ? -1 : 1) * m[c * n] * det(sub, n - 1);
   }
   return d;
}

static double
one_arg(const char *f, double x, bool *ok)
{
   static const struct {
      const char *name;
      double (*fn)(double);
   } fns[] = {{"sin", sin},     {"cos", cos},     {"tan", tan},
              {"asin", asin},   {"acos", acos},   {"sinh", sinh},
              {"cosh", cosh},   {"tanh", tanh},   {"asinh", asinh},
              {"acosh", acosh}, {"atanh", atanh}, {"exp", exp},
              {"log", log},     {"exp2", exp2},   {"log2", log2},
              {"sqrt", sqrt},   {"floor", floor}, {"trunc", trunc},
              {"ceil", ceil},   {"round", round}, {"roundEven", nearbyint}};
   for (size_t k = 0; k < sizeof(fns) / sizeof(fns[0]); k++)
      if (!strcmp(f, fns[k].name))
         return fns[k].fn(x);
   if (!strcmp(f, "atan"))
      return atan(x);
   if (!strcmp(f, "radians"))
      return x * (M_PI / 180.0);
   if (!strcmp(f, "degrees"))
      return x * (180.0 / M_PI);
   if (!strcmp(f, "inversesqrt"))
      return 1.0 / sqrt(x);
   if (!strcmp(f, "fract"))
      return x - floor(x);
   if (!strcmp(f, "abs"))
      return fabs(x);
   if (!strcmp(f, "sign"))
      return (x > 0) - (x < 0);
   *ok = false;
   return 0;
}

/* Component i of a (a scalar broadcasts). */
static double
comp(const struct cval *a, unsigned i)
{
   return ncomp(a) == 1 ? a->v[0] : a->v[i];
}

/* The 32 bits of an int or uint component. */
static uint32_t
bits_of(double x)
{
   return (uint32_t)(int64_t)x;
}

/* GLSL 4.00 / ARB_gpu_shader5's integer functions (8.8) and fma / ldexp (8.3): true with *r
 * when f is one of them with arguments it takes (ints keep their base: the generic path would
 * make mixed int / uint arguments floats). */
static bool
gpu_shader5_call(const char *f, const struct cval *a, unsigned n, struct cval *r)
{
   const bool integer = a[0].cols == 1 && (a[0].base == C_INT || a[0].base == C_UINT);
   const unsigned len = ncomp(&a[0]);
   *r = a[0];
   if (n == 1 && integer &&
       (!strcmp(f, "bitCount") || !strcmp(f, "findLSB") || !strcmp(f, "findMSB"))) {
      r->base = C_INT; /* each returns ints for ints and uints */
      for (unsigned i = 0; i < len; i++) {
         uint32_t x = bits_of(a[0].v[i]);
         if (f[0] == 'f' && f[4] == 'M' && a[0].base == C_INT && (x & 0x80000000u))
            x = ~x; /* a negative int: its highest 0 bit */
         int count = 0, lsb = -1, msb = -1;
         for (int b = 0; b < 32; b++)
            if (x & (1u << b)) {
               count++;
               lsb = lsb < 0 ? b : lsb;
               msb = b;
            }
         r->v[i] = f[0] == 'b' ? count : f[4] == 'L' ? lsb : msb;
      }
      return true;
   }
   if (n == 1 && integer && !strcmp(f, "bitfieldReverse")) {
      for (unsigned i = 0; i < len; i++) {
         uint32_t x = bits_of(a[0].v[i]), y = 0;
         for (int b = 0; b < 32; b++)
            y |= ((x >> b) & 1u) << (31 - b);
         r->v[i] = round_base(a[0].base, a[0].base == C_INT ? (double)(int32_t)y : (double)y);
      }
      return true;
   }
   const unsigned at = n == 3 ? 1 : 2; /* offset and bits: the last two, scalar ints */
   if (((n == 3 && !strcmp(f, "bitfieldExtract")) || (n == 4 && !strcmp(f, "bitfieldInsert"))) &&
       integer && a[at].base == C_INT && a[at + 1].base == C_INT && ncomp(&a[at]) == 1 &&
       ncomp(&a[at + 1]) == 1 && (n == 3 || (a[1].base == a[0].base && ncomp(&a[1]) == len))) {
      const int off = (int)a[at].v[0], cnt = (int)a[at + 1].v[0];
      if (off < 0 || cnt < 0 || off + cnt > 32)
         return false; /* undefined: left to glslang */
      const uint32_t mask = cnt == 32 ? ~0u : ((1u << cnt) - 1u) << off;
      for (unsigned i = 0; i < len; i++) {
         const uint32_t x = bits_of(a[0].v[i]);
         uint32_t y;
         if (n == 4) {
            y = (x & ~mask) | ((bits_of(a[1].v[i]) << off) & mask);
         } else {
            y = cnt ? (x & mask) >> off : 0;
            if (a[0].base == C_INT && cnt && cnt < 32 && (y & (1u << (cnt - 1))))
               y |= ~0u << cnt; /* signed: the field's top bit extends */
         }
         r->v[i] = a[0].base == C_INT ? (double)(int32_t)y : (double)y;
      }
      return true;
   }
   if (n == 3 && !strcmp(f, "fma") && a[0].base == C_FLOAT && a[1].base == C_FLOAT &&
       a[2].base == C_FLOAT && a[0].cols == 1 && ncomp(&a[1]) == len && ncomp(&a[2]) == len) {
      for (unsigned i = 0; i < len; i++)
         r->v[i] = round_base(C_FLOAT, fma(a[0].v[i], a[1].v[i], a[2].v[i]));
      return true;
   }
   if (n == 1 && a[0].cols == 1 &&
       ((a[0].base == C_FLOAT && (!strcmp(f, "floatBitsToInt") || !strcmp(f, "floatBitsToUint"))) ||
        (a[0].base == C_INT && !strcmp(f, "intBitsToFloat")) ||
        (a[0].base == C_UINT && !strcmp(f, "uintBitsToFloat")))) { /* GLSL 3.30 8.3 */
      r->base = f[0] != 'f' ? C_FLOAT : f[13] == 'I' ? C_INT : C_UINT;
      for (unsigned i = 0; i < len; i++) {
         uint32_t u;
         float x;
         if (f[0] == 'f') {
            x = (float)a[0].v[i];
            memcpy(&u, &x, 4);
            r->v[i] = r->base == C_INT ? (double)(int32_t)u : (double)u;
         } else {
            u = bits_of(a[0].v[i]);
            memcpy(&x, &u, 4);
            r->v[i] = x;
         }
      }
      return true;
   }
   if (n == 2 && !strcmp(f, "ldexp") && a[0].base == C_FLOAT && a[0].cols == 1 &&
       a[1].base == C_INT && ncomp(&a[1]) == len) {
      for (unsigned i = 0; i < len; i++) {
         const double x = ldexp(a[0].v[i], (int)a[1].v[i]);
         /* a denormal result flushes to a zero of its sign, as GLSL's denormals may */
         r->v[i] = fabs(x) < FLT_MIN ? copysign(0.0, x) : round_base(C_FLOAT, x);
      }
      return true;
   }
   return false;
}

/* ARB_gpu_shader_fp64's bit casts: a double from uvec2(low, high) and back. */
static bool
double_bits(const char *f, const struct cval *a, unsigned n, struct cval *r)
{
   if (n != 1)
      return false;
   if (!strcmp(f, "packDouble2x32") && a[0].base == C_UINT && a[0].cols == 1 && a[0].rows == 2) {
      const uint64_t bits = (uint64_t)(uint32_t)a[0].v[0] | (uint64_t)(uint32_t)a[0].v[1] << 32;
      double d;
      memcpy(&d, &bits, 8);
      *r = scalar(C_DOUBLE, d);
      return true;
   }
   if (!strcmp(f, "unpackDouble2x32") && a[0].base == C_DOUBLE && ncomp(&a[0]) == 1) {
      uint64_t bits;
      memcpy(&bits, &a[0].v[0], 8);
      *r = (struct cval){C_UINT, 1, 2, {(double)(uint32_t)bits, (double)(uint32_t)(bits >> 32)}};
      return true;
   }
   return false;
}

static struct cval
call(struct ceval *e, const char *f, struct cval *a, unsigned n)
{
   struct cval g5;
   if (gpu_shader5_call(f, a, n, &g5))
      return g5;
   struct cval bits;
   if (double_bits(f, a, n, &bits))
      return bits;
   /* fma and ldexp of doubles (ARB_gpu_shader_fp64; their float forms are GLSL 4.00's) */
   if (n == 3 && !strcmp(f, "fma") && a[0].base == C_DOUBLE && a[1].base == C_DOUBLE &&
       a[2].base == C_DOUBLE && a[0].cols == 1 && ncomp(&a[1]) == ncomp(&a[0]) &&
       ncomp(&a[2]) == ncomp(&a[0])) {
      struct cval r = a[0];
      for (unsigned i = 0; i < ncomp(&r); i++)
         r.v[i] = fma(a[0].v[i], a[1].v[i], a[2].v[i]);
      return r;
   }
   if (n == 2 && !strcmp(f, "ldexp") && a[0].base == C_DOUBLE && a[0].cols == 1 &&
       a[1].base == C_INT && ncomp(&a[1]) == ncomp(&a[0])) {
      struct cval r = a[0];
      for (unsigned i = 0; i < ncomp(&r); i++)
         r.v[i] = ldexp(a[0].v[i], (int)a[1].v[i]);
      return r;
   }
   /* implicit int -> float (-> double) of mixed arguments */
   enum cbase to = C_FLOAT;
   for (unsigned k = 0; k < n; k++)
      if (a[k].base == C_DOUBLE)
         to = C_DOUBLE;
   for (unsigned k = 1; k < n; k++)
      if (a[k].base != a[0].base) {
         if (a[k].base == C_BOOL || a[0].base == C_BOOL)
            e->bad = true;
         for (unsigned j = 0; j < n; j++)
            if (a[j].base != C_BOOL)
               a[j] = convert(a[j], to);
      }
   struct cval r = a[0];
   bool ok = true;
   if (n == 1 && strcmp(f, "abs") && strcmp(f, "sign") && !is_real(a[0].base) &&
       a[0].base != C_BOOL)
      r = a[0] = convert(a[0], C_FLOAT); /* the float built-ins take ints converted */
   /* the base of a real result: double for double arguments */
   const enum cbase real = a[0].base == C_DOUBLE ? C_DOUBLE : C_FLOAT;
   if (n == 1 && a[0].cols == 1 && a[0].base != C_BOOL) {
      for (unsigned i = 0; i < ncomp(&r) && ok; i++)
         r.v[i] = one_arg(f, a[0].v[i], &ok);
      if (ok)
         return convert(r, r.base);
   }
   ok = true;
   unsigned len = ncomp(&a[0]);
   double s = 0;
   if (n == 1 && !strcmp(f, "length")) {
      for (unsigned i = 0; i < len; i++)
         s += a[0].v[i] * a[0].v[i];
      return scalar(real, sqrt(s));
   }
   if (n == 1 && !strcmp(f, "normalize")) {
      for (unsigned i = 0; i < len; i++)
         s += a[0].v[i] * a[0].v[i];
      for (unsigned i = 0; i < len; i++)
         r.v[i] = a[0].v[i] / sqrt(s);
      return convert(r, real);
   }
   if (n == 2 && (!strcmp(f, "distance") || !strcmp(f, "dot")) && ncomp(&a[1]) == len) {
      for (unsigned i = 0; i < len; i++)
         s += f[0] == 'd' && f[1] == 'i' ? (a[0].v[i] - a[1].v[i]) * (a[0].v[i] - a[1].v[i])
                                         : a[0].v[i] * a[1].v[i];
      return scalar(real, f[1] == 'i' ? sqrt(s) : s);
   }
   if (n == 2 && !strcmp(f, "cross") && len == 3 && ncomp(&a[1]) == 3) {
      const double *x = a[0].v, *y = a[1].v;
      r.v[0] = x[1] * y[2] - y[1] * x[2];
      r.v[1] = x[2] * y[0] - y[2] * x[0];
      r.v[2] = x[0] * y[1] - y[0] * x[1];
      return convert(r, real);
   }
   if (n == 2 && a[0].cols == 1 && (ncomp(&a[1]) == 1 || ncomp(&a[1]) == len)) {
      static const char *const two[] = {"pow", "atan", "mod", "min", "max", "step"};
      size_t k = 0;
      while (k < 6 && strcmp(f, two[k]))
         k++;
      for (unsigned i = 0; i < len && k < 6; i++) {
         double x = a[0].v[i], y = comp(&a[1], i);
         if (k == 5) /* step(edge, x): the edge may be the scalar */
            x = comp(&a[0], i), y = a[1].v[ncomp(&a[1]) == 1 ? 0 : i];
         r.v[i] = k == 0   ? pow(x, y)
                  : k == 1 ? atan2(x, y)
                  : k == 2 ? x - y * floor(x / y)
                  : k == 3 ? fmin(x, y)
                  : k == 4 ? fmax(x, y)
                           : (y < x ? 0.0 : 1.0);
      }
      if (k == 5 && ncomp(&a[0]) == 1) {
         r = a[1];
         for (unsigned i = 0; i < ncomp(&r); i++)
            r.v[i] = a[1].v[i] < a[0].v[0] ? 0.0 : 1.0;
      }
      if (k < 6)
         return convert(r, r.base);
   }
   if (n == 3 && a[0].cols == 1 && !strcmp(f, "clamp")) {
      for (unsigned i = 0; i < len; i++)
         r.v[i] = fmin(fmax(a[0].v[i], comp(&a[1], i)), comp(&a[2], i));
      return convert(r, r.base);
   }
   /* GL_AMD_shader_trinary_minmax: three arguments of one type */
   if (n == 3 && e->trinary && a[0].cols == 1 && ncomp(&a[1]) == len && ncomp(&a[2]) == len &&
       (!strcmp(f, "min3") || !strcmp(f, "max3") || !strcmp(f, "mid3"))) {
      for (unsigned i = 0; i < len; i++) {
         const double x = a[0].v[i], y = a[1].v[i], z = a[2].v[i];
         r.v[i] = f[1] == 'i' && f[2] == 'n' ? fmin(fmin(x, y), z)
                  : f[1] == 'a'              ? fmax(fmax(x, y), z)
                                             : fmax(fmin(x, y), fmin(fmax(x, y), z));
      }
      return convert(r, r.base);
   }
   if (n == 3 && a[0].cols == 1 && !strcmp(f, "mix") && is_real(a[2].base)) {
      for (unsigned i = 0; i < len; i++)
         r.v[i] = a[0].v[i] * (1.0 - comp(&a[2], i)) + a[1].v[i] * comp(&a[2], i);
      return convert(r, real);
   }
   if (n == 3 && !strcmp(f, "smoothstep")) {
      r = a[2];
      for (unsigned i = 0; i < ncomp(&r); i++) {
         double t = (a[2].v[i] - comp(&a[0], i)) / (comp(&a[1], i) - comp(&a[0], i));
         t = fmin(fmax(t, 0.0), 1.0);
         r.v[i] = t * t * (3.0 - 2.0 * t);
      }
      return convert(r, real);
   }
   if (n == 1 && !strcmp(f, "transpose") && a[0].cols > 1) {
      r.cols = a[0].rows, r.rows = a[0].cols;
      for (unsigned c = 0; c < r.cols; c++)
         for (unsigned k = 0; k < r.rows; k++)
            r.v[c * r.rows + k] = a[0].v[k * a[0].rows + c];
      return r;
   }
   if (n == 1 && (!strcmp(f, "determinant") || !strcmp(f, "inverse")) && a[0].cols > 1 &&
       a[0].cols == a[0].rows) {
      const unsigned d = a[0].cols;
      const double dt = det(a[0].v, d);
      if (f[0] == 'd')
         return scalar(real, dt);
      for (unsigned c = 0; c < d; c++) /* adjugate / determinant */
         for (unsigned k = 0; k < d; k++) {
            double sub[9];
            unsigned m = 0;
            for (unsigned cc = 0; cc < d; cc++)
               for (unsigned rr = 0; rr < d; rr++)
                  if (cc != k && rr != c)
                     sub[m++] = a[0].v[cc * d + rr];
            r.v[c * d + k] = ((c + k) & 1 ? -1 : 1) * det(sub, d - 1) / dt;
         }
      return convert(r, real);
   }
   if (n == 2 && !strcmp(f, "matrixCompMult") && a[0].cols > 1 && a[1].cols == a[0].cols &&
       a[1].rows == a[0].rows) {
      for (unsigned i = 0; i < len; i++)
         r.v[i] = a[0].v[i] * a[1].v[i];
      return convert(r, real);
   }
   if (n == 2 && !strcmp(f, "outerProduct") && a[0].cols == 1 && a[1].cols == 1) {
      r.cols = ncomp(&a[1]), r.rows = len;
      for (unsigned c = 0; c < r.cols; c++)
         for (unsigned k = 0; k < r.rows; k++)
            r.v[c * r.rows + k] = a[0].v[k] * a[1].v[c];
      return convert(r, real);
   }
   static const char *const rel[] = {"lessThan",         "lessThanEqual", "greaterThan",
                                     "greaterThanEqual", "equal",         "notEqual"};
   for (unsigned k = 0; n == 2 && k < 6 && len > 1 && ncomp(&a[1]) == len; k++) {
      if (strcmp(f, rel[k]))
         continue;
      for (unsigned i = 0; i < len; i++) {
         double x = a[0].v[i], y = a[1].v[i];
         r.v[i] = k == 0   ? x < y
                  : k == 1 ? x <= y
                  : k == 2 ? x > y
                  : k == 3 ? x >= y
                  : k == 4 ? x == y
                           : x != y;
      }
      r.base = C_BOOL;
      return r;
   }
   if (n == 1 && a[0].base == C_BOOL && a[0].cols == 1 && len > 1 &&
       (!strcmp(f, "any") || !strcmp(f, "all") || !strcmp(f, "not"))) {
      bool any = false, all = true;
      for (unsigned i = 0; i < len; i++) {
         any |= a[0].v[i] != 0;
         all &= a[0].v[i] != 0;
         r.v[i] = a[0].v[i] == 0;
      }
      return f[0] == 'n' ? r : scalar(C_BOOL, f[1] == 'n' ? any : all);
   }
   e->bad = true;
   return r;
}

/* ── the expression grammar (GLSL 1.50, 5.1 precedence) ───────────────────────────────────── */

static struct cval
primary(struct ceval *e)
{
   struct cval r = scalar(C_INT, 0);
   if (!e->len) {
      e->bad = true;
      return r;
   }
   if (accept(e, "(")) {
      r = expr(e);
      expect(e, ")");
      return r;
   }
   if ((*e->tok >= '0' && *e->tok <= '9') || *e->tok == '.') {
      char buf[64];
      if (e->len >= sizeof(buf)) {
         e->bad = true;
         return r;
      }
      memcpy(buf, e->tok, e->len);
      buf[e->len] = '\0';
      size_t n = e->len;
      /* a double literal: `lf` or `LF` (ARB_gpu_shader_fp64) */
      const bool lf = n > 2 && (!strcmp(buf + n - 2, "lf") || !strcmp(buf + n - 2, "LF"));
      if (lf)
         buf[n -= 2] = '\0';
      bool u = !lf && n && (buf[n - 1] == 'u' || buf[n - 1] == 'U');
      bool f = n && (buf[n - 1] == 'f' || buf[n - 1] == 'F') && strncmp(buf, "0x", 2) &&
               strncmp(buf, "0X", 2);
      if (u || f)
         buf[--n] = '\0';
      char *end;
      if (lf) {
         e->bad |= !e->doubles;
         r = scalar(C_DOUBLE, strtod(buf, &end));
      } else if (!f && (!strpbrk(buf, ".eE") || !strncmp(buf, "0x", 2) || !strncmp(buf, "0X", 2))) {
         unsigned long long x = strtoull(buf, &end, 0);
         r = scalar(u ? C_UINT : C_INT, (double)(uint32_t)x);
         if (!u)
            r.v[0] = (double)(int32_t)(uint32_t)x;
      } else {
         r = scalar(C_FLOAT, strtod(buf, &end));
      }
      if (*end)
         e->bad = true;
      next(e);
      return r;
   }
   if (accept(e, "true"))
      return scalar(C_BOOL, 1);
   if (accept(e, "false"))
      return scalar(C_BOOL, 0);
   if (!is_id_start(*e->tok)) {
      e->bad = true;
      return r;
   }
   char f[32];
   if (e->len >= sizeof(f)) {
      e->bad = true;
      return r;
   }
   memcpy(f, e->tok, e->len);
   f[e->len] = '\0';
   next(e);
   if (!accept(e, "(")) { /* a variable: not ours to know */
      e->bad = true;
      return r;
   }
   struct cval args[16];
   unsigned n = 0;
   if (!accept(e, ")")) {
      do {
         if (n == 16) {
            e->bad = true;
            return r;
         }
         args[n++] = assign_expr(e);
      } while (!e->bad && accept(e, ","));
      expect(e, ")");
   }
   if (e->bad || !n)
      return r;
   enum cbase b;
   unsigned cols, rows;
   if (type_name(f, strlen(f), &b, &cols, &rows)) {
      e->bad |= b == C_DOUBLE && !e->doubles;
      return construct(e, b, cols, rows, args, n);
   }
   return call(e, f, args, n);
}

static struct cval
postfix(struct ceval *e)
{
   struct cval r = primary(e);
   while (!e->bad) {
      if (accept(e, "[")) {
         struct cval i = expr(e);
         expect(e, "]");
         if (i.base != C_INT && i.base != C_UINT)
            e->bad = true;
         long k = (long)i.v[0];
         if (e->bad || ncomp(&i) != 1 || k < 0 || ncomp(&r) == 1 ||
             (unsigned long)k >= (r.cols > 1 ? r.cols : r.rows)) {
            e->bad = true;
            return r;
         }
         if (r.cols > 1) {
            memmove(r.v, &r.v[k * r.rows], r.rows * sizeof(r.v[0]));
            r.cols = 1;
         } else {
            r = scalar(r.base, r.v[k]);
         }
      } else if (accept(e, ".")) {
         static const char *const sets[] = {"xyzw", "rgba", "stpq"};
         struct cval sw = r;
         if (r.cols > 1 || !e->len || e->len > 4 || !is_id_start(*e->tok)) {
            e->bad = true;
            return r;
         }
         sw.rows = (unsigned)e->len;
         for (size_t k = 0; k < e->len; k++) {
            const char *c = NULL;
            unsigned q = 0;
            while (q < 3 && !(c = strchr(sets[q], e->tok[k])))
               q++;
            if (!c || (unsigned)(c - sets[q]) >= r.rows) {
               e->bad = true;
               return r;
            }
            sw.v[k] = r.v[c - sets[q]];
         }
         next(e);
         r = sw;
      } else {
         break;
      }
   }
   return r;
}

static struct cval
unary(struct ceval *e)
{
   if (accept(e, "+"))
      return unary(e);
   if (accept(e, "-")) {
      struct cval r = unary(e);
      if (r.base == C_BOOL)
         e->bad = true;
      for (unsigned i = 0; i < ncomp(&r); i++)
         r.v[i] = round_base(r.base, -r.v[i]);
      return r;
   }
   if (accept(e, "!")) {
      struct cval r = unary(e);
      if (r.base != C_BOOL || ncomp(&r) != 1)
         e->bad = true;
      r.v[0] = !r.v[0];
      return r;
   }
   return postfix(e);
}

/* a OP b for the arithmetic operators, with GLSL's shapes (scalar broadcast, linear algebra *). */
static struct cval
arith(struct ceval *e, char op, struct cval a, struct cval b)
{
   if (a.base == C_BOOL || b.base == C_BOOL) {
      e->bad = true;
      return a;
   }
   if (a.base != b.base) {
      if (a.base == C_DOUBLE || b.base == C_DOUBLE)
         a = convert(a, C_DOUBLE), b = convert(b, C_DOUBLE);
      else if (a.base == C_FLOAT || b.base == C_FLOAT)
         a = convert(a, C_FLOAT), b = convert(b, C_FLOAT);
      else
         a = convert(a, C_UINT), b = convert(b, C_UINT);
   }
   struct cval r = ncomp(&a) == 1 ? b : a;
   r.base = a.base;
   if (op == '*' &&
       ((a.cols > 1 && b.cols >= 1 && ncomp(&b) > 1) || (b.cols > 1 && ncomp(&a) > 1))) {
      /* matrix products: a is n x k (k cols), b is k x m; vectors are columns (or rows) */
      unsigned ar = a.rows, ac = a.cols, br = b.rows, bc = b.cols;
      if (a.cols == 1) /* a row vector */
         ar = 1, ac = a.rows;
      if (ac != br) {
         e->bad = true;
         return r;
      }
      r.cols = bc, r.rows = ar;
      if (a.cols == 1) /* vec * mat is a vector */
         r.cols = 1, r.rows = bc;
      for (unsigned c = 0; c < bc; c++)
         for (unsigned k = 0; k < ar; k++) {
            double s = 0;
            for (unsigned j = 0; j < ac; j++)
               s += (a.cols == 1 ? a.v[j] : a.v[j * ar + k]) * b.v[c * br + j];
            r.v[a.cols == 1 ? c : c * ar + k] = s;
         }
      return convert(r, r.base);
   }
   if (ncomp(&a) != 1 && ncomp(&b) != 1 && (a.cols != b.cols || a.rows != b.rows)) {
      e->bad = true;
      return r;
   }
   for (unsigned i = 0; i < ncomp(&r); i++) {
      double x = comp(&a, i), y = comp(&b, i);
      if ((op == '/' || op == '%') && !is_real(r.base) && y == 0) {
         e->bad = true;
         return r;
      }
      switch (op) {
      case '+': r.v[i] = x + y; break;
      case '-': r.v[i] = x - y; break;
      case '*': r.v[i] = x * y; break;
      case '/': r.v[i] = is_real(r.base) ? x / y : trunc(x / y); break;
      default:
         if (is_real(r.base))
            e->bad = true;
         else
            r.v[i] = fmod(x, y);
      }
   }
   return convert(r, r.base);
}

static struct cval
binary(struct ceval *e, int level)
{
   /* from the loosest: || ^^ && == != < > <= >= + - * / % */
   static const char *const ops[][4] = {
      {"||"}, {"^^"}, {"&&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"+", "-"}, {"*", "/", "%"}};
   if (level == 7)
      return unary(e);
   struct cval a = binary(e, level + 1);
   for (;;) {
      int k = -1;
      for (int q = 0; q < 4 && ops[level][q]; q++)
         if (is(e, ops[level][q]))
            k = q;
      if (k < 0 || e->bad)
         return a;
      next(e);
      struct cval b = binary(e, level + 1);
      if (level <= 2) {
         if (a.base != C_BOOL || b.base != C_BOOL || ncomp(&a) != 1 || ncomp(&b) != 1)
            e->bad = true;
         bool x = a.v[0] != 0, y = b.v[0] != 0;
         a = scalar(C_BOOL, level == 0 ? x || y : level == 1 ? x != y : x && y);
      } else if (level == 3) {
         if (a.base != b.base && (a.base == C_BOOL || b.base == C_BOOL))
            e->bad = true;
         if (a.cols != b.cols || a.rows != b.rows)
            e->bad = true;
         bool eq = true;
         for (unsigned i = 0; i < ncomp(&a); i++)
            eq &= a.v[i] == b.v[i];
         a = scalar(C_BOOL, k == 0 ? eq : !eq);
      } else if (level == 4) {
         if (ncomp(&a) != 1 || ncomp(&b) != 1 || a.base == C_BOOL || b.base == C_BOOL)
            e->bad = true;
         double x = a.v[0], y = b.v[0];
         a = scalar(C_BOOL, k == 0 ? x < y : k == 1 ? x > y : k == 2 ? x <= y : x >= y);
      } else {
         a = arith(e, ops[level][k][0], a, b);
      }
   }
}

static struct cval
assign_expr(struct ceval *e)
{
   struct cval c = binary(e, 0);
   if (!accept(e, "?"))
      return c;
   struct cval a = expr(e);
   expect(e, ":");
   struct cval b = assign_expr(e);
   if (c.base != C_BOOL || ncomp(&c) != 1 || a.base != b.base || a.cols != b.cols ||
       a.rows != b.rows)
      e->bad = true;
   return c.v[0] != 0 ? a : b;
}

static struct cval
expr(struct ceval *e)
{
   return assign_expr(e); /* no comma operator: not a constant expression (GLSL 1.50, 4.3.3) */
}

/* Evaluates [p, end) as an integral constant expression. */
static bool
eval_int(const char *p, const char *end, bool doubles, bool trinary, long *out)
{
   struct ceval e = {p, end, p, 0, false, doubles, trinary};
   next(&e);
   struct cval v = expr(&e);
   if (e.bad || e.len || ncomp(&v) != 1 || (v.base != C_INT && v.base != C_UINT))
      return false;
   *out = (long)v.v[0];
   return true;
}

static const char *
skip_blanks(const char *p)
{
   while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
      p++;
   return p;
}

/* The bracket, brace or parenthesis closing the one at p, or NULL. */
static const char *
closing(const char *p)
{
   const char open = *p, close = open == '(' ? ')' : open == '[' ? ']' : '}';
   int depth = 0;
   for (; *p; p++) {
      if (*p == open)
         depth++;
      else if (*p == close && --depth == 0)
         return p;
      else if (*p == ';' || *p == '#')
         return NULL;
   }
   return NULL;
}

/* After the "[]" of a declaration (p just past it): " name = T[](a, b, c)" or " = T[](...)"
 * (GLSL 1.20+, 4.1.9: an unsized array takes its initializer's size). *n: the constructor's
 * argument count. glslang leaves a uniform's unsized (its Vulkan rules drop the initializer), so
 * the size is written out. */
static bool
initializer_size(const char *p, long *n)
{
   p = skip_blanks(p);
   while (is_id_char(*p))
      p++;
   p = skip_blanks(p);
   if (*p != '=' || p[1] == '=')
      return false;
   p = skip_blanks(p + 1);
   if (!is_id_start(*p))
      return false;
   while (is_id_char(*p))
      p++;
   p = skip_blanks(p);
   if (*p != '[' || !(p = closing(p)))
      return false;
   p = skip_blanks(p + 1);
   const char *end = *p == '(' ? closing(p) : NULL;
   if (!end || skip_blanks(p + 1) == end)
      return false;
   *n = 1;
   for (const char *c = p + 1; c < end; c++) {
      if (*c == '(' || *c == '[' || *c == '{')
         c = closing(c);
      if (!c)
         return false;
      *n += *c == ',';
   }
   return true;
}

char *
glsl_fold_array_sizes(const char *src, bool doubles)
{
   struct glsl_str out = {0};
   const char *p = src, *copied = src;
   bool line_start = true;
   bool trinary = false; /* as the directives so far leave GL_AMD_shader_trinary_minmax */
   while (*p) {
      if (*p == '\n') {
         line_start = true;
         p++;
         continue;
      }
      if (line_start && *p == '#') { /* a directive: to the end of its line */
         char behavior[16];
         if (sscanf(p, "# extension GL_AMD_shader_trinary_minmax : %15[a-z]", behavior) == 1)
            trinary = strcmp(behavior, "disable") != 0;
         while (*p && *p != '\n')
            p++;
         continue;
      }
      if (*p != ' ' && *p != '\t' && *p != '\r')
         line_start = false;
      if (*p != '[') {
         p++;
         continue;
      }
      /* the matching ']', and whether the size calls anything (the only sizes glslang lacks) */
      const char *q = p + 1;
      int depth = 1;
      bool calls = false;
      while (*q && depth) {
         if (*q == '[')
            depth++;
         else if (*q == ']')
            depth--;
         else if (*q == '(')
            calls = true;
         else if (*q == ';' || *q == '{' || *q == '}' || *q == '#')
            break;
         if (depth)
            q++;
      }
      long value;
      bool empty = !depth && strspn(p + 1, " \t\r\n") == (size_t)(q - p - 1);
      if (empty ? !initializer_size(q + 1, &value)
                : depth || !calls || !eval_int(p + 1, q, doubles, trinary, &value)) {
         p++;
         continue;
      }
      char num[32];
      snprintf(num, sizeof(num), "%ld", value);
      /* what came before, the value, and the expression's newlines (line numbers stay) */
      size_t before = (size_t)(p + 1 - copied);
      char *chunk = malloc(before + 1);
      if (!chunk) {
         free(out.s);
         return NULL;
      }
      memcpy(chunk, copied, before);
      chunk[before] = '\0';
      glsl_str_append(&out, chunk);
      free(chunk);
      glsl_str_append(&out, num);
      for (const char *c = p + 1; c < q; c++)
         if (*c == '\n')
            glsl_str_append(&out, "\n");
      copied = q;
      p = q;
   }
   glsl_str_append(&out, copied);
   if (out.oom) {
      free(out.s);
      return NULL;
   }
   return glsl_str_take(&out);
}
