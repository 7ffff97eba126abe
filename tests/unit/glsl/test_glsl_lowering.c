/* unit.glsl.lowering — GL GLSL that glslang's Vulkan target does not take as GL does
 * (glsl_lower.c): #version 110/120/130, the old texture functions, app names that are Vulkan
 * keywords, gl_DepthRange, inverse() in 1.40, line continuation, gl_FragCoord layout qualifiers,
 * several shader objects per stage (a block name declared in each), vertex-attribute aliasing,
 * GL_EXT_texture_array's lookups in GLSL 1.10 / 1.20, GL_KHR_blend_equation_advanced blended in
 * the shader (GLSL_BLEND_IN_SHADER), GL_ARB_shader_texture_lod's *GradARB lookups and
 * GL_AMD_shader_trinary_minmax's min3 / max3 / mid3. */
#include "glsl_test_util.h"

static struct glsl_program *
link2(const char *vs, const char *fs, char **log)
{
   struct glsl_link_input in = {.source = {vs, fs}};
   return glsl_link(&in, log);
}

/* Whether an OpName string starts with `prefix`. */
static bool
t_spv_has_name_prefix(const struct glsl_spirv *s, const char *prefix)
{
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 5 && !strncmp((const char *)&s->words[p + 2], prefix, strlen(prefix)))
         return true;
      p += wc;
   }
   return false;
}

/* Whether `OpExecutionMode main mode` exists. */
static bool
t_spv_has_exec_mode(const struct glsl_spirv *s, uint32_t mode)
{
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 16 && wc >= 3 && s->words[p + 2] == mode)
         return true;
      p += wc;
   }
   return false;
}

/* Input variables decorated with Location `loc`. */
static int
t_spv_inputs_at(const struct glsl_spirv *s, uint32_t loc)
{
   int n = 0;
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 71 && wc >= 4 && s->words[p + 2] == 30 && s->words[p + 3] == loc) {
         uint32_t id = s->words[p + 1];
         for (size_t q = 5; q < s->num_words;) {
            uint32_t wq = s->words[q] >> 16;
            if (!wq)
               break;
            if ((s->words[q] & 0xffff) == 59 && s->words[q + 2] == id && s->words[q + 3] == 1)
               n++;
            q += wq;
         }
      }
      p += wc;
   }
   return n;
}

static bool
valid(const struct glsl_program *p, const char *tag)
{
   bool ok = true;
   for (int s = 0; s < GLSL_STAGE_COUNT; s++)
      if (p->spirv[s].words && t_spirv_val(&p->spirv[s], tag) == 0)
         ok = false;
   return ok;
}

static const char *vs140 = "#version 140\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";

/* GLSL 1.30 in a core context: compiled as 1.40, with its own __VERSION__, no VULKAN macro, the
 * deprecated texture functions, precision qualifiers, gl_FragColor. */
static void
test_version_130(void)
{
   const char *vs = "#version 130\n"
                    "precision highp float;\n"
                    "in vec4 pos;\n"
                    "out vec2 tc;\n"
                    "uniform sampler2D vtex;\n"
                    "void main() {\n"
                    "   gl_Position = pos + texture2DLod(vtex, pos.xy, 0.0);\n"
                    "   tc = pos.xy;\n"
                    "}\n";
   const char *fs =
      "#version 130\n"
      "#if __VERSION__ != 130\n#error __VERSION__ is not 130\n#endif\n"
      "#ifdef VULKAN\n#error VULKAN is defined\n#endif\n"
      "in vec2 tc;\n"
      "uniform sampler2D tex;\n"
      "uniform samplerCube cube;\n"
      "uniform sampler2DShadow depth;\n"
      "void main() {\n"
      "   gl_FragColor = texture2D(tex, tc) + texture2D(tex, tc, 0.5) +\n"
      "                  texture2DProj(tex, vec3(tc, 2.0)) +\n"
      "                  textureCube(cube, tc.xyx) + shadow2D(depth, vec3(tc, 0.5));\n"
      "}\n";
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, false, vs, &log), "1.30 vertex: %s", log);
   free(log);
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs, &log), "1.30 fragment: %s", log);
   free(log);
   struct glsl_program *p = link2(vs, fs, &log);
   CHECK(p, "1.30 link: %s", log);
   if (p) {
      CHECK(valid(p, "v130"), "1.30 SPIR-V");
      CHECK(glsl_program_find_sampler(p, "tex") && glsl_program_find_sampler(p, "cube") &&
               glsl_program_find_sampler(p, "depth") && glsl_program_find_sampler(p, "vtex"),
            "1.30 samplers");
      const struct glsl_io *o = glsl_program_find_output(p, "gl_FragColor");
      CHECK(o && o->location == 0 && o->active, "1.30 gl_FragColor");
      /* the shadow lookup is a depth-comparison sample (OpImageSampleDrefImplicitLod) */
      CHECK(t_spv_count_op(&p->spirv[1], 89) == 1, "1.30 shadow2D: Dref samples %d",
            t_spv_count_op(&p->spirv[1], 89));
   }
   glsl_program_destroy(p);
   free(log);
}

/* GLSL 1.10 / 1.20 without fixed-function state; names that are keywords only in Vulkan GLSL
 * keep working and keep their names. */
static void
test_legacy_and_vulkan_keywords(void)
{
   const char *vs = "#version 120\n"
                    "attribute vec4 pos;\n"
                    "varying vec2 tc;\n"
                    "uniform float sampler;\n"
                    "void main() { gl_Position = pos * sampler; tc = pos.xy; }\n";
   const char *fs = "varying vec2 tc;\n" /* no #version: 1.10 */
                    "uniform sampler2D texture1D;\n"
                    "uniform sampler2DShadow shadowmap;\n"
                    "uniform float sampler;\n"
                    "void main() {\n"
                    "   gl_FragData[0] = texture2D(texture1D, tc) * sampler +\n"
                    "                    shadow2DProj(shadowmap, vec4(tc, 0.5, 1.0));\n"
                    "}\n";
   char *log = NULL;
   struct glsl_program *p = link2(vs, fs, &log);
   CHECK(p, "1.10/1.20 link: %s", log);
   if (p) {
      CHECK(valid(p, "legacy"), "legacy SPIR-V");
      const struct glsl_io *in = glsl_program_find_input(p, "pos");
      CHECK(in && in->active, "attribute pos");
      CHECK(glsl_program_find_uniform(p, "sampler"), "uniform `sampler' keeps its name");
      CHECK(glsl_program_find_sampler(p, "texture1D"), "sampler `texture1D' keeps its name");
      CHECK(glsl_program_find_sampler(p, "shadowmap"), "shadowmap");
      CHECK(glsl_program_find_output(p, "gl_FragData"), "gl_FragData");
      CHECK(!glsl_program_find_uniform(p, "_mgl_id_sampler"), "mangled name leaked");
   }
   glsl_program_destroy(p);
   free(log);

   /* A message about a renamed identifier names it as the app wrote it. */
   const char *bad = "#version 150\nout vec4 o;\nvoid main() { o = vec4(sampler); }\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, bad, &log),
         "undeclared `sampler' compiled");
   CHECK(log && strstr(log, "'sampler'") && !strstr(log, "_mgl"), "log: %s", log);
   free(log);
}

