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

static void
fuzz_vulkan_init(const char *target)
{
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
