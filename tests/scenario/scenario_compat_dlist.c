/* scenario_compat_dlist.c: display lists of a compatibility context holding what the commands
 * read when they were compiled (GL 2.1 §5.4, scenarios.def's es 1): the pixel data of
 * glDrawPixels, glBitmap, glTexImage2D, glTexSubImage2D and glPixelMapfv, unpacked with the
 * unpack state (and from the pixel unpack buffer) of the compile, then drawn or queried after
 * the client's memory, the buffer and the unpack state changed. No program is bound. */
#include "scenario.h"

static void
unpack_defaults(void)
{
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glPixelStorei(GL_UNPACK_LSB_FIRST, GL_FALSE);
}

static rgba8
px8(const GLubyte *p)
{
   rgba8 c = {{p[0], p[1], p[2], p[3]}};
   return c;
}

/* A pixel-space projection and a frame cleared to bg, as m models it. */
static void
pixel_frame(model *m, vec4f bg)
{
   compat_pixel_ortho(-1, 1);
   clear_to(bg);
   model_init(m, bg);
}

/* A 2x2 RGBA texture's texels, read back. */
static void
expect_texels(const char *what, const GLubyte *want)
{
   GLubyte got[16];
   memset(got, 0x5a, sizeof(got));
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check_gl_error(what);
   for (int i = 0; i < 16; i++)
      if (got[i] != want[i]) {
         fail("%s: texel byte %d is %d, want %d", what, i, got[i], want[i]);
         return;
      }
}

/* compat_dlist_pixels: each command compiled with skips, a row length, LSB-first bits or a
 * pixel unpack buffer; the client's bytes, the buffer and the unpack state then change before
 * glCallList, which must draw (or load) what was there at compile time. */