/* gl_DepthRange: a hidden member of the default block the front end fills. */
static void
test_depth_range(void)
{
   const char *vs = "#version 140\n"
                    "in vec4 pos;\n"
                    "out float n;\n"
                    "uniform vec4 u;\n"
                    "void main() { gl_Position = pos + u; n = gl_DepthRange.near; }\n";
   const char *fs = "#version 140\n"
                    "in float n;\n"
                    "void main() {\n"
                    "   gl_DepthRangeParameters d = gl_DepthRange;\n"
                    "   gl_FragColor = vec4(n, d.far, gl_DepthRange.diff, 1.0);\n"
                    "}\n";
   char *log = NULL;
   struct glsl_program *p = link2(vs, fs, &log);
   CHECK(p, "gl_DepthRange link: %s", log);
   if (p) {
      const struct glsl_default_block *db = &p->default_block;
      CHECK(valid(p, "depthrange"), "gl_DepthRange SPIR-V");
      uint32_t off = db->state_offset[GLSL_STATE_DEPTH_RANGE];
      /* a vertex shader with no geometry shader also reads the fixed-function point size */
      CHECK(db->state_mask == ((1u << GLSL_STATE_DEPTH_RANGE) | (1u << GLSL_STATE_POINT_SIZE)),
            "state mask %#x", db->state_mask);
      CHECK(off % 16 == 0 && off + 12 <= db->size, "offset %u size %u", off, db->size);
      CHECK(db->stages == (GLSL_STAGE_BIT(GLSL_STAGE_VERTEX) | GLSL_STAGE_BIT(GLSL_STAGE_FRAGMENT)),
            "stages %#x", db->stages);
      /* only the app's uniform is reflected */
      CHECK(db->num_uniforms == 1 && !strcmp(db->uniforms[0].name, "u"), "uniforms: %u",
            db->num_uniforms);
      const struct glsl_uniform *u = glsl_program_find_uniform(p, "u");
      CHECK(u && (u->offset + 16 <= off || u->offset >= off + 12), "u overlaps gl_DepthRange");
      CHECK(!glsl_program_find_uniform(p, "gl_DepthRange.near") &&
               !glsl_program_find_uniform(p, "_mgl_DepthRange.near"),
            "gl_DepthRange reflected");
   }
   glsl_program_destroy(p);
   free(log);
}

/* The hidden point size (every desktop vertex shader without a geometry stage reads it) sits
 * outside the app's own default-block members, which the stages' merged block keeps
 * contiguous: a draw that changes the vertex shader's uniform and the fragment shader's sends
 * one range without hidden bytes in it (mgl-demo's u_model and u_tint). */
static void
test_hidden_members_outside_app_range(void)
{
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec4 pos;\n"
                    "uniform mat4 u_model;\n"
                    "void main() { gl_Position = u_model * pos; }\n";
   const char *fs = "#version 330 core\n"
                    "uniform vec4 u_tint;\n"
                    "out vec4 o;\n"
                    "void main() { o = u_tint; }\n";
   char *log = NULL;
   struct glsl_program *p = link2(vs, fs, &log);
   CHECK(p, "link: %s", log);
   if (p) {
      const struct glsl_default_block *db = &p->default_block;
      const struct glsl_uniform *m = glsl_program_find_uniform(p, "u_model");
      const struct glsl_uniform *t = glsl_program_find_uniform(p, "u_tint");
      CHECK(m && t, "uniforms reflected");
      CHECK(db->state_mask & (1u << GLSL_STATE_POINT_SIZE), "no hidden point size");
      if (m && t) {
         CHECK(t->offset == m->offset + 64, "u_model at %u, u_tint at %u", m->offset, t->offset);
         const uint32_t ps = db->state_offset[GLSL_STATE_POINT_SIZE];
         CHECK(ps + 4 <= m->offset || ps >= t->offset + 16,
               "point size at %u inside the app's "
               "[%u, %u)",
               ps, m->offset, t->offset + 16);
      }
      CHECK(valid(p, "hidden-order"), "SPIR-V");
   }
   glsl_program_destroy(p);
   free(log);
}

/* Whether some OpDecorate gives `Binding b` in s. */
static bool
t_spv_has_binding(const struct glsl_spirv *s, uint32_t b)
{
   for (size_t p = 5; p < s->num_words;) {
      uint32_t wc = s->words[p] >> 16, op = s->words[p] & 0xffff;
      if (!wc)
         break;
      if (op == 71 && wc >= 4 && s->words[p + 2] == 33 && s->words[p + 3] == b)
         return true;
      p += wc;
   }
   return false;
}

/* GLSL_BLEND_IN_SHADER: a fragment unit declaring layout(blend_support_*) gets the appended
 * blend: the hidden _mgl_BlendEquation state uniform and the hidden sampler at
 * GLSL_BINDING_BLEND_DST (no GL sampler); without the flag, or without blend_support, neither.
 * A unit whose colour output 0 cannot be named fails with a log line. */
