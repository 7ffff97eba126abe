#version 450
// point_cut_xfb.geom's capture as glTransformFeedbackVaryings("gl_PointSize") makes it: the
// size is copied into an output of its own before each emit (glsl_link_xfb.c), and that copy
// is captured; the built-in itself carries no Offset. Cutting its stores would leave the copy
// reading nothing.
layout(triangles) in;
layout(triangle_strip, max_vertices = 128) out;
layout(location = 0) in vec4 v_color_in[];
layout(location = 0) out vec4 v_color;
layout(location = 1, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 4) out float v_size_copy;
void main()
{
   for (int q = 0; q < 32; q++) {
      for (int c = 0; c < 4; c++) {
         const vec2 px = vec2(4 * (q % 8) + 2 * (c & 1), 4 * (q / 8) + 2 * (c >> 1));
         gl_Position = vec4(px / 32.0 - 1.0, 0.5, 1.0);
         gl_PointSize = float(q + 1);
         v_color = vec4(float(q + 1) / 255.0, v_color_in[0].gba);
         v_size_copy = gl_PointSize;
         EmitVertex();
      }
      EndPrimitive();
   }
}
