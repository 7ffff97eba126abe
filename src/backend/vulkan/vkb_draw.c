/* vkb_draw.c — draw_vbo: resolve the program, pipeline, descriptors, vertex and index
 * buffers, begin rendering, set dynamic state, draw every range.
 *
 * Order inside one draw matters: everything that may need a barrier (sampled textures into
 * SHADER_READ_ONLY, the placeholder texture) happens before the rendering scope begins, because
 * layout transitions are recorded outside it. */
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
   if (sh->fs_single_why)
      MGU_DECLINE(multisample_off_approximated,
                  "GL_MULTISAMPLE disabled while drawing into a %u-sample framebuffer: the "
                  "fragment shader's sample built-ins stay per-sample (%s)",
                  samples, sh->fs_single_why);
   const char *why = !(scr->centre_sample_counts & samples)
                        ? "the device cannot put samples at the pixel centre at this count"
                     : sh->interp_functions
                        ? "the fragment shader uses interpolateAt* (no custom sample locations)"
                     : *ds && !(*ds)->centre_compatible
                        ? "its depth/stencil attachment was not made for custom sample locations"
                        : NULL;
   if (why) {
      MGU_DECLINE(multisample_off_approximated,
                  "GL_MULTISAMPLE disabled while drawing into a "
                  "%u-sample framebuffer: drawn with per-sample coverage (%s)",
                  samples, why);
      return false;
   }
   return true;
}

/* What one full draw resolves, step by step (draw_vbo). */
struct draw_plan {
   VkPrimitiveTopology topo;
   struct vkb_shader *sh;
   struct vkb_render_state *rs;
   struct vkb_vertex_elements *ve;
   bool layer_ignored, provoking_last;
   bool point_size_read; /* points drawn at GL's size by a stage without the write */
   /* the index buffer (isz 0: arrays) */
   uint32_t isz;
   struct vkb_resource *ib; /* NULL for user indices */
   VkBuffer ib_buf;
   VkDeviceSize ib_off, ib_size;
   VkIndexType itype;
   bool restart;
   /* the pipeline */
   struct vkb_pipeline_key key;
   struct vkb_resource *ms_ds;
   bool centre_locations;
   VkPipeline pipe;
   /* vertex input */
   uint32_t used_bindings, default_binding;
   bool need_defaults;
   VkBuffer vb_buf[VKB_MAX_VB + 1];
   VkDeviceSize vb_off[VKB_MAX_VB + 1];
   VkDeviceSize vb_size[VKB_MAX_VB + 1]; /* VK_WHOLE_SIZE but for a renamed buffer's slice */
   struct vkb_resource *vb_res[VKB_MAX_VB];
   /* descriptors */
   struct vkb_draw_descriptors dd;
   VkDescriptorSet sets[VKB_SET_COUNT];
   uint64_t serial;
};

/* The device's topology for the draw's mode. */
static bool
draw_topology(const struct mgp_draw_vbo *args, struct draw_plan *p)
{
   /* The client sends a loop as a line strip of indices that close it (fe_prim_rewrite.c). */
   if (args->mode == MGP_PRIM_LINE_LOOP) {
      MGU_DECLINE(backend_draw_needs_rewrite, "GL_LINE_LOOP (Vulkan has no loop)");
      return false;
   }
   if (!vkb_enum_topology(args->mode, &p->topo)) {
      MGU_DECLINE(backend_feature_unimplemented, "primitive mode %s (0x%x)",
                  vkb_enum_prim_name(args->mode), args->mode);
      return false;
   }
   return true;
}

/* A geometry stage made without its gl_PointSize writes (vkb_cso.c: gs_point_size_cut_patch)
 * draws lines and triangles. Points (its own, or its triangles in GL_POINT polygon mode) only
 * at GL's size 1.0 where the device takes the size left unwritten as 1.0 (maintenance5): not at
 * another glPointSize, nor with the program's own size (GL_PROGRAM_POINT_SIZE, and every ES
 * context, where the shader's size stands). The others are refused by name (the stage with the
 * writes is over the device's limits). Such a draw never takes the fast path, which would miss
 * a new glPointSize (dynamic state the pipeline does not hold). */
static bool
draw_point_size_cut(const struct vkb_context *ctx, struct draw_plan *p)
{
   const bool points = p->sh->gs_output_points || (!p->sh->gs_output_lines && p->rs &&
                                                   p->rs->s.polygon_mode == MGP_POLYGON_MODE_POINT);
   if (!points)
      return true;
   p->point_size_read = true;
   const bool program_size = ctx->api == 2 || (p->rs && p->rs->s.program_point_size);
   if (ctx->scr->has_maintenance5 && !program_size && ctx->dyn.point_size == 1.0f)
      return true;
   MGU_DECLINE(shader_over_device_limits,
               "program {%u,%u}: its geometry stage fits the device's output limits only "
               "without gl_PointSize, and the draw's points need it (%s)",
               p->sh->base.h.slot, p->sh->base.h.gen,
               !ctx->scr->has_maintenance5 ? "device lacks VK_KHR_maintenance5"
               : program_size              ? "the program's own size"
                                           : "a size other than 1.0");
   return false;
}

