# issue18.sed — the renames of issue 18, as one sed script (GNU sed -E) so a branch written
# against the old names can be brought over with:
#   git grep -lE 'mgl_|MGL_|fe_sampler_unit|session\.h' -- src tests tools docs \
#     | xargs sed -i -E -f tools/rename/issue18.sed
# Running it twice changes nothing.

# util has its own prefix, mgu_ (mgl_ stays for exported entry points).
s/\bmgl_(log|log_v|log_always|log_level|log_sink_fn|log_set_thread_role|log_thread_role|log_set_thread_sink|log_set_thread_tag|log_write_line|role|error|warn|info|debug)\b/mgu_\1/g
s/\bmgl_(decline|fatal|handle_alloc)(_[a-z0-9_]*)?\b/mgu_\1\2/g
s/\bmgl_(hash64|add_u64|mul_u64|range_fits)\b/mgu_\1/g
s/\bMGL_LOG_(ERROR|WARN|INFO|DEBUG)\b/MGU_LOG_\1/g
s/\bMGL_LOG_##/MGU_LOG_##/g
s/\bMGL_ROLE_(CLIENT|SERVER)\b/MGU_ROLE_\1/g
s/\bMGL_(DECLINE|FATAL)(_[A-Za-z0-9_]*)?\b/MGU_\1\2/g
s/\bMGL_(DECLINE|FATAL)_##/MGU_\1_##/g
s/\bMGL_UTIL_([A-Z_]*_H)\b/MGU_UTIL_\1/g

# The client's end of a session: src/transport/client_session.[ch], prefix mgt_client_
# (src/server/session.c is the server's, mgs_session_).
s/\bstruct mgl_session\b/struct mgt_client/g
s/\bmgl_session_(create|destroy|caps|screen|transport|context_create|context_destroy|sync|take_events|heap_place|heap_drop|heap_write|failed|fatal)\b/mgt_client_\1/g
s/\bMGL_TRANSPORT_SESSION_H\b/MGL_TRANSPORT_CLIENT_SESSION_H/g

# fe_sampler_unit.c holds texture units and glBindTexture: fe_texture_unit.c.
s/\bfe_sampler_unit/fe_texture_unit/g
