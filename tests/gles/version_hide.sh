#!/bin/bash
# version_hide.sh ARM VERSION_PROBE_EXE VENDOR_JSON OUT_DIR
#
# The OpenGL version a context claims on the GLES backend follows what the host has: each
# feature MGL_GLES_HIDE hides (texture-buffer: GL 3.1, geometry and depth-clamp: 3.2,
# dual-source: 3.3) lowers it, a request above it is EGL_BAD_MATCH with a log line naming the
# missing feature, and GL_VERSION, GL_SHADING_LANGUAGE_VERSION, GL_MAX_DUAL_SOURCE_DRAW_BUFFERS,
# the GL_TEXTURE_BUFFER target and the GL_DEPTH_CLAMP switch follow (version_probe.c prints them).
# An OpenGL ES 3.1 context is made where the host has all ES 3.1 adds to 3.0; with compute
# (compute) or stencil texturing, framebuffers without attachments and gathers (es31) hidden it
# is EGL_BAD_MATCH with a log line naming the first that is missing. ES 3.2 likewise with
# tessellation, cube-map-array, stencil8, gpu-shader5 or es32 (a GLES 3.1 host context) hidden.
set -u
arm=$1 exe=$2 vendor=$3 out=$4
fail() {
  echo "version_hide: FAIL: $*" >&2
  exit 1
}

# run HIDE: the probe's output in $dir/stdout, its logs in $dir
run() {
  dir=$out/version_hide/$arm/${1:-none}
  rm -rf "$dir"
  mkdir -p "$dir"
  local rc=0
  MGL_LOG_DIR=$dir MGL_LOG_LEVEL=info MGL_TRANSPORT=$arm MGL_BACKEND=gles MGL_GLES_HIDE=$1 \
    __EGL_VENDOR_LIBRARY_FILENAMES=$vendor EGL_PLATFORM=surfaceless \
    XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp} timeout 60 "$exe" >"$dir/stdout" 2>&1 || rc=$?
  [ "$rc" -eq 0 ] || { cat "$dir/stdout" >&2; fail "probe exited $rc (hide=$1)"; }
}

# the version every context got (the 3.0 forward-compatible request always gets one)
version() {
  sed -n 's/^request 3\.0: version \([0-9]*\) .*/\1/p' "$dir/stdout"
}

# check HIDE WANT MISSING: with HIDE, every request up to WANT gets WANT with its strings,
# every request above is refused (EGL_BAD_MATCH) and the log names MISSING
check() {
  local hide=$1 want=$2 missing=$3
  run "$hide"
  local glsl=(1.30 1.40 1.50 3.30) profile=""
  [ "$want" -ge 32 ] && profile=" (Core Profile)"
  for req in 33 32 31 30; do
    local line
    line=$(grep "^request ${req:0:1}\.${req:1:1}:" "$dir/stdout")
    if [ "$req" -gt "$want" ]; then
      [ "$line" = "request ${req:0:1}.${req:1:1}: refused 0x3009" ] ||
        fail "hide=$hide: want 3.$((req % 10)) refused (EGL_BAD_MATCH), got: $line"
    else
      local v="${want:0:1}.${want:1:1}$profile mgl 0.1" s=${glsl[$((want - 30))]}
      case "$line" in
      *": version $want \"$v\" glsl \"$s\" "*) ;;
      *) fail "hide=$hide: want version $want \"$v\" glsl \"$s\", got: $line" ;;
      esac
    fi
  done
  if [ -n "$missing" ] && ! grep -rqF "it lacks $missing" "$dir"; then
    grep -rh . "$dir" | tail -n 20 >&2
    fail "hide=$hide: no log line naming what the backend lacks ($missing)"
  fi
}

run ""
full=$(version)
[ -n "$full" ] || { cat "$dir/stdout" >&2; fail "no version from the probe"; }
# the CI host (Mesa llvmpipe GLES 3.2) has buffer textures and EXT_blend_func_extended
[ "$full" -ge 31 ] || fail "GL $full without hiding anything (want at least 3.1)"
grep -q "^request 3.0: .* dual_source 1 texture_buffer 0x0000" "$dir/stdout" ||
  fail "dual-source blending or buffer textures missing: $(grep '^request 3.0' "$dir/stdout")"
check "" "$full" ""
# GL_BGRA vertex arrays: swizzled by a variant of the program (glb_shader.c:bgra_inputs)
grep -q "^request 3.0: .* bgra_vertex 1$" "$dir/stdout" ||
  fail "GL_ARB_vertex_array_bgra not listed: $(grep '^request 3.0' "$dir/stdout")"

check texture-buffer 30 "buffer textures"
grep -q "^request 3.0: .* texture_buffer 0x0500" "$dir/stdout" ||
  fail "hide=texture-buffer: glBindTexture(GL_TEXTURE_BUFFER) is not GL_INVALID_ENUM"

