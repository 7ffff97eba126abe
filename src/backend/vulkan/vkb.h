/* vkb.h — the Vulkan backend's internal model, shared by its files (nothing outside
 * src/backend/vulkan includes it; the rest of the server sees only mgs_vulkan_backend).
 *
 * Threading: one screen and its contexts are driven by one thread at a time (the applier of
 * one session), so nothing here locks.
 *
 * Recording model: the screen owns ONE command buffer being recorded (the current batch);
 * every context records into it, in the order the calls arrive. That keeps image-layout
 * tracking and "every record applies in order" trivially true across contexts of one share
 * group. A batch is submitted at flush / present / fence wait / readback; a VkFence per batch
 * proves its completion, and everything a batch owns (upload arena blocks, descriptor pools,
 * objects deleted while it was recording) is released only when that fence has signalled. */
#ifndef MGL_BACKEND_VULKAN_VKB_H
#define MGL_BACKEND_VULKAN_VKB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

/* VK_KHR_maintenance5's feature, where the Vulkan headers predate it (1.3.239 here): the
 * registry's names and values, only what the backend enables. */
#ifndef VK_KHR_maintenance5
#define VK_KHR_MAINTENANCE_5_EXTENSION_NAME "VK_KHR_maintenance5"
#define VKB_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR ((VkStructureType)1000470000)
typedef struct VkPhysicalDeviceMaintenance5FeaturesKHR {
   VkStructureType sType;
   void *pNext;
   VkBool32 maintenance5;
} VkPhysicalDeviceMaintenance5FeaturesKHR;
#else
#define VKB_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR                              \
   VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_5_FEATURES_KHR
#endif

#include "decline.h"
#include "hash.h"
#include "pipe_pixel.h"
#include "pipe_tables.h"
#include "spv.h"
#include "backend.h"

#define VKB_MAX_LEVELS 16
/* Aspects of a feedback loop (GL_ARB_texture_barrier): a draw samples a level attached as a
 * colour / depth-stencil attachment (the pipeline flags of VK_EXT_attachment_feedback_loop_layout) */
#define VKB_LOOP_COLOR 1u
#define VKB_LOOP_DS 2u
/* A draw stores to (GL_ARB_shader_image_load_store) a level attached as a colour attachment:
 * the level is in GENERAL layout, which the rendering scope keeps for the attachment (no
 * pipeline flag; GL 4.6 9.3: the results are defined with barriers between draws) */
#define VKB_LOOP_STORAGE 4u
/* A sampler memo way resolved for a dispatch (its kind's high bit): no attachment checks */
#define VKB_WAY_COMPUTE 0x80000000u
#define VKB_PRED_WORDS 64u   /* conditional-rendering predicates in flight */
#define VKB_PRED_SCRATCH 64u /* after them: slot results a summed predicate ORs (vkb_cond_sum.c) */
#define VKB_MAX_COLOR 8
#define VKB_MAX_ATTRIBS 16
#define VKB_MAX_VB 16
/* bindings 0..63: 0 the default block, 1..60 uniform blocks (MGP_MAX_UNIFORM_BLOCKS) */
#define VKB_MAX_UBO_BINDING 64
#define VKB_SAMPLER_BASE 64
/* set 0's bindings a memo keeps (vkb_draw_fast.c, buffer_set_memo) */
#define VKB_BUFFER_SET_MEMO_MAX 8
/* The most resources a dispatch's shader may write for its sets to be kept (vkb_dispatch_memo) */
#define VKB_DISPATCH_MEMO_WRITTEN 8
#define VKB_MAX_SAMPLERS MGP_MAX_SAMPLERS /* sampler j -> binding 64 + j */
/* Image j (a storage image, GL's image uniforms) is binding VKB_IMAGE_BASE + j, in set
 * VKB_SET_TEXTURES (glsl.h's contract: images 160..175). */
#define VKB_IMAGE_BASE 160
#define VKB_MAX_IMAGES 16
/* GL_KHR_blend_equation_advanced in the shader (MGP_CAP_BLEND_SHADER): the fragment stage reads
 * draw buffer 0 through this combined image sampler (glsl.h's GLSL_BINDING_BLEND_DST), in set
 * VKB_SET_TEXTURES */
#define VKB_BLEND_DST_BINDING (VKB_IMAGE_BASE + VKB_MAX_IMAGES)
#define VKB_MAX_BINDING (VKB_BLEND_DST_BINDING + 1)
#define VKB_SET_CACHE 8 /* descriptor sets a context remembers (kept across batches) */
/* A program's descriptors come in two sets, so that changing a uniform block does not rebind
 * its textures (lavapipe re-validates every sampler of a set it binds): set 0 holds bindings
 * below VKB_SAMPLER_BASE (default block, uniform blocks), set 1 the samplers. The client's
 * SPIR-V says set 0 throughout; vkb_spirv_split_sets moves the samplers to set 1. */
#define VKB_SET_BUFFERS 0
#define VKB_SET_TEXTURES 1
#define VKB_SET_COUNT 2
#define VKB_UNUSED_BINDING_BASE 192 /* glsl.h: declared but statically unused */
#define VKB_MAX_STORAGE_BUFFERS 16  /* shader storage blocks a program may bind (caps) */
/* Storage block k is binding VKB_SSBO_BASE + k, in set VKB_SET_TEXTURES with the samplers
 * (glsl.h's contract: samplers 64..143, storage blocks 144..159). */
#define VKB_SSBO_BASE 144
_Static_assert(1 + MGP_MAX_UNIFORM_BLOCKS <= VKB_MAX_UBO_BINDING &&
                  VKB_SAMPLER_BASE + VKB_MAX_SAMPLERS <= VKB_SSBO_BASE &&
                  VKB_SSBO_BASE + VKB_MAX_STORAGE_BUFFERS <= VKB_IMAGE_BASE &&
                  VKB_MAX_BINDING <= VKB_UNUSED_BINDING_BASE,
               "the descriptor contract's ranges do not overlap");
#define VKB_ARENA_BLOCK (4u << 20)
#define VKB_STAT_KINDS 11 /* pipeline statistics query kinds (vkb_pstats.c) */
/* stat_active's entry for compute shader invocations, the one kind a dispatch counts */
#define VKB_STAT_COMPUTE                                                                           \
   (MGP_QUERY_KIND_COMPUTE_SHADER_INVOCATIONS - MGP_QUERY_KIND_VERTICES_SUBMITTED)
#define VKB_MAX_XFB 4     /* transform feedback buffers (GL's separate attribs) */
#define VKB_MAX_STREAMS 4 /* vertex streams (MGP_MAX_VERTEX_STREAMS) */

struct vkb_screen;
struct vkb_context;

/* ---- formats (vkb_format.c) -------------------------------------------------------------- */

struct vkb_format {
   VkFormat vk;           /* what the image / attribute really is (after substitution) */
   VkFormat wanted;       /* what the mgp_format names; != vk when substituted */
   uint8_t texel_size;    /* bytes per texel of the *source* layout (mgp_format) */
   uint8_t vk_texel_size; /* bytes per texel of vk */
   uint8_t expand_rgb;    /* source RGB texels widen to RGBA (alpha = 1) on upload */
   uint8_t has_alpha;     /* the mgp_format stores alpha (else writes to A are masked) */
   uint8_t kind;          /* MGP_SAMPLER_KIND_FLOAT / INT / UINT of the colour data */
   uint8_t depth_layout;  /* enum mgp_depth_layout of vk's depth aspect as a copy gives it */
   uint16_t storage;      /* the mgp_format whose layout vk's texels have (after substitution) */
   VkImageAspectFlags aspect;
   uint8_t caps; /* MGP_FORMAT_CAP_* on this device */
};

void vkb_format_init(struct vkb_screen *scr);
/* NULL when the format is not mapped on this device. */
const struct vkb_format *vkb_format_get(const struct vkb_screen *scr, unsigned mgp_format);
/* vkb_format_get, or its has_alpha-0 twin when no_alpha: the GL format reads alpha 1, and every
 * writer keeps the stored alpha at 1 (uploads, draws and clears mask or force it, blits into it
 * are drawn with A masked). */
const struct vkb_format *vkb_format_get_alpha(const struct vkb_screen *scr, unsigned mgp_format,
                                              bool no_alpha);
const char *vkb_format_name(unsigned mgp_format);
/* The UNORM twin of an sRGB format (a colour image's view while GL_FRAMEBUFFER_SRGB is off);
 * any other format is its own. */
VkFormat vkb_format_linear(VkFormat vk);
/* The bytes alpha 1 is in a texel of vk (its last channel, little-endian): their count, or 0
 * when vk has no whole-byte alpha channel. */
uint32_t vkb_format_alpha_one(VkFormat vk, uint8_t one[4]);
/* How a buffer copy of vk's depth aspect lays out each value (enum mgp_depth_layout). */
enum mgp_depth_layout vkb_format_depth_layout(VkFormat vk);

/* ---- objects in slot tables --------------------------------------------------------------- */

struct vkb_obj {
   struct mgp_handle h;
};

struct vkb_table {
   struct vkb_obj **slots;
   uint32_t cap;
   uint32_t live; /* objects in it: at most MGL_SERVER_SESSION_OBJECTS */
   /* objects ever removed: a handle found live stays live while this stands (the slot of a
    * live object is never reused) */
   uint64_t removed;
};

/* The live object for h, or NULL (h null, unknown slot or stale gen: see vkb_lookup). Inline:
 * every call that names an object asks it (issue 22: the state-change draws). */
static inline struct vkb_obj *
vkb_table_peek(const struct vkb_table *t, struct mgp_handle h)
{
   if (mgp_handle_is_null(h) || h.slot >= t->cap)
      return NULL;
   struct vkb_obj *o = t->slots[h.slot];
   return o && o->h.gen == h.gen ? o : NULL;
}
/* Stores obj at its slot; false (and env->fatal) when the slot is taken or out of range. */
bool vkb_table_put(struct vkb_screen *scr, struct vkb_table *t, struct vkb_obj *obj,
                   const char *call);
void vkb_table_remove(struct vkb_table *t, struct vkb_obj *obj);
void vkb_table_finish(struct vkb_table *t);
/* A size from the environment (k, m, g suffixes), else def; 0 means no cap. */
uint64_t vkb_size_knob(const char *name, uint64_t def);

/* Live object for a non-null handle; a stale or unknown handle calls
 * env->fatal(StaleHandle, call) and returns NULL. A null handle returns NULL silently. */
void *vkb_lookup_stale(struct vkb_screen *scr, struct mgp_handle h, const char *call);
static inline void *
vkb_lookup(struct vkb_screen *scr, struct vkb_table *t, struct mgp_handle h, const char *call)
{
   struct vkb_obj *o = vkb_table_peek(t, h);
   return o || mgp_handle_is_null(h) ? o : vkb_lookup_stale(scr, h, call);
}

/* ---- sub-allocated buffer and image memory (vkb_suballoc.c) ------------------------------- */

#define VKB_SUB_MAX_ALLOC ((VkDeviceSize)4 << 20)       /* larger stores get memory of their own */
#define VKB_SUB_BLOCK_MIN ((VkDeviceSize)8 << 20)       /* a memory type's first block */
#define VKB_SUB_BLOCK_MAX ((VkDeviceSize)64 << 20)      /* blocks double up to this */
#define VKB_SUB_MAX_BLOCK_BYTES ((VkDeviceSize)1 << 30) /* all blocks of a screen */
#define VKB_SUB_PENDING_LIMIT ((VkDeviceSize)64 << 20)  /* freed, batch recording: submit it */

struct vkb_sub_range {
   VkDeviceSize offset, size;
};

/* One VkDeviceMemory that buffers, or images, share; free: its free ranges, by offset, never
 * touching. */
struct vkb_sub_block {
   VkDeviceMemory mem;
   uint8_t *map;            /* host-visible types: mapped whole for the block's life */
   VkDeviceSize size, used; /* used: given out or pending */
   VkDeviceSize lost;       /* freed where it could not be recycled (a fatal, a hung device) */
   uint32_t type;
   bool image; /* holds optimal-tiling images alone (bufferImageGranularity), else buffers */
   struct vkb_sub_range *free;
   uint32_t free_count, free_cap;
   struct vkb_sub_block *next;
};

/* A freed range, reusable once the batch of this serial has completed. */
struct vkb_sub_pending {
   struct vkb_sub_block *block;
   VkDeviceSize offset, size;
   uint64_t serial;
};

/* Freed ranges in serial order. */
struct vkb_sub_pool {
   struct vkb_sub_pending *pending;
   uint32_t pending_count, pending_cap;
   VkDeviceSize pending_bytes;
};

struct vkb_sub_state {
   struct vkb_sub_block *blocks;
   struct vkb_sub_pool pool;
   VkDeviceSize block_bytes; /* every block's size */
   VkDeviceSize used_bytes;  /* live stores' ranges (their mem_bytes) */
   VkDeviceSize block_limit; /* all blocks' bytes at most; 0: VKB_SUB_MAX_BLOCK_BYTES (tests) */
};

/* The range core, no Vulkan (unit-tested directly): init gives one free range of size; take
 * finds the first free range that holds size bytes at a multiple of align (a power of two);
 * give returns a range, merging it with free neighbours, false for a range not given out
 * (overlapping a free one) or out of host memory; defer queues a freed range under serial;
 * release gives a range the GPU may use up to batch busy back at once where busy <= completed,
 * else defers it (under the newest pending serial where that is later: the queue stays in
 * order); reclaim gives back every queued range of serial <= completed and returns how many. */
bool vkb_sub_block_init(struct vkb_sub_block *b, VkDeviceSize size);
void vkb_sub_block_finish(struct vkb_sub_block *b);
bool vkb_sub_block_take(struct vkb_sub_block *b, VkDeviceSize size, VkDeviceSize align,
                        VkDeviceSize *offset);
bool vkb_sub_block_give(struct vkb_sub_block *b, VkDeviceSize offset, VkDeviceSize size);
bool vkb_sub_defer(struct vkb_sub_pool *p, struct vkb_sub_block *b, VkDeviceSize offset,
                   VkDeviceSize size, uint64_t serial);
bool vkb_sub_release(struct vkb_sub_pool *p, struct vkb_sub_block *b, VkDeviceSize offset,
                     VkDeviceSize size, uint64_t busy, uint64_t completed);
uint32_t vkb_sub_reclaim(struct vkb_sub_pool *p, uint64_t completed);

/* The ring arms' heap imported by block (vkb_heap_block.c). */
struct vkb_heap_block {
   VkDeviceMemory mem; /* VK_NULL_HANDLE: not imported (now) */
   uint8_t *map;       /* mem mapped whole */
   VkDeviceSize size;
   uint32_t type;
   uint32_t users; /* live buffers bound into it */
   uint64_t busy;  /* the last batch that may read a buffer released from it */
   bool refused;   /* the device took no import of it: never asked again */
};

struct vkb_heap_blocks {
   uint8_t *base; /* the server's mapping of the heap (heap_attach); NULL: none */
   uint64_t len;
   struct vkb_heap_block *blocks; /* block i: [i, i + 1) * MGP_HEAP_BLOCK_SIZE of it */
   uint32_t count;
   bool unmapped; /* heap_unmap came: no import more, each block freed once unused */
};

struct vkb_resource {
   struct vkb_obj base;
   struct mgp_resource_desc desc;
   bool unsupported;       /* declined at create: every later use declines, no fatal */
   bool no_storage;        /* its memory could not be allocated (GL_OUT_OF_MEMORY): also
                               * unsupported, but a texture samples as incomplete */
   VkDeviceSize mem_bytes; /* what alloc_memory gave it (the budget's count) */
   bool is_buffer;
   bool ds_attachment; /* image with DEPTH_STENCIL_ATTACHMENT usage */
   /* ATTACHMENT_FEEDBACK_LOOP usage (VK_EXT_attachment_feedback_loop_layout): a level may be
    * sampled while it is attached (vkb_draw_descriptors.c) */
   bool feedback_usage;
   uint64_t last_use; /* serial of the last batch that touched it on the GPU */
   /* a shader may have written it (storage buffer) since the last barrier that made shader
    * writes visible to transfers and the host: a readback makes them so first */
   bool shader_written;
   uint32_t storage_version; /* bumps at respecify: views made from older storage are stale */
   uint64_t store_id;        /* this storage's, unique in its screen (vkb_screen.next_store_id) */
   VkDeviceMemory mem;
   /* a small store's range of a shared block (vkb_suballoc.c): mem is the block's, bound at
    * mem_offset; NULL for memory of its own */
   struct vkb_sub_block *sub_block;
   VkDeviceSize mem_offset;
   /* buffers */
   VkBuffer buf;
   VkDeviceSize size; /* the GL size (VkBuffer may be larger: never 0 bytes) */
   uint8_t *map;      /* host-visible buffers: persistently mapped */
   bool heap_store;   /* map is the client's heap span (imported host memory) */
   /* the block of the heap buf is bound into (mem is then VK_NULL_HANDLE), else NULL */
   struct vkb_heap_block *heap_block;
   bool coherent;
   /* Renaming (vkb_rename.c). shadow: the bytes buf holds once every recorded write has run,
    * kept while every write since its store was made came from the CPU (a small buffer only;
    * NULL once anything else may have written it). ver_buf/ver_offset: the arena copy with the
    * latest bytes that draws recorded after a glBufferSubData inside the rendering scope bind
    * instead of buf; copied into buf when the scope ends. */
   uint8_t *shadow;
   bool shadow_zero; /* the shadow is all zero and not allocated yet (counted in shadow_bytes) */
   /* The last indirect draw's commands found within their budget in the shadow (vkb_draw.c,
    * indirect_unclamped): that draw again reads the buffer, no clamp; any shadow write clears
    * it. cmds_ok_n 0: none. */
   uint64_t cmds_ok_offset;
   uint32_t cmds_ok_n, cmds_ok_stride, cmds_ok_size;
   VkBuffer ver_buf;
   VkDeviceSize ver_offset;
   /* Read through a descriptor at least once (a uniform block, a texture buffer): a rename of
    * it moves the descriptor sets' ticks too (vkb_rename.c). Never cleared: a set remembered
    * in a memo may still name it. */
   bool desc_read;
   /* Zeroing owed by a new store (vkb_zero.c): the levels (bit per level; bit 0 for a buffer)
    * neither zeroed nor wholly written yet; while any is owed r is on the screen's zero list,
    * and every call but the few that cannot observe a store pays it first. */
   uint32_t zero_owed;
   bool zero_partial;           /* a level was written whole: no whole-memory memset any more */
   VkDeviceSize zero_host_size; /* host-visible image memory: its size, else 0 */
   VkMemoryPropertyFlags zero_host_got; /* and its property flags */
   struct vkb_resource *zero_prev, *zero_next;
   /* images */
   VkImage img;
   const struct vkb_format *fmt;
   uint32_t width, height, levels;
   uint32_t depth;  /* TEX_3D: slices; else 1 */
   uint32_t layers; /* array layers of the image (6 per cube, 1 for 3D) */
   VkImageType image_type;
   VkSampleCountFlagBits samples;
   /* depth/stencil made with SAMPLE_LOCATIONS_COMPATIBLE_DEPTH (GL_MULTISAMPLE off may draw
    * into it with pixel-centre sample locations), and whether the last draw into it did */
   bool centre_compatible, centre_drawn;
   /* made CUBE_COMPATIBLE: a cube texture, or a square 2D array of six layers or more that a
    * cube texture view may take */
   bool cube_compatible;
   VkImageLayout layout[VKB_MAX_LEVELS];     /* per level: every layer of a level shares it */
   VkImageView att_view[VKB_MAX_LEVELS];     /* one-level views for attachments / copies */
   VkImageView layered_view[VKB_MAX_LEVELS]; /* every layer of a level as a 2D array */
   VkImageView *layer_views; /* [level * slices + layer] for layered images, made lazily */
   uint32_t layer_view_slices;
   /* The same three caches for the UNORM view of an sRGB image (GL_FRAMEBUFFER_SRGB off). */
   VkImageView lin_view[VKB_MAX_LEVELS], lin_layered_view[VKB_MAX_LEVELS];
   VkImageView *lin_layer_views;
   struct mgp_texture_params params;
   uint32_t params_version;
   /* texture buffers (TEX_BUFFER): a view of desc.buffer, made at draw for the buffer it finds */
   bool is_texbuf;
   VkBufferView texbuf_view;
   /* the store_id of the buffer storage it views: a VkBuffer handle of a store since released
    * may come back for another (texture_buffer_store) */
   uint64_t texbuf_store;
   VkDeviceSize texbuf_offset, texbuf_range;
   /* a buffer made with STORAGE_TEXEL usage (every buffer, for imageBuffer) takes no view in a
    * format the device cannot store to (VUID-VkBufferViewCreateInfo-buffer-00934: RGB32 on
    * lavapipe): such a view is made of this second VkBuffer over the same memory, with
    * UNIFORM_TEXEL usage alone (vkb_draw_descriptors.c) */
   VkBuffer texbuf_alias;
   /* and its storage texel buffer view for an image unit (imageBuffer, vkb_images.c), in the
    * unit's format */
   VkBufferView stexbuf_view;
   uint64_t stexbuf_store;
   VkFormat stexbuf_format;
   VkDeviceSize stexbuf_offset, stexbuf_range;
   /* shader images (vkb_images.c): made with STORAGE usage, and the views image units took */
   bool storage_usage;
   struct vkb_storage_view {
      VkImageView view;
      VkImageViewType type;
      VkFormat format;
      uint32_t level, layer, layers;
   } storage_view[4];
   uint32_t storage_view_next;
   /* Texture views (resource_create with view_of): a view has no image of its own (img NULL,
    * unsupported set, so every use but sampling declines); view_owner is the image's owner,
    * view_level/view_layer the view's level 0 and layer 0 in it. An owner counts its views
    * (view_refs) and, destroyed while it has some, leaves the table for scr->view_orphans and
    * keeps its storage until the last view goes. */
   struct vkb_resource *view_owner;
   uint32_t view_level, view_layer;
   /* attachment views in another format of the image's view class (a texture view's surface,
    * whose mgp_surface.format is the view's): a few, reused round robin */
   struct vkb_alias_view {
      VkImageView view;
      VkFormat format;
      uint32_t level, layer;
      bool layered;
   } alias_view[4];
   uint32_t alias_view_next;
   uint32_t view_refs;
   struct vkb_resource *orphan_next;
};

