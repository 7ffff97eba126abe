#version 450
// textureSamples through a usampler2DMS (vk_backend_test.c: test_kind_view_samples): red is
// 60 per sample
layout(set = 0, binding = 64) uniform usampler2DMS tex;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = vec4(float(textureSamples(tex)) * 60.0 / 255.0, 0.0, 0.0, 1.0);
}
