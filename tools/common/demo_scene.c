/*
 * demo_scene.c — mgl-demo's scene, shared by mgl-demo and mgl-bench's frame case: a grid of
 * textured, lit, rotating cubes, one glDrawElements per cube with uniform, texture and blend
 * state changes between draws. GL 1.0/1.1 entry points come from libOpenGL; everything newer
 * is loaded with eglGetProcAddress so it works with any glvnd vendor.
 */
#include "demo_scene.h"
#include "egl_app.h"

#include <EGL/egl.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEMO_PI 3.14159265358979323846f
#define TEX_SIZE 64
#define CUBE_SPACING 1.5f
#define SPIN_PER_FRAME 0.04f /* radians a cube turns per frame */

/* GL entry points newer than 1.1, loaded with eglGetProcAddress. */
#define DEMO_GL_FUNCS(X)                                                                           \
   X(PFNGLACTIVETEXTUREPROC, ActiveTexture)                                                        \
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
   X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation)                                              \
   X(PFNGLGETUNIFORMBLOCKINDEXPROC, GetUniformBlockIndex)                                          \
   X(PFNGLUNIFORMBLOCKBINDINGPROC, UniformBlockBinding)                                            \
   X(PFNGLUNIFORM1IPROC, Uniform1i)                                                                \
   X(PFNGLUNIFORM4FVPROC, Uniform4fv)                                                              \
   X(PFNGLUNIFORMMATRIX4FVPROC, UniformMatrix4fv)

struct gl_api {
#define DEMO_GL_MEMBER(type, name) type name;
   DEMO_GL_FUNCS(DEMO_GL_MEMBER)
#undef DEMO_GL_MEMBER
};

/* std140 layout of the "Scene" uniform block. */
struct scene_block {
   float view_proj[16];
   float light_dir[4];
};

struct demo_scene {
   struct gl_api gl;
   int width;
   int height;
   int grid;
   GLuint program;
   GLuint vao;
   GLuint vbo;
   GLuint ibo;
   GLuint ubo;
   GLuint textures[2];
   GLint loc_model;
   GLint loc_tint;
   GLint loc_texture;
   GLsizei index_count;
   struct scene_block block;
};

/* Interleaved vertex: position, normal, uv. */
struct vertex {
   float position[3];
   float normal[3];
   float uv[2];
};

/* ------------------------------------------------------------------ */
/* Error names                                                         */

static void
fail(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fputs("demo_scene: ", stderr);
   vfprintf(stderr, fmt, ap);
   fputc('\n', stderr);
   va_end(ap);
}

static const char *
gl_error_name(GLenum err)
{
   switch (err) {
   case GL_NO_ERROR: return "GL_NO_ERROR";
   case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
   case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
   case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
   case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
   case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
   case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
   case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
   default: return "unknown GL error";
   }
}

bool
demo_gl_check(const char *prog, const char *where)
{
   bool ok = true;
   for (int i = 0; i < 16; i++) {
      GLenum err = glGetError();
      if (err == GL_NO_ERROR)
         break;
      fprintf(stderr, "%s: GL error after %s: %s (0x%04x)\n", prog, where, gl_error_name(err),
              (unsigned)err);
      ok = false;
   }
   /* A lost context reports no error unless asked (its reads leave the buffer unwritten). */
   if (egl_app_context_lost(prog))
      ok = false;
   return ok;
}

static bool
gl_check(const char *where)
{
   return demo_gl_check("demo_scene", where);
}

/* ------------------------------------------------------------------ */
/* Column-major 4x4 matrix helpers                                     */

static void
mat4_identity(float m[16])
{
   memset(m, 0, 16 * sizeof(float));
   m[0] = m[5] = m[10] = m[15] = 1.0f;
}

static void
mat4_mul(float out[16], const float a[16], const float b[16])
{
   float r[16];
   for (int c = 0; c < 4; c++) {
      for (int row = 0; row < 4; row++) {
         float s = 0.0f;
         for (int k = 0; k < 4; k++)
            s += a[k * 4 + row] * b[c * 4 + k];
         r[c * 4 + row] = s;
      }
   }
   memcpy(out, r, sizeof r);
}

