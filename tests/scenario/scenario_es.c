/* scenario_es.c: scenarios of OpenGL ES 2.0/3.0 contexts. */
#include "scenario.h"

static void
expect_get_error(GLenum want, const char *what)
{
   GLenum e = glGetError();
   if (e != want)
      fail("%s: glGetError() = 0x%04x, expected 0x%04x", what, (unsigned)e, (unsigned)want);
}

/* A shader that must not compile; its log must contain `says`. */
static void
expect_compile_refused(GLenum type, const char *src, const char *says)
{
   GLuint sh = gl.CreateShader(type);
   gl.ShaderSource(sh, 1, &src, NULL);
   gl.CompileShader(sh);
   GLint ok = 1;
   gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   char log[4096] = "";
   gl.GetShaderInfoLog(sh, sizeof log, NULL, log);
   if (ok || !strstr(log, says))
      fail("shader compiled=%d, log \"%s\" (expected a refusal saying \"%s\")", ok, log, says);
   gl.DeleteShader(sh);
}

/* Positions (window pixels) and a colour per vertex, interleaved, for a rectangle. */
static GLuint
rect_colour_vbo(float x0, float y0, float x1, float y1, vec4f c)
{
   float q[12], data[6 * 6];
   rect_vertices(q, x0, y0, x1, y1);
   for (int k = 0; k < 6; k++) {
      data[6 * k] = q[2 * k];
      data[6 * k + 1] = q[2 * k + 1];
      memcpy(&data[6 * k + 2], c.v, 16);
   }
   GLuint vbo;
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)0);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)(2 * sizeof(float)));
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);
   return vbo;
}

/* es2: an OpenGL ES 2.0 context (or a later one, as EGL allows). Its version strings;
 * GL_MAJOR_VERSION is not an ES 2.0 query;
 * GLSL ES 1.00 (no #version, attribute/varying, precision, gl_FragColor) draws, through vertex
 * array object zero, which ES keeps as a default one (a core profile would refuse the draw). */
void
sc_es2(void)
{
   int version = es_version(20);
   GLint major = -1;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   if (version == 20)
      expect_get_error(GL_INVALID_ENUM, "glGetIntegerv(GL_MAJOR_VERSION) on ES 2.0");
   else if (major != version / 10)
      fail("GL_MAJOR_VERSION %d on OpenGL ES %d.%d", major, version / 10, version % 10);
   check_gl_error("version queries");

   const char *vs = "attribute vec2 a_pos;\n"
                    "attribute vec4 a_color;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "#ifdef GL_ES\nprecision mediump float;\n#endif\n"
                    "varying lowp vec4 v_color;\n"
                    "uniform vec4 u_tint;\n"
                    "void main() { gl_FragColor = v_color * u_tint; }\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, NULL);
   gl.UseProgram(p);
   set_vec4(p, "u_tint", V4(1.0f, 1.0f, 1.0f, 1.0f));
   const vec4f bg = V4(0.0f, 0.0f, 0.2f, 1.0f), col = V4(0.8f, 0.4f, 0.2f, 1.0f);
   rect_colour_vbo(8, 12, 44, 52, col);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw with vertex array object zero");
   if (version == 20) {
      /* ES 2.0 2.8: no integer, half-float (but for OES_vertex_half_float's own enum) or
       * 2_10_10_10 attribute types; GL_FIXED is ES's own (es_fixed draws with it) */
      static const GLenum desktop_only[] = {GL_INT,
                                            GL_UNSIGNED_INT,
                                            GL_HALF_FLOAT,
                                            GL_INT_2_10_10_10_REV,
                                            GL_UNSIGNED_INT_2_10_10_10_REV,
                                            GL_DOUBLE};
      for (size_t k = 0; k < sizeof desktop_only / sizeof desktop_only[0]; k++) {
         gl.VertexAttribPointer(3, 4, desktop_only[k], GL_FALSE, 0, (void *)0);
         char what[96];
         snprintf(what, sizeof what, "glVertexAttribPointer(0x%04x) on ES 2.0",
                  (unsigned)desktop_only[k]);
         expect_gl_error(GL_INVALID_ENUM, what);
      }
      gl.VertexAttribPointer(3, 4, GL_FIXED, GL_FALSE, 0, (void *)0);
      check_gl_error("glVertexAttribPointer(GL_FIXED)");
      gl.VertexAttribPointer(3, 4, 0x8D61 /* GL_HALF_FLOAT_OES */, GL_FALSE, 0, (void *)0);
      check_gl_error("glVertexAttribPointer(GL_HALF_FLOAT_OES)");
   }

   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 12, 44, 52, to8(col));
   check_frame("es2", &m);
}

/* es_fixed: GL_FIXED (16.16) vertex attributes on OpenGL ES 2.0, converted to floats by the
 * client: positions and colours from client memory (left rectangle), interleaved in a buffer
 * and drawn from vertex 6 on (middle), fixed positions from a buffer beside float colours from
 * another (right, with glDrawElements of client-side indices). */
#define FX(f) ((GLint)((f)*65536.0f))

static void
fixed_rect(GLint *out, int stride_words, float x0, float y0, float x1, float y1)
{
   const float q[12] = {x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1};
   for (int k = 0; k < 6; k++) {
      out[k * stride_words] = FX(q[2 * k]);
      out[k * stride_words + 1] = FX(q[2 * k + 1]);
   }
}

void
sc_es_fixed(void)
{
   es_version(20);
   const char *vs = "attribute vec2 a_pos;\n"
                    "attribute vec4 a_color;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "precision mediump float;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() { gl_FragColor = v_color; }\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, NULL);
   gl.UseProgram(p);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const vec4f ca = V4(1.0f, 0.2f, 0.0f, 1.0f), cb = V4(0.0f, 0.8f, 0.6f, 1.0f),
               cc = V4(0.2f, 0.4f, 1.0f, 1.0f);
   clear_to(bg);
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);

   /* client memory: tight positions, colours with a stride of their own */
   GLint pos_a[12], col_a[6 * 5];
   fixed_rect(pos_a, 2, 4, 8, 20, 56);
   for (int k = 0; k < 6; k++)
      for (int c = 0; c < 4; c++)
         col_a[k * 5 + c] = FX(ca.v[c]);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   gl.VertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 0, pos_a);
   gl.VertexAttribPointer(1, 4, GL_FIXED, GL_FALSE, 5 * 4, col_a);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("GL_FIXED client-side arrays");

   /* one buffer, position and colour interleaved (6 words a vertex); vertices 0-5 are junk
    * that a draw from vertex 6 must not read */
   GLint inter[12 * 6];
   for (int k = 0; k < 12 * 6; k++)
      inter[k] = FX(-3.0f);
   fixed_rect(inter + 6 * 6, 6, 24, 8, 40, 56);
   for (int k = 6; k < 12; k++)
      for (int c = 0; c < 4; c++)
         inter[k * 6 + 2 + c] = FX(cb.v[c]);
   GLuint vbo[3];
   gl.GenBuffers(3, vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo[0]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof inter, inter, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 6 * 4, (void *)0);
   gl.VertexAttribPointer(1, 4, GL_FIXED, GL_TRUE, 6 * 4, (void *)8); /* normalized: no effect */
   glDrawArrays(GL_TRIANGLES, 6, 6);
   check_gl_error("GL_FIXED interleaved buffer");

   /* fixed positions from a buffer, float colours from another, client-side indices */
   GLint pos_c[8];
   const float qc[8] = {44, 8, 60, 8, 60, 56, 44, 56};
   for (int k = 0; k < 8; k++)
      pos_c[k] = FX(qc[k]);
   float col_c[16];
   for (int k = 0; k < 4; k++)
      memcpy(&col_c[4 * k], cc.v, 16);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo[1]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof pos_c, pos_c, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 0, (void *)0);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo[2]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof col_c, col_c, GL_STATIC_DRAW);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, (void *)0);
   static const GLushort idx[6] = {0, 1, 2, 0, 2, 3};
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx);
   check_gl_error("GL_FIXED positions beside float colours");

   GLint type = 0;
   PFNGLGETVERTEXATTRIBIVPROC get_attrib =
      (PFNGLGETVERTEXATTRIBIVPROC)eglGetProcAddress("glGetVertexAttribiv");
   if (!get_attrib)
      die_setup("glGetVertexAttribiv is missing from eglGetProcAddress");
   get_attrib(0, GL_VERTEX_ATTRIB_ARRAY_TYPE, &type);
   if (type != GL_FIXED)
      fail("GL_VERTEX_ATTRIB_ARRAY_TYPE 0x%04x, expected GL_FIXED", (unsigned)type);

   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 8, 20, 56, to8(ca));
   model_rect(&m, 24, 8, 40, 56, to8(cb));
   model_rect(&m, 44, 8, 60, 56, to8(cc));
   check_frame("es_fixed", &m);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   gl.DeleteBuffers(3, vbo);
}

/* es2_ext: OpenGL ES 2.0's extensions, through their own entry points: a vertex array object
 * of GL_OES_vertex_array_object, a GLSL ES 1.00 shader writing gl_FragData[0] and [1]
 * (GL_EXT_draw_buffers, glDrawBuffersEXT on two colour attachments) and gl_FragDepthEXT
 * (GL_EXT_frag_depth: the second rectangle is nearer only through the depth it writes, so the
 * overlap shows it), then glDiscardFramebufferEXT. Both attachments are read back. */
typedef void (*es2_drawbuffers_fn)(GLsizei, const GLenum *);

typedef void (*es2_discard_fn)(GLenum, GLsizei, const GLenum *);

typedef void (*es2_genvao_fn)(GLsizei, GLuint *);

typedef void (*es2_bindvao_fn)(GLuint);

void
sc_es2_ext(void)
{
   es_version(20);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   static const char *const need[] = {"GL_EXT_draw_buffers", "GL_EXT_frag_depth",
                                      "GL_EXT_discard_framebuffer", "GL_OES_vertex_array_object"};
   for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
      if (!ext || !strstr(ext, need[k]))
         fail("GL_EXTENSIONS \"%s\" lacks %s", ext ? ext : "(null)", need[k]);
   es2_drawbuffers_fn draw_buffers = (es2_drawbuffers_fn)eglGetProcAddress("glDrawBuffersEXT");
   es2_discard_fn discard = (es2_discard_fn)eglGetProcAddress("glDiscardFramebufferEXT");
   es2_genvao_fn gen_vao = (es2_genvao_fn)eglGetProcAddress("glGenVertexArraysOES");
   es2_bindvao_fn bind_vao = (es2_bindvao_fn)eglGetProcAddress("glBindVertexArrayOES");
   if (!draw_buffers || !discard || !gen_vao || !bind_vao)
      die_setup("an ES 2.0 extension entry point is missing from eglGetProcAddress");

   GLuint tex[2], rb, fbo, vao;
   glGenTextures(2, tex);
   for (int k = 0; k < 2; k++) {
      glBindTexture(GL_TEXTURE_2D, tex[k]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   }
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, W, H);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
   GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("two-attachment FBO status 0x%04x", (unsigned)st);
   const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   draw_buffers(2, bufs);
   check_gl_error("glDrawBuffersEXT");

   const char *vs = "attribute vec2 a_pos;\n"
                    "attribute vec4 a_color;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "#extension GL_EXT_draw_buffers : require\n"
                    "#extension GL_EXT_frag_depth : enable\n"
                    "precision mediump float;\n"
                    "varying lowp vec4 v_color;\n"
                    "uniform float u_depth;\n"
                    "void main() {\n"
                    "  gl_FragData[0] = v_color;\n"
                    "  gl_FragData[1] = vec4(1.0) - v_color;\n"
                    "  gl_FragDepthEXT = u_depth;\n"
                    "}\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, NULL);
   gl.UseProgram(p);
   gen_vao(1, &vao);
   bind_vao(vao);
   check_gl_error("glBindVertexArrayOES");

   glViewport(0, 0, W, H);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   const vec4f far_c = V4(0.8f, 0.2f, 0.0f, 1.0f), near_c = V4(0.0f, 0.6f, 0.4f, 1.0f);
   clear_to(bg);
   glClear(GL_DEPTH_BUFFER_BIT);
   /* the nominal depth of both is 0.5: only gl_FragDepthEXT puts the second one in front */
   gl.Uniform1f(uloc(p, "u_depth"), 0.75f);
   GLuint vbo1 = rect_colour_vbo(8, 8, 40, 40, far_c);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.Uniform1f(uloc(p, "u_depth"), 0.25f);
   GLuint vbo2 = rect_colour_vbo(24, 24, 56, 56, near_c);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draws into two attachments");
   glDisable(GL_DEPTH_TEST);

   model m0, m1;
   model_init(&m0, bg);
   model_rect(&m0, 8, 8, 40, 40, to8(far_c));
   model_rect(&m0, 24, 24, 56, 56, to8(near_c));
   model_init(&m1, bg);
   model_rect(&m1, 8, 8, 40, 40, to8(V4(0.2f, 0.8f, 1.0f, 0.0f)));
   model_rect(&m1, 24, 24, 56, 56, to8(V4(1.0f, 0.4f, 0.6f, 0.0f)));
   check_frame("gl_FragData[0], gl_FragDepthEXT", &m0);
   /* the second attachment, read through an FBO of its own (ES 2.0 reads COLOR_ATTACHMENT0) */
   GLuint rfbo;
   gl.GenFramebuffers(1, &rfbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, rfbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
   check_frame("gl_FragData[1]", &m1);

   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   const GLenum gone[] = {GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT};
   discard(GL_FRAMEBUFFER, 2, gone);
   check_gl_error("glDiscardFramebufferEXT");
   discard(GL_FRAMEBUFFER, 1, &bufs[1]); /* only COLOR_ATTACHMENT0 names colour there */
   expect_get_error(GL_INVALID_ENUM, "glDiscardFramebufferEXT(GL_COLOR_ATTACHMENT1)");

   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   bind_vao(0);
   gl.DeleteBuffers(1, &vbo1);
   gl.DeleteBuffers(1, &vbo2);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteFramebuffers(1, &rfbo);
   gl.DeleteRenderbuffers(1, &rb);
   glDeleteTextures(2, tex);
   /* the default framebuffer, cleared: what this scenario leaves for its final frame */
   clear_to(bg);
   model mf;
   model_init(&mf, bg);
   check_frame("es2_ext", &mf);
}

/* es2_probe: the OpenGL ES 2.0 extensions real programs probe for, each through its own names
 * and each drawing: a buffer filled through glMapBufferOES (and glMapBufferRangeEXT), two
 * instances through glVertexAttribDivisorEXT/glDrawArraysInstancedEXT, and textures sampled at
 * one texel each: BGRA_EXT bytes, HALF_FLOAT_OES and FLOAT texels above 1 (an 8-bit store would
 * clamp them), an ETC1 block, a glTexImage3DOES slice through GLSL ES 1.00's texture3D
 * (GL_OES_texture_3D), GL_RG_EXT, UNSIGNED_INT_2_10_10_10_REV; and dFdx/dFdy of gl_FragCoord
 * (GL_OES_standard_derivatives), which are exactly 1. */
typedef void *(*es2_map_fn)(GLenum, GLenum);

typedef GLboolean (*es2_unmap_fn)(GLenum);

typedef void (*es2_bufptr_fn)(GLenum, GLenum, void **);

typedef void *(*es2_maprange_fn)(GLenum, GLintptr, GLsizeiptr, GLbitfield);

typedef void (*es2_divisor_fn)(GLuint, GLuint);

typedef void (*es2_instanced_fn)(GLenum, GLint, GLsizei, GLsizei);

typedef void (*es2_teximage3d_fn)(GLenum, GLint, GLenum, GLsizei, GLsizei, GLsizei, GLint, GLenum,
                                  GLenum, const void *);

/* A rectangle's six vertices and one colour each, interleaved as rect_colour_vbo's. */
static void
rect_colour_data(float *out36, float x0, float y0, float x1, float y1, vec4f c)
{
   float q[12];
   rect_vertices(q, x0, y0, x1, y1);
   for (int k = 0; k < 6; k++) {
      out36[6 * k] = q[2 * k];
      out36[6 * k + 1] = q[2 * k + 1];
      memcpy(&out36[6 * k + 2], c.v, 16);
   }
}

/* One texel of the bound 2D/3D texture, scaled, drawn over a rectangle. */
static void
probe_sampled(GLuint p, int x0, int y0, int x1, int y1, float scale)
{
   gl.UseProgram(p);
   gl.Uniform1f(uloc(p, "u_scale"), scale);
   GLuint vbo = rect_colour_vbo((float)x0, (float)y0, (float)x1, (float)y1, V4(0, 0, 0, 0));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vbo);
}

static GLuint
probe_texture(GLenum target)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(target, t);
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   return t;
}

