/* fe_gl.h — the GL front end's state: share groups, contexts, surfaces and every GL object the
 * first slice knows (buffers, textures, renderbuffers, framebuffers, vertex arrays, shaders,
 * programs), plus the helpers every entry point uses (current context, errors, names).
 *
 * Ownership: GL objects that a share group shares (buffers, textures, renderbuffers, shaders,
 * programs) are reference counted: the name table holds one reference while the name lives and
 * every binding or attachment holds one more; the last reference sends resource_destroy.
 * Container objects (vertex arrays, framebuffers) belong to one context.
 *
 * Nothing here crosses to the server directly: the tracker (fe_tracker.c) turns this state into
 * MGPipe calls at the verbs (docs/PIPE.md#order). */
#ifndef MGL_FE_GL_H
#define MGL_FE_GL_H

#include <GL/glcorearb.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fe_cso.h"
#include "fe_egl.h"
#include "fe_es_ext.h"
#include "glsl.h"
#include "handle_alloc.h"
#include "pipe_tables.h"
#include "client_session.h"

#define FE_MAX_VERTEX_ATTRIBS 16
/* texture units a context holds: GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS at most (GL 4.0's 5 stages
 * of 16; the backend may take fewer samplers: fe_max_texture_units) */
#define FE_MAX_TEXTURE_UNITS 80
#define FE_TRACKER_TEX_CACHE 64 /* textures whose resolution a context remembers (a power of 2) */
#define FE_MAX_STAGE_TEXTURE_UNITS 16
#define FE_MAX_DRAW_BUFFERS 8
#define FE_MAX_DUAL_SOURCE_DRAW_BUFFERS 1 /* GLSL_MAX_DUAL_SOURCE_DRAW_BUFFERS */
#define FE_MAX_COLOR_ATTACHMENTS 8
#define FE_BIND_CACHE 8        /* buffer names a context's binds find without the lock */
#define FE_TEX_BIND_CACHE 32   /* texture names the same (a unit each, a material or two) */
#define FE_MAX_UBO_BINDINGS 36 /* GL_MAX_UNIFORM_BUFFER_BINDINGS (GL 3.3's minimum) */
#define FE_MAX_XFB_BUFFERS 4
/* GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS at most (the device may allow fewer: caps) */
#define FE_MAX_SSBO_BINDINGS 16
/* GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS where atomic counters are offered (fe_atomic_bindings) */
#define FE_MAX_ATOMIC_BINDINGS GLSL_MAX_ATOMIC_BUFFERS
/* storage and atomic counter buffers a repeat dispatch marks written from a list (fe_tracker);
 * FE_DISPATCH_WRITTEN_NONE: no list made yet */
#define FE_DISPATCH_WRITTEN 4
#define FE_DISPATCH_WRITTEN_NONE UINT32_MAX
/* GL_MAX_IMAGE_UNITS at most (the device may allow fewer: caps) */
#define FE_MAX_IMAGE_UNITS 16
#define FE_MAX_SAMPLERS GLSL_MAX_SAMPLERS
#define FE_MAX_BLOCKS GLSL_MAX_UNIFORM_BLOCKS
#define FE_MAX_LEVELS 15 /* 16384 texels */
#define FE_MAX_FACES 6
#define FE_MAX_VIEWPORT 16384
#define FE_MAX_VIEWPORTS MGP_MAX_VIEWPORTS /* GL_MAX_VIEWPORTS (GL 4.1, ARB_viewport_array) */
#define FE_UPLOAD_CHUNK (4u << 20)         /* largest blob one resource_subdata carries */

/* ---- objects ------------------------------------------------------------------------------ */

enum fe_object_kind {
   FE_OBJ_BUFFER,
   FE_OBJ_TEXTURE,
   FE_OBJ_RENDERBUFFER,
   FE_OBJ_SHADER,
   FE_OBJ_PROGRAM,
   FE_OBJ_SAMPLER,
};

/* The first member of every share-group object. */
struct fe_object {
   atomic_uint refs;
   GLuint name;
   uint8_t kind; /* enum fe_object_kind */
   bool ever_bound;
   struct fe_share_group *share;
   char *label; /* glObjectLabel (fe_debug.c); freed with the object */
};

struct fe_buffer {
   struct fe_object base;
   struct mgp_handle res;
   bool created; /* resource_create was sent */
   GLsizeiptr size;
   GLenum usage;
   /* glBufferStorage made the store (GL_BUFFER_IMMUTABLE_STORAGE); storage_flags is
    * GL_BUFFER_STORAGE_FLAGS: the flags given, or READ | WRITE | DYNAMIC_STORAGE for a store
    * glBufferData made (GL 4.6 table 6.3). */
   bool immutable;
   GLbitfield storage_flags;
   /* A mapping is a client-side shadow of [map_offset, map_offset + map_length). */
   bool mapped;
   GLbitfield map_access;
   GLintptr map_offset;
   GLsizeiptr map_length;
   uint8_t *map_shadow;
   /* A persistent mapping (GL_MAP_PERSISTENT_BIT) also keeps map_sent, the shadow's bytes as
    * the server last got them: shipping sends the blocks where the two differ (fe_buffer.c,
    * "persistent maps"). map_gpu_wrote: the GPU may have written the store since the shadow
    * was last filled from it (fetched again when the app waits for a fence or finishes). */
   uint8_t *map_sent;
   bool map_gpu_wrote;
   /* A persistent map straight onto the server's memory (MGP_CAP_CLIENT_MAP), or onto the
    * buffer's heap store the server imported (MGP_CAP_HEAP_MAP): map_shadow is the store
    * itself, map_sent NULL; the app's writes reach the GPU with no shipment and the
    * GPU's reach the app once it waited (the backend makes every batch's writes visible to the
    * host). The client's copy is not valid meanwhile: the app writes the store unseen. */
   bool map_direct;
   /* The client's copy of the whole store (buffers up to FE_BUFFER_COPY_MAX bytes): reads are
    * served from it with no round trip while copy_valid, i.e. while the client knows every byte
    * the server holds. A GPU write (transform feedback, pack to buffer, a copy from a buffer
    * without a valid copy) clears copy_valid when it is issued and the server's
    * "GPU wrote a buffer range" event when it retired; the next read fetches. */
   uint8_t *copy;
   bool copy_valid;
   uint32_t capturing; /* active transform feedback ranges on it: never valid meanwhile */
   /* Ring arms: the store the session placed in the shared heap (size 0: none); writes go
    * straight into it while the server says the buffer is idle (mgt_client_heap_write). */
   struct mgp_span store;
};
#define FE_BUFFER_COPY_MAX (1u << 20)
/* Rewritten index streams a context keeps (fe_prim_rewrite.c, the cache). */
#define FE_REWRITE_CACHE_ENTRIES 16

enum fe_tex_target {
   FE_TEX_1D,
   FE_TEX_2D,
   FE_TEX_3D,
   FE_TEX_1D_ARRAY,
   FE_TEX_2D_ARRAY,
   FE_TEX_RECT,
   FE_TEX_CUBE,
   FE_TEX_BUFFER,
   FE_TEX_2D_MS,
   FE_TEX_2D_MS_ARRAY,
   FE_TEX_CUBE_ARRAY, /* ARB_texture_cube_map_array: layer-faces, depth a multiple of 6 */
   FE_TEX_TARGET_COUNT
};

struct fe_tex_image {
   bool defined;
   uint32_t width, height, depth;
   GLenum internal_format;
   uint16_t format; /* enum mgp_format */
   /* texels were written other than as the blocks kept in fe_texture.blocks (plain pixels, a
    * copy, generated mipmaps): the kept blocks no longer describe the image */
   bool plain_texels;
   /* a compatibility context's bordered image (fe_tex_border_strip) whose border texels were
    * all one colour, border_rgba (GL's RGBA): sampled as the sampler's border colour */
   bool border_uniform;
   float border_rgba[4];
};

/* Texels written by glTex(Sub)Image and not sent yet: one region list per (face, level), sent
 * as one resource_subdata at the next validate or flush (docs/PIPE.md#order). */
struct fe_tex_region {
   int32_t x, y, z; /* z: the slice (3D) or layer (array) */
   uint32_t width, height;
   size_t offset; /* into data, tight rows */
};

struct fe_tex_pending {
   struct fe_tex_region *regions;
   unsigned count, capacity;
   uint8_t *data;
   size_t size;
   uint32_t data_capacity;
};

/* The compressed bytes of images as the app uploaded them: slices of whole 4x4 blocks, rows of
 * ceil(width / 4) blocks; `internal_format` and the size say which image they belong to. */
struct fe_tex_blocks {
   uint8_t *data[FE_MAX_FACES][FE_MAX_LEVELS];
   size_t size[FE_MAX_FACES][FE_MAX_LEVELS];
   GLenum internal_format[FE_MAX_FACES][FE_MAX_LEVELS];
};

/* Sampling parameters as GL holds them (glTexParameter*). */
struct fe_tex_params {
   GLenum min_filter, mag_filter;
   GLenum wrap_s, wrap_t, wrap_r;
   GLenum compare_mode, compare_func;
   float min_lod, max_lod, lod_bias;
   float max_anisotropy; /* EXT_texture_filter_anisotropic (1: off) */
   uint32_t border[4];
   uint8_t border_form; /* 0 float, 1 int, 2 uint */
   GLint base_level, max_level;
   GLenum swizzle[4];
   /* GL_DEPTH_TEXTURE_MODE (compatibility contexts): how a depth texture reads, as LUMINANCE
    * (d, d, d, 1), INTENSITY (d, d, d, d), ALPHA (0, 0, 0, d) or RED (d, 0, 0, 1) */
   GLenum depth_mode;
   /* GL_DEPTH_STENCIL_TEXTURE_MODE (ARB_stencil_texturing): a depth/stencil texture samples
    * its stencil (GL_STENCIL_INDEX) rather than its depth; textures only, not samplers */
   bool stencil_index;
   /* GL_GENERATE_MIPMAP (compatibility contexts, GL 1.4): a change to the base level's texels
    * regenerates the levels above it */
   bool generate_mipmap;
   /* GL_TEXTURE_PRIORITY (compatibility contexts, GL 1.1; glPrioritizeTextures): kept and
    * queried, in [0, 1]; every texture is resident (GL_TEXTURE_RESIDENT), so it orders nothing */
   float priority;
   /* GL_TEXTURE_SRGB_DECODE_EXT (EXT_texture_sRGB_decode) is GL_SKIP_DECODE_EXT: an sRGB
    * texture samples and fetches its stored values undecoded (fe_srgb_decode_offered) */
   bool skip_decode;
   /* GL_TEXTURE_CUBE_MAP_SEAMLESS (ARB/AMD_seamless_cubemap_per_texture): a cube map filters
    * across its faces as the context's enable does, either one making it seamless
    * (fe_seamless_per_texture_offered) */
   bool seamless_cube;
};

struct fe_texture {
   struct fe_object base;
   enum fe_tex_target target; /* valid once ever_bound */
   struct mgp_handle res;
   bool created;
   /* The resource's shape as last sent. */
   uint16_t res_format;
   bool res_no_alpha; /* the storage reads alpha 1 (an RGB internal format kept as RGBA) */
   uint32_t res_width, res_height, res_depth, res_levels, res_layers;
   uint8_t samples;              /* multisample targets: as glTex*Multisample asked (else 0) */
   bool fixed_locations;         /* ... and its fixedsamplelocations */
   bool immutable;               /* glTexStorage*: the shape is fixed */
   bool is_proxy;                /* a context's GL_PROXY_TEXTURE_*: image state only, no resource */
   struct fe_buffer *buffer_obj; /* GL_TEXTURE_BUFFER: the buffer glTexBuffer attached (ref) */
   /* ... and the range glTexBufferRange gave (buffer_ranged; glTexBuffer: the whole buffer,
    * whatever its size then) */
   bool buffer_ranged;
   GLintptr buffer_offset;
   GLsizeiptr buffer_size;
   uint8_t immutable_levels;
   struct fe_tex_image image[FE_MAX_FACES][FE_MAX_LEVELS];
   /* The blocks glCompressedTex(Sub)Image gave each image, for glGetCompressedTexImage (the
    * server holds decoded texels). NULL until a compressed upload. */
   struct fe_tex_blocks *blocks;
   struct fe_tex_params params;
   uint64_t version;        /* any image or parameter change */
   uint64_t params_version; /* parameters that go by set_texture_params */
   uint64_t params_sent;    /* params_version last sent (by params_sent_ctx) */
   const struct fe_context *params_sent_ctx;
   uint8_t params_sent_legacy; /* the luminance/alpha swizzle composed into what was sent */
   /* Completeness memo (keyed by version and the filters it was computed for). */
   uint64_t memo_version;
   GLenum memo_min_filter, memo_mag_filter;
   bool memo_complete;
   uint16_t memo_min_level, memo_num_levels;
   /* Uploads not sent yet. */
   struct fe_tex_pending pending[FE_MAX_FACES][FE_MAX_LEVELS];
   bool has_pending;
   struct fe_texture *pending_next; /* in the owning context's list */
   struct fe_context *pending_ctx;
   /* GL_ARB_texture_view (fe_tex_view.c). view_root: the texture whose resource holds the
    * texels (a reference; NULL for a texture that is no view), never itself a view. res is the
    * view's own resource (resource_create with view_of), which the server samples with the
    * view's format and parameters; every other use (uploads, attachments, reads, images)
    * names view_root->res at the level and layer fe_tex_storage_at translates. view_min_*:
    * this texture's level 0 and layer 0 in view_root's, composed through views of views;
    * view_num_*: glGetTexParameter's GL_TEXTURE_VIEW_NUM_LEVELS/LAYERS. */
   struct fe_texture *view_root;
   uint32_t view_min_level, view_num_levels, view_min_layer, view_num_layers;
   bool has_views; /* a root some view was made of (its storage may be written through one) */
};

/* A sampler object (GL 3.3 §3.8.2, ES 3.0 §3.8.2): the sampling fields of fe_tex_params
 * (filters, wraps, LOD range and bias, compare, border). Bound to a unit it replaces the
 * sampling state of every texture bound there; base/max level and swizzle stay the
 * texture's (fe_sampler.c). */
struct fe_sampler {
   struct fe_object base;
   struct fe_tex_params params;
};

struct fe_renderbuffer {
   struct fe_object base;
   struct mgp_handle res;
   bool created;
   GLenum internal_format;
   uint16_t format; /* enum mgp_format */
   GLsizei width, height, samples;
};

struct fe_shader {
   struct fe_object base;
   GLenum type;
   char *source; /* glShaderSource's, what glGetShaderSource returns */
   /* GL 4.6 7.1, 7.3: the source as the last glCompileShader saw it (NULL before one, or
    * after glShaderBinary): what glLinkProgram links. A glShaderSource without a compile
    * changes source only. */
   char *compiled_source;
   bool compiled;
   bool es; /* compiled as GLSL ES (a desktop context's "#version 100" or "300 es") */
   /* ARB_gl_spirv: glShaderBinary's module (GL_SPIR_V_BINARY), and after glSpecializeShader
    * the module with its one entry point and constants (then compiled) */
   uint32_t *spirv, *spirv_spec;
   size_t spirv_words, spirv_spec_words;
   char *info_log;
   bool delete_pending;
   unsigned attach_count;
};

struct fe_binding_pair {
   char *name;
   GLint location;
   GLint index; /* glBindFragDataLocationIndexed's blend index; 0 for attributes */
};

/* A location: a leaf of the default uniform block (or a sampler, or an image) and an array
 * element. */
struct fe_uniform_loc {
   uint8_t is_sampler; /* FE_LOC_SAMPLER, FE_LOC_IMAGE, FE_LOC_NONE, FE_LOC_RESERVED; 0 for a
                        * default-block leaf */
   /* A default-block leaf whose element one glUniform* shape stores word for word as one run
    * inside the block: that shape (fe_uniform.c, uniform_shape), at its byte offset `at`; 0
    * for every other location (the general path decides those). */
   uint8_t shape;
   uint16_t element;
   uint32_t index; /* into glsl default_block.uniforms or samplers */
   uint32_t at;
};

/* One entry of glGetActiveUniform's list. */
struct fe_active_uniform {
   char *name; /* GL name as reported ("arr[0]" for arrays) */
   GLenum type;
   GLint size;
   GLint block_index; /* -1 for the default block */
   GLint offset, array_stride, matrix_stride;
   GLint row_major;
   GLint location;      /* -1 for block members and atomic counters */
   uint32_t stages;     /* GLSL_STAGE_BIT of the stages that reference it */
   GLint atomic_buffer; /* an atomic counter's buffer (GL_ATOMIC_COUNTER_BUFFER index); else -1 */
};

#define FE_LOC_SAMPLER 1
#define FE_LOC_IMAGE 2    /* index into glsl images */
#define FE_LOC_NONE 3     /* no uniform's (a gap between explicit locations) */
#define FE_LOC_RESERVED 4 /* an inactive uniform's explicit location: glUniform* ignores it */

/* An image unit (glBindImageTexture); tex holds a reference. */
struct fe_image_unit {
   struct fe_texture *tex;
   GLint level;
   GLboolean layered;
   GLint layer;
   GLenum access, format; /* 0 until the first bind: GL_READ_ONLY and GL_R8 are reported */
};