/* What render-state CSOs with equal pipeline parts share (vkb_dynstate.c): the pipelines'
 * key names id, so CSOs that differ only in what is dynamic state on this device use the
 * same pipelines, which are evicted when the last of them is deleted. */
struct vkb_rs_share {
   uint32_t refs;
   struct mgp_handle id;         /* the first such CSO's handle: unique, never reused */
   struct mgp_render_state part; /* the pipeline part: dynamic fields zeroed */
};

/* The render-state fields recorded as dynamic state (vkb_dynstate.c), as Vulkan values. */
struct vkb_rs_dynamic {
   uint8_t cull_mode, front_face, depth_test, depth_write, depth_op, stencil_test;
   uint8_t bias_enable, restart, discard;
   uint8_t stencil_ops[2][4]; /* per face: fail, pass, depth fail, compare */
   uint32_t color_count;
   VkBool32 blend_enable[VKB_MAX_COLOR];
   VkColorBlendEquationEXT equation[VKB_MAX_COLOR];
   VkColorComponentFlags write_mask[VKB_MAX_COLOR];
};

/* A render state's dynamic part as last computed, with the pipeline-key fields it read
 * (vkb_render_state_record): a toggle between two states binds each again with the same key. */
struct vkb_rs_memo {
   bool valid, restart;
   uint8_t topology, color_has_alpha, color_blendable, color_count;
   VkFormat depth, stencil;
   uint64_t stamp; /* scr->rs_memo_stamps when computed: equal stamps, equal values */
   struct vkb_rs_dynamic d;
};

struct vkb_render_state {
   struct vkb_obj base;
   struct mgp_render_state s;
   struct vkb_rs_share *share;
   struct vkb_rs_memo memo;
};

struct vkb_vertex_elements {
   struct vkb_obj base;
   struct mgp_create_vertex_elements ve;
};

#define VKB_SAMPLER_SWIZZLES 4

struct vkb_sampler {
   struct vkb_obj base;
   struct mgp_sampler_state st;
   VkSampler vk;
   VkSampler vk_plain; /* st compares: the same sampler without, for non-shadow samplers */
   bool custom_border;
   bool plain_custom_border;
   /* A custom or opaque black border: how vk (and vk_plain) were made, and under
    * VKB_BORDER_SWIZZLE_MAPPING those made again for the views' mappings they were drawn with
    * (made lazily, vkb_sampler_for_view; each with a custom border counts as one) */
   bool swizzled_border;
   VkSamplerCreateInfo info;
   VkSamplerCustomBorderColorCreateInfoEXT custom;
   unsigned num_swizzles;
   struct vkb_sampler_swizzle {
      VkComponentMapping map;
      bool srgb; /* made for views of an sRGB format */
      VkSampler vk, vk_plain;
   } swizzles[VKB_SAMPLER_SWIZZLES];
};

struct vkb_sampler_view {
   struct vkb_obj base;
   struct mgp_create_sampler_view desc;
   VkImageView vk; /* made lazily at draw from desc + the texture's params */
   uint32_t made_storage_version, made_params_version;
   uint32_t made_slot, made_gen;
   uint32_t made_base, made_count;  /* the texture levels the view covers */
   VkImageViewCreateInfo made_info; /* how vk was made */
   /* made_base alone, for a draw that samples the base level only while another level of
    * the same texture is attached (made lazily, dropped with vk) */
   VkImageView vk_base;
   /* vk's levels (or its base alone) through a format of another numeric kind, for a sampler
    * whose kind differs from the texture's (made lazily, dropped with vk) */
   VkImageView vk_kind;
   uint32_t vk_kind_of, vk_kind_levels; /* MGP_SAMPLER_KIND_* and level count of vk_kind */
};

struct vkb_shader_binding {
   VkDescriptorType type;
   uint32_t count; /* 0: binding absent */
   VkShaderStageFlags stages;
};

struct vkb_shader {
   struct vkb_obj base;
   bool broken;          /* a pipeline can never be built from it: */
   char broken_why[256]; /* why (every draw with it declines naming this) */
   bool over_limits;     /* broken: an interface over the device's limits (vkb_io_limits.c) */
   /* each stage's interface (spv_io.c), checked as the device counts it (vkb_io_limits.c) */
   struct spv_stage_io io[MGP_SHADER_STAGE_COUNT];
   uint32_t stage_mask;
   VkShaderModule mod[MGP_SHADER_STAGE_COUNT];
   char entry[MGP_SHADER_STAGE_COUNT][64];
   struct mgp_shader_reflection refl;
   struct vkb_shader_binding binding[VKB_MAX_BINDING];
   uint32_t max_binding; /* one past the highest binding present */
   /* bit b % 64 of word b / 64: binding b present (count != 0) */
   uint64_t binding_used[(VKB_MAX_BINDING + 63) / 64];
   /* storage image j's shape in the shader: its view type (VkImageViewType) */
   uint8_t image_view_type[VKB_MAX_IMAGES];
   /* bit j: image j is an imageBuffer some image atomic reaches (its format must have
    * VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT) */
   uint32_t image_atomic;
   /* set 1 holds a texel buffer or a storage block: without one, what it holds follows from
    * the sampler views and samplers bound alone (vkb_draw_fast.c, texture_set_memo) */
   bool textures_mixed;
   /* the fragment stage blends advanced equations itself (VKB_BLEND_DST_BINDING) */
   bool blend_dst;
   VkDescriptorSetLayout dsl[VKB_SET_COUNT]; /* VKB_SET_BUFFERS, VKB_SET_TEXTURES */
   bool set_used[VKB_SET_COUNT];             /* the set has a binding */
   VkPipelineLayout layout;
   bool needs_draw_params;
   /* the vertex stage reads the pushed draw parameters (spv_draw_params.c): each draw command
    * pushes them, and no draw of it is queued or takes the fast path */
   bool draw_params_pushed;
   /* a stage reads gl_PrimitiveID (an input PrimitiveId): each draw is a command of its own,
    * since a merged command numbers its draws' primitives on (lavapipe), where GL starts each
    * draw at 0 */
   bool reads_primitive_id;
   /* The last stage before rasterization writes gl_ClipDistance[0, clip_planes) and takes
    * GL's enables as specialization constants (spv_clip_enables.c), stage clip_stage */
   uint32_t clip_planes;
   int clip_stage;
   bool interp_functions; /* the fragment stage has the InterpolationFunction capability */
   bool sample_rate;      /* a stage declares SampleRateShading (gl_SampleID, ...) */
   /* The geometry stage is the one without its gl_PointSize writes (vkb_cso.c,
    * gs_point_size_cut_patch): over the device's output limits with them, within without.
    * It draws what needs no point size (vkb_draw.c, draw_point_size_cut) */
   bool gs_point_size_cut;
   bool writes_point_size[MGP_SHADER_STAGE_COUNT];
   bool gs_output_points;    /* the geometry stage emits points */
   bool gs_output_lines;     /* the geometry stage emits line strips */
   bool writes_layer;        /* a geometry stage writes gl_Layer */
   bool writes_viewport;     /* a vertex, tess-eval or geometry stage writes gl_ViewportIndex */
   uint32_t layer_word;      /* its SPIR-V word holding BuiltIn Layer */
   bool gs_primitive_id_out; /* the geometry stage writes gl_PrimitiveID */
   /* The geometry stage with its Layer output made a PrimitiveId output: for a framebuffer
    * that is not layered, where GL ignores gl_Layer (NULL when the GS writes both). */
   VkShaderModule gs_layer_ignored;
   /* The fragment stage with its user inputs interpolated at the sample (spv_sample_inputs.c):
    * for sample shading at a fraction of 1.0 (GL 4.6 14.3.1.1). The rewritten words are kept
    * (NULL where the rewrite changes nothing or the device lacks sampleRateShading); the
    * module is validated and made at the first pipeline that needs it (vkb_pipeline.c). */
   uint32_t *fs_per_sample_words;
   size_t fs_per_sample_n;
   VkShaderModule fs_per_sample;
   /* The fragment stage for single-sample rasterization (spv_single_sample.c): GL_MULTISAMPLE
    * off or one sample, where gl_SampleID is 0, gl_SampleMaskIn sample 0's bit and a write to
    * gl_SampleMask changes nothing (GL 4.6 14.3.1, 17.3.1). Kept and made as fs_per_sample
    * (NULL where the module uses none of them); fs_single_why says why there is none where
    * the rewrite could not follow the module (the draw then declines by name). */
   uint32_t *fs_single_words;
   size_t fs_single_n;
   VkShaderModule fs_single;
   const char *fs_single_why;
   VkPipeline compute; /* the compute stage's pipeline, made at its first dispatch */
   /* The default uniform block: the CPU copy of the last bytes set, and the slice of the
    * current batch's arena that holds them (re-uploaded when the batch changed). */
   uint8_t *consts;
   uint32_t consts_size;
   VkBuffer consts_buf;
   VkDeviceSize consts_offset, consts_buf_size;
   uint64_t consts_serial;
};

/* Occlusion or timestamp query slots (vkb_query.c): pools of VKB_QUERY_POOL_SLOTS each, a pool
 * chained on when every slot is in flight, up to VKB_QUERY_POOLS_MAX (what one session can
 * make the server hold); slot s lives in pools[s / VKB_QUERY_POOL_SLOTS]. Past the last pool,
 * the server waits for the oldest batch holding slots (a named decline). */
#define VKB_QUERY_POOL_SLOTS 1024u
#define VKB_QUERY_POOLS_MAX 4u
struct vkb_query_slots {
   VkQueryPool pools[VKB_QUERY_POOLS_MAX];
   uint32_t pool_count;
   uint32_t *free; /* free slot stack */
   uint32_t free_count;
   uint64_t *serial; /* the batch that reset each slot */
};

static inline VkQueryPool
vkb_query_slot_pool(const struct vkb_query_slots *s, uint32_t slot)
{
   return s->pools[slot / VKB_QUERY_POOL_SLOTS];
}

/* A GL query (vkb_query.c). Occlusion: one Vulkan query slot per rendering scope it spanned,
 * summed when the batch of its end completed. Timer: two timestamp slots (begin, end) for
 * GL_TIME_ELAPSED, one for GL_TIMESTAMP. */
struct vkb_query {
   struct vkb_obj base;
   uint32_t target; /* enum mgp_query_kind */
   bool active, ended, announced;
   uint64_t end_serial; /* batch that holds its last slot */
   uint32_t *slots;
   uint32_t slot_count, slot_cap;
   uint32_t ts[2]; /* timer queries: their slots in the screen's ts slots */
   uint32_t ts_count;
   uint64_t value;  /* once announced */
   uint64_t folded; /* statistics and occlusion queries: the sum of slots already read back */
   uint32_t stream; /* primitive queries: the vertex stream counted (begin_query.index) */
};

struct vkb_fence {
   struct vkb_obj base;
   uint64_t serial; /* batch that holds everything before fence_create */
   bool announced;  /* the client was sent "fence signalled" */
};

/* ---- upload arena and batches (vkb_batch.c) -------------------------------------------- */

struct vkb_arena_block {
   VkBuffer buf;
   VkDeviceMemory mem;
   uint8_t *map;
   VkDeviceSize size, used;
   struct vkb_arena_block *next;
};

struct vkb_alloc {
   VkBuffer buf;
   VkDeviceSize offset;
   VkDeviceSize block_size;
   uint8_t *ptr;
};

enum vkb_garbage_kind {
   VKB_GARBAGE_BUFFER,
   VKB_GARBAGE_IMAGE,
   VKB_GARBAGE_IMAGE_VIEW,
   VKB_GARBAGE_MEMORY,
   VKB_GARBAGE_SAMPLER,
   VKB_GARBAGE_PIPELINE,
   VKB_GARBAGE_SHADER_MODULE,
   VKB_GARBAGE_SET_LAYOUT,
   VKB_GARBAGE_PIPELINE_LAYOUT,
   VKB_GARBAGE_BUFFER_VIEW,
   VKB_GARBAGE_DESCRIPTOR_POOL, /* a kept-set pool that filled (vkb_alloc_kept_set) */
};

struct vkb_garbage {
   enum vkb_garbage_kind kind;
   uint64_t handle;
};

/* Draws that follow one another with no other command between them, kept back to be recorded
 * as one vkCmdDrawMulti*EXT: a software device such as lavapipe pays per draw command, not per
 * draw. They share the bound state, the instance range and whether they are indexed. */
#define VKB_MAX_QUEUED_DRAWS 256
struct vkb_draw_queue {
   uint32_t n;
   bool indexed;
   uint32_t instance_count, first_instance;
   VkMultiDrawInfoEXT arr[VKB_MAX_QUEUED_DRAWS];
   VkMultiDrawIndexedInfoEXT idx[VKB_MAX_QUEUED_DRAWS];
};

struct vkb_batch {
   uint64_t serial;
   uint64_t frame_serial;
   bool recording;
   VkCommandPool pool;
   VkCommandBuffer cmd;
   VkFence fence;
   VkEvent hold; /* MGL_TEST_VK_HOLD_BATCH_MS only: the device waits for it (vkb_batch.c) */
   struct vkb_arena_block *blocks; /* blocks[0] is the one being filled */
   uint64_t arena_bytes;           /* handed out from the arena in this batch */
   uint32_t draws;                 /* GL draws recorded into it */
   uint64_t zeroed_bytes;          /* new stores zeroed while it records (vkb_resource.c) */
   VkDescriptorPool *dpools;
   uint32_t dpool_count, dpool_cap, dpool_cur;
   /* Segments (issue 22): on a screen that draws indirectly each rendering scope begins a
    * command buffer of its own (vkb_batch_split), so the scope's indirect-command clamps can go
    * into a pre-pass submitted right before it. segs: the command buffers before cmd, in
    * submission order (a pre-pass slot stays VK_NULL_HANDLE while unused); pre_at: the open
    * scope's slot in segs, -1 outside one; pre_live: the pre-pass being recorded. first_cmd is
    * cmd as allocated, spare the further ones (spare_used of them handed out this time). */
   VkCommandBuffer first_cmd, pre_live;
   VkCommandBuffer *segs, *spare;
   uint32_t seg_count, seg_cap, spare_count, spare_cap, spare_used;
   int32_t pre_at;
   struct vkb_garbage *garbage;
   uint32_t garbage_count, garbage_cap;
   VkDeviceSize garbage_bytes; /* of the memory in garbage that vkb_defer_memory sized */
   struct vkb_batch *next;
};

/* The command buffer being recorded (begun on first use). NULL after a fatal. */
VkCommandBuffer vkb_cmd(struct vkb_screen *scr);
/* True while the current batch has recorded nothing (no batch yet counts): its first command
 * comes after the opening barrier vkb_cmd records, which orders it after every write of the
 * batches before it. */
bool vkb_batch_unrecorded(const struct vkb_screen *scr);
/* Ends the batch's command buffer and begins the next one, with an empty pre-pass slot between
 * them (struct vkb_batch's segments): called as a rendering scope begins. Returns the command
 * buffer the scope records into; NULL after a fatal. Bound state does not survive it. */
VkCommandBuffer vkb_batch_split(struct vkb_screen *scr);
/* The open scope's pre-pass, begun on first use: what it records runs before the scope and
 * after everything recorded before the scope began. NULL where the scope has no slot. */
