/* glsl.h — GLSL (desktop 1.10, 1.20, 1.30, 1.40, 1.50 core, 3.30 core) to Vulkan SPIR-V for the GL
 * front end, with the reflection the front end needs to answer glGet* about a program without
 * asking the server.
 *
 * glslang does the parsing and code generation (client role only); everything GL-specific is done
 * here, in the source before glslang sees it (glsl_lower.c) and on the SPIR-V words afterwards:
 * descriptor bindings, vertex-input / fragment-output / varying locations, GL's clip-space depth,
 * GL's gl_InstanceID, and the reflection itself.
 * The result is plain malloc'd C data: no pointers into glslang, safe to serialize.
 * Uniform initializers ("uniform float x = 2.0;") come back as the default block's initial_data.
 *
 * ── Versions and lowering ─────────────────────────────────────────────────────────────────────
 *  - Each shader object is its own compilation unit (GL): glsl_link_input.objects, linked by
 *    glslang's linker, so a block, uniform or struct may be declared in several objects of a stage.
 *  - `\` + newline continues a line in every version (GLSL 1.30+ wording; Mesa does the same).
 *  - The preprocessor runs with GL rules and the app's version: __VERSION__ is what the app wrote,
 *    VULKAN is not defined.
 *  - GLSL 1.10 / 1.20 / 1.30 compile as 1.40 (glslang's Vulkan target starts there): 1.40 keeps
 *    everything of theirs a core context has (gl_FragColor / gl_FragData, precision qualifiers);
 *    1.10 / 1.20 `attribute` / `varying` become `in` / `out`. Fixed-function built-ins (gl_Vertex,
 *    gl_ModelViewMatrix, ftransform, ...) stay unavailable, as in a core context.
 *  - texture1D/2D/3D/Cube[Proj][Lod], shadow1D/2D[Proj][Lod] (GLSL 1.10-4.10) and
 *    texture2DRect[Proj] / shadow2DRect[Proj] (1.40+; glslang gives SPIR-V targets none of them)
 *    map to texture / textureProj / textureLod / textureProjLod; shadow* return
 *    vec4(result, 0, 0, 1) (core profiles read depth as RED). inverse() exists from 1.40
 *    on (glslang only declares it from 1.50). An app that declares a function of such a name
 *    itself keeps its own.
 *  - App identifiers that are keywords only in Vulkan GLSL (texture2D, sampler, subpassInput, ...)
 *    are legal and keep their names in the reflection.
 *  - gl_DepthRange and layout(origin_upper_left / pixel_center_integer) on gl_FragCoord read GL
 *    state through hidden members of the default uniform block (glsl_default_block.state_*).
 *    Redeclarations of gl_FragCoord follow GLSL 1.50 4.3.8.1: before any use, the same layout in
 *    every redeclaration and every fragment shader object that uses it (link error otherwise).
 *
 * ── Compute (issue 20, first step) ─────────────────────────────────────────────────────────────
 *  - A compute shader is GLSL 4.30 (core): `#version 430` is taken for the compute stage only.
 *    A program with a compute shader has no other stage (a link error otherwise). Its
 *    layout(local_size_*) comes back as glsl_program.local_size. Shader storage blocks are
 *    reflected in any stage (glsl_program.storage_blocks; a 3.30 vertex or fragment shader
 *    reaches them with GL_ARB_shader_storage_buffer_object), and so are images
 *    (glsl_program.images; GL_ARB_shader_image_load_store), and so are atomic counters
 *    (glsl_program.atomic_buffers / atomic_counters; GLSL 4.30 compute, or a 1.40-3.30 stage
 *    with GL_ARB_shader_atomic_counters, which the lowering compiles as 4.20).
 *  - Atomic counters: glslang's relaxed Vulkan rules turn the atomic_uint uniforms of binding
 *    point N into one storage block gl_AtomicCounterBlock_N (a uint member per counter at its
 *    layout(offset)) and the atomicCounter* built-ins into atomic adds and loads on it.
 *
 * ── Descriptor layout contract (the Vulkan backend relies on it) ───────────────────────────────
 *  - Everything lives in descriptor set GLSL_DESCRIPTOR_SET (0).
 *  - Binding GLSL_BINDING_DEFAULT_BLOCK (0): the default uniform block (all loose, non-opaque
 *    uniforms of the program, std140 layout, one layout shared by every stage: the front end keeps
 *    one CPU shadow of glsl_program.default_block.size bytes and uploads it as a uniform buffer).
 *  - Uniform block with program-wide block index i (its position in glsl_program.blocks):
 *    binding GLSL_BINDING_UBO_BASE + i (1..60), a uniform buffer descriptor.
 *  - Sampler with program-wide sampler index j (its position in glsl_program.samplers):
 *    binding GLSL_BINDING_SAMPLER_BASE + j (64..143), a combined image sampler descriptor
 *    (GL type *_SAMPLER_BUFFER: a uniform texel buffer descriptor instead). The sampler's GL
 *    value (its texture unit, glUniform1i) stays front-end state: at draw time the texture and
 *    sampler object of that unit go to this binding.
 *  - Shader storage block with program-wide index k (its position in
 *    glsl_program.storage_blocks): binding GLSL_BINDING_SSBO_BASE + k (144..159), a storage
 *    buffer descriptor. Its GL binding point (layout(binding), glShaderStorageBlockBinding)
 *    stays front-end state like a uniform block's.
 *  - Atomic counter buffer with program-wide index a (its position in
 *    glsl_program.atomic_buffers, in the order of their GL binding points): binding
 *    GLSL_BINDING_SSBO_BASE + num_storage_blocks + a, a storage buffer descriptor (storage
 *    blocks and atomic counter buffers together at most GLSL_MAX_STORAGE_BLOCKS). Its GL binding
 *    point is the layout(binding) of its counters, fixed at compile time.
 *  - Image with program-wide image index j (its position in glsl_program.images): binding
 *    GLSL_BINDING_IMAGE_BASE + j (160..175), a storage image descriptor. Its GL value (its image
 *    unit: layout(binding), glUniform1i) stays front-end state like a sampler's.
 *  - GLSL_BLEND_IN_SHADER's hidden sampler2D (GLSL_BLEND_DST_NAME, a fragment stage that declares
 *    layout(blend_support_*)): binding GLSL_BINDING_BLEND_DST (176), a combined image sampler
 *    the backend fills with draw buffer 0's image (MGP_CAP_BLEND_SHADER); no GL sampler.
 *  - Arrays: an array of N blocks (or samplers) takes N consecutive program-wide indices
 *    i..i+N-1 but only ONE descriptor binding, the one of its element 0 (GLSL_BINDING_UBO_BASE + i),
 *    with descriptorCount N; element k is array element k of that binding (the SPIR-V variable is
 *    a single arrayed variable). Each element's entry says binding and array_element; the bindings
 *    GLSL_BINDING_UBO_BASE + i + 1 .. + N-1 stay unused.
 *  - Arrays of arrays (ARB_arrays_of_arrays) of samplers, images and blocks are flattened to
 *    one level in the SPIR-V (glsl_link_aoa.c): element [i][j] of T[a][b] is element i*b + j
 *    of one T[a*b] binding. Their entries keep GL's names ("s[i][j]", "B[i][j]"); a sampler's
 *    or image's array_element / array_size are those of its innermost array (the GL uniform),
 *    its layout(binding) unit N + (i*b + j).
 *  - "Program-wide" means a block or sampler with the same GL name in several stages has the same
 *    index and binding in every stage's SPIR-V.
 *  - Resources declared but used by no stage are not reflected and get a binding at or above
 *    GLSL_BINDING_UNUSED_BASE; no stage uses them statically, so pipeline layouts may omit them.
 *    Uniform blocks are the exception: they are active and reflected with an index (GL 4.6
 *    7.6.2.1), bound_stages 0, and their declarations take such an unused binding.
 *
 * ── Locations ─────────────────────────────────────────────────────────────────────────────────
 *  - Vertex inputs: explicit layout(location=N), else the glBindAttribLocation pair for the name,
 *    else the lowest free contiguous locations (a matN takes N, an array of M takes M per element),
 *    assigned in declaration order after explicit and bound ones. Declared-but-unused inputs
 *    (active = false) get locations the used ones left free, so they never block a used one.
 *    Bound names and explicit locations may alias (GL 3.3, 2.11.3: several names on one generic
 *    attribute; glslang refuses two layout(location) on one location, so the lowering takes such
 *    layouts out and hands their locations to the linker as explicit ones): active
 *    inputs of the same type on the same location become one SPIR-V Input variable (Vulkan allows
 *    one per location); other overlaps of active inputs are link errors.
 *  - Fragment outputs: explicit location, else the glBindFragDataLocation pair, else the lowest free
 *    locations (a single output gets 0). The blend index is layout(index=N), else the bound pair's,
 *    else 0 (glsl_io.index); index 1 outputs get SPIR-V Index 1 and must sit below
 *    GLSL_MAX_DUAL_SOURCE_DRAW_BUFFERS. layout(location, index) is taken from GLSL 1.30 on with
 *    GL_ARB_explicit_attrib_location (ARB_blend_func_extended; glslang takes it from 1.50 on, so
 *    the lowering hands 1.30 / 1.40 ones to the linker), and `#extension
 *    GL_ARB_blend_func_extended` is accepted (glslang does not know the name). GLSL 1.40's
 *    gl_FragColor / gl_FragData[] appear as outputs of those names at location 0 (they are not
 *    broadcast to every draw buffer).
 *  - Varyings: matched by name (interface blocks by block name); the producing stage's outputs get
 *    consecutive locations in declaration order, the consumer's inputs the location of their
 *    match. Geometry inputs are per-vertex arrays (in vec4 v[]): their outer array level is not
 *    part of the match, and an unsized one takes the size of the input primitive. GL counts an
 *    interface in components, Vulkan in locations: when one needs more locations than the
 *    device has, arrays of 32-bit scalars are packed four to a location in every stage
 *    (spv_pack.c; not with transform feedback). A used input without a matching output, or a type / flat / noperspective mismatch,
 *    fails the link. Interface blocks stay blocks (a backend may split them for a driver that
 *    needs it: the Vulkan backend's split-io-blocks quirk).
 *  - Overlapping explicit locations of inputs or outputs (glslang's "overlapping use of
 *    location", GLSL 4.60 4.4.1: "a compile-time or link-time error") fail the link, as in Mesa:
 *    a desktop compile whose only errors they are succeeds with them as warnings in its log (its
 *    SPIR-V checks then wait for the link). An ES shader's overlap fails its compile.
 *
 * ── GL semantics kept ─────────────────────────────────────────────────────────────────────────
 *  - Clip-space depth: the last pre-rasterization stage ends with
 *    gl_Position.z = (gl_Position.z + gl_Position.w) * 0.5 (GL [-1,1] → Vulkan [0,1]). Y is NOT
 *    flipped: the renderer uses a positive viewport, so memory row r is GL window row r
 *    (gl_FragCoord then needs no change either: SPIR-V OriginUpperLeft row r+0.5 == GL's).
 *  - gl_VertexID is SPIR-V VertexIndex, which already includes firstVertex / vertexOffset as GL's
 *    includes first / basevertex.
 *  - gl_InstanceID is InstanceIndex - BaseInstance (GL's does not include baseinstance). A program
 *    that reads gl_InstanceID has uses_base_instance set: its vertex SPIR-V declares capability
 *    DrawParameters, so the device must enable shaderDrawParameters (Vulkan 1.1 feature).
 */
