/* scenario_tex40.c — GL 4.0's texture extensions (issue 20). texture_gather (ARB_texture_gather and
 * GLSL 4.00's gathers) and texture_query_lod (ARB_texture_query_lod) further down.
 * cube_array: ARB_texture_cube_map_array,
 * each layer-face of a two-cube array sampled through samplerCubeArray after glTexImage3D,
 * glTexSubImage3D, glCopyTexSubImage3D and a clear through a glFramebufferTextureLayer
 * attachment; a shadow cube array compared per face; textureLod of generated mipmaps against
 * textureGrad of a rewritten base level; textureSize; glGetTexImage of every layer-face; the
 * target's errors and queries. A context without the extension must refuse the target. */
#include "scenario.h"

/* The six faces' directions, GL's face order (+X, -X, +Y, -Y, +Z, -Z). */
static const float face_dir[6][3] = {{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                     {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};

/* Whether the context offers cube map arrays; where it does not (mgl's GLES backend), that the
 * target is refused as GL 3.3 does. */
static bool
cube_array_offered(void)
{
   if (has_ext("GL_ARB_texture_cube_map_array") || context_version() >= 40)
      return true;
   if (!on_mgl())
      die_setup("the reference GL has no GL_ARB_texture_cube_map_array");
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   /* only the GLES backend ("mgl (GLES: ...)") makes no cube arrays here; a Vulkan device
    * without imageCubeArray would be named too */
   if (!renderer || !strstr(renderer, "(GLES:"))
      fail("no cube map arrays on renderer %s", renderer ? renderer : "(null)");
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, t);
   expect_gl_error(GL_INVALID_ENUM,
                   "glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY) without the extension");
   glDeleteTextures(1, &t);
   skipped("GL_ARB_texture_cube_map_array is not offered");
   return false;
}

static void
fill(GLubyte *out, int texels, const GLubyte c[4])
{
   for (int i = 0; i < texels; i++)
      memcpy(out + 4 * i, c, 4);
}

/* The colour of layer-face i before any change: distinct per layer-face. */
static void
lf_colour(int i, GLubyte c[4])
{
   c[0] = (GLubyte)(20 * i + 15);
   c[1] = (GLubyte)(255 - 20 * i);
   c[2] = (GLubyte)((i & 1) ? 200 : 40);
   c[3] = 255;
}

static const char *FS_ARRAY =
   "#version 330 core\n"
   "#extension GL_ARB_texture_cube_map_array : require\n"
   "uniform samplerCubeArray u_tex;\n"
   "uniform samplerCubeArray u_mip;\n"
   "uniform vec4 u_coord;\n"
   "uniform int u_mode;\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "  if (u_mode == 0)\n"
   "    o_color = texture(u_tex, u_coord);\n"
   "  else if (u_mode == 1)\n"
   "    o_color = textureLod(u_tex, u_coord, 2.0);\n"
   "  else if (u_mode == 2)\n"
   "    o_color = textureGrad(u_tex, u_coord, vec3(0.0), vec3(0.0));\n"
   "  else\n"
   "    o_color = textureSize(u_tex, 0) == ivec3(2, 2, 2) &&\n"
   "              textureSize(u_mip, 2) == ivec3(1, 1, 1)\n"
   "              ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

static const char *FS_SHADOW = "#version 330 core\n"
                               "#extension GL_ARB_texture_cube_map_array : require\n"
                               "uniform samplerCubeArrayShadow u_tex;\n"
                               "uniform vec4 u_coord;\n"
                               "out vec4 o_color;\n"
                               "void main() {\n"
                               "  float r = texture(u_tex, u_coord, 0.5);\n"
                               "  o_color = vec4(r, r, r, 1.0);\n"
                               "}\n";

static void
draw_at(GLuint p, int x0, int y0, int x1, int y1, int face, int layer)
{
   const float c[4] = {face_dir[face][0], face_dir[face][1], face_dir[face][2], (float)layer};
   gl.Uniform4fv(uloc(p, "u_coord"), 1, c);
   glScissor(x0, y0, x1 - x0, y1 - y0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

static void
errors(void)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, t);
   gl.TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 2, 2, 7, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 NULL);
   expect_gl_error(GL_INVALID_VALUE, "glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY) of depth 7");
   gl.TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 2, 4, 6, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 NULL);
   expect_gl_error(GL_INVALID_VALUE, "glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY) of 2x4 faces");
   /* the extension's errors name TEXTURE_CUBE_MAP_ARRAY; a proxy of such a shape is one that
    * cannot be made: no error, its state zeros (as Mesa answers) */
   GLint v = -1;
   gl.TexImage3D(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 2, 2, 5, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, NULL);
   check_gl_error("glTexImage3D(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY) of depth 5");
   glGetTexLevelParameteriv(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_TEXTURE_WIDTH, &v);
   if (v != 0)
      fail("proxy cube map array of depth 5: GL_TEXTURE_WIDTH %d, expected 0", v);
   gl.TexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 2, 2, 9);
   expect_gl_error(GL_INVALID_VALUE, "glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY) of depth 9");
   gl.TexImage3D(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 4, 4, 12, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, NULL);
   check_gl_error("glTexImage3D(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY)");
   glGetTexLevelParameteriv(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_TEXTURE_DEPTH, &v);
   if (v != 12)
      fail("proxy cube map array GL_TEXTURE_DEPTH %d, expected 12", v);
   gl.TexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 2, GL_RGBA8, 4, 4, 12);
   check_gl_error("glTexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY)");
   glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_TEXTURE_DEPTH, &v);
   if (v != 12)
      fail("cube map array level 1 GL_TEXTURE_DEPTH %d, expected 12 (layers do not minify)", v);
   glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP_ARRAY, &v);
   if (v != (GLint)t)
      fail("GL_TEXTURE_BINDING_CUBE_MAP_ARRAY %d, expected %u", v, t);
   /* a cube map array is no cube map: glTexImage2D and the face targets do not name it */
   glTexImage2D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_ENUM, "glTexImage2D(GL_TEXTURE_CUBE_MAP_ARRAY)");
   glBindTexture(GL_TEXTURE_CUBE_MAP, t);
   expect_gl_error(GL_INVALID_OPERATION, "glBindTexture(GL_TEXTURE_CUBE_MAP) of a cube array");
   glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &v);
   if (v < 256)
      fail("GL_MAX_ARRAY_TEXTURE_LAYERS %d, below GL 3.3's 256", v);
   glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, 0);
   glDeleteTextures(1, &t);
}

