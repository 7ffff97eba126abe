/* fe_pipeline.c — GL_ARB_separate_shader_objects (GL 4.1; GL 4.6 7.3 and 7.4): separable
 * programs' pipeline objects and what a draw with one sends.
 *
 * The pipe takes one shader CSO per program, with its stages' SPIR-V and one descriptor layout
 * (glsl.h's contract: default block at binding 0, uniform block i at GLSL_BINDING_UBO_BASE + i,
 * sampler j at GLSL_BINDING_SAMPLER_BASE + j). A pipeline whose stages all come from one
 * program draws with that program's executable as it is. A pipeline whose stages come from
 * several programs draws with an executable of its own (struct fe_exec with num_parts > 0),
 * made here and kept in the pipeline until one of its stages' executables changes:
 *  - its glsl_program is a shell: each stage's SPIR-V is a copy of the stage's program's, with
 *    the descriptor bindings renumbered (uniform blocks and samplers of the k-th program after
 *    those of the programs before it) and the default block's member offsets moved by where
 *    that program's part of the default block starts (each part at a multiple of 16 bytes,
 *    which keeps std140 alignment); the block and sampler tables are those of the programs,
 *    concatenated in the same order, their names borrowed from the programs' executables (held);
 *  - its default block shadow is the programs' shadows side by side: fe_exec_sync_parts copies
 *    a program's shadow when its uniform version moved (glProgramUniform*, glUniform* to the
 *    active program, the hidden state uniforms the tracker writes into each part), and the
 *    programs' sampler units and block bindings when their bindings version moved; the tracker
 *    then sends the pipeline's executable like any other.
 * Storage blocks, atomic counter buffers and images are renumbered by nobody: a pipeline whose
 * programs use them in more than one program is the named decline gl-feature-unimplemented.
 * Varyings meet by location (glsl_link_io.c keeps a separable program's layout(location) at
 * its outer interfaces and gives the rest the lowest free locations in declaration order). */
#include "decline.h"
#include "fe_program_internal.h"

#include <spirv/unified1/spirv.h>

static const enum glsl_stage graphics_stages[] = {GLSL_STAGE_VERTEX, GLSL_STAGE_TESS_CTRL,
                                                  GLSL_STAGE_TESS_EVAL, GLSL_STAGE_GEOMETRY,
                                                  GLSL_STAGE_FRAGMENT};

static struct fe_pipeline *
get_pipeline(struct fe_context *ctx, GLuint name)
{
   void *obj = name ? fe_names_get(&ctx->pipelines, name) : NULL;
   return obj == FE_NAME_RESERVED ? NULL : obj;
}

