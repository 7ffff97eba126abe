/* glsl_lower.c — GL GLSL that glslang's Vulkan target does not take as GL does, rewritten in the
 * source before glslang parses it (see glsl.h, "Versions and lowering"). Two steps around glslang's
 * GL-mode preprocessor (glsl.c runs it):
 *
 *  1. glsl_splice_lines, before preprocessing: GLSL 1.30+ lets `\` + newline continue a line
 *     (glslang takes it only from 4.20 on). The newlines taken out are put back after the end of
 *     the logical line, so every later line keeps its number.
 *  2. glsl_lower_preprocessed, on the preprocessor's output (first the subroutines, which
 *     glsl_subroutine.c lowers into hidden uniforms and dispatchers, then on that text) (no comments, no macros, no #if left,
 *     the app's line numbers kept by the preprocessor's own #line directives), a token-level
 *     rewrite:
 *      - #version 110/120/130 becomes #version 140 (the oldest glslang's Vulkan target takes); in
 *        1.10/1.20 `attribute` / `varying` become `in` / `out` (1.40 deprecates them); GLSL ES
 *        1.00, 3.00 and 3.10 are lowered as desktop 1.20, 3.30 and 4.30 (their desktop
 *        counterparts);
 *      - names that are keywords only in Vulkan GLSL (texture2D, sampler, subpassInput, ...) and
 *        the names of the built-ins we provide are renamed GLSL_MANGLE + name (reflection strips
 *        the prefix again, so an app's variable called `sampler` keeps its name);
 *      - built-ins glslang's Vulkan target lacks get prototypes in a prologue, their bodies come
 *        from the stage's support unit (glsl_support_unit): texture1D/2D/3D/Cube*, shadow*D*
 *        (GLSL 1.10-4.10 have them), texture2DRect* / shadow2DRect* (GLSL 1.40+, as in Mesa),
 *        inverse() in GLSL 1.40 (glslang only declares it from 1.50 on), and where a desktop
 *        unit enables their extension *GradARB (GL_ARB_shader_texture_lod) and min3 / max3 /
 *        mid3 (GL_AMD_shader_trinary_minmax);
 *      - a unit that redeclares gl_PerVertex (1.50+) gets ARB_separate_shader_objects, which
 *        glslang wants for that before 4.10;
 *      - gl_DepthRange(Parameters) becomes a hidden member of the default uniform block;
 *      - gl_FragColor / gl_FragData become outputs we declare under their mangled names: glslang's
 *        linker makes one variable of them per compilation unit when several units write them;
 *      - a gl_FragCoord redeclaration with layout(origin_upper_left / pixel_center_integer) is
 *        taken out and gl_FragCoord reads become _mgl_FragCoord(), which applies the layout (Vulkan
 *        forbids PixelCenterInteger, and its FragCoord origin is GL's lower-left one here).
 *     The prologue goes right after the #version line and is followed by a #line directive that
 *     gives the app's next line its own number again. */
#include "array.h"
#include "glsl_internal.h"

#include "decline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ── line continuation ─────────────────────────────────────────────────────────────────────── */

char *
glsl_splice_lines(const char *src)
{
   size_t n = strlen(src);
   char *out = malloc(n + 1); /* each splice drops two or three bytes and adds back one */
   if (!out)
      return NULL;
   size_t o = 0;
   unsigned pending = 0;
   for (size_t i = 0; i < n;) {
      if (src[i] == '\\' && src[i + 1] == '\n') {
         pending++;
         i += 2;
      } else if (src[i] == '\\' && src[i + 1] == '\r' && src[i + 2] == '\n') {
         pending++;
         i += 3;
      } else if (src[i] == '\n') {
         out[o++] = src[i++];
         for (; pending; pending--)
            out[o++] = '\n';
      } else {
         out[o++] = src[i++];
      }
   }
   for (; pending; pending--)
      out[o++] = '\n';
   out[o] = '\0';
   return out;
}

/* ── names ─────────────────────────────────────────────────────────────────────────────────── */

/* Keywords of Vulkan GLSL (KHR_vulkan_glsl) that are plain identifiers in GL GLSL. */
static const char *const vulkan_keywords[] = {
   "sampler",           "samplerShadow",    "texture1D",         "texture2D",
   "texture3D",         "textureCube",      "texture2DRect",     "texture1DArray",
   "texture2DArray",    "textureCubeArray", "textureBuffer",     "texture2DMS",
   "texture2DMSArray",  "itexture1D",       "itexture2D",        "itexture3D",
   "itextureCube",      "itexture2DRect",   "itexture1DArray",   "itexture2DArray",
   "itextureCubeArray", "itextureBuffer",   "itexture2DMS",      "itexture2DMSArray",
   "utexture1D",        "utexture2D",       "utexture3D",        "utextureCube",
   "utexture2DRect",    "utexture1DArray",  "utexture2DArray",   "utextureCubeArray",
   "utextureBuffer",    "utexture2DMS",     "utexture2DMSArray", "subpassInput",
   "subpassInputMS",    "isubpassInput",    "isubpassInputMS",   "usubpassInput",
   "usubpassInputMS",
};

/* The members of gl_PerVertex (glsl_unit.pervertex_*_uses bits). */
static const char *const pervertex_members[4] = {"gl_Position", "gl_PointSize", "gl_ClipDistance",
                                                 "gl_CullDistance"};

/* Built-in constants of GLSL 1.10-1.30 that 1.40 keeps only in the compatibility profile. */
static const char *const compat_constants[] = {
   "gl_MaxLights",
   "gl_MaxClipPlanes",
   "gl_MaxTextureUnits",
   "gl_MaxTextureCoords",
};

/* Built-ins we provide; GLSL_HELPER_* bits index this table. */
static const char *const helper_names[] = {
   "texture1D",
   "texture1DProj",
   "texture1DLod",
   "texture1DProjLod",
   "texture2D",
   "texture2DProj",
   "texture2DLod",
   "texture2DProjLod",
   "texture3D",
   "texture3DProj",
   "texture3DLod",
   "texture3DProjLod",
   "textureCube",
   "textureCubeLod",
   "shadow1D",
   "shadow2D",
   "shadow1DProj",
   "shadow2DProj",
   "shadow1DLod",
   "shadow2DLod",
   "shadow1DProjLod",
   "shadow2DProjLod",
   "texture2DRect",
   "texture2DRectProj",
   "shadow2DRect",
   "shadow2DRectProj",
   "inverse",
   "noise1",
   "noise2",
   "noise3",
   "noise4",
   "texture1DArray",
   "texture1DArrayLod",
   "texture2DArray",
   "texture2DArrayLod",
   "shadow1DArray",
   "shadow1DArrayLod",
   "shadow2DArray",
   "texture1DGradARB",
   "texture1DProjGradARB",
   "texture2DGradARB",
   "texture2DProjGradARB",
   "texture3DGradARB",
   "texture3DProjGradARB",
   "textureCubeGradARB",
   "shadow1DGradARB",
   "shadow1DProjGradARB",
   "shadow2DGradARB",
   "shadow2DProjGradARB",
   "texture2DRectGradARB",
   "texture2DRectProjGradARB",
   "shadow2DRectGradARB",
   "shadow2DRectProjGradARB",
   "min3",
   "max3",
   "mid3",
};
_Static_assert(sizeof(helper_names) / sizeof(helper_names[0]) == GLSL_HELPER_COUNT &&
                  GLSL_HELPER_INVERSE == GLSL_HELPER_NOISE1 - 1 &&
                  GLSL_HELPER_NOISE1 + 4 == GLSL_HELPER_ARRAY &&
                  GLSL_HELPER_ARRAY + 7 == GLSL_HELPER_GRAD &&
                  GLSL_HELPER_GRAD + 15 == GLSL_HELPER_TRINARY &&
                  GLSL_HELPER_TRINARY + 3 == GLSL_HELPER_COUNT && GLSL_HELPER_COUNT <= 64,
               "helper_names and GLSL_HELPER_* disagree");

enum { FRAG_ONLY = 1 };

/* Every overload: which name, a fragment-only flag (implicit-derivative bias forms), the
 * signature after the return type (parameters s, p, x) and the body. `D` in a body is the
 * depth-comparison result's GL vector: core profiles treat depth as RED, (d, 0, 0, 1). */
struct helper_fn {
   uint8_t helper, flags;
   const char *ret, *params, *body;
};
#define D(e) "return vec4(" e ", 0.0, 0.0, 1.0);"
/* The overloads a GLSL 1.10/1.20 shadow*() of a uniform sampler becomes (shadow_depth_modes):
 * m * r + a, the texture's GL_DEPTH_TEXTURE_MODE and swizzle from its hidden _mgl_DM_ pair. */
#define M "vec4 m, vec4 a, "
#define DM(e) "return m * " e " + a;"
static const struct helper_fn helper_fns[] = {
   {0, 0, "vec4", "sampler1D s, float p", "return texture(s, p);"},
   {0, FRAG_ONLY, "vec4", "sampler1D s, float p, float x", "return texture(s, p, x);"},
   {1, 0, "vec4", "sampler1D s, vec2 p", "return textureProj(s, p);"},
   {1, 0, "vec4", "sampler1D s, vec4 p", "return textureProj(s, p);"},
   {1, FRAG_ONLY, "vec4", "sampler1D s, vec2 p, float x", "return textureProj(s, p, x);"},
   {1, FRAG_ONLY, "vec4", "sampler1D s, vec4 p, float x", "return textureProj(s, p, x);"},
   {2, 0, "vec4", "sampler1D s, float p, float x", "return textureLod(s, p, x);"},
   {3, 0, "vec4", "sampler1D s, vec2 p, float x", "return textureProjLod(s, p, x);"},
   {3, 0, "vec4", "sampler1D s, vec4 p, float x", "return textureProjLod(s, p, x);"},
   {4, 0, "vec4", "sampler2D s, vec2 p", "return texture(s, p);"},
   {4, FRAG_ONLY, "vec4", "sampler2D s, vec2 p, float x", "return texture(s, p, x);"},
   {5, 0, "vec4", "sampler2D s, vec3 p", "return textureProj(s, p);"},
   {5, 0, "vec4", "sampler2D s, vec4 p", "return textureProj(s, p);"},
   {5, FRAG_ONLY, "vec4", "sampler2D s, vec3 p, float x", "return textureProj(s, p, x);"},
   {5, FRAG_ONLY, "vec4", "sampler2D s, vec4 p, float x", "return textureProj(s, p, x);"},
   {6, 0, "vec4", "sampler2D s, vec2 p, float x", "return textureLod(s, p, x);"},
   {7, 0, "vec4", "sampler2D s, vec3 p, float x", "return textureProjLod(s, p, x);"},
   {7, 0, "vec4", "sampler2D s, vec4 p, float x", "return textureProjLod(s, p, x);"},
   {8, 0, "vec4", "sampler3D s, vec3 p", "return texture(s, p);"},
   {8, FRAG_ONLY, "vec4", "sampler3D s, vec3 p, float x", "return texture(s, p, x);"},
   {9, 0, "vec4", "sampler3D s, vec4 p", "return textureProj(s, p);"},
   {9, FRAG_ONLY, "vec4", "sampler3D s, vec4 p, float x", "return textureProj(s, p, x);"},
   {10, 0, "vec4", "sampler3D s, vec3 p, float x", "return textureLod(s, p, x);"},
   {11, 0, "vec4", "sampler3D s, vec4 p, float x", "return textureProjLod(s, p, x);"},
   {12, 0, "vec4", "samplerCube s, vec3 p", "return texture(s, p);"},
   {12, FRAG_ONLY, "vec4", "samplerCube s, vec3 p, float x", "return texture(s, p, x);"},
   {13, 0, "vec4", "samplerCube s, vec3 p, float x", "return textureLod(s, p, x);"},
   {14, 0, "vec4", "sampler1DShadow s, vec3 p", D("texture(s, p)")},
   {14, FRAG_ONLY, "vec4", "sampler1DShadow s, vec3 p, float x", D("texture(s, p, x)")},
   {15, 0, "vec4", "sampler2DShadow s, vec3 p", D("texture(s, p)")},
   {15, FRAG_ONLY, "vec4", "sampler2DShadow s, vec3 p, float x", D("texture(s, p, x)")},
   {16, 0, "vec4", "sampler1DShadow s, vec4 p", D("textureProj(s, p)")},
   {16, FRAG_ONLY, "vec4", "sampler1DShadow s, vec4 p, float x", D("textureProj(s, p, x)")},
   {17, 0, "vec4", "sampler2DShadow s, vec4 p", D("textureProj(s, p)")},
   {17, FRAG_ONLY, "vec4", "sampler2DShadow s, vec4 p, float x", D("textureProj(s, p, x)")},
   {18, 0, "vec4", "sampler1DShadow s, vec3 p, float x", D("textureLod(s, p, x)")},
   {19, 0, "vec4", "sampler2DShadow s, vec3 p, float x", D("textureLod(s, p, x)")},
   {20, 0, "vec4", "sampler1DShadow s, vec4 p, float x", D("textureProjLod(s, p, x)")},
   {21, 0, "vec4", "sampler2DShadow s, vec4 p, float x", D("textureProjLod(s, p, x)")},
   /* ARB_texture_rectangle's, built-ins from GLSL 1.40 on */
   {22, 0, "vec4", "sampler2DRect s, vec2 p", "return texture(s, p);"},
   {23, 0, "vec4", "sampler2DRect s, vec3 p", "return textureProj(s, p);"},
   {23, 0, "vec4", "sampler2DRect s, vec4 p", "return textureProj(s, p);"},
   {24, 0, "vec4", "sampler2DRectShadow s, vec3 p", D("texture(s, p)")},
   {25, 0, "vec4", "sampler2DRectShadow s, vec4 p", D("textureProj(s, p)")},
   /* GL_EXT_texture_array's (GLSL 1.10 / 1.20 with the extension enabled) */
   {31, 0, "vec4", "sampler1DArray s, vec2 p", "return texture(s, p);"},
   {31, FRAG_ONLY, "vec4", "sampler1DArray s, vec2 p, float x", "return texture(s, p, x);"},
   {32, 0, "vec4", "sampler1DArray s, vec2 p, float x", "return textureLod(s, p, x);"},
   {33, 0, "vec4", "sampler2DArray s, vec3 p", "return texture(s, p);"},
   {33, FRAG_ONLY, "vec4", "sampler2DArray s, vec3 p, float x", "return texture(s, p, x);"},
   {34, 0, "vec4", "sampler2DArray s, vec3 p, float x", "return textureLod(s, p, x);"},
   {35, 0, "vec4", "sampler1DArrayShadow s, vec3 p", D("texture(s, p)")},
   {35, FRAG_ONLY, "vec4", "sampler1DArrayShadow s, vec3 p, float x", D("texture(s, p, x)")},
   {36, 0, "vec4", "sampler1DArrayShadow s, vec3 p, float x", D("textureLod(s, p, x)")},
   {37, 0, "vec4", "sampler2DArrayShadow s, vec4 p", D("texture(s, p)")},
   {14, 0, "vec4", M "sampler1DShadow s, vec3 p", DM("texture(s, p)")},
   {14, FRAG_ONLY, "vec4", M "sampler1DShadow s, vec3 p, float x", DM("texture(s, p, x)")},
   {15, 0, "vec4", M "sampler2DShadow s, vec3 p", DM("texture(s, p)")},
   {15, FRAG_ONLY, "vec4", M "sampler2DShadow s, vec3 p, float x", DM("texture(s, p, x)")},
   {16, 0, "vec4", M "sampler1DShadow s, vec4 p", DM("textureProj(s, p)")},
   {16, FRAG_ONLY, "vec4", M "sampler1DShadow s, vec4 p, float x", DM("textureProj(s, p, x)")},
   {17, 0, "vec4", M "sampler2DShadow s, vec4 p", DM("textureProj(s, p)")},
   {17, FRAG_ONLY, "vec4", M "sampler2DShadow s, vec4 p, float x", DM("textureProj(s, p, x)")},
   {18, 0, "vec4", M "sampler1DShadow s, vec3 p, float x", DM("textureLod(s, p, x)")},
   {19, 0, "vec4", M "sampler2DShadow s, vec3 p, float x", DM("textureLod(s, p, x)")},
   {20, 0, "vec4", M "sampler1DShadow s, vec4 p, float x", DM("textureProjLod(s, p, x)")},
   {21, 0, "vec4", M "sampler2DShadow s, vec4 p, float x", DM("textureProjLod(s, p, x)")},
   {24, 0, "vec4", M "sampler2DRectShadow s, vec3 p", DM("texture(s, p)")},
   {25, 0, "vec4", M "sampler2DRectShadow s, vec4 p", DM("textureProj(s, p)")},
   {35, 0, "vec4", M "sampler1DArrayShadow s, vec3 p", DM("texture(s, p)")},
   {35, FRAG_ONLY, "vec4", M "sampler1DArrayShadow s, vec3 p, float x", DM("texture(s, p, x)")},
   {36, 0, "vec4", M "sampler1DArrayShadow s, vec3 p, float x", DM("textureLod(s, p, x)")},
   {37, 0, "vec4", M "sampler2DArrayShadow s, vec4 p", DM("texture(s, p)")},
/* GL_ARB_shader_texture_lod's explicit-gradient lookups (every stage) */
#define G(n) (GLSL_HELPER_GRAD + n)
#define GRAD "return textureGrad(s, p, dx, dy);"
#define PGRAD "return textureProjGrad(s, p, dx, dy);"
#define F1 ", float dx, float dy"
#define F2 ", vec2 dx, vec2 dy"
#define F3 ", vec3 dx, vec3 dy"
   {G(0), 0, "vec4", "sampler1D s, float p" F1, GRAD},
   {G(1), 0, "vec4", "sampler1D s, vec2 p" F1, PGRAD},
   {G(1), 0, "vec4", "sampler1D s, vec4 p" F1, PGRAD},
   {G(2), 0, "vec4", "sampler2D s, vec2 p" F2, GRAD},
   {G(3), 0, "vec4", "sampler2D s, vec3 p" F2, PGRAD},
   {G(3), 0, "vec4", "sampler2D s, vec4 p" F2, PGRAD},
   {G(4), 0, "vec4", "sampler3D s, vec3 p" F3, GRAD},
   {G(5), 0, "vec4", "sampler3D s, vec4 p" F3, PGRAD},
   {G(6), 0, "vec4", "samplerCube s, vec3 p" F3, GRAD},
   {G(7), 0, "vec4", "sampler1DShadow s, vec3 p" F1, D("textureGrad(s, p, dx, dy)")},
   {G(8), 0, "vec4", "sampler1DShadow s, vec4 p" F1, D("textureProjGrad(s, p, dx, dy)")},
   {G(9), 0, "vec4", "sampler2DShadow s, vec3 p" F2, D("textureGrad(s, p, dx, dy)")},
   {G(10), 0, "vec4", "sampler2DShadow s, vec4 p" F2, D("textureProjGrad(s, p, dx, dy)")},
   {G(11), 0, "vec4", "sampler2DRect s, vec2 p" F2, GRAD},
   {G(12), 0, "vec4", "sampler2DRect s, vec3 p" F2, PGRAD},
   {G(12), 0, "vec4", "sampler2DRect s, vec4 p" F2, PGRAD},
   {G(13), 0, "vec4", "sampler2DRectShadow s, vec3 p" F2, D("textureGrad(s, p, dx, dy)")},
   {G(14), 0, "vec4", "sampler2DRectShadow s, vec4 p" F2, D("textureProjGrad(s, p, dx, dy)")},
   {G(7), 0, "vec4", M "sampler1DShadow s, vec3 p" F1, DM("textureGrad(s, p, dx, dy)")},
   {G(8), 0, "vec4", M "sampler1DShadow s, vec4 p" F1, DM("textureProjGrad(s, p, dx, dy)")},
   {G(9), 0, "vec4", M "sampler2DShadow s, vec3 p" F2, DM("textureGrad(s, p, dx, dy)")},
   {G(10), 0, "vec4", M "sampler2DShadow s, vec4 p" F2, DM("textureProjGrad(s, p, dx, dy)")},
   {G(13), 0, "vec4", M "sampler2DRectShadow s, vec3 p" F2, DM("textureGrad(s, p, dx, dy)")},
   {G(14), 0, "vec4", M "sampler2DRectShadow s, vec4 p" F2, DM("textureProjGrad(s, p, dx, dy)")},
#undef G
#undef GRAD
#undef PGRAD
#undef F1
#undef F2
#undef F3
/* GL_AMD_shader_trinary_minmax's min3, max3 and mid3 of float, int and uint scalars and vectors,
 * as nested min and max (the extension's own SPIR-V instructions are AMD devices') */
#define TRI1(n, t, body)                                                                           \
   {                                                                                               \
      GLSL_HELPER_TRINARY + n, 0, t, t " a, " t " b, " t " c", body                                \
   }
#define TRI(n, body)                                                                               \
   TRI1(n, "float", body), TRI1(n, "vec2", body), TRI1(n, "vec3", body), TRI1(n, "vec4", body),    \
      TRI1(n, "int", body), TRI1(n, "ivec2", body), TRI1(n, "ivec3", body),                        \
      TRI1(n, "ivec4", body), TRI1(n, "uint", body), TRI1(n, "uvec2", body),                       \
      TRI1(n, "uvec3", body), TRI1(n, "uvec4", body)
   TRI(0, "return min(min(a, b), c);"),
   TRI(1, "return max(max(a, b), c);"),
   TRI(2, "return max(min(a, b), min(max(a, b), c));"),
#undef TRI
#undef TRI1
   {GLSL_HELPER_INVERSE, 0, "mat2", "mat2 m",
    "return mat2(m[1][1], -m[0][1], -m[1][0], m[0][0]) / (m[0][0] * m[1][1] - m[1][0] * m[0][1]);"},
   /* rows of the inverse: the cross products of the other two columns over the determinant */
   {GLSL_HELPER_INVERSE, 0, "mat3", "mat3 m",
    "vec3 r0 = cross(m[1], m[2]), r1 = cross(m[2], m[0]), r2 = cross(m[0], m[1]);"
    " return transpose(mat3(r0, r1, r2)) / dot(m[0], r0);"},
   /* columns a b c d (xyz) over a bottom row (x y z w): E. Lengyel, FGED vol. 1, 1.7.5 */
   {GLSL_HELPER_INVERSE, 0, "mat4", "mat4 m",
    "vec3 a = m[0].xyz, b = m[1].xyz, c = m[2].xyz, d = m[3].xyz;"
    " float x = m[0].w, y = m[1].w, z = m[2].w, w = m[3].w;"
    " vec3 s = cross(a, b), t = cross(c, d), u = a * y - b * x, v = c * w - d * z;"
    " float q = 1.0 / (dot(s, v) + dot(t, u));"
    " s *= q; t *= q; u *= q; v *= q;"
    " return transpose(mat4(vec4(cross(b, v) + t * y, -dot(b, t)),"
    " vec4(cross(v, a) - t * x, dot(a, t)), vec4(cross(d, u) + s * w, -dot(d, s)),"
    " vec4(cross(u, c) - s * z, dot(c, s))));"},
/* GLSL 1.50, 8.9: noise may return 0 everywhere (it stays in [-1, 1], its average is 0;
 * Mesa does the same); glslang's Vulkan target has none */
#define NOISE(n, ret, zero)                                                                        \
   {GLSL_HELPER_NOISE1 + n - 1, 0, ret, "float x", "return " zero ";"},                            \
      {GLSL_HELPER_NOISE1 + n - 1, 0, ret, "vec2 x", "return " zero ";"},                          \
      {GLSL_HELPER_NOISE1 + n - 1, 0, ret, "vec3 x", "return " zero ";"},                          \
   {                                                                                               \
      GLSL_HELPER_NOISE1 + n - 1, 0, ret, "vec4 x", "return " zero ";"                             \
   }
   NOISE(1, "float", "0.0"),
   NOISE(2, "vec2", "vec2(0.0)"),
   NOISE(3, "vec3", "vec3(0.0)"),
   NOISE(4, "vec4", "vec4(0.0)"),
#undef NOISE
};
#undef D
#undef M
#undef DM

static bool
shadow_helper(int h)
{
   return (h >= 14 && h <= 21) || h == 24 || h == 25 ||
          (h >= GLSL_HELPER_ARRAY + 4 && h < GLSL_HELPER_GRAD) ||
          (h >= GLSL_HELPER_GRAD + 7 && h <= GLSL_HELPER_GRAD + 10) || h == GLSL_HELPER_GRAD + 13 ||
          h == GLSL_HELPER_GRAD + 14;
}

static int
find_name(const char *const *names, size_t count, const char *s, size_t len)
{
   for (size_t i = 0; i < count; i++)
      if (strlen(names[i]) == len && !memcmp(names[i], s, len))
         return (int)i;
   return -1;
}

/* ── tokens of preprocessed GLSL (glsl_token.c) ────────────────────────────────────────────── */

static bool
tok_is(const char *p, const struct glsl_tok *t, const char *s)
{
   size_t len = strlen(s);
   return t->len == len && !memcmp(p + t->at, s, len);
}

/* ── rewriting ─────────────────────────────────────────────────────────────────────────────── */

/* Replaces [at, at + len) with prefix + with[0 .. with_len), or blanks it (newlines kept) when
 * both are NULL. */
struct edit {
   uint32_t at, len;
   const char *prefix, *with;
   uint32_t with_len;
};

