#!/usr/bin/env python3
"""Fails when the daemon's modules or the plugins use code other than as declared.

A module is a folder of daemon/src (or daemon/ctl) with its own CMake library. For every source
and header file, each `#include "<module>/..."` of another module must name a module that the
file's own library links directly (target_link_libraries), and a module below the file's own in
the module table of docs/architecture.md: an include that runs up a layer is refused even where
the link exists. Every module's links to other modules must be those the table draws, and each row
may name only rows below it, so that a change to the layering is a change to that table too.
Whatever else docs/architecture.md names in backticks must exist: a folder or file (`work/`,
`api/ApiRequestHandler.cpp`, `docs/jobs.md`), or a C++ name (`work::LeaseKeeper`,
`leadmagnet::startGeneration`) declared in its namespace's module.

A plugin (plugins/<kind>/<name>/) is built apart from the daemon and sees only the plugin ABI: its
files may include their own folder's headers, `lodestone/...` (daemon/include) and the plugins'
shared libraries (a folder of plugins/ that builds a STATIC library and no plugin), never a header
of a daemon module or of another plugin, and its CMake links no daemon module.

Run from anywhere: python3 scripts/check-layering.py
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "daemon" / "src"
CTL = ROOT / "daemon" / "ctl"
ABI = ROOT / "daemon" / "include"
PLUGINS = ROOT / "plugins"
ARCHITECTURE = ROOT / "docs" / "architecture.md"

ADD_MODULE = re.compile(r"lodestone_add_module\(\s*(lodestone_\w+)\s+([\w/]+)([^)]*)\)", re.S)
ADD_LIBRARY = re.compile(r"add_library\(\s*(lodestone_\w+)\s+STATIC", re.S)
LINKS_ANY = re.compile(r"target_link_libraries\(([^)]*)\)", re.S)
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


def check_includes(modules, order):
    """`order`: {folder: row} of the module table, 0 at the top; a file may include only modules
    of rows below its own."""
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
            if own in order and used in order and order[used] < order[own]:
                problems.append(
                    f"{path.relative_to(ROOT)} includes {header}, which runs up a layer: {used}/ "
                    f"is above {own}/ in docs/architecture.md's module table")
            elif target_of[used] not in links:
                problems.append(
                    f"{path.relative_to(ROOT)} includes {header} (module {target_of[used]}), "
                    f"which {cmake.relative_to(ROOT)} does not link")
    return problems


def drawn_layering():
    """[(folder, set of folders it uses)], top row first, from docs/architecture.md's module
    table (its "| Module | Uses |" rows); None when it has none."""
    rows = [(folder, set(re.findall(r"`([\w/]+)/`", uses)))
            for folder, uses in TABLE_ROW.findall(ARCHITECTURE.read_text())]
    return rows or None


def declares(folder, name):
    """Whether a header under `folder` declares `name`: a type (class, struct, enum, alias) when
    it is capitalised, otherwise a function."""
    if name[0].isupper():
        pattern = re.compile(rf"\b(class|struct|enum class|enum|using)\s+{name}\b")
    else:
        pattern = re.compile(rf"\b{name}\s*\(")
    return any(pattern.search(path.read_text()) for path in folder.rglob("*.hpp"))


def check_architecture_names():
    """Every folder, file and C++ name docs/architecture.md names in backticks exists."""
    problems = []
    places = [SOURCES, ROOT, ROOT / "daemon"]
    for named in sorted(set(re.findall(r"`([^`\s]+)`", ARCHITECTURE.read_text()))):
        if re.fullmatch(r"[a-z]+(::\w+)+", named):
            parts = named.split("::")
            folder = SOURCES / parts[0]
            missing = [part for part in parts[1:] if not declares(folder, part)]
            if not folder.is_dir() or missing:
                problems.append(f"docs/architecture.md names `{named}`, which daemon/src/"
                                f"{parts[0]}/ does not declare")
        elif re.fullmatch(r"[\w.-]+(/[\w.-]+)*/?", named) and "/" in named:
            if not any((place / named).exists() for place in places):
                problems.append(f"docs/architecture.md names `{named}`, which does not exist")
    return problems


def check_layering(modules, rows):
    problems = []
    drawn = dict(rows)
    order = {folder: row for row, (folder, _) in enumerate(rows)}
    for folder, uses in rows:
        for above in sorted(used for used in uses if order.get(used, len(rows)) <= order[folder]):
            problems.append(f"docs/architecture.md draws {folder}/ using {above}/, which is not below it: "
                            f"a module uses only those of the rows below its own")
    folder_of = {target: folder for folder, (target, _, _) in modules.items()}
    for folder, (target, links, cmake) in sorted(modules.items()):
        if folder not in drawn:
            problems.append(f"docs/architecture.md's module table has no row for `{folder}/`")
            continue
        linked = {folder_of[link] for link in links if link in folder_of}
        for extra in sorted(linked - drawn[folder]):
            problems.append(f"{cmake.relative_to(ROOT)} links {extra}/, which docs/architecture.md does "
                            f"not draw as used by {folder}/")
        for missing in sorted(drawn[folder] - linked):
            problems.append(f"docs/architecture.md draws {folder}/ using {missing}/, which "
                            f"{cmake.relative_to(ROOT)} does not link")
    for folder in sorted(set(drawn) - set(modules)):
        problems.append(f"docs/architecture.md's module table names `{folder}/`, which has no "
                        f"CMake library")
    return problems


def plugin_folders():
    """(plugins, shared): the folders of plugins/ that build a plugin (lodestone_add_plugin), and
    those that build only a STATIC library the plugins share."""
    plugins, shared = [], []
    for cmake in sorted(PLUGINS.rglob("CMakeLists.txt")):
        text = cmake_without_comments(cmake)
        if "lodestone_add_plugin(" in text:
            plugins.append(cmake.parent)
        elif re.search(r"add_library\(\s*[\w-]+\s+STATIC", text):
            shared.append(cmake.parent)
    return plugins, shared


def check_plugins(modules):
    problems = []
    plugins, shared = plugin_folders()
    daemon_targets = {target for target, _, _ in modules.values()}
    for folder in plugins + shared:
        cmake = folder / "CMakeLists.txt"
        for linked in re.findall(r"\blodestone_\w+", " ".join(
                match.group(0) for match in LINKS_ANY.finditer(cmake_without_comments(cmake)))):
            if linked in daemon_targets:
                problems.append(f"{cmake.relative_to(ROOT)} links the daemon module {linked}: "
                                f"a plugin sees only daemon/include/lodestone/")
        # The headers lodestone_embed generates for the folder's own data files.
        embedded = {f"embedded/{name}.hpp" for name in re.findall(
            r"lodestone_embed\([^)]*?\bNAME\s+(\w+)", cmake_without_comments(cmake))}
        files = [p for p in folder.rglob("*") if p.suffix in (".c", ".h", ".cpp", ".hpp")]
        for path in sorted(files):
            for header in INCLUDE.findall(path.read_text()):
                if header in embedded:
                    continue
                places = [path.parent / header, folder / header, ABI / header]
                places += [root / header for root in shared]
                places += [root.parent / header for root in shared]
                if any(place.is_file() for place in places):
                    continue
                owner = module_of(header, list(modules))
                what = (f"a header of the daemon module {owner}/" if owner else
                        "neither its own, the plugin ABI's nor a shared plugin library's")
                problems.append(f"{path.relative_to(ROOT)} includes {header}: {what}")
    return problems


def main():
    modules = find_modules()
    rows = drawn_layering()
    if rows is None:
        problems = ["docs/architecture.md has no module table (| Module | Uses |)"]
    else:
        order = {folder: row for row, (folder, _) in enumerate(rows)}
        problems = check_includes(modules, order) + check_layering(modules, rows)
    plugins, _ = plugin_folders()
    problems += check_plugins(modules) + check_architecture_names()
    for problem in problems:
        print(f"check-layering: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"check-layering: {len(modules)} modules include only what they link, as docs/architecture.md "
          f"draws them, none up a layer; {len(plugins)} plugins include only their own headers, "
          f"the plugin ABI and the plugins' shared libraries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
