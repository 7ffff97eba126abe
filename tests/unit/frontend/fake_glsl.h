/* fake_glsl.h — glsl.h for unit tests: glsl_link returns a program built from a description
 * the test sets, so the tracker's tests need no glslang. */
#ifndef MGL_TEST_FAKE_GLSL_H
#define MGL_TEST_FAKE_GLSL_H

#include <stdbool.h>
#include <GL/glcorearb.h>
#include <stdint.h>

struct fake_uniform {
   const char *name; /* without "[0]" */
   GLenum type;
   uint32_t array_size; /* 0 or 1: not an array */
};

struct fake_program {
   struct fake_uniform uniforms[8];
   unsigned num_uniforms;
   struct fake_uniform samplers[4]; /* array_size > 1: a sampler array */
   unsigned num_samplers;
   struct fake_uniform images[2]; /* fragment-stage images, no format qualifier */
   unsigned num_images;
   const char *blocks[4];
   uint32_t block_sizes[4];
   unsigned num_blocks;
   /* shader storage blocks of 16 bytes, initial binding points 0.. (a compute stage's local size
    * is 1x1x1) */
   const char *storage_blocks[2];
   unsigned num_storage_blocks;
   const char *inputs[4]; /* vec4 inputs at locations 0.. */
   unsigned num_inputs;
   /* Hidden GL-state members of the default block (glsl_default_block.state_*), placed after
    * the uniforms at state_offset[k] (the block grows to hold them). */
   uint32_t state_mask;
   uint32_t state_offset[4];
   /* Copied into glsl_program.geometry when the program has a geometry shader. */
   GLenum gs_input, gs_output;
   uint32_t gs_vertices_out;
   /* Interleaved transform feedback: num_xfb varyings, xfb_stride bytes a vertex. */
   unsigned num_xfb;
   uint32_t xfb_stride;
   /* A second capture buffer (stride 0: none) holding vertex stream xfb_stream1's varyings. */
   uint32_t xfb_stride1, xfb_stream1;
   /* Copied into glsl_program.alpha_tested (the compatibility alpha test applied to colour 0). */
   bool alpha_tested;
   /* The fragment stage gets subroutines (glsl_program.subroutines): types color_t (0) and
    * scale_t (1); functions red (index 0) and blue (1) of color_t, half (2) of scale_t;
    * uniforms u_color (color_t, location 0) and u_scale[2] (scale_t, locations 1-2), their
    * hidden uints after the other uniforms. */
   bool subroutines;
   /* The geometry stage's SPIR-V decorates a variable BuiltIn ViewportIndex (it writes
    * gl_ViewportIndex). */
   bool gs_viewport_index;
};

/* What the next glsl_link returns. Sources containing "LINK_ERROR" fail to link; sources
 * containing "COMPILE_ERROR" fail to compile; sources containing "#version 300 es" are GLSL ES
 * (glsl_source_is_es). */
void fake_glsl_next(const struct fake_program *p);
/* glsl_link and glsl_compile_shader* calls so far. MGL_SHADER_CACHE is 0 in every test process
 * (a constructor of fake_glsl.c) until a test changes it. */
extern unsigned fake_glsl_links, fake_glsl_compiles;
/* A hash of everything the last glsl_link was given (its sources, bindings, varyings, flags and
 * limits): two links that differ in any input the real linker reads differ in it. */
extern uint64_t fake_glsl_link_input;
/* What glsl_library_versions returns (the libraries' versions a build id covers). */
extern const char *fake_glsl_versions;

#endif
