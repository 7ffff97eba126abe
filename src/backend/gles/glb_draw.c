/* glb_draw.c — render state, vertex input and the draw on the host context. Every draw puts
 * the whole state it needs on the host (no shadow yet); what GLES cannot do as sent (logic ops,
 * depth clamp, polygon modes, dual-source factors, first-vertex provoking, zero strides, BGRA or
 * double attributes, base instances, adjacency, indirect draws, a restart index other than all
 * ones) drops the draw with a named decline. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glb.h"

/* ---- CSOs ----------------------------------------------------------------------------------- */

void
glb_create_render_state(void *self, const struct mgp_create_render_state *args, const void *tail,
                        uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_render_state *rs = calloc(1, sizeof(*rs));
   if (!rs) {
      glb_fatal(ctx->scr, MGU_FATAL_OutOfMemory, "create_render_state");
      return;
   }
   rs->base.h = args->cso;
   rs->s = args->state;
   if (!glb_table_put(ctx->scr, &ctx->scr->render_states, &rs->base, "create_render_state"))
      free(rs);
}

void
glb_bind_render_state(void *self, const struct mgp_handle_args *args, const void *tail,
                      uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (mgp_handle_is_null(args->h) ||
       glb_lookup(ctx->scr, &ctx->scr->render_states, args->h, "bind_render_state"))
      ctx->render_state = args->h;
}

void
glb_delete_render_state(void *self, const struct mgp_handle_args *args, const void *tail,
                        uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_obj *o =
      glb_lookup(ctx->scr, &ctx->scr->render_states, args->h, "delete_render_state");
   glb_table_remove(&ctx->scr->render_states, o);
   free(o);
}

void
glb_create_vertex_elements(void *self, const struct mgp_create_vertex_elements *args,
                           const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_vertex_elements *ve = calloc(1, sizeof(*ve));
   if (!ve) {
      glb_fatal(ctx->scr, MGU_FATAL_OutOfMemory, "create_vertex_elements");
      return;
   }
   ve->base.h = args->cso;
   ve->ve = *args;
   if (!glb_table_put(ctx->scr, &ctx->scr->vertex_elements, &ve->base, "create_vertex_elements"))
      free(ve);
}

void
glb_bind_vertex_elements(void *self, const struct mgp_handle_args *args, const void *tail,
                         uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   if (mgp_handle_is_null(args->h) ||
       glb_lookup(ctx->scr, &ctx->scr->vertex_elements, args->h, "bind_vertex_elements"))
      ctx->vertex_elements = args->h;
}

void
glb_delete_vertex_elements(void *self, const struct mgp_handle_args *args, const void *tail,
                           uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   struct glb_obj *o =
      glb_lookup(ctx->scr, &ctx->scr->vertex_elements, args->h, "delete_vertex_elements");
   glb_table_remove(&ctx->scr->vertex_elements, o);
   free(o);
}

/* ---- set_* ---------------------------------------------------------------------------------- */

void
glb_set_dynamic_state(void *self, const struct mgp_dynamic_state *args, const void *tail,
                      uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   ctx->dyn = *args;
   ctx->dyn_set = true;
}

void
glb_set_vertex_buffers(void *self, const struct mgp_set_vertex_buffers *args, const void *tail,
                       uint32_t tail_count)
{
   struct glb_context *ctx = self;
   if (args->start >= GLB_MAX_VB || tail_count > GLB_MAX_VB - args->start) {
      glb_fatal(ctx->scr, MGU_FATAL_ProtocolCorruption, "set_vertex_buffers: slots past 16");
      return;
   }
   memcpy(&ctx->vb[args->start], tail, tail_count * sizeof(struct mgp_vertex_buffer));
}

void
glb_set_vertex_attrib_defaults(void *self, const struct mgp_set_vertex_attrib_defaults *args,
                               const void *tail, uint32_t tail_count)
{
   (void)args;
   struct glb_context *ctx = self;
   const struct mgp_attrib_value *v = tail;
   for (uint32_t i = 0; i < tail_count; i++) {
      if (v[i].location >= GLB_MAX_ATTRIBS || v[i].kind > 2) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: a vertex attribute default at location %u of kind %u", v[i].location,
                     v[i].kind);
         continue;
      }
      ctx->attrib_kind[v[i].location] = (uint8_t)v[i].kind;
      memcpy(ctx->attrib_value[v[i].location], v[i].value, sizeof(v[i].value));
   }
}

void
glb_set_index_buffer(void *self, const struct mgp_set_index_buffer *args, const void *tail,
                     uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   struct glb_context *ctx = self;
   ctx->ib = *args;
}

