#!/bin/sh
# issue18.sh — applies the renames of issue 18 to the working tree (run from the repository root
# after merging a branch written against the old names). Idempotent.
set -eu
here=$(dirname "$0")
git grep -lE 'mgl_|MGL_|fe_sampler_unit' -- src tests tools docs ':!tools/rename' \
   | xargs -r sed -i -E -f "$here/issue18.sed"
# The client's session header; the server's own session.h keeps its name.
git grep -lE '#include "session.h"' -- src/frontend src/transport src/egl tests/unit/frontend \
      tests/unit/transport \
   | xargs -r sed -i -E 's/#include "session\.h"/#include "client_session.h"/'
