/* glsl_link_xfb.c — transform feedback: the captured varyings, their buffers, offsets and the
 * copies of parts of outputs. */
#include "glsl_link_internal.h"

#include "decline.h"

#include <GL/glcorearb.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t
xfb_components(const struct spv_refl *r, spv_tref type)
{
   uint32_t count;
   const spv_tref elem = spv_refl_strip_arrays(r, type, &count);
   const struct spv_tinfo t = type_info(r, elem);
   uint32_t c = 1;
   if (t.kind == SPV_TK_MATRIX)
      c = t.columns * t.vecsize;
   else if (t.kind == SPV_TK_VECTOR)
      c = t.vecsize;
   const char scalar = glsl_link_component(r, elem, false);
   if (scalar == 'd' || scalar == 'I' || scalar == 'U')
      c *= 2;
   return c * count;
}

/* A captured name that is part of an output ("a[2]", "s.f", "s.arr[1].g", "Block.m", or "m" of a
 * block without instance name): the output variable, the access-chain indices and the part's
 * type. False when the name names no such part of a user output (or a whole struct). */
static bool
xfb_resolve_part(const struct spv_refl *r, const char *name, struct spv_xfb_copy *out)
{
   memset(out, 0, sizeof(*out));
   size_t n = strcspn(name, ".[");
   char base[128];
   if (n == 0 || n >= sizeof(base))
      return false;
   memcpy(base, name, n);
   base[n] = '\0';
   const char *rest = name + n;
   uint32_t var = 0;
   unsigned nv;
   const struct spv_refl_var *vars = spv_refl_vars(r, SPV_REFL_OUTPUTS, &nv);
   for (unsigned v = 0; v < nv && !var; v++) {
      const uint32_t id = vars[v].id;
      const struct spv_tinfo t = type_info(r, vars[v].type);
      /* an array of blocks is named by its block name too: "Block[1].m" (GL 3.3 §2.11.8) */
      const spv_tref bref = t.kind == SPV_TK_ARRAY ? t.elem : vars[v].type;
      const struct spv_tinfo bt = type_info(r, bref);
      const bool block = bt.kind == SPV_TK_STRUCT && bt.block;
      if (!block && !strcmp(glsl_demangle(vars[v].name), base))
         var = id; /* a variable: "a[2]", "s.f" */
      else if (block && !strcmp(glsl_demangle(bt.name), base))
         var = id; /* a block by its block name: "Block.m", "Block[1].m" */
      else if (block && t.kind != SPV_TK_ARRAY && !*vars[v].name) {
         for (uint32_t k = 0; k < t.num_members && !var; k++)
            if (!strcmp(glsl_demangle(member_info(r, vars[v].type, k).name), base)) {
               var = id; /* a member of a block without instance name: "m" */
               rest = name;
               out->indices[out->num_indices++] = k;
            }
         if (var) {
            /* the member itself was the first step */
            out->var = var;
            out->type = member_info(r, vars[v].type, out->indices[0]).type;
            rest = name + n;
         }
      }
      if (var && !out->var)
         out->type = vars[v].type;
   }
   if (!var)
      return false;
   spv_tref type = out->type;
   out->var = var;
   while (*rest) {
      if (out->num_indices == SPV_XFB_MAX_INDICES)
         return false;
      const struct spv_tinfo t = type_info(r, type);
      if (*rest == '[') {
         char *end;
         unsigned long k = strtoul(rest + 1, &end, 10);
         if (end == rest + 1 || *end != ']' || t.kind != SPV_TK_ARRAY || k >= t.length)
            return false;
         out->indices[out->num_indices++] = (uint32_t)k;
         type = t.elem;
         rest = end + 1;
      } else if (*rest == '.') {
         size_t len = strcspn(rest + 1, ".[");
         if (t.kind != SPV_TK_STRUCT || !len)
            return false;
         uint32_t k = 0;
         for (; k < t.num_members; k++) {
            const char *mn = glsl_demangle(member_info(r, type, k).name);
            if (strlen(mn) == len && !strncmp(mn, rest + 1, len))
               break;
         }
         if (k == t.num_members)
            return false;
         out->indices[out->num_indices++] = k;
         type = member_info(r, type, k).type;
         rest += 1 + len;
      } else {
         return false;
      }
   }
   /* A struct is not captured whole (GL names its leaves); a plain variable is not a part. */
   if (type_info(r, spv_refl_strip_arrays(r, type, NULL)).kind == SPV_TK_STRUCT ||
       !out->num_indices)
      return false;
   out->type = type;
   return true;
}

/* Splits every captured part into its leaves (array elements, matrix columns) until each copy
 * is a scalar or a vector, each with the buffer offset of its own place in the capture. */
