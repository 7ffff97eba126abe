/* scenario_texture.c: scenarios of textures: targets, uploads, storage, compressed formats,
 * samplers, parameters. */
#include "scenario.h"

/* ==== scenarios ============================================================================== */

/* msaa_texture: glTexImage2DMultisample storage rendered to through a framebuffer (a clear and
 * a pixel-aligned rectangle, so every sample of a pixel agrees), then read two ways: resolved by
 * glBlitFramebuffer into the left half, and by texelFetch of the last sample of a sampler2DMS
 * into the right half. Plus GL_TEXTURE_SAMPLES, glTexImage3DMultisample and the GL errors. */
void
sc_msaa_texture(void)
{
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &max_samples);
   if (max_samples < 2)
      die_setup("GL_MAX_COLOR_TEXTURE_SAMPLES = %d", max_samples);
   const GLsizei samples = max_samples >= 4 ? 4 : max_samples;
   GLuint ms;
   glGenTextures(1, &ms);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms);
   gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, GL_RGBA8, W, H, GL_TRUE);
   check_gl_error("glTexImage2DMultisample");
   GLint got_samples = -1;
   glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &got_samples);
   if (got_samples < samples)
      fail("GL_TEXTURE_SAMPLES = %d, asked for %d", got_samples, samples);
   gl.TexImage2DMultisample(GL_TEXTURE_2D, samples, GL_RGBA8, W, H, GL_TRUE);
   expect_gl_error(GL_INVALID_ENUM, "glTexImage2DMultisample(GL_TEXTURE_2D)");
   gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, GL_RGBA8, -1, H, GL_TRUE);
   expect_gl_error(GL_INVALID_VALUE, "glTexImage2DMultisample with width -1");
   GLint max_size = 0;
   glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
   gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, GL_RGBA8, max_size + 1, 4, GL_TRUE);
   expect_gl_error(GL_INVALID_VALUE, "glTexImage2DMultisample wider than GL_MAX_TEXTURE_SIZE");
   GLint max_int = 0;
   glGetIntegerv(GL_MAX_INTEGER_SAMPLES, &max_int);
   if (max_int < max_samples) { /* (past GL_MAX_SAMPLES, GL 3.3 and 4.x disagree) */
      gl.TexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, max_int + 1, GL_RGBA8UI, 4, 4, GL_TRUE);
      expect_gl_error(GL_INVALID_OPERATION,
                      "glTexImage2DMultisample of an integer format past GL_MAX_INTEGER_SAMPLES");
   }
   GLuint msa;
   glGenTextures(1, &msa);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, msa);
   gl.TexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, samples, GL_RGBA8, 8, 8, 3, GL_FALSE);
   check_gl_error("glTexImage3DMultisample");
   gl.TexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, GL_RGBA8, 8, 8, 3, GL_FALSE);
   expect_gl_error(GL_INVALID_ENUM, "glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE)");
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms);

   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("multisample texture framebuffer incomplete");
   const vec4f c_bg = V4(0.2f, 0.4f, 0.6f, 1.0f), c_rect = V4(1.0f, 0.8f, 0.0f, 1.0f);
   glViewport(0, 0, W, H);
   glClearColor(c_bg.v[0], c_bg.v[1], c_bg.v[2], c_bg.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint p = solid_program();
   float r[12];
   rect_vertices(r, 8, 8, 56, 40);
   mesh mr = make_mesh(r, 6);
   gl.BindVertexArray(mr.vao);
   set_vec4(p, "u_color", c_rect);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("rendering into the multisample texture");

   /* left half: resolve */
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.BlitFramebuffer(0, 0, W / 2, H, 0, 0, W / 2, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("resolve blit");

   /* right half: texelFetch of the last sample */
   const char *fs =
      "#version 330 core\n"
      "uniform sampler2DMS u_ms;\n"
      "uniform int u_sample;\n"
      "out vec4 o_color;\n"
      "void main() { o_color = texelFetch(u_ms, ivec2(gl_FragCoord.xy), u_sample); }\n";
   GLuint pf = link_program(VS_PIXELS, fs);
   gl.UseProgram(pf);
   gl.Uniform2f(uloc(pf, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pf, "u_z"), 0.0f);
   gl.Uniform1i(uloc(pf, "u_ms"), 0);
   gl.Uniform1i(uloc(pf, "u_sample"), samples - 1);
   float right[12];
   rect_vertices(right, W / 2, 0, W, H);
   mesh mright = make_mesh(right, 6);
   gl.BindVertexArray(mright.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("texelFetch from the multisample texture");

   model m;
   model_init(&m, c_bg);
   model_rect(&m, 8, 8, 56, 40, to8(c_rect));
   check_frame("multisample texture", &m);
}

/* tex3d_array: glTexImage3D / glTexSubImage3D for GL_TEXTURE_3D (2x2x4, one colour per slice,
 * slice 2 replaced by glTexSubImage3D) and GL_TEXTURE_2D_ARRAY (2x2x3, one colour per layer,
 * GL_UNPACK_IMAGE_HEIGHT 3 so each layer skips a row), each slice/layer drawn as one quad with
 * NEAREST filtering; and the GL errors of both entry points. */

void
sc_tex3d_array(void)
{
   const char *fs3 = "#version 330 core\n"
                     "uniform sampler3D u_tex;\n"
                     "uniform float u_r;\n"
                     "out vec4 o_color;\n"
                     "void main() { o_color = texture(u_tex, vec3(0.5, 0.5, u_r)); }\n";
   const char *fsa = "#version 330 core\n"
                     "uniform sampler2DArray u_tex;\n"
                     "uniform float u_r;\n"
                     "out vec4 o_color;\n"
                     "void main() { o_color = texture(u_tex, vec3(0.5, 0.5, u_r)); }\n";
   const GLubyte slice_c[4][4] = {
      {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}};
   const GLubyte sub_c[4] = {255, 0, 255, 255};
   const GLubyte layer_c[3][4] = {{0, 255, 255, 255}, {128, 64, 32, 255}, {255, 255, 255, 255}};

   GLubyte t3[4 * 4 * 4];
   for (int k = 0; k < 4; k++)
      tex3d_fill(t3 + 16 * k, 4, slice_c[k]);
   GLuint tex3;
   glGenTextures(1, &tex3);
   glBindTexture(GL_TEXTURE_3D, tex3);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, t3);
   GLubyte sub[16];
   tex3d_fill(sub, 4, sub_c);
   gl.TexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 2, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, sub);
   check_gl_error("3D texture");

   /* errors */
   gl.TexImage3D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_ENUM, "glTexImage3D(GL_TEXTURE_2D)");
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, -1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_VALUE, "glTexImage3D with depth -1");
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_VALUE, "glTexImage3D with border 1");
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT24, 2, 2, 2, 0, GL_DEPTH_COMPONENT,
                 GL_UNSIGNED_INT, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "glTexImage3D(GL_TEXTURE_3D) of a depth format");
   gl.TexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 3, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, sub);
   expect_gl_error(GL_INVALID_VALUE, "glTexSubImage3D past the last slice");
   gl.TexSubImage3D(GL_TEXTURE_3D, 1, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, sub);
   expect_gl_error(GL_INVALID_OPERATION, "glTexSubImage3D of an undefined level");

   /* the array: rows of 2 texels, 3 rows per image (the third is padding, never read) */
   GLubyte ta[3 * 3 * 2 * 4];
   memset(ta, 0x11, sizeof ta);
   for (int l = 0; l < 3; l++)
      tex3d_fill(ta + 24 * l, 4, layer_c[l]);
   GLuint texa;
   glGenTextures(1, &texa);
   glBindTexture(GL_TEXTURE_2D_ARRAY, texa);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 3);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 2, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, ta);
   glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   check_gl_error("2D array texture");

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glEnable(GL_SCISSOR_TEST);
   model m;
   model_init(&m, bg);
   GLuint p3 = link_program(VS_PIXELS, fs3);
   gl.UseProgram(p3);
   gl.Uniform2f(uloc(p3, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p3, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p3, "u_tex"), 0);
   glBindTexture(GL_TEXTURE_3D, tex3);
   for (int k = 0; k < 4; k++) {
      gl.Uniform1f(uloc(p3, "u_r"), ((float)k + 0.5f) / 4.0f);
      glScissor(2 + 16 * k, 36, 12, 24);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      const GLubyte *c = k == 2 ? sub_c : slice_c[k];
      model_rect(&m, 2 + 16 * k, 36, 14 + 16 * k, 60, (rgba8){{c[0], c[1], c[2], c[3]}});
   }
   GLuint pa = link_program(VS_PIXELS, fsa);
   gl.UseProgram(pa);
   gl.Uniform2f(uloc(pa, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pa, "u_z"), 0.0f);
   gl.Uniform1i(uloc(pa, "u_tex"), 0);
   glBindTexture(GL_TEXTURE_2D_ARRAY, texa);
   for (int l = 0; l < 3; l++) {
      gl.Uniform1f(uloc(pa, "u_r"), (float)l);
      glScissor(2 + 21 * l, 4, 16, 24);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      const GLubyte *c = layer_c[l];
      model_rect(&m, 2 + 21 * l, 4, 18 + 21 * l, 28, (rgba8){{c[0], c[1], c[2], c[3]}});
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("3D and array draws");
   check_frame("3D and array textures", &m);

   /* glGetTexImage of the 3D texture, slices 3 rows apart (GL_PACK_IMAGE_HEIGHT) after one
    * skipped image (GL_PACK_SKIP_IMAGES); the padding rows keep their poison */
   GLubyte back3[5 * 3 * 2 * 4];
   memset(back3, 0xA5, sizeof back3);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_IMAGE_HEIGHT, 3);
   glPixelStorei(GL_PACK_SKIP_IMAGES, 1);
   glBindTexture(GL_TEXTURE_3D, tex3);
   glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back3);
   glPixelStorei(GL_PACK_IMAGE_HEIGHT, 0);
   glPixelStorei(GL_PACK_SKIP_IMAGES, 0);
   check_gl_error("glGetTexImage(GL_TEXTURE_3D)");
   for (int k = 0; k < 5; k++)
      for (int r = 0; r < 3; r++)
         for (int i = 0; i < 2; i++) {
            const GLubyte *got = back3 + ((k * 3 + r) * 2 + i) * 4;
            const GLubyte poison[4] = {0xA5, 0xA5, 0xA5, 0xA5};
            const GLubyte *want = k == 0 || r == 2 ? poison : k == 3 ? sub_c : slice_c[k - 1];
            if (memcmp(got, want, 4))
               fail("glGetTexImage(GL_TEXTURE_3D): image %d row %d texel %d is (%u,%u,%u,%u), "
                    "expected (%u,%u,%u,%u)",
                    k, r, i, got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
         }
   /* the 2D array into a pixel pack buffer, layers tight */
   GLuint pbo;
   gl.GenBuffers(1, &pbo);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   gl.BufferData(GL_PIXEL_PACK_BUFFER, 3 * 2 * 2 * 4 + 8, NULL, GL_STREAM_READ);
   glBindTexture(GL_TEXTURE_2D_ARRAY, texa);
   glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, (void *)8);
   check_gl_error("glGetTexImage(GL_TEXTURE_2D_ARRAY) into a pack buffer");
   GLubyte backa[3 * 2 * 2 * 4];
   memset(backa, 0xA5, sizeof backa);
   gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 8, sizeof backa, backa);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   gl.DeleteBuffers(1, &pbo);
   for (int l = 0; l < 3; l++)
      for (int i = 0; i < 4; i++)
         if (memcmp(backa + (l * 4 + i) * 4, layer_c[l], 4))
            fail("glGetTexImage(GL_TEXTURE_2D_ARRAY): layer %d texel %d differs", l, i);

   /* glGenerateMipmap of a 2D array (layers keep their number), a 3D texture (depth minifies)
    * and a 1D array, read back at level 2 */
   GLubyte m2a[2][16][4], m3[4][16][4], m1a[2][4][4], got2[2][4];
   for (int i = 0; i < 16; i++) {
      memcpy(m2a[0][i], layer_c[0], 4), memcpy(m2a[1][i], layer_c[1], 4);
      for (int k = 0; k < 4; k++)
         m3[k][i][0] = (GLubyte)(64 * k), m3[k][i][1] = 0, m3[k][i][2] = 0, m3[k][i][3] = 255;
   }
   for (int i = 0; i < 4; i++) {
      const GLubyte c0[4] = {(GLubyte)(64 * i), 0, 0, 255}, c1[4] = {10, 20, 30, 40};
      memcpy(m1a[0][i], c0, 4), memcpy(m1a[1][i], c1, 4);
   }
   GLuint mt[3];
   glGenTextures(3, mt);
   glBindTexture(GL_TEXTURE_2D_ARRAY, mt[0]);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, m2a);
   gl.GenerateMipmap(GL_TEXTURE_2D_ARRAY);
   check_gl_error("glGenerateMipmap(GL_TEXTURE_2D_ARRAY)");
   GLint lv = -1;
   glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY, 2, GL_TEXTURE_DEPTH, &lv);
   if (lv != 2)
      fail("2D array level 2 has GL_TEXTURE_DEPTH %d, expected its 2 layers", lv);
   memset(got2, 0xA5, sizeof got2);
   glGetTexImage(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA, GL_UNSIGNED_BYTE, got2);
   if (memcmp(got2[0], layer_c[0], 4) || memcmp(got2[1], layer_c[1], 4))
      fail("2D array level 2: (%u,%u,%u,%u) and (%u,%u,%u,%u), expected the layer colours",
           got2[0][0], got2[0][1], got2[0][2], got2[0][3], got2[1][0], got2[1][1], got2[1][2],
           got2[1][3]);
   glBindTexture(GL_TEXTURE_3D, mt[1]);
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, m3);
   gl.GenerateMipmap(GL_TEXTURE_3D);
   check_gl_error("glGenerateMipmap(GL_TEXTURE_3D)");
   glGetTexLevelParameteriv(GL_TEXTURE_3D, 1, GL_TEXTURE_DEPTH, &lv);
   if (lv != 2)
      fail("3D level 1 has GL_TEXTURE_DEPTH %d, expected 2", lv);
   memset(got2, 0xA5, sizeof got2);
   glGetTexImage(GL_TEXTURE_3D, 2, GL_RGBA, GL_UNSIGNED_BYTE, got2);
   if (abs(got2[0][0] - 96) > 1 || got2[0][1] || got2[0][2] || got2[0][3] != 255 ||
       got2[1][0] != 0xA5)
      fail("3D level 2: (%u,%u,%u,%u), expected the mean of the slices (96,0,0,255)", got2[0][0],
           got2[0][1], got2[0][2], got2[0][3]);
   glBindTexture(GL_TEXTURE_1D_ARRAY, mt[2]);
   glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, m1a);
   gl.GenerateMipmap(GL_TEXTURE_1D_ARRAY);
   check_gl_error("glGenerateMipmap(GL_TEXTURE_1D_ARRAY)");
   glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 2, GL_TEXTURE_HEIGHT, &lv);
   if (lv != 2)
      fail("1D array level 2 has GL_TEXTURE_HEIGHT %d, expected its 2 layers", lv);
   memset(got2, 0xA5, sizeof got2);
   glGetTexImage(GL_TEXTURE_1D_ARRAY, 2, GL_RGBA, GL_UNSIGNED_BYTE, got2);
   if (abs(got2[0][0] - 96) > 1 || got2[0][3] != 255 || memcmp(got2[1], m1a[1][0], 4))
      fail("1D array level 2: (%u,%u,%u,%u) and (%u,%u,%u,%u)", got2[0][0], got2[0][1], got2[0][2],
           got2[0][3], got2[1][0], got2[1][1], got2[1][2], got2[1][3]);
   glDeleteTextures(3, mt);
}

/* tex_storage: glTexStorage2D (an 8x8 RGBA8 texture with 4 levels, each filled by
 * glTexSubImage2D with its own colour and sampled with textureLod) and glTexStorage3D (a 4x4x2
 * array, one level, each layer filled by glTexSubImage3D); GL_TEXTURE_IMMUTABLE_FORMAT and
 * _LEVELS, and the errors (ARB_texture_storage / GL 4.2 §3.9.16). */
void
sc_tex_storage(void)
{
   const char *fs2 = "#version 330 core\n"
                     "uniform sampler2D u_tex;\n"
                     "uniform float u_r;\n"
                     "out vec4 o_color;\n"
                     "void main() { o_color = textureLod(u_tex, vec2(0.5), u_r); }\n";
   const char *fsa = "#version 330 core\n"
                     "uniform sampler2DArray u_tex;\n"
                     "uniform float u_r;\n"
                     "out vec4 o_color;\n"
                     "void main() { o_color = texture(u_tex, vec3(0.5, 0.5, u_r)); }\n";
   const GLubyte lc[4][4] = {
      {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}};
   const GLubyte ac[2][4] = {{0, 255, 255, 255}, {255, 0, 255, 255}};
   GLubyte texels[8 * 8 * 4];

   GLuint t2;
   glGenTextures(1, &t2);
   glBindTexture(GL_TEXTURE_2D, t2);
   gl.TexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8);
   check_gl_error("glTexStorage2D");
   for (int l = 0; l < 4; l++) {
      const int s = 8 >> l;
      tex3d_fill(texels, s * s, lc[l]);
      glTexSubImage2D(GL_TEXTURE_2D, l, 0, 0, s, s, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   }
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("glTexSubImage2D into the levels");
   GLint immutable = -1, imm_levels = -1;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &imm_levels);
   if (immutable != GL_TRUE || imm_levels != 4)
      fail("GL_TEXTURE_IMMUTABLE_FORMAT %d, _LEVELS %d (expected 1, 4)", immutable, imm_levels);
   check_gl_error("immutable queries");

   /* errors */
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "glTexImage2D on an immutable texture");
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
   expect_gl_error(GL_INVALID_OPERATION, "glTexStorage2D twice");
   GLuint te;
   glGenTextures(1, &te);
   glBindTexture(GL_TEXTURE_2D, te);
   gl.TexStorage2D(GL_TEXTURE_2D, 5, GL_RGBA8, 8, 8);
   expect_gl_error(GL_INVALID_OPERATION, "glTexStorage2D with 5 levels for 8x8");
   gl.TexStorage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8);
   expect_gl_error(GL_INVALID_VALUE, "glTexStorage2D with 0 levels");
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 8, 8);
   expect_gl_error(GL_INVALID_ENUM, "glTexStorage2D of unsized GL_RGBA");
   gl.TexStorage2D(GL_TEXTURE_3D, 1, GL_RGBA8, 8, 8);
   expect_gl_error(GL_INVALID_ENUM, "glTexStorage2D(GL_TEXTURE_3D)");
   immutable = -1;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
   if (immutable != GL_FALSE)
      fail("GL_TEXTURE_IMMUTABLE_FORMAT %d after failed glTexStorage2D calls", immutable);

   GLuint ta;
   glGenTextures(1, &ta);
   glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
   gl.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 2);
   for (int l = 0; l < 2; l++) {
      tex3d_fill(texels, 16, ac[l]);
      gl.TexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, l, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   }
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("glTexStorage3D array");
   gl.TexStorage3D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 2);
   expect_gl_error(GL_INVALID_ENUM, "glTexStorage3D(GL_TEXTURE_2D)");

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glEnable(GL_SCISSOR_TEST);
   model m;
   model_init(&m, bg);
   GLuint p2 = link_program(VS_PIXELS, fs2);
   gl.UseProgram(p2);
   gl.Uniform2f(uloc(p2, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p2, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p2, "u_tex"), 0);
   glBindTexture(GL_TEXTURE_2D, t2);
   for (int l = 0; l < 4; l++) {
      gl.Uniform1f(uloc(p2, "u_r"), (float)l);
      glScissor(2 + 16 * l, 36, 12, 24);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, 2 + 16 * l, 36, 14 + 16 * l, 60,
                 (rgba8){{lc[l][0], lc[l][1], lc[l][2], lc[l][3]}});
   }
   GLuint pa = link_program(VS_PIXELS, fsa);
   gl.UseProgram(pa);
   gl.Uniform2f(uloc(pa, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pa, "u_z"), 0.0f);
   gl.Uniform1i(uloc(pa, "u_tex"), 0);
   glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
   for (int l = 0; l < 2; l++) {
      gl.Uniform1f(uloc(pa, "u_r"), (float)l);
      glScissor(2 + 32 * l, 4, 28, 24);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&m, 2 + 32 * l, 4, 30 + 32 * l, 28,
                 (rgba8){{ac[l][0], ac[l][1], ac[l][2], ac[l][3]}});
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("storage draws");
   check_frame("immutable textures", &m);
}

/* texture_buffer: glTexBuffer and texelFetch on samplerBuffer / usamplerBuffer. An RGBA8 buffer
 * texture of 4 texels (one quad each, the last written by glBufferSubData after a draw read
 * the buffer), an R32UI one read as integers, one with no buffer (GL leaves it undefined; mgl's
 * placeholder texel buffer reads zero, docs/PIPE.md#ranges), and the glTexBuffer errors. */
void
sc_texture_buffer(void)
{
   const char *fsf = "#version 330 core\n"
                     "uniform samplerBuffer u_tb;\n"
                     "uniform int u_i;\n"
                     "out vec4 o_color;\n"
                     "void main() { o_color = texelFetch(u_tb, u_i); }\n";
   const char *fsu = "#version 330 core\n"
                     "uniform usamplerBuffer u_tb;\n"
                     "uniform int u_i;\n"
                     "out vec4 o_color;\n"
                     "void main() { o_color = vec4(texelFetch(u_tb, u_i).r) / 255.0; }\n";
   const GLubyte texels[4][4] = {
      {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {9, 9, 9, 9}};
   const GLubyte late[4] = {255, 128, 0, 255};
   const GLuint words[3] = {17, 34, 200};
   GLuint bo[2], tb[3];
   gl.GenBuffers(2, bo);
   gl.BindBuffer(GL_TEXTURE_BUFFER, bo[0]);
   gl.BufferData(GL_TEXTURE_BUFFER, sizeof texels, texels, GL_DYNAMIC_DRAW);
   gl.BindBuffer(GL_TEXTURE_BUFFER, bo[1]);
   gl.BufferData(GL_TEXTURE_BUFFER, sizeof words, words, GL_STATIC_DRAW);
   glGenTextures(3, tb);
   glBindTexture(GL_TEXTURE_BUFFER, tb[0]);
   gl.TexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, bo[0]);
   glBindTexture(GL_TEXTURE_BUFFER, tb[1]);
   gl.TexBuffer(GL_TEXTURE_BUFFER, GL_R32UI, bo[1]);
   check_gl_error("glTexBuffer");
   gl.TexBuffer(GL_TEXTURE_2D, GL_RGBA8, bo[0]);
   expect_gl_error(GL_INVALID_ENUM, "glTexBuffer(GL_TEXTURE_2D)");
   gl.TexBuffer(GL_TEXTURE_BUFFER, GL_RGB8, bo[0]);
   expect_gl_error(GL_INVALID_ENUM, "glTexBuffer of GL_RGB8 (not a buffer texture format)");
   gl.TexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 4242);
   expect_gl_error(GL_INVALID_OPERATION, "glTexBuffer of a name that is no buffer");

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glEnable(GL_SCISSOR_TEST);
   model m;
   model_init(&m, bg);
   GLuint pf = link_program(VS_PIXELS, fsf);
   gl.UseProgram(pf);
   gl.Uniform2f(uloc(pf, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pf, "u_z"), 0.0f);
   gl.Uniform1i(uloc(pf, "u_tb"), 0);
   glBindTexture(GL_TEXTURE_BUFFER, tb[0]);
   for (int i = 0; i < 4; i++) {
      if (i == 3) { /* after three draws read the buffer: lands in stream order */
         gl.BindBuffer(GL_TEXTURE_BUFFER, bo[0]);
         gl.BufferSubData(GL_TEXTURE_BUFFER, 12, 4, late);
      }
      gl.Uniform1i(uloc(pf, "u_i"), i);
      glScissor(2 + 16 * i, 36, 12, 24);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      const GLubyte *c = i == 3 ? late : texels[i];
      model_rect(&m, 2 + 16 * i, 36, 14 + 16 * i, 60, (rgba8){{c[0], c[1], c[2], c[3]}});
   }
   GLuint pu = link_program(VS_PIXELS, fsu);
   gl.UseProgram(pu);
   gl.Uniform2f(uloc(pu, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pu, "u_z"), 0.0f);
   gl.Uniform1i(uloc(pu, "u_tb"), 0);
   glBindTexture(GL_TEXTURE_BUFFER, tb[1]);
   for (int i = 0; i < 3; i++) {
      gl.Uniform1i(uloc(pu, "u_i"), i);
      glScissor(2 + 16 * i, 4, 12, 24);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      const GLubyte v = (GLubyte)words[i];
      model_rect(&m, 2 + 16 * i, 4, 14 + 16 * i, 28, (rgba8){{v, v, v, v}});
   }
   /* a buffer texture with no buffer: undefined in GL; mgl's placeholder reads zero */
   gl.UseProgram(pf);
   glBindTexture(GL_TEXTURE_BUFFER, tb[2]);
   glScissor(50, 4, 12, 24);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("buffer texture draws");
   model_rect(&m, 50, 4, 62, 28, (rgba8){{0, 0, 0, 0}}); /* mgl's placeholder: zero */
   check_frame("buffer textures", &m);
}

/* texture_buffer_rgb32: ARB_texture_buffer_object_rgb32 and ARB_texture_buffer_range. Buffer
 * textures of GL_RGB32F, GL_RGB32UI and GL_RGB32I read 12-byte texels (alpha 1); the RGB32F
 * one views a range that starts at GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT (texel 0 of the view is
 * the texel there, not the decoy at the buffer's start). */
void
sc_texture_buffer_rgb32(void)
{
   if (!has_ext("GL_ARB_texture_buffer_object_rgb32") || !has_ext("GL_ARB_texture_buffer_range"))
      fail("GL_ARB_texture_buffer_object_rgb32 and GL_ARB_texture_buffer_range are not listed");
   const char *fs[3] = {
      "#version 330 core\n"
      "uniform samplerBuffer u_tb;\n"
      "uniform int u_i;\n"
      "out vec4 o_color;\n"
      "void main() { o_color = texelFetch(u_tb, u_i); }\n",
      "#version 330 core\n"
      "uniform usamplerBuffer u_tb;\n"
      "uniform int u_i;\n"
      "out vec4 o_color;\n"
      "void main() { o_color = vec4(texelFetch(u_tb, u_i)) / 255.0; }\n",
      "#version 330 core\n"
      "uniform isamplerBuffer u_tb;\n"
      "uniform int u_i;\n"
      "out vec4 o_color;\n"
      "void main() { o_color = vec4(-texelFetch(u_tb, u_i).rgb, texelFetch(u_tb, u_i).a) "
      "/ 255.0; }\n",
   };
   GLint align = 0;
   glGetIntegerv(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT, &align);
   if (align < 1 || align > 4096 || align % 4)
      fail("GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT %d", align);
   /* RGB32F: a decoy texel at 0, the view's two texels at `align` */
   const size_t fbytes = (size_t)align + 24;
   float *f = calloc(1, fbytes);
   if (!f)
      fail("out of memory");
   f[0] = f[1] = f[2] = 0.5f;
   const float view_texels[6] = {1.0f, 0.0f, 0.25f, 0.0f, 0.75f, 1.0f};
   memcpy((char *)f + align, view_texels, sizeof view_texels);
   const GLuint u[6] = {255, 128, 0, 10, 20, 30};
   const GLint s[6] = {-255, 0, -64, -5, -100, -200};
   GLuint bo[3], tb[3];
   gl.GenBuffers(3, bo);
   gl.BindBuffer(GL_TEXTURE_BUFFER, bo[0]);
   gl.BufferData(GL_TEXTURE_BUFFER, (GLsizeiptr)fbytes, f, GL_STATIC_DRAW);
   gl.BindBuffer(GL_TEXTURE_BUFFER, bo[1]);
   gl.BufferData(GL_TEXTURE_BUFFER, sizeof u, u, GL_STATIC_DRAW);
   gl.BindBuffer(GL_TEXTURE_BUFFER, bo[2]);
   gl.BufferData(GL_TEXTURE_BUFFER, sizeof s, s, GL_STATIC_DRAW);
   free(f);
   glGenTextures(3, tb);
   glBindTexture(GL_TEXTURE_BUFFER, tb[0]);
   gl.TexBufferRange(GL_TEXTURE_BUFFER, GL_RGB32F, bo[0], align, 24);
   glBindTexture(GL_TEXTURE_BUFFER, tb[1]);
   gl.TexBuffer(GL_TEXTURE_BUFFER, GL_RGB32UI, bo[1]);
   glBindTexture(GL_TEXTURE_BUFFER, tb[2]);
   gl.TexBuffer(GL_TEXTURE_BUFFER, GL_RGB32I, bo[2]);
   check_gl_error("glTexBuffer(Range) of RGB32 formats");
   if (align > 1) {
      gl.TexBufferRange(GL_TEXTURE_BUFFER, GL_RGB32I, bo[2], align / 2, 12);
      expect_gl_error(GL_INVALID_VALUE, "glTexBufferRange at half the offset alignment");
   }

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glEnable(GL_SCISSOR_TEST);
   model m;
   model_init(&m, bg);
   const rgba8 want[3][2] = {
      {{{255, 0, 64, 255}}, {{0, 191, 255, 255}}},
      {{{255, 128, 0, 1}}, {{10, 20, 30, 1}}}, /* alpha: 1 of 255 */
      {{{255, 0, 64, 1}}, {{5, 100, 200, 1}}},
   };
   for (int k = 0; k < 3; k++) {
      GLuint p = link_program(VS_PIXELS, fs[k]);
      gl.UseProgram(p);
      gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
      gl.Uniform1f(uloc(p, "u_z"), 0.0f);
      gl.Uniform1i(uloc(p, "u_tb"), 0);
      glBindTexture(GL_TEXTURE_BUFFER, tb[k]);
      for (int i = 0; i < 2; i++) {
         gl.Uniform1i(uloc(p, "u_i"), i);
         glScissor(2 + 20 * i, 4 + 20 * k, 16, 16);
         glDrawArrays(GL_TRIANGLES, 0, 6);
         model_rect(&m, 2 + 20 * i, 4 + 20 * k, 18 + 20 * i, 20 + 20 * k, want[k][i]);
      }
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("RGB32 buffer texture draws");
   check_frame("RGB32 buffer textures", &m);
}

/* texture_buffer_store: a buffer texture reads its buffer's current store. The buffer is
 * sampled, then given a new store twice without a draw between (glBufferData of another size,
 * after a glFinish, so the first store is gone by then); the view covers the same range
 * (glTexBufferRange) each time, so only the store tells the server's view of the first store
 * from one of the third (whose Vulkan buffer handle may be the first's again). */
void
sc_texture_buffer_store(void)
{
   if (!has_ext("GL_ARB_texture_buffer_range"))
      fail("GL_ARB_texture_buffer_range is not listed");
   const char *fs = "#version 330 core\n"
                    "uniform samplerBuffer u_tb;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = texelFetch(u_tb, 0); }\n";
   enum { SMALL = 256, LARGE = 1 << 20 };
   GLubyte *bytes = calloc(1, LARGE);
   if (!bytes)
      fail("out of memory");
   const GLubyte colors[3][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}};
   GLuint bo, tb;
   gl.GenBuffers(1, &bo);
   gl.BindBuffer(GL_TEXTURE_BUFFER, bo);
   memcpy(bytes, colors[0], 4);
   gl.BufferData(GL_TEXTURE_BUFFER, SMALL, bytes, GL_DYNAMIC_DRAW);
   glGenTextures(1, &tb);
   glBindTexture(GL_TEXTURE_BUFFER, tb);
   gl.TexBufferRange(GL_TEXTURE_BUFFER, GL_RGBA8, bo, 0, 16);
   check_gl_error("glTexBufferRange");

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p, "u_tb"), 0);
   model m;
   model_init(&m, bg);
   glEnable(GL_SCISSOR_TEST);
   glScissor(4, 4, 24, 56);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   model_rect(&m, 4, 4, 28, 60, (rgba8){{255, 0, 0, 255}});
   /* a second store, not sampled; the first is done with once the GPU is */
   memcpy(bytes, colors[1], 4);
   gl.BufferData(GL_TEXTURE_BUFFER, SMALL, bytes, GL_DYNAMIC_DRAW);
   glFinish();
   /* a third, larger store: it cannot take the first's place in memory */
   memcpy(bytes, colors[2], 4);
   gl.BufferData(GL_TEXTURE_BUFFER, LARGE, bytes, GL_DYNAMIC_DRAW);
   glScissor(36, 4, 24, 56);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   model_rect(&m, 36, 4, 60, 60, (rgba8){{0, 0, 255, 255}});
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("buffer texture draws across stores");
   check_frame("a buffer texture after its buffer's new stores", &m);
   free(bytes);
}