void
sc_compat_dlist_pixels(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   model m;
   pixel_frame(&m, bg);
   GLuint base = glGenLists(6);
   if (!base)
      fail("glGenLists(6) returned 0");

   /* glDrawPixels: a 4x2 image at pixel 2 of row 1 of an 8-pixel-wide client image */
   GLubyte img[8 * 3 * 4], orig[sizeof(img)];
   for (int r = 0; r < 3; r++)
      for (int p = 0; p < 8; p++) {
         GLubyte *t = img + (r * 8 + p) * 4;
         t[0] = (GLubyte)(p * 30);
         t[1] = (GLubyte)(r * 100);
         t[2] = 200;
         t[3] = 255;
      }
   memcpy(orig, img, sizeof(img));
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 8);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
   glRasterPos2i(4, 4);
   glNewList(base, GL_COMPILE);
   glDrawPixels(4, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
   glEndList();
   check_gl_error("glDrawPixels compiled");
   unpack_defaults();
   memset(img, 0, sizeof(img));
   check_frame("a compiled glDrawPixels draws nothing", &m);
   glCallList(base);
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 4; i++)
         model_rect(&m, 4 + i, 4 + j, 5 + i, 5 + j, px8(orig + ((1 + j) * 8 + 2 + i) * 4));
   check_frame("glCallList of glDrawPixels: the image and unpack state of the compile", &m);

   /* glBitmap: bits 0 and 2 of each byte set, read least significant first (pixels 0 and 2;
    * most significant first they would be pixels 5 and 7) */
   GLubyte bits[2] = {0x05, 0x05};
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_UNPACK_LSB_FIRST, GL_TRUE);
   glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
   glRasterPos2i(20, 20);
   glNewList(base + 1, GL_COMPILE);
   glBitmap(8, 2, 0.0f, 0.0f, 10.0f, 0.0f, bits);
   glEndList();
   unpack_defaults();
   bits[0] = bits[1] = 0xff;
   glCallList(base + 1);
   const rgba8 green = to8(V4(0, 1, 0, 1));
   for (int j = 0; j < 2; j++) {
      model_rect(&m, 20, 20 + j, 21, 21 + j, green);
      model_rect(&m, 22, 20 + j, 23, 21 + j, green);
   }
   check_frame("glCallList of glBitmap: the bits as LSB-first unpacked them", &m);
   GLfloat rp[4] = {0};
   glGetFloatv(GL_CURRENT_RASTER_POSITION, rp);
   if (rp[0] != 30.0f || rp[1] != 20.0f)
      fail("raster position after the list's glBitmap: (%g, %g), want (30, 20)", rp[0], rp[1]);

   /* glPixelMapfv: the values of the compile */
   GLfloat map[2] = {0.25f, 0.75f}, got_map[2] = {-1, -1};
   glNewList(base + 2, GL_COMPILE);
   glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 2, map);
   glEndList();
   map[0] = map[1] = 1.0f;
   glCallList(base + 2);
   glGetPixelMapfv(GL_PIXEL_MAP_R_TO_R, got_map);
   GLint map_size = 0;
   glGetIntegerv(GL_PIXEL_MAP_R_TO_R_SIZE, &map_size);
   if (map_size != 2 || got_map[0] != 0.25f || got_map[1] != 0.75f)
      fail("glPixelMapfv from a list: size %d, (%g, %g), want 2, (0.25, 0.75)", map_size,
           got_map[0], got_map[1]);
   const GLfloat zero = 0.0f;
   glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 1, &zero);

   /* glTexImage2D: a 2x2 image at pixel 1 of row 1 of a 4-pixel-wide client image */
   GLubyte tex_src[4 * 3 * 4], tex_want[16];
   for (int i = 0; i < (int)sizeof(tex_src); i++)
      tex_src[i] = (GLubyte)(i * 5 + 3);
   for (int j = 0; j < 2; j++)
      memcpy(tex_want + j * 8, tex_src + ((1 + j) * 4 + 1) * 4, 8);
   for (int i = 0; i < 16; i += 4)
      tex_want[i + 3] = 255; /* opaque, so that GL_REPLACE draws the colour as it is */
   for (int j = 0; j < 2; j++)
      memcpy(tex_src + ((1 + j) * 4 + 1) * 4, tex_want + j * 8, 8);
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 4);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
   glNewList(base + 3, GL_COMPILE);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex_src);
   glEndList();
   unpack_defaults();
   memset(tex_src, 0, sizeof(tex_src));
   glCallList(base + 3);
   expect_texels("glTexImage2D from a list", tex_want);

   /* drawn: each texel covers 4x4 pixels of the rectangle (40, 40)-(48, 48) */
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0);
   glVertex2f(40, 40);
   glTexCoord2f(1, 0);
   glVertex2f(48, 40);
   glTexCoord2f(1, 1);
   glVertex2f(48, 48);
   glTexCoord2f(0, 1);
   glVertex2f(40, 48);
   glEnd();
   glDisable(GL_TEXTURE_2D);
   for (int j = 0; j < 2; j++)
      for (int i = 0; i < 2; i++)
         model_rect(&m, 40 + 4 * i, 40 + 4 * j, 44 + 4 * i, 44 + 4 * j,
                    px8(tex_want + (j * 2 + i) * 4));
   check_frame("the texture a list's glTexImage2D loaded", &m);

   /* glTexSubImage2D from a pixel unpack buffer: its bytes when compiled */
   GLubyte buf_a[16], buf_b[16];
   for (int i = 0; i < 16; i++) {
      buf_a[i] = (GLubyte)(250 - i * 7);
      buf_b[i] = 1;
   }
   GLuint pbo;
   gl.GenBuffers(1, &pbo);
   gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
   gl.BufferData(GL_PIXEL_UNPACK_BUFFER, 16, buf_a, GL_STATIC_DRAW);
   glNewList(base + 4, GL_COMPILE);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, (const void *)0);
   glEndList();
   gl.BufferSubData(GL_PIXEL_UNPACK_BUFFER, 0, 16, buf_b);
   gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
   glCallList(base + 4);
   expect_texels("glTexSubImage2D from a list compiled with a pixel unpack buffer", buf_a);

   /* the list's glDrawPixels inside a glBegin/glEnd: GL_INVALID_OPERATION when it executes */
   glNewList(base + 5, GL_COMPILE);
   glBegin(GL_POINTS);
   glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, orig);
   glEnd();
   glEndList();
   check_gl_error("glBegin, glDrawPixels, glEnd compiled");
   glCallList(base + 5);
   expect_gl_error(GL_INVALID_OPERATION, "glDrawPixels replayed inside glBegin/glEnd");
   check_frame("nothing drawn by the refused glDrawPixels", &m);

   glDeleteLists(base, 6);
   glDeleteTextures(1, &tex);
   check_gl_error("compat_dlist_pixels");
}

