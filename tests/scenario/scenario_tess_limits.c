/* scenario_tess_limits.c — GL 4.0's combined limits (ARB_tessellation_shader raises them to five
 * stages' worth): GL_MAX_COMBINED_UNIFORM_BLOCKS at least 60 and
 * GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS at least 80, and a program of five stages that uses them
 * all (12 uniform blocks and 16 samplers in each stage) links and draws what each reads. Every
 * stage sums what its blocks and samplers hold, weighted by its position in the program, into an
 * integer it passes on; the fragment stage writes the totals as a colour, so a block or sampler
 * read from the wrong buffer or unit changes the pixels. */
#include "scenario.h"

#define LIM_STAGES 5
#define LIM_BLOCKS 12   /* per stage: GL_MAX_*_UNIFORM_BLOCKS */
#define LIM_SAMPLERS 16 /* per stage: GL_MAX_*_TEXTURE_IMAGE_UNITS */
#define LIM_POINTS 36   /* GL_MAX_UNIFORM_BUFFER_BINDINGS (GL 4.0's minimum) */
#define LIM_UNITS (LIM_STAGES * LIM_SAMPLERS)

static const char *const STAGE_PREFIX[LIM_STAGES] = {"v", "c", "e", "g", "f"};

/* what uniform buffer binding point k holds, and the texel of texture unit u */
static int
point_value(int k)
{
   return 5 * k + 3;
}

static int
unit_value(int u)
{
   return (3 * u + 1) % 256;
}

/* the binding point of stage s's block i and the unit of its sampler i: every block and sampler
 * reads another point or unit than its neighbours */
static int
block_point(int s, int i)
{
   return (s * LIM_BLOCKS + i) % LIM_POINTS;
}

static int
sampler_unit(int s, int i)
{
   return (s * LIM_SAMPLERS + i + 37) % LIM_UNITS;
}

/* GLSL that adds stage s's blocks (n of them) and samplers, weighted, to `ub` and `tx` */
static void
append_sums(char *out, size_t size, int s, int nblocks)
{
   size_t len = strlen(out);
   const char *p = STAGE_PREFIX[s];
   for (int i = 0; i < nblocks; i++)
      len += (size_t)snprintf(out + len, size - len, "  ub += %sb[%d].v * %d;\n", p, i,
                              s * LIM_BLOCKS + i + 1);
   for (int i = 0; i < LIM_SAMPLERS; i++)
      len +=
         (size_t)snprintf(out + len, size - len,
                          "  tx += int(texelFetch(%st[%d], ivec2(0), 0).r * 255.0 + 0.5) * %d;\n",
                          p, i, s * LIM_SAMPLERS + i + 1);
}

/* stage s's declarations: its block array and its sampler array */
static void
append_decls(char *out, size_t size, int s, int nblocks)
{
   size_t len = strlen(out);
   const char *p = STAGE_PREFIX[s];
   snprintf(out + len, size - len,
            "layout(std140) uniform %sB { int v; } %sb[%d];\n"
            "uniform sampler2D %st[%d];\n",
            p, p, nblocks, p, LIM_SAMPLERS);
}

static const char *const HEAD[LIM_STAGES] = {
   "#version 150 core\n"
   "in vec2 a_pos;\n"
   "flat out ivec2 v_sum;\n",
   "#version 150 core\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(vertices = 4) out;\n"
   "flat in ivec2 v_sum[];\n"
   "patch out ivec2 c_sum;\n",
   "#version 150 core\n"
   "#extension GL_ARB_tessellation_shader : require\n"
   "layout(quads, equal_spacing, ccw) in;\n"
   "patch in ivec2 c_sum;\n"
   "flat out ivec2 e_sum;\n",
   "#version 150 core\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 3) out;\n"
   "flat in ivec2 e_sum[];\n"
   "flat out ivec2 g_sum;\n",
   "#version 150 core\n"
   "flat in ivec2 g_sum;\n"
   "out vec4 o_color;\n",
};