/* GL 4.6 7.4: a generated name becomes an object at its first bind (or a name-taking call). */
static struct fe_pipeline *
pipeline_object(struct fe_context *ctx, GLuint name)
{
   struct fe_pipeline *p = get_pipeline(ctx, name);
   if (p || !name || !fe_names_is_reserved(&ctx->pipelines, name))
      return p;
   p = calloc(1, sizeof(*p));
   if (!p || !fe_names_set(&ctx->pipelines, name, p)) {
      free(p);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   p->name = name;
   return p;
}

static void
set_program(struct fe_context *ctx, struct fe_program **slot, struct fe_program *prog)
{
   if (*slot == prog)
      return;
   if (prog) {
      prog->use_count++;
      fe_object_ref(&prog->base);
   }
   fe_program_unuse(ctx, *slot);
   *slot = prog;
}

static void
pipeline_destroy(struct fe_context *ctx, struct fe_pipeline *p)
{
   for (int s = 0; s < GLSL_STAGE_COUNT; s++)
      set_program(ctx, &p->stage[s], NULL);
   set_program(ctx, &p->active, NULL);
   fe_exec_unref(ctx, p->combined);
   free(p->info_log);
   free(p->label);
   free(p);
}

void
fe_pipelines_destroy(struct fe_context *ctx)
{
   ctx->pipeline = NULL;
   for (uint32_t i = 1; i < ctx->pipelines.capacity; i++) {
      void *v = ctx->pipelines.slots[i];
      if (v && v != FE_NAME_RESERVED)
         pipeline_destroy(ctx, v);
   }
   fe_names_finish(&ctx->pipelines);
}

/* ---- entry points ----------------------------------------------------------------------- */

#define SSO_OR_RETURN(...)                                                                         \
   do {                                                                                            \
      if (!fe_separate_shaders_offered(ctx)) {                                                     \
         fe_error(ctx, GL_INVALID_OPERATION);                                                      \
         return __VA_ARGS__;                                                                       \
      }                                                                                            \
   } while (0)

void
mgl_glGenProgramPipelines(GLsizei n, GLuint *pipelines)
{
   FE_CTX_OR_RETURN();
   SSO_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      pipelines[i] = fe_names_gen(&ctx->pipelines);
      if (!pipelines[i]) {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
   }
}

void
mgl_glCreateProgramPipelines(GLsizei n, GLuint *pipelines)
{
   FE_CTX_OR_RETURN();
   SSO_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      pipelines[i] = fe_names_gen(&ctx->pipelines);
      if (!pipelines[i] || !pipeline_object(ctx, pipelines[i])) {
         fe_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
   }
}

void
mgl_glDeleteProgramPipelines(GLsizei n, const GLuint *pipelines)
{
   FE_CTX_OR_RETURN();
   SSO_OR_RETURN();
   FE_CHECK(n < 0, GL_INVALID_VALUE);
   for (GLsizei i = 0; i < n; i++) {
      if (!pipelines[i])
         continue;
      struct fe_pipeline *p = get_pipeline(ctx, pipelines[i]);
      /* GL 4.6 7.4: deleting the bound pipeline binds 0 */
      if (p && ctx->pipeline == p) {
         ctx->pipeline = NULL;
         fe_draw_touch(ctx);
      }
      if (p || fe_names_is_reserved(&ctx->pipelines, pipelines[i]))
         fe_names_delete(&ctx->pipelines, pipelines[i]);
      if (p)
         pipeline_destroy(ctx, p);
   }
}

GLboolean
mgl_glIsProgramPipeline(GLuint pipeline)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   SSO_OR_RETURN(GL_FALSE);
   return get_pipeline(ctx, pipeline) ? GL_TRUE : GL_FALSE;
}

void
mgl_glBindProgramPipeline(GLuint pipeline)
{
   FE_CTX_OR_RETURN();
   SSO_OR_RETURN();
   struct fe_pipeline *p = NULL;
   if (pipeline) {
      /* GL 4.6 7.4: a name glGenProgramPipelines did not return */
      FE_CHECK(!get_pipeline(ctx, pipeline) && !fe_names_is_reserved(&ctx->pipelines, pipeline),
               GL_INVALID_OPERATION);
      p = pipeline_object(ctx, pipeline);
      if (!p)
         return;
   }
   /* GL 4.6 13.3: not while transform feedback is active and not paused */
   FE_CHECK(fe_xfb_locked(ctx), GL_INVALID_OPERATION);
   ctx->pipeline = p;
   fe_draw_touch(ctx);
}

/* A pipeline name for a call that takes one: GL_INVALID_OPERATION when it is not a name
 * glGenProgramPipelines returned (or was deleted since). */
static struct fe_pipeline *
named_pipeline(struct fe_context *ctx, GLuint pipeline)
{
   if (!get_pipeline(ctx, pipeline) && !fe_names_is_reserved(&ctx->pipelines, pipeline)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return NULL;
   }
   return pipeline_object(ctx, pipeline);
}