static void
test_blend_in_shader(void)
{
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec4 pos;\n"
                    "void main() { gl_Position = pos; }\n";
   const char *fs = "#version 330 core\n"
                    "#extension GL_KHR_blend_equation_advanced : require\n"
                    "layout(blend_support_multiply, blend_support_hsl_hue) out;\n"
                    "uniform vec4 u_color;\n"
                    "uniform sampler2D u_tex;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = u_color * texture(u_tex, vec2(0.5)); }\n";
   for (int flag = 0; flag < 2; flag++) {
      struct glsl_link_input in = {.source = {vs, fs}, .deny = flag ? GLSL_BLEND_IN_SHADER : 0};
      char *log = NULL;
      struct glsl_program *p = glsl_link(&in, &log);
      CHECK(p, "blend_support link (flag %d): %s", flag, log);
      if (p) {
         const struct glsl_spirv *f = &p->spirv[GLSL_STAGE_FRAGMENT];
         const bool state = (p->default_block.state_mask >> GLSL_STATE_BLEND_EQUATION & 1u) != 0;
         CHECK(state == (flag != 0), "flag %d: _mgl_BlendEquation %s", flag,
               state ? "present" : "absent");
         CHECK(t_spv_has_binding(f, GLSL_BINDING_BLEND_DST) == (flag != 0), "flag %d: binding %u",
               flag, GLSL_BINDING_BLEND_DST);
         CHECK(p->num_samplers == 1 && !strcmp(p->samplers[0].name, "u_tex"),
               "flag %d: %u GL samplers", flag, p->num_samplers);
         CHECK(p->blend_support == 0x801u, "blend_support %#x", p->blend_support);
         CHECK(valid(p, "blend-in-shader"), "SPIR-V (flag %d)", flag);
      }
      glsl_program_destroy(p);
      free(log);
   }
   /* no blend_support: nothing appended */
   const char *plain = "#version 330 core\n"
                       "out vec4 o;\n"
                       "void main() { o = vec4(1.0); }\n";
   struct glsl_link_input in = {.source = {vs, plain}, .deny = GLSL_BLEND_IN_SHADER};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p && !(p->default_block.state_mask >> GLSL_STATE_BLEND_EQUATION & 1u) &&
            !t_spv_has_binding(&p->spirv[GLSL_STAGE_FRAGMENT], GLSL_BINDING_BLEND_DST),
         "a unit without blend_support got the blend: %s", log ? log : "");
   glsl_program_destroy(p);
   free(log);
   /* two outputs, neither at location 0 by layout: no colour output 0 to blend */
   const char *two = "#version 330 core\n"
                     "#extension GL_KHR_blend_equation_advanced : require\n"
                     "layout(blend_support_screen) out;\n"
                     "out vec4 a;\n"
                     "out vec4 b;\n"
                     "void main() { a = vec4(1.0); b = vec4(0.0); }\n";
   in = (struct glsl_link_input){.source = {vs, two}, .deny = GLSL_BLEND_IN_SHADER};
   log = NULL;
   p = glsl_link(&in, &log);
   CHECK(!p && log && strstr(log, "blend_support"), "two outputs: %s", log ? log : "(linked)");
   glsl_program_destroy(p);
   free(log);
}

/* inverse() is a GLSL 1.40 built-in; glslang declares it from 1.50 on. */
static void
test_inverse_140(void)
{
   const char *vs = "#version 140\n"
                    "in vec4 pos;\n"
                    "uniform mat3 m3;\n"
                    "out vec3 v;\n"
                    "void main() { gl_Position = pos; v = inverse(m3) * pos.xyz; }\n";
   const char *fs = "#version 140\n"
                    "uniform mat2 m2;\n"
                    "uniform mat4 m4;\n"
                    "in vec3 v;\n"
                    "void main() { gl_FragColor = inverse(m4) * vec4(inverse(m2)[0], v.xy); }\n";
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs, &log), "inverse compile: %s", log);
   free(log);
   struct glsl_program *p = link2(vs, fs, &log);
   CHECK(p, "inverse link: %s", log);
   if (p) {
      CHECK(valid(p, "inverse"), "inverse SPIR-V");
      CHECK(t_spv_has_name_prefix(&p->spirv[0], "_mgl_id_inverse(") &&
               t_spv_has_name_prefix(&p->spirv[1], "_mgl_id_inverse("),
            "1.40: the provided inverse()");
   }
   glsl_program_destroy(p);
   free(log);

   /* 1.50: glslang's own (GLSL.std.450 MatrixInverse); nothing provided. */
   const char *fs150 = "#version 150\nuniform mat2 m2;\nout vec4 o;\n"
                       "void main() { o = vec4(inverse(m2)[0], 0.0, 1.0); }\n";
   p = link2("#version 150\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n", fs150, &log);
   CHECK(p && !t_spv_has_name_prefix(&p->spirv[1], "_mgl_id_inverse("), "1.50 inverse: %s", log);
   glsl_program_destroy(p);
   free(log);

   /* An app's own inverse() is its own. */
   const char *own = "#version 140\nuniform mat2 m2;\n"
                     "mat2 inverse(mat2 m) { return m; }\n"
                     "void main() { gl_FragColor = vec4(inverse(m2)[0], 0.0, 1.0); }\n";
   p = link2(vs140, own, &log);
   CHECK(p, "own inverse: %s", log);
   glsl_program_destroy(p);
   free(log);

   /* Not a 1.30 built-in. */
   const char *fs130 = "#version 130\nuniform mat2 m2;\n"
                       "void main() { gl_FragColor = vec4(inverse(m2)[0], 0.0, 1.0); }\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs130, &log), "1.30 inverse compiled");
   free(log);
}

/* `\` + newline (GLSL 1.30+): one logical line; later lines keep their numbers. */
static void
test_line_continuation(void)
{
   const char *fs = "#version 150\n"                                  /* 1 */
                    "uniform float ref;\n"                            /* 2 */
                    "out vec4 color;\n"                               /* 3 */
                    "#define CHECK(value, expected) \\\n"             /* 4 */
                    "\tif (distance(value, expected) > 0.00001) \\\n" /* 5 */
                    "\t\tfailed = true\n"                             /* 6 */
                    "void main() {\n"                                 /* 7 */
                    "   bool failed = false;\n"                       /* 8 */
                    "   CHECK(ref, 1.0);\n"                           /* 9 */
                    "   float x = 2.\\\n"                             /* 10 */
                    "0;\n"                                            /* 11 */
                    "   color = failed ? vec4(1.0) : vec4(x);\n"      /* 12 */
                    "}\n";
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, fs, &log), "continuation: %s", log);
   free(log);
   const char *vs = "#version 150\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
   struct glsl_program *p = link2(vs, fs, &log);
   CHECK(p && valid(p, "continuation"), "continuation link: %s", log);
   glsl_program_destroy(p);
   free(log);

   const char *bad = "#version 150\n"             /* 1 */
                     "#define A(x) \\\n"          /* 2 */
                     "   ((x) + \\\n"             /* 3 */
                     "    1.0)\n"                 /* 4 */
                     "out vec4 color;\n"          /* 5 */
                     "void main() {\n"            /* 6 */
                     "   color = vec4(A(2.0));\n" /* 7 */
                     "   color = nope;\n"         /* 8 */
                     "}\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, bad, &log), "bad compiled");
   CHECK(log && strstr(log, "0:8:") && strstr(log, "nope"), "line 8: %s", log);
   free(log);
}

