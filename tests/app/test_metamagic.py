"""Metamagic in play (SRD 5.1, sorcerer 3rd level), through ``use_feature`` then
``cast_spell``, and from a player's line ("quickened fire bolt")."""

from __future__ import annotations

from app.session.setup import session_for
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from tests.app.conftest import turn
from tests.app.test_class_features import add_member, fight, run

SPELLS = ["fire_bolt", "ray_of_frost", "shocking_grasp", "hold_person", "thunderwave", "bless"]


def sorcerer(state: GameState, level: int = 3) -> None:
    add_member(state, id="sela", level=level, weapons=["dagger"], spellcasting_ability="cha",
               spells=[s for s in SPELLS if s != "bless"],
               spell_slots={"maximum": {1: 4, 2: 2}}, **{"class": "Sorcerer"})  # fmt: skip


def ready(state: GameState, option: str, **more: object) -> dict:
    return run(state, "use_feature", creature_id="sela", feature="metamagic", option=option,
               **more)["result"]  # fmt: skip


def test_quickened_spell_casts_an_action_spell_with_the_bonus_action_for_two_points() -> None:
    """SRD (Quickened Spell): when you cast a spell that has a casting time of 1 action,
    you can spend 2 sorcery points to change the casting time to 1 bonus action."""
    state = sandbox_state(seed=3)
    sorcerer(state)
    fight(state, monster="goblin", turn="sela")
    assert ready(state, "quickened")["readied"] == ["quickened"]
    out = run(state, "cast_spell", caster_id="sela", spell="fire_bolt", target_ids=["goblin-1"])
    assert "error" not in out["result"], out
    economy = state.encounter.economy["sela"]
    assert economy.bonus_action is False and economy.action is True
    assert state.party["sela"].uses_left("font_of_magic") == 1


def test_twinned_spell_takes_a_second_target_for_the_spells_level_in_points() -> None:
    """SRD (Twinned Spell): a spell that targets only one creature and doesn't have a range
    of self: a second creature in range, for points equal to the spell's level (1 for a
    cantrip)."""
    state = sandbox_state(seed=3)
    sorcerer(state)
    fight(state, monster="goblin", count=2, turn="sela")
    one = run(state, "cast_spell", caster_id="sela", spell="ray_of_frost",
              target_ids=["goblin-1", "goblin-2"])  # fmt: skip
    assert "at most 1" in one["result"]["error"]
    ready(state, "twinned")
    out = run(state, "cast_spell", caster_id="sela", spell="ray_of_frost",
              target_ids=["goblin-1", "goblin-2"])  # fmt: skip
    assert len(out["result"]["results"]) == 2
    assert state.party["sela"].uses_left("font_of_magic") == 2
    state.encounter.economy["sela"].action = True
    ready(state, "twinned")
    area = run(state, "cast_spell", caster_id="sela", spell="thunderwave", target_ids=["goblin-1"])
    assert "targets one creature" in area["result"]["error"]


def test_heightened_spell_gives_one_target_disadvantage_on_its_first_save() -> None:
    """SRD (Heightened Spell): 3 points; one target has disadvantage on its first saving
    throw against the spell."""
    state = sandbox_state(seed=3)
    sorcerer(state)
    fight(state, monster="goblin", turn="sela")
    ready(state, "heightened", target_id="goblin-1")
    out = run(state, "cast_spell", caster_id="sela", spell="hold_person", target_ids=["goblin-1"])
    saves = [e for e in out["events"] if e.type == "dice_roll" and e.check_type == "saving_throw"]
    assert saves and saves[0].advantage == "disadvantage"
    assert state.party["sela"].uses_left("font_of_magic") == 0


def test_careful_spell_lets_an_ally_succeed_on_the_save() -> None:
    """SRD (Careful Spell): up to CHA modifier creatures automatically succeed on their
    saving throw against the spell."""
    state = sandbox_state(seed=3)
    sorcerer(state)
    fight(state, monster="goblin", turn="sela")
    ready(state, "careful")
    out = run(state, "cast_spell", caster_id="sela", spell="thunderwave",
              target_ids=["goblin-1", "thorin"])  # fmt: skip
    spared = next(r for r in out["result"]["results"] if r["target"] == "thorin")
    assert spared["saved"] is True