#ifndef MGL_FRONTEND_GLSL_H
#define MGL_FRONTEND_GLSL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GLSL_DESCRIPTOR_SET 0
#define GLSL_BINDING_DEFAULT_BLOCK 0
#define GLSL_BINDING_UBO_BASE 1
/* program-wide (GL_MAX_COMBINED_UNIFORM_BLOCKS): GL 4.0's 5 stages of 12 */
#define GLSL_MAX_UNIFORM_BLOCKS 60
#define GLSL_BINDING_SAMPLER_BASE 64
/* program-wide (GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS): GL 4.0's 5 stages of 16 */
#define GLSL_MAX_SAMPLERS 80
#define GLSL_BINDING_SSBO_BASE 144
#define GLSL_MAX_STORAGE_BLOCKS 16 /* program-wide (GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS) */
#define GLSL_BINDING_IMAGE_BASE 160
/* Atomic counter buffers (GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, and per stage and program);
 * their descriptors share the storage block range (see the contract below). */
#define GLSL_MAX_ATOMIC_BUFFERS 8
#define GLSL_MAX_ATOMIC_COUNTERS 1024 /* per stage and program (GL_MAX_*_ATOMIC_COUNTERS) */
/* gl_MaxComputeWorkGroupSize (GL 4.3 table 23.75's minimums): a local size past one fails the
 * compile; GL_MAX_COMPUTE_WORK_GROUP_SIZE answers no more than these */
#define GLSL_MAX_COMPUTE_WORK_GROUP_SIZE_XY 1024
#define GLSL_MAX_COMPUTE_WORK_GROUP_SIZE_Z 64
#define GLSL_MAX_IMAGES 16 /* program-wide and per stage (GL_MAX_COMBINED_IMAGE_UNIFORMS) */
#define GLSL_MAX_UNIFORM_LOCATIONS 4096 /* GL_MAX_UNIFORM_LOCATIONS (explicit ones below it) */
/* GL_KHR_blend_equation_advanced blended in the fragment shader (GLSL_BLEND_IN_SHADER): the
 * hidden `sampler2D _mgl_BlendDst` the appended main() reads draw buffer 0's colour through */
#define GLSL_BINDING_BLEND_DST 176
#define GLSL_BLEND_DST_NAME "_mgl_BlendDst"
#define GLSL_BINDING_UNUSED_BASE 192

/* Per-stage limits a GL 3.3 driver enforces at link (and the front end reports by glGet). */
#define GLSL_MAX_STAGE_UNIFORM_BLOCKS 12       /* GL_MAX_{VERTEX,FRAGMENT}_UNIFORM_BLOCKS */
#define GLSL_MAX_STAGE_SAMPLERS 16             /* GL_MAX_TEXTURE_IMAGE_UNITS & vertex counterpart */
#define GLSL_MAX_VERTEX_ATTRIBS 16             /* GL_MAX_VERTEX_ATTRIBS */
#define GLSL_MAX_DRAW_BUFFERS 8                /* GL_MAX_DRAW_BUFFERS: fragment output locations */
#define GLSL_MAX_PATCH_VERTICES 32             /* GL_MAX_PATCH_VERTICES (Vulkan's least) */
#define GLSL_MAX_DUAL_SOURCE_DRAW_BUFFERS 1    /* locations of index-1 (second source) outputs */
#define GLSL_MAX_STAGE_UNIFORM_COMPONENTS 4096 /* GL_MAX_{VERTEX,FRAGMENT}_UNIFORM_COMPONENTS */
/* GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES (ARB_cull_distance; what MGP_CAP_CULL_DISTANCE
 * promises): a stage's gl_ClipDistance and gl_CullDistance together */
#define GLSL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES 8
/* The least per-stage interface limit, in components (GL 3.2's MAX_VERTEX_OUTPUT_COMPONENTS and
 * Vulkan's minimum maxVertexOutputComponents): glsl_link_input.max_varying_components is never below. */
#define GLSL_MIN_VARYING_COMPONENTS 64
/* The stage interfaces with a limit of their own (the order of mgp_caps.stage_io_components) */
enum glsl_stage_io {
   GLSL_IO_VERTEX_OUT,
   GLSL_IO_TESS_CTRL_IN,
   GLSL_IO_TESS_CTRL_OUT,
   GLSL_IO_TESS_EVAL_IN,
   GLSL_IO_TESS_EVAL_OUT,
   GLSL_IO_GEOMETRY_IN,
   GLSL_IO_GEOMETRY_OUT,
   GLSL_IO_FRAGMENT_IN,
   GLSL_IO_COUNT
};
#define GLSL_MAX_GEOMETRY_OUTPUT_VERTICES 256 /* GL 3.3's minimum; Vulkan's too */
/* GL_MAX_GEOMETRY_SHADER_INVOCATIONS (ARB_gpu_shader5): GL 4.0's least, Vulkan's too; a larger
 * layout(invocations) fails the compile */
#define GLSL_MAX_GEOMETRY_SHADER_INVOCATIONS 32
/* GL_MAX_VERTEX_STREAMS: a geometry shader's layout(stream), EmitStreamVertex and
 * EndStreamPrimitive name streams below it (below 1 with GLSL_DENY_VERTEX_STREAMS) */
#define GLSL_MAX_VERTEX_STREAMS 4
/* GL_MIN/MAX_PROGRAM_TEXEL_OFFSET, and gl_Min/MaxProgramTexelOffset in GLSL ES 3.00 */
#define GLSL_MIN_PROGRAM_TEXEL_OFFSET (-8)
#define GLSL_MAX_PROGRAM_TEXEL_OFFSET 7
#define GLSL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS 1024 /* GL 3.3's minimum; Vulkan's too */
/* Bytes, std140: GL_MAX_UNIFORM_BLOCK_SIZE, and the most the default block may take (std140 pads
 * `float f[N]` to 16 bytes an element, so GL's 1024 uniform components can need 16 KiB). The
 * backend must check these against maxUniformBufferRange (65536 on common devices). */
