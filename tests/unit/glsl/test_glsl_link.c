/* unit.glsl.link — a vertex + fragment program with loose uniforms of several types, a uniform
 * block used by both stages, two samplers, attributes with explicit / bound / automatic
 * locations, varyings declared in different orders: checks the reflection, the std140 layout of
 * the default block, the SPIR-V decorations, the depth remap, and spirv-val on both stages. */
#include "glsl_test_util.h"

#include <GL/glcorearb.h>

static const char *vs = "#version 330 core\n"
                        "layout(location = 2) in vec3 normal;\n"
                        "in vec4 position;\n"
                        "in mat4 instance_xform;\n"
                        "in vec2 uv;\n"
                        "in vec4 never_read;\n"
                        "struct Light { vec3 dir; float power; mat3 basis; };\n"
                        "uniform float f;\n"
                        "uniform vec3 v3;\n"
                        "uniform mat4 mvp;\n"
                        "uniform int i;\n"
                        "uniform bool b;\n"
                        "uniform float farr[3];\n"
                        "uniform Light light;\n"
                        "uniform Light lights[2];\n"
                        "uniform float never_used;\n"
                        "uniform Shared { vec4 color; mat4 proj; float scale; } sh;\n"
                        "out vec3 v_normal;\n"
                        "out vec2 v_uv;\n"
                        "void main() {\n"
                        "   vec4 p = instance_xform * position * f + vec4(v3, float(i));\n"
                        "   if (b) p += vec4(farr[0] + farr[1] + farr[2]);\n"
                        "   p.xyz += light.basis * light.dir * light.power;\n"
                        "   p.xyz += lights[1].basis * lights[0].dir * lights[1].power;\n"
                        "   gl_Position = sh.proj * mvp * p * sh.scale;\n"
                        "   v_normal = normal;\n"
                        "   v_uv = uv;\n"
                        "}\n";

static const char *fs =
   "#version 330 core\n"
   "in vec2 v_uv;\n"
   "in vec3 v_normal;\n"
   "uniform sampler2D tex0;\n"
   "uniform sampler2D tex1;\n"
   "uniform Shared { vec4 color; mat4 proj; float scale; } sh;\n"
   "uniform float f;\n"
   "uniform vec4 fonly;\n"
   "out vec4 frag;\n"
   "void main() {\n"
   "   frag = texture(tex0, v_uv) * texture(tex1, v_uv) * sh.color * f + fonly\n"
   "        + vec4(v_normal, 0.0);\n"
   "}\n";

struct expect_uniform {
   const char *name;
   uint32_t type, array_size, offset, array_stride, matrix_stride;
};

static void
check_uniform(const struct glsl_program *p, const struct expect_uniform *e)
{
   const struct glsl_uniform *u = glsl_program_find_uniform(p, e->name);
   CHECK(u, "uniform %s missing", e->name);
   if (!u)
      return;
   CHECK(u->type == e->type, "%s: type 0x%x, want 0x%x", e->name, u->type, e->type);
   CHECK(u->array_size == e->array_size, "%s: array size %u, want %u", e->name, u->array_size,
         e->array_size);
   CHECK(u->offset == e->offset, "%s: offset %u, want %u", e->name, u->offset, e->offset);
   CHECK(u->array_stride == e->array_stride, "%s: array stride %u, want %u", e->name,
         u->array_stride, e->array_stride);
   CHECK(u->matrix_stride == e->matrix_stride, "%s: matrix stride %u, want %u", e->name,
         u->matrix_stride, e->matrix_stride);
   CHECK(!u->row_major, "%s: row major", e->name);
}

