/* scenario_fbo.c: scenarios of framebuffer objects: attachments, layers, MSAA, sRGB, the default
 * framebuffer. */
#include "scenario.h"

/* fbo_rtt: render into a 32x32 RGBA8 texture through an FBO, then sample it 1:1 onto the
 * default framebuffer. */
#define RTT_SIZE 32

#define RTT_SPLIT 12 /* texels [0,12) in x get the drawn rect's colour */

#define RTT_DST 16 /* the textured quad covers [16,48)^2 of the window */

static const vec4f RTT_CLEAR = {{0.4f, 0.0f, 0.8f, 1.0f}};

static const vec4f RTT_DRAW = {{1.0f, 1.0f, 0.2f, 0.6f}};

static rgba8
rtt_colour(const void *ctx, int x, int y)
{
   (void)ctx;
   (void)y;
   /* window pixel x maps to texel x - 16 (1:1, texcoord at texel centre) */
   int tx = x - RTT_DST;
   return to8(tx < RTT_SPLIT ? RTT_DRAW : RTT_CLEAR);
}

void
sc_fbo_rtt(void)
{
   GLuint tex, fbo;
   glGenTextures(1, &tex);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, RTT_SIZE, RTT_SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("FBO status 0x%04x, expected GL_FRAMEBUFFER_COMPLETE", (unsigned)st);

   /* pass 1: into the texture.  The pixel-space VS maps [0,64) to the viewport, so with a
    * 32x32 viewport pixel p of the VS lands on texel p / 2: the rect [0,24) x [0,64) in VS
    * units covers texels [0,12) x [0,32). */
   glViewport(0, 0, RTT_SIZE, RTT_SIZE);
   glClearColor(RTT_CLEAR.v[0], RTT_CLEAR.v[1], RTT_CLEAR.v[2], RTT_CLEAR.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint p = solid_program();
   set_vec4(p, "u_color", RTT_DRAW);
   float v[12];
   rect_vertices(v, 0, 0, 2 * RTT_SPLIT, 64);
   make_mesh(v, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("render to texture");

   /* pass 2: the default framebuffer, texture sampled 1:1 on [16,48)^2 */
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   const vec4f bg = V4(0.0f, 0.2f, 0.0f, 1.0f);
   clear_to(bg);
   GLuint pt = link_program(VS_TEXTURED, FS_TEXTURED);
   gl.UseProgram(pt);
   gl.Uniform1i(uloc(pt, "u_tex"), 0);
   textured_quad_vao(RTT_DST, RTT_DST, RTT_DST + RTT_SIZE, RTT_DST + RTT_SIZE);
   glBindTexture(GL_TEXTURE_2D, tex);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("sample texture");

   model m;
   model_init(&m, bg);
   model_rect_fn(&m, RTT_DST, RTT_DST, RTT_DST + RTT_SIZE, RTT_DST + RTT_SIZE, rtt_colour, NULL);
   check_frame("render to texture, sampled", &m);
   gl.DeleteFramebuffers(1, &fbo);
}

/* msaa_resolve: a 4-sample renderbuffer FBO, a rectangle (integer edges: every sample of a
 * pixel agrees, so the resolved colour is exact) and a triangle (edge pixels are partly
 * covered: a mix, checked to exist), resolved into the window with glBlitFramebuffer. */
void
sc_msaa_resolve(void)
{
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   if (max_samples < 4)
      fail("GL_MAX_SAMPLES is %d, GL 3.3 requires at least 4", max_samples);
   GLuint rb, fbo;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
   GLint samples = 0;
   gl.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE || samples < 4)
      fail("multisampled FBO status 0x%04x, %d samples", (unsigned)st, samples);
   /* GL_SAMPLES and GL_SAMPLE_BUFFERS describe the draw framebuffer (GL 3.3 table 6.54) */
   GLint fb_samples = -1, fb_buffers = -1;
   glGetIntegerv(GL_SAMPLES, &fb_samples);
   glGetIntegerv(GL_SAMPLE_BUFFERS, &fb_buffers);
   if (fb_samples != samples || fb_buffers != 1)
      fail("GL_SAMPLES %d, GL_SAMPLE_BUFFERS %d with a %d-sample draw framebuffer", fb_samples,
           fb_buffers, samples);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glGetIntegerv(GL_SAMPLES, &fb_samples);
   glGetIntegerv(GL_SAMPLE_BUFFERS, &fb_buffers);
   if (fb_samples != 0 || fb_buffers != 0)
      fail("GL_SAMPLES %d, GL_SAMPLE_BUFFERS %d with the single-sampled default framebuffer",
           fb_samples, fb_buffers);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   const vec4f bg = V4(0.2f, 0.0f, 0.4f, 1.0f), rc = V4(1.0f, 0.8f, 0.0f, 1.0f),
               tc = V4(0.0f, 0.6f, 1.0f, 1.0f);
   glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint p = solid_program();
   float v[12 + 6];
   rect_vertices(v, 6, 8, 30, 26);
   const float tri[6] = {34, 4, 60, 10, 40, 58};
   memcpy(v + 12, tri, sizeof tri);
   make_mesh(v, 9);
   set_vec4(p, "u_color", rc);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   set_vec4(p, "u_color", tc);
   glDrawArrays(GL_TRIANGLES, 6, 3);
   check_gl_error("multisampled draw");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("resolve blit");
   model m;
   model_init(&m, bg);
   model_rect(&m, 6, 8, 30, 26, to8(rc));
   model_tri(&m, tri, to8(tc));
   check_frame("multisample resolve", &m);
   /* pixels the triangle's edges cross are mixes of the two colours (antialiased) */
   int mixed = 0;
   const rgba8 b8 = to8(bg), t8 = to8(tc);
   for (int y = 0; y < H; y++)
      for (int x = 32; x < W; x++) {
         rgba8 got = pixel_at(x, y);
         if (!rgba_eq(got, b8) && !rgba_eq(got, t8))
            mixed++;
      }
   if (mixed < 20)
      fail("only %d partly covered pixels on the triangle's edges: not multisampled?", mixed);
   printf("  %d partly covered edge pixels\n", mixed);
   gl.DeleteFramebuffers(1, &fbo);
}

/* fbo_layers: rendering into one layer of a 2D array (glFramebufferTextureLayer), one slice of
 * a 3D texture (glFramebufferTexture3D) and one face of a cube map (glFramebufferTexture2D),
 * each 8x8 image cleared and half drawn over, read back through glReadPixels from the
 * framebuffer, then sampled 2:1 (texelFetch / NEAREST) beside its untouched neighbours; plus the
 * GL 3.3 §4.4.2 errors and §4.4.4 completeness (layer out of range, mixed layered and
 * non-layered attachments). */

static const GLubyte FL_GREY[4] = {51, 51, 51, 255};

/* Clears the bound 8x8 framebuffer to `bg` and draws `fg` over texels [x0,x1) x [y0,y1). */
static void
fl_paint(GLuint prog, int x0, int y0, int x1, int y1, vec4f bg, vec4f fg)
{
   glViewport(0, 0, FL_N, FL_N);
   glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.UseProgram(prog);
   set_vec4(prog, "u_color", fg);
   glEnable(GL_SCISSOR_TEST);
   glScissor(x0, y0, x1 - x0, y1 - y0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_SCISSOR_TEST);
}

void
sc_fbo_layers(void)
{
   const vec4f red = V4(1.0f, 0.0f, 0.0f, 1.0f), green = V4(0.0f, 1.0f, 0.0f, 1.0f);
   const vec4f blue = V4(0.0f, 0.0f, 1.0f, 1.0f), yellow = V4(1.0f, 1.0f, 0.0f, 1.0f);
   const vec4f cyan = V4(0.0f, 1.0f, 1.0f, 1.0f), magenta = V4(1.0f, 0.0f, 1.0f, 1.0f);
   GLubyte grey[FL_N * FL_N * 4 * 4];
   tex3d_fill(grey, FL_N * FL_N * 4, FL_GREY);

   GLuint tex[4];
   glGenTextures(4, tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[0]);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, FL_N, FL_N, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 grey);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glBindTexture(GL_TEXTURE_3D, tex[1]);
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, FL_N, FL_N, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, grey);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[2]);
   for (int f = 0; f < 6; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, FL_N, FL_N, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, grey);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glBindTexture(GL_TEXTURE_2D, tex[3]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, FL_N, FL_N, 0, GL_RGBA, GL_UNSIGNED_BYTE, grey);
   check_gl_error("textures");

   float quad[12];
   rect_vertices(quad, 0, 0, 64, 64);
   mesh mq = make_mesh(quad, 6);
   gl.BindVertexArray(mq.vao);
   GLuint solid = solid_program();
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);

   /* errors (GL 3.3 §4.4.2) */
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[3], 0, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glFramebufferTextureLayer of a 2D texture");
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0, -1);
   expect_gl_error(GL_INVALID_VALUE, "glFramebufferTextureLayer with layer -1");
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], -1, 0);
   expect_gl_error(GL_INVALID_VALUE, "glFramebufferTextureLayer with level -1");
   gl.FramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex[0], 0, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glFramebufferTexture3D of an array texture");
   gl.FramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex[1], 0, -1);
   expect_gl_error(GL_INVALID_VALUE, "glFramebufferTexture3D with zoffset -1");

   /* completeness (§4.4.4): a layer past the array's 3 is attachment-incomplete */
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0, 3);
   check_gl_error("glFramebufferTextureLayer of layer 3");
   GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT)
      fail("layer 3 of 3: status 0x%04x, expected GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT",
           (unsigned)st);
   /* a layered attachment beside a non-layered one */
   gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[3], 0);
   check_gl_error("layered + non-layered attachments");
   GLint v = -1;
   gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &v);
   if (v != GL_TRUE)
      fail("GL_FRAMEBUFFER_ATTACHMENT_LAYERED of glFramebufferTexture(array) = %d", v);
   st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS)
      fail("layered + non-layered: status 0x%04x, expected "
           "GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS",
           (unsigned)st);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, 0, 0);
   check_gl_error("detach");

   /* layer 1 of the array: red, green on the left half */
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0, 1);
   st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("array layer 1: status 0x%04x", (unsigned)st);
   v = -1;
   gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
   if (v != 1)
      fail("GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER = %d, expected 1", v);
   fl_paint(solid, 0, 0, 4, FL_N, red, green);
   fl_expect_read("array layer 1 read back", 0, 0, 4, FL_N, green, red);
   /* slice 2 of the 3D texture: blue, yellow on the bottom half */
   gl.FramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex[1], 0, 2);
   st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("3D slice 2: status 0x%04x", (unsigned)st);
   fl_paint(solid, 0, 0, FL_N, 4, blue, yellow);
   fl_expect_read("3D slice 2 read back", 0, 0, FL_N, 4, yellow, blue);
   /* face -Y of the cube map: cyan, magenta on the top-left quarter */
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y,
                           tex[2], 0);
   fl_paint(solid, 0, 4, 4, FL_N, cyan, magenta);
   fl_expect_read("cube -Y read back", 0, 4, 4, FL_N, magenta, cyan);
   check_gl_error("layer rendering");

   /* sampled on the default framebuffer, 2 pixels a texel: tiles of 16x16 */
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   const rgba8 g8 = {{FL_GREY[0], FL_GREY[1], FL_GREY[2], FL_GREY[3]}};
   const char *fsa = "#version 330 core\n"
                     "uniform sampler2DArray u_tex;\n"
                     "uniform vec2 u_origin;\n"
                     "uniform int u_layer;\n"
                     "out vec4 o_color;\n"
                     "void main() {\n"
                     "  ivec2 t = ivec2((gl_FragCoord.xy - u_origin) / 2.0);\n"
                     "  o_color = texelFetch(u_tex, ivec3(t, u_layer), 0);\n"
                     "}\n";
   const char *fs3 = "#version 330 core\n"
                     "uniform sampler3D u_tex;\n"
                     "uniform vec2 u_origin;\n"
                     "uniform int u_layer;\n"
                     "out vec4 o_color;\n"
                     "void main() {\n"
                     "  ivec2 t = ivec2((gl_FragCoord.xy - u_origin) / 2.0);\n"
                     "  o_color = texelFetch(u_tex, ivec3(t, u_layer), 0);\n"
                     "}\n";
   /* u_layer 0: face -Y (major -y, s = x, t = -z); 1: face +X (major +x, s = -z, t = -y) */
   const char *fsc =
      "#version 330 core\n"
      "uniform samplerCube u_tex;\n"
      "uniform vec2 u_origin;\n"
      "uniform int u_layer;\n"
      "out vec4 o_color;\n"
      "void main() {\n"
      "  vec2 st = (floor((gl_FragCoord.xy - u_origin) / 2.0) + 0.5) / 4.0 - 1.0;\n"
      "  vec3 d = u_layer == 0 ? vec3(st.x, -1.0, -st.y) : vec3(1.0, -st.y, -st.x);\n"
      "  o_color = texture(u_tex, d);\n"
      "}\n";
   const char *fss[3] = {fsa, fs3, fsc};
   const GLenum targets[3] = {GL_TEXTURE_2D_ARRAY, GL_TEXTURE_3D, GL_TEXTURE_CUBE_MAP};
   glEnable(GL_SCISSOR_TEST);
   for (int k = 0; k < 3; k++) {
      GLuint p = link_program(VS_PIXELS, fss[k]);
      gl.UseProgram(p);
      gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
      gl.Uniform1f(uloc(p, "u_z"), 0.0f);
      gl.Uniform1i(uloc(p, "u_tex"), 0);
      glBindTexture(targets[k], tex[k]);
      int n = k == 0 ? 3 : k == 1 ? 4 : 2;
      for (int l = 0; l < n; l++) {
         int x0 = 2 + 16 * l, y0 = 2 + 21 * k;
         gl.Uniform2f(uloc(p, "u_origin"), (float)x0, (float)y0);
         gl.Uniform1i(uloc(p, "u_layer"), l);
         glScissor(x0, y0, 16, 16);
         glDrawArrays(GL_TRIANGLES, 0, 6);
         model_rect(&m, x0, y0, x0 + 16, y0 + 16, g8);
         if (k == 0 && l == 1) {
            model_rect(&m, x0, y0, x0 + 16, y0 + 16, to8(red));
            model_rect(&m, x0, y0, x0 + 8, y0 + 16, to8(green));
         } else if (k == 1 && l == 2) {
            model_rect(&m, x0, y0, x0 + 16, y0 + 16, to8(blue));
            model_rect(&m, x0, y0, x0 + 16, y0 + 8, to8(yellow));
         } else if (k == 2 && l == 0) {
            model_rect(&m, x0, y0, x0 + 16, y0 + 16, to8(cyan));
            model_rect(&m, x0, y0 + 8, x0 + 8, y0 + 16, to8(magenta));
         }
      }
   }
   glDisable(GL_SCISSOR_TEST);
   check_gl_error("sampling the layers");
   check_frame("layers rendered, then sampled", &m);
   gl.DeleteFramebuffers(1, &fbo);
}

