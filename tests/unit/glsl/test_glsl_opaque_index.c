/* unit.glsl.opaque_index — arrays of samplers and images indexed with a non-constant expression
 * become a switch over the elements (spv_opaque_index.c, what the Vulkan backend applies on a
 * device without shaderSampledImageArrayDynamicIndexing): a uniform index, a loop index, a
 * texture size query, a structure's sampler leaf, arrays of arrays (the linker's flattened
 * index; a module of two array levels, assembled), an image store and an image atomic through
 * an indexed image array, and a sample in a block an OpPhi names as its parent. The rewritten
 * module validates (spirv-val), has one switch per image instruction or atomic, and a second
 * pass finds nothing; storage-only rewrites only the images. A sampler passed on to a function
 * is refused by name; a module without such an index and a truncated module are left alone. */
#include "glsl_test_util.h"

#include "spv.h"

enum {
   OP_ACCESS_CHAIN = 65,
   OP_PHI = 245,
   OP_SWITCH = 251,
};

static const char *const vs = "#version 430 core\n"
                              "layout(location = 0) in vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";

/* 8 image instructions or atomics on indexed arrays: 6 on samplers, 2 on images */
static const char *const fs =
   "#version 430 core\n"
   "uniform sampler2D s[4];\n"
   "struct S { sampler2D t; };\n"
   "uniform S ss[2];\n"
   "uniform sampler2D aoa[2][3];\n"
   "layout(rgba8) writeonly uniform image2D imgs[2];\n"
   "layout(r32ui) uniform uimage2D ctr[3];\n"
   "uniform int n;\n"
   "uniform int m;\n"
   "out vec4 o;\n"
   "void main() {\n"
   "  vec2 uv = gl_FragCoord.xy / 8.0;\n"
   "  vec4 c = texture(s[n], uv);\n" /* 1 */
   "  for (int i = 0; i < 4; i++)\n"
   "    c += texture(s[i], uv) * 0.25;\n"                     /* 2 */
   "  c.x += float(textureSize(s[n], 0).x);\n"                /* 3 */
   "  c += texture(ss[n].t, uv);\n"                           /* 4 */
   "  c += texture(aoa[n][m], uv);\n"                         /* 5 */
   "  bool b = n > 0 && textureLod(s[n], uv, 0.0).y > 0.5;\n" /* 6: a phi names its block */
   "  imageStore(imgs[n], ivec2(gl_FragCoord.xy), c);\n"      /* 7 */
   "  uint k = imageAtomicAdd(ctr[m], ivec2(0), 1u);\n"       /* 8 */
   "  o = c + vec4(b ? 1.0 : 0.0, float(k), 0.0, 0.0);\n"
   "}\n";

static const char *const fs_call = "#version 430 core\n"
                                   "uniform sampler2D s[4];\n"
                                   "uniform int n;\n"
                                   "out vec4 o;\n"
                                   "vec4 f(sampler2D t) { return texture(t, vec2(0.5)); }\n"
                                   "void main() { o = f(s[n]); }\n";

static const char *const fs_const = "#version 430 core\n"
                                    "uniform sampler2D s[4];\n"
                                    "out vec4 o;\n"
                                    "void main() { o = texture(s[2], vec2(0.5)); }\n";

/* glslang's words for `texture(aoa[n][m], ...) + texture(aoa[1][m], ...)` with aoa a
 * sampler2D[2][3] (Vulkan GLSL: the GL linker flattens arrays of arrays, GL_ARB_gl_spirv's
 * modules keep them) */
