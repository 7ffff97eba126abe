/* decode_attacks.c ATTACK — a hostile client's record through a real session on the arm
 * MGL_TRANSPORT names, into the real decoder and Vulkan backend. The records are made with the
 * ordinary encoder, called with arguments no honest front end sends; the session must fail with
 * Fatal{ProtocolCorruption} (decode_attacks.sh reads the detail in the server's log), and the
 * test process (the server too, on monolith and inproc) must live.
 *
 *   tail-count     set_vertex_attrib_defaults whose count says 2^29 elements and whose record
 *                  carries none (the encoder is called with tail_count 0): a 16-byte record.
 *                  Not on monolith, which has no decoder: the backend is given tail_count.
 *   pack-size      read_pixels of 2^32-1 x 2^32-1 RGBA8 texels into 256 bytes: the answer's
 *                  size does not fit in 64 bits.
 *   pack-shape     read_pixels of a 4x4 surface naming format 0xffff, past enum mgp_format:
 *                  a format no front end names.
 *   upload-wrap    resource_subdata whose region starts at src_offset 2^64-64 with a row
 *                  stride of 64: offset plus length wraps to inside the data; then
 *                  get_texture_image (the bytes before the data would come back).
 *   texture-caps   resource_create of a 2D texture 2^32 - 1 texels wide, past the caps the
 *                  server reported (max_texture_size): vkCreateImage must never see it.
 *   enum-range     create_render_state whose blend[3].src_rgb is one past the last
 *                  mgp_blend_factor: no backend table may be indexed by it. Not on monolith,
 *                  which has no decoder (the backend's tables answer false there).
 *   dynamic-words  set_dynamic_words of two words from word 27 of the 28 of mgp_dynamic_state:
 *                  a well-formed record whose words run past the struct the server patches.
 *   indirect-count draw_indirect of MGP_MAX_INDIRECT_DRAWS + 1 commands: past the decoder's
 *                  bound (on monolith, which has no decoder, the backend's same check).
 *   indirect-range draw_indirect of 4 commands 16 bytes apart at offset 16 of a 64-byte buffer:
 *                  the last reaches byte 80; the backend computes the end without wrap and
 *                  refuses it before anything is recorded, on every arm.
 *   param-range    draw_indirect whose count buffer is 64 bytes and count_offset 64: the u32
 *                  count lies past it (the backend's check, every arm).
 *   param-align    draw_indirect whose count_offset is 2 (the decoder's rule; on monolith the
 *                  backend's same check).
 *   param-max      draw_indirect with a count buffer and draw_count 2^31: past
 *                  MGP_MAX_INDIRECT_COUNT_DRAWS (the decoder's; on monolith the backend's).
 *   images-count   set_shader_images of 8 images from slot 10: past MGP_MAX_SHADER_IMAGES (the
 *                  decoder's bound; on monolith the backend's same check).
 *   images-level   set_shader_images naming level 3 of a one-level texture.
 *   images-layer   set_shader_images naming layer 5 of a texture of one layer.
 *   images-res     set_shader_images naming a buffer as its texture.
 *   images-texbuf-level  set_shader_images naming level 1 of a buffer texture (imageBuffer):
 *                  a buffer texture has level 0 alone (the backend's check, every arm).
 *   vi-id          define_vertex_input of id MGP_MAX_VERTEX_INPUTS: past what the server holds
 *                  per context (the decoder's bound; on monolith the backend's same check).
 *   vi-count       define_vertex_input of 17 buffers (a 17-element tail): past the bindings a
 *                  vertex input holds.
 *   vi-undefined   bind_vertex_input of id 7, never defined: the backend's check, every arm.
 *   vi-bind-id     bind_vertex_input of id 2^32-1 (the decoder's bound; on monolith the
 *                  backend's).
 *   const-noprog   set_constant_words of two words with no draw program set: the words name
 *                  no block (the backend's check, every arm).
 *   words-noprog   draw_words (a draw carrying two words) with no draw program set: the same
 *                  check as const-noprog, and no draw is made (every arm).
 *   buffers-cls    set_shader_buffers of class 3: past atomic counter (2), the last class.
 *   atomic-offset  set_shader_buffers of an atomic counter range at offset 2 of a buffer: GL
 *                  binds them at multiples of 4 only.
 *   patch-zero     set_patch_state of a patch of 0 vertices (glPatchParameteri refuses it).
 *   patch-big      set_patch_state of a patch of 33 vertices: past GL_MAX_PATCH_VERTICES (32),
 *                  which would reach the pipeline's patchControlPoints.
 *   xfbo-bind-id   bind_stream_output_object of id MGP_MAX_XFB_OBJECTS: past the transform
 *                  feedback objects a context holds (the decoder's bound; on monolith the
 *                  backend's same check).
 *   xfbo-delete-zero  delete_stream_output_object of object 0, the context's default: the
 *                  backend's check, every arm.
 *   xfbo-draw-stride  draw_stream_output with a 6-byte stride (not a multiple of 4).
 *   viewports-count  set_viewports of 16 viewports past index 0 (a 16-element tail): past
 *                  MGP_MAX_VIEWPORTS - 1 (the decoder's bound; on monolith the backend's).
 * After the attack the client keeps sending honest records (8 MiB of them), the way a program
 * goes on calling GL: the server closes with those unread, and on tcp the client must still
 * learn the Fatal's reason rather than a bare Fatal{ServerGone}.
 * The tail copy (time of check, time of use) is proved in unit.pipe.codec. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe_pack.h"
#include "attack_util.h"

static struct mgp_handle
texture_4x4(const struct mgp_screen *scr, struct mgp_handle h)
{
   mgp_resource_create(
      scr, &(struct mgp_resource_desc){.res = h,
                                       .target = MGP_RESOURCE_TARGET_TEX_2D,
                                       .levels = 1,
                                       .samples = 1,
                                       .format = MGP_FORMAT_RGBA8_UNORM,
                                       .width = 4,
                                       .height = 4,
                                       .depth = 1,
                                       .array_layers = 1,
                                       .bind_mask = MGP_BIND_SAMPLER | MGP_BIND_RENDER_TARGET});
   return h;
}

static void
attack_tail_count(const struct mgp_context *ctx)
{
   const struct mgp_set_vertex_attrib_defaults a = {.count = 0x20000000u};
   ctx->vtbl->set_vertex_attrib_defaults(ctx->self, &a, NULL, 0);
}

static uint8_t pack_out[256 + 64];

static void
attack_pack_size(const struct mgp_screen *scr, const struct mgp_context *ctx)
{
   struct mgp_handle tex = texture_4x4(scr, (struct mgp_handle){7, 1});
   struct mgp_framebuffer_state fb = {
      .fbo = {2, 1}, .width = 4, .height = 4, .layers = 1, .samples = 1};
   fb.color[0] = (struct mgp_surface){.res = tex, .format = MGP_FORMAT_RGBA8_UNORM, .kind = 1};
   fb.read = fb.color[0];
   for (int i = 0; i < 8; i++)
      fb.draw_buffers[i] = i == 0 ? 0 : -1;
   mgp_set_framebuffer_state(ctx, &fb);
   /* 256 bytes of the 320: a write past them lands in the guard (monolith) */
   memset(pack_out, 0xa5, sizeof(pack_out));
   mgp_read_pixels(ctx, &(struct mgp_read_pixels){.width = UINT32_MAX,
                                                  .height = UINT32_MAX,
                                                  .format = MGP_FORMAT_RGBA8_UNORM,
                                                  .what = MGP_PACK_WHAT_COLOR,
                                                  .out = {.ptr = pack_out, .size = 256}});
   for (unsigned i = 256; i < sizeof(pack_out); i++)
      CHECK(pack_out[i] == 0xa5, "read_pixels wrote past its 256 bytes (byte %u)", i);
}

