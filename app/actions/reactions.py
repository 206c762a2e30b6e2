"""Reaction windows: after a trigger (an attack hits, a creature leaves reach, a spell is
cast, or whatever the DM opens a window on) every creature that may react is asked, once,
with every reaction it has for this moment; "no" answers drop out; each "yes" becomes a
sibling subturn in the turn stack (:mod:`app.world.reactions`) — ``7.1``, ``7.2`` …, or
``7.1.1`` under a subturn being resolved — ordered by timing, then initiative, then
declaration; then the parent action resumes.

Who answers is a :class:`ReactionPolicy`: the TUI and the console ask the players, who may
pick a reaction or say what they do in their own words (the DM adjudicates what the engine
cannot price); monsters, companions and headless play use :class:`AutoPolicy`, which
reacts when it helps.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from app.actions import beings as bg
from app.actions.conduct import may_react
from app.actions.events import ReactionOffer, ReactionWindow
from app.actions.reaction_kinds import KINDS, kind_of
from app.understanding.words import is_yes
from app.world.printable import printable
from app.world.reactions import Subturn, Window
from app.world.state import GameState
from rules.economy import ActionKind
from rules.effects import Effect, blocks_reactions, with_effect
from rules.srd import srd


@dataclass(frozen=True)
class Question:
    """What one creature is asked in a window: every reaction it has for this moment."""

    trigger: str
    reactor_id: str
    reactor_name: str
    options: tuple[tuple[ReactionOffer, bool], ...]
    """Each reaction the engine prices, and whether it would help (Shield turning this hit
    into a miss). Empty in a window the DM opened: the player says what they do."""

    @property
    def helps(self) -> bool:
        """Some option would help."""
        return any(helps for _, helps in self.options)

    @property
    def labels(self) -> list[str]:
        """The options as choices for the player: ``Cast Shield``, ``Use Uncanny Dodge``."""
        return [option_label(o.kind) for o, _ in self.options]

    @property
    def prompt(self) -> str:
        """The question in words: the one option's own prompt, or the choice of several."""
        if len(self.options) == 1:
            return self.options[0][0].prompt
        if not self.options:
            return f"{self.reactor_name}, {self.trigger}. Do you react? Say what you do."
        choices = " or ".join(kind_of(o.kind).taken for o, _ in self.options)
        return f"{self.reactor_name}, {self.trigger}. React? ({choices})"


@dataclass(frozen=True)
class Declaration:
    """An answer: the kind of reaction taken (``None``: no reaction), and the player's own
    words when they said something the engine does not price (kind ``declared``)."""

    kind: str | None
    text: str = ""


PASS = Declaration(None)

_NO = re.compile(
    r"^\s*(?:n|no+|nope|nah|non|nein|pass|skip|none|nothing|not now|no reaction|"
    r"don'?t|do not|i don'?t|i pass|i hold|hold|wait|not yet)\b",
    re.IGNORECASE,
)


_ASKED = re.compile(
    r"\?\s*$|^\s*(?:what|whats|what's|wat|how|which|who|huh|eh|explain|help|meaning)\b",
    re.IGNORECASE,
)
"""An answer that asks instead ("what is hellish rebuke??", "huh"): never a yes."""
_WHY_NOT = re.compile(r"^\s*why not\b", re.IGNORECASE)
"""A yes put as a question."""


_PLACES = {
    word: n
    for n, forms in enumerate((("one", "first", "1st"), ("two", "second", "2nd"),
                               ("three", "third", "3rd"), ("four", "fourth", "4th"),
                               ("five", "fifth", "5th")), start=1)
    for word in forms
}  # fmt: skip
_PLACE = re.compile(r"^\W*(?:the\s+|option\s+|number\s+)?(\w+?)(?:\s+(?:one|option))?\W*$")


def option_picked(text: str) -> int | None:
    """The place, counted from 1, of an offered option a short answer picks ("2", "the
    second one", "option 2", "number two"); ``None`` for any other answer. Read alike for
    a reaction offered and a "Did you mean …?" asked back."""
    found = _PLACE.match(" ".join(text.lower().split()))
    word = found.group(1) if found is not None else ""
    if word.isdecimal():
        return int(word) if len(word) <= 3 else None
    return _PLACES.get(word)


