#!/usr/bin/env python3
"""Fails when the daemon's modules use each other other than as declared.

A module is a folder of daemon/src (or daemon/ctl) with its own CMake library. For every source
and header file, each `#include "<module>/..."` of another module must name a module that the
file's own library links directly (target_link_libraries). And every module's links to other
modules must be those the README's "Module dependencies" table draws, so that a change to the
layering is a change to that table too.

Run from anywhere: python3 scripts/check-layering.py
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "daemon" / "src"
CTL = ROOT / "daemon" / "ctl"
README = ROOT / "README.md"

ADD_MODULE = re.compile(r"lodestone_add_module\(\s*(lodestone_\w+)\s+([\w/]+)([^)]*)\)", re.S)
ADD_LIBRARY = re.compile(r"add_library\(\s*(lodestone_\w+)\s+STATIC", re.S)
LINKS = re.compile(r"target_link_libraries\(\s*(lodestone_\w+)\s+([^)]*)\)", re.S)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
TABLE_ROW = re.compile(r"^\|\s*`([\w/]+)/`\s*\|([^|]*)\|", re.M)


def cmake_without_comments(path):
    return "\n".join(line.split("#", 1)[0] for line in path.read_text().splitlines())


def find_modules():
    """{folder: (target, [linked lodestone targets], CMakeLists path)}; folders relative to
    daemon/src, and "ctl" for daemon/ctl."""
    modules = {}
    lists = sorted(SOURCES.rglob("CMakeLists.txt")) + [CTL / "CMakeLists.txt"]
    for cmake in lists:
        text = cmake_without_comments(cmake)
        module = ADD_MODULE.search(text)
        library = module or ADD_LIBRARY.search(text)
        if not library:
            continue
        target = library.group(1)
        folder = "ctl" if cmake.parent == CTL else str(cmake.parent.relative_to(SOURCES))
        if module and module.group(2) != folder:
            raise SystemExit(f"check-layering: {cmake.relative_to(ROOT)} declares {target} for "
                             f"folder {module.group(2)}, but lives in {folder}")
        links = re.findall(r"\blodestone_\w+", module.group(3)) if module else []
        for linked in LINKS.finditer(text):
            if linked.group(1) == target:
                links += re.findall(r"\blodestone_\w+", linked.group(2))
        modules[folder] = (target, sorted(set(links)), cmake)
    return modules


def module_of(path, folders):
    """The module a path relative to daemon/src belongs to: the longest folder that holds it."""
    best = None
    for folder in folders:
        if folder != "ctl" and (path == folder or path.startswith(folder + "/")):
            if best is None or len(folder) > len(best):
                best = folder
    return best


def check_includes(modules):
    problems = []
    target_of = {folder: target for folder, (target, _, _) in modules.items()}
    folders = list(modules)
    files = [p for p in SOURCES.rglob("*") if p.suffix in (".cpp", ".hpp")]
    files += [p for p in CTL.rglob("*") if p.suffix in (".cpp", ".hpp")]
    for path in sorted(files):
        if path.is_relative_to(CTL):
            own = "ctl"
        else:
            own = module_of(str(path.relative_to(SOURCES)), folders)
        if own is None:
            problems.append(f"{path.relative_to(ROOT)}: in no module (no CMake library holds it)")
            continue
        own_target, links, cmake = modules[own]
        for header in INCLUDE.findall(path.read_text()):
            used = module_of(header, folders)
            if used is None or used == own:
                continue  # a header of its own module, or not a daemon module's
            if target_of[used] not in links:
                problems.append(
                    f"{path.relative_to(ROOT)} includes {header} (module {target_of[used]}), "
                    f"which {cmake.relative_to(ROOT)} does not link")
    return problems


def drawn_layering():
    """{folder: set of folders it uses}, from the README's Module dependencies table."""
    text = README.read_text()
    start = text.find("## Module dependencies")
    if start < 0:
        return None
    section = text[start:]
    end = section.find("\n## ", 1)
    section = section if end < 0 else section[:end]
    drawn = {}
    for folder, uses in TABLE_ROW.findall(section):
        drawn[folder] = set(re.findall(r"`([\w/]+)/`", uses))
    return drawn


def check_layering(modules):
    drawn = drawn_layering()
    if drawn is None:
        return ["README.md has no '## Module dependencies' table"]
    problems = []
    folder_of = {target: folder for folder, (target, _, _) in modules.items()}
    for folder, (target, links, cmake) in sorted(modules.items()):
        if folder not in drawn:
            problems.append(f"README.md's Module dependencies table has no row for `{folder}/`")
            continue
        linked = {folder_of[link] for link in links if link in folder_of}
        for extra in sorted(linked - drawn[folder]):
            problems.append(f"{cmake.relative_to(ROOT)} links {extra}/, which README.md does "
                            f"not draw as used by {folder}/")
        for missing in sorted(drawn[folder] - linked):
            problems.append(f"README.md draws {folder}/ using {missing}/, which "
                            f"{cmake.relative_to(ROOT)} does not link")
    for folder in sorted(set(drawn) - set(modules)):
        problems.append(f"README.md's Module dependencies table names `{folder}/`, which has no "
                        f"CMake library")
    return problems


def main():
    modules = find_modules()
    problems = check_includes(modules) + check_layering(modules)
    for problem in problems:
        print(f"check-layering: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"check-layering: {len(modules)} modules include only what they link, as README.md "
          f"draws them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
