/* fe_uniform_loc.c — what a default-block location holds, worked out once at link: the one
 * glUniform* shape that stores its element word for word (fe_uniform.c's fast store). A leaf
 * below fe_program (which calls it) and fe_uniform. */
#include "fe_program_internal.h"

void
fe_uniform_loc_init(const struct fe_exec *e, struct fe_uniform_loc *loc, uint32_t i, uint32_t k)
{
   *loc = (struct fe_uniform_loc){.element = (uint16_t)k, .index = i};
   const struct glsl_uniform *u = &e->glsl->default_block.uniforms[i];
   const struct type_info ti = fe_gl_type_info(u->type);
   /* a bool converts, an 8-byte type takes other calls, a row-major matrix or one with padded
    * columns is not one run: the general path */
   if (ti.base != BT_FLOAT && ti.base != BT_INT && ti.base != BT_UINT)
      return;
   if (ti.cols > 1 && (u->row_major || u->matrix_stride != ti.rows * 4u))
      return;
   const uint64_t at = u->offset + (uint64_t)k * u->array_stride;
   if (at + (uint64_t)ti.rows * ti.cols * 4u > e->uniform_size)
      return;
   const enum fe_value_kind vk = ti.base == BT_FLOAT ? FE_VK_FLOAT
                                 : ti.base == BT_INT ? FE_VK_INT
                                                     : FE_VK_UINT;
   loc->shape = fe_uniform_shape(vk, ti.rows, ti.cols > 1 ? ti.cols : 0);
   loc->at = (uint32_t)at;
}
