#version 450
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = vec4(0.0, 1.0, 0.0, 1.0);
}
