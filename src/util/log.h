/* log.h — logging per role. Each thread writes as one role: the app's threads as the client,
 * apply threads and the server process as the server. Files are client.log / server.log under
 * MGL_LOG_DIR; warnings and errors also go to stderr. */
#ifndef MGU_UTIL_LOG_H
#define MGU_UTIL_LOG_H

#include <stdarg.h>

enum mgu_log_level { MGU_LOG_ERROR, MGU_LOG_WARN, MGU_LOG_INFO, MGU_LOG_DEBUG };
enum mgu_role { MGU_ROLE_CLIENT, MGU_ROLE_SERVER };

void mgu_log_set_thread_role(enum mgu_role role);
enum mgu_role mgu_log_thread_role(void);
/* Level from MGL_LOG_LEVEL (error|warn|info|debug; default warn), read once. */
enum mgu_log_level mgu_log_level(void);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void
mgu_log(enum mgu_log_level level, const char *fmt, ...);
void mgu_log_v(enum mgu_log_level level, const char *fmt, va_list ap);
/* The longest message a log line carries; longer ones are cut to it. */
#define MGU_LOG_MSG_MAX 8192
/* Writes one line to the role's file whatever the level: arm proofs and shutdown tallies. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void
mgu_log_always(const char *fmt, ...);

/* A sink also receives this thread's lines, formatted as they are written to the file
 * ("[pid] level: message", no newline): the tcp server's session thread forwards its lines to
 * its client this way. Lines at `level` or more important, and every mgu_log_always line, reach
 * it. fn NULL: none. A sink that logs does not re-enter itself. */
typedef void (*mgu_log_sink_fn)(void *ctx, enum mgu_log_level level, const char *line);
void mgu_log_set_thread_sink(mgu_log_sink_fn fn, void *ctx, enum mgu_log_level level);
/* A tag for this thread's lines, e.g. "session=3": "[pid session=3] level: message". The tcp
 * server's session threads share one server.log, so each names its session. NULL: none. */
void mgu_log_set_thread_tag(const char *tag);
/* Writes a line formatted elsewhere (a line the server forwarded) to the role's file as it is,
 * and warnings and errors to stderr as this side's own lines go there. */
void mgu_log_write_line(enum mgu_role role, enum mgu_log_level level, const char *line);

#define mgu_error(...) mgu_log(MGU_LOG_ERROR, __VA_ARGS__)
#define mgu_warn(...) mgu_log(MGU_LOG_WARN, __VA_ARGS__)
#define mgu_info(...) mgu_log(MGU_LOG_INFO, __VA_ARGS__)
#define mgu_debug(...) mgu_log(MGU_LOG_DEBUG, __VA_ARGS__)

#endif
