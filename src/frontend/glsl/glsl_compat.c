/* glsl_compat.c — the compatibility profile's GLSL built-ins (GLSL 1.10-1.30, 1.40 with
 * GL_ARB_compatibility, 1.50+ `compatibility`), lowered for glslang's Vulkan target, which has
 * none of them:
 *
 *  - the built-in state (gl_ModelViewMatrix, gl_LightSource[], gl_Fog, ...) becomes the members
 *    of one hidden uniform struct, _mgl_Compat, declared with a layout that struct
 *    glsl_compat_state (glsl.h) mirrors byte for byte; the front end writes the whole struct
 *    from GL state (GLSL_STATE_COMPAT) as it does gl_DepthRange;
 *  - the conventional vertex attributes (gl_Vertex, gl_Color, ...) become inputs the linker
 *    binds to their fixed generic slots (glsl_compat_attrib_slot);
 *  - the built-in varyings (gl_FrontColor ... gl_TexCoord[]) become plain outputs and inputs
 *    matched by name; a fragment shader's gl_Color picks the back colour on back faces when
 *    GL_VERTEX_PROGRAM_TWO_SIDE is on, as GL 2.1 §2.15.3 says;
 *  - ftransform() is the product of the built-in state and gl_Vertex. */
#include "glsl_internal.h"

#include <stddef.h>
#include <string.h>

/* The GLSL side of struct glsl_compat_state: the same members in the same order, std140. */
static const char compat_types[] =
   "struct _mgl_PointParameters { float size; float sizeMin; float sizeMax; "
   "float fadeThresholdSize; float distanceConstantAttenuation; "
   "float distanceLinearAttenuation; float distanceQuadraticAttenuation; };\n"
   "struct _mgl_MaterialParameters { vec4 emission; vec4 ambient; vec4 diffuse; vec4 specular; "
   "float shininess; };\n"
   "struct _mgl_LightSourceParameters { vec4 ambient; vec4 diffuse; vec4 specular; "
   "vec4 position; vec4 halfVector; vec3 spotDirection; float spotExponent; float spotCutoff; "
   "float spotCosCutoff; float constantAttenuation; float linearAttenuation; "
   "float quadraticAttenuation; };\n"
   "struct _mgl_LightModelParameters { vec4 ambient; };\n"
   "struct _mgl_LightModelProducts { vec4 sceneColor; };\n"
   "struct _mgl_LightProducts { vec4 ambient; vec4 diffuse; vec4 specular; };\n"
   "struct _mgl_FogParameters { vec4 color; float density; float start; float end; "
   "float scale; };\n"
   "struct _mgl_CompatState { mat4 ModelViewMatrix; mat4 ProjectionMatrix; "
   "mat4 ModelViewProjectionMatrix; mat4 ModelViewMatrixInverse; "
   "mat4 ProjectionMatrixInverse; mat4 ModelViewProjectionMatrixInverse; "
   "mat4 ModelViewMatrixTranspose; mat4 ProjectionMatrixTranspose; "
   "mat4 ModelViewProjectionMatrixTranspose; mat4 ModelViewMatrixInverseTranspose; "
   "mat4 ProjectionMatrixInverseTranspose; mat4 ModelViewProjectionMatrixInverseTranspose; "
   "mat4 TextureMatrix[8]; mat4 TextureMatrixInverse[8]; mat4 TextureMatrixTranspose[8]; "
   "mat4 TextureMatrixInverseTranspose[8]; mat3 NormalMatrix; float NormalScale; "
   "float VertexProgramTwoSide; vec4 ClipPlane[8]; vec4 TextureEnvColor[8]; "
   "vec4 EyePlaneS[8]; vec4 EyePlaneT[8]; vec4 EyePlaneR[8]; vec4 EyePlaneQ[8]; "
   "vec4 ObjectPlaneS[8]; vec4 ObjectPlaneT[8]; vec4 ObjectPlaneR[8]; vec4 ObjectPlaneQ[8]; "
   "_mgl_PointParameters Point; _mgl_MaterialParameters FrontMaterial; "
   "_mgl_MaterialParameters BackMaterial; _mgl_LightSourceParameters LightSource[8]; "
   "_mgl_LightModelParameters LightModel; _mgl_LightModelProducts FrontLightModelProduct; "
   "_mgl_LightModelProducts BackLightModelProduct; _mgl_LightProducts FrontLightProduct[8]; "
   "_mgl_LightProducts BackLightProduct[8]; _mgl_FogParameters Fog; "
   "vec4 PolygonStipple[16]; float PolygonStippleOn; float AlphaFunc; float AlphaRef; "
   "float ClampVertex; float ClampFragment; };\n"
   "uniform _mgl_CompatState _mgl_Compat;\n";

