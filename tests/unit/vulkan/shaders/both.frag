#version 450
// A uniform block (binding 1) and two samplers (bindings 32, 33) in one stage: the module
// vkb_spirv_scan rewrites (the samplers go to descriptor set 1).
layout(location = 0) in vec2 v_uv;
layout(set = 0, binding = 1, std140) uniform Extra {
   vec4 add;
} extra;
layout(set = 0, binding = 64) uniform sampler2D tex0;
layout(set = 0, binding = 65) uniform sampler2D tex1;
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = texture(tex0, v_uv) + texture(tex1, v_uv) + extra.add;
}