/* border_colors: GL_CLAMP_TO_BORDER with a border colour in every GL form, sampled outside the
 * texture (coordinate -2): glTexParameterfv on RGBA8, glTexParameteriv (normalized integers) on
 * RGBA8, glTexParameterIuiv on RGBA8UI and glTexParameterIiv on RGBA8I. Only the last two keep
 * values outside [0,1]; the shaders map them back to 8-bit colours. */
static GLuint
border_texture(GLenum internal, GLenum format)
{
   const GLubyte texels[16] = {9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9};
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, 2, 2, 0, format,
                internal == GL_RGBA8I ? GL_BYTE : GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
   return t;
}

static const char *const FS_BORDER_FLOAT =
   "#version 330 core\n"
   "uniform sampler2D u_tex;\n"
   "out vec4 o_color;\n"
   "void main() { o_color = texture(u_tex, vec2(-2.0)); }\n";

/* The canvas cleared to bg and a quad over it bound (the border scenarios draw it scissored). */
static void
border_canvas(vec4f bg)
{
   clear_to(bg);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
}

/* A program sampling unit 0 with fs, in use. */
static GLuint
border_program(const char *fs)
{
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   return p;
}

void
sc_border_colors(void)
{
   const char *fs_f = FS_BORDER_FLOAT;
   const char *fs_u = "#version 330 core\n"
                      "uniform usampler2D u_tex;\n"
                      "out vec4 o_color;\n"
                      "void main() { o_color = vec4(texture(u_tex, vec2(-2.0))) / 255.0; }\n";
   const char *fs_i =
      "#version 330 core\n"
      "uniform isampler2D u_tex;\n"
      "out vec4 o_color;\n"
      "void main() { o_color = (vec4(texture(u_tex, vec2(-2.0))) + 5.0) / 255.0; }\n";
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   border_canvas(bg);

   GLuint tf = border_texture(GL_RGBA8, GL_RGBA);
   const GLfloat bf[4] = {0.2f, 0.4f, 0.6f, 0.8f};
   glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bf);
   GLuint ti = border_texture(GL_RGBA8, GL_RGBA);
   const GLint bi[4] = {2147483647, 0, 2147483647, 2147483647};
   glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bi);
   GLuint tu = border_texture(GL_RGBA8UI, GL_RGBA_INTEGER);
   const GLuint bu[4] = {10, 20, 30, 40};
   gl.TexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bu);
   GLuint tsi = border_texture(GL_RGBA8I, GL_RGBA_INTEGER);
   const GLint bsi[4] = {-5, 7, 100, 1};
   gl.TexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bsi);
   check_gl_error("border colour set-up");

   const struct {
      const char *fs;
      GLuint tex;
      int x0;
   } q[4] = {{fs_f, tf, 0}, {fs_f, ti, 16}, {fs_u, tu, 32}, {fs_i, tsi, 48}};
   glEnable(GL_SCISSOR_TEST);
   for (int i = 0; i < 4; i++) {
      border_program(q[i].fs);
      glBindTexture(GL_TEXTURE_2D, q[i].tex);
      glScissor(q[i].x0 + 2, 4, 12, 56);
      glDrawArrays(GL_TRIANGLES, 0, 6);
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("border draws");

   model m;
   model_init(&m, bg);
   const rgba8 want[4] = {
      {{51, 102, 153, 204}}, {{255, 0, 255, 255}}, {{10, 20, 30, 40}}, {{0, 12, 105, 6}}};
   for (int i = 0; i < 4; i++)
      model_rect(&m, q[i].x0 + 2, 4, q[i].x0 + 14, 60, want[i]);
   check_frame("border colours", &m);
}

/* border_swizzled: the texture swizzle applies to the border colour too (GL 4.6 8.14.2: the
 * border is a texel of the image, then swizzled). One sampler object with the custom border
 * (0.2, 0.4, 0.6, 0.8) drawn with an RGBA8 texture swizzled (B, R, G, A), then with another
 * swizzled (G, B, R, A); a texture whose own border is opaque black swizzled (A, ZERO, R, ONE).
 * Vulkan leaves such borders undefined without VK_EXT_border_color_swizzle; NVIDIA's driver
 * returned them unswizzled (piglit texwrap bordercolor swizzled, issue 20). */
void
sc_border_swizzled(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   border_canvas(bg);
   const GLint swz[3][4] = {{GL_BLUE, GL_RED, GL_GREEN, GL_ALPHA},
                            {GL_GREEN, GL_BLUE, GL_RED, GL_ALPHA},
                            {GL_ALPHA, GL_ZERO, GL_RED, GL_ONE}};
   GLuint tex[3];
   for (int i = 0; i < 3; i++) {
      tex[i] = border_texture(GL_RGBA8, GL_RGBA);
      glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz[i]);
   }
   const GLfloat black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
   glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, black);
   GLuint smp;
   gl.GenSamplers(1, &smp);
   gl.SamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   gl.SamplerParameteri(smp, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
   const GLfloat bf[4] = {0.2f, 0.4f, 0.6f, 0.8f};
   gl.SamplerParameterfv(smp, GL_TEXTURE_BORDER_COLOR, bf);
   check_gl_error("swizzled border set-up");
   GLuint p = border_program(FS_BORDER_FLOAT);
   glEnable(GL_SCISSOR_TEST);
   for (int i = 0; i < 3; i++) {
      gl.BindSampler(0, i < 2 ? smp : 0);
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      glScissor(2 + 20 * i, 4, 16, 56);
      glDrawArrays(GL_TRIANGLES, 0, 6);
   }
   glDisable(GL_SCISSOR_TEST);
   gl.BindSampler(0, 0);
   check_gl_error("swizzled border draws");
   model m;
   model_init(&m, bg);
   const rgba8 want[3] = {{{153, 51, 102, 204}}, {{102, 153, 51, 204}}, {{255, 0, 0, 255}}};
   for (int i = 0; i < 3; i++)
      model_rect(&m, 2 + 20 * i, 4, 18 + 20 * i, 60, want[i]);
   check_frame("swizzled border colours", &m);
   gl.DeleteSamplers(1, &smp);
   glDeleteTextures(3, tex);
   gl.DeleteProgram(p);
}

/* textured_quad: a 4x4 RGBA8 texture, distinct texel colours, NEAREST, on a 48x48 quad. */
#define TQ_X0 8

#define TQ_Y0 8

#define TQ_SIZE 48

#define TQ_TEX 4

static void
tq_texel(int i, int j, uint8_t out[4])
{
   /* distinct for every (i, j) in 0..3 */
   out[0] = (uint8_t)(i * 80 + 10);
   out[1] = (uint8_t)(j * 80 + 20);
   out[2] = (uint8_t)(((i + j) & 1) ? 200 : 40);
   out[3] = (uint8_t)(255 - 16 * (i + 4 * j));
}

static rgba8
tq_colour(const void *ctx, int x, int y)
{
   (void)ctx;
   /* texcoord at the pixel centre = (x - X0 + 0.5) / SIZE; NEAREST picks floor(u * 4).  The
    * centre is never closer than 0.5/12 texel to a texel boundary, so no tolerance. */
   int i = (int)floorf((x - TQ_X0 + 0.5f) / TQ_SIZE * TQ_TEX);
   int j = (int)floorf((y - TQ_Y0 + 0.5f) / TQ_SIZE * TQ_TEX);
   rgba8 r;
   tq_texel(i, j, r.c);
   return r;
}

void
sc_textured_quad(void)
{
   uint8_t texels[TQ_TEX * TQ_TEX * 4];
   for (int j = 0; j < TQ_TEX; j++)
      for (int i = 0; i < TQ_TEX; i++)
         tq_texel(i, j, &texels[(j * TQ_TEX + i) * 4]);

   GLuint tex;
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, TQ_TEX, TQ_TEX, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   check_gl_error("texture setup");

   GLuint p = link_program(VS_TEXTURED, FS_TEXTURED);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   textured_quad_vao(TQ_X0, TQ_Y0, TQ_X0 + TQ_SIZE, TQ_Y0 + TQ_SIZE);

   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 0.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw");

   model m;
   model_init(&m, bg);
   model_rect_fn(&m, TQ_X0, TQ_Y0, TQ_X0 + TQ_SIZE, TQ_Y0 + TQ_SIZE, tq_colour, NULL);
   check_frame("textured", &m);

   /* one probe per quadrant of the texture, spelled out */
   for (int q = 0; q < 4; q++) {
      int x = TQ_X0 + (q & 1) * (TQ_SIZE / 2) + TQ_SIZE / 4;
      int y = TQ_Y0 + (q >> 1) * (TQ_SIZE / 2) + TQ_SIZE / 4;
      rgba8 want = tq_colour(NULL, x, y), got = pixel_at(x, y);
      if (!rgba_eq(want, got))
         fail("quadrant %d pixel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", q, x, y,
              want.c[0], want.c[1], want.c[2], want.c[3], got.c[0], got.c[1], got.c[2], got.c[3]);
   }
}

/* texsub_tiles: sixteen 256x256 glTexSubImage2D tiles of a 1024x1024 texture, pending
 * together, leave as one resource_subdata of 4 MiB; a 1 MiB upload drawn just before them
 * has used part of the batch's staging block, so the tiles' staging spans two blocks. Every
 * tile must land (the backend used to decline such a call whole). A 64x64 quad samples the
 * texture: tile (i, j) covers pixels [16i, 16i + 16) x [16j, 16j + 16). */
#define TT_TEX 1024

#define TT_TILE 256

static rgba8
tt_colour(int t)
{
   return (rgba8){{(uint8_t)(16 * t + 8), (uint8_t)(255 - 16 * t), (t & 1) ? 200 : 40, 255}};
}

void
sc_texsub_tiles(void)
{
   GLuint tex;
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, TT_TEX, TT_TEX, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   GLuint p = link_program(VS_TEXTURED, FS_TEXTURED);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   textured_quad_vao(0, 0, 64, 64);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);

   const size_t big = (size_t)512 * 512 * 4;
   uint8_t *px = malloc(big);
   if (!px)
      die_setup("out of memory");
   for (size_t i = 0; i < big; i += 4)
      memcpy(px + i, (uint8_t[4]){10, 20, 30, 255}, 4);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 512, 512, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   model m;
   model_init(&m, bg);
   for (int t = 0; t < 16; t++) {
      const rgba8 c = tt_colour(t);
      for (size_t i = 0; i < (size_t)TT_TILE * TT_TILE * 4; i += 4)
         memcpy(px + i, c.c, 4);
      glTexSubImage2D(GL_TEXTURE_2D, 0, (t % 4) * TT_TILE, (t / 4) * TT_TILE, TT_TILE, TT_TILE,
                      GL_RGBA, GL_UNSIGNED_BYTE, px);
      model_rect(&m, (t % 4) * 16, (t / 4) * 16, (t % 4) * 16 + 16, (t / 4) * 16 + 16, c);
   }
   free(px);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("tiled uploads");
   check_frame("tiles", &m);
   glDeleteTextures(1, &tex);
}

/* texsub_cover: pending sub-image uploads of one level, none drawn yet: A (4,4 8x8), then B
 * (0,0 16x16) covering A, C (12,12 8x8) overlapping B only in part, D (16,0 8x8) apart, and a
 * second slice of work: E (24,24 8x8) then F (20,20 12x12) covering E but not C. The front end
 * drops pending regions that a later one covers entirely; what shows must be GL's order: B
 * with C over it, D, F. A 32x32 texture on the 64x64 quad: texel (i, j) is pixels 2i, 2j. */
static void
tc_rect(int x, int y, int w, int h, rgba8 c)
{
   uint8_t px[16 * 16 * 4];
   for (int i = 0; i < w * h; i++)
      memcpy(px + 4 * i, c.c, 4);
   glTexSubImage2D(GL_TEXTURE_2D, 0, x, y, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

void
sc_texsub_cover(void)
{
   GLuint tex;
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   uint8_t zero[32 * 32 * 4];
   memset(zero, 0, sizeof zero);
   for (int i = 3; i < (int)sizeof zero; i += 4)
      zero[i] = 255;
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   GLuint p = link_program(VS_TEXTURED, FS_TEXTURED);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   textured_quad_vao(0, 0, 64, 64);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* the initial image is sent and used */

   const rgba8 a = {{255, 0, 0, 255}}, b = {{0, 255, 0, 255}}, c = {{0, 0, 255, 255}};
   const rgba8 d = {{255, 255, 0, 255}}, e = {{255, 0, 255, 255}}, f = {{0, 255, 255, 255}};
   tc_rect(4, 4, 8, 8, a);
   tc_rect(0, 0, 16, 16, b);
   tc_rect(12, 12, 8, 8, c);
   tc_rect(16, 0, 8, 8, d);
   tc_rect(24, 24, 8, 8, e);
   tc_rect(20, 20, 12, 12, f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("covering uploads");

   model m;
   model_init(&m, bg);
   model_rect(&m, 0, 0, 32, 32, b);
   model_rect(&m, 24, 24, 40, 40, c);
   model_rect(&m, 32, 0, 48, 16, d);
   model_rect(&m, 40, 40, 64, 64, f);
   check_frame("cover", &m);
   glDeleteTextures(1, &tex);
}

/* mipmaps: an 8x8 texture of four 4x4 quadrants, glGenerateMipmap, then every level read with
 * glGetTexImage (levels 1 and 2 keep the quadrants; level 3 is their mean) and level 2 drawn
 * with textureLod. Quadrant bytes are 0 or 204 per channel, so every mean is exact. */
static const uint8_t MQ[4][4] = {
   {204, 0, 0, 255}, {0, 204, 0, 255}, {0, 0, 204, 255}, {204, 204, 204, 255}};

static rgba8
mip_colour(const void *ctx, int x, int y)
{
   (void)ctx;
   const int q = (x >= 32 ? 1 : 0) + (y >= 32 ? 2 : 0);
   rgba8 r;
   memcpy(r.c, MQ[q], 4);
   return r;
}

/* The 2D texture on unit 0 drawn over the window with fragment shader fs (VS_TEXTURED's v_uv,
 * u_tex; the window cleared to black first); m starts as that black, for the caller to paint
 * what it expects. Returns the program. */
static GLuint
draw_sampled(model *m, const char *fs, const char *phase)
{
   GLuint p = link_program(VS_TEXTURED, fs);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   textured_quad_vao(0, 0, W, H);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error(phase);
   model_init(m, bg);
   return p;
}

/* Level 2 of the 2D texture on unit 0 sampled with textureLod over the window (draw_sampled). */
static GLuint
draw_level_2(model *m)
{
   static const char *fs = "#version 330 core\n"
                           "in vec2 v_uv;\n"
                           "uniform sampler2D u_tex;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = textureLod(u_tex, v_uv, 2.0); }\n";
   return draw_sampled(m, fs, "draw level 2");
}

void
sc_mipmaps(void)
{
   uint8_t texels[8 * 8 * 4];
   for (int j = 0; j < 8; j++)
      for (int i = 0; i < 8; i++)
         memcpy(&texels[(j * 8 + i) * 4], MQ[(i >= 4 ? 1 : 0) + (j >= 4 ? 2 : 0)], 4);
   GLuint tex;
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   gl.GenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("glGenerateMipmap");
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   for (int l = 1; l <= 3; l++) {
      const int n = 8 >> l;
      uint8_t got[4 * 4 * 4];
      memset(got, 0xA5, sizeof got);
      glGetTexImage(GL_TEXTURE_2D, l, GL_RGBA, GL_UNSIGNED_BYTE, got);
      for (int j = 0; j < n; j++)
         for (int i = 0; i < n; i++) {
            uint8_t want[4];
            if (n == 1) {
               for (int c = 0; c < 4; c++)
                  want[c] = (uint8_t)((MQ[0][c] + MQ[1][c] + MQ[2][c] + MQ[3][c]) / 4);
            } else {
               memcpy(want, MQ[(i >= n / 2 ? 1 : 0) + (j >= n / 2 ? 2 : 0)], 4);
            }
            const uint8_t *g = &got[(j * n + i) * 4];
            if (memcmp(g, want, 4))
               fail("level %d texel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", l, i, j,
                    want[0], want[1], want[2], want[3], g[0], g[1], g[2], g[3]);
         }
   }
   check_gl_error("glGetTexImage");
   model m;
   draw_level_2(&m);
   model_rect_fn(&m, 0, 0, W, H, mip_colour, NULL);
   check_frame("level 2 sampled with textureLod", &m);
}

/* mipmap_rgb9e5: glGenerateMipmap of a GL_RGB9_E5 texture of one colour (exact in the shared
 * exponent, and no 8-bit rounding tie: GL leaves the tie's direction to the implementation, and
 * NVIDIA's GLES writes 0.5 as 127), level 2 sampled with textureLod over the window: every
 * level is that colour. GLES fills the levels of colour-renderable formats only, which RGB9_E5
 * is not: the GLES backend makes them on the CPU (glb_mipmap.c). */
void
sc_mipmap_rgb9e5(void)
{
   float texels[8 * 8 * 3];
   for (int i = 0; i < 8 * 8; i++) {
      texels[i * 3 + 0] = 0.75f;
      texels[i * 3 + 1] = 0.25f;
      texels[i * 3 + 2] = 1.0f;
   }
   GLuint tex;
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 8, 8, 0, GL_RGB, GL_FLOAT, texels);
   gl.GenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("glGenerateMipmap of GL_RGB9_E5");
   model m;
   const GLuint p = draw_level_2(&m); /* RGB9_E5 samples with alpha 1 */
   model_rect(&m, 0, 0, W, H, to8(V4(0.75f, 0.25f, 1.0f, 1.0f)));
   check_frame("level 2 of GL_RGB9_E5 sampled with textureLod", &m);
   glDeleteTextures(1, &tex);
   gl.DeleteProgram(p);
}

/* The quadrant colours of mipmap_float_levels' textures (x >= half: +1, y >= half: +2), exact
 * in RGB9_E5 and in half floats, as are their means (level 3: (0.5, 0.5, 0.5)); no 8-bit
 * rounding tie among them. Layer 1 of the array takes them rotated by one quadrant. */
static const float FQ[4][3] = {
   {1.0f, 0.0f, 0.75f}, {0.0f, 1.0f, 0.25f}, {0.75f, 0.25f, 0.0f}, {0.25f, 0.75f, 1.0f}};

/* n x n x layers RGB texels of FQ's quadrants (layer k rotated by k) into out. */
static void
fq_fill(float *out, int n, int layers)
{
   for (int k = 0; k < layers; k++)
      for (int j = 0; j < n; j++)
         for (int i = 0; i < n; i++)
            memcpy(&out[((k * n + j) * n + i) * 3],
                   FQ[((i >= n / 2 ? 1 : 0) + (j >= n / 2 ? 2 : 0) + k) % 4], 3 * sizeof(float));
}

/* Levels 1..3 of the bound texture of `target` (8x8 at level 0, `layers` layers) read back as
 * RGB floats: levels 1 and 2 hold the quadrants, level 3 their mean. */
static void
fq_expect_levels(const char *what, GLenum target, int layers)
{
   static float got[4 * 4 * 2 * 3];
   for (int l = 1; l <= 3; l++) {
      const int n = 8 >> l;
      for (size_t k = 0; k < sizeof(got) / sizeof(got[0]); k++)
         got[k] = -1.0f;
      glGetTexImage(target, l, GL_RGB, GL_FLOAT, got);
      check_gl_error(what);
      for (int k = 0; k < layers; k++)
         for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
               float want[3] = {0.5f, 0.5f, 0.5f};
               if (n > 1)
                  memcpy(want, FQ[((i >= n / 2 ? 1 : 0) + (j >= n / 2 ? 2 : 0) + k) % 4],
                         sizeof(want));
               const float *g = &got[((k * n + j) * n + i) * 3];
               if (memcmp(g, want, sizeof(want))) {
                  fail("%s: level %d layer %d texel (%d,%d) reads (%g, %g, %g), expected (%g, %g, "
                       "%g)",
                       what, l, k, i, j, g[0], g[1], g[2], want[0], want[1], want[2]);
                  return;
               }
            }
   }
}

static rgba8
fq_colour(const void *ctx, int x, int y)
{
   (void)ctx;
   const float *c = FQ[(x >= W / 2 ? 1 : 0) + (y >= H / 2 ? 2 : 0)];
   return to8(V4(c[0], c[1], c[2], 1.0f));
}

/* mipmap_float_levels: glGenerateMipmap of 8x8 textures of four quadrant colours (FQ) in
 * formats GLES does not mipmap (not colour-renderable: GL_RGB9_E5 2D and 2D array, the array's
 * second layer rotated; GL_RGB16F, the host's RGB16F twin, which Mesa refuses): levels 1 and 2
 * read back the quadrants and level 3 their mean, exactly; level 2 of the RGB9_E5 texture
 * sampled with textureLod over the window shows the quadrants. The GLES backend makes these
 * levels on the CPU (glb_mipmap.c); before, it declined and they read zeros. */
void
sc_mipmap_float_levels(void)
{
   static float texels[8 * 8 * 2 * 3];
   GLuint tex[3];
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(3, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   fq_fill(texels, 8, 2);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[1]);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGB9_E5, 8, 8, 2, 0, GL_RGB, GL_FLOAT, texels);
   gl.GenerateMipmap(GL_TEXTURE_2D_ARRAY);
   check_gl_error("glGenerateMipmap of a GL_RGB9_E5 2D array");
   fq_expect_levels("GL_RGB9_E5 2D array", GL_TEXTURE_2D_ARRAY, 2);
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB16F, 8, 8, 0, GL_RGB, GL_FLOAT, texels);
   gl.GenerateMipmap(GL_TEXTURE_2D);
   check_gl_error("glGenerateMipmap of GL_RGB16F");
   fq_expect_levels("GL_RGB16F", GL_TEXTURE_2D, 1);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 8, 8, 0, GL_RGB, GL_FLOAT, texels);
   gl.GenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("glGenerateMipmap of GL_RGB9_E5");
   fq_expect_levels("GL_RGB9_E5", GL_TEXTURE_2D, 1);
   model m;
   const GLuint p = draw_level_2(&m);
   model_rect_fn(&m, 0, 0, W, H, fq_colour, NULL);
   check_frame("level 2 of GL_RGB9_E5 sampled with textureLod", &m);
   glDeleteTextures(3, tex);
   gl.DeleteProgram(p);
}

/* rgb16_snorm: a 2x2 GL_RGB16_SNORM texture of four texels, negative components among them
 * (GL 3.0's required formats: the GLES backend keeps it as RGBA16_SNORM with alpha held at 1;
 * before, it declined the format and the texture read zeros). glGetTexImage reads the shorts
 * back unchanged with alpha 32767 (1); sampled over the window as rgb * 0.5 + 0.5 its
 * quadrants show the texels (-1 is 0, 1 is 255; no 8-bit rounding tie). */
void
sc_rgb16_snorm(void)
{
   static const GLshort texels[4][3] = {{-32767, 16384, 32767},
                                        {32767, -32767, -16384},
                                        {8192, 24576, -8192},
                                        {-24576, 32767, 16384}};
   GLuint tex;
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB16_SNORM, 2, 2, 0, GL_RGB, GL_SHORT, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("a GL_RGB16_SNORM texture");
   GLshort got[4][4];
   memset(got, 0x55, sizeof(got));
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_SHORT, got);
   check_gl_error("glGetTexImage of GL_RGB16_SNORM");
   for (int k = 0; k < 4; k++)
      if (memcmp(got[k], texels[k], sizeof(texels[k])) || got[k][3] != 32767)
         fail("texel %d reads (%d, %d, %d, %d), expected (%d, %d, %d, 32767)", k, got[k][0],
              got[k][1], got[k][2], got[k][3], texels[k][0], texels[k][1], texels[k][2]);
   static const char *fs = "#version 330 core\n"
                           "in vec2 v_uv;\n"
                           "uniform sampler2D u_tex;\n"
                           "out vec4 o_color;\n"
                           "void main() {\n"
                           "   vec4 t = texture(u_tex, v_uv);\n"
                           "   o_color = vec4(t.rgb * 0.5 + 0.5, t.a);\n"
                           "}\n";
   model m;
   const GLuint p = draw_sampled(&m, fs, "draw GL_RGB16_SNORM");
   for (int k = 0; k < 4; k++) {
      const float r = (float)texels[k][0] / 32767.0f, g = (float)texels[k][1] / 32767.0f,
                  b = (float)texels[k][2] / 32767.0f;
      const int x0 = k & 1 ? W / 2 : 0, y0 = k & 2 ? H / 2 : 0;
      model_rect(&m, x0, y0, x0 + W / 2, y0 + H / 2,
                 to8(V4(r * 0.5f + 0.5f, g * 0.5f + 0.5f, b * 0.5f + 0.5f, 1.0f)));
   }
   check_frame("GL_RGB16_SNORM sampled", &m);
   glDeleteTextures(1, &tex);
   gl.DeleteProgram(p);
}

/* mip_inconsistent_level: level 1 specified at level 0's size (inconsistent: the texture is
 * mipmap-incomplete, GL 4.6 §8.17) leaves level 0 as it was. With a NEAREST minification filter
 * only the base level counts, so the texture is complete and samples level 0's quadrants;
 * glGetTexImage reads level 0's texels back. */
void
sc_mip_inconsistent_level(void)
{
   uint8_t texels[8 * 8 * 4], junk[8 * 8 * 4];
   for (int j = 0; j < 8; j++)
      for (int i = 0; i < 8; i++)
         memcpy(&texels[(j * 8 + i) * 4], MQ[(i >= 4 ? 1 : 0) + (j >= 4 ? 2 : 0)], 4);
   memset(junk, 0x33, sizeof junk);
   GLuint tex;
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, junk);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("an inconsistent level 1");
   uint8_t got[8 * 8 * 4];
   memset(got, 0xA5, sizeof got);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_gl_error("glGetTexImage level 0");
   for (int k = 0; k < 64; k++)
      if (memcmp(&got[k * 4], &texels[k * 4], 4)) {
         const uint8_t *g = &got[k * 4], *w = &texels[k * 4];
         fail("level 0 texel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", k % 8, k / 8, w[0],
              w[1], w[2], w[3], g[0], g[1], g[2], g[3]);
         break;
      }
   GLuint p = link_program(VS_TEXTURED, FS_TEXTURED);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   textured_quad_vao(0, 0, W, H);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw level 0");
   model m;
   model_init(&m, bg);
   model_rect_fn(&m, 0, 0, W, H, mip_colour, NULL);
   check_frame("level 0 sampled beside an inconsistent level 1", &m);
}

/* tex1d: the texture targets of one row. A 1D texture (glTexImage1D, then glTexSubImage1D over
 * two texels) fills the left half in eight 4-pixel columns; a 1D array of three layers
 * (glTexImage2D(GL_TEXTURE_1D_ARRAY), rows are layers, then glTexSubImage2D into layer 1) fills
 * the right half through texelFetch, one 16-row band per layer (the last band to the top).
 * glCopyTexSubImage1D then copies two window pixels into the 1D texture and glGetTexImage reads
 * it back; a rectangle texture is specified and read back with glGetTexImage. */
static const uint8_t T1[8][4] = {{255, 0, 0, 255},   {0, 255, 0, 255},   {0, 0, 255, 255},
                                 {255, 255, 0, 255}, {0, 255, 255, 255}, {255, 0, 255, 255},
                                 {128, 64, 32, 255}, {32, 64, 128, 255}};

static const uint8_t T1_SUB[2][4] = {{10, 20, 30, 255}, {40, 50, 60, 255}};

static const uint8_t TA[3][4][4] = {
   {{200, 0, 0, 255}, {0, 200, 0, 255}, {0, 0, 200, 255}, {200, 200, 200, 255}},
   {{100, 0, 0, 255}, {0, 100, 0, 255}, {0, 0, 100, 255}, {100, 100, 100, 255}},
   {{50, 0, 0, 255}, {0, 50, 0, 255}, {0, 0, 50, 255}, {50, 50, 50, 255}}};

static const uint8_t TA_SUB[2][4] = {{1, 2, 3, 255}, {4, 5, 6, 255}};

static const uint8_t *
t1d_texel(int i)
{
   return i == 2 || i == 3 ? T1_SUB[i - 2] : T1[i];
}

static const uint8_t *
t1da_texel(int layer, int i)
{
   return layer == 1 && (i == 1 || i == 2) ? TA_SUB[i - 1] : TA[layer][i];
}

static rgba8
tex1d_colour(const void *ctx, int x, int y)
{
   (void)ctx;
   rgba8 r;
   if (x < 32) {
      memcpy(r.c, t1d_texel(x / 4), 4);
   } else {
      const int layer = y / 16 < 2 ? y / 16 : 2;
      memcpy(r.c, t1da_texel(layer, (x - 32) / 8), 4);
   }
   return r;
}

