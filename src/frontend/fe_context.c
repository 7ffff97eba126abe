/* fe_context.c — what EGL asks of the GL front end (fe_egl.h): share groups (one session with
 * the server role each), contexts, pbuffer surfaces, making current, presenting.
 *
 * A pbuffer surface is client-created resources: a colour renderbuffer (RGBA8; RGB8 configs
 * too) and, when the config has depth or stencil, a D24_UNORM_S8_UINT one. They are created on
 * the share group of the first context the surface is made current with, since EGL creates
 * surfaces before any context. The default framebuffer is fbo {0,1} with those surfaces. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_compat.h"
#include "fe_cso.h"
#include "fe_dlist.h"
#include "fe_enum.h"
#include "fe_compat_vertex.h"
#include "fe_es_ext.h"
#include "fe_arbp.h"
#include "fe_atifs.h"
#include "fe_ff.h"
#include "fe_format.h"
#include "fe_gl.h"
#include "fe_pack.h"
#include "fe_tracker.h"
#include "log.h"

_Thread_local struct fe_context *fe_tls_ctx;
_Thread_local uint32_t fe_entry_mode;
static atomic_uint_fast64_t surface_serial;

struct fe_context *
fe_ctx_current(void)
{
   return fe_tls_ctx;
}

/* KHR_robustness / GL 4.5 §2.3.2: after a reset every command (but glGetError and
 * glGetGraphicsResetStatus) generates CONTEXT_LOST, and has no other effect; only a context
 * created with LOSE_CONTEXT_ON_RESET is ever told of a reset. */
void
fe_ctx_lost_command(struct fe_context *ctx)
{
   if (ctx->desc.lose_context_on_reset)
      fe_error(ctx, GL_CONTEXT_LOST);
}

bool
fe_ctx_lost_quiet(struct fe_context *ctx)
{
   if (!ctx->lost && mgt_client_failed(ctx->share->session))
      ctx->lost = true;
   return ctx->lost;
}

bool
fe_ctx_lost_ask(struct fe_context *ctx)
{
   if (!fe_ctx_lost_quiet(ctx))
      return false;
   fe_ctx_lost_command(ctx);
   return true;
}

/* ---- share groups --------------------------------------------------------------------------- */

/* The session fe_config_sample_counts opened, until the first share group takes it. */
static _Atomic(struct mgt_client *) spare_session;
static pthread_once_t sample_counts_once = PTHREAD_ONCE_INIT;
static uint32_t sample_counts;

static void
probe_sample_counts(void)
{
   struct mgt_client *s = mgt_client_create();
   if (!s || mgt_client_failed(s)) {
      mgt_client_destroy(s);
      sample_counts = 1u | 4u;
      mgu_info("configs: no session to read the device's sample counts: 1 and 4 offered");
      return;
   }
   sample_counts = fe_format_surface_sample_counts(mgt_client_caps(s));
   mgu_info("configs: sample counts 0x%x (bit n: 2^n samples)", sample_counts);
   atomic_store(&spare_session, s);
}

uint32_t
fe_config_sample_counts(void)
{
   pthread_once(&sample_counts_once, probe_sample_counts);
   return sample_counts;
}

static struct fe_share_group *
share_create(void)
{
   struct fe_share_group *sg = calloc(1, sizeof(*sg));
   if (!sg)
      return NULL;
   sg->session = atomic_exchange(&spare_session, NULL);
   if (sg->session && mgt_client_failed(sg->session)) {
      mgt_client_destroy(sg->session);
      sg->session = NULL;
   }
   if (!sg->session)
      sg->session = mgt_client_create();
   if (!sg->session) {
      free(sg);
      return NULL;
   }
   atomic_init(&sg->refs, 1);
   pthread_mutex_init(&sg->lock, NULL);
   sg->screen = mgt_client_screen(sg->session);
   sg->caps = mgt_client_caps(sg->session);
   struct mgt_fail_words w;
   switch (mgt_client_fail_words(sg->session, &w)) {
   case MGT_FAIL_DIRECT:
      sg->fail_server = w.server;
      sg->fail_client = w.client;
      break;
   case MGT_FAIL_RING: sg->fail_ring = w; break;
   case MGT_FAIL_ASK: break;
   }
   for (int k = 0; k < MGP_KIND_COUNT; k++)
      mgu_handle_alloc_init(&sg->handles[k], 0);
   fe_names_init(&sg->buffers);
   fe_names_init(&sg->textures);
   fe_names_init(&sg->renderbuffers);
   fe_names_init(&sg->programs);
   fe_names_init(&sg->samplers);
   fe_names_init(&sg->arb_programs);
   fe_names_init(&sg->ati_shaders);
   char renderer[sizeof(sg->caps->renderer) + 1];
   memcpy(renderer, sg->caps->renderer, sizeof(sg->caps->renderer));
   renderer[sizeof(sg->caps->renderer)] = '\0';
   /* "mgl (Vulkan: llvmpipe ...) inproc": the backend's description and the transport. */
   snprintf(sg->renderer, sizeof(sg->renderer),
            strncmp(renderer, "mgl", 3) ? "mgl (%s) %s" : "%s %s", renderer,
            mgt_client_transport(sg->session));
   return sg;
}

static void
share_release_names(struct fe_share_group *sg, struct fe_names *n)
{
   for (uint32_t i = 1; i < n->capacity; i++) {
      void *obj = n->slots[i];
      if (obj && obj != FE_NAME_RESERVED) {
         n->slots[i] = NULL;
         fe_object_unref(NULL, obj);
      }
   }
   fe_names_finish(n);
   (void)sg;
}

