/* unit.glsl.geometry — vertex + geometry + fragment programs: the geometry layout reflection,
 * varyings matched by name across both interfaces (GS inputs are per-vertex arrays, unsized ones
 * sized by the input primitive, interface blocks by block name), program-wide bindings shared by
 * the geometry and fragment stages, the depth remap moved to the geometry stage, the link errors
 * GL names, and spirv-val on every stage. */
#include "glsl_test_util.h"

#include <GL/glcorearb.h>

static const char *vs = "#version 150 core\n"
                        "in vec4 pos;\n"
                        "out vec4 v_a;\n"
                        "out float v_b;\n"
                        "out Block { vec2 uv; float w; } vb;\n"
                        "void main() {\n"
                        "   gl_Position = pos;\n"
                        "   v_a = pos * 2.0; v_b = pos.x; vb.uv = pos.xy; vb.w = pos.w;\n"
                        "}\n";

/* Inputs declared in another order than the vertex outputs; one sized, others unsized. */
static const char *gs = "#version 150 core\n"
                        "layout(triangles) in;\n"
                        "layout(line_strip, max_vertices = 5) out;\n"
                        "in Block { vec2 uv; float w; } gb[];\n"
                        "in float v_b[3];\n"
                        "in vec4 v_a[];\n"
                        "uniform Shared { vec4 tint; } sh;\n"
                        "uniform sampler2D gtex;\n"
                        "out vec4 g_color;\n"
                        "flat out int g_prim;\n"
                        "void main() {\n"
                        "   for (int i = 0; i < gl_in.length(); i++) {\n"
                        "      gl_Position = gl_in[i].gl_Position + v_a[i] * v_b[i];\n"
                        "      g_color = sh.tint * texture(gtex, gb[i].uv) * gb[i].w;\n"
                        "      g_prim = gl_PrimitiveIDIn;\n"
                        "      EmitVertex();\n"
                        "   }\n"
                        "   EndPrimitive();\n"
                        "}\n";

static const char *fs = "#version 150 core\n"
                        "flat in int g_prim;\n"
                        "in vec4 g_color;\n"
                        "uniform Shared { vec4 tint; } sh;\n"
                        "out vec4 o;\n"
                        "void main() { o = g_color * sh.tint + float(g_prim); }\n";

static struct glsl_program *
link3(const char *v, const char *g, const char *f, char **log)
{
   struct glsl_link_input in = {0};
   in.source[GLSL_STAGE_VERTEX] = v;
   in.source[GLSL_STAGE_GEOMETRY] = g;
   in.source[GLSL_STAGE_FRAGMENT] = f;
   return glsl_link(&in, log);
}

static void
must_fail(const char *what, const char *v, const char *g, const char *f, const char *needle)
{
   char *log = NULL;
   struct glsl_program *p = link3(v, g, f, &log);
   CHECK(!p, "%s: linked", what);
   CHECK(log && strstr(log, needle), "%s: log lacks \"%s\": %s", what, needle, log);
   printf("  %s -> %s", what, log ? log : "(null)\n");
   glsl_program_destroy(p);
   free(log);
}

/* The depth remap before each OpEmitVertex: OpFMul, OpCompositeInsert <z>, OpStore (the same
 * shape spv_patch emits before a vertex shader's OpReturn). */
static int
remaps_before(const struct glsl_spirv *s, uint32_t at_op)
{
   uint32_t prev[3] = {0, 0, 0}, insert_index = 99;
   int n = 0;
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == at_op && prev[2] == 62 /* OpStore */ && prev[1] == 82 /* OpCompositeInsert: z */ &&
          prev[0] == 82 /* y */ && insert_index == 2)
         n++;
      if (op == 82)
         insert_index = s->words[p + 5];
      prev[0] = prev[1];
      prev[1] = prev[2];
      prev[2] = op;
      p += wc;
   }
   return n;
}

/* The element count of the array variable `name` (OpVariable -> OpTypePointer -> OpTypeArray ->
 * OpConstant); 0 when it is none. */
static uint32_t
input_array_length(const struct glsl_spirv *s, const char *name)
{
   uint32_t var = t_spv_id_named(s, name), want = 0, stage = 0;
   /* one walk per link of the chain: variable's pointer type, its pointee, the length id */
   for (int step = 0; step < 4 && var; step++) {
      for (size_t p = 5; p < s->num_words;) {
         uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
         if (!wc)
            break;
         if (step == 0 && op == 59 /* OpVariable */ && s->words[p + 2] == var)
            want = s->words[p + 1];
         else if (step == 1 && op == 32 /* OpTypePointer */ && s->words[p + 1] == want)
            stage = s->words[p + 3];
         else if (step == 2 && op == 28 /* OpTypeArray */ && s->words[p + 1] == stage)
            want = s->words[p + 3];
         else if (step == 3 && op == 43 /* OpConstant */ && s->words[p + 2] == want)
            return s->words[p + 3];
         p += wc;
      }
   }
   return 0;
}

/* GLSL 1.50, 4.3.8.1: the input layout one geometry shader object declares sizes the unsized
 * input arrays of another object of the program (main in one, a function reading v_b[1] in the
 * other; piglit gs-input-sizing-layout-larger-than-static-usage). */
