/* pipe_base.h — the handwritten base of MGPipe: handles, host spans and the constants that
 * give payload fields meaning. Everything else in the contract is generated from the .def
 * files (see gen_pipe.py). Both roles include this; it depends on nothing but <stdint.h>. */
#ifndef MGL_PIPE_BASE_H
#define MGL_PIPE_BASE_H

#include <stdbool.h>
#include <stdint.h>

/* 2: the spawn/tcp welcome carries the caps (pipe_stream.h). 3: get_timestamp and
 * begin/end_conditional_render (call numbers after them moved). 4: the caps carry the
 * dual-source limit and the device's sample-count masks. 5: resource_desc carries the heap store
 * span (MGP_SEG_HEAP). 6: framebuffer_state carries srgb_encode (GL_FRAMEBUFFER_SRGB). 7: blit carries it too.
 * 8: resource_desc carries no_alpha (an RGB internal format in RGBA storage). 9: no GL enum on
 * the wire: fixed-function, sampler, vertex, query and draw enums are mgp_ enums. 10: read_pixels,
 * get_texture_image and pack_to_buffer carry an mgp_pack_shape, not GL's format and type.
 * 11: read_pixels and get_texture_image answer tight texels of a named format (the client packs).
 * 12: a span_out carries no bytes to the server (no prefill); on a stream it names the record's
 * reply area (MGP_SEG_REPLY). 13: mgp_caps carries the compute and shader-storage limits.
 * 14: set_dynamic_words (the changed words of the dynamic state) appended.
 * 15: draw_indirect (one record for the draws of a glDraw*Indirect or glMultiDraw*Indirect) appended.
 * 16: mgp_caps carries max_image_units (was pad_compute), MGP_FORMAT_CAP_STORAGE(_ATOMIC) and
 * MGP_CAP_{FRAGMENT,VERTEX}_STORES; set_shader_images is a contract (image load/store).
 * 17: mgp_render_state.line_stipple, mgp_dynamic_state's line stipple factor and pattern,
 * MGP_CAP_LINE_STIPPLE. 18: draw_indirect carries a count buffer (GL_ARB_indirect_parameters,
 * MGP_CAP_DRAW_INDIRECT_COUNT) and draw_id_offset. 19: the descriptor contract's ranges grow to
 * GL 4.0's combined limits (60 uniform blocks at bindings 1..60, 80 samplers from binding 64:
 * storage blocks from 144, images from 160); mgp_shader_reflection's masks widen to match.
 * 20: define_vertex_input and bind_vertex_input (a vertex array's buffers held by the server)
 * and set_constant_words (the changed words of the default uniform block) appended.
 * 21: bind_stream_output_object, delete_stream_output_object and draw_stream_output (transform
 * feedback objects held by the server, MGP_CAP_XFB_OBJECTS) appended.
 * 22: MGP_CAP_NO_ATTACHMENTS: a framebuffer_state without attachments renders at its width,
 * height, layers and samples; mgp_caps carries texel_buffer_offset_alignment and
 * texel_buffer_formats (buffer texture ranges, GL_ARB_texture_buffer_range); set_viewports
 * (GL_ARB_viewport_array's viewports past index 0, MGP_CAP_VIEWPORT_ARRAY) appended;
 * mgp_render_state.clip_control (GL_ARB_clip_control, MGP_CAP_CLIP_CONTROL);
 * MGP_CAP_CULL_DISTANCE. 23: mgp_caps.cap_bits is 64 bits wide (bits 0-31 were all taken).
 * 24: MGP_CAP_IMAGE_QUERIES, MGP_CAP_DERIVATIVE_CONTROL; resource_desc carries view_min_level
 * and view_min_layer for view_of (GL_ARB_texture_view, MGP_CAP_TEXTURE_VIEW);
 * MGP_CAP_VERTEX_STREAMS: draw_stream_output's stream may be 1 .. 3 and it carries `buffer`
 * (was pad2); the primitive queries' index is a vertex stream; MGP_CAP_VERTEX_FLOAT64 and
 * mgp_attrib_value kinds 3 and 4 (a double default's halves).
 * 25: MGP_CAP_ROBUST_BUFFER_ACCESS. 26: MGP_CAP_SUBGROUP_VOTE; MGP_CAP_XFB_OVERFLOW_QUERY and its
 * two query kinds. 27: MGP_CAP_ENHANCED_LAYOUTS. 28: bit 23 is MGP_CAP_TEXTURE_GATHER alone;
 * textureQueryLod is MGP_CAP_TEXTURE_QUERY_LOD (bit 50). 29: MGP_CAP_TEXTURE_STENCIL8.
 * 30: MGP_CAP_SHADER_LAYER_VIEWPORT, MGP_CAP_SHADER_STENCIL_EXPORT, MGP_CAP_SHADER_CLOCK.
 * 31: MGP_CAP_TEXTURE_BARRIER and MGP_BARRIER_TEXTURE (glTextureBarrier). 32: MGP_CAP_BLEND_ADVANCED
 * and mgp_blend_op's advanced equations (MULTIPLY .. HSL_LUMINOSITY).
 * 33: MGP_CAP_SHADER_INT64, MGP_CAP_SHADER_BALLOT. 34: MGP_CAP_NON_SEAMLESS_CUBE and
 * mgp_sampler_state.flags (was pad) with MGP_SAMPLER_NON_SEAMLESS_CUBE. 35:
 * mgp_shader_reflection.blend_support (was pad) and MGP_CAP_BLEND_SHADER (the advanced equations
 * blended in the fragment stage). 36: MGP_CAP_SRGB_SKIP_DECODE (a sampler view may name
 * RGBA8_UNORM on an RGBA8_SRGB texture). 38: present_to_buffer (the swap's read back into
 * the client's heap, no pixels in the answer). 39: MGP_CAP_HEAP_MAP and mgp_map_answer.flags
 * (a persistent map of a buffer whose store is its heap span is the client's own mapping). 40:
 * MGP_DRAW_FRAGMENTS_ONLY (a polygon mode per face's second pass counts only its fragments).
 * 41: draw_words (a compact draw carrying the changed words of the default uniform block: one
 * record where set_constant_words and draw were two) appended. 42: mgp_caps.stage_io_components
 * (each stage interface's own limit) after max_varying_components. */
