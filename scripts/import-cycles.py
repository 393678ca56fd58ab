#!/usr/bin/env python3
"""Lists import circles between the files of a crate's `src/`.

An edge runs from a file to every file it names through a `crate::` path in code (not
in comments): `use crate::world::collision_world::CollisionWorld` names
`world/collision_world.rs`; a path through a folder's `mod.rs` or `lib.rs` re-export
is followed to the file that defines the item. Exits 1 when a circle exists.

Usage: scripts/import-cycles.py crates/bevy_sat2d/src
"""
import os
import re
import sys


def files_of(root):
    out = []
    for d, _, fs in os.walk(root):
        out += [os.path.relpath(os.path.join(d, f), root) for f in fs if f.endswith('.rs')]
    return out


def module_of(path):
    parts = path[:-3].split('/')
    if parts[-1] in ('mod', 'lib'):
        parts = parts[:-1]
    return tuple(parts)


def main(root):
    files = files_of(root)
    by_module = {module_of(f): f for f in files}
    defines = {}
    item = re.compile(r'^pub(?:\([a-z]+\))? (?:struct|enum|fn|type|trait|const|static) (\w+)', re.M)
    for f in files:
        for m in item.finditer(open(os.path.join(root, f)).read()):
            defines.setdefault(m.group(1), set()).add(f)
    edges = {f: set() for f in files}
    path_re = re.compile(r'crate((?:::\w+)+)')
    brace_re = re.compile(r'use crate((?:::\w+)*)::\{([^;]*)\};', re.S)
    for f in files:
        code = '\n'.join(l.split('//')[0] for l in open(os.path.join(root, f)).read().split('\n'))
        paths = [tuple(m.group(1).split('::')[1:]) for m in path_re.finditer(code)]
        for m in brace_re.finditer(code):
            prefix = tuple(m.group(1).split('::')[1:])
            for name in re.findall(r'\w+(?:::\w+)*', m.group(2)):
                paths.append(prefix + tuple(name.split('::')))
        for p in paths:
            target = None
            for k in range(len(p), -1, -1):
                if p[:k] in by_module:
                    target = by_module[p[:k]]
                    rest = p[k:]
                    break
            if target and (target.endswith('mod.rs') or target == 'lib.rs') and rest:
                owners = defines.get(rest[0], set())
                if len(owners) == 1:
                    target = next(iter(owners))
            if target and target != f:
                edges[f].add(target)
    # Tarjan's strongly connected components.
    index, low, stack, on, sccs = {}, {}, [], set(), []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
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
                sccs.append(sorted(comp))

    for v in sorted(files):
        if v not in index:
            visit(v)
    for comp in sccs:
        print('circle:', ' '.join(comp))
    return 1 if sccs else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))
