"""What a save holds, described once (docs/saves.md; a worked example in docs/architecture.md).

A saved component is registered where it is defined, by a class decorator:

    @saved.creature("growth", {"xp": INT, "level": INT})

that names its key in a creature's (or, with `saved.item`, an item's) record, each saved field with its
type spec (a Kind: its type and range, names taken from the game's data or the map), the fields made
again on load instead (`derived`: from `derive` or their defaults), whether an entity may lack it
(`optional`), and a `check` relating its fields to one another, to the entity's other components and to
the game's data. A piece of the world's own state is registered with `world_state` where the world makes
it (game/world/world.py), with a check of its own. A value that fails is refused with one line (Unfit).
game/save/ loops over these registries, names no field, and checks the links between entities.
"""
from __future__ import annotations

import dataclasses
import itertools
import math
import reprlib
from dataclasses import MISSING, dataclass, replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, Collection, Mapping, Sequence

if TYPE_CHECKING:
    from game.world.world import World


class Unfit(Exception):
    """A saved value that does not fit its type spec or its component's check: one line naming the field
    and the value (game/save/ makes it the SaveError of the file)."""


def same(value: Any) -> Any:
    return value


Fits = Callable[[Any, "World | None"], bool]  # (saved value, the world being loaded: the game's data and map)
LIMIT = 10**9  # the most any count or turn may be: a turn a second for thirty years; more is damage


def shown(value: Any) -> str:
    """A saved value as a message quotes it: short, one line."""
    return reprlib.repr(value)


def made_function(name: str, args: list[str], lines: list[str], names: dict[str, Any]) -> Callable[..., Any]:
    """A function compiled from its body's lines, seeing only `names` (the registries' speed-ups)."""
    source = f"def {name}({', '.join(args)}):\n" + "".join(f"    {line}\n" for line in lines)
    scope = dict(names)
    exec(compile(source, f"<saved.{name}>", "exec"), scope)  # noqa: S102 - our own source, from registered names
    return scope[name]


@dataclass(frozen=True)
class Kind:
    """A field's type spec: its name in messages, which saved (msgpack) values fit it, and how a field's
    value turns into one (`to_plain`) and back (`from_plain`). `fits` sees the world being loaded, so a
    kind can take its names or bounds from the game's data or the map (`one_of`, `between`). A kind made
    of others (a list, a map) names the first part that does not fit (`culprit`). A kind made by `coded`
    also has its test as source, which the compiled loaders inline; any other is called."""

    name: str
    fits: Fits
    to_plain: Callable[[Any], Any] = same
    from_plain: Callable[[Any], Any] = same
    culprit: Callable[[Any, World | None], Any] | None = None  # the part of an unfit value to quote
    source: str | None = None  # `fits` as a Python test of "{v}" and the world `w` (see `coded`), if it has one
    scope: Mapping[str, Any] = dataclasses.field(default_factory=dict, compare=False)  # the names it uses

    def load(self, value: Any, where: str, world: World | None = None) -> Any:
        """The saved `value` of the field `where`, as the field holds it; Unfit when it does not fit."""
        if not self.fits(value, world):
            raise Unfit(f"{where} should be {self.name}, {self.unfit(value, world)}")
        return self.from_plain(value)

    def unfit(self, value: Any, world: World | None) -> str:
        """What to say of a value that does not fit: itself, or its first part that does not."""
        part = self.culprit(value, world) if self.culprit else value
        return f"not {shown(value)}" if part is value else f"and {shown(part)} does not fit"

    def between(self, low: int | Callable[[World], int], high: int | Callable[[World], int] | None = None,
                name: str | None = None) -> Kind:
        """This kind, from `low` to `high` (None: no more than LIMIT). A bound may be a function of the
        world; then `name` says it in words."""
        top = LIMIT if high is None else high
        name = name or f"{self.name} from {low} to {top}"
        if self.source is not None:
            scope, bounds = dict(self.scope), []
            for bound in (low, top):
                if callable(bound):
                    bounds.append(f"{unique('bound', bound, scope)}(w)")
                else:
                    bounds.append(repr(int(bound)))
            return replace(self, name=name, **coded(f"({self.source}) and {bounds[0]} <= {{v}} <= {bounds[1]}", scope))
        lo, hi = (b if callable(b) else (lambda world, b=b: b) for b in (low, top))
        fits = self.fits
        return replace(self, name=name, fits=lambda v, w: fits(v, w) and lo(w) <= v <= hi(w))

    def at_least(self, low: int) -> Kind:
        """This kind, from `low` to LIMIT."""
        return self.between(low)