#define MGP_ABI_VERSION 42u

/* mgp_caps.stage_io_components: the stage interfaces, each with its GL limit
 * (GL_MAX_VERTEX_OUTPUT_COMPONENTS ... GL_MAX_FRAGMENT_INPUT_COMPONENTS); the same order as
 * GLSL_IO_* (glsl.h). */
enum mgp_stage_io {
   MGP_IO_VERTEX_OUT,
   MGP_IO_TESS_CTRL_IN,
   MGP_IO_TESS_CTRL_OUT,
   MGP_IO_TESS_EVAL_IN,
   MGP_IO_TESS_EVAL_OUT,
   MGP_IO_GEOMETRY_IN,
   MGP_IO_GEOMETRY_OUT,
   MGP_IO_FRAGMENT_IN,
   MGP_IO_COUNT
};

/* {slot, gen}, 8 bytes, by value (docs/PIPE.md#handles). {0,0} is null. */
struct mgp_handle {
   uint32_t slot, gen;
};

static inline struct mgp_handle
mgp_handle_null(void)
{
   return (struct mgp_handle){0, 0};
}

static inline bool
mgp_handle_is_null(struct mgp_handle h)
{
   return h.slot == 0 && h.gen == 0;
}

static inline bool
mgp_handle_eq(struct mgp_handle a, struct mgp_handle b)
{
   return a.slot == b.slot && a.gen == b.gen;
}

/* {0,1} of kind framebuffer: the default framebuffer. */
#define MGP_DEFAULT_FRAMEBUFFER ((struct mgp_handle){0, 1})

enum mgp_handle_kind {
   MGP_KIND_BUFFER, /* buffers, textures, renderbuffers share one resource kind */
   MGP_KIND_FRAMEBUFFER,
   MGP_KIND_XFB,
   MGP_KIND_RENDER_STATE,
   MGP_KIND_VERTEX_ELEMENTS,
   MGP_KIND_SAMPLER,
   MGP_KIND_SAMPLER_VIEW,
   MGP_KIND_SHADER,
   MGP_KIND_FENCE,
   MGP_KIND_QUERY,
   MGP_KIND_CONTEXT,
   MGP_KIND_COUNT
};

/* The one shape that differs by arm. In monolith ptr points at client bytes; on the wire ptr
 * is NULL and (seg, offset) name bytes staged in a shared segment; the decoder puts its own
 * mapping's address back into ptr before the backend sees it. */
struct mgp_span {
   void *ptr;
   uint64_t size;
   uint32_t seg;
   uint32_t flags;
   uint64_t offset;
};
_Static_assert(sizeof(void *) == 8, "MGPipe's wire layout assumes 64-bit pointers");

#define MGP_SEG_NONE 0u
#define MGP_SEG_STAGE 1u  /* the stage segment (rings: offset = monotonic stage position) */
#define MGP_SEG_INLINE 2u /* a stream: the bytes that follow the record (pipe_stream.h) */
/* The ring arms' buffer heap (stage.h): a buffer store the client placed, not bytes to copy.
 * The encoder passes such a span through as it is; only resource_create/respecify carry one. */
#define MGP_SEG_HEAP 3u
/* The server imports the heap into its device as memory of this many bytes at a time (the
 * last block: what is left), once for every store placed in the block, so the client places a
 * store that fits a block inside one. A store across blocks is imported alone (slower: the
 * import is the device's pinning of the pages). A power of two, a multiple of the client's
 * granule. */
#define MGP_HEAP_BLOCK_SIZE (UINT64_C(4) << 20)
/* A stream's span_out: room the server provides for the record's answer, `offset` into the
 * reply area the frame asks for (pipe_stream.h); no byte of it travels to the server. */
#define MGP_SEG_REPLY 4u

/* Call classes and flags (pipe_calls.def). */
enum mgp_call_class {
   MGP_CLASS_Screen,
   MGP_CLASS_CtxCso,
   MGP_CLASS_CtxState,
   MGP_CLASS_CtxObject,
   MGP_CLASS_CtxVerb,
   MGP_CLASS_CtxQuery,
};
#define MGP_FLAG_NeedsAck (1u << 0)
#define MGP_FLAG_HasBlob (1u << 1)
#define MGP_FLAG_VarTail (1u << 2)
#define MGP_FLAG_HostSpan (1u << 3)
#define MGP_FLAG_ReplySlot (1u << 4)
#define MGP_FLAG_Optional (1u << 5)

/* mgp_resource_desc.bind_mask */
#define MGP_BIND_VERTEX (1u << 0)
#define MGP_BIND_INDEX (1u << 1)
#define MGP_BIND_CONSTANT (1u << 2)
#define MGP_BIND_SHADER_BUFFER (1u << 3)
#define MGP_BIND_INDIRECT (1u << 4)
#define MGP_BIND_SAMPLER (1u << 5)
#define MGP_BIND_SHADER_IMAGE (1u << 6)
#define MGP_BIND_RENDER_TARGET (1u << 7)
#define MGP_BIND_DEPTH_STENCIL (1u << 8)
#define MGP_BIND_STREAM_OUTPUT (1u << 9)
#define MGP_BIND_TRANSFER (1u << 10)