void
sc_cube_array(void)
{
   if (!cube_array_offered())
      return;
   errors();

   /* A: two cubes of 2x2 faces, each layer-face its own colour */
   GLubyte texels[12 * 4 * 4];
   GLubyte want[12][4];
   for (int i = 0; i < 12; i++) {
      lf_colour(i, want[i]);
      fill(texels + 16 * i, 4, want[i]);
   }
   GLuint ta;
   glGenTextures(1, &ta);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, ta);
   glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAX_LEVEL, 1);
   gl.TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 2, 2, 12, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 texels);
   gl.TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 1, 1, 12, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 texels);
   check_gl_error("glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY)");
   /* layer-face 7 (cube 1, -X) rewritten */
   const GLubyte sub_c[4] = {255, 0, 255, 255};
   GLubyte sub[16];
   fill(sub, 4, sub_c);
   gl.TexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 7, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, sub);
   memcpy(want[7], sub_c, 4);
   gl.TexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 12, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                    sub);
   expect_gl_error(GL_INVALID_VALUE, "glTexSubImage3D past the last layer-face");
   /* layer-face 4 (cube 0, +Z) copied from the window */
   const vec4f copy_c = V4(0.0f, 0.0f, 1.0f, 1.0f);
   clear_to(copy_c);
   gl.CopyTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 4, 0, 0, 2, 2);
   check_gl_error("glCopyTexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY)");
   memcpy(want[4], to8(copy_c).c, 4);
   /* layer-face 9 (cube 1, -Y) cleared through a single-layer attachment */
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 0, 9);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("a cube map array layer-face attachment is not complete");
   GLint lv = -1;
   gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &lv);
   /* GL 4.6 9.2.3 names cube map array textures for the layer; Mesa 22.3 answers 0 */
   if (lv != 9 && on_mgl())
      fail("GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER %d, expected 9", lv);
   const float fbo_c[4] = {1.0f, 1.0f, 0.0f, 1.0f};
   gl.ClearBufferfv(GL_COLOR, 0, fbo_c);
   memcpy(want[9], (GLubyte[4]){255, 255, 0, 255}, 4);
   /* layered: every layer-face of level 1 */
   gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ta, 1);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("a layered cube map array attachment is not complete");
   lv = 0;
   gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &lv);
   if (lv != GL_TRUE)
      fail("GL_FRAMEBUFFER_ATTACHMENT_LAYERED %d for a whole cube map array", lv);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   check_gl_error("cube map array attachments");

   /* every layer-face read back */
   GLubyte back[12 * 4 * 4];
   memset(back, 0xA5, sizeof back);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glGetTexImage(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   check_gl_error("glGetTexImage(GL_TEXTURE_CUBE_MAP_ARRAY)");
   for (int i = 0; i < 12; i++)
      for (int k = 0; k < 4; k++)
         if (memcmp(back + 16 * i + 4 * k, want[i], 4))
            fail("glGetTexImage layer-face %d texel %d: (%u,%u,%u,%u), expected (%u,%u,%u,%u)", i,
                 k, back[16 * i + 4 * k], back[16 * i + 4 * k + 1], back[16 * i + 4 * k + 2],
                 back[16 * i + 4 * k + 3], want[i][0], want[i][1], want[i][2], want[i][3]);

   /* B: a depth cube array, compared with 0.5 per face (LEQUAL: 1 where 0.5 <= depth) */
   const float depths[6] = {0.1f, 0.3f, 0.45f, 0.55f, 0.7f, 0.9f};
   GLuint ts;
   glGenTextures(1, &ts);
   gl.ActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, ts);
   glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
   glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   gl.TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_DEPTH_COMPONENT32F, 1, 1, 6, 0,
                 GL_DEPTH_COMPONENT, GL_FLOAT, depths);
   check_gl_error("depth cube map array");

   /* C: 4x4 faces, mipmaps generated from one colour per face, then level 0 rewritten */
   GLubyte mip[6 * 16 * 4], base[6 * 16 * 4];
   GLubyte mip_c[6][4], base_c[6][4];
   for (int f = 0; f < 6; f++) {
      lf_colour(f + 3, mip_c[f]);
      lf_colour(11 - f, base_c[f]);
      base_c[f][2] = (GLubyte)(base_c[f][2] ^ 0x80);
      fill(mip + 64 * f, 16, mip_c[f]);
      fill(base + 64 * f, 16, base_c[f]);
   }
   GLuint tm;
   glGenTextures(1, &tm);
   gl.ActiveTexture(GL_TEXTURE2);
   glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, tm);
   glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 4, 4, 6, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 mip);
   gl.GenerateMipmap(GL_TEXTURE_CUBE_MAP_ARRAY);
   check_gl_error("glGenerateMipmap(GL_TEXTURE_CUBE_MAP_ARRAY)");
   gl.TexSubImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, 0, 0, 0, 4, 4, 6, GL_RGBA, GL_UNSIGNED_BYTE,
                    base);
   GLint d2 = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_ARRAY, 2, GL_TEXTURE_WIDTH, &d2);
   if (d2 != 1)
      fail("generated level 2 width %d, expected 1", d2);

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glEnable(GL_SCISSOR_TEST);
   model m;
   model_init(&m, bg);
   GLuint pa = link_program(VS_PIXELS, FS_ARRAY);
   gl.UseProgram(pa);
   gl.Uniform2f(uloc(pa, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pa, "u_z"), 0.0f);
   gl.Uniform1i(uloc(pa, "u_tex"), 0);
   gl.Uniform1i(uloc(pa, "u_mode"), 0);
   for (int i = 0; i < 12; i++) {
      const int x0 = 2 + 5 * i;
      draw_at(pa, x0, 50, x0 + 4, 62, i % 6, i / 6);
      model_rect(&m, x0, 50, x0 + 4, 62, (rgba8){{want[i][0], want[i][1], want[i][2], 255}});
   }
   gl.Uniform1i(uloc(pa, "u_mip"), 2);
   gl.Uniform1i(uloc(pa, "u_mode"), 3);
   draw_at(pa, 2, 2, 14, 14, 0, 0);
   model_rect(&m, 2, 2, 14, 14, (rgba8){{0, 255, 0, 255}});
   gl.Uniform1i(uloc(pa, "u_tex"), 2);
   for (int mode = 1; mode <= 2; mode++) {
      gl.Uniform1i(uloc(pa, "u_mode"), mode);
      const int y0 = mode == 1 ? 34 : 18;
      for (int f = 0; f < 6; f++) {
         const int x0 = 2 + 10 * f;
         draw_at(pa, x0, y0, x0 + 8, y0 + 12, f, 0);
         const GLubyte *c = mode == 1 ? mip_c[f] : base_c[f];
         model_rect(&m, x0, y0, x0 + 8, y0 + 12, (rgba8){{c[0], c[1], c[2], 255}});
      }
   }
   GLuint ps = link_program(VS_PIXELS, FS_SHADOW);
   gl.UseProgram(ps);
   gl.Uniform2f(uloc(ps, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(ps, "u_z"), 0.0f);
   gl.Uniform1i(uloc(ps, "u_tex"), 1);
   for (int f = 0; f < 6; f++) {
      const int x0 = 18 + 7 * f;
      draw_at(ps, x0, 2, x0 + 6, 14, f, 0);
      const GLubyte r = 0.5f <= depths[f] ? 255 : 0;
      model_rect(&m, x0, 2, x0 + 6, 14, (rgba8){{r, r, r, 255}});
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("cube map array draws");
   check_frame("cube map array", &m);
   gl.ActiveTexture(GL_TEXTURE0);
   glDeleteTextures(1, &ta);
   glDeleteTextures(1, &ts);
   glDeleteTextures(1, &tm);
}

/* Whether the context offers ARB_texture_gather (or 4.0); where it does not (mgl's GLES
 * backend), that its limits are refused. */
static bool
gather_offered(void)
{
   if (has_ext("GL_ARB_texture_gather") || context_version() >= 40)
      return true;
   if (!on_mgl())
      die_setup("the reference GL has no GL_ARB_texture_gather");
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   if (!renderer || !strstr(renderer, "(GLES:"))
      fail("no texture gather on renderer %s", renderer ? renderer : "(null)");
   GLint v = 0;
   glGetIntegerv(GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB, &v);
   expect_gl_error(GL_INVALID_ENUM,
                   "GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS without the extension");
   if (has_ext("GL_ARB_texture_query_lod"))
      fail("GL_ARB_texture_query_lod listed without GL_ARB_texture_gather on %s", renderer);
   skipped("GL_ARB_texture_gather is not offered");
   return false;
}

/* GLSL 3.30 with the extension: the four texels' red, in GL's order (i0,j1) (i1,j1) (i1,j0)
 * (i0,j0), and with a constant offset */
static const char *FS_GATHER = "#version 330 core\n"
                               "#extension GL_ARB_texture_gather : require\n"
                               "uniform sampler2D u_tex;\n"
                               "uniform vec2 u_uv;\n"
                               "uniform int u_mode;\n"
                               "out vec4 o_color;\n"
                               "void main() {\n"
                               "  if (u_mode == 0)\n"
                               "    o_color = textureGather(u_tex, u_uv);\n"
                               "  else\n"
                               "    o_color = textureGatherOffset(u_tex, u_uv, ivec2(1, 0));\n"
                               "}\n";

/* GLSL 4.00: a component, the four offsets, a depth comparison per texel */
static const char *FS_GATHER4 = "#version 400 core\n"
                                "uniform sampler2D u_tex;\n"
                                "uniform sampler2DShadow u_shadow;\n"
                                "uniform vec2 u_uv;\n"
                                "uniform int u_mode;\n"
                                "out vec4 o_color;\n"
                                "const ivec2 offs[4] = ivec2[](ivec2(0, 0), ivec2(1, 0),\n"
                                "                             ivec2(0, 1), ivec2(1, 1));\n"
                                "void main() {\n"
                                "  if (u_mode == 0)\n"
                                "    o_color = textureGather(u_tex, u_uv, 1);\n"
                                "  else if (u_mode == 1)\n"
                                "    o_color = textureGather(u_tex, u_uv, 3);\n"
                                "  else if (u_mode == 2)\n"
                                "    o_color = textureGatherOffsets(u_tex, u_uv, offs, 2);\n"
                                "  else\n"
                                "    o_color = textureGather(u_shadow, u_uv, 0.5);\n"
                                "}\n";

/* texel (i, j) of the 4x4 texture: every channel distinct */
static void
gather_texel(int i, int j, GLubyte c[4])
{
   c[0] = (GLubyte)(10 + 16 * i + 4 * j);
   c[1] = (GLubyte)(100 + 8 * i + 32 * j);
   c[2] = (GLubyte)(250 - 12 * i - 48 * j);
   c[3] = (GLubyte)(30 + 50 * i + 3 * j);
}

static GLuint
gather_program(const char *fs)
{
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   return p;
}

/* One rectangle gathering at the corner shared by texels (i, j) .. (i + 1, j + 1). */
static void
gather_at(GLuint p, int mode, int i, int j, int x0, int y0)
{
   gl.Uniform1i(uloc(p, "u_mode"), mode);
   gl.Uniform2f(uloc(p, "u_uv"), (float)(i + 1) / 4.0f, (float)(j + 1) / 4.0f);
   glScissor(x0, y0, 12, 12);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

void
sc_texture_gather(void)
{
   if (!gather_offered())
      return;
   GLint comps = 0, omin = 0, omax = 0;
   glGetIntegerv(GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB, &comps);
   glGetIntegerv(GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET, &omin);
   glGetIntegerv(GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET, &omax);
   check_gl_error("texture gather limits");
   if (comps != 4 || omin > -8 || omax < 7)
      fail("gather components %d (want 4), offsets [%d, %d] (want at least [-8, 7])", comps, omin,
           omax);

   GLubyte tex[16 * 4];
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
         gather_texel(i, j, tex + 4 * (4 * j + i));
   GLuint t;
   glGenTextures(1, &t);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
   /* depth 0.25 in the left half, 0.75 in the right: compared LEQUAL with 0.5 */
   const float depth[16] = {0.25f, 0.25f, 0.75f, 0.75f, 0.25f, 0.25f, 0.75f, 0.75f,
                            0.25f, 0.25f, 0.75f, 0.75f, 0.25f, 0.25f, 0.75f, 0.75f};
   GLuint ts;
   glGenTextures(1, &ts);
   gl.ActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_2D, ts);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                depth);
   gl.ActiveTexture(GL_TEXTURE0);
   check_gl_error("gather textures");

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glEnable(GL_SCISSOR_TEST);
   model m;
   model_init(&m, bg);
   /* gathered texel k of the footprint at (i, j): GL 4.6 8.14.2's order */
   static const int di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};
   GLuint p = gather_program(FS_GATHER);
   for (int mode = 0; mode < 2; mode++) {
      for (int c = 0; c < 3; c++) {
         const int i = c, j = c == 2 ? 0 : 1 + c / 2;
         const int si = mode ? i + 1 : i;
         if (si + 1 > 3)
            continue;
         const int x0 = 2 + 14 * c, y0 = 50 - 14 * mode;
         gather_at(p, mode, i, j, x0, y0);
         rgba8 want;
         for (int k = 0; k < 4; k++) {
            GLubyte texel[4];
            gather_texel(si + di[k], j + dj[k], texel);
            want.c[k] = texel[0];
         }
         model_rect(&m, x0, y0, x0 + 12, y0 + 12, want);
      }
   }
   GLuint p4 = gather_program(FS_GATHER4);
   gl.Uniform1i(uloc(p4, "u_shadow"), 1);
   for (int mode = 0; mode < 4; mode++) {
      const int i = mode == 3 ? 1 : 0, j = 1;
      const int x0 = 2 + 14 * mode, y0 = 22;
      gather_at(p4, mode, i, j, x0, y0);
      rgba8 want;
      for (int k = 0; k < 4; k++) {
         GLubyte texel[4];
         if (mode == 2) {
            /* the offsets' texels, each the (i0,j0) of its own footprint */
            static const int oi[4] = {0, 1, 0, 1}, oj[4] = {0, 0, 1, 1};
            gather_texel(i + oi[k], j + oj[k], texel);
            want.c[k] = texel[2];
         } else if (mode == 3) {
            want.c[k] = 0.5f <= depth[4 * (j + dj[k]) + i + di[k]] ? 255 : 0;
         } else {
            gather_texel(i + di[k], j + dj[k], texel);
            want.c[k] = texel[mode == 0 ? 1 : 3];
         }
      }
      model_rect(&m, x0, y0, x0 + 12, y0 + 12, want);
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("gather draws");
   check_frame("texture gather", &m);
   glDeleteTextures(1, &t);
   glDeleteTextures(1, &ts);
}