/* The program and the CSOs, and what of them this device and framebuffer cannot draw. */
static bool
draw_program(struct vkb_context *ctx, struct draw_plan *p)
{
   struct vkb_screen *scr = ctx->scr;
   if (mgp_handle_is_null(ctx->program)) {
      MGU_DECLINE(backend_draw_incomplete, "draw with no program");
      return false;
   }
   p->sh = vkb_lookup(scr, &scr->shaders, ctx->program, "draw_vbo (program)");
   if (!p->sh)
      return false;
   if (p->sh->broken) {
      MGU_DECLINE(backend_draw_incomplete, "program {%u,%u} cannot be used: %s", p->sh->base.h.slot,
                  p->sh->base.h.gen, p->sh->broken_why);
      return false;
   }
   /* a program for drawing has a vertex stage and no compute stage (build_shader holds a
    * program of both broken): a compute module as a graphics pipeline's only stage crashed
    * lavapipe's vkCreateGraphicsPipelines (docs/RELIABILITY.md, sec38) */
   if (!(p->sh->stage_mask & (1u << MGP_SHADER_STAGE_VERTEX)) ||
       (p->sh->stage_mask & (1u << MGP_SHADER_STAGE_COMPUTE))) {
      MGU_DECLINE(backend_draw_incomplete,
                  "a draw with program {%u,%u} of stages 0x%x (a draw needs a vertex stage "
                  "and no compute stage)",
                  p->sh->base.h.slot, p->sh->base.h.gen, p->sh->stage_mask);
      return false;
   }
   p->rs = vkb_lookup(scr, &scr->render_states, ctx->rs, "draw_vbo (render state)");
   p->ve = vkb_lookup(scr, &scr->vertex_elements, ctx->ve, "draw_vbo (vertex elements)");
   if (scr->failed)
      return false;
   /* GL_LINE_SMOOTH: the pipeline draws it (vkb_pipeline.c) where the device has smoothLines
    * and the framebuffer one sample; multisampled with GL_MULTISAMPLE on GL ignores it
    * (GL 3.3 §3.5.4). Otherwise the line is drawn aliased, counted by name. */
   const bool line_class =
      p->topo == VK_PRIMITIVE_TOPOLOGY_LINE_LIST || p->topo == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP ||
      (p->sh->mod[MGP_SHADER_STAGE_GEOMETRY]
          ? p->sh->gs_output_lines ||
               (!p->sh->gs_output_points && p->rs && p->rs->s.polygon_mode == MGP_POLYGON_MODE_LINE)
          : p->rs && p->rs->s.polygon_mode == MGP_POLYGON_MODE_LINE &&
               p->topo >= VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
   /* Aliased lines: the pipeline asks for Bresenham mode, GL's diamond-exit rule, wherever the
    * device has it; otherwise they are counted here (a GL_LINE_SMOOTH line drawn aliased is
    * counted once, below). */
   if (p->rs && line_class && !scr->has_bresenham && !p->rs->s.line_smooth) {
      const uint32_t samples = vkb_context_fb_key(ctx) ? ctx->fb_key.samples : 1;
      if (samples <= 1 || !p->rs->s.multisample)
         MGU_DECLINE(lines_not_diamond_exit, "aliased lines drawn with the device's default line "
                                             "rasterization: it has no bresenhamLines "
                                             "(VK_EXT_line_rasterization)");
   }
   if (p->rs && p->rs->s.line_smooth && line_class) {
      const uint32_t samples = vkb_context_fb_key(ctx) ? ctx->fb_key.samples : 1;
      if (samples <= 1 && !scr->has_smooth_lines)
         MGU_DECLINE(line_smooth_approximated, "GL_LINE_SMOOTH lines drawn aliased: the device "
                                               "has no smoothLines (VK_EXT_line_rasterization)");
      else if (samples > 1 && !p->rs->s.multisample)
         MGU_DECLINE(line_smooth_approximated,
                     "GL_LINE_SMOOTH lines with GL_MULTISAMPLE off into "
                     "a %u-sample framebuffer drawn aliased",
                     samples);
   }
   if (p->rs && p->rs->s.line_stipple && line_class) {
      const uint32_t samples = vkb_context_fb_key(ctx) ? ctx->fb_key.samples : 1;
      if (!vkb_line_stippled(scr, vkb_line_mode(scr, &p->rs->s, samples)))
         MGU_DECLINE(gl_line_stipple_unimplemented,
                     "stippled lines drawn solid: the device does not stipple lines of the "
                     "mode GL_LINE_SMOOTH and GL_MULTISAMPLE ask for (%u samples)",
                     samples);
   }
   /* Vulkan rasterizes points at the size the last pre-rasterization stage writes; it has no
    * fixed-function point size. */
   if (p->topo == VK_PRIMITIVE_TOPOLOGY_POINT_LIST && !p->sh->mod[MGP_SHADER_STAGE_GEOMETRY] &&
       !p->sh->writes_point_size[MGP_SHADER_STAGE_VERTEX]) {
      MGU_DECLINE(backend_feature_unimplemented, "GL_POINTS with a program that does not write "
                                                 "gl_PointSize (fixed-function point size)");
      return false;
   }
   /* the front end's wrapper writes it for every emitted vertex unless the geometry shader
    * redeclares gl_PerVertex without it; then its points are 1.0 wide where the device allows
    * that (VK_KHR_maintenance5) */
   if (p->sh->gs_output_points &&
       !vkb_gs_point_size_optional(&scr->features, scr->has_maintenance5) &&
       !p->sh->writes_point_size[MGP_SHADER_STAGE_GEOMETRY]) {
      MGU_DECLINE(backend_feature_unimplemented, "a geometry shader that emits points without "
                                                 "writing gl_PointSize");
      return false;
   }
   p->point_size_read = false;
   if (p->sh->gs_point_size_cut && !draw_point_size_cut(ctx, p))
      return false;
   /* A framebuffer that is not layered has one layer: GL ignores gl_Layer then, Vulkan leaves
    * a layer past the framebuffer's undefined; the GS variant without a Layer output draws. */
   p->layer_ignored = p->sh->writes_layer && vkb_context_fb_key(ctx) && ctx->render_layers <= 1;
   if (p->layer_ignored && !p->sh->gs_layer_ignored) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "gl_Layer and gl_PrimitiveID written by a "
                  "geometry shader into a framebuffer that is not layered");
      return false;
   }
   p->provoking_last = p->rs ? p->rs->s.provoking_vertex_last : true;
   if (p->provoking_last && !scr->has_provoking_vertex && p->rs) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "last-vertex provoking convention without VK_EXT_provoking_vertex");
      return false;
   }
   return true;
}

/* The index buffer: the app's (user indices into the arena) at its offset, its type and
 * whether it restarts; every range must lie inside it. */
static bool
draw_index_buffer(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
                  const struct mgp_draw_range *ranges, uint32_t ndraws, struct draw_plan *p)
{
   struct vkb_screen *scr = ctx->scr;
   p->isz = args->index_size;
   p->ib = NULL;
   p->ib_buf = VK_NULL_HANDLE;
   p->ib_off = p->ib_size = 0;
   p->itype = VK_INDEX_TYPE_UINT16;
   p->restart = false;
   if (p->isz) {
      if (p->isz != 1 && p->isz != 2 && p->isz != 4) {
         MGU_DECLINE(backend_draw_incomplete, "index size %u", p->isz);
         return false;
      }
      if (p->isz == 1 && !scr->has_index_uint8) {
         MGU_DECLINE(backend_feature_unimplemented,
                     "GL_UNSIGNED_BYTE indices without VK_EXT_index_type_uint8");
         return false;
      }
      p->itype = p->isz == 1   ? VK_INDEX_TYPE_UINT8_EXT
                 : p->isz == 2 ? VK_INDEX_TYPE_UINT16
                               : VK_INDEX_TYPE_UINT32;
      if (args->flags & MGP_DRAW_PRIMITIVE_RESTART) {
         const uint32_t all_ones = p->isz == 4 ? 0xffffffffu : (1u << (p->isz * 8)) - 1;
         const bool list = p->topo == VK_PRIMITIVE_TOPOLOGY_POINT_LIST ||
                           p->topo == VK_PRIMITIVE_TOPOLOGY_LINE_LIST ||
                           p->topo == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST ||
                           p->topo == VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY ||
                           p->topo == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY;
         /* Vulkan restarts only at the all-ones index, and in a list only with the extension
          * (MGP_CAP_LIST_RESTART): the client rewrites any other draw (fe_prim_rewrite.c). */
         if (args->restart_index != all_ones) {
            MGU_DECLINE(backend_draw_needs_rewrite,
                        "primitive restart at index %u of %u-byte "
                        "indices (Vulkan restarts only at all-ones)",
                        args->restart_index, p->isz);
            return false;
         }
         if (list && !scr->has_list_restart) {
            MGU_DECLINE(backend_draw_needs_rewrite, "primitive restart in a list topology "
                                                    "without primitiveTopologyListRestart");
            return false;
         }
         p->restart = true;
      }
      if (args->flags & MGP_DRAW_USER_INDICES) {
         struct vkb_alloc a;
         if (!args->user_indices.ptr || !args->user_indices.size) {
            MGU_DECLINE(backend_draw_incomplete, "user indices without bytes");
            return false;
         }
         /* Out of staging memory: GL_OUT_OF_MEMORY and this draw is dropped (nothing of it is
          * recorded yet). */
         if (!vkb_arena_or_refuse(scr, args->user_indices.size, 4, &a, ctx->base.h,
                                  "draw_vbo (user indices)"))
            return false;
         memcpy(a.ptr, args->user_indices.ptr, args->user_indices.size);
         p->ib_buf = a.buf;
         p->ib_off = a.offset;
         p->ib_size = args->user_indices.size;
      } else {
         if (mgp_handle_is_null(ctx->ib.res)) {
            MGU_DECLINE(backend_draw_incomplete, "indexed draw with no index buffer");
            return false;
         }
         /* A direct draw's ranges are checked against the buffer's bytes below, so it may
          * read a version renamed in this scope (vkb_rename.c; draw_bind binds it); an
          * indirect one's are not: the store, whose end robust access keeps it inside. */
         p->ib = ranges ? vkb_resource_for_version(scr, ctx->ib.res, "draw_vbo (index buffer)")
                        : vkb_resource_for_read(scr, ctx->ib.res, "draw_vbo (index buffer)");
         if (!p->ib)
            return false;
         if (!p->ib->is_buffer || ctx->ib.offset % p->isz || ctx->ib.offset > p->ib->size) {
            MGU_DECLINE(backend_draw_incomplete, "index buffer offset %llu",
                        (unsigned long long)ctx->ib.offset);
            return false;
         }
         p->ib_buf = p->ib->buf;
         p->ib_off = ctx->ib.offset;
         p->ib_size = p->ib->size - ctx->ib.offset;
      }
      for (uint32_t i = 0; i < ndraws; i++) {
         if (((uint64_t)ranges[i].start + ranges[i].count) * p->isz > p->ib_size) {
            MGU_DECLINE(backend_draw_incomplete, "indices [%u, +%u) beyond the index buffer",
                        ranges[i].start, ranges[i].count);
            return false;
         }
      }
   }
   return true;
}

/* The pipeline key (but for its feedback loops) and the vertex bindings the pipeline reads (and
 * a free one for the default values). */