/* The std140 offsets the GLSL text above gives (checked against the C mirror). */
_Static_assert(offsetof(struct glsl_compat_state, texture_matrix) == 768, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, normal_matrix) == 2816, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, normal_scale) == 2864, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, clip_plane) == 2880, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, point) == 4160, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, front_material) == 4192, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, light_source) == 4352, "std140 layout");
_Static_assert(sizeof(struct glsl_compat_light) == 128, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, light_model_ambient) == 5376, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, front_light_product) == 5424, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, fog) == 6192, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, polygon_stipple) == 6224, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, alpha_func) == 6484, "std140 layout");
_Static_assert(offsetof(struct glsl_compat_state, clamp_fragment) == 6496, "std140 layout");
_Static_assert(sizeof(struct glsl_compat_state) == 6512, "std140 layout");

/* State members: gl_<name> is _mgl_Compat.<name>. */
static const char *const state_names[] = {
   "ModelViewMatrix",
   "ProjectionMatrix",
   "ModelViewProjectionMatrix",
   "ModelViewMatrixInverse",
   "ProjectionMatrixInverse",
   "ModelViewProjectionMatrixInverse",
   "ModelViewMatrixTranspose",
   "ProjectionMatrixTranspose",
   "ModelViewProjectionMatrixTranspose",
   "ModelViewMatrixInverseTranspose",
   "ProjectionMatrixInverseTranspose",
   "ModelViewProjectionMatrixInverseTranspose",
   "TextureMatrix",
   "TextureMatrixInverse",
   "TextureMatrixTranspose",
   "TextureMatrixInverseTranspose",
   "NormalMatrix",
   "NormalScale",
   "ClipPlane",
   "TextureEnvColor",
   "EyePlaneS",
   "EyePlaneT",
   "EyePlaneR",
   "EyePlaneQ",
   "ObjectPlaneS",
   "ObjectPlaneT",
   "ObjectPlaneR",
   "ObjectPlaneQ",
   "Point",
   "FrontMaterial",
   "BackMaterial",
   "LightSource",
   "LightModel",
   "FrontLightModelProduct",
   "BackLightModelProduct",
   "FrontLightProduct",
   "BackLightProduct",
   "Fog",
};

static const char *const type_names[] = {
   "PointParameters",    "MaterialParameters", "LightSourceParameters", "LightModelParameters",
   "LightModelProducts", "LightProducts",      "FogParameters",
};

/* Conventional vertex attributes, their GLSL types and generic slots (the front end's
 * fe_ff_attrib: the layout NVIDIA documents; GL requires only gl_Vertex at 0). */
static const struct {
   const char *name;
   const char *type;
   int slot;
} attribs[] = {
   {"gl_Vertex", "vec4", 0},          {"gl_Normal", "vec3", 2},
   {"gl_Color", "vec4", 3},           {"gl_SecondaryColor", "vec4", 4},
   {"gl_FogCoord", "float", 5},       {"gl_MultiTexCoord0", "vec4", 8},
   {"gl_MultiTexCoord1", "vec4", 9},  {"gl_MultiTexCoord2", "vec4", 10},
   {"gl_MultiTexCoord3", "vec4", 11}, {"gl_MultiTexCoord4", "vec4", 12},
   {"gl_MultiTexCoord5", "vec4", 13}, {"gl_MultiTexCoord6", "vec4", 14},
   {"gl_MultiTexCoord7", "vec4", 15},
};

/* Built-in varyings as the vertex stage writes them. */
static const struct {
   const char *name;
   const char *decl; /* type and array suffix around the mangled name */
   const char *suffix;
} varyings[] = {
   {"gl_FrontColor", "vec4", ""},          {"gl_BackColor", "vec4", ""},
   {"gl_FrontSecondaryColor", "vec4", ""}, {"gl_BackSecondaryColor", "vec4", ""},
   {"gl_TexCoord", "vec4", "[8]"},         {"gl_FogFragCoord", "float", ""},
};
enum {
   VARYING_FRONT_COLOR,
   VARYING_BACK_COLOR,
   VARYING_FRONT_SECONDARY,
   VARYING_BACK_SECONDARY,
   VARYING_TEX_COORD,
   VARYING_FOG_FRAG_COORD,
   VARYING_COUNT
};