struct lower {
   enum glsl_stage stage;
   const char *p;
   struct glsl_tok *t;
   unsigned n;
   struct edit *edits;
   unsigned num_edits, cap_edits;
   char **owned; /* texts edits point at, freed with the edits */
   unsigned num_owned, cap_owned;
   struct glsl_str *log;
   bool failed, oom;
};

static void
add_edit(struct lower *L, uint32_t at, uint32_t len, const char *prefix, const char *with,
         uint32_t with_len)
{
   struct edit *e = mgu_array_push(L->edits, L->num_edits, L->cap_edits);
   if (!e) {
      L->oom = true;
      return;
   }
   *e = (struct edit){at, len, prefix, with, with_len};
}

/* Replaces token t with the text str holds (taken: L owns it until the edits are applied). */
static void
add_owned_edit(struct lower *L, const struct glsl_tok *t, struct glsl_str *str)
{
   char **slot = str->oom ? NULL : mgu_array_push(L->owned, L->num_owned, L->cap_owned);
   if (!slot) {
      free(str->s);
      L->oom = true;
      return;
   }
   *slot = glsl_str_take(str);
   add_edit(L, t->at, t->len, NULL, *slot, (uint32_t)strlen(*slot));
}

/* ESSL 1.00 / 3.00 section 4.5.3/4.5.4: the fragment language has no default precision for
 * float, so a float-typed declaration (float, vecN, matN[xM]; variables, parameters, return
 * types, struct members) needs a precision qualifier unless a `precision ... float;` is in scope.
 * Constructors (the type followed by '(' or by '[...](') need none. ES units compile as desktop
 * GLSL, which has no such rule, so it is checked here. */
static void
check_es_float_precision(struct lower *L)
{
   static const char *const float_types[] = {
      "float",  "vec2",   "vec3",   "vec4",   "mat2",   "mat3",   "mat4",   "mat2x2",
      "mat2x3", "mat2x4", "mat3x2", "mat3x3", "mat3x4", "mat4x2", "mat4x3", "mat4x4"};
   const char *pp = L->p;
   int depth = 0, default_depth = -1; /* the block depth of the outermost default in scope */
   for (unsigned i = 0; i < L->n; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind == GLSL_TOK_PUNCT && pp[t->at] == '{') {
         depth++;
      } else if (t->kind == GLSL_TOK_PUNCT && pp[t->at] == '}') {
         depth--;
         if (default_depth > depth)
            default_depth = -1;
      } else if (t->kind == GLSL_TOK_IDENT && tok_is(pp, t, "precision") && i + 2 < L->n &&
                 tok_is(pp, &L->t[i + 2], "float")) {
         if (default_depth < 0 || depth < default_depth)
            default_depth = depth;
         i += 2;
      } else if (t->kind == GLSL_TOK_IDENT && default_depth < 0 &&
                 find_name(float_types, sizeof(float_types) / sizeof(float_types[0]), pp + t->at,
                           t->len) >= 0) {
         unsigned k = i + 1;
         if (k < L->n && tok_is(pp, &L->t[k], "[")) { /* float[2](...) or float[2] x */
            while (k < L->n && !tok_is(pp, &L->t[k], "]"))
               k++;
            k++;
         }
         if (k < L->n && tok_is(pp, &L->t[k], "("))
            continue; /* a constructor */
         /* the precision among the declaration's qualifiers, in any order (GLSL ES 3.10 4.7:
          * `lowp out vec4 c;`) */
         static const char *const qualifiers[] = {
            "in",       "out",       "inout",     "uniform", "const",    "flat",     "smooth",
            "centroid", "sample",    "invariant", "precise", "coherent", "volatile", "restrict",
            "readonly", "writeonly", "buffer",    "shared",  "patch"};
         bool qualified = false;
         for (unsigned b = i; b-- > 0;) {
            const struct glsl_tok *q = &L->t[b];
            if (tok_is(pp, q, "lowp") || tok_is(pp, q, "mediump") || tok_is(pp, q, "highp")) {
               qualified = true;
               break;
            }
            if (q->kind != GLSL_TOK_IDENT ||
                find_name(qualifiers, sizeof(qualifiers) / sizeof(qualifiers[0]), pp + q->at,
                          q->len) < 0)
               break;
         }
         if (qualified)
            continue;
         glsl_str_printf(L->log,
                         "ERROR: 0:%d: '%.*s' : declaration without a precision "
                         "qualifier, and no default precision for float in the "
                         "fragment shader (GLSL ES)\n",
                         t->line, (int)t->len, pp + t->at);
         L->failed = true;
         return; /* one error is enough */
      }
   }
}

/* GLSL ES 3.20 has in core what 3.10 takes from the ES 3.2 extensions, and the desktop GLSL
 * 4.30 the unit compiles as has it all: where a deny bit withholds one of them (the device
 * lacks it; an ES 3.2 context has them all, fe_es32_lacks), the stage or the first use of each
 * word that names it is an error, as the extension's directive is in 3.10. */
static void
check_es320_withheld(struct lower *L, uint32_t deny)
{
   static const struct {
      const char *word; /* a prefix when it ends in '_' */
      uint32_t deny;
      const char *ext;
   } words[] = {
      {"samplerBuffer", GLSL_DENY_ES_TEXTURE_BUFFER, "GL_EXT_texture_buffer"},
      {"isamplerBuffer", GLSL_DENY_ES_TEXTURE_BUFFER, "GL_EXT_texture_buffer"},
      {"usamplerBuffer", GLSL_DENY_ES_TEXTURE_BUFFER, "GL_EXT_texture_buffer"},
      {"imageBuffer", GLSL_DENY_ES_TEXTURE_BUFFER, "GL_EXT_texture_buffer"},
      {"iimageBuffer", GLSL_DENY_ES_TEXTURE_BUFFER, "GL_EXT_texture_buffer"},
      {"uimageBuffer", GLSL_DENY_ES_TEXTURE_BUFFER, "GL_EXT_texture_buffer"},
      {"samplerCubeArray", GLSL_DENY_ES_CUBE_ARRAY, "GL_EXT_texture_cube_map_array"},
      {"isamplerCubeArray", GLSL_DENY_ES_CUBE_ARRAY, "GL_EXT_texture_cube_map_array"},
      {"usamplerCubeArray", GLSL_DENY_ES_CUBE_ARRAY, "GL_EXT_texture_cube_map_array"},
      {"samplerCubeArrayShadow", GLSL_DENY_ES_CUBE_ARRAY, "GL_EXT_texture_cube_map_array"},
      {"imageCubeArray", GLSL_DENY_ES_CUBE_ARRAY, "GL_EXT_texture_cube_map_array"},
      {"iimageCubeArray", GLSL_DENY_ES_CUBE_ARRAY, "GL_EXT_texture_cube_map_array"},
      {"uimageCubeArray", GLSL_DENY_ES_CUBE_ARRAY, "GL_EXT_texture_cube_map_array"},
      {"sampler2DMSArray", GLSL_DENY_ES_MS_2D_ARRAY, "GL_OES_texture_storage_multisample_2d_array"},
      {"isampler2DMSArray", GLSL_DENY_ES_MS_2D_ARRAY,
       "GL_OES_texture_storage_multisample_2d_array"},
      {"usampler2DMSArray", GLSL_DENY_ES_MS_2D_ARRAY,
       "GL_OES_texture_storage_multisample_2d_array"},
      {"gl_SampleID", GLSL_DENY_ES_SAMPLE_VARIABLES, "GL_OES_sample_variables"},
      {"gl_SamplePosition", GLSL_DENY_ES_SAMPLE_VARIABLES, "GL_OES_sample_variables"},
      {"gl_SampleMaskIn", GLSL_DENY_ES_SAMPLE_VARIABLES, "GL_OES_sample_variables"},
      {"gl_SampleMask", GLSL_DENY_ES_SAMPLE_VARIABLES, "GL_OES_sample_variables"},
      {"gl_NumSamples", GLSL_DENY_ES_SAMPLE_VARIABLES, "GL_OES_sample_variables"},
      {"interpolateAtCentroid", GLSL_DENY_ES_SAMPLE_VARIABLES | GLSL_DENY_GPU_SHADER5,
       "GL_OES_shader_multisample_interpolation"},
      {"interpolateAtSample", GLSL_DENY_ES_SAMPLE_VARIABLES | GLSL_DENY_GPU_SHADER5,
       "GL_OES_shader_multisample_interpolation"},
      {"interpolateAtOffset", GLSL_DENY_ES_SAMPLE_VARIABLES | GLSL_DENY_GPU_SHADER5,
       "GL_OES_shader_multisample_interpolation"},
      {"precise", GLSL_DENY_GPU_SHADER5, "GL_EXT_gpu_shader5"},
      {"textureGatherOffsets", GLSL_DENY_GPU_SHADER5, "GL_EXT_gpu_shader5"},
      {"blend_support_", GLSL_DENY_BLEND_ADVANCED, "GL_KHR_blend_equation_advanced"},
   };
   if ((L->stage == GLSL_STAGE_GEOMETRY && (deny & GLSL_DENY_ES_GEOMETRY)) ||
       ((L->stage == GLSL_STAGE_TESS_CTRL || L->stage == GLSL_STAGE_TESS_EVAL) &&
        (deny & GLSL_DENY_ES_TESSELLATION))) {
      const bool geom = L->stage == GLSL_STAGE_GEOMETRY;
      glsl_str_printf(L->log, "ERROR: 0:1: %s shaders are not supported (the context lacks %s)\n",
                      geom ? "geometry" : "tessellation",
                      geom ? "GL_EXT_geometry_shader" : "GL_EXT_tessellation_shader");
      L->failed = true;
   }
   uint64_t said = 0; /* each word once */
   for (unsigned i = 0; i < L->n; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind != GLSL_TOK_IDENT)
         continue;
      for (unsigned k = 0; k < sizeof(words) / sizeof(words[0]); k++) {
         const size_t len = strlen(words[k].word);
         const bool prefix = words[k].word[len - 1] == '_';
         if (!(deny & words[k].deny) || (said >> k) & 1 ||
             (prefix ? t->len <= len : t->len != len) || memcmp(L->p + t->at, words[k].word, len))
            continue;
         glsl_str_printf(L->log, "ERROR: 0:%d: '%.*s' : not supported (the context lacks %s)\n",
                         t->line, (int)t->len, L->p + t->at, words[k].ext);
         L->failed = true;
         said |= UINT64_C(1) << k;
      }
   }
}

/* GLSL ES 3.10 4.1.9: only a shader storage block's last member may be an array without a size
 * (desktop glslang takes one anywhere). */
static void
check_es_unsized_last(struct lower *L)
{
   const char *pp = L->p;
   for (unsigned i = 0; i < L->n; i++) {
      if (!tok_is(pp, &L->t[i], "buffer"))
         continue;
      unsigned k = i + 1;
      while (k < L->n && !tok_is(pp, &L->t[k], "{") && !tok_is(pp, &L->t[k], ";"))
         k++;
      if (k >= L->n || !tok_is(pp, &L->t[k], "{"))
         continue;
      int depth = 0;
      const struct glsl_tok *unsized = NULL; /* the `[` of a member without a size */
      bool ended = false;                    /* ... whose declaration has ended */
      for (k++; k < L->n; k++) {
         const struct glsl_tok *t = &L->t[k];
         if (depth == 0 && tok_is(pp, t, "}"))
            break;
         if (ended) {
            glsl_str_printf(L->log,
                            "ERROR: 0:%d: '[]' : only the last member of a shader storage block "
                            "may be an array without a size\n",
                            unsized->line);
            L->failed = true;
            return;
         }
         if (tok_is(pp, t, "{"))
            depth++;
         else if (tok_is(pp, t, "}"))
            depth--;
         else if (depth == 0 && tok_is(pp, t, ";"))
            ended = unsized != NULL;
         else if (depth == 0 && tok_is(pp, t, "[") && k + 1 < L->n && tok_is(pp, &L->t[k + 1], "]"))
            unsized = t;
      }
      i = k;
   }
}

/* ── geometry-shader inputs ─────────────────────────────────────────────────────────────────── */

static void
gs_error(struct lower *L, const struct glsl_tok *t, const char *msg)
{
   glsl_str_printf(L->log, "ERROR: 0:%d: '%.*s' : %s\n", t->line, (int)t->len, L->p + t->at, msg);
   L->failed = true;
}

/* The vertex count of a geometry input primitive; 0 when `t` names none. */
static int
gs_primitive_size(const struct lower *L, const struct glsl_tok *t)
{
   static const char *const names[] = {"points", "lines", "lines_adjacency", "triangles",
                                       "triangles_adjacency"};
   static const int sizes[] = {1, 2, 4, 3, 6};
   int k = find_name(names, sizeof(names) / sizeof(names[0]), L->p + t->at, t->len);
   return k < 0 ? 0 : sizes[k];
}

/* The token index of the bracket that closes the one at i (same kind), or n. */
static unsigned
closing(const struct lower *L, unsigned i)
{
   const char open = L->p[L->t[i].at], close = open == '(' ? ')' : open == '[' ? ']' : '}';
   int d = 0;
   for (unsigned k = i; k < L->n; k++) {
      const struct glsl_tok *t = &L->t[k];
      if (t->kind != GLSL_TOK_PUNCT)
         continue;
      if (L->p[t->at] == open)
         d++;
      else if (L->p[t->at] == close && --d == 0)
         return k;
   }
   return L->n;
}

/* The index of the '[', '(' or '{' that the closing token at i closes; L->n when none. */
static unsigned
opening(const struct lower *L, unsigned i)
{
   const char close = L->p[L->t[i].at], open = close == ')' ? '(' : close == ']' ? '[' : '{';
   int d = 0;
   for (unsigned k = i + 1; k-- > 0;) {
      const struct glsl_tok *t = &L->t[k];
      if (t->kind != GLSL_TOK_PUNCT)
         continue;
      if (L->p[t->at] == close)
         d++;
      else if (L->p[t->at] == open && --d == 0)
         return k;
   }
   return L->n;
}

/* GLSL 1.50 compatibility §7.1: a redeclared gl_PerVertex may list the compatibility members
 * (gl_ClipVertex, gl_FrontColor, ...), which glslang's block has not: those member declarations
 * are blanked (their tokens marked in *skip, made on first use) and the members stay the plain
 * variables glsl_compat.c declares. brace: the block's '{'. With layer_vp (a vertex or tess-eval
 * output block where GL_ARB_shader_viewport_layer_array or an AMD name is on, which make gl_Layer
 * and gl_ViewportIndex its members) those are blanked too: glslang declares them apart. */
static void
blank_compat_members(struct lower *L, enum glsl_stage stage, unsigned brace, bool compat_builtins,
                     bool layer_vp, uint8_t **skip)
{
   const unsigned end = closing(L, brace);
   unsigned from = brace + 1;
   for (unsigned k = from; k < end && !L->oom; k++) {
      if (!tok_is(L->p, &L->t[k], ";"))
         continue;
      bool compat = false;
      for (unsigned m = from; m < k && !compat; m++) {
         struct glsl_compat_edit ce;
         compat =
            L->t[m].kind == GLSL_TOK_IDENT &&
            ((compat_builtins &&
              glsl_compat_lower_token(stage, L->p + L->t[m].at, L->t[m].len, &ce) && ce.varying) ||
             (layer_vp &&
              (tok_is(L->p, &L->t[m], "gl_Layer") || tok_is(L->p, &L->t[m], "gl_ViewportIndex"))));
      }
      if (compat) {
         if (!*skip)
            *skip = calloc(L->n, 1);
         if (!*skip) {
            L->oom = true;
            return;
         }
         memset(*skip + from, 1, k + 1 - from);
         add_edit(L, L->t[from].at, L->t[k].at + 1 - L->t[from].at, NULL, NULL, 0);
      }
      from = k + 1;
   }
}

/* Whether the unit declares `layout(... points ...) out;`: a geometry shader that emits points,
 * whose every vertex needs a point size. */
static bool
gs_emits_points(const struct lower *L)
{
   int depth = 0;
   for (unsigned i = 0; i + 1 < L->n; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind == GLSL_TOK_PUNCT) {
         const char c = L->p[t->at];
         depth += c == '{' ? 1 : c == '}' ? -1 : 0;
         continue;
      }
      if (depth || !tok_is(L->p, t, "layout") || !tok_is(L->p, &L->t[i + 1], "("))
         continue;
      const unsigned r = closing(L, i + 1);
      if (r + 1 >= L->n || !tok_is(L->p, &L->t[r + 1], "out"))
         continue;
      for (unsigned k = i + 2; k < r; k++)
         if (tok_is(L->p, &L->t[k], "points"))
            return true;
   }
   return false;
}

/* N of the unit's `layout(vertices = N) out;` (a tessellation control shader's output patch
 * size), 0 when it declares none at global scope or N is no plain decimal. */
static int
tcs_output_vertices(const struct lower *L)
{
   int depth = 0;
   for (unsigned i = 0; i + 1 < L->n; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind == GLSL_TOK_PUNCT) {
         const char c = L->p[t->at];
         depth += c == '{' ? 1 : c == '}' ? -1 : 0;
         continue;
      }
      if (depth || !tok_is(L->p, t, "layout") || !tok_is(L->p, &L->t[i + 1], "("))
         continue;
      const unsigned r = closing(L, i + 1);
      if (r + 1 >= L->n || !tok_is(L->p, &L->t[r + 1], "out"))
         continue;
      for (unsigned k = i + 2; k + 2 < r; k++) {
         const struct glsl_tok *n = &L->t[k + 2];
         if (!tok_is(L->p, &L->t[k], "vertices") || !tok_is(L->p, &L->t[k + 1], "=") ||
             n->kind != GLSL_TOK_NUMBER || n->len > 4)
            continue;
         int v = 0;
         for (uint32_t c = 0; c < n->len; c++) {
            const char d = L->p[n->at + c];
            if (d < '0' || d > '9')
               return 0;
            v = 10 * v + (d - '0');
         }
         return v;
      }
   }
   return 0;
}

/* Whether a storage block (`buffer Name { ... }`) of the unit declares an unsized array
 * member (`name[]`) before its last member that the unit never names again: only the last
 * member may be a runtime-sized array (GLSL 4.30 4.1.9); an earlier one takes its size from
 * the constant indices the shader uses, and one used nowhere has none, a link error as Mesa
 * gives it (glslang sizes it 1). One indexed with a non-constant expression has no size either
 * (Mesa: a link error); glslang refuses that at compile time, so its declaration gets a size of
 * one here and the link refuses it. */
static void merge_edits(struct lower *L, unsigned early);
static bool
storage_unsized_not_last(struct lower *L)
{
   const unsigned first_edit = L->num_edits;
   for (unsigned i = 0; i + 2 < L->n; i++) {
      if (L->t[i].kind != GLSL_TOK_IDENT || !tok_is(L->p, &L->t[i], "buffer") ||
          L->t[i + 1].kind != GLSL_TOK_IDENT || !tok_is(L->p, &L->t[i + 2], "{"))
         continue;
      const unsigned end = closing(L, i + 2);
      unsigned pending = 0; /* the name of an unsized member before this one, or 0 */
      unsigned member_name = 0;
      int depth = 0;
      for (unsigned k = i + 3; k < end; k++) {
         const struct glsl_tok *t = &L->t[k];
         if (t->kind != GLSL_TOK_PUNCT)
            continue;
         const char c = L->p[t->at];
         depth += c == '{' ? 1 : c == '}' ? -1 : 0;
         if (c == '[' && k + 1 < end && tok_is(L->p, &L->t[k + 1], "]") &&
             L->t[k - 1].kind == GLSL_TOK_IDENT)
            member_name = k - 1;
         if (c != ';' || depth != 0)
            continue;
         if (pending) {
            bool named = false, variable = false;
            for (unsigned j = end + 1; j < L->n && !variable; j++) {
               if (L->t[j].kind != GLSL_TOK_IDENT || L->t[j].len != L->t[pending].len ||
                   memcmp(L->p + L->t[j].at, L->p + L->t[pending].at, L->t[j].len))
                  continue;
               named = true;
               variable = j + 3 < L->n && tok_is(L->p, &L->t[j + 1], "[") &&
                          (L->t[j + 2].kind != GLSL_TOK_NUMBER || !tok_is(L->p, &L->t[j + 3], "]"));
            }
            if (variable) {
               add_edit(L, L->t[pending + 1].at, L->t[pending + 1].len, NULL, "[1", 2);
               merge_edits(L, first_edit);
            }
            if (!named || variable)
               return true;
         }
         pending = member_name;
         member_name = 0;
      }
   }
   return false;
}

/* Whether the unit names a compute local size: an identifier local_size_x, _y, _z or
 * local_size_variable (only a layout qualifier, or a macro that makes one, can). */
static bool
cs_local_size_named(const struct lower *L)
{
   static const char *const names[] = {"local_size_x", "local_size_y", "local_size_z",
                                       "local_size_variable"};
   for (unsigned i = 0; i < L->n; i++)
      for (unsigned k = 0; L->t[i].kind == GLSL_TOK_IDENT && k < 4; k++)
         if (tok_is(L->p, &L->t[i], names[k]))
            return true;
   return false;
}

/* Whether the unit names `point_mode` (only a layout qualifier can): a tessellation evaluation
 * shader that makes points, whose every vertex needs a point size. */
static bool
tes_point_mode(const struct lower *L)
{
   for (unsigned i = 0; i < L->n; i++)
      if (L->t[i].kind == GLSL_TOK_IDENT && tok_is(L->p, &L->t[i], "point_mode"))
         return true;
   return false;
}

/* GLSL 1.50 §4.3.8.1 and §7.1 rules for geometry-shader inputs that glslang 12 does not check:
 * an input layout takes exactly one primitive (no repeats, no block layouts such as packed or
 * shared); every sized input array has the size the primitive implies, and all of them one
 * size; a constant index used on an unsized input array before the layout sizes it must fit
 * that size; and a redeclared gl_PerVertex input keeps its instance name gl_in. Returns the
 * vertex count of the unit's input primitive (0: it declares none). */
static int
check_gs_inputs(struct lower *L)
{
   const char *p = L->p;
   int prim = 0, sized = 0;
   struct {
      uint32_t at, len;
      int max_index;
   } unsized[16];
   unsigned num_unsized = 0;
   int depth = 0, parens = 0;
   for (unsigned i = 0; i < L->n && !L->failed; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind == GLSL_TOK_PUNCT) {
         const char c = p[t->at];
         depth += c == '{' ? 1 : c == '}' ? -1 : 0;
         parens += c == '(' ? 1 : c == ')' ? -1 : 0;
         continue;
      }
      if (t->kind != GLSL_TOK_IDENT)
         continue;
      if (depth > 0) {
         /* inside a function: constant indices on still-unsized input arrays */
         for (unsigned k = 0; k < num_unsized && !prim; k++) {
            if (t->len != unsized[k].len || memcmp(p + t->at, p + unsized[k].at, t->len) ||
                i + 3 >= L->n || !tok_is(p, &L->t[i + 1], "[") ||
                L->t[i + 2].kind != GLSL_TOK_NUMBER || !tok_is(p, &L->t[i + 3], "]"))
               continue;
            const int idx = atoi(p + L->t[i + 2].at);
            if (idx > unsized[k].max_index)
               unsized[k].max_index = idx;
         }
         continue;
      }
      if (parens || i + 1 >= L->n)
         continue;
      if (tok_is(p, t, "layout") && tok_is(p, &L->t[i + 1], "(")) {
         const unsigned r = closing(L, i + 1);
         if (r + 2 >= L->n || !tok_is(p, &L->t[r + 1], "in") || !tok_is(p, &L->t[r + 2], ";"))
            continue;
         /* layout(...) in; */
         int here = 0;
         for (unsigned k = i + 2; k < r; k++) {
            const struct glsl_tok *q = &L->t[k];
            if (q->kind != GLSL_TOK_IDENT)
               continue;
            if (tok_is(p, q, "invocations")) { /* GLSL 4.00; glslang checks the version */
               /* ARB_gpu_shader5: more than GL_MAX_GEOMETRY_SHADER_INVOCATIONS fails the
                * compile (glslang does not check; a literal count, as layouts take) */
               const struct glsl_tok *n = k + 2 < r ? &L->t[k + 2] : NULL;
               if (n && n->kind == GLSL_TOK_NUMBER &&
                   strtol(p + n->at, NULL, 0) > GLSL_MAX_GEOMETRY_SHADER_INVOCATIONS)
                  gs_error(L, q, "greater than gl_MaxGeometryShaderInvocations (32)");
               k += 2;
               continue;
            }
            const int size = gs_primitive_size(L, q);
            if (!size)
               gs_error(L, q,
                        "not a geometry shader input primitive (an input layout takes "
                        "exactly one)");
            else if (here)
               gs_error(L, q, "an input layout takes only one primitive");
            here = size;
         }
         if (!here || L->failed)
            continue;
         if (sized && sized != here)
            gs_error(L, &L->t[i + 2],
                     "input primitive disagrees with the size of an earlier "
                     "input array");
         for (unsigned k = 0; k < num_unsized && !L->failed; k++)
            if (unsized[k].max_index >= here)
               gs_error(L, &L->t[i + 2],
                        "input primitive is smaller than an index used earlier "
                        "on an unsized input array");
         prim = here;
         i = r + 2;
         continue;
      }
      /* a global input declaration: `in` as a storage qualifier (after interpolation ones) */
      if (!tok_is(p, t, "in"))
         continue;
      unsigned semi = i + 1, brace = 0;
      for (int d = 0; semi < L->n; semi++) {
         const struct glsl_tok *q = &L->t[semi];
         if (q->kind != GLSL_TOK_PUNCT)
            continue;
         const char c = p[q->at];
         if (c == '{' && !d && !brace)
            brace = semi;
         d += c == '{' ? 1 : c == '}' ? -1 : 0;
         if (c == ';' && !d)
            break;
         if (c == '(' && !d)
            break; /* not a declaration */
      }
      if (semi >= L->n || !tok_is(p, &L->t[semi], ";"))
         continue;
      const struct glsl_tok *last = &L->t[semi - 1];
      if (brace && tok_is(p, &L->t[i + 1], "gl_PerVertex") && tok_is(p, last, "}"))
         gs_error(L, &L->t[i + 1],
                  "a redeclared gl_PerVertex input needs the instance name "
                  "gl_in");
      if (!tok_is(p, last, "]") || semi < i + 4) {
         i = semi;
         continue;
      }
      /* the array groups back to the name: the first, outermost, is the per-vertex one
       * (ARB_arrays_of_arrays: `in vec4 c[][2]`); one with a size not a literal stops it */
      unsigned k = semi - 1;
      bool has_size = false;
      int size = 0;
      while (k >= i + 2 && tok_is(p, &L->t[k], "]")) {
         if (tok_is(p, &L->t[k - 1], "[")) {
            has_size = false;
            k -= 2;
         } else if (k >= i + 3 && L->t[k - 1].kind == GLSL_TOK_NUMBER &&
                    tok_is(p, &L->t[k - 2], "[")) {
            has_size = true;
            size = atoi(p + L->t[k - 1].at);
            k -= 3;
         } else {
            break;
         }
      }
      const struct glsl_tok *name = &L->t[k];
      if (name->kind != GLSL_TOK_IDENT || k == semi - 1) {
         i = semi;
         continue;
      }
      if (has_size) {
         if (sized && size != sized)
            gs_error(L, name, "input array sizes disagree");
         else if (prim && size != prim)
            gs_error(L, name, "input array size disagrees with the input primitive");
         sized = size;
      } else if (num_unsized < sizeof(unsized) / sizeof(unsized[0])) {
         unsized[num_unsized].at = name->at;
         unsized[num_unsized].len = name->len;
         unsized[num_unsized].max_index = -1;
         num_unsized++;
      }
      i = semi;
   }
   return prim;
}

