#!/usr/bin/env python3
"""gen_gl.py -- generate mgl's GL entry-point layer from the Khronos registry (gl.xml).

Selection (exactly):
  * OpenGL 3.3 in both profiles: features GL_VERSION_1_0 .. GL_VERSION_3_3 (api "gl"), every
    <require> block, ignoring <remove> (the compatibility profile keeps what core removes: the
    front end raises GL_INVALID_OPERATION for a removed command in a core context);
  * OpenGL 4.0 .. 4.6 core: features GL_VERSION_4_0 .. GL_VERSION_4_6, every <require> block
    that is not profile="compatibility" (issue 20: a command the front end does not define yet
    stays the declining stub, listed in tests/gate/entry_points_allow.txt);
  * OpenGL ES 2.0 .. 3.2: features GL_ES_VERSION_2_0 .. GL_ES_VERSION_3_2 (api "gles2");
  * the extensions GL_KHR_debug, GL_ARB_robustness, GL_KHR_robustness and GL_EXT_robustness
    (every <require> for api gl or gles2 that is not compatibility-profile only), so that
    glGetGraphicsResetStatus{,ARB,EXT,KHR} and the KHR-suffixed ES debug names exist; and
    GL_EXT_provoking_vertex (glProvokingVertexEXT, which mgl advertises: GL 3.2 made it core);
    GL_ARB_texture_storage and GL_ARB_texture_storage_multisample (glTexStorage1D/2D/3D and
    glTexStorage2D/3DMultisample on desktop GL); and the OpenGL ES extensions
    GL_EXT_discard_framebuffer, GL_EXT_draw_buffers and GL_OES_vertex_array_object (ES 2.0
    contexts reach them through eglGetProcAddress); GL_KHR_parallel_shader_compile and
    GL_ARB_parallel_shader_compile (glMaxShaderCompilerThreads{KHR,ARB}: fe_shader.c);
    GL_NV_texture_barrier (glTextureBarrierNV: fe_compute.c); GL_KHR_blend_equation_advanced
    (glBlendBarrierKHR: fe_state.c); GL_ARB_gpu_shader_int64
    (glUniform*i64ARB ...: fe_uniform.c);
  * the commands of COMPAT_EXTENSIONS (GL_ARB_vertex_program, GL_ARB_fragment_program,
    GL_ARB_shader_objects) that are not aliases of selected ones: compatibility contexts define
    them (fe_arbp.c, fe_compat_shader_objects.c), core contexts raise GL_INVALID_OPERATION;
  * GL_ARB_robustness's compatibility-profile map, pixel map and polygon stipple queries
    (COMPAT_ROBUSTNESS_COMMANDS), defined the same way;
  * the OpenGL ES extensions in ES_EXTENSIONS (api gles2 or unspecified <require> blocks), whose
    commands are ES 3.0 or GL 3.3 commands under an extension's name; and GL_EXT_framebuffer_object
    the same way (the compatibility profile lists it: GLX programs such as desktop glmark2 load
    only its EXT names).

Forwarders: a command of an ES_EXTENSIONS extension whose equivalent is selected gets, as its
weak default, a call to that equivalent instead of a decline. Its equivalent is the <alias> the
registry gives it, else the same name without its vendor suffix (OES, EXT, NV) when the
parameter types are the same (GLenum, GLint and GLuint scalars count as one) (glTexImage3DOES and glGenQueriesEXT have no <alias>). The front
end overrides a forwarder with a strong definition where the extension's errors differ (e.g.
glMapBufferOES takes WRITE_ONLY only).

Outputs (into --out-dir, i.e. the build tree; never committed):
  gl_api.h      hidden prototypes  RET mgl_glFoo(PARAMS);  and  void fe_gl_error(GLenum);
  gl_stubs.c    weak defaults: each a named decline site (gl_entry_unimplemented) that raises
                GL_INVALID_OPERATION through fe_gl_error() and returns 0
  gl_procs.c    sorted {"glFoo", mgl_entry_glFoo} table and fe_get_proc_address() (bsearch)
  gl_exports.c  exported glFoo() -> mgl_entry_glFoo() wrappers for direct linking (no glvnd)
  gl_entry.h    hidden prototypes  RET mgl_entry_glFoo(PARAMS);  and the display-list opcodes
  gl_entry.c    the entry layer: mgl_entry_glFoo() calls mgl_glFoo() unless the calling thread's
                entry mode (fe_entry_mode) is set; then a generated slow path per command applies
                the glBegin/glEnd gate and records the command into the display list being
                compiled (see ENTRY LAYER below); and mgl_dl_replay(), which executes one
                recorded command
  gl_commands.txt  the selected names, one a line

Prints "gen_gl: N commands selected". Python 3 standard library only.
"""

import argparse
import os
import sys
import xml.etree.ElementTree as ET

GL_FEATURES = ["GL_VERSION_1_0", "GL_VERSION_1_1", "GL_VERSION_1_2", "GL_VERSION_1_3",
               "GL_VERSION_1_4", "GL_VERSION_1_5", "GL_VERSION_2_0", "GL_VERSION_2_1",
               "GL_VERSION_3_0", "GL_VERSION_3_1", "GL_VERSION_3_2", "GL_VERSION_3_3",
               "GL_VERSION_4_0", "GL_VERSION_4_1", "GL_VERSION_4_2", "GL_VERSION_4_3",
               "GL_VERSION_4_4", "GL_VERSION_4_5", "GL_VERSION_4_6"]
GLES_FEATURES = ["GL_ES_VERSION_2_0", "GL_ES_VERSION_3_0", "GL_ES_VERSION_3_1",
                 "GL_ES_VERSION_3_2"]
EXTENSIONS = ["GL_KHR_debug", "GL_ARB_robustness", "GL_KHR_robustness", "GL_EXT_robustness",
              "GL_EXT_provoking_vertex", "GL_ARB_texture_storage",
              "GL_ARB_texture_storage_multisample", "GL_EXT_discard_framebuffer",
              "GL_EXT_draw_buffers", "GL_OES_vertex_array_object", "GL_KHR_parallel_shader_compile",
              "GL_ARB_parallel_shader_compile", "GL_NV_texture_barrier",
              "GL_KHR_blend_equation_advanced",
              "GL_ARB_gpu_shader_int64"]