void
sc_tex1d(void)
{
   GLuint tex[3];
   glGenTextures(3, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_1D, tex[0]);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, T1);
   glTexSubImage1D(GL_TEXTURE_1D, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, T1_SUB);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("1D texture");
   gl.ActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_1D_ARRAY, tex[1]);
   glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, TA);
   glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 1, 1, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, TA_SUB);
   glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("1D array texture");
   GLint h = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_HEIGHT, &h);
   if (h != 3)
      fail("GL_TEXTURE_HEIGHT of the 1D array is %d, expected its 3 layers", h);

   static const char *fs =
      "#version 330 core\n"
      "uniform sampler1D u_t1;\n"
      "uniform sampler1DArray u_ta;\n"
      "out vec4 o_color;\n"
      "void main() {\n"
      "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
      "  if (p.x < 32)\n"
      "    o_color = texture(u_t1, (float(p.x / 4) + 0.5) / 8.0);\n"
      "  else\n"
      "    o_color = texelFetch(u_ta, ivec2((p.x - 32) / 8, min(p.y / 16, 2)), 0);\n"
      "}\n";
   GLuint p = link_program(VS_TEXTURED, fs);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_t1"), 0);
   gl.Uniform1i(uloc(p, "u_ta"), 1);
   textured_quad_vao(0, 0, W, H);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw");
   model m;
   model_init(&m, bg);
   model_rect_fn(&m, 0, 0, W, H, tex1d_colour, NULL);
   check_frame("1D and 1D-array texels", &m);

   /* window pixels (20, 5) and (21, 5) are texel 5's colour: copy them to texels 6 and 7 */
   gl.ActiveTexture(GL_TEXTURE0);
   glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 6, 20, 5, 2);
   check_gl_error("glCopyTexSubImage1D");
   uint8_t got[8][4];
   memset(got, 0xA5, sizeof got);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_gl_error("glGetTexImage(GL_TEXTURE_1D)");
   for (int i = 0; i < 8; i++) {
      const uint8_t *want = i >= 6 ? T1[5] : t1d_texel(i);
      if (memcmp(got[i], want, 4))
         fail("1D texel %d: (%u,%u,%u,%u), expected (%u,%u,%u,%u)", i, got[i][0], got[i][1],
              got[i][2], got[i][3], want[0], want[1], want[2], want[3]);
   }

   /* the 1D array read back: its layers are the image's rows */
   uint8_t aback[3][4][4];
   memset(aback, 0xA5, sizeof aback);
   gl.ActiveTexture(GL_TEXTURE1);
   glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, aback);
   check_gl_error("glGetTexImage(GL_TEXTURE_1D_ARRAY)");
   for (int l = 0; l < 3; l++)
      for (int i = 0; i < 4; i++)
         if (memcmp(aback[l][i], t1da_texel(l, i), 4))
            fail("1D array layer %d texel %d: (%u,%u,%u,%u)", l, i, aback[l][i][0], aback[l][i][1],
                 aback[l][i][2], aback[l][i][3]);
   gl.ActiveTexture(GL_TEXTURE0);

   /* rendering into the 1D texture (FBO attachment) and into layer 2 of the 1D array */
   GLuint rfbo;
   gl.GenFramebuffers(1, &rfbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, rfbo);
   gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("framebuffer with a 1D texture attachment is not complete");
   GLuint solid = solid_program();
   set_vec4(solid, "u_color", V4(0.0f, 1.0f, 0.0f, 1.0f));
   float strip[12];
   rect_vertices(strip, 8, 0, 24, 64); /* NDC x in [-0.75, -0.25): texels 1 and 2 of 8 */
   mesh ms = make_mesh(strip, 6);
   glViewport(0, 0, 8, 1);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw into a 1D texture");
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[1], 0, 2);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("framebuffer with a 1D array layer attachment is not complete");
   glViewport(0, 0, 4, 1);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* texel 0 of 4 */
   check_gl_error("draw into a 1D array layer");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   gl.DeleteFramebuffers(1, &rfbo);
   gl.DeleteBuffers(1, &ms.vbo);
   gl.DeleteVertexArrays(1, &ms.vao);
   gl.DeleteProgram(solid);
   static const uint8_t green[4] = {0, 255, 0, 255};
   memset(got, 0xA5, sizeof got);
   gl.ActiveTexture(GL_TEXTURE0);
   glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   for (int i = 0; i < 8; i++) {
      const uint8_t *want = i == 1 || i == 2 ? green : i >= 6 ? T1[5] : t1d_texel(i);
      if (memcmp(got[i], want, 4))
         fail("1D texel %d after rendering: (%u,%u,%u,%u), expected (%u,%u,%u,%u)", i, got[i][0],
              got[i][1], got[i][2], got[i][3], want[0], want[1], want[2], want[3]);
   }
   memset(aback, 0xA5, sizeof aback);
   gl.ActiveTexture(GL_TEXTURE1);
   glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, aback);
   gl.ActiveTexture(GL_TEXTURE0);
   check_gl_error("read back after rendering");
   for (int l = 0; l < 3; l++)
      for (int i = 0; i < 4; i++) {
         const uint8_t *want = l == 2 && i == 0 ? green : t1da_texel(l, i);
         if (memcmp(aback[l][i], want, 4))
            fail("1D array layer %d texel %d after rendering: (%u,%u,%u,%u)", l, i, aback[l][i][0],
                 aback[l][i][1], aback[l][i][2], aback[l][i][3]);
      }

   /* a rectangle texture: one level, read back as given */
   static const uint8_t R[2][3][4] = {{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}},
                                      {{13, 14, 15, 16}, {17, 18, 19, 20}, {21, 22, 23, 24}}};
   glBindTexture(GL_TEXTURE_RECTANGLE, tex[2]);
   glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 3, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, R);
   check_gl_error("rectangle texture");
   uint8_t rgot[2][3][4];
   memset(rgot, 0xA5, sizeof rgot);
   glGetTexImage(GL_TEXTURE_RECTANGLE, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgot);
   check_gl_error("glGetTexImage(GL_TEXTURE_RECTANGLE)");
   if (memcmp(rgot, R, sizeof R))
      fail("rectangle texels differ (first: %u,%u,%u,%u)", rgot[0][0][0], rgot[0][0][1],
           rgot[0][0][2], rgot[0][0][3]);
   glTexImage2D(GL_TEXTURE_RECTANGLE, 1, GL_RGBA8, 3, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, R);
   expect_gl_error(GL_INVALID_VALUE, "glTexImage2D(GL_TEXTURE_RECTANGLE) at level 1");
   glTexImage1D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, T1);
   expect_gl_error(GL_INVALID_ENUM, "glTexImage1D(GL_TEXTURE_2D)");
   glTexSubImage1D(GL_PROXY_TEXTURE_1D, 0, 0, 1, GL_RGBA, GL_UNSIGNED_BYTE, T1);
   expect_gl_error(GL_INVALID_ENUM, "glTexSubImage1D(GL_PROXY_TEXTURE_1D)");
   glDeleteTextures(3, tex);
}

/* ---- table, EGL setup, main ---------------------------------------------------------------- */

/* ---- compressed textures ------------------------------------------------------------------- */

/* An 8x8 texture drawn over the 64x64 frame, each texel an 8x8 square (texelFetch), with the
 * fragment colour fs computes from the texel. */
static void
draw_texel_squares(GLuint prog)
{
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.UseProgram(prog);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &mq.vbo);
   gl.DeleteVertexArrays(1, &mq.vao);
}

/* The expected frame of draw_texel_squares: grid[ty * 8 + tx] fills its 8x8 square. */
static rgba8
texel_grid_colour(const void *ctx, int x, int y)
{
   const rgba8 *grid = ctx;
   return grid[(y / 8) * 8 + x / 8];
}

static void
rgtc_block(uint8_t *b, uint8_t c0, uint8_t c1, const uint8_t codes[16])
{
   uint64_t bits = 0;
   for (int i = 0; i < 16; i++)
      bits |= (uint64_t)codes[i] << (3 * i);
   b[0] = c0;
   b[1] = c1;
   for (int i = 0; i < 6; i++)
      b[2 + i] = (uint8_t)(bits >> (8 * i));
}

/* compressed_rgtc: GL 3.3's RGTC formats (§3.9.3), decoded by mgl in the client: an 8x8
 * COMPRESSED_RG_RGTC2 image from glCompressedTexImage2D (endpoints, and the interpolated
 * (6*200+100)/7 = 185.71 -> byte 186), one block replaced by glCompressedTexSubImage2D, a
 * signed RGTC1 image, plain pixels into an RGTC internal format, the level queries, and the
 * spec's errors (sizes, block alignment, format mismatch, non-specific and ES-only formats). */
void
sc_compressed_rgtc(void)
{
   static const uint8_t zeros[16] = {0};
   uint8_t codes[16];
   for (int i = 0; i < 16; i++)
      codes[i] =
         (uint8_t)((i % 4) < 2 ? 0 : (i % 4 == 2 ? 1 : 2)); /* columns 0,1: c0; 2: c1; 3: code 2 */
   /* 2x2 blocks of RGTC2: red block then green block, 16 bytes a block */
   uint8_t img[4 * 16];
   const uint8_t red_ends[4][2] = {{200, 100}, {255, 0}, {40, 160}, {120, 120}};
   for (int k = 0; k < 4; k++) {
      rgtc_block(img + 16 * k, red_ends[k][0], red_ends[k][1], codes);
      rgtc_block(img + 16 * k + 8, (uint8_t)(50 * k), 250, zeros); /* green: c0 everywhere */
   }
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 8, 8, 0, 63, img);
   expect_gl_error(GL_INVALID_VALUE, "glCompressedTexImage2D with imageSize 63 (64 needed)");
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 8, 8, 1, 64, img);
   expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexImage2D with border 1");
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG, 8, 8, 0, 64, img);
   expect_gl_error(GL_INVALID_ENUM,
                   "glCompressedTexImage2D(GL_COMPRESSED_RG): not a specific format");
   const bool es3_compat = context_version() >= 43 || has_ext("GL_ARB_ES3_compatibility");
   if (!es3_compat) {
      gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, 32, img);
      expect_gl_error(GL_INVALID_ENUM, "glCompressedTexImage2D(ETC2) in OpenGL 3.3");
   } else {
      skipped("the refusal of ETC2 (the context is GL 4.3+ or has "
              "ARB_ES3_compatibility)");
   }
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 8, 8, 0, 64, img);
   check_gl_error("glCompressedTexImage2D(GL_COMPRESSED_RG_RGTC2)");

   GLint v = -1;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
   if (v != GL_TRUE)
      fail("GL_TEXTURE_COMPRESSED = %d for an RGTC2 image", v);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   if (v != 64)
      fail("GL_TEXTURE_COMPRESSED_IMAGE_SIZE = %d, expected 64", v);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
   if (v != GL_COMPRESSED_RG_RGTC2)
      fail("GL_TEXTURE_INTERNAL_FORMAT = 0x%x", v);
   check_gl_error("compressed level queries");

   /* block (1,1): red 0 <= 255 -> codes 0,1 and (4*0+255)/5 = 51 for code 2 */
   uint8_t sub[16];
   rgtc_block(sub, 0, 255, codes);
   rgtc_block(sub + 8, 255, 0, zeros);
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 4, 4, 4, GL_COMPRESSED_RG_RGTC2, 16, sub);
   expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D at x 2 (not a block edge)");
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RED_RGTC1, 8, sub);
   expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D with another format");
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RG_RGTC2, 15, sub);
   expect_gl_error(GL_INVALID_VALUE, "glCompressedTexSubImage2D with imageSize 15");
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RG_RGTC2, 16, sub);
   check_gl_error("glCompressedTexSubImage2D");

   /* the blocks read back byte for byte, block (1,1) replaced; into memory and a pack buffer */
   uint8_t want_blocks[64], got_blocks[80];
   memcpy(want_blocks, img, 64);
   memcpy(want_blocks + 48, sub, 16);
   memset(got_blocks, 0xA5, sizeof got_blocks);
   gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, got_blocks);
   check_gl_error("glGetCompressedTexImage");
   if (memcmp(got_blocks, want_blocks, 64) || got_blocks[64] != 0xA5)
      fail("glGetCompressedTexImage: the blocks differ from those uploaded (byte 48: %u, want %u)",
           got_blocks[48], want_blocks[48]);
   GLuint pbo;
   gl.GenBuffers(1, &pbo);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   gl.BufferData(GL_PIXEL_PACK_BUFFER, 80, NULL, GL_STREAM_READ);
   gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, (void *)16);
   check_gl_error("glGetCompressedTexImage into a pack buffer");
   memset(got_blocks, 0xA5, sizeof got_blocks);
   gl.GetBufferSubData(GL_PIXEL_PACK_BUFFER, 16, 64, got_blocks);
   if (memcmp(got_blocks, want_blocks, 64))
      fail("glGetCompressedTexImage into a pack buffer: the blocks differ");
   gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, (void *)17);
   expect_gl_error(GL_INVALID_OPERATION, "glGetCompressedTexImage past the pack buffer's end");
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   gl.DeleteBuffers(1, &pbo);
   gl.GetCompressedTexImage(GL_TEXTURE_2D, -1, got_blocks);
   expect_gl_error(GL_INVALID_VALUE, "glGetCompressedTexImage at level -1");
   gl.GetCompressedTexImage(GL_PROXY_TEXTURE_2D, 0, got_blocks);
   expect_gl_error(GL_INVALID_ENUM, "glGetCompressedTexImage(GL_PROXY_TEXTURE_2D)");
   gl.GetCompressedTexImage(GL_TEXTURE_CUBE_MAP, 0, got_blocks);
   expect_gl_error(GL_INVALID_ENUM, "glGetCompressedTexImage(GL_TEXTURE_CUBE_MAP)");

   /* a 2D array from glTexStorage3D, filled a block at a time by glCompressedTexSubImage3D */
   GLuint ta;
   glGenTextures(1, &ta);
   glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
   gl.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_COMPRESSED_RED_RGTC1, 8, 4, 2);
   uint8_t ablk[4][8], aback[40];
   for (int k = 0; k < 4; k++) {
      rgtc_block(ablk[k], (uint8_t)(30 * k + 1), (uint8_t)(200 - k), codes);
      gl.CompressedTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 4 * (k % 2), 0, k / 2, 4, 4, 1,
                                 GL_COMPRESSED_RED_RGTC1, 8, ablk[k]);
   }
   check_gl_error("glCompressedTexSubImage3D into a 2D array");
   memset(aback, 0xA5, sizeof aback);
   gl.GetCompressedTexImage(GL_TEXTURE_2D_ARRAY, 0, aback);
   check_gl_error("glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY)");
   if (memcmp(aback, ablk, 32) || aback[32] != 0xA5)
      fail("glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY): the blocks differ");
   glDeleteTextures(1, &ta);
   glBindTexture(GL_TEXTURE_2D, t);

   /* a signed RGTC1 image: 64/127 and -127/127 */
   uint8_t sblk[8];
   rgtc_block(sblk, 64, 0x81 /* -127 */, codes);
   GLuint ts;
   glGenTextures(1, &ts);
   glBindTexture(GL_TEXTURE_2D, ts);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RED_RGTC1, 4, 4, 0, 8, sblk);
   check_gl_error("glCompressedTexImage2D(GL_COMPRESSED_SIGNED_RED_RGTC1)");

   /* plain pixels into an RGTC internal format (mgl keeps them as decoded texels) */
   GLuint tp;
   const GLubyte plain[4 * 4 * 2] = {10, 20, 30, 40, 50, 60, 70, 80};
   glGenTextures(1, &tp);
   glBindTexture(GL_TEXTURE_2D, tp);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RG_RGTC2, 4, 4, 0, GL_RG, GL_UNSIGNED_BYTE, plain);
   check_gl_error("glTexImage2D into GL_COMPRESSED_RG_RGTC2");
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
   if (v != GL_TRUE)
      fail("GL_TEXTURE_COMPRESSED = %d after glTexImage2D(GL_COMPRESSED_RG_RGTC2)", v);
   GLuint tu;
   glGenTextures(1, &tu);
   glBindTexture(GL_TEXTURE_2D, tu);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   expect_gl_error(GL_INVALID_OPERATION, "GL_TEXTURE_COMPRESSED_IMAGE_SIZE of an RGBA8 image");
   GLubyte back[64];
   gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, back);
   expect_gl_error(GL_INVALID_OPERATION, "glGetCompressedTexImage of an RGBA8 image");
   GLuint t3;
   glGenTextures(1, &t3);
   glBindTexture(GL_TEXTURE_3D, t3);
   gl.CompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 1, 0, 8, sblk);
   expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexImage3D(GL_TEXTURE_3D, RGTC1)");
   /* GL 3.3 lists no RGTC format there; extensions (ETC2 through ARB_ES3_compatibility) may
    * add formats, and mgl adds none */
   GLint nformats = -1, listed[64] = {0};
   glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &nformats);
   if (nformats >= 0 && nformats <= 64)
      glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, listed);
   for (GLint i = 0; i < nformats && i < 64; i++)
      if (listed[i] >= GL_COMPRESSED_RED_RGTC1 && listed[i] <= GL_COMPRESSED_SIGNED_RG_RGTC2)
         fail("GL_COMPRESSED_TEXTURE_FORMATS lists the RGTC format 0x%x", (unsigned)listed[i]);
   /* mgl lists the three general-purpose S3TC formats llvmpipe lists (compressed_s3tc_bptc) */
   if (on_mgl() && nformats != 3)
      fail("GL_NUM_COMPRESSED_TEXTURE_FORMATS = %d in OpenGL 3.3 core (the three S3TC ones)",
           nformats);
   else if (!on_mgl())
      skipped("GL_NUM_COMPRESSED_TEXTURE_FORMATS = 3 (mgl's extension set)");

   const char *fs = "#version 330 core\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform sampler2D u_stex;\n"
                    "out vec4 o_color;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
                    "  vec2 rg = texelFetch(u_tex, p / 8, 0).rg;\n"
                    "  float s = texelFetch(u_stex, (p / 8) % 4, 0).r;\n"
                    "  o_color = vec4(rg, s * 0.5 + 0.5, 1.0);\n"
                    "}\n";
   GLuint prog = link_program(VS_PIXELS, fs);
   gl.UseProgram(prog);
   gl.Uniform2f(uloc(prog, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(prog, "u_z"), 0.0f);
   gl.Uniform1i(uloc(prog, "u_tex"), 0);
   gl.Uniform1i(uloc(prog, "u_stex"), 1);
   gl.ActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_2D, ts);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, t);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   draw_texel_squares(prog);
   check_gl_error("draw the RGTC textures");

   model m;
   rgba8 grid[64];
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   for (int ty = 0; ty < 8; ty++)
      for (int tx = 0; tx < 8; tx++) {
         const int k = (ty / 4) * 2 + tx / 4, col = tx % 4;
         int r, g;
         if (k == 3) { /* the replaced block: red 0 / 255 / 51, green 255 */
            r = col < 2 ? 0 : col == 2 ? 255 : 51;
            g = 255;
         } else {
            const int c0 = red_ends[k][0], c1 = red_ends[k][1];
            const double two = c0 > c1 ? (6.0 * c0 + c1) / 7.0 : (4.0 * c0 + c1) / 5.0;
            r = col < 2 ? c0 : col == 2 ? c1 : (int)floor(two + 0.5);
            g = 50 * k;
         }
         /* signed: 64/127 -> 0.752 -> 192; -1 -> 0; code 2 (6-code mode as 64 > -127: eight) */
         const int scol = (tx % 4) % 4;
         const double sv = scol < 2 ? 64.0 / 127 : scol == 2 ? -1.0 : (6.0 * 64 - 127) / 7.0 / 127;
         const int b = (int)floor((sv * 0.5 + 0.5) * 255.0 + 0.5);
         grid[ty * 8 + tx] = (rgba8){{(uint8_t)r, (uint8_t)g, (uint8_t)b, 255}};
      }
   model_rect_fn(&m, 0, 0, 64, 64, texel_grid_colour, grid);
   check_frame("RGTC textures", &m);
   GLuint all[5] = {t, ts, tp, tu, t3};
   glDeleteTextures(5, all);
   gl.DeleteProgram(prog);
}

/* Writes n bits of v at bit *pos of a little-endian block, the lowest first. */
static void
block_bits(uint8_t *b, unsigned *pos, unsigned n, uint32_t v)
{
   for (unsigned i = 0; i < n; i++, (*pos)++)
      if (v >> i & 1)
         b[*pos / 8] |= (uint8_t)(1u << (*pos % 8));
}

/* The expected texel of each quadrant of compressed_s3tc_bptc; i = texel y * 4 + x. */
static rgba8
s3tc_bptc_texel(int quadrant, int i)
{
   static const uint8_t third_r[4] = {255, 0, 170, 85}, third_b[4] = {0, 255, 85, 170};
   static const uint8_t alpha[8] = {252, 0, 216, 180, 144, 108, 72, 36};
   switch (quadrant) {
   case 0: return (rgba8){{third_r[i % 4], 0, third_b[i % 4], 255}};
   case 1: return i == 1 ? (rgba8){{1, 1, 1, 255}} : (rgba8){{i == 2 ? 120 : 255, 1, 1, 255}};
   case 2: return (rgba8){{i == 0 ? 255 : 0, 255, 0, 255}};
   default: return (rgba8){{third_r[i % 4], 0, alpha[i % 8], 255}};
   }
}

/* compressed_s3tc_bptc: EXT_texture_compression_s3tc and ARB_texture_compression_bptc (GL 4.2),
 * which mgl decodes in the client. Four 4x4 images, each drawn in a quadrant by texelFetch:
 * DXT1 (red and blue endpoints, each column one code: the thirds are exact bytes), BC7 mode 6
 * (endpoints with P bits, interpolation weight 34 of 64: (30 * 255 + 34 + 32) >> 6 = 120) from
 * glTexStorage2D and glCompressedTexSubImage2D, BC6H unsigned mode 11 (10-bit endpoint 495
 * unquantizes to half 1.0, 0 to 0), DXT5 (alpha endpoints 252 > 0: sevenths of 252, drawn as
 * blue); the block rules' errors, the level queries, the blocks read back. */
void
sc_compressed_s3tc_bptc(void)
{
   if (!has_ext("GL_EXT_texture_compression_s3tc") || !has_ext("GL_ARB_texture_compression_bptc")) {
      fail("GL_EXT_texture_compression_s3tc or GL_ARB_texture_compression_bptc not listed");
      return;
   }
   uint8_t dxt1[8] = {0x00, 0xf8, 0x1f, 0x00, 0xe4, 0xe4, 0xe4, 0xe4};
   uint8_t bc7[16] = {0}, bc6[16] = {0}, dxt5[16] = {252, 0};
   unsigned pos = 0;
   block_bits(bc7, &pos, 7, 0x40); /* mode 6 */
   const uint32_t ep[8] = {127, 0, 0, 0, 0, 0, 127, 127};
   for (int k = 0; k < 8; k++)
      block_bits(bc7, &pos, 7, ep[k]);
   block_bits(bc7, &pos, 2, 3);  /* both P bits */
   block_bits(bc7, &pos, 3, 0);  /* texel 0 (the anchor): index 0 */
   block_bits(bc7, &pos, 4, 15); /* texel 1 */
   block_bits(bc7, &pos, 4, 8);  /* texel 2 */
   pos = 0;
   block_bits(bc6, &pos, 5, 0x03); /* mode 11 */
   block_bits(bc6, &pos, 10, 495); /* RW */
   block_bits(bc6, &pos, 10, 495); /* GW */
   block_bits(bc6, &pos, 10, 0);   /* BW */
   block_bits(bc6, &pos, 10, 0);   /* RX */
   block_bits(bc6, &pos, 10, 495); /* GX */
   block_bits(bc6, &pos, 10, 0);   /* BX */
   block_bits(bc6, &pos, 3, 0);    /* texel 0: index 0 */
   for (int i = 1; i < 16; i++)
      block_bits(bc6, &pos, 4, 15);
   pos = 16;
   for (int i = 0; i < 16; i++)
      block_bits(dxt5, &pos, 3, (uint32_t)(i % 8));
   memcpy(dxt5 + 8, dxt1, 8);

   GLuint tex[4];
   glGenTextures(4, tex);
   for (int k = 0; k < 4; k++) {
      glBindTexture(GL_TEXTURE_2D, tex[k]);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   }
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, 16, dxt1);
   expect_gl_error(GL_INVALID_VALUE, "glCompressedTexImage2D(DXT1) with imageSize 16 (8 needed)");
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 0, 8, dxt1);
   check_gl_error("glCompressedTexImage2D(GL_COMPRESSED_RGB_S3TC_DXT1_EXT)");
   const GLubyte plain[4 * 4 * 4] = {0};
   glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 2, 4, GL_RGBA, GL_UNSIGNED_BYTE, plain);
   expect_gl_error(GL_INVALID_OPERATION, "glTexSubImage2D into DXT1 at x 2 (not a block edge)");
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_BPTC_UNORM, 8, 8);
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_COMPRESSED_RGBA_BPTC_UNORM, 16, bc7);
   expect_gl_error(GL_INVALID_OPERATION,
                   "glCompressedTexSubImage2D(BC7) at x 2 (not a block edge)");
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RGBA_BPTC_UNORM, 16, bc7);
   check_gl_error("glCompressedTexSubImage2D(GL_COMPRESSED_RGBA_BPTC_UNORM)");
   GLint v = -1;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   if (v != 64)
      fail("GL_TEXTURE_COMPRESSED_IMAGE_SIZE of an 8x8 BC7 image = %d, expected 64", v);
   uint8_t back[64];
   memset(back, 0xA5, sizeof back);
   gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, back);
   check_gl_error("glGetCompressedTexImage(BC7)");
   if (memcmp(back, bc7, 16))
      fail("glGetCompressedTexImage(BC7): block 0 differs from the one uploaded");
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, 4, 4, 0, 16,
                           bc6);
   check_gl_error("glCompressedTexImage2D(GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT)");
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
   if (v != GL_TRUE)
      fail("GL_TEXTURE_COMPRESSED = %d for a BC6H image", v);
   glBindTexture(GL_TEXTURE_2D, tex[3]);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4, 0, 16, dxt5);
   check_gl_error("glCompressedTexImage2D(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT)");

   const char *fs = "#version 330 core\n"
                    "uniform sampler2D u_t0, u_t1, u_t2, u_t3;\n"
                    "out vec4 o_color;\n"
                    "void main() {\n"
                    "  ivec2 p = ivec2(gl_FragCoord.xy) / 8, q = p % 4;\n"
                    "  vec4 c;\n"
                    "  if (p.y < 4)\n"
                    "    c = p.x < 4 ? texelFetch(u_t0, q, 0) : texelFetch(u_t1, q, 0);\n"
                    "  else if (p.x < 4)\n"
                    "    c = texelFetch(u_t2, q, 0);\n"
                    "  else\n"
                    "    c = texelFetch(u_t3, q, 0).rgab;\n"
                    "  o_color = vec4(c.rgb, 1.0);\n"
                    "}\n";
   GLuint prog = link_program(VS_PIXELS, fs);
   gl.UseProgram(prog);
   gl.Uniform2f(uloc(prog, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(prog, "u_z"), 0.0f);
   static const char *const names[4] = {"u_t0", "u_t1", "u_t2", "u_t3"};
   for (int k = 0; k < 4; k++) {
      gl.Uniform1i(uloc(prog, names[k]), k);
      gl.ActiveTexture(GL_TEXTURE0 + (GLenum)k);
      glBindTexture(GL_TEXTURE_2D, tex[k]);
   }
   gl.ActiveTexture(GL_TEXTURE0);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   draw_texel_squares(prog);
   check_gl_error("draw the S3TC and BPTC textures");
   model m;
   rgba8 grid[64];
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   for (int ty = 0; ty < 8; ty++)
      for (int tx = 0; tx < 8; tx++)
         grid[ty * 8 + tx] = s3tc_bptc_texel((ty / 4) * 2 + tx / 4, (ty % 4) * 4 + tx % 4);
   model_rect_fn(&m, 0, 0, 64, 64, texel_grid_colour, grid);
   check_frame("S3TC and BPTC textures", &m);
   glDeleteTextures(4, tex);
   gl.DeleteProgram(prog);
}

/* compressed_encode: glTexImage2D of plain RGBA8 pixels into S3TC DXT1 and BPTC unorm (the GL
 * compresses them, GL 4.6 §8.7): 8x8 images of four one-colour blocks, the colours ones 5-6-5
 * and BC7's 7-bit endpoints with a shared low bit hold exactly (red, green, blue, white; for
 * BC7 colours of odd channels). glGetCompressedTexImage returns 32 or 64 bytes,
 * each DXT1 block's endpoints the block's 5-6-5 colour; the drawn texels are the pixels; and
 * the blocks read back, uploaded again by glCompressedTexImage2D, draw the same (BC7's pixels
 * checked on mgl only: GL sets no quality). */
void
sc_compressed_encode(void)
{
   if (!has_ext("GL_EXT_texture_compression_s3tc") || !has_ext("GL_ARB_texture_compression_bptc")) {
      fail("GL_EXT_texture_compression_s3tc or GL_ARB_texture_compression_bptc not listed");
      return;
   }
   static const rgba8 colours[2][4] = {
      {{{255, 0, 0, 255}}, {{0, 255, 0, 255}}, {{0, 0, 255, 255}}, {{255, 255, 255, 255}}},
      {{{0x33, 0x77, 0x99, 255}},
       {{255, 255, 255, 255}},
       {{0x11, 0x11, 0x11, 255}},
       {{0xef, 0xef, 0xef, 255}}},
   };
   static const uint16_t c565[4] = {0xf800, 0x07e0, 0x001f, 0xffff};
   static const GLenum formats[2] = {GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
                                     GL_COMPRESSED_RGBA_BPTC_UNORM};
   static const GLsizei sizes[2] = {32, 64};
   const char *fs = "#version 330 core\n"
                    "uniform sampler2D u_t0;\n"
                    "out vec4 o_color;\n"
                    "void main() {\n"
                    "  o_color = texelFetch(u_t0, ivec2(gl_FragCoord.xy) / 8, 0);\n"
                    "}\n";
   GLuint prog = link_program(VS_PIXELS, fs);
   gl.UseProgram(prog);
   gl.Uniform2f(uloc(prog, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(prog, "u_z"), 0.0f);
   gl.Uniform1i(uloc(prog, "u_t0"), 0);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (int f = 0; f < 2; f++) {
      uint8_t px[8][8][4];
      rgba8 grid[64];
      for (int y = 0; y < 8; y++)
         for (int x = 0; x < 8; x++) {
            rgba8 c = colours[f][(y / 4) * 2 + x / 4];
            memcpy(px[y][x], c.c, 4);
            if (f == 0)
               c.c[3] = 255;
            grid[y * 8 + x] = c;
         }
      GLuint tex[2];
      glGenTextures(2, tex);
      glBindTexture(GL_TEXTURE_2D, tex[0]);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)formats[f], 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
      check_gl_error("glTexImage2D of RGBA8 pixels into a compressed format");
      GLint v = 0;
      glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
      if (v != sizes[f])
         fail("format 0x%04x: GL_TEXTURE_COMPRESSED_IMAGE_SIZE %d, expected %d", formats[f], v,
              sizes[f]);
      uint8_t blocks[64];
      memset(blocks, 0xa5, sizeof blocks);
      gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, blocks);
      check_gl_error("glGetCompressedTexImage of an image glTexImage2D compressed");
      for (int b = 0; f == 0 && b < 4; b++) {
         const unsigned e0 = blocks[8 * b] | blocks[8 * b + 1] << 8;
         const unsigned e1 = blocks[8 * b + 2] | blocks[8 * b + 3] << 8;
         if (e0 != c565[b] && e1 != c565[b])
            fail("DXT1 block %d: endpoints 0x%04x 0x%04x, neither the colour 0x%04x", b, e0, e1,
                 c565[b]);
      }
      glBindTexture(GL_TEXTURE_2D, tex[1]);
      gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, formats[f], 8, 8, 0, sizes[f], blocks);
      check_gl_error("glCompressedTexImage2D of the blocks read back");
      /* GL sets no quality for the compression: another driver's BC7 encoder may approximate
       * these colours (llvmpipe's drew (49,115,156) for (51,119,153)); mgl's holds them */
      for (int k = 0; k < (f == 0 || on_mgl() ? 2 : 0); k++) {
         glBindTexture(GL_TEXTURE_2D, tex[k]);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
         clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
         draw_texel_squares(prog);
         check_gl_error("draw the compressed texture");
         model m;
         model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
         model_rect_fn(&m, 0, 0, 64, 64, texel_grid_colour, grid);
         check_frame(
            k ? "the blocks read back, uploaded again" : "pixels compressed by glTexImage2D", &m);
      }
      glDeleteTextures(2, tex);
   }
   gl.DeleteProgram(prog);
}

