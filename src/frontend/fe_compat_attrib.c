/* fe_compat_attrib.c — the current conventional attributes (glColor, glSecondaryColor,
 * glNormal, glTexCoord, glMultiTexCoord, glFogCoord, glEdgeFlag) of compatibility contexts:
 * each writes the current value of its generic slot (fe_compat.h's enum fe_ff_attrib), which is
 * what a draw without that array reads and what glBegin/glEnd's vertices take. Integer colours
 * and normals are normalized as GL 3.3 compatibility table 2.10 says ((2c + 1) / (2^b - 1) for
 * signed types); texture and fog coordinates are converted as they are. Every variant is one
 * line of a family macro below. */
#include "fe_compat_vertex.h"
#include "gl_api.h"
#include "log.h"

void
fe_compat_attr(struct fe_context *ctx, unsigned slot, float x, float y, float z, float w)
{
   if (ctx->entry_mode & FE_ENTRY_IN_BEGIN_END)
      fe_compat_imm_touch(ctx, slot);
   const uint32_t v[4] = {fe_f2u(x), fe_f2u(y), fe_f2u(z), fe_f2u(w)};
   for (unsigned i = 0; i < 4; i++)
      ctx->attrib_value[slot][i] = v[i];
   ctx->attrib_kind[slot] = 0;
   ctx->tracker.attrib_defaults_dirty |= 1u << slot;
   fe_draw_touch(ctx);
}

static void
attr(unsigned slot, float x, float y, float z, float w)
{
   FE_COMPAT_CTX_OR_RETURN();
   fe_compat_attr(ctx, slot, x, y, z, w);
}

/* Normalized (N) and plain (P) conversions, by GL type suffix. */
static inline float
N_b(GLbyte c)
{
   return (2.0f * c + 1.0f) / 255.0f;
}
static inline float
N_s(GLshort c)
{
   return (2.0f * c + 1.0f) / 65535.0f;
}
static inline float
N_i(GLint c)
{
   return (float)((2.0 * c + 1.0) / 4294967295.0);
}
static inline float
N_ub(GLubyte c)
{
   return c / 255.0f;
}
static inline float
N_us(GLushort c)
{
   return c / 65535.0f;
}
static inline float
N_ui(GLuint c)
{
   return (float)(c / 4294967295.0);
}
static inline float
N_f(GLfloat c)
{
   return c;
}
static inline float
N_d(GLdouble c)
{
   return (float)c;
}
#define P(c) ((float)(c))

#define COLOR0 FE_FF_ATTRIB_COLOR0
#define COLOR1 FE_FF_ATTRIB_COLOR1
#define NORMAL FE_FF_ATTRIB_NORMAL
#define TEX0 FE_FF_ATTRIB_TEXCOORD0

