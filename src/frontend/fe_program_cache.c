/* fe_program_cache.c — linked programs kept across runs (issue 20: the link's first-use stall):
 * glLinkProgram of GLSL shaders looks for a program binary (fe_program_binary.c's one format)
 * under a key of everything the link depends on, installs it exactly as glProgramBinary would
 * on a hit, and stores the binary of a successful link on a miss.
 *
 * The key (two XXH3-64 of one byte string, 128 bits, the file's name) covers this build
 * (fe_program_build_id: MGL_BUILD_ID and the glslang, SPIRV-Tools and SPIRV-Cross versions), the
 * context and device (fe_program_binary_device_hash, the GLSL dialect, the
 * context version, the compile limits), each attached shader in attach order (stage, GLSL ES
 * or not, the source its last compile compiled, which the link reads) and the program's link state: glBindAttribLocation,
 * glBindFragDataLocation(Indexed), transform feedback varyings and mode, GL_PROGRAM_SEPARABLE.
 * The retrievable hint changes nothing linked (a hit sets linked_retrievable from it as a link
 * does). SPIR-V programs are not cached (their link runs no GLSL compiler).
 *
 * glCompileShader is 62% of a cold first_draws link's instructions (glslang parses each
 * shader to check it; the link parses them again), so it is skipped the way Mesa does: a
 * compile that succeeded with an empty info log leaves an empty file named by its own key
 * (build, context, limits, stage, GLSL ES or not, source: everything its result depends on),
 * and a later compile of that key sets COMPILE_STATUS TRUE and no log without running the
 * compiler. A compile that failed or warned is never recorded, so its status and log stay the
 * compiler's; a link that misses compiles the sources itself as it always does. A link that
 * left an info log (warnings) is not stored, so no hit hides one; a failed link never is.
 *
 * The directory is MGL_SHADER_CACHE_DIR, else $XDG_CACHE_HOME/mgl/programs, else
 * $HOME/.cache/mgl/programs (made 0700); MGL_SHADER_CACHE=0 turns the cache off. A file is
 * untrusted bytes: opened without following links, its size bounded, and then every check
 * glProgramBinary makes (header, build, device, hash of the body, each table length); one that
 * fails is program-cache-rejected (declined, counted) and the link runs as without a cache. A
 * store writes a temporary file of the directory renamed into place (processes linking at once
 * see the old file or the new); it stops once the directory holds FE_PROGRAM_CACHE_MAX_TOTAL
 * (program-cache-full). The counts are printed in client.log's MGL-PROGRAM-CACHE line.
 *
 * A leaf: files and keys only. The context's part of a key (fe_program_cache_context) and
 * the install and make of binaries are fe_program_binary.c's. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <unistd.h>

#include "array.h"
#include "cache_file.h"
#include "decline.h"
#include "fe_program_internal.h"
#include "hash.h"

/* The largest program binary read or written: a big program's SPIR-V and tables are some
 * hundred KiB; past this it is not ours, or not worth a link's read. */
#define FE_PROGRAM_CACHE_MAX_FILE (16u << 20)
/* What a file counts for in the directory's total at least (a block and its inode) */
#define FE_PROGRAM_CACHE_MIN_FILE 4096u
/* The directory's total past which nothing more is stored (no eviction: delete the directory) */
#define FE_PROGRAM_CACHE_MAX_TOTAL (256ull << 20)

static struct {
   atomic_ullong hits, misses, stored, rejected, not_stored, compiles_skipped;
   pthread_mutex_t lock;
   char dir[1024];   /* the directory `total` was summed for */
   uint64_t total;   /* its bytes in regular files, as last summed plus what this process stored */
   bool total_known; /* for dir */
} cache = {.lock = PTHREAD_MUTEX_INITIALIZER};

void
fe_program_cache_counts(struct fe_program_cache_counts *out)
{
   out->hits = atomic_load(&cache.hits);
   out->misses = atomic_load(&cache.misses);
   out->stored = atomic_load(&cache.stored);
   out->rejected = atomic_load(&cache.rejected);
   out->not_stored = atomic_load(&cache.not_stored);
   out->compiles_skipped = atomic_load(&cache.compiles_skipped);
}

void
fe_program_cache_print(void)
{
   struct fe_program_cache_counts c;
   fe_program_cache_counts(&c);
   if (c.hits || c.misses || c.rejected || c.compiles_skipped)
      mgu_log_always("MGL-PROGRAM-CACHE hits=%llu misses=%llu stored=%llu rejected=%llu "
                     "not-stored=%llu compiles-skipped=%llu",
                     c.hits, c.misses, c.stored, c.rejected, c.not_stored, c.compiles_skipped);
}

/* The directory (no trailing '/'), or false when the knob turns it off or no home is known. */
static bool
cache_dir(char *out, size_t size)
{
   return mgu_cache_dir("MGL_SHADER_CACHE", "MGL_SHADER_CACHE_DIR", "programs", out, size);
}

