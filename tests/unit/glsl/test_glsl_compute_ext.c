/* unit.glsl.compute_ext — compute shaders and storage blocks below GLSL 4.30 (issue 20):
 * a #version 140 / 150 / 330 compute shader with GL_ARB_compute_shader compiles and links (its
 * local size and storage blocks reflected), and so does a 1.30 / 1.50 fragment shader with a
 * GL_ARB_shader_storage_buffer_object block and layout(binding); what the app's version lacks
 * still fails: a compute shader without the extension, a reserved double, a storage block
 * without its extension. The later versions' keywords (buffer, image2D, atomic_uint, readonly,
 * sample, patch) stay identifiers of the app's version and keep their names in the reflection.
 * A GLSL 1.50 image array takes a dynamically uniform index (GL_ARB_shader_image_load_store). */
#include "glsl_test_util.h"

static void
compute_links(const char *version, const char *body)
{
   char cs[2048];
   snprintf(cs, sizeof cs, "%s#extension GL_ARB_compute_shader : require\n%s", version, body);
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_COMPUTE, GLSL_API_CORE, cs, &log), "[%s] compile: %s",
         version, log);
   free(log);
   log = NULL;
   struct glsl_link_input in = {.source = {[GLSL_STAGE_COMPUTE] = cs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "[%s] link: %s", version, log);
   free(log);
   if (!p)
      return;
   CHECK(p->local_size[0] == 4 && p->local_size[1] == 2 && p->local_size[2] == 1,
         "[%s] local size %u %u %u", version, p->local_size[0], p->local_size[1], p->local_size[2]);
   CHECK(p->num_storage_blocks == 1 && !strcmp(p->storage_blocks[0].name, "Result") &&
            p->storage_blocks[0].gl_binding == 3,
         "[%s] %u storage blocks", version, p->num_storage_blocks);
   CHECK(t_spirv_val(&p->spirv[GLSL_STAGE_COMPUTE], "compute-ext") != 0, "[%s] SPIR-V", version);
   glsl_program_destroy(p);
}

static const char *cs_ssbo = "#extension GL_ARB_shader_storage_buffer_object : require\n"
                             "layout(local_size_x = 4, local_size_y = 2) in;\n"
                             "layout(std430, binding = 3) buffer Result { uvec4 r[]; };\n"
                             "shared uint s;\n"
                             "void main() {\n"
                             "   if (gl_LocalInvocationIndex == 0u) s = 7u;\n"
                             "   barrier();\n"
                             "   r[gl_LocalInvocationIndex] = uvec4(gl_GlobalInvocationID, s);\n"
                             "}\n";

static void
compiles(enum glsl_stage stage, const char *src)
{
   char *log = NULL;
   CHECK(glsl_compile_shader(stage, GLSL_API_CORE, src, &log), "compile: %s\n%s", log, src);
   free(log);
}

static void
refused(enum glsl_stage stage, const char *src, const char *want)
{
   char *log = NULL;
   bool ok = glsl_compile_shader(stage, GLSL_API_CORE, src, &log);
   CHECK(!ok, "compiled:\n%s", src);
   CHECK(!ok && log && strstr(log, want), "log [%s] lacks '%s'", log ? log : "", want);
   free(log);
}

/* A fragment shader (GLSL `version`) with a storage block bound to 5 links with a vertex
 * shader; the block comes back with its binding. */
static void
fragment_storage(const char *version, const char *output, const char *write)
{
   char vs[256], fs[1024];
   snprintf(vs, sizeof vs, "%sin vec4 pos;\nvoid main() { gl_Position = pos; }\n", version);
   snprintf(fs, sizeof fs,
            "%s#extension GL_ARB_shader_storage_buffer_object : require\n"
            "layout(std430, binding = 5) buffer Data { int n; vec4 c; };\n%s"
            "void main() { n = 1; %s = c; }\n",
            version, output, write);
   compiles(GLSL_STAGE_FRAGMENT, fs);
   char *log = NULL;
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "[%s] link: %s", version, log);
   free(log);
   if (!p)
      return;
   CHECK(p->num_storage_blocks == 1 && !strcmp(p->storage_blocks[0].name, "Data") &&
            p->storage_blocks[0].gl_binding == 5,
         "[%s] %u storage blocks", version, p->num_storage_blocks);
   glsl_program_destroy(p);
}