static bool
draw_pipeline(struct vkb_context *ctx, struct draw_plan *p)
{
   struct vkb_screen *scr = ctx->scr;
   if (!vkb_context_fb_key(ctx))
      return false;
   p->centre_locations = multisample_off_centre(ctx, p->rs, p->sh, &p->ms_ds);
   p->key = ctx->fb_key;
   p->key.centre_locations = p->centre_locations;
   p->key.rs = p->rs ? p->rs->share->id : mgp_handle_null();
   p->key.ve = p->ve ? p->ve->base.h : mgp_handle_null();
   p->key.shader = p->sh->base.h;
   p->key.restart = p->restart && !scr->has_dyn_rs; /* else vkb_render_state_record sets it */
   p->key.provoking_last = p->provoking_last && scr->has_provoking_vertex;
   p->key.layer_ignored = p->layer_ignored;
   p->key.viewports = p->sh->writes_viewport && scr->features.multiViewport ? MGP_MAX_VIEWPORTS : 1;
   if (p->key.viewports > 1 && !ctx->viewports_held) {
      /* a client that never sent set_viewports: its empty viewports 1.., so that every
       * viewport the pipeline has is set (Vulkan) and GL's undefined index draws nothing */
      ctx->viewports_held = true;
      ctx->dyn_dirty |= VKB_DYN_VIEWPORTS;
   }
   if (p->topo == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST) {
      /* The client draws GL_PATCHES only with a TES (fe_draw.c), and a TES only in patches */
      if (!p->sh->mod[MGP_SHADER_STAGE_TESS_EVAL] || !p->sh->mod[MGP_SHADER_STAGE_TESS_CTRL]) {
         MGU_DECLINE(backend_draw_incomplete, "GL_PATCHES without both tessellation stages");
         return false;
      }
      p->key.patch_vertices = (uint8_t)ctx->patch.vertices;
   } else if (p->sh->mod[MGP_SHADER_STAGE_TESS_EVAL] || p->sh->mod[MGP_SHADER_STAGE_TESS_CTRL]) {
      MGU_DECLINE(backend_draw_incomplete, "a tessellation program drawing no patches");
      return false;
   }
   /* glSampleCoverage: the first round(value * samples) samples (inverted on request). Vulkan's
    * sample mask is pipeline state, so the mask is part of the key (multisampled only). */
   p->key.coverage_mask = vkb_draw_coverage_mask(ctx, p->key.samples);
   /* A geometry stage's input primitive must match the pipeline's own topology, not only its
    * class: such pipelines keep the exact one. */
   if (scr->has_dynamic_topology && !p->restart && !p->sh->mod[MGP_SHADER_STAGE_GEOMETRY] &&
       p->topo != VK_PRIMITIVE_TOPOLOGY_PATCH_LIST) {
      switch (p->topo) {
      case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
         p->key.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
         break;
      case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
      case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
      case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
      case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
         p->key.topology = VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
         break;
      default: p->key.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST; break;
      }
   } else {
      p->key.topology = (uint8_t)p->topo;
   }

   /* Vertex bindings the pipeline will read, and a free one for the default values. */
   const uint32_t reads = p->sh->refl.vertex_input_mask;
   const uint32_t enabled = p->ve ? p->ve->ve.enabled_mask & reads & 0xffffu : 0;
   p->used_bindings = 0;
   for (uint32_t loc = 0; loc < VKB_MAX_ATTRIBS; loc++)
      if ((enabled & (1u << loc)) && p->ve->ve.attribs[loc].binding < VKB_MAX_VB)
         p->used_bindings |= 1u << p->ve->ve.attribs[loc].binding;
   p->default_binding = 0;
   while (p->used_bindings & (1u << p->default_binding))
      p->default_binding++;
   p->need_defaults = (reads & ~enabled) != 0;
   return true; /* the pipeline: draw_descriptor_sets, once the feedback loops are known */
}

/* The vertex buffers at the bindings the pipeline reads, and the default attribute values. */
static bool
draw_vertex_buffers(struct vkb_context *ctx, struct draw_plan *p)
{
   struct vkb_screen *scr = ctx->scr;
   for (uint32_t b = 0; b < VKB_MAX_VB; b++) {
      p->vb_res[b] = NULL;
      if (!(p->used_bindings & (1u << b)))
         continue;
      if (mgp_handle_is_null(ctx->vbs[b].res)) {
         MGU_DECLINE(backend_draw_incomplete, "vertex buffer binding %u has no buffer", b);
         return false;
      }
      /* a version renamed in this scope is bound by draw_bind, sized (scr->bind_vb_sized) */
      struct vkb_resource *r =
         scr->bind_vb_sized
            ? vkb_resource_for_version(scr, ctx->vbs[b].res, "draw_vbo (vertex buffer)")
            : vkb_resource_for_read(scr, ctx->vbs[b].res, "draw_vbo (vertex buffer)");
      if (!r)
         return false;
      if (!r->is_buffer || ctx->vbs[b].offset >= (r->size ? r->size : 1)) {
         MGU_DECLINE(backend_draw_incomplete,
                     "vertex buffer binding %u: offset %llu of a "
                     "%llu-byte buffer",
                     b, (unsigned long long)ctx->vbs[b].offset, (unsigned long long)r->size);
         return false;
      }
      p->vb_res[b] = r;
      p->vb_buf[b] = r->buf;
      p->vb_off[b] = ctx->vbs[b].offset;
      p->vb_size[b] = VK_WHOLE_SIZE;
   }
   if (p->need_defaults) {
      if (ctx->attr_serial != vkb_current_serial(scr) ||
          ctx->attr_version_made != ctx->attrib_version || !ctx->attr_buf) {
         struct vkb_alloc a;
         if (!vkb_arena_or_refuse(scr, sizeof(ctx->attrib_value), 32, &a, ctx->base.h,
                                  "draw_vbo (default attribute values)"))
            return false;
         memcpy(a.ptr, ctx->attrib_value, sizeof(ctx->attrib_value));
         ctx->attr_buf = a.buf;
         ctx->attr_off = a.offset;
         ctx->attr_serial = vkb_current_serial(scr);
         ctx->attr_version_made = ctx->attrib_version;
      }
      p->vb_buf[p->default_binding] = ctx->attr_buf;
      p->vb_off[p->default_binding] = ctx->attr_off;
      p->vb_size[p->default_binding] = VK_WHOLE_SIZE;
   }
   return true;
}

/* Descriptors (may record texture transitions: before the rendering scope), then the pipeline,
 * whose key the samplers' feedback loops complete. */
static bool
draw_descriptor_sets(struct vkb_context *ctx, struct draw_plan *p)
{
   struct vkb_screen *scr = ctx->scr;
   if (!vkb_draw_gather_descriptors(ctx, p->sh, &p->dd, VKB_DRAW_ALL_SETS) || scr->failed)
      return false;
   /* A feedback loop (GL_ARB_texture_barrier) starting or ending: its pipeline has the loop
    * flags, and its rendering scope keeps the loop's attachments in the feedback-loop layout
    * (a scope of the other kind ends here; vkb_begin_rendering begins the right one). */
   ctx->loop_want = p->dd.loop;
   p->key.loop = p->dd.loop; /* (VKB_LOOP_STORAGE sets no pipeline flag: a key of its own) */
   p->pipe = vkb_pipeline_get(scr, &p->key, p->rs, p->ve, p->sh, p->default_binding);
   if (!p->pipe)
      return false;
   if (scr->rendering_ctx == ctx && scr->rendering_loop != p->dd.loop)
      vkb_end_rendering(scr);
   p->serial = vkb_current_serial(scr);
   p->sets[0] = p->sets[1] = VK_NULL_HANDLE;
   for (int i = 0; i < VKB_SET_COUNT; i++) {
      if (p->sh->set_used[i] &&
          !(p->sets[i] = vkb_draw_descriptor_set(ctx, p->sh, &p->dd, i, p->serial)))
         return false;
   }
   return true;
}

/* Begins rendering and binds what changed: pipeline, dynamic and render state, topology,
 * descriptor sets, vertex and index buffers. *cmd_out: the command buffer drawn into. */