VkCommandBuffer vkb_batch_pre_cmd(struct vkb_screen *scr);
/* Ends rendering, submits the current batch; returns its serial (0 on failure). */
uint64_t vkb_submit(struct vkb_screen *scr);
/* Waits until every batch up to serial completed (timeout in ns; UINT64_MAX = forever).
 * Returns VK_SUCCESS, VK_TIMEOUT or an error (already reported as a fatal). With retire
 * false the completed batches keep what they own (a readback's arena slice stays mapped)
 * until the caller calls vkb_retire. */
/* Frees what vkb_defer held back after the device hung; the device must be idle. */
void vkb_hung_garbage_finish(struct vkb_screen *scr);
VkResult vkb_wait_serial(struct vkb_screen *scr, uint64_t serial, uint64_t timeout_ns, bool retire);
/* Asks the VkFence of the batch with this serial, not the completed serial: false while that
 * batch records or runs. */
bool vkb_serial_fence_signalled(struct vkb_screen *scr, uint64_t serial);
/* Polls fences, releases what completed batches own, advances the completed serials. */
void vkb_retire(struct vkb_screen *scr);
/* Sends "fence signalled" for every fence whose batch completed (vkb_resource.c); vkb_retire
 * calls it when the completed serial moved. */
void vkb_fences_announce(struct vkb_screen *scr);
/* Sends "query result" for every ended query whose batch completed (vkb_query.c). */
void vkb_queries_announce(struct vkb_screen *scr);
/* Around a rendering scope: the active occlusion query gets a fresh slot, reset before the
 * scope (outside it) and begun inside; ended inside the scope before it closes. */
void vkb_query_scope_prepare(struct vkb_context *ctx);
/* Before anything that may open a rendering scope or take query slots records (a draw, a
 * clear, a dispatch), outside any rendering scope: each slot kind (statistics, occlusion,
 * primitives) with few slots free reads back completed ones and waits for the oldest batch
 * holding some (vkb_query_slots_room). May submit. */
void vkb_query_pressure_point(struct vkb_screen *scr);
/* One kind of query slots, for vkb_query_slots_room. */
struct vkb_query_room {
   const char *what; /* for the decline query-slots-server-wait; NULL: the wait is not one */
   uint32_t held;    /* the slots of the kind the server holds, for the decline */
   const uint32_t *free_count;
   uint32_t want;                                    /* free slots enough */
   void (*fold)(struct vkb_screen *scr);             /* reads completed slots back; NULL: none */
   uint64_t (*oldest)(const struct vkb_screen *scr); /* the oldest batch holding one; 0: none */
   unsigned long long *waits;                        /* counts the waits */
};
/* Makes room in one kind of query slots (every pool of it made): with fewer than k->want
 * free, retires and folds completed slots, then waits for the oldest batch holding some until
 * enough are free or none is left to wait for (held by active queries only). The one place
 * each kind waits for slots. */
void vkb_query_slots_room(struct vkb_screen *scr, const struct vkb_query_room *k);
void vkb_query_scope_begin(struct vkb_context *ctx);
void vkb_query_scope_end(struct vkb_context *ctx);
void vkb_queries_finish(struct vkb_screen *scr);
/* Ends the queries active on ctx (only NULL), or only if it is active there; each keeps
 * what it counted so far. */
void vkb_context_end_queries(struct vkb_context *ctx, const struct vkb_query *only);
/* Conditional rendering on a GPU predicate (vkb_query.c): opens it inside the rendering scope
 * of ctx before its next draw or clear; vkb_end_rendering closes it. */
void vkb_cond_scope_begin(struct vkb_context *ctx);
void vkb_cond_scope_end(struct vkb_screen *scr);
/* Host-visible scratch in the current batch: uploads, default-block slices, readbacks. Out
 * of memory (after waiting for the submitted batches to give theirs back) is
 * Fatal{OutOfMemory}: the caller is in the middle of work it cannot leave half done. */
bool vkb_arena_alloc(struct vkb_screen *scr, VkDeviceSize size, VkDeviceSize align,
                     struct vkb_alloc *out);
/* The same for a caller that has changed nothing yet and can refuse its whole call:
 * VKB_ARENA_OOM is no Fatal (the caller reports GL_OUT_OF_MEMORY, vkb_staging_oom). */
enum vkb_arena_result { VKB_ARENA_OK, VKB_ARENA_OOM, VKB_ARENA_FAILED };
enum vkb_arena_result vkb_arena_try(struct vkb_screen *scr, VkDeviceSize size, VkDeviceSize align,
                                    struct vkb_alloc *out);
/* A call about res got no staging memory: counted, logged once, and the client is told (an
 * out-of-memory event about res: GL_OUT_OF_MEMORY). The session goes on. */
/* vkb_arena_try for a call that can be refused whole: out of staging memory is the session's
 * GL_OUT_OF_MEMORY (vkb_staging_oom) and false, never a Fatal. */
bool vkb_arena_or_refuse(struct vkb_screen *scr, VkDeviceSize size, VkDeviceSize align,
                         struct vkb_alloc *out, struct mgp_handle res, const char *call);
void vkb_staging_oom(struct vkb_screen *scr, struct mgp_handle res, VkDeviceSize bytes,
                     const char *call);
/* Destroys the object once the batches that may use it retire (the batch being recorded
 * holds it); at once after a fatal, when the device is idle (vkb_hung_garbage_finish) after a
 * hang. Held objects are bounded: VKB_BATCH_DEFER_LIMIT, VKB_DEFER_LIMIT. */
void vkb_defer(struct vkb_screen *scr, enum vkb_garbage_kind kind, uint64_t handle);
/* vkb_defer of memory whose size counts against VKB_BATCH_DEFER_BYTES and VKB_DEFER_BYTES: a
 * resource's own allocation, whose size the client chose. */
void vkb_defer_memory(struct vkb_screen *scr, VkDeviceMemory mem, VkDeviceSize bytes);
/* A descriptor set that outlives the batch (the draws' sets, kept by signature in ctx->sets
 * while scr->keep_epoch stays), from scr->keep_pool; failures as vkb_alloc_set's. */
VkDescriptorSet vkb_alloc_kept_set(struct vkb_screen *scr, VkDescriptorSetLayout dsl,
                                   struct mgp_handle about);
/* An object a kept set may name is going (or its handle may come back as another's): no kept
 * set made so far is looked up again. */
void vkb_kept_sets_drop(struct vkb_screen *scr);
/* A descriptor set of the current batch. VK_NULL_HANDLE: a Fatal, or no descriptor memory:
 * then the call is refused with GL_OUT_OF_MEMORY about `about` (its context or resource),
 * counted (descriptor-out-of-memory), and the next call tries again. */
VkDescriptorSet vkb_alloc_set(struct vkb_screen *scr, VkDescriptorSetLayout dsl,
                              struct mgp_handle about);
void vkb_batch_finish_all(struct vkb_screen *scr);
/* Releases every batch MGL_TEST_VK_HOLD_BATCH_MS=wait holds (before the device is waited idle). */
void vkb_batch_release_held(struct vkb_screen *scr);
/* The process is exiting: waits up to timeout_ns for the batches submitted so far (the last
 * one's fence: one queue completes in order) and submits nothing. Returns VK_SUCCESS, or
 * VK_TIMEOUT / an error when it stopped waiting. Sets *waited to the batches still in flight. */
VkResult vkb_batch_quiesce(struct vkb_screen *scr, uint64_t timeout_ns, unsigned *waited);
/* At a safe point (no arena slice of the current call handed out yet): submits the current
 * batch when its arena use passed VKB_BATCH_ARENA_LIMIT, so a long run of uploads without a
 * flush does not grow host memory without bound, or when it holds VKB_BATCH_DRAW_LIMIT draws,
 * so the device starts on a long run of draws while the rest is recorded (lavapipe executes
 * a batch only once it is submitted: a frame of 10^6 tiny draws in one batch ran at half the
 * rate, recording and execution one after the other). Then, while the submitted batches' arena
 * bytes pass VKB_INFLIGHT_ARENA_LIMIT, waits for the oldest: a device slower than the uploads
 * otherwise left every batch's blocks in flight, and each new block was fresh, cold pages
 * (texsub_draw_256KiB made 96-336 blocks, 0.4-1.3 GiB, in 2 s on lavapipe). New stores zeroed
 * past VKB_BATCH_ZERO_LIMIT submit too: the stores a loop makes and deletes are freed only when
 * the batch retires (texcreate_4MiB queued ~6 GiB of clears in one batch, past the GPU
 * watchdog, on lavapipe). What vkb_defer holds submits and waits the same way
 * (VKB_BATCH_DEFER_LIMIT, VKB_DEFER_LIMIT). */
void vkb_arena_pressure_point(struct vkb_screen *scr);
#define VKB_BATCH_ARENA_LIMIT (8u << 20)
#define VKB_BATCH_ZERO_LIMIT (256u << 20)
#define VKB_INFLIGHT_ARENA_LIMIT (32u << 20)
#define VKB_BATCH_DRAW_LIMIT 8192u
/* Batches a pressure submit may leave queued before it waits for the oldest: without it a
 * frame of tiny draws on lavapipe (1.2 M draws/s recorded, ~0.1 M executed) queued every
 * batch it recorded, 0.4 GB of command memory in 0.5 s of mgl-bench blend_toggle. */
#define VKB_INFLIGHT_BATCH_LIMIT 4u
/* What vkb_defer holds: VKB_BATCH_DEFER_LIMIT objects or VKB_BATCH_DEFER_BYTES of sized memory
 * in the batch being recorded submits it at the next call (vkb_tables.c) or draw, and past
 * VKB_DEFER_LIMIT objects or VKB_DEFER_BYTES in the open and in-flight batches together the
 * oldest is waited for. A loop that creates and deletes objects records no work and may never
 * flush: before, its batch held every object it deleted until the session ended (mgl-bench
 * bufcreate_64KiB: 100,000 steps, 100,000 buffers held), and memory it no longer counted
 * against the session's cap. */
#define VKB_BATCH_DEFER_LIMIT 1024u
#define VKB_DEFER_LIMIT (VKB_INFLIGHT_BATCH_LIMIT * VKB_BATCH_DEFER_LIMIT)
#define VKB_BATCH_DEFER_BYTES (256ull << 20)
#define VKB_DEFER_BYTES (VKB_INFLIGHT_BATCH_LIMIT * VKB_BATCH_DEFER_BYTES)
/* Serial of the batch being recorded (opened if needed); 0 after a fatal. */
uint64_t vkb_current_serial(struct vkb_screen *scr);

#define VKB_DEFER(scr, kind, h) vkb_defer((scr), (kind), (uint64_t)(uintptr_t)(h))

/* A range for a buffer (image false) or an optimal-tiling image of req in memory type type
 * (vkb_suballoc.c): false where it takes memory of its own (too large, no block within the
 * budgets and nothing pending to wait for, MGL_VK_NO_SUBALLOC). free gives the range back
 * once batch busy has completed (0: the store never reached the GPU; at once where it has).
 * finish frees every block (device idle). */
bool vkb_sub_alloc(struct vkb_screen *scr, const VkMemoryRequirements *req, uint32_t type,
                   bool image, struct vkb_sub_block **out, VkDeviceSize *offset);
void vkb_sub_free(struct vkb_screen *scr, struct vkb_sub_block *b, VkDeviceSize offset,
                  VkDeviceSize size, uint64_t busy);
void vkb_sub_finish(struct vkb_screen *scr);

/* ---- pipelines (vkb_pipeline.c) ----------------------------------------------------------- */

struct vkb_pipeline_key {
   struct mgp_handle rs, ve, shader;
   VkFormat color[VKB_MAX_COLOR];
   VkFormat depth, stencil;
   uint8_t color_has_alpha; /* bit per attachment: false = substituted RGB, mask A */
   uint8_t color_blendable; /* bit per attachment */
   uint8_t color_count;
   uint8_t samples;
   uint8_t topology; /* VkPrimitiveTopology, or its class with dynamic topology */
   uint8_t restart;
   uint8_t provoking_last;
   uint8_t layer_ignored;     /* the GS writes gl_Layer into a framebuffer of one layer */
   uint8_t patch_vertices;    /* a tessellation pipeline's patch size (set_patch_state); else 0 */
   uint8_t viewports;         /* viewportCount: MGP_MAX_VIEWPORTS where the GS writes
                               * gl_ViewportIndex on a multiViewport device, else 1 */
   uint8_t loop;              /* VKB_LOOP_*: the feedback-loop pipeline flags */
   uint8_t ms_one;            /* samples 1 of multisample textures: GL_SAMPLE_BUFFERS 1 */
   uint32_t coverage_mask;    /* glSampleCoverage as a sample mask (multisampled only) */
   uint32_t centre_locations; /* GL_MULTISAMPLE off: every sample at the pixel centre */
};

struct vkb_pipeline_entry {
   struct vkb_pipeline_key key;
   VkPipeline pipeline; /* VK_NULL_HANDLE: creation failed */
   bool failed;
};

struct vkb_pipeline_cache {
   struct mgu_hash_table table; /* key hash -> struct vkb_pipeline_entry * */
   VkPipelineCache vk;
   /* the file kept across runs (vkb_pipeline_disk.c; NULL: off), and the size and hash of the
    * bytes loaded from it (finish writes only what differs) */
   char *path;
   size_t loaded_size;
   uint64_t loaded_hash;
};

/* Every one of n samples at the pixel centre, a 1x1 grid: *info points into locs[n]. */
void vkb_centre_locations(VkSampleCountFlagBits n, VkSampleLocationEXT *locs,
                          VkSampleLocationsInfoEXT *info);
bool vkb_pipeline_cache_init(struct vkb_screen *scr);
void vkb_pipeline_cache_finish(struct vkb_screen *scr);
/* vkb_pipeline_disk.c: the cache's file for this device (false: MGL_PIPELINE_CACHE=0 or no
 * directory); its bytes, header checked (NULL: none, or rejected and counted); what init made
 * of them; the driver's refusal of them; and the write at finish. */
bool vkb_pipeline_disk_path(const struct vkb_screen *scr, char *out, size_t size);
void *vkb_pipeline_disk_load(struct vkb_screen *scr, size_t *size);
void vkb_pipeline_disk_loaded(struct vkb_screen *scr, const void *data, size_t size);
void vkb_pipeline_disk_rejected(struct vkb_screen *scr, const char *why);
void vkb_pipeline_disk_save(struct vkb_screen *scr);
/* The pipeline for key, created on a miss. VK_NULL_HANDLE after a decline. */
VkPipeline vkb_pipeline_get(struct vkb_screen *scr, const struct vkb_pipeline_key *key,
                            const struct vkb_render_state *rs, const struct vkb_vertex_elements *ve,
                            const struct vkb_shader *sh, uint32_t default_attrib_binding);
/* Drops (deferred) every pipeline built from this CSO. kind: 0 rs, 1 ve, 2 shader. */
void vkb_pipeline_evict(struct vkb_screen *scr, int kind, struct mgp_handle h);
/* The line rasterization mode of pipelines of rs into a framebuffer of samples. */
VkLineRasterizationModeEXT vkb_line_mode(const struct vkb_screen *scr,
                                         const struct mgp_render_state *rs, uint32_t samples);
/* Whether the device stipples lines of mode (vkb_screen.stipple_modes). */
bool vkb_line_stippled(const struct vkb_screen *scr, VkLineRasterizationModeEXT mode);
/* GL's initial render state: what a draw without a render-state CSO uses. */
extern const struct mgp_render_state vkb_default_render_state;

/* Render state as dynamic state (vkb_dynstate.c). */
/* The part of *in a pipeline bakes in on this device; the dynamic fields zeroed. */
/* The Vulkan front face of rs's GL front face and clip origin (vkb_dynstate.c). */
VkFrontFace vkb_front_face(const struct mgp_render_state *rs);
void vkb_render_state_pipeline_part(const struct vkb_screen *scr, const struct mgp_render_state *in,
                                    struct mgp_render_state *out);
/* Records the dynamic part of rs (NULL: GL's defaults) for a draw through a pipeline of key,
 * only what differs from what cmd has. False when the draw must be dropped (declined there).
 * rs keeps what it computed for key (its memo). */
bool vkb_render_state_record(struct vkb_context *ctx, VkCommandBuffer cmd,
                             struct vkb_render_state *rs, const struct vkb_pipeline_key *key,
                             bool restart);

/* ---- the screen ------------------------------------------------------------------------- */

/* A short list of the backend's own pipelines (masked clears, drawn blits) found by a byte
 * key (vkb_internal.c); key_size is set before the first use. */
struct vkb_keyed_pipes {
   unsigned char *keys;
   VkPipeline *pipes;
   uint32_t count;
   uint32_t key_size;
   uint32_t keys_cap, pipes_cap;
};

