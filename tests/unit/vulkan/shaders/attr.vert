#version 450
// Location 1 is read but not enabled by the test's vertex elements: its value comes from
// set_vertex_attrib_defaults.
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 a_color;
layout(location = 0) out vec4 v_color;
void main()
{
   gl_Position = vec4(pos, 0.0, 1.0);
   gl_Position.z = (gl_Position.z + gl_Position.w) * 0.5;
   v_color = a_color;
}
