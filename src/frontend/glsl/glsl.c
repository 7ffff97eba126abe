/* glsl.c — glCompileShader / glLinkProgram over glslang's C interface: version gate, parse, link,
 * SPIR-V generation; the GL-specific linking on the SPIR-V words is glsl_link.c.
 *
 * glslang runs with Vulkan 1.1 / SPIR-V 1.3 targets and GLSLANG_SHADER_VULKAN_RULES_RELAXED, so GL
 * shaders keep loose uniforms (packed into gl_DefaultUniformBlock, merged across stages by the
 * glslang linker), loose samplers, gl_VertexID and gl_InstanceID. Auto-mapping of bindings and
 * locations is switched on only so that the parser accepts GL's implicit ones; glslang's own
 * mapping pass (glslang_program_map_io) is NOT run, so after generation the only Location
 * decorations left are the ones the app wrote, and glsl_link.c assigns the rest GL's way. */
#include "array.h"
#include "decline.h"
#include "glsl_internal.h"
#include "spv.h"

#include <glslang/Include/glslang_c_interface.h>
#include <glslang/Public/resource_limits_c.h>
#include <glslang/build_info.h>
#include <pthread.h>
#include <spirv/unified1/spirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

static void
set_log(char **info_log, struct glsl_str *b)
{
   if (info_log)
      *info_log = glsl_str_take(b);
   else
      free(b->s);
}

/* ── glslang setup ─────────────────────────────────────────────────────────────────────────── */

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static bool init_ok;
static glslang_resource_t resources;

static void
init_glslang(void)
{
   if (!glslang_initialize_process())
      return;
   resources = *glslang_default_resource();
   /* The gl_Max* constants shaders see must be what the front end reports. */
   resources.max_vertex_attribs = GLSL_MAX_VERTEX_ATTRIBS;
   resources.max_draw_buffers = GLSL_MAX_DRAW_BUFFERS;
   resources.max_texture_image_units = GLSL_MAX_STAGE_SAMPLERS;
   resources.max_vertex_texture_image_units = GLSL_MAX_STAGE_SAMPLERS;
   resources.max_combined_texture_image_units = GLSL_MAX_SAMPLERS;
   resources.max_vertex_uniform_components = GLSL_MAX_STAGE_UNIFORM_COMPONENTS;
   resources.max_fragment_uniform_components = GLSL_MAX_STAGE_UNIFORM_COMPONENTS;
   resources.max_geometry_uniform_components = GLSL_MAX_STAGE_UNIFORM_COMPONENTS;
   resources.max_varying_components = GLSL_MIN_VARYING_COMPONENTS;
   resources.max_varying_floats = GLSL_MIN_VARYING_COMPONENTS;
   resources.max_varying_vectors = GLSL_MIN_VARYING_COMPONENTS / 4;
   resources.max_vertex_output_components = GLSL_MIN_VARYING_COMPONENTS;
   resources.max_fragment_input_components = GLSL_MIN_VARYING_COMPONENTS;
   resources.max_clip_distances = 8;
   /* gl_MaxCullDistances, gl_MaxCombinedClipAndCullDistances: GL_MAX_CULL_DISTANCES and
    * GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES (MGP_CAP_CULL_DISTANCE promises 8) */
   resources.max_cull_distances = 8;
   resources.max_combined_clip_and_cull_distances = GLSL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES;
   /* gl_MaxClipPlanes (compatibility): GL_MAX_CLIP_PLANES, FE_FF_MAX_CLIP_PLANES, the planes the
    * compatibility uniform state holds (glsl.h's clip_plane[8]); glslang's default is 6 */
   resources.max_clip_planes = 8;
   /* Geometry limits: what fe_get.c reports for GL_MAX_GEOMETRY_*. */
   resources.max_geometry_texture_image_units = GLSL_MAX_STAGE_SAMPLERS;
   resources.max_geometry_input_components = GLSL_MIN_VARYING_COMPONENTS;
   resources.max_geometry_output_components = GLSL_MIN_VARYING_COMPONENTS;
   resources.max_geometry_varying_components = GLSL_MIN_VARYING_COMPONENTS;
   resources.max_geometry_output_vertices = GLSL_MAX_GEOMETRY_OUTPUT_VERTICES;
   resources.max_geometry_total_output_components = GLSL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS;
   /* Atomic counters: gl_MaxAtomicCounterBindings etc. and glslang's binding check are what
    * fe_get.c reports (every stage's limit; a device without a stage's stores refuses its
    * programs in the backend). */
   resources.max_atomic_counter_bindings = GLSL_MAX_ATOMIC_BUFFERS;
   resources.max_atomic_counter_buffer_size = GLSL_MAX_ATOMIC_COUNTERS * 4;
   resources.max_vertex_atomic_counters = GLSL_MAX_ATOMIC_COUNTERS;
   resources.max_geometry_atomic_counters = GLSL_MAX_ATOMIC_COUNTERS;
   resources.max_tess_control_atomic_counters = GLSL_MAX_ATOMIC_COUNTERS;
   resources.max_tess_evaluation_atomic_counters = GLSL_MAX_ATOMIC_COUNTERS;
   resources.max_tess_control_atomic_counter_buffers = GLSL_MAX_ATOMIC_BUFFERS;
   resources.max_tess_evaluation_atomic_counter_buffers = GLSL_MAX_ATOMIC_BUFFERS;
   resources.max_fragment_atomic_counters = GLSL_MAX_ATOMIC_COUNTERS;
   resources.max_compute_atomic_counters = GLSL_MAX_ATOMIC_COUNTERS;
   resources.max_combined_atomic_counters = GLSL_MAX_ATOMIC_COUNTERS;
   resources.max_vertex_atomic_counter_buffers = GLSL_MAX_ATOMIC_BUFFERS;
   resources.max_geometry_atomic_counter_buffers = GLSL_MAX_ATOMIC_BUFFERS;
   resources.max_fragment_atomic_counter_buffers = GLSL_MAX_ATOMIC_BUFFERS;
   resources.max_compute_atomic_counter_buffers = GLSL_MAX_ATOMIC_BUFFERS;
   resources.max_combined_atomic_counter_buffers = GLSL_MAX_ATOMIC_BUFFERS;
   /* gl_MaxComputeWorkGroupSize: what GL_MAX_COMPUTE_WORK_GROUP_SIZE answers at most */
   resources.max_compute_work_group_size_x = GLSL_MAX_COMPUTE_WORK_GROUP_SIZE_XY;
   resources.max_compute_work_group_size_y = GLSL_MAX_COMPUTE_WORK_GROUP_SIZE_XY;
   resources.max_compute_work_group_size_z = GLSL_MAX_COMPUTE_WORK_GROUP_SIZE_Z;
   init_ok = true;
}

bool
glsl_init(void)
{
   pthread_once(&init_once, init_glslang);
   return init_ok;
}

static glslang_stage_t
glslang_stage_of(enum glsl_stage stage)
{
   switch (stage) {
   case GLSL_STAGE_GEOMETRY: return GLSLANG_STAGE_GEOMETRY;
   case GLSL_STAGE_TESS_CTRL: return GLSLANG_STAGE_TESSCONTROL;
   case GLSL_STAGE_TESS_EVAL: return GLSLANG_STAGE_TESSEVALUATION;
   case GLSL_STAGE_FRAGMENT: return GLSLANG_STAGE_FRAGMENT;
   case GLSL_STAGE_COMPUTE: return GLSLANG_STAGE_COMPUTE;
   default: return GLSLANG_STAGE_VERTEX;
   }
}

static const int spv_messages = GLSLANG_MSG_SPV_RULES_BIT | GLSLANG_MSG_VULKAN_RULES_BIT;

/* ── the version gate ──────────────────────────────────────────────────────────────────────── */

static bool
is_ident(char c)
{
   return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Skips whitespace and comments from the start of the source: returns where the first token is
 * and its line number. */
static const char *
skip_to_first_token(const char *src, int *line_out)
{
   const char *p = src;
   int line = 1;
   for (;;) {
      if (*p == '\n') {
         line++;
         p++;
      } else if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') {
         p++;
      } else if (p[0] == '\\' && p[1] == '\n') {
         line++;
         p += 2;
      } else if (p[0] == '/' && p[1] == '/') {
         while (*p && *p != '\n')
            p++;
      } else if (p[0] == '/' && p[1] == '*') {
         p += 2;
         while (*p && !(p[0] == '*' && p[1] == '/')) {
            if (*p == '\n')
               line++;
            p++;
         }
         if (*p)
            p += 2;
      } else {
         break;
      }
   }
   *line_out = line;
   return p;
}

/* If p starts a #version directive, returns where its number starts; else NULL. */
static const char *
version_number(const char *p)
{
   if (*p != '#')
      return NULL;
   const char *q = p + 1;
   while (*q == ' ' || *q == '\t')
      q++;
   if (strncmp(q, "version", 7) || is_ident(q[7]))
      return NULL;
   q += 7;
   while (*q == ' ' || *q == '\t')
      q++;
   return q;
}

/* Finds the #version directive (the first thing after whitespace and comments) and rejects what
 * we do not compile, with the message a GL driver gives. What is not a #version problem is left
 * to glslang. *version_out (110 without a directive) and profile_out (16 bytes, "" when absent)
 * say what the directive asked for. */
static bool
check_version(const char *src, bool es, bool compat, uint32_t deny, struct glsl_str *log,
              int *version_out, char *profile_out)
{
   int line;
   const char *p = skip_to_first_token(src, &line);
   int version = es ? 100 : 110, col = 1;
   char profile[16] = "";
   const char *line_start = p;
   while (line_start > src && line_start[-1] != '\n')
      line_start--;
   const char *q = version_number(p);
   *version_out = version;
   profile_out[0] = '\0';
   if (q) {
      if (*q < '0' || *q > '9')
         return true; /* malformed: glslang says so */
      col = (int)(q - line_start) + 1;
      version = 0;
      for (; *q >= '0' && *q <= '9'; q++)
         version = version < 100000 ? version * 10 + (*q - '0') : version;
      while (*q == ' ' || *q == '\t')
         q++;
      size_t n = 0;
      while (is_ident(*q) && n + 1 < sizeof(profile))
         profile[n++] = *q++;
      profile[n] = '\0';
   }
   *version_out = version;
   memcpy(profile_out, profile, sizeof(profile));

   if (es) {
      /* GLSL ES 3.00 §3.3: 1.00 has no profile, 3.00 (and 3.10 in an ES 3.1 context, 3.20 in
       * an ES 3.2 one) must say "es"; desktop versions are not ES's. A 1.00 shader says "es"
       * in its profile_out so that lowering knows. */
      const bool es310 = !(deny & GLSL_DENY_ESSL310);
      const bool es320 = es310 && !(deny & GLSL_DENY_ESSL320);
      if ((version == 100 && !profile[0]) ||
          ((version == 300 || (version == 310 && es310) || (version == 320 && es320)) &&
           !strcmp(profile, "es"))) {
         snprintf(profile_out, 16, "es");
         return true;
      }
      char what[48];
      snprintf(what, sizeof(what), "%d.%02d%s%s", version / 100, version % 100,
               !strcmp(profile, "es") ? " ES"
               : profile[0]           ? " "
                                      : "",
               !strcmp(profile, "es") ? "" : profile);
      glsl_str_printf(log,
                      "0:%d(%d): error: GLSL %s is not supported. Supported versions are: "
                      "1.00 ES, %s3.00 ES%s\n",
                      line, col, what, es310 ? "" : "and ",
                      es320   ? ", 3.10 ES, and 3.20 ES"
                      : es310 ? ", and 3.10 ES"
                              : "");
      return false;
   }

   bool old = version == 110 || version == 120 || version == 130 || version == 140;
   if (old && (!profile[0] || !strcmp(profile, "core")))
      return true; /* a stray "core" before 1.50: glslang reports the profile token */
   if ((version == 150 || version == 330) && (!profile[0] || !strcmp(profile, "core")))
      return true;
   if ((version == 150 || version == 330) && compat && !strcmp(profile, "compatibility"))
      return true;
   /* GLSL 4.00 to 4.60 core in every stage, as a driver listing the GL 4.x extensions takes
    * them (issue 20); what of them mgl cannot honour is refused by name where it is used
    * (explicit uniform locations by glsl_lower.c; subroutines are lowered by
    * glsl_subroutine.c). GL_SHADING_LANGUAGE_VERSION follows the context (4.00 at most). */
   if (version >= 400 && version <= 460 && version % 10 == 0 &&
       (!profile[0] || !strcmp(profile, "core")))
      return true;

   char what[48];
   if (!strcmp(profile, "es"))
      snprintf(what, sizeof(what), "%d.%02d ES", version / 100, version % 100);
   else if (profile[0] && strcmp(profile, "core"))
      snprintf(what, sizeof(what), "%d.%02d %s profile", version / 100, version % 100, profile);
   else
      snprintf(what, sizeof(what), "%d.%02d", version / 100, version % 100);
   glsl_str_printf(log,
                   "0:%d(%d): error: GLSL %s is not supported. Supported versions are: 1.10, "
                   "1.20, 1.30, 1.40, 1.50 core, %s3.30 core, %sand 4.00 to 4.60 core\n",
                   line, col, what, compat ? "1.50 compatibility, " : "",
                   compat ? "3.30 compatibility, " : "");
   return false;
}

static pthread_once_t versions_once = PTHREAD_ONCE_INIT;
static char versions[384];

