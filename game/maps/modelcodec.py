"""A map file as read, as plain values and back, checked: what the disk cache (game/maps/diskcache.py) packs.

`plain(raw)` turns a RawMap (what pytmx read of a .tmx, before any check: game/maps/tiled.py) into lists,
numbers, strings and bytes (a Path as its bytes); `model(RawMap, value)` builds one back from what msgpack
read (arrays as tuples) and raises ValueError or TypeError unless every part has the type the dataclass
annotates. The map store then checks it as it checks a file just read. Nothing is named in the
value: the shape of each class comes from its annotations, so only the model's own classes can be built,
each where its field says. A sequence of records is kept column by column (a Placement's names in one
list, its squares in another …) so that a map's thousand objects are checked a column at a time in C
and built by one `map`, which is what makes a cached map read back in a few milliseconds.
"""
from __future__ import annotations

import dataclasses
import os
import sys
import types
import typing
from functools import cache
from itertools import chain
from pathlib import Path
from typing import Callable, Iterable

from game.maps.tiled import RawMap
SCALARS = frozenset((str, int, float, bool))  # what a Tiled custom property holds, as pytmx reads it


class Codec:
    """One annotated type: `plain` and `value` for one value, `plain_many` and `values` for a column."""

    def __init__(self, plain: Callable[[object], object], value: Callable[[object], object]) -> None:
        self.plain, self.value = plain, value

    def plain_many(self, items: list) -> list:
        return [self.plain(item) for item in items]

    def values(self, column: object) -> list:
        if type(column) is not tuple:
            raise ValueError("a column is not an array")
        return [self.value(item) for item in column]


class Scalar(Codec):
    """Values kept as they are, of the exact types `kinds` (int is not bool)."""

    def __init__(self, kinds: frozenset[type]) -> None:
        self.kinds = kinds
        super().__init__(lambda item: item, self._checked)

    def _checked(self, item: object) -> object:
        if type(item) not in self.kinds:
            raise ValueError(f"{type(item).__name__} where {sorted(k.__name__ for k in self.kinds)} belongs")
        return item

    def plain_many(self, items: list) -> list:
        return items

    def values(self, column: object) -> list:
        if type(column) is not tuple or not set(map(type, column)) <= self.kinds:
            raise ValueError("a column of the wrong types")
        return column  # type: ignore[return-value]


class Record(Codec):
    """A frozen dataclass of the model as the list of its fields; many of them as one list a field."""

    def __init__(self, cls: type) -> None:
        self.cls = cls
        where = vars(sys.modules[cls.__module__])
        self.fields = [(f.name, codec(_annotation(f.type, where))) for f in dataclasses.fields(cls)]
        super().__init__(self._plain, self._value)

    def _plain(self, item: object) -> list:
        return [field.plain(getattr(item, name)) for name, field in self.fields]

    def _value(self, item: object) -> object:
        if type(item) is not tuple or len(item) != len(self.fields):
            raise ValueError(f"a {self.cls.__name__} of the wrong shape")
        return self.cls(*(field.value(part) for (_, field), part in zip(self.fields, item)))

    def plain_many(self, items: list) -> list:
        return [field.plain_many([getattr(item, name) for item in items]) for name, field in self.fields]

    def values(self, column: object) -> list:
        if type(column) is not tuple or len(column) != len(self.fields):
            raise ValueError(f"the {self.cls.__name__}s of the wrong shape")
        columns = [field.values(part) for (_, field), part in zip(self.fields, column)]
        if len(set(map(len, columns))) > 1:
            raise ValueError(f"the {self.cls.__name__}s' fields of different lengths")
        return list(map(self.cls, *columns))


def _path(item: object) -> Path:
    if type(item) is not bytes:
        raise ValueError("a path is not bytes")
    return Path(os.fsdecode(item))


def _optional(inner: Codec) -> Codec:
    return Codec(lambda item: None if item is None else inner.plain(item),
                 lambda item: None if item is None else inner.value(item))


class Tuples(Codec):
    """tuple[X, ...] of a scalar X, or tuples of those (a layer's rows of gids): checked a level at a time in
    C, however many items; kept as msgpack read them."""

    def __init__(self, kinds: frozenset[type], depth: int) -> None:
        self.kinds, self.depth = kinds, depth
        super().__init__(lambda item: item, lambda item: self._checked(item, depth))

    def _checked(self, item: object, depth: int) -> object:
        level: Iterable = (item,)
        for step in range(depth, 0, -1):
            if not set(map(type, level)) <= {tuple}:
                raise ValueError("not an array where one belongs")
            level = chain.from_iterable(level) if step == 1 else tuple(chain.from_iterable(level))
        if not set(map(type, level)) <= self.kinds:
            raise ValueError("an array of the wrong types")
        return item

    def plain_many(self, items: list) -> list:
        return items

    def values(self, column: object) -> list:
        return self._checked(column, self.depth + 1)  # type: ignore[return-value]


