"""The campaign as the LLM DM is told it on every call, in few tokens, read from the same
readers the players' screens use (:mod:`app.world.view`, :mod:`app.world.journal`).

- :func:`adventure` — the quest (the campaign's summary), its reward and its tone;
- :func:`scene_block` — where the party is and what the players can see there: the
  read-aloud text as it stands, the ways out, the things to examine, the items lying about;
- :func:`secrets` — the DM-only part: what examining a feature can reveal that the players
  have not learnt yet, and the story flags;
- :func:`journal_summary` — the story so far as the journal tells it (goals, deeds done,
  setbacks, what the players know, people met, places been), so the quest survives a long
  fight that floods any "last few turns" summary;
- :func:`looked_at` — the authored text of what the players' actions this turn are about
  (a feature they examine, a person they turn to, an item they handle), so the DM narrates
  the campaign's own words instead of inventing.

Everything is bounded (a long game adds nothing per turn here) and empty parts are left out.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.understanding import Intent
from app.world import view
from app.world.campaign import Campaign
from app.world.journal import goals, npcs_met
from app.world.state import GameState

MOST_FACTS = 10
"""Facts the players know, sent at most (the newest)."""
MOST_DEEDS = 8
"""Deeds done and setbacks sent at most (the newest)."""
MOST_PEOPLE = 8
"""People met sent at most (the latest met)."""
MOST_PLACES = 8
"""Places been sent at most (the latest)."""
MOST_FLAGS = 24
"""Story flags sent at most (the latest set)."""
EARLIER_LINES = 1
"""Lines of the rolling summary of turns sent besides the journal (the newest): the turn
just before the window of recent turns."""
TEXT_CAP = 300
"""Characters of one authored text (a feature, a person, an item) that are sent."""


def clip(text: str, cap: int) -> str:
    """``text`` on one line, cut to ``cap`` characters with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= cap else text[: cap - 1].rstrip() + "…"


def adventure(state: GameState) -> str:
    """``Adventure: The Cellar… Quest: … Reward: … Tone: …`` (empty without a campaign)."""
    campaign = state.campaign
    if campaign is None:
        return ""
    meta = campaign.campaign
    parts = [f"Adventure: {meta.title}."]
    for label, text in (("Quest", meta.summary), ("Reward", meta.reward), ("Tone", meta.tone)):
        if text.strip():
            parts.append(f"{label}: {clip(text, TEXT_CAP)}")
    return " ".join(parts)


def _exit(way: view.ExitView) -> str:
    if way.hidden:
        return f"{way.to} ({way.name}, hidden and shut: do not mention it until it opens)"
    shut = "" if way.open else f", shut: {way.locked_text}"
    return f"{way.to} ({way.name}{shut})"


def _named(pairs: Iterable[tuple[str, str]]) -> str:
    """``casks, loose flagstone (flagstone)`` — a name, and its id where it differs."""
    return ", ".join(name if name == key else f"{name} ({key})" for key, name in pairs)


def scene_block(state: GameState) -> str:
    """Where the party is and what the players can see there, as things stand now: sent
    every call, so the DM never describes a lock that has been picked."""
    scene, campaign = state.scene, state.campaign
    lines = [f"Current scene: {scene.name} ({scene.id})."]
    description = view.scene_description(state, campaign)
    if description:
        lines[0] += f" The players see: {description}"
    if campaign is not None:
        ways = ", ".join(_exit(w) for w in view.exits_here(state, campaign, secret=True))
    else:
        ways = ", ".join(scene.exits)
    lines.append(f"Exits (ids for move_scene): {ways or 'none'}")
    features = view.features_here(state, campaign)
    if features:
        lines.append("To examine: " + _named((k, f.name) for k, f in features.items()))
    if campaign is not None:
        lying = view.items_here(state, campaign)
        if lying:
            lines.append("Lying here: " + _named((i, campaign.items[i].name) for i in lying))
    return "\n".join(lines)


def _reveals(state: GameState) -> list[str]:
    """What examining a feature here can teach the players that they do not know yet."""
    known = set(state.facts)
    found = []
    for fid, feature in view.features_here(state, state.campaign).items():
        if feature.reveal and feature.reveal not in known:
            found.append(f"{fid}: {clip(feature.reveal, TEXT_CAP)}")
    return found