/* layered_rendering: GL 3.3 layered framebuffers (§4.4.7). A 2D array (4 layers), a cube map
 * (6 faces) and a 3D texture (5 slices), filled with junk, attached whole with
 * glFramebufferTexture: glClear clears every layer, and a geometry shader emits one quad per
 * layer 0..n-2 with gl_Layer and a colour per layer, so the last layer holds the clear colour
 * only. Each layer (face, slice) is read back on its own, then blitted into the window. A single
 * layer attached alone: gl_Layer is ignored (everything lands in it, the other layer keeps its
 * contents). Completeness: a layered attachment beside a single layer, or layered attachments
 * of two targets, is INCOMPLETE_LAYER_TARGETS. */
static const char *VS_LAYERED =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos / 4.0 - 1.0, 0.0, 1.0); }\n";

static const char *GS_LAYERED =
   "#version 330 core\n"
   "layout(triangles) in;\n"
   "layout(triangle_strip, max_vertices = 18) out;\n"
   "uniform int u_layers;\n"
   "out vec4 g_color;\n"
   "const vec4 C[6] = vec4[6](vec4(1.0, 0.0, 0.0, 1.0), vec4(0.0, 1.0, 0.0, 1.0),\n"
   "                          vec4(0.0, 0.0, 1.0, 1.0), vec4(1.0, 1.0, 0.0, 1.0),\n"
   "                          vec4(0.0, 1.0, 1.0, 1.0), vec4(1.0, 0.0, 1.0, 1.0));\n"
   "void main() {\n"
   "  for (int l = 0; l < u_layers; l++) {\n"
   "    for (int i = 0; i < 3; i++) {\n"
   "      gl_Position = gl_in[i].gl_Position;\n"
   "      gl_Layer = l;\n"
   "      g_color = C[l];\n"
   "      EmitVertex();\n"
   "    }\n"
   "    EndPrimitive();\n"
   "  }\n"
   "}\n";

/* The same gl_Layer write from a geometry shader that also samples a texture: its
 * "gl_Layer ignored" module must keep the sampler where the pipeline layout has it. */
static const char *GS_LAYERED_TEX = "#version 330 core\n"
                                    "layout(triangles) in;\n"
                                    "layout(triangle_strip, max_vertices = 3) out;\n"
                                    "uniform sampler2D u_tex;\n"
                                    "out vec4 g_color;\n"
                                    "void main() {\n"
                                    "  for (int i = 0; i < 3; i++) {\n"
                                    "    gl_Position = gl_in[i].gl_Position;\n"
                                    "    gl_Layer = 1;\n"
                                    "    g_color = texelFetch(u_tex, ivec2(0, 0), 0);\n"
                                    "    EmitVertex();\n"
                                    "  }\n"
                                    "  EndPrimitive();\n"
                                    "}\n";

static const vec4f LR_COLOURS[6] = {{{1, 0, 0, 1}}, {{0, 1, 0, 1}}, {{0, 0, 1, 1}},
                                    {{1, 1, 0, 1}}, {{0, 1, 1, 1}}, {{1, 0, 1, 1}}};