/* mgp_caps.format_flags[format] */
#define MGP_FORMAT_CAP_SAMPLE (1u << 0)
#define MGP_FORMAT_CAP_FILTER (1u << 1)
#define MGP_FORMAT_CAP_RENDER (1u << 2)
#define MGP_FORMAT_CAP_BLEND (1u << 3)
#define MGP_FORMAT_CAP_DEPTH_STENCIL (1u << 4)
#define MGP_FORMAT_CAP_VERTEX (1u << 5)
/* a shader image (set_shader_images) of this format can be loaded and stored; _ATOMIC: and
 * take image atomics (GL's r32ui / r32i) */
#define MGP_FORMAT_CAP_STORAGE (1u << 6)
#define MGP_FORMAT_CAP_STORAGE_ATOMIC (1u << 7)

/* mgp_caps.cap_bits (64 bits: hold them in a uint64_t, never a narrower type) */
#define MGP_CAP_TIMER_QUERY (UINT64_C(1) << 0)
#define MGP_CAP_OCCLUSION_QUERY (UINT64_C(1) << 1)
#define MGP_CAP_XFB_PRIMITIVES_QUERY (UINT64_C(1) << 2)
#define MGP_CAP_RESIDENT_SUBDATA (UINT64_C(1) << 3)
/* begin/end/pause/resume_stream_output capture */
#define MGP_CAP_TRANSFORM_FEEDBACK (UINT64_C(1) << 4)
/* GL_MULTISAMPLE off into a multisampled framebuffer is rasterized as GL says (pixel-centre
 * coverage for every sample) at every sample count an attachment may have; without it such
 * draws keep per-sample coverage (the decline multisample-off-approximated) */
#define MGP_CAP_MULTISAMPLE_OFF_EXACT (UINT64_C(1) << 5)
/* primitive restart (at the all-ones index) in list topologies too; without it the client
 * cuts such draws into whole primitives itself */
#define MGP_CAP_LIST_RESTART (UINT64_C(1) << 6)
/* occlusion queries (begin/end_query of the SAMPLES_PASSED and ANY_SAMPLES_PASSED kinds, and
 * conditional rendering on them) answer only whether any sample passed: 1 or 0, never a count.
 * Without MGP_CAP_OCCLUSION_QUERY too, the client gives GL_SAMPLES_PASSED 0 counter bits (GL
 * allows it: the result then carries no count) and its result is that 1 or 0 (docs/PIPE.md) */
#define MGP_CAP_OCCLUSION_ANY (UINT64_C(1) << 7)
/* shader images and storage buffers may be written (and take atomics) in the fragment stage /
 * in the vertex and geometry stages (Vulkan's fragmentStoresAndAtomics,
 * vertexPipelineStoresAndAtomics); compute always may */
#define MGP_CAP_FRAGMENT_STORES (UINT64_C(1) << 8)
#define MGP_CAP_VERTEX_STORES (UINT64_C(1) << 9)
/* draw_vbo's start_instance is drawn as GL 4.2 says (instanced attributes from it, gl_InstanceID
 * from 0); without it the client declines draws from a base instance other than 0 */
#define MGP_CAP_BASE_INSTANCE (UINT64_C(1) << 10)
/* samplers take MGP_WRAP_MIRROR_CLAMP_TO_EDGE (Vulkan's VK_KHR_sampler_mirror_clamp_to_edge);
 * without it the client refuses GL_MIRROR_CLAMP_TO_EDGE as an unknown wrap */
#define MGP_CAP_MIRROR_CLAMP_TO_EDGE (UINT64_C(1) << 11)
/* dynamic_state.polygon_offset_clamp clamps the depth offset (Vulkan's depthBiasClamp); without
 * it the offset is drawn unclamped and the client declines a clamp by name */
#define MGP_CAP_POLYGON_OFFSET_CLAMP (UINT64_C(1) << 12)
/* lines drawn with the render state's line_stipple keep GL's stipple counter (GL 2.1 §3.4.2,
 * the dynamic state's factor and pattern): reset at each independent segment and each strip,
 * carried along a strip; without it the client declines stippled lines */
#define MGP_CAP_LINE_STIPPLE (UINT64_C(1) << 13)
/* the vertex stage's BaseVertex and DrawIndex read as GL 4.6 11.1.3.9 says (gl_BaseVertex 0 in
 * an arrays draw; gl_DrawID counting the draws of one draw_vbo or draw_indirect, from
 * draw_vbo's draw_id_offset); without it the client does not list
 * GL_ARB_shader_draw_parameters */
#define MGP_CAP_DRAW_PARAMETERS (UINT64_C(1) << 14)
/* programs may have a geometry stage (create_shader's stage_mask vertex, geometry and fragment;
 * the adjacency primitives; gl_Layer into a layered framebuffer); without it the client refuses
 * geometry shaders (glCreateShader(GL_GEOMETRY_SHADER) is GL_INVALID_ENUM, as before GL 3.2)
 * and claims no GL 3.2 (fe_version.c) */
#define MGP_CAP_GEOMETRY_STAGE (UINT64_C(1) << 15)
/* buffer textures: a resource of target MGP_RESOURCE_TARGET_TEX_BUFFER views its buffer's
 * bytes (desc.buffer, buffer_offset, buffer_size) and sampler views of it read them; without it
 * the client refuses GL_TEXTURE_BUFFER as GL 3.0 would and claims no GL 3.1 (fe_version.c) */
#define MGP_CAP_TEXTURE_BUFFER (UINT64_C(1) << 16)
/* draw_indirect takes a count buffer (the GPU reads how many commands to draw, Vulkan's
 * drawIndirectCount); without it the client does not list GL_ARB_indirect_parameters */
