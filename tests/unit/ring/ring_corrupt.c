/* ring_corrupt.c — a hostile peer writes garbage straight into the shared memory. The consumer
 * must answer MGT_RING_CORRUPT (sticky, also from mgt_ring_wait) and never read outside its
 * mapping; the producer must do the same for an impossible tail or applied count; attach must
 * refuse memfds that are not well-formed rings. Run it under ASan: the consumer's mapping sits
 * between PROT_NONE guard pages (checked below), so any stray read would fault. */

#include "ring.h"
#include "ring_test_util.h"

#include <fcntl.h>
#include <setjmp.h>
#include <sys/mman.h>
#include <sys/wait.h>

#define CAP 4096u

struct pair {
   struct mgt_ring prod, cons;
};

static void
open_pair(struct pair *pr)
{
   CHECK(mgt_ring_create(&pr->prod, CAP) == MGT_RING_OK, "create");
   CHECK(mgt_ring_attach(&pr->cons, pr->prod.fd) == MGT_RING_OK, "attach");
}

static void
close_pair(struct pair *pr)
{
   mgt_ring_detach(&pr->cons);
   mgt_ring_destroy(&pr->prod);
}

/* An honest record through the API, consumed at once: moves both sides forward by `size`. */
static void
honest_roundtrip(struct pair *pr, uint32_t size)
{
   unsigned char *p = mgt_ring_reserve(&pr->prod, size);
   CHECK(p, "reserve %u", size);
   struct mgt_ring_record_header h = {.size = size, .kind = 1, .aux = 0};
   memcpy(p, &h, sizeof(h));
   CHECK(mgt_ring_commit(&pr->prod) == MGT_RING_OK, "commit");
   uint32_t got;
   const unsigned char *c = mgt_ring_peek(&pr->cons, &got);
   CHECK(c && got == size, "honest record of %u not delivered", size);
   mgt_ring_release(&pr->cons);
}

/* The hostile producer: a header at data offset `off` and a raw head value. */
static void
hostile(struct pair *pr, uint64_t off, uint32_t size, uint16_t kind, uint64_t head)
{
   struct mgt_ring_record_header h = {.size = size, .kind = kind, .aux = 0xBAD};
   memcpy(pr->prod.data + off, &h, sizeof(h));
   atomic_store(&pr->prod.shared->head, head);
}

static void
expect_corrupt(struct pair *pr, const char *what)
{
   uint32_t size = 0xDEAD;
   const void *p = mgt_ring_peek(&pr->cons, &size);
   CHECK(p == NULL, "%s: peek returned a record", what);
   CHECK(mgt_ring_error(&pr->cons) == MGT_RING_CORRUPT, "%s: error %d, expected CORRUPT", what,
         mgt_ring_error(&pr->cons));
   CHECK(mgt_ring_wait(&pr->cons) == MGT_RING_CORRUPT, "%s: wait must report CORRUPT", what);
   /* Sticky: an honest-looking record afterwards does not revive the side. */
   hostile(pr, pr->cons.tail & (CAP - 1), 8, 1, pr->cons.tail + 8);
   CHECK(mgt_ring_peek(&pr->cons, &size) == NULL, "%s: not sticky", what);
   CHECK(mgt_ring_error(&pr->cons) == MGT_RING_CORRUPT, "%s: error not sticky", what);
   printf("ring_corrupt: %-52s -> MGT_RING_CORRUPT\n", what);
}

static void
expect_record(struct pair *pr, uint32_t want, const char *what)
{
   uint32_t size = 0;
   const unsigned char *p = mgt_ring_peek(&pr->cons, &size);
   CHECK(p, "%s: no record (error %d)", what, mgt_ring_error(&pr->cons));
   CHECK(size == want, "%s: size %u, expected %u", what, size, want);
   CHECK(p >= pr->cons.data && p + size <= pr->cons.data + CAP, "%s: out of bounds", what);
   mgt_ring_release(&pr->cons);
   CHECK(mgt_ring_error(&pr->cons) == MGT_RING_OK, "%s: error", what);
   printf("ring_corrupt: %-52s -> accepted\n", what);
}