void
sc_layered_rendering(void)
{
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f), win = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(win);
   GLuint prog = link_program_gs(VS_LAYERED, GS_LAYERED, FS_GS);
   float v[12];
   rect_vertices(v, 2, 2, 6, 6);
   mesh m = make_mesh(v, 6);
   static GLubyte junk[FL_N * FL_N * 4 * 6];
   memset(junk, 0xA5, sizeof junk);

   GLuint tex[4], fbo[2];
   glGenTextures(4, tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[0]);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, FL_N, FL_N, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 junk);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
   for (int f = 0; f < 6; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, FL_N, FL_N, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, junk);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex[2]);
   gl.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, FL_N, FL_N, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 junk);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glBindTexture(GL_TEXTURE_3D, tex[3]);
   gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, FL_N, FL_N, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, junk);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   check_gl_error("layered textures");

   gl.GenFramebuffers(2, fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   /* Completeness first. */
   gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[0], 0);
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, tex[2], 0, 1);
   GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS)
      fail("layered beside one layer: status 0x%x, expected INCOMPLETE_LAYER_TARGETS", st);
   gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, tex[1], 0);
   st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS)
      fail("layered 2D array beside layered cube: status 0x%x, expected "
           "INCOMPLETE_LAYER_TARGETS",
           st);
   gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, tex[2], 0);
   st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("two layered 2D arrays: status 0x%x, expected COMPLETE", st);
   GLint layered = -1;
   gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_LAYERED, &layered);
   if (layered != GL_TRUE)
      fail("GL_FRAMEBUFFER_ATTACHMENT_LAYERED = %d", layered);
   gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, 0, 0);
   check_gl_error("layered framebuffer set-up");

   struct {
      GLuint tex;
      int layers;
   } targets[3] = {{tex[0], 4}, {tex[1], 6}, {tex[3], 5}};
   static const char *const names[3] = {"2D array", "cube", "3D"};
   for (int t = 0; t < 3; t++) {
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
      gl.FramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, targets[t].tex, 0);
      st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
      if (st != GL_FRAMEBUFFER_COMPLETE)
         fail("layered %s: status 0x%x", names[t], st);
      glViewport(0, 0, FL_N, FL_N);
      glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
      glClear(GL_COLOR_BUFFER_BIT); /* every layer */
      gl.UseProgram(prog);
      gl.Uniform1i(uloc(prog, "u_layers"), targets[t].layers - 1);
      gl.BindVertexArray(m.vao);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      check_gl_error("layered draw");
      /* Each layer alone. */
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
      for (int l = 0; l < targets[t].layers; l++) {
         if (t != 1)
            gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, targets[t].tex, 0, l);
         else
            gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                    GL_TEXTURE_CUBE_MAP_POSITIVE_X + l, tex[1], 0);
         char phase[64];
         snprintf(phase, sizeof phase, "%s layer %d", names[t], l);
         const bool last = l == targets[t].layers - 1;
         fl_expect_read(phase, last ? 0 : 2, last ? 0 : 2, last ? 0 : 6, last ? 0 : 6,
                        LR_COLOURS[l], bg);
         gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
         gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
         glViewport(0, 0, W, H);
         gl.BlitFramebuffer(0, 0, FL_N, FL_N, 10 * l, 20 * t, 10 * l + FL_N, 20 * t + FL_N,
                            GL_COLOR_BUFFER_BIT, GL_NEAREST);
         gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
      }
   }
   check_gl_error("layered read-back");

   /* Not layered: one layer of the 2-layer array attached alone. GL ignores gl_Layer, so all
    * three quads land in it (the last colour wins) and the other layer keeps its junk. */
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[2], 0, 1);
   glViewport(0, 0, FL_N, FL_N);
   glClearColor(bg.v[0], bg.v[1], bg.v[2], bg.v[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.UseProgram(prog);
   gl.Uniform1i(uloc(prog, "u_layers"), 3);
   gl.BindVertexArray(m.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("gl_Layer into a framebuffer that is not layered");
   fl_expect_read("gl_Layer ignored: the attached layer", 2, 2, 6, 6, LR_COLOURS[2], bg);
   gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[2], 0, 0);
   const vec4f junk_c = V4(165.0f / 255.0f, 165.0f / 255.0f, 165.0f / 255.0f, 165.0f / 255.0f);
   fl_expect_read("gl_Layer ignored: the other layer untouched", 0, 0, 0, 0, junk_c, junk_c);

   /* gl_Layer ignored again, by a geometry shader that samples a texture (a 1x1 texel). */
   GLuint prog_tex = link_program_gs(VS_LAYERED, GS_LAYERED_TEX, FS_GS);
   GLuint texel_tex;
   const GLubyte texel[4] = {0, 255, 255, 255};
   glGenTextures(1, &texel_tex);
   glBindTexture(GL_TEXTURE_2D, texel_tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.UseProgram(prog_tex);
   gl.Uniform1i(uloc(prog_tex, "u_tex"), 0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("a sampling geometry shader's gl_Layer into a framebuffer that is not layered");
   fl_expect_read("gl_Layer ignored, the geometry shader's texel", 2, 2, 6, 6, V4(0, 1, 1, 1), bg);
   glDeleteTextures(1, &texel_tex);
   gl.DeleteProgram(prog_tex);

   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   model md;
   model_init(&md, win);
   for (int t = 0; t < 3; t++)
      for (int l = 0; l < targets[t].layers; l++) {
         model_rect(&md, 10 * l, 20 * t, 10 * l + FL_N, 20 * t + FL_N, to8(bg));
         if (l < targets[t].layers - 1)
            model_rect(&md, 10 * l + 2, 20 * t + 2, 10 * l + 6, 20 * t + 6, to8(LR_COLOURS[l]));
      }
   check_frame("every layer blitted into the window", &md);
   gl.DeleteFramebuffers(2, fbo);
   glDeleteTextures(4, tex);
   gl.DeleteBuffers(1, &m.vbo);
}

/* fbo_separate_ds: GL 3.3 §4.4.4.2 lets an implementation answer GL_FRAMEBUFFER_UNSUPPORTED
 * for a combination of images it cannot use together; mgl (like Mesa llvmpipe) does so for a
 * GL_DEPTH_COMPONENT24 renderbuffer at GL_DEPTH_ATTACHMENT beside a GL_STENCIL_INDEX8 one at
 * GL_STENCIL_ATTACHMENT (Vulkan has one depth/stencil attachment). Drawing, clearing and
 * reading it are GL_INVALID_FRAMEBUFFER_OPERATION and leave the colour alone. The same
 * GL_DEPTH24_STENCIL8 renderbuffer at both points is complete and depth- and stencil-tests.
 * Then: a GL 3.3 context has no stencil-only texture format to copy or upload into. */
void
sc_fbo_separate_ds(void)
{
   GLuint rb[4], fbo;
   gl.GenRenderbuffers(4, rb);
   const GLenum fmt[4] = {GL_RGBA8, GL_DEPTH_COMPONENT24, GL_STENCIL_INDEX8, GL_DEPTH24_STENCIL8};
   for (int i = 0; i < 4; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      gl.RenderbufferStorage(GL_RENDERBUFFER, fmt[i], W, H);
   }
   check_gl_error("renderbuffers");
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[3]);
   const vec4f bg = V4(0.2f, 0.2f, 0.4f, 1.0f);
   clear_to(bg); /* colour known before the unsupported framebuffer is tried */
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[2]);
   check_gl_error("separate depth and stencil attachments");
   GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_UNSUPPORTED)
      fail("separate depth and stencil renderbuffers: status 0x%04x (expected "
           "GL_FRAMEBUFFER_UNSUPPORTED)",
           st);
   GLuint p = solid_program();
   float v[12];
   rect_vertices(v, 8, 8, 56, 56);
   mesh m = make_mesh(v, 6);
   set_vec4(p, "u_color", V4(1.0f, 0.0f, 0.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   expect_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glDrawArrays on an unsupported framebuffer");
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   expect_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glClear on an unsupported framebuffer");
   GLubyte px[4] = {1, 2, 3, 4};
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   expect_gl_error(GL_INVALID_FRAMEBUFFER_OPERATION,
                   "glReadPixels from an unsupported framebuffer");
   if (px[0] != 1 || px[1] != 2 || px[2] != 3 || px[3] != 4)
      fail("glReadPixels wrote into the app's memory although it failed");

   /* one depth/stencil image at both points: complete */
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[3]);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[3]);
   st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("one GL_DEPTH24_STENCIL8 renderbuffer at both points: status 0x%04x", st);
   /* the stencil marks the left half, the depth test keeps the right half's nearer quad */
   glClearStencil(0);
   glClearDepth(1.0);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_ALWAYS, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   float half[12];
   rect_vertices(half, 0, 0, 32, 64);
   mesh mh = make_mesh(half, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glStencilFunc(GL_EQUAL, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   gl.BindVertexArray(m.vao);
   gl.Uniform1f(uloc(p, "u_z"), -0.4f);
   const vec4f near_c = V4(0.4f, 0.8f, 0.2f, 1.0f), far_c = V4(1.0f, 0.6f, 0.0f, 1.0f);
   set_vec4(p, "u_color", near_c);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform1f(uloc(p, "u_z"), 0.4f);
   set_vec4(p, "u_color", far_c); /* behind: fails the depth test */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_STENCIL_TEST);
   check_gl_error("draws on the complete framebuffer");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   model mo;
   model_init(&mo, bg);
   model_rect(&mo, 8, 8, 32, 56, to8(near_c));
   check_frame("one depth/stencil image, stencil and depth tested", &mo);
   /* GL 3.3 has no stencil-only textures (ARB_texture_stencil8 is GL 4.4): GL_STENCIL_INDEX8
    * and GL_STENCIL_INDEX are not internal formats of glTexImage2D or glCopyTexImage2D. */
   GLint major = 0, minor = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   bool stencil8 = major * 10 + minor >= 44;
   GLint n_ext = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n_ext);
   for (GLint i = 0; i < n_ext; i++)
      stencil8 |=
         !strcmp((const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i), "GL_ARB_texture_stencil8");
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   if (!stencil8) {
      glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 0, 0, 4, 4, 0);
      expect_gl_error(GL_INVALID_VALUE, "glCopyTexImage2D(GL_STENCIL_INDEX8) in GL 3.3");
      /* GL_STENCIL_INDEX is no internal format at all here: INVALID_ENUM (GL 4.6 §8.6, Mesa) */
      glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX, 0, 0, 4, 4, 0);
      expect_gl_error(GL_INVALID_ENUM, "glCopyTexImage2D(GL_STENCIL_INDEX) in GL 3.3");
      glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 4, 4, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE,
                   NULL);
      expect_gl_error(GL_INVALID_VALUE, "glTexImage2D(GL_STENCIL_INDEX8) in GL 3.3");
   }
   glDeleteTextures(1, &tex);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(4, rb);
   mesh ms[2] = {m, mh};
   for (int i = 0; i < 2; i++) {
      gl.DeleteBuffers(1, &ms[i].vbo);
      gl.DeleteVertexArrays(1, &ms[i].vao);
   }
   gl.DeleteProgram(p);
}

/* fbo_eight_srgb: GL 3.3 §4.2.1/§4.4: eight colour attachments written by one draw, each
 * with its own output; glDrawBuffers with GL_NONE for attachment 3 (it keeps its clear), an
 * RGBA16F attachment 7 holding 2.5 (read back as floats), and an SRGB8_ALPHA8 attachment 6:
 * with GL_FRAMEBUFFER_SRGB on, linear (0.25, 0.1, 1.0, 0.25) is stored encoded as
 * (137, 89, 255, 64) (alpha stays linear; the linear attachments are untouched by the
 * switch). Each attachment is read back alone (glReadBuffer);
 * GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING says which is sRGB. The switch off: fbo_srgb_switch. */
