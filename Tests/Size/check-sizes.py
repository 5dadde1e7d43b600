#!/usr/bin/env python3
"""The size check of `make test`: no Swift file in Sources/ over 500 lines and no function over 80
lines without a reason written down in Tests/Size/allow-list.txt.

    python3 Tests/Size/check-sizes.py [--root DIR] [--allow-list FILE]

Lists every Swift file in Sources/ over 500 lines and every function (func, init, subscript,
deinit, with its body) over 80 lines, and fails on any that the allow-list does not name. Files in
Tests/ over 500 lines are listed as information only. An allow-list entry that is no longer over
its limit is reported (remove it), without failing.

Lines are counted as `wc -l` does (every line: code, comments, blank lines). A function's lines
run from the line of its keyword to the line of its closing brace.
"""
import argparse
import os
import re
import sys

FILE_LIMIT = 500
FUNCTION_LIMIT = 80

DECLARATION = re.compile(
    r"\b(?:func\s+(?P<func>[^\s(<]+)|(?P<init>init)[?!]?\s*[(<]|(?P<subscript>subscript)\s*[(<]|(?P<deinit>deinit)\b)")


def code_only(text):
    """The text with comments and string contents blanked (newlines kept), so braces count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            j = skip_string(text, i)
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j - 1]) + '"' if j - i >= 2 else text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def skip_string(text, i):
    """The index just past the string literal starting at `i` (raw, multi-line or plain)."""
    hashes = 0
    while text[i] == "#":
        hashes, i = hashes + 1, i + 1
    multiline = text.startswith('"""', i)
    quote = '"""' if multiline else '"'
    close = quote + "#" * hashes
    escape = "\\" + "#" * hashes
    j = i + len(quote)
    n = len(text)
    while j < n:
        if text.startswith(escape + "(", j):
            j = skip_interpolation(text, j + len(escape) + 1)
        elif text.startswith(escape, j):
            j += len(escape) + 1
        elif text.startswith(close, j):
            return j + len(close)
        elif text[j] == "\n" and not multiline:
            return j
        else:
            j += 1
    return n


def skip_interpolation(text, j):
    """The index just past the `)` closing an interpolation whose contents start at `j`."""
    depth, n = 1, len(text)
    while j < n and depth:
        if text[j] == '"':
            j = skip_string(text, j)
            continue
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
        j += 1
    return j


def long_functions(text):
    """(name, first line, line count) of every function in `text`."""
    code = code_only(text)
    found = []
    stack = []          # for each open brace: (name, first line) of its function, or None
    boundary = 0        # where the current declaration or statement text starts
    line = 1
    for i, c in enumerate(code):
        if c == "\n":
            line += 1
        elif c == "{":
            head = code[boundary:i]
            match = None
            for match in DECLARATION.finditer(head):
                pass
            if match and "=" not in head[match.end():].replace("==", "").replace("->", ""):
                name = match.group("func") or match.group("init") or match.group("subscript") or match.group("deinit")
                stack.append((name, line - head[match.start():].count("\n")))
            else:
                stack.append(None)
            boundary = i + 1
        elif c == "}":
            if stack:
                opened = stack.pop()
                if opened:
                    found.append((opened[0], opened[1], line - opened[1] + 1))
            boundary = i + 1
        elif c == ";":
            boundary = i + 1
    return found


def swift_files(root, folder):
    for directory, _, names in os.walk(os.path.join(root, folder)):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                yield os.path.relpath(path, root), path


def read_allow_list(path):
    """{key: reason}; a key is `PATH` (a file) or `PATH:FUNCTION`; a line is `KEY | REASON`."""
    entries, problems = {}, []
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            key, _, reason = (part.strip() for part in text.partition("|"))
            if not reason:
                problems.append(f"{path}:{number}: `{key}` has no reason (write `KEY | REASON`)")
            entries[key] = reason
    return entries, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(here)))
    parser.add_argument("--allow-list", default=os.path.join(here, "allow-list.txt"))
    arguments = parser.parse_args()

    allowed, problems = read_allow_list(arguments.allow_list)
    over = {}
    for relative, path in swift_files(arguments.root, "Sources"):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        if lines > FILE_LIMIT:
            over[relative] = f"{relative}: {lines} lines (limit {FILE_LIMIT})"
        for name, first, count in long_functions(text):
            if count > FUNCTION_LIMIT:
                over[f"{relative}:{name}"] = f"{relative}:{first}: {name} is {count} lines (limit {FUNCTION_LIMIT})"

    failures = list(problems)
    for key, message in sorted(over.items()):
        if key in allowed:
            print(f"allowed  {message} — {allowed[key]}")
        else:
            failures.append(f"{message}: split it, or name it with a reason in {os.path.relpath(arguments.allow_list, arguments.root)}")
    for key in sorted(set(allowed) - set(over)):
        print(f"note     {key} is no longer over its limit: remove its allow-list entry")
    for relative, path in swift_files(arguments.root, "Tests"):
        with open(path, encoding="utf-8") as f:
            lines = sum(1 for _ in f)
        if lines > FILE_LIMIT:
            print(f"info     {relative}: {lines} lines (tests are not held to {FILE_LIMIT})")
    for failure in failures:
        print(f"OVER     {failure}", file=sys.stderr)
    if failures:
        print(f"size check failed: {len(failures)} unlisted", file=sys.stderr)
        return 1
    print(f"size check passed: {len(over)} over a limit, each with a reason in the allow-list")
    return 0


if __name__ == "__main__":
    sys.exit(main())