ES_EXTENSIONS = ["GL_OES_mapbuffer", "GL_EXT_map_buffer_range", "GL_EXT_instanced_arrays",
                 "GL_EXT_draw_instanced", "GL_OES_texture_3D", "GL_EXT_occlusion_query_boolean",
                 "GL_EXT_multi_draw_arrays", "GL_EXT_draw_elements_base_vertex",
                 "GL_OES_draw_elements_base_vertex", "GL_NV_read_buffer",
                 "GL_NV_conditional_render", "GL_EXT_texture_border_clamp",
                 "GL_OES_texture_border_clamp", "GL_EXT_framebuffer_object",
                 "GL_OES_get_program_binary", "GL_OES_texture_storage_multisample_2d_array",
                 "GL_EXT_draw_buffers_indexed", "GL_OES_draw_buffers_indexed",
                 "GL_OES_sample_shading", "GL_EXT_copy_image", "GL_OES_copy_image",
                 "GL_EXT_geometry_shader", "GL_OES_geometry_shader",
                 "GL_EXT_primitive_bounding_box", "GL_OES_primitive_bounding_box",
                 "GL_EXT_tessellation_shader", "GL_OES_tessellation_shader",
                 "GL_EXT_texture_buffer", "GL_OES_texture_buffer",
                 # GL 4.x features under their ES names (fe_es_ext.c lists them where offered)
                 "GL_EXT_buffer_storage", "GL_EXT_clear_texture", "GL_EXT_clip_control",
                 "GL_EXT_base_instance", "GL_EXT_polygon_offset_clamp",
                 # issue 20, branch esext62b
                 "GL_OES_viewport_array",
                 # issue 20, branch tview62
                 "GL_EXT_texture_view", "GL_OES_texture_view",
                 # issue 20, branch esfmt63: program pipelines in ES 3.0 (its gles2 block only)
                 "GL_EXT_separate_shader_objects"]
SUFFIXES = ["OES", "EXT", "NV"]
# Desktop extensions whose commands older programs call by their ARB/EXT names (chromium-bsu's
# glBindBufferARB, glMapBufferARB): each command gl.xml marks as an alias of a selected one is
# exported and forwards to it (Mesa exports them; through glvnd an unexported name is a stub
# that does nothing). Commands without such an alias (other semantics) are not selected.
DESKTOP_ALIAS_EXTENSIONS = [
    "GL_ARB_vertex_buffer_object", "GL_ARB_multitexture", "GL_ARB_transpose_matrix",
    "GL_ARB_texture_compression", "GL_ARB_point_parameters", "GL_ARB_window_pos",
    "GL_ARB_occlusion_query", "GL_ARB_draw_buffers", "GL_ARB_multisample",
    "GL_ARB_vertex_program", "GL_ARB_vertex_shader", "GL_ARB_shader_objects",
    "GL_ARB_color_buffer_float", "GL_ARB_imaging", "GL_EXT_texture_object",
    "GL_EXT_blend_color", "GL_EXT_blend_minmax", "GL_EXT_blend_func_separate",
    "GL_EXT_blend_equation_separate", "GL_EXT_secondary_color", "GL_EXT_fog_coord",
    "GL_EXT_draw_range_elements", "GL_EXT_texture3D", "GL_EXT_copy_texture", "GL_EXT_subtexture",
    "GL_EXT_point_parameters", "GL_EXT_vertex_array", "GL_EXT_multi_draw_arrays",
    "GL_EXT_stencil_two_side", "GL_EXT_framebuffer_blit", "GL_EXT_framebuffer_object",
    "GL_EXT_polygon_offset_clamp", "GL_ARB_indirect_parameters", "GL_ARB_sample_shading",
    "GL_ARB_texture_buffer_object", "GL_EXT_texture_array", "GL_EXT_framebuffer_multisample",
    "GL_EXT_draw_buffers2", "GL_EXT_timer_query", "GL_ARB_draw_buffers_blend",
    "GL_ARB_debug_output",
    "GL_ATI_draw_buffers", "GL_INGR_blend_func_separate", "GL_MESA_window_pos",
    "GL_ATI_separate_stencil", "GL_ARB_gl_spirv", "GL_ARB_ES3_2_compatibility",
    # issue 20: desktop names Mesa lists whose commands are aliases of core ones
    "GL_EXT_texture_integer", "GL_AMD_draw_buffers_blend", "GL_AMD_multi_draw_indirect",
    "GL_EXT_vertex_attrib_64bit", "GL_EXT_transform_feedback",
]

# Desktop extensions whose commands gl.xml gives no alias but which are the core commands under
# a suffix, with the same parameters (Mesa dispatches them to the core ones): exported and
# forwarded as the aliases above are (gen_gl checks the signatures match: equivalent()).
DESKTOP_SUFFIX_EXTENSIONS = ["GL_EXT_texture_object"]

# Desktop extensions whose own commands (not aliases of selected ones) the front end defines in
# every desktop context: glClearColorIiEXT and glClearColorIuiEXT (fe_state.c),
# glBindBufferOffsetEXT (fe_buffer.c), glLabelObjectEXT and glGetObjectLabelEXT (fe_debug.c),
# glMultiModeDrawArraysIBM and glMultiModeDrawElementsIBM (fe_draw.c), glCopyImageSubDataNV
# (fe_copy_image.c).
DESKTOP_OWN_EXTENSIONS = ["GL_EXT_texture_integer", "GL_EXT_transform_feedback",
                          "GL_EXT_debug_label", "GL_IBM_multimode_draw_arrays",
                          "GL_NV_copy_image"]

# Compatibility-profile extensions whose own commands (those that are not aliases of selected
# ones, which DESKTOP_ALIAS_EXTENSIONS forwards) the front end defines: ARB assembly programs
# (fe_arbp.c) and ARB_shader_objects' handle commands (fe_compat_shader_objects.c).
COMPAT_EXTENSIONS = ["GL_ARB_vertex_program", "GL_ARB_fragment_program", "GL_ARB_shader_objects",
                     "GL_EXT_compiled_vertex_array", "GL_EXT_vertex_array", "GL_MESA_window_pos",
                     "GL_ATI_fragment_shader", "GL_ATI_separate_stencil", "GL_EXT_stencil_two_side",
                     "GL_NV_primitive_restart"]
# GL_ARB_robustness's compatibility-profile commands on state the compatibility profile has
# (evaluator maps, pixel maps, the polygon stipple: fe_eval.c, fe_compat_pixels.c,
# fe_ff_stipple.c); its ARB_imaging ones (glGetnColorTableARB, ...) are not selected, as mgl has
# no imaging subset.
COMPAT_ROBUSTNESS_COMMANDS = ["glGetnMapdvARB", "glGetnMapfvARB", "glGetnMapivARB",
                              "glGetnPixelMapfvARB", "glGetnPixelMapuivARB",
                              "glGetnPixelMapusvARB", "glGetnPolygonStippleARB"]