void
mgl_glUseProgramStages(GLuint pipeline, GLbitfield stages, GLuint program)
{
   FE_CTX_OR_RETURN();
   SSO_OR_RETURN();
   GLbitfield known = GL_VERTEX_SHADER_BIT | GL_FRAGMENT_SHADER_BIT | GL_GEOMETRY_SHADER_BIT;
   if (fe_tess_offered(ctx))
      known |= GL_TESS_CONTROL_SHADER_BIT | GL_TESS_EVALUATION_SHADER_BIT;
   if (fe_compute_offered(ctx))
      known |= GL_COMPUTE_SHADER_BIT;
   FE_CHECK(stages != GL_ALL_SHADER_BITS && (stages & ~known), GL_INVALID_VALUE);
   struct fe_pipeline *p = named_pipeline(ctx, pipeline);
   if (!p)
      return;
   struct fe_program *prog = NULL;
   if (program) {
      prog = get_program(ctx, program);
      if (!prog)
         return;
      /* GL 4.6 7.4: a program not linked separable, or not linked at all */
      FE_CHECK(!prog->link_status || !prog->linked_separable, GL_INVALID_OPERATION);
   }
   FE_CHECK(ctx->pipeline == p && fe_xfb_locked(ctx), GL_INVALID_OPERATION);
   static const struct {
      GLbitfield bit;
      enum glsl_stage stage;
   } map[] = {
      {GL_VERTEX_SHADER_BIT, GLSL_STAGE_VERTEX},
      {GL_TESS_CONTROL_SHADER_BIT, GLSL_STAGE_TESS_CTRL},
      {GL_TESS_EVALUATION_SHADER_BIT, GLSL_STAGE_TESS_EVAL},
      {GL_GEOMETRY_SHADER_BIT, GLSL_STAGE_GEOMETRY},
      {GL_FRAGMENT_SHADER_BIT, GLSL_STAGE_FRAGMENT},
      {GL_COMPUTE_SHADER_BIT, GLSL_STAGE_COMPUTE},
   };
   for (unsigned i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
      if (!(stages & map[i].bit))
         continue;
      /* a program without the stage leaves the stage without a program */
      const bool has =
         prog && prog->exec && (prog->exec->glsl->stages & GLSL_STAGE_BIT(map[i].stage));
      set_program(ctx, &p->stage[map[i].stage], has ? prog : NULL);
   }
   if (ctx->pipeline == p)
      fe_draw_touch(ctx);
}

void
mgl_glActiveShaderProgram(GLuint pipeline, GLuint program)
{
   FE_CTX_OR_RETURN();
   SSO_OR_RETURN();
   struct fe_program *prog = NULL;
   if (program) {
      prog = get_program(ctx, program);
      if (!prog)
         return;
   }
   struct fe_pipeline *p = named_pipeline(ctx, pipeline);
   if (!p)
      return;
   /* GL 4.6 7.4: a program that is not linked */
   FE_CHECK(prog && !prog->link_status, GL_INVALID_OPERATION);
   set_program(ctx, &p->active, prog);
}

