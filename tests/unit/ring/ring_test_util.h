/* ring_test_util.h — checks, a watchdog and a PRNG shared by the ring/stage unit tests. */
#ifndef RING_TEST_UTIL_H
#define RING_TEST_UTIL_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Fails the whole test (from any thread) with a message. */
#define CHECK(cond, ...)                                                                           \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond);                  \
         fprintf(stderr, __VA_ARGS__);                                                             \
         fputc('\n', stderr);                                                                      \
         exit(1);                                                                                  \
      }                                                                                            \
   } while (0)

static inline void
watchdog_fire(int sig)
{
   (void)sig;
   static const char msg[] = "FAIL: watchdog expired: the test hung (lost wake-up?)\n";
   ssize_t n = write(2, msg, sizeof(msg) - 1);
   (void)n;
   _exit(3);
}

/* A hang is a failure, not a stuck CI job. */
static inline void
watchdog_start(unsigned seconds)
{
   struct sigaction sa;
   setvbuf(stdout, NULL, _IOLBF, 0); /* progress stays visible if the watchdog fires */
   memset(&sa, 0, sizeof(sa));
   sa.sa_handler = watchdog_fire;
   sigaction(SIGALRM, &sa, NULL);
   alarm(seconds);
}

static inline uint64_t
splitmix64(uint64_t *state)
{
   uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
   z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
   z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
   return z ^ (z >> 31);
}

static inline void
sleep_ns(long ns)
{
   struct timespec ts = {.tv_sec = ns / 1000000000L, .tv_nsec = ns % 1000000000L};
   while (nanosleep(&ts, &ts) != 0)
      ;
}

static inline double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Waits (polling, up to `seconds`) until *counter >= 1: "the other thread is asleep now",
 * without betting on a fixed delay on a loaded machine. */
static inline bool
wait_for_sleeper(_Atomic uint64_t *counter, double seconds)
{
   double end = now_s() + seconds;
   while (atomic_load(counter) < 1) {
      if (now_s() > end)
         return false;
      sleep_ns(1000000L);
   }
   return true;
}

#endif /* RING_TEST_UTIL_H */