_NAMES = itertools.count(1)


def unique(prefix: str, value: Any, scope: dict[str, Any]) -> str:
    """A name for `value` in `scope` that no other kind's source uses (sources are put side by side)."""
    name = f"{prefix}_{next(_NAMES)}"
    scope[name] = value
    return name


def coded(source: str, scope: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A kind's `fits`, `source` and `scope` from a Python test of "{v}" (the value) and `w` (the world being
    loaded) using the names of `scope`: `fits` is that test compiled, so the compiled records of
    `record_fits` and the entity loader (game/save/checks.py), which put the sources of their fields side by
    side instead of calling each field's `fits`, take and refuse exactly what `fits` does."""
    scope = dict(scope or {})
    fits = made_function("fits", ["v", "w"], [f"return {source.format(v='v')}"], scope)
    return {"fits": fits, "source": source, "scope": scope}


def whole(value: Any, world: World | None = None) -> bool:
    """An int, not a bool (msgpack decodes a whole number as an int itself, never a subclass)."""
    return type(value) is int


def number(value: Any, world: World | None = None) -> bool:
    return whole(value) or isinstance(value, float) and math.isfinite(value)


def listing(value: Any, fits: Callable[[Any], bool]) -> bool:
    """Whether `value` is a list (tuples are saved as lists) whose items all fit."""
    return isinstance(value, list) and all(map(fits, value))


def sized(value: Any, length: int) -> bool:
    return isinstance(value, list) and len(value) == length


def list_of(name: str, item: Callable[[Any, World | None], bool] | Kind, **how: Any) -> Kind:
    """A list whose items all fit `item` (a test, or a kind: then the list's test is compiled with the
    kind's source); a message quotes the first that does not."""
    fits = item.fits if isinstance(item, Kind) else item

    def culprit(value: Any, world: World | None) -> Any:
        return next((x for x in value if not fits(x, world)), value) if isinstance(value, list) else value

    if isinstance(item, Kind) and item.source is not None:
        each = unique("each", None, {})  # the item's name inside the list's test
        test = item.source.format(v=each)
        return Kind(name, culprit=culprit, **coded(
            f"type({{v}}) is list and (not {{v}} or all({test} for {each} in {{v}}))", item.scope), **how)
    return Kind(name, lambda v, w: listing(v, lambda x: fits(x, w)), culprit=culprit, **how)


def row(name: str, kinds: Sequence[Kind], **how: Any) -> Kind:
    """A list of exactly one value of each kind, in order (a small record saved as a list: an opinion, a
    memory), coded from the kinds' sources."""
    scope: dict[str, Any] = {}
    tests = []
    for i, kind in enumerate(kinds):
        if kind.source is not None:
            scope.update(kind.scope)
            tests.append(f"({kind.source.replace('{v}', f'{{v}}[{i}]')})")
        else:
            tests.append(f"{unique('fits', kind.fits, scope)}({{v}}[{i}], w)")
    return Kind(name, **how, **coded(f"type({{v}}) is list and len({{v}}) == {len(kinds)} and {' and '.join(tests)}",
                                     scope))


def map_of(name: str, key: Kind, value: Kind, **how: Any) -> Kind:
    """A dict from `key` to `value` (a save's maps have string keys); a message quotes its first entry that
    does not fit. Coded when both kinds are, like `list_of`."""
    def culprit(v: Any, w: World | None) -> Any:
        return next(({k: x} for k, x in v.items() if not (key.fits(k, w) and value.fits(x, w))), v) \
            if isinstance(v, dict) else v

    if key.source is not None and value.source is not None:
        k, x = unique("key", None, {}), unique("value", None, {})
        test = f"({key.source.format(v=k)}) and ({value.source.format(v=x)})"
        return Kind(name, culprit=culprit, **coded(
            f"type({{v}}) is dict and (not {{v}} or all({test} for {k}, {x} in {{v}}.items()))",
            {**key.scope, **value.scope}), **how)
    return Kind(name, lambda v, w: isinstance(v, dict) and all(key.fits(k, w) and value.fits(x, w)
                                                               for k, x in v.items()), culprit=culprit, **how)