/* A linked program's executable: what a successful glLinkProgram produced. Contexts keep the
 * executable they use alive across a failed relink (GL keeps the old one current). */
struct fe_exec {
   atomic_uint refs;
   struct fe_share_group *share;
   struct glsl_program *glsl;
   struct mgp_handle cso; /* the shader CSO */
   struct mgp_shader_reflection refl;
   /* An evaluation stage and no control stage: the CSO holds the control shader GL implies
    * for the patch size and levels below, made (re-made) at a draw that wants others
    * (fe_program.c: fe_tess_passthrough_emit); not sent before the first such draw. */
   bool tess_passthrough, passthrough_made;
   bool no_cso; /* no vertex or compute stage: no CSO sent (fe_exec_create) */
   /* The outline stage's variants (fe_program.c): each the program with a generated geometry
    * stage under a CSO of its own; outline_state 0 untried, 1 offered, 2 refused. */
   uint8_t outline_state;
   uint32_t outline_next;
   struct fe_outline_variant *outline;
   uint32_t passthrough_vertices;
   float passthrough_outer[4], passthrough_inner[2];
   /* The default uniform block's CPU shadow (std140). */
   uint8_t *uniforms;
   uint32_t uniform_size;
   uint32_t uniform_version;
   /* Bytes changed since the last set_global_constants, [dirty_lo, dirty_hi): only they are
    * resent to the context that holds the rest. */
   uint32_t dirty_lo, dirty_hi;
   struct fe_uniform_loc *locs;
   uint32_t num_locs;
   struct fe_active_uniform *active;
   uint32_t num_active;
   uint32_t active_max_len;
   uint32_t num_active_attribs;
   uint32_t builtin_inputs; /* bit 0 gl_VertexID, bit 1 gl_InstanceID: read by the vertex shader */
   /* the vertex stage's SPIR-V declares gl_VertexID (BuiltIn VertexIndex or VertexId): client
    * arrays are then copied at their own indices, not rebased (fe_client_arrays.c) */
   bool reads_vertex_id;
   /* a compatibility program linked without a vertex (fragment) shader: fe_program.c's
    * ff_vertex_shader (ff_fragment_shader) stands in */
   bool ff_vertex, ff_fragment;
   bool writes_viewport; /* the geometry stage writes gl_ViewportIndex (set_viewports) */
   /* Sampler j samples the unit in sampler_units[j]; block i reads binding point
    * block_bindings[i]. */
   GLint sampler_units[FE_MAX_SAMPLERS];
   uint8_t sampler_target[FE_MAX_SAMPLERS]; /* enum fe_tex_target */
   GLuint block_bindings[FE_MAX_BLOCKS];
   /* Storage block k reads and writes binding point storage_bindings[k]; image j the image
    * unit image_units[j]. */
   GLuint storage_bindings[GLSL_MAX_STORAGE_BLOCKS];
   GLint image_units[GLSL_MAX_IMAGES];
   uint64_t bindings_version; /* sampler units or block bindings changed */
   /* set_global_constants suppressor: what the last context sent. */
   const struct fe_context *constants_ctx;
   uint32_t constants_sent;
   /* the CSO that received them: the program's own or an outline variant (each holds a block
    * of its own on the server); null before the first send */
   struct mgp_handle constants_to;
   /* A program pipeline's executable made of several programs' stages (fe_pipeline.c): the
    * executables it copies its default block and bindings from (references held), where each
    * one's part starts, and the versions last copied. num_parts is 0 for a linked program. */
   unsigned num_parts;
   struct fe_pipeline_part {
      struct fe_exec *exec;
      uint32_t uniform_base, block_base, sampler_base;
      uint32_t uniform_seen;
      uint64_t bindings_seen;
   } parts[GLSL_STAGE_COUNT];
};

static inline void
fe_exec_mark_dirty(struct fe_exec *e, uint32_t lo, uint32_t hi)
{
   if (e->dirty_lo >= e->dirty_hi) {
      e->dirty_lo = lo;
      e->dirty_hi = hi;
      return;
   }
   if (lo < e->dirty_lo)
      e->dirty_lo = lo;
   if (hi > e->dirty_hi)
      e->dirty_hi = hi;
}

/* mgl's one program binary format (GL_PROGRAM_BINARY_FORMATS; fe_program_binary.c): an enum of
 * mgl's own, "MGL1", no registered format's. */
#define FE_PROGRAM_BINARY_FORMAT_MGL 0x4d474c31u

struct fe_program {
   struct fe_object base;
   struct fe_shader **shaders;
   unsigned num_shaders, shaders_capacity;
   struct fe_binding_pair *attrib_bindings, *frag_bindings;
   unsigned num_attrib_bindings, num_frag_bindings;
   uint32_t cap_attrib_bindings, cap_frag_bindings;
   bool link_status;
   bool validate_status;
   char *info_log;
   struct fe_exec *exec; /* NULL unless the last link succeeded */
   uint64_t link_serial;
   bool delete_pending;
   unsigned use_count; /* contexts where it is current */
   /* glTransformFeedbackVaryings: used by the next link */
   char **xfb_names;
   unsigned num_xfb_names;
   GLenum xfb_mode;         /* GL_INTERLEAVED_ATTRIBS or GL_SEPARATE_ATTRIBS */
   bool binary_retrievable; /* GL_PROGRAM_BINARY_RETRIEVABLE_HINT, a hint only: read by the */
   bool linked_retrievable; /* next successful link or glProgramBinary, which query it */
   bool separable;          /* GL_PROGRAM_SEPARABLE: read by the next link */
   bool linked_separable;   /* ... as the last successful link saw it */
};

/* A program pipeline object (GL 4.6 7.4; per context, not shared): fe_pipeline.c. */
struct fe_pipeline {
   GLuint name;
   struct fe_program *stage[GLSL_STAGE_COUNT]; /* glUseProgramStages (use counted) */
   struct fe_program *active;                  /* glActiveShaderProgram (use counted) */
   bool validate_status;
   char *info_log;
   struct fe_exec *combined; /* the executable last made of several programs' stages */
   struct fe_exec *built_from[GLSL_STAGE_COUNT]; /* ... of these stages' executables */
   char *label;                                  /* glObjectLabel */
};

/* ---- containers (per context) ------------------------------------------------------------- */

struct fe_vertex_attrib {
   bool enabled;
   bool normalized;
   bool integer;
   bool dbl;     /* 64-bit (glVertexAttribL*: GL_VERTEX_ATTRIB_ARRAY_LONG) */
   uint8_t size; /* 1..4, MGP_ATTRIB_SIZE_BGRA for GL_BGRA */
   GLenum type;
   GLsizei stride; /* as given: 0 = tightly packed */
   uint64_t offset;
   GLuint divisor;
   struct fe_buffer *buffer;
   /* OpenGL ES, vertex array object zero, no buffer bound at glVertexAttribPointer: a
    * client-side array at address `offset`; each draw copies what it reads into the vertex
    * array's stream buffer at stream_offset (fe_client_arrays.c). */
   bool client;
   uint64_t stream_offset;
   /* GL 4.3 §10.3 (ARB_vertex_attrib_binding). attribs[j] also holds vertex buffer binding j:
    * buffer, offset, divisor, client and binding_stride above are binding j's state, which
    * glVertexAttribPointer on j sets; size, type, normalized, integer, stride (as given, the
    * GL_VERTEX_ATTRIB_ARRAY_STRIDE query) and the two below are attribute j's. */
   uint8_t binding_alt;      /* 0: the attribute reads its own binding; b + 1: binding b */
   uint32_t relative_offset; /* the attribute's offset within a vertex of its binding */
   uint32_t binding_stride;  /* the binding's stride in bytes (0: every vertex the same) */
};

struct fe_vao {
   GLuint name;
   char *label;
   bool ever_bound;
   struct fe_vertex_attrib attribs[FE_MAX_VERTEX_ATTRIBS];
   struct fe_buffer *elements;
   uint64_t layout_version;      /* vertex elements CSO inputs */
   uint64_t buffers_version;     /* buffer / offset bindings */
   struct mgp_handle stream_res; /* client-side arrays' copies (stream_size bytes; 0: none) */
   uint64_t stream_size;
   uint32_t streamed_mask; /* bit i: attribs[i] is copied per draw (fe_vao_attrib_streamed) */
   /* The bindings the enabled attributes read (fe_vao_build_buffers) at layout_version
    * read_layout_version: every change of an attribute's enable or binding moves layout_version,
    * so a rebind of one buffer (glVertexAttribPointer of the same format) walks no attribute.
    * A fresh array reads none at version 0. */
   uint32_t read_bindings;
   uint64_t read_layout_version;
   /* The vertex-elements CSO of layout_version ve_layout_version, found in cache ve_cache
    * (entry ve_entry) while its eviction count was ve_evictions: a vertex array bound again
    * with the same layout skips the build and the hashed lookup (fe_tracker.c). */
   const struct fe_cso_cache *ve_cache;
   struct mgp_handle ve_handle;
   uint32_t ve_entry;
   uint64_t ve_layout_version, ve_evictions;
   /* The vertex input the server holds for it (define_vertex_input, fe_tracker.c): id vi_id
    * (0: none yet) holds its buffers of buffers_version vi_buffers_version under the share's
    * buffer generation vi_bgen and element buffer vi_index; vi_hash is their set hash. */
   uint32_t vi_id;
   uint64_t vi_buffers_version, vi_bgen, vi_hash;
   struct mgp_handle vi_index;
   /* Bindings folded into another (fe_vao_fold): GL bindings of one buffer, stride and
    * divisor, each at an offset inside the buffer, reach the backend as one pipe binding at
    * the lowest of their offsets, their attributes' relative offsets moved by the difference
    * (an interleaved array of glVertexAttribPointer calls is one binding, not one a location).
    * Bit b of fold_mask: GL binding b is read through pipe binding fold_into[b], fold_delta[b]
    * bytes past its offset. Kept for layout_version, buffers_version and the share's buffer
    * generation fold_*; a change of the fold moves layout_version and buffers_version. */
   uint32_t fold_mask;
   uint8_t fold_into[FE_MAX_VERTEX_ATTRIBS];
   uint32_t fold_delta[FE_MAX_VERTEX_ATTRIBS];
   uint64_t fold_layout_version, fold_buffers_version, fold_bgen;
};

enum fe_attachment_slot {
   FE_ATT_COLOR0,
   FE_ATT_DEPTH = FE_MAX_COLOR_ATTACHMENTS,
   FE_ATT_STENCIL,
   FE_ATT_COUNT
};

struct fe_attachment {
   GLenum type; /* GL_NONE, GL_TEXTURE, GL_RENDERBUFFER */
   struct fe_texture *tex;
   struct fe_renderbuffer *rb;
   GLint level;
   GLint layer;  /* cube face for cube maps, layer of an array, slice of a 3D texture */
   bool layered; /* glFramebufferTexture of a 3D, array or cube texture: every layer */
};

struct fe_framebuffer {
   GLuint name;
   char *label;
   struct mgp_handle handle;
   struct fe_attachment att[FE_ATT_COUNT];
   GLenum draw_buffers[FE_MAX_DRAW_BUFFERS];
   GLenum read_buffer;
   /* ARB_framebuffer_no_attachments (glFramebufferParameteri): the size, layers and samples a
    * framebuffer without attachments renders with; samples_eff is samples rounded up to a
    * count the device renders (GL_SAMPLES) */
   GLint default_width, default_height, default_layers, default_samples, default_samples_eff;
   GLboolean default_fixed_locations;
   uint64_t version;
   /* completeness memo, keyed by (version, share attach_gen) */
   uint64_t status_version, status_attach_gen;
   GLenum status;
   /* with the memo: bit i, colour attachment i is a signed normalized format the device
    * renders but does not blend (fe_format_color_renderable) */
   uint32_t unblendable;
   /* with the memo: the stored components of colour attachment i that stay 0 (bit 0 R .. bit
    * 3 A): R, G and B of an alpha one kept in RGBA, G and B of a luminance-alpha one
    * (fe_format_legacy_wide); draws and clears leave them out of the colour write mask */
   uint8_t att_zero_mask[FE_MAX_COLOR_ATTACHMENTS];
};

/* ---- names -------------------------------------------------------------------------------- */

/* GL name -> object. A generated name without an object holds FE_NAME_RESERVED. */
struct fe_names {
   void **slots;
   uint32_t capacity;
   uint32_t *free_list;
   uint32_t free_count, free_capacity;
   uint32_t next; /* never-used names start here (>= 1) */
};
#define FE_NAME_RESERVED ((void *)1)

void fe_names_init(struct fe_names *n);
void fe_names_finish(struct fe_names *n);
/* A fresh name, reserved; 0 when out of memory. */
GLuint fe_names_gen(struct fe_names *n);
/* The object (NULL for none, FE_NAME_RESERVED for generated-only). */
/* Inline: a bind of a name between draws asks it once a call. */
static inline void *
fe_names_get(const struct fe_names *n, GLuint name)
{
   return name && name < n->capacity ? n->slots[name] : NULL;
}
bool fe_names_is_reserved(const struct fe_names *n, GLuint name);
bool fe_names_set(struct fe_names *n, GLuint name, void *obj);
/* Whether a compatibility context may make an object of `name`, never generated (GL 3.3
 * compatibility, appendix E: buffer, query and texture names need no glGen*). A name past
 * FE_NAMES_COMPAT_MAX is a named decline: the tables are flat arrays, and one such name would
 * cost gigabytes. False in any other context (GL_INVALID_OPERATION for the caller). */
#define FE_NAMES_COMPAT_MAX (1u << 22)
struct fe_context;
bool fe_names_compat_usable(struct fe_context *ctx, GLuint name);
void fe_names_delete(struct fe_names *n, GLuint name);
/* glDelete* of a share-group name: frees the name under the share lock and returns its object,
 * or NULL when the name was unused or only generated (nothing to destroy). */
void *fe_share_take_name(struct fe_share_group *sg, struct fe_names *n, GLuint name);

/* ---- surfaces, share groups, contexts ----------------------------------------------------- */

struct fe_surface {
   struct fe_surface_format format;
   int width, height;
   struct fe_share_group *share; /* where its resources live; NULL until first made current */
   struct mgp_handle color, depth_stencil;
   /* Multisampled surfaces (format.samples > 1): the single-sampled image the colour buffer is
    * resolved into before it is presented or read (fe_surface_resolve); null otherwise. */
   struct mgp_handle resolve;
   /* Multisampled surfaces with depth or stencil: the single-sampled depth/stencil image a read
    * of the default framebuffer's depth or stencil resolves into first (fe_surface_resolve_ds),
    * made at the first such read; null until then. */
   struct mgp_handle ds_resolve;
   fe_finish_hook finish_hook; /* fe_surface_set_finish_hook */
   void *finish_data;
   uint16_t color_format, ds_format;
   unsigned bind_count;
   bool destroy_pending;
   uint64_t serial; /* distinguishes surfaces in framebuffer state keys */
   /* Window surfaces the server presents itself (fe_swap_buffers_window): what it was last
    * told. wsi_window 0: never bound; wsi_refused: it declined, the copy path for good. */
   struct mgp_handle wsi_color;
   uint32_t wsi_window, wsi_interval;
   char wsi_display[104];
   bool wsi_refused;
};

struct fe_share_group {
   atomic_int refs;
   bool dying;           /* the last context is gone: objects are being released */
   pthread_mutex_t lock; /* names, handle allocators, object lists */
   struct mgt_client *session;
   /* monolith: the words whose both being 0 means the session has not failed (fe_ctx_lost);
    * fail_server NULL on the other arms */
   const _Atomic int *fail_server;
   const bool *fail_client;
   /* inproc and spawn: the four words (mgt_fail_words_set); fail_ring.client NULL on the arms
    * that must ask the session (tcp) */
   struct mgt_fail_words fail_ring;
   const struct mgp_screen *screen;
   const struct mgp_caps *caps;
   /* a resource_create/respecify was sent since the last glGetError synced: the server's
    * out-of-memory event for it may still be on its way (fe_sync.c) */
   atomic_bool allocs_unchecked;
   struct mgu_handle_alloc handles[MGP_KIND_COUNT];
   struct fe_names buffers, textures, renderbuffers, programs; /* programs: shaders too */
   struct fe_names samplers;
   struct fe_names arb_programs; /* GL_ARB_vertex/fragment_program objects (fe_arbp.c) */
   struct fe_names ati_shaders;  /* GL_ATI_fragment_shader objects (fe_atifs.c) */
   /* Aggregate generations (docs/PIPE.md#order): bumped at every mutation of the group. */
   atomic_uint_fast64_t texture_gen; /* a texture's images or parameters */
   atomic_uint_fast64_t buffer_gen;  /* a buffer's size (whole-buffer bindings) */
   /* Moves where a buffer name leaves the table (glDeleteBuffers): a context's bind cache
    * (fe_context.bind_cache) holds name -> object pairs taken at one value of it. */
   atomic_uint_fast64_t buffer_names_gen;
   /* The same for texture names (glDeleteTextures): fe_context.tex_bind_cache */
   atomic_uint_fast64_t texture_names_gen;
   /* buffers mapped now without GL_MAP_PERSISTENT_BIT (a draw reading one is an error): 0 lets
    * a draw skip the VAO walk and keep its ready check and its repeat (a persistent map never
    * makes a draw an error, and what a shadowed one ships at a draw persistent_n says) */
   atomic_uint blocking_maps;
   atomic_uint_fast64_t attach_gen;  /* an attachable image's shape */
   atomic_uint_fast64_t sampler_gen; /* a sampler object's parameters */
   atomic_uint_fast64_t any_gen;     /* any of the four above (fe_share_bump) */
   /* Moves (fe_share_unusual) where a draw of any context of the group may have to do more than
    * send: a shader CSO to delete, a persistent map, a mapped buffer. The repeat draw compares
    * it (with the context's unusual_epoch) in place of asking each live. */
   atomic_uint_fast64_t unusual_epoch;
   /* Shader CSOs released with no current context to send delete_shader through. */
   struct mgp_handle *dead_shaders;
   unsigned num_dead_shaders, dead_capacity;
   /* GL sync objects by fence handle slot (fe_sync.c); under lock */
   struct fe_sync **syncs;
   uint32_t syncs_cap;
   char renderer[256];
   struct fe_dlist_names *dlists; /* display lists (fe_dlist.c); under lock; NULL until used */
   /* Buffers mapped with GL_MAP_PERSISTENT_BIT through a shadow (fe_buffer.c; a direct map,
    * map_direct, is not listed: nothing to ship); the array under lock, the count read without
    * it so that a verb with none mapped skips the walk. */
   struct fe_buffer **persistent;
   uint32_t persistent_cap;
   atomic_uint persistent_n;
   /* What persistent maps cost (logged as MGL-PERSISTENT when the group ends): scans of mapped
    * ranges and the bytes compared, shipments and the bytes shipped, fetches after GPU writes
    * and their bytes. */
   atomic_uint_fast64_t persist_scans, persist_scan_bytes, persist_ships, persist_ship_bytes;
   atomic_uint_fast64_t persist_fetches, persist_fetch_bytes;
   atomic_uint_fast64_t persist_direct_maps; /* persistent maps onto the server's memory */
   atomic_uint_fast64_t persist_heap_maps;   /* of them, onto the client's heap store */
};

