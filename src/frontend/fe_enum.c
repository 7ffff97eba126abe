/* fe_enum.c — GL enums to MGPipe's and back: one table per enum, indexed by the mgp_ value,
 * serves both directions. The searches run where state is set, never per draw. */
#include "fe_enum.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static unsigned
find(const GLenum *t, unsigned n, GLenum gl)
{
   for (unsigned i = 0; i < n; i++)
      if (t[i] == gl)
         return i;
   return n;
}

static const GLenum blend_factor[MGP_BLEND_FACTOR_COUNT] = {
   [MGP_BLEND_FACTOR_ZERO] = GL_ZERO,
   [MGP_BLEND_FACTOR_ONE] = GL_ONE,
   [MGP_BLEND_FACTOR_SRC_COLOR] = GL_SRC_COLOR,
   [MGP_BLEND_FACTOR_ONE_MINUS_SRC_COLOR] = GL_ONE_MINUS_SRC_COLOR,
   [MGP_BLEND_FACTOR_DST_COLOR] = GL_DST_COLOR,
   [MGP_BLEND_FACTOR_ONE_MINUS_DST_COLOR] = GL_ONE_MINUS_DST_COLOR,
   [MGP_BLEND_FACTOR_SRC_ALPHA] = GL_SRC_ALPHA,
   [MGP_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA] = GL_ONE_MINUS_SRC_ALPHA,
   [MGP_BLEND_FACTOR_DST_ALPHA] = GL_DST_ALPHA,
   [MGP_BLEND_FACTOR_ONE_MINUS_DST_ALPHA] = GL_ONE_MINUS_DST_ALPHA,
   [MGP_BLEND_FACTOR_CONSTANT_COLOR] = GL_CONSTANT_COLOR,
   [MGP_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR] = GL_ONE_MINUS_CONSTANT_COLOR,
   [MGP_BLEND_FACTOR_CONSTANT_ALPHA] = GL_CONSTANT_ALPHA,
   [MGP_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA] = GL_ONE_MINUS_CONSTANT_ALPHA,
   [MGP_BLEND_FACTOR_SRC_ALPHA_SATURATE] = GL_SRC_ALPHA_SATURATE,
   [MGP_BLEND_FACTOR_SRC1_COLOR] = GL_SRC1_COLOR,
   [MGP_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR] = GL_ONE_MINUS_SRC1_COLOR,
   [MGP_BLEND_FACTOR_SRC1_ALPHA] = GL_SRC1_ALPHA,
   [MGP_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA] = GL_ONE_MINUS_SRC1_ALPHA,
};

static const GLenum blend_op[MGP_BLEND_OP_COUNT] = {
   [MGP_BLEND_OP_ADD] = GL_FUNC_ADD,
   [MGP_BLEND_OP_SUBTRACT] = GL_FUNC_SUBTRACT,
   [MGP_BLEND_OP_REVERSE_SUBTRACT] = GL_FUNC_REVERSE_SUBTRACT,
   [MGP_BLEND_OP_MIN] = GL_MIN,
   [MGP_BLEND_OP_MAX] = GL_MAX,
};

static const GLenum logic_op[MGP_LOGIC_OP_COUNT] = {
   [MGP_LOGIC_OP_CLEAR] = GL_CLEAR,
   [MGP_LOGIC_OP_AND] = GL_AND,
   [MGP_LOGIC_OP_AND_REVERSE] = GL_AND_REVERSE,
   [MGP_LOGIC_OP_COPY] = GL_COPY,
   [MGP_LOGIC_OP_AND_INVERTED] = GL_AND_INVERTED,
   [MGP_LOGIC_OP_NOOP] = GL_NOOP,
   [MGP_LOGIC_OP_XOR] = GL_XOR,
   [MGP_LOGIC_OP_OR] = GL_OR,
   [MGP_LOGIC_OP_NOR] = GL_NOR,
   [MGP_LOGIC_OP_EQUIV] = GL_EQUIV,
   [MGP_LOGIC_OP_INVERT] = GL_INVERT,
   [MGP_LOGIC_OP_OR_REVERSE] = GL_OR_REVERSE,
   [MGP_LOGIC_OP_COPY_INVERTED] = GL_COPY_INVERTED,
   [MGP_LOGIC_OP_OR_INVERTED] = GL_OR_INVERTED,
   [MGP_LOGIC_OP_NAND] = GL_NAND,
   [MGP_LOGIC_OP_SET] = GL_SET,
};