/* textureQueryLOD (GLSL 1.40 with the extension: glslang has it from 1.50 on, so the unit is
 * compiled as 1.50) of a 256x256 texture whose coordinates step s/256 a pixel (s a power of two):
 * the computed LOD is log2(s) exactly in both directions; x is the level sampled, clamped to
 * the texture's levels (GL_TEXTURE_MAX_LEVEL 2 here), y the LOD unclamped. Each rectangle is
 * green where both are within 1/16 of the model's, red otherwise. */
static const char *FS_QUERY_LOD =
   "#version 140\n"
   "#extension GL_ARB_texture_query_lod : require\n"
   "uniform sampler2D u_tex;\n"
   "uniform float u_scale;\n"
   "uniform vec2 u_want;\n"
   "out vec4 o_color;\n"
   "void main() {\n"
   "  vec2 lod = textureQueryLOD(u_tex, gl_FragCoord.xy * u_scale);\n"
   "  bool ok = all(lessThan(abs(lod - u_want), vec2(0.0625)));\n"
   "  o_color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

void
sc_texture_query_lod(void)
{
   if (!has_ext("GL_ARB_texture_query_lod") && context_version() < 40) {
      if (!on_mgl())
         die_setup("the reference GL has no GL_ARB_texture_query_lod");
      gather_offered(); /* the GLES backend: neither listed */
      skipped("GL_ARB_texture_query_lod is not offered");
      return;
   }
   GLuint t;
   glGenTextures(1, &t);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, t);
   gl.TexStorage2D(GL_TEXTURE_2D, 9, GL_RGBA8, 256, 256);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 2);
   check_gl_error("query LOD texture");

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glEnable(GL_SCISSOR_TEST);
   model m;
   model_init(&m, bg);
   GLuint p = link_program(VS_PIXELS, FS_QUERY_LOD);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   /* s = 1, 2, 4, 8: LOD 0, 1, 2, 3; the level clamps at MAX_LEVEL 2 */
   for (int k = 0; k < 4; k++) {
      const float s = (float)(1 << k);
      gl.Uniform1f(uloc(p, "u_scale"), s / 256.0f);
      gl.Uniform2f(uloc(p, "u_want"), k > 2 ? 2.0f : (float)k, (float)k);
      glScissor(2 + 16 * k, 2, 12, 60);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, 2 + 16 * k, 2, 14 + 16 * k, 62, (rgba8){{0, 255, 0, 255}});
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("textureQueryLOD draws");
   check_frame("textureQueryLOD", &m);
   glDeleteTextures(1, &t);
}