static void
mat4_perspective(float m[16], float fovy, float aspect, float znear, float zfar)
{
   float f = 1.0f / tanf(fovy * 0.5f);
   memset(m, 0, 16 * sizeof(float));
   m[0] = f / aspect;
   m[5] = f;
   m[10] = (zfar + znear) / (znear - zfar);
   m[11] = -1.0f;
   m[14] = 2.0f * zfar * znear / (znear - zfar);
}

static void
vec3_normalize(float v[3])
{
   float len = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
   if (len > 0.0f) {
      v[0] /= len;
      v[1] /= len;
      v[2] /= len;
   }
}

static void
vec3_cross(float out[3], const float a[3], const float b[3])
{
   out[0] = a[1] * b[2] - a[2] * b[1];
   out[1] = a[2] * b[0] - a[0] * b[2];
   out[2] = a[0] * b[1] - a[1] * b[0];
}

static void
mat4_look_at(float m[16], const float eye[3], const float center[3], const float up[3])
{
   float f[3] = {center[0] - eye[0], center[1] - eye[1], center[2] - eye[2]};
   float s[3], u[3];
   vec3_normalize(f);
   vec3_cross(s, f, up);
   vec3_normalize(s);
   vec3_cross(u, s, f);
   mat4_identity(m);
   m[0] = s[0];
   m[4] = s[1];
   m[8] = s[2];
   m[1] = u[0];
   m[5] = u[1];
   m[9] = u[2];
   m[2] = -f[0];
   m[6] = -f[1];
   m[10] = -f[2];
   m[12] = -(s[0] * eye[0] + s[1] * eye[1] + s[2] * eye[2]);
   m[13] = -(u[0] * eye[0] + u[1] * eye[1] + u[2] * eye[2]);
   m[14] = f[0] * eye[0] + f[1] * eye[1] + f[2] * eye[2];
}

/* model = translate(x, y, z) * rot_y(yaw) * rot_x(pitch) */
static void
mat4_cube_model(float m[16], float x, float y, float z, float yaw, float pitch)
{
   float cy = cosf(yaw), sy = sinf(yaw);
   float cp = cosf(pitch), sp = sinf(pitch);
   /* rot_y * rot_x, written out column by column. */
   m[0] = cy;
   m[1] = 0.0f;
   m[2] = -sy;
   m[3] = 0.0f;
   m[4] = sy * sp;
   m[5] = cp;
   m[6] = cy * sp;
   m[7] = 0.0f;
   m[8] = sy * cp;
   m[9] = -sp;
   m[10] = cy * cp;
   m[11] = 0.0f;
   m[12] = x;
   m[13] = y;
   m[14] = z;
   m[15] = 1.0f;
}

/* ------------------------------------------------------------------ */
/* EGL setup                                                           */

