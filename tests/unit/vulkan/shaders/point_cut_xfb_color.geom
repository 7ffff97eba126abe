#version 450
// point_cut.geom's quads with their colour captured by transform feedback (buffer 0, a vec4 a
// vertex) and gl_PointSize written, not captured: 11 x 128 = 1408 over
// maxGeometryTotalOutputComponents 1024, 8 x 128 = 1024 without the size, which nothing reads.
// Quad q's colour is ((q + 1) / 16, 0.25, 0.5, 1), exact in binary.
layout(triangles) in;
layout(triangle_strip, max_vertices = 128) out;
layout(location = 0) in vec4 v_color_in[];
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 v_color;
void main()
{
   for (int q = 0; q < 32; q++) {
      for (int c = 0; c < 4; c++) {
         const vec2 px = vec2(4 * (q % 8) + 2 * (c & 1), 4 * (q / 8) + 2 * (c >> 1));
         gl_Position = vec4(px / 32.0 - 1.0, 0.5, 1.0);
         gl_PointSize = 4.0;
         v_color = vec4(float(q + 1) * 0.0625, 0.25, 0.5, v_color_in[0].a);
         EmitVertex();
      }
      EndPrimitive();
   }
}