#define NEED_STATE (1ull << 0)
#define NEED_FTRANSFORM (1ull << 1)
#define NEED_CLIP_VERTEX (1ull << 2)
#define NEED_COLOR (1ull << 3)           /* fragment gl_Color: _mgl_Color() */
#define NEED_SECONDARY_COLOR (1ull << 4) /* fragment gl_SecondaryColor: _mgl_SecondaryColor() */
#define NEED_TEX_COORD_BLOCK (1ull << 5) /* vertex gl_TexCoord[] in a block (glsl_compat_feed_gs) */
#define NEED_CLIP_VERTEX_OUT (1ull << 6) /* vertex gl_ClipVertex an output (the same) */
#define PROVIDED_TO_GS (1ull << 7)       /* a vertex unit's provided: a geometry shader follows */
#define NEED_ATTRIB(i) (1ull << (8 + (i)))
#define NEED_VARYING(i) (1ull << (24 + (i)))
/* a geometry shader's gl_in[].<varying> (VARYING_COUNT: gl_in[].gl_ClipVertex) */
#define NEED_GS_IN(i) (1ull << (32 + (i)))
/* a tessellation control shader's gl_out[].<varying> (VARYING_COUNT: gl_ClipVertex) */
#define NEED_TCS_OUT(i) (1ull << (48 + (i)))

static bool
is(const char *s, size_t len, const char *name)
{
   return strlen(name) == len && !memcmp(s, name, len);
}

int
glsl_compat_attrib_slot(const char *name)
{
   for (size_t i = 0; i < sizeof(attribs) / sizeof(attribs[0]); i++)
      if (!strcmp(name, attribs[i].name))
         return attribs[i].slot;
   return -1;
}

const char *
glsl_compat_attrib_name(unsigned i)
{
   return i < sizeof(attribs) / sizeof(attribs[0]) ? attribs[i].name : NULL;
}

bool
glsl_compat_is_varying(const char *name)
{
   for (size_t i = 0; i < VARYING_COUNT; i++)
      if (!strcmp(name, varyings[i].name))
         return true;
   return !strcmp(name, "gl_ClipVertex");
}

bool
glsl_compat_lower_gs_input(const char *s, size_t len, struct glsl_compat_edit *out)
{
   memset(out, 0, sizeof(*out));
   for (size_t i = 0; i <= VARYING_COUNT; i++) {
      const char *name = i < VARYING_COUNT ? varyings[i].name : "gl_ClipVertex";
      if (!is(s, len, name))
         continue;
      /* gl_in[e].gl_TexCoord[k] is _mgl_TexCoordIn[e]._mgl_v[k] (a block: see the prologue),
       * the others _mgl_in_<name>[e] */
      out->prefix = i == VARYING_TEX_COORD ? NULL : GLSL_MANGLE_IN;
      out->with = i == VARYING_TEX_COORD ? "_mgl_TexCoordIn" : name;
      out->member = i == VARYING_TEX_COORD ? "_mgl_v" : NULL;
      out->need = NEED_GS_IN(i);
      out->varying = true;
      return true;
   }
   return false;
}

bool
glsl_compat_lower_tcs_output(const char *s, size_t len, struct glsl_compat_edit *out)
{
   memset(out, 0, sizeof(*out));
   for (size_t i = 0; i <= VARYING_COUNT; i++) {
      const char *name = i < VARYING_COUNT ? varyings[i].name : "gl_ClipVertex";
      if (i == VARYING_TEX_COORD || !is(s, len, name))
         continue;
      out->prefix = GLSL_MANGLE;
      out->with = name;
      out->need = NEED_TCS_OUT(i);
      out->varying = true;
      return true;
   }
   return false;
}

uint64_t
glsl_compat_gs_follows(void)
{
   return PROVIDED_TO_GS;
}

void
glsl_compat_feed_gs(uint64_t provided, struct glsl_compat_edit *e)
{
   if (provided != PROVIDED_TO_GS)
      return;
   if (e->need & NEED_VARYING(VARYING_TEX_COORD)) {
      e->prefix = NULL;
      e->with = "_mgl_TexCoordOut._mgl_v";
      e->need |= NEED_TEX_COORD_BLOCK;
   }
   if (e->need & NEED_CLIP_VERTEX)
      e->need |= NEED_CLIP_VERTEX_OUT;
}

