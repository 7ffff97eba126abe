/* scenario_vab.c — vertex buffer bindings at the API (issue 20, GL 4.3 ARB_vertex_attrib_binding):
 * attributes that share a binding with their relative offsets (an interleaved buffer), a
 * binding moved by its offset alone, an integer format, a per-instance binding (divisor 1), a
 * binding of stride 0, and glVertexAttribPointer resetting an attribute to its own binding;
 * each checked to the pixel. The spec's errors (GL 4.6 §10.3) and the binding queries. */
#include "scenario.h"

/* One vertex of the interleaved buffer: position (floats), colour (normalized bytes) and a row
 * (an integer the shader moves the vertex down by 48 pixels per unit). 16 bytes. */
struct vtx {
   float x, y;
   uint8_t rgba[4];
   uint8_t row, pad[3];
};

/* Rectangles of the vertex buffer, six vertices each: A red at (0, 0), B green at (16, 0), E
 * white at (0, 0) with row 1 (drawn at (0, 48)), C and D black at (0, 16) and (0, 32) (their
 * colours come from another binding). */
enum { RA, RB, RE, RC, RD, NRECT, SIDE = 8, VSZ = (int)sizeof(struct vtx) };

static const char *VS_VAB =
   "#version 330 core\n"
   "layout(location = 0) in vec2 a_pos;\n"
   "layout(location = 1) in vec4 a_colour;\n"
   "layout(location = 2) in uint a_row;\n"
   "out vec4 v_colour;\n"
   "void main() {\n"
   "  vec2 p = a_pos + vec2(float(gl_InstanceID) * 16.0, float(a_row) * 48.0);\n"
   "  gl_Position = vec4(p / 32.0 - 1.0, 0.0, 1.0);\n"
   "  v_colour = a_colour;\n"
   "}\n";
static const char *FS_VAB = "#version 330 core\n"
                            "in vec4 v_colour;\n"
                            "out vec4 o;\n"
                            "void main() { o = v_colour; }\n";

/* Per-instance colours (binding 3): blue, yellow, magenta, cyan. */
static const float INST[4][4] = {{0, 0, 1, 1}, {1, 1, 0, 1}, {1, 0, 1, 1}, {0, 1, 1, 1}};

static void
rect(struct vtx *v, float x0, float y0, const uint8_t rgba[4], uint8_t row)
{
   const float xy[6][2] = {{x0, y0},        {x0 + SIDE, y0}, {x0, y0 + SIDE},
                           {x0, y0 + SIDE}, {x0 + SIDE, y0}, {x0 + SIDE, y0 + SIDE}};
   for (int k = 0; k < 6; k++) {
      v[k] = (struct vtx){.x = xy[k][0], .y = xy[k][1], .row = row};
      memcpy(v[k].rgba, rgba, 4);
   }
}

static void
expect_int(const char *what, GLint got, GLint want)
{
   if (got != want)
      fail("%s = %d, want %d", what, got, want);
}

