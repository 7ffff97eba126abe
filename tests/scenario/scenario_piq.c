/* scenario_piq.c — GL 4.3 program interface queries (ARB_program_interface_query): a program's
 * uniforms (default block, a uniform block's members, arrays named "a[0]"), its uniform block,
 * vertex inputs and fragment outputs, transform feedback varyings and buffers, subroutines and
 * subroutine uniforms, and where the context has them, buffer variables, storage blocks and
 * atomic counters; every answer compared with the property's value from the GL text and with
 * the older query that tells the same (glGetUniformLocation, glGetActiveUniformsiv,
 * glGetActiveUniformBlockiv, glGetAttribLocation, glGetSubroutineIndex ...); the errors of
 * 7.3.1 (a property of another interface, an unknown one, an index past the resources,
 * interfaces without names or locations, an unlinked program: no resources, and
 * GL_INVALID_OPERATION only where a location is asked for, as Mesa has it). */
#include "scenario.h"

static const char *VS_PIQ = "#version 330 core\n"
                            "in vec4 a_pos;\n"
                            "in float a_w[2];\n"
                            "uniform vec2 u_off;\n"
                            "out vec4 v_a;\n"
                            "out float v_b;\n"
                            "void main() {\n"
                            "  gl_Position = a_pos + vec4(u_off, a_w[0] + a_w[1], 0.0);\n"
                            "  v_a = a_pos;\n"
                            "  v_b = a_w[1];\n"
                            "}\n";

static const char *FS_PIQ =
   "#version 330 core\n"
   "uniform vec4 u_tint;\n"
   "uniform float u_arr[3];\n"
   "uniform mat3 u_m;\n"
   "layout(std140) uniform Blk { vec4 b_a; float b_f[2]; mat4 b_m; } blk;\n"
   "in vec4 v_a;\n"
   "in float v_b;\n"
   "layout(location = 1) out vec4 o_color;\n"
   "void main() {\n"
   "  o_color = u_tint * (u_arr[0] + u_arr[1] + u_arr[2]) + v_a * v_b +\n"
   "            vec4(u_m[1], 0.0) + blk.b_a * blk.b_f[1] + blk.b_m[2];\n"
   "}\n";

/* One single-valued property. */
static GLint
prop1(GLuint p, GLenum iface, GLuint index, GLenum prop)
{
   GLint v = -12345, len = 0;
   gl.GetProgramResourceiv(p, iface, index, 1, &prop, 1, &len, &v);
   if (len != 1)
      fail("property 0x%04x of resource %u of 0x%04x: %d values, want 1", prop, index, iface, len);
   return v;
}

static void
expect_prop(GLuint p, GLenum iface, const char *name, GLenum prop, GLint want)
{
   const GLuint i = gl.GetProgramResourceIndex(p, iface, name);
   if (i == GL_INVALID_INDEX) {
      fail("no resource %s on 0x%04x", name, iface);
      return;
   }
   const GLint got = prop1(p, iface, i, prop);
   if (got != want)
      fail("%s (0x%04x): property 0x%04x = %d, want %d", name, iface, prop, got, want);
}

static void
expect_name(GLuint p, GLenum iface, GLuint index, const char *want)
{
   char buf[64] = "";
   GLsizei len = -1;
   gl.GetProgramResourceName(p, iface, index, sizeof(buf), &len, buf);
   if (strcmp(buf, want) || len != (GLsizei)strlen(want))
      fail("resource %u of 0x%04x is named \"%s\" (%d), want \"%s\"", index, iface, buf, len, want);
}

static GLint
iface_iv(GLuint p, GLenum iface, GLenum pname)
{
   GLint v = -12345;
   gl.GetProgramInterfaceiv(p, iface, pname, &v);
   return v;
}