static bool
xfb_split_copies(struct link *l, const struct spv_refl *r)
{
   for (unsigned c = 0; c < l->num_xfb_copies;) {
      struct spv_xfb_copy cp = l->xfb_copies[c];
      const struct spv_tinfo t = type_info(r, cp.type);
      if (t.kind != SPV_TK_ARRAY && t.kind != SPV_TK_MATRIX) {
         c++;
         continue;
      }
      if (cp.num_indices == SPV_XFB_MAX_INDICES) {
         MGU_DECLINE(gl_feature_unimplemented,
                     "transform feedback of a part nested more than "
                     "%u deep",
                     SPV_XFB_MAX_INDICES);
         link_error(l, "a captured varying is nested too deep");
         return false;
      }
      const uint32_t n = t.kind == SPV_TK_ARRAY ? t.length : t.columns;
      const spv_tref elem = t.elem;
      const uint32_t step = xfb_components(r, elem) * 4;
      /* element 0 takes the part's place, the others go at the end */
      for (uint32_t e = 0; e < n; e++) {
         struct spv_xfb_copy leaf = cp;
         leaf.type = elem;
         leaf.indices[leaf.num_indices++] = e;
         leaf.deco.offset = cp.deco.offset + e * step;
         if (e == 0) {
            l->xfb_copies[c] = leaf;
         } else {
            if (!GROW(l, l->xfb_copies, l->num_xfb_copies, l->cap_xfb_copies))
               return false;
            l->xfb_copies[l->num_xfb_copies++] = leaf;
         }
      }
   }
   return true;
}

/* Locations for the copies: 32-bit scalars and vectors share a location (Component
 * decorations) with others of the same component type, first fit in capture order; 64-bit ones
 * take locations of their own. Fails (a named decline) past the stage's output locations. */
static bool
xfb_pack_copies(struct link *l, const struct spv_refl *r, uint32_t *next_loc, uint32_t max_locs)
{
   struct slot {
      uint32_t location;
      char scalar;
      uint32_t used;
   } slots[64];
   unsigned num_slots = 0;
   for (unsigned c = 0; c < l->num_xfb_copies; c++) {
      struct spv_xfb_copy *cp = &l->xfb_copies[c];
      const char scalar = glsl_link_component(r, cp->type, false);
      const uint32_t comps = xfb_components(r, cp->type);
      const bool wide = scalar == 'd' || scalar == 'I' || scalar == 'U';
      unsigned k = 0;
      while (!wide && k < num_slots && !(slots[k].scalar == scalar && slots[k].used + comps <= 4))
         k++;
      if (!wide && k < num_slots) {
         cp->location = slots[k].location;
         cp->component = slots[k].used;
         slots[k].used += comps;
         continue;
      }
      cp->location = *next_loc;
      cp->component = 0;
      *next_loc += spv_refl_locations(r, cp->type);
      if (*next_loc > max_locs) {
         MGU_DECLINE(gl_feature_unimplemented, "transform feedback with no output location "
                                               "left for the copy of a captured part");
         link_error(l, "no output location left to capture every part of the varyings");
         return false;
      }
      if (!wide && num_slots < sizeof(slots) / sizeof(slots[0]))
         slots[num_slots++] = (struct slot){cp->location, scalar, comps};
   }
   return true;
}

/* The Stream decoration of id (member: of its member `member`, -1: of id itself), or -1. */
static int
stream_deco(const struct stage *st, uint32_t id, int member)
{
   for (size_t at = 5; at < st->n;) {
      const uint32_t wc = st->w[at] >> 16, op = st->w[at] & 0xffff;
      if (!wc || wc > st->n - at)
         break;
      if (op == SpvOpFunction)
         break;
      if (member < 0 && op == SpvOpDecorate && wc >= 4 && st->w[at + 1] == id &&
          st->w[at + 2] == SpvDecorationStream)
         return (int)st->w[at + 3];
      if (member >= 0 && op == SpvOpMemberDecorate && wc >= 5 && st->w[at + 1] == id &&
          st->w[at + 2] == (uint32_t)member && st->w[at + 3] == SpvDecorationStream)
         return (int)st->w[at + 4];
      at += wc;
   }
   return -1;
}

/* The instruction whose result id is id (OpTypePointer, OpTypeArray, OpVariable: the id is the
 * first word for types, the second for variables), or 0. */
static size_t
def_of(const struct stage *st, uint32_t id)
{
   for (size_t at = 5; at < st->n;) {
      const uint32_t wc = st->w[at] >> 16, op = st->w[at] & 0xffff;
      if (!wc || wc > st->n - at || op == SpvOpFunction)
         break;
      if (((op == SpvOpTypePointer || op == SpvOpTypeArray || op == SpvOpTypeStruct) && wc >= 2 &&
           st->w[at + 1] == id) ||
          (op == SpvOpVariable && wc >= 4 && st->w[at + 2] == id))
         return at;
      at += wc;
   }
   return 0;
}

/* The vertex stream output variable var writes (GLSL 4.00 4.3.8.2): its Stream decoration, or
 * its block's members' (a block has one stream); 0 without one. */