/* compat_depth_texture_mode: a depth texture sampled by fixed function reads as
 * GL_DEPTH_TEXTURE_MODE says (GL 2.1 §3.8.4, table 3.20): LUMINANCE (initial), INTENSITY,
 * ALPHA and RED (GL 3.0), each through GL_MODULATE with a white fragment colour, where the
 * mode's base format decides what the environment takes (ALPHA keeps the fragment's colour). */
void
sc_compat_depth_texture_mode(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   model m;
   pixel_frame(&m, bg);
   const GLfloat depth[2] = {0.25f, 0.75f};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 2, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                depth);
   GLint mode = 0;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, &mode);
   if (mode != GL_LUMINANCE)
      fail("initial GL_DEPTH_TEXTURE_MODE 0x%04x, want GL_LUMINANCE", mode);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_RGBA);
   expect_gl_error(GL_INVALID_ENUM, "GL_DEPTH_TEXTURE_MODE GL_RGBA");
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   glColor4f(1.0f, 1.0f, 1.0f, 1.0f);
   const GLenum modes[4] = {GL_LUMINANCE, GL_INTENSITY, GL_ALPHA, GL_RED};
   for (int k = 0; k < 4; k++) {
      glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, (GLint)modes[k]);
      const float y0 = 4.0f + 12.0f * (float)k;
      glBegin(GL_QUADS);
      glTexCoord2f(0, 0);
      glVertex2f(8, y0);
      glTexCoord2f(1, 0);
      glVertex2f(24, y0);
      glTexCoord2f(1, 1);
      glVertex2f(24, y0 + 8);
      glTexCoord2f(0, 1);
      glVertex2f(8, y0 + 8);
      glEnd();
      for (int i = 0; i < 2; i++) {
         const float d = depth[i];
         const vec4f c = k == 0   ? V4(d, d, d, 1.0f)
                         : k == 1 ? V4(d, d, d, d)
                         : k == 2 ? V4(1.0f, 1.0f, 1.0f, d)
                                  : V4(d, 0.0f, 0.0f, 1.0f);
         model_rect(&m, 8 + 8 * i, (int)y0, 16 + 8 * i, (int)y0 + 8, to8(c));
      }
   }
   glDisable(GL_TEXTURE_2D);
   check_gl_error("depth texture modes");
   check_frame("a depth texture through each GL_DEPTH_TEXTURE_MODE", &m);

   /* a GLSL 1.10 program's texture2D reads the texel the mode makes: ALPHA (0, 0, 0, d) */
   GLuint p = link_program(
      "#version 110\n"
      "void main() { gl_TexCoord[0] = gl_MultiTexCoord0; gl_Position = ftransform(); }\n",
      "#version 110\n"
      "uniform sampler2D t;\n"
      "void main() { gl_FragColor = texture2D(t, gl_TexCoord[0].xy); }\n");
   gl.UseProgram(p);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0);
   glVertex2f(40, 4);
   glTexCoord2f(1, 0);
   glVertex2f(56, 4);
   glTexCoord2f(1, 1);
   glVertex2f(56, 12);
   glTexCoord2f(0, 1);
   glVertex2f(40, 12);
   glEnd();
   gl.UseProgram(0);
   for (int i = 0; i < 2; i++)
      model_rect(&m, 40 + 8 * i, 4, 48 + 8 * i, 12, to8(V4(0.0f, 0.0f, 0.0f, depth[i])));
   check_gl_error("a GLSL program sampling the depth texture");
   check_frame("a GLSL 1.10 program sampling the depth texture in GL_ALPHA mode", &m);
   glDeleteTextures(1, &tex);
}

/* A 16x8 quad at (x0, y0) with texture coordinates (s, t, 0.5, 1): r = 0.5 is the reference a
 * fixed-function comparison takes. */
static void
shadow_quad(float x0, float y0)
{
   glBegin(GL_QUADS);
   glTexCoord4f(0, 0, 0.5f, 1);
   glVertex2f(x0, y0);
   glTexCoord4f(1, 0, 0.5f, 1);
   glVertex2f(x0 + 16, y0);
   glTexCoord4f(1, 1, 0.5f, 1);
   glVertex2f(x0 + 16, y0 + 8);
   glTexCoord4f(0, 1, 0.5f, 1);
   glVertex2f(x0, y0 + 8);
   glEnd();
}

/* The vector GL_DEPTH_TEXTURE_MODE k (LUMINANCE, INTENSITY, ALPHA, RED) makes of r. */
static vec4f
depth_mode_vec(int k, float r)
{
   return k == 0   ? V4(r, r, r, 1.0f)
          : k == 1 ? V4(r, r, r, r)
          : k == 2 ? V4(0.0f, 0.0f, 0.0f, r)
                   : V4(r, 0.0f, 0.0f, 1.0f);
}