#define MGP_CAP_DRAW_INDIRECT_COUNT (UINT64_C(1) << 17)
/* tessellation control and evaluation stages (the device's tessellationShader), with
 * set_patch_state: a patch size of 1 .. 32 and GL's tessellation levels up to 64 (Vulkan's least
 * maxTessellationPatchSize and maxTessellationGenerationLevel); without it the client offers no
 * tessellation stages (GL_INVALID_ENUM for them and GL_PATCHES) */
#define MGP_CAP_TESSELLATION (UINT64_C(1) << 18)
/* render_state.depth_clamp is drawn as GL 3.2 says (no near/far clipping, depth clamped to the
 * depth range; Vulkan's depthClamp, GLES's EXT_depth_clamp); without it the client refuses
 * GL_DEPTH_CLAMP (GL_INVALID_ENUM, as before GL 3.2), lists neither ARB_depth_clamp nor ES's
 * EXT_depth_clamp and claims no GL 3.2 (fe_version.c) */
#define MGP_CAP_DEPTH_CLAMP (UINT64_C(1) << 19)
/* render_state.sample_shading / min_sample_shading are drawn as GL 4.0 says (the fragment
 * shader runs for at least min x samples of each pixel; Vulkan's sampleRateShading), and
 * fragment programs may read gl_SampleID, gl_SamplePosition, gl_SampleMaskIn and write
 * gl_SampleMask: the client offers ARB_sample_shading */
#define MGP_CAP_SAMPLE_SHADING (UINT64_C(1) << 20)
/* The server holds transform feedback objects (bind_stream_output_object): each keeps its own
 * targets and write positions, so a capture paused in one object resumes where it stopped after
 * another object captured; and draw_stream_output draws the vertex count an object's last
 * capture wrote to its buffer 0 (Vulkan's transformFeedbackDraw): the client offers
 * ARB_transform_feedback2 / 3 and transform feedback objects in desktop contexts */
#define MGP_CAP_XFB_OBJECTS (UINT64_C(1) << 21)
/* The backend makes MGP_RESOURCE_TARGET_TEX_CUBE_ARRAY resources and samples them through
 * cube-array views (Vulkan's imageCubeArray): the client offers ARB_texture_cube_map_array. */
#define MGP_CAP_CUBE_MAP_ARRAY (UINT64_C(1) << 22)
/* The backend runs a program's textureGather with offsets and component select (SPIR-V
 * OpImageGather, OpImageDrefGather): the client offers ARB_texture_gather (and ES 3.1's gathers).
 * textureQueryLod is MGP_CAP_TEXTURE_QUERY_LOD's */
#define MGP_CAP_TEXTURE_GATHER (UINT64_C(1) << 23)
/* The backend runs a program's textureQueryLod (SPIR-V OpImageQueryLod; Vulkan core, no ESSL
 * function on a GLES host): the client offers ARB_texture_query_lod in desktop contexts;
 * without it its #extension is withheld and a shader whose SPIR-V would query a LOD fails to
 * compile (GLSL_DENY_TEXTURE_QUERY_LOD) */
#define MGP_CAP_TEXTURE_QUERY_LOD (UINT64_C(1) << 50)
/* The backend runs GL 4.0's ARB_gpu_shader5 programs: geometry shader instancing with at least
 * 32 invocations (Vulkan's geometryShader, maxGeometryShaderInvocations >= 32), interpolateAt-
 * Centroid / Sample / Offset with offsets in [-0.5, 0.5) on a 4-bit grid at least (SPIR-V
 * InterpolationFunction: sampleRateShading; minInterpolationOffset <= -0.5,
 * maxInterpolationOffset >= 0.4375, subPixelInterpolationOffsetBits >= 4), dynamically uniform
 * indices into uniform block arrays (shaderUniformBufferArrayDynamicIndexing; into sampler
 * arrays where the device has shaderSampledImageArrayDynamicIndexing, a named refusal of the
 * program where not) and textureGatherOffsets / non-constant gather offsets
 * (shaderImageGatherExtended): the client offers ARB_gpu_shader5 in desktop contexts.
 * Vertex streams past 0 are MGP_CAP_VERTEX_STREAMS's. */
#define MGP_CAP_GPU_SHADER5 (UINT64_C(1) << 24)
/* The backend runs programs whose SPIR-V declares Float64:
 * double-precision arithmetic, conversions and built-ins, double members of uniform blocks and
 * of the default block at their std140 offsets (Vulkan's shaderFloat64): the client offers
 * ARB_gpu_shader_fp64 in desktop contexts; without it `#extension GL_ARB_gpu_shader_fp64` fails
 * to compile and so does any shader that uses a double (GLSL 4.00 core) */
#define MGP_CAP_FLOAT64 (UINT64_C(1) << 25)
/* The backend draws MGP_MAX_VIEWPORTS viewports and scissors (Vulkan's multiViewport, maxViewports
 * >= 16): a geometry stage's gl_ViewportIndex picks the viewport, depth range and scissor that
 * set_viewports (index 0: set_dynamic_state) gave; without it the client keeps GL's per-index
 * state but does not list GL_ARB_viewport_array, and `#extension GL_ARB_viewport_array` fails */
#define MGP_CAP_VIEWPORT_ARRAY (UINT64_C(1) << 26)
/* The backend renders a framebuffer_state that names no attachment (a framebuffer object
 * without images) over width x height, `layers` layers and `samples` samples (0: one): the
 * client offers ARB_framebuffer_no_attachments */
#define MGP_CAP_NO_ATTACHMENTS (UINT64_C(1) << 28)
/* set_texture_params.depth_stencil_mode 1 is sampled as GL_ARB_stencil_texturing says: a
 * sampler view of a depth/stencil texture reads its stencil aspect, as unsigned integers in R
 * (Vulkan: an image view of VK_IMAGE_ASPECT_STENCIL_BIT); without it the client refuses
 * GL_DEPTH_STENCIL_TEXTURE_MODE (GL_INVALID_ENUM) and does not list the extension */
