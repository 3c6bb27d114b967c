"""The vocabulary of creature tags (game/rules/tags.py): a creature file's tags are checked when the data is
read, like every other field, and the code reads them only by the vocabulary's names."""
import ast

from game.content.creatures import read_creature
from game.paths import DATA, ROOT
from game.rules import tags
from tests.helpers.caches import syntax_tree
from tests.helpers.data_edits import content_error


def test_an_unknown_tag_is_refused_in_one_line_naming_the_file_the_creature_and_the_tag(tmp_path):
    error = content_error(tmp_path, "creatures/wolf.toml", '"scent_hunter"', '"scent_hunterr"')
    text = str(error)
    assert "\n" not in text and "wolf.toml" in text and "wolf: tags: unknown tag 'scent_hunterr'" in text


def test_a_tag_added_to_the_vocabulary_is_known_to_the_checker(tmp_path, monkeypatch):
    path = tmp_path / "wolf.toml"
    path.write_text((DATA / "creatures" / "wolf.toml").read_text(encoding="utf-8")
                    .replace('"scent_hunter"', '"scent_hunter", "nocturnal"', 1), encoding="utf-8")
    defn, problems, _ = read_creature(path)
    assert defn is None and [p.message for p in problems][0].startswith("unknown tag 'nocturnal'")
    monkeypatch.setitem(tags.TAGS, "nocturnal", "hunts by night")
    defn, problems, _ = read_creature(path)
    assert problems == [] and "nocturnal" in defn.tags


def test_every_shipped_creature_uses_the_vocabulary_and_every_named_tag_is_in_it():
    for path in sorted((DATA / "creatures").glob("*.toml")):
        defn, problems, _ = read_creature(path)
        assert defn is not None and tags.unknown_tags(defn.tags) == [], path
    named = [value for name, value in vars(tags).items() if name.isupper() and isinstance(value, str)]
    assert len(named) == 8 and set(named) <= set(tags.TAGS)


def test_the_code_reads_tags_by_their_names_not_as_strings():
    """No module of the game compares a tag written out as a string with a creature's tags."""
    written = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(syntax_tree(path)):
            if isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) \
                    and node.left.value in tags.TAGS and "tags" in ast.unparse(node.comparators[0]):
                written.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert written == []
