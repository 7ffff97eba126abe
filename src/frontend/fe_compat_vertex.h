/* fe_compat_vertex.h — the legacy vertex paths of compatibility contexts (fe_compat_*.c):
 * context strings and queries, current attributes, glBegin/glEnd, legacy client arrays and the
 * polygon primitives (GL_QUADS, GL_QUAD_STRIP, GL_POLYGON) drawn as triangles. The hooks below
 * are what the core files call; each is reached only where ctx->compat is set (a
 * compatibility context), so a core or ES context pays one pointer test. */
#ifndef FE_COMPAT_VERTEX_H
#define FE_COMPAT_VERTEX_H

#include <stdbool.h>
#include <stdint.h>

#include "fe_compat.h"
#include "fe_gl.h"

/* The compatibility profile's enums (glcorearb.h has only the core ones). */
#ifndef GL_QUAD_STRIP
#define GL_QUAD_STRIP 0x0008
#define GL_POLYGON 0x0009
#define GL_CURRENT_COLOR 0x0B00
#define GL_CURRENT_INDEX 0x0B01
#define GL_CURRENT_NORMAL 0x0B02
#define GL_CURRENT_TEXTURE_COORDS 0x0B03
#define GL_EDGE_FLAG 0x0B43
#define GL_INDEX_CLEAR_VALUE 0x0C20
#define GL_INDEX_WRITEMASK 0x0C21
#define GL_CURRENT_SECONDARY_COLOR 0x8459
#define GL_CURRENT_FOG_COORD 0x8453
#define GL_CLIENT_ACTIVE_TEXTURE 0x84E1
#define GL_MAX_TEXTURE_COORDS 0x8871
#define GL_VERTEX_ARRAY 0x8074
#define GL_NORMAL_ARRAY 0x8075
#define GL_COLOR_ARRAY 0x8076
#define GL_INDEX_ARRAY 0x8077
#define GL_TEXTURE_COORD_ARRAY 0x8078
#define GL_EDGE_FLAG_ARRAY 0x8079
#define GL_FOG_COORD_ARRAY 0x8457
#define GL_SECONDARY_COLOR_ARRAY 0x845E
#define GL_VERTEX_ARRAY_SIZE 0x807A
#define GL_VERTEX_ARRAY_TYPE 0x807B
#define GL_VERTEX_ARRAY_STRIDE 0x807C
#define GL_NORMAL_ARRAY_TYPE 0x807E
#define GL_NORMAL_ARRAY_STRIDE 0x807F
#define GL_COLOR_ARRAY_SIZE 0x8081
#define GL_COLOR_ARRAY_TYPE 0x8082
#define GL_COLOR_ARRAY_STRIDE 0x8083
#define GL_TEXTURE_COORD_ARRAY_SIZE 0x8088
#define GL_TEXTURE_COORD_ARRAY_TYPE 0x8089
#define GL_TEXTURE_COORD_ARRAY_STRIDE 0x808A
#define GL_EDGE_FLAG_ARRAY_STRIDE 0x808C
#define GL_FOG_COORD_ARRAY_TYPE 0x8454
#define GL_FOG_COORD_ARRAY_STRIDE 0x8455
#define GL_SECONDARY_COLOR_ARRAY_SIZE 0x845A
#define GL_SECONDARY_COLOR_ARRAY_TYPE 0x845B
#define GL_SECONDARY_COLOR_ARRAY_STRIDE 0x845C
#define GL_VERTEX_ARRAY_POINTER 0x808E
#define GL_NORMAL_ARRAY_POINTER 0x808F
#define GL_COLOR_ARRAY_POINTER 0x8090
#define GL_TEXTURE_COORD_ARRAY_POINTER 0x8092
#define GL_EDGE_FLAG_ARRAY_POINTER 0x8093
#define GL_FOG_COORD_ARRAY_POINTER 0x8456
#define GL_SECONDARY_COLOR_ARRAY_POINTER 0x845D
#define GL_V2F 0x2A20
#define GL_V3F 0x2A21
#define GL_C4UB_V2F 0x2A22
#define GL_C4UB_V3F 0x2A23
#define GL_C3F_V3F 0x2A24
#define GL_N3F_V3F 0x2A25
#define GL_C4F_N3F_V3F 0x2A26
#define GL_T2F_V3F 0x2A27
#define GL_T4F_V4F 0x2A28
#define GL_T2F_C4UB_V3F 0x2A29
#define GL_T2F_C3F_V3F 0x2A2A
#define GL_T2F_N3F_V3F 0x2A2B
#define GL_T2F_C4F_N3F_V3F 0x2A2C
#define GL_T4F_C4F_N3F_V4F 0x2A2D
#define GL_FOG_COORD 0x8451
#define GL_VERTEX_ARRAY_BUFFER_BINDING 0x8896
#define GL_NORMAL_ARRAY_BUFFER_BINDING 0x8897
#define GL_COLOR_ARRAY_BUFFER_BINDING 0x8898
#define GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING 0x889A
#define GL_EDGE_FLAG_ARRAY_BUFFER_BINDING 0x889B
#define GL_FOG_COORD_ARRAY_BUFFER_BINDING 0x889D
#define GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING 0x889C
#endif
#define FE_GL_INDEX_ARRAY_TYPE 0x8085
#define FE_GL_INDEX_ARRAY_STRIDE 0x8086
#define FE_GL_INDEX_ARRAY_POINTER 0x8091
#define FE_GL_INDEX_ARRAY_BUFFER_BINDING 0x8899