/* gl_FragCoord layout qualifiers: Vulkan forbids PixelCenterInteger and has one origin. */
static void
test_frag_coord(void)
{
   const char *vs = "#version 150\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
   const char *both = "#version 150\n"
                      "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"
                      "out vec4 o;\n"
                      "void main() { o = vec4(gl_FragCoord.xy, gl_FragCoord.z, 1.0); }\n";
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, both, &log), "both: %s", log);
   free(log);
   struct glsl_program *p = link2(vs, both, &log);
   CHECK(p, "both link: %s", log);
   if (p) {
      CHECK(valid(p, "fragcoord"), "fragcoord SPIR-V");
      CHECK(!t_spv_has_exec_mode(&p->spirv[1], 6 /* PixelCenterInteger */), "PixelCenterInteger");
      CHECK(t_spv_has_exec_mode(&p->spirv[1], 7 /* OriginUpperLeft */), "OriginUpperLeft");
      const struct glsl_default_block *db = &p->default_block;
      CHECK(db->state_mask ==
               ((1u << GLSL_STATE_FRAMEBUFFER_HEIGHT) | (1u << GLSL_STATE_POINT_SIZE)),
            "state %#x", db->state_mask);
      CHECK(db->state_offset[GLSL_STATE_FRAMEBUFFER_HEIGHT] + 4 <= db->size &&
               db->num_uniforms == 0,
            "framebuffer height at %u of %u", db->state_offset[GLSL_STATE_FRAMEBUFFER_HEIGHT],
            db->size);
   }
   glsl_program_destroy(p);
   free(log);

   /* pixel_center_integer alone needs no state; a plain redeclaration changes nothing. */
   const char *pci = "#version 150\nlayout(pixel_center_integer) in vec4 gl_FragCoord;\n"
                     "out vec4 o;\nvoid main() { o = gl_FragCoord; }\n";
   p = link2(vs, pci, &log);
   CHECK(p && valid(p, "fragcoord-pci") &&
            p->default_block.state_mask == 1u << GLSL_STATE_POINT_SIZE &&
            !t_spv_has_exec_mode(&p->spirv[1], 6),
         "pixel_center_integer: %s", log);
   glsl_program_destroy(p);
   free(log);
   const char *plain = "#version 150\nin vec4 gl_FragCoord;\nout vec4 o;\n"
                       "void main() { o = gl_FragCoord; }\n";
   p = link2(vs, plain, &log);
   CHECK(p && valid(p, "fragcoord-plain") &&
            p->default_block.state_mask == 1u << GLSL_STATE_POINT_SIZE,
         "plain: %s", log);
   glsl_program_destroy(p);
   free(log);

   /* GLSL 1.50, 4.3.8.1: redeclared before any use. */
   const char *late = "#version 150\nout vec4 o;\nvec4 f() { return gl_FragCoord; }\n"
                      "layout(origin_upper_left) in vec4 gl_FragCoord;\n"
                      "void main() { o = f(); }\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, late, &log) && log &&
            strstr(log, "0:4") && strstr(log, "gl_FragCoord"),
         "redeclared after use: %s", log);
   free(log);

   /* Redeclared twice in one unit: the same qualifiers compile (and keep the layout), a plain
    * redeclaration followed by a layout one does not. */
   const char *twice = "#version 150\n"
                       "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"
                       "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"
                       "out vec4 o;\nvoid main() { o = gl_FragCoord; }\n";
   p = link2(vs, twice, &log);
   CHECK(p && valid(p, "fragcoord-twice") &&
            t_spv_has_exec_mode(&p->spirv[1], 7 /* OriginUpperLeft */),
         "redeclared twice alike: %s", log);
   glsl_program_destroy(p);
   free(log);
   const char *conflict = "#version 150\nin vec4 gl_FragCoord;\n"
                          "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"
                          "void main() {}\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, conflict, &log) && log &&
            strstr(log, "0:3") && strstr(log, "different layout"),
         "plain then layout: %s", log);
   free(log);

   /* Several fragment shader objects: the same layout wherever it is redeclared, and every
    * object that uses it redeclares it (piglit fragcoord-layout-qualifiers-*). */
   const char *f_main = "#version 150\n"
                        "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"
                        "void alpha();\nvoid blue();\n"
                        "void main() { gl_FragColor = vec4(gl_FragCoord.xy, 0.0, 1.0); blue(); "
                        "alpha(); }\n";
   const char *f_blue = "#version 150\nvoid blue() { gl_FragColor.b = 1.0; }\n";
   const char *f_alpha = "#version 150\n"
                         "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"
                         "void alpha() { gl_FragColor.a = gl_FragCoord.z; }\n";
   const char *f_alpha_other = "#version 150\n"
                               "layout(origin_upper_left) in vec4 gl_FragCoord;\n"
                               "void alpha() { gl_FragColor.a = gl_FragCoord.z; }\n";
   const char *f_alpha_missing = "#version 150\n"
                                 "void alpha() { gl_FragColor.a = gl_FragCoord.z; }\n";
   const char *vobj[] = {vs};
   const char *matching[] = {f_main, f_blue, f_alpha};
   struct glsl_link_input in = {.objects = {vobj, matching}, .num_objects = {1, 3}};
   p = glsl_link(&in, &log);
   CHECK(p, "matching: %s", log);
   if (p) {
      CHECK(valid(p, "fragcoord-objects"), "matching SPIR-V");
      const struct glsl_io *o = glsl_program_find_output(p, "gl_FragColor");
      CHECK(p->num_outputs == 1 && o && o->location == 0, "one gl_FragColor: %u outputs",
            p->num_outputs);
   }
   glsl_program_destroy(p);
   free(log);
   const char *conflicting[] = {f_main, f_blue, f_alpha_other};
   in.objects[1] = conflicting;
   p = glsl_link(&in, &log);
   CHECK(!p && log && strstr(log, "different layout qualifiers"), "conflicting: %s", log);
   glsl_program_destroy(p);
   free(log);
   const char *missing[] = {f_main, f_blue, f_alpha_missing};
   in.objects[1] = missing;
   p = glsl_link(&in, &log);
   CHECK(!p && log && strstr(log, "without its redeclaration"), "missing: %s", log);
   glsl_program_destroy(p);
   free(log);
}