/* Records that the layout of the declaration named by token `name` was taken out of the text:
 * the linker applies `location` and `index` to the variable (glsl_unit.taken). */
static bool
take_layout(struct lower *L, struct glsl_unit *u, const struct glsl_tok *name, int location,
            int index)
{
   if (!mgu_array_reserve(u->taken, u->cap_taken, (uint64_t)u->num_taken + 1)) {
      L->oom = true;
      return false;
   }
   char *nm = malloc(name->len + 1);
   if (!nm) {
      L->oom = true;
      return false;
   }
   memcpy(nm, L->p + name->at, name->len);
   nm[name->len] = '\0';
   u->taken[u->num_taken++] = (struct glsl_binding){nm, location, index};
   return true;
}

/* The name of the global declaration whose type starts at token `first` and that ends at the
 * next `;` (`type name;`, `type name[N];`): its token, 0 when the declaration has another shape
 * (a block, several names); *semi gets the `;`. */
static unsigned
decl_name(const struct lower *L, unsigned first, unsigned *semi)
{
   const char *p = L->p;
   unsigned end = first, parens = 0;
   /* (a comma inside parentheses is a layout qualifier's: `layout(location = 0, component = 1)`) */
   for (; end < L->n && !tok_is(p, &L->t[end], ";") && !tok_is(p, &L->t[end], "{") &&
          (parens || !tok_is(p, &L->t[end], ","));
        end++) {
      if (tok_is(p, &L->t[end], "("))
         parens++;
      else if (tok_is(p, &L->t[end], ")") && parens)
         parens--;
   }
   if (end >= L->n || !tok_is(p, &L->t[end], ";"))
      return 0;
   *semi = end;
   /* back over every array level after the name (`name[3][2]`, ARB_arrays_of_arrays) */
   unsigned name = end - 1;
   while (name > first && tok_is(p, &L->t[name], "]")) {
      unsigned depth = 0;
      for (; name > first; name--) {
         if (tok_is(p, &L->t[name], "]"))
            depth++;
         else if (tok_is(p, &L->t[name], "[") && !--depth)
            break;
      }
      if (name <= first)
         return 0;
      name--;
   }
   return name > first && L->t[name].kind == GLSL_TOK_IDENT ? name : 0;
}

/* glslang 12's cross-stage check (TIntermediate::isIoResizeArray) takes a tessellation
 * evaluation shader's `patch in T name[N]` for a per-vertex array and refuses the link against
 * the control shader's `patch out T name[N]` ("Array sizes must be compatible", though the two
 * are alike; its TessControl case has the patch exception, its TessEvaluation case not). That
 * check pairs the stages' variables by name, so such an input is renamed GLSL_MANGLE + name in
 * the evaluation unit, everywhere it is named: glslang then pairs nothing, and the GL linker
 * (glsl_link_io.c), which reads names through glsl_demangle, matches and checks it as the app
 * wrote it. Only single-name declarations (`patch in T name[N];`, `patch in T[N] name;`, and
 * their arrays of arrays, `patch in T name[N][M];`) are taken. */
enum { MAX_PATCH_ARRAYS = 64 };
static void
rename_patch_input_arrays(struct lower *L)
{
   const char *p = L->p;
   unsigned names[MAX_PATCH_ARRAYS], nn = 0;
   int depth = 0;
   unsigned stmt = 0;
   bool patch = false, in = false;
   for (unsigned i = 0; i < L->n; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind == GLSL_TOK_DIRECTIVE) {
         stmt = i + 1;
      } else if (tok_is(p, t, "{")) {
         depth++;
      } else if (tok_is(p, t, "}")) {
         if (depth && !--depth) {
            stmt = i + 1;
            patch = in = false;
         }
      } else if (!depth && tok_is(p, t, ";")) {
         unsigned semi = 0, name = patch && in ? decl_name(L, stmt, &semi) : 0;
         /* `T name[N]` or `T[N] name` */
         if (name && (tok_is(p, &L->t[name + 1], "[") || tok_is(p, &L->t[name - 1], "]")) &&
             nn < MAX_PATCH_ARRAYS &&
             find_name(vulkan_keywords, sizeof(vulkan_keywords) / sizeof(vulkan_keywords[0]),
                       p + L->t[name].at, L->t[name].len) < 0 &&
             find_name(helper_names, GLSL_HELPER_COUNT, p + L->t[name].at, L->t[name].len) < 0)
            names[nn++] = name;
         stmt = i + 1;
         patch = in = false;
      } else if (!depth && tok_is(p, t, "patch")) {
         patch = true;
      } else if (!depth && tok_is(p, t, "in")) {
         in = true;
      }
   }
   if (!nn)
      return;
   for (unsigned i = 0; i < L->n; i++) {
      const struct glsl_tok *t = &L->t[i];
      const struct glsl_tok *prev = i > 0 ? &L->t[i - 1] : NULL;
      if (t->kind != GLSL_TOK_IDENT || (prev && tok_is(p, prev, ".")))
         continue; /* a member or a swizzle of that name is not the variable */
      for (unsigned k = 0; k < nn; k++) {
         const struct glsl_tok *n = &L->t[names[k]];
         if (t->len == n->len && !memcmp(p + t->at, p + n->at, t->len)) {
            add_edit(L, t->at, t->len, GLSL_MANGLE, p + t->at, t->len);
            break;
         }
      }
   }
}

/* Uniform structures holding opaque members (ARB_gpu_shader5 and GLSL 4.00 index their arrays,
 * ARB_arrays_of_arrays nests them): `struct S { sampler2D tex; S2 si[2][2]; float f; };
 * uniform S s[2][3];`. Vulkan has no opaque type in a structure, so each opaque leaf becomes a
 * uniform of its own, named by its path (GLSL_OPAQUE_STRUCT), its arrays those on the path in
 * order: s.si.tex is `uniform sampler2D X[2][3][2][2][1];` (a leaf that is no array gets an
 * innermost level of one when the path has arrays, so that each s[i][j].si[k][l].tex stays one
 * GL uniform), and `s[n][m].si[1][0].tex` becomes `X[n][m][1][0][0]`. The other members stay in
 * the variable `s`, whose type becomes a copy of S without the opaque members (GLSL_OPAQUE_DATA
 * then the structure's name; nested structures the same), so that `s[n][m].f` is unchanged and
 * reflects as GL names it. Structures of one name per member are taken; a use that does not
 * reach a leaf or a member (the structure passed whole) is a compile error. */
enum { OS_MAX_STRUCTS = 32, OS_MAX_MEMBERS = 16, OS_MAX_PATH = 6, OS_MAX_DIMS = 4 };
struct os_comp {
   const struct glsl_tok *name;
   unsigned ndims;
   uint32_t dims[OS_MAX_DIMS];
};
struct os_member {
   struct os_comp c;
   const struct glsl_tok *type;
   unsigned first, semi; /* its declaration's tokens (a data member's, copied) */
   int sub;              /* the structure it is, or -1 */
   bool opaque;          /* an opaque type (sub < 0 and not opaque: a data member) */
};
struct os_struct {
   const struct glsl_tok *name;
   unsigned nm;
   bool has_data, data_declared;
   struct os_member m[OS_MAX_MEMBERS];
};

static bool
is_opaque_type(const char *s, uint32_t len)
{
   static const char *const pre[] = {"sampler", "isampler", "usampler",
                                     "image",   "iimage",   "uimage"};
   for (size_t k = 0; k < sizeof(pre) / sizeof(pre[0]); k++)
      if (len > strlen(pre[k]) && !memcmp(s, pre[k], strlen(pre[k])))
         return true;
   return false;
}

/* The value of an integer literal token; 0 when it is none. */
static uint32_t
os_literal(const struct lower *L, const struct glsl_tok *t)
{
   uint32_t v = 0;
   for (uint32_t k = 0; k < t->len; k++) {
      const char c = L->p[t->at + k];
      if ((c == 'u' || c == 'U') && k + 1 == t->len && k)
         break;
      if (c < '0' || c > '9' || v > 65535)
         return 0;
      v = v * 10 + (uint32_t)(c - '0');
   }
   return v;
}

/* The array levels `[N]...` ending at token end (inclusive, its last ']'), read backwards into
 * c; the index of the token before them. L->n when one is no literal size or too many. */
static unsigned
os_dims_before(const struct lower *L, unsigned end, unsigned first, struct os_comp *c)
{
   const char *p = L->p;
   unsigned at = end, nd = 0;
   uint32_t rev[OS_MAX_DIMS];
   while (at >= first + 2 && tok_is(p, &L->t[at], "]") && tok_is(p, &L->t[at - 2], "[")) {
      const uint32_t d = os_literal(L, &L->t[at - 1]);
      if (!d || nd >= OS_MAX_DIMS)
         return L->n;
      rev[nd++] = d;
      at -= 3;
   }
   if (tok_is(p, &L->t[at], "]"))
      return L->n;
   c->ndims = nd;
   for (unsigned k = 0; k < nd; k++)
      c->dims[k] = rev[nd - 1 - k];
   return at;
}

static int
os_find(const struct os_struct *st, unsigned ns, const char *p, const struct glsl_tok *t)
{
   for (unsigned k = 0; k < ns; k++)
      if (st[k].name->len == t->len && !memcmp(p + st[k].name->at, p + t->at, t->len))
         return (int)k;
   return -1;
}

static void
os_dims(struct glsl_str *out, const struct os_comp *c)
{
   for (unsigned j = 0; j < c->ndims; j++)
      glsl_str_printf(out, "[%u]", c->dims[j]);
}

static void
os_name(const struct lower *L, struct glsl_str *out, const struct os_comp *c, unsigned nc)
{
   glsl_str_append(out, GLSL_OPAQUE_STRUCT);
   for (unsigned k = 0; k < nc; k++) {
      glsl_str_printf(out, "%u%.*s", c[k].name->len, (int)c[k].name->len, L->p + c[k].name->at);
      if (!c[k].ndims)
         glsl_str_append(out, "0");
      for (unsigned j = 0; j < c[k].ndims; j++)
         glsl_str_printf(out, "%s%u", j ? "x" : "", c[k].dims[j]);
      glsl_str_append(out, "_");
   }
}

/* Declares the opaque leaves under structure si (path c[0 .. nc)); *aoa: one has two array
 * levels. */
static void
os_declare(const struct lower *L, struct glsl_str *out, const struct os_struct *st, int si,
           struct os_comp *c, unsigned nc, bool *aoa)
{
   for (unsigned k = 0; k < st[si].nm && nc < OS_MAX_PATH; k++) {
      const struct os_member *m = &st[si].m[k];
      c[nc] = m->c;
      if (m->sub >= 0) {
         os_declare(L, out, st, m->sub, c, nc + 1, aoa);
         continue;
      }
      if (!m->opaque)
         continue;
      glsl_str_printf(out, "uniform %.*s ", (int)m->type->len, L->p + m->type->at);
      os_name(L, out, c, nc + 1);
      unsigned dims = 0;
      for (unsigned j = 0; j < nc; j++) {
         os_dims(out, &c[j]);
         dims += c[j].ndims;
      }
      os_dims(out, &m->c);
      if (!m->c.ndims && dims)
         glsl_str_append(out, "[1]");
      *aoa |= dims + (m->c.ndims ? m->c.ndims : 1) >= 2;
      glsl_str_append(out, "; ");
   }
}

/* Declares the data structures (GLSL_OPAQUE_DATA) of st[0 .. upto] not declared yet. */
static void
os_declare_data(const struct lower *L, struct glsl_str *out, struct os_struct *st, int upto)
{
   for (int s = 0; s <= upto; s++) {
      if (!st[s].has_data || st[s].data_declared)
         continue;
      st[s].data_declared = true;
      glsl_str_printf(out, "struct " GLSL_OPAQUE_DATA "%.*s { ", (int)st[s].name->len,
                      L->p + st[s].name->at);
      for (unsigned k = 0; k < st[s].nm; k++) {
         const struct os_member *m = &st[s].m[k];
         if (m->sub >= 0 && st[m->sub].has_data) {
            glsl_str_printf(out, GLSL_OPAQUE_DATA "%.*s %.*s", (int)st[m->sub].name->len,
                            L->p + st[m->sub].name->at, (int)m->c.name->len, L->p + m->c.name->at);
            os_dims(out, &m->c);
            glsl_str_append(out, "; ");
         } else if (m->sub < 0 && !m->opaque) {
            for (unsigned t = m->first; t <= m->semi; t++)
               glsl_str_printf(out, "%.*s ", (int)L->t[t].len, L->p + L->t[t].at);
         }
      }
      glsl_str_append(out, "}; ");
   }
}

static void merge_edits(struct lower *L, unsigned early);

static void
hoist_opaque_structs(struct lower *L, struct glsl_unit *u)
{
   const char *p = L->p;
   const unsigned first_edit = L->num_edits;
   struct os_struct st[OS_MAX_STRUCTS];
   unsigned ns = 0;
   struct os_var {
      unsigned first, semi;
      int si;
      struct os_comp var;
   } vars[OS_MAX_STRUCTS];
   unsigned nv = 0;
   int depth = 0;
   for (unsigned i = 0; i < L->n; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (tok_is(p, t, "{"))
         depth++;
      else if (tok_is(p, t, "}"))
         depth--;
      if (depth || i + 2 >= L->n)
         continue;
      if (tok_is(p, t, "struct") && L->t[i + 1].kind == GLSL_TOK_IDENT &&
          tok_is(p, &L->t[i + 2], "{") && ns < OS_MAX_STRUCTS) {
         const unsigned close = closing(L, i + 2);
         struct os_struct s = {.name = &L->t[i + 1]};
         bool ok = close < L->n, opaque = false;
         unsigned first = i + 3;
         for (unsigned k = first; ok && k < close; k++) {
            if (!tok_is(p, &L->t[k], ";"))
               continue;
            /* [qualifiers] TYPE NAME ('[' N ']')* ';' */
            struct os_comp c = {0};
            const unsigned name = k > first ? os_dims_before(L, k - 1, first, &c) : L->n;
            ok = name < L->n && name > first && L->t[name].kind == GLSL_TOK_IDENT &&
                 L->t[name - 1].kind == GLSL_TOK_IDENT && s.nm < OS_MAX_MEMBERS;
            if (!ok)
               break;
            const struct glsl_tok *type = &L->t[name - 1];
            c.name = &L->t[name];
            const int sub = os_find(st, ns, p, type);
            const bool opq = sub < 0 && is_opaque_type(p + type->at, type->len);
            s.m[s.nm++] = (struct os_member){c, type, first, k, sub, opq};
            opaque |= sub >= 0 || opq;
            s.has_data |= (sub < 0 && !opq) || (sub >= 0 && st[sub].has_data);
            first = k + 1;
         }
         if (ok && opaque && s.nm)
            st[ns++] = s;
         continue;
      }
      if (tok_is(p, t, "uniform") &&
          (i == 0 || tok_is(p, &L->t[i - 1], ";") || tok_is(p, &L->t[i - 1], "}") ||
           L->t[i - 1].kind == GLSL_TOK_DIRECTIVE)) {
         const int si = os_find(st, ns, p, &L->t[i + 1]);
         if (si < 0 || L->t[i + 2].kind != GLSL_TOK_IDENT || nv >= OS_MAX_STRUCTS)
            continue;
         unsigned semi = i + 3;
         while (semi < L->n && !tok_is(p, &L->t[semi], ";") && semi < i + 3 + 3 * OS_MAX_DIMS)
            semi++;
         if (semi >= L->n || !tok_is(p, &L->t[semi], ";"))
            continue;
         struct os_comp c = {0};
         if (os_dims_before(L, semi - 1, i + 2, &c) != i + 2)
            continue;
         c.name = &L->t[i + 2];
         vars[nv++] = (struct os_var){i, semi, si, c};
      }
   }
   for (unsigned v = 0; v < nv && !L->failed; v++) {
      struct glsl_str decl = {0};
      struct os_comp c[OS_MAX_PATH + 1];
      c[0] = vars[v].var;
      bool aoa = false;
      const struct os_struct *vs = &st[vars[v].si];
      const struct glsl_tok *vn = vars[v].var.name;
      if (vs->has_data) {
         /* the data members stay in the variable, of the structure's data copy */
         os_declare_data(L, &decl, st, vars[v].si);
         glsl_str_printf(&decl, "uniform " GLSL_OPAQUE_DATA "%.*s %.*s", (int)vs->name->len,
                         p + vs->name->at, (int)vn->len, p + vn->at);
         os_dims(&decl, &vars[v].var);
         glsl_str_append(&decl, "; ");
      }
      os_declare(L, &decl, st, vars[v].si, c, 1, &aoa);
      add_owned_edit(L, &L->t[vars[v].first], &decl);
      for (unsigned k = vars[v].first + 1; k <= vars[v].semi; k++)
         add_edit(L, L->t[k].at, L->t[k].len, NULL, NULL, 0);
      if (aoa && u->compile_version < 430)
         u->compile_version = 430;
      for (unsigned i = vars[v].semi + 1; i < L->n && !L->failed; i++) {
         const struct glsl_tok *t = &L->t[i];
         if (t->kind != GLSL_TOK_IDENT || t->len != vn->len ||
             memcmp(p + t->at, p + vn->at, t->len) || tok_is(p, &L->t[i - 1], "."))
            continue;
         /* var ('[' E ']')* ('.' member ('[' E ']')*)* down to a leaf; the tokens to blank
          * (the '.' and the names after the variable's) only once it reaches an opaque one */
         unsigned nc = 0, at = i + 1, outer = 0, nblank = 0;
         unsigned blank[2 * OS_MAX_PATH];
         int si = vars[v].si;
         c[nc++] = vars[v].var;
         bool leaf = false, data = false, ok = true;
         unsigned last = i;
         while (ok && !leaf && !data) {
            for (unsigned d = 0; ok && d < c[nc - 1].ndims; d++) {
               ok = at < L->n && tok_is(p, &L->t[at], "[");
               if (ok) {
                  last = closing(L, at);
                  at = last + 1;
                  outer++;
               }
            }
            ok = ok && at + 1 < L->n && tok_is(p, &L->t[at], ".") && nc < OS_MAX_PATH;
            int mk = -1;
            for (unsigned k = 0; ok && k < st[si].nm && mk < 0; k++)
               if (st[si].m[k].c.name->len == L->t[at + 1].len &&
                   !memcmp(p + st[si].m[k].c.name->at, p + L->t[at + 1].at, L->t[at + 1].len))
                  mk = (int)k;
            ok = ok && mk >= 0;
            if (!ok)
               break;
            const struct os_member *m = &st[si].m[mk];
            blank[nblank++] = at;
            last = at + 1;
            c[nc++] = m->c;
            at += 2;
            if (m->sub >= 0) {
               blank[nblank++] = at - 1;
               si = m->sub;
            } else if (m->opaque)
               leaf = true;
            else
               data = true;
         }
         if (!ok) {
            glsl_str_printf(L->log,
                            "ERROR: 0:%d: '%.*s' : a structure holding opaque members used other "
                            "than down to one of them (not supported by mgl yet)\n",
                            t->line, (int)t->len, p + t->at);
            L->failed = true;
            break;
         }
         if (data) { /* s[n].si.f: the data variable's, as written */
            i = last;
            continue;
         }
         for (unsigned k = 0; k < nblank; k++)
            add_edit(L, L->t[blank[k]].at, L->t[blank[k]].len, NULL, NULL, 0);
         struct glsl_str name = {0};
         os_name(L, &name, c, nc);
         add_owned_edit(L, t, &name);
         /* the leaf's name goes ("[0]": the level of one a leaf that is no array has) */
         const struct glsl_tok *ln = &L->t[last];
         const bool unit = !c[nc - 1].ndims && outer;
         add_edit(L, ln->at, ln->len, NULL, unit ? "[0]" : NULL, unit ? 3 : 0);
         i = last;
      }
   }
   merge_edits(L, first_edit); /* (in text order, as the edits before them) */
}

/* GLSL 4.30 4.1.9 (and ARB_shader_storage_buffer_object): an array declared without a size is
 * sized by the largest constant index used with it, across the stage's shader objects for a
 * global one, and its length() is that size, known at link. glslang refuses length() of such an
 * array, so the declaration `T a[];` gets its size: a local one the largest constant index of
 * the unit plus one (when there is one), a global one `[GLSL_IMPLICIT_SIZE a]`, the constant the
 * stage's link declares in each object (glsl.c: the largest index of all of them plus one),
 * recorded in u->implicit_sizes (with the largest index of an object that does not take its
 * length()). Only plain declarations (a type, the name, `[]`, `;`) of an array whose length()
 * the unit takes and that it does not declare again are sized: no interface, block member,
 * parameter or redeclared array. */
static bool
is_int_literal(const char *p, const struct glsl_tok *t)
{
   for (uint32_t k = 0; k < t->len; k++)
      if (p[t->at + k] < '0' || p[t->at + k] > '9')
         return (p[t->at + k] == 'u' || p[t->at + k] == 'U') && k && k + 1 == t->len;
   return t->len > 0;
}