#define GLSL_MAX_UNIFORM_BLOCK_SIZE 65536
#define GLSL_MAX_DEFAULT_BLOCK_SIZE 65536
/* Transform feedback (fe_get.c reports the same values). Buffers and interleaved components are
 * GL 3.3's minimums; a separate varying may take as many components as an interleaved buffer
 * (GL's minimum is 4): a buffer's stride of 64 components is what the backends capture (the
 * Vulkan one asks for maxTransformFeedbackBufferDataStride >= 256), and a double counts as two
 * components (the 8 bytes it captures), so a dvec3 takes 6. */
#define GLSL_MAX_XFB_BUFFERS 4                 /* GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS */
#define GLSL_MAX_XFB_INTERLEAVED_COMPONENTS 64 /* ..._INTERLEAVED_COMPONENTS */
#define GLSL_MAX_XFB_SEPARATE_COMPONENTS 64    /* ..._SEPARATE_COMPONENTS */

/* Array indices (glsl_link_input.source[] is often filled by position, {vs, fs}: the geometry
 * stage comes last so such initializers keep their meaning). Pipeline order, in which each
 * present stage consumes what the previous present one produces, is glsl_pipeline_stage(0..COUNT-1). */
/* The compute stage (GLSL 4.30) is last and is never linked with another stage (GL 4.3 7.3). */
enum glsl_stage {
   GLSL_STAGE_VERTEX,
   GLSL_STAGE_FRAGMENT,
   GLSL_STAGE_GEOMETRY,
   GLSL_STAGE_TESS_CTRL, /* GL 4.0 / ARB_tessellation_shader */
   GLSL_STAGE_TESS_EVAL,
   GLSL_STAGE_COMPUTE,
   GLSL_STAGE_COUNT
};
static inline enum glsl_stage
glsl_pipeline_stage(unsigned i)
{
   return i == 0   ? GLSL_STAGE_VERTEX
          : i == 1 ? GLSL_STAGE_TESS_CTRL
          : i == 2 ? GLSL_STAGE_TESS_EVAL
          : i == 3 ? GLSL_STAGE_GEOMETRY
          : i == 4 ? GLSL_STAGE_FRAGMENT
                   : GLSL_STAGE_COMPUTE;
}
#define GLSL_STAGE_BIT(s) (1u << (s))

/* glslang_initialize_process, once, thread-safe. Every other call does it too if needed. */
bool glsl_init(void);

/* glCompileShader: parse and check one shader object. Returns whether it compiled; *info_log gets
 * a malloc'd log ("" when there is nothing to say), to be freed by the caller. info_log may be
 * NULL. A shader without main() compiles (main may come from another shader object). */
/* The context a shader is for (false / true still read as core / ES). GLSL_API_ES: GLSL ES 1.00
 * (the default without #version), 3.00 ("300 es"), 3.10 ("310 es", unless GLSL_DENY_ESSL310)
 * and 3.20 ("320 es", unless GLSL_DENY_ESSL320 too) are its versions, lowered to desktop
 * 1.40 / 3.30 / 4.30 / 4.30 for glslang (glsl_lower.c). GLSL_API_COMPAT: a compatibility-profile context, whose
 * built-ins (gl_Vertex, gl_ModelViewMatrix, ftransform(), ...) glsl_compat.c lowers. */
enum glsl_api { GLSL_API_CORE = 0, GLSL_API_ES = 1, GLSL_API_COMPAT = 2 };
/* The highest GLSL ES version glsl_compile_shader takes (an OpenGL ES 3.2 context needs 320:
 * fe_es32_lacks); 3.20 unless GLSL_DENY_ESSL320. */
#define GLSL_ES_VERSION_MAX 320
bool glsl_compile_shader(enum glsl_stage stage, enum glsl_api api, const char *source,
                         char **info_log);
/* Whether source's #version directive names GLSL ES 1.00 ("#version 100"; with es3 also
 * "#version 300 es", "#version 310 es" and "#version 320 es"): a desktop context compiles such
 * a shader as GLSL_API_ES (ARB_ES2_compatibility, ARB_ES3_compatibility, ARB_ES3_1_compatibility
 * and ARB_ES3_2_compatibility, whose 3.10 GLSL_DENY_ESSL310 and 3.20 GLSL_DENY_ESSL320 refuse
 * where they are not offered) and links it only with others of its
 * kind. */
bool glsl_source_is_es(const char *source, bool es3);

/* The versions of the libraries a compile's and a link's result depend on: glslang's (its
 * build_info.h: the archives are linked statically), SPIRV-Tools' (its version details, also
 * static) and SPIRV-Cross's (spv_cross_versions, a shared library). One string, made once: a
 * program binary's build id covers it (a build against another glslang keeps no program linked
 * by this one; issue 20). */
const char *glsl_library_versions(void);
/* A context's limits for glsl_compile_shader_limits. max_varying_components as
 * glsl_link_input's (0: the minimum), so gl_MaxVaryingComponents, gl_MaxFragmentInputComponents
 * ... in the shader are what the context reports and the link will see. The binding points
 * (0: not checked) bound layout(binding = N): GLSL 4.20 4.4.5 and 4.4.6 make a uniform or
 * storage block's binding at or past GL_MAX_UNIFORM_BUFFER_BINDINGS /
 * GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, or a sampler's at or past
 * GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, a compile-time error. */
struct glsl_compile_limits {
   uint32_t max_varying_components;
   const uint32_t *stage_io; /* GLSL_IO_COUNT per-interface limits, as glsl_link_input's */
   uint32_t uniform_buffer_bindings, storage_buffer_bindings, texture_units;
   /* GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS (0: not checked): a compute shader's local size of
    * more invocations fails the compile (GL 4.3 19.1) */
   uint32_t compute_invocations;
   uint32_t deny; /* GLSL_DENY_*: what the context's GLSL leaves out (below) */
};
/* The same for a context's limits (NULL: the minimum varyings, no binding checks). */
bool glsl_compile_shader_limits(enum glsl_stage stage, enum glsl_api api,
                                const struct glsl_compile_limits *limits, const char *source,
                                char **info_log);

/* What a context's GLSL leaves out because its backend cannot run it (glsl_link_input.deny):
 * GLSL_DENY_FLOAT64, doubles (the backend lacks MGP_CAP_FLOAT64): `#extension
 * GL_ARB_gpu_shader_fp64 : require` fails to compile (enable / warn: a warning), and so does a
 * shader whose SPIR-V would use a double (GLSL 4.00 has them in core). */
#define GLSL_DENY_FLOAT64 (1u << 0)
/* GLSL_DENY_GPU_SHADER5, GL_ARB_gpu_shader5 (the backend lacks MGP_CAP_GPU_SHADER5): its macro
 * is not defined, `#extension GL_ARB_gpu_shader5 : require` is an error and `enable` / `warn` a
 * warning that leaves it off (GLSL 1.50 3.3). glsl_compile_shader denies nothing. */
#define GLSL_DENY_GPU_SHADER5 (1u << 1)
/* GLSL_DENY_VIEWPORT_ARRAY, GL_ARB_viewport_array (the backend lacks MGP_CAP_VIEWPORT_ARRAY): its
 * macro is not defined and its `#extension` is withheld as GL_ARB_gpu_shader5's is, so a
 * geometry shader of GLSL 1.50 / 3.30 cannot write gl_ViewportIndex. In GLSL ES 3.10 on it
 * withholds GL_OES_viewport_array as GLSL_DENY_ES_IMAGE_ATOMIC's (the ES context does not list
 * it); without it that directive goes and its macro is defined. */
#define GLSL_DENY_VIEWPORT_ARRAY (1u << 2)
/* GLSL_DENY_CULL_DISTANCE, gl_CullDistance (the backend lacks MGP_CAP_CULL_DISTANCE): the
 * GL_ARB_cull_distance macro (GL_EXT_clip_cull_distance in GLSL ES 3.00 on) is not defined, its
 * directive is as GLSL_DENY_GPU_SHADER5's, and a shader whose SPIR-V would use a cull distance
 * (GLSL 4.50 has them in core) fails to compile. */
#define GLSL_DENY_CULL_DISTANCE (1u << 3)
/* GLSL_DENY_IMAGE_QUERIES, textureQueryLevels / textureSamples / imageSamples (the backend lacks
 * MGP_CAP_IMAGE_QUERIES): the GL_ARB_texture_query_levels and GL_ARB_shader_texture_image_samples
 * macros are not defined, their directives are as GLSL_DENY_GPU_SHADER5's, and a shader whose
 * SPIR-V would use either query (GLSL 4.30 / 4.50 have them in core) fails to compile. */