/* GL 4.3 19.1 / GLSL 4.30 4.4.1.4: a local size past gl_MaxComputeWorkGroupSize in a dimension
 * (1024, 1024, 64: what GL_MAX_COMPUTE_WORK_GROUP_SIZE says) or of more invocations than the
 * context's GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS fails the compile (piglit
 * arb_compute_shader-work_group_size_too_large) */
static bool
local_size_compiles(unsigned x, unsigned y, unsigned z)
{
   char cs[256];
   snprintf(cs, sizeof cs,
            "#version 330\n#extension GL_ARB_compute_shader : enable\n"
            "layout(local_size_x = %u, local_size_y = %u, local_size_z = %u) in;\n"
            "void main() {}\n",
            x, y, z);
   const struct glsl_compile_limits lim = {.compute_invocations = 1024};
   char *log = NULL;
   const bool ok = glsl_compile_shader_limits(GLSL_STAGE_COMPUTE, GLSL_API_CORE, &lim, cs, &log);
   CHECK(ok || (log && strstr(log, "error")), "no error in the log of %u %u %u", x, y, z);
   free(log);
   return ok;
}

static void
local_size_limits(void)
{
   CHECK(local_size_compiles(1024, 1, 1), "1024 1 1 refused");
   CHECK(local_size_compiles(1, 1024, 1), "1 1024 1 refused");
   CHECK(local_size_compiles(1, 1, GLSL_MAX_COMPUTE_WORK_GROUP_SIZE_Z), "1 1 64 refused");
   CHECK(local_size_compiles(16, 8, 8), "16 8 8 refused");
   CHECK(!local_size_compiles(1025, 1, 1), "1025 1 1 compiled");
   CHECK(!local_size_compiles(1, 1, GLSL_MAX_COMPUTE_WORK_GROUP_SIZE_Z + 1), "1 1 65 compiled");
   CHECK(!local_size_compiles(11, 11, 11), "11 11 11 (1331 invocations) compiled");
   CHECK(!local_size_compiles(64, 32, 1), "64 32 1 (2048 invocations) compiled");
}

/* ARB_program_interface_query: GL_BUFFER_DATA_SIZE of a storage block whose last member is an
 * array of no declared size counts that array as one element (piglit's
 * unsized_arrays_of_arrays_member: 16 + 2 x 16), rounded to 16 bytes (piglit's ssbo rendering
 * writes 32 bytes into a buffer of that size for a block of a vec4 and a float). */