void
sc_es2_probe(void)
{
   es_version(20);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   static const char *const need[] = {"GL_OES_mapbuffer",
                                      "GL_EXT_map_buffer_range",
                                      "GL_OES_texture_half_float",
                                      "GL_OES_texture_float",
                                      "GL_EXT_texture_format_BGRA8888",
                                      "GL_OES_compressed_ETC1_RGB8_texture",
                                      "GL_OES_texture_3D",
                                      "GL_OES_standard_derivatives",
                                      "GL_EXT_texture_rg",
                                      "GL_EXT_texture_type_2_10_10_10_REV"};
   for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
      if (!ext || !strstr(ext, need[k]))
         fail("GL_EXTENSIONS lacks %s", need[k]);
   /* Mesa offers EXT_draw_instanced, not EXT_instanced_arrays: instancing where it is offered */
   const bool instanced = ext && strstr(ext, "GL_EXT_instanced_arrays");
   if (!instanced)
      skipped("GL_EXT_instanced_arrays (not offered)");
   es2_map_fn map = (es2_map_fn)eglGetProcAddress("glMapBufferOES");
   es2_unmap_fn unmap = (es2_unmap_fn)eglGetProcAddress("glUnmapBufferOES");
   es2_bufptr_fn bufptr = (es2_bufptr_fn)eglGetProcAddress("glGetBufferPointervOES");
   es2_maprange_fn maprange = (es2_maprange_fn)eglGetProcAddress("glMapBufferRangeEXT");
   es2_divisor_fn divisor = (es2_divisor_fn)eglGetProcAddress("glVertexAttribDivisorEXT");
   es2_instanced_fn draw_inst = (es2_instanced_fn)eglGetProcAddress("glDrawArraysInstancedEXT");
   es2_teximage3d_fn teximage3d = (es2_teximage3d_fn)eglGetProcAddress("glTexImage3DOES");
   if (!map || !unmap || !bufptr || !maprange || !teximage3d ||
       (instanced && (!divisor || !draw_inst)))
      die_setup("an ES 2.0 extension entry point is missing from eglGetProcAddress");

   const char *vs = "attribute vec2 a_pos;\n"
                    "attribute vec4 a_color;\n"
                    "attribute vec2 a_off;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4((a_pos + a_off) / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "precision mediump float;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() { gl_FragColor = v_color; }\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {"a_off", 2}, {NULL, 0}};
   GLuint pc = link_program_b(vs, fs, attribs, NULL);
   gl.UseProgram(pc);
   gl.VertexAttrib2f(2, 0.0f, 0.0f);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   glViewport(0, 0, W, H);
   clear_to(bg);
   model m;
   model_init(&m, bg);

   /* OES_mapbuffer: a whole buffer written through the map (row 0, left) */
   const vec4f cmap = V4(1.0f, 0.6f, 0.2f, 1.0f), crange = V4(0.2f, 0.4f, 1.0f, 1.0f);
   float junk[72];
   for (int k = 0; k < 72; k++)
      junk[k] = -5.0f;
   GLuint vbo;
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof junk, junk, GL_DYNAMIC_DRAW);
   if (map(GL_ARRAY_BUFFER, GL_READ_ONLY) != NULL)
      fail("glMapBufferOES(GL_READ_ONLY) mapped");
   expect_gl_error(GL_INVALID_ENUM, "glMapBufferOES(GL_READ_ONLY)");
   float *w = map(GL_ARRAY_BUFFER, GL_WRITE_ONLY);
   check_gl_error("glMapBufferOES(GL_WRITE_ONLY_OES)");
   void *ptr = NULL;
   bufptr(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &ptr);
   if (!w || ptr != (void *)w)
      fail("glMapBufferOES gave %p, GL_BUFFER_MAP_POINTER_OES %p", (void *)w, ptr);
   if (w) {
      rect_colour_data(w, 2, 2, 14, 14, cmap);
      rect_colour_data(w + 36, -10, -10, -2, -2, cmap); /* off screen: EXT_map_buffer_range's */
   }
   if (unmap(GL_ARRAY_BUFFER) != GL_TRUE)
      fail("glUnmapBufferOES returned false");
   /* EXT_map_buffer_range: the second rectangle alone, its range invalidated */
   float *r = maprange(GL_ARRAY_BUFFER, 36 * sizeof(float), 36 * sizeof(float),
                       GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   check_gl_error("glMapBufferRangeEXT");
   if (r)
      rect_colour_data(r, 16, 2, 28, 14, crange);
   else
      fail("glMapBufferRangeEXT returned NULL");
   unmap(GL_ARRAY_BUFFER);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)0);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)(2 * sizeof(float)));
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLES, 0, 12);
   check_gl_error("draw from the mapped buffer");
   model_rect(&m, 2, 2, 14, 14, to8(cmap));
   model_rect(&m, 16, 2, 28, 14, to8(crange));

   /* EXT_instanced_arrays: one rectangle, two instances 16 pixels apart (row 0, right) */
   if (instanced) {
      const vec4f cinst = V4(0.4f, 1.0f, 0.4f, 1.0f);
      GLuint vq = rect_colour_vbo(32, 2, 44, 14, cinst);
      const float offs[4] = {0.0f, 0.0f, 16.0f, 0.0f};
      GLuint vo;
      gl.GenBuffers(1, &vo);
      gl.BindBuffer(GL_ARRAY_BUFFER, vo);
      gl.BufferData(GL_ARRAY_BUFFER, sizeof offs, offs, GL_STATIC_DRAW);
      gl.VertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
      gl.EnableVertexAttribArray(2);
      divisor(2, 1);
      draw_inst(GL_TRIANGLES, 0, 6, 2);
      check_gl_error("glDrawArraysInstancedEXT");
      divisor(2, 0);
      gl.DisableVertexAttribArray(2);
      gl.VertexAttrib2f(2, 0.0f, 0.0f);
      gl.DeleteBuffers(1, &vq);
      gl.DeleteBuffers(1, &vo);
      model_rect(&m, 32, 2, 44, 14, to8(cinst));
      model_rect(&m, 48, 2, 60, 14, to8(cinst));
   }

   /* textures: one texel each, times u_scale */
   const char *fs2 =
      "precision mediump float;\n"
      "uniform sampler2D u_tex;\n"
      "uniform float u_scale;\n"
      "void main() { gl_FragColor = texture2D(u_tex, vec2(0.75, 0.25)) * u_scale; }\n";
   const char *fs3 = "#extension GL_OES_texture_3D : enable\n"
                     "precision mediump float;\n"
                     "uniform mediump sampler3D u_tex;\n"
                     "uniform float u_scale;\n"
                     "void main() {\n"
                     "#ifdef GL_OES_texture_3D\n"
                     "  gl_FragColor = texture3D(u_tex, vec3(0.5, 0.5, 0.75)) * u_scale;\n"
                     "#endif\n"
                     "}\n";
   const char *fsd = "#extension GL_OES_standard_derivatives : enable\n"
                     "precision mediump float;\n"
                     "uniform float u_scale;\n"
                     "void main() {\n"
                     "  gl_FragColor = vec4(dFdx(gl_FragCoord.x), dFdy(gl_FragCoord.y),\n"
                     "                      fwidth(gl_FragCoord.x) * u_scale, 1.0);\n"
                     "}\n";
   GLuint p2 = link_program_b(vs, fs2, attribs, NULL);
   GLuint p3 = link_program_b(vs, fs3, attribs, NULL);
   GLuint pd = link_program_b(vs, fsd, attribs, NULL);
   GLuint tex[7];
   /* EXT_texture_format_BGRA8888: texel (1,0) is blue 0x20, green 0x80, red 0xf0 */
   const uint8_t bgra[16] = {0, 0, 0, 255, 0x20, 0x80, 0xf0, 255, 0, 0, 0, 255, 0, 0, 0, 255};
   tex[0] = probe_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, 0x80E1 /* GL_BGRA_EXT */, 2, 2, 0, 0x80E1, GL_UNSIGNED_BYTE,
                bgra);
   check_gl_error("glTexImage2D(GL_BGRA_EXT)");
   probe_sampled(p2, 2, 18, 14, 30, 1.0f);
   model_rect(&m, 2, 18, 14, 30, (rgba8){{0xf0, 0x80, 0x20, 255}});
   /* OES_texture_half_float: 2.0 and 0.5 survive; halved on the way out */
   const uint16_t h2 = 0x4000, h05 = 0x3800, h1 = 0x3c00, h0 = 0;
   const uint16_t half[16] = {h0, h0, h0, h1, h2, h05, h0, h2, h0, h0, h0, h1, h0, h0, h0, h1};
   tex[1] = probe_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, 0x8D61 /* GL_HALF_FLOAT_OES */, half);
   check_gl_error("glTexImage2D(GL_HALF_FLOAT_OES)");
   probe_sampled(p2, 16, 18, 28, 30, 0.5f);
   model_rect(&m, 16, 18, 28, 30, to8(V4(1.0f, 0.25f, 0.0f, 1.0f)));
   /* OES_texture_float: 4.0 and 2.4, quartered (0.6: no rounding tie) */
   const float flt[16] = {0, 0, 0, 1, 2.4f, 4.0f, 1.0f, 4.0f, 0, 0, 0, 1, 0, 0, 0, 1};
   tex[2] = probe_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_FLOAT, flt);
   check_gl_error("glTexImage2D(GL_FLOAT)");
   probe_sampled(p2, 32, 18, 44, 30, 0.25f);
   model_rect(&m, 32, 18, 44, 30, to8(V4(0.6f, 1.0f, 0.25f, 1.0f)));
   /* OES_compressed_ETC1_RGB8_texture: individual mode, colours 8,4,12 (x17), table 0, every
    * pixel index 0 (+2): (138, 70, 206) everywhere */
   const uint8_t etc1[8] = {0x88, 0x44, 0xcc, 0x00, 0, 0, 0, 0};
   tex[3] = probe_texture(GL_TEXTURE_2D);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, 0x8D64 /* GL_ETC1_RGB8_OES */, 4, 4, 0, 8, etc1);
   check_gl_error("glCompressedTexImage2D(GL_ETC1_RGB8_OES)");
   probe_sampled(p2, 48, 18, 60, 30, 1.0f);
   model_rect(&m, 48, 18, 60, 30, (rgba8){{138, 70, 206, 255}});
   /* OES_texture_3D: the second of two slices */
   const uint8_t slices[8] = {255, 0, 0, 255, 0x30, 0xc0, 0x60, 255};
   tex[4] = probe_texture(GL_TEXTURE_3D);
   glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
   check_gl_error("GL_TEXTURE_WRAP_R_OES");
   teximage3d(GL_TEXTURE_3D, 0, GL_RGBA, 1, 1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, slices);
   check_gl_error("glTexImage3DOES");
   probe_sampled(p3, 2, 34, 14, 46, 1.0f);
   model_rect(&m, 2, 34, 14, 46, (rgba8){{0x30, 0xc0, 0x60, 255}});
   /* EXT_texture_rg: GL_RG_EXT bytes; blue 0, alpha 1 */
   const uint8_t rg[8] = {0, 0, 0x40, 0xa0, 0, 0, 0, 0};
   tex[5] = probe_texture(GL_TEXTURE_2D);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RG, 2, 2, 0, GL_RG, GL_UNSIGNED_BYTE, rg);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   check_gl_error("glTexImage2D(GL_RG_EXT)");
   probe_sampled(p2, 16, 34, 28, 46, 1.0f);
   model_rect(&m, 16, 34, 28, 46, (rgba8){{0x40, 0xa0, 0, 255}});
   /* EXT_texture_type_2_10_10_10_REV: red 1023, green 0, blue 1023, alpha 3 */
   const uint32_t packed = 1023u | (0u << 10) | (1023u << 20) | (3u << 30);
   const uint32_t p1010[4] = {0, packed, 0, 0};
   tex[6] = probe_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, p1010);
   check_gl_error("glTexImage2D(GL_UNSIGNED_INT_2_10_10_10_REV_EXT)");
   probe_sampled(p2, 32, 34, 44, 46, 1.0f);
   model_rect(&m, 32, 34, 44, 46, (rgba8){{255, 0, 255, 255}});
   /* OES_standard_derivatives: d(x)/dx = d(y)/dy = fwidth(x) = 1 */
   gl.UseProgram(pd);
   glHint(0x8B8B /* GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES */, GL_NICEST);
   check_gl_error("GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES");
   probe_sampled(pd, 48, 34, 60, 46, 0.6f);
   model_rect(&m, 48, 34, 60, 46, to8(V4(1.0f, 1.0f, 0.6f, 1.0f)));

   check_frame("es2_probe", &m);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   gl.DeleteBuffers(1, &vbo);
   glDeleteTextures(7, tex);
   gl.UseProgram(0);
   gl.DeleteProgram(pc);
   gl.DeleteProgram(p2);
   gl.DeleteProgram(p3);
   gl.DeleteProgram(pd);
}

/* es2_probe_fbo: more ES 2.0 extensions, drawing: an FBO of an RGB8_OES colour and a
 * DEPTH_COMPONENT24_OES depth renderbuffer (OES_rgb8_rgba8, OES_depth24), blended with MAX_EXT
 * (EXT_blend_minmax) and read back as BGRA_EXT bytes (EXT_read_format_bgra); an
 * ANY_SAMPLES_PASSED_EXT query through glBeginQueryEXT (EXT_occlusion_query_boolean), true for
 * a visible draw and false for one outside the viewport; two rectangles in one
 * glMultiDrawArraysEXT (EXT_multi_draw_arrays). */
typedef void (*es2_genq_fn)(GLsizei, GLuint *);

typedef void (*es2_beginq_fn)(GLenum, GLuint);

typedef void (*es2_endq_fn)(GLenum);

typedef void (*es2_getqu_fn)(GLuint, GLenum, GLuint *);

typedef void (*es2_multidraw_fn)(GLenum, const GLint *, const GLsizei *, GLsizei);

void
sc_es2_probe_fbo(void)
{
   es_version(20);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   static const char *const need[] = {"GL_OES_rgb8_rgba8", "GL_OES_depth24", "GL_EXT_blend_minmax",
                                      "GL_EXT_read_format_bgra", "GL_EXT_multi_draw_arrays"};
   for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
      if (!ext || !strstr(ext, need[k]))
         fail("GL_EXTENSIONS lacks %s", need[k]);
   const bool occlusion = ext && strstr(ext, "GL_EXT_occlusion_query_boolean");
   if (!occlusion)
      skipped("GL_EXT_occlusion_query_boolean (not offered)");
   es2_genq_fn genq = (es2_genq_fn)eglGetProcAddress("glGenQueriesEXT");
   es2_beginq_fn beginq = (es2_beginq_fn)eglGetProcAddress("glBeginQueryEXT");
   es2_endq_fn endq = (es2_endq_fn)eglGetProcAddress("glEndQueryEXT");
   es2_getqu_fn getqu = (es2_getqu_fn)eglGetProcAddress("glGetQueryObjectuivEXT");
   es2_multidraw_fn multidraw = (es2_multidraw_fn)eglGetProcAddress("glMultiDrawArraysEXT");
   if (!multidraw || (occlusion && (!genq || !beginq || !endq || !getqu)))
      die_setup("an ES 2.0 extension entry point is missing from eglGetProcAddress");

   const char *vs = "attribute vec2 a_pos;\n"
                    "attribute vec4 a_color;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "precision mediump float;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() { gl_FragColor = v_color; }\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, NULL);
   gl.UseProgram(p);
   glViewport(0, 0, W, H);

   GLuint rb[2], fbo;
   gl.GenRenderbuffers(2, rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, 0x8051 /* GL_RGB8_OES */, W, H);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   gl.RenderbufferStorage(GL_RENDERBUFFER, 0x81A6 /* GL_DEPTH_COMPONENT24_OES */, W, H);
   check_gl_error("RGB8_OES and DEPTH_COMPONENT24_OES renderbuffers");
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("RGB8_OES + DEPTH_COMPONENT24_OES framebuffer status 0x%04x", (unsigned)st);
   glClearColor(0.2f, 0.8f, 0.2f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glEnable(GL_BLEND);
   gl.BlendEquation(0x8008 /* GL_MAX_EXT */);
   check_gl_error("glBlendEquation(GL_MAX_EXT)");
   GLuint vbo = rect_colour_vbo(8, 8, 40, 40, V4(0.6f, 0.4f, 0.2f, 1.0f));
   GLuint q[2] = {0, 0};
   if (occlusion) {
      genq(2, q);
      beginq(GL_ANY_SAMPLES_PASSED, q[0]);
   }
   glDrawArrays(GL_TRIANGLES, 0, 6);
   if (occlusion) {
      endq(GL_ANY_SAMPLES_PASSED);
      /* the same rectangle again, behind the depth it wrote: no sample passes GL_LESS */
      beginq(GL_ANY_SAMPLES_PASSED, q[1]);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      endq(GL_ANY_SAMPLES_PASSED);
      check_gl_error("ANY_SAMPLES_PASSED_EXT queries");
   }
   glDisable(GL_BLEND);
   glDisable(GL_DEPTH_TEST);
   gl.BlendEquation(GL_FUNC_ADD);
   uint8_t px[4] = {0, 0, 0, 0}, bg[4] = {0, 0, 0, 0};
   glReadPixels(20, 20, 1, 1, 0x80E1 /* GL_BGRA_EXT */, GL_UNSIGNED_BYTE, px);
   glReadPixels(50, 50, 1, 1, 0x80E1, GL_UNSIGNED_BYTE, bg);
   check_gl_error("glReadPixels(GL_BGRA_EXT)");
   /* max((0.2, 0.8, 0.2), (0.6, 0.4, 0.2)) = (0.6, 0.8, 0.2), as B, G, R, A */
   if (abs(px[0] - 51) > 1 || abs(px[1] - 204) > 1 || abs(px[2] - 153) > 1 || px[3] != 255)
      fail("MAX_EXT blend read as BGRA: (%u,%u,%u,%u), expected (51,204,153,255)", px[0], px[1],
           px[2], px[3]);
   if (abs(bg[0] - 51) > 1 || abs(bg[1] - 204) > 1 || abs(bg[2] - 51) > 1 || bg[3] != 255)
      fail("clear read as BGRA: (%u,%u,%u,%u), expected (51,204,51,255)", bg[0], bg[1], bg[2],
           bg[3]);
   if (occlusion) {
      GLuint any[2] = {7, 7};
      getqu(q[0], GL_QUERY_RESULT, &any[0]);
      getqu(q[1], GL_QUERY_RESULT, &any[1]);
      check_gl_error("glGetQueryObjectuivEXT");
      if (any[0] != GL_TRUE || any[1] != GL_FALSE)
         fail("ANY_SAMPLES_PASSED_EXT: visible draw %u, hidden draw %u (expected 1 and 0)", any[0],
              any[1]);
   }

   /* EXT_multi_draw_arrays into the default framebuffer */
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   const vec4f back = V4(0.0f, 0.0f, 0.0f, 1.0f), ca = V4(1.0f, 0.4f, 0.0f, 1.0f),
               cb = V4(0.0f, 0.6f, 1.0f, 1.0f);
   clear_to(back);
   float data[12 * 6];
   rect_colour_data(data, 4, 4, 28, 60, ca);
   rect_colour_data(data + 36, 36, 4, 60, 60, cb);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)0);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(float), (void *)(2 * sizeof(float)));
   const GLint first[2] = {0, 6};
   const GLsizei count[2] = {6, 6};
   multidraw(GL_TRIANGLES, first, count, 2);
   check_gl_error("glMultiDrawArraysEXT");
   model m;
   model_init(&m, back);
   model_rect(&m, 4, 4, 28, 60, to8(ca));
   model_rect(&m, 36, 4, 60, 60, to8(cb));
   check_frame("es2_probe_fbo", &m);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   gl.DeleteBuffers(1, &vbo);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(2, rb);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
}