#define MGP_CAP_STENCIL_TEXTURING (UINT64_C(1) << 27)
/* The backend draws by mgp_render_state.clip_control (GL_ARB_clip_control): the client offers
 * glClipControl; without it the call is a named decline and the state stays GL's default */
#define MGP_CAP_CLIP_CONTROL (UINT64_C(1) << 29)
/* The backend runs SPIR-V that writes or reads CullDistance (Vulkan's shaderCullDistance) with
 * at least 8 cull distances and 8 clip and cull distances together: the client offers
 * ARB_cull_distance in desktop contexts; without it gl_CullDistance fails to compile */
#define MGP_CAP_CULL_DISTANCE (UINT64_C(1) << 30)
/* The backend counts the pipeline statistics query kinds (MGP_QUERY_KIND_VERTICES_SUBMITTED ..
 * COMPUTE_SHADER_INVOCATIONS; Vulkan's pipelineStatisticsQuery), draws between begin_query and
 * end_query and, for COMPUTE_SHADER_INVOCATIONS, dispatches: the client offers
 * GL_ARB_pipeline_statistics_query; without it those targets are GL_INVALID_ENUM */
#define MGP_CAP_PIPELINE_STATISTICS (UINT64_C(1) << 31)
/* The backend makes texture views (resource_create with view_of, GL_ARB_texture_view): a view
 * shares the owner's image (kept alive by its views), is sampled with its own format, target,
 * levels, layers and parameters; every other use names the owner with the levels and layers
 * translated by the client. Without it glTextureView is a named decline */
#define MGP_CAP_TEXTURE_VIEW (UINT64_C(1) << 32)
/* The backend runs SPIR-V's OpImageQueryLevels and OpImageQuerySamples (Vulkan's ImageQuery,
 * core): the client offers ARB_texture_query_levels and ARB_shader_texture_image_samples in
 * desktop contexts; without it their #extension is withheld and a shader whose SPIR-V would
 * use either query fails to compile */
#define MGP_CAP_IMAGE_QUERIES (UINT64_C(1) << 33)
/* The backend runs SPIR-V's DerivativeControl (OpDPdxFine ... OpFwidthCoarse; Vulkan core):
 * the client offers ARB_derivative_control in desktop contexts; without it its #extension is
 * withheld and a shader whose SPIR-V would declare the capability fails to compile */
#define MGP_CAP_DERIVATIVE_CONTROL (UINT64_C(1) << 34)
/* The backend runs what GL_ARB_enhanced_layouts (GL 4.4) puts in a program's SPIR-V: Input and
 * Output variables that share a location in disjoint components (Component decorations), and
 * capture laid out by the shader (execution mode Xfb with XfbBuffer / XfbStride / Offset on the
 * outputs and output block members, holes and unused buffers between them): the client offers
 * the extension in desktop contexts; without it its #extension is withheld and a shader whose
 * SPIR-V would carry either fails to compile */
#define MGP_CAP_ENHANCED_LAYOUTS (UINT64_C(1) << 38)
/* The backend runs geometry programs of MGP_MAX_VERTEX_STREAMS vertex streams (GL 4.0,
 * ARB_gpu_shader5 / ARB_transform_feedback3; Vulkan's geometryStreams with
 * maxTransformFeedbackStreams >= 4): SPIR-V Stream decorations and OpEmitStreamVertex /
 * OpEndStreamPrimitive of streams 0 .. 3, each capture buffer holding one stream's outputs; only
 * stream 0 is rasterized. begin_query / end_query of MGP_QUERY_KIND_PRIMITIVES_GENERATED and
 * _TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN count the stream in `index` (below
 * MGP_MAX_VERTEX_STREAMS; else Fatal{ProtocolCorruption}), and draw_stream_output draws the
 * vertex count its object's last capture wrote to buffer `buffer` (the client names the first
 * buffer of the stream). Without it every stream and query index is 0 and GL_MAX_VERTEX_STREAMS
 * is 1 (fe_get.c). */
#define MGP_CAP_VERTEX_STREAMS (UINT64_C(1) << 49)
/* The backend fetches 64-bit vertex attributes (MGP_ATTRIB_DOUBLE with MGP_VERTEX_TYPE_DOUBLE,
 * sizes 1-4) into double vertex shader inputs (vertex_input_kind 3; a dvec3 / dvec4 at one
 * location, as GL has it) and takes double defaults (mgp_attrib_value kinds 3 and 4): with
 * MGP_CAP_FLOAT64 the client offers GL_ARB_vertex_attrib_64bit; without it glVertexAttribL*
 * are GL_INVALID_OPERATION and double vertex inputs fail to compile */
#define MGP_CAP_VERTEX_FLOAT64 (UINT64_C(1) << 41)
/* Every buffer access a draw or dispatch makes is bounded (Vulkan's robustBufferAccess): a vertex
 * fetch, uniform or storage block read, texel buffer fetch or atomic outside its buffer or bound
 * range returns values from within it or zero, a write outside it is discarded or lands within
 * it, and none faults. With it the client offers GL_ARB_robust_buffer_access_behavior and
 * GL_KHR_robust_buffer_access_behavior (GL 4.6 §6.4: what a robust-access context guarantees) */
#define MGP_CAP_ROBUST_BUFFER_ACCESS (UINT64_C(1) << 46)
/* The backend runs SPIR-V's SubgroupVoteKHR (OpSubgroupAnyKHR, OpSubgroupAllKHR,
 * OpSubgroupAllEqualKHR; Vulkan's VK_EXT_shader_subgroup_vote) in every stage: the client offers
 * GL_ARB_shader_group_vote (anyInvocationARB ..., GLSL 4.60's anyInvocation ...) in desktop
 * contexts; without it its #extension is withheld and a shader whose SPIR-V would use a vote
 * fails to compile */
