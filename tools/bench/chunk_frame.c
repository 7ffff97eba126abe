/*
 * chunk_frame.c — mgl-bench's frame_1500 workload, shaped like a voxel game's frame: 384 chunks,
 * each its own vertex array over a vertex buffer of a few KiB and a small index buffer, drawn in
 * 96 groups of 16 draws (1,536 draws a frame); before each group a glBufferSubData rewrites the
 * 32 bytes of the group's uniform block (a buffer the previous group's draws still read); an
 * opaque pass, a translucent pass (another program, blending on, depth writes off) and an
 * overlay pass (the first program, depth test off), so the render state and the program change
 * a few times a frame. The triangles cover a few pixels each: what the frame measures is the
 * API's cost, not the rasterizer's. GL 1.0/1.1 entry points come from libOpenGL; everything
 * newer is loaded with eglGetProcAddress so it works with any glvnd vendor.
 */
#include "chunk_frame.h"
#include "demo_scene.h"

#include <EGL/egl.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CF_CHUNKS 384
#define CF_CHUNK_COLUMNS 24
#define CF_CUBES 16       /* per chunk */
#define CF_DRAW_CUBES 4   /* per draw: a draw is one quarter of a chunk */
#define CF_GROUP_DRAWS 16 /* draws per uniform-block update */
#define CF_DRAWS (CF_CHUNKS * (CF_CUBES / CF_DRAW_CUBES))
#define CF_GROUPS (CF_DRAWS / CF_GROUP_DRAWS)
#define CF_TRANSLUCENT_GROUP 80 /* first group of the translucent pass */
#define CF_OVERLAY_GROUP 92     /* first group of the overlay pass */
#define CF_UBO_SIZE 256
#define CF_PROG "chunk_frame"

#define CF_GL_FUNCS(X)                                                                             \
   X(PFNGLGENBUFFERSPROC, GenBuffers)                                                              \
   X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)                                                        \
   X(PFNGLBINDBUFFERPROC, BindBuffer)                                                              \
   X(PFNGLBUFFERDATAPROC, BufferData)                                                              \
   X(PFNGLBUFFERSUBDATAPROC, BufferSubData)                                                        \
   X(PFNGLBINDBUFFERBASEPROC, BindBufferBase)                                                      \
   X(PFNGLGENVERTEXARRAYSPROC, GenVertexArrays)                                                    \
   X(PFNGLDELETEVERTEXARRAYSPROC, DeleteVertexArrays)                                              \
   X(PFNGLBINDVERTEXARRAYPROC, BindVertexArray)                                                    \
   X(PFNGLVERTEXATTRIBPOINTERPROC, VertexAttribPointer)                                            \
   X(PFNGLENABLEVERTEXATTRIBARRAYPROC, EnableVertexAttribArray)                                    \
   X(PFNGLCREATESHADERPROC, CreateShader)                                                          \
   X(PFNGLDELETESHADERPROC, DeleteShader)                                                          \
   X(PFNGLSHADERSOURCEPROC, ShaderSource)                                                          \
   X(PFNGLCOMPILESHADERPROC, CompileShader)                                                        \
   X(PFNGLGETSHADERIVPROC, GetShaderiv)                                                            \
   X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                                                  \
   X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                                        \
   X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                                        \
   X(PFNGLATTACHSHADERPROC, AttachShader)                                                          \
   X(PFNGLLINKPROGRAMPROC, LinkProgram)                                                            \
   X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                                          \
   X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                                                \
   X(PFNGLUSEPROGRAMPROC, UseProgram)                                                              \
   X(PFNGLGETUNIFORMBLOCKINDEXPROC, GetUniformBlockIndex)                                          \
   X(PFNGLUNIFORMBLOCKBINDINGPROC, UniformBlockBinding)

struct cf_gl {
#define CF_GL_MEMBER(type, name) type name;
   CF_GL_FUNCS(CF_GL_MEMBER)
#undef CF_GL_MEMBER
};

struct chunk_frame {
   struct cf_gl gl;
   bool loaded;        /* every entry point loaded: destroy may call them */
   GLuint programs[2]; /* opaque (and overlay), translucent */
   GLuint ubo;
   GLuint vaos[CF_CHUNKS];
   GLuint vbos[CF_CHUNKS];
   GLuint ibos[CF_CHUNKS];
};

/* One cube corner of a chunk's vertex buffer: 16 bytes. */
struct cf_vertex {
   float pos[3];
   uint8_t color[4];
};

/* The uniform block "Group" in std140: two vec4. */
struct cf_group {
   float offset[4];
   float tint[4];
};

static const char *cf_vs = "layout(location = 0) in vec3 pos;\n"
                           "layout(location = 1) in vec4 col;\n"
                           "layout(std140) uniform Group { vec4 offset; vec4 tint; };\n"
                           "out vec4 c;\n"
                           "void main() {\n"
                           "  gl_Position = vec4(pos + offset.xyz, 1.0);\n"
                           "  c = col * tint;\n"
                           "}\n";
