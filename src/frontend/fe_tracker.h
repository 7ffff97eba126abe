/* fe_tracker.h — push at the verb (docs/PIPE.md#order): each verb class has one validate entry that
 * sends only what changed since the last one (versions, aggregate generations, set-hash
 * suppressors), in the order creates → set_* / bind_* → the verb. */
#ifndef MGL_FE_TRACKER_H
#define MGL_FE_TRACKER_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe_tables.h"

struct fe_context;

enum fe_verb_class {
   FE_VERB_DRAW,     /* draw_vbo */
   FE_VERB_CLEAR,    /* clear */
   FE_VERB_READ,     /* read_pixels */
   FE_VERB_TEXOP,    /* generate_mipmap, get_texture_image, copies */
   FE_VERB_PRESENT,  /* present */
   FE_VERB_FLUSH,    /* flush, make-current release */
   FE_VERB_DISPATCH, /* launch_grid: the current program's compute stage */
};

/* Sends the state the verb needs. False when the verb must not run: for draws a GL error was
 * recorded (incomplete framebuffer) or a decline was counted. */
bool fe_validate(struct fe_context *ctx, enum fe_verb_class verb);

/* fe_validate(ctx, FE_VERB_DISPATCH) for e, the current compute program's executable: a
 * dispatch that reads what the last one's groups read (fe_tracker.c, DISPATCH_INPUTS), with
 * nothing for fe_validate's prelude to do, keeps only its storage marks without that frame;
 * any other goes through fe_validate. */
bool fe_validate_dispatch(struct fe_context *ctx, const struct fe_exec *e);

/* set_index_buffer, suppressed when unchanged. */
void fe_tracker_index_buffer(struct fe_context *ctx, struct mgp_handle res, uint64_t offset,
                             uint32_t index_size);

/* The next draw validates every group: for changes the draw inputs cannot see (an object
 * freed whose address may come back as another). */
void fe_tracker_forget_draw(struct fe_context *ctx);
/* fe_draw.c's repeat draw, where its draw found only the default block's bytes moved
 * (constants) and/or a vertex array's buffers or a uniform block rebound or the dynamic state
 * changed (buffers: the draw serial moved by those alone) since the tracker's inputs were current: the groups fe_validate would
 * run for that alone, then every input reads as kept; counted in ctx->draw_repeat (constants,
 * buffers, arrays), whose serial then stands at the draw serial. */
void fe_tracker_repeat(struct fe_context *ctx, bool constants, bool buffers);
/* ... where the render state moved too (a glEnable between draws): fe_validate's value group
 * (hidden state uniforms, constants, render and dynamic state), before fe_tracker_repeat's
 * other groups. moves: the draw serial's since the inputs were current. True where every one
 * of them moved the render state: the inputs are current, fe_tracker_repeat has nothing to
 * run. */
bool fe_tracker_repeat_render(struct fe_context *ctx, uint64_t moves);
/* Ends a draw's fold_words: words it held that no draw_words took go as set_constant_words. */
void fe_tracker_flush_words(struct fe_context *ctx);

void fe_tracker_init(struct fe_context *ctx);
void fe_tracker_finish(struct fe_context *ctx);

#endif