_PASSED = re.compile(r"^\s*/(?:pass|end|skip|no|none)\s*$", re.IGNORECASE)
"""A command to pass typed at a reaction question: no reaction, not a turn ended later."""


def passed(answer: str) -> bool:
    """The answer is ``/pass`` (or ``/end``, ``/skip``): at the question it can only mean no
    reaction — held for after it, it would end whichever turn came next."""
    return _PASSED.match(answer) is not None


def asked_back(answer: str) -> bool:
    """The player asked something instead of answering ("what does shield do?")."""
    said = answer.strip()
    asked = bool(said) and _ASKED.search(said) is not None
    return asked and not is_yes(said) and not _WHY_NOT.match(said)


def addressed(state: GameState, question: Question, answer: str) -> tuple[str | None, str]:
    """Whom an answer typed at a reaction question is for, from a leading ``Name:``.

    A line that names another of the party (or another player at the table) was typed
    ahead for later — "Mira: I ready my shortbow" while Aria is asked about a Shield — and
    is no reaction of the one asked: that name is returned, for the line to wait until the
    question is answered. The one asked may name themself ("Aria: shield!"): the answer is
    returned without the name. Anything else is the answer as typed."""
    name, sep, rest = answer.partition(":")
    key = name.strip().lower()
    if not sep or not key:
        return None, answer
    reactor = state.party.get(question.reactor_id)
    own = {question.reactor_id.lower(), question.reactor_name.lower()}
    own |= {reactor.name.lower()} if reactor is not None else set()
    owner = state.controller_of(question.reactor_id)
    if key in own or (owner is not None and key == owner.lower()):
        return None, rest.strip()
    for cid, sheet in state.party.items():
        if key in (cid.lower(), sheet.name.lower()):
            return sheet.name, answer
    for player in state.players:
        if key == player.lower():
            return player, answer
    return None, answer


def explained(question: Question) -> str:
    """What each offered reaction does, for a player who asked before answering."""
    told = [f"{option_label(o.kind)}: {kind_of(o.kind).meaning}." for o, _ in question.options]
    choose = "Pick one, say what you do" if told else "Say what you do"
    return " ".join([*told, f"{choose}, or answer no for no reaction."])


def read_declaration(text: str, options: tuple[tuple[ReactionOffer, bool], ...]) -> Declaration:
    """What a player's answer means: nothing or "no" passes; "yes" (or the option's number)
    takes the one option offered (the first that helps, of several); words that name an
    option take it ("I cast Shield", "rebuke him"); anything else is declared in the
    player's own words, for the DM to adjudicate — without escapes or control characters,
    as a typed line is kept (the words reach the log and the save)."""
    said = " ".join(printable(text).split())[:500]
    if not said or _NO.match(said) or asked_back(said):
        return PASS  # (a question answered nothing: nothing is spent on it)
    kinds = [o.kind for o, _ in options]
    if is_yes(said) or _WHY_NOT.match(said):
        helping = [o.kind for o, helps in options if helps]
        return Declaration((helping or kinds)[0]) if kinds else PASS
    picked = option_picked(said)  # "the first one", "option 2"
    said = str(picked) if picked is not None else said
    if said.isdecimal():  # (a number past any option, however long, is none of them)
        number = int(said) if len(said) <= 3 else 0
        return Declaration(kinds[number - 1]) if 1 <= number <= len(kinds) else PASS
    # a reaction's word as a thing someone has ("behind Thorin's shield", "my shield") is
    # no reaction named: the player's own words, for the DM
    words = set(re.findall(r"[a-z]+", _A_THING_OF.sub(" ", said.lower())))
    for kind in kinds:
        if words & set(KINDS[kind].words if kind in KINDS else ()):
            return Declaration(kind, said)
    return Declaration("declared", said)


_A_THING_OF = re.compile(
    r"\b(?:[a-z]+'s|my|his|her|their|your|our|behind|under)\s+(?:[a-z']+\s+)?[a-z]+"
)
"""A word said as a thing owned or placed ("Thorin's shield", "behind the shield")."""


class ReactionPolicy(Protocol):
    """Decides what a creature does with an offered reaction."""

    def declare(self, state: GameState, question: Question) -> Declaration:
        """The creature's answer to ``question``."""
        ...


