/* glsl_link.c — the GL half of glLinkProgram, on the SPIR-V words glslang generated per stage:
 * program-wide uniform-block and sampler indices and their descriptor bindings, GL location rules
 * for vertex inputs, fragment outputs and varyings (by name), the GL depth remap and gl_InstanceID
 * fix, and the reflection the front end answers glGet* from. The rules are written down in glsl.h.
 */
#include "glsl_link_internal.h"

#include "decline.h"

#include <GL/glcorearb.h>
#include <spirv-tools/libspirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool
validates(struct link *l, spv_context ctx, int s, const uint32_t *w, size_t nw)
{
   if (!ctx)
      return true;
   spv_diagnostic diag = NULL;
   const bool ok = spvValidateBinary(ctx, w, nw, &diag) == SPV_SUCCESS;
   if (!ok)
      link_error(l, "internal error: the %s shader's SPIR-V does not validate: %s",
                 glsl_stage_name(s), diag && diag->error ? diag->error : "?");
   spvDiagnosticDestroy(diag);
   return ok;
}

bool
glsl_validate_gl_module(const uint32_t *words, size_t num_words)
{
   spv_context ctx = spvContextCreate(SPV_ENV_OPENGL_4_5);
   if (!ctx)
      return false;
   spv_diagnostic diag = NULL;
   const bool ok = spvValidateBinary(ctx, words, num_words, &diag) == SPV_SUCCESS;
   spvDiagnosticDestroy(diag);
   spvContextDestroy(ctx);
   return ok;
}

/* The program's module for stage s replaced by w (nw words), once they validate. */
static bool
replace_module(struct link *l, spv_context ctx, int s, uint32_t *w, size_t nw)
{
   if (!validates(l, ctx, s, w, nw)) {
      free(w);
      return false;
   }
   free(l->prog->spirv[s].words);
   l->prog->spirv[s].words = w;
   l->prog->spirv[s].num_words = nw;
   return true;
}

/* Each pair of linked vertex stages' built-in blocks (the producer's gl_PerVertex or gl_out[],
 * the consumer's gl_in[]) made alike: glslang declares a unit's implicit block by its version
 * (gl_CullDistance from GLSL 4.50, which an ARB_cull_distance unit compiles as) and sizes an
 * implicitly sized gl_ClipDistance by the unit's own indices, and Vulkan wants the built-in
 * blocks at an interface between two stages other than the fragment stage to match exactly:
 * the same members of the same types in the same order (Interface Matching). The longer block
 * is cut to the shorter's members where its code reaches none of the extra ones; else the
 * shorter block gains them (unwritten: GL leaves reading them undefined, so the program links).
 * Arrays of unlike lengths take the larger on both sides: the producer writes no element past
 * its own, the consumer reads none past its own, and a shorter one could cut off an element
 * the other side indexes. A separable program's stages may meet another program's: left as
 * declared. */