static uint32_t
var_stream(const struct stage *st, uint32_t var)
{
   int s = stream_deco(st, var, -1);
   if (s >= 0)
      return (uint32_t)s;
   size_t at = def_of(st, var);
   at = at ? def_of(st, st->w[at + 1]) : 0; /* the pointer type */
   uint32_t type = at && (st->w[at] & 0xffff) == SpvOpTypePointer ? st->w[at + 3] : 0;
   at = type ? def_of(st, type) : 0;
   if (at && (st->w[at] & 0xffff) == SpvOpTypeArray)
      type = st->w[at + 2];
   s = type ? stream_deco(st, type, 0) : -1;
   return s > 0 ? (uint32_t)s : 0;
}

/* Built-in `builtin`'s member of the stage's output block (gl_PerVertex), -1 when it is a
 * variable of its own. */
static int
builtin_member(const struct stage *st, SpvBuiltIn builtin)
{
   for (size_t at = 5; at < st->n;) {
      const uint32_t wc = st->w[at] >> 16, op = st->w[at] & 0xffff;
      if (!wc || wc > st->n - at || op == SpvOpFunction)
         break;
      if (op == SpvOpMemberDecorate && wc >= 5 && st->w[at + 3] == SpvDecorationBuiltIn &&
          st->w[at + 4] == (uint32_t)builtin)
         return (int)st->w[at + 2];
      at += wc;
   }
   return -1;
}

/* The Private variable named `name` (a global the front end's wrapper declares), or 0. */
static uint32_t
private_named(const struct stage *st, const char *name)
{
   const size_t len = strlen(name);
   uint32_t id = 0;
   for (size_t at = 5; at < st->n;) {
      const uint32_t wc = st->w[at] >> 16, op = st->w[at] & 0xffff;
      if (!wc || wc > st->n - at || op == SpvOpFunction)
         break;
      if (op == SpvOpName && wc >= 3 && (wc - 2) * 4 > len &&
          !memcmp(&st->w[at + 2], name, len + 1))
         id = st->w[at + 1];
      else if (op == SpvOpVariable && wc >= 4 && id && st->w[at + 2] == id)
         return st->w[at + 3] == SpvStorageClassPrivate ? id : 0;
      at += wc;
   }
   return 0;
}

/* A captured built-in output of the last vertex stage (GL 4.6 §11.1.2.1: gl_Position,
 * gl_PointSize, gl_ClipDistance and gl_CullDistance whole or one element "gl_ClipDistance[i]";
 * ES 3.0: the first two) as a captured part:
 * its variable (the output block) and member, copied out like a part of a user output. 1: out
 * holds it; 0: name is none of them; -1: a link error said why. */
static int
xfb_resolve_builtin(struct link *l, int s, const char *name, struct spv_xfb_copy *out,
                    uint32_t *stream)
{
   static const struct {
      const char *name;
      SpvBuiltIn builtin;
      bool es;
   } builtins[] = {
      {"gl_Position", SpvBuiltInPosition, true},
      {"gl_PointSize", SpvBuiltInPointSize, true},
      {"gl_ClipDistance", SpvBuiltInClipDistance, false},
      {"gl_CullDistance", SpvBuiltInCullDistance, false},
   };
   const struct stage *st = &l->st[s];
   const struct spv_refl *r = st->r;
   unsigned b = 0;
   size_t n = 0;
   for (; b < sizeof(builtins) / sizeof(builtins[0]); b++) {
      n = strlen(builtins[b].name);
      if (!strncmp(name, builtins[b].name, n) && (!name[n] || name[n] == '['))
         break;
   }
   if (b == sizeof(builtins) / sizeof(builtins[0]) ||
       (glsl_input_api(l->in) == GLSL_API_ES && !builtins[b].es))
      return 0;
   memset(out, 0, sizeof(*out));
   spv_tref type = 0;
   const uint32_t var = spv_refl_builtin(r, true, builtins[b].builtin, &type, NULL);
   const int member = builtin_member(st, builtins[b].builtin);
   /* the distance arrays are sized by the shader's use (glslang gives an unused one a place) */
   const bool distances = builtins[b].builtin == SpvBuiltInClipDistance ||
                          builtins[b].builtin == SpvBuiltInCullDistance;
   if (!var || (distances && !spv_refl_builtin_active(r, true, builtins[b].builtin))) {
      link_error(l, "transform feedback varying `%s' is not an output of the %s shader", name,
                 glsl_stage_name(s));
      return -1;
   }
   out->var = var;
   out->type = type;
   if (member >= 0)
      out->indices[out->num_indices++] = (uint32_t)member;
   const int ms = stream_deco(st, var, -1);
   *stream = ms > 0 ? (uint32_t)ms : 0;
   if (member >= 0) {
      size_t at = def_of(st, var);
      at = at ? def_of(st, st->w[at + 1]) : 0; /* the pointer type, then the block's */
      const int bs = at ? stream_deco(st, st->w[at + 3], member) : -1;
      *stream = bs > 0 ? (uint32_t)bs : *stream;
   }
   if (builtins[b].builtin == SpvBuiltInPointSize) {
      /* where the wrapper writes glPointSize's size over it, the shader's is kept aside */
      const uint32_t kept = private_named(st, GLSL_XFB_POINT_SIZE_NAME);
      if (kept) {
         out->var = kept;
         out->num_indices = 0;
      }
   }
   if (name[n] == '[') {
      const struct spv_tinfo t = type_info(r, type);
      char *end;
      const unsigned long k = strtoul(name + n + 1, &end, 10);
      if (t.kind != SPV_TK_ARRAY || end == name + n + 1 || *end != ']' || end[1] ||
          !isdigit((unsigned char)name[n + 1])) {
         link_error(l, "transform feedback varying `%s' is not an output of the %s shader", name,
                    glsl_stage_name(s));
         return -1;
      }
      /* GL 4.6 §11.1.2.1: a subscript past the array's declared size fails the link */
      if (k >= t.length) {
         link_error(l, "transform feedback varying `%s': index %lu is past %s[%u]", name, k,
                    builtins[b].name, t.length);
         return -1;
      }
      out->indices[out->num_indices++] = (uint32_t)k;
      out->type = t.elem;
   }
   return 1;
}