/* GL 4.6 11.1.3.11: why a pipeline cannot draw (NULL: it can). */
static const char *
pipeline_invalid(const struct fe_context *ctx, const struct fe_pipeline *p)
{
   bool any = false;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      const struct fe_program *prog = p->stage[s];
      if (!prog)
         continue;
      any = true;
      if (!prog->exec || !prog->link_status)
         return "a stage's program is not linked\n";
      if (!prog->linked_separable)
         return "a stage's program is not separable\n";
      /* a program active for some but not all of the stages it was linked with */
      for (int t = 0; t < GLSL_STAGE_COUNT; t++)
         if ((prog->exec->glsl->stages & GLSL_STAGE_BIT(t)) && p->stage[t] != prog)
            return "a program is active for only some of its stages\n";
   }
   if (!any)
      return "no program is active for any stage\n";
   /* a program active for two stages and another program for a stage between them */
   for (unsigned i = 0; i < GLSL_STAGE_COUNT; i++) {
      const struct fe_program *a = p->stage[glsl_pipeline_stage(i)];
      for (unsigned j = i + 2; a && j < GLSL_STAGE_COUNT; j++) {
         if (p->stage[glsl_pipeline_stage(j)] != a)
            continue;
         for (unsigned k = i + 1; k < j; k++) {
            const struct fe_program *b = p->stage[glsl_pipeline_stage(k)];
            if (b && b != a)
               return "a program's stages are split by another program\n";
         }
      }
   }
   /* a tessellation or geometry stage and no vertex stage */
   if (!p->stage[GLSL_STAGE_VERTEX] &&
       (p->stage[GLSL_STAGE_TESS_CTRL] || p->stage[GLSL_STAGE_TESS_EVAL] ||
        p->stage[GLSL_STAGE_GEOMETRY]))
      return "a tessellation or geometry stage without a vertex stage\n";
   /* GL 4.6 11.1.3.11: samplers of different types on one texture unit, over all the
    * stages' programs */
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      const struct fe_exec *a = p->stage[s] ? p->stage[s]->exec : NULL;
      for (int t = s; a && t < GLSL_STAGE_COUNT; t++) {
         const struct fe_exec *b = p->stage[t] ? p->stage[t]->exec : NULL;
         if (!b)
            continue;
         for (unsigned i = 0; i < a->glsl->num_samplers && i < FE_MAX_SAMPLERS; i++)
            for (unsigned j = 0; j < b->glsl->num_samplers && j < FE_MAX_SAMPLERS; j++)
               if (a->sampler_units[i] == b->sampler_units[j] &&
                   a->glsl->samplers[i].type != b->glsl->samplers[j].type)
                  return "samplers of different types use one texture unit\n";
      }
   }
   if (ctx->desc.api == FE_API_GLES &&
       (!p->stage[GLSL_STAGE_VERTEX] || !p->stage[GLSL_STAGE_FRAGMENT]))
      return "a vertex and a fragment stage are needed\n";
   return NULL;
}

void
mgl_glValidateProgramPipeline(GLuint pipeline)
{
   FE_CTX_OR_RETURN();
   SSO_OR_RETURN();
   struct fe_pipeline *p = named_pipeline(ctx, pipeline);
   if (!p)
      return;
   const char *why = pipeline_invalid(ctx, p);
   p->validate_status = !why;
   free(p->info_log);
   p->info_log = why ? dup_str(why) : NULL;
}

void
mgl_glGetProgramPipelineiv(GLuint pipeline, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   SSO_OR_RETURN();
   struct fe_pipeline *p = named_pipeline(ctx, pipeline);
   if (!p)
      return;
   enum glsl_stage st;
   switch (pname) {
   case GL_ACTIVE_PROGRAM: *params = p->active ? (GLint)p->active->base.name : 0; return;
   case GL_VALIDATE_STATUS: *params = p->validate_status; return;
   case GL_INFO_LOG_LENGTH:
      *params = p->info_log && *p->info_log ? (GLint)strlen(p->info_log) + 1 : 0;
      return;
   case GL_VERTEX_SHADER: st = GLSL_STAGE_VERTEX; break;
   case GL_FRAGMENT_SHADER: st = GLSL_STAGE_FRAGMENT; break;
   case GL_GEOMETRY_SHADER: st = GLSL_STAGE_GEOMETRY; break;
   case GL_TESS_CONTROL_SHADER:
   case GL_TESS_EVALUATION_SHADER:
      FE_CHECK(!fe_tess_offered(ctx), GL_INVALID_ENUM);
      st = pname == GL_TESS_CONTROL_SHADER ? GLSL_STAGE_TESS_CTRL : GLSL_STAGE_TESS_EVAL;
      break;
   case GL_COMPUTE_SHADER:
      FE_CHECK(!fe_compute_offered(ctx), GL_INVALID_ENUM);
      st = GLSL_STAGE_COMPUTE;
      break;
   default: fe_error(ctx, GL_INVALID_ENUM); return;
   }
   *params = p->stage[st] ? (GLint)p->stage[st]->base.name : 0;
}

