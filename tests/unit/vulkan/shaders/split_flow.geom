#version 450
// split.geom's 11 components x 200 vertices with its emits inside control flow, as mgl's front
// end compiles it (glslang, optimizer off): in both arms of an if/else in a loop's body, an
// EndPrimitive between emits, and a && after an emit (an OpPhi naming the emit's block as its
// parent). Invocation i's point v lands on pixel (v % 100) of its two rows (x = p % 50, y = 2i +
// p / 50), so points v and v + 100 share a pixel and the later one (green 0.4, not 0.2) must win;
// blue tells the arm: 0.6 for even v, 0.8 for odd.
layout(triangles, invocations = 2) in;
layout(points, max_vertices = 200) out;
layout(location = 0) in vec4 v_color_in[];
layout(location = 0) out vec4 v_color;
void main()
{
   for (int v = 0; v < 200; v++) {
      const int p = v % 100, x = p % 50, y = gl_InvocationID * 2 + p / 50;
      gl_Position = vec4((float(x) + 0.5) / 32.0 - 1.0, (float(y) + 0.5) / 32.0 - 1.0, 0.5, 1.0);
      gl_PointSize = 1.0;
      const float g = v < 100 ? 0.2 : v_color_in[0].g;
      if ((v & 1) == 0) {
         v_color = vec4(0.25 + 0.5 * float(gl_InvocationID), g, 0.6, 1.0);
         EmitVertex();
      } else {
         v_color = vec4(0.25 + 0.5 * float(gl_InvocationID), g, 0.8, 1.0);
         EmitVertex();
         if (x > 3 && (v & 2) != 0)
            EndPrimitive();
      }
   }
}