static bool
gl_load(struct gl_api *gl)
{
   bool ok = true;
#define DEMO_GL_LOAD(type, name)                                                                   \
   gl->name = (type)eglGetProcAddress("gl" #name);                                                 \
   if (gl->name == NULL) {                                                                         \
      fail("eglGetProcAddress(\"gl" #name "\") returned NULL");                                    \
      ok = false;                                                                                  \
   }
   DEMO_GL_FUNCS(DEMO_GL_LOAD)
#undef DEMO_GL_LOAD
   return ok;
}

/* ------------------------------------------------------------------ */
/* Scene resources                                                     */

static const char vertex_source[] =
   "layout(location = 0) in vec3 a_position;\n"
   "layout(location = 1) in vec3 a_normal;\n"
   "layout(location = 2) in vec2 a_uv;\n"
   "layout(std140) uniform Scene {\n"
   "    mat4 view_proj;\n"
   "    vec4 light_dir;\n"
   "};\n"
   "uniform mat4 u_model;\n"
   "out vec3 v_normal;\n"
   "out vec2 v_uv;\n"
   "void main()\n"
   "{\n"
   "    v_normal = mat3(u_model) * a_normal;\n"
   "    v_uv = a_uv;\n"
   "    gl_Position = view_proj * (u_model * vec4(a_position, 1.0));\n"
   "}\n";

static const char fragment_source[] =
   "layout(std140) uniform Scene {\n"
   "    mat4 view_proj;\n"
   "    vec4 light_dir;\n"
   "};\n"
   "uniform sampler2D u_texture;\n"
   "uniform vec4 u_tint;\n"
   "in vec3 v_normal;\n"
   "in vec2 v_uv;\n"
   "layout(location = 0) out vec4 o_color;\n"
   "void main()\n"
   "{\n"
   "    float lambert = max(dot(normalize(v_normal), normalize(light_dir.xyz)), 0.0);\n"
   "    vec4 base = texture(u_texture, v_uv) * u_tint;\n"
   "    o_color = vec4(base.rgb * (0.25 + 0.75 * lambert), base.a);\n"
   "}\n";

const char *
demo_glsl_header(void)
{
   const char *version = (const char *)glGetString(GL_VERSION);
   if (version != NULL && strncmp(version, "OpenGL ES", 9) == 0)
      return "#version 300 es\nprecision highp float;\n";
   return "#version 330 core\n";
}

static GLuint
compile_shader(const struct gl_api *gl, GLenum type, const char *label, const char *source)
{
   GLuint shader = gl->CreateShader(type);
   if (shader == 0) {
      fail("glCreateShader(%s) returned 0", label);
      gl_check("glCreateShader");
      return 0;
   }
   const GLchar *src[2] = {demo_glsl_header(), source};
   gl->ShaderSource(shader, 2, src, NULL);
   gl->CompileShader(shader);
   GLint status = GL_FALSE;
   gl->GetShaderiv(shader, GL_COMPILE_STATUS, &status);
   if (status != GL_TRUE) {
      char log[4096] = "";
      gl->GetShaderInfoLog(shader, (GLsizei)sizeof log, NULL, log);
      fail("glCompileShader(%s) failed:\n%s", label, log);
      gl->DeleteShader(shader);
      return 0;
   }
   return shader;
}

static bool
build_program(const struct gl_api *gl, struct demo_scene *sc)
{
   bool ok = false;
   GLuint vs = compile_shader(gl, GL_VERTEX_SHADER, "vertex shader", vertex_source);
   GLuint fs = 0;
   if (vs == 0)
      goto out;
   fs = compile_shader(gl, GL_FRAGMENT_SHADER, "fragment shader", fragment_source);
   if (fs == 0)
      goto out;

   sc->program = gl->CreateProgram();
   if (sc->program == 0) {
      fail("glCreateProgram returned 0");
      goto out;
   }
   gl->AttachShader(sc->program, vs);
   gl->AttachShader(sc->program, fs);
   gl->LinkProgram(sc->program);
   GLint status = GL_FALSE;
   gl->GetProgramiv(sc->program, GL_LINK_STATUS, &status);
   if (status != GL_TRUE) {
      char log[4096] = "";
      gl->GetProgramInfoLog(sc->program, (GLsizei)sizeof log, NULL, log);
      fail("glLinkProgram failed:\n%s", log);
      goto out;
   }

   sc->loc_model = gl->GetUniformLocation(sc->program, "u_model");
   sc->loc_tint = gl->GetUniformLocation(sc->program, "u_tint");
   sc->loc_texture = gl->GetUniformLocation(sc->program, "u_texture");
   if (sc->loc_model < 0 || sc->loc_tint < 0 || sc->loc_texture < 0) {
      fail("glGetUniformLocation: u_model=%d u_tint=%d u_texture=%d (expected all >= 0)",
           sc->loc_model, sc->loc_tint, sc->loc_texture);
      goto out;
   }
   GLuint block = gl->GetUniformBlockIndex(sc->program, "Scene");
   if (block == GL_INVALID_INDEX) {
      fail("glGetUniformBlockIndex(\"Scene\") returned GL_INVALID_INDEX");
      goto out;
   }
   gl->UniformBlockBinding(sc->program, block, 0);

   gl->UseProgram(sc->program);
   gl->Uniform1i(sc->loc_texture, 0);
   ok = gl_check("program setup");

out:
   /* Flagged for deletion; they live on while attached to the program. */
   if (fs != 0)
      gl->DeleteShader(fs);
   if (vs != 0)
      gl->DeleteShader(vs);
   return ok;
}

/* Unit cube: 6 faces x 4 vertices, each face CCW seen from outside. */
static void
build_cube(struct vertex verts[24], GLushort indices[36])
{
   static const float faces[6][3][3] = {
      /* normal,        u axis,         v axis (u x v == normal) */
      {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}, {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
      {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}}, {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
      {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},  {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}},
   };
   static const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
   for (int f = 0; f < 6; f++) {
      for (int c = 0; c < 4; c++) {
         struct vertex *v = &verts[f * 4 + c];
         for (int k = 0; k < 3; k++) {
            v->position[k] = 0.5f * (faces[f][0][k] + corners[c][0] * faces[f][1][k] +
                                     corners[c][1] * faces[f][2][k]);
            v->normal[k] = faces[f][0][k];
         }
         v->uv[0] = 0.5f * (corners[c][0] + 1.0f);
         v->uv[1] = 0.5f * (corners[c][1] + 1.0f);
      }
      GLushort base = (GLushort)(f * 4);
      GLushort *ix = &indices[f * 6];
      ix[0] = base;
      ix[1] = (GLushort)(base + 1);
      ix[2] = (GLushort)(base + 2);
      ix[3] = base;
      ix[4] = (GLushort)(base + 2);
      ix[5] = (GLushort)(base + 3);
   }
}

static bool
build_geometry(const struct gl_api *gl, struct demo_scene *sc)
{
   struct vertex verts[24];
   GLushort indices[36];
   build_cube(verts, indices);
   sc->index_count = 36;

   gl->GenVertexArrays(1, &sc->vao);
   gl->BindVertexArray(sc->vao);

   gl->GenBuffers(1, &sc->vbo);
   gl->BindBuffer(GL_ARRAY_BUFFER, sc->vbo);
   gl->BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)sizeof verts, verts, GL_STATIC_DRAW);

   gl->GenBuffers(1, &sc->ibo);
   gl->BindBuffer(GL_ELEMENT_ARRAY_BUFFER, sc->ibo);
   gl->BufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)sizeof indices, indices, GL_STATIC_DRAW);

   const GLsizei stride = (GLsizei)sizeof(struct vertex);
   gl->VertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride,
                           (const void *)offsetof(struct vertex, position));
   gl->VertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride,
                           (const void *)offsetof(struct vertex, normal));
   gl->VertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride,
                           (const void *)offsetof(struct vertex, uv));
   gl->EnableVertexAttribArray(0);
   gl->EnableVertexAttribArray(1);
   gl->EnableVertexAttribArray(2);

   /* The UBO: allocated here, filled with glBufferSubData every frame. */
   gl->GenBuffers(1, &sc->ubo);
   gl->BindBuffer(GL_UNIFORM_BUFFER, sc->ubo);
   gl->BufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)sizeof(struct scene_block), NULL, GL_DYNAMIC_DRAW);
   gl->BindBufferBase(GL_UNIFORM_BUFFER, 0, sc->ubo);

   return gl_check("geometry and UBO setup");
}

