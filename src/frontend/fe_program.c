/* fe_program.c — shader and program objects, linking through glsl_link, and uniforms.
 *
 * Everything GL asks about a program is answered here from the link's reflection; nothing is a
 * round trip. A successful link creates the program's shader CSO (SPIR-V per stage plus an
 * mgp_shader_reflection) through the linking context; the CSO lives as long as that link's
 * executable (struct fe_exec). The default uniform block is a CPU shadow (std140) per
 * executable with a version the tracker sends by set_global_constants; sampler uniforms hold
 * texture unit numbers client-side and uniform block bindings are resolved at validate. */
#include "decline.h"
#include "fe_compat_vertex.h"
#include "fe_es_ext.h"
#include "fe_ff.h"
#include "fe_program_internal.h"

/* ---- programs ------------------------------------------------------------------------------- */

GLuint
mgl_glCreateProgram(void)
{
   FE_CTX_OR_RETURN(0);
   struct fe_program *prog = calloc(1, sizeof(*prog));
   FE_CHECK(!prog, GL_OUT_OF_MEMORY, 0);
   atomic_init(&prog->base.refs, 1);
   prog->base.kind = FE_OBJ_PROGRAM;
   prog->base.share = ctx->share;
   prog->xfb_mode = GL_INTERLEAVED_ATTRIBS;
   pthread_mutex_lock(&ctx->share->lock);
   GLuint name = fe_names_gen(&ctx->share->programs);
   if (name)
      fe_names_set(&ctx->share->programs, name, prog);
   pthread_mutex_unlock(&ctx->share->lock);
   if (!name) {
      free(prog);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return 0;
   }
   prog->base.name = name;
   return name;
}

static void
detach(struct fe_context *ctx, struct fe_program *prog, unsigned i)
{
   struct fe_shader *sh = prog->shaders[i];
   prog->shaders[i] = prog->shaders[--prog->num_shaders];
   sh->attach_count--;
   /* A shader deleted while attached goes with its last detach (its name's reference too);
    * while the share group dies, the name table drops those references itself. */
   if (!sh->attach_count && sh->delete_pending && !sh->base.share->dying) {
      remove_name(sh->base.share, sh->base.name);
      fe_object_unref(ctx, &sh->base);
   }
   fe_object_unref(ctx, &sh->base);
}

static void
free_bindings(struct fe_binding_pair *b, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      free(b[i].name);
   free(b);
}

void
fe_program_destroy(struct fe_context *ctx, struct fe_program *prog)
{
   while (prog->num_shaders)
      detach(ctx, prog, prog->num_shaders - 1);
   free(prog->shaders);
   free_bindings(prog->attrib_bindings, prog->num_attrib_bindings);
   free_bindings(prog->frag_bindings, prog->num_frag_bindings);
   for (unsigned i = 0; i < prog->num_xfb_names; i++)
      free(prog->xfb_names[i]);
   free(prog->xfb_names);
   free(prog->info_log);
   fe_exec_unref(ctx, prog->exec);
   free(prog);
}

void
mgl_glAttachShader(GLuint program, GLuint shader)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh)
      return;
   for (unsigned i = 0; i < prog->num_shaders; i++) {
      FE_CHECK(prog->shaders[i] == sh, GL_INVALID_OPERATION);
      /* ES 2.0 / 3.0 §2.10.3 (7.3 in 3.0): one shader object of each type per program */
      FE_CHECK(ctx->desc.api == FE_API_GLES && prog->shaders[i]->type == sh->type,
               GL_INVALID_OPERATION);
   }
   FE_CHECK(
      !mgu_array_reserve(prog->shaders, prog->shaders_capacity, (uint64_t)prog->num_shaders + 1),
      GL_OUT_OF_MEMORY);
   fe_object_ref(&sh->base);
   sh->attach_count++;
   prog->shaders[prog->num_shaders++] = sh;
}

void
mgl_glDetachShader(GLuint program, GLuint shader)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   struct fe_shader *sh = get_shader(ctx, shader);
   if (!sh)
      return;
   for (unsigned i = 0; i < prog->num_shaders; i++) {
      if (prog->shaders[i] == sh) {
         detach(ctx, prog, i);
         return;
      }
   }
   fe_error(ctx, GL_INVALID_OPERATION);
}

void
mgl_glGetAttachedShaders(GLuint program, GLsizei max_count, GLsizei *count, GLuint *shaders)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(max_count < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   GLsizei n = 0;
   for (unsigned i = 0; i < prog->num_shaders && n < max_count; i++)
      shaders[n++] = prog->shaders[i]->base.name;
   if (count)
      *count = n;
}

static void
program_maybe_delete(struct fe_context *ctx, struct fe_program *prog)
{
   if (prog->delete_pending && !prog->use_count) {
      remove_name(prog->base.share, prog->base.name);
      fe_object_unref(ctx, &prog->base);
   }
}

void
fe_program_release_current(struct fe_context *ctx)
{
   struct fe_program *old = ctx->program;
   fe_exec_unref(ctx, ctx->exec);
   ctx->exec = NULL;
   if (!old)
      return;
   ctx->program = NULL;
   old->use_count--;
   program_maybe_delete(ctx, old);
   fe_object_unref(ctx, &old->base);
}

void
fe_program_unuse(struct fe_context *ctx, struct fe_program *prog)
{
   if (!prog)
      return;
   prog->use_count--;
   program_maybe_delete(ctx, prog);
   fe_object_unref(ctx, &prog->base);
}

void
mgl_glDeleteProgram(GLuint program)
{
   FE_CTX_OR_RETURN();
   if (!program)
      return;
   struct fe_program *prog = get_program(ctx, program);
   if (!prog || prog->delete_pending)
      return;
   prog->delete_pending = true;
   program_maybe_delete(ctx, prog);
}

GLboolean
mgl_glIsProgram(GLuint program)
{
   FE_CTX_OR_RETURN(GL_FALSE);
   struct fe_object *obj = lookup(ctx, program);
   return obj && obj->kind == FE_OBJ_PROGRAM ? GL_TRUE : GL_FALSE;
}