def one_of(kind: Kind, name: str, choices: Collection[Any] | Callable[[World], Collection[Any]]) -> Kind:
    """`kind`, limited to `choices`: a fixed collection, or one the world's data or map gives (a function
    of the world, e.g. its rooms or its conditions)."""
    if kind.source is not None:
        scope = dict(kind.scope)
        among = (f"{unique('choose', choices, scope)}(w)" if callable(choices)
                 else unique("choices", frozenset(choices), scope))
        return Kind(name, to_plain=kind.to_plain, from_plain=kind.from_plain,
                    **coded(f"({kind.source}) and {{v}} in {among}", scope))
    fits = kind.fits
    if not callable(choices):
        fixed = frozenset(choices)
        return Kind(name, lambda v, w: fits(v, w) and v in fixed, kind.to_plain, kind.from_plain)
    return Kind(name, lambda v, w: fits(v, w) and v in choices(w), kind.to_plain, kind.from_plain)


def text(most: int) -> Kind:
    """A printable one-line string of at most `most` characters (names and lines the screen shows)."""
    return Kind(f"printable text of at most {most} characters",
                **coded(f"type({{v}}) is str and len({{v}}) <= {int(most)} and {{v}}.isprintable()"))


# msgpack decodes whole numbers, strings, lists and maps as int, str, list and dict themselves, never a
# subclass; True and False are bools.
INT = Kind("a whole number", **coded("type({v}) is int"))
COUNT = INT.at_least(0)
FLOAT = Kind("a finite number", number)
BOOL = Kind("true or false", **coded("type({v}) is bool"))
STR = Kind("a string", **coded("type({v}) is str"))
SQUARE = Kind("a square", from_plain=tuple,
              **coded("type({v}) is list and len({v}) == 2 and type({v}[0]) is int and type({v}[1]) is int"))
SQUARES = list_of("a list of squares", SQUARE, from_plain=lambda cells: tuple(map(tuple, cells)))


def names(kind: Kind = STR) -> Kind:
    """A set of `kind` names, saved as a sorted list and loaded as a frozenset."""
    return list_of(f"a list of names, each {kind.name}", kind, to_plain=sorted, from_plain=frozenset)


def numbers(kind: Kind = INT) -> Kind:
    """A set of `kind` numbers (ids), saved as a sorted list and loaded as a set."""
    return list_of(f"a list of numbers, each {kind.name}", kind, to_plain=sorted, from_plain=set)


NAMES = names()
NUMBERS = numbers()


def counts(key: Kind = STR, value: Kind = COUNT) -> Kind:
    """A dict from `key` names to `value` numbers (a save's maps have string keys)."""
    return map_of(f"a map from {key.name} to {value.name}", key, value)


def optional(kind: Kind) -> Kind:
    """`kind`, or None."""
    plain, loaded = kind.to_plain, kind.from_plain
    how = {"to_plain": same if plain is same else lambda v: None if v is None else plain(v),
           "from_plain": same if loaded is same else lambda v: None if v is None else loaded(v)}
    if kind.source is not None:
        return Kind(f"{kind.name} or nothing", **how, culprit=kind.culprit,
                    **coded(f"{{v}} is None or ({kind.source})", kind.scope))
    return Kind(f"{kind.name} or nothing", lambda v, w: v is None or kind.fits(v, w), culprit=kind.culprit, **how)


def number_map(kind: Kind, key: Kind = INT) -> Kind:
    """A dict from numbers (ids: `key`) to `kind`, saved as [number, value] pairs (a save's maps have
    string keys)."""
    return list_of(f"a list of [{key.name}, {kind.name}] pairs",
                   lambda pair, w: sized(pair, 2) and key.fits(pair[0], w) and kind.fits(pair[1], w),
                   to_plain=lambda d: [[k, kind.to_plain(x)] for k, x in d.items()],
                   from_plain=lambda pairs: {k: kind.from_plain(x) for k, x in pairs})


def name_map(kind: Kind, key: Kind = STR) -> Kind:
    """A dict from names (uids: `key`) to `kind`."""
    plain, loaded = kind.to_plain, kind.from_plain
    return map_of(f"a map from {key.name} to {kind.name}", key, kind,
                  to_plain=dict if plain is same else lambda d: {k: plain(x) for k, x in d.items()},
                  from_plain=dict if loaded is same else lambda d: {k: loaded(x) for k, x in d.items()})