static const GLenum compare_func[MGP_COMPARE_FUNC_COUNT] = {
   [MGP_COMPARE_FUNC_NEVER] = GL_NEVER,     [MGP_COMPARE_FUNC_LESS] = GL_LESS,
   [MGP_COMPARE_FUNC_EQUAL] = GL_EQUAL,     [MGP_COMPARE_FUNC_LEQUAL] = GL_LEQUAL,
   [MGP_COMPARE_FUNC_GREATER] = GL_GREATER, [MGP_COMPARE_FUNC_NOTEQUAL] = GL_NOTEQUAL,
   [MGP_COMPARE_FUNC_GEQUAL] = GL_GEQUAL,   [MGP_COMPARE_FUNC_ALWAYS] = GL_ALWAYS,
};

static const GLenum stencil_op[MGP_STENCIL_OP_COUNT] = {
   [MGP_STENCIL_OP_KEEP] = GL_KEEP,           [MGP_STENCIL_OP_ZERO] = GL_ZERO,
   [MGP_STENCIL_OP_REPLACE] = GL_REPLACE,     [MGP_STENCIL_OP_INCR] = GL_INCR,
   [MGP_STENCIL_OP_DECR] = GL_DECR,           [MGP_STENCIL_OP_INVERT] = GL_INVERT,
   [MGP_STENCIL_OP_INCR_WRAP] = GL_INCR_WRAP, [MGP_STENCIL_OP_DECR_WRAP] = GL_DECR_WRAP,
};

static const GLenum cull_mode[MGP_CULL_MODE_COUNT] = {
   [MGP_CULL_MODE_NONE] = 0,
   [MGP_CULL_MODE_FRONT] = GL_FRONT,
   [MGP_CULL_MODE_BACK] = GL_BACK,
   [MGP_CULL_MODE_FRONT_AND_BACK] = GL_FRONT_AND_BACK,
};

static const GLenum front_face[MGP_FRONT_FACE_COUNT] = {
   [MGP_FRONT_FACE_CCW] = GL_CCW,
   [MGP_FRONT_FACE_CW] = GL_CW,
};

static const GLenum polygon_mode[MGP_POLYGON_MODE_COUNT] = {
   [MGP_POLYGON_MODE_FILL] = GL_FILL,
   [MGP_POLYGON_MODE_LINE] = GL_LINE,
   [MGP_POLYGON_MODE_POINT] = GL_POINT,
};

static const GLenum vertex_type[MGP_VERTEX_TYPE_COUNT] = {
   [MGP_VERTEX_TYPE_BYTE] = GL_BYTE,
   [MGP_VERTEX_TYPE_UNSIGNED_BYTE] = GL_UNSIGNED_BYTE,
   [MGP_VERTEX_TYPE_SHORT] = GL_SHORT,
   [MGP_VERTEX_TYPE_UNSIGNED_SHORT] = GL_UNSIGNED_SHORT,
   [MGP_VERTEX_TYPE_INT] = GL_INT,
   [MGP_VERTEX_TYPE_UNSIGNED_INT] = GL_UNSIGNED_INT,
   [MGP_VERTEX_TYPE_HALF_FLOAT] = GL_HALF_FLOAT,
   [MGP_VERTEX_TYPE_FLOAT] = GL_FLOAT,
   [MGP_VERTEX_TYPE_DOUBLE] = GL_DOUBLE,
   [MGP_VERTEX_TYPE_FIXED] = GL_FIXED,
   [MGP_VERTEX_TYPE_INT_2_10_10_10_REV] = GL_INT_2_10_10_10_REV,
   [MGP_VERTEX_TYPE_UNSIGNED_INT_2_10_10_10_REV] = GL_UNSIGNED_INT_2_10_10_10_REV,
   [MGP_VERTEX_TYPE_UNSIGNED_INT_10F_11F_11F_REV] = GL_UNSIGNED_INT_10F_11F_11F_REV,
};