static bool
draw_bind(struct vkb_context *ctx, struct draw_plan *p, VkCommandBuffer *cmd_out)
{
   struct vkb_screen *scr = ctx->scr;
   if (!vkb_begin_rendering(ctx))
      return false;
   /* Not vkb_cmd: that records the queued draws, which only a bind below must do. */
   if (!scr->cur || !scr->cur->recording)
      return false;
   VkCommandBuffer cmd = scr->cur->cmd;
   /* a draw that may write buffers: a later clamp of the scope cannot run before it */
   if (scr->shader_writes_pending || ctx->xfb.in_scope)
      scr->scope_writes = true;

   /* Bound state survives within one command buffer and one context. */
   if (ctx->bind_epoch != scr->bind_epoch || scr->bind_owner != ctx) {
      ctx->bind_epoch = scr->bind_epoch;
      scr->bind_owner = ctx;
      vkb_scope_moved(scr); /* the last owner's fast draw is not in its binds */
      ctx->bound_pipeline = VK_NULL_HANDLE;
      memset(ctx->bound_set, 0, sizeof(ctx->bound_set));
      ctx->bound_layout = VK_NULL_HANDLE;
      ctx->bound_ib = VK_NULL_HANDLE;
      ctx->bound_topology = -1;
      memset(ctx->bound_vb, 0, sizeof(ctx->bound_vb));
      ctx->dyn_dirty = VKB_DYN_ALL;
      ctx->dyn_recorded = false;
      ctx->rs_recorded = false;
   }
   if (ctx->bound_pipeline != p->pipe && ctx->xfb.in_scope) {
      /* No pipeline may be bound under an active capture: end this scope (the counters keep
       * the write position) and capture on in the next. */
      vkb_end_rendering(scr);
      if (!vkb_begin_rendering(ctx) || !scr->cur || !scr->cur->recording)
         return false;
      cmd = scr->cur->cmd;
   }
   if (ctx->bound_pipeline != p->pipe) {
      vkb_flush_draws(scr);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->pipe);
      scr->stats.cmd_bind_pipeline++;
      ctx->bound_pipeline = p->pipe;
   }
   /* the locations its depth was last drawn with, for the barriers after this scope (inside
    * it, where no barrier comes) */
   if (p->ms_ds)
      p->ms_ds->centre_drawn = p->centre_locations;
   if (ctx->dyn_dirty) {
      vkb_flush_draws(scr);
      vkb_draw_set_dynamic(ctx, cmd);
      ctx->dyn_dirty = 0;
   }
   /* Per full draw, not per dyn_dirty: a render-state bind changes it (the fast path records
    * it too after a bind that keeps the pipeline, rs_tick). */
   if (!vkb_render_state_record(ctx, cmd, p->rs, &p->key, p->restart))
      return false;
   if (scr->has_dynamic_topology && ctx->bound_topology != (int)p->topo) {
      vkb_flush_draws(scr);
      scr->set_topology(cmd, p->topo);
      scr->stats.cmd_set_state++;
      ctx->bound_topology = (int)p->topo;
   }
   /* A set is rebound when it (or, for set 0, the default block's offset) changed; a new
    * pipeline layout rebinds both. */
   const bool new_layout = ctx->bound_layout != p->sh->layout;
   _Static_assert(VKB_SET_COUNT == 2, "sets 0 and 1 alone: one call binds both");
   bool rebind[VKB_SET_COUNT];
   for (int i = 0; i < VKB_SET_COUNT; i++) {
      const bool dyn = i == VKB_SET_BUFFERS && p->dd.has_dynamic;
      rebind[i] = p->sets[i] && (new_layout || ctx->bound_set[i] != p->sets[i] ||
                                 (dyn && ctx->bound_dynoff != p->dd.dynoff));
   }
   /* both (a new command buffer, another program): one vkCmdBindDescriptorSets */
   const bool both = rebind[0] && rebind[1];
   for (int i = 0; i < VKB_SET_COUNT; i++) {
      if (!rebind[i])
         continue;
      const bool dyn = i == VKB_SET_BUFFERS && p->dd.has_dynamic;
      vkb_flush_draws(scr);
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p->sh->layout, (uint32_t)i,
                              both ? 2 : 1, &p->sets[i], dyn ? 1 : 0, &p->dd.dynoff);
      scr->stats.cmd_bind_sets++;
      ctx->bound_set[i] = p->sets[i];
      if (dyn)
         ctx->bound_dynoff = p->dd.dynoff;
      if (both) {
         ctx->bound_set[1] = p->sets[1];
         break;
      }
   }
   ctx->bound_layout = p->sh->layout;
   const uint32_t vb_mask = p->used_bindings | (p->need_defaults ? 1u << p->default_binding : 0);
   for (uint32_t b = 0; b <= VKB_MAX_VB; b++) {
      if (!(vb_mask & (1u << b)))
         continue;
      /* A buffer renamed in the scope this draw is in (resolved here, once the scope is
       * begun: a scope that ended since has copied its versions home) reads its version. */
      if (b < VKB_MAX_VB && p->vb_res[b] && p->vb_res[b]->ver_buf)
         vkb_vertex_version(p->vb_res[b], ctx->vbs[b].offset, &p->vb_buf[b], &p->vb_off[b],
                            &p->vb_size[b]);
      if (ctx->bound_vb[b] != p->vb_buf[b] || ctx->bound_vb_off[b] != p->vb_off[b]) {
         vkb_flush_draws(scr);
         if (p->vb_size[b] != VK_WHOLE_SIZE)
            scr->bind_vb_sized(cmd, b, 1, &p->vb_buf[b], &p->vb_off[b], &p->vb_size[b], NULL);
         else
            vkCmdBindVertexBuffers(cmd, b, 1, &p->vb_buf[b], &p->vb_off[b]);
         scr->stats.cmd_bind_vertex_buffers++;
         ctx->bound_vb[b] = p->vb_buf[b];
         ctx->bound_vb_off[b] = p->vb_off[b];
      }
   }
   if (p->ib && p->ib->ver_buf) { /* a direct draw's, renamed in this scope */
      p->ib_buf = p->ib->ver_buf;
      p->ib_off = p->ib->ver_offset + ctx->ib.offset;
   }
   if (p->isz && (ctx->bound_ib != p->ib_buf || ctx->bound_ib_off != p->ib_off ||
                  ctx->bound_ib_type != p->itype)) {
      vkb_flush_draws(scr);
      vkCmdBindIndexBuffer(cmd, p->ib_buf, p->ib_off, p->itype);
      scr->stats.cmd_bind_index_buffer++;
      ctx->bound_ib = p->ib_buf;
      ctx->bound_ib_off = p->ib_off;
      ctx->bound_ib_type = p->itype;
   }
   *cmd_out = cmd;
   return true;
}

/* GL's draw parameters for the next draw commands of a program that reads them
 * (spv_draw_params.c): whether they are indexed (gl_BaseVertex is 0 in an arrays draw) and the
 * gl_DrawID of the command's first draw, less its own DrawIndex. */
static void
push_draw_params(VkCommandBuffer cmd, VkPipelineLayout layout, bool indexed, uint32_t draw_id_base)
{
   const int32_t pc[2] = {indexed ? 1 : 0, (int32_t)draw_id_base};
   vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(pc), pc);
}

/* The ranges of one GL call for such a program: a command each, after the queued draws, each
 * with gl_DrawID draw_id_offset + i (the client's offset where it splits a call: wraps like
 * GL's int). Empty ranges draw nothing but keep their ID. */
static void
draw_params_record(struct vkb_screen *scr, VkCommandBuffer cmd, const struct draw_plan *p,
                   const struct mgp_draw_vbo *args, const struct mgp_draw_range *ranges,
                   uint32_t ndraws)
{
   vkb_flush_draws(scr);
   for (uint32_t i = 0; i < ndraws; i++) {
      const struct mgp_draw_range *r = &ranges[i];
      if (!r->count || !args->instance_count)
         continue;
      push_draw_params(cmd, p->sh->layout, p->isz != 0, args->draw_id_offset + i);
      if (p->isz)
         vkCmdDrawIndexed(cmd, r->count, args->instance_count, r->start, r->index_bias,
                          args->start_instance);
      else
         vkCmdDraw(cmd, r->count, args->instance_count, r->start, args->start_instance);
      scr->stats.cmd_draws++;
      scr->stats.draws_recorded++;
      scr->cur->draws++;
   }
}

/* Marks what the draw reads as in use, queues its ranges and records what the next draw
 * needs to take the fast path. */