static GLuint
shadow_depth_texture(void)
{
   const GLfloat depth[2] = {0.25f, 0.75f}; /* against 0.5 under GL_LEQUAL: 0, then 1 */
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 2, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                depth);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   return tex;
}

/* compat_shadow_depth_mode: with GL_TEXTURE_COMPARE_MODE on, a depth texture's comparison r
 * reads as its GL_DEPTH_TEXTURE_MODE says (GL 2.1 §3.8.14, table 3.20: LUMINANCE (r, r, r, 1),
 * INTENSITY (r, r, r, r), ALPHA (0, 0, 0, r), RED (r, 0, 0, 1)) in fixed function (through
 * GL_REPLACE, the mode's base format deciding what the environment takes) and from GLSL
 * 1.10's shadow2D(), a uniform sampler and an element of a sampler array; a GLSL 1.30 shadow
 * texture() returns the comparison in every mode (GL_ALPHA's too). */
void
sc_compat_shadow_depth_mode(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   model m;
   pixel_frame(&m, bg);
   GLuint tex = shadow_depth_texture();
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   /* alpha 0.6 is 153 exactly; 0.5 (127.5) may round either way (NVIDIA writes 127) */
   glColor4f(0.0f, 0.0f, 1.0f, 0.6f);
   GLuint p110 = link_program(
      "#version 110\n"
      "void main() { gl_TexCoord[0] = gl_MultiTexCoord0; gl_Position = ftransform(); }\n",
      "#version 110\n"
      "uniform sampler2DShadow t;\n"
      "void main() { gl_FragColor = shadow2D(t, vec3(gl_TexCoord[0].xy, 0.5)); }\n");
   const GLenum modes[4] = {GL_LUMINANCE, GL_INTENSITY, GL_ALPHA, GL_RED};
   for (int k = 0; k < 4; k++) {
      glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, (GLint)modes[k]);
      const float y0 = 4.0f + 12.0f * (float)k;
      glEnable(GL_TEXTURE_2D);
      shadow_quad(8, y0);
      glDisable(GL_TEXTURE_2D);
      gl.UseProgram(p110);
      shadow_quad(32, y0);
      gl.UseProgram(0);
      for (int i = 0; i < 2; i++) {
         const vec4f c = depth_mode_vec(k, (float)i);
         /* GL_REPLACE of an ALPHA texel keeps the fragment's colour; of one without alpha
          * (LUMINANCE, RED) the fragment's alpha */
         const vec4f ff = k == 2   ? V4(0.0f, 0.0f, 1.0f, c.v[3])
                          : k == 1 ? c
                                   : V4(c.v[0], c.v[1], c.v[2], 0.6f);
         model_rect(&m, 8 + 8 * i, (int)y0, 16 + 8 * i, (int)y0 + 8, to8(ff));
         model_rect(&m, 32 + 8 * i, (int)y0, 40 + 8 * i, (int)y0 + 8, to8(c));
      }
   }
   check_gl_error("shadow lookups in each depth mode");
   check_frame("fixed function and shadow2D() through each GL_DEPTH_TEXTURE_MODE", &m);

   /* GLSL 1.30: the comparison itself, GL_ALPHA mode included */
   GLuint p130 =
      link_program("#version 130\n"
                   "out vec2 st;\n"
                   "void main() { st = gl_MultiTexCoord0.xy; gl_Position = ftransform(); }\n",
                   "#version 130\n"
                   "uniform sampler2DShadow t;\n"
                   "in vec2 st;\n"
                   "void main() { gl_FragColor = vec4(texture(t, vec3(st, 0.5))); }\n");
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
   gl.UseProgram(p130);
   shadow_quad(8, 52);
   /* an array's elements, each through its own texture's mode: LUMINANCE's rgb and ALPHA's a */
   GLuint tex2 = shadow_depth_texture();
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);
   gl.ActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_2D, tex);
   gl.ActiveTexture(GL_TEXTURE0);
   GLuint parr = link_program(
      "#version 120\n"
      "void main() { gl_TexCoord[0] = gl_MultiTexCoord0; gl_Position = ftransform(); }\n",
      "#version 120\n"
      "uniform sampler2DShadow ta[2];\n"
      "void main() { vec3 p = vec3(gl_TexCoord[0].xy, 0.5);\n"
      "   gl_FragColor = vec4(shadow2D(ta[0], p).rgb, shadow2D(ta[1], p).a); }\n");
   gl.UseProgram(parr);
   gl.Uniform1i(gl.GetUniformLocation(parr, "ta[1]"), 1);
   shadow_quad(32, 52);
   gl.UseProgram(0);
   for (int i = 0; i < 2; i++) {
      const float r = (float)i;
      model_rect(&m, 8 + 8 * i, 52, 16 + 8 * i, 60, to8(V4(r, r, r, r)));
      model_rect(&m, 32 + 8 * i, 52, 40 + 8 * i, 60, to8(V4(r, r, r, r)));
   }
   check_gl_error("GLSL 1.30 shadow texture() and a sampler array");
   check_frame("a GLSL 1.30 comparison in GL_ALPHA mode, and shadow2D() of array elements", &m);
   glDeleteTextures(1, &tex);
   glDeleteTextures(1, &tex2);
}