/* Bumps one of the share group's generations, then any_gen: a draw compares any_gen alone to
 * know that none moved. */
static inline void
fe_share_bump(struct fe_share_group *sg, atomic_uint_fast64_t *gen)
{
   atomic_fetch_add(gen, 1);
   atomic_fetch_add(&sg->any_gen, 1);
}

/* Pixel store state (glPixelStore). */
struct fe_pixel_store {
   GLint alignment, row_length, skip_pixels, skip_rows, image_height, skip_images;
   GLboolean swap_bytes, lsb_first;
   GLboolean invert; /* GL_PACK_INVERT_MESA (pack only): rows from the top down (fe_pack.c) */
   /* ARB_compressed_texture_pixel_storage (GL 4.2): the block the app lays compressed data out
    * in, in texels and bytes; 0 leaves the other modes unused for compressed images */
   GLint block_width, block_height, block_depth, block_size;
};

struct fe_ubo_binding {
   struct fe_buffer *buffer;
   GLintptr offset;
   GLsizeiptr size; /* 0 = whole buffer, resolved at validate */
};

/* The most vertex streams a context has (fe_max_vertex_streams: GL_MAX_VERTEX_STREAMS, 4 where
 * the server has MGP_CAP_VERTEX_STREAMS, else 1): the bound of per-stream state. */
#define FE_MAX_VERTEX_STREAMS ((unsigned)GLSL_MAX_VERTEX_STREAMS)

/* A transform feedback object (ES 3.0 §2.15.1; GL 4.0's ARB_transform_feedback2): the indexed
 * GL_TRANSFORM_FEEDBACK_BUFFER bindings and the state of a capture, glBeginTransformFeedback ..
 * glEndTransformFeedback (fe_xfb.c). The generic binding point stays context state. */
struct fe_tfo {
   GLuint name;
   char *label;
   struct fe_ubo_binding xfb[FE_MAX_XFB_BUFFERS];
   struct {
      bool active, paused;
      GLenum mode;                                /* GL_POINTS, GL_LINES or GL_TRIANGLES */
      struct fe_exec *exec;                       /* the program it captures from (referenced) */
      struct fe_buffer *bufs[FE_MAX_XFB_BUFFERS]; /* the buffers it writes (referenced) */
      uint32_t count;                             /* binding points written */
      uint64_t offset[FE_MAX_XFB_BUFFERS], size[FE_MAX_XFB_BUFFERS]; /* resolved at begin */
      /* ES only (no geometry stage, a draw past the end is an error, indexed draws refused):
       * vertices written so far and the most that fit, so the client knows the write
       * position; a capture the server let go (another object began) resumes there. */
      uint64_t vertices, max_vertices;
      bool server_began; /* begin_stream_output was sent for this capture */
   } tf;
   /* an end was seen (glDrawTransformFeedback draws then), and then each vertex stream's first
    * buffer and its stride (0: the stream captured nothing) */
   bool ended;
   uint32_t draw_stride[FE_MAX_VERTEX_STREAMS];
   uint32_t draw_buffer[FE_MAX_VERTEX_STREAMS];
};

struct fe_cso_cache;

/* The longest changed range of the default block sent as words (set_constant_words or
 * draw_words); a longer one goes as set_global_constants, whose span costs little beside it. */
#define FE_CONSTANT_WORDS_MAX 16u

/* What the tracker sent last (fe_tracker.c). */
struct fe_tracker {
   bool started;
   /* Set by a draw that will go out compact, around the tracker work before it, where the
    * server has draw_words: emit_constants then holds the changed words here (words_count 0:
    * none held) and the draw's send carries them (fe_tracker_take_words), one record where
    * set_constant_words and draw were two. Never held past the draw's entry point. */
   bool fold_words;
   uint32_t words_first, words_count;
   struct mgp_word words[FE_CONSTANT_WORDS_MAX];
   uint64_t rs_version, ds_version, pack_version, patch_version;
   /* the dynamic state the server holds (set_dynamic_state, then set_dynamic_words patches) */
   struct mgp_dynamic_state ds_sent;
   bool ds_sent_valid;
   uint64_t ds_dynamic_bumps;  /* ctx->dynamic_bumps when emit_dynamic_state took ds_dirty */
   uint64_t viewports_version; /* of the viewports past 0 set_viewports sent (0: never) */
   struct mgp_handle rs_bound;
   struct fe_cso_memo rs_memo; /* emit_render_state's last two render states */
   uint32_t rs_fix; /* the components it left out of each draw buffer's mask (fe_tracker.c) */
   uint64_t fb_key[10];
   uint64_t fb_hash;
   struct fe_exec *exec; /* referenced: its handle cannot be reused while named here */
   struct mgp_handle program_bound;
   /* the CSO this draw binds for its program: its own, or an outline variant (fe_program.c) */
   struct mgp_handle program_want;
   uint64_t ubo_key[4];
   /* the uniform-block ranges set_shader_buffers sent last, compared whole (0: none sent) */
   uint32_t ubo_sent_n;
   struct mgp_buffer_range ubo_sent[FE_MAX_BLOCKS];
   uint64_t ssbo_key[4], ssbo_hash;
   uint64_t atomic_key[4], atomic_hash;
   uint64_t image_key[4], image_hash;
   struct mgp_handle dispatch_bound; /* set_dispatch_program's last program */
   /* What the last dispatch's groups read (fe_tracker.c, DISPATCH_INPUTS): a dispatch that finds
    * them all the same skips the groups, whose keys would all match. Cleared by a draw's
    * validate, which sends the same bindings for its own program. */
   uint64_t dispatch_in[10];
   bool dispatch_in_valid;
   /* The buffers the last dispatch's storage blocks and atomic counters name (bound while
    * dispatch_in's versions stay), which a repeat marks written without looking them up;
    * FE_DISPATCH_WRITTEN + 1: a repeat looks them up (images, or more than fit);
    * FE_DISPATCH_WRITTEN_NONE: the next repeat makes the list. */
   uint32_t dispatch_written_n;
   struct fe_buffer *dispatch_written[FE_DISPATCH_WRITTEN];
   uint64_t dispatch_repeats; /* dispatches that skipped the groups so */
   uint64_t sampler_key[5];
   /* the sampler-view and sampler sets last sent, compared whole (set-hash suppressors
    * without the hash); count 0: none sent yet */
   uint32_t views_count, samplers_count;
   struct mgp_handle views_sent[FE_MAX_SAMPLERS], samplers_sent[FE_MAX_SAMPLERS];
   uint64_t sampler_checked[2]; /* exec and bindings_version whose unit/type check passed */
   /* emit_samplers: the units, targets and kinds of the set it resolved last (layout_n 0:
    * none), and the CSO caches' evictions then; a program of the same layout resolves only
    * the units bound since (sampler_layout_same) */
   uint32_t layout_n;
   GLint layout_units[FE_MAX_SAMPLERS];
   uint8_t layout_target[FE_MAX_SAMPLERS], layout_kind[FE_MAX_SAMPLERS];
   uint64_t layout_evictions;
   /* the unit version and the share group's texture and sampler generations the set was
    * resolved at: not sampler_key's, which a program without samplers moves on resolving
    * nothing (units changed while it drew are past layout_since) */
   uint64_t layout_since, layout_gens[2];
   struct mgp_handle layout_cso; /* the program whose layout it is (null: compare it) */
   uint64_t layout_bindings;     /* and its bindings_version then */
   uint64_t sampler_resolves;    /* units resolved (resolve_unit) */
   uint64_t sampler_layout_hits; /* emits of the same layout and units: nothing resolved */
   /* emit_samplers: what each unit resolved to for one (target, kind), keyed on what the unit
    * holds (its stamp, the share group's texture and sampler generations, the CSO caches'
    * evictions), not on the program, so a program switch over the same units re-resolves
    * nothing. */
   struct fe_unit_resolved {
      uint64_t key[5];
      struct mgp_handle view, sampler;
      uint32_t view_entry, sampler_entry; /* fe_cso_touch at a hit */
   } unit_resolved[FE_MAX_TEXTURE_UNITS];
   /* ... and per texture this context sampled lately with its own sampling state, keyed on
    * the texture's resource handle (never reused: its generation grows) and version, so a
    * unit rebound to such a texture resolves without lookups. Direct-mapped by slot. */
   struct fe_unit_resolved tex_resolved[FE_TRACKER_TEX_CACHE];
   const struct fe_vao *vao;
   uint64_t vao_layout_version, vao_buffers_version, vb_gen;
   struct mgp_handle ve_bound;
   uint64_t vb_hash;
   /* The vertex buffers the last set_vertex_buffers sent, while vb_sent_n is nonzero (a vertex
    * input bind forgets them: vb_hash is then its set's): a change within the array compares
    * them, without the hash (fe_tracker.c, emit_vertex_buffers). */
   uint32_t vb_sent_n;
   struct mgp_vertex_buffer vb_sent[FE_MAX_VERTEX_ATTRIBS];
   struct mgp_handle index_res;
   uint64_t index_offset;
   uint32_t index_size;
   /* Vertex input ids of this context: vi_next the last never-used one handed out (ids from 1),
    * vi_free those of deleted vertex arrays (fe_vao_destroy returns them). */
   uint32_t vi_next, vi_free_count;
   uint16_t vi_free[MGP_MAX_VERTEX_INPUTS];
   uint32_t attrib_defaults_dirty; /* bit per location */
   /* Every input of a draw's groups when the last full draw validate ended (fe_tracker.c,
    * draw_inputs): a draw whose inputs all read the same skips the groups. Cleared by
    * anything the tracker sends outside a draw and by fe_tracker_forget_draw. */
   struct fe_draw_inputs {
      uint64_t exec, uniform_version, bindings_version, constants_ctx;
      uint64_t draw_fbo, draw_fbo_version, read_fbo, read_fbo_version, draw_surface, read_surface,
         default_fb_version, framebuffer_srgb;
      uint64_t rs_version, ds_version, ff_version, unit_version, ubo_version, ssbo_version,
         atomic_version, image_version, point_sprite_origin;
      uint64_t vao, vao_layout_version, vao_buffers_version, attrib_defaults_dirty;
      uint64_t any_gen;
   } draw_in;
   bool draw_in_valid;
   /* ctx->draw_serial and draw_other_serial when draw_in was last all current */
   uint64_t draw_in_serial, draw_in_other_serial;
   bool verify; /* MGL_TRACKER_VERIFY=1 (fe_tracker.c, draw_inputs_verify) */
   uint64_t verify_mismatches;
   uint64_t full_validates;  /* draws that went through the groups */
   uint64_t value_validates; /* draws that changed value inputs alone (draw_inputs_values_only) */
   /* of those, draws that changed default-block bytes alone (render, dynamic and fixed-function
    * state as kept: the constants group alone) */
   uint64_t uniform_validates;
   uint64_t vertex_validates; /* draws that changed the vertex array's buffers alone */
   /* draws that changed the vertex array bound, its layout or an attribute value (and perhaps
    * the above) alone */
   uint64_t array_validates;
   /* draws that changed unit, uniform- or storage-block bindings (and perhaps the above) alone */
   uint64_t binding_validates;
};

struct fe_context {
   struct fe_share_group *share;
   struct mgp_context pipe;
   struct mgp_handle handle;
   struct fe_context_desc desc;
   uint32_t entry_mode;          /* fe_entry_mode_bits (fe_compat.h), mirrored in fe_entry_mode */
   struct fe_dlist_state *dlist; /* display lists (fe_dlist.c); NULL until used */
   bool no_error;
   bool debug_output; /* GL_DEBUG_OUTPUT */
   /* glMaxShaderCompilerThreadsKHR's count (KHR_parallel_shader_compile: 0xFFFFFFFF at first) */
   GLuint max_compiler_threads;
   struct fe_debug *debug;        /* KHR_debug state (fe_debug.c) */
   struct fe_es_ext_list *es_ext; /* ES contexts: the extensions offered (fe_es_ext.c) */
   struct fe_compat *compat;      /* compatibility contexts: legacy vertex paths (fe_compat_*.c) */
   /* the desktop extension list this context offers (fe_get.c), made at its first query */
   const char *core_ext[256];
   unsigned core_ext_n;
   /* gl_DrawID of the draw being sent: its index in the glMultiDraw* call sending a draw at a
    * time (a compatibility-profile rewrite, client arrays); 0 otherwise */
   uint32_t multi_draw_id;
   struct fe_ff *ff; /* compatibility contexts: fixed-function state (fe_ff.h); else NULL */
   bool lost;        /* the session failed (cached by fe_ctx_lost) */
   GLenum error;
   bool lost_reported;  /* glGetError said GL_CONTEXT_LOST */
   bool reset_reported; /* glGetGraphicsResetStatus said so */
   bool current;
   pthread_t thread;
   bool destroy_pending;
   bool ever_current; /* bound to a surface at least once (sized the viewport) */
   struct fe_surface *draw_surface, *read_surface;
   uint64_t frame_serial;

   /* container names */
   struct fe_names vaos, fbos, queries;
   /* [0] GL_SAMPLES_PASSED, [1] GL_ANY_SAMPLES_PASSED, [2] GL_ANY_SAMPLES_PASSED_CONSERVATIVE */
   struct fe_query *occ_active[3];
   struct fe_query *time_active;    /* GL_TIME_ELAPSED */
   bool cond_render;                /* between glBeginConditionalRender and its end */
   struct mgp_query_desc cond_desc; /* what that begin sent (fe_fbo_zero_absent_texels) */
   /* [0] GL_PRIMITIVES_GENERATED, [1] GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN (fe_query.c) */
   /* generated, written, stream overflow (by vertex stream); any-stream overflow ([3][0]) */
   struct fe_query *prim_active[4][FE_MAX_VERTEX_STREAMS];
   /* GL_ARB_pipeline_statistics_query: one active per target, by fe_query_stat_index */
   struct fe_query *stat_active[11];

   /* buffer binding points */
   struct fe_buffer *array_buffer, *copy_read_buffer, *copy_write_buffer, *pixel_pack_buffer,
      *pixel_unpack_buffer, *uniform_buffer, *texture_buffer, *xfb_buffer;
   struct fe_ubo_binding ubo[FE_MAX_UBO_BINDINGS];
   uint64_t ubo_version;
   /* GL 4.3 shader storage and compute (fe_compute.c): the generic GL_SHADER_STORAGE_BUFFER
    * and GL_DISPATCH_INDIRECT_BUFFER points and the indexed storage bindings (size 0: whole) */
   struct fe_buffer *storage_buffer, *dispatch_indirect_buffer;
   /* GL 4.0 GL_DRAW_INDIRECT_BUFFER (fe_draw.c's indirect draws), where indirect draws are
    * offered (fe_draw_indirect_offered) */
   struct fe_buffer *draw_indirect_buffer;
   /* GL 4.6 GL_PARAMETER_BUFFER (ARB_indirect_parameters: glMultiDraw*IndirectCount's draw
    * count), where those draws are offered (fe_indirect_count_offered) */
   struct fe_buffer *parameter_buffer;
   /* GL 4.4 GL_QUERY_BUFFER (ARB_query_buffer_object: glGetQueryObject* write there), where
    * fe_query_buffer_offered */
   struct fe_buffer *query_buffer;
   struct fe_ubo_binding ssbo[FE_MAX_SSBO_BINDINGS];
   uint64_t ssbo_version;
   /* GL 4.2 atomic counters: the generic GL_ATOMIC_COUNTER_BUFFER point and the indexed ones
    * (size 0: whole), where fe_atomic_bindings offers them */
   struct fe_buffer *atomic_counter_buffer;
   struct fe_ubo_binding atomic[FE_MAX_ATOMIC_BINDINGS];
   uint64_t atomic_version;
   /* glBindImageTexture's units (fe_image.c); image_version moves at every change */
   struct fe_image_unit image_units[FE_MAX_IMAGE_UNITS];
   uint64_t image_version;
   /* The bound transform feedback object (never NULL: default_tfo is object zero), the ES 3.0
    * names of the others, and the one whose capture the server holds (begun or resumed last and
    * not ended since; NULL: none). fe_xfb.c. */
   struct fe_tfo *tfo, default_tfo;
   struct fe_names tfos;
   struct fe_tfo *tf_server;