static void
share_unref(struct fe_share_group *sg)
{
   if (!sg || atomic_fetch_sub(&sg->refs, 1) != 1)
      return;
   sg->dying = true;
   /* Programs first: they hold shaders. */
   share_release_names(sg, &sg->programs);
   share_release_names(sg, &sg->textures);
   share_release_names(sg, &sg->renderbuffers);
   share_release_names(sg, &sg->buffers);
   share_release_names(sg, &sg->samplers);
   fe_buffer_persistent_finish(sg); /* after the buffers: their maps left the list */
   fe_program_cache_print();
   for (uint32_t i = 1; i < sg->arb_programs.capacity; i++) {
      void *obj = sg->arb_programs.slots[i];
      if (obj && obj != FE_NAME_RESERVED)
         fe_arbp_object_unref(obj);
   }
   fe_names_finish(&sg->arb_programs);
   for (uint32_t i = 1; i < sg->ati_shaders.capacity; i++) {
      void *obj = sg->ati_shaders.slots[i];
      if (obj && obj != FE_NAME_RESERVED)
         fe_atifs_object_unref(obj);
   }
   fe_names_finish(&sg->ati_shaders);
   for (int k = 0; k < MGP_KIND_COUNT; k++)
      mgu_handle_alloc_finish(&sg->handles[k]);
   free(sg->dead_shaders);
   fe_share_free_syncs(sg);
   fe_dlist_share_finish(sg);
   mgt_client_destroy(sg->session);
   pthread_mutex_destroy(&sg->lock);
   free(sg);
}

/* Shader CSOs whose last executable died where no context of the group was current. */
void
fe_share_send_dead_shaders_now(struct fe_context *ctx)
{
   struct fe_share_group *sg = ctx->share;
   pthread_mutex_lock(&sg->lock);
   unsigned n = sg->num_dead_shaders;
   struct mgp_handle *dead = sg->dead_shaders;
   sg->dead_shaders = NULL;
   sg->num_dead_shaders = sg->dead_capacity = 0;
   pthread_mutex_unlock(&sg->lock);
   for (unsigned i = 0; i < n; i++) {
      mgp_delete_shader(&ctx->pipe, &(struct mgp_handle_args){dead[i]});
      fe_share_free_handle(sg, MGP_KIND_SHADER, dead[i]);
   }
   free(dead);
}

/* ---- surfaces ------------------------------------------------------------------------------- */

enum fe_status
fe_surface_create_pbuffer(const struct fe_surface_format *format, int width, int height,
                          struct fe_surface **out)
{
   if (width < 0 || height < 0 || width > FE_MAX_VIEWPORT || height > FE_MAX_VIEWPORT)
      return FE_BAD_MATCH;
   struct fe_surface *surf = calloc(1, sizeof(*surf));
   if (!surf)
      return FE_BAD_ALLOC;
   surf->format = *format;
   surf->width = width;
   surf->height = height;
   surf->serial = atomic_fetch_add(&surface_serial, 1) + 1;
   *out = surf;
   return FE_OK;
}

static void
surface_release_resources(struct fe_surface *surf)
{
   struct fe_share_group *sg = surf->share;
   if (!sg)
      return;
   if (!mgp_handle_is_null(surf->color)) {
      mgp_resource_destroy(sg->screen, &(struct mgp_handle_args){surf->color});
      fe_share_free_handle(sg, MGP_KIND_BUFFER, surf->color);
   }
   if (!mgp_handle_is_null(surf->depth_stencil)) {
      mgp_resource_destroy(sg->screen, &(struct mgp_handle_args){surf->depth_stencil});
      fe_share_free_handle(sg, MGP_KIND_BUFFER, surf->depth_stencil);
   }
   if (!mgp_handle_is_null(surf->resolve)) {
      mgp_resource_destroy(sg->screen, &(struct mgp_handle_args){surf->resolve});
      fe_share_free_handle(sg, MGP_KIND_BUFFER, surf->resolve);
   }
   if (!mgp_handle_is_null(surf->ds_resolve)) {
      mgp_resource_destroy(sg->screen, &(struct mgp_handle_args){surf->ds_resolve});
      fe_share_free_handle(sg, MGP_KIND_BUFFER, surf->ds_resolve);
   }
   surf->color = surf->depth_stencil = surf->resolve = surf->ds_resolve = mgp_handle_null();
   surf->share = NULL;
   share_unref(sg);
}

static bool
surface_create_rb(struct fe_share_group *sg, struct mgp_handle *h, uint16_t format, uint16_t bind,
                  int width, int height, uint8_t samples, bool no_alpha)
{
   if (!fe_share_alloc_handle(sg, MGP_KIND_BUFFER, h))
      return false;
   struct mgp_resource_desc d = {
      .res = *h,
      .target = MGP_RESOURCE_TARGET_RENDERBUFFER,
      .levels = 1,
      .samples = samples,
      .bind_mask = bind,
      .format = format,
      .width = (uint32_t)(width > 0 ? width : 1),
      .height = (uint32_t)(height > 0 ? height : 1),
      .depth = 1,
      .array_layers = 1,
      .no_alpha = no_alpha,
   };
   fe_resource_send(sg, &d, false);
   return true;
}

