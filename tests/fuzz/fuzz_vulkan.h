/* fuzz_vulkan.h — what the targets that apply records to the real backend (fuzz_replay.c,
 * fuzz_ring.c) share: the process set up for many short Vulkan sessions, and leak checking
 * after a session the GPU watchdog lost. Header-only: each target is one translation unit. */
#ifndef MGL_FUZZ_VULKAN_H
#define MGL_FUZZ_VULKAN_H

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../../src/server/session.h" /* the server's (transport has a session.h too) */

/* A session lost to the GPU watchdog leaves its device running the endless work on the
 * driver's threads (the server's reaper frees it once idle, which may be never). What those
 * threads hold mid-draw is no leak of ours, yet LeakSanitizer cannot see their references
 * (lavapipe's allocations in flight show as direct leaks). So leak checks stop, said on
 * stderr, from the first such input on; every run without one keeps them. */
static atomic_bool device_hung;

int __lsan_is_turned_off(void);

int
__lsan_is_turned_off(void)
{
   return atomic_load(&device_hung);
}

/* Hung devices: each runs its work on the driver's threads (lavapipe's: CPU time) and keeps
 * its memory until the work ends, which for a draw of 2^32 vertices is a minute of CPU. The
 * server holds at most MGL_SERVER_MAX_HUNG_SCREENS and refuses sessions beyond; a target that
 * opened session after session without a cap held them all: the full ring sweep (each of its
 * 44,400 inputs a session) kept every one it made, each taking CPU its later inputs needed
 * (their work then passes the watchdog too) and memory (lavapipe's huge draws grow as they
 * run): it timed out at 5 GB (session 40). So a session waits, as the server's clients do,
 * while MGL_FUZZ_MAX_HUNG (2) are held: for MGL_FUZZ_HUNG_WAIT_S (10; under libFuzzer's
 * -timeout) at most, then the devices held are taken as endless work (the hang corpus asks for
 * it) and not waited for again. The most held at once is printed at exit. */
static const char *fuzz_vulkan_target;
static unsigned hung_most, hung_written_off, hung_waits;

static unsigned
fuzz_env_unsigned(const char *name, unsigned def)
{
   const char *v = getenv(name);
   return v && *v ? (unsigned)strtoul(v, NULL, 10) : def;
}

static void
fuzz_vulkan_report(void)
{
   fprintf(stderr, "%s: at most %u hung devices held at once (%u waits for one to finish)\n",
           fuzz_vulkan_target, hung_most, hung_waits);
}

/* After mgs_session_destroy too: the session's own device, if it hung. */
static void
fuzz_vulkan_note_hung(void)
{
   const unsigned held = mgs_hung_screens();
   if (held > hung_most)
      hung_most = held;
   if (held < hung_written_off) /* an endless one ended after all */
      hung_written_off = held;
}

/* Before mgs_session_create. */
static void
fuzz_vulkan_session_begin(void)
{
   const unsigned cap = fuzz_env_unsigned("MGL_FUZZ_MAX_HUNG", 2);
   fuzz_vulkan_note_hung();
   if (cap == 0 || mgs_hung_screens() < hung_written_off + cap)
      return;
   hung_waits++;
   const unsigned wait_ms = 1000 * fuzz_env_unsigned("MGL_FUZZ_HUNG_WAIT_S", 10);
   for (unsigned ms = 0; mgs_hung_screens() >= hung_written_off + cap; ms += 10) {
      if (ms >= wait_ms) {
         hung_written_off = mgs_hung_screens();
         fprintf(stderr, "%s: %u hung devices still run after %u s: taken as endless work\n",
                 fuzz_vulkan_target, hung_written_off, wait_ms / 1000);
         return;
      }
      nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
   }
}

static void
fuzz_vulkan_init(const char *target)
{
   fuzz_vulkan_target = target;
   atexit(fuzz_vulkan_report);
   setenv("MGL_LOG_LEVEL", "error", 0);
   /* An input may ask for work no device finishes (a billion triangles): the watchdog loses
    * that session after 3 s, well inside libFuzzer's -timeout. */
   setenv("MGL_VK_GPU_TIMEOUT_MS", "3000", 0);
   /* The Vulkan loader unloads the driver with the last instance: each session would load
    * lavapipe (and LLVM) again, and what the driver keeps between its own loads would be
    * reported as leaks of an unloaded module no suppression can name. Held here, it stays. */
   const char *icd = getenv("MGL_FUZZ_VK_DRIVER");
   if (!icd)
      icd = "libvulkan_lvp.so";
   if (*icd && !dlopen(icd, RTLD_NOW | RTLD_NODELETE))
      fprintf(stderr, "%s: %s not held (%s): sessions load it again\n", target, icd, dlerror());
}

/* Before mgs_session_destroy: notes a session the watchdog lost. */
static void
fuzz_vulkan_session_end(struct mgs_session *s, const char *target)
{
   if (atomic_load(&s->fatal) == MGU_FATAL_GpuTimeout && !atomic_exchange(&device_hung, true))
      fprintf(stderr,
              "%s: an input hung the device (Fatal GpuTimeout): its work runs on, so "
              "leak checking is off for the rest of this run\n",
              target);
}

#endif
