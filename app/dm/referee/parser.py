"""Free player text -> an intent: what the player wants to do, and to what.

Verbs and their synonyms pick the kind of action; names the scene offers (features, exits,
people, items, creatures, authored challenges) are matched loosely — whole phrases first,
then single words, forgiving small typos."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Literal

from app.world.campaign import Campaign
from app.world.state import GameState
from rules.damage import LifeState

Kind = Literal[
    "attack", "cast", "challenge", "done", "go", "talk", "take", "use", "look", "rest", "unknown"
]

VERBS: dict[Kind, tuple[str, ...]] = {
    "cast": ("cast", "conjure", "invoke", "channel"),
    "attack": ("attack", "hit", "strike", "stab", "slash", "shoot", "fire at", "charge", "fight",
               "kill", "swing at", "smite", "punch", "bash"),
    "go": ("go", "enter", "walk", "head", "climb", "descend", "leave", "exit", "return", "follow",
           "run", "move", "step", "crawl", "travel", "go back", "back to"),
    "talk": ("talk", "ask", "say", "speak", "greet", "tell", "chat", "question", "call to",
             "shout", "whisper", "thank"),
    "take": ("take", "grab", "pick up", "collect", "loot", "pocket", "get the", "steal"),
    "use": ("drink", "quaff", "use", "eat", "apply", "swallow", "sip"),
    "look": ("look", "examine", "inspect", "search", "study", "check", "investigate", "read",
             "observe", "peer", "listen", "explore", "survey", "watch"),
    "rest": ("rest", "sleep", "camp", "catch my breath", "catch our breath", "wait"),
}  # fmt: skip


@dataclass
class Intent:
    """What one action line means."""

    kind: Kind
    text: str
    target: str | None = None
    """The matched thing's id (feature, exit scene, npc, item, creature, challenge)."""
    topic: str | None = None
    candidates: list[str] = field(default_factory=list)


_STOP = frozenset({"with", "into", "from", "your", "this", "that", "them", "then", "there"})
"""Words too common to identify anything on their own."""


def normalise(text: str) -> str:
    """Lowercase words, punctuation gone."""
    return " ".join(re.sub(r"[^\w\s'-]", " ", text.lower()).split())


def _has_phrase(text: str, phrase: str) -> bool:
    return re.search(rf"(^|\s){re.escape(phrase)}($|\s)", text) is not None


def _verb(text: str) -> Kind | None:
    best: tuple[int, Kind] | None = None
    for kind, verbs in VERBS.items():
        for verb in verbs:
            m = re.search(rf"(^|\s){re.escape(verb)}(s|es)?($|\s)", text)  # "casts", "goes"
            if m and (best is None or m.start() < best[0]):
                best = (m.start(), kind)
    return best[1] if best else None


def score(text: str, names: list[str]) -> float:
    """How well the text names something: 1 for a whole phrase, less for fuzzy words."""
    words = text.split()
    top = 0.0
    for raw in names:
        name = normalise(raw)
        if not name:
            continue
        if _has_phrase(text, name):
            top = max(top, 1.0 + len(name) / 100)
            continue
        parts = [p for p in name.split() if len(p) > 3 and p not in _STOP]
        for part in parts:
            for word in words:
                ratio = difflib.SequenceMatcher(None, word, part).ratio()
                if ratio >= 0.84:
                    top = max(top, 0.5 + ratio / 4)
    return top


def _best(text: str, options: dict[str, list[str]]) -> str | None:
    scored = [(score(text, names), key) for key, names in options.items()]
    scored = [(s, k) for s, k in scored if s > 0]
    return max(scored)[1] if scored else None


def open_challenges(state: GameState, campaign: Campaign) -> list[str]:
    """Challenges of the current scene a player may still provoke. Follow-ups (the needle
    after a failed lock) come through their chain, never by asking for them."""
    follow_ups = {
        eff.next for c in campaign.challenges.values() for eff in (c.success, c.failure) if eff.next
    }
    return [
        cid
        for cid, c in campaign.challenges.items()
        if c.scene == state.scene.id
        and cid not in follow_ups
        and state.challenges.get(cid) != "passed"
        and not (state.challenges.get(cid) == "failed" and not c.retry)
    ]


