/* test_program_cache.c — the program cache kept across runs (fe_program_cache.c, issue 20):
 * a second link of the same sources in a fresh context installs the first link's program
 * without linking (or compiling) again; a changed attribute binding or source links anew; a
 * corrupted file is refused by name and the link still succeeds; MGL_SHADER_CACHE=0 stores
 * nothing. The fake linker's program does not depend on the sources, so which program a link
 * installs tells a hit (the first link's uniforms) from a miss (the next fake program's). */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decline.h"
#include "fe_test_util.h"

static const char *vs_src = "#version 330 core\nin vec4 pos;\nvoid main() {}\n";
static const char *fs_src = "#version 330 core\nvoid main() {}\n";

static GLuint
shader(GLenum type, const char *src)
{
   GLuint sh = mgl_glCreateShader(type);
   mgl_glShaderSource(sh, 1, &src, NULL);
   mgl_glCompileShader(sh);
   return sh;
}

/* A program of vs and fs_src, pos bound to attrib (< 0: not bound), linked. */
static GLuint
link_with(const char *vs, GLint attrib)
{
   GLuint v = shader(GL_VERTEX_SHADER, vs), f = shader(GL_FRAGMENT_SHADER, fs_src);
   GLint ok = 0;
   mgl_glGetShaderiv(v, GL_COMPILE_STATUS, &ok);
   CHECK_EQ(ok, GL_TRUE);
   GLuint prog = mgl_glCreateProgram();
   mgl_glAttachShader(prog, v);
   mgl_glAttachShader(prog, f);
   if (attrib >= 0)
      mgl_glBindAttribLocation(prog, (GLuint)attrib, "pos");
   mgl_glLinkProgram(prog);
   mgl_glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   CHECK_EQ(ok, GL_TRUE);
   mgl_glGetProgramiv(prog, GL_INFO_LOG_LENGTH, &ok);
   CHECK_EQ(ok, 0);
   mgl_glDeleteShader(v);
   mgl_glDeleteShader(f);
   CHECK_ERR(GL_NO_ERROR);
   return prog;
}

/* The files of dir whose names end in ext. */
static unsigned
files(const char *dir, const char *ext, char *last, size_t last_size)
{
   unsigned n = 0;
   DIR *d = opendir(dir);
   if (!d)
      return 0;
   for (struct dirent *de; (de = readdir(d));) {
      const size_t len = strlen(de->d_name), el = strlen(ext);
      if (len > el && !strcmp(de->d_name + len - el, ext)) {
         n++;
         if (last)
            snprintf(last, last_size, "%s/%s", dir, de->d_name);
      }
   }
   closedir(d);
   return n;
}

static const struct fake_program prog_a = {
   .num_uniforms = 1, .uniforms = {{"a", GL_FLOAT_VEC4, 0}}, .num_inputs = 1, .inputs = {"pos"}};
static const struct fake_program prog_b = {
   .num_uniforms = 1, .uniforms = {{"b", GL_FLOAT, 0}}, .num_inputs = 1, .inputs = {"pos"}};

