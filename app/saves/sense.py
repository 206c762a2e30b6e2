"""Sense checks that look at what the rules allow and what never changes in play.

:mod:`app.saves.sanity` checks that ids resolve and counts stay within their totals; these
checks add what a save cannot hold because the rules never produce it — a character alive
at 0 HP, dead with hit points, three failed death saves and still breathing — and what the
game never changes once a character is made: armour, skills, saving throws, ability scores
and spell-slot maxima — save what taking a level changes, which :mod:`app.saves.levels`
checks against the rules instead. A key deleted from a save whose default is "none" (``armor``, one
entry of ``skills``, the level-2 slots) looks like a smaller character, not a missing key;
comparing the sheet with the one it was made from (the campaign's, or the sandbox's) is
what tells them apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from pydantic import BaseModel

from app.saves.levels import LEVEL_CHANGES, check_levelled
from app.saves.shape import Problem
from app.world.state import GameState, Scene
from rules.character import CharacterSheet
from rules.sheet_sense import sheet_nonsense, vitals_nonsense

_UNCHANGING = (
    "character_class",
    "level",
    "abilities",
    "skills",
    "saving_throws",
    "armor",
    "shield",
    "spellcasting_ability",
)
"""Fields of a character sheet that nothing in play changes."""
LARGEST = 2**63 - 1
"""TOML integers are 64-bit: a larger one is damage, whatever key holds it."""


def check_lives(state: GameState) -> Iterator[Problem]:
    """Every character and creature is in a state the rules can leave it in
    (:mod:`rules.sheet_sense`)."""
    names: dict[str, str] = {}
    for cid, sheet in state.party.items():
        key = f"state.party.{cid}"
        for found in sheet_nonsense(sheet):
            yield Problem(f"{key}.{found.key}", found.why)
        if sheet.name in names:
            yield Problem(f"{key}.name", f"{sheet.name!r} is also {names[sheet.name]}'s name")
        names[sheet.name] = cid
    for cid, creature in state.creatures.items():
        for found in vitals_nonsense(creature.vitals):
            yield Problem(f"state.creatures.{cid}.{found.key}", found.why)
        if creature.monster is None:
            # Every creature joins the world from a stat block (start_combat).
            yield Problem(
                f"state.creatures.{cid}.monster", "missing — a creature has its stat block"
            )


def check_table(state: GameState) -> Iterator[Problem]:
    """Who plays whom, and whose turn it is: every character is someone's (a player's, or
    the DM's as a companion), and the player whose turn it is sits at the table."""
    order = state.turn_order
    played = {cid for ids in state.players.values() for cid in ids} | set(order.companions)
    for cid in state.party:
        if cid not in played:
            yield Problem(
                "state.players",
                f"nobody plays {cid!r}: every character is a player's or a DM-run companion",
            )
            break
    if order.active is not None and order.active not in state.players:
        yield Problem("state.turn_order.active", f"{order.active!r} is not a player")
    elif (
        # Between fights someone is always up while a player able to act has not acted.
        order.active is None
        and state.encounter is None
        and state.ending is None
        and any(player not in order.acted for player in state.able_players())
    ):
        yield Problem("state.turn_order.active", "missing — a player is still to act")
    fight = state.encounter
    if fight is not None:
        for combatant in fight.order:
            if combatant.id not in fight.economy:
                yield Problem(
                    f"state.encounter.economy.{combatant.id}",
                    "missing — every combatant in the order has its table",
                )
                break


def check_sheets(
    state: GameState, made_from: Mapping[str, CharacterSheet], where: str
) -> Iterator[Problem]:
    """Each character still has what it was made with (``made_from``: the sheets of the
    campaign or the sandbox, by id); ids not there are left to the id checks."""
    for cid, sheet in state.party.items():
        original = made_from.get(cid)
        if original is None:
            continue
        key = f"state.party.{cid}"
        levelled = sheet.level != original.level
        if levelled:  # a level taken in play: what it may change is checked against the rules
            yield from check_levelled(key, sheet, original, where)
        for name in _UNCHANGING:
            if levelled and name in LEVEL_CHANGES:
                continue
            have, want = getattr(sheet, name), getattr(original, name)
            if have == want:
                continue
            field = f"{key}.{'class' if name == 'character_class' else name}"
            if isinstance(have, dict) and isinstance(want, dict):  # name the entry (a skill)
                entry = next(k for k in sorted({*have, *want}) if have.get(k) != want.get(k))
                field, have, want = f"{field}.{entry}", have.get(entry), want.get(entry)
            yield Problem(
                field, f"is {_shown(have)}, {where}'s sheet for {cid!r} has {_shown(want)}"
            )
        maximum, expected = sheet.spell_slots.maximum, original.spell_slots.maximum
        for level in sorted({*maximum, *expected}) if not levelled else ():
            if maximum.get(level, 0) != expected.get(level, 0):
                yield Problem(
                    f"{key}.spell_slots.maximum.{level}",
                    f"{maximum.get(level, 0)} differs from {where}'s {expected.get(level, 0)}",
                )


def _shown(value: object) -> str:
    """A sheet's value as a message shows it (a missing armour or skill is "none")."""
    if value is None:
        return "none"
    if isinstance(value, frozenset):
        return "[" + ", ".join(sorted(str(v) for v in value)) + "]"
    if isinstance(value, BaseModel):
        return str(value.model_dump(mode="json"))
    return repr(str(value)) if isinstance(value, str) else repr(value)


def check_sandbox(
    state: GameState, party: Mapping[str, CharacterSheet], scenes: Mapping[str, Scene]
) -> Iterator[Problem]:
    """A game of the built-in sandbox world holds that world: its scenes and characters."""
    if list(state.scenes) != list(scenes):
        shown = ", ".join(scenes)
        yield Problem("state.scenes", f"are not the sandbox's ({shown}): not a sandbox game")
    for cid in state.party:
        if cid not in party:
            yield Problem(f"state.party.{cid}", "is not a character of the sandbox")
    yield from check_sheets(state, party, "the sandbox")


_SET = re.compile(r"\.state\.flags\.|\.evidence\.\d+$")
"""Numbers a DM or an author sets as they are (a flag, a judgment's evidence): any a save
holds loads."""
SAVEABLE = 2**62
"""The largest number the game writes into a save, outside its seed: no game counts that
far, and every save it writes loads again (see :data:`LOADABLE`)."""
LOADABLE = SAVEABLE - 2**40
"""The largest number a loaded save may hold outside its seed: a count the game keeps
grows in play, and one edited near the limit would leave a game that can no longer be
saved a few turns later (its sitting lost); below this one it has room to grow for ever
and still be saved."""


def huge(raw: object, where: str, largest: int = LARGEST) -> Problem | None:
    """The first integer larger than ``largest`` (TOML's 64 bits) anywhere in ``raw``, the
    game's seed apart."""
    stack: list[tuple[object, str]] = [(raw, where)]
    while stack:
        value, key = stack.pop()
        if isinstance(value, dict):
            stack.extend((v, f"{key}.{k}") for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{key}.{i}") for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > largest:
            if abs(value) <= LARGEST and (key.endswith(".state.seed") or _SET.search(key)):
                continue  # (a seed, a flag or evidence is set as it is, never counted up)
            what = "a save holds (64 bits)" if abs(value) > LARGEST else "the game counts to"
            return Problem(key, f"is larger than any number {what}")
    return None
