/* test_program_cache.c — the program cache kept across runs (fe_program_cache.c, issue 20):
 * a second link of the same sources in a fresh context installs the first link's program
 * without linking (or compiling) again; a changed attribute binding or source links anew; a
 * corrupted file is refused by name and the link still succeeds; MGL_SHADER_CACHE=0 stores
 * nothing. The fake linker's program does not depend on the sources, so which program a link
 * installs tells a hit (the first link's uniforms) from a miss (the next fake program's).
 *
 * Then every input of the link, one at a time (check_input): a program linked and stored, the
 * same link again hits, and the same link with only that input changed misses, links (the fake
 * sees another link input: fake_glsl_link_input) and installs the new link's program. */
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

/* ---- each input of the link, one at a time -------------------------------------------------- */

/* A link: the context it is made in, its two shaders, the program's state before the link. */
struct link_case {
   enum fe_api api;
   int major, minor;
   void (*caps)(struct mgp_caps *caps); /* the device's caps, changed (NULL: the recorder's) */
   GLenum types[2];
   const char *src[2];
   /* non-NULL: the shader compiled from this, its source then replaced by src[] uncompiled */
   const char *compiled[2];
   GLint attrib;               /* "pos"'s glBindAttribLocation, < 0: none */
   GLint frag_loc, frag_index; /* "color"'s glBindFragDataLocationIndexed, frag_loc < 0: none */
   const char *xfb[2];
   GLsizei num_xfb;
   GLenum xfb_mode;
   bool separable, retrievable;
   const char *versions; /* glsl_library_versions' answer (NULL: the fake's own) */
};

static struct link_case
base_case(void)
{
   return (struct link_case){
      .api = FE_API_GL_CORE,
      .major = 3,
      .minor = 3,
      .types = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER},
      .src = {vs_src, fs_src},
      .attrib = 1,
      .frag_loc = 0,
      .xfb = {"v_a", "v_b"},
      .num_xfb = 2,
      .xfb_mode = GL_INTERLEAVED_ATTRIBS,
   };
}

struct outcome {
   unsigned links, compiles; /* glsl_link and glsl_compile_shader* calls */
   GLint status, loc_a, loc_b, retrievable;
   uint64_t input; /* fake_glsl_link_input when it linked */
};