/* Shader objects are compilation units: a uniform block, a uniform and a struct may be declared in
 * each (piglit interface-blocks-complex-vs-fs); instance names are local to each. */
static void
test_objects(void)
{
   const char *v1 = "#version 150\n"
                    "in vec4 pos;\n"
                    "uniform ublk { vec4 color; } c;\n"
                    "uniform float k;\n"
                    "struct S { vec2 gb; };\n"
                    "out vblk { vec4 r; };\n"
                    "void set_gb(S s);\n"
                    "void main() { gl_Position = pos; r = c.color * k; set_gb(S(pos.xy)); }\n";
   const char *v2 = "#version 150\n"
                    "uniform ublk { vec4 color; } other;\n"
                    "uniform float k;\n"
                    "struct S { vec2 gb; };\n"
                    "out vec2 gb;\n"
                    "void set_gb(S s) { gb = s.gb * other.color.xy * k; }\n";
   const char *f1 = "#version 150\n"
                    "in vblk { vec4 r; } blk;\n"
                    "in vec2 gb;\n"
                    "void main() { gl_FragColor = blk.r + vec4(gb, 0.0, 0.0); }\n";
   const char *vobj[] = {v1, v2}, *fobj[] = {f1};
   struct glsl_link_input in = {.objects = {vobj, fobj}, .num_objects = {2, 1}};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "objects link: %s", log);
   if (p) {
      CHECK(valid(p, "objects"), "objects SPIR-V");
      CHECK(p->num_blocks == 1 && glsl_program_find_block(p, "ublk"), "one block ublk: %u",
            p->num_blocks);
      CHECK(glsl_program_find_uniform(p, "k") && p->default_block.num_uniforms == 1, "k");
      CHECK(glsl_program_find_uniform(p, "ublk.color"), "ublk.color");
      CHECK(!log || !strstr(log, "instance names"), "log: %s", log);
   }
   glsl_program_destroy(p);
   free(log);

   /* Each object compiles on its own too (glCompileShader). */
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, false, v2, &log), "v2 alone: %s", log);
   free(log);
}

/* GL vertex-attribute aliasing: several names bound to one location, no path reads two
 * (piglit overlapping-locations-input-attribs). */
static void
test_attribute_aliasing(void)
{
   const char *vs = "#version 130\n"
                    "in vec2 vertex;\n"
                    "in vec3 color0;\n"
                    "in vec3 color1;\n"
                    "in vec3 color2;\n"
                    "out vec4 color;\n"
                    "uniform int x;\n"
                    "void main() {\n"
                    "  gl_Position = vec4(vertex, 0, 1);\n"
                    "  switch (x) {\n"
                    "  case 0: color = vec4(color0, 1.0); break;\n"
                    "  case 1: color = vec4(color1, 1.0); break;\n"
                    "  case 2: color = vec4(color2.xy, color2[2], 1.0); break;\n"
                    "  default: color = vec4(1.0);\n"
                    "  }\n"
                    "}\n";
   const char *fs = "#version 130\nin vec4 color;\nout vec4 out_color;\n"
                    "void main() { out_color = color; }\n";
   const struct glsl_binding ab[] = {
      {"vertex", 0, 0}, {"color0", 1, 0}, {"color1", 1, 0}, {"color2", 1, 0}};
   struct glsl_link_input in = {
      .source = {vs, fs}, .attrib_bindings = ab, .num_attrib_bindings = 4};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "aliasing link: %s", log);
   if (p) {
      CHECK(valid(p, "aliasing"), "aliasing SPIR-V");
      for (int i = 0; i < 3; i++) {
         char name[8];
         snprintf(name, sizeof(name), "color%d", i);
         const struct glsl_io *c = glsl_program_find_input(p, name);
         CHECK(c && c->active && c->location == 1, "%s at 1", name);
      }
      CHECK(t_spv_inputs_at(&p->spirv[0], 1) == 1, "Input variables at location 1: %d",
            t_spv_inputs_at(&p->spirv[0], 1));
   }
   glsl_program_destroy(p);
   free(log);

   /* The same aliasing by layout(location) in the shader (glslang alone refuses it: "overlapping
    * use of location"); `sampler', a Vulkan keyword, keeps its GL name and location too. */
   const char *vsl = "#version 330\n"
                     "layout(location = 0) in vec2 vertex;\n"
                     "layout(location = 1) in vec3 color0;\n"
                     "layout (location=1) in vec3 color1;\n"
                     "layout(location = 1) in vec3 sampler;\n"
                     "layout(location = 2) in float unshared;\n"
                     "out vec4 color;\n"
                     "uniform int x;\n"
                     "void main() {\n"
                     "  gl_Position = vec4(vertex, unshared, 1);\n"
                     "  if (x == 0) color = vec4(color0, 1.0);\n"
                     "  else if (x == 1) color = vec4(color1, 1.0);\n"
                     "  else color = vec4(sampler, 1.0);\n"
                     "}\n";
   char *clog = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, false, vsl, &clog), "aliased layout compile: %s",
         clog);
   free(clog);
   struct glsl_link_input inl = {.source = {vsl, fs}};
   p = glsl_link(&inl, &log);
   CHECK(p, "layout aliasing link: %s", log);
   if (p) {
      CHECK(valid(p, "layout-aliasing"), "layout aliasing SPIR-V");
      static const char *const names[] = {"color0", "color1", "sampler"};
      for (int i = 0; i < 3; i++) {
         const struct glsl_io *c = glsl_program_find_input(p, names[i]);
         CHECK(c && c->active && c->location == 1, "%s at %d", names[i], c ? c->location : -9);
      }
      const struct glsl_io *u = glsl_program_find_input(p, "unshared");
      CHECK(u && u->location == 2, "unshared at %d", u ? u->location : -9);
      CHECK(t_spv_inputs_at(&p->spirv[0], 1) == 1, "Input variables at location 1: %d",
            t_spv_inputs_at(&p->spirv[0], 1));
   }
   glsl_program_destroy(p);
   free(log);

   /* ESSL 3.00 forbids aliasing (ES 3.0 2.11.5) */
   const char *vses = "#version 300 es\n"
                      "layout(location = 1) in vec4 a;\n"
                      "layout(location = 1) in vec4 b;\n"
                      "void main() { gl_Position = a + b; }\n";
   const char *fses = "#version 300 es\nprecision mediump float;\nout vec4 o;\n"
                      "void main() { o = vec4(1.0); }\n";
   struct glsl_link_input ines = {.source = {vses, fses}, .es = true};
   p = glsl_link(&ines, &log);
   CHECK(!p, "aliased inputs linked in ESSL 3.00");
   glsl_program_destroy(p);
   free(log);

   /* bound by glBindAttribLocation: ESSL 1.00 may alias (ES 2.0 2.10.4), ESSL 3.00 may not */
   static const struct glsl_binding es_ab[] = {{"a", 3, 0}, {"b", 3, 0}};
   const char *vs100 = "attribute vec4 a;\nattribute vec4 b;\n"
                       "uniform bool u;\n"
                       "void main() { gl_Position = u ? a : b; }\n";
   const char *fs100 = "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n";
   struct glsl_link_input in100 = {
      .source = {vs100, fs100}, .es = true, .attrib_bindings = es_ab, .num_attrib_bindings = 2};
   p = glsl_link(&in100, &log);
   CHECK(p != NULL, "bound aliases refused in ESSL 1.00: %s", log ? log : "");
   glsl_program_destroy(p);
   free(log);
   const char *vs300 = "#version 300 es\nin vec4 a;\nin vec4 b;\nuniform bool u;\n"
                       "void main() { gl_Position = u ? a : b; }\n";
   struct glsl_link_input in300 = {
      .source = {vs300, fses}, .es = true, .attrib_bindings = es_ab, .num_attrib_bindings = 2};
   p = glsl_link(&in300, &log);
   CHECK(!p, "bound aliases linked in ESSL 3.00");
   CHECK(log && strstr(log, "alias"), "log: %s", log ? log : "");
   glsl_program_destroy(p);
   free(log);

   /* two explicit aliases of different types: this implementation's link error, not a crash */
   const char *vsd = "#version 330\n"
                     "layout(location = 1) in vec3 a;\n"
                     "layout(location = 1) in vec4 b;\n"
                     "out vec4 color;\n"
                     "void main() { gl_Position = b; color = vec4(a, 1.0); }\n";
   struct glsl_link_input ind = {.source = {vsd, fs}};
   p = glsl_link(&ind, &log);
   CHECK(!p && log && strstr(log, "alias location 1"), "different-type aliases: %s", log);
   glsl_program_destroy(p);
   free(log);
}

