/* decline.h — the decline tally and the Fatal names (rule I). A decline drops one operation:
 * named, counted every time, logged once per site. MGL-DECLINES lines print at shutdown. */
#ifndef MGU_UTIL_DECLINE_H
#define MGU_UTIL_DECLINE_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>

enum mgu_decline {
#define D(id, name, level, what) MGU_DECLINE_##id,
#include "declines.def"
#undef D
   MGU_DECLINE_COUNT
};

enum mgu_fatal {
   MGU_FATAL_NONE = 0,
#define F(name, what) MGU_FATAL_##name,
#include "fatals.def"
#undef F
   MGU_FATAL_COUNT
};

const char *mgu_decline_name(enum mgu_decline d);
const char *mgu_fatal_name(enum mgu_fatal f);
uint64_t mgu_decline_count(enum mgu_decline d);

/* Counts the decline; logs "decline <name>: <detail>" the first time this site is hit. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void
mgu_decline_hit(enum mgu_decline d, atomic_flag *site_logged, const char *fmt, ...);

/* Called on every hit, in the hitting thread, with the decline's log level (enum
 * mgu_log_level) and its detail's format and arguments (formatted only by an observer that
 * wants them, so a hot decline costs nothing extra): the GL front end turns it into a KHR_debug
 * message when that thread has a current context. One observer per process; NULL removes it. */
typedef void (*mgu_decline_observer)(enum mgu_decline d, int level, const char *fmt, va_list ap);
void mgu_decline_set_observer(mgu_decline_observer fn);

#define MGU_DECLINE(id, ...)                                                                       \
   do {                                                                                            \
      static atomic_flag mgu_decline_site_ = ATOMIC_FLAG_INIT;                                     \
      mgu_decline_hit(MGU_DECLINE_##id, &mgu_decline_site_, __VA_ARGS__);                          \
   } while (0)

/* A tally of its own for one server session among many in a process (the tcp server): while
 * a thread has one, the declines it hits are counted there (and in the process's total) and
 * logged once per site *for that tally*, so each session logs its own first hit. Used by the
 * one thread that serves the session. */
#define MGU_DECLINE_TALLY_SITES 128
struct mgu_decline_tally {
   _Atomic uint64_t counts[MGU_DECLINE_COUNT];
   const void *logged[MGU_DECLINE_TALLY_SITES]; /* the sites (their flags) already logged */
   unsigned logged_count;
};
/* t NULL: this thread goes back to the process's tally. */
void mgu_decline_set_thread_tally(struct mgu_decline_tally *t);
uint64_t mgu_decline_tally_count(const struct mgu_decline_tally *t, enum mgu_decline d);
/* Like mgu_decline_print_tally, for one tally. */
int mgu_decline_print_tally_of(const struct mgu_decline_tally *t);

/* Prints "MGL-DECLINES name=count ..." (non-zero rows) to stderr and the role's log; called
 * at shutdown by each role. Returns the number of non-zero rows. */
int mgu_decline_print_tally(void);

#endif