int
main(void)
{
   char dir[] = "/tmp/mgl-program-cache-XXXXXX";
   CHECK(mkdtemp(dir) != NULL);
   char sub[128];
   snprintf(sub, sizeof(sub), "%s/programs", dir);
   setenv("MGL_SHADER_CACHE_DIR", sub, 1);
   unsetenv("MGL_SHADER_CACHE");
   struct fe_program_cache_counts c0, c;
   fe_program_cache_counts(&c0);

   /* a first run: linked and stored, its shaders' clean compiles recorded */
   struct fe_test_env e;
   env_init(&e, 16, 16);
   fake_glsl_next(&prog_a);
   unsigned links = fake_glsl_links, compiles = fake_glsl_compiles;
   GLuint p = link_with(vs_src, -1);
   CHECK_EQ(fake_glsl_links, links + 1);
   CHECK_EQ(fake_glsl_compiles, compiles + 2);
   const GLint loc_a = mgl_glGetUniformLocation(p, "a");
   CHECK(loc_a >= 0);
   fe_program_cache_counts(&c);
   CHECK_EQ(c.misses, c0.misses + 1);
   CHECK_EQ(c.stored, c0.stored + 1);
   CHECK_EQ(files(sub, ".mglprog", NULL, 0), 1);
   CHECK_EQ(files(sub, ".mglsh", NULL, 0), 2);
   struct stat st;
   CHECK(stat(sub, &st) == 0 && (st.st_mode & 0777) == 0700);
   env_finish(&e);

   /* a fresh context, the same sources: the first link's program (uniform a, not the fake's
    * next b), no link and no compile; the program's status and log as a link leaves them */
   env_init(&e, 16, 16);
   fake_glsl_next(&prog_b);
   links = fake_glsl_links, compiles = fake_glsl_compiles;
   p = link_with(vs_src, -1);
   CHECK_EQ(fake_glsl_links, links);
   CHECK_EQ(fake_glsl_compiles, compiles);
   CHECK_EQ(mgl_glGetUniformLocation(p, "a"), loc_a);
   CHECK_EQ(mgl_glGetUniformLocation(p, "b"), -1);
   CHECK_EQ(mgl_glGetAttribLocation(p, "pos"), 0);
   fe_program_cache_counts(&c);
   CHECK_EQ(c.hits, c0.hits + 1);
   CHECK_EQ(c.compiles_skipped, c0.compiles_skipped + 2);

   /* the same sources with pos bound elsewhere: another key, linked */
   p = link_with(vs_src, 3);
   CHECK_EQ(fake_glsl_links, links + 1);
   CHECK_EQ(mgl_glGetUniformLocation(p, "b"), 0);
   /* another source: linked (and compiled) */
   compiles = fake_glsl_compiles;
   p = link_with("#version 330 core\nin vec4 pos;\nvoid main() { }\n", -1);
   CHECK_EQ(fake_glsl_links, links + 2);
   CHECK_EQ(fake_glsl_compiles, compiles + 1);
   CHECK_EQ(mgl_glGetUniformLocation(p, "b"), 0);
   fe_program_cache_counts(&c);
   CHECK_EQ(c.hits, c0.hits + 1);
   CHECK_EQ(c.stored, c0.stored + 3);

   /* a compile that fails is never recorded: its status and log stay the compiler's */
   for (int k = 0; k < 2; k++) {
      compiles = fake_glsl_compiles;
      GLuint bad = shader(GL_VERTEX_SHADER, "COMPILE_ERROR");
      CHECK_EQ(fake_glsl_compiles, compiles + 1);
      GLint v = -1;
      mgl_glGetShaderiv(bad, GL_COMPILE_STATUS, &v);
      CHECK_EQ(v, GL_FALSE);
      mgl_glGetShaderiv(bad, GL_INFO_LOG_LENGTH, &v);
      CHECK(v > 1);
      mgl_glDeleteShader(bad);
   }

   /* every program file corrupted (a byte of the body): refused by name, and linked */
   char path[512];
   CHECK_EQ(files(sub, ".mglprog", path, sizeof(path)), 3);
   DIR *d = opendir(sub);
   for (struct dirent *de; d && (de = readdir(d));) {
      if (!strstr(de->d_name, ".mglprog"))
         continue;
      snprintf(path, sizeof(path), "%s/%s", sub, de->d_name);
      int fd = open(path, O_RDWR);
      uint8_t byte = 0;
      CHECK(pread(fd, &byte, 1, 60) == 1);
      byte ^= 0x40;
      CHECK(pwrite(fd, &byte, 1, 60) == 1);
      close(fd);
   }
   if (d)
      closedir(d);
   const uint64_t declined = mgu_decline_count(MGU_DECLINE_program_cache_rejected);
   links = fake_glsl_links;
   p = link_with(vs_src, -1);
   CHECK_EQ(fake_glsl_links, links + 1);
   CHECK_EQ(mgl_glGetUniformLocation(p, "b"), 0);
   CHECK_EQ(mgu_decline_count(MGU_DECLINE_program_cache_rejected), declined + 1);
   fe_program_cache_counts(&c);
   CHECK_EQ(c.rejected, c0.rejected + 1);
   CHECK_EQ(c.hits, c0.hits + 1);
   /* ... and stored again, whole: the next link hits */
   links = fake_glsl_links;
   p = link_with(vs_src, -1);
   CHECK_EQ(fake_glsl_links, links);
   CHECK_EQ(mgl_glGetUniformLocation(p, "b"), 0);

   /* MGL_SHADER_CACHE=0: nothing read, nothing stored */
   setenv("MGL_SHADER_CACHE", "0", 1);
   fe_program_cache_counts(&c0);
   links = fake_glsl_links;
   p = link_with(vs_src, -1);
   CHECK_EQ(fake_glsl_links, links + 1);
   p = link_with("#version 330 core\nin vec4 pos;\nvoid main() {  }\n", -1);
   CHECK_EQ(files(sub, ".mglprog", NULL, 0), 3);
   fe_program_cache_counts(&c);
   CHECK_EQ(c.hits + c.misses + c.stored, c0.hits + c0.misses + c0.stored);
   env_finish(&e);

   char cmd[256];
   snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
   CHECK(system(cmd) == 0);
   return fe_test_report("unit.frontend.program_cache");
}
