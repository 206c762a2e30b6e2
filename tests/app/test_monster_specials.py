"""Foes fight with everything they have — in a game (the offline referee's turn through the
tools) and in ``dungeon balance`` (the fast fight simulator) alike: a save-based action is
used when it catches two or more, or when nothing better is on offer (a lone survivor, a
condition not yet on anyone, no attack at all); a spent one is rolled for at the start of
the monster's turn; a Multiattack swings every attack; riders and extra damage land."""

from __future__ import annotations

import random
import tomllib

from app.referee.skirmish import Fighter, fight, from_monster, from_sheet, take_turn
from app.referee.skirmish_log import (
    Attack,
    Damage,
    FightLog,
    Held,
    Recharge,
    Turn,
    Uses,
    render,
)
from app.referee.tactics import foe_moves
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from rules.conditions import ActiveCondition, Condition
from rules.damage import LifeState, Vitals
from rules.srd import Monster, srd
from tests.app.test_monster_traits import run, turn_of

MONSTERS = tomllib.loads(
    """
[bog_gazer]  # a single-target save that only holds, back on a 6
name = "Bog Gazer"
[[bog_gazer.actions]]
id = "claw"
name = "Claw"
kind = "melee"
to_hit = 4
reach = 5
damage = "2d6+3"
damage_type = "slashing"
[[bog_gazer.actions]]
id = "stare"
name = "Numbing Stare"
kind = "save"
save_ability = "wis"
save_dc = 30
condition = "paralyzed"
recharge = "6"

[spitter]  # a single-target save weaker than its claw: never worth it
name = "Spitter"
[[spitter.actions]]
id = "claw"
name = "Claw"
kind = "melee"
to_hit = 4
reach = 5
damage = "2d6+3"
damage_type = "slashing"
[[spitter.actions]]
id = "spit"
name = "Spit"
kind = "save"
save_ability = "dex"
save_dc = 10
save_damage = "1d4"
save_damage_type = "acid"

[puffball]  # nothing but an area save
name = "Puffball"
[[puffball.actions]]
id = "spores"
name = "Spores"
kind = "save"
save_ability = "con"
save_dc = 11
save_damage = "2d6"
save_damage_type = "poison"
save_half = true
area = "10-foot cloud"

[wisp]  # nothing but a save that recharges: while it waits there is nothing to do
name = "Wisp"
[[wisp.actions]]
id = "flare"
name = "Flare"
kind = "save"
save_ability = "dex"
save_dc = 12
save_damage = "3d6"
save_damage_type = "radiant"
recharge = "5-6"
"""
)
"""Campaign monsters written as an author writes them (``[monsters.<id>]``)."""
BODY = {"size": "medium", "type": "aberration", "ac": 12, "hp": 40, "hit_dice": "6d8+12",
        "speed": 30, "passive_perception": 10, "cr": "2",
        "abilities": {"str": 12, "dex": 10, "con": 14, "int": 3, "wis": 10, "cha": 5}}  # fmt: skip


def _campaign() -> Campaign:
    story = load_campaign(CAMPAIGNS_DIR / "crossroads")
    for mid, data in MONSTERS.items():
        story.monsters[mid] = Monster.model_validate({"id": mid, **BODY, **data})
    return story


STORY = _campaign()


def block(monster_id: str) -> Monster:
    return STORY.monster(monster_id)


def game(*groups: tuple[str, int], seed: int = 3) -> GameSession:
    session = start_session(STORY, seed)
    monsters = [{"monster": m, "count": n} for m, n in groups]
    run(session.state, "start_combat", reason="test", monsters=monsters)
    return session


async def referee_turn(session: GameSession, cid: str) -> list:  # type: ignore[type-arg]
    """The offline referee plays ``cid``'s turn, as in a game."""
    turn_of(session.state, cid)
    return [e async for e in session.run_until_players()]


def party() -> list[Fighter]:
    return [from_sheet(STORY.character(c)) for c in ("mira", "thorin", "aria")]


# -- in a game ------------------------------------------------------------------------------


def test_a_ready_breath_catches_two_or_more_and_a_lone_survivor_too() -> None:
    state = game(("red_dragon_wyrmling", 1)).state
    crowd = foe_moves(state, "red-dragon-wyrmling-1", list(state.party))
    assert crowd[0].args["action"] == "fire_breath" and len(crowd[0].args["target_ids"]) == 3
    lone = foe_moves(state, "red-dragon-wyrmling-1", ["thorin"])
    assert lone[0].args == {"creature_id": "red-dragon-wyrmling-1", "action": "fire_breath",
                            "target_ids": ["thorin"]}  # fmt: skip
    state.creatures["red-dragon-wyrmling-1"].resources["fire_breath"] = 1
    assert [m.tool for m in foe_moves(state, "red-dragon-wyrmling-1", ["thorin"])] == ["attack"]