def test_distant_spell_makes_a_touch_spell_reach_30_feet() -> None:
    """SRD (Distant Spell): 1 point; a spell with a range of touch gets a range of 30
    feet — the caster need not close in."""
    moved = {}
    for distant in (False, True):
        state = sandbox_state(seed=3)
        sorcerer(state)
        fight(state, monster="goblin", turn="sela")
        from rules.positions import leave

        leave(state.encounter.positions, "sela")
        if distant:
            ready(state, "distant")
        out = run(state, "cast_spell", caster_id="sela", spell="shocking_grasp",
                  target_ids=["goblin-1"])  # fmt: skip
        assert "error" not in out["result"], out
        moved[distant] = state.encounter.economy["sela"].movement
    assert moved[True] > moved[False]


def test_subtle_spell_cannot_be_countered(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """SRD (Subtle Spell): 1 point; cast without somatic or verbal components — nobody sees
    it cast, so no Counterspell answers it."""
    from app.actions import spell_tools

    def never(*_: object) -> object:
        raise AssertionError("a subtle spell was offered to a counterspeller")

    monkeypatch.setattr(spell_tools, "counterspell", never)
    state = sandbox_state(seed=3)
    sorcerer(state)
    fight(state, monster="goblin", turn="sela")
    ready(state, "subtle")
    out = run(state, "cast_spell", caster_id="sela", spell="fire_bolt", target_ids=["goblin-1"])
    assert "error" not in out["result"] and state.party["sela"].uses_left("font_of_magic") == 2


def test_extended_spell_doubles_a_duration_of_a_minute_or_more() -> None:
    """SRD (Extended Spell): 1 point; a spell lasting 1 minute or longer lasts twice as
    long (24 hours at most); one of shorter duration is refused before anything is spent."""
    state = sandbox_state(seed=3)
    add_member(state, id="sela", level=5, weapons=["dagger"], spellcasting_ability="cha",
               spells=["fire_bolt", "haste"], spell_slots={"maximum": {1: 4, 2: 3, 3: 2}},
               **{"class": "Sorcerer"})  # fmt: skip
    ready(state, "extended")
    refused = run(state, "cast_spell", caster_id="sela", spell="fire_bolt", target_ids=["thorin"])
    assert "1 minute or longer" in refused["result"]["error"]
    assert state.party["sela"].uses_left("font_of_magic") == 5  # nothing spent
    run(state, "cast_spell", caster_id="sela", spell="haste", target_ids=["thorin"])
    haste = next(e for e in state.party["thorin"].effects if e.id == "haste")
    assert haste.rounds == 20 and state.party["sela"].uses_left("font_of_magic") == 4


def test_metamagic_needs_the_points_and_one_option_per_spell() -> None:
    state = sandbox_state(seed=3)
    sorcerer(state)
    ready(state, "quickened")
    again = ready(state, "twinned")
    assert "one Metamagic option per spell" in again["error"]
    both = ready(state, "empowered")  # Empowered joins another
    assert both["readied"] == ["empowered", "quickened"]
    state.party["sela"].resources["font_of_magic"] = 3
    poor = ready(state, "heightened", target_id="goblin-1")
    assert "error" in poor


async def test_quickened_fire_bolt_from_a_players_line() -> None:
    state = sandbox_state(seed=3)
    sorcerer(state)
    session = session_for(state)
    fight(state, monster="goblin", turn="sela")
    await turn(session, ("sela", "quickened fire bolt at the goblin"))
    economy = state.encounter.economy["sela"]
    assert economy.bonus_action is False and economy.action is True
    assert state.party["sela"].uses_left("font_of_magic") == 1


async def test_after_a_quickened_spell_said_only_a_cantrip_of_one_action_follows() -> None:
    """SRD (Casting Time): "if you cast a spell as a bonus action, you can't cast another spell
    during the same turn, except for a cantrip with a casting time of 1 action" — a Quickened
    spell is cast as a bonus action."""
    state = sandbox_state(seed=3)
    sorcerer(state)
    state_slots = state.party["sela"].spell_slots
    session = session_for(state)
    fight(state, monster="goblin", turn="sela")
    state.creatures["goblin-1"].vitals = state.creatures["goblin-1"].vitals.model_copy(
        update={"hp": 200, "max_hp": 200}
    )
    await turn(session, ("sela", "quickened fire bolt at the goblin"))
    await turn(session, ("sela", "I cast thunderwave"))
    assert state_slots.expended.get(1, 0) == 0 and state.encounter.economy["sela"].action
    out = run(state, "cast_spell", caster_id="sela", spell="hold_person", target_ids=["goblin-1"])
    assert "only a cantrip" in out["result"]["error"] and not state_slots.expended
    out = run(state, "cast_spell", caster_id="sela", spell="ray_of_frost", target_ids=["goblin-1"])
    assert "error" not in out["result"], out