/* One compressed image's texels as glGetTexImage(GL_RGBA, GL_UNSIGNED_BYTE) returns them. */
static void
get_rgba8_level(GLuint tex, GLint level, int w, int h, uint8_t *out)
{
   glBindTexture(GL_TEXTURE_2D, tex);
   memset(out, 0xa5, (size_t)w * (size_t)h * 4);
   glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

/* compressed_encode_made: glGetCompressedTexImage of compressed images whose texels the GL
 * made rather than the app's blocks (GL 3.3 §6.1.4 returns the image in its compressed form
 * whatever filled it): level 1 that glGenerateMipmap made of an 8x8 level 0, and an 8x8 image
 * glCopyTexImage2D filled from the framebuffer, in RGTC1, S3TC DXT1 and BPTC unorm. The image
 * is four quadrants of colours on one line (so one block holds them closely). The blocks
 * returned, given to another texture by glCompressedTexImage2D, read back (glGetTexImage) the
 * same texels as the image itself: the bytes are the ones sampling decodes; and those texels
 * lie within 12 of the quadrants' colours (the formats' quantization; BPTC's on mgl only). */
void
sc_compressed_encode_made(void)
{
   if (!has_ext("GL_EXT_texture_compression_s3tc") || !has_ext("GL_ARB_texture_compression_bptc")) {
      fail("GL_EXT_texture_compression_s3tc or GL_ARB_texture_compression_bptc not listed");
      return;
   }
   static const uint8_t colours[4][4] = {
      {0, 64, 255, 255}, {85, 107, 170, 255}, {170, 149, 85, 255}, {255, 191, 0, 255}};
   static const struct {
      GLenum format;
      GLsizei block;
      int channels;
   } fmts[3] = {{GL_COMPRESSED_RED_RGTC1, 8, 1},
                {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 3},
                {GL_COMPRESSED_RGBA_BPTC_UNORM, 16, 4}};
   uint8_t px[8][8][4];
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
         memcpy(px[y][x], colours[(y / 4) * 2 + x / 4], 4);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   /* the framebuffer's bottom-left 8x8 pixels: the same quadrants, for glCopyTexImage2D */
   glEnable(GL_SCISSOR_TEST);
   for (int q = 0; q < 4; q++) {
      glScissor((q % 2) * 4, (q / 2) * 4, 4, 4);
      glClearColor(colours[q][0] / 255.0f, colours[q][1] / 255.0f, colours[q][2] / 255.0f,
                   colours[q][3] / 255.0f);
      glClear(GL_COLOR_BUFFER_BIT);
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("clear the quadrants");
   for (int f = 0; f < 3; f++) {
      for (int how = 0; how < 2; how++) {
         const char *what = how ? "glCopyTexImage2D" : "glGenerateMipmap";
         const GLint level = how ? 0 : 1;
         const int side = how ? 8 : 4, half = side / 2;
         const GLsizei size = (side / 4) * (side / 4) * fmts[f].block;
         GLuint tex[2];
         glGenTextures(2, tex);
         glBindTexture(GL_TEXTURE_2D, tex[0]);
         if (how) {
            glCopyTexImage2D(GL_TEXTURE_2D, 0, fmts[f].format, 0, 0, 8, 8, 0);
         } else {
            glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmts[f].format, 8, 8, 0, GL_RGBA,
                         GL_UNSIGNED_BYTE, px);
            gl.GenerateMipmap(GL_TEXTURE_2D);
         }
         check_gl_error(what);
         GLint v = 0;
         glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
         if (v != size)
            fail("format 0x%04x, %s: GL_TEXTURE_COMPRESSED_IMAGE_SIZE %d, expected %d",
                 fmts[f].format, what, v, size);
         uint8_t blocks[64];
         memset(blocks, 0xa5, sizeof blocks);
         gl.GetCompressedTexImage(GL_TEXTURE_2D, level, blocks);
         check_gl_error("glGetCompressedTexImage of an image the GL made");
         glBindTexture(GL_TEXTURE_2D, tex[1]);
         gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, fmts[f].format, side, side, 0, size, blocks);
         check_gl_error("glCompressedTexImage2D of the blocks read back");
         uint8_t made[8 * 8 * 4], again[8 * 8 * 4];
         get_rgba8_level(tex[0], level, side, side, made);
         get_rgba8_level(tex[1], 0, side, side, again);
         check_gl_error("glGetTexImage of the two images");
         if (memcmp(made, again, (size_t)side * side * 4))
            fail("format 0x%04x, %s: the image's texels differ from its blocks' decoded",
                 fmts[f].format, what);
         /* GL sets no quality: Mesa's BPTC encoder makes level 1 of these quadrants
          * (41, 41, 157, 214) in red where they are (0, 85, 170, 255); mgl's holds them */
         for (int i = 0; i < (f < 2 || on_mgl() ? side * side : 0); i++) {
            const uint8_t *want = colours[(i / side / half) * 2 + i % side / half];
            for (int c = 0; c < fmts[f].channels; c++)
               if (abs(made[i * 4 + c] - want[c]) > 12) {
                  fail("format 0x%04x, %s: texel (%d, %d) channel %d is %u, expected %u +- 12",
                       fmts[f].format, what, i % side, i / side, c, made[i * 4 + c], want[c]);
                  break;
               }
         }
         glDeleteTextures(2, tex);
      }
   }
}

/* One level's texels as glGetTexImage(GL_RGBA, GL_FLOAT) returns them. */
static void
get_rgbaf_level(GLuint tex, GLint level, int w, int h, float *out)
{
   glBindTexture(GL_TEXTURE_2D, tex);
   for (int i = 0; i < w * h * 4; i++)
      out[i] = -9.0f;
   glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_FLOAT, out);
}

/* An ETC2 block of one colour: the differential mode, both halves base (r, g, b) in 5 bits,
 * table 0, every index 0 (each channel is the 5-bit value widened, plus 2). clear: an RGB8A1
 * block whose texels are all transparent black (opaque bit 0, every index 2). */
static void
etc2_solid_block(uint8_t *b, int r, int g, int bl, bool clear)
{
   const uint8_t v[8] = {(uint8_t)(r << 3),
                         (uint8_t)(g << 3),
                         (uint8_t)(bl << 3),
                         clear ? 0 : 2,
                         clear ? 0xff : 0,
                         clear ? 0xff : 0,
                         0,
                         0};
   memcpy(b, v, 8);
}

/* An EAC block of one value: base codeword `base`, multiplier `mult`, table 13, every index 4
 * (modifier 0): alpha `base`, R11 base * 8 + 4, signed R11 base * 8. */
static void
eac_solid_block(uint8_t *b, int base, int mult)
{
   const uint8_t v[8] = {(uint8_t)base, (uint8_t)(mult << 4 | 13), 0x92, 0x49, 0x24, 0x92, 0x49,
                         0x24};
   memcpy(b, v, 8);
}

/* compressed_encode_etc2: glGetCompressedTexImage of ETC2/EAC levels glGenerateMipmap made
 * (GL 4.6 §8.11.4 returns an image in its compressed form whatever filled it; mgl reads the
 * level back and encodes it, fe_texcompress_enc_etc.c). Level 0 is 8x8: four blocks of one
 * colour each (the quadrants; an RGB8A1 image has a transparent one), so level 1 is one 4x4
 * block of four 2x2 quadrants, the left and right pairs apart by a grey step (what an ETC
 * block's halves and modifiers hold). For each of the ten formats: the level's texels before
 * the read, the bytes read, given to another texture, decode to the texels the level samples
 * after it, and those lie within 8/255 of the format's range of the ones generated (the
 * formats' quantization). */
void
sc_compressed_encode_etc2(void)
{
   static const struct {
      GLenum format;
      int kind; /* 0 ETC2 RGB, 1 RGB8A1, 2 RGBA8 EAC, 3 R11, 4 signed R11, 5 RG11, 6 signed RG11 */
   } fmts[] = {
      {GL_COMPRESSED_RGB8_ETC2, 0},
      {GL_COMPRESSED_SRGB8_ETC2, 0},
      {GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, 1},
      {GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, 1},
      {GL_COMPRESSED_RGBA8_ETC2_EAC, 2},
      {GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, 2},
      {GL_COMPRESSED_R11_EAC, 3},
      {GL_COMPRESSED_SIGNED_R11_EAC, 4},
      {GL_COMPRESSED_RG11_EAC, 5},
      {GL_COMPRESSED_SIGNED_RG11_EAC, 6},
   };
   /* the quadrants' colours (5-bit), alphas and EAC base codewords: top-left, top-right,
    * bottom-left, bottom-right blocks */
   static const int rgb5[4][3] = {{5, 10, 20}, {25, 15, 5}, {7, 12, 22}, {23, 13, 3}};
   /* a punch-through block with transparent texels is differential only, its halves' colours
    * within 3 or 4 steps of each other (mgl makes no T or H blocks, which reach further) */
   static const int near5[4][3] = {{12, 14, 16}, {15, 13, 14}, {14, 16, 18}, {0, 0, 0}};
   static const int alpha[4] = {255, 200, 120, 40};
   static const int red[4] = {30, 200, 40, 190}, red_s[4] = {-100, 90, -80, 60};
   static const int green[4] = {220, 20, 210, 35}, green_s[4] = {110, -120, 100, -105};
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++) {
      const int kind = fmts[f].kind;
      const bool wide = kind == 2 || kind >= 5; /* 16-byte blocks */
      const GLsizei bb = wide ? 16 : 8;
      uint8_t level0[4 * 16];
      for (int q = 0; q < 4; q++) {
         uint8_t *b = level0 + q * bb;
         switch (kind) {
         case 0: etc2_solid_block(b, rgb5[q][0], rgb5[q][1], rgb5[q][2], false); break;
         case 1: etc2_solid_block(b, near5[q][0], near5[q][1], near5[q][2], q == 3); break;
         case 2:
            eac_solid_block(b, alpha[q], 1);
            etc2_solid_block(b + 8, rgb5[q][0], rgb5[q][1], rgb5[q][2], false);
            break;
         case 3: eac_solid_block(b, red[q], 0); break;
         case 4: eac_solid_block(b, red_s[q] & 0xff, 0); break;
         case 5:
            eac_solid_block(b, red[q], 0);
            eac_solid_block(b + 8, green[q], 0);
            break;
         default:
            eac_solid_block(b, red_s[q] & 0xff, 0);
            eac_solid_block(b + 8, green_s[q] & 0xff, 0);
            break;
         }
      }
      GLuint tex[2];
      glGenTextures(2, tex);
      glBindTexture(GL_TEXTURE_2D, tex[0]);
      gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, fmts[f].format, 8, 8, 0, 4 * bb, level0);
      gl.GenerateMipmap(GL_TEXTURE_2D);
      check_gl_error("glCompressedTexImage2D, glGenerateMipmap");
      float gen[16 * 4], made[16 * 4], again[16 * 4];
      get_rgbaf_level(tex[0], 1, 4, 4, gen);
      uint8_t blocks[16];
      memset(blocks, 0xa5, sizeof blocks);
      glBindTexture(GL_TEXTURE_2D, tex[0]);
      gl.GetCompressedTexImage(GL_TEXTURE_2D, 1, blocks);
      check_gl_error("glGetCompressedTexImage of a level glGenerateMipmap made");
      glBindTexture(GL_TEXTURE_2D, tex[1]);
      gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, fmts[f].format, 4, 4, 0, bb, blocks);
      check_gl_error("glCompressedTexImage2D of the blocks read back");
      get_rgbaf_level(tex[0], 1, 4, 4, made);
      get_rgbaf_level(tex[1], 0, 4, 4, again);
      check_gl_error("glGetTexImage of the two images");
      if (memcmp(made, again, sizeof made))
         fail("format 0x%04x: the level's texels differ from its blocks' decoded", fmts[f].format);
      /* 8/255 of the format's range: snorm's is 2 */
      const float bound = (kind == 4 || kind == 6 ? 16.0f : 8.0f) / 255;
      for (int i = 0; i < 16 * 4; i++)
         if (fabsf(again[i] - gen[i]) > bound) {
            fail("format 0x%04x: texel (%d, %d) channel %d is %g, generated %g (+- %g)",
                 fmts[f].format, i / 4 % 4, i / 16, i % 4, again[i], gen[i], bound);
            break;
         }
      glDeleteTextures(2, tex);
   }
}

/* compressed_copy_made: glCopyImageSubData from and to compressed images whose texels the GL
 * made (a level glGenerateMipmap made, an image glCopyTexImage2D filled) moves the blocks
 * glGetCompressedTexImage returns (GL 4.6 §18.3.3 copies the raw compressed bits), in RGTC1,
 * S3TC DXT1 and BPTC unorm: copied into an image of the same format the app gave blocks,
 * into one the GL made, and into an uncompressed image of the block's size (GL_RG32UI,
 * GL_RGBA32UI: one texel a block), each reads back the source's blocks. The copies come
 * before any glGetCompressedTexImage of the source. */
void
sc_compressed_copy_made(void)
{
   if (!has_ext("GL_EXT_texture_compression_s3tc") || !has_ext("GL_ARB_texture_compression_bptc") ||
       !has_ext("GL_ARB_copy_image")) {
      fail("GL_EXT_texture_compression_s3tc, GL_ARB_texture_compression_bptc or "
           "GL_ARB_copy_image not listed");
      return;
   }
   static const uint8_t colours[4][4] = {
      {0, 64, 255, 255}, {85, 107, 170, 255}, {170, 149, 85, 255}, {255, 191, 0, 255}};
   static const struct {
      GLenum format, plain, plain_format;
      GLsizei block;
   } fmts[3] = {{GL_COMPRESSED_RED_RGTC1, GL_RG32UI, GL_RG_INTEGER, 8},
                {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RG32UI, GL_RG_INTEGER, 8},
                {GL_COMPRESSED_RGBA_BPTC_UNORM, GL_RGBA32UI, GL_RGBA_INTEGER, 16}};
   uint8_t px[8][8][4];
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
         memcpy(px[y][x], colours[(y / 4) * 2 + x / 4], 4);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glEnable(GL_SCISSOR_TEST);
   for (int q = 0; q < 4; q++) {
      glScissor((q % 2) * 4, (q / 2) * 4, 4, 4);
      glClearColor(colours[q][0] / 255.0f, colours[q][1] / 255.0f, colours[q][2] / 255.0f,
                   colours[q][3] / 255.0f);
      glClear(GL_COLOR_BUFFER_BIT);
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("clear the quadrants");
   static const uint8_t zeros[64] = {0};
   for (int f = 0; f < 3; f++) {
      for (int how = 0; how < 2; how++) {
         const char *what = how ? "glCopyTexImage2D" : "glGenerateMipmap";
         const GLint level = how ? 0 : 1;
         const int side = how ? 8 : 4, blocks_wide = side / 4;
         const GLsizei size = blocks_wide * blocks_wide * fmts[f].block;
         GLuint tex[4];
         glGenTextures(4, tex);
         glBindTexture(GL_TEXTURE_2D, tex[0]);
         if (how) {
            glCopyTexImage2D(GL_TEXTURE_2D, 0, fmts[f].format, 0, 0, 8, 8, 0);
         } else {
            glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmts[f].format, 8, 8, 0, GL_RGBA,
                         GL_UNSIGNED_BYTE, px);
            gl.GenerateMipmap(GL_TEXTURE_2D);
         }
         /* the destinations: the app's (zero) blocks, an image the GL made (a copy of the
          * framebuffer's other corner), an uncompressed image of one texel a block */
         glBindTexture(GL_TEXTURE_2D, tex[1]);
         gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, fmts[f].format, side, side, 0, size, zeros);
         glBindTexture(GL_TEXTURE_2D, tex[2]);
         glCopyTexImage2D(GL_TEXTURE_2D, 0, fmts[f].format, 4, 4, side, side, 0);
         glBindTexture(GL_TEXTURE_2D, tex[3]);
         glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmts[f].plain, blocks_wide, blocks_wide, 0,
                      fmts[f].plain_format, GL_UNSIGNED_INT, zeros);
         /* a copy's textures are complete (GL 4.6 §18.3.3): those of one level sample it alone */
         for (int t = how ? 0 : 1; t < 4; t++) {
            glBindTexture(GL_TEXTURE_2D, tex[t]);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
         }
         check_gl_error(what);
         for (int d = 1; d < 4; d++) {
            gl.CopyImageSubData(tex[0], GL_TEXTURE_2D, level, 0, 0, 0, tex[d], GL_TEXTURE_2D, 0, 0,
                                0, 0, side, side, 1);
            GLenum err = glGetError();
            if (err)
               fail("format 0x%04x, %s: glGetError() = 0x%04x after glCopyImageSubData into "
                    "destination %d",
                    fmts[f].format, what, err, d);
         }
         uint8_t want[64], got[64];
         memset(want, 0xa5, sizeof want);
         glBindTexture(GL_TEXTURE_2D, tex[0]);
         gl.GetCompressedTexImage(GL_TEXTURE_2D, level, want);
         check_gl_error("glGetCompressedTexImage of the source");
         for (int d = 1; d < 4; d++) {
            memset(got, 0x5a, sizeof got);
            glBindTexture(GL_TEXTURE_2D, tex[d]);
            if (d < 3)
               gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, got);
            else
               glGetTexImage(GL_TEXTURE_2D, 0, fmts[f].plain_format, GL_UNSIGNED_INT, got);
            check_gl_error("read back a destination");
            if (memcmp(want, got, (size_t)size))
               fail("format 0x%04x, %s: destination %d reads back other bytes than "
                    "glGetCompressedTexImage of the source (byte 0: 0x%02x, expected 0x%02x)",
                    fmts[f].format, what, d, got[0], want[0]);
         }
         glDeleteTextures(4, tex);
      }
   }
}

/* compressed_etc2: OpenGL ES 3.0's ETC2/EAC formats (§3.8.6, Annex C), decoded by mgl in the
 * client: glTexStorage2D + glCompressedTexSubImage2D per block, one block in each ETC2 mode
 * (individual, differential, T, planar; texels as Mesa decodes them), an RGBA8_ETC2_EAC and a
 * punch-through image with transparent texels, the ten formats listed, and the errors ES adds
 * (no glTexImage2D/glTexSubImage2D of these formats, no 3D textures). */
void
sc_compressed_etc2(void)
{
   static const uint8_t blocks[4][8] = {
      {0x9a, 0x5c, 0x3e, 0xa4, 0xd3, 0x2b, 0x71, 0x0e}, /* individual */
      {0x52, 0x8b, 0x31, 0x4b, 0x96, 0x1d, 0xe2, 0x47}, /* differential */
      {0xfb, 0x3c, 0x85, 0xd6, 0x5a, 0xa5, 0x0f, 0xf0}, /* T */
      {0x45, 0x67, 0xfb, 0xa2, 0x8e, 0x53, 0x17, 0xcd}, /* planar */
   };
   static const uint32_t texels[4][16] = {
      /* 0xRRGGBBAA, texel y * 4 + x */
      {0x813d1bff, 0xb16d4bff, 0x99bbddff, 0x99bbddff, 0x490500ff, 0x813d1bff, 0xa5c7e9ff,
       0xbbddffff, 0xe9a583ff, 0xb16d4bff, 0xafd1f3ff, 0x99bbddff, 0x490500ff, 0xb16d4bff,
       0xafd1f3ff, 0xa5c7e9ff},
      {0x356f14ff, 0x498328ff, 0x5b953aff, 0x498328ff, 0x6fa94eff, 0x5b953aff, 0x356f14ff,
       0x6fa94eff, 0x46881cff, 0x80c256ff, 0x5a9c30ff, 0x80c256ff, 0x5a9c30ff, 0x6cae42ff,
       0x6cae42ff, 0x46881cff},
      {0x8855ddff, 0x9360e8ff, 0x9360e8ff, 0x8855ddff, 0xff33ccff, 0x7d4ad2ff, 0x7d4ad2ff,
       0xff33ccff, 0x8855ddff, 0x9360e8ff, 0x9360e8ff, 0x8855ddff, 0xff33ccff, 0x7d4ad2ff,
       0x7d4ad2ff, 0xff33ccff},
      {0x8ae7ffff, 0x78d1c9ff, 0x66bb94ff, 0x53a55eff, 0x80ddccff, 0x6ec797ff, 0x5bb161ff,
       0x499b2bff, 0x76d39aff, 0x63bd64ff, 0x51a72eff, 0x3f9100ff, 0x6bc967ff, 0x59b331ff,
       0x479d00ff, 0x358700ff},
   };
   static const uint8_t punch[8] = {0x62, 0x8a, 0x4c, 0x48, 0x5a, 0xc3, 0x3c, 0xa5};
   static const uint32_t punch_texels[16] = {0x466f2dff, 0x638c4aff, 0x739c29ff, 0x567f0cff,
                                             0x00000000, 0x80a967ff, 0x00000000, 0x90b946ff,
                                             0x80a967ff, 0x00000000, 0x90b946ff, 0x00000000,
                                             0x638c4aff, 0x466f2dff, 0x567f0cff, 0x739c29ff};
   (void)es_version(30);

   GLint n = -1;
   glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   GLint formats[64] = {0};
   if (n >= 0 && n <= 64)
      glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, formats);
   check_gl_error("compressed format queries");
   int has_rgb8 = 0;
   for (int i = 0; i < n && i < 64; i++)
      has_rgb8 |= formats[i] == GL_COMPRESSED_RGB8_ETC2;
   /* ES 3.0 lists the ten ETC2/EAC formats; extensions may add more, mgl adds ETC1's
    * (OES_compressed_ETC1_RGB8_texture) and the 28 ASTC ones (KHR_texture_compression_astc_ldr) */
   if (n < 10 || !has_rgb8 || (on_mgl() && n != 39))
      fail("GL_NUM_COMPRESSED_TEXTURE_FORMATS = %d (expected the 10 ETC2/EAC formats, ETC1 and "
           "28 ASTC)",
           n);
   if (!on_mgl())
      skipped("exactly 39 compressed formats (mgl's extension set)");

   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGB8_ETC2, 8, 8);
   check_gl_error("glTexStorage2D(GL_COMPRESSED_RGB8_ETC2)");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   for (int k = 0; k < 4; k++)
      gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, (k % 2) * 4, (k / 2) * 4, 4, 4,
                                 GL_COMPRESSED_RGB8_ETC2, 8, blocks[k]);
   check_gl_error("glCompressedTexSubImage2D of four ETC2 blocks");
   const GLubyte rgba[16 * 4] = {0};
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   expect_gl_error(GL_INVALID_OPERATION, "glTexSubImage2D into an ETC2 image");
   GLuint tx;
   glGenTextures(1, &tx);
   glBindTexture(GL_TEXTURE_2D, tx);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, rgba);
   expect_gl_error(GL_INVALID_VALUE, "glTexImage2D(GL_COMPRESSED_RGB8_ETC2)");
   GLuint t3;
   glGenTextures(1, &t3);
   glBindTexture(GL_TEXTURE_3D, t3);
   gl.CompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 1, 0, 8, blocks[0]);
   expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexImage3D(GL_TEXTURE_3D, ETC2)");

   GLuint tp;
   glGenTextures(1, &tp);
   glBindTexture(GL_TEXTURE_2D, tp);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, 4, 4, 0,
                           8, punch);
   check_gl_error("glCompressedTexImage2D(punch-through alpha)");

   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs =
      "#version 300 es\n"
      "precision highp float;\n"
      "uniform highp sampler2D u_tex;\n"
      "uniform highp sampler2D u_punch;\n"
      "out vec4 o_color;\n"
      "void main() {\n"
      "  ivec2 p = ivec2(gl_FragCoord.xy) / 8;\n"
      "  o_color = p.y < 6 ? texelFetch(u_tex, p, 0) : texelFetch(u_punch, p % 4, 0);\n"
      "}\n";
   GLuint prog = link_program(vs, fs);
   gl.UseProgram(prog);
   gl.Uniform1i(uloc(prog, "u_tex"), 0);
   gl.Uniform1i(uloc(prog, "u_punch"), 1);
   gl.ActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_2D, tp);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, t);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   draw_texel_squares(prog);
   check_gl_error("draw the ETC2 textures");

   model m;
   rgba8 grid[64];
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   for (int ty = 0; ty < 8; ty++)
      for (int tx2 = 0; tx2 < 8; tx2++) {
         const uint32_t c = ty < 6 ? texels[(ty / 4) * 2 + tx2 / 4][(ty % 4) * 4 + tx2 % 4]
                                   : punch_texels[(ty % 4) * 4 + tx2 % 4];
         grid[ty * 8 + tx2] =
            (rgba8){{(uint8_t)(c >> 24), (uint8_t)(c >> 16), (uint8_t)(c >> 8), (uint8_t)c}};
      }
   model_rect_fn(&m, 0, 0, 64, 64, texel_grid_colour, grid);
   check_frame("ETC2 textures", &m);
   GLuint all[4] = {t, tx, t3, tp};
   glDeleteTextures(4, all);
   gl.DeleteProgram(prog);
}

/* tex_rect: a 5x3 (non-power-of-two) rectangle texture sampled with texel coordinates by
 * texture (NEAREST, LINEAR, clamped past the edge), textureProj,
 * textureOffset, texelFetch and textureSize; usampler2DRect and isampler2DRect on integer rect
 * textures; sampler2DRectShadow with GL_COMPARE_REF_TO_TEXTURE. Each form writes a band of
 * 4x4-pixel cells; every cell's colour is computed here from the texels. */
static void
rect_texel(int i, int j, uint8_t out[4])
{
   out[0] = (uint8_t)(40 * i + 10);
   out[1] = (uint8_t)(100 * j + 20);
   out[2] = (uint8_t)(7 + 2 * i + j);
   out[3] = 255;
}

static rgba8
rect_cell(int i, int j)
{
   rgba8 c;
   rect_texel(i, j, c.c);
   return c;
}

void
sc_tex_rect(void)
{
   uint8_t texels[3][5][4];
   uint8_t itexels[3][5][4];
   for (int j = 0; j < 3; j++)
      for (int i = 0; i < 5; i++) {
         rect_texel(i, j, texels[j][i]);
         for (int k = 0; k < 4; k++)
            itexels[j][i][k] = (uint8_t)(texels[j][i][k] / 2);
      }
   float depth[2][4];
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 4; i++)
         depth[j][i] = (float)(i + 4 * j) / 8.0f + 1.0f / 16.0f;

   GLuint tex[5];
   glGenTextures(5, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_RECTANGLE, tex[0]);
   glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 5, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("rectangle texture");
   /* the same texels on unit 1, filtered LINEAR */
   gl.ActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_RECTANGLE, tex[4]);
   glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 5, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   check_gl_error("linear rectangle texture");
   gl.ActiveTexture(GL_TEXTURE2);
   glBindTexture(GL_TEXTURE_RECTANGLE, tex[1]);
   glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8UI, 5, 3, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
                texels);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.ActiveTexture(GL_TEXTURE3);
   glBindTexture(GL_TEXTURE_RECTANGLE, tex[2]);
   glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8I, 5, 3, 0, GL_RGBA_INTEGER, GL_BYTE, itexels);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("integer rectangle textures");
   gl.ActiveTexture(GL_TEXTURE4);
   glBindTexture(GL_TEXTURE_RECTANGLE, tex[3]);
   glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_DEPTH_COMPONENT32F, 4, 2, 0, GL_DEPTH_COMPONENT,
                GL_FLOAT, depth);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   check_gl_error("depth rectangle texture");
   /* GL: a rectangle texture has no mipmaps and no repeat */
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, GL_REPEAT);
   expect_gl_error(GL_INVALID_ENUM, "GL_REPEAT on a rectangle texture");
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   expect_gl_error(GL_INVALID_ENUM, "a mipmap filter on a rectangle texture");

   /* bands of 4-pixel rows; cell (i, j) of a band is pixels [4i, 4i+4) x [y0 + 4j, y0 + 4j + 4) */
   static const char *fs =
      "#version 330 core\n"
      "uniform sampler2DRect u_n;\n"
      "uniform sampler2DRect u_l;\n"
      "uniform usampler2DRect u_u;\n"
      "uniform isampler2DRect u_i;\n"
      "uniform sampler2DRectShadow u_s;\n"
      "out vec4 o_color;\n"
      "void main() {\n"
      "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
      "  int i = p.x / 4, j = (p.y % 12) / 4;\n"
      "  vec2 c = vec2(i, j) + 0.5;\n"
      "  o_color = vec4(0.0, 0.0, 1.0, 1.0);\n"
      "  if (p.x >= 24) return;\n"
      "  if (p.y < 12) {\n" /* NEAREST, texel centres; cell 5 reads x = 7.25: clamped */
      "    o_color = texture(u_n, i == 5 ? vec2(7.25, c.y) : c);\n"
      "  } else if (p.y < 24) {\n" /* LINEAR half way between texel i and i+1 */
      "    o_color = texture(u_l, vec2(float(i) + 1.0, c.y));\n"
      "  } else if (p.y < 36) {\n"
      "    if (j == 0) o_color = textureProj(u_n, vec3(c * 2.0, 2.0));\n"
      "    else if (j == 1) o_color = textureOffset(u_n, c - vec2(1.0, 0.0), ivec2(1, 0));\n"
      "    else o_color = texelFetch(u_n, ivec2(i, 2));\n"
      "  } else if (p.y < 48) {\n"
      "    if (j == 0) o_color = vec4(texture(u_u, c)) / 255.0;\n"
      "    else if (j == 1) o_color = vec4(texelFetch(u_i, ivec2(i, 1)) * 2) / 255.0;\n"
      "    else o_color = vec4(vec2(textureSize(u_n)) / 255.0, vec2(textureSize(u_s)) / 255.0);\n"
      "  } else if (p.y < 56) {\n"
      "    float r = texture(u_s, vec3(c, 0.3));\n" /* LEQUAL: 1 where 0.3 <= depth */
      "    o_color = vec4(r, 1.0 - r, 0.0, 1.0);\n"
      "  }\n"
      "}\n";
   GLuint p = link_program(VS_TEXTURED, fs);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_n"), 0);
   gl.Uniform1i(uloc(p, "u_l"), 1);
   gl.Uniform1i(uloc(p, "u_u"), 2);
   gl.Uniform1i(uloc(p, "u_i"), 3);
   gl.Uniform1i(uloc(p, "u_s"), 4);
   GLint type = 0;
   gl.GetActiveUniformsiv(p, 1, (GLuint[]){(GLuint)gl.GetUniformLocation(p, "u_s")},
                          GL_UNIFORM_TYPE, &type);
   textured_quad_vao(0, 0, W, H);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw");
   readback();
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const int i = x / 4, j = (y % 12) / 4, ic = i < 5 ? i : 4;
         rgba8 want = {{0, 0, 255, 255}};
         if (x >= 24 || y >= 56) {
            /* outside the bands: blue */
         } else if (y < 12) {
            want = rect_cell(ic, j);
         } else if (y < 24) {
            want = rect_cell(ic, j);
            if (i < 4) /* the mean of texels i and i+1 (exact: both channels step evenly) */
               want.c[0] = (uint8_t)(40 * i + 30), want.c[2] = (uint8_t)(8 + 2 * i + j);
         } else if (y < 36) {
            if (j == 2 && i >= 5)
               continue; /* texelFetch outside the texture is undefined */
            want = rect_cell(ic, j);
         } else if (y < 48) {
            if (j == 2)
               want = (rgba8){{5, 3, 4, 2}};
            else if (i >= 5)
               continue; /* texelFetch outside the texture */
            else
               want = rect_cell(i, j);
            for (int k = 0; j == 1 && k < 4; k++)
               want.c[k] = (uint8_t)(want.c[k] / 2 * 2);
         } else {
            const int di = i < 4 ? i : 3, dj = (y - 48) / 4;
            want = 0.3f <= depth[dj][di] ? (rgba8){{255, 0, 0, 255}} : (rgba8){{0, 255, 0, 255}};
         }
         expect_px("rectangle sampling", x, y, want);
      }
   if (type != GL_SAMPLER_2D_RECT_SHADOW)
      fail("GL_UNIFORM_TYPE of u_s is 0x%04x, expected GL_SAMPLER_2D_RECT_SHADOW", type);

   /* A 2D and a rectangle sampler in one shader (their image types become the same 2D type),
    * the rectangle one passed to a function, in both stages. */
   static const char *vs2 =
      "#version 330 core\n"
      "layout(location = 0) in vec2 a_pos;\n"
      "uniform sampler2DRect u_n;\n"
      "uniform sampler2D u_2d;\n"
      "flat out vec4 v_c;\n"
      "void main() {\n"
      "  v_c = textureLod(u_2d, vec2(0.5), 0.0) + texture(u_n, vec2(3.5, 2.5));\n"
      "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
      "}\n";
   static const char *fs2 =
      "#version 330 core\n"
      "uniform sampler2D u_2d;\n"
      "uniform sampler2DRect u_n;\n"
      "flat in vec4 v_c;\n"
      "out vec4 o_color;\n"
      "vec4 at(sampler2DRect s, vec2 c) { return texture(s, c); }\n"
      "void main() {\n"
      "  if (gl_FragCoord.x < 32.0) o_color = at(u_n, vec2(1.5, 0.5));\n"
      "  else if (gl_FragCoord.x < 48.0) o_color = texture(u_2d, vec2(0.5));\n"
      "  else o_color = v_c;\n"
      "}\n";
   static const uint8_t one[4] = {1, 2, 3, 4};
   GLuint t2d;
   glGenTextures(1, &t2d);
   gl.ActiveTexture(GL_TEXTURE5);
   glBindTexture(GL_TEXTURE_2D, t2d);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, one);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   GLuint p2 = link_program(vs2, fs2);
   gl.UseProgram(p2);
   gl.Uniform1i(uloc(p2, "u_n"), 0);
   gl.Uniform1i(uloc(p2, "u_2d"), 5);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw with a 2D and a rectangle sampler");
   readback();
   rgba8 sum = rect_cell(3, 2);
   for (int k = 0; k < 4; k++)
      sum.c[k] = (uint8_t)(sum.c[k] + one[k] > 255 ? 255 : sum.c[k] + one[k]);
   expect_px("rectangle sampler through a function", 10, 10, rect_cell(1, 0));
   expect_px("2D sampler beside a rectangle one", 40, 10, (rgba8){{1, 2, 3, 4}});
   expect_px("2D plus rectangle texel in the vertex stage", 60, 10, sum);
   gl.DeleteProgram(p2);
   glDeleteTextures(1, &t2d);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   glDeleteTextures(5, tex);
}

