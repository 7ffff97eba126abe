#version 450
// Masked clears (vkb_clear.c): one triangle that covers the whole viewport; the scissor
// limits it to the clear rectangle.
void main()
{
   vec2 p = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
   gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
