/* gles_attacks.c ATTACK — a hostile client's record through a real session on the arm
 * MGL_TRANSPORT names, into the GLES backend (MGL_BACKEND=gles): the records of 3D, array and
 * cube textures, copies and multisampled renderbuffers, made with the ordinary encoder and
 * called with arguments no honest front end sends. The decoder passes them (their shape is
 * sound); the backend must end the session with Fatal{ProtocolCorruption} naming the call
 * (decode_attacks.sh reads the detail in the server's log), and the test process (the server
 * too, on monolith and inproc) must live. After the attack the client floods honest records, as
 * decode_attacks.c does.
 *
 *   copy-3d-wrap     resource_copy_region of a 4x4x4 3D texture with src_box z 1 and depth
 *                    2^32-1: z + depth wraps to inside the texture.
 *   copy-cube-face   resource_copy_region into face 6 of a cube (faces 0..5).
 *   copy-level       resource_copy_region from level 2^32-1 of a 2D array texture.
 *   copy-buffer-wrap resource_copy_region of a 64-byte buffer at x 32, width 2^32-16.
 *   subdata-layers   resource_subdata into layers 2..3 of a 3-layer 2D array texture.
 *   subdata-slice    resource_subdata of a 3D texture with a slice stride shorter than a slice:
 *                    the last slice's bytes lie past the span.
 *   msaa-copy        resource_copy_region from a 4-sample renderbuffer at level 1 (a
 *                    renderbuffer has one).
 *   pack-range       pack_to_buffer of a 4x4 RGBA8 texture into a 64-byte buffer at offset 16:
 *                    the 64 bytes it packs end past the buffer.
 *   pack-wrap        pack_to_buffer under row length and skip rows 2^31-1, 2^30 rows: the
 *                    layout needs more than 2^64 bytes (computed without wrapping).
 *   pack-state       set_pixel_pack_state with alignment 3.
 *   pack-shape       pack_to_buffer with a pack shape no front end builds (kind 200). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe_pack.h"
#include "attack_util.h"

static struct mgp_handle
image(const struct mgp_screen *scr, uint32_t slot, unsigned target, uint32_t depth, uint32_t layers,
      uint8_t samples)
{
   const struct mgp_handle h = {slot, 1};
   mgp_resource_create(
      scr, &(struct mgp_resource_desc){.res = h,
                                       .target = (uint8_t)target,
                                       .levels = 1,
                                       .samples = samples,
                                       .format = MGP_FORMAT_RGBA8_UNORM,
                                       .width = 4,
                                       .height = 4,
                                       .depth = depth,
                                       .array_layers = layers,
                                       .bind_mask = MGP_BIND_SAMPLER | MGP_BIND_RENDER_TARGET});
   return h;
}

static void
copy(const struct mgp_context *ctx, struct mgp_handle dst, uint32_t dst_z, struct mgp_handle src,
     uint32_t src_level, struct mgp_box box)
{
   mgp_resource_copy_region(
      ctx,
      &(struct mgp_resource_copy_region){
         .dst = dst, .dst_z = (int32_t)dst_z, .src = src, .src_level = src_level, .src_box = box});
}

static void
pack(const struct mgp_context *ctx, struct mgp_handle tex, struct mgp_handle buf, uint32_t height,
     uint64_t offset, struct mgp_pack_shape shape)
{
   mgp_pack_to_buffer(ctx, &(struct mgp_pack_to_buffer){.res = tex,
                                                        .width = 4,
                                                        .height = height,
                                                        .shape = shape,
                                                        .buffer = buf,
                                                        .offset = offset});
}

static void
subdata(const struct mgp_context *ctx, struct mgp_handle tex, struct mgp_sub_region g)
{
   static uint8_t mem[4 * 4 * 4 * 4];
   const struct mgp_resource_subdata up = {.res = tex,
                                           .format = MGP_FORMAT_RGBA8_UNORM,
                                           .box = {g.x, g.y, g.z, g.width, g.height, g.depth},
                                           .region_count = 1,
                                           .data = {.ptr = mem, .size = sizeof(mem)}};
   mgp_resource_subdata(ctx, &up, &g);
}

int
main(int argc, char **argv)
{
   watchdog_start(120);
   CHECK(argc == 2, "usage: gles_attacks copy-3d-wrap|copy-cube-face|copy-level|"
                    "copy-buffer-wrap|subdata-layers|subdata-slice|msaa-copy|pack-range|pack-wrap|"
                    "pack-state|pack-shape");
   const char *attack = argv[1];
   struct mgp_context ctx;
   struct mgt_client *s = attack_session_open(&ctx);
   const struct mgp_screen *scr = mgt_client_screen(s);

   const unsigned t3d = MGP_RESOURCE_TARGET_TEX_3D, arr = MGP_RESOURCE_TARGET_TEX_2D_ARRAY,
                  cube = MGP_RESOURCE_TARGET_TEX_CUBE;
   if (!strcmp(attack, "copy-3d-wrap")) {
      const struct mgp_handle a = image(scr, 7, t3d, 4, 1, 1), b = image(scr, 8, t3d, 4, 1, 1);
      copy(&ctx, b, 0, a, 0, (struct mgp_box){0, 0, 1, 4, 4, UINT32_MAX});
   } else if (!strcmp(attack, "copy-cube-face")) {
      const struct mgp_handle a = image(scr, 7, cube, 1, 6, 1), b = image(scr, 8, cube, 1, 6, 1);
      copy(&ctx, b, 6, a, 0, (struct mgp_box){0, 0, 0, 4, 4, 1});
   } else if (!strcmp(attack, "copy-level")) {
      const struct mgp_handle a = image(scr, 7, arr, 1, 3, 1), b = image(scr, 8, arr, 1, 3, 1);
      copy(&ctx, b, 0, a, UINT32_MAX, (struct mgp_box){0, 0, 0, 1, 1, 1});
   } else if (!strcmp(attack, "copy-buffer-wrap")) {
      for (uint32_t slot = 7; slot <= 8; slot++)
         attack_buffer_64(scr, slot, MGP_BIND_VERTEX);
      copy(&ctx, (struct mgp_handle){8, 1}, 0, (struct mgp_handle){7, 1}, 0,
           (struct mgp_box){32, 0, 0, UINT32_MAX - 15, 1, 1});
   } else if (!strcmp(attack, "subdata-layers")) {
      subdata(&ctx, image(scr, 7, arr, 1, 3, 1),
              (struct mgp_sub_region){.z = 2, .width = 4, .height = 4, .depth = 2});
   } else if (!strcmp(attack, "subdata-slice")) {
      /* rows of 16 bytes, slices said to be 16 bytes apart: a slice of 4 rows does not fit */
      subdata(
         &ctx, image(scr, 7, t3d, 4, 1, 1),
         (struct mgp_sub_region){
            .width = 4, .height = 4, .depth = 4, .src_row_stride = 16, .src_slice_stride = 16});
   } else if (!strcmp(attack, "msaa-copy")) {
      const struct mgp_handle a = image(scr, 7, MGP_RESOURCE_TARGET_RENDERBUFFER, 1, 1, 4),
                              b = image(scr, 8, MGP_RESOURCE_TARGET_RENDERBUFFER, 1, 1, 4);
      copy(&ctx, b, 0, a, 1, (struct mgp_box){0, 0, 0, 4, 4, 1});
   } else if (!strcmp(attack, "pack-range")) {
      const struct mgp_handle t = image(scr, 7, MGP_RESOURCE_TARGET_TEX_2D, 1, 1, 1);
      pack(&ctx, t, attack_buffer_64(scr, 8, 0), 4, 16, MGP_PACK_SHAPE_RGBA8);
   } else if (!strcmp(attack, "pack-wrap")) {
      const struct mgp_handle t = image(scr, 7, MGP_RESOURCE_TARGET_TEX_2D, 1, 1, 1);
      mgp_set_pixel_pack_state(&ctx, &(struct mgp_pixel_pack_state){.alignment = 1,
                                                                    .row_length = INT32_MAX,
                                                                    .skip_rows = INT32_MAX});
      pack(&ctx, t, attack_buffer_64(scr, 8, 0), 1u << 30, 0, MGP_PACK_SHAPE_RGBA8);
   } else if (!strcmp(attack, "pack-state")) {
      mgp_set_pixel_pack_state(&ctx, &(struct mgp_pixel_pack_state){.alignment = 3});
   } else if (!strcmp(attack, "pack-shape")) {
      struct mgp_pack_shape bad = MGP_PACK_SHAPE_RGBA8;
      bad.what = 200;
      pack(&ctx, image(scr, 7, MGP_RESOURCE_TARGET_TEX_2D, 1, 1, 1), attack_buffer_64(scr, 8, 0), 4,
           0, bad);
   } else {
      CHECK(0, "unknown attack %s", attack);
   }
   attack_finish(s, &ctx, attack);
   return 0;
}