   /* ctx->vao is NULL while no vertex array is bound (core: drawing is an error); the element
    * array binding then lives in default_vao, as in drivers that keep a hidden one. On ES,
    * binding zero binds default_vao itself (fe_vao_zero). */
   struct fe_vao *vao;
   struct fe_vao default_vao;
   struct fe_framebuffer *draw_fbo, *read_fbo; /* NULL = the default framebuffer */
   GLenum default_draw_buffer, default_read_buffer;
   uint64_t default_fb_version;
   /* Set for one glReadPixels of depth or stencil from a multisampled default framebuffer: the
    * framebuffer state names the surface's resolved images (fe_fbo_build_state). */
   bool read_ds_resolved;
   struct fe_renderbuffer *renderbuffer;

   struct fe_program *program;
   struct fe_exec *exec; /* the executable in use (may outlive a failed relink) */
   /* glBindProgramPipeline: drawn with when no program is current (glUseProgram wins) */
   struct fe_names pipelines;
   struct fe_pipeline *pipeline;

   unsigned active_unit;
   struct fe_texture *units[FE_MAX_TEXTURE_UNITS][FE_TEX_TARGET_COUNT];
   struct fe_sampler *unit_samplers[FE_MAX_TEXTURE_UNITS]; /* glBindSampler (NULL: none) */
   uint64_t unit_version; /* a texture or sampler binding of a unit */
   /* unit_version when each unit's bindings last changed (fe_unit_changed): the tracker
    * re-resolves only the units whose stamp moved. */
   uint64_t unit_stamp[FE_MAX_TEXTURE_UNITS];
   struct fe_texture *default_tex[FE_TEX_TARGET_COUNT];
   struct fe_texture *proxy_tex[FE_TEX_TARGET_COUNT];    /* fe_texture_proxy, owned here */
   struct fe_texture *black_tex[FE_TEX_TARGET_COUNT][4]; /* per sampler kind */

   /* render state: the pipeline subset and the dynamic subset (docs/PIPE.md#state) */
   struct mgp_render_state rs;
   uint64_t rs_version;
   struct mgp_dynamic_state ds;
   uint64_t ds_version;
   /* the words of ds fe_state.c's setters changed (bit i: word i) since emit_dynamic_state last
    * took them (fe_tracker.c); other writers of ds move ds_version without dynamic_bumps */
   uint64_t ds_dirty;
   /* GL_ARB_viewport_array: viewports, depth ranges, scissor boxes and enables of indices
    * 1 .. FE_MAX_VIEWPORTS - 1 (index 0 is ds's and scissor_test's); viewports_version moves
    * with ds_version when one changes (fe_state.c) */
   struct mgp_viewport viewports[FE_MAX_VIEWPORTS - 1];
   uint64_t viewports_version;
   /* Every viewports[i].viewport is viewports_rest, every .scissor scissors_rest (as glViewport
    * and glScissor leave them; any other writer of them clears the flag): the same box again
    * compares one box, another writes none of the 15 (fe_state.c). While *_unwritten, the
    * array still holds older boxes: every reader and writer of viewports[] calls
    * fe_viewports_settle first, which writes the rest's box into the 15. */
   bool viewports_rest_same, scissors_rest_same;
   bool viewports_rest_unwritten, scissors_rest_unwritten;
   float viewports_rest[4];
   int32_t scissors_rest[4];
   /* The draw serial: moves at every change of a draw input the context holds (its versions
    * above and below, its framebuffer, vertex array and surface bindings, the state read
    * without a version), always through fe_draw_bump, fe_draw_bump_value or fe_draw_touch
    * (fe_tracker.c); the other serial at every such change but render and dynamic state's. */
   uint64_t draw_serial, draw_other_serial;
   /* draw_ready's last yes (fe_draw.c, draw_ready_kept): the draw serial, mode and what else
    * its checks read that the serial does not cover; hits counts the draws it answered */
   struct fe_draw_ready_memo {
      uint64_t serial, any_gen, hits;
      uint64_t last_serial; /* the draw serial at the last draw that asked */
      const void *exec, *program, *surface;
      GLenum mode;
      bool valid;
   } draw_ready_memo;
   /* fe_prim_rewrite.c: rewritten index streams kept in a server buffer of the context's, so
    * a repeated loop (or restart rewrite) of one range sends no indices (issue 22) */
   struct fe_rewrite_cache {
      struct mgp_handle res; /* null until the first draw that keeps one */
      uint32_t used;         /* indices written since the store was made */
      uint32_t next;         /* the entry the next miss replaces */
      struct fe_rewrite_entry {
         uint32_t n;      /* rewritten indices; 0: the entry is empty */
         uint32_t offset; /* of the first, in indices into the buffer */
         uint32_t start;  /* the source range (0 for glDrawArrays) */
         uint32_t count;
         uint32_t restart_index;
         struct mgp_handle eb; /* the element buffer read (null for glDrawArrays) */
         uint16_t mode;        /* as the app drew */
         uint8_t index_size;   /* 0 for glDrawArrays */
         bool restart;         /* the source restarted (the stream holds all-ones markers) */
         uint8_t *src;         /* the source indices rewritten (compared at every hit) */
      } entries[FE_REWRITE_CACHE_ENTRIES];
      struct mgp_draw_range range; /* the range a hit draws */
      uint64_t hits, misses;
   } rewrite_cache;
   /* fe_draw.c, draw_repeat: the no-change draw's one check (issue 22). Armed by a compact
    * glDrawArrays / glDrawElements that draw_ready kept and fe_validate found unchanged; a
    * draw of the same mode and index size with the draw serial, executable, share generations,
    * patch state and the tracker's kept inputs unmoved is sent at once, without draw_ready
    * and fe_validate. Every fe_validate of a draw drops it (the draw that re-arms it runs
    * both), so what it keeps is what they found for this mode. */
   struct fe_draw_repeat {
      uint64_t serial, any_gen, patch_version, hits;
      /* the draw serial less bind_bumps when kept, and at the last draw that could keep it;
       * nonbind has FE_REPEAT_RENDER set by a render-state change since (fe_draw_bump_render)
       * until a repeat draw runs its value group */
      uint64_t nonbind, last_nonbind;
      uint64_t constants, buffers; /* of the hits, those that sent default-block bytes, and
                                    * those after a vertex-buffer or uniform-block rebind, a
                                    * vertex-array switch or a dynamic-state change (the
                                    * tracker's groups) */
      uint64_t arrays;             /* of those, the ones that bound another vertex array */
      uint64_t keeps; /* draws whose serial stood still since the draw before (fe_draw.c) */
      uint64_t epoch; /* fe_unusual_epoch when kept, with nothing unusual */
      const void *program, *exec;
      GLenum mode;
      unsigned index_size; /* 0: glDrawArrays */
      bool valid;
      /* an indexed draw whose restart at its index size's all-ones index the device draws as
       * sent (no rewrite for its mode, fe_prim_rewrite_needed): with restart on and the index
       * live the all-ones one, the repeat sends it flagged (fe_draw.c) */
      bool restart;
   } draw_repeat;
   /* the draw serial's moves that rebound a vertex array's buffer alone (fe_draw_bump_buffers),
    * a uniform-block binding (fe_draw_bump_ubos), bound another vertex array
    * (fe_draw_bump_array), changed the dynamic state alone (fe_draw_bump_dynamic) or the
    * render state (fe_draw_bump_render): draw_serial - bind_bumps stands still over them (the
    * repeat draw's rebind case) */
   uint64_t bind_bumps;
   /* the draw serial's moves that changed the dynamic state alone (fe_draw_bump_dynamic: a
    * glViewport, glScissor, glBlendColor, glStencilFunc's reference between draws), counted in
    * bind_bumps too (the repeat draw's dynamic-state case); emit_dynamic_state compares it with
    * ds_version's moves */
   uint64_t dynamic_bumps;
   /* Moves (fe_ctx_unusual) where this context's draw may have to do more than send: texture
    * uploads pending, a transform feedback capture, client arrays, a multi-draw's draw id, the
    * persistent maps' barrier. Only ever grows: with the share group's, a sum that stood still
    * says neither moved. */
   uint64_t unusual_epoch;
   /* GL state behind derived fields */
   bool cull_enabled;
   GLenum cull_mode;
   GLenum polygon_mode;      /* the front faces' (both faces' in core and ES contexts) */
   GLenum polygon_mode_back; /* compatibility contexts set the faces apart (fe_draw.c) */
   bool scissor_test;
   GLuint restart_index;
   bool restart_fixed; /* ES 3.0 GL_PRIMITIVE_RESTART_FIXED_INDEX: the index type's maximum */
   /* GL_PRIMITIVE_RESTART (desktop): rs.primitive_restart is it or restart_fixed (GL 4.3
    * 10.3.6 / ARB_ES3_compatibility: with both on, the fixed index wins) */
   bool restart_gl;
   GLfloat clear_color[4];
   /* EXT_texture_integer: glClearColorI{i,ui}EXT's colour, the bits glClear writes to integer
    * draw buffers while clear_color_int is set (until glClearColor, which clears it: before
    * they are float's bits, as Mesa's shared clear colour gives) */
   uint32_t clear_color_bits[4];
   bool clear_color_int;
   GLdouble clear_depth;
   GLint clear_stencil;
   GLenum hints[8]; /* fe_state.c's hint_index */
   /* GL 4.0 10.1.15: the glPatchParameter state (fe_patch.c), sent as set_patch_state */
   GLint patch_vertices;
   GLfloat patch_outer[4], patch_inner[2];
   uint64_t patch_version;
   /* GL state with no render-state field (kept for glGet; see fe_state.c) */
   bool misc_dither, misc_polygon_smooth, misc_framebuffer_srgb, misc_sample_mask;
   GLbitfield sample_mask_value;
   /* glClampColor (GL 3.0; vertex and fragment in compatibility contexts only): GL_TRUE,
    * GL_FALSE or GL_FIXED_ONLY each; fe_color_clamp_bits says which apply to a draw */
   GLenum clamp_read_color, clamp_vertex_color, clamp_fragment_color;
   GLfloat point_fade_threshold;
   GLenum point_sprite_origin;
   /* glPrimitiveBoundingBox (ES 3.2): state only; rendering ignores it, as the spec permits */
   GLfloat bounding_box[8];

   struct fe_pixel_store pack, unpack;
   /* the border of the bordered glTexImage1D/2D being defined (fe_texture.c tex_image): the
    * image it defines takes it */
   bool tex_border_uniform;
   float tex_border_rgba[4];
   uint64_t pack_version;
   /* fe_pack_read's room for the server's answer, kept from read to read (fe_pack.c) */
   uint8_t *pack_scratch;
   size_t pack_scratch_size;
   uint64_t pack_scratch_allocs; /* times it was (re)allocated: a steady read loop adds none */

   /* current generic vertex attributes: kind 0 float, 1 int, 2 uint; bit patterns; kind 3
    * (glVertexAttribL*): x and y as doubles, z and w in attrib_value_hi */
   uint32_t attrib_value[FE_MAX_VERTEX_ATTRIBS][4];
   uint32_t attrib_value_hi[FE_MAX_VERTEX_ATTRIBS][4];
   uint8_t attrib_kind[FE_MAX_VERTEX_ATTRIBS];

   struct fe_tracker tracker;
   struct fe_cso_cache *cso_render_state, *cso_vertex_elements, *cso_sampler, *cso_sampler_view;
   struct fe_texture *pending_uploads; /* list through pending_next */
   /* glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT) asks its validate to ship the
    * non-coherent persistent maps too (fe_buffer_persistent_ship) */
   bool ship_all_persistent;
   /* The buffer objects of the names this context bound last, each with the share group's
    * buffer_names_gen at its look-up (fe_buffer.c's buffer_for_bind): a rebind between draws
    * finds its object without the share group's lock. Slot name % FE_BIND_CACHE; name 0 is
    * never kept. Last, so no other member moves (the AVX2 memcmp's cost follows offsets). */
   struct fe_bind_cache_entry {
      GLuint name;
      struct fe_buffer *buf;
      uint64_t gen;
   } bind_cache[FE_BIND_CACHE];
   /* After the rest, which they would move otherwise (see bind_cache). fe_state.c's last
    * render-state change through its setters, one field of rs (size bytes at off;
    * FE_RS_DELTA_BLEND: every draw buffer's blend enable) from `from` to `to`, which moved
    * rs_version to `version`: where that is rs_version and the tracker sent rs_version - 1, the
    * field is all that differs from the state it sent (emit_render_state's way back to the
    * state before, a toggle). Other writers move rs_version without it. */
   struct fe_rs_delta {
      uint64_t version;
      uint32_t off, size, from, to;
   } rs_delta;
   /* The tracker's (fe_tracker_init clears them): the sent render state's entry in the
    * render-state CSO cache (0: unknown), and emit_render_state's way back: the state sent but
    * for the one field of rs_delta's off and size holding `value` (the state sent before it)
    * is the CSO handle, at cache entry entry; valid only where both were sent without
    * attachment masks (rs_fix 0) */
   uint32_t rs_entry;
   struct fe_rs_back {
      uint32_t off, size, value, entry;
      struct mgp_handle handle;
      bool valid;
   } rs_back;
   /* bind_cache's twin for glBindTexture (fe_texture_unit.c): the texture objects of the names
    * this context bound last, each with texture_names_gen at its look-up. After the rest. */
   struct fe_tex_bind_cache_entry {
      GLuint name;
      struct fe_texture *tex;
      uint64_t gen;
   } tex_bind_cache[FE_TEX_BIND_CACHE];
};

/* Whether the context is an OpenGL ES 3.1 one: ES 3.1's entry points, state and GLSL ES 3.10,
 * which every desktop context has where the caps do (fe_version.c, fe_es31_lacks). */
static inline bool
fe_es31(const struct fe_context *ctx)
{
   return ctx->desc.api == FE_API_GLES && ctx->desc.major * 10 + ctx->desc.minor >= 31;
}

/* Whether the device draws GL_LINE_LOOP as it is (MGP_CAP_LINE_LOOP); else every loop goes out
 * rewritten (fe_prim_rewrite.c). */
static inline bool
fe_line_loop_native(const struct fe_context *ctx)
{
   return (ctx->share->caps->cap_bits & MGP_CAP_LINE_LOOP) != 0;
}

/* Whether the context is an OpenGL ES 3.2 one (fe_es32_lacks says when a context may be). */
static inline bool
fe_es32(const struct fe_context *ctx)
{
   return ctx->desc.api == FE_API_GLES && ctx->desc.major * 10 + ctx->desc.minor >= 32;
}

/* The GLSL dialect of the context's shaders. */
static inline enum glsl_api
fe_glsl_api(const struct fe_context *ctx)
{
   return ctx->desc.api == FE_API_GLES        ? GLSL_API_ES
          : ctx->desc.api == FE_API_GL_COMPAT ? GLSL_API_COMPAT
                                              : GLSL_API_CORE;
}

/* ---- current context and errors ----------------------------------------------------------- */

struct fe_context *fe_ctx_current(void);
/* The calling thread's current context (fe_context.c; read inline by every entry point). */
extern _Thread_local struct fe_context *fe_tls_ctx;
/* KHR_robustness / GL 4.5 §2.3.2: a command after a reset records GL_CONTEXT_LOST on a
 * LOSE_CONTEXT_ON_RESET context and has no other effect. */
void fe_ctx_lost_command(struct fe_context *ctx);
/* The calling thread's context when GL calls may act: NULL when none is current or the
 * context is known to be lost (every GL call is then a harmless no-op). Entry points test
 * the cached flag; the verbs, glGetError and the waits ask the session (fe_ctx_lost). Calls
 * between a failure and the next verb only change client state or reach a session that drops
 * them, so they stay harmless. */
static inline struct fe_context *
fe_ctx_live(void)
{
   struct fe_context *ctx = fe_tls_ctx;
   if (ctx && ctx->lost) {
      fe_ctx_lost_command(ctx);
      return NULL;
   }
   return ctx;
}
void fe_error(struct fe_context *ctx, GLenum error);
/* Whether the session failed. The verbs call fe_ctx_lost, which on a LOSE_CONTEXT_ON_RESET
 * context also records GL_CONTEXT_LOST (the command's error), as fe_ctx_live does for every
 * entry point once the loss is known; glGetError and glGetGraphicsResetStatus ask
 * fe_ctx_lost_quiet. */
