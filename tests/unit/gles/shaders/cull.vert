#version 450
// Two triangles from gl_VertexIndex: the first covers the viewport and is culled (its
// gl_CullDistance[0] is -1 at every vertex), the second, the lower left half, is kept (1).
out gl_PerVertex
{
   vec4 gl_Position;
   float gl_CullDistance[1];
};
void main()
{
   const vec2 p[6] = vec2[](vec2(-1.0, -1.0), vec2(3.0, -1.0), vec2(-1.0, 3.0), vec2(-1.0, -1.0),
                            vec2(1.0, -1.0), vec2(-1.0, 1.0));
   gl_Position = vec4(p[gl_VertexIndex % 6], 0.0, 1.0);
   gl_CullDistance[0] = gl_VertexIndex < 3 ? -1.0 : 1.0;
}