bool
fe_surface_realize(struct fe_surface *surf, struct fe_share_group *share)
{
   if (surf->share == share)
      return true;
   /* Made current with another share group (another session): its resources move there. */
   surface_release_resources(surf);
   /* A multisampled config renders into multisampled colour and depth/stencil buffers and is
    * resolved into a single-sampled image for presents and reads. */
   const uint8_t samples = surf->format.samples > 1 ? surf->format.samples : 1;
   const bool no_alpha = surf->format.alpha_bits == 0;
   /* An RGB config (EGL_ALPHA_SIZE 0) is stored as RGBA8; no_alpha makes its alpha read 1 in
    * draws, blends, clears, blits, copies and readback, as a buffer without alpha bits. */
   surf->color_format = MGP_FORMAT_RGBA8_UNORM;
   if (!surface_create_rb(share, &surf->color, surf->color_format,
                          MGP_BIND_RENDER_TARGET | MGP_BIND_SAMPLER | MGP_BIND_TRANSFER,
                          surf->width, surf->height, samples, no_alpha))
      goto fail;
   if (samples > 1 &&
       !surface_create_rb(share, &surf->resolve, surf->color_format,
                          MGP_BIND_RENDER_TARGET | MGP_BIND_SAMPLER | MGP_BIND_TRANSFER,
                          surf->width, surf->height, 1, no_alpha))
      goto fail;
   if (surf->format.depth_bits || surf->format.stencil_bits) {
      surf->ds_format =
         fe_format_choose(share->caps, MGP_FORMAT_D24_UNORM_S8_UINT, MGP_FORMAT_CAP_DEPTH_STENCIL);
      if (!surface_create_rb(share, &surf->depth_stencil, surf->ds_format,
                             MGP_BIND_DEPTH_STENCIL | MGP_BIND_TRANSFER, surf->width, surf->height,
                             samples, false))
         goto fail;
   } else {
      surf->ds_format = MGP_FORMAT_NONE;
   }
   atomic_fetch_add(&share->refs, 1);
   surf->share = share;
   return true;
fail:
   /* What was made is let go here: the surface does not hold the group yet. */
   if (!mgp_handle_is_null(surf->resolve)) {
      mgp_resource_destroy(share->screen, &(struct mgp_handle_args){surf->resolve});
      fe_share_free_handle(share, MGP_KIND_BUFFER, surf->resolve);
   }
   if (!mgp_handle_is_null(surf->color)) {
      mgp_resource_destroy(share->screen, &(struct mgp_handle_args){surf->color});
      fe_share_free_handle(share, MGP_KIND_BUFFER, surf->color);
   }
   surf->color = surf->resolve = mgp_handle_null();
   return false;
}

/* One whole-surface blit of surf's src into dst (format, mask), after validating: a resolve. */
static bool
surface_resolve_blit(struct fe_context *ctx, const struct fe_surface *surf, struct mgp_handle src,
                     struct mgp_handle dst, uint16_t format, uint32_t mask)
{
   if (!fe_validate(ctx, FE_VERB_TEXOP))
      return false;
   const int32_t w = surf->width > 0 ? surf->width : 1, h = surf->height > 0 ? surf->height : 1;
   struct mgp_blit b = {
      .src = {.res = src, .format = format, .kind = 2},
      .dst = {.res = dst, .format = format, .kind = 2},
      .src_box = {0, 0, w, h},
      .dst_box = {0, 0, w, h},
      .filter = (uint16_t)fe_mgp_filter(GL_NEAREST),
      .mask = mask,
   };
   mgp_blit(&ctx->pipe, &b);
   return !fe_ctx_lost(ctx);
}

bool
fe_surface_resolve(struct fe_context *ctx, struct fe_surface *surf)
{
   if (!fe_surface_claim(ctx, surf))
      return false;
   if (!surf || mgp_handle_is_null(surf->resolve))
      return true;
   return surface_resolve_blit(ctx, surf, surf->color, surf->resolve, surf->color_format,
                               MGP_BLIT_COLOR);
}

bool
fe_surface_resolve_ds(struct fe_context *ctx, struct fe_surface *surf)
{
   if (!fe_surface_claim(ctx, surf))
      return false;
   if (!surf || mgp_handle_is_null(surf->depth_stencil) || surf->format.samples <= 1)
      return true;
   if (mgp_handle_is_null(surf->ds_resolve) &&
       !surface_create_rb(surf->share, &surf->ds_resolve, surf->ds_format,
                          MGP_BIND_DEPTH_STENCIL | MGP_BIND_TRANSFER, surf->width, surf->height, 1,
                          false)) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   return surface_resolve_blit(ctx, surf, surf->depth_stencil, surf->ds_resolve, surf->ds_format,
                               (surf->format.depth_bits ? MGP_BLIT_DEPTH : 0u) |
                                  (surf->format.stencil_bits ? MGP_BLIT_STENCIL : 0u));
}

/* What a present shows: the resolved image of a multisampled surface. */
static struct mgp_handle
surface_shown(const struct fe_surface *surf)
{
   return mgp_handle_is_null(surf->resolve) ? surf->color : surf->resolve;
}

static void
surface_unbind_window(struct fe_surface *surf)
{
   if (surf->wsi_window && surf->share) {
      /* The server lets the window go (its swapchain and its connection). */
      struct mgp_surface_bind_window a = {.kind = MGP_WINDOW_KIND_NONE, .window = surf->wsi_window};
      memcpy(a.display, surf->wsi_display, sizeof(a.display));
      uint32_t answer = 0;
      a.out = (struct mgp_span){.ptr = &answer, .size = sizeof(answer)};
      mgp_surface_bind_window(surf->share->screen, &a);
   }
   surf->wsi_window = 0;
   surf->wsi_color = mgp_handle_null();
}

static void
surface_destroy_now(struct fe_surface *surf)
{
   surface_unbind_window(surf);
   surface_release_resources(surf);
   free(surf);
}

/* One move at a time: a surface bound to contexts on several threads is moved by whichever
 * uses it (GL leaves simultaneous rendering into one drawable from two threads to the
 * application to order; this keeps the surface's own fields whole). */
static pthread_mutex_t surface_move_lock = PTHREAD_MUTEX_INITIALIZER;

bool
fe_surface_claim(struct fe_context *ctx, struct fe_surface *surf)
{
   if (!surf || surf->share == ctx->share)
      return true;
   pthread_mutex_lock(&surface_move_lock);
   bool ok = true;
   if (surf->share != ctx->share) {
      /* Not a GL error path: the buffers' old handles must never reach ctx's session (they
       * belong to another one, where they would be a stale handle), so the move comes first. */
      struct fe_surface_carry carry;
      fe_surface_carry_read(surf, &carry);
      surface_unbind_window(surf);
      ok = fe_surface_realize(surf, ctx->share);
      if (ok) {
         /* every context re-sends its default framebuffer with the new buffers */
         surf->serial = atomic_fetch_add(&surface_serial, 1) + 1;
         if (!fe_ctx_lost_quiet(ctx))
            fe_surface_carry_write(ctx, surf, &carry);
      }
      fe_surface_carry_free(&carry);
   }
   pthread_mutex_unlock(&surface_move_lock);
   return ok;
}