bool fe_ctx_lost_ask(struct fe_context *ctx);
bool fe_ctx_lost_quiet(struct fe_context *ctx);
static inline __attribute__((always_inline)) bool
fe_ctx_lost(struct fe_context *ctx)
{
   /* Loads instead of asking the session at every verb: monolith's two first, as they were
    * (the ring arms' test costs monolith nothing), then inproc's and spawn's four. */
   const struct fe_share_group *sg = ctx->share;
   if (!ctx->lost) {
      if (sg->fail_server) {
         if (!*sg->fail_client && !atomic_load(sg->fail_server))
            return false;
      } else if (sg->fail_ring.client && !mgt_fail_words_set(&sg->fail_ring)) {
         return false;
      }
   }
   return fe_ctx_lost_ask(ctx);
}

/* fe_sync.c: applies the server's events (fences signalled) to the share group's objects;
 * called where GL asks about them. */
void fe_drain_events(struct fe_context *ctx);
/* Sends resource_create (or respecify) for d and notes that its out-of-memory answer, if any,
 * is to be waited for at the next glGetError. */
void fe_resource_send(struct fe_share_group *sg, const struct mgp_resource_desc *d, bool respecify);
/* glGetError: when an allocation was sent since the last check, waits until the server applied
 * it (a counted round trip) and takes its events, so a GL_OUT_OF_MEMORY it caused is recorded. */
void fe_check_allocations(struct fe_context *ctx);
/* An upload of bytes went to the server: from FE_UPLOAD_CHECKED on, the next glGetError asks
 * whether the server had memory to stage it (fe_check_allocations). */
#define FE_UPLOAD_CHECKED (1u << 20)
void fe_upload_sent(struct fe_share_group *sg, uint64_t bytes);
struct fe_share_group;
void fe_share_free_syncs(struct fe_share_group *sg);
/* fe_query.c: applies a "query result" event; the context's queries at destroy. */
void fe_query_event(struct fe_context *ctx, const struct mgp_event *ev);
void fe_queries_finish(struct fe_context *ctx);
/* glGet GL_TIMESTAMP: the GPU clock in ns, a blocking ask (counted round trip). */
int64_t fe_query_gpu_time(struct fe_context *ctx);
GLuint fe_query_current(const struct fe_context *ctx, GLenum target);
int fe_query_stat_index(GLenum target);
bool fe_pipeline_stats_offered(const struct fe_context *ctx);
/* Around work GL says generates no fragments that mgl does by drawing (the accumulation
 * buffer's operations): pause ends the active occlusion query and carries its count so far
 * (a waited round trip, only while one is active), resume begins it again; pause returns
 * whether there was one to resume. */
bool fe_query_occlusion_pause(struct fe_context *ctx);
void fe_query_occlusion_resume(struct fe_context *ctx);

#define FE_CTX_OR_RETURN(...)                                                                      \
   struct fe_context *ctx = fe_ctx_live();                                                         \
   if (!ctx)                                                                                       \
   return __VA_ARGS__

/* Records err and returns from the entry point when cond holds. */
#define FE_CHECK(cond, err, ...)                                                                   \
   do {                                                                                            \
      if (cond) {                                                                                  \
         fe_error(ctx, err);                                                                       \
         return __VA_ARGS__;                                                                       \
      }                                                                                            \
   } while (0)

/* ---- KHR_debug (fe_debug.c) ---------------------------------------------------------------- */

#define FE_DEBUG_MAX_MESSAGE_LENGTH 1024
#define FE_DEBUG_MAX_LOGGED_MESSAGES 64
#define FE_DEBUG_MAX_GROUP_DEPTH 64
#define FE_DEBUG_MAX_LABEL_LENGTH 256
/* The id of a decline's message: this plus its row in declines.def. A GL error's message has
 * the error's enum as its id. */
#define FE_DEBUG_ID_DECLINE_BASE 0x10000u

bool fe_debug_init(struct fe_context *ctx);
void fe_debug_finish(struct fe_context *ctx);
/* Sends one message through the context's filter to its callback or log. */
void fe_debug_message(struct fe_context *ctx, GLenum source, GLenum type, GLuint id,
                      GLenum severity, const char *text, size_t len);
/* A GL error the front end raised (fe_error). */
void fe_debug_error(struct fe_context *ctx, GLenum error);
/* GL_DEBUG_OUTPUT(_SYNCHRONOUS): on 1/0 sets, -1 only reads; -1 back for another cap. */
int fe_debug_set_enable(struct fe_context *ctx, GLenum cap, int on);
bool fe_debug_get(struct fe_context *ctx, GLenum pname, GLint *out);
/* fe_query.c, fe_sync.c: where an object's label lives. fe_sync_label_lock returns with the
 * share lock held when it finds the sync (NULL, unlocked, when it does not). */
char **fe_query_label(void *query);
char **fe_sync_label_lock(struct fe_share_group *sg, GLsync sync);

/* ---- object helpers ------------------------------------------------------------------------ */

void fe_object_ref(struct fe_object *obj);
/* Drops a reference; the last one destroys the object (resource_destroy for resources). ctx
 * is the context to send context calls through, or NULL. */
void fe_object_unref(struct fe_context *ctx, struct fe_object *obj);
/* The object whose last reference was just dropped: its label freed, then its kind's destroy. */
void fe_object_release(struct fe_context *ctx, struct fe_object *obj);
/* Replaces *slot (a binding) with obj, keeping reference counts. Inline, the release of a last
 * reference out of line: a bind between draws (a uniform block's, two points a call) pays two
 * atomics, not two calls. */
static inline void
fe_object_rebind(struct fe_context *ctx, struct fe_object **slot, struct fe_object *obj)
{
   struct fe_object *old = *slot;
   if (old == obj)
      return;
   if (obj)
      atomic_fetch_add_explicit(&obj->refs, 1, memory_order_relaxed);
   *slot = obj;
   if (old && atomic_fetch_sub_explicit(&old->refs, 1, memory_order_acq_rel) == 1)
      fe_object_release(ctx, old);
}
#define FE_REBIND(ctx, slot, obj)                                                                  \
   fe_object_rebind(ctx, (struct fe_object **)(slot), (struct fe_object *)(obj))

/* A draw input the context holds changed (one with no version of its own: a binding, a value
 * read without a version): the next draw walks its inputs instead of skipping the groups
 * (fe_tracker.c, the draw serial). */
static inline void
fe_draw_touch(struct fe_context *ctx)
{
   ctx->draw_serial++;
   ctx->draw_other_serial++;
}

/* A draw input's version moved: the version and the draw serials. */
static inline void
fe_draw_bump(struct fe_context *ctx, uint64_t *version)
{
   (*version)++;
   ctx->draw_serial++;
   ctx->draw_other_serial++;
}

/* Something a repeat draw does not ask live may have become true (fe_draw.c): this context's,
 * or its share group's (any thread). */
static inline void
fe_ctx_unusual(struct fe_context *ctx)
{
   ctx->unusual_epoch++;
}

static inline void
fe_share_unusual(struct fe_share_group *sg)
{
   atomic_fetch_add(&sg->unusual_epoch, 1);
}

static inline uint64_t
fe_unusual_epoch(const struct fe_context *ctx)
{
   return ctx->unusual_epoch + atomic_load(&ctx->share->unusual_epoch);
}

/* A vertex array's buffer or offset at a binding changed, nothing else of it (glVertexAttribPointer
 * of the same format, glBindVertexBuffer of the same stride): a draw serial move that
 * fe_draw.c's repeat draw can tell from the others. */
static inline void
fe_draw_bump_buffers(struct fe_context *ctx, uint64_t *buffers_version)
{
   fe_draw_bump(ctx, buffers_version);
   ctx->bind_bumps++;
}

/* Another vertex array bound (glBindVertexArray of a vertex array object between draws, one
 * per mesh): a draw serial move the repeat draw takes, running the tracker's vertex-array group
 * alone (fe_tracker_repeat), as fe_validate would for it. */
static inline void
fe_draw_bump_array(struct fe_context *ctx)
{
   fe_draw_touch(ctx);
   ctx->bind_bumps++;
}

/* A uniform-block binding's buffer or range changed (glBindBufferBase/Range between draws,
 * ubo_change): likewise a move the repeat draw can tell from the others; the tracker's
 * uniform-block group reads nothing else. */
static inline void
fe_draw_bump_ubos(struct fe_context *ctx)
{
   fe_draw_bump(ctx, &ctx->ubo_version);
   ctx->bind_bumps++;
}

/* rs_version or ds_version moved: a draw then compares them beside the inputs other contexts
 * move, not every input (a glEnable or glScissor between draws). */
static inline void
fe_draw_bump_value(struct fe_context *ctx, uint64_t *version)
{
   (*version)++;
   ctx->draw_serial++;
}

/* The dynamic state (ctx->ds, fe_state.c's setters) changed: a draw serial move the repeat draw
 * takes, running the tracker's dynamic-state group alone (fe_tracker_repeat), as fe_validate's
 * value group would for it. Render state, which draw_ready's checks read, is not this. */
static inline void
fe_draw_bump_dynamic(struct fe_context *ctx)
{
   fe_draw_bump_value(ctx, &ctx->ds_version);
   ctx->dynamic_bumps++;
   ctx->bind_bumps++;
}

/* The render state (ctx->rs, fe_state.c's setters: a glEnable, glDepthFunc, glBlendFunc between
 * draws) changed: a draw serial move the repeat draw takes where draw_ready's few checks of
 * render state would say yes (fe_draw.c, draw_repeats_render), running the tracker's value
 * group (fe_tracker_repeat_render), as fe_validate would for it. The mark makes the kept
 * nonbind differ from every draw serial, so only a draw that misses the rebind compare asks. */
#define FE_REPEAT_RENDER (UINT64_C(1) << 63)
static inline void
fe_draw_bump_render(struct fe_context *ctx)
{
   fe_draw_bump_value(ctx, &ctx->rs_version);
   ctx->bind_bumps++;
   ctx->draw_repeat.nonbind |= FE_REPEAT_RENDER;
}

/* A unit's texture or sampler binding changed. */
static inline void
fe_unit_changed(struct fe_context *ctx, unsigned unit)
{
   ctx->unit_stamp[unit] = ++ctx->unit_version;
   ctx->draw_serial++;
   ctx->draw_other_serial++;
}

bool fe_share_alloc_handle(struct fe_share_group *share, enum mgp_handle_kind kind,
                           struct mgp_handle *out);
void fe_share_free_handle(struct fe_share_group *share, enum mgp_handle_kind kind,
                          struct mgp_handle h);
/* Whether the backend implements a call (caps.call_mask). */
static inline bool
fe_call_supported(const struct fe_share_group *share, enum mgp_call_id call)
{
   return (share->caps->call_mask[call / 64] >> (call % 64)) & 1;
}
/* The GL 4.3 storage-buffer binding points a desktop context offers (0 in ES contexts and on a
 * device without storage buffers: caps), and whether it offers the compute binding points and
 * limits (GL_DISPATCH_INDIRECT_BUFFER, GL_MAX_COMPUTE_*). fe_compute.c has the entry points. */
static inline unsigned
fe_ssbo_bindings(const struct fe_context *ctx)
{
   if (ctx->desc.api == FE_API_GLES && !fe_es31(ctx))
      return 0; /* ES 2.0 and 3.0 have none */
   uint32_t n = ctx->share->caps->max_storage_buffer_bindings;
   return n < FE_MAX_SSBO_BINDINGS ? n : FE_MAX_SSBO_BINDINGS;
}
/* The GL 4.2 atomic counter buffer binding points: the counters are storage buffers below the
 * front end (glsl.h), so a context offers them where it offers storage bindings. */
static inline unsigned
fe_atomic_bindings(const struct fe_context *ctx)
{
   return fe_ssbo_bindings(ctx) ? FE_MAX_ATOMIC_BINDINGS : 0;
}
/* GL 3.2's geometry stage: where the backend has it (MGP_CAP_GEOMETRY_STAGE), and never in an
 * ES 2.0 or 3.0 context (ES 3.1 contexts: EXT_geometry_shader). Without it GL_GEOMETRY_SHADER is
 * an unknown shader type. */
static inline bool
fe_geometry_offered(const struct fe_context *ctx)
{
   return (ctx->desc.api != FE_API_GLES || fe_es31(ctx)) &&
          (ctx->share->caps->cap_bits & MGP_CAP_GEOMETRY_STAGE) != 0;
}
static inline bool
fe_compute_offered(const struct fe_context *ctx)
{
   return (ctx->desc.api != FE_API_GLES || fe_es31(ctx)) &&
          ctx->share->caps->max_compute_work_group_invocations > 0;
}
/* GL 4.6 / ARB_gl_spirv: SPIR-V modules from the application, a front-end feature that links
 * them into what the backend already takes (glsl_spirv_gl.c); desktop contexts take
 * GL_SHADER_BINARY_FORMAT_SPIR_V and list the extension (fe_get.c). */
static inline bool
fe_gl_spirv_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES;
}
/* GL 4.6 / ARB_spirv_extensions: the SPIR-V extensions a module may declare (GLSL_SPV_* bits,
 * GL_SPIR_V_EXTENSIONS lists them in bit order): storage buffers everywhere SPIR-V is taken, the
 * draw parameters where the device feeds them (GL_ARB_shader_draw_parameters). */
static inline unsigned
fe_spirv_extensions(const struct fe_context *ctx)
{
   if (!fe_gl_spirv_offered(ctx))
      return 0;
   return GLSL_SPV_KHR_STORAGE_BUFFER_STORAGE_CLASS |
          ((ctx->share->caps->cap_bits & MGP_CAP_DRAW_PARAMETERS)
              ? GLSL_SPV_KHR_SHADER_DRAW_PARAMETERS
              : 0u);
}
/* GL_ARB_separate_shader_objects (GL 4.1): a front-end feature, every desktop context
 * (fe_pipeline.c) and ES 3.1 contexts; ES 3.0 ones through GL_EXT_separate_shader_objects. */
static inline bool
fe_separate_shaders_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES || fe_es31(ctx) ||
          fe_es_ext_on((struct fe_context *)ctx, FE_ES_EXT_SEPARATE_SHADER_OBJECTS);
}

/* Whether a desktop context offers tessellation (GL 4.0 / ARB_tessellation_shader): the backend
 * takes set_patch_state and the device tessellates (MGP_CAP_TESSELLATION). fe_patch.c has the
 * entry points; FE_MAX_PATCH_VERTICES and FE_MAX_TESS_GEN_LEVEL are GL's and Vulkan's minimums
 * alike, so every device with the cap has them. */
#define FE_MAX_PATCH_VERTICES GLSL_MAX_PATCH_VERTICES
#define FE_MAX_TESS_GEN_LEVEL 64
static inline bool
fe_tess_offered(const struct fe_context *ctx)
{
   /* and GL 4.0's combined limits, five stages' worth of uniform blocks and samplers, in the
    * backend's descriptors (fe_max_combined_uniform_blocks, fe_max_texture_units) */
   const struct mgp_caps *caps = ctx->share->caps;
   return (ctx->desc.api != FE_API_GLES || fe_es31(ctx)) && /* ES: EXT_tessellation_shader */
          (caps->cap_bits & MGP_CAP_TESSELLATION) != 0 &&
          fe_call_supported(ctx->share, MGP_CALL_set_patch_state) &&
          caps->max_uniform_buffer_bindings >= 5 * GLSL_MAX_STAGE_UNIFORM_BLOCKS &&
          caps->max_texture_units >= 5 * FE_MAX_STAGE_TEXTURE_UNITS;
}
/* Whether a context offers sample shading (GL 4.0 / ARB_sample_shading, ES 3.x's
 * OES_sample_shading: GL_SAMPLE_SHADING, glMinSampleShading): the backend shades per sample
 * (MGP_CAP_SAMPLE_SHADING); not in ES 2.0. */
static inline bool
fe_sample_shading_offered(const struct fe_context *ctx)
{
   return (ctx->desc.api != FE_API_GLES || ctx->desc.major >= 3) &&
          (ctx->share->caps->cap_bits & MGP_CAP_SAMPLE_SHADING) != 0;
}
/* GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: the texture units a context offers, which are also the
 * samplers a program may use (GL 4.6 7.10), so no more than the backend's sampler descriptors
 * (caps.max_texture_units; 0 from an older backend: GL 3.3's 48). */
static inline uint32_t
fe_max_texture_units(const struct fe_context *ctx)
{
   const uint32_t cap = ctx->share->caps->max_texture_units;
   const uint32_t units = cap ? cap : 48;
   return units < FE_MAX_TEXTURE_UNITS ? units : FE_MAX_TEXTURE_UNITS;
}
/* GL_MAX_COMBINED_UNIFORM_BLOCKS: 12 blocks for each stage the context offers (five with
 * tessellation, GL 4.0; three, GL 3.3), no more than the backend's uniform-buffer descriptors
 * for blocks (caps.max_uniform_buffer_bindings). */
