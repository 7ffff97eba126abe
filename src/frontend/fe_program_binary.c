/* fe_program_binary.c — program binaries (GL 4.1 7.5, ARB_get_program_binary; ES 3.0 2.12.4,
 * OES_get_program_binary) and glProgramParameteri.
 *
 * mgl's one format, FE_PROGRAM_BINARY_FORMAT_MGL, is what glLinkProgram keeps: the linked
 * glsl_program (per-stage SPIR-V, reflection, uniform, block, sampler, input, output and
 * transform feedback tables, subroutines; glsl_binary.c) and the few facts the front end adds
 * to its executable, behind a header:
 *
 *   u32 magic "MGLB"   u32 format version   u64 build id (fe_program_build_id: fe_build_id.h's
 *   hash of the sources made at build time, and the versions of glslang, SPIRV-Tools and
 *   SPIRV-Cross)   u64 device hash (fe_program_binary_device_hash: what the link depends
 *   on in this context and device)   u64 hash of the rest   u32 front-end flags   u32 zero
 *
 * all little-endian. glProgramBinary refuses a binary whose header does not match this build
 * and this context's device (or whose bytes do not hash to what the header says) the way the
 * spec says: LINK_STATUS FALSE and an info log, no GL error. The tables are read with every
 * length checked (glsl_program_deserialize), so no bytes an app gives can make it read outside
 * them. A loaded program is then installed exactly as a link installs one: fe_exec_create
 * resets its uniforms, sampler units and block bindings to their initial values. */
#include "fe_build_id.h"
#include "fe_program_internal.h"
#include "hash.h"

#define FE_PROGRAM_BINARY_MAGIC 0x424c474du /* "MGLB" */
#define FE_PROGRAM_BINARY_VERSION 1u
#define FE_PROGRAM_BINARY_HEADER 40u

enum {
   FLAG_FF_VERTEX = 1u << 0,
   FLAG_FF_FRAGMENT = 1u << 1,
   FLAG_SEPARABLE = 1u << 2,
   FLAG_BUILTIN_SHIFT = 3, /* fe_exec.builtin_inputs, 2 bits */
   FLAG_ALL = (1u << 5) - 1,
};

static void
put32(uint8_t *p, uint32_t v)
{
   for (int k = 0; k < 4; k++)
      p[k] = (uint8_t)(v >> (8 * k));
}

static void
put64(uint8_t *p, uint64_t v)
{
   put32(p, (uint32_t)v);
   put32(p + 4, (uint32_t)(v >> 32));
}

static uint32_t
get32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t
get64(const uint8_t *p)
{
   return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

/* The build a binary was made by: mgl's sources (MGL_BUILD_ID) and the libraries that compile
 * and link with them (glsl_library_versions), whose change changes what a link makes as
 * much as a change of mgl's own sources does (issue 20: a rebuild against another glslang must
 * not install programs the old one linked). */
uint64_t
fe_program_build_id(void)
{
   const char *v = glsl_library_versions();
   return mgu_hash64(v, strlen(v), MGL_BUILD_ID);
}

/* What a link in this context depends on besides the sources: the API (compatibility programs
 * get built-in state, ES ones ES rules), the GLSL extensions the context denies, the varying
 * limits, transform_feedback3's names, and the device and server the SPIR-V was made for. */
uint64_t
fe_program_binary_device_hash(struct fe_context *ctx)
{
   const struct mgp_caps *caps = ctx->share->caps;
   const uint32_t link[] = {
      (uint32_t)ctx->desc.api,
      fe_glsl_deny(ctx),
      caps->max_varying_components,
      fe_xfb_draw_offered(ctx),
      caps->abi_version,
      caps->vk_api_version,
      (uint32_t)caps->cap_bits,
      (uint32_t)(caps->cap_bits >> 32),
   };
   uint64_t h = mgu_hash64(link, sizeof(link), 0x6d676c62u);
   h = mgu_hash64(caps->stage_io_components, sizeof(caps->stage_io_components), h);
   h = mgu_hash64(caps->vendor, sizeof(caps->vendor), h);
   h = mgu_hash64(caps->renderer, sizeof(caps->renderer), h);
   return mgu_hash64(caps->driver, sizeof(caps->driver), h);
}

/* The binary of a linked program (malloc'd), NULL when out of memory. */
static uint8_t *
make_binary(struct fe_context *ctx, const struct fe_program *prog, size_t *size)
{
   const struct fe_exec *e = prog->exec;
   uint8_t *body = NULL;
   size_t body_size = 0;
   if (!glsl_program_serialize(e->glsl, &body, &body_size))
      return NULL;
   uint8_t *out = malloc(FE_PROGRAM_BINARY_HEADER + body_size);
   if (!out) {
      free(body);
      return NULL;
   }
   const uint32_t flags = (e->ff_vertex ? FLAG_FF_VERTEX : 0) |
                          (e->ff_fragment ? FLAG_FF_FRAGMENT : 0) |
                          (prog->linked_separable ? FLAG_SEPARABLE : 0) |
                          (e->builtin_inputs & 3u) << FLAG_BUILTIN_SHIFT;
   put32(out, FE_PROGRAM_BINARY_MAGIC);
   put32(out + 4, FE_PROGRAM_BINARY_VERSION);
   put64(out + 8, fe_program_build_id());
   put64(out + 16, fe_program_binary_device_hash(ctx));
   put32(out + 32, flags);
   put32(out + 36, 0);
   if (body_size)
      memcpy(out + FE_PROGRAM_BINARY_HEADER, body, body_size);
   free(body);
   /* the hash covers the flags and the body */
   put64(out + 24, mgu_hash64(out + 32, 8 + body_size, 0));
   *size = FE_PROGRAM_BINARY_HEADER + body_size;
   return out;
}

GLint
fe_program_binary_length(struct fe_context *ctx, const struct fe_program *prog)
{
   if (!prog->link_status || !prog->exec)
      return 0;
   size_t size = 0;
   uint8_t *bin = make_binary(ctx, prog, &size);
   free(bin);
   return bin && size <= INT32_MAX ? (GLint)size : 0;
}

void
mgl_glProgramParameteri(GLuint program, GLenum pname, GLint value)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(pname != GL_PROGRAM_BINARY_RETRIEVABLE_HINT &&
               (pname != GL_PROGRAM_SEPARABLE || !fe_separate_shaders_offered(ctx)),
            GL_INVALID_ENUM);
   FE_CHECK(value != GL_FALSE && value != GL_TRUE, GL_INVALID_VALUE);
   if (pname == GL_PROGRAM_SEPARABLE)
      prog->separable = value == GL_TRUE; /* GL 4.6 7.3: read by the next link */
   else
      prog->binary_retrievable = value == GL_TRUE; /* a hint: every linked program has one */
}

