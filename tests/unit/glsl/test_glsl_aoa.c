/* unit.glsl.aoa — arrays of arrays of samplers, images, uniform blocks, storage blocks and
 * atomic counters (ARB_arrays_of_arrays): the linker flattens the opaque and block ones to one
 * array level in the SPIR-V (one descriptor binding each, constant indices folded, variable ones
 * computed) and reflects them in GL's shape: element names "s[i][j]", the innermost array as a
 * sampler's array_element / array_size, layout(binding) + flattened index; stages that disagree
 * on the shape (glslang's own error) and a sub-array passed on as a whole (named) fail to link.
 * A subroutine uniform array of arrays takes one location per element. */
#include "glsl_test_util.h"

#include <GL/glcorearb.h>

/* The length of the array the variable named `name` points to (0: not an array, -1: none). */
static int64_t
var_array_length(const struct glsl_spirv *s, const char *name)
{
   const uint32_t var = t_spv_id_named(s, name);
   uint32_t var_type = 0;
   for (size_t p = 5; var && p < s->num_words;) {
      const uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 59 /* OpVariable */ && s->words[p + 2] == var)
         var_type = s->words[p + 1];
      p += wc;
   }
   if (!var_type)
      return -1;
   /* pointer -> pointee -> (array: length constant) */
   uint32_t pointee = 0, len_id = 0, elem = 0;
   for (size_t p = 5; p < s->num_words;) {
      const uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (op == 32 && s->words[p + 1] == var_type)
         pointee = s->words[p + 3];
      p += wc;
   }
   for (size_t p = 5; pointee && p < s->num_words;) {
      const uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (op == 28 /* OpTypeArray */ && s->words[p + 1] == pointee)
         elem = s->words[p + 2], len_id = s->words[p + 3];
      p += wc;
   }
   if (!len_id)
      return 0;
   for (size_t p = 5; p < s->num_words;) {
      const uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (op == 28 && s->words[p + 1] == elem)
         return -2; /* still an array of arrays */
      p += wc;
   }
   for (size_t p = 5; p < s->num_words;) {
      const uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (op == 43 /* OpConstant */ && s->words[p + 2] == len_id)
         return s->words[p + 3];
      p += wc;
   }
   return -1;
}

static void
samplers_and_blocks(void)
{
   const char *vs = "#version 330 core\n"
                    "#extension GL_ARB_arrays_of_arrays : require\n"
                    "layout(location = 0) in vec4 pos;\n"
                    "void main() { gl_Position = pos; }\n";
   const char *fs = "#version 330 core\n"
                    "#extension GL_ARB_arrays_of_arrays : require\n"
                    "#extension GL_ARB_gpu_shader5 : require\n"
                    "#extension GL_ARB_shading_language_420pack : require\n"
                    "layout(binding = 2) uniform sampler2D s[2][3];\n"
                    "layout(binding = 1) uniform B { vec4 c; } b[3][2];\n"
                    "uniform int n, m;\n"
                    "out vec4 o;\n"
                    "void main() {\n"
                    "   o = texture(s[1][2], vec2(0)) + texture(s[n][m], vec2(0))\n"
                    "     + b[2][1].c + b[n][m].c;\n"
                    "}\n";
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   CHECK(p->num_samplers == 6, "%u samplers", p->num_samplers);
   for (unsigned f = 0; f < p->num_samplers && f < 6; f++) {
      const struct glsl_sampler *sm = &p->samplers[f];
      char want[16];
      snprintf(want, sizeof want, "s[%u][%u]", f / 3, f % 3);
      CHECK(!strcmp(sm->name, want), "sampler %u: %s, want %s", f, sm->name, want);
      CHECK(sm->binding == GLSL_BINDING_SAMPLER_BASE && sm->array_element == f % 3 &&
               sm->array_size == 3 && sm->gl_unit == 2 + f && sm->type == GL_SAMPLER_2D,
            "sampler %u: binding %u element %u size %u unit %u", f, sm->binding, sm->array_element,
            sm->array_size, sm->gl_unit);
   }
   CHECK(p->num_blocks == 6, "%u blocks", p->num_blocks);
   for (unsigned f = 0; f < p->num_blocks && f < 6; f++) {
      const struct glsl_uniform_block *bl = &p->blocks[f];
      char want[16];
      snprintf(want, sizeof want, "B[%u][%u]", f / 2, f % 2);
      CHECK(!strcmp(bl->name, want), "block %u: %s, want %s", f, bl->name, want);
      CHECK(bl->binding == GLSL_BINDING_UBO_BASE && bl->array_element == f &&
               bl->gl_binding == 1 + f && bl->data_size == 16,
            "block %u: binding %u element %u gl_binding %u size %u", f, bl->binding,
            bl->array_element, bl->gl_binding, bl->data_size);
   }
   const struct glsl_spirv *w = &p->spirv[GLSL_STAGE_FRAGMENT];
   CHECK(var_array_length(w, "s") == 6, "s: array of %lld", (long long)var_array_length(w, "s"));
   CHECK(var_array_length(w, "b") == 6, "b: array of %lld", (long long)var_array_length(w, "b"));
   CHECK(t_var_decoration(w, "s", 33 /* Binding */) == GLSL_BINDING_SAMPLER_BASE, "s binding");
   /* s[n][m] and b[n][m]: n * inner + m in the shader; s[1][2], b[2][1]: folded */
   CHECK(t_spv_count_op(w, 132 /* OpIMul */) == 2, "%d OpIMul", t_spv_count_op(w, 132));
   CHECK(t_spv_count_op(w, 128 /* OpIAdd */) == 2, "%d OpIAdd", t_spv_count_op(w, 128));
   CHECK(t_spirv_val(w, "aoa-fs") != 0, "the flattened fragment SPIR-V does not validate");
   glsl_program_destroy(p);
}

