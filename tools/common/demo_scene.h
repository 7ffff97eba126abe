/* demo_scene.h — mgl-demo's cube-grid scene, shared by mgl-demo and mgl-bench's frame case.
 * Needs a current OpenGL 3.3 core (or OpenGL ES 3.0) context with a depth buffer. */
#ifndef MGL_TOOLS_DEMO_SCENE_H
#define MGL_TOOLS_DEMO_SCENE_H

#include <stdbool.h>

struct demo_scene;

/* Loads the GL entry points, builds the program, geometry and textures for a width x height
 * target and a grid x grid cube grid, and sets the scene's render state. NULL on failure
 * (printed to stderr). */
struct demo_scene *demo_scene_create(int width, int height, int grid);
/* Draws frame number `frame` (it sets the cubes' spin); returns the draw calls issued. */
int demo_scene_draw_frame(const struct demo_scene *sc, int frame);
void demo_scene_destroy(struct demo_scene *sc); /* accepts NULL */

/* The first lines of a GLSL source for the current context: "#version 330 core" on OpenGL,
 * "#version 300 es" and a default float precision on OpenGL ES (GL_VERSION "OpenGL ES ...").
 * The tools' sources start after it, so one text serves both APIs. */
const char *demo_glsl_header(void);

/* Drains the GL error queue; false (after printing "<prog>: GL error after <where>") if any. */
bool demo_gl_check(const char *prog, const char *where);

#endif