/* sampler_objects: one 2x2 texture sampled through units 0 and 1 with different sampler
 * objects (NEAREST + REPEAT vs LINEAR + CLAMP_TO_EDGE) and a depth texture through units 2
 * and 3, a sampler with GL_COMPARE_REF_TO_TEXTURE on one and the texture's own state on the
 * other. The texture's own minifying filter needs mipmaps it lacks, so only a bound sampler
 * makes it complete. Then a sampler's parameters change between draws, unit 0's sampler is
 * unbound and unit 1's deleted (the texture's own state returns), and the texture's own
 * filters are set. Constant coordinates sample at the magnification filter. Each draw is one
 * 8-pixel band; every band's colour is computed here. Plus the GL errors and queries. */
static const uint8_t so_texels[2][2][4] = {{{200, 0, 0, 255}, {0, 200, 100, 255}},
                                           {{10, 10, 10, 255}, {20, 20, 20, 255}}};

static rgba8
so_texel(int i)
{
   rgba8 c;
   memcpy(c.c, so_texels[0][i], 4);
   return c;
}

/* 3/4 of texel 0 and 1/4 of texel 1 (u = 0.375 on row 0, LINEAR) */
static rgba8
so_mix(void)
{
   rgba8 c;
   for (int k = 0; k < 4; k++)
      c.c[k] = (uint8_t)((3 * so_texels[0][0][k] + so_texels[0][1][k]) / 4);
   return c;
}

static void
so_expect_int(GLuint s, GLenum pname, GLint want, const char *what)
{
   GLint v = -12345;
   gl.GetSamplerParameteriv(s, pname, &v);
   check_gl_error(what);
   if (v != want)
      fail("glGetSamplerParameteriv(%s) = %d (expected %d)", what, v, want);
}

static void
so_expect_float(GLuint s, GLenum pname, GLfloat want, const char *what)
{
   GLfloat v = -12345.0f;
   gl.GetSamplerParameterfv(s, pname, &v);
   check_gl_error(what);
   if (v != want)
      fail("glGetSamplerParameterfv(%s) = %g (expected %g)", what, v, want);
}

static void
so_expect_binding(GLuint unit, GLuint want, const char *what)
{
   gl.ActiveTexture(GL_TEXTURE0 + unit);
   GLint v = -1;
   glGetIntegerv(GL_SAMPLER_BINDING, &v);
   check_gl_error(what);
   if (v != (GLint)want)
      fail("GL_SAMPLER_BINDING of unit %u (%s) = %d (expected %u)", unit, what, v, want);
   gl.ActiveTexture(GL_TEXTURE0);
}

static void
so_errors_and_queries(void)
{
   GLuint s[2];
   gl.GenSamplers(2, s);
   check_gl_error("glGenSamplers");
   if (!gl.IsSampler(s[0]) || !gl.IsSampler(s[1]) || gl.IsSampler(0) || gl.IsSampler(s[1] + 100))
      fail("glIsSampler: generated names are samplers, 0 and unused names are not");
   /* the defaults (GL 3.3 table 6.23) */
   so_expect_int(s[0], GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR, "default MIN_FILTER");
   so_expect_int(s[0], GL_TEXTURE_MAG_FILTER, GL_LINEAR, "default MAG_FILTER");
   so_expect_int(s[0], GL_TEXTURE_WRAP_R, GL_REPEAT, "default WRAP_R");
   so_expect_int(s[0], GL_TEXTURE_COMPARE_MODE, GL_NONE, "default COMPARE_MODE");
   so_expect_int(s[0], GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL, "default COMPARE_FUNC");
   so_expect_float(s[0], GL_TEXTURE_MIN_LOD, -1000.0f, "default MIN_LOD");
   so_expect_float(s[0], GL_TEXTURE_MAX_LOD, 1000.0f, "default MAX_LOD");
   so_expect_float(s[0], GL_TEXTURE_LOD_BIAS, 0.0f, "default LOD_BIAS");
   /* values round trip, each sampler its own */
   gl.SamplerParameteri(s[0], GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
   gl.SamplerParameterf(s[0], GL_TEXTURE_MIN_LOD, 2.5f);
   gl.SamplerParameterf(s[0], GL_TEXTURE_LOD_BIAS, -1.25f);
   gl.SamplerParameteri(s[0], GL_TEXTURE_COMPARE_FUNC, GL_NOTEQUAL);
   const GLfloat bf[4] = {0.25f, 0.5f, 0.75f, 1.0f};
   gl.SamplerParameterfv(s[0], GL_TEXTURE_BORDER_COLOR, bf);
   const GLuint bu[4] = {7, 0x80000000u, 3, 0xffffffffu};
   gl.SamplerParameterIuiv(s[1], GL_TEXTURE_BORDER_COLOR, bu);
   check_gl_error("glSamplerParameter");
   so_expect_int(s[0], GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT, "WRAP_T");
   so_expect_int(s[1], GL_TEXTURE_WRAP_T, GL_REPEAT, "the other sampler's WRAP_T");
   so_expect_float(s[0], GL_TEXTURE_MIN_LOD, 2.5f, "MIN_LOD");
   so_expect_float(s[0], GL_TEXTURE_LOD_BIAS, -1.25f, "LOD_BIAS");
   so_expect_int(s[0], GL_TEXTURE_COMPARE_FUNC, GL_NOTEQUAL, "COMPARE_FUNC");
   GLfloat gf[4] = {0};
   gl.GetSamplerParameterfv(s[0], GL_TEXTURE_BORDER_COLOR, gf);
   GLuint gu[4] = {0};
   gl.GetSamplerParameterIuiv(s[1], GL_TEXTURE_BORDER_COLOR, gu);
   check_gl_error("glGetSamplerParameter(GL_TEXTURE_BORDER_COLOR)");
   if (memcmp(gf, bf, sizeof bf) || memcmp(gu, bu, sizeof bu))
      fail("border colours: fv (%g,%g,%g,%g), Iuiv (%u,%u,%u,%u)", gf[0], gf[1], gf[2], gf[3],
           gu[0], gu[1], gu[2], gu[3]);

   /* errors */
   gl.GenSamplers(-1, s);
   expect_gl_error(GL_INVALID_VALUE, "glGenSamplers(-1)");
   gl.DeleteSamplers(-1, s);
   expect_gl_error(GL_INVALID_VALUE, "glDeleteSamplers(-1)");
   gl.SamplerParameteri(s[0], GL_TEXTURE_BASE_LEVEL, 0);
   expect_gl_error(GL_INVALID_ENUM, "glSamplerParameteri(GL_TEXTURE_BASE_LEVEL)");
   gl.SamplerParameteri(s[0], GL_TEXTURE_SWIZZLE_R, GL_GREEN);
   expect_gl_error(GL_INVALID_ENUM, "glSamplerParameteri(GL_TEXTURE_SWIZZLE_R)");
   gl.SamplerParameteri(s[0], GL_TEXTURE_MAG_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   expect_gl_error(GL_INVALID_ENUM, "a mipmap MAG_FILTER");
   gl.SamplerParameteri(s[0], GL_TEXTURE_WRAP_S, GL_NEAREST);
   expect_gl_error(GL_INVALID_ENUM, "GL_NEAREST as a wrap mode");
   gl.SamplerParameteri(s[0], GL_TEXTURE_COMPARE_MODE, GL_LEQUAL);
   expect_gl_error(GL_INVALID_ENUM, "GL_LEQUAL as a compare mode");
   gl.SamplerParameteri(s[0], GL_TEXTURE_BORDER_COLOR, 0);
   expect_gl_error(GL_INVALID_ENUM, "glSamplerParameteri(GL_TEXTURE_BORDER_COLOR)");
   so_expect_int(s[0], GL_TEXTURE_WRAP_S, GL_REPEAT, "WRAP_S after refused calls");
   so_expect_int(s[0], GL_TEXTURE_MAG_FILTER, GL_LINEAR, "MAG_FILTER after refused calls");
   GLint junk = 0;
   gl.GetSamplerParameteriv(s[0], GL_TEXTURE_BASE_LEVEL, &junk);
   expect_gl_error(GL_INVALID_ENUM, "glGetSamplerParameteriv(GL_TEXTURE_BASE_LEVEL)");
   gl.SamplerParameteri(s[1] + 100, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   expect_gl_error(GL_INVALID_OPERATION, "glSamplerParameteri of an unused name");
   gl.GetSamplerParameteriv(s[1] + 100, GL_TEXTURE_MIN_FILTER, &junk);
   expect_gl_error(GL_INVALID_OPERATION, "glGetSamplerParameteriv of an unused name");
   gl.BindSampler(0, s[1] + 100);
   expect_gl_error(GL_INVALID_OPERATION, "glBindSampler of a name never generated");
   GLint units = 0;
   glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units);
   gl.BindSampler((GLuint)units, s[0]);
   expect_gl_error(GL_INVALID_VALUE, "glBindSampler(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS)");
   gl.BindSampler((GLuint)units - 1, s[0]);
   check_gl_error("glBindSampler of the last unit");
   so_expect_binding((GLuint)units - 1, s[0], "the last unit");
   gl.DeleteSamplers(2, s);
   check_gl_error("glDeleteSamplers");
   so_expect_binding((GLuint)units - 1, 0, "a deleted sampler leaves its unit");
   if (gl.IsSampler(s[0]))
      fail("glIsSampler of a deleted sampler is GL_TRUE");
   gl.BindSampler(0, s[0]);
   expect_gl_error(GL_INVALID_OPERATION, "glBindSampler of a deleted sampler");
}

void
sc_sampler_objects(void)
{
   so_errors_and_queries();

   GLuint tex[2];
   glGenTextures(2, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   /* The same colour texture on units 0 and 1; its own filters are the defaults
    * (NEAREST_MIPMAP_LINEAR without mipmaps: incomplete). */
   for (GLuint u = 0; u < 2; u++) {
      gl.ActiveTexture(GL_TEXTURE0 + u);
      glBindTexture(GL_TEXTURE_2D, tex[0]);
   }
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, so_texels);
   /* A 1x1 depth texture of 0.6 on units 2 and 3, its own filters NEAREST, no compare. */
   const GLfloat depth = 0.6f;
   for (GLuint u = 2; u < 4; u++) {
      gl.ActiveTexture(GL_TEXTURE0 + u);
      glBindTexture(GL_TEXTURE_2D, tex[1]);
   }
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                &depth);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.ActiveTexture(GL_TEXTURE0);
   check_gl_error("textures");

   GLuint smp[3];
   gl.GenSamplers(3, smp);
   gl.SamplerParameteri(smp[0], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp[0], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp[1], GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   gl.SamplerParameteri(smp[1], GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   gl.SamplerParameteri(smp[1], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   gl.SamplerParameteri(smp[1], GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   gl.SamplerParameteri(smp[2], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp[2], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp[2], GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
   gl.SamplerParameteri(smp[2], GL_TEXTURE_COMPARE_FUNC, GL_LESS);
   for (GLuint u = 0; u < 3; u++)
      gl.BindSampler(u, smp[u]);
   check_gl_error("sampler objects");
   so_expect_binding(1, smp[1], "unit 1");
   so_expect_binding(3, 0, "unit 3");

   static const char *fs = "#version 330 core\n"
                           "uniform sampler2D u_a;\n"
                           "uniform sampler2D u_b;\n"
                           "uniform sampler2DShadow u_s;\n"
                           "uniform sampler2D u_d;\n"
                           "uniform int u_mode;\n"
                           "uniform vec2 u_uv;\n"
                           "uniform float u_ref;\n"
                           "out vec4 o_color;\n"
                           "void main() {\n"
                           "  if (u_mode == 0) o_color = texture(u_a, u_uv);\n"
                           "  else if (u_mode == 1) o_color = texture(u_b, u_uv);\n"
                           "  else if (u_mode == 2)\n"
                           "    o_color = vec4(vec3(texture(u_s, vec3(u_uv, u_ref))), 1.0);\n"
                           "  else o_color = vec4(vec3(texture(u_d, u_uv).r), 1.0);\n"
                           "}\n";
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p, "u_a"), 0);
   gl.Uniform1i(uloc(p, "u_b"), 1);
   gl.Uniform1i(uloc(p, "u_s"), 2);
   gl.Uniform1i(uloc(p, "u_d"), 3);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   check_gl_error("program");

   /* band b: x in [8b, 8b + 8) */
   static const struct {
      int mode;
      float u, ref;
   } band[7] = {{0, 0.375f, 0},    {1, 0.375f, 0},    {0, 1.25f, 0}, {1, 1.25f, 0},
                {2, 0.25f, 0.25f}, {2, 0.25f, 0.75f}, {3, 0.25f, 0}};
   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
   const rgba8 black = {{0, 0, 0, 255}}, white = {{255, 255, 255, 255}};
   const rgba8 d6 = {{153, 153, 153, 255}};
   const rgba8 t0 = so_texel(0), t1 = so_texel(1), mix = so_mix();
   const rgba8 want[4][7] = {
      /* NEAREST vs LINEAR, REPEAT vs CLAMP, 0.25 < 0.6, not 0.75 < 0.6, depth read */
      {t0, mix, t0, t1, white, black, d6},
      /* unit 0 magnifies LINEAR now; the compare is GREATER */
      {mix, mix, t0, t1, black, white, d6},
      /* unit 0 unbound, unit 1's sampler deleted: the texture's own state, incomplete */
      {black, black, black, black, black, white, d6},
      /* the texture's own filters: NEAREST min, LINEAR mag, CLAMP_TO_EDGE on s */
      {mix, mix, t1, t1, black, white, d6},
   };
   const char *phase[4] = {"two samplers on one texture", "sampler parameters changed",
                           "sampler unbound and deleted", "the texture's own state"};
   glEnable(GL_SCISSOR_TEST);
   for (int ph = 0; ph < 4; ph++) {
      if (ph == 1) {
         gl.SamplerParameteri(smp[0], GL_TEXTURE_MAG_FILTER, GL_LINEAR);
         gl.SamplerParameteri(smp[2], GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
      } else if (ph == 2) {
         gl.BindSampler(0, 0);
         gl.DeleteSamplers(1, &smp[1]);
         so_expect_binding(0, 0, "unit 0 after glBindSampler(0, 0)");
         so_expect_binding(1, 0, "unit 1 after its sampler was deleted");
         so_expect_binding(2, smp[2], "unit 2");
      } else if (ph == 3) {
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      }
      check_gl_error(phase[ph]);
      glDisable(GL_SCISSOR_TEST);
      clear_to(bg);
      glEnable(GL_SCISSOR_TEST);
      model m;
      model_init(&m, bg);
      for (int b = 0; b < 7; b++) {
         gl.Uniform1i(uloc(p, "u_mode"), band[b].mode);
         gl.Uniform2f(uloc(p, "u_uv"), band[b].u, 0.25f);
         gl.Uniform1f(uloc(p, "u_ref"), band[b].ref);
         glScissor(8 * b, 0, 8, 64);
         glDrawArrays(GL_TRIANGLES, 0, 6);
         model_rect(&m, 8 * b, 0, 8 * b + 8, 64, want[ph][b]);
      }
      check_gl_error(phase[ph]);
      check_frame(phase[ph], &m);
   }
   glDisable(GL_SCISSOR_TEST);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   GLuint left[2] = {smp[0], smp[2]};
   gl.DeleteSamplers(2, left);
   glDeleteTextures(2, tex);
   gl.DeleteBuffers(1, &mq.vbo);
   gl.DeleteVertexArrays(1, &mq.vao);
   check_gl_error("clean-up");
}

/* tex1d_fbo_queries: the GL 3.3 entry points left after sampler objects. A 1D texture as a
 * framebuffer's colour image through glFramebufferTexture1D (cleared and drawn into, read
 * back by glReadPixels and by glGetnTexImageARB, whose bufSize one short is
 * GL_INVALID_OPERATION and writes nothing); glGetnCompressedTexImageARB likewise on RGTC1
 * blocks; glCompressedTex(Sub)Image1D refused (GL 3.3 has no 1D compressed format);
 * glGetMultisamplefv on the single-sampled default framebuffer (no sample index is valid)
 * and on a 4-sample framebuffer object (Vulkan's standard positions, which Mesa reports too);
 * each command's spec errors. */
void
sc_tex1d_fbo_queries(void)
{
   GLuint t1, t2;
   glGenTextures(1, &t1);
   glBindTexture(GL_TEXTURE_1D, t1);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGenTextures(1, &t2);
   glBindTexture(GL_TEXTURE_2D, t2);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   GLuint fb;
   gl.GenFramebuffers(1, &fb);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fb);
   check_gl_error("set-up");
   gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t1, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glFramebufferTexture1D with textarget GL_TEXTURE_2D");
   gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RED, t1, 0);
   expect_gl_error(GL_INVALID_ENUM, "glFramebufferTexture1D with textarget GL_RED");
   gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, t2, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glFramebufferTexture1D of a 2D texture");
   gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, t1, -1);
   expect_gl_error(GL_INVALID_VALUE, "glFramebufferTexture1D of level -1");
   gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, t1 + t2 + 50, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glFramebufferTexture1D of an unused name");
   gl.FramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, t1, 0);
   check_gl_error("glFramebufferTexture1D");
   GLint name = 0;
   gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &name);
   if (name != (GLint)t1)
      fail("attachment name %d, expected %u", name, t1);
   GLenum status = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (status != GL_FRAMEBUFFER_COMPLETE)
      die_setup("a 1D RGBA8 colour image: status 0x%04x", status);

   /* clear all 16 texels, then draw texels [4, 8) in another colour */
   glViewport(0, 0, 16, 1);
   glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint p = solid_program();
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   set_vec4(p, "u_color", V4(1.0f, 0.0f, 0.4f, 1.0f));
   /* VS_PIXELS maps 64 pixel units to the viewport: texel i covers [4i, 4i + 4) */
   float quad[12];
   rect_vertices(quad, 16, 0, 32, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw into a 1D texture");
   uint8_t want[16][4];
   for (int i = 0; i < 16; i++) {
      const uint8_t bg[4] = {51, 102, 153, 204}, fg[4] = {255, 0, 102, 255};
      memcpy(want[i], i >= 4 && i < 8 ? fg : bg, 4);
   }
   uint8_t got[16][4];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   memset(got, 0xA5, sizeof got);
   glReadPixels(0, 0, 16, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_gl_error("glReadPixels of a 1D texture");
   if (memcmp(got, want, sizeof want))
      fail("glReadPixels of the 1D colour image: texel 0 (%u,%u,%u,%u), texel 5 (%u,%u,%u,%u)",
           got[0][0], got[0][1], got[0][2], got[0][3], got[5][0], got[5][1], got[5][2], got[5][3]);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);

   /* glGetnTexImageARB: 64 bytes needed */
   memset(got, 0xA5, sizeof got);
   gl.GetnTexImageARB(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 63, got);
   expect_gl_error(GL_INVALID_OPERATION, "glGetnTexImageARB with bufSize 63 for 64 bytes");
   for (size_t i = 0; i < sizeof got; i++)
      if (((uint8_t *)got)[i] != 0xA5) {
         fail("glGetnTexImageARB wrote byte %zu past a refused bufSize", i);
         break;
      }
   gl.GetnTexImageARB(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 64, got);
   check_gl_error("glGetnTexImageARB with bufSize 64");
   if (memcmp(got, want, sizeof want))
      fail("glGetnTexImageARB: texel 0 (%u,%u,%u,%u), texel 5 (%u,%u,%u,%u)", got[0][0], got[0][1],
           got[0][2], got[0][3], got[5][0], got[5][1], got[5][2], got[5][3]);

   /* glGetnCompressedTexImageARB: one RGTC1 block, 8 bytes */
   const uint8_t block[8] = {200, 10, 0x49, 0x92, 0x24, 0x49, 0x92, 0x24};
   glBindTexture(GL_TEXTURE_2D, t2);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, block);
   check_gl_error("glCompressedTexImage2D(RGTC1)");
   uint8_t blk[8];
   memset(blk, 0xA5, sizeof blk);
   gl.GetnCompressedTexImageARB(GL_TEXTURE_2D, 0, 7, blk); /* Mesa 22.3 raises nothing here */
   expect_gl_error(GL_INVALID_OPERATION, "glGetnCompressedTexImageARB with bufSize 7 for 8");
   gl.GetnCompressedTexImageARB(GL_TEXTURE_2D, 0, 8, blk);
   check_gl_error("glGetnCompressedTexImageARB with bufSize 8");
   if (memcmp(blk, block, sizeof block))
      fail("glGetnCompressedTexImageARB: the block did not come back");

   /* glCompressedTex(Sub)Image1D */
   glBindTexture(GL_TEXTURE_1D, t1);
   gl.CompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RED_RGTC1, 4, 0, 8, block);
   expect_gl_error(GL_INVALID_ENUM, "glCompressedTexImage1D(GL_COMPRESSED_RED_RGTC1)");
   gl.CompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RGBA, 4, 0, 8, block);
   expect_gl_error(GL_INVALID_ENUM, "glCompressedTexImage1D(GL_COMPRESSED_RGBA)");
   gl.CompressedTexSubImage1D(GL_TEXTURE_1D, 0, 0, 4, GL_COMPRESSED_RED_RGTC1, 8, block);
   expect_gl_error(GL_INVALID_ENUM, "glCompressedTexSubImage1D(GL_COMPRESSED_RED_RGTC1)");
   memset(got, 0xA5, sizeof got);
   gl.GetnTexImageARB(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, 64, got);
   if (memcmp(got, want, sizeof want))
      fail("a refused glCompressedTex(Sub)Image1D changed the 1D texture");

   /* glGetMultisamplefv */
   GLfloat pos[2] = {-1.0f, -1.0f};
   gl.GetMultisamplefv(GL_SAMPLE_POSITION, 0, pos);
   expect_gl_error(GL_INVALID_VALUE, "glGetMultisamplefv(0) on a single-sampled framebuffer");
   GLuint rb;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 4, 4);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fb);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   check_gl_error("a 4-sample framebuffer");
   static const GLfloat standard4[4][2] = {
      {0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};
   for (GLuint i = 0; i < 4; i++) {
      gl.GetMultisamplefv(GL_SAMPLE_POSITION, i, pos);
      check_gl_error("glGetMultisamplefv(GL_SAMPLE_POSITION)");
      if (pos[0] != standard4[i][0] || pos[1] != standard4[i][1])
         fail("sample %u of 4 at (%g, %g), expected (%g, %g)", i, pos[0], pos[1], standard4[i][0],
              standard4[i][1]);
   }
   gl.GetMultisamplefv(GL_SAMPLE_POSITION, 4, pos);
   expect_gl_error(GL_INVALID_VALUE, "glGetMultisamplefv(4) of 4 samples");
   gl.GetMultisamplefv(GL_SAMPLES, 0, pos);
   expect_gl_error(GL_INVALID_ENUM, "glGetMultisamplefv(GL_SAMPLES)");

   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fb);
   gl.DeleteRenderbuffers(1, &rb);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &mq.vbo);
   gl.DeleteVertexArrays(1, &mq.vao);
   glDeleteTextures(1, &t1);
   glDeleteTextures(1, &t2);
   check_gl_error("clean-up");
}

/* depth_stencil_tex: combined depth/stencil texel uploads (GL 3.3 §3.8.1): DEPTH24_STENCIL8
 * from GL_DEPTH_STENCIL/UNSIGNED_INT_24_8 and DEPTH32F_STENCIL8 from
 * FLOAT_32_UNSIGNED_INT_24_8_REV (with a glTexSubImage2D), read back exactly by glGetTexImage
 * and, attached to a framebuffer, by glReadPixels(GL_DEPTH_STENCIL); depth sampled by a
 * shader; stencil proved by a stencil test against the uploaded values. */
void
sc_depth_stencil_tex(void)
{
   enum { TW = 4, TH = 2 };
   uint32_t p24[TH][TW];
   struct {
      float d;
      uint32_t s;
   } p32[TH][TW], sub32[1][2];
   for (int j = 0; j < TH; j++)
      for (int i = 0; i < TW; i++) {
         const int k = j * TW + i;
         p24[j][i] = ((uint32_t)(k * 0x1f3a57 + 0x1234) & 0xffffffu) << 8 | (uint32_t)(17 * k + 3);
         p32[j][i].d = (float)k / 8.0f + 1.0f / 32.0f;
         p32[j][i].s = (uint32_t)(29 * k + 5);
      }
   sub32[0][0].d = 0.75f, sub32[0][0].s = 200;
   sub32[0][1].d = 0.125f, sub32[0][1].s = 7;
   GLuint tex[2];
   glGenTextures(2, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, TW, TH, 0, GL_DEPTH_STENCIL,
                GL_UNSIGNED_INT_24_8, p24);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("glTexImage2D(GL_DEPTH24_STENCIL8)");
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH32F_STENCIL8, TW, TH, 0, GL_DEPTH_STENCIL,
                GL_FLOAT_32_UNSIGNED_INT_24_8_REV, p32);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 1, GL_DEPTH_STENCIL,
                   GL_FLOAT_32_UNSIGNED_INT_24_8_REV, sub32);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("glTexImage2D(GL_DEPTH32F_STENCIL8)");
   p32[1][1] = sub32[0][0];
   p32[1][2] = sub32[0][1];

   /* glGetTexImage, both types from both textures */
   uint32_t g24[TH][TW];
   memset(g24, 0xA5, sizeof g24);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, g24);
   check_gl_error("glGetTexImage(GL_DEPTH_STENCIL) of DEPTH24_STENCIL8");
   for (int j = 0; j < TH; j++)
      for (int i = 0; i < TW; i++)
         if (g24[j][i] != p24[j][i])
            fail("DEPTH24_STENCIL8 texel (%d,%d) reads 0x%08x, uploaded 0x%08x", i, j, g24[j][i],
                 p24[j][i]);
   uint32_t g32[TH][TW][2];
   memset(g32, 0xA5, sizeof g32);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, g32);
   check_gl_error("glGetTexImage(GL_DEPTH_STENCIL) of DEPTH32F_STENCIL8");
   for (int j = 0; j < TH; j++)
      for (int i = 0; i < TW; i++) {
         float d;
         memcpy(&d, &g32[j][i][0], 4);
         if (d != p32[j][i].d || (g32[j][i][1] & 0xff) != p32[j][i].s)
            fail("DEPTH32F_STENCIL8 texel (%d,%d) reads %g/%u, uploaded %g/%u", i, j, (double)d,
                 g32[j][i][1] & 0xff, (double)p32[j][i].d, p32[j][i].s);
      }

   /* attached to a framebuffer: glReadPixels(GL_DEPTH_STENCIL), then a stencil test and a
    * depth-sampling draw */
   GLuint fbo, cb;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.GenRenderbuffers(1, &cb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, cb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, TW, TH);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, cb);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex[0], 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("framebuffer with a DEPTH24_STENCIL8 texture is not complete");
   memset(g24, 0xA5, sizeof g24);
   glReadPixels(0, 0, TW, TH, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, g24);
   check_gl_error("glReadPixels(GL_DEPTH_STENCIL)");
   for (int j = 0; j < TH; j++)
      for (int i = 0; i < TW; i++)
         if (g24[j][i] != p24[j][i])
            fail("glReadPixels(GL_DEPTH_STENCIL) (%d,%d): 0x%08x, uploaded 0x%08x", i, j, g24[j][i],
                 p24[j][i]);
   /* pass where the stencil is the uploaded value of texel 5 */
   glViewport(0, 0, TW, TH);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_EQUAL, 17 * 5 + 3, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   GLuint solid = solid_program();
   set_vec4(solid, "u_color", V4(1, 1, 1, 1));
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_STENCIL_TEST);
   uint8_t px[TH][TW][4];
   glReadPixels(0, 0, TW, TH, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check_gl_error("stencil-tested draw");
   for (int j = 0; j < TH; j++)
      for (int i = 0; i < TW; i++)
         if (px[j][i][0] != (j * TW + i == 5 ? 255 : 0))
            fail("stencil test against uploaded stencil: pixel (%d,%d) red %u", i, j, px[j][i][0]);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);

   /* the DEPTH32F_STENCIL8 texture sampled: its depth, texel per 16x32 cell */
   static const char *fs = "#version 330 core\n"
                           "uniform sampler2D u_t;\n"
                           "out vec4 o_color;\n"
                           "void main() {\n"
                           "  ivec2 c = ivec2(gl_FragCoord.xy) / ivec2(16, 32);\n"
                           "  o_color = vec4(texelFetch(u_t, c, 0).r, 0.0, 0.0, 1.0);\n"
                           "}\n";
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p, "u_t"), 0);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   clear_to(V4(0, 0, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("depth-sampling draw");
   readback();
   for (int j = 0; j < TH; j++)
      for (int i = 0; i < TW; i++)
         expect_px("DEPTH32F_STENCIL8 depth sampled", 16 * i + 8, 32 * j + 16,
                   (rgba8){{unorm8(p32[j][i].d), 0, 0, 255}});
   gl.DeleteProgram(p);
   gl.DeleteProgram(solid);
   gl.DeleteBuffers(1, &mq.vbo);
   gl.DeleteVertexArrays(1, &mq.vao);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &cb);
   glDeleteTextures(2, tex);
}

/* tex1d_depth: a 1D GL_DEPTH_COMPONENT24 texture as the depth attachment beside a 1D RGBA8
 * colour texture (8 texels; an 8x1 viewport, so a_pos x = 8 * pixel). Cleared to depth 1.0, a
 * full-width quad at depth 0.5 (colour A), then with GL_LESS a quad over texels 0-3 at 0.75
 * (colour B, rejected) and one over texels 4-7 at 0.25 (colour C, kept). Colour and depth
 * read back from the framebuffer, depth also by glGetTexImage. */
void
sc_tex1d_depth(void)
{
   GLuint tex[2], fbo;
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_1D, tex[0]);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glBindTexture(GL_TEXTURE_1D, tex[1]);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT24, 8, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   check_gl_error("1D textures");
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0);
   gl.FramebufferTexture(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, tex[1], 0);
   const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("1D colour + 1D depth framebuffer: status 0x%04x", st);
   glViewport(0, 0, 8, 1);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(0.2f, 0.4f, 0.6f, 1.0f),
               cb = V4(1.0f, 0.0f, 0.0f, 1.0f), cc = V4(0.8f, 0.6f, 0.2f, 1.0f);
   glClearDepth(1.0);
   clear_to(bg);
   GLuint p = solid_program();
   float v[36];
   rect_vertices(v, 0, 0, 64, 64);
   rect_vertices(v + 12, 0, 0, 32, 64);
   rect_vertices(v + 24, 32, 0, 64, 64);
   mesh m = make_mesh(v, 18);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   const struct {
      float z;
      vec4f c;
   } d[3] = {{0.0f, ca}, {0.5f, cb}, {-0.5f, cc}};
   for (int i = 0; i < 3; i++) {
      gl.Uniform1f(uloc(p, "u_z"), d[i].z);
      set_vec4(p, "u_color", d[i].c);
      glDrawArrays(GL_TRIANGLES, 6 * i, 6);
   }
   glDisable(GL_DEPTH_TEST);
   check_gl_error("depth-tested draws into the 1D framebuffer");
   GLubyte px[8][4];
   float z[8], zt[8];
   memset(px, 0xee, sizeof px);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, 8, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glReadPixels(0, 0, 8, 1, GL_DEPTH_COMPONENT, GL_FLOAT, z);
   glBindTexture(GL_TEXTURE_1D, tex[1]);
   glGetTexImage(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, zt);
   check_gl_error("1D colour and depth read back");
   for (int i = 0; i < 8; i++) {
      const rgba8 want = to8(i < 4 ? ca : cc);
      const float wz = i < 4 ? 0.5f : 0.25f;
      if (memcmp(px[i], want.c, 4))
         fail("texel %d: colour (%u,%u,%u,%u), expected (%u,%u,%u,%u)", i, px[i][0], px[i][1],
              px[i][2], px[i][3], want.c[0], want.c[1], want.c[2], want.c[3]);
      if (fabsf(z[i] - wz) > 1e-6f || fabsf(zt[i] - wz) > 1e-6f)
         fail("texel %d: depth %.8f (glReadPixels) / %.8f (glGetTexImage), expected %.2f", i, z[i],
              zt[i], wz);
   }
   glViewport(0, 0, W, H);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(2, tex);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
   /* the default framebuffer still renders */
   clear_to(bg);
   model mo;
   model_init(&mo, bg);
   check_frame("default framebuffer after the 1D framebuffer", &mo);
}