/* The vertices collected between glBegin and glEnd: one array per generic slot that changed
 * inside the pair (bit s of mask; POSITION always), four 32-bit words per vertex, and the edge
 * flags. glEnd draws them from the private vertex array `vao` as client-memory arrays. */
struct fe_compat_imm {
   GLenum mode;
   uint32_t count, cap;
   uint32_t mask;
   uint32_t *data[FE_MAX_VERTEX_ATTRIBS];
   uint8_t *edge;
   bool edge_varies; /* some vertex has its edge flag off */
   struct fe_vao vao;
};

/* An edge-flag array (glEdgeFlagPointer): a GLboolean per vertex, client memory or a buffer;
 * also the colour-index array (glIndexPointer, of its type), state only: GL 3.3
 * compatibility 2.19 gives indexes no effect in RGBA mode, the only one mgl has. */
struct fe_compat_edge_array {
   bool enabled;
   GLenum type; /* the index array's (initially GL_FLOAT); unused for edge flags */
   GLsizei stride;
   uint64_t offset;
   struct fe_buffer *buffer;
};

/* The render mode (GL 2.1 5.2, 5.3): the application's selection or feedback buffer, the words
 * written so far (count beyond size: overflow), the name stack and the pending hit. */
#define FE_COMPAT_NAME_STACK 64 /* GL_MAX_NAME_STACK_DEPTH */
struct fe_compat_rendermode {
   GLenum mode; /* GL_RENDER, GL_SELECT or GL_FEEDBACK */
   bool select_set, feedback_set;
   GLuint *select_buf;
   GLfloat *feedback_buf;
   GLsizei select_size, feedback_size;
   GLenum feedback_type;
   uint64_t count; /* words the mode has produced (those past the buffer's size are dropped) */
   uint32_t hits;
   GLuint names[FE_COMPAT_NAME_STACK];
   unsigned depth;
   bool hit;
   float hit_min, hit_max; /* window z of the primitives since the last hit record */
};