/* The screen's counters, read by gate_counters (tests and tools see them by name there). */
struct vkb_screen_stats {
   unsigned long long quirk_split_io_blocks;     /* shaders whose interface blocks were split */
   unsigned long long quirk_int64_varying_words; /* shaders whose int64 varyings became words */
   unsigned long long quirk_fp64_varying_words;  /* shaders whose double varyings became words */
   /* SPIRV-Tools validations (vkb_spirv_validate): once per client module, once per rewrite */
   unsigned long long spirv_validations;
   unsigned long long border_swizzle_samplers; /* samplers made for a view's border swizzle */
   unsigned long long local_index_clamps;      /* local array/matrix/vector indices clamped */
   unsigned long long local_indices_left;      /* ... into arrays of unknown length: not clamped */
   unsigned long long local_index_clamps_failed; /* modules the clamp could not take */
   unsigned long long gs_splits;          /* geometry stages split among invocations (gs_split) */
   unsigned long long gs_splits_failed;   /* ... that the split could not take */
   unsigned long long gs_point_size_cuts; /* geometry stages made without gl_PointSize writes */
   unsigned long long pipelines_created;
   unsigned long long compute_pipelines_created;   /* a shader's and the buffer passes' */
   unsigned long long pipeline_cache_loaded_bytes; /* the file's, given to the driver */
   unsigned long long pipeline_cache_rejected;     /* files refused: header, size, read */
   unsigned long long
      render_passes_begun; /* vkCmdBeginRendering calls: mgl-bench's render-pass figure */
   unsigned long long pack_row_copies;       /* read-back rows copied as stored (vkb_pack.c) */
   unsigned long long pack_buffer_copies;    /* pack_to_buffer copied by the GPU, no wait */
   unsigned long long present_buffer_writes; /* present_to_buffer frames in the client's heap */
   unsigned long long unsound_serial_complete;
   unsigned long long
      feedback_base_only_views; /* draws sampling the base level of an attached texture */
   unsigned long long feedback_loop_views;   /* sampler resolutions of an attached level */
   unsigned long long texture_barriers;      /* glTextureBarrier ending a feedback-loop scope */
   unsigned long long invalid_image_units;   /* image units bound as null descriptors */
   unsigned long long storage_attached;      /* draws storing to a level they render into */
   unsigned long long blend_shader_views;    /* draw buffer 0 bound for the shader's blend */
   unsigned long long texture_views_refused; /* resource_create/respecify of views declined */
   unsigned long long validation_errors;
   unsigned long long validation_warnings;
   unsigned long long submits;
   unsigned long long render_pass_splits;
   unsigned long long buffer_renames;  /* buffer updates inside a rendering scope, renamed */
   unsigned long long rename_settles;  /* scope ends that copied renamed buffers home */
   unsigned long long dispatches;      /* vkCmdDispatch(Indirect) recorded */
   unsigned long long memory_barriers; /* memory_barrier calls made barriers */
   unsigned long long readback_shader_barriers; /* readbacks that made shader writes visible */
   unsigned long long staged_buffer_copies;
   unsigned long long direct_buffer_writes;
   unsigned long long heap_buffers_made;     /* buffer stores imported from the client's heap */
   unsigned long long heap_import_fallbacks; /* a heap store the device could not import */
   unsigned long long heap_imports; /* host-memory imports (vkAllocateMemory) of the heap made */
   unsigned long long heap_blocks_freed; /* imported heap blocks given back */
   unsigned long long descriptor_sets;
   unsigned long long kept_set_reuses; /* sets made in an earlier batch, bound again */
   unsigned long long kept_set_drops;  /* keep_epoch moves: every kept set looked up no more */
   unsigned long long pressure_submits;
   unsigned long long inflight_arena_peak;  /* the most inflight_arena_bytes ever was */
   unsigned long long arena_throttle_waits; /* waits for the oldest batch at a pressure point */
   unsigned long long kind_views;       /* sampler views made in a format of the sampler's kind */
   unsigned long long stat_slot_folds;  /* statistics slots read back while their queries ran */
   unsigned long long stat_slot_waits;  /* ... after waiting for the oldest batch holding some */
   unsigned long long query_slot_pools; /* occlusion and timestamp pools made (vkb_query.c) */
   unsigned long long query_slot_folds; /* occlusion slots read back while their query ran */
   unsigned long long query_slot_waits; /* waits for the oldest batch, every pool made (occlusion,
                                         * timestamp and primitive slots) */
   unsigned long long batch_throttle_waits;  /* the same, past VKB_INFLIGHT_BATCH_LIMIT batches */
   unsigned long long inflight_batches_peak; /* batches queued after a pressure submit, most */
   unsigned long long fence_waits_spun;      /* waits whose batch ended within wait_spin_ns */
   unsigned long long fence_waits_slept;     /* waits that went on to vkWaitForFences */
   unsigned long long deferred_peak;         /* the most deferred_held ever was */
   unsigned long long deferred_bytes_peak;   /* the most deferred_bytes ever was */
   unsigned long long deferred_submits; /* pressure submits of a batch past VKB_BATCH_DEFER_LIMIT */
   unsigned long long deferred_waits;   /* waits for the oldest batch past VKB_DEFER_LIMIT */
   /* what a read-back costs besides its submit and wait (gate.readback_calls) */
   unsigned long long image_transitions; /* layout barriers vkb_image_transition recorded */
   unsigned long long arena_blocks_made; /* host-visible staging blocks allocated and mapped */
   unsigned long long masked_clears;     /* clears drawn for a partial write mask */
   /* MGP_DRAW_FRAGMENTS_ONLY draws given a scope of their own under a counting query or a
    * capture (vkb_draw.c) */
   unsigned long long fragments_only_scopes;
   unsigned long long clear_pipelines_created;
   unsigned long long blit_draws; /* blits drawn (vkb_blit_draw.c) */
   unsigned long long blit_pipelines_created;
   unsigned long long depth_convert_waits; /* depth copies between depth families */
   unsigned long long color_convert_waits; /* colour copies and mipmaps made on the CPU (RGB9E5) */
   unsigned long long buffer_fence_term_busy;
   unsigned long long uniform_ranges_padded; /* sub-word uniform ranges staged and padded */
   /* commands a draw records (vkb_draw.c): what a repeated draw re-records shows here */
   unsigned long long cmd_bind_pipeline;
   unsigned long long cmd_bind_sets;
   unsigned long long cmd_bind_vertex_buffers;
   unsigned long long cmd_bind_index_buffer;
   unsigned long long cmd_set_state;         /* vkCmdSet* calls: viewport, scissor, ... */
   unsigned long long cmd_draws;             /* draw commands, a multi-draw counting one */
   unsigned long long xfb_scopes;            /* Vulkan captures begun (one per scope spanned) */
   unsigned long long fast_draws;            /* GL draws queued by the fast path */
   unsigned long long sampler_resolves;      /* image samplers gathered anew (not from the memo) */
   unsigned long long sampler_memo_carries;  /* memo resolutions carried into a later batch */
   unsigned long long texture_set_memo_hits; /* sets 1 bound again without a gather */
   unsigned long long buffer_set_memo_hits;  /* sets 0 bound again without a gather */
   unsigned long long dispatch_memo_hits;    /* dispatches that bound the last one's sets */
   unsigned long long dispatch_binds_kept;   /* of them, found its pipeline and sets bound */
   unsigned long long indirect_memo_hits;    /* indirect draws bound as the last draw bound */
   unsigned long long draws_recorded;        /* GL draws (ranges) recorded, merged or not */
   unsigned long long indirect_cmds;         /* vkCmdDraw(Indexed)Indirect(Count) recorded */
   unsigned long long indirect_count_cmds;   /* of those, vkCmdDraw(Indexed)IndirectCount */
   unsigned long long clamps_prepass;        /* indirect clamps recorded before their scope */
   unsigned long long indirect_unclamped;    /* indirect draws from a shadowed buffer, no clamp */
   unsigned long long batch_splits;          /* scopes begun in a command buffer of their own */
   uint64_t cond_predicates;                 /* conditional renders decided on the GPU */
   uint64_t cond_sums;                       /* of them, over several slots (vkb_cond_sum.c) */
   unsigned long long resource_oom;          /* resources left without storage: GL_OUT_OF_MEMORY */
   unsigned long long staging_oom;     /* calls refused for staging memory: GL_OUT_OF_MEMORY */
   unsigned long long descriptor_oom;  /* calls refused for descriptor memory: the same */
   uint64_t resource_cap_refusals;     /* allocations refused past resource_budget */
   uint64_t images_zeroed;             /* new images cleared before any read (vkb_resource.c) */
   uint64_t buffers_zeroed;            /* new buffers zeroed before any read */
   uint64_t client_maps;               /* map_persistent answered with the store's address */
   uint64_t client_maps_declined;      /* ... and with 0 (the client ships from its shadow) */
   uint64_t heap_maps;                 /* ... with MGP_MAP_HEAP_STORE (the client's heap span) */
   uint64_t stores_zero_skipped;       /* new stores never zeroed: wholly written or deleted */
   uint64_t levels_zero_skipped;       /* image levels (and buffers) wholly written first */
   uint64_t stores_zero_deferred_paid; /* owed zeroing paid at a later call (vkb_zero.c) */
   uint64_t buffers_suballocated;      /* buffers given a range of a block (vkb_suballoc.c) */
   uint64_t sub_blocks_made;           /* blocks allocated for them */
   uint64_t images_suballocated;       /* images given a range of a block */
   uint64_t sub_pending_waits;         /* waits for freed ranges at the bound of blocks */
   uint64_t sub_pending_submits;       /* batches submitted for freed ranges past the limit */
   uint64_t sub_frees_at_once;         /* ranges freed with no batch left to complete */
};

/* Test-only knobs, read once at screen creation. */
struct vkb_screen_knobs {
   /* MGL_TEST_VK_NO_BLIT_FORMATS=1 (test-only): blits that need vkCmdBlitImage are drawn */
   bool test_no_blit_formats;
   bool test_stale_buffer_serial; /* MGL_TEST_FORCE_STALE_BUFFER_SERIAL: serial term lies */
   bool no_buffer_rename; /* MGL_VK_NO_BUFFER_RENAME: updates inside a pass end it (vkb_rename.c) */
   bool no_suballoc; /* MGL_VK_NO_SUBALLOC=1: every buffer its own allocation (vkb_suballoc.c) */
   bool test_no_buffer_fence_term; /* MGL_TEST_DISABLE_BUFFER_FENCE_TERM: fence term off */
   /* MGL_TEST_VK_HOLD_BATCH_MS: each batch starts by waiting for an event the host sets this
    * many milliseconds after the submit (a slow device, for teardown-order tests); 0: off */
   unsigned test_hold_batch_ms;
   /* MGL_TEST_VK_HOLD_BATCH_MS=wait: the event is set only when the host waits for the batch
    * (vkb_wait_serial) or the screen is destroyed, so what stays in flight never depends on
    * time. Any other wait for the device (vkDeviceWaitIdle) would block: for the throttle test. */
   bool test_hold_until_wait;
   /* MGL_TEST_VK_SKEW_BATCH_FRAME=1: a submitted batch records the frame after its own (a
    * corrupted in-flight list, for the floor's proof to catch) */
   bool test_skew_batch_frame;
   /* MGL_VK_FAKE_DEVICE_LOST=N: this screen's N-th submit reports VK_ERROR_DEVICE_LOST (0: off);
    * with MGL_VK_FAKE_DEVICE_LOST_SCREEN=K only the K-th screen this process creates */
   unsigned long long test_device_lost_at;
   /* MGL_TEST_VK_STAGING_MAX=BYTES: an arena (staging) block larger than this fails as the
    * device's out of memory would (0: off); at 4m the usual blocks are made, a dedicated one
    * for a larger slice (an upload of 4 MiB or more) is not */
   uint64_t test_staging_max;
   /* MGL_TEST_VK_FAIL_DESCRIPTOR_POOL=K: the screen's K-th vkCreateDescriptorPool answers
    * VK_ERROR_OUT_OF_DEVICE_MEMORY (0: off) */
   unsigned long long test_fail_descriptor_pool;
   /* MGL_TEST_VK_NO_TEXEL_BUFFER_ATOMICS=1: no format has
    * VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT (an imageBuffer with atomics declines) */
   bool test_no_texel_buffer_atomics;
   bool test_no_heap_import; /* MGL_TEST_VK_NO_HEAP_IMPORT: every heap store falls back */
};

/* What the batch, the lowest layer, calls back into; the screen fills these in at creation
 * (vkb_screen.c), so vkb_batch.c calls no file above it. */
#define VKB_RETIRE_HOOKS_MAX 5
struct vkb_batch_hooks {
   /* records the queued draws before any other command (vkb_flush_draws) */
   void (*flush_draws)(struct vkb_screen *scr);
   /* closes the rendering scope in progress before a submit (vkb_context_end_rendering); also
    * what vkb_end_rendering calls */
   void (*end_rendering)(struct vkb_screen *scr);
   /* after batches retired: tell the client what they completed (fences, queries, captures) */
   void (*retired[VKB_RETIRE_HOOKS_MAX])(struct vkb_screen *scr);
   unsigned retired_count;
};

/* A compute step over a few of the backend's own storage buffers (bindings 0, 1) with
 * push_size bytes of push constants (vkb_buffer_pass.c): made once, kept for the screen's life. */
struct vkb_buffer_pass {
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   VkPipeline pipe;
};

struct vkb_screen {
   struct mgs_backend_env env;
   struct vkb_screen_stats stats;
   struct vkb_screen_knobs knobs;
   bool failed;
   /* GPU work ran past gpu_timeout_ns: the device still runs it, so nothing it may use is
    * freed until it is idle (screen_destroy hands the screen to a reaper thread) */
   bool gpu_hung;
   bool exit_warm;          /* the first batch that draws was waited for (vkb_submit, rearm_exit) */
   uint64_t gpu_timeout_ns; /* MGL_VK_GPU_TIMEOUT_MS: the longest wait for GPU work */
   uint64_t wait_spin_ns;   /* MGL_VK_WAIT_SPIN_US: polled before a blocking fence wait */
   struct vkb_garbage *hung_garbage; /* what vkb_defer got after the hang: freed once idle */
   uint32_t hung_garbage_count, hung_garbage_cap;
   void *hung_heap_base; /* the ring arms' heap mapping, kept for the hung device (vkb_hung.c) */
   size_t hung_heap_len;

   VkInstance instance;
   VkDebugUtilsMessengerEXT messenger;
   VkPhysicalDevice phys;
   VkDevice dev;
   VkQueue queue;
   uint32_t queue_family;
   uint32_t api_version;
   VkPhysicalDeviceProperties props;
   VkPhysicalDeviceMemoryProperties mem_props;
   VkPhysicalDeviceFeatures features; /* what was enabled */
   /* counts at which pipelines put every sample at the pixel centre (VK_EXT_sample_locations;
    * 0 without it): GL_MULTISAMPLE off drawn exactly */
   VkSampleCountFlags centre_sample_counts;
   char driver_name[64], driver_info[128];
   uint32_t timestamp_bits;

   /* extensions / features in use */
   bool has_index_uint8;
   bool has_provoking_vertex;
   bool has_divisor;
   bool has_dynamic_topology;
   bool has_list_restart;
   bool has_mirror_clamp;
   bool has_wsi;            /* VK_KHR_xcb_surface + VK_KHR_swapchain enabled */
   struct vkb_wsi *wsi;     /* windows the server presents into (vkb_wsi.c) */
   bool has_custom_border;  /* VK_EXT_custom_border_color, format-free */
   bool has_feedback_loop;  /* VK_EXT_attachment_feedback_loop_layout: GL_ARB_texture_barrier */
   bool has_maintenance5;   /* VK_KHR_maintenance5: a points GS may leave gl_PointSize unwritten */
   bool has_robust_buffer2; /* VK_EXT_robustness2's robustBufferAccess2: index reads bounded */
   bool has_null_desc;      /* VK_EXT_robustness2 nullDescriptor: invalid image units */
   bool has_2d_view_of_3d;  /* VK_EXT_image_2d_view_of_3d: a 3D slice in a 2D image unit */
   bool has_stencil_export; /* VK_EXT_shader_stencil_export: stencil blits drawn */
   bool has_subgroup_vote;  /* VK_EXT_shader_subgroup_vote: GL_ARB_shader_group_vote */
   bool has_layer_viewport; /* VK_EXT_shader_viewport_index_layer: gl_Layer from the VS/TES */
   bool has_shader_clock;   /* VK_KHR_shader_clock shaderSubgroupClock: GL_ARB_shader_clock */
   bool has_ballot;         /* VK_EXT_shader_subgroup_ballot: GL_ARB_shader_ballot */
   bool has_non_seamless;   /* VK_EXT_non_seamless_cube_map: GL_TEXTURE_CUBE_MAP_SEAMLESS off */
   bool has_multi_draw;     /* VK_EXT_multi_draw: repeated draws merge */
   bool draws_alone;        /* the program of the last full draw reads gl_PrimitiveID: its
                             * draws do not merge (vkb_shader.reads_primitive_id) */
   bool has_cond_render;    /* VK_EXT_conditional_rendering: GPU predicates */
   bool has_smooth_lines;   /* VK_EXT_line_rasterization smoothLines: GL_LINE_SMOOTH */
   bool has_bresenham;      /* VK_EXT_line_rasterization bresenhamLines: GL's aliased lines */
   /* the line modes drawn stippled (GL_LINE_STIPPLE): VKB_STIPPLE_* bits; any of them puts
    * VK_DYNAMIC_STATE_LINE_STIPPLE_EXT in every draw pipeline */
   uint8_t stipple_modes;
   PFN_vkCmdSetLineStippleEXT set_line_stipple;
   /* Render state as dynamic state (vkb_dynstate.c): depth/stencil test, ops, cull, front
    * face, depth-bias, restart and rasterizer-discard enables (Vulkan 1.3: extended dynamic
    * state 1 and 2), and
    * blend enable, equation and write mask (VK_EXT_extended_dynamic_state3). A toggle of them
    * then binds no other pipeline. MGL_TEST_VK_NO_EDS=1 keeps both off. */
   bool has_dyn_rs;
   bool has_dyn_blend;
   PFN_vkCmdSetColorBlendEnableEXT set_blend_enable;
   PFN_vkCmdSetColorBlendEquationEXT set_blend_equation;
   PFN_vkCmdSetColorWriteMaskEXT set_write_mask;
   PFN_vkCmdDrawMultiEXT draw_multi;
   /* Vulkan 1.2's drawIndirectCount, where the device has it without a count limit */
   bool has_draw_indirect_count;
   PFN_vkCmdDrawIndirectCount draw_indirect_count;
   PFN_vkCmdDrawIndexedIndirectCount draw_indexed_indirect_count;
   PFN_vkCmdDrawMultiIndexedEXT draw_multi_indexed;
   uint32_t max_multi_draw;
   struct vkb_draw_queue draws; /* recorded at the next other command (vkb_cmd) */
   uint32_t max_custom_border_samplers;
   /* How a custom or opaque black border colour takes a view's swizzle (vkb_screen.c): */
   enum {
      VKB_BORDER_SWIZZLE_UNDEFINED,  /* no VK_EXT_border_color_swizzle: undefined (declined) */
      VKB_BORDER_SWIZZLE_FROM_IMAGE, /* the device applies the view's */
      VKB_BORDER_SWIZZLE_MAPPING,    /* the sampler must carry it: one sampler per mapping */
   } border_swizzle;
   uint32_t custom_border_samplers; /* live samplers with a custom border colour */
   bool has_draw_params;
   bool has_xfb; /* VK_EXT_transform_feedback (vkb_xfb.c) */
   /* a storage buffer was bound for a draw or dispatch since the last memory_barrier that
    * made shader writes visible to transfers and the host (vkb_compute.c) */
   bool shader_writes_pending;
   VkDeviceSize host_import_align; /* VK_EXT_external_memory_host, else 0 */
   PFN_vkGetMemoryHostPointerPropertiesEXT host_pointer_props;
   uint32_t heap_buffer_count; /* live buffers whose store is a heap span */
   struct vkb_heap_blocks heap_blocks;
   /* vkb_rename.c: the buffers renamed in the rendering scope in progress, and the bytes of
    * every shadow alive (bounded: past VKB_SHADOW_TOTAL_MAX a new store gets none) */
#define VKB_RENAMED_MAX 32
   struct vkb_resource *renamed[VKB_RENAMED_MAX];
   uint32_t renamed_count;
   uint64_t shadow_bytes;
   /* The session's memory cap: the most resource memory (mem_in_use) it may hold
    * (MGL_SERVER_SESSION_MEMORY; 0: no cap, the default but on mgl-server --listen); past it
    * an allocation fails as out of memory (GL_OUT_OF_MEMORY), logged once. */
   uint64_t resource_budget;
   PFN_vkCmdBindTransformFeedbackBuffersEXT xfb_bind;
   PFN_vkCmdBeginTransformFeedbackEXT xfb_begin;
   PFN_vkCmdEndTransformFeedbackEXT xfb_end;
   PFN_vkCmdDrawIndirectByteCountEXT xfb_draw;        /* transformFeedbackDraw, else NULL */
   PFN_vkCmdBeginQueryIndexedEXT query_begin_indexed; /* primitive queries of a stream */
   PFN_vkCmdEndQueryIndexedEXT query_end_indexed;
   bool has_xfb_queries;  /* transformFeedbackQueries */
   bool has_xfb_draw;     /* transformFeedbackDraw (xfb_draw once the device is made) */
   bool has_prim_queries; /* VK_EXT_primitives_generated_query */
   /* geometryStreams, maxTransformFeedbackStreams >= 4 and primitive queries of every stream
    * (MGP_CAP_VERTEX_STREAMS); without it every stream and query index is 0 */
   bool has_streams;
   /* GL_PRIMITIVES_GENERATED [0] and GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN [1] slots */
   VkQueryPool prim_pool[2];
   uint32_t *prim_free[2];
   uint8_t *prim_refs[2];    /* the queries a slot counts for (written and overflow share one) */
   uint64_t *prim_serial[2]; /* the batch that reset each slot */
   uint32_t prim_free_count[2];
   /* ranges captured by batches not yet announced (vkb_xfb_announce) */
   struct vkb_xfb_written {
      struct mgp_handle res;
      uint64_t value;  /* the event's value: (offset << 32) | size, 0 for the whole buffer */
      uint64_t serial; /* the batch that wrote it */
   } * xfb_written;
   uint32_t xfb_written_count, xfb_written_cap;
   VkShaderStageFlags gfx_stages; /* stages usable in barriers / layouts */
   VkPipelineStageFlags shader_pipe_stages;
   /* memory_barrier's last MGP_BARRIER_* bits and the consumers they name (vkb_compute.c,
    * barrier_dst; zero: none, which is what barrier_dst makes of no bits) */
   uint32_t barrier_bits;
   VkPipelineStageFlags barrier_stage;
   VkAccessFlags barrier_access;
   PFN_vkCmdBeginRenderingKHR begin_rendering;
   PFN_vkCmdEndRenderingKHR end_rendering;
   PFN_vkCmdSetPrimitiveTopologyEXT set_topology;
   /* vkCmdBindVertexBuffers2 (Vulkan 1.3, VK_EXT_extended_dynamic_state), else NULL: a vertex
    * buffer renamed inside a scope is bound as its arena slice with the buffer's size, so
    * robust access stops where the buffer ends (vkb_rename.c); without it such a draw copies
    * the version home first. */
   PFN_vkCmdBindVertexBuffers2EXT bind_vb_sized;

