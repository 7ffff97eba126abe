/* fake_glsl.c — see fake_glsl.h. Layout: every default-block leaf element takes 16 bytes
 * (std140 vec4 slots), matrices one 16-byte column each; a double vector or column of 3 or 4
 * components 32 (std140's dvec4 slot). */
#include "fake_glsl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl.h"
#include "hash.h"

static struct fake_program next;
unsigned fake_glsl_links, fake_glsl_compiles;
uint64_t fake_glsl_link_input;
const char *fake_glsl_versions = "fake glslang 1; fake SPIRV-Tools 1; fake SPIRV-Cross 1";

const char *
glsl_library_versions(void)
{
   return fake_glsl_versions;
}

/* The fake's program does not depend on the sources, so the program cache kept across runs
 * (keyed by them) would hand one test's program to the next: off, unless a test turns it on. */
__attribute__((constructor)) static void
no_program_cache(void)
{
   setenv("MGL_SHADER_CACHE", "0", 1);
}

void
fake_glsl_next(const struct fake_program *p)
{
   next = *p;
}

bool
glsl_init(void)
{
   return true;
}

static char *
dup(const char *s)
{
   char *d = malloc(strlen(s) + 8);
   strcpy(d, s);
   return d;
}

bool
glsl_compile_shader(enum glsl_stage stage, enum glsl_api api, const char *source, char **info_log)
{
   (void)stage, (void)api;
   fake_glsl_compiles++;
   bool ok = !strstr(source, "COMPILE_ERROR");
   if (info_log)
      *info_log = dup(ok ? "" : "0:1: error: fake compile error\n");
   return ok;
}

bool
glsl_source_is_es(const char *source, bool es3)
{
   (void)es3;
   return strstr(source, "#version 300 es") != NULL;
}

/* A hash of everything glsl_link is given (fake_glsl_link_input). */
static uint64_t
hash_str(const char *s, uint64_t h)
{
   const uint64_t n = s ? strlen(s) : UINT64_MAX;
   h = mgu_hash64(&n, sizeof(n), h);
   return s ? mgu_hash64(s, strlen(s), h) : h;
}

static uint64_t
hash_bindings(const struct glsl_binding *b, unsigned n, uint64_t h)
{
   h = mgu_hash64(&n, sizeof(n), h);
   for (unsigned i = 0; i < n; i++) {
      const int li[2] = {b[i].location, b[i].index};
      h = mgu_hash64(li, sizeof(li), hash_str(b[i].name, h));
   }
   return h;
}

static uint64_t
hash_link_input(const struct glsl_link_input *in)
{
   uint64_t h = 0;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      h = hash_str(in->source[s], h);
      h = mgu_hash64(&in->num_objects[s], sizeof(in->num_objects[s]), h);
      for (unsigned i = 0; i < in->num_objects[s]; i++)
         h = hash_str(in->objects[s][i], h);
   }
   h = hash_bindings(in->attrib_bindings, in->num_attrib_bindings, h);
   h = hash_bindings(in->frag_data_bindings, in->num_frag_data_bindings, h);
   h = mgu_hash64(&in->num_xfb_varyings, sizeof(in->num_xfb_varyings), h);
   for (unsigned i = 0; i < in->num_xfb_varyings; i++)
      h = hash_str(in->xfb_varyings[i], h);
   const uint32_t words[] = {
      in->es,   in->compat,   in->max_varying_components, in->xfb_separate, in->xfb_special_names,
      in->deny, in->separable};
   h = mgu_hash64(words, sizeof(words), h);
   if (in->stage_io)
      h = mgu_hash64(in->stage_io, GLSL_IO_COUNT * sizeof(*in->stage_io), h);
   return h;
}

bool
glsl_compile_shader_limits(enum glsl_stage stage, enum glsl_api api,
                           const struct glsl_compile_limits *limits, const char *source,
                           char **info_log)
{
   (void)limits;
   return glsl_compile_shader(stage, api, source, info_log);
}

bool
glsl_compile_shader_opts(enum glsl_stage stage, enum glsl_api api, uint32_t max_varying_components,
                         uint32_t deny, const char *source, char **info_log)
{
   (void)max_varying_components, (void)deny;
   return glsl_compile_shader(stage, api, source, info_log);
}

/* The fake links no conventional attributes (its programs are core ones). */
int
glsl_compat_attrib_slot(const char *name)
{
   (void)name;
   return -1;
}

const char *
glsl_compat_attrib_name(unsigned i)
{
   (void)i;
   return NULL;
}