/* One fresh ring per hostile header. */
static void
hostile_headers(void)
{
   struct pair pr;
   static const struct {
      const char *what;
      uint32_t size;
      uint16_t kind;
      uint64_t head;
   } at_zero[] = {
      {"size 0", 0, 1, 16},
      {"size 12 (not a multiple of 8)", 12, 1, 16},
      {"size 4 (smaller than the header)", 4, 1, 16},
      {"size 0xFFFFFFF8 (huge)", 0xFFFFFFF8u, 1, 16},
      {"size 0x80000000 (huge, multiple of 8)", 0x80000000u, 1, CAP},
      {"size larger than what head publishes", 64, 1, 16},
      {"size capacity/2 + 8 (over the record limit)", CAP / 2 + 8, 1, CAP / 2 + 8},
      {"size capacity + 8 (past the data end)", CAP + 8, 1, CAP},
      {"PAD not reaching the data end", 16, MGT_RING_KIND_PAD, 24},
      {"PAD of size 0", 0, MGT_RING_KIND_PAD, 8},
      {"head not 8-aligned", 8, 1, 12},
      {"head more than capacity ahead", 8, 1, CAP + 8},
      {"head behind tail", 8, 1, UINT64_MAX - 7},
   };
   for (size_t i = 0; i < sizeof(at_zero) / sizeof(at_zero[0]); i++) {
      open_pair(&pr);
      hostile(&pr, 0, at_zero[i].size, at_zero[i].kind, at_zero[i].head);
      expect_corrupt(&pr, at_zero[i].what);
      close_pair(&pr);
   }

   /* Near the data end: move both sides to offset CAP - 16 with honest records first. */
   open_pair(&pr);
   honest_roundtrip(&pr, CAP / 2);
   honest_roundtrip(&pr, CAP / 2 - 16);
   CHECK((pr.cons.tail & (CAP - 1)) == CAP - 16, "setup: tail at %llu",
         (unsigned long long)pr.cons.tail);
   hostile(&pr, CAP - 16, 32, 1, pr.cons.tail + 32);
   expect_corrupt(&pr, "record running past the data end (16 B left)");
   close_pair(&pr);

   open_pair(&pr);
   honest_roundtrip(&pr, CAP / 2);
   honest_roundtrip(&pr, CAP / 2 - 16);
   hostile(&pr, CAP - 16, 8, MGT_RING_KIND_PAD, pr.cons.tail + 16);
   expect_corrupt(&pr, "PAD shorter than the room to the data end");
   close_pair(&pr);

   /* The edges that must still be accepted. */
   open_pair(&pr);
   hostile(&pr, 0, CAP / 2, 1, CAP / 2);
   expect_record(&pr, CAP / 2, "size capacity/2 at offset 0");
   hostile(&pr, CAP / 2, CAP / 2, 1, CAP);
   expect_record(&pr, CAP / 2, "record ending exactly at the data end");
   close_pair(&pr);

   open_pair(&pr);
   honest_roundtrip(&pr, CAP / 2);
   honest_roundtrip(&pr, CAP / 2 - 16);
   hostile(&pr, CAP - 16, 16, MGT_RING_KIND_PAD, pr.cons.tail + 16 + 24);
   hostile(&pr, 0, 24, 1, pr.cons.tail + 16 + 24);
   expect_record(&pr, 24, "PAD to the data end, then a record at 0");
   close_pair(&pr);
}

/* The consumer turned hostile: the producer must not trust tail or applied_seq either. */
static void
hostile_consumer(void)
{
   struct pair pr;
   open_pair(&pr);
   atomic_store(&pr.cons.shared->tail, 2 * CAP); /* ahead of any head the producer reaches */
   /* Fill until the producer has to look at the tail. */
   void *p = NULL;
   for (int i = 0; i < 3; i++) {
      p = mgt_ring_reserve(&pr.prod, CAP / 2);
      if (!p)
         break;
      CHECK(mgt_ring_commit(&pr.prod) == MGT_RING_OK, "commit");
   }
   CHECK(p == NULL, "producer accepted a tail ahead of head");
   CHECK(mgt_ring_error(&pr.prod) == MGT_RING_CORRUPT, "producer error %d",
         mgt_ring_error(&pr.prod));
   printf("ring_corrupt: %-52s -> MGT_RING_CORRUPT\n", "producer: tail ahead of head");
   close_pair(&pr);

   open_pair(&pr);
   p = mgt_ring_reserve(&pr.prod, 16);
   CHECK(p, "reserve");
   CHECK(mgt_ring_commit(&pr.prod) == MGT_RING_OK, "commit");
   atomic_store(&pr.cons.shared->applied_seq, 5); /* only 1 was published */
   CHECK(mgt_ring_wait_applied(&pr.prod, 1) == MGT_RING_CORRUPT, "applied_seq > published");
   printf("ring_corrupt: %-52s -> MGT_RING_CORRUPT\n", "producer: applied_seq beyond published");
   CHECK(mgt_ring_wait_applied(&pr.prod, 2) == MGT_RING_INVALID, "unpublished seq");
   close_pair(&pr);
}