void
fe_surface_destroy(struct fe_surface *surf)
{
   if (!surf)
      return;
   if (surf->bind_count) {
      surf->destroy_pending = true;
      return;
   }
   surface_destroy_now(surf);
}

void
fe_surface_size(const struct fe_surface *surf, int *width, int *height)
{
   *width = surf->width;
   *height = surf->height;
}

static void
surface_bind(struct fe_surface *surf)
{
   if (surf)
      surf->bind_count++;
}

static void
surface_unbind(struct fe_surface *surf)
{
   if (surf && --surf->bind_count == 0 && surf->destroy_pending)
      surface_destroy_now(surf);
}

/* ---- contexts ------------------------------------------------------------------------------- */

bool
fe_compat_profile_enabled(void)
{
   const char *v = getenv("MGL_COMPAT_PROFILE");
   return !v || strcmp(v, "0");
}

enum fe_status
fe_context_create(const struct fe_context_desc *desc, struct fe_context *share,
                  struct fe_context **out)
{
   if (desc->api == FE_API_GLES &&
       !((desc->major == 2 && !desc->minor) || (desc->major == 3 && desc->minor <= 2)))
      return FE_BAD_MATCH; /* OpenGL ES 2.0, 3.0, 3.1 and 3.2; EGL reports EGL_BAD_MATCH */
   if (desc->api != FE_API_GLES && (desc->major > 4 || (desc->major == 4 && desc->minor > 6) ||
                                    (desc->major == 3 && desc->minor > 3)))
      return FE_BAD_MATCH;

   struct fe_share_group *sg;
   if (share) {
      sg = share->share;
      atomic_fetch_add(&sg->refs, 1);
   } else {
      sg = share_create();
      if (!sg)
         return FE_NOT_INITIALIZED;
   }

   /* A desktop context is the highest version the backend meets, and no lower than asked */
   int version = desc->major * 10 + desc->minor;
   if (desc->api != FE_API_GLES) {
      const char *missing = NULL;
      const int have = fe_gl_version_max(sg->caps, &missing);
      /* 4.x over 3.3 is decided below, from the context's own extension list */
      if (version > have && !(have == 33 && version >= 40)) {
         mgu_warn("frontend: OpenGL %d.%d requested; this backend offers OpenGL %d.%d: it lacks "
                  "%s",
                  desc->major, desc->minor, have / 10, have % 10, missing);
         share_unref(sg);
         return FE_BAD_MATCH;
      }
      version = have;
   } else if (desc->major == 3 && (desc->minor >= 1 || desc->es_highest_minor)) {
      /* ES 3.1 where the backend has all it adds to 3.0 (fe_version.c); 3.2 is decided below,
       * from the 3.1 context's own extension list */
      const char *lacks = fe_es31_lacks(sg->caps);
      if (lacks && desc->minor >= 1) {
         mgu_warn("frontend: OpenGL ES 3.%d requested; this backend offers OpenGL ES 3.0: it "
                  "lacks %s",
                  desc->minor, lacks);
         share_unref(sg);
         return FE_BAD_MATCH;
      }
      version = lacks ? 30 : 31;
   }

   struct fe_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      goto fail_ctx;
   ctx->share = sg;
   ctx->desc = *desc;
   ctx->desc.major = version / 10;
   ctx->desc.minor = version % 10;
   ctx->no_error = desc->no_error;
   if (version == 31 && desc->api == FE_API_GLES && (desc->minor == 2 || desc->es_highest_minor)) {
      /* ES 3.2 where the 3.1 context lists every extension 3.2 folds in (fe_es_ext.c) */
      const char *lacks = fe_es32_lacks(ctx);
      fe_es_ext_finish(ctx); /* built again, for the version the context ends up with */
      if (lacks && desc->minor == 2) {
         mgu_warn("frontend: OpenGL ES 3.2 requested; this backend offers OpenGL ES 3.1: it "
                  "lacks %s",
                  lacks);
         free(ctx);
         share_unref(sg);
         return FE_BAD_MATCH;
      }
      if (!lacks)
         ctx->desc.minor = 2;
   }
   if (version == 33 && desc->api != FE_API_GLES) {
      /* GL 4.x where every feature of 4.0 .. 4.x is offered (fe_gl4_minor) */
      const char *lacks = NULL;
      const int minor = fe_gl4_minor(ctx, &lacks);
      const int asked = desc->major == 4 ? desc->minor : -1;
      if (asked > minor) {
         if (minor < 0)
            mgu_warn("frontend: OpenGL 4.%d requested; this backend offers OpenGL 3.3: it lacks %s",
                     asked, lacks);
         else
            mgu_warn("frontend: OpenGL 4.%d requested; this backend offers OpenGL 4.%d: it lacks "
                     "%s",
                     asked, minor, lacks);
         free(ctx);
         share_unref(sg);
         return FE_BAD_MATCH;
      }
      if (minor >= 0) {
         ctx->desc.major = 4;
         ctx->desc.minor = minor;
      }
   }
   if (!fe_share_alloc_handle(sg, MGP_KIND_CONTEXT, &ctx->handle))
      goto fail_handle;
   struct mgp_context_desc cd = {
      .ctx = ctx->handle,
      .api = desc->api == FE_API_GLES        ? 2u
             : desc->api == FE_API_GL_COMPAT ? 1u
                                             : 0u,
      .flags = 0,
   };
   if (!mgt_client_context_create(sg->session, ctx->handle, &cd, &ctx->pipe))
      goto fail_session;

   ctx->cso_render_state = fe_cso_cache_create(FE_CSO_RENDER_STATE, FE_CSO_CAP_RENDER_STATE);
   ctx->cso_vertex_elements =
      fe_cso_cache_create(FE_CSO_VERTEX_ELEMENTS, FE_CSO_CAP_VERTEX_ELEMENTS);
   ctx->cso_sampler = fe_cso_cache_create(FE_CSO_SAMPLER, FE_CSO_CAP_SAMPLER);
   ctx->cso_sampler_view = fe_cso_cache_create(FE_CSO_SAMPLER_VIEW, FE_CSO_CAP_SAMPLER_VIEW);
   if (!ctx->cso_render_state || !ctx->cso_vertex_elements || !ctx->cso_sampler ||
       !ctx->cso_sampler_view || !fe_debug_init(ctx))
      goto fail_caches;
   if (desc->api == FE_API_GL_COMPAT &&
       (!(ctx->compat = fe_compat_create()) || !(ctx->ff = fe_ff_create(&ctx->draw_serial))))
      goto fail_caches;