/* ---- enums ---------------------------------------------------------------------------------- */

static const GLenum blend_factors[MGP_BLEND_FACTOR_COUNT] = {
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
   /* SRC1_*: no dual-source blending in GLES 3.2 (0: declined) */
};

static const GLenum blend_ops[MGP_BLEND_OP_COUNT] = {
   GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT, GL_MIN, GL_MAX,
};

static const GLenum compare_funcs[MGP_COMPARE_FUNC_COUNT] = {
   GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS,
};

static const GLenum stencil_ops[MGP_STENCIL_OP_COUNT] = {
   GL_KEEP, GL_ZERO, GL_REPLACE, GL_INCR, GL_DECR, GL_INVERT, GL_INCR_WRAP, GL_DECR_WRAP,
};

static const GLenum prims[MGP_PRIM_COUNT] = {
   [MGP_PRIM_POINTS] = GL_POINTS,
   [MGP_PRIM_LINES] = GL_LINES,
   [MGP_PRIM_LINE_LOOP] = GL_LINE_LOOP,
   [MGP_PRIM_LINE_STRIP] = GL_LINE_STRIP,
   [MGP_PRIM_TRIANGLES] = GL_TRIANGLES,
   [MGP_PRIM_TRIANGLE_STRIP] = GL_TRIANGLE_STRIP,
   [MGP_PRIM_TRIANGLE_FAN] = GL_TRIANGLE_FAN,
   /* adjacency and patches: no geometry or tessellation stage here yet (0: declined) */
};

static const GLenum vertex_types[MGP_VERTEX_TYPE_COUNT] = {
   [MGP_VERTEX_TYPE_BYTE] = GL_BYTE,
   [MGP_VERTEX_TYPE_UNSIGNED_BYTE] = GL_UNSIGNED_BYTE,
   [MGP_VERTEX_TYPE_SHORT] = GL_SHORT,
   [MGP_VERTEX_TYPE_UNSIGNED_SHORT] = GL_UNSIGNED_SHORT,
   [MGP_VERTEX_TYPE_INT] = GL_INT,
   [MGP_VERTEX_TYPE_UNSIGNED_INT] = GL_UNSIGNED_INT,
   [MGP_VERTEX_TYPE_HALF_FLOAT] = GL_HALF_FLOAT,
   [MGP_VERTEX_TYPE_FLOAT] = GL_FLOAT,
   [MGP_VERTEX_TYPE_FIXED] = GL_FIXED,
   [MGP_VERTEX_TYPE_INT_2_10_10_10_REV] = GL_INT_2_10_10_10_REV,
   [MGP_VERTEX_TYPE_UNSIGNED_INT_2_10_10_10_REV] = GL_UNSIGNED_INT_2_10_10_10_REV,
   /* DOUBLE, UNSIGNED_INT_10F_11F_11F_REV: none in GLES (0: declined) */
};

/* ---- applying state -------------------------------------------------------------------------- */

/* What GLES cannot do of a render state, or NULL. */
static const char *
render_state_refusal(const struct mgp_render_state *s)
{
   if (s->logic_op_enable)
      return "a logic op";
   if (s->depth_clamp)
      return "depth clamp";
   if (s->polygon_mode != MGP_POLYGON_MODE_FILL)
      return "a polygon mode other than fill";
   if (!s->provoking_vertex_last)
      return "the first-vertex provoking convention";
   if (s->clip_distance_mask)
      return "clip distances";
   for (unsigned i = 0; i < 8; i++) {
      const struct mgp_blend_target *b = &s->blend[i];
      if (b->enable &&
          (b->src_rgb >= MGP_BLEND_FACTOR_SRC1_COLOR || b->dst_rgb >= MGP_BLEND_FACTOR_SRC1_COLOR ||
           b->src_alpha >= MGP_BLEND_FACTOR_SRC1_COLOR ||
           b->dst_alpha >= MGP_BLEND_FACTOR_SRC1_COLOR))
         return "a dual-source blend factor";
   }
   return NULL;
}

static GLenum
factor(uint16_t f)
{
   return f < MGP_BLEND_FACTOR_COUNT ? blend_factors[f] : GL_ONE;
}

