#version 450
// Masked clears (vkb_clear.c): the clear colour from push constants to every draw buffer;
// the pipeline's colour write masks choose what is written. CLEAR_T is vec4, ivec4 or uvec4.
layout(push_constant) uniform Clear { CLEAR_T color; } pc;
layout(location = 0) out CLEAR_T o0;
layout(location = 1) out CLEAR_T o1;
layout(location = 2) out CLEAR_T o2;
layout(location = 3) out CLEAR_T o3;
layout(location = 4) out CLEAR_T o4;
layout(location = 5) out CLEAR_T o5;
layout(location = 6) out CLEAR_T o6;
layout(location = 7) out CLEAR_T o7;
void main()
{
   o0 = pc.color;
   o1 = pc.color;
   o2 = pc.color;
   o3 = pc.color;
   o4 = pc.color;
   o5 = pc.color;
   o6 = pc.color;
   o7 = pc.color;
}