static unsigned
columns(GLenum type)
{
   switch (type) {
   case GL_FLOAT_MAT2:
   case GL_FLOAT_MAT2x3:
   case GL_FLOAT_MAT2x4:
   case GL_DOUBLE_MAT2:
   case GL_DOUBLE_MAT2x3:
   case GL_DOUBLE_MAT2x4: return 2;
   case GL_FLOAT_MAT3:
   case GL_FLOAT_MAT3x2:
   case GL_FLOAT_MAT3x4:
   case GL_DOUBLE_MAT3:
   case GL_DOUBLE_MAT3x2:
   case GL_DOUBLE_MAT3x4: return 3;
   case GL_FLOAT_MAT4:
   case GL_FLOAT_MAT4x2:
   case GL_FLOAT_MAT4x3:
   case GL_DOUBLE_MAT4:
   case GL_DOUBLE_MAT4x2:
   case GL_DOUBLE_MAT4x3: return 4;
   default: return 1;
   }
}

/* Bytes of one vector or column: 32 for a double one of 3 or 4 components. */
static uint32_t
slot(GLenum type)
{
   switch (type) {
   case GL_DOUBLE_VEC3:
   case GL_DOUBLE_VEC4:
   case GL_DOUBLE_MAT2x3:
   case GL_DOUBLE_MAT2x4:
   case GL_DOUBLE_MAT3:
   case GL_DOUBLE_MAT3x4:
   case GL_DOUBLE_MAT4:
   case GL_DOUBLE_MAT4x3: return 32;
   default: return 16;
   }
}

