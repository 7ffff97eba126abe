/*
 * mgl-pngdiff: compares two PNG images of the same size pixel by pixel.
 *
 * Both files are decoded to 8-bit RGBA with libpng (RGB inputs get alpha
 * 255), so an RGB and an RGBA rendering of the same frame compare equal.
 * A pixel is "bad" when any channel differs by more than --tolerance.
 * Prints one summary line with the PSNR over the colour and alpha channels and exits 0 when
 * the bad fraction is within --max-bad-fraction and the PSNR at least --min-psnr, 1 when not, 2 on bad usage, unreadable input, a
 * size mismatch or a failed --diff write.  --diff writes an image with bad pixels in red over a
 * dimmed grey copy of the first image.
 */
#include <png.h>

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct options {
   const char *path_a;
   const char *path_b;
   const char *diff_path;
   int tolerance;
   double max_bad_fraction;
   double min_psnr; /* dB; 0 checks nothing */
};

struct rgba_image {
   uint32_t width;
   uint32_t height;
   uint8_t *pixels; /* width * height * 4 bytes, top row first */
};

static void
print_usage(FILE *f)
{
   fputs("usage: mgl-pngdiff A.png B.png [--tolerance T] [--max-bad-fraction F] [--min-psnr DB]\n"
         "                   [--diff OUT.png]\n"
         "Compares two PNG images (RGB or RGBA, decoded to 8-bit RGBA) of the same size.\n"
         "\n"
         "  --tolerance T          a pixel is bad when any channel differs by more\n"
         "                         than T (0..255, default 0)\n"
         "  --max-bad-fraction F   pass when bad_pixels / total <= F (0..1, default 0)\n"
         "  --min-psnr DB          also fail when the PSNR (dB, over all channels) is\n"
         "                         below DB (0 or absent: not checked)\n"
         "  --diff OUT.png         write an image: bad pixels red, others a dimmed\n"
         "                         grey copy of A\n"
         "  --help                 show this help and exit\n"
         "\n"
         "Prints: size=WxH max_channel_diff=M bad_pixels=N (fraction) psnr=P\n"
         "(P is inf for identical images)\n"
         "Exit status: 0 within the limits, 1 outside them, 2 on bad usage, unreadable\n"
         "input, a size mismatch or a failed --diff write.\n",
         f);
}

static bool
parse_tolerance(const char *s, int *out)
{
   char *end = NULL;
   errno = 0;
   long v = strtol(s, &end, 10);
   if (errno != 0 || end == s || *end != '\0' || v < 0 || v > 255)
      return false;
   *out = (int)v;
   return true;
}

static bool
parse_psnr(const char *s, double *out)
{
   char *end = NULL;
   errno = 0;
   double v = strtod(s, &end);
   if (errno != 0 || end == s || *end != '\0' || !(v >= 0.0 && v <= 1000.0))
      return false;
   *out = v;
   return true;
}

static bool
parse_fraction(const char *s, double *out)
{
   char *end = NULL;
   errno = 0;
   double v = strtod(s, &end);
   if (errno != 0 || end == s || *end != '\0' || !(v >= 0.0 && v <= 1.0))
      return false;
   *out = v;
   return true;
}