bool
glsl_link_uses_streams(const struct stage *st)
{
   for (size_t at = 5; at < st->n;) {
      const uint32_t wc = st->w[at] >> 16, op = st->w[at] & 0xffff;
      if (!wc || wc > st->n - at)
         break;
      if ((op == SpvOpDecorate && wc >= 4 && st->w[at + 2] == SpvDecorationStream &&
           st->w[at + 3]) ||
          (op == SpvOpMemberDecorate && wc >= 5 && st->w[at + 3] == SpvDecorationStream &&
           st->w[at + 4]))
         return true;
      if ((op == SpvOpEmitStreamVertex || op == SpvOpEndStreamPrimitive) && wc >= 2 &&
          spv_refl_constant_scalar(st->r, st->w[at + 1], 0, 0, false))
         return true;
      at += wc;
   }
   return false;
}

void
glsl_link_streams(struct link *l)
{
   const struct stage *gs = &l->st[GLSL_STAGE_GEOMETRY];
   if (!gs->present || !glsl_link_uses_streams(gs))
      return;
   /* GLSL 4.00 4.3.8.2: "multiple output streams are supported only with the points output
    * primitive type" */
   if (!spv_refl_execution_mode(gs->r, SpvExecutionModeOutputPoints, NULL)) {
      link_error(l, "a geometry shader that emits to vertex streams past 0 must output points");
      return;
   }
   /* ARB_gpu_shader5: only stream 0 reaches the rasterizer, so a fragment input cannot be
    * an output of another stream */
   const struct stage *fs = &l->st[GLSL_STAGE_FRAGMENT];
   if (!fs->present)
      return;
   unsigned ni, no;
   const struct spv_refl_var *ins = spv_refl_vars(fs->r, SPV_REFL_INPUTS, &ni);
   const struct spv_refl_var *outs = spv_refl_vars(gs->r, SPV_REFL_OUTPUTS, &no);
   for (unsigned i = 0; i < ni; i++)
      for (unsigned o = 0; o < no; o++) {
         const char *name = glsl_demangle(outs[o].name);
         if (!*name || strcmp(glsl_demangle(ins[i].name), name))
            continue;
         const uint32_t stream = var_stream(gs, outs[o].id);
         if (stream) {
            link_error(l,
                       "fragment shader input `%s' is a geometry shader output of vertex stream "
                       "%u, which is not rasterized",
                       name, stream);
            return;
         }
      }
}

/* ── capture declared in the shader (GL 4.4, ARB_enhanced_layouts) ────────────────────────── */

/* Whether member `member` of struct type `type` carries an Offset decoration. */
static bool
member_has_offset(const struct stage *st, uint32_t type, uint32_t member)
{
   for (size_t at = 5; at < st->n;) {
      const uint32_t wc = st->w[at] >> 16, op = st->w[at] & 0xffff;
      if (!wc || wc > st->n - at || op == SpvOpFunction)
         break;
      if (op == SpvOpMemberDecorate && wc >= 5 && st->w[at + 1] == type &&
          st->w[at + 2] == member && st->w[at + 3] == SpvDecorationOffset)
         return true;
      at += wc;
   }
   return false;
}

struct declared {
   struct glsl_xfb_varying *v;
   unsigned n, cap;
   bool wide[GLSL_MAX_XFB_BUFFERS]; /* the buffer captures a double */
};

/* One captured leaf (or a whole array of scalars / vectors / matrices) of a declared capture,
 * or each leaf of a struct at consecutive offsets (GLSL 4.40 4.4.2.1: a struct's members are
 * captured in order, a double aligned to 8 bytes). *offset moves past it. */