def pair_map(kind: Kind) -> Kind:
    """A dict from pairs of names to `kind`, saved as [name, name, value] triples."""
    return list_of(f"a list of [name, name, {kind.name}] triples",
                   lambda t, w: sized(t, 3) and listing(t[:2], lambda s: isinstance(s, str)) and kind.fits(t[2], w),
                   to_plain=lambda d: [[a, b, kind.to_plain(x)] for (a, b), x in d.items()],
                   from_plain=lambda triples: {(a, b): kind.from_plain(x) for a, b, x in triples})


def record(kinds: Mapping[str, Kind]) -> Kind:
    """A dict with exactly these string keys, each value of its kind."""
    def culprit(value: Any, world: World | None) -> Any:
        if not isinstance(value, dict) or value.keys() != kinds.keys():
            return value
        name, kind = next((n, k) for n, k in kinds.items() if not k.fits(value[n], world))
        return kind.culprit(value[name], world) if kind.culprit else value[name]

    return Kind("a map of " + ", ".join(f"{name} ({kind.name})" for name, kind in kinds.items()),
                record_fits(kinds), lambda d: {n: k.to_plain(d[n]) for n, k in kinds.items()},
                lambda d: {n: k.from_plain(d[n]) for n, k in kinds.items()}, culprit)


def record_fits(kinds: Mapping[str, Kind]) -> Fits:
    """Whether a value is a dict with exactly the keys of `kinds`, each value fitting its kind: one function
    made for these kinds (a save checks some 60,000 records), the fields' sources side by side."""
    scope: dict[str, Any] = {}
    lines = [f"if type(record) is not dict or len(record) != {len(kinds)}:", "    return False"]
    lines += fields_fit(kinds, "record", scope, "return False")
    return made_function("fits", ["record", "w"], [*lines, "return True"], scope)


def fields_fit(kinds: Mapping[str, Kind], record: str, scope: dict[str, Any], refuse: str) -> list[str]:
    """Lines that bind each field of the dict `record` to `v0`, `v1`... and run `refuse` when one is missing
    or does not fit its kind (by its source, or by calling its `fits`); `scope` gets the names they use."""
    if not kinds:
        return []
    lines = ["try:", *(f"    v{i} = {record}[{key!r}]" for i, key in enumerate(kinds)), "except KeyError:",
             f"    {refuse}"]
    for i, kind in enumerate(kinds.values()):
        if kind.source is not None:
            scope.update(kind.scope)
            test = kind.source.format(v=f"v{i}")
        else:
            test = f"{unique('fits', kind.fits, scope)}(v{i}, w)"
        lines += [f"if not ({test}):", f"    {refuse}"]
    return lines


Derive = Callable[["World", dict[type, Any], dict[str, Any]], dict[str, Any]]
Check = Callable[["World", Any, dict[type, Any]], "str | None"]
StateCheck = Callable[["World", Any], "str | None"]


@dataclass(frozen=True)
class Part:
    """How one component is saved: see the module docstring. `defaults` makes each field's default."""

    component: type
    key: str
    fields: Mapping[str, Kind]
    derived: tuple[str, ...]
    derive: Derive | None
    optional: bool
    check: Check | None
    defaults: Mapping[str, Callable[[], Any]]

    dump: Callable[[Any], list[Any]] = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "dump", part_dumper(self))

    def load_field_by_field(self, saved: Any, world: World, made: dict[type, Any]) -> Any:
        """The component from its saved fields; Unfit for a field that is unknown, missing or does not fit
        its kind, or a component its check refuses. A field missing from an older save takes its default.
        `derive` sees the loaded values, and `check` the component; both see the entity's components
        registered before this one (`made`). Kinds bound every value `derive` reads.

        The entity loader (game/save/checks.py) does the same in one compiled function, and comes here for
        any record it does not take whole (a field missing, or one that does not fit), so what is refused and
        the words are this one's."""
        if not isinstance(saved, dict):
            raise Unfit(f"{self.key} should be a map of its fields, not {shown(saved)}")
        unknown = [name for name in saved if name not in self.fields]
        if unknown:
            raise Unfit(f"{self.key} has no field {shown(unknown[0])}")
        values = {}
        for name, kind in self.fields.items():
            if name in saved:
                values[name] = kind.load(saved[name], f"{self.key}.{name}", world)
            elif name in self.defaults:
                values[name] = self.defaults[name]()
            else:
                raise Unfit(f"missing {self.key}.{name}")
        if self.derive is not None:
            values.update(self.derive(world, made, values))
        component = self.component(**values)
        problem = self.check(world, component, made) if self.check else None
        if problem:
            raise Unfit(problem)
        return component