void
sc_fbo_eight_srgb(void)
{
   const char *fs = "#version 330 core\n"
                    "uniform vec4 u_c[8];\n"
                    "layout(location = 0) out vec4 o0;\n"
                    "layout(location = 1) out vec4 o1;\n"
                    "layout(location = 2) out vec4 o2;\n"
                    "layout(location = 3) out vec4 o3;\n"
                    "layout(location = 4) out vec4 o4;\n"
                    "layout(location = 5) out vec4 o5;\n"
                    "layout(location = 6) out vec4 o6;\n"
                    "layout(location = 7) out vec4 o7;\n"
                    "void main() { o0 = u_c[0]; o1 = u_c[1]; o2 = u_c[2]; o3 = u_c[3];\n"
                    "  o4 = u_c[4]; o5 = u_c[5]; o6 = u_c[6]; o7 = u_c[7]; }\n";
   GLint max_att = 0, max_db = 0;
   glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &max_att);
   glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_db);
   if (max_att < 8 || max_db < 8)
      fail("GL_MAX_COLOR_ATTACHMENTS %d, GL_MAX_DRAW_BUFFERS %d: GL 3.3 requires 8", max_att,
           max_db);
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   const GLfloat cols[8][4] = {{1.0f, 0.2f, 0.2f, 1.0f},   {0.2f, 1.0f, 0.2f, 1.0f},
                               {0.2f, 0.2f, 1.0f, 1.0f},   {1.0f, 1.0f, 1.0f, 1.0f},
                               {1.0f, 0.2f, 1.0f, 1.0f},   {0.2f, 1.0f, 1.0f, 0.6f},
                               {0.25f, 0.1f, 1.0f, 0.25f}, {2.5f, -1.0f, 0.5f, 1.0f}};
   gl.Uniform4fv(uloc(p, "u_c"), 8, &cols[0][0]);
   GLuint fbo, rb[8];
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.GenRenderbuffers(8, rb);
   for (int i = 0; i < 8; i++) {
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb[i]);
      gl.RenderbufferStorage(GL_RENDERBUFFER,
                             i == 6   ? GL_SRGB8_ALPHA8
                             : i == 7 ? GL_RGBA16F
                                      : GL_RGBA8,
                             8, 8);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_RENDERBUFFER, rb[i]);
   }
   const GLenum bufs[8] = {
      GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2, GL_NONE,
      GL_COLOR_ATTACHMENT4, GL_COLOR_ATTACHMENT5, GL_COLOR_ATTACHMENT6, GL_COLOR_ATTACHMENT7};
   gl.DrawBuffers(8, bufs);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("eight-attachment framebuffer incomplete");
   for (int i = 0; i < 8; i++) {
      GLint enc = 0;
      gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i,
                                             GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc);
      if (enc != (i == 6 ? GL_SRGB : GL_LINEAR))
         fail("attachment %d: GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING 0x%x", i, enc);
   }
   glViewport(0, 0, 8, 8);
   /* clear every attachment to 0 (attachment 3 through a draw buffer of its own) */
   const GLfloat zero[4] = {0, 0, 0, 0};
   for (int i = 0; i < 8; i++)
      if (bufs[i] != GL_NONE)
         gl.ClearBufferfv(GL_COLOR, i, zero);
   glReadBuffer(GL_COLOR_ATTACHMENT3);
   {
      const GLenum only3[4] = {GL_NONE, GL_NONE, GL_NONE, GL_COLOR_ATTACHMENT3};
      gl.DrawBuffers(4, only3);
      const GLfloat grey[4] = {0.4f, 0.4f, 0.4f, 0.4f};
      gl.ClearBufferfv(GL_COLOR, 3, grey);
      gl.DrawBuffers(8, bufs);
   }
   float full[12];
   rect_vertices(full, 0, 0, 64, 64);
   mesh m = make_mesh(full, 6);
   glEnable(GL_FRAMEBUFFER_SRGB);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_FRAMEBUFFER_SRGB);
   check_gl_error("eight-attachment draws");

   const GLubyte want8[7][4] = {{255, 51, 51, 255},   {51, 255, 51, 255},  {51, 51, 255, 255},
                                {102, 102, 102, 102}, {255, 51, 255, 255}, {51, 255, 255, 153},
                                {137, 89, 255, 64}};
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   for (int i = 0; i < 8; i++) {
      glReadBuffer(GL_COLOR_ATTACHMENT0 + i);
      if (i < 7) {
         GLubyte px[8 * 8 * 4];
         memset(px, 0xee, sizeof px);
         glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px);
         int bad = 0;
         for (int t = 0; t < 64; t++) {
            const GLubyte *w = want8[i];
            if (memcmp(&px[4 * t], w, 4)) {
               if (!bad)
                  fail("attachment %d texel %d: expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", i, t,
                       w[0], w[1], w[2], w[3], px[4 * t], px[4 * t + 1], px[4 * t + 2],
                       px[4 * t + 3]);
               bad++;
            }
         }
         printf("  attachment %d: 64 texels checked, %d wrong\n", i, bad);
      } else {
         GLfloat f[8 * 8 * 4];
         glReadPixels(0, 0, 8, 8, GL_RGBA, GL_FLOAT, f);
         if (f[0] != 2.5f || f[1] != -1.0f || f[2] != 0.5f || f[3] != 1.0f || f[4 * 63] != 2.5f)
            fail("RGBA16F attachment 7: (%g,%g,%g,%g), expected (2.5,-1,0.5,1)", f[0], f[1], f[2],
                 f[3]);
      }
   }
   check_gl_error("attachment read-backs");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(8, rb);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
   check_window_cleared("the window (untouched by the framebuffer object)");
}

/* fbo_srgb_switch: GL 3.3 §4.1.8 and §4.1.7: GL_FRAMEBUFFER_SRGB decides whether colour
 * written to an sRGB attachment is encoded (and the destination decoded for blending). An
 * SRGB8_ALPHA8 renderbuffer (attachment 0) and texture (attachment 1), 8x8, both drawn at once:
 *   draw 0.5 grey:          off stores 128 (unconverted), on stores 188 (encoded: 187.51,
 *                           llvmpipe, Zink and lavapipe store 187 from a draw, 188 from a
 *                           clear; the encode's precision is the implementation's); alpha 128;
 *   blend ONE,ONE of 0.25 over a stored 128:
 *                           off 0.502 + 0.25 -> 192; on decode(128) 0.2158 + 0.25 -> 182
 *                           (within 1, as above);
 *   glClearBufferfv 0.5 and glClear 0.5: off 128, on 188 (a clear's colour is converted as a
 *                           fragment's, as ARB_framebuffer_sRGB reads; llvmpipe and Zink
 *                           agree);
 * toggled off/on/off/on, so a switch back finds what the first made; the bytes are read with
 * glReadPixels, which converts nothing. The default framebuffer's GL_FRAMEBUFFER_ATTACHMENT_
 * COLOR_ENCODING decides what a draw with the switch on stores there. */
/* tol 1 at least wherever 0.5 is stored unconverted: 0.5 x 255 = 127.5 is a tie, and GL lets the
 * conversion to normalized fixed point take either nearest integer (NVIDIA stores 127, lavapipe
 * 128); the encoded values (188) and the unconverted ones stay 60 apart. */
static void
srgb_expect(int att, const GLubyte want[4], int tol, const char *what)
{
   GLubyte px[8 * 8 * 4];
   memset(px, 0xee, sizeof px);
   glReadBuffer(GL_COLOR_ATTACHMENT0 + att);
   glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px);
   for (int t = 0; t < 64; t++)
      for (int c = 0; c < 4; c++)
         if (abs((int)px[4 * t + c] - (int)want[c]) > tol) {
            fail("%s, attachment %d texel %d: expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", what, att,
                 t, want[0], want[1], want[2], want[3], px[4 * t], px[4 * t + 1], px[4 * t + 2],
                 px[4 * t + 3]);
            return;
         }
}

void
sc_fbo_srgb_switch(void)
{
   const char *fs = "#version 330 core\n"
                    "uniform vec4 u_c;\n"
                    "layout(location = 0) out vec4 o0;\n"
                    "layout(location = 1) out vec4 o1;\n"
                    "void main() { o0 = u_c; o1 = u_c; }\n";
   GLuint p = link_program(VS_PIXELS, fs);
   gl.UseProgram(p);
   gl.Uniform2f(uloc(p, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(p, "u_z"), 0.0f);
   const GLfloat zero[4] = {0, 0, 0, 0}, half[4] = {0.5f, 0.5f, 0.5f, 0.5f};
   float full[12];
   rect_vertices(full, 0, 0, 64, 64);
   mesh m = make_mesh(full, 6);
   /* The default framebuffer: what its encoding query answers is what a draw with the switch
    * on does (mgl's EGL surfaces are linear; Mesa's answer GL_SRGB for its own). */
   GLint enc = 0;
   gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT,
                                          GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc);
   printf("  default framebuffer: GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING %s\n",
          enc == GL_LINEAR ? "GL_LINEAR"
          : enc == GL_SRGB ? "GL_SRGB"
                           : "other");
   if (enc != GL_LINEAR && enc != GL_SRGB)
      fail("default framebuffer: GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING 0x%x", enc);
   {
      glViewport(0, 0, 8, 8);
      glEnable(GL_FRAMEBUFFER_SRGB);
      gl.Uniform4fv(uloc(p, "u_c"), 1, half);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      glDisable(GL_FRAMEBUFFER_SRGB);
      GLubyte px[4];
      glReadBuffer(GL_BACK);
      glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      const int want = enc == GL_SRGB ? 188 : 128;
      if (abs((int)px[0] - want) > 1)
         fail("default framebuffer, 0.5 drawn with GL_FRAMEBUFFER_SRGB on: red %u, its encoding "
              "gives %d",
              px[0], want);
   }
   GLuint fbo, rb, tex;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_SRGB8_ALPHA8, 8, 8);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex, 0);
   const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   gl.DrawBuffers(2, bufs);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("SRGB8_ALPHA8 framebuffer incomplete");
   for (int a = 0; a < 2; a++) {
      gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + a,
                                             GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc);
      if (enc != GL_SRGB)
         fail("attachment %d: GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING 0x%x", a, enc);
   }
   glViewport(0, 0, 8, 8);
   const GLubyte raw[4] = {128, 128, 128, 128}, encoded[4] = {188, 188, 188, 128};
   for (int round = 0; round < 4; round++) {
      const int on = round & 1;
      char what[96];
      if (on)
         glEnable(GL_FRAMEBUFFER_SRGB);
      else
         glDisable(GL_FRAMEBUFFER_SRGB);
      if (glIsEnabled(GL_FRAMEBUFFER_SRGB) != (on ? GL_TRUE : GL_FALSE))
         fail("glIsEnabled(GL_FRAMEBUFFER_SRGB) is not %d", on);
      /* a plain draw of 0.5 */
      glDisable(GL_BLEND);
      gl.ClearBufferfv(GL_COLOR, 0, zero);
      gl.ClearBufferfv(GL_COLOR, 1, zero);
      gl.Uniform4fv(uloc(p, "u_c"), 1, half);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      for (int a = 0; a < 2; a++) {
         snprintf(what, sizeof what, "draw of 0.5, GL_FRAMEBUFFER_SRGB %s (round %d)",
                  on ? "on" : "off", round);
         srgb_expect(a, on ? encoded : raw, 1, what);
      }
      /* blending: 0.25 added over a stored 128 (written with the switch off) */
      glDisable(GL_FRAMEBUFFER_SRGB);
      gl.ClearBufferfv(GL_COLOR, 0, half);
      gl.ClearBufferfv(GL_COLOR, 1, half);
      if (on)
         glEnable(GL_FRAMEBUFFER_SRGB);
      glEnable(GL_BLEND);
      glBlendFunc(GL_ONE, GL_ONE);
      const GLfloat quarter[4] = {0.25f, 0.25f, 0.25f, 0.0f};
      gl.Uniform4fv(uloc(p, "u_c"), 1, quarter);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      glDisable(GL_BLEND);
      const GLubyte blend_off[4] = {192, 192, 192, 128}, blend_on[4] = {182, 182, 182, 128};
      for (int a = 0; a < 2; a++) {
         snprintf(what, sizeof what, "ONE,ONE blend of 0.25 over 128, GL_FRAMEBUFFER_SRGB %s",
                  on ? "on" : "off");
         srgb_expect(a, on ? blend_on : blend_off, 1, what);
      }
      /* glClearBufferfv and glClear of 0.5 */
      gl.ClearBufferfv(GL_COLOR, 0, half);
      gl.ClearBufferfv(GL_COLOR, 1, half);
      for (int a = 0; a < 2; a++) {
         snprintf(what, sizeof what, "glClearBufferfv 0.5, GL_FRAMEBUFFER_SRGB %s",
                  on ? "on" : "off");
         srgb_expect(a, on ? encoded : raw, 1, what);
      }
      gl.ClearBufferfv(GL_COLOR, 0, zero);
      gl.ClearBufferfv(GL_COLOR, 1, zero);
      glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
      glClear(GL_COLOR_BUFFER_BIT);
      for (int a = 0; a < 2; a++) {
         snprintf(what, sizeof what, "glClear 0.5, GL_FRAMEBUFFER_SRGB %s", on ? "on" : "off");
         srgb_expect(a, on ? encoded : raw, 1, what);
      }
      check_gl_error("sRGB switch round");
   }
   glDisable(GL_FRAMEBUFFER_SRGB);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &tex);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteProgram(p);
   check_window_cleared("the window (untouched by the framebuffer object)");
}