/* es2_probe_more: the rest of the ES 2.0 extensions mgl offers, drawing. Top row: a depth
 * texture written as an FBO's depth and one uploaded as UNSIGNED_SHORT, sampled
 * (OES_depth_texture); a DEPTH_STENCIL_OES texture as an FBO's depth and stencil, a stencilled
 * draw (OES_packed_depth_stencil); mipmap level 1 cleared through an FBO and read back
 * (OES_fbo_render_mipmap, read inside the scenario). Second row: a 3-texel-wide texture with
 * mipmaps and REPEAT (OES_texture_npot); half-float and float texels 0 and 2 filtered LINEAR
 * half way (OES_texture_half_float_linear, OES_texture_float_linear); an ETC1 block replaced by
 * glCompressedTexSubImage2D (EXT_compressed_ETC1_RGB8_sub_texture). Third row: the second
 * rectangle of a buffer through glDrawElementsBaseVertexEXT and glDrawElementsBaseVertexOES
 * (EXT_/OES_draw_elements_base_vertex); draws under glBeginConditionalRenderNV of a passed and
 * a failed occlusion query (NV_conditional_render). */
typedef void (*es2_basevertex_fn)(GLenum, GLsizei, GLenum, const void *, GLint);

typedef void (*es2_condrender_fn)(GLuint, GLenum);

typedef void (*es2_endcond_fn)(void);

typedef void (*es2_csub_fn)(GLenum, GLint, GLint, GLint, GLsizei, GLsizei, GLenum, GLsizei,
                            const void *);

void
sc_es2_probe_more(void)
{
   es_version(20);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   static const char *const need[] = {"GL_OES_depth_texture",
                                      "GL_OES_packed_depth_stencil",
                                      "GL_OES_fbo_render_mipmap",
                                      "GL_OES_texture_npot",
                                      "GL_OES_texture_half_float_linear",
                                      "GL_EXT_compressed_ETC1_RGB8_sub_texture",
                                      "GL_EXT_draw_elements_base_vertex",
                                      "GL_OES_draw_elements_base_vertex"};
   for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
      if (!ext || !strstr(ext, need[k]))
         fail("GL_EXTENSIONS lacks %s", need[k]);
   /* mgl offers OES_texture_float_linear; a peer may not (Zink on lavapipe), and without it
    * a LINEAR float texture is incomplete (OES_texture_float) */
   const bool float_linear = ext && strstr(ext, "GL_OES_texture_float_linear");
   if (!float_linear && on_mgl())
      fail("GL_EXTENSIONS lacks GL_OES_texture_float_linear");
   else if (!float_linear)
      skipped("GL_OES_texture_float_linear (not offered)");
   const bool cond = ext && strstr(ext, "GL_NV_conditional_render") &&
                     strstr(ext, "GL_EXT_occlusion_query_boolean");
   if (!cond)
      skipped("GL_NV_conditional_render (not offered)");
   es2_basevertex_fn bv_ext = (es2_basevertex_fn)eglGetProcAddress("glDrawElementsBaseVertexEXT");
   es2_basevertex_fn bv_oes = (es2_basevertex_fn)eglGetProcAddress("glDrawElementsBaseVertexOES");
   es2_condrender_fn begin_cond =
      (es2_condrender_fn)eglGetProcAddress("glBeginConditionalRenderNV");
   es2_endcond_fn end_cond = (es2_endcond_fn)eglGetProcAddress("glEndConditionalRenderNV");
   es2_genq_fn genq = (es2_genq_fn)eglGetProcAddress("glGenQueriesEXT");
   es2_beginq_fn beginq = (es2_beginq_fn)eglGetProcAddress("glBeginQueryEXT");
   es2_endq_fn endq = (es2_endq_fn)eglGetProcAddress("glEndQueryEXT");
   es2_csub_fn csub = (es2_csub_fn)eglGetProcAddress("glCompressedTexSubImage2D");
   if (!bv_ext || !bv_oes || !csub ||
       (cond && (!begin_cond || !end_cond || !genq || !beginq || !endq)))
      die_setup("an ES 2.0 extension entry point is missing from eglGetProcAddress");

   const char *vs = "attribute vec2 a_pos;\n"
                    "attribute vec4 a_color;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fsc = "precision mediump float;\n"
                     "varying lowp vec4 v_color;\n"
                     "void main() { gl_FragColor = v_color; }\n";
   /* the red channel alone: ES 2.0 reads a depth texture as luminance, ES 3.0 as red */
   const char *fst = "precision mediump float;\n"
                     "uniform sampler2D u_tex;\n"
                     "uniform vec2 u_tc;\n"
                     "uniform float u_scale;\n"
                     "uniform float u_red_only;\n"
                     "void main() {\n"
                     "  vec4 t = texture2D(u_tex, u_tc) * u_scale;\n"
                     "  gl_FragColor = u_red_only > 0.5 ? vec4(t.r, 0.0, 0.0, 1.0) : t;\n"
                     "}\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
   GLuint pc = link_program_b(vs, fsc, attribs, NULL);
   GLuint pt = link_program_b(vs, fst, attribs, NULL);
   const vec4f bg = V4(0.0f, 0.0f, 0.0f, 1.0f);
   model m;
   model_init(&m, bg);
   GLuint vbo;
   gl.GenBuffers(1, &vbo);
   float data[18 * 6];
   /* textured probes: one rectangle, its texel chosen by u_tc */
#define PROBE(x0, y0, x1, y1, tcs, tct, scale, red)                                                \
   do {                                                                                            \
      gl.BindFramebuffer(GL_FRAMEBUFFER, 0);                                                       \
      glViewport(0, 0, W, H);                                                                      \
      gl.UseProgram(pt);                                                                           \
      gl.Uniform2f(uloc(pt, "u_tc"), tcs, tct);                                                    \
      gl.Uniform1f(uloc(pt, "u_scale"), scale);                                                    \
      gl.Uniform1f(uloc(pt, "u_red_only"), red);                                                   \
      rect_colour_data(data, x0, y0, x1, y1, bg);                                                  \
      gl.BindBuffer(GL_ARRAY_BUFFER, vbo);                                                         \
      gl.BufferData(GL_ARRAY_BUFFER, 36 * sizeof(float), data, GL_STREAM_DRAW);                    \
      gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);                             \
      gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);                             \
      gl.EnableVertexAttribArray(0);                                                               \
      gl.EnableVertexAttribArray(1);                                                               \
      glDrawArrays(GL_TRIANGLES, 0, 6);                                                            \
   } while (0)

   glViewport(0, 0, W, H);
   clear_to(bg);
   GLuint tex[8], fbo[3];
   glGenTextures(8, tex);
   gl.GenFramebuffers(3, fbo);

   /* OES_depth_texture: depth written by a draw at z 0 (window depth 0.5), then sampled */
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, W, H, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT,
                NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("glTexImage2D(GL_DEPTH_COMPONENT, GL_UNSIGNED_INT)");
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex[1], 0);
   GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("depth-texture framebuffer status 0x%04x", (unsigned)st);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   gl.UseProgram(pc);
   GLuint vq = rect_colour_vbo(0, 0, 32, 64, V4(1, 1, 1, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_DEPTH_TEST);
   gl.DeleteBuffers(1, &vq);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   PROBE(2, 50, 10, 62, 0.25f, 0.5f, 0.8f, 1.0f);  /* drawn: 0.5, x 0.8 (0.5 is a rounding tie) */
   PROBE(10, 50, 14, 62, 0.75f, 0.5f, 1.0f, 1.0f); /* cleared: 1.0 */
   model_rect(&m, 2, 50, 10, 62, to8(V4(0.4f, 0, 0, 1)));
   model_rect(&m, 10, 50, 14, 62, to8(V4(1.0f, 0, 0, 1)));
   /* ... and uploaded: texel (1,0) is 0xc000 */
   const GLushort depth16[4] = {0, 0xc000, 0, 0};
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 2, 2, 0, GL_DEPTH_COMPONENT,
                GL_UNSIGNED_SHORT, depth16);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("glTexImage2D(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, data)");
   PROBE(16, 50, 24, 62, 0.75f, 0.25f, 1.0f, 1.0f);
   model_rect(&m, 16, 50, 24, 62, to8(V4((float)0xc000 / 65535.0f, 0, 0, 1)));

   /* OES_packed_depth_stencil: stencil 1 written where a rectangle is, then a full draw that
    * passes only there */
   glBindTexture(GL_TEXTURE_2D, tex[3]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glBindTexture(GL_TEXTURE_2D, tex[4]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, W, H, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8,
                NULL);
   check_gl_error("glTexImage2D(GL_DEPTH_STENCIL_OES, GL_UNSIGNED_INT_24_8_OES)");
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[3], 0);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex[4], 0);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex[4], 0);
   st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("DEPTH_STENCIL_OES framebuffer status 0x%04x", (unsigned)st);
   glClearColor(0, 0, 0, 1);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_STENCIL_TEST);
   gl.UseProgram(pc);
   glStencilFunc(GL_ALWAYS, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   vq = rect_colour_vbo(32, 0, 64, 64, V4(1, 1, 1, 1)); /* right half: stencil 1 */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vq);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glStencilFunc(GL_EQUAL, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   vq = rect_colour_vbo(0, 0, 64, 64, V4(0.2f, 0.6f, 1.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vq);
   glDisable(GL_STENCIL_TEST);
   check_gl_error("stencilled draws");
   glBindTexture(GL_TEXTURE_2D, tex[3]);
   PROBE(26, 50, 30, 62, 0.25f, 0.5f, 1.0f, 0.0f); /* stencil 0: cleared */
   PROBE(30, 50, 38, 62, 0.75f, 0.5f, 1.0f, 0.0f); /* stencil 1: drawn */
   model_rect(&m, 26, 50, 30, 62, to8(V4(0, 0, 0, 1)));
   model_rect(&m, 30, 50, 38, 62, to8(V4(0.2f, 0.6f, 1.0f, 1.0f)));

   /* OES_fbo_render_mipmap: level 1 of an 8x8 texture cleared through an FBO and read back */
   glBindTexture(GL_TEXTURE_2D, tex[5]);
   for (int l = 0; l < 4; l++)
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, 8 >> l, 8 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo[2]);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[5], 1);
   check_gl_error("glFramebufferTexture2D(level 1)");
   st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("level-1 framebuffer status 0x%04x", (unsigned)st);
   glClearColor(0.4f, 0.8f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   uint8_t lv[4 * 16];
   memset(lv, 0, sizeof lv);
   glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, lv);
   check_gl_error("reading level 1");
   for (int k = 0; k < 16; k++)
      if (abs(lv[4 * k] - 102) > 1 || abs(lv[4 * k + 1] - 204) > 1 || lv[4 * k + 2] ||
          lv[4 * k + 3] != 255) {
         fail("level 1 texel %d: (%u,%u,%u,%u), expected (102,204,0,255)", k, lv[4 * k],
              lv[4 * k + 1], lv[4 * k + 2], lv[4 * k + 3]);
         break;
      }

   /* OES_texture_npot: 3x1 with mipmaps and REPEAT; s = 1 + 1/6 repeats to texel 0 */
   const uint8_t npot[12] = {0xe0, 0x40, 0x20, 255, 0, 255, 0, 255, 0, 0, 255, 255};
   glBindTexture(GL_TEXTURE_2D, tex[6]);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 3, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, npot);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   gl.GenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
   check_gl_error("NPOT texture with mipmaps and REPEAT");
   PROBE(2, 34, 14, 46, 1.0f + 1.0f / 6.0f, 0.5f, 1.0f, 0.0f);
   model_rect(&m, 2, 34, 14, 46, (rgba8){{0xe0, 0x40, 0x20, 255}});

   /* OES_texture_half_float_linear, OES_texture_float_linear: texels 0 and 2 (red), 0 and 1
    * (alpha) filtered half way: 1 and 0.5, times 0.8 (0.5 would make a rounding tie) */
   const GLushort hl[8] = {0, 0, 0, 0, 0x4000, 0, 0, 0x3c00};
   const float fl[8] = {0, 0, 0, 0, 2.0f, 0, 0, 1.0f};
   glBindTexture(GL_TEXTURE_2D, tex[7]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, 0x8D61 /* GL_HALF_FLOAT_OES */, hl);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   check_gl_error("LINEAR half-float texture");
   PROBE(16, 34, 28, 46, 0.5f, 0.5f, 0.8f, 0.0f);
   model_rect(&m, 16, 34, 28, 46, to8(V4(0.8f, 0, 0, 0.4f)));
   GLuint tf;
   glGenTextures(1, &tf);
   glBindTexture(GL_TEXTURE_2D, tf);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_FLOAT, fl);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   check_gl_error("LINEAR float texture");
   if (float_linear) {
      PROBE(30, 34, 42, 46, 0.5f, 0.5f, 0.8f, 0.0f);
      model_rect(&m, 30, 34, 42, 46, to8(V4(0.8f, 0, 0, 0.4f)));
   }

   /* EXT_compressed_ETC1_RGB8_sub_texture: the right block of an 8x4 ETC1 image replaced */
   const uint8_t etc1[16] = {0x88, 0x44, 0xcc, 0, 0, 0, 0, 0, 0x88, 0x44, 0xcc, 0, 0, 0, 0, 0};
   const uint8_t etc1b[8] = {0x2e, 0xa2, 0x6a, 0, 0, 0, 0, 0}; /* 2,14 / 10,2 / 6,10: left */
   GLuint te;
   glGenTextures(1, &te);
   glBindTexture(GL_TEXTURE_2D, te);
   gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, 0x8D64 /* GL_ETC1_RGB8_OES */, 8, 4, 0, 16, etc1);
   csub(GL_TEXTURE_2D, 0, 4, 0, 4, 4, 0x8D64, 8, etc1b);
   check_gl_error("glCompressedTexSubImage2D(GL_ETC1_RGB8_OES)");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   PROBE(44, 34, 50, 46, 0.25f, 0.5f, 1.0f, 0.0f);
   PROBE(50, 34, 56, 46, 0.625f, 0.5f, 1.0f, 0.0f); /* left half of the new block: sub-block 1 */
   model_rect(&m, 44, 34, 50, 46, (rgba8){{138, 70, 206, 255}});
   model_rect(&m, 50, 34, 56, 46, (rgba8){{2 * 17 + 2, 10 * 17 + 2, 6 * 17 + 2, 255}});

   /* EXT_ and OES_draw_elements_base_vertex: vertices 6.. are the rectangle, 0..5 junk */
   gl.UseProgram(pc);
   const vec4f cbv = V4(0.8f, 0.8f, 0.2f, 1.0f);
   for (int k = 0; k < 18 * 6; k++)
      data[k] = -50.0f;
   rect_colour_data(data + 36, 2, 18, 14, 30, cbv);
   rect_colour_data(data + 72, 16, 18, 28, 30, cbv);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
   static const GLushort idx[6] = {0, 1, 2, 3, 4, 5};
   bv_ext(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx, 6);
   bv_oes(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx, 12);
   check_gl_error("glDrawElementsBaseVertexEXT/OES");
   model_rect(&m, 2, 18, 14, 30, to8(cbv));
   model_rect(&m, 16, 18, 28, 30, to8(cbv));

   /* NV_conditional_render: a query a draw passed and one nothing passed */
   if (cond) {
      GLuint q[2];
      genq(2, q);
      beginq(GL_ANY_SAMPLES_PASSED, q[0]);
      glDrawArrays(GL_TRIANGLES, 6, 6); /* the same pixels again */
      endq(GL_ANY_SAMPLES_PASSED);
      beginq(GL_ANY_SAMPLES_PASSED, q[1]);
      glDrawArrays(GL_TRIANGLES, 0, 6); /* junk: off screen */
      endq(GL_ANY_SAMPLES_PASSED);
      const vec4f ca = V4(0.2f, 0.4f, 0.8f, 1.0f), cb = V4(1.0f, 0.0f, 0.0f, 1.0f);
      GLuint v2 = rect_colour_vbo(32, 18, 44, 30, ca);
      begin_cond(q[0], 0x8E13 /* GL_QUERY_WAIT_NV */);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      end_cond();
      gl.DeleteBuffers(1, &v2);
      v2 = rect_colour_vbo(48, 18, 60, 30, cb);
      begin_cond(q[1], 0x8E13);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      end_cond();
      gl.DeleteBuffers(1, &v2);
      check_gl_error("glBeginConditionalRenderNV");
      model_rect(&m, 32, 18, 44, 30, to8(ca));
   }
#undef PROBE

   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_frame("es2_probe_more", &m);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   gl.DeleteBuffers(1, &vbo);
   gl.DeleteFramebuffers(3, fbo);
   glDeleteTextures(8, tex);
   glDeleteTextures(1, &tf);
   glDeleteTextures(1, &te);
   gl.UseProgram(0);
   gl.DeleteProgram(pc);
   gl.DeleteProgram(pt);
}

/* es2_aniso: EXT_texture_filter_anisotropic. Seven mip levels of one colour each; rectangles
 * whose texture coordinates step 16 texels a pixel across and 1 down. Isotropic filtering
 * takes level 4 (log2 16); a maximum anisotropy of 16 samples along the long axis and takes
 * level 0. The parameter's state and errors: 1 by default, below 1 INVALID_VALUE, the limit
 * at least 2. */