bool
glsl_compat_lower_token(enum glsl_stage stage, const char *s, size_t len,
                        struct glsl_compat_edit *out)
{
   memset(out, 0, sizeof(*out));
   if (len < 4 || memcmp(s, "gl_", 3))
      return is(s, len, "ftransform") && stage == GLSL_STAGE_VERTEX &&
             (*out =
                 (struct glsl_compat_edit){.with = "_mgl_ftransform",
                                           .need = NEED_FTRANSFORM | NEED_STATE | NEED_ATTRIB(0)},
              true);
   const char *n = s + 3;
   size_t nl = len - 3;
   for (size_t i = 0; i < sizeof(state_names) / sizeof(state_names[0]); i++) {
      if (is(n, nl, state_names[i])) {
         out->prefix = "_mgl_Compat.";
         out->with = state_names[i];
         out->need = NEED_STATE;
         return true;
      }
   }
   for (size_t i = 0; i < sizeof(type_names) / sizeof(type_names[0]); i++) {
      if (is(n, nl, type_names[i])) {
         out->prefix = "_mgl_";
         out->with = type_names[i];
         out->need = NEED_STATE;
         return true;
      }
   }
   if (stage == GLSL_STAGE_VERTEX || stage == GLSL_STAGE_GEOMETRY ||
       stage == GLSL_STAGE_TESS_EVAL) {
      /* a geometry or tessellation evaluation shader writes the built-in varyings as the
       * vertex stage does (GLSL 1.50 compatibility §7.1, ARB_tessellation_shader's
       * compatibility interaction), and has no conventional attributes */
      for (size_t i = 0; i < sizeof(attribs) / sizeof(attribs[0]) && stage == GLSL_STAGE_VERTEX;
           i++) {
         if (is(s, len, attribs[i].name)) {
            out->prefix = GLSL_MANGLE;
            out->with = attribs[i].name;
            out->need = NEED_ATTRIB(i);
            return true;
         }
      }
      for (size_t i = 0; i < VARYING_COUNT; i++) {
         if (is(s, len, varyings[i].name)) {
            out->prefix = GLSL_MANGLE;
            out->with = varyings[i].name;
            out->need = NEED_VARYING(i);
            out->varying = true;
            return true;
         }
      }
      if (is(s, len, "gl_ClipVertex")) {
         /* a plain global, which the last vertex stage's appended main() (a geometry shader:
          * its EmitVertex() wrapper) clips by (glsl_compat_clip_epilogue) */
         out->prefix = GLSL_MANGLE;
         out->with = "gl_ClipVertex";
         out->need = NEED_CLIP_VERTEX;
         out->varying = true;
         return true;
      }
      return false;
   }
   if (stage != GLSL_STAGE_FRAGMENT)
      return false;
   if (is(s, len, "gl_Color")) {
      out->with = "_mgl_Color()";
      out->need = NEED_COLOR | NEED_STATE | NEED_VARYING(VARYING_FRONT_COLOR) |
                  NEED_VARYING(VARYING_BACK_COLOR);
      out->varying = true;
      return true;
   }
   if (is(s, len, "gl_SecondaryColor")) {
      out->with = "_mgl_SecondaryColor()";
      out->need = NEED_SECONDARY_COLOR | NEED_STATE | NEED_VARYING(VARYING_FRONT_SECONDARY) |
                  NEED_VARYING(VARYING_BACK_SECONDARY);
      out->varying = true;
      return true;
   }
   if (is(s, len, "gl_TexCoord") || is(s, len, "gl_FogFragCoord")) {
      unsigned i = s[3] == 'T' ? VARYING_TEX_COORD : VARYING_FOG_FRAG_COORD;
      out->prefix = GLSL_MANGLE;
      out->with = varyings[i].name;
      out->need = NEED_VARYING(i);
      out->varying = true;
      return true;
   }
   return false;
}

