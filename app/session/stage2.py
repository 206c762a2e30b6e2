"""Factual classification of the players' lines (the event system's stage 2): what each
line, as the game understood it, objectively was — someone spoke to someone, looked at
something, tried what the world refused — written to the ledger before the DM is called.

It says nothing of what the words *meant*: that is the judgments' work
(:mod:`app.session.judging`), which reads the :class:`Line` values returned here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.understanding.intent import Intent
from app.world import view
from app.world.actions import PlayerAction
from app.world.ledger import ConstraintViolation, Examination, SpeechAct
from app.world.state import GameState
from rules.abilities import Ability
from rules.skills import Skill
from rules.srd import srd

SPEAKING = frozenset({"talk", "question"})
"""Intent kinds that are words said in the world (when someone there is addressed)."""
JUDGED_KINDS = frozenset({"talk", "question", "challenge", "give", "ask", "foreign", "improvise"})
"""Intent kinds whose words are weighed (looking at sausages is no offer to Grubnak; a hand
on Wendel's shoulder is comfort)."""


@dataclass(frozen=True)
class Line:
    """One player line, as the event system reads it."""

    character: str
    """The character it was typed as."""
    text: str
    addressee: str | None
    """The NPC spoken to, if the line is speech to someone present."""
    kind: str
    """The intent kind the line was understood as (``talk``, ``attack`` …)."""
    evidence: int | None
    """``seq`` of the speech act (or other event) it produced, if any."""
    asked_back: bool = False
    """The game asks what the line meant ("Did you mean to talk to Grubnak?") instead of
    acting on it: nothing was said in the world yet, so its words are not weighed."""


GESTURES = frozenset(
    (key,)
    for key in (
        "cow",
        "sway",
        "bluff",
        "kindness",
        "perform",
        "pray",
        "show",
        "free",
        "guard",
        "bury",
    )
) | {()}
"""Improvised deeds that say something to those who see them — a threat, a plea, a song, a
hand on a shoulder, a deed the game has no word for — whose words are weighed for what
they mean to someone. Tying a man up, digging, a shove: deeds, not words ("deed")."""


def read_lines(
    state: GameState, actions: Sequence[PlayerAction], readings: dict[tuple[str, str], Intent]
) -> list[Line]:
    """Write the factual events of this turn's lines and return the lines for judging."""
    if not actions:
        return []  # a foe's turn: nobody spoke, and who is here need not be looked up
    campaign = state.campaign
    present = view.npcs_here(state, campaign) if campaign is not None else []
    lines: list[Line] = []
    for action in actions:
        intent = readings.get((action.character_id, action.text))
        kind: str = intent.kind if intent is not None else "talk"
        if intent is not None and kind == "improvise" and intent.extra[:1] not in GESTURES:
            kind = "deed"  # tying him up is no word to him
        if intent is not None and kind == "challenge" and _handwork(state, intent.target):
            kind = "deed"  # "ugh. let me try the lock again": no word to Berta behind the bar
        addressee = _addressee(intent, present)
        if intent is not None and addressee is not None and _struck_at(state, intent, addressee):
            kind = "deed"  # "we bring you sausages … I throw my dagger at him": no offer
        seq: int | None = None
        spoken = kind in SPEAKING or (kind == "ask" and addressee is not None)
        if intent is not None and ((spoken and addressee is not None) or kind == "talk"):
            # the topics the line's clauses ask of the one spoken to ("who is she? tell us
            # about her": the second; "about the chapel and about her": both)
            clauses = (intent, *intent.then)
            topics = list(dict.fromkeys(c.topic for c in clauses if c.topic and addressee
                                        is not None and addressee in c.targets))  # fmt: skip
            event = state.log_event(
                SpeechAct(
                    speaker=action.character_id,
                    addressee=addressee,
                    words=action.text,
                    topic=topics[0] if topics else None,
                    more_topics=topics[1:],
                )
            )
            seq = event.seq
        elif intent is not None and kind == "examine" and intent.target:
            seq = state.log_event(Examination(actor=action.character_id, target=intent.target)).seq
        elif intent is not None and kind == "refuse":
            reason = intent.note or "the world does not allow it"
            violation = ConstraintViolation(
                actor=action.character_id, action=action.text[:120], reason=reason
            )
            seq = state.log_event(violation).seq
        asked = intent is not None and kind == "ask" and bool(intent.alternatives)
        words = _weighed(action.text, intent)
        lines.append(Line(action.character_id, words, addressee, kind, seq, asked))
    return lines


_HANDS = frozenset({Skill.ATHLETICS, Skill.ACROBATICS, Skill.SLEIGHT_OF_HAND, Skill.STEALTH})
"""Skills of the body and the hands: a challenge met with one says nothing to anyone."""


def _handwork(state: GameState, challenge: str | None) -> bool:
    """Whether a challenge is met with the hands or the body alone (a lock picked, a door
    forced, a wall climbed), every way of it: a line that attempts it is a deed, not words
    weighed for what they mean to someone. A persuasion, a prayer, a parley are words."""
    spec = state.campaign.challenges.get(challenge or "") if state.campaign else None
    if spec is None:
        return False
    ways = [(spec.skill, spec.ability, spec.tool)]
    ways += [(w.skill, w.ability, w.tool) for w in spec.alternatives]
    return all(
        tool is not None or skill in _HANDS or (skill is None and ability in _BODY)
        for skill, ability, tool in ways
    )


_BODY = frozenset({Ability.STR, Ability.DEX, Ability.CON})


def _struck_at(state: GameState, intent: Intent, npc: str) -> bool:
    """The line's own deeds strike at the one its words are said to (at him, or at the
    fight he is in): the words are a feint, weighed for nothing."""
    campaign = state.campaign
    table = srd().spells
    for clause in (intent, *intent.then):
        spell = clause.spell or ""
        harming = clause.kind == "cast" and spell in table and table.get(spell).harmful
        if clause.kind != "attack" and not harming:
            continue  # (a healing word for him is no feint)
        for target in clause.targets:
            creature = state.creatures.get(target)
            fight = campaign.encounters.get(target) if campaign is not None else None
            if target == npc or (creature is not None and creature.npc == npc):
                return True
            if fight is not None and any(m.npc == npc for m in fight.monsters):
                return True
    return False


def _weighed(text: str, intent: Intent | None) -> str:
    """The words of a line that are weighed for what they mean to someone: of a line of
    several deeds, those of its words and gestures alone ("we thank him" of "we thank him
    and head back down to the harbour": the going is said to nobody)."""
    if intent is None or not intent.then:
        return text
    said = [c.text for c in (intent, *intent.then) if c.kind in JUDGED_KINDS and c.text]
    return " ".join(said) or text


def _addressee(intent: Intent | None, present: list[str]) -> str | None:
    """Whom a line speaks to: the NPC it names, or the only one here for plain talk."""
    if intent is None:
        return None
    named = next((t for t in intent.targets if t in present), None)
    if named is not None:
        return named
    words = intent.kind == "talk" or intent.note.startswith("here to talk to")
    if words and len(present) == 1:  # words the parser heard as said to someone here
        return present[0]
    return None