/* depth_only_fbo: the shadow-map pattern. A depth-only framebuffer (a DEPTH_COMPONENT24, then a
 * DEPTH_COMPONENT32F texture, draw and read buffers GL_NONE) takes two depth-tested rectangles;
 * a second pass samples it through a sampler2DShadow (GL_COMPARE_REF_TO_TEXTURE, GL_LEQUAL) into
 * the default framebuffer, lit where ref <= depth. Then a depth+stencil-only DEPTH24_STENCIL8
 * framebuffer takes stencil-writing draws, read back with GL_STENCIL_INDEX and
 * GL_DEPTH_COMPONENT. Depth: rectangle A [8,40)^2 at 0.5, B [24,56)^2 at 0.75 drawn after it
 * (GL_LESS: A keeps the overlap), 1.0 elsewhere. */
void
sc_depth_only_fbo(void)
{
   static const char *fs_shadow = "#version 330 core\n"
                                  "uniform sampler2DShadow u_s;\n"
                                  "uniform float u_ref;\n"
                                  "uniform vec4 u_lit;\n"
                                  "uniform vec4 u_dark;\n"
                                  "out vec4 o_color;\n"
                                  "void main() {\n"
                                  "  float l = texture(u_s, vec3(gl_FragCoord.xy / 64.0, u_ref));\n"
                                  "  o_color = l > 0.5 ? u_lit : u_dark;\n"
                                  "}\n";
   const vec4f lit = V4(1.0f, 0.8f, 0.2f, 1.0f), dark = V4(0.0f, 0.2f, 0.4f, 1.0f);
   float va[12], vb[12], vq[12];
   rect_vertices(va, 8, 8, 40, 40);
   rect_vertices(vb, 24, 24, 56, 56);
   rect_vertices(vq, 0, 0, 64, 64);
   GLuint ps = solid_program();
   const GLint uz = uloc(ps, "u_z");
   set_vec4(ps, "u_color", V4(1.0f, 0.0f, 0.0f, 1.0f)); /* written nowhere: no colour buffer */
   mesh ma = make_mesh(va, 6), mb = make_mesh(vb, 6), mq = make_mesh(vq, 6);
   GLuint pl = link_program(VS_PIXELS, fs_shadow);
   gl.UseProgram(pl);
   gl.Uniform2f(uloc(pl, "u_offset"), 0.0f, 0.0f);
   gl.Uniform1f(uloc(pl, "u_z"), 0.0f);
   gl.Uniform1i(uloc(pl, "u_s"), 0);
   set_vec4(pl, "u_lit", lit);
   set_vec4(pl, "u_dark", dark);
   const GLint uref = uloc(pl, "u_ref");
   check_gl_error("programs");

   static const struct {
      GLenum ifmt, type;
      const char *name;
      float ref; /* 0.6: only A is shadowed; 0.8: A and B */
   } fmt[2] = {{GL_DEPTH_COMPONENT24, GL_UNSIGNED_INT, "DEPTH_COMPONENT24", 0.6f},
               {GL_DEPTH_COMPONENT32F, GL_FLOAT, "DEPTH_COMPONENT32F", 0.8f}};
   GLuint tex[3], fbo[3];
   glGenTextures(3, tex);
   gl.GenFramebuffers(3, fbo);
   static const struct {
      int x, y;
      float d;
   } dprobe[] = {{12, 12, 0.5f}, {30, 30, 0.5f}, {50, 50, 0.75f}, {2, 60, 1.0f}, {60, 2, 1.0f}};
   for (int f = 0; f < 2; f++) {
      glBindTexture(GL_TEXTURE_2D, tex[f]);
      glTexImage2D(GL_TEXTURE_2D, 0, fmt[f].ifmt, W, H, 0, GL_DEPTH_COMPONENT, fmt[f].type, NULL);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
      glBindTexture(GL_TEXTURE_2D, 0);
      gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[f]);
      gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex[f], 0);
      glDrawBuffer(GL_NONE);
      glReadBuffer(GL_NONE);
      check_gl_error(fmt[f].name);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
         fail("%s depth-only framebuffer incomplete", fmt[f].name);
         continue;
      }
      /* the depth pass */
      glClear(GL_DEPTH_BUFFER_BIT);
      glEnable(GL_DEPTH_TEST);
      glDepthFunc(GL_LESS);
      gl.UseProgram(ps);
      gl.Uniform1f(uz, 0.0f);
      gl.BindVertexArray(ma.vao);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      gl.Uniform1f(uz, 0.5f);
      gl.BindVertexArray(mb.vao);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      glDisable(GL_DEPTH_TEST);
      check_gl_error("the depth pass");
      glPixelStorei(GL_PACK_ALIGNMENT, 1);
      for (size_t i = 0; i < sizeof dprobe / sizeof dprobe[0]; i++) {
         GLfloat dv = -1.0f;
         glReadPixels(dprobe[i].x, dprobe[i].y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &dv);
         if (fabsf(dv - dprobe[i].d) > 1e-5f)
            fail("%s: depth at (%d,%d) = %g, expected %g", fmt[f].name, dprobe[i].x, dprobe[i].y,
                 dv, dprobe[i].d);
      }
      check_gl_error("glReadPixels(GL_DEPTH_COMPONENT) of the depth-only framebuffer");

      /* the lit pass */
      gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
      clear_to(V4(0.5f, 0.5f, 0.5f, 1.0f));
      glBindTexture(GL_TEXTURE_2D, tex[f]);
      gl.UseProgram(pl);
      gl.Uniform1f(uref, fmt[f].ref);
      gl.BindVertexArray(mq.vao);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      glBindTexture(GL_TEXTURE_2D, 0);
      check_gl_error("the lit pass");
      model m;
      model_init(&m, lit);
      if (fmt[f].ref > 0.75f)
         model_rect(&m, 24, 24, 56, 56, to8(dark));
      model_rect(&m, 8, 8, 40, 40, to8(dark));
      char phase[96];
      snprintf(phase, sizeof phase, "%s shadow map sampled with ref %.1f", fmt[f].name, fmt[f].ref);
      check_frame(phase, &m);
   }

   /* depth+stencil only: A replaces stencil with 0x3c; B increments where it passes the depth
    * test (B outside A) and keeps where it fails (the overlap). */
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, W, H, 0, GL_DEPTH_STENCIL,
                GL_UNSIGNED_INT_24_8, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glBindTexture(GL_TEXTURE_2D, 0);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[2]);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex[2], 0);
   glDrawBuffer(GL_NONE);
   glReadBuffer(GL_NONE);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("DEPTH24_STENCIL8 depth+stencil-only framebuffer incomplete");
   glClearStencil(0);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glEnable(GL_STENCIL_TEST);
   gl.UseProgram(ps);
   glStencilFunc(GL_ALWAYS, 0x3c, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   gl.Uniform1f(uz, 0.0f);
   gl.BindVertexArray(ma.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
   gl.Uniform1f(uz, 0.5f);
   gl.BindVertexArray(mb.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_STENCIL_TEST);
   glDisable(GL_DEPTH_TEST);
   check_gl_error("the depth+stencil pass");
   static const struct {
      int x, y;
      GLubyte s;
      float d;
   } sprobe[] = {{12, 12, 0x3c, 0.5f},
                 {30, 30, 0x3c, 0.5f},
                 {50, 50, 0x01, 0.75f},
                 {2, 60, 0x00, 1.0f},
                 {60, 2, 0x00, 1.0f}};
   for (size_t i = 0; i < sizeof sprobe / sizeof sprobe[0]; i++) {
      GLubyte sv = 0xee;
      GLfloat dv = -1.0f;
      glReadPixels(sprobe[i].x, sprobe[i].y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &sv);
      glReadPixels(sprobe[i].x, sprobe[i].y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &dv);
      if (sv != sprobe[i].s)
         fail("stencil at (%d,%d) = 0x%02x, expected 0x%02x", sprobe[i].x, sprobe[i].y, sv,
              sprobe[i].s);
      if (fabsf(dv - sprobe[i].d) > 1e-5f)
         fail("depth+stencil: depth at (%d,%d) = %g, expected %g", sprobe[i].x, sprobe[i].y, dv,
              sprobe[i].d);
   }
   check_gl_error("glReadPixels of the depth+stencil-only framebuffer");

   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(3, fbo);
   glDeleteTextures(3, tex);
   gl.UseProgram(0);
   gl.DeleteProgram(ps);
   gl.DeleteProgram(pl);
   /* the window still renders after the depth-only passes */
   const vec4f bg = V4(0.0f, 0.4f, 0.2f, 1.0f);
   clear_to(bg);
   model mo;
   model_init(&mo, bg);
   check_frame("the window after the depth-only framebuffers", &mo);
}

/* rgb_alpha_one: a colour format without alpha reads alpha 1 everywhere (GL 3.3 §3.8.15,
 * §4.1.8, §4.3): RGB8, RGB16F, RGB32F, SRGB8, RGB565, R11F_G11F_B10F, R8 and RG8 (G/B 0 where
 * absent) as 8x8 textures and renderbuffers, and RGB8I/RGB8UI textures (not renderable:
 * integer alpha 1). Each writer on a fresh image: an upload of RGBA pixels with alpha 128/255
 * (77 for integers), a glClear with alpha 0.5, a draw of alpha 0.5, a glBlitFramebuffer and a
 * glCopyTexImage2D from an RGBA8 framebuffer whose alpha is 0.5 (RGBA8I with 77 for integers).
 * Then every reader: glReadPixels(GL_RGBA), glGetTexImage(GL_RGBA), texelFetch into an RGBA8
 * target (alpha written to red: 255, or 1 for integers), a glBlitFramebuffer into RGBA8 (alpha
 * 255) and, last, a blend of 0.5 with GL_DST_ALPHA, GL_ZERO into it (red 0.5; 0.25 when the
 * written alpha 0.5 was kept). llvmpipe and Zink pass every check; mgl stores these RGB formats
 * as RGBA (mgp_resource_desc.no_alpha). */
enum { RA_N = 8 };

typedef struct {
   GLenum ifmt;
   const char *name;
   int kind;     /* 0 float/normalized, 1 signed integer, 2 unsigned integer */
   int channels; /* R, RG or RGB */
   float tol;    /* of the blended red */
} ra_format;

static int ra_wrong, ra_checks;

static void
ra_expect(bool ok, const char *fmt, ...)
{
   ra_checks++;
   if (ok)
      return;
   if (ra_wrong++ < 8) {
      char msg[512];
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(msg, sizeof msg, fmt, ap);
      va_end(ap);
      fail("%s", msg);
   }
}

/* Every alpha of N x N RGBA floats/ints is 1 and the channels past `channels` are 0. */
static void
ra_check_pixels(const ra_format *f, const char *path, const char *reader, const void *px)
{
   int bad = -1;
   double c[4] = {0, 0, 0, 0};
   for (int i = 0; i < RA_N * RA_N && bad < 0; i++) {
      for (int k = 0; k < 4; k++)
         c[k] = f->kind ? (double)((const GLint *)px)[4 * i + k] : ((const GLfloat *)px)[4 * i + k];
      bool ok = c[3] == 1.0;
      for (int k = f->channels; k < 3; k++)
         ok = ok && c[k] == 0.0;
      if (!ok)
         bad = i;
   }
   ra_expect(bad < 0, "%s, %s, %s: pixel %d is (%g,%g,%g,%g), expected alpha 1%s", f->name, path,
             reader, bad, c[0], c[1], c[2], c[3], f->channels < 3 ? " and absent channels 0" : "");
}

/* Reads back image (tex: a texture, else a renderbuffer) of fbo (0: not renderable) after the
 * writer `path`, with every reader; the blend, which overwrites, goes last. */
static void
ra_readers(const ra_format *f, const char *path, GLuint fbo, GLuint tex, GLuint sfbo,
           const GLuint prog[3], GLuint solid)
{
   static GLint px[RA_N * RA_N * 4];
   const GLenum format = f->kind ? GL_RGBA_INTEGER : GL_RGBA, type = f->kind ? GL_INT : GL_FLOAT;
   GLubyte got[RA_N * RA_N * 4];
   if (fbo) {
      memset(px, 0x5a, sizeof px);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
      glReadPixels(0, 0, RA_N, RA_N, format, type, px);
      check_gl_error("glReadPixels");
      ra_check_pixels(f, path, "glReadPixels(GL_RGBA)", px);
   }
   if (tex) {
      memset(px, 0x5a, sizeof px);
      glBindTexture(GL_TEXTURE_2D, tex);
      glGetTexImage(GL_TEXTURE_2D, 0, format, type, px);
      check_gl_error("glGetTexImage");
      ra_check_pixels(f, path, "glGetTexImage(GL_RGBA)", px);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      gl.BindFramebuffer(GL_FRAMEBUFFER, sfbo);
      glViewport(0, 0, RA_N, RA_N);
      gl.UseProgram(prog[f->kind]);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glReadPixels(0, 0, RA_N, RA_N, GL_RGBA, GL_UNSIGNED_BYTE, got);
      check_gl_error("sampling");
      const int want = f->kind ? 1 : 255;
      int bad = -1;
      for (int i = 0; i < RA_N * RA_N && bad < 0; i++)
         if (got[4 * i] != want)
            bad = i;
      ra_expect(bad < 0, "%s, %s, texelFetch: sampled alpha of texel %d is %d/255, expected %d/255",
                f->name, path, bad, bad < 0 ? 0 : got[4 * bad], want);
   }
   if (!fbo || f->kind)
      return;
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, sfbo);
   gl.BlitFramebuffer(0, 0, RA_N, RA_N, 0, 0, RA_N, RA_N, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, sfbo);
   glReadPixels(0, 0, RA_N, RA_N, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_gl_error("blit into RGBA8");
   int bad = -1;
   for (int i = 0; i < RA_N * RA_N && bad < 0; i++)
      if (got[4 * i + 3] != 255)
         bad = i;
   ra_expect(bad < 0,
             "%s, %s, glBlitFramebuffer into RGBA8: alpha of pixel %d is %d, expected "
             "255",
             f->name, path, bad, bad < 0 ? 0 : got[4 * bad + 3]);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glViewport(0, 0, RA_N, RA_N);
   gl.UseProgram(solid);
   set_vec4(solid, "u_color", V4(0.5f, 0.5f, 0.5f, 0.5f));
   glEnable(GL_BLEND);
   glBlendFunc(GL_DST_ALPHA, GL_ZERO);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glDisable(GL_BLEND);
   GLfloat fpx[RA_N * RA_N * 4];
   glReadPixels(0, 0, RA_N, RA_N, GL_RGBA, GL_FLOAT, fpx);
   check_gl_error("blend");
   bad = -1;
   for (int i = 0; i < RA_N * RA_N && bad < 0; i++)
      if (fabsf(fpx[4 * i] - 0.5f) > f->tol)
         bad = i;
   ra_expect(bad < 0,
             "%s, %s, blend of 0.5 with GL_DST_ALPHA, GL_ZERO: red %g at pixel %d, "
             "expected 0.5",
             f->name, path, bad < 0 ? 0.0 : fpx[4 * bad], bad);
}

enum { RA_UPLOAD, RA_CLEAR, RA_DRAW, RA_BLIT, RA_COPY, RA_WRITERS };

void
sc_rgb_alpha_one(void)
{
   static const ra_format fmts[] = {
      {GL_RGB8, "RGB8", 0, 3, 1.5f / 255},    {GL_RGB16F, "RGB16F", 0, 3, 1e-3f},
      {GL_RGB32F, "RGB32F", 0, 3, 1e-6f},     {GL_SRGB8, "SRGB8", 0, 3, 1.5f / 255},
      {GL_RGB565, "RGB565", 0, 3, 1.5f / 31}, {GL_R11F_G11F_B10F, "R11F_G11F_B10F", 0, 3, 1e-2f},
      {GL_R8, "R8", 0, 1, 1.5f / 255},        {GL_RG8, "RG8", 0, 2, 1.5f / 255},
      {GL_RGB8I, "RGB8I", 1, 3, 0},           {GL_RGB8UI, "RGB8UI", 2, 3, 0},
   };
   static const char *const writer[RA_WRITERS] = {
      "upload of RGBA pixels", "glClear with alpha 0.5", "draw with alpha 0.5",
      "glBlitFramebuffer from RGBA8 with alpha 0.5", "glCopyTexImage2D from alpha 0.5"};
   static const char *vs = "#version 330 core\n"
                           "void main() {\n"
                           "  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, "
                           "gl_VertexID == 2 ? 3.0 : -1.0);\n"
                           "  gl_Position = vec4(p, 0.0, 1.0);\n"
                           "}\n";
   static const char *const fs[3] = {
      "#version 330 core\nuniform sampler2D t;\nout vec4 o;\n"
      "void main() { o = vec4(texelFetch(t, ivec2(gl_FragCoord.xy), 0).a, 0.0, 0.0, 1.0); }\n",
      "#version 330 core\nuniform isampler2D t;\nout vec4 o;\n"
      "void main() { o = vec4(float(texelFetch(t, ivec2(gl_FragCoord.xy), 0).a) / 255.0, 0.0, "
      "0.0, 1.0); }\n",
      "#version 330 core\nuniform usampler2D t;\nout vec4 o;\n"
      "void main() { o = vec4(float(texelFetch(t, ivec2(gl_FragCoord.xy), 0).a) / 255.0, 0.0, "
      "0.0, 1.0); }\n",
   };
   GLuint prog[3];
   for (int k = 0; k < 3; k++) {
      prog[k] = link_program(vs, fs[k]);
      gl.UseProgram(prog[k]);
      gl.Uniform1i(uloc(prog[k], "t"), 0);
   }
   GLuint solid = link_program(vs, FS_UNIFORM);
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.ActiveTexture(GL_TEXTURE0);
   GLubyte up[RA_N * RA_N * 4];
   GLint upi[RA_N * RA_N * 4];
   for (int i = 0; i < RA_N * RA_N; i++) {
      up[4 * i] = 60, up[4 * i + 1] = 120, up[4 * i + 2] = 200, up[4 * i + 3] = 128;
      upi[4 * i] = 5, upi[4 * i + 1] = 6, upi[4 * i + 2] = 7, upi[4 * i + 3] = 77;
   }
   /* the sampling target, and the RGBA8 (alpha 0.5), RGBA8I and RGBA8UI (alpha 77) sources of
    * blits and copies */
   GLuint stex, sfbo = cp_fbo(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &stex);
   GLuint itex, ifbo = cp_fbo(GL_RGBA8I, GL_RGBA_INTEGER, GL_INT, NULL, &itex);
   glBindTexture(GL_TEXTURE_2D, itex);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, RA_N, RA_N, GL_RGBA_INTEGER, GL_INT, upi);
   GLuint utex, ufbo = cp_fbo(GL_RGBA8UI, GL_RGBA_INTEGER, GL_INT, NULL, &utex);
   glBindTexture(GL_TEXTURE_2D, utex);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, RA_N, RA_N, GL_RGBA_INTEGER, GL_INT, upi);
   GLuint atex, afbo = cp_fbo(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &atex);
   glViewport(0, 0, RA_N, RA_N);
   glClearColor(0.25f, 0.5f, 0.75f, 0.5f);
   glClear(GL_COLOR_BUFFER_BIT);
   check_gl_error("sources");
   for (size_t n = 0; n < sizeof fmts / sizeof fmts[0]; n++) {
      const ra_format *f = &fmts[n];
      for (int rb = 0; rb < 2; rb++)
         for (int w = 0; w < RA_WRITERS; w++) {
            if (f->kind && (rb || (w != RA_UPLOAD && w != RA_COPY)))
               continue; /* RGB8I/UI are not colour-renderable (GL 3.3 §4.4.4) */
            if (rb && (w == RA_UPLOAD || w == RA_COPY))
               continue;
            GLuint t = 0, r = 0, fbo = 0;
            if (rb) {
               gl.GenRenderbuffers(1, &r);
               gl.BindRenderbuffer(GL_RENDERBUFFER, r);
               gl.RenderbufferStorage(GL_RENDERBUFFER, f->ifmt, RA_N, RA_N);
            } else {
               glGenTextures(1, &t);
               glBindTexture(GL_TEXTURE_2D, t);
               glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
               if (w == RA_COPY) {
                  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, f->kind == 1 ? ifbo
                                                          : f->kind    ? ufbo
                                                                       : afbo);
                  glCopyTexImage2D(GL_TEXTURE_2D, 0, f->ifmt, 0, 0, RA_N, RA_N, 0);
               } else if (f->kind) {
                  glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->ifmt, RA_N, RA_N, 0, GL_RGBA_INTEGER,
                               GL_INT, upi);
               } else {
                  glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f->ifmt, RA_N, RA_N, 0, GL_RGBA,
                               GL_UNSIGNED_BYTE, up);
               }
            }
            check_gl_error(writer[w]);
            if (!f->kind) {
               gl.GenFramebuffers(1, &fbo);
               gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
               if (rb)
                  gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                                             r);
               else
                  gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t,
                                          0);
               if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
                  die_setup("rgb_alpha_one: %s %s framebuffer incomplete", f->name,
                            rb ? "renderbuffer" : "texture");
               glViewport(0, 0, RA_N, RA_N);
               if (w == RA_CLEAR) {
                  glClearColor(0.25f, 0.5f, 0.75f, 0.5f);
                  glClear(GL_COLOR_BUFFER_BIT);
               } else if (w == RA_DRAW) {
                  gl.UseProgram(solid);
                  set_vec4(solid, "u_color", V4(0.25f, 0.5f, 0.75f, 0.5f));
                  glDrawArrays(GL_TRIANGLES, 0, 3);
               } else if (w == RA_BLIT) {
                  gl.BindFramebuffer(GL_READ_FRAMEBUFFER, afbo);
                  gl.BlitFramebuffer(0, 0, RA_N, RA_N, 0, 0, RA_N, RA_N, GL_COLOR_BUFFER_BIT,
                                     GL_NEAREST);
               }
               check_gl_error(writer[w]);
            }
            char path[128];
            snprintf(path, sizeof path, "%s %s", rb ? "renderbuffer" : "texture", writer[w]);
            ra_readers(f, path, fbo, t, sfbo, prog, solid);
            gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
            if (fbo)
               gl.DeleteFramebuffers(1, &fbo);
            if (r)
               gl.DeleteRenderbuffers(1, &r);
            if (t)
               glDeleteTextures(1, &t);
         }
   }
   /* glCopyTexImage2D and glCopyTexSubImage2D into GL_RGB9_E5 (sampled, not renderable) from
    * the RGBA8 framebuffer (cleared to 0.25, 0.5, 0.75: 64, 128, 191 of 255 on lavapipe, giving
    * 0.251953, 0.501953, 0.748047 in 9e5 on mgl, llvmpipe and Zink; 0.5 x 255 is a tie GL leaves
    * open and NVIDIA stores 127, so the expectation is the stored bytes; within half a step,
    * 2^-10, asserted), around it the 0 of an upload */
   {
      static const ra_format e5 = {GL_RGB9_E5, "RGB9_E5", 0, 3, 0};
      GLubyte stored[4];
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, afbo);
      glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, stored);
      GLuint t;
      glGenTextures(1, &t);
      glBindTexture(GL_TEXTURE_2D, t);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, afbo);
      glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 0, 0, RA_N, RA_N, 0);
      check_gl_error("glCopyTexImage2D(GL_RGB9_E5)");
      ra_readers(&e5, "glCopyTexImage2D from RGBA8", 0, t, sfbo, prog, solid);
      static const float quarter[RA_N * RA_N * 3];
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, RA_N, RA_N, GL_RGB, GL_FLOAT, quarter);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, afbo);
      glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 3, 1, 1, 4, 3);
      check_gl_error("glCopyTexSubImage2D(GL_RGB9_E5)");
      GLfloat px[RA_N * RA_N * 4];
      glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, px);
      int bad = -1;
      for (int i = 0; i < RA_N * RA_N && bad < 0; i++) {
         const int x = i % RA_N, y = i / RA_N;
         const bool in = x >= 2 && x < 6 && y >= 3 && y < 6;
         const float want[4] = {in ? stored[0] / 255.0f : 0, in ? stored[1] / 255.0f : 0,
                                in ? stored[2] / 255.0f : 0, 1};
         for (int k = 0; k < 4; k++)
            if (fabsf(px[4 * i + k] - want[k]) > 1.0f / 1024 || (!in && px[4 * i + k] != want[k]))
               bad = i;
      }
      ra_expect(bad < 0, "RGB9_E5: glCopyTexSubImage2D of 4x3 at (2,3): texel %d is (%g,%g,%g,%g)",
                bad, bad < 0 ? 0 : px[4 * bad], bad < 0 ? 0 : px[4 * bad + 1],
                bad < 0 ? 0 : px[4 * bad + 2], bad < 0 ? 0 : px[4 * bad + 3]);
      glDeleteTextures(1, &t);
   }
   printf("  %d of %d checks wrong\n", ra_wrong, ra_checks);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   GLuint fbos[4] = {sfbo, ifbo, ufbo, afbo}, texs[4] = {stex, itex, utex, atex};
   gl.DeleteFramebuffers(4, fbos);
   glDeleteTextures(4, texs);
   gl.DeleteVertexArrays(1, &vao);
   for (int k = 0; k < 3; k++)
      gl.DeleteProgram(prog[k]);
   gl.DeleteProgram(solid);
   glViewport(0, 0, 64, 64);
   check_window_cleared("the window (untouched)");
}