def parse_intent(text: str, state: GameState, campaign: Campaign | None) -> Intent:
    """Read one action line in the current scene."""
    said = normalise(text)
    verb = _verb(said)
    foes = {
        cid: [c.name, c.monster or "", *(c.name.split())]
        for cid, c in state.creatures.items()
        if c.vitals.state is not LifeState.DEAD
    }
    if verb == "cast":
        return Intent("cast", text, _best(said, foes))
    if verb == "attack" or (state.encounter is not None and verb is None and _best(said, foes)):
        return Intent("attack", text, _best(said, foes))
    if campaign is None:
        return Intent(verb or "unknown", text)
    scene = campaign.scenes.get(state.scene.id)
    if scene is None:
        return Intent("unknown", text)
    challenges = {
        cid: list(campaign.challenges[cid].provoked_by) for cid in open_challenges(state, campaign)
    }
    exits = {
        e.to: [e.name, *e.aliases, campaign.scenes[e.to].name if e.to in campaign.scenes else ""]
        for e in scene.exits
    }
    npcs = {n: [campaign.npcs[n].name, *campaign.npcs[n].aliases] for n in scene.npcs}
    features = {f: [spec.name, *spec.aliases] for f, spec in scene.features.items()}
    items = {
        i: [campaign.items[i].name, *campaign.items[i].aliases]
        for i in scene.items
        if not state.has_item(i) and i in campaign.items
    }
    carried = {
        i: [spec.name, *spec.aliases]
        for i, spec in campaign.items.items()
        if state.has_item(i) and spec.heals
    }
    hits = {cid: s for cid in challenges if (s := score(said, challenges[cid])) >= 1.0}
    # A phrase of several words ("pick the lock") is the strongest sign of intent; a plain
    # verb aimed at something the scene offers ("go through the hide curtain") comes next,
    # and only then a one-word challenge phrase ("hide").
    strong = {
        cid: s
        for cid, s in hits.items()
        if any(len(p.split()) > 1 and _has_phrase(said, normalise(p)) for p in challenges[cid])
    }
    if strong:
        return Intent("challenge", text, max(strong, key=lambda c: strong[c]))
    aimed: dict[str, dict[str, list[str]]] = {"go": exits, "take": items, "use": carried}
    if verb in aimed and (target := _best(said, aimed[verb])) is not None:
        return Intent(verb, text, target)
    if hits:
        return Intent("challenge", text, max(hits, key=lambda c: hits[c]))
    for cid, spec in campaign.challenges.items():
        done = spec.scene == state.scene.id and cid in state.challenges
        if done and score(said, list(spec.provoked_by)) >= 1.0:
            return Intent("done", text, cid)
    if verb == "talk" or (verb is None and _best(said, npcs)):
        npc = _best(said, npcs)
        topic = None
        if npc:
            topics = campaign.npcs[npc].topics
            topic = next((t for t in topics if _has_phrase(said, t) or t in said), None)
        return Intent("talk", text, npc, topic)
    if verb == "go":
        return Intent("go", text, _best(said, exits))
    if verb == "take":
        return Intent("take", text, _best(said, items))
    if verb == "use":
        return Intent("use", text, _best(said, carried))
    if verb == "rest":
        return Intent("rest", text)
    if verb == "look":
        return Intent("look", text, _best(said, features))
    # No verb we know: fuzzy challenge phrases, then a name the scene offers.
    fuzzy = {cid: s for cid in challenges if (s := score(said, challenges[cid])) > 0.7}
    if fuzzy:
        return Intent("challenge", text, max(fuzzy, key=lambda c: fuzzy[c]))
    if (feature := _best(said, features)) is not None:
        return Intent("look", text, feature)
    if (way := _best(said, exits)) is not None:
        return Intent("go", text, way)
    return Intent("unknown", text)
