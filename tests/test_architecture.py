"""The layers of docs/architecture.md, read from the source: every import of every module of game/ points
down, game/world/ has no run-time import cycle and no function-local import, a world's entities are reached
only through its own store (no esper, no global world switched), and a headless world never loads pygame."""
from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

from game.paths import DEFAULT_MAP, ROOT
from tests.helpers.caches import syntax_tree

GAME = ROOT / "game"

# Each part of the game and the parts it may import (itself included). Listed bottom up.
BASE = {"game.paths", "game.runtime"}
ALLOWED: dict[str, set[str]] = {
    "game": set(),  # the package itself
    "game.__main__": BASE,  # python -m game: runs main.py, found through game.paths
    "game.paths": set(),
    "game.runtime": set(),
    "game.userdirs": set(),
    "game.logs": {"game.userdirs"},
    "game.rules": {"game.rules"},
    "game.content": {"game.content", "game.rules"} | BASE,
    "game.maps": {"game.maps", "game.content", "game.rules"} | BASE,
    "game.maps.diskcache": {"game.maps", "game.content", "game.rules", "game.userdirs"} | BASE,
    "game.world": {"game.world", "game.maps.model", "game.content", "game.rules"} | BASE,
    "game.save": {"game.save", "game.world", "game.maps", "game.content", "game.rules"} | BASE,
    "game.launch": {"game.world", "game.maps", "game.content", "game.rules"} | BASE,
    "game.mods": {"game.maps", "game.content", "game.rules", "game.userdirs"} | BASE,  # mods over the data
    "game.bots": {"game.world", "game.content", "game.rules"} | BASE,
    "game.hall": {"game.save", "game.world", "game.content", "game.rules", "game.userdirs"} | BASE,
    "game.recording": {"game.save", "game.world", "game.maps", "game.content", "game.rules"} | BASE,
    "game.headless": {"game.launch", "game.bots", "game.recording", "game.save", "game.world", "game.maps",
                      "game.content", "game.rules"} | BASE,
    "game.ui": {"game.ui", "game.launch", "game.mods", "game.hall", "game.recording", "game.save", "game.world",
                "game.maps", "game.content", "game.rules", "game.logs", "game.userdirs"} | BASE,
}
# Libraries a part must not import: the rules are pure; only the screen draws; only the map loader reads Tiled.
FORBIDDEN: dict[str, set[str]] = {
    "game.rules": {"pygame", "esper", "pytmx", "msgpack"},
    "game.content": {"pygame", "esper", "pytmx", "msgpack"},
    "game.maps": {"pygame", "esper", "msgpack"},
    "game.maps.diskcache": {"pygame", "esper", "pytmx"},
    "game.world": {"pygame", "pytmx", "msgpack"},
    "game.save": {"pygame"},
    "game.launch": {"pygame"},
    "game.mods": {"pygame"},
    "game.bots": {"pygame", "pytmx", "msgpack"},
    "game.hall": {"pygame", "pytmx", "esper"},
    "game.recording": {"pygame"},
    "game.headless": {"pygame"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(GAME.rglob("*.py"))}


def part_of(module: str) -> str:
    """The entry of ALLOWED a module belongs to: the longest prefix that names one."""
    return max((p for p in ALLOWED if module == p or module.startswith(p + ".")), key=len)


def type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def statements(node: ast.AST) -> list[ast.AST]:
    """The statements right inside `node` (and its except and case clauses): an import is only ever one, so
    the walk need not go into expressions."""
    return [child for field in ("body", "orelse", "finalbody", "handlers", "cases")
            for child in getattr(node, field, None) or ()]


def imports(tree: ast.AST, known: set[str], runtime_only: bool = False) -> list[tuple[str, int]]:
    """(imported module, line) for each import in the tree; with `runtime_only`, those at module level
    outside `if TYPE_CHECKING:` blocks. `from pkg import mod` names the module pkg.mod when it is one."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in statements(node):
            if type_checking(child) and runtime_only:
                continue
            inner = top and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            if isinstance(child, ast.Import) and (top or not runtime_only):
                found.extend((alias.name, child.lineno) for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and (top or not runtime_only):
                for alias in child.names:
                    sub = f"{child.module}.{alias.name}"
                    found.append((sub if sub in known else child.module, child.lineno))
            visit(child, inner)

    visit(tree, True)
    return found


def test_every_import_points_down_the_layers():
    known = set(modules())
    wrong = []
    for name, path in modules().items():
        part = part_of(name)
        for target, line in imports(syntax_tree(path), known):
            top = target.split(".")[0]
            if top == "game" and target != "game":
                if not any(target == ok or target.startswith(ok + ".") for ok in ALLOWED[part]):
                    wrong.append(f"{path.relative_to(ROOT)}:{line}: {part} imports {target}")
            elif top in FORBIDDEN.get(part, ()):
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {part} imports {top}")
    assert wrong == []


def test_the_layering_check_catches_an_upward_import():
    """The check above is not vacuous: a world module importing the screen is caught."""
    tree = ast.parse("import esper\nfrom game.ui.theme import TEXT\n")
    found = imports(tree, set(modules()))
    assert ("game.ui.theme", 2) in found
    assert not any(("game.ui.theme" == ok or "game.ui.theme".startswith(ok + "."))
                   for ok in ALLOWED[part_of("game.world.verbs.combat")])


# The world's entities go through its store, game/world/ecs.py (one door); esper, which it replaced, is only
# the reference it is tested against and the bare pass the world turn is measured beside.
ESPER_ALLOWED = {"game/world/ecs.py", "tools/bench.py", "tests/test_ecs.py"}


@functools.cache
def texts() -> dict[Path, str]:
    """Every Python file of game/, tools/ and tests/, and its text."""
    return {p: p.read_text(encoding="utf-8")
            for folder in ("game", "tools", "tests") for p in sorted((ROOT / folder).rglob("*.py"))}


def sources(word: str) -> dict[str, ast.AST]:
    """The files of texts() whose text holds `word`, parsed, by their path from the root: an import of a module
    or a call of a method cannot be written without its name, so the other files need no parse (parsing all
    400 took a tenth of make test-fast)."""
    return {str(p.relative_to(ROOT)): syntax_tree(p) for p, text in texts().items() if word in text}


def esper_users(trees: dict[str, ast.AST]) -> set[str]:
    return {path for path, tree in trees.items() if any(t.split(".")[0] == "esper" for t, _ in imports(tree, set()))}


def switches(trees: dict[str, ast.AST]) -> list[str]:
    """Each call that selects a global world: `activate()`, or esper's `switch_world` outside the references."""
    found = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                name = node.func.attr
                if name == "activate" or (name == "switch_world" and path not in ESPER_ALLOWED):
                    found.append(f"{path}:{node.lineno}: {name}")
    return found


def test_only_the_store_module_imports_esper():
    assert len(texts()) > 150  # game, tools and tests were read
    trees = sources("esper")
    assert ESPER_ALLOWED <= set(trees)  # the references were parsed
    assert esper_users(trees) - ESPER_ALLOWED == set()


def test_nothing_switches_a_global_world():
    """A world is read through its own store: no `activate()`, at module level or in a function."""
    assert switches(sources("activate") | sources("switch_world")) == []


def test_the_door_checks_catch_an_esper_import_and_an_activation():
    trees = {"game/world/verbs/new.py": ast.parse("import esper\nworld.ecs.activate()\n")}
    assert esper_users(trees) == {"game/world/verbs/new.py"}
    assert switches(trees) == ["game/world/verbs/new.py:2: activate"]


def test_no_test_module_imports_another():
    """What two test modules share lives in tests/helpers/."""
    trees = sources("tests.test_")
    wrong = [f"{path}: imports {target}" for path, tree in trees.items() if path.startswith("tests/")
             for target, _ in imports(tree, set()) if target.startswith("tests.test_")]
    assert wrong == []


def world_graph() -> dict[str, set[str]]:
    known = set(modules())
    graph: dict[str, set[str]] = {}
    for name, path in modules().items():
        if name.startswith("game.world"):
            targets = imports(syntax_tree(path), known, runtime_only=True)
            graph[name] = {t for t, _ in targets if t.startswith("game.world.") and t != name}
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of the graph as a list of modules, or [] when there is none."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_the_world_has_no_run_time_import_cycle():
    graph = world_graph()
    assert len(graph) > 20  # every module of game/world was read
    assert cycle_in(graph) == []


def test_the_cycle_check_finds_a_cycle():
    graph = world_graph()
    graph["game.world.verbs.items"] = graph["game.world.verbs.items"] | {"game.world.systems.needs"}
    assert cycle_in(graph)[0] in ("game.world.verbs.items", "game.world.systems.needs",
                                  "game.world.verbs.combat", "game.world.verbs.provisions")


def test_no_function_local_import_in_the_world():
    """A function-local import is how a cycle hides; the world needs none."""
    known = set(modules())
    local = []
    for name, path in modules().items():
        if name.startswith("game.world"):
            tree = syntax_tree(path)
            every = imports(tree, known)
            top = imports(tree, known, runtime_only=True)
            guarded = [node for node in tree.body if type_checking(node)]
            typed = [t for node in guarded for t in imports(node, known)]
            local += [f"{path.relative_to(ROOT)}:{line}" for t, line in every if (t, line) not in top + typed]
    assert local == []


@pytest.mark.slow
@pytest.mark.parametrize("steps", [
    "run_headless(DEFAULT_MAP, 7, 5, None, None, None, SAVE)",
    "run_headless(DEFAULT_MAP, 7, 5, None, None, SAVE, None)",
])
def test_a_headless_world_never_loads_pygame(tmp_path: Path, steps: str):
    """Build, play, save and load a world headless in a fresh process: pygame is never imported."""
    save = tmp_path / "run.sav"
    if "SAVE, None" in steps:  # the load case needs a save first
        subprocess.run([sys.executable, str(ROOT / "main.py"), "--headless", "--turns", "2", "--save", str(save)],
                       check=True, capture_output=True, cwd=ROOT)
    code = (f"import sys\nfrom pathlib import Path\nfrom game.headless import run_headless\n"
            f"DEFAULT_MAP, SAVE = Path({str(DEFAULT_MAP)!r}), Path({str(save)!r})\n"
            f"assert {steps} == 0\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pytmx')))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 0, run.stderr
    loaded = ast.literal_eval(run.stdout.strip().splitlines()[-1])
    assert "pytmx" in loaded  # the map was read...
    assert [m for m in loaded if m.split(".")[0] == "pygame"] == []  # ...and pygame never loaded
    assert "cannot import pygame" not in run.stderr