   ctx->max_compiler_threads = 0xFFFFFFFFu; /* KHR_parallel_shader_compile's initial value */
   fe_names_init(&ctx->vaos);
   fe_names_init(&ctx->pipelines);
   fe_names_init(&ctx->fbos);
   fe_names_init(&ctx->queries);
   fe_xfb_init(ctx);
   fe_vao_init_default(ctx);
   fe_state_init(ctx);
   fe_tracker_init(ctx);
   if (ctx->compat)
      fe_compat_init(ctx);
   *out = ctx;
   return FE_OK;

fail_caches:
   fe_ff_destroy(ctx);
   fe_compat_destroy(ctx, ctx->compat);
   fe_debug_finish(ctx);
   fe_cso_cache_destroy(ctx, ctx->cso_render_state);
   fe_cso_cache_destroy(ctx, ctx->cso_vertex_elements);
   fe_cso_cache_destroy(ctx, ctx->cso_sampler);
   fe_cso_cache_destroy(ctx, ctx->cso_sampler_view);
   mgt_client_context_destroy(sg->session, ctx->handle);
fail_session:
   fe_share_free_handle(sg, MGP_KIND_CONTEXT, ctx->handle);
fail_handle:
   free(ctx);
fail_ctx:
   share_unref(sg);
   return FE_BAD_ALLOC;
}

void
fe_context_version(const struct fe_context *ctx, int *major, int *minor)
{
   *major = ctx->desc.major;
   *minor = ctx->desc.minor;
}

static void
image_units_finish(struct fe_context *ctx)
{
   for (unsigned i = 0; i < FE_MAX_IMAGE_UNITS; i++)
      if (ctx->image_units[i].tex)
         FE_REBIND(ctx, &ctx->image_units[i].tex, NULL);
}

static void
context_destroy_now(struct fe_context *ctx)
{
   struct fe_share_group *sg = ctx->share;

   /* Texels written through this context and not sent yet still belong to their textures. */
   if (!fe_ctx_lost(ctx))
      fe_texture_flush_uploads(ctx);
   else
      while (ctx->pending_uploads)
         fe_texture_discard_uploads(ctx, ctx->pending_uploads);

   fe_xfb_context_finish(ctx);
   /* Bindings first: they hold references to share-group objects. */
   FE_REBIND(ctx, &ctx->array_buffer, NULL);
   FE_REBIND(ctx, &ctx->copy_read_buffer, NULL);
   FE_REBIND(ctx, &ctx->copy_write_buffer, NULL);
   FE_REBIND(ctx, &ctx->pixel_pack_buffer, NULL);
   FE_REBIND(ctx, &ctx->pixel_unpack_buffer, NULL);
   FE_REBIND(ctx, &ctx->uniform_buffer, NULL);
   FE_REBIND(ctx, &ctx->texture_buffer, NULL);
   FE_REBIND(ctx, &ctx->xfb_buffer, NULL);
   for (int i = 0; i < FE_MAX_UBO_BINDINGS; i++)
      FE_REBIND(ctx, &ctx->ubo[i].buffer, NULL);
   FE_REBIND(ctx, &ctx->storage_buffer, NULL);
   FE_REBIND(ctx, &ctx->dispatch_indirect_buffer, NULL);
   FE_REBIND(ctx, &ctx->draw_indirect_buffer, NULL);
   FE_REBIND(ctx, &ctx->parameter_buffer, NULL);
   FE_REBIND(ctx, &ctx->query_buffer, NULL);
   for (int i = 0; i < FE_MAX_SSBO_BINDINGS; i++)
      FE_REBIND(ctx, &ctx->ssbo[i].buffer, NULL);
   FE_REBIND(ctx, &ctx->atomic_counter_buffer, NULL);
   for (int i = 0; i < FE_MAX_ATOMIC_BINDINGS; i++)
      FE_REBIND(ctx, &ctx->atomic[i].buffer, NULL);
   fe_compat_destroy(ctx, ctx->compat);
   fe_vao_destroy(ctx, &ctx->default_vao);
   FE_REBIND(ctx, &ctx->renderbuffer, NULL);
   for (int u = 0; u < FE_MAX_TEXTURE_UNITS; u++)
      for (int t = 0; t < FE_TEX_TARGET_COUNT; t++)
         FE_REBIND(ctx, &ctx->units[u][t], NULL);
   image_units_finish(ctx);
   fe_sampler_unbind_all(ctx, NULL);
   for (int t = 0; t < FE_TEX_TARGET_COUNT; t++) {
      free(ctx->proxy_tex[t]);
      ctx->proxy_tex[t] = NULL;
      FE_REBIND(ctx, &ctx->default_tex[t], NULL);
      for (int k = 0; k < 4; k++)
         FE_REBIND(ctx, &ctx->black_tex[t][k], NULL);
   }
   fe_program_release_current(ctx);
   fe_pipelines_destroy(ctx);
   fe_ff_destroy(ctx);
   ctx->vao = NULL;
   ctx->draw_fbo = ctx->read_fbo = NULL;
   fe_draw_touch(ctx);
   for (uint32_t i = 1; i < ctx->vaos.capacity; i++) {
      void *v = ctx->vaos.slots[i];
      if (v && v != FE_NAME_RESERVED)
         fe_vao_destroy(ctx, v);
   }
   for (uint32_t i = 1; i < ctx->fbos.capacity; i++) {
      void *f = ctx->fbos.slots[i];
      if (f && f != FE_NAME_RESERVED)
         fe_fbo_destroy(ctx, f);
   }
   fe_names_finish(&ctx->vaos);
   fe_names_finish(&ctx->fbos);
   fe_queries_finish(ctx);
   fe_tracker_finish(ctx);
   fe_prim_rewrite_finish(ctx);
   fe_share_send_dead_shaders(ctx);
   fe_cso_cache_destroy(ctx, ctx->cso_render_state);
   fe_cso_cache_destroy(ctx, ctx->cso_vertex_elements);
   fe_cso_cache_destroy(ctx, ctx->cso_sampler);
   fe_cso_cache_destroy(ctx, ctx->cso_sampler_view);
   mgt_client_context_destroy(sg->session, ctx->handle);
   fe_share_free_handle(sg, MGP_KIND_CONTEXT, ctx->handle);
   fe_debug_finish(ctx);
   fe_es_ext_finish(ctx);
   fe_dlist_context_finish(ctx);
   fe_pack_finish(ctx);
   free(ctx);
   share_unref(sg);
}