static void
uniform_queries(GLuint p)
{
   GLint n_active = 0, max_len = 0;
   gl.GetProgramiv(p, GL_ACTIVE_UNIFORMS, &n_active);
   gl.GetProgramiv(p, GL_ACTIVE_UNIFORM_MAX_LENGTH, &max_len);
   if (iface_iv(p, GL_UNIFORM, GL_ACTIVE_RESOURCES) != n_active || n_active != 7)
      fail("GL_UNIFORM resources %d, GL_ACTIVE_UNIFORMS %d, want 7",
           iface_iv(p, GL_UNIFORM, GL_ACTIVE_RESOURCES), n_active);
   if (iface_iv(p, GL_UNIFORM, GL_MAX_NAME_LENGTH) != max_len)
      fail("GL_UNIFORM GL_MAX_NAME_LENGTH %d, GL_ACTIVE_UNIFORM_MAX_LENGTH %d",
           iface_iv(p, GL_UNIFORM, GL_MAX_NAME_LENGTH), max_len);
   /* "u_arr" and "u_arr[0]" name the array, "u_arr[1]" no resource (7.3.1.1) */
   const GLuint arr = gl.GetProgramResourceIndex(p, GL_UNIFORM, "u_arr");
   GLuint old = GL_INVALID_INDEX;
   const char *names[1] = {"u_arr"};
   gl.GetUniformIndices(p, 1, names, &old);
   if (arr == GL_INVALID_INDEX || gl.GetProgramResourceIndex(p, GL_UNIFORM, "u_arr[0]") != arr ||
       old != arr)
      fail("u_arr: index %u, u_arr[0] %u, glGetUniformIndices %u", arr,
           gl.GetProgramResourceIndex(p, GL_UNIFORM, "u_arr[0]"), old);
   if (gl.GetProgramResourceIndex(p, GL_UNIFORM, "u_arr[1]") != GL_INVALID_INDEX)
      fail("u_arr[1] has a resource index");
   expect_name(p, GL_UNIFORM, arr, "u_arr[0]");
   const GLenum props[8] = {GL_TYPE,        GL_ARRAY_SIZE,
                            GL_LOCATION,    GL_BLOCK_INDEX,
                            GL_OFFSET,      GL_REFERENCED_BY_FRAGMENT_SHADER,
                            GL_NAME_LENGTH, GL_REFERENCED_BY_VERTEX_SHADER};
   GLint v[8], len = 0;
   gl.GetProgramResourceiv(p, GL_UNIFORM, arr, 8, props, 8, &len, v);
   const GLint loc = gl.GetUniformLocation(p, "u_arr");
   const GLint want[8] = {GL_FLOAT, 3, loc, -1, -1, 1, 9, 0};
   for (int k = 0; k < 8; k++)
      if (len != 8 || v[k] != want[k])
         fail("u_arr property 0x%04x = %d (%d values), want %d", props[k], v[k], len, want[k]);
   if (gl.GetProgramResourceLocation(p, GL_UNIFORM, "u_arr[2]") != loc + 2 || loc < 0)
      fail("location of u_arr[2] = %d, want %d + 2",
           gl.GetProgramResourceLocation(p, GL_UNIFORM, "u_arr[2]"), loc);
   /* count smaller than the values: the first ones only */
   len = -1;
   v[1] = -7;
   gl.GetProgramResourceiv(p, GL_UNIFORM, arr, 8, props, 1, &len, v);
   if (len != 1 || v[0] != GL_FLOAT || v[1] != -7)
      fail("count 1: %d values, first %d, second written %d", len, v[0], v[1]);
   /* which stages reference a default-block uniform */
   expect_prop(p, GL_UNIFORM, "u_off", GL_REFERENCED_BY_VERTEX_SHADER, 1);
   expect_prop(p, GL_UNIFORM, "u_off", GL_REFERENCED_BY_FRAGMENT_SHADER, 0);
   expect_prop(p, GL_UNIFORM, "u_m", GL_TYPE, GL_FLOAT_MAT3);
   expect_prop(p, GL_UNIFORM, "u_m", GL_MATRIX_STRIDE, -1);
   expect_prop(p, GL_UNIFORM, "u_m", GL_ARRAY_STRIDE, -1);
   expect_prop(p, GL_UNIFORM, "u_tint", GL_ATOMIC_COUNTER_BUFFER_INDEX, -1);

   /* the block and its members (std140: b_a 0, b_f 16 stride 16, b_m 48 stride 16) */
   const GLuint blk = gl.GetProgramResourceIndex(p, GL_UNIFORM_BLOCK, "Blk");
   if (blk == GL_INVALID_INDEX || blk != gl.GetUniformBlockIndex(p, "Blk")) {
      fail("Blk: index %u, glGetUniformBlockIndex %u", blk, gl.GetUniformBlockIndex(p, "Blk"));
      return;
   }
   expect_name(p, GL_UNIFORM_BLOCK, blk, "Blk");
   expect_prop(p, GL_UNIFORM, "Blk.b_f", GL_BLOCK_INDEX, (GLint)blk);
   expect_prop(p, GL_UNIFORM, "Blk.b_f[0]", GL_OFFSET, 16);
   expect_prop(p, GL_UNIFORM, "Blk.b_f", GL_ARRAY_STRIDE, 16);
   expect_prop(p, GL_UNIFORM, "Blk.b_f", GL_LOCATION, -1);
   expect_prop(p, GL_UNIFORM, "Blk.b_m", GL_OFFSET, 48);
   expect_prop(p, GL_UNIFORM, "Blk.b_m", GL_MATRIX_STRIDE, 16);
   expect_prop(p, GL_UNIFORM, "Blk.b_m", GL_IS_ROW_MAJOR, 0);
   expect_prop(p, GL_UNIFORM, "Blk.b_m", GL_REFERENCED_BY_FRAGMENT_SHADER, 1);
   const GLenum bprops[4] = {GL_BUFFER_DATA_SIZE, GL_NUM_ACTIVE_VARIABLES, GL_BUFFER_BINDING,
                             GL_REFERENCED_BY_VERTEX_SHADER};
   GLint bv[4];
   gl.GetProgramResourceiv(p, GL_UNIFORM_BLOCK, blk, 4, bprops, 4, &len, bv);
   if (len != 4 || bv[0] != 112 || bv[1] != 3 || bv[2] != 0 || bv[3] != 0)
      fail("Blk: size %d, variables %d, binding %d, vertex %d; want 112, 3, 0, 0", bv[0], bv[1],
           bv[2], bv[3]);
   GLint vars[3] = {-1, -1, -1}, old_vars[3] = {-2, -2, -2};
   const GLenum av = GL_ACTIVE_VARIABLES;
   gl.GetProgramResourceiv(p, GL_UNIFORM_BLOCK, blk, 1, &av, 3, &len, vars);
   gl.GetActiveUniformBlockiv(p, blk, GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES, old_vars);
   for (int k = 0; k < 3; k++) {
      if (len != 3 || vars[k] < 0 ||
          prop1(p, GL_UNIFORM, (GLuint)vars[k], GL_BLOCK_INDEX) != (GLint)blk ||
          vars[k] != old_vars[k])
         fail("Blk active variable %d: %d (%d values), glGetActiveUniformBlockiv %d", k, vars[k],
              len, old_vars[k]);
   }
   GLint old_off = -1;
   const GLuint bf = gl.GetProgramResourceIndex(p, GL_UNIFORM, "Blk.b_f");
   gl.GetActiveUniformsiv(p, 1, &bf, GL_UNIFORM_OFFSET, &old_off);
   if (old_off != 16)
      fail("glGetActiveUniformsiv(GL_UNIFORM_OFFSET) of Blk.b_f = %d, want 16", old_off);
   if (iface_iv(p, GL_UNIFORM_BLOCK, GL_MAX_NUM_ACTIVE_VARIABLES) != 3)
      fail("GL_UNIFORM_BLOCK GL_MAX_NUM_ACTIVE_VARIABLES = %d, want 3",
           iface_iv(p, GL_UNIFORM_BLOCK, GL_MAX_NUM_ACTIVE_VARIABLES));
   check_gl_error("uniform and block queries");
}

