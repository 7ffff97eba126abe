/* scenario_image.c — GL 4.2 image load/store (ARB_shader_image_load_store, issue 20): the
 * image units' errors, state and limits; a compute shader's imageStore sampled by a draw after
 * glMemoryBarrier; a fragment shader's imageLoad / imageStore; imageAtomicAdd counting in a
 * compute and a fragment shader. Exact pixels and texels. A backend without image units (the
 * GLES backend) leaves glBindImageTexture refusing (GL_INVALID_OPERATION). */
#include "scenario.h"

/* GL_MAX_IMAGE_UNITS, or 0 where the context refuses the name. */
static GLint
image_units(void)
{
   GLint n = -1;
   glGetIntegerv(GL_MAX_IMAGE_UNITS, &n);
   if (glGetError() != GL_NO_ERROR)
      return 0;
   return n;
}

/* No image units: only the GLES backend ("mgl (GLES: ...)") may lack them. */
static bool
no_images_here(void)
{
   if (image_units() > 0)
      return false;
   if (!on_mgl())
      die_setup("the reference GL has no GL_MAX_IMAGE_UNITS");
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   if (!renderer || !strstr(renderer, "(GLES:"))
      fail("no GL_MAX_IMAGE_UNITS on renderer %s", renderer ? renderer : "(null)");
   gl.BindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
   expect_gl_error(GL_INVALID_OPERATION, "glBindImageTexture without image units");
   if (has_ext("GL_ARB_shader_image_load_store"))
      fail("GL_ARB_shader_image_load_store listed without image units");
   skipped("image load/store (the backend has no image units)");
   return true;
}

static GLuint
texture_2d(GLenum internal, GLsizei w, GLsizei h, GLsizei levels)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   gl.TexStorage2D(GL_TEXTURE_2D, levels, internal, w, h);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("glTexStorage2D");
   return t;
}

static void
expect_binding(GLuint unit, GLint name, GLint level, GLint layered, GLint layer, GLint access,
               GLint format)
{
   const GLenum pnames[6] = {GL_IMAGE_BINDING_NAME,    GL_IMAGE_BINDING_LEVEL,
                             GL_IMAGE_BINDING_LAYERED, GL_IMAGE_BINDING_LAYER,
                             GL_IMAGE_BINDING_ACCESS,  GL_IMAGE_BINDING_FORMAT};
   const GLint want[6] = {name, level, layered, layer, access, format};
   for (int i = 0; i < 6; i++) {
      GLint got = -1;
      gl.GetIntegeri_v(pnames[i], unit, &got);
      check_gl_error("glGetIntegeri_v(GL_IMAGE_BINDING_*)");
      if (got != want[i])
         fail("image unit %u: binding state %d = 0x%x, want 0x%x", unit, i, got, want[i]);
   }
}

void
sc_image_errors(void)
{
   if (no_images_here())
      return;
   const GLint n = image_units();
   if (n < 8)
      fail("GL_MAX_IMAGE_UNITS = %d, below GL 4.2's 8", n);
   GLint v = -1;
   glGetIntegerv(GL_MAX_COMBINED_IMAGE_UNIFORMS, &v);
   check_gl_error("glGet GL_MAX_COMBINED_IMAGE_UNIFORMS");
   if (v < 8)
      fail("GL_MAX_COMBINED_IMAGE_UNIFORMS = %d, below 8", v);
   glGetIntegerv(GL_MAX_FRAGMENT_IMAGE_UNIFORMS, &v);
   check_gl_error("glGet GL_MAX_FRAGMENT_IMAGE_UNIFORMS");
   if (v < 8)
      fail("GL_MAX_FRAGMENT_IMAGE_UNIFORMS = %d, below 8", v);

   /* the initial state of a unit (GL 4.6 table 23.46) */
   expect_binding(1, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);

   const GLuint t = texture_2d(GL_RGBA8, 4, 4, 2);
   gl.BindImageTexture((GLuint)n, t, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
   expect_gl_error(GL_INVALID_VALUE, "glBindImageTexture at GL_MAX_IMAGE_UNITS");
   gl.BindImageTexture(0, t + 100, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
   expect_gl_error(GL_INVALID_VALUE, "glBindImageTexture of a name that is no texture");
   gl.BindImageTexture(0, t, -1, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
   expect_gl_error(GL_INVALID_VALUE, "glBindImageTexture of level -1");
   gl.BindImageTexture(0, t, 0, GL_FALSE, -1, GL_READ_WRITE, GL_RGBA8);
   expect_gl_error(GL_INVALID_VALUE, "glBindImageTexture of layer -1");
   gl.BindImageTexture(0, t, 0, GL_FALSE, 0, GL_RGBA8, GL_RGBA8);
   expect_gl_error(GL_INVALID_ENUM, "glBindImageTexture with access GL_RGBA8");
   gl.BindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGB8);
   expect_gl_error(GL_INVALID_VALUE, "glBindImageTexture with format GL_RGB8 (not in table 8.33)");
   gl.BindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_WRITE, GL_DEPTH_COMPONENT32F);
   expect_gl_error(GL_INVALID_VALUE, "glBindImageTexture with a depth format");
   expect_binding(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8); /* the errors left it alone */

   /* layered and layer of a texture with layers (a 2D array): a texture without them has no
    * layer to select (GL 4.6 8.26), and whether the unit's state then keeps the arguments is
    * not said (Mesa reads back GL_FALSE and 0) */
   GLuint arr;
   glGenTextures(1, &arr);
   glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
   gl.TexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 4, 4, 3);
   check_gl_error("glTexStorage3D(GL_TEXTURE_2D_ARRAY)");
   gl.BindImageTexture(3, arr, 1, GL_TRUE, 2, GL_WRITE_ONLY, GL_R32UI);
   check_gl_error("glBindImageTexture of level 1 as r32ui");
   expect_binding(3, (GLint)arr, 1, GL_TRUE, 2, GL_WRITE_ONLY, GL_R32UI);
   GLboolean layered = GL_FALSE;
   gl.GetBooleani_v(GL_IMAGE_BINDING_LAYERED, 3, &layered);
   if (layered != GL_TRUE)
      fail("glGetBooleani_v(GL_IMAGE_BINDING_LAYERED) = %d, want GL_TRUE", layered);
   gl.GetIntegeri_v(GL_IMAGE_BINDING_NAME, (GLuint)n, &v);
   expect_gl_error(GL_INVALID_VALUE, "glGetIntegeri_v(GL_IMAGE_BINDING_NAME, max)");

   GLint compat = 0;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE, &compat);
   check_gl_error("GL_IMAGE_FORMAT_COMPATIBILITY_TYPE");
   if (compat != GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE)
      fail("GL_IMAGE_FORMAT_COMPATIBILITY_TYPE of RGBA8 = 0x%x, want BY_SIZE", compat);

   /* deleting the texture unbinds it from the unit */
   glDeleteTextures(1, &t);
   glDeleteTextures(1, &arr);
   gl.GetIntegeri_v(GL_IMAGE_BINDING_NAME, 3, &v);
   if (v != 0)
      fail("image unit 3 names %d after glDeleteTextures, want 0", v);

   /* an image uniform: its unit from layout(binding), glUniform1i moves it, glUniform1f is
    * GL_INVALID_OPERATION, a unit past the limit GL_INVALID_VALUE */
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 1) in;\n"
                    "layout(rgba8, binding = 5) writeonly uniform image2D u_img;\n"
                    "void main() { imageStore(u_img, ivec2(0), vec4(1.0)); }\n";
   GLuint p = must_compute(cs);
   GLint loc = gl.GetUniformLocation(p, "u_img");
   if (loc < 0) {
      fail("image uniform u_img has no location");
      gl.DeleteProgram(p);
      return;
   }
   GLint unit = -1;
   gl.GetUniformiv(p, loc, &unit);
   check_gl_error("glGetUniformiv of an image uniform");
   if (unit != 5)
      fail("u_img's unit = %d, want 5 (layout(binding = 5))", unit);
   GLint size = 0;
   GLenum type = 0;
   char name[32];
   gl.GetActiveUniform(p, 0, sizeof name, NULL, &size, &type, name);
   check_gl_error("glGetActiveUniform of an image uniform");
   if (type != GL_IMAGE_2D || size != 1 || strcmp(name, "u_img"))
      fail("active uniform 0 = %s type 0x%x size %d, want u_img GL_IMAGE_2D 1", name, type, size);
   gl.UseProgram(p);
   gl.Uniform1i(loc, 2);
   check_gl_error("glUniform1i of an image uniform");
   gl.GetUniformiv(p, loc, &unit);
   if (unit != 2)
      fail("u_img's unit = %d after glUniform1i(2)", unit);
   gl.Uniform1f(loc, 2.0f);
   expect_gl_error(GL_INVALID_OPERATION, "glUniform1f of an image uniform");
   gl.Uniform1i(loc, n);
   expect_gl_error(GL_INVALID_VALUE, "glUniform1i of an image uniform to GL_MAX_IMAGE_UNITS");
   gl.UseProgram(0);
   gl.DeleteProgram(p);

   gl.MemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                    GL_FRAMEBUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
   check_gl_error("glMemoryBarrier of the image bits");
}