async def test_a_holding_stare_goes_to_one_not_yet_held_then_the_claw_comes() -> None:
    session = game(("bog_gazer", 1))
    state = session.state
    events = await referee_turn(session, "bog-gazer-1")
    saves = [e for e in events if e.type == "dice_roll" and e.check_type == "saving_throw"]
    assert len(saves) == 1 and saves[0].dc == 30  # one target: the stare has no area
    held = saves[0].character_id
    assert any(c.condition is Condition.PARALYZED for c in state.party[held].conditions)
    assert state.creatures["bog-gazer-1"].resources["stare"] == 1  # spent until a 6
    state.creatures["bog-gazer-1"].resources.clear()  # back: it looks for someone else
    again = foe_moves(state, "bog-gazer-1", list(state.party))
    assert again[0].tool == "monster_action" and held not in again[0].args["target_ids"]
    for sheet in state.party.values():
        sheet.conditions.append(ActiveCondition(condition=Condition.PARALYZED))
    assert [m.tool for m in foe_moves(state, "bog-gazer-1", list(state.party))] == ["attack"]


def test_a_weak_single_target_save_never_replaces_a_better_attack() -> None:
    state = game(("spitter", 1)).state
    assert [m.tool for m in foe_moves(state, "spitter-1", list(state.party))] == ["attack"]


async def test_a_foe_with_only_a_save_uses_it_on_one_and_dodges_while_it_recharges() -> None:
    session = game(("puffball", 1), ("wisp", 1))
    state = session.state
    lone = foe_moves(state, "puffball-1", ["aria"])
    assert lone[0].args["action"] == "spores" and lone[0].args["target_ids"] == ["aria"]
    state.creatures["wisp-1"].resources["flare"] = 1
    moves = foe_moves(state, "wisp-1", list(state.party))
    assert [(m.tool, m.args.get("action")) for m in moves] == [
        ("take_action", "dodge"), ("end_turn", None)
    ]  # fmt: skip
    events = await referee_turn(session, "wisp-1")
    assert not [e for e in events if e.type == "error"]
    assert state.encounter is not None and state.encounter.current.id != "wisp-1"


def test_a_spent_breath_is_rolled_for_as_its_turn_starts_and_used_when_back() -> None:
    seen = set()
    for seed in range(40):
        state = game(("red_dragon_wyrmling", 1), seed=seed).state
        dragon = state.creatures["red-dragon-wyrmling-1"]
        dragon.resources["fire_breath"] = 1
        assert state.encounter is not None
        order = [c.id for c in state.encounter.order]
        before = order[order.index(dragon.id) - 1]
        turn_of(state, before)
        out = run(state, "end_turn")  # the dragon's turn starts
        rolls = [e for e in out["events"] if getattr(e, "check_type", "") == "recharge"]
        assert state.encounter.current.id == dragon.id and len(rolls) == 1
        moves = foe_moves(state, dragon.id, list(state.party))
        breathes = moves[0].args.get("action") == "fire_breath"
        assert breathes == rolls[0].success == (rolls[0].total >= 5)
        seen.add(breathes)
    assert seen == {True, False}


async def test_a_multiattack_swings_every_attack_in_play() -> None:
    session = game(("goblin_boss", 1))
    for sheet in session.state.party.values():
        sheet.vitals = Vitals(hp=200, max_hp=200)  # nobody falls between the swings
    events = await referee_turn(session, "goblin-boss-1")
    swings = [e for e in events if e.type == "dice_roll" and e.check_type == "attack_roll"]
    assert [e.reason for e in swings] == [swings[0].reason] * 2 and "Great Spoon" in (
        swings[0].reason or ""
    )


# -- in balance ------------------------------------------------------------------------------


def _turn(me: Fighter, enemies: list[Fighter], seed: int = 1) -> FightLog:
    log: FightLog = []
    take_turn(random.Random(seed), me, [me], enemies, log)
    return log


def test_balance_breathes_on_two_or_more_and_on_a_lone_survivor() -> None:
    dragon = from_monster(block("red_dragon_wyrmling"), 1)
    crowd = _turn(dragon, party())
    used = [e for e in crowd if isinstance(e, Uses)]
    assert used[0].what == "Fire Breath" and len(used[0].targets) == 3
    assert used[0].detail == "DC 13 Dexterity save" and dragon.kit.spent == {"fire_breath"}
    bites = [_turn(dragon, party(), seed) for seed in range(10)]  # spent: the bite, with fire
    assert all([e.what for e in log if isinstance(e, Attack)] == ["Bite"] for log in bites)
    hit = next(log for log in bites if any(isinstance(e, Attack) and "hit" in e.outcome
                                           for e in log))  # fmt: skip
    assert [e.kind for e in hit if isinstance(e, Damage)][:2] == ["piercing", "fire"]
    lone = from_monster(block("red_dragon_wyrmling"), 2)
    survivors = party()
    for down in survivors[1:]:
        down.vitals = Vitals(hp=0, max_hp=down.vitals.max_hp, state=LifeState.DYING)
    assert [e.targets for e in _turn(lone, survivors) if isinstance(e, Uses)] == [("Mira",)]


