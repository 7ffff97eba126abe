#version 450
// The default block (binding 0, as the front end numbers it): one colour.
layout(set = 0, binding = 0) uniform Defaults
{
   vec4 u_color;
};
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = u_color;
}