void
sc_es2_aniso(void)
{
   es_version(20);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   if (!ext || !strstr(ext, "GL_EXT_texture_filter_anisotropic")) {
      skipped("GL_EXT_texture_filter_anisotropic (not offered)");
      clear_to(V4(0, 0, 0, 1));
      return;
   }
   GLfloat maxa = 0.0f;
   glGetFloatv(0x84FF /* GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT */, &maxa);
   check_gl_error("GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT");
   if (maxa < 2.0f)
      fail("GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT %g (at least 2)", (double)maxa);
   const char *vs = "attribute vec2 a_pos;\n"
                    "attribute vec4 a_color;\n"
                    "varying vec2 v_tc;\n"
                    "void main() {\n"
                    "  v_tc = a_color.xy;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "precision mediump float;\n"
                    "uniform sampler2D u_tex;\n"
                    "varying vec2 v_tc;\n"
                    "void main() { gl_FragColor = texture2D(u_tex, v_tc); }\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, NULL);
   gl.UseProgram(p);
   static const uint8_t level_rgb[7][3] = {{255, 0, 0},    {0, 255, 0},   {0, 0, 255},
                                           {255, 255, 0},  {0, 255, 255}, {255, 0, 255},
                                           {255, 255, 255}};
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   static uint8_t texels[64 * 64 * 4];
   for (int l = 0; l < 7; l++) {
      const int n = 64 >> l;
      for (int k = 0; k < n * n; k++) {
         memcpy(&texels[4 * k], level_rgb[l], 3);
         texels[4 * k + 3] = 255;
      }
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   }
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   GLfloat a = 0.0f;
   glGetTexParameterfv(GL_TEXTURE_2D, 0x84FE /* GL_TEXTURE_MAX_ANISOTROPY_EXT */, &a);
   if (a != 1.0f)
      fail("GL_TEXTURE_MAX_ANISOTROPY_EXT starts at %g (1)", (double)a);
   glTexParameterf(GL_TEXTURE_2D, 0x84FE, 0.5f);
   expect_gl_error(GL_INVALID_VALUE, "GL_TEXTURE_MAX_ANISOTROPY_EXT 0.5");
   check_gl_error("mip levels");

   const vec4f bg = V4(0, 0, 0, 1);
   glViewport(0, 0, W, H);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   float data[36];
   GLuint vbo;
   gl.GenBuffers(1, &vbo);
   gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
   for (int k = 0; k < 2; k++) {
      const float x0 = 8 + 32 * k, y0 = 24, x1 = x0 + 16, y1 = y0 + 16;
      const float q[12] = {x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1};
      const float tc[12] = {0, 0, 4, 0, 4, 0.25f, 0, 0, 4, 0.25f, 0, 0.25f};
      for (int v = 0; v < 6; v++) {
         data[6 * v] = q[2 * v], data[6 * v + 1] = q[2 * v + 1];
         data[6 * v + 2] = tc[2 * v], data[6 * v + 3] = tc[2 * v + 1];
         data[6 * v + 4] = 0, data[6 * v + 5] = 1;
      }
      gl.BufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STREAM_DRAW);
      gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
      gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
      gl.EnableVertexAttribArray(0);
      gl.EnableVertexAttribArray(1);
      glTexParameterf(GL_TEXTURE_2D, 0x84FE, k ? (maxa < 16.0f ? maxa : 16.0f) : 1.0f);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      const uint8_t *c = level_rgb[k ? (maxa >= 16.0f ? 0 : 4 - (int)log2f(maxa)) : 4];
      model_rect(&m, (int)x0, (int)y0, (int)x1, (int)y1, (rgba8){{c[0], c[1], c[2], 255}});
   }
   check_gl_error("anisotropic draws");
   glGetTexParameterfv(GL_TEXTURE_2D, 0x84FE, &a);
   if (a != (maxa < 16.0f ? maxa : 16.0f))
      fail("GL_TEXTURE_MAX_ANISOTROPY_EXT reads %g", (double)a);
   check_frame("es2_aniso", &m);
   gl.DeleteBuffers(1, &vbo);
   glDeleteTextures(1, &t);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
}

/* es2_probe_last: GL_OES_surfaceless_context (no surface bound: the default framebuffer is
 * FRAMEBUFFER_UNDEFINED_OES, an FBO draws and reads back), GL_EXT_color_buffer_half_float (a
 * HALF_FLOAT_OES texture and an RGBA16F_EXT renderbuffer complete as colour, 2.0 written and
 * sampled back) and GL_APPLE_texture_max_level (a texture of one level with a mipmap filter is
 * complete once TEXTURE_MAX_LEVEL_APPLE is 0). */
void
sc_es2_probe_last(void)
{
   es_version(20);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   static const char *const need[] = {
      "GL_OES_surfaceless_context", "GL_EXT_color_buffer_half_float", "GL_APPLE_texture_max_level"};
   for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
      if (!ext || !strstr(ext, need[k]))
         fail("GL_EXTENSIONS lacks %s", need[k]);
   const char *vs = "attribute vec2 a_pos;\n"
                    "attribute vec4 a_color;\n"
                    "varying vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fsc = "precision mediump float;\n"
                     "varying vec4 v_color;\n"
                     "void main() { gl_FragColor = v_color; }\n";
   const char *fst = "precision mediump float;\n"
                     "uniform sampler2D u_tex;\n"
                     "uniform float u_scale;\n"
                     "void main() { gl_FragColor = texture2D(u_tex, vec2(0.5)) * u_scale; }\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
   GLuint pc = link_program_b(vs, fsc, attribs, NULL);
   GLuint pt = link_program_b(vs, fst, attribs, NULL);
   GLuint tex[3], fbo, rb;
   glGenTextures(3, tex);
   gl.GenFramebuffers(1, &fbo);
   gl.GenRenderbuffers(1, &rb);

   /* OES_surfaceless_context */
   EGLDisplay dpy = eglGetCurrentDisplay();
   EGLContext ctx = eglGetCurrentContext();
   EGLSurface draw = eglGetCurrentSurface(EGL_DRAW), read = eglGetCurrentSurface(EGL_READ);
   if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
      fail("eglMakeCurrent without surfaces: 0x%04x", (unsigned)eglGetError());
   GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_UNDEFINED)
      fail("default framebuffer without a surface: status 0x%04x, expected 0x%04x", (unsigned)st,
           (unsigned)GL_FRAMEBUFFER_UNDEFINED);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("surfaceless FBO status 0x%04x", (unsigned)st);
   glViewport(0, 0, 8, 8);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.UseProgram(pc);
   GLuint vq = rect_colour_vbo(0, 0, 64, 64, V4(0.2f, 0.4f, 0.6f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vq);
   uint8_t px[4] = {0, 0, 0, 0};
   glReadPixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check_gl_error("surfaceless draw");
   if (px[0] != 51 || px[1] != 102 || px[2] != 153 || px[3] != 255)
      fail("surfaceless FBO draw read (%u,%u,%u,%u), expected (51,102,153,255)", px[0], px[1],
           px[2], px[3]);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   if (!eglMakeCurrent(dpy, draw, read, ctx))
      die_setup("eglMakeCurrent back to the surface failed");

   /* EXT_color_buffer_half_float: a renderbuffer, then a texture drawn with 2.0 and sampled */
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   gl.RenderbufferStorage(GL_RENDERBUFFER, 0x881A /* GL_RGBA16F_EXT */, 8, 8);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("RGBA16F_EXT renderbuffer framebuffer status 0x%04x", (unsigned)st);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, 0x8D61 /* GL_HALF_FLOAT_OES */, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
   st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("HALF_FLOAT_OES texture framebuffer status 0x%04x", (unsigned)st);
   glViewport(0, 0, 8, 8);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.UseProgram(pc);
   vq = rect_colour_vbo(0, 0, 64, 64, V4(2.4f, 0.5f, 4.0f, 2.4f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vq);
   check_gl_error("drawing 2.0 into a half-float colour buffer");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   const vec4f bg = V4(0, 0, 0, 1);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   gl.UseProgram(pt);
   gl.Uniform1f(uloc(pt, "u_scale"), 0.25f);
   vq = rect_colour_vbo(4, 4, 28, 28, bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vq);
   model_rect(&m, 4, 4, 28, 28, to8(V4(0.6f, 0.125f, 1.0f, 0.6f)));

   /* APPLE_texture_max_level: one level and a mipmap filter */
   const uint8_t one[4] = {0x40, 0xc0, 0x80, 255};
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, one);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, 0x813D /* GL_TEXTURE_MAX_LEVEL_APPLE */, 0);
   check_gl_error("GL_TEXTURE_MAX_LEVEL_APPLE");
   GLint ml = -1;
   glGetTexParameteriv(GL_TEXTURE_2D, 0x813D, &ml);
   if (ml != 0)
      fail("GL_TEXTURE_MAX_LEVEL_APPLE reads %d", ml);
   gl.Uniform1f(uloc(pt, "u_scale"), 1.0f);
   vq = rect_colour_vbo(36, 4, 60, 28, bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vq);
   model_rect(&m, 36, 4, 60, 28, (rgba8){{0x40, 0xc0, 0x80, 255}});
   check_gl_error("draws");
   check_frame("es2_probe_last", &m);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   glDeleteTextures(3, tex);
   gl.UseProgram(0);
   gl.DeleteProgram(pc);
   gl.DeleteProgram(pt);
}

/* es3_float_color: GL_EXT_color_buffer_float on OpenGL ES 3.0: R16F, RG16F, RGBA16F, R32F,
 * RG32F, RGBA32F and R11F_G11F_B10F renderbuffers complete as colour; 2.0 drawn into an
 * RGBA32F texture twice with additive blending (GL_EXT_float_blend) reads back as 4.0 through
 * a sampler, where an 8-bit target would hold 1. */
void
sc_es3_float_color(void)
{
   es_version(30);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   static const char *const need[] = {"GL_EXT_color_buffer_float", "GL_EXT_float_blend"};
   for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
      if (!ext || !strstr(ext, need[k]))
         fail("GL_EXTENSIONS lacks %s", need[k]);
   static const GLenum formats[] = {GL_R16F,  GL_RG16F,   GL_RGBA16F,       GL_R32F,
                                    GL_RG32F, GL_RGBA32F, GL_R11F_G11F_B10F};
   GLuint fbo, rb;
   gl.GenFramebuffers(1, &fbo);
   gl.GenRenderbuffers(1, &rb);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   for (size_t k = 0; k < sizeof formats / sizeof formats[0]; k++) {
      gl.RenderbufferStorage(GL_RENDERBUFFER, formats[k], 8, 8);
      gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
      if (st != GL_FRAMEBUFFER_COMPLETE)
         fail("float renderbuffer 0x%04x: framebuffer status 0x%04x", (unsigned)formats[k],
              (unsigned)st);
   }
   check_gl_error("float renderbuffers");
   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "layout(location = 1) in vec4 a_color;\n"
                    "out vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fsc = "#version 300 es\n"
                     "precision highp float;\n"
                     "in vec4 v_color;\n"
                     "out vec4 o;\n"
                     "void main() { o = v_color; }\n";
   const char *fst = "#version 300 es\n"
                     "precision highp float;\n"
                     "uniform highp sampler2D u_tex;\n"
                     "out vec4 o;\n"
                     "void main() { o = texture(u_tex, vec2(0.5)) * 0.125; }\n";
   GLuint pc = link_program_b(vs, fsc, NULL, NULL);
   GLuint pt = link_program_b(vs, fst, NULL, NULL);
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, 8, 8);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
   GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("RGBA32F texture framebuffer status 0x%04x", (unsigned)st);
   glViewport(0, 0, 8, 8);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   gl.UseProgram(pc);
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_ONE);
   GLuint vq = rect_colour_vbo(0, 0, 64, 64, V4(2.4f, 1.0f, 4.0f, 4.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_BLEND);
   gl.DeleteBuffers(1, &vq);
   check_gl_error("blended draws into RGBA32F");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   const vec4f bg = V4(0, 0, 0, 1);
   clear_to(bg);
   gl.UseProgram(pt);
   vq = rect_colour_vbo(8, 8, 56, 56, bg);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vq);
   check_gl_error("sampling the RGBA32F texture");
   model m;
   model_init(&m, bg);
   model_rect(&m, 8, 8, 56, 56, to8(V4(0.6f, 0.25f, 1.0f, 1.0f)));
   check_frame("es3_float_color", &m);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &t);
   gl.UseProgram(0);
   gl.DeleteProgram(pc);
   gl.DeleteProgram(pt);
}

/* es2_clamp: GL_EXT_texture_border_clamp / GL_OES_texture_border_clamp (CLAMP_TO_BORDER and a
 * border colour on ES 2.0; their glTexParameterIiv EXT and OES names exist)
 * and GL_EXT_depth_clamp (a rectangle in front of the near plane is clipped, then drawn with
 * DEPTH_CLAMP_EXT enabled). */
typedef void (*es2_texparamiv_fn)(GLenum, GLenum, const GLint *);

void
sc_es2_clamp(void)
{
   es_version(20);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   static const char *const need[] = {"GL_EXT_texture_border_clamp", "GL_OES_texture_border_clamp",
                                      "GL_EXT_depth_clamp"};
   for (size_t k = 0; k < sizeof need / sizeof need[0]; k++)
      if (!ext || !strstr(ext, need[k]))
         fail("GL_EXTENSIONS lacks %s", need[k]);
   es2_texparamiv_fn iiv_ext = (es2_texparamiv_fn)eglGetProcAddress("glTexParameterIivEXT");
   es2_texparamiv_fn iiv_oes = (es2_texparamiv_fn)eglGetProcAddress("glTexParameterIivOES");
   if (!iiv_ext || !iiv_oes)
      die_setup("glTexParameterIivEXT/OES missing from eglGetProcAddress");
   const char *vs = "attribute vec2 a_pos;\n"
                    "attribute vec4 a_color;\n"
                    "uniform float u_z;\n"
                    "varying vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, u_z, 1.0);\n"
                    "}\n";
   const char *fsc = "precision mediump float;\n"
                     "varying vec4 v_color;\n"
                     "void main() { gl_FragColor = v_color; }\n";
   const char *fst = "precision mediump float;\n"
                     "uniform sampler2D u_tex;\n"
                     "uniform vec2 u_tc;\n"
                     "void main() { gl_FragColor = texture2D(u_tex, u_tc); }\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
   GLuint pc = link_program_b(vs, fsc, attribs, NULL);
   GLuint pt = link_program_b(vs, fst, attribs, NULL);
   const vec4f bg = V4(0, 0, 0, 1);
   glViewport(0, 0, W, H);
   clear_to(bg);
   model m;
   model_init(&m, bg);

   const uint8_t red[16] = {255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255};
   GLuint t[2];
   glGenTextures(2, t);
   const GLfloat green[4] = {0.0f, 1.0f, 0.0f, 1.0f};
   const GLfloat blue[4] = {0.0f, 0.0f, 1.0f, 1.0f};
   for (int k = 0; k < 2; k++) {
      glBindTexture(GL_TEXTURE_2D, t[k]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, 0x812D /* GL_CLAMP_TO_BORDER_EXT */);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, 0x812D);
   }
   glBindTexture(GL_TEXTURE_2D, t[0]);
   glTexParameterfv(GL_TEXTURE_2D, 0x1004 /* GL_TEXTURE_BORDER_COLOR_EXT */, green);
   check_gl_error("CLAMP_TO_BORDER_EXT and TEXTURE_BORDER_COLOR_EXT");
   gl.UseProgram(pt);
   gl.Uniform1f(uloc(pt, "u_z"), 0.0f);
   struct {
      int x0;
      float s;
      GLuint tex;
      rgba8 want;
   } probes[3] = {
      {4, 0.5f, t[0], {{255, 0, 0, 255}}},
      {20, 1.5f, t[0], {{0, 255, 0, 255}}},
      {36, -0.5f, t[1], {{0, 0, 255, 255}}},
   };
   glBindTexture(GL_TEXTURE_2D, t[1]);
   glTexParameterfv(GL_TEXTURE_2D, 0x1004, blue);
   check_gl_error("TEXTURE_BORDER_COLOR_OES");
   for (int k = 0; k < 3; k++) {
      glBindTexture(GL_TEXTURE_2D, probes[k].tex);
      gl.Uniform2f(uloc(pt, "u_tc"), probes[k].s, 0.5f);
      GLuint vq = rect_colour_vbo((float)probes[k].x0, 36, (float)probes[k].x0 + 12, 60, bg);
      glDrawArrays(GL_TRIANGLES, 0, 6);
      gl.DeleteBuffers(1, &vq);
      model_rect(&m, probes[k].x0, 36, probes[k].x0 + 12, 60, probes[k].want);
   }

   /* EXT_depth_clamp: z = -2 is clipped; with DEPTH_CLAMP_EXT the rectangle is drawn */
   gl.UseProgram(pc);
   gl.Uniform1f(uloc(pc, "u_z"), -2.0f);
   const vec4f c1 = V4(1.0f, 0.6f, 0.2f, 1.0f);
   GLuint v1 = rect_colour_vbo(4, 4, 28, 28, c1);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &v1);
   glEnable(0x864F /* GL_DEPTH_CLAMP_EXT */);
   check_gl_error("glEnable(GL_DEPTH_CLAMP_EXT)");
   if (!glIsEnabled(0x864F))
      fail("GL_DEPTH_CLAMP_EXT not enabled");
   GLuint v2 = rect_colour_vbo(36, 4, 60, 28, c1);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &v2);
   glDisable(0x864F);
   model_rect(&m, 36, 4, 60, 28, to8(c1));
   check_gl_error("draws");
   check_frame("es2_clamp", &m);
   glDeleteTextures(2, t);
   gl.UseProgram(0);
   gl.DeleteProgram(pc);
   gl.DeleteProgram(pt);
}

/* es2_draw_instanced: GL_EXT_draw_instanced: three instances of one rectangle through
 * glDrawArraysInstancedEXT and one more through glDrawElementsInstancedEXT, placed by GLSL ES
 * 1.00's gl_InstanceIDEXT. */
typedef void (*es2_elements_instanced_fn)(GLenum, GLsizei, GLenum, const void *, GLsizei);

void
sc_es2_draw_instanced(void)
{
   es_version(20);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   if (!ext || !strstr(ext, "GL_EXT_draw_instanced"))
      fail("GL_EXTENSIONS lacks GL_EXT_draw_instanced");
   es2_instanced_fn arrays = (es2_instanced_fn)eglGetProcAddress("glDrawArraysInstancedEXT");
   es2_elements_instanced_fn elements =
      (es2_elements_instanced_fn)eglGetProcAddress("glDrawElementsInstancedEXT");
   if (!arrays || !elements)
      die_setup("glDraw*InstancedEXT missing from eglGetProcAddress");
   const char *vs = "#extension GL_EXT_draw_instanced : require\n"
                    "attribute vec2 a_pos;\n"
                    "attribute vec4 a_color;\n"
                    "uniform float u_y;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  vec2 p = a_pos + vec2(16.0 * float(gl_InstanceIDEXT), u_y);\n"
                    "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "precision mediump float;\n"
                    "varying lowp vec4 v_color;\n"
                    "void main() { gl_FragColor = v_color; }\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
   GLuint p = link_program_b(vs, fs, attribs, NULL);
   gl.UseProgram(p);
   const vec4f bg = V4(0, 0, 0, 1), c = V4(0.2f, 0.8f, 0.6f, 1.0f);
   glViewport(0, 0, W, H);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   GLuint vq = rect_colour_vbo(2, 4, 14, 20, c);
   gl.Uniform1f(uloc(p, "u_y"), 0.0f);
   arrays(GL_TRIANGLES, 0, 6, 3);
   static const GLushort idx[6] = {0, 1, 2, 3, 4, 5};
   gl.Uniform1f(uloc(p, "u_y"), 32.0f);
   elements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx, 2);
   check_gl_error("instanced draws");
   for (int k = 0; k < 3; k++)
      model_rect(&m, 2 + 16 * k, 4, 14 + 16 * k, 20, to8(c));
   for (int k = 0; k < 2; k++)
      model_rect(&m, 2 + 16 * k, 36, 14 + 16 * k, 52, to8(c));
   check_frame("es2_draw_instanced", &m);
   gl.DeleteBuffers(1, &vq);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
}