void
glsl_compat_prologue(enum glsl_stage stage, uint64_t need, uint64_t provided, struct glsl_str *head)
{
   if (need & NEED_STATE)
      glsl_str_append(head, compat_types);
   for (size_t i = 0; i < sizeof(attribs) / sizeof(attribs[0]); i++)
      if (need & NEED_ATTRIB(i))
         glsl_str_printf(head, "in %s " GLSL_MANGLE "%s;\n", attribs[i].type, attribs[i].name);
   /* A fragment input the vertex stage does not write is a plain global: its value is
    * undefined (GL 2.1 §2.15.3), and Vulkan wants every input produced. */
   /* gl_TexCoord[] of a vertex stage a geometry shader reads: the block it declares per vertex
    * (glsl_link_varyings matches them by the block name, demangled) */
   if (need & NEED_TEX_COORD_BLOCK)
      glsl_str_append(head,
                      "out " GLSL_MANGLE "gl_TexCoord { vec4 _mgl_v[8]; } _mgl_TexCoordOut;\n");
   for (size_t i = 0; i < VARYING_COUNT; i++) {
      if (!(need & NEED_VARYING(i)) || (i == VARYING_TEX_COORD && (need & NEED_TEX_COORD_BLOCK)))
         continue;
      const char *dir =
         stage == GLSL_STAGE_VERTEX || stage == GLSL_STAGE_GEOMETRY || stage == GLSL_STAGE_TESS_EVAL
            ? "out "
         : provided & NEED_VARYING(i) ? "in "
                                      : "";
      glsl_str_printf(head, "%s%s " GLSL_MANGLE "%s%s;\n", dir, varyings[i].decl, varyings[i].name,
                      varyings[i].suffix);
   }
   /* a geometry shader's inputs, per vertex (sized by its input layout; one the vertex stage
    * does not write reads undefined values, glsl_link_varyings) */
   for (size_t i = 0; i <= VARYING_COUNT; i++) {
      if (!(need & NEED_GS_IN(i)))
         continue;
      if (i == VARYING_TEX_COORD)
         glsl_str_append(head, "in " GLSL_MANGLE_IN "gl_TexCoord { vec4 _mgl_v[8]; } "
                               "_mgl_TexCoordIn[];\n");
      else
         glsl_str_printf(head, "in %s " GLSL_MANGLE_IN "%s[];\n",
                         i < VARYING_COUNT ? varyings[i].decl : "vec4",
                         i < VARYING_COUNT ? varyings[i].name : "gl_ClipVertex");
   }
   /* a tessellation control shader's per-vertex outputs (the evaluation shader reads them as
    * it reads a vertex stage's, through gl_in[]) */
   for (size_t i = 0; i <= VARYING_COUNT; i++)
      if (need & NEED_TCS_OUT(i))
         glsl_str_printf(head, "out %s " GLSL_MANGLE "%s[];\n",
                         i < VARYING_COUNT ? varyings[i].decl : "vec4",
                         i < VARYING_COUNT ? varyings[i].name : "gl_ClipVertex");
   if (need & NEED_CLIP_VERTEX)
      glsl_str_printf(head, "%svec4 " GLSL_MANGLE "gl_ClipVertex;\n",
                      need & NEED_CLIP_VERTEX_OUT ? "out " : "");
   if (need & NEED_FTRANSFORM)
      glsl_str_append(head,
                      "vec4 _mgl_ftransform() { return "
                      "_mgl_Compat.ModelViewProjectionMatrix * " GLSL_MANGLE "gl_Vertex; }\n");
   if (need & NEED_COLOR)
      glsl_str_append(head, "vec4 _mgl_Color() { return _mgl_Compat.VertexProgramTwoSide != 0.0 "
                            "&& !gl_FrontFacing ? " GLSL_MANGLE "gl_BackColor : " GLSL_MANGLE
                            "gl_FrontColor; }\n");
   if (need & NEED_SECONDARY_COLOR)
      glsl_str_append(head,
                      "vec4 _mgl_SecondaryColor() { return "
                      "_mgl_Compat.VertexProgramTwoSide != 0.0 && !gl_FrontFacing ? " GLSL_MANGLE
                      "gl_BackSecondaryColor : " GLSL_MANGLE "gl_FrontSecondaryColor; }\n");
}

uint64_t
glsl_compat_state_need(void)
{
   return NEED_STATE;
}

bool
glsl_compat_writes_clip_vertex(uint64_t need)
{
   return (need & NEED_CLIP_VERTEX) != 0;
}

void
glsl_compat_clip_epilogue(uint64_t need, struct glsl_str *out)
{
   /* GL 3.3 compatibility §2.20: a vertex (or geometry) shader's gl_ClipVertex takes the place of the eye
    * coordinates the planes (gl_ClipPlane[], eye space) are compared with; GLSL 1.30 §7.1:
    * "If a linked set of shaders forming the vertex stage contains no static write to
    * gl_ClipVertex or gl_ClipDistance, but the application has requested clipping against user
    * clip planes through the API, then the coordinate written to gl_Position is used". Each
    * GL_CLIP_PLANEi is GL_CLIP_DISTANCEi, whose enable the renderer applies to distance i. */
   const char *v = (need & NEED_CLIP_VERTEX) ? GLSL_MANGLE "gl_ClipVertex" : "gl_Position";
   for (int i = 0; i < GLSL_COMPAT_CLIP_PLANES; i++)
      glsl_str_printf(out, " gl_ClipDistance[%d] = dot(%s, _mgl_Compat.ClipPlane[%d]);", i, v, i);
}