static void
match_pervertex(struct link *l, spv_context ctx)
{
   int prev = -1;
   for (unsigned i = 0; i < GLSL_STAGE_COUNT && !l->failed; i++) {
      const enum glsl_stage s = glsl_pipeline_stage(i);
      if (!l->prog->spirv[s].words || s == GLSL_STAGE_FRAGMENT || s == GLSL_STAGE_COMPUTE)
         continue;
      const int p = prev;
      prev = (int)s;
      if (p < 0)
         continue;
      struct glsl_spirv *out = &l->prog->spirv[p], *in = &l->prog->spirv[s];
      const uint32_t np = spv_pervertex_members(out->words, out->num_words, SpvStorageClassOutput);
      const uint32_t nc = spv_pervertex_members(in->words, in->num_words, SpvStorageClassInput);
      if (!np || !nc)
         continue;
      const char *err = NULL;
      size_t nw = 0;
      if (np != nc) {
         /* the longer block loses the members its code does not reach */
         const int cut = np > nc ? p : (int)s;
         const struct glsl_spirv *sp = &l->prog->spirv[cut];
         uint32_t *w = spv_cut_pervertex(sp->words, sp->num_words,
                                         np > nc ? SpvStorageClassOutput : SpvStorageClassInput,
                                         np > nc ? nc : np, &nw, &err);
         if (!w && err) {
            link_error(l, "internal error: cannot cut the %s shader's gl_PerVertex: %s",
                       glsl_stage_name(cut), err);
            break;
         }
         if (w && !replace_module(l, ctx, cut, w, nw))
            break;
      }
      /* the shorter block gains what the other's code reaches, arrays take the larger length */
      struct spv_pervertex po, pc, want;
      const bool shaped =
         spv_pervertex_shape(out->words, out->num_words, SpvStorageClassOutput, &po) &&
         spv_pervertex_shape(in->words, in->num_words, SpvStorageClassInput, &pc);
      if (shaped && po.count == pc.count && !memcmp(po.m, pc.m, po.count * sizeof(po.m[0])))
         continue;
      /* members of types this does not describe: alike enough where their counts are */
      if (!shaped && spv_pervertex_members(out->words, out->num_words, SpvStorageClassOutput) ==
                        spv_pervertex_members(in->words, in->num_words, SpvStorageClassInput))
         continue;
      bool alike = shaped && spv_pervertex_union(&po, &pc, &want);
      for (int side = 0; side < 2 && alike && !l->failed; side++) {
         const int st = side ? (int)s : p;
         const struct spv_pervertex *have = side ? &pc : &po;
         if (have->count == want.count && !memcmp(have->m, want.m, want.count * sizeof(want.m[0])))
            continue;
         const struct glsl_spirv *sp = &l->prog->spirv[st];
         uint32_t *w = spv_grow_pervertex(sp->words, sp->num_words,
                                          side ? SpvStorageClassInput : SpvStorageClassOutput,
                                          &want, &nw, &err);
         if (!w && err) {
            link_error(l, "internal error: cannot grow the %s shader's gl_PerVertex: %s",
                       glsl_stage_name(st), err);
            break;
         }
         if (!w)
            alike = false;
         else
            replace_module(l, ctx, st, w, nw);
      }
      if (!alike && !l->failed)
         MGU_DECLINE(gl_feature_unimplemented,
                     "the built-in blocks between the %s and %s shaders differ where neither can "
                     "take the other's members or array lengths (a member of another type, or "
                     "a block used whole): they stay unlike, which Vulkan's interface matching "
                     "does not allow",
                     glsl_stage_name((enum glsl_stage)p), glsl_stage_name(s));
   }
}

const char *
glsl_spirv_tools_version(void)
{
   return spvSoftwareVersionDetailsString();
}