/* rect_sampler: a rectangle texture sampled through sampler objects. GL 3.3 §3.8.2: state in
 * the bound sampler that glTexParameter would refuse for the unit's texture makes the texture
 * incomplete on that unit (the spec's example: a wrap mode REPEAT or MIRRORED_REPEAT with a
 * rectangle texture; a mipmap minification filter is refused likewise). Incomplete, it samples
 * as (0,0,0,1). The same texture on other units, through samplers with CLAMP_TO_EDGE or
 * CLAMP_TO_BORDER and NEAREST or through its own state, stays complete; setting the samplers
 * back makes it complete again. Mesa 22.3 llvmpipe differs: it samples the texel through every
 * one of these samplers. */
void
sc_rect_sampler(void)
{
   static const uint8_t texels[2][2][4] = {{{200, 40, 20, 255}, {20, 200, 40, 255}},
                                           {{40, 20, 200, 255}, {220, 220, 220, 255}}};
   enum { N_UNITS = 8, N_SMP = 7 };
   GLuint tex;
   glGenTextures(1, &tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (GLuint u = 0; u < N_UNITS; u++) {
      gl.ActiveTexture(GL_TEXTURE0 + u);
      glBindTexture(GL_TEXTURE_RECTANGLE, tex);
   }
   glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.ActiveTexture(GL_TEXTURE0);
   check_gl_error("rectangle texture");

   /* unit u has sampler smp[u] (unit 7 none): 0 NEAREST, CLAMP_TO_EDGE; 1 WRAP_S REPEAT;
    * 2 WRAP_T MIRRORED_REPEAT; 3 WRAP_R REPEAT; 4 MIN_FILTER LINEAR_MIPMAP_NEAREST;
    * 5 MIN_FILTER NEAREST_MIPMAP_LINEAR; 6 CLAMP_TO_BORDER. */
   static const GLenum wraps[3] = {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R};
   GLuint smp[N_SMP];
   gl.GenSamplers(N_SMP, smp);
   for (int i = 0; i < N_SMP; i++) {
      gl.SamplerParameteri(smp[i], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      gl.SamplerParameteri(smp[i], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      for (int k = 0; k < 3; k++)
         gl.SamplerParameteri(smp[i], wraps[k], i == 6 ? GL_CLAMP_TO_BORDER : GL_CLAMP_TO_EDGE);
      gl.BindSampler((GLuint)i, smp[i]);
   }
   gl.SamplerParameteri(smp[1], GL_TEXTURE_WRAP_S, GL_REPEAT);
   gl.SamplerParameteri(smp[2], GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
   gl.SamplerParameteri(smp[3], GL_TEXTURE_WRAP_R, GL_REPEAT);
   gl.SamplerParameteri(smp[4], GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
   gl.SamplerParameteri(smp[5], GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR);
   check_gl_error("sampler objects (a sampler takes what a rectangle texture refuses)");

   static const char *fs = "#version 330 core\n"
                           "uniform sampler2DRect u_t0, u_t1, u_t2, u_t3, u_t4, u_t5, u_t6, u_t7;\n"
                           "uniform int u_unit;\n"
                           "uniform vec2 u_uv;\n"
                           "out vec4 o_color;\n"
                           "void main() {\n"
                           "  if (u_unit == 0) o_color = texture(u_t0, u_uv);\n"
                           "  else if (u_unit == 1) o_color = texture(u_t1, u_uv);\n"
                           "  else if (u_unit == 2) o_color = texture(u_t2, u_uv);\n"
                           "  else if (u_unit == 3) o_color = texture(u_t3, u_uv);\n"
                           "  else if (u_unit == 4) o_color = texture(u_t4, u_uv);\n"
                           "  else if (u_unit == 5) o_color = texture(u_t5, u_uv);\n"
                           "  else if (u_unit == 6) o_color = texture(u_t6, u_uv);\n"
                           "  else o_color = texture(u_t7, u_uv);\n"
                           "}\n";
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   for (int i = 0; i < N_UNITS; i++) {
      char name[8];
      snprintf(name, sizeof name, "u_t%d", i);
      gl.Uniform1i(uloc(p, name), i);
   }
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   check_gl_error("program");

   const vec4f bg = V4(0.2f, 0.4f, 0.6f, 1.0f);
   const rgba8 black = {{0, 0, 0, 255}};
   const rgba8 t10 = {{20, 200, 40, 255}}; /* texel (1, 0) */
   const char *phase[2] = {"samplers with REPEAT, MIRRORED_REPEAT or a mipmap filter",
                           "the same samplers set to CLAMP_TO_EDGE and NEAREST"};
   glEnable(GL_SCISSOR_TEST);
   for (int ph = 0; ph < 2; ph++) {
      if (ph == 1) {
         gl.SamplerParameteri(smp[1], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
         gl.SamplerParameteri(smp[2], GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
         gl.SamplerParameteri(smp[3], GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
         gl.SamplerParameteri(smp[4], GL_TEXTURE_MIN_FILTER, GL_LINEAR);
         gl.SamplerParameteri(smp[5], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      }
      glDisable(GL_SCISSOR_TEST);
      clear_to(bg);
      glEnable(GL_SCISSOR_TEST);
      model m;
      model_init(&m, bg);
      for (int u = 0; u < N_UNITS; u++) {
         bool incomplete = ph == 0 && u >= 1 && u <= 5;
         gl.Uniform1i(uloc(p, "u_unit"), u);
         gl.Uniform2f(uloc(p, "u_uv"), 1.5f, 0.5f); /* the centre of texel (1, 0) */
         glScissor(8 * u, 0, 8, 64);
         glDrawArrays(GL_TRIANGLES, 0, 6);
         model_rect(&m, 8 * u, 0, 8 * u + 8, 64, incomplete ? black : t10);
      }
      check_gl_error(phase[ph]);
      check_frame(phase[ph], &m);
   }
   glDisable(GL_SCISSOR_TEST);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteSamplers(N_SMP, smp);
   glDeleteTextures(1, &tex);
   gl.DeleteBuffers(1, &mq.vbo);
   gl.DeleteVertexArrays(1, &mq.vao);
   check_gl_error("clean-up");
}

/* texture_params: GL 3.3 §3.8.8-3.8.11 texture parameters on a mipmapped 8x8 RGBA8 texture
 * whose levels are solid colours L0 (0.2,0.4,0.6,0.8), L1 red, L2 green, L3 blue; one texture
 * object and one 8x8 rectangle each (texture coordinates from gl_FragCoord, so texture()'s own
 * lambda is 0): GL_TEXTURE_SWIZZLE_{R,G,B,A} = (B, ZERO, R, ONE) and GL_TEXTURE_SWIZZLE_RGBA all
 * ALPHA; GL_TEXTURE_BASE_LEVEL 2; GL_TEXTURE_MAX_LEVEL 1 under textureLod 3; GL_TEXTURE_MIN_LOD 2
 * under textureLod 0; GL_TEXTURE_MAX_LOD 1 under textureLod 3; GL_TEXTURE_LOD_BIAS 2 under
 * texture(); the shader's bias argument 1 under texture(). NEAREST_MIPMAP_NEAREST picks level
 * ceil(lambda + 0.5) - 1 from the base, so every rectangle is one level's colour exactly.
 * Plus the errors of a bad swizzle and a negative base level. */
void
sc_texture_params(void)
{
   const char *fs = "#version 330 core\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform vec2 u_origin;\n"
                    "uniform float u_lod;\n"
                    "uniform int u_mode;\n"
                    "out vec4 o_color;\n"
                    "void main() {\n"
                    "  vec2 uv = (gl_FragCoord.xy - u_origin) / 8.0;\n"
                    "  if (u_mode == 0) o_color = textureLod(u_tex, uv, u_lod);\n"
                    "  else if (u_mode == 1) o_color = texture(u_tex, uv);\n"
                    "  else o_color = texture(u_tex, uv, u_lod);\n"
                    "}\n";
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   const GLint uorg = uloc(p, "u_origin"), ulod = uloc(p, "u_lod"), umode = uloc(p, "u_mode");
   static const GLubyte lc[4][4] = {
      {51, 102, 153, 204}, {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}};
   GLubyte img[8 * 8 * 4];
   GLuint tex[8];
   glGenTextures(8, tex);
   gl.ActiveTexture(GL_TEXTURE0);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (int t = 0; t < 8; t++) {
      glBindTexture(GL_TEXTURE_2D, tex[t]);
      for (int l = 0; l < 4; l++) {
         const int sz = 8 >> l;
         for (int i = 0; i < sz * sz; i++)
            memcpy(&img[4 * i], lc[l], 4);
         glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, sz, sz, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
      }
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   }
   check_gl_error("mipmapped textures");
   /* per case: the parameter, the shader's mode and lod, the level (or colour) expected */
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ZERO);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_RED);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_ONE);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   const GLint all_alpha[4] = {GL_ALPHA, GL_ALPHA, GL_ALPHA, GL_ALPHA};
   glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, all_alpha);
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 2);
   glBindTexture(GL_TEXTURE_2D, tex[3]);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
   glBindTexture(GL_TEXTURE_2D, tex[4]);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 2.0f);
   glBindTexture(GL_TEXTURE_2D, tex[5]);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, 1.0f);
   glBindTexture(GL_TEXTURE_2D, tex[6]);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 2.0f);
   check_gl_error("texture parameters");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_RED + 100);
   expect_gl_error(GL_INVALID_ENUM, "GL_TEXTURE_SWIZZLE_R of a non-component");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1);
   expect_gl_error(GL_INVALID_VALUE, "GL_TEXTURE_BASE_LEVEL -1");
   GLint got = -1;
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, &got);
   if (got != GL_BLUE)
      fail("GL_TEXTURE_SWIZZLE_R reads 0x%x, expected GL_BLUE", got);

   static const int mode[8] = {0, 0, 0, 0, 0, 0, 1, 2};
   static const float lod[8] = {0, 0, 0, 3, 0, 3, 0, 1};
   const rgba8 want[8] = {{{153, 0, 51, 255}}, {{204, 204, 204, 204}}, {{0, 255, 0, 255}},
                          {{255, 0, 0, 255}},  {{0, 255, 0, 255}},     {{255, 0, 0, 255}},
                          {{0, 255, 0, 255}},  {{255, 0, 0, 255}}};
   model md;
   model_init(&md, bg);
   float q[12];
   mesh m[8];
   for (int i = 0; i < 8; i++) {
      const int x0 = 4 + 16 * (i % 4), y0 = i < 4 ? 40 : 12;
      rect_vertices(q, (float)x0, (float)y0, (float)(x0 + 8), (float)(y0 + 8));
      m[i] = make_mesh(q, 6);
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      gl.Uniform2f(uorg, (float)x0, (float)y0);
      gl.Uniform1f(ulod, lod[i]);
      gl.Uniform1i(umode, mode[i]);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&md, x0, y0, x0 + 8, y0 + 8, want[i]);
   }
   check_gl_error("sampled draws");
   check_frame("texture parameters", &md);
   for (int i = 0; i < 8; i++) {
      gl.DeleteBuffers(1, &m[i].vbo);
      gl.DeleteVertexArrays(1, &m[i].vao);
   }
   glDeleteTextures(8, tex);
   gl.DeleteProgram(p);
}

/* texture_formats: GL 3.3 §3.8.3 sized internal formats a program meets most (sRGB, half and
 * single float, the packed float formats, snorm, 16-bit unorm and RGB16, the packed 16- and
 * 32-bit formats, one- and two-channel, a GL_BGRA upload). One 1x1 texture each from an exact
 * value; the fragment shader compares texelFetch's result with the value GL defines for it (sRGB
 * decoded, snorm and unorm divided, missing channels 0 and alpha 1), within u_tol (0 where the
 * value is exact in the format), and paints its cell green or red. glGetTexImage with the
 * upload's format and type must give the uploaded bytes back. */
typedef struct {
   const char *name;
   GLenum internal, format, type;
   unsigned char data[16];
   size_t bytes;
   float want[4], tol;
} tf_case;

/* A red cell's texel as the shader sees it, drawn into an RGBA32F buffer and read back as
 * floats, so a report says what was sampled, not only that it was wrong. */
static void
tf_report_texel(GLuint tex, const mesh *m, const tf_case *c, int x, int y)
{
   const char *fs = "#version 330 core\n"
                    "uniform sampler2D u_tex;\n"
                    "out vec4 o_color;\n"
                    "void main() { o_color = texelFetch(u_tex, ivec2(0), 0); }\n";
   GLint prev = 0;
   glGetIntegerv(GL_CURRENT_PROGRAM, &prev);
   GLuint rb = 0, fbo = 0;
   gl.GenRenderbuffers(1, &rb);
   gl.GenFramebuffers(1, &fbo);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_RGBA32F, W, H);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   glBindTexture(GL_TEXTURE_2D, tex);
   gl.BindVertexArray(m->vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   GLfloat v[4] = {-1, -1, -1, -1};
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, v);
   printf("  %s: sampled %.6f %.6f %.6f %.6f, GL's %.6f %.6f %.6f %.6f (tolerance %g)\n", c->name,
          v[0], v[1], v[2], v[3], c->want[0], c->want[1], c->want[2], c->want[3], c->tol);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   gl.UseProgram((GLuint)prev);
   gl.DeleteProgram(p);
}

void
sc_texture_formats(void)
{
   const char *fs = "#version 330 core\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform vec4 u_want;\n"
                    "uniform float u_tol;\n"
                    "out vec4 o_color;\n"
                    "void main() {\n"
                    "  vec4 d = abs(texelFetch(u_tex, ivec2(0), 0) - u_want);\n"
                    "  bool ok = all(lessThanEqual(d, vec4(u_tol)));\n"
                    "  o_color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
                    "}\n";
#define F4(a, b, c, d)                                                                             \
   {                                                                                               \
      a, b, c, d                                                                                   \
   }
   static tf_case cases[15];
   size_t n = 0;
   {
      /* sRGB 188 -> 0.50289 linear; alpha is linear. GL 3.3 §3.8.15 gives the curve but no
       * precision: the NVIDIA driver returns 0.503906 (129/256), 1.02e-3 off, so the tolerance
       * is 2e-3 (half an 8-bit step is 1.96e-3); an undecoded 0.737 or a plain 2.2 gamma's
       * 0.5114 still miss it */
      const GLubyte v[4] = {0, 188, 255, 128};
      tf_case c = {"GL_SRGB8_ALPHA8",
                   GL_SRGB8_ALPHA8,
                   GL_RGBA,
                   GL_UNSIGNED_BYTE,
                   {0},
                   4,
                   F4(0.0f, 0.50289f, 1.0f, 128.0f / 255.0f),
                   2e-3f};
      memcpy(c.data, v, 4), cases[n++] = c;
   }
   {
      const GLubyte v[3] = {255, 188, 0};
      tf_case c = {
         "GL_SRGB8", GL_SRGB8, GL_RGB, GL_UNSIGNED_BYTE, {0}, 3, F4(1.0f, 0.50289f, 0.0f, 1.0f),
         2e-3f};
      memcpy(c.data, v, 3), cases[n++] = c;
   }
   {
      const GLushort v[4] = {0x3400, 0xc000, 0x63d0, 0x3e00}; /* 0.25 -2 1000 1.5 */
      tf_case c = {
         "GL_RGBA16F", GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, {0}, 8, F4(0.25f, -2.0f, 1000.0f, 1.5f),
         0.0f};
      memcpy(c.data, v, 8), cases[n++] = c;
   }
   {
      const float v[4] = {3.14159f, -1e5f, 0.1f, 7.0f};
      tf_case c = {
         "GL_RGBA32F", GL_RGBA32F, GL_RGBA, GL_FLOAT, {0}, 16, F4(3.14159f, -1e5f, 0.1f, 7.0f),
         0.0f};
      memcpy(c.data, v, 16), cases[n++] = c;
   }
   {
      const float v[3] = {0.25f, 1.5f, 4.0f};
      tf_case c = {"GL_R11F_G11F_B10F",
                   GL_R11F_G11F_B10F,
                   GL_RGB,
                   GL_FLOAT,
                   {0},
                   12,
                   F4(0.25f, 1.5f, 4.0f, 1.0f),
                   0.0f};
      memcpy(c.data, v, 12), cases[n++] = c;
   }
   {
      const float v[3] = {0.5f, 2.0f, 0.25f};
      tf_case c = {"GL_RGB9_E5", GL_RGB9_E5, GL_RGB, GL_FLOAT, {0}, 12, F4(0.5f, 2.0f, 0.25f, 1.0f),
                   0.0f};
      memcpy(c.data, v, 12), cases[n++] = c;
   }
   {
      const GLbyte v[4] = {127, -127, 0, 64};
      tf_case c = {"GL_RGBA8_SNORM",
                   GL_RGBA8_SNORM,
                   GL_RGBA,
                   GL_BYTE,
                   {0},
                   4,
                   F4(1.0f, -1.0f, 0.0f, 64.0f / 127.0f),
                   1e-4f};
      memcpy(c.data, v, 4), cases[n++] = c;
   }
   {
      const GLushort v[4] = {0, 65535, 13107, 52428};
      tf_case c = {
         "GL_RGBA16", GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, {0}, 8, F4(0.0f, 1.0f, 0.2f, 0.8f),
         1e-5f};
      memcpy(c.data, v, 8), cases[n++] = c;
   }
   {
      /* GLES has GL_RGB16_EXT (EXT_texture_norm16) but does not render it */
      const GLushort v[3] = {65535, 13107, 0};
      tf_case c = {
         "GL_RGB16", GL_RGB16, GL_RGB, GL_UNSIGNED_SHORT, {0}, 6, F4(1.0f, 0.2f, 0.0f, 1.0f),
         1e-5f};
      memcpy(c.data, v, 6), cases[n++] = c;
   }
   {
      const GLushort v = 31u << 11 | 0u << 5 | 31u; /* 5_6_5: r 31, g 0, b 31 */
      tf_case c = {"GL_RGB565",
                   GL_RGB565,
                   GL_RGB,
                   GL_UNSIGNED_SHORT_5_6_5,
                   {0},
                   2,
                   F4(1.0f, 0.0f, 1.0f, 1.0f),
                   0.0f};
      memcpy(c.data, &v, 2), cases[n++] = c;
   }
   {
      const GLushort v = 0u << 11 | 31u << 6 | 0u << 1 | 1u; /* 5_5_5_1: g 31, a 1 */
      tf_case c = {"GL_RGB5_A1",
                   GL_RGB5_A1,
                   GL_RGBA,
                   GL_UNSIGNED_SHORT_5_5_5_1,
                   {0},
                   2,
                   F4(0.0f, 1.0f, 0.0f, 1.0f),
                   0.0f};
      memcpy(c.data, &v, 2), cases[n++] = c;
   }
   {
      const GLushort v = 15u << 12 | 0u << 8 | 5u << 4 | 10u; /* 4_4_4_4 */
      tf_case c = {"GL_RGBA4",
                   GL_RGBA4,
                   GL_RGBA,
                   GL_UNSIGNED_SHORT_4_4_4_4,
                   {0},
                   2,
                   F4(1.0f, 0.0f, 1.0f / 3.0f, 2.0f / 3.0f),
                   1e-4f};
      memcpy(c.data, &v, 2), cases[n++] = c;
   }
   {
      const GLuint v = 1023u | 0u << 10 | 341u << 20 | 3u << 30; /* 2_10_10_10_REV */
      tf_case c = {"GL_RGB10_A2",
                   GL_RGB10_A2,
                   GL_RGBA,
                   GL_UNSIGNED_INT_2_10_10_10_REV,
                   {0},
                   4,
                   F4(1.0f, 0.0f, 341.0f / 1023.0f, 1.0f),
                   1e-4f};
      memcpy(c.data, &v, 4), cases[n++] = c;
   }
   {
      const GLubyte v[2] = {51, 102};
      tf_case c = {"GL_RG8", GL_RG8, GL_RG, GL_UNSIGNED_BYTE, {0}, 2, F4(0.2f, 0.4f, 0.0f, 1.0f),
                   1e-5f};
      memcpy(c.data, v, 2), cases[n++] = c;
   }
   {
      const GLubyte v[4] = {10, 20, 30, 40}; /* B G R A */
      tf_case c = {"GL_RGBA8 from GL_BGRA",
                   GL_RGBA8,
                   GL_BGRA,
                   GL_UNSIGNED_BYTE,
                   {0},
                   4,
                   F4(30.0f / 255.0f, 20.0f / 255.0f, 10.0f / 255.0f, 40.0f / 255.0f),
                   1e-5f};
      memcpy(c.data, v, 4), cases[n++] = c;
   }
#undef F4
   const vec4f bg = V4(0.0f, 0.0f, 0.4f, 1.0f);
   clear_to(bg);
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   const GLint uwant = uloc(p, "u_want"), utol = uloc(p, "u_tol");
   gl.ActiveTexture(GL_TEXTURE0);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   model md;
   model_init(&md, bg);
   GLuint tex[16];
   mesh m[16];
   glGenTextures((GLsizei)n, tex);
   for (size_t i = 0; i < n; i++) {
      const tf_case *c = &cases[i];
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)c->internal, 1, 1, 0, c->format, c->type, c->data);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      char where[96];
      snprintf(where, sizeof where, "glTexImage2D(%s)", c->name);
      check_gl_error(where);
      unsigned char back[20];
      memset(back, 0xee, sizeof back);
      glGetTexImage(GL_TEXTURE_2D, 0, c->format, c->type, back);
      snprintf(where, sizeof where, "glGetTexImage(%s)", c->name);
      check_gl_error(where);
      if (memcmp(back, c->data, c->bytes) || back[c->bytes] != 0xee)
         fail("glGetTexImage(%s) did not give the uploaded %zu bytes back", c->name, c->bytes);
      const int x0 = 2 + 16 * (int)(i % 4), y0 = 2 + 16 * (int)(i / 4);
      float q[12];
      rect_vertices(q, (float)x0, (float)y0, (float)(x0 + 12), (float)(y0 + 12));
      m[i] = make_mesh(q, 6);
      gl.Uniform4fv(uwant, 1, c->want);
      gl.Uniform1f(utol, c->tol);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&md, x0, y0, x0 + 12, y0 + 12, (rgba8){{0, 255, 0, 255}});
   }
   check_gl_error("format draws");
   readback();
   for (size_t i = 0; i < n; i++) {
      const int x0 = 2 + 16 * (int)(i % 4), y0 = 2 + 16 * (int)(i / 4);
      rgba8 got = pixel_at(x0 + 6, y0 + 6);
      if (got.c[0] != 0 || got.c[1] != 255) {
         fail("%s sampled a value other than GL's (cell %zu is not green)", cases[i].name, i);
         tf_report_texel(tex[i], &m[i], &cases[i], x0 + 6, y0 + 6);
      }
   }
   check_frame("texture formats", &md);
   for (size_t i = 0; i < n; i++) {
      gl.DeleteBuffers(1, &m[i].vbo);
      gl.DeleteVertexArrays(1, &m[i].vao);
   }
   glDeleteTextures((GLsizei)n, tex);
   gl.DeleteProgram(p);
}

/* sampler_params: sampler objects' parameters drawn with (GL 3.3 §3.8.2), where sampler_objects
 * checks their queries. One 8x8 cell each: on a mipmapped texture whose levels are solid
 * colours (L0 grey, L1 red, L2 green, L3 blue), a sampler's GL_TEXTURE_MIN_LOD 2 (textureLod
 * 0 gives L2), GL_TEXTURE_MAX_LOD 1 (textureLod 3 gives L1) and GL_TEXTURE_LOD_BIAS 2 (texture()
 * at lambda 0 gives L2), the texture's own parameters left at their defaults; a sampler's
 * border colour in each form (glSamplerParameterfv on RGBA8, glSamplerParameterIiv on RGBA8I,
 * glSamplerParameterIuiv on RGBA8UI) with GL_CLAMP_TO_BORDER; and a depth cube map (0.5 on
 * every face) through samplerCubeShadow with a sampler's COMPARE_REF_TO_TEXTURE / GL_LEQUAL:
 * reference 0.25 gives 1, reference 0.75 gives 0. */
void
sc_sampler_params(void)
{
   const char *fs =
      "#version 330 core\n"
      "uniform sampler2D u_tex;\n"
      "uniform isampler2D u_itex;\n"
      "uniform usampler2D u_utex;\n"
      "uniform samplerCubeShadow u_cube;\n"
      "uniform vec2 u_origin;\n"
      "uniform float u_lod;\n"
      "uniform int u_mode;\n"
      "out vec4 o_color;\n"
      "void main() {\n"
      "  vec2 uv = (gl_FragCoord.xy - u_origin) / 8.0;\n"
      "  if (u_mode == 0) o_color = textureLod(u_tex, uv, u_lod);\n"
      "  else if (u_mode == 1) o_color = texture(u_tex, uv);\n"
      "  else if (u_mode == 2) o_color = texture(u_tex, vec2(-2.0));\n"
      "  else if (u_mode == 3) o_color = (vec4(texture(u_itex, vec2(-2.0))) + 5.0) / 255.0;\n"
      "  else if (u_mode == 4) o_color = vec4(texture(u_utex, vec2(-2.0))) / 255.0;\n"
      "  else o_color = vec4(vec3(texture(u_cube, vec4(0.3, -1.0, 0.2, u_lod))), 1.0);\n"
      "}\n";
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   gl.Uniform1i(uloc(p, "u_itex"), 1);
   gl.Uniform1i(uloc(p, "u_utex"), 2);
   gl.Uniform1i(uloc(p, "u_cube"), 3);
   const GLint uorg = uloc(p, "u_origin"), ulod = uloc(p, "u_lod"), umode = uloc(p, "u_mode");
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   static const GLubyte lc[4][4] = {
      {51, 51, 51, 255}, {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}};
   GLubyte img[8 * 8 * 4];
   GLuint tex[4];
   glGenTextures(4, tex);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   for (int l = 0; l < 4; l++) {
      const int sz = 8 >> l;
      for (int i = 0; i < sz * sz; i++)
         memcpy(&img[4 * i], lc[l], 4);
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, sz, sz, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   }
   const GLbyte ib[4] = {1, 2, 3, 4};
   const GLubyte ub[4] = {1, 2, 3, 4};
   gl.ActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8I, 1, 1, 0, GL_RGBA_INTEGER, GL_BYTE, ib);
   gl.ActiveTexture(GL_TEXTURE2);
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, ub);
   gl.ActiveTexture(GL_TEXTURE3);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[3]);
   const GLfloat half = 0.5f;
   for (int f = 0; f < 6; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_DEPTH_COMPONENT32F, 1, 1, 0,
                   GL_DEPTH_COMPONENT, GL_FLOAT, &half);
   check_gl_error("textures");

   /* samplers: 0 MIN_LOD, 1 MAX_LOD, 2 LOD_BIAS, 3 float border, 4 int, 5 uint, 6 shadow */
   GLuint sm[7];
   gl.GenSamplers(7, sm);
   for (int i = 0; i < 7; i++) {
      gl.SamplerParameteri(sm[i], GL_TEXTURE_MIN_FILTER,
                           i < 3 ? GL_NEAREST_MIPMAP_NEAREST : GL_NEAREST);
      gl.SamplerParameteri(sm[i], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      if (i >= 3 && i < 6) {
         gl.SamplerParameteri(sm[i], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
         gl.SamplerParameteri(sm[i], GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
      }
   }
   gl.SamplerParameterf(sm[0], GL_TEXTURE_MIN_LOD, 2.0f);
   gl.SamplerParameterf(sm[1], GL_TEXTURE_MAX_LOD, 1.0f);
   gl.SamplerParameterf(sm[2], GL_TEXTURE_LOD_BIAS, 2.0f);
   const GLfloat bf[4] = {0.2f, 0.4f, 0.6f, 0.8f};
   gl.SamplerParameterfv(sm[3], GL_TEXTURE_BORDER_COLOR, bf);
   const GLint bi[4] = {-5, 7, 100, 1};
   gl.SamplerParameterIiv(sm[4], GL_TEXTURE_BORDER_COLOR, bi);
   const GLuint bu[4] = {10, 20, 30, 40};
   gl.SamplerParameterIuiv(sm[5], GL_TEXTURE_BORDER_COLOR, bu);
   gl.SamplerParameteri(sm[6], GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
   gl.SamplerParameteri(sm[6], GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   gl.BindSampler(3, sm[6]);
   check_gl_error("samplers");

   struct {
      int unit;
      GLuint sampler;
      int mode;
      float lod;
      rgba8 want;
   } c[8] = {
      {0, sm[0], 0, 0.0f, {{0, 255, 0, 255}}},      {0, sm[1], 0, 3.0f, {{255, 0, 0, 255}}},
      {0, sm[2], 1, 0.0f, {{0, 255, 0, 255}}},      {0, sm[3], 2, 0.0f, {{51, 102, 153, 204}}},
      {1, sm[4], 3, 0.0f, {{0, 12, 105, 6}}},       {2, sm[5], 4, 0.0f, {{10, 20, 30, 40}}},
      {3, sm[6], 5, 0.25f, {{255, 255, 255, 255}}}, {3, sm[6], 5, 0.75f, {{0, 0, 0, 255}}}};
   model md;
   model_init(&md, bg);
   mesh m[8];
   for (int i = 0; i < 8; i++) {
      const int x0 = 4 + 16 * (i % 4), y0 = i < 4 ? 40 : 12;
      float q[12];
      rect_vertices(q, (float)x0, (float)y0, (float)(x0 + 8), (float)(y0 + 8));
      m[i] = make_mesh(q, 6);
      gl.BindSampler((GLuint)c[i].unit, c[i].sampler);
      gl.Uniform2f(uorg, (float)x0, (float)y0);
      gl.Uniform1f(ulod, c[i].lod);
      gl.Uniform1i(umode, c[i].mode);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      model_rect(&md, x0, y0, x0 + 8, y0 + 8, c[i].want);
   }
   check_gl_error("sampled draws");
   check_frame("sampler object parameters", &md);
   for (int u = 0; u < 4; u++)
      gl.BindSampler((GLuint)u, 0);
   gl.DeleteSamplers(7, sm);
   for (int i = 0; i < 8; i++) {
      gl.DeleteBuffers(1, &m[i].vbo);
      gl.DeleteVertexArrays(1, &m[i].vao);
   }
   glDeleteTextures(4, tex);
   gl.ActiveTexture(GL_TEXTURE0);
   gl.DeleteProgram(p);
}

/* feedback_mip_chain: GL 3.3 §4.4.3 makes sampling a texture that is attached to the draw
 * framebuffer undefined only when an attached level can be sampled: with a non-mipmap minifying
 * filter the base level alone, with a mipmap filter levels base..max. A downsample chain is
 * legal: a 64x64 RGBA8 texture holding the MQ quadrants at level 0 gets each level 1..6 drawn
 * from the level above (a full-viewport quad, each pass rotating the colour channels once so a
 * wrong source level shows), twice: chain A with GL_LINEAR (base = k-1, max left at 1000), chain
 * B with GL_LINEAR_MIPMAP_NEAREST and base = max = k-1. Every level is read back (levels 1..5
 * keep the rotated quadrants, level 6 is their mean). Then the undefined case: a mipmap filter
 * over levels 0..6 while level 1 is attached; mgl skips that draw and counts the decline
 * feedback-loop-undefined (gate.decline_counted); its pixels are not checked. The context goes
 * on: level 2 of chain A is drawn into the window and checked. */
static void
fbl_rot(uint8_t c[4], int k)
{
   for (int i = 0; i < k % 3; i++) {
      const uint8_t r = c[0];
      c[0] = c[1];
      c[1] = c[2];
      c[2] = r;
   }
}

static rgba8
fbl_colour(const void *ctx, int x, int y)
{
   const int k = *(const int *)ctx;
   rgba8 r;
   memcpy(r.c, MQ[(x >= 32 ? 1 : 0) + (y >= 32 ? 2 : 0)], 4);
   fbl_rot(r.c, k);
   return r;
}

static void
fbl_chain(GLuint tex, GLuint fbo, bool mipmap_filter, const char *what)
{
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                   mipmap_filter ? GL_LINEAR_MIPMAP_NEAREST : GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   for (int k = 1; k <= 6; k++) {
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, k - 1);
      if (mipmap_filter)
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, k - 1);
      gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, k);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         fail("%s: FBO on level %d incomplete", what, k);
      glViewport(0, 0, 64 >> k, 64 >> k);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      check_gl_error(what);
   }
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1000);
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   for (int k = 1; k <= 6; k++) {
      const int n = 64 >> k;
      uint8_t got[32 * 32 * 4];
      memset(got, 0xA5, sizeof got);
      glGetTexImage(GL_TEXTURE_2D, k, GL_RGBA, GL_UNSIGNED_BYTE, got);
      int bad = 0;
      for (int j = 0; j < n; j++)
         for (int i = 0; i < n; i++) {
            uint8_t want[4];
            if (n == 1) {
               for (int c = 0; c < 4; c++)
                  want[c] = (uint8_t)((MQ[0][c] + MQ[1][c] + MQ[2][c] + MQ[3][c]) / 4);
            } else {
               memcpy(want, MQ[(i >= n / 2 ? 1 : 0) + (j >= n / 2 ? 2 : 0)], 4);
            }
            fbl_rot(want, k);
            const uint8_t *g = &got[(j * n + i) * 4];
            bool ok = true;
            for (int c = 0; c < 4; c++)
               ok &= abs((int)g[c] - (int)want[c]) <= (n == 1 ? 1 : 0);
            if (!ok && bad++ < 4)
               fail("%s: level %d texel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", what, k,
                    i, j, want[0], want[1], want[2], want[3], g[0], g[1], g[2], g[3]);
         }
   }
   check_gl_error("glGetTexImage of the chain");
}