static void
images_storage_atomics(void)
{
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 1) in;\n"
                    "layout(binding = 1, r32f) uniform image2D img[2][2][2];\n"
                    "layout(std430) buffer S { float x[]; } ss[2][3];\n"
                    "layout(binding = 0) uniform atomic_uint c[2][3];\n"
                    "uniform int n;\n"
                    "void main() {\n"
                    "   imageStore(img[1][n][1], ivec2(0), vec4(ss[1][n].x.length()));\n"
                    "   ss[n][2].x[0] = float(atomicCounterIncrement(c[1][n]));\n"
                    "}\n";
   char *log = NULL;
   struct glsl_link_input in = {.source = {[GLSL_STAGE_COMPUTE] = cs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   CHECK(p->num_images == 8, "%u images", p->num_images);
   for (unsigned f = 0; f < p->num_images && f < 8; f++) {
      const struct glsl_image *im = &p->images[f];
      char want[24];
      snprintf(want, sizeof want, "img[%u][%u][%u]", f / 4, f / 2 % 2, f % 2);
      CHECK(!strcmp(im->name, want) && im->array_element == f % 2 && im->array_size == 2 &&
               im->gl_unit == 1 + f && im->binding == GLSL_BINDING_IMAGE_BASE,
            "image %u: %s element %u size %u unit %u, want %s", f, im->name, im->array_element,
            im->array_size, im->gl_unit, want);
   }
   CHECK(p->num_storage_blocks == 6, "%u storage blocks", p->num_storage_blocks);
   for (unsigned f = 0; f < p->num_storage_blocks && f < 6; f++) {
      char want[16];
      snprintf(want, sizeof want, "S[%u][%u]", f / 3, f % 3);
      CHECK(!strcmp(p->storage_blocks[f].name, want) && p->storage_blocks[f].array_element == f,
            "storage block %u: %s, want %s", f, p->storage_blocks[f].name, want);
   }
   CHECK(p->num_atomic_counters == 2, "%u atomic counters", p->num_atomic_counters);
   for (unsigned k = 0; k < p->num_atomic_counters && k < 2; k++) {
      const struct glsl_atomic_counter *ac = &p->atomic_counters[k];
      CHECK(!strcmp(ac->name, k ? "c[1]" : "c[0]") && ac->array_size == 3 && ac->offset == 12 * k,
            "atomic counter %u: %s size %u offset %u", k, ac->name, ac->array_size, ac->offset);
   }
   const struct glsl_spirv *w = &p->spirv[GLSL_STAGE_COMPUTE];
   CHECK(var_array_length(w, "img") == 8, "img: array of %lld",
         (long long)var_array_length(w, "img"));
   CHECK(var_array_length(w, "ss") == 6, "ss: array of %lld", (long long)var_array_length(w, "ss"));
   CHECK(t_spirv_val(w, "aoa-cs") != 0, "the flattened compute SPIR-V does not validate");
   glsl_program_destroy(p);
}

/* A link that must fail with `want' in its log. */
static void
link_fails(const char *what, const char *vs, const char *fs, const char *want)
{
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(!p, "%s links", what);
   CHECK(log && strstr(log, want), "%s: log \"%s\", want \"%s\"", what, log ? log : "", want);
   free(log);
   glsl_program_destroy(p);
}

static void
refusals(void)
{
   const char *vs23 = "#version 330 core\n"
                      "#extension GL_ARB_arrays_of_arrays : require\n"
                      "uniform sampler2D s[2][3];\n"
                      "void main() { gl_Position = texture(s[1][1], vec2(0)); }\n";
   const char *fs32 = "#version 330 core\n"
                      "#extension GL_ARB_arrays_of_arrays : require\n"
                      "uniform sampler2D s[3][2];\n"
                      "out vec4 o;\n"
                      "void main() { o = texture(s[1][1], vec2(0)); }\n";
   link_fails("s[2][3] and s[3][2]", vs23, fs32, "Array sizes must be compatible");
   const char *fs_sub = "#version 330 core\n"
                        "#extension GL_ARB_arrays_of_arrays : require\n"
                        "uniform sampler2D s[2][3];\n"
                        "out vec4 o;\n"
                        "vec4 first(sampler2D a[3]) { return texture(a[0], vec2(0)); }\n"
                        "void main() { o = first(s[1]); }\n";
   link_fails("a sub-array passed on", vs23, fs_sub,
              "fragment shader: arrays of arrays of opaque types or blocks: a sub-array of `s' is "
              "used as a whole");
}

/* A subroutine uniform array of arrays: one hidden uint per element, calls through u[i][j]. */
static void
subroutines(void)
{
   const char *fs = "#version 150\n"
                    "#extension GL_ARB_shader_subroutine : require\n"
                    "#extension GL_ARB_arrays_of_arrays : require\n"
                    "subroutine float chan();\n"
                    "subroutine uniform chan u[2][3];\n"
                    "subroutine(chan) float one() { return 1.0; }\n"
                    "subroutine(chan) float half_() { return 0.5; }\n"
                    "uniform int n;\n"
                    "out vec4 o;\n"
                    "void main() { o = vec4(u[1][2](), u[n][0](), 0.0, 1.0); }\n";
   const char *vs = "#version 150\n"
                    "in vec4 pos;\n"
                    "void main() { gl_Position = pos; }\n";
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   const struct glsl_subroutine_stage *ss = &p->subroutines[GLSL_STAGE_FRAGMENT];
   CHECK(ss->num_uniforms == 1, "%u subroutine uniforms", ss->num_uniforms);
   if (ss->num_uniforms == 1) {
      const struct glsl_subroutine_uniform *u = &ss->uniforms[0];
      CHECK(!strcmp(u->name, "u") && u->size == 6 && u->is_array && u->ndims == 2 &&
               u->dims[0] == 2 && u->dims[1] == 3 && u->location == 0 && u->active,
            "u: %s size %u ndims %u [%u][%u] location %d active %d", u->name, u->size, u->ndims,
            u->dims[0], u->dims[1], u->location, u->active);
      CHECK(ss->num_locations == 6, "%u subroutine uniform locations", ss->num_locations);
   }
   glsl_program_destroy(p);
}

int
main(void)
{
   samplers_and_blocks();
   images_storage_atomics();
   refusals();
   subroutines();
   return t_finish("unit.glsl.aoa");
}