static void
io_queries(GLuint p)
{
   if (iface_iv(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES) != 2)
      fail("GL_PROGRAM_INPUT resources %d, want 2",
           iface_iv(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES));
   const GLuint w = gl.GetProgramResourceIndex(p, GL_PROGRAM_INPUT, "a_w");
   if (w == GL_INVALID_INDEX || gl.GetProgramResourceIndex(p, GL_PROGRAM_INPUT, "a_w[0]") != w) {
      fail("a_w: input index %u", w);
      return;
   }
   expect_name(p, GL_PROGRAM_INPUT, w, "a_w[0]");
   const GLint wloc = gl.GetAttribLocation(p, "a_w");
   expect_prop(p, GL_PROGRAM_INPUT, "a_w", GL_LOCATION, wloc);
   expect_prop(p, GL_PROGRAM_INPUT, "a_w", GL_ARRAY_SIZE, 2);
   expect_prop(p, GL_PROGRAM_INPUT, "a_w", GL_TYPE, GL_FLOAT);
   expect_prop(p, GL_PROGRAM_INPUT, "a_w", GL_REFERENCED_BY_VERTEX_SHADER, 1);
   expect_prop(p, GL_PROGRAM_INPUT, "a_w", GL_IS_PER_PATCH, 0);
   expect_prop(p, GL_PROGRAM_INPUT, "a_pos", GL_TYPE, GL_FLOAT_VEC4);
   if (gl.GetProgramResourceLocation(p, GL_PROGRAM_INPUT, "a_w[1]") != wloc + 1)
      fail("location of a_w[1] = %d, want %d + 1",
           gl.GetProgramResourceLocation(p, GL_PROGRAM_INPUT, "a_w[1]"), wloc);
   if (gl.GetProgramResourceLocation(p, GL_PROGRAM_INPUT, "gl_VertexID") != -1)
      fail("gl_VertexID has a location");
   expect_prop(p, GL_PROGRAM_OUTPUT, "o_color", GL_LOCATION, 1);
   expect_prop(p, GL_PROGRAM_OUTPUT, "o_color", GL_LOCATION_INDEX, 0);
   expect_prop(p, GL_PROGRAM_OUTPUT, "o_color", GL_REFERENCED_BY_FRAGMENT_SHADER, 1);
   if (gl.GetProgramResourceLocation(p, GL_PROGRAM_OUTPUT, "o_color") != 1 ||
       gl.GetProgramResourceLocationIndex(p, GL_PROGRAM_OUTPUT, "o_color") != 0 ||
       gl.GetProgramResourceLocationIndex(p, GL_PROGRAM_OUTPUT, "nope") != -1)
      fail("o_color: location %d, index %d",
           gl.GetProgramResourceLocation(p, GL_PROGRAM_OUTPUT, "o_color"),
           gl.GetProgramResourceLocationIndex(p, GL_PROGRAM_OUTPUT, "o_color"));
   check_gl_error("input and output queries");
}

