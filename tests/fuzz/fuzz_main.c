/* fuzz_main.c — runs a fuzz target's entry point over files without libFuzzer, so every input
 * the fuzzers ever crashed on stays a plain test in the normal and sanitizer builds.
 *
 *   mgl-fuzz-TARGET PATH...   each PATH a file or a folder of files (not recursive)
 *   mgl-fuzz-TARGET --sweep STRIDE[:PHASE] [--write DIR] FILE...
 *                             each FILE a captured stream (the replay and ring targets' seeds),
 *                             and every STRIDE-th of its deterministic mutations from PHASE
 *                             run (or written to DIR, one file each, to keep a crasher)
 *   mgl-fuzz-TARGET --sweep /COUNT[:PHASE] ...
 *                             the same with the stride chosen so that about COUNT run: a lane's
 *                             time stays bounded as seeds are added to the corpus
 *
 * The sweep sets every 4-byte field of every record to each edge32 value, every 8-byte field to
 * each edge64 value and to the handles {0..15, 1}, and deletes, repeats and swaps each frame.
 * Random mutation can take a long time to hit one field at one value; the sweep hits each, in
 * an order that does not change, so a crash it finds is found again. Each input's line names
 * it, so the last line before a crash is the culprit.
 *
 * Exit 0 when every input ran; a crash or a sanitizer report ends the process as it would in
 * the fuzzer. An empty folder is an error: a regression test that ran nothing proves nothing. */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_edges.h"
#include "fuzz_frames.h"
#include "pipe_codec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* The file's bytes in an exact-size heap copy, as libFuzzer gives: a read past the input is an
 * ASan report. NULL when it cannot be read. */
static uint8_t *
read_whole(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      fprintf(stderr, "fuzz-replay: cannot open %s\n", path);
      return NULL;
   }
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint8_t *buf = n >= 0 ? malloc(n > 0 ? (size_t)n : 1) : NULL;
   if (!buf || (n > 0 && fread(buf, 1, (size_t)n, f) != (size_t)n)) {
      fprintf(stderr, "fuzz-replay: cannot read %s\n", path);
      free(buf);
      fclose(f);
      return NULL;
   }
   fclose(f);
   *size = (size_t)n;
   return buf;
}

static int
run_file(const char *path)
{
   size_t n;
   uint8_t *buf = read_whole(path, &n);
   if (!buf)
      return -1;
   fprintf(stderr, "fuzz-replay: %s (%zu bytes)\n", path, n);
   LLVMFuzzerTestOneInput(buf, n);
   free(buf);
   return 1;
}

/* ---- the deterministic sweep -------------------------------------------------------------- */

enum sweep_kind { SWEEP_SET32, SWEEP_SET64, SWEEP_DELETE, SWEEP_REPEAT, SWEEP_SWAP };

struct sweep {
   unsigned long stride, phase;
   const char *write_dir;
   unsigned long index; /* mutations enumerated so far, across files */
   unsigned long done;  /* of them run or written */
   bool counting;       /* only enumerate (the first pass of --sweep /COUNT) */
   bool failed;
};

struct sweep_op {
   enum sweep_kind kind;
   size_t frame;  /* index into the frames */
   size_t offset; /* SET: bytes into the record's fields (after its header) */
   uint64_t value;
};

static size_t
frame_size(const struct fuzz_frame *f)
{
   return sizeof(struct mgp_frame) + f->h.size;
}

/* The input with op applied, in a buffer of exactly its size. */
static uint8_t *
sweep_apply(const uint8_t *data, size_t size, const struct fuzz_frame *fr,
            const struct sweep_op *op, size_t *out_size)
{
   const struct fuzz_frame *f = &fr[op->frame];
   size_t out_n = size;
   if (op->kind == SWEEP_DELETE)
      out_n -= frame_size(f);
   else if (op->kind == SWEEP_REPEAT)
      out_n += frame_size(f);
   uint8_t *out = malloc(out_n ? out_n : 1);
   if (!out)
      return NULL;
   switch (op->kind) {
   case SWEEP_SET32:
   case SWEEP_SET64: {
      memcpy(out, data, size);
      uint8_t *field =
         out + f->at + sizeof(struct mgp_frame) + sizeof(struct mgp_record_header) + op->offset;
      if (op->kind == SWEEP_SET32) {
         const uint32_t v = (uint32_t)op->value;
         memcpy(field, &v, 4);
      } else {
         memcpy(field, &op->value, 8);
      }
      break;
   }
   case SWEEP_DELETE:
      memcpy(out, data, f->at);
      memcpy(out + f->at, data + f->at + frame_size(f), size - f->at - frame_size(f));
      break;
   case SWEEP_REPEAT:
      memcpy(out, data, f->at + frame_size(f));
      memcpy(out + f->at + frame_size(f), data + f->at, size - f->at);
      break;
   case SWEEP_SWAP: {
      const struct fuzz_frame *g = &fr[op->frame + 1];
      memcpy(out, data, size);
      memcpy(out + f->at, data + g->at, frame_size(g));
      memcpy(out + f->at + frame_size(g), data + f->at, frame_size(f));
      break;
   }
   }
   *out_size = out_n;
   return out;
}