/* default_fb_no_alpha: the default framebuffer of an EGL config with EGL_ALPHA_SIZE 0 has no
 * alpha bits, so alpha reads 1 (GL 3.3 §4.1.8, §4.3.2, §4.3.3): GL_FRAMEBUFFER_ATTACHMENT_
 * ALPHA_SIZE of GL_BACK_LEFT is 0 and a glClear with alpha 0.5, a draw of alpha 0.3, a blend of
 * 0.5 with GL_DST_ALPHA, GL_ZERO (red 0.5; 0.25 when the cleared 0.5 was kept), a glBlitFramebuffer
 * into an RGBA8 FBO cleared to alpha 0 and a glCopyTexImage2D(GL_RGBA8) all see alpha 1. The
 * scenario makes its own 16x16 pbuffer and context of the first RGB8 config with alpha 0 (picked
 * by EGL_ALPHA_SIZE, since eglChooseConfig ranks RGBA first) and switches back after. */
enum { DA_N = 16 };

static EGLint
cfg_attrib(EGLDisplay dpy, EGLConfig c, EGLint a)
{
   EGLint v = -1;
   eglGetConfigAttrib(dpy, c, a, &v);
   return v;
}

/* Every pixel of DA_N x DA_N RGBA8 has alpha 255 and red `red` (within 1; red < 0: any). */
static void
da_check(const char *what, const GLubyte *px, int red)
{
   for (int i = 0; i < DA_N * DA_N; i++)
      if (px[4 * i + 3] != 255 || (red >= 0 && abs(px[4 * i] - red) > 1)) {
         fail("%s: pixel (%d,%d) is (%d,%d,%d,%d), expected alpha 255%s", what, i % DA_N, i / DA_N,
              px[4 * i], px[4 * i + 1], px[4 * i + 2], px[4 * i + 3],
              red >= 0 ? " and red as written" : "");
         return;
      }
}

