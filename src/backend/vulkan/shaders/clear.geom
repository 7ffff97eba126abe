#version 450
// Masked clears of a layered framebuffer (vkb_clear.c): the draw carries one triangle per
// layer, and triangle k goes to layer k.
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      gl_Layer = gl_PrimitiveIDIn;
      EmitVertex();
   }
}