static struct outcome
link_case(const struct link_case *c, const struct fake_program *fp)
{
   const struct mgp_caps saved = fake_caps;
   const char *saved_versions = fake_glsl_versions;
   if (c->caps)
      c->caps(&fake_caps);
   if (c->versions)
      fake_glsl_versions = c->versions;
   struct fe_test_env e = {0};
   struct fe_surface_format f = {8, 8, 8, 8, 24, 8, 0, 0};
   CHECK(fe_surface_create_pbuffer(&f, 16, 16, &e.surf) == FE_OK);
   const struct fe_context_desc d = {
      .api = c->api, .major = c->major, .minor = c->minor, .format = f};
   CHECK(fe_context_create(&d, NULL, &e.ctx) == FE_OK);
   CHECK(fe_make_current(e.ctx, e.surf, e.surf) == FE_OK);
   fake_glsl_next(fp);
   struct outcome o = {0};
   const unsigned links = fake_glsl_links, compiles = fake_glsl_compiles;
   const GLuint prog = mgl_glCreateProgram();
   for (int i = 0; i < 2; i++) {
      const GLuint sh = mgl_glCreateShader(c->types[i]);
      mgl_glShaderSource(sh, 1, c->compiled[i] ? &c->compiled[i] : &c->src[i], NULL);
      mgl_glCompileShader(sh);
      if (c->compiled[i])
         mgl_glShaderSource(sh, 1, &c->src[i], NULL);
      mgl_glAttachShader(prog, sh);
      mgl_glDeleteShader(sh);
   }
   if (c->attrib >= 0)
      mgl_glBindAttribLocation(prog, (GLuint)c->attrib, "pos");
   if (c->frag_loc >= 0)
      mgl_glBindFragDataLocationIndexed(prog, (GLuint)c->frag_loc, (GLuint)c->frag_index, "color");
   if (c->num_xfb)
      mgl_glTransformFeedbackVaryings(prog, c->num_xfb, c->xfb, c->xfb_mode);
   if (c->separable)
      mgl_glProgramParameteri(prog, GL_PROGRAM_SEPARABLE, GL_TRUE);
   if (c->retrievable)
      mgl_glProgramParameteri(prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
   CHECK_ERR(GL_NO_ERROR);
   fake_glsl_link_input = 0;
   mgl_glLinkProgram(prog);
   o.links = fake_glsl_links - links;
   o.compiles = fake_glsl_compiles - compiles;
   o.input = fake_glsl_link_input;
   mgl_glGetProgramiv(prog, GL_LINK_STATUS, &o.status);
   if (c->api != FE_API_GLES || c->major >= 3) /* not an ES 2.0 query */
      mgl_glGetProgramiv(prog, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, &o.retrievable);
   o.loc_a = mgl_glGetUniformLocation(prog, "a");
   o.loc_b = mgl_glGetUniformLocation(prog, "b");
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
   fake_caps = saved;
   fake_glsl_versions = saved_versions;
   return o;
}

enum expect {
   MISS,      /* another key: linked, and the link saw another input */
   MISS_KEPT, /* another key though the fake's link sees the same input (compile-only state,
                * the device the binary was made for) */
   HIT,       /* the same key: the input changes nothing linked */
};

/* Links base (a miss, stored), base again (a hit) and changed, each in a fresh context and a
 * cache directory of the case's own, and checks changed's lookup gives what expect says;
 * returns changed's outcome. */
static struct outcome
check_input(const char *root, const char *what, const struct link_case *base,
            const struct link_case *changed, enum expect expect)
{
   const int failures = fe_test_failures;
   char dir[256];
   snprintf(dir, sizeof(dir), "%s/%s", root, what);
   setenv("MGL_SHADER_CACHE_DIR", dir, 1);
   const struct outcome a = link_case(base, &prog_a);
   CHECK_EQ(a.status, GL_TRUE);
   CHECK_EQ(a.links, 1);
   CHECK(a.loc_a >= 0);
   const struct outcome again = link_case(base, &prog_b);
   CHECK_EQ(again.links, 0);
   CHECK_EQ(again.compiles, 0);
   CHECK_EQ(again.loc_a, a.loc_a);
   struct fe_program_cache_counts c0, c;
   fe_program_cache_counts(&c0);
   const struct outcome o = link_case(changed, &prog_b);
   fe_program_cache_counts(&c);
   CHECK_EQ(o.status, GL_TRUE);
   CHECK_EQ(o.retrievable, changed->retrievable);
   if (expect == HIT) {
      CHECK_EQ(o.links, 0);
      CHECK_EQ(c.hits, c0.hits + 1);
      CHECK_EQ(o.loc_a, a.loc_a);
   } else {
      CHECK_EQ(o.links, 1);
      CHECK_EQ(c.misses, c0.misses + 1);
      CHECK_EQ(c.hits, c0.hits);
      /* the changed link's own program, not the one stored for base */
      CHECK(o.loc_b >= 0 && o.loc_a < 0);
      if (expect == MISS)
         CHECK(o.input != a.input);
      else
         CHECK_EQ(o.input, a.input);
   }
   if (fe_test_failures != failures)
      fprintf(stderr, "program cache key input \"%s\": %s expected\n", what,
              expect == HIT ? "a hit" : "a miss");
   return o;
}

static void
caps_viewport_array(struct mgp_caps *caps)
{
   caps->cap_bits |= MGP_CAP_VIEWPORT_ARRAY;
}

/* ARB_viewport_array withheld by the call alone (GLSL_DENY_VIEWPORT_ARRAY; cap_bits unchanged) */
static void
caps_no_set_viewports(struct mgp_caps *caps)
{
   caps_viewport_array(caps);
   caps->call_mask[MGP_CALL_set_viewports / 64] &= ~(1ull << (MGP_CALL_set_viewports % 64));
}

static void
caps_xfb_objects(struct mgp_caps *caps)
{
   caps->cap_bits |= MGP_CAP_TRANSFORM_FEEDBACK | MGP_CAP_XFB_OBJECTS;
}

/* ARB_transform_feedback3's names withheld by the call alone (fe_xfb_draw_offered) */
static void
caps_no_draw_stream_output(struct mgp_caps *caps)
{
   caps_xfb_objects(caps);
   caps->call_mask[MGP_CALL_draw_stream_output / 64] &=
      ~(1ull << (MGP_CALL_draw_stream_output % 64));
}

static void
caps_varying_components(struct mgp_caps *caps)
{
   caps->max_varying_components = 124;
}

static void
caps_stage_io(struct mgp_caps *caps)
{
   caps->stage_io_components[0] = 68;
}

static void
caps_compute_invocations(struct mgp_caps *caps)
{
   caps->max_compute_work_group_invocations = 512;
}

static void
caps_renderer(struct mgp_caps *caps)
{
   snprintf((char *)caps->renderer, sizeof(caps->renderer), "Fake: another recorder");
}

static void
key_inputs(const char *root)
{
   struct link_case base = base_case(), c;

   /* each attached shader: its stage (the same sources, the second a geometry shader) */
   c = base;
   c.types[1] = GL_GEOMETRY_SHADER;
   check_input(root, "stage", &base, &c, MISS);
   /* ... its source */
   c = base;
   c.src[1] = "#version 330 core\nvoid main() { }\n";
   check_input(root, "source", &base, &c, MISS);
   /* ... and what its compile left: GLSL ES or not (compiled from a GLSL ES source, then given
    * base's source uncompiled: the link reads the GLSL ES source it compiled) */
   c = base;
   c.compiled[0] = c.compiled[1] = "#version 300 es\nvoid main() {}\n";
   check_input(root, "es", &base, &c, MISS);
   /* a source set after the compile, not compiled: GL 4.6 7.3 links the compiled one, so the
    * key is base's */
   c = base;
   c.compiled[0] = base.src[0], c.compiled[1] = base.src[1];
   c.src[1] = "#version 330 core\nvoid main() { }\n";
   check_input(root, "uncompiled-source", &base, &c, HIT);

   /* the program's state at the link */
   c = base;
   c.attrib = 2;
   check_input(root, "attrib-location", &base, &c, MISS);
   c = base;
   c.frag_loc = 1;
   check_input(root, "frag-data-location", &base, &c, MISS);
   c = base;
   c.frag_index = 1;
   check_input(root, "frag-data-index", &base, &c, MISS);
   c = base;
   c.xfb[1] = "v_c";
   check_input(root, "xfb-varyings", &base, &c, MISS);
   c = base;
   c.xfb_mode = GL_SEPARATE_ATTRIBS;
   check_input(root, "xfb-mode", &base, &c, MISS);
   c = base;
   c.separable = true;
   check_input(root, "separable", &base, &c, MISS);
   /* a hint only: the program is the same, the query answers the new value */
   c = base;
   c.retrievable = true;
   check_input(root, "retrievable-hint", &base, &c, HIT);

   /* the context: compatibility profile (the link adds conventional attributes, fixed-function
    * stages) and OpenGL ES (GLSL ES, ES rules) */
   c = base;
   c.api = FE_API_GL_COMPAT;
   check_input(root, "profile", &base, &c, MISS);
   struct link_case es_base = base;
   es_base.major = 3, es_base.minor = 0;
   es_base.frag_loc = -1; /* ES 3.0 has no glBindFragDataLocation */
   c = es_base;
   c.api = FE_API_GLES;
   check_input(root, "es-context", &es_base, &c, MISS);
   /* its version (ES 2.0 against 3.0: a desktop context is the highest the device meets): the
    * link reads it only through the GLSL extensions denied (below); kept */
   es_base.num_xfb = 0; /* ES 2.0 has no transform feedback */
   c = es_base;
   c.api = es_base.api = FE_API_GLES;
   c.major = 2;
   check_input(root, "version", &es_base, &c, MISS_KEPT);

   /* the device as the link sees it: a GLSL extension denied, the varying limits, the
    * transform feedback names offered */
   base.caps = caps_viewport_array;
   c = base;
   c.caps = caps_no_set_viewports;
   check_input(root, "deny", &base, &c, MISS);
   base.caps = NULL;
   c = base;
   c.caps = caps_varying_components;
   check_input(root, "varying-components", &base, &c, MISS);
   c = base;
   c.caps = caps_stage_io;
   check_input(root, "stage-io-components", &base, &c, MISS);
   base.caps = caps_xfb_objects;
   c = base;
   c.caps = caps_no_draw_stream_output;
   check_input(root, "xfb-special-names", &base, &c, MISS);
   base.caps = NULL;
   /* glCompileShader's limits, which the link does not read: the compile's own key (both
    * shaders compile again) */
   c = base;
   c.caps = caps_compute_invocations;
   CHECK_EQ(check_input(root, "compile-limits", &base, &c, MISS_KEPT).compiles, 2);
   /* the device the binary is made for */
   c = base;
   c.caps = caps_renderer;
   check_input(root, "device", &base, &c, MISS_KEPT);
   /* the build: another glslang, SPIRV-Tools or SPIRV-Cross (a rebuild against them keeps
    * mgl's sources; the compiles' keys change too) */
   c = base;
   c.versions = "fake glslang 2; fake SPIRV-Tools 1; fake SPIRV-Cross 1";
   CHECK_EQ(check_input(root, "library-versions", &base, &c, MISS_KEPT).compiles, 2);
}

/* GL 4.6 7.1 / 7.3: glShaderSource without glCompileShader changes what glGetShaderSource and
 * GL_SHADER_SOURCE_LENGTH report, never what glLinkProgram links (the last compile's code). */
static void
uncompiled_source(void)
{
   setenv("MGL_SHADER_CACHE", "0", 1);
   struct fe_test_env e;
   env_init(&e, 16, 16);
   /* the link input of vs_src and fs_src, compiled and linked as they are */
   fake_glsl_next(&prog_a);
   GLuint p = link_with(vs_src, -1);
   const uint64_t input = fake_glsl_link_input;
   mgl_glDeleteProgram(p);

   /* compiled, then a source that would not link set without a compile: the link takes the
    * compiled vs_src (the same input), succeeds, and the queries see the new source */
   static const char *unlinkable = "#version 330 core\nLINK_ERROR\n";
   GLuint v = shader(GL_VERTEX_SHADER, vs_src), f = shader(GL_FRAGMENT_SHADER, fs_src);
   mgl_glShaderSource(v, 1, &unlinkable, NULL);
   GLint n = 0;
   mgl_glGetShaderiv(v, GL_SHADER_SOURCE_LENGTH, &n);
   CHECK_EQ(n, (GLint)strlen(unlinkable) + 1);
   char got[64] = "";
   mgl_glGetShaderSource(v, sizeof(got), NULL, got);
   CHECK(!strcmp(got, unlinkable));
   mgl_glGetShaderiv(v, GL_COMPILE_STATUS, &n);
   CHECK_EQ(n, GL_TRUE);
   p = mgl_glCreateProgram();
   mgl_glAttachShader(p, v);
   mgl_glAttachShader(p, f);
   fake_glsl_next(&prog_a);
   fake_glsl_link_input = 0;
   mgl_glLinkProgram(p);
   mgl_glGetProgramiv(p, GL_LINK_STATUS, &n);
   CHECK_EQ(n, GL_TRUE);
   CHECK_EQ(fake_glsl_link_input, input);
   /* the new source compiled: now it is what links (and fails) */
   mgl_glCompileShader(v);
   mgl_glLinkProgram(p);
   mgl_glGetProgramiv(p, GL_LINK_STATUS, &n);
   CHECK_EQ(n, GL_FALSE);
   mgl_glDeleteProgram(p);

   /* a failed compile, then a valid source set without a compile: the shader is still not
    * compiled, and the link fails */
   static const char *bad = "#version 330 core\nCOMPILE_ERROR\n";
   mgl_glShaderSource(v, 1, &bad, NULL);
   mgl_glCompileShader(v);
   mgl_glShaderSource(v, 1, &vs_src, NULL);
   mgl_glGetShaderiv(v, GL_COMPILE_STATUS, &n);
   CHECK_EQ(n, GL_FALSE);
   p = mgl_glCreateProgram();
   mgl_glAttachShader(p, v);
   mgl_glAttachShader(p, f);
   mgl_glLinkProgram(p);
   mgl_glGetProgramiv(p, GL_LINK_STATUS, &n);
   CHECK_EQ(n, GL_FALSE);
   mgl_glDeleteProgram(p);
   mgl_glDeleteShader(v);
   mgl_glDeleteShader(f);
   CHECK_ERR(GL_NO_ERROR);
   env_finish(&e);
   unsetenv("MGL_SHADER_CACHE");
}

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

   unsetenv("MGL_SHADER_CACHE");
   key_inputs(dir);
   uncompiled_source();

   char cmd[256];
   snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
   CHECK(system(cmd) == 0);
   return fe_test_report("unit.frontend.program_cache");
}