/* Texel (x, y) the compute shader below writes into a 16x16 RGBA8 image. */
static rgba8
cs_texel(int x, int y)
{
   rgba8 c = {{(uint8_t)(x * 16), (uint8_t)(y * 16), (uint8_t)(x == y ? 255 : 0), 255}};
   return c;
}

static rgba8
sampled_texel(const void *ctx, int x, int y)
{
   (void)ctx;
   /* the quad covers window [16, 48) x [16, 48) with the 16x16 texture at 2 pixels a texel */
   return cs_texel((x - 16) / 2, (y - 16) / 2);
}

/* A compute shader writes every texel of an RGBA8 texture with imageStore; after a
 * texture-fetch barrier a draw samples it (exact pixels), and after a texture-update barrier
 * glGetTexImage returns its bytes. */
void
sc_image_compute_sample(void)
{
   if (no_images_here())
      return;
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 4, local_size_y = 4) in;\n"
                    "layout(rgba8, binding = 1) writeonly uniform image2D u_out;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
                    "  vec4 c = vec4(float(p.x * 16) / 255.0, float(p.y * 16) / 255.0,\n"
                    "                p.x == p.y ? 1.0 : 0.0, 1.0);\n"
                    "  imageStore(u_out, p, c);\n"
                    "}\n";
   GLuint p = must_compute(cs);
   GLuint t = texture_2d(GL_RGBA8, 16, 16, 1);
   gl.BindImageTexture(1, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
   gl.UseProgram(p);
   gl.DispatchCompute(4, 4, 1);
   gl.MemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
   check_gl_error("imageStore dispatch");

   uint8_t bytes[16 * 16 * 4];
   memset(bytes, 0xee, sizeof bytes);
   glBindTexture(GL_TEXTURE_2D, t);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, bytes);
   check_gl_error("glGetTexImage of the stored texture");
   for (int i = 0; i < 16 * 16; i++) {
      const rgba8 w = cs_texel(i % 16, i / 16);
      if (memcmp(bytes + 4 * i, w.c, 4)) {
         fail("texel (%d, %d) = %02x%02x%02x%02x, want %02x%02x%02x%02x", i % 16, i / 16,
              bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3], w.c[0], w.c[1],
              w.c[2], w.c[3]);
         break;
      }
   }

   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "out vec2 v_tc;\n"
                    "void main() {\n"
                    "  v_tc = (a_pos - 16.0) / 32.0;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "#version 330 core\n"
                    "uniform sampler2D u_tex;\n"
                    "in vec2 v_tc;\n"
                    "out vec4 o;\n"
                    "void main() { o = texture(u_tex, v_tc); }\n";
   GLuint g = link_program(vs, fs);
   float xy[12];
   rect_vertices(xy, 16, 16, 48, 48);
   mesh m = make_mesh(xy, 6);
   clear_to(V4(0, 0, 0, 1));
   gl.UseProgram(g);
   gl.Uniform1i(uloc(g, "u_tex"), 0);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, t);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw sampling the stored texture");
   model md;
   model_init(&md, V4(0, 0, 0, 1));
   model_rect_fn(&md, 16, 16, 48, 48, sampled_texel, NULL);
   check_frame("a draw samples what imageStore wrote", &md);

   /* again with a second dispatch into the same texture: the draw sees the new texels */
   const char *cs2 = "#version 430\n"
                     "layout(local_size_x = 16, local_size_y = 16) in;\n"
                     "layout(rgba8, binding = 1) writeonly uniform image2D u_out;\n"
                     "void main() { imageStore(u_out, ivec2(gl_GlobalInvocationID.xy),\n"
                     "                         vec4(0.0, 0.0, 1.0, 1.0)); }\n";
   GLuint p2 = must_compute(cs2);
   gl.UseProgram(p2);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
   clear_to(V4(0, 0, 0, 1));
   gl.UseProgram(g);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   model_init(&md, V4(0, 0, 0, 1));
   model_rect(&md, 16, 16, 48, 48, to8(V4(0, 0, 1, 1)));
   check_frame("after a second imageStore dispatch", &md);

   gl.UseProgram(0);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   glDeleteTextures(1, &t);
   gl.DeleteProgram(p);
   gl.DeleteProgram(p2);
   gl.DeleteProgram(g);
}