/* __VERSION__ is a predefined macro: `defined` finds it, and it expands to the unit's own
 * version, not the one glslang compiles the lowered unit at. */
static void
test_version_macro(void)
{
   static const struct {
      bool es;
      const char *version;
      int number;
   } cases[] = {{false, "110", 110},      {false, "130", 130}, {false, "150", 150},
                {false, "330 core", 330}, {true, "100", 100},  {true, "300 es", 300}};
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char src[512];
      snprintf(src, sizeof(src),
               "#version %s\n"
               "#if !defined __VERSION__ || !defined(__VERSION__) || !defined ( __VERSION__ )\n"
               "#error not defined\n"
               "#elif __VERSION__ != %d\n"
               "#error wrong value\n"
               "#endif\n"
               "#ifndef __VERSION__\n#error ifndef\n#endif\n"
               "#ifdef __VERSION__\nvoid main() {}\n#endif\n",
               cases[i].version, cases[i].number);
      char *log = NULL;
      CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, cases[i].es, src, &log), "__VERSION__ %s: %s",
            cases[i].version, log);
      free(log);
   }
   /* an undefined name stays undefined, and `defined` of another name is untouched */
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_VERTEX, false,
                             "#version 150\n#if defined __VERSION_ || defined(X__VERSION__)\n"
                             "#error wrong\n#endif\nvoid main() {}\n",
                             &log),
         "similar names: %s", log);
   free(log);
}

/* noise1..4 (desktop GLSL 1.10-4.x; glslang's Vulkan target has none): every overload, an int
 * argument converted, in a vertex and a geometry shader; not an ESSL built-in. */
static void
test_noise(void)
{
   const char *vs = "#version 150\n"
                    "in vec4 pos;\n"
                    "out float n1;\n"
                    "out vec2 n2;\n"
                    "void main() {\n"
                    "  n1 = noise1(pos.x) + noise1(pos.xy) + noise1(pos.xyz) + noise1(pos);\n"
                    "  n2 = noise2(pos.x) + noise2(pos.xy) + noise2(pos.xyz) + noise2(pos);\n"
                    "  gl_Position = pos + vec4(noise3(pos.xyz), 0.0) + noise4(pos);\n"
                    "}\n";
   const char *gs = "#version 150\n"
                    "layout(points) in;\n"
                    "layout(points, max_vertices = 1) out;\n"
                    "in float n1[];\n"
                    "in vec2 n2[];\n"
                    "out float n;\n"
                    "void main() { n = noise1(25) + n1[0] + n2[0].y; gl_Position = vec4(0.0);\n"
                    "  EmitVertex(); }\n";
   const char *fs = "#version 150\nin float n;\nout vec4 o;\n"
                    "void main() { o = vec4(n); }\n";
   struct glsl_link_input in = {.source = {vs, fs, gs}};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   CHECK(p, "noise link: %s", log);
   if (p) {
      CHECK(valid(p, "noise"), "noise SPIR-V");
      CHECK(t_spv_has_name_prefix(&p->spirv[GLSL_STAGE_GEOMETRY], "_mgl_id_noise1("),
            "the provided noise1() in the geometry stage");
   }
   glsl_program_destroy(p);
   free(log);
   const char *es = "#version 300 es\nin vec4 pos;\n"
                    "void main() { gl_Position = vec4(noise1(pos.x)); }\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, true, es, &log), "ESSL has no noise1()");
   free(log);
}