#define MGP_CAP_SUBGROUP_VOTE (UINT64_C(1) << 39)
/* The backend counts MGP_QUERY_KIND_TRANSFORM_FEEDBACK_STREAM_OVERFLOW (the stream in
 * begin_query.index) and _OVERFLOW (every stream, index 0): GL_ARB_transform_feedback_overflow_
 * query; a conditional render on one renders where it is 1. Without it those kinds are declined
 * and the client's targets are GL_INVALID_ENUM */
#define MGP_CAP_XFB_OVERFLOW_QUERY (UINT64_C(1) << 40)
/* MGP_FORMAT_S8_UINT is a texture format (GL_ARB_texture_stencil8, GL 4.4): a resource of it
 * with MGP_BIND_SAMPLER | MGP_BIND_DEPTH_STENCIL | MGP_BIND_TRANSFER is sampled as unsigned
 * integers in R (its stencil), takes texture_subdata of one byte a texel into its stencil,
 * reads back through get_texture_image and is a stencil attachment (Vulkan: VK_FORMAT_S8_UINT,
 * or a D24S8 / D32S8 image whose views name only the stencil aspect). Without it the client
 * refuses GL_STENCIL_INDEX8 and GL_STENCIL_INDEX as texture formats and does not list the
 * extension */
#define MGP_CAP_TEXTURE_STENCIL8 (UINT64_C(1) << 47)
/* The vertex and tessellation-evaluation stages write gl_Layer and gl_ViewportIndex (SPIR-V's
 * ShaderViewportIndexLayerEXT; Vulkan's VK_EXT_shader_viewport_index_layer, or 1.2's
 * shaderOutputLayer and shaderOutputViewportIndex): with MGP_CAP_VIEWPORT_ARRAY the client offers
 * GL_ARB_shader_viewport_layer_array, GL_AMD_vertex_shader_layer and
 * GL_AMD_vertex_shader_viewport_index; without it their #extension is withheld */
#define MGP_CAP_SHADER_LAYER_VIEWPORT (UINT64_C(1) << 45)
/* A fragment shader writes the stencil reference the stencil test and the stencil operations use
 * (SPIR-V's StencilExportEXT, FragStencilRefEXT; Vulkan's VK_EXT_shader_stencil_export): the
 * client offers GL_ARB_shader_stencil_export (gl_FragStencilRefARB); without it its #extension
 * is withheld */
#define MGP_CAP_SHADER_STENCIL_EXPORT (UINT64_C(1) << 48)
/* Every stage reads a subgroup-scope clock (SPIR-V's ShaderClockKHR, OpReadClockKHR with scope
 * Subgroup; Vulkan's VK_KHR_shader_clock shaderSubgroupClock): the client offers
 * GL_ARB_shader_clock (clock2x32ARB; clockARB with 64-bit integers); without it its #extension
 * is withheld */
#define MGP_CAP_SHADER_CLOCK (UINT64_C(1) << 52)
/* Every stage computes with 64-bit integers (SPIR-V's Int64; Vulkan's shaderInt64): the client
 * offers GL_ARB_gpu_shader_int64 (int64_t, uint64_t and their vectors, in uniforms and blocks
 * too); without it its #extension is withheld and its glUniform*i64 commands raise
 * GL_INVALID_OPERATION */
#define MGP_CAP_SHADER_INT64 (UINT64_C(1) << 51)
/* With MGP_CAP_SHADER_INT64, every stage has SPV_KHR_shader_ballot (SubgroupBallotKHR:
 * ballotARB, readInvocationARB, readFirstInvocationARB, the subgroup masks; Vulkan's
 * VK_EXT_shader_subgroup_ballot) on subgroups of at most 64 invocations: the client offers
 * GL_ARB_shader_ballot; without it its #extension is withheld */
#define MGP_CAP_SHADER_BALLOT (UINT64_C(1) << 53)
/* A sampler whose state carries MGP_SAMPLER_NON_SEAMLESS_CUBE filters a cube map within each
 * face (GL's GL_TEXTURE_CUBE_MAP_SEAMLESS off, GL 3.2 3.8.9: a LINEAR sample at a face's edge
 * clamps to that face; Vulkan's VK_EXT_non_seamless_cube_map): the client sends the flag for
 * cube samplers while the enable is off in a desktop context. Without it cube maps filter
 * across faces whatever the enable says */
#define MGP_CAP_NON_SEAMLESS_CUBE (UINT64_C(1) << 54)
/* GL_EXT_texture_sRGB_decode's GL_SKIP_DECODE_EXT: a sampler view of an RGBA8_SRGB texture
 * (a texture view too) may name MGP_FORMAT_RGBA8_UNORM, and then every sample and texel fetch
 * through it reads the stored values undecoded (Vulkan: a UNORM image view of the MUTABLE_FORMAT
 * image; GLES: the host's GL_TEXTURE_SRGB_DECODE_EXT on its sampler). Without it the client
 * lists no sRGB decode extension and refuses the parameter (GL_INVALID_ENUM) */
#define MGP_CAP_SRGB_SKIP_DECODE (UINT64_C(1) << 56)
/* map_persistent answers the address of a buffer's memory, valid in the client's address space:
 * the server role is in the client's process (monolith, inproc; client_session.c clears the bit
 * on every other arm) and the store is host-visible and coherent. The client's persistent map is
 * then that memory itself: no shadow, no scan, no shipment (fe_buffer.c, "persistent maps"). */
#define MGP_CAP_CLIENT_MAP (UINT64_C(1) << 57)
/* GL_LINE_LOOP drawn as GL says (GLES has the mode; Vulkan has none): a draw_vbo or draw of
 * mode MGP_PRIM_LINE_LOOP, primitive restart at the all-ones index ending each loop. Without it
 * the client sends every loop as a line strip of indices that close it (fe_prim_rewrite.c),
 * which a GLES host before 3.2 could not draw from a first vertex other than 0 (its cache
 * draws them with a base vertex) */