struct fe_compat {
   /* GL_EXT_stencil_two_side (fe_state.c): the switch, glActiveStencilFaceEXT's face, and the
    * back face not drawn with (GL 2.0's while the switch is on, the extension's while off) */
   bool stencil_two_side, stencil_active_back;
   struct fe_compat_stencil_face stencil_aside;
   const char **ext; /* the core list and GL_ARB_compatibility */
   unsigned ext_n;
   char *ext_joined;     /* glGetString(GL_EXTENSIONS) */
   GLboolean edge_flag;  /* GL_EDGE_FLAG */
   GLfloat index;        /* GL_CURRENT_INDEX (RGBA configs only: no effect) */
   GLfloat clear_index;  /* GL_INDEX_CLEAR_VALUE (likewise) */
   GLuint index_mask;    /* GL_INDEX_WRITEMASK (likewise) */
   unsigned client_unit; /* GL_CLIENT_ACTIVE_TEXTURE - GL_TEXTURE0 */
   struct fe_compat_edge_array edge_array;
   struct fe_compat_edge_array index_array;
   /* EXT_compiled_vertex_array's glLockArraysEXT range (GL_ARRAY_ELEMENT_LOCK_FIRST_EXT,
    * _COUNT_EXT); count 0: unlocked. A lock promises the arrays do not change; mgl reads
    * them at each draw anyway, so it changes nothing else. */
   GLint lock_first;
   GLsizei lock_count;
   /* The edge flags the draw in progress reads (glEnd's or a display list's, draw_edges_n of
    * them, some off when draw_edges_vary; NULL: the edge-flag array's). */
   const uint8_t *draw_edges;
   uint32_t draw_edges_n;
   bool draw_edges_vary;
   /* What the polygon rewrite draws of each primitive of the draw in progress (fe_compat_draw):
    * k primitives each (2 triangles a filled quad), 0 when they differ; 1 outside it. A
    * fragment shader's gl_PrimitiveID is divided by it (GLSL_STATE_PRIMITIVE_DIVISOR). */
   uint32_t rewrite_divisor;
   /* The draw in progress is the rewrite's triangles with adjacency for the generated outline
    * stage (fe_compat_prim.c, fe_ff_program.c): it keys the fixed-function program. */
   bool outline_draw;
   /* During such a draw, GL_POLYGON_OFFSET_LINE (bit 1) and _POINT (bit 2): the outline stage
    * offsets its lines and points itself (GL 4.6 §14.6.5), so they are off in the render
    * state the device gets, whose depth bias is for polygons. */
   uint8_t outline_offset;
   struct fe_vao dl_vao; /* a display list's captured vertices (fe_dlist_draw.c) */
   struct fe_compat_imm imm;
   struct fe_compat_pixels *pixels;      /* raster position, pixel transfer (fe_compat_pixels.h) */
   struct fe_attrib_stack *attrib_stack; /* fe_compat_pushattrib.c; NULL until first pushed */
   GLfloat accum_clear[4];               /* GL_ACCUM_CLEAR_VALUE (fe_compat_accum.c) */
   struct fe_compat_accum *accum;        /* the accumulation buffer; NULL until first used */
   struct fe_compat_rendermode rm;       /* selection and feedback (fe_compat_rendermode.c) */
   struct fe_eval *eval;                 /* evaluators (fe_eval.c); NULL until first used */
};

/* fe_compat_context.c */
/* Made with the context (compatibility contexts only) and destroyed with it (NULL accepted). */
struct fe_compat *fe_compat_create(void);
/* The compatibility profile's initial state, after fe_state_init. */
void fe_compat_init(struct fe_context *ctx);
void fe_compat_destroy(struct fe_context *ctx, struct fe_compat *c);
/* The extension list of a compatibility context: base (n names) and GL_ARB_compatibility.
 * NULL when out of memory. */
const char *const *fe_compat_extensions(struct fe_context *ctx, const char *const *base, unsigned n,
                                        unsigned *out_n);
const char *fe_compat_extensions_string(struct fe_context *ctx, const char *const *base,
                                        unsigned n);
/* glGet of compatibility state: the count of values written to f (0: not such a pname), and
 * their kind (0 float, 1 int, 2 bool, 3 normalized colour, 4 enum). */
int fe_compat_get(struct fe_context *ctx, GLenum pname, double f[16], int *kind);
/* glIsEnabled of the client array caps: 0 or 1, -1 not one of them. */
int fe_compat_is_enabled(struct fe_context *ctx, GLenum cap);

