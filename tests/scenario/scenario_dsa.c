/* scenario_dsa.c — GL 4.5 direct state access (ARB_direct_state_access): one frame made twice,
 * once with every object set up by name (buffers written, mapped and read back, a vertex array
 * with its element buffer, a texture's storage, texels and parameters, a framebuffer with a
 * colour texture, cleared and blitted by name) and once through the bindings, each checked to
 * the pixel against the same model; and the bindings the named path must not move. */
#include "scenario.h"

/* One vertex: a position in window pixels and a texture coordinate. 16 bytes. */
struct dsa_vtx {
   float x, y, s, t;
};

static const char *VS_DSA = "#version 330 core\n"
                            "layout(location = 0) in vec2 a_pos;\n"
                            "layout(location = 3) in vec2 a_tc;\n"
                            "out vec2 v_tc;\n"
                            "void main() {\n"
                            "  gl_Position = vec4(a_pos / 16.0 - 1.0, 0.0, 1.0);\n"
                            "  v_tc = a_tc;\n"
                            "}\n";
static const char *FS_DSA = "#version 330 core\n"
                            "uniform sampler2D u_tex;\n"
                            "in vec2 v_tc;\n"
                            "out vec4 o;\n"
                            "void main() { o = texture(u_tex, v_tc); }\n";

/* The texture: 2x2 texels, red, green / blue, white (rows bottom up). */
static const uint8_t TEXELS[16] = {255, 0, 0,   255, 0,   255, 0,   255,
                                   0,   0, 255, 255, 255, 255, 255, 255};
/* A quad over the 32x32 render target's [4, 20) square; the vertex positions' second half is
 * written through a mapping. */
static const struct dsa_vtx QUAD[4] = {{4, 4, 0, 0}, {20, 4, 1, 0}, {4, 20, 0, 1}, {20, 20, 1, 1}};
static const uint16_t INDICES[6] = {0, 1, 2, 2, 1, 3};
enum { RT = 32 };

struct dsa_objects {
   GLuint buf, ibo, vao, tex, rt, fb;
};

static void
expect_binding(GLenum pname, GLint want, const char *what)
{
   GLint v = -1;
   glGetIntegerv(pname, &v);
   if (v != want)
      fail("%s: binding 0x%04x = %d, want %d", what, pname, v, want);
}

