#version 450
#extension GL_ARB_shader_ballot : require
// a fragment module that declares SubgroupBallotKHR (vk_backend_test.c: test_capability_lacking)
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = v_color * float(readFirstInvocationARB(1u));
}