/* A geometry shader without #version (GLSL 1.10, as Mesa takes it) compiles, sees its own
 * __VERSION__ and reads gl_DepthRange; glslang alone refuses any geometry shader below 1.50. */
static void
test_versionless_geometry(void)
{
   const char *gs = "#if __VERSION__ != 110\n#error __VERSION__\n#endif\n"
                    "void main() {\n"
                    "  gl_Position = vec4(gl_DepthRange.near, gl_DepthRange.far,\n"
                    "                     gl_DepthRange.diff, 0.0);\n"
                    "  EmitVertex();\n"
                    "}\n";
   char *log = NULL;
   CHECK(glsl_compile_shader(GLSL_STAGE_GEOMETRY, false, gs, &log), "#version-less GS: %s", log);
   free(log);
}

/* GL_EXT_texture_array in GLSL 1.10 / 1.20: `require` compiles (glslang knows no such
 * extension), its macro is defined, every lookup (texture1DArray, texture2DArray, their Lod and
 * bias forms, shadow1DArray, shadow1DArrayLod, shadow2DArray) is provided, a shadow one of a
 * uniform sampler takes the GL_DEPTH_TEXTURE_MODE pair; without the directive they are no
 * built-ins. */
static void
test_texture_array(void)
{
   const char *vs = "#version 120\n"
                    "#extension GL_EXT_texture_array : require\n"
                    "attribute vec4 pos;\n"
                    "uniform sampler2DArray vt;\n"
                    "varying vec3 tc;\n"
                    "void main() { tc = pos.xyz;\n"
                    "  gl_Position = pos + texture2DArrayLod(vt, tc, 0.0); }\n";
   const char *fs = "#extension GL_EXT_texture_array : require\n"
                    "#ifndef GL_EXT_texture_array\n#error no macro\n#endif\n"
                    "uniform sampler1DArray a1;\n"
                    "uniform sampler2DArray a2;\n"
                    "uniform sampler1DArrayShadow s1;\n"
                    "uniform sampler2DArrayShadow s2;\n"
                    "varying vec3 tc;\n"
                    "void main() {\n"
                    "  gl_FragColor = texture1DArray(a1, tc.xy) + texture1DArray(a1, tc.xy, 1.0)\n"
                    "    + texture1DArrayLod(a1, tc.xy, 2.0) + texture2DArray(a2, tc)\n"
                    "    + texture2DArray(a2, tc, 1.0) + texture2DArrayLod(a2, tc, 1.0)\n"
                    "    + shadow1DArray(s1, tc) + shadow1DArray(s1, tc, 1.0)\n"
                    "    + shadow1DArrayLod(s1, tc, 0.0) + shadow2DArray(s2, tc.xyzx);\n"
                    "}\n";
   char *log = NULL;
   struct glsl_program *p = link2(vs, fs, &log);
   CHECK(p, "GL_EXT_texture_array link: %s", log);
   if (p) {
      CHECK(valid(p, "texture-array"), "texture-array SPIR-V");
      CHECK(glsl_program_find_sampler(p, "a1") && glsl_program_find_sampler(p, "s2") &&
               glsl_program_find_sampler(p, "vt"),
            "array samplers");
      /* shadow1DArray, its bias form and shadow2DArray: depth-comparison samples
       * (OpImageSampleDrefImplicitLod); shadow1DArrayLod an explicit-LOD one (90) */
      CHECK(t_spv_count_op(&p->spirv[1], 89) == 3 && t_spv_count_op(&p->spirv[1], 90) == 1,
            "shadow lookups: %d implicit, %d explicit", t_spv_count_op(&p->spirv[1], 89),
            t_spv_count_op(&p->spirv[1], 90));
      unsigned modes = 0;
      for (unsigned k = 0; k < p->default_block.num_depth_modes; k++)
         modes |= !strcmp(p->default_block.depth_modes[k].sampler, "s1")   ? 1u
                  : !strcmp(p->default_block.depth_modes[k].sampler, "s2") ? 2u
                                                                           : 4u;
      CHECK(modes == 3u, "GL_DEPTH_TEXTURE_MODE pairs of s1 and s2: %#x", modes);
   }
   glsl_program_destroy(p);
   free(log);
   log = NULL;
   const char *without = "uniform sampler2DArray a2;\n"
                         "void main() { gl_FragColor = texture2DArray(a2, vec3(0.0)); }\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, without, &log),
         "texture2DArray() without the extension");
   free(log);
}

/* GL_ARB_shader_texture_lod in GLSL 1.10: its macro is defined, the *GradARB lookups of every
 * sampler kind are provided in both stages (explicit-gradient samples), a shadow one of a uniform
 * sampler takes the GL_DEPTH_TEXTURE_MODE pair; without the directive they are no built-ins. */