static void
add_binding(struct fe_context *ctx, struct fe_binding_pair **list, unsigned *n, uint32_t *cap,
            const char *name, GLint location, GLint index)
{
   for (unsigned i = 0; i < *n; i++) {
      if (!strcmp((*list)[i].name, name)) {
         (*list)[i].location = location;
         (*list)[i].index = index;
         return;
      }
   }
   char *copy = dup_str(name);
   struct fe_binding_pair *l = copy ? mgu_array_push(*list, *n, *cap) : NULL;
   if (!l) {
      free(copy);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   *l = (struct fe_binding_pair){copy, location, index};
}

void
mgl_glBindAttribLocation(GLuint program, GLuint index, const GLchar *name)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(index >= FE_MAX_VERTEX_ATTRIBS, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(!strncmp(name, "gl_", 3), GL_INVALID_OPERATION);
   add_binding(ctx, &prog->attrib_bindings, &prog->num_attrib_bindings, &prog->cap_attrib_bindings,
               name, (GLint)index, 0);
}

/* GL 3.3 §3.9.2: binds `name` to colour number `color` and blend index `index` (1: the second
 * source of dual-source blending), replacing an earlier binding of the name; takes effect at the
 * next link, and an explicit layout(location/index) in the shader wins over it. */
static void
bind_frag_data(struct fe_context *ctx, GLuint program, GLuint color, GLuint index,
               const GLchar *name)
{
   FE_CHECK(index > 1, GL_INVALID_VALUE);
   FE_CHECK(index == 0 && color >= FE_MAX_DRAW_BUFFERS, GL_INVALID_VALUE);
   FE_CHECK(index == 1 && color >= (GLuint)fe_max_dual_source_draw_buffers(ctx), GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(!strncmp(name, "gl_", 3), GL_INVALID_OPERATION);
   add_binding(ctx, &prog->frag_bindings, &prog->num_frag_bindings, &prog->cap_frag_bindings, name,
               (GLint)color, (GLint)index);
}

void
mgl_glBindFragDataLocation(GLuint program, GLuint color, const GLchar *name)
{
   FE_CTX_OR_RETURN();
   bind_frag_data(ctx, program, color, 0, name);
}

void
mgl_glBindFragDataLocationIndexed(GLuint program, GLuint color, GLuint index, const GLchar *name)
{
   FE_CTX_OR_RETURN();
   bind_frag_data(ctx, program, color, index, name);
}

/* ---- sources ------------------------------------------------------------------------------ */

/* Blanks a "#version ..." line at the start of a shader object's source (only the first object
 * of a stage may keep it: GLSL wants #version before anything else). */
static void
blank_version(char *src)
{
   char *p = src;
   while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      p++;
   if (*p != '#')
      return;
   char *q = p + 1;
   while (*q == ' ' || *q == '\t')
      q++;
   if (strncmp(q, "version", 7))
      return;
   for (; *p && *p != '\n'; p++)
      *p = ' ';
}

/* Concatenates the compiled sources of the attached shaders of one stage (glsl_link takes one
 * source a stage; GL 4.6 7.3 links what each shader's last compile compiled, not a source set
 * since): the first object's #version leads; each later object starts with a #line naming it. */
static char *
stage_source(const struct fe_program *prog, GLenum type)
{
   size_t total = 0;
   unsigned n = 0;
   for (unsigned i = 0; i < prog->num_shaders; i++) {
      if (prog->shaders[i]->type == type && prog->shaders[i]->compiled_source) {
         total += strlen(prog->shaders[i]->compiled_source) + 32;
         n++;
      }
   }
   if (!n)
      return NULL;
   char *s = malloc(total + 1);
   if (!s)
      return NULL;
   size_t off = 0;
   unsigned part = 0;
   for (unsigned i = 0; i < prog->num_shaders; i++) {
      const struct fe_shader *sh = prog->shaders[i];
      if (sh->type != type || !sh->compiled_source)
         continue;
      if (part)
         off += (size_t)sprintf(s + off, "#line 1 %u\n", part);
      size_t len = strlen(sh->compiled_source);
      memcpy(s + off, sh->compiled_source, len);
      if (part)
         blank_version(s + off);
      off += len;
      s[off++] = '\n';
      part++;
   }
   s[off] = '\0';
   return s;
}

/* Whether GLSL source uses an identifier outside comments (for the built-in vertex inputs the
 * reflection does not list). */
static bool
source_uses(const char *src, const char *ident)
{
   size_t n = strlen(ident);
   for (const char *p = src; p && *p;) {
      if (p[0] == '/' && p[1] == '/') {
         p = strchr(p, '\n');
         continue;
      }
      if (p[0] == '/' && p[1] == '*') {
         p = strstr(p + 2, "*/");
         p = p ? p + 2 : NULL;
         continue;
      }
      if (!strncmp(p, ident, n) && (p == src || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
          !(isalnum((unsigned char)p[n]) || p[n] == '_'))
         return true;
      p++;
   }
   return false;
}

/* GL 2.1 §2.15: a program without a vertex shader takes fixed-function vertex processing. A
 * compatibility context's program of fragment shaders alone links with this one: the
 * transform, the unlit colours, each unit's coordinates through its texture matrix, the eye
 * distance fog uses and the eye-space clip vertex the user clip planes compare with. Lighting,
 * texture coordinate generation and the fog coordinate are declined at the draw
 * (fe_ff_program.c:fe_ff_note_program_draw). */
static const char ff_vertex_shader[] =
   "#version 120\n"
   "void main() {\n"
   "   gl_Position = ftransform();\n"
   "   vec4 eye = gl_ModelViewMatrix * gl_Vertex;\n"
   "   gl_ClipVertex = eye;\n"
   "   gl_FrontColor = gl_Color;\n"
   "   gl_BackColor = gl_Color;\n"
   "   gl_FrontSecondaryColor = gl_SecondaryColor;\n"
   "   gl_BackSecondaryColor = gl_SecondaryColor;\n"
   "   gl_TexCoord[0] = gl_TextureMatrix[0] * gl_MultiTexCoord0;\n"
   "   gl_TexCoord[1] = gl_TextureMatrix[1] * gl_MultiTexCoord1;\n"
   "   gl_TexCoord[2] = gl_TextureMatrix[2] * gl_MultiTexCoord2;\n"
   "   gl_TexCoord[3] = gl_TextureMatrix[3] * gl_MultiTexCoord3;\n"
   "   gl_TexCoord[4] = gl_TextureMatrix[4] * gl_MultiTexCoord4;\n"
   "   gl_TexCoord[5] = gl_TextureMatrix[5] * gl_MultiTexCoord5;\n"
   "   gl_TexCoord[6] = gl_TextureMatrix[6] * gl_MultiTexCoord6;\n"
   "   gl_TexCoord[7] = gl_TextureMatrix[7] * gl_MultiTexCoord7;\n"
   "   gl_FogFragCoord = abs(eye.z);\n"
   "}\n";

/* GL 2.1 §3.11: a program without a fragment shader takes fixed-function fragment
 * processing. A compatibility context's program whose vertex (or geometry) stage writes the
 * built-in colours links with this one: the interpolated primary colour, front or back as
 * GL_VERTEX_PROGRAM_TWO_SIDE picks. Texturing, colour sum and fog are declined at the draw
 * (fe_ff_program.c:fe_ff_note_program_draw). Without one, the colour attachments would take
 * whatever the device leaves there. */
static const char ff_fragment_shader[] = "#version 120\n"
                                         "void main() {\n"
                                         "   gl_FragColor = gl_Color;\n"
                                         "}\n";

/* ---- executables ---------------------------------------------------------------------------- */

void
fe_exec_ref(struct fe_exec *e)
{
   if (e)
      atomic_fetch_add(&e->refs, 1);
}

void
fe_exec_drop_cso(struct fe_context *ctx, struct fe_share_group *sg, struct mgp_handle cso,
                 bool sent)
{
   if (ctx && ctx->share == sg) {
      if (sent)
         mgp_delete_shader(&ctx->pipe, &(struct mgp_handle_args){cso});
      fe_share_free_handle(sg, MGP_KIND_SHADER, cso);
   } else if (sent) {
      /* No context of the group to send it through: the next one that validates does. */
      pthread_mutex_lock(&sg->lock);
      struct mgp_handle *dead =
         mgu_array_push(sg->dead_shaders, sg->num_dead_shaders, sg->dead_capacity);
      if (dead)
         *dead = cso;
      fe_share_unusual(sg); /* every context's repeat draw: a validate sends it */
      pthread_mutex_unlock(&sg->lock);
   }
}

void
fe_exec_unref(struct fe_context *ctx, struct fe_exec *e)
{
   if (!e || atomic_fetch_sub(&e->refs, 1) != 1)
      return;
   fe_exec_drop_cso(ctx, e->share, e->cso,
                    (!e->tess_passthrough || e->passthrough_made) && !e->no_cso);
   fe_outline_release(ctx, e);
   if (e->num_parts)
      fe_pipeline_glsl_free(ctx, e);
   else
      glsl_program_destroy(e->glsl);
   free(e->uniforms);
   free(e->locs);
   for (uint32_t i = 0; i < e->num_active; i++)
      free(e->active[i].name);
   free(e->active);
   free(e);
}

struct fe_exec *
fe_ctx_exec_install(struct fe_context *ctx)
{
   struct fe_program *p = ctx->program;
   if (p && p->exec && p->exec != ctx->exec) {
      fe_exec_ref(p->exec);
      fe_exec_unref(ctx, ctx->exec);
      ctx->exec = p->exec;
   }
   return ctx->exec;
}

/* GL 4.3, 7.3 and 19.1: a local size past GL_MAX_COMPUTE_WORK_GROUP_SIZE or one of more
 * invocations than GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS (the device's) fails the link. */
const char *
fe_program_limits_exceeded(const struct fe_context *ctx, const struct glsl_program *gp)
{
   /* GL 4.3 7.6.2: more storage blocks than the binding points (none: a context without
    * storage buffers) fails the link; so does a layout(binding) at or past them */
   /* GLSL 4.20 4.4.5 and 4.4.6: a layout(binding) at or past the binding points or texture
    * units (element k of an array counted at N + k) fails the link */
   for (unsigned i = 0; i < gp->num_blocks; i++)
      if (gp->blocks[i].gl_binding >= FE_MAX_UBO_BINDINGS)
         return "error: a uniform block's binding is over GL_MAX_UNIFORM_BUFFER_BINDINGS\n";
   for (unsigned j = 0; j < gp->num_samplers; j++)
      if (gp->samplers[j].gl_unit >= fe_max_texture_units(ctx))
         return "error: a sampler's binding is over GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS\n";
   /* GL 4.6 7.6.2 and 7.10: more uniform blocks or samplers in the program's stages together
    * than the combined limits (the backend's descriptors) fails the link; the linker has checked
    * each stage's */
   if (gp->num_blocks > fe_max_combined_uniform_blocks(ctx))
      return "error: too many uniform blocks for GL_MAX_COMBINED_UNIFORM_BLOCKS\n";
   if (gp->num_samplers > fe_max_texture_units(ctx))
      return "error: too many samplers for GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS\n";
   const unsigned points = fe_ssbo_bindings(ctx);
   if (gp->num_storage_blocks > points)
      return "error: too many shader storage blocks for GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS\n";
   /* ARB_shader_storage_buffer_object: more active storage blocks in one stage than its
    * GL_MAX_*_SHADER_STORAGE_BLOCKS, or in the stages together (a block each stage references
    * counted once per stage) than GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS, fails the link; all
    * are the binding points, at most 8 (fe_get.c) */
   const unsigned stage_max = points < 8 ? points : 8;
   unsigned per_stage[GLSL_STAGE_COUNT] = {0}, combined = 0;
   for (unsigned k = 0; k < gp->num_storage_blocks; k++)
      for (int s = 0; s < GLSL_STAGE_COUNT; s++)
         if (gp->storage_blocks[k].stages & GLSL_STAGE_BIT(s)) {
            per_stage[s]++;
            combined++;
         }
   for (int s = 0; s < GLSL_STAGE_COUNT; s++)
      if (per_stage[s] > stage_max)
         return "error: a stage has more shader storage blocks than its "
                "GL_MAX_*_SHADER_STORAGE_BLOCKS\n";
   if (combined > stage_max)
      return "error: the stages' shader storage blocks together are more than "
             "GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS\n";
   /* GL 4.3 7.6.2 (ARB_shader_storage_buffer_object): a storage block larger than
    * GL_MAX_SHADER_STORAGE_BLOCK_SIZE (the device's range) fails the link */
   for (unsigned k = 0; k < gp->num_storage_blocks; k++)
      if (gp->storage_blocks[k].data_size > ctx->share->caps->max_storage_buffer_range)
         return "error: a shader storage block is larger than GL_MAX_SHADER_STORAGE_BLOCK_SIZE\n";
   for (unsigned k = 0; k < gp->num_storage_blocks; k++)
      if (gp->storage_blocks[k].gl_binding >= points)
         return "error: a shader storage block's binding is over "
                "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS\n";
   if (!(gp->stages & GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE)))
      return NULL;
   const struct mgp_caps *caps = ctx->share->caps;
   uint64_t invocations = 1;
   for (int k = 0; k < 3; k++) {
      if (gp->local_size[k] > caps->max_compute_work_group_size[k])
         return "error: the compute shader's local size is over GL_MAX_COMPUTE_WORK_GROUP_SIZE\n";
      /* both factors below 2^32 and the product checked at each step: no wrap */
      invocations *= gp->local_size[k];
      if (invocations > caps->max_compute_work_group_invocations)
         return "error: the compute shader's local size is over "
                "GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS\n";
   }
   return NULL;
}

static void
fill_reflection(struct fe_exec *e)
{
   const struct glsl_program *gp = e->glsl;
   struct mgp_shader_reflection *r = &e->refl;
   memset(r, 0, sizeof(*r));
   r->default_block_size = gp->default_block.size;
   r->blend_support = gp->blend_support;
   /* the link kept both counts within the contract's (fe_exec_create) */
   _Static_assert(GLSL_MAX_UNIFORM_BLOCKS == MGP_MAX_UNIFORM_BLOCKS &&
                     GLSL_BINDING_UBO_BASE + GLSL_MAX_UNIFORM_BLOCKS <= 64,
                  "ubo_mask holds every block's binding");
   _Static_assert(GLSL_MAX_SAMPLERS == MGP_MAX_SAMPLERS && GLSL_MAX_SAMPLERS <= 128,
                  "sampler_mask holds every sampler");
   for (unsigned i = 0; i < gp->num_blocks && i < GLSL_MAX_UNIFORM_BLOCKS; i++) {
      const uint32_t binding = GLSL_BINDING_UBO_BASE + i;
      if (!gp->blocks[i].bound_stages)
         continue; /* active but read by no stage: nothing to bind (glsl.h) */
      r->ubo_mask |= 1ull << binding;
      for (int s = 0; s < GLSL_STAGE_COUNT; s++)
         if (gp->blocks[i].bound_stages & GLSL_STAGE_BIT(s))
            r->stage_ubo_mask[stage_map[s]] |= 1ull << binding;
   }
   for (unsigned j = 0; j < gp->num_samplers && j < GLSL_MAX_SAMPLERS; j++) {
      r->sampler_mask[j / 64] |= 1ull << (j % 64);
      for (int s = 0; s < GLSL_STAGE_COUNT; s++)
         if (gp->samplers[j].stages & GLSL_STAGE_BIT(s))
            r->stage_sampler_mask[2 * stage_map[s] + j / 64] |= 1ull << (j % 64);
      enum fe_tex_target t;
      uint8_t kind;
      if (fe_gl_sampler_type(gp->samplers[j].type, &t, &kind))
         r->sampler_kind[j] = kind;
   }
   for (unsigned i = 0; i < gp->num_inputs; i++) {
      const struct glsl_io *in = &gp->inputs[i];
      if (!in->active || in->location < 0)
         continue;
      for (uint32_t l = 0; l < in->num_locations && in->location + l < 32; l++) {
         r->vertex_input_mask |= 1u << (in->location + l);
         r->vertex_input_kind[in->location + l] = fe_gl_input_kind(in->type);
      }
   }
   for (unsigned i = 0; i < gp->num_outputs; i++) {
      const struct glsl_io *out = &gp->outputs[i];
      if (out->location < 0)
         continue;
      for (uint32_t l = 0; l < out->num_locations && out->location + l < 32; l++)
         r->fragment_output_mask |= 1u << (out->location + l);
   }
}

/* Appends u (its name copied) to the active-uniform list. */
static bool
push_active(struct fe_exec *e, uint32_t *cap, struct fe_active_uniform u)
{
   if (!mgu_array_reserve(e->active, *cap, (uint64_t)e->num_active + 1))
      return false;
   const char *name = u.name;
   if (!(u.name = dup_str(name)))
      return false;
   e->active[e->num_active++] = u;
   uint32_t len = (uint32_t)strlen(name) + 1;
   if (len > e->active_max_len)
      e->active_max_len = len;
   return true;
}

/* A default-block uniform, sampler or image: no block, no layout, a location. */
static struct fe_active_uniform
plain_uniform(const char *name, GLenum type, uint32_t size, uint32_t stages, GLint location)
{
   return (struct fe_active_uniform){
      .name = (char *)name,
      .type = type,
      .size = (GLint)(size ? size : 1),
      .block_index = -1,
      .offset = -1,
      .array_stride = -1,
      .matrix_stride = -1,
      .location = location,
      .stages = stages,
      .atomic_buffer = -1,
   };
}

/* The explicit location entry (GLSL 4.30 layout(location)) a default-block leaf, sampler or
 * image named `name` belongs to, or -1. */
static int
explicit_location_of(const struct glsl_program *gp, const char *name)
{
   for (unsigned j = 0; j < gp->num_uniform_locations; j++) {
      const char *base = gp->uniform_locations[j].name;
      const size_t n = strlen(base);
      if (!strncmp(name, base, n) && (name[n] == '\0' || name[n] == '[' || name[n] == '.'))
         return (int)j;
   }
   return -1;
}

/* The first location of `n` for a leaf: its explicit uniform's next ones (cursor counts those
 * taken), else the lowest run of n that no uniform holds or reserves. */
static uint32_t
place_uniform(struct fe_exec *e, const char *name, uint32_t n, uint32_t *cursor, uint32_t cap)
{
   const struct glsl_program *gp = e->glsl;
   const int j = explicit_location_of(gp, name);
   uint32_t at;
   if (j >= 0) {
      at = gp->uniform_locations[j].location + cursor[j];
      cursor[j] += n;
   } else {
      for (at = 0; at + n <= cap; at++) {
         uint32_t k = 0;
         while (k < n && e->locs[at + k].is_sampler == FE_LOC_NONE)
            k++;
         if (k == n)
            break;
      }
   }
   if (at + n > e->num_locs)
      e->num_locs = at + n;
   return at;
}

/* Builds locations, the active-uniform list and the default-block shadow. Explicit locations
 * (glsl_program.uniform_locations) are placed as the shader says; the others take the lowest
 * free ones, in the order the program lists them. */
static bool
build_exec_tables(struct fe_exec *e)
{
   const struct glsl_program *gp = e->glsl;
   uint32_t nlocs = 0;
   for (unsigned i = 0; i < gp->default_block.num_uniforms; i++)
      nlocs +=
         gp->default_block.uniforms[i].array_size ? gp->default_block.uniforms[i].array_size : 1;
   nlocs += gp->num_samplers + gp->num_images;
   for (unsigned j = 0; j < gp->num_uniform_locations; j++)
      nlocs += gp->uniform_locations[j].location + gp->uniform_locations[j].count;
   e->locs = calloc(nlocs ? nlocs : 1, sizeof(*e->locs));
   uint32_t *cursor = calloc(gp->num_uniform_locations + 1, sizeof(*cursor));
   e->uniform_size = gp->default_block.size;
   e->uniforms = calloc(e->uniform_size ? e->uniform_size : 1, 1);
   if (!e->locs || !e->uniforms || !cursor) {
      free(cursor);
      return false;
   }
   for (uint32_t l = 0; l < nlocs; l++)
      e->locs[l].is_sampler = FE_LOC_NONE;
   /* an explicit uniform's locations stay its own, active or not (glUniform* on an inactive
    * one's is ignored) */
   for (unsigned j = 0; j < gp->num_uniform_locations; j++) {
      const struct glsl_uniform_location *ul = &gp->uniform_locations[j];
      for (uint32_t k = 0; k < ul->count; k++)
         e->locs[ul->location + k].is_sampler = FE_LOC_RESERVED;
      if (ul->location + ul->count > e->num_locs)
         e->num_locs = ul->location + ul->count;
   }
   if (gp->default_block.initial_data) /* GL: uniforms start at their initializers' values */
      memcpy(e->uniforms, gp->default_block.initial_data, e->uniform_size);
   uint32_t cap = 0;
   bool ok = true;
   for (unsigned i = 0; i < gp->default_block.num_uniforms && ok; i++) {
      const struct glsl_uniform *u = &gp->default_block.uniforms[i];
      uint32_t n = u->array_size ? u->array_size : 1;
      const uint32_t at = place_uniform(e, u->name, n, cursor, nlocs);
      ok = push_active(e, &cap, plain_uniform(u->name, u->type, n, u->stages, (GLint)at));
      for (uint32_t k = 0; k < n && ok; k++)
         fe_uniform_loc_init(e, &e->locs[at + k], i, k);
   }
   uint32_t at = 0;
   for (unsigned j = 0; j < gp->num_samplers && ok; j++) {
      const struct glsl_sampler *s = &gp->samplers[j];
      if (s->array_element == 0) {
         at = place_uniform(e, s->name, s->array_size ? s->array_size : 1, cursor, nlocs);
         ok = push_active(e, &cap,
                          plain_uniform(s->name, s->type, s->array_size, s->stages, (GLint)at));
      }
      e->locs[at + s->array_element] = (struct fe_uniform_loc){
         .is_sampler = FE_LOC_SAMPLER, .element = (uint16_t)s->array_element, .index = j};
      enum fe_tex_target t = FE_TEX_2D;
      uint8_t kind;
      fe_gl_sampler_type(s->type, &t, &kind);
      if (j < FE_MAX_SAMPLERS)
         e->sampler_target[j] = (uint8_t)t;
   }
   for (unsigned j = 0; j < gp->num_images && ok; j++) {
      const struct glsl_image *im = &gp->images[j];
      if (im->array_element == 0) {
         at = place_uniform(e, im->name, im->array_size ? im->array_size : 1, cursor, nlocs);
         ok = push_active(e, &cap,
                          plain_uniform(im->name, im->type, im->array_size, im->stages, (GLint)at));
      }
      e->locs[at + im->array_element] = (struct fe_uniform_loc){
         .is_sampler = FE_LOC_IMAGE, .element = (uint16_t)im->array_element, .index = j};
   }
   free(cursor);
   if (!ok)
      return false;
   /* GL 4.2 7.6: atomic counters are active uniforms without a location; an array is one,
    * "c[0]", its elements 4 bytes apart */
   for (unsigned j = 0; j < gp->num_atomic_counters; j++) {
      const struct glsl_atomic_counter *c = &gp->atomic_counters[j];
      char name[256];
      snprintf(name, sizeof(name), c->array_size > 1 ? "%s[0]" : "%s", c->name);
      struct fe_active_uniform u =
         plain_uniform(name, GL_UNSIGNED_INT_ATOMIC_COUNTER, c->array_size, c->stages, -1);
      u.offset = (GLint)c->offset;
      u.array_stride = c->array_size > 1 ? 4 : 0;
      u.matrix_stride = 0;
      u.atomic_buffer = (GLint)c->buffer;
      if (!push_active(e, &cap, u))
         return false;
   }
   for (unsigned m = 0; m < gp->num_block_members; m++) {
      const struct glsl_uniform *u = &gp->block_members[m];
      GLint block = -1;
      for (unsigned b = 0; b < gp->num_blocks; b++) {
         if (m >= gp->blocks[b].first_member &&
             m < gp->blocks[b].first_member + gp->blocks[b].num_members) {
            block = (GLint)b;
            break;
         }
      }
      if (!push_active(e, &cap,
                       (struct fe_active_uniform){
                          .name = u->name,
                          .type = u->type,
                          .size = (GLint)(u->array_size ? u->array_size : 1),
                          .block_index = block,
                          .offset = (GLint)u->offset,
                          .array_stride = (GLint)u->array_stride,
                          .matrix_stride = (GLint)u->matrix_stride,
                          .row_major = u->row_major,
                          .location = -1,
                          .stages = u->stages,
                          .atomic_buffer = -1,
                       }))
         return false;
   }
   for (unsigned i = 0; i < gp->num_inputs; i++) {
      if (!gp->inputs[i].active)
         continue;
      e->num_active_attribs++;
   }
   return true;
}

/* GL lists the built-in vertex inputs a vertex shader reads among the active attributes. */
/* The module decorates a variable BuiltIn `builtin` (OpDecorate id BuiltIn b; glslang declares
 * a built-in variable only where it is used). */
static bool
spirv_decorates_builtin(const struct glsl_spirv *m, uint32_t builtin)
{
   enum { OP_DECORATE = 71, DECORATION_BUILTIN = 11 };
   for (size_t pc = 5; m->words && pc < m->num_words;) {
      const uint32_t len = m->words[pc] >> 16, op = m->words[pc] & 0xffffu;
      if (len == 0 || len > m->num_words - pc)
         return false;
      if (op == OP_DECORATE && len >= 4 && m->words[pc + 2] == DECORATION_BUILTIN &&
          m->words[pc + 3] == builtin)
         return true;
      pc += len;
   }
   return false;
}

/* The stage writes gl_ViewportIndex (BuiltIn ViewportIndex, 10). */
static bool
spirv_writes_viewport(const struct glsl_spirv *m)
{
   return spirv_decorates_builtin(m, 10);
}

bool
fe_program_writes_viewport(const struct glsl_program *gp)
{
   /* the geometry stage's, or the vertex or tess-eval stage's (ARB_shader_viewport_layer_array) */
   return spirv_writes_viewport(&gp->spirv[GLSL_STAGE_GEOMETRY]) ||
          spirv_writes_viewport(&gp->spirv[GLSL_STAGE_TESS_EVAL]) ||
          spirv_writes_viewport(&gp->spirv[GLSL_STAGE_VERTEX]);
}

static void
add_builtin_inputs(struct fe_exec *e, const char *vs)
{
   for (unsigned b = 0; vs && b < 2; b++) {
      if (!source_uses(vs, builtin_inputs[b]))
         continue;
      e->builtin_inputs |= 1u << b;
      e->num_active_attribs++;
   }
}

/* ARB_shader_subroutine (fe_subroutine.c has the API): a subroutine uniform's value is the
 * hidden uint of the default block that its calls dispatch on (glsl_subroutine.c). */
void
fe_subroutine_write(struct fe_exec *e, const struct glsl_subroutine_uniform *u, uint32_t element,
                    uint32_t value)
{
   const uint32_t at = u->offset + 16u * element;
   if (at + 4 > e->uniform_size || !e->uniforms)
      return;
   uint32_t cur;
   memcpy(&cur, e->uniforms + at, 4);
   if (cur == value)
      return;
   memcpy(e->uniforms + at, &value, 4);
   fe_exec_mark_dirty(e, at, at + 4);
   e->uniform_version++;
}

void
fe_subroutine_reset(struct fe_exec *e)
{
   if (!e || !e->glsl)
      return;
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      const struct glsl_subroutine_stage *ss = &e->glsl->subroutines[s];
      for (unsigned k = 0; k < ss->num_uniforms; k++)
         for (uint32_t i = 0; i < ss->uniforms[k].size; i++)
            fe_subroutine_write(e, &ss->uniforms[k], i, ss->uniforms[k].def);
   }
}

struct fe_exec *
fe_exec_create(struct fe_context *ctx, struct glsl_program *gp)
{
   struct fe_exec *e = calloc(1, sizeof(*e));
   if (!e)
      return NULL;
   atomic_init(&e->refs, 1);
   e->share = ctx->share;
   e->glsl = gp;
   e->uniform_version = 1;
   e->bindings_version = 1;
   for (unsigned k = 0; k < gp->num_storage_blocks && k < GLSL_MAX_STORAGE_BLOCKS; k++)
      e->storage_bindings[k] = gp->storage_blocks[k].gl_binding;
   for (unsigned j = 0; j < gp->num_images && j < GLSL_MAX_IMAGES; j++)
      e->image_units[j] = (GLint)gp->images[j].gl_unit;
   for (unsigned i = 0; i < gp->num_blocks && i < FE_MAX_BLOCKS; i++)
      e->block_bindings[i] = gp->blocks[i].gl_binding;
   for (unsigned j = 0; j < gp->num_samplers && j < FE_MAX_SAMPLERS; j++)
      e->sampler_units[j] = (GLint)gp->samplers[j].gl_unit;
   if (gp->num_samplers > FE_MAX_SAMPLERS || gp->num_blocks > FE_MAX_BLOCKS ||
       gp->num_storage_blocks > GLSL_MAX_STORAGE_BLOCKS || gp->num_images > GLSL_MAX_IMAGES ||
       !build_exec_tables(e) || !fe_share_alloc_handle(ctx->share, MGP_KIND_SHADER, &e->cso)) {
      free(e->uniforms);
      free(e->locs);
      for (uint32_t i = 0; i < e->num_active; i++)
         free(e->active[i].name);
      free(e->active);
      free(e);
      return NULL;
   }
   /* gl_VertexID: BuiltIn VertexIndex (42, glslang's Vulkan output) or VertexId (5) */
   e->reads_vertex_id = spirv_decorates_builtin(&gp->spirv[GLSL_STAGE_VERTEX], 42) ||
                        spirv_decorates_builtin(&gp->spirv[GLSL_STAGE_VERTEX], 5);
   fill_reflection(e);
   fe_subroutine_reset(e);
   /* an evaluation stage without a control stage: the backend gets the program with the
    * control shader GL implies, made at the draw that knows its patch size and levels
    * (fe_program.c: fe_tess_passthrough_emit) */
   e->tess_passthrough = (gp->stages & GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL)) &&
                         !(gp->stages & GLSL_STAGE_BIT(GLSL_STAGE_TESS_CTRL));
   /* a separable program without a vertex (or compute) stage draws only as part of a
    * pipeline's executable (fe_pipeline.c): its own CSO would never be bound */
   e->no_cso =
      !(gp->stages & (GLSL_STAGE_BIT(GLSL_STAGE_VERTEX) | GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE)));
   if (!e->tess_passthrough && !e->no_cso)
      fe_exec_send_shader(ctx, e, NULL, 0);
   return e;
}