/* GL 4.6 §10.3.1/10.3.2's errors on a bound vertex array; none changes the state. */
static void
vab_errors(GLuint vbo)
{
   GLint max = 0;
   glGetIntegerv(GL_MAX_VERTEX_ATTRIB_BINDINGS, &max);
   check_gl_error("glGet GL_MAX_VERTEX_ATTRIB_BINDINGS");
   if (max < 16)
      fail("GL_MAX_VERTEX_ATTRIB_BINDINGS = %d, GL 4.3 wants at least 16", max);
   GLint rel = 0;
   glGetIntegerv(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, &rel);
   check_gl_error("glGet GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET");
   if (rel < 2047)
      fail("GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET = %d, GL 4.3 wants at least 2047", rel);
   gl.BindVertexBuffer((GLuint)max, vbo, 0, 16);
   expect_gl_error(GL_INVALID_VALUE, "glBindVertexBuffer past GL_MAX_VERTEX_ATTRIB_BINDINGS");
   gl.BindVertexBuffer(0, vbo, -16, 16);
   expect_gl_error(GL_INVALID_VALUE, "glBindVertexBuffer at offset -16");
   gl.BindVertexBuffer(0, vbo, 0, -4);
   expect_gl_error(GL_INVALID_VALUE, "glBindVertexBuffer of stride -4");
   gl.BindVertexBuffer(0, 0x7fff0000u, 0, 16);
   expect_gl_error(GL_INVALID_OPERATION, "glBindVertexBuffer of a name never generated");
   gl.VertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, (GLuint)rel + 1);
   expect_gl_error(GL_INVALID_VALUE, "glVertexAttribFormat past the relative offset limit");
   gl.VertexAttribFormat(0, 5, GL_FLOAT, GL_FALSE, 0);
   expect_gl_error(GL_INVALID_VALUE, "glVertexAttribFormat of size 5");
   gl.VertexAttribIFormat(0, 2, GL_FLOAT, 0);
   expect_gl_error(GL_INVALID_ENUM, "glVertexAttribIFormat of GL_FLOAT");
   gl.VertexAttribFormat(0, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0);
   expect_gl_error(GL_INVALID_OPERATION, "glVertexAttribFormat GL_BGRA not normalized");
   gl.VertexAttribBinding(0, (GLuint)max);
   expect_gl_error(GL_INVALID_VALUE, "glVertexAttribBinding past the bindings");
   gl.VertexBindingDivisor((GLuint)max, 1);
   expect_gl_error(GL_INVALID_VALUE, "glVertexBindingDivisor past the bindings");
   GLint v = -1;
   gl.GetIntegeri_v(GL_VERTEX_BINDING_STRIDE, (GLuint)max, &v);
   expect_gl_error(GL_INVALID_VALUE, "glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE) past the bindings");
   gl.GetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 0, &v);
   check_gl_error("glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 0)");
   expect_int("the initial GL_VERTEX_BINDING_STRIDE", v, 16);
   gl.GetIntegeri_v(GL_VERTEX_BINDING_OFFSET, 0, &v);
   expect_int("the initial GL_VERTEX_BINDING_OFFSET", v, 0);
   gl.GetVertexAttribiv(2, GL_VERTEX_ATTRIB_BINDING, &v);
   expect_int("the initial GL_VERTEX_ATTRIB_BINDING of attribute 2", v, 2);
   check_gl_error("the initial binding state");
}

