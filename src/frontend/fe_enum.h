/* fe_enum.h — GL enums to MGPipe's (pipe_types.def) and back. The front end translates once,
 * where it records the state (a setter, a CSO's payload, a record); glGet translates back. The
 * to-mgp functions answer the enum's COUNT for a GL value it does not have: callers have
 * already refused those with GL_INVALID_ENUM, so COUNT reaching the wire is a front-end bug
 * the server's decoder refuses by name. */
#ifndef MGL_FRONTEND_FE_ENUM_H
#define MGL_FRONTEND_FE_ENUM_H

#include <GL/glcorearb.h>
#include <stdint.h>

#include "pipe_types.h"

unsigned fe_mgp_blend_factor(GLenum gl);
unsigned fe_mgp_blend_op(GLenum gl);
unsigned fe_mgp_logic_op(GLenum gl);
unsigned fe_mgp_compare_func(GLenum gl);
unsigned fe_mgp_stencil_op(GLenum gl);
unsigned fe_mgp_cull_mode(GLenum gl); /* 0: culling off */
unsigned fe_mgp_front_face(GLenum gl);
unsigned fe_mgp_polygon_mode(GLenum gl);
unsigned fe_mgp_vertex_type(GLenum gl);
unsigned fe_mgp_wrap(GLenum gl);
unsigned fe_mgp_filter(GLenum gl);
unsigned fe_mgp_compare_mode(GLenum gl);
unsigned fe_mgp_query_kind(GLenum gl);
unsigned fe_mgp_cond_render_mode(GLenum gl);
unsigned fe_mgp_buffer_usage(GLenum gl);
uint32_t fe_mgp_blit_mask(GLbitfield gl);

GLenum fe_gl_blend_factor(unsigned v);
GLenum fe_gl_blend_op(unsigned v);
GLenum fe_gl_logic_op(unsigned v);
GLenum fe_gl_compare_func(unsigned v);
GLenum fe_gl_stencil_op(unsigned v);
GLenum fe_gl_front_face(unsigned v);

/* Per draw, so a table indexed by the GL mode (GL_POINTS 0 .. GL_PATCHES 0xE) rather than a
 * search; GL 3.3 core and ES have no QUADS, QUAD_STRIP or POLYGON (7..9): COUNT. */
static inline unsigned
fe_mgp_prim(GLenum mode)
{
   static const uint8_t t[GL_PATCHES + 1] = {
      [GL_POINTS] = MGP_PRIM_POINTS,
      [GL_LINES] = MGP_PRIM_LINES,
      [GL_LINE_LOOP] = MGP_PRIM_LINE_LOOP,
      [GL_LINE_STRIP] = MGP_PRIM_LINE_STRIP,
      [GL_TRIANGLES] = MGP_PRIM_TRIANGLES,
      [GL_TRIANGLE_STRIP] = MGP_PRIM_TRIANGLE_STRIP,
      [GL_TRIANGLE_FAN] = MGP_PRIM_TRIANGLE_FAN,
      [GL_QUADS] = MGP_PRIM_COUNT,
      [GL_QUADS + 1] = MGP_PRIM_COUNT,
      [GL_QUADS + 2] = MGP_PRIM_COUNT,
      [GL_LINES_ADJACENCY] = MGP_PRIM_LINES_ADJACENCY,
      [GL_LINE_STRIP_ADJACENCY] = MGP_PRIM_LINE_STRIP_ADJACENCY,
      [GL_TRIANGLES_ADJACENCY] = MGP_PRIM_TRIANGLES_ADJACENCY,
      [GL_TRIANGLE_STRIP_ADJACENCY] = MGP_PRIM_TRIANGLE_STRIP_ADJACENCY,
      [GL_PATCHES] = MGP_PRIM_PATCHES,
   };
   return mode <= GL_PATCHES ? t[mode] : MGP_PRIM_COUNT;
}

#endif
