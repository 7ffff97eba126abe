#version 450
// A fragment stage whose located inputs are over lavapipe's maxFragmentInputComponents (128,
// GL's least for GL_MAX_FRAGMENT_INPUT_COMPONENTS): 33 vec4s, 132 components. The backend
// refuses it at creation (shader-over-device-limits); the front end reports the device's 128,
// so no GL-legal program comes here.
layout(location = 0) in vec4 v_in[33];
layout(location = 0) out vec4 o_color;
void main()
{
   vec4 s = vec4(0.0);
   for (int j = 0; j < 33; j++)
      s += v_in[j];
   o_color = s;
}