/* es2_lum_alpha: ES 2.0's unsized LUMINANCE, ALPHA and LUMINANCE_ALPHA textures (ES 2.0
 * Table 3.3): sampled as (L, L, L, 1), (0, 0, 0, A) and (L, L, L, A) with UNSIGNED_BYTE,
 * HALF_FLOAT_OES and FLOAT texels (where OES_texture_half_float / OES_texture_float are
 * offered), glTexSubImage2D into one, an ALPHA atlas blended over the background as a font
 * is, and glCopyTexImage2D / glCopyTexSubImage2D from the framebuffer into LUMINANCE. */
static const uint8_t lum_atlas[8 * 8] = {
   0,   255, 255, 255, 255, 255, 255, 0,   255, 0,   0,   0,   0,   0,   0,   255,
   255, 0,   255, 0,   0,   255, 0,   255, 255, 0,   0,   0,   0,   0,   0,   255,
   255, 0,   255, 0,   0,   255, 0,   255, 255, 0,   0,   255, 255, 0,   0,   255,
   255, 0,   0,   0,   0,   0,   0,   255, 0,   255, 255, 255, 255, 255, 255, 0,
};

typedef struct {
   int x0, y0;
   rgba8 ink, paper;
} lum_atlas_draw;
static rgba8
lum_atlas_colour(const void *ctx, int x, int y)
{
   const lum_atlas_draw *d = ctx;
   /* 16 x 16 pixels over 8 x 8 texels, NEAREST: texel (x - x0) / 2 */
   return lum_atlas[((y - d->y0) / 2) * 8 + (x - d->x0) / 2] ? d->ink : d->paper;
}

static void
lum_alpha_draw(GLuint prog, GLuint tex, int x0, int y0, int x1, int y1)
{
   glBindTexture(GL_TEXTURE_2D, tex);
   gl.Uniform2f(uloc(prog, "u_org"), (float)x0, (float)y0);
   gl.Uniform2f(uloc(prog, "u_size"), (float)(x1 - x0), (float)(y1 - y0));
   GLuint vq = rect_colour_vbo((float)x0, (float)y0, (float)x1, (float)y1, V4(1, 1, 1, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vq);
}

static GLuint
lum_alpha_tex(GLenum format, GLsizei w, GLsizei h, GLenum type, const void *px)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)format, w, h, 0, format, type, px);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   char what[96];
   snprintf(what, sizeof what, "glTexImage2D(format 0x%04x, type 0x%04x)", (unsigned)format,
            (unsigned)type);
   check_gl_error(what);
   return t;
}

#define SC_LUMINANCE 0x1909

#define SC_LUMINANCE_ALPHA 0x190A

#define SC_HALF_FLOAT_OES 0x8D61

void
sc_es2_lum_alpha(void)
{
   es_version(20);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   const bool half = ext && strstr(ext, "GL_OES_texture_half_float");
   const bool flt = ext && strstr(ext, "GL_OES_texture_float");
   const char *vs = "attribute vec2 a_pos;\n"
                    "attribute vec4 a_color;\n"
                    "varying vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   /* the texture spread over the rectangle (pixel centres: never on a texel edge) */
   const char *fst = "precision highp float;\n"
                     "uniform sampler2D u_tex;\n"
                     "uniform vec2 u_org, u_size;\n"
                     "void main() {\n"
                     "  gl_FragColor = texture2D(u_tex, (gl_FragCoord.xy - u_org) / u_size);\n"
                     "}\n";
   /* a font: ink where the atlas's alpha says */
   const char *fsf = "precision highp float;\n"
                     "uniform sampler2D u_tex;\n"
                     "uniform vec2 u_org, u_size;\n"
                     "uniform vec4 u_ink;\n"
                     "void main() {\n"
                     "  float a = texture2D(u_tex, (gl_FragCoord.xy - u_org) / u_size).a;\n"
                     "  gl_FragColor = vec4(u_ink.rgb, a);\n"
                     "}\n";
   const binding attribs[] = {{"a_pos", 0}, {"a_color", 1}, {NULL, 0}};
   GLuint pt = link_program_b(vs, fst, attribs, NULL);
   GLuint pf = link_program_b(vs, fsf, attribs, NULL);
   const vec4f bg = V4(0.0f, 0.0f, 0.6f, 1.0f);
   glViewport(0, 0, W, H);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   GLuint texs[14];
   int nt = 0;
   gl.UseProgram(pt);

   /* row 1: UNSIGNED_BYTE, and a texel replaced by glTexSubImage2D */
   const uint8_t l8 = 0x40, a8 = 0x80, la8[2] = {0x50, 0xA0}, l2[2] = {0x10, 0x20}, sub = 0x90;
   texs[nt] = lum_alpha_tex(SC_LUMINANCE, 1, 1, GL_UNSIGNED_BYTE, &l8);
   lum_alpha_draw(pt, texs[nt++], 4, 4, 16, 16);
   model_rect(&m, 4, 4, 16, 16, (rgba8){{0x40, 0x40, 0x40, 255}});
   texs[nt] = lum_alpha_tex(GL_ALPHA, 1, 1, GL_UNSIGNED_BYTE, &a8);
   lum_alpha_draw(pt, texs[nt++], 20, 4, 32, 16);
   model_rect(&m, 20, 4, 32, 16, (rgba8){{0, 0, 0, 0x80}});
   texs[nt] = lum_alpha_tex(SC_LUMINANCE_ALPHA, 1, 1, GL_UNSIGNED_BYTE, la8);
   lum_alpha_draw(pt, texs[nt++], 36, 4, 48, 16);
   model_rect(&m, 36, 4, 48, 16, (rgba8){{0x50, 0x50, 0x50, 0xA0}});
   texs[nt] = lum_alpha_tex(SC_LUMINANCE, 2, 1, GL_UNSIGNED_BYTE, l2);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 1, 1, SC_LUMINANCE, GL_UNSIGNED_BYTE, &sub);
   check_gl_error("glTexSubImage2D into LUMINANCE");
   lum_alpha_draw(pt, texs[nt++], 52, 4, 60, 16); /* texel 0 left half, texel 1 right half */
   model_rect(&m, 52, 4, 56, 16, (rgba8){{0x10, 0x10, 0x10, 255}});
   model_rect(&m, 56, 4, 60, 16, (rgba8){{0x90, 0x90, 0x90, 255}});

   /* row 2: HALF_FLOAT_OES (0.25, 0.75, 0.125: none a half-way byte) and FLOAT */
   if (half) {
      const uint16_t hl = 0x3400, ha = 0x3A00, hla[2] = {0x3000, 0x3A00};
      texs[nt] = lum_alpha_tex(SC_LUMINANCE, 1, 1, SC_HALF_FLOAT_OES, &hl);
      lum_alpha_draw(pt, texs[nt++], 4, 20, 10, 30);
      model_rect(&m, 4, 20, 10, 30, (rgba8){{64, 64, 64, 255}});
      texs[nt] = lum_alpha_tex(GL_ALPHA, 1, 1, SC_HALF_FLOAT_OES, &ha);
      lum_alpha_draw(pt, texs[nt++], 12, 20, 18, 30);
      model_rect(&m, 12, 20, 18, 30, (rgba8){{0, 0, 0, 191}});
      texs[nt] = lum_alpha_tex(SC_LUMINANCE_ALPHA, 1, 1, SC_HALF_FLOAT_OES, hla);
      lum_alpha_draw(pt, texs[nt++], 20, 20, 26, 30);
      model_rect(&m, 20, 20, 26, 30, (rgba8){{32, 32, 32, 191}});
   }
   if (flt) {
      const float fl = 0.75f, fa = 0.25f, fla[2] = {0.125f, 0.25f};
      texs[nt] = lum_alpha_tex(SC_LUMINANCE, 1, 1, GL_FLOAT, &fl);
      lum_alpha_draw(pt, texs[nt++], 36, 20, 42, 30);
      model_rect(&m, 36, 20, 42, 30, (rgba8){{191, 191, 191, 255}});
      texs[nt] = lum_alpha_tex(GL_ALPHA, 1, 1, GL_FLOAT, &fa);
      lum_alpha_draw(pt, texs[nt++], 44, 20, 50, 30);
      model_rect(&m, 44, 20, 50, 30, (rgba8){{0, 0, 0, 64}});
      texs[nt] = lum_alpha_tex(SC_LUMINANCE_ALPHA, 1, 1, GL_FLOAT, fla);
      lum_alpha_draw(pt, texs[nt++], 52, 20, 58, 30);
      model_rect(&m, 52, 20, 58, 30, (rgba8){{32, 32, 32, 64}});
   }

   /* row 2, right: glGenerateMipmap of an 8 x 8 LUMINANCE, drawn over 2 x 2 pixels (level 2) */
   uint8_t l64[64];
   memset(l64, 0x60, sizeof l64);
   texs[nt] = lum_alpha_tex(SC_LUMINANCE, 8, 8, GL_UNSIGNED_BYTE, l64);
   gl.GenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   check_gl_error("glGenerateMipmap of LUMINANCE");
   lum_alpha_draw(pt, texs[nt++], 60, 20, 62, 22);
   model_rect(&m, 60, 20, 62, 22, (rgba8){{0x60, 0x60, 0x60, 255}});

   /* row 3: an ALPHA font atlas blended over the background (alpha kept) */
   texs[nt] = lum_alpha_tex(GL_ALPHA, 8, 8, GL_UNSIGNED_BYTE, lum_atlas);
   gl.UseProgram(pf);
   const vec4f ink = V4(1.0f, 0.8f, 0.2f, 1.0f);
   gl.Uniform4fv(uloc(pf, "u_ink"), 1, ink.v);
   glEnable(GL_BLEND);
   gl.BlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
   lum_alpha_draw(pf, texs[nt++], 4, 34, 20, 50);
   glDisable(GL_BLEND);
   static lum_atlas_draw font;
   font = (lum_atlas_draw){4, 34, to8(ink), to8(bg)};
   model_rect_fn(&m, 4, 34, 20, 50, lum_atlas_colour, &font);
   check_gl_error("font atlas draw");

   /* row 3, right: the framebuffer's red into LUMINANCE (the UNSIGNED_BYTE L rectangle and the
    * background beside it), then a 2 x 2 corner of it replaced from the ALPHA rectangle */
   GLuint ct;
   glGenTextures(1, &ct);
   glBindTexture(GL_TEXTURE_2D, ct);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, SC_LUMINANCE, 14, 6, 4, 4, 0);
   check_gl_error("glCopyTexImage2D into LUMINANCE");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 2, 38, 6, 2, 2);
   check_gl_error("glCopyTexSubImage2D into LUMINANCE");
   gl.UseProgram(pt);
   lum_alpha_draw(pt, ct, 40, 34, 56, 50); /* 4 x 4 texels, 4 pixels each */
   /* texel columns 0-1 came from x 14-15 (L, 0x40), 2-3 from x 16-17 (background red 0);
    * rows 2-3 of columns 0-1 from the LA rectangle (red 0x50) */
   model_rect(&m, 40, 34, 48, 42, (rgba8){{0x40, 0x40, 0x40, 255}});
   model_rect(&m, 48, 34, 56, 50, (rgba8){{0, 0, 0, 255}});
   model_rect(&m, 40, 42, 48, 50, (rgba8){{0x50, 0x50, 0x50, 255}});
   check_frame("es2_lum_alpha", &m);
   glDeleteTextures(nt, texs);
   glDeleteTextures(1, &ct);
   gl.UseProgram(0);
   gl.DeleteProgram(pt);
   gl.DeleteProgram(pf);
}

/* es3_lum_swizzle: an ES 3.0 context's LUMINANCE and LUMINANCE_ALPHA textures under the
 * application's own TEXTURE_SWIZZLE, which applies to (L, L, L, 1) / (L, L, L, A) as GL reads
 * them (ES 3.0 §3.8.14), and glGetTexParameter gives back the swizzle set. */
void
sc_es3_lum_swizzle(void)
{
   es_version(30);
   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 300 es\n"
                    "precision highp float;\n"
                    "uniform sampler2D u_tex;\n"
                    "uniform vec2 u_org, u_size;\n"
                    "out vec4 o;\n"
                    "void main() { o = texture(u_tex, (gl_FragCoord.xy - u_org) / u_size); }\n";
   GLuint p = link_program_b(vs, fs, NULL, NULL);
   gl.UseProgram(p);
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   glViewport(0, 0, W, H);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   const uint8_t l8 = 0x40, la8[2] = {0x50, 0xA0};
   GLuint tl = lum_alpha_tex(SC_LUMINANCE, 1, 1, GL_UNSIGNED_BYTE, &l8);
   GLuint tla = lum_alpha_tex(SC_LUMINANCE_ALPHA, 1, 1, GL_UNSIGNED_BYTE, la8);
   /* L as (ONE, ZERO, RED, ALPHA) -> (1, 0, L, 1) */
   glBindTexture(GL_TEXTURE_2D, tl);
   const GLint sw_l[4] = {GL_ONE, GL_ZERO, GL_RED, GL_ALPHA};
   glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, sw_l);
   lum_alpha_draw(p, tl, 4, 4, 28, 28);
   model_rect(&m, 4, 4, 28, 28, (rgba8){{255, 0, 0x40, 255}});
   /* LA as (ALPHA, GREEN, ZERO, RED) -> (A, L, 0, L) */
   glBindTexture(GL_TEXTURE_2D, tla);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_ALPHA);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_ZERO);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_RED);
   lum_alpha_draw(p, tla, 36, 4, 60, 28);
   model_rect(&m, 36, 4, 60, 28, (rgba8){{0xA0, 0x50, 0, 0x50}});
   GLint got[4] = {0, 0, 0, 0};
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, got);
   if (got[0] != GL_ALPHA || got[1] != GL_GREEN || got[2] != GL_ZERO || got[3] != GL_RED)
      fail("GL_TEXTURE_SWIZZLE_RGBA of the LUMINANCE_ALPHA texture: 0x%x 0x%x 0x%x 0x%x",
           (unsigned)got[0], (unsigned)got[1], (unsigned)got[2], (unsigned)got[3]);
   /* the same L texture back to the identity swizzle: (L, L, L, 1) again */
   glBindTexture(GL_TEXTURE_2D, tl);
   const GLint ident[4] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};
   glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, ident);
   lum_alpha_draw(p, tl, 4, 36, 28, 60);
   model_rect(&m, 4, 36, 28, 60, (rgba8){{0x40, 0x40, 0x40, 255}});
   check_gl_error("swizzled draws");
   check_frame("es3_lum_swizzle", &m);
   GLuint t2[2] = {tl, tla};
   glDeleteTextures(2, t2);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
}

/* es3: an OpenGL ES 3.0 context. Its version strings and GL_MAJOR/MINOR_VERSION 3.0;
 * GL_CONTEXT_PROFILE_MASK is a desktop query; a desktop GLSL shader is refused naming the ES
 * versions; GLSL ES 1.00 and 3.00 shaders do not link together; GLSL ES 3.00 draws with vertex
 * array object zero and with one of its own. */
void
sc_es3(void)
{
   int version = es_version(30);
   GLint major = -1, minor = -1, mask = -1;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   check_gl_error("GL_MAJOR/MINOR_VERSION");
   if (major * 10 + minor != version)
      fail("GL_MAJOR/MINOR_VERSION say %d.%d, GL_VERSION %d.%d", major, minor, version / 10,
           version % 10);
   glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
   expect_get_error(GL_INVALID_ENUM, "glGetIntegerv(GL_CONTEXT_PROFILE_MASK) on OpenGL ES");

   /* the same extension names through glGetString and glGetStringi */
   GLint n_ext = -1;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n_ext);
   const char *all_ext = (const char *)glGetString(GL_EXTENSIONS);
   for (GLint k = 0; k < n_ext; k++) {
      const char *e = (const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)k);
      if (!e || strncmp(e, "GL_", 3) || !all_ext || !strstr(all_ext, e))
         fail("extension %d (%s) is not listed in GL_EXTENSIONS", k, e ? e : "?");
   }
   if (n_ext < 1 || !strstr(all_ext ? all_ext : "", "GL_EXT_texture_compression_rgtc"))
      fail("ES 3.0: GL_NUM_EXTENSIONS %d, GL_EXTENSIONS \"%s\"", n_ext, all_ext ? all_ext : "");
   check_gl_error("extension queries");

   expect_compile_refused(GL_VERTEX_SHADER, "#version 330 core\nvoid main() {}\n", "1.00 ES, ");
   expect_compile_refused(GL_VERTEX_SHADER, "#version 300\nvoid main() {}\n", "3.00 ES");

   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "layout(location = 1) in vec4 a_color;\n"
                    "flat out lowp vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fs = "#version 300 es\n"
                    "precision mediump float;\n"
                    "flat in lowp vec4 v_color;\n"
                    "uniform vec4 u_add;\n"
                    "layout(location = 0) out vec4 o_color;\n"
                    "void main() { o_color = v_color + u_add; }\n";
   const char *fs100 = "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n";
   {
      GLuint a = compile(GL_VERTEX_SHADER, vs), b = compile(GL_FRAGMENT_SHADER, fs100);
      GLuint bad = gl.CreateProgram();
      gl.AttachShader(bad, a);
      gl.AttachShader(bad, b);
      gl.LinkProgram(bad);
      GLint ok = 1;
      gl.GetProgramiv(bad, GL_LINK_STATUS, &ok);
      if (ok)
         fail("GLSL ES 3.00 and 1.00 shaders linked into one program");
      gl.DeleteProgram(bad);
      gl.DeleteShader(a);
      gl.DeleteShader(b);
   }

   GLuint p = link_program(vs, fs);
   gl.UseProgram(p);
   set_vec4(p, "u_add", V4(0.0f, 0.2f, 0.0f, 0.0f));
   const vec4f bg = V4(0.2f, 0.0f, 0.0f, 1.0f);
   const vec4f c0 = V4(0.4f, 0.4f, 0.8f, 1.0f), c1 = V4(0.6f, 0.0f, 0.2f, 1.0f);
   clear_to(bg);
   rect_colour_vbo(4, 4, 30, 40, c0); /* vertex array object zero */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw with vertex array object zero");
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   rect_colour_vbo(34, 20, 60, 60, c1);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draw with a vertex array object");

   model m;
   model_init(&m, bg);
   model_rect(&m, 4, 4, 30, 40, to8(V4(0.4f, 0.6f, 0.8f, 1.0f)));
   model_rect(&m, 34, 20, 60, 60, to8(V4(0.6f, 0.2f, 0.2f, 1.0f)));
   check_frame("es3", &m);
}

