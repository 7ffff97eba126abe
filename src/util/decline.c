/* decline.c — counters for the named declines and the names of Fatals. */
#include "decline.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "log.h"

static const char *const decline_names[] = {
#define D(id, name, level, what) name,
#include "declines.def"
#undef D
};

static const enum mgu_log_level decline_levels[] = {
#define D(id, name, level, what) MGU_LOG_##level,
#include "declines.def"
#undef D
};

static const char *const fatal_names[] = {
   "None",
#define F(name, what) #name,
#include "fatals.def"
#undef F
};

static _Atomic uint64_t decline_counts[MGU_DECLINE_COUNT];
static _Atomic(mgu_decline_observer) observer;

void
mgu_decline_set_observer(mgu_decline_observer fn)
{
   atomic_store(&observer, fn);
}
static _Thread_local struct mgu_decline_tally *thread_tally;

void
mgu_decline_set_thread_tally(struct mgu_decline_tally *t)
{
   thread_tally = t;
}

uint64_t
mgu_decline_tally_count(const struct mgu_decline_tally *t, enum mgu_decline d)
{
   return d < MGU_DECLINE_COUNT ? atomic_load(&t->counts[d]) : 0;
}

/* Whether this site is new to the tally (and now remembered). A full tally logs again rather
 * than stay silent. */
static bool
tally_first_at_site(struct mgu_decline_tally *t, const void *site)
{
   for (unsigned i = 0; i < t->logged_count; i++) {
      if (t->logged[i] == site)
         return false;
   }
   if (t->logged_count < MGU_DECLINE_TALLY_SITES)
      t->logged[t->logged_count++] = site;
   return true;
}

const char *
mgu_decline_name(enum mgu_decline d)
{
   return d < MGU_DECLINE_COUNT ? decline_names[d] : "unknown";
}

const char *
mgu_fatal_name(enum mgu_fatal f)
{
   return f < MGU_FATAL_COUNT ? fatal_names[f] : "Unknown";
}

uint64_t
mgu_decline_count(enum mgu_decline d)
{
   return d < MGU_DECLINE_COUNT ? atomic_load(&decline_counts[d]) : 0;
}

void
mgu_decline_hit(enum mgu_decline d, atomic_flag *site_logged, const char *fmt, ...)
{
   atomic_fetch_add_explicit(&decline_counts[d], 1, memory_order_relaxed);
   bool first = atomic_flag_test_and_set(site_logged) == 0;
   if (thread_tally) {
      atomic_fetch_add_explicit(&thread_tally->counts[d], 1, memory_order_relaxed);
      first = tally_first_at_site(thread_tally, site_logged);
   }
   mgu_decline_observer obs = atomic_load(&observer);
   va_list ap;
   if (obs) {
      va_start(ap, fmt);
      obs(d, (int)decline_levels[d], fmt, ap);
      va_end(ap);
   }
   if (!first)
      return;
   char detail[512];
   va_start(ap, fmt);
   vsnprintf(detail, sizeof(detail), fmt, ap);
   va_end(ap);
   mgu_log(decline_levels[d], "decline %s: %s (logged once for this site)", decline_names[d],
           detail);
}

static int
print_counts(const _Atomic uint64_t *counts)
{
   char line[4096];
   size_t len = (size_t)snprintf(line, sizeof(line), "MGL-DECLINES");
   int rows = 0;
   for (int i = 0; i < MGU_DECLINE_COUNT; i++) {
      uint64_t n = atomic_load(&counts[i]);
      if (!n)
         continue;
      rows++;
      if (len < sizeof(line))
         len += (size_t)snprintf(line + len, sizeof(line) - len, " %s=%llu", decline_names[i],
                                 (unsigned long long)n);
   }
   if (rows) {
      fprintf(stderr, "%s\n", line);
      mgu_log_always("%s", line);
   }
   return rows;
}

int
mgu_decline_print_tally_of(const struct mgu_decline_tally *t)
{
   return print_counts(t->counts);
}

int
mgu_decline_print_tally(void)
{
   return print_counts(thread_tally ? thread_tally->counts : decline_counts);
}