static void
sweep_one(struct sweep *sw, const char *path, const uint8_t *data, size_t size,
          const struct fuzz_frame *fr, const struct sweep_op *op)
{
   static const char *const names[] = {"set32", "set64", "delete", "repeat", "swap"};
   const unsigned long index = sw->index++;
   if (sw->counting || sw->failed || index % sw->stride != sw->phase)
      return;
   size_t m;
   uint8_t *buf = sweep_apply(data, size, fr, op, &m);
   if (!buf) {
      sw->failed = true;
      return;
   }
   const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
   fprintf(stderr, "fuzz-sweep: %s #%lu: frame %zu %s +%zu = 0x%llx\n", base, index, op->frame,
           names[op->kind], op->offset, (unsigned long long)op->value);
   if (sw->write_dir) {
      char out[4096];
      snprintf(out, sizeof(out), "%s/%s-sweep-%lu", sw->write_dir, base, index);
      FILE *f = fopen(out, "wb");
      if (!f || fwrite(buf, 1, m, f) != m) {
         fprintf(stderr, "fuzz-sweep: cannot write %s: %s\n", out, strerror(errno));
         sw->failed = true;
      }
      if (f)
         fclose(f);
   } else {
      LLVMFuzzerTestOneInput(buf, m);
   }
   free(buf);
   sw->done++;
}

static int
sweep_file(struct sweep *sw, const char *path)
{
   size_t size;
   uint8_t *data = read_whole(path, &size);
   if (!data)
      return -1;
   size_t n = 0, cap = 0, pos = 0;
   struct fuzz_frame *fr = NULL, f;
   while (fuzz_next_frame(data, size, &pos, &f)) {
      if (n == cap) {
         cap = cap ? 2 * cap : 64;
         struct fuzz_frame *grown = realloc(fr, cap * sizeof(*fr));
         if (!grown)
            break;
         fr = grown;
      }
      fr[n++] = f;
   }
   size_t records = 0;
   const unsigned long done0 = sw->done;
   for (size_t i = 0; i < n; i++) {
      const struct mgp_frame *h = &fr[i].h;
      if (h->kind != MGP_FRAME_RECORD || h->a < sizeof(struct mgp_record_header) || h->a > h->size)
         continue;
      records++;
      const size_t len = h->a - sizeof(struct mgp_record_header);
      for (size_t o = 0; o + 4 <= len; o += 4)
         for (size_t v = 0; v < sizeof(edge32) / sizeof(edge32[0]); v++)
            sweep_one(sw, path, data, size, fr, &(struct sweep_op){SWEEP_SET32, i, o, edge32[v]});
      for (size_t o = 0; o + 8 <= len; o += 8) {
         for (size_t v = 0; v < sizeof(edge64) / sizeof(edge64[0]); v++)
            sweep_one(sw, path, data, size, fr, &(struct sweep_op){SWEEP_SET64, i, o, edge64[v]});
         for (uint64_t slot = 0; slot < 16; slot++) /* a handle {slot, generation 1} */
            sweep_one(sw, path, data, size, fr,
                      &(struct sweep_op){SWEEP_SET64, i, o, slot | 1ull << 32});
      }
   }
   for (size_t i = 0; i < n; i++) {
      sweep_one(sw, path, data, size, fr, &(struct sweep_op){SWEEP_DELETE, i, 0, 0});
      sweep_one(sw, path, data, size, fr, &(struct sweep_op){SWEEP_REPEAT, i, 0, 0});
      if (i + 1 < n)
         sweep_one(sw, path, data, size, fr, &(struct sweep_op){SWEEP_SWAP, i, 0, 0});
   }
   free(fr);
   free(data);
   if (!records) {
      fprintf(stderr, "fuzz-sweep: %s holds no record frame\n", path);
      return -1;
   }
   if (sw->counting)
      return 0;
   fprintf(stderr, "fuzz-sweep: %s: %zu frames, %zu records, %lu inputs\n", path, n, records,
           sw->done - done0);
   return sw->failed ? -1 : (int)(sw->done - done0);
}