void
glsl_compat_alpha_epilogue(struct glsl_str *out, const char *color0)
{
   /* GL 3.3 compatibility §4.1.4: with GL_ALPHA_TEST on, a fragment whose colour 0's alpha
    * fails glAlphaFunc's comparison is discarded, after the fragment shader as after
    * fixed-function texturing (the functions in GL_NEVER's order) */
   glsl_str_printf(out,
                   " if (_mgl_Compat.AlphaFunc != 0.0) {"
                   " int af = int(_mgl_Compat.AlphaFunc); float aa = %s.a;"
                   " float ar = _mgl_Compat.AlphaRef;"
                   " bool ap = af == 2 ? aa < ar : af == 3 ? aa == ar : af == 4 ? aa <= ar :"
                   " af == 5 ? aa > ar : af == 6 ? aa != ar : af == 7 ? aa >= ar : af == 8;"
                   " if (!ap) discard; }",
                   color0);
}

bool
glsl_compat_writes_colors(uint64_t need)
{
   return (need & (NEED_VARYING(VARYING_FRONT_COLOR) | NEED_VARYING(VARYING_BACK_COLOR) |
                   NEED_VARYING(VARYING_FRONT_SECONDARY) | NEED_VARYING(VARYING_BACK_SECONDARY))) !=
          0;
}

void
glsl_compat_vertex_clamp_epilogue(uint64_t need, struct glsl_str *out)
{
   /* GL 3.3 compatibility §2.19.6: with GL_CLAMP_VERTEX_COLOR in effect, the colours the last
    * vertex stage writes are clamped to [0, 1] (a geometry shader's as it emits each vertex) */
   if (!glsl_compat_writes_colors(need))
      return;
   glsl_str_append(out, " if (_mgl_Compat.ClampVertex != 0.0) {");
   for (unsigned i = VARYING_FRONT_COLOR; i <= VARYING_BACK_SECONDARY; i++)
      if (need & NEED_VARYING(i))
         glsl_str_printf(out, " " GLSL_MANGLE "%s = clamp(" GLSL_MANGLE "%s, 0.0, 1.0);",
                         varyings[i].name, varyings[i].name);
   glsl_str_append(out, " }");
}

void
glsl_compat_fragment_clamp_epilogue(struct glsl_str *out, unsigned frag_outputs)
{
   /* GL 3.3 compatibility §3.9.8: with GL_CLAMP_FRAGMENT_COLOR in effect, the colours a
    * fragment shader writes are clamped to [0, 1] (before the alpha test reads colour 0) */
   glsl_str_append(out, " if (_mgl_Compat.ClampFragment != 0.0) {");
   if (frag_outputs & 1)
      glsl_str_append(out, " " GLSL_MANGLE "gl_FragColor = clamp(" GLSL_MANGLE
                           "gl_FragColor, 0.0, 1.0);");
   if (frag_outputs & 2)
      glsl_str_append(out, " for (int i = 0; i < gl_MaxDrawBuffers; i++) " GLSL_MANGLE
                           "gl_FragData[i] = clamp(" GLSL_MANGLE "gl_FragData[i], 0.0, 1.0);");
   glsl_str_append(out, " }");
}

void
glsl_compat_stipple_prologue(struct glsl_str *out)
{
   /* GL 2.1 §3.5.2: with GL_POLYGON_STIPPLE on, a fragment of a filled polygon at window
    * (x, y) is discarded when bit (x mod 32) of pattern row (y mod 32) is 0. Fragment shaders
    * are no exception (the stipple test comes before them in GL's pipeline). */
   glsl_str_append(out, " if (_mgl_Compat.PolygonStippleOn != 0.0) {"
                        " ivec2 sp = ivec2(gl_FragCoord.xy) & 31;"
                        " int sw = sp.y * 2 + (sp.x >> 4);"
                        " if (((int(_mgl_Compat.PolygonStipple[sw >> 2][sw & 3]) >> (sp.x & 15)) &"
                        " 1) == 0) discard; }");
}