void
fe_context_destroy(struct fe_context *ctx)
{
   if (!ctx)
      return;
   if (ctx->current) {
      ctx->destroy_pending = true;
      return;
   }
   context_destroy_now(ctx);
}

/* Releases ctx from the calling thread: an implicit flush, as EGL specifies. */
static void
context_release(struct fe_context *ctx)
{
   if (!fe_ctx_lost(ctx)) {
      fe_validate(ctx, FE_VERB_FLUSH);
      mgp_flush(&ctx->pipe, &(struct mgp_u32_args){0, 0});
   }
   ctx->current = false;
   surface_unbind(ctx->draw_surface);
   surface_unbind(ctx->read_surface);
   ctx->draw_surface = ctx->read_surface = NULL;
   fe_draw_bump(ctx, &ctx->default_fb_version);
   fe_tls_ctx = NULL;
   fe_entry_mode = 0;
   if (ctx->destroy_pending)
      context_destroy_now(ctx);
}

enum fe_status
fe_make_current(struct fe_context *ctx, struct fe_surface *draw, struct fe_surface *read)
{
   struct fe_context *old = fe_tls_ctx;
   if (ctx && ctx->current && ctx != old)
      return FE_BAD_ACCESS;
   if (ctx && fe_ctx_lost(ctx))
      return FE_CONTEXT_LOST;
   if (ctx) {
      /* What the old context drew reaches its session before the surfaces move away from it
       * (context_release flushes too; this one orders it before the move's read-back). */
      if (old && old != ctx && !fe_ctx_lost_quiet(old) &&
          ((draw && draw->share == old->share && draw->share != ctx->share) ||
           (read && read->share == old->share && read->share != ctx->share))) {
         fe_validate(old, FE_VERB_FLUSH);
         mgp_flush(&old->pipe, &(struct mgp_u32_args){0, 0});
      }
      if (!fe_surface_claim(ctx, draw) || !fe_surface_claim(ctx, read))
         return FE_BAD_ALLOC;
   }

   if (old && old != ctx)
      context_release(old);
   if (!ctx)
      return FE_OK;

   surface_bind(draw);
   surface_bind(read);
   if (ctx == old) {
      surface_unbind(ctx->draw_surface);
      surface_unbind(ctx->read_surface);
   }
   ctx->draw_surface = draw;
   ctx->read_surface = read;
   fe_draw_bump(ctx, &ctx->default_fb_version);
   ctx->current = true;
   ctx->thread = pthread_self();
   fe_tls_ctx = ctx;
   fe_entry_mode = ctx->entry_mode;
   if (!ctx->ever_current && draw) {
      /* GL: the first time a context is bound to a surface, the viewport and scissor take
       * the surface's size. */
      ctx->ever_current = true;
      ctx->ds.viewport[2] = (float)draw->width;
      ctx->ds.viewport[3] = (float)draw->height;
      ctx->ds.scissor[2] = draw->width;
      ctx->ds.scissor[3] = draw->height;
      fe_viewports_settle(ctx);
      for (unsigned i = 0; i < FE_MAX_VIEWPORTS - 1; i++) {
         ctx->viewports[i].viewport[2] = (float)draw->width;
         ctx->viewports[i].viewport[3] = (float)draw->height;
         ctx->viewports[i].scissor[2] = draw->width;
         ctx->viewports[i].scissor[3] = draw->height;
      }
      ctx->viewports_rest_same = ctx->scissors_rest_same = false;
      ctx->viewports_version++;
      fe_draw_bump_value(ctx, &ctx->ds_version);
   }
   return FE_OK;
}

struct fe_context *
fe_current_context(void)
{
   return fe_tls_ctx;
}

/* What every present checks first: the context alive, and surf claimed by it with a color
 * buffer (FE_OK). */
static enum fe_status
present_check(struct fe_context *ctx, struct fe_surface *surf)
{
   if (fe_ctx_lost(ctx))
      return FE_CONTEXT_LOST;
   if (!fe_surface_claim(ctx, surf))
      return FE_BAD_ALLOC;
   if (!surf || mgp_handle_is_null(surf->color))
      return FE_BAD_MATCH;
   return FE_OK;
}

static enum fe_status
swap_buffers(struct fe_context *ctx, struct fe_surface *surf, uint32_t flags)
{
   enum fe_status st = present_check(ctx, surf);
   if (st != FE_OK)
      return st;
   if (!(flags & MGP_PRESENT_NO_WINDOW) && !fe_surface_resolve(ctx, surf))
      return FE_CONTEXT_LOST;
   if (!fe_validate(ctx, FE_VERB_PRESENT))
      return FE_CONTEXT_LOST;
   struct mgp_present p = {
      .frame_serial = ++ctx->frame_serial, .color = surface_shown(surf), .flags = flags};
   mgp_present(&ctx->pipe, &p);
   return fe_ctx_lost(ctx) ? FE_CONTEXT_LOST : FE_OK;
}

enum fe_status
fe_swap_buffers(struct fe_context *ctx, struct fe_surface *surf)
{
   return swap_buffers(ctx, surf, 0);
}