/* es3_internalformat: glGetInternalformativ on an OpenGL ES 3.0 context (ES 3.0 §6.1.15):
 * GL_NUM_SAMPLE_COUNTS and GL_SAMPLES (most first, each one a renderbuffer really takes, and
 * the largest GL_MAX_SAMPLES), none for integer formats, and the errors. */
void
sc_es3_internalformat(void)
{
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   const GLenum fmts[3] = {GL_RGBA8, GL_DEPTH24_STENCIL8, GL_RGBA8UI};
   GLuint rb;
   gl.GenRenderbuffers(1, &rb);
   gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
   for (int f = 0; f < 3; f++) {
      GLint n = -1, s[16];
      for (int i = 0; i < 16; i++)
         s[i] = -1;
      gl.GetInternalformativ(GL_RENDERBUFFER, fmts[f], GL_NUM_SAMPLE_COUNTS, 1, &n);
      gl.GetInternalformativ(GL_RENDERBUFFER, fmts[f], GL_SAMPLES, 16, s);
      check_gl_error("glGetInternalformativ");
      /* ES 3.0 multisamples no integer format (ES 3.1 may: Mesa lists its counts) */
      bool integer = fmts[f] == GL_RGBA8UI;
      if (n < (integer ? 0 : 1) || n > 15 || (n && s[0] != max_samples) || s[n] != -1)
         fail("format 0x%04x: %d counts, first %d, GL_MAX_SAMPLES %d", fmts[f], n, s[0],
              max_samples);
      for (GLint i = 0; i < n && i < 15; i++) {
         if (i > 0 && s[i] >= s[i - 1])
            fail("format 0x%04x: counts not descending (%d after %d)", fmts[f], s[i], s[i - 1]);
         gl.RenderbufferStorageMultisample(GL_RENDERBUFFER, s[i], fmts[f], 4, 4);
         GLint got = 0;
         gl.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &got);
         check_gl_error("glRenderbufferStorageMultisample of a listed count");
         if (got != s[i])
            fail("format 0x%04x: %d samples asked, the renderbuffer has %d", fmts[f], s[i], got);
      }
   }
   GLint v[2] = {-7, -7};
   gl.GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 0, v);
   check_gl_error("glGetInternalformativ with count 0");
   if (v[0] != -7)
      fail("glGetInternalformativ wrote past count 0");
   gl.GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, -1, v);
   expect_gl_error(GL_INVALID_VALUE, "glGetInternalformativ with count -1");
   gl.GetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 2, v);
   expect_gl_error(GL_INVALID_ENUM, "glGetInternalformativ(GL_TEXTURE_2D)");
   gl.GetInternalformativ(GL_RENDERBUFFER, GL_RGB9_E5, GL_SAMPLES, 2, v);
   expect_gl_error(GL_INVALID_ENUM, "glGetInternalformativ of a format that is not renderable");
   gl.GetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_RENDERBUFFER_WIDTH, 2, v);
   expect_gl_error(GL_INVALID_ENUM, "glGetInternalformativ(GL_RENDERBUFFER_WIDTH)");
   gl.DeleteRenderbuffers(1, &rb);
}

/* es3_cube_face_sizes: a cube map whose faces are defined at different sizes is incomplete (ES
 * 3.0 §3.8.13, GL 4.6 §8.17) and samples as (0, 0, 0, 1); the faces that do not have the first
 * face's size have no place in the storage made for it, so their texels never reach the server
 * (the GLES backend lost the session on such a region: Fatal{ProtocolCorruption,
 * "resource_subdata: region 0 outside level 0"}, piglit incomplete-cubemap size). Redefining
 * the first face at the others' size completes it. */
void
sc_es3_cube_face_sizes(void)
{
   es_version(30);
   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 300 es\n"
                    "precision highp float;\n"
                    "uniform samplerCube u_tex;\n"
                    "out vec4 o;\n"
                    "void main() { o = texture(u_tex, vec3(1.0, 0.0, 0.0)); }\n";
   GLuint p = link_program_b(vs, fs, NULL, NULL);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   glViewport(0, 0, W, H);
   clear_to(bg);
   model m;
   model_init(&m, bg);
   uint8_t red[8 * 8 * 4], green[8 * 8 * 4], blue[8 * 8 * 4];
   for (int i = 0; i < 8 * 8; i++) {
      memcpy(red + 4 * i, (const uint8_t[4]){255, 0, 0, 255}, 4);
      memcpy(green + 4 * i, (const uint8_t[4]){0, 255, 0, 255}, 4);
      memcpy(blue + 4 * i, (const uint8_t[4]){0, 0, 255, 255}, 4);
   }
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_CUBE_MAP, t);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   /* +X at 4x4, the other five at 8x8: incomplete */
   glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                red);
   for (GLenum f = 1; f < 6; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 8, 8, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, green);
   check_gl_error("cube faces of two sizes");
   GLuint vq = rect_colour_vbo(4.0f, 4.0f, 28.0f, 28.0f, V4(1, 1, 1, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vq);
   model_rect(&m, 4, 4, 28, 28, (rgba8){{0, 0, 0, 255}});
   /* +X again at 8x8: every face 8x8, complete; +X reads blue */
   glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                blue);
   check_gl_error("+X redefined at 8x8");
   vq = rect_colour_vbo(36.0f, 4.0f, 60.0f, 28.0f, V4(1, 1, 1, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vq);
   model_rect(&m, 36, 4, 60, 28, (rgba8){{0, 0, 255, 255}});
   check_gl_error("cube draws");
   check_frame("es3_cube_face_sizes", &m);
   glDeleteTextures(1, &t);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
}

/* The words the es31_compute shader writes: a hash of the index, so that a word in the wrong
 * place or a missed invocation shows. */
static uint32_t
es31_word(uint32_t i, uint32_t add)
{
   return i * 2654435761u + add;
}

/* es31_compute: an OpenGL ES 3.1 context (EGL_CONTEXT_MINOR_VERSION 1) says 3.1 (es_version:
 * and GLSL ES 3.10) everywhere, and a "#version 310 es" compute shader with a storage block at
 * layout(binding = 2) writes a buffer range exactly: every byte read back through
 * glMapBufferRange, the words past the range untouched. Desktop GL's multi-draw indirect
 * command and an ES 3.2 query stay errors. */
void
sc_es31_compute(void)
{
   /* (EGL lets a vendor give a later, compatible version: Mesa's is 3.2, where what ES 3.2
    * adds is not checked to be absent) */
   const int version = es_version(31);
   GLint major = 0, minor = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   check_gl_error("version queries");
   if (major * 10 + minor != version)
      fail("GL_MAJOR/MINOR_VERSION %d.%d, GL_VERSION %d.%d", major, minor, version / 10,
           version % 10);
   GLint n = 0, inv = 0;
   glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &n);
   glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &inv);
   check_gl_error("ES 3.1 limits");
   if (n < 4 || inv < 128)
      fail("GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS %d, GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS %d: "
           "below ES 3.1's 4 and 128",
           n, inv);
   if (version == 31) {
      GLint flags = 0;
      glGetIntegerv(GL_CONTEXT_FLAGS, &flags); /* ES 3.2's */
      expect_error(GL_INVALID_ENUM, "glGetIntegerv(GL_CONTEXT_FLAGS) on ES 3.1");
   }

   const char *cs = "#version 310 es\n"
                    "// ESSL 3.10: compute, storage blocks, layout(binding)\n"
                    "layout(local_size_x = 16) in;\n"
                    "layout(std430, binding = 2) writeonly buffer Out { highp uint v[]; };\n"
                    "uniform highp uint u_add;\n"
                    "void main() {\n"
                    "  highp uint i = gl_GlobalInvocationID.x;\n"
                    "  v[i] = i * 2654435761u + u_add;\n"
                    "}\n";
   GLuint sh = gl.CreateShader(GL_COMPUTE_SHADER);
   gl.ShaderSource(sh, 1, &cs, NULL);
   gl.CompileShader(sh);
   GLint ok = 0;
   gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[512] = "";
      gl.GetShaderInfoLog(sh, sizeof log, NULL, log);
      fail("the #version 310 es compute shader does not compile: %s", log);
   }
   GLuint p = gl.CreateProgram();
   gl.AttachShader(p, sh);
   gl.LinkProgram(p);
   gl.DeleteShader(sh);
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   check_gl_error("compute program");
   if (!ok) {
      fail("the compute program (no vertex or fragment shader) does not link");
      gl.DeleteProgram(p);
      return;
   }

   enum { N = 64, GUARD = 16 };
   uint32_t init[N + GUARD];
   for (unsigned i = 0; i < N + GUARD; i++)
      init[i] = 0xdeadbeefu;
   GLuint buf;
   gl.GenBuffers(1, &buf);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, sizeof init, init, GL_DYNAMIC_READ);
   gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, 2, buf, 0, N * 4);
   gl.UseProgram(p);
   gl.Uniform1ui(gl.GetUniformLocation(p, "u_add"), 12345u);
   gl.DispatchCompute(N / 16, 1, 1);
   check_gl_error("glDispatchCompute");
   gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   uint32_t want[N + GUARD];
   for (unsigned i = 0; i < N + GUARD; i++)
      want[i] = i < N ? es31_word(i, 12345u) : 0xdeadbeefu;
   const uint8_t *m = gl.MapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, sizeof want, GL_MAP_READ_BIT);
   check_gl_error("glMapBufferRange of the storage buffer");
   if (!m) {
      fail("glMapBufferRange returned NULL");
   } else {
      for (unsigned b = 0; b < sizeof want; b++)
         if (m[b] != ((const uint8_t *)want)[b]) {
            fail("storage byte %u (word %u) = 0x%02x, want 0x%02x", b, b / 4, m[b],
                 ((const uint8_t *)want)[b]);
            break;
         }
      gl.UnmapBuffer(GL_SHADER_STORAGE_BUFFER);
   }
   check_gl_error("readback");

   /* glMultiDrawArraysIndirect is desktop GL's (ES has it only with EXT_multi_draw_indirect) */
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.MultiDrawArraysIndirect(GL_TRIANGLES, NULL, 1, 0);
   expect_error(GL_INVALID_OPERATION, "glMultiDrawArraysIndirect on ES 3.1");
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &vao);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &buf);
}

/* es30_no_es31: an OpenGL ES 3.0 context asked for with EGL_CONTEXT_MINOR_VERSION 0 stays 3.0
 * next to ES 3.1 ones: "#version 310 es" is not a version it compiles (3.00 is), and storage
 * buffers and compute dispatches are not its. */
void
sc_es30_no_es31(void)
{
   if (es_version(30) != 30) {
      skipped("a vendor that gives a later ES version for 3.0 (EGL allows it)");
      return;
   }
   const char *src[2] = {"#version 310 es\nvoid main() { gl_Position = vec4(0.0); }\n",
                         "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n"};
   for (int k = 0; k < 2; k++) {
      GLuint sh = gl.CreateShader(GL_VERTEX_SHADER);
      gl.ShaderSource(sh, 1, &src[k], NULL);
      gl.CompileShader(sh);
      GLint ok = 0;
      gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
      char log[512] = "";
      gl.GetShaderInfoLog(sh, sizeof log, NULL, log);
      if (k == 0 && (ok || !strstr(log, "3.10")))
         fail("#version 310 es on ES 3.0: compile status %d, log \"%s\"", ok, log);
      if (k == 1 && !ok)
         fail("#version 300 es on ES 3.0 does not compile: %s", log);
      gl.DeleteShader(sh);
   }
   check_gl_error("compiles");
   GLint n = 0;
   glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &n);
   expect_error(GL_INVALID_ENUM, "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS on ES 3.0");
   GLuint buf;
   gl.GenBuffers(1, &buf);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
   expect_error(GL_INVALID_ENUM, "glBindBuffer(GL_SHADER_STORAGE_BUFFER) on ES 3.0");
   gl.DispatchCompute(1, 1, 1);
   expect_error(GL_INVALID_OPERATION, "glDispatchCompute on ES 3.0");
   gl.DeleteBuffers(1, &buf);
}

/* es31_ms_array: GL_OES_texture_storage_multisample_2d_array in an OpenGL ES 3.1 context. A
 * 4-sample RGBA8 2D array texture of three layers made with glTexStorage3DMultisampleOES (an
 * extension name, from eglGetProcAddress), each layer cleared to its own colour through
 * glFramebufferTextureLayer and layer 1 given a pixel-aligned rectangle (every sample of a pixel
 * agrees), is read back by a "#version 310 es" fragment shader that enables the extension and
 * texelFetches a sampler2DMSArray: layer 1's last sample on the left half, layer 2's first on
 * the right. GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY answers the texture. */
void
sc_es31_ms_array(void)
{
   if (es_version(31) < 31) {
      skipped("no OpenGL ES 3.1 context");
      return;
   }
   if (!has_ext("GL_OES_texture_storage_multisample_2d_array")) {
      if (on_mgl())
         fail("an ES 3.1 context does not list GL_OES_texture_storage_multisample_2d_array");
      else
         skipped("GL_OES_texture_storage_multisample_2d_array is not offered");
      return;
   }
   PFNGLTEXSTORAGE3DMULTISAMPLEPROC storage3d_ms =
      (PFNGLTEXSTORAGE3DMULTISAMPLEPROC)eglGetProcAddress("glTexStorage3DMultisampleOES");
   if (!storage3d_ms) {
      fail("eglGetProcAddress(\"glTexStorage3DMultisampleOES\") is NULL");
      return;
   }
   enum { SAMPLES = 4, LAYERS = 3 };
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex);
   storage3d_ms(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, SAMPLES, GL_RGBA8, W, H, LAYERS, GL_TRUE);
   check_gl_error("glTexStorage3DMultisampleOES");
   GLint bound = 0;
   glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY, &bound);
   check_gl_error("glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY)");
   if ((GLuint)bound != tex)
      fail("GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY = %d, want %u", bound, tex);

   const vec4f layer_bg[LAYERS] = {V4(1.0f, 0.0f, 0.0f, 1.0f), V4(0.2f, 0.4f, 0.6f, 1.0f),
                                   V4(0.0f, 0.6f, 0.2f, 1.0f)};
   const vec4f c_rect = V4(1.0f, 0.8f, 0.0f, 1.0f);
   GLuint fbo;
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glViewport(0, 0, W, H);
   const char *vs = "#version 310 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs_solid = "#version 310 es\n"
                          "precision highp float;\n"
                          "uniform vec4 u_color;\n"
                          "out vec4 o;\n"
                          "void main() { o = u_color; }\n";
   GLuint ps = link_program_b(vs, fs_solid, NULL, NULL);
   float r[12];
   rect_vertices(r, 8, 8, 24, 56);
   mesh mr = make_mesh(r, 6);
   for (int l = 0; l < LAYERS; l++) {
      gl.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, l);
      if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
         die_setup("layer %d of the multisample array texture: framebuffer incomplete", l);
      clear_to(layer_bg[l]);
      if (l == 1) {
         gl.UseProgram(ps);
         set_vec4(ps, "u_color", c_rect);
         gl.BindVertexArray(mr.vao);
         glDrawArrays(GL_TRIANGLES, 0, 6);
      }
   }
   check_gl_error("rendering into the multisample array layers");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);

   const char *fs =
      "#version 310 es\n"
      "#extension GL_OES_texture_storage_multisample_2d_array : require\n"
      "precision highp float;\n"
      "uniform highp sampler2DMSArray u_ms;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
      "  o = p.x < 32 ? texelFetch(u_ms, ivec3(p, 1), 3) : texelFetch(u_ms, ivec3(p, 2), 0);\n"
      "}\n";
   GLuint pf = link_program_b(vs, fs, NULL, NULL);
   gl.UseProgram(pf);
   gl.Uniform1i(uloc(pf, "u_ms"), 0);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   float all[12];
   rect_vertices(all, 0, 0, W, H);
   mesh ma = make_mesh(all, 6);
   gl.BindVertexArray(ma.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("texelFetch from the multisample array texture");

   model m;
   model_init(&m, layer_bg[1]);
   model_rect(&m, 8, 8, 24, 56, to8(c_rect));
   model_rect(&m, W / 2, 0, W, H, to8(layer_bg[2]));
   check_frame("es31_ms_array", &m);

   gl.BindVertexArray(0);
   gl.UseProgram(0);
   gl.DeleteProgram(ps);
   gl.DeleteProgram(pf);
   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
}

/* A pixel of the read framebuffer's read buffer, within one unit of want in every channel. */
static void
dbi_expect(const char *phase, int x, int y, const uint8_t want[4])
{
   uint8_t got[4] = {0, 0, 0, 0};
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
   for (int k = 0; k < 4; k++)
      if (got[k] + 1 < want[k] || got[k] > want[k] + 1) {
         fail("%s: pixel (%d,%d): expected (%u,%u,%u,%u) got (%u,%u,%u,%u)", phase, x, y, want[0],
              want[1], want[2], want[3], got[0], got[1], got[2], got[3]);
         return;
      }
}

/* es3_draw_buffers_indexed: GL_EXT_draw_buffers_indexed in an OpenGL ES 3.0 context, through its
 * EXT-suffixed entry points (eglGetProcAddress). Two RGBA8 colour attachments cleared to one
 * colour take a rectangle from a shader writing one colour to both: attachment 1 blends it
 * (glEnableiEXT, glBlendFunciEXT ONE/ONE: the sum), attachment 0 does not blend and keeps its
 * green (glColorMaskiEXT). glGetIntegeri_v and glIsEnablediEXT answer each buffer's state. */