#define GLSL_DENY_IMAGE_QUERIES (1u << 4)
/* GLSL_DENY_DERIVATIVE_CONTROL, dFdxFine ... (the backend lacks MGP_CAP_DERIVATIVE_CONTROL): the
 * same for GL_ARB_derivative_control and SPIR-V's DerivativeControl capability (GLSL 4.50). */
#define GLSL_DENY_DERIVATIVE_CONTROL (1u << 5)
/* GLSL_DENY_VERTEX_STREAMS, vertex streams past 0 (the backend lacks MGP_CAP_VERTEX_STREAMS):
 * GL_MAX_VERTEX_STREAMS is 1, so a geometry shader's layout(stream = n), EmitStreamVertex(n) or
 * EndStreamPrimitive(n) with n > 0 fails to compile, naming GL_MAX_VERTEX_STREAMS. */
#define GLSL_DENY_VERTEX_STREAMS (1u << 6)
/* GLSL_DENY_ESSL310, GLSL ES 3.10 (the context is neither an OpenGL ES 3.1 one nor a desktop
 * one offering GL_ARB_ES3_1_compatibility): `#version 310 es` is an unsupported version, as in
 * an ES 3.0 context, and in a desktop unit GL_ARB_ES3_1_compatibility's macro is not defined and
 * its directive is as GLSL_DENY_GPU_SHADER5's. Without it an ES shader may be 3.10, lowered as
 * desktop 4.30 (glsl_lower.c). */
#define GLSL_DENY_ESSL310 (1u << 7)
/* GLSL_DENY_ESSL320, GLSL ES 3.20 (the context is neither an OpenGL ES 3.2 one nor a desktop
 * one offering GL_ARB_ES3_2_compatibility): `#version 320 es` is an unsupported version, as in
 * an ES 3.1 context, and GL_ARB_ES3_2_compatibility's macro and directive are withheld as
 * GL_ARB_ES3_1_compatibility's are. Without it (and without GLSL_DENY_ESSL310)
 * an ES shader may be 3.20, lowered as desktop 4.30 as 3.10 is, with what ESSL 3.20 has in core
 * that 3.10 takes from the ES 3.2 extensions (geometry and tessellation stages, io blocks,
 * gpu_shader5, buffer and cube-array samplers, sample variables, gl_BoundingBox, 2D multisample
 * array samplers, blend_support qualifiers) there without #extension; each still withheld by its
 * own deny bit (GLSL_DENY_ES_GEOMETRY ..., GLSL_DENY_BLEND_ADVANCED), which an ES 3.2 context
 * never sets (fe_es32_lacks). */
#define GLSL_DENY_ESSL320 (1u << 27)
/* GLSL_DENY_ES_IMAGE_ATOMIC, GL_OES_shader_image_atomic (the ES context does not offer it): one of
 * glsl_es_withheld_extensions (glsl_internal.h) like the others; without it the extension is
 * glslang's. */
#define GLSL_DENY_ES_IMAGE_ATOMIC (1u << 8)
/* GLSL_DENY_ES_MS_2D_ARRAY, GL_OES_texture_storage_multisample_2d_array (the ES context does not
 * offer it): withheld as GLSL_DENY_ES_IMAGE_ATOMIC's; without it the extension is glslang's. */
#define GLSL_DENY_ES_MS_2D_ARRAY (1u << 15)
/* GLSL_DENY_ES_GEOMETRY, GLSL_DENY_ES_TESSELLATION, GLSL_DENY_ES_TEXTURE_BUFFER,
 * GLSL_DENY_ES_CUBE_ARRAY, GLSL_DENY_ES_SAMPLE_VARIABLES: the ES context does not offer
 * GL_EXT/OES_geometry_shader, _tessellation_shader, _texture_buffer, _texture_cube_map_array,
 * GL_OES_sample_variables (and, with GLSL_DENY_GPU_SHADER5 for GL_EXT/OES_gpu_shader5,
 * GL_OES_shader_multisample_interpolation): withheld as GLSL_DENY_ES_IMAGE_ATOMIC's
 * (glsl_lower.c es_offered says which bits withhold which name; GLSL_DENY_ESSL310 withholds
 * GL_EXT/OES_shader_io_blocks and _primitive_bounding_box). Without it the extension is
 * glslang's. */
#define GLSL_DENY_ES_GEOMETRY (1u << 21)
#define GLSL_DENY_ES_TESSELLATION (1u << 22)
#define GLSL_DENY_ES_TEXTURE_BUFFER (1u << 23)
#define GLSL_DENY_ES_CUBE_ARRAY (1u << 24)
#define GLSL_DENY_ES_SAMPLE_VARIABLES (1u << 25)
/* GLSL_DENY_ES_POINT_SIZE: the device does not size points by a geometry or tessellation stage's
 * gl_PointSize (MGP_CAP_STAGE_POINT_SIZE): GL_OES/EXT_geometry_point_size and
 * GL_OES/EXT_tessellation_point_size are withheld as GLSL_DENY_ES_IMAGE_ATOMIC's (so are they
 * with GLSL_DENY_ES_GEOMETRY or GLSL_DENY_ES_TESSELLATION). */
#define GLSL_DENY_ES_POINT_SIZE (1u << 29)
/* GLSL_DENY_VERTEX_ATTRIB_64BIT, double vertex shader inputs (the backend lacks
 * MGP_CAP_VERTEX_FLOAT64): the GL_ARB_vertex_attrib_64bit macro is not defined, its directive is
 * as GLSL_DENY_GPU_SHADER5's, and a vertex shader with a double input fails to compile. Without
 * it GLSL 4.10, or 4.00 with the extension enabled, takes them (GLSL 4.10 4.3.4). */
#define GLSL_DENY_VERTEX_ATTRIB_64BIT (1u << 9)
/* GLSL_DENY_SHADER_PRECISION, GL_ARB_shader_precision (the context is not a GL 4.0 one, which
 * the extension requires): its macro is not defined and glslang, which does not know it, judges
 * its directive. Without it the macro is defined and the directive goes (the extension only
 * bounds arithmetic errors, which SPIR-V's full-precision floats meet). */
#define GLSL_DENY_SHADER_PRECISION (1u << 10)
/* GLSL_DENY_GROUP_VOTE, anyInvocationARB ... (the backend lacks MGP_CAP_SUBGROUP_VOTE): the
 * GL_ARB_shader_group_vote macro is not defined, its directive is as GLSL_DENY_GPU_SHADER5's, and
 * a shader whose SPIR-V would use a vote (GLSL 4.60's anyInvocation ...) fails to compile. */
#define GLSL_DENY_GROUP_VOTE (1u << 11)
/* GLSL_DENY_ATOMIC_COUNTER_OPS, GL_ARB_shader_atomic_counter_ops (the context offers no atomic
 * counters): its macro is not defined and its directive is as GLSL_DENY_GPU_SHADER5's. */
#define GLSL_DENY_ATOMIC_COUNTER_OPS (1u << 12)
/* GLSL_DENY_ENHANCED_LAYOUTS, GL_ARB_enhanced_layouts (the backend lacks
 * MGP_CAP_ENHANCED_LAYOUTS): its macro is not defined, its directive is as
 * GLSL_DENY_GPU_SHADER5's, and a shader whose SPIR-V would give a varying a component
 * (layout(component)) or lay out its own transform feedback (xfb_buffer, xfb_offset, xfb_stride;
 * GLSL 4.40 has them in core) fails to compile. */
#define GLSL_DENY_ENHANCED_LAYOUTS (1u << 13)
/* GLSL_DENY_TEXTURE_QUERY_LOD, textureQueryLod / textureQueryLOD (the backend lacks
 * MGP_CAP_TEXTURE_QUERY_LOD): the GL_ARB_texture_query_lod macro is not defined, its directive
 * is as GLSL_DENY_GPU_SHADER5's, and a shader whose SPIR-V would query a LOD (GLSL 4.00's core
 * function) fails to compile */
#define GLSL_DENY_TEXTURE_QUERY_LOD (1u << 14)
/* GLSL_DENY_LAYER_VIEWPORT, gl_Layer / gl_ViewportIndex written by the vertex or tessellation-
 * evaluation stage (the context lacks fe_layer_viewport_offered): the GL_ARB_shader_viewport_
 * layer_array, GL_AMD_vertex_shader_layer and GL_AMD_vertex_shader_viewport_index macros are not
 * defined and their directives are as GLSL_DENY_GPU_SHADER5's (glslang declares neither output
 * there without the first). */