static const char *cf_fs[2] = {
   "in vec4 c;\nout vec4 color;\nvoid main() { color = c; }\n",
   "in vec4 c;\nout vec4 color;\nvoid main() { color = vec4(c.rgb, 0.5); }\n",
};

static bool
cf_load(struct cf_gl *gl)
{
#define CF_GL_LOAD(type, name)                                                                     \
   gl->name = (type)eglGetProcAddress("gl" #name);                                                 \
   if (gl->name == NULL) {                                                                         \
      fprintf(stderr, CF_PROG ": eglGetProcAddress(\"gl" #name "\") returned NULL\n");             \
      return false;                                                                                \
   }
   CF_GL_FUNCS(CF_GL_LOAD)
#undef CF_GL_LOAD
   return true;
}

static GLuint
cf_compile(const struct cf_gl *gl, GLenum type, const char *src)
{
   GLuint sh = gl->CreateShader(type);
   const char *srcs[2] = {demo_glsl_header(), src};
   gl->ShaderSource(sh, 2, srcs, NULL);
   gl->CompileShader(sh);
   GLint ok = GL_FALSE;
   gl->GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      gl->GetShaderInfoLog(sh, sizeof log, NULL, log);
      fprintf(stderr, CF_PROG ": shader compile failed: %s\n", log);
      gl->DeleteShader(sh);
      return 0;
   }
   return sh;
}

static GLuint
cf_link(const struct cf_gl *gl, const char *fs_src)
{
   GLuint vs = cf_compile(gl, GL_VERTEX_SHADER, cf_vs);
   GLuint fs = cf_compile(gl, GL_FRAGMENT_SHADER, fs_src);
   GLuint prog = 0;
   if (vs == 0 || fs == 0)
      goto out;
   prog = gl->CreateProgram();
   gl->AttachShader(prog, vs);
   gl->AttachShader(prog, fs);
   gl->LinkProgram(prog);
   GLint linked = GL_FALSE;
   gl->GetProgramiv(prog, GL_LINK_STATUS, &linked);
   if (!linked) {
      char log[1024] = "";
      gl->GetProgramInfoLog(prog, sizeof log, NULL, log);
      fprintf(stderr, CF_PROG ": program link failed: %s\n", log);
      gl->DeleteProgram(prog);
      prog = 0;
      goto out;
   }
   gl->UniformBlockBinding(prog, gl->GetUniformBlockIndex(prog, "Group"), 0);
out:
   if (vs != 0)
      gl->DeleteShader(vs);
   if (fs != 0)
      gl->DeleteShader(fs);
   return prog;
}

/* Chunk c's 16 cubes, 4x4 within its cell of a 24x16 grid over the surface; a cube is about one
 * pixel of a 256x256 surface, its depth varies with its place so the depth test has work. */
static void
cf_chunk_geometry(int c, struct cf_vertex *v, GLushort *idx)
{
   static const GLushort face[6] = {0, 1, 2, 2, 1, 3};
   const float cell = 2.0f / CF_CHUNK_COLUMNS, cube = 0.008f;
   const float x0 = -1.0f + cell * (float)(c % CF_CHUNK_COLUMNS);
   const float y0 = -1.0f + cell * (float)(c / CF_CHUNK_COLUMNS);
   for (int k = 0; k < CF_CUBES; k++) {
      const float x = x0 + cell * 0.2f * (float)(k % 4), y = y0 + cell * 0.2f * (float)(k / 4);
      const float z = 0.5f * (float)((c * 7 + k * 3) % 16) / 16.0f - 0.25f;
      for (int f = 0; f < 6; f++) {
         for (int q = 0; q < 4; q++) {
            /* face f of the cube: axis f/2, side f%2; q walks its corners */
            float p[3] = {0.0f, 0.0f, 0.0f};
            const int axis = f / 2, u = (axis + 1) % 3, w = (axis + 2) % 3;
            p[axis] = (float)(f % 2);
            p[u] = (float)(q & 1);
            p[w] = (float)(q >> 1);
            struct cf_vertex *o = &v[(k * 6 + f) * 4 + q];
            o->pos[0] = x + cube * p[0];
            o->pos[1] = y + cube * p[1];
            o->pos[2] = z + cube * p[2];
            o->color[0] = (uint8_t)(64 + 32 * f);
            o->color[1] = (uint8_t)(16 * (k + 1) - 1);
            o->color[2] = (uint8_t)(c & 0xff);
            o->color[3] = 255;
         }
         for (int e = 0; e < 6; e++)
            idx[(k * 6 + f) * 6 + e] = (GLushort)((k * 6 + f) * 4 + face[e]);
      }
   }
}

struct chunk_frame *
chunk_frame_create(void)
{
   struct chunk_frame *cf = calloc(1, sizeof *cf);
   if (cf == NULL)
      return NULL;
   struct cf_gl *gl = &cf->gl;
   if (!cf_load(gl))
      goto fail;
   cf->loaded = true;
   for (int p = 0; p < 2; p++) {
      cf->programs[p] = cf_link(gl, cf_fs[p]);
      if (cf->programs[p] == 0)
         goto fail;
   }
   gl->GenBuffers(1, &cf->ubo);
   gl->BindBuffer(GL_UNIFORM_BUFFER, cf->ubo);
   gl->BufferData(GL_UNIFORM_BUFFER, CF_UBO_SIZE, NULL, GL_DYNAMIC_DRAW);

   static struct cf_vertex verts[CF_CUBES * 24];
   static GLushort idx[CF_CUBES * 36];
   gl->GenVertexArrays(CF_CHUNKS, cf->vaos);
   gl->GenBuffers(CF_CHUNKS, cf->vbos);
   gl->GenBuffers(CF_CHUNKS, cf->ibos);
   for (int c = 0; c < CF_CHUNKS; c++) {
      cf_chunk_geometry(c, verts, idx);
      gl->BindVertexArray(cf->vaos[c]);
      gl->BindBuffer(GL_ARRAY_BUFFER, cf->vbos[c]);
      gl->BufferData(GL_ARRAY_BUFFER, sizeof verts, verts, GL_STATIC_DRAW);
      gl->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, cf->ibos[c]);
      gl->BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
      gl->VertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof verts[0],
                              (const void *)offsetof(struct cf_vertex, pos));
      gl->VertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof verts[0],
                              (const void *)offsetof(struct cf_vertex, color));
      gl->EnableVertexAttribArray(0);
      gl->EnableVertexAttribArray(1);
   }
   gl->BindVertexArray(0);
   glDepthFunc(GL_LEQUAL);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glClearColor(0.1f, 0.2f, 0.3f, 1.0f);
   if (!demo_gl_check(CF_PROG, "create"))
      goto fail;
   return cf;