struct glsl_program *
glsl_link(const struct glsl_link_input *input, char **info_log)
{
   fake_glsl_links++;
   fake_glsl_link_input = hash_link_input(input);
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (input->source[s] && strstr(input->source[s], "LINK_ERROR")) {
         if (info_log)
            *info_log = dup("error: fake link error\n");
         return NULL;
      }
   }
   struct glsl_program *p = calloc(1, sizeof(*p));
   p->alpha_tested = next.alpha_tested;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      /* the stages past vertex, geometry and fragment come as shader objects alone */
      if (!input->source[s] && !input->num_objects[s])
         continue;
      p->stages |= GLSL_STAGE_BIT(s);
      const bool vi = s == GLSL_STAGE_GEOMETRY && next.gs_viewport_index;
      p->spirv[s].words = calloc(vi ? 9 : 5, 4);
      p->spirv[s].words[0] = 0x07230203;
      p->spirv[s].num_words = vi ? 9 : 5;
      if (vi) { /* OpDecorate %1 BuiltIn ViewportIndex */
         const uint32_t decorate[4] = {4u << 16 | 71u, 1, 11, 10};
         memcpy(p->spirv[s].words + 5, decorate, sizeof(decorate));
      }
   }
   p->geometry = (struct glsl_geometry){next.gs_input, next.gs_output, next.gs_vertices_out, 1};
   p->num_xfb = next.num_xfb;
   p->xfb = calloc(next.num_xfb + 1, sizeof(*p->xfb));
   for (unsigned i = 0; i < next.num_xfb; i++)
      p->xfb[i] = (struct glsl_xfb_varying){
         .name = dup("v_xfb"), .type = GL_FLOAT_VEC4, .size = 1, .offset = 16 * i, .components = 4};
   p->xfb_stride[0] = next.num_xfb ? next.xfb_stride : 0;
   p->xfb_buffers = next.num_xfb ? 1 : 0; /* interleaved: binding point 0 */
   if (next.num_xfb && next.xfb_stride1) {
      p->xfb_stride[1] = next.xfb_stride1;
      p->xfb_buffer_stream[1] = next.xfb_stream1;
      p->xfb_buffers = 2;
   }
   uint32_t offset = 0;
   p->default_block.num_uniforms = next.num_uniforms;
   p->default_block.uniforms = calloc(next.num_uniforms + 1, sizeof(struct glsl_uniform));
   for (unsigned i = 0; i < next.num_uniforms; i++) {
      const struct fake_uniform *f = &next.uniforms[i];
      struct glsl_uniform *u = &p->default_block.uniforms[i];
      uint32_t n = f->array_size > 1 ? f->array_size : 1;
      u->name = dup(f->name);
      if (f->array_size > 1)
         strcat(u->name, "[0]");
      u->type = f->type;
      u->array_size = n;
      u->offset = offset;
      u->matrix_stride = columns(f->type) > 1 ? slot(f->type) : 0;
      u->array_stride = f->array_size > 1 ? slot(f->type) * columns(f->type) : 0;
      offset += slot(f->type) * columns(f->type) * n;
   }
   p->default_block.state_mask = next.state_mask;
   for (unsigned k = 0; k < GLSL_STATE_COUNT; k++) {
      if (!(next.state_mask & (1u << k)))
         continue;
      p->default_block.state_offset[k] = next.state_offset[k];
      if (next.state_offset[k] + 16 > offset)
         offset = next.state_offset[k] + 16;
   }
   if (next.subroutines) {
      struct glsl_subroutine_stage *ss = &p->subroutines[GLSL_STAGE_FRAGMENT];
      ss->num_types = 2;
      ss->types = calloc(2, sizeof(char *));
      ss->types[0] = dup("color_t");
      ss->types[1] = dup("scale_t");
      ss->num_fns = 3;
      ss->fns = calloc(3, sizeof(*ss->fns));
      ss->fns[0] = (struct glsl_subroutine_fn){dup("red"), 0, 1};
      ss->fns[1] = (struct glsl_subroutine_fn){dup("blue"), 1, 1};
      ss->fns[2] = (struct glsl_subroutine_fn){dup("half"), 2, 2};
      ss->num_uniforms = 2;
      ss->uniforms = calloc(2, sizeof(*ss->uniforms));
      ss->uniforms[0] = (struct glsl_subroutine_uniform){.name = dup("u_color"),
                                                         .type = 0,
                                                         .size = 1,
                                                         .location = 0,
                                                         .offset = offset,
                                                         .active = true,
                                                         .def = 0};
      ss->uniforms[1] = (struct glsl_subroutine_uniform){.name = dup("u_scale"),
                                                         .type = 1,
                                                         .size = 2,
                                                         .is_array = true,
                                                         .location = 1,
                                                         .offset = offset + 16,
                                                         .active = true,
                                                         .def = 2};
      ss->num_locations = 3;
      offset += 48;
   }
   p->default_block.size = offset;
   p->default_block.stages = p->stages;
   unsigned ns = 0;
   for (unsigned i = 0; i < next.num_samplers; i++)
      ns += next.samplers[i].array_size > 1 ? next.samplers[i].array_size : 1;
   p->samplers = calloc(ns + 1, sizeof(struct glsl_sampler));
   for (unsigned i = 0, j = 0; i < next.num_samplers; i++) {
      const struct fake_uniform *f = &next.samplers[i];
      uint32_t n = f->array_size > 1 ? f->array_size : 1;
      for (uint32_t k = 0; k < n; k++, j++) {
         struct glsl_sampler *s = &p->samplers[j];
         s->name = malloc(strlen(f->name) + 16);
         strcpy(s->name, f->name);
         if (f->array_size > 1)
            sprintf(s->name + strlen(s->name), "[%u]", k);
         s->type = f->type;
         s->binding = GLSL_BINDING_SAMPLER_BASE + j - k;
         s->array_element = k;
         s->array_size = n;
         s->stages = GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT);
      }
   }
   p->num_samplers = ns;
   p->images = calloc(next.num_images + 1, sizeof(struct glsl_image));
   for (unsigned i = 0; i < next.num_images; i++) {
      struct glsl_image *im = &p->images[i];
      im->name = dup(next.images[i].name);
      im->type = next.images[i].type;
      im->binding = GLSL_BINDING_IMAGE_BASE + i;
      im->array_size = 1;
      im->stages = GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT);
   }
   p->num_images = next.num_images;
   p->num_blocks = next.num_blocks;
   p->blocks = calloc(next.num_blocks + 1, sizeof(struct glsl_uniform_block));
   for (unsigned i = 0; i < next.num_blocks; i++) {
      p->blocks[i].name = dup(next.blocks[i]);
      p->blocks[i].binding = GLSL_BINDING_UBO_BASE + i;
      p->blocks[i].data_size = next.block_sizes[i];
      p->blocks[i].stages = p->stages;
   }
   p->num_storage_blocks = next.num_storage_blocks;
   p->storage_blocks = calloc(next.num_storage_blocks + 1, sizeof(struct glsl_storage_block));
   for (unsigned i = 0; i < next.num_storage_blocks; i++) {
      p->storage_blocks[i].name = dup(next.storage_blocks[i]);
      p->storage_blocks[i].binding = GLSL_BINDING_SSBO_BASE + i;
      p->storage_blocks[i].data_size = 16;
      p->storage_blocks[i].gl_binding = i;
      p->storage_blocks[i].stages = p->stages;
   }
   if (p->stages & GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE))
      p->local_size[0] = p->local_size[1] = p->local_size[2] = 1;
   p->num_inputs = next.num_inputs;
   p->inputs = calloc(next.num_inputs + 1, sizeof(struct glsl_io));
   for (unsigned i = 0; i < next.num_inputs; i++) {
      p->inputs[i].name = dup(next.inputs[i]);
      p->inputs[i].type = GL_FLOAT_VEC4;
      p->inputs[i].array_size = 1;
      p->inputs[i].location = (int32_t)i;
      p->inputs[i].num_locations = 1;
      p->inputs[i].active = true;
   }
   p->num_outputs = 1;
   p->outputs = calloc(1, sizeof(struct glsl_io));
   p->outputs[0].name = dup("color");
   p->outputs[0].type = GL_FLOAT_VEC4;
   p->outputs[0].array_size = 1;
   p->outputs[0].num_locations = 1;
   p->outputs[0].active = true;
   if (info_log)
      *info_log = dup("");
   return p;
}