# Must be selected / must not be selected: the generator fails if these do not hold.
MUST_HAVE = ["glGetStringi", "glDrawArraysInstanced", "glVertexAttribDivisor", "glGetInteger64v",
             "glSamplerParameteri", "glQueryCounter", "glFenceSync", "glClearDepthf",
             "glInvalidateFramebuffer", "glGetGraphicsResetStatus", "glGetGraphicsResetStatusARB",
             "glGetGraphicsResetStatusEXT", "glGetGraphicsResetStatusKHR", "glDebugMessageCallback",
             "glDebugMessageCallbackKHR", "glGetShaderPrecisionFormat", "glReleaseShaderCompiler",
             "glProvokingVertexEXT", "glTexStorage1D", "glTexStorage3DMultisample",
             "glDiscardFramebufferEXT", "glDrawBuffersEXT", "glBindVertexArrayOES", "glIsVertexArrayOES",
             "glMapBufferOES", "glMapBufferRangeEXT", "glVertexAttribDivisorEXT",
             "glTexImage3DOES", "glFramebufferTexture3DOES", "glBeginQueryEXT",
             "glMultiDrawArraysEXT", "glDrawElementsBaseVertexOES", "glReadBufferNV",
             "glBegin", "glVertex3f", "glLoadIdentity", "glEnd", "glMatrixMode", "glNewList",
             "glCallLists", "glPushAttrib", "glWindowPos2i", "glDispatchCompute",
             "glMemoryBarrier", "glShaderStorageBlockBinding", "glBufferStorage",
             "glDrawArraysIndirect", "glCreateBuffers", "glSpecializeShader",
             "glPrimitiveBoundingBox", "glProgramStringARB", "glBindProgramARB",
             "glGetObjectParameterivARB", "glGetHandleARB", "glClearColorIiEXT",
             "glClearColorIuiEXT", "glBindBufferOffsetEXT", "glLabelObjectEXT",
             "glGetObjectLabelEXT", "glMultiModeDrawArraysIBM", "glCopyImageSubDataNV"]
# Must forward to (command: equivalent): checks both ways of finding one.
MUST_FORWARD = {"glMapBufferRangeEXT": "glMapBufferRange", "glTexImage3DOES": "glTexImage3D",
                "glBufferStorageEXT": "glBufferStorage", "glClipControlEXT": "glClipControl",
                "glClearTexSubImageEXT": "glClearTexSubImage",
                "glDrawElementsInstancedBaseVertexBaseInstanceEXT":
                    "glDrawElementsInstancedBaseVertexBaseInstance",
                "glCopyImageSubDataEXT": "glCopyImageSubData",
                "glFramebufferTextureEXT": "glFramebufferTexture",
                "glPatchParameteriOES": "glPatchParameteri",
                "glPrimitiveBoundingBoxEXT": "glPrimitiveBoundingBox",
                "glTexBufferRangeEXT": "glTexBufferRange",
                "glGenQueriesEXT": "glGenQueries", "glBindFramebufferEXT": "glBindFramebuffer",
                "glGenerateMipmapEXT": "glGenerateMipmap",
                "glMinSampleShadingARB": "glMinSampleShading", "glTexBufferARB": "glTexBuffer",
                "glFramebufferTextureLayerEXT": "glFramebufferTextureLayer",
                "glRenderbufferStorageMultisampleEXT": "glRenderbufferStorageMultisample",
                "glColorMaskIndexedEXT": "glColorMaski", "glEnableIndexedEXT": "glEnablei",
                "glGetQueryObjecti64vEXT": "glGetQueryObjecti64v",
                "glGenTexturesEXT": "glGenTextures", "glWindowPos3fMESA": "glWindowPos3f",
                "glTexStorage3DMultisampleOES": "glTexStorage3DMultisample",
                "glBlendFuncSeparateiEXT": "glBlendFuncSeparatei",
                "glColorMaskiOES": "glColorMaski", "glIsEnablediEXT": "glIsEnabledi",
                "glMinSampleShadingOES": "glMinSampleShading",
                "glTexParameterIivEXT": "glTexParameterIiv", "glBlendFuncIndexedAMD": "glBlendFunci",
                "glMultiDrawElementsIndirectAMD": "glMultiDrawElementsIndirect",
                "glVertexAttribL1dEXT": "glVertexAttribL1d",
                "glGetVertexAttribLdvEXT": "glGetVertexAttribLdv",
                "glBeginTransformFeedbackEXT": "glBeginTransformFeedback",
                "glTransformFeedbackVaryingsEXT": "glTransformFeedbackVaryings"}
# GL 4.5 compatibility-profile only (ARB_robustness on maps and pixel maps).
MUST_NOT_HAVE = ["glGetnMapdv", "glGetnPixelMapfv"]

# Types that glcorearb.h does not define, replaced by an identical glcorearb type.
TYPE_SUBST = {"GLDEBUGPROCKHR": "GLDEBUGPROC", "GLsizeiptrARB": "GLsizeiptr",
              "GLintptrARB": "GLintptr", "GLcharARB": "GLchar", "GLhandleARB": "GLuint"}


def text_of(elem):
    return "".join(elem.itertext())


def norm(s):
    s = " ".join(s.split())
    for k, v in TYPE_SUBST.items():
        s = s.replace(k, v)
    return s.strip()


class Command:
    def __init__(self, elem):
        proto = elem.find("proto")
        self.name = proto.find("name").text
        alias = elem.find("alias")
        self.alias = alias.get("name") if alias is not None else None
        self.forward = None  # the Command a weak default calls, if any
        full = text_of(proto)
        self.ret = norm(full[:full.rfind(self.name)])
        self.params = []  # (decl, name)
        self.lens = []  # gl.xml's len attribute per parameter (None: none)
        self.kind = None  # classify(): immediate, record, decline
        for p in elem.findall("param"):
            decl = norm(text_of(p))
            pname = p.find("name").text
            self.params.append((decl, pname))
            self.lens.append(p.get("len"))

    def param_list(self):
        return ", ".join(d for d, _ in self.params) if self.params else "void"

    def arg_list(self):
        return ", ".join(n for _, n in self.params)

    def is_void(self):
        return self.ret == "void"

    def types(self):
        """Parameter types, 32-bit integer scalars as one (GLenum and GLint internalformat
        differ between glTexImage3DOES and glTexImage3D; the value passes unchanged)."""
        out = []
        for d, n in self.params:
            t = d[:d.rfind(n)].strip()
            out.append("GLint" if t in ("GLenum", "GLuint") else t)
        return out


