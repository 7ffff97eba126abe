#version 450
// A triangle that covers the viewport, from gl_VertexIndex alone (no vertex inputs).
void main()
{
   const vec2 p[3] = vec2[](vec2(-1.0, -1.0), vec2(3.0, -1.0), vec2(-1.0, 3.0));
   gl_Position = vec4(p[gl_VertexIndex % 3], 0.0, 1.0);
}