static void
draw_record(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
            const struct mgp_draw_range *ranges, uint32_t ndraws, struct draw_plan *p,
            VkCommandBuffer cmd)
{
   struct vkb_screen *scr = ctx->scr;
   /* Everything this draw reads is in use by the current batch. */
   for (uint32_t b = 0; b < VKB_MAX_VB; b++)
      if (p->vb_res[b])
         p->vb_res[b]->last_use = p->serial;
   for (uint32_t i = 0; i < p->dd.n_used_bufs; i++)
      p->dd.used_bufs[i]->last_use = p->serial;
   if (p->ib)
      p->ib->last_use = p->serial;

   if (ctx->cond_pred && !scr->pred_open)
      vkb_cond_scope_begin(ctx);
   vkb_xfb_draw(ctx, cmd);
   if (p->sh->draw_params_pushed) {
      draw_params_record(scr, cmd, p, args, ranges, ndraws);
      return; /* each draw pushes its own: none queued, no fast path */
   }
   /* the fast paths draw with this program: they keep it */
   scr->draws_alone = p->sh->reads_primitive_id;
   for (uint32_t i = 0; i < ndraws; i++)
      if (ranges[i].count && args->instance_count)
         vkb_queue_draw(scr, p->isz != 0, &ranges[i], args->instance_count, args->start_instance);

   /* What the next draw needs to take the fast path: a draw's with restart too, marked so
    * that only a draw restarting alike takes it (VKB_FAST_RESTART) */
   const bool user = (args->flags & MGP_DRAW_USER_INDICES) != 0;
   if ((!p->isz || p->ib || user) && !p->point_size_read)
      ctx->fast = (struct vkb_fast_draw){
         .valid = true,
         .mode = args->mode | (p->restart ? VKB_FAST_RESTART : 0u),
         .index_size = args->index_size,
         .tick = scr->state_tick,
         .indirect_tick = scr->indirect_tick,
         .buffer_tick = scr->buffer_tick,
         .consts_tick = scr->consts_tick,
         .consts_buf = p->sh->consts_buf,
         .vertex_tick = scr->vertex_tick,
         .texture_tick = scr->texture_tick,
         .rs_tick = scr->rs_tick,
         .call_tick = VKB_TICK_NEVER, /* below, once the draw is queued */
         .scope_tick = VKB_TICK_NEVER,
         .key = p->key,
         .vb_bindings = p->used_bindings,
         .serial = scr->cur->serial,
         .sh = p->sh,
         .ib_size = p->ib_size,
         .user_indices = user,
      };
   else if (p->point_size_read)
      ctx->fast.valid = false; /* the next draw's glPointSize is checked the whole way */
   ctx->fast.scope_tick = vkb_draw_scope_tick(ctx);
   ctx->fast.call_tick = vkb_draw_unchanged_tick(ctx);
}

static void
draw_full(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
          const struct mgp_draw_range *ranges, uint32_t ndraws)
{
   struct draw_plan plan, *p = &plan;
   VkCommandBuffer cmd;
   if (!draw_topology(args, p) || !draw_program(ctx, p) ||
       !draw_index_buffer(ctx, args, ranges, ndraws, p) || !draw_pipeline(ctx, p) ||
       !draw_vertex_buffers(ctx, p) || !draw_descriptor_sets(ctx, p) || !draw_bind(ctx, p, &cmd))
      return;
   draw_record(ctx, args, ranges, ndraws, p, cmd);
}

/* Whether a fragments-only draw needs a rendering scope of its own: an active query counting
 * vertices or primitives, or a capture, would count or capture it in the draws' scope. */
static bool
fragments_hidden(const struct vkb_context *ctx)
{
   return vkb_xfb_capturing(ctx) || vkb_prim_any_active(ctx) || vkb_stat_geometry_active(ctx);
}

static void draw_whole(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
                       const struct mgp_draw_range *ranges, uint32_t ndraws);
static inline bool restart_unchanged(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
                                     const struct mgp_draw_range *ranges, uint32_t ndraws);

void
vkb_draw_vbo(void *self, const struct mgp_draw_vbo *args, const void *tail, uint32_t tail_count)
{
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   if (scr->failed || ctx->cond_discard)
      return;
   const struct mgp_draw_range *ranges = tail;
   const uint32_t ndraws = tail_count < args->num_draws ? tail_count : args->num_draws;
   if (!ndraws || restart_unchanged(ctx, args, ranges, ndraws))
      return;
   vkb_draw_pressure_point(scr);
   if (vkb_draw_fast(ctx, args, ranges, ndraws))
      return;
   draw_whole(ctx, args, ranges, ndraws);
}

/* A draw vkb_draw_fast did not take: the whole way, or the named declines. */
static void
draw_whole(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
           const struct mgp_draw_range *ranges, uint32_t ndraws)
{
   struct vkb_screen *scr = ctx->scr;
   vkb_fast_drop(ctx); /* until this draw has gone the whole way */
   if (args->flags & ~MGP_DRAW_ALL_FLAGS) {
      MGU_DECLINE(backend_feature_unimplemented, "draw_vbo flags 0x%x", args->flags);
      return;
   }
   if (args->flags & MGP_DRAW_INDIRECT) {
      MGU_DECLINE(backend_feature_unimplemented, "indirect draws");
      return;
   }
   if (!(args->flags & MGP_DRAW_FRAGMENTS_ONLY) || !fragments_hidden(ctx)) {
      draw_full(ctx, args, ranges, ndraws);
      return;
   }
   /* A pass GL does not see as a drawing command of its own (a polygon mode per face's second
    * pass): a scope of its own where only occlusion and fragment shader invocations count and
    * nothing is captured (vkb_stat_scope_prepare, prim_scope_prepare, vkb_xfb_draw), ended
    * after it so that the next draw opens a counting one. */
   if (scr->rendering_ctx == ctx)
      vkb_end_rendering(scr);
   ctx->fragments_only = true;
   draw_full(ctx, args, ranges, ndraws);
   if (scr->rendering_ctx == ctx)
      vkb_end_rendering(scr);
   ctx->fragments_only = false;
   scr->stats.fragments_only_scopes++;
}

/* The indirect buffer when draw_count commands of cmd_size bytes, stride apart from offset,
 * lie inside it: the end computed in 64 bits without wrap (offset, stride, draw_count and
 * count_offset are bounded by the decoder, but the monolith arm has no decoder, so they are
 * checked again). A record that reaches past the buffer is hostile (the front end checked the
 * size it knows): Fatal{ProtocolCorruption}. */
static struct vkb_resource *
indirect_commands(struct vkb_screen *scr, const struct mgp_draw_indirect *a, uint32_t cmd_size)
{
   struct vkb_resource *r = vkb_resource_for_read(scr, a->indirect, "draw_indirect (commands)");
   if (!r)
      return NULL;
   char why[160];
   const uint32_t most =
      mgp_handle_is_null(a->count) ? MGP_MAX_INDIRECT_DRAWS : MGP_MAX_INDIRECT_COUNT_DRAWS;
   const char *field = a->draw_count > most  ? "draw_count"
                       : a->offset % 4       ? "offset"
                       : a->stride % 4       ? "stride"
                       : a->count_offset % 4 ? "count_offset"
                                             : NULL;
   if (field) {
      snprintf(why, sizeof(why), "draw_indirect.%s: %u draws at offset %llu, stride %u", field,
               a->draw_count, (unsigned long long)a->offset, a->stride);
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, why);
      return NULL;
   }
   /* (2^31 - 1) * (2^32 - 1) + 20 < 2^63: the span cannot wrap; offset is compared apart */
   const uint64_t span = (uint64_t)(a->draw_count - 1) * a->stride + cmd_size;
   if (!r->is_buffer || !r->buf || r->size < span || a->offset > r->size - span) {
      snprintf(why, sizeof(why),
               "draw_indirect.commands: %u of %u bytes, %u apart, at %llu of a %llu-byte buffer",
               a->draw_count, cmd_size, a->stride, (unsigned long long)a->offset,
               (unsigned long long)r->size);
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, why);
      return NULL;
   }
   return r;
}

/* The buffer holding an indirect-count draw's number of draws, a u32 at count_offset inside
 * it (the end compared without wrap), else Fatal{ProtocolCorruption}. */