static void
test_texture_lod_arb(void)
{
   const char *vs = "#extension GL_ARB_shader_texture_lod : require\n"
                    "attribute vec4 pos;\n"
                    "uniform sampler2D vt;\n"
                    "varying vec4 tc;\n"
                    "void main() { tc = pos;\n"
                    "  gl_Position = pos + texture2DGradARB(vt, pos.xy, vec2(0.0), vec2(0.0)); }\n";
   const char *fs =
      "#extension GL_ARB_shader_texture_lod : require\n"
      "#ifndef GL_ARB_shader_texture_lod\n#error no macro\n#endif\n"
      "uniform sampler1D t1;\n"
      "uniform sampler2D t2;\n"
      "uniform sampler3D t3;\n"
      "uniform samplerCube tc3;\n"
      "uniform sampler2DRect tr;\n"
      "uniform sampler1DShadow s1;\n"
      "uniform sampler2DShadow s2;\n"
      "uniform sampler2DRectShadow sr;\n"
      "varying vec4 tc;\n"
      "void main() {\n"
      "  vec2 dx = dFdx(tc.xy), dy = dFdy(tc.xy);\n"
      "  gl_FragColor = texture1DGradARB(t1, tc.x, dx.x, dy.x)\n"
      "    + texture1DProjGradARB(t1, tc, dx.x, dy.x)\n"
      "    + texture2DGradARB(t2, tc.xy, dx, dy) + texture2DProjGradARB(t2, tc.xyz, dx, dy)\n"
      "    + texture3DGradARB(t3, tc.xyz, tc.xyz, tc.xyz)\n"
      "    + texture3DProjGradARB(t3, tc, tc.xyz, tc.xyz)\n"
      "    + textureCubeGradARB(tc3, tc.xyz, tc.xyz, tc.xyz)\n"
      "    + texture2DRectGradARB(tr, tc.xy, dx, dy)\n"
      "    + texture2DRectProjGradARB(tr, tc, dx, dy)\n"
      "    + shadow1DGradARB(s1, tc.xyz, dx.x, dy.x) + shadow1DProjGradARB(s1, tc, dx.x, dy.x)\n"
      "    + shadow2DGradARB(s2, tc.xyz, dx, dy) + shadow2DProjGradARB(s2, tc, dx, dy)\n"
      "    + shadow2DRectGradARB(sr, tc.xyz, dx, dy)\n"
      "    + shadow2DRectProjGradARB(sr, tc, dx, dy);\n"
      "}\n";
   char *log = NULL;
   struct glsl_program *p = link2(vs, fs, &log);
   CHECK(p, "GL_ARB_shader_texture_lod link: %s", log);
   if (p) {
      CHECK(valid(p, "texture-lod"), "texture-lod SPIR-V");
      /* OpImageSampleExplicitLod (88), OpImageSampleDrefExplicitLod (90),
       * OpImageSampleProjExplicitLod (92), OpImageSampleProjDrefExplicitLod (94) */
      CHECK(t_spv_count_op(&p->spirv[0], 88) == 1, "vertex stage: %d explicit-LOD samples",
            t_spv_count_op(&p->spirv[0], 88));
      const struct glsl_spirv *f = &p->spirv[1];
      CHECK(t_spv_count_op(f, 88) == 5 && t_spv_count_op(f, 92) == 4 &&
               t_spv_count_op(f, 90) == 3 && t_spv_count_op(f, 94) == 3,
            "fragment lookups: %d plain, %d proj, %d dref, %d proj dref", t_spv_count_op(f, 88),
            t_spv_count_op(f, 92), t_spv_count_op(f, 90), t_spv_count_op(f, 94));
      unsigned modes = 0;
      for (unsigned k = 0; k < p->default_block.num_depth_modes; k++)
         modes |= !strcmp(p->default_block.depth_modes[k].sampler, "s1")   ? 1u
                  : !strcmp(p->default_block.depth_modes[k].sampler, "s2") ? 2u
                  : !strcmp(p->default_block.depth_modes[k].sampler, "sr") ? 4u
                                                                           : 8u;
      CHECK(modes == 7u, "GL_DEPTH_TEXTURE_MODE pairs of s1, s2 and sr: %#x", modes);
   }
   glsl_program_destroy(p);
   free(log);
   log = NULL;
   const char *without = "uniform sampler2D t;\n"
                         "void main() { gl_FragColor = texture2DGradARB(t, vec2(0.0), vec2(0.0),"
                         " vec2(0.0)); }\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, without, &log),
         "texture2DGradARB() without the extension");
   free(log);
}

/* GL_AMD_shader_trinary_minmax: min3, max3 and mid3 of float, int and uint scalars and vectors
 * from GLSL 1.30 and 4.50 units, as nested min / max (no SPIR-V extended set but GLSL.std.450);
 * without the directive they are no built-ins. */
static void
test_trinary_minmax(void)
{
   static const char *const versions[] = {"#version 130\n", "#version 450\n"};
   for (unsigned v = 0; v < 2; v++) {
      char fs[1024];
      snprintf(fs, sizeof(fs),
               "%s"
               "#extension GL_AMD_shader_trinary_minmax : require\n"
               "#ifndef GL_AMD_shader_trinary_minmax\n#error no macro\n#endif\n"
               "uniform vec4 a, b, c;\n"
               "uniform ivec2 i;\n"
               "uniform uvec3 u;\n"
               "out vec4 o;\n"
               "void main() {\n"
               "  o = vec4(min3(a.x, b.x, c.x), float(max3(i.x, i.y, 2)),\n"
               "           float(mid3(u, u.yzx, uvec3(1u)).z), 0.0) + mid3(a, b, c)\n"
               "      + vec4(vec2(max3(i, i.yx, ivec2(0))), vec2(min3(u.xy, u.yz, u.zx)));\n"
               "}\n",
               versions[v]);
      char *log = NULL;
      const char *vs = v ? "#version 450\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n"
                         : "#version 130\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
      struct glsl_program *p = link2(vs, fs, &log);
      CHECK(p, "GL_AMD_shader_trinary_minmax (%.12s) link: %s", versions[v], log);
      if (p) {
         CHECK(valid(p, "trinary"), "trinary SPIR-V");
         /* OpExtInstImport (11): GLSL.std.450 alone */
         CHECK(t_spv_count_op(&p->spirv[1], 11) == 1, "%d extended instruction sets",
               t_spv_count_op(&p->spirv[1], 11));
      }
      glsl_program_destroy(p);
      free(log);
   }
   /* constant expressions (GLSL 1.20 array sizes), folded where the extension is enabled */
   char *log = NULL;
   const char *folded = "#version 120\n"
                        "#extension GL_AMD_shader_trinary_minmax : require\n"
                        "void main() {\n"
                        "  float[distance(mid3(2.0, -2.0, 0.5), 0.5) < 1e-6 ? 1 : -1] a;\n"
                        "  int[max3(ivec2(1, 2), ivec2(3, 0), ivec2(2)).x] b;\n"
                        "  gl_FragColor = vec4(float(a.length() + b.length()));\n"
                        "}\n";
   CHECK(glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, folded, &log), "folded mid3 / max3: %s",
         log);
   free(log);
   log = NULL;
   const char *without = "#version 130\nuniform vec4 a;\nout vec4 o;\n"
                         "void main() { o = vec4(mid3(a.x, a.y, a.z)); }\n";
   CHECK(!glsl_compile_shader(GLSL_STAGE_FRAGMENT, false, without, &log),
         "mid3() without the extension");
   free(log);
}

int
main(void)
{
   test_version_130();
   test_legacy_and_vulkan_keywords();
   test_depth_range();
   test_blend_in_shader();
   test_hidden_members_outside_app_range();
   test_inverse_140();
   test_line_continuation();
   test_frag_coord();
   test_objects();
   test_attribute_aliasing();
   test_version_macro();
   test_noise();
   test_versionless_geometry();
   test_texture_array();
   test_texture_lod_arb();
   test_trinary_minmax();
   return t_finish("unit.glsl.lowering");
}