static const GLenum wrap[MGP_WRAP_COUNT] = {
   [MGP_WRAP_REPEAT] = GL_REPEAT,
   [MGP_WRAP_CLAMP_TO_EDGE] = GL_CLAMP_TO_EDGE,
   [MGP_WRAP_MIRRORED_REPEAT] = GL_MIRRORED_REPEAT,
   [MGP_WRAP_CLAMP_TO_BORDER] = GL_CLAMP_TO_BORDER,
   [MGP_WRAP_MIRROR_CLAMP_TO_EDGE] = GL_MIRROR_CLAMP_TO_EDGE,
};

static const GLenum filter[MGP_FILTER_COUNT] = {
   [MGP_FILTER_NEAREST] = GL_NEAREST,
   [MGP_FILTER_LINEAR] = GL_LINEAR,
   [MGP_FILTER_NEAREST_MIPMAP_NEAREST] = GL_NEAREST_MIPMAP_NEAREST,
   [MGP_FILTER_LINEAR_MIPMAP_NEAREST] = GL_LINEAR_MIPMAP_NEAREST,
   [MGP_FILTER_NEAREST_MIPMAP_LINEAR] = GL_NEAREST_MIPMAP_LINEAR,
   [MGP_FILTER_LINEAR_MIPMAP_LINEAR] = GL_LINEAR_MIPMAP_LINEAR,
};

static const GLenum compare_mode[MGP_COMPARE_MODE_COUNT] = {
   [MGP_COMPARE_MODE_NONE] = GL_NONE,
   [MGP_COMPARE_MODE_REF_TO_TEXTURE] = GL_COMPARE_REF_TO_TEXTURE,
};

static const GLenum query_kind[MGP_QUERY_KIND_COUNT] = {
   [MGP_QUERY_KIND_SAMPLES_PASSED] = GL_SAMPLES_PASSED,
   [MGP_QUERY_KIND_ANY_SAMPLES_PASSED] = GL_ANY_SAMPLES_PASSED,
   [MGP_QUERY_KIND_ANY_SAMPLES_PASSED_CONSERVATIVE] = GL_ANY_SAMPLES_PASSED_CONSERVATIVE,
   [MGP_QUERY_KIND_TIME_ELAPSED] = GL_TIME_ELAPSED,
   [MGP_QUERY_KIND_TIMESTAMP] = GL_TIMESTAMP,
   [MGP_QUERY_KIND_PRIMITIVES_GENERATED] = GL_PRIMITIVES_GENERATED,
   [MGP_QUERY_KIND_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN] =
      GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN,
};

static const GLenum cond_render_mode[MGP_COND_RENDER_MODE_COUNT] = {
   [MGP_COND_RENDER_MODE_WAIT] = GL_QUERY_WAIT,
   [MGP_COND_RENDER_MODE_NO_WAIT] = GL_QUERY_NO_WAIT,
   [MGP_COND_RENDER_MODE_BY_REGION_WAIT] = GL_QUERY_BY_REGION_WAIT,
   [MGP_COND_RENDER_MODE_BY_REGION_NO_WAIT] = GL_QUERY_BY_REGION_NO_WAIT,
   [MGP_COND_RENDER_MODE_WAIT_INVERTED] = GL_QUERY_WAIT_INVERTED,
   [MGP_COND_RENDER_MODE_NO_WAIT_INVERTED] = GL_QUERY_NO_WAIT_INVERTED,
   [MGP_COND_RENDER_MODE_BY_REGION_WAIT_INVERTED] = GL_QUERY_BY_REGION_WAIT_INVERTED,
   [MGP_COND_RENDER_MODE_BY_REGION_NO_WAIT_INVERTED] = GL_QUERY_BY_REGION_NO_WAIT_INVERTED,
};

