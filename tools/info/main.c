/*
 * mgl-info: what a GL program would see, like eglinfo/glxinfo.
 *
 * Prints the EGL vendor, version, client APIs and extensions, the GL strings, extensions and
 * limits of an OpenGL 3.3 core context, and, when the vendor is mgl, the transport arm, the
 * backend and the server's pid (spawn, tcp). It is a plain glvnd EGL program, so it runs on any
 * vendor; run it through mgl with mgl-run.
 *
 * The arm is mgl's own arm-proof line ("session transport=ARM ... pid=P ... chosen=default" when
 * MGL_TRANSPORT was unset): mgl-info points
 * MGL_LOG_DIR at a private folder when the user has not set one and reads its own process's line.
 */

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "egl_app.h"

static const char *prog = "mgl-info";

struct limit {
   GLenum name;
   const char *text;
   int count; /* values glGetIntegerv writes */
};

#define LIMIT(n, c)                                                                                \
   {                                                                                               \
      n, #n, c                                                                                     \
   }
static const struct limit limits[] = {
   LIMIT(GL_MAX_TEXTURE_SIZE, 1),
   LIMIT(GL_MAX_3D_TEXTURE_SIZE, 1),
   LIMIT(GL_MAX_CUBE_MAP_TEXTURE_SIZE, 1),
   LIMIT(GL_MAX_ARRAY_TEXTURE_LAYERS, 1),
   LIMIT(GL_MAX_RECTANGLE_TEXTURE_SIZE, 1),
   LIMIT(GL_MAX_TEXTURE_BUFFER_SIZE, 1),
   LIMIT(GL_MAX_RENDERBUFFER_SIZE, 1),
   LIMIT(GL_MAX_VIEWPORT_DIMS, 2),
   LIMIT(GL_MAX_SAMPLES, 1),
   LIMIT(GL_MAX_COLOR_TEXTURE_SAMPLES, 1),
   LIMIT(GL_MAX_DEPTH_TEXTURE_SAMPLES, 1),
   LIMIT(GL_MAX_INTEGER_SAMPLES, 1),
   LIMIT(GL_MAX_COLOR_ATTACHMENTS, 1),
   LIMIT(GL_MAX_DRAW_BUFFERS, 1),
   LIMIT(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, 1),
   LIMIT(GL_MAX_VERTEX_ATTRIBS, 1),
   LIMIT(GL_MAX_VERTEX_UNIFORM_COMPONENTS, 1),
   LIMIT(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, 1),
   LIMIT(GL_MAX_VARYING_COMPONENTS, 1),
   LIMIT(GL_MAX_VERTEX_OUTPUT_COMPONENTS, 1),
   LIMIT(GL_MAX_FRAGMENT_INPUT_COMPONENTS, 1),
   LIMIT(GL_MAX_TEXTURE_IMAGE_UNITS, 1),
   LIMIT(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, 1),
   LIMIT(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, 1),
   LIMIT(GL_MAX_UNIFORM_BUFFER_BINDINGS, 1),
   LIMIT(GL_MAX_UNIFORM_BLOCK_SIZE, 1),
   LIMIT(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, 1),
   LIMIT(GL_MAX_VERTEX_UNIFORM_BLOCKS, 1),
   LIMIT(GL_MAX_FRAGMENT_UNIFORM_BLOCKS, 1),
   LIMIT(GL_MAX_COMBINED_UNIFORM_BLOCKS, 1),
   LIMIT(GL_MAX_CLIP_DISTANCES, 1),
   LIMIT(GL_MAX_ELEMENTS_VERTICES, 1),
   LIMIT(GL_MAX_ELEMENTS_INDICES, 1),
   LIMIT(GL_MAX_TEXTURE_LOD_BIAS, 1),
   LIMIT(GL_MAX_SERVER_WAIT_TIMEOUT, 1),
   LIMIT(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, 1),
   LIMIT(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, 1),
   LIMIT(GL_MAX_GEOMETRY_OUTPUT_VERTICES, 1),
   LIMIT(GL_SUBPIXEL_BITS, 1),
};

/* The arm-proof line mgl wrote for this process, if any. */
static bool
mgl_session_line(const char *dir, char *out, size_t size)
{
   char path[4096];
   snprintf(path, sizeof(path), "%s/client.log", dir);
   FILE *f = fopen(path, "r");
   if (!f)
      return false;
   char me[32];
   snprintf(me, sizeof(me), " pid=%d", (int)getpid());
   char line[1024];
   bool found = false;
   while (fgets(line, sizeof(line), f)) {
      const char *at = strstr(line, "session transport=");
      if (!at || !strstr(at, me))
         continue;
      snprintf(out, size, "%s", at + strlen("session "));
      out[strcspn(out, "\n")] = '\0';
      found = true; /* the last such line wins */
   }
   fclose(f);
   return found;
}

/* "key=value" out of the arm-proof line, or NULL. */
static const char *
field(const char *line, const char *key, char *out, size_t size)
{
   size_t klen = strlen(key);
   for (const char *p = line; (p = strstr(p, key)) != NULL; p += klen) {
      if ((p == line || p[-1] == ' ') && p[klen] == '=') {
         p += klen + 1;
         size_t n = strcspn(p, " ");
         if (n >= size)
            n = size - 1;
         memcpy(out, p, n);
         out[n] = '\0';
         return out;
      }
   }
   return NULL;
}