void
sc_es3_draw_buffers_indexed(void)
{
   es_version(30);
   if (!has_ext("GL_EXT_draw_buffers_indexed")) {
      if (on_mgl())
         fail("an ES 3.0 context does not list GL_EXT_draw_buffers_indexed");
      else
         skipped("GL_EXT_draw_buffers_indexed is not offered");
      return;
   }
   PFNGLENABLEIPROC enable_i = (PFNGLENABLEIPROC)eglGetProcAddress("glEnableiEXT");
   PFNGLBLENDFUNCIPROC blend_func_i = (PFNGLBLENDFUNCIPROC)eglGetProcAddress("glBlendFunciEXT");
   PFNGLBLENDEQUATIONIPROC blend_eq_i =
      (PFNGLBLENDEQUATIONIPROC)eglGetProcAddress("glBlendEquationiEXT");
   PFNGLCOLORMASKIPROC color_mask_i = (PFNGLCOLORMASKIPROC)eglGetProcAddress("glColorMaskiEXT");
   PFNGLISENABLEDIPROC is_enabled_i = (PFNGLISENABLEDIPROC)eglGetProcAddress("glIsEnablediEXT");
   if (!enable_i || !blend_func_i || !blend_eq_i || !color_mask_i || !is_enabled_i) {
      fail("an EXT_draw_buffers_indexed entry point is NULL");
      return;
   }
   GLuint tex[2], fbo;
   glGenTextures(2, tex);
   gl.GenFramebuffers(1, &fbo);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   for (int i = 0; i < 2; i++) {
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, W, H);
      gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D, tex[i], 0);
   }
   const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   gl.DrawBuffers(2, bufs);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      die_setup("two RGBA8 attachments: framebuffer incomplete");
   glViewport(0, 0, W, H);
   const GLfloat bg[4] = {0.2f, 0.4f, 0.2f, 0.2f};
   gl.ClearBufferfv(GL_COLOR, 0, bg);
   gl.ClearBufferfv(GL_COLOR, 1, bg);

   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 300 es\n"
                    "precision highp float;\n"
                    "uniform vec4 u_color;\n"
                    "layout(location = 0) out vec4 o0;\n"
                    "layout(location = 1) out vec4 o1;\n"
                    "void main() { o0 = u_color; o1 = u_color; }\n";
   GLuint p = link_program_b(vs, fs, NULL, NULL);
   gl.UseProgram(p);
   set_vec4(p, "u_color", V4(0.4f, 0.2f, 0.6f, 0.6f));
   enable_i(GL_BLEND, 1);
   blend_func_i(1, GL_ONE, GL_ONE);
   blend_eq_i(1, GL_FUNC_ADD);
   color_mask_i(0, GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
   check_gl_error("the indexed blend and mask state");
   if (is_enabled_i(GL_BLEND, 0) || !is_enabled_i(GL_BLEND, 1))
      fail("glIsEnablediEXT(GL_BLEND): %d for buffer 0, %d for buffer 1", is_enabled_i(GL_BLEND, 0),
           is_enabled_i(GL_BLEND, 1));
   GLint src1 = 0, dst1 = 0, src0 = 0, mask0[4] = {0, 0, 0, 0};
   gl.GetIntegeri_v(GL_BLEND_SRC_RGB, 1, &src1);
   gl.GetIntegeri_v(GL_BLEND_DST_ALPHA, 1, &dst1);
   gl.GetIntegeri_v(GL_BLEND_SRC_RGB, 0, &src0);
   gl.GetIntegeri_v(GL_COLOR_WRITEMASK, 0, mask0);
   check_gl_error("glGetIntegeri_v of the indexed state");
   if (src1 != GL_ONE || dst1 != GL_ONE || src0 != GL_ONE || mask0[0] != 1 || mask0[1] != 0)
      fail("indexed state: buffer 1 SRC_RGB 0x%x DST_ALPHA 0x%x, buffer 0 SRC_RGB 0x%x, "
           "COLOR_WRITEMASK (%d,%d,%d,%d)",
           src1, dst1, src0, mask0[0], mask0[1], mask0[2], mask0[3]);

   float r[12];
   rect_vertices(r, 16, 16, 48, 48);
   mesh mr = make_mesh(r, 6);
   gl.BindVertexArray(mr.vao);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("the draw into two attachments");

   const uint8_t want_bg[4] = {51, 102, 51, 51};
   const uint8_t want0[4] = {102, 102, 153, 153}; /* not blended, green kept */
   const uint8_t want1[4] = {153, 153, 204, 204}; /* ONE, ONE: the sum */
   glReadBuffer(GL_COLOR_ATTACHMENT0);
   dbi_expect("attachment 0 inside", 32, 32, want0);
   dbi_expect("attachment 0 outside", 4, 4, want_bg);
   glReadBuffer(GL_COLOR_ATTACHMENT1);
   dbi_expect("attachment 1 inside", 32, 32, want1);
   dbi_expect("attachment 1 outside", 60, 60, want_bg);
   check_gl_error("readback");

   color_mask_i(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   gl.BindVertexArray(0);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(2, tex);
}

/* The resolved red of a 4-sample framebuffer filled by the bound program (white where a sample's
 * x fraction is past one half) with sample shading on or off; every pixel must agree. */
static int
es_shaded_grey(GLuint fbo, bool on, PFNGLMINSAMPLESHADINGPROC min_sample_shading)
{
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   if (on)
      glEnable(GL_SAMPLE_SHADING);
   min_sample_shading(1.0f);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDisable(GL_SAMPLE_SHADING);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error(on ? "draw and resolve, sample shading on" : "draw and resolve, off");
   readback();
   const rgba8 first = pixel_at(0, 0);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         if (!rgba_eq(pixel_at(x, y), first)) {
            fail("sample shading %s: pixel (%d,%d) is %d, pixel (0,0) %d", on ? "on" : "off", x, y,
                 pixel_at(x, y).c[0], first.c[0]);
            return -1;
         }
   return first.c[0];
}

/* es3_sample_shading: GL_OES_sample_shading in an OpenGL ES 3.0 context where the device shades
 * per sample (MGP_CAP_SAMPLE_SHADING; the GLES backend where its host has GLES 3.2 or
 * OES_sample_shading; elsewhere not listed, and GL_SAMPLE_SHADING is GL_INVALID_ENUM).
 * glMinSampleShadingOES clamps its value; a "#version
 * 300 es" shader whose colour depends on where in the pixel it runs resolves black with one
 * invocation at the pixel centre and grey with each of the 4 samples shaded at its own
 * position. */
void
sc_es3_sample_shading(void)
{
   es_version(30);
   if (!has_ext("GL_OES_sample_shading")) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && (!renderer || !strstr(renderer, "(GLES:")))
         fail("no GL_OES_sample_shading on renderer %s", renderer ? renderer : "(null)");
      glEnable(GL_SAMPLE_SHADING);
      expect_error(GL_INVALID_ENUM, "glEnable(GL_SAMPLE_SHADING) without OES_sample_shading");
      skipped("GL_OES_sample_shading is not offered");
      return;
   }
   PFNGLMINSAMPLESHADINGPROC min_sample_shading =
      (PFNGLMINSAMPLESHADINGPROC)eglGetProcAddress("glMinSampleShadingOES");
   if (!min_sample_shading) {
      fail("eglGetProcAddress(\"glMinSampleShadingOES\") is NULL");
      return;
   }
   GLfloat v = -1.0f;
   glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
   if (v != 0.0f || glIsEnabled(GL_SAMPLE_SHADING))
      fail("initial state: GL_MIN_SAMPLE_SHADING_VALUE %g, GL_SAMPLE_SHADING %d", v,
           glIsEnabled(GL_SAMPLE_SHADING));
   min_sample_shading(2.5f);
   glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &v);
   if (v != 1.0f)
      fail("glMinSampleShadingOES(2.5): GL_MIN_SAMPLE_SHADING_VALUE %g, want 1 (clamped)", v);
   check_gl_error("glMinSampleShadingOES and its query");

   GLuint rb, fbo = ms_rgba8_fbo(&rb);
   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs =
      "#version 300 es\n"
      "precision highp float;\n"
      "out vec4 o;\n"
      "void main() { o = vec4(vec3(fract(gl_FragCoord.x) > 0.5 ? 1.0 : 0.0), 1.0); }\n";
   GLuint p = link_program_b(vs, fs, NULL, NULL);
   gl.UseProgram(p);
   float quad[12];
   rect_vertices(quad, 0, 0, W, H);
   mesh m = make_mesh(quad, 6);
   const int off = es_shaded_grey(fbo, false, min_sample_shading);
   const int on = es_shaded_grey(fbo, true, min_sample_shading);
   printf("  resolved red %d with sample shading off, %d on (minimum 1.0)\n", off, on);
   if (off != 0)
      fail("sample shading off: resolved red %d, want 0", off);
   if (on <= 0 || on >= 255)
      fail("sample shading on: resolved red %d, want between 0 and 255", on);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
}

/* The resolve of a 4-sample framebuffer the bound program filled (GL_SAMPLE_SHADING off: the
 * program's reading of gl_SampleID shades each sample apart); every pixel must agree. */
static rgba8
es_resolved(GLuint fbo, const char *what)
{
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   gl.BlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error(what);
   readback();
   const rgba8 first = pixel_at(0, 0);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         if (!rgba_eq(pixel_at(x, y), first)) {
            fail("%s: pixel (%d,%d) differs from pixel (0,0)", what, x, y);
            return first;
         }
   return first;
}

/* es31_sample_variables: GL_OES_sample_variables in an OpenGL ES 3.1 context (ES 3.2's
 * gl_SampleID, gl_SamplePosition, gl_SampleMaskIn and gl_SampleMask; listed where the device
 * shades per sample, MGP_CAP_SAMPLE_SHADING). A program writing (gl_SamplePosition,
 * gl_SampleID / 3) into every sample of a 4-sample framebuffer resolves to the mean of the
 * framebuffer's GL_SAMPLE_POSITIONs and 0.5; one keeping only sample 1 (gl_SampleMask, from the
 * invocation whose gl_SampleID is 1, which gl_SampleMaskIn covers) resolves to a quarter. */
void
sc_es31_sample_variables(void)
{
   if (es_version(31) < 31) {
      skipped("no OpenGL ES 3.1 context");
      return;
   }
   const char *vs = "#version 310 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs_pos = "#version 310 es\n"
                        "#extension GL_OES_sample_variables : require\n"
                        "precision highp float;\n"
                        "out vec4 o;\n"
                        "void main() { o = vec4(gl_SamplePosition, float(gl_SampleID) / 3.0, 1.0); "
                        "}\n";
   if (!has_ext("GL_OES_sample_variables")) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && (!renderer || !strstr(renderer, "(GLES:")))
         fail("no GL_OES_sample_variables on renderer %s", renderer ? renderer : "(null)");
      if (shader_compiles(GL_FRAGMENT_SHADER, fs_pos))
         fail("#extension GL_OES_sample_variables : require compiled without the extension");
      skipped("GL_OES_sample_variables is not offered");
      return;
   }
   const char *fs_mask = "#version 310 es\n"
                         "#extension GL_OES_sample_variables : require\n"
                         "precision highp float;\n"
                         "out vec4 o;\n"
                         "void main() {\n"
                         "  bool in_mask = (gl_SampleMaskIn[0] & (1 << gl_SampleID)) != 0;\n"
                         "  gl_SampleMask[0] = gl_SampleID == 1 ? 2 : 0;\n"
                         "  o = vec4(1.0, in_mask ? 1.0 : 0.0, 1.0, 1.0);\n"
                         "}\n";
   GLuint rb, fbo = ms_rgba8_fbo(&rb);
   GLint samples = 0;
   gl.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   float mean[2] = {0, 0};
   for (GLint i = 0; i < samples; i++) {
      GLfloat pos[2] = {0, 0};
      gl.GetMultisamplefv(GL_SAMPLE_POSITION, (GLuint)i, pos);
      mean[0] += pos[0] / (float)samples, mean[1] += pos[1] / (float)samples;
   }
   check_gl_error("GL_SAMPLES and GL_SAMPLE_POSITION of the multisampled framebuffer");
   if (samples != 4) {
      fail("the multisampled renderbuffer has %d samples, want 4", samples);
      return;
   }
   float quad[12];
   rect_vertices(quad, 0, 0, W, H);
   mesh m = make_mesh(quad, 6);
   GLuint p = link_program_b(vs, fs_pos, NULL, NULL);
   gl.UseProgram(p);
   const rgba8 pos = es_resolved(fbo, "gl_SamplePosition and gl_SampleID drawn and resolved");
   const int want_x = (int)(mean[0] * 255.0f + 0.5f), want_y = (int)(mean[1] * 255.0f + 0.5f);
   printf("  positions: resolved %d,%d,%d (mean position %d,%d, ids 128)\n", pos.c[0], pos.c[1],
          pos.c[2], want_x, want_y);
   if (abs(pos.c[0] - want_x) > 2 || abs(pos.c[1] - want_y) > 2)
      fail("gl_SamplePosition resolved to %d,%d, want the mean of GL_SAMPLE_POSITION %d,%d",
           pos.c[0], pos.c[1], want_x, want_y);
   if (abs(pos.c[2] - 128) > 2)
      fail("gl_SampleID / 3 resolved to %d, want 128 (ids 0 .. 3, one invocation each)", pos.c[2]);
   gl.DeleteProgram(p);
   p = link_program_b(vs, fs_mask, NULL, NULL);
   gl.UseProgram(p);
   const rgba8 one = es_resolved(fbo, "gl_SampleMask drawn and resolved");
   printf("  sample 1 only: resolved %d,%d,%d,%d\n", one.c[0], one.c[1], one.c[2], one.c[3]);
   for (int c = 0; c < 4; c++)
      if (abs(one.c[c] - 64) > 1)
         fail("gl_SampleMask keeping sample 1: resolved component %d is %d, want 64 (a quarter; "
              "green 0 where gl_SampleMaskIn lacks the invocation's own sample)",
              c, one.c[c]);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &m.vbo);
   gl.DeleteVertexArrays(1, &m.vao);
   gl.DeleteFramebuffers(1, &fbo);
   gl.DeleteRenderbuffers(1, &rb);
}

/* es31_geometry: the OpenGL ES 3.2 features an ES 3.1 context offers as extensions where the
 * device has them. A "#version 310 es" geometry shader (GL_EXT_geometry_shader with
 * GL_EXT_shader_io_blocks: an input block from the vertex shader) expands each of two points
 * into a 16x16 square whose colour a fragment shader texelFetches from a buffer texture
 * (GL_EXT_texture_buffer, glTexBufferEXT from eglGetProcAddress) by the index the geometry shader
 * passes on. glPrimitiveBoundingBoxEXT (GL_EXT_primitive_bounding_box) is state only:
 * GL_PRIMITIVE_BOUNDING_BOX answers it. GL_MAX_GEOMETRY_OUTPUT_VERTICES is at least the
 * extension's 256. */
void
sc_es31_geometry(void)
{
   if (es_version(31) < 31) {
      skipped("no OpenGL ES 3.1 context");
      return;
   }
   static const char *const exts[] = {"GL_EXT_geometry_shader", "GL_EXT_shader_io_blocks",
                                      "GL_EXT_texture_buffer", "GL_EXT_primitive_bounding_box"};
   for (size_t k = 0; k < sizeof(exts) / sizeof(exts[0]); k++)
      if (!has_ext(exts[k])) {
         if (on_mgl())
            fail("an ES 3.1 context does not list %s", exts[k]);
         else
            skipped("an ES 3.2 extension is not offered (no geometry stage or buffer textures)");
         return;
      }
   PFNGLTEXBUFFERPROC tex_buffer = (PFNGLTEXBUFFERPROC)eglGetProcAddress("glTexBufferEXT");
   PFNGLPRIMITIVEBOUNDINGBOXARBPROC bbox =
      (PFNGLPRIMITIVEBOUNDINGBOXARBPROC)eglGetProcAddress("glPrimitiveBoundingBoxEXT");
   if (!tex_buffer || !bbox) {
      fail("eglGetProcAddress of glTexBufferEXT / glPrimitiveBoundingBoxEXT is NULL");
      return;
   }
   GLint max_out = 0;
   glGetIntegerv(GL_MAX_GEOMETRY_OUTPUT_VERTICES, &max_out);
   check_gl_error("glGetIntegerv(GL_MAX_GEOMETRY_OUTPUT_VERTICES)");
   if (max_out < 256)
      fail("GL_MAX_GEOMETRY_OUTPUT_VERTICES = %d, below EXT_geometry_shader's 256", max_out);
   bbox(-0.5f, -0.5f, 0.0f, 1.0f, 0.5f, 0.5f, 0.25f, 1.0f);
   check_gl_error("glPrimitiveBoundingBoxEXT");
   GLfloat box[8] = {0};
   glGetFloatv(0x92BE /* GL_PRIMITIVE_BOUNDING_BOX_EXT */, box);
   check_gl_error("glGetFloatv(GL_PRIMITIVE_BOUNDING_BOX_EXT)");
   if (box[0] != -0.5f || box[6] != 0.25f)
      fail("GL_PRIMITIVE_BOUNDING_BOX_EXT = (%g ... %g), want (-0.5 ... 0.25)", box[0], box[6]);

   /* two texels: the squares' colours */
   static const uint8_t texels[8] = {255, 0, 0, 255, 0, 0, 255, 255};
   GLuint buf, tex;
   gl.GenBuffers(1, &buf);
   gl.BindBuffer(GL_TEXTURE_BUFFER, buf);
   gl.BufferData(GL_TEXTURE_BUFFER, sizeof(texels), texels, GL_STATIC_DRAW);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_BUFFER, tex);
   tex_buffer(GL_TEXTURE_BUFFER, GL_RGBA8, buf);
   check_gl_error("glTexBufferEXT");

   const char *vs = "#version 310 es\n"
                    "#extension GL_EXT_shader_io_blocks : require\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "out V { flat int index; } v;\n"
                    "void main() {\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "  v.index = gl_VertexID;\n"
                    "}\n";
   const char *gs = "#version 310 es\n"
                    "#extension GL_EXT_geometry_shader : require\n"
                    "#extension GL_EXT_shader_io_blocks : require\n"
                    "layout(points) in;\n"
                    "layout(triangle_strip, max_vertices = 4) out;\n"
                    "in V { flat int index; } v[];\n"
                    "flat out int g_index;\n"
                    "void main() {\n"
                    "  for (int k = 0; k < 4; k++) {\n"
                    "    vec2 d = vec2(k & 1, k >> 1) * 2.0 - 1.0;\n"
                    "    gl_Position = gl_in[0].gl_Position + vec4(d * 0.25, 0.0, 0.0);\n"
                    "    g_index = v[0].index;\n"
                    "    EmitVertex();\n"
                    "  }\n"
                    "  EndPrimitive();\n"
                    "}\n";
   const char *fs = "#version 310 es\n"
                    "#extension GL_EXT_texture_buffer : require\n"
                    "precision highp float;\n"
                    "uniform highp samplerBuffer u_tb;\n"
                    "flat in int g_index;\n"
                    "out vec4 o;\n"
                    "void main() { o = texelFetch(u_tb, g_index); }\n";
   GLuint p = link_program_gs(vs, gs, fs);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tb"), 0);
   glViewport(0, 0, W, H);
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   static const float pts[4] = {16.0f, 16.0f, 48.0f, 40.0f};
   mesh m2 = make_mesh(pts, 2);
   gl.BindVertexArray(m2.vao);
   glDrawArrays(GL_POINTS, 0, 2);
   check_gl_error("points expanded by the geometry shader");
   model m;
   model_init(&m, V4(0.0f, 0.0f, 0.0f, 1.0f));
   model_rect(&m, 8, 8, 24, 24, to8(V4(1.0f, 0.0f, 0.0f, 1.0f)));
   model_rect(&m, 40, 32, 56, 48, to8(V4(0.0f, 0.0f, 1.0f, 1.0f)));
   check_frame("es31_geometry", &m);

   gl.UseProgram(0);
   gl.BindVertexArray(0);
   gl.DeleteProgram(p);
   glDeleteTextures(1, &tex);
   gl.DeleteBuffers(1, &buf);
}