void
mgl_glGetProgramPipelineInfoLog(GLuint pipeline, GLsizei buf_size, GLsizei *length,
                                GLchar *info_log)
{
   FE_CTX_OR_RETURN();
   SSO_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_pipeline *p = named_pipeline(ctx, pipeline);
   if (p)
      copy_out(p->info_log, buf_size, length, info_log);
}

/* GL 4.6 7.3: glCreateShaderProgramv is a shader compiled, attached to a separable program,
 * linked and detached; the program keeps the compile log in its own log. */
GLuint
mgl_glCreateShaderProgramv(GLenum type, GLsizei count, const GLchar *const *strings)
{
   FE_CTX_OR_RETURN(0);
   SSO_OR_RETURN(0);
   FE_CHECK(count < 0, GL_INVALID_VALUE, 0);
   const GLuint sh = mgl_glCreateShader(type);
   if (!sh)
      return 0;
   mgl_glShaderSource(sh, count, strings, NULL);
   mgl_glCompileShader(sh);
   const GLuint prog = mgl_glCreateProgram();
   if (prog) {
      GLint compiled = 0;
      mgl_glGetShaderiv(sh, GL_COMPILE_STATUS, &compiled);
      struct fe_program *p = get_program(ctx, prog);
      if (p)
         p->separable = true;
      if (compiled) {
         mgl_glAttachShader(prog, sh);
         mgl_glLinkProgram(prog);
         mgl_glDetachShader(prog, sh);
      } else if (p) {
         GLint len = 0;
         mgl_glGetShaderiv(sh, GL_INFO_LOG_LENGTH, &len);
         char *log = calloc((size_t)len + 1, 1);
         if (log)
            mgl_glGetShaderInfoLog(sh, len + 1, NULL, log);
         free(p->info_log);
         p->info_log = log;
      }
   }
   mgl_glDeleteShader(sh);
   return prog;
}

/* EXT_separate_shader_objects (ES): the same command; gl.xml gives its strings no const on the
 * pointers, so the generator does not forward it. */
GLuint
mgl_glCreateShaderProgramvEXT(GLenum type, GLsizei count, const GLchar **strings)
{
   return mgl_glCreateShaderProgramv(type, count, (const GLchar *const *)strings);
}

/* ---- drawing with a pipeline ------------------------------------------------------------ */

struct fe_exec *
fe_uniform_exec(struct fe_context *ctx)
{
   if (ctx->program || !ctx->pipeline)
      return fe_ctx_exec(ctx);
   const struct fe_program *a = ctx->pipeline->active;
   return a && a->link_status ? a->exec : NULL;
}

struct fe_exec *
fe_dispatch_exec(struct fe_context *ctx)
{
   if (ctx->program || !ctx->pipeline)
      return ctx->program ? fe_ctx_exec(ctx) : NULL;
   const struct fe_program *c = ctx->pipeline->stage[GLSL_STAGE_COMPUTE];
   return c && c->exec ? c->exec : NULL;
}

/* Renumbers the descriptor bindings of one stage's SPIR-V (in place) and moves its default
 * block's member offsets by `ubase`. */
