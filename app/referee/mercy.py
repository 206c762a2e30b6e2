"""The offline referee's choice over a foe who surrendered, once the fight is over: "let
him go", "tie him up", "execute Grubnak" — carried out through ``decide_fate`` on the foe
the line names (or the only one at the party's mercy)."""

from __future__ import annotations

import re

from app.actions.calls import ToolCall
from app.referee.base import RefereeBase
from app.understanding import Intent
from app.understanding.words import has_phrase, normalise
from app.world.mercy import at_mercy
from app.world.state import GameState
from app.world.tied import bound

_WHO = r"(?:him|her|them|it|(?:the |that |this )?(?:\w+ ){0,2}\w+)"
CHOICES = (
    ("execute", re.compile(
        rf"\b(?:execute|executes|behead|slay|slays|kill|kills|finish {_WHO} off|put {_WHO} to "
        rf"death|cut {_WHO}(?:'s)? throat)\b", re.I)),
    ("bind", re.compile(r"\b(?:bind|binds|tie|ties|truss|shackle|rope) ?(?:up)?\b", re.I)),
    ("spare", re.compile(
        rf"\b(?:spare|spares|let {_WHO} go|lets {_WHO} go|release|releases|set {_WHO} free|"
        r"show mercy|mercy)\b", re.I)),
)  # fmt: skip
"""The three choices, by the words that make them (the first that matches wins)."""
POINTING = re.compile(
    r"\b(?:him|her|them|it|the prisoners?|the captives?|the survivors?|the last one)\b", re.I
)
"""Words that point at the foe at the party's mercy without naming it."""


class Mercy(RefereeBase):
    """What becomes of a foe who surrendered."""

    def _fate(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall] | None:
        """The call for a line that decides a surrendered foe's fate, else ``None``."""
        if state.encounter is not None:
            return None
        waiting = at_mercy(state)
        if not waiting:
            return None
        choice = next((c for c, words in CHOICES if words.search(intent.text)), None)
        aimed = [t for t in intent.targets if t in waiting]  # "kill the tied up rat"
        if choice is None and intent.kind == "attack" and aimed:
            choice = "execute"  # a blow at a foe who cannot fight back ends it
        if choice is None:
            return None
        said = normalise(intent.text)
        aimed = _as_described(state, aimed, said) if len(aimed) > 1 else aimed
        named = aimed or [c for c in waiting if self._named(state, c, said)]
        if not named and POINTING.search(intent.text) is None:
            return None  # "use the rope to climb": about no one at the party's mercy
        whom = named[0] if named else waiting[0] if len(waiting) == 1 else None
        if whom is None:
            names = ", ".join(state.name_of(c) for c in waiting)
            self.notes.append(f"Which of them? At your mercy: {names}.")
            return []
        return [self._call("fate", actor, "decide_fate", creature_id=whom, fate=choice,
                           character_id=actor)]  # fmt: skip

    def _named(self, state: GameState, cid: str, said: str) -> bool:
        creature = state.creatures[cid]
        names = [creature.name]
        if self.campaign is not None and creature.npc in self.campaign.npcs:
            npc = self.campaign.npcs[creature.npc]
            names += [npc.name, *npc.aliases]
        return any(has_phrase(said, normalise(n)) for n in names)


_OUT_COLD = re.compile(r"\b(?:sleep\w*|asleep|out cold|unconscious|knocked out|senseless)\b")
_TIED = re.compile(r"\b(?:tied|bound|trussed|prisoner|captive)\b")


def _as_described(state: GameState, aimed: list[str], said: str) -> list[str]:
    """Of the foes at the party's mercy a line may mean, those it describes ("the sleeping
    rat": the one out cold, not the one tied up awake); all of them when it says neither."""

    def out_cold(cid: str) -> bool:
        creature = state.creatures[cid]
        return creature.vitals.hp <= 0 or any(
            c.condition.value == "unconscious" for c in creature.conditions
        )

    if _OUT_COLD.search(said):
        return [c for c in aimed if out_cold(c)] or aimed
    if _TIED.search(said):
        return [c for c in aimed if bound(state.creatures[c])] or aimed
    return aimed