#define GLSL_DENY_LAYER_VIEWPORT (1u << 17)
/* GLSL_DENY_STENCIL_EXPORT, gl_FragStencilRefARB (the context lacks fe_stencil_export_offered):
 * the GL_ARB_shader_stencil_export macro is not defined, its directive is as
 * GLSL_DENY_GPU_SHADER5's, and a shader whose SPIR-V would export a stencil reference fails to
 * compile. */
#define GLSL_DENY_STENCIL_EXPORT (1u << 18)
/* GLSL_DENY_SHADER_CLOCK, clockARB / clock2x32ARB (the context lacks fe_shader_clock_offered):
 * the GL_ARB_shader_clock macro is not defined, its directive is as GLSL_DENY_GPU_SHADER5's, and
 * a shader whose SPIR-V would read a clock fails to compile. */
#define GLSL_DENY_SHADER_CLOCK (1u << 20)
/* GLSL_DENY_BLEND_ADVANCED, layout(blend_support_*) out (the context lacks
 * fe_blend_advanced_offered): the GL_KHR_blend_equation_advanced directive is as
 * GLSL_DENY_GPU_SHADER5's (an ES shader's too), so glslang refuses the qualifier. */
#define GLSL_DENY_BLEND_ADVANCED (1u << 16)
/* glsl_program.blend_support: bit k for mgp_blend_op MULTIPLY + k (blend_support_multiply ..
 * blend_support_hsl_luminosity); blend_support_all_equations sets them all */
#define GLSL_BLEND_SUPPORT_ALL 0x7fffu
/* GLSL_DENY_INT64, 64-bit integers (the context lacks fe_int64_offered): the
 * GL_ARB_gpu_shader_int64 macro is not defined, its directive is as GLSL_DENY_GPU_SHADER5's, and
 * a shader whose SPIR-V would compute with 64-bit integers fails to compile. */
#define GLSL_DENY_INT64 (1u << 19)
/* GLSL_DENY_BALLOT, ballotARB ... (the context lacks fe_ballot_offered): the GL_ARB_shader_ballot
 * macro is not defined, its directive is as GLSL_DENY_GPU_SHADER5's, and a shader whose SPIR-V
 * would use SubgroupBallotKHR fails to compile. */
#define GLSL_DENY_BALLOT (1u << 26)
/* GLSL_BLEND_IN_SHADER (not a denial: the context blends GL_KHR_blend_equation_advanced's
 * equations in the fragment shader, fe_blend_in_shader): a fragment unit that declares
 * layout(blend_support_*) gets a main() appended that calls its own, then, while the hidden
 * state uniform _mgl_BlendEquation (GLSL_STATE_BLEND_EQUATION) is not 0, blends its colour
 * output 0 over draw buffer 0's colour read through _mgl_BlendDst (binding
 * GLSL_BINDING_BLEND_DST, texelFetch at gl_FragCoord) with the extension's equation. */
#define GLSL_BLEND_IN_SHADER (1u << 28)
/* GLSL_DENY_ES_IMAGE_FORMATS, GL_NV_image_formats (the ES 3.1 context does not offer it): withheld
 * as GLSL_DENY_ES_IMAGE_ATOMIC's; without it its directive is taken out and its macro defined
 * (glslang knows neither), the image formats past ESSL 3.10's being glslang's anyway. */
#define GLSL_DENY_ES_IMAGE_FORMATS (1u << 30)
/* glsl_compile_shader_limits with only the varyings and the denied features. */
bool glsl_compile_shader_opts(enum glsl_stage stage, enum glsl_api api,
                              uint32_t max_varying_components, uint32_t deny, const char *source,
                              char **info_log);

/* A glBindAttribLocation / glBindFragDataLocation(Indexed) pair. The name may be the variable's
 * name or, for arrays, the name with "[0]". index: the fragment output's blend index (0, or 1 for
 * the second source of dual-source blending); 0 for vertex inputs. */
struct glsl_binding {
   const char *name;
   int location;
   int index;
};

struct glsl_link_input {
   /* A stage's only shader object (NULL: stage absent) when num_objects[s] is 0. */
   const char *source[GLSL_STAGE_COUNT];
   const struct glsl_binding *attrib_bindings;
   unsigned num_attrib_bindings;
   const struct glsl_binding *frag_data_bindings;
   unsigned num_frag_data_bindings;
   /* The shader objects of each stage, each a compilation unit of its own (GL): used instead of
    * source[s] when num_objects[s] > 0. */
   const char *const *objects[GLSL_STAGE_COUNT];
   unsigned num_objects[GLSL_STAGE_COUNT];
   bool es;     /* an OpenGL ES program (see glsl_compile_shader) */
   bool compat; /* a compatibility-profile program (GLSL_API_COMPAT) */
   /* Components each stage interface (vertex out, geometry in/out, fragment in) may use, also the
    * value of gl_MaxVaryingComponents etc.: the device's limit (fe_varying_components). 0 or less
    * than GLSL_MIN_VARYING_COMPONENTS means GLSL_MIN_VARYING_COMPONENTS. */
   uint32_t max_varying_components;
   /* Each stage interface's own limit (GLSL_IO_COUNT of them, 0 or NULL: max_varying_components),
    * the values of gl_MaxVertexOutputComponents ... gl_MaxFragmentInputComponents
    * (glsl_stage_io_components) */
   const uint32_t *stage_io;
   /* glTransformFeedbackVaryings as it stood at glLinkProgram: the names to capture from the last
    * vertex-processing stage (geometry if present, else vertex), interleaved into buffer 0 or
    * one buffer each (separate). */
   const char *const *xfb_varyings;
   unsigned num_xfb_varyings;
   bool xfb_separate;
   /* ARB_transform_feedback3 (GL 4.0): gl_NextBuffer and gl_SkipComponents1..4 among the
    * interleaved varyings; without it those names are unknown outputs */
   bool xfb_special_names;
   uint32_t deny; /* GLSL_DENY_* (glsl_compile_shader_opts) */
   /* GL_PROGRAM_SEPARABLE (GL 4.1, 7.3): the program may lack the stages around its own (a
    * geometry or tessellation shader without a vertex shader links), and the varyings it
    * exchanges with another program keep their layout(location) (glsl_link_io.c) */
   bool separable;
   /* ARB_gl_spirv: each stage's module for the OpenGL environment, specialized
    * (glsl_spirv_specialize); when any is set the program is linked from these alone
    * (glsl_spirv_gl.c) and source[] / objects[] are ignored */
   const uint32_t *spirv[GLSL_STAGE_COUNT];
   size_t spirv_words[GLSL_STAGE_COUNT];
};

/* A conventional vertex attribute's generic slot in a compatibility context ("gl_Color": 3),
 * -1 for another name; the i-th of them (NULL past the last). */
int glsl_compat_attrib_slot(const char *name);
const char *glsl_compat_attrib_name(unsigned i);

static inline enum glsl_api
glsl_input_api(const struct glsl_link_input *input)
{
   return input->es ? GLSL_API_ES : input->compat ? GLSL_API_COMPAT : GLSL_API_CORE;
}

/* input->max_varying_components as the linker applies it (a multiple of 4). */
static inline uint32_t
glsl_varying_components(const struct glsl_link_input *input)
{
   uint32_t c = input->max_varying_components & ~3u;
   return c < GLSL_MIN_VARYING_COMPONENTS ? GLSL_MIN_VARYING_COMPONENTS : c;
}

/* One stage interface's limit as the context reports it (GL_MAX_VERTEX_OUTPUT_COMPONENTS ...,
 * gl_MaxVertexOutputComponents ...): the device's own (stage_io[io], 0: not given) where GL's
 * minimum allows, within the linker's varying limit (varying, glsl_varying_components), which
 * every interface is held to. */
static inline uint32_t
glsl_stage_io_components(uint32_t varying, const uint32_t *stage_io, enum glsl_stage_io io)
{
   /* GL 4.6 tables 23.57-23.62's minimums (GL 3.2's for the vertex, geometry and fragment
    * stages are the same) */
   static const uint32_t gl_min[GLSL_IO_COUNT] = {64, 128, 128, 128, 128, 64, 128, 128};
   uint32_t c = stage_io && stage_io[io] ? stage_io[io] : varying;
   c = c < gl_min[io] ? gl_min[io] : c;
   return c < varying ? c : varying;
}

/* A leaf uniform: a member of the default uniform block or of a uniform block. GL naming: "tint",
 * "arr[0]" (array_size N), "s.field", "sarr[1].m"; block members "B.a" for a block with an
 * instance name, "a" for one without. Offsets are from the start of the block, in bytes;
 * booleans take 4 bytes (0 or 1). */