static bool
declared_add(struct link *l, struct declared *d, const struct spv_refl *r, spv_tref type,
             const char *name, uint32_t buffer, uint32_t *offset, uint32_t stream)
{
   const struct spv_tinfo t = type_info(r, type);
   char sub[256];
   if (t.kind == SPV_TK_STRUCT) {
      for (uint32_t k = 0; k < t.num_members; k++) {
         const struct spv_tmember m = member_info(r, type, k);
         snprintf(sub, sizeof(sub), "%s.%s", name, glsl_demangle(m.name));
         if (!declared_add(l, d, r, m.type, sub, buffer, offset, stream))
            return false;
      }
      return true;
   }
   /* ARB_gl_spirv (as Mesa answers): an array of arrays is one varying per innermost array,
    * "a[1]" (GLSL programs keep one for the whole array) */
   if (l->prog->from_spirv && t.kind == SPV_TK_ARRAY && type_info(r, t.elem).kind == SPV_TK_ARRAY) {
      for (uint32_t e = 0; e < t.length; e++) {
         snprintf(sub, sizeof(sub), "%s[%u]", name, e);
         if (!declared_add(l, d, r, t.elem, sub, buffer, offset, stream))
            return false;
      }
      return true;
   }
   uint32_t count;
   const spv_tref elem = spv_refl_strip_arrays(r, type, &count);
   if (t.kind == SPV_TK_ARRAY && type_info(r, elem).kind == SPV_TK_STRUCT) {
      for (uint32_t e = 0; e < t.length; e++) {
         snprintf(sub, sizeof(sub), "%s[%u]", name, e);
         if (!declared_add(l, d, r, t.elem, sub, buffer, offset, stream))
            return false;
      }
      return true;
   }
   const uint32_t gl = glsl_link_gl_type(r, elem, false);
   if (!gl) {
      link_error(l, "transform feedback varying `%s' has a type that cannot be captured", name);
      return false;
   }
   const char scalar = glsl_link_component(r, elem, false);
   const bool wide = scalar == 'd' || scalar == 'I' || scalar == 'U';
   if (wide) {
      *offset = (*offset + 7u) & ~7u;
      d->wide[buffer] = true;
   }
   char *copy = glsl_strdup(name);
   if (!copy || !GROW(l, d->v, d->n, d->cap)) {
      free(copy);
      link_error(l, "out of memory");
      return false;
   }
   const uint32_t comps = xfb_components(r, type);
   d->v[d->n++] = (struct glsl_xfb_varying){
      .name = copy,
      .type = gl,
      .size = count,
      .buffer = buffer,
      .offset = *offset,
      .components = comps,
      .stream = stream,
   };
   *offset += comps * 4;
   return true;
}

static int
cmp_declared(const void *a, const void *b)
{
   const struct glsl_xfb_varying *x = a, *y = b;
   if (x->buffer != y->buffer)
      return x->buffer < y->buffer ? -1 : 1;
   return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* GL 4.6 11.1.2.1 / GLSL 4.40 4.4.2.1: the last vertex-processing stage's outputs (and output
 * block members) with an xfb_offset are captured, each at its offset into the record of its
 * xfb_buffer, whose stride is its xfb_stride (else the end of its last capture, a multiple of 8
 * with a double in it); glTransformFeedbackVaryings is ignored. glslang has laid the records out
 * and decorated the SPIR-V (XfbBuffer, XfbStride, Offset, execution mode Xfb), which is captured
 * as it is: this fills the program's varyings and strides and applies the link's limits. */
