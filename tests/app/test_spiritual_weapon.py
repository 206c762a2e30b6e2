"""Spiritual Weapon as the SRD has it: the weapon strikes as it is cast, then stays for a
minute, and on each of the caster's later turns strikes again as a bonus action — no slot
spent, the damage of the slot it was cast with (a ``cast_spell`` of it while it lasts is its
next strike: no field the tool's schema must carry). Once its later strikes were not played at
all ("spiritual weapon attacks her and sacred flame" rolled only the Sacred Flame, saying
nothing of the weapon)."""

from __future__ import annotations

import asyncio

from app.actions.lasting_weapons import keeps_weapon
from rules.economy import ActionKind
from tests.app.referee_lines import read
from tests.app.spell_party import fight, give_turn, run, spell_party


def _cast() -> object:
    state = spell_party()
    state.party["seren"].spells = [*state.party["seren"].spells, "spiritual_weapon"]
    fight(state, turn="seren")
    out = run(state, "cast_spell", caster_id="seren", spell="spiritual_weapon",
              target_ids=["goblin-1"], slot_level=3)  # fmt: skip
    assert "error" not in out["result"], out
    return state


def test_the_weapon_stays_and_strikes_again_on_a_later_turn_without_a_slot() -> None:
    state = _cast()
    seren = state.party["seren"]  # type: ignore[attr-defined]
    kept = keeps_weapon(state, "seren", "spiritual_weapon")  # type: ignore[arg-type]
    assert kept is not None and kept.level == 3 and kept.rounds == 10
    slots = seren.spell_slots.remaining(3)
    again = run(state, "cast_spell", caster_id="seren", spell="spiritual_weapon",
                target_ids=["goblin-2"])  # fmt: skip
    assert "bonus action" in again["result"]["error"]  # a second casting, the same turn
    give_turn(state, "seren")  # type: ignore[arg-type]
    state.encounter.round += 1  # type: ignore[attr-defined]
    again = run(state, "cast_spell", caster_id="seren", spell="spiritual_weapon",
                target_ids=["goblin-2"])  # fmt: skip
    assert again["result"]["again"] and again["result"]["results"][0]["target"] == "goblin-2"
    assert seren.spell_slots.remaining(3) == slots  # no slot
    economy = state.encounter.economy["seren"]  # type: ignore[attr-defined]
    assert not economy.available(ActionKind.BONUS_ACTION) and economy.available(ActionKind.ACTION)
    twice = run(state, "cast_spell", caster_id="seren", spell="spiritual_weapon",
                target_ids=["goblin-2"])  # fmt: skip
    assert "bonus action" in twice["result"]["error"]
    both = run(state, "cast_spell", caster_id="seren", spell="spiritual_weapon",
               target_ids=["goblin-1", "goblin-2"])  # fmt: skip
    assert "error" in both["result"]


def test_without_a_weapon_about_it_is_a_casting() -> None:
    state = spell_party()
    fight(state, turn="seren")
    out = run(state, "cast_spell", caster_id="seren", spell="spiritual_weapon",
              target_ids=["goblin-1"])  # fmt: skip
    assert "again" not in out["result"] and out["result"]["slots_left"] == 2


def test_a_player_says_it_and_the_weapon_strikes_beside_a_cantrip() -> None:
    from app.session.setup import session_for
    from tests.app.referee_lines import play
    from tests.referee_corpus import Situation, build_situation

    state = build_situation(Situation(campaign="drowned_bell", scene="chapel", fight="warden",
                                      turn="cass"))  # fmt: skip
    session = session_for(state)

    async def evening() -> str:
        await play(session, "cass", "cast spiritual weapon on her then sacred flame on her")
        while session.state.encounter is not None and session.state.encounter.current.id != "cass":
            async for _ in session.run_until_players():
                pass
            fight_ = session.state.encounter
            if (
                fight_ is not None
                and fight_.current.id in session.state.party
                and (fight_.current.id != "cass")
            ):
                await play(session, fight_.current.id, "I dodge")
        referee = await play(session, "cass", "spiritual weapon attacks her and sacred flame")
        assert [c.name for c in referee.made][:2] == ["cast_spell", "cast_spell"]
        return session.state.history[-1].narrative

    told = asyncio.run(evening())
    assert "Brother Cass's Spiritual Weapon strikes again." in told
    assert "casts Sacred Flame" in told
    said = read({"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass"},
                "cass", "my spiritual weapon hits her again")  # fmt: skip
    assert said[0].kind == "cast"  # (not cast yet in this fight: read as the casting)


def test_the_weapon_is_gone_when_the_fight_is_over() -> None:
    """The next fight's first casting is a casting, with its slot — not a free strike."""
    state = _cast()
    assert keeps_weapon(state, "seren", "spiritual_weapon") is not None  # type: ignore[arg-type]
    for goblin in ("goblin-1", "goblin-2"):
        run(state, "damage", target_id=goblin, amount=50, damage_type="fire",  # type: ignore[arg-type]
            reason="a falling beam")  # fmt: skip
    out = run(state, "end_combat", reason="the goblins are down")  # type: ignore[arg-type]
    assert "error" not in out["result"] or state.encounter is None, out  # type: ignore[attr-defined]
    assert keeps_weapon(state, "seren", "spiritual_weapon") is None  # type: ignore[arg-type]
