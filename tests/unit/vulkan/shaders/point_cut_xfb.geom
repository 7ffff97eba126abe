#version 450
// point_cut.geom's quads with its gl_PointSize captured by transform feedback (buffer 0, one
// float a vertex): gl_PerVertex of gl_Position and gl_PointSize is 9 x 128 = 1152 over
// maxGeometryTotalOutputComponents 1024, within it only without the size, which the capture
// needs. Quad q's vertices are q + 1 wide.
layout(triangles) in;
layout(triangle_strip, max_vertices = 128) out;
layout(location = 0) in vec4 v_color_in[];
layout(location = 0) out vec4 v_color;
layout(xfb_buffer = 0, xfb_stride = 4) out gl_PerVertex {
   vec4 gl_Position;
   layout(xfb_offset = 0) float gl_PointSize;
};
void main()
{
   for (int q = 0; q < 32; q++) {
      for (int c = 0; c < 4; c++) {
         const vec2 px = vec2(4 * (q % 8) + 2 * (c & 1), 4 * (q / 8) + 2 * (c >> 1));
         gl_Position = vec4(px / 32.0 - 1.0, 0.5, 1.0);
         gl_PointSize = float(q + 1);
         v_color = vec4(float(q + 1) / 255.0, v_color_in[0].gba);
         EmitVertex();
      }
      EndPrimitive();
   }
}