static const char *const aoa_asm = "OpCapability Shader\n"
                                   "OpMemoryModel Logical GLSL450\n"
                                   "OpEntryPoint Fragment %4 \"main\" %9\n"
                                   "OpExecutionMode %4 OriginUpperLeft\n"
                                   "OpDecorate %9 Location 0\n"
                                   "OpDecorate %18 DescriptorSet 0\n"
                                   "OpDecorate %18 Binding 0\n"
                                   "OpMemberDecorate %20 0 Offset 0\n"
                                   "OpMemberDecorate %20 1 Offset 4\n"
                                   "OpDecorate %20 Block\n"
                                   "OpDecorate %22 DescriptorSet 0\n"
                                   "OpDecorate %22 Binding 1\n"
                                   "%2 = OpTypeVoid\n"
                                   "%3 = OpTypeFunction %2\n"
                                   "%6 = OpTypeFloat 32\n"
                                   "%7 = OpTypeVector %6 4\n"
                                   "%8 = OpTypePointer Output %7\n"
                                   "%9 = OpVariable %8 Output\n"
                                   "%10 = OpTypeImage %6 2D 0 0 0 1 Unknown\n"
                                   "%11 = OpTypeSampledImage %10\n"
                                   "%12 = OpTypeInt 32 0\n"
                                   "%13 = OpConstant %12 3\n"
                                   "%14 = OpTypeArray %11 %13\n"
                                   "%15 = OpConstant %12 2\n"
                                   "%16 = OpTypeArray %14 %15\n"
                                   "%17 = OpTypePointer UniformConstant %16\n"
                                   "%18 = OpVariable %17 UniformConstant\n"
                                   "%19 = OpTypeInt 32 1\n"
                                   "%20 = OpTypeStruct %19 %19\n"
                                   "%21 = OpTypePointer Uniform %20\n"
                                   "%22 = OpVariable %21 Uniform\n"
                                   "%23 = OpConstant %19 0\n"
                                   "%24 = OpTypePointer Uniform %19\n"
                                   "%27 = OpConstant %19 1\n"
                                   "%30 = OpTypePointer UniformConstant %11\n"
                                   "%33 = OpTypeVector %6 2\n"
                                   "%34 = OpConstant %6 0.5\n"
                                   "%35 = OpConstantComposite %33 %34 %34\n"
                                   "%41 = OpConstant %6 0.25\n"
                                   "%42 = OpConstantComposite %33 %41 %41\n"
                                   "%4 = OpFunction %2 None %3\n"
                                   "%5 = OpLabel\n"
                                   "%25 = OpAccessChain %24 %22 %23\n"
                                   "%26 = OpLoad %19 %25\n"
                                   "%28 = OpAccessChain %24 %22 %27\n"
                                   "%29 = OpLoad %19 %28\n"
                                   "%31 = OpAccessChain %30 %18 %26 %29\n"
                                   "%32 = OpLoad %11 %31\n"
                                   "%36 = OpImageSampleImplicitLod %7 %32 %35\n"
                                   "%37 = OpAccessChain %24 %22 %27\n"
                                   "%38 = OpLoad %19 %37\n"
                                   "%39 = OpAccessChain %30 %18 %27 %38\n"
                                   "%40 = OpLoad %11 %39\n"
                                   "%43 = OpImageSampleImplicitLod %7 %40 %42\n"
                                   "%44 = OpFAdd %7 %36 %43\n"
                                   "OpStore %9 %44\n"
                                   "OpReturn\n"
                                   "OpFunctionEnd\n";

/* Assembles aoa_asm with spirv-as (false: no tool, or it failed). */
static bool
assemble(struct glsl_spirv *out)
{
   if (system("command -v spirv-as >/dev/null 2>&1") != 0) {
      printf("SKIP: spirv-as not found; not testing two array levels\n");
      return false;
   }
   char src[128], bin[128], cmd[512];
   snprintf(src, sizeof(src), "/tmp/mgl-opaque-index-%ld.spvasm", (long)getpid());
   snprintf(bin, sizeof(bin), "/tmp/mgl-opaque-index-%ld.spv", (long)getpid());
   FILE *f = fopen(src, "w");
   if (!f)
      return false;
   fputs(aoa_asm, f);
   fclose(f);
   snprintf(cmd, sizeof(cmd), "spirv-as --target-env vulkan1.0 -o %s %s", bin, src);
   const int rc = system(cmd);
   unlink(src);
   f = rc == 0 ? fopen(bin, "rb") : NULL;
   if (!f)
      return false;
   static uint32_t words[1024];
   out->num_words = fread(words, 4, 1024, f);
   out->words = words;
   fclose(f);
   unlink(bin);
   return out->num_words > 5;
}

static struct glsl_program *
link_fs(const char *src)
{
   char *log = NULL;
   struct glsl_link_input in = {0};
   in.source[GLSL_STAGE_VERTEX] = vs;
   in.source[GLSL_STAGE_FRAGMENT] = src;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log ? log : "");
   free(log);
   return p;
}

/* spirv-val in SPIR-V 1.0's universal environment (Vulkan's has no arrays of arrays of
 * descriptors: only a GL_ARB_gl_spirv module keeps them). 1 valid, 0 invalid, -1 no tool. */
static int
val_universal(const struct glsl_spirv *s, const char *tag)
{
   if (system("command -v spirv-val >/dev/null 2>&1") != 0)
      return -1;
   char path[256], cmd[512];
   snprintf(path, sizeof(path), "/tmp/mgl-opaque-index-%ld-%s.spv", (long)getpid(), tag);
   FILE *f = fopen(path, "wb");
   if (!f)
      return 0;
   fwrite(s->words, sizeof(uint32_t), s->num_words, f);
   fclose(f);
   snprintf(cmd, sizeof(cmd), "spirv-val --target-env spv1.0 %s", path);
   const int rc = system(cmd);
   if (rc == 0)
      unlink(path);
   else
      fprintf(stderr, "spirv-val failed on %s (kept at %s)\n", tag, path);
   return rc == 0;
}

