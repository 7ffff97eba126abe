/* chunk_frame.h — mgl-bench's frame_1500 workload: a voxel-game-like frame of 1,536 draws over
 * many small per-chunk buffers, a uniform-block update per group of 16 draws and a few render
 * state and program switches. Needs a current OpenGL 3.3 core (or OpenGL ES 3.0) context with a
 * depth buffer. */
#ifndef MGL_TOOLS_BENCH_CHUNK_FRAME_H
#define MGL_TOOLS_BENCH_CHUNK_FRAME_H

struct chunk_frame;

/* Loads the GL entry points, builds the programs, the chunks' vertex arrays and buffers and the
 * uniform block. NULL on failure (printed to stderr). */
struct chunk_frame *chunk_frame_create(void);
/* Draws frame number `frame` (it moves the groups a little); returns the draw calls issued. The
 * caller ends the frame (eglSwapBuffers). */
int chunk_frame_draw(const struct chunk_frame *cf, int frame);
void chunk_frame_destroy(struct chunk_frame *cf); /* accepts NULL */

#endif