void
mgl_glGetProgramBinary(GLuint program, GLsizei bufSize, GLsizei *length, GLenum *binaryFormat,
                       void *binary)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(bufSize < 0, GL_INVALID_VALUE);
   /* GL 4.6 7.5: INVALID_OPERATION when the program is not linked */
   FE_CHECK(!prog->link_status || !prog->exec, GL_INVALID_OPERATION);
   size_t size = 0;
   uint8_t *bin = make_binary(ctx, prog, &size);
   FE_CHECK(!bin, GL_OUT_OF_MEMORY);
   /* ... and when bufSize is less than GL_PROGRAM_BINARY_LENGTH: nothing is written */
   if ((size_t)bufSize < size) {
      free(bin);
      fe_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   memcpy(binary, bin, size);
   free(bin);
   if (length)
      *length = (GLsizei)size;
   if (binaryFormat)
      *binaryFormat = FE_PROGRAM_BINARY_FORMAT_MGL;
}

/* Why the binary cannot be loaded here (an info log line), NULL when its header holds. */
static const char *
header_refusal(struct fe_context *ctx, const uint8_t *b, size_t size)
{
   if (!b || size < FE_PROGRAM_BINARY_HEADER || get32(b) != FE_PROGRAM_BINARY_MAGIC)
      return "error: the program binary is not an mgl program binary\n";
   if (get32(b + 4) != FE_PROGRAM_BINARY_VERSION)
      return "error: the program binary has another format version\n";
   if (get64(b + 8) != fe_program_build_id())
      return "error: the program binary was made by another build of mgl\n";
   if (get64(b + 16) != fe_program_binary_device_hash(ctx))
      return "error: the program binary was made for another device or context type\n";
   if (get64(b + 24) != mgu_hash64(b + 32, size - 32, 0))
      return "error: the program binary is corrupted\n";
   if ((get32(b + 32) & ~(uint32_t)FLAG_ALL) || get32(b + 36))
      return "error: the program binary is corrupted\n";
   return NULL;
}

/* Loads binary b of size bytes into prog exactly as a link installs a program. NULL when it
 * did; else why not (an info log line, in msg or static), prog unchanged, and *oom set when
 * memory ran out. Shared by glProgramBinary and the program cache (fe_program_cache.c). */
