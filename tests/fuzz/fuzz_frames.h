/* fuzz_frames.h — walking a captured client stream (the frames a tcp client writes after its
 * hello: pipe_stream.h) for the fuzz targets and their mutator. Header-only: each target is one
 * translation unit plus the driver. */
#ifndef MGL_FUZZ_FRAMES_H
#define MGL_FUZZ_FRAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "pipe_stream.h"

/* One frame inside a byte buffer: its header at `at`, its body after it. */
struct fuzz_frame {
   size_t at;
   struct mgp_frame h;
};

/* Reads the frame at *pos; false at the end or when the bytes left cannot hold it (the rest is
 * ignored: a peer that stops mid-frame). */
static inline bool
fuzz_next_frame(const uint8_t *data, size_t size, size_t *pos, struct fuzz_frame *f)
{
   if (*pos > size || size - *pos < sizeof(struct mgp_frame))
      return false;
   memcpy(&f->h, data + *pos, sizeof(f->h));
   if (f->h.size > size - *pos - sizeof(struct mgp_frame))
      return false;
   f->at = *pos;
   *pos += sizeof(struct mgp_frame) + f->h.size;
   return true;
}

#endif
