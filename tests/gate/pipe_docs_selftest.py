#!/usr/bin/env python3
"""pipe_docs_selftest.py GEN_PIPE TYPES_DEF CALLS_DEF - the doc-comment gate has teeth.

gen_pipe.py must accept pipe_calls.def as it is, and refuse it, naming the call, when the doc
comment of any one call is taken away (tried on the first, a middle and the last call)."""
import os
import re
import subprocess
import sys
import tempfile


def run(gen, types, calls, outdir):
    return subprocess.run([sys.executable, gen, types, calls, outdir], capture_output=True,
                          text=True)


def main():
    gen, types, calls = sys.argv[1:4]
    text = open(calls).read()
    with tempfile.TemporaryDirectory() as tmp:
        r = run(gen, types, calls, tmp)
        if r.returncode:
            print('gen_pipe.py refuses the real pipe_calls.def:', r.stderr.strip())
            return 1
        docs = list(re.finditer(r'^/\*\*.*?\*/\n(X\((\w+),)', text, re.M | re.S))
        if len(docs) < 3:
            print('pipe_calls.def has %d doc comments' % len(docs))
            return 1
        for m in (docs[0], docs[len(docs) // 2], docs[-1]):
            name = m.group(2)
            stripped = text[:m.start()] + text[m.start(1):]
            path = os.path.join(tmp, 'pipe_calls.def')
            with open(path, 'w') as f:
                f.write(stripped)
            r = run(gen, types, path, tmp)
            if r.returncode == 0 or name not in r.stderr:
                print('gen_pipe.py accepted %s without its doc comment (rc %d: %s)'
                      % (name, r.returncode, r.stderr.strip()))
                return 1
            print('refused as it should:', r.stderr.strip())
    return 0


if __name__ == '__main__':
    sys.exit(main())