static struct vkb_resource *
indirect_count(struct vkb_screen *scr, const struct mgp_draw_indirect *a)
{
   struct vkb_resource *r = vkb_resource_for_read(scr, a->count, "draw_indirect (count)");
   if (!r)
      return NULL;
   if (!r->is_buffer || !r->buf || r->size < 4 || a->count_offset > r->size - 4) {
      char why[128];
      snprintf(why, sizeof(why), "draw_indirect.count: 4 bytes at %llu of a %llu-byte buffer",
               (unsigned long long)a->count_offset, (unsigned long long)r->size);
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, why);
      return NULL;
   }
   return r;
}

/* Whether the server can draw an indirect-count record as it stands: the device reads counts
 * (a client that ignores MGP_CAP_DRAW_INDIRECT_COUNT is told so by name) and Vulkan takes the
 * stride (at least a command: GL's overlapping commands are the front end's decline too). */
static bool
indirect_count_drawable(struct vkb_screen *scr, const struct mgp_draw_indirect *a,
                        uint32_t cmd_size)
{
   if (!scr->has_draw_indirect_count || !scr->features.multiDrawIndirect ||
       !scr->features.drawIndirectFirstInstance) {
      MGU_DECLINE(backend_feature_unimplemented, "indirect-count draws without drawIndirectCount");
      return false;
   }
   if (a->stride < cmd_size) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "indirect-count draws whose stride is under a command's size");
      return false;
   }
   return true;
}

/* Whether every command of a (not counted) indirect draw is within budget by the buffer's CPU
 * shadow (vkb_rename.c: kept only while every write came from the CPU, so it is the bytes the
 * draw reads): then the draw reads the client's buffer as it is, with no clamp, the same
 * commands the clamp would leave as they are (draw_clamp.comp's test: count * instances <=
 * budget, without the product). The answer is kept for the same commands until a shadow write.
 * indirect_commands bounded [offset, + span) inside the buffer, and so inside the shadow. */
static bool
indirect_unclamped(struct vkb_resource *r, const struct mgp_draw_indirect *a, uint32_t cmd_size,
                   uint32_t budget)
{
   if (r->shadow_zero)
      return true; /* zero commands draw nothing, as the clamp would leave them */
   if (!r->shadow)
      return false;
   if (r->cmds_ok_n == a->draw_count && r->cmds_ok_offset == a->offset &&
       r->cmds_ok_stride == a->stride && r->cmds_ok_size == cmd_size)
      return true;
   for (uint32_t i = 0; i < a->draw_count; i++) {
      uint32_t w[2];
      memcpy(w, r->shadow + a->offset + (uint64_t)i * a->stride, sizeof(w));
      if (w[0] && w[1] && (w[0] > budget || w[1] > budget / w[0]))
         return false;
   }
   r->cmds_ok_n = a->draw_count;
   r->cmds_ok_offset = a->offset;
   r->cmds_ok_stride = a->stride;
   r->cmds_ok_size = cmd_size;
   return true;
}

/* The vertex invocations (vertices times instances, over its commands) one indirect draw call
 * may run once clamped: what a device does in well under a second with a trivial shader, so a
 * hostile count ends in seconds on lavapipe (2^24: ~1 s with two cores) and far inside a GPU driver's
 * ~2 s watchdog (2^30). Each command gets an equal share, at least VKB_INDIRECT_CMD_MIN. */
#define VKB_INDIRECT_BUDGET_CPU (1u << 24)
#define VKB_INDIRECT_BUDGET_GPU (1u << 30)
#define VKB_INDIRECT_CMD_MIN 64u

/* Records the draws of an indirect buffer: one vkCmdDraw(Indexed)IndirectCount where the
 * count is in a buffer; else one vkCmdDraw(Indexed)Indirect for them all where the device has
 * multiDrawIndirect and the stride is one Vulkan takes, one per command otherwise. gl_DrawID
 * counts from the record's draw_id_offset (the front end's split of a long call). */
static void
indirect_record(struct vkb_screen *scr, VkCommandBuffer cmd, const struct mgp_draw_indirect *a,
                VkBuffer buf, VkBuffer count_buf, uint32_t cmd_size, const struct vkb_shader *sh)
{
   if (count_buf != VK_NULL_HANDLE) {
      if (sh->draw_params_pushed)
         push_draw_params(cmd, sh->layout, a->index_size != 0, a->draw_id_offset);
      if (a->index_size)
         scr->draw_indexed_indirect_count(cmd, buf, a->offset, count_buf, a->count_offset,
                                          a->draw_count, a->stride);
      else
         scr->draw_indirect_count(cmd, buf, a->offset, count_buf, a->count_offset, a->draw_count,
                                  a->stride);
      scr->stats.cmd_draws++;
      scr->stats.indirect_cmds++;
      scr->stats.indirect_count_cmds++;
      scr->stats.draws_recorded++; /* how many the GPU draws is its own */
      scr->cur->draws++;
      return;
   }
   const bool one_call =
      a->draw_count == 1 || (scr->features.multiDrawIndirect && a->stride >= cmd_size &&
                             a->draw_count <= scr->props.limits.maxDrawIndirectCount);
   const uint32_t calls = one_call ? 1 : a->draw_count, per_call = one_call ? a->draw_count : 1;
   const uint32_t stride = per_call > 1 ? a->stride : cmd_size;
   for (uint32_t i = 0; i < calls; i++) {
      const VkDeviceSize at = a->offset + (VkDeviceSize)i * a->stride;
      /* one command: DrawIndex counts the draws; one a command: the push does */
      if (sh->draw_params_pushed)
         push_draw_params(cmd, sh->layout, a->index_size != 0,
                          a->draw_id_offset + (one_call ? 0 : i));
      if (a->index_size)
         vkCmdDrawIndexedIndirect(cmd, buf, at, per_call, stride);
      else
         vkCmdDrawIndirect(cmd, buf, at, per_call, stride);
   }
   scr->stats.cmd_draws += calls;
   scr->stats.indirect_cmds += calls;
   scr->stats.draws_recorded += a->draw_count;
   scr->cur->draws += a->draw_count;
}

/* The clamped copy of an indirect draw's commands (vkb_draw_clamp.c), recorded by the whole
 * way and the fast one alike, then its commands: *packed reads them. */
static bool
indirect_clamp(struct vkb_screen *scr, const struct mgp_draw_indirect *args,
               struct vkb_resource *ind, struct vkb_resource *cnt, uint32_t cmd_size, uint32_t n,
               uint32_t budget, bool prepass, VkBuffer *clamped, struct mgp_draw_indirect *packed)
{
   VkDeviceSize base;
   ind->last_use = vkb_current_serial(scr);
   if (cnt)
      cnt->last_use = ind->last_use;
   scr->clamp_prepass = true;
   if (!vkb_draw_clamp_record(scr, ind->buf, args->offset, n, args->stride, cmd_size,
                              cnt ? cnt->buf : VK_NULL_HANDLE, args->count_offset,
                              n < args->draw_count, budget, prepass, clamped, &base))
      return false;
   *packed = (struct mgp_draw_indirect){
      .mode = args->mode,
      .index_size = args->index_size,
      .flags = args->flags,
      .restart_index = args->restart_index,
      .offset = base + VKB_CLAMP_CMDS,
      .stride = cmd_size,
      .draw_count = n,
      .count = args->count,
      .count_offset = base + VKB_CLAMP_COUNT,
      .draw_id_offset = args->draw_id_offset,
   };
   return true;
}

/* An indirect draw of the last draw's state, bound as vkb_draw_fast_indirect binds it
 * (nothing gathered, resolved or transitioned again where nothing it depends on changed), then
 * its commands: the client's where they need no clamp, else the clamp's copy where it runs as
 * a pre-pass, before the open scope (made first: *made, which the whole way then reads where
 * the scope moved after all). One with primitive restart takes it after a draw that restarted
 * alike (the index it restarts at is the all-ones one the whole way took, or the whole way
 * declines it). False: the whole way. */
