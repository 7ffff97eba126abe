#version 450
// unit.vulkan.backend's local-index case: a dynamic index into the shader's own array, which the
// backend clamps (local-index-clamps). The colour's blue picks the element: blue * 4 truncated,
// 4 past the end (the clamp reads the last).
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 o_color;
void main()
{
   vec4 pick[3] = vec4[3](vec4(1, 0, 0, 1), vec4(0, 1, 0, 1), vec4(0, 0, 1, 1));
   o_color = pick[int(v_color.b * 4.0)];
}