static bool
apply_render_state(struct glb_context *ctx)
{
   const struct glb_host *h = ctx->scr->h;
   const struct glb_render_state *rs = (const struct glb_render_state *)glb_lookup(
      ctx->scr, &ctx->scr->render_states, ctx->render_state, "draw");
   if (!rs) {
      MGU_DECLINE(backend_draw_incomplete, "gles: a draw with no render state bound");
      return false;
   }
   const struct mgp_render_state *s = &rs->s;
   const char *why = render_state_refusal(s);
   if (why) {
      MGU_DECLINE(backend_feature_unimplemented, "gles: a draw with %s (not in GLES)", why);
      return false;
   }
   const unsigned targets =
      ctx->scr->max_draw_buffers < 8 ? (unsigned)ctx->scr->max_draw_buffers : 8;
   for (unsigned i = 0; i < targets; i++) {
      const struct mgp_blend_target *b = &s->blend[s->independent_blend ? i : 0];
      const uint8_t m = b->color_mask;
      h->glColorMaski(i, m & 1, (m >> 1) & 1, (m >> 2) & 1, (m >> 3) & 1);
      if (!b->enable) {
         h->glDisablei(GL_BLEND, i);
         continue;
      }
      h->glEnablei(GL_BLEND, i);
      h->glBlendFuncSeparatei(i, factor(b->src_rgb), factor(b->dst_rgb), factor(b->src_alpha),
                              factor(b->dst_alpha));
      h->glBlendEquationSeparatei(i, blend_ops[b->eq_rgb % MGP_BLEND_OP_COUNT],
                                  blend_ops[b->eq_alpha % MGP_BLEND_OP_COUNT]);
   }
   (s->depth_test ? h->glEnable : h->glDisable)(GL_DEPTH_TEST);
   h->glDepthMask(s->depth_write ? GL_TRUE : GL_FALSE);
   h->glDepthFunc(compare_funcs[s->depth_func % MGP_COMPARE_FUNC_COUNT]);
   (s->stencil_test ? h->glEnable : h->glDisable)(GL_STENCIL_TEST);
   if (s->cull_face == MGP_CULL_MODE_NONE) {
      h->glDisable(GL_CULL_FACE);
   } else {
      h->glEnable(GL_CULL_FACE);
      h->glCullFace(s->cull_face == MGP_CULL_MODE_FRONT  ? GL_FRONT
                    : s->cull_face == MGP_CULL_MODE_BACK ? GL_BACK
                                                         : GL_FRONT_AND_BACK);
   }
   h->glFrontFace(s->front_face == MGP_FRONT_FACE_CW ? GL_CW : GL_CCW);
   (s->polygon_offset_enable & 1 ? h->glEnable : h->glDisable)(GL_POLYGON_OFFSET_FILL);
   (s->rasterizer_discard ? h->glEnable : h->glDisable)(GL_RASTERIZER_DISCARD);
   (s->alpha_to_coverage ? h->glEnable : h->glDisable)(GL_SAMPLE_ALPHA_TO_COVERAGE);
   (s->primitive_restart ? h->glEnable : h->glDisable)(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   const struct mgp_dynamic_state *d = &ctx->dyn;
   for (unsigned f = 0; f < 2; f++) {
      const GLenum face = f ? GL_BACK : GL_FRONT;
      h->glStencilFuncSeparate(face, compare_funcs[s->stencil_func[f] % MGP_COMPARE_FUNC_COUNT],
                               (GLint)d->stencil_ref[f], d->stencil_read_mask[f]);
      h->glStencilOpSeparate(face, stencil_ops[s->stencil_fail[f] % MGP_STENCIL_OP_COUNT],
                             stencil_ops[s->stencil_zfail[f] % MGP_STENCIL_OP_COUNT],
                             stencil_ops[s->stencil_zpass[f] % MGP_STENCIL_OP_COUNT]);
      h->glStencilMaskSeparate(face, d->stencil_write_mask[f]);
   }
   return true;
}

static void
apply_dynamic_state(struct glb_context *ctx)
{
   const struct glb_host *h = ctx->scr->h;
   const struct mgp_dynamic_state *d = &ctx->dyn;
   if (!ctx->dyn_set) { /* GL's initial state: the whole framebuffer */
      h->glViewport(0, 0, (GLsizei)ctx->fb.width, (GLsizei)ctx->fb.height);
      h->glDisable(GL_SCISSOR_TEST);
      return;
   }
   h->glViewport((GLint)d->viewport[0], (GLint)d->viewport[1],
                 d->viewport[2] > 0 ? (GLsizei)d->viewport[2] : 0,
                 d->viewport[3] > 0 ? (GLsizei)d->viewport[3] : 0);
   h->glDepthRangef(d->depth_range[0], d->depth_range[1]);
   if (d->scissor_enable) {
      h->glEnable(GL_SCISSOR_TEST);
      h->glScissor(d->scissor[0], d->scissor[1], d->scissor[2] > 0 ? d->scissor[2] : 0,
                   d->scissor[3] > 0 ? d->scissor[3] : 0);
   } else {
      h->glDisable(GL_SCISSOR_TEST);
   }
   h->glBlendColor(d->blend_color[0], d->blend_color[1], d->blend_color[2], d->blend_color[3]);
   h->glPolygonOffset(d->polygon_offset_factor, d->polygon_offset_units);
   float lw = d->line_width;
   if (lw < ctx->scr->line_range[0])
      lw = ctx->scr->line_range[0];
   if (lw > ctx->scr->line_range[1])
      lw = ctx->scr->line_range[1];
   h->glLineWidth(lw);
}

static bool
apply_vertex_input(struct glb_context *ctx, const struct glb_shader *prog)
{
   struct glb_screen *scr = ctx->scr;
   const struct glb_host *h = scr->h;
   h->glBindVertexArray(ctx->vao);
   const struct glb_vertex_elements *ve =
      mgp_handle_is_null(ctx->vertex_elements)
         ? NULL
         : glb_lookup(scr, &scr->vertex_elements, ctx->vertex_elements, "draw");
   const uint32_t enabled = ve ? ve->ve.enabled_mask : 0;
   for (unsigned loc = 0; loc < 16 && loc < (unsigned)scr->max_vertex_attribs; loc++) {
      if (!(enabled >> loc & 1) || !(prog->refl.vertex_input_mask >> loc & 1)) {
         h->glDisableVertexAttribArray(loc);
         /* the attribute's current value, as the client last set it */
         const uint32_t *val = ctx->attrib_value[loc];
         if (ctx->attrib_kind[loc] == 1)
            h->glVertexAttribI4iv(loc, (const GLint *)val);
         else if (ctx->attrib_kind[loc] == 2)
            h->glVertexAttribI4uiv(loc, val);
         else
            h->glVertexAttrib4fv(loc, (const GLfloat *)val);
         continue;
      }
      const struct mgp_vertex_attrib *a = &ve->ve.attribs[loc];
      const struct mgp_vertex_binding *b = a->binding < 16 ? &ve->ve.bindings[a->binding] : NULL;
      const struct mgp_vertex_buffer *vb = a->binding < GLB_MAX_VB ? &ctx->vb[a->binding] : NULL;
      const GLenum type = a->type < MGP_VERTEX_TYPE_COUNT ? vertex_types[a->type] : 0;
      if (!b || !vb || !type || a->size < 1 || a->size > 4 || (a->flags & MGP_ATTRIB_DOUBLE) ||
          !b->stride || b->stride > 2048) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "gles: vertex attribute %u (type %u, size %u, stride %u) not in GLES", loc,
                     a->type, a->size, b ? b->stride : 0);
         return false;
      }
      struct glb_resource *r =
         mgp_handle_is_null(vb->res) ? NULL : glb_resource_for_use(scr, vb->res, "draw");
      if (!r || !r->is_buffer) {
         MGU_DECLINE(backend_draw_incomplete, "gles: vertex binding %u has no buffer", a->binding);
         return false;
      }
      const uint64_t off = vb->offset + a->relative_offset;
      h->glBindBuffer(GL_ARRAY_BUFFER, r->name);
      h->glEnableVertexAttribArray(loc);
      if (a->flags & MGP_ATTRIB_INTEGER)
         h->glVertexAttribIPointer(loc, a->size, type, (GLsizei)b->stride,
                                   (const void *)(uintptr_t)off);
      else
         h->glVertexAttribPointer(loc, a->size, type,
                                  (a->flags & MGP_ATTRIB_NORMALIZED) ? GL_TRUE : GL_FALSE,
                                  (GLsizei)b->stride, (const void *)(uintptr_t)off);
      h->glVertexAttribDivisor(loc, b->divisor);
   }
   if (prog->base_instance_loc >= 0) {
      static const GLint zero[4] = {0, 0, 0, 0};
      h->glDisableVertexAttribArray((GLuint)prog->base_instance_loc);
      h->glVertexAttribI4iv((GLuint)prog->base_instance_loc, zero);
   }
   return true;
}

