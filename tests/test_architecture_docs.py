"""docs/architecture.md true to the code: its list of the turn's stages is turn.PIPELINE's, each stage a
module of game/world/systems/ named as the stage, and its list of commands is commands.Command's."""
import re
import typing

from game.paths import ROOT
from game.world import commands, turn

DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = DOC.index(title)
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end if end >= 0 else len(DOC)]


def test_the_documented_stages_are_the_pipelines_in_order_and_each_is_its_own_module():
    pipeline = section("## The turn pipeline")
    arrows = next(line for line in pipeline.splitlines() if " → " in line)
    arrows += "".join(line for line in pipeline.splitlines()[pipeline.splitlines().index(arrows) + 1:]
                      if line.startswith(" ") or line.endswith("→") or line.startswith("witness"))
    documented = [name.strip(" .\n") for name in re.split(r"→", arrows) if name.strip(" .\n")]
    assert documented == [name for name, _ in turn.PIPELINE]
    for name, system in turn.PIPELINE:
        assert system.__module__ == f"game.world.systems.{name}" and system.__name__ == "run", name
        assert (ROOT / "game" / "world" / "systems" / f"{name}.py").is_file()
    modules = {p.stem for p in (ROOT / "game" / "world" / "systems").glob("*.py")} - {"__init__"}
    assert modules == {name for name, _ in turn.PIPELINE}  # no stage module outside the pipeline


def test_the_documented_commands_are_the_codes():
    text = section("## Commands in, events out")
    bullet = text[text.index("- Commands"):text.index("- Events")]
    named = set(re.findall(r"`([A-Z][a-z][A-Za-z]*)[`(]", bullet)) - {"Result"}  # what a command gives back
    assert named == {kind.__name__ for kind in typing.get_args(commands.Command)}


def test_the_documented_tools_are_the_tools():
    table = section("## Tools")
    listed = set(re.findall(r"`tools/([\w.]+)`", table))
    shipped = {p.name for p in (ROOT / "tools").iterdir() if p.suffix in (".py", ".sh")}
    assert listed == shipped