static void
finish_stages(struct link *l)
{
   /* The last pre-rasterization stage carries the depth remap. */
   int last_prerast = -1;
   for (unsigned i = 0; i < GLSL_STAGE_COUNT; i++) {
      enum glsl_stage s = glsl_pipeline_stage(i);
      if (l->st[s].present && s != GLSL_STAGE_FRAGMENT && s != GLSL_STAGE_COMPUTE)
         last_prerast = (int)s;
   }

   spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_1);
   for (int s = 0; s < GLSL_STAGE_COUNT && !l->failed; s++) {
      struct stage *st = &l->st[s];
      if (!st->present)
         continue;
      struct spv_patch patch = {
         .decos = st->decos,
         .num_decos = st->num_decos,
         .aliases = st->aliases,
         .num_aliases = st->num_aliases,
         .instance_id_minus_base = s == GLSL_STAGE_VERTEX,
         .remap_depth = s == last_prerast,
         /* a device without geometryStreams takes a program of stream 0 alone */
         .single_stream = s == GLSL_STAGE_GEOMETRY && !glsl_link_uses_streams(st),
      };
      if (s == l->xfb_stage) {
         patch.xfb = l->xfb;
         patch.num_xfb = l->num_xfb;
         patch.xfb_copies = l->xfb_copies;
         patch.num_xfb_copies = l->num_xfb_copies;
      }
      if (s == GLSL_STAGE_VERTEX) {
         bool used = false;
         spv_refl_builtin(st->r, false, SpvBuiltInInstanceIndex, NULL, &used);
         l->prog->uses_base_instance = used;
      }
      const char *err = NULL;
      size_t nw = 0;
      /* geometry outputs kept across EmitVertex, as GL drivers keep them (spv_gs_outputs.c):
       * first, so that what the patch adds before each emit reads the copied outputs */
      uint32_t *gw = NULL;
      if (s == GLSL_STAGE_GEOMETRY) {
         bool blocked = false;
         gw = spv_gs_output_copies(st->w, st->n, &nw, &blocked, &err);
         if (!gw && err) {
            link_error(l, "internal error: cannot rewrite the %s shader's outputs: %s",
                       glsl_stage_name(s), err);
            break;
         }
         if (!gw && blocked)
            MGU_DECLINE(gl_feature_unimplemented,
                        "a geometry shader uses an output in a way the rewrite that keeps "
                        "outputs across EmitVertex cannot follow: a value written before one "
                        "emit may be lost at the next on some drivers");
      }
      /* outputs holding a 64-bit integer vector stored whole, at the returns: NVIDIA's
       * driver reads one stored a component at a time wrong (spv_int64_output_copies) */
      if (s == GLSL_STAGE_VERTEX || s == GLSL_STAGE_TESS_EVAL || s == GLSL_STAGE_TESS_CTRL) {
         bool blocked = false;
         gw = spv_int64_output_copies(st->w, st->n, &nw, &blocked, &err);
         if (!gw && err) {
            link_error(l, "internal error: cannot rewrite the %s shader's 64-bit outputs: %s",
                       glsl_stage_name(s), err);
            break;
         }
         if (!gw && blocked && s == GLSL_STAGE_TESS_CTRL)
            MGU_DECLINE(gl_feature_unimplemented,
                        "a tessellation control shader writes an output holding a 64-bit "
                        "integer vector, left as written (its invocations share it): stored a "
                        "component at a time, some drivers read it wrong");
         else if (!gw && blocked)
            MGU_DECLINE(gl_feature_unimplemented,
                        "a %s shader uses an output holding a 64-bit integer vector in a way "
                        "the rewrite that stores it whole cannot follow: stored a component at "
                        "a time, some drivers read it wrong",
                        glsl_stage_name(s));
      }
      uint32_t *w = gw ? spv_module_patch(gw, nw, &patch, &nw, &err)
                       : spv_module_patch(st->w, st->n, &patch, &nw, &err);
      free(gw);
      if (!w) {
         link_error(l, "internal error: cannot rewrite the %s shader's SPIR-V: %s",
                    glsl_stage_name(s), err);
         break;
      }
      size_t rn = 0;
      uint32_t *rw = spv_lower_rect(w, nw, &rn, &err);
      if (rw) {
         free(w);
         w = rw;
         nw = rn;
      } else if (err) {
         link_error(l, "internal error: cannot lower the %s shader's rectangle textures: %s",
                    glsl_stage_name(s), err);
         free(w);
         break;
      }
      /* precise: its built-in calls too (spv_precise.c) */
      uint32_t *pw = spv_precise_calls(w, nw, &rn, &err);
      if (pw) {
         free(w);
         w = pw;
         nw = rn;
      } else if (err) {
         link_error(l, "internal error: cannot mark the %s shader's precise calls: %s",
                    glsl_stage_name(s), err);
         free(w);
         break;
      }
      if (s == GLSL_STAGE_VERTEX) {
         /* double inputs: GL's one location for a dvec3 / dvec4, unsigned pairs fetched
          * (spv_double_inputs.c; the backend fetches 64-bit attributes so) */
         bool blocked = false;
         uint32_t *dw = spv_lower_double_inputs(w, nw, &rn, &blocked, &err);
         if (dw) {
            free(w);
            w = dw;
            nw = rn;
         } else if (err || blocked) {
            link_error(l,
                       "the vertex shader's double inputs cannot be fetched: %s (mgl fetches "
                       "double, dvecN and dmatN inputs and arrays of them, not arrays of arrays)",
                       err ? err : "declared or used in a way the rewrite cannot follow");
            free(w);
            break;
         }
      }
      if (s == GLSL_STAGE_TESS_CTRL) {
         uint32_t *cw = spv_tcs_component_stores(w, nw, &rn, &err);
         if (cw) {
            free(w);
            w = cw;
            nw = rn;
         } else if (err) {
            link_error(l, "internal error: cannot rewrite the %s shader's component stores: %s",
                       glsl_stage_name(s), err);
            free(w);
            break;
         }
      }
      if (s == GLSL_STAGE_TESS_CTRL || s == GLSL_STAGE_TESS_EVAL || s == GLSL_STAGE_GEOMETRY) {
         /* per-vertex arrays of arrays with a Component decoration in blocks (spv_io_blocks.c) */
         uint32_t *bw = spv_wrap_component_arrays(w, nw, &rn, &err);
         if (bw) {
            free(w);
            w = bw;
            nw = rn;
         } else if (err) {
            link_error(l, "internal error: cannot wrap the %s shader's component arrays: %s",
                       glsl_stage_name(s), err);
            free(w);
            break;
         }
      }
      /* the last vertex stage's gl_PerVertex without the members it never reaches (a device
       * counts the whole block against its output limits: spv_pervertex_trim.c); a separable
       * program's may feed another program's stage, which reads the block as declared */
      if (s == last_prerast && !l->in->separable) {
         uint32_t *tw = spv_trim_pervertex_out(w, nw, &rn, &err);
         if (tw) {
            free(w);
            w = tw;
            nw = rn;
         } else if (err) {
            link_error(l, "internal error: cannot trim the %s shader's gl_PerVertex: %s",
                       glsl_stage_name(s), err);
            free(w);
            break;
         }
      }
      if (!validates(l, ctx, s, w, nw)) {
         free(w);
         break;
      }
      l->prog->spirv[s].words = w;
      l->prog->spirv[s].num_words = nw;
   }
   if (!l->failed && !l->in->separable)
      match_pervertex(l, ctx);
   if (ctx)
      spvContextDestroy(ctx);
}