static bool directive_has(const char *s, size_t len, const char *word);
static void
size_implicit_arrays(struct lower *L, struct glsl_unit *u, int version)
{
   const char *p = L->p;
   const unsigned first_edit = L->num_edits;
   /* GLSL 4.30 or ARB_shader_storage_buffer_object: before, length() of such an array is an
    * error (GLSL 1.20 5.9), which glslang's refusal gives (its indices are recorded still:
    * another object of the stage may take length()) */
   bool ssbo = version >= 430;
   for (unsigned i = 0; i < L->n && !ssbo; i++)
      ssbo = L->t[i].kind == GLSL_TOK_DIRECTIVE &&
             directive_has(p + L->t[i].at, L->t[i].len, "GL_ARB_shader_storage_buffer_object");

   int depth = 0;
   bool in_function = false;
   for (unsigned i = 0; i + 4 < L->n && !L->oom; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (tok_is(p, t, "{")) {
         if (!depth++)
            in_function = i && tok_is(p, &L->t[i - 1], ")");
         continue;
      }
      if (tok_is(p, t, "}")) {
         depth -= depth > 0;
         continue;
      }
      /* [';' '{' '}' start] TYPE NAME '[' ']' ';' */
      if (t->kind != GLSL_TOK_IDENT || L->t[i + 1].kind != GLSL_TOK_IDENT ||
          !tok_is(p, &L->t[i + 2], "[") || !tok_is(p, &L->t[i + 3], "]") ||
          !tok_is(p, &L->t[i + 4], ";") || (depth && !in_function))
         continue;
      if (i && !tok_is(p, &L->t[i - 1], ";") && !tok_is(p, &L->t[i - 1], "{") &&
          !tok_is(p, &L->t[i - 1], "}") && L->t[i - 1].kind != GLSL_TOK_DIRECTIVE)
         continue;
      if (tok_is(p, t, "return") || tok_is(p, t, "else"))
         continue;
      const struct glsl_tok *name = &L->t[i + 1];
      uint32_t size = 0;
      for (unsigned k = 0; k + 3 < L->n; k++) {
         const struct glsl_tok *r = &L->t[k];
         if (r->len != name->len || memcmp(p + r->at, p + name->at, r->len) ||
             (k && tok_is(p, &L->t[k - 1], ".")) || !tok_is(p, &L->t[k + 1], "[") ||
             !tok_is(p, &L->t[k + 3], "]") || !is_int_literal(p, &L->t[k + 2]))
            continue;
         const unsigned long v = strtoul(p + L->t[k + 2].at, NULL, 10);
         if (v < 65536 && v + 1 > size)
            size = (uint32_t)v + 1;
      }
      /* only an array whose length() the unit takes, and that it does not declare again (a
       * redeclaration with a size, which then sizes it) */
      bool length = false, again = false;
      for (unsigned k = 1; k + 3 < L->n && !again; k++) {
         const struct glsl_tok *r = &L->t[k];
         if (r->len != name->len || memcmp(p + r->at, p + name->at, r->len) || k == i + 1)
            continue;
         length |= tok_is(p, &L->t[k + 1], ".") && tok_is(p, &L->t[k + 2], "length") &&
                   tok_is(p, &L->t[k + 3], "(");
         again = L->t[k - 1].kind == GLSL_TOK_IDENT && tok_is(p, &L->t[k + 1], "[") &&
                 !tok_is(p, &L->t[k - 1], "return");
      }
      length &= ssbo;
      if (again || (depth && !length))
         continue;
      struct glsl_str with = {0};
      if (depth) {
         if (!size)
            continue;
         glsl_str_printf(&with, "[%u", size);
      } else {
         if (!mgu_array_reserve(u->implicit_sizes, u->cap_implicit_sizes,
                                (uint64_t)u->num_implicit_sizes + 1)) {
            L->oom = true;
            return;
         }
         char *nm = malloc(name->len + 1);
         if (!nm) {
            L->oom = true;
            return;
         }
         memcpy(nm, p + name->at, name->len);
         nm[name->len] = '\0';
         /* (recorded either way: its largest index sizes the objects that take length()) */
         u->implicit_sizes[u->num_implicit_sizes++] = (struct glsl_binding){nm, (int)size, length};
         if (!length)
            continue;
         glsl_str_printf(&with, "[" GLSL_IMPLICIT_SIZE "%s", nm);
      }
      add_owned_edit(L, &L->t[i + 2], &with);
      i += 4;
   }
   merge_edits(L, first_edit);
}

/* GL 3.3, 2.11.3: several vertex inputs may share a location (aliasing) as long as no path
 * through the shader reads two of them; glslang refuses two `layout(location = N) in`
 * declarations with one N at compile time. Such declarations lose their layout here and their
 * locations go to the linker as u->taken (explicit, as the app wrote them; glsl_link.c
 * then makes same-typed aliases one input). Other explicit locations stay in the text. */
static void
alias_vertex_locations(struct lower *L, struct glsl_unit *u)
{
   const char *p = L->p;
   struct located {
      unsigned layout, close, name;
      int location;
   } e[GLSL_MAX_VERTEX_ATTRIBS * 4];
   unsigned n = 0;
   int depth = 0;
   for (unsigned i = 0; i < L->n; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind == GLSL_TOK_PUNCT) {
         depth += p[t->at] == '{' ? 1 : p[t->at] == '}' ? -1 : 0;
         continue;
      }
      /* layout ( location = N ) in ... name [ [...] ] ; at global scope */
      if (depth || i + 6 >= L->n || !tok_is(p, t, "layout") || !tok_is(p, &L->t[i + 1], "(") ||
          !tok_is(p, &L->t[i + 2], "location") || !tok_is(p, &L->t[i + 3], "=") ||
          L->t[i + 4].kind != GLSL_TOK_NUMBER || !tok_is(p, &L->t[i + 5], ")") ||
          !tok_is(p, &L->t[i + 6], "in"))
         continue;
      unsigned semi;
      const unsigned name = decl_name(L, i + 7, &semi);
      if (!name || n == sizeof(e) / sizeof(e[0]))
         continue;
      e[n++] = (struct located){i, i + 5, name, (int)strtol(p + L->t[i + 4].at, NULL, 0)};
      i = semi;
   }
   for (unsigned a = 0; a < n && !L->oom; a++) {
      bool shared = false;
      for (unsigned b = 0; b < n && !shared; b++)
         shared = b != a && e[b].location == e[a].location;
      if (!shared)
         continue;
      if (!take_layout(L, u, &L->t[e[a].name], e[a].location, 0))
         return;
      const uint32_t from = L->t[e[a].layout].at, to = L->t[e[a].close].at + 1;
      add_edit(L, from, to - from, NULL, NULL, 0);
   }
}

/* ARB_blend_func_extended with ARB_explicit_attrib_location gives GLSL 1.30 and 1.40 fragment
 * outputs layout(location = N, index = I) (Mesa takes it so); glslang takes `index` only from
 * 1.50 on, and refuses two outputs at one location without it. Such a layout is taken out of the
 * text and goes to the linker as u->taken, which applies the location and the index as it does
 * glBindFragDataLocationIndexed's. Only once ARB_explicit_attrib_location is enabled: before
 * that the layout stays, and glslang refuses it. */
static void
take_output_indices(struct lower *L, struct glsl_unit *u)
{
   const char *p = L->p;
   bool explicit_location = false;
   int depth = 0;
   for (unsigned i = 0; i < L->n && !L->oom; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind == GLSL_TOK_DIRECTIVE) {
         char name[64], behavior[16];
         if (sscanf(p + t->at, "# extension %63[A-Za-z0-9_] : %15[a-z]", name, behavior) == 2 &&
             !strcmp(name, "GL_ARB_explicit_attrib_location"))
            explicit_location = strcmp(behavior, "disable") != 0;
         continue;
      }
      if (t->kind == GLSL_TOK_PUNCT) {
         depth += p[t->at] == '{' ? 1 : p[t->at] == '}' ? -1 : 0;
         continue;
      }
      /* layout ( location = N , index = I ) out ... name [ [...] ] ; (either order), global */
      if (depth || !explicit_location || i + 10 >= L->n || !tok_is(p, t, "layout") ||
          !tok_is(p, &L->t[i + 1], "(") || !tok_is(p, &L->t[i + 5], ",") ||
          !tok_is(p, &L->t[i + 9], ")") || !tok_is(p, &L->t[i + 10], "out"))
         continue;
      int location = -1, index = -1;
      for (unsigned q = i + 2; q <= i + 6; q += 4) {
         if (!tok_is(p, &L->t[q + 1], "=") || L->t[q + 2].kind != GLSL_TOK_NUMBER)
            break;
         const int value = (int)strtol(p + L->t[q + 2].at, NULL, 0);
         if (tok_is(p, &L->t[q], "location"))
            location = value;
         else if (tok_is(p, &L->t[q], "index"))
            index = value;
      }
      if (location < 0 || index < 0)
         continue;
      if (index > 1) {
         glsl_str_printf(L->log,
                         "ERROR: 0:%d: 'index' : a fragment output's index must be 0 or "
                         "1\n",
                         t->line);
         L->failed = true;
         continue;
      }
      unsigned semi;
      const unsigned name = decl_name(L, i + 11, &semi);
      if (!name || !take_layout(L, u, &L->t[name], location, index))
         continue;
      add_edit(L, t->at, L->t[i + 9].at + 1 - t->at, NULL, NULL, 0);
      i = semi;
   }
}

/* Whether a directive is `#extension <ext> : ...`. Directives for extensions mgl has but glslang
 * does not know (it refuses `require`) go: GL_ARB_blend_func_extended, whose `index` glslang
 * takes from 1.50 on and take_output_indices below that; GL_ARB_compatibility in a
 * compatibility context, whose built-ins glsl_compat.c lowers. */
static bool
extension_named(const char *directive, const char *ext)
{
   char name[64];
   return sscanf(directive, "# extension %63[A-Za-z0-9_]", name) == 1 && !strcmp(name, ext);
}

/* ESSL 1.00 extensions mgl implements by lowering (their names are no desktop extensions, so
 * glslang's desktop mode would warn about `enable` and refuse `require`): GL_EXT_frag_depth
 * (gl_FragDepthEXT) and GL_EXT_draw_buffers (gl_FragData[n] with n up to gl_MaxDrawBuffers,
 * which desktop GLSL has anyway); GL_OES_standard_derivatives (dFdx, dFdy, fwidth) and
 * GL_OES_texture_3D (sampler3D, texture3D*), which the desktop GLSL it becomes has;
 * GL_EXT_draw_instanced (gl_InstanceIDEXT, desktop's gl_InstanceID); GLSL ES 3.10's
 * GL_OES_viewport_array (gl_ViewportIndex, which the desktop GLSL 4.30 it becomes has). The
 * directive is recorded and taken out; others stay for glslang to judge. */
static void
es_extension(struct lower *L, struct glsl_unit *u, const struct glsl_tok *t)
{
   char name[64], behavior[16];
   if (sscanf(L->p + t->at, "# extension %63[A-Za-z0-9_] : %15[a-z]", name, behavior) != 2)
      return;
   bool on = strcmp(behavior, "disable") != 0;
   if (!strcmp(name, "GL_EXT_frag_depth"))
      u->frag_depth_ext = on;
   else if (!strcmp(name, "GL_EXT_draw_buffers"))
      u->draw_buffers_ext = on;
   else if (!strcmp(name, "GL_EXT_draw_instanced"))
      u->draw_instanced_ext = on;
   else if (strcmp(name, "GL_OES_standard_derivatives") && strcmp(name, "GL_OES_texture_3D") &&
            strcmp(name, "GL_OES_viewport_array") && /* (GLSL 4.30's gl_ViewportIndex) */
            strcmp(name, "GL_NV_image_formats"))     /* (GLSL 4.30's image formats) */
      return;
   add_edit(L, t->at, t->len, NULL, NULL, 0);
}

/* GL_ARB_draw_instanced in desktop GLSL: gl_InstanceIDARB is gl_InstanceID under another name
 * (glslang knows neither the directive nor the name). The directive is recorded and taken out. */
static void
draw_instanced_arb(struct lower *L, struct glsl_unit *u, const struct glsl_tok *t)
{
   char behavior[16];
   if (sscanf(L->p + t->at, "# extension GL_ARB_draw_instanced : %15[a-z]", behavior) != 1)
      return;
   u->draw_instanced_ext = strcmp(behavior, "disable") != 0;
   add_edit(L, t->at, t->len, NULL, NULL, 0);
}

/* Extensions that are nothing but built-ins a later GLSL version has in core: that version
 * (0 for another directive). */
static int
core_in(const char *directive)
{
   static const struct {
      const char *name;
      int version;
   } exts[] = {
      {"GL_ARB_ES3_1_compatibility", 450},          /* GLSL 4.50 has what it adds */
      {"GL_ARB_ES3_2_compatibility", 450},          /* #version 320 es only */
      {"GL_ARB_derivative_control", 450},           /* dFdxFine ... */
      {"GL_ARB_fragment_layer_viewport", 430},      /* gl_Layer, gl_ViewportIndex read */
      {"GL_ARB_shader_image_size", 430},            /* imageSize */
      {"GL_ARB_shader_texture_image_samples", 450}, /* textureSamples, imageSamples */
      {"GL_ARB_shading_language_packing", 420},     /* packHalf2x16 ... */
      {"GL_ARB_texture_query_levels", 430},         /* textureQueryLevels */
      {"GL_EXT_shader_integer_mix", 450},           /* mix(genIType, genIType, genBType) */
   };
   for (unsigned k = 0; k < sizeof(exts) / sizeof(exts[0]); k++)
      if (extension_named(directive, exts[k].name))
         return exts[k].version;
   return 0;
}

/* A default uniform declaration `layout(...) uniform;` with binding or offset (GLSL 4.20 4.4.4.6
 * and 4.4.5; Mesa takes it): neither applies to a later declaration (an atomic counter without
 * offset follows the previous counter of its binding; a block or opaque uniform names its own
 * binding), and glslang refuses both there. They are taken out, the other qualifiers (std140,
 * row_major ...) kept; a declaration left with none goes. */
static void
default_uniform_layouts(struct lower *L)
{
   const char *pp = L->p;
   int depth = 0;
   for (unsigned i = 0; i + 4 < L->n && !L->oom; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind == GLSL_TOK_PUNCT && pp[t->at] == '{')
         depth++;
      else if (t->kind == GLSL_TOK_PUNCT && pp[t->at] == '}' && depth)
         depth--;
      if (depth || t->kind != GLSL_TOK_IDENT || !tok_is(pp, t, "layout") ||
          !tok_is(pp, &L->t[i + 1], "("))
         continue;
      const unsigned close = closing(L, i + 1);
      if (close + 2 >= L->n || !tok_is(pp, &L->t[close + 1], "uniform") ||
          !tok_is(pp, &L->t[close + 2], ";"))
         continue;
      struct glsl_str kept = {0};
      unsigned num_kept = 0;
      bool dropped = false;
      for (unsigned k = i + 2; k < close;) {
         unsigned e = k;
         for (int d = 0; e < close && (d || !tok_is(pp, &L->t[e], ",")); e++)
            d += tok_is(pp, &L->t[e], "(") ? 1 : tok_is(pp, &L->t[e], ")") ? -1 : 0;
         if (e > k && (tok_is(pp, &L->t[k], "binding") || tok_is(pp, &L->t[k], "offset"))) {
            dropped = true;
         } else if (e > k) {
            glsl_str_printf(&kept, "%s%.*s", num_kept ? ", " : "",
                            (int)(L->t[e - 1].at + L->t[e - 1].len - L->t[k].at), pp + L->t[k].at);
            num_kept++;
         }
         k = e + 1;
      }
      if (!dropped) {
         free(kept.s);
      } else if (!num_kept) {
         free(kept.s);
         add_edit(L, t->at, L->t[close + 2].at + 1 - t->at, NULL, NULL, 0);
      } else {
         char **slot = kept.oom ? NULL : mgu_array_push(L->owned, L->num_owned, L->cap_owned);
         if (!slot) {
            free(kept.s);
            L->oom = true;
            return;
         }
         *slot = glsl_str_take(&kept);
         const uint32_t from = L->t[i + 2].at;
         add_edit(L, from, L->t[close].at - from, NULL, *slot, (uint32_t)strlen(*slot));
      }
      i = close + 2;
   }
}

/* Extensions whose keywords a desktop unit below their core GLSL version may compile at a later
 * version (below): GLSL_EXT_* bits of the ones the unit has enabled so far. */
enum {
   GLSL_EXT_COMPUTE = 1u << 0, /* GL_ARB_compute_shader (GLSL 4.30) */
   GLSL_EXT_SSBO = 1u << 1,    /* GL_ARB_shader_storage_buffer_object (4.30) */
   GLSL_EXT_IMAGE = 1u << 2,   /* GL_ARB_shader_image_load_store (4.20) */
   GLSL_EXT_ATOMIC = 1u << 3,  /* GL_ARB_shader_atomic_counters (4.20) */
   GLSL_EXT_FP64 = 1u << 4,    /* GL_ARB_gpu_shader_fp64 (4.00) */
   GLSL_EXT_GPU5 = 1u << 5,    /* GL_ARB_gpu_shader5 (4.00) */
   GLSL_EXT_TESS = 1u << 6,    /* GL_ARB_tessellation_shader (4.00) */
};

/* Whether a directive of len bytes has `word` in it. */
static bool
directive_has(const char *s, size_t len, const char *word)
{
   const size_t n = strlen(word);
   for (size_t i = 0; i + n <= len; i++)
      if (!memcmp(s + i, word, n))
         return true;
   return false;
}

/* The GLSL_EXT_* bit a directive names, or 0. */
static uint32_t
keyword_extension(const char *directive)
{
   static const struct {
      const char *name;
      uint32_t bit;
   } exts[] = {
      {"GL_ARB_compute_shader", GLSL_EXT_COMPUTE},
      {"GL_ARB_shader_storage_buffer_object", GLSL_EXT_SSBO},
      {"GL_ARB_shader_image_load_store", GLSL_EXT_IMAGE},
      {"GL_ARB_shader_atomic_counters", GLSL_EXT_ATOMIC},
      {"GL_ARB_gpu_shader_fp64", GLSL_EXT_FP64},
      {"GL_ARB_gpu_shader5", GLSL_EXT_GPU5},
      {"GL_ARB_tessellation_shader", GLSL_EXT_TESS},
   };
   for (unsigned k = 0; k < sizeof(exts) / sizeof(exts[0]); k++)
      if (extension_named(directive, exts[k].name))
         return exts[k].bit;
   return 0;
}

/* Words that are keywords from a GLSL version on, or with an extension (any of `exts`), and
 * plain identifiers before (GLSL 4.30 3.6; Mesa's lexer and glslang's scanner agree). A unit
 * may be compiled at a later version than the app's (a compute shader below 4.30, a storage
 * block, arrays of arrays ...): such a word of the app's then stays an identifier (mangled as the
 * Vulkan keywords are). `reserved`: a reserved word of the app's version instead (the doubles:
 * GLSL 1.10-3.30 reserve them), an error. */
static const struct {
   const char *name;
   uint16_t core;
   uint8_t exts;
   bool reserved;
} late_keywords[] = {
   {"buffer", 430, GLSL_EXT_SSBO, false},
   {"sample", 400, GLSL_EXT_GPU5, false},
   {"patch", 400, GLSL_EXT_TESS, false},
   {"coherent", 420, GLSL_EXT_IMAGE | GLSL_EXT_SSBO, false},
   {"volatile", 420, GLSL_EXT_IMAGE | GLSL_EXT_SSBO, false},
   {"restrict", 420, GLSL_EXT_IMAGE | GLSL_EXT_SSBO, false},
   {"readonly", 420, GLSL_EXT_IMAGE | GLSL_EXT_SSBO, false},
   {"writeonly", 420, GLSL_EXT_IMAGE | GLSL_EXT_SSBO, false},
   {"atomic_uint", 420, GLSL_EXT_ATOMIC, false},
   {"double", 400, GLSL_EXT_FP64, true},
   {"dvec2", 400, GLSL_EXT_FP64, true},
   {"dvec3", 400, GLSL_EXT_FP64, true},
   {"dvec4", 400, GLSL_EXT_FP64, true},
   {"dmat2", 400, GLSL_EXT_FP64, true},
   {"dmat3", 400, GLSL_EXT_FP64, true},
   {"dmat4", 400, GLSL_EXT_FP64, true},
   {"dmat2x2", 400, GLSL_EXT_FP64, true},
   {"dmat2x3", 400, GLSL_EXT_FP64, true},
   {"dmat2x4", 400, GLSL_EXT_FP64, true},
   {"dmat3x2", 400, GLSL_EXT_FP64, true},
   {"dmat3x3", 400, GLSL_EXT_FP64, true},
   {"dmat3x4", 400, GLSL_EXT_FP64, true},
   {"dmat4x2", 400, GLSL_EXT_FP64, true},
   {"dmat4x3", 400, GLSL_EXT_FP64, true},
   {"dmat4x4", 400, GLSL_EXT_FP64, true},
};

/* Whether an identifier is an image type (GLSL 4.20 4.1.7.2): [iu]image + a dimension. */
static bool
image_type_name(const char *s, size_t len)
{
   static const char *const dims[] = {
      "1D",      "2D",      "3D",        "2DRect", "Cube",      "Buffer",
      "1DArray", "2DArray", "CubeArray", "2DMS",   "2DMSArray",
   };
   if (len > 1 && (s[0] == 'i' || s[0] == 'u') && s[1] == 'i')
      s++, len--;
   if (len < 6 || memcmp(s, "image", 5))
      return false;
   return find_name(dims, sizeof(dims) / sizeof(dims[0]), s + 5, len - 5) >= 0;
}

/* The late_keywords entry (or -2: an image type, GLSL 4.20 / GL_ARB_shader_image_load_store)
 * that token s is, when the app's `version` does not have it with the extensions `exts` on;
 * -1 otherwise. */
static int
late_keyword(const char *s, size_t len, int version, uint32_t exts)
{
   if (image_type_name(s, len))
      return version >= 420 || (exts & GLSL_EXT_IMAGE) ? -1 : -2;
   for (unsigned k = 0; k < sizeof(late_keywords) / sizeof(late_keywords[0]); k++)
      if (strlen(late_keywords[k].name) == len && !memcmp(late_keywords[k].name, s, len))
         return version >= late_keywords[k].core || (exts & late_keywords[k].exts) ? -1 : (int)k;
   return -1;
}

const char *const glsl_es_withheld_extensions[] = {
   "GL_ANDROID_extension_pack_es31a",
   "GL_EXT_geometry_point_size",
   "GL_EXT_geometry_shader",
   "GL_EXT_gpu_shader5",
   "GL_EXT_primitive_bounding_box",
   "GL_EXT_shader_io_blocks",
   "GL_EXT_tessellation_point_size",
   "GL_EXT_tessellation_shader",
   "GL_EXT_texture_buffer",
   "GL_EXT_texture_cube_map_array",
   "GL_OES_EGL_image_external",
   "GL_OES_EGL_image_external_essl3",
   "GL_OES_geometry_point_size",
   "GL_OES_geometry_shader",
   "GL_OES_gpu_shader5",
   "GL_OES_primitive_bounding_box",
   "GL_OES_sample_variables",
   "GL_OES_shader_image_atomic",
   "GL_OES_shader_io_blocks",
   "GL_OES_shader_multisample_interpolation",
   "GL_OES_tessellation_point_size",
   "GL_OES_tessellation_shader",
   "GL_OES_texture_buffer",
   "GL_OES_viewport_array",
   "GL_OES_texture_cube_map_array",
   "GL_NV_image_formats",
   "GL_OES_texture_storage_multisample_2d_array",
   NULL,
};

/* The ES extensions of glsl_es_withheld_extensions an ES context may offer, each with the deny
 * bits any one of which withholds it (glsl.h). */
static const struct {
   const char *name;
   uint32_t deny;
} es_offered[] = {
   {"GL_EXT_geometry_point_size", GLSL_DENY_ES_GEOMETRY | GLSL_DENY_ES_POINT_SIZE},
   {"GL_EXT_geometry_shader", GLSL_DENY_ES_GEOMETRY},
   {"GL_EXT_gpu_shader5", GLSL_DENY_GPU_SHADER5},
   {"GL_EXT_primitive_bounding_box", GLSL_DENY_ESSL310},
   {"GL_EXT_shader_io_blocks", GLSL_DENY_ESSL310},
   {"GL_EXT_tessellation_point_size", GLSL_DENY_ES_TESSELLATION | GLSL_DENY_ES_POINT_SIZE},
   {"GL_EXT_tessellation_shader", GLSL_DENY_ES_TESSELLATION},
   {"GL_EXT_texture_buffer", GLSL_DENY_ES_TEXTURE_BUFFER},
   {"GL_EXT_texture_cube_map_array", GLSL_DENY_ES_CUBE_ARRAY},
   {"GL_KHR_blend_equation_advanced", GLSL_DENY_BLEND_ADVANCED},
   {"GL_OES_geometry_point_size", GLSL_DENY_ES_GEOMETRY | GLSL_DENY_ES_POINT_SIZE},
   {"GL_OES_geometry_shader", GLSL_DENY_ES_GEOMETRY},
   {"GL_OES_gpu_shader5", GLSL_DENY_GPU_SHADER5},
   {"GL_OES_primitive_bounding_box", GLSL_DENY_ESSL310},
   {"GL_OES_sample_variables", GLSL_DENY_ES_SAMPLE_VARIABLES},
   {"GL_OES_shader_image_atomic", GLSL_DENY_ES_IMAGE_ATOMIC},
   {"GL_OES_shader_io_blocks", GLSL_DENY_ESSL310},
   {"GL_OES_shader_multisample_interpolation",
    GLSL_DENY_ES_SAMPLE_VARIABLES | GLSL_DENY_GPU_SHADER5},
   {"GL_OES_tessellation_point_size", GLSL_DENY_ES_TESSELLATION | GLSL_DENY_ES_POINT_SIZE},
   {"GL_OES_tessellation_shader", GLSL_DENY_ES_TESSELLATION},
   {"GL_OES_texture_buffer", GLSL_DENY_ES_TEXTURE_BUFFER},
   {"GL_OES_texture_cube_map_array", GLSL_DENY_ES_CUBE_ARRAY},
   {"GL_OES_texture_storage_multisample_2d_array", GLSL_DENY_ES_MS_2D_ARRAY},
   {"GL_OES_viewport_array", GLSL_DENY_VIEWPORT_ARRAY},
   {"GL_NV_image_formats", GLSL_DENY_ES_IMAGE_FORMATS},
};

bool
glsl_es_withheld(const char *name, size_t len, uint32_t deny)
{
   for (size_t i = 0; i < sizeof(es_offered) / sizeof(es_offered[0]); i++)
      if (strlen(es_offered[i].name) == len && !memcmp(es_offered[i].name, name, len))
         return (deny & es_offered[i].deny) != 0;
   for (unsigned i = 0; glsl_es_withheld_extensions[i]; i++)
      if (strlen(glsl_es_withheld_extensions[i]) == len &&
          !memcmp(glsl_es_withheld_extensions[i], name, len))
         return true;
   return false;
}

/* Whether an #extension directive names one of glsl_es_withheld_extensions. */
static bool
withheld_es_named(const char *s, uint32_t deny)
{
   char name[64];
   return sscanf(s, "# extension %63[A-Za-z0-9_]", name) == 1 &&
          glsl_es_withheld(name, strlen(name), deny);
}