static const GLenum buffer_usage[MGP_BUFFER_USAGE_COUNT] = {
   [MGP_BUFFER_USAGE_STREAM_DRAW] = GL_STREAM_DRAW,
   [MGP_BUFFER_USAGE_STREAM_READ] = GL_STREAM_READ,
   [MGP_BUFFER_USAGE_STREAM_COPY] = GL_STREAM_COPY,
   [MGP_BUFFER_USAGE_STATIC_DRAW] = GL_STATIC_DRAW,
   [MGP_BUFFER_USAGE_STATIC_READ] = GL_STATIC_READ,
   [MGP_BUFFER_USAGE_STATIC_COPY] = GL_STATIC_COPY,
   [MGP_BUFFER_USAGE_DYNAMIC_DRAW] = GL_DYNAMIC_DRAW,
   [MGP_BUFFER_USAGE_DYNAMIC_READ] = GL_DYNAMIC_READ,
   [MGP_BUFFER_USAGE_DYNAMIC_COPY] = GL_DYNAMIC_COPY,
};

unsigned
fe_mgp_blend_factor(GLenum gl)
{
   return find(blend_factor, N(blend_factor), gl);
}

unsigned
fe_mgp_blend_op(GLenum gl)
{
   return find(blend_op, N(blend_op), gl);
}

unsigned
fe_mgp_logic_op(GLenum gl)
{
   return find(logic_op, N(logic_op), gl);
}

unsigned
fe_mgp_compare_func(GLenum gl)
{
   return find(compare_func, N(compare_func), gl);
}

unsigned
fe_mgp_stencil_op(GLenum gl)
{
   return find(stencil_op, N(stencil_op), gl);
}

unsigned
fe_mgp_cull_mode(GLenum gl)
{
   return find(cull_mode, N(cull_mode), gl);
}

unsigned
fe_mgp_front_face(GLenum gl)
{
   return find(front_face, N(front_face), gl);
}

unsigned
fe_mgp_polygon_mode(GLenum gl)
{
   return find(polygon_mode, N(polygon_mode), gl);
}

unsigned
fe_mgp_vertex_type(GLenum gl)
{
   return find(vertex_type, N(vertex_type), gl);
}

unsigned
fe_mgp_wrap(GLenum gl)
{
   return find(wrap, N(wrap), gl);
}

unsigned
fe_mgp_filter(GLenum gl)
{
   return find(filter, N(filter), gl);
}

unsigned
fe_mgp_compare_mode(GLenum gl)
{
   return find(compare_mode, N(compare_mode), gl);
}

unsigned
fe_mgp_query_kind(GLenum gl)
{
   return find(query_kind, N(query_kind), gl);
}

unsigned
fe_mgp_cond_render_mode(GLenum gl)
{
   return find(cond_render_mode, N(cond_render_mode), gl);
}

unsigned
fe_mgp_buffer_usage(GLenum gl)
{
   return find(buffer_usage, N(buffer_usage), gl);
}

uint32_t
fe_mgp_blit_mask(GLbitfield gl)
{
   return (gl & GL_COLOR_BUFFER_BIT ? MGP_BLIT_COLOR : 0) |
          (gl & GL_DEPTH_BUFFER_BIT ? MGP_BLIT_DEPTH : 0) |
          (gl & GL_STENCIL_BUFFER_BIT ? MGP_BLIT_STENCIL : 0);
}

#define BACK(t, v) ((v) < N(t) ? (t)[v] : GL_NONE)
GLenum
fe_gl_blend_factor(unsigned v)
{
   return BACK(blend_factor, v);
}

GLenum
fe_gl_blend_op(unsigned v)
{
   return BACK(blend_op, v);
}

GLenum
fe_gl_logic_op(unsigned v)
{
   return BACK(logic_op, v);
}

GLenum
fe_gl_compare_func(unsigned v)
{
   return BACK(compare_func, v);
}

GLenum
fe_gl_stencil_op(unsigned v)
{
   return BACK(stencil_op, v);
}

GLenum
fe_gl_front_face(unsigned v)
{
   return BACK(front_face, v);
}
