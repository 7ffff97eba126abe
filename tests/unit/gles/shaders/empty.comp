#version 450
// an empty compute shader: launch_grid runs it (gles_refusal_test.c counts the dispatches)
layout(local_size_x = 1) in;
void main()
{
}
