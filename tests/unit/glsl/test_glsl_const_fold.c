/* unit.glsl.const_fold — array sizes that are constant expressions calling built-ins glslang 12
 * does not fold (glsl_const.c). Each size's value is read back as the declared length of a
 * uniform array, so a wrong value (not only a refusal) fails; a size that evaluates to zero or
 * less must still be a compile error, and a size that is not constant must stay one. */
#include "glsl_test_util.h"

static const char *fs = "#version 150\n"
                        "out vec4 c;\n"
                        "void main() { c = vec4(1.0); }\n";

/* Links a VS declaring `uniform float u[SIZE];` (read so it stays active); returns the
 * array's length, 0 when the link fails. */
static uint32_t
size_of(const char *version, const char *size)
{
   char vs[1024];
   snprintf(vs, sizeof(vs),
            "%s\n"
            "uniform float u[%s];\n"
            "void main() { gl_Position = vec4(u[0] + u[u.length() - 1]); }\n",
            version, size);
   struct glsl_link_input in = {.source = {vs, fs}};
   char *log = NULL;
   struct glsl_program *p = glsl_link(&in, &log);
   uint32_t n = 0;
   const struct glsl_uniform *u = p ? glsl_program_find_uniform(p, "u[0]") : NULL;
   if (!u && p)
      u = glsl_program_find_uniform(p, "u");
   if (u)
      n = u->array_size;
   else if (getenv("T_VERBOSE"))
      fprintf(stderr, "%s: %s\n", size, log ? log : "");
   glsl_program_destroy(p);
   free(log);
   return n;
}

#define FP64 "#version 150\n#extension GL_ARB_gpu_shader_fp64 : require"

