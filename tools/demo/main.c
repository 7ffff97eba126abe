/*
 * mgl-demo: a headless OpenGL 3.3 core-profile workload over EGL + GL only.
 *
 * Renders a grid of textured, lit, slowly rotating cubes (one glDrawElements
 * per cube, with uniform / texture / blend state changes between draws) into
 * an EGL pbuffer, times the frames and writes the last frame as a PNG.  It is
 * meant to be the first program a new GL driver runs, so it sticks to
 * mainstream GL 3.3 core calls and checks every EGL/GL step.  GL 1.0/1.1
 * entry points come from libOpenGL; everything newer is loaded with
 * eglGetProcAddress so it works with any glvnd vendor.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include "demo_scene.h"
#include "egl_app.h"
#include <GL/gl.h>
#include <GL/glext.h>
#include <png.h>

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct options {
   int width;
   int height;
   int frames;
   int grid;
   const char *output;
   bool quiet;
};

static void
fail(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fputs("mgl-demo: ", stderr);
   vfprintf(stderr, fmt, ap);
   fputc('\n', stderr);
   va_end(ap);
}

static bool
gl_check(const char *where)
{
   return demo_gl_check("mgl-demo", where);
}

static void
egl_fail(const char *call)
{
   EGLint err = eglGetError();
   fail("%s failed: %s (0x%04x)", call, egl_app_error_name(err), (unsigned)err);
}

/* ------------------------------------------------------------------ */
/* Command line                                                        */

static void
print_usage(FILE *f)
{
   fputs("usage: mgl-demo [options]\n"
         "Renders a grid of textured, lit cubes with OpenGL 3.3 core through EGL\n"
         "(headless pbuffer) and writes the last frame as an RGB PNG.\n"
         "\n"
         "  --size WxH      surface size in pixels (default 640x480)\n"
         "  --frames N      number of frames to render (default 10); the cubes'\n"
         "                  rotation depends only on the frame index, so the image\n"
         "                  for a given N is reproducible\n"
         "  --grid N        cubes per grid side, N*N draws per frame (default 48)\n"
         "  --output PATH   PNG file for the last frame, RGB, rows upright\n"
         "                  (default mgl-demo.png)\n"
         "  --quiet         print nothing on stdout (errors still go to stderr)\n"
         "  --help          show this help and exit\n"
         "\n"
         "Exit status: 0 on success, 1 on an EGL/GL/IO failure, 2 on bad usage.\n",
         f);
}

static bool
parse_int(const char *s, int min, int max, int *out)
{
   char *end = NULL;
   errno = 0;
   long v = strtol(s, &end, 10);
   if (errno != 0 || end == s || *end != '\0' || v < min || v > max)
      return false;
   *out = (int)v;
   return true;
}

static bool
parse_size(const char *s, int *w, int *h)
{
   char buf[64];
   size_t len = strlen(s);
   if (len == 0 || len >= sizeof buf)
      return false;
   memcpy(buf, s, len + 1);
   char *x = strchr(buf, 'x');
   if (x == NULL)
      x = strchr(buf, 'X');
   if (x == NULL)
      return false;
   *x = '\0';
   return parse_int(buf, 1, 16384, w) && parse_int(x + 1, 1, 16384, h);
}

/* Returns 0 to run, -1 to exit 0 (help), or 2 on bad usage. */
static int
parse_options(int argc, char **argv, struct options *opt)
{
   opt->width = 640;
   opt->height = 480;
   opt->frames = 10;
   opt->grid = 48;
   opt->output = "mgl-demo.png";
   opt->quiet = false;

   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      const char *value = NULL;
      char name[32];
      const char *eq = strchr(arg, '=');
      size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
      if (name_len >= sizeof name) {
         fail("unknown option '%s' (try --help)", arg);
         return 2;
      }
      memcpy(name, arg, name_len);
      name[name_len] = '\0';

      bool takes_value = strcmp(name, "--size") == 0 || strcmp(name, "--frames") == 0 ||
                         strcmp(name, "--grid") == 0 || strcmp(name, "--output") == 0;
      if (takes_value) {
         if (eq) {
            value = eq + 1;
         } else if (i + 1 < argc) {
            value = argv[++i];
         } else {
            fail("option %s needs a value (try --help)", name);
            return 2;
         }
      } else if (eq) {
         fail("option %s takes no value (try --help)", name);
         return 2;
      }

      if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
         print_usage(stdout);
         return -1;
      } else if (strcmp(name, "--quiet") == 0) {
         opt->quiet = true;
      } else if (strcmp(name, "--size") == 0) {
         if (!parse_size(value, &opt->width, &opt->height)) {
            fail("bad --size '%s': expected WxH, each 1..16384", value);
            return 2;
         }
      } else if (strcmp(name, "--frames") == 0) {
         if (!parse_int(value, 1, 1000000, &opt->frames)) {
            fail("bad --frames '%s': expected an integer 1..1000000", value);
            return 2;
         }
      } else if (strcmp(name, "--grid") == 0) {
         /* 255*255 cubes keeps every cube index in an int with room to spare. */
         if (!parse_int(value, 1, 255, &opt->grid)) {
            fail("bad --grid '%s': expected an integer 1..255", value);
            return 2;
         }
      } else if (strcmp(name, "--output") == 0) {
         if (value[0] == '\0') {
            fail("bad --output: empty path");
            return 2;
         }
         opt->output = value;
      } else {
         fail("unknown option '%s' (try --help)", arg);
         return 2;
      }
   }
   return 0;
}