/* compat_dlist_arrays: draws from vertex arrays compiled into display lists take the vertices
 * the arrays held when the list was compiled (GL 2.1 §5.4): client memory, a buffer object's
 * data and an element array buffer's indices are all read then. Every array the draw uses is
 * changed (moved, recoloured, disabled) after glEndList; glCallList must draw the compiled
 * quads, with their compiled colours and texture coordinates of unit 1, and nothing else. */
void
sc_compat_dlist_arrays(void)
{
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const rgba8 red = {{255, 0, 0, 255}}, green = {{0, 255, 0, 255}}, blue = {{0, 0, 255, 255}},
               yellow = {{255, 255, 0, 255}}, cyan = {{0, 255, 255, 255}},
               white = {{255, 255, 255, 255}}, magenta = {{255, 0, 255, 255}};
   model m;
   pixel_frame(&m, bg);
   glShadeModel(GL_FLAT);
   GLuint base = glGenLists(8);
   if (!base)
      fail("glGenLists(8) returned 0");

   /* A [4,20)x[4,20): glDrawArrays of client-memory positions and colours */
   float xy[8] = {4, 4, 20, 4, 20, 20, 4, 20};
   GLubyte rgba[4][4] = {{255, 0, 0, 255}, {255, 0, 0, 255}, {255, 0, 0, 255}, {255, 0, 0, 255}};
   glVertexPointer(2, GL_FLOAT, 0, xy);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, rgba);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_COLOR_ARRAY);
   glNewList(base, GL_COMPILE);
   glDrawArrays(GL_QUADS, 0, 4);
   glEndList();
   check_gl_error("glDrawArrays compiled");
   check_frame("GL_COMPILE draws nothing", &m);
   for (int i = 0; i < 8; i += 2)
      xy[i] += 40; /* the arrays now name C's square, blue */
   for (int v = 0; v < 4; v++)
      rgba[v][0] = 0, rgba[v][2] = 255;
   glCallList(base);
   model_rect(&m, 4, 4, 20, 4 + 16, red);
   check_frame("glDrawArrays from a list after the arrays changed", &m);

   /* B [24,40)x[4,20): glDrawElements, client indices, texture coordinates of unit 1 picking
    * the white texel of a 2x1 texture modulating a green colour array */
   const GLubyte texels[8] = {0, 0, 0, 255, 255, 255, 255, 255};
   GLuint tex;
   glGenTextures(1, &tex);
   gl.ActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
   glEnable(GL_TEXTURE_2D);
   gl.ActiveTexture(GL_TEXTURE0);
   float xy_b[8] = {24, 4, 40, 4, 40, 20, 24, 20};
   float st[8] = {0.75f, 0.5f, 0.75f, 0.5f, 0.75f, 0.5f, 0.75f, 0.5f};
   GLubyte rgba_b[4][4] = {{0, 255, 0, 255}, {0, 255, 0, 255}, {0, 255, 0, 255}, {0, 255, 0, 255}};
   GLushort idx[6] = {0, 1, 2, 0, 2, 3};
   glVertexPointer(2, GL_FLOAT, 0, xy_b);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, rgba_b);
   glClientActiveTexture(GL_TEXTURE1);
   glTexCoordPointer(2, GL_FLOAT, 0, st);
   glEnableClientState(GL_TEXTURE_COORD_ARRAY);
   glNewList(base + 1, GL_COMPILE);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx);
   glEndList();
   for (int i = 0; i < 8; i += 2)
      st[i] = 0.25f; /* the black texel */
   for (int v = 0; v < 4; v++)
      rgba_b[v][0] = 255;
   idx[2] = 1; /* degenerate triangles */
   idx[5] = 0;
   glDisableClientState(GL_TEXTURE_COORD_ARRAY);
   glClientActiveTexture(GL_TEXTURE0);
   glCallList(base + 1);
   model_rect(&m, 24, 4, 40, 20, green);
   check_frame("glDrawElements from a list after indices, colours and texcoords changed", &m);
   gl.ActiveTexture(GL_TEXTURE1);
   glDisable(GL_TEXTURE_2D);
   gl.ActiveTexture(GL_TEXTURE0);

   /* C [44,60)x[4,20): positions in a buffer object, indices in an element array buffer; both
    * buffers rewritten after the compile */
   const float xy_c[8] = {44, 4, 60, 4, 60, 20, 44, 20};
   const float xy_moved[8] = {44, 44, 60, 44, 60, 60, 44, 60};
   const GLuint idx_c[4] = {0, 1, 2, 3}, idx_moved[4] = {0, 0, 0, 0};
   GLubyte rgba_c[4][4] = {{0, 0, 255, 255}, {0, 0, 255, 255}, {0, 0, 255, 255}, {0, 0, 255, 255}};
   GLuint bufs[2];
   gl.GenBuffers(2, bufs);
   gl.BindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof xy_c, xy_c, GL_STATIC_DRAW);
   glVertexPointer(2, GL_FLOAT, 0, (void *)0);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, rgba_c);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[1]);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx_c, idx_c, GL_STATIC_DRAW);
   glNewList(base + 2, GL_COMPILE);
   glDrawElements(GL_QUADS, 4, GL_UNSIGNED_INT, (void *)0);
   glEndList();
   gl.BufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof idx_moved, idx_moved);
   gl.BindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof xy_moved, xy_moved);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   glDisableClientState(GL_COLOR_ARRAY);
   glColor4ub(255, 0, 255, 255);
   glCallList(base + 2);
   model_rect(&m, 44, 4, 60, 20, blue);
   check_frame("glDrawElements from a list after both buffers changed", &m);

   /* D [4,20)x[24,40): GL_COMPILE_AND_EXECUTE draws now, and again from the list later */
   float xy_d[8] = {4, 24, 20, 24, 20, 40, 4, 40};
   GLubyte rgba_d[4][4] = {
      {255, 255, 0, 255}, {255, 255, 0, 255}, {255, 255, 0, 255}, {255, 255, 0, 255}};
   glVertexPointer(2, GL_FLOAT, 0, xy_d);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, rgba_d);
   glEnableClientState(GL_COLOR_ARRAY);
   glNewList(base + 3, GL_COMPILE_AND_EXECUTE);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   glEndList();
   model_rect(&m, 4, 24, 20, 40, yellow);
   check_frame("GL_COMPILE_AND_EXECUTE draws at once", &m);
   clear_to(bg);
   model_init(&m, bg);
   memset(xy_d, 0, sizeof xy_d);
   memset(rgba_d, 0, sizeof rgba_d);
   glCallList(base);
   glCallList(base + 1);
   glCallList(base + 2);
   glCallList(base + 3);
   model_rect(&m, 4, 4, 20, 20, red);
   model_rect(&m, 44, 4, 60, 20, blue);
   model_rect(&m, 4, 24, 20, 40, yellow);
   /* B's texture is off now: the compiled green colour alone */
   model_rect(&m, 24, 4, 40, 20, green);
   check_frame("every list again after clearing the arrays", &m);

   /* E [24,40)x[24,40) and [44,60)x[24,40): glMultiDrawArrays of two quads, cyan and white */
   float xy_e[16] = {24, 24, 40, 24, 40, 40, 24, 40, 44, 24, 60, 24, 60, 40, 44, 40};
   GLubyte rgba_e[8][4];
   for (int v = 0; v < 8; v++) {
      const rgba8 c = v < 4 ? cyan : white;
      memcpy(rgba_e[v], c.c, 4);
   }
   const GLint firsts[2] = {0, 4};
   const GLsizei counts[2] = {4, 4};
   glVertexPointer(2, GL_FLOAT, 0, xy_e);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, rgba_e);
   glNewList(base + 4, GL_COMPILE);
   gl.MultiDrawArrays(GL_QUADS, firsts, counts, 2);
   glEndList();
   memset(xy_e, 0, sizeof xy_e);
   glCallList(base + 4);
   model_rect(&m, 24, 24, 40, 40, cyan);
   model_rect(&m, 44, 24, 60, 40, white);
   check_frame("glMultiDrawArrays from a list", &m);

   /* F [4,20)x[44,60): glArrayElement between glBegin and glEnd in a list; G [24,40)x[44,60):
    * glMultiDrawElements of two triangles */
   float xy_f[8] = {4, 44, 20, 44, 20, 60, 4, 60};
   GLubyte rgba_f[4][4] = {
      {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}, {255, 0, 255, 255}};
   glVertexPointer(2, GL_FLOAT, 0, xy_f);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, rgba_f);
   glNewList(base + 5, GL_COMPILE);
   glBegin(GL_QUADS);
   for (int v = 0; v < 4; v++)
      glArrayElement(v);
   glEnd();
   glEndList();
   float xy_g[8] = {24, 44, 40, 44, 40, 60, 24, 60};
   GLubyte rgba_g[4][4] = {{255, 0, 0, 255}, {255, 0, 0, 255}, {255, 0, 0, 255}, {255, 0, 0, 255}};
   const GLubyte tri0[3] = {0, 1, 2}, tri1[3] = {0, 2, 3};
   const GLsizei tri_counts[2] = {3, 3};
   const void *tris[2] = {tri0, tri1};
   glVertexPointer(2, GL_FLOAT, 0, xy_g);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, rgba_g);
   glNewList(base + 6, GL_COMPILE);
   gl.MultiDrawElements(GL_TRIANGLES, tri_counts, GL_UNSIGNED_BYTE, tris, 2);
   glEndList();
   memset(xy_f, 0, sizeof xy_f);
   memset(xy_g, 0, sizeof xy_g);
   glDisableClientState(GL_VERTEX_ARRAY);
   glDisableClientState(GL_COLOR_ARRAY);
   glCallList(base + 5);
   glCallList(base + 6);
   model_rect(&m, 4, 44, 20, 60, magenta);
   model_rect(&m, 24, 44, 40, 60, red);
   check_frame("glArrayElement and glMultiDrawElements from lists", &m);
   check_gl_error("lists of array draws");

   /* H [44,50)x[44,50) and [54,60)x[54,60): one glDrawElements of two strips cut by primitive
    * restart, which the compile resolves (restart is off when the list executes) */
   float xy_h[16] = {44, 44, 50, 44, 44, 50, 50, 50, 54, 54, 60, 54, 54, 60, 60, 60};
   GLubyte rgba_h[8][4];
   memset(rgba_h, 255, sizeof rgba_h);
   const GLushort strips[9] = {0, 1, 2, 3, 0xffff, 4, 5, 6, 7};
   glVertexPointer(2, GL_FLOAT, 0, xy_h);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, rgba_h);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_COLOR_ARRAY);
   glEnable(GL_PRIMITIVE_RESTART);
   gl.PrimitiveRestartIndex(0xffff);
   glNewList(base + 7, GL_COMPILE);
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_SHORT, strips);
   glEndList();
   glDisable(GL_PRIMITIVE_RESTART);
   memset(xy_h, 0, sizeof xy_h);
   glCallList(base + 7);
   model_rect(&m, 44, 44, 50, 50, white);
   model_rect(&m, 54, 54, 60, 60, white);
   check_frame("two strips cut by primitive restart when compiled", &m);
   glDisableClientState(GL_VERTEX_ARRAY);
   glDisableClientState(GL_COLOR_ARRAY);
   check_gl_error("primitive restart in a list");

   /* a refused draw is recorded: its error is raised when the list executes */
   glNewList(base + 7, GL_COMPILE);
   glDrawArrays(GL_TRIANGLES, 0, -1);
   glEndList();
   check_gl_error("refused draws compiled");
   glCallList(base + 7);
   expect_gl_error(GL_INVALID_VALUE, "glDrawArrays(count -1) replayed");
   check_frame("nothing drawn by the refused draws", &m);

   glShadeModel(GL_SMOOTH);
   glDeleteLists(base, 8);
   glDeleteTextures(1, &tex);
   gl.DeleteBuffers(2, bufs);
   check_gl_error("compat_dlist_arrays");
}
