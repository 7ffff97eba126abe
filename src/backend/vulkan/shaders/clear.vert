#version 450
// Masked clears (vkb_clear.c): one triangle that covers the whole viewport; the scissor
// limits it to the clear rectangle. A layered clear draws it once per layer (clear.geom).
void main()
{
   int v = gl_VertexIndex % 3;
   vec2 p = vec2(float((v << 1) & 2), float(v & 2));
   gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