/* An extension glslang knows but the context does not offer (glsl.h, GLSL_DENY_GPU_SHADER5,
 * GLSL_DENY_VIEWPORT_ARRAY, GLSL_DENY_CULL_DISTANCE, GLSL_DENY_IMAGE_QUERIES,
 * GLSL_DENY_DERIVATIVE_CONTROL, GLSL_DENY_VERTEX_ATTRIB_64BIT, GLSL_DENY_GROUP_VOTE,
 * GLSL_DENY_ENHANCED_LAYOUTS, GLSL_DENY_TEXTURE_QUERY_LOD, GLSL_DENY_LAYER_VIEWPORT,
 * GLSL_DENY_STENCIL_EXPORT, GLSL_DENY_SHADER_CLOCK, GLSL_DENY_BLEND_ADVANCED,
 * GLSL_DENY_INT64, GLSL_DENY_BALLOT):
 * GLSL 1.50 3.3's behaviours for an extension the implementation lacks. `require` fails the unit;
 * `enable` and `warn` warn; the directive goes, so that glslang leaves the extension off. */
static void
withheld_extension(struct lower *L, const struct glsl_tok *t)
{
   char name[64], behavior[16];
   if (sscanf(L->p + t->at, "# extension %63[A-Za-z0-9_] : %15[a-z]", name, behavior) != 2)
      return; /* malformed: glslang's own error stands */
   if (!strcmp(behavior, "require")) {
      glsl_str_printf(L->log, "ERROR: 0:%d: '#extension' : extension not supported: %s\n", t->line,
                      name);
      L->failed = true;
   } else if (strcmp(behavior, "disable")) {
      glsl_str_printf(L->log, "WARNING: 0:%d: '#extension' : extension not supported: %s\n",
                      t->line, name);
   }
   add_edit(L, t->at, t->len, NULL, NULL, 0);
}

/* ESSL 3.00+'s GL_EXT_texture_query_lod (textureQueryLOD) and GL_EXT_shader_group_vote
 * (anyInvocationEXT, allInvocationsEXT, allInvocationsEqualEXT): desktop GL_ARB_texture_query_lod
 * and GL_ARB_shader_group_vote under ES names, which glslang does not know. The directive becomes
 * the ARB one (glsl.c made `require` `enable`); the votes' EXT names become the ARB ones
 * (vote_name), which glslang declares from GLSL 4.30 on: the unit compiles as 4.30 (textureQueryLOD
 * is there from 1.50, below the 3.30 that GLSL ES 3.00 is). Withheld where the context lacks
 * them (GLSL_DENY_TEXTURE_QUERY_LOD, GLSL_DENY_GROUP_VOTE). Returns whether the directive turns
 * the votes on (1), off (0) or is another's (-1). */
static int
es_arb_extension(struct lower *L, struct glsl_unit *u, const struct glsl_tok *t, uint32_t deny)
{
   const bool vote = extension_named(L->p + t->at, "GL_EXT_shader_group_vote");
   if (!vote && !extension_named(L->p + t->at, "GL_EXT_texture_query_lod"))
      return -1;
   if (deny & (vote ? GLSL_DENY_GROUP_VOTE : GLSL_DENY_TEXTURE_QUERY_LOD)) {
      withheld_extension(L, t);
      return vote ? 0 : -1;
   }
   const bool on = !directive_has(L->p + t->at, t->len, "disable");
   static const char *const arb[2][2] = {
      {"#extension GL_ARB_texture_query_lod : disable",
       "#extension GL_ARB_texture_query_lod : enable"},
      {"#extension GL_ARB_shader_group_vote : disable",
       "#extension GL_ARB_shader_group_vote : enable"},
   };
   add_edit(L, t->at, t->len, arb[vote][on], NULL, 0);
   if (vote && on && u->compile_version < 430)
      u->compile_version = 430;
   return vote ? on : -1;
}

/* GL_EXT_shader_group_vote's name for a vote (token s), or NULL: its ARB name, as long. */
static const char *
vote_name(const char *s, size_t len)
{
   static const char *const ext[3] = {"anyInvocationEXT", "allInvocationsEXT",
                                      "allInvocationsEqualEXT"};
   static const char *const arb[3] = {"anyInvocationARB", "allInvocationsARB",
                                      "allInvocationsEqualARB"};
   for (int k = 0; k < 3; k++)
      if (strlen(ext[k]) == len && !memcmp(ext[k], s, len))
         return arb[k];
   return NULL;
}

void
glsl_require_to_enable(char *src, const char *name)
{
   const size_t len = strlen(name);
   for (char *p = src; (p = strstr(p, name)); p += len) {
      /* `# extension` leads the line, `: require` follows the name */
      char *b = p;
      while (b > src && (b[-1] == ' ' || b[-1] == '\t'))
         b--;
      if (b - src < 9 || memcmp(b - 9, "extension", 9))
         continue;
      b -= 9;
      while (b > src && (b[-1] == ' ' || b[-1] == '\t'))
         b--;
      if (b == src || b[-1] != '#')
         continue;
      char *q = p + len;
      while (*q == ' ' || *q == '\t')
         q++;
      if (*q != ':')
         continue;
      q++;
      while (*q == ' ' || *q == '\t')
         q++;
      if (!strncmp(q, "require", 7) && !glsl_ident_char(q[7]))
         memcpy(q, "enable ", 7);
   }
}

/* GLSL 4.30 (ARB_explicit_uniform_location): layout(location = N) on a uniform of the default
 * block (a sampler, an image or a plain uniform). The front end numbers default-block uniforms
 * itself: `location = N` is taken out of the layout (the whole layout when it is all it says)
 * and the name with N goes to the linker as u->uniform_locs (index: the size of a `T name[N]`
 * array, else 1). Before GLSL 4.30 the extension must
 * be enabled; a negative N, or one at or past GLSL_MAX_UNIFORM_LOCATIONS, fails the unit. */
static void
take_uniform_locations(struct lower *L, struct glsl_unit *u, int version)
{
   const char *p = L->p;
   bool enabled = version >= 430;
   int depth = 0;
   for (unsigned i = 0; i < L->n && !L->oom; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind == GLSL_TOK_DIRECTIVE) {
         if (extension_named(p + t->at, "GL_ARB_explicit_uniform_location"))
            enabled = version >= 430 || !strstr(p + t->at, "disable");
         continue;
      }
      if (t->kind == GLSL_TOK_PUNCT) {
         depth += p[t->at] == '{' ? 1 : p[t->at] == '}' ? -1 : 0;
         continue;
      }
      if (depth || !tok_is(p, t, "layout") || i + 1 >= L->n || !tok_is(p, &L->t[i + 1], "("))
         continue;
      unsigned q = i + 2, loc = 0, items = 1;
      for (; q < L->n && !tok_is(p, &L->t[q], ")"); q++) {
         if (tok_is(p, &L->t[q], "location"))
            loc = q;
         else if (tok_is(p, &L->t[q], ","))
            items++;
      }
      const unsigned close = q;
      /* the declaration's other qualifiers (in any order from GLSL 4.20): a uniform, unless a
       * block body follows */
      bool uniform = false, block = false, subroutine = false;
      for (unsigned b = i;
           b-- > 0 && L->t[b].kind != GLSL_TOK_PUNCT && L->t[b].kind != GLSL_TOK_DIRECTIVE;) {
         uniform = uniform || tok_is(p, &L->t[b], "uniform");
         subroutine = subroutine || tok_is(p, &L->t[b], "subroutine");
      }
      for (; q < L->n && !tok_is(p, &L->t[q], ";"); q++) {
         if (tok_is(p, &L->t[q], "{")) {
            block = true;
            break;
         }
         uniform = uniform || tok_is(p, &L->t[q], "uniform");
         subroutine = subroutine || tok_is(p, &L->t[q], "subroutine");
      }
      const unsigned next = q < L->n ? q - (block ? 1 : 0) : q;
      if (!loc || !uniform || block || subroutine || close >= L->n) {
         i = next;
         continue;
      }
      unsigned semi = 0;
      const unsigned name = decl_name(L, close + 1, &semi);
      const struct glsl_tok *num = loc + 2 < close ? &L->t[loc + 2] : NULL;
      long value = num && num->kind == GLSL_TOK_NUMBER ? strtol(p + num->at, NULL, 0) : -1;
      if (!enabled) {
         glsl_str_printf(L->log,
                         "ERROR: 0:%d: 'location' : explicit uniform locations need GLSL 4.30 "
                         "or GL_ARB_explicit_uniform_location\n",
                         t->line);
         L->failed = true;
      } else if (!tok_is(p, &L->t[loc + 1], "=") || !num ||
                 (loc + 3 != close && !tok_is(p, &L->t[loc + 3], ","))) {
         glsl_str_printf(L->log,
                         "ERROR: 0:%d: 'location' : a uniform location must be a non-negative "
                         "integer literal\n",
                         t->line);
         L->failed = true;
      } else if (value < 0 || value >= GLSL_MAX_UNIFORM_LOCATIONS) {
         glsl_str_printf(L->log,
                         "ERROR: 0:%d: 'location' : uniform location %ld is out of range "
                         "(GL_MAX_UNIFORM_LOCATIONS is %d)\n",
                         t->line, value, GLSL_MAX_UNIFORM_LOCATIONS);
         L->failed = true;
      } else if (!name) {
         glsl_str_printf(L->log,
                         "ERROR: 0:%d: 'location' : an explicit uniform location on a "
                         "declaration of several names is not supported (mgl)\n",
                         t->line);
         MGU_DECLINE(gl_feature_unimplemented, "an explicit location on several uniforms (line %d)",
                     t->line);
         L->failed = true;
      } else {
         if (!mgu_array_reserve(u->uniform_locs, u->cap_uniform_locs,
                                (uint64_t)u->num_uniform_locs + 1)) {
            L->oom = true;
            return;
         }
         const struct glsl_tok *n = &L->t[name];
         char *nm = malloc(n->len + 1);
         if (!nm) {
            L->oom = true;
            return;
         }
         memcpy(nm, p + n->at, n->len);
         nm[n->len] = '\0';
         /* index: the locations `T name[N]` declares, which an inactive uniform keeps */
         long size = 1;
         if (name + 3 < L->n && tok_is(p, &L->t[name + 1], "[") &&
             L->t[name + 2].kind == GLSL_TOK_NUMBER && tok_is(p, &L->t[name + 3], "]"))
            size = strtol(p + L->t[name + 2].at, NULL, 0);
         u->uniform_locs[u->num_uniform_locs++] = (struct glsl_binding){
            nm, (int)value, size > 0 && size < GLSL_MAX_UNIFORM_LOCATIONS ? (int)size : 1};
         uint32_t from, to;
         if (items == 1) { /* layout ( location = N ) */
            from = t->at;
            to = L->t[close].at + 1;
         } else if (loc + 3 != close) { /* location = N , */
            from = L->t[loc].at;
            to = L->t[loc + 3].at + 1;
         } else { /* , location = N */
            from = L->t[loc - 1].at;
            to = L->t[loc + 2].at + L->t[loc + 2].len;
         }
         add_edit(L, from, to - from, NULL, NULL, 0);
      }
      i = next;
   }
}

static void
lower_error(struct lower *L, int line, const char *msg)
{
   glsl_str_printf(L->log, "ERROR: 0:%d: 'gl_FragCoord' : %s\n", line, msg);
   L->failed = true;
}

/* Whether tokens [first, last) form the qualifiers of a gl_FragCoord redeclaration:
 * [layout(origin_upper_left, pixel_center_integer)] in [precision] (vec4 comes next). Sets the
 * GLSL_FRAGCOORD_* bits they ask for. */
static bool
fragcoord_qualifiers(const struct lower *L, unsigned first, unsigned last, int *bits)
{
   static const char *const allowed[] = {"layout",
                                         "(",
                                         ")",
                                         ",",
                                         "in",
                                         "highp",
                                         "mediump",
                                         "lowp",
                                         "origin_upper_left",
                                         "pixel_center_integer"};
   bool in = false;
   *bits = 0;
   for (unsigned i = first; i < last; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (find_name(allowed, sizeof(allowed) / sizeof(allowed[0]), L->p + t->at, t->len) < 0)
         return false;
      if (tok_is(L->p, t, "in"))
         in = true;
      else if (tok_is(L->p, t, "origin_upper_left"))
         *bits |= GLSL_FRAGCOORD_UPPER_LEFT;
      else if (tok_is(L->p, t, "pixel_center_integer"))
         *bits |= GLSL_FRAGCOORD_PIXEL_CENTER_INTEGER;
   }
   return in;
}

/* Whether tokens [first, last) form the qualifiers of a gl_FragDepth redeclaration with a
 * conservative depth layout (GL_ARB_conservative_depth, GLSL 4.20 4.4.2.3):
 * [layout(depth_any | depth_greater | depth_less | depth_unchanged)] out [precision] (float
 * comes next). Sets *layout to the GLSL_FRAGDEPTH_* it asks for. */
static bool
fragdepth_qualifiers(const struct lower *L, unsigned first, unsigned last, int *layout)
{
   static const char *const allowed[] = {
      "layout",         "(",    ")",         "out",           "highp",
      "mediump",        "lowp", "depth_any", "depth_greater", "depth_less",
      "depth_unchanged"};
   bool out = false;
   int found = 0;
   for (unsigned i = first; i < last; i++) {
      const struct glsl_tok *t = &L->t[i];
      const int k = find_name(allowed, sizeof(allowed) / sizeof(allowed[0]), L->p + t->at, t->len);
      if (k < 0)
         return false;
      if (k == 3)
         out = true;
      if (k >= 7) {
         *layout = k - 7; /* GLSL_FRAGDEPTH_ANY .. GLSL_FRAGDEPTH_UNCHANGED */
         found++;
      }
   }
   if (!found)
      *layout = GLSL_FRAGDEPTH_NONE; /* `out float gl_FragDepth;`, which changes nothing */
   return out && found <= 1;
}

/* apply() wants the edits in text order: edits [0, early) and [early, num_edits) are each in
 * order; merge them (stable: the earlier one first at one position). */
static void
merge_edits(struct lower *L, unsigned early)
{
   for (unsigned i = early; i < L->num_edits; i++) {
      struct edit e = L->edits[i];
      unsigned k = i;
      for (; k > 0 && L->edits[k - 1].at > e.at; k--)
         L->edits[k] = L->edits[k - 1];
      L->edits[k] = e;
   }
}

static char *
apply(const struct lower *L, const char *head)
{
   struct glsl_str out = {0};
   glsl_str_append(&out, head);
   uint32_t pos = 0;
   for (unsigned i = 0; i < L->num_edits; i++) {
      const struct edit *e = &L->edits[i];
      glsl_str_printf(&out, "%.*s", (int)(e->at - pos), L->p + pos);
      if (e->prefix || e->with) {
         glsl_str_printf(&out, "%s%.*s", e->prefix ? e->prefix : "", (int)e->with_len,
                         e->with ? e->with : "");
      } else {
         for (uint32_t k = 0; k < e->len; k++)
            glsl_str_append(&out, L->p[e->at + k] == '\n' ? "\n" : " ");
      }
      pos = e->at + e->len;
   }
   glsl_str_append(&out, L->p + pos);
   if (out.oom) {
      free(out.s);
      return NULL;
   }
   return glsl_str_take(&out);
}

/* GL 2.1 §3.8.14 / GLSL 1.20 §8.7: a GLSL 1.10/1.20 shadow*() returns the comparison
 * expanded as the texture's GL_DEPTH_TEXTURE_MODE says (LUMINANCE (r, r, r, 1), INTENSITY
 * (r, r, r, r), ALPHA (0, 0, 0, r), RED (r, 0, 0, 1)), then swizzled by GL_TEXTURE_SWIZZLE_*.
 * Vulkan's comparison is one scalar, and a helper cannot tell which sampler it was given, so
 * the mode travels with the sampler: each `uniform sampler*Shadow name;` or `name[N];` declared
 * alone gets a hidden `uniform vec4 _mgl_DM_name[2]` (`[2 * N]`: per element the multiplier and
 * the addend of m * r + a, which the front end writes from the texture at the sampler's unit:
 * glsl_default_block.depth_modes), and a call whose sampler is that name, or an element of it,
 * passes the pair first, to the helper overloads that take it (helper_fns). Another sampler
 * (a function parameter, a struct member, a declaration of several names) keeps GL_RED's
 * vector, declined by name. */
static void
shadow_depth_modes(struct lower *L, const uint8_t *shadow_call)
{
   const char *p = L->p;
   enum { MAX_SHADOW = 32 };
   struct {
      unsigned name;
      bool array;
   } decl[MAX_SHADOW];
   unsigned nd = 0, stmt = 0;
   int depth = 0;
   for (unsigned i = 0; i < L->n; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind == GLSL_TOK_DIRECTIVE) {
         stmt = i + 1;
      } else if (tok_is(p, t, "{")) {
         depth++;
      } else if (tok_is(p, t, "}")) {
         if (depth && !--depth)
            stmt = i + 1;
      } else if (!depth && tok_is(p, t, ";")) {
         unsigned semi = 0, name = decl_name(L, stmt, &semi);
         bool uniform = false;
         for (unsigned k = stmt; name && k < name; k++)
            uniform |= tok_is(p, &L->t[k], "uniform");
         const struct glsl_tok *type = name ? &L->t[name - 1] : NULL;
         const bool array = name && name + 1 < semi;
         if (uniform && nd < MAX_SHADOW &&
             (tok_is(p, type, "sampler1DShadow") || tok_is(p, type, "sampler2DShadow") ||
              tok_is(p, type, "sampler2DRectShadow") || tok_is(p, type, "sampler1DArrayShadow") ||
              tok_is(p, type, "sampler2DArrayShadow")) &&
             (!array || (name + 4 == semi && L->t[name + 2].kind == GLSL_TOK_NUMBER))) {
            struct glsl_str d = {0};
            const struct glsl_tok *n = &L->t[name];
            glsl_str_printf(&d, "; uniform vec4 _mgl_DM_%.*s[%d];", (int)n->len, p + n->at,
                            array ? 2 * atoi(p + L->t[name + 2].at) : 2);
            add_owned_edit(L, t, &d);
            decl[nd].name = name;
            decl[nd++].array = array;
         }
         stmt = i + 1;
      }
   }
   for (unsigned i = 0; i + 2 < L->n; i++) {
      if (!shadow_call[i])
         continue;
      const unsigned open = i + 1, close = closing(L, open);
      unsigned end = open + 1; /* the first argument's end: its `,` */
      for (int d = 0; end < close; end++) {
         const char c = L->t[end].kind == GLSL_TOK_PUNCT ? p[L->t[end].at] : 0;
         d += c == '(' || c == '[' ? 1 : c == ')' || c == ']' ? -1 : 0;
         if (!d && c == ',')
            break;
      }
      const struct glsl_tok *arg = &L->t[open + 1];
      unsigned k = 0;
      while (k < nd && !(L->t[decl[k].name].len == arg->len &&
                         !memcmp(p + L->t[decl[k].name].at, p + arg->at, arg->len)))
         k++;
      const bool plain = k < nd && !decl[k].array && end == open + 2;
      const bool element = k < nd && decl[k].array && end > open + 4 &&
                           tok_is(p, &L->t[open + 2], "[") && closing(L, open + 2) == end - 1;
      if (!plain && !element) {
         MGU_DECLINE(gl_feature_unimplemented,
                     "%.*s() of a sampler that is not a uniform declared alone: "
                     "GL_DEPTH_TEXTURE_MODE is not applied (it reads GL_RED's (r, 0, 0, 1))",
                     (int)L->t[i].len, p + L->t[i].at);
         continue;
      }
      struct glsl_str a = {0};
      if (plain) {
         glsl_str_printf(&a, "(_mgl_DM_%.*s[0], _mgl_DM_%.*s[1], ", (int)arg->len, p + arg->at,
                         (int)arg->len, p + arg->at);
      } else {
         const uint32_t from = L->t[open + 3].at, to = L->t[end - 1].at;
         const int il = (int)(to - from);
         glsl_str_printf(&a, "(_mgl_DM_%.*s[2 * (%.*s)], _mgl_DM_%.*s[2 * (%.*s) + 1], ",
                         (int)arg->len, p + arg->at, il, p + from, (int)arg->len, p + arg->at, il,
                         p + from);
      }
      add_owned_edit(L, &L->t[open], &a);
   }
}

/* GL_KHR_blend_equation_advanced: the advanced equations a fragment unit's layout(blend_support_*)
 * out qualifiers name (GLSL_BLEND_SUPPORT_* bits; glslang checks where the qualifier stands and
 * that the extension is enabled). */
static uint32_t
blend_support_named(const struct lower *L)
{
   static const char *const names[] = {
      "multiply",   "screen",    "overlay",        "darken",    "lighten",
      "colordodge", "colorburn", "hardlight",      "softlight", "difference",
      "exclusion",  "hsl_hue",   "hsl_saturation", "hsl_color", "hsl_luminosity",
   };
   uint32_t set = 0;
   for (unsigned i = 0; i + 1 < L->n; i++) {
      if (!tok_is(L->p, &L->t[i], "layout") || !tok_is(L->p, &L->t[i + 1], "("))
         continue;
      unsigned j = i + 2;
      for (; j < L->n && !tok_is(L->p, &L->t[j], ")"); j++) {
         const struct glsl_tok *t = &L->t[j];
         if (t->kind != GLSL_TOK_IDENT || t->len <= 14 ||
             memcmp(L->p + t->at, "blend_support_", 14))
            continue;
         const char *n = L->p + t->at + 14;
         const size_t len = t->len - 14;
         if (len == 13 && !memcmp(n, "all_equations", 13))
            set |= GLSL_BLEND_SUPPORT_ALL;
         for (unsigned k = 0; k < sizeof(names) / sizeof(names[0]); k++)
            if (strlen(names[k]) == len && !memcmp(n, names[k], len))
               set |= 1u << k;
      }
      i = j;
   }
   return set;
}

/* GLSL_BLEND_IN_SHADER: the name of the unit's colour output 0, a global `out vec4` (with a
 * precision qualifier or not) declared with layout(location = 0), or the only one (copied into
 * name); false when it has none such (an output of another unit, an array, a block). */
static bool
blend_output(const struct lower *L, char *name, size_t cap)
{
   int braces = 0, parens = 0, found = 0;
   bool at_zero = false;
   for (unsigned i = 0; i < L->n; i++) {
      const struct glsl_tok *t = &L->t[i];
      if (t->kind == GLSL_TOK_PUNCT) {
         const char c = L->p[t->at];
         braces += c == '{' ? 1 : c == '}' ? -1 : 0;
         parens += c == '(' ? 1 : c == ')' ? -1 : 0;
         continue;
      }
      if (braces || parens || !tok_is(L->p, t, "out"))
         continue;
      unsigned k = i + 1;
      if (k < L->n && (tok_is(L->p, &L->t[k], "highp") || tok_is(L->p, &L->t[k], "mediump") ||
                       tok_is(L->p, &L->t[k], "lowp")))
         k++;
      if (k + 2 >= L->n || !tok_is(L->p, &L->t[k], "vec4") || L->t[k + 1].kind != GLSL_TOK_IDENT ||
          !tok_is(L->p, &L->t[k + 2], ";"))
         continue;
      /* layout(... location = N ...) just before `out` */
      int location = -1;
      if (i >= 1 && tok_is(L->p, &L->t[i - 1], ")")) {
         const unsigned o = opening(L, i - 1);
         if (o < L->n && o >= 1 && tok_is(L->p, &L->t[o - 1], "layout"))
            for (unsigned q = o + 1; q + 2 < i; q++)
               if (tok_is(L->p, &L->t[q], "location") && tok_is(L->p, &L->t[q + 1], "=") &&
                   L->t[q + 2].kind == GLSL_TOK_NUMBER)
                  location = (int)strtol(L->p + L->t[q + 2].at, NULL, 0);
      }
      const struct glsl_tok *id = &L->t[k + 1];
      found++;
      if ((location == 0 || (location < 0 && !at_zero)) && id->len < cap) {
         memcpy(name, L->p + id->at, id->len);
         name[id->len] = '\0';
         at_zero |= location == 0;
      }
   }
   return at_zero || found == 1;
}

/* GLSL_BLEND_IN_SHADER: KHR_blend_equation_advanced's equations on premultiplied colours (its
 * f(Cs, Cd), X = Y = Z = 1, and the HSL helpers ClipColor, SetLum and SetLumSat), appended to
 * the unit with the hidden state the main() after it reads. */
