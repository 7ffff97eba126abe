#!/usr/bin/env python3
"""strip_code.py FILE... -- prints each file with its comments removed, and for C its string
and character literals too, so an audit that greps the output counts only code. Python files
(generators) keep their ordinary string literals, which are the code they emit, and lose their
comments and docstrings."""
import sys


def strip_c(text):
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j) or " ")
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def strip_py(text):
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith('"""', i) or text.startswith("'''", i):
            q = text[i:i + 3]
            j = text.find(q, i + 3)
            j = n if j < 0 else j + 3
            # a statement made of a triple-quoted string alone is a docstring: dropped
            line_start = text.rfind("\n", 0, i) + 1
            line_end = text.find("\n", j)
            line_end = n if line_end < 0 else line_end
            alone = not text[line_start:i].strip() and not text[j:line_end].strip()
            out.append("\n" * text.count("\n", i, j) if alone else text[i:j])
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def main():
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        sys.stdout.write(strip_py(text) if path.endswith(".py") else strip_c(text))
        sys.stdout.write("\n")


if __name__ == "__main__":
    main()