   /* formats */
   struct vkb_format formats[MGP_FORMAT_COUNT];
   /* The same with has_alpha 0: what a resource of a GL format without alpha (an RGB format
    * in RGBA storage, mgp_resource_desc.no_alpha) points at. */
   struct vkb_format formats_no_alpha[MGP_FORMAT_COUNT];
   bool format_mapped[MGP_FORMAT_COUNT];
   const char *format_substitution[MGP_FORMAT_COUNT];

   /* objects (share group): one slot space per kind */
   struct vkb_table resources, render_states, vertex_elements, samplers, sampler_views, shaders,
      fences, contexts, queries;
   /* texture owners destroyed while views of them live (vkb_resource.c) */
   struct vkb_resource *view_orphans;
   /* pipeline statistics slots, every statistic each, created at the first query; a slot is
    * shared by the queries active over its scope: stat_refs counts them (vkb_pstats.c) */
   VkQueryPool stat_pool;
   uint32_t *stat_free;
   uint32_t stat_free_count;
   uint16_t *stat_refs;
   uint64_t *stat_serial;      /* the batch that holds each slot (folded once it completed) */
   struct vkb_query_slots occ; /* occlusion slots, the first pool made at the first query */
   VkBuffer pred_buf;          /* conditional-rendering predicates, one 32-bit word each */
   VkDeviceMemory pred_mem;
   uint64_t pred_serial[VKB_PRED_WORDS]; /* batch that last used each word */
   uint32_t pred_next;
   bool pred_open;             /* a predicate is active in the rendering scope in progress */
   struct vkb_buffer_pass sum; /* the OR step over pred_buf */
   bool sum_failed;            /* no compute on the queue, or the pipeline failed: not again */
   /* indirect dispatches' group counts, checked on the GPU (vkb_grid_check.c): words 0-2 the
    * counts copied from the client's buffer (zeroed over the limits), word 4 the refusals */
   VkBuffer grid_buf;
   VkDeviceMemory grid_mem;
   const volatile uint32_t *grid_map; /* host-visible, coherent: word 4 read back */
   struct vkb_buffer_pass grid;       /* the check over grid_buf */
   bool grid_failed;                  /* the pipeline or its buffer could not be made: not again */
   uint32_t grid_refused_seen;        /* word 4 as last counted into the decline tally */
   uint64_t grid_serial;              /* the batch that recorded the last check */
   /* indirect draws' commands, clamped on the GPU (vkb_draw_clamp.c): clamp_count_buf holds
    * the number of commands clamped (host-visible, word 0), clamp_buf the server's copy of the
    * commands the draw reads (the count at byte 16, the commands from byte 32) */
   VkBuffer clamp_count_buf, clamp_buf;
   VkDeviceMemory clamp_count_mem, clamp_mem;
   VkDeviceSize clamp_size;                  /* clamp_buf's bytes (0: none yet) */
   const volatile uint32_t *clamp_count_map; /* word 0 read back */
   struct vkb_buffer_pass clamp;             /* the clamp over both */
   bool clamp_failed;                        /* the pipeline could not be made: not again */
   uint32_t clamp_seen;                      /* word 0 as last counted into the decline tally */
   uint64_t clamp_serial;                    /* the batch that recorded the last clamp */
   /* Each clamp of a batch has its own region of clamp_buf from clamp_cursor (a run of them
    * in one pre-pass is read by draws after all of them); clamp_cursor_serial: the batch the
    * cursor counts for. Past VKB_CLAMP_BATCH_BYTES a batch takes no more pre-passes and its
    * clamps reuse the start of the buffer, each before its own draw, as without them. */
   VkDeviceSize clamp_cursor;
   uint64_t clamp_cursor_serial;
   bool clamp_batch_full;
   /* The screen drew indirectly: its rendering scopes split the batch (vkb_batch_split).
    * scope_writes: a draw of the open scope may write buffers (storage, image stores,
    * capture), so a command the scope's draws read may change inside it: no pre-pass. */
   bool clamp_prepass;
   bool scope_writes;
   PFN_vkCmdBeginConditionalRenderingEXT begin_cond;
   PFN_vkCmdEndConditionalRenderingEXT end_cond;
   struct vkb_query_slots ts;   /* timestamp slots, the first pool made at the first timer query */
   uint32_t queries_pending;    /* ended, not announced */
   uint32_t fences_unannounced; /* fences whose "fence signalled" event is not sent yet */

   /* batches */
   struct vkb_batch_hooks batch_hooks;
   struct vkb_batch *cur;
   struct vkb_batch *inflight_head, *inflight_tail;
   struct vkb_batch *free_batches;
   struct vkb_arena_block *free_blocks;
   /* The pool of the draws' descriptor sets, which outlive their batch (vkb_alloc_kept_set):
    * a set is looked up again only while keep_epoch is the one it was made in. keep_epoch
    * moves when an object a set can name goes (its handle may come back as another object's:
    * vkb_kept_sets_drop) and when the pool fills (it goes to the batch's garbage). */
   VkDescriptorPool keep_pool;
   uint64_t keep_epoch;
   VkDeviceSize arena_mem_bytes; /* memory of every arena block alive (in batches, free) */
   unsigned long long
      descriptor_pools_made; /* vkCreateDescriptorPool calls (the test knob counts them) */
   uint64_t next_serial;
   uint64_t completed_serial; /* every batch <= it has completed (proved by its fence) */
   uint64_t bind_epoch;       /* bumps when bound command-buffer state is lost */
   uint64_t storage_epoch;    /* bumps when any image storage is released */
   uint64_t next_store_id;    /* the last vkb_resource.store_id given */
   struct vkb_context *bind_owner;
   /* vkb_tables.c: buffer_tick bumps at a call that changes only uniform blocks (set 0),
    * consts_tick at default-block bytes, texture_tick at one that changes only sampler-view or
    * sampler bindings (set 1), vertex_tick at one that changes only vertex- or index-buffer
    * bindings (a vertex-array switch), rs_tick at a render-state bind, dyn_tick at set_dynamic_state, state_tick at every other
    * call but a draw */
   uint64_t state_tick, buffer_tick, consts_tick, texture_tick, vertex_tick, rs_tick;
   /* launch_grid and memory_barrier calls (which advance state_tick too): state_tick -
    * dispatch_tick stays while only dispatches and barriers came, which leaves what a dispatch
    * binds as it was (vkb_compute.c, dispatch_memo); dispatch_ctx, the last to dispatch */
   uint64_t dispatch_tick;
   const struct vkb_context *dispatch_ctx;
   /* draw_indirect calls (which advance state_tick too): state_tick - indirect_tick stays
    * while only indirect draws came, which leave what the fast draw binds as it was
    * (vkb_draw_fast.c, vkb_draw_fast_indirect) */
   uint64_t indirect_tick;
   /* set_dynamic_state (viewport, scissor, ...): recorded by the fast path too (dyn_dirty) */
   uint64_t dyn_tick;
   /* buffer updates renamed inside a rendering scope (vkb_rename.c): such a resource_subdata
    * moves buffer_tick, texture_tick and vertex_tick instead of state_tick (vkb_tables.c), and
    * this tick, which the sampler memo reads beside state_tick; of a buffer no descriptor has
    * read (desc_read), vertex_rename_tick, and vertex_tick alone moves (a streamed vertex or
    * index buffer: the sets and the sampler memo stay) */
   uint64_t rename_tick, vertex_rename_tick;
   /* set_draw_program calls (which advance state_tick too): state_tick - program_tick stays
    * while only the program changed, which leaves what a sampler resolves to as it was */
   uint64_t program_tick;
   /* every call but a draw, whichever tick above it moves, and what the backend changes
    * itself under a draw that queues itself alone: a batch begun or submitted and bound state
    * lost (vkb_binds_lost), a rendering scope begun or ended, the bind owner moving. A draw
    * that finds call_tick where its context's last draw left it compares nothing else of the
    * backend's (vkb_draw.c, draw_unchanged) */
   uint64_t call_tick;
   /* the rendering scope begun or ended, the bind owner moving, bound state lost, a batch
    * begun or submitted (each moves call_tick too: vkb_scope_moved). A fast draw that finds
    * scope_tick where its context's last draw left it draws in that draw's scope, batch and
    * binds without asking each (vkb_draw_fast.c) */
   uint64_t scope_tick;
   uint64_t rs_memo_stamps; /* the last render-state memo's stamp (vkb_dynstate.c) */

   /* frames (docs/PIPE.md#frame-floor: the completed-frame floor must be provable) */
   uint64_t frame_serial; /* frame being recorded */
   uint64_t last_presented;
   uint64_t completed_frame_floor; /* every batch of every frame <= it has completed */
   uint32_t frames_in_flight;
   /* The floor's proof (vkb_batch.c), kept apart from the in-flight list the floor is computed
    * from: per frame submitted and not yet known complete, the last batch serial that carried
    * it, written at submit from frame_serial; complete once completed_serial reaches it. */
   struct vkb_frame_mark {
      uint64_t frame, last_serial;
   } * frame_ledger;
   uint32_t frame_ledger_count, frame_ledger_cap;

   /* rendering in progress (one at a time, the recording is shared) */
   struct vkb_context *rendering_ctx;
   /* VKB_LOOP_* bits: the aspects whose attachments the scope has in the feedback-loop layout */
   uint8_t rendering_loop;

   struct vkb_pipeline_cache pipes;

   /* masked clears (vkb_clear.c) */
   VkShaderModule clear_vs, clear_gs, clear_fs[3]; /* clear_gs: layered clears */
   VkPipelineLayout clear_layout;
   struct vkb_keyed_pipes clear_pipes;

   /* blits drawn (vkb_blit_draw.c): made at the first, kept for the screen's life */
   struct vkb_blit_draw *blit_draw;

   /* placeholders for absent sampler views: 1x1 (0,0,0,1) per sampler kind */
   VkImage dummy_img[3];
   VkDeviceMemory dummy_mem[3];
   VkImageView dummy_view[3];
   VkSampler default_sampler;
   VkSampler nearest_sampler; /* an integer kind view's: integer formats do not filter */
   /* placeholder texel buffer: 16 zero bytes, one view per sampler kind (float, int, uint) */
   VkBuffer texbuf_zero_buf;
   VkDeviceMemory texbuf_zero_mem;
   VkBufferView texbuf_zero_view[3];
   /* placeholder storage buffer (robustBufferAccess devices): a storage block binding without
    * a buffer, whose accesses GL leaves undefined, reads and writes these 256 bytes */
   VkBuffer ssbo_placeholder_buf;
   VkDeviceMemory ssbo_placeholder_mem;

   VkDeviceSize inflight_arena_bytes; /* arena bytes of submitted, unretired batches */
   uint64_t deferred_held;      /* objects vkb_defer holds in the open and in-flight batches */
   VkDeviceSize deferred_bytes; /* the memory among them, as vkb_defer_memory sized it */
   uint32_t quirks;             /* 1 << VKB_QUIRK_* (vkb_quirks.c) */
   bool validation_active;

   /* MGL_VK_MEMORY_BUDGET=bytes: resource memory (alloc_memory) past it fails as the device's
    * VK_ERROR_OUT_OF_DEVICE_MEMORY would (0: no budget) */
   VkDeviceSize mem_budget;
   VkDeviceSize max_alloc_size;    /* maxMemoryAllocationSize: no buffer is larger */
   VkDeviceSize mem_in_use;        /* resource memory held, for the budget */
   struct vkb_resource *zero_head; /* stores that still owe their zeroing (vkb_zero.c) */
   struct vkb_sub_state sub;       /* blocks small buffers share (vkb_suballoc.c) */
};

/* Reports err (device lost / out of memory / other) as a fatal once; always returns false. */
bool vkb_check(struct vkb_screen *scr, VkResult err, const char *what);
/* vkb_buffer_pass.c: bufs[i] at binding i (at most VKB_BUFFER_PASS_MAX). False (logged by
 * vkb_check under what) when a part could not be made; the parts made are freed by
 * vkb_buffer_pass_finish, which takes a zeroed pass too. vkb_buffer_pass_defer hands them to
 * the current batch's garbage instead (a pass whose buffers are being replaced). */
#define VKB_BUFFER_PASS_MAX 2u
bool vkb_buffer_pass_init(struct vkb_screen *scr, struct vkb_buffer_pass *p, const uint32_t *spv,
                          size_t spv_size, const VkBuffer *bufs, uint32_t nbufs, uint32_t push_size,
                          const char *what);
void vkb_buffer_pass_bind(VkCommandBuffer cmd, const struct vkb_buffer_pass *p);
void vkb_buffer_pass_defer(struct vkb_screen *scr, struct vkb_buffer_pass *p);
void vkb_buffer_pass_finish(struct vkb_screen *scr, struct vkb_buffer_pass *p);
VkShaderModule vkb_internal_module(struct vkb_screen *scr, const uint32_t *words, size_t bytes,
                                   const char *what);
VkPipeline vkb_keyed_pipes_find(const struct vkb_keyed_pipes *l, const void *key);
bool vkb_keyed_pipes_reserve(struct vkb_screen *scr, struct vkb_keyed_pipes *l, const char *what);
void vkb_keyed_pipes_add(struct vkb_keyed_pipes *l, const void *key, VkPipeline p);
void vkb_keyed_pipes_finish(struct vkb_screen *scr, struct vkb_keyed_pipes *l);
void vkb_fatal(struct vkb_screen *scr, enum mgu_fatal name, const char *detail);
int32_t vkb_find_memory(const struct vkb_screen *scr, uint32_t type_bits,
                        VkMemoryPropertyFlags want, VkMemoryPropertyFlags avoid);

/* ---- the context ------------------------------------------------------------------------ */

/* The parts of mgp_dynamic_state a draw records apart (vkb_draw_dynamic.c): set_dynamic_state
 * marks those whose fields changed, so a glScissor between draws records the scissor alone. */
enum vkb_dyn_part {
   VKB_DYN_VIEWPORT = 1u << 0, /* viewport, depth range (an empty viewport moves the scissor) */
   VKB_DYN_SCISSOR = 1u << 1,
   VKB_DYN_LINE_WIDTH = 1u << 2,
   VKB_DYN_DEPTH_BIAS = 1u << 3,
   VKB_DYN_BLEND = 1u << 4,
   VKB_DYN_STENCIL = 1u << 5,
   VKB_DYN_COVERAGE = 1u << 6, /* the sample coverage mask: pipeline state (the key) */
   VKB_DYN_LINE_STIPPLE = 1u << 7,
   VKB_DYN_VIEWPORTS = 1u << 8, /* viewports and scissors 1 .. (set_viewports) */
   VKB_DYN_ALL = (1u << 9) - 1,
};

/* vkb_screen.stipple_modes: the line rasterization modes the device stipples */
enum vkb_stipple_mode {
   VKB_STIPPLE_BRESENHAM = 1u << 0,
   VKB_STIPPLE_RECTANGULAR = 1u << 1,
   VKB_STIPPLE_SMOOTH = 1u << 2,
};

/* The VKB_DYN_* parts whose fields differ between two dynamic states. */
uint32_t vkb_dynamic_changes(const struct mgp_dynamic_state *was,
                             const struct mgp_dynamic_state *now);
/* The VKB_DYN_* parts with a field in bytes [offset, offset + size) of mgp_dynamic_state
 * (offset + size at most its size). */
uint32_t vkb_dynamic_byte_parts(size_t offset, size_t size);
/* vkb_dynamic_byte_parts of count words from word first (set_dynamic_words' checked run): a
 * run inside the viewport's part or the scissor's box (a glViewport's or glScissor's words
 * between draws) without the call. */
static inline uint32_t
vkb_dynamic_word_parts(uint32_t first, uint32_t count)
{
   enum {
      VP_END = offsetof(struct mgp_dynamic_state, depth_range) / 4 + 2,
      SC = offsetof(struct mgp_dynamic_state, scissor) / 4,
   };
   _Static_assert(offsetof(struct mgp_dynamic_state, viewport) == 0 && VP_END == SC,
                  "the viewport's part: viewport and depth range, the scissor after");
   if (count && first + count <= VP_END)
      return VKB_DYN_VIEWPORT;
   if (count && first >= SC && first + count <= SC + 4)
      return VKB_DYN_SCISSOR;
   return vkb_dynamic_byte_parts((size_t)first * sizeof(uint32_t),
                                 (size_t)count * sizeof(uint32_t));
}

