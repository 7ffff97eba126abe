/* vkb_draw.c — draw_vbo: resolve the program, pipeline, descriptors, vertex and index
 * buffers, begin rendering, set dynamic state, draw every range.
 *
 * Order inside one draw matters: everything that may need a barrier (sampled textures into
 * SHADER_READ_ONLY, the placeholder texture) happens before the rendering scope begins, because
 * layout transitions are recorded outside it. */
#include <GL/glcorearb.h>
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "vkb_draw.h"

/* GL 3.3 §3.3.1: with GL_MULTISAMPLE off a multisampled framebuffer is rasterized as if
 * single-sampled: a pixel's coverage is its centre's, applied to all its samples (and the
 * pipeline turns every per-sample control off). True when this draw's pipeline puts every
 * sample at the pixel centre, which does exactly that (the device has VK_EXT_sample_locations
 * at this count, scr->centre_sample_counts); *ds is then the depth/stencil attachment to mark
 * (NULL if none). Otherwise a fragment's sample mask can only take coverage away: the draw
 * keeps per-sample coverage, counted by name. */
static bool
multisample_off_centre(struct vkb_context *ctx, const struct vkb_render_state *rs,
                       const struct vkb_shader *sh, struct vkb_resource **ds)
{
   struct vkb_screen *scr = ctx->scr;
   const uint32_t samples = ctx->fb_key.samples;
   *ds = NULL;
   if (samples <= 1)
      return false;
   const struct mgp_surface *s = ctx->fb.depth.kind     ? &ctx->fb.depth
                                 : ctx->fb.stencil.kind ? &ctx->fb.stencil
                                                        : NULL;
   if (s && scr->centre_sample_counts) /* else no depth image is ever drawn with them */
      *ds = vkb_resource_for_use(scr, s->res, "draw_vbo");
   if (!rs || rs->s.multisample)
      return false;
   const char *why = !(scr->centre_sample_counts & samples)
                        ? "the device cannot put samples at the pixel centre at this count"
                     : sh->interp_functions
                        ? "the fragment shader uses interpolateAt* (no custom sample locations)"
                     : *ds && !(*ds)->centre_compatible
                        ? "its depth/stencil attachment was not made for custom sample locations"
                        : NULL;
   if (why) {
      MGL_DECLINE(multisample_off_approximated, "GL_MULTISAMPLE disabled while drawing into a "
                  "%u-sample framebuffer: drawn with per-sample coverage (%s)", samples, why);
      return false;
   }
   return true;
}