static const char *const BEGIN[LIM_STAGES] = {
   "void main() {\n  int ub = 0, tx = 0;\n",
   "void main() {\n  int ub = v_sum[0].x, tx = v_sum[0].y;\n",
   "void main() {\n  int ub = c_sum.x, tx = c_sum.y;\n",
   "void main() {\n  int ub = e_sum[0].x, tx = e_sum[0].y;\n",
   "void main() {\n  int ub = g_sum.x, tx = g_sum.y;\n",
};

static const char *const END[LIM_STAGES] = {
   "  v_sum = ivec2(ub, tx);\n"
   "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
   "}\n",
   "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
   "  c_sum = ivec2(ub, tx);\n"
   "  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 1.0;\n"
   "  gl_TessLevelInner[0] = 1.0;\n"
   "  gl_TessLevelInner[1] = 1.0;\n"
   "}\n",
   "  float u = gl_TessCoord.x, v = gl_TessCoord.y;\n"
   "  gl_Position = mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, u),\n"
   "                    mix(gl_in[3].gl_Position, gl_in[2].gl_Position, u), v);\n"
   "  e_sum = ivec2(ub, tx);\n"
   "}\n",
   "  for (int k = 0; k < 3; k++) {\n"
   "    gl_Position = gl_in[k].gl_Position;\n"
   "    g_sum = ivec2(ub, tx);\n"
   "    EmitVertex();\n"
   "  }\n"
   "}\n",
   "  o_color = vec4(float(ub % 251) / 255.0, float(tx % 251) / 255.0,\n"
   "                 float((ub / 251 + 7 * (tx / 251)) % 251) / 255.0, 1.0);\n"
   "}\n",
};

/* stage s's source with nblocks uniform blocks */
static char *
stage_source(int s, int nblocks)
{
   const size_t size = 16384;
   char *src = malloc(size);
   if (!src)
      die_setup("out of memory");
   snprintf(src, size, "%s", HEAD[s]);
   append_decls(src, size, s, nblocks);
   size_t len = strlen(src);
   snprintf(src + len, size - len, "%s", BEGIN[s]);
   append_sums(src, size, s, nblocks);
   len = strlen(src);
   snprintf(src + len, size - len, "%s", END[s]);
   return src;
}

/* The five stages, stage `wide` with wide_blocks blocks (the others LIM_BLOCKS); 0 when the
 * link fails, its log in log. */
static GLuint
link_five(int wide, int wide_blocks, char *log, int n)
{
   static const GLenum types[LIM_STAGES] = {GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER,
                                            GL_TESS_EVALUATION_SHADER, GL_GEOMETRY_SHADER,
                                            GL_FRAGMENT_SHADER};
   GLuint p = gl.CreateProgram();
   for (int s = 0; s < LIM_STAGES; s++) {
      char *src = stage_source(s, s == wide ? wide_blocks : LIM_BLOCKS);
      GLuint sh = compile(types[s], src);
      free(src);
      gl.AttachShader(p, sh);
      gl.DeleteShader(sh);
   }
   gl.BindAttribLocation(p, 0, "a_pos");
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   check_gl_error("five-stage program link");
   if (!ok) {
      log[0] = '\0';
      gl.GetProgramInfoLog(p, n, NULL, log);
      gl.DeleteProgram(p);
      return 0;
   }
   return p;
}

