/* scenario_dynidx.c — ARB_gpu_shader5's dynamically uniform indices into opaque arrays (issue
 * 20): a sampler2D[4] indexed by a uniform and by a loop counter, and an image2D[2] store and a
 * uimage2D[2] atomic through a uniform index. On a Vulkan device without
 * shaderSampledImageArrayDynamicIndexing (lavapipe of Mesa 22) the backend makes each access a
 * switch over the elements (spv_opaque_index.c); the pixels and texels are the same either way.
 * Exact pixels and texels. */
#include "scenario.h"

/* A 1x1 RGBA8 texture of one colour. */
static GLuint
texel_texture(const GLubyte c[4])
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, c);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("a 1x1 texture");
   return t;
}

/* A w x h texture of `internal`, its texels zero. */
static GLuint
zero_texture(GLenum internal, GLenum format, GLenum type, int w, int h)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, internal, w, h);
   uint32_t zero[64] = {0};
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, format, type, zero);
   check_gl_error("an image texture");
   return t;
}

static void
samplers(void)
{
   /* element k answers channel k alone */
   static const GLubyte colours[4][4] = {
      {255, 0, 0, 0}, {0, 255, 0, 0}, {0, 0, 255, 0}, {0, 0, 0, 255}};
   GLuint tex[4];
   for (int k = 0; k < 4; k++)
      tex[k] = texel_texture(colours[k]);
   for (int k = 0; k < 4; k++) {
      gl.ActiveTexture(GL_TEXTURE0 + 3 - k); /* unit 3 - k: the array is no unit range */
      glBindTexture(GL_TEXTURE_2D, tex[k]);
   }
   gl.ActiveTexture(GL_TEXTURE0);
   const char *fs_uniform = "#version 330 core\n"
                            "#extension GL_ARB_gpu_shader5 : require\n"
                            "uniform sampler2D s[4];\n"
                            "uniform int u_n;\n"
                            "out vec4 o;\n"
                            "void main() { o = texture(s[u_n], vec2(0.5)); }\n";
   /* element i weighted (i + 1) / 5: channel i reads (i + 1) * 51 */
   const char *fs_loop = "#version 330 core\n"
                         "#extension GL_ARB_gpu_shader5 : require\n"
                         "uniform sampler2D s[4];\n"
                         "out vec4 o;\n"
                         "void main() {\n"
                         "  o = vec4(0.0);\n"
                         "  for (int i = 0; i < 4; i++)\n"
                         "    o += texture(s[i], vec2(0.5)) * (float(i + 1) * 0.2);\n"
                         "}\n";
   GLuint pu = link_program(VS_PIXELS, fs_uniform), pl = link_program(VS_PIXELS, fs_loop);
   const GLint units[4] = {3, 2, 1, 0};
   gl.UseProgram(pu);
   gl.Uniform1iv(uloc(pu, "s"), 4, units);
   gl.UseProgram(pl);
   gl.Uniform1iv(uloc(pl, "s"), 4, units);
   check_gl_error("the sampler arrays' units");

   clear_to(V4(0.5f, 0.5f, 0.5f, 0.5f));
   model md;
   model_init(&md, V4(0.5f, 0.5f, 0.5f, 0.5f));
   float xy[12];
   gl.UseProgram(pu);
   for (int k = 0; k < 4; k++) {
      /* strip k of the lower half: s[k] by the uniform */
      gl.Uniform1i(uloc(pu, "u_n"), k);
      rect_vertices(xy, 16 * k, 0, 16 * k + 16, 32);
      mesh m = make_mesh(xy, 6);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      gl.DeleteVertexArrays(1, &m.vao);
      gl.DeleteBuffers(1, &m.vbo);
      model_rect(&md, 16 * k, 0, 16 * k + 16, 32,
                 (rgba8){{colours[k][0], colours[k][1], colours[k][2], colours[k][3]}});
   }
   gl.UseProgram(pl);
   rect_vertices(xy, 0, 32, 64, 64);
   mesh m = make_mesh(xy, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draws sampling s[u_n] and s[i]");
   model_rect(&md, 0, 32, 64, 64, (rgba8){{51, 102, 153, 204}});
   check_frame("a sampler2D[4] indexed by a uniform (lower strips) and a loop (upper half)", &md);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.UseProgram(0);
   gl.DeleteProgram(pu);
   gl.DeleteProgram(pl);
   glDeleteTextures(4, tex);
}

static void
images(void)
{
   GLint units = 0;
   glGetIntegerv(GL_MAX_FRAGMENT_IMAGE_UNIFORMS, &units);
   if (glGetError() != GL_NO_ERROR || units < 4 || !has_ext("GL_ARB_shader_image_load_store")) {
      skipped("image arrays (fewer than 4 fragment image uniforms)");
      return;
   }
   GLuint img[2], ctr[2];
   for (int k = 0; k < 2; k++) {
      img[k] = zero_texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 8, 8);
      ctr[k] = zero_texture(GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, 4, 1);
      gl.BindImageTexture(k, img[k], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
      gl.BindImageTexture(2 + k, ctr[k], 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
   }
   check_gl_error("the image units");
   const char *fs = "#version 330 core\n"
                    "#extension GL_ARB_gpu_shader5 : require\n"
                    "#extension GL_ARB_shader_image_load_store : require\n"
                    "layout(rgba8) writeonly uniform image2D imgs[2];\n"
                    "layout(r32ui) coherent uniform uimage2D ctr[2];\n"
                    "uniform int u_m;\n"
                    "out vec4 o;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
                    "  imageStore(imgs[u_m], p, vec4(float(p.x) / 255.0, float(p.y) / 255.0,\n"
                    "                                 1.0, 0.0));\n"
                    "  imageAtomicAdd(ctr[u_m], ivec2(u_m, 0), 1u);\n"
                    "  o = vec4(0.0, 1.0, 0.0, 1.0);\n"
                    "}\n";
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   const GLint img_units[2] = {0, 1}, ctr_units[2] = {2, 3};
   gl.Uniform1iv(uloc(p, "imgs"), 2, img_units);
   gl.Uniform1iv(uloc(p, "ctr"), 2, ctr_units);
   gl.Uniform1i(uloc(p, "u_m"), 1);
   float xy[12];
   rect_vertices(xy, 0, 0, 8, 8);
   mesh m = make_mesh(xy, 6);
   clear_to(V4(0, 0, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
   check_gl_error("a draw storing through imgs[u_m]");
   /* imgs[1] holds every fragment's texel, imgs[0] none; ctr[1] counted 64 at x 1 */
   GLubyte got[2][8 * 8 * 4];
   uint32_t count[2][4];
   for (int k = 0; k < 2; k++) {
      glBindTexture(GL_TEXTURE_2D, img[k]);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got[k]);
      glBindTexture(GL_TEXTURE_2D, ctr[k]);
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, count[k]);
   }
   check_gl_error("glGetTexImage of the image arrays' textures");
   for (int i = 0; i < 64; i++) {
      const GLubyte want1[4] = {(GLubyte)(i % 8), (GLubyte)(i / 8), 255, 0};
      if (memcmp(got[1] + 4 * i, want1, 4)) {
         fail("imgs[1] texel (%d, %d) = %u %u %u %u, want %u %u 255 0", i % 8, i / 8, got[1][4 * i],
              got[1][4 * i + 1], got[1][4 * i + 2], got[1][4 * i + 3], i % 8, i / 8);
         break;
      }
      if (got[0][4 * i] || got[0][4 * i + 1] || got[0][4 * i + 2] || got[0][4 * i + 3]) {
         fail("imgs[0] texel (%d, %d) was written (%u %u %u %u)", i % 8, i / 8, got[0][4 * i],
              got[0][4 * i + 1], got[0][4 * i + 2], got[0][4 * i + 3]);
         break;
      }
   }
   if (count[1][0] || count[1][1] != 64 || count[1][2] || count[1][3] || count[0][0] ||
       count[0][1] || count[0][2] || count[0][3])
      fail("imageAtomicAdd(ctr[u_m]): ctr[0] {%u %u %u %u}, ctr[1] {%u %u %u %u}, want ctr[1] "
           "{0 64 0 0} alone",
           count[0][0], count[0][1], count[0][2], count[0][3], count[1][0], count[1][1],
           count[1][2], count[1][3]);
   gl.UseProgram(0);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteProgram(p);
   glDeleteTextures(2, img);
   glDeleteTextures(2, ctr);
}

void
sc_opaque_array_index(void)
{
   if (!has_ext("GL_ARB_gpu_shader5")) {
      skipped("dynamically uniform sampler array indices (no GL_ARB_gpu_shader5)");
      return;
   }
   samplers();
   images();
}