/* Rewrites s (sampled / storage arrays); checks the result validates and a second pass finds
 * nothing. Returns the number of switches added, -1 when nothing was rewritten. */
static int
rewrite(const struct glsl_spirv *s, bool sampled, bool storage, const char *tag)
{
   const char *err = NULL;
   size_t n = 0;
   uint32_t *w = spv_select_opaque_indices(s->words, s->num_words, sampled, storage, &n, &err);
   CHECK(w || !err, "%s: refused: %s", tag, err);
   if (!w)
      return -1;
   const struct glsl_spirv out = {.words = w, .num_words = n};
   const int valid = strstr(tag, "aoa") ? val_universal(&out, tag) : t_spirv_val(&out, tag);
   CHECK(valid != 0, "%s: the rewritten module does not validate", tag);
   const int switches = t_spv_count_op(&out, OP_SWITCH) - t_spv_count_op(s, OP_SWITCH);
   size_t n2 = 0;
   uint32_t *again = spv_select_opaque_indices(w, n, true, true, &n2, &err);
   if (sampled && storage)
      CHECK(!again && !err, "%s: a second pass rewrote the module again (%s)", tag, err ? err : "");
   free(again);
   free(w);
   return switches;
}

int
main(void)
{
   struct glsl_program *p = link_fs(fs);
   if (p) {
      const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
      int sw = rewrite(f, true, true, "opaque-index-all");
      CHECK(sw == 8, "%d switches, want 8 (6 samplings, a store, an atomic)", sw);
      sw = rewrite(f, false, true, "opaque-index-storage");
      CHECK(sw == 2, "%d switches with storage images alone, want 2", sw);
      sw = rewrite(f, true, false, "opaque-index-sampled");
      CHECK(sw == 6, "%d switches with sampled images alone, want 6", sw);
      CHECK(t_spv_count_op(f, OP_PHI) >= 1, "no phi in the module: the && case is not exercised");
      /* the vertex module has no opaque array: nothing to do */
      const struct glsl_spirv *v = &p->spirv[GLSL_STAGE_VERTEX];
      const char *err = NULL;
      size_t n = 0;
      uint32_t *w = spv_select_opaque_indices(v->words, v->num_words, true, true, &n, &err);
      CHECK(!w && !err, "the vertex module was rewritten (%s)", err ? err : "");
      free(w);
      /* a module whose last instruction runs past its end is refused, not read past it */
      uint32_t *cut = malloc(f->num_words * 4);
      if (cut) {
         memcpy(cut, f->words, f->num_words * 4);
         cut[f->num_words - 1] = (3u << 16) | (cut[f->num_words - 1] & 0xffffu);
         w = spv_select_opaque_indices(cut, f->num_words, true, true, &n, &err);
         CHECK(!w && err, "a truncated module was rewritten");
         free(w);
         free(cut);
      }
      glsl_program_destroy(p);
   }
   p = link_fs(fs_const);
   if (p) {
      const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
      const char *err = NULL;
      size_t n = 0;
      uint32_t *w = spv_select_opaque_indices(f->words, f->num_words, true, true, &n, &err);
      CHECK(!w && !err, "a constant index was rewritten (%s)", err ? err : "");
      free(w);
      glsl_program_destroy(p);
   }
   p = link_fs(fs_call);
   if (p) {
      const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
      const char *err = NULL;
      size_t n = 0;
      uint32_t *w = spv_select_opaque_indices(f->words, f->num_words, true, true, &n, &err);
      if (w) /* a front end that inlines (or copies the handle) leaves a rewritable module */
         CHECK(rewrite(f, true, true, "opaque-index-call") >= 1, "no switch for the call");
      else
         CHECK(err && strstr(err, "function"), "a sampler passed to a function: %s",
               err ? err : "(no reason)");
      free(w);
      glsl_program_destroy(p);
   }
   struct glsl_spirv aoa;
   if (assemble(&aoa)) {
      /* aoa[n][m]: one switch over 6 elements; aoa[1][m]: one over 3 */
      const int sw = rewrite(&aoa, true, true, "opaque-index-aoa");
      CHECK(sw == 2, "%d switches for two array levels, want 2", sw);
      const char *err = NULL;
      size_t n = 0;
      uint32_t *w = spv_select_opaque_indices(aoa.words, aoa.num_words, true, false, &n, &err);
      const struct glsl_spirv out = {.words = w, .num_words = n};
      /* 3 index loads + 6 + 3 element chains */
      CHECK(w && t_spv_count_op(&out, OP_ACCESS_CHAIN) == 3 + 6 + 3,
            "%d access chains, want 12 (each element's own)",
            w ? t_spv_count_op(&out, OP_ACCESS_CHAIN) : -1);
      free(w);
   }
   return t_finish("unit.glsl.opaque_index");
}
