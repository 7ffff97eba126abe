#!/usr/bin/env python3
"""callgrind_fn.py LOW HIGH PART STEPS -- self instructions per step by function, between two
callgrind.sh ONE_PROCESS=1 runs (KEEP=DIR: DIR/all.IMPL.N.callgrind), for the case dumped
PART-th (1 = the first case of the run, in mgl-bench's order).

LOW and HIGH are the run files without the part number (DIR/all.before.100.callgrind). A dump
after the first names a function by the number an earlier dump gave it, which
callgrind_annotate cannot read; this reads the dumps before PART for the names. Prints
"instructions function [object]", largest first; with --sum, the sum over libmgl.so and
libmgl-server.so alone (docs/BENCHMARKS.md's "fn").
"""
import re
import sys

NAMED = re.compile(r"^(c?fn|c?ob|fl|fi|fe|cfi|cfl)=\((\d+)\)(?: (.*))?$")


def read(prefix, part):
    names = {}
    cost = {}
    for k in range(1, part + 1):
        fn = None
        ob = ""
        after_calls = False
        with open(f"{prefix}.{k}", errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                m = NAMED.match(line)
                if m:
                    tag, num, name = m.groups()
                    space = tag.lstrip("c")
                    space = "fl" if space in ("fi", "fe") else space
                    if name is not None:
                        names[(space, num)] = name
                    name = names.get((space, num), "?")
                    if tag == "fn":
                        fn = (ob, name)
                    elif tag == "ob":
                        ob = name
                    continue
                if line.startswith("calls="):
                    after_calls = True  # the next cost line is the call's, not fn's own
                    continue
                if line and (line[0].isdigit() or line[0] in "+-*"):
                    if after_calls:
                        after_calls = False
                    elif k == part and fn is not None:
                        fields = line.split()
                        if len(fields) >= 2:
                            cost[fn] = cost.get(fn, 0) + int(fields[-1])
    return cost


def main():
    args = [a for a in sys.argv[1:] if a != "--sum"]
    if len(args) != 4:
        sys.exit(__doc__)
    low, high, part, steps = args[0], args[1], int(args[2]), int(args[3])
    a = read(low, part)
    b = read(high, part)
    d = {f: (b.get(f, 0) - a.get(f, 0)) / steps for f in set(a) | set(b)}
    if "--sum" in sys.argv:
        print(f"{sum(v for (ob, _), v in d.items() if 'libmgl' in ob.rsplit('/', 1)[-1]):.1f}")
        return
    for (ob, fn), v in sorted(d.items(), key=lambda x: -x[1]):
        if abs(v) >= 0.5:
            print(f"{v:9.1f}  {fn} [{ob.rsplit('/', 1)[-1]}]")


if __name__ == "__main__":
    main()