static const char blend_in_shader_fns[] =
   "float _mgl_ba_lum(vec3 c) { return dot(c, vec3(0.30, 0.59, 0.11)); }\n"
   "vec3 _mgl_ba_clip(vec3 c) { float l = _mgl_ba_lum(c); float n = min(min(c.r, c.g), c.b);"
   " float x = max(max(c.r, c.g), c.b); vec3 r = c;"
   " if (n < 0.0) r = l + ((r - l) * l) / (l - n);"
   " if (x > 1.0) r = l + ((r - l) * (1.0 - l)) / (x - l); return r; }\n"
   "vec3 _mgl_ba_setlum(vec3 b, vec3 l) {"
   " return _mgl_ba_clip(b + vec3(_mgl_ba_lum(l) - _mgl_ba_lum(b))); }\n"
   "vec3 _mgl_ba_setlumsat(vec3 b, vec3 s, vec3 l) { float n = min(min(b.r, b.g), b.b);"
   " float sb = max(max(b.r, b.g), b.b) - n;"
   " float ss = max(max(s.r, s.g), s.b) - min(min(s.r, s.g), s.b);"
   " return _mgl_ba_setlum(sb > 0.0 ? (b - n) * ss / sb : vec3(0.0), l); }\n"
   "float _mgl_ba_f(int e, float s, float d) {"
   " if (e == 1) return s * d;"
   " if (e == 2) return s + d - s * d;"
   " if (e == 3) return d <= 0.5 ? 2.0 * s * d : 1.0 - 2.0 * (1.0 - s) * (1.0 - d);"
   " if (e == 4) return min(s, d);"
   " if (e == 5) return max(s, d);"
   " if (e == 6) return d <= 0.0 ? 0.0 : s >= 1.0 ? 1.0 : min(1.0, d / (1.0 - s));"
   " if (e == 7) return d >= 1.0 ? 1.0 : s <= 0.0 ? 0.0 : 1.0 - min(1.0, (1.0 - d) / s);"
   " if (e == 8) return s <= 0.5 ? 2.0 * s * d : 1.0 - 2.0 * (1.0 - s) * (1.0 - d);"
   " if (e == 9) return s <= 0.5 ? d - (1.0 - 2.0 * s) * d * (1.0 - d) : d <= 0.25 ?"
   " d + (2.0 * s - 1.0) * d * ((16.0 * d - 12.0) * d + 3.0) :"
   " d + (2.0 * s - 1.0) * (sqrt(d) - d);"
   " if (e == 10) return abs(d - s);"
   " return s + d - 2.0 * s * d; }\n"
   "vec4 _mgl_ba_blend(int e, vec4 src, vec4 dst) {"
   " vec3 s = src.a > 0.0 ? src.rgb / src.a : vec3(0.0);"
   " vec3 d = dst.a > 0.0 ? dst.rgb / dst.a : vec3(0.0); vec3 f;"
   " if (e == 12) f = _mgl_ba_setlumsat(s, d, d);"
   " else if (e == 13) f = _mgl_ba_setlumsat(d, s, d);"
   " else if (e == 14) f = _mgl_ba_setlum(s, d);"
   " else if (e == 15) f = _mgl_ba_setlum(d, s);"
   " else f = vec3(_mgl_ba_f(e, s.r, d.r), _mgl_ba_f(e, s.g, d.g), _mgl_ba_f(e, s.b, d.b));"
   " float p0 = src.a * dst.a, p1 = src.a * (1.0 - dst.a), p2 = dst.a * (1.0 - src.a);"
   " return vec4(f * p0 + s * p1 + d * p2, p0 + p1 + p2); }\n";

static bool
lower_unit(enum glsl_stage stage, const char *pp, int version, const char *profile, bool compat,
           uint64_t compat_provided, bool point_size, bool xfb_point_size, uint32_t deny,
           struct glsl_unit *u, struct glsl_str *log)
{
   memset(u, 0, sizeof(*u));
   u->version = version;
   u->es = profile && !strcmp(profile, "es");
   u->frag_coord_layout = -1;
   u->frag_depth_layout = -1;
   if (u->es) {
      /* GLSL ES 1.00 is desktop 1.20's language with precision qualifiers (which desktop 1.30+
       * takes and ignores: highp is a correct mediump); GLSL ES 3.00 is 3.30's. Lowered as
       * those, through the same path; the #version line says the desktop version. GLSL ES
       * 3.10 (compute, storage blocks, images, atomic counters, bindings) is 4.30's. */
      version = version == 100 ? 120 : version == 300 ? 330 : 430;
      profile = NULL;
   }
   u->compile_version = version < 140 ? 140 : version;
   /* gl_HelperInvocation: GLSL ES 3.10's, desktop GLSL's from 4.50 on (glslang declares it
    * there only) */
   if (u->es && u->version >= 310 && strstr(pp, "gl_HelperInvocation"))
      u->compile_version = 450;
   if ((stage == GLSL_STAGE_GEOMETRY || stage == GLSL_STAGE_TESS_CTRL ||
        stage == GLSL_STAGE_TESS_EVAL) &&
       u->compile_version < 150)
      u->compile_version = 150; /* glslang has geometry shaders from 1.50 on; Mesa takes older */

   struct lower L = {.stage = stage, .p = pp, .log = log};
   if (!glsl_tokenize(pp, version, &L.t, &L.n)) {
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }

   /* The compatibility profile's built-ins: every version before 1.40 has them in a
    * compatibility context, 1.40 with GL_ARB_compatibility, 1.50+ when it says so. */
   const bool compat_builtins = compat && !u->es &&
                                (version < 140 || (profile && !strcmp(profile, "compatibility")) ||
                                 (version == 140 && strstr(pp, "GL_ARB_compatibility")));
   if (profile && !strcmp(profile, "compatibility"))
      profile = NULL; /* compiled as core, the built-ins lowered */
   /* GLSL 1.40 moved these to the compatibility profile; ES never had them */
   bool compat_only = u->es || (version >= 140 && !compat_builtins);
   if (u->es && stage == GLSL_STAGE_FRAGMENT)
      check_es_float_precision(&L);
   if (stage == GLSL_STAGE_FRAGMENT)
      u->blend_support = blend_support_named(&L);
   if (u->es && u->version >= 310)
      check_es_unsized_last(&L);
   if (u->es && u->version >= 320)
      check_es320_withheld(&L, deny);
   if (stage == GLSL_STAGE_GEOMETRY)
      u->gs_input_size = check_gs_inputs(&L);
   if (stage == GLSL_STAGE_TESS_CTRL)
      u->tcs_vertices = tcs_output_vertices(&L);
   if (stage == GLSL_STAGE_COMPUTE)
      u->local_size_named = cs_local_size_named(&L);
   u->storage_unsized_not_last = storage_unsized_not_last(&L);
   /* (ES 3.0 2.11.5 forbids aliasing: glslang's refusal stands for ESSL 3.00) */
   if (stage == GLSL_STAGE_VERTEX && !u->es)
      alias_vertex_locations(&L, u);
   if (stage == GLSL_STAGE_FRAGMENT && !u->es && version >= 130 && version < 150)
      take_output_indices(&L, u);
   /* GLSL ES 3.10 has uniform locations in core; 3.00 has none: glslang's refusal stands */
   if (!u->es)
      take_uniform_locations(&L, u, version);
   else if (u->version >= 310)
      take_uniform_locations(&L, u, 430);
   if (stage == GLSL_STAGE_TESS_EVAL)
      rename_patch_input_arrays(&L);
   if (!u->es)
      hoist_opaque_structs(&L, u);
   if (!u->es)
      size_implicit_arrays(&L, u, version);
   const unsigned early_edits = L.num_edits; /* the main loop's come in text order after them */
   uint64_t declared = 0;       /* helpers the app declares itself (then they are its own) */
   uint8_t *shadow_call = NULL; /* [n] a call of a shadow*() helper starts at the token */
   int depth = 0, parens = 0;
   unsigned stmt = 0; /* first token of the current global statement */
   bool used = false, redeclared = false, pervertex = false;
   bool out_pervertex = false;   /* an output gl_PerVertex redeclared without gl_PointSize */
   bool draw_parameters = false; /* a vertex unit enables GL_ARB_shader_draw_parameters */
   bool cull_distance = false;   /* GL_ARB_cull_distance (ES: GL_EXT_clip_cull_distance) on */
   bool texture_array = false;   /* the unit enables GL_EXT_texture_array */
   bool texture_lod = false;     /* ... GL_ARB_shader_texture_lod */
   bool trinary_minmax = false;  /* ... GL_AMD_shader_trinary_minmax */
   uint32_t exts_on = 0;         /* GLSL_EXT_* the unit has enabled so far */
   unsigned pervertex_end = 0;   /* the '}' of the last gl_PerVertex redeclaration */
   bool compute_ext = false;     /* it enabled GL_ARB_compute_shader at some point */
   /* the unit may redeclare gl_FragDepth with a depth layout (GL_ARB_conservative_depth) */
   bool conservative_depth = !u->es && version >= 420;
   bool depth_used = false;     /* gl_FragDepth named before (or without) such a redeclaration */
   bool clip_distance = false;  /* the unit names gl_ClipDistance itself */
   bool cull_named = false;     /* the unit names gl_CullDistance */
   bool out_block = false;      /* the unit redeclares the output gl_PerVertex */
   uint8_t *compat_skip = NULL; /* [n] tokens of blanked gl_PerVertex members */
   bool layer_vp = false;       /* GL_ARB_shader_viewport_layer_array (or an AMD name) is on */
   bool es_votes = false;       /* GL_EXT_shader_group_vote is on (es_arb_extension) */
   /* the unit that gives the rasterizer its points' size (see main_renamed) */
   const bool vs_size = stage == GLSL_STAGE_VERTEX && point_size;
   const bool gs_size = stage == GLSL_STAGE_GEOMETRY && point_size && gs_emits_points(&L);
   /* a compatibility geometry shader clips each vertex it emits (see gs_clip below) */
   const bool gs_compat = stage == GLSL_STAGE_GEOMETRY && point_size && compat_builtins;
   const bool tes_size = stage == GLSL_STAGE_TESS_EVAL && point_size && tes_point_mode(&L);
   /* a compatibility tessellation evaluation shader that is the last vertex stage clips and
    * clamps colours in its appended main(), as the vertex shader does */
   const bool tes_compat = stage == GLSL_STAGE_TESS_EVAL && point_size && compat_builtins;
   /* a compatibility fragment unit's main() is wrapped by one that applies polygon stipple */
   const bool fs_stipple = compat_builtins && stage == GLSL_STAGE_FRAGMENT;
   /* ... and one that declares layout(blend_support_*) by one that blends (GLSL_BLEND_IN_SHADER) */
   const bool fs_blend =
      stage == GLSL_STAGE_FRAGMENT && (deny & GLSL_BLEND_IN_SHADER) && u->blend_support;

