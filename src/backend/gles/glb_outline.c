/* glb_outline.c — GL's polygon modes GL_LINE and GL_POINT on a GLES host, which has no
 * glPolygonMode: a variant of a program of vertex and fragment stages (GLB_VARIANT_OUTLINE_*)
 * gets a geometry stage that takes each triangle and emits its three edges as a line strip or
 * its three corners as points, every output of the vertex stage passed through (a flat one from
 * the provoking vertex, the last: glb_provoking.c unrolls the first-vertex convention). The
 * front end draws a mode per face as two passes, each culling the other face (fe_draw.c), and
 * lines and points are never culled by the host: the stage culls by the triangle's facing (the
 * sign of its window-space area, glFrontFace's winding) as the render state says
 * (_mgl_Outline), and hands the facing to a fragment stage that reads gl_FrontFacing. The stage
 * is written from the vertex stage's ESSL (its output declarations), not from its SPIR-V. Under
 * a primitive query or a capture the polygons are counted and captured by a pass of their own
 * (glb_outline_passes). A program with a geometry stage emitting triangles or tessellation
 * stages and a host without geometry stages stay named declines; so does polygon offset for
 * lines and points (drawn without it). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"

/* _mgl_Outline's bits: cull the front faces, the back faces; front faces are clockwise */
enum { OUTLINE_CULL_FRONT = 1, OUTLINE_CULL_BACK = 2, OUTLINE_FRONT_CW = 4 };

struct text {
   char *p;
   size_t n, cap;
   bool failed;
};

static void
put(struct text *t, const char *s, size_t n)
{
   if (t->failed)
      return;
   if (t->n + n + 1 > t->cap) {
      size_t cap = t->cap ? t->cap : 1024;
      while (cap < t->n + n + 1)
         cap *= 2;
      char *p = realloc(t->p, cap);
      if (!p) {
         t->failed = true;
         return;
      }
      t->p = p, t->cap = cap;
   }
   memcpy(t->p + t->n, s, n);
   t->n += n;
   t->p[t->n] = '\0';
}

static void
puts_(struct text *t, const char *s)
{
   put(t, s, strlen(s));
}

static void __attribute__((format(printf, 2, 3))) printf_(struct text *t, const char *fmt, ...)
{
   char buf[512];
   va_list ap;
   va_start(ap, fmt);
   const int n = vsnprintf(buf, sizeof(buf), fmt, ap);
   va_end(ap);
   if (n < 0 || (size_t)n >= sizeof(buf))
      t->failed = true;
   else
      put(t, buf, (size_t)n);
}

