#!/usr/bin/env python3
"""Finds import circles between the files of each crate.

An edge runs from file A to file B when A's code (tests left out) names an item of B
through a `crate::`, `super::`, `self::` or child-module path. A path through a
`pub use` re-export (lib.rs's, or a mod.rs's) is followed to the file that defines the
item; a `pub use` line is itself a re-export, not an import, and gives no edge. Any
strongly connected group of two or more files is a circle, and is printed.

Usage: scripts/import-cycles.py [CRATE_DIR ...]   (default: every crates/*)
Exit 1 if any crate has a circle.
"""

import glob
import os
import re
import sys


def strip_comments(text):
    """Blanks comments, string and char literals (messages may say "crate::")."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and not re.match(r"\w", text[i - 1:i] or " "):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            close = '"' + hashes
            j = text.find(close, i + 2 + len(hashes))
            out.append('""')
            i = n if j < 0 else j + len(close)
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            out.append('""')
            i += 1
        elif c == "'" and re.match(r"'(\\.|[^'\\\n]|\\u\{[0-9a-fA-F]+\})'", text[i:i + 12]):
            m = re.match(r"'(\\.|[^'\\\n]|\\u\{[0-9a-fA-F]+\})'", text[i:i + 12])
            out.append("' '")
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def strip_tests(text):
    """Cuts every item under #[cfg(test)] (a `mod tests { … }` or a `mod x;`)."""
    out = []
    i = 0
    while True:
        j = text.find("#[cfg(test)]", i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        k = j + len("#[cfg(test)]")
        # The item ends at the first ';' before any '{', or at the '{' block's close.
        semi = text.find(";", k)
        brace = text.find("{", k)
        if brace < 0 or (0 <= semi < brace):
            i = semi + 1
            continue
        depth = 0
        p = brace
        while p < len(text):
            if text[p] == "{":
                depth += 1
            elif text[p] == "}":
                depth -= 1
                if depth == 0:
                    break
            p += 1
        i = p + 1


def modules(src):
    """Module path (tuple) -> file, for every file under src."""
    mods = {}
    for f in glob.glob(os.path.join(src, "**", "*.rs"), recursive=True):
        rel = os.path.relpath(f, src)[:-3].split(os.sep)
        if rel in (["lib"], ["main"]):
            path = ()
        elif rel[-1] == "mod":
            path = tuple(rel[:-1])
        else:
            path = tuple(rel)
        if rel[0] == "bin":
            continue
        mods[path] = f
    return mods


def expand(prefix, body):
    """Expands a use-tree body `a::{b, c::{d, e}}` into full paths."""
    body = body.strip()
    m = re.match(r"^(.*?)\{(.*)\}$", body, flags=re.S)
    if not m:
        p = re.split(r"\s+as\s+", body)[0].strip()
        return [prefix + [s for s in p.split("::") if s]]
    head = [s for s in m.group(1).split("::") if s]
    inner, parts, depth, cur = m.group(2), [], 0, ""
    for ch in inner:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    out = []
    for part in parts:
        if part.strip():
            out += expand(prefix + head, part)
    return out


EXTERNAL = "<another crate>"


def paths_in(text, here, mods, children):
    """(is_reexport, absolute path) for every module path the text names."""
    found = []
    for m in re.finditer(r"(\bpub(?:\([^)]*\))?\s+)?\buse\s+([^;]+);", text):
        for p in expand([], m.group(2)):
            found.append((bool(m.group(1)), p))
    code = re.sub(r"\buse\s+[^;]+;", "", text)
    for m in re.finditer(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)", code):
        found.append((False, m.group(1).split("::")))
    if children:
        alts = "|".join(sorted(children))
        for m in re.finditer(r"(?<![\w:])((?:%s)(?:::\w+)+)" % alts, code):
            found.append((False, m.group(1).split("::")))
    out = []
    for reexp, p in found:
        if not p:
            continue
        if p[0] == "crate":
            absolute = p[1:]
        elif p[0] in ("super", "self"):
            base = list(here)
            while p and p[0] in ("super", "self"):
                if p[0] == "super":
                    base = base[:-1]
                p = p[1:]
            absolute = base + p
        elif p[0] in children:
            absolute = list(here) + p
        elif reexp:
            # A re-export of another crate's item: a name that leads out of this crate.
            absolute = [EXTERNAL, p[-1]]
        else:
            continue
        out.append((reexp, absolute))
    return out


def analyse(crate):
    src = os.path.join(crate, "src")
    mods = modules(src)
    texts, reexports = {}, {}
    for path, f in mods.items():
        with open(f, encoding="utf-8") as fh:
            texts[path] = strip_tests(strip_comments(fh.read()))
    for path in mods:
        children = {q[-1] for q in mods if len(q) == len(path) + 1 and q[:-1] == path}
        table = {}
        for reexp, p in paths_in(texts[path], path, mods, children):
            if reexp and p:
                table[p[-1]] = p
                if p[0] == EXTERNAL:
                    table[p[-1]] = p
        reexports[path] = table

    def resolve(p, seen=0):
        # The longest prefix that is a module file; then a re-exported name is followed.
        for n in range(len(p), -1, -1):
            if tuple(p[:n]) in mods:
                mod = tuple(p[:n])
                rest = p[n:]
                if rest and rest[0] in reexports[mod] and seen < 20:
                    target = reexports[mod][rest[0]]
                    if target[0] == EXTERNAL:
                        return None
                    if target[: len(mod)] != list(mod) or len(target) > len(mod) + 1:
                        return resolve(target + rest[1:], seen + 1)
                return mod
        return None

    edges = {path: set() for path in mods}
    for path in mods:
        children = {q[-1] for q in mods if len(q) == len(path) + 1 and q[:-1] == path}
        for reexp, p in paths_in(texts[path], path, mods, children):
            if reexp:
                continue
            target = resolve(p)
            if target is not None and target != path:
                edges[path].add(target)
    return mods, edges


def cycles(edges):
    """Tarjan's strongly connected components of two or more nodes."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    sys.setrecursionlimit(10000)
    for v in edges:
        if v not in index:
            visit(v)
    return out


def name(path):
    return "::".join(path) or "lib"


def main():
    crates = sys.argv[1:] or sorted(glob.glob("crates/*"))
    bad = False
    for crate in crates:
        mods, edges = analyse(crate)
        found = cycles(edges)
        n = sum(len(e) for e in edges.values())
        if not found:
            print(f"{crate}: {len(mods)} files, {n} edges, no circle")
            continue
        bad = True
        print(f"{crate}: {len(mods)} files, {n} edges, {len(found)} circle(s)")
        for comp in found:
            members = set(comp)
            print("  circle of", len(comp), "files:", ", ".join(sorted(name(c) for c in comp)))
            for v in sorted(comp):
                back = sorted(name(w) for w in edges[v] if w in members)
                print(f"    {name(v)} -> {', '.join(back)}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