   for (unsigned i = 0; i < L.n && !L.oom; i++) {
      const struct glsl_tok *t = &L.t[i];
      const char *s = pp + t->at;
      if (t->kind == GLSL_TOK_DIRECTIVE) {
         const char *d = s + 1;
         while (*d == ' ' || *d == '\t')
            d++;
         const uint32_t ext_bit = !u->es && !strncmp(d, "extension", 9) ? keyword_extension(s) : 0;
         if (ext_bit && directive_has(s, t->len, "disable"))
            exts_on &= ~ext_bit;
         else if (ext_bit)
            exts_on |= ext_bit;
         compute_ext = compute_ext || (exts_on & GLSL_EXT_COMPUTE);
         /* glslang takes storage blocks from GLSL 4.30 on only (binding from 4.20), the
          * extension from 1.40 (Mesa from 1.30 with binding): the unit compiles as 4.30, whose
          * keywords the app's version lacks stay identifiers (late_keywords) */
         if (ext_bit == GLSL_EXT_SSBO && (exts_on & ext_bit) && version < 430 &&
             u->compile_version < 430)
            u->compile_version = 430;
         /* GL_ARB_shader_image_load_store indexes image arrays with dynamically uniform
          * expressions (from GLSL 1.30 on), which glslang takes from 4.00 on only: the unit
          * compiles as 4.00 (its keywords the app's version lacks stay identifiers) */
         if (ext_bit == GLSL_EXT_IMAGE && (exts_on & ext_bit) && version < 400 &&
             u->compile_version < 400)
            u->compile_version = 400;
         if (!strncmp(d, "version", 7))
            add_edit(&L, t->at, t->len, NULL, NULL, 0); /* the new one leads the text */
         else if (u->es && u->version >= 300 && !strncmp(d, "extension", 9) &&
                  extension_named(s, "GL_EXT_clip_cull_distance")) {
            /* ESSL 3.00+: desktop GLSL's gl_ClipDistance and gl_CullDistance (glslang knows
             * no such extension, and has gl_CullDistance in 4.50 only: the unit compiles as
             * 4.50, as with GL_ARB_cull_distance); withheld where the context lacks it */
            if (deny & GLSL_DENY_CULL_DISTANCE) {
               withheld_extension(&L, t);
            } else {
               cull_distance = !directive_has(s, t->len, "disable");
               add_edit(&L, t->at, t->len, NULL, NULL, 0);
            }
         } else if (u->es && u->version >= 300 && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_EXT_separate_shader_objects")) {
            /* ESSL 3.00+: its layout(location) on stage inputs and outputs are desktop
             * ARB_separate_shader_objects' in glslang, which knows no EXT name (every ES 3.0+
             * context lists it: fe_es_ext.c) */
            add_edit(&L, t->at, t->len,
                     directive_has(s, t->len, "disable")
                        ? NULL
                        : "#extension GL_ARB_separate_shader_objects : enable",
                     NULL, 0);
         } else if (u->es && u->version >= 300 && !strncmp(d, "extension", 9) &&
                    (extension_named(s, "GL_EXT_texture_query_lod") ||
                     extension_named(s, "GL_EXT_shader_group_vote"))) {
            const int on = es_arb_extension(&L, u, t, deny);
            if (on >= 0)
               es_votes = on;
         } else if (u->es && u->version >= 300 && !strncmp(d, "extension", 9) &&
                    withheld_es_named(s, deny))
            withheld_extension(&L, t);
         else if (u->es && u->version != 300 && !strncmp(d, "extension", 9))
            es_extension(&L, u, t); /* (3.00 names none of them: glslang judges) */
         else if (!u->es && !strncmp(d, "extension", 9) &&
                  extension_named(s, "GL_ARB_draw_instanced"))
            draw_instanced_arb(&L, u, t);
         else if (!u->es && stage == GLSL_STAGE_VERTEX && !strncmp(d, "extension", 9) &&
                  extension_named(s, "GL_ARB_shader_draw_parameters") &&
                  !directive_has(s, t->len, "disable"))
            draw_parameters = true;
         else if (!u->es && version < 420 && !strncmp(d, "extension", 9) &&
                  extension_named(s, "GL_ARB_shader_atomic_counters")) {
            u->atomic_counters = true;
            /* (GL_ARB_arrays_of_arrays before it may have asked for 4.30 already) */
            if (u->compile_version < 420)
               u->compile_version = 420;
         } else if (!u->es && compat && version < 150 && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_shader_bit_encoding") &&
                    !directive_has(s, t->len, "disable")) {
            /* glslang declares the bit casts from 1.50 on (behind this extension before 3.30),
             * Mesa from 1.30; the directive stays for glslang to judge */
            if (u->compile_version < 150)
               u->compile_version = 150;
         } else if (!u->es && version < 150 && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_gpu_shader_fp64") &&
                    !directive_has(s, t->len, "disable")) {
            /* glslang takes the double types from 1.50 on (behind this extension before
             * 4.00), Mesa from the extension alone; the directive stays for glslang */
            if (u->compile_version < 150)
               u->compile_version = 150;
         } else if (!u->es && (deny & GLSL_DENY_TEXTURE_QUERY_LOD) && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_texture_query_lod")) {
            withheld_extension(&L, t);
         } else if (!u->es && version < 150 && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_texture_query_lod") &&
                    !directive_has(s, t->len, "disable")) {
            /* glslang declares textureQueryLOD from 1.50 on, the extension from 1.30 */
            if (u->compile_version < 150)
               u->compile_version = 150;
         } else if (!u->es && version < 150 && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_texture_multisample")) {
            /* glslang declares the multisample samplers and their texelFetch() from 1.50 on
             * and does not know the extension (GLSL 1.30+): the unit compiles as 1.50; the
             * directive goes */
            if (!directive_has(s, t->len, "disable") && u->compile_version < 150)
               u->compile_version = 150;
            add_edit(&L, t->at, t->len, NULL, NULL, 0);
         } else if (!u->es && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_conservative_depth")) {
            /* glslang does not know the extension (GLSL 1.30+) and takes the depth layouts
             * from 4.20 on only: the redeclaration is taken out below and its layout becomes
             * the fragment stage's execution mode (glsl.c); the directive goes */
            conservative_depth =
               directive_has(s, t->len, "disable") ? version >= 420 : version >= 130;
            add_edit(&L, t->at, t->len, NULL, NULL, 0);
         } else if (!u->es && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_arrays_of_arrays")) {
            /* glslang takes arrays of arrays from GLSL 4.30 on only, and does not know the
             * extension (GLSL 1.20+): the unit compiles as 4.30, whose other additions over
             * the app's version are not ones a valid 1.20 - 4.20 shader can trip on; the
             * directive goes */
            if (!directive_has(s, t->len, "disable") && u->compile_version < 430)
               u->compile_version = 430;
            add_edit(&L, t->at, t->len, NULL, NULL, 0);
         } else if (!u->es && (deny & GLSL_DENY_ENHANCED_LAYOUTS) && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_enhanced_layouts")) {
            withheld_extension(&L, t);
         } else if (!u->es && version < 440 && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_enhanced_layouts")) {
            /* glslang takes the extension's layout qualifiers (component, offset, align,
             * xfb_*, locations on block members) below 4.40 in a core or compatibility
             * profile only, and none below 1.50: the unit compiles as 4.40, whose other
             * additions over the app's version a valid shader does not trip on; the
             * directive goes */
            if (!directive_has(s, t->len, "disable") && u->compile_version < 440)
               u->compile_version = 440;
            add_edit(&L, t->at, t->len, NULL, NULL, 0);
         } else if (!u->es && (deny & GLSL_DENY_GPU_SHADER5) && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_gpu_shader5")) {
            withheld_extension(&L, t);
         } else if (!u->es && (deny & GLSL_DENY_VIEWPORT_ARRAY) && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_viewport_array")) {
            withheld_extension(&L, t);
         } else if (!u->es && (deny & GLSL_DENY_CULL_DISTANCE) && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_cull_distance")) {
            withheld_extension(&L, t);
         } else if (!u->es && (deny & GLSL_DENY_VERTEX_ATTRIB_64BIT) &&
                    !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_vertex_attrib_64bit")) {
            withheld_extension(&L, t);
         } else if (!u->es && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_EXT_texture_array")) {
            /* its samplers are GLSL 1.40 keywords (the unit compiles as 1.40 at least), its
             * lookups helpers; glslang knows no such extension (glsl.c made `require` enable) */
            texture_array = !directive_has(s, t->len, "disable");
            add_edit(&L, t->at, t->len, NULL, NULL, 0);
         } else if (!u->es && !strncmp(d, "extension", 9) &&
                    (extension_named(s, "GL_ARB_shader_texture_lod") ||
                     extension_named(s, "GL_AMD_shader_trinary_minmax"))) {
            /* their built-ins are helpers (glslang declares the *GradARB ones for no SPIR-V
             * target, and would write min3 ... as SPV_AMD_shader_trinary_minmax's); the
             * directive goes */
            const bool on = !directive_has(s, t->len, "disable");
            if (extension_named(s, "GL_ARB_shader_texture_lod"))
               texture_lod = on;
            else
               trinary_minmax = on;
            add_edit(&L, t->at, t->len, NULL, NULL, 0);
         } else if (!u->es && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_cull_distance")) {
            /* glslang knows no such extension (gl_CullDistance is GLSL 4.50 core there) */
            cull_distance = cull_distance || !directive_has(s, t->len, "disable");
            add_edit(&L, t->at, t->len, NULL, NULL, 0);
         } else if (!u->es && version < 400 && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_gpu_shader5") &&
                    !directive_has(s, t->len, "disable")) {
            /* glslang declares the extension's built-ins (bitCount, interpolateAt*,
             * gl_SampleMaskIn, ...) and takes layout(invocations) from GLSL 4.00 on only: the
             * unit compiles as 4.00, whose additions over 1.50 / 3.30 the extension brings
             * (implicit conversions, precise, sample) but for doubles and subroutines */
            if (u->compile_version < 400)
               u->compile_version = 400;
         } else if (!u->es && !strncmp(d, "extension", 9) &&
                    (((deny & GLSL_DENY_IMAGE_QUERIES) &&
                      (extension_named(s, "GL_ARB_texture_query_levels") ||
                       extension_named(s, "GL_ARB_shader_texture_image_samples"))) ||
                     ((deny & GLSL_DENY_DERIVATIVE_CONTROL) &&
                      extension_named(s, "GL_ARB_derivative_control")) ||
                     ((deny & GLSL_DENY_VIEWPORT_ARRAY) &&
                      extension_named(s, "GL_ARB_fragment_layer_viewport")) ||
                     ((deny & GLSL_DENY_GROUP_VOTE) &&
                      extension_named(s, "GL_ARB_shader_group_vote")) ||
                     ((deny & GLSL_DENY_SHADER_CLOCK) &&
                      extension_named(s, "GL_ARB_shader_clock")) ||
                     ((deny & GLSL_DENY_BLEND_ADVANCED) &&
                      extension_named(s, "GL_KHR_blend_equation_advanced")) ||
                     ((deny & GLSL_DENY_INT64) && extension_named(s, "GL_ARB_gpu_shader_int64")) ||
                     ((deny & GLSL_DENY_BALLOT) && extension_named(s, "GL_ARB_shader_ballot")) ||
                     ((deny & GLSL_DENY_STENCIL_EXPORT) &&
                      extension_named(s, "GL_ARB_shader_stencil_export")) ||
                     ((deny & GLSL_DENY_LAYER_VIEWPORT) &&
                      (extension_named(s, "GL_ARB_shader_viewport_layer_array") ||
                       extension_named(s, "GL_AMD_vertex_shader_layer") ||
                       extension_named(s, "GL_AMD_vertex_shader_viewport_index"))) ||
                     ((deny & GLSL_DENY_ESSL310) &&
                      extension_named(s, "GL_ARB_ES3_1_compatibility")) ||
                     ((deny & (GLSL_DENY_ESSL310 | GLSL_DENY_ESSL320)) &&
                      extension_named(s, "GL_ARB_ES3_2_compatibility")))) {
            withheld_extension(&L, t);
         } else if (!u->es && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_shader_atomic_counter_ops")) {
            /* glslang's relaxed rules declare only GLSL 4.60's atomicCounterAdd ...: the ARB
             * names become macros over the buffer atomics the counters are lowered to (head) */
            if (deny & GLSL_DENY_ATOMIC_COUNTER_OPS)
               withheld_extension(&L, t);
            else
               u->atomic_counter_ops = !directive_has(s, t->len, "disable");
         } else if (!u->es && !strncmp(d, "extension", 9) &&
                    (extension_named(s, "GL_ARB_shader_viewport_layer_array") ||
                     extension_named(s, "GL_AMD_vertex_shader_layer") ||
                     extension_named(s, "GL_AMD_vertex_shader_viewport_index"))) {
            /* glslang declares gl_Layer and gl_ViewportIndex as vertex and tessellation-
             * evaluation outputs from GLSL 4.10 on, behind GL_ARB_shader_viewport_layer_array
             * only: the unit compiles as 4.10 and the AMD names (which glslang does not know)
             * enable the ARB one */
            if (directive_has(s, t->len, "disable")) {
               if (!extension_named(s, "GL_ARB_shader_viewport_layer_array"))
                  add_edit(&L, t->at, t->len, NULL, NULL, 0);
            } else {
               layer_vp = true;
               if (u->compile_version < 410)
                  u->compile_version = 410;
               if (!extension_named(s, "GL_ARB_shader_viewport_layer_array"))
                  add_edit(&L, t->at, t->len,
                           "#extension GL_ARB_shader_viewport_layer_array : enable", NULL, 0);
            }
         } else if (!u->es && version < 450 && !strncmp(d, "extension", 9) &&
                    (extension_named(s, "GL_ARB_gpu_shader_int64") ||
                     extension_named(s, "GL_ARB_shader_ballot")) &&
                    !directive_has(s, t->len, "disable")) {
            /* glslang declares the 64-bit integer built-ins (packInt2x32, abs(int64_t) ...)
             * and ballotARB ... from GLSL 4.50 on only (behind the extensions, so the
             * directives stay): the unit compiles as 4.50 */
            if (u->compile_version < 450)
               u->compile_version = 450;
         } else if (!u->es && version < 450 && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_shader_clock") &&
                    !directive_has(s, t->len, "disable")) {
            /* glslang declares clockARB and clock2x32ARB from GLSL 4.50 on only (behind the
             * extension, so the directive stays): the unit compiles as 4.50 */
            if (u->compile_version < 450)
               u->compile_version = 450;
         } else if (!u->es && version < 430 && !strncmp(d, "extension", 9) &&
                    extension_named(s, "GL_ARB_shader_group_vote") &&
                    !directive_has(s, t->len, "disable")) {
            /* glslang declares anyInvocationARB ... from GLSL 4.30 on only (behind the
             * extension, so the directive stays): the unit compiles as 4.30 */
            if (u->compile_version < 430)
               u->compile_version = 430;
         } else if (!u->es && !strncmp(d, "extension", 9) && core_in(s) > 0) {
            /* built-ins glslang declares only from the GLSL version that took them in: the
             * unit compiles as that version, whose additions over the app's a valid shader
             * does not trip on; the directive goes (glslang does not know every name) */
            if (!directive_has(s, t->len, "disable") && u->compile_version < core_in(s))
               u->compile_version = core_in(s);
            add_edit(&L, t->at, t->len, NULL, NULL, 0);
         } else if (!u->es && !strncmp(d, "extension", 9) &&
                    (extension_named(s, "GL_ARB_blend_func_extended") ||
                     (!(deny & GLSL_DENY_SHADER_PRECISION) &&
                      extension_named(s, "GL_ARB_shader_precision")) ||
                     (compat_builtins && extension_named(s, "GL_ARB_compatibility"))))
            add_edit(&L, t->at, t->len, NULL, NULL, 0);
         stmt = i + 1;
         continue;
      }
      if (t->kind == GLSL_TOK_PUNCT) {
         char c = s[0];
         if (c == '{') {
            depth++;
         } else if (c == '}') {
            if (depth)
               depth--;
            if (!depth)
               stmt = i + 1;
         } else if (c == '(') {
            parens++;
         } else if (c == ')') {
            if (parens)
               parens--;
         } else if (c == ';' && !depth) {
            stmt = i + 1;
            parens = 0;
         }
         continue;
      }
      if (t->kind != GLSL_TOK_IDENT)
         continue;
      const char *vote = es_votes ? vote_name(s, t->len) : NULL;
      if (vote) {
         add_edit(&L, t->at, t->len, NULL, vote, t->len);
         continue;
      }
      const int late = u->es ? -1 : late_keyword(s, t->len, version, exts_on);
      if (late >= 0 && late_keywords[late].reserved) {
         glsl_str_printf(log,
                         "ERROR: 0:%d: '%.*s' : reserved word in GLSL %d.%02d (needs GLSL %d.%02d "
                         "or its extension)\n",
                         t->line, (int)t->len, s, version / 100, version % 100,
                         late_keywords[late].core / 100, late_keywords[late].core % 100);
         L.failed = true;
         continue;
      }
      if (late != -1) { /* an identifier in the app's version */
         add_edit(&L, t->at, t->len, GLSL_MANGLE, s, t->len);
         continue;
      }

      const struct glsl_tok *prev = i > 0 ? &L.t[i - 1] : NULL;
      bool member = prev && prev->kind == GLSL_TOK_PUNCT && pp[prev->at] == '.';
      bool global_decl = !depth && !parens && prev && prev->kind == GLSL_TOK_IDENT && i > stmt;

      if (stage != GLSL_STAGE_FRAGMENT && stage != GLSL_STAGE_COMPUTE && i > pervertex_end) {
         const int pv = find_name(pervertex_members, 4, s, t->len);
         if (pv >= 0 && !member && stage != GLSL_STAGE_TESS_CTRL) {
            u->pervertex_out_uses |= 1u << pv;
         } else if (pv >= 0 && member && i >= 3 && tok_is(pp, &L.t[i - 2], "]")) {
            const unsigned open = opening(&L, i - 2);
            if (open > 0 && open < i && tok_is(pp, &L.t[open - 1], "gl_in"))
               u->pervertex_in_uses |= 1u << pv;
            else if (open > 0 && open < i && tok_is(pp, &L.t[open - 1], "gl_out"))
               u->pervertex_out_uses |= 1u << pv;
         }
      }
      if (compat_skip && compat_skip[i])
         continue; /* a compatibility member of a redeclared gl_PerVertex, blanked */
      struct glsl_compat_edit ce;
      if (compat_builtins && member && stage == GLSL_STAGE_TESS_CTRL && i >= 3 &&
          tok_is(pp, &L.t[i - 2], "]") && glsl_compat_lower_tcs_output(s, t->len, &ce)) {
         /* gl_out[e].gl_ClipVertex is _mgl_id_gl_ClipVertex[e] */
         const unsigned open = opening(&L, i - 2);
         if (open > 0 && open < i && tok_is(pp, &L.t[open - 1], "gl_out")) {
            add_edit(&L, L.t[open - 1].at, L.t[open - 1].len, ce.prefix, ce.with,
                     (uint32_t)strlen(ce.with));
            add_edit(&L, prev->at, t->at + t->len - prev->at, NULL, NULL, 0);
            u->compat_need |= ce.need;
            continue;
         }
      }
      if (compat_builtins && member &&
          (stage == GLSL_STAGE_GEOMETRY || stage == GLSL_STAGE_TESS_CTRL ||
           stage == GLSL_STAGE_TESS_EVAL) &&
          i >= 3 && tok_is(pp, &L.t[i - 2], "]") && glsl_compat_lower_gs_input(s, t->len, &ce)) {
         /* gl_in[e].gl_FrontColor is _mgl_in_gl_FrontColor[e]: `gl_in` renamed, `.member`
          * blanked (merge_edits puts the earlier edit in its place) */
         const unsigned open = opening(&L, i - 2);
         if (open > 0 && open < i && tok_is(pp, &L.t[open - 1], "gl_in")) {
            add_edit(&L, L.t[open - 1].at, L.t[open - 1].len, ce.prefix, ce.with,
                     (uint32_t)strlen(ce.with));
            if (ce.member)
               add_edit(&L, t->at, t->len, NULL, ce.member, (uint32_t)strlen(ce.member));
            else
               add_edit(&L, prev->at, t->at + t->len - prev->at, NULL, NULL, 0);
            u->compat_need |= ce.need;
            continue;
         }
      }
      if (compat_builtins && !member && glsl_compat_lower_token(stage, s, t->len, &ce)) {
         if (stage == GLSL_STAGE_VERTEX || stage == GLSL_STAGE_TESS_EVAL)
            glsl_compat_feed_gs(compat_provided, &ce);
         if (ce.varying && global_decl) {
            /* a redeclaration (`varying vec4 gl_TexCoord[4];`, `flat out vec4 gl_FrontColor;`):
             * the prologue declares the built-in, so the statement goes, with the edits made
             * inside it already */
            unsigned end = i, groups = 0;
            for (int d = 0; end < L.n && !tok_is(pp, &L.t[end], ";"); end++) {
               groups += d == 0 && tok_is(pp, &L.t[end], "[");
               d += tok_is(pp, &L.t[end], "[") ? 1 : tok_is(pp, &L.t[end], "]") ? -1 : 0;
            }
            /* the redeclaration keeps the built-in's type: gl_TexCoord stays one array
             * (ARB_arrays_of_arrays gives it no second dimension) */
            if (groups > 1) {
               glsl_str_printf(log, "ERROR: 0:%d: '%.*s' : redeclared as an array of arrays\n",
                               t->line, (int)t->len, s);
               L.failed = true;
            }
            const uint32_t from = L.t[stmt].at, to = end < L.n ? L.t[end].at + 1 : L.t[L.n - 1].at;
            while (L.num_edits > early_edits && L.edits[L.num_edits - 1].at >= from)
               L.num_edits--;
            add_edit(&L, from, to - from, NULL, NULL, 0);
            u->compat_need |= ce.need;
            i = end;
            stmt = end + 1;
            continue;
         }
         add_edit(&L, t->at, t->len, ce.prefix, ce.with, (uint32_t)strlen(ce.with));
         u->compat_need |= ce.need;
         continue;
      }

      if (stage == GLSL_STAGE_FRAGMENT && !u->es && !member && tok_is(pp, t, "gl_FragDepth")) {
         int layout = GLSL_FRAGDEPTH_ANY;
         if (conservative_depth && global_decl && tok_is(pp, prev, "float") && i + 1 < L.n &&
             tok_is(pp, &L.t[i + 1], ";") && fragdepth_qualifiers(&L, stmt, i - 1, &layout)) {
            /* GL_ARB_conservative_depth: the first redeclaration comes before any use, and all
             * of them ask for the same layout */
            const char *why = NULL;
            if (depth_used && u->frag_depth_layout < 0)
               why = "redeclared after its first use";
            else if (u->frag_depth_layout >= 0 && layout != u->frag_depth_layout)
               why = "redeclared with a different depth layout";
            if (why) {
               glsl_str_printf(log, "ERROR: 0:%d: 'gl_FragDepth' : %s\n", t->line, why);
               L.failed = true;
            }
            u->frag_depth_layout = layout;
            const uint32_t from = L.t[stmt].at, to = L.t[i + 1].at + 1;
            add_edit(&L, from, to - from, NULL, NULL, 0);
            i++;          /* the ';' */
            stmt = i + 1; /* a next redeclaration is a statement of its own */
            continue;
         }
         depth_used = true;
      }
      if (stage == GLSL_STAGE_FRAGMENT && tok_is(pp, t, "gl_FragCoord") && !member) {
         int bits;
         if (global_decl && tok_is(pp, prev, "vec4") && i + 1 < L.n &&
             tok_is(pp, &L.t[i + 1], ";") && fragcoord_qualifiers(&L, stmt, i - 1, &bits)) {
            /* GLSL 1.50, 4.3.8.1: the first redeclaration comes before any use, and all of
             * them ask for the same layout */
            if (used && !redeclared)
               lower_error(&L, t->line, "redeclared after its first use");
            else if (redeclared && bits != u->frag_coord_layout)
               lower_error(&L, t->line, "redeclared with different layout qualifiers");
            u->frag_coord_layout = bits;
            redeclared = true;
            uint32_t from = L.t[stmt].at, to = L.t[i + 1].at + 1;
            add_edit(&L, from, to - from, NULL, NULL, 0);
            i++;          /* the ';' */
            stmt = i + 1; /* a next redeclaration is a statement of its own */
            continue;
         }
         used = true;
         u->frag_coord_used = true;
         if (u->frag_coord_layout > 0)
            add_edit(&L, t->at, t->len, NULL, "_mgl_FragCoord()", 16);
         continue;
      }
      if (stage == GLSL_STAGE_FRAGMENT && !member && tok_is(pp, t, "gl_PointCoord") &&
          !(prev && tok_is(pp, prev, "invariant"))) {
         /* SPIR-V PointCoord's origin is the upper left of memory, and memory row r is GL
          * window row r: GL's lower-left origin. GL's default (and ES's only) origin is the
          * upper left, so y is flipped. */
         u->point_coord_used = true;
         add_edit(&L, t->at, t->len, NULL, "_mgl_PointCoord()", 17);
         continue;
      }
      if (stage == GLSL_STAGE_FRAGMENT && compat && !u->es && !member &&
          tok_is(pp, t, "gl_PrimitiveID")) {
         /* A compatibility context draws GL_QUADS and GL_QUAD_STRIP as triangles (two a quad):
          * GL counts the quads (GLSL 1.50 7.1), so the device's count is divided by what the
          * draw makes of one primitive (GLSL_STATE_PRIMITIVE_DIVISOR, 1 for other draws). */
         u->primitive_id_used = true;
         add_edit(&L, t->at, t->len, NULL, "_mgl_PrimitiveID()", 18);
         continue;
      }
      if (u->es && stage == GLSL_STAGE_TESS_CTRL && !member &&
          (tok_is(pp, t, "gl_BoundingBoxEXT") || tok_is(pp, t, "gl_BoundingBoxOES") ||
           (u->version >= 320 && tok_is(pp, t, "gl_BoundingBox")))) {
         /* EXT/OES_primitive_bounding_box (ESSL 3.20's gl_BoundingBox): a bounding box the
          * implementation may ignore (ES 3.2 11.1.3.11), and mgl does: a private array the
          * shader writes, which the desktop GLSL the unit compiles as lacks */
         u->bounding_box |= t->len == 14 ? 4u : s[14] == 'E' ? 1u : 2u;
         add_edit(&L, t->at, t->len, GLSL_MANGLE, s, t->len);
         continue;
      }
      if (stage == GLSL_STAGE_FRAGMENT && !member &&
          (tok_is(pp, t, "gl_FragColor") || tok_is(pp, t, "gl_FragData"))) {
         /* Plain outputs to glslang (it would make one variable per compilation unit). */
         u->frag_outputs |= s[7] == 'C' ? 1 : 2;
         add_edit(&L, t->at, t->len, GLSL_MANGLE, s, t->len);
         continue;
      }
      if (u->es && stage == GLSL_STAGE_FRAGMENT && tok_is(pp, t, "invariant") && i + 1 < L.n) {
         /* ESSL 1.00 4.6.1: gl_FrontFacing is no candidate for invariance; ESSL 3.00 4.6.1:
          * only outputs are, so no fragment input (desktop GLSL up to 4.10 allows both, and
          * ES units compile as desktop ones) */
         const struct glsl_tok *n = &L.t[i + 1];
         bool bad = tok_is(pp, n, "gl_FrontFacing") ||
                    (u->version >= 300 &&
                     (tok_is(pp, n, "in") || tok_is(pp, n, "centroid") || tok_is(pp, n, "smooth") ||
                      tok_is(pp, n, "flat") || tok_is(pp, n, "gl_FragCoord") ||
                      tok_is(pp, n, "gl_PointCoord")));
         if (bad) {
            glsl_str_printf(log,
                            "ERROR: 0:%d: '%.*s' : a fragment input cannot be invariant in "
                            "GLSL ES %s\n",
                            t->line, (int)n->len, pp + n->at, u->version >= 300 ? "3.00" : "1.00");
            L.failed = true;
         }
         continue;
      }
      if (u->es && !member && !cull_distance &&
          (tok_is(pp, t, "gl_ClipDistance") || tok_is(pp, t, "gl_CullDistance"))) {
         /* GLSL ES has neither without GL_EXT_clip_cull_distance enabled; the unit
          * compiles as desktop GLSL, which has them, and an ES 3.10 unit with
          * EXT_shader_io_blocks may name them in a gl_PerVertex redeclaration */
         glsl_str_printf(log, "ERROR: 0:%d: '%.*s' : undeclared identifier (not in GLSL ES)\n",
                         t->line, (int)t->len, s);
         L.failed = true;
         continue;
      }
      if (compat_only && !member &&
          find_name(compat_constants, sizeof(compat_constants) / sizeof(compat_constants[0]), s,
                    t->len) >= 0) {
         /* glslang takes them at any version; a core (or ES) unit must not see them */
         glsl_str_printf(log,
                         "ERROR: 0:%d: '%.*s' : undeclared identifier (a compatibility-"
                         "profile built-in, not in this GLSL version's core)\n",
                         t->line, (int)t->len, s);
         L.failed = true;
         continue;
      }
      if (u->es && u->version == 100 && !member && tok_is(pp, t, "gl_FragDepthEXT") &&
          stage == GLSL_STAGE_FRAGMENT && u->frag_depth_ext) {
         /* GL_EXT_frag_depth: desktop GLSL's gl_FragDepth under another name (without the
          * #extension, glslang's own 'undeclared identifier' stands) */
         add_edit(&L, t->at, t->len, NULL, "gl_FragDepth", 12);
         continue;
      }
      if (!member && stage == GLSL_STAGE_VERTEX && u->draw_instanced_ext &&
          ((u->es && u->version == 100 && tok_is(pp, t, "gl_InstanceIDEXT")) ||
           (!u->es && tok_is(pp, t, "gl_InstanceIDARB")))) {
         /* GL_EXT_draw_instanced (ESSL 1.00), GL_ARB_draw_instanced (desktop): desktop GLSL's
          * gl_InstanceID under another name */
         add_edit(&L, t->at, t->len, NULL, "gl_InstanceID", 13);
         continue;
      }
      if (u->es && u->version == 100 && !member && tok_is(pp, t, "gl_FragDepth")) {
         /* ESSL 1.00 has no gl_FragDepth (the 1.20 it is lowered to has) */
         glsl_str_printf(log,
                         "ERROR: 0:%d: 'gl_FragDepth' : undeclared identifier (GLSL ES "
                         "1.00 writes depth through GL_EXT_frag_depth's gl_FragDepthEXT)\n",
                         t->line);
         L.failed = true;
         continue;
      }
      if (!member && tok_is(pp, t, "gl_ClipDistance"))
         clip_distance = true;
      if (!member && tok_is(pp, t, "gl_CullDistance"))
         cull_named = true;
      if (tok_is(pp, t, "gl_PerVertex")) {
         pervertex = true;
         if (i + 1 < L.n && tok_is(pp, &L.t[i + 1], "{")) {
            pervertex_end = closing(&L, i + 1); /* its members are no uses */
            u->pervertex_out_redeclared |= prev && tok_is(pp, prev, "out");
            u->pervertex_in_redeclared |= prev && tok_is(pp, prev, "in");
         }
         const bool layer_members = layer_vp && prev && tok_is(pp, prev, "out") &&
                                    (stage == GLSL_STAGE_VERTEX || stage == GLSL_STAGE_TESS_EVAL);
         if ((compat_builtins || layer_members) && i + 1 < L.n && tok_is(pp, &L.t[i + 1], "{"))
            blank_compat_members(&L, stage, i + 1, compat_builtins, layer_members, &compat_skip);
         out_block |= prev && tok_is(pp, prev, "out");
         if (prev && tok_is(pp, prev, "out") && i + 1 < L.n && tok_is(pp, &L.t[i + 1], "{")) {
            /* a redeclared output block without gl_PointSize takes no size writes */
            const unsigned end = closing(&L, i + 1);
            bool has_size = false;
            for (unsigned k = i + 2; k < end; k++)
               has_size |= tok_is(pp, &L.t[k], "gl_PointSize");
            out_pervertex |= !has_size;
         }
         continue;
      }
      if ((vs_size || gs_size || tes_size || tes_compat || fs_stipple || fs_blend) && !member &&
          tok_is(pp, t, "main")) {
         /* GL 3.3 §3.4: with GL_PROGRAM_POINT_SIZE disabled the point size is glPointSize's,
          * whatever the shader writes; Vulkan has only the shader's. A main() appended to this
          * unit calls this one, then writes the state's size (the write stays in the unit that
          * owns gl_PerVertex's other writes). ES has no switch and leaves an unwritten size
          * undefined: 1, as Mesa draws it. */
         u->main_renamed = true;
         /* a fragment shader's under another name: the GLES backend wraps its own main() as
          * _mgl_main (glb_shader.c) */
         if (stage == GLSL_STAGE_FRAGMENT)
            add_edit(&L, t->at, t->len, NULL, "_mgl_fs_main", 12);
         else
            add_edit(&L, t->at, t->len, NULL, "_mgl_main", 9);
         continue;
      }
      if ((gs_size || gs_compat) && !member && tok_is(pp, t, "EmitVertex")) {
         /* a geometry shader's outputs are undefined after each EmitVertex: the size and the
          * clip distances are written for every vertex, by a wrapper appended to this unit */
         u->emit_renamed = true;
         add_edit(&L, t->at, t->len, NULL, "_mgl_EmitVertex", 15);
         continue;
      }
      if (u->es && u->version >= 300 && !member &&
          (tok_is(pp, t, "gl_MinProgramTexelOffset") ||
           tok_is(pp, t, "gl_MaxProgramTexelOffset"))) {
         /* GLSL ES 3.00 built-ins that desktop GLSL has only from 4.20 on, so glslang wants
          * ARB_shading_language_420pack for them in the 3.30 an ES 3.00 unit is lowered to */
         u->texel_offsets = true;
         add_edit(&L, t->at, t->len, "_mgl_", s + 3, t->len - 3);
         continue;
      }
      if (u->es && !member) {
         /* ESSL's limits in vectors; desktop GLSL has them from 4.10 on, and the components
          * ones (the same limits: GL_MAX_*_VECTORS are the components / 4) from 1.10 / 1.50 */
         static const char *const es_vectors[][3] = {
            {"gl_MaxVertexUniformVectors", "(gl_MaxVertexUniformComponents / 4)", "1"},
            {"gl_MaxFragmentUniformVectors", "(gl_MaxFragmentUniformComponents / 4)", "1"},
            {"gl_MaxVaryingVectors", "(gl_MaxVaryingComponents / 4)", "1.00"},
            {"gl_MaxVertexOutputVectors", "(gl_MaxVertexOutputComponents / 4)", "3.00"},
            {"gl_MaxFragmentInputVectors", "(gl_MaxFragmentInputComponents / 4)", "3.00"},
         };
         unsigned k = 0;
         while (k < 5 && !(tok_is(pp, t, es_vectors[k][0]) &&
                           (es_vectors[k][2][1] == '\0' ||
                            (u->version >= 300) == (es_vectors[k][2][0] == '3'))))
            k++;
         if (k < 5) {
            add_edit(&L, t->at, t->len, NULL, es_vectors[k][1], (uint32_t)strlen(es_vectors[k][1]));
            continue;
         }
      }
      if (tok_is(pp, t, "gl_DepthRange") || tok_is(pp, t, "gl_DepthRangeParameters")) {
         u->depth_range = true;
         add_edit(&L, t->at, t->len, "_mgl_", s + 3, t->len - 3);
         continue;
      }
      if ((version < 130 || compat_builtins ||
           (!u->es && version < 420 && u->compile_version >= 420 &&
            (stage == GLSL_STAGE_VERTEX || stage == GLSL_STAGE_FRAGMENT))) &&
          (tok_is(pp, t, "attribute") || tok_is(pp, t, "varying"))) {
         /* 1.10 / 1.20 storage qualifiers; as 1.40 words they would be deprecation warnings,
          * and a unit below 4.20 that compiles as 4.20 or later (for a storage block, say)
          * keeps them: glslang's core profile has them no more from 4.20 on.
          * `varying` is an output in every stage but the fragment one (a compatibility
          * geometry shader's, as Mesa reads it: GLSL 1.50 names it for vertex and fragment
          * shaders only) */
         if (s[0] == 'v' && stage != GLSL_STAGE_FRAGMENT)
            add_edit(&L, t->at, t->len, NULL, "out", 3);
         else if (s[0] == 'v' || stage == GLSL_STAGE_VERTEX)
            add_edit(&L, t->at, t->len, NULL, "in", 2);
         continue;
      }
      int h = find_name(helper_names, GLSL_HELPER_COUNT, s, t->len);
      if (h == GLSL_HELPER_INVERSE && version != 140)
         h = -1; /* a built-in from 1.50 on (glslang has it), not one before 1.40 */
      if (h >= GLSL_HELPER_NOISE1 && h < GLSL_HELPER_ARRAY && u->es)
         h = -1; /* desktop GLSL's only */
      if (h >= GLSL_HELPER_ARRAY && h < GLSL_HELPER_GRAD && !texture_array)
         h = -1; /* GL_EXT_texture_array's, where the unit enabled it */
      if ((h >= GLSL_HELPER_GRAD && h < GLSL_HELPER_TRINARY && !texture_lod) ||
          (h >= GLSL_HELPER_TRINARY && !trinary_minmax))
         h = -1; /* GL_ARB_shader_texture_lod's, GL_AMD_shader_trinary_minmax's, where enabled */
      bool vk = find_name(vulkan_keywords, sizeof(vulkan_keywords) / sizeof(vulkan_keywords[0]), s,
                          t->len) >= 0;
      if (h >= 0 && global_decl)
         declared |= UINT64_C(1) << h;
      if (h >= 0 && !member)
         u->helpers |= UINT64_C(1) << h;
      if (shadow_helper(h) && !member && !global_decl && i + 1 < L.n &&
          tok_is(pp, &L.t[i + 1], "(")) {
         if (!shadow_call)
            shadow_call = calloc(L.n, 1);
         if (shadow_call)
            shadow_call[i] = 1;
         else
            L.oom = true;
      }
      if (h >= 0 || vk)
         add_edit(&L, t->at, t->len, GLSL_MANGLE, s, t->len);
   }
   default_uniform_layouts(&L);
   u->helpers &= ~declared;
   for (unsigned i = 0; shadow_call && i < L.n; i++)
      if (shadow_call[i] &&
          (declared >> find_name(helper_names, GLSL_HELPER_COUNT, pp + L.t[i].at, L.t[i].len)) & 1)
         shadow_call[i] = 0; /* the app's own function of that name */
   if (shadow_call && !L.failed && !L.oom)
      shadow_depth_modes(&L, shadow_call);
   free(shadow_call);
   u->frag_depth_used = depth_used;
   /* glslang declares the extension's gl_BaseVertexARB, gl_BaseInstanceARB and gl_DrawIDARB
    * only from GLSL 4.50 on (Mesa, and the extension, from 1.40): the vertex unit that enables
    * it is compiled as 4.50, which takes what 1.40-4.40 core say (its new keywords aside) */
   if (draw_parameters && u->compile_version < 450)
      u->compile_version = 450;
   /* The same for GL_ARB_cull_distance (from GLSL 1.30), whose gl_CullDistance,
    * gl_MaxCullDistances and gl_MaxCombinedClipAndCullDistances glslang has in 4.50 only */
   if (cull_distance && u->compile_version < 450)
      u->compile_version = 450;
   /* A compute shader below GLSL 4.30 takes GL_ARB_compute_shader (GLSL 4.30 7.1 otherwise);
    * glslang builds its compute built-ins right from 4.30 on only: the unit compiles as 4.30,
    * the keywords the app's version lacks kept identifiers or refused (late_keywords) */
   if (stage == GLSL_STAGE_COMPUTE && !u->es && version < 430) {
      if (!compute_ext) {
         glsl_str_printf(log,
                         "ERROR: 0:1: '' : compute shaders need GLSL 4.30 or "
                         "GL_ARB_compute_shader (GLSL %d.%02d)\n",
                         version / 100, version % 100);
         L.failed = true;
      } else if (u->compile_version < 430) {
         u->compile_version = 430;
      }
   }