/* fe_compat_arrays.c: glEnable/glDisable of a legacy array cap (GL_VERTEX_ARRAY ..), which
 * compatibility contexts take as glEnableClientState does, as Mesa and NVIDIA do; false for a
 * cap that is not one. */
bool fe_compat_enable_array(struct fe_context *ctx, GLenum cap, bool on);

/* fe_compat_accum.c: glGet of GL_ACCUM_CLEAR_VALUE (kind colour) and the draw framebuffer's
 * accumulation bits; 0 for other pnames. */
int fe_compat_accum_get(struct fe_context *ctx, GLenum pname, double *out);
/* glClear's GL_ACCUM_BUFFER_BIT: the scissored accumulation buffer to GL_ACCUM_CLEAR_VALUE
 * (nothing when the draw framebuffer has none). */
void fe_compat_accum_clear(struct fe_context *ctx);
/* Lets go of the accumulation buffer and its programs (context teardown). */
void fe_compat_accum_finish(struct fe_context *ctx, struct fe_compat *c);

/* fe_compat_rendermode.c: glGet of the render-mode state (count written, 0: not one). */
int fe_compat_rendermode_get(struct fe_context *ctx, GLenum pname, double *out, int *kind);
/* The next word of the selection or feedback buffer (counted even past its end), and a
 * primitive's window z reaching the pending hit. */
void fe_compat_rm_word(struct fe_compat_rendermode *rm, float f, GLuint u);
void fe_compat_rm_hit(struct fe_compat_rendermode *rm, float z);
/* fe_compat_rm_draw.c: a draw in GL_SELECT or GL_FEEDBACK mode (in place of rasterizing it):
 * the vertices transformed, clipped and mapped to the window on the CPU, then recorded as
 * feedback tokens or as the pending hit. count vertices from first (type 0), or count indices
 * of type at indices (client memory, or an offset into the bound element array buffer). */
void fe_compat_rm_draw(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count, GLenum type,
                       const void *indices, GLint basevertex);
/* fe_compat_arrays.c: element i of array a as floats (as glArrayElement reads it); false when
 * there is nothing to read (a named decline said why). */
bool fe_compat_array_element(struct fe_context *ctx, const struct fe_vertex_attrib *a, GLint i,
                             float out[4]);

/* An element of a's type at bytes as four words: floats, or integers for an integer array
 * (GL_INT/GL_UNSIGNED_INT words); false for a type it does not read. */
bool fe_compat_element_words(const struct fe_vertex_attrib *a, const uint8_t *bytes,
                             uint32_t out[4]);
/* glArrayElement's values: element i of every enabled array (bit s of mask: slot s read) and
 * of the edge-flag array. Read sets them from the arrays now; apply sets the current values
 * and, with the position, makes the vertex (fe_dlist_draw.c replays a compiled one). */
struct fe_compat_element {
   uint32_t mask;
   float v[FE_MAX_VERTEX_ATTRIBS][4];
   bool has_edge;
   GLboolean edge;
};
void fe_compat_element_read(struct fe_context *ctx, GLint i, struct fe_compat_element *e);
void fe_compat_element_apply(struct fe_context *ctx, const struct fe_compat_element *e);
/* fe_compat_prim.c: a draw's source indices as 32-bit values (first.. for type 0, else count of
 * type from client memory or the element buffer); malloc'ed, NULL after an error or decline. */
uint32_t *fe_compat_source_indices(struct fe_context *ctx, GLint first, GLsizei count, GLenum type,
                                   const void *indices);

/* fe_eval.c: evaluators (GL 2.1 5.1). glEnable of GL_MAP1_*, GL_MAP2_*, GL_AUTO_NORMAL (-1: not
 * such a cap; on -1 queries), glGet of their state (count written, 0: not one), and the end. */