static void
error_queries(GLuint p)
{
   GLint v = 0, len = 0;
   const GLenum loc_index = GL_LOCATION_INDEX, bogus = GL_TRUE, type = GL_TYPE;
   gl.GetProgramResourceiv(p, GL_UNIFORM, 0, 1, &loc_index, 1, &len, &v);
   expect_gl_error(GL_INVALID_OPERATION, "GL_LOCATION_INDEX of a uniform");
   gl.GetProgramResourceiv(p, GL_UNIFORM, 0, 1, &bogus, 1, &len, &v);
   expect_gl_error(GL_INVALID_ENUM, "an unknown property");
   gl.GetProgramResourceiv(p, GL_UNIFORM, 1000, 1, &type, 1, &len, &v);
   expect_gl_error(GL_INVALID_VALUE, "an index past the uniforms");
   gl.GetProgramResourceiv(p, GL_UNIFORM, 0, 0, &type, 1, &len, &v);
   expect_gl_error(GL_INVALID_VALUE, "no properties");
   gl.GetProgramResourceiv(p, GL_UNIFORM_BLOCK, 0, 1, &type, 1, &len, &v);
   expect_gl_error(GL_INVALID_OPERATION, "GL_TYPE of a block");
   gl.GetProgramResourceIndex(p, GL_TRANSFORM_FEEDBACK_BUFFER, "x");
   expect_gl_error(GL_INVALID_ENUM, "the index of a transform feedback buffer by name");
   gl.GetProgramResourceLocation(p, GL_UNIFORM_BLOCK, "Blk");
   expect_gl_error(GL_INVALID_ENUM, "the location of a uniform block");
   gl.GetProgramResourceLocationIndex(p, GL_UNIFORM, "u_tint");
   expect_gl_error(GL_INVALID_ENUM, "the location index of a uniform");
   gl.GetProgramInterfaceiv(p, GL_TRANSFORM_FEEDBACK_BUFFER, GL_MAX_NAME_LENGTH, &v);
   expect_gl_error(GL_INVALID_OPERATION, "GL_MAX_NAME_LENGTH of the nameless buffers");
   gl.GetProgramInterfaceiv(p, GL_PROGRAM_INPUT, GL_MAX_NUM_ACTIVE_VARIABLES, &v);
   expect_gl_error(GL_INVALID_OPERATION, "GL_MAX_NUM_ACTIVE_VARIABLES of the inputs");
   gl.GetProgramInterfaceiv(p, GL_UNIFORM, GL_MAX_NUM_COMPATIBLE_SUBROUTINES, &v);
   expect_gl_error(GL_INVALID_OPERATION, "GL_MAX_NUM_COMPATIBLE_SUBROUTINES of the uniforms");
   gl.GetProgramResourceIndex(p, GL_TRUE, "u_tint");
   expect_gl_error(GL_INVALID_ENUM, "an unknown interface");
   char name[8];
   gl.GetProgramResourceName(p, GL_UNIFORM, 0, -1, NULL, name);
   expect_gl_error(GL_INVALID_VALUE, "a negative buffer size");
   /* an unlinked program: no resources, and the per-resource queries refuse it */
   GLuint fresh = gl.CreateProgram();
   v = -1;
   gl.GetProgramInterfaceiv(fresh, GL_UNIFORM, GL_ACTIVE_RESOURCES, &v);
   if (v != 0)
      fail("an unlinked program has %d uniforms", v);
   check_gl_error("GL_ACTIVE_RESOURCES of an unlinked program");
   if (gl.GetProgramResourceIndex(fresh, GL_UNIFORM, "u_tint") != GL_INVALID_INDEX)
      fail("an unlinked program has a uniform u_tint");
   check_gl_error("glGetProgramResourceIndex of an unlinked program");
   gl.GetProgramResourceiv(fresh, GL_UNIFORM, 0, 1, &type, 1, &len, &v);
   expect_gl_error(GL_INVALID_VALUE, "a property of an unlinked program's uniform 0");
   gl.GetProgramResourceLocation(fresh, GL_UNIFORM, "u_tint");
   expect_gl_error(GL_INVALID_OPERATION, "glGetProgramResourceLocation of an unlinked program");
   gl.DeleteProgram(fresh);
}

