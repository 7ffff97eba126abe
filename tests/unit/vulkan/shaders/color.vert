#version 450
// Test shader following mgl's descriptor contract: binding 0 is the default uniform block.
layout(location = 0) in vec2 pos;
layout(set = 0, binding = 0, std140) uniform DefaultBlock {
   vec4 color;
   vec4 offset; // xy: added to every vertex, zw: added per instance (times gl_InstanceIndex)
   float z;
} u;
layout(location = 0) out vec4 v_color;
void main()
{
   gl_Position = vec4(pos + u.offset.xy + u.offset.zw * float(gl_InstanceIndex), u.z, 1.0);
   gl_Position.z = (gl_Position.z + gl_Position.w) * 0.5; // GL clip depth -> Vulkan's
   v_color = u.color;
}