/* A transform feedback object as the server holds it (vkb_xfb.c): its targets, its capture's
 * state and its counter buffer: VKB_MAX_XFB u32 byte positions (vkCmdEndTransformFeedbackEXT
 * writes them at each scope's end), then the byte counts its last ended capture wrote to each
 * buffer (draw_stream_output reads the one of its `buffer`). */
struct vkb_xfb_object {
   bool active, paused;
   bool counters_valid; /* the positions hold where each buffer's next vertex goes */
   bool ended;          /* the draw count slot holds a count (an end_stream_output was seen) */
   uint32_t count;
   struct mgp_buffer_range targets[VKB_MAX_XFB];
   VkBuffer counter_buf;
   VkDeviceMemory counter_mem;
};
#define VKB_XFB_DRAW_SLOT (VKB_MAX_XFB * sizeof(uint32_t)) /* buffer 0's draw count's offset */

struct vkb_context {
   struct vkb_obj base;
   struct vkb_screen *scr;
   struct vkb_query *occ_active;  /* GL occlusion query between begin_query and end_query */
   struct vkb_query *time_active; /* GL_TIME_ELAPSED between begin_query and end_query */
   bool cond_discard;             /* conditional rendering on a zero result: drop draws, clears */
   /* primitive queries (vkb_xfb.c), as occ_active: [0] generated, [1] captured */
   /* by kind (generated, written, stream overflow, any-stream overflow: the last in every
    * stream's entry) and vertex stream (begin_query.index) */
   struct vkb_query *prim_active[4][VKB_MAX_STREAMS];
   uint32_t prim_slot[2][VKB_MAX_STREAMS];
   bool prim_slot_open[2][VKB_MAX_STREAMS];
   /* pipeline statistics queries (vkb_pstats.c), as occ_active, by vkb_stat_index */
   struct vkb_query *stat_active[VKB_STAT_KINDS];
   uint32_t stat_slot; /* the one slot of the rendering scope in progress, for them all */
   bool stat_slot_open;
   bool cond_pred; /* conditional rendering on a GPU predicate: pred_buf word */
   VkDeviceSize cond_pred_offset;
   struct mgp_handle cond_query; /* the predicate's query and mode, for blits (vkb_query.c) */
   bool cond_wait;
   bool cond_inverted; /* an _INVERTED mode: renders where the result is 0 */
   uint32_t occ_slot;  /* its Vulkan slot in the rendering scope in progress */
   bool occ_slot_open;
   bool occ_suspended;  /* a rendering scope of a clear's draw: no occlusion, statistics or
                        * primitive query scope (vkb_clear.c) */
   bool fragments_only; /* a rendering scope of an MGP_DRAW_FRAGMENTS_ONLY draw: occlusion and
                         * fragment shader invocations count, no other statistic, no primitive
                         * query, no capture (vkb_draw.c) */
   uint32_t api;

   struct mgp_handle rs, ve, program;
   struct mgp_dynamic_state dyn;
   struct mgp_framebuffer_state fb;
   bool fb_set;
   struct mgp_vertex_buffer vbs[VKB_MAX_VB];
   struct mgp_set_index_buffer ib;
   /* define_vertex_input's table, indexed by id (vkb_vertex_input.c) */
   struct vkb_vertex_input *vertex_inputs;
   uint32_t vertex_inputs_cap;
   struct mgp_handle views[VKB_MAX_SAMPLERS], samplers[VKB_MAX_SAMPLERS];
   struct mgp_buffer_range ubos[VKB_MAX_UBO_BINDING];
   struct mgp_buffer_range ssbos[VKB_MAX_STORAGE_BUFFERS]; /* binding VKB_SSBO_BASE + k */
   struct mgp_image_view images[VKB_MAX_IMAGES];           /* binding VKB_IMAGE_BASE + j */
   struct mgp_handle dispatch_program;                     /* set_dispatch_program */
   uint32_t attrib_kind[32];
   /* per location: four 32-bit words, or (kind 3) four doubles; the default-values buffer
    * holds this array, a location at loc * 32 */
   uint32_t attrib_value[32][8];
   uint32_t attrib_version;
   struct mgp_pixel_pack_state pack;
   struct mgp_patch_state patch; /* set_patch_state (checked there); vertices 3 until then */

   /* what the render pass in progress renders to */
   VkExtent2D render_extent;
   uint32_t render_layers;         /* layers of the framebuffer state (1 unless layered) */
   struct vkb_pipeline_key fb_key; /* attachment part of the pipeline key */
   bool fb_key_valid;
   /* VKB_LOOP_*: the loops the last draw's descriptors made, which the rendering scope it
    * begins keeps in the feedback-loop layout (vkb_begin_rendering) */
   uint8_t loop_want;
   uint64_t fb_key_epoch; /* scr->storage_epoch it was made at */

   /* bound command-buffer state, valid while bind_epoch == scr->bind_epoch */
   uint64_t bind_epoch;
   VkPipeline bound_pipeline;
   uint32_t dyn_dirty; /* VKB_DYN_* bits: the parts of the dynamic state to record again */
   /* the dynamic state as recorded in this command buffer (valid with dyn_recorded): a change
    * re-records only the commands whose values differ */
   bool dyn_recorded;
   VkViewport rec_viewport;
   VkRect2D rec_scissor;
   bool rec_viewport_empty; /* rec_scissor was made for an empty viewport (draws nothing) */
   /* set_viewports: GL's viewports 1 .. MGP_MAX_VIEWPORTS - 1 (zero: empty, nothing drawn);
    * recorded (VKB_DYN_VIEWPORTS) once the client sent them */
   struct mgp_viewport viewports[MGP_MAX_VIEWPORTS - 1];
   bool viewports_held;
   float rec_line_width, rec_depth_bias[3], rec_blend[4];
   uint32_t rec_line_stipple;  /* factor << 16 | pattern */
   uint32_t rec_stencil[2][3]; /* per face: reference, compare mask, write mask */
   /* rec_rs[rec_i] holds what this command buffer has (vkb_dynstate.c); the other slot the
    * state recorded before it, so that a toggle between two render states flips rec_i and
    * records the commands rec_to[slot] names (valid: rec_to_ok bit slot) without comparing
    * or copying them again. rec_stamp: the memo stamp a slot's values came from (0: none). */
   bool rs_recorded;
   uint8_t rec_i, rec_to_ok;
   uint32_t rec_to[2];
   uint64_t rec_stamp[2];
   struct vkb_rs_dynamic rec_rs[2];
   /* descriptor sets written, by the signature of what they hold (kept across batches while
    * scr->keep_epoch stays): a draw that goes back to an earlier combination (two programs,
    * textures or UBOs in turn, or the draw after a read-back) reuses one */
   struct vkb_set_entry {
      VkDescriptorSet set;
      VkDescriptorSetLayout dsl;
      uint64_t keep_epoch; /* scr->keep_epoch when made: looked up only while it is the same */
      uint64_t serial;     /* the batch that last bound it */
      uint32_t sig_size;
      uint8_t sig[8 + VKB_MAX_BINDING * 24];
   } sets[VKB_SET_CACHE];
   uint32_t set_next;
   VkDescriptorSet bound_set[VKB_SET_COUNT];
   VkPipelineLayout bound_layout;
   uint32_t bound_dynoff;
   VkBuffer bound_vb[VKB_MAX_VB + 1];
   VkDeviceSize bound_vb_off[VKB_MAX_VB + 1];
   VkBuffer bound_ib;
   VkDeviceSize bound_ib_off;
   VkIndexType bound_ib_type;
   int bound_topology;
   /* The last draw that went the whole way, for the ones after it (vkb_draw.c, draw_fast):
    * valid while the state tick, the batch, the rendering scope and the binds are as it left
    * them, for a draw of the same mode, index size, restart and source of indices. */
   struct vkb_fast_draw {
      bool valid;
      /* the draw's mode, | VKB_FAST_RESTART where the draw restarted its strips (vkb_draw.h):
       * a mode no draw's u16 is, so no compact or restart-less draw matches it */
      uint32_t mode;
      uint8_t index_size;
      uint64_t tick, buffer_tick, consts_tick, vertex_tick, texture_tick, rs_tick, serial;
      uint64_t indirect_tick; /* scr->indirect_tick beside tick (an indirect draw's test) */
      /* scr->call_tick when every tick above was brought up to date and the next compact
       * draw may queue itself alone (vkb_draw_unchanged_tick); VKB_TICK_NEVER otherwise */
      uint64_t call_tick;
      /* scr->scope_tick when this context's scope, binds and the batch (serial) were the
       * draw's (vkb_draw_scope_tick); VKB_TICK_NEVER otherwise */
      uint64_t scope_tick;
      VkBuffer consts_buf;  /* the default block's buffer in the bound set 0 */
      VkDeviceSize ib_size; /* index bytes from the bound offset on */
      bool user_indices;    /* drew indices that came with the draw (copied to the arena) */
      /* the pipeline key it drew with: a render state of the same share (key.rs) keeps the
       * pipeline, and only its dynamic part is recorded again */
      struct vkb_pipeline_key key;
      struct vkb_shader *sh; /* the program (it lives while the tick stays) */
      uint32_t vb_bindings;  /* the vertex-buffer bindings the pipeline reads */
   } fast;
   /* What the combined image samplers of set 1 resolved to, per sampler index, the last two
    * (view, sampler, sampler kind) each (vkb_draw.c, gather_descriptors): valid while nothing
    * but bindings and programs reached the backend since, so a texture or program change
    * resolves only the indices whose handles are new to them. A way resolved in an earlier
    * batch (a read-back or a pressure submit between two draws) is carried into this one: its
    * levels go back to the layout it names and its texture is this batch's to keep. */
   struct vkb_sampler_memo {
      uint64_t state_tick, serial; /* state_tick - program_tick + rename_tick, the batch */
      uint64_t epoch;     /* grows when one of the two above changes: the set memos are stale */
      uint64_t res_epoch; /* grows when state_tick's part changes: older ways are stale */
      struct vkb_sampler_memo_way {
         uint64_t epoch;  /* the res_epoch it was resolved in */
         uint64_t serial; /* the batch that last sampled through it */
         struct mgp_handle view, sampler;
         uint32_t kind;            /* the sampler kind, | VKB_WAY_COMPUTE for a dispatch's */
         uint32_t loop;            /* VKB_LOOP_*: the resolution samples an attached level */
         struct vkb_resource *tex; /* the image sampled (NULL: the stand-in) */
         uint32_t base, count;     /* its levels in info.imageLayout */
         VkDescriptorImageInfo info;
      } way[VKB_MAX_SAMPLERS][2];
   } smemo;
   /* The last two sets 1 the fast draw bound for a program whose set 1 is samplers alone, by
    * the sampler views and samplers bound at its indices, in smemo's epoch (the same
    * resolutions, so the same set): a unit set that comes back in the batch binds its set
    * without resolving an index (vkb_draw_fast.c, texture_set_memo). */
   struct vkb_texture_set_memo {
      uint64_t epoch;
      const struct vkb_shader *sh;
      VkDescriptorSet set;
      uint32_t loop; /* VKB_LOOP_*: its descriptors' feedback loops */
      struct mgp_handle views[VKB_MAX_SAMPLERS], samplers[VKB_MAX_SAMPLERS];
   } tset[2];
   uint32_t tset_next;
   /* Likewise the last two sets 0 (the default block and the uniform blocks below binding
    * VKB_BUFFER_SET_MEMO_MAX), by the uniform-block ranges bound and the default block's
    * buffer, in smemo's epoch: a glBindBufferBase that comes back binds its set without a
    * gather (vkb_draw_fast.c, buffer_set_memo); the dynamic offset is the block's latest. */
   struct vkb_buffer_set_memo {
      uint64_t epoch;
      const struct vkb_shader *sh;
      VkDescriptorSet set;
      VkBuffer consts_buf;
      struct mgp_buffer_range ubos[VKB_BUFFER_SET_MEMO_MAX];
   } bset[2];
   uint32_t bset_next;
   /* What this context's last dispatch bound (vkb_compute.c, dispatch_memo): its sets and the
    * ticks it found, so that the next dispatch of the same program, with nothing but dispatches
    * and memory barriers reaching the backend since (scr->dispatch_tick) in the same batch and
    * scope (no draw between: each begins a scope), binds them again without a gather. The
    * resources its shader writes are marked written again (a read-back between clears it). */
   struct vkb_dispatch_memo {
      const struct vkb_shader *sh; /* NULL: none (it lives while the ticks stay) */
      uint64_t tick;               /* scr->state_tick - scr->dispatch_tick */
      uint64_t buffer_tick, consts_tick, texture_tick, scope_tick, serial;
      VkDescriptorSet set[VKB_SET_COUNT];
      uint32_t dynoff;
      bool dyn, writes;
      uint32_t n_written;
      struct vkb_resource *written[VKB_DISPATCH_MEMO_WRITTEN];
   } dmemo;
   /* default attribute values slice (per batch) */
   VkBuffer attr_buf;
   VkDeviceSize attr_off;
   uint64_t attr_serial;
   uint32_t attr_version_made;
   /* transform feedback (vkb_xfb.c): the objects bind_stream_output_object named, by id (0,
    * the default, made at first use), and the bound one */
   struct {
      struct vkb_xfb_object **objects;
      uint32_t object_count; /* entries of objects[] (ids below it) */
      struct vkb_xfb_object *cur;
      uint32_t cur_id;
      bool in_scope; /* a Vulkan capture of cur is active in the rendering scope in progress */
      bool wrote;    /* the scope that just ended captured: barrier before reads */
   } xfb;
};

/* Transform feedback (vkb_xfb.c), around each rendering scope: prepare before it begins
 * (barriers), draw after a capturing draw bound its pipeline (begins the Vulkan capture),
 * scope_end before the scope ends (ends it, writing the counters), after_scope once it ended. */
bool vkb_xfb_capturing(const struct vkb_context *ctx);
void vkb_xfb_scope_prepare(struct vkb_context *ctx);
void vkb_xfb_draw(struct vkb_context *ctx, VkCommandBuffer cmd);
void vkb_xfb_scope_end(struct vkb_context *ctx);
void vkb_xfb_after_scope(struct vkb_context *ctx);
void vkb_xfb_context_finish(struct vkb_context *ctx);
/* Frees the objects' counters at once (the device is going; no deferral). */
void vkb_xfb_context_destroy_now(struct vkb_context *ctx);
void vkb_xfb_scope_begin(struct vkb_context *ctx);
/* Sends "GPU wrote a buffer range" for every capture whose batch completed (vkb_retire). */
void vkb_xfb_announce(struct vkb_screen *scr);
/* Primitive queries (GL_PRIMITIVES_GENERATED, GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN), on the
 * same vkb_query objects as occlusion queries, with slots from their own pools; vkb_query.c
 * hands these kinds over. */
bool vkb_prim_query_kind(uint32_t kind);
/* MGP_QUERY_KIND_TRANSFORM_FEEDBACK_(STREAM_)OVERFLOW: a boolean result */
bool vkb_prim_overflow_kind(uint32_t kind);
bool vkb_prim_any_active(const struct vkb_context *ctx);
/* Pipeline statistics queries (vkb_pstats.c), handed over by vkb_query.c as the primitive ones;
 * vkb_stat_index is -1 for any other kind. */
int vkb_stat_index(uint32_t kind);
bool vkb_stat_query_create(struct vkb_screen *scr, struct vkb_query *q);
bool vkb_stat_query_read(struct vkb_screen *scr, const struct vkb_query *q, uint32_t slot,
                         uint64_t *value);
void vkb_stat_query_release_slots(struct vkb_screen *scr, struct vkb_query *q);
void vkb_stat_begin_query(struct vkb_context *ctx, struct vkb_query *q);
void vkb_stat_end_query(struct vkb_context *ctx, struct mgp_handle h, uint32_t kind);
bool vkb_stat_any_active(const struct vkb_context *ctx); /* one counting draws */
/* One counting draws' vertices or primitives: any but fragment shader invocations (and
 * compute's, which draws never count). */
bool vkb_stat_geometry_active(const struct vkb_context *ctx);
void vkb_stat_scope_prepare(struct vkb_context *ctx);
void vkb_stat_scope_begin(struct vkb_context *ctx);
void vkb_stat_scope_end(struct vkb_context *ctx);
bool vkb_stat_dispatch_begin(struct vkb_context *ctx, VkCommandBuffer cmd, uint32_t *slot);
void vkb_stat_dispatch_end(struct vkb_context *ctx, VkCommandBuffer cmd, uint32_t slot);
void vkb_stat_queries_finish(struct vkb_screen *scr);
/* The statistics and primitive slots' part of vkb_query_pressure_point. */
void vkb_stat_pressure_point(struct vkb_screen *scr);
void vkb_prim_pressure_point(struct vkb_screen *scr);
bool vkb_prim_query_create(struct vkb_screen *scr, struct vkb_query *q);
bool vkb_prim_query_read(struct vkb_screen *scr, const struct vkb_query *q, uint32_t slot,
                         uint64_t *value);
void vkb_prim_query_release_slots(struct vkb_screen *scr, struct vkb_query *q);
void vkb_prim_begin_query(struct vkb_context *ctx, struct vkb_query *q, uint32_t stream);
void vkb_prim_end_query(struct vkb_context *ctx, struct mgp_handle h, uint32_t kind,
                        uint32_t stream);
void vkb_prim_queries_finish(struct vkb_screen *scr);
/* Ends the dynamic-rendering scope in progress (any context): vkb_context.c's, which the files
 * below the context (resources, transfers, blits, queries, ...) reach through the screen's
 * hook, so that they call no file above them. */
void vkb_context_end_rendering(struct vkb_screen *scr);
static inline void
vkb_end_rendering(struct vkb_screen *scr)
{
   scr->batch_hooks.end_rendering(scr);
}
/* Bound command-buffer state is lost (a batch begun or submitted, push constants of another
 * pipeline layout): every context binds again, and call_tick moves with it, so that a draw
 * that queues itself alone (vkb_draw.c, draw_unchanged) takes the usual way. */
static inline void
vkb_binds_lost(struct vkb_screen *scr)
{
   scr->bind_epoch++;
   scr->scope_tick++;
   scr->call_tick++;
}
/* Whether the objects vkb_defer holds ask a pressure point (vkb_arena_pressure_point). */
static inline bool
vkb_defer_pressure(const struct vkb_screen *scr)
{
   return scr->deferred_held > VKB_DEFER_LIMIT || scr->deferred_bytes > VKB_DEFER_BYTES ||
          (scr->cur && (scr->cur->garbage_count >= VKB_BATCH_DEFER_LIMIT ||
                        scr->cur->garbage_bytes > VKB_BATCH_DEFER_BYTES));
}
/* Whether vkb_arena_pressure_point may act (submit or wait): the batch past a limit, the
 * in-flight arena bytes past theirs, or vkb_defer_pressure. False lets a draw skip the call:
 * each of its tests is one of these. */