static inline uint32_t
fe_max_combined_uniform_blocks(const struct fe_context *ctx)
{
   const uint32_t stages = fe_tess_offered(ctx) ? 5 : 3;
   const uint32_t blocks = stages * GLSL_MAX_STAGE_UNIFORM_BLOCKS;
   const uint32_t cap = ctx->share->caps->max_uniform_buffer_bindings;
   return cap && cap < blocks ? cap : blocks;
}
/* Image units (fe_image_state.c; glBindImageTexture in fe_image.c): how many a desktop context
 * offers (0: the backend has no set_shader_images, or the device no storage images); glGet of
 * their limits in fe_get.c's convention (-1 another pname, 0 not offered, 1 filled); whether a
 * format is one a unit takes (GL 4.6 table 8.33); the program's images resolved from their units
 * (returns how many). */
unsigned fe_image_units(const struct fe_context *ctx);
int fe_image_get(struct fe_context *ctx, GLenum pname, int64_t *out);
bool fe_image_format_ok(GLenum internal_format);
GLenum fe_image_format_compatibility(GLenum internal_format);
unsigned fe_image_resolve(const struct fe_context *ctx, const struct fe_exec *e,
                          struct mgp_image_view *out);
/* Whether a desktop context offers indirect draws (the backend has draw_indirect). */
bool fe_draw_indirect_offered(struct fe_context *ctx);
/* Whether it offers GL_ARB_indirect_parameters (the backend reads draw counts from buffers). */
bool fe_indirect_count_offered(struct fe_context *ctx);
/* Whether a desktop context offers draws from a base instance (MGP_CAP_BASE_INSTANCE). */
bool fe_base_instance_offered(struct fe_context *ctx);
/* Transform feedback (fe_xfb.c). fe_xfb_draw_check: GL_INVALID_OPERATION (and false) when a
 * draw's primitives do not match an active, unpaused glBeginTransformFeedback. */
bool fe_xfb_draw_check(struct fe_context *ctx, GLenum mode);
/* Whether transform feedback is active and not paused (program and binding changes refused). */
bool fe_xfb_locked(const struct fe_context *ctx);
/* ES 3.0: GL_INVALID_OPERATION (and false) for an indexed draw while a capture is active and
 * unpaused, or for glDrawArrays* whose vertices would not fit in the capture buffers; *vertices
 * is what the draw writes (0 outside ES), counted by fe_xfb_drawn once it is sent. */
bool fe_xfb_indexed_check(struct fe_context *ctx);
bool fe_xfb_arrays_check(struct fe_context *ctx, GLenum mode, GLsizei count, GLsizei instances,
                         uint64_t *vertices);
void fe_xfb_drawn(struct fe_context *ctx, uint64_t vertices);
/* Whether an active transform feedback object of the context captures from exec (NULL: no). */
bool fe_xfb_captures_from(struct fe_context *ctx, const struct fe_exec *exec);
/* glGet of GL_TRANSFORM_FEEDBACK_BINDING, _ACTIVE, _PAUSED: false outside ES 3.0. */
bool fe_xfb_get(struct fe_context *ctx, GLenum pname, GLint *value);
/* The server holds transform feedback objects (MGP_CAP_XFB_OBJECTS and its calls); the context
 * has objects (ES 3.0, or desktop with the former: ARB_transform_feedback2). */
bool fe_xfb_server_objects(struct fe_context *ctx);
bool fe_xfb_objects_offered(struct fe_context *ctx);
/* glDrawTransformFeedback*'s object id: its errors, else its server id and buffer 0's stride. */
bool fe_xfb_draw_source(struct fe_context *ctx, GLuint id, uint32_t stream, uint32_t *object,
                        uint32_t *stride, uint32_t *buffer);
/* Desktop glDrawTransformFeedback* (fe_draw.c): the server holds objects and draws their counts. */
bool fe_xfb_draw_offered(struct fe_context *ctx);
unsigned fe_max_vertex_streams(const struct fe_context *ctx);
/* Object zero and the names table; at context destruction, ends every capture and frees every
 * transform feedback object. */
void fe_xfb_init(struct fe_context *ctx);
void fe_xfb_context_finish(struct fe_context *ctx);
/* The same for a call the front end is about to make: false after counting a named decline
 * (pipe-call-unsupported), and the caller falls back or drops the operation. Calls every
 * backend must have (draws, CSOs, state) are not checked. */
bool fe_pipe_has(struct fe_context *ctx, enum mgp_call_id call);

/* Module hooks used across files. */
struct fe_buffer *fe_buffer_lookup(struct fe_context *ctx, GLuint name);
/* The object for a name being bound, created at its first bind (GL's lazy creation); NULL for
 * zero. *ok false: a name glGenBuffers never returned (GL_INVALID_OPERATION, not recorded). */
struct fe_buffer *fe_buffer_for_bind(struct fe_context *ctx, GLuint name, bool *ok);
void fe_buffer_destroy(struct fe_context *ctx, struct fe_buffer *buf);
void fe_buffer_upload(struct fe_context *ctx, struct fe_buffer *buf, uint64_t offset,
                      const void *data, uint64_t size);
/* Writes size bytes at offset of a buffer resource, in resource_subdata records of at most
 * FE_UPLOAD_CHUNK bytes. */
void fe_resource_upload(struct fe_context *ctx, struct mgp_handle res, uint64_t offset,
                        const void *data, uint64_t size);
/* A buffer's resource, null for none or one with no store yet (inline: every draw's vertex
 * and index buffers ask it). */
static inline struct mgp_handle
fe_buffer_res(const struct fe_buffer *buf)
{
   return buf && buf->created ? buf->res : mgp_handle_null();
}
GLuint fe_buffer_binding_name(struct fe_context *ctx, GLenum target);
/* The binding point of a buffer target, NULL for one this context does not have. */
struct fe_buffer **fe_buffer_binding_point(struct fe_context *ctx, GLenum target);
/* The buffer object named name (GL 4.5 direct state access): NULL with GL_INVALID_OPERATION for
 * a name that is no buffer object. */
struct fe_buffer *fe_buffer_named(struct fe_context *ctx, GLuint name);
/* Writes size bytes at offset of buf's store (a range of it, not mapped), as glBufferSubData
 * does past its errors (a persistent map sees them too). */
void fe_buffer_write(struct fe_context *ctx, struct fe_buffer *buf, GLintptr offset,
                     GLsizeiptr size, const void *data);
/* glTransformFeedbackBufferBase (whole) and glTransformFeedbackBufferRange on tfo: their errors
 * past the object's (GL 4.6 §13.2.2), else the binding made. */
void fe_buffer_bind_xfb(struct fe_context *ctx, struct fe_tfo *tfo, GLuint index, GLuint buffer,
                        GLintptr offset, GLsizeiptr size, bool whole);
void fe_buffer_read(struct fe_context *ctx, struct fe_buffer *buf, uint64_t offset, uint64_t size,
                    void *dst);
/* The server will write the buffer on the GPU (the client's copy stops being valid). Inline:
 * a repeat dispatch marks its storage buffers so. */
static inline void
fe_buffer_gpu_write(struct fe_buffer *buf)
{
   if (buf) {
      buf->copy_valid = false;
      buf->map_gpu_wrote = buf->map_sent != NULL;
   }
}
/* Persistent maps at a command that may read buffers: ships what the app wrote since the last
 * shipment into coherent maps (all persistent maps when all). */
void fe_buffer_persistent_ship(struct fe_context *ctx, bool all);
/* Persistent maps after the app waited for the GPU (glFinish, a signalled fence): fetches the
 * mapped ranges the GPU may have written into the maps. */
void fe_buffer_persistent_fetch(struct fe_context *ctx);
/* The share group's persistent-map counters, logged; the array freed. */
void fe_buffer_persistent_finish(struct fe_share_group *sg);
/* The program cache kept across runs (fe_program_cache.c), counted for the process: links
 * installed from it, links that found no usable file, programs stored, files refused by the
 * binary's checks, links not stored (over the directory's budget, an info log, a write that
 * failed), compiles a clean compile before made unneeded. fe_program_cache_print writes client.log's MGL-PROGRAM-CACHE line. */
struct fe_program_cache_counts {
   unsigned long long hits, misses, stored, rejected, not_stored, compiles_skipped;
};
void fe_program_cache_counts(struct fe_program_cache_counts *out);
void fe_program_cache_print(void);
/* Mapped so that GL commands may not use the buffer: every map but a persistent one (GL 4.6
 * 6.3.2). */
static inline bool
fe_buffer_map_blocks(const struct fe_buffer *b)
{
   return b->mapped && !(b->map_access & GL_MAP_PERSISTENT_BIT);
}
/* A "GPU wrote a buffer range" event (fe_drain_events). */
void fe_buffer_event(struct fe_context *ctx, const struct mgp_event *ev);
bool fe_pixel_buffer_range(struct fe_context *ctx, const struct fe_buffer *buf, const void *ptr,
                           size_t size, GLenum type, uint64_t *offset);

void fe_texture_destroy(struct fe_context *ctx, struct fe_texture *tex);
struct fe_texture *fe_texture_create(struct fe_context *ctx, GLuint name,
                                     enum fe_tex_target target);
/* The texture a unit samples for a target: the bound one or the default texture (name 0). */
struct fe_texture *fe_unit_texture(struct fe_context *ctx, unsigned unit,
                                   enum fe_tex_target target);
/* The texture object a direct-state-access command names: NULL after recording
 * GL_INVALID_OPERATION for a name that is no texture object (GL 4.6 §8). */
struct fe_texture *fe_texture_named(struct fe_context *ctx, GLuint texture);
/* The texture of a glTextureSubImage{dims}D / glCopyTextureSubImage{dims}D (GL 4.6 §8.6): its
 * own target must be one glTexSubImage{dims}D takes (cube maps for 3D: GL_INVALID_OPERATION
 * otherwise, as for every command naming a texture of the wrong target); NULL after the error. */
struct fe_texture *fe_texture_named_sub(struct fe_context *ctx, GLuint texture, unsigned dims);
/* The framebuffer a direct-state-access command names: *fb NULL for zero, the default
 * framebuffer; false after recording GL_INVALID_OPERATION for a name that is no framebuffer
 * object (GL 4.6 §9.2). */
bool fe_fbo_named(struct fe_context *ctx, GLuint framebuffer, struct fe_framebuffer **fb);
int fe_tex_target_index(const struct fe_context *ctx, GLenum target);
/* glGetTexLevelParameter's answer for pname, one of the TEXTURE_*_SIZE and TEXTURE_*_TYPE
 * queries, about an image of internal format info (NULL: undefined) stored as format (enum
 * mgp_format); GL_ARB_internalformat_query2 asks the same of a format (fe_internalformat.c).
 * False for another pname. */
struct fe_format_info;
bool fe_tex_format_parameter(const struct fe_format_info *info, uint16_t format, GLenum pname,
                             GLint *out);
GLenum fe_tex_target_enum(enum fe_tex_target t);
/* The resource holding tex's texels and, translated in place, the level and layer (array layer,
 * cube face 6 * layer + face, or 3D slice) that tex's (level, layer) is there: tex->res itself
 * unless tex is a texture view (fe_tex_view.c). */
static inline struct mgp_handle
fe_tex_storage_at(const struct fe_texture *tex, uint32_t *level, uint32_t *layer)
{
   if (!tex->view_root)
      return tex->res;
   *level += tex->view_min_level;
   if (layer && tex->target != FE_TEX_3D)
      *layer += tex->view_min_layer;
   return tex->view_root->res;
}

/* The mgp_format the storage of tex holds its texels in (the root's, for a view). */
static inline uint16_t
fe_tex_storage_format(const struct fe_texture *tex)
{
   return tex->view_root ? tex->view_root->res_format : tex->res_format;
}

/* Whether tex is a texture view of only some of its root's layers (a layered attachment or
 * image unit of it would need a layer range the wire does not carry). */
static inline bool
fe_tex_view_some_layers(const struct fe_texture *tex)
{
   if (!tex->view_root || tex->target == FE_TEX_3D)
      return false;
   const struct fe_texture *r = tex->view_root;
   const uint32_t all = r->target == FE_TEX_CUBE ? 6
                        : r->target == FE_TEX_1D_ARRAY || r->target == FE_TEX_2D_ARRAY ||
                              r->target == FE_TEX_CUBE_ARRAY || r->target == FE_TEX_2D_MS_ARRAY
                           ? r->res_layers
                           : 1;
   return tex->view_min_layer != 0 || tex->view_num_layers != all;
}
/* The bits of an uncompressed internal format's view class (GL 4.6 Table 8.22, the size classes
 * of Table 18.4), 0 for a format in none (compressed, depth, stencil, legacy). */
unsigned fe_format_view_bits(GLenum internal_format);
/* The texture object of a name, NULL when none (*reserved: a name glGenTextures gave that no
 * object has yet); and the object for such a name, of target t (NULL after GL_OUT_OF_MEMORY). */
struct fe_texture *fe_texture_lookup(struct fe_context *ctx, GLuint name, bool *reserved);
struct fe_texture *fe_texture_new(struct fe_context *ctx, GLuint name, enum fe_tex_target t);
/* Sends every pending texture upload of this context (one resource_subdata per level). */
void fe_texture_flush_uploads(struct fe_context *ctx);
void fe_texture_flush_one(struct fe_context *ctx, struct fe_texture *tex);
/* Drops a texture's unsent texels (its storage is going away). */
void fe_texture_discard_uploads(struct fe_context *ctx, struct fe_texture *tex);
/* Mip completeness per GL 3.3 §3.8.14 when sampled with the filters of `sampling` (the
 * texture's own parameters or a bound sampler object's); fills the view's level range. */
/* GL_MAX_DUAL_SOURCE_DRAW_BUFFERS: the device's count (0 without dual-source blending),
 * at most what the GLSL linker assigns. */
GLint fe_max_dual_source_draw_buffers(const struct fe_context *ctx);
enum fe_samples_kind {
   FE_SAMPLES_ANY,           /* GL_MAX_SAMPLES */
   FE_SAMPLES_COLOR_TEXTURE, /* GL_MAX_COLOR_TEXTURE_SAMPLES */
   FE_SAMPLES_DEPTH_TEXTURE, /* GL_MAX_DEPTH_TEXTURE_SAMPLES */
   FE_SAMPLES_INTEGER,       /* GL_MAX_INTEGER_SAMPLES */
};
uint32_t fe_max_samples(const struct mgp_caps *caps, enum fe_samples_kind kind);
bool fe_texture_complete(struct fe_texture *tex, const struct fe_tex_params *sampling,
                         uint16_t *min_level, uint16_t *num_levels);
/* A 1x1 (0,0,0,1) texture of the target and sampler kind, for incomplete textures. */
struct fe_texture *fe_texture_black(struct fe_context *ctx, enum fe_tex_target target,
                                    unsigned kind);
void fe_texture_send_params(struct fe_context *ctx, struct fe_texture *tex);
/* The comparison r of a shadow lookup as the vector m * r + a that GL_DEPTH_TEXTURE_MODE
 * (compatibility contexts, depth textures; GL_RED otherwise) and the texture's swizzle make of
 * it (GLSL 1.10's shadow*(): glsl_default_block.depth_modes); tex NULL: GL_RED's. */
void fe_tex_depth_mode_expand(const struct fe_context *ctx, const struct fe_texture *tex,
                              float mul[4], float add[4]);
/* The sampler CSO payload of the sampling fields of p. */
void fe_tex_params_sampler_state(const struct fe_tex_params *p, struct mgp_sampler_state *out);
/* Whether coordinate `coord` (0 s, 1 t, 2 r) wraps GL_CLAMP through CLAMP_TO_BORDER: the
 * sampler needs the coordinate clamped to [0, 1] first. */
bool fe_tex_params_gl_clamp_border(const struct fe_tex_params *p, unsigned coord);
/* A compatibility context's bordered texture whose levels [level, level + levels) of every
 * face have borders of one colour (fe_tex_image.border_uniform): that colour replaces the
 * sampler's border colour where a wrap uses the border, so the edge samples the border texels
 * as GL samples them (GL 2.1 §3.8.8); srgb: the texels are decoded from sRGB. Levels whose
 * borders differ keep the border colour (the named decline gl-texture-border-stripped). */
void fe_tex_border_texels(const struct fe_texture *tex, unsigned level, unsigned levels, bool srgb,
                          struct mgp_sampler_state *st);
/* The sampler's border colour as the texture's base format at level reads it (no alpha:
 * alpha 1), where a wrap uses the border: first clamped to the range of the format's components
 * (GL 3.3 §3.8.10), so a sampler object bound to textures of several formats gives each its own
 * border state. */
void fe_tex_border_for_base(const struct fe_texture *tex, unsigned level,
                            struct mgp_sampler_state *st);
/* One sampling parameter (the fields a sampler object holds) after the spec's value checks:
 * GL_NO_ERROR once stored in p, else the error to raise (GL_INVALID_ENUM for a pname that is
 * not sampler state). vals holds 1 value (4 for the border colour); form is how a border
 * colour came in: 0 float, 1 int (Iiv), 2 uint (Iuiv), 3 int normalized (iv). rect: the
 * rectangle target's filter and wrap limits. es: OpenGL ES 3.0 (no LOD bias, no border).
 * compat: a compatibility context (GL_CLAMP; a scalar call may set the border colour).
 * mirror_clamp: GL_MIRROR_CLAMP_TO_EDGE is a wrap (fe_mirror_clamp_offered). */
GLenum fe_sampling_param_set(struct fe_tex_params *p, GLenum pname, const double *vals,
                             const uint32_t *bits, int form, bool vector, bool rect, bool es,
                             bool compat, bool mirror_clamp);
