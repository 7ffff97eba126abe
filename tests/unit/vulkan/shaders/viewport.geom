#version 450
// A geometry stage that picks viewport 0 (gl_ViewportIndex): its pipeline has every viewport
// the device has as dynamic state, each of which Vulkan wants set before a draw.
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec4 v_color_in[];
layout(location = 0) out vec4 v_color;
void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      gl_ViewportIndex = 0;
      v_color = v_color_in[i];
      EmitVertex();
   }
}