/* Every object by name; no binding moves. */
static void
make_named(struct dsa_objects *o)
{
   gl.CreateBuffers(1, &o->buf);
   gl.NamedBufferData(o->buf, sizeof QUAD, NULL, GL_STATIC_DRAW);
   gl.NamedBufferSubData(o->buf, 0, 2 * sizeof QUAD[0], QUAD);
   struct dsa_vtx *p = gl.MapNamedBufferRange(o->buf, 2 * sizeof QUAD[0], 2 * sizeof QUAD[0],
                                              GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT);
   if (p) {
      memcpy(p, QUAD + 2, 2 * sizeof QUAD[0]);
      if (!gl.UnmapNamedBuffer(o->buf))
         fail("glUnmapNamedBuffer returned GL_FALSE");
   } else {
      fail("glMapNamedBufferRange returned NULL");
   }
   struct dsa_vtx back[4];
   memset(back, 0, sizeof back);
   gl.GetNamedBufferSubData(o->buf, 0, sizeof back, back);
   if (memcmp(back, QUAD, sizeof QUAD))
      fail("glGetNamedBufferSubData: the buffer does not hold what was written by name");
   GLint64 size = 0;
   gl.GetNamedBufferParameteri64v(o->buf, GL_BUFFER_SIZE, &size);
   if (size != (GLint64)sizeof QUAD)
      fail("GL_BUFFER_SIZE by name = %lld, want %zu", (long long)size, sizeof QUAD);
   gl.CreateBuffers(1, &o->ibo);
   gl.NamedBufferData(o->ibo, sizeof INDICES, INDICES, GL_STATIC_DRAW);

   gl.CreateVertexArrays(1, &o->vao);
   gl.VertexArrayVertexBuffer(o->vao, 5, o->buf, 0, sizeof QUAD[0]);
   gl.VertexArrayAttribFormat(o->vao, 0, 2, GL_FLOAT, GL_FALSE, 0);
   gl.VertexArrayAttribFormat(o->vao, 3, 2, GL_FLOAT, GL_FALSE, 8);
   gl.VertexArrayAttribBinding(o->vao, 0, 5);
   gl.VertexArrayAttribBinding(o->vao, 3, 5);
   gl.EnableVertexArrayAttrib(o->vao, 0);
   gl.EnableVertexArrayAttrib(o->vao, 3);
   gl.VertexArrayElementBuffer(o->vao, o->ibo);

   gl.CreateTextures(GL_TEXTURE_2D, 1, &o->tex);
   gl.TextureStorage2D(o->tex, 1, GL_RGBA8, 2, 2);
   gl.TextureSubImage2D(o->tex, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, TEXELS);
   gl.TextureParameteri(o->tex, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.TextureParameteri(o->tex, GL_TEXTURE_MAG_FILTER, GL_NEAREST);

   gl.CreateTextures(GL_TEXTURE_2D, 1, &o->rt);
   gl.TextureStorage2D(o->rt, 1, GL_RGBA8, RT, RT);
   gl.CreateFramebuffers(1, &o->fb);
   gl.NamedFramebufferTexture(o->fb, GL_COLOR_ATTACHMENT0, o->rt, 0);
   const GLenum status = gl.CheckNamedFramebufferStatus(o->fb, GL_DRAW_FRAMEBUFFER);
   if (status != GL_FRAMEBUFFER_COMPLETE)
      fail("glCheckNamedFramebufferStatus = 0x%04x, want GL_FRAMEBUFFER_COMPLETE", status);
   check_gl_error("objects by name");
   expect_binding(GL_ARRAY_BUFFER_BINDING, 0, "after the named setup");
   expect_binding(GL_VERTEX_ARRAY_BINDING, 0, "after the named setup");
   expect_binding(GL_TEXTURE_BINDING_2D, 0, "after the named setup");
   expect_binding(GL_DRAW_FRAMEBUFFER_BINDING, 0, "after the named setup");
}

/* The same objects through the bindings (glGen* and glBind*). */
static void
make_bound(struct dsa_objects *o)
{
   gl.GenBuffers(1, &o->buf);
   gl.GenBuffers(1, &o->ibo);
   gl.GenVertexArrays(1, &o->vao);
   gl.BindVertexArray(o->vao);
   gl.BindBuffer(GL_ARRAY_BUFFER, o->buf);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof QUAD, QUAD, GL_STATIC_DRAW);
   gl.BindVertexBuffer(5, o->buf, 0, sizeof QUAD[0]);
   gl.VertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
   gl.VertexAttribFormat(3, 2, GL_FLOAT, GL_FALSE, 8);
   gl.VertexAttribBinding(0, 5);
   gl.VertexAttribBinding(3, 5);
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(3);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, o->ibo);
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof INDICES, INDICES, GL_STATIC_DRAW);
   gl.BindVertexArray(0);

   glGenTextures(1, &o->tex);
   glBindTexture(GL_TEXTURE_2D, o->tex);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, TEXELS);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glGenTextures(1, &o->rt);
   glBindTexture(GL_TEXTURE_2D, o->rt);
   gl.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, RT, RT);
   glBindTexture(GL_TEXTURE_2D, 0);
   gl.GenFramebuffers(1, &o->fb);
   gl.BindFramebuffer(GL_FRAMEBUFFER, o->fb);
   gl.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, o->rt, 0);
   if (gl.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      fail("the bound framebuffer is not complete");
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   check_gl_error("objects through the bindings");
}

/* Renders the quad into the render target (cleared to grey) and blits it to the window at
 * (16, 16); named: the clear, the texture unit and the blit by name. */