static void
make_versions(void)
{
   snprintf(versions, sizeof(versions), "glslang %d.%d.%d%s; %s; %s", GLSLANG_VERSION_MAJOR,
            GLSLANG_VERSION_MINOR, GLSLANG_VERSION_PATCH, GLSLANG_VERSION_FLAVOR,
            glsl_spirv_tools_version(), spv_cross_versions());
}

const char *
glsl_library_versions(void)
{
   pthread_once(&versions_once, make_versions);
   return versions;
}

bool
glsl_source_is_es(const char *source, bool es3)
{
   int line;
   const char *q = version_number(skip_to_first_token(source, &line));
   if (!q)
      return false;
   int version = 0;
   for (; *q >= '0' && *q <= '9' && version < 1000; q++)
      version = version * 10 + (*q - '0');
   while (*q == ' ' || *q == '\t')
      q++;
   if (version == 100)
      return !is_ident(*q);
   return es3 && (version == 300 || version == 310 || version == 320) && !strncmp(q, "es", 2) &&
          !is_ident(q[2]);
}

/* GLSL ES 3.00 3.4 lets comments and white space come before #version, and Mesa takes them;
 * glslang refuses an ES 3.00+ shader whose #version is not its first character. Returns the
 * source with the directive moved to the front and a #line (ES: the next line's number) that
 * gives the line after it its own number again, or NULL (out of memory; then *same false) or
 * src itself with *same true when the directive already leads. */
static char *
hoist_es_version(char *src, bool *same)
{
   int line;
   const char *p = skip_to_first_token(src, &line);
   *same = p == src || !version_number(p);
   if (*same)
      return src;
   const char *eol = strchr(p, '\n');
   const size_t vlen = eol ? (size_t)(eol - p) : strlen(p);
   const char *rest = eol ? eol + 1 : p + vlen;
   char head[32];
   snprintf(head, sizeof(head), "\n#line %d\n", line + 1);
   const size_t n = vlen + strlen(head) + strlen(rest) + 1;
   char *out = malloc(n);
   if (out)
      snprintf(out, n, "%.*s%s%s", (int)vlen, p, head, rest);
   return out;
}

/* ── compile ───────────────────────────────────────────────────────────────────────────────── */

/* The resource table with the varying limits set to `components`, each stage interface's to its
 * own (stage_io, see glsl_link_input). */
static void
resources_for(uint32_t components, const uint32_t *stage_io, glslang_resource_t *r)
{
   *r = resources;
#define IO(io) (int)glsl_stage_io_components(components, stage_io, io)
   r->max_varying_components = (int)components;
   r->max_varying_floats = (int)components;
   r->max_varying_vectors = (int)components / 4;
   r->max_vertex_output_components = IO(GLSL_IO_VERTEX_OUT);
   r->max_tess_control_input_components = IO(GLSL_IO_TESS_CTRL_IN);
   r->max_tess_control_output_components = IO(GLSL_IO_TESS_CTRL_OUT);
   r->max_tess_evaluation_input_components = IO(GLSL_IO_TESS_EVAL_IN);
   r->max_tess_evaluation_output_components = IO(GLSL_IO_TESS_EVAL_OUT);
   r->max_geometry_input_components = IO(GLSL_IO_GEOMETRY_IN);
   r->max_geometry_output_components = IO(GLSL_IO_GEOMETRY_OUT);
   r->max_fragment_input_components = IO(GLSL_IO_FRAGMENT_IN);
   r->max_geometry_varying_components = (int)components;
#undef IO
}

/* res: the resource table (NULL: the one with GLSL_MIN_VARYING_COMPONENTS). */
static void
input_for(glslang_input_t *in, enum glsl_stage stage, const char *source,
          const glslang_resource_t *res)
{
   memset(in, 0, sizeof(*in));
   in->language = GLSLANG_SOURCE_GLSL;
   in->stage = glslang_stage_of(stage);
   in->client = GLSLANG_CLIENT_VULKAN;
   in->client_version = GLSLANG_TARGET_VULKAN_1_1;
   in->target_language = GLSLANG_TARGET_SPV;
   in->target_language_version = GLSLANG_TARGET_SPV_1_3;
   in->code = source;
   in->default_version = 110;
   in->default_profile = GLSLANG_NO_PROFILE;
   in->force_default_version_and_profile = 0;
   in->forward_compatible = 0;
   in->messages = spv_messages;
   in->resource = res ? res : &resources;
}

/* Appends text[0 .. n) with the app's names (glsl_demangle). */
static void
append_demangled(struct glsl_str *log, const char *text, size_t n)
{
   size_t mangle = sizeof(GLSL_MANGLE) - 1;
   while (n) {
      const char *m = NULL;
      for (const char *p = text; p + mangle <= text + n && !m; p++)
         if (!memcmp(p, GLSL_MANGLE, mangle))
            m = p;
      size_t keep = m ? (size_t)(m - text) : n;
      glsl_str_printf(log, "%.*s", (int)keep, text);
      if (!m)
         break;
      text += keep + mangle;
      n -= keep + mangle;
   }
}

/* Appends a glslang log, trimmed of trailing blank lines. */
static void
append_glslang_log(struct glsl_str *log, const char *text)
{
   if (!text)
      return;
   size_t n = strlen(text);
   while (n && (text[n - 1] == '\n' || text[n - 1] == ' '))
      n--;
   if (!n)
      return;
   append_demangled(log, text, n);
   glsl_str_append(log, "\n");
}

/* The GL preprocessor over a spliced source (glslang without a Vulkan or SPIR-V client: GL's
 * predefined macros and the app's own version). Returns its output, or NULL with the reason in
 * log. */
static char *
preprocess_gl(enum glsl_stage stage, bool es, int version, uint32_t deny, const char *source,
              struct glsl_str *log)
{
   glslang_input_t in;
   /* The preprocessor's output does not depend on the stage, but glslang refuses a geometry
    * shader below #version 150 here, where Mesa takes one (a source without #version is 1.10):
    * lowering compiles it at 1.50. A compute shader below 4.30 (GL_ARB_compute_shader) trips
    * on glslang's own compute built-ins there; lowering compiles it at 4.30. */
   const bool from150 = stage == GLSL_STAGE_GEOMETRY || stage == GLSL_STAGE_TESS_CTRL ||
                        stage == GLSL_STAGE_TESS_EVAL;
   const bool from430 = stage == GLSL_STAGE_COMPUTE && version < 430;
   input_for(&in, (from150 || from430) && !es ? GLSL_STAGE_VERTEX : stage, source, NULL);
   if (es) { /* a source without #version is GLSL ES 1.00 there (GL_ES defined) */
      in.default_version = 100;
      in.default_profile = GLSLANG_ES_PROFILE;
   }
   in.client = GLSLANG_CLIENT_NONE; /* the versions input_for set are ignored then */
   in.target_language = GLSLANG_TARGET_NONE;
   in.messages = GLSLANG_MSG_DEFAULT_BIT;
   glslang_shader_t *sh = glslang_shader_create(&in);
   if (!sh) {
      glsl_str_append(log, "error: out of memory\n");
      return NULL;
   }
   /* GLSL names the extensions it has as macros; glslang's lists lack GL_EXT_draw_buffers and
    * GL_EXT_draw_instanced (ESSL 1.00 and 3.10), GL_ARB_arrays_of_arrays, GL_ARB_blend_func_extended,
    * GL_ARB_conservative_depth, GL_ARB_draw_instanced, GL_ARB_texture_query_levels,
    * GL_ARB_shader_atomic_counter_ops, GL_ARB_ES3_1_compatibility, GL_ARB_ES3_2_compatibility,
    * GL_ARB_shader_clock, GL_ARB_shader_viewport_layer_array, GL_AMD_vertex_shader_layer,
    * GL_AMD_vertex_shader_viewport_index (hidden where GLSL_DENY_LAYER_VIEWPORT withholds them),
    * GL_ARB_shader_precision (hidden where GLSL_DENY_SHADER_PRECISION withholds it) and
    * GL_ARB_cull_distance (desktop; the last where GLSL_DENY_CULL_DISTANCE does not withhold it)
    * and GL_EXT_texture_array, which mgl implements (glsl_lower.c); ES's GL_EXT_clip_cull_distance
    * (GLSL ES 3.00 on, where GLSL_DENY_CULL_DISTANCE does not withhold it) */
   /* ... and GL_OES_viewport_array (GLSL ES 3.10 on, where GLSL_DENY_VIEWPORT_ARRAY does not
    * withhold it) */
   /* ... and GL_EXT_texture_query_lod and GL_EXT_shader_group_vote (GLSL ES 3.00 on, where
    * GLSL_DENY_TEXTURE_QUERY_LOD / GLSL_DENY_GROUP_VOTE do not withhold them) */
   char es_macros[320] = ""; /* (glslang keeps the pointer until it preprocesses) */
   if (es && version != 300)
      strcat(es_macros, "#define GL_EXT_draw_buffers 1\n#define GL_EXT_draw_instanced 1\n");
   if (es && version >= 300 && !(deny & GLSL_DENY_CULL_DISTANCE))
      strcat(es_macros, "#define GL_EXT_clip_cull_distance 1\n");
   if (es && version > 300 && !(deny & GLSL_DENY_VIEWPORT_ARRAY))
      strcat(es_macros, "#define GL_OES_viewport_array 1\n");
   if (es && version >= 300 && !(deny & GLSL_DENY_TEXTURE_QUERY_LOD))
      strcat(es_macros, "#define GL_EXT_texture_query_lod 1\n");
   if (es && version >= 300 && !(deny & GLSL_DENY_GROUP_VOTE))
      strcat(es_macros, "#define GL_EXT_shader_group_vote 1\n");
   if (es && es_macros[0])
      glslang_shader_set_preamble(sh, es_macros);
   else if (!es && (deny & GLSL_DENY_CULL_DISTANCE))
      glslang_shader_set_preamble(sh, "#define GL_ARB_arrays_of_arrays 1\n"
                                      "#define GL_ARB_blend_func_extended 1\n"
                                      "#define GL_ARB_conservative_depth 1\n"
                                      "#define GL_ARB_draw_instanced 1\n"
                                      "#define GL_ARB_fragment_layer_viewport 1\n"
                                      "#define GL_ARB_ES3_1_compatibility 1\n"
                                      "#define GL_ARB_ES3_2_compatibility 1\n"
                                      "#define GL_ARB_shader_atomic_counter_ops 1\n"
                                      "#define GL_ARB_shader_precision 1\n"
                                      "#define GL_ARB_shader_clock 1\n"
                                      "#define GL_ARB_shader_viewport_layer_array 1\n"
                                      "#define GL_ARB_texture_query_levels 1\n"
                                      "#define GL_AMD_vertex_shader_layer 1\n"
                                      "#define GL_AMD_vertex_shader_viewport_index 1\n"
                                      "#define GL_EXT_texture_array 1\n");
   else if (!es)
      glslang_shader_set_preamble(sh, "#define GL_ARB_arrays_of_arrays 1\n"
                                      "#define GL_ARB_blend_func_extended 1\n"
                                      "#define GL_ARB_conservative_depth 1\n"
                                      "#define GL_ARB_draw_instanced 1\n"
                                      "#define GL_ARB_cull_distance 1\n"
                                      "#define GL_ARB_fragment_layer_viewport 1\n"
                                      "#define GL_ARB_ES3_1_compatibility 1\n"
                                      "#define GL_ARB_ES3_2_compatibility 1\n"
                                      "#define GL_ARB_shader_atomic_counter_ops 1\n"
                                      "#define GL_ARB_shader_precision 1\n"
                                      "#define GL_ARB_shader_clock 1\n"
                                      "#define GL_ARB_shader_viewport_layer_array 1\n"
                                      "#define GL_ARB_texture_query_levels 1\n"
                                      "#define GL_AMD_vertex_shader_layer 1\n"
                                      "#define GL_AMD_vertex_shader_viewport_index 1\n"
                                      "#define GL_EXT_texture_array 1\n");
   char *out = NULL;
   if (glslang_shader_preprocess(sh, &in)) {
      out = glsl_strdup(glslang_shader_get_preprocessed_code(sh));
      if (!out)
         glsl_str_append(log, "error: out of memory\n");
   } else {
      append_glslang_log(log, glslang_shader_get_info_log(sh));
   }
   glslang_shader_delete(sh);
   return out;
}

/* The next use of the macro name at or after p in src, as a whole word outside an #extension
 * directive (NULL: none left). */
