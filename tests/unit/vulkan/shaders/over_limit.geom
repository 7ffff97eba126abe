#version 450
// A geometry stage whose output is over every device's maxGeometryTotalOutputComponents:
// 256 vertices of gl_PerVertex and 31 vec4s (over 33000 components; Vulkan's least is 1024,
// devices have 1024 to 16384). Its pipeline would be invalid (a GPU fault on NVIDIA): the
// backend refuses the shader at creation (shader-over-device-limits).
layout(triangles) in;
layout(triangle_strip, max_vertices = 256) out;
layout(location = 0) in vec4 v_color_in[];
layout(location = 0) out vec4 v_out[31];
void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      for (int j = 0; j < 31; j++)
         v_out[j] = v_color_in[i];
      EmitVertex();
   }
}