/* es3_srgb_decode: EXT_texture_sRGB_decode in an ES 3.0 context — a GL_SRGB8_ALPHA8 texel
 * (64, 128, 200, 255) samples decoded, (13, 55, 147) within one, by default, and exactly as
 * stored with GL_TEXTURE_SRGB_DECODE_EXT GL_SKIP_DECODE_EXT on the texture or on a bound
 * sampler object; other values are GL_INVALID_ENUM. Where the extension is not listed (the
 * GLES backend with MGL_GLES_HIDE=srgb-decode or a host without it) the parameter is
 * GL_INVALID_ENUM; mgl on Vulkan always lists it. */
static void
es3_srgb_expect(const char *phase, bool decoded)
{
   static const int stored[3] = {64, 128, 200}, linear[3] = {13, 55, 147};
   clear_to(V4(0.0f, 0.0f, 0.0f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error(phase);
   readback();
   const rgba8 got = pixel_at(32, 32);
   for (int i = 0; i < 3; i++)
      if (abs((int)got.c[i] - (decoded ? linear[i] : stored[i])) > (decoded ? 1 : 0)) {
         fail("%s: (%u,%u,%u,%u) want %s", phase, got.c[0], got.c[1], got.c[2], got.c[3],
              decoded ? "(13,55,147) within one" : "(64,128,200)");
         return;
      }
}

void
sc_es3_srgb_decode(void)
{
   es_version(30);
   const GLubyte texel[4] = {64, 128, 200, 255};
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl_error("sRGB texture");
   if (!has_ext("GL_EXT_texture_sRGB_decode")) {
      const char *be = getenv("MGL_BACKEND");
      if (!on_mgl())
         die_setup("the GL lists no GL_EXT_texture_sRGB_decode");
      if (!be || strcmp(be, "gles"))
         fail("mgl on Vulkan lists no GL_EXT_texture_sRGB_decode in ES 3.0");
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_SKIP_DECODE_EXT);
      expect_gl_error(GL_INVALID_ENUM, "GL_TEXTURE_SRGB_DECODE_EXT without the extension");
      skipped("no GL_EXT_texture_sRGB_decode");
      glDeleteTextures(1, &tex);
      return;
   }
   const char *vs = "#version 300 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "void main() { gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0); }\n";
   const char *fs = "#version 300 es\n"
                    "precision highp float;\n"
                    "uniform sampler2D u_tex;\n"
                    "out vec4 o;\n"
                    "void main() { o = texture(u_tex, vec2(0.5)); }\n";
   GLuint p = link_program_b(vs, fs, NULL, NULL);
   gl.UseProgram(p);
   gl.Uniform1i(uloc(p, "u_tex"), 0);
   float xy[12];
   rect_vertices(xy, 0.0f, 0.0f, 64.0f, 64.0f);
   make_mesh(xy, 6);
   glViewport(0, 0, W, H);
   es3_srgb_expect("DECODE", true);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_RGBA);
   expect_gl_error(GL_INVALID_ENUM, "GL_TEXTURE_SRGB_DECODE_EXT = GL_RGBA");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_SKIP_DECODE_EXT);
   GLint v = 0;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, &v);
   if (v != GL_SKIP_DECODE_EXT)
      fail("glGetTexParameteriv: 0x%x, want GL_SKIP_DECODE_EXT", (unsigned)v);
   es3_srgb_expect("texture SKIP", false);
   GLuint smp;
   gl.GenSamplers(1, &smp);
   gl.SamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.BindSampler(0, smp);
   es3_srgb_expect("texture SKIP, sampler DECODE", true);
   gl.SamplerParameteri(smp, GL_TEXTURE_SRGB_DECODE_EXT, GL_SKIP_DECODE_EXT);
   gl.GetSamplerParameteriv(smp, GL_TEXTURE_SRGB_DECODE_EXT, &v);
   if (v != GL_SKIP_DECODE_EXT)
      fail("glGetSamplerParameteriv: 0x%x, want GL_SKIP_DECODE_EXT", (unsigned)v);
   es3_srgb_expect("sampler SKIP", false);
   gl.BindSampler(0, 0);
   gl.DeleteSamplers(1, &smp);
   gl.UseProgram(0);
   gl.DeleteProgram(p);
   glDeleteTextures(1, &tex);
}

/* es3_cull_distance: GL_EXT_clip_cull_distance in an OpenGL ES 3.0 context, where the device has
 * cull distances (MGP_CAP_CULL_DISTANCE, as desktop GL_ARB_cull_distance: lavapipe's Vulkan,
 * llvmpipe's GLES). Its limits read 8; a "#version 300 es" vertex shader that enables it culls
 * the left of two rectangles by gl_CullDistance (gl_VertexID) and gives the right one a
 * gl_ClipDistance that GL_CLIP_DISTANCE0 turns into a cut at x = 48; the fragment shader sees
 * the extension's macro. gl_CullDistance without the directive does not compile. */
static const char *VS_ES_CULL =
   "#version 300 es\n"
   "#extension GL_EXT_clip_cull_distance : require\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "void main() {\n"
   "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
   "  gl_CullDistance[0] = gl_VertexID < 6 ? -1.0 : 1.0;\n"
   "  gl_ClipDistance[0] = gl_MaxCullDistances >= 8 ? a_pos.x - 48.0 : -1.0;\n"
   "}\n";
static const char *FS_ES_CULL = "#version 300 es\n"
                                "#extension GL_EXT_clip_cull_distance : enable\n"
                                "precision mediump float;\n"
                                "out vec4 o;\n"
                                "void main() {\n"
                                "#ifdef GL_EXT_clip_cull_distance\n"
                                "  o = vec4(0.0, 1.0, 0.0, 1.0);\n"
                                "#else\n"
                                "  o = vec4(1.0, 1.0, 0.0, 1.0);\n"
                                "#endif\n"
                                "}\n";

void
sc_es3_cull_distance(void)
{
   es_version(30);
   if (!has_ext("GL_EXT_clip_cull_distance")) {
      const char *renderer = (const char *)glGetString(GL_RENDERER);
      if (on_mgl() && renderer && strstr(renderer, "(Vulkan:"))
         fail("GL_EXT_clip_cull_distance not listed on renderer %s", renderer);
      glEnable(GL_CLIP_DISTANCE0);
      expect_error(GL_INVALID_ENUM, "glEnable(GL_CLIP_DISTANCE0) without EXT_clip_cull_distance");
      skipped("GL_EXT_clip_cull_distance is not listed");
      return;
   }
   static const GLenum limits[3] = {GL_MAX_CLIP_DISTANCES, GL_MAX_CULL_DISTANCES,
                                    GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES};
   for (int k = 0; k < 3; k++) {
      GLint v = 0;
      glGetIntegerv(limits[k], &v);
      if (v < 8)
         fail("limit 0x%04x reads %d (at least 8)", limits[k], v);
   }
   check_gl_error("the limits");

   const char *bare = "#version 300 es\n"
                      "void main() { gl_Position = vec4(0.0); gl_CullDistance[0] = 1.0; }\n";
   GLuint s = gl.CreateShader(GL_VERTEX_SHADER);
   gl.ShaderSource(s, 1, &bare, NULL);
   gl.CompileShader(s);
   GLint ok = -1;
   gl.GetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (ok != GL_FALSE)
      fail("gl_CullDistance compiled in GLSL ES 3.00 without the extension");
   gl.DeleteShader(s);

   const vec4f bg = V4(0.2f, 0.2f, 0.2f, 1.0f);
   float q[24];
   rect_vertices(q, 4, 8, 28, 56);
   rect_vertices(q + 12, 36, 8, 60, 56);
   mesh two = make_mesh(q, 12);
   GLuint p = link_program_b(VS_ES_CULL, FS_ES_CULL, NULL, NULL);
   gl.UseProgram(p);
   clear_to(bg);
   glDrawArrays(GL_TRIANGLES, 0, 12);
   check_gl_error("the cull draw");
   model m;
   model_init(&m, bg);
   model_rect(&m, 36, 8, 60, 56, (rgba8){{0, 255, 0, 255}});
   check_frame("the left rectangle culled", &m);

   clear_to(bg);
   glEnable(GL_CLIP_DISTANCE0);
   if (!glIsEnabled(GL_CLIP_DISTANCE0))
      fail("glIsEnabled(GL_CLIP_DISTANCE0) false after glEnable");
   glDrawArrays(GL_TRIANGLES, 0, 12);
   glDisable(GL_CLIP_DISTANCE0);
   check_gl_error("the cull and clip draw");
   model_init(&m, bg);
   model_rect(&m, 48, 8, 60, 56, (rgba8){{0, 255, 0, 255}});
   check_frame("the right rectangle clipped at x = 48", &m);

   gl.UseProgram(0);
   gl.DeleteProgram(p);
   gl.DeleteBuffers(1, &two.vbo);
   gl.DeleteVertexArrays(1, &two.vao);
}

/* The centre pixel of a rectangle drawn into the default framebuffer against `want` (0..1), to
 * within 2 of 255 (snorm and 16-bit values are quantized other than 8-bit unorm ones are). */
static void
probe_near(const char *what, int x, int y, vec4f want)
{
   readback();
   const rgba8 got = pixel_at(x, y), w = to8(want);
   printf("  %s: (%u,%u,%u,%u), want (%u,%u,%u,%u)\n", what, got.c[0], got.c[1], got.c[2], got.c[3],
          w.c[0], w.c[1], w.c[2], w.c[3]);
   for (int c = 0; c < 4; c++)
      if (abs((int)got.c[c] - (int)w.c[c]) > 2) {
         fail("%s: component %d is %u, want %u", what, c, got.c[c], w.c[c]);
         return;
      }
}

/* A 4x4 texture of `ifmt` as the colour attachment of fbo, cleared to zero. */
static GLuint
es_target(GLuint fbo, GLenum ifmt)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, ifmt, 4, 4);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
   const GLenum st = gl.CheckFramebufferStatus(GL_FRAMEBUFFER);
   if (st != GL_FRAMEBUFFER_COMPLETE)
      fail("a 0x%04x colour attachment: framebuffer status 0x%04x", (unsigned)ifmt, (unsigned)st);
   glViewport(0, 0, 4, 4);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   return t;
}

/* es31_norm16_snorm: GL_EXT_texture_norm16 and GL_EXT_render_snorm in an OpenGL ES 3.1 context.
 * An R16 texture of UNSIGNED_SHORT 0x8000 and an R16_SNORM one of SHORT -16384 sample as 0.5 and
 * -0.5; (0.25, 0.5, 0.75, 1) drawn into an RGBA16 attachment, and (-0.25, 0.25, 0.5, 0.5) drawn
 * twice with additive blending into an RGBA8_SNORM one ((-0.5, 0.5, 1, 1): snorm blending keeps
 * the sign), sample back as drawn. Each texture is drawn into its own quarter of the window. Where the
 * device does not blend snorm attachments (lavapipe) mgl lists no EXT_render_snorm, and an
 * R8_SNORM renderbuffer is GL_INVALID_ENUM. */
void
sc_es31_norm16_snorm(void)
{
   if (es_version(31) < 31) {
      skipped("no OpenGL ES 3.1 context");
      return;
   }
   if (!has_ext("GL_EXT_texture_norm16"))
      fail("GL_EXTENSIONS lacks GL_EXT_texture_norm16");
   /* EXT_render_snorm where the device blends snorm attachments (lavapipe does not: mgl's
    * Vulkan backend there refuses the formats as an ES attachment) */
   const bool snorm = has_ext("GL_EXT_render_snorm");
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   if (!snorm && (!on_mgl() || !renderer || !strstr(renderer, "(Vulkan:")))
      fail("GL_EXTENSIONS lacks GL_EXT_render_snorm on renderer %s", renderer ? renderer : "");
   const char *vs = "#version 310 es\n"
                    "layout(location = 0) in vec2 a_pos;\n"
                    "layout(location = 1) in vec4 a_color;\n"
                    "out vec4 v_color;\n"
                    "void main() {\n"
                    "  v_color = a_color;\n"
                    "  gl_Position = vec4(a_pos / 32.0 - 1.0, 0.0, 1.0);\n"
                    "}\n";
   const char *fsc = "#version 310 es\n"
                     "precision highp float;\n"
                     "in vec4 v_color;\n"
                     "out vec4 o;\n"
                     "void main() { o = v_color; }\n";
   /* signed values shown as 0.5 + v / 2 */
   const char *fst = "#version 310 es\n"
                     "precision highp float;\n"
                     "uniform highp sampler2D u_tex;\n"
                     "uniform vec4 u_mul, u_add;\n"
                     "out vec4 o;\n"
                     "void main() { o = texture(u_tex, vec2(0.5)) * u_mul + u_add; }\n";
   GLuint pc = link_program_b(vs, fsc, NULL, NULL);
   GLuint pt = link_program_b(vs, fst, NULL, NULL);
   check_gl_error("programs");
   GLuint tex[4], fbo;
   glGenTextures(2, tex);
   static const GLushort u16 = 0x8000;
   static const GLshort s16 = -16384;
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_R16, 1, 1, 0, GL_RED, GL_UNSIGNED_SHORT, &u16);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_R16_SNORM, 1, 1, 0, GL_RED, GL_SHORT, &s16);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   check_gl_error("R16 and R16_SNORM uploads");
   gl.GenFramebuffers(1, &fbo);
   gl.UseProgram(pc);
   tex[2] = es_target(fbo, GL_RGBA16);
   GLuint vq = rect_colour_vbo(0, 0, 64, 64, V4(0.25f, 0.5f, 0.75f, 1.0f));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   gl.DeleteBuffers(1, &vq);
   check_gl_error("drawn into RGBA16");
   if (!snorm) {
      GLuint rb;
      gl.GenRenderbuffers(1, &rb);
      gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
      gl.RenderbufferStorage(GL_RENDERBUFFER, GL_R8_SNORM, 4, 4);
      if (glGetError() != GL_INVALID_ENUM)
         fail("an R8_SNORM renderbuffer was made without GL_EXT_render_snorm");
      gl.DeleteRenderbuffers(1, &rb);
   }
   tex[3] = snorm ? es_target(fbo, GL_RGBA8_SNORM) : 0;
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_ONE);
   vq = rect_colour_vbo(0, 0, 64, 64, V4(-0.25f, 0.25f, 0.5f, 0.5f));
   if (snorm) {
      glDrawArrays(GL_TRIANGLES, 0, 6);
      glDrawArrays(GL_TRIANGLES, 0, 6);
   }
   glDisable(GL_BLEND);
   gl.DeleteBuffers(1, &vq);
   check_gl_error("blended draws into RGBA8_SNORM");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   clear_to(V4(0, 0, 0, 1));
   gl.UseProgram(pt);
   const GLint mul = gl.GetUniformLocation(pt, "u_mul"), add = gl.GetUniformLocation(pt, "u_add");
   static const struct {
      float x, y, mul, add, r, g, b, a; /* the quarter, the scale, the colour it shows */
      const char *what;
   } q[4] = {{0, 0, 1.0f, 0.0f, 0.5f, 0.5f, 0.5f, 1.0f, "R16 0x8000 sampled"},
             {32, 0, 0.5f, 0.5f, 0.25f, 0.5f, 0.5f, 1.0f, "R16_SNORM -16384 sampled"},
             {0, 32, 1.0f, 0.0f, 0.25f, 0.5f, 0.75f, 1.0f, "RGBA16 attachment sampled"},
             {32, 32, 0.5f, 0.5f, 0.25f, 0.75f, 1.0f, 1.0f, "RGBA8_SNORM blended attachment"}};
   const int drawn = snorm ? 4 : 3;
   for (int k = 0; k < drawn; k++) {
      glBindTexture(GL_TEXTURE_2D, tex[k]);
      /* R16 and R16_SNORM: green, blue and alpha come from the sampled red too */
      if (k < 2)
         gl.Uniform4f(mul, q[k].mul, 0.0f, 0.0f, 0.0f);
      else
         gl.Uniform4f(mul, q[k].mul, q[k].mul, q[k].mul, q[k].mul);
      if (k < 2)
         gl.Uniform4f(add, q[k].add, q[k].g, q[k].b, q[k].a);
      else
         gl.Uniform4f(add, q[k].add, q[k].add, q[k].add, q[k].add);
      vq = rect_colour_vbo(q[k].x, q[k].y, q[k].x + 32, q[k].y + 32, V4(0, 0, 0, 1));
      glDrawArrays(GL_TRIANGLES, 0, 6);
      gl.DeleteBuffers(1, &vq);
   }
   check_gl_error("sampling the four textures");
   for (int k = 0; k < drawn; k++)
      probe_near(q[k].what, (int)q[k].x + 16, (int)q[k].y + 16, V4(q[k].r, q[k].g, q[k].b, q[k].a));
   gl.DeleteFramebuffers(1, &fbo);
   glDeleteTextures(snorm ? 4 : 3, tex);
   gl.UseProgram(0);
   gl.DeleteProgram(pc);
   gl.DeleteProgram(pt);
}
