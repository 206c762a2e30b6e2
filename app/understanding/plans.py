"""Deeds said for later, not now: a plan tied to what has not happened yet ("if she fails,
I force it", "swing at rat 3. If I kill it, second wind") or put off in so many words
("hide behind the casks, then shoot the awake one next turn", "go back to the cellar
first, then sneak later"). A DM does what is meant now and keeps the rest for when its
time comes; the game does the same, and says so, instead of doing it all at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from app.understanding.clauses import Piece
from app.understanding.intent import Intent
from app.understanding.pieces import NOT_A_DEED
from app.world.state import GameState

_IF_IT_COMES = re.compile(
    r"^\W*(?:and\s+|but\s+|then\s+|so\s+)?(?:if|once|whenever)\s+(?:[\w']+\s+){0,3}?"
    r"(?:fail|fails|failed|die|dies|miss|misses|missed|kill|kills|drop|drops|fall|falls|"
    r"go(?:es)? down|succeed|succeeds|work|works|wake|wakes|run|runs|flee|flees|attack|attacks|"
    r"move|moves|come|comes|hit|hits|break|breaks|survive|survives|open|opens|get up|gets up|"
    r"connect|connects|land|lands|look up|looks up|notice|notices|spot|spots|see us|sees us|"
    r"hear us|hears us|turn round|turns round|turn around|turns around|stir|stirs|shout|"
    r"shouts|raise the alarm|raises the alarm)\b",
    re.IGNORECASE,
)
"""A condition on what has not happened yet ("if she fails", "if I kill it", "once it
drops"): what it leads to waits for it (not "if it's still alive", which is so now)."""
_COMES_TO = (
    ("down", re.compile(r"\b(?:kill|kills|die|dies|drop|drops|fall|falls|go(?:es)? down)\b")),
    ("hit", re.compile(r"\b(?:hit|hits|connect|connects|land|lands)\b")),
    ("miss", re.compile(r"\b(?:miss|misses|missed)\b")),
    ("fail", re.compile(r"\b(?:fail|fails|failed)\b")),
    ("succeed", re.compile(r"\b(?:succeed|succeeds|work|works|open|opens|break|breaks)\b")),
)
"""Conditions this very turn settles, by what settles them: a foe struck down, a blow that
lands or misses, a roll failed or made ("if I kill it, second wind": the Second Wind, once
the rat drops)."""
_PUT_OFF = re.compile(
    r"\b(?:next turn|next round|(?:on|in) (?:my|his|her|our|their) next (?:turn|go|round)|"
    r"later(?: on)?|afterwards|tomorrow|in the morning)\W*$",
    re.IGNORECASE,
)
"""A deed put off in so many words, at the end of its clause ("… next turn", "… later")."""
_NOT_A_DEED = re.compile(r"^\W*(?:see|talk|speak|catch|until|till|i'?ll deal|deal|or)\b", re.I)
"""Words that end "later" without a deed put off ("see you later", "talk later", "… or
I'll gut you later")."""


@dataclass(frozen=True)
class PutOff:
    """A line's clauses for now, and what is kept for later."""

    now: str
    """The clauses to do now, joined as they were said ("" when the whole line waits)."""
    later: str
    """The words kept for later ("if I kill it, second wind")."""
    settled: tuple[tuple[str, str], ...] = ()
    """Deeds on a condition this turn settles, and the condition: (("second wind",
    "down"),) — carried out after what is done now, if it came to pass."""


def put_off(pieces: list[Piece]) -> PutOff | None:
    """The line split into what is for now and what waits; ``None`` when nothing waits.
    A condition waits with the clause after it, its consequence; a clause put off in so
    many words waits when something comes before it."""
    now: list[str] = []
    later: list[str] = []
    settled: list[tuple[str, str]] = []
    consequence = ""
    for at, piece in enumerate(pieces):
        text = piece.text.strip()
        if consequence and now and consequence != "later":
            settled.append((text, consequence))  # "… If I kill it, second wind": on it
            consequence = ""
        elif consequence:
            later[-1] = f"{later[-1]}, {text}"
            consequence = ""
        elif _IF_IT_COMES.match(text) and at + 1 < len(pieces):
            comes = next((kind for kind, words in _COMES_TO if words.search(text)), "later")
            consequence = comes
            if comes == "later" or not now:
                later.append(text)
        elif at > 0 and _PUT_OFF.search(text) and not _NOT_A_DEED.match(text):
            later.append(text)
        else:
            now.append(text)
    if not later and not settled:
        return None
    return PutOff(", ".join(now), "; ".join(later), tuple(settled))


def kept_note(name: str, later: str) -> str:
    """What the player is told of a deed kept for later."""
    said = later.strip(" .,!;")
    return f"{name} keeps “{said}” for later: say it again when the time comes"


def for_now(kept: PutOff, text: str, actor: str | None, read: Callable[[str], Intent],
            name: str) -> Intent:  # fmt: skip
    """The line as what is done now (``read`` from the clauses for now), then the words
    kept for later said plainly — or, when all of it waits, only that."""
    waits = Intent(kind="ask", text=kept.later, actor=actor, action="unable", confidence=0.7,
                   note=kept_note(name, kept.later))  # fmt: skip
    if not kept.now:
        return replace(waits, text=text)
    first = read(kept.now)
    on_it = [replace(add_extra(read(said), f"if_{comes}"), text=said, then=())
             for said, comes in kept.settled]  # fmt: skip
    return replace(first, text=text, then=(*first.then, *on_it, *([waits] if kept.later else [])))


def add_extra(deed: Intent, mark: str) -> Intent:
    """The deed marked (``if_down``: carried out only once its foe has fallen)."""
    return replace(deed, extra=(*deed.extra, mark))


def not_yet(
    state: GameState,
    clause: Intent,
    outcomes: list[tuple[str, dict[str, Any]]],
    earlier: list[Intent],
) -> str:
    """Why a deed kept on a condition this turn settles is not done now ("Giant Rat 3 is
    still standing"), or "" when it came to pass (or the clause has no condition). The
    condition is read from what the speaker's clauses before it did: the foes they were
    aimed at, and their last blow's or roll's result."""
    comes = next((e[3:] for e in clause.extra if e.startswith("if_")), "")
    if not comes:
        return ""
    if comes == "down":
        aimed = [t for i in earlier for t in i.targets if t in state.creatures]
        if any(state.creatures[t].vitals.hp <= 0 for t in aimed):
            return ""
        return f"{state.name_of(aimed[-1])} is still standing" if aimed else "nobody fell"
    if comes in ("hit", "miss"):
        blows = [r for tool, r in outcomes if tool == "attack" and "landed" in r]
        landed = bool(blows) and bool(blows[-1]["landed"])
        if blows and landed == (comes == "hit"):
            return ""
        return "the blow missed" if comes == "hit" else "it did not miss"
    rolled = [r for _, r in outcomes if isinstance(r.get("success"), bool)]
    if rolled and rolled[-1]["success"] == (comes == "succeed"):
        return ""
    return "that did not come to pass"


_IF_DOWN = re.compile(
    r"^(.+?),?\s+(?:and\s+)?if (?:he|she|it|they|that one|the \w+) (?:drops|dies|falls|goes "
    r"down|is down|is dead|die|drop|fall|go down)\s*,?\s*(?:then\s+)?(.+)$",
    re.IGNORECASE,
)
"""A deed, then another only once its foe is down ("magic missile on grubnak, and if he
drops, fire bolt goblin 1")."""


def if_down(text: str, read: Callable[[str], Intent]) -> Intent | None:
    """A deed, then another marked to be done only once the first one's foe is down (kept
    when it still stands: :func:`not_yet`); ``None`` for a line not said so."""
    contingent = _IF_DOWN.match(text)
    if contingent is None:
        return None
    first, then = read(contingent.group(1)), read(contingent.group(2))
    if first.kind in NOT_A_DEED or then.kind in NOT_A_DEED:
        return None
    return replace(first, text=text, then=(*first.then, add_extra(then, "if_down")))


_ON_THE_WAY = re.compile(
    r"\s+(?:while|as) (?:we|i|they|the party) (?:walk|go|travel|head|move|ride|march|wander|"
    r"trudge|are walking|walk along|go along)(?: along| on)?\W*$",
    re.IGNORECASE,
)


def on_the_way(text: str) -> str:
    """The line without a going told as when its deed is done ("I hum a little tune while
    we walk"): that is no going of its own."""
    return _ON_THE_WAY.sub("", text) or text


_THEIR_MOVE = re.compile(
    r"^\W*(?:if|when|once|as soon as)\s+(?!i\b|we\b|i'm\b|im\b|(?:do|does|did|can|could|"
    r"should|shall|will|would|is|are|was|were|am|have|has|had)\b)(?:[\w']+\s+){1,4}?"
    r"(?:comes?|moves?|attacks?|runs?|"
    r"flees?|approach(?:es)?|gets? up|wakes?( up)?|casts?|charges?|goes? for|tries to|steps?|"
    r"closes? in|gets? close|comes? close)\b[^,]*,?\s*\S",
    re.IGNORECASE,
)
"""A foe's move the line waits for, then what it does ("if a rat comes close, I stab it");
never a question put without its mark ("when will he wake up")."""


def as_readied(text: str) -> str | None:
    """In a fight, a deed said for when a foe moves is the Ready action ("if it moves, shoot
    it"): the line as one that readies it, or ``None``. The foe moves, not the speaker ("if I
    cast …" is no wait for anyone)."""
    if text.rstrip().endswith("?"):
        return None  # "if I cast burning hands, will I hit Thorin too?": a question
    return f"I ready my action: {text}" if _THEIR_MOVE.match(text) else None