/*
 * Two checkerboards.  The full image goes in with glTexImage2D, then a
 * square "stamp" in the middle is overwritten with glTexSubImage2D.
 */
static bool
build_textures(const struct gl_api *gl, struct demo_scene *sc)
{
   static const uint8_t colors[2][3][4] = {
      /* light square,         dark square,           stamp */
      {{250, 245, 235, 255}, {230, 120, 40, 255}, {40, 60, 200, 255}},
      {{235, 240, 250, 255}, {50, 120, 200, 255}, {220, 40, 60, 255}},
   };
   static const int checker[2] = {8, 16};
   enum { STAMP = 16 };
   uint8_t texels[TEX_SIZE * TEX_SIZE * 4];
   uint8_t stamp[STAMP * STAMP * 4];

   gl->ActiveTexture(GL_TEXTURE0);
   glGenTextures(2, sc->textures);
   for (int t = 0; t < 2; t++) {
      for (int y = 0; y < TEX_SIZE; y++) {
         for (int x = 0; x < TEX_SIZE; x++) {
            int dark = ((x / checker[t]) + (y / checker[t])) & 1;
            memcpy(&texels[(y * TEX_SIZE + x) * 4], colors[t][dark], 4);
         }
      }
      for (int y = 0; y < STAMP; y++) {
         for (int x = 0; x < STAMP; x++) {
            /* A ring, so the stamp's orientation is visible too. */
            int edge = x < 3 || y < 3 || x >= STAMP - 3 || y >= STAMP - 3;
            memcpy(&stamp[(y * STAMP + x) * 4], edge ? colors[t][2] : colors[t][0], 4);
         }
      }
      glBindTexture(GL_TEXTURE_2D, sc->textures[t]);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, TEX_SIZE, TEX_SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   texels);
      glTexSubImage2D(GL_TEXTURE_2D, 0, (TEX_SIZE - STAMP) / 2, (TEX_SIZE - STAMP) / 2, STAMP,
                      STAMP, GL_RGBA, GL_UNSIGNED_BYTE, stamp);
   }
   return gl_check("texture setup");
}