VKB_CALL(draw_vbo, mgp_draw_vbo)
{
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   if (scr->failed || ctx->cond_discard)
      return;
   const struct mgp_draw_range *ranges = tail;
   const uint32_t ndraws = tail_count < args->num_draws ? tail_count : args->num_draws;
   if (!ndraws)
      return;
   vkb_arena_pressure_point(scr);
   if (vkb_draw_fast(ctx, args, ranges, ndraws))
      return;
   ctx->fast.valid = false; /* until this draw has gone the whole way */
   if (args->flags & MGP_DRAW_INDIRECT) {
      MGL_DECLINE(backend_feature_unimplemented, "indirect draws");
      return;
   }
   VkPrimitiveTopology topo;
   /* The client sends a loop as a line strip of indices that close it (fe_prim_rewrite.c). */
   if (args->mode == GL_LINE_LOOP) {
      MGL_DECLINE(backend_draw_needs_rewrite, "GL_LINE_LOOP (Vulkan has no loop)");
      return;
   }
   if (!vkb_gl_topology(args->mode, &topo)) {
      MGL_DECLINE(backend_feature_unimplemented, "primitive mode %s (0x%x)",
                  vkb_gl_mode_name(args->mode), args->mode);
      return;
   }

   /* Program and CSOs. */
   if (mgp_handle_is_null(ctx->program)) {
      MGL_DECLINE(backend_draw_incomplete, "draw with no program");
      return;
   }
   struct vkb_shader *sh = vkb_lookup(scr, &scr->shaders, ctx->program, "draw_vbo (program)");
   if (!sh)
      return;
   if (sh->broken) {
      MGL_DECLINE(backend_draw_incomplete, "program {%u,%u} cannot be used: %s",
                  sh->base.h.slot, sh->base.h.gen, sh->broken_why);
      return;
   }
   struct vkb_render_state *rs =
      vkb_lookup(scr, &scr->render_states, ctx->rs, "draw_vbo (render state)");
   struct vkb_vertex_elements *ve =
      vkb_lookup(scr, &scr->vertex_elements, ctx->ve, "draw_vbo (vertex elements)");
   if (scr->failed)
      return;
   /* GL_LINE_SMOOTH: the pipeline draws it (vkb_pipeline.c) where the device has smoothLines
    * and the framebuffer one sample; multisampled with GL_MULTISAMPLE on GL ignores it
    * (GL 3.3 §3.5.4). Otherwise the line is drawn aliased, counted by name. */
   const bool line_class =
      topo == VK_PRIMITIVE_TOPOLOGY_LINE_LIST || topo == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP ||
      (sh->mod[MGP_SHADER_STAGE_GEOMETRY]
          ? sh->gs_output_lines || (!sh->gs_output_points && rs && rs->s.polygon_mode == GL_LINE)
          : rs && rs->s.polygon_mode == GL_LINE && topo >= VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
   if (rs && rs->s.line_smooth && line_class) {
      const uint32_t samples = vkb_context_fb_key(ctx) ? ctx->fb_key.samples : 1;
      if (samples <= 1 && !scr->has_smooth_lines)
         MGL_DECLINE(line_smooth_approximated, "GL_LINE_SMOOTH lines drawn aliased: the device "
                     "has no smoothLines (VK_EXT_line_rasterization)");
      else if (samples > 1 && !rs->s.multisample)
         MGL_DECLINE(line_smooth_approximated, "GL_LINE_SMOOTH lines with GL_MULTISAMPLE off into "
                     "a %u-sample framebuffer drawn aliased", samples);
   }
   /* Vulkan rasterizes points at the size the last pre-rasterization stage writes; it has no
    * fixed-function point size. */
   if (topo == VK_PRIMITIVE_TOPOLOGY_POINT_LIST && !sh->mod[MGP_SHADER_STAGE_GEOMETRY] &&
       !sh->writes_point_size[MGP_SHADER_STAGE_VERTEX]) {
      MGL_DECLINE(backend_feature_unimplemented, "GL_POINTS with a program that does not write "
                  "gl_PointSize (fixed-function point size)");
      return;
   }
   /* the front end's wrapper writes it for every emitted vertex unless the geometry shader
    * redeclares gl_PerVertex without it */
   if (sh->gs_output_points && scr->features.shaderTessellationAndGeometryPointSize &&
       !sh->writes_point_size[MGP_SHADER_STAGE_GEOMETRY]) {
      MGL_DECLINE(backend_feature_unimplemented, "a geometry shader that emits points without "
                  "writing gl_PointSize");
      return;
   }
   /* A framebuffer that is not layered has one layer: GL ignores gl_Layer then, Vulkan leaves
    * a layer past the framebuffer's undefined; the GS variant without a Layer output draws. */
   const bool layer_ignored =
      sh->writes_layer && vkb_context_fb_key(ctx) && ctx->render_layers <= 1;
   if (layer_ignored && !sh->gs_layer_ignored) {
      MGL_DECLINE(backend_feature_unimplemented, "gl_Layer and gl_PrimitiveID written by a "
                  "geometry shader into a framebuffer that is not layered");
      return;
   }
   const bool provoking_last = rs ? rs->s.provoking_vertex_last : true;
   if (provoking_last && !scr->has_provoking_vertex && rs) {
      MGL_DECLINE(backend_feature_unimplemented,
                  "last-vertex provoking convention without VK_EXT_provoking_vertex");
      return;
   }

   /* Index buffer. */
   uint32_t isz = args->index_size;
   struct vkb_resource *ib = NULL;
   VkBuffer ib_buf = VK_NULL_HANDLE;
   VkDeviceSize ib_off = 0, ib_size = 0;
   VkIndexType itype = VK_INDEX_TYPE_UINT16;
   bool restart = false;
   if (isz) {
      if (isz != 1 && isz != 2 && isz != 4) {
         MGL_DECLINE(backend_draw_incomplete, "index size %u", isz);
         return;
      }
      if (isz == 1 && !scr->has_index_uint8) {
         MGL_DECLINE(backend_feature_unimplemented,
                     "GL_UNSIGNED_BYTE indices without VK_EXT_index_type_uint8");
         return;
      }
      itype = isz == 1 ? VK_INDEX_TYPE_UINT8_EXT : isz == 2 ? VK_INDEX_TYPE_UINT16
                                                            : VK_INDEX_TYPE_UINT32;
      if (args->flags & MGP_DRAW_PRIMITIVE_RESTART) {
         const uint32_t all_ones = isz == 4 ? 0xffffffffu : (1u << (isz * 8)) - 1;
         const bool list = topo == VK_PRIMITIVE_TOPOLOGY_POINT_LIST ||
                           topo == VK_PRIMITIVE_TOPOLOGY_LINE_LIST ||
                           topo == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST ||
                           topo == VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY ||
                           topo == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY;
         /* Vulkan restarts only at the all-ones index, and in a list only with the extension
          * (MGP_CAP_LIST_RESTART): the client rewrites any other draw (fe_prim_rewrite.c). */
         if (args->restart_index != all_ones) {
            MGL_DECLINE(backend_draw_needs_rewrite, "primitive restart at index %u of %u-byte "
                        "indices (Vulkan restarts only at all-ones)", args->restart_index, isz);
            return;
         }
         if (list && !scr->has_list_restart) {
            MGL_DECLINE(backend_draw_needs_rewrite, "primitive restart in a list topology "
                        "without primitiveTopologyListRestart");
            return;
         }
         restart = true;
      }
      if (args->flags & MGP_DRAW_USER_INDICES) {
         struct vkb_alloc a;
         if (!args->user_indices.ptr || !args->user_indices.size) {
            MGL_DECLINE(backend_draw_incomplete, "user indices without bytes");
            return;
         }
         if (!vkb_arena_alloc(scr, args->user_indices.size, 4, &a))
            return;
         memcpy(a.ptr, args->user_indices.ptr, args->user_indices.size);
         ib_buf = a.buf;
         ib_off = a.offset;
         ib_size = args->user_indices.size;
      } else {
         if (mgp_handle_is_null(ctx->ib.res)) {
            MGL_DECLINE(backend_draw_incomplete, "indexed draw with no index buffer");
            return;
         }
         ib = vkb_resource_for_use(scr, ctx->ib.res, "draw_vbo (index buffer)");
         if (!ib)
            return;
         if (!ib->is_buffer || ctx->ib.offset % isz || ctx->ib.offset > ib->size) {
            MGL_DECLINE(backend_draw_incomplete, "index buffer offset %llu",
                        (unsigned long long)ctx->ib.offset);
            return;
         }
         ib_buf = ib->buf;
         ib_off = ctx->ib.offset;
         ib_size = ib->size - ctx->ib.offset;
      }
      for (uint32_t i = 0; i < ndraws; i++) {
         if (((uint64_t)ranges[i].start + ranges[i].count) * isz > ib_size) {
            MGL_DECLINE(backend_draw_incomplete, "indices [%u, +%u) beyond the index buffer",
                        ranges[i].start, ranges[i].count);
            return;
         }
      }
   }

   /* The pipeline key. */
   if (!vkb_context_fb_key(ctx))
      return;
   struct vkb_resource *ms_ds;
   const bool centre_locations = multisample_off_centre(ctx, rs, sh, &ms_ds);
   struct vkb_pipeline_key key = ctx->fb_key;
   key.centre_locations = centre_locations;
   key.rs = rs ? rs->share->id : mgp_handle_null();
   key.ve = ve ? ve->base.h : mgp_handle_null();
   key.shader = sh->base.h;
   key.restart = restart && !scr->has_dyn_rs; /* else vkb_render_state_record sets it */
   key.provoking_last = provoking_last && scr->has_provoking_vertex;
   key.layer_ignored = layer_ignored;
   /* glSampleCoverage: the first round(value * samples) samples (inverted on request). Vulkan's
    * sample mask is pipeline state, so the mask is part of the key (multisampled only). */
   key.coverage_mask = vkb_draw_coverage_mask(ctx, key.samples);
   /* A geometry stage's input primitive must match the pipeline's own topology, not only its
    * class: such pipelines keep the exact one. */
   if (scr->has_dynamic_topology && !restart && !sh->mod[MGP_SHADER_STAGE_GEOMETRY]) {
      switch (topo) {
      case VK_PRIMITIVE_TOPOLOGY_POINT_LIST: key.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST; break;
      case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
      case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
      case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
      case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
         key.topology = VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
         break;
      default: key.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST; break;
      }
   } else {
      key.topology = (uint8_t)topo;
   }

   /* Vertex bindings the pipeline will read, and a free one for the default values. */
   const uint32_t reads = sh->refl.vertex_input_mask;
   const uint32_t enabled = ve ? ve->ve.enabled_mask & reads & 0xffffu : 0;
   uint32_t used_bindings = 0;
   for (uint32_t loc = 0; loc < VKB_MAX_ATTRIBS; loc++)
      if ((enabled & (1u << loc)) && ve->ve.attribs[loc].binding < VKB_MAX_VB)
         used_bindings |= 1u << ve->ve.attribs[loc].binding;
   uint32_t default_binding = 0;
   while (used_bindings & (1u << default_binding))
      default_binding++;
   const bool need_defaults = (reads & ~enabled) != 0;

   VkPipeline pipe = vkb_pipeline_get(scr, &key, rs, ve, sh, default_binding);
   if (!pipe)
      return;

   VkBuffer vb_buf[VKB_MAX_VB + 1];
   VkDeviceSize vb_off[VKB_MAX_VB + 1];
   struct vkb_resource *vb_res[VKB_MAX_VB];
   for (uint32_t b = 0; b < VKB_MAX_VB; b++) {
      vb_res[b] = NULL;
      if (!(used_bindings & (1u << b)))
         continue;
      if (mgp_handle_is_null(ctx->vbs[b].res)) {
         MGL_DECLINE(backend_draw_incomplete, "vertex buffer binding %u has no buffer", b);
         return;
      }
      struct vkb_resource *r = vkb_resource_for_use(scr, ctx->vbs[b].res, "draw_vbo (vertex buffer)");
      if (!r)
         return;
      if (!r->is_buffer || ctx->vbs[b].offset >= (r->size ? r->size : 1)) {
         MGL_DECLINE(backend_draw_incomplete, "vertex buffer binding %u: offset %llu of a "
                     "%llu-byte buffer", b, (unsigned long long)ctx->vbs[b].offset,
                     (unsigned long long)r->size);
         return;
      }
      vb_res[b] = r;
      vb_buf[b] = r->buf;
      vb_off[b] = ctx->vbs[b].offset;
   }
   if (need_defaults) {
      if (ctx->attr_serial != vkb_current_serial(scr) ||
          ctx->attr_version_made != ctx->attrib_version || !ctx->attr_buf) {
         struct vkb_alloc a;
         if (!vkb_arena_alloc(scr, sizeof(ctx->attrib_value), 16, &a))
            return;
         memcpy(a.ptr, ctx->attrib_value, sizeof(ctx->attrib_value));
         ctx->attr_buf = a.buf;
         ctx->attr_off = a.offset;
         ctx->attr_serial = vkb_current_serial(scr);
         ctx->attr_version_made = ctx->attrib_version;
      }
      vb_buf[default_binding] = ctx->attr_buf;
      vb_off[default_binding] = ctx->attr_off;
   }

   /* Descriptors (may record texture transitions: before the rendering scope). */
   struct vkb_draw_descriptors dd;
   if (!vkb_draw_gather_descriptors(ctx, sh, &dd, VKB_DRAW_ALL_SETS) || scr->failed)
      return;
   const uint64_t serial = vkb_current_serial(scr);
   VkDescriptorSet sets[VKB_SET_COUNT] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
   for (int i = 0; i < VKB_SET_COUNT; i++) {
      if (sh->set_used[i] && !(sets[i] = vkb_draw_descriptor_set(ctx, sh, &dd, i, serial)))
         return;
   }

   if (!vkb_begin_rendering(ctx))
      return;
   /* Not vkb_cmd: that records the queued draws, which only a bind below must do. */
   if (!scr->cur || !scr->cur->recording)
      return;
   VkCommandBuffer cmd = scr->cur->cmd;

   /* Bound state survives within one command buffer and one context. */
   if (ctx->bind_epoch != scr->bind_epoch || scr->bind_owner != ctx) {
      ctx->bind_epoch = scr->bind_epoch;
      scr->bind_owner = ctx;
      ctx->bound_pipeline = VK_NULL_HANDLE;
      memset(ctx->bound_set, 0, sizeof(ctx->bound_set));
      ctx->bound_layout = VK_NULL_HANDLE;
      ctx->bound_ib = VK_NULL_HANDLE;
      ctx->bound_topology = -1;
      memset(ctx->bound_vb, 0, sizeof(ctx->bound_vb));
      ctx->dyn_dirty = true;
      ctx->dyn_recorded = false;
      ctx->rs_recorded = false;
   }
   if (ctx->bound_pipeline != pipe && ctx->xfb.in_scope) {
      /* No pipeline may be bound under an active capture: end this scope (the counters keep
       * the write position) and capture on in the next. */
      vkb_end_rendering(scr);
      if (!vkb_begin_rendering(ctx) || !scr->cur || !scr->cur->recording)
         return;
      cmd = scr->cur->cmd;
   }
   if (ctx->bound_pipeline != pipe) {
      vkb_flush_draws(scr);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
      scr->cmd_bind_pipeline++;
      ctx->bound_pipeline = pipe;
   }
   /* the locations its depth was last drawn with, for the barriers after this scope (inside
    * it, where no barrier comes) */
   if (ms_ds)
      ms_ds->centre_drawn = centre_locations;
   if (ctx->dyn_dirty) {
      vkb_flush_draws(scr);
      vkb_draw_set_dynamic(ctx, cmd);
      ctx->dyn_dirty = false;
   }
   /* Per full draw, not per dyn_dirty: a render-state bind changes it (the fast path records
    * it too after a bind that keeps the pipeline, rs_tick). */
   if (!vkb_render_state_record(ctx, cmd, rs ? &rs->s : NULL, &key, restart))
      return;
   if (scr->has_dynamic_topology && ctx->bound_topology != (int)topo) {
      vkb_flush_draws(scr);
      scr->set_topology(cmd, topo);
      scr->cmd_set_state++;
      ctx->bound_topology = (int)topo;
   }
   /* A set is rebound when it (or, for set 0, the default block's offset) changed; a new
    * pipeline layout rebinds both. */
   const bool new_layout = ctx->bound_layout != sh->layout;
   for (int i = 0; i < VKB_SET_COUNT; i++) {
      const bool dyn = i == VKB_SET_BUFFERS && dd.has_dynamic;
      if (!sets[i] || (!new_layout && ctx->bound_set[i] == sets[i] &&
                       (!dyn || ctx->bound_dynoff == dd.dynoff)))
         continue;
      vkb_flush_draws(scr);
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, sh->layout, (uint32_t)i, 1,
                              &sets[i], dyn ? 1 : 0, &dd.dynoff);
      scr->cmd_bind_sets++;
      ctx->bound_set[i] = sets[i];
      if (dyn)
         ctx->bound_dynoff = dd.dynoff;
   }
   ctx->bound_layout = sh->layout;
   const uint32_t vb_mask = used_bindings | (need_defaults ? 1u << default_binding : 0);
   for (uint32_t b = 0; b <= VKB_MAX_VB; b++) {
      if (!(vb_mask & (1u << b)))
         continue;
      if (ctx->bound_vb[b] != vb_buf[b] || ctx->bound_vb_off[b] != vb_off[b]) {
         vkb_flush_draws(scr);
         vkCmdBindVertexBuffers(cmd, b, 1, &vb_buf[b], &vb_off[b]);
         scr->cmd_bind_vertex_buffers++;
         ctx->bound_vb[b] = vb_buf[b];
         ctx->bound_vb_off[b] = vb_off[b];
      }
   }
   if (isz && (ctx->bound_ib != ib_buf || ctx->bound_ib_off != ib_off ||
               ctx->bound_ib_type != itype)) {
      vkb_flush_draws(scr);
      vkCmdBindIndexBuffer(cmd, ib_buf, ib_off, itype);
      scr->cmd_bind_index_buffer++;
      ctx->bound_ib = ib_buf;
      ctx->bound_ib_off = ib_off;
      ctx->bound_ib_type = itype;
   }

   /* Everything this draw reads is in use by the current batch. */
   for (uint32_t b = 0; b < VKB_MAX_VB; b++)
      if (vb_res[b])
         vb_res[b]->last_use = serial;
   for (uint32_t i = 0; i < dd.n_used_bufs; i++)
      dd.used_bufs[i]->last_use = serial;
   if (ib)
      ib->last_use = serial;

   if (ctx->cond_pred && !scr->pred_open)
      vkb_cond_scope_begin(ctx);
   vkb_xfb_draw(ctx, cmd);
   for (uint32_t i = 0; i < ndraws; i++)
      if (ranges[i].count && args->instance_count)
         vkb_queue_draw(scr, isz != 0, &ranges[i], args->instance_count, args->start_instance);

   /* What the next draw needs to take the fast path. */
   if (!(args->flags & VKB_DRAW_SLOW_FLAGS) && (!isz || ib))
      ctx->fast = (struct vkb_fast_draw){
         .valid = true,
         .mode = args->mode,
         .index_size = args->index_size,
         .tick = scr->state_tick,
         .buffer_tick = scr->buffer_tick,
         .vertex_tick = scr->vertex_tick,
         .texture_tick = scr->texture_tick,
         .rs_tick = scr->rs_tick,
         .key = key,
         .vb_bindings = used_bindings,
         .serial = scr->cur->serial,
         .sh = sh,
         .ib_size = ib_size,
      };
}

/* The compact draw is draw_vbo with its defaults (pipe_types.def). */
VKB_CALL(draw, mgp_draw)
{
   (void)tail;
   (void)tail_count;
   const struct mgp_draw_vbo full = {
      .mode = args->mode,
      .index_size = args->index_size,
      .instance_count = 1,
      .num_draws = 1,
   };
   const struct mgp_draw_range range = {args->start, args->count, args->index_bias};
   vkb_draw_vbo(self, &full, &range, 1);
}