void
sc_default_fb_no_alpha(void)
{
   EGLDisplay dpy = eglGetCurrentDisplay();
   EGLContext ctx0 = eglGetCurrentContext();
   EGLSurface draw0 = eglGetCurrentSurface(EGL_DRAW), read0 = eglGetCurrentSurface(EGL_READ);
   const EGLint want[] = {EGL_SURFACE_TYPE,
                          EGL_PBUFFER_BIT,
                          EGL_RENDERABLE_TYPE,
                          EGL_OPENGL_BIT,
                          EGL_RED_SIZE,
                          8,
                          EGL_GREEN_SIZE,
                          8,
                          EGL_BLUE_SIZE,
                          8,
                          EGL_ALPHA_SIZE,
                          0,
                          EGL_NONE};
   EGLConfig cfgs[256], cfg = NULL;
   EGLint n = 0;
   if (!eglChooseConfig(dpy, want, cfgs, 256, &n))
      die_setup("eglChooseConfig: 0x%x", eglGetError());
   for (EGLint i = 0; i < n && !cfg; i++)
      if (cfg_attrib(dpy, cfgs[i], EGL_RED_SIZE) == 8 &&
          cfg_attrib(dpy, cfgs[i], EGL_GREEN_SIZE) == 8 &&
          cfg_attrib(dpy, cfgs[i], EGL_BLUE_SIZE) == 8 &&
          cfg_attrib(dpy, cfgs[i], EGL_ALPHA_SIZE) == 0 &&
          cfg_attrib(dpy, cfgs[i], EGL_SAMPLES) == 0)
         cfg = cfgs[i];
   if (!cfg)
      die_setup("default_fb_no_alpha: none of %d configs is RGB8 with alpha 0, single-sample", n);
   const EGLint pb[] = {EGL_WIDTH, DA_N, EGL_HEIGHT, DA_N, EGL_NONE};
   EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, pb);
   const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION,
                              3,
                              EGL_CONTEXT_MINOR_VERSION,
                              3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK,
                              EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
   if (surf == EGL_NO_SURFACE || ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surf, surf, ctx))
      die_setup("default_fb_no_alpha: pbuffer, context or make-current failed: 0x%x",
                eglGetError());

   GLint bits[2] = {-1, -1};
   gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT,
                                          GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE, &bits[0]);
   gl.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT,
                                          GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &bits[1]);
   check_gl_error("GL_FRAMEBUFFER_ATTACHMENT_*_SIZE of GL_BACK_LEFT");
   if (bits[0] != 0 || bits[1] != 8)
      fail("GL_BACK_LEFT: alpha size %d, red size %d; expected 0 and 8", bits[0], bits[1]);

   static const char *vs = "#version 330 core\n"
                           "void main() {\n"
                           "  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, "
                           "gl_VertexID == 2 ? 3.0 : -1.0);\n"
                           "  gl_Position = vec4(p, 0.0, 1.0);\n"
                           "}\n";
   GLuint solid = link_program(vs, FS_UNIFORM), vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   glViewport(0, 0, DA_N, DA_N);
   GLubyte px[DA_N * DA_N * 4];

   glClearColor(0.25f, 0.5f, 0.75f, 0.5f);
   glClear(GL_COLOR_BUFFER_BIT);
   glReadPixels(0, 0, DA_N, DA_N, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check_gl_error("glClear with alpha 0.5");
   da_check("glClear with alpha 0.5, glReadPixels(GL_RGBA)", px, 64);

   gl.UseProgram(solid);
   set_vec4(solid, "u_color", V4(0.75f, 0.5f, 0.25f, 0.3f));
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glReadPixels(0, 0, DA_N, DA_N, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check_gl_error("draw with alpha 0.3");
   da_check("draw with alpha 0.3, glReadPixels(GL_RGBA)", px, 191);

   glClear(GL_COLOR_BUFFER_BIT); /* alpha 0.5 again: what a kept alpha would blend with */
   set_vec4(solid, "u_color", V4(0.5f, 0.5f, 0.5f, 0.5f));
   glEnable(GL_BLEND);
   glBlendFunc(GL_DST_ALPHA, GL_ZERO);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glDisable(GL_BLEND);
   glReadPixels(0, 0, DA_N, DA_N, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check_gl_error("blend with GL_DST_ALPHA");
   da_check("blend of 0.5 with GL_DST_ALPHA, GL_ZERO over a clear of alpha 0.5", px, 128);

   glClear(GL_COLOR_BUFFER_BIT);
   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, DA_N, DA_N, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   if (gl.CheckFramebufferStatus(GL_DRAW_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("default_fb_no_alpha: RGBA8 framebuffer incomplete");
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.BlitFramebuffer(0, 0, DA_N, DA_N, 0, 0, DA_N, DA_N, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   glReadPixels(0, 0, DA_N, DA_N, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check_gl_error("glBlitFramebuffer into RGBA8");
   da_check("glBlitFramebuffer from the default framebuffer into RGBA8", px, 64);

   GLuint ctex;
   glGenTextures(1, &ctex);
   glBindTexture(GL_TEXTURE_2D, ctex);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, DA_N, DA_N, 0);
   memset(px, 0, sizeof px);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check_gl_error("glCopyTexImage2D(GL_RGBA8)");
   da_check("glCopyTexImage2D(GL_RGBA8) from the default framebuffer, glGetTexImage", px, 64);

   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   GLuint texs[2] = {tex, ctex};
   glDeleteTextures(2, texs);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(solid);
   check_gl_error("default_fb_no_alpha");
   if (!eglMakeCurrent(dpy, draw0, read0, ctx0))
      die_setup("default_fb_no_alpha: switching back failed: 0x%x", eglGetError());
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, surf);
}

/* rgb16f: GL_RGB16F rendered and sampled (a colour-renderable format in GL 3.3; the GLES
 * backend keeps it as the host's RGB16F, which renders under EXT_color_buffer_half_float). An
 * 8x8 RGB16F renderbuffer cleared to (0.25, 0.5, 0.75, 0.5) reads back (0.25, 0.5, 0.75, 1)
 * as floats and is blitted to the window's left half; a 2x1 RGB16F texture of (0.2, 0, 1.5) and
 * (0.6, 0.8, 0.1), GL_LINEAR, sampled between its texels fills the right half with
 * (0.4, 0.4, 0.8, 1). */
void
sc_rgb16f(void)
{
   GLuint fbo, rb;
   gl.GenFramebuffers(1, &fbo);
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGB16F, 8, 8);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("an RGB16F renderbuffer's framebuffer is not complete");
   glViewport(0, 0, 8, 8);
   clear_to(V4(0.25f, 0.625f, 0.75f, 0.5f)); /* no channel at an 8-bit tie (x.5) */
   float px[4] = {-1, -1, -1, -1};
   glReadPixels(3, 3, 1, 1, GL_RGBA, GL_FLOAT, px);
   check_gl_error("RGB16F renderbuffer clear and read");
   if (px[0] != 0.25f || px[1] != 0.625f || px[2] != 0.75f || px[3] != 1.0f)
      fail("RGB16F renderbuffer reads (%g, %g, %g, %g), expected (0.25, 0.625, 0.75, 1)", px[0],
           px[1], px[2], px[3]);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   clear_to(bg);
   gl.BlitFramebuffer(0, 0, 8, 8, 0, 0, W / 2, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("blit from RGB16F");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);

   static const float texels[2][3] = {{0.2f, 0.0f, 1.5f}, {0.6f, 0.8f, 0.1f}};
   GLuint tex;
   glGenTextures(1, &tex);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB16F, 2, 1, 0, GL_RGB, GL_FLOAT, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   static const char *fs = "#version 330 core\n"
                           "uniform sampler2D u_tex;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = texture(u_tex, vec2(0.5, 0.5)); }\n";
   GLuint p = link_program(VS_TEXTURED, fs);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   textured_quad_vao(W / 2, 0, W, H);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw sampling RGB16F");
   model m;
   model_init(&m, bg);
   model_rect(&m, 0, 0, W / 2, H, to8(V4(0.25f, 0.625f, 0.75f, 1.0f)));
   model_rect(&m, W / 2, 0, W, H, to8(V4(0.4f, 0.4f, 0.8f, 1.0f)));
   check_frame("RGB16F blitted and sampled", &m);
}

/* Reads pixel (x, y) of the bound read framebuffer as floats and fails unless it is want. */
static void
rgb32f_expect(const char *phase, int x, int y, vec4f want)
{
   float px[4] = {-1, -1, -1, -1};
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, px);
   check_gl_error(phase);
   if (memcmp(px, want.v, sizeof(px)))
      fail("%s: (%d, %d) reads (%g, %g, %g, %g), expected (%g, %g, %g, %g)", phase, x, y, px[0],
           px[1], px[2], px[3], want.v[0], want.v[1], want.v[2], want.v[3]);
}

/* rgb32f_render: a GL_RGB32F texture as a colour attachment (colour-renderable in GL 3.3: the
 * GLES backend's host has no renderable RGB32F, so it keeps it as RGBA32F with alpha 1). An 8x8
 * RGB32F texture uploaded from RGBA texels whose alpha is 0.25 reads alpha 1; cleared to
 * (0.25, 0.4, 0.75, 0.5) it reads (0.25, 0.4, 0.75, 1); a quad of (0.4, 0.4, 0.4, 0.25) blended
 * with (GL_DST_ALPHA, GL_ZERO) over its left half reads (0.4, 0.4, 0.4, 1) there (the
 * destination's alpha is 1 and the quad's alpha is not kept); an RGBA32F texture of alpha 0.25
 * blitted over its top half reads alpha 1. The texture is then sampled into the window, with no
 * value on a rounding tie in 8 bits (0.5 is 127.5: NVIDIA's driver rounds it down). */
void
sc_rgb32f_render(void)
{
   enum { N = 8 };
   static float texels[N * N][4];
   for (int i = 0; i < N * N; i++) {
      texels[i][0] = 0.125f;
      texels[i][1] = 0.375f;
      texels[i][2] = 0.625f;
      texels[i][3] = 0.25f;
   }
   GLuint tex[2], fbo[2];
   glGenTextures(2, tex);
   gl.GenFramebuffers(2, fbo);
   gl.ActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB32F, N, N, 0, GL_RGBA, GL_FLOAT, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("an RGB32F texture's framebuffer is 0x%x, not complete", st);
   rgb32f_expect("RGB32F uploaded with alpha 0.25", 5, 5, V4(0.125f, 0.375f, 0.625f, 1.0f));
   glViewport(0, 0, N, N);
   glClearColor(0.25f, 0.4f, 0.75f, 0.5f);
   glClear(GL_COLOR_BUFFER_BIT);
   rgb32f_expect("RGB32F cleared", 3, 3, V4(0.25f, 0.4f, 0.75f, 1.0f));

   /* the window's pixels: 0..N-1 of the fbo's viewport are the quad's x 0..N/2 */
   GLuint solid = solid_program();
   gl.UseProgram(solid);
   gl.Uniform2f(uloc(solid, "u_offset"), 0.0f, 0.0f);
   set_vec4(solid, "u_color", V4(0.4f, 0.4f, 0.4f, 0.25f));
   float xy[12];
   rect_vertices(xy, 0, 0, 32, 64); /* the left half of the 8x8 target (ndc -1..0) */
   const mesh quad = make_mesh(xy, 6);
   glEnable(GL_BLEND);
   glBlendFunc(GL_DST_ALPHA, GL_ZERO);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_BLEND);
   rgb32f_expect("RGB32F blended with GL_DST_ALPHA", 1, 4, V4(0.4f, 0.4f, 0.4f, 1.0f));
   rgb32f_expect("RGB32F outside the blended quad", 6, 4, V4(0.25f, 0.4f, 0.75f, 1.0f));

   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, N, N, 0, GL_RGBA, GL_FLOAT, texels);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
   gl.FramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
   gl.BlitFramebuffer(0, N / 2, N, N, 0, N / 2, N, N, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl_error("blit from RGBA32F into RGB32F");
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
   rgb32f_expect("RGB32F blitted into from RGBA32F of alpha 0.25", 6, 6,
                 V4(0.125f, 0.375f, 0.625f, 1.0f));
   rgb32f_expect("RGB32F below the blit", 6, 1, V4(0.25f, 0.4f, 0.75f, 1.0f));

   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 0.0f);
   clear_to(bg);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   static const char *fs = "#version 330 core\n"
                           "uniform sampler2D u_tex;\n"
                           "in vec2 v_uv;\n"
                           "out vec4 o_color;\n"
                           "void main() { o_color = texture(u_tex, v_uv); }\n";
   GLuint p = link_program(VS_TEXTURED, fs);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   textured_quad_vao(0, 0, W, H);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw sampling RGB32F");
   model md;
   model_init(&md, bg);
   /* texel rows 0..3: left half blended, right half cleared; rows 4..7: blitted */
   model_rect(&md, 0, 0, W / 2, H / 2, to8(V4(0.4f, 0.4f, 0.4f, 1.0f)));
   model_rect(&md, W / 2, 0, W, H / 2, to8(V4(0.25f, 0.4f, 0.75f, 1.0f)));
   model_rect(&md, 0, H / 2, W, H, to8(V4(0.125f, 0.375f, 0.625f, 1.0f)));
   check_frame("RGB32F sampled", &md);
   gl.DeleteFramebuffers(2, fbo);
   glDeleteTextures(2, tex);
   gl.DeleteVertexArrays(1, &quad.vao);
   gl.DeleteBuffers(1, &quad.vbo);
   gl.DeleteProgram(p);
   gl.DeleteProgram(solid);
}