const char *
fe_program_binary_install(struct fe_context *ctx, struct fe_program *prog, const uint8_t *b,
                          size_t size, char *msg, size_t msg_size, bool *oom)
{
   *oom = false;
   const char *why = header_refusal(ctx, b, size);
   if (why)
      return why;
   const char *bad = NULL;
   struct glsl_program *gp =
      glsl_program_deserialize(b + FE_PROGRAM_BINARY_HEADER, size - FE_PROGRAM_BINARY_HEADER, &bad);
   if (!gp) {
      snprintf(msg, msg_size, "error: the program binary is corrupted (%s)\n", bad);
      return msg;
   }
   const char *over = fe_program_limits_exceeded(ctx, gp);
   if (over) {
      glsl_program_destroy(gp);
      return over;
   }
   struct fe_exec *e = fe_exec_create(ctx, gp);
   if (!e) {
      glsl_program_destroy(gp);
      *oom = true;
      return "error: out of memory or program limits exceeded\n";
   }
   const uint32_t flags = get32(b + 32);
   e->builtin_inputs = flags >> FLAG_BUILTIN_SHIFT & 3u;
   e->num_active_attribs += (e->builtin_inputs & 1u) + (e->builtin_inputs >> 1 & 1u);
   e->writes_viewport = fe_program_writes_viewport(gp);
   e->ff_vertex = (flags & FLAG_FF_VERTEX) != 0;
   e->ff_fragment = (flags & FLAG_FF_FRAGMENT) != 0;
   fe_exec_unref(ctx, prog->exec);
   prog->exec = e;
   prog->link_status = true;
   /* ARB_separate_shader_objects: the binary keeps the program's GL_PROGRAM_SEPARABLE */
   prog->separable = prog->linked_separable = (flags & FLAG_SEPARABLE) != 0;
   prog->linked_retrievable = prog->binary_retrievable;
   free(prog->info_log);
   prog->info_log = dup_str("");
   if (ctx->program == prog)
      fe_ctx_exec(ctx);
   return NULL;
}

uint64_t
fe_program_cache_context(struct fe_context *ctx)
{
   const struct mgp_caps *caps = ctx->share->caps;
   const uint64_t context[] = {
      fe_program_build_id(),
      fe_program_binary_device_hash(ctx),
      (uint64_t)fe_glsl_api(ctx),
      (uint64_t)ctx->desc.major,
      (uint64_t)ctx->desc.minor,
      /* glCompileShader's limits (fe_shader.c), which the link's compile sees too */
      FE_MAX_UBO_BINDINGS,
      fe_ssbo_bindings(ctx),
      fe_max_texture_units(ctx),
      caps->max_compute_work_group_invocations,
   };
   return mgu_hash64(context, sizeof(context), 0x6d676c63u);
}

bool
fe_program_binary_from_cache(struct fe_context *ctx, struct fe_program *prog,
                             const struct fe_program_cache_key *key)
{
   size_t size = 0;
   uint8_t *data = fe_program_cache_read(key, &size);
   if (!data)
      return false;
   char msg[160];
   bool oom = false;
   const char *why = fe_program_binary_install(ctx, prog, data, size, msg, sizeof(msg), &oom);
   free(data);
   fe_program_cache_installed(key, why);
   return !why;
}

void
fe_program_binary_to_cache(struct fe_context *ctx, const struct fe_program *prog,
                           const struct fe_program_cache_key *key)
{
   size_t size = 0;
   uint8_t *bin = NULL;
   /* a hit would install it with an empty log: a link that warned keeps its warnings */
   if ((prog->info_log && prog->info_log[0]) || !prog->link_status || !prog->exec ||
       !(bin = make_binary(ctx, prog, &size))) {
      fe_program_cache_skipped();
      return;
   }
   fe_program_cache_write(key, bin, size);
   free(bin);
}

void
mgl_glProgramBinary(GLuint program, GLenum binaryFormat, const void *binary, GLsizei length)
{
   FE_CTX_OR_RETURN();
   struct fe_program *prog = get_program(ctx, program);
   if (!prog)
      return;
   FE_CHECK(length < 0, GL_INVALID_VALUE);
   /* GL 4.6 7.5: a format not in GL_PROGRAM_BINARY_FORMATS */
   FE_CHECK(binaryFormat != FE_PROGRAM_BINARY_FORMAT_MGL, GL_INVALID_ENUM);
   /* ... like glLinkProgram: not the program an active transform feedback captures from */
   FE_CHECK(fe_xfb_captures_from(ctx, prog->exec), GL_INVALID_OPERATION);
   prog->link_serial++;
   char msg[160];
   bool oom = false;
   const char *why =
      fe_program_binary_install(ctx, prog, binary, (size_t)length, msg, sizeof(msg), &oom);
   if (why) {
      fe_program_link_failed(ctx, prog, why);
      if (oom)
         fe_error(ctx, GL_OUT_OF_MEMORY);
   }
}