#define MGP_CAP_LINE_LOOP (UINT64_C(1) << 58)
/* map_persistent answers MGP_MAP_HEAP_STORE for a MAP_PERSISTENT buffer whose store is the
 * client's heap span (MGP_SEG_HEAP) imported as its memory, host-coherent: the ring arms' client
 * (spawn, where no address of the server's means anything) then maps its own mapping of that
 * span, the memory the GPU reads, and ships nothing. The server keeps no CPU copy of such a
 * store and decides nothing from its bytes, which the client may change at any time. */
#define MGP_CAP_HEAP_MAP (UINT64_C(1) << 59)
/* The geometry stage (with MGP_CAP_GEOMETRY_STAGE) and the tessellation evaluation stage (with
 * MGP_CAP_TESSELLATION) give the points they emit the size they write to gl_PointSize (Vulkan's
 * shaderTessellationAndGeometryPointSize; GLES hosts' GL_EXT_geometry_point_size and, where
 * they tessellate, GL_EXT_tessellation_point_size): the client then offers ES contexts
 * GL_OES/EXT_geometry_point_size and GL_OES/EXT_tessellation_point_size. Without it a stage
 * that writes the size may fail to be made. */
#define MGP_CAP_STAGE_POINT_SIZE (UINT64_C(1) << 60)
/* map_persistent's answer: address 0 and no flag declines (the client keeps its shadow); else
 * the buffer's byte 0 at address, size bytes, 64-byte aligned (GL_MIN_MAP_BUFFER_ALIGNMENT), or
 * with MGP_MAP_HEAP_STORE (address 0) at the client's own mapping of the buffer's heap store. */
struct mgp_map_answer {
   uint64_t address;
   uint64_t size;
   uint32_t flags;
   uint32_t pad;
};
#define MGP_MAP_HEAP_STORE (1u << 0)
/* GL_ARB_texture_barrier (GL 4.5 9.3.1): a draw may sample a texture level that is attached to
 * the framebuffer it draws into (a feedback loop); its texel fetches see the attachment writes
 * made before the last memory_barrier carrying MGP_BARRIER_TEXTURE, texel by texel. Without it
 * such a draw is the named decline feedback-loop-undefined, and the client lists neither
 * GL_ARB_texture_barrier nor GL_NV_texture_barrier */
#define MGP_CAP_TEXTURE_BARRIER (UINT64_C(1) << 42)
/* GL_KHR_blend_equation_advanced in the blend stage itself (Vulkan's
 * VK_EXT_blend_operation_advanced with advancedBlendCoherentOperations, advancedBlendAllOperations
 * and uncorrelated overlap; a GLES host's GL_KHR_blend_equation_advanced_coherent, whose fragment
 * programs declare what mgp_shader_reflection.blend_support names): a colour attachment 0 blend
 * target may carry mgp_blend_op MULTIPLY ..
 * HSL_LUMINOSITY (premultiplied source and destination; factors ignored) while no other target
 * blends, and each blend sees the ones before it without a barrier. Without it no draw carries
 * them: the client offers the extension only where it can blend them another way (see
 * fe_blend_advanced_path) */
#define MGP_CAP_BLEND_ADVANCED (UINT64_C(1) << 44)
/* With MGP_CAP_BLEND_ADVANCED: the backend blends the advanced equations in the fragment stage
 * over a feedback loop, not coherently. The client appends the blend to the fragment stage of
 * each program that declares blend_support (GLSL_BLEND_IN_SHADER: colour output 0 over what
 * the stage reads through binding 176 at gl_FragCoord, while its hidden uniform names an
 * equation); for a draw whose blend target 0 carries one of them, the backend binds draw
 * buffer 0's image there (single-sampled; the feedback-loop layout) and leaves that target's
 * fixed-function blending off, and at other draws a placeholder. glBlendBarrier is
 * memory_barrier's MGP_BARRIER_TEXTURE. */
#define MGP_CAP_BLEND_SHADER (UINT64_C(1) << 55)

/* mgp_render_state.clip_control (GL 4.6 §13.8): window y from -y_d (GL_UPPER_LEFT), and
 * window z from z_d itself, clipping at 0 <= z_c <= w_c (GL_ZERO_TO_ONE) */
#define MGP_CLIP_UPPER_LEFT (1u << 0)
#define MGP_CLIP_ZERO_TO_ONE (1u << 1)

/* mgp_vertex_attrib.flags */
#define MGP_ATTRIB_NORMALIZED (1u << 0)
#define MGP_ATTRIB_INTEGER (1u << 1)
#define MGP_ATTRIB_DOUBLE (1u << 2)
#define MGP_ATTRIB_SIZE_BGRA 5u

/* mgp_blit.mask */
#define MGP_BLIT_COLOR (1u << 0)
#define MGP_BLIT_DEPTH (1u << 1)
#define MGP_BLIT_STENCIL (1u << 2)

/* mgp_resource_desc.storage_flags (immutable buffer storage) and mgp_resource_flush_range.access */
#define MGP_STORAGE_DYNAMIC (1u << 0) /* the client may update it with subdata */
#define MGP_STORAGE_MAP_READ (1u << 1)
#define MGP_STORAGE_MAP_WRITE (1u << 2)
#define MGP_STORAGE_MAP_PERSISTENT (1u << 3)
#define MGP_STORAGE_MAP_COHERENT (1u << 4)
#define MGP_STORAGE_CLIENT (1u << 5) /* prefer memory the client reaches */