void
fe_exec_send_stages(struct fe_context *ctx, struct fe_exec *e, struct mgp_handle cso,
                    const struct fe_stage_words *made, unsigned num_made)
{
   const struct glsl_program *gp = e->glsl;
   struct mgp_create_shader cs = {.cso = cso, .reflection = e->refl};
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      const struct fe_stage_words *m = NULL;
      for (unsigned i = 0; i < num_made && !m; i++)
         if (made[i].stage == s && made[i].words)
            m = &made[i];
      if (!gp->spirv[s].words && !m)
         continue;
      cs.stage_mask |= 1u << stage_map[s];
      cs.spirv[stage_map[s]] = (struct mgp_span){
         .ptr = m ? m->words : gp->spirv[s].words,
         .size = (m ? m->n : gp->spirv[s].num_words) * sizeof(uint32_t),
      };
   }
   fe_share_send_dead_shaders(ctx);
   mgp_create_shader(&ctx->pipe, &cs);
}

void
fe_exec_send_shader(struct fe_context *ctx, struct fe_exec *e, uint32_t *tcs, size_t tcs_n)
{
   const struct fe_stage_words made = {GLSL_STAGE_TESS_CTRL, tcs, tcs_n};
   fe_exec_send_stages(ctx, e, e->cso, &made, 1);
}