enum fe_status
fe_swap_buffers_hidden(struct fe_context *ctx, struct fe_surface *surf)
{
   return swap_buffers(ctx, surf, MGP_PRESENT_NO_WINDOW);
}

enum fe_status
fe_swap_buffers_window(struct fe_context *ctx, struct fe_surface *surf,
                       const struct fe_window_token *tok, bool *presented)
{
   *presented = false;
   enum fe_status st = present_check(ctx, surf);
   if (st != FE_OK)
      return st;
   struct fe_share_group *sg = ctx->share;
   if (surf->wsi_refused || !memchr(tok->display, 0, sizeof(tok->display)))
      return FE_OK;
   if (!fe_call_supported(sg, MGP_CALL_surface_bind_window) ||
       !strcmp(mgt_client_transport(sg->session), "tcp")) {
      /* tcp: the server runs elsewhere and cannot reach this display. */
      surf->wsi_refused = true;
      MGU_DECLINE(present_wsi_unavailable, "transport %s", mgt_client_transport(sg->session));
      return FE_OK;
   }
   const struct mgp_handle shown = surface_shown(surf);
   if (surf->wsi_window != tok->window || surf->wsi_interval != tok->interval ||
       memcmp(&surf->wsi_color, &shown, sizeof(shown)) || strcmp(surf->wsi_display, tok->display)) {
      struct mgp_surface_bind_window a = {
         .color = shown,
         .kind = MGP_WINDOW_KIND_X11,
         .window = tok->window,
         .interval = tok->interval,
         .flags = tok->force ? MGP_BIND_WINDOW_FORCE : 0,
      };
      memcpy(a.display, tok->display, sizeof(a.display));
      uint32_t answer = 0;
      a.out = (struct mgp_span){.ptr = &answer, .size = sizeof(answer)};
      mgp_surface_bind_window(sg->screen, &a);
      if (fe_ctx_lost(ctx))
         return FE_CONTEXT_LOST;
      if (answer != 1) {
         surf->wsi_refused = true; /* the server said why (a named decline) */
         return FE_OK;
      }
      surf->wsi_color = shown;
      surf->wsi_window = tok->window;
      surf->wsi_interval = tok->interval;
      memcpy(surf->wsi_display, tok->display, sizeof(surf->wsi_display));
   }
   st = swap_buffers(ctx, surf, 0);
   if (st == FE_OK) {
      /* The frame is in the window when the swap returns, as on the copy path (the next
       * request on any connection to the display sees it); this also keeps one frame in
       * flight on the ring arms. */
      mgt_client_sync(sg->session);
      st = fe_ctx_lost(ctx) ? FE_CONTEXT_LOST : FE_OK;
   }
   *presented = st == FE_OK;
   return st;
}

enum fe_status
fe_surface_read_back(struct fe_surface *surf, void *dst, size_t size)
{
   const size_t need = (size_t)surf->width * (size_t)surf->height * 4u;
   if (size < need)
      return FE_BAD_MATCH;
   memset(dst, 0, need); /* never drawn: undefined contents, read as zero */
   pthread_mutex_lock(&surface_move_lock);
   struct fe_surface_carry carry;
   fe_surface_carry_read(surf, &carry);
   const bool alpha = surf->format.alpha_bits > 0;
   pthread_mutex_unlock(&surface_move_lock);
   if (carry.color && carry.color_size >= need) {
      uint8_t *d = dst;
      for (size_t i = 0; i < need; i += 4) {
         d[i] = carry.color[i + 2];
         d[i + 1] = carry.color[i + 1];
         d[i + 2] = carry.color[i];
         d[i + 3] = alpha ? carry.color[i + 3] : 0xff;
      }
   }
   const bool read = carry.color != NULL || !surf->share;
   fe_surface_carry_free(&carry);
   return read ? FE_OK : FE_BAD_ALLOC;
}

enum fe_status
fe_surface_resize(struct fe_surface *surf, int width, int height)
{
   if (width < 0 || height < 0 || width > FE_MAX_VIEWPORT || height > FE_MAX_VIEWPORT)
      return FE_BAD_MATCH;
   if (surf->width == width && surf->height == height)
      return FE_OK;
   struct fe_share_group *sg = surf->share;
   surf->width = width;
   surf->height = height;
   /* A new serial: every context re-sends its default framebuffer with the new buffers. */
   surf->serial = atomic_fetch_add(&surface_serial, 1) + 1;
   if (!sg)
      return FE_OK; /* not realized yet: created at the new size when first made current */
   atomic_fetch_add(&sg->refs, 1); /* keep the session while the buffers are swapped */
   surface_release_resources(surf);
   bool ok = fe_surface_realize(surf, sg);
   share_unref(sg);
   return ok ? FE_OK : FE_BAD_ALLOC;
}

enum fe_status
fe_swap_buffers_read(struct fe_context *ctx, struct fe_surface *surf, void *dst, size_t size)
{
   enum fe_status st = present_check(ctx, surf);
   if (st != FE_OK)
      return st;
   const size_t need = (size_t)surf->width * (size_t)surf->height * 4u;
   if (size < need)
      return FE_BAD_MATCH;
   if (need) {
      if (!fe_pipe_has(ctx, MGP_CALL_get_texture_image))
         return FE_BAD_MATCH;
      if (!fe_surface_resolve(ctx, surf) || !fe_validate(ctx, FE_VERB_TEXOP))
         return FE_CONTEXT_LOST;
      /* BGRA bytes in tight rows, whatever the app's pack state. */
      const struct fe_pixel_store tight = {.alignment = 4};
      const struct fe_texels_read rd = {
         .res = surface_shown(surf),
         .width = (uint32_t)surf->width,
         .height = (uint32_t)surf->height,
         .what = MGP_PACK_WHAT_COLOR,
         .format = surf->color_format,
         .has_alpha = fe_mgp_format(surf->color_format)->bits[3] && surf->format.alpha_bits,
      };
      struct mgp_pack_shape shape;
      fe_pack_shape(GL_BGRA, GL_UNSIGNED_BYTE, &shape);
      fe_pack_read(ctx, &rd, &shape, &tight, dst);
   }
   return swap_buffers(ctx, surf, MGP_PRESENT_NO_WINDOW); /* the client presents it */
}

