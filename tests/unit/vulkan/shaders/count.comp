#version 450
// four invocations a group, nothing stored (vk_backend_test.c: test_stat_query_many_dispatches)
layout(local_size_x = 4) in;
void main()
{
}
