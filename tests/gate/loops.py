#!/usr/bin/env python3
"""Loops inside a folder of src/: the layers of one folder must call downward only.

Two graphs per folder, both over that folder's files:
  - includes: header A includes "B" of the same folder; any cycle fails.
  - calls: file A calls a function file B defines (from nm: A's undefined symbols that are B's
    text symbols). A strongly connected component of two or more files is a loop.
Every loop must be listed in the expectation file (one line per component: `folder: files`).
A loop not listed, or larger than listed, fails (a new cycle); a listed loop that shrank or
went away fails too, asking for the file to be updated so the gain is kept.

A line `below FOLDER/FILE: FILE...` says a file may call only the listed files of its folder
(vkb_batch, the lowest layer of the backend, reaches the layers above through hooks).

usage: loops.py [--print] SRC_DIR EXPECTED_FILE OBJECT...
  --print: write the loops found now in the expectation file's form (to update it)
"""
import os
import re
import subprocess
import sys


def folder_of(obj):
    """src/frontend/CMakeFiles/mgl_frontend.dir/fe_get.c.o -> ('frontend', 'fe_get')"""
    parts = obj.replace(os.sep, '/').split('/')
    if 'CMakeFiles' not in parts:
        return None, None
    i = parts.index('CMakeFiles')
    if 'src' not in parts[:i]:
        return None, None
    s = i - 1 - parts[:i][::-1].index('src')
    folder = '/'.join(parts[s + 1:i] + parts[i + 2:-1])
    name = parts[-1]
    for ext in ('.o', '.obj'):
        if name.endswith(ext):
            name = name[:-len(ext)]
    return folder, os.path.splitext(name)[0]


def symbols(objects):
    """{object: (text symbols defined, symbols undefined)}, from one nm run over them all."""
    out = subprocess.run(['nm', '-P', '-A'] + list(objects), capture_output=True, text=True,
                         check=True).stdout
    syms = {o: (set(), set()) for o in objects}
    for line in out.splitlines():
        obj, _, rest = line.rpartition(': ')
        f = rest.split()
        if obj not in syms or len(f) < 2:
            continue
        if f[1] == 'U':
            syms[obj][1].add(f[0])
        elif f[1] == 'T':
            syms[obj][0].add(f[0])
    return syms


def sccs(nodes, edges):
    """Tarjan's algorithm, iterative; components of two or more nodes, each sorted."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            n, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(edges[nxt]))))
                elif nxt in on:
                    low[n] = min(low[n], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[n])
            if low[n] == index[n]:
                comp = []
                while True:
                    m = stack.pop()
                    on.discard(m)
                    comp.append(m)
                    if m == n:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def call_loops(objects):
    by_folder = {}
    syms = symbols(objects)
    for obj in objects:
        folder, name = folder_of(obj)
        if folder is None:
            sys.exit(f'loops: cannot place object {obj} in a folder of src/')
        by_folder.setdefault(folder, {})[name] = syms[obj]
    loops = {}
    for folder, files in by_folder.items():
        owner = {}
        for name, (defined, _) in files.items():
            for s in defined:
                owner[s] = name
        edges = {n: {owner[s] for s in u if s in owner and owner[s] != n}
                 for n, (_, u) in files.items()}
        loops[folder] = sccs(files, edges)
    return by_folder, loops


def include_cycles(src):
    found = []
    for dirpath, _, names in sorted(os.walk(src)):
        local = {n for n in names if n.endswith(('.h', '.c', '.def', '.inc'))}
        edges = {}
        for n in local:
            with open(os.path.join(dirpath, n), encoding='utf-8', errors='replace') as f:
                inc = re.findall(r'^\s*#\s*include\s+"([^"/]+)"', f.read(), re.M)
            edges[n] = {i for i in inc if i in local and i != n}
        for comp in sccs(local, edges):
            found.append((os.path.relpath(dirpath, src), comp))
        for n, e in edges.items():
            if n in e:
                found.append((os.path.relpath(dirpath, src), [n]))
    return found


def read_expected(path):
    want, below = {}, {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            if not line:
                continue
            head, files = line.split(':', 1)
            if head.startswith('below '):
                below[head[len('below '):].strip()] = set(files.split())
            else:
                want.setdefault(head.strip(), []).append(sorted(files.split()))
    return want, below


def main(argv):
    printing = len(argv) > 1 and argv[1] == '--print'
    if printing:
        argv = argv[:1] + argv[2:]
    if len(argv) < 4:
        sys.exit(__doc__)
    src, expected, objects = argv[1], argv[2], argv[3:]
    if printing:
        _, loops = call_loops(objects)
        for folder in sorted(loops):
            for comp in loops[folder]:
                print(f'{folder}: {" ".join(comp)}')
        return 0
    bad = 0
    for folder, comp in include_cycles(src):
        print(f'loops: include cycle in src/{folder}: ' + ' -> '.join(comp + comp[:1]))
        bad += 1
    by_folder, loops = call_loops(objects)
    want, below = read_expected(expected)
    for path, allowed in sorted(below.items()):
        folder, name = path.rsplit('/', 1)
        files = by_folder.get(folder, {})
        if name not in files:
            print(f'loops: {expected} names {path}, which has no object here')
            bad += 1
            continue
        owner = {s: n for n, (d, _) in files.items() for s in d}
        up = sorted({f'{owner[s]} ({s})' for s in files[name][1]
                     if s in owner and owner[s] != name and owner[s] not in allowed})
        for u in up:
            print(f'loops: src/{path} calls up into {u}; it may call only: '
                  + ' '.join(sorted(allowed)))
            bad += 1
    for folder in sorted(set(loops) | set(want)):
        have = loops.get(folder, [])
        known = want.get(folder, [])
        if folder not in by_folder:
            print(f'loops: {expected} lists src/{folder}, which has no objects here')
            bad += 1
            continue
        n = len(by_folder[folder])
        sizes = ', '.join(str(len(c)) for c in have) or 'none'
        print(f'loops: src/{folder}: {n} files, call loops of {sizes} files')
        for comp in have:
            cover = [k for k in known if set(comp) <= set(k)]
            if not cover:
                print(f'loops: NEW call loop in src/{folder} (files calling each other): '
                      + ' '.join(comp))
                bad += 1
            elif cover[0] != comp:
                print(f'loops: a loop in src/{folder} shrank to: {" ".join(comp)}\n'
                      f'       update {expected} (was: {" ".join(cover[0])})')
                bad += 1
        for k in known:
            if not any(set(c) & set(k) for c in have):
                print(f'loops: the loop {" ".join(k)} in src/{folder} is gone; '
                      f'remove its line from {expected}')
                bad += 1
    if bad:
        print(f'loops: {bad} problem(s)')
        return 1
    print('loops: ok')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