static void
trailing_unsized_size(void)
{
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 1) in;\n"
                    "layout(std430, binding = 0) buffer A { vec4 s; vec4 aoa[][2]; };\n"
                    "layout(std430, binding = 1) buffer B { float f; uint u[]; };\n"
                    "layout(std140, binding = 2) buffer C { vec4 color; float scale; };\n"
                    "struct S { mat2 b[3]; float c; };\n"
                    "layout(std140, binding = 3) buffer D { vec4 v; S s[]; } e;\n"
                    "void main() { aoa[0][1] = s; u[0] = uint(f); color *= scale;\n"
                    "              e.s[0].b[0] = mat2(e.v.x); }\n";
   char *log = NULL;
   struct glsl_link_input in = {.source = {[GLSL_STAGE_COMPUTE] = cs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return;
   CHECK(p->num_storage_blocks == 4, "%u storage blocks", p->num_storage_blocks);
   for (uint32_t k = 0; k < p->num_storage_blocks; k++) {
      const struct glsl_storage_block *b = &p->storage_blocks[k];
      /* B: 4 + 4, C: 20, each rounded to 16 as Mesa does; D: 16 + one S (3 x 32 + 16) */
      const uint32_t want = !strcmp(b->name, "A")   ? 48
                            : !strcmp(b->name, "B") ? 16
                            : !strcmp(b->name, "C") ? 32
                                                    : 128;
      CHECK(b->data_size == want, "block %s: GL_BUFFER_DATA_SIZE %u, want %u", b->name,
            b->data_size, want);
   }
   /* a buffer variable inside an array of structs of no declared size: its element [0] is
    * named (piglit's ssbo program_interface_query: GL_INVALID_VALUE on index -1 before) */
   const struct glsl_uniform *sb = NULL;
   for (unsigned k = 0; k < p->num_buffer_vars; k++)
      if (!strcmp(p->buffer_vars[k].name, "D.s[0].b[0]"))
         sb = &p->buffer_vars[k];
   CHECK(sb && sb->type == 0x8B5A /* GL_FLOAT_MAT2 */ && sb->array_size == 3 && sb->offset == 16,
         "D.s[0].b[0]: %s, type 0x%x, %u elements at %u", sb ? "found" : "missing",
         sb ? sb->type : 0, sb ? sb->array_size : 0, sb ? sb->offset : 0);
   glsl_program_destroy(p);
}

int
main(void)
{
   /* GLSL 4.30 4.1.9: only a storage block's last member may be unsized (a link error) */
   {
      static const char *const srcs[3] = {
         "#version 430\nlayout(local_size_x = 1) in;\n"
         "buffer B { vec4 s[]; vec4 a[]; } b;\nvoid main() { b.a[0] = vec4(1.0); }\n",
         "#version 430\nlayout(local_size_x = 1) in;\n"
         "buffer B { vec4 s[2]; vec4 a[]; } b;\nvoid main() { b.a[0] = vec4(1.0); }\n",
         /* an earlier unsized member sized by the constant indices the shader uses */
         "#version 430\nlayout(local_size_x = 1) in;\n"
         "buffer B { vec4 s[]; vec4 a[]; } b;\nvoid main() { b.a[0] = b.s[1]; }\n"};
      for (int k = 0; k < 3; k++) {
         char *log = NULL;
         struct glsl_link_input in = {.source = {[GLSL_STAGE_COMPUTE] = srcs[k]}};
         struct glsl_program *p = glsl_link(&in, &log);
         if (k == 0)
            CHECK(!p && log && strstr(log, "unsized array is not its last member"),
                  "an unsized member before the last links: %s", log ? log : "");
         else
            CHECK(p, "an unsized last member fails: %s", log ? log : "");
         glsl_program_destroy(p);
         free(log);
      }
   }
   /* GLSL 4.30 4.4.1.4: no compute shader of the program declares a local size */
   {
      const char *none =
         "#version 330\n#extension GL_ARB_compute_shader : enable\nvoid main() {}\n";
      char *log = NULL;
      CHECK(glsl_compile_shader(GLSL_STAGE_COMPUTE, GLSL_API_CORE, none, &log),
            "a compute shader without a local size does not compile: %s", log);
      free(log);
      log = NULL;
      struct glsl_link_input in = {.source = {[GLSL_STAGE_COMPUTE] = none}};
      struct glsl_program *p = glsl_link(&in, &log);
      CHECK(!p && log && strstr(log, "local size"), "no local size links: %s", log ? log : "");
      glsl_program_destroy(p);
      free(log);
   }
   trailing_unsized_size();
   local_size_limits();
   compute_links("#version 140\n", cs_ssbo);
   compute_links("#version 150\n", cs_ssbo);
   compute_links("#version 330\n", cs_ssbo);
   compute_links("#version 150 core\n", cs_ssbo);

   fragment_storage("#version 130\n", "", "gl_FragColor");
   fragment_storage("#version 150\n", "out vec4 o;\n", "o");

   /* GLSL 4.30 7.1: before 4.30 a compute shader takes the extension */
   refused(GLSL_STAGE_COMPUTE, "#version 150\nlayout(local_size_x = 1) in;\nvoid main() {}\n",
           "GL_ARB_compute_shader");
   refused(GLSL_STAGE_COMPUTE,
           "#version 150\n#extension GL_ARB_compute_shader : disable\n"
           "layout(local_size_x = 1) in;\nvoid main() {}\n",
           "GL_ARB_compute_shader");
   /* GLSL 1.40 3.6: double is reserved (4.00 and GL_ARB_gpu_shader_fp64 have it) */
   refused(GLSL_STAGE_COMPUTE,
           "#version 140\n#extension GL_ARB_compute_shader : require\n"
           "layout(local_size_x = 1) in;\nvoid main() { double d = 1.0; }\n",
           "'double' : reserved");
   refused(GLSL_STAGE_COMPUTE,
           "#version 150\n#extension GL_ARB_compute_shader : require\n"
           "layout(local_size_x = 1) in;\nvoid main() { dvec2 d = dvec2(1.0); }\n",
           "'dvec2' : reserved");
   /* a storage block needs its extension below 4.30: `buffer` is an identifier there */
   refused(GLSL_STAGE_COMPUTE,
           "#version 150\n#extension GL_ARB_compute_shader : require\n"
           "layout(local_size_x = 1) in;\nbuffer B { float x; };\nvoid main() { x = 1.0; }\n",
           "syntax error");
   /* the keywords of later versions are names of the app's version ... */
   const char *names = "#version 150\n#extension GL_ARB_compute_shader : require\n"
                       "layout(local_size_x = 1) in;\n"
                       "uniform float buffer;\n"
                       "uniform vec2 image2D;\n"
                       "uniform int atomic_uint;\n"
                       "shared float readonly;\n"
                       "void main() { readonly = buffer + image2D.x + float(atomic_uint); }\n";
   compiles(GLSL_STAGE_COMPUTE, names);
   char *log = NULL;
   struct glsl_link_input in = {.source = {[GLSL_STAGE_COMPUTE] = names}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "names link: %s", log);
   free(log);
   if (p) {
      CHECK(glsl_program_find_uniform(p, "buffer") != NULL, "no uniform named buffer");
      CHECK(glsl_program_find_uniform(p, "image2D") != NULL, "no uniform named image2D");
      CHECK(glsl_program_find_uniform(p, "atomic_uint") != NULL, "no uniform named atomic_uint");
      glsl_program_destroy(p);
   }
   /* ... and keywords again with their extension */
   compiles(GLSL_STAGE_COMPUTE,
            "#version 150\n#extension GL_ARB_compute_shader : require\n"
            "#extension GL_ARB_shader_image_load_store : require\n"
            "layout(local_size_x = 1) in;\n"
            "layout(rgba8) readonly uniform image2D img;\n"
            "layout(rgba8) writeonly uniform image2D dst;\n"
            "void main() { imageStore(dst, ivec2(0), imageLoad(img, ivec2(0))); }\n");
   /* GL_ARB_shader_image_load_store (GLSL 1.50): an image array indexed with a dynamically
    * uniform expression; 4.00's keywords sample and patch stay names */
   compiles(GLSL_STAGE_FRAGMENT,
            "#version 150\n"
            "#extension GL_ARB_shader_image_load_store : enable\n"
            "layout(rgba32f) uniform image2D imgs[4];\n"
            "uniform int n;\n"
            "out vec4 c;\n"
            "float sample = 1.0, patch = 2.0;\n"
            "void main() { c = imageLoad(imgs[n], ivec2(0)) * sample * patch; }\n");
   return t_finish("unit.glsl.compute_ext");
}
