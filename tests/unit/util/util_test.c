/* util_test.c — handle allocation (reuse bumps gen, slot 0 never given, limit), and the
 * decline tally (counted every time, logged once per site). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decline.h"
#include "handle_alloc.h"

static int failures;
#define CHECK(cond, msg)                                                                           \
   do {                                                                                            \
      if (!(cond)) {                                                                               \
         failures++;                                                                               \
         printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, msg);                                      \
      }                                                                                            \
   } while (0)

static void
handles(void)
{
   struct mgu_handle_alloc a;
   mgu_handle_alloc_init(&a, 0);
   uint32_t s1, g1, s2, g2, s3, g3;
   CHECK(mgu_handle_alloc_get(&a, &s1, &g1) && s1 == 1 && g1 == 1, "first handle is {1,1}");
   CHECK(mgu_handle_alloc_get(&a, &s2, &g2) && s2 == 2 && g2 == 1, "second handle is {2,1}");
   mgu_handle_alloc_put(&a, s1);
   CHECK(mgu_handle_alloc_get(&a, &s3, &g3) && s3 == 1 && g3 == 2, "reuse bumps gen");
   CHECK(mgu_handle_alloc_live(&a) == 2, "two live");
   /* Dense: many allocations stay below the high-water mark plus one. */
   for (int i = 0; i < 1000; i++) {
      uint32_t s, g;
      mgu_handle_alloc_get(&a, &s, &g);
      mgu_handle_alloc_put(&a, s);
   }
   CHECK(a.high_water == 4, "free list reused before the high-water mark grows");
   mgu_handle_alloc_put(&a, 0); /* the null slot is never taken back */
   mgu_handle_alloc_finish(&a);

   mgu_handle_alloc_init(&a, 3);
   int got = 0;
   uint32_t s, g;
   while (mgu_handle_alloc_get(&a, &s, &g))
      got++;
   CHECK(got == 3, "limit respected");
   mgu_handle_alloc_finish(&a);
}

static void
declines(void)
{
   uint64_t before = mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented);
   for (int i = 0; i < 5; i++)
      MGU_DECLINE(gl_feature_unimplemented, "test site %d", i);
   CHECK(mgu_decline_count(MGU_DECLINE_gl_feature_unimplemented) == before + 5,
         "every hit counted");
   CHECK(
      !strcmp(mgu_decline_name(MGU_DECLINE_gl_feature_unimplemented), "gl-feature-unimplemented"),
      "printed name");
   CHECK(!strcmp(mgu_fatal_name(MGU_FATAL_ProtocolCorruption), "ProtocolCorruption"), "fatal name");
   CHECK(mgu_decline_print_tally() >= 1, "tally prints the row");
}

int
main(void)
{
   handles();
   declines();
   printf("%d failures\n", failures);
   return failures ? 1 : 0;
}