void
sc_tess_combined_limits(void)
{
   if (!tess_offered())
      return;
   GLint blocks = 0, units = 0;
   glGetIntegerv(GL_MAX_COMBINED_UNIFORM_BLOCKS, &blocks);
   glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units);
   check_gl_error("the combined limits");
   if (blocks < LIM_STAGES * LIM_BLOCKS)
      fail("GL_MAX_COMBINED_UNIFORM_BLOCKS %d, GL 4.0 wants at least %d", blocks,
           LIM_STAGES * LIM_BLOCKS);
   if (units < LIM_UNITS)
      fail("GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS %d, GL 4.0 wants at least %d", units, LIM_UNITS);
   /* the texture units are the combined limit's: the one past it is no unit */
   gl.ActiveTexture(GL_TEXTURE0 + (GLenum)units);
   expect_gl_error(GL_INVALID_ENUM, "glActiveTexture one past GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS");
   gl.ActiveTexture(GL_TEXTURE0 + (GLenum)units - 1);
   check_gl_error("glActiveTexture of the last unit");

   /* a stage of more blocks than its own limit fails the link, whatever the combined one */
   GLint tcs_blocks = 0;
   glGetIntegerv(GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS, &tcs_blocks);
   check_gl_error("GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS");
   char log[8192];
   if (tcs_blocks < LIM_BLOCKS || tcs_blocks > 64) {
      fail("GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS %d", tcs_blocks);
   } else {
      GLuint over = link_five(1, tcs_blocks + 1, log, sizeof log);
      if (over) {
         fail("a tessellation control stage of %d uniform blocks linked", tcs_blocks + 1);
         gl.DeleteProgram(over);
      }
   }

   GLuint p = link_five(-1, 0, log, sizeof log);
   if (!p) {
      fail("five stages of %d uniform blocks and %d samplers did not link:\n%s", LIM_BLOCKS,
           LIM_SAMPLERS, log);
      return;
   }
   GLint active_blocks = 0;
   gl.GetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &active_blocks);
   if (active_blocks != LIM_STAGES * LIM_BLOCKS)
      fail("GL_ACTIVE_UNIFORM_BLOCKS %d, want %d", active_blocks, LIM_STAGES * LIM_BLOCKS);
   gl.UseProgram(p);

   GLuint bufs[LIM_POINTS];
   gl.GenBuffers(LIM_POINTS, bufs);
   for (int k = 0; k < LIM_POINTS; k++) {
      const GLint v[4] = {point_value(k), 0, 0, 0};
      gl.BindBuffer(GL_UNIFORM_BUFFER, bufs[k]);
      gl.BufferData(GL_UNIFORM_BUFFER, sizeof v, v, GL_STATIC_DRAW);
      gl.BindBufferBase(GL_UNIFORM_BUFFER, (GLuint)k, bufs[k]);
   }
   GLuint tex[LIM_UNITS];
   glGenTextures(LIM_UNITS, tex);
   for (int u = 0; u < LIM_UNITS; u++) {
      const GLubyte texel[4] = {(GLubyte)unit_value(u), 0, 0, 255};
      gl.ActiveTexture(GL_TEXTURE0 + (GLenum)u);
      glBindTexture(GL_TEXTURE_2D, tex[u]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   }
   gl.ActiveTexture(GL_TEXTURE0);
   check_gl_error("buffers and textures");

   long ub = 0, tx = 0;
   for (int s = 0; s < LIM_STAGES; s++) {
      for (int i = 0; i < LIM_BLOCKS; i++) {
         char name[16];
         snprintf(name, sizeof name, "%sB[%d]", STAGE_PREFIX[s], i);
         const GLuint index = gl.GetUniformBlockIndex(p, name);
         if (index == GL_INVALID_INDEX) {
            fail("uniform block %s is not active", name);
            continue;
         }
         gl.UniformBlockBinding(p, index, (GLuint)block_point(s, i));
         ub += (long)point_value(block_point(s, i)) * (s * LIM_BLOCKS + i + 1);
      }
      for (int i = 0; i < LIM_SAMPLERS; i++) {
         char name[16];
         snprintf(name, sizeof name, "%st[%d]", STAGE_PREFIX[s], i);
         gl.Uniform1i(uloc(p, name), sampler_unit(s, i));
         tx += (long)unit_value(sampler_unit(s, i)) * (s * LIM_SAMPLERS + i + 1);
      }
   }
   check_gl_error("block bindings and sampler units");

   /* one quad patch over pixels [8, 56)^2, tessellated at level 1 into its two triangles */
   const float q0 = 8.0f / 32.0f - 1.0f, q1 = 56.0f / 32.0f - 1.0f;
   const float corners[8] = {q0, q0, q1, q0, q1, q1, q0, q1};
   mesh me = make_mesh(corners, 4);
   gl.PatchParameteri(GL_PATCH_VERTICES, 4);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_PATCHES, 0, 4);
   check_gl_error("glDrawArrays(GL_PATCHES) through five stages");
   const rgba8 want = {{(uint8_t)(ub % 251), (uint8_t)(tx % 251),
                        (uint8_t)((ub / 251 + 7 * (tx / 251)) % 251), 255}};
   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 8, 56, 56, want);
   check_frame("60 uniform blocks and 80 samplers over five stages", &m);

   gl.DeleteVertexArrays(1, &me.vao);
   gl.DeleteBuffers(1, &me.vbo);
   glDeleteTextures(LIM_UNITS, tex);
   gl.DeleteBuffers(LIM_POINTS, bufs);
   gl.DeleteProgram(p);
}