static void
rebase_spirv(uint32_t *w, size_t n, uint32_t bbase, uint32_t sbase, uint32_t ubase)
{
   /* 0: bindings (and the default block's variable), 1: its pointer type, 2: its struct type,
    * 3: the struct's member offsets */
   uint32_t want[3] = {0};
   for (int pass = 0; pass < 4; pass++) {
      for (size_t i = 5; i < n;) {
         const uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
         if (!len || i + len > n)
            break;
         if (pass == 0 && op == SpvOpDecorate && len >= 4 && w[i + 2] == SpvDecorationBinding) {
            uint32_t *b = &w[i + 3];
            if (*b == GLSL_BINDING_DEFAULT_BLOCK)
               want[0] = w[i + 1];
            else if (*b >= GLSL_BINDING_UBO_BASE && *b < GLSL_BINDING_SAMPLER_BASE)
               *b += bbase;
            else if (*b >= GLSL_BINDING_SAMPLER_BASE && *b < GLSL_BINDING_SSBO_BASE)
               *b += sbase;
         } else if (pass == 1 && op == SpvOpVariable && len >= 4 && want[0] &&
                    w[i + 2] == want[0]) {
            want[1] = w[i + 1];
         } else if (pass == 2 && op == SpvOpTypePointer && len >= 4 && want[1] &&
                    w[i + 1] == want[1]) {
            want[2] = w[i + 3];
         } else if (pass == 3 && op == SpvOpMemberDecorate && len >= 5 && want[2] &&
                    w[i + 1] == want[2] && w[i + 3] == SpvDecorationOffset) {
            w[i + 4] += ubase;
         }
         i += len;
      }
   }
}

static void
shell_free(struct glsl_program *gp)
{
   if (!gp)
      return;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++)
      free(gp->spirv[s].words);
   free(gp->blocks);
   free(gp->samplers);
   free(gp);
}

void
fe_pipeline_glsl_free(struct fe_context *ctx, struct fe_exec *e)
{
   shell_free(e->glsl);
   for (unsigned k = 0; k < e->num_parts; k++)
      fe_exec_unref(ctx, e->parts[k].exec);
   e->num_parts = 0;
}