/* A program with a tessellation evaluation shader and no control shader
 * (GL 4.6 11.2: the patch goes to the tessellator as the vertex stage made it, with the levels
 * GL_PATCH_DEFAULT_OUTER_LEVEL / _INNER_LEVEL). Vulkan tessellates only through a control stage,
 * so the program's CSO carries the one GL implies (glsl_passthrough.c), which depends on the
 * draw's GL_PATCH_VERTICES (its output vertices, the evaluation stage's gl_PatchVerticesIn) and
 * levels. The front end chooses it, not the backend: it has the GLSL compiler, and both are
 * state it already holds at draw validate. The CSO is re-made (delete_shader, create_shader of
 * the same handle, set_draw_program) only when a draw wants another size or other levels than
 * the one it holds: a program is drawn with few of them. No wire change. */
bool
fe_tess_passthrough_emit(struct fe_context *ctx, struct fe_exec *e)
{
   if (!e->tess_passthrough)
      return true;
   const uint32_t vertices = (uint32_t)ctx->patch_vertices;
   if (e->passthrough_made && e->passthrough_vertices == vertices &&
       !memcmp(e->passthrough_outer, ctx->patch_outer, sizeof(e->passthrough_outer)) &&
       !memcmp(e->passthrough_inner, ctx->patch_inner, sizeof(e->passthrough_inner)))
      return true;
   size_t n = 0;
   const char *why = NULL;
   uint32_t *tcs =
      glsl_passthrough_tcs(e->glsl, vertices, ctx->patch_outer, ctx->patch_inner, &n, &why);
   if (!tcs) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "a program with a tessellation evaluation shader and no control shader: %s", why);
      return false;
   }
   if (e->passthrough_made) {
      mgp_delete_shader(&ctx->pipe, &(struct mgp_handle_args){e->cso});
      /* the new shader holds no default block: the validate sends it whole */
      if (mgp_handle_eq(e->constants_to, e->cso))
         e->constants_to = mgp_handle_null();
   }
   fe_exec_send_shader(ctx, e, tcs, n);
   free(tcs);
   e->passthrough_made = true;
   e->passthrough_vertices = vertices;
   memcpy(e->passthrough_outer, ctx->patch_outer, sizeof(e->passthrough_outer));
   memcpy(e->passthrough_inner, ctx->patch_inner, sizeof(e->passthrough_inner));
   /* the handle names another shader now: bind it again */
   mgp_set_draw_program(&ctx->pipe, &(struct mgp_handle_args){e->cso});
   ctx->tracker.program_bound = e->cso;
   return true;
}

