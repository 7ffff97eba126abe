# glapi.cmake — the GL entry-point layer generated from gl.xml by gen_gl.py (beside this file),
# included by src/frontend/CMakeLists.txt (so CMAKE_CURRENT_SOURCE_DIR is src/frontend).
#   mgl_glapi          (OBJECT) weak declining stubs for every selected command, the entry layer
#                      mgl_entry_glFoo (the glBegin/glEnd gate and display-list recording) and the
#                      name -> mgl_entry_glFoo table behind fe_get_proc_address(); gl_api.h and
#                      gl_entry.h are exported through the generated include dir.
#   mgl_glapi_exports  (OBJECT) exported glFoo() -> mgl_entry_glFoo() wrappers for direct linking
#                      (platforms without glvnd); the lead decides which library carries them.
# Both must be linked as objects ($<TARGET_OBJECTS:...> or target_link_libraries on the OBJECT
# target into a SHARED/EXECUTABLE target), never through a static archive: the front end's strong
# mgl_glFoo definitions override the weak stubs only when every object is in the link.

set(MGL_GL_XML "/usr/share/khronos-api/gl.xml" CACHE FILEPATH "Khronos gl.xml registry")
set(_mgl_gen_gl "${CMAKE_CURRENT_LIST_DIR}/gen_gl.py")
set(_gen_dir "${CMAKE_CURRENT_BINARY_DIR}/glapi/generated")
set(_gen_out
    ${_gen_dir}/gl_api.h ${_gen_dir}/gl_stubs.c ${_gen_dir}/gl_procs.c ${_gen_dir}/gl_exports.c
    ${_gen_dir}/gl_commands.txt ${_gen_dir}/gl_forwards.txt ${_gen_dir}/gl_entry.h
    ${_gen_dir}/gl_entry.c ${_gen_dir}/gl_dlist_kinds.txt)

add_custom_command(
  OUTPUT ${_gen_out}
  COMMAND ${Python3_EXECUTABLE} ${_mgl_gen_gl} --xml ${MGL_GL_XML} --out-dir ${_gen_dir}
  DEPENDS ${_mgl_gen_gl} ${MGL_GL_XML}
  COMMENT "Generating GL entry points from gl.xml"
  VERBATIM)
add_custom_target(mgl_glapi_gen DEPENDS ${_gen_out})

add_library(mgl_glapi OBJECT ${_gen_dir}/gl_stubs.c ${_gen_dir}/gl_procs.c ${_gen_dir}/gl_entry.c
                             ${_gen_dir}/gl_api.h ${_gen_dir}/gl_entry.h)
add_dependencies(mgl_glapi mgl_glapi_gen)
target_include_directories(mgl_glapi PUBLIC ${_gen_dir}
                                     PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})  # fe_egl.h, fe_dlist_entry.h
target_link_libraries(mgl_glapi PUBLIC mgl_util)
set_target_properties(mgl_glapi PROPERTIES C_VISIBILITY_PRESET hidden)

add_library(mgl_glapi_exports OBJECT ${_gen_dir}/gl_exports.c)
add_dependencies(mgl_glapi_exports mgl_glapi_gen)
target_include_directories(mgl_glapi_exports PUBLIC ${_gen_dir})
set_target_properties(mgl_glapi_exports PROPERTIES C_VISIBILITY_PRESET hidden)
