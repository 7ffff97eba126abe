/* fe_ff_mat.c — 4x4 matrix arithmetic of the fixed-function and ARB-program state: product,
 * transform, inverse. Column-major floats, as GL hands them over. A leaf: the matrix stacks,
 * the generated programs and the ARB program parameters all call it. */
#include <math.h>
#include <string.h>

#include "fe_ff.h"

void
fe_ff_mat_mul(float out[16], const float a[16], const float b[16])
{
   float r[16];
   for (int c = 0; c < 4; c++)
      for (int row = 0; row < 4; row++)
         r[c * 4 + row] = a[0 * 4 + row] * b[c * 4 + 0] + a[1 * 4 + row] * b[c * 4 + 1] +
                          a[2 * 4 + row] * b[c * 4 + 2] + a[3 * 4 + row] * b[c * 4 + 3];
   memcpy(out, r, sizeof(r));
}

void
fe_ff_mat_transform(float out[4], const float m[16], const float v[4])
{
   float r[4];
   for (int row = 0; row < 4; row++)
      r[row] = m[row] * v[0] + m[4 + row] * v[1] + m[8 + row] * v[2] + m[12 + row] * v[3];
   memcpy(out, r, sizeof(r));
}

/* Gauss-Jordan with partial pivoting, in double; false for a singular matrix. */
bool
fe_ff_mat_invert(float out[16], const float m[16])
{
   double a[4][8];
   for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++) {
         a[r][c] = m[c * 4 + r];
         a[r][c + 4] = r == c;
      }
   for (int c = 0; c < 4; c++) {
      int p = c;
      for (int r = c + 1; r < 4; r++)
         if (fabs(a[r][c]) > fabs(a[p][c]))
            p = r;
      if (a[p][c] == 0.0)
         return false;
      if (p != c)
         for (int k = 0; k < 8; k++) {
            double t = a[c][k];
            a[c][k] = a[p][k];
            a[p][k] = t;
         }
      const double d = a[c][c];
      for (int k = 0; k < 8; k++)
         a[c][k] /= d;
      for (int r = 0; r < 4; r++) {
         if (r == c || a[r][c] == 0.0)
            continue;
         const double f = a[r][c];
         for (int k = 0; k < 8; k++)
            a[r][k] -= f * a[c][k];
      }
   }
   for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++)
         out[c * 4 + r] = (float)a[r][c + 4];
   return true;
}