struct fe_exec *
fe_exec_create_internal(struct fe_context *ctx, const char *vs, const char *gs, const char *fs,
                        char **log)
{
   struct glsl_link_input in = {
      .max_varying_components = ctx->share->caps->max_varying_components,
      .stage_io = ctx->share->caps->stage_io_components,
   };
   in.source[GLSL_STAGE_VERTEX] = vs;
   in.source[GLSL_STAGE_GEOMETRY] = gs;
   in.source[GLSL_STAGE_FRAGMENT] = fs;
   struct glsl_program *gp = glsl_link(&in, log);
   if (!gp)
      return NULL;
   struct fe_exec *e = fe_exec_create(ctx, gp);
   if (!e)
      glsl_program_destroy(gp);
   return e;
}

void
fe_program_link_failed(struct fe_context *ctx, struct fe_program *prog, const char *log)
{
   prog->link_status = false;
   free(prog->info_log);
   prog->info_log = dup_str(log ? log : "");
   /* Contexts using the old executable keep it (GL); the program has none now. */
   fe_exec_unref(ctx, prog->exec);
   prog->exec = NULL;
}

void
mgl_glLinkProgram(GLuint program)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   /* GL 3.3, 2.15 (ES 3.0 §2.15.2: of any object, bound or not, paused or not): not the
    * program an active transform feedback captures from. */
   FE_CHECK(fe_xfb_captures_from(ctx, prog->exec), GL_INVALID_OPERATION);
   prog->link_serial++;
   if (!prog->num_shaders) {
      fe_program_link_failed(ctx, prog, "error: no shaders attached to the program\n");
      return;
   }
   if (ctx->desc.api == FE_API_GLES && !prog->separable) {
      /* ES: a program links only with both a vertex and a fragment shader (ES 3.1 7.3: unless
       * it is separable, or a compute program) */
      bool has_vs = false, has_fs = false, has_cs = false;
      for (unsigned i = 0; i < prog->num_shaders; i++) {
         has_vs |= prog->shaders[i]->type == GL_VERTEX_SHADER;
         has_fs |= prog->shaders[i]->type == GL_FRAGMENT_SHADER;
         has_cs |= prog->shaders[i]->type == GL_COMPUTE_SHADER;
      }
      if (!has_cs && (!has_vs || !has_fs)) {
         fe_program_link_failed(ctx, prog,
                                has_vs ? "error: OpenGL ES needs a fragment shader to link\n"
                                       : "error: OpenGL ES needs a vertex shader to link\n");
         return;
      }
   }
   for (unsigned i = 0; i < prog->num_shaders; i++) {
      if (!prog->shaders[i]->compiled) {
         char msg[96];
         snprintf(msg, sizeof(msg), "error: shader %u is not compiled\n",
                  prog->shaders[i]->base.name);
         fe_program_link_failed(ctx, prog, msg);
         return;
      }
   }
   /* GL 4.6 7.3: SPIR-V and GLSL shaders are never linked together; a SPIR-V program has one
    * shader a stage (glsl_spirv_gl.c links it) */
   unsigned num_spirv = 0;
   for (unsigned i = 0; i < prog->num_shaders; i++)
      num_spirv += prog->shaders[i]->spirv != NULL;
   if (num_spirv && num_spirv != prog->num_shaders) {
      fe_program_link_failed(ctx, prog,
                             "error: SPIR-V and GLSL shaders cannot be linked together\n");
      return;
   }
   for (unsigned i = 0; num_spirv && i < prog->num_shaders; i++)
      for (unsigned j = 0; j < i; j++)
         if (prog->shaders[j]->type == prog->shaders[i]->type) {
            fe_program_link_failed(ctx, prog,
                                   "error: two SPIR-V shaders of one stage (mgl links one)\n");
            return;
         }
   /* A desktop context's GLSL ES shaders (ARB_ES2_compatibility) link as an ES program, and
    * only with each other (GLSL ES and desktop GLSL are different languages). */
   unsigned num_es = 0;
   for (unsigned i = 0; i < prog->num_shaders; i++)
      num_es += prog->shaders[i]->es;
   if (num_es && num_es != prog->num_shaders) {
      fe_program_link_failed(ctx, prog,
                             "error: GLSL ES and desktop GLSL shaders cannot be linked together\n");
      return;
   }
   /* issue 20: a program linked from these sources and this state by a run before */
   struct fe_program_cache_key cache_key;
   const bool cached = fe_program_cache_key(prog, fe_program_cache_context(ctx), &cache_key);
   if (cached && fe_program_binary_from_cache(ctx, prog, &cache_key))
      return;
   const bool es = num_es != 0, compat = ctx->desc.api == FE_API_GL_COMPAT && !es;
   char *vs = stage_source(prog, GL_VERTEX_SHADER);
   char *gs = stage_source(prog, GL_GEOMETRY_SHADER);
   char *fs = stage_source(prog, GL_FRAGMENT_SHADER);
   bool fs_only = true;
   for (unsigned i = 0; i < prog->num_shaders; i++)
      fs_only &= prog->shaders[i]->type == GL_FRAGMENT_SHADER;
   /* not in a separable program: another program's stages come before and after its own */
   const bool ff_vertex = compat && !prog->separable && fs_only && fs && !vs;
   if (ff_vertex && !(vs = dup_str(ff_vertex_shader))) {
      free(gs);
      free(fs);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   /* the last vertex stage: geometry, else tessellation evaluation, else vertex */
   char *tes = gs ? NULL : stage_source(prog, GL_TESS_EVALUATION_SHADER);
   const char *last = gs ? gs : tes ? tes : vs;
   const bool ff_fragment =
      compat && !prog->separable && !fs && last &&
      (source_uses(last, "gl_FrontColor") || source_uses(last, "gl_BackColor"));
   free(tes);
   if (ff_fragment && !(fs = dup_str(ff_fragment_shader))) {
      free(vs);
      free(gs);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   /* A compatibility context binds the conventional attributes (gl_Vertex, gl_Color, ...) to
    * their fixed generic slots, after the app's own bindings. */
   unsigned num_conventional = 0;
   if (compat)
      while (glsl_compat_attrib_name(num_conventional))
         num_conventional++;
   struct glsl_binding *ab = calloc(prog->num_attrib_bindings + num_conventional + 1, sizeof(*ab));
   struct glsl_binding *fb = calloc(prog->num_frag_bindings + 1, sizeof(*fb));
   if (!ab || !fb) {
      free(vs);
      free(gs);
      free(fs);
      free(ab);
      free(fb);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   for (unsigned i = 0; i < prog->num_attrib_bindings; i++)
      ab[i] =
         (struct glsl_binding){prog->attrib_bindings[i].name, prog->attrib_bindings[i].location, 0};
   for (unsigned i = 0; i < num_conventional; i++) {
      const char *name = glsl_compat_attrib_name(i);
      ab[prog->num_attrib_bindings + i] =
         (struct glsl_binding){name, glsl_compat_attrib_slot(name), 0};
   }
   for (unsigned i = 0; i < prog->num_frag_bindings; i++)
      fb[i] = (struct glsl_binding){prog->frag_bindings[i].name, prog->frag_bindings[i].location,
                                    prog->frag_bindings[i].index};
   struct glsl_link_input in = {
      .attrib_bindings = ab,
      .num_attrib_bindings = prog->num_attrib_bindings + num_conventional,
      .frag_data_bindings = fb,
      .num_frag_data_bindings = prog->num_frag_bindings,
      .es = es,
      .compat = compat,
      .max_varying_components = ctx->share->caps->max_varying_components,
      .stage_io = ctx->share->caps->stage_io_components,
      .xfb_varyings = (const char *const *)prog->xfb_names,
      .num_xfb_varyings = prog->num_xfb_names,
      .xfb_separate = prog->xfb_mode == GL_SEPARATE_ATTRIBS,
      .xfb_special_names = fe_xfb_draw_offered(ctx), /* ARB_transform_feedback3 */
      .deny = fe_glsl_deny(ctx),
      .separable = prog->separable,
   };
   for (unsigned i = 0; num_spirv && i < prog->num_shaders; i++) {
      const struct fe_shader *sh = prog->shaders[i];
      for (int s = 0; s < GLSL_STAGE_COUNT; s++)
         if (fe_shader_stage_type((enum glsl_stage)s) == sh->type) {
            in.spirv[s] = sh->spirv_spec;
            in.spirv_words[s] = sh->spirv_spec_words;
         }
   }
   in.source[GLSL_STAGE_VERTEX] = vs;
   in.source[GLSL_STAGE_GEOMETRY] = gs;
   in.source[GLSL_STAGE_FRAGMENT] = fs;
   /* Each shader object is a compilation unit of its own (source[] is their concatenation). */
   const char **objs = calloc(prog->num_shaders + 1, sizeof(*objs));
   unsigned used = 0;
   for (int s = 0; s < GLSL_STAGE_COUNT && objs; s++) {
      GLenum type = fe_shader_stage_type((enum glsl_stage)s);
      in.objects[s] = objs + used;
      for (unsigned i = 0; i < prog->num_shaders; i++)
         if (prog->shaders[i]->type == type && prog->shaders[i]->compiled_source)
            objs[used + in.num_objects[s]++] = prog->shaders[i]->compiled_source;
      used += in.num_objects[s];
   }
   char *log = NULL;
   struct glsl_program *gp = glsl_link(&in, &log);
   free(objs);
   free(gs);
   free(fs);
   free(ab);
   free(fb);
   if (!gp) {
      free(vs);
      fe_program_link_failed(ctx, prog, log);
      free(log);
      return;
   }
   const char *over = fe_program_limits_exceeded(ctx, gp);
   if (over) {
      glsl_program_destroy(gp);
      free(vs);
      free(log);
      fe_program_link_failed(ctx, prog, over);
      return;
   }
   struct fe_exec *e = fe_exec_create(ctx, gp);
   if (e) {
      add_builtin_inputs(e, vs);
      e->writes_viewport = fe_program_writes_viewport(gp);
      e->ff_vertex = ff_vertex;
      e->ff_fragment = ff_fragment;
   }
   free(vs);
   if (!e) {
      glsl_program_destroy(gp);
      free(log);
      fe_program_link_failed(ctx, prog, "error: out of memory or program limits exceeded\n");
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   fe_exec_unref(ctx, prog->exec);
   prog->exec = e;
   prog->link_status = true;
   prog->linked_separable = prog->separable;
   prog->linked_retrievable = prog->binary_retrievable;
   free(prog->info_log);
   prog->info_log = log ? log : dup_str("");
   if (cached)
      fe_program_binary_to_cache(ctx, prog, &cache_key);
   if (ctx->program == prog)
      fe_ctx_exec(ctx);
}

void
mgl_glUseProgram(GLuint program)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = NULL;
   if (program) {
      prog = get_program(ctx, program);
      if (!prog)
         return;
      FE_CHECK(!prog->link_status, GL_INVALID_OPERATION);
   }
   FE_CHECK(fe_xfb_locked(ctx), GL_INVALID_OPERATION);
   if (prog) /* GL 4.6 7.10: glUseProgram resets the subroutine uniforms */
      fe_subroutine_reset(prog->exec);
   if (ctx->program == prog) {
      fe_ctx_exec(ctx);
      return;
   }
   if (prog) {
      prog->use_count++;
      fe_object_ref(&prog->base);
   }
   fe_program_release_current(ctx);
   ctx->program = prog;
   if (prog) {
      ctx->exec = prog->exec;
      fe_exec_ref(ctx->exec);
   }
}

void
mgl_glValidateProgram(GLuint program)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   bool ok = prog->link_status && prog->exec;
   if (ok) {
      /* Samplers of different types may not share a unit. */
      struct fe_exec *e = prog->exec;
      for (unsigned a = 0; a < e->glsl->num_samplers && ok; a++)
         for (unsigned b = a + 1; b < e->glsl->num_samplers && ok; b++)
            if (e->sampler_units[a] == e->sampler_units[b] &&
                e->glsl->samplers[a].type != e->glsl->samplers[b].type)
               ok = false;
   }
   prog->validate_status = ok;
   if (!ok && prog->link_status) {
      free(prog->info_log);
      prog->info_log = dup_str("validation failed: samplers of different types use one texture "
                               "unit\n");
   }
}

void
mgl_glGetProgramiv(GLuint program, GLenum pname, GLint *params)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   const struct fe_exec *e = prog->exec;
   const struct glsl_program *gp = e ? e->glsl : NULL;
   switch (pname) {
   case GL_DELETE_STATUS: *params = prog->delete_pending; return;
   case GL_LINK_STATUS: *params = prog->link_status; return;
   case GL_COMPLETION_STATUS_KHR: /* KHR_parallel_shader_compile: links finish in the call */
      if (fe_es_ext_lacks(ctx, FE_ES_EXT_PARALLEL_SHADER_COMPILE)) {
         fe_error(ctx, GL_INVALID_ENUM);
         return;
      }
      *params = GL_TRUE;
      return;
   case GL_VALIDATE_STATUS: *params = prog->validate_status; return;
   case GL_INFO_LOG_LENGTH:
      *params = prog->info_log && *prog->info_log ? (GLint)strlen(prog->info_log) + 1 : 0;
      return;
   case GL_ATTACHED_SHADERS: *params = (GLint)prog->num_shaders; return;
   case GL_ACTIVE_ATTRIBUTES: *params = e ? (GLint)e->num_active_attribs : 0; return;
   case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH: *params = e ? fe_attrib_max_length(e) : 0; return;
   case GL_ACTIVE_UNIFORMS: *params = e ? (GLint)e->num_active : 0; return;
   case GL_ACTIVE_UNIFORM_MAX_LENGTH:
      *params = !e ? 0 : !fe_names_hidden(e) ? (GLint)e->active_max_len : e->num_active ? 1 : 0;
      return;
   case GL_ACTIVE_UNIFORM_BLOCKS: *params = gp ? (GLint)gp->num_blocks : 0; return;
   case GL_ACTIVE_ATOMIC_COUNTER_BUFFERS:
      FE_CHECK(!fe_atomic_bindings(ctx), GL_INVALID_ENUM);
      *params = gp ? (GLint)gp->num_atomic_buffers : 0;
      return;
   case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH: {
      GLint m = 0;
      for (unsigned i = 0; gp && i < gp->num_blocks; i++) {
         GLint l = (GLint)strlen(fe_resource_label(e, gp->blocks[i].name)) + 1;
         m = l > m ? l : m;
      }
      *params = m;
      return;
   }
   /* GL 3.3, 6.1.16: what the last link used (GL's state before any link: interleaved, none). */
   case GL_TRANSFORM_FEEDBACK_BUFFER_MODE:
      *params = gp && gp->xfb_separate ? GL_SEPARATE_ATTRIBS : GL_INTERLEAVED_ATTRIBS;
      return;
   case GL_TRANSFORM_FEEDBACK_VARYINGS: *params = gp ? (GLint)gp->num_xfb : 0; return;
   case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH: {
      GLint m = 0;
      for (unsigned i = 0; gp && i < gp->num_xfb; i++) {
         GLint l = (GLint)strlen(fe_resource_label(e, gp->xfb[i].name)) + 1;
         m = l > m ? l : m;
      }
      *params = m;
      return;
   }
   case GL_COMPUTE_WORK_GROUP_SIZE:
      FE_CHECK(!fe_compute_offered(ctx), GL_INVALID_ENUM);
      /* GL 4.3, 7.13: INVALID_OPERATION unless the last successful link had a compute shader */
      if (!prog->link_status || !gp || !(gp->stages & GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE))) {
         fe_error(ctx, GL_INVALID_OPERATION);
         return;
      }
      for (int k = 0; k < 3; k++)
         params[k] = (GLint)gp->local_size[k];
      return;
   case GL_GEOMETRY_SHADER_INVOCATIONS: /* ARB_gpu_shader5 */
      if (!fe_gpu_shader5_offered(ctx)) {
         fe_error(ctx, GL_INVALID_ENUM);
         return;
      }
      if (!prog->link_status || !gp || !(gp->stages & GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY))) {
         fe_error(ctx, GL_INVALID_OPERATION);
         return;
      }
      *params = (GLint)gp->geometry.invocations;
      return;
   case GL_GEOMETRY_VERTICES_OUT:
   case GL_GEOMETRY_INPUT_TYPE:
   case GL_GEOMETRY_OUTPUT_TYPE:
      /* GL 3.3, 6.1.16: INVALID_OPERATION unless the last successful link had a geometry shader. */
      if (!prog->link_status || !gp || !(gp->stages & GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY))) {
         fe_error(ctx, GL_INVALID_OPERATION);
         return;
      }
      *params = (GLint)(pname == GL_GEOMETRY_VERTICES_OUT ? gp->geometry.vertices_out
                        : pname == GL_GEOMETRY_INPUT_TYPE ? gp->geometry.input_type
                                                          : gp->geometry.output_type);
      return;
   case GL_TESS_CONTROL_OUTPUT_VERTICES:
   case GL_TESS_GEN_MODE:
   case GL_TESS_GEN_SPACING:
   case GL_TESS_GEN_VERTEX_ORDER:
   case GL_TESS_GEN_POINT_MODE: {
      FE_CHECK(!fe_tess_offered(ctx), GL_INVALID_ENUM);
      /* GL 4.6 7.13: INVALID_OPERATION unless the last successful link had the stage that
       * declares it (the control shader for its output size, else the evaluation shader) */
      const enum glsl_stage need =
         pname == GL_TESS_CONTROL_OUTPUT_VERTICES ? GLSL_STAGE_TESS_CTRL : GLSL_STAGE_TESS_EVAL;
      if (!prog->link_status || !gp || !(gp->stages & GLSL_STAGE_BIT(need))) {
         fe_error(ctx, GL_INVALID_OPERATION);
         return;
      }
      const struct glsl_tess *t = &gp->tess;
      *params = (GLint)(pname == GL_TESS_CONTROL_OUTPUT_VERTICES ? t->output_vertices
                        : pname == GL_TESS_GEN_MODE              ? t->mode
                        : pname == GL_TESS_GEN_SPACING           ? t->spacing
                        : pname == GL_TESS_GEN_VERTEX_ORDER      ? t->vertex_order
                                                                 : (GLuint)t->point_mode);
      return;
   }
   /* GL 4.1 7.5, ES 3.0 2.12.4 (OES_get_program_binary in ES 2.0): fe_program_binary.c */
   case GL_PROGRAM_BINARY_RETRIEVABLE_HINT: /* (not OES_get_program_binary's) */
      FE_CHECK(ctx->desc.api == FE_API_GLES && ctx->desc.major < 3, GL_INVALID_ENUM);
      *params = prog->linked_retrievable;
      return;
   case GL_PROGRAM_BINARY_LENGTH: *params = fe_program_binary_length(ctx, prog); return;
   case GL_PROGRAM_SEPARABLE:
      FE_CHECK(!fe_separate_shaders_offered(ctx), GL_INVALID_ENUM);
      *params = prog->separable;
      return;
   default: fe_error(ctx, GL_INVALID_ENUM);
   }
}