/* Interleaved capture of v_a and v_b: one buffer of 20-byte records; separate: two buffers. */
static void
xfb_queries(void)
{
   static const char *const varyings[2] = {"v_a", "v_b"};
   for (int separate = 0; separate < 2; separate++) {
      GLuint p = gl.CreateProgram();
      gl.AttachShader(p, compile(GL_VERTEX_SHADER, VS_PIQ));
      gl.AttachShader(p, compile(GL_FRAGMENT_SHADER, FS_PIQ));
      gl.TransformFeedbackVaryings(p, 2, varyings,
                                   separate ? GL_SEPARATE_ATTRIBS : GL_INTERLEAVED_ATTRIBS);
      gl.LinkProgram(p);
      GLint ok = 0;
      gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
      if (!ok) {
         fail("the transform feedback program does not link");
         return;
      }
      if (iface_iv(p, GL_TRANSFORM_FEEDBACK_VARYING, GL_ACTIVE_RESOURCES) != 2 ||
          iface_iv(p, GL_TRANSFORM_FEEDBACK_BUFFER, GL_ACTIVE_RESOURCES) != 1 + separate)
         fail("separate %d: %d varyings, %d buffers", separate,
              iface_iv(p, GL_TRANSFORM_FEEDBACK_VARYING, GL_ACTIVE_RESOURCES),
              iface_iv(p, GL_TRANSFORM_FEEDBACK_BUFFER, GL_ACTIVE_RESOURCES));
      expect_prop(p, GL_TRANSFORM_FEEDBACK_VARYING, "v_b", GL_TYPE, GL_FLOAT);
      expect_prop(p, GL_TRANSFORM_FEEDBACK_VARYING, "v_b", GL_OFFSET, separate ? 0 : 16);
      expect_prop(p, GL_TRANSFORM_FEEDBACK_VARYING, "v_b", GL_TRANSFORM_FEEDBACK_BUFFER_INDEX,
                  separate);
      expect_prop(p, GL_TRANSFORM_FEEDBACK_VARYING, "v_a", GL_ARRAY_SIZE, 1);
      const GLenum props[3] = {GL_BUFFER_BINDING, GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE,
                               GL_NUM_ACTIVE_VARIABLES};
      GLint v[3], len = 0;
      gl.GetProgramResourceiv(p, GL_TRANSFORM_FEEDBACK_BUFFER, 0, 3, props, 3, &len, v);
      if (len != 3 || v[0] != 0 || v[1] != (separate ? 16 : 20) || v[2] != (separate ? 1 : 2))
         fail("separate %d: buffer 0 binding %d, stride %d, %d variables", separate, v[0], v[1],
              v[2]);
      check_gl_error("transform feedback queries");
      gl.DeleteProgram(p);
   }
}

