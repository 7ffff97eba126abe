#!/usr/bin/env python3
"""doc_refs.py SRC_DIR - the repository explains itself.

1. No file in the repository cites a document or a path outside it: the contract is
   docs/PIPE.md, not a design brief that only some checkouts have.
2. Every citation of a docs/PIPE.md section (PIPE.md, # and an anchor) names a heading.
3. Every `file.c:function` reference in docs/ARCHITECTURE.md and docs/PIPE.md names a file of
   the tree that defines that function (the walks stay true as code moves).
Exit status 1 with one line per finding.
"""
import os
import re
import subprocess
import sys

# Built from pieces so that this file does not match itself.
OUTSIDE = [
    re.escape('DESIGN' + '.md'),
    re.escape('..' + '/shared'),
    re.escape('/' + 'work/'),
    re.escape('reference' + '/00') + r'\d',
]
OUTSIDE_RE = re.compile('|'.join(OUTSIDE))
ANCHOR_RE = re.compile(r'PIPE\.md#([a-z0-9-]+)')
FUNC_REF_RE = re.compile(r'`([\w./-]+\.[ch]):(\w+)(?:\(\))?`')


def repo_files(root):
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '-z', '--cached', '--others',
                              '--exclude-standard'], check=True,
                             capture_output=True).stdout.decode()
        files = [f for f in out.split('\0') if f]
        if files:
            return files
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for d, dirs, names in os.walk(root):
        dirs[:] = [x for x in dirs if x != '.git' and not x.startswith('build')]
        files += [os.path.relpath(os.path.join(d, n), root) for n in names]
    return files


def read_text(path):
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError:
        return None
    if b'\0' in data:
        return None
    return data.decode('utf-8', 'replace')


def anchor(heading):
    """GitHub's anchor of a markdown heading."""
    a = heading.strip().lower()
    a = re.sub(r'[^\w\- ]', '', a)
    return a.replace(' ', '-')


def defines(text, func):
    # A definition: the name at the start of a line (our style: return type on the line
    # before) or after a type, followed by its parameter list, and not ending in ';'.
    pat = re.compile(r'^(?:[\w\s\*]*[\s\*])?' + re.escape(func) + r'\s*\([^;{]*?\)\s*\{',
                     re.M | re.S)
    if pat.search(text):
        return True
    # The Vulkan backend's VKB_CALL(name, payload) defines vkb_name.
    m = re.match(r'vkb_(\w+)$', func)
    return bool(m and re.search(r'^VKB_CALL\(' + m.group(1) + r',', text, re.M))


def main():
    root = sys.argv[1]
    bad = []
    files = repo_files(root)
    texts = {}
    for rel in files:
        t = read_text(os.path.join(root, rel))
        if t is not None:
            texts[rel] = t
    for rel, t in texts.items():
        for n, line in enumerate(t.splitlines(), 1):
            if OUTSIDE_RE.search(line):
                bad.append('%s:%d: cites something outside the repository: %s'
                           % (rel, n, line.strip()[:120]))
    pipe = texts.get('docs/PIPE.md', '')
    anchors = {anchor(m.group(1)) for m in re.finditer(r'^#+\s+(.*)$', pipe, re.M)}
    for rel, t in texts.items():
        for n, line in enumerate(t.splitlines(), 1):
            for m in ANCHOR_RE.finditer(line):
                if m.group(1) not in anchors:
                    bad.append('%s:%d: docs/PIPE.md has no section #%s' % (rel, n, m.group(1)))
    by_name = {}
    for rel in texts:
        by_name.setdefault(os.path.basename(rel), []).append(rel)
    refs = [(doc, n, line) for doc in ('docs/ARCHITECTURE.md', 'docs/PIPE.md')
            for n, line in enumerate(texts.get(doc, '').splitlines(), 1)]
    nrefs = 0
    for doc, n, line in refs:
        for m in FUNC_REF_RE.finditer(line):
            nrefs += 1
            fname, func = m.group(1), m.group(2)
            cands = [fname] if fname in texts else by_name.get(os.path.basename(fname), [])
            if not cands:
                bad.append('%s:%d: no file %s in the tree' % (doc, n, fname))
            elif not any(defines(texts[c], func) for c in cands):
                bad.append('%s:%d: %s defines no %s()' % (doc, n, fname, func))
    for b in bad:
        print(b)
    if bad:
        print('doc_refs: %d finding(s)' % len(bad))
        return 1
    print('doc_refs: %d files, %d PIPE.md sections, %d file:function references resolve'
          % (len(texts), len(anchors), nrefs))
    return 0


if __name__ == '__main__':
    sys.exit(main())