bool
glsl_link_spirv(const struct glsl_link_input *input, const struct glsl_stage_words *words,
                const struct glsl_stage_words *init_words,
                const struct glsl_stage_words *atomic_words, const struct glsl_decl_stage *decl,
                const struct glsl_taken *taken, uint32_t flags, struct glsl_program *prog,
                struct glsl_str *log)
{
   struct link l = {
      .in = input,
      .taken = taken,
      .vs_essl3 = (flags & GLSL_LINK_VS_ESSL3) != 0,
      .invariant_outputs = (flags & GLSL_LINK_INVARIANT_OUTPUTS) != 0,
      .init_words = init_words,
      .atomic_words = atomic_words,
      .decl = decl,
      .prog = prog,
      .log = log,
      .next_unused_binding = GLSL_BINDING_UNUSED_BASE,
   };
   for (int s = 0; s < GLSL_STAGE_COUNT && !l.failed; s++) {
      if (!words[s].words)
         continue;
      struct stage *st = &l.st[s];
      const char *err = NULL;
      st->present = true;
      st->w = words[s].words;
      st->n = words[s].num_words;
      glsl_link_flatten_aoa(&l, s);
      if (l.failed)
         break;
      st->r = spv_refl_create(st->w, st->n, glsl_demangle, &err);
      if (!st->r)
         link_error(&l, "internal error: cannot read the %s shader's SPIR-V: %s",
                    glsl_stage_name(s), err);
   }

   if (!l.failed && l.st[GLSL_STAGE_COMPUTE].present)
      glsl_link_compute(&l);
   if (!l.failed)
      glsl_link_pack_varyings(&l);
   if (!l.failed)
      glsl_link_default_block(&l);
   if (!l.failed)
      glsl_link_blocks(&l);
   if (!l.failed)
      glsl_link_samplers(&l);
   if (!l.failed)
      glsl_link_storage_blocks(&l);
   if (!l.failed)
      glsl_link_atomic_counters(&l);
   if (!l.failed)
      glsl_link_images(&l);
   if (!l.failed)
      glsl_link_geometry_layout(&l);
   if (!l.failed)
      glsl_link_tess_layout(&l);
   if (!l.failed)
      glsl_link_vertex_inputs(&l);
   if (!l.failed)
      glsl_link_fragment_outputs(&l);
   if (!l.failed) {
      /* Each present stage consumes what the previous present stage produces. */
      int prev = -1;
      for (unsigned i = 0; i < GLSL_STAGE_COUNT && !l.failed; i++) {
         enum glsl_stage s = glsl_pipeline_stage(i);
         if (!l.st[s].present || s == GLSL_STAGE_COMPUTE)
            continue;
         if (s != GLSL_STAGE_VERTEX)
            glsl_link_varyings(&l, prev, (int)s);
         prev = (int)s;
      }
      if (!l.failed && prev >= 0 && prev != GLSL_STAGE_FRAGMENT)
         glsl_link_varyings(&l, prev, -1); /* no fragment shader: outputs still need locations */
   }
   l.xfb_stage = -1;
   if (!l.failed)
      glsl_link_streams(&l);
   if (!l.failed)
      glsl_link_xfb(&l);
   if (!l.failed)
      finish_stages(&l);

   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      spv_refl_destroy(l.st[s].r);
      free(l.st[s].owned);
      free(l.st[s].decos);
      free(l.st[s].aliases);
      free(l.st[s].aoa);
   }
   free(l.xfb);
   free(l.xfb_copies);
   return !l.failed;
}