static void
print_wrapped(const char *title, const char *list)
{
   printf("%s:\n", title);
   if (!list || !*list) {
      printf("    (none)\n");
      return;
   }
   int col = 0;
   const char *p = list;
   while (*p) {
      while (*p == ' ')
         p++;
      size_t n = strcspn(p, " ");
      if (!n)
         break;
      if (col == 0 || col + (int)n + 2 > 96) {
         printf("%s    %.*s", col ? "\n" : "", (int)n, p);
         col = 4 + (int)n;
      } else {
         printf(", %.*s", (int)n, p);
         col += 2 + (int)n;
      }
      p += n;
   }
   printf("\n");
}

int
main(int argc, char **argv)
{
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
         printf("usage: %s\nPrints what an OpenGL 3.3 core context through EGL offers. Run it "
                "through mgl with: mgl-run [--transport ARM] -- %s\n",
                prog, prog);
         return 0;
      }
      fprintf(stderr, "%s: unknown argument %s\n", prog, argv[i]);
      return 2;
   }

   char private_dir[] = "/tmp/mgl-info-XXXXXX";
   bool own_dir = false;
   const char *log_dir = getenv("MGL_LOG_DIR");
   if (!log_dir || !*log_dir) {
      if (mkdtemp(private_dir)) {
         setenv("MGL_LOG_DIR", private_dir, 1);
         log_dir = private_dir;
         own_dir = true;
      }
   }

   struct egl_app app = EGL_APP_INIT;
   if (!egl_app_setup(&app, prog, 16, 16, 0)) {
      egl_app_teardown(&app);
      return 1;
   }
   const char *egl_vendor = eglQueryString(app.display, EGL_VENDOR);
   printf("EGL vendor: %s\n", egl_vendor ? egl_vendor : "?");
   printf("EGL version: %s\n", eglQueryString(app.display, EGL_VERSION));
   printf("EGL client APIs: %s\n", eglQueryString(app.display, EGL_CLIENT_APIS));
   print_wrapped("EGL extensions", eglQueryString(app.display, EGL_EXTENSIONS));

   printf("GL_VENDOR: %s\n", (const char *)glGetString(GL_VENDOR));
   printf("GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
   printf("GL_VERSION: %s\n", (const char *)glGetString(GL_VERSION));
   printf("GL_SHADING_LANGUAGE_VERSION: %s\n",
          (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION));
   GLint profile = 0;
   glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
   printf("GL profile: %s\n", profile & GL_CONTEXT_CORE_PROFILE_BIT            ? "core"
                              : profile & GL_CONTEXT_COMPATIBILITY_PROFILE_BIT ? "compatibility"
                                                                               : "none");

   PFNGLGETSTRINGIPROC get_stringi = (PFNGLGETSTRINGIPROC)eglGetProcAddress("glGetStringi");
   GLint n_ext = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n_ext);
   size_t cap = 1, used = 0;
   for (GLint i = 0; get_stringi && i < n_ext; i++)
      cap += strlen((const char *)get_stringi(GL_EXTENSIONS, (GLuint)i)) + 1;
   char *exts = calloc(1, cap);
   for (GLint i = 0; exts && get_stringi && i < n_ext; i++) {
      const char *e = (const char *)get_stringi(GL_EXTENSIONS, (GLuint)i);
      used += (size_t)snprintf(exts + used, cap - used, "%s%s", used ? " " : "", e);
   }
   char title[64];
   snprintf(title, sizeof(title), "GL extensions (%d)", n_ext);
   print_wrapped(title, exts);
   free(exts);

   printf("GL limits:\n");
   while (glGetError() != GL_NO_ERROR) {
   }
   for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
      GLint v[2] = {0, 0};
      glGetIntegerv(limits[i].name, v);
      GLenum err = glGetError();
      if (err != GL_NO_ERROR)
         printf("    %-48s (error 0x%04x)\n", limits[i].text, err);
      else if (limits[i].count == 2)
         printf("    %-48s %d x %d\n", limits[i].text, v[0], v[1]);
      else
         printf("    %-48s %d\n", limits[i].text, v[0]);
   }

   char line[1024];
   if (log_dir && mgl_session_line(log_dir, line, sizeof(line))) {
      char arm[256] = "?", backend[64] = "?", spid[32], chosen[32] = "";
      field(line, "transport", arm, sizeof(arm));
      field(line, "backend", backend, sizeof(backend));
      field(line, "chosen", chosen, sizeof(chosen));
      /* mgl says whether MGL_TRANSPORT chose the arm or it is mgl's default. */
      printf("mgl transport: %s%s\n", arm, strcmp(chosen, "default") ? "" : " (default)");
      printf("mgl backend: %s\n", backend);
      if (field(line, "server_pid", spid, sizeof(spid)))
         printf("mgl server pid: %s\n", spid);
      else
         printf("mgl server pid: %d (this process)\n", (int)getpid());
   } else {
      printf("mgl: not in use (no mgl session in this process)\n");
   }

   /* What it printed came from a context that is gone: fail. */
   int rc = egl_app_context_lost(prog) ? 1 : 0;
   egl_app_teardown(&app);
   if (own_dir) {
      char path[64];
      snprintf(path, sizeof(path), "%s/client.log", private_dir);
      unlink(path);
      snprintf(path, sizeof(path), "%s/server.log", private_dir);
      unlink(path);
      rmdir(private_dir);
   }
   return rc;
}