/* Before the entry point's OpReturn: ... OpCompositeInsert <y>, OpCompositeInsert <z>, OpStore. */
static int
count_depth_remaps(const struct glsl_spirv *s)
{
   uint32_t prev[3] = {0, 0, 0};
   uint32_t insert_index = 99;
   int n = 0;
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (op == 253 /* OpReturn */ && prev[2] == 62 /* OpStore */ &&
          prev[1] == 82 /* OpCompositeInsert: z */ && prev[0] == 82 /* y */ && insert_index == 2)
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

int
main(void)
{
   CHECK(glsl_init(), "glsl_init");
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, false, vs, &log), "vertex compile: %s", log);
   free(log);
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs, &log), "fragment compile: %s", log);
   free(log);

   const struct glsl_binding attribs[] = {{"position", 5, 0}, {"not_there", 9, 0}};
   struct glsl_link_input in = {
      .source = {[GLSL_STAGE_VERTEX] = vs, [GLSL_STAGE_FRAGMENT] = fs},
      .attrib_bindings = attribs,
      .num_attrib_bindings = 2,
   };
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link failed: %s", log);
   t_print_log("link", log);
   free(log);
   if (!p)
      return t_finish("unit.glsl.link");

   const struct glsl_spirv *vsp = &p->spirv[GLSL_STAGE_VERTEX],
                           *fsp = &p->spirv[GLSL_STAGE_FRAGMENT];
   CHECK(vsp->words && fsp->words, "SPIR-V missing");
   CHECK(p->stages == (GLSL_STAGE_BIT(GLSL_STAGE_VERTEX) | GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT)),
         "stages 0x%x", p->stages);

   /* Default block: std140 offsets of the types used here, after the hidden point size the
    * vertex shader declares first (at 0). */
   const struct expect_uniform du[] = {
      {"f", GL_FLOAT, 1, 4, 0, 0},
      {"v3", GL_FLOAT_VEC3, 1, 16, 0, 0},
      {"mvp", GL_FLOAT_MAT4, 1, 32, 0, 16},
      {"i", GL_INT, 1, 96, 0, 0},
      {"b", GL_BOOL, 1, 100, 0, 0},
      {"farr[0]", GL_FLOAT, 3, 112, 16, 0},
      {"light.dir", GL_FLOAT_VEC3, 1, 160, 0, 0},
      {"light.power", GL_FLOAT, 1, 172, 0, 0},
      {"light.basis", GL_FLOAT_MAT3, 1, 176, 0, 16},
      {"lights[0].dir", GL_FLOAT_VEC3, 1, 224, 0, 0},
      {"lights[0].power", GL_FLOAT, 1, 236, 0, 0},
      {"lights[0].basis", GL_FLOAT_MAT3, 1, 240, 0, 16},
      {"lights[1].dir", GL_FLOAT_VEC3, 1, 288, 0, 0},
      {"lights[1].power", GL_FLOAT, 1, 300, 0, 0},
      {"lights[1].basis", GL_FLOAT_MAT3, 1, 304, 0, 16},
      {"fonly", GL_FLOAT_VEC4, 1, 368, 0, 0},
   };
   for (size_t k = 0; k < sizeof(du) / sizeof(du[0]); k++)
      check_uniform(p, &du[k]);
   CHECK(p->default_block.num_uniforms == sizeof(du) / sizeof(du[0]),
         "default block has %u active uniforms, want %zu", p->default_block.num_uniforms,
         sizeof(du) / sizeof(du[0]));
   CHECK(!glsl_program_find_uniform(p, "never_used"), "inactive uniform reported");
   CHECK(p->default_block.size == 384, "default block size %u, want 384", p->default_block.size);
   CHECK(p->default_block.stages == 3, "default block stages 0x%x", p->default_block.stages);
   for (unsigned k = 0; k < p->default_block.num_uniforms; k++) {
      const struct glsl_uniform *u = &p->default_block.uniforms[k];
      printf("  uniform %-16s type 0x%04x size %u offset %3u astride %2u mstride %2u\n", u->name,
             u->type, u->array_size, u->offset, u->array_stride, u->matrix_stride);
   }

   /* Default block, binding 0 set 0 in both stages. */
   for (int s = 0; s < 2; s++) {
      const struct glsl_spirv *sp = &p->spirv[s];
      uint32_t v = t_spv_var_of_type(sp, "gl_DefaultUniformBlock");
      CHECK(v, "stage %d: no default block variable", s);
      CHECK(t_spv_decoration(sp, v, 33) == GLSL_BINDING_DEFAULT_BLOCK, "stage %d: binding %lld", s,
            (long long)t_spv_decoration(sp, v, 33));
      CHECK(t_spv_decoration(sp, v, 34) == 0, "stage %d: set", s);
   }

   /* The uniform block: index 0, binding 1 in both stages. */
   CHECK(p->num_blocks == 1, "%u blocks", p->num_blocks);
   const struct glsl_uniform_block *blk = glsl_program_find_block(p, "Shared");
   CHECK(blk, "block Shared missing");
   if (blk) {
      CHECK(blk->binding == 1, "Shared binding %u", blk->binding);
      CHECK(blk->data_size == 96, "Shared data size %u, want 96", blk->data_size);
      CHECK(blk->stages == 3, "Shared stages 0x%x", blk->stages);
      CHECK(blk->num_members == 3, "Shared members %u", blk->num_members);
   }
   const struct expect_uniform bm[] = {
      {"Shared.color", GL_FLOAT_VEC4, 1, 0, 0, 0},
      {"Shared.proj", GL_FLOAT_MAT4, 1, 16, 0, 16},
      {"Shared.scale", GL_FLOAT, 1, 80, 0, 0},
   };
   for (size_t k = 0; k < sizeof(bm) / sizeof(bm[0]); k++)
      check_uniform(p, &bm[k]);
   CHECK(t_var_decoration(vsp, "sh", 33) == 1, "vertex Shared binding %lld",
         (long long)t_var_decoration(vsp, "sh", 33));
   CHECK(t_var_decoration(fsp, "sh", 33) == 1, "fragment Shared binding %lld",
         (long long)t_var_decoration(fsp, "sh", 33));
   CHECK(t_var_decoration(vsp, "sh", 34) == 0, "vertex Shared set");
   CHECK(t_var_decoration(fsp, "sh", 34) == 0, "fragment Shared set");

   /* Samplers 0, 1: the first two sampler bindings. */
   CHECK(p->num_samplers == 2, "%u samplers", p->num_samplers);
   const struct glsl_sampler *t0 = glsl_program_find_sampler(p, "tex0");
   const struct glsl_sampler *t1 = glsl_program_find_sampler(p, "tex1");
   CHECK(t0 && t0->binding == GLSL_BINDING_SAMPLER_BASE && t0->type == GL_SAMPLER_2D, "tex0");
   CHECK(t1 && t1->binding == GLSL_BINDING_SAMPLER_BASE + 1 && t1->type == GL_SAMPLER_2D, "tex1");
   CHECK(t_var_decoration(fsp, "tex0", 33) == GLSL_BINDING_SAMPLER_BASE, "tex0 SPIR-V binding %lld",
         (long long)t_var_decoration(fsp, "tex0", 33));
   CHECK(t_var_decoration(fsp, "tex1", 33) == GLSL_BINDING_SAMPLER_BASE + 1,
         "tex1 SPIR-V binding %lld", (long long)t_var_decoration(fsp, "tex1", 33));

   /* Attributes: explicit 2, bound 5, mat4 lowest free 4 contiguous (6..9), vec2 lowest (0),
    * unused one after the active ones. */
   const struct {
      const char *name;
      int loc;
      uint32_t type, nlocs;
   } at[] = {
      {"normal", 2, GL_FLOAT_VEC3, 1},
      {"position", 5, GL_FLOAT_VEC4, 1},
      {"instance_xform", 6, GL_FLOAT_MAT4, 4},
      {"uv", 0, GL_FLOAT_VEC2, 1},
   };
   for (size_t k = 0; k < sizeof(at) / sizeof(at[0]); k++) {
      const struct glsl_io *a = glsl_program_find_input(p, at[k].name);
      CHECK(a, "input %s missing", at[k].name);
      if (!a)
         continue;
      CHECK(a->location == at[k].loc, "%s: location %d, want %d", at[k].name, a->location,
            at[k].loc);
      CHECK(a->type == at[k].type, "%s: type 0x%x", at[k].name, a->type);
      CHECK(a->num_locations == at[k].nlocs, "%s: %u locations", at[k].name, a->num_locations);
      CHECK(a->active, "%s inactive", at[k].name);
      CHECK(t_var_decoration(vsp, at[k].name, 30) == at[k].loc, "%s: SPIR-V Location %lld",
            at[k].name, (long long)t_var_decoration(vsp, at[k].name, 30));
   }
   const struct glsl_io *nr = glsl_program_find_input(p, "never_read");
   CHECK(nr && !nr->active && nr->location == 1, "never_read: %s location %d",
         nr ? (nr->active ? "active" : "inactive") : "missing", nr ? nr->location : -1);
   CHECK(p->num_inputs == 5 && p->inputs[4].active == false, "inputs: %u, last active %d",
         p->num_inputs, p->num_inputs ? p->inputs[p->num_inputs - 1].active : -1);

   /* Fragment output: single, location 0. */
   const struct glsl_io *o = glsl_program_find_output(p, "frag");
   CHECK(o && o->location == 0 && o->type == GL_FLOAT_VEC4, "frag output");
   CHECK(t_var_decoration(fsp, "frag", 30) == 0, "frag SPIR-V location");

   /* Varyings matched by name although declared in another order. */
   const char *vary[] = {"v_normal", "v_uv"};
   for (int k = 0; k < 2; k++) {
      int64_t lv = t_var_decoration(vsp, vary[k], 30), lf = t_var_decoration(fsp, vary[k], 30);
      CHECK(lv >= 0 && lv == lf, "%s: vertex location %lld, fragment %lld", vary[k], (long long)lv,
            (long long)lf);
   }
   CHECK(t_var_decoration(vsp, "v_normal", 30) != t_var_decoration(vsp, "v_uv", 30),
         "varyings share a location");

   /* Depth remap in the vertex stage only. */
   CHECK(count_depth_remaps(vsp) == 1, "vertex depth remaps: %d", count_depth_remaps(vsp));
   CHECK(count_depth_remaps(fsp) == 0, "fragment depth remaps: %d", count_depth_remaps(fsp));
   CHECK(!p->uses_base_instance, "uses_base_instance without gl_InstanceID");

   CHECK(t_spirv_val(vsp, "link-vs") != 0, "vertex SPIR-V invalid");
   CHECK(t_spirv_val(fsp, "link-fs") != 0, "fragment SPIR-V invalid");

   glsl_program_destroy(p);
   glsl_program_destroy(NULL);
   return t_finish("unit.glsl.link");
}