static void
split_geometry_objects(void)
{
   static const char *gmain = "#version 150 core\n"
                              "layout(triangles) in;\n"
                              "layout(points, max_vertices = 3) out;\n"
                              "void emit_one(int i);\n"
                              "void main() { emit_one(0); emit_one(1); emit_one(2); }\n";
   static const char *gfn = "#version 150 core\n"
                            "in float v_b[];\n"
                            "out vec4 g_color;\n"
                            "void emit_one(int i) {\n"
                            "   gl_Position = gl_in[0].gl_Position + vec4(float(i));\n"
                            "   g_color = vec4(v_b[1]);\n"
                            "   EmitVertex();\n"
                            "}\n";
   static const char *gfs = "#version 150 core\n"
                            "in vec4 g_color;\nout vec4 o;\nvoid main() { o = g_color; }\n";
   const char *vobj[] = {vs}, *gobj[] = {gmain, gfn}, *fobj[] = {gfs};
   struct glsl_link_input in = {.objects = {vobj, fobj, gobj}, .num_objects = {1, 1, 2}};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "geometry shader in two objects: %s", log);
   if (p) {
      CHECK(p->geometry.input_type == GL_TRIANGLES, "input 0x%x", p->geometry.input_type);
      /* v_b[] is sized by the other object's triangles: float[3] */
      const struct glsl_spirv *g = &p->spirv[GLSL_STAGE_GEOMETRY];
      CHECK(input_array_length(g, "v_b") == 3, "v_b[] has %u elements",
            input_array_length(g, "v_b"));
      CHECK(t_spirv_val(g, "geom-split") != 0, "split geometry SPIR-V invalid");
   }
   glsl_program_destroy(p);
   free(log);

   /* the other object's layout sizes the array before any use: a constant index past the
    * triangle's 3 vertices fails the link (piglit gs-input-sizing-layout-conflicts-with-static-
    * usage) */
   static const char *gpast = "#version 150 core\n"
                              "in float v_b[];\nout vec4 g_color;\n"
                              "void emit_one(int i) { gl_Position = vec4(v_b[3]); "
                              "g_color = vec4(1.0); EmitVertex(); }\n";
   gobj[1] = gpast;
   p = glsl_link(&in, &log);
   CHECK(!p, "an index past the other object's input primitive linked");
   glsl_program_destroy(p);
   free(log);

   /* two objects declaring different input primitives still fail */
   static const char *glines = "#version 150 core\nlayout(lines) in;\n"
                               "in float v_b[];\nout vec4 g_color;\n"
                               "void emit_one(int i) { gl_Position = vec4(v_b[i]); "
                               "g_color = vec4(1.0); EmitVertex(); }\n";
   gobj[1] = glines;
   p = glsl_link(&in, &log);
   CHECK(!p, "geometry objects with triangles and lines linked");
   glsl_program_destroy(p);
   free(log);
}