def select(root):
    chosen = []
    seen = set()

    def add(name):
        if name not in seen:
            seen.add(name)
            chosen.append(name)

    features = {f.get("name"): f for f in root.findall("feature")}
    for fname in GL_FEATURES:
        f = features[fname]
        assert f.get("api") == "gl", fname
        for req in f.findall("require"):
            # GL 4.5's compatibility-only block (ARB_robustness's glGetnMap* and friends) is
            # compatibility-profile 4.x, which mgl does not offer; 1.0-3.3 have no such block.
            if req.get("profile") == "compatibility" and fname >= "GL_VERSION_4_0":
                continue
            for c in req.findall("command"):
                add(c.get("name"))
    for fname in GLES_FEATURES:
        f = features[fname]
        assert f.get("api") == "gles2", fname
        for req in f.findall("require"):
            if req.get("api") not in (None, "gles2"):
                continue
            for c in req.findall("command"):
                add(c.get("name"))
    exts = {e.get("name"): e for e in root.find("extensions").findall("extension")}
    for ename in EXTENSIONS:
        e = exts[ename]
        for req in e.findall("require"):
            if req.get("api") not in (None, "gl", "gles2"):
                continue
            if req.get("profile") == "compatibility":
                continue
            for c in req.findall("command"):
                add(c.get("name"))
    es_ext = []
    aliases = {}
    for c in root.find("commands").findall("command"):
        a = c.find("alias")
        if a is not None:
            aliases[c.find("proto").find("name").text] = a.get("name")
    for ename in DESKTOP_ALIAS_EXTENSIONS:
        for req in exts[ename].findall("require"):
            if req.get("api") not in (None, "gl"):
                continue
            for c in req.findall("command"):
                n = c.get("name")
                if n not in seen and aliases.get(n) in seen:
                    es_ext.append(n)
                    add(n)
    for ename in DESKTOP_SUFFIX_EXTENSIONS:
        for req in exts[ename].findall("require"):
            for c in req.findall("command"):
                n = c.get("name")
                if n not in seen and n.endswith("EXT") and n[:-3] in seen:
                    es_ext.append(n)
                    add(n)
    for ename in COMPAT_EXTENSIONS + DESKTOP_OWN_EXTENSIONS:
        for req in exts[ename].findall("require"):
            if req.get("api") not in (None, "gl"):
                continue
            for c in req.findall("command"):
                n = c.get("name")
                if n not in seen and aliases.get(n) not in seen:
                    add(n)
    for req in exts["GL_ARB_robustness"].findall("require"):
        for c in req.findall("command"):
            if c.get("name") in COMPAT_ROBUSTNESS_COMMANDS:
                add(c.get("name"))
    for ename in ES_EXTENSIONS:
        for req in exts[ename].findall("require"):
            if req.get("api") not in (None, "gles2"):
                continue
            for c in req.findall("command"):
                if c.get("name") not in seen:
                    es_ext.append(c.get("name"))
                add(c.get("name"))
    return chosen, es_ext


def equivalent(cmd, by_name, selected):
    """The selected command an ES extension command forwards to, or None."""
    if cmd.alias in selected:
        return by_name[cmd.alias]
    for suffix in SUFFIXES:
        base = cmd.name[:-len(suffix)]
        if cmd.name.endswith(suffix) and base in selected:
            other = by_name[base]
            if other.types() == cmd.types() and other.ret == cmd.ret:
                return other
    return None


HEADER = "/* Generated by tools/gen/gen_gl.py from gl.xml -- do not edit. */\n"

# ---- ENTRY LAYER ------------------------------------------------------------------------------
# Every exported name and every eglGetProcAddress result is mgl_entry_glFoo: one thread-local
# load and test, then mgl_glFoo. When the calling thread's entry mode is non-zero (between glBegin
# and glEnd, or while compiling a display list) a generated slow path classifies the command:
#   * GL 2.1 section 2.6.3: only these commands are allowed between glBegin and glEnd; any other
#     raises GL_INVALID_OPERATION there and is not executed;
#   * GL 2.1 section 5.4 and the GL 3.x compatibility profile's list: commands that are never
#     compiled into a display list and execute immediately (and, by the same reasoning, any
#     command that returns a value or writes through a pointer, and the debug/label commands);
#   * a compilable command is recorded (arguments by value, pointer arguments copied by their
#     size) and executed too only for GL_COMPILE_AND_EXECUTE;
#   * an instanced draw while compiling raises GL_INVALID_OPERATION (ARB_draw_instanced);
#   * a compilable command whose pointer argument has no size here (pixel data read with the
#     unpack state, arrays of pointers) is a named decline
#     (dlist-command-not-compilable) and is not recorded;
#   * a command the front end compiles itself (FRONTEND_COMPILED: it reads its pointer with the
#     unpack state when compiled, as GL 2.1 section 5.4 says) goes to
#     fe_dlist_compile_<name>(), which records a front-end record (replayed by
#     fe_dlist_replay_frontend()) and returns whether to execute the command now too.
#   * a draw from vertex arrays (DRAWS: glDrawArrays, glDrawElements, their range, base-vertex
#     and multi-draw forms, glArrayElement) goes to fe_dlist_compile_draw(), which reads the
#     vertices it references from the arrays as they are now (GL 2.1 section 5.4: vertex array
#     data are dereferenced when the list is compiled) into a front-end record.

# The bits of fe_compat.h's enum fe_entry_mode_bits (fe_dlist.c asserts they agree).
ENTRY_IN_BEGIN_END = 1
ENTRY_COMPILING = 2

# The ARB/EXT names of the attribute commands (glMultiTexCoord2fARB, glVertexAttrib4fARB,
# glSecondaryColor3fEXT, glFogCoordfEXT) are the same commands: allowed between glBegin and glEnd.
BEGIN_END_ALLOWED = [
    r"gl(Vertex|Color|SecondaryColor|Normal|TexCoord|MultiTexCoord|FogCoord)P?[1-4]?"
    r"(b|s|i|f|d|ub|us|ui)v?(ARB|EXT)?",
    r"glIndex(s|i|f|d|ub)v?", r"glEdgeFlagv?", r"glMaterial[if]v?",
    r"glVertexAttribI?P?[1-4]N?(b|s|i|f|d|ub|us|ui)v?(ARB|EXT)?", r"glEvalCoord[12][fd]v?",
    r"glEvalPoint[12]", r"glArrayElement", r"glCallLists?", r"glEnd", r"glPrimitiveRestartNV",
]