static void
attack_pack_shape(const struct mgp_screen *scr, const struct mgp_context *ctx)
{
   struct mgp_handle tex = texture_4x4(scr, (struct mgp_handle){7, 1});
   struct mgp_framebuffer_state fb = {
      .fbo = {2, 1}, .width = 4, .height = 4, .layers = 1, .samples = 1};
   fb.color[0] = (struct mgp_surface){.res = tex, .format = MGP_FORMAT_RGBA8_UNORM, .kind = 1};
   fb.read = fb.color[0];
   for (int i = 0; i < 8; i++)
      fb.draw_buffers[i] = i == 0 ? 0 : -1;
   mgp_set_framebuffer_state(ctx, &fb);
   memset(pack_out, 0xa5, sizeof(pack_out));
   mgp_read_pixels(ctx, &(struct mgp_read_pixels){.width = 4,
                                                  .height = 4,
                                                  .format = 0xffff,
                                                  .what = MGP_PACK_WHAT_COLOR,
                                                  .out = {.ptr = pack_out, .size = 80}});
   /* Nothing of the server's: the answer's 80 bytes come back as the decoder zeroed them (or
    * not at all, where the failed session ends the wait), and nothing past them changes. */
   for (unsigned i = 0; i < sizeof(pack_out); i++)
      CHECK(pack_out[i] == 0xa5 || (i < 80 && pack_out[i] == 0),
            "read_pixels of a bad format wrote byte %u", i);
}

