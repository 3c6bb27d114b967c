"""What a save holds, described once (docs/saves.md; a worked example in docs/architecture.md).

A saved component is registered where it is defined, by a class decorator:

    @saved.creature("growth", {"xp": INT, "level": INT})

that names its key in a creature's (or, with `saved.item`, an item's) record, each saved field with its
type spec (a Kind), the fields made again on load instead (`derived`: from `derive` or their defaults),
whether an entity may lack it (`optional`), and a `check` against the game's data. A piece of the world's
own state is registered with `world_state` where the world makes it (game/world/world.py). game/save/
loops over these registries and names no field.
"""
from __future__ import annotations

import dataclasses
import reprlib
from dataclasses import MISSING, dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:
    from game.world.world import World


def same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class Kind:
    """A field's type spec: its name in messages, which saved (msgpack) values fit it, and how a field's
    value turns into one (`to_plain`) and back (`from_plain`)."""

    name: str
    fits: Callable[[Any], bool]
    to_plain: Callable[[Any], Any] = same
    from_plain: Callable[[Any], Any] = same

    def load(self, value: Any, where: str) -> Any:
        """The saved `value` of the field `where`, as the field holds it; ValueError when it does not fit."""
        if not self.fits(value):
            raise ValueError(f"{where} should be {self.name}, not {reprlib.repr(value)}")
        return self.from_plain(value)


def whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def listing(value: Any, fits: Callable[[Any], bool]) -> bool:
    """Whether `value` is a list (tuples are saved as lists) whose items all fit."""
    return isinstance(value, list) and all(map(fits, value))


def sized(value: Any, length: int) -> bool:
    return isinstance(value, list) and len(value) == length


INT = Kind("a whole number", whole)
FLOAT = Kind("a number", lambda v: whole(v) or isinstance(v, float))
STR = Kind("a string", lambda v: isinstance(v, str))
SQUARE = Kind("a square", lambda v: sized(v, 2) and listing(v, whole), from_plain=tuple)
SQUARES = Kind("a list of squares", lambda v: listing(v, SQUARE.fits),
               from_plain=lambda cells: tuple(tuple(c) for c in cells))
NAMES = Kind("a list of names", lambda v: listing(v, STR.fits), to_plain=sorted, from_plain=frozenset)
NUMBERS = Kind("a list of whole numbers", lambda v: listing(v, whole), to_plain=sorted, from_plain=set)
COUNTS = Kind("a map of names to whole numbers",
              lambda v: isinstance(v, dict) and all(isinstance(k, str) and whole(n) for k, n in v.items()))


def optional(kind: Kind) -> Kind:
    """`kind`, or None."""
    return Kind(f"{kind.name} or nothing", lambda v: v is None or kind.fits(v),
                lambda v: None if v is None else kind.to_plain(v),
                lambda v: None if v is None else kind.from_plain(v))


def number_map(kind: Kind) -> Kind:
    """A dict from numbers (ids) to `kind`, saved as [number, value] pairs (a save's maps have string keys)."""
    return Kind(f"a list of [number, {kind.name}] pairs",
                lambda v: listing(v, lambda pair: sized(pair, 2) and whole(pair[0]) and kind.fits(pair[1])),
                lambda d: [[k, kind.to_plain(x)] for k, x in d.items()],
                lambda pairs: {k: kind.from_plain(x) for k, x in pairs})


def name_map(kind: Kind) -> Kind:
    """A dict from names (uids) to `kind`."""
    return Kind(f"a map of names to {kind.name}",
                lambda v: isinstance(v, dict) and all(isinstance(k, str) and kind.fits(x) for k, x in v.items()),
                lambda d: {k: kind.to_plain(x) for k, x in d.items()},
                lambda d: {k: kind.from_plain(x) for k, x in d.items()})


def listing_of(kind: Kind) -> Kind:
    """A list of `kind`, in order."""
    return Kind(f"a list of {kind.name}", lambda v: listing(v, kind.fits),
                lambda items: [kind.to_plain(x) for x in items], lambda items: [kind.from_plain(x) for x in items])


def pair_map(kind: Kind) -> Kind:
    """A dict from pairs of names to `kind`, saved as [name, name, value] triples."""
    return Kind(f"a list of [name, name, {kind.name}] triples",
                lambda v: listing(v, lambda t: sized(t, 3) and listing(t[:2], STR.fits) and kind.fits(t[2])),
                lambda d: [[a, b, kind.to_plain(x)] for (a, b), x in d.items()],
                lambda triples: {(a, b): kind.from_plain(x) for a, b, x in triples})


def record(kinds: Mapping[str, Kind]) -> Kind:
    """A dict with exactly these string keys, each value of its kind."""
    return Kind("a map of " + ", ".join(kinds),
                lambda v: isinstance(v, dict) and v.keys() == kinds.keys()
                and all(kind.fits(v[name]) for name, kind in kinds.items()),
                lambda d: {n: k.to_plain(d[n]) for n, k in kinds.items()},
                lambda d: {n: k.from_plain(d[n]) for n, k in kinds.items()})


Derive = Callable[["World", dict[type, Any], dict[str, Any]], dict[str, Any]]
Check = Callable[["World", Any], "str | None"]


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

    def dump(self, component: Any) -> dict[str, Any]:
        return {name: kind.to_plain(getattr(component, name)) for name, kind in self.fields.items()}

    def load(self, saved: dict[str, Any], world: World, made: dict[type, Any]) -> Any:
        """The component from its saved fields. A field missing from an older save takes its default;
        `derive` sees the entity's components registered before this one (`made`)."""
        values = {}
        for name, kind in self.fields.items():
            if name in saved:
                values[name] = kind.load(saved[name], f"{self.key}.{name}")
            elif name in self.defaults:
                values[name] = self.defaults[name]()
            else:
                raise KeyError(f"{self.key}.{name}")
        if self.derive is not None:
            values.update(self.derive(world, made, values))
        return self.component(**values)


@dataclass(frozen=True)
class State:
    """A piece of the world's own state: its key, its type spec, how it is read off the world and set back."""

    key: str
    kind: Kind
    read: Callable[[World], Any]
    write: Callable[[World, Any], None]

    def dump(self, world: World) -> Any:
        return self.kind.to_plain(self.read(world))

    def load(self, world: World, saved: Any) -> None:
        self.write(world, self.kind.load(saved, self.key))


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
                write: Callable[[World, Any], None] | None = None) -> None:
    """Save a piece of the world's own state under `key`; by default the World attribute of that name."""
    if key in WORLD_STATE:
        raise ValueError(f"the world state {key!r} is registered twice")
    WORLD_STATE[key] = State(key, kind, read or attrgetter(key),
                             write or (lambda world, value: setattr(world, key, value)))