def _many(each: Codec) -> Codec:
    """tuple[X, ...]: the column of its items."""
    if isinstance(each, Scalar):
        return Tuples(each.kinds, 1)
    if isinstance(each, Tuples):
        return Tuples(each.kinds, each.depth + 1)
    return Codec(lambda item: each.plain_many(list(item)),  # type: ignore[call-overload]
                 lambda item: tuple(each.values(item)))


def _fixed(parts: list[Codec]) -> Codec:
    """tuple[X, Y]: a short list; a column of pairs of one scalar type is checked in C."""
    def value(item: object) -> tuple:
        if type(item) is not tuple or len(item) != len(parts):
            raise ValueError(f"not {len(parts)} values")
        return tuple(part.value(one) for part, one in zip(parts, item))

    fixed = Codec(lambda item: [part.plain(one) for part, one in zip(parts, item)],  # type: ignore[call-overload]
                  value)
    kinds = {part.kinds for part in parts if isinstance(part, Scalar)}
    if len(kinds) == 1 and all(isinstance(part, Scalar) for part in parts):
        alike, = kinds

        def values(column: object) -> list:
            if (type(column) is not tuple or not set(map(type, column)) <= {tuple}
                    or not set(map(len, column)) <= {len(parts)}
                    or not set(map(type, chain.from_iterable(column))) <= alike):
                raise ValueError("a column of the wrong pairs")
            return column  # type: ignore[return-value]
        fixed.values = values  # type: ignore[method-assign]
    return fixed


def _mapping(keys: Codec, items: Codec) -> Codec:
    """dict[K, V]: its keys and its values, two columns."""
    def value(item: object) -> dict:
        if type(item) is not tuple or len(item) != 2:
            raise ValueError("a dict is not its keys and its values")
        found, values = keys.values(item[0]), items.values(item[1])
        if len(found) != len(values) or len(set(found)) != len(found):
            raise ValueError("a dict's keys do not match its values")
        return dict(zip(found, values))

    return Codec(lambda item: [keys.plain_many(list(item)),  # type: ignore[call-overload]
                               items.plain_many(list(item.values()))], value)  # type: ignore[attr-defined]


_ANNOTATIONS: dict[tuple[str, str], object] = {}


def _annotation(text: object, where: dict) -> object:
    """A field's annotation (a string under `from __future__ import annotations`) as the type it names,
    evaluated once for each text: typing.get_type_hints takes as long as the rest of the import."""
    if not isinstance(text, str):
        return text
    known = (where["__name__"], text)
    if known not in _ANNOTATIONS:
        _ANNOTATIONS[known] = eval(text, where)  # noqa: S307 — the model's own source, not input
    return _ANNOTATIONS[known]


@cache
def codec(hint: object) -> Codec:
    """The codec of an annotation of the model; TypeError for one it does not know (a new kind of field
    needs a line here, and tests/test_map_cache.py says so)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in (int, str, bool):
        return Scalar(frozenset((hint,)))  # type: ignore[arg-type]
    if hint is float:
        return Scalar(frozenset((float, int)))
    if hint is object:
        return Scalar(SCALARS)
    if hint is Path:
        return Codec(os.fsencode, _path)  # type: ignore[arg-type]
    if dataclasses.is_dataclass(hint):
        return Record(hint)  # type: ignore[arg-type]  # once a class: codec() keeps what it made
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = codec(next(arg for arg in args if arg is not type(None)))
        return Scalar(inner.kinds | {type(None)}) if isinstance(inner, Scalar) else _optional(inner)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _many(codec(args[0]))
    if origin is tuple:
        return _fixed([codec(arg) for arg in args])
    if origin is dict:
        return _mapping(codec(args[0]), codec(args[1]))
    raise TypeError(f"the map cache cannot keep a field of type {hint}")


MODELS = {RawMap: codec(RawMap)}


def plain(item: RawMap) -> list:
    """The map file as read, as lists, numbers, strings and bytes (msgpack packs them)."""
    return MODELS[type(item)].plain(item)  # type: ignore[return-value]


def model(kind: type[RawMap], value: object) -> RawMap:
    """A `kind` built back from `value`; ValueError or TypeError when any part is not what it must be."""
    return MODELS[kind].value(value)  # type: ignore[return-value]
