#!/usr/bin/env python3
"""backend_no_gl.py REPO_DIR [ALLOW_FILE] -- no backend source includes a GL, GLES, EGL or KHR
header, directly or through a header of the repository it includes: MGPipe carries no GL, so a
backend has no use for GL's names. src/backend/gles/ may include its host's EGL, GLES and KHR
headers (a GLES backend calls its host's GLES through them) but never desktop GL's (GL/...),
which the host driver there does not serve. ALLOW_FILE names files still waiting for their GL to leave, each with its reason;
an entry that no longer includes GL fails too, so the list cannot outlive its reason."""
import os
import re
import sys

FORBIDDEN = re.compile(r'^(GL|GLES[0-9]*|EGL|KHR)/')
FORBIDDEN_GLES_BACKEND = re.compile(r'^GL/')
GLES_BACKEND = os.path.join('src', 'backend', 'gles')
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def strip_comments(text):
    return re.sub(r'/\*.*?\*/|//[^\n]*', ' ', text, flags=re.S)


def main():
    repo = sys.argv[1]
    allow = {}
    if len(sys.argv) > 2:
        for line in open(sys.argv[2]):
            line = line.split('#', 1)[0].strip()
            if line:
                path, _, why = line.partition(' ')
                allow[path] = why.strip()
    src = os.path.join(repo, 'src')
    headers = {}  # basename: [paths] of the repository's own headers
    for d, _, files in os.walk(src):
        for f in files:
            if f.endswith('.h'):
                headers.setdefault(f, []).append(os.path.join(d, f))

    memo = {}
    gles_memo = {}  # the GLES backend's own walk: only desktop GL is forbidden there

    def gl_chain(path, seen, forbidden=FORBIDDEN, memo=memo):
        """The include chain from path to a header forbidden matches, or None."""
        if path in memo:
            return memo[path]
        if path in seen:
            return None
        seen.add(path)
        found = None
        for kind, name in INCLUDE.findall(strip_comments(open(path, errors='replace').read())):
            if forbidden.match(name):
                found = [name]
                break
            if kind == '"':
                local = os.path.join(os.path.dirname(path), name)
                cands = [local] if os.path.exists(local) else headers.get(os.path.basename(name), [])
                for h in cands:
                    sub = gl_chain(h, seen, forbidden, memo)
                    if sub:
                        found = [os.path.relpath(h, repo)] + sub
                        break
                if found:
                    break
        memo[path] = found
        return found

    backend = os.path.join(src, 'backend')
    fail = 0
    checked = 0
    for d, dirs, files in os.walk(backend):
        rel_d = os.path.relpath(d, repo)
        gles = rel_d == GLES_BACKEND or rel_d.startswith(GLES_BACKEND + os.sep)
        dirs.sort()
        for f in sorted(files):
            if not f.endswith(('.c', '.h', '.cpp', '.inc')):
                continue
            rel = os.path.join(rel_d, f)
            checked += 1
            if gles:
                chain = gl_chain(os.path.join(d, f), set(), FORBIDDEN_GLES_BACKEND, gles_memo)
                if chain:
                    print('gate.backend_no_gl: FAIL: %s (the GLES backend) includes desktop GL: %s'
                          % (rel, ' -> '.join(chain)), file=sys.stderr)
                    fail = 1
                continue
            chain = gl_chain(os.path.join(d, f), set())
            if chain and rel in allow:
                print('gate.backend_no_gl: known: %s includes %s (%s)' % (rel, ' -> '.join(chain),
                                                                         allow[rel]))
            elif chain:
                print('gate.backend_no_gl: FAIL: %s includes %s' % (rel, ' -> '.join(chain)),
                      file=sys.stderr)
                fail = 1
            elif rel in allow:
                print('gate.backend_no_gl: FAIL: %s is allowed GL but includes none: drop it '
                      'from the allow list' % rel, file=sys.stderr)
                fail = 1
    for rel in allow:
        if not os.path.exists(os.path.join(repo, rel)):
            print('gate.backend_no_gl: FAIL: allowed %s does not exist' % rel, file=sys.stderr)
            fail = 1
    if not fail:
        print('gate.backend_no_gl: PASS (%d backend files, %d known)' % (checked, len(allow)))
    return fail


if __name__ == '__main__':
    sys.exit(main())