static const char *FS_SUB = "#version 330 core\n"
                            "#extension GL_ARB_shader_subroutine : require\n"
                            "subroutine vec4 color_t();\n"
                            "subroutine float scale_t(float x);\n"
                            "subroutine(color_t) vec4 red() { return vec4(1.0, 0.0, 0.0, 1.0); }\n"
                            "subroutine(color_t) vec4 blue() { return vec4(0.0, 0.0, 1.0, 1.0); }\n"
                            "subroutine(scale_t) float full(float x) { return x; }\n"
                            "subroutine uniform color_t u_color[2];\n"
                            "subroutine uniform scale_t u_scale;\n"
                            "out vec4 o_color;\n"
                            "void main() {\n"
                            "  o_color = (u_color[0]() + u_color[1]()) * u_scale(0.5);\n"
                            "}\n";

static void
subroutine_queries(void)
{
   if (!has_ext("GL_ARB_shader_subroutine")) {
      skipped("GL_ARB_shader_subroutine");
      return;
   }
   GLuint p = link_program(VS_PIXELS, FS_SUB);
   GLint n_fns = 0;
   gl.GetProgramStageiv(p, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINES, &n_fns);
   if (iface_iv(p, GL_FRAGMENT_SUBROUTINE, GL_ACTIVE_RESOURCES) != n_fns || n_fns != 3)
      fail("GL_FRAGMENT_SUBROUTINE resources %d, GL_ACTIVE_SUBROUTINES %d, want 3",
           iface_iv(p, GL_FRAGMENT_SUBROUTINE, GL_ACTIVE_RESOURCES), n_fns);
   if (iface_iv(p, GL_VERTEX_SUBROUTINE_UNIFORM, GL_ACTIVE_RESOURCES) != 0)
      fail("the vertex stage has subroutine uniforms");
   static const char *const fns[3] = {"red", "blue", "full"};
   for (int k = 0; k < 3; k++) {
      const GLuint i = gl.GetProgramResourceIndex(p, GL_FRAGMENT_SUBROUTINE, fns[k]);
      if (i != gl.GetSubroutineIndex(p, GL_FRAGMENT_SHADER, fns[k]) || i == GL_INVALID_INDEX)
         fail("%s: resource %u, subroutine index %u", fns[k], i,
              gl.GetSubroutineIndex(p, GL_FRAGMENT_SHADER, fns[k]));
      else
         expect_name(p, GL_FRAGMENT_SUBROUTINE, i, fns[k]);
   }
   const GLuint uc = gl.GetProgramResourceIndex(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, "u_color");
   if (uc == GL_INVALID_INDEX) {
      fail("no subroutine uniform u_color");
      return;
   }
   expect_name(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, uc, "u_color[0]");
   expect_prop(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, "u_color", GL_ARRAY_SIZE, 2);
   expect_prop(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, "u_color", GL_LOCATION,
               gl.GetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "u_color"));
   expect_prop(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, "u_color", GL_NUM_COMPATIBLE_SUBROUTINES, 2);
   expect_prop(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, "u_scale", GL_NUM_COMPATIBLE_SUBROUTINES, 1);
   if (gl.GetProgramResourceLocation(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, "u_color[1]") !=
       gl.GetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "u_color[1]"))
      fail("location of u_color[1]: %d, glGetSubroutineUniformLocation %d",
           gl.GetProgramResourceLocation(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, "u_color[1]"),
           gl.GetSubroutineUniformLocation(p, GL_FRAGMENT_SHADER, "u_color[1]"));
   const GLenum compat = GL_COMPATIBLE_SUBROUTINES;
   GLint c[2] = {-1, -1}, len = 0;
   gl.GetProgramResourceiv(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, uc, 1, &compat, 2, &len, c);
   const GLint red = (GLint)gl.GetSubroutineIndex(p, GL_FRAGMENT_SHADER, "red");
   const GLint blue = (GLint)gl.GetSubroutineIndex(p, GL_FRAGMENT_SHADER, "blue");
   if (len != 2 || !((c[0] == red && c[1] == blue) || (c[0] == blue && c[1] == red)))
      fail("u_color's compatible subroutines %d, %d (%d values), want %d and %d", c[0], c[1], len,
           red, blue);
   if (iface_iv(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, GL_MAX_NUM_COMPATIBLE_SUBROUTINES) != 2)
      fail("GL_MAX_NUM_COMPATIBLE_SUBROUTINES = %d, want 2",
           iface_iv(p, GL_FRAGMENT_SUBROUTINE_UNIFORM, GL_MAX_NUM_COMPATIBLE_SUBROUTINES));
   check_gl_error("subroutine queries");
   gl.DeleteProgram(p);
}