/* Returns 0 to run, -1 to exit 0 (help), 2 on bad usage. */
static int
parse_options(int argc, char **argv, struct options *opt)
{
   memset(opt, 0, sizeof *opt);
   opt->tolerance = 0;
   opt->max_bad_fraction = 0.0;

   for (int i = 1; i < argc; i++) {
      const char *arg = argv[i];
      if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
         print_usage(stdout);
         return -1;
      }
      if (strncmp(arg, "--", 2) == 0) {
         const char *eq = strchr(arg, '=');
         size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
         const char *value = NULL;
         enum { OPT_NONE, OPT_TOLERANCE, OPT_FRACTION, OPT_PSNR, OPT_DIFF } which = OPT_NONE;
         if (name_len == strlen("--tolerance") && strncmp(arg, "--tolerance", name_len) == 0)
            which = OPT_TOLERANCE;
         else if (name_len == strlen("--max-bad-fraction") &&
                  strncmp(arg, "--max-bad-fraction", name_len) == 0)
            which = OPT_FRACTION;
         else if (name_len == strlen("--min-psnr") && strncmp(arg, "--min-psnr", name_len) == 0)
            which = OPT_PSNR;
         else if (name_len == strlen("--diff") && strncmp(arg, "--diff", name_len) == 0)
            which = OPT_DIFF;
         if (which == OPT_NONE) {
            fprintf(stderr, "mgl-pngdiff: unknown option '%s' (try --help)\n", arg);
            return 2;
         }
         if (eq) {
            value = eq + 1;
         } else if (i + 1 < argc) {
            value = argv[++i];
         } else {
            fprintf(stderr, "mgl-pngdiff: option %s needs a value\n", arg);
            return 2;
         }
         if (which == OPT_TOLERANCE) {
            if (!parse_tolerance(value, &opt->tolerance)) {
               fprintf(stderr, "mgl-pngdiff: bad --tolerance '%s': expected an integer 0..255\n",
                       value);
               return 2;
            }
         } else if (which == OPT_FRACTION) {
            if (!parse_fraction(value, &opt->max_bad_fraction)) {
               fprintf(stderr, "mgl-pngdiff: bad --max-bad-fraction '%s': expected a number 0..1\n",
                       value);
               return 2;
            }
         } else if (which == OPT_PSNR) {
            if (!parse_psnr(value, &opt->min_psnr)) {
               fprintf(stderr, "mgl-pngdiff: bad --min-psnr '%s': expected a number 0..1000\n",
                       value);
               return 2;
            }
         } else {
            if (value[0] == '\0') {
               fprintf(stderr, "mgl-pngdiff: bad --diff: empty path\n");
               return 2;
            }
            opt->diff_path = value;
         }
      } else if (opt->path_a == NULL) {
         opt->path_a = arg;
      } else if (opt->path_b == NULL) {
         opt->path_b = arg;
      } else {
         fprintf(stderr, "mgl-pngdiff: unexpected argument '%s' (try --help)\n", arg);
         return 2;
      }
   }
   if (opt->path_a == NULL || opt->path_b == NULL) {
      fprintf(stderr, "mgl-pngdiff: need two PNG files\n");
      print_usage(stderr);
      return 2;
   }
   return 0;
}

static bool
read_png(const char *path, struct rgba_image *img)
{
   png_image png;
   bool ok = false;

   memset(&png, 0, sizeof png);
   png.version = PNG_IMAGE_VERSION;
   if (!png_image_begin_read_from_file(&png, path)) {
      fprintf(stderr, "mgl-pngdiff: cannot read '%s': %s\n", path, png.message);
      goto out;
   }
   png.format = PNG_FORMAT_RGBA;
   img->width = png.width;
   img->height = png.height;
   img->pixels = malloc(PNG_IMAGE_SIZE(png));
   if (img->pixels == NULL) {
      fprintf(stderr, "mgl-pngdiff: out of memory for '%s' (%ux%u)\n", path, png.width, png.height);
      goto out;
   }
   if (!png_image_finish_read(&png, NULL, img->pixels, 0, NULL)) {
      fprintf(stderr, "mgl-pngdiff: cannot decode '%s': %s\n", path, png.message);
      goto out;
   }
   ok = true;

out:
   png_image_free(&png);
   if (!ok) {
      free(img->pixels);
      img->pixels = NULL;
   }
   return ok;
}

