/* cache_file.h — the files of the caches mgl keeps across runs (the Vulkan backend's pipeline
 * cache, the front end's linked programs): where they live, and reading and replacing one
 * whose bytes are untrusted (another program of the user, a torn write). */
#ifndef MGU_CACHE_FILE_H
#define MGU_CACHE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The cache's directory (no trailing '/') in out: the knob dir_knob names, else
 * $XDG_CACHE_HOME/mgl/SUB, else $HOME/.cache/mgl/SUB (sub "" for mgl's own). False when
 * off_knob is "0", no home is known or the path does not fit. */
bool mgu_cache_dir(const char *off_knob, const char *dir_knob, const char *sub, char *out,
                   size_t size);

/* mkdir -p, 0700 for what it makes; false (errno set) when a part is missing after it. */
bool mgu_cache_make_dirs(char *path);

/* The regular file at path read whole (malloc'd; links not followed), at most max bytes.
 * NULL with *why NULL when there is none; NULL with *why saying why when it cannot be read or
 * is larger. */
uint8_t *mgu_cache_read(const char *path, size_t max, size_t *size, const char **why);

/* Replaces the file at path (its directory made already) with size bytes: a temporary file of
 * the directory renamed into place, so a reader sees the old file or the new, never half of
 * one; fsync'd first where sync. NULL, or why not (the temporary file removed). */
const char *mgu_cache_write(const char *path, const void *data, size_t size, bool sync);

#endif