static void
render(const struct dsa_objects *o, GLuint prog, bool named)
{
   clear_to(V4(0, 0, 0, 1));
   /* 128/255, not 0.5: 0.5 lies half way between two 8-bit values, which drivers round either
    * way (NVIDIA's down) */
   const GLfloat grey[4] = {128.0f / 255.0f, 128.0f / 255.0f, 128.0f / 255.0f, 1.0f};
   if (named) {
      gl.ClearNamedFramebufferfv(o->fb, GL_COLOR, 0, grey);
      gl.BindTextureUnit(0, o->tex);
   } else {
      gl.BindFramebuffer(GL_FRAMEBUFFER, o->fb);
      gl.ClearBufferfv(GL_COLOR, 0, grey);
      gl.ActiveTexture(GL_TEXTURE0);
      glBindTexture(GL_TEXTURE_2D, o->tex);
   }
   gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, o->fb);
   glViewport(0, 0, RT, RT);
   gl.UseProgram(prog);
   gl.BindVertexArray(o->vao);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL);
   gl.BindVertexArray(0);
   gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   if (named) {
      gl.BlitNamedFramebuffer(o->fb, 0, 0, 0, RT, RT, 16, 16, 16 + RT, 16 + RT, GL_COLOR_BUFFER_BIT,
                              GL_NEAREST);
   } else {
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, o->fb);
      gl.BlitFramebuffer(0, 0, RT, RT, 16, 16, 16 + RT, 16 + RT, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      gl.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   }
   check_gl_error(named ? "the frame by name" : "the frame through the bindings");
}

static void
expected(model *m)
{
   model_init(m, V4(0, 0, 0, 1));
   model_rect(m, 16, 16, 16 + RT, 16 + RT,
              to8(V4(128.0f / 255.0f, 128.0f / 255.0f, 128.0f / 255.0f, 1)));
   /* the quad's [4, 20) square, one texel per 8x8 quadrant */
   model_rect(m, 20, 20, 28, 28, to8(V4(1, 0, 0, 1)));
   model_rect(m, 28, 20, 36, 28, to8(V4(0, 1, 0, 1)));
   model_rect(m, 20, 28, 28, 36, to8(V4(0, 0, 1, 1)));
   model_rect(m, 28, 28, 36, 36, to8(V4(1, 1, 1, 1)));
}

/* GL 4.6's errors for names that are no objects of the kind. */
static void
dsa_errors(const struct dsa_objects *o)
{
   GLuint gen;
   gl.GenBuffers(1, &gen);
   gl.NamedBufferData(gen, 4, NULL, GL_STATIC_DRAW);
   expect_gl_error(GL_INVALID_OPERATION, "glNamedBufferData of a name glGenBuffers returned");
   gl.EnableVertexArrayAttrib(0, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glEnableVertexArrayAttrib of vertex array 0 (core)");
   gl.TextureParameteri(0x7fff0000u, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   expect_gl_error(GL_INVALID_OPERATION, "glTextureParameteri of a name never generated");
   /* a 2D texture without storage: o->tex is immutable, itself GL_INVALID_OPERATION (GL 4.6
    * 8.19), and which error a call with two raises is not said */
   GLuint tex2d;
   gl.CreateTextures(GL_TEXTURE_2D, 1, &tex2d);
   gl.TextureStorage3D(tex2d, 1, GL_RGBA8, 2, 2, 2);
   /* GL 4.6 §8.19: the effective target of a named texture, GL_INVALID_OPERATION */
   expect_gl_error(GL_INVALID_OPERATION, "glTextureStorage3D of a 2D texture");
   glDeleteTextures(1, &tex2d);
   gl.NamedFramebufferTexture(0, GL_COLOR_ATTACHMENT0, o->tex, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glNamedFramebufferTexture of the default framebuffer");
   gl.DeleteBuffers(1, &gen);
}

void
sc_dsa(void)
{
   /* GL_ARB_direct_state_access is not listed yet (docs/CONFORMANCE.md says which commands
    * are missing); the commands this frame uses are all defined. */
   const GLuint prog = link_program(VS_DSA, FS_DSA);
   gl.UseProgram(prog);
   gl.Uniform1i(uloc(prog, "u_tex"), 0);
   model m;
   expected(&m);

   struct dsa_objects named, bound;
   make_named(&named);
   dsa_errors(&named);
   render(&named, prog, true);
   expect_binding(GL_READ_FRAMEBUFFER_BINDING, 0, "after the named blit");
   check_frame("a frame whose objects were all made by name", &m);

   make_bound(&bound);
   render(&bound, prog, false);
   check_frame("the same frame through the bindings", &m);
}