static int
sweep_files(struct sweep *sw, int count, char **paths)
{
   for (int i = 0; i < count; i++)
      if (sweep_file(sw, paths[i]) < 0) {
         fprintf(stderr, "fuzz-sweep: FAIL: %s\n", paths[i]);
         return -1;
      }
   return 0;
}

static int
sweep_main(int argc, char **argv)
{
   struct sweep sw = {.stride = 1};
   const bool by_count = argv[2][0] == '/';
   char *end;
   const unsigned long n = strtoul(argv[2] + by_count, &end, 10);
   if (*end == ':')
      sw.phase = strtoul(end + 1, &end, 10);
   if (*end || !n || (!by_count && sw.phase >= n)) {
      fprintf(stderr, "fuzz-sweep: STRIDE[:PHASE] with PHASE < STRIDE, or /COUNT[:PHASE], not %s\n",
              argv[2]);
      return 2;
   }
   int first = 3;
   if (first + 1 < argc && !strcmp(argv[first], "--write")) {
      sw.write_dir = argv[first + 1];
      first += 2;
   }
   if (first >= argc) {
      fprintf(stderr, "fuzz-sweep: no input file\n");
      return 2;
   }
   sw.stride = n;
   if (by_count) { /* enumerate once to learn the total, then spread COUNT over it */
      sw.counting = true;
      if (sweep_files(&sw, argc - first, argv + first) < 0)
         return 1;
      sw.stride = sw.index / n ? sw.index / n : 1;
      sw.phase %= sw.stride;
      fprintf(stderr, "fuzz-sweep: %lu mutations; every %lu-th from %lu\n", sw.index, sw.stride,
              sw.phase);
      sw.counting = false;
      sw.index = 0;
   }
   if (sweep_files(&sw, argc - first, argv + first) < 0)
      return 1;
   if (!sw.done) { /* a sweep that ran nothing proves nothing */
      fprintf(stderr, "fuzz-sweep: FAIL: none of %lu mutations selected\n", sw.index);
      return 1;
   }
   fprintf(stderr, "fuzz-sweep: %lu of %lu mutations %s\n", sw.done, sw.index,
           sw.write_dir ? "written" : "ran");
   return 0;
}

static int
cmp_names(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
run_path(const char *path)
{
   struct stat st;
   if (stat(path, &st) != 0) {
      fprintf(stderr, "fuzz-replay: %s does not exist\n", path);
      return -1;
   }
   if (!S_ISDIR(st.st_mode))
      return run_file(path);
   DIR *d = opendir(path);
   if (!d)
      return -1;
   char **names = NULL;
   size_t count = 0;
   struct dirent *e;
   while ((e = readdir(d))) {
      if (e->d_name[0] == '.')
         continue;
      char **grown = realloc(names, (count + 1) * sizeof(*names));
      if (!grown)
         break;
      names = grown;
      size_t len = strlen(path) + strlen(e->d_name) + 2;
      names[count] = malloc(len);
      snprintf(names[count++], len, "%s/%s", path, e->d_name);
   }
   closedir(d);
   qsort(names, count, sizeof(*names), cmp_names);
   int ran = 0;
   for (size_t i = 0; i < count; i++) {
      int r = run_file(names[i]);
      if (r < 0)
         ran = -1;
      else if (ran >= 0)
         ran += r;
      free(names[i]);
   }
   free(names);
   return ran;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s PATH... | --sweep STRIDE[:PHASE] [--write DIR] FILE...\n",
              argv[0]);
      return 2;
   }
   LLVMFuzzerInitialize(&argc, &argv);
   if (argc > 2 && !strcmp(argv[1], "--sweep"))
      return sweep_main(argc, argv);
   int total = 0;
   for (int i = 1; i < argc; i++) {
      int r = run_path(argv[i]);
      if (r <= 0) {
         fprintf(stderr, "fuzz-replay: FAIL: %s: %s\n", argv[i],
                 r == 0 ? "no inputs" : "unreadable");
         return 1;
      }
      total += r;
   }
   fprintf(stderr, "fuzz-replay: %d inputs ran\n", total);
   return 0;
}