/* ---- the key -------------------------------------------------------------------------------- */

struct key_bytes {
   uint8_t *data;
   uint32_t size, cap;
   bool oom; /* past 4 GiB of key or out of memory: no key, the link runs uncached */
};

static void
add(struct key_bytes *k, const void *p, size_t n)
{
   uint8_t *d;
   if (k->oom || n > UINT32_MAX || !(d = mgu_array_grow(k->data, k->size, k->cap, n))) {
      k->oom = true;
      return;
   }
   memcpy(d, p, n);
}

static void
add_u64(struct key_bytes *k, uint64_t v)
{
   add(k, &v, sizeof(v));
}

/* A string with its length first: no two lists of strings make the same bytes. */
static void
add_str(struct key_bytes *k, const char *s)
{
   const size_t n = s ? strlen(s) : 0;
   add_u64(k, s ? n : UINT64_MAX);
   if (n)
      add(k, s, n);
}

/* What every key starts with: its version and the context's hash (fe_program_cache_context:
 * this build, the context and device, the compile's limits). */
static void
add_context(struct key_bytes *k, uint64_t context)
{
   add_u64(k, 0x6d676c7063310001ull); /* "mglpc1" and the key's own version */
   add_u64(k, context);
}

/* The file of key bytes k in dir, named by two XXH3-64 of them (128 bits) and ext. */
static bool
key_path(struct key_bytes *k, const char *dir, const char *ext, struct fe_program_cache_key *key)
{
   if (k->oom) {
      free(k->data);
      return false;
   }
   const uint64_t h0 = mgu_hash64(k->data, k->size, 0x70726f67u);
   const uint64_t h1 = mgu_hash64(k->data, k->size, 0x63616368u);
   free(k->data);
   const int n = snprintf(key->path, sizeof(key->path), "%s/%016llx%016llx%s", dir,
                          (unsigned long long)h0, (unsigned long long)h1, ext);
   key->dir_len = strlen(dir);
   return n > 0 && (size_t)n < sizeof(key->path);
}

bool
fe_program_cache_key(const struct fe_program *prog, uint64_t context,
                     struct fe_program_cache_key *key)
{
   char dir[sizeof(key->path) - 48];
   if (!cache_dir(dir, sizeof(dir)))
      return false;
   for (unsigned i = 0; i < prog->num_shaders; i++)
      if (prog->shaders[i]->spirv)
         return false;
   struct key_bytes k = {0};
   add_context(&k, context);
   add_u64(&k, prog->num_shaders);
   for (unsigned i = 0; i < prog->num_shaders; i++) {
      const struct fe_shader *sh = prog->shaders[i];
      add_u64(&k, (uint64_t)sh->type << 1 | sh->es);
      add_str(&k, sh->compiled_source); /* what the link compiles (fe_program.c) */
   }
   add_u64(&k, prog->num_attrib_bindings);
   for (unsigned i = 0; i < prog->num_attrib_bindings; i++) {
      add_str(&k, prog->attrib_bindings[i].name);
      add_u64(&k, (uint64_t)(uint32_t)prog->attrib_bindings[i].location);
   }
   add_u64(&k, prog->num_frag_bindings);
   for (unsigned i = 0; i < prog->num_frag_bindings; i++) {
      add_str(&k, prog->frag_bindings[i].name);
      add_u64(&k, (uint64_t)(uint32_t)prog->frag_bindings[i].location << 32 |
                     (uint32_t)prog->frag_bindings[i].index);
   }
   add_u64(&k, prog->num_xfb_names);
   for (unsigned i = 0; i < prog->num_xfb_names; i++)
      add_str(&k, prog->xfb_names[i]);
   add_u64(&k, (uint64_t)prog->xfb_mode << 1 | prog->separable);
   return key_path(&k, dir, ".mglprog", key);
}

bool
fe_shader_cache_key(GLenum type, bool es, const char *source, uint64_t context,
                    struct fe_program_cache_key *key)
{
   char dir[sizeof(key->path) - 48];
   if (!cache_dir(dir, sizeof(dir)))
      return false;
   struct key_bytes k = {0};
   add_context(&k, context);
   add_u64(&k, (uint64_t)type << 1 | es);
   add_str(&k, source);
   return key_path(&k, dir, ".mglsh", key);
}