/* GL 3.3, 2.11.8. The names take effect at the next glLinkProgram. */
void
mgl_glTransformFeedbackVaryings(GLuint program, GLsizei count, const GLchar *const *varyings,
                                GLenum buffer_mode)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(buffer_mode != GL_INTERLEAVED_ATTRIBS && buffer_mode != GL_SEPARATE_ATTRIBS,
            GL_INVALID_ENUM);
   FE_CHECK(count < 0, GL_INVALID_VALUE);
   FE_CHECK(buffer_mode == GL_SEPARATE_ATTRIBS && count > FE_MAX_XFB_BUFFERS, GL_INVALID_VALUE);
   FE_CHECK(count > 0 && !varyings, GL_INVALID_VALUE);
   if (fe_xfb_draw_offered(ctx)) {
      /* ARB_transform_feedback3: the special names only interleaved, and fewer gl_NextBuffer
       * than GL_MAX_TRANSFORM_FEEDBACK_BUFFERS */
      GLsizei special = 0, next = 0;
      for (GLsizei i = 0; i < count; i++) {
         const char *v = varyings[i] ? varyings[i] : "";
         next += !strcmp(v, "gl_NextBuffer");
         special += !strcmp(v, "gl_NextBuffer") || !strcmp(v, "gl_SkipComponents1") ||
                    !strcmp(v, "gl_SkipComponents2") || !strcmp(v, "gl_SkipComponents3") ||
                    !strcmp(v, "gl_SkipComponents4");
      }
      FE_CHECK((special && buffer_mode != GL_INTERLEAVED_ATTRIBS) || next >= FE_MAX_XFB_BUFFERS,
               GL_INVALID_OPERATION);
   }
   char **names = count ? calloc((size_t)count, sizeof(*names)) : NULL;
   FE_CHECK(count && !names, GL_OUT_OF_MEMORY);
   for (GLsizei i = 0; i < count; i++) {
      names[i] = dup_str(varyings[i] ? varyings[i] : "");
      if (!names[i]) {
         while (i--)
            free(names[i]);
         free(names);
         FE_CHECK(true, GL_OUT_OF_MEMORY);
      }
   }
   for (unsigned i = 0; i < prog->num_xfb_names; i++)
      free(prog->xfb_names[i]);
   free(prog->xfb_names);
   prog->xfb_names = names;
   prog->num_xfb_names = (unsigned)count;
   prog->xfb_mode = buffer_mode;
}