NOT_COMPILED = [
    # display lists, render modes, flush/finish
    r"glGen.*", r"glDelete.*", r"glIs.*", r"glNewList", r"glEndList", r"glFeedbackBuffer",
    r"glSelectBuffer", r"glRenderMode", r"glFinish", r"glFlush", r"glGet.*", r"glReadn?Pixels.*",
    # client state: vertex arrays, pixel store, client attribute stack, vertex array objects
    r".*Pointer(EXT|OES)?", r"gl(Enable|Disable)ClientState", r"glInterleavedArrays",
    r"glPixelStore[if]", r"glClientActiveTexture", r"gl(Push|Pop)ClientAttrib",
    r"gl(Enable|Disable)VertexAttribArray", r"glBindVertexArray(OES)?",
    r"glVertexAttribDivisor.*", r"glAreTexturesResident", r"gl(Lock|Unlock)ArraysEXT",
    r"glPrimitiveRestartIndex(NV)?",
    # buffer objects and mapping
    r"glBindBuffer.*", r"glBufferData", r"glBufferSubData", r"glMapBuffer.*", r"glUnmapBuffer.*",
    r"glFlushMappedBufferRange.*", r"glCopyBufferSubData",
    # buffer textures: GL 3.1's glTexBuffer is not compiled (ARB_texture_buffer_object)
    r"glTexBuffer(ARB|EXT|OES)?", r"glTexBufferRange(EXT|OES)?",
    # framebuffer and renderbuffer objects
    r"glBindFramebuffer", r"glBindRenderbuffer", r"glRenderbufferStorage.*",
    r"glFramebufferTexture.*", r"glFramebufferRenderbuffer", r"glGenerateMipmap",
    # program and shader objects
    r"glAttachShader", r"glDetachShader", r"glBindAttribLocation", r"glBindFragDataLocation.*",
    r"glCompileShader", r"glLinkProgram", r"glShaderSource", r"glShaderBinary",
    r"glProgramBinary", r"glProgramParameteri", r"glValidateProgram",
    r"glReleaseShaderCompiler", r"glTransformFeedbackVaryings",
    # program pipeline objects (ARB_separate_shader_objects): binding and validating run at once
    r"glBindProgramPipeline", r"glValidateProgramPipeline",
    # ATI_fragment_shader: building a shader runs at once (binding and constants are compiled)
    r"gl(Begin|End)FragmentShaderATI", r"glPassTexCoordATI", r"glSampleMapATI",
    r"gl(Color|Alpha)FragmentOp[123]ATI",
    # sync objects
    r"glFenceSync", r"glClientWaitSync", r"glWaitSync",
    # debug output and labels (client-side state, like glGet)
    r"glDebugMessage.*", r"glObject(Ptr)?Label.*", r"gl(Push|Pop)DebugGroup.*",
    r"glLabelObjectEXT",
]

# Compilable commands whose pointer argument this layer cannot size yet: compiling one is the
# named decline dlist-command-not-compilable (executed only for GL_COMPILE_AND_EXECUTE).
NOT_RECORDABLE = [
    r"glTex(Sub)?Image[123]D(OES|EXT)", r"glCompressedTex(Sub)?Image.*",
    r"glColorTable.*", r"glColorSubTable.*", r"glConvolutionFilter.*", r"glSeparableFilter.*",
]

# Compiled by the front end (fe_dlist_entry.h): the pointer is read with the unpack state (from
# client memory or the pixel unpack buffer) when the command is compiled.
FRONTEND_COMPILED = [r"glPolygonStipple", r"glBitmap", r"glDrawPixels", r"glTex(Sub)?Image[123]D",
                     r"glPixelMap(fv|uiv|usv)"]

# ARB_draw_instanced: "INVALID_OPERATION is generated if DrawArraysInstanced or
# DrawElementsInstanced is called during display list compilation" (neither recorded nor run);
# ARB_compute_shader's compatibility-profile additions say the same of DispatchComputeIndirect
# (glDispatchCompute is compiled).
NOT_IN_LIST = [r"glDraw(Arrays|Elements)Instanced.*", r"glDispatchComputeIndirect"]

# Draws from vertex arrays: compiled by fe_dlist_compile_draw (fe_dlist_entry.h), which copies
# the vertices they reference into the list (GL dereferences vertex arrays when the draw is
# compiled). The indirect draws read their commands from a buffer and stay declined.
DRAWS = [r"glDraw(Arrays|Elements|RangeElements)(BaseVertex)?(EXT|OES)?",
         r"glMultiDraw(Arrays|Elements)(BaseVertex)?(EXT|OES)?", r"glArrayElement(EXT)?"]

# Commands the front end runs as the draws they stand for (IBM_multimode_draw_arrays: a
# glDrawArrays / glDrawElements each): while compiling they are not recorded themselves; each
# draw goes through its own entry (mgl_entry_glDraw*), which compiles it (and, between glBegin
# and glEnd, raises the error), as Mesa's display lists hold a multimode call's draws.
AS_THEIR_DRAWS = [r"glMultiModeDraw(Arrays|Elements)IBM"]


def matches(name, patterns):
    import re
    return any(re.fullmatch(p, name) for p in patterns)


class Param:
    def __init__(self, decl, name, length):
        self.decl, self.name, self.len = decl, name, length
        self.type = decl[:decl.rfind(name)].strip()
        self.is_ptr = "*" in self.type
        self.base = self.type.replace("const", "").replace("*", "").strip() if self.is_ptr else None


def entry_params(c):
    return [Param(d, n, c.lens[i]) for i, (d, n) in enumerate(c.params)]


def classify(c):
    """'immediate', 'record', 'decline' (compilable, not recordable), 'error' (an error while
    compiling)."""
    ps = entry_params(c)
    if matches(c.name, NOT_IN_LIST):
        return "error"
    if matches(c.name, AS_THEIR_DRAWS):
        return "immediate"
    if not c.is_void() or matches(c.name, NOT_COMPILED):
        return "immediate"
    if any(p.is_ptr and "const" not in p.type for p in ps):
        return "immediate"
    if matches(c.name, FRONTEND_COMPILED):
        return "frontend"
    if matches(c.name, DRAWS):
        return "draw"
    if matches(c.name, NOT_RECORDABLE):
        return "decline"
    for p in ps:
        if p.is_ptr and (p.type.count("*") > 1 or ptr_bytes(c, p) is None):
            return "decline"
    return "record"


