/* scenario_tex40.c — GL 4.0's texture extensions (issue 20). cube_array: ARB_texture_cube_map_array,
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