/* ---- present stores: the swap's read back straight into memory the window system maps ---- */

struct fe_present_store {
   struct fe_share_group *sg; /* holds a reference */
   struct mgp_handle buf;
   struct mgp_span store; /* in the session's heap */
   int width, height;
   int fd;             /* the heap's memfd (the session's) */
   uint64_t fd_offset; /* of the store in it */
   uint8_t *ptr;       /* the store in this process */
};

enum fe_status
fe_present_store_create(struct fe_context *ctx, int width, int height,
                        struct fe_present_store **out)
{
   *out = NULL;
   if (fe_ctx_lost(ctx))
      return FE_CONTEXT_LOST;
   struct fe_share_group *sg = ctx->share;
   const uint64_t size =
      (uint64_t)(width > 0 ? width : 0) * (uint64_t)(height > 0 ? height : 0) * 4u;
   /* Only where the server can write the client's heap: the ring arms, with a backend that
    * implements present_to_buffer. Elsewhere the caller reads the frame back. */
   if (!size || !fe_call_supported(sg, MGP_CALL_present_to_buffer))
      return FE_BAD_MATCH;
   struct fe_present_store *ps = calloc(1, sizeof(*ps));
   if (!ps)
      return FE_BAD_ALLOC;
   void *ptr = NULL;
   /* A small frame's store is placed as large as the heap places (its threshold,
    * MGL_IPC_HEAP_MIN, 64 KiB unless set higher; then small windows read back). */
   const uint64_t place = size < (64u << 10) ? (64u << 10) : size;
   if (!mgt_client_heap_place(sg->session, place, false, &ps->store) ||
       !mgt_client_heap_share(sg->session, &ps->store, &ps->fd, &ps->fd_offset, &ptr)) {
      mgt_client_heap_drop(sg->session, &ps->store);
      free(ps);
      return FE_BAD_MATCH;
   }
   if (!fe_share_alloc_handle(sg, MGP_KIND_BUFFER, &ps->buf)) {
      mgt_client_heap_drop(sg->session, &ps->store);
      free(ps);
      return FE_BAD_ALLOC;
   }
   const struct mgp_resource_desc d = {
      .res = ps->buf,
      .target = MGP_RESOURCE_TARGET_BUFFER,
      .levels = 1,
      .bind_mask = MGP_BIND_TRANSFER,
      .format = MGP_FORMAT_NONE,
      .width = (uint32_t)ps->store.size,
      .height = 1,
      .depth = 1,
      .array_layers = 1,
      .usage = MGP_BUFFER_USAGE_STREAM_READ,
      .size = ps->store.size,
      .store = ps->store,
   };
   fe_resource_send(sg, &d, false);
   atomic_fetch_add(&sg->refs, 1);
   ps->sg = sg;
   ps->width = width;
   ps->height = height;
   ps->ptr = ptr;
   *out = ps;
   return FE_OK;
}

void
fe_present_store_destroy(struct fe_present_store *ps)
{
   if (!ps)
      return;
   struct fe_share_group *sg = ps->sg;
   mgp_resource_destroy(sg->screen, &(struct mgp_handle_args){ps->buf});
   fe_share_free_handle(sg, MGP_KIND_BUFFER, ps->buf);
   mgt_client_heap_drop(sg->session, &ps->store);
   share_unref(sg);
   free(ps);
}

void
fe_present_store_memory(const struct fe_present_store *ps, int *fd, uint64_t *fd_offset,
                        const uint8_t **ptr)
{
   *fd = ps->fd;
   *fd_offset = ps->fd_offset;
   *ptr = ps->ptr;
}

enum fe_status
fe_swap_buffers_store(struct fe_context *ctx, struct fe_surface *surf, struct fe_present_store *ps,
                      bool *written)
{
   *written = false;
   enum fe_status st = present_check(ctx, surf);
   if (st != FE_OK)
      return st;
   if (ps->sg != ctx->share || ps->width != surf->width || ps->height != surf->height)
      return FE_BAD_MATCH; /* another share group's store, or a stale size: a new one */
   if (!fe_surface_resolve(ctx, surf) || !fe_validate(ctx, FE_VERB_TEXOP))
      return FE_CONTEXT_LOST;
   uint32_t answer = 0;
   const struct mgp_present_to_buffer a = {
      .res = surface_shown(surf),
      .buffer = ps->buf,
      .offset = 0,
      .width = (uint32_t)surf->width,
      .height = (uint32_t)surf->height,
      .stride = (uint32_t)surf->width * 4u,
      .out = {.ptr = &answer, .size = sizeof(answer)},
   };
   mgp_present_to_buffer(&ctx->pipe, &a);
   fe_drain_events(ctx);
   if (fe_ctx_lost(ctx))
      return FE_CONTEXT_LOST;
   if (answer != 1)
      return FE_OK; /* declined (named on the server): nothing ended, the caller reads back */
   *written = true;
   return swap_buffers(ctx, surf, MGP_PRESENT_NO_WINDOW); /* the client presents it */
}

void
fe_surface_set_finish_hook(struct fe_surface *surf, fe_finish_hook hook, void *data)
{
   surf->finish_hook = hook;
   surf->finish_data = data;
}

void
fe_set_swap_interval(struct fe_context *ctx, int interval)
{
   if (!ctx || fe_ctx_lost(ctx))
      return;
   if (!fe_call_supported(ctx->share, MGP_CALL_set_swap_interval))
      return; /* pbuffers have no swap interval to honour */
   mgp_set_swap_interval(&ctx->pipe,
                         &(struct mgp_u32_args){(uint32_t)(interval < 0 ? 0 : interval), 0});
}

const char *
fe_renderer_string(void)
{
   struct fe_context *ctx = fe_tls_ctx;
   return ctx ? ctx->share->renderer : "mgl";
}