void
mgl_glGetTransformFeedbackVarying(GLuint program, GLuint index, GLsizei buf_size, GLsizei *length,
                                  GLsizei *size, GLenum *type, GLchar *name)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   const struct glsl_program *gp = prog->exec ? prog->exec->glsl : NULL;
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   FE_CHECK(!gp || index >= gp->num_xfb, GL_INVALID_VALUE);
   const struct glsl_xfb_varying *x = &gp->xfb[index];
   copy_out(fe_resource_label(prog->exec, x->name), buf_size, length, name);
   if (size)
      *size = (GLsizei)x->size;
   if (type)
      *type = x->type;
}

void
mgl_glGetProgramInfoLog(GLuint program, GLsizei buf_size, GLsizei *length, GLchar *info_log)
{
   FE_CTX_OR_RETURN();
   FE_CHECK(buf_size < 0, GL_INVALID_VALUE);
   struct fe_program *prog = get_program(ctx, program);
   if (prog)
      copy_out(prog->info_log, buf_size, length, info_log);
}

/* The executable of a program for a query; GL_INVALID_OPERATION when it is not linked. */
struct fe_exec *
fe_linked_exec(struct fe_context *ctx, GLuint program)
{
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return NULL;
   if (!prog->link_status || !prog->exec) {
      fe_error(ctx, GL_INVALID_OPERATION);
      return NULL;
   }
   return prog->exec;
}

