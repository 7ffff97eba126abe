#!/usr/bin/env python3
"""callgrind_sum.py OUT.callgrind... -- instructions of a callgrind profile summed by ELF object.

Prints, per file, "own" (libmgl.so + libmgl-server.so, or Mesa's GL front end + zink for a Zink
run, each with the libc/ld.so/libxxhash calls it makes), "lavapipe" (libvulkan_lvp.so and code
without an object: llvmpipe's JIT code), "llvm" and "whole" (every object but LLVM), the method
of docs/BENCHMARKS.md rounds 7-8. With two files (N = low and high --steps), prints the
difference divided by --steps-diff: instructions per step.
"""
import re
import sys

# libgallium-*: Mesa 24 and later build the GL front end and its drivers (zink) into one library
OWN = ("libmgl.so", "libmgl-server.so", "zink_dri.so", "libglapi", "libEGL_mesa", "libgallium")
HELPER = ("libc.so", "ld-linux", "libxxhash", "libstdc++", "libm.so", "libgcc")


def kind(obj):
    base = obj.rsplit("/", 1)[-1]
    if any(base.startswith(o) for o in OWN):
        return "own"
    if "libLLVM" in base:
        return "llvm"
    if "libvulkan_lvp" in base or obj in ("", "???"):
        return "lavapipe"
    if any(base.startswith(h) for h in HELPER):
        return "helper"
    return "other"


def read(path):
    names = {}
    events = None
    npos = 1
    ob = cob = ""
    pending_call = False
    self_by = {}
    calls_into_helper = {}  # caller kind -> inclusive cost of its calls into helpers
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            if line.startswith("positions:"):
                npos = len(line.split()) - 1
                continue
            if line.startswith("events:"):
                events = line.split()[1:]
                continue
            m = re.match(r"^(c?ob)=(?:\((\d+)\))?\s*(.*)$", line)
            if m:
                key, num, name = m.groups()
                if num and name:
                    names[num] = name
                elif num:
                    name = names.get(num, "")
                if key == "ob":
                    ob = cob = name
                else:
                    cob = name
                continue
            if line.startswith(("fn=", "fl=", "fi=", "fe=")):
                cob = ob
                continue
            if line.startswith("cfn=") or line.startswith("cfl=") or line.startswith("cfi="):
                continue
            if line.startswith("calls="):
                pending_call = True
                continue
            if line[0] in "0123456789+-*":
                parts = line.split()
                if len(parts) <= npos:
                    continue
                cost = int(parts[npos])
                if pending_call:
                    pending_call = False
                    ck, tk = kind(ob), kind(cob)
                    if tk == "helper" and ck != "helper":
                        calls_into_helper[ck] = calls_into_helper.get(ck, 0) + cost
                    cob = ob
                    continue
                self_by[kind(ob)] = self_by.get(kind(ob), 0) + cost
    out = {}
    for k in ("own", "lavapipe", "other", "llvm"):
        out[k] = self_by.get(k, 0) + calls_into_helper.get(k, 0)
    out["whole"] = sum(v for k, v in self_by.items() if k != "llvm")
    if events and events[0] != "Ir":
        sys.exit("first event is %s, not Ir" % events[0])
    return out


def main(argv):
    steps = None
    files = []
    for a in argv[1:]:
        if a.startswith("--steps-diff="):
            steps = int(a.split("=", 1)[1])
        else:
            files.append(a)
    sums = [read(p) for p in files]
    keys = ("own", "lavapipe", "other", "llvm", "whole")
    if steps and len(sums) == 2:
        print(" ".join("%s=%.0f" % (k, (sums[1][k] - sums[0][k]) / steps) for k in keys))
    else:
        for p, s in zip(files, sums):
            print(p, " ".join("%s=%d" % (k, s[k]) for k in keys))


if __name__ == "__main__":
    main(sys.argv)
