#version 450
// A points geometry stage over maxGeometryTotalOutputComponents by its total alone: 11
// components a vertex (a vec4, and gl_PerVertex as glslang declares it: 4 + 1 + 1 + 1) x 200
// vertices = 2200, over 1024 (Vulkan's least, lavapipe's and NVIDIA's). Each of its 2
// invocations fills 5 rows of 40 pixels, one point a pixel, its colour's red naming the
// invocation: the backend shares the vertices out among more invocations (spv_gs_split.c).
layout(triangles, invocations = 2) in;
layout(points, max_vertices = 200) out;
layout(location = 0) in vec4 v_color_in[];
layout(location = 0) out vec4 v_color;
void main()
{
   for (int v = 0; v < 200; v++) {
      const int x = v % 40, y = gl_InvocationID * 5 + v / 40;
      gl_Position = vec4((float(x) + 0.5) / 32.0 - 1.0, (float(y) + 0.5) / 32.0 - 1.0, 0.5, 1.0);
      gl_PointSize = 1.0;
      v_color = vec4(0.25 + 0.5 * float(gl_InvocationID), v_color_in[0].gba);
      EmitVertex();
   }
}