/* gpu_shader5 (ARB_gpu_shader5 in GLSL 1.50 units): a geometry shader of two invocations draws
 * the left-half quad once as it is and once 32 pixels right, red from gl_InvocationID; the
 * fragment shader's green is 1 where interpolateAtOffset moved a pixel-coordinate varying by
 * its offset and interpolateAtSample / interpolateAtCentroid (one sample) read the centre, and
 * its blue and alpha are textureGatherOffsets' first and last texels. */
static const char *VS_GS5 = "#version 330 core\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "out vec2 v_px;\n"
                            "void main() {\n"
                            "  v_px = a_pos;\n"
                            "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                            "}\n";
static const char *GS_GS5 =
   "#version 150\n"
   "#extension GL_ARB_gpu_shader5 : require\n"
   "layout(triangles, invocations = 2) in;\n"
   "layout(triangle_strip, max_vertices = 3) out;\n"
   "in vec2 v_px[];\n"
   "out vec2 g_px;\n"
   "flat out int g_inv;\n"
   "void main() {\n"
   "  for (int i = 0; i < 3; i++) {\n"
   "    gl_Position = gl_in[i].gl_Position + vec4(float(gl_InvocationID), 0.0, 0.0, 0.0);\n"
   "    g_px = v_px[i] + vec2(32.0 * float(gl_InvocationID), 0.0);\n"
   "    g_inv = gl_InvocationID;\n"
   "    EmitVertex();\n"
   "  }\n"
   "}\n";