static void
scene_destroy(const struct gl_api *gl, struct demo_scene *sc)
{
   if (sc->textures[0] != 0 || sc->textures[1] != 0)
      glDeleteTextures(2, sc->textures);
   if (gl->UseProgram != NULL)
      gl->UseProgram(0);
   if (sc->program != 0)
      gl->DeleteProgram(sc->program);
   if (gl->BindVertexArray != NULL)
      gl->BindVertexArray(0);
   if (sc->vao != 0)
      gl->DeleteVertexArrays(1, &sc->vao);
   GLuint buffers[3] = {sc->vbo, sc->ibo, sc->ubo};
   if (buffers[0] != 0 || buffers[1] != 0 || buffers[2] != 0)
      gl->DeleteBuffers(3, buffers);
   memset(sc, 0, sizeof *sc);
}

/* ------------------------------------------------------------------ */
/* Frame                                                               */

/*
 * Camera looking down at the grid centre at a fixed elevation, pulled in so
 * the grid (extent E) covers the whole frustum footprint for this aspect.
 */
static void
compute_scene_block(struct scene_block *blk, const struct demo_scene *opt)
{
   const float fovy = 45.0f * DEMO_PI / 180.0f;
   const float elevation = 55.0f * DEMO_PI / 180.0f;
   const float aspect = (float)opt->width / (float)opt->height;
   const float extent = (float)opt->grid * CUBE_SPACING;

   /* Ground footprint of the frustum per unit camera distance d: the far
    * edge reaches far_depth * d past the centre, with half-width
    * far_half_width * d.  Keep both inside the grid's half extent. */
   float h = sinf(elevation), back = cosf(elevation);
   float far_angle = elevation - fovy * 0.5f;
   float far_depth = h / tanf(far_angle) - back;
   float far_half_width = (h / sinf(far_angle)) * tanf(fovy * 0.5f) * aspect;
   float limit = far_depth > far_half_width ? far_depth : far_half_width;
   float dist = 0.5f * extent / limit * 0.97f;
   if (dist < 3.0f)
      dist = 3.0f;

   float eye[3] = {0.0f, dist * h, dist * back};
   float center[3] = {0.0f, 0.0f, 0.0f};
   float up[3] = {0.0f, 1.0f, 0.0f};
   float view[16], proj[16];
   mat4_look_at(view, eye, center, up);
   mat4_perspective(proj, fovy, aspect, dist * 0.05f, dist * 4.0f);
   mat4_mul(blk->view_proj, proj, view);

   float light[3] = {-0.45f, 1.0f, 0.6f};
   vec3_normalize(light);
   blk->light_dir[0] = light[0];
   blk->light_dir[1] = light[1];
   blk->light_dir[2] = light[2];
   blk->light_dir[3] = 0.0f;
}