static char *
macro_use(char *src, char *p, const char *name)
{
   const size_t len = strlen(name);
   for (; (p = strstr(p, name)); p += len) {
      if ((p > src && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
          isalnum((unsigned char)p[len]) || p[len] == '_')
         continue;
      const char *b = p;
      while (b > src && b[-1] != '\n')
         b--;
      while (*b == ' ' || *b == '\t')
         b++;
      if (*b == '#') {
         b++;
         while (*b == ' ' || *b == '\t')
            b++;
         if (!strncmp(b, "extension", 9))
            continue;
      }
      return p;
   }
   return NULL;
}

/* A withheld extension's macro, which glslang defines for every extension it knows and refuses
 * to #undef: each use outside an #extension directive is renamed to one that no one defines
 * (same length, so columns keep), so `#ifdef` and `defined()` find it undefined. */
static void
hide_macro(char *src, const char *name)
{
   const size_t len = strlen(name);
   for (char *p = macro_use(src, src, name); p; p = macro_use(src, p + len, name))
      p[0] = 'x'; /* GL_... -> xL_...: not a reserved name, never defined */
}

/* The macro of an extension glslang does not know, which mgl implements (it refuses to #define
 * a GL_ name): each use outside an #extension directive becomes GL_ES, which every GLSL ES unit
 * has as 1, padded with blanks to the name's length (so columns keep). */
static void
show_macro(char *src, const char *name)
{
   const size_t len = strlen(name);
   for (char *p = macro_use(src, src, name); p; p = macro_use(src, p + len, name)) {
      memcpy(p, "GL_ES", 5);
      memset(p + 5, ' ', len - 5);
   }
}

/* A context without doubles (GLSL_DENY_FLOAT64) does not offer ARB_gpu_shader_fp64: a
 * `#extension GL_ARB_gpu_shader_fp64` that requires it is an error, one that enables it a warning
 * (GLSL 1.50 3.3); a double the shader then declares fails where glslang (below 4.00) or
 * float64_denied (4.00 on) finds it. False when the preprocessed text pp requires it. */
static bool
fp64_directives(enum glsl_stage stage, const char *pp, struct glsl_str *log)
{
   bool ok = true;
   int line = 1;
   for (const char *p = pp; *p; p++) {
      if (*p == '\n') {
         line++;
         continue;
      }
      if (*p != '#' || (p != pp && p[-1] != '\n' && p[-1] != ' ' && p[-1] != '\t'))
         continue;
      char name[64], behavior[16];
      if (sscanf(p, "# extension %63[A-Za-z0-9_] : %15[a-z]", name, behavior) != 2 &&
          sscanf(p, "#extension %63[A-Za-z0-9_] : %15[a-z]", name, behavior) != 2)
         continue;
      if (strcmp(name, "GL_ARB_gpu_shader_fp64") || !strcmp(behavior, "disable"))
         continue;
      const bool require = !strcmp(behavior, "require");
      glsl_str_printf(log,
                      "0:%d(1): %s: extension `GL_ARB_gpu_shader_fp64' unsupported in %s shader\n",
                      line, require ? "error" : "warning", glsl_stage_name(stage));
      ok = ok && !require;
   }
   return ok;
}

/* Whether preprocessed text enables GL_ARB_gpu_shader_fp64 (`enable`, `require` or `warn`). */
static bool
fp64_enabled(const char *pp)
{
   for (const char *p = strchr(pp, '#'); p; p = strchr(p + 1, '#')) {
      char name[64], behavior[16];
      if ((sscanf(p, "# extension %63[A-Za-z0-9_] : %15[a-z]", name, behavior) == 2 ||
           sscanf(p, "#extension %63[A-Za-z0-9_] : %15[a-z]", name, behavior) == 2) &&
          !strcmp(name, "GL_ARB_gpu_shader_fp64") && strcmp(behavior, "disable"))
         return true;
   }
   return false;
}

/* The desktop extensions whose macro a deny bit hides (GLSL 1.50 3.3: a macro for each extension
 * the implementation supports, and no other). */
static const struct {
   uint32_t deny;
   const char *name;
} denied_macros[] = {
   {GLSL_DENY_SHADER_PRECISION, "GL_ARB_shader_precision"},
   {GLSL_DENY_GPU_SHADER5, "GL_ARB_gpu_shader5"},
   {GLSL_DENY_VIEWPORT_ARRAY, "GL_ARB_viewport_array"},
   {GLSL_DENY_VIEWPORT_ARRAY, "GL_ARB_fragment_layer_viewport"},
   {GLSL_DENY_IMAGE_QUERIES, "GL_ARB_texture_query_levels"},
   {GLSL_DENY_IMAGE_QUERIES, "GL_ARB_shader_texture_image_samples"},
   {GLSL_DENY_DERIVATIVE_CONTROL, "GL_ARB_derivative_control"},
   {GLSL_DENY_TEXTURE_QUERY_LOD, "GL_ARB_texture_query_lod"},
   {GLSL_DENY_VERTEX_ATTRIB_64BIT, "GL_ARB_vertex_attrib_64bit"},
   {GLSL_DENY_GROUP_VOTE, "GL_ARB_shader_group_vote"},
   {GLSL_DENY_SHADER_CLOCK, "GL_ARB_shader_clock"},
   {GLSL_DENY_INT64, "GL_ARB_gpu_shader_int64"},
   {GLSL_DENY_BALLOT, "GL_ARB_shader_ballot"},
   {GLSL_DENY_STENCIL_EXPORT, "GL_ARB_shader_stencil_export"},
   {GLSL_DENY_LAYER_VIEWPORT, "GL_ARB_shader_viewport_layer_array"},
   {GLSL_DENY_LAYER_VIEWPORT, "GL_AMD_vertex_shader_layer"},
   {GLSL_DENY_LAYER_VIEWPORT, "GL_AMD_vertex_shader_viewport_index"},
   {GLSL_DENY_ATOMIC_COUNTER_OPS, "GL_ARB_shader_atomic_counter_ops"},
   {GLSL_DENY_ESSL310, "GL_ARB_ES3_1_compatibility"},
   {GLSL_DENY_ESSL310, "GL_ARB_ES3_2_compatibility"},
   {GLSL_DENY_ESSL320, "GL_ARB_ES3_2_compatibility"},
   {GLSL_DENY_ENHANCED_LAYOUTS, "GL_ARB_enhanced_layouts"},
};

/* One shader object, up to the text glslang's Vulkan target compiles (glsl_lower.c): line
 * splicing, the version gate, GL preprocessing, lowering. deny: GLSL_DENY_*. */
static bool
prepare_unit(enum glsl_stage stage, enum glsl_api api, uint32_t deny, uint64_t compat_provided,
             bool point_size, bool xfb_point_size, const char *source, struct glsl_unit *u,
             struct glsl_str *log)
{
   memset(u, 0, sizeof(*u));
   if (!source) {
      glsl_str_append(log, "error: no shader source\n");
      return false;
   }
   char *spliced = glsl_splice_lines(source);
   if (spliced) {
      char *defined = glsl_decide_macros(spliced, api != GLSL_API_ES && (deny & GLSL_DENY_FLOAT64));
      free(spliced);
      spliced = defined;
   }
   if (!spliced) {
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   int version;
   char profile[16];
   char *pp = NULL;
   char *folded = NULL;
   const bool es = api == GLSL_API_ES, compat = api == GLSL_API_COMPAT;
   bool ok = check_version(spliced, es, compat, deny, log, &version, profile);
   if (ok && es && version >= 300) {
      bool same;
      char *hoisted = hoist_es_version(spliced, &same);
      if (!same) {
         free(spliced);
         spliced = hoisted;
      }
      if (!spliced) {
         glsl_str_append(log, "error: out of memory\n");
         return false;
      }
   }
   if (ok && es) {
      /* ES 2.0's draw-buffers and instancing extensions (glsl_lower.c), in GLSL ES 1.00 and, as
       * Mesa and piglit take them, 3.10, where they add nothing (3.00 names neither) */
      if (version != 300) {
         glsl_require_to_enable(spliced, "GL_EXT_draw_buffers");
         glsl_require_to_enable(spliced, "GL_EXT_draw_instanced");
      }
      if (version >= 300 && !(deny & GLSL_DENY_CULL_DISTANCE)) /* glsl_lower.c takes it out */
         glsl_require_to_enable(spliced, "GL_EXT_clip_cull_distance");
      if (version > 300 && !(deny & GLSL_DENY_VIEWPORT_ARRAY)) /* the same */
         glsl_require_to_enable(spliced, "GL_OES_viewport_array");
      /* every ES 3.0+ context lists it (fe_es_ext.c); glsl_lower.c takes its directive */
      if (version >= 300) {
         glsl_require_to_enable(spliced, "GL_EXT_separate_shader_objects");
         show_macro(spliced, "GL_EXT_separate_shader_objects");
      }
      if (version > 300 && !(deny & GLSL_DENY_ES_IMAGE_FORMATS)) { /* the same */
         glsl_require_to_enable(spliced, "GL_NV_image_formats");
         show_macro(spliced, "GL_NV_image_formats");
      }
      if (version >= 300 && !(deny & GLSL_DENY_TEXTURE_QUERY_LOD)) /* the ARB one there */
         glsl_require_to_enable(spliced, "GL_EXT_texture_query_lod");
      if (version >= 300 && !(deny & GLSL_DENY_GROUP_VOTE)) /* the same */
         glsl_require_to_enable(spliced, "GL_EXT_shader_group_vote");
      if (version >= 300)
         for (unsigned i = 0; glsl_es_withheld_extensions[i]; i++)
            if (glsl_es_withheld(glsl_es_withheld_extensions[i],
                                 strlen(glsl_es_withheld_extensions[i]), deny))
               hide_macro(spliced, glsl_es_withheld_extensions[i]);
   } else if (ok && !es) {
      glsl_require_to_enable(spliced, "GL_ARB_arrays_of_arrays"); /* glsl_lower.c */
      glsl_require_to_enable(spliced, "GL_ARB_blend_func_extended");
      glsl_require_to_enable(spliced, "GL_ARB_conservative_depth"); /* glsl_lower.c */
      glsl_require_to_enable(spliced, "GL_ARB_shader_subroutine");  /* glsl_subroutine.c */
      glsl_require_to_enable(spliced, "GL_EXT_texture_array");      /* glsl_lower.c */
      if (!(deny & GLSL_DENY_IMAGE_QUERIES)) /* glsl_lower.c compiles it as 4.30 */
         glsl_require_to_enable(spliced, "GL_ARB_texture_query_levels");
      if (!(deny & GLSL_DENY_VIEWPORT_ARRAY)) /* the same */
         glsl_require_to_enable(spliced, "GL_ARB_fragment_layer_viewport");
      if (!(deny & GLSL_DENY_CULL_DISTANCE)) /* glsl_lower.c compiles it as 4.50 */
         glsl_require_to_enable(spliced, "GL_ARB_cull_distance");
      if (!(deny & GLSL_DENY_SHADER_PRECISION)) /* glsl_lower.c takes the directive out */
         glsl_require_to_enable(spliced, "GL_ARB_shader_precision");
      if (!(deny & GLSL_DENY_ESSL310)) /* the same (glslang does not know it) */
         glsl_require_to_enable(spliced, "GL_ARB_ES3_1_compatibility");
      if (!(deny & (GLSL_DENY_ESSL310 | GLSL_DENY_ESSL320))) /* the same */
         glsl_require_to_enable(spliced, "GL_ARB_ES3_2_compatibility");
      if (!(deny & GLSL_DENY_LAYER_VIEWPORT)) { /* glsl_lower.c names the ARB one instead */
         glsl_require_to_enable(spliced, "GL_AMD_vertex_shader_layer");
         glsl_require_to_enable(spliced, "GL_AMD_vertex_shader_viewport_index");
      }
   }
   for (size_t i = 0; ok && !es && i < sizeof(denied_macros) / sizeof(denied_macros[0]); i++)
      if (deny & denied_macros[i].deny)
         hide_macro(spliced, denied_macros[i].name);
   ok = ok && (pp = preprocess_gl(stage, es, version, deny, spliced, log));
   ok = ok && (es || !(deny & GLSL_DENY_FLOAT64) || fp64_directives(stage, pp, log));
   const bool doubles =
      !es && !(deny & GLSL_DENY_FLOAT64) && ok && (version >= 400 || fp64_enabled(pp));
   if (ok && !(folded = glsl_fold_array_sizes(pp, doubles))) {
      glsl_str_append(log, "error: out of memory\n");
      ok = false;
   }
   ok = ok && glsl_lower_preprocessed(stage, folded, version, profile, compat, compat_provided,
                                      point_size, xfb_point_size, deny, u, log);
   free(folded);
   free(pp);
   free(spliced);
   return ok;
}

/* `line` (a layout declaration) into a unit's prologue, before the #line that gives the app's
 * first line its number: it then comes before any use (line numbers keep). False when out of
 * memory (said in log) or the unit has no such #line. */
static bool
prologue_insert(struct glsl_unit *u, const char *line, struct glsl_str *log)
{
   const char *at = strstr(u->text, "\n#line ");
   if (!at)
      return false;
   const int head = (int)(at - u->text) + 1;
   struct glsl_str text = {0};
   glsl_str_printf(&text, "%.*s%s\n%s", head, u->text, line, u->text + head);
   if (text.oom) {
      free(text.s);
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   free(u->text);
   u->text = glsl_str_take(&text);
   return true;
}

/* GLSL 4.00 4.3.8.2 (ARB_tessellation_shader): a tessellation control shader's output patch
 * size, declared in one of its shader objects, is the program's and sizes the unsized per-vertex
 * output arrays (gl_out) of every object; glslang refuses to index such an array with a variable
 * in an object that declares no size. So each object without the layout gets the size `vertices`
 * says (the one another object declares; GL_MAX_PATCH_VERTICES for an object compiled alone, so
 * no index a size could allow is refused before the link). Different sizes in two objects stay
 * for glslang's linker to refuse. */
static void
give_tcs_vertices(struct glsl_unit *u, int vertices, bool *prepared, struct glsl_str *log)
{
   if (!*prepared || u->tcs_vertices || vertices <= 0)
      return;
   char line[48];
   snprintf(line, sizeof line, "layout(vertices = %d) out;", vertices);
   if (!prologue_insert(u, line, log)) {
      *prepared = !strstr(u->text, "\n#line "); /* out of memory: the unit fails */
      return;
   }
   u->tcs_vertices = vertices;
}

/* GLSL 4.30 4.1.9: a global array declared without a size has the size the largest constant
 * index any object of the stage uses with it gives (glsl_lower.c declares it
 * `[GLSL_IMPLICIT_SIZE name]`): each object that declares one gets that constant in its prologue
 * (1 when no object indexes it with a constant). */
static void
share_implicit_sizes(struct glsl_unit *units, unsigned num, bool *prepared, struct glsl_str *logs)
{
   for (unsigned k = 0; k < num; k++) {
      struct glsl_unit *u = &units[k];
      for (unsigned i = 0; prepared[k] && i < u->num_implicit_sizes; i++) {
         if (!u->implicit_sizes[i].index)
            continue; /* (not sized in this object: glslang sizes it) */
         int size = 1;
         for (unsigned j = 0; j < num; j++)
            for (unsigned m = 0; prepared[j] && m < units[j].num_implicit_sizes; m++)
               if (!strcmp(units[j].implicit_sizes[m].name, u->implicit_sizes[i].name) &&
                   units[j].implicit_sizes[m].location > size)
                  size = units[j].implicit_sizes[m].location;
         struct glsl_str line = {0};
         glsl_str_printf(&line, "const int " GLSL_IMPLICIT_SIZE "%s = %d;",
                         u->implicit_sizes[i].name, size);
         if (line.oom)
            prepared[k] = false;
         else if (!prologue_insert(u, line.s, &logs[k]))
            prepared[k] = !strstr(u->text, "\n#line "); /* out of memory: the unit fails */
         free(line.s);
      }
   }
}

static const int parse_options = GLSLANG_SHADER_VULKAN_RULES_RELAXED |
                                 GLSLANG_SHADER_AUTO_MAP_BINDINGS |
                                 GLSLANG_SHADER_AUTO_MAP_LOCATIONS;

/* Parses lowered text for the Vulkan target. Returns the shader (to delete) or NULL; *ok says
 * whether it compiled. */
static glslang_shader_t *
parse_text(enum glsl_stage stage, const char *text, const glslang_resource_t *res,
           struct glsl_str *log, bool *ok)
{
   *ok = false;
   glslang_input_t in;
   input_for(&in, stage, text, res);
   glslang_shader_t *sh = glslang_shader_create(&in);
   if (!sh) {
      glsl_str_append(log, "error: out of memory\n");
      return NULL;
   }
   glslang_shader_set_options(sh, parse_options);
   /* The C interface parses the preprocessor's output, so preprocess first. */
   if (glslang_shader_preprocess(sh, &in) && glslang_shader_parse(sh, &in))
      *ok = true;
   append_glslang_log(log, glslang_shader_get_info_log(sh));
   return sh;
}

/* GLSL 4.60 4.4.1: "location aliasing is allowed only if it does not cause component aliasing;
 * it is a compile-time or link-time error to cause component aliasing" (4.4.2 has outputs follow
 * the same rules), and ARB_separate_shader_objects: "a program will fail to link if any two
 * non-vertex shader input variables are assigned to the same location". glslang reports these
 * as it parses; Mesa at link. The kinds of glslang's messages that are such overlaps: */
static const char *const overlap_kinds[] = {
   "'location' : overlapping use of location ",
};

/* Whether the line starts a glslang error ("ERROR: ", "INTERNAL ERROR: ", "UNIMPLEMENTED: "). */
static bool
is_error_line(const char *line)
{
   return !strncmp(line, "ERROR: ", 7) || !strncmp(line, "INTERNAL ERROR: ", 16) ||
          !strncmp(line, "UNIMPLEMENTED: ", 15);
}

/* glslang's closing "ERROR: N compilation errors.  No code generated." */
static bool
is_error_count(const char *line, size_t n)
{
   static const char tail[] = " compilation errors.";
   const char *p = line + 7;
   if (n < 7 || strncmp(line, "ERROR: ", 7) || !isdigit((unsigned char)*p))
      return false;
   while (p < line + n && isdigit((unsigned char)*p))
      p++;
   return (size_t)(line + n - p) >= sizeof(tail) - 1 && !memcmp(p, tail, sizeof(tail) - 1);
}

static bool
is_overlap(const char *line, size_t n)
{
   for (size_t k = 0; k < sizeof(overlap_kinds) / sizeof(overlap_kinds[0]); k++) {
      const size_t kn = strlen(overlap_kinds[k]);
      for (const char *p = line; p + kn <= line + n; p++)
         if (!memcmp(p, overlap_kinds[k], kn))
            return true;
   }
   return false;
}

/* Whether a glslang log (text) has errors and every one is an overlap of locations
 * (overlap_kinds; the closing count aside). */
static bool
only_overlaps(const char *text)
{
   bool any = false;
   for (const char *p = text; p && *p;) {
      const char *nl = strchr(p, '\n');
      const size_t n = nl ? (size_t)(nl - p) : strlen(p);
      if (is_error_line(p) && !is_error_count(p, n)) {
         if (!is_overlap(p, n))
            return false;
         any = true;
      }
      p = nl ? nl + 1 : NULL;
   }
   return any;
}

/* Whether the parse of text that failed with log (its glslang log) failed only on overlapping
 * locations. glslang stops at its first error, so the text is parsed again with every error
 * reported (GLSLANG_MSG_CASCADING_ERRORS_BIT), and each must be an overlap. */
static bool
fails_only_on_overlaps(enum glsl_stage stage, const char *text, const glslang_resource_t *res,
                       const char *log)
{
   if (!log || !only_overlaps(log))
      return false;
   glslang_input_t in;
   input_for(&in, stage, text, res);
   in.messages |= GLSLANG_MSG_CASCADING_ERRORS_BIT;
   glslang_shader_t *sh = glslang_shader_create(&in);
   if (!sh)
      return false;
   glslang_shader_set_options(sh, parse_options);
   const bool parsed = glslang_shader_preprocess(sh, &in) && glslang_shader_parse(sh, &in);
   const bool overlaps = !parsed && only_overlaps(glslang_shader_get_info_log(sh));
   glslang_shader_delete(sh);
   return overlaps;
}

/* A compile whose only errors are overlaps (fails_only_on_overlaps): each error of text goes into log as a
 * warning that the link will fail, the closing count left out. */
static void
append_overlap_warnings(struct glsl_str *log, const char *text)
{
   for (const char *p = text; p && *p;) {
      const char *nl = strchr(p, '\n');
      const int n = (int)(nl ? (size_t)(nl - p) : strlen(p));
      if (is_error_count(p, (size_t)n)) {
         /* left out: the compile has no errors */
      } else if (!strncmp(p, "ERROR: ", 7)) {
         glsl_str_printf(log, "WARNING: %.*s (a link-time error: the program will not link)\n",
                         n - 7, p + 7);
      } else {
         glsl_str_printf(log, "%.*s\n", n, p);
      }
      p = nl ? nl + 1 : NULL;
   }
}

/* Whether a stage's words use doubles (OpCapability Float64), cull distances (CullDistance),
 * DerivativeControl, SubgroupVoteKHR, OpImageQueryLevels / OpImageQuerySamples,
 * OpImageQueryLod, the capabilities of caps[] (StencilExportEXT ...), or varying components and a
 * declared capture (Component, execution mode Xfb)
 * where the context denies them: then the error is in log. */
static bool
float64_denied(enum glsl_stage stage, const uint32_t *words, size_t num_words, uint32_t deny,
               struct glsl_str *log)
{
   /* capabilities that only a denied extension's built-ins bring in */
   static const struct {
      uint32_t deny, capability;
      const char *what, *extension;
   } caps[] = {
      {GLSL_DENY_STENCIL_EXPORT, SpvCapabilityStencilExportEXT, "gl_FragStencilRefARB",
       "GL_ARB_shader_stencil_export"},
      {GLSL_DENY_SHADER_CLOCK, SpvCapabilityShaderClockKHR, "clockARB, clock2x32ARB",
       "GL_ARB_shader_clock"},
      {GLSL_DENY_INT64, SpvCapabilityInt64, "int64_t, uint64_t and their vectors",
       "GL_ARB_gpu_shader_int64"},
      {GLSL_DENY_BALLOT, SpvCapabilitySubgroupBallotKHR, "ballotARB, readInvocationARB ...",
       "GL_ARB_shader_ballot"},
   };
   const uint32_t in_functions = GLSL_DENY_IMAGE_QUERIES | GLSL_DENY_TEXTURE_QUERY_LOD;
   if (!(deny & (GLSL_DENY_FLOAT64 | GLSL_DENY_CULL_DISTANCE | GLSL_DENY_DERIVATIVE_CONTROL |
                 GLSL_DENY_GROUP_VOTE | GLSL_DENY_ENHANCED_LAYOUTS | GLSL_DENY_STENCIL_EXPORT |
                 GLSL_DENY_SHADER_CLOCK | GLSL_DENY_INT64 | GLSL_DENY_BALLOT | in_functions)))
      return false;
   for (size_t at = 5; at < num_words;) {
      const uint32_t len = words[at] >> 16, op = words[at] & 0xffff;
      if (!len || len > num_words - at)
         break;
      for (unsigned k = 0; op == SpvOpCapability && len == 2 && k < sizeof(caps) / sizeof(caps[0]);
           k++) {
         if (words[at + 1] == caps[k].capability && (deny & caps[k].deny)) {
            glsl_str_printf(log,
                            "error: %s shader: %s needs %s, which this context does not offer\n",
                            glsl_stage_name(stage), caps[k].what, caps[k].extension);
            return true;
         }
      }
      if (op == SpvOpCapability && len == 2 && words[at + 1] == SpvCapabilityFloat64 &&
          (deny & GLSL_DENY_FLOAT64)) {
         glsl_str_printf(log,
                         "error: %s shader: double-precision types need "
                         "GL_ARB_gpu_shader_fp64, which this context does not offer\n",
                         glsl_stage_name(stage));
         return true;
      }
      if (op == SpvOpCapability && len == 2 && words[at + 1] == SpvCapabilityCullDistance &&
          (deny & GLSL_DENY_CULL_DISTANCE)) {
         glsl_str_printf(log,
                         "error: %s shader: gl_CullDistance needs GL_ARB_cull_distance "
                         "(GL_EXT_clip_cull_distance in OpenGL ES), which this context does not "
                         "offer\n",
                         glsl_stage_name(stage));
         return true;
      }
      if (op == SpvOpCapability && len == 2 && words[at + 1] == SpvCapabilityDerivativeControl &&
          (deny & GLSL_DENY_DERIVATIVE_CONTROL)) {
         glsl_str_printf(log,
                         "error: %s shader: dFdxFine, dFdxCoarse ... need "
                         "GL_ARB_derivative_control, which this context does not offer\n",
                         glsl_stage_name(stage));
         return true;
      }
      if (op == SpvOpCapability && len == 2 && words[at + 1] == SpvCapabilitySubgroupVoteKHR &&
          (deny & GLSL_DENY_GROUP_VOTE)) {
         glsl_str_printf(log,
                         "error: %s shader: anyInvocation, allInvocations ... need "
                         "GL_ARB_shader_group_vote, which this context does not offer\n",
                         glsl_stage_name(stage));
         return true;
      }
      if (((op == SpvOpExecutionMode && len >= 3 && words[at + 2] == SpvExecutionModeXfb) ||
           (op == SpvOpDecorate && len >= 4 && words[at + 2] == SpvDecorationComponent)) &&
          (deny & GLSL_DENY_ENHANCED_LAYOUTS)) {
         glsl_str_printf(log,
                         "error: %s shader: %s needs GL_ARB_enhanced_layouts, which this context "
                         "does not offer\n",
                         glsl_stage_name(stage),
                         op == SpvOpDecorate ? "layout(component)"
                                             : "layout(xfb_buffer / xfb_offset / xfb_stride)");
         return true;
      }
      if ((op == SpvOpImageQueryLevels || op == SpvOpImageQuerySamples) &&
          (deny & GLSL_DENY_IMAGE_QUERIES)) {
         glsl_str_printf(log, "error: %s shader: %s needs %s, which this context does not offer\n",
                         glsl_stage_name(stage),
                         op == SpvOpImageQueryLevels ? "textureQueryLevels"
                                                     : "textureSamples / imageSamples",
                         op == SpvOpImageQueryLevels ? "GL_ARB_texture_query_levels"
                                                     : "GL_ARB_shader_texture_image_samples");
         return true;
      }
      if (op == SpvOpImageQueryLod && (deny & GLSL_DENY_TEXTURE_QUERY_LOD)) {
         glsl_str_printf(log,
                         "error: %s shader: textureQueryLod needs GL_ARB_texture_query_lod, "
                         "which this context does not offer\n",
                         glsl_stage_name(stage));
         return true;
      }
      if (op == SpvOpFunction && !(deny & in_functions))
         break; /* capabilities come first; the queries are in the functions */
      at += len;
   }
   return false;
}

/* GLSL 4.50 7.1: "It is a compile-time or link-time error for the set of shaders forming a
 * program to have the sum of the sizes of the gl_ClipDistance and gl_CullDistance arrays to be
 * larger than gl_MaxCombinedClipAndCullDistances", for a stage's inputs and for its outputs
 * (glslang checks each array against its own limit only). True (the error in log) then. Only
 * a module that declares gl_CullDistance (a BuiltIn CullDistance decoration, there even where
 * the shader only redeclares it) can pass the sum. (A redeclared but unused array of 1 is not
 * told from the one glslang declares for a shader that never names it, and is not counted.) */
static bool
clip_cull_exceeded(enum glsl_stage stage, const uint32_t *words, size_t num_words,
                   struct glsl_str *log)
{
   bool cull = false, cap[2] = {false, false};
   for (size_t at = 5; at < num_words;) {
      const uint32_t len = words[at] >> 16, op = words[at] & 0xffff;
      if (!len || len > num_words - at || op == SpvOpFunction)
         break;
      if (op == SpvOpCapability && len == 2) {
         cap[0] |= words[at + 1] == SpvCapabilityClipDistance;
         cap[1] |= words[at + 1] == SpvCapabilityCullDistance;
      }
      cull |= (op == SpvOpDecorate && len >= 4 && words[at + 2] == SpvDecorationBuiltIn &&
               words[at + 3] == SpvBuiltInCullDistance) ||
              (op == SpvOpMemberDecorate && len >= 5 && words[at + 3] == SpvDecorationBuiltIn &&
               words[at + 4] == SpvBuiltInCullDistance);
      at += len;
   }
   if (!cull)
      return false;
   const char *err = NULL;
   struct spv_refl *r = spv_refl_create(words, num_words, NULL, &err);
   if (!r || spv_refl_error(r)) {
      spv_refl_destroy(r);
      return false; /* the module's own checks report it */
   }
   bool over = false;
   for (int output = 0; output < 2 && !over; output++) {
      uint32_t n[2] = {0, 0};
      static const SpvBuiltIn builtins[2] = {SpvBuiltInClipDistance, SpvBuiltInCullDistance};
      for (unsigned k = 0; k < 2; k++) {
         spv_tref t = 0;
         if (!spv_refl_builtin(r, output != 0, builtins[k], &t, NULL))
            continue;
         struct spv_tinfo ti;
         spv_refl_type(r, t, &ti);
         /* glslang gives an array the shader neither sizes nor reads a length of 1 (and
          * no capability): a length of 1 counts where the stage reads or writes it */
         n[k] = ti.kind == SPV_TK_ARRAY && ti.length > 1 ? ti.length : cap[k] ? 1 : 0;
      }
      if (n[0] + n[1] > GLSL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES) {
         glsl_str_printf(log,
                         "error: %s shader: the %s gl_ClipDistance[%u] and gl_CullDistance[%u] "
                         "are more than gl_MaxCombinedClipAndCullDistances (%u)\n",
                         glsl_stage_name(stage), output ? "output" : "input", n[0], n[1],
                         GLSL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES);
         over = true;
      }
   }
   spv_refl_destroy(r);
   return over;
}

/* glsl_check_spirv on one stage's words; false (the errors in log) when it found one. */
static bool
check_words(enum glsl_stage stage, const uint32_t *words, size_t num_words, uint32_t deny,
            bool at_link, struct glsl_str *log)
{
   if (float64_denied(stage, words, num_words, deny, log) ||
       clip_cull_exceeded(stage, words, num_words, log))
      return false;
   struct glsl_str check_log = {0};
   const uint32_t streams = (deny & GLSL_DENY_VERTEX_STREAMS) ? 1 : GLSL_MAX_VERTEX_STREAMS;
   /* EmitStreamVertex(n) / EndStreamPrimitive(n) past the streams are a link error (as Mesa
    * has them; piglit's stream-negative-value), a compile error with one stream */
   bool ok =
      glsl_check_spirv(stage, words, num_words, deny, streams, at_link || streams == 1, &check_log);
   if (check_log.s)
      append_glslang_log(log, check_log.s); /* the app's names, as for glslang's errors */
   free(check_log.s);
   return ok;
}

/* The errors glslang does not give (glsl_check.c), for a compiled unit at glCompileShader: the
 * unit is linked alone, keeping uncalled functions, into SPIR-V with OpLine for the messages'
 * line numbers. This consumes sh (its intermediate is the program's), so the caller deletes it
 * next. A unit that does not link alone (one of several objects of its stage, without main) is
 * checked when the program links, on the program's words. */
/* GL 4.3 19.1: the invocations of a compute shader's local size (OpExecutionMode LocalSize;
 * 0 when the unit declares none), each factor below 2^32 and the product in 64 bits. */
static uint64_t
local_size_invocations(const uint32_t *words, size_t num_words)
{
   for (size_t i = 5; words && i < num_words;) {
      const uint32_t n = words[i] >> 16, op = words[i] & 0xffff;
      if (!n || i + n > num_words)
         break;
      if (op == SpvOpExecutionMode && n >= 6 && words[i + 2] == SpvExecutionModeLocalSize)
         return (uint64_t)words[i + 3] * words[i + 4] * words[i + 5];
      i += n;
   }
   return 0;
}

static bool
check_unit(enum glsl_stage stage, glslang_shader_t *sh, uint32_t deny,
           const struct glsl_compile_limits *limits, struct glsl_str *log)
{
   glslang_program_t *p = glslang_program_create();
   if (!p) {
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   bool ok = true;
   glslang_program_add_shader(p, sh);
   if (glslang_program_link(p, spv_messages | GLSLANG_MSG_KEEP_UNCALLED_BIT)) {
      glslang_spv_options_t opts = {.generate_debug_info = true, .disable_optimizer = true};
      glslang_program_SPIRV_generate_with_options(p, glslang_stage_of(stage), &opts);
      ok = check_words(stage, glslang_program_SPIRV_get_ptr(p), glslang_program_SPIRV_get_size(p),
                       deny, false, log);
      if (ok && stage == GLSL_STAGE_COMPUTE && limits && limits->compute_invocations &&
          local_size_invocations(glslang_program_SPIRV_get_ptr(p),
                                 glslang_program_SPIRV_get_size(p)) > limits->compute_invocations) {
         glsl_str_append(log, "error: the compute shader's local size is over "
                              "GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS\n");
         ok = false;
      }
   }
   glslang_program_delete(p);
   return ok;
}

/* GLSL 4.20 4.4.5 and 4.4.6: a layout(binding = N) of a uniform or storage block, or of a
 * sampler, at or past the context's binding points is a compile-time error (element k of an
 * array, N + k, is checked when the program links). A limit of 0 is not checked; lim NULL checks
 * only atomic counters, whose limit (GLSL 4.50 4.4.6: binding below
 * GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, an array being one binding) no context changes. */
static bool
span_has(const char *s, size_t len, const char *word)
{
   const size_t n = strlen(word);
   for (size_t i = 0; i + n <= len; i++)
      if (!memcmp(s + i, word, n))
         return true;
   return false;
}

static bool
check_bindings(const struct glsl_compile_limits *lim, const char *preprocessed,
               struct glsl_str *log)
{
   struct glsl_decls d = {0};
   if (!glsl_decls_scan(&d, preprocessed)) {
      glsl_decls_finish(&d);
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   bool ok = true;
   for (unsigned i = 0; i < d.num_decls; i++) {
      const struct glsl_decl *v = &d.decls[i];
      if (v->scope >= 0)
         continue;
      const int binding =
         v->body >= 0 && d.bodies[v->body].is_block ? d.bodies[v->body].binding : v->binding;
      if (binding < 0)
         continue;
      const bool block = v->body >= 0 && d.bodies[v->body].is_block;
      const bool sampler = !block && (v->qual & GLSL_DECL_UNIFORM) && v->type &&
                           span_has(v->type, v->type_len, "sampler");
      const bool counter = !block && (v->qual & GLSL_DECL_UNIFORM) && v->type &&
                           span_has(v->type, v->type_len, "atomic_uint");
      uint32_t limit = 0;
      const char *what = NULL;
      if (counter) {
         /* the same in every context; glslang takes any binding under Vulkan rules */
         limit = GLSL_MAX_ATOMIC_BUFFERS;
         what = "an atomic counter's binding is not below GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS";
      } else if (!lim) {
         continue;
      } else if (block && (v->qual & GLSL_DECL_UNIFORM)) {
         limit = lim->uniform_buffer_bindings;
         what = "a uniform block's binding is not below GL_MAX_UNIFORM_BUFFER_BINDINGS";
      } else if (block && (v->qual & GLSL_DECL_BUFFER)) {
         limit = lim->storage_buffer_bindings;
         what = "a shader storage block's binding is not below "
                "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS";
      } else if (sampler) {
         limit = lim->texture_units;
         what = "a sampler's binding is not below GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS";
      }
      if (limit && (uint32_t)binding >= limit) {
         glsl_str_append(log, "error: ");
         glsl_str_append(log, what);
         glsl_str_append(log, "\n");
         ok = false;
         break;
      }
   }
   glsl_decls_finish(&d);
   return ok;
}

bool
glsl_compile_shader(enum glsl_stage stage, enum glsl_api api, const char *source, char **info_log)
{
   return glsl_compile_shader_limits(stage, api, NULL, source, info_log);
}

bool
glsl_compile_shader_limits(enum glsl_stage stage, enum glsl_api api,
                           const struct glsl_compile_limits *limits, const char *source,
                           char **info_log)
{
   const uint32_t max_varying_components = limits ? limits->max_varying_components : 0;
   const uint32_t deny = limits ? limits->deny : 0;
   struct glsl_str log = {0};
   bool ok = false;
   if ((unsigned)stage >= GLSL_STAGE_COUNT) {
      glsl_str_append(&log, "error: unsupported shader stage\n");
   } else if (!glsl_init()) {
      glsl_str_append(&log, "error: glslang failed to initialize\n");
   } else {
      struct glsl_unit u;
      glslang_resource_t res;
      resources_for(glsl_varying_components(
                       &(struct glsl_link_input){.max_varying_components = max_varying_components}),
                    limits ? limits->stage_io : NULL, &res);
      bool prepared = prepare_unit(stage, api, deny, ~0ull, false, false, source, &u, &log);
      share_implicit_sizes(&u, 1, &prepared, &log);
      if (stage == GLSL_STAGE_TESS_CTRL)
         give_tcs_vertices(&u, GLSL_MAX_PATCH_VERTICES, &prepared, &log);
      if (prepared) {
         struct glsl_str plog = {0};
         glslang_shader_t *sh = parse_text(stage, u.text, &res, &plog, &ok);
         /* overlapping locations fail the link, not the compile (as Mesa's; overlap_kinds): the
          * words' checks (check_unit) need a parse, so they wait for that link too */
         const bool overlaps =
            !ok && sh && api != GLSL_API_ES && fails_only_on_overlaps(stage, u.text, &res, plog.s);
         if (overlaps)
            append_overlap_warnings(&log, plog.s);
         else
            glsl_str_append(&log, plog.s ? plog.s : "");
         if (plog.oom)
            log.oom = true;
         free(plog.s);
         ok = ok || overlaps;
         if (ok)
            ok = check_bindings(limits, glslang_shader_get_preprocessed_code(sh), &log);
         if (ok && !overlaps)
            ok = check_unit(stage, sh, deny, limits, &log);
         if (sh)
            glslang_shader_delete(sh);
      }
      glsl_unit_finish(&u);
   }
   set_log(info_log, &log);
   return ok;
}

bool
glsl_compile_shader_opts(enum glsl_stage stage, enum glsl_api api, uint32_t max_varying_components,
                         uint32_t deny, const char *source, char **info_log)
{
   const struct glsl_compile_limits limits = {.max_varying_components = max_varying_components,
                                              .deny = deny};
   return glsl_compile_shader_limits(stage, api, &limits, source, info_log);
}

/* ── uniform initializers ──────────────────────────────────────────────────────────────────── */

/* Whether preprocessed GLSL declares a uniform with an initializer ("uniform float x = 2.0;"):
 * an '=' outside parentheses in a global statement that contains the word `uniform`. */
static bool
has_uniform_initializer(const char *p)
{
   int braces = 0, parens = 0;
   bool uniform = false;
   for (; p && *p; p++) {
      char c = *p;
      if (is_ident(c)) {
         const char *b = p;
         while (is_ident(p[1]))
            p++;
         if (braces == 0 && p - b + 1 == 7 && !strncmp(b, "uniform", 7))
            uniform = true;
      } else if (c == '#') {
         while (p[1] && p[1] != '\n')
            p++;
      } else if (c == '{') {
         braces++;
      } else if (c == '}') {
         if (braces)
            braces--;
         if (braces == 0)
            uniform = false;
      } else if (c == '(') {
         parens++;
      } else if (c == ')') {
         if (parens)
            parens--;
      } else if (c == ';' && braces == 0) {
         uniform = false;
         parens = 0;
      } else if (c == '=' && braces == 0 && parens == 0 && uniform) {
         return true;
      }
   }
   return false;
}

/* Relaxed Vulkan rules drop uniform initializers when they move loose uniforms into
 * gl_DefaultUniformBlock. OpenGL SPIR-V keeps them (as OpVariable initializers), so the stage's
 * lowered units are compiled a second time for that target, as GLSL 3.30 core (the oldest version
 * glslang accepts for OpenGL SPIR-V; what 1.20-1.50 shaders use compiles as 3.30 in practice), or
 * as the unit's own later version.
 * NULL if that fails; the caller then warns that the initializers were ignored. */
static uint32_t *
gl_target_words(enum glsl_stage stage, char *const *texts, unsigned num_texts,
                const glslang_resource_t *res, size_t *num_words)
{
   /* The C interface ignores force_default_version_and_profile when parsing: rewrite the
    * directive instead (line numbers do not matter here, no message from this compile is shown).
    * Every lowered text starts with its #version line. glslang reads the text only while it
    * preprocesses and parses, so one buffer serves every unit in turn. */
   glslang_input_t in;
   uint32_t *words = NULL;
   glslang_program_t *prog = glslang_program_create();
   glslang_shader_t **sh = calloc(num_texts ? num_texts : 1, sizeof(*sh));
   char *src330 = NULL;
   bool ok = prog && sh;
   for (unsigned k = 0; k < num_texts && ok; k++) {
      const char *eol = strchr(texts[k], '\n');
      free(src330);
      src330 = malloc(32 + (eol ? strlen(eol) : 0) + 1);
      if (!src330 || !eol) {
         ok = false;
         break;
      }
      /* a unit of a later version keeps it (GLSL 4.00's implicit conversions in an
       * initializer; int64_t, which glslang takes from 4.00 on, the unit compiling as 4.50) */
      const long v = !strncmp(texts[k], "#version ", 9) ? strtol(texts[k] + 9, NULL, 10) : 0;
      snprintf(src330, 32, "#version %ld core", v > 330 && v <= 460 ? v : 330L);
      strcat(src330, eol);
      input_for(&in, stage, src330, res);
      in.client = GLSLANG_CLIENT_OPENGL;
      in.client_version = GLSLANG_TARGET_OPENGL_450;
      in.target_language_version = GLSLANG_TARGET_SPV_1_0;
      in.messages = GLSLANG_MSG_SPV_RULES_BIT | GLSLANG_MSG_SUPPRESS_WARNINGS_BIT;
      sh[k] = glslang_shader_create(&in);
      if (!sh[k]) {
         ok = false;
         break;
      }
      glslang_shader_set_options(sh[k], GLSLANG_SHADER_AUTO_MAP_BINDINGS |
                                           GLSLANG_SHADER_AUTO_MAP_LOCATIONS);
      ok = glslang_shader_preprocess(sh[k], &in) && glslang_shader_parse(sh[k], &in);
      if (ok)
         glslang_program_add_shader(prog, sh[k]);
   }
   if (ok && num_texts &&
       glslang_program_link(prog, GLSLANG_MSG_SPV_RULES_BIT | GLSLANG_MSG_SUPPRESS_WARNINGS_BIT)) {
      glslang_program_SPIRV_generate(prog, glslang_stage_of(stage));
      *num_words = glslang_program_SPIRV_get_size(prog);
      if (*num_words && (words = malloc(*num_words * sizeof(uint32_t))))
         memcpy(words, glslang_program_SPIRV_get_ptr(prog), *num_words * sizeof(uint32_t));
   }
   if (prog)
      glslang_program_delete(prog);
   for (unsigned k = 0; sh && k < num_texts; k++)
      if (sh[k])
         glslang_shader_delete(sh[k]);
   free(sh);
   free(src330);
   return words;
}

/* The SPIR-V of stage in a linked program (the optimizer off), malloc'd, *num_words its count;
 * NULL where there is none or no memory. */
static uint32_t *
linked_words(glslang_program_t *prog, enum glsl_stage stage, size_t *num_words)
{
   glslang_spv_options_t opts = {.disable_optimizer = true};
   glslang_program_SPIRV_generate_with_options(prog, glslang_stage_of(stage), &opts);
   const size_t n = glslang_program_SPIRV_get_size(prog);
   uint32_t *words = n ? malloc(n * sizeof(uint32_t)) : NULL;
   if (words) {
      memcpy(words, glslang_program_SPIRV_get_ptr(prog), n * sizeof(uint32_t));
      *num_words = n;
   }
   return words;
}

/* An internal shader mgl writes itself (glsl_passthrough.c): one unit, compiled and linked
 * with the programs' targets and rules, no lowering. NULL when glslang refuses it. */
uint32_t *
glsl_compile_internal(enum glsl_stage stage, const char *source, size_t *num_words)
{
   *num_words = 0;
   if (!glsl_init())
      return NULL;
   glslang_input_t in;
   input_for(&in, stage, source, NULL);
   uint32_t *words = NULL;
   glslang_shader_t *sh = glslang_shader_create(&in);
   glslang_program_t *prog = glslang_program_create();
   if (sh && prog && glslang_shader_preprocess(sh, &in) && glslang_shader_parse(sh, &in)) {
      glslang_program_add_shader(prog, sh);
      if (glslang_program_link(prog, spv_messages))
         words = linked_words(prog, stage, num_words);
   }
   if (prog)
      glslang_program_delete(prog);
   if (sh)
      glslang_shader_delete(sh);
   return words;
}

/* ── link ──────────────────────────────────────────────────────────────────────────────────── */

/* glslang's program log, less the "Linked <stage> stage:" headers and the
 * warning about blocks matched under different instance names (GL matches blocks by block name;
 * the instance name is local to each shader). */
static void
append_link_log(struct glsl_str *log, const char *text)
{
   bool skipping = false;
   for (const char *line = text; line && *line;) {
      const char *eol = strchr(line, '\n');
      size_t len = eol ? (size_t)(eol - line) : strlen(line);
      if (!strncmp(line, "WARNING: Linking ", 17)) {
         const char *w = strstr(line, "using different instance names");
         skipping = w && w < line + len;
      } else if (strncmp(line, "    ", 4)) {
         skipping = false;
      }
      if (len && strncmp(line, "Linked ", 7) && !skipping) {
         append_demangled(log, line, len);
         glsl_str_append(log, "\n");
      }
      line = eol ? eol + 1 : NULL;
   }
}

/* The units of one stage: the app's shader objects, then the support unit (if any). */
struct stage_units {
   unsigned num;            /* app objects */
   struct glsl_unit *units; /* [num] */
   char **texts;            /* [num + 1]: units[k].text, then the support unit's text */
   unsigned num_texts;
   glslang_shader_t **shaders; /* [num + 1] */
   uint32_t depth_mode;        /* fragment: the execution mode of gl_FragDepth's layout, or 0 */
};

/* glslang's relaxed rules merge the stages' atomic counter blocks (gl_AtomicCounterBlock_N)
 * when the program links, the first stage's members winning: a counter that a later stage
 * declares at another offset would pass unseen (GLSL 4.20 4.4.4.6 makes that a link error). A
 * stage that declares counters is therefore also linked alone; its words are the definitions
 * glsl_link_atomic.c compares. NULL when that fails (the caller reports it). */
static uint32_t *
alone_words(enum glsl_stage stage, const struct stage_units *su, const glslang_resource_t *res,
            size_t *num_words)
{
   *num_words = 0;
   uint32_t *words = NULL;
   struct glsl_str scratch = {0}; /* the texts compiled above: nothing new to say */
   glslang_program_t *prog = glslang_program_create();
   glslang_shader_t **sh = calloc(su->num_texts ? su->num_texts : 1, sizeof(*sh));
   bool ok = prog && sh && su->num_texts;
   for (unsigned k = 0; k < su->num_texts && ok; k++) {
      sh[k] = parse_text(stage, su->texts[k], res, &scratch, &ok);
      if (ok)
         glslang_program_add_shader(prog, sh[k]);
   }
   if (ok && glslang_program_link(prog, spv_messages))
      words = linked_words(prog, stage, num_words);
   if (prog)
      glslang_program_delete(prog);
   for (unsigned k = 0; sh && k < su->num_texts; k++)
      if (sh[k])
         glslang_shader_delete(sh[k]);
   free(sh);
   free(scratch.s);
   return words;
}

/* ARB_separate_shader_objects: "To use any built-in input or output in the gl_PerVertex ...
 * blocks in separable program objects, shader code must redeclare those blocks prior to use"
 * (GLSL 1.50 on: 1.40 has no blocks, issue 28). Checked, as Mesa does, where a member passes
 * between two stages of one separable program: the producer writes it and the consumer reads it
 * from gl_in[], and one of them has not redeclared its block. False (the error in log) then. */
static bool
check_separable_pervertex(const struct stage_units *units, unsigned present, struct glsl_str *log)
{
   static const char *const members[4] = {"gl_Position", "gl_PointSize", "gl_ClipDistance",
                                          "gl_CullDistance"};
   static const unsigned order[] = {GLSL_STAGE_VERTEX, GLSL_STAGE_TESS_CTRL, GLSL_STAGE_TESS_EVAL,
                                    GLSL_STAGE_GEOMETRY};
   int producer = -1;
   for (unsigned o = 0; o < sizeof(order) / sizeof(order[0]); o++) {
      const unsigned c = order[o];
      if (!(present & GLSL_STAGE_BIT(c)))
         continue;
      if (producer >= 0) {
         const struct stage_units *p = &units[producer], *q = &units[c];
         unsigned out_uses = 0, in_uses = 0;
         bool out_redeclared = false, in_redeclared = false, blocks = false;
         for (unsigned k = 0; k < p->num; k++) {
            out_uses |= p->units[k].pervertex_out_uses;
            out_redeclared |= p->units[k].pervertex_out_redeclared;
            blocks |= p->units[k].version >= 150;
         }
         for (unsigned k = 0; k < q->num; k++) {
            in_uses |= q->units[k].pervertex_in_uses;
            in_redeclared |= q->units[k].pervertex_in_redeclared;
            blocks |= q->units[k].version >= 150;
         }
         const unsigned both = out_uses & in_uses;
         if (blocks && both && (!out_redeclared || !in_redeclared)) {
            unsigned m = 0;
            while (!(both & (1u << m)))
               m++;
            glsl_str_printf(
               log,
               "error: separable program: %s passes from the %s shader to the %s "
               "shader, and the %s shader does not redeclare gl_PerVertex\n",
               members[m], glsl_stage_name((enum glsl_stage)producer),
               glsl_stage_name((enum glsl_stage)c),
               glsl_stage_name(!out_redeclared ? (enum glsl_stage)producer : (enum glsl_stage)c));
            return false;
         }
      }
      producer = (int)c;
   }
   return true;
}

static void
stage_units_finish(struct stage_units *su)
{
   for (unsigned k = 0; su->units && k < su->num; k++)
      glsl_unit_finish(&su->units[k]);
   if (su->texts && su->num_texts > su->num)
      free(su->texts[su->num]);
   for (unsigned k = 0; su->shaders && k <= su->num; k++)
      if (su->shaders[k])
         glslang_shader_delete(su->shaders[k]);
   free(su->units);
   free(su->texts);
   free(su->shaders);
   memset(su, 0, sizeof(*su));
}

/* GLSL 1.50, 4.3.8.1: "If gl_FragCoord is redeclared in any fragment shader in a program, it
 * must be redeclared in all the fragment shaders in that program that have a static use
 * gl_FragCoord. All redeclarations of gl_FragCoord in all fragment shaders in a single program
 * must have the same set of qualifiers." Returns the program's layout (-1: not redeclared). */
static int
link_frag_coord(const struct stage_units *su, struct glsl_str *log, bool *ok)
{
   int layout = -1;
   for (unsigned k = 0; k < su->num; k++) {
      int l = su->units[k].frag_coord_layout;
      if (l < 0)
         continue;
      if (layout >= 0 && l != layout) {
         glsl_str_append(log, "error: fragment shaders redeclare gl_FragCoord with different "
                              "layout qualifiers\n");
         *ok = false;
      }
      layout = l;
   }
   for (unsigned k = 0; k < su->num && layout >= 0; k++) {
      if (su->units[k].frag_coord_used && su->units[k].frag_coord_layout < 0) {
         glsl_str_append(log, "error: gl_FragCoord is redeclared in a fragment shader but used "
                              "without its redeclaration in another one\n");
         *ok = false;
         break;
      }
   }
   return layout;
}

/* GL_ARB_conservative_depth (GLSL 4.20 4.4.2.3): "All redeclarations of gl_FragDepth in all
 * fragment shaders in a single program must have the same set of qualifiers." Returns the
 * program's depth layout as a SPIR-V execution mode (0: none, depth_any's). */
static uint32_t
link_frag_depth(const struct stage_units *su, struct glsl_str *log, bool *ok)
{
   int layout = -1;
   for (unsigned k = 0; k < su->num; k++) {
      const int l = su->units[k].frag_depth_layout;
      if (l < 0)
         continue;
      if (layout >= 0 && l != layout) {
         glsl_str_append(log, "error: fragment shaders redeclare gl_FragDepth with different "
                              "depth layouts\n");
         *ok = false;
      }
      layout = l;
   }
   /* "If gl_FragDepth is redeclared in any fragment shader in a program, it must be redeclared
    * in all fragment shaders in that program that have static assignments to gl_FragDepth" (a
    * plain redeclaration changes nothing: as Mesa, it asks for no layout) */
   for (unsigned k = 0; k < su->num && layout >= 0 && layout != GLSL_FRAGDEPTH_NONE; k++) {
      if (su->units[k].frag_depth_used && su->units[k].frag_depth_layout != layout) {
         glsl_str_append(log, "error: gl_FragDepth is redeclared with a depth layout in a "
                              "fragment shader but used without it in another one\n");
         *ok = false;
         break;
      }
   }
   switch (layout) {
   case GLSL_FRAGDEPTH_GREATER: return SpvExecutionModeDepthGreater;
   case GLSL_FRAGDEPTH_LESS: return SpvExecutionModeDepthLess;
   case GLSL_FRAGDEPTH_UNCHANGED: return SpvExecutionModeDepthUnchanged;
   default: return 0;
   }
}

/* An OpExecutionMode `mode` of the module's entry point, after its OpEntryPoint. False when out
 * of memory. */
static bool
add_execution_mode(struct glsl_stage_words *sw, uint32_t mode)
{
   const uint32_t *w = sw->words;
   for (size_t at = 5; at < sw->num_words;) {
      const uint32_t len = w[at] >> 16, op = w[at] & 0xffff;
      if (!len || len > sw->num_words - at)
         return true;
      if (op == SpvOpEntryPoint && len >= 3) {
         uint32_t *nw = malloc((sw->num_words + 3) * sizeof(*nw));
         if (!nw)
            return false;
         const size_t head = at + len;
         memcpy(nw, w, head * sizeof(*nw));
         nw[head] = (3u << 16) | SpvOpExecutionMode;
         nw[head + 1] = w[at + 2];
         nw[head + 2] = mode;
         memcpy(nw + head + 3, w + head, (sw->num_words - head) * sizeof(*nw));
         free(sw->words);
         sw->words = nw;
         sw->num_words += 3;
         return true;
      }
      if (op == SpvOpFunction)
         return true;
      at += len;
   }
   return true;
}

/* GLSL 1.50, 4.3.8.1: a geometry shader's input layout, declared in one of its shader objects,
 * is the program's, and sizes the unsized input arrays of every object. glslang sizes those per
 * compilation unit (an object without the layout sizes them by its highest constant index, and
 * its linker then finds "not all array sizes match"), so each object that declares no input
 * primitive gets the one another object declares, at the end of its prologue (line numbers
 * keep; constant indices past the primitive's size fail as in the declaring object).
 * Different primitives in two objects stay for glslang's linker to refuse. */
static void
share_gs_input_layout(struct stage_units *su, bool *prepared, struct glsl_str *logs)
{
   static const char *const by_size[7] = {
      NULL, "points", "lines", "triangles", "lines_adjacency", NULL, "triangles_adjacency"};
   int size = 0;
   for (unsigned k = 0; k < su->num && !size; k++)
      if (prepared[k])
         size = su->units[k].gs_input_size;
   if (size <= 0 || size > 6 || !by_size[size])
      return;
   for (unsigned k = 0; k < su->num; k++) {
      struct glsl_unit *u = &su->units[k];
      if (!prepared[k] || u->gs_input_size)
         continue;
      /* the layout then sizes the arrays before any use, which glslang checks indices against */
      char line[48];
      snprintf(line, sizeof line, "layout(%s) in;", by_size[size]);
      if (!prologue_insert(u, line, &logs[k])) {
         prepared[k] = !strstr(u->text, "\n#line "); /* out of memory: the unit fails */
         continue;
      }
      u->gs_input_size = size;
   }
}

/* Compiles the objects of one stage and its support unit and adds them to gprog. False when one
 * does not compile (the reasons are in log). */
static bool
compile_stage(enum glsl_stage s, const struct glsl_link_input *input, uint64_t compat_provided,
              const glslang_resource_t *res, struct stage_units *su, glslang_program_t *gprog,
              struct glsl_str *log)
{
   const char *const *objects = input->objects[s];
   unsigned num = input->num_objects[s];
   if (!num) {
      objects = &input->source[s];
      num = 1;
   }
   su->num = num;
   su->units = calloc(num, sizeof(*su->units));
   su->texts = calloc(num + 1, sizeof(*su->texts));
   su->shaders = calloc(num + 1, sizeof(*su->shaders));
   if (!su->units || !su->texts || !su->shaders) {
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   bool compiled = true;
   uint64_t helpers = 0;
   bool point_coord = false, primitive_id = false;
   /* the fixed-function point size is written by the last vertex stage: the geometry shader,
    * else the tessellation evaluation shader, else the vertex shader */
   const bool has_gs =
      input->num_objects[GLSL_STAGE_GEOMETRY] || input->source[GLSL_STAGE_GEOMETRY];
   const bool has_tes =
      input->num_objects[GLSL_STAGE_TESS_EVAL] || input->source[GLSL_STAGE_TESS_EVAL];
   const bool point_size = s == GLSL_STAGE_GEOMETRY || (s == GLSL_STAGE_TESS_EVAL && !has_gs) ||
                           (s == GLSL_STAGE_VERTEX && !has_gs && !has_tes);
   /* glTransformFeedbackVaryings captures gl_PointSize: the stage keeps the size it wrote */
   bool xfb_point_size = false;
   for (unsigned i = 0; point_size && i < input->num_xfb_varyings; i++)
      xfb_point_size |= input->xfb_varyings[i] && !strcmp(input->xfb_varyings[i], "gl_PointSize");
   bool *prepared = calloc(num, sizeof(*prepared));
   struct glsl_str *slogs = calloc(num, sizeof(*slogs));
   if (!prepared || !slogs) {
      free(prepared);
      free(slogs);
      glsl_str_append(log, "error: out of memory\n");
      return false;
   }
   /* a stage whose built-in varyings the next reads through gl_in[] (a geometry or
    * tessellation shader) */
   if (((s == GLSL_STAGE_VERTEX && (has_gs || has_tes)) || (s == GLSL_STAGE_TESS_EVAL && has_gs)) &&
       input->compat)
      compat_provided = glsl_compat_gs_follows();
   for (unsigned k = 0; k < num; k++)
      prepared[k] = prepare_unit(s, glsl_input_api(input), input->deny, compat_provided, point_size,
                                 xfb_point_size, objects[k], &su->units[k], &slogs[k]);
   if (s == GLSL_STAGE_GEOMETRY && num > 1)
      share_gs_input_layout(su, prepared, slogs);
   share_implicit_sizes(su->units, num, prepared, slogs);
   if (s == GLSL_STAGE_TESS_CTRL && num > 1) {
      int vertices = 0;
      for (unsigned k = 0; k < num && !vertices; k++)
         if (prepared[k])
            vertices = su->units[k].tcs_vertices;
      for (unsigned k = 0; k < num; k++)
         give_tcs_vertices(&su->units[k], vertices, &prepared[k], &slogs[k]);
   }
   for (unsigned k = 0; k < num; k++) {
      if (!prepared[k] || !su->units[k].storage_unsized_not_last)
         continue;
      /* GLSL 4.30 4.1.9: only a storage block's last member may be an unsized array (Mesa
       * refuses the program at link) */
      glsl_str_printf(log,
                      "error: the %s shader: a shader storage block's unsized array is not "
                      "its last member\n",
                      glsl_stage_name(s));
      for (unsigned j = 0; j < num; j++)
         free(slogs[j].s);
      free(slogs);
      free(prepared);
      return false;
   }
   if (s == GLSL_STAGE_COMPUTE) {
      /* ARB_compute_shader, GLSL 4.30 4.4.1.4: "if a program object contains any compute
       * shaders, at least one must contain an input layout qualifier specifying the local work
       * sizes of the program, or a link-time error will occur" (glslang takes 1x1x1) */
      bool named = false;
      for (unsigned k = 0; k < num; k++)
         named |= prepared[k] && su->units[k].local_size_named;
      bool all = true;
      for (unsigned k = 0; k < num; k++)
         all &= prepared[k];
      if (all && !named) {
         glsl_str_append(log, "error: no compute shader of the program declares its local size "
                              "(layout(local_size_x = ...) in)\n");
         for (unsigned k = 0; k < num; k++)
            free(slogs[k].s);
         free(slogs);
         free(prepared);
         return false;
      }
   }
   if (s == GLSL_STAGE_VERTEX && input->compat) {
      /* GLSL 1.30 §7.1: "It is an error for a shader to statically write both gl_ClipVertex
       * and gl_ClipDistance" (a link error, as Mesa gives it, since the writes may sit in
       * different shader objects) */
      bool vertex = false, distance = false;
      for (unsigned k = 0; k < num; k++) {
         vertex |= prepared[k] && glsl_compat_writes_clip_vertex(su->units[k].compat_need);
         distance |= prepared[k] && su->units[k].clip_distance;
      }
      /* (before a geometry or tessellation shader gl_ClipVertex is an output that stage reads
       * through gl_in[]; the last vertex stage's clips) */
      if (vertex && distance) {
         glsl_str_append(log, "error: the vertex shader writes both gl_ClipVertex and "
                              "gl_ClipDistance\n");
         for (unsigned k = 0; k < num; k++)
            free(slogs[k].s);
         free(slogs);
         free(prepared);
         return false;
      }
   }
   for (unsigned k = 0; k < num; k++) {
      struct glsl_str slog = slogs[k];
      const size_t parsed_from = slog.len;
      bool sok = false;
      if (prepared[k])
         su->shaders[k] = parse_text(s, su->units[k].text, res, &slog, &sok);
      if (!sok) {
         /* a compile whose only errors were overlaps passed (glsl_compile_shader_limits) */
         const bool overlaps =
            prepared[k] && su->shaders[k] && glsl_input_api(input) != GLSL_API_ES &&
            slog.len > parsed_from &&
            fails_only_on_overlaps(s, su->units[k].text, res, slog.s + parsed_from);
         glsl_str_printf(log, "error: %s shader %s\n%s", glsl_stage_name(s),
                         overlaps ? "has overlapping locations (GLSL 4.60 4.4.1)"
                                  : "failed to compile",
                         slog.s ? slog.s : "");
         compiled = false;
      }
      free(slog.s);
      su->texts[k] = su->units[k].text;
      helpers |= su->units[k].helpers;
      point_coord |= su->units[k].point_coord_used;
      primitive_id |= su->units[k].primitive_id_used;
   }
   free(prepared);
   free(slogs);
   su->num_texts = num;
   if (!compiled)
      return false;

   int frag_coord = s == GLSL_STAGE_FRAGMENT ? link_frag_coord(su, log, &compiled) : -1;
   if (s == GLSL_STAGE_FRAGMENT)
      su->depth_mode = link_frag_depth(su, log, &compiled);
   if (!compiled)
      return false;
   char *support = glsl_support_unit(s, helpers, frag_coord, point_coord, primitive_id);
   if (support) {
      struct glsl_str slog = {0};
      bool sok;
      su->texts[num] = support;
      su->num_texts = num + 1;
      su->shaders[num] = parse_text(s, support, res, &slog, &sok);
      if (!sok) {
         glsl_str_printf(log,
                         "error: internal error: the %s shader's built-in functions do not "
                         "compile\n%s",
                         glsl_stage_name(s), slog.s ? slog.s : "");
         compiled = false;
      }
      free(slog.s);
   }
   for (unsigned k = 0; k < su->num_texts && compiled; k++)
      glslang_program_add_shader(gprog, su->shaders[k]);
   return compiled;
}

struct glsl_program *
glsl_link(const struct glsl_link_input *input, char **info_log)
{
   struct glsl_str log = {0};
   struct glsl_program *prog = NULL;
   struct stage_units units[GLSL_STAGE_COUNT] = {{0}};
   glslang_program_t *gprog = NULL;
   struct glsl_stage_words words[GLSL_STAGE_COUNT] = {{0}};
   struct glsl_stage_words init_words[GLSL_STAGE_COUNT] = {{0}};
   struct glsl_stage_words atomic_words[GLSL_STAGE_COUNT] = {{0}};
   struct glsl_decl_stage decl[GLSL_STAGE_COUNT] = {{0}};
   glslang_resource_t res;
   bool ok = false;

   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++)
      if (input->spirv[s]) {
         struct glsl_program *prog = NULL;
         if (glsl_link_gl_spirv(input, &prog, info_log))
            return prog;
         glsl_program_destroy(prog);
         return NULL;
      }
   if (!glsl_init()) {
      glsl_str_append(&log, "error: glslang failed to initialize\n");
      goto done;
   }
   resources_for(glsl_varying_components(input), input->stage_io, &res);
   unsigned present = 0;
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++)
      if (input->num_objects[s] || input->source[s])
         present |= GLSL_STAGE_BIT(s);
   if (!present) {
      glsl_str_append(&log, "error: program has no shaders attached\n");
      goto done;
   }
   /* GL 4.3, 7.3: a compute shader is linked alone. */
   if ((present & GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE)) &&
       (present & ~GLSL_STAGE_BIT(GLSL_STAGE_COMPUTE))) {
      glsl_str_append(&log, "error: a compute shader cannot be linked with other stages\n");
      goto done;
   }
   /* GL 3.3, 2.11.3: a geometry shader without a vertex shader fails the link. */
   if ((present & GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY)) && !input->separable &&
       !(present & GLSL_STAGE_BIT(GLSL_STAGE_VERTEX))) {
      glsl_str_append(&log, "error: a geometry shader requires a vertex shader in the program\n");
      goto done;
   }
   /* GL 4.6, 7.3: so does a tessellation shader, unless the program is separable. */
   if ((present & (GLSL_STAGE_BIT(GLSL_STAGE_TESS_CTRL) | GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL))) &&
       !input->separable && !(present & GLSL_STAGE_BIT(GLSL_STAGE_VERTEX))) {
      glsl_str_append(&log,
                      "error: a tessellation shader requires a vertex shader in the program\n");
      goto done;
   }

   gprog = glslang_program_create();
   if (!gprog) {
      glsl_str_append(&log, "error: out of memory\n");
      goto done;
   }
   bool compiled = true;
   /* a compatibility program's geometry stage is compiled before the fragment stage, which
    * learns from it which built-in varyings it writes */
   static const unsigned compat_order[GLSL_STAGE_COUNT] = {
      GLSL_STAGE_VERTEX,    GLSL_STAGE_GEOMETRY,  GLSL_STAGE_FRAGMENT,
      GLSL_STAGE_TESS_CTRL, GLSL_STAGE_TESS_EVAL, GLSL_STAGE_COMPUTE};
   for (unsigned i = 0; i < GLSL_STAGE_COUNT; i++) {
      const unsigned s = input->compat ? compat_order[i] : i;
      if (!(present & GLSL_STAGE_BIT(s)))
         continue;
      struct stage_units *su = &units[s];
      /* The built-in varyings the vertex or geometry stage writes (compiled first), for a
       * fragment stage it feeds directly. */
      uint64_t provided = ~0ull;
      const unsigned feeder =
         (present & GLSL_STAGE_BIT(GLSL_STAGE_GEOMETRY)) ? GLSL_STAGE_GEOMETRY : GLSL_STAGE_VERTEX;
      if (s == GLSL_STAGE_FRAGMENT && input->compat && (present & GLSL_STAGE_BIT(feeder)) &&
          !(present &
            (GLSL_STAGE_BIT(GLSL_STAGE_TESS_CTRL) | GLSL_STAGE_BIT(GLSL_STAGE_TESS_EVAL)))) {
         provided = 0;
         for (unsigned k = 0; k < units[feeder].num; k++)
            provided |= units[feeder].units[k].compat_need;
      }
      if (!compile_stage((enum glsl_stage)s, input, provided, &res, su, gprog, &log)) {
         compiled = false;
         continue;
      }
      bool initializers = false;
      for (unsigned k = 0; k < su->num; k++)
         initializers |=
            has_uniform_initializer(glslang_shader_get_preprocessed_code(su->shaders[k]));
      if (initializers) {
         init_words[s].words = gl_target_words((enum glsl_stage)s, su->texts, su->num_texts, &res,
                                               &init_words[s].num_words);
         if (!init_words[s].words)
            glsl_str_printf(&log,
                            "warning: %s shader: uniform initializers are not "
                            "supported for this shader and were ignored\n",
                            glsl_stage_name(s));
      }
   }
   if (!compiled)
      goto done;
   if (input->separable && !input->es && !check_separable_pervertex(units, present, &log))
      goto done;
   if (input->es) {
      /* GLSL ES 3.00 §1.5 (and ES 2.0's linker): every shader of a program has one version. */
      int first = 0;
      for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
         for (unsigned k = 0; (present & GLSL_STAGE_BIT(s)) && k < units[s].num; k++) {
            int v = units[s].units[k].version;
            if (!first)
               first = v;
            else if (v != first && compiled) {
               glsl_str_printf(&log,
                               "error: linking GLSL ES %d.%02d with GLSL ES %d.%02d: the "
                               "shaders of a program must have the same version\n",
                               first / 100, first % 100, v / 100, v % 100);
               compiled = false;
            }
         }
      }
      if (!compiled)
         goto done;
   }

   unsigned counting = 0; /* the stages whose text names atomic_uint */
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++)
      for (unsigned k = 0; k < units[s].num_texts; k++)
         if (strstr(units[s].texts[k], "atomic_uint")) {
            counting |= GLSL_STAGE_BIT(s);
            break;
         }
   for (unsigned s = 0; s < GLSL_STAGE_COUNT && (counting & (counting - 1)); s++) {
      if (!(counting & GLSL_STAGE_BIT(s)))
         continue;
      atomic_words[s].words =
         alone_words((enum glsl_stage)s, &units[s], &res, &atomic_words[s].num_words);
      if (!atomic_words[s].words) {
         glsl_str_printf(&log, "error: internal error: the %s shader does not link alone\n",
                         glsl_stage_name((enum glsl_stage)s));
         goto done;
      }
   }

   if (!glslang_program_link(gprog, spv_messages)) {
      append_link_log(&log, glslang_program_get_info_log(gprog));
      if (!log.len)
         glsl_str_append(&log, "error: link failed\n");
      goto done;
   }
   append_link_log(&log, glslang_program_get_info_log(gprog));

   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      const struct stage_units *su = &units[s];
      if (!(present & GLSL_STAGE_BIT(s)) || !su->num_texts)
         continue;
      if (!(decl[s].units = calloc(su->num_texts, sizeof(*decl[s].units)))) {
         glsl_str_append(&log, "error: out of memory\n");
         goto done;
      }
      for (unsigned k = 0; k < su->num_texts; k++, decl[s].num_units++) {
         if (!glsl_decls_scan(&decl[s].units[k],
                              glslang_shader_get_preprocessed_code(su->shaders[k]))) {
            decl[s].num_units++;
            glsl_str_append(&log, "error: out of memory\n");
            goto done;
         }
      }
   }

   size_t taken = 0;
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      if (!(present & GLSL_STAGE_BIT(s)))
         continue;
      glslang_spv_options_t opts = {
         .generate_debug_info = false,
         .strip_debug_info = false, /* OpName/OpMemberName carry the GL names */
         .disable_optimizer = true,
         .optimize_size = false,
         .disassemble = false,
         .validate = false,
      };
      glslang_program_SPIRV_generate_with_options(gprog, glslang_stage_of(s), &opts);
      const char *msgs = glslang_program_SPIRV_get_messages(gprog);
      if (msgs && *msgs)
         append_glslang_log(&log, msgs);
      /* glslang 12 appends each stage's words to the previous ones: take only the new ones. */
      size_t total = glslang_program_SPIRV_get_size(gprog);
      if (total <= taken) {
         glsl_str_printf(&log, "error: no SPIR-V generated for the %s shader\n",
                         glsl_stage_name(s));
         goto done;
      }
      words[s].num_words = total - taken;
      words[s].words = malloc(words[s].num_words * sizeof(uint32_t));
      if (!words[s].words) {
         glsl_str_append(&log, "error: out of memory\n");
         goto done;
      }
      memcpy(words[s].words, glslang_program_SPIRV_get_ptr(gprog) + taken,
             words[s].num_words * sizeof(uint32_t));
      taken = total;
      /* the depth layout the lowering took out of the text (glsl_lower.c) */
      if (units[s].depth_mode && !add_execution_mode(&words[s], units[s].depth_mode)) {
         glsl_str_append(&log, "error: out of memory\n");
         goto done;
      }
      /* what glCompileShader could not check: objects without main (check_unit) */
      if (!check_words((enum glsl_stage)s, words[s].words, words[s].num_words, input->deny, true,
                       &log))
         goto done;
   }

   prog = calloc(1, sizeof(*prog));
   if (!prog) {
      glsl_str_append(&log, "error: out of memory\n");
      goto done;
   }
   prog->stages = present;
   for (unsigned k = 0; k < units[GLSL_STAGE_FRAGMENT].num; k++) {
      prog->alpha_tested |= units[GLSL_STAGE_FRAGMENT].units[k].alpha_tested;
      prog->blend_support |= units[GLSL_STAGE_FRAGMENT].units[k].blend_support;
   }
   /* subroutines (glsl_subroutine.c): indices are given per unit, so one unit a stage */
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      for (unsigned k = 0; k < units[s].num; k++) {
         struct glsl_subroutine_stage *us = &units[s].units[k].subroutines;
         if (!us->num_types)
            continue;
         if (prog->subroutines[s].num_types) {
            glsl_str_printf(&log,
                            "error: %s shader: subroutines in more than one shader object of "
                            "a stage are not supported (mgl)\n",
                            glsl_stage_name((enum glsl_stage)s));
            goto done;
         }
         prog->subroutines[s] = *us;
         memset(us, 0, sizeof(*us));
      }
   }
   {
      struct glsl_taken taken[GLSL_STAGE_COUNT] = {{0}};
      struct glsl_binding *lists[GLSL_STAGE_COUNT] = {0};
      bool oom = false;
      for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
         const struct stage_units *su = &units[s];
         unsigned n = 0;
         for (unsigned k = 0; k < su->num; k++)
            n += su->units[k].num_taken;
         if (!n)
            continue;
         if (!(lists[s] = calloc(n, sizeof(*lists[s])))) {
            oom = true;
            break;
         }
         for (unsigned k = 0; k < su->num; k++)
            for (unsigned j = 0; j < su->units[k].num_taken; j++)
               lists[s][taken[s].n++] = su->units[k].taken[j];
         taken[s].v = lists[s];
      }
      const struct stage_units *vu = &units[GLSL_STAGE_VERTEX];
      uint32_t link_flags = 0;
      if (vu->num && vu->units[0].es && vu->units[0].version >= 300)
         link_flags |= GLSL_LINK_VS_ESSL3;
      /* the program's language version: its units' highest */
      int max_version = 0;
      bool es_units = false;
      for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++)
         for (unsigned k = 0; k < units[s].num; k++) {
            if (units[s].units[k].version > max_version)
               max_version = units[s].units[k].version;
            es_units |= units[s].units[k].es;
         }
      if (max_version >= (es_units ? 300 : 420))
         link_flags |= GLSL_LINK_INVARIANT_OUTPUTS;
      if (oom)
         glsl_str_append(&log, "error: out of memory\n");
      else
         ok = glsl_link_spirv(input, words, init_words, atomic_words, decl, taken, link_flags, prog,
                              &log);
      for (unsigned s = 0; ok && s < GLSL_STAGE_COUNT; s++)
         ok =
            glsl_subroutine_link(&prog->subroutines[s], glsl_stage_name((enum glsl_stage)s), &log);
      for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
         free(lists[s]);
         lists[s] = NULL;
      }
      /* explicit uniform locations, every unit's */
      struct glsl_taken ulocs[GLSL_STAGE_COUNT] = {{0}};
      for (unsigned s = 0; ok && s < GLSL_STAGE_COUNT; s++) {
         const struct stage_units *su = &units[s];
         unsigned n = 0;
         for (unsigned k = 0; k < su->num; k++)
            n += su->units[k].num_uniform_locs;
         if (n && !(lists[s] = calloc(n, sizeof(*lists[s])))) {
            glsl_str_append(&log, "error: out of memory\n");
            ok = false;
            break;
         }
         for (unsigned k = 0; k < su->num; k++)
            for (unsigned j = 0; j < su->units[k].num_uniform_locs; j++)
               lists[s][ulocs[s].n++] = su->units[k].uniform_locs[j];
         ulocs[s].v = lists[s];
      }
      ok = ok && glsl_link_uniform_locations(prog, ulocs, &log);
      for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
         free(lists[s]);
         lists[s] = NULL;
      }
   }