/* Whether the context takes GL_MIRROR_CLAMP_TO_EDGE (GL 4.4, ARB_texture_mirror_clamp_to_edge):
 * a desktop context on a server whose samplers do it. */
bool fe_mirror_clamp_offered(struct fe_context *ctx);
/* fe_version.c: the highest desktop OpenGL version (major * 10 + minor, 30 to 33) the caps
 * meet, and in *missing (may be NULL) what the next one needs that they lack (NULL at 3.3);
 * the context's GL_VERSION and GL_SHADING_LANGUAGE_VERSION strings for its version; whether
 * GL_TEXTURE_BUFFER is a target (GL 3.1 buffer textures, MGP_CAP_TEXTURE_BUFFER). */
int fe_gl_version_max(const struct mgp_caps *caps, const char **missing);
/* fe_version.c: what the caps lack that OpenGL ES 3.1 needs (NULL: nothing; an ES 3.x context
 * may be 3.1). */
const char *fe_es31_lacks(const struct mgp_caps *caps);
const char *fe_gl_version_string(const struct fe_context *ctx);
const char *fe_glsl_version_string(const struct fe_context *ctx);
bool fe_texture_buffer_offered(const struct fe_context *ctx);
/* GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT: the device's (256 when the caps say none) */
GLint fe_texture_buffer_alignment(const struct fe_context *ctx);
/* ARB_texture_buffer_object_rgb32: the backend views RGB32F / I / UI texel buffers */
bool fe_texture_buffer_rgb32_offered(const struct fe_context *ctx);
/* ARB_stencil_texturing: desktop GL where the backend samples stencil (MGP_CAP_STENCIL_TEXTURING) */
bool fe_stencil_texturing_offered(const struct fe_context *ctx);
/* ARB_texture_stencil8: desktop GL where the backend makes stencil-only textures
 * (MGP_CAP_TEXTURE_STENCIL8) */
bool fe_texture_stencil8_offered(const struct fe_context *ctx);
/* ARB_texture_barrier / NV_texture_barrier: desktop GL where the backend draws feedback loops
 * and orders them with memory_barrier's MGP_BARRIER_TEXTURE (MGP_CAP_TEXTURE_BARRIER) */
static inline bool
fe_texture_barrier_offered(struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES &&
          (ctx->share->caps->cap_bits & MGP_CAP_TEXTURE_BARRIER) != 0 &&
          fe_pipe_has(ctx, MGP_CALL_memory_barrier);
}
/* KHR_blend_equation_advanced (ES and desktop): where the backend blends the advanced equations
 * (MGP_CAP_BLEND_ADVANCED), coherently in its blend stage or, with MGP_CAP_BLEND_SHADER, in
 * the fragment shader (fe_blend_in_shader). Without the cap the equations are
 * GL_INVALID_ENUM, glBlendBarrierKHR does nothing and GLSL_DENY_BLEND_ADVANCED withholds the
 * qualifier. */
static inline bool
fe_blend_advanced_offered(const struct fe_context *ctx)
{
   return (ctx->share->caps->cap_bits & MGP_CAP_BLEND_ADVANCED) != 0;
}
/* ... blended in the fragment shader (GLSL_BLEND_IN_SHADER's epilogue), one blend per pixel
 * between glBlendBarrier calls, which are memory_barrier's MGP_BARRIER_TEXTURE */
static inline bool
fe_blend_in_shader(const struct fe_context *ctx)
{
   return fe_blend_advanced_offered(ctx) &&
          (ctx->share->caps->cap_bits & MGP_CAP_BLEND_SHADER) != 0;
}
/* The texture format glTexImage* / glTexStorage* name with internalformat: fe_format_lookup's,
 * and with ARB_texture_stencil8 GL_STENCIL_INDEX8 as a texture format (*internalformat: its
 * unsized GL_STENCIL_INDEX becomes GL_STENCIL_INDEX8 where unsized_ok) */
const struct fe_format_info *fe_tex_format_lookup(const struct fe_context *ctx,
                                                  GLint *internalformat, bool unsized_ok);
/* ARB_texture_cube_map_array: desktop GL where the backend makes cube-array images
 * (MGP_CAP_CUBE_MAP_ARRAY) */
bool fe_cube_array_offered(const struct fe_context *ctx);
/* GL_ARB_texture_view: the server makes views (MGP_CAP_TEXTURE_VIEW) and the context is a
 * desktop one (fe_tex_view.c). */
bool fe_texture_view_offered(const struct fe_context *ctx);
/* GL_ARB_internalformat_query2 (GL 4.3): every desktop context (fe_internalformat.c); ES
 * contexts keep ES 3.0's glGetInternalformativ. */
static inline bool
fe_internalformat_query2_offered(const struct fe_context *ctx)
{
   return ctx->desc.api != FE_API_GLES;
}
/* GL_TEXTURE_VIEW_MIN_LEVEL, _NUM_LEVELS, _MIN_LAYER or _NUM_LAYERS of tex (GL 4.6 §8.18). */
uint32_t fe_tex_view_param(const struct fe_texture *tex, GLenum pname);
/* ARB_framebuffer_no_attachments (fe_fbo.c): desktop contexts on a server that renders
 * without attachments (MGP_CAP_NO_ATTACHMENTS); GL_MAX_FRAMEBUFFER_{WIDTH,HEIGHT,LAYERS,
 * SAMPLES} for pname. */
bool fe_no_attachments_offered(const struct fe_context *ctx);
GLint fe_max_framebuffer_limit(const struct fe_context *ctx, GLenum pname);
/* ARB_texture_gather (and ES 3.1's gathers): where the backend runs OpImageGather and
 * OpImageDrefGather with offsets and component select (MGP_CAP_TEXTURE_GATHER: the Vulkan
 * backend; the GLES backend through ESSL 3.10's textureGather) */
bool fe_texture_gather_offered(const struct fe_context *ctx);
/* ARB_texture_query_lod: desktop GL where the backend runs OpImageQueryLod
 * (MGP_CAP_TEXTURE_QUERY_LOD: the Vulkan backend; ESSL has no textureQueryLod), and ES 3.0+'s
 * GL_EXT_texture_query_lod on the same cap */
bool fe_texture_query_lod_offered(const struct fe_context *ctx);
/* ARB_gpu_shader5: desktop GL where the backend runs its programs (MGP_CAP_GPU_SHADER5; the
 * GLES backend does not set it) */
bool fe_gpu_shader5_offered(const struct fe_context *ctx);
/* GL_MAX_GEOMETRY_SHADER_INVOCATIONS and the interpolateAtOffset range and grid that
 * MGP_CAP_GPU_SHADER5 promises: GL 4.0's least values */
#define FE_MAX_GEOMETRY_SHADER_INVOCATIONS GLSL_MAX_GEOMETRY_SHADER_INVOCATIONS
#define FE_MIN_FRAGMENT_INTERPOLATION_OFFSET (-0.5)
#define FE_MAX_FRAGMENT_INTERPOLATION_OFFSET 0.5
#define FE_FRAGMENT_INTERPOLATION_OFFSET_BITS 4
/* ARB_gpu_shader_fp64: desktop GL where the backend runs double-precision SPIR-V
 * (MGP_CAP_FLOAT64); elsewhere its #extension and any double in a shader fail to compile */
bool fe_fp64_offered(const struct fe_context *ctx);
bool fe_vertex_fp64_offered(const struct fe_context *ctx);
/* GL 4.4 / ARB_query_buffer_object: the GL_QUERY_BUFFER point and GL_QUERY_RESULT_NO_WAIT
 * (desktop contexts; the client writes the results, fe_query.c) */
bool fe_query_buffer_offered(const struct fe_context *ctx);
/* ARB_cull_distance: desktop GL where the backend runs cull distances (MGP_CAP_CULL_DISTANCE);
 * elsewhere its #extension and gl_CullDistance fail to compile */
bool fe_cull_distance_offered(const struct fe_context *ctx);
/* MGP_CAP_IMAGE_QUERIES / MGP_CAP_DERIVATIVE_CONTROL in a desktop context */
bool fe_image_queries_offered(const struct fe_context *ctx);
bool fe_derivative_control_offered(const struct fe_context *ctx);
/* ARB_shader_precision (fe_get.c): a GL 4.0 context. */
bool fe_shader_precision_offered(const struct fe_context *ctx);
/* ARB_shader_group_vote: MGP_CAP_SUBGROUP_VOTE in a desktop context; in an ES 3.0+ one
 * GL_EXT_shader_group_vote */
bool fe_group_vote_offered(const struct fe_context *ctx);
/* ARB_shader_viewport_layer_array, AMD_vertex_shader_layer / _viewport_index:
 * MGP_CAP_SHADER_LAYER_VIEWPORT where viewport arrays are offered */
bool fe_layer_viewport_offered(const struct fe_context *ctx);
/* ARB_shader_stencil_export: MGP_CAP_SHADER_STENCIL_EXPORT in a desktop context */
bool fe_stencil_export_offered(const struct fe_context *ctx);
/* ARB_shader_clock: MGP_CAP_SHADER_CLOCK in a desktop context */
bool fe_shader_clock_offered(const struct fe_context *ctx);
/* ARB_gpu_shader_int64: MGP_CAP_SHADER_INT64 in a desktop context */
bool fe_int64_offered(const struct fe_context *ctx);
/* ARB_shader_ballot: MGP_CAP_SHADER_BALLOT and MGP_CAP_SHADER_INT64 in a desktop context */
bool fe_ballot_offered(const struct fe_context *ctx);
/* ARB_ES3_1_compatibility: a desktop context where the caps meet ES 3.1 (fe_es31_lacks): GLSL ES
 * 3.10 shaders, glMemoryBarrierByRegion */
bool fe_es31_compat_offered(const struct fe_context *ctx);
/* ARB_ES3_2_compatibility: a desktop context that offers ARB_ES3_1_compatibility and every
 * device feature an ES 3.2 context needs (fe_es32_lacks): GLSL ES 3.20 shaders,
 * glPrimitiveBoundingBoxARB, GL_MULTISAMPLE_LINE_WIDTH_RANGE_ARB and _GRANULARITY_ARB */
bool fe_es32_compat_offered(const struct fe_context *ctx);
/* ARB_transform_feedback_overflow_query: desktop GL with MGP_CAP_XFB_OVERFLOW_QUERY (fe_query.c) */
bool fe_xfb_overflow_offered(const struct fe_context *ctx);
/* ARB_shader_atomic_counters and ARB_shader_atomic_counter_ops (lowered as the counters are) */
bool fe_atomic_counters_offered(struct fe_context *ctx);
/* GL_ARB_enhanced_layouts (GL 4.4): a desktop context whose backend has MGP_CAP_ENHANCED_LAYOUTS */
bool fe_enhanced_layouts_offered(const struct fe_context *ctx);
/* What the context's GLSL leaves out (GLSL_DENY_*: doubles without fe_fp64_offered,
 * GL_ARB_gpu_shader5 without fe_gpu_shader5_offered): glsl_compile_limits.deny and
 * glsl_link_input.deny */
uint32_t fe_glsl_deny(const struct fe_context *ctx);
/* fe_get.c: the highest GL 4.x minor version whose features the context's backend offers (a 3.3
 * context is then that 4.x), -1 where it lacks some of 4.0; *lacks names the first feature the next
 * version misses (NULL at 4.6). */
int fe_gl4_minor(struct fe_context *ctx, const char **lacks);
/* The value(s) of one sampling parameter: how many (0: not sampler state); border colours
 * also as bits in their form. */
int fe_sampling_param_get(const struct fe_tex_params *p, GLenum pname, double *out, uint32_t *bits,
                          uint8_t *form);
/* Stores n values of a glGet{Tex,Sampler}Parameter* answer: kind 0 fv, 1 iv, 2 Iiv, 3 Iuiv. */
void fe_param_store(GLenum pname, int n, const double *v, const uint32_t *bits, uint8_t form,
                    int kind, void *params);
/* The default sampling parameters of a texture or sampler object (GL 3.3 table 6.23). */
void fe_tex_params_init(struct fe_tex_params *p);
void fe_sampler_destroy(struct fe_context *ctx, struct fe_sampler *smp);
/* Drops every unit binding of smp in ctx (glDeleteSamplers, context teardown with NULL). */
void fe_sampler_unbind_all(struct fe_context *ctx, struct fe_sampler *smp);
uint32_t fe_texture_layers(const struct fe_texture *tex);
enum mgp_resource_target fe_texture_res_target(enum fe_tex_target t);

void fe_renderbuffer_destroy(struct fe_context *ctx, struct fe_renderbuffer *rb);

void fe_shader_destroy(struct fe_context *ctx, struct fe_shader *sh);
void fe_program_destroy(struct fe_context *ctx, struct fe_program *prog);
/* glUseProgram(0): drops the current program (deleting it if it was flagged) and executable. */
void fe_program_release_current(struct fe_context *ctx);
void fe_exec_ref(struct fe_exec *e);
void fe_exec_unref(struct fe_context *ctx, struct fe_exec *e);
/* An executable linked from GLSL source with no GL program object (fixed-function programs),
 * gs its geometry stage (NULL: none); NULL with the linker's log in *log on failure. */
struct fe_exec *fe_exec_create_internal(struct fe_context *ctx, const char *vs, const char *gs,
                                        const char *fs, char **log);
/* create_shader of e's CSO: its stages, with tcs (tcs_n words; NULL: none) as the control
 * stage (fe_program.c). */
void fe_exec_send_shader(struct fe_context *ctx, struct fe_exec *e, uint32_t *tcs, size_t tcs_n);
/* At a draw of e: where e needs the implied control shader, the one for the context's patch
 * size and default levels is e's CSO and bound; false (the draw declined by name) when it
 * cannot be made (fe_program.c: fe_tess_passthrough_emit). */
bool fe_tess_passthrough_emit(struct fe_context *ctx, struct fe_exec *e);
/* A stage's SPIR-V (stage: a glsl_stage; words NULL: none) sent instead of the program's own. */
struct fe_stage_words {
   unsigned stage;
   uint32_t *words;
   size_t n;
};
/* Sends the program's stages under handle cso, each stage of made[0..num_made) taken from its
 * words instead of the program's own (or added). */
void fe_exec_send_stages(struct fe_context *ctx, struct fe_exec *e, struct mgp_handle cso,
                         const struct fe_stage_words *made, unsigned num_made);
/* Lets shader CSO handle cso go: deleted through ctx where it is of share group sg (sent: the
 * server has it), else queued for the group's next validate. */
void fe_exec_drop_cso(struct fe_context *ctx, struct fe_share_group *sg, struct mgp_handle cso,
                      bool sent);
/* Polygons in GL_LINE / GL_POINT mode under a GLSL program (fe_program.c). Whether the
 * program in use draws them through the outline stage (false: the rewrite into lines and
 * points, and its declines); the CSO the draw binds for e (e->cso outside an outline draw;
 * false: the draw is skipped, declined); whether cso is one of e's variants; and the
 * variants' release with e. */
bool fe_outline_offered(struct fe_context *ctx);
bool fe_outline_program(struct fe_context *ctx, struct fe_exec *e, struct mgp_handle *cso);
bool fe_outline_owns(const struct fe_exec *e, struct mgp_handle cso);
void fe_outline_release(struct fe_context *ctx, struct fe_exec *e);
/* Installs a newly linked executable of the current program (GL: a relink of the program in
 * use replaces the executable); returns the executable in use. Inline: every draw asks, and
 * the executable in use is the common answer. */
struct fe_exec *fe_ctx_exec_install(struct fe_context *ctx);
/* The executable the bound program pipeline draws with (fe_pipeline.c): NULL when none is
 * bound or it has no stage. */
struct fe_exec *fe_pipeline_exec(struct fe_context *ctx);
/* The executable a dispatch runs: the current program's, else the bound pipeline's compute
 * stage program's (GL 4.6 19.1); NULL when neither. */
struct fe_exec *fe_dispatch_exec(struct fe_context *ctx);
/* What glUniform* without a program writes: the current program's executable, else the bound
 * pipeline's active program's; NULL when neither. */
struct fe_exec *fe_uniform_exec(struct fe_context *ctx);
/* Copies the parts' default blocks and bindings into a pipeline's executable when they moved
 * (fe_pipeline.c); nothing for a program's own executable. */
void fe_exec_sync_parts(struct fe_exec *e);
/* Makes an executable of gp (owned by it on success) and sends its shader CSO (fe_program.c). */
struct fe_exec *fe_exec_create(struct fe_context *ctx, struct glsl_program *gp);
/* Drops one use of prog (a pipeline's stage): deletes it when flagged and unused. */
void fe_program_unuse(struct fe_context *ctx, struct fe_program *prog);
void fe_pipelines_destroy(struct fe_context *ctx);
/* A draw without a current program and with a pipeline that fails validation: false after
 * GL_INVALID_OPERATION (fe_pipeline.c). */
bool fe_pipeline_draw_check(struct fe_context *ctx);
static inline struct fe_exec *
fe_ctx_exec(struct fe_context *ctx)
{
   if (!ctx->program && ctx->pipeline)
      return fe_pipeline_exec(ctx);
   const struct fe_program *p = ctx->program;
   if (p && p->exec && p->exec != ctx->exec)
      return fe_ctx_exec_install(ctx);
   return ctx->exec;
}
void fe_share_send_dead_shaders_now(struct fe_context *ctx);
/* Sends the shader CSOs released where no context was current; most verbs find none (the
 * count is read without the lock: a release racing this verb is sent at the next). */