static const char *FS_GS5 =
   "#version 150\n"
   "#extension GL_ARB_gpu_shader5 : require\n"
   "in vec2 g_px;\n"
   "flat in int g_inv;\n"
   "uniform sampler2D u_tex;\n"
   "out vec4 o_color;\n"
   "const ivec2 offs[4] = ivec2[](ivec2(0, 0), ivec2(1, 0), ivec2(0, 1), ivec2(1, 1));\n"
   "void main() {\n"
   "  vec2 p = g_px;\n"
   "  float d = interpolateAtOffset(g_px, vec2(0.25, -0.25)).x - p.x;\n"
   "  float s = interpolateAtSample(g_px, 0).y - p.y;\n"
   "  float c = interpolateAtCentroid(g_px).x - p.x;\n"
   "  vec4 g = textureGatherOffsets(u_tex, vec2(0.25, 0.25), offs);\n"
   "  float ok = abs(d - 0.25) < 0.01 && abs(s) < 0.01 && abs(c) < 0.01 ? 1.0 : 0.0;\n"
   "  o_color = vec4(float(g_inv), ok, g.x, g.w);\n"
   "}\n";

void
sc_gpu_shader5(void)
{
   if (!has_ext("GL_ARB_gpu_shader5") && context_version() < 40) {
      if (!on_mgl())
         die_setup("the reference GL has no GL_ARB_gpu_shader5");
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (!renderer || !strstr(renderer, "(GLES:"))
         fail("no GL_ARB_gpu_shader5 on renderer %s", renderer ? renderer : "(null)");
      GLint v = 0;
      glGetIntegerv(GL_MAX_GEOMETRY_SHADER_INVOCATIONS, &v);
      expect_gl_error(GL_INVALID_ENUM, "GL_MAX_GEOMETRY_SHADER_INVOCATIONS without the extension");
      GLuint sh = gl.CreateShader(GL_FRAGMENT_SHADER);
      gl.ShaderSource(sh, 1, &FS_GS5, NULL);
      gl.CompileShader(sh);
      GLint ok = 1;
      gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
      gl.DeleteShader(sh);
      if (ok)
         fail("#extension GL_ARB_gpu_shader5 : require compiled where it is not listed");
      skipped("GL_ARB_gpu_shader5 is not offered");
      return;
   }
   GLint inv = 0;
   glGetIntegerv(GL_MAX_GEOMETRY_SHADER_INVOCATIONS, &inv);
   check_gl_error("GL_MAX_GEOMETRY_SHADER_INVOCATIONS");
   if (inv < 32)
      fail("GL_MAX_GEOMETRY_SHADER_INVOCATIONS %d (want at least 32)", inv);
   /* the extension's geometry stage has vertex streams: at least GL 4.0's 4 */
   GLint streams = 0;
   glGetIntegerv(GL_MAX_VERTEX_STREAMS, &streams);
   check_gl_error("GL_MAX_VERTEX_STREAMS where GL_ARB_gpu_shader5 is listed");
   if (streams < 4)
      fail("GL_MAX_VERTEX_STREAMS %d where GL_ARB_gpu_shader5 is listed (want at least 4)",
           streams);

   GLubyte tex[16 * 4];
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
         gather_texel(i, j, tex + 4 * (4 * j + i));
   GLuint t;
   glGenTextures(1, &t);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
   check_gl_error("gpu_shader5 texture");

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = link_program_gs(VS_GS5, GS_GS5, FS_GS5);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   float quad[12];
   rect_vertices(quad, 0, 0, 32, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("gpu_shader5 draw");
   /* the offsets' texels, each the (i0, j0) of its own footprint at (0, 0): (0,0) and (1,1) */
   GLubyte first[4], last[4];
   gather_texel(0, 0, first);
   gather_texel(1, 1, last);
   model m;
   model_init(&m, bg);
   model_rect(&m, 0, 0, 32, 64, (rgba8){{0, 255, first[0], last[0]}});
   model_rect(&m, 32, 0, 64, 64, (rgba8){{255, 255, first[0], last[0]}});
   check_frame("gpu_shader5", &m);
   glDeleteTextures(1, &t);
}

/* es_gpu_shader5 (EXT_gpu_shader5 in OpenGL ES: ESSL 3.20 has it, an ESSL 3.10 unit enables it):
 * the left half drawn by a #version 320 es program, the right half by a #version 310 es one that
 * requires GL_EXT_gpu_shader5. Each fragment's red is 1 where textureGatherOffsets read the four
 * offsets' texels (each the (i0, j0) of its own footprint), green where a sampler array indexed
 * by a uniform (dynamically uniform, not constant) sampled the second texture, blue where a
 * precise fma gave 3 * 5 - 14, alpha where the bitfield and extended-integer functions gave
 * theirs; the right half scales the four by 0.6. A context without the extension (mgl's GLES
 * backend with MGL_GLES_HIDE=gpu-shader5: an ES 3.1 context) must not compile the second. */
#define ES_GS5_VS                                                                                  \
   "layout(location = 0) in vec2 a_pos;\n"                                                         \
   "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n"
#define ES_GS5_FS                                                                                  \
   "precision highp float;\n"                                                                      \
   "precision highp int;\n"                                                                        \
   "uniform highp sampler2D u_s[2];\n"                                                             \
   "uniform int u_pick;\n"                                                                         \
   "uniform vec4 u_gather;\n"                                                                      \
   "uniform vec4 u_picked;\n"                                                                      \
   "uniform vec4 u_fma;\n"                                                                         \
   "uniform uint u_bits;\n"                                                                        \
   "uniform float u_level;\n"                                                                      \
   "out vec4 o;\n"                                                                                 \
   "const ivec2 offs[4] = ivec2[](ivec2(0, 0), ivec2(1, 0), ivec2(0, 1), ivec2(-1, -1));\n"        \
   "bool near(vec4 a, vec4 b) { return all(lessThan(abs(a - b), vec4(0.5 / 255.0))); }\n"          \
   "void main() {\n"                                                                               \
   "  vec4 g = textureGatherOffsets(u_s[0], vec2(0.5), offs);\n"                                   \
   "  vec4 t = texture(u_s[u_pick], vec2(0.5));\n"                                                 \
   "  precise float f = fma(u_fma.x, u_fma.y, u_fma.z);\n"                                         \
   "  uint carry, hi, lo;\n"                                                                       \
   "  uint sum = uaddCarry(0xFFFFFFFFu, u_bits, carry);\n"                                         \
   "  umulExtended(u_bits, 0x1000000u, hi, lo);\n"                                                 \
   "  bool bits = bitfieldExtract(u_bits, 8, 8) == 0xA5u && bitCount(u_bits) == 12 &&\n"           \
   "              findMSB(u_bits) == 23 && findLSB(u_bits) == 0 &&\n"                              \
   "              bitfieldInsert(u_bits, 0u, 0, 8) == 0xF0A500u &&\n"                              \
   "              bitfieldReverse(u_bits) == 0xC3A50F00u &&\n"                                     \
   "              sum == u_bits - 1u && carry == 1u &&\n"                                          \
   "              hi == 0xF0A5u && lo == 0xC3000000u;\n"                                           \
   "  o = u_level * vec4(near(g, u_gather) ? 1.0 : 0.0, near(t, u_picked) ? 1.0 : 0.0,\n"          \
   "                     f == 1.0 ? 1.0 : 0.0, bits ? 1.0 : 0.0);\n"                               \
   "}\n"
static const char *VS_ES_GS5_320 = "#version 320 es\n" ES_GS5_VS;
static const char *FS_ES_GS5_320 = "#version 320 es\n" ES_GS5_FS;
static const char *VS_ES_GS5_310 = "#version 310 es\n" ES_GS5_VS;
static const char *FS_ES_GS5_310 = "#version 310 es\n"
                                   "#extension GL_EXT_gpu_shader5 : require\n" ES_GS5_FS;

static void
es_gs5_draw(const char *vs, const char *fs, int x0, int x1, float level, const float *gather,
            const float *picked)
{
   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   const GLint units[2] = {0, 1};
   gl.Uniform1iv(uloc(p, "u_s"), 2, units);
   gl.Uniform1i(uloc(p, "u_pick"), 1);
   gl.Uniform4fv(uloc(p, "u_gather"), 1, gather);
   gl.Uniform4fv(uloc(p, "u_picked"), 1, picked);
   static const float fma_in[4] = {3.0f, 5.0f, -14.0f, 0.0f};
   gl.Uniform4fv(uloc(p, "u_fma"), 1, fma_in);
   gl.Uniform1ui(uloc(p, "u_bits"), 0xF0A5C3u);
   gl.Uniform1f(uloc(p, "u_level"), level);
   float quad[12];
   rect_vertices(quad, (float)x0, 8, (float)x1, 56);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("es_gpu_shader5 draw");
   gl.UseProgram(0);
   gl.DeleteProgram(p);
}

void
sc_es_gpu_shader5(void)
{
   const int es = es_version(30);
   if (es < 31) {
      skipped("no OpenGL ES 3.1 context");
      return;
   }
   if (!has_ext("GL_EXT_gpu_shader5")) {
      if (es >= 32)
         fail("an OpenGL ES 3.2 context without GL_EXT_gpu_shader5");
      if (!on_mgl())
         die_setup("the reference GL has no GL_EXT_gpu_shader5");
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      /* only the GLES backend on a host without it (or with it hidden) makes none here */
      if (!renderer || !strstr(renderer, "(GLES:"))
         fail("no GL_EXT_gpu_shader5 on renderer %s", renderer ? renderer : "(null)");
      if (shader_compiles(GL_FRAGMENT_SHADER, FS_ES_GS5_310))
         fail("#extension GL_EXT_gpu_shader5 : require compiled where it is not listed");
      skipped("GL_EXT_gpu_shader5 is not offered");
      return;
   }

   /* texture 0: gather_texel's 4x4 for the gather; texture 1: one texel, the array's second */
   GLubyte tex[16 * 4];
   for (int j = 0; j < 4; j++)
      for (int i = 0; i < 4; i++)
         gather_texel(i, j, tex + 4 * (4 * j + i));
   static const GLubyte second[4] = {40, 200, 120, 255};
   GLuint t[2];
   glGenTextures(2, t);
   for (int k = 0; k < 2; k++) {
      gl.ActiveTexture(GL_TEXTURE0 + (GLenum)k);
      glBindTexture(GL_TEXTURE_2D, t[k]);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, k ? 1 : 4, k ? 1 : 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   k ? second : tex);
   }
   gl.ActiveTexture(GL_TEXTURE0);
   check_gl_error("es_gpu_shader5 textures");
   /* at (0.5, 0.5) of the 4x4 the footprint's (i0, j0) is (1, 1): the offsets' texels are
    * (1,1), (2,1), (1,2) and (0,0); component 0 (red) gathered */
   static const int at[4][2] = {{1, 1}, {2, 1}, {1, 2}, {0, 0}};
   float gather[4], picked[4];
   for (int k = 0; k < 4; k++) {
      GLubyte c[4];
      gather_texel(at[k][0], at[k][1], c);
      gather[k] = (float)c[0] / 255.0f;
      picked[k] = (float)second[k] / 255.0f;
   }

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   /* an ES 3.1 context with the extension (ES 3.2 lacking something else) draws both halves
    * with the ESSL 3.10 program */
   es_gs5_draw(es >= 32 ? VS_ES_GS5_320 : VS_ES_GS5_310, es >= 32 ? FS_ES_GS5_320 : FS_ES_GS5_310,
               8, 32, 1.0f, gather, picked);
   es_gs5_draw(VS_ES_GS5_310, FS_ES_GS5_310, 32, 56, 0.6f, gather, picked);
   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 8, 32, 56, (rgba8){{255, 255, 255, 255}});
   model_rect(&m, 32, 8, 56, 56, (rgba8){{153, 153, 153, 153}});
   check_frame("es_gpu_shader5", &m);
   glDeleteTextures(2, t);
}