/* Draws one frame; returns the number of draw calls issued. */
int
demo_scene_draw_frame(const struct demo_scene *sc, int frame)
{
   const struct gl_api *gl = &sc->gl;
   const struct scene_block *blk = &sc->block;
   const struct demo_scene *opt = sc;
   const int n = opt->grid;
   const float half = 0.5f * (float)(n - 1) * CUBE_SPACING;
   const float spin = (float)frame * SPIN_PER_FRAME;
   int draws = 0;

   gl->BindBuffer(GL_UNIFORM_BUFFER, sc->ubo);
   gl->BufferSubData(GL_UNIFORM_BUFFER, 0, (GLsizeiptr)sizeof *blk, blk);

   glClearColor(0.08f, 0.09f, 0.12f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

   gl->UseProgram(sc->program);
   gl->BindVertexArray(sc->vao);
   gl->ActiveTexture(GL_TEXTURE0);

   for (int row = 0; row < n; row++) {
      for (int col = 0; col < n; col++) {
         int index = row * n + col;
         float x = (float)col * CUBE_SPACING - half;
         float z = (float)row * CUBE_SPACING - half;
         float phase = (float)((row * 7 + col * 13) % 31) * 0.2f;
         float model[16];
         mat4_cube_model(model, x, 0.0f, z, spin + phase, 0.35f + 0.5f * spin);

         /* Tint: a smooth gradient over the grid, never too dark. */
         float u = n > 1 ? (float)col / (float)(n - 1) : 0.5f;
         float v = n > 1 ? (float)row / (float)(n - 1) : 0.5f;
         bool blended = index % 8 == 7;
         float tint[4] = {0.55f + 0.45f * u, 0.55f + 0.45f * (1.0f - v),
                          0.55f + 0.45f * (1.0f - u) * v, blended ? 0.55f : 1.0f};

         gl->UniformMatrix4fv(sc->loc_model, 1, GL_FALSE, model);
         gl->Uniform4fv(sc->loc_tint, 1, tint);
         glBindTexture(GL_TEXTURE_2D, sc->textures[index & 1]);
         if (blended) {
            glEnable(GL_BLEND);
            glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
         }
         glDrawElements(GL_TRIANGLES, sc->index_count, GL_UNSIGNED_SHORT, (const void *)0);
         if (blended)
            glDisable(GL_BLEND);
         draws++;
      }
   }
   return draws;
}

struct demo_scene *
demo_scene_create(int width, int height, int grid)
{
   struct demo_scene *sc = calloc(1, sizeof *sc);
   if (sc == NULL) {
      fail("out of memory");
      return NULL;
   }
   sc->width = width;
   sc->height = height;
   sc->grid = grid;
   if (!gl_load(&sc->gl) || !build_program(&sc->gl, sc) || !build_geometry(&sc->gl, sc) ||
       !build_textures(&sc->gl, sc))
      goto fail;
   glViewport(0, 0, width, height);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   glDisable(GL_BLEND);
   if (!gl_check("render state setup"))
      goto fail;
   compute_scene_block(&sc->block, sc);
   return sc;
fail:
   demo_scene_destroy(sc);
   return NULL;
}

void
demo_scene_destroy(struct demo_scene *sc)
{
   if (sc == NULL)
      return;
   scene_destroy(&sc->gl, sc);
   free(sc);
}