static void
attack_upload_wrap(const struct mgp_screen *scr, const struct mgp_context *ctx)
{
   struct mgp_handle tex = texture_4x4(scr, (struct mgp_handle){8, 1});
   /* 64 bytes the server must not read, then the 64 the upload carries. */
   static uint8_t mem[128];
   memset(mem, 0x5e, 64);
   memset(mem + 64, 0x11, 64);
   const struct mgp_sub_region g = {
      .width = 4, .height = 2, .depth = 1, .src_offset = UINT64_MAX - 63, .src_row_stride = 64};
   const struct mgp_resource_subdata up = {.res = tex,
                                           .format = MGP_FORMAT_RGBA8_UNORM,
                                           .box = {0, 0, 0, 4, 2, 1},
                                           .region_count = 1,
                                           .data = {.ptr = mem + 64, .size = 64}};
   mgp_resource_subdata(ctx, &up, &g);
   uint8_t back[16 + 64]; /* the mgp_texels_rect, then 4x4 texels */
   memset(back, 0, sizeof(back));
   mgp_get_texture_image(
      ctx, &(struct mgp_get_texture_image){.res = tex,
                                           .width = 4,
                                           .height = 4,
                                           .format = MGP_FORMAT_RGBA8_UNORM,
                                           .what = MGP_PACK_WHAT_COLOR,
                                           .out = {.ptr = back, .size = sizeof(back)}});
   unsigned leaked = 0;
   for (unsigned i = 16; i < sizeof(back); i++)
      leaked += back[i] != 0 && back[i] != 0x11;
   printf("get_texture_image: %u of 64 bytes are not the upload's (first: %02x %02x %02x %02x)\n",
          leaked, back[16], back[17], back[18], back[19]);
}

static void
attack_texture_caps(struct mgt_client *s, const struct mgp_screen *scr)
{
   CHECK(mgt_client_caps(s)->max_texture_size < UINT32_MAX, "no texture size cap");
   mgp_resource_create(scr, &(struct mgp_resource_desc){.res = {9, 1},
                                                        .target = MGP_RESOURCE_TARGET_TEX_2D,
                                                        .levels = 1,
                                                        .samples = 1,
                                                        .format = MGP_FORMAT_RGBA8_UNORM,
                                                        .width = UINT32_MAX,
                                                        .height = 1,
                                                        .depth = 1,
                                                        .array_layers = 1,
                                                        .bind_mask = MGP_BIND_SAMPLER});
}

static void
attack_enum_range(const struct mgp_context *ctx)
{
   struct mgp_create_render_state a = {.cso = {3, 1}};
   a.state.blend[3].src_rgb = MGP_BLEND_FACTOR_COUNT;
   mgp_create_render_state(ctx, &a);
}

static void
attack_dynamic_words(const struct mgp_context *ctx)
{
   const uint32_t n = sizeof(struct mgp_dynamic_state) / sizeof(uint32_t);
   const struct mgp_word w[2] = {{0x41414141u}, {0x41414141u}};
   mgp_set_dynamic_words(ctx, &(struct mgp_dynamic_words){.first = n - 1, .count = 2}, w);
}

/* A vertex input past its bounds, or bound without a define. */
static void
attack_vertex_input(const struct mgp_screen *scr, const struct mgp_context *ctx, const char *what)
{
   struct mgp_vertex_buffer vb[MGP_MAX_VERTEX_BUFFERS + 1];
   const struct mgp_handle buf = attack_buffer_64(scr, 11, MGP_BIND_VERTEX);
   for (uint32_t i = 0; i <= MGP_MAX_VERTEX_BUFFERS; i++)
      vb[i] = (struct mgp_vertex_buffer){.res = buf, .offset = 0};
   if (!strcmp(what, "vi-id"))
      mgp_define_vertex_input(
         ctx, &(struct mgp_vertex_input){.id = MGP_MAX_VERTEX_INPUTS, .count = 1, .index = buf},
         vb);
   else if (!strcmp(what, "vi-count"))
      mgp_define_vertex_input(
         ctx, &(struct mgp_vertex_input){.id = 1, .count = MGP_MAX_VERTEX_BUFFERS + 1}, vb);
   else if (!strcmp(what, "vi-undefined")) {
      /* an honest define first: the id bound is another */
      mgp_define_vertex_input(ctx, &(struct mgp_vertex_input){.id = 1, .count = 1}, vb);
      mgp_bind_vertex_input(ctx, &(struct mgp_u32_args){.value = 1});
      mgp_bind_vertex_input(ctx, &(struct mgp_u32_args){.value = 7});
   } else
      mgp_bind_vertex_input(ctx, &(struct mgp_u32_args){.value = UINT32_MAX});
}