/* glColor3/4 and glSecondaryColor3 of one type (alpha 1 where not given). */
#define COLORS(sfx, T)                                                                             \
   void mgl_glColor3##sfx(T r, T g, T b)                                                           \
   {                                                                                               \
      attr(COLOR0, N_##sfx(r), N_##sfx(g), N_##sfx(b), 1);                                         \
   }                                                                                               \
   void mgl_glColor3##sfx##v(const T *v)                                                           \
   {                                                                                               \
      attr(COLOR0, N_##sfx(v[0]), N_##sfx(v[1]), N_##sfx(v[2]), 1);                                \
   }                                                                                               \
   void mgl_glColor4##sfx(T r, T g, T b, T a)                                                      \
   {                                                                                               \
      attr(COLOR0, N_##sfx(r), N_##sfx(g), N_##sfx(b), N_##sfx(a));                                \
   }                                                                                               \
   void mgl_glColor4##sfx##v(const T *v)                                                           \
   {                                                                                               \
      attr(COLOR0, N_##sfx(v[0]), N_##sfx(v[1]), N_##sfx(v[2]), N_##sfx(v[3]));                    \
   }                                                                                               \
   void mgl_glSecondaryColor3##sfx(T r, T g, T b)                                                  \
   {                                                                                               \
      attr(COLOR1, N_##sfx(r), N_##sfx(g), N_##sfx(b), 1);                                         \
   }                                                                                               \
   void mgl_glSecondaryColor3##sfx##v(const T *v)                                                  \
   {                                                                                               \
      attr(COLOR1, N_##sfx(v[0]), N_##sfx(v[1]), N_##sfx(v[2]), 1);                                \
   }

COLORS(b, GLbyte)
COLORS(s, GLshort)
COLORS(i, GLint)
COLORS(f, GLfloat)
COLORS(d, GLdouble)
COLORS(ub, GLubyte)
COLORS(us, GLushort)
COLORS(ui, GLuint)

#define NORMALS(sfx, T)                                                                            \
   void mgl_glNormal3##sfx(T x, T y, T z)                                                          \
   {                                                                                               \
      attr(NORMAL, N_##sfx(x), N_##sfx(y), N_##sfx(z), 1);                                         \
   }                                                                                               \
   void mgl_glNormal3##sfx##v(const T *v)                                                          \
   {                                                                                               \
      attr(NORMAL, N_##sfx(v[0]), N_##sfx(v[1]), N_##sfx(v[2]), 1);                                \
   }

NORMALS(b, GLbyte)
NORMALS(s, GLshort)
NORMALS(i, GLint)
NORMALS(f, GLfloat)
NORMALS(d, GLdouble)

/* glMultiTexCoord's unit: GL_TEXTURE0 .. GL_TEXTURE7 (GL_INVALID_ENUM otherwise). */
static void
multi(GLenum target, float s, float t, float r, float q)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(target < GL_TEXTURE0 || target - GL_TEXTURE0 >= FE_FF_TEXCOORD_UNITS, GL_INVALID_ENUM);
   fe_compat_attr(ctx, TEX0 + (target - GL_TEXTURE0), s, t, r, q);
}

#define TEXCOORDS(sfx, T)                                                                          \
   void mgl_glTexCoord1##sfx(T s)                                                                  \
   {                                                                                               \
      attr(TEX0, P(s), 0, 0, 1);                                                                   \
   }                                                                                               \
   void mgl_glTexCoord1##sfx##v(const T *v)                                                        \
   {                                                                                               \
      attr(TEX0, P(v[0]), 0, 0, 1);                                                                \
   }                                                                                               \
   void mgl_glTexCoord2##sfx(T s, T t)                                                             \
   {                                                                                               \
      attr(TEX0, P(s), P(t), 0, 1);                                                                \
   }                                                                                               \
   void mgl_glTexCoord2##sfx##v(const T *v)                                                        \
   {                                                                                               \
      attr(TEX0, P(v[0]), P(v[1]), 0, 1);                                                          \
   }                                                                                               \
   void mgl_glTexCoord3##sfx(T s, T t, T r)                                                        \
   {                                                                                               \
      attr(TEX0, P(s), P(t), P(r), 1);                                                             \
   }                                                                                               \
   void mgl_glTexCoord3##sfx##v(const T *v)                                                        \
   {                                                                                               \
      attr(TEX0, P(v[0]), P(v[1]), P(v[2]), 1);                                                    \
   }                                                                                               \
   void mgl_glTexCoord4##sfx(T s, T t, T r, T q)                                                   \
   {                                                                                               \
      attr(TEX0, P(s), P(t), P(r), P(q));                                                          \
   }                                                                                               \
   void mgl_glTexCoord4##sfx##v(const T *v)                                                        \
   {                                                                                               \
      attr(TEX0, P(v[0]), P(v[1]), P(v[2]), P(v[3]));                                              \
   }                                                                                               \
   void mgl_glMultiTexCoord1##sfx(GLenum u, T s)                                                   \
   {                                                                                               \
      multi(u, P(s), 0, 0, 1);                                                                     \
   }                                                                                               \
   void mgl_glMultiTexCoord1##sfx##v(GLenum u, const T *v)                                         \
   {                                                                                               \
      multi(u, P(v[0]), 0, 0, 1);                                                                  \
   }                                                                                               \
   void mgl_glMultiTexCoord2##sfx(GLenum u, T s, T t)                                              \
   {                                                                                               \
      multi(u, P(s), P(t), 0, 1);                                                                  \
   }                                                                                               \
   void mgl_glMultiTexCoord2##sfx##v(GLenum u, const T *v)                                         \
   {                                                                                               \
      multi(u, P(v[0]), P(v[1]), 0, 1);                                                            \
   }                                                                                               \
   void mgl_glMultiTexCoord3##sfx(GLenum u, T s, T t, T r)                                         \
   {                                                                                               \
      multi(u, P(s), P(t), P(r), 1);                                                               \
   }                                                                                               \
   void mgl_glMultiTexCoord3##sfx##v(GLenum u, const T *v)                                         \
   {                                                                                               \
      multi(u, P(v[0]), P(v[1]), P(v[2]), 1);                                                      \
   }                                                                                               \
   void mgl_glMultiTexCoord4##sfx(GLenum u, T s, T t, T r, T q)                                    \
   {                                                                                               \
      multi(u, P(s), P(t), P(r), P(q));                                                            \
   }                                                                                               \
   void mgl_glMultiTexCoord4##sfx##v(GLenum u, const T *v)                                         \
   {                                                                                               \
      multi(u, P(v[0]), P(v[1]), P(v[2]), P(v[3]));                                                \
   }

TEXCOORDS(s, GLshort)
TEXCOORDS(i, GLint)
TEXCOORDS(f, GLfloat)
TEXCOORDS(d, GLdouble)

void
mgl_glFogCoordf(GLfloat c)
{
   attr(FE_FF_ATTRIB_FOG, c, 0, 0, 1);
}
void
mgl_glFogCoordfv(const GLfloat *c)
{
   attr(FE_FF_ATTRIB_FOG, c[0], 0, 0, 1);
}
void
mgl_glFogCoordd(GLdouble c)
{
   attr(FE_FF_ATTRIB_FOG, P(c), 0, 0, 1);
}
void
mgl_glFogCoorddv(const GLdouble *c)
{
   attr(FE_FF_ATTRIB_FOG, P(c[0]), 0, 0, 1);
}

void
mgl_glEdgeFlag(GLboolean flag)
{
   FE_COMPAT_CTX_OR_RETURN();
   ctx->compat->edge_flag = flag ? GL_TRUE : GL_FALSE;
}

void
mgl_glEdgeFlagv(const GLboolean *flag)
{
   mgl_glEdgeFlag(*flag);
}

/* Colour index mode: mgl offers RGBA configs only, so the index is kept for glGet and has no
 * effect on rendering (GL 2.1 2.7). */
static void
index_set(float c)
{
   FE_COMPAT_CTX_OR_RETURN();
   MGU_DECLINE(gl_color_index_ignored, "glIndex in an RGBA context: the current index is kept "
                                       "and draws nothing");
   ctx->compat->index = c;
}

void
mgl_glIndexs(GLshort c)
{
   index_set(P(c));
}
void
mgl_glIndexsv(const GLshort *c)
{
   index_set(P(c[0]));
}
void
mgl_glIndexi(GLint c)
{
   index_set(P(c));
}
void
mgl_glIndexiv(const GLint *c)
{
   index_set(P(c[0]));
}
void
mgl_glIndexf(GLfloat c)
{
   index_set(c);
}
void
mgl_glIndexfv(const GLfloat *c)
{
   index_set(c[0]);
}
void
mgl_glIndexd(GLdouble c)
{
   index_set(P(c));
}
void
mgl_glIndexdv(const GLdouble *c)
{
   index_set(P(c[0]));
}
void
mgl_glIndexub(GLubyte c)
{
   index_set(P(c));
}
void
mgl_glIndexubv(const GLubyte *c)
{
   index_set(P(c[0]));
}

/* ARB_vertex_type_2_10_10_10_rev's conventional attributes (GL 3.3 compatibility 2.7): one
 * packed word; colours and normals normalized, texture coordinates as they are; any other type
 * is GL_INVALID_ENUM. n: the components taken (the rest default as for glTexCoord). */
static void
packed(unsigned slot, GLenum type, GLuint w, bool normalized, unsigned n)
{
   FE_COMPAT_CTX_OR_RETURN();
   float c[4];
   FE_CHECK(!fe_unpack_2_10_10_10(type, normalized, fe_packed_snorm_eq23(ctx), w, c),
            GL_INVALID_ENUM);
   fe_compat_attr(ctx, slot, c[0], n > 1 ? c[1] : 0.0f, n > 2 ? c[2] : 0.0f, n > 3 ? c[3] : 1.0f);
}

static void
multi_packed(GLenum target, GLenum type, GLuint w, unsigned n)
{
   FE_COMPAT_CTX_OR_RETURN();
   FE_CHECK(target < GL_TEXTURE0 || target - GL_TEXTURE0 >= FE_FF_TEXCOORD_UNITS, GL_INVALID_ENUM);
   float c[4];
   FE_CHECK(!fe_unpack_2_10_10_10(type, false, false, w, c), GL_INVALID_ENUM);
   fe_compat_attr(ctx, TEX0 + (target - GL_TEXTURE0), c[0], n > 1 ? c[1] : 0.0f,
                  n > 2 ? c[2] : 0.0f, n > 3 ? c[3] : 1.0f);
}

#define TEXCOORD_PACKED(n)                                                                         \
   void mgl_glTexCoordP##n##ui(GLenum type, GLuint w)                                              \
   {                                                                                               \
      packed(TEX0, type, w, false, n);                                                             \
   }                                                                                               \
   void mgl_glTexCoordP##n##uiv(GLenum type, const GLuint *w)                                      \
   {                                                                                               \
      packed(TEX0, type, *w, false, n);                                                            \
   }                                                                                               \
   void mgl_glMultiTexCoordP##n##ui(GLenum unit, GLenum type, GLuint w)                            \
   {                                                                                               \
      multi_packed(unit, type, w, n);                                                              \
   }                                                                                               \
   void mgl_glMultiTexCoordP##n##uiv(GLenum unit, GLenum type, const GLuint *w)                    \
   {                                                                                               \
      multi_packed(unit, type, *w, n);                                                             \
   }

TEXCOORD_PACKED(1)
TEXCOORD_PACKED(2)
TEXCOORD_PACKED(3)
TEXCOORD_PACKED(4)

void
mgl_glNormalP3ui(GLenum type, GLuint w)
{
   packed(NORMAL, type, w, true, 3);
}
void
mgl_glNormalP3uiv(GLenum type, const GLuint *w)
{
   packed(NORMAL, type, *w, true, 3);
}
void
mgl_glColorP3ui(GLenum type, GLuint w)
{
   packed(COLOR0, type, w, true, 3);
}
void
mgl_glColorP3uiv(GLenum type, const GLuint *w)
{
   packed(COLOR0, type, *w, true, 3);
}
void
mgl_glColorP4ui(GLenum type, GLuint w)
{
   packed(COLOR0, type, w, true, 4);
}
void
mgl_glColorP4uiv(GLenum type, const GLuint *w)
{
   packed(COLOR0, type, *w, true, 4);
}
void
mgl_glSecondaryColorP3ui(GLenum type, GLuint w)
{
   packed(COLOR1, type, w, true, 3);
}
void
mgl_glSecondaryColorP3uiv(GLenum type, const GLuint *w)
{
   packed(COLOR1, type, *w, true, 3);
}