static inline void
fe_share_send_dead_shaders(struct fe_context *ctx)
{
   if (ctx->share->num_dead_shaders)
      fe_share_send_dead_shaders_now(ctx);
}

void fe_vao_unbind_buffer(struct fe_context *ctx, struct fe_vao *vao, struct fe_buffer *buf);
/* What binding vertex array zero means: ES's default vertex array object, or none (core). */
struct fe_vao *fe_vao_zero(struct fe_context *ctx);
/* Sets up default_vao and binds zero, at context creation. */
void fe_vao_init_default(struct fe_context *ctx);
/* Releases what a vertex array holds; frees it unless it is ctx->default_vao. */
void fe_vao_destroy(struct fe_context *ctx, struct fe_vao *vao);
bool fe_vao_uses_mapped_buffer(const struct fe_vao *vao);
/* Brings vao's binding fold up to date for the share's buffer generation bgen; true when it
 * changed (layout_version and buffers_version moved). Validate calls it before the two below;
 * inline, its test: every vertex-array switch asks it. */
bool fe_vao_fold_update(struct fe_vao *vao, uint64_t bgen);
static inline bool
fe_vao_fold(struct fe_vao *vao, uint64_t bgen)
{
   if (vao->fold_layout_version == vao->layout_version &&
       vao->fold_buffers_version == vao->buffers_version && vao->fold_bgen == bgen)
      return false;
   /* one binding read (read_bindings current) and nothing folded: nothing to fold (a
    * glVertexAttribPointer of a single array between draws) */
   const uint32_t r = vao->read_bindings;
   if (vao->read_layout_version == vao->layout_version && !(r & (r - 1)) && !vao->fold_mask)
      return false;
   return fe_vao_fold_update(vao, bgen);
}
/* The vertex elements CSO payload (cso null) and the vertex buffers of a vertex array: one
 * pipe binding per GL binding read, less those folded into another (fe_vao_fold). */
void fe_vao_build_elements(const struct fe_vao *vao, struct mgp_create_vertex_elements *out);
uint32_t fe_vao_build_buffers(struct fe_vao *vao, struct mgp_vertex_buffer *out);
/* Bytes of one element of an attribute array, and its stride (0 resolved to tight). */
uint32_t fe_vao_attrib_bytes(const struct fe_vertex_attrib *a);
/* A GL_[UNSIGNED_]INT_2_10_10_10_REV word as four floats; signed normalized components as
 * GL 3.3's equation 2.2 says (the current-value commands of a GL 3.3 context), or with gl42 as
 * GL 4.2's (the vertex arrays, as devices fetch them). False for any other type. */
bool fe_unpack_2_10_10_10(GLenum type, bool normalized, bool gl42, uint32_t w, float out[4]);
/* Whether the context converts a normalized signed packed component by equation 2.3 (GL 4.2 on,
 * and ES), c / (2^(b-1) - 1) clamped at -1, rather than 2.2's (2c + 1) / (2^b - 1) (fe_vao.c). */
bool fe_packed_snorm_eq23(const struct fe_context *ctx);
uint32_t fe_vao_attrib_stride(const struct fe_vertex_attrib *a);
/* OpenGL ES's GL_RED_BITS ... GL_STENCIL_BITS: the red, green, blue, alpha, depth and stencil
 * bits of the draw framebuffer (the default one's surface, or an FBO's first draw buffer and
 * its depth and stencil attachments; 0 where nothing is attached). */
void fe_framebuffer_bits(struct fe_context *ctx, int bits[6]);
/* The MGPipe format of the draw framebuffer's depth buffer (the default one's surface, or an
 * FBO's depth attachment); MGP_FORMAT_NONE when there is none. */
uint16_t fe_framebuffer_depth_format(const struct fe_context *ctx);
/* Whether a draw copies the attribute array into its vertex array's stream: OpenGL ES's
 * client-side arrays, and GL_FIXED arrays (16.16 fixed point has no Vulkan vertex format: the
 * copy converts them to tightly packed floats, from client memory or from the buffer). */
bool fe_vao_attrib_streamed(const struct fe_vao *vao, unsigned i);
/* The vertex buffer binding attribute i reads (GL 4.3 §10.3.2). */
unsigned fe_vao_attrib_binding(const struct fe_vao *vao, unsigned i);
/* GL 4.3 §10.3.1: MAX_VERTEX_ATTRIB_RELATIVE_OFFSET. Vulkan's least
 * maxVertexInputAttributeOffset is GL's least value, 2047; the GLES backend adds the offset to
 * the binding's. */
#define FE_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET 2047u
/* GL_MAX_VERTEX_ATTRIB_BINDINGS. */
unsigned fe_vao_max_bindings(const struct fe_context *ctx);
/* glGetInteger(64)i_v of GL_VERTEX_BINDING_{OFFSET,STRIDE,DIVISOR,BUFFER}: false after
 * recording GL_INVALID_VALUE. */
bool fe_vao_binding_get(struct fe_context *ctx, GLenum target, GLuint index, int64_t *out);
/* fe_client_arrays.c: before a draw reads vertices [first, last] of instances instances from
 * base instance baseinstance, copies the streamed arrays (fe_vao_attrib_streamed) to the server.
 * *rebase is what to subtract from the draw's vertex indices (the copies start at `first`
 * when every per-vertex array is client-side and the vertex shader does not read gl_VertexID;
 * else 0: each copy sits at its vertices' own indices). False: skip the draw (error or decline
 * recorded). */
bool fe_client_arrays_prepare(struct fe_context *ctx, uint32_t first, uint32_t last,
                              uint32_t instances, uint32_t baseinstance, int64_t *rebase);
/* Whether the bound vertex array has enabled streamed arrays. */
static inline bool
fe_client_arrays_active(const struct fe_context *ctx)
{
   return ctx->vao->streamed_mask != 0;
}
/* The smallest and largest index of count indices of type (user memory or the element
 * buffer at offset `indices`), primitive restart indices excepted. False: none (every index
 * restarts), or a range that cannot be read (declined by name). */
bool fe_client_arrays_index_range(struct fe_context *ctx, GLenum type, GLsizei count,
                                  const void *indices, uint32_t *min, uint32_t *max);
void fe_client_arrays_finish(struct fe_context *ctx, struct fe_vao *vao);
/* Whether draw *a (flags, restart index and mode as sent) needs its indices rewritten before
 * the device can draw it: GL_LINE_LOOP (without MGP_CAP_LINE_LOOP), restart at an index other
 * than all-ones, restart in a
 * list without MGP_CAP_LIST_RESTART. Drops the restart flag where no index can restart. */
bool fe_prim_rewrite_needed(struct fe_context *ctx, struct mgp_draw_vbo *a);
/* Rewrites such a draw into 32-bit indices that travel with it (user indices): *a becomes a
 * draw the device can do, *ranges address those indices. *owned holds both, for the caller to
 * free after sending. False: the draw is skipped (error or decline recorded). */
bool fe_prim_rewrite(struct fe_context *ctx, struct mgp_draw_vbo *a,
                     const struct mgp_draw_range **ranges, void **owned);
/* Frees the context's cache of rewritten indices (its server buffer with it). */
void fe_prim_rewrite_finish(struct fe_context *ctx);
/* The index that restarts a primitive for indices of index_size bytes: ES 3.0's fixed index
 * (the type's maximum) or GL's glPrimitiveRestartIndex. */
static inline uint32_t
fe_restart_index(const struct fe_context *ctx, unsigned index_size)
{
   if (!ctx->restart_fixed)
      return ctx->restart_index;
   return index_size == 1 ? 0xffu : index_size == 2 ? 0xffffu : 0xffffffffu;
}

void fe_fbo_destroy(struct fe_context *ctx, struct fe_framebuffer *fb);
/* A framebuffer object no GL name reaches, drawing into color's level 0 (the accumulation
 * buffer's, fe_compat_accum.c); NULL when out of memory. fe_fbo_destroy releases it. */
struct fe_framebuffer *fe_fbo_create_internal(struct fe_context *ctx, struct fe_texture *color);
/* After a copy into an alpha or luminance-alpha image kept in RGBA: the components it does not
 * have zeroed over the box (fe_fbo.c). */
void fe_fbo_zero_absent_texels(struct fe_context *ctx, struct fe_texture *tex,
                               GLenum internal_format, unsigned level, uint32_t layer, GLint x,
                               GLint y, GLsizei w, GLsizei h);
/* glClearTex(Sub)Image of a multisample texture: layers z .. z + d - 1 of tex's level cleared over
 * (x, y, w, h) to the buffers, kind and values of `values` (fe_fbo.c). */
void fe_fbo_clear_texture_box(struct fe_context *ctx, struct fe_texture *tex, unsigned level,
                              uint32_t z, uint32_t d, GLint x, GLint y, GLsizei w, GLsizei h,
                              const struct mgp_clear *values);
/* GL_FRAMEBUFFER_COMPLETE or the reason it is not; fb NULL is the default framebuffer (draw
 * or read side). */
GLenum fe_fbo_status(struct fe_context *ctx, struct fe_framebuffer *fb, bool read);
/* Detaches an image from the current context's framebuffers (glDelete* semantics). */
void fe_fbo_detach_texture(struct fe_context *ctx, struct fe_texture *tex);
void fe_fbo_detach_renderbuffer(struct fe_context *ctx, struct fe_renderbuffer *rb);
/* Fills a framebuffer state (minus content_hash) for the draw and read framebuffers. */
void fe_fbo_build_state(struct fe_context *ctx, struct mgp_framebuffer_state *st);
bool fe_fbo_draw_srgb_capable(const struct fe_context *ctx);
int fe_fbo_draw_buffer_kind(const struct fe_context *ctx, unsigned i);
void fe_fbo_draw_signed_components(const struct fe_context *ctx, int out[4]);
/* The format and sample count of the read buffer (GL_NONE format when there is none). */
bool fe_fbo_read_format(struct fe_context *ctx, uint16_t *format, unsigned *samples);
/* The read framebuffer's image a read of `what` (enum mgp_pack_what) takes its first plane
 * from: its MGPipe format, and for colour whether its alpha is real (an RGB format kept in
 * RGBA reads alpha 1). false: no such image. */
bool fe_fbo_read_image(struct fe_context *ctx, unsigned what, uint16_t *format, bool *has_alpha);
/* GL 3.3 compatibility §2.19.6, §3.9.8, §4.3.2 (ARB_color_buffer_float): whether every
 * enabled draw buffer (the read buffer) has fixed-point components, what GL_FIXED_ONLY
 * clamping asks; a framebuffer with none counts as fixed-point. */
bool fe_fbo_draw_fixed_point(struct fe_context *ctx);
bool fe_fbo_read_fixed_point(struct fe_context *ctx);
/* Whether info is colour-renderable here: the formats GL requires (info->color_renderable) and,
 * in desktop contexts, the signed normalized RED, RG, RGB and RGBA formats the device renders
 * (GL 4.6 table 8.12 leaves them to the implementation; ES 3.0 makes none renderable), and in
 * compatibility contexts the luminance and intensity ones whose storage (their red) it renders
 * (GL 3.0 compatibility: colour-renderable; drawn as red, a draw's red is what they store) */
bool fe_format_color_renderable(const struct fe_context *ctx, const struct fe_format_info *info);
/* fe_state.c: whether glClampColor's setting `clamp` clamps for the draw (read) framebuffer. */
bool fe_clamp_color_applies(struct fe_context *ctx, GLenum clamp, bool read);
/* Whether glGet of the clear, blend, fog and texture border colours answers them clamped to
 * [0, 1]: a compatibility context whose fragment colour clamp is in effect
 * (GL_ARB_color_buffer_float's query rule, which Mesa follows). */
bool fe_clamp_color_queries(struct fe_context *ctx);
/* v clamped to [0, 1] */
static inline double
fe_clamp01(double v)
{
   return v > 1.0 ? 1.0 : v >= 0.0 ? v : 0.0;
}
unsigned fe_fbo_draw_samples(struct fe_context *ctx);     /* GL_SAMPLES: 0 single-sampled */
unsigned fe_fbo_read_samples(struct fe_context *ctx);     /* the read framebuffer's, likewise */
unsigned fe_fbo_samples(const struct fe_framebuffer *fb); /* NULL: the default framebuffer */

void fe_state_init(struct fe_context *ctx);
/* glIsEnabled's answer, or -1 for a cap it does not know. */
int fe_state_is_enabled(const struct fe_context *ctx, GLenum cap);
/* GL_SCISSOR_TEST of viewport i (< FE_MAX_VIEWPORTS; 0 is ctx->scissor_test) */
void fe_scissor_enable_at(struct fe_context *ctx, GLuint i, bool on);
bool fe_scissor_enabled_at(const struct fe_context *ctx, GLuint i);
/* GL_VIEWPORT_BOUNDS_RANGE */
void fe_viewport_bounds(const struct fe_context *ctx, float bounds[2]);
/* ctx->viewports[] as GL holds them (the box glViewport / glScissor gave every index past 0,
 * written out on first need): before any read or write of them */
void fe_viewports_settle(struct fe_context *ctx);
/* GL_ARB_viewport_array is listed: the backend draws 16 viewports (MGP_CAP_VIEWPORT_ARRAY,
 * set_viewports) in a desktop context, or an ES one that lists GL_OES_viewport_array
 * (fe_es_ext.c); its desktop entry points keep GL's state either way */
bool fe_viewport_array_offered(const struct fe_context *ctx);
GLenum fe_state_hint(const struct fe_context *ctx, GLenum target);
/* Whether target is a glHint target of the context's API. */
bool fe_state_hint_valid(const struct fe_context *ctx, GLenum target);
void fe_texture_unit_unbind_texture(struct fe_context *ctx, struct fe_texture *tex);

bool fe_surface_realize(struct fe_surface *surf, struct fe_share_group *share);
/* Moves surf's buffers into ctx's share group when another group holds them, with their
 * contents (fe_surface_move.c), so that every context bound to a drawable sees the same
 * buffers. Called wherever a context uses its draw or read surface: making current, every
 * verb's validate, swaps and reads. false: out of memory (the surface has no buffers). */
bool fe_surface_claim(struct fe_context *ctx, struct fe_surface *surf);
/* fe_surface_claim's carry: a surface's colour (resolved) and depth/stencil planes in client
 * memory while they cross from one session to another. */
struct fe_surface_carry {
   uint32_t width, height;
   uint8_t *color, *ds;
   size_t color_size, ds_size;
   uint16_t ds_format;
};
void fe_surface_carry_read(struct fe_surface *surf, struct fe_surface_carry *c);
void fe_surface_carry_write(struct fe_context *ctx, struct fe_surface *surf,
                            const struct fe_surface_carry *c);
void fe_surface_carry_free(struct fe_surface_carry *c);
/* A multisampled surface's colour resolved into surf->resolve (a blit in ctx's stream), so that
 * presents and reads of the default framebuffer see the resolved image, as GL says reads of a
 * multisampled default framebuffer do. Nothing for a single-sampled surface. false: the
 * context is lost. */
bool fe_surface_resolve(struct fe_context *ctx, struct fe_surface *surf);
/* Resolves a multisampled surface's depth and stencil into its ds_resolve image (made here the
 * first time): a sample's value per pixel, as GL reads a multisampled default framebuffer's
 * depth and stencil. false: the context was lost or the image could not be made. */
bool fe_surface_resolve_ds(struct fe_context *ctx, struct fe_surface *surf);

/* A cube sampler of `target` filters within each face: GL_TEXTURE_CUBE_MAP_SEAMLESS off in a
 * desktop context (ES 3.0 cube maps are always seamless), on a device with
 * MGP_CAP_NON_SEAMLESS_CUBE (without it cube maps filter across faces whatever the enable) */
static inline bool
fe_cube_non_seamless(const struct fe_context *ctx, enum fe_tex_target target)
{
   return (target == FE_TEX_CUBE || target == FE_TEX_CUBE_ARRAY) && !ctx->rs.seamless_cube &&
          ctx->desc.api != FE_API_GLES &&
          (ctx->share->caps->cap_bits & MGP_CAP_NON_SEAMLESS_CUBE) != 0;
}

/* Helpers shared by entry points. */
static inline bool
fe_is_buffer_usage(GLenum usage)
{
   switch (usage) {
   case GL_STREAM_DRAW:
   case GL_STREAM_READ:
   case GL_STREAM_COPY:
   case GL_STATIC_DRAW:
   case GL_STATIC_READ:
   case GL_STATIC_COPY:
   case GL_DYNAMIC_DRAW:
   case GL_DYNAMIC_READ:
   case GL_DYNAMIC_COPY: return true;
   default: return false;
   }
}

static inline bool
fe_is_compare_func(GLenum f)
{
   return f >= GL_NEVER && f <= GL_ALWAYS;
}

static inline uint32_t
fe_f2u(float f)
{
   union {
      float f;
      uint32_t u;
   } v = {.f = f};
   return v.u;
}

static inline float
fe_u2f(uint32_t u)
{
   union {
      float f;
      uint32_t u;
   } v = {.u = u};
   return v.f;
}

static inline float
fe_clampf(float v, float lo, float hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

#endif
