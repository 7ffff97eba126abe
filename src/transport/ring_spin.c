/* ring_spin.c — the ring's poll-before-sleep setting (see ring_spin.h). */

#include "ring_spin.h"

#include "log.h"

#include <stdlib.h>
#include <unistd.h>

uint64_t
mgt_ring_spin_setting_ns(long online_cpus)
{
   if (online_cpus <= 0)
      online_cpus = sysconf(_SC_NPROCESSORS_ONLN);
   /* sysconf failing (-1) counts as few CPUs: no poll. */
   const uint64_t def_us = online_cpus > MGT_RING_SPIN_MIN_CPUS ? MGT_RING_SPIN_DEFAULT_US : 0;
   const char *v = getenv("MGL_RING_SPIN_US");
   if (!v || !*v)
      return def_us * 1000u;
   char *end;
   unsigned long long us = strtoull(v, &end, 10);
   if (*end || *v == '-') {
      mgu_warn("MGL_RING_SPIN_US=%s is not a count of microseconds: %llu", v,
               (unsigned long long)def_us);
      return def_us * 1000u;
   }
   return (us > MGT_RING_SPIN_MAX_US ? MGT_RING_SPIN_MAX_US : us) * 1000u;
}
