#version 450
layout(location = 0) in vec2 pos;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec2 v_uv;
void main()
{
   gl_Position = vec4(pos, 0.0, 1.0);
   gl_Position.z = (gl_Position.z + gl_Position.w) * 0.5;
   v_uv = uv;
}