static struct fe_exec *
pipeline_combine(struct fe_context *ctx, struct fe_exec *const exec[GLSL_STAGE_COUNT])
{
   struct fe_pipeline_part parts[GLSL_STAGE_COUNT] = {{0}};
   unsigned np = 0, nb = 0, ns = 0, with_storage = 0;
   uint32_t size = 0;
   for (unsigned i = 0; i < sizeof(graphics_stages) / sizeof(graphics_stages[0]); i++) {
      struct fe_exec *x = exec[graphics_stages[i]];
      bool seen = !x;
      for (unsigned k = 0; k < np && !seen; k++)
         seen = parts[k].exec == x;
      if (seen)
         continue;
      const struct glsl_program *g = x->glsl;
      parts[np] = (struct fe_pipeline_part){
         .exec = x, .uniform_base = size, .block_base = nb, .sampler_base = ns};
      size += (g->default_block.size + 15u) & ~15u;
      nb += g->num_blocks;
      ns += g->num_samplers;
      with_storage += g->num_storage_blocks || g->num_atomic_buffers || g->num_images;
      np++;
   }
   if (with_storage > 1) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "a program pipeline whose programs use storage blocks, atomic counters or images "
                  "in more than one program");
      return NULL;
   }
   if (nb > FE_MAX_BLOCKS || nb > GLSL_MAX_UNIFORM_BLOCKS || ns > FE_MAX_SAMPLERS) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "a program pipeline with more uniform blocks or samplers than one program may "
                  "have");
      return NULL;
   }
   struct glsl_program *gp = calloc(1, sizeof(*gp));
   if (!gp)
      return NULL;
   gp->blocks = calloc(nb + 1, sizeof(*gp->blocks));
   gp->samplers = calloc(ns + 1, sizeof(*gp->samplers));
   bool ok = gp->blocks && gp->samplers;
   for (unsigned k = 0; k < np && ok; k++) {
      const struct glsl_program *g = parts[k].exec->glsl;
      for (unsigned i = 0; i < g->num_blocks; i++) {
         struct glsl_uniform_block b = g->blocks[i];
         b.binding += parts[k].block_base;
         b.first_member = b.num_members = 0; /* members are queried on the programs */
         gp->blocks[gp->num_blocks++] = b;
      }
      for (unsigned j = 0; j < g->num_samplers; j++) {
         struct glsl_sampler sm = g->samplers[j];
         sm.binding += parts[k].sampler_base;
         gp->samplers[gp->num_samplers++] = sm;
      }
      if (g->num_storage_blocks || g->num_atomic_buffers || g->num_images) {
         /* the one program with them: its tables as they are (names and arrays borrowed) */
         gp->num_storage_blocks = g->num_storage_blocks;
         gp->storage_blocks = g->storage_blocks;
         gp->num_atomic_buffers = g->num_atomic_buffers;
         gp->atomic_buffers = g->atomic_buffers;
         gp->num_atomic_counters = g->num_atomic_counters;
         gp->atomic_counters = g->atomic_counters;
         gp->num_images = g->num_images;
         gp->images = g->images;
      }
   }
   gp->default_block.size = size;
   for (int s = 0; s < GLSL_STAGE_COUNT && ok; s++) {
      const struct fe_exec *x = exec[s];
      if (!x)
         continue;
      const struct glsl_program *g = x->glsl;
      const struct fe_pipeline_part *pt = NULL;
      for (unsigned k = 0; k < np; k++)
         if (parts[k].exec == x)
            pt = &parts[k];
      const size_t n = g->spirv[s].num_words;
      gp->spirv[s].words = malloc(n * sizeof(uint32_t));
      if (!gp->spirv[s].words) {
         ok = false;
         break;
      }
      memcpy(gp->spirv[s].words, g->spirv[s].words, n * sizeof(uint32_t));
      gp->spirv[s].num_words = n;
      rebase_spirv(gp->spirv[s].words, n, pt->block_base, pt->sampler_base, pt->uniform_base);
      gp->stages |= GLSL_STAGE_BIT(s);
      if (g->default_block.stages & GLSL_STAGE_BIT(s))
         gp->default_block.stages |= GLSL_STAGE_BIT(s);
      if (s == GLSL_STAGE_VERTEX) {
         gp->uses_base_instance = g->uses_base_instance;
         gp->num_inputs = g->num_inputs;
         gp->inputs = g->inputs;
      }
      if (s == GLSL_STAGE_FRAGMENT) {
         gp->alpha_tested = g->alpha_tested;
         gp->blend_support = g->blend_support;
         gp->num_outputs = g->num_outputs;
         gp->outputs = g->outputs;
      }
      if (s == GLSL_STAGE_GEOMETRY)
         gp->geometry = g->geometry;
      if (s == GLSL_STAGE_TESS_EVAL || s == GLSL_STAGE_TESS_CTRL) {
         const uint32_t ov = gp->tess.output_vertices;
         if (s == GLSL_STAGE_TESS_EVAL)
            gp->tess = g->tess;
         gp->tess.output_vertices = s == GLSL_STAGE_TESS_CTRL ? g->tess.output_vertices : ov;
      }
   }
   /* transform feedback captures from the last vertex-processing stage (its program's tables,
    * borrowed; its SPIR-V carries the capture) */
   static const enum glsl_stage last_first[] = {GLSL_STAGE_GEOMETRY, GLSL_STAGE_TESS_EVAL,
                                                GLSL_STAGE_VERTEX};
   for (unsigned i = 0; i < 3; i++) {
      const struct fe_exec *x = exec[last_first[i]];
      if (!x)
         continue;
      const struct glsl_program *g = x->glsl;
      gp->num_xfb = g->num_xfb;
      gp->xfb = g->xfb;
      gp->xfb_separate = g->xfb_separate;
      memcpy(gp->xfb_stride, g->xfb_stride, sizeof(gp->xfb_stride));
      gp->xfb_buffers = g->xfb_buffers;
      break;
   }
   struct fe_exec *e = ok ? fe_exec_create(ctx, gp) : NULL;
   if (!e) {
      shell_free(gp);
      return NULL;
   }
   for (unsigned k = 0; k < np; k++) {
      fe_exec_ref(parts[k].exec);
      e->parts[k] = parts[k];
   }
   e->num_parts = np;
   fe_exec_sync_parts(e);
   return e;
}