def ptr_bytes(c, p):
    """A C expression (int64_t) for the bytes pointer argument p points to, -1 where the
    pointer passes by value (an offset into a bound buffer), or None if unknown."""
    import re
    esize = "1" if p.base == "void" else "(int64_t)sizeof(%s)" % p.base
    names = [n for _, n in c.params]
    ln = p.len
    if ln is None:
        return None
    if re.fullmatch(r"\d+", ln):
        return "(int64_t)%s * %s" % (ln, esize)
    m = re.fullmatch(r"(\w+)(\*(\d+))?", ln)
    if m and m.group(1) in names:
        return "mgl_dl_count(%s, %s) * %s" % (m.group(1), m.group(3) or "1", esize)
    m = re.fullmatch(r"COMPSIZE\((\w+)\)", ln)
    if m and m.group(1) in ("pname", "buffer"):
        return "(int64_t)fe_dlist_compsize(MGL_DL_%s, %s) * %s" % (c.name, m.group(1), esize)
    if ln == "COMPSIZE(target,stride,order)":
        return "fe_dlist_map_elements(target, stride, order, 0, 0) * %s" % esize
    if ln == "COMPSIZE(target,ustride,uorder,vstride,vorder)":
        return "fe_dlist_map_elements(target, ustride, uorder, vstride, vorder) * %s" % esize
    if ln == "COMPSIZE(count,type)":
        return "fe_dlist_index_bytes(count, type)"
    if ln == "COMPSIZE(n,type)" and c.name == "glCallLists":
        return "fe_dlist_lists_bytes(n, type)"
    return None


def draw_fields(c):
    """The initializer of fe_dlist_entry.h's struct fe_dlist_draw for draw command c."""
    f = []
    for p in entry_params(c):
        n = p.name
        if n in ("mode", "type", "start", "end"):
            f.append(".%s = %s" % (n, n))
        elif n in ("drawcount", "primcount"):
            f.append(".drawcount = %s" % n)
        elif n in ("first", "count", "basevertex"):
            f.append(".%s = %s%s" % (n, "" if p.is_ptr else "&", n))
        elif n == "indices":
            f.append(".indices = %s%s" % ("" if p.type.count("*") > 1 else "&", n))
        elif n == "i":
            f.append(".first = &i, .element = 1")
        else:
            raise SystemExit("gen_gl.py: draw %s: unknown parameter %s" % (c.name, n))
    names = [n for _, n in c.params]
    if "drawcount" not in names and "primcount" not in names:
        f.append(".drawcount = 1")
    if "start" in names:
        f.append(".range = 1")
    return ", ".join(f)


def ret_zero(c):
    return "return;" if c.is_void() else "return (%s)0;" % c.ret


def gen_entry_h(cmds):
    out = [HEADER,
           "#ifndef MGL_GL_ENTRY_H\n#define MGL_GL_ENTRY_H\n\n",
           "#include <stdint.h>\n\n#include \"gl_api.h\"\n\n",
           "#define MGL_ENTRY_IN_BEGIN_END %du\n#define MGL_ENTRY_COMPILING %du\n\n"
           % (ENTRY_IN_BEGIN_END, ENTRY_COMPILING),
           "/* Display-list opcodes: one per command compiled into lists. */\nenum mgl_dl_op {\n",
           "   MGL_DL_NONE = 0,\n"]
    for c in cmds:
        if c.kind == "record":
            out.append("   MGL_DL_%s,\n" % c.name)
    out.append("   MGL_DL_OP_COUNT\n};\n\n")
    out.append("/* The header of a recorded command: size in bytes, header included (a multiple of 8). */\n"
               "struct mgl_dl_rec {\n   uint32_t op;\n   uint32_t size;\n};\n\n")
    out.append("#pragma GCC visibility push(hidden)\n\n")
    out.append("/* Executes one recorded command (through the glBegin/glEnd gate) and returns its size. */\n"
               "uint32_t mgl_dl_replay(const struct mgl_dl_rec *rec);\n")
    out.append("/* The name of a display-list opcode (diagnostics). */\n"
               "const char *mgl_dl_op_name(uint32_t op);\n\n")
    out.append("/* Commands the front end compiles itself: record, and return whether to execute now. */\n")
    for c in cmds:
        if c.kind == "frontend":
            out.append("_Bool fe_dlist_compile_%s(%s);\n" % (c.name, c.param_list()))
    out.append("\n")
    for c in cmds:
        out.append("%s mgl_entry_%s(%s);\n" % (c.ret, c.name, c.param_list()))
    out.append("\n#pragma GCC visibility pop\n\n#endif\n")
    return "".join(out)