/* attach must refuse anything but a sealed, well-formed ring memfd. */
static void
bad_attach(void)
{
   struct mgt_ring r;
   int fd = memfd_create("not-sealed", MFD_CLOEXEC);
   CHECK(fd >= 0, "memfd");
   CHECK(ftruncate(fd, 4096 + CAP) == 0, "ftruncate");
   CHECK(mgt_ring_attach(&r, fd) == MGT_RING_INVALID, "unsealed memfd accepted");
   CHECK(r.shared == NULL && r.fd == -1, "failed attach leaves a zeroed struct");
   mgt_ring_detach(&r);
   close(fd);

   int pipefd[2];
   CHECK(pipe(pipefd) == 0, "pipe");
   CHECK(mgt_ring_attach(&r, pipefd[0]) != MGT_RING_OK, "pipe accepted");
   close(pipefd[0]);
   close(pipefd[1]);

   static const struct {
      const char *what;
      size_t off; /* byte offset in the shared header */
      uint64_t value;
      unsigned width;
   } pokes[] = {
      {"bad magic", offsetof(struct mgt_ring_shared, magic), 0x12345678, 4},
      {"bad version", offsetof(struct mgt_ring_shared, version), 99, 4},
      {"capacity not a power of two", offsetof(struct mgt_ring_shared, capacity), CAP - 8, 8},
      {"capacity larger than the file", offsetof(struct mgt_ring_shared, capacity), CAP * 2, 8},
      {"capacity huge", offsetof(struct mgt_ring_shared, capacity), UINT64_C(1) << 62, 8},
      {"data_offset not 64-aligned", offsetof(struct mgt_ring_shared, data_offset), 4100, 8},
      {"data_offset inside the header", offsetof(struct mgt_ring_shared, data_offset), 64, 8},
      {"data_offset huge", offsetof(struct mgt_ring_shared, data_offset), UINT64_MAX - 63, 8},
      {"tail not 8-aligned", offsetof(struct mgt_ring_shared, tail), 3, 8},
   };
   for (size_t i = 0; i < sizeof(pokes) / sizeof(pokes[0]); i++) {
      struct mgt_ring prod;
      CHECK(mgt_ring_create(&prod, CAP) == MGT_RING_OK, "create");
      unsigned char *hdr = (unsigned char *)prod.shared;
      if (pokes[i].width == 4) {
         uint32_t v = (uint32_t)pokes[i].value;
         memcpy(hdr + pokes[i].off, &v, 4);
      } else {
         memcpy(hdr + pokes[i].off, &pokes[i].value, 8);
      }
      CHECK(mgt_ring_attach(&r, prod.fd) == MGT_RING_INVALID, "attach accepted: %s", pokes[i].what);
      printf("ring_corrupt: attach %-45s -> MGT_RING_INVALID\n", pokes[i].what);
      mgt_ring_destroy(&prod);
   }

   CHECK(mgt_ring_create(&r, 1000) == MGT_RING_INVALID, "capacity 1000 accepted");
   CHECK(mgt_ring_create(&r, 128) == MGT_RING_INVALID, "capacity 128 accepted");
   mgt_ring_destroy(&r);
}

/* The consumer's data area ends at a guard page: a read one byte past it must fault. Run in a
 * child so the fault ends only the child; our own SIGSEGV handler reports it (under ASan too). */
static void
segv_exit(int sig)
{
   (void)sig;
   _exit(42);
}

static void
guard_pages(void)
{
   struct pair pr;
   open_pair(&pr);
   fflush(stdout);
   pid_t pid = fork();
   CHECK(pid >= 0, "fork");
   if (pid == 0) {
      struct sigaction sa;
      memset(&sa, 0, sizeof(sa));
      sa.sa_handler = segv_exit;
      sigaction(SIGSEGV, &sa, NULL);
      sigaction(SIGBUS, &sa, NULL);
      volatile unsigned char last = pr.cons.data[CAP - 1]; /* inside: fine */
      (void)last;
      volatile unsigned char past = pr.cons.data[CAP]; /* the guard page */
      (void)past;
      _exit(0);
   }
   int status;
   CHECK(waitpid(pid, &status, 0) == pid, "waitpid");
   CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 42,
         "reading past the consumer's data area did not fault (status 0x%x)", status);
   printf("ring_corrupt: %-52s -> faults\n", "one byte past the consumer's data area");
   close_pair(&pr);
}

int
main(void)
{
   watchdog_start(60);
   hostile_headers();
   hostile_consumer();
   bad_attach();
   guard_pages();
   printf("ring_corrupt: PASS\n");
   return 0;
}