fail:
   chunk_frame_destroy(cf);
   return NULL;
}

int
chunk_frame_draw(const struct chunk_frame *cf, int frame)
{
   const struct cf_gl *gl = &cf->gl;
   /* the frame's own state first: the previous frame ended in the overlay pass */
   gl->UseProgram(cf->programs[0]);
   gl->BindBuffer(GL_UNIFORM_BUFFER, cf->ubo);
   gl->BindBufferBase(GL_UNIFORM_BUFFER, 0, cf->ubo);
   glDisable(GL_BLEND);
   glEnable(GL_DEPTH_TEST);
   glDepthMask(GL_TRUE);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   int draws = 0;
   for (int g = 0; g < CF_GROUPS; g++) {
      if (g == CF_TRANSLUCENT_GROUP) {
         gl->UseProgram(cf->programs[1]);
         glEnable(GL_BLEND);
         glDepthMask(GL_FALSE);
      } else if (g == CF_OVERLAY_GROUP) {
         gl->UseProgram(cf->programs[0]);
         glDisable(GL_DEPTH_TEST);
      }
      const float wiggle = 0.002f * (float)((frame + g) & 7);
      const struct cf_group block = {
         .offset = {wiggle, -wiggle, 0.0f, 0.0f},
         .tint = {1.0f, 1.0f - (float)g / CF_GROUPS, (float)(frame & 15) / 15.0f, 1.0f},
      };
      gl->BufferSubData(GL_UNIFORM_BUFFER, 0, sizeof block, &block);
      for (int d = g * CF_GROUP_DRAWS; d < (g + 1) * CF_GROUP_DRAWS; d++, draws++) {
         const int chunk = d % CF_CHUNKS, quarter = d / CF_CHUNKS;
         gl->BindVertexArray(cf->vaos[chunk]);
         glDrawElements(GL_TRIANGLES, CF_DRAW_CUBES * 36, GL_UNSIGNED_SHORT,
                        (const void *)(uintptr_t)(quarter * CF_DRAW_CUBES * 36 * sizeof(GLushort)));
      }
   }
   return draws;
}

void
chunk_frame_destroy(struct chunk_frame *cf)
{
   if (cf == NULL)
      return;
   const struct cf_gl *gl = &cf->gl;
   if (cf->loaded) {
      gl->UseProgram(0);
      gl->BindVertexArray(0);
      gl->DeleteVertexArrays(CF_CHUNKS, cf->vaos);
      gl->DeleteBuffers(CF_CHUNKS, cf->vbos);
      gl->DeleteBuffers(CF_CHUNKS, cf->ibos);
      gl->DeleteBuffers(1, &cf->ubo);
      for (int p = 0; p < 2; p++)
         if (cf->programs[p] != 0)
            gl->DeleteProgram(cf->programs[p]);
      glDisable(GL_BLEND);
      glDepthMask(GL_TRUE);
   }
   free(cf);
}