struct glsl_uniform {
   char *name;
   uint32_t type;       /* GL type enum: GL_FLOAT_VEC4, GL_FLOAT_MAT4, GL_INT, GL_BOOL, ... */
   uint32_t array_size; /* elements; 1 when not an array */
   uint32_t offset;
   uint32_t array_stride;  /* 0 when not an array */
   uint32_t matrix_stride; /* 0 when not a matrix */
   bool row_major;
   uint32_t stages; /* GLSL_STAGE_BIT of the stages that reference it (GL_REFERENCED_BY_*) */
   /* buffer variables: the block member it lies in, when that is an array
    * (GL_TOP_LEVEL_ARRAY_SIZE: 0 unsized, 1 not an array; _STRIDE: 0 not an array) */
   uint32_t top_array_size, top_array_stride;
};

/* GL state a program reads through a hidden member of its default uniform block (not in
 * `uniforms`): the front end writes the current value into its shadow before it uploads it. */
enum glsl_state_uniform {
   GLSL_STATE_DEPTH_RANGE,        /* gl_DepthRange: float near, far, diff at +0, +4, +8: the
                                   * current glDepthRange (clamped), diff = far - near */
   GLSL_STATE_FRAMEBUFFER_HEIGHT, /* float: height of the draw framebuffer (gl_FragCoord
                                   * layout(origin_upper_left): y' = height - y) */
   GLSL_STATE_POINT_SIZE,         /* float: glPointSize's size while GL_PROGRAM_POINT_SIZE is
                                   * disabled, else 0 (the shader's gl_PointSize stands) */
   GLSL_STATE_POINT_ORIGIN,       /* float: 1 while GL_POINT_SPRITE_COORD_ORIGIN is
                                   * GL_UPPER_LEFT (the default), 0 for GL_LOWER_LEFT */
   GLSL_STATE_COMPAT,             /* struct glsl_compat_state: the compatibility profile's
                                   * built-in state (gl_ModelViewMatrix, gl_LightSource[] ...) */
   GLSL_STATE_BLEND_EQUATION,     /* float: 0, or while draw buffer 0 blends with an
                                   * advanced equation (GLSL_BLEND_IN_SHADER) 1 + its index
                                   * from GL_MULTIPLY_KHR, + 16 where the buffer does not clamp
                                   * the source colour (floating point) */
   GLSL_STATE_PRIMITIVE_DIVISOR,  /* float: the triangles (lines, points) the device draws for
                                   * each primitive of the draw's mode: 2 for filled GL_QUADS
                                   * and GL_QUAD_STRIP, which mgl draws as triangles, else 1; a
                                   * compatibility context's fragment gl_PrimitiveID is the
                                   * device's divided by it */
   GLSL_STATE_COUNT
};

/* The compatibility profile's built-in uniform state as a program reads it (glsl_compat.c
 * declares the GLSL struct with the same members in the same order; std140 offsets). Matrices
 * are column-major; a mat3 takes three vec4 columns. */
struct glsl_compat_light {
   float ambient[4], diffuse[4], specular[4], position[4], half_vector[4];
   float spot_direction[3], spot_exponent;
   float spot_cutoff, spot_cos_cutoff, constant_attenuation, linear_attenuation;
   float quadratic_attenuation, pad[3];
};
struct glsl_compat_material {
   float emission[4], ambient[4], diffuse[4], specular[4];
   float shininess, pad[3];
};
struct glsl_compat_light_product {
   float ambient[4], diffuse[4], specular[4];
};
struct glsl_compat_state {
   float modelview[16], projection[16], mvp[16];
   float modelview_inverse[16], projection_inverse[16], mvp_inverse[16];
   float modelview_transpose[16], projection_transpose[16], mvp_transpose[16];
   float modelview_inverse_transpose[16], projection_inverse_transpose[16];
   float mvp_inverse_transpose[16];
   float texture_matrix[8][16], texture_matrix_inverse[8][16], texture_matrix_transpose[8][16];
   float texture_matrix_inverse_transpose[8][16];
   float normal_matrix[3][4];
   float normal_scale;
   float vertex_program_two_side; /* GL_VERTEX_PROGRAM_TWO_SIDE: 1 or 0 */
   float pad0[2];
   float clip_plane[8][4]; /* eye coordinates */
   float texture_env_color[8][4];
   float eye_plane[4][8][4];    /* [S, T, R, Q][unit] */
   float object_plane[4][8][4]; /* [S, T, R, Q][unit] */
   struct {
      float size, size_min, size_max, fade_threshold_size;
      float distance_constant_attenuation, distance_linear_attenuation;
      float distance_quadratic_attenuation, pad;
   } point;
   struct glsl_compat_material front_material, back_material;
   struct glsl_compat_light light_source[8];
   float light_model_ambient[4];
   float front_light_model_scene_color[4], back_light_model_scene_color[4];
   struct glsl_compat_light_product front_light_product[8], back_light_product[8];
   struct {
      float color[4];
      float density, start, end, scale;
   } fog;
   /* Not GLSL built-ins: what a fragment shader's appended main() discards by (polygon
    * stipple, GL 2.1 §3.5.2). Row y's pattern as 16-bit halves, low first: [2y], [2y + 1]. */
   float polygon_stipple[64];
   float polygon_stipple_on; /* 1 when the draw rasterizes filled polygons with stipple on */
   float alpha_func;         /* 0: no alpha test; else glAlphaFunc's function - GL_NEVER + 1 */
   float alpha_ref;          /* glAlphaFunc's reference (fe_ff_frag_value) */
   /* 1 when the draw's colours are clamped to [0, 1] (glClampColor, fe_clamp_color_applies):
    * the last vertex stage's gl_FrontColor ... gl_BackSecondaryColor as it writes them, the
    * fragment shader's gl_FragColor and gl_FragData[] after its main() */
   float clamp_vertex, clamp_fragment;
   float pad1[3];
};

struct glsl_default_block {
   uint32_t size;         /* bytes (std140, rounded up to 16); 0 when there are no uniforms */
   uint8_t *initial_data; /* size bytes: GL's initial values (uniform initializers, else 0);
                            * the front end copies it into its shadow at link. NULL iff size 0 */
   uint32_t stages;       /* GLSL_STAGE_BIT of stages that read some uniform in it */
   unsigned num_uniforms; /* active leaves */
   struct glsl_uniform *uniforms;
   uint32_t state_mask; /* 1 << glsl_state_uniform: the program has that hidden member */
   uint32_t state_offset[GLSL_STATE_COUNT]; /* its byte offset in the block */
   /* The hidden `vec4 _mgl_DM_<sampler>[2 * count]` of each shadow sampler a GLSL 1.10/1.20
    * shadow*() reads (glsl_lower.c): per element at offset + 32 k, the multiplier and addend
    * of the comparison that give the GL_DEPTH_TEXTURE_MODE and swizzle of the texture at the
    * sampler's unit; the front end writes them */
   unsigned num_depth_modes;
   struct glsl_depth_mode {
      char *sampler; /* the sampler uniform's name, no index */
      uint32_t offset, count;
   } * depth_modes;
};

/* One entry per block, and per element for an array of blocks; the index in glsl_program.blocks
 * is the GL uniform block index. */
struct glsl_uniform_block {
   char *name;             /* GL name: the block name ("B"), "B[k]" for element k of an array */
   uint32_t binding;       /* GLSL_BINDING_UBO_BASE + index of element 0 */
   uint32_t array_element; /* k; 0 when not an array */
   uint32_t data_size;     /* GL_UNIFORM_BLOCK_DATA_SIZE (std140) */
   uint32_t stages;        /* GLSL_STAGE_BIT of the stages that use it */
   /* those whose SPIR-V reads it, which a draw must give a buffer: a shared or std140 block is
    * active, and in stages, where declared and not used (GL 4.6 7.6.2.1) */
   uint32_t bound_stages;
   unsigned first_member; /* range of glsl_program.block_members (shared by all elements) */
   unsigned num_members;
   uint32_t gl_binding; /* its initial binding point: layout(binding = N) + k, else 0 */
};

/* One entry per shader storage block, and per element of an array of them; the index in
 * glsl_program.storage_blocks is the GL resource index (GL_SHADER_STORAGE_BLOCK). */
struct glsl_storage_block {
   char *name;             /* "B", "B[k]" */
   uint32_t binding;       /* GLSL_BINDING_SSBO_BASE + index of element 0 */
   uint32_t array_element; /* k; 0 when not an array */
   uint32_t data_size;     /* GL_BUFFER_DATA_SIZE: the laid-out bytes, a trailing unsized array
                            * counted with one element, rounded to 16 */
   uint32_t gl_binding;    /* its initial binding point: layout(binding = N) + k, else 0 */
   uint32_t stages;        /* GLSL_STAGE_BIT of the stages that use it */
   unsigned first_member;  /* range of glsl_program.buffer_vars (shared by all elements) */
   unsigned num_members;
};