void
sc_feedback_mip_chain(void)
{
   uint8_t texels[64 * 64 * 4];
   for (int j = 0; j < 64; j++)
      for (int i = 0; i < 64; i++)
         memcpy(&texels[(j * 64 + i) * 4], MQ[(i >= 32 ? 1 : 0) + (j >= 32 ? 2 : 0)], 4);
   GLuint tex[2], fbo;
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(2, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (int t = 0; t < 2; t++) {
      glBindTexture(GL_TEXTURE_2D, tex[t]);
      for (int l = 0; l <= 6; l++)
         glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, 64 >> l, 64 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                      l ? NULL : texels);
   }
   check_gl_error("mip chain textures");
   static const char *fs = "#version 330 core\n"
                           "in vec2 v_uv;\n"
                           "uniform sampler2D u_tex;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = texture(u_tex, v_uv).gbra; }\n";
   GLuint p = link_program(VS_TEXTURED, fs);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   GLuint vao = textured_quad_vao(0, 0, W, H);
   gl.GenFramebuffers(1, &fbo);
   fbl_chain(tex[0], fbo, false, "chain A (GL_LINEAR, base k-1)");
   fbl_chain(tex[1], fbo, true, "chain B (mipmap filter, base = max = k-1)");

   /* The undefined case: level 1 attached and inside the sampled range 0..6. With
    * GL_ARB_texture_barrier it is a feedback loop mgl draws (texels read while written stay
    * undefined); without it the decline. */
   if (has_ext("GL_ARB_texture_barrier"))
      printf("  NO-DECLINE-EXPECTED feedback-loop-undefined (GL_ARB_texture_barrier)\n");
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 1);
   glViewport(0, 0, 32, 32);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw sampling the attached level (undefined in GL, no error)");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);

   /* The context goes on: level 2 of chain A, in the window. */
   static const char *fs_lod = "#version 330 core\n"
                               "in vec2 v_uv;\n"
                               "uniform sampler2D u_tex;\n"
                               "out vec4 o_color;\n"
                               "void main() { o_color = textureLod(u_tex, v_uv, 2.0); }\n";
   GLuint p2 = link_program(VS_TEXTURED, fs_lod);
   gl.UseProgram(p2);
   gl.Uniform1i(uloc(p2, "u_tex"), 0);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw level 2 of chain A");
   static const int two = 2;
   model m;
   model_init(&m, bg);
   model_rect_fn(&m, 0, 0, W, H, fbl_colour, &two);
   check_frame("level 2 of the chain drawn from level 1, sampled with textureLod", &m);
   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(2, tex);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(p);
   gl.DeleteProgram(p2);
}

/* oom_budget: GL_OUT_OF_MEMORY is an error, not a lost context. Run with a server whose
 * resource memory is capped (mgl's test knob MGL_VK_MEMORY_BUDGET, 6 MiB in gate.oom_budget.*),
 * 4 MiB RGBA8 textures: A fits, B does not (glGetError says GL_OUT_OF_MEMORY; a draw sampling B
 * reads the incomplete texture's (0,0,0,1)); once A is deleted, C fits, is uploaded and drawn
 * exactly; a 4 MiB buffer and a 1024x1024 renderbuffer past the budget are GL_OUT_OF_MEMORY
 * too; deleted, and C drawn again: the context went on. Without a budget (or off mgl) every
 * allocation succeeds and the same draws of A and C are checked. */
static GLuint
oom_texture(const uint8_t *texels)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1024, 1024, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   return t;
}

static void
oom_draw(GLuint tex, vec4f want, const char *what)
{
   glBindTexture(GL_TEXTURE_2D, tex);
   clear_to(V4(0.5f, 0.5f, 0.5f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error(what);
   model m;
   model_init(&m, want);
   check_frame(what, &m);
}

void
sc_oom_budget(void)
{
   const char *knob = getenv("MGL_VK_MEMORY_BUDGET");
   const bool budget = on_mgl() && knob && atoll(knob) > 0 && atoll(knob) < (8ll << 20);
   printf("  %s\n", budget ? "server memory budget below 8 MiB: allocations past it must fail"
                           : "no server memory budget: every allocation succeeds");
   const size_t bytes = 1024u * 1024u * 4u;
   uint8_t *texels = malloc(bytes);
   if (!texels)
      die_setup("oom_budget: %zu bytes", bytes);
   const vec4f ca = V4(0.8f, 0.2f, 0.0f, 1.0f), cc = V4(0.0f, 0.4f, 1.0f, 1.0f);
   const rgba8 a8 = to8(ca), c8 = to8(cc);
   for (size_t i = 0; i < bytes; i += 4)
      memcpy(&texels[i], a8.c, 4);
   gl.ActiveTexture(GL_TEXTURE0);
   GLuint p = link_program(VS_TEXTURED, FS_TEXTURED);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   GLuint vao = textured_quad_vao(0, 0, W, H);

   GLuint ta = oom_texture(texels);
   check_gl_error("texture A (4 MiB, inside the budget)");
   GLuint tb = oom_texture(NULL);
   expect_gl_error(budget ? GL_OUT_OF_MEMORY : GL_NO_ERROR, "texture B (4 MiB more)");
   oom_draw(ta, ca, "texture A drawn");
   if (budget)
      oom_draw(tb, V4(0.0f, 0.0f, 0.0f, 1.0f), "texture B (no storage) samples as incomplete");
   glDeleteTextures(1, &ta);
   glDeleteTextures(1, &tb);
   for (size_t i = 0; i < bytes; i += 4)
      memcpy(&texels[i], c8.c, 4);
   GLuint tc = oom_texture(texels);
   check_gl_error("texture C after A and B were deleted");
   oom_draw(tc, cc, "texture C drawn");

   GLuint buf;
   gl.GenBuffers(1, &buf);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, buf);
   gl.BufferData(GL_COPY_WRITE_BUFFER, (GLsizeiptr)bytes, NULL, GL_STATIC_DRAW);
   expect_gl_error(budget ? GL_OUT_OF_MEMORY : GL_NO_ERROR, "a 4 MiB buffer beside texture C");
   /* An app that goes on using it: a draw reading vertices from it (no pixels checked). */
   GLuint vao2;
   gl.GenVertexArrays(1, &vao2);
   gl.BindVertexArray(vao2);
   gl.BindBuffer(GL_ARRAY_BUFFER, buf);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 16, (void *)0);
   gl.VertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 16, (void *)8);
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a draw reading the buffer that got GL_OUT_OF_MEMORY");
   gl.BindVertexArray(vao);
   gl.DeleteVertexArrays(1, &vao2);
   gl.DeleteBuffers(1, &buf);
   GLuint rb;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 1024, 1024);
   expect_gl_error(budget ? GL_OUT_OF_MEMORY : GL_NO_ERROR,
                   "a 1024x1024 renderbuffer beside texture C");
   gl.DeleteRenderbuffers(1, &rb);
   oom_draw(tc, cc, "texture C drawn again after the failed allocations");
   free(texels);
   glDeleteTextures(1, &tc);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(p);
}

/* invalidate_subdata: glInvalidateTex(Sub)Image and glInvalidateBuffer(Sub)Data (GL 4.3,
 * ARB_invalidate_subdata) accept what the spec allows and raise its errors for the rest:
 * names that are no texture or buffer, levels past the largest, regions outside the level,
 * and ranges a (non-persistent) mapping covers. */
void
sc_invalidate_subdata(void)
{
   GLint max_size = 0;
   glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
   GLint levels = 0;
   while (max_size >> levels)
      levels++;
   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glBindTexture(GL_TEXTURE_RECTANGLE, tex[1]);
   glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   check_gl_error("texture set-up");

   gl.InvalidateTexImage(tex[0], 0);
   gl.InvalidateTexImage(tex[0], 3); /* a level that can exist, though it was never given */
   gl.InvalidateTexSubImage(tex[0], 0, 0, 0, 0, 8, 8, 1);
   gl.InvalidateTexSubImage(tex[0], 0, 2, 3, 0, 6, 5, 1);
   gl.InvalidateTexSubImage(tex[0], 3, 0, 0, 0, 0, 0, 0);
   gl.InvalidateTexImage(tex[1], 0);
   check_gl_error("glInvalidateTex(Sub)Image of what exists");
   gl.InvalidateTexImage(0, 0);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateTexImage(0)");
   gl.InvalidateTexImage(tex[1] + 100, 0);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateTexImage of no texture");
   gl.InvalidateTexImage(tex[0], -1);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateTexImage level -1");
   gl.InvalidateTexImage(tex[0], levels);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateTexImage past the largest level");
   gl.InvalidateTexImage(tex[1], 1);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateTexImage level 1 of a rectangle texture");
   gl.InvalidateTexSubImage(tex[0], 0, 0, 0, 0, 9, 8, 1);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateTexSubImage wider than the level");
   gl.InvalidateTexSubImage(tex[0], 0, -1, 0, 0, 2, 2, 1);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateTexSubImage at x -1");
   gl.InvalidateTexSubImage(tex[0], 0, 0, 7, 0, 1, 2, 1);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateTexSubImage past the level's top");
   gl.InvalidateTexSubImage(tex[0], 0, 0, 0, 0, 8, 8, 2);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateTexSubImage two deep in a 2D texture");
   gl.InvalidateTexSubImage(tex[0], 0, 0, 0, 0, -1, 8, 1);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateTexSubImage width -1");
   gl.InvalidateTexSubImage(tex[0], 3, 0, 0, 0, 1, 1, 1);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateTexSubImage in a level never given");

   GLuint buf[2];
   gl.GenBuffers(2, buf);
   gl.BindBuffer(GL_ARRAY_BUFFER, buf[0]);
   gl.BufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
   check_gl_error("buffer set-up");
   gl.InvalidateBufferData(buf[0]);
   gl.InvalidateBufferSubData(buf[0], 0, 256);
   gl.InvalidateBufferSubData(buf[0], 255, 1);
   gl.InvalidateBufferSubData(buf[0], 256, 0);
   check_gl_error("glInvalidateBuffer(Sub)Data of what exists");
   gl.InvalidateBufferData(0);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateBufferData(0)");
   gl.InvalidateBufferData(buf[1]); /* generated, never bound: no buffer object yet */
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateBufferData of a name never bound");
   gl.InvalidateBufferSubData(buf[0], -1, 4);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateBufferSubData at offset -1");
   gl.InvalidateBufferSubData(buf[0], 0, -4);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateBufferSubData of length -4");
   gl.InvalidateBufferSubData(buf[0], 200, 57);
   expect_gl_error(GL_INVALID_VALUE, "glInvalidateBufferSubData past the end");
   void *p = gl.MapBufferRange(GL_ARRAY_BUFFER, 64, 64, GL_MAP_WRITE_BIT);
   if (!p) {
      fail("glMapBufferRange(64, 64) returned NULL");
      return;
   }
   gl.InvalidateBufferData(buf[0]);
   expect_gl_error(GL_INVALID_OPERATION, "glInvalidateBufferData of a mapped buffer");
   gl.InvalidateBufferSubData(buf[0], 100, 4);
   expect_gl_error(GL_INVALID_OPERATION, "glInvalidateBufferSubData inside the mapping");
   gl.InvalidateBufferSubData(buf[0], 0, 64);
   gl.InvalidateBufferSubData(buf[0], 128, 128);
   check_gl_error("glInvalidateBufferSubData beside the mapping");
   gl.UnmapBuffer(GL_ARRAY_BUFFER);
   gl.InvalidateBufferData(buf[0]);
   check_gl_error("glInvalidateBufferData after glUnmapBuffer");
   gl.DeleteBuffers(2, buf);
   glDeleteTextures(2, tex);
}

/* tex1d_sample: every way GLSL reads a 1D texture, in eight 8-pixel columns (the GLES backend
 * stores 1D textures as 2D images one texel high and rewrites the SPIR-V to match). The 1D
 * texture is tex1d's T1 (8 texels, NEAREST_MIPMAP_NEAREST, clamped) with a level 1 of four
 * more; the 1D array tex1d's TA (3 layers); the shadow texture 8 GL_DEPTH_COMPONENT32F texels
 * (i + 0.5) / 8 compared GL_LEQUAL. Columns: 0 texelFetch level 0; 1 texelFetch level 1;
 * 2 textureLod level 1; 3 textureLodOffset +1; 4 texture() of the array, one 16-row band per
 * layer; 5 textureSize of both levels and of the array (white where all agree); 6 the shadow
 * compare against 0.5, texture() below row 32 and textureProj above; 7 textureProj(vec2)
 * below row 32 and textureGrad above. */
static const uint8_t T1_L1[4][4] = {
   {20, 40, 60, 255}, {80, 100, 120, 255}, {140, 160, 180, 255}, {200, 220, 240, 255}};

static rgba8
tex1d_sample_colour(const void *ctx, int x, int y)
{
   (void)ctx;
   static const uint8_t white[4] = {255, 255, 255, 255}, black[4] = {0, 0, 0, 255};
   const int col = x / 8, i = x % 8;
   const uint8_t *t = T1[i];
   rgba8 r;
   switch (col) {
   case 1:
   case 2: t = T1_L1[i / 2]; break;
   case 3: t = T1[i + 1 < 8 ? i + 1 : 7]; break;
   case 4: t = TA[y / 16 < 2 ? y / 16 : 2][i / 2]; break;
   case 5: t = white; break;
   case 6: t = i >= 4 ? white : black; break;
   default: break;
   }
   memcpy(r.c, t, 4);
   return r;
}

void
sc_tex1d_sample(void)
{
   GLuint tex[3];
   glGenTextures(3, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_1D, tex[0]);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, T1);
   glTexImage1D(GL_TEXTURE_1D, 1, GL_RGBA8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, T1_L1);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAX_LEVEL, 1);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   gl.ActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_1D_ARRAY, tex[1]);
   glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, TA);
   glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.ActiveTexture(GL_TEXTURE2);
   float depth[8];
   for (int i = 0; i < 8; i++)
      depth[i] = ((float)i + 0.5f) / 8.0f;
   glBindTexture(GL_TEXTURE_1D, tex[2]);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT32F, 8, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
   glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   gl.ActiveTexture(GL_TEXTURE0);
   check_gl_error("1D textures");

   static const char *fs =
      "#version 330 core\n"
      "uniform sampler1D u_t1;\n"
      "uniform sampler1DArray u_ta;\n"
      "uniform sampler1DShadow u_s1;\n"
      "out vec4 o_color;\n"
      "void main() {\n"
      "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
      "  int col = p.x / 8, i = p.x % 8;\n"
      "  float s = (float(i) + 0.5) / 8.0;\n"
      "  if (col == 0)\n"
      "    o_color = texelFetch(u_t1, i, 0);\n"
      "  else if (col == 1)\n"
      "    o_color = texelFetch(u_t1, i / 2, 1);\n"
      "  else if (col == 2)\n"
      "    o_color = textureLod(u_t1, (float(i / 2) + 0.5) / 4.0, 1.0);\n"
      "  else if (col == 3)\n"
      "    o_color = textureLodOffset(u_t1, s, 0.0, 1);\n"
      "  else if (col == 4)\n"
      "    o_color = texture(u_ta, vec2((float(i / 2) + 0.5) / 4.0, float(min(p.y / 16, 2))));\n"
      "  else if (col == 5) {\n"
      "    bool ok = textureSize(u_t1, 0) == 8 && textureSize(u_t1, 1) == 4 &&\n"
      "              textureSize(u_ta, 0) == ivec2(4, 3);\n"
      "    o_color = ok ? vec4(1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
      "  } else if (col == 6) {\n"
      "    float c = p.y < 32 ? texture(u_s1, vec3(s, 0.0, 0.5))\n"
      "                       : textureProj(u_s1, vec4(2.0 * s, 0.0, 1.0, 2.0));\n"
      "    o_color = vec4(c, c, c, 1.0);\n"
      "  } else if (p.y < 32)\n"
      "    o_color = textureProj(u_t1, vec2(4.0 * s, 4.0));\n"
      "  else\n"
      "    o_color = textureGrad(u_t1, s, 1.0 / 64.0, 1.0 / 64.0);\n"
      "}\n";
   GLuint p = link_program(VS_TEXTURED, fs);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_t1"), 0);
   gl.Uniform1i(uloc(p, "u_ta"), 1);
   gl.Uniform1i(uloc(p, "u_s1"), 2);
   textured_quad_vao(0, 0, W, H);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw");
   model m;
   model_init(&m, bg);
   model_rect_fn(&m, 0, 0, W, H, tex1d_sample_colour, NULL);
   check_frame("1D texture reads", &m);
}

/* compressed_pixel_storage: GL 4.2's ARB_compressed_texture_pixel_storage through pixel buffers.
 * An RGTC1 sub-rectangle of 2 x 2 blocks is taken from a 4 x 3-block image in a pixel unpack
 * buffer (row length, skip pixels and rows, in whole blocks), the texels it decodes to are read
 * back plain, and glGetCompressedTexImage lays the blocks into a pixel pack buffer with gaps
 * whose bytes stay. Each RGTC1 block here is one red value (both endpoints, index 0). */
void
sc_compressed_pixel_storage(void)
{
   if (!has_ext("GL_ARB_compressed_texture_pixel_storage")) {
      if (on_mgl())
         fail("GL_ARB_compressed_texture_pixel_storage is not listed");
      skipped("GL_ARB_compressed_texture_pixel_storage is not listed");
      return;
   }
   GLubyte src[12][8];
   memset(src, 0, sizeof src);
   for (int b = 0; b < 12; b++)
      src[b][0] = src[b][1] = (GLubyte)(20 * b + 7);
   GLuint tex, pbo[2];
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, 32, NULL);
   gl.GenBuffers(2, pbo);
   gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo[0]);
   gl.BufferData(GL_PIXEL_UNPACK_BUFFER, sizeof src, src, GL_STATIC_DRAW);
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 16);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 4);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 4);
   glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 4);
   glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_HEIGHT, 4);
   glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 8);
   check_gl_error("the compressed unpack modes");
   /* blocks (1,1) (2,1) (1,2) (2,2) of the source; the span they need runs to byte 88 */
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_RED_RGTC1, 32, NULL);
   check_gl_error("glCompressedTexSubImage2D from a pixel unpack buffer");
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 8); /* the span now ends 32 bytes past the buffer */
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_RED_RGTC1, 32, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "a compressed unpack span past the buffer");
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
   glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, 0);
   gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);

   static const int from[4] = {5, 6, 9, 10}; /* the level's blocks, in order: source blocks */
   GLubyte texels[64];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, texels);
   check_gl_error("glGetTexImage of the compressed level");
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) {
         const int want = src[from[(y / 4) * 2 + x / 4]][0];
         if (abs(texels[y * 8 + x] - want) > 1) {
            fail("texel (%d,%d) = %u, want %d", x, y, texels[y * 8 + x], want);
            return;
         }
      }

   /* packed into rows of 3 blocks, one block and one row in: 9 blocks of bytes */
   GLubyte fill[9][8];
   memset(fill, 0xee, sizeof fill);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, pbo[1]);
   gl.BufferData(GL_PIXEL_PACK_BUFFER, sizeof fill, fill, GL_STATIC_READ);
   glPixelStorei(GL_PACK_ROW_LENGTH, 12);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 4);
   glPixelStorei(GL_PACK_SKIP_ROWS, 4);
   glPixelStorei(GL_PACK_COMPRESSED_BLOCK_WIDTH, 4);
   glPixelStorei(GL_PACK_COMPRESSED_BLOCK_HEIGHT, 4);
   glPixelStorei(GL_PACK_COMPRESSED_BLOCK_SIZE, 8);
   gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, NULL);
   check_gl_error("glGetCompressedTexImage into a pixel pack buffer");
   GLubyte got[9][8];
   read_buffer(pbo[1], 0, sizeof got, got);
   static const int at[9] = {-1, -1, -1, -1, 0, 1, -1, 2, 3};
   for (int b = 0; b < 9; b++) {
      const GLubyte *want = at[b] < 0 ? fill[b] : src[from[at[b]]];
      if (memcmp(got[b], want, 8))
         fail("packed block %d: %02x %02x .., want %02x %02x ..", b, got[b][0], got[b][1], want[0],
              want[1]);
   }
   glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   glPixelStorei(GL_PACK_SKIP_ROWS, 0);
   glPixelStorei(GL_PACK_COMPRESSED_BLOCK_SIZE, 0);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   gl.DeleteBuffers(2, pbo);
   glDeleteTextures(1, &tex);
}

/* compressed_astc: KHR_texture_compression_astc_ldr (and _sliced_3d), decoded by mgl in the
 * client. A 12x10 image of 6x5 blocks: a single-partition RGB-direct block (endpoints (0, 100,
 * 255) and (255, 100, 0), a 4x4 grid of 2-bit weights all 1: weight 21 of 64, so red
 * (65535 * 21 + 32) >> 14 = 84, green 100, blue (65535 * 43 + 32) >> 14 = 171), two LDR void
 * extents (their 16-bit colours' top bytes) and a reserved block mode (the error colour,
 * magenta); read back decoded and as the blocks given; the footprint's errors and queries; a
 * 3D texture of two slices. */
void
sc_compressed_astc(void)
{
   if (!has_ext("GL_KHR_texture_compression_astc_ldr") ||
       !has_ext("GL_KHR_texture_compression_astc_sliced_3d")) {
      fail("GL_KHR_texture_compression_astc_ldr or _sliced_3d not listed");
      return;
   }
   const GLenum fmt = GL_COMPRESSED_RGBA_ASTC_6x5_KHR;
   uint8_t blocks[4][16] = {{0}};
   unsigned pos = 0;
   block_bits(blocks[0], &pos, 11, 0x42); /* 4x4 weight grid, 2-bit weights */
   block_bits(blocks[0], &pos, 2, 0);     /* one partition */
   block_bits(blocks[0], &pos, 4, 8);     /* RGB direct */
   static const uint32_t ends[6] = {0, 255, 100, 100, 255, 0};
   for (int k = 0; k < 6; k++)
      block_bits(blocks[0], &pos, 8, ends[k]);
   memset(blocks[0] + 12, 0xaa, 4); /* 16 weights of 1, from the top bit down */
   /* void extents: 0x1fc, LDR, no extent; colours 0xff00/0x1234/0x00ff/0xffff and
    * 0x0000/0xc0de/0x8000/0x7f7f */
   static const uint8_t void_extent[2][16] = {
      {0xfc, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0xff, 0x34, 0x12, 0xff, 0x00, 0xff,
       0xff},
      {0xfc, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0xde, 0xc0, 0x00, 0x80, 0x7f,
       0x7f},
   };
   memcpy(blocks[1], void_extent[0], 16);
   memcpy(blocks[2], void_extent[1], 16);
   /* blocks[3]: all zero, a reserved block mode */
   static const uint8_t want[4][4] = {
      {84, 100, 171, 255}, {255, 0x12, 0, 255}, {0, 0xc0, 0x80, 0x7f}, {255, 0, 255, 255}};

   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, fmt, 12, 10, 0, 48, blocks);
   expect_gl_error(GL_INVALID_VALUE, "glCompressedTexImage2D(ASTC 6x5, 12x10) with imageSize 48");
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, fmt, 12, 10, 0, 64, blocks);
   check_gl_error("glCompressedTexImage2D(GL_COMPRESSED_RGBA_ASTC_6x5_KHR)");
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 6, 5, fmt, 16, blocks[3]);
   expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D(ASTC 6x5) at x 4");
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 5, fmt, 16, blocks[3]);
   expect_gl_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D(ASTC 6x5) 4 wide, not at "
                                         "the edge");
   glTexImage2D(GL_TEXTURE_2D, 0, fmt, 6, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_gl_error(GL_INVALID_OPERATION, "glTexImage2D(GL_COMPRESSED_RGBA_ASTC_6x5_KHR)");
   /* a whole block at the second row's start, the same bytes again */
   gl.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 5, 6, 5, fmt, 16, blocks[2]);
   check_gl_error("glCompressedTexSubImage2D(ASTC 6x5) at (0, 5)");
   GLint v = -1;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
   if (v != 64)
      fail("GL_TEXTURE_COMPRESSED_IMAGE_SIZE of a 12x10 ASTC 6x5 image = %d, expected 64", v);
   GLint bw = -1, bh = -1;
   gl.GetInternalformativ(GL_TEXTURE_2D, fmt, GL_TEXTURE_COMPRESSED_BLOCK_WIDTH, 1, &bw);
   gl.GetInternalformativ(GL_TEXTURE_2D, fmt, GL_TEXTURE_COMPRESSED_BLOCK_HEIGHT, 1, &bh);
   if (bw != 6 || bh != 5)
      fail("GL_TEXTURE_COMPRESSED_BLOCK_WIDTH/HEIGHT of ASTC 6x5 = %d/%d", bw, bh);
   /* supported where glCompressedTexImage* takes it: 2D and, sliced, 3D */
   GLint sup2d = -1, sup3d = -1;
   gl.GetInternalformativ(GL_TEXTURE_2D, fmt, GL_INTERNALFORMAT_SUPPORTED, 1, &sup2d);
   gl.GetInternalformativ(GL_TEXTURE_3D, fmt, GL_INTERNALFORMAT_SUPPORTED, 1, &sup3d);
   if (sup2d != GL_TRUE || sup3d != GL_TRUE)
      fail("GL_INTERNALFORMAT_SUPPORTED of ASTC 6x5: 2D %d, 3D %d (expected GL_TRUE)", sup2d,
           sup3d);
   uint8_t back[64];
   memset(back, 0xa5, sizeof back);
   gl.GetCompressedTexImage(GL_TEXTURE_2D, 0, back);
   check_gl_error("glGetCompressedTexImage(ASTC 6x5)");
   if (memcmp(back, blocks, 64))
      fail("glGetCompressedTexImage(ASTC 6x5): not the blocks uploaded");
   uint8_t texels[10][12][4];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   check_gl_error("glGetTexImage(ASTC 6x5)");
   for (int y = 0; y < 10; y++)
      for (int x = 0; x < 12; x++) {
         const uint8_t *w = want[(y / 5) * 2 + x / 6], *t = texels[y][x];
         if (memcmp(t, w, 4)) {
            fail("ASTC 6x5 texel (%d,%d) = (%u,%u,%u,%u), expected (%u,%u,%u,%u)", x, y, t[0], t[1],
                 t[2], t[3], w[0], w[1], w[2], w[3]);
            y = 10;
            break;
         }
      }

   /* sliced 3D: a 6x5x2 texture, one block a slice */
   glBindTexture(GL_TEXTURE_3D, tex[1]);
   gl.CompressedTexImage3D(GL_TEXTURE_3D, 0, fmt, 6, 5, 2, 0, 32, blocks[1]);
   check_gl_error("glCompressedTexImage3D(GL_TEXTURE_3D, ASTC 6x5)");
   uint8_t slices[2][5][6][4];
   glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, slices);
   check_gl_error("glGetTexImage(GL_TEXTURE_3D, ASTC 6x5)");
   for (int k = 0; k < 2; k++)
      if (memcmp(slices[k][4][5], want[1 + k], 4))
         fail("ASTC 6x5 3D slice %d texel (5,4) = (%u,%u,%u,%u), expected (%u,%u,%u,%u)", k,
              slices[k][4][5][0], slices[k][4][5][1], slices[k][4][5][2], slices[k][4][5][3],
              want[1 + k][0], want[1 + k][1], want[1 + k][2], want[1 + k][3]);
   glDeleteTextures(2, tex);
}

/* packed_float_mipmap: glGenerateMipmap of GL_R11F_G11F_B10F and GL_RGB9_E5 textures, formats a
 * Vulkan device may not blit linearly (lavapipe: the levels are made on the CPU, vkb_mipmap.c).
 * A 4x4 base level, red on the left half and blue on the right: level 1 keeps the halves, level 2
 * is their average. */
void
sc_packed_float_mipmap(void)
{
   static const GLenum formats[] = {GL_R11F_G11F_B10F, GL_RGB9_E5};
   float base[4 * 4 * 3];
   for (int y = 0; y < 4; y++)
      for (int x = 0; x < 4; x++) {
         float *t = base + 3 * (y * 4 + x);
         t[0] = x < 2 ? 1.0f : 0.0f;
         t[1] = 0.0f;
         t[2] = x < 2 ? 0.0f : 1.0f;
      }
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)formats[f], 4, 4, 0, GL_RGB, GL_FLOAT, base);
      gl.GenerateMipmap(GL_TEXTURE_2D);
      check_gl_error("glGenerateMipmap of a packed float texture");
      float l1[2 * 2 * 3], l2[3];
      for (size_t i = 0; i < sizeof(l1) / sizeof(l1[0]); i++)
         l1[i] = -1.0f;
      l2[0] = l2[1] = l2[2] = -1.0f;
      glGetTexImage(GL_TEXTURE_2D, 1, GL_RGB, GL_FLOAT, l1);
      glGetTexImage(GL_TEXTURE_2D, 2, GL_RGB, GL_FLOAT, l2);
      check_gl_error("glGetTexImage of the generated levels");
      for (int y = 0; y < 2; y++)
         for (int x = 0; x < 2; x++) {
            const float *t = l1 + 3 * (y * 2 + x);
            const float want_r = x == 0 ? 1.0f : 0.0f;
            if (fabsf(t[0] - want_r) > 0.01f || fabsf(t[1]) > 0.01f ||
                fabsf(t[2] - (1.0f - want_r)) > 0.01f)
               fail("format 0x%04x level 1 texel (%d,%d): (%f, %f, %f), expected (%g, 0, %g)",
                    formats[f], x, y, t[0], t[1], t[2], want_r, 1.0f - want_r);
         }
      if (fabsf(l2[0] - 0.5f) > 0.01f || fabsf(l2[1]) > 0.01f || fabsf(l2[2] - 0.5f) > 0.01f)
         fail("format 0x%04x level 2: (%f, %f, %f), expected (0.5, 0, 0.5)", formats[f], l2[0],
              l2[1], l2[2]);
      glDeleteTextures(1, &tex);
   }
}

/* cube_seamless: GL 3.2 3.8.9 — with GL_TEXTURE_CUBE_MAP_SEAMLESS disabled (the default) a
 * LINEAR sample near a cube face's edge filters within that face (CLAMP_TO_EDGE reads the edge
 * texel); enabled, it mixes in the adjoining face. 2x2 faces, +X red, +Y green, the rest blue;
 * the direction (1, 0.999, 0) lies in +X a thousandth of a face from its edge with +Y. On a
 * device without MGP_CAP_NON_SEAMLESS_CUBE (MGL_TEST_VK_NO_NON_SEAMLESS, the GLES backend) cube
 * maps are always seamless: the scenario then checks that the disabled enable still mixes
 * (documented). */
