/* fe_dlist.c — display lists (GL 2.1 section 5.4): the names in the share group, compiling
 * (glNewList/glEndList, fed by the generated entry layer through fe_dlist_record) and executing
 * (glCallList/glCallLists, which replay the recorded commands through mgl_dl_replay).
 *
 * A list is an immutable, reference-counted byte array of records (struct mgl_dl_rec, then the
 * command's arguments; pointer arguments copied after them). Executing takes a reference, so a
 * list deleted or replaced meanwhile, by this context or another of the share group, lives until
 * its execution ends. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "decline.h"
#include "fe_compat.h"
#include "fe_dlist.h"
#include "fe_dlist_entry.h"
#include "fe_gl.h"
#include "gl_entry.h"

_Static_assert(MGL_ENTRY_IN_BEGIN_END == FE_ENTRY_IN_BEGIN_END, "gen_gl.py's entry mode bits");
_Static_assert(MGL_ENTRY_COMPILING == FE_ENTRY_COMPILING, "gen_gl.py's entry mode bits");

/* Legacy enums glcorearb.h leaves out. */
#define FE_GL_COMPILE 0x1300
#define FE_GL_COMPILE_AND_EXECUTE 0x1301
#define FE_GL_LIST_MODE 0x0B30
#define FE_GL_MAX_LIST_NESTING 0x0B31
#define FE_GL_LIST_BASE 0x0B32
#define FE_GL_LIST_INDEX 0x0B33
#define FE_GL_2_BYTES 0x1407
#define FE_GL_3_BYTES 0x1408
#define FE_GL_4_BYTES 0x1409

#define FE_DLIST_MAX_NESTING 64
/* The names a share group may hold: beyond them GL_OUT_OF_MEMORY. */
#define FE_DLIST_MAX_NAMES (1u << 24)

struct fe_dlist {
   atomic_uint refs;
   uint32_t size;
   uint8_t ops[]; /* records, each 8-byte aligned */
};

/* The share group's names, sorted; a name with list NULL is empty (glGenLists). Under sg->lock. */
struct fe_dlist_names {
   GLuint *names;
   struct fe_dlist **lists;
   char **labels; /* KHR_debug's label of each name (GL_DISPLAY_LIST), NULL for none */
   uint32_t count, capacity;
};

/* A context's display-list state. */
struct fe_dlist_state {
   GLuint compiling; /* the list being compiled (0: none) */
   GLenum mode;      /* its mode */
   uint8_t *buf;     /* its records so far */
   uint32_t size, capacity;
   GLuint base;    /* glListBase */
   unsigned depth; /* glCallList nesting while executing */
};

/* ---- lists and names ------------------------------------------------------------------------ */

static void
dlist_unref(struct fe_dlist *l)
{
   if (l && atomic_fetch_sub(&l->refs, 1) == 1)
      free(l);
}

