#version 450
#extension GL_ARB_shader_stencil_export : require
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = v_color;
   gl_FragStencilRefARB = 1;
}
