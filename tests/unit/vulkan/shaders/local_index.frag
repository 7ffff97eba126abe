#version 450
// Dynamic indices into the shader's own composites (unit.vulkan.local_bounds): a function-local
// mat4 (written and read, as piglit fs-mat4-out-of-bounds-6), a local float[5], a column's
// component, a Private (global) int[3] and a vec3 in a struct, beside a uniform block's array
// (the device's to bound) and constant indices.
layout(location = 0) flat in int idx;
layout(location = 0) out vec4 o;
layout(std140, binding = 0) uniform U { vec4 arr[8]; };
struct S { float pad; vec3 v; };
int g[3] = int[3](1, 2, 3);
void main() {
   mat4 m = mat4(1.0);
   float a[5] = float[5](1.0, 2.0, 3.0, 4.0, 5.0);
   S s = S(0.0, vec3(idx));
   m[idx > 0 ? idx : -1][0] = -1.0;
   a[idx] = 7.0;
   o = m[idx] + vec4(a[idx]) + arr[idx] + vec4(m[1][idx]) + vec4(float(g[idx]) + s.v[idx]) +
       m[2] + vec4(a[3]);
}
