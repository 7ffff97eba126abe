/* log.c — per-role log files, opened lazily, one line per call under a lock. */
#include "log.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

static _Thread_local enum mgu_role thread_role = MGU_ROLE_CLIENT;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t level_once = PTHREAD_ONCE_INIT;
static enum mgu_log_level level_setting = MGU_LOG_WARN;
static FILE *role_files[2];
static int role_files_tried[2];

static _Thread_local mgu_log_sink_fn thread_sink;
static _Thread_local void *thread_sink_ctx;
static _Thread_local enum mgu_log_level thread_sink_level;
static _Thread_local int in_sink;
static _Thread_local char thread_tag[32];

static const char *const role_names[] = {"client", "server"};
static const char *const level_names[] = {"error", "warn", "info", "debug"};

static void
read_level(void)
{
   const char *s = getenv("MGL_LOG_LEVEL");
   if (!s)
      return;
   for (int i = 0; i <= MGU_LOG_DEBUG; i++) {
      if (!strcasecmp(s, level_names[i]))
         level_setting = (enum mgu_log_level)i;
   }
}

enum mgu_log_level
mgu_log_level(void)
{
   pthread_once(&level_once, read_level);
   return level_setting;
}

void
mgu_log_set_thread_role(enum mgu_role role)
{
   thread_role = role;
}

enum mgu_role
mgu_log_thread_role(void)
{
   return thread_role;
}

/* Caller holds log_lock. */
static FILE *
role_file(enum mgu_role role)
{
   if (!role_files_tried[role]) {
      role_files_tried[role] = 1;
      const char *dir = getenv("MGL_LOG_DIR");
      if (dir && *dir) {
         char path[4096];
         snprintf(path, sizeof(path), "%s/%s.log", dir, role_names[role]);
         role_files[role] = fopen(path, "a");
         if (role_files[role])
            setvbuf(role_files[role], NULL, _IOLBF, 0);
      }
   }
   return role_files[role];
}

void
mgu_log_set_thread_sink(mgu_log_sink_fn fn, void *ctx, enum mgu_log_level level)
{
   thread_sink = fn;
   thread_sink_ctx = ctx;
   thread_sink_level = level;
}

void
mgu_log_set_thread_tag(const char *tag)
{
   snprintf(thread_tag, sizeof(thread_tag), "%s", tag ? tag : "");
}

static void
write_line(enum mgu_log_level level, int force, const char *fmt, va_list ap)
{
   char msg[MGU_LOG_MSG_MAX];
   vsnprintf(msg, sizeof(msg), fmt, ap);
   char line[MGU_LOG_MSG_MAX + 52];
   snprintf(line, sizeof(line), "[%d%s%s] %s: %s", (int)getpid(), thread_tag[0] ? " " : "",
            thread_tag, level_names[level], msg);
   pthread_mutex_lock(&log_lock);
   FILE *f = role_file(thread_role);
   if (f && (force || level <= mgu_log_level()))
      fprintf(f, "%s\n", line);
   if (!force && level <= MGU_LOG_WARN && level <= mgu_log_level())
      fprintf(stderr, "mgl %s %s: %s\n", role_names[thread_role], level_names[level], msg);
   pthread_mutex_unlock(&log_lock);
   /* Outside the lock: a sink may block (a socket), and other threads must still log. */
   if (thread_sink && !in_sink && (force || level <= thread_sink_level)) {
      in_sink = 1;
      thread_sink(thread_sink_ctx, level, line);
      in_sink = 0;
   }
}

void
mgu_log_write_line(enum mgu_role role, enum mgu_log_level level, const char *line)
{
   if (level > MGU_LOG_DEBUG)
      level = MGU_LOG_DEBUG;
   pthread_mutex_lock(&log_lock);
   FILE *f = role_file(role);
   if (f)
      fprintf(f, "%s\n", line);
   if (level <= MGU_LOG_WARN && level <= mgu_log_level())
      fprintf(stderr, "mgl %s (forwarded) %s\n", role_names[role], line);
   pthread_mutex_unlock(&log_lock);
}

void
mgu_log_v(enum mgu_log_level level, const char *fmt, va_list ap)
{
   write_line(level, 0, fmt, ap);
}

void
mgu_log(enum mgu_log_level level, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   write_line(level, 0, fmt, ap);
   va_end(ap);
}

void
mgu_log_always(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   write_line(MGU_LOG_INFO, 1, fmt, ap);
   va_end(ap);
}