int fe_eval_set_enable(struct fe_context *ctx, GLenum cap, int on);
int fe_eval_get(struct fe_context *ctx, GLenum pname, double *out, int *kind);
void fe_eval_destroy(struct fe_compat *c);
/* GL_EVAL_BIT's state (GL 2.1 §6.1.14): the map enables, GL_AUTO_NORMAL and both grids (not
 * the maps' control points). glPushAttrib saves it; glPopAttrib puts it back, the grids only
 * for GL_EVAL_BIT (GL_ENABLE_BIT holds the enables alone). */
struct fe_eval_attrib {
   uint32_t enabled[2];
   bool auto_normal;
   int grid1_n, grid2_un, grid2_vn;
   float grid[6]; /* grid 1's u1, u2; grid 2's u1, u2, v1, v2 */
};
void fe_eval_attrib_save(struct fe_context *ctx, struct fe_eval_attrib *a);
void fe_eval_attrib_restore(struct fe_context *ctx, const struct fe_eval_attrib *a, bool grids);

/* fe_compat_pushattrib.c: glGet of the attribute stacks' depths (0: not such a pname), and
 * the frames still pushed let go with the context. */
int fe_compat_attrib_stack_get(struct fe_context *ctx, GLenum pname, double *out);
void fe_compat_attrib_stack_destroy(struct fe_context *ctx, struct fe_compat *c);

/* fe_compat_attrib.c, fe_compat_immediate.c */
/* Writes a conventional attribute's current value (float), feeding glBegin/glEnd's arrays. */
void fe_compat_attr(struct fe_context *ctx, unsigned slot, float x, float y, float z, float w);
/* A current-value write of generic slot `slot` is about to happen inside glBegin/glEnd. */
void fe_compat_imm_touch(struct fe_context *ctx, unsigned slot);

/* fe_compat_immediate.c */
/* glVertex: the current attributes and this position become a vertex. */
void fe_compat_imm_vertex(struct fe_context *ctx, float x, float y, float z, float w);
void fe_compat_imm_finish(struct fe_context *ctx, struct fe_compat_imm *imm);

/* fe_compat_prim.c */
/* Whether a draw of mode needs the front end's polygon rewrite (quads, quad strips,
 * polygons; triangles whose edge flags matter in polygon mode LINE or POINT). */
bool fe_compat_draw_rewritten(struct fe_context *ctx, GLenum mode);
/* Draws mode's polygons as triangles (or their edges, or vertices, in polygon mode LINE or
 * POINT) through fe_draw_rewritten: count vertices from first (type 0), or count indices. */
void fe_compat_draw(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count, GLenum type,
                    const void *indices, GLsizei instances, GLuint baseinstance, GLint basevertex);

/* fe_compat_arrays.c */
/* glGetPointerv of the legacy arrays: false when pname is not one of them. */
bool fe_compat_get_pointer(struct fe_context *ctx, GLenum pname, void **params);

/* fe_vao.c: glVertexAttribPointer's and glEnableVertexAttribArray's work, for the legacy
 * array commands at their slots */
void fe_vao_attrib_pointer(struct fe_context *ctx, GLuint index, GLint size, GLenum type,
                           GLboolean normalized, GLsizei stride, const void *pointer);
void fe_vao_attrib_enable(struct fe_context *ctx, GLuint index, bool on);

/* fe_draw.c */
/* Whether mode is a draw mode of this context (GL_INVALID_ENUM otherwise). */
bool fe_draw_mode_valid(const struct fe_context *ctx, GLenum mode);
void fe_draw_arrays(struct fe_context *ctx, GLenum mode, GLint first, GLsizei count,
                    GLsizei instances);
/* An indexed draw of 32-bit indices in client memory (min..max) whatever element buffer is
 * bound, with no primitive restart: the indices fe_compat_draw made. */
void fe_draw_rewritten(struct fe_context *ctx, GLenum mode, GLsizei count, const GLuint *indices,
                       GLuint min, GLuint max, GLsizei instances, GLuint baseinstance,
                       GLint basevertex);

#endif