/* ------------------------------------------------------------------ */
/* Read-back and PNG                                                   */

/*
 * Writes the read-back as an RGB PNG.  Alpha is dropped on purpose: the
 * blended cubes leave destination alpha below 1, which image viewers would
 * show as holes, and a window system would ignore it too.  The RGBA buffer
 * is packed to RGB in place.
 */
static bool
write_png(const char *path, uint8_t *rgba, int width, int height)
{
   size_t count = (size_t)width * (size_t)height;
   for (size_t i = 0; i < count; i++) {
      rgba[i * 3 + 0] = rgba[i * 4 + 0];
      rgba[i * 3 + 1] = rgba[i * 4 + 1];
      rgba[i * 3 + 2] = rgba[i * 4 + 2];
   }

   png_image image;
   memset(&image, 0, sizeof image);
   image.version = PNG_IMAGE_VERSION;
   image.width = (png_uint_32)width;
   image.height = (png_uint_32)height;
   image.format = PNG_FORMAT_RGB;
   /* GL rows run bottom-up; a negative stride makes libpng flip them. */
   png_int_32 stride = -(png_int_32)(width * 3);
   if (!png_image_write_to_file(&image, path, 0, rgba, stride, NULL)) {
      fail("cannot write PNG '%s': %s", path, image.message);
      png_image_free(&image);
      return false;
   }
   return true;
}

static double
now_seconds(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool
parse_gl_version(const char *version, int *major, int *minor)
{
   return version != NULL && sscanf(version, "%d.%d", major, minor) == 2;
}

int
main(int argc, char **argv)
{
   struct options opt;
   struct egl_app egl = EGL_APP_INIT;
   struct demo_scene *sc = NULL;
   uint8_t *pixels = NULL;
   int rc = 1;

   int parsed = parse_options(argc, argv, &opt);
   if (parsed == -1)
      return 0;
   if (parsed != 0)
      return parsed;

   if (!egl_app_setup(&egl, "mgl-demo", opt.width, opt.height, 24))
      goto out;

   const char *vendor = (const char *)glGetString(GL_VENDOR);
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   const char *version = (const char *)glGetString(GL_VERSION);
   const char *glsl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
   if (vendor == NULL || renderer == NULL || version == NULL || glsl == NULL) {
      fail("glGetString returned NULL");
      gl_check("glGetString");
      goto out;
   }
   if (!opt.quiet) {
      printf("GL_VENDOR: %s\n", vendor);
      printf("GL_RENDERER: %s\n", renderer);
      printf("GL_VERSION: %s\n", version);
      printf("GL_SHADING_LANGUAGE_VERSION: %s\n", glsl);
      fflush(stdout);
   }
   int gl_major = 0, gl_minor = 0;
   if (!parse_gl_version(version, &gl_major, &gl_minor) || gl_major * 10 + gl_minor < 33) {
      fail("GL_VERSION '%s' is below the 3.3 that was requested", version);
      goto out;
   }

   sc = demo_scene_create(opt.width, opt.height, opt.grid);
   if (sc == NULL)
      goto out;

   int draws_per_frame = 0;
   double start = now_seconds();
   for (int frame = 0; frame < opt.frames; frame++) {
      draws_per_frame = demo_scene_draw_frame(sc, frame);
      if (!eglSwapBuffers(egl.display, egl.surface)) {
         egl_fail("eglSwapBuffers");
         /* EGL_CONTEXT_LOST: say how the context was lost, as a loss found later would. */
         egl_app_context_lost("mgl-demo");
         goto out;
      }
   }
   glFinish();
   double seconds = now_seconds() - start;
   if (!gl_check("the last frame"))
      goto out;

   size_t size = (size_t)opt.width * (size_t)opt.height * 4;
   pixels = malloc(size);
   if (pixels == NULL) {
      fail("out of memory for a %dx%d read-back", opt.width, opt.height);
      goto out;
   }
   glReadPixels(0, 0, opt.width, opt.height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   if (!gl_check("glReadPixels"))
      goto out;

   if (!opt.quiet) {
      printf("frames=%d draws_per_frame=%d seconds=%.3f fps=%.2f\n", opt.frames, draws_per_frame,
             seconds, seconds > 0.0 ? (double)opt.frames / seconds : 0.0);
      fflush(stdout);
   }
   if (!write_png(opt.output, pixels, opt.width, opt.height))
      goto out;
   if (!opt.quiet)
      printf("wrote %s\n", opt.output);
   rc = 0;

out:
   free(pixels);
   demo_scene_destroy(sc);
   egl_app_teardown(&egl);
   return rc;
}
