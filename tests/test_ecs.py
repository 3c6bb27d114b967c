"""The world's component store (game/world/ecs.py) against esper 3.9, which it replaced: the same entity ids,
components and, above all, the same order of every query (the event logs depend on it), through a long
random run of every change the game makes."""
import random

import esper
import pytest

from game.world.ecs import Store


class A:
    pass


class B:
    pass


class C:
    pass


KINDS = (A, B, C)
QUERIES = ((A,), (B,), (C,), (A, B), (B, A), (A, C), (C, B, A))


def state(query, join) -> list:
    return [[e for e, _ in query(k[0])] if len(k) == 1 else [e for e, _ in join(*k)] for k in QUERIES]


@pytest.mark.slow
def test_the_store_orders_every_query_as_esper_does_through_a_random_run():
    rng, store = random.Random(5), Store()
    esper.switch_world("store-test")
    try:
        esper.clear_database()
        alive: list[int] = []
        for step in range(3000):
            op = rng.random()
            if op < 0.35 or not alive:
                parts = [k() for k in KINDS if rng.random() < 0.5]
                made = store.create(*parts)
                assert esper.create_entity(*parts) == made
                alive.append(made)
            elif op < 0.55:
                eid, kind = rng.choice(alive), rng.choice(KINDS)
                part = kind()
                store.add(eid, part)
                esper.add_component(eid, part)
            elif op < 0.7:
                eid, kind = rng.choice(alive), rng.choice(KINDS)
                if store.has(eid, kind):
                    assert store.remove(eid, kind) is esper.remove_component(eid, kind)
            elif op < 0.85:
                eid = alive.pop(rng.randrange(len(alive)))
                immediate = rng.random() < 0.3
                store.delete(eid, immediate)
                esper.delete_entity(eid, immediate)
            else:
                store.clear_dead()
                esper.clear_dead_entities()
            assert state(store.query, store.join) == state(esper.get_component, esper.get_components), step
            probe = rng.randrange(1, step + 2)
            assert store.exists(probe) == esper.entity_exists(probe)
            for kind in KINDS:
                assert store.try_get(probe, kind) is esper.try_component(probe, kind)
    finally:
        esper.switch_world("default")
        esper.delete_world("store-test")


def test_entities_made_in_bulk_are_those_made_one_by_one_and_a_cached_query_sees_them():
    def made(bulk: bool) -> tuple:
        store = Store()
        first = store.create(B())
        assert [e for e, _ in store.query(B)] == [first]  # cached before the new ones
        parts = [[B(), A()], [B()], []]
        eids = store.create_many(parts) if bulk else [store.create(*p) for p in parts]
        return (eids, [e for e, _ in store.query(B)], [e for e, _ in store.join(B, A)],
                [store.exists(e) for e in eids], [sorted(type(c).__name__ for c in store.components_of(e)) for e in eids])

    assert made(True) == made(False)
    assert made(True)[:2] == ([2, 3, 4], [1, 2, 3])


def test_a_deleted_entity_stays_in_queries_until_the_dead_are_cleared_and_ensure_makes_a_default():
    store = Store()
    eid = store.create(A())
    store.delete(eid)
    assert not store.exists(eid) and [e for e, _ in store.query(A)] == [eid]
    store.clear_dead()
    assert store.query(A) == [] and store.try_get(eid, A) is None
    other = store.create()
    made = store.ensure(other, B)
    assert store.ensure(other, B) is made and store.get(other, B) is made


def test_two_stores_never_see_each_others_entities():
    one, two = Store(), Store()
    one.create(A())
    assert two.query(A) == [] and two.create(B()) == 1 and one.query(B) == []