static bool
ident_char(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Whether word w stands alone in s[0..n). */
static bool
has_word(const char *s, size_t n, const char *w)
{
   const size_t wl = strlen(w);
   for (size_t i = 0; i + wl <= n; i++)
      if (!memcmp(s + i, w, wl) && (i == 0 || !ident_char(s[i - 1])) &&
          (i + wl == n || !ident_char(s[i + wl])))
         return true;
   return false;
}

/* One output of the vertex stage. */
struct output {
   const char *decl; /* its declaration, as the vertex stage writes it (up to the ';') */
   size_t len;
   const char *name; /* its name in decl */
   size_t name_len;
   bool flat;
   bool block;    /* gl_PerVertex (no other block is taken) */
   unsigned clip; /* gl_ClipDistance's size, declared alone or in gl_PerVertex */
};

#define MAX_OUTPUTS 64

struct parsed {
   struct output out[MAX_OUTPUTS];
   unsigned count;
   const char *structs[MAX_OUTPUTS]; /* top-level struct definitions, with their lengths */
   size_t struct_len[MAX_OUTPUTS];
   unsigned struct_count;
   unsigned clip;      /* gl_ClipDistance's size (0: not written) */
   bool point_size;    /* the stage writes gl_PointSize */
   unsigned next_free; /* a location past every output's */
};

/* The size of gl_ClipDistance[N] in s[0..n), or 0. */
static unsigned
clip_size(const char *s, size_t n)
{
   static const char key[] = "gl_ClipDistance[";
   for (size_t i = 0; i + sizeof(key) - 1 < n; i++)
      if (!memcmp(s + i, key, sizeof(key) - 1))
         return (unsigned)strtoul(s + i + sizeof(key) - 1, NULL, 10);
   return 0;
}

/* The locations an output declaration takes from its location on: its array's elements times
 * a matrix's columns (at least 1). */
static unsigned
slots(const char *d, size_t n)
{
   unsigned columns = 1, elements = 1;
   for (size_t i = 0; i + 4 < n; i++)
      if (!memcmp(d + i, "mat", 3) && d[i + 3] >= '2' && d[i + 3] <= '4' &&
          (i == 0 || !ident_char(d[i - 1])))
         columns = (unsigned)(d[i + 3] - '0');
   const char *br = memchr(d, '[', n);
   if (br)
      elements = (unsigned)strtoul(br + 1, NULL, 10);
   return columns * (elements ? elements : 1);
}

/* Reads one declaration statement s[0..n) (no ';'): an output, a struct definition, or
 * neither. False with *why: an output the stage cannot pass through. */
static bool
take_statement(struct parsed *p, const char *s, size_t n, const char **why)
{
   while (n && (*s == ' ' || *s == '\n' || *s == '\t'))
      s++, n--;
   if (n > 7 && !memcmp(s, "struct ", 7)) {
      if (p->struct_count == MAX_OUTPUTS) {
         *why = "too many structs";
         return false;
      }
      p->structs[p->struct_count] = s;
      p->struct_len[p->struct_count++] = n;
      return true;
   }
   /* the qualifiers before the type: out among them makes an output */
   size_t i = 0;
   unsigned loc = ~0u;
   bool out = false;
   if (n > 6 && !memcmp(s, "layout", 6)) {
      const char *close = memchr(s, ')', n);
      if (!close)
         return true;
      const char *at = strstr(s, "location = ");
      if (at && at < close)
         loc = (unsigned)strtoul(at + 11, NULL, 10);
      i = (size_t)(close - s) + 1;
   }
   static const char *const quals[] = {"flat", "smooth",  "centroid", "noperspective", "invariant",
                                       "out",  "highp",   "mediump",  "lowp",          "precise",
                                       "in",   "uniform", "sample",   "patch",         "buffer"};
   size_t type_at = i;
   for (;;) {
      while (type_at < n && (s[type_at] == ' ' || s[type_at] == '\n'))
         type_at++;
      size_t e = type_at;
      while (e < n && ident_char(s[e]))
         e++;
      bool q = false;
      for (size_t k = 0; k < sizeof(quals) / sizeof(quals[0]) && !q; k++)
         q = strlen(quals[k]) == e - type_at && !memcmp(s + type_at, quals[k], e - type_at);
      if (!q || e == type_at)
         break;
      out |= e - type_at == 3 && !memcmp(s + type_at, "out", 3);
      type_at = e;
   }
   if (!out)
      return true;
   if (p->count == MAX_OUTPUTS) {
      *why = "too many outputs";
      return false;
   }
   struct output *o = &p->out[p->count];
   *o = (struct output){.decl = s, .len = n, .flat = has_word(s, type_at, "flat")};
   const char *brace = memchr(s, '{', n);
   if (brace) {
      if (!has_word(s, (size_t)(brace - s), "gl_PerVertex")) {
         *why = "an output block";
         return false;
      }
      o->block = true;
      o->clip = clip_size(s, n);
      p->point_size |= has_word(s, n, "gl_PointSize");
   } else {
      /* type, then the name (up to a '[' or the end) */
      size_t e = type_at;
      while (e < n && ident_char(s[e]))
         e++;
      while (e < n && s[e] == ' ')
         e++;
      o->name = s + e;
      while (e < n && ident_char(s[e]))
         e++;
      o->name_len = (size_t)(s + e - o->name);
      if (!o->name_len) {
         *why = "an output declaration not understood";
         return false;
      }
      if (o->name_len == 15 && !memcmp(o->name, "gl_ClipDistance", 15))
         o->clip = clip_size(s, n);
      else if (!memcmp(o->name, "gl_", 3)) {
         *why = "a built-in output the stage does not pass";
         return false;
      }
      if (memchr(o->name + o->name_len, '[', n - (size_t)(o->name + o->name_len - s)) && !o->clip) {
         /* an array: the stage's input is an array of arrays */
         const char *b = memchr(o->name + o->name_len, '[', n - (size_t)(o->name - s));
         if (b && memchr(b + 1, '[', n - (size_t)(b + 1 - s))) {
            *why = "an output array of arrays";
            return false;
         }
      }
      if (loc != ~0u && loc + slots(s, n) > p->next_free)
         p->next_free = loc + slots(s, n);
   }
   if (o->clip)
      p->clip = o->clip;
   p->count++;
   return true;
}

/* The vertex stage's top-level declarations (the preprocessor's lines and functions skipped).
 * False with *why. */
static bool
parse_vertex(const char *src, struct parsed *p, const char **why)
{
   memset(p, 0, sizeof(*p));
   p->point_size = strstr(src, "gl_PointSize") != NULL;
   const char *start = src;
   int depth = 0;
   bool function = false;
   for (const char *c = src; *c; c++) {
      if (depth == 0 && c == start) {
         while (*c == ' ' || *c == '\n' || *c == '\t')
            c++;
         start = c;
         if (*c == '#') { /* a preprocessor line */
            const char *nl = strchr(c, '\n');
            if (!nl)
               break;
            c = nl;
            start = nl + 1;
            continue;
         }
         if (!*c)
            break;
      }
      if (*c == '{') {
         if (depth == 0) {
            const char *b = c;
            while (b > start && (b[-1] == ' ' || b[-1] == '\n'))
               b--;
            function = b > start && b[-1] == ')';
         }
         depth++;
      } else if (*c == '}') {
         depth--;
         if (depth == 0 && function) {
            function = false;
            start = c + 1;
         }
      } else if (*c == ';' && depth == 0) {
         if (!take_statement(p, start, (size_t)(c - start), why))
            return false;
         start = c + 1;
      }
   }
   return true;
}

/* The ESSL lines of src before its first declaration: #version and #extension. */
static void
put_header(struct text *t, const char *src)
{
   put(t, src, (size_t)(glb_essl_header_end(src) - src));
}

/* Declaration d with its storage changed to `in` and its name made name_mglI[3]. */
static void
put_input(struct text *t, const struct output *o)
{
   const char *d = o->decl, *end = o->decl + o->len;
   /* up to the name, with `out` made `in` and `invariant` dropped (ESSL: outputs only) */
   for (const char *c = d; c < o->name;) {
      const char *w = c;
      while (w < o->name && ident_char(*w))
         w++;
      if (w == c) {
         put(t, c, 1);
         c++;
         continue;
      }
      const size_t wl = (size_t)(w - c);
      if (wl == 3 && !memcmp(c, "out", 3))
         puts_(t, "in");
      else if (!(wl == 9 && !memcmp(c, "invariant", 9)))
         put(t, c, wl);
      c = w;
   }
   put(t, o->name, o->name_len);
   puts_(t, "_mglI[3]");
   const char *rest = o->name + o->name_len;
   put(t, rest, (size_t)(end - rest));
   puts_(t, ";\n");
}

char *
glb_outline_geometry(const struct glb_screen *scr, const char *vs, bool points,
                     unsigned *facing_loc, const char **why)
{
   struct parsed p;
   if (!parse_vertex(vs, &p, why))
      return NULL;
   struct text t = {0};
   put_header(&t, vs);
   if (scr->essl_version < 320)
      puts_(&t, "#extension GL_EXT_geometry_shader : require\n");
   /* gl_PointSize in the stage's gl_in or written: EXT_geometry_point_size */
   const bool size = p.point_size && scr->ext_geometry_point_size;
   if (size)
      puts_(&t, "#extension GL_EXT_geometry_point_size : require\n");
   printf_(&t, "layout(triangles) in;\nlayout(%s) out;\n",
           points ? "points, max_vertices = 3" : "line_strip, max_vertices = 4");
   for (unsigned i = 0; i < p.struct_count; i++) {
      put(&t, p.structs[i], p.struct_len[i]);
      puts_(&t, ";\n");
   }
   for (unsigned i = 0; i < p.count; i++) {
      const struct output *o = &p.out[i];
      if (o->block) {
         /* gl_PerVertex redeclared: gl_in as the vertex stage's output, the stage's own alike */
         const char *b = memchr(o->decl, '{', o->len), *e = memchr(o->decl, '}', o->len);
         if (!b || !e || e < b) {
            *why = "gl_PerVertex not understood";
            free(t.p);
            return NULL;
         }
         puts_(&t, "in gl_PerVertex\n");
         put(&t, b, (size_t)(e - b) + 1);
         puts_(&t, " gl_in[];\nout gl_PerVertex\n");
         put(&t, b, (size_t)(e - b) + 1);
         puts_(&t, ";\n");
         continue;
      }
      put(&t, o->decl, o->len);
      puts_(&t, ";\n");
      if (!o->clip)
         put_input(&t, o);
   }
   puts_(&t, "uniform highp int _mgl_Outline;\n");
   *facing_loc = p.next_free;
   printf_(&t, "layout(location = %u) flat out highp int _mgl_OutlineFacing;\n", p.next_free);
   puts_(&t, "void _mgl_put(int i, bool front)\n{\n"
             "    gl_Position = gl_in[i].gl_Position;\n");
   if (size && points)
      puts_(&t, "    gl_PointSize = gl_in[i].gl_PointSize;\n");
   for (unsigned k = 0; k < p.clip; k++)
      printf_(&t, "    gl_ClipDistance[%u] = gl_in[i].gl_ClipDistance[%u];\n", k, k);
   for (unsigned i = 0; i < p.count; i++) {
      const struct output *o = &p.out[i];
      if (o->block || o->clip)
         continue;
      put(&t, "    ", 4);
      put(&t, o->name, o->name_len);
      puts_(&t, " = ");
      put(&t, o->name, o->name_len);
      /* a flat output from the provoking vertex (the last) on every edge */
      puts_(&t, o->flat ? "_mglI[2];\n" : "_mglI[i];\n");
   }
   puts_(&t, "    _mgl_OutlineFacing = front ? 1 : 0;\n"
             "    gl_PrimitiveID = gl_PrimitiveIDIn;\n"
             "    EmitVertex();\n}\n"
             "void main()\n{\n"
             /* twice the signed area in window space, of the w-divided positions (the sign of
              * the determinant of their x, y, w: the same where each w is positive) */
             "    highp float a = dot(gl_in[0].gl_Position.xyw,\n"
             "                        cross(gl_in[1].gl_Position.xyw, gl_in[2].gl_Position.xyw));\n"
             "    bool front = (a > 0.0) != ((_mgl_Outline & 4) != 0);\n"
             "    if ((_mgl_Outline & (front ? 1 : 2)) != 0)\n"
             "        return;\n"
             "    _mgl_put(0, front);\n    _mgl_put(1, front);\n    _mgl_put(2, front);\n");
   if (!points)
      puts_(&t, "    _mgl_put(0, front);\n");
   puts_(&t, "    EndPrimitive();\n}\n");
   if (t.failed) {
      free(t.p);
      *why = "out of memory";
      return NULL;
   }
   return t.p;
}

char *
glb_outline_fragment(const char *fs, unsigned facing_loc)
{
   static const char key[] = "gl_FrontFacing";
   if (!strstr(fs, key))
      return strdup(fs);
   struct text t = {0};
   put_header(&t, fs);
   const char *body = fs + t.n;
   printf_(&t, "layout(location = %u) flat in highp int _mgl_OutlineFacing;\n", facing_loc);
   for (const char *c = body; *c;) {
      const char *at = strstr(c, key);
      if (!at) {
         puts_(&t, c);
         break;
      }
      put(&t, c, (size_t)(at - c));
      if ((at > fs && ident_char(at[-1])) || ident_char(at[sizeof(key) - 1]))
         put(&t, at, sizeof(key) - 1);
      else
         puts_(&t, "(_mgl_OutlineFacing != 0)");
      c = at + sizeof(key) - 1;
   }
   if (t.failed) {
      free(t.p);
      return NULL;
   }
   return t.p;
}

static bool
polygons(unsigned mode)
{
   return mode == MGP_PRIM_TRIANGLES || mode == MGP_PRIM_TRIANGLE_STRIP ||
          mode == MGP_PRIM_TRIANGLE_FAN;
}

/* The draw's render state and program (each NULL where none is bound). */
static void
draw_objects(const struct glb_context *ctx, const struct glb_render_state **rs,
             const struct glb_shader **prog)
{
   struct glb_screen *scr = ctx->scr;
   *rs =
      mgp_handle_is_null(ctx->render_state)
         ? NULL
         : (const struct glb_render_state *)glb_table_peek(&scr->render_states, ctx->render_state);
   *prog = mgp_handle_is_null(ctx->program)
              ? NULL
              : (const struct glb_shader *)glb_table_peek(&scr->shaders, ctx->program);
}

/* GL counts and captures the polygons a polygon mode draws, before it makes them edges or
 * corners (GL 4.6 §13.3: PRIMITIVES_GENERATED counts the last vertex processing stage's
 * primitives; §14.6.4 draws them in the mode after): the host's query would count the
 * variant's lines or points, and its capture takes no lines under a triangle capture. The
 * polygons go to the host first with the program as it is and nothing rasterized, which
 * counts and captures them exactly as GL does (strips, fans, restart, instances and ranges
 * alike); the outline is then drawn out of the counts. A mode per face's second pass
 * (MGP_DRAW_FRAGMENTS_ONLY), which GL does not count at all, is drawn out of them too. */
enum glb_passes
glb_outline_passes(struct glb_context *ctx, const struct mgp_draw_vbo *args)
{
   if (!(ctx->xfb_active && !ctx->xfb_paused) && !glb_primitives_counted(ctx->scr))
      return GLB_PASSES_ONE;
   if (args->flags & MGP_DRAW_FRAGMENTS_ONLY)
      return GLB_PASSES_HIDDEN;
   const struct glb_render_state *rs;
   const struct glb_shader *prog;
   draw_objects(ctx, &rs, &prog);
   const unsigned mode = rs ? rs->s.polygon_mode : MGP_POLYGON_MODE_FILL;
   /* as glb_outline_draw takes the variant; what it declines is drawn as it is */
   return mode != MGP_POLYGON_MODE_FILL && mode < MGP_POLYGON_MODE_COUNT && prog &&
                !prog->tessellation && !prog->geometry && polygons(args->mode) && ctx->scr->geometry
             ? GLB_PASSES_COUNTED
             : GLB_PASSES_ONE;
}

bool
glb_outline_draw(struct glb_context *ctx, const struct mgp_draw_vbo *args)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_render_state *rs;
   const struct glb_shader *prog;
   draw_objects(ctx, &rs, &prog);
   const unsigned mode = rs ? rs->s.polygon_mode : MGP_POLYGON_MODE_FILL;
   unsigned want = 0;
   /* (a counting pass draws the polygons with the program as it is) */
   if (mode != MGP_POLYGON_MODE_FILL && prog && !ctx->outline_count_pass) {
      if (mode >= MGP_POLYGON_MODE_COUNT) {
         MGU_DECLINE(backend_feature_unimplemented, "gles: a draw with polygon mode %u", mode);
         return false;
      }
      if (prog->tessellation || (prog->geometry && prog->geometry_polygons)) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: a draw with a polygon mode other than fill and the program's own "
                     "%s stage emitting polygons (not in GLES)",
                     prog->tessellation ? "tessellation" : "geometry");
         return false;
      }
      if (!prog->geometry && polygons(args->mode)) {
         if (!scr->geometry) {
            MGU_DECLINE(backend_feature_unimplemented,
                        "gles: a draw with a polygon mode other than fill on a host without "
                        "geometry stages (not in GLES)");
            return false;
         }
         if (rs->s.polygon_offset_enable & (mode == MGP_POLYGON_MODE_LINE ? 2u : 4u))
            MGU_DECLINE(backend_feature_unimplemented,
                        "gles: polygon offset for polygons drawn as lines or points: drawn "
                        "without it");
         want =
            mode == MGP_POLYGON_MODE_LINE ? GLB_VARIANT_OUTLINE_LINE : GLB_VARIANT_OUTLINE_POINT;
         uint8_t bits = 0;
         if (rs->s.cull_face == MGP_CULL_MODE_FRONT ||
             rs->s.cull_face == MGP_CULL_MODE_FRONT_AND_BACK)
            bits |= OUTLINE_CULL_FRONT;
         if (rs->s.cull_face == MGP_CULL_MODE_BACK ||
             rs->s.cull_face == MGP_CULL_MODE_FRONT_AND_BACK)
            bits |= OUTLINE_CULL_BACK;
         if (rs->s.front_face == MGP_FRONT_FACE_CW)
            bits |= OUTLINE_FRONT_CW;
         ctx->draw_outline_bits = bits;
      }
   }
   if (want != ctx->draw_outline) {
      ctx->draw_outline = (uint8_t)want;
      ctx->dirty |= GLB_DIRTY_PROGRAM;
   }
   scr->stats.outline_draws += want != 0;
   return true;
}

void
glb_outline_uniform(struct glb_context *ctx, struct glb_shader *s)
{
   struct glb_variant_state *vs = &s->vstate[s->variant];
   if (!(s->variant & (GLB_VARIANT_OUTLINE_LINE | GLB_VARIANT_OUTLINE_POINT)) ||
       vs->outline_loc < 0 || vs->outline_host == ctx->draw_outline_bits)
      return;
   GLB_GL(ctx->scr->h)->glUniform1i(vs->outline_loc, ctx->draw_outline_bits);
   vs->outline_host = ctx->draw_outline_bits;
}