/* The combined limits follow the backend's descriptors: GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS is
 * where the texture units end (glActiveTexture, glBindSampler), and a device whose pipeline
 * layouts hold fewer uniform buffers or samplers than five stages need offers no tessellation.
 * MGL_TEST_VK_DESCRIPTOR_SET_LIMIT=N (the gate.descriptor_limits tests) gives mgl's Vulkan
 * backend such a device: the limits are then N - 1 blocks (one descriptor is the default
 * block's; GL 3.3's 36 at most) and N units. */
void
sc_descriptor_limits(void)
{
   GLint blocks = 0, units = 0;
   glGetIntegerv(GL_MAX_COMBINED_UNIFORM_BLOCKS, &blocks);
   glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units);
   check_gl_error("the combined limits");
   if (units < 48 || blocks < 36)
      fail("GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS %d, GL_MAX_COMBINED_UNIFORM_BLOCKS %d: under "
           "GL 3.3's 48 and 36",
           units, blocks);
   gl.ActiveTexture(GL_TEXTURE0 + (GLenum)units);
   expect_gl_error(GL_INVALID_ENUM, "glActiveTexture one past GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS");
   gl.BindSampler((GLuint)units, 0);
   expect_gl_error(GL_INVALID_VALUE, "glBindSampler one past GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS");
   gl.ActiveTexture(GL_TEXTURE0 + (GLenum)units - 1);
   gl.BindSampler((GLuint)units - 1, 0);
   check_gl_error("the last texture unit");
   gl.ActiveTexture(GL_TEXTURE0);
   const bool tess = has_ext("GL_ARB_tessellation_shader");
   if (tess && (blocks < LIM_STAGES * LIM_BLOCKS || units < LIM_UNITS))
      fail("GL_ARB_tessellation_shader listed with %d combined blocks and %d units", blocks, units);
   const char *cut = getenv("MGL_TEST_VK_DESCRIPTOR_SET_LIMIT");
   if (!cut || atoi(cut) <= 0)
      return;
   if (!on_mgl()) {
      skipped("MGL_TEST_VK_DESCRIPTOR_SET_LIMIT is mgl's");
      return;
   }
   const int n = atoi(cut);
   const int want_blocks = n - 1 < 36 ? n - 1 : 36;
   if (blocks != want_blocks || units != n || tess)
      fail("with pipeline layouts of %d uniform buffers and samplers: %d blocks, %d units, "
           "tessellation %s; want %d, %d, not listed",
           n, blocks, units, tess ? "listed" : "not listed", want_blocks, n);
   GLuint sh = gl.CreateShader(GL_TESS_CONTROL_SHADER);
   expect_gl_error(GL_INVALID_ENUM, "glCreateShader(GL_TESS_CONTROL_SHADER) without tessellation");
   if (sh)
      gl.DeleteShader(sh);
}