   /* A compatibility context's last vertex stage clips against the user clip planes by
    * gl_ClipVertex or gl_Position in the main() appended below, unless it writes
    * gl_ClipDistance itself (GLSL 1.30 §7.1: then that) or redeclares gl_PerVertex. */
   bool clip_epilogue =
      compat_builtins &&
      (stage == GLSL_STAGE_VERTEX || (stage == GLSL_STAGE_TESS_EVAL && point_size)) &&
      u->main_renamed && !pervertex && !clip_distance;
   /* A compatibility geometry shader (the last vertex stage when there is one) does so in its
    * EmitVertex() wrapper, unless it writes gl_ClipDistance or redeclares its output
    * gl_PerVertex. */
   bool gs_clip = gs_compat && u->emit_renamed && !clip_distance && !out_block;
   /* Its gl_ClipDistance[8] and the unit's gl_CullDistance would pass the 8 clip and cull
    * distances together (GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES) */
   if ((clip_epilogue || gs_clip) && cull_named) {
      clip_epilogue = gs_clip = false;
      MGU_DECLINE(gl_feature_unimplemented,
                  "user clip planes (GL_CLIP_PLANEi) of a compatibility %s unit that writes "
                  "gl_CullDistance are not applied",
                  glsl_stage_name(stage));
   }
   u->clip_distance = clip_distance;
   free(compat_skip);
   /* The last vertex stage of a compatibility context clamps the colours it writes when
    * GL_CLAMP_VERTEX_COLOR says so: in its appended main(), a geometry shader in its
    * EmitVertex() wrapper */
   const bool vs_color_clamp =
      compat_builtins && (stage == GLSL_STAGE_VERTEX || stage == GLSL_STAGE_TESS_EVAL) &&
      point_size && u->main_renamed && glsl_compat_writes_colors(u->compat_need);
   const bool gs_color_clamp =
      gs_compat && u->emit_renamed && glsl_compat_writes_colors(u->compat_need);
   if (vs_color_clamp || gs_color_clamp)
      u->compat_need |= glsl_compat_state_need();
   if (clip_epilogue || gs_clip || (fs_stipple && u->main_renamed))
      u->compat_need |= glsl_compat_state_need();
   else if (glsl_compat_writes_clip_vertex(u->compat_need) && point_size)
      /* (a vertex unit before a geometry shader outputs it for gl_in[]; a unit compiled alone
       * is judged when it is linked) */
      MGU_DECLINE(gl_feature_unimplemented,
                  "gl_ClipVertex: the clip vertex of a last vertex stage that redeclares its "
                  "output gl_PerVertex or writes gl_ClipDistance is not applied");

   char *text = NULL;
   bool blend_output_missing = false;
   if (!L.failed && !L.oom) {
      struct glsl_str head = {0};
      if (u->compile_version == version && profile && profile[0])
         glsl_str_printf(&head, "#version %d %s\n", u->compile_version, profile);
      else
         glsl_str_printf(&head, "#version %d\n", u->compile_version);
      /* Redeclaring gl_PerVertex (GLSL 1.50 as Mesa and piglit read it) takes 4.10 or
       * ARB_separate_shader_objects in glslang; its intra- and inter-stage rules come with it. */
      if (pervertex && version >= 150)
         glsl_str_append(&head, "#extension GL_ARB_separate_shader_objects : enable\n");
      /* ESSL 3.20 has layout(blend_support_*) in core; glslang takes it behind
       * GL_KHR_blend_equation_advanced only (check_es320_withheld refused it where denied) */
      if (u->es && u->version >= 320 && u->blend_support)
         glsl_str_append(&head, "#extension GL_KHR_blend_equation_advanced : enable\n");
      /* 4.20 has atomicAdd on buffer memory with this extension only (4.30 has it in core);
       * glslang's relaxed rules make a counter's operations buffer atomics */
      if (u->atomic_counters ||
          ((u->atomic_counter_ops || strstr(pp, "atomic_uint")) && u->compile_version < 430))
         glsl_str_append(&head, "#extension GL_ARB_shader_storage_buffer_object : enable\n");
      /* GL_ARB_shader_atomic_counter_ops: each returns the value before the operation, as the
       * buffer atomics do; subtracting v is adding its two's complement */
      if (u->atomic_counter_ops)
         glsl_str_append(&head,
                         "#define atomicCounterAddARB(c, v) atomicAdd(c, v)\n"
                         "#define atomicCounterSubtractARB(c, v) atomicAdd(c, 0u - (v))\n"
                         "#define atomicCounterMinARB(c, v) atomicMin(c, v)\n"
                         "#define atomicCounterMaxARB(c, v) atomicMax(c, v)\n"
                         "#define atomicCounterAndARB(c, v) atomicAnd(c, v)\n"
                         "#define atomicCounterOrARB(c, v) atomicOr(c, v)\n"
                         "#define atomicCounterXorARB(c, v) atomicXor(c, v)\n"
                         "#define atomicCounterExchangeARB(c, v) atomicExchange(c, v)\n"
                         "#define atomicCounterCompSwapARB(c, v, w) atomicCompSwap(c, v, w)\n");
      if (u->texel_offsets)
         glsl_str_printf(&head,
                         "const mediump int _mgl_MinProgramTexelOffset = %d; "
                         "const mediump int _mgl_MaxProgramTexelOffset = %d;\n",
                         GLSL_MIN_PROGRAM_TEXEL_OFFSET, GLSL_MAX_PROGRAM_TEXEL_OFFSET);
      if (u->depth_range)
         glsl_str_append(&head, "struct _mgl_DepthRangeParameters { float near; float far; "
                                "float diff; }; uniform _mgl_DepthRangeParameters "
                                "_mgl_DepthRange;\n");
      if (u->compat_need)
         glsl_compat_prologue(stage, u->compat_need, compat_provided, &head);
      /* _mgl_PointSize (the wrappers below read it) before the app's own uniforms: glslang
       * merges the stages' default blocks a stage's members at a time, so a hidden member
       * declared after them would sit between this stage's and the next stage's, inside the
       * range a draw that changes both sends. */
      const bool point_size_uniform = (u->main_renamed || (u->emit_renamed && gs_size)) &&
                                      !out_pervertex && !u->es && stage != GLSL_STAGE_FRAGMENT &&
                                      (stage != GLSL_STAGE_TESS_EVAL || tes_size);
      if (point_size_uniform)
         glsl_str_append(&head, "uniform float _mgl_PointSize;\n");
      /* the shader's own size, kept before the wrapper puts glPointSize's in its place: a
       * capture records what the shader wrote (glsl_link_xfb.c copies it out) */
      const bool keep_size = point_size_uniform && xfb_point_size;
      if (keep_size)
         glsl_str_append(&head, "float " GLSL_XFB_POINT_SIZE_NAME ";\n");
      /* the hidden blend state before the app's uniforms (as _mgl_PointSize) */
      if (fs_blend && u->main_renamed)
         glsl_str_append(&head, "uniform float _mgl_BlendEquation;\n"
                                "uniform sampler2D " GLSL_BLEND_DST_NAME ";\n");
      if (u->frag_coord_layout > 0)
         glsl_str_append(&head, "vec4 _mgl_FragCoord();\n");
      if (u->point_coord_used)
         glsl_str_append(&head, "vec2 _mgl_PointCoord();\n");
      if (u->primitive_id_used)
         glsl_str_append(&head, "int _mgl_PrimitiveID();\n");
      if (u->emit_renamed)
         glsl_str_append(&head, "void _mgl_EmitVertex();\n");
      static const char *const boxes[3] = {"gl_BoundingBoxEXT", "gl_BoundingBoxOES",
                                           "gl_BoundingBox"};
      for (unsigned k = 0; k < 3; k++)
         if (u->bounding_box & (1u << k))
            glsl_str_printf(&head, "vec4 " GLSL_MANGLE "%s[2];\n", boxes[k]);
      if (u->frag_outputs & 1)
         glsl_str_append(&head, "out vec4 " GLSL_MANGLE "gl_FragColor;\n");
      /* ESSL 1.00 without GL_EXT_draw_buffers has one draw buffer: gl_FragData[0] only (the
       * extension's issue 8 keeps gl_MaxDrawBuffers at MAX_DRAW_BUFFERS either way) */
      if ((u->frag_outputs & 2) && u->es && u->version == 100 && !u->draw_buffers_ext)
         glsl_str_append(&head, "out vec4 " GLSL_MANGLE "gl_FragData[1];\n");
      else if (u->frag_outputs & 2)
         glsl_str_append(&head, "out vec4 " GLSL_MANGLE "gl_FragData[gl_MaxDrawBuffers];\n");
      for (size_t k = 0; k < sizeof(helper_fns) / sizeof(helper_fns[0]); k++) {
         const struct helper_fn *f = &helper_fns[k];
         if (!(u->helpers & (UINT64_C(1) << f->helper)) ||
             ((f->flags & FRAG_ONLY) && stage != GLSL_STAGE_FRAGMENT))
            continue;
         glsl_str_printf(&head, "%s " GLSL_MANGLE "%s(%s);\n", f->ret, helper_names[f->helper],
                         f->params);
      }
      /* The app's line 1 comes next. */
      glsl_str_printf(&head, "#line %d\n", u->compile_version >= 330 ? 1 : 0);
      merge_edits(&L, early_edits);
      if (!head.oom)
         text = apply(&L, head.s);
      free(head.s);
      if (text && (u->main_renamed || u->emit_renamed)) {
         struct glsl_str tail = {0};
         glsl_str_append(&tail, text);
         glsl_str_append(&tail, "\n");
         if (stage == GLSL_STAGE_FRAGMENT) {
            if (fs_blend)
               glsl_str_append(&tail, blend_in_shader_fns);
            glsl_str_append(&tail, "void main() {");
            if (fs_stipple)
               glsl_compat_stipple_prologue(&tail);
            glsl_str_append(&tail, " _mgl_fs_main();");
            if (fs_stipple && (u->frag_outputs & 3))
               glsl_compat_fragment_clamp_epilogue(&tail, u->frag_outputs & 3);
            /* colour 0: gl_FragColor or gl_FragData[0] where this unit writes one (an output
             * of the unit's own, or one another unit of the stage writes, is not tested) */
            if (fs_stipple && (u->frag_outputs & 1))
               glsl_compat_alpha_epilogue(&tail, GLSL_MANGLE "gl_FragColor");
            else if (fs_stipple && (u->frag_outputs & 2))
               glsl_compat_alpha_epilogue(&tail, GLSL_MANGLE "gl_FragData[0]");
            u->alpha_tested = fs_stipple && (u->frag_outputs & 3) != 0;
            if (fs_blend) {
               /* colour output 0 over draw buffer 0's colour at this pixel; a fixed-point
                * buffer clamps the source first (GL 4.6 17.3.6.1) */
               char color0[96];
               if (u->frag_outputs & 1)
                  snprintf(color0, sizeof(color0), "%s", GLSL_MANGLE "gl_FragColor");
               else if (u->frag_outputs & 2)
                  snprintf(color0, sizeof(color0), "%s", GLSL_MANGLE "gl_FragData[0]");
               else if (!blend_output(&L, color0, sizeof(color0)))
                  color0[0] = '\0';
               if (color0[0])
                  glsl_str_printf(
                     &tail,
                     " int _mgl_be = int(_mgl_BlendEquation); if (_mgl_be != 0) {"
                     " vec4 _mgl_bs = _mgl_be >= 16 ? %s : clamp(%s, 0.0, 1.0);"
                     " %s = _mgl_ba_blend(_mgl_be & 15, _mgl_bs, texelFetch(" GLSL_BLEND_DST_NAME
                     ", ivec2(gl_FragCoord.xy), 0)); }",
                     color0, color0, color0);
               else
                  blend_output_missing = true;
            }
            glsl_str_append(&tail, " }\n");
         } else if (out_pervertex) {
            /* no gl_PointSize to write: the wrappers only call */
            if (u->emit_renamed) {
               glsl_str_append(&tail, "void _mgl_EmitVertex() {");
               if (gs_color_clamp)
                  glsl_compat_vertex_clamp_epilogue(u->compat_need, &tail);
               glsl_str_append(&tail, " EmitVertex(); }\n");
            }
            if (u->main_renamed) {
               glsl_str_append(&tail, "void main() { _mgl_main();");
               if (vs_color_clamp)
                  glsl_compat_vertex_clamp_epilogue(u->compat_need, &tail);
               glsl_str_append(&tail, " }\n");
            }
         } else if (u->es) {
            /* ES: the shader's size when it writes one, else 1; an ES geometry shader
             * (EXT_geometry_shader without EXT_geometry_point_size) writes none: 1 for each
             * vertex it emits */
            if (u->emit_renamed)
               glsl_str_append(&tail,
                               "void _mgl_EmitVertex() { gl_PointSize = 1.0; EmitVertex(); }\n");
            if (u->main_renamed)
               glsl_str_append(&tail, "void main() { gl_PointSize = 1.0; _mgl_main(); }\n");
         } else {
            /* _mgl_PointSize (declared in the head): glPointSize's size, 0 with
             * GL_PROGRAM_POINT_SIZE enabled (then the shader's stands, 1 when it writes none) */
            if (u->emit_renamed) {
               glsl_str_append(&tail, "void _mgl_EmitVertex() {");
               if (gs_clip)
                  glsl_compat_clip_epilogue(u->compat_need, &tail);
               if (gs_color_clamp)
                  glsl_compat_vertex_clamp_epilogue(u->compat_need, &tail);
               if (gs_size && keep_size)
                  glsl_str_append(&tail, " " GLSL_XFB_POINT_SIZE_NAME " = gl_PointSize;");
               if (gs_size)
                  glsl_str_append(&tail, " if (_mgl_PointSize > 0.0) gl_PointSize = "
                                         "_mgl_PointSize; EmitVertex(); gl_PointSize = 1.0; }\n");
               else
                  glsl_str_append(&tail, " EmitVertex(); }\n");
            }
            if (u->main_renamed && stage == GLSL_STAGE_GEOMETRY)
               glsl_str_append(&tail, "void main() { gl_PointSize = 1.0; _mgl_main(); }\n");
            else if (u->main_renamed && stage == GLSL_STAGE_TESS_EVAL && !tes_size) {
               /* (no point size outside point mode) */
               glsl_str_append(&tail, "void main() { _mgl_main();");
               if (clip_epilogue)
                  glsl_compat_clip_epilogue(u->compat_need, &tail);
               if (vs_color_clamp)
                  glsl_compat_vertex_clamp_epilogue(u->compat_need, &tail);
               glsl_str_append(&tail, " }\n");
            } else if (u->main_renamed) {
               glsl_str_append(&tail, "void main() { gl_PointSize = 1.0; _mgl_main();");
               if (keep_size)
                  glsl_str_append(&tail, " " GLSL_XFB_POINT_SIZE_NAME " = gl_PointSize;");
               glsl_str_append(&tail, " if (_mgl_PointSize > 0.0) gl_PointSize = _mgl_PointSize;");
               if (clip_epilogue)
                  glsl_compat_clip_epilogue(u->compat_need, &tail);
               if (vs_color_clamp)
                  glsl_compat_vertex_clamp_epilogue(u->compat_need, &tail);
               glsl_str_append(&tail, " }\n");
            }
         }
         free(text);
         text = tail.oom ? NULL : glsl_str_take(&tail);
      }
      if (!text)
         L.oom = true;
      if (blend_output_missing) {
         glsl_str_append(log, "error: layout(blend_support_*) in a fragment shader whose colour "
                              "output 0 is not an `out vec4` of its own (this implementation "
                              "blends GL_KHR_blend_equation_advanced in the shader)\n");
         L.failed = true;
      }
   }
   free(L.edits);
   for (unsigned k = 0; k < L.num_owned; k++)
      free(L.owned[k]);
   free(L.owned);
   free(L.t);
   if (L.oom) {
      glsl_str_append(log, "error: out of memory\n");
      free(text);
      return false;
   }
   if (L.failed) {
      free(text);
      return false;
   }
   u->text = text;
   return true;
}

bool
glsl_lower_preprocessed(enum glsl_stage stage, const char *pp, int version, const char *profile,
                        bool compat, uint64_t compat_provided, bool point_size, bool xfb_point_size,
                        uint32_t deny, struct glsl_unit *u, struct glsl_str *log)
{
   /* atomic_uint parameters first (glsl_atomic_arg.c), then subroutines (glsl_subroutine.c),
    * then the rest on its text */
   char *cloned;
   if (!glsl_lower_atomic_args(pp, version, log, &cloned))
      return false;
   struct glsl_subroutine_stage subr;
   char *text;
   if (!glsl_lower_subroutines(stage, cloned ? cloned : pp, version, &subr, log, &text)) {
      free(cloned);
      return false;
   }
   bool ok = lower_unit(stage,
                        text     ? text
                        : cloned ? cloned
                                 : pp,
                        version, profile, compat, compat_provided, point_size, xfb_point_size, deny,
                        u, log);
   free(text);
   free(cloned);
   u->subroutines = subr;
   return ok;
}

void
glsl_unit_finish(struct glsl_unit *u)
{
   glsl_subroutine_stage_finish(&u->subroutines);
   free(u->text);
   u->text = NULL;
   for (unsigned k = 0; k < u->num_taken; k++)
      free((char *)u->taken[k].name);
   free(u->taken);
   u->taken = NULL;
   for (unsigned k = 0; k < u->num_implicit_sizes; k++)
      free((char *)u->implicit_sizes[k].name);
   free(u->implicit_sizes);
   u->implicit_sizes = NULL;
   u->num_implicit_sizes = u->cap_implicit_sizes = 0;
   u->num_taken = u->cap_taken = 0;
   for (unsigned k = 0; k < u->num_uniform_locs; k++)
      free((char *)u->uniform_locs[k].name);
   free(u->uniform_locs);
   u->uniform_locs = NULL;
   u->num_uniform_locs = u->cap_uniform_locs = 0;
}

/* ── the support unit ──────────────────────────────────────────────────────────────────────── */

char *
glsl_support_unit(enum glsl_stage stage, uint64_t helpers, int frag_coord_layout, bool point_coord,
                  bool primitive_id)
{
   if (!helpers && frag_coord_layout <= 0 && !point_coord && !primitive_id)
      return NULL;
   struct glsl_str out = {0};
   /* geometry shaders and the fragment stage's gl_PrimitiveID begin at 1.50 */
   glsl_str_append(&out, stage == GLSL_STAGE_GEOMETRY || primitive_id ? "#version 150\n"
                         : stage == GLSL_STAGE_TESS_CTRL || stage == GLSL_STAGE_TESS_EVAL
                            ? "#version 400\n"
                         : stage == GLSL_STAGE_COMPUTE ? "#version 430\n"
                                                       : "#version 140\n");
   for (size_t k = 0; k < sizeof(helper_fns) / sizeof(helper_fns[0]); k++) {
      const struct helper_fn *f = &helper_fns[k];
      if (!(helpers & (UINT64_C(1) << f->helper)) ||
          ((f->flags & FRAG_ONLY) && stage != GLSL_STAGE_FRAGMENT))
         continue;
      glsl_str_printf(&out, "%s " GLSL_MANGLE "%s(%s) { %s }\n", f->ret, helper_names[f->helper],
                      f->params, f->body);
   }
   if (stage == GLSL_STAGE_FRAGMENT && point_coord)
      /* GL_POINT_SPRITE_COORD_ORIGIN: a state uniform, 1 for the default upper left (0 until
       * the front end writes it is never seen: it writes before every draw) */
      glsl_str_append(&out, "uniform float _mgl_PointCoordUpperLeft;\n"
                            "vec2 _mgl_PointCoord() { return vec2(gl_PointCoord.x, "
                            "_mgl_PointCoordUpperLeft != 0.0 ? 1.0 - gl_PointCoord.y : "
                            "gl_PointCoord.y); }\n");
   if (stage == GLSL_STAGE_FRAGMENT && primitive_id)
      /* the divisor is a state uniform the front end writes before every draw (at least 1;
       * max() keeps a 0 it never sends from dividing by zero) */
      glsl_str_append(&out, "uniform float _mgl_PrimitiveDivisor;\n"
                            "int _mgl_PrimitiveID() { return gl_PrimitiveID / "
                            "max(int(_mgl_PrimitiveDivisor), 1); }\n");
   if (stage == GLSL_STAGE_FRAGMENT && frag_coord_layout > 0) {
      /* SPIR-V FragCoord is (column + 0.5, row + 0.5) and memory row r is GL window row r:
       * GL's default lower-left, half-integer gl_FragCoord. */
      if (frag_coord_layout & GLSL_FRAGCOORD_UPPER_LEFT)
         glsl_str_append(&out, "uniform float _mgl_FramebufferHeight;\n");
      glsl_str_append(&out, "vec4 _mgl_FragCoord() { vec4 c = gl_FragCoord;");
      if (frag_coord_layout & GLSL_FRAGCOORD_UPPER_LEFT)
         glsl_str_append(&out, " c.y = _mgl_FramebufferHeight - c.y;");
      if (frag_coord_layout & GLSL_FRAGCOORD_PIXEL_CENTER_INTEGER)
         glsl_str_append(&out, " c.xy -= vec2(0.5);");
      glsl_str_append(&out, " return c; }\n");
   }
   if (out.oom) {
      free(out.s);
      return NULL;
   }
   return glsl_str_take(&out);
}

const char *
glsl_demangle(const char *name)
{
   size_t n = sizeof(GLSL_MANGLE) - 1;
   _Static_assert(sizeof(GLSL_MANGLE) == sizeof(GLSL_MANGLE_IN), "one length");
   return name && (!strncmp(name, GLSL_MANGLE, n) || !strncmp(name, GLSL_MANGLE_IN, n)) ? name + n
                                                                                        : name;
}

/* ── `defined __VERSION__` ─────────────────────────────────────────────────────────────────── */

/* Reads an identifier at *p (after blanks); returns its length and leaves *p at its start. */
static size_t
directive_ident(const char **p)
{
   while (**p == ' ' || **p == '\t')
      (*p)++;
   size_t n = 0;
   if (glsl_ident_start(**p))
      while (glsl_ident_char((*p)[n]))
         n++;
   return n;
}

/* Whether identifier p[0 .. n) is a macro the rewrite decides: 1 defined (__VERSION__), 0 not
 * defined (GL_ARB_gpu_shader_fp64 where undef_fp64), -1 neither. */
static int
decided_macro(const char *p, size_t n, bool undef_fp64)
{
   if (n == 11 && !strncmp(p, "__VERSION__", 11))
      return 1;
   if (undef_fp64 && n == 22 && !strncmp(p, "GL_ARB_gpu_shader_fp64", 22))
      return 0;
   return -1;
}

char *
glsl_define_version_macro(const char *src)
{
   return glsl_decide_macros(src, false);
}

char *
glsl_decide_macros(const char *src, bool undef_fp64)
{
   size_t n = strlen(src);
   char *out = malloc(n + 1); /* every rewrite is shorter than what it replaces */
   if (!out)
      return NULL;
   size_t o = 0;
   const char *p = src;
   while (*p) {
      const char *eol = strchr(p, '\n');
      if (!eol)
         eol = p + strlen(p);
      const char *q = p;
      while (q < eol && (*q == ' ' || *q == '\t'))
         q++;
      if (q < eol && *q == '#') {
         const char *d = q + 1;
         size_t dn = directive_ident(&d);
         bool cond = (dn == 2 && !strncmp(d, "if", 2)) || (dn == 4 && !strncmp(d, "elif", 4));
         bool ifdef = dn == 5 && !strncmp(d, "ifdef", 5);
         bool ifndef = dn == 6 && !strncmp(d, "ifndef", 6);
         const char *a = d + dn;
         size_t an = (ifdef || ifndef) ? directive_ident(&a) : 0;
         const int decided = (ifdef || ifndef) ? decided_macro(a, an, undef_fp64) : -1;
         if (decided >= 0) {
            /* #ifdef __VERSION__ -> #if 1, #ifndef __VERSION__ -> #if 0 (the opposite for a
             * macro decided undefined) */
            memcpy(out + o, p, (size_t)(d - p));
            o += (size_t)(d - p);
            o += (size_t)sprintf(out + o, "if %d", ifdef ? decided : !decided);
            p = a + an;
         } else if (cond) {
            memcpy(out + o, p, (size_t)(d + dn - p));
            o += (size_t)(d + dn - p);
            p = d + dn;
            while (p < eol) {
               if (!glsl_ident_start(*p) || (p > src && glsl_ident_char(p[-1]))) {
                  out[o++] = *p++;
                  continue;
               }
               size_t wn = 0;
               while (glsl_ident_char(p[wn]))
                  wn++;
               const char *m = p + wn;
               if (wn == 7 && !strncmp(p, "defined", 7)) {
                  while (*m == ' ' || *m == '\t')
                     m++;
                  bool paren = *m == '(';
                  const char *id = paren ? m + 1 : m;
                  size_t idn = directive_ident(&id);
                  const char *after = id + idn;
                  while (paren && (*after == ' ' || *after == '\t'))
                     after++;
                  const int v = decided_macro(id, idn, undef_fp64);
                  if (v >= 0 && (!paren || *after == ')')) {
                     out[o++] = (char)('0' + v);
                     p = paren ? after + 1 : after;
                     continue;
                  }
               } else if (decided_macro(p, wn, undef_fp64) == 0) {
                  out[o++] = '0'; /* an undefined macro in #if reads 0 */
                  p += wn;
                  continue;
               }
               memcpy(out + o, p, wn);
               o += wn;
               p += wn;
            }
         }
      }
      while (p < eol)
         out[o++] = *p++;
      if (*p == '\n')
         out[o++] = *p++;
   }
   out[o] = '\0';
   return out;
}