void
glsl_program_destroy(struct glsl_program *p)
{
   if (!p)
      return;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++)
      free(p->spirv[s].words);
   for (unsigned i = 0; i < p->default_block.num_uniforms; i++)
      free(p->default_block.uniforms[i].name);
   free(p->default_block.uniforms);
   for (unsigned i = 0; i < p->num_samplers; i++)
      free(p->samplers[i].name);
   free(p->samplers);
   for (unsigned i = 0; i < p->num_blocks; i++)
      free(p->blocks[i].name);
   free(p->blocks);
   /* (the fake linker makes none of these; a program glProgramBinary read may have them) */
   free(p->default_block.initial_data);
   for (unsigned i = 0; i < p->default_block.num_depth_modes; i++)
      free(p->default_block.depth_modes[i].sampler);
   free(p->default_block.depth_modes);
   for (unsigned i = 0; i < p->num_block_members; i++)
      free(p->block_members[i].name);
   free(p->block_members);
   for (unsigned i = 0; i < p->num_storage_blocks; i++)
      free(p->storage_blocks[i].name);
   free(p->storage_blocks);
   for (unsigned i = 0; i < p->num_buffer_vars; i++)
      free(p->buffer_vars[i].name);
   free(p->buffer_vars);
   for (unsigned i = 0; i < p->num_images; i++)
      free(p->images[i].name);
   free(p->images);
   for (unsigned i = 0; i < p->num_atomic_counters; i++)
      free(p->atomic_counters[i].name);
   free(p->atomic_counters);
   free(p->atomic_buffers);
   for (unsigned i = 0; i < p->num_inputs; i++)
      free(p->inputs[i].name);
   free(p->inputs);
   for (unsigned i = 0; i < p->num_xfb; i++)
      free(p->xfb[i].name);
   free(p->xfb);
   for (unsigned i = 0; i < p->num_outputs; i++)
      free(p->outputs[i].name);
   free(p->outputs);
   for (int s = 0; s < GLSL_STAGE_COUNT; s++) {
      struct glsl_subroutine_stage *ss = &p->subroutines[s];
      for (unsigned i = 0; i < ss->num_types; i++)
         free(ss->types[i]);
      free(ss->types);
      for (unsigned i = 0; i < ss->num_fns; i++)
         free(ss->fns[i].name);
      free(ss->fns);
      for (unsigned i = 0; i < ss->num_uniforms; i++)
         free(ss->uniforms[i].name);
      free(ss->uniforms);
   }
   free(p);
}

/* The fake programs have no evaluation stage: nothing to make. */
uint32_t *
glsl_passthrough_tcs(const struct glsl_program *prog, uint32_t vertices, const float outer[4],
                     const float inner[2], size_t *num_words, const char **why)
{
   (void)prog, (void)vertices, (void)outer, (void)inner;
   *num_words = 0;
   *why = "the fake linker makes no tessellation stages";
   return NULL;
}

uint32_t *
glsl_outline_gs(const struct glsl_program *prog, const struct glsl_outline *o, size_t *num_words,
                const char **why)
{
   (void)prog, (void)o;
   *num_words = 0;
   *why = "the fake linker makes no geometry stages";
   return NULL;
}

int
glsl_outline_facing(const struct glsl_program *prog, const char **why)
{
   (void)prog;
   *why = NULL;
   return -1;
}

uint32_t *
glsl_outline_fs(const struct glsl_program *prog, int facing, size_t *num_words, const char **why)
{
   (void)prog, (void)facing;
   *num_words = 0;
   *why = "the fake linker makes no fragment stages";
   return NULL;
}

const char *
glsl_spirv_extension_name(unsigned i)
{
   static const char *const names[GLSL_SPV_EXT_COUNT] = {"SPV_KHR_shader_draw_parameters",
                                                         "SPV_KHR_storage_buffer_storage_class"};
   return i < GLSL_SPV_EXT_COUNT ? names[i] : NULL;
}

bool
glsl_spirv_valid(uint32_t *words, size_t num_words, unsigned accepted_extensions, const char **why)
{
   (void)words, (void)num_words, (void)accepted_extensions;
   *why = "the fake linker takes no SPIR-V";
   return false;
}

uint32_t *
glsl_spirv_specialize(enum glsl_stage stage, const uint32_t *words, size_t n, const char *entry,
                      unsigned num_consts, const uint32_t *ids, const uint32_t *values,
                      size_t *out_n, const char **why)
{
   (void)stage, (void)words, (void)n, (void)entry, (void)num_consts, (void)ids, (void)values;
   *out_n = 0;
   *why = "the fake linker takes no SPIR-V";
   return NULL;
}