/* One entry per sampler, and per element of a sampler array ("s[0]", "s[1]", ...); the index in
 * glsl_program.samplers is the program-wide sampler index. */
struct glsl_sampler {
   char *name;
   uint32_t type;          /* GL_SAMPLER_2D, GL_INT_SAMPLER_3D, GL_SAMPLER_2D_SHADOW, ... */
   uint32_t binding;       /* GLSL_BINDING_SAMPLER_BASE + index of element 0 */
   uint32_t array_element; /* k; 0 when not an array */
   uint32_t array_size;    /* elements of the whole array; 1 when not an array */
   uint32_t stages;        /* GLSL_STAGE_BIT of the stages that use it */
   uint32_t gl_unit;       /* its initial texture unit: layout(binding = N) + k, else 0 */
};

/* An atomic_uint uniform (an array of them is one entry: GL names it "c[0]"; element k sits at
 * offset + 4k; an array of arrays is one entry per innermost array, "c[i][j]", as GL lists
 * them). */
struct glsl_atomic_counter {
   char *name;          /* "c", "arr" */
   uint32_t buffer;     /* its index in glsl_program.atomic_buffers */
   uint32_t offset;     /* bytes from the start of the buffer binding's range */
   uint32_t array_size; /* 1 when not an array */
   uint32_t stages;     /* GLSL_STAGE_BIT of the stages that declare it in a used buffer */
};

/* The counters of one GL binding point, as the program uses them. */
struct glsl_atomic_buffer {
   uint32_t gl_binding;    /* layout(binding) of its counters */
   uint32_t binding;       /* descriptor: GLSL_BINDING_SSBO_BASE + num_storage_blocks + index */
   uint32_t data_size;     /* GL_ATOMIC_COUNTER_BUFFER_DATA_SIZE: the end of its last counter */
   uint32_t stages;        /* GLSL_STAGE_BIT of the stages that use it */
   uint32_t first_counter; /* its counters: glsl_program.atomic_counters[first, first + num) */
   uint32_t num_counters;
};

/* One entry per image uniform, and per element of an array of them; the index in
 * glsl_program.images is the program-wide image index. */
struct glsl_image {
   char *name;
   uint32_t type;          /* GL_IMAGE_2D, GL_UNSIGNED_INT_IMAGE_2D_ARRAY, ... */
   uint32_t format;        /* its layout format qualifier as a GL internal format (GL_RGBA8,
                            * GL_R32UI ...); 0 when it has none (writeonly) */
   uint32_t binding;       /* GLSL_BINDING_IMAGE_BASE + index of element 0 */
   uint32_t array_element; /* k; 0 when not an array */
   uint32_t array_size;    /* elements of the whole array; 1 when not an array */
   uint32_t gl_unit;       /* its initial image unit: layout(binding = N) + k, else 0 */
   uint32_t stages;        /* GLSL_STAGE_BIT of the stages that use it */
};

/* A vertex input or a fragment output. */
struct glsl_io {
   char *name;
   uint32_t type;       /* GL type enum */
   uint32_t array_size; /* 1 when not an array */
   int32_t location;    /* first location */
   uint32_t num_locations;
   uint32_t index;     /* fragment outputs: layout(index=) for dual-source blending; else 0 */
   uint32_t component; /* layout(component=) (GL_LOCATION_COMPONENT); 0 without */
   bool active;        /* read (inputs) / written (outputs) by the shader */
};

struct glsl_spirv {
   uint32_t *words; /* NULL when the stage is absent */
   size_t num_words;
};

/* The geometry stage's layout qualifiers (GL_GEOMETRY_* program queries, draw-time checks). */
struct glsl_geometry {
   uint32_t input_type;   /* GL_POINTS, GL_LINES, GL_LINES_ADJACENCY, GL_TRIANGLES,
                            * GL_TRIANGLES_ADJACENCY */
   uint32_t output_type;  /* GL_POINTS, GL_LINE_STRIP, GL_TRIANGLE_STRIP */
   uint32_t vertices_out; /* layout(max_vertices = N) */
   uint32_t invocations;  /* layout(invocations = N); 1 when absent */
};

/* The tessellation stages' layout qualifiers (GL_TESS_* program queries, draw-time checks),
 * from whichever stage declared them. */
struct glsl_tess {
   uint32_t output_vertices; /* TCS layout(vertices = N); 0 without a TCS */
   uint32_t mode;            /* GL_TRIANGLES, GL_QUADS, GL_ISOLINES */
   uint32_t spacing;         /* GL_EQUAL, GL_FRACTIONAL_EVEN, GL_FRACTIONAL_ODD */
   uint32_t vertex_order;    /* GL_CCW, GL_CW */
   bool point_mode;
};
/* GL 4.6 11.2.2: the primitives the tessellator hands on (to a geometry stage, to capture). */
static inline uint32_t
glsl_tess_output_prim(const struct glsl_tess *t)
{
   return t->point_mode                          ? 0x0000u /* GL_POINTS */
          : t->mode == 0x8E7Au /* GL_ISOLINES */ ? 0x0001u /* GL_LINES */
                                                 : 0x0004u /* GL_TRIANGLES */;
}

/* One captured varying (glGetTransformFeedbackVarying). Its SPIR-V output carries XfbBuffer =
 * buffer, Offset = offset, XfbStride = glsl_program.xfb_stride[buffer], and the stage declares
 * execution mode Xfb. gl_Position is captured from a hidden copy taken before the clip-depth
 * remap, so the buffer gets GL's z. */
struct glsl_xfb_varying {
   char *name;      /* as the app named it */
   uint32_t type;   /* GL type enum */
   uint32_t size;   /* array elements; 1 when not an array */
   uint32_t buffer; /* transform feedback buffer binding index */
   uint32_t offset; /* bytes into each vertex's record in that buffer */
   uint32_t components;
   uint32_t stream; /* the vertex stream its output belongs to (0 for the special names) */
};

/* ARB_shader_subroutine (GLSL 4.00 `subroutine`), lowered in the source (glsl_subroutine.c):
 * each subroutine uniform becomes a hidden `uniform uint _mgl_sub<stage>_<name>` (an array for
 * an array) of the default block, holding the index of the function its calls dispatch to. */
#define GLSL_MAX_SUBROUTINES 256           /* GL_MAX_SUBROUTINES, per stage */
#define GLSL_MAX_SUBROUTINE_LOCATIONS 1024 /* GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS, per stage */
#define GLSL_MAX_SUBROUTINE_TYPES 64       /* subroutine types a stage may declare (mgl) */
#define GLSL_SUBROUTINE_MAX_DIMS 4         /* array levels of a subroutine uniform (mgl) */
struct glsl_subroutine_fn {
   char *name;
   uint32_t index; /* GL subroutine index (explicit layout(index), else in order) */
   uint64_t types; /* bit t: compatible with subroutine type t of the stage */
};
struct glsl_subroutine_uniform {
   char *name;    /* as the app wrote it, no "[0]" */
   uint32_t type; /* its subroutine type (index into the stage's types) */
   uint32_t size; /* array elements; 1 when not an array */
   bool is_array;
   /* its array levels, outermost first (ARB_arrays_of_arrays: u[2][3] has size 6, element
    * [i][j] at location + 3 i + j); ndims 0 when not an array */
   uint32_t ndims, dims[GLSL_SUBROUTINE_MAX_DIMS];
   int32_t location; /* first of size consecutive locations; -1 until assigned */
   uint32_t offset;  /* byte offset of its hidden uniform (element k at + 16 k) */
   bool active;      /* some call reads it (the hidden uniform is used) */
   uint32_t def;     /* its default value: the index of its first compatible function */
};
struct glsl_subroutine_stage {
   unsigned num_types;
   char **types;
   unsigned num_fns;
   struct glsl_subroutine_fn *fns;
   unsigned num_uniforms; /* after the link: the active ones only */
   struct glsl_subroutine_uniform *uniforms;
   uint32_t num_locations; /* GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS */
};

struct glsl_program {
   uint32_t stages; /* GLSL_STAGE_BIT of present stages */
   struct glsl_spirv spirv[GLSL_STAGE_COUNT];
   bool uses_base_instance; /* see gl_InstanceID above */
   /* linked from ARB_gl_spirv modules: the names of its resources are the linker's
    * (glsl_spirv_gl.c), which GL neither answers with nor looks up (GL 4.6 7.3.1.1) */
   bool from_spirv;
   /* a compatibility fragment stage whose appended main() applies GL_ALPHA_TEST to colour 0
    * (gl_FragColor or gl_FragData[0] written in main()'s unit) */
   bool alpha_tested;
   /* GL_KHR_blend_equation_advanced: the equations its fragment shaders' layout(blend_support_*)
    * out qualifiers allow (GLSL_BLEND_SUPPORT_*) */
   uint32_t blend_support;
   struct glsl_geometry geometry; /* valid when stages has GLSL_STAGE_GEOMETRY */
   struct glsl_tess tess;         /* with GLSL_STAGE_TESS_EVAL; output_vertices with _TESS_CTRL */
   uint32_t local_size[3];        /* layout(local_size_x/y/z) when stages has GLSL_STAGE_COMPUTE */

