#version 450
// one texel stored through a 2D image uniform (vk_backend_test.c: test_image_layer_respecify)
layout(local_size_x = 1) in;
layout(binding = 160, rgba8) uniform writeonly image2D img;
void main()
{
   imageStore(img, ivec2(0), vec4(1.0, 0.0, 0.0, 1.0));
}