def _recharges(monster: str, seeds: range) -> list[tuple[Recharge, str]]:
    """Every recharge roll in whole fights, with what the monster did next."""
    found = []
    for seed in seeds:
        log: FightLog = []
        heroes = party()
        for hero in heroes:
            hero.vitals = Vitals(hp=300, max_hp=300)  # long fights, many recharge rolls
        foe = from_monster(block(monster), 1)
        foe.vitals = Vitals(hp=1000, max_hp=1000)
        fight(random.Random(seed), heroes, [foe], 12, log=log)
        for i, entry in enumerate(log):
            if isinstance(entry, Recharge):
                assert isinstance(log[i - 1], Turn)  # the first thing of its turn
                after = next(e for e in log[i + 1 :] if isinstance(e, (Uses, Attack)))
                found.append((entry, after.what))
    return found


def test_balance_rolls_recharge_as_the_turn_starts_and_uses_it_when_it_is_back() -> None:
    rolls = _recharges("red_dragon_wyrmling", range(6))
    assert {r.rolled for r, _ in rolls} == {1, 2, 3, 4, 5, 6}
    for rolled, then in rolls:
        assert rolled.ready == (rolled.rolled >= 5) == (then == "Fire Breath")
    stares = _recharges("bog_gazer", range(6))
    assert {r.rolled for r, _ in stares if r.ready} == {6}  # "Recharge 6"
    assert {r.rolled for r, _ in stares if not r.ready} == {1, 2, 3, 4, 5}


def test_balance_holds_the_unheld_and_a_held_character_cannot_act() -> None:
    gazer = from_monster(block("bog_gazer"), 1)
    heroes = party()
    log = _turn(gazer, heroes)
    (stare,) = [e for e in log if isinstance(e, Uses)]
    assert stare.what == "Numbing Stare" and len(stare.targets) == 1  # no area: one target
    (held,) = [h for h in heroes if h.conditions]
    assert held.name == stare.targets[0] and any(isinstance(e, Held) for e in log)
    gazer.kit.spent.clear()
    second = _turn(gazer, heroes, seed=2)
    assert next(e.targets for e in second if isinstance(e, Uses)) != stare.targets
    weak = from_monster(block("spitter"), 1)
    assert not [e for e in _turn(weak, party()) if isinstance(e, Uses)]  # its claw does more
    log = []
    result = fight(random.Random(5), [from_sheet(STORY.character("thorin"))],
                   [from_monster(block("bog_gazer"), 1)], log=log)  # fmt: skip
    text = "\n".join(render(log))
    assert "Thorin is paralyzed" in text and "Thorin cannot act" in text
    assert "critical hit" in text  # a claw within 5 feet of a paralysed man
    assert result.party_hp_lost > 0


def test_balance_a_foe_with_only_a_save_and_a_multiattack_fight_with_them() -> None:
    puff = from_monster(block("puffball"), 1)
    assert puff.swings == []
    assert [e.what for e in _turn(puff, party()) if isinstance(e, Uses)] == ["Spores"]
    wisp = from_monster(block("wisp"), 1)
    wisp.kit.spent.add("flare")
    assert "takes the Dodge action" in "\n".join(render(_turn(wisp, party())))
    boss = from_monster(block("goblin_boss"), 1, name="Grubnak")
    heroes = party()
    for hero in heroes:
        hero.vitals = Vitals(hp=200, max_hp=200)
    swings = [e for e in _turn(boss, heroes) if isinstance(e, Attack)]
    assert [(e.who, e.what) for e in swings] == [("Grubnak", "Great Spoon")] * 2
    ghoul = from_monster(block("ghoul"), 1)
    assert (
        ghoul.swings[1].rider is not None and ghoul.swings[1].rider.condition is Condition.PARALYZED
    )
    spider = from_monster(block("giant_spider"), 1)
    assert spider.swings[0].rider is not None  # the bite's poison
    assert [a.id for a in spider.kit.specials] == ["web"]
    assert srd().monsters["gelatinous_cube"].action("engulf").area  # its engulf catches several


def test_a_breath_that_drops_a_character_says_so_in_its_result() -> None:
    """The result the telling reads names who the breath felled (the story said 'dodges the
    worst of it (3 damage)' of a friend left dying)."""
    from app.actions.beings import set_vitals

    state = game(("red_dragon_wyrmling", 1)).state
    set_vitals(state, "aria", Vitals(hp=1, max_hp=17, state=LifeState.ALIVE))
    result = run(state, "monster_action", creature_id="red-dragon-wyrmling-1",
                 action="fire_breath", target_ids=["aria", "thorin"])  # fmt: skip
    hits = {hit["target"]: hit for hit in result["result"]["targets"]}
    assert hits["aria"]["down"] in ("dying", "dead") and "down" not in hits["thorin"]