static inline bool
vkb_arena_pressure(const struct vkb_screen *scr)
{
   const struct vkb_batch *b = scr->cur;
   return (b && (b->arena_bytes > VKB_BATCH_ARENA_LIMIT || b->draws >= VKB_BATCH_DRAW_LIMIT ||
                 b->zeroed_bytes > VKB_BATCH_ZERO_LIMIT)) ||
          scr->inflight_arena_bytes > VKB_INFLIGHT_ARENA_LIMIT || vkb_defer_pressure(scr);
}
/* Whether vkb_query_pressure_point may act: a statistics or primitive pool made, or the
 * occlusion pools at their last (the kinds it asks about). False lets a draw skip the call. */
static inline bool
vkb_query_pressure(const struct vkb_screen *scr)
{
   return scr->stat_pool || scr->prim_pool[0] || scr->prim_pool[1] ||
          scr->occ.pool_count >= VKB_QUERY_POOLS_MAX;
}
/* The rendering scope, the bind owner or the batch moved: a fast draw asks again where it
 * draws (scope_tick), a draw that queues itself alone goes the usual way (call_tick). */
static inline void
vkb_scope_moved(struct vkb_screen *scr)
{
   scr->scope_tick++;
   scr->call_tick++;
}
/* Records the queued draws (vkb_draw_queue.c); vkb_cmd and vkb_end_rendering call it, so
 * every other command lands after them. The empty queue's test is inline: a bind after a bind
 * (frame_1500's index buffer after its vertex buffers) calls nothing. */
void vkb_flush_queued_draws(struct vkb_screen *scr);
static inline void
vkb_flush_draws(struct vkb_screen *scr)
{
   if (scr->draws.n)
      vkb_flush_queued_draws(scr);
}
/* The attachment part of the pipeline key (ctx->fb_key) and ctx->render_extent for the
 * framebuffer state; false after a decline. */
bool vkb_context_fb_key(struct vkb_context *ctx);
/* True when a level in [lo, hi] of r is attached to ctx's framebuffer (sampling it would be a
 * feedback loop, GL 3.3 4.4.3). */
/* vkb_images.c: set_shader_images, and image unit j as a storage-image descriptor for a draw or
 * dispatch (its texture in GENERAL layout, the view of the unit's level, layers and format);
 * false when the draw must decline, *used the texture it reads and writes; *loop gains
 * VKB_LOOP_STORAGE where the level is attached to the draw framebuffer. */
void vkb_set_shader_images(void *self, const struct mgp_set_shader_images *args, const void *tail,
                           uint32_t tail_count);
bool vkb_draw_storage_image(struct vkb_context *ctx, const struct vkb_shader *sh, uint32_t j,
                            VkDescriptorImageInfo *out, struct vkb_resource **used, uint8_t *loop);
/* An imageBuffer's image j: the storage texel buffer view, in the unit's format, of the buffer
 * its buffer texture names (VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT, and _ATOMIC_BIT where
 * the shader does atomics on it); false when the draw must decline, *used the buffer. */
bool vkb_draw_storage_texel_buffer(struct vkb_context *ctx, const struct vkb_shader *sh, uint32_t j,
                                   VkBufferView *out, struct vkb_resource **used);
/* MGP_CAP_BLEND_SHADER: draw buffer 0's image (*res, NULL where draw buffer 0 has none), its
 * level and the 2D view it is rendered through, which the fragment stage reads; false with the
 * named decline where it cannot be read so (multisampled, layered, 1D, no feedback-loop usage). */
bool vkb_context_blend_dst(struct vkb_context *ctx, struct vkb_resource **res, uint32_t *level,
                           VkImageView *view);
bool vkb_context_attached_in(struct vkb_context *ctx, const struct vkb_resource *r, uint32_t lo,
                             uint32_t hi);
/* Begins rendering to ctx's framebuffer state (LOAD). False after a decline. */
bool vkb_begin_rendering(struct vkb_context *ctx);
/* Clears the rectangle by drawing: colour attachment i gets color_mask[i] (VkColorComponent
 * bits, 0 = untouched), stencil gets the value through stencil_mask. Inside the rendering
 * scope; the app's bound state is re-bound by the next draw. */
bool vkb_clear_masked(struct vkb_context *ctx, const struct mgp_clear *args, const VkRect2D *rect,
                      const uint8_t color_mask[VKB_MAX_COLOR], uint8_t stencil_mask);
void vkb_clear_finish(struct vkb_screen *scr);

/* A blit drawn into one destination surface (vkb_blit_draw.c), for what Vulkan's copy, blit
 * and resolve commands cannot do: destination pixel centre f (in the surface) reads source
 * position origin + f * scale; only the pixels in clip are written. A multisampled source is
 * read sample for sample into a destination of its count, else resolved (averaged; integer
 * formats and depth take sample 0). Nearest reads write nothing where the source pixel is
 * outside the source surface. aspect: colour, or depth alone (through gl_FragDepth; a
 * destination's stencil is kept). False after a decline (logged there) or a failure. */
struct vkb_blit_draw_args {
   VkImageAspectFlags aspect;
   struct vkb_resource *src, *dst;
   uint32_t src_level, src_layer, dst_level, dst_layer;
   uint32_t src_w, src_h;
   double origin[2], scale[2];
   VkRect2D clip;
   bool linear;
   bool unorm; /* GL_FRAMEBUFFER_SRGB off: sRGB images read and written through UNORM views */
};
bool vkb_blit_draw(struct vkb_screen *scr, const struct vkb_blit_draw_args *a);
void vkb_blit_draw_finish(struct vkb_screen *scr);

/* Layout transition (or, when force, a same-layout memory barrier) for levels of an image;
 * must be called outside rendering. */
/* Zeroing of new stores, owed until something could observe them (vkb_zero.c). The list
 * operations are here, so that vkb_resource.c calls nothing of vkb_zero.c (no file loop). */
static inline uint32_t
vkb_zero_all_levels(const struct vkb_resource *r)
{
   return r->is_buffer ? 1u : (r->levels >= 32 ? ~0u : (1u << r->levels) - 1u);
}

static inline void
vkb_zero_unlink(struct vkb_screen *scr, struct vkb_resource *r)
{
   if (r->zero_prev)
      r->zero_prev->zero_next = r->zero_next;
   else if (scr->zero_head == r)
      scr->zero_head = r->zero_next;
   if (r->zero_next)
      r->zero_next->zero_prev = r->zero_prev;
   r->zero_prev = r->zero_next = NULL;
   r->zero_owed = 0;
}

static inline void
vkb_zero_owe(struct vkb_screen *scr, struct vkb_resource *r, VkDeviceSize host_size,
             VkMemoryPropertyFlags host_got)
{
   if (!r->mem || (!r->is_buffer && !r->img))
      return;
   r->zero_owed = vkb_zero_all_levels(r);
   r->zero_partial = false;
   r->zero_host_size = host_size;
   r->zero_host_got = host_got;
   r->zero_prev = NULL;
   r->zero_next = scr->zero_head;
   if (scr->zero_head)
      scr->zero_head->zero_prev = r;
   scr->zero_head = r;
}

static inline void
vkb_zero_forget(struct vkb_screen *scr, struct vkb_resource *r)
{
   if (!r->zero_owed)
      return;
   if (r->zero_owed == vkb_zero_all_levels(r) && !r->zero_partial)
      scr->stats.stores_zero_skipped++;
   vkb_zero_unlink(scr, r);
}

void vkb_zero_pay(struct vkb_screen *scr, struct vkb_resource *r, uint32_t levels);
void vkb_zero_written(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level);
void vkb_zero_pay_all(struct vkb_screen *scr);
bool vkb_zero_call_blind(unsigned call);

void vkb_image_transition(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level,
                          uint32_t count, VkImageLayout layout, bool force);
void vkb_buffer_barrier_before_write(struct vkb_screen *scr);
void vkb_buffer_barrier_after_write(struct vkb_screen *scr);
VkImageView vkb_resource_level_view(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level);
/* A one-level one-layer 2D view (layer: array layer, cube face, or 3D slice). */
VkImageView vkb_resource_layer_view(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level,
                                    uint32_t layer);
/* Releases every view r caches (attachment, layered, per-layer, their UNORM twins, the
 * texel-buffer view): deferred behind the batches in flight, or destroyed now when the device
 * is idle (screen teardown). The one list of them, so no path forgets one. */
void vkb_resource_drop_views(struct vkb_screen *scr, struct vkb_resource *r, bool now);
/* Every layer (3D: slice) of a level as one 2D-array view: a layered attachment. */
VkImageView vkb_resource_layered_view(struct vkb_screen *scr, struct vkb_resource *r,
                                      uint32_t level);
/* An attachment view of one layer, or of every layer when layered; linear: the UNORM twin of
 * an sRGB image's format (GL_FRAMEBUFFER_SRGB off; the same view otherwise). */
/* The attachment view of (level, layer or all layers) in format fmt, another format of the
 * image's view class (the image is MUTABLE_FORMAT). */
VkImageView vkb_resource_alias_view(struct vkb_screen *scr, struct vkb_resource *r, uint32_t level,
                                    uint32_t layer, bool layered, VkFormat fmt);
VkImageView vkb_resource_attachment_view(struct vkb_screen *scr, struct vkb_resource *r,
                                         uint32_t level, uint32_t layer, bool layered, bool linear);
/* Layers (or 3D slices) of a level of r: what a layer index may address. */
uint32_t vkb_resource_level_layers(const struct vkb_resource *r, uint32_t level);
/* The sample count a resource asking for n samples of format f gets here (rounded up to a
 * supported count; 0 when none is). */
/* The sample counts a multisampled image of this format may have here (attachment, and
 * sampled when the format samples). */
VkSampleCountFlags vkb_format_sample_counts(const struct vkb_screen *scr,
                                            const struct vkb_format *f);
VkSampleCountFlagBits vkb_sample_count(const struct vkb_screen *scr, const struct vkb_format *f,
                                       uint32_t n);
/* The largest count every colour and depth format in use supports (caps.max_samples). */
uint32_t vkb_max_samples(const struct vkb_screen *scr);
/* A resource for a surface or binding; a declined (unsupported) one declines once, NULL. */
/* Whether bytes more resource memory would pass MGL_VK_MEMORY_BUDGET or the session's cap. */
static inline bool
vkb_over_budget(const struct vkb_screen *scr, VkDeviceSize bytes)
{
   return (scr->mem_budget &&
           (bytes > scr->mem_budget || scr->mem_in_use > scr->mem_budget - bytes)) ||
          (scr->resource_budget &&
           (bytes > scr->resource_budget || scr->mem_in_use > scr->resource_budget - bytes));
}

/* ---- the heap by block (vkb_heap_block.c) ------------------------------------------------- */
/* backend.h heap_attach: the server's mapping of the ring arms' heap. */
void vkb_heap_attach(void *screen, void *base, size_t len);
/* Binds buf (req: its requirements) into the imported block that holds r's whole heap store,
 * importing the block the first time: true, r->heap_block and r->map set. False where the
 * store is not inside one block of an attached heap, or the block cannot be imported (a
 * budget, the device): the caller imports the store alone. */
bool vkb_heap_block_bind(struct vkb_screen *scr, struct vkb_resource *r, VkBuffer buf,
                         const VkMemoryRequirements *req);
/* r's storage goes; the GPU may read it up to batch busy. */
void vkb_heap_block_release(struct vkb_screen *scr, struct vkb_resource *r, uint64_t busy);
/* The heap's mapping goes (the device is idle): every block is freed now. */
void vkb_heap_blocks_unmapped(struct vkb_screen *scr);
/* Before the device is destroyed. */
void vkb_heap_blocks_finish(struct vkb_screen *scr);
/* backend.h heap_idle: the heap-backed buffers no GPU work uses (vkb_resource.c). */
bool vkb_heap_idle(void *screen, void (*idle)(void *ctx, uint32_t slot), void *ctx);

/* ---- hung devices (vkb_hung.c) ------------------------------------------------------------ */
/* Waits, within the watchdog (MGL_VK_GPU_TIMEOUT_MS), until the device is idle: true. false
 * when it is hung (gpu_hung, set here when the wait runs out). */
bool vkb_idle_by_deadline(struct vkb_screen *scr);
/* backend.h heap_unmap: at once on an idle device, else by vkb_hung_heap_finish. */
void vkb_heap_unmap(void *screen, void *map_base, size_t map_len);
void vkb_hung_heap_finish(struct vkb_screen *scr);
/* Hands a hung screen to a thread that calls destroy_idle(scr) once its device is idle. */
void vkb_hung_reap(struct vkb_screen *scr, void (*destroy_idle)(struct vkb_screen *scr));
/* backend.h hung_screens: the hung screens given to vkb_hung_reap and not freed yet. */
unsigned vkb_hung_screens(void);
struct vkb_resource *vkb_resource_for_use(struct vkb_screen *scr, struct mgp_handle h,
                                          const char *call);
/* Resource lookups by what the caller does with a buffer's store (vkb_rename.c keeps a CPU
 * shadow of small buffers): vkb_resource_for_use is for a use that may write the store on the
 * GPU (the shadow is dropped) and reads it as the GPU holds it (a renamed buffer is copied home
 * first, which ends the rendering scope); vkb_resource_for_read only reads it on the GPU (the
 * shadow stays); vkb_resource_for_version is for the callers that handle a renamed buffer
 * themselves: the uniform-block binding (it binds the latest version) and the CPU's uploads. */
struct vkb_resource *vkb_resource_for_read(struct vkb_screen *scr, struct mgp_handle h,
                                           const char *call);
struct vkb_resource *vkb_resource_for_version(struct vkb_screen *scr, struct mgp_handle h,
                                              const char *call);
/* vkb_rename.c: a glBufferSubData inside a render pass without ending it. A buffer no bigger
 * than VKB_SHADOW_SIZE_MAX keeps a CPU shadow of its bytes from its creation (zero, as its
 * store), written by every CPU upload and dropped at any use that may write it on the GPU
 * (vkb_resource_for_use). An update that would end the rendering scope (the buffer is busy)
 * instead writes the shadow and copies it whole into a fresh arena slice, the buffer's new
 * version, which the draws recorded after it bind; the draws before it keep the old store or
 * version. When the scope ends, each renamed buffer's latest version is copied into its store
 * (vkb_rename_settle), so outside a scope a store always holds its bytes. */
#define VKB_SHADOW_SIZE_MAX (64u << 10)
#define VKB_SHADOW_TOTAL_MAX (64ull << 20)
void vkb_shadow_init(struct vkb_screen *scr, struct vkb_resource *r);
void vkb_shadow_write(struct vkb_screen *scr, struct vkb_resource *r, uint64_t off,
                      const void *data, uint64_t size);
/* Drops r's shadow and forgets its version (its store is released or the GPU may write it). */
void vkb_rename_forget(struct vkb_screen *scr, struct vkb_resource *r);
/* True when the update [off, +size) of r became a new version (r is busy and a scope is in
 * progress); false: the caller writes the store as before. */
bool vkb_rename_subdata(struct vkb_screen *scr, struct vkb_resource *r, uint64_t off,
                        const void *data, uint64_t size);
/* At the end of a rendering scope: every renamed buffer's latest version into its store. */
void vkb_rename_settle(struct vkb_screen *scr);
/* The image view for a sampler view, or VK_NULL_HANDLE: with *declined false the texture is
 * incomplete in GL's sense (it samples (0,0,0,1): bind the placeholder); with *declined true
 * the draw must be dropped (already declined by name). */
VkImageView vkb_sampler_view_get(struct vkb_screen *scr, struct vkb_sampler_view *v,
                                 struct vkb_resource **tex_out, bool *declined);
VkImageView vkb_sampler_view_base_only(struct vkb_screen *scr, struct vkb_sampler_view *v);
/* The view as made, its first `levels` levels, in a format of sampler kind `kind` whose
 * texels are texel_size bytes as the view's (the image is MUTABLE_FORMAT); VK_NULL_HANDLE when
 * none samples here. */
VkImageView vkb_sampler_view_of_kind(struct vkb_screen *scr, struct vkb_sampler_view *v,
                                     uint32_t levels, uint32_t texel_size, unsigned kind);
/* The image view type that samples a texture of this mgp_resource_target; false for none. */
bool vkb_view_type_for_target(unsigned target, VkImageViewType *out);
/* The program's default uniform block into a fresh arena slice of this batch. false: none made
 * (no block, or no staging memory: consts_buf is cleared so the next draw tries again; with
 * draw, that draw's context is told GL_OUT_OF_MEMORY, vkb_staging_oom). */
bool vkb_shader_upload_consts(struct vkb_screen *scr, struct vkb_shader *sh,
                              const struct vkb_context *draw);

/* MGPipe enum translation (vkb_enum.c). Each returns false for a value it does not map. */
bool vkb_enum_blend_factor(uint32_t v, VkBlendFactor *out);
bool vkb_enum_blend_op(uint32_t v, VkBlendOp *out);
bool vkb_enum_compare_op(uint32_t v, VkCompareOp *out);
bool vkb_enum_stencil_op(uint32_t v, VkStencilOp *out);
bool vkb_enum_logic_op(uint32_t v, VkLogicOp *out);
bool vkb_enum_topology(uint32_t mode, VkPrimitiveTopology *out);
bool vkb_enum_wrap(const struct vkb_screen *scr, uint32_t v, VkSamplerAddressMode *out);
bool vkb_enum_vertex_format(const struct mgp_vertex_attrib *a, VkFormat *out, uint32_t *size);
const char *vkb_enum_prim_name(uint32_t mode);

/* Summed predicates (vkb_cond_sum.c): records, outside rendering, the OR of q's slot results
 * into the predicate word at byte dst of pred_buf (WAIT: the GPU waits for them; else a slot
 * not available reads 1, or 0 where inverted: an _INVERTED mode, whose predicate renders on 0).
 * False when the device cannot (nothing recorded). */
bool vkb_cond_sum_record(struct vkb_screen *scr, VkCommandBuffer cmd, const struct vkb_query *q,
                         bool wait, bool inverted, VkDeviceSize dst);
void vkb_cond_sum_finish(struct vkb_screen *scr);
/* Indirect dispatch group counts (vkb_grid_check.c): records, outside rendering, the copy of
 * the 12 bytes at offset of buf into the screen's grid buffer and the step that zeroes them
 * when any is over maxComputeWorkGroupCount; *out is then the buffer to dispatch from, at 0.
 * False (declined) when the step cannot be made. vkb_grid_check_count counts the refusals the
 * GPU made since the last call (completed batches: a retire hook) as declines; settle waits
 * for the batch of the last check first (the session's report); finish counts and frees. */