class AutoPolicy:
    """Reacts whenever it helps: Shield only if it turns the hit into a miss, every
    opportunity attack, Uncanny Dodge on every hit."""

    def declare(self, state: GameState, question: Question) -> Declaration:
        helping = [o.kind for o, helps in question.options if helps]
        return Declaration(helping[0]) if helping else PASS


def option_label(kind: str) -> str:
    """A reaction as a choice for the player: ``casts Shield`` → ``Cast Shield``."""
    verb, _, rest = kind_of(kind).taken.partition(" ")
    return f"{verb.removesuffix('s').capitalize()} {rest}".strip()


class AskPolicy(AutoPolicy):
    """Asks a player about their own characters' reactions; monsters and companions decide
    automatically. ``ask(player, prompt, helps)`` puts the question to ``player`` (the
    console reads a line, the full-screen game shows a dialog) and returns the answer:
    ``True``/``False`` for yes/no, or the player's words (read by :func:`read_declaration`).
    With ``choices=True`` it is called as ``ask(player, question)`` with the whole
    :class:`Question`, so the player can pick an option by number or button (its
    ``labels``) or say what they do; no options is a window the DM opened."""

    def __init__(self, ask: Callable[..., bool | str], *, choices: bool = False) -> None:
        self.ask = ask
        self.choices = choices

    def declare(self, state: GameState, question: Question) -> Declaration:
        reactor = question.reactor_id
        player = state.controller_of(reactor) if reactor in state.party else None
        if not player:
            return super().declare(state, question)
        if self.choices:
            answer = self.ask(player, question)
        else:
            answer = self.ask(player, question.prompt, question.helps)
        if isinstance(answer, str):
            return read_declaration(answer, question.options)
        if not answer or not question.options:
            return PASS
        helping = [o.kind for o, helps in question.options if helps]
        return Declaration((helping or [question.options[0][0].kind])[0])


def _policy(state: GameState) -> ReactionPolicy:
    policy = state.reaction_policy
    return policy if policy is not None else AutoPolicy()


def has_reaction(state: GameState, cid: str) -> bool:
    """In the fight, able to act (not incapacitated, not surrendered or fled), not barred
    from reacting by an effect, and its reaction not yet spent this round."""
    if state.encounter is None or not may_react(state, cid):
        return False
    if blocks_reactions(bg.effects_of(state, cid)):
        return False  # surprised, or a Shocking Grasp
    return bg.economy_of(state, cid).available(ActionKind.REACTION)


SHIELD_AC = 5
"""What the Shield spell adds to armour class."""


def shield_slot(state: GameState, cid: str) -> int | None:
    """The lowest slot a character could spend on Shield, if it knows the spell and has no
    Shield up already."""
    sheet = state.party.get(cid)
    if sheet is None or "shield" not in sheet.spells or shielded(state, cid):
        return None
    return next((lv for lv in range(1, 10) if sheet.spell_slots.remaining(lv) > 0), None)


def shielded(state: GameState, cid: str) -> bool:
    """Whether the Shield spell is up on ``cid``."""
    return any(e.id == "shield" for e in bg.effects_of(state, cid))


def raise_shield(state: GameState, cid: str) -> None:
    """``cid`` casts Shield as its reaction (already spent): the lowest slot goes, and it
    has +5 AC (and takes no damage from Magic Missile) until the start of its next turn."""
    slot = shield_slot(state, cid)
    sheet = state.party[cid]
    assert slot is not None
    sheet.spell_slots.spend(slot)
    shield_up(state, cid)


def shield_up(state: GameState, cid: str) -> None:
    """+5 AC (and no damage from Magic Missile) on ``cid`` until the start of its next turn:
    the Shield spell's effect, its slot already spent."""
    sheet = state.party[cid]
    effects = bg.effects_of(state, cid)
    effects[:] = with_effect(
        effects,
        Effect(id="shield", name="Shielded", source=cid, ac_bonus=SHIELD_AC,
               ends="start_of_own_turn", rounds=1, note="no damage from Magic Missile"),
    )  # fmt: skip
    state.record("condition", f"{sheet.name} casts Shield (+5 AC until their next turn)", who=cid)


