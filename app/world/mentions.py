"""Text that names someone who is never there: a scene's description (or a variant of
it), or a feature's text, that mentions a person of the campaign by name while that
person can never be in the scene. Players read "Berta polishes a tankard" and try to
speak with her — and nobody answers, because the author forgot her in the scene's
``npcs`` (or an ``appears`` entry).

Someone can be in a scene when it lists them in ``npcs``, when an ``appears`` entry names
the scene (whatever its condition: being able to appear is enough), or when they are a foe
of a fight that starts there (the scene's encounter, or one a challenge there starts); a
foe of a fight a trigger or an off-screen change starts may turn up anywhere.

Only proper names count: a match (whole words, any case) must start with a capital
letter in the text, so a person called "Guard" is not named by "guard the door". At the
start of a sentence every word has a capital, so there a name counts only if the
campaign never writes it in lower case ("Guard posts flank the gate" does not name the
Guard of a campaign that speaks of "the guard" elsewhere). A possessive speaks of what is
theirs, not of them being there ("Berta's strongbox", "Grubnak's hall"): it is not counted.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from app.world.references import Problem, effects

if TYPE_CHECKING:
    from app.world.campaign import Campaign

SENTENCE_START = re.compile(r"(?:^|[.!?:;\"“”]|(?:^|\s)['‘])\s*$")
"""What comes before a word that begins a sentence (or a quotation)."""


POSSESSIVE = re.compile(r"['’]s(?!\w)")
"""What follows a name that is a possessive ("Berta's")."""


def scene_texts(campaign: Campaign) -> Iterator[tuple[str, str, str]]:
    """(scene id, key path, text) of everything players read about a scene: its
    description and its variants', and its features' texts and their variants'."""
    for sid, scene in campaign.scenes.items():
        yield sid, f"scenes.{sid}.description", scene.description
        for n, variant in enumerate(scene.variants):
            if variant.description:
                yield sid, f"scenes.{sid}.variants[{n}].description", variant.description
        for fid, feature in scene.features.items():
            yield sid, f"scenes.{sid}.features.{fid}.text", feature.text
            for n, fvariant in enumerate(feature.variants):
                yield sid, f"scenes.{sid}.features.{fid}.variants[{n}].text", fvariant.text


def who_can_be_in(campaign: Campaign) -> tuple[dict[str, set[str]], set[str]]:
    """Scene id -> the people who can be there; and the people who may turn up anywhere
    (foes of a fight a trigger or an off-screen change starts)."""
    here = {sid: set(scene.npcs) for sid, scene in campaign.scenes.items()}
    for nid, npc in campaign.npcs.items():
        for appearance in npc.appears:
            here.setdefault(appearance.scene, set()).add(nid)
    fighters = {eid: {g.npc for g in e.monsters if g.npc} for eid, e in campaign.encounters.items()}
    anywhere: set[str] = set()
    for sid, scene in campaign.scenes.items():
        if scene.encounter:
            here[sid] |= fighters.get(scene.encounter, set())
    for _, sid_or_none, eff in effects(campaign):
        if eff.start_encounter:
            foes = fighters.get(eff.start_encounter, set())
            if sid_or_none is None:
                anywhere |= foes
            else:
                here.setdefault(sid_or_none, set()).update(foes)
    return here, anywhere


def _lower_words(campaign: Campaign) -> str:
    """Every text of the campaign players or the DM read, joined: where a name written in
    lower case shows it is an ordinary word."""
    texts = [text for _, _, text in scene_texts(campaign)]
    texts += [s.notes for s in campaign.scenes.values()]
    for npc in campaign.npcs.values():
        texts += [npc.description, npc.greeting, *(t.text for t in npc.topics.values())]
    texts += [eff.text for _, _, eff in effects(campaign)]
    texts += [e.text for e in campaign.endings] + [i.description for i in campaign.items.values()]
    return "\n".join(texts)


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


def _names_pattern(names: list[str]) -> re.Pattern[str]:
    """One pattern for every name, whole words, any case, longest first ("goblin boss"
    before "goblin")."""
    ordered = sorted(set(names), key=len, reverse=True)
    words = "|".join(r"\s+".join(re.escape(w) for w in name.split()) for name in ordered)
    return re.compile(rf"(?<![\w-])(?:{words})(?![\w-])", re.IGNORECASE)


def proper_mentions(text: str, pattern: re.Pattern[str], ordinary: set[str]) -> Iterator[str]:
    """The names (as keys) ``text`` uses as proper names of someone: a match must start with
    a capital letter, must not be a possessive, and at the start of a sentence must not be a
    word the campaign also writes in lower case (``ordinary``)."""
    for match in pattern.finditer(text):
        found = match.group()
        if not found[0].isupper() or _possessive(text, match.end(), found):
            continue
        key = _key(found)
        if key not in ordinary or not SENTENCE_START.search(text[: match.start()]):
            yield key


def _possessive(text: str, end: int, name: str) -> bool:
    """ "Berta's", or "Jonas'" (a name ending in s) — not "'Hello, Maren' she says"."""
    if POSSESSIVE.match(text, end):
        return True
    plural = name[-1:] in "sS" and text[end : end + 1] in ("'", "’")
    return plural and not text[end + 1 : end + 2].isalnum()


def mention_problems(campaign: Campaign) -> list[Problem]:
    """Every scene or feature text that names a person who can never be in that scene."""
    here, anywhere = who_can_be_in(campaign)
    called: dict[str, list[tuple[str, str]]] = {}  # name key -> (npc id, name as written)
    for nid, npc in campaign.npcs.items():
        for name in (npc.name, *npc.aliases):
            if name.strip() and (nid, name.strip()) not in called.get(_key(name), []):
                called.setdefault(_key(name), []).append((nid, name.strip()))
    if not called:
        return []
    pattern = _names_pattern([name for pairs in called.values() for _, name in pairs])
    ordinary = {_key(m.group()) for m in pattern.finditer(_lower_words(campaign))
                if not m.group()[0].isupper()}  # fmt: skip
    problems: list[Problem] = []
    for sid, where, text in scene_texts(campaign):
        present = here.get(sid, set()) | anywhere
        named: set[str] = set()
        for key in proper_mentions(text, pattern, ordinary):
            for nid, name in called.get(key, []):
                if nid in present or nid in named:
                    continue
                named.add(nid)
                message = (
                    f"names {name} (npcs.{nid}), who is never in this scene: add {nid!r} to "
                    f"scenes.{sid}.npcs or an appears entry to npcs.{nid}, or reword the text"
                )
                problems.append(Problem("absent npc", where, message, subject=f"npc:{nid}"))
    return problems