static const char *FS_CUBE_DIR = "#version 330 core\n"
                                 "uniform samplerCube u_cube;\n"
                                 "uniform vec4 u_dir;\n"
                                 "out vec4 o_color;\n"
                                 "void main() { o_color = texture(u_cube, u_dir.xyz); }\n";

static rgba8
cube_seamless_draw(void)
{
   clear_to(V4(0.0f, 0.0f, 0.0f, 0.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("cube draw");
   readback();
   return pixel_at(32, 32);
}

/* ARB/AMD_seamless_cubemap_per_texture, listed where cube maps can filter within a face (not
 * always_seamless): GL_TEXTURE_CUBE_MAP_SEAMLESS as the texture's parameter (initially
 * GL_FALSE) and a sampler's makes the cube map seamless while the enable is off; GL_FALSE
 * again filters within the face. A value other than GL_TRUE or GL_FALSE is GL_INVALID_ENUM for
 * a texture and GL_INVALID_VALUE for a sampler, as Mesa answers. Where neither extension is
 * listed the name is GL_INVALID_ENUM. */
static void
cube_seamless_per_texture(bool always_seamless)
{
   const bool listed = has_ext("GL_ARB_seamless_cubemap_per_texture");
   if (listed != has_ext("GL_AMD_seamless_cubemap_per_texture"))
      fail("GL_ARB_ and GL_AMD_seamless_cubemap_per_texture: one listed without the other");
   if (!listed) {
      if (on_mgl() && !always_seamless)
         fail("GL_ARB_seamless_cubemap_per_texture not listed where cube maps filter in a face");
      glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_TRUE);
      expect_gl_error(GL_INVALID_ENUM, "the texture parameter without the extension");
      return;
   }
   GLint v = -1;
   glGetTexParameteriv(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, &v);
   if (v != GL_FALSE)
      fail("the texture's GL_TEXTURE_CUBE_MAP_SEAMLESS: initially %d, want GL_FALSE", v);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_TRUE);
   check_gl_error("the texture parameter");
   glGetTexParameteriv(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, &v);
   if (v != GL_TRUE)
      fail("the texture's GL_TEXTURE_CUBE_MAP_SEAMLESS: %d after GL_TRUE", v);
   rgba8 got = cube_seamless_draw();
   if (got.c[1] < 96 || got.c[0] < 96 || got.c[2] > 8)
      fail("the texture seamless (enable off): expected red and green mixed got (%u,%u,%u,%u)",
           got.c[0], got.c[1], got.c[2], got.c[3]);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, 2);
   expect_gl_error(GL_INVALID_ENUM, "the texture parameter 2");
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_FALSE);
   got = cube_seamless_draw();
   if (!rgba_eq(got, (rgba8){{255, 0, 0, 255}}))
      fail("the texture not seamless again: expected (255,0,0,255) got (%u,%u,%u,%u)", got.c[0],
           got.c[1], got.c[2], got.c[3]);

   /* a sampler object's, which replaces the texture's while bound */
   GLuint smp;
   gl.GenSamplers(1, &smp);
   gl.SamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   gl.SamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   gl.SamplerParameteri(smp, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   gl.SamplerParameteri(smp, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   gl.SamplerParameteri(smp, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_TRUE);
   check_gl_error("the sampler parameter");
   gl.GetSamplerParameteriv(smp, GL_TEXTURE_CUBE_MAP_SEAMLESS, &v);
   if (v != GL_TRUE)
      fail("the sampler's GL_TEXTURE_CUBE_MAP_SEAMLESS: %d after GL_TRUE", v);
   gl.BindSampler(0, smp);
   got = cube_seamless_draw();
   if (got.c[1] < 96 || got.c[0] < 96 || got.c[2] > 8)
      fail("the sampler seamless: expected red and green mixed got (%u,%u,%u,%u)", got.c[0],
           got.c[1], got.c[2], got.c[3]);
   gl.SamplerParameteri(smp, GL_TEXTURE_CUBE_MAP_SEAMLESS, 7);
   expect_gl_error(GL_INVALID_VALUE, "the sampler parameter 7");
   gl.SamplerParameteri(smp, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_FALSE);
   got = cube_seamless_draw();
   if (!rgba_eq(got, (rgba8){{255, 0, 0, 255}}))
      fail("the sampler not seamless: expected (255,0,0,255) got (%u,%u,%u,%u)", got.c[0], got.c[1],
           got.c[2], got.c[3]);
   gl.BindSampler(0, 0);
   gl.DeleteSamplers(1, &smp);
}

void
sc_cube_seamless(void)
{
   static const GLubyte face_rgb[6][3] = {{255, 0, 0}, {0, 0, 255}, {0, 255, 0},
                                          {0, 0, 255}, {0, 0, 255}, {0, 0, 255}};
   GLuint tex;
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   for (int f = 0; f < 6; f++) {
      GLubyte texels[2 * 2 * 4];
      for (int i = 0; i < 4; i++) {
         memcpy(&texels[i * 4], face_rgb[f], 3);
         texels[i * 4 + 3] = 255;
      }
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, texels);
   }
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   check_gl_error("cube setup");
   if (glIsEnabled(GL_TEXTURE_CUBE_MAP_SEAMLESS))
      fail("GL_TEXTURE_CUBE_MAP_SEAMLESS enabled by default");

   GLuint p = link_program(VS_PIXELS, FS_CUBE_DIR);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_cube"), 0);
   set_vec4(p, "u_dir", V4(1.0f, 0.999f, 0.0f, 0.0f));
   float xy[12];
   rect_vertices(xy, 0.0f, 0.0f, 64.0f, 64.0f);
   make_mesh(xy, 6);

   /* the GLES backend has no non-seamless cube maps to offer either */
   const char *no = getenv("MGL_TEST_VK_NO_NON_SEAMLESS"), *be = getenv("MGL_BACKEND");
   const bool always_seamless = on_mgl() && ((no && atoi(no) > 0) || (be && !strcmp(be, "gles")));
   rgba8 got = cube_seamless_draw();
   if (always_seamless ? got.c[1] < 96 : !rgba_eq(got, (rgba8){{255, 0, 0, 255}}))
      fail("seamless off: expected %s got (%u,%u,%u,%u)",
           always_seamless ? "green mixed in (no VK_EXT_non_seamless_cube_map)" : "(255,0,0,255)",
           got.c[0], got.c[1], got.c[2], got.c[3]);

   glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
   got = cube_seamless_draw();
   /* about half +Y's green: the sample lies half a texel from the +X/+Y edge's texel centres */
   if (got.c[1] < 96 || got.c[0] < 96 || got.c[2] > 8)
      fail("seamless on: expected red and green mixed got (%u,%u,%u,%u)", got.c[0], got.c[1],
           got.c[2], got.c[3]);

   glDisable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
   got = cube_seamless_draw();
   if (!always_seamless && !rgba_eq(got, (rgba8){{255, 0, 0, 255}}))
      fail("seamless off again: expected (255,0,0,255) got (%u,%u,%u,%u)", got.c[0], got.c[1],
           got.c[2], got.c[3]);
   cube_seamless_per_texture(always_seamless);
}

/* srgb_decode: EXT_texture_sRGB_decode — an GL_SRGB8_ALPHA8 texel (64, 128, 200, 255) samples
 * decoded by default, (13, 55, 147, 255) as sRGB-to-linear rounds it (one step either way for
 * the device's decoder), and as stored, (64, 128, 200, 255) exactly, with
 * GL_TEXTURE_SRGB_DECODE_EXT GL_SKIP_DECODE_EXT: through texture() and texelFetch() alike
 * (the extension: SKIP applies to fetches; Mesa decodes fetches regardless, which the GLES
 * backend on it inherits: accepted there), from the texture's state or a bound sampler
 * object's (which replaces it both ways). Not on an RGBA8 texture (no sRGB to skip), not on a
 * glBlitFramebuffer (GL_FRAMEBUFFER_SRGB off: the stored values either way), not on
 * glGenerateMipmap (levels filtered as the format says: a uniform level stays uniform). The
 * parameter's errors and queries; where the extension is not listed (MGL_GLES_HIDE=srgb-decode
 * on the GLES backend, a host without it) the parameter is GL_INVALID_ENUM. */
static const char *FS_TEX_AT = "#version 330 core\n"
                               "uniform sampler2D u_tex;\n"
                               "out vec4 o_color;\n"
                               "void main() { o_color = texture(u_tex, vec2(0.25, 0.25)); }\n";
static const char *FS_FETCH_AT = "#version 330 core\n"
                                 "uniform sampler2D u_tex;\n"
                                 "out vec4 o_color;\n"
                                 "void main() { o_color = texelFetch(u_tex, ivec2(0, 0), 0); }\n";

static rgba8
srgb_decode_draw(GLuint prog)
{
   gl.UseProgram(prog);
   clear_to(V4(0.0f, 0.0f, 0.0f, 0.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("srgb decode draw");
   readback();
   return pixel_at(32, 32);
}

static uint8_t
srgb_to_linear8(uint8_t v)
{
   const double c = v / 255.0;
   const double l = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
   return (uint8_t)(l * 255.0 + 0.5);
}

static void
expect_srgb_px(const char *phase, rgba8 got, const GLubyte stored[4], bool decoded)
{
   for (int i = 0; i < 4; i++) {
      const int want = decoded && i < 3 ? srgb_to_linear8(stored[i]) : stored[i];
      const int tol = decoded && i < 3 ? 1 : 0;
      if (abs((int)got.c[i] - want) > tol) {
         fail("%s: expected %s (%u,%u,%u,%u) got (%u,%u,%u,%u)", phase,
              decoded ? "decoded" : "stored", decoded ? srgb_to_linear8(stored[0]) : stored[0],
              decoded ? srgb_to_linear8(stored[1]) : stored[1],
              decoded ? srgb_to_linear8(stored[2]) : stored[2], stored[3], got.c[0], got.c[1],
              got.c[2], got.c[3]);
         return;
      }
   }
}

void
sc_srgb_decode(void)
{
   static const GLubyte stored[4] = {64, 128, 200, 255};
   GLubyte texels[2 * 2 * 4];
   for (int i = 0; i < 4; i++)
      memcpy(&texels[i * 4], stored, 4);
   GLuint tex[2];
   gl.ActiveTexture(GL_TEXTURE0);
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("sRGB texture");

   const char *backend = getenv("MGL_BACKEND");
   if (!has_ext("GL_EXT_texture_sRGB_decode")) {
      if (!on_mgl())
         die_setup("the GL lists no GL_EXT_texture_sRGB_decode");
      /* the Vulkan backend always can (colour images are MUTABLE_FORMAT) */
      if (!backend || strcmp(backend, "gles"))
         fail("mgl on Vulkan lists no GL_EXT_texture_sRGB_decode");
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_SKIP_DECODE_EXT);
      expect_gl_error(GL_INVALID_ENUM, "GL_TEXTURE_SRGB_DECODE_EXT without the extension");
      GLint v = -1;
      glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, &v);
      expect_gl_error(GL_INVALID_ENUM, "glGetTexParameteriv(GL_TEXTURE_SRGB_DECODE_EXT) without "
                                       "the extension");
      skipped("no GL_EXT_texture_sRGB_decode (the parameter is GL_INVALID_ENUM, checked)");
      glDeleteTextures(2, tex);
      return;
   }

   /* the parameter: default, values, errors, both query forms, samplers too */
   GLint v = -1;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, &v);
   if (v != GL_DECODE_EXT)
      fail("texture default: expected GL_DECODE_EXT got 0x%x", v);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_LINEAR);
   expect_gl_error(GL_INVALID_ENUM, "GL_TEXTURE_SRGB_DECODE_EXT = GL_LINEAR");
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, &v);
   if (v != GL_DECODE_EXT)
      fail("after a refused value: expected GL_DECODE_EXT got 0x%x", v);
   GLuint smp;
   gl.GenSamplers(1, &smp);
   gl.GetSamplerParameteriv(smp, GL_TEXTURE_SRGB_DECODE_EXT, &v);
   if (v != GL_DECODE_EXT)
      fail("sampler default: expected GL_DECODE_EXT got 0x%x", v);
   gl.SamplerParameteri(smp, GL_TEXTURE_SRGB_DECODE_EXT, GL_NONE);
   expect_gl_error(GL_INVALID_ENUM, "sampler GL_TEXTURE_SRGB_DECODE_EXT = GL_NONE");
   gl.SamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("sampler setup");

   GLuint p_tex = link_program(VS_PIXELS, FS_TEX_AT);
   GLuint p_fetch = link_program(VS_PIXELS, FS_FETCH_AT);
   gl.UseProgram(p_tex);
   gl.Uniform1i(uloc(p_tex, "u_tex"), 0);
   gl.UseProgram(p_fetch);
   gl.Uniform1i(uloc(p_fetch, "u_tex"), 0);
   float xy[12];
   rect_vertices(xy, 0.0f, 0.0f, 64.0f, 64.0f);
   make_mesh(xy, 6);

   expect_srgb_px("DECODE, texture()", srgb_decode_draw(p_tex), stored, true);
   expect_srgb_px("DECODE, texelFetch()", srgb_decode_draw(p_fetch), stored, true);

   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, (GLfloat)GL_SKIP_DECODE_EXT);
   check_gl_error("glTexParameterf(GL_TEXTURE_SRGB_DECODE_EXT, GL_SKIP_DECODE_EXT)");
   GLfloat fv = 0.0f;
   glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, &fv);
   if (fv != (GLfloat)GL_SKIP_DECODE_EXT)
      fail("glGetTexParameterfv: expected GL_SKIP_DECODE_EXT got %g", (double)fv);
   expect_srgb_px("SKIP, texture()", srgb_decode_draw(p_tex), stored, false);
   /* Mesa (22.3; so also mgl's GLES backend on it) decodes texel fetches whatever the
    * parameter says: there either answer is the host's; mgl's Vulkan backend skips */
   const bool host_fetch = !on_mgl() || (backend && !strcmp(backend, "gles"));
   const rgba8 fetched = srgb_decode_draw(p_fetch);
   if (!host_fetch || fetched.c[0] != srgb_to_linear8(stored[0]))
      expect_srgb_px("SKIP, texelFetch()", fetched, stored, false);

   /* a bound sampler object's state replaces the texture's, both ways */
   gl.BindSampler(0, smp);
   expect_srgb_px("texture SKIP, sampler DECODE", srgb_decode_draw(p_tex), stored, true);
   expect_srgb_px("texture SKIP, sampler DECODE, texelFetch()", srgb_decode_draw(p_fetch), stored,
                  true);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_DECODE_EXT);
   gl.SamplerParameteri(smp, GL_TEXTURE_SRGB_DECODE_EXT, GL_SKIP_DECODE_EXT);
   gl.GetSamplerParameteriv(smp, GL_TEXTURE_SRGB_DECODE_EXT, &v);
   if (v != GL_SKIP_DECODE_EXT)
      fail("sampler: expected GL_SKIP_DECODE_EXT got 0x%x", v);
   expect_srgb_px("texture DECODE, sampler SKIP", srgb_decode_draw(p_tex), stored, false);
   gl.BindSampler(0, 0);
   expect_srgb_px("texture DECODE, sampler unbound", srgb_decode_draw(p_tex), stored, true);

   /* an RGBA8 texture has nothing to skip: the same values either way */
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_SKIP_DECODE_EXT);
   check_gl_error("RGBA8 texture, SKIP");
   expect_srgb_px("RGBA8, SKIP", srgb_decode_draw(p_tex), stored, false);

   /* glBlitFramebuffer reads the sRGB attachment as GL_FRAMEBUFFER_SRGB (off) says, whatever
    * the texture's decode parameter */
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   for (int skip = 0; skip < 2; skip++) {
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT,
                      skip ? GL_SKIP_DECODE_EXT : GL_DECODE_EXT);
      clear_to(V4(0.0f, 0.0f, 0.0f, 0.0f));
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
      gl.BlitFramebuffer(0, 0, 2, 2, 0, 0, 64, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      check_gl_error("blit from the sRGB texture");
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
      readback();
      expect_srgb_px(skip ? "blit, SKIP" : "blit, DECODE", pixel_at(32, 32), stored, false);
   }

   /* glGenerateMipmap with SKIP: a uniform level 0 makes a uniform level 1 of its values */
   gl.GenerateMipmap(GL_TEXTURE_2D);
   check_gl_error("glGenerateMipmap with SKIP_DECODE");
   GLubyte l1[4] = {0, 0, 0, 0};
   glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, l1);
   for (int i = 0; i < 4; i++)
      if (abs((int)l1[i] - stored[i]) > 1)
         fail("generated level 1: expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", stored[0], stored[1],
              stored[2], stored[3], l1[0], l1[1], l1[2], l1[3]);

   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteSamplers(1, &smp);
   glDeleteTextures(2, tex);
}

/* integer_border: the border of an integer texture is the integer GL_TEXTURE_BORDER_COLOR set
 * with glTexParameterIuiv/Iiv, never normalised (GL 3.3 §3.8.10): read through an unsigned or
 * signed sampler at a coordinate outside the texture (CLAMP_TO_BORDER, NEAREST) and written
 * unchanged to an RGBA32UI or RGBA32I renderbuffer read back with glReadPixels. Values beyond 8
 * bits, negative ones, a format with fewer components than RGBA (the missing ones read 0 and
 * alpha 1, as a texel of the base format: table 3.11), a border clamped to the format's range
 * (§3.8.10: integer border values are clamped to the representable range), and a 3D texture
 * sampled outside along r. */
struct int_border_case {
   GLenum internal, format, type;
   bool is_signed, is_3d;
   GLint border[4], want[4];
};

static void
int_border_check(const struct int_border_case *c, GLuint fbo_u, GLuint fbo_i, GLuint vao)
{
   char fs[512];
   snprintf(fs, sizeof(fs),
            "#version 330 core\n"
            "uniform %csampler%s u_tex;\n"
            "out %cvec4 o_value;\n"
            "void main() { o_value = texture(u_tex, %s); }\n",
            c->is_signed ? 'i' : 'u', c->is_3d ? "3D" : "2D", c->is_signed ? 'i' : 'u',
            c->is_3d ? "vec3(0.5, 0.5, -2.0)" : "vec2(-2.0, 0.5)");
   const GLenum target = c->is_3d ? GL_TEXTURE_3D : GL_TEXTURE_2D;
   static const GLuint zeros[2 * 2 * 2 * 4];
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(target, tex);
   if (c->is_3d)
      gl.TexImage3D(target, 0, (GLint)c->internal, 2, 2, 2, 0, c->format, c->type, zeros);
   else
      glTexImage2D(target, 0, (GLint)c->internal, 2, 2, 0, c->format, c->type, zeros);
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
   glTexParameteri(target, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_BORDER);
   if (c->is_signed)
      gl.TexParameterIiv(target, GL_TEXTURE_BORDER_COLOR, c->border);
   else
      gl.TexParameterIuiv(target, GL_TEXTURE_BORDER_COLOR, (const GLuint *)c->border);
   char what[96];
   snprintf(what, sizeof(what), "internal format 0x%04x%s", (unsigned)c->internal,
            c->is_3d ? " (3D)" : "");
   check_gl_error(what);
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   gl.BindFramebuffer(GL_FRAMEBUFFER, c->is_signed ? fbo_i : fbo_u);
   gl.BindVertexArray(vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   GLint got[4] = {0x5a5a5a5a, 0x5a5a5a5a, 0x5a5a5a5a, 0x5a5a5a5a};
   glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER, c->is_signed ? GL_INT : GL_UNSIGNED_INT, got);
   check_gl_error(what);
   if (memcmp(got, c->want, sizeof(got)))
      fail("%s: the border reads (%d, %d, %d, %d), expected (%d, %d, %d, %d)", what, got[0], got[1],
           got[2], got[3], c->want[0], c->want[1], c->want[2], c->want[3]);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   glDeleteTextures(1, &tex);
}

void
sc_integer_border(void)
{
   GLuint rb[2], fbo[2];
   gl.GenRenderbuffers(2, rb);
   gl.GenFramebuffers(2, fbo);
   for (int i = 0; i < 2; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      gl.RenderbufferStorage(GL_RENDERBUFFER, i ? GL_RGBA32I : GL_RGBA32UI, 4, 4);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[i]);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         die_setup("the RGBA32%s framebuffer is incomplete", i ? "I" : "UI");
   }
   glViewport(0, 0, 4, 4);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   static const struct int_border_case cases[] = {
      {GL_RGBA16UI,
       GL_RGBA_INTEGER,
       GL_UNSIGNED_SHORT,
       false,
       false,
       {1000, 40000, 65535, 3},
       {1000, 40000, 65535, 3}},
      {GL_RGBA32I,
       GL_RGBA_INTEGER,
       GL_INT,
       true,
       false,
       {-100000, 7, 2147483647, -1},
       {-100000, 7, 2147483647, -1}},
      {GL_RGBA32UI,
       GL_RGBA_INTEGER,
       GL_UNSIGNED_INT,
       false,
       false,
       {-1, 0, 70000, 1},
       {-1, 0, 70000, 1}},
      {GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, false, false, {7, 8, 9, 10}, {7, 0, 0, 1}},
      {GL_RG16I, GL_RG_INTEGER, GL_SHORT, true, false, {-3, 300, 9, 10}, {-3, 300, 0, 1}},
      {GL_RGB32I, GL_RGB_INTEGER, GL_INT, true, false, {-3, 300, 9, 10}, {-3, 300, 9, 1}},
      {GL_RGBA8UI,
       GL_RGBA_INTEGER,
       GL_UNSIGNED_BYTE,
       false,
       false,
       {300, 20, 70000, 1},
       {255, 20, 255, 1}},
      {GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, true, false, {-200, 200, -5, 1}, {-128, 127, -5, 1}},
      {GL_RGBA16UI,
       GL_RGBA_INTEGER,
       GL_UNSIGNED_SHORT,
       false,
       true,
       {5, 600, 7, 8},
       {5, 600, 7, 8}},
      {GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, true, true, {-5, 600, 7, 8}, {-5, 600, 7, 8}},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
      int_border_check(&cases[i], fbo[0], fbo[1], mq.vao);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   gl.DeleteFramebuffers(2, fbo);
   gl.DeleteRenderbuffers(2, rb);
}

/* border_clamp: the border colour is clamped to the range of the texture it is sampled with
 * (GL 3.3 §3.8.10), not that of the first texture a sampler served: one sampler object with
 * the unsigned border (300, 70000, 0xffffffff, 7) bound in turn to an RGBA8UI, an RGBA16UI and
 * the RGBA8UI texture again reads (255, 255, 255, 7), then (300, 65535, 65535, 7), then the
 * first again; float borders outside [0, 1] on RGBA8 read clamped to [0, 1], on RGBA8_SNORM to
 * [-1, 1], on RGBA16F unclamped within its range, on R11F_G11F_B10F from 0 and on RGB9_E5 to
 * [0, 65408], written to an RGBA32F renderbuffer. Vulkan leaves a custom border outside the
 * format's range undefined, so mgl clamps it itself. */
static GLuint
clamp_texture(GLenum internal, GLenum format, GLenum type)
{
   static const GLuint zeros[2 * 2 * 4];
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, 2, 2, 0, format, type, zeros);
   return t;
}

/* Draws the quad sampling tex at (-2, 0.5) into fbo and reads pixel (1, 1) as type. */
static void
clamp_draw(GLuint fbo, GLuint tex, GLenum format, GLenum type, void *out)
{
   glBindTexture(GL_TEXTURE_2D, tex);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glReadPixels(1, 1, 1, 1, format, type, out);
}

struct float_border_case {
   const char *name;
   GLenum internal, format, type;
   float border[4], want[4];
};

/* The program reading the border of a sampler2D at (-2, 0.5) as floats, in use. */
static GLuint
float_border_program(void)
{
   static const char fs_f[] = "#version 330 core\n"
                              "uniform sampler2D u_tex;\n"
                              "out vec4 o_value;\n"
                              "void main() { o_value = texture(u_tex, vec2(-2.0, 0.5)); }\n";
   GLuint pf = link_program(VS_PIXELS, fs_f);
   gl.UseProgram(pf);
   gl.Uniform2f(uloc(pf, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pf, "u_z"), 0.0f);
   gl.Uniform1i(uloc(pf, "u_tex"), 0);
   return pf;
}

/* A sampler object on unit 0 whose reads outside [0, 1] are its border: NEAREST, CLAMP_TO_BORDER. */
static GLuint
border_sampler(void)
{
   GLuint smp;
   gl.GenSamplers(1, &smp);
   gl.SamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   gl.SamplerParameteri(smp, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
   gl.BindSampler(0, smp);
   return smp;
}

/* Each case's border set on smp, read through a texture of its format into the RGBA32F fbo. */
static void
float_border_cases(GLuint fbo, GLuint smp, const struct float_border_case *fc, size_t n)
{
   for (size_t i = 0; i < n; i++) {
      gl.SamplerParameterfv(smp, GL_TEXTURE_BORDER_COLOR, fc[i].border);
      const GLuint t = clamp_texture(fc[i].internal, fc[i].format, fc[i].type);
      float got[4] = {-9, -9, -9, -9};
      clamp_draw(fbo, t, GL_RGBA, GL_FLOAT, got);
      check_gl_error(fc[i].name);
      /* a device may keep the border at the format's precision: within 1/100 */
      for (int c = 0; c < 4; c++)
         if (fabsf(got[c] - fc[i].want[c]) > 0.01f) {
            fail("%s with float border (%g, %g, %g, %g): reads (%g, %g, %g, %g), expected "
                 "(%g, %g, %g, %g)",
                 fc[i].name, fc[i].border[0], fc[i].border[1], fc[i].border[2], fc[i].border[3],
                 got[0], got[1], got[2], got[3], fc[i].want[0], fc[i].want[1], fc[i].want[2],
                 fc[i].want[3]);
            break;
         }
      glDeleteTextures(1, &t);
   }
}

void
sc_border_clamp(void)
{
   GLuint rb[2], fbo[2];
   gl.GenRenderbuffers(2, rb);
   gl.GenFramebuffers(2, fbo);
   for (int i = 0; i < 2; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      gl.RenderbufferStorage(GL_RENDERBUFFER, i ? GL_RGBA32F : GL_RGBA32UI, 4, 4);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[i]);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[i]);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         die_setup("the RGBA32%s framebuffer is incomplete", i ? "F" : "UI");
   }
   glViewport(0, 0, 4, 4);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   const GLuint smp = border_sampler();

   /* unsigned integer textures through one sampler object */
   static const char fs_u[] = "#version 330 core\n"
                              "uniform usampler2D u_tex;\n"
                              "out uvec4 o_value;\n"
                              "void main() { o_value = texture(u_tex, vec2(-2.0, 0.5)); }\n";
   GLuint pu = link_program(VS_PIXELS, fs_u);
   gl.UseProgram(pu);
   gl.Uniform2f(uloc(pu, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pu, "u_z"), 0.0f);
   gl.Uniform1i(uloc(pu, "u_tex"), 0);
   static const GLuint ub[4] = {300, 70000, 0xffffffffu, 7};
   gl.SamplerParameterIuiv(smp, GL_TEXTURE_BORDER_COLOR, ub);
   const GLuint tu[2] = {clamp_texture(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE),
                         clamp_texture(GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT)};
   static const GLuint want_u[2][4] = {{255, 255, 255, 7}, {300, 65535, 65535, 7}};
   static const char *const name_u[2] = {"RGBA8UI", "RGBA16UI"};
   for (int step = 0; step < 3; step++) {
      const int k = step == 1; /* RGBA8UI, RGBA16UI, RGBA8UI again */
      GLuint got[4] = {0x5a5a5a5a, 0x5a5a5a5a, 0x5a5a5a5a, 0x5a5a5a5a};
      clamp_draw(fbo[0], tu[k], GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
      check_gl_error(name_u[k]);
      if (memcmp(got, want_u[k], sizeof(got)))
         fail("%s (draw %d) through a sampler object with border (300, 70000, 0xffffffff, 7): "
              "reads (%u, %u, %u, %u), expected (%u, %u, %u, %u)",
              name_u[k], step, got[0], got[1], got[2], got[3], want_u[k][0], want_u[k][1],
              want_u[k][2], want_u[k][3]);
   }

   /* float borders on normalized and float textures; past the finite range of a float format
    * narrower than 32 bits: border_clamp_float. R11F_G11F_B10F and RGB9_E5 store no negative,
    * RGB9_E5 nothing past 65408; the values are ones each format stores exactly. */
   static const struct float_border_case fc[] = {
      {"RGBA8", GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, {2.0f, -0.5f, 0.25f, 1.5f}, {1, 0, 0.25f, 1}},
      {"RGBA8_SNORM",
       GL_RGBA8_SNORM,
       GL_RGBA,
       GL_BYTE,
       {-3.0f, 2.0f, -0.5f, 0.25f},
       {-1, 1, -0.5f, 0.25f}},
      {"RGBA16F",
       GL_RGBA16F,
       GL_RGBA,
       GL_FLOAT,
       {2.0f, -0.5f, 0.25f, 1.5f},
       {2.0f, -0.5f, 0.25f, 1.5f}},
      {"R11F_G11F_B10F",
       GL_R11F_G11F_B10F,
       GL_RGB,
       GL_FLOAT,
       {-1.0f, 64512.0f, 63488.0f, -5.0f},
       {0, 64512.0f, 63488.0f, 1}},
      {"RGB9_E5",
       GL_RGB9_E5,
       GL_RGB,
       GL_FLOAT,
       {-2.0f, 1024.0f, 1e6f, 5.0f},
       {0, 1024.0f, 65408.0f, 1}},
   };
   const GLuint pf = float_border_program();
   float_border_cases(fbo[1], smp, fc, sizeof(fc) / sizeof(fc[0]));

   gl.BindSampler(0, 0);
   gl.UseProgram(0);
   gl.DeleteProgram(pu);
   gl.DeleteProgram(pf);
   gl.DeleteSamplers(1, &smp);
   glDeleteTextures(2, tu);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   gl.DeleteFramebuffers(2, fbo);
   gl.DeleteRenderbuffers(2, rb);
}

/* border_clamp_float: a float border past the finite range of a float format narrower than 32
 * bits reads clamped to it (GL 4.6 §8.14.2: border values are clamped to the representable
 * range of a floating-point format): RGBA16F to [-65504, 65504], R11F_G11F_B10F's 11-bit R and G
 * to 65024 and 10-bit B to 64512; RGBA32F keeps it. Mesa keeps such a border (a value the
 * texture cannot hold; on_mesa-expect.txt), and a Vulkan device given it as a custom border
 * reads it undefined, so mgl clamps it itself. */
void
sc_border_clamp_float(void)
{
   GLuint rb, fbo;
   gl.GenRenderbuffers(1, &rb);
   gl.GenFramebuffers(1, &fbo);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32F, 4, 4);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("the RGBA32F framebuffer is incomplete");
   glViewport(0, 0, 4, 4);
   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   const GLuint smp = border_sampler();
   static const struct float_border_case fc[] = {
      {"RGBA16F",
       GL_RGBA16F,
       GL_RGBA,
       GL_FLOAT,
       {1e6f, -1e6f, 0.25f, 70000.0f},
       {65504.0f, -65504.0f, 0.25f, 65504.0f}},
      {"R11F_G11F_B10F",
       GL_R11F_G11F_B10F,
       GL_RGB,
       GL_FLOAT,
       {70000.0f, 1e6f, 70000.0f, 5.0f},
       {65024.0f, 65024.0f, 64512.0f, 1}},
      {"RGBA32F",
       GL_RGBA32F,
       GL_RGBA,
       GL_FLOAT,
       {1e6f, -1e6f, 70000.0f, 0.25f},
       {1e6f, -1e6f, 70000.0f, 0.25f}},
   };
   const GLuint pf = float_border_program();
   float_border_cases(fbo, smp, fc, sizeof(fc) / sizeof(fc[0]));
   gl.BindSampler(0, 0);
   gl.UseProgram(0);
   gl.DeleteProgram(pf);
   gl.DeleteSamplers(1, &smp);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
}