static void
declared_xfb(struct link *l, int s)
{
   const struct stage *st = &l->st[s];
   const struct spv_refl *r = st->r;
   struct glsl_program *prog = l->prog;
   struct declared d = {0};
   uint32_t strides[GLSL_MAX_XFB_BUFFERS] = {0}, value;
   unsigned nv;
   const struct spv_refl_var *vars = spv_refl_vars(r, SPV_REFL_OUTPUTS, &nv);
   for (unsigned i = 0; i < nv && !l->failed; i++) {
      const uint32_t id = vars[i].id;
      uint32_t buffer = 0;
      if (spv_refl_decoration(r, id, SpvDecorationXfbBuffer, &value))
         buffer = value;
      if (buffer >= GLSL_MAX_XFB_BUFFERS) { /* (glslang checks it against the same limit) */
         link_error(l, "xfb_buffer %u is not below GL_MAX_TRANSFORM_FEEDBACK_BUFFERS (%u)", buffer,
                    GLSL_MAX_XFB_BUFFERS);
         break;
      }
      if (spv_refl_decoration(r, id, SpvDecorationXfbStride, &value) && !strides[buffer])
         strides[buffer] = value;
      const uint32_t stream = var_stream(st, id);
      const struct spv_tinfo t = type_info(r, vars[i].type);
      if (t.kind == SPV_TK_STRUCT && t.block) {
         for (uint32_t k = 0; k < t.num_members && !l->failed; k++) {
            const struct spv_tmember m = member_info(r, vars[i].type, k);
            if (m.offset < 0)
               continue;
            char name[256];
            snprintf(name, sizeof(name), "%s.%s", glsl_demangle(t.name), glsl_demangle(m.name));
            uint32_t offset = (uint32_t)m.offset;
            declared_add(l, &d, r, m.type, name, buffer, &offset, stream);
         }
      } else if (spv_refl_decoration(r, id, SpvDecorationOffset, &value)) {
         uint32_t offset = value;
         declared_add(l, &d, r, vars[i].type, glsl_demangle(vars[i].name), buffer, &offset, stream);
      }
   }
   /* the built-ins of the output gl_PerVertex: gl_Position is remapped to Vulkan's depth
    * before the stage ends, so capturing it where the shader says would record Vulkan's z */
   for (size_t at = 5; at < st->n && !l->failed;) {
      const uint32_t wc = st->w[at] >> 16, op = st->w[at] & 0xffff;
      if (!wc || wc > st->n - at || op == SpvOpFunction)
         break;
      if (op == SpvOpMemberDecorate && wc >= 5 && st->w[at + 3] == SpvDecorationBuiltIn &&
          member_has_offset(st, st->w[at + 1], st->w[at + 2])) {
         MGU_DECLINE(gl_feature_unimplemented,
                     "transform feedback of a built-in output (gl_PerVertex member) declared "
                     "with xfb_offset in the shader");
         link_error(l, "capturing a built-in output by layout(xfb_offset) is not supported");
      }
      at += wc;
   }
   for (unsigned i = 0; i < d.n && !l->failed; i++) {
      const struct glsl_xfb_varying *x = &d.v[i];
      const uint32_t end = x->offset + x->components * 4;
      if (strides[x->buffer] && end > strides[x->buffer])
         link_error(l,
                    "transform feedback varying `%s' ends at byte %u, past its buffer's "
                    "xfb_stride %u",
                    x->name, end, strides[x->buffer]);
   }
   uint32_t used = 0;
   for (unsigned i = 0; i < d.n; i++)
      used |= 1u << d.v[i].buffer;
   for (uint32_t b = 0; b < GLSL_MAX_XFB_BUFFERS && !l->failed; b++) {
      if (!strides[b] && (used & (1u << b))) {
         for (unsigned i = 0; i < d.n; i++) {
            const uint32_t end = d.v[i].offset + d.v[i].components * 4;
            if (d.v[i].buffer == b && end > strides[b])
               strides[b] = end;
         }
         if (d.wide[b])
            strides[b] = (strides[b] + 7u) & ~7u;
      }
      if (strides[b] / 4 > GLSL_MAX_XFB_INTERLEAVED_COMPONENTS)
         link_error(l,
                    "transform feedback buffer %u takes %u components a vertex, more than "
                    "GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS (%u)",
                    b, strides[b] / 4, GLSL_MAX_XFB_INTERLEAVED_COMPONENTS);
   }
   if (d.n > 1)
      qsort(d.v, d.n, sizeof(*d.v), cmp_declared);
   /* GL 4.0 11.1.2.1: a buffer captures one vertex stream's outputs */
   bool seen[GLSL_MAX_XFB_BUFFERS] = {false};
   for (unsigned i = 0; i < d.n && !l->failed; i++) {
      const struct glsl_xfb_varying *x = &d.v[i];
      if (seen[x->buffer] && prog->xfb_buffer_stream[x->buffer] != x->stream)
         link_error(l,
                    "transform feedback varying `%s' of vertex stream %u is captured into "
                    "buffer %u with varyings of stream %u",
                    x->name, x->stream, x->buffer, prog->xfb_buffer_stream[x->buffer]);
      seen[x->buffer] = true;
      prog->xfb_buffer_stream[x->buffer] = x->stream;
   }
   prog->xfb = d.v;
   prog->num_xfb = d.n;
   /* GL_TRANSFORM_FEEDBACK_BUFFER_MODE stays what glTransformFeedbackVaryings last said (as
    * Mesa answers it); the records are the shader's either way */
   prog->xfb_separate = l->in->xfb_separate;
   prog->xfb_buffers = 0;
   for (uint32_t b = 0; b < GLSL_MAX_XFB_BUFFERS; b++) {
      prog->xfb_stride[b] = used & (1u << b) ? strides[b] : 0;
      if (used & (1u << b))
         prog->xfb_buffers = b + 1;
   }
}

/* Whether stage s declares its capture itself (xfb_buffer, xfb_offset or xfb_stride in its
 * text: glslang gives it execution mode Xfb). */
bool
glsl_link_declares_xfb(const struct link *l, int s)
{
   return s >= 0 && l->st[s].present &&
          spv_refl_execution_mode(l->st[s].r, SpvExecutionModeXfb, NULL);
}

/* glTransformFeedbackVaryings at link (GL 3.3, 2.11.8): every name must be an output of the last
 * vertex-processing stage, named once, within the mode's component limits. Interleaved: all in
 * buffer 0, back to back in the app's order; separate: varying i alone in buffer i. */