/* The first index whose name is >= name. */
static uint32_t
names_lower_bound(const struct fe_dlist_names *n, GLuint name)
{
   uint32_t lo = 0, hi = n->count;
   while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (n->names[mid] < name)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

static bool
names_reserve(struct fe_dlist_names *n, uint64_t more)
{
   if (n->count + more > FE_DLIST_MAX_NAMES)
      return false;
   if (n->count + more <= n->capacity)
      return true;
   uint32_t cap = n->capacity ? n->capacity : 16;
   while (cap < n->count + more)
      cap *= 2;
   GLuint *names = realloc(n->names, cap * sizeof(*names));
   if (!names)
      return false;
   n->names = names;
   struct fe_dlist **lists = realloc(n->lists, cap * sizeof(*lists));
   if (!lists)
      return false;
   n->lists = lists;
   char **labels = realloc(n->labels, cap * sizeof(*labels));
   if (!labels)
      return false;
   n->labels = labels;
   n->capacity = cap;
   return true;
}

/* The share group's names, created on first use; NULL when out of memory. Under sg->lock. */
static struct fe_dlist_names *
share_names(struct fe_share_group *sg)
{
   if (!sg->dlists)
      sg->dlists = calloc(1, sizeof(*sg->dlists));
   return sg->dlists;
}

void
fe_dlist_share_finish(struct fe_share_group *sg)
{
   struct fe_dlist_names *n = sg->dlists;
   if (!n)
      return;
   for (uint32_t i = 0; i < n->count; i++) {
      dlist_unref(n->lists[i]);
      free(n->labels[i]);
   }
   free(n->names);
   free(n->lists);
   free(n->labels);
   free(n);
   sg->dlists = NULL;
}

/* A reference to list name's contents (NULL: no such list, or empty). */
static struct fe_dlist *
dlist_lookup(struct fe_share_group *sg, GLuint name)
{
   struct fe_dlist *l = NULL;
   pthread_mutex_lock(&sg->lock);
   struct fe_dlist_names *n = sg->dlists;
   if (n) {
      uint32_t i = names_lower_bound(n, name);
      if (i < n->count && n->names[i] == name && n->lists[i]) {
         l = n->lists[i];
         atomic_fetch_add(&l->refs, 1);
      }
   }
   pthread_mutex_unlock(&sg->lock);
   return l;
}

/* ---- per-context state ---------------------------------------------------------------------- */

static struct fe_dlist_state *
ctx_state(struct fe_context *ctx)
{
   if (!ctx->dlist) {
      ctx->dlist = calloc(1, sizeof(*ctx->dlist));
      if (!ctx->dlist)
         fe_error(ctx, GL_OUT_OF_MEMORY);
   }
   return ctx->dlist;
}

void
fe_dlist_context_finish(struct fe_context *ctx)
{
   if (!ctx->dlist)
      return;
   free(ctx->dlist->buf);
   free(ctx->dlist);
   ctx->dlist = NULL;
}

bool
fe_dlist_get(struct fe_context *ctx, GLenum pname, GLint *out)
{
   if (ctx->desc.api != FE_API_GL_COMPAT)
      return false;
   const struct fe_dlist_state *s = ctx->dlist;
   switch (pname) {
   case FE_GL_LIST_INDEX: *out = s ? (GLint)s->compiling : 0; return true;
   case FE_GL_LIST_MODE: *out = s && s->compiling ? (GLint)s->mode : 0; return true;
   case FE_GL_LIST_BASE: *out = s ? (GLint)s->base : 0; return true;
   case FE_GL_MAX_LIST_NESTING: *out = FE_DLIST_MAX_NESTING; return true;
   default: return false;
   }
}

/* ---- compiling ------------------------------------------------------------------------------ */

void *
fe_dlist_record(uint32_t op, int64_t size, bool *execute)
{
   struct fe_context *ctx = fe_ctx_live();
   struct fe_dlist_state *s = ctx ? ctx->dlist : NULL;
   if (!s || !s->compiling) {
      *execute = true;
      return NULL;
   }
   *execute = s->mode == FE_GL_COMPILE_AND_EXECUTE;
   const uint64_t rec = ((uint64_t)size + 7) & ~(uint64_t)7;
   if (size < (int64_t)sizeof(struct mgl_dl_rec) || rec > FE_DLIST_MAX_BYTES - s->size) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   if (s->size + rec > s->capacity) {
      uint64_t cap = s->capacity ? s->capacity : 256;
      while (cap < s->size + rec)
         cap *= 2;
      uint8_t *buf = realloc(s->buf, cap);
      if (!buf) {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return NULL;
      }
      s->buf = buf;
      s->capacity = (uint32_t)cap;
   }
   struct mgl_dl_rec *r = (struct mgl_dl_rec *)(s->buf + s->size);
   memset(r, 0, rec);
   r->op = op;
   r->size = (uint32_t)rec;
   s->size += (uint32_t)rec;
   return r;
}

bool
fe_dlist_not_compilable(const char *command)
{
   struct fe_context *ctx = fe_ctx_live();
   const struct fe_dlist_state *s = ctx ? ctx->dlist : NULL;
   if (!s || !s->compiling)
      return true;
   MGU_DECLINE(dlist_command_not_compilable, "%s", command);
   return s->mode == FE_GL_COMPILE_AND_EXECUTE;
}

bool
fe_dlist_executes(struct fe_context *ctx)
{
   const struct fe_dlist_state *s = ctx->dlist;
   return !s || !s->compiling || s->mode == FE_GL_COMPILE_AND_EXECUTE;
}

int
fe_dlist_compsize(uint32_t op, GLenum pname)
{
   switch (op) {
   case MGL_DL_glLightfv:
   case MGL_DL_glLightiv:
      /* GL_AMBIENT, GL_DIFFUSE, GL_SPECULAR, GL_POSITION: 4; GL_SPOT_DIRECTION: 3 */
      return pname >= 0x1200 && pname <= 0x1203 ? 4 : pname == 0x1204 ? 3 : 1;
   case MGL_DL_glMaterialfv:
   case MGL_DL_glMaterialiv:
      /* colours (and GL_EMISSION, GL_AMBIENT_AND_DIFFUSE): 4; GL_COLOR_INDEXES: 3 */
      return (pname >= 0x1200 && pname <= 0x1202) || pname == 0x1600 || pname == 0x1602 ? 4
             : pname == 0x1603                                                          ? 3
                                                                                        : 1;
   case MGL_DL_glFogfv:
   case MGL_DL_glFogiv: return pname == 0x0B66 /* GL_FOG_COLOR */ ? 4 : 1;
   case MGL_DL_glTexEnvfv:
   case MGL_DL_glTexEnviv: return pname == 0x2201 /* GL_TEXTURE_ENV_COLOR */ ? 4 : 1;
   case MGL_DL_glLightModelfv:
   case MGL_DL_glLightModeliv: return pname == 0x0B53 /* GL_LIGHT_MODEL_AMBIENT */ ? 4 : 1;
   case MGL_DL_glTexGendv:
   case MGL_DL_glTexGenfv:
   case MGL_DL_glTexGeniv:
      return pname == 0x2501 || pname == 0x2502 /* GL_OBJECT_PLANE, GL_EYE_PLANE */ ? 4 : 1;
   case MGL_DL_glPointParameterfv:
   case MGL_DL_glPointParameteriv:
      return pname == 0x8129 /* GL_POINT_DISTANCE_ATTENUATION */ ? 3 : 1;
   case MGL_DL_glClearBufferfv:
   case MGL_DL_glClearBufferiv:
   case MGL_DL_glClearBufferuiv: return pname == GL_COLOR ? 4 : 1;
   case MGL_DL_glPatchParameterfv:
      return pname == GL_PATCH_DEFAULT_OUTER_LEVEL   ? 4
             : pname == GL_PATCH_DEFAULT_INNER_LEVEL ? 2
                                                     : 1;
   default:
      /* glTexParameter*v, glSamplerParameter*v */
      return pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA ? 4 : 1;
   }
}

int64_t
fe_dlist_index_bytes(GLsizei count, GLenum type)
{
   struct fe_context *ctx = fe_ctx_live();
   if (ctx && (ctx->vao ? ctx->vao : &ctx->default_vao)->elements)
      return -1;
   if (count <= 0)
      return 0;
   switch (type) {
   case GL_UNSIGNED_BYTE: return count;
   case GL_UNSIGNED_SHORT: return (int64_t)count * 2;
   case GL_UNSIGNED_INT: return (int64_t)count * 4;
   default: return 0;
   }
}

static int
lists_type_size(GLenum type)
{
   switch (type) {
   case GL_BYTE:
   case GL_UNSIGNED_BYTE: return 1;
   case GL_SHORT:
   case GL_UNSIGNED_SHORT:
   case FE_GL_2_BYTES: return 2;
   case FE_GL_3_BYTES: return 3;
   case GL_INT:
   case GL_UNSIGNED_INT:
   case GL_FLOAT:
   case FE_GL_4_BYTES: return 4;
   default: return 0;
   }
}

int64_t
fe_dlist_lists_bytes(GLsizei n, GLenum type)
{
   return n > 0 ? (int64_t)n * lists_type_size(type) : 0;
}

void
mgl_glNewList(GLuint list, GLenum mode)
{
   FE_COMPAT_CTX_OR_RETURN();
   if (list == 0) {
      fe_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (mode != FE_GL_COMPILE && mode != FE_GL_COMPILE_AND_EXECUTE) {
      fe_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct fe_dlist_state *s = ctx_state(ctx);
   if (!s)
      return;
   if (s->compiling) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   s->compiling = list;
   s->mode = mode;
   s->size = 0;
   fe_entry_mode_set(ctx, FE_ENTRY_COMPILING, true);
}

void
mgl_glEndList(void)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_dlist_state *s = ctx->dlist;
   if (!s || !s->compiling) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   const GLuint name = s->compiling;
   s->compiling = 0;
   fe_entry_mode_set(ctx, FE_ENTRY_COMPILING, false);

   struct fe_dlist *l = malloc(sizeof(*l) + s->size);
   if (!l) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   atomic_init(&l->refs, 1);
   l->size = s->size;
   if (s->size)
      memcpy(l->ops, s->buf, s->size);
   /* A large compile buffer is not kept for the next list. */
   if (s->capacity > 65536) {
      free(s->buf);
      s->buf = NULL;
      s->capacity = 0;
   }
   s->size = 0;

   struct fe_share_group *sg = ctx->share;
   struct fe_dlist *old = NULL;
   bool ok = false;
   pthread_mutex_lock(&sg->lock);
   struct fe_dlist_names *n = share_names(sg);
   if (n) {
      uint32_t i = names_lower_bound(n, name);
      if (i < n->count && n->names[i] == name) {
         old = n->lists[i];
         n->lists[i] = l;
         ok = true;
      } else if (names_reserve(n, 1)) {
         memmove(n->names + i + 1, n->names + i, (n->count - i) * sizeof(*n->names));
         memmove(n->lists + i + 1, n->lists + i, (n->count - i) * sizeof(*n->lists));
         memmove(n->labels + i + 1, n->labels + i, (n->count - i) * sizeof(*n->labels));
         n->names[i] = name;
         n->lists[i] = l;
         n->labels[i] = NULL;
         n->count++;
         ok = true;
      }
   }
   pthread_mutex_unlock(&sg->lock);
   dlist_unref(old);
   if (!ok) {
      dlist_unref(l);
      fe_error(ctx, GL_OUT_OF_MEMORY);
   }
}

GLuint
mgl_glGenLists(GLsizei range)
{
   FE_COMPAT_CTX_OR_RETURN(0);
   if (range < 0) {
      fe_error(ctx, GL_INVALID_VALUE);
      return 0;
   }
   if (range == 0)
      return 0;
   struct fe_share_group *sg = ctx->share;
   GLuint first = 0;
   pthread_mutex_lock(&sg->lock);
   struct fe_dlist_names *n = share_names(sg);
   /* Above the highest name in use: the names are kept sorted, so the range appends. */
   const uint64_t start = n && n->count ? (uint64_t)n->names[n->count - 1] + 1 : 1;
   if (n && start + (uint64_t)range - 1 <= UINT32_MAX && names_reserve(n, (uint64_t)range)) {
      for (GLsizei i = 0; i < range; i++) {
         n->names[n->count] = (GLuint)(start + (uint64_t)i);
         n->lists[n->count] = NULL;
         n->labels[n->count] = NULL;
         n->count++;
      }
      first = (GLuint)start;
   }
   pthread_mutex_unlock(&sg->lock);
   if (!first)
      fe_error(ctx, GL_OUT_OF_MEMORY);
   return first;
}

void
mgl_glDeleteLists(GLuint list, GLsizei range)
{
   FE_COMPAT_CTX_OR_RETURN();
   if (range < 0) {
      fe_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (range == 0)
      return;
   struct fe_share_group *sg = ctx->share;
   const uint64_t end = (uint64_t)list + (uint64_t)range; /* exclusive */
   struct fe_dlist **dead = NULL;
   uint32_t ndead = 0;
   pthread_mutex_lock(&sg->lock);
   struct fe_dlist_names *n = sg->dlists;
   if (n) {
      uint32_t lo = names_lower_bound(n, list), hi = lo;
      while (hi < n->count && n->names[hi] < end)
         hi++;
      ndead = hi - lo;
      if (ndead) {
         /* Unreferenced outside the lock; if the copy fails they are released under it. */
         dead = malloc(ndead * sizeof(*dead));
         for (uint32_t i = lo; i < hi; i++) {
            free(n->labels[i]);
            if (dead)
               dead[i - lo] = n->lists[i];
            else
               dlist_unref(n->lists[i]);
         }
         memmove(n->names + lo, n->names + hi, (n->count - hi) * sizeof(*n->names));
         memmove(n->lists + lo, n->lists + hi, (n->count - hi) * sizeof(*n->lists));
         memmove(n->labels + lo, n->labels + hi, (n->count - hi) * sizeof(*n->labels));
         n->count -= ndead;
      }
   }
   pthread_mutex_unlock(&sg->lock);
   if (dead)
      for (uint32_t i = 0; i < ndead; i++)
         dlist_unref(dead[i]);
   free(dead);
}

char **
fe_dlist_label_slot(struct fe_share_group *sg, GLuint name)
{
   const struct fe_dlist_names *n = sg->dlists;
   if (!n || !name)
      return NULL;
   uint32_t i = names_lower_bound(n, name);
   return i < n->count && n->names[i] == name ? &n->labels[i] : NULL;
}

GLboolean
mgl_glIsList(GLuint list)
{
   FE_COMPAT_CTX_OR_RETURN(GL_FALSE);
   struct fe_share_group *sg = ctx->share;
   GLboolean is = GL_FALSE;
   pthread_mutex_lock(&sg->lock);
   const struct fe_dlist_names *n = sg->dlists;
   if (n && list) {
      uint32_t i = names_lower_bound(n, list);
      is = i < n->count && n->names[i] == list;
   }
   pthread_mutex_unlock(&sg->lock);
   return is;
}

void
mgl_glListBase(GLuint base)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_dlist_state *s = ctx_state(ctx);
   if (s)
      s->base = base;
}

/* ---- executing ------------------------------------------------------------------------------ */

static void
execute_list(struct fe_context *ctx, struct fe_dlist_state *s, GLuint name)
{
   /* GL: a call past the nesting limit is ignored. */
   if (s->depth >= FE_DLIST_MAX_NESTING)
      return;
   struct fe_dlist *l = dlist_lookup(ctx->share, name);
   if (!l)
      return;
   s->depth++;
   for (uint32_t off = 0; off < l->size;)
      off += mgl_dl_replay((const struct mgl_dl_rec *)(l->ops + off));
   s->depth--;
   dlist_unref(l);
}

void
mgl_glCallList(GLuint list)
{
   FE_COMPAT_CTX_OR_RETURN();
   struct fe_dlist_state *s = ctx_state(ctx);
   if (s)
      execute_list(ctx, s, list);
}

/* The i-th name of glCallLists' array (GL 2.1 table 5.4). */
static GLuint
lists_name(const void *lists, GLenum type, GLsizei i)
{
   const uint8_t *b = lists;
   switch (type) {
   case GL_BYTE: return (GLuint)(GLint)((const GLbyte *)lists)[i];
   case GL_UNSIGNED_BYTE: return b[i];
   case GL_SHORT: return (GLuint)(GLint)((const GLshort *)lists)[i];
   case GL_UNSIGNED_SHORT: return ((const GLushort *)lists)[i];
   case GL_INT: return (GLuint)((const GLint *)lists)[i];
   case GL_UNSIGNED_INT: return ((const GLuint *)lists)[i];
   case GL_FLOAT: return (GLuint)(GLint)((const GLfloat *)lists)[i];
   case FE_GL_2_BYTES: return (GLuint)b[2 * i] << 8 | b[2 * i + 1];
   case FE_GL_3_BYTES: return (GLuint)b[3 * i] << 16 | (GLuint)b[3 * i + 1] << 8 | b[3 * i + 2];
   default:
      return (GLuint)b[4 * i] << 24 | (GLuint)b[4 * i + 1] << 16 | (GLuint)b[4 * i + 2] << 8 |
             b[4 * i + 3];
   }
}

void
mgl_glCallLists(GLsizei n, GLenum type, const void *lists)
{
   FE_COMPAT_CTX_OR_RETURN();
   if (n < 0) {
      fe_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!lists_type_size(type)) {
      fe_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct fe_dlist_state *s = ctx_state(ctx);
   if (!s || !lists)
      return;
   /* The base in effect when the call starts: a glListBase inside the lists changes it for the
    * next call. */
   const GLuint base = s->base;
   for (GLsizei i = 0; i < n; i++)
      execute_list(ctx, s, base + lists_name(lists, type, i));
}