/* Reads back an r32ui texture's level 0 (w x h). */
static void
read_r32ui(GLuint t, uint32_t *out)
{
   glBindTexture(GL_TEXTURE_2D, t);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, out);
   check_gl_error("glGetTexImage of an r32ui texture");
}

static GLuint
r32ui_texture(int w, int h, uint32_t (*init)(int x, int y))
{
   GLuint t = texture_2d(GL_R32UI, w, h, 1);
   uint32_t *v = malloc((size_t)w * h * 4);
   for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++)
         v[y * w + x] = init(x, y);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, GL_RED_INTEGER, GL_UNSIGNED_INT, v);
   free(v);
   check_gl_error("r32ui upload");
   return t;
}

static uint32_t
init_src(int x, int y)
{
   return (uint32_t)(1000 + y * 100 + x);
}

static uint32_t
init_zero(int x, int y)
{
   (void)x, (void)y;
   return 0;
}

/* A fragment shader loads from one r32ui image, stores into another at its own pixel and
 * counts its fragments with imageAtomicAdd; a compute shader counts 256 invocations into 4
 * texels. Exact words. */
void
sc_image_fragment_atomics(void)
{
   if (no_images_here())
      return;
   GLuint src = r32ui_texture(16, 16, init_src);
   GLuint dst = r32ui_texture(16, 16, init_zero);
   GLuint cnt = r32ui_texture(4, 1, init_zero);
   const char *fs = "#version 330 core\n"
                    "#extension GL_ARB_shader_image_load_store : require\n"
                    "layout(r32ui) readonly uniform uimage2D u_src;\n"
                    "layout(r32ui) writeonly uniform uimage2D u_dst;\n"
                    "layout(r32ui) coherent uniform uimage2D u_count;\n"
                    "out vec4 o;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_FragCoord.xy) - ivec2(8);\n"
                    "  uint v = imageLoad(u_src, p).x;\n"
                    "  imageStore(u_dst, p, uvec4(v * 2u + 1u));\n"
                    "  imageAtomicAdd(u_count, ivec2(0, 0), 1u);\n"
                    "  imageAtomicAdd(u_count, ivec2(1, 0), v);\n"
                    "  o = vec4(0.0, 1.0, 0.0, 1.0);\n"
                    "}\n";
   GLuint g = link_program(VS_PIXELS, fs);
   gl.UseProgram(g);
   gl.Uniform1i(uloc(g, "u_src"), 0);
   gl.Uniform1i(uloc(g, "u_dst"), 1);
   gl.Uniform1i(uloc(g, "u_count"), 2);
   gl.BindImageTexture(0, src, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
   gl.BindImageTexture(1, dst, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
   gl.BindImageTexture(2, cnt, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
   check_gl_error("the fragment shader's image units");
   float xy[12];
   rect_vertices(xy, 8, 8, 24, 24);
   mesh m = make_mesh(xy, 6);
   clear_to(V4(0, 0, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
   check_gl_error("draw with image loads, stores and atomics");
   model md;
   model_init(&md, V4(0, 0, 0, 1));
   model_rect(&md, 8, 8, 24, 24, to8(V4(0, 1, 0, 1)));
   check_frame("the image-writing draw's colour", &md);

   uint32_t got[256];
   read_r32ui(dst, got);
   uint64_t sum = 0;
   for (int i = 0; i < 256; i++) {
      const uint32_t v = init_src(i % 16, i / 16);
      sum += v;
      if (got[i] != v * 2u + 1u) {
         fail("fragment imageStore: texel (%d, %d) = %u, want %u", i % 16, i / 16, got[i],
              v * 2u + 1u);
         break;
      }
   }
   uint32_t c[4];
   read_r32ui(cnt, c);
   if (c[0] != 256 || c[1] != (uint32_t)sum || c[2] != 0 || c[3] != 0)
      fail("fragment imageAtomicAdd: counters {%u, %u, %u, %u}, want {256, %u, 0, 0}", c[0], c[1],
           c[2], c[3], (uint32_t)sum);

   /* compute: 256 invocations add 1 to texel i % 4 and their index to texel 3 */
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 64) in;\n"
                    "layout(r32ui, binding = 4) uniform uimage2D u_c;\n"
                    "void main() {\n"
                    "  uint i = gl_GlobalInvocationID.x;\n"
                    "  imageAtomicAdd(u_c, ivec2(int(i % 3u), 0), 1u);\n"
                    "  imageAtomicAdd(u_c, ivec2(3, 0), i);\n"
                    "}\n";
   GLuint p = must_compute(cs);
   GLuint cc = r32ui_texture(4, 1, init_zero);
   gl.BindImageTexture(4, cc, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
   gl.UseProgram(p);
   gl.DispatchCompute(4, 1, 1);
   gl.MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
   check_gl_error("compute imageAtomicAdd");
   read_r32ui(cc, c);
   /* 0..255: 86 have i % 3 == 0, 85 each the others; sum 0..255 = 32640 */
   if (c[0] != 86 || c[1] != 85 || c[2] != 85 || c[3] != 32640)
      fail("compute imageAtomicAdd: {%u, %u, %u, %u}, want {86, 85, 85, 32640}", c[0], c[1], c[2],
           c[3]);

   gl.UseProgram(0);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   GLuint ts[4] = {src, dst, cnt, cc};
   glDeleteTextures(4, ts);
   gl.DeleteProgram(g);
   gl.DeleteProgram(p);
}

static uint32_t
init_ones(int x, int y)
{
   (void)x, (void)y;
   return 0xffffffffu;
}

/* The counting loops of an atomicity test: every fragment of a 16x16 square retries
 * imageAtomicMax/Min/CompSwap on one texel until its guess holds, so each gets a different
 * value. The square is two triangles, whose diagonal quads run helper invocations: GL leaves
 * what their atomics return undefined, and a loop fed an answer that never matches its guess
 * would never end (MGL_SCENARIO_ONE_TRIANGLE draws one triangle over everything instead). */
void
sc_image_atomic_loops(void)
{
   if (no_images_here())
      return;
   static const struct {
      const char *name, *step;
      uint32_t start;
   } ops[] = {
      {"imageAtomicMax", "v = imageAtomicMax(u_c, ivec2(0), v + 1u);", 0},
      {"imageAtomicMin", "v = imageAtomicMin(u_c, ivec2(0), v - 1u);", 0xffffffffu},
      {"imageAtomicCompSwap", "v = imageAtomicCompSwap(u_c, ivec2(0), v, v + 1u);", 0},
   };
   const bool one_triangle = getenv("MGL_SCENARIO_ONE_TRIANGLE") != NULL;
   float xy[12];
   rect_vertices(xy, 8, 8, 24, 24);
   if (one_triangle) {
      const float big[6] = {0, 0, 128, 0, 0, 128}; /* past the 64x64 frame */
      memcpy(xy, big, sizeof(big));
   }
   mesh m = make_mesh(xy, one_triangle ? 3 : 6);
   for (unsigned k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
      char fs[1024];
      snprintf(fs, sizeof(fs),
               "#version 330 core\n"
               "#extension GL_ARB_shader_image_load_store : require\n"
               "layout(r32ui) coherent volatile uniform uimage2D u_c;\n"
               "layout(r32ui) writeonly uniform uimage2D u_dst;\n"
               "out vec4 o;\n"
               "void main() {\n"
               "  ivec2 p = ivec2(gl_FragCoord.xy) - ivec2(8);\n"
               "  if (any(lessThan(p, ivec2(0))) || any(greaterThanEqual(p, ivec2(16)))) discard;\n"
               "  uint old, v = %uu;\n"
               "  do { old = v; %s } while (v != old);\n"
               "  imageStore(u_dst, p, uvec4(v));\n"
               "  o = vec4(0.0, 1.0, 0.0, 1.0);\n"
               "}\n",
               ops[k].start, ops[k].step);
      GLuint g = link_program(VS_PIXELS, fs);
      GLuint cnt = r32ui_texture(1, 1, ops[k].start ? init_ones : init_zero);
      GLuint dst = r32ui_texture(16, 16, init_zero);
      gl.UseProgram(g);
      gl.Uniform1i(uloc(g, "u_c"), 0);
      gl.Uniform1i(uloc(g, "u_dst"), 1);
      gl.BindImageTexture(0, cnt, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
      gl.BindImageTexture(1, dst, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
      clear_to(V4(0, 0, 0, 1));
      glDrawArrays(GL_TRIANGLES, 0, one_triangle ? 3 : 6);
      gl.MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
      check_gl_error(ops[k].name);
      uint32_t c, got[256];
      read_r32ui(cnt, &c);
      read_r32ui(dst, got);
      const uint32_t want = ops[k].start ? 0xffffffffu - 256u : 256u;
      if (c != want)
         fail("%s loop: counter %u, want %u", ops[k].name, c, want);
      /* each fragment's value is one of the 256 steps, and no two are the same */
      static uint8_t seen[256];
      memset(seen, 0, sizeof(seen));
      for (int i = 0; i < 256; i++) {
         const uint32_t step = ops[k].start ? ops[k].start - got[i] : got[i];
         if (step >= 256 || seen[step]++) {
            fail("%s loop: fragment (%d, %d) got %u, not a unique step", ops[k].name, i % 16,
                 i / 16, got[i]);
            break;
         }
      }
      GLuint ts[2] = {cnt, dst};
      glDeleteTextures(2, ts);
      gl.UseProgram(0);
      gl.DeleteProgram(g);
   }
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
}

/* One slice of a 3D texture bound without layering (GL 4.6 8.26: the image is then the 2D
 * slice `layer`) to an image2D uniform: a compute shader's imageStore writes that slice and no
 * other. Exact texels of every slice. */
void
sc_image_3d_slice(void)
{
   if (no_images_here())
      return;
   enum { S = 4 };
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 4, local_size_y = 4) in;\n"
                    "layout(rgba8, binding = 0) writeonly uniform image2D u_slice;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
                    "  imageStore(u_slice, p, vec4(float(p.x * 64) / 255.0,\n"
                    "                              float(p.y * 64) / 255.0, 1.0, 1.0));\n"
                    "}\n";
   GLuint p = must_compute(cs);
   static uint8_t zeros[S * S * S * 4];
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_3D, t);
   gl.TexStorage3D(GL_TEXTURE_3D, 1, GL_RGBA8, S, S, S);
   gl.TexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, S, S, S, GL_RGBA, GL_UNSIGNED_BYTE, zeros);
   check_gl_error("a 4x4x4 RGBA8 3D texture of zeros");
   gl.BindImageTexture(0, t, 0, GL_FALSE, 2, GL_WRITE_ONLY, GL_RGBA8);
   gl.UseProgram(p);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
   check_gl_error("imageStore into slice 2 of a 3D texture");
   uint8_t bytes[S * S * S * 4];
   memset(bytes, 0xee, sizeof bytes);
   glBindTexture(GL_TEXTURE_3D, t);
   glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, bytes);
   check_gl_error("glGetTexImage of the 3D texture");
   for (int i = 0; i < S * S * S; i++) {
      const int x = i % S, y = i / S % S, z = i / (S * S);
      const uint8_t want[4] = {z == 2 ? (uint8_t)(x * 64) : 0, z == 2 ? (uint8_t)(y * 64) : 0,
                               z == 2 ? 255 : 0, z == 2 ? 255 : 0};
      if (memcmp(bytes + 4 * i, want, 4)) {
         fail("slice %d row %d: texel %d is (%u,%u,%u,%u), expected (%u,%u,%u,%u)", z, y, x,
              bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3], want[0], want[1],
              want[2], want[3]);
         break;
      }
   }
   gl.UseProgram(0);
   glDeleteTextures(1, &t);
   gl.DeleteProgram(p);
}

/* GL 4.3 19: a dispatch is no rendering, so the textures attached to the bound draw framebuffer
 * may be sampled and stored to by a compute shader (no feedback loop: nothing is drawn). Two
 * RGBA8 textures are colour attachments 0 and 1 of the bound framebuffer and cleared by it; a
 * compute shader samples attachment 1's texture and stores into attachment 0's; glReadPixels
 * reads what it stored, and a draw into the framebuffer after it renders again. Exact pixels. */
void
sc_image_compute_attached(void)
{
   if (no_images_here())
      return;
   enum { S = 16 };
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 4, local_size_y = 4) in;\n"
                    "layout(rgba8, binding = 0) writeonly uniform image2D u_out;\n"
                    "layout(binding = 3) uniform sampler2D u_in;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
                    "  vec4 c = texelFetch(u_in, p, 0);\n"
                    "  imageStore(u_out, p, vec4(c.r, float(p.x * 16) / 255.0, c.b, 1.0));\n"
                    "}\n";
   GLuint p = must_compute(cs);
   GLuint t0 = texture_2d(GL_RGBA8, S, S, 1), t1 = texture_2d(GL_RGBA8, S, S, 1);
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t0, 0);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, t1, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("a framebuffer of two RGBA8 textures is incomplete");
   const GLenum both[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   gl.DrawBuffers(2, both);
   const GLfloat red[4] = {1, 0, 0, 1}, magenta[4] = {1, 0, 1, 1};
   gl.ClearBufferfv(GL_COLOR, 0, red);
   gl.ClearBufferfv(GL_COLOR, 1, magenta);
   check_gl_error("clearing the two attachments");

   gl.BindImageTexture(0, t0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
   gl.ActiveTexture(GL_TEXTURE3);
   glBindTexture(GL_TEXTURE_2D, t1);
   gl.ActiveTexture(GL_TEXTURE0);
   gl.UseProgram(p);
   gl.DispatchCompute(S / 4, S / 4, 1);
   gl.MemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
   check_gl_error("a dispatch sampling and storing to the framebuffer's attachments");

   uint8_t px[S * S * 4];
   memset(px, 0xee, sizeof px);
   glReadBuffer(GL_COLOR_ATTACHMENT0);
   glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check_gl_error("glReadPixels of attachment 0");
   for (int i = 0; i < S * S; i++) {
      const uint8_t want[4] = {255, (uint8_t)(i % S * 16), 255, 255};
      if (memcmp(px + 4 * i, want, 4)) {
         fail("after the dispatch: pixel (%d, %d) is (%u,%u,%u,%u), expected (%u,%u,%u,%u)", i % S,
              i / S, px[4 * i], px[4 * i + 1], px[4 * i + 2], px[4 * i + 3], want[0], want[1],
              want[2], want[3]);
         break;
      }
   }

   /* a draw into attachment 0 after the dispatch: the left half green, the right half kept */
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 8.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 330 core\n"
                    "out vec4 o;\n"
                    "void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";
   GLuint g = link_program(vs, fs);
   float xy[12];
   rect_vertices(xy, 0, 0, S / 2, S);
   mesh m = make_mesh(xy, 6);
   const GLenum bufs[1] = {GL_COLOR_ATTACHMENT0};
   gl.DrawBuffers(1, bufs);
   glViewport(0, 0, S, S);
   gl.UseProgram(g);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw into the attachment the dispatch stored to");
   memset(px, 0xee, sizeof px);
   glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, px);
   for (int i = 0; i < S * S; i++) {
      const bool left = i % S < S / 2;
      const uint8_t want[4] = {left ? 0 : 255, left ? 255 : (uint8_t)(i % S * 16), left ? 0 : 255,
                               255};
      if (memcmp(px + 4 * i, want, 4)) {
         fail("after the draw: pixel (%d, %d) is (%u,%u,%u,%u), expected (%u,%u,%u,%u)", i % S,
              i / S, px[4 * i], px[4 * i + 1], px[4 * i + 2], px[4 * i + 3], want[0], want[1],
              want[2], want[3]);
         break;
      }
   }

   gl.UseProgram(0);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   glDeleteTextures(1, &t0);
   glDeleteTextures(1, &t1);
   gl.DeleteProgram(p);
   gl.DeleteProgram(g);
}

/* GL 4.6 9.3: a draw may store to an image whose level is attached to the framebuffer it draws
 * into; with glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT) after it, what it stored is what the
 * framebuffer holds. An R32UI texture is colour attachment 0 (colour writes masked off, so the
 * image stores alone write it); the fragment shader stores each pixel's own value; glReadPixels
 * reads them; a second draw renders into the same attachment after the barrier. Exact words. */
void
sc_image_draw_attached(void)
{
   if (no_images_here())
      return;
   enum { S = 16 };
   GLuint t = r32ui_texture(S, S, init_zero);
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("a framebuffer of an R32UI texture is incomplete");
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 8.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 330 core\n"
                    "#extension GL_ARB_shader_image_load_store : require\n"
                    "layout(r32ui) writeonly uniform uimage2D u_img;\n"
                    "out uvec4 o;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
                    "  imageStore(u_img, p, uvec4(uint(p.y * 100 + p.x + 7)));\n"
                    "  o = uvec4(1u);\n"
                    "}\n";
   GLuint g = link_program(vs, fs);
   gl.UseProgram(g);
   gl.Uniform1i(uloc(g, "u_img"), 2);
   gl.BindImageTexture(2, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
   float xy[12];
   rect_vertices(xy, 0, 0, S, S);
   mesh m = make_mesh(xy, 6);
   glViewport(0, 0, S, S);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   gl.MemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
   check_gl_error("a draw storing to the level attached to its framebuffer");
   uint32_t px[S * S];
   memset(px, 0xee, sizeof px);
   glReadPixels(0, 0, S, S, GL_RED_INTEGER, GL_UNSIGNED_INT, px);
   check_gl_error("glReadPixels of the attachment");
   for (int i = 0; i < S * S; i++)
      if (px[i] != (uint32_t)(i / S * 100 + i % S + 7)) {
         fail("after the storing draw: pixel (%d, %d) is %u, expected %d", i % S, i / S, px[i],
              i / S * 100 + i % S + 7);
         break;
      }

   /* the same program renders into the attachment now (its stores to the same texels first,
    * the colour output last: the left half 1, the right half still what was stored) */
   rect_vertices(xy, 0, 0, S / 2, S);
   gl.BindBuffer(GL_ARRAY_BUFFER, m.vbo);
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof xy, xy);
   gl.BindImageTexture(2, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI); /* invalid: no stores */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw into the attachment after the barrier");
   memset(px, 0xee, sizeof px);
   glReadPixels(0, 0, S, S, GL_RED_INTEGER, GL_UNSIGNED_INT, px);
   for (int i = 0; i < S * S; i++) {
      const uint32_t want = i % S < S / 2 ? 1u : (uint32_t)(i / S * 100 + i % S + 7);
      if (px[i] != want) {
         fail("after the rendering draw: pixel (%d, %d) is %u, expected %u", i % S, i / S, px[i],
              want);
         break;
      }
   }
   gl.UseProgram(0);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   glDeleteTextures(1, &t);
   gl.DeleteProgram(g);
}

/* GL 4.6 8.26: an access through an image unit without a valid image (no texture; a level
 * outside the texture's base..max levels) loads zero and stores nothing. A fragment shader
 * loads from unit 0 and stores to it, and writes what it loaded plus one: every pixel must read
 * 1, and the texture bound with its level below the base level must keep its texels. */
void
sc_image_invalid_units(void)
{
   if (no_images_here())
      return;
   const char *fs = "#version 330 core\n"
                    "#extension GL_ARB_shader_image_load_store : require\n"
                    "layout(r32ui) uniform uimage2D u_img;\n"
                    "out vec4 o;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_FragCoord.xy) - ivec2(8);\n"
                    "  uint v = imageLoad(u_img, p).x;\n"
                    "  imageStore(u_img, p, uvec4(99u));\n"
                    "  o = vec4(0.0, float(v + 1u) / 255.0, 0.0, 1.0);\n"
                    "}\n";
   GLuint g = link_program(VS_PIXELS, fs);
   gl.UseProgram(g);
   gl.Uniform1i(uloc(g, "u_img"), 0);
   float xy[12];
   rect_vertices(xy, 8, 8, 24, 24);
   mesh m = make_mesh(xy, 6);
   model md;
   model_init(&md, V4(0, 0, 0, 1));
   model_rect(&md, 8, 8, 24, 24, (rgba8){{0, 1, 0, 255}});

   /* no texture on the unit */
   gl.BindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
   clear_to(V4(0, 0, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw through an image unit without a texture");
   check_frame("loads through an unbound image unit", &md);

   /* level 0 of a texture whose base level is 1 */
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   uint32_t texels[256];
   for (int i = 0; i < 256; i++)
      texels[i] = init_src(i % 16, i / 16);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_R32UI, 16, 16, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_R32UI, 8, 8, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
   gl.BindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
   clear_to(V4(0, 0, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
   check_gl_error("a draw through an image unit of a level below the base level");
   check_frame("loads through a unit of a level below the base level", &md);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
   uint32_t got[256];
   read_r32ui(t, got);
   for (int i = 0; i < 256; i++)
      if (got[i] != init_src(i % 16, i / 16)) {
         fail("a store through an invalid unit reached texel (%d, %d): %u, want %u", i % 16, i / 16,
              got[i], init_src(i % 16, i / 16));
         break;
      }
   gl.UseProgram(0);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   glDeleteTextures(1, &t);
   gl.DeleteProgram(g);
}

/* Checks n RGBA8 texels against want (n * 4 bytes); what names them in a failure. */
static void
expect_texels(const char *what, const uint8_t *got, const uint8_t *want, int n)
{
   for (int i = 0; i < n; i++)
      if (memcmp(got + 4 * i, want + 4 * i, 4)) {
         fail("%s: texel %d is (%u,%u,%u,%u), expected (%u,%u,%u,%u)", what, i, got[4 * i],
              got[4 * i + 1], got[4 * i + 2], got[4 * i + 3], want[4 * i], want[4 * i + 1],
              want[4 * i + 2], want[4 * i + 3]);
         return;
      }
}

/* 1D storage images (GL 4.2 image1D, image1DArray): a compute shader loads texel x of an RGBA8
 * 1D texture and stores it, plus (0, 16, 32, 0), at texel 7 - x of another, and writes
 * (x * 32, layer * 64, imageSize's layers * 16, 255) into every texel of a layered 1D array;
 * imageSize answers the width. The GLES backend stores 1D textures as 2D ones a texel high and
 * rewrites the images as 2D (spv_lower_1d). Exact texels of all three. */
void
sc_image_1d_store(void)
{
   if (no_images_here())
      return;
   enum { LEN = 8, ALEN = 4, ALAYERS = 3 };
   const char *cs =
      "#version 430\n"
      "layout(local_size_x = 8) in;\n"
      "layout(rgba8, binding = 0) readonly uniform image1D u_src;\n"
      "layout(rgba8, binding = 1) writeonly uniform image1D u_dst;\n"
      "layout(rgba8, binding = 2) writeonly uniform image1DArray u_arr;\n"
      "void main() {\n"
      "  int x = int(gl_LocalInvocationID.x);\n"
      "  int w = imageSize(u_src);\n"
      "  imageStore(u_dst, w - 1 - x, imageLoad(u_src, x) + vec4(0.0, 16.0, 32.0, 0.0) / "
      "255.0);\n"
      "  ivec2 as = imageSize(u_arr);\n"
      "  if (x < as.x)\n"
      "    for (int l = 0; l < as.y; l++)\n"
      "      imageStore(u_arr, ivec2(x, l), vec4(float(x * 32), float(l * 64),\n"
      "                                          float(as.y * 16), 255.0) / 255.0);\n"
      "}\n";
   GLuint p = must_compute(cs);
   uint8_t src[LEN * 4], zeros[LEN * ALAYERS * 4];
   memset(zeros, 0, sizeof zeros);
   for (int i = 0; i < LEN * 4; i++)
      src[i] = (uint8_t)(i * 5 + 3);
   GLuint t[3];
   glGenTextures(3, t);
   for (int k = 0; k < 2; k++) {
      glBindTexture(GL_TEXTURE_1D, t[k]);
      gl.TexStorage1D(GL_TEXTURE_1D, 1, GL_RGBA8, LEN);
      glTexSubImage1D(GL_TEXTURE_1D, 0, 0, LEN, GL_RGBA, GL_UNSIGNED_BYTE, k ? zeros : src);
   }
   glBindTexture(GL_TEXTURE_1D_ARRAY, t[2]);
   gl.TexStorage2D(GL_TEXTURE_1D_ARRAY, 1, GL_RGBA8, ALEN, ALAYERS);
   glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 0, ALEN, ALAYERS, GL_RGBA, GL_UNSIGNED_BYTE, zeros);
   check_gl_error("two RGBA8 1D textures and a 1D array");
   gl.BindImageTexture(0, t[0], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
   gl.BindImageTexture(1, t[1], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
   gl.BindImageTexture(2, t[2], 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA8);
   gl.UseProgram(p);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
   check_gl_error("imageLoad / imageStore on 1D images");
   uint8_t got[LEN * ALAYERS * 4], want[LEN * ALAYERS * 4];
   memset(got, 0xee, sizeof got);
   glBindTexture(GL_TEXTURE_1D, t[1]);
   glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   for (int x = 0; x < LEN; x++)
      for (int c = 0; c < 4; c++)
         want[4 * (LEN - 1 - x) + c] = (uint8_t)(src[4 * x + c] + (c == 1 ? 16 : c == 2 ? 32 : 0));
   expect_texels("image1D store of image1D loads", got, want, LEN);
   memset(got, 0xee, sizeof got);
   glBindTexture(GL_TEXTURE_1D_ARRAY, t[2]);
   glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   for (int l = 0; l < ALAYERS; l++)
      for (int x = 0; x < ALEN; x++) {
         uint8_t *q = want + 4 * (l * ALEN + x);
         q[0] = (uint8_t)(x * 32);
         q[1] = (uint8_t)(l * 64);
         q[2] = ALAYERS * 16;
         q[3] = 255;
      }
   expect_texels("layered image1DArray stores", got, want, ALEN * ALAYERS);
   check_gl_error("glGetTexImage of the 1D textures");
   gl.UseProgram(0);
   glDeleteTextures(3, t);
   gl.DeleteProgram(p);
}

/* Images without readonly or writeonly (GL 4.2 needs neither): a compute shader loads an RGBA8
 * image and stores into another, both declared with their format alone, and asks the size of
 * a third it neither reads nor writes. GLSL ES wants one of the two on every image of a format
 * other than r32f/r32i/r32ui: the GLES backend adds what the program allows. Exact texels. */
void
sc_image_access_inferred(void)
{
   if (no_images_here())
      return;
   enum { S = 4 };
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 4, local_size_y = 4) in;\n"
                    "layout(rgba8, binding = 0) uniform image2D u_src;\n"
                    "layout(rgba8, binding = 1) uniform image2D u_dst;\n"
                    "layout(rgba16f, binding = 2) uniform image2D u_sized;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
                    "  ivec2 q = imageSize(u_sized) - 1 - p;\n"
                    "  imageStore(u_dst, q, imageLoad(u_src, p).bgra);\n"
                    "}\n";
   GLuint p = must_compute(cs);
   uint8_t src[S * S * 4], zeros[S * S * 4];
   memset(zeros, 0, sizeof zeros);
   for (int i = 0; i < S * S * 4; i++)
      src[i] = (uint8_t)(i * 3 + 1);
   GLuint t[3] = {texture_2d(GL_RGBA8, S, S, 1), texture_2d(GL_RGBA8, S, S, 1),
                  texture_2d(GL_RGBA16F, S, S, 1)};
   glBindTexture(GL_TEXTURE_2D, t[0]);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, src);
   glBindTexture(GL_TEXTURE_2D, t[1]);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, zeros);
   check_gl_error("the RGBA8 textures' texels");
   gl.BindImageTexture(0, t[0], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
   gl.BindImageTexture(1, t[1], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
   gl.BindImageTexture(2, t[2], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA16F);
   gl.UseProgram(p);
   gl.DispatchCompute(1, 1, 1);
   gl.MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
   check_gl_error("imageLoad / imageStore on images without access qualifiers");
   uint8_t got[S * S * 4], want[S * S * 4];
   memset(got, 0xee, sizeof got);
   glBindTexture(GL_TEXTURE_2D, t[1]);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   for (int y = 0; y < S; y++)
      for (int x = 0; x < S; x++) {
         const uint8_t *a = src + 4 * (y * S + x);
         uint8_t *b = want + 4 * ((S - 1 - y) * S + (S - 1 - x));
         b[0] = a[2];
         b[1] = a[1];
         b[2] = a[0];
         b[3] = a[3];
      }
   expect_texels("stores of swizzled loads, mirrored", got, want, S * S);
   gl.UseProgram(0);
   glDeleteTextures(3, t);
   gl.DeleteProgram(p);
}

/* Format-less writeonly images (GLSL 4.20 4.10: a writeonly image needs no format qualifier;
 * the image unit's format, glBindImageTexture's, is the one written): a compute stage stores
 * into an rgba8, an rgba32f and an r32ui texture through image uniforms without formats, then
 * a float image's unit is switched to another format (rgba32f after rgba8) and back, each
 * dispatch's texels checked. ESSL needs a format on every image: the GLES backend declares
 * each with its unit's format, a variant of the program per set of formats
 * (gles-image-format-sets). */
void
sc_image_formatless(void)
{
   if (no_images_here())
      return;
   enum { S = 4 };
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 4, local_size_y = 4) in;\n"
                    "layout(binding = 0) writeonly uniform image2D u_a;\n"
                    "layout(binding = 1) writeonly uniform image2D u_b;\n"
                    "layout(binding = 2) writeonly uniform uimage2D u_c;\n"
                    "uniform float u_scale;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
                    "  float f = float(p.y * 4 + p.x);\n"
                    "  imageStore(u_a, p, vec4(f / 15.0, 1.0 - f / 15.0, 0.25, 1.0) * u_scale);\n"
                    "  imageStore(u_b, p, vec4(f * 1.5, -f, 1e6 + f, 0.125));\n"
                    "  imageStore(u_c, p, uvec4(0xdeadbe00u + uint(f), 7u, 8u, 9u));\n"
                    "}\n";
   GLuint p = must_compute(cs);
   GLuint t[4] = {texture_2d(GL_RGBA8, S, S, 1), texture_2d(GL_RGBA32F, S, S, 1),
                  texture_2d(GL_R32UI, S, S, 1), texture_2d(GL_RGBA32F, S, S, 1)};
   check_gl_error("the textures");
   gl.UseProgram(p);
   for (int pass = 0; pass < 3; pass++) {
      /* the second pass stores u_a into an rgba32f texture, the third into the rgba8 again */
      const bool wide = pass == 1;
      const float scale = pass == 2 ? 0.2f : 1.0f;
      gl.Uniform1f(gl.GetUniformLocation(p, "u_scale"), scale);
      gl.BindImageTexture(0, wide ? t[3] : t[0], 0, GL_FALSE, 0, GL_WRITE_ONLY,
                          wide ? GL_RGBA32F : GL_RGBA8);
      gl.BindImageTexture(1, t[1], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
      gl.BindImageTexture(2, t[2], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
      gl.DispatchCompute(1, 1, 1);
      gl.MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
      check_gl_error("stores through format-less writeonly images");
      float fa[S * S * 4], fb[S * S * 4];
      uint8_t a8[S * S * 4];
      uint32_t c[S * S];
      memset(fa, 0, sizeof fa);
      memset(a8, 0xee, sizeof a8);
      memset(fb, 0, sizeof fb);
      memset(c, 0xee, sizeof c);
      glBindTexture(GL_TEXTURE_2D, wide ? t[3] : t[0]);
      if (wide)
         glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, fa);
      else
         glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, a8);
      glBindTexture(GL_TEXTURE_2D, t[1]);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, fb);
      glBindTexture(GL_TEXTURE_2D, t[2]);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, c);
      check_gl_error("the stored texels' readback");
      for (int i = 0; i < S * S; i++) {
         const float f = (float)i;
         const float a[4] = {f / 15.0f * scale, (1.0f - f / 15.0f) * scale, 0.25f * scale, scale};
         const float b[4] = {f * 1.5f, -f, 1e6f + f, 0.125f};
         for (int k = 0; k < 4; k++) {
            /* the shader's division may differ in the last bit; no unorm value here lies
             * near a half */
            if (wide ? fabsf(fa[4 * i + k] - a[k]) > 1e-6f
                     : a8[4 * i + k] != (uint8_t)(a[k] * 255.0f + 0.5f))
               fail("pass %d: texel %d component %d of u_a (%s) is %g, want %g", pass, i, k,
                    wide ? "rgba32f" : "rgba8", wide ? fa[4 * i + k] : a8[4 * i + k] / 255.0, a[k]);
            if (fb[4 * i + k] != b[k])
               fail("pass %d: texel %d component %d of u_b (rgba32f) is %g, want %g", pass, i, k,
                    fb[4 * i + k], b[k]);
         }
         if (c[i] != 0xdeadbe00u + (uint32_t)i)
            fail("pass %d: texel %d of u_c (r32ui) is 0x%08x, want 0x%08x", pass, i, c[i],
                 0xdeadbe00u + (uint32_t)i);
      }
   }
   gl.UseProgram(0);

   /* the draw path: a fragment stage stores each fragment's texel of a 4x4 rectangle through a
    * format-less writeonly image, into the rgba8 texture, then its unit switched to the rgba32f
    * one between two draws of one program */
   const char *fs = "#version 420 core\n"
                    "writeonly uniform image2D u_f;\n"
                    "out vec4 o;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_FragCoord.xy) - ivec2(8);\n"
                    "  imageStore(u_f, p, vec4(float(p.x) * 0.25, float(p.y) * 0.25, 0.5, 1.0));\n"
                    "  o = vec4(0.0, 1.0, 0.0, 1.0);\n"
                    "}\n";
   GLuint g = link_program(VS_PIXELS, fs);
   gl.UseProgram(g);
   float xy[12];
   rect_vertices(xy, 8, 8, 8 + S, 8 + S);
   mesh m = make_mesh(xy, 6);
   clear_to(V4(0, 0, 0, 1));
   for (int pass = 0; pass < 2; pass++) {
      const bool wide = pass == 1;
      gl.BindImageTexture(0, wide ? t[3] : t[0], 0, GL_FALSE, 0, GL_WRITE_ONLY,
                          wide ? GL_RGBA32F : GL_RGBA8);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      gl.MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
      check_gl_error("a fragment stage's stores through a format-less writeonly image");
      float fa[S * S * 4];
      uint8_t a8[S * S * 4];
      memset(fa, 0, sizeof fa);
      memset(a8, 0xee, sizeof a8);
      glBindTexture(GL_TEXTURE_2D, wide ? t[3] : t[0]);
      if (wide)
         glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, fa);
      else
         glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, a8);
      for (int i = 0; i < S * S; i++) {
         const float a[4] = {(float)(i % S) * 0.25f, (float)(i / S) * 0.25f, 0.5f, 1.0f};
         /* 0.5 is 127.5 in unorm8: GL rounds to the nearest and leaves the tie open
          * (NVIDIA stores 127, lavapipe 128), so either neighbour of a half passes */
         for (int k = 0; k < 4; k++)
            if (wide ? fa[4 * i + k] != a[k] : fabsf(a8[4 * i + k] - a[k] * 255.0f) > 0.5f)
               fail("fragment pass %d: texel %d component %d (%s) is %g, want %g", pass, i, k,
                    wide ? "rgba32f" : "rgba8", wide ? fa[4 * i + k] : a8[4 * i + k] / 255.0, a[k]);
      }
   }
   model md;
   model_init(&md, V4(0, 0, 0, 1));
   model_rect(&md, 8, 8, 8 + S, 8 + S, to8(V4(0, 1, 0, 1)));
   check_frame("the format-less image-writing draws' colour", &md);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.UseProgram(0);
   gl.DeleteProgram(g);
   glDeleteTextures(4, t);
   gl.DeleteProgram(p);
}