static bool
indirect_fast(struct vkb_context *ctx, const struct mgp_draw_indirect *args,
              struct vkb_resource *ind, struct vkb_resource *cnt, uint32_t cmd_size, uint32_t n,
              uint32_t budget, bool *made, VkBuffer *clamped, struct mgp_draw_indirect *packed)
{
   struct vkb_screen *scr = ctx->scr;
   if (!ctx->fast.valid || ctx->fast.scope_tick != scr->scope_tick)
      return false;
   /* restart means nothing to arrays (draw_index_buffer); the index sizes past the three are
    * the whole way's declines */
   const bool restart = (args->flags & MGP_DRAW_PRIMITIVE_RESTART) && args->index_size;
   if (restart && args->restart_index != (args->index_size == 1   ? 0xffu
                                          : args->index_size == 2 ? 0xffffu
                                                                  : 0xffffffffu))
      return false;
   const bool unclamped = !cnt && indirect_unclamped(ind, args, cmd_size, budget);
   /* the whole way's pre-pass test: no draw of the scope wrote buffers, no version of the
    * commands waits for the scope's end */
   if (!unclamped) {
      if (scr->rendering_ctx != ctx || scr->scope_writes || ctx->xfb.in_scope || ind->ver_buf ||
          (cnt && cnt->ver_buf))
         return false;
      if (!indirect_clamp(scr, args, ind, cnt, cmd_size, n, budget, true, clamped, packed)) {
         vkb_fast_drop(ctx);
         return true; /* declined by name there, or a Fatal: the draw is dropped */
      }
      *made = true;
   }
   const enum vkb_fast_way way = vkb_draw_fast_indirect(ctx, args->mode, args->index_size, restart);
   if (way != VKB_FAST_BOUND) {
      if (way == VKB_FAST_DROPPED)
         vkb_fast_drop(ctx);
      return way == VKB_FAST_DROPPED;
   }
   scr->stats.indirect_memo_hits++;
   vkb_flush_draws(scr); /* the queued direct draws come first */
   if (unclamped) {
      ind->last_use = vkb_current_serial(scr);
      scr->stats.indirect_unclamped++;
      indirect_record(scr, scr->cur->cmd, args, ind->buf, VK_NULL_HANDLE, cmd_size, ctx->fast.sh);
   } else {
      indirect_record(scr, scr->cur->cmd, packed, *clamped, cnt ? *clamped : VK_NULL_HANDLE,
                      cmd_size, ctx->fast.sh);
   }
   return true;
}

void
vkb_draw_indirect(void *self, const struct mgp_draw_indirect *args, const void *tail,
                  uint32_t tail_count)
{
   (void)tail;
   (void)tail_count;
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   if (scr->failed || ctx->cond_discard || !args->draw_count)
      return;
   /* the client sends restart alone here (fe_draw.c draws the other cases directly): any other
    * bit is one this backend does not know, declined rather than dropped */
   if (args->flags & ~MGP_DRAW_PRIMITIVE_RESTART) {
      MGU_DECLINE(backend_feature_unimplemented, "draw_indirect flags 0x%x", args->flags);
      return;
   }
   const uint32_t cmd_size =
      args->index_size ? MGP_INDIRECT_ELEMENTS_SIZE : MGP_INDIRECT_ARRAYS_SIZE;
   struct vkb_resource *ind = indirect_commands(scr, args, cmd_size);
   if (!ind)
      return;
   const bool counted = !mgp_handle_is_null(args->count);
   struct vkb_resource *cnt = counted ? indirect_count(scr, args) : NULL;
   if (counted && (!cnt || !indirect_count_drawable(scr, args, cmd_size)))
      return;
   /* Without it every command's baseInstance must be 0, which the GPU's bytes do not promise;
    * get_caps leaves the call out of call_mask then. */
   if (!scr->features.drawIndirectFirstInstance) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "indirect draws without drawIndirectFirstInstance");
      return;
   }
   /* The GPU reads the counts the client wrote: its fetches are bounded only under
    * robustBufferAccess (vertices) and robustBufferAccess2 (indices, VUID-
    * VkDrawIndexedIndirectCommand-robustBufferAccess2-08798); outside them a hostile command
    * reads past the buffers. */
   if (!scr->features.robustBufferAccess || (args->index_size && !scr->has_robust_buffer2)) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "indirect draws without robustBufferAccess, indexed ones without "
                  "robustBufferAccess2 (VK_EXT_robustness2)");
      return;
   }
   vkb_draw_pressure_point(scr);
   const uint32_t n = args->draw_count > MGP_MAX_INDIRECT_DRAWS && counted ? MGP_MAX_INDIRECT_DRAWS
                                                                           : args->draw_count;
   const uint32_t call_budget = scr->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU
                                   ? VKB_INDIRECT_BUDGET_CPU
                                   : VKB_INDIRECT_BUDGET_GPU;
   const uint32_t budget =
      call_budget / n > VKB_INDIRECT_CMD_MIN ? call_budget / n : VKB_INDIRECT_CMD_MIN;
   bool made = false;
   VkBuffer clamped = VK_NULL_HANDLE;
   struct mgp_draw_indirect packed;
   if (indirect_fast(ctx, args, ind, cnt, cmd_size, n, budget, &made, &clamped, &packed))
      return;
   vkb_fast_drop(ctx);
   /* The direct draw's plan with no ranges: the GPU reads the counts, and robustBufferAccess
    * (2) keeps its vertex and index reads inside the buffers. */
   const struct mgp_draw_vbo as_vbo = {
      .mode = args->mode,
      .index_size = args->index_size,
      .flags = (uint8_t)((args->flags & MGP_DRAW_PRIMITIVE_RESTART) | MGP_DRAW_INDIRECT),
      .restart_index = args->restart_index,
   };
   struct draw_plan plan, *p = &plan;
   VkCommandBuffer cmd;
   if (!draw_topology(&as_vbo, p) || !draw_program(ctx, p) ||
       !draw_index_buffer(ctx, &as_vbo, NULL, 0, p) || !draw_pipeline(ctx, p) ||
       !draw_vertex_buffers(ctx, p) || !draw_descriptor_sets(ctx, p))
      return;
   /* The commands the draw reads: the server's clamped copy (vkb_draw_clamp.c), packed from
    * VKB_CLAMP_CMDS; an indirect-count draw copies at most MGP_MAX_INDIRECT_DRAWS (n) commands,
    * and its count at VKB_CLAMP_COUNT, bounded to them: every counted draw reads that copy. */
   /* (asked again: the gather forgets the shadow of a buffer the draw may write) */
   if (!made && !counted && indirect_unclamped(ind, args, cmd_size, budget)) {
      /* no copy, no compute step, no barrier: the scope goes on and the draw reads the
       * client's commands as a direct draw reads its index buffer */
      if (!draw_bind(ctx, p, &cmd))
         return;
      ind->last_use = vkb_current_serial(scr);
      draw_record(ctx, &as_vbo, NULL, 0, p, cmd);
      vkb_flush_draws(scr); /* the queued direct draws come first */
      scr->stats.indirect_unclamped++;
      indirect_record(scr, cmd, args, ind->buf, VK_NULL_HANDLE, cmd_size, p->sh);
      return;
   }
   /* The clamp may run before the open scope (its pre-pass) when nothing inside the scope can
    * have changed the commands: no draw of it wrote buffers, and no glBufferSubData inside it
    * left them in a versioned copy (vkb_rename.c) that reaches the buffer only as it ends. */
   const bool prepass = scr->rendering_ctx == ctx && !scr->scope_writes && !ctx->xfb.in_scope &&
                        !ind->ver_buf && !(cnt && cnt->ver_buf);
   if ((!made &&
        !indirect_clamp(scr, args, ind, cnt, cmd_size, n, budget, prepass, &clamped, &packed)) ||
       !draw_bind(ctx, p, &cmd))
      return;
   draw_record(ctx, &as_vbo, NULL, 0, p, cmd);
   vkb_flush_draws(scr); /* the queued direct draws come first */
   indirect_record(scr, cmd, &packed, clamped, cnt ? clamped : VK_NULL_HANDLE, cmd_size, p->sh);
}

/* glDrawTransformFeedback*: the vertex count object args->object's last capture wrote to its
 * buffer args->buffer (a stream's first), read by the GPU (vkCmdDrawIndirectByteCountEXT) from the count its end stored; an
 * object that never ended draws nothing. */
