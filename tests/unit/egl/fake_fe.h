/* fake_fe.h — a trivial GL front end behind src/frontend/fe_egl.h, so the EGL layer is tested
 * alone. Its counters are readable directly (test_egl_direct) or, from a process that reaches
 * the fake only through glvnd, through glGetIntegerv(FAKE_FE_PNAME_*). */
#ifndef MGL_TEST_FAKE_FE_H
#define MGL_TEST_FAKE_FE_H

#include <stdbool.h>

#include "fe_egl.h"

/* glGetIntegerv pnames the fake answers (outside every GL enum range). */
#define FAKE_FE_PNAME_GET_ERROR_CALLS 0x7FFF0001
#define FAKE_FE_PNAME_CONTEXT_MAJOR 0x7FFF0002
#define FAKE_FE_PNAME_CONTEXT_MINOR 0x7FFF0003
#define FAKE_FE_PNAME_CONTEXT_API 0x7FFF0004

struct fake_fe_stats {
   int contexts_created, contexts_destroyed, contexts_live;
   int surfaces_created, surfaces_destroyed, surfaces_live;
   int destroy_while_current; /* fe_*_destroy called on a bound object (EGL should defer) */
   int make_current_calls;
   int swaps;
   int last_swap_interval;
   int gl_errors_recorded; /* fe_gl_error calls */
   int get_error_calls;    /* the fake's strong mgl_glGetError */
   int egl_reentries;      /* FAKE_FE_REENTER_EGL calls of eglReleaseThread */
   struct fe_context_desc last_desc;
   struct fe_context *last_share;
   int last_pbuffer_width, last_pbuffer_height;
};

extern struct fake_fe_stats fake_fe_stats;
/* The next fe_context_create fails with this status (once), when not FE_OK. */
extern enum fe_status fake_fe_fail_next_context;
/* What fe_compat_profile_enabled answers (MGL_COMPAT_PROFILE in the real front end). */
extern bool fake_fe_compat_profile;
/* The highest desktop version the fake "backend" meets (major * 10 + minor, default 33): a
 * request above it fails as fe_context_create does (FE_BAD_MATCH), one at or below it gets it. */
extern int fake_fe_gl_version;
/* What fe_config_sample_counts answers (bit n: 2^n samples); 1 and 4 unless a test sets it. */
extern uint32_t fake_fe_sample_counts;

#endif