void
sc_vertex_attrib_binding(void)
{
   if (!has_ext("GL_ARB_vertex_attrib_binding")) {
      fail("GL_ARB_vertex_attrib_binding is not listed");
      return;
   }
   const GLuint prog = link_program(VS_VAB, FS_VAB);
   struct vtx verts[NRECT * 6];
   static const uint8_t red[4] = {255, 0, 0, 255}, green[4] = {0, 255, 0, 255},
                        white[4] = {255, 255, 255, 255}, black[4] = {0, 0, 0, 255};
   rect(verts + 6 * RA, 0, 0, red, 0);
   rect(verts + 6 * RB, 16, 0, green, 0);
   rect(verts + 6 * RE, 0, 0, white, 1);
   rect(verts + 6 * RC, 0, 16, black, 0);
   rect(verts + 6 * RD, 0, 32, black, 0);
   GLuint vao, buf[2];
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(2, buf);
   gl.BindBuffer(GL_ARRAY_BUFFER, buf[0]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof verts, verts, GL_STATIC_DRAW);
   gl.BindBuffer(GL_ARRAY_BUFFER, buf[1]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof INST, INST, GL_STATIC_DRAW);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   vab_errors(buf[0]);

   /* three attributes of one binding (2), interleaved: no GL_ARRAY_BUFFER is bound */
   gl.VertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
   gl.VertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 8);
   gl.VertexAttribIFormat(2, 1, GL_UNSIGNED_BYTE, 12);
   for (GLuint a = 0; a < 3; a++) {
      gl.VertexAttribBinding(a, 2);
      gl.EnableVertexAttribArray(a);
   }
   gl.BindVertexBuffer(2, buf[0], 0, VSZ);
   gl.UseProgram(prog);
   check_gl_error("three attributes on binding 2");
   GLint v = -1;
   gl.GetVertexAttribiv(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, &v);
   expect_int("GL_VERTEX_ATTRIB_RELATIVE_OFFSET of attribute 1", v, 8);
   gl.GetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &v);
   expect_int("GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING of attribute 1 (binding 2's)", v,
              (GLint)buf[0]);
   gl.GetIntegeri_v(GL_VERTEX_BINDING_BUFFER, 2, &v);
   expect_int("GL_VERTEX_BINDING_BUFFER of binding 2", v, (GLint)buf[0]);

   clear_to(V4(0, 0, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6); /* A */
   gl.BindVertexBuffer(2, buf[0], 6 * RB * VSZ, VSZ);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* B: the binding's offset alone moved */
   gl.BindVertexBuffer(2, buf[0], 6 * RE * VSZ, VSZ);
   glDrawArrays(GL_TRIANGLES, 0, 6); /* E: row 1 */
   /* C: the colour from binding 3, one per instance */
   gl.VertexAttribFormat(1, 4, GL_FLOAT, GL_FALSE, 0);
   gl.VertexAttribBinding(1, 3);
   gl.BindVertexBuffer(3, buf[1], 0, 16);
   gl.VertexBindingDivisor(3, 1);
   gl.BindVertexBuffer(2, buf[0], 6 * RC * VSZ, VSZ);
   gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, 3);
   /* D: binding 3 of stride 0 at the fourth colour, per vertex */
   gl.BindVertexBuffer(3, buf[1], 48, 0);
   gl.VertexBindingDivisor(3, 0);
   gl.BindVertexBuffer(2, buf[0], 6 * RD * VSZ, VSZ);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("draws through bindings 2 and 3");
   model m;
   model_init(&m, V4(0, 0, 0, 1));
   model_rect(&m, 0, 0, SIDE, SIDE, to8(V4(1, 0, 0, 1)));
   model_rect(&m, 16, 0, 16 + SIDE, SIDE, to8(V4(0, 1, 0, 1)));
   model_rect(&m, 0, 48, SIDE, 48 + SIDE, to8(V4(1, 1, 1, 1)));
   for (int i = 0; i < 3; i++)
      model_rect(&m, 16 * i, 16, 16 * i + SIDE, 16 + SIDE,
                 to8(V4(INST[i][0], INST[i][1], INST[i][2], INST[i][3])));
   model_rect(&m, 0, 32, SIDE, 32 + SIDE, to8(V4(0, 1, 1, 1)));
   check_frame("attributes sharing bindings, moved offsets, per-instance and stride 0", &m);

   /* glVertexAttribPointer: attribute 1 back on binding 1 (B's colours), relative offset 0;
    * attribute 0 still reads binding 2 (A's positions) */
   gl.BindBuffer(GL_ARRAY_BUFFER, buf[0]);
   gl.VertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, VSZ, (const void *)(6 * RB * VSZ + 8));
   gl.BindVertexBuffer(2, buf[0], 0, VSZ);
   check_gl_error("glVertexAttribPointer after glVertexAttribBinding");
   gl.GetVertexAttribiv(1, GL_VERTEX_ATTRIB_BINDING, &v);
   expect_int("GL_VERTEX_ATTRIB_BINDING of attribute 1 after glVertexAttribPointer", v, 1);
   gl.GetVertexAttribiv(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, &v);
   expect_int("GL_VERTEX_ATTRIB_RELATIVE_OFFSET after glVertexAttribPointer", v, 0);
   gl.GetIntegeri_v(GL_VERTEX_BINDING_OFFSET, 1, &v);
   expect_int("GL_VERTEX_BINDING_OFFSET of binding 1", v, 6 * RB * VSZ + 8);
   gl.GetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 1, &v);
   expect_int("GL_VERTEX_BINDING_STRIDE of binding 1", v, VSZ);
   gl.GetIntegeri_v(GL_VERTEX_BINDING_DIVISOR, 3, &v);
   expect_int("GL_VERTEX_BINDING_DIVISOR of binding 3", v, 0);
   check_gl_error("the binding queries");
   clear_to(V4(0, 0, 0, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error("the draw after glVertexAttribPointer");
   model_init(&m, V4(0, 0, 0, 1));
   model_rect(&m, 0, 0, SIDE, SIDE, to8(V4(0, 1, 0, 1)));
   check_frame("glVertexAttribPointer resets the attribute's binding", &m);

   gl.UseProgram(0);
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteBuffers(2, buf);
   gl.DeleteProgram(prog);
}

/* ---- GL 4.4 ARB_multi_bind ---- */

static const char *VS_MB = "#version 330 core\n"
                           "layout(location = 0) in vec2 a_pos;\n"
                           "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
static const char *FS_MB = "#version 330 core\n"
                           "uniform sampler2D t0;\n"
                           "uniform sampler2D t1;\n"
                           "layout(std140) uniform Scale { vec4 scale; };\n"
                           "out vec4 o;\n"
                           "void main() {\n"
                           "  o = texture(t0, vec2(0.5)) + texture(t1, vec2(0.5)) * scale;\n"
                           "}\n";

static GLuint
texel_texture(const uint8_t rgba[4])
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   /* 2x2 without its 1x1 level, under the default minification filter (mipmapped): complete
    * only under a sampler object with GL_NEAREST */
   uint8_t texels[16];
   for (int k = 0; k < 4; k++)
      memcpy(texels + 4 * k, rgba, 4);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glBindTexture(GL_TEXTURE_2D, 0);
   return t;
}