def secrets(state: GameState) -> str:
    """The DM-only part of the scene besides the author's notes: reveals not yet earned
    and the story flags (both secret until the players find them out)."""
    lines = []
    reveals = _reveals(state)
    if reveals:
        lines.append(
            "DM-only, examining can reveal (call reveal with this text once they earn it): "
            + "; ".join(reveals)
        )
    if state.flags:
        shown = list(state.flags.items())[-MOST_FLAGS:]
        values = ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                           for k, v in shown)  # fmt: skip
        lines.append(f"DM-only story flags: {values}")
    return "\n".join(lines)


def _latest(items: Iterable[str], most: int) -> list[str]:
    return list(items)[-most:]


def journal_summary(state: GameState) -> str:
    """The story so far, as the party's journal tells it, in a few short lines."""
    campaign = state.campaign
    story = goals(state, campaign)
    lines = ["Story so far (the party's journal):"]
    if story.hook:
        lines.append(f"Quest: {clip(story.hook, TEXT_CAP)}")
    if story.done:
        lines.append("Done: " + "; ".join(_latest(story.done, MOST_DEEDS)))
    if story.setbacks:
        lines.append("Setbacks: " + "; ".join(_latest(story.setbacks, MOST_DEEDS)))
    if story.ending:
        lines.append(f"The story has ended: {story.ending}")
    facts = list(dict.fromkeys(" ".join(f.split()) for f in state.facts))
    if facts:
        known = (clip(f, 200) for f in _latest(facts, MOST_FACTS))
        lines.append("The players know: " + " | ".join(known))
    met = npcs_met(state, campaign)[-MOST_PEOPLE:]
    if met:
        people = []
        for person in met:
            fate = f", {person.fate}" if person.fate else ""
            where = f", met at {person.where}" if person.where else ", met in a fight"
            people.append(f"{person.name} ({person.attitude}{fate}{where})")
        lines.append("People met: " + "; ".join(people))
    places = list(dict.fromkeys(state.visited))
    if places[-1:] != [state.scene.id]:
        places.append(state.scene.id)
    names = [state.scenes[p].name if p in state.scenes else p for p in places[-MOST_PLACES:-1]]
    been = f"Been to: {', '.join(names)}; now" if names else "Now"
    lines.append(f"{been} at {state.scene.name}.")
    earlier = [line for line in state.summary.splitlines() if line][-EARLIER_LINES:]
    if earlier:
        lines.append("Lately: " + " | ".join(clip(line, 200) for line in earlier))
    return "\n".join(lines)


def _about(state: GameState, campaign: Campaign | None, target: str) -> str:
    """The authored text the players see of one thing they acted on, or empty."""
    features = view.features_here(state, campaign)
    if target in features:
        feature = features[target]
        return f"{feature.name} ({target}): {clip(feature.text, TEXT_CAP)}"
    if campaign is None:
        return ""
    if target in campaign.npcs and target in view.npcs_here(state, campaign):
        person = view.npc_view(state, campaign, target)
        if person.description:
            return f"{person.name} ({target}): {clip(person.description, TEXT_CAP)}"
    if target in campaign.items and campaign.items[target].description:
        item = campaign.items[target]
        return f"{item.name} ({target}): {clip(item.description, TEXT_CAP)}"
    return ""


def looked_at(state: GameState, intents: Iterable[Intent]) -> str:
    """``What the players look at or act on (the campaign's own words — narrate from
    these): casks (casks): Good ale, most of it…`` — one entry per thing, empty if none."""
    campaign = state.campaign
    seen: dict[str, str] = {}
    for intent in intents:
        for part in (intent, *intent.then):
            for target in part.targets:
                if target not in seen:
                    seen[target] = _about(state, campaign, target)
    found = [text for text in seen.values() if text]
    if not found:
        return ""
    return (
        "What the players look at or act on (the campaign's own words; narrate from these):\n"
        + "\n".join(f"- {text}" for text in found)
    )
