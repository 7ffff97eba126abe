/* fuzz_main.c — runs a fuzz target's entry point over files without libFuzzer, so every input
 * the fuzzers ever crashed on stays a plain test in the normal and sanitizer builds.
 *
 *   mgl-fuzz-TARGET-replay PATH...   each PATH a file or a folder of files (not recursive)
 *
 * Exit 0 when every input ran; a crash or a sanitizer report ends the process as it would in
 * the fuzzer. An empty folder is an error: a regression test that ran nothing proves nothing. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static int
run_file(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f) {
      fprintf(stderr, "fuzz-replay: cannot open %s\n", path);
      return -1;
   }
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   /* An exact-size heap copy, as libFuzzer gives: a read past the input is an ASan report. */
   uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
   if (!buf || (n > 0 && fread(buf, 1, (size_t)n, f) != (size_t)n)) {
      fprintf(stderr, "fuzz-replay: cannot read %s\n", path);
      free(buf);
      fclose(f);
      return -1;
   }
   fclose(f);
   fprintf(stderr, "fuzz-replay: %s (%ld bytes)\n", path, n);
   LLVMFuzzerTestOneInput(buf, (size_t)n);
   free(buf);
   return 1;
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
      fprintf(stderr, "usage: %s PATH...\n", argv[0]);
      return 2;
   }
   LLVMFuzzerInitialize(&argc, &argv);
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
