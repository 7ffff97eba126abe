/* unit.glsl.atomic_defaults — a default uniform declaration with binding and offset,
 * `layout(binding = 2, offset = 4) uniform;` (GLSL 4.20 4.4.4.6; glslang refuses it), compiles
 * and sets no counter's binding or offset: a later counter of binding 2 without offset starts
 * at 0, the others follow the previous counter of their binding; the last of repeated
 * qualifiers counts. Its other qualifiers (std140 ...) stay defaults of the uniform blocks. */
#include "glsl_test_util.h"

static const char *fs = "#version 140\n"
                        "#extension GL_ARB_shader_atomic_counters : enable\n"
                        "out ivec4 fcolor;\n"
                        "layout(binding=0) uniform atomic_uint x0[2];\n"
                        "layout(binding=0) uniform atomic_uint x1;\n"
                        "layout(binding=3, offset=8) uniform atomic_uint x2;\n"
                        "layout(binding=7, binding=2, offset=4) uniform;\n"
                        "layout(binding=2) uniform atomic_uint x4;\n"
                        "layout(binding=7, offset=8, offset=0) uniform atomic_uint x5;\n"
                        "layout(binding=3) uniform atomic_uint x6;\n"
                        "void main() {\n"
                        "   fcolor.x = int(atomicCounter(x0[1]) + atomicCounter(x1) +\n"
                        "                  atomicCounter(x2) + atomicCounter(x4) +\n"
                        "                  atomicCounter(x5) + atomicCounter(x6));\n"
                        "}\n";

static const struct {
   const char *name;
   uint32_t gl_binding, offset;
} want[] = {
   {"x0", 0, 0}, {"x1", 0, 8}, {"x2", 3, 8}, {"x4", 2, 0}, {"x5", 7, 0}, {"x6", 3, 12},
};

int
main(void)
{
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, GLSL_API_CORE, fs, &log), "compile: %s", log);
   free(log);
   log = NULL;
   const char *vs = "#version 140\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (p) {
      CHECK(p->num_atomic_buffers == 4, "%u buffers", p->num_atomic_buffers);
      for (unsigned k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
         const struct glsl_atomic_counter *c = NULL;
         for (unsigned j = 0; j < p->num_atomic_counters; j++)
            if (!strcmp(p->atomic_counters[j].name, want[k].name))
               c = &p->atomic_counters[j];
         CHECK(c && c->buffer < p->num_atomic_buffers &&
                  p->atomic_buffers[c->buffer].gl_binding == want[k].gl_binding &&
                  c->offset == want[k].offset,
               "%s: binding %u offset %u, want %u %u", want[k].name,
               c && c->buffer < p->num_atomic_buffers ? p->atomic_buffers[c->buffer].gl_binding
                                                      : 99u,
               c ? c->offset : 99u, want[k].gl_binding, want[k].offset);
      }
      glsl_program_destroy(p);
   }
   /* the block defaults stay: row_major from `layout(row_major, binding = 1) uniform;` */
   const char *fs2 = "#version 150\n"
                     "layout(row_major, binding = 1) uniform;\n"
                     "uniform B { mat2 m; };\n"
                     "out vec4 c;\n"
                     "void main() { c = vec4(m[0], m[1]); }\n";
   const char *vs2 = "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
   log = NULL;
   struct glsl_link_input in2 = {.source = {vs2, fs2}};
   p = glsl_link(&in2, &log);
   CHECK(p, "link 2: %s", log);
   free(log);
   if (p) {
      const struct glsl_uniform *m = glsl_program_find_uniform(p, "m");
      CHECK(m && m->row_major, "m is not row_major");
      glsl_program_destroy(p);
   }
   return t_finish("unit.glsl.atomic_defaults");
}