/* mgp_memory_barrier.bits: what later commands read that earlier shader writes made */
#define MGP_BARRIER_VERTEX (1u << 0)
#define MGP_BARRIER_INDEX (1u << 1)
#define MGP_BARRIER_UNIFORM (1u << 2)
#define MGP_BARRIER_TEXTURE_FETCH (1u << 3)
#define MGP_BARRIER_SHADER_IMAGE (1u << 4)
#define MGP_BARRIER_INDIRECT (1u << 5)
#define MGP_BARRIER_PIXEL (1u << 6)
#define MGP_BARRIER_TEXTURE_UPDATE (1u << 7)
#define MGP_BARRIER_BUFFER_UPDATE (1u << 8)
#define MGP_BARRIER_FRAMEBUFFER (1u << 9)
#define MGP_BARRIER_XFB (1u << 10)
#define MGP_BARRIER_ATOMIC_COUNTER (1u << 11)
#define MGP_BARRIER_SHADER_STORAGE (1u << 12)
#define MGP_BARRIER_ALL 0x1fffu
/* glTextureBarrier (MGP_CAP_TEXTURE_BARRIER): texel fetches after it see the colour and depth /
 * stencil attachment writes made before it. Not in MGP_BARRIER_ALL (not a glMemoryBarrier bit) */
#define MGP_BARRIER_TEXTURE (1u << 13)

/* mgp_draw_vbo.flags */
#define MGP_DRAW_HAS_INDEX_RANGE (1u << 0)
#define MGP_DRAW_USER_INDICES (1u << 1)
#define MGP_DRAW_INDIRECT (1u << 2)
#define MGP_DRAW_PRIMITIVE_RESTART (1u << 3)
/* The draw repeats the one before it as a second pass of the same drawing command (a
 * compatibility context's polygon mode per face: each pass draws one face): only its fragments
 * count (occlusion samples, fragment shader invocations); it counts no vertex or primitive in a
 * query (primitives generated or written, the other pipeline statistics) and captures nothing
 * under transform feedback, which the first pass did. */
#define MGP_DRAW_FRAGMENTS_ONLY (1u << 4)
#define MGP_DRAW_ALL_FLAGS 0x1fu

/* draw_indirect.draw_count: the most one record may carry (the decoder refuses more). The
 * front end splits a larger glMultiDraw*Indirect into records of this many. */
#define MGP_MAX_INDIRECT_DRAWS (1u << 20)
/* draw_indirect.draw_count with a count buffer: GL's largest maxdrawcount. Such a record is
 * one GPU command whatever its count, so the front end never splits it. */
#define MGP_MAX_INDIRECT_COUNT_DRAWS 0x7fffffffu
/* The descriptor contract's program-wide counts (GL 4.0's combined limits, 5 stages of 12
 * uniform blocks and of 16 samplers): mgp_shader_reflection's masks and sampler kinds hold this
 * many; what a backend takes is its caps' max_uniform_buffer_bindings and max_texture_units. */
#define MGP_MAX_UNIFORM_BLOCKS 60u
#define MGP_MAX_SAMPLERS 80u
/* set_shader_images: slots start..start+count-1 lie below this, start at most this (the
 * decoder's bound) */
#define MGP_MAX_SHADER_IMAGES 16u
/* define_vertex_input / bind_vertex_input: ids lie below MGP_MAX_VERTEX_INPUTS (what the
 * server holds per context is bounded by it), a set names at most MGP_MAX_VERTEX_BUFFERS
 * bindings from 0 (the decoder's bounds). */
#define MGP_MAX_VERTEX_INPUTS 4096u
#define MGP_MAX_VERTEX_BUFFERS 16u
/* bind/delete_stream_output_object and draw_stream_output: object ids lie below this (the
 * decoder's bound; 0 is the context's default object) */
#define MGP_MAX_XFB_OBJECTS 4096u
/* GL_MAX_VERTEX_STREAMS where MGP_CAP_VERTEX_STREAMS is offered; draw_stream_output.stream and
 * .buffer and a primitive query's index lie below it (the decoder's bound) */
#define MGP_MAX_VERTEX_STREAMS 4u
/* GL_MAX_VIEWPORTS where MGP_CAP_VIEWPORT_ARRAY is offered: set_viewports carries indices 1 ..
 * MGP_MAX_VIEWPORTS - 1 at most (the decoder's bound) */
#define MGP_MAX_VIEWPORTS 16u
#define MGP_INDIRECT_ARRAYS_SIZE 16u   /* DrawArraysIndirectCommand */
#define MGP_INDIRECT_ELEMENTS_SIZE 20u /* DrawElementsIndirectCommand */

/* mgp_shader_reflection.sampler_kind */
/* mgp_sampler_state.flags */
#define MGP_SAMPLER_NON_SEAMLESS_CUBE                                                              \
   (1u << 0) /* only to a backend with MGP_CAP_NON_SEAMLESS_CUBE */

#define MGP_SAMPLER_KIND_FLOAT 0u
#define MGP_SAMPLER_KIND_INT 1u
#define MGP_SAMPLER_KIND_UINT 2u
#define MGP_SAMPLER_KIND_SHADOW 3u

/* mgp_u32_args.value of flush */
#define MGP_FLUSH_FINISH (1u << 0)      /* the client waits until the GPU is idle */
#define MGP_PRESENT_NO_WINDOW (1u << 0) /* present: end the frame, the window shows nothing new */
/* surface_bind_window: present through WSI even where the copy path is faster (a CPU device) */
#define MGP_BIND_WINDOW_FORCE (1u << 0)
#define MGP_FLUSH_FRAME_END (1u << 1)

/* mgp_fence_query reply */
#define MGP_FENCE_UNSIGNALLED 0u
#define MGP_FENCE_SIGNALLED 1u
#define MGP_FENCE_LOST 2u
/* query_result flags: wait until the result is available (else answer at once). */
#define MGP_QUERY_WAIT 1u

#endif
