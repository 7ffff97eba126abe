#!/usr/bin/env python3
"""gen_gl.py -- generate mgl's GL entry-point layer from the Khronos registry (gl.xml).

Selection (exactly):
  * OpenGL 3.3 in both profiles: features GL_VERSION_1_0 .. GL_VERSION_3_3 (api "gl"), every
    <require> block, ignoring <remove> (the compatibility profile keeps what core removes: the
    front end raises GL_INVALID_OPERATION for a removed command in a core context);
  * OpenGL ES 2.0 and 3.0: features GL_ES_VERSION_2_0 and GL_ES_VERSION_3_0 (api "gles2");
  * the extensions GL_KHR_debug, GL_ARB_robustness, GL_KHR_robustness and GL_EXT_robustness
    (every <require> for api gl or gles2 that is not compatibility-profile only), so that
    glGetGraphicsResetStatus{,ARB,EXT,KHR} and the KHR-suffixed ES debug names exist; and
    GL_EXT_provoking_vertex (glProvokingVertexEXT, which mgl advertises: GL 3.2 made it core);
    GL_ARB_texture_storage and GL_ARB_texture_storage_multisample (glTexStorage1D/2D/3D and
    glTexStorage2D/3DMultisample on desktop GL); and the OpenGL ES extensions
    GL_EXT_discard_framebuffer, GL_EXT_draw_buffers and GL_OES_vertex_array_object (ES 2.0
    contexts reach them through eglGetProcAddress);
  * the OpenGL ES extensions in ES_EXTENSIONS (api gles2 or unspecified <require> blocks), whose
    commands are ES 3.0 or GL 3.3 commands under an extension's name.

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
  gl_procs.c    sorted {"glFoo", mgl_glFoo} table and fe_get_proc_address() (bsearch)
  gl_exports.c  exported glFoo() -> mgl_glFoo() wrappers for direct linking (no glvnd)
  gl_commands.txt  the selected names, one a line

Prints "gen_gl: N commands selected". Python 3 standard library only.
"""

import argparse
import os
import sys
import xml.etree.ElementTree as ET

GL_FEATURES = ["GL_VERSION_1_0", "GL_VERSION_1_1", "GL_VERSION_1_2", "GL_VERSION_1_3",
               "GL_VERSION_1_4", "GL_VERSION_1_5", "GL_VERSION_2_0", "GL_VERSION_2_1",
               "GL_VERSION_3_0", "GL_VERSION_3_1", "GL_VERSION_3_2", "GL_VERSION_3_3"]
GLES_FEATURES = ["GL_ES_VERSION_2_0", "GL_ES_VERSION_3_0"]
EXTENSIONS = ["GL_KHR_debug", "GL_ARB_robustness", "GL_KHR_robustness", "GL_EXT_robustness",
              "GL_EXT_provoking_vertex", "GL_ARB_texture_storage",
              "GL_ARB_texture_storage_multisample", "GL_EXT_discard_framebuffer",
              "GL_EXT_draw_buffers", "GL_OES_vertex_array_object"]
ES_EXTENSIONS = ["GL_OES_mapbuffer", "GL_EXT_map_buffer_range", "GL_EXT_instanced_arrays",
                 "GL_EXT_draw_instanced", "GL_OES_texture_3D", "GL_EXT_occlusion_query_boolean",
                 "GL_EXT_multi_draw_arrays", "GL_EXT_draw_elements_base_vertex",
                 "GL_OES_draw_elements_base_vertex", "GL_NV_read_buffer",
                 "GL_NV_conditional_render", "GL_EXT_texture_border_clamp",
                 "GL_OES_texture_border_clamp"]
SUFFIXES = ["OES", "EXT", "NV"]

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
             "glCallLists", "glPushAttrib", "glWindowPos2i"]
# Must forward to (command: equivalent): checks both ways of finding one.
MUST_FORWARD = {"glMapBufferRangeEXT": "glMapBufferRange", "glTexImage3DOES": "glTexImage3D",
                "glGenQueriesEXT": "glGenQueries"}
MUST_NOT_HAVE = ["glDispatchCompute", "glBufferStorage"]

# Types that glcorearb.h does not define, replaced by an identical glcorearb type.
TYPE_SUBST = {"GLDEBUGPROCKHR": "GLDEBUGPROC"}


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
        for p in elem.findall("param"):
            decl = norm(text_of(p))
            pname = p.find("name").text
            self.params.append((decl, pname))

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
           "#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n\n"]
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
           "#include \"fe_egl.h\"\n\n",
           "struct mgl_gl_proc {\n   const char *name;\n   void *func;\n};\n\n",
           "static const struct mgl_gl_proc mgl_gl_procs[] = {\n"]
    for n in names:
        out.append("   {\"%s\", (void *)mgl_%s},\n" % (n, n))
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
           "#define GL_GLEXT_PROTOTYPES 1\n#include \"gl_api.h\"\n\n",
           "#define MGL_GL_EXPORT __attribute__((visibility(\"default\")))\n\n"]
    for c in cmds:
        out.append("MGL_GL_EXPORT %s APIENTRY\n%s(%s)\n{\n" % (c.ret, c.name, c.param_list()))
        if c.is_void():
            out.append("   mgl_%s(%s);\n}\n\n" % (c.name, c.arg_list()))
        else:
            out.append("   return mgl_%s(%s);\n}\n\n" % (c.name, c.arg_list()))
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

    os.makedirs(args.out_dir, exist_ok=True)
    write(os.path.join(args.out_dir, "gl_api.h"), gen_api_h(cmds))
    write(os.path.join(args.out_dir, "gl_stubs.c"), gen_stubs_c(cmds))
    write(os.path.join(args.out_dir, "gl_procs.c"), gen_procs_c(cmds))
    write(os.path.join(args.out_dir, "gl_exports.c"), gen_exports_c(cmds))
    write(os.path.join(args.out_dir, "gl_commands.txt"), "".join(n + "\n" for n in sorted(names)))
    write(os.path.join(args.out_dir, "gl_forwards.txt"),
          "".join("%s %s\n" % (c.name, c.forward.name) for c in cmds if c.forward))
    print("gen_gl: %d commands selected, %d forwarded" % (len(cmds),
                                                       sum(1 for c in cmds if c.forward)))


if __name__ == "__main__":
    main()