static void
expect_fill(const char *phase, vec4f c)
{
   clear_to(V4(0.2f, 0.2f, 0.2f, 1));
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl_error(phase);
   model m;
   model_init(&m, c);
   check_frame(phase, &m);
}

/* Textures (units 2 and 3), samplers, a uniform block's range and the vertex buffer each bound
 * by the multi-bind calls alone, pixels checked after each change; the errors of each. */
void
sc_multi_bind(void)
{
   if (!has_ext("GL_ARB_vertex_attrib_binding")) {
      fail("GL_ARB_vertex_attrib_binding is not listed");
      return;
   }
   static const uint8_t red[4] = {255, 0, 0, 255}, green[4] = {0, 255, 0, 255};
   const GLuint prog = link_program(VS_MB, FS_MB);
   gl.UseProgram(prog);
   gl.Uniform1i(uloc(prog, "t0"), 2);
   gl.Uniform1i(uloc(prog, "t1"), 3);
   gl.UniformBlockBinding(prog, gl.GetUniformBlockIndex(prog, "Scale"), 1);
   const GLuint tex[2] = {texel_texture(red), texel_texture(green)};
   GLuint smp;
   gl.GenSamplers(1, &smp);
   gl.SamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.SamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   GLint align = 0;
   glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
   if (align < 16)
      align = 16;
   float scales[2 * 64] = {0};
   const int second = align / (int)sizeof(float); /* the second vec4, one alignment on */
   if (second + 4 > (int)(sizeof scales / sizeof scales[0])) {
      die_setup("GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT %d is over 256", align);
      return;
   }
   scales[1] = 1;      /* (0, 1, 0, 0) */
   scales[second] = 1; /* (1, 0, 0, 0) */
   GLuint bufs[2];
   gl.GenBuffers(2, bufs);
   gl.BindBuffer(GL_UNIFORM_BUFFER, bufs[0]);
   gl.BufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)((size_t)(second + 4) * sizeof(float)), scales,
                 GL_STATIC_DRAW);
   gl.BindBuffer(GL_UNIFORM_BUFFER, 0);
   float quad[12];
   rect_vertices(quad, -1, -1, 1, 1);
   gl.BindBuffer(GL_ARRAY_BUFFER, bufs[1]);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
   gl.BindBuffer(GL_ARRAY_BUFFER, 0);
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.VertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
   gl.VertexAttribBinding(0, 4);
   gl.EnableVertexAttribArray(0);
   check_gl_error("the multi-bind scene");

   /* errors: past the limits nothing is bound; a name that is no object (999) alone is left */
   GLint max = 0;
   glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &max);
   gl.BindTextures((GLuint)max - 1, 2, tex);
   expect_gl_error(GL_INVALID_OPERATION, "glBindTextures past the units");
   gl.BindSamplers((GLuint)max, 1, &smp);
   expect_gl_error(GL_INVALID_OPERATION, "glBindSamplers past the units");
   glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &max);
   gl.BindBuffersBase(GL_UNIFORM_BUFFER, (GLuint)max, 1, bufs);
   expect_gl_error(GL_INVALID_OPERATION, "glBindBuffersBase past the bindings");
   glGetIntegerv(GL_MAX_VERTEX_ATTRIB_BINDINGS, &max);
   const GLintptr zero_off[2] = {0, 0};
   const GLsizei strides[2] = {8, 8};
   gl.BindVertexBuffers((GLuint)max - 1, 2, bufs, zero_off, strides);
   expect_gl_error(GL_INVALID_OPERATION, "glBindVertexBuffers past the bindings");
   const GLuint vb_bad[2] = {999, bufs[1]};
   gl.BindVertexBuffers(3, 2, vb_bad, zero_off, strides);
   expect_gl_error(GL_INVALID_OPERATION, "glBindVertexBuffers of name 999");
   GLint v = -1;
   gl.GetIntegeri_v(GL_VERTEX_BINDING_BUFFER, 4, &v);
   if (v != (GLint)bufs[1])
      fail("glBindVertexBuffers {999, %u}: binding 4 holds %d, want %u", bufs[1], v, bufs[1]);
   check_gl_error("GL_VERTEX_BINDING_BUFFER");

   /* t0 = red, t1 = green, scale (0, 1, 0, 0): yellow */
   gl.BindTextures(2, 2, tex);
   const GLuint smps[2] = {smp, smp};
   gl.BindSamplers(2, 2, smps);
   const GLintptr off0 = 0;
   const GLsizeiptr size16 = 16;
   gl.BindBuffersRange(GL_UNIFORM_BUFFER, 1, 1, bufs, &off0, &size16);
   check_gl_error("glBindTextures, glBindSamplers, glBindBuffersRange");
   expect_fill("units 2-3, samplers and a block range by the multi-bind calls", V4(1, 1, 0, 1));

   /* swapped textures, the block's second vec4 (1, 0, 0, 0): green + red * (1,0,0,0) = yellow;
    * unswapped it would be red, the first vec4 green */
   const GLuint swapped[2] = {tex[1], tex[0]};
   gl.BindTextures(2, 2, swapped);
   const GLintptr off1 = align;
   gl.BindBuffersRange(GL_UNIFORM_BUFFER, 1, 1, bufs, &off1, &size16);
   check_gl_error("swapped textures, the block's second range");
   expect_fill("swapped textures and another block range", V4(1, 1, 0, 1));

   /* no samplers: both textures incomplete, (0, 0, 0, 1) each */
   gl.BindSamplers(2, 2, NULL);
   check_gl_error("glBindSamplers(NULL)");
   expect_fill("samplers unbound by a NULL list", V4(0, 0, 0, 1));

   /* {999, smp}: unit 2 stays without (t1 incomplete), unit 3 samples red: (1, 0, 0, 1) */
   const GLuint smp_bad[2] = {999, smp};
   gl.BindSamplers(2, 2, smp_bad);
   expect_gl_error(GL_INVALID_OPERATION, "glBindSamplers of name 999");
   expect_fill("the sampler after a bad name still bound", V4(1, 0, 0, 1));

   /* textures unbound by a NULL list: both units sample the default texture, incomplete */
   gl.BindSamplers(2, 2, smps);
   gl.BindTextures(2, 2, NULL);
   check_gl_error("glBindTextures(NULL)");
   expect_fill("textures unbound by a NULL list", V4(0, 0, 0, 1));

   gl.BindBuffersBase(GL_UNIFORM_BUFFER, 0, 2, NULL);
   gl.BindSamplers(2, 2, NULL);
   gl.UseProgram(0);
   gl.BindVertexArray(0);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteBuffers(2, bufs);
   gl.DeleteSamplers(1, &smp);
   glDeleteTextures(2, tex);
   gl.DeleteProgram(prog);
   check_gl_error("the multi-bind teardown");
}