/* ---- the draw --------------------------------------------------------------------------------- */

void
glb_draw_vbo(void *self, const struct mgp_draw_vbo *args, const void *tail, uint32_t tail_count)
{
   struct glb_context *ctx = self;
   struct glb_screen *scr = ctx->scr;
   if (!glb_context_bind(ctx))
      return;
   /* GL_POINTS is 0: the modes GLES draws are POINTS .. TRIANGLE_FAN */
   const bool mode_ok = args->mode <= MGP_PRIM_TRIANGLE_FAN;
   const GLenum mode = mode_ok ? prims[args->mode] : 0;
   const bool restart = args->flags & MGP_DRAW_PRIMITIVE_RESTART;
   const uint32_t all_ones = args->index_size == 1   ? 0xffu
                             : args->index_size == 2 ? 0xffffu
                                                     : 0xffffffffu;
   if (!mode_ok || (args->flags & MGP_DRAW_INDIRECT) || args->start_instance ||
       (restart && args->restart_index != all_ones)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gles: a draw of mode %u, flags 0x%x, base instance %u (not in GLES yet)",
                  args->mode, args->flags, args->start_instance);
      return;
   }
   struct glb_shader *prog = mgp_handle_is_null(ctx->program)
                                ? NULL
                                : glb_lookup(scr, &scr->shaders, ctx->program, "draw");
   if (!prog || !prog->program) {
      MGU_DECLINE(backend_draw_incomplete, "gles: a draw without a usable program");
      return;
   }
   if (!glb_framebuffer_ready(ctx, "draw") || !apply_render_state(ctx) ||
       !glb_program_bind(ctx, prog) || !glb_samplers_bind(ctx, prog) ||
       !apply_vertex_input(ctx, prog))
      return;
   apply_dynamic_state(ctx);
   const struct glb_host *h = scr->h;
   struct glb_resource *ib = NULL;
   GLenum itype = 0;
   const bool user = args->flags & MGP_DRAW_USER_INDICES;
   if (args->index_size) {
      itype = args->index_size == 1   ? GL_UNSIGNED_BYTE
              : args->index_size == 2 ? GL_UNSIGNED_SHORT
              : args->index_size == 4 ? GL_UNSIGNED_INT
                                      : 0;
      ib = user || mgp_handle_is_null(ctx->ib.res) ? NULL
                                                   : glb_resource_for_use(scr, ctx->ib.res, "draw");
      if (!itype || (!user && (!ib || !ib->is_buffer)) ||
          (user && (!args->user_indices.ptr || args->user_indices.size > INT32_MAX))) {
         MGU_DECLINE(backend_draw_incomplete, "gles: an indexed draw without indices");
         return;
      }
      if (user) {
         /* the client's own indices (client arrays): into the context's scratch buffer */
         if (!ctx->user_indices)
            h->glGenBuffers(1, &ctx->user_indices);
         h->glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ctx->user_indices);
         h->glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)args->user_indices.size,
                         args->user_indices.ptr, GL_STREAM_DRAW);
      } else {
         h->glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib->name);
      }
   } else if (user) {
      glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "draw_vbo: user indices without an index size");
      return;
   }
   const struct mgp_draw_range *ranges = tail;
   const GLsizei instances = args->instance_count ? (GLsizei)args->instance_count : 1;
   for (uint32_t i = 0; i < tail_count; i++) {
      const struct mgp_draw_range *r = &ranges[i];
      if (!r->count)
         continue;
      if (!args->index_size) {
         h->glDrawArraysInstanced(mode, (GLint)r->start, (GLsizei)r->count, instances);
      } else {
         const uint64_t first = (uint64_t)r->start * args->index_size;
         if (user && (first > args->user_indices.size ||
                      (uint64_t)r->count * args->index_size > args->user_indices.size - first)) {
            glb_fatal(scr, MGU_FATAL_ProtocolCorruption, "draw_vbo: a range past user_indices");
            return;
         }
         const uint64_t off = (user ? 0 : ctx->ib.offset) + first;
         const void *p = (const void *)(uintptr_t)off;
         if (r->index_bias && scr->es_minor >= 2)
            h->glDrawElementsInstancedBaseVertex(mode, (GLsizei)r->count, itype, p, instances,
                                                 r->index_bias);
         else if (!r->index_bias)
            h->glDrawElementsInstanced(mode, (GLsizei)r->count, itype, p, instances);
         else
            MGU_DECLINE(backend_feature_unimplemented, "gles: a base vertex before GLES 3.2");
      }
      scr->stats.draws++;
   }
}

void
glb_draw(void *self, const struct mgp_draw *args, const void *tail, uint32_t tail_count)
{
   (void)tail, (void)tail_count;
   const struct mgp_draw_vbo vbo = {
      .mode = args->mode,
      .index_size = args->index_size,
      .instance_count = 1,
      .num_draws = 1,
   };
   const struct mgp_draw_range range = {args->start, args->count, args->index_bias};
   glb_draw_vbo(self, &vbo, &range, 1);
}