/* The transform feedback object calls (ABI 21) with the field `what` names out of bounds. */
static void
attack_xfb_object(const struct mgp_context *ctx, const char *what)
{
   if (!strcmp(what, "xfbo-bind-id"))
      mgp_bind_stream_output_object(ctx, &(struct mgp_u32_args){.value = MGP_MAX_XFB_OBJECTS});
   else if (!strcmp(what, "xfbo-delete-zero"))
      mgp_delete_stream_output_object(ctx, &(struct mgp_u32_args){.value = 0});
   else
      mgp_draw_stream_output(ctx, &(struct mgp_draw_stream_output){
                                     .mode = MGP_PRIM_TRIANGLES, .stride = 6, .instances = 1});
}

static void
attack_indirect(const struct mgp_screen *scr, const struct mgp_context *ctx, bool count)
{
   const struct mgp_handle buf = attack_buffer_64(scr, 11, MGP_BIND_INDIRECT);
   mgp_draw_indirect(
      ctx, &(struct mgp_draw_indirect){.mode = MGP_PRIM_TRIANGLES,
                                       .indirect = buf,
                                       .offset = 16,
                                       .stride = 16,
                                       .draw_count = count ? MGP_MAX_INDIRECT_DRAWS + 1 : 4});
}

/* An indirect-count draw of 2 commands (in bounds) whose count is where `what` says. */
static void
attack_param(const struct mgp_screen *scr, const struct mgp_context *ctx, const char *what)
{
   const struct mgp_handle buf = attack_buffer_64(scr, 11, MGP_BIND_INDIRECT);
   const struct mgp_handle cnt = attack_buffer_64(scr, 15, MGP_BIND_INDIRECT);
   struct mgp_draw_indirect a = {.mode = MGP_PRIM_TRIANGLES,
                                 .indirect = buf,
                                 .offset = 0,
                                 .stride = 16,
                                 .draw_count = 2,
                                 .count = cnt,
                                 .count_offset = 64};
   if (!strcmp(what, "param-align"))
      a.count_offset = 2;
   else if (!strcmp(what, "param-max"))
      a = (struct mgp_draw_indirect){.mode = MGP_PRIM_TRIANGLES,
                                     .indirect = buf,
                                     .stride = 16,
                                     .draw_count = MGP_MAX_INDIRECT_COUNT_DRAWS + 1,
                                     .count = cnt};
   mgp_draw_indirect(ctx, &a);
}

static void
attack_images(const struct mgp_screen *scr, const struct mgp_context *ctx, const char *what)
{
   struct mgp_image_view v[8];
   memset(v, 0, sizeof(v));
   struct mgp_set_shader_images a = {.start = 0, .count = 1};
   v[0] = (struct mgp_image_view){
      .format = MGP_FORMAT_RGBA8_UNORM, .layer = UINT32_MAX, .access = MGP_IMAGE_ACCESS_READ_WRITE};
   if (!strcmp(what, "images-count")) {
      a = (struct mgp_set_shader_images){.start = 10, .count = 8};
   } else if (!strcmp(what, "images-res")) {
      v[0].res = attack_buffer_64(scr, 12, MGP_BIND_SHADER_BUFFER);
   } else if (!strcmp(what, "images-texbuf-level")) {
      const struct mgp_handle tb = {13, 1};
      mgp_resource_create(scr, &(struct mgp_resource_desc){
                                  .res = tb,
                                  .target = MGP_RESOURCE_TARGET_TEX_BUFFER,
                                  .levels = 1,
                                  .samples = 1,
                                  .format = MGP_FORMAT_R32_UINT,
                                  .width = 1,
                                  .height = 1,
                                  .depth = 1,
                                  .array_layers = 1,
                                  .bind_mask = MGP_BIND_SAMPLER,
                                  .buffer = attack_buffer_64(scr, 12, MGP_BIND_SAMPLER),
                                  .buffer_size = ~0ull,
                               });
      v[0].res = tb;
      v[0].format = MGP_FORMAT_R32_UINT;
      v[0].level = 1;
   } else {
      v[0].res = texture_4x4(scr, (struct mgp_handle){13, 1});
      if (!strcmp(what, "images-level"))
         v[0].level = 3;
      else
         v[0].layer = 5;
   }
   mgp_set_shader_images(ctx, &a, v);
}