int
main(void)
{
   CHECK(glsl_init(), "glsl_init");
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_GEOMETRY, false, gs, &log), "geometry compile: %s", log);
   free(log);
   log = NULL;

   struct glsl_program *p = link3(vs, gs, fs, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (!p)
      return t_finish("unit.glsl.geometry");

   CHECK(p->stages == (GLSL_STAGE_BIT(GLSL_STAGE_VERTEX) | GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY) |
                       GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT)),
         "stages 0x%x", p->stages);
   CHECK(p->geometry.input_type == GL_TRIANGLES, "input 0x%x", p->geometry.input_type);
   CHECK(p->geometry.output_type == GL_LINE_STRIP, "output 0x%x", p->geometry.output_type);
   CHECK(p->geometry.vertices_out == 5, "vertices out %u", p->geometry.vertices_out);
   CHECK(p->geometry.invocations == 1, "invocations %u", p->geometry.invocations);

   const struct glsl_spirv *vsp = &p->spirv[GLSL_STAGE_VERTEX];
   const struct glsl_spirv *gsp = &p->spirv[GLSL_STAGE_GEOMETRY];
   const struct glsl_spirv *fsp = &p->spirv[GLSL_STAGE_FRAGMENT];

   /* Varyings: every GS input sits where the VS output of its name does; GS outputs where the
    * FS inputs of their names do. */
   static const char *const vs_gs[] = {"v_a", "v_b"};
   for (unsigned i = 0; i < 2; i++) {
      int64_t lo = t_var_decoration(vsp, vs_gs[i], 30 /* Location */);
      int64_t li = t_var_decoration(gsp, vs_gs[i], 30);
      CHECK(lo >= 0 && lo == li, "%s: vertex location %lld, geometry %lld", vs_gs[i], (long long)lo,
            (long long)li);
   }
   /* split into a variable per member (spv_split.c, the backend's split-io-blocks quirk), each
    * block member sits where the member was: the geometry side's per-vertex level takes no
    * locations */
   CHECK(t_split_io_blocks(p), "blocks not split");
   int64_t bo = t_var_decoration(vsp, "vb.uv", 30), bi = t_var_decoration(gsp, "gb.uv", 30);
   CHECK(bo >= 0 && bo == bi, "Block: vertex location %lld, geometry %lld", (long long)bo,
         (long long)bi);
   CHECK(t_var_decoration(vsp, "vb.w", 30) == bo + 1 && t_var_decoration(gsp, "gb.w", 30) == bo + 1,
         "Block.w: vertex %lld geometry %lld", (long long)t_var_decoration(vsp, "vb.w", 30),
         (long long)t_var_decoration(gsp, "gb.w", 30));
   CHECK(bo != t_var_decoration(vsp, "v_a", 30) && bo != t_var_decoration(vsp, "v_b", 30) &&
            bo + 1 != t_var_decoration(vsp, "v_a", 30) &&
            bo + 1 != t_var_decoration(vsp, "v_b", 30),
         "Block shares a location with another output");
   static const char *const gs_fs[] = {"g_color", "g_prim"};
   for (unsigned i = 0; i < 2; i++) {
      int64_t lo = t_var_decoration(gsp, gs_fs[i], 30);
      int64_t li = t_var_decoration(fsp, gs_fs[i], 30);
      CHECK(lo >= 0 && lo == li, "%s: geometry location %lld, fragment %lld", gs_fs[i],
            (long long)lo, (long long)li);
   }

   /* Bindings: one program-wide binding per resource, the same in every stage that uses it. */
   const struct glsl_uniform_block *b = glsl_program_find_block(p, "Shared");
   CHECK(b, "block Shared missing");
   if (b) {
      CHECK(b->stages ==
               (GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY) | GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT)),
            "Shared stages 0x%x", b->stages);
      int64_t gb = t_spv_decoration(gsp, t_spv_var_of_type(gsp, "Shared"), 33 /* Binding */);
      int64_t fb = t_spv_decoration(fsp, t_spv_var_of_type(fsp, "Shared"), 33);
      CHECK(gb == b->binding && fb == b->binding, "Shared binding %u: geometry %lld fragment %lld",
            b->binding, (long long)gb, (long long)fb);
   }
   const struct glsl_sampler *smp = glsl_program_find_sampler(p, "gtex");
   CHECK(smp && smp->stages == GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY), "gtex stages");
   if (smp) {
      CHECK(t_var_decoration(gsp, "gtex", 33) == smp->binding, "gtex binding");
      CHECK(b == NULL || smp->binding != b->binding, "gtex collides with Shared");
   }

   /* The depth remap is the geometry stage's, before each EmitVertex, and not the vertex's. */
   CHECK(remaps_before(gsp, 218 /* OpEmitVertex */) == 1, "geometry remaps: %d",
         remaps_before(gsp, 218));
   CHECK(remaps_before(vsp, 253 /* OpReturn */) == 0, "vertex remaps: %d", remaps_before(vsp, 253));
   CHECK(t_spv_has_builtin(gsp, 7 /* PrimitiveId */), "gl_PrimitiveIDIn missing");

   CHECK(t_spirv_val(vsp, "geom-vs") != 0, "vertex SPIR-V invalid");
   CHECK(t_spirv_val(gsp, "geom-gs") != 0, "geometry SPIR-V invalid");
   CHECK(t_spirv_val(fsp, "geom-fs") != 0, "fragment SPIR-V invalid");
   glsl_program_destroy(p);

   /* Link errors GL names. */
   must_fail("geometry without vertex", NULL, gs, fs, "requires a vertex shader");
   must_fail("no output layout", vs,
             "#version 150 core\nlayout(points) in;\n"
             "void main() { EmitVertex(); }\n",
             NULL, "output");
   must_fail("type mismatch", vs,
             "#version 150 core\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
             "in vec3 v_a[];\nvoid main() { gl_Position = vec4(v_a[0], 1.0); EmitVertex(); }\n",
             NULL, "Types must match");
   must_fail("unwritten input", vs,
             "#version 150 core\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
             "in vec4 v_nowhere[];\n"
             "void main() { gl_Position = v_nowhere[0]; EmitVertex(); }\n",
             NULL, "not written by vertex shader");
   must_fail("input array size against the primitive", vs,
             "#version 150 core\nlayout(triangles) in;\nlayout(points, max_vertices = 1) out;\n"
             "in vec4 v_a[2];\nvoid main() { gl_Position = v_a[0]; EmitVertex(); }\n",
             NULL, "error");
   must_fail("fragment input the geometry stage does not write", vs,
             "#version 150 core\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
             "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n",
             "#version 150 core\nin vec4 v_a;\nout vec4 o;\nvoid main() { o = v_a; }\n",
             "fragment shader varying v_a not written by geometry shader");

   must_fail("invariant on one side only",
             "#version 150 core\ninvariant out vec4 v_inv;\n"
             "void main() { gl_Position = vec4(0.0); v_inv = vec4(1.0); }\n",
             "#version 150 core\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
             "in vec4 v_inv[];\nvoid main() { gl_Position = v_inv[0]; EmitVertex(); }\n",
             NULL, "`v_inv' is invariant in the vertex shader but not in the geometry shader");

   split_geometry_objects();
   return t_finish("unit.glsl.geometry");
}
