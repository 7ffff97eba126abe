#version 450
#extension GL_ARB_gpu_shader_int64 : require
// a fragment module that declares Int64 (vk_backend_test.c: test_capability_lacking)
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 o_color;
void main()
{
   int64_t k = int64_t(v_color.x * 4.0);
   o_color = v_color * float(k >> 1);
}