static void
attack_buffers(const struct mgp_screen *scr, const struct mgp_context *ctx, bool cls)
{
   const struct mgp_buffer_range br = {
      .res = attack_buffer_64(scr, 14, MGP_BIND_SHADER_BUFFER), .offset = cls ? 0 : 2, .size = 8};
   mgp_set_shader_buffers(
      ctx, &(struct mgp_set_shader_buffers){.cls = cls ? 3 : 2, .start = 80, .count = 1}, &br);
}

static void
attack_patch(const struct mgp_context *ctx, uint32_t vertices)
{
   mgp_set_patch_state(
      ctx, &(struct mgp_patch_state){.vertices = vertices, .outer = {1, 1, 1, 1}, .inner = {1, 1}});
}

int
main(int argc, char **argv)
{
   watchdog_start(120);
   CHECK(
      argc == 2,
      "usage: decode_attacks tail-count|pack-size|pack-shape|upload-wrap|texture-caps|enum-range|"
      "dynamic-words|"
      "indirect-count|indirect-range|param-range|param-align|param-max|images-count|images-level|"
      "images-layer|images-res|images-texbuf-level|"
      "buffers-cls|atomic-offset|patch-zero|patch-big");
   const char *attack = argv[1];
   struct mgp_context ctx;
   struct mgt_client *s = attack_session_open(&ctx);
   const struct mgp_screen *scr = mgt_client_screen(s);

   if (!strcmp(attack, "tail-count"))
      attack_tail_count(&ctx);
   else if (!strcmp(attack, "pack-size"))
      attack_pack_size(scr, &ctx);
   else if (!strcmp(attack, "pack-shape"))
      attack_pack_shape(scr, &ctx);
   else if (!strcmp(attack, "upload-wrap"))
      attack_upload_wrap(scr, &ctx);
   else if (!strcmp(attack, "texture-caps"))
      attack_texture_caps(s, scr);
   else if (!strcmp(attack, "enum-range"))
      attack_enum_range(&ctx);
   else if (!strcmp(attack, "dynamic-words"))
      attack_dynamic_words(&ctx);
   else if (!strcmp(attack, "indirect-count") || !strcmp(attack, "indirect-range"))
      attack_indirect(scr, &ctx, !strcmp(attack, "indirect-count"));
   else if (!strncmp(attack, "param-", 6))
      attack_param(scr, &ctx, attack);
   else if (!strncmp(attack, "images-", 7))
      attack_images(scr, &ctx, attack);
   else if (!strcmp(attack, "const-noprog"))
      mgp_set_constant_words(&ctx, &(struct mgp_constant_words){.first = 0, .count = 2},
                             (const struct mgp_word[2]){{1}, {2}});
   else if (!strcmp(attack, "words-noprog"))
      mgp_draw_words(&ctx,
                     &(struct mgp_draw_words){
                        .draw = {.mode = MGP_PRIM_TRIANGLES, .count = 3}, .first = 0, .count = 2},
                     (const struct mgp_word[2]){{1}, {2}});
   else if (!strncmp(attack, "vi-", 3))
      attack_vertex_input(scr, &ctx, attack);
   else if (!strncmp(attack, "xfbo-", 5))
      attack_xfb_object(&ctx, attack);
   else if (!strcmp(attack, "viewports-count")) {
      static struct mgp_viewport vp[MGP_MAX_VIEWPORTS];
      mgp_set_viewports(&ctx, &(struct mgp_set_viewports){.count = MGP_MAX_VIEWPORTS}, vp);
   } else if (!strcmp(attack, "buffers-cls") || !strcmp(attack, "atomic-offset"))
      attack_buffers(scr, &ctx, !strcmp(attack, "buffers-cls"));
   else if (!strcmp(attack, "patch-zero") || !strcmp(attack, "patch-big"))
      attack_patch(&ctx, !strcmp(attack, "patch-zero") ? 0 : 33);
   else
      CHECK(0, "unknown attack %s", attack);
   attack_finish(s, &ctx, attack);
   return 0;
}