void
glsl_link_xfb(struct link *l)
{
   const struct glsl_link_input *in = l->in;
   l->xfb_stage = -1;
   int s = -1;
   for (unsigned i = 0; i < GLSL_STAGE_COUNT; i++) {
      enum glsl_stage st = glsl_pipeline_stage(i);
      if (l->st[st].present && st != GLSL_STAGE_FRAGMENT && st != GLSL_STAGE_COMPUTE)
         s = (int)st;
   }
   if (glsl_link_declares_xfb(l, s)) {
      declared_xfb(l, s);
      return;
   }
   if (!in->num_xfb_varyings)
      return;
   if (s < 0) {
      link_error(l, "transform feedback varyings need a vertex or geometry shader");
      return;
   }
   struct glsl_program *prog = l->prog;
   prog->xfb = calloc(in->num_xfb_varyings, sizeof(*prog->xfb));
   if (!prog->xfb) {
      link_error(l, "out of memory");
      return;
   }
   prog->xfb_separate = in->xfb_separate;
   l->xfb_stage = s;
   const struct spv_refl *r = l->st[s].r;
   unsigned num_outputs;
   const struct spv_refl_var *outputs = spv_refl_vars(r, SPV_REFL_OUTPUTS, &num_outputs);
   /* interleaved: the buffer being filled and each buffer's components (GL 4.0 11.1.2.1:
    * gl_NextBuffer moves to the next buffer, gl_SkipComponents# leaves # components unwritten) */
   uint32_t buf = 0, totals[GLSL_MAX_XFB_BUFFERS] = {0};
   for (unsigned i = 0; i < in->num_xfb_varyings && !l->failed; i++) {
      const char *name = in->xfb_varyings[i] ? in->xfb_varyings[i] : "";
      const bool next = in->xfb_special_names && !strcmp(name, "gl_NextBuffer");
      uint32_t skip = 0;
      if (in->xfb_special_names && !strncmp(name, "gl_SkipComponents", 17) && name[17] >= '1' &&
          name[17] <= '4' && !name[18])
         skip = (uint32_t)(name[17] - '0');
      if (next || skip) {
         if (in->xfb_separate) {
            link_error(l, "transform feedback varying `%s' in GL_SEPARATE_ATTRIBS mode", name);
            return;
         }
         if (next && buf + 1 >= GLSL_MAX_XFB_BUFFERS) {
            link_error(l,
                       "transform feedback varyings name more buffers than "
                       "GL_MAX_TRANSFORM_FEEDBACK_BUFFERS (%u)",
                       GLSL_MAX_XFB_BUFFERS);
            return;
         }
         char *copy = glsl_strdup(name);
         if (!copy) {
            link_error(l, "out of memory");
            return;
         }
         prog->xfb[prog->num_xfb++] = (struct glsl_xfb_varying){
            .name = copy,
            .type = 0, /* GL_NONE */
            .size = skip,
            .buffer = buf,
            .offset = totals[buf] * 4,
         };
         if (next)
            buf++;
         totals[buf] += skip;
         if (totals[buf] > GLSL_MAX_XFB_INTERLEAVED_COMPONENTS) {
            link_error(l,
                       "transform feedback varyings take %u components of a buffer, more than "
                       "GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS (%u)",
                       totals[buf], GLSL_MAX_XFB_INTERLEAVED_COMPONENTS);
            return;
         }
         continue;
      }
      for (unsigned k = 0; k < i; k++) {
         if (!strcmp(in->xfb_varyings[k] ? in->xfb_varyings[k] : "", name)) {
            link_error(l, "transform feedback varying `%s' specified more than once", name);
            return;
         }
      }
      uint32_t var = 0;
      spv_tref type = 0;
      struct spv_xfb_copy part;
      uint32_t stream = 0;
      const int builtin = xfb_resolve_builtin(l, s, name, &part, &stream);
      if (builtin < 0)
         return;
      bool is_part = builtin > 0;
      if (is_part) {
         /* copied out of its block as a part of an output is */
         type = part.type;
      } else {
         for (unsigned v = 0; v < num_outputs && !var; v++) {
            if (!strcmp(glsl_demangle(outputs[v].name), name)) {
               var = outputs[v].id;
               type = outputs[v].type;
            }
         }
         if (!var && xfb_resolve_part(r, name, &part)) {
            type = part.type;
            is_part = true;
         }
         stream = var_stream(&l->st[s], var ? var : is_part ? part.var : 0);
      }
      if (!type) {
         /* a desktop built-in mgl does not capture (those of GL 4.6 §11.1.2.1 are taken
          * above); ES captures gl_Position and gl_PointSize alone, taken above: any other name
          * is just not an output there */
         if (!strncmp(name, "gl_", 3) && glsl_input_api(in) != GLSL_API_ES)
            MGU_DECLINE(gl_feature_unimplemented, "transform feedback capture of `%s'", name);
         link_error(l, "transform feedback varying `%s' is not an output of the %s shader", name,
                    glsl_stage_name(s));
         return;
      }
      uint32_t count;
      spv_tref elem = spv_refl_strip_arrays(r, type, &count);
      uint32_t comps = xfb_components(r, type);
      uint32_t gl = glsl_link_gl_type(r, elem, false);
      if (!gl) {
         link_error(l, "transform feedback varying `%s' has a type that cannot be captured", name);
         return;
      }
      if (is_part) {
         if (!GROW(l, l->xfb_copies, l->num_xfb_copies, l->cap_xfb_copies))
            return;
         part.deco.id = i; /* which varying: its place is known below */
         l->xfb_copies[l->num_xfb_copies++] = part;
      }
      if (in->xfb_separate && comps > GLSL_MAX_XFB_SEPARATE_COMPONENTS) {
         link_error(l,
                    "transform feedback varying `%s' takes %u components, more than "
                    "GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS (%u)",
                    name, comps, GLSL_MAX_XFB_SEPARATE_COMPONENTS);
         return;
      }
      char *copy = glsl_strdup(name);
      if (!copy) {
         link_error(l, "out of memory");
         return;
      }
      prog->xfb[prog->num_xfb++] = (struct glsl_xfb_varying){
         .name = copy,
         .type = gl,
         .size = count,
         .buffer = in->xfb_separate ? i : buf,
         .offset = in->xfb_separate ? 0 : totals[buf] * 4,
         .components = comps,
         .stream = stream,
      };
      if (in->xfb_separate)
         continue;
      totals[buf] += comps;
      if (totals[buf] > GLSL_MAX_XFB_INTERLEAVED_COMPONENTS) {
         link_error(l,
                    "transform feedback varyings take %u components, more than "
                    "GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS (%u)",
                    totals[buf], GLSL_MAX_XFB_INTERLEAVED_COMPONENTS);
         return;
      }
   }
   if (l->failed)
      return;
   /* GL 4.0 11.1.2.1: a buffer captures one vertex stream's outputs */
   bool seen[GLSL_MAX_XFB_BUFFERS] = {false};
   for (unsigned i = 0; i < prog->num_xfb; i++) {
      const struct glsl_xfb_varying *x = &prog->xfb[i];
      if (!x->type || x->buffer >= GLSL_MAX_XFB_BUFFERS)
         continue;
      if (seen[x->buffer] && prog->xfb_buffer_stream[x->buffer] != x->stream) {
         link_error(l,
                    "transform feedback varying `%s' of vertex stream %u is captured into "
                    "buffer %u with varyings of stream %u",
                    x->name, x->stream, x->buffer, prog->xfb_buffer_stream[x->buffer]);
         return;
      }
      seen[x->buffer] = true;
      prog->xfb_buffer_stream[x->buffer] = x->stream;
   }
   if (in->xfb_separate) {
      for (unsigned i = 0; i < prog->num_xfb; i++)
         prog->xfb_stride[i] = prog->xfb[i].components * 4;
      prog->xfb_buffers = prog->num_xfb;
   } else {
      for (uint32_t b = 0; b <= buf; b++)
         prog->xfb_stride[b] = totals[b] * 4;
      prog->xfb_buffers = buf + 1;
   }
   /* Hand the decorations to the patch of stage s. Captured parts and built-ins are copies in
    * outputs of their own, at the locations after the stage's outputs; the parts' copies are
    * split into scalars and vectors packed several to a location. */
   uint32_t next_loc = l->out_loc_end[s];
   const uint32_t max_locs = glsl_varying_components(in) / 4;
   for (unsigned c = 0; c < l->num_xfb_copies; c++) {
      struct spv_xfb_copy *cp = &l->xfb_copies[c];
      const struct glsl_xfb_varying *x = &prog->xfb[cp->deco.id];
      cp->deco =
         (struct spv_xfb_deco){0, x->buffer, x->offset, prog->xfb_stride[x->buffer], x->stream};
   }
   if (!xfb_split_copies(l, r) || !xfb_pack_copies(l, r, &next_loc, max_locs))
      return;
   for (unsigned i = 0; i < prog->num_xfb && !l->failed; i++) {
      const struct glsl_xfb_varying *x = &prog->xfb[i];
      if (!x->type)
         continue; /* gl_NextBuffer, gl_SkipComponents#: nothing is written */
      struct spv_xfb_deco d = {0, x->buffer, x->offset, prog->xfb_stride[x->buffer], x->stream};
      bool copied = false;
      for (unsigned c = 0; c < l->num_xfb_copies; c++)
         copied |= l->xfb_copies[c].deco.offset == x->offset &&
                   l->xfb_copies[c].deco.buffer == x->buffer && x->components;
      if (copied)
         continue;
      for (unsigned v = 0; v < num_outputs; v++)
         if (!strcmp(glsl_demangle(outputs[v].name), x->name))
            d.id = outputs[v].id;
      if (!GROW(l, l->xfb, l->num_xfb, l->cap_xfb))
         return;
      l->xfb[l->num_xfb++] = d;
   }
}

/* ── geometry layout ───────────────────────────────────────────────────────────────────────── */

/* The geometry stage's layout(...) in / out qualifiers, from its OpExecutionMode words (glslang
 * has already refused a geometry shader without them). */
