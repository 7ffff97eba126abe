/* log.h — logging per role. Each thread writes as one role: the app's threads as the client,
 * apply threads and the server process as the server. Files are client.log / server.log under
 * MGL_LOG_DIR; warnings and errors also go to stderr. */
#ifndef MGL_UTIL_LOG_H
#define MGL_UTIL_LOG_H

#include <stdarg.h>

enum mgl_log_level { MGL_LOG_ERROR, MGL_LOG_WARN, MGL_LOG_INFO, MGL_LOG_DEBUG };
enum mgl_role { MGL_ROLE_CLIENT, MGL_ROLE_SERVER };

void mgl_log_set_thread_role(enum mgl_role role);
enum mgl_role mgl_log_thread_role(void);
/* Level from MGL_LOG_LEVEL (error|warn|info|debug; default warn), read once. */
enum mgl_log_level mgl_log_level(void);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void mgl_log(enum mgl_log_level level, const char *fmt, ...);
void mgl_log_v(enum mgl_log_level level, const char *fmt, va_list ap);
/* Writes one line to the role's file whatever the level: arm proofs and shutdown tallies. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void mgl_log_always(const char *fmt, ...);

/* A sink also receives this thread's lines, formatted as they are written to the file
 * ("[pid] level: message", no newline): the tcp server's session thread forwards its lines to
 * its client this way. Lines at `level` or more important, and every mgl_log_always line, reach
 * it. fn NULL: none. A sink that logs does not re-enter itself. */
typedef void (*mgl_log_sink_fn)(void *ctx, enum mgl_log_level level, const char *line);
void mgl_log_set_thread_sink(mgl_log_sink_fn fn, void *ctx, enum mgl_log_level level);
/* A tag for this thread's lines, e.g. "session=3": "[pid session=3] level: message". The tcp
 * server's session threads share one server.log, so each names its session. NULL: none. */
void mgl_log_set_thread_tag(const char *tag);
/* Writes a line formatted elsewhere (a line the server forwarded) to the role's file as it is,
 * and warnings and errors to stderr as this side's own lines go there. */
void mgl_log_write_line(enum mgl_role role, enum mgl_log_level level, const char *line);

#define mgl_error(...) mgl_log(MGL_LOG_ERROR, __VA_ARGS__)
#define mgl_warn(...) mgl_log(MGL_LOG_WARN, __VA_ARGS__)
#define mgl_info(...) mgl_log(MGL_LOG_INFO, __VA_ARGS__)
#define mgl_debug(...) mgl_log(MGL_LOG_DEBUG, __VA_ARGS__)

#endif