def open_window(
    state: GameState,
    trigger: str,
    offers: list[tuple[ReactionOffer, bool]],
    *,
    by_dm: bool = False,
    reactors: Sequence[str] = (),
    policy: ReactionPolicy | None = None,
) -> tuple[ReactionWindow, list[ReactionOffer]]:
    """Ask every creature with an offer (in initiative order, each once, with all its
    options) and queue the reactions taken as subturns of whatever is being resolved.

    Returns the window event and the accepted offers, in the order they resolve, each with
    its subturn id; the caller resolves the priced ones (inside :func:`resolving`, so a
    window they open nests under them). An answer in the player's own words becomes a
    ``declared`` subturn left pending for the DM. A reaction is spent when it is declared.
    ``reactors`` are asked too with no priced option (a window the DM opened: they say
    what they do); ``policy`` answers instead of the game's (the DM declaring for its own
    creatures).
    """
    queue = state.reactions
    queue.start(state.turn)
    parent = queue.parent()
    window = Window(parent=parent, trigger=trigger, by_dm=by_dm)
    queue.windows.append(window)
    encounter = state.encounter
    rank = {c.id: i for i, c in enumerate(encounter.order)} if encounter else {}
    asked = [*(o.reactor_id for o, _ in offers), *reactors]
    first = {cid: i for i, cid in reversed(list(enumerate(asked)))}
    ordered = sorted(first, key=lambda cid: (rank.get(cid, len(rank)), first[cid]))
    policy = policy or _policy(state)
    decided: list[ReactionOffer] = []
    taken: list[tuple[tuple[int, int, int], ReactionOffer]] = []
    for cid in ordered:
        options = tuple((o, helps) for o, helps in offers if o.reactor_id == cid)
        if not has_reaction(state, cid):
            continue  # incapacitated, or spent earlier in this turn
        window.asking = state.name_of(cid)
        answer = policy.declare(state, Question(trigger, cid, state.name_of(cid), options))
        chosen = next((o for o, _ in options if o.kind == answer.kind), None)
        if answer.kind == "declared" or (chosen is None and answer.kind is not None):
            chosen = ReactionOffer(
                reactor_id=cid, reactor_name=state.name_of(cid), kind="declared",
                prompt=options[0][0].prompt if options else trigger,
                declared=answer.text or answer.kind or "",
            )  # fmt: skip
        for offer, _ in options:
            if offer is not chosen:
                decided.append(offer)
        if chosen is None:
            continue
        bg.economy_of(state, cid).spend(ActionKind.REACTION)
        order = (kind_of(chosen.kind).rank, rank.get(cid, len(rank)), len(taken))
        taken.append((order, chosen))
    window.asking = ""
    accepted: list[ReactionOffer] = []
    for _, offer in sorted(taken, key=lambda pair: pair[0]):
        sid = queue.next_id(parent)
        done = offer.model_copy(update={"accepted": True, "subturn": sid})
        queue.subturns.append(
            Subturn(
                id=sid, reactor_id=offer.reactor_id, reactor_name=offer.reactor_name,
                kind=offer.kind, declared=offer.declared or kind_of(offer.kind).taken,
                trigger=trigger[:300], by_dm=by_dm,
            )
        )  # fmt: skip
        accepted.append(done)
        decided.append(done)
    window.open = False
    return ReactionWindow(trigger=trigger, offers=decided, parent=parent), accepted


@contextmanager
def resolving(state: GameState, subturn: str | None) -> Iterator[None]:
    """Resolve a queued subturn: a window opened meanwhile nests under it (``7.1.1``), and
    it is done when the block ends. A ``None`` id (nothing was queued) just runs the block."""
    queue = state.reactions
    entry = queue.get(subturn) if subturn else None
    if entry is None:
        yield
        return
    entry.status = "resolving"
    queue.resolving.append(entry.id)
    try:
        yield
    finally:
        if entry.id in queue.resolving:
            queue.resolving.remove(entry.id)
        if entry.status == "resolving":
            entry.status = "done"


def melee_reach(state: GameState, cid: str) -> bool:
    """Whether a creature can make an opportunity attack (it has a melee attack)."""
    if cid in state.party:
        return any(srd().weapons.get(w).kind == "melee" for w in state.party[cid].weapons)
    creature = state.creatures[cid]
    if creature.monster is None:
        return False
    block = state.monster(creature.monster)
    return any(a.kind in ("melee", "melee_or_ranged") and a.damage for a in block.actions)