   struct glsl_default_block default_block;

   unsigned num_blocks;
   struct glsl_uniform_block *blocks;
   unsigned num_block_members;
   struct glsl_uniform *block_members;

   unsigned num_samplers;
   struct glsl_sampler *samplers;

   /* layout(location = N) on default-block uniforms (GLSL 4.30, ARB_explicit_uniform_location),
    * one entry per name across the stages: the uniform as declared (its leaves "u", "u[0]",
    * "u.m", "u[1].m" ... and samplers / images of that name take consecutive locations from
    * `location`, in the order the program lists them) and how many locations it holds (an
    * inactive one keeps those its declaration names: N of `T u[N]`, else 1) */
   unsigned num_uniform_locations;
   struct glsl_uniform_location {
      char *name;
      uint32_t location, count;
   } * uniform_locations;

   unsigned num_storage_blocks;
   struct glsl_storage_block *storage_blocks;
   unsigned num_buffer_vars; /* the storage blocks' members (GL_BUFFER_VARIABLE), "B.a" / "a" */
   struct glsl_uniform *buffer_vars;

   unsigned num_images;
   struct glsl_image *images;

   unsigned num_atomic_buffers;
   struct glsl_atomic_buffer *atomic_buffers;
   unsigned num_atomic_counters;
   struct glsl_atomic_counter *atomic_counters;

   unsigned num_inputs; /* vertex inputs, active ones first */
   struct glsl_io *inputs;
   unsigned num_outputs; /* fragment outputs */
   struct glsl_io *outputs;

   unsigned num_xfb;             /* captured varyings, in the app's order */
   struct glsl_xfb_varying *xfb; /* gl_NextBuffer / gl_SkipComponents#: type 0 (GL_NONE) */
   bool xfb_separate;
   uint32_t xfb_stride[GLSL_MAX_XFB_BUFFERS]; /* bytes per vertex; 0: buffer not written */
   uint32_t xfb_buffers; /* binding points 0 .. xfb_buffers - 1 in use (0: no capture) */
   /* the vertex stream each buffer captures (GL 4.0 11.1.2.1: one a buffer; 0 when none) */
   uint32_t xfb_buffer_stream[GLSL_MAX_XFB_BUFFERS];

   struct glsl_subroutine_stage subroutines[GLSL_STAGE_COUNT];
};

/* glLinkProgram: compiles every present stage, links, generates SPIR-V (Vulkan 1.1, SPIR-V 1.3)
 * and applies the contract above. NULL on failure; *info_log (malloc'd, may be "") says why like a
 * GL driver would. info_log may be NULL. */
struct glsl_program *glsl_link(const struct glsl_link_input *input, char **info_log);

/* ARB_gl_spirv (glsl_spirv_gl.c). glShaderBinary: whether words are a SPIR-V 1.0 module of the
 * OpenGL environment (validated by SPIRV-Tools; a later version stamped on a module is
 * restamped 1.0 in place and must validate so) that declares no SPIR-V extension outside
 * accepted_extensions (GLSL_SPV_* bits below); else *why says what is wrong. */
bool glsl_spirv_valid(uint32_t *words, size_t num_words, unsigned accepted_extensions,
                      const char **why);
/* ARB_spirv_extensions: the SPIR-V extensions (OpExtension) a module may declare; a module that
 * declares one outside glsl_spirv_valid's accepted_extensions (these bits) is refused. */
enum {
   GLSL_SPV_KHR_SHADER_DRAW_PARAMETERS = 1u << 0,
   GLSL_SPV_KHR_STORAGE_BUFFER_STORAGE_CLASS = 1u << 1,
   GLSL_SPV_EXT_COUNT = 2,
};
/* The name of bit i ("SPV_KHR_..."); NULL past GLSL_SPV_EXT_COUNT. */
const char *glsl_spirv_extension_name(unsigned i);
/* glSpecializeShader: the module with `entry` of the stage as its one entry point (named "main")
 * and the specialization constants of SpecId ids[i] set to values[i] (malloc'd, *out_n words);
 * NULL with *why when the module has no such entry point or a constant index is unknown. */
uint32_t *glsl_spirv_specialize(enum glsl_stage stage, const uint32_t *words, size_t n,
                                const char *entry, unsigned num_consts, const uint32_t *ids,
                                const uint32_t *values, size_t *out_n, const char **why);

/* Accepts NULL. */
void glsl_program_destroy(struct glsl_program *prog);

/* A linked program as bytes (glsl_binary.c): *out malloc'd, *size bytes; false when out of
 * memory. The same program gives the same bytes. */
bool glsl_program_serialize(const struct glsl_program *prog, uint8_t **out, size_t *size);
/* The program those bytes hold, or NULL with *why set (malformed, truncated, trailing bytes, or
 * a table the front end would index outside of): any bytes are safe to give. */
struct glsl_program *glsl_program_deserialize(const void *data, size_t size, const char **why);

/* The tessellation control shader GL implies for a linked program with an evaluation stage and
 * no control stage (glsl_passthrough.c): `vertices` output vertices (the draw's
 * GL_PATCH_VERTICES), each per-vertex input of the evaluation stage and gl_Position copied from
 * the vertex stage, the levels GL_PATCH_DEFAULT_OUTER_LEVEL / _INNER_LEVEL. SPIR-V words
 * (malloc'd), NULL with *why set when the program has an input this shader does not copy. */
uint32_t *glsl_passthrough_tcs(const struct glsl_program *prog, uint32_t vertices,
                               const float outer[4], const float inner[2], size_t *num_words,
                               const char **why);

/* The geometry stage that draws a program's polygons in GL_LINE or GL_POINT mode (the outline
 * stage, glsl_passthrough.c), for a program with no geometry or tessellation stage of its own:
 * it takes the polygon rewrite's triangles with adjacency (fe_compat_prim.c), finds each one's
 * facing from its clip coordinates, drops a culled face and emits the edges the adjacency marks
 * (or their first vertices), every output of the vertex stage copied at its location with its
 * interpolation qualifiers (a flat one from the polygon's flat-shading vertex), and gl_Position,
 * gl_PointSize, gl_ClipDistance[], gl_CullDistance[] where the vertex stage writes them. */
struct glsl_outline {
   bool points;         /* GL_POINT: vertices; else GL_LINE: edges */
   unsigned cull;       /* bit 0: front faces dropped, bit 1: back faces */
   bool front_cw;       /* clockwise polygons face front */
   bool provoking_last; /* the rasterizer's provoking vertex is a triangle's last */
   /* GLSL that defines find_offset() and vec4 offset_z(vec4) (polygon offset of the lines or
    * points), or NULL */
   const char *offset;
   /* the location of a flat int output holding the polygon's facing (1 front, 0 back) for the
    * fragment stage of glsl_outline_fs, or -1 */
   int facing;
};
/* SPIR-V words (malloc'd), or NULL with *why set (an output this stage does not copy: a struct,
 * nested arrays; gl_Layer or gl_ViewportIndex written). */
uint32_t *glsl_outline_gs(const struct glsl_program *prog, const struct glsl_outline *o,
                          size_t *num_words, const char **why);
/* Where prog's fragment stage reads gl_FrontFacing, the location the outline stage hands it the
 * polygon's facing at: the first below 16 the stage reads nothing at. -1 with *why NULL when
 * it does not read gl_FrontFacing; -1 with *why when no location is free. */
int glsl_outline_facing(const struct glsl_program *prog, const char **why);
/* prog's fragment stage with gl_FrontFacing read from location `facing` (spv_facing.c): SPIR-V
 * words (malloc'd), or NULL with *why. */
uint32_t *glsl_outline_fs(const struct glsl_program *prog, int facing, size_t *num_words,
                          const char **why);

/* Lookup helpers (linear; NULL when absent). */
const struct glsl_uniform *glsl_program_find_uniform(const struct glsl_program *prog,
                                                     const char *name);
const struct glsl_uniform_block *glsl_program_find_block(const struct glsl_program *prog,
                                                         const char *name);
const struct glsl_sampler *glsl_program_find_sampler(const struct glsl_program *prog,
                                                     const char *name);
const struct glsl_io *glsl_program_find_input(const struct glsl_program *prog, const char *name);
const struct glsl_io *glsl_program_find_output(const struct glsl_program *prog, const char *name);

#endif