void
vkb_draw_stream_output(void *self, const struct mgp_draw_stream_output *args, const void *tail,
                       uint32_t tail_count)
{
   (void)tail;
   (void)tail_count;
   struct vkb_context *ctx = self;
   struct vkb_screen *scr = ctx->scr;
   if (scr->failed || ctx->cond_discard || !args->instances)
      return;
   /* the decoder's bounds, checked again for the monolith arm */
   const uint32_t streams = scr->has_streams ? VKB_MAX_STREAMS : 1;
   const char *field = args->object >= MGP_MAX_XFB_OBJECTS                       ? "object"
                       : !args->stride || args->stride > 256 || args->stride % 4 ? "stride"
                       : args->stream >= streams                                 ? "stream"
                       : args->buffer >= (streams > 1 ? VKB_MAX_XFB : 1u)        ? "buffer"
                                                                                 : NULL;
   if (field) {
      char why[96];
      snprintf(why, sizeof(why), "draw_stream_output.%s", field);
      vkb_fatal(scr, MGU_FATAL_ProtocolCorruption, why);
      return;
   }
   if (!scr->xfb_draw) {
      MGU_DECLINE(backend_feature_unimplemented,
                  "draw_stream_output without transformFeedbackDraw");
      return;
   }
   const VkBuffer counter = vkb_xfb_draw_counter(ctx, args->object);
   if (counter == VK_NULL_HANDLE)
      return;
   vkb_draw_pressure_point(scr);
   vkb_fast_drop(ctx);
   const struct mgp_draw_vbo as_vbo = {.mode = args->mode, .flags = MGP_DRAW_INDIRECT};
   struct draw_plan plan, *p = &plan;
   VkCommandBuffer cmd;
   if (!draw_topology(&as_vbo, p) || !draw_program(ctx, p) ||
       !draw_index_buffer(ctx, &as_vbo, NULL, 0, p) || !draw_pipeline(ctx, p) ||
       !draw_vertex_buffers(ctx, p) || !draw_descriptor_sets(ctx, p) || !draw_bind(ctx, p, &cmd))
      return;
   draw_record(ctx, &as_vbo, NULL, 0, p, cmd);
   vkb_flush_draws(scr); /* the queued direct draws come first */
   if (p->sh->draw_params_pushed)
      push_draw_params(cmd, p->sh->layout, false, 0);
   scr->xfb_draw(cmd, args->instances, 0, counter,
                 VKB_XFB_DRAW_SLOT + args->buffer * sizeof(uint32_t), 0, args->stride);
   scr->stats.cmd_draws++;
   scr->stats.indirect_cmds++;
   scr->stats.draws_recorded++;
   scr->cur->draws++;
}

/* vkb_draw_fast's answer for a compact draw (one range, one instance, no flags) when no call
 * reached the backend since its context's last draw and the backend moved nothing under it
 * (call_tick where that draw left it: vkb_draw_unchanged_tick asked the rest then, and
 * everything it asked moves call_tick when it changes): only the range is queued. Anything
 * else, the batch's draw limit included (the arena's pressure point), goes the usual way. */
static __attribute__((noinline)) void
queue_unchanged(struct vkb_screen *scr, bool indexed, const struct mgp_draw *args)
{
   const struct mgp_draw_range r = {args->start, args->count, args->index_bias};
   vkb_queue_draw(scr, indexed, &r, 1, 0);
   scr->stats.fast_draws++;
}

/* restart (a constant at each caller): a draw_vbo restarting at the all-ones index, its mark
 * VKB_FAST_RESTART (vkb_draw_vbo: only a draw restarting alike left its context's mark so). */
static inline __attribute__((always_inline)) bool
draw_unchanged_as(struct vkb_context *ctx, const struct mgp_draw *args, bool restart)
{
   struct vkb_screen *scr = ctx->scr;
   const struct vkb_fast_draw *f = &ctx->fast;
   if (f->call_tick != scr->call_tick ||
       f->mode != (args->mode | (restart ? VKB_FAST_RESTART : 0u)) ||
       f->index_size != args->index_size || scr->cur->draws >= VKB_BATCH_DRAW_LIMIT)
      return false;
   if (f->index_size && ((uint64_t)args->start + args->count) * f->index_size > f->ib_size)
      return false;
   if (!args->count)
      return true;
   /* appended to a queue of its kind without a call, so that this way sets up no frame;
    * anything else (the queue recorded first, a draw recorded alone) out of line */
   struct vkb_draw_queue *q = &scr->draws;
   const bool indexed = f->index_size != 0;
   if (!scr->has_multi_draw || scr->draws_alone) {
      queue_unchanged(scr, indexed, args);
      return true;
   }
   if (q->n) {
      /* a queue of this kind already holds what vkb_queue_draw would store */
      if (q->indexed != indexed || q->instance_count != 1 || q->first_instance != 0 ||
          q->n >= scr->max_multi_draw) {
         queue_unchanged(scr, indexed, args);
         return true;
      }
   } else {
      q->indexed = indexed;
      q->instance_count = 1;
      q->first_instance = 0;
   }
   if (indexed)
      q->idx[q->n] = (VkMultiDrawIndexedInfoEXT){args->start, args->count, args->index_bias};
   else
      q->arr[q->n] = (VkMultiDrawInfoEXT){args->start, args->count};
   q->n++;
   scr->stats.draws_recorded++;
   scr->cur->draws++;
   scr->stats.fast_draws++;
   return true;
}

static inline __attribute__((always_inline)) bool
draw_unchanged(struct vkb_context *ctx, const struct mgp_draw *args)
{
   return draw_unchanged_as(ctx, args, false);
}

/* A draw_vbo that is the compact draw but for its restart at the all-ones index of its index
 * size (the front end's repeated restart draw, issue 22's draw_elements_restart) after a draw
 * restarting alike with nothing between: draw_unchanged's way, its mark the restart one. */
static inline bool
restart_unchanged(struct vkb_context *ctx, const struct mgp_draw_vbo *args,
                  const struct mgp_draw_range *ranges, uint32_t ndraws)
{
   if (args->flags != MGP_DRAW_PRIMITIVE_RESTART || ndraws != 1 || args->instance_count != 1 ||
       args->start_instance || args->draw_id_offset ||
       !vkb_restart_all_ones(args->index_size, args->restart_index))
      return false;
   const struct mgp_draw c = {
      .mode = args->mode,
      .index_size = args->index_size,
      .start = ranges[0].start,
      .count = ranges[0].count,
      .index_bias = ranges[0].index_bias,
   };
   return draw_unchanged_as(ctx, &c, true);
}

/* Out of line: the compact draw's common way (vkb_draw_compact) keeps no frame for it. */
static __attribute__((noinline)) void
draw_compact_whole(struct vkb_context *ctx, const struct mgp_draw *args)
{
   const struct mgp_draw_vbo full = vkb_compact_vbo(args);
   const struct mgp_draw_range range = vkb_compact_range(args);
   draw_whole(ctx, &full, &range, 1);
}

/* A changed compact draw, vkb_draw_fast.c's way else the whole way. Out of line, vkb_draw's
 * tail call: the no-change draw (draw_unchanged) then sets up no frame for this call and test
 * (with them in vkb_draw, draw_arrays read +8 a draw). */
static __attribute__((noinline)) void
draw_compact(struct vkb_context *ctx, const struct mgp_draw *args)
{
   if (!vkb_draw_compact(ctx, args))
      draw_compact_whole(ctx, args);
}

/* The compact draw is draw_vbo with its defaults (pipe_types.def): vkb_draw_vbo's way with
 * its one range, without its checks of what the compact form cannot hold. */
void
vkb_draw(void *self, const struct mgp_draw *args, const void *tail, uint32_t tail_count)
{
   (void)tail;
   (void)tail_count;
   struct vkb_context *ctx = self;
   if (ctx->scr->failed || ctx->cond_discard || draw_unchanged(ctx, args))
      return;
   draw_compact(ctx, args);
}

/* The default block's changed words, then the compact draw: set_constant_words and draw in one
 * record (the tick wrapper moved consts_tick and call_tick as set_constant_words does, so the
 * draw takes the way it took after that record). */
void
vkb_draw_words(void *self, const struct mgp_draw_words *args, const void *tail, uint32_t tail_count)
{
   const struct mgp_constant_words w = {.first = args->first, .count = args->count};
   if (vkb_constant_words(self, &w, tail, tail_count))
      vkb_draw(self, &args->draw, NULL, 0);
}