def gen_entry_c(cmds):
    out = [HEADER,
           "#include <stdbool.h>\n#include <stdint.h>\n#include <string.h>\n\n",
           "#include \"fe_dlist_entry.h\"\n#include \"gl_entry.h\"\n\n",
           "struct mgl_dl_ptr {\n   uint64_t raw; /* the pointer itself when not copied */\n"
           "   uint32_t off, len; /* off != 0: len bytes copied at rec + off */\n};\n\n",
           "static inline int64_t\nmgl_dl_count(int64_t n, int64_t k)\n{\n"
           "   return n > 0 ? n * k : 0;\n}\n\n",
           "static inline uint32_t\nmgl_dl_align(int64_t bytes)\n{\n"
           "   return bytes > 0 ? (uint32_t)((bytes + 7) & ~(int64_t)7) : 0;\n}\n\n",
           "static inline void\nmgl_dl_put(struct mgl_dl_ptr *p, void *rec, uint32_t *off, const void *src,\n"
           "           int64_t bytes)\n{\n"
           "   if (bytes < 0 || !src) {\n      p->raw = (uint64_t)(uintptr_t)src;\n      return;\n   }\n"
           "   p->off = *off;\n   p->len = (uint32_t)bytes;\n"
           "   if (bytes)\n      memcpy((char *)rec + *off, src, (size_t)bytes);\n"
           "   *off += mgl_dl_align(bytes);\n}\n\n",
           "static inline const void *\nmgl_dl_get(const void *rec, const struct mgl_dl_ptr *p)\n{\n"
           "   return p->off ? (const char *)rec + p->off : (const void *)(uintptr_t)p->raw;\n}\n\n"]
    for c in cmds:
        if c.kind == "record":
            ps = entry_params(c)
            out.append("struct mgl_dl_%s {\n   struct mgl_dl_rec hdr_; /* not h: glViewportIndexedf has a parameter h */\n" % c.name)
            for p in ps:
                if p.is_ptr:
                    out.append("   struct mgl_dl_ptr %s;\n" % p.name)
                else:
                    out.append("   %s %s;\n" % (p.type, p.name))
            out.append("};\n\n")
    for c in cmds:
        args = c.arg_list()
        gate = not matches(c.name, BEGIN_END_ALLOWED)
        slow = []
        if c.kind == "record":
            ps = entry_params(c)
            slow.append("   if (fe_entry_mode & MGL_ENTRY_COMPILING) {\n")
            ptrs = [p for p in ps if p.is_ptr]
            for p in ptrs:
                slow.append("      const int64_t bytes_%s = %s;\n" % (p.name, ptr_bytes(c, p)))
            size = "(int64_t)sizeof(struct mgl_dl_%s)" % c.name
            for p in ptrs:
                size += " + mgl_dl_align(bytes_%s)" % p.name
            slow.append("      bool execute = false;\n")
            slow.append("      struct mgl_dl_%s *dl = fe_dlist_record(MGL_DL_%s, %s, &execute);\n"
                        % (c.name, c.name, size))
            slow.append("      if (dl) {\n")
            if ptrs:
                slow.append("         uint32_t dl_off = (uint32_t)sizeof(*dl);\n")
            for p in ps:
                if p.is_ptr:
                    slow.append("         mgl_dl_put(&dl->%s, dl, &dl_off, %s, bytes_%s);\n"
                                % (p.name, p.name, p.name))
                else:
                    slow.append("         dl->%s = %s;\n" % (p.name, p.name))
            slow.append("      }\n")
            slow.append("      if (!execute)\n         return;\n   }\n")
        elif c.kind == "error":
            slow.append("   if (fe_entry_mode & MGL_ENTRY_COMPILING) {\n"
                        "      fe_gl_error(GL_INVALID_OPERATION);\n      %s\n   }\n" % ret_zero(c))
        elif c.kind == "frontend":
            slow.append("   if ((fe_entry_mode & MGL_ENTRY_COMPILING) && !fe_dlist_compile_%s(%s))\n"
                        "      return;\n" % (c.name, args))
        elif c.kind == "draw":
            slow.append("   if ((fe_entry_mode & MGL_ENTRY_COMPILING) &&\n"
                        "       !fe_dlist_compile_draw(&(const struct fe_dlist_draw){%s}))\n"
                        "      return;\n" % draw_fields(c))
        elif c.kind == "decline":
            slow.append("   if ((fe_entry_mode & MGL_ENTRY_COMPILING) && !fe_dlist_not_compilable(\"%s\"))\n"
                        "      return;\n" % c.name)
        if gate:
            slow.append("   if (fe_entry_mode & MGL_ENTRY_IN_BEGIN_END) {\n"
                        "      fe_gl_error(GL_INVALID_OPERATION);\n      %s\n   }\n" % ret_zero(c))
        ret = "" if c.is_void() else "return "
        if slow:
            out.append("__attribute__((noinline, cold)) static %s\nfe_entry_slow_%s(%s)\n{\n"
                       % (c.ret, c.name, c.param_list()))
            out.extend(slow)
            out.append("   %smgl_%s(%s);\n}\n\n" % (ret, c.name, args))
        out.append("%s\nmgl_entry_%s(%s)\n{\n" % (c.ret, c.name, c.param_list()))
        if slow:
            if c.is_void():
                out.append("   if (__builtin_expect(fe_entry_mode != 0, 0)) {\n      fe_entry_slow_%s(%s);\n      return;\n   }\n" % (c.name, args))
            else:
                out.append("   if (__builtin_expect(fe_entry_mode != 0, 0))\n"
                           "      return fe_entry_slow_%s(%s);\n" % (c.name, args))
        out.append("   %smgl_%s(%s);\n}\n\n" % (ret, c.name, args))
    # replay
    out.append("uint32_t\nmgl_dl_replay(const struct mgl_dl_rec *rec)\n{\n   switch (rec->op) {\n")
    for c in cmds:
        if c.kind != "record":
            continue
        ps = entry_params(c)
        out.append("   case MGL_DL_%s: {\n" % c.name)
        out.append("      const struct mgl_dl_%s *dl = (const void *)rec;\n" % c.name)
        if not matches(c.name, BEGIN_END_ALLOWED):
            out.append("      if (fe_entry_mode & MGL_ENTRY_IN_BEGIN_END) {\n"
                       "         fe_gl_error(GL_INVALID_OPERATION);\n         break;\n      }\n")
        a = []
        for p in ps:
            a.append("(%s)mgl_dl_get(dl, &dl->%s)" % (p.type, p.name) if p.is_ptr else "dl->%s" % p.name)
        if not ps:
            out.append("      (void)dl;\n")
        out.append("      mgl_%s(%s);\n      break;\n   }\n" % (c.name, ", ".join(a)))
    out.append("   default:\n      fe_dlist_replay_frontend(rec);\n      break;\n   }\n   return rec->size;\n}\n\n")
    out.append("const char *\nmgl_dl_op_name(uint32_t op)\n{\n   static const char *const names[] = {\n"
               "      \"none\",\n")
    for c in cmds:
        if c.kind == "record":
            out.append("      \"%s\",\n" % c.name)
    out.append("   };\n   return op < sizeof(names) / sizeof(names[0]) ? names[op] : \"?\";\n}\n")
    return "".join(out)




