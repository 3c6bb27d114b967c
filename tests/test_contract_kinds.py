"""Contract kinds as classes (game/world/verbs/contract_kinds.py): a new kind is one class registered once;
the objectives offered and the kinds a save may hold follow from the registry."""
from dataclasses import replace

import pytest

from game.content.contracts import Objective
from game.save import load_world, save_world
from game.world.commands import Work
from game.world.components import CONTRACT_KINDS, Journal, Persona
from game.world.verbs import contract_kinds
from game.world.verbs.contract_kinds import Asking, ContractKind, Terms, register
from game.world.verbs.moving import relocate
from game.world.verbs.trade import gold_of


class Scout(ContractKind):
    """Look into a room a few doors away and come back to say so: met once the hero has stood in it."""

    name = "scout"
    latches = True

    def possible(self, asking: Asking) -> bool:
        return bool(asking.far)

    def draw(self, asking: Asking) -> dict[str, object]:
        return {"room": contract_kinds.pick(asking.world, asking.far)}

    def terms(self, world, hero, giver, drawn) -> Terms:
        return Terms(room=int(drawn["room"]))

    def met(self, world, hero, contract) -> bool:
        return world.hero_room() == contract.room


@pytest.fixture
def scouting(village, monkeypatch):
    """The village with the scout kind registered and the only objective its data offers."""
    monkeypatch.delitem(CONTRACT_KINDS, "scout", raising=False)
    register(Scout)
    world = village.world
    data = world.content.contracts
    only = {"scout": Objective("scout", "Look into {room} for me and come back.", (12, 12), 40)}
    monkeypatch.setattr(world, "content", replace(world.content, contracts=replace(data, objectives=only)))
    yield village
    CONTRACT_KINDS.pop("scout", None)


@pytest.mark.rule("N40")
def test_a_kind_written_as_one_class_is_offered_accepted_met_claimed_and_saved(scouting, tmp_path):
    game = scouting
    world = game.world
    hero = world.hero
    giver = next(a.eid for a in world.actors.all() if world.has(a.eid, Persona) and not world.is_enemy(a.eid, hero)
                 and world.room_of(a.eid) == world.hero_room())
    assert game.do(Work(hero, giver, "ask")).ok
    (contract,) = [c for c in world.get(hero, Journal).contracts if c.state == "offered"]
    assert contract.kind == "scout" and contract.objective.startswith("Look into ") and contract.gold == 12
    assert game.do(Work(hero, giver, "accept")).ok
    save_world(world, tmp_path / "scout.sav")  # a save names the new kind, and a load knows it
    again = load_world(tmp_path / "scout.sav")
    try:
        assert [c.kind for c in again.get(again.hero, Journal).contracts] == ["scout"]
    finally:
        again.close()
    back = world.hero_room()
    relocate(world, hero, contract.room, [world.rooms.free_spot(contract.room)])
    game.end_turn()
    assert contract.met
    relocate(world, hero, back, [world.rooms.free_spot(back)])
    gold = gold_of(world, hero)
    assert game.do(Work(hero, giver, "claim")).ok and contract.state == "done"
    assert gold_of(world, hero) == gold + 12


def test_a_kind_is_registered_once_and_the_saved_kinds_are_the_registry():
    assert list(CONTRACT_KINDS) == ["slay", "bring", "deliver", "clear", "escort", "marked", "mini", "siege"]
    with pytest.raises(ValueError, match="registered twice"):
        register(type("Again", (ContractKind,), {"name": "slay"}))


def test_a_kind_whose_objective_the_data_lacks_is_never_offered(village):
    world = village.world
    data = world.content.contracts
    assert set(data.objectives) == {k for k, kind in CONTRACT_KINDS.items() if kind.objective(world) is not None}
    assert all(kind.objective(world) is not None for kind in CONTRACT_KINDS.values() if not kind.favour)
    world.content = replace(world.content, contracts=replace(data, objectives={
        k: v for k, v in data.objectives.items() if k in ("bring",)}))
    giver = next(a.eid for a in world.actors.all() if world.has(a.eid, Persona)
                 and not world.is_enemy(a.eid, world.hero) and world.room_of(a.eid) == world.hero_room())
    for _ in range(20):
        assert village.do(Work(world.hero, giver, "ask")).ok
        assert {c.kind for c in world.get(world.hero, Journal).contracts if c.state == "offered"} <= {"bring"}