bool vkb_grid_check_record(struct vkb_screen *scr, VkCommandBuffer cmd, VkBuffer buf,
                           VkDeviceSize offset, VkBuffer *out);
void vkb_grid_check_count(struct vkb_screen *scr);
void vkb_grid_check_settle(struct vkb_screen *scr); /* waits for the last check, then counts */
void vkb_grid_check_finish(struct vkb_screen *scr);

/* Indirect draw commands (vkb_draw_clamp.c): the GPU reads counts the client wrote, and an
 * instance or index count near 2^31 that robust access turns into zeros still runs for minutes
 * (lavapipe) or past the watchdog (every session). Records, outside rendering, the copy of the
 * n commands of cmd_size bytes, stride apart from offset of buf (and the u32 at count_offset of
 * count_buf where not null; capped: n is under the client's most, and a count over n is a
 * clamp) into the screen's clamp buffer, compacted, and a compute step that clamps each
 * command whose vertices times instances run past budget (a count over it to the budget, then
 * instances to budget / count) and leaves every other as GL draws it (reads past the bound
 * buffers are robust access's). *out is then the buffer to draw from: commands at *base +
 * VKB_CLAMP_CMDS, cmd_size apart, the count at *base + VKB_CLAMP_COUNT. prepass: the draw is
 * in the open rendering scope, which goes on: the clamp is recorded into the scope's pre-pass
 * (vkb_batch_pre_cmd) where it has one, else the scope ends first. False (declined, or a Fatal) when it cannot be made.
 * vkb_draw_clamp_count counts the clamped commands the GPU reported (completed batches: a
 * retire hook) as indirect-draw-clamped declines; settle waits for the last clamp first. */
#define VKB_CLAMP_COUNT 16u
#define VKB_CLAMP_CMDS 32u
#define VKB_CLAMP_BATCH_BYTES (1u << 20)
bool vkb_draw_clamp_record(struct vkb_screen *scr, VkBuffer buf, VkDeviceSize offset, uint32_t n,
                           uint32_t stride, uint32_t cmd_size, VkBuffer count_buf,
                           VkDeviceSize count_offset, bool capped, uint32_t budget, bool prepass,
                           VkBuffer *out, VkDeviceSize *base);
void vkb_draw_clamp_count(struct vkb_screen *scr);
void vkb_draw_clamp_settle(struct vkb_screen *scr);
void vkb_draw_clamp_finish(struct vkb_screen *scr);

/* Device workarounds (vkb_quirks.c): the table's rows that hold for the device, then the
 * MGL_VK_QUIRKS knob's changes. */
enum {
   VKB_QUIRK_SPLIT_IO_BLOCKS,
   VKB_QUIRK_INT64_VARYING_WORDS,
   VKB_QUIRK_FP64_VARYING_WORDS,
   VKB_QUIRK_COUNT
};
uint32_t vkb_quirks_select(VkDriverId driver, uint32_t driver_version, const char *knob);
void vkb_quirks_init(struct vkb_screen *scr, VkDriverId driver);
/* VKB_QUIRK_SPLIT_IO_BLOCKS on a shader's stages: out[s] gets stage s's words with its interface
 * blocks split (or as sent, validated) for every stage, or stays NULL for every stage. */
void vkb_quirk_split_io_blocks(struct vkb_screen *scr, uint32_t stage_mask,
                               const struct mgp_span *spirv, uint32_t **out, size_t *out_n);
/* VKB_QUIRK_INT64_VARYING_WORDS after it: every stage's 64-bit integer varyings as 32-bit words
 * (out[s] replaced), or every stage as it was (a stage that cannot be rewritten: declined). */
void vkb_quirk_int64_varying_words(struct vkb_screen *scr, uint32_t stage_mask,
                                   const struct mgp_span *spirv, uint32_t **out, size_t *out_n);
/* VKB_QUIRK_FP64_VARYING_WORDS after those: the same for 64-bit float varyings. */
void vkb_quirk_fp64_varying_words(struct vkb_screen *scr, uint32_t stage_mask,
                                  const struct mgp_span *spirv, uint32_t **out, size_t *out_n);
/* vkb_blit_staged.c: n regions of src (TRANSFER_SRC_OPTIMAL) into buf by `out`, a transfer
 * barrier over [offset, offset + size), then into dst (TRANSFER_DST_OPTIMAL) by `in`: a copy
 * between images vkCmdCopyImage cannot join (two depth formats, a 1D and a 2D image). */
void vkb_copy_image_via_buffer(VkCommandBuffer cmd, VkImage src, VkImage dst, VkBuffer buf,
                               VkDeviceSize offset, VkDeviceSize size, uint32_t n,
                               const VkBufferImageCopy *out, const VkBufferImageCopy *in);
/* spv_io_measure on words of stage (spv_io_measure_words, the stage's entry point). */
bool vkb_io_measure_words(const uint32_t *words, size_t count, VkShaderStageFlagBits stage,
                          struct spv_stage_io *io);
/* NULL when stage s's interface fits the device's limits, else why (in why, naming the stage
 * name, the figure and the limit). */
const char *vkb_io_limits_check(const struct vkb_screen *scr, const struct spv_stage_io *io, int s,
                                const char *name, char *why, size_t why_size);
/* The number of invocations each of a geometry stage's should become for its vertices, shared
 * out among them (spv_gs_split), to fit maxGeometryTotalOutputComponents; io then has the
 * split's figures. 0 where the total is within the limit or no split within
 * maxGeometryShaderInvocations brings it there. */
uint32_t vkb_io_gs_split_factor(const struct vkb_screen *scr, struct spv_stage_io *io);
/* Whether a geometry stage that emits points may leave gl_PointSize unwritten (its points then
 * 1.0 wide) on a device of these features: where it has no shaderTessellationAndGeometryPointSize
 * (no stage past the vertex one writes a size), or with VK_KHR_maintenance5's maintenance5
 * enabled; otherwise a pipeline of such a stage is invalid
 * (VUID-VkGraphicsPipelineCreateInfo-Geometry-07725). */
bool vkb_gs_point_size_optional(const VkPhysicalDeviceFeatures *features, bool maintenance5);
/* SPIR-V scan through SPIRV-Cross (vkb_spirv.c), on words vkb_spirv_validate passed:
 * descriptor bindings, entry point, the capabilities and builtins sh records; false with a
 * static reason in *why. When it succeeds, every descriptor variable bound at VKB_SAMPLER_BASE
 * or above has been moved to descriptor set VKB_SET_TEXTURES in words (rewritten in place). */
bool vkb_spirv_scan(uint32_t *words, size_t count, VkShaderStageFlagBits stage,
                    struct vkb_shader *sh, const char **why);
/* SPIRV-Tools' validator (spv_validate) for the device's Vulkan version (vkb_spirv.c); false
 * with the reason in why when the module is not valid SPIR-V. */
bool vkb_spirv_validate(struct vkb_screen *scr, const uint32_t *words, size_t count, char *why,
                        size_t why_size);

/* Tables the backend exports (vkb_screen.c / vkb_context.c). */
extern const struct mgp_screen_vtbl vkb_screen_vtbl;
extern const struct mgp_context_vtbl vkb_context_vtbl;
/* The tables mgs_vulkan_backend gives the server role (vkb_tables.c): the two above, each call
 * but the draws advancing scr->state_tick first. Filled by vkb_tables_init (screen_create). */
extern struct mgp_screen_vtbl vkb_ticked_screen_vtbl;
extern struct mgp_context_vtbl vkb_ticked_context_vtbl;
void vkb_tables_init(void);

/* Entry points implemented in other files, wired into the tables: one per pipe_calls.def line
 * the backend serves, each taking (self, args, tail, tail_count) as the tables call them. */

/* Server-side presentation (vkb_wsi.c): present's blit + present into the window bound to
 * color, returning the batch's serial; 0 when no window is bound to it (the caller submits). */
uint64_t vkb_wsi_present(struct vkb_screen *scr, struct vkb_resource *color);
void vkb_wsi_finish(struct vkb_screen *scr);

void vkb_get_caps(void *self, const struct mgp_get_caps *args, const void *tail,
                  uint32_t tail_count);
void vkb_surface_bind_window(void *self, const struct mgp_surface_bind_window *args,
                             const void *tail, uint32_t tail_count);
void vkb_context_create(void *self, const struct mgp_context_desc *args, const void *tail,
                        uint32_t tail_count);
void vkb_context_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                         uint32_t tail_count);
void vkb_resource_create(void *self, const struct mgp_resource_desc *args, const void *tail,
                         uint32_t tail_count);
void vkb_resource_respecify(void *self, const struct mgp_resource_desc *args, const void *tail,
                            uint32_t tail_count);
void vkb_resource_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                          uint32_t tail_count);
void vkb_fence_create(void *self, const struct mgp_handle_args *args, const void *tail,
                      uint32_t tail_count);
void vkb_map_persistent(void *self, const struct mgp_map_persistent *args, const void *tail,
                        uint32_t tail_count);
void vkb_fence_status(void *self, const struct mgp_fence_query *args, const void *tail,
                      uint32_t tail_count);
void vkb_query_create(void *self, const struct mgp_query_desc *args, const void *tail,
                      uint32_t tail_count);
void vkb_query_result(void *self, const struct mgp_query_result *args, const void *tail,
                      uint32_t tail_count);
void vkb_query_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                       uint32_t tail_count);
void vkb_get_timestamp(void *self, const struct mgp_get_timestamp *args, const void *tail,
                       uint32_t tail_count);
void vkb_begin_conditional_render(void *self, const struct mgp_query_desc *args, const void *tail,
                                  uint32_t tail_count);
void vkb_end_conditional_render(void *self, const struct mgp_u32_args *args, const void *tail,
                                uint32_t tail_count);
void vkb_begin_query(void *self, const struct mgp_query_desc *args, const void *tail,
                     uint32_t tail_count);
void vkb_end_query(void *self, const struct mgp_query_desc *args, const void *tail,
                   uint32_t tail_count);
void vkb_fence_wait(void *self, const struct mgp_fence_query *args, const void *tail,
                    uint32_t tail_count);
void vkb_fence_destroy(void *self, const struct mgp_handle_args *args, const void *tail,
                       uint32_t tail_count);

void vkb_create_render_state(void *self, const struct mgp_create_render_state *args,
                             const void *tail, uint32_t tail_count);
void vkb_bind_render_state(void *self, const struct mgp_handle_args *args, const void *tail,
                           uint32_t tail_count);
void vkb_delete_render_state(void *self, const struct mgp_handle_args *args, const void *tail,
                             uint32_t tail_count);
void vkb_create_vertex_elements(void *self, const struct mgp_create_vertex_elements *args,
                                const void *tail, uint32_t tail_count);
void vkb_bind_vertex_elements(void *self, const struct mgp_handle_args *args, const void *tail,
                              uint32_t tail_count);
void vkb_delete_vertex_elements(void *self, const struct mgp_handle_args *args, const void *tail,
                                uint32_t tail_count);
void vkb_create_sampler(void *self, const struct mgp_create_sampler *args, const void *tail,
                        uint32_t tail_count);
/* The sampler of s to draw with a view made by info (NULL: the placeholder's): vk (vk_plain
 * where plain), or under VKB_BORDER_SWIZZLE_MAPPING, for a border the view's swizzle changes, one
 * made with its mapping (vkb_cso.c). */
VkSampler vkb_sampler_for_view(struct vkb_screen *scr, struct vkb_sampler *s,
                               const VkImageViewCreateInfo *info, bool plain);
void vkb_delete_sampler(void *self, const struct mgp_handle_args *args, const void *tail,
                        uint32_t tail_count);
void vkb_create_sampler_view(void *self, const struct mgp_create_sampler_view *args,
                             const void *tail, uint32_t tail_count);
void vkb_delete_sampler_view(void *self, const struct mgp_handle_args *args, const void *tail,
                             uint32_t tail_count);
void vkb_create_shader(void *self, const struct mgp_create_shader *args, const void *tail,
                       uint32_t tail_count);
void vkb_delete_shader(void *self, const struct mgp_handle_args *args, const void *tail,
                       uint32_t tail_count);

void vkb_set_dynamic_state(void *self, const struct mgp_dynamic_state *args, const void *tail,
                           uint32_t tail_count);
void vkb_set_viewports(void *self, const struct mgp_set_viewports *args, const void *tail,
                       uint32_t tail_count);
void vkb_set_dynamic_words(void *self, const struct mgp_dynamic_words *args, const void *tail,
                           uint32_t tail_count);
void vkb_set_framebuffer_state(void *self, const struct mgp_framebuffer_state *args,
                               const void *tail, uint32_t tail_count);
void vkb_set_vertex_buffers(void *self, const struct mgp_set_vertex_buffers *args, const void *tail,
                            uint32_t tail_count);
void vkb_set_index_buffer(void *self, const struct mgp_set_index_buffer *args, const void *tail,
                          uint32_t tail_count);
void vkb_define_vertex_input(void *self, const struct mgp_vertex_input *args, const void *tail,
                             uint32_t tail_count);
void vkb_bind_vertex_input(void *self, const struct mgp_u32_args *args, const void *tail,
                           uint32_t tail_count);
/* Frees a context's vertex inputs (context_destroy, the screen's teardown). */
void vkb_vertex_inputs_finish(struct vkb_context *ctx);
void vkb_set_sampler_views(void *self, const struct mgp_set_handles *args, const void *tail,
                           uint32_t tail_count);
void vkb_bind_sampler_states(void *self, const struct mgp_set_handles *args, const void *tail,
                             uint32_t tail_count);
void vkb_set_texture_params(void *self, const struct mgp_texture_params *args, const void *tail,
                            uint32_t tail_count);
void vkb_set_shader_buffers(void *self, const struct mgp_set_shader_buffers *args, const void *tail,
                            uint32_t tail_count);
void vkb_set_constant_words(void *self, const struct mgp_constant_words *args, const void *tail,
                            uint32_t tail_count);
/* set_constant_words' work (draw_words' too): false when it ended the session (Fatal) or the
 * program is gone, so no draw follows. */
bool vkb_constant_words(struct vkb_context *ctx, const struct mgp_constant_words *args,
                        const void *tail, uint32_t tail_count);
void vkb_set_global_constants(void *self, const struct mgp_set_global_constants *args,
                              const void *tail, uint32_t tail_count);
void vkb_set_vertex_attrib_defaults(void *self, const struct mgp_set_vertex_attrib_defaults *args,
                                    const void *tail, uint32_t tail_count);
void vkb_set_patch_state(void *self, const struct mgp_patch_state *args, const void *tail,
                         uint32_t tail_count);
void vkb_set_pixel_pack_state(void *self, const struct mgp_pixel_pack_state *args, const void *tail,
                              uint32_t tail_count);
void vkb_set_draw_program(void *self, const struct mgp_handle_args *args, const void *tail,
                          uint32_t tail_count);
/* vkb_compute.c */
void vkb_set_dispatch_program(void *self, const struct mgp_handle_args *args, const void *tail,
                              uint32_t tail_count);
void vkb_launch_grid(void *self, const struct mgp_launch_grid *args, const void *tail,
                     uint32_t tail_count);
void vkb_memory_barrier(void *self, const struct mgp_memory_barrier *args, const void *tail,
                        uint32_t tail_count);
/* Makes shader writes to r visible to transfers and the host before a readback or copy of it
 * (once: the flag is cleared). */
void vkb_shader_writes_visible(struct vkb_screen *scr, struct vkb_resource *r);

void vkb_resource_subdata(void *self, const struct mgp_resource_subdata *args, const void *tail,
                          uint32_t tail_count);
void vkb_resource_readback(void *self, const struct mgp_resource_readback *args, const void *tail,
                           uint32_t tail_count);
void vkb_resource_copy_region(void *self, const struct mgp_resource_copy_region *args,
                              const void *tail, uint32_t tail_count);
void vkb_blit(void *self, const struct mgp_blit *args, const void *tail, uint32_t tail_count);
/* blit under conditional rendering: discarded on a zero result (GL 4.4 §10.10), else vkb_blit */
void vkb_blit_conditional(void *self, const struct mgp_blit *args, const void *tail,
                          uint32_t tail_count);
void vkb_generate_mipmap(void *self, const struct mgp_generate_mipmap *args, const void *tail,
                         uint32_t tail_count);
void vkb_get_texture_image(void *self, const struct mgp_get_texture_image *args, const void *tail,
                           uint32_t tail_count);
void vkb_pack_to_buffer(void *self, const struct mgp_pack_to_buffer *args, const void *tail,
                        uint32_t tail_count);
void vkb_present_to_buffer(void *self, const struct mgp_present_to_buffer *args, const void *tail,
                           uint32_t tail_count);
void vkb_texture_subdata_from_buffer(void *self, const struct mgp_texture_subdata_from_buffer *args,
                                     const void *tail, uint32_t tail_count);
void vkb_clear(void *self, const struct mgp_clear *args, const void *tail, uint32_t tail_count);
void vkb_read_pixels(void *self, const struct mgp_read_pixels *args, const void *tail,
                     uint32_t tail_count);
void vkb_draw_vbo(void *self, const struct mgp_draw_vbo *args, const void *tail,
                  uint32_t tail_count);
void vkb_draw(void *self, const struct mgp_draw *args, const void *tail, uint32_t tail_count);
void vkb_draw_words(void *self, const struct mgp_draw_words *args, const void *tail,
                    uint32_t tail_count);
void vkb_draw_indirect(void *self, const struct mgp_draw_indirect *args, const void *tail,
                       uint32_t tail_count);
void vkb_flush(void *self, const struct mgp_u32_args *args, const void *tail, uint32_t tail_count);
void vkb_set_stream_output_targets(void *self, const struct mgp_set_stream_output_targets *args,
                                   const void *tail, uint32_t tail_count);
void vkb_begin_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                             uint32_t tail_count);
void vkb_end_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                           uint32_t tail_count);
void vkb_pause_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                             uint32_t tail_count);
void vkb_resume_stream_output(void *self, const struct mgp_u32_args *args, const void *tail,
                              uint32_t tail_count);
void vkb_bind_stream_output_object(void *self, const struct mgp_u32_args *args, const void *tail,
                                   uint32_t tail_count);
void vkb_delete_stream_output_object(void *self, const struct mgp_u32_args *args, const void *tail,
                                     uint32_t tail_count);
void vkb_draw_stream_output(void *self, const struct mgp_draw_stream_output *args, const void *tail,
                            uint32_t tail_count);
/* The draw count of object `id` for draw_stream_output, after the barrier that orders its
 * write before the draw's read: its counter buffer (VK_NULL_HANDLE: no count, nothing drawn). */
VkBuffer vkb_xfb_draw_counter(struct vkb_context *ctx, uint32_t id);
void vkb_present(void *self, const struct mgp_present *args, const void *tail, uint32_t tail_count);

#endif