def write(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def gen_api_h(cmds):
    out = [HEADER,
           "#ifndef MGL_GL_API_H\n#define MGL_GL_API_H\n\n",
           "#include <GL/glcorearb.h>\n\n",
           "#define MGL_GL_COMMAND_COUNT %d\n\n" % len(cmds),
           "#pragma GCC visibility push(hidden)\n\n",
           "/* Records a GL error on the calling thread's current context (first error wins,\n"
           " * as glGetError specifies). Provided by the GL front end; the generated stubs call\n"
           " * it with GL_INVALID_OPERATION. */\n",
           "void fe_gl_error(GLenum error);\n\n",
           "/* One hidden implementation per selected GL command. The weak defaults in\n"
           " * gl_stubs.c decline; the front end overrides them with strong definitions. */\n"]
    for c in cmds:
        out.append("%s mgl_%s(%s);\n" % (c.ret, c.name, c.param_list()))
    out.append("\n#pragma GCC visibility pop\n\n#endif\n")
    return "".join(out)


def gen_stubs_c(cmds):
    out = [HEADER,
           "#include \"gl_api.h\"\n#include \"decline.h\"\n\n",
           "#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n\n",
           "/* Weak defaults of what the entry layer needs from the front end, for programs that\n"
           " * link this layer without it (tests of EGL alone): no entry mode, no display lists. */\n",
           "#include <stdbool.h>\n#include <stdint.h>\n\n",
           "__attribute__((weak)) _Thread_local uint32_t fe_entry_mode;\n\n",
           "__attribute__((weak)) void *\nfe_dlist_record(uint32_t op, int64_t size, bool *execute)\n{\n"
           "   *execute = true;\n   return (void *)0;\n}\n\n",
           "__attribute__((weak)) bool\nfe_dlist_not_compilable(const char *command)\n{\n"
           "   return true;\n}\n\n",
           "struct fe_dlist_draw;\n\n"
           "__attribute__((weak)) bool\nfe_dlist_compile_draw(const struct fe_dlist_draw *draw)\n{\n"
           "   return true;\n}\n\n",
           "__attribute__((weak)) void\nfe_dlist_replay_frontend(const void *rec)\n{\n}\n\n",
           "__attribute__((weak)) int\nfe_dlist_compsize(uint32_t op, GLenum pname)\n{\n"
           "   return 1;\n}\n\n",
           "__attribute__((weak)) int64_t\nfe_dlist_index_bytes(GLsizei count, GLenum type)\n{\n"
           "   return -1;\n}\n\n",
           "__attribute__((weak)) int64_t\nfe_dlist_lists_bytes(GLsizei n, GLenum type)\n{\n"
           "   return 0;\n}\n\n",
           "__attribute__((weak)) int64_t\nfe_dlist_map_elements(GLenum target, GLint ustride, "
           "GLint uorder, GLint vstride, GLint vorder)\n{\n   return 0;\n}\n\n"]
    for c in cmds:
        if c.kind == "frontend":
            out.append("__attribute__((weak)) bool\nfe_dlist_compile_%s(%s)\n{\n   return true;\n}\n\n"
                       % (c.name, c.param_list()))
    for c in cmds:
        out.append("__attribute__((weak)) %s\nmgl_%s(%s)\n{\n" % (c.ret, c.name, c.param_list()))
        if c.forward:
            out.append("   %smgl_%s(%s);\n}\n\n" % ("" if c.is_void() else "return ",
                                                  c.forward.name, c.arg_list()))
            continue
        out.append("   MGU_DECLINE(gl_entry_unimplemented, \"%%s\", \"%s\");\n" % c.name)
        out.append("   fe_gl_error(GL_INVALID_OPERATION);\n")
        if not c.is_void():
            out.append("   return (%s)0;\n" % c.ret)
        out.append("}\n\n")
    return "".join(out)


def gen_procs_c(cmds):
    names = sorted(c.name for c in cmds)
    out = [HEADER,
           "#include <stdlib.h>\n#include <string.h>\n\n#include \"gl_api.h\"\n",
           "#include \"fe_egl.h\"\n#include \"gl_entry.h\"\n\n",
           "struct mgl_gl_proc {\n   const char *name;\n   void *func;\n};\n\n",
           "static const struct mgl_gl_proc mgl_gl_procs[] = {\n"]
    for n in names:
        out.append("   {\"%s\", (void *)mgl_entry_%s},\n" % (n, n))
    out.append("};\n\n")
    out.append("static int\nmgl_gl_proc_cmp(const void *key, const void *elem)\n{\n"
               "   return strcmp((const char *)key, ((const struct mgl_gl_proc *)elem)->name);\n"
               "}\n\n")
    out.append("void *\nfe_get_proc_address(const char *name)\n{\n"
               "   if (!name || name[0] != 'g' || name[1] != 'l')\n      return NULL;\n"
               "   const struct mgl_gl_proc *p =\n"
               "      bsearch(name, mgl_gl_procs, sizeof(mgl_gl_procs) / sizeof(mgl_gl_procs[0]),\n"
               "              sizeof(mgl_gl_procs[0]), mgl_gl_proc_cmp);\n"
               "   return p ? p->func : NULL;\n}\n")
    return "".join(out)


def gen_exports_c(cmds):
    out = [HEADER,
           "/* Direct-link GL entry points (platforms without glvnd). Each forwards to the hidden\n"
           " * mgl_ implementation, so calls inside mgl never go through these exported\n"
           " * names. */\n",
           "#define GL_GLEXT_PROTOTYPES 1\n#include \"gl_entry.h\"\n\n",
           "#define MGL_GL_EXPORT __attribute__((visibility(\"default\")))\n\n"]
    for c in cmds:
        out.append("MGL_GL_EXPORT %s APIENTRY\n%s(%s)\n{\n" % (c.ret, c.name, c.param_list()))
        if c.is_void():
            out.append("   mgl_entry_%s(%s);\n}\n\n" % (c.name, c.arg_list()))
        else:
            out.append("   return mgl_entry_%s(%s);\n}\n\n" % (c.name, c.arg_list()))
    return "".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xml", default="/usr/share/khronos-api/gl.xml")
    ap.add_argument("--out-dir", required=True)
    args = ap.parse_args()

    root = ET.parse(args.xml).getroot()
    by_name = {}
    for elem in root.find("commands").findall("command"):
        c = Command(elem)
        by_name[c.name] = c
    names, es_ext = select(root)
    missing = [n for n in MUST_HAVE if n not in names]
    extra = [n for n in MUST_NOT_HAVE if n in names]
    if missing or extra:
        sys.exit("gen_gl: selection check failed: missing %s, unexpected %s" % (missing, extra))
    selected = set(names)
    for n in es_ext:
        by_name[n].forward = equivalent(by_name[n], by_name, selected)
    wrong = [n for n, to in MUST_FORWARD.items()
             if not by_name[n].forward or by_name[n].forward.name != to]
    if wrong:
        sys.exit("gen_gl: forwarding check failed: %s" % wrong)
    cmds = [by_name[n] for n in names]
    for c in cmds:
        c.kind = classify(c)

    os.makedirs(args.out_dir, exist_ok=True)
    write(os.path.join(args.out_dir, "gl_api.h"), gen_api_h(cmds))
    write(os.path.join(args.out_dir, "gl_stubs.c"), gen_stubs_c(cmds))
    write(os.path.join(args.out_dir, "gl_procs.c"), gen_procs_c(cmds))
    write(os.path.join(args.out_dir, "gl_exports.c"), gen_exports_c(cmds))
    write(os.path.join(args.out_dir, "gl_entry.h"), gen_entry_h(cmds))
    write(os.path.join(args.out_dir, "gl_entry.c"), gen_entry_c(cmds))
    write(os.path.join(args.out_dir, "gl_dlist_kinds.txt"),
          "".join("%s %s\n" % (c.name, c.kind) for c in sorted(cmds, key=lambda c: c.name)))
    write(os.path.join(args.out_dir, "gl_commands.txt"), "".join(n + "\n" for n in sorted(names)))
    write(os.path.join(args.out_dir, "gl_forwards.txt"),
          "".join("%s %s\n" % (c.name, c.forward.name) for c in cmds if c.forward))
    print("gen_gl: %d commands selected, %d forwarded" % (len(cmds),
                                                       sum(1 for c in cmds if c.forward)))


if __name__ == "__main__":
    main()
