#version 450
// A geometry stage whose located inputs are over lavapipe's maxGeometryInputComponents (64,
// GL's least for GL_MAX_GEOMETRY_INPUT_COMPONENTS): 17 vec4s a vertex, 68 components. The
// backend refuses it at creation (shader-over-device-limits); the front end reports the
// device's 64, so no GL-legal program comes here.
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec4 v_in[][17];
layout(location = 0) out vec4 v_out;
void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      vec4 s = vec4(0.0);
      for (int j = 0; j < 17; j++)
         s += v_in[i][j];
      v_out = s;
      EmitVertex();
   }
}