int
main(void)
{
   static const struct {
      const char *version, *size;
      uint32_t want;
   } cases[] = {
      /* determinant of a constant matrix: 1*4 - 3*2 = -2, of 3*I: 27 */
      {"#version 150", "determinant(mat2(1.0, 2.0, 3.0, 4.0)) == -2.0 ? 3 : -1", 3},
      {"#version 150", "int(determinant(mat3(3.0)))", 27},
      /* inverse at 1.40 (an ordinary function there) and 1.50: inverse(diag(2, 4))[1][1] = 0.25 */
      {"#version 140", "int(1.0 / inverse(mat2(2.0, 0.0, 0.0, 4.0))[1][1])", 4},
      {"#version 150", "int(inverse(mat3(0.5))[2].z)", 2},
      /* transpose moves [0][1] to [1][0]; matrixCompMult multiplies per component */
      {"#version 150", "int(transpose(mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0))[2][1])", 6},
      {"#version 150", "int(matrixCompMult(mat2(2.0), mat2(3.0))[1][1])", 6},
      /* matrix and vector comparisons are whole-value */
      {"#version 150", "(mat2(1.0) != mat2(1.0, 0.0, 0.0, 2.0)) ? 5 : -1", 5},
      {"#version 150", "(ivec3(36, 32, 88) != ivec3(-36, 32, -88)) == true ? 7 : -1", 7},
      /* float built-ins: sinh(1) = 1.1752, acosh(2) = 1.3170, distance of 3-4-5 */
      {"#version 150", "int(sinh(1.0) * 1000.0)", 1175},
      {"#version 150", "int(acosh(vec2(2.0, 1.0)).x * 100.0)", 131},
      {"#version 150", "int(distance(vec2(0.0), vec2(3.0, 4.0)))", 5},
      /* matrix * vector and vector swizzles */
      {"#version 150", "int((mat2(1.0, 2.0, 3.0, 4.0) * vec2(1.0, 1.0)).y)", 6},
      {"#version 150", "int((vec2(1.0, 1.0) * mat2(1.0, 2.0, 3.0, 4.0)).y)", 7},
      {"#version 150", "int(vec4(1.0, 2.0, 3.0, 9.0).wz.x)", 9},
   /* ARB_gpu_shader5's integer functions: popcount, lowest / highest set bit (a negative
       * int's highest clear one), signed and unsigned field extraction, insertion, reversal */
#define GS5 "#version 150\n#extension GL_ARB_gpu_shader5 : enable"
      {GS5, "bitCount(783u) + bitCount(-4)", 6 + 30},
      {GS5, "findLSB(40) + 10 * findMSB(uvec2(0u, 0x80000000u)).y", 3 + 310},
      {GS5, "findMSB(-3) == 1 && findMSB(-1) == -1 && findLSB(0) == -1 ? 8 : -1", 8},
      {GS5, "bitfieldExtract(0xF0, 4, 4) == -1 && bitfieldExtract(0xF0u, 4, 4) == 15u ? 9 : -1", 9},
      {GS5, "bitfieldInsert(0x11, 0xFF, 4, 8)", 0xFF1},
      {GS5, "bitfieldReverse(1u) == 0x80000000u && bitfieldReverse(-1) == -1 ? 10 : -1", 10},
      /* fma, ldexp (a denormal result is a zero of its sign) and the bit casts */
      {GS5, "int(fma(2.0, 3.0, 5.0))", 11},
      {GS5, "int(ldexp(0.75, 4))", 12},
      {GS5, "floatBitsToInt(ldexp(-0.5, -127)) == floatBitsToInt(-0.0) ? 13 : -1", 13},
      {GS5, "floatBitsToUint(1.0) == 0x3f800000u && intBitsToFloat(0x40000000) == 2.0 ? 14 : -1",
       14},
#undef GS5
      /* ARB_gpu_shader_fp64: `lf` literals and double constructors keep double precision
       * (1 + 1e-12 is 1 in float), ints and floats convert to double */
      {FP64, "(1.0lf + 1e-12lf) - 1.0lf > 0.0lf ? 3 : -1", 3},
      {FP64, "transpose(dmat2(1.0lf, 2.0lf, 3.0lf, 4.0lf))[0][1] == 3.0lf ? 2 : -1", 2},
      {FP64, "int(determinant(dmat2(2.0lf)))", 4},
      {FP64, "int(distance(dvec2(0.0lf), dvec2(3.0LF, 4.0lf)))", 5},
      {FP64, "int(dvec2(1, 2).y * 3.0lf + 1.0)", 7},
      {FP64, "double(1.0f + 1e-12) == 1.0lf ? 8 : -1", 8},
      /* fma, ldexp and the bit casts of doubles: -0.0 differs from 0.0 in its bits */
      {FP64, "int(fma(dvec2(2.0lf), dvec2(3.0lf), dvec2(1.0lf)).y)", 7},
      {FP64, "int(ldexp(0.75lf, 4))", 12},
      {FP64, "unpackDouble2x32(-0.0lf) != unpackDouble2x32(0.0lf) ? 2 : -1", 2},
      {FP64, "unpackDouble2x32(1.0lf).y == 0x3ff00000u ? 3 : -1", 3},
      {FP64, "packDouble2x32(uvec2(0u, 0x40000000u)) == 2.0lf ? 4 : -1", 4},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      uint32_t got = size_of(cases[i].version, cases[i].size);
      CHECK(got == cases[i].want, "[%s] gave %u elements, expected %u", cases[i].size, got,
            cases[i].want);
   }
   /* Zero or negative sizes stay errors; a variable is not a constant expression. */
   CHECK(!size_of("#version 150", "determinant(mat2(1.0)) == 2.0 ? 1 : -1"),
         "a negative folded size must not link");
   CHECK(!size_of("#version 150", "int(determinant(mat2(0.0)))"), "a zero size must not link");
   /* a double where the unit has not enabled ARB_gpu_shader_fp64 is glslang's to refuse */
   CHECK(!size_of("#version 150", "int(2.0lf)"), "a double literal without the extension linked");
   CHECK(!size_of("#version 150", "int(double(2.0))"), "a double without the extension linked");
   static const char *vs_var = "#version 150\n"
                               "uniform float k;\n"
                               "void main() { float a[int(sinh(k))]; gl_Position = vec4(a[0]); }\n";
   char *log = NULL;
   CHECK(!glsl_compile_shader(GLSL_STAGE_VERTEX, false, vs_var, &log),
         "a size reading a uniform must stay an error");
   free(log);
   return t_finish("unit.glsl.const_fold");
}