done:
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      for (unsigned k = 0; k < decl[s].num_units; k++)
         glsl_decls_finish(&decl[s].units[k]);
      free(decl[s].units);
   }
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++) {
      free(words[s].words);
      free(init_words[s].words);
      free(atomic_words[s].words);
   }
   if (gprog)
      glslang_program_delete(gprog);
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++)
      stage_units_finish(&units[s]);
   if (!ok) {
      glsl_program_destroy(prog);
      prog = NULL;
      if (!log.len)
         glsl_str_append(&log, "error: link failed\n");
   }
   set_log(info_log, &log);
   return prog;
}

/* ── program ───────────────────────────────────────────────────────────────────────────────── */

void
glsl_program_destroy(struct glsl_program *prog)
{
   if (!prog)
      return;
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++)
      free(prog->spirv[s].words);
   for (unsigned i = 0; i < prog->default_block.num_uniforms; i++)
      free(prog->default_block.uniforms[i].name);
   free(prog->default_block.uniforms);
   for (unsigned i = 0; i < prog->default_block.num_depth_modes; i++)
      free(prog->default_block.depth_modes[i].sampler);
   free(prog->default_block.depth_modes);
   for (unsigned s = 0; s < GLSL_STAGE_COUNT; s++)
      glsl_subroutine_stage_finish(&prog->subroutines[s]);
   free(prog->default_block.initial_data);
   for (unsigned i = 0; i < prog->num_blocks; i++)
      free(prog->blocks[i].name);
   free(prog->blocks);
   for (unsigned i = 0; i < prog->num_storage_blocks; i++)
      free(prog->storage_blocks[i].name);
   free(prog->storage_blocks);
   for (unsigned i = 0; i < prog->num_images; i++)
      free(prog->images[i].name);
   free(prog->images);
   for (unsigned i = 0; i < prog->num_atomic_counters; i++)
      free(prog->atomic_counters[i].name);
   free(prog->atomic_counters);
   free(prog->atomic_buffers);
   for (unsigned i = 0; i < prog->num_block_members; i++)
      free(prog->block_members[i].name);
   free(prog->block_members);
   for (unsigned i = 0; i < prog->num_buffer_vars; i++)
      free(prog->buffer_vars[i].name);
   free(prog->buffer_vars);
   for (unsigned i = 0; i < prog->num_samplers; i++)
      free(prog->samplers[i].name);
   free(prog->samplers);
   for (unsigned i = 0; i < prog->num_uniform_locations; i++)
      free(prog->uniform_locations[i].name);
   free(prog->uniform_locations);
   for (unsigned i = 0; i < prog->num_inputs; i++)
      free(prog->inputs[i].name);
   free(prog->inputs);
   for (unsigned i = 0; i < prog->num_outputs; i++)
      free(prog->outputs[i].name);
   free(prog->outputs);
   for (unsigned i = 0; i < prog->num_xfb; i++)
      free(prog->xfb[i].name);
   free(prog->xfb);
   free(prog);
}