want=$((full < 32 ? full : 32))
check dual-source "$want" "$([ "$full" -eq 33 ] && echo "dual-source blending")"
grep -q "^request 3.0: .* dual_source 0 " "$dir/stdout" ||
  fail "hide=dual-source: GL_MAX_DUAL_SOURCE_DRAW_BUFFERS is not 0"

want=$((full < 31 ? full : 31))
check geometry "$want" "$([ "$full" -ge 32 ] && echo "a geometry stage")"

# the CI host has GL_EXT_depth_clamp: GL_DEPTH_CLAMP is known unless hidden
run ""
grep -q "^request 3.0: .* depth_clamp 0x0000" "$dir/stdout" ||
  fail "glEnable(GL_DEPTH_CLAMP) is an error: $(grep '^request 3.0' "$dir/stdout")"
want=$((full < 31 ? full : 31))
check depth-clamp "$want" "$([ "$full" -ge 32 ] && echo "depth clamp")"
grep -q "^request 3.0: .* depth_clamp 0x0500" "$dir/stdout" ||
  fail "hide=depth-clamp: glEnable(GL_DEPTH_CLAMP) is not GL_INVALID_ENUM"

check texture-buffer,dual-source,geometry 30 "buffer textures"

# es31 HIDE WANT MISSING: the ES 3.1 request with HIDE gets OpenGL ES 3.1 (WANT 31) or is
# refused with a log line naming MISSING (WANT 0)
es31() {
  local hide=$1 want=$2 missing=$3 line
  run "$hide"
  line=$(grep "^request es3\.1:" "$dir/stdout")
  if [ "$want" = 31 ]; then
    [ "$line" = 'request es3.1: version 31 "OpenGL ES 3.1 mgl 0.1" glsl "OpenGL ES GLSL ES 3.10"' ] ||
      fail "hide=$hide: want an OpenGL ES 3.1 context, got: $line"
  else
    [ "$line" = "request es3.1: refused 0x3009" ] ||
      fail "hide=$hide: want ES 3.1 refused (EGL_BAD_MATCH), got: $line"
    grep -rqF "OpenGL ES 3.1 requested; this backend offers OpenGL ES 3.0: it lacks $missing" \
      "$dir" || fail "hide=$hide: no log line naming what ES 3.1 lacks ($missing)"
  fi
}
es31 "" 31 ""
es31 compute 0 "compute shaders"
es31 es31 0 "stencil texturing"
# ES 3.2 on a GLES 3.2 host (every feature it folds in: cube map arrays, stencil8 textures,
# interpolateAt*, tessellation, glb_screen.c); refused where the geometry stage is hidden
run ""
line=$(grep "^request es3\.2:" "$dir/stdout")
if grep -rq "gles: .*(OpenGL ES 3\.2 " "$dir"; then
  [ "$line" = 'request es3.2: version 32 "OpenGL ES 3.2 mgl 0.1" glsl "OpenGL ES GLSL ES 3.20"' ] ||
    fail "a GLES 3.2 host: want an OpenGL ES 3.2 context, got: $line"
fi
run geometry
line=$(grep "^request es3\.2:" "$dir/stdout")
[ "$line" = "request es3.2: refused 0x3009" ] ||
  fail "hide=geometry: want ES 3.2 refused (EGL_BAD_MATCH), got: $line"
# es32 HIDE MISSING: on a GLES 3.2 host, with HIDE the ES 3.2 request is refused with a log line
# naming the first extension ES 3.2 folds in that the 3.1 context no longer lists, and ES 3.1 is
# still made (es32: a GLES 3.1 host context, where interpolateAt* and tessellation are ES 3.2's)
es32() {
  local hide=$1 missing=$2 line
  run "$hide"
  line=$(grep "^request es3\.2:" "$dir/stdout")
  [ "$line" = "request es3.2: refused 0x3009" ] ||
    fail "hide=$hide: want ES 3.2 refused (EGL_BAD_MATCH), got: $line"
  grep -rqF "OpenGL ES 3.2 requested; this backend offers OpenGL ES 3.1: it lacks $missing" \
    "$dir" || fail "hide=$hide: no log line naming what ES 3.2 lacks ($missing)"
  line=$(grep "^request es3\.1:" "$dir/stdout")
  [ "$line" = 'request es3.1: version 31 "OpenGL ES 3.1 mgl 0.1" glsl "OpenGL ES GLSL ES 3.10"' ] ||
    fail "hide=$hide: want an OpenGL ES 3.1 context, got: $line"
}
run ""
if grep -rq "gles: .*(OpenGL ES 3\.2 " "$dir"; then
  es32 tessellation GL_EXT_tessellation_shader
  es32 cube-map-array GL_EXT_texture_cube_map_array
  es32 stencil8 GL_OES_texture_stencil8
  es32 gpu-shader5 GL_OES_shader_multisample_interpolation
  es32 es32 GL_OES_shader_multisample_interpolation
fi
echo "version_hide: PASS arm=$arm (GL $full on this host)"