def part_dumper(part: Part) -> Callable[[Any], list[Any]]:
    """`part.dump`: a component's saved fields as plain values, in the order of `fields` (a save names that
    order once, docs/saves.md), by one compiled function."""
    names = {f"plain{i}": kind.to_plain for i, kind in enumerate(part.fields.values())}
    values = [f"{'' if kind.to_plain is same else f'plain{i}'}(c.{key})"
              for i, (key, kind) in enumerate(part.fields.items())]
    return made_function(f"dump_{part.key}", ["c"], [f"return [{', '.join(values)}]"], names)


@dataclass(frozen=True)
class State:
    """A piece of the world's own state: its key, its type spec, how it is read off the world and set back,
    and a check of its loaded value against the world (its map, its turn)."""

    key: str
    kind: Kind
    read: Callable[[World], Any]
    write: Callable[[World, Any], None]
    check: StateCheck | None = None

    def dump(self, world: World) -> Any:
        return self.kind.to_plain(self.read(world))

    def load(self, world: World, saved: Any) -> Any:
        """The saved value as the world holds it; Unfit when it does not fit its kind or its check."""
        value = self.kind.load(saved, self.key, world)
        problem = self.check(world, value) if self.check else None
        if problem:
            raise Unfit(problem)
        return value


CREATURE_PARTS: dict[str, Part] = {}  # by key, in the order they load
ITEM_PARTS: dict[str, Part] = {}
WORLD_STATE: dict[str, State] = {}


def component(registry: dict[str, Part], key: str, saved: Mapping[str, Kind], *, derived: tuple[str, ...] = (),
              derive: Derive | None = None, optional: bool = False,
              check: Check | None = None) -> Callable[[type], type]:
    """A class decorator registering a dataclass component in `registry`. Every field must be either
    saved or derived; a ValueError names any that is not."""
    def register(cls: type) -> type:
        names = [f.name for f in dataclasses.fields(cls)]
        defaults = {f.name: f.default_factory if f.default_factory is not MISSING else (lambda d=f.default: d)
                    for f in dataclasses.fields(cls) if f.default is not MISSING or f.default_factory is not MISSING}
        problems = [f"{cls.__name__}.{n} is neither saved nor derived" for n in names
                    if n not in saved and n not in derived]
        problems += [f"{cls.__name__} has no field {n}" for n in (*saved, *derived) if n not in names]
        problems += [f"{cls.__name__}.{n} is both saved and derived" for n in derived if n in saved]
        if derive is None:
            problems += [f"{cls.__name__}.{n} is derived without a default or a derive" for n in derived
                         if n not in defaults]
        if key in registry:
            problems.append(f"{cls.__name__}: the key {key!r} is taken by {registry[key].component.__name__}")
        if problems:
            raise ValueError("; ".join(problems))
        registry[key] = Part(cls, key, dict(saved), tuple(derived), derive, optional, check, defaults)
        return cls
    return register


def creature(key: str, saved: Mapping[str, Kind], **how: Any) -> Callable[[type], type]:
    """Save this component with every creature that has it, under `key` (options as for `component`)."""
    return component(CREATURE_PARTS, key, saved, **how)


def item(key: str, saved: Mapping[str, Kind], **how: Any) -> Callable[[type], type]:
    """Save this component with every item that has it, under `key` (options as for `component`)."""
    return component(ITEM_PARTS, key, saved, **how)


def world_state(key: str, kind: Kind, read: Callable[[World], Any] | None = None,
                write: Callable[[World, Any], None] | None = None, check: StateCheck | None = None) -> None:
    """Save a piece of the world's own state under `key`; by default the World attribute of that name.
    `check(world, value)` returns the problem with a loaded value that its kind cannot see."""
    if key in WORLD_STATE:
        raise ValueError(f"the world state {key!r} is registered twice")
    WORLD_STATE[key] = State(key, kind, read or attrgetter(key),
                             write or (lambda world, value: setattr(world, key, value)), check)
