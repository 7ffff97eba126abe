/* unit.glsl.instance_id — gl_VertexID is VertexIndex (includes first / basevertex, as in GL);
 * gl_InstanceID becomes InstanceIndex - BaseInstance (GL's excludes baseinstance); a vertex-only
 * program links and still gets the depth remap. */
#include "glsl_test_util.h"

int
main(void)
{
   char *log = NULL;
   const char *vs = "#version 330 core\n"
                    "out float id;\n"
                    "void main() {\n"
                    "   gl_Position = vec4(float(gl_VertexID), float(gl_InstanceID), 0.0, 1.0);\n"
                    "   id = float(gl_InstanceID * 2);\n"
                    "}\n";
   const char *fs = "#version 330 core\nin float id;\nout vec4 o;\nvoid main() { o = vec4(id); }\n";
   struct glsl_link_input in = {.source = {vs, fs}};
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "link: %s", log);
   free(log);
   if (p) {
      const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_VERTEX];
      CHECK(p->uses_base_instance, "uses_base_instance not set");
      CHECK(t_spv_has_builtin(s, 42), "no VertexIndex");
      CHECK(t_spv_has_builtin(s, 43), "no InstanceIndex");
      CHECK(t_spv_has_builtin(s, 4425), "no BaseInstance");
      CHECK(!t_spv_has_builtin(s, 5) && !t_spv_has_builtin(s, 6), "GL-only VertexId/InstanceId");
      CHECK(t_spv_count_op(s, 130 /* OpISub */) == 2, "ISub count %d (two reads)",
            t_spv_count_op(s, 130));
      bool cap = false;
      for (size_t k = 5; k < s->num_words; k += s->words[k] >> 16)
         if ((s->words[k] & 0xffff) == 17 && s->words[k + 1] == 4427)
            cap = true;
      CHECK(cap, "no DrawParameters capability");
      CHECK(t_spirv_val(s, "instance-vs") != 0, "vertex SPIR-V");
   }
   glsl_program_destroy(p);

   /* gl_VertexID alone needs nothing extra. Vertex-only program. */
   const char *vs2 = "#version 140\nvoid main() { gl_Position = vec4(float(gl_VertexID)); }\n";
   struct glsl_link_input in2 = {.source = {vs2, NULL}};
   p = glsl_link(&in2, &log);
   CHECK(p, "vertex-only link: %s", log);
   free(log);
   if (p) {
      const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_VERTEX];
      CHECK(!p->uses_base_instance, "uses_base_instance set");
      CHECK(!t_spv_has_builtin(s, 4425), "BaseInstance without gl_InstanceID");
      CHECK(t_spv_count_op(s, 130) == 0, "ISub without gl_InstanceID");
      CHECK(t_spv_count_op(s, 133 /* OpFMul */) >= 1 && t_spv_count_op(s, 82) == 2,
            "depth remap missing");
      CHECK(!p->spirv[GLSL_STAGE_FRAGMENT].words, "fragment SPIR-V without a fragment shader");
      CHECK(t_spirv_val(s, "vonly-vs") != 0, "vertex SPIR-V");
   }
   glsl_program_destroy(p);

   /* Early return from main: every return path gets the remap. */
   const char *vs3 =
      "#version 330 core\nuniform bool early;\n"
      "void main() { gl_Position = vec4(1.0); if (early) return; gl_Position.z = 0.5; }\n";
   struct glsl_link_input in3 = {.source = {vs3, NULL}};
   p = glsl_link(&in3, &log);
   CHECK(p, "early return: %s", log);
   free(log);
   if (p) {
      const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_VERTEX];
      /* The app's main is _mgl_main (the fixed-function point size wrapper calls it): its early
       * return comes back to the entry point, whose one return carries the remap. */
      int returns = t_spv_count_op(s, 253);
      /* (a remap inserts y and z: two OpCompositeInsert) */
      CHECK(returns >= 3 && t_spv_count_op(s, 82 /* OpCompositeInsert */) == 2,
            "returns %d, remaps %d", returns, t_spv_count_op(s, 82));
      CHECK(t_spirv_val(s, "early-vs") != 0, "vertex SPIR-V");
   }
   glsl_program_destroy(p);

   /* gl_Position written only by components, from a helper function. */
   const char *vs4 = "#version 330 core\nin vec4 p;\n"
                     "void put() { gl_Position.x = p.x; gl_Position.yzw = vec3(p.y, p.z, 1.0); }\n"
                     "void main() { put(); }\n";
   struct glsl_link_input in4 = {.source = {vs4, NULL}};
   p = glsl_link(&in4, &log);
   CHECK(p, "component writes: %s", log);
   free(log);
   if (p) {
      const struct glsl_spirv *s = &p->spirv[GLSL_STAGE_VERTEX];
      /* (the remap's three factors: y's, z's and w's) */
      CHECK(t_spv_count_op(s, 133 /* OpFMul */) == 3 && t_spv_count_op(s, 82) >= 1,
            "depth remap missing (FMul %d)", t_spv_count_op(s, 133));
      CHECK(t_spirv_val(s, "components-vs") != 0, "vertex SPIR-V");
   }
   glsl_program_destroy(p);

   return t_finish("unit.glsl.instance_id");
}