static bool
write_png(const char *path, const struct rgba_image *img)
{
   png_image png;
   memset(&png, 0, sizeof png);
   png.version = PNG_IMAGE_VERSION;
   png.width = img->width;
   png.height = img->height;
   png.format = PNG_FORMAT_RGBA;
   if (!png_image_write_to_file(&png, path, 0, img->pixels, 0, NULL)) {
      fprintf(stderr, "mgl-pngdiff: cannot write '%s': %s\n", path, png.message);
      png_image_free(&png);
      return false;
   }
   return true;
}

int
main(int argc, char **argv)
{
   struct options opt;
   struct rgba_image a = {0, 0, NULL};
   struct rgba_image b = {0, 0, NULL};
   struct rgba_image diff = {0, 0, NULL};
   int rc = 2;

   int parsed = parse_options(argc, argv, &opt);
   if (parsed == -1)
      return 0;
   if (parsed != 0)
      return parsed;

   if (!read_png(opt.path_a, &a) || !read_png(opt.path_b, &b))
      goto out;
   if (a.width != b.width || a.height != b.height) {
      fprintf(stderr, "mgl-pngdiff: size mismatch: '%s' is %ux%u, '%s' is %ux%u\n", opt.path_a,
              a.width, a.height, opt.path_b, b.width, b.height);
      goto out;
   }

   size_t count = (size_t)a.width * (size_t)a.height;
   if (opt.diff_path != NULL) {
      diff.width = a.width;
      diff.height = a.height;
      diff.pixels = malloc(count * 4);
      if (diff.pixels == NULL) {
         fprintf(stderr, "mgl-pngdiff: out of memory for the diff image\n");
         goto out;
      }
   }

   int max_diff = 0;
   size_t bad = 0;
   double sq_sum = 0.0; /* squared channel differences, for the PSNR */
   for (size_t i = 0; i < count; i++) {
      const uint8_t *pa = &a.pixels[i * 4];
      const uint8_t *pb = &b.pixels[i * 4];
      int pixel_max = 0;
      for (int c = 0; c < 4; c++) {
         int d = abs((int)pa[c] - (int)pb[c]);
         sq_sum += (double)(d * d);
         if (d > pixel_max)
            pixel_max = d;
      }
      if (pixel_max > max_diff)
         max_diff = pixel_max;
      bool is_bad = pixel_max > opt.tolerance;
      if (is_bad)
         bad++;
      if (diff.pixels != NULL) {
         uint8_t *pd = &diff.pixels[i * 4];
         if (is_bad) {
            pd[0] = 255;
            pd[1] = 0;
            pd[2] = 0;
         } else {
            /* Dimmed luma of A, so the bad pixels stand out but stay placed. */
            unsigned luma = (77u * pa[0] + 150u * pa[1] + 29u * pa[2]) >> 8;
            uint8_t grey = (uint8_t)(luma / 3);
            pd[0] = grey;
            pd[1] = grey;
            pd[2] = grey;
         }
         pd[3] = 255;
      }
   }

   double fraction = count > 0 ? (double)bad / (double)count : 0.0;
   /* PSNR = 10 log10(255^2 / MSE) over every channel of every pixel; identical images have an
    * MSE of 0 and an infinite PSNR. */
   double mse = count > 0 ? sq_sum / ((double)count * 4.0) : 0.0;
   double psnr = mse > 0.0 ? 10.0 * log10(255.0 * 255.0 / mse) : INFINITY;
   char psnr_text[32];
   if (isinf(psnr))
      snprintf(psnr_text, sizeof psnr_text, "inf");
   else
      snprintf(psnr_text, sizeof psnr_text, "%.2f", psnr);
   printf("size=%ux%u max_channel_diff=%d bad_pixels=%zu (%.6f) psnr=%s\n", a.width, a.height,
          max_diff, bad, fraction, psnr_text);
   fflush(stdout);

   if (diff.pixels != NULL && !write_png(opt.diff_path, &diff))
      goto out;
   rc = fraction <= opt.max_bad_fraction && psnr >= opt.min_psnr ? 0 : 1;

out:
   free(diff.pixels);
   free(b.pixels);
   free(a.pixels);
   return rc;
}