const struct glsl_uniform *
glsl_program_find_uniform(const struct glsl_program *prog, const char *name)
{
   for (unsigned i = 0; i < prog->default_block.num_uniforms; i++)
      if (!strcmp(prog->default_block.uniforms[i].name, name))
         return &prog->default_block.uniforms[i];
   for (unsigned i = 0; i < prog->num_block_members; i++)
      if (!strcmp(prog->block_members[i].name, name))
         return &prog->block_members[i];
   return NULL;
}

const struct glsl_uniform_block *
glsl_program_find_block(const struct glsl_program *prog, const char *name)
{
   for (unsigned i = 0; i < prog->num_blocks; i++)
      if (!strcmp(prog->blocks[i].name, name))
         return &prog->blocks[i];
   return NULL;
}

const struct glsl_sampler *
glsl_program_find_sampler(const struct glsl_program *prog, const char *name)
{
   for (unsigned i = 0; i < prog->num_samplers; i++)
      if (!strcmp(prog->samplers[i].name, name))
         return &prog->samplers[i];
   return NULL;
}

static const struct glsl_io *
find_io(const struct glsl_io *v, unsigned n, const char *name)
{
   for (unsigned i = 0; i < n; i++)
      if (!strcmp(v[i].name, name))
         return &v[i];
   return NULL;
}

const struct glsl_io *
glsl_program_find_input(const struct glsl_program *prog, const char *name)
{
   return find_io(prog->inputs, prog->num_inputs, name);
}

const struct glsl_io *
glsl_program_find_output(const struct glsl_program *prog, const char *name)
{
   return find_io(prog->outputs, prog->num_outputs, name);
}
