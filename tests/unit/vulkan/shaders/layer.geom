#version 450
// What vkb_spirv_scan reads from a geometry stage: output points, gl_Layer (whose BuiltIn
// word the backend rewrites), gl_PointSize written; no gl_PrimitiveID output.
layout(points) in;
layout(points, max_vertices = 1) out;
void main()
{
   gl_Position = gl_in[0].gl_Position;
   gl_PointSize = 4.0;
   gl_Layer = 1;
   EmitVertex();
}