bool
fe_shader_cache_compiled(const struct fe_program_cache_key *key)
{
   struct stat st;
   if (fstatat(AT_FDCWD, key->path, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
      return false;
   atomic_fetch_add(&cache.compiles_skipped, 1);
   return true;
}

/* ---- load ----------------------------------------------------------------------------------- */

static void
rejected(const char *path, const char *why)
{
   atomic_fetch_add(&cache.rejected, 1);
   MGU_DECLINE(program_cache_rejected, "%s: %s; the program is linked", path, why);
}

uint8_t *
fe_program_cache_read(const struct fe_program_cache_key *key, size_t *size)
{
   const char *why = NULL;
   uint8_t *data = mgu_cache_read(key->path, FE_PROGRAM_CACHE_MAX_FILE, size, &why);
   if (!data) {
      if (why)
         rejected(key->path, why);
      atomic_fetch_add(&cache.misses, 1);
   }
   return data;
}

void
fe_program_cache_installed(const struct fe_program_cache_key *key, const char *why)
{
   if (!why) {
      atomic_fetch_add(&cache.hits, 1);
      return;
   }
   /* the install's reason is an info log line: "error: ...\n" */
   char line[160];
   snprintf(line, sizeof(line), "%s", strncmp(why, "error: ", 7) ? why : why + 7);
   line[strcspn(line, "\n")] = 0;
   rejected(key->path, line);
   atomic_fetch_add(&cache.misses, 1);
}

/* ---- store ---------------------------------------------------------------------------------- */

static void
not_stored(const char *path, const char *why)
{
   atomic_fetch_add(&cache.not_stored, 1);
   MGU_DECLINE(program_cache_not_stored, "%s: %s", path, why);
}

/* The bytes of the regular files of dir (its first store in this process sums them). */
static uint64_t
dir_total(const char *dir)
{
   uint64_t total = 0;
   DIR *d = opendir(dir);
   if (!d)
      return 0;
   const int dfd = dirfd(d);
   for (struct dirent *de; (de = readdir(d));) {
      struct stat st;
      if (de->d_name[0] != '.' && fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
          S_ISREG(st.st_mode))
         total += st.st_size > FE_PROGRAM_CACHE_MIN_FILE ? (uint64_t)st.st_size
                                                         : FE_PROGRAM_CACHE_MIN_FILE;
   }
   closedir(d);
   return total;
}

/* Reserves size bytes of the directory's budget; false when it is spent. */
static bool
reserve(const char *dir, uint64_t size)
{
   pthread_mutex_lock(&cache.lock);
   if (!cache.total_known || strcmp(cache.dir, dir)) {
      snprintf(cache.dir, sizeof(cache.dir), "%s", dir);
      cache.total = dir_total(dir);
      cache.total_known = true;
   }
   const bool ok =
      cache.total <= FE_PROGRAM_CACHE_MAX_TOTAL && size <= FE_PROGRAM_CACHE_MAX_TOTAL - cache.total;
   if (ok)
      cache.total += size;
   pthread_mutex_unlock(&cache.lock);
   return ok;
}

void
fe_program_cache_write(const struct fe_program_cache_key *key, const uint8_t *bin, size_t size)
{
   char dir[sizeof(key->path)];
   const char *why = NULL;
   if (size > FE_PROGRAM_CACHE_MAX_FILE) {
      not_stored(key->path, "larger than FE_PROGRAM_CACHE_MAX_FILE (16 MiB)");
      return;
   }
   memcpy(dir, key->path, key->dir_len);
   dir[key->dir_len] = 0;
   if (dir[0] && !mgu_cache_make_dirs(dir)) {
      not_stored(key->path, strerror(errno));
      return;
   }
   if (!reserve(dir, size > FE_PROGRAM_CACHE_MIN_FILE ? size : FE_PROGRAM_CACHE_MIN_FILE)) {
      atomic_fetch_add(&cache.not_stored, 1);
      MGU_DECLINE(program_cache_full, "%s: over FE_PROGRAM_CACHE_MAX_TOTAL (256 MiB)", dir);
      return;
   }
   /* no fsync: a file torn by a crash fails the binary's hash and is rejected, then replaced */
   if ((why = mgu_cache_write(key->path, bin, size, false)))
      not_stored(key->path, why);
   else
      atomic_fetch_add(&cache.stored, 1);
}

void
fe_program_cache_skipped(void)
{
   atomic_fetch_add(&cache.not_stored, 1);
}

void
fe_shader_cache_mark(const struct fe_program_cache_key *key)
{
   char dir[sizeof(key->path)];
   memcpy(dir, key->path, key->dir_len);
   dir[key->dir_len] = 0;
   if (dir[0] && !mgu_cache_make_dirs(dir)) {
      not_stored(key->path, strerror(errno));
      return;
   }
   if (!reserve(dir, FE_PROGRAM_CACHE_MIN_FILE)) {
      atomic_fetch_add(&cache.not_stored, 1);
      MGU_DECLINE(program_cache_full, "%s: over FE_PROGRAM_CACHE_MAX_TOTAL (256 MiB)", dir);
      return;
   }
   /* empty: its name is the record; another process making it first is as good */
   const int fd = open(key->path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
   if (fd >= 0)
      close(fd);
   else if (errno != EEXIST)
      not_stored(key->path, strerror(errno));
}