void
fe_exec_sync_parts(struct fe_exec *e)
{
   bool values = false, bindings = false;
   for (unsigned k = 0; k < e->num_parts; k++) {
      struct fe_pipeline_part *pt = &e->parts[k];
      const struct fe_exec *x = pt->exec;
      if (pt->uniform_seen != x->uniform_version) {
         pt->uniform_seen = x->uniform_version;
         if (x->uniform_size && pt->uniform_base + x->uniform_size <= e->uniform_size) {
            memcpy(e->uniforms + pt->uniform_base, x->uniforms, x->uniform_size);
            fe_exec_mark_dirty(e, pt->uniform_base, pt->uniform_base + x->uniform_size);
         }
         values = true;
      }
      if (pt->bindings_seen != x->bindings_version) {
         pt->bindings_seen = x->bindings_version;
         const struct glsl_program *g = x->glsl;
         for (unsigned i = 0; i < g->num_blocks && pt->block_base + i < FE_MAX_BLOCKS; i++)
            e->block_bindings[pt->block_base + i] = x->block_bindings[i];
         for (unsigned j = 0; j < g->num_samplers && pt->sampler_base + j < FE_MAX_SAMPLERS; j++) {
            e->sampler_units[pt->sampler_base + j] = x->sampler_units[j];
            e->sampler_target[pt->sampler_base + j] = x->sampler_target[j];
         }
         if (g->num_storage_blocks || g->num_images) {
            memcpy(e->storage_bindings, x->storage_bindings, sizeof(e->storage_bindings));
            memcpy(e->image_units, x->image_units, sizeof(e->image_units));
         }
         bindings = true;
      }
   }
   if (values)
      e->uniform_version++;
   if (bindings)
      e->bindings_version++;
}

struct fe_exec *
fe_pipeline_exec(struct fe_context *ctx)
{
   struct fe_pipeline *p = ctx->pipeline;
   struct fe_exec *exec[GLSL_STAGE_COUNT] = {0};
   struct fe_exec *one = NULL;
   bool several = false;
   for (unsigned i = 0; i < sizeof(graphics_stages) / sizeof(graphics_stages[0]); i++) {
      const enum glsl_stage s = graphics_stages[i];
      struct fe_program *prog = p->stage[s];
      if (!prog || !prog->exec || !(prog->exec->glsl->stages & GLSL_STAGE_BIT(s)))
         continue;
      exec[s] = prog->exec;
      several |= one && one != prog->exec;
      one = one ? one : prog->exec;
   }
   if (!several)
      return one;
   if (p->combined && !memcmp(p->built_from, exec, sizeof(exec))) {
      fe_exec_sync_parts(p->combined);
      return p->combined;
   }
   fe_exec_unref(ctx, p->combined);
   p->combined = pipeline_combine(ctx, exec);
   memcpy(p->built_from, exec, sizeof(exec));
   return p->combined;
}

/* GL 4.6 11.1.3.11: a draw with the bound pipeline (no current program) that fails the
 * pipeline's validation is GL_INVALID_OPERATION. */
bool
fe_pipeline_draw_check(struct fe_context *ctx)
{
   if (ctx->program || !ctx->pipeline)
      return true;
   const struct fe_pipeline *p = ctx->pipeline;
   if (pipeline_invalid(ctx, p)) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return false;
   }
   /* GL 4.6 11.1: without a vertex program the vertices are undefined (compatibility: the
    * fixed-function stage would stand in); the backend needs a vertex stage */
   const struct fe_exec *e = fe_ctx_exec(ctx);
   if (!e || !(e->glsl->stages & GLSL_STAGE_BIT(GLSL_STAGE_VERTEX))) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "a draw with a program pipeline without a vertex stage: skipped");
      return false;
   }
   if (ctx->ff && !p->stage[GLSL_STAGE_FRAGMENT])
      MGU_DECLINE(gl_feature_unimplemented,
                  "a compatibility draw with a program pipeline without a fragment stage: no "
                  "fixed-function fragment stage stands in");
   return true;
}
