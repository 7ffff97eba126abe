#version 450
// A triangle geometry stage at exactly maxGeometryTotalOutputComponents of 1024 (Vulkan's least,
// lavapipe's and NVIDIA's) once its gl_PointSize store is gone: 128 vertices x (gl_Position and
// a vec4) = 1024. With the store (and gl_PerVertex as glslang declares it: 4 + 1 + 1 + 1) it is
// 11 x 128 = 1408, and gl_PerVertex cut after gl_PointSize still 9 x 128 = 1152: the backend
// draws it without the write (spv_point_size.c), which a triangle never reads. 32 quads of
// 2 x 2 pixels, 8 a row on a pitch of 4, the red naming each (q + 1) / 255.
layout(triangles) in;
layout(triangle_strip, max_vertices = 128) out;
layout(location = 0) in vec4 v_color_in[];
layout(location = 0) out vec4 v_color;
void main()
{
   for (int q = 0; q < 32; q++) {
      for (int c = 0; c < 4; c++) {
         const vec2 px = vec2(4 * (q % 8) + 2 * (c & 1), 4 * (q / 8) + 2 * (c >> 1));
         gl_Position = vec4(px / 32.0 - 1.0, 0.5, 1.0);
         gl_PointSize = 4.0;
         v_color = vec4(float(q + 1) / 255.0, v_color_in[0].gba);
         EmitVertex();
      }
      EndPrimitive();
   }
}