/* ---- the outline stage ---------------------------------------------------------------------
 * Polygons in GL_LINE / GL_POINT mode under a GLSL program. The fixed-function path draws
 * them through a geometry stage of its generated program (fe_ff_program.c, gen_geometry); a
 * program of the application's gets the same stage (glsl_passthrough.c, glsl_outline_gs)
 * between its vertex and fragment stages, which passes through every output of the vertex
 * stage the fragment stage reads. A variant is the program's stages plus that stage under a
 * shader CSO of its own, made at the first draw that wants its key (the pass's mode, culled
 * faces, front face, provoking vertex, and the polygon offset as literals) and kept in a few
 * slots per program; the tracker binds it instead of the program's own CSO for the draws the
 * polygon rewrite marks (fe_compat_prim.c: outline_draw). Where the fragment stage reads
 * gl_FrontFacing, which the device makes true for lines and points, the variant's fragment
 * stage reads the polygon's facing from the outline stage instead (glsl_outline_fs). A program with a geometry or
 * tessellation stage of its own, one in a program pipeline, or a draw under transform
 * feedback keeps the rewrite into lines and points and its named declines. No wire change. */

/* Variants kept per program: a mode per face draws two passes, each its own key. */
#define OUTLINE_SLOTS 4

struct outline_key {
   uint8_t ff[FE_FF_OUTLINE_KEY];
   uint8_t pad[3];
   float offset[FE_FF_OUTLINE_OFFSET_FLOATS]; /* zero unless ff[4] */
};

struct fe_outline_variant {
   bool made;
   struct outline_key key;
   struct mgp_handle cso;
};

/* The executable the context draws with when that is a GLSL program of one piece. */
static struct fe_exec *
program_exec(struct fe_context *ctx)
{
   return ctx->program ? fe_ctx_exec(ctx) : NULL;
}

/* The outline stage of key k (stages[0], the geometry stage) and, for a fragment stage that
 * reads gl_FrontFacing, that stage reading the polygon's facing from it (stages[1]; words
 * NULL otherwise). False with *why. */
static bool
make_stages(const struct fe_exec *e, const struct outline_key *k, struct fe_stage_words stages[2],
            const char **why)
{
   stages[0] = (struct fe_stage_words){.stage = GLSL_STAGE_GEOMETRY};
   stages[1] = (struct fe_stage_words){.stage = GLSL_STAGE_FRAGMENT};
   char *offset = k->ff[4] ? fe_ff_outline_offset_glsl(k->offset) : NULL;
   if (k->ff[4] && !offset) {
      *why = "out of memory";
      return false;
   }
   const int facing = glsl_outline_facing(e->glsl, why);
   if ((facing < 0 && *why) ||
       (facing >= 0 && !(stages[1].words = glsl_outline_fs(e->glsl, facing, &stages[1].n, why)))) {
      free(offset);
      return false;
   }
   const struct glsl_outline o = {
      .points = k->ff[0] == 1 + MGP_POLYGON_MODE_POINT,
      .cull = k->ff[1],
      .front_cw = k->ff[2] != 0,
      .provoking_last = k->ff[3] != 0,
      .offset = offset,
      .facing = facing,
   };
   stages[0].words = glsl_outline_gs(e->glsl, &o, &stages[0].n, why);
   free(offset);
   if (!stages[0].words) {
      free(stages[1].words);
      stages[1].words = NULL;
      return false;
   }
   return true;
}

bool
fe_outline_offered(struct fe_context *ctx)
{
   struct fe_exec *e = program_exec(ctx);
   if (!e || !e->glsl || e->no_cso || ctx->tfo->tf.active ||
       !(ctx->share->caps->cap_bits & MGP_CAP_GEOMETRY_STAGE))
      return false;
   const uint32_t own = GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY) | GLSL_STAGE_BIT(GLSL_STAGE_TESS_CTRL) |
                        GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL);
   if ((e->glsl->stages & own) || !(e->glsl->stages & GLSL_STAGE_BIT(GLSL_STAGE_VERTEX)))
      return false;
   if (e->outline_state == 0) {
      /* the first outlined draw of the program: whether its vertex stage's outputs can all
       * pass through the stage (a key's own stage is made at its first draw) */
      const struct outline_key k = {.ff = {1 + MGP_POLYGON_MODE_LINE}};
      struct fe_stage_words stages[2];
      const char *why = NULL;
      const bool made = make_stages(e, &k, stages, &why);
      free(stages[0].words);
      free(stages[1].words);
      e->outline_state = made ? 1 : 2;
      if (!made)
         MGU_DECLINE(gl_feature_unimplemented,
                     "polygons in GL_LINE or GL_POINT mode under a GLSL program whose outputs "
                     "the outline stage does not pass through (%s): drawn as lines or points",
                     why);
   }
   return e->outline_state == 1;
}

/* Makes (or re-makes, in the slot used longest ago) the variant of key k. */
static struct fe_outline_variant *
variant_make(struct fe_context *ctx, struct fe_exec *e, const struct outline_key *k)
{
   struct fe_stage_words stages[2];
   const char *why = NULL;
   if (!make_stages(e, k, stages, &why)) {
      MGU_DECLINE(gl_feature_unimplemented,
                  "polygons in GL_LINE or GL_POINT mode under a GLSL program: the outline stage "
                  "could not be made (%s): not drawn",
                  why);
      return NULL;
   }
   struct fe_outline_variant *v = &e->outline[e->outline_next];
   e->outline_next = (e->outline_next + 1) % OUTLINE_SLOTS;
   if (v->made) {
      /* the handle names another shader, without the block it held */
      mgp_delete_shader(&ctx->pipe, &(struct mgp_handle_args){v->cso});
      if (mgp_handle_eq(ctx->tracker.program_bound, v->cso))
         ctx->tracker.program_bound = mgp_handle_null();
      if (mgp_handle_eq(e->constants_to, v->cso))
         e->constants_to = mgp_handle_null();
   } else if (!fe_share_alloc_handle(ctx->share, MGP_KIND_SHADER, &v->cso)) {
      free(stages[0].words);
      free(stages[1].words);
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return NULL;
   }
   fe_exec_send_stages(ctx, e, v->cso, stages, 2);
   free(stages[0].words);
   free(stages[1].words);
   v->made = true;
   v->key = *k;
   return v;
}

bool
fe_outline_program(struct fe_context *ctx, struct fe_exec *e, struct mgp_handle *cso)
{
   *cso = e->cso;
   if (!ctx->compat || !ctx->compat->outline_draw || e != program_exec(ctx))
      return true;
   struct outline_key k;
   memset(&k, 0, sizeof(k));
   fe_ff_outline_key(ctx, k.ff);
   if (k.ff[0] == 1 + MGP_POLYGON_MODE_FILL) {
      /* a mode per face's GL_FILL pass: the triangles as they are, with no stage */
      return true;
   }
   if (k.ff[4])
      fe_ff_outline_offset_values(ctx, k.offset);
   if (!e->outline && !(e->outline = calloc(OUTLINE_SLOTS, sizeof(*e->outline)))) {
      fe_error(ctx, GL_OUT_OF_MEMORY);
      return false;
   }
   struct fe_outline_variant *v = NULL;
   for (unsigned i = 0; i < OUTLINE_SLOTS && !v; i++)
      if (e->outline[i].made && !memcmp(&e->outline[i].key, &k, sizeof(k)))
         v = &e->outline[i];
   if (!v && !(v = variant_make(ctx, e, &k)))
      return false;
   *cso = v->cso;
   return true;
}

bool
fe_outline_owns(const struct fe_exec *e, struct mgp_handle cso)
{
   for (unsigned i = 0; e->outline && i < OUTLINE_SLOTS; i++)
      if (e->outline[i].made && mgp_handle_eq(e->outline[i].cso, cso))
         return true;
   return false;
}

void
fe_outline_release(struct fe_context *ctx, struct fe_exec *e)
{
   for (unsigned i = 0; e->outline && i < OUTLINE_SLOTS; i++)
      if (e->outline[i].made)
         fe_exec_drop_cso(ctx, e->share, e->outline[i].cso, true);
   free(e->outline);
   e->outline = NULL;
}
