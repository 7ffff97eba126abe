/* astc_mesa_ref.c — prints, per ASTC format, an FNV-1a hash of the RGBA8 texels Mesa decodes
 * from the blocks of tests/unit/frontend/astc_blocks.h (4096 a format: a 64 x 64-block image),
 * the table test_texcompress.c holds. Not built by the tree; run once against Mesa llvmpipe:
 *   cc -O1 tests/unit/frontend/astc_mesa_ref.c -lEGL -lGL -o /tmp/astc_mesa_ref
 *   EGL_PLATFORM=surfaceless /tmp/astc_mesa_ref [DIR]
 * With DIR, each format's texels go to DIR/rgba-WxH.bin or DIR/srgb-WxH.bin as well. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>

#include "astc_blocks.h"

int
main(int argc, char **argv)
{
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (!dpy || !eglInitialize(dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API))
      return 1;
   EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, NULL);
   if (!ctx || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
      return 1;
   static const unsigned fp[14][2] = {{4, 4},  {5, 4},   {5, 5},   {6, 5},  {6, 6},
                                      {8, 5},  {8, 6},   {8, 8},   {10, 5}, {10, 6},
                                      {10, 8}, {10, 10}, {12, 10}, {12, 12}};
   printf("%s\n", (const char *)glGetString(GL_RENDERER));
   for (unsigned srgb = 0; srgb < 2; srgb++)
      for (unsigned f = 0; f < 14; f++) {
         const unsigned bw = fp[f][0], bh = fp[f][1], w = 64 * bw, h = 64 * bh;
         uint8_t *blocks = malloc(4096 * 16), *texels = malloc((size_t)w * h * 4);
         uint64_t s = 0x9e3779b97f4a7c15ull + f + 14 * srgb;
         for (unsigned i = 0; i < 4096; i++)
            astc_test_block(&s, i, bw, bh, blocks + 16 * i);
         GLuint tex;
         glGenTextures(1, &tex);
         glBindTexture(GL_TEXTURE_2D, tex);
         const GLenum fmt =
            (srgb ? GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR : GL_COMPRESSED_RGBA_ASTC_4x4_KHR) + f;
         glCompressedTexImage2D(GL_TEXTURE_2D, 0, fmt, (GLsizei)w, (GLsizei)h, 0, 4096 * 16,
                                blocks);
         glPixelStorei(GL_PACK_ALIGNMENT, 1);
         glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
         uint64_t hash = 0xcbf29ce484222325ull;
         for (size_t i = 0; i < (size_t)w * h * 4; i++)
            hash = (hash ^ texels[i]) * 0x100000001b3ull;
         printf("   0x%016llxull, /* %s %ux%u err 0x%x */\n", (unsigned long long)hash,
                srgb ? "srgb" : "rgba", bw, bh, glGetError());
         if (argc > 1) {
            char path[4096];
            snprintf(path, sizeof(path), "%s/%s-%ux%u.bin", argv[1], srgb ? "srgb" : "rgba", bw,
                     bh);
            FILE *out = fopen(path, "wb");
            if (!out || fwrite(texels, 4, (size_t)w * h, out) != (size_t)w * h || fclose(out))
               return 1;
         }
         glDeleteTextures(1, &tex);
         free(blocks);
         free(texels);
      }
   return 0;
}