static const char *CS_BUFFERS =
   "#version 430\n"
   "layout(local_size_x = 1) in;\n"
   "layout(std430, binding = 3) buffer Data { vec4 head; mat2 m[2]; float vals[]; } data;\n"
   "layout(binding = 0, offset = 4) uniform atomic_uint c[2];\n"
   "void main() {\n"
   "  data.vals[gl_GlobalInvocationID.x] = data.head.x + data.m[1][0].y;\n"
   "  atomicCounterIncrement(c[1]);\n"
   "}\n";

static void
buffer_queries(void)
{
   if (!has_ext("GL_ARB_shader_storage_buffer_object") || !has_ext("GL_ARB_compute_shader") ||
       !has_ext("GL_ARB_shader_atomic_counters")) {
      skipped("storage blocks, compute shaders or atomic counters");
      return;
   }
   GLuint p = must_compute(CS_BUFFERS);
   if (!p)
      return;
   if (iface_iv(p, GL_BUFFER_VARIABLE, GL_ACTIVE_RESOURCES) != 3)
      fail("%d buffer variables, want 3", iface_iv(p, GL_BUFFER_VARIABLE, GL_ACTIVE_RESOURCES));
   const GLuint blk = gl.GetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Data");
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.head", GL_BLOCK_INDEX, (GLint)blk);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.head", GL_TOP_LEVEL_ARRAY_SIZE, 1);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.head", GL_TOP_LEVEL_ARRAY_STRIDE, 0);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.m", GL_TYPE, GL_FLOAT_MAT2);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.m[0]", GL_OFFSET, 16);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.m", GL_ARRAY_SIZE, 2);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.m", GL_ARRAY_STRIDE, 16);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.m", GL_MATRIX_STRIDE, 8);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.m", GL_TOP_LEVEL_ARRAY_SIZE, 1);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.m", GL_TOP_LEVEL_ARRAY_STRIDE, 0);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.vals", GL_OFFSET, 48);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.vals", GL_ARRAY_SIZE, 0);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.vals", GL_TOP_LEVEL_ARRAY_SIZE, 1);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.vals", GL_TOP_LEVEL_ARRAY_STRIDE, 0);
   expect_prop(p, GL_BUFFER_VARIABLE, "Data.vals", GL_REFERENCED_BY_COMPUTE_SHADER, 1);
   expect_prop(p, GL_SHADER_STORAGE_BLOCK, "Data", GL_NUM_ACTIVE_VARIABLES, 3);
   expect_prop(p, GL_SHADER_STORAGE_BLOCK, "Data", GL_BUFFER_BINDING, 3);
   GLint vars[3] = {-1, -1, -1}, len = 0;
   const GLenum av = GL_ACTIVE_VARIABLES;
   gl.GetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, blk, 1, &av, 3, &len, vars);
   for (int k = 0; k < 3; k++)
      if (len != 3 || vars[k] < 0 ||
          prop1(p, GL_BUFFER_VARIABLE, (GLuint)vars[k], GL_BLOCK_INDEX) != (GLint)blk)
         fail("Data's active variable %d: %d (%d values)", k, vars[k], len);

   /* the counter array is one uniform, "c[0]", of atomic counter buffer 0 */
   const GLuint c = gl.GetProgramResourceIndex(p, GL_UNIFORM, "c");
   if (c == GL_INVALID_INDEX) {
      fail("the atomic counters are no uniform");
      return;
   }
   expect_name(p, GL_UNIFORM, c, "c[0]");
   expect_prop(p, GL_UNIFORM, "c", GL_TYPE, GL_UNSIGNED_INT_ATOMIC_COUNTER);
   expect_prop(p, GL_UNIFORM, "c", GL_ATOMIC_COUNTER_BUFFER_INDEX, 0);
   expect_prop(p, GL_UNIFORM, "c", GL_OFFSET, 4);
   expect_prop(p, GL_UNIFORM, "c", GL_ARRAY_SIZE, 2);
   expect_prop(p, GL_UNIFORM, "c", GL_LOCATION, -1);
   const GLenum props[4] = {GL_BUFFER_BINDING, GL_BUFFER_DATA_SIZE, GL_NUM_ACTIVE_VARIABLES,
                            GL_ACTIVE_VARIABLES};
   GLint v[4] = {-1, -1, -1, -1};
   gl.GetProgramResourceiv(p, GL_ATOMIC_COUNTER_BUFFER, 0, 4, props, 4, &len, v);
   if (len != 4 || v[0] != 0 || v[1] != 12 || v[2] != 1 || v[3] != (GLint)c)
      fail("atomic counter buffer 0: binding %d, size %d, %d counters, first %d (%d values); "
           "want 0, 12, 1, %u",
           v[0], v[1], v[2], v[3], len, c);
   check_gl_error("buffer variable and atomic counter queries");
   gl.DeleteProgram(p);
}

void
sc_program_interface(void)
{
   if (!has_ext("GL_ARB_program_interface_query")) {
      if (on_mgl())
         fail("mgl does not list GL_ARB_program_interface_query");
      skipped("GL_ARB_program_interface_query");
      return;
   }
   GLuint p = link_program(VS_PIQ, FS_PIQ);
   uniform_queries(p);
   io_queries(p);
   error_queries(p);
   gl.DeleteProgram(p);
   xfb_queries();
   subroutine_queries();
   buffer_queries();
   clear_to(V4(0.0f, 0.5f, 0.0f, 1.0f));
}
