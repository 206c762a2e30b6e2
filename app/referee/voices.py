"""What people of the story say when they cannot, or will not, answer: the campaign's own
``unknown`` lines for them, else a line made from their attitude — chosen by the words said,
never by the game's dice, so the same question gets the same answer.

Shared by the talk a person is spoken to (:mod:`.talking`) and the questions put to the
table that the game cannot answer (:mod:`.unknowing`), where someone standing by answers in
their own voice.
"""

from __future__ import annotations

import re
import zlib

from app.world import view
from app.world.npcspec import NPCSpec
from app.world.pronouns import possessive, pronoun_of
from app.world.state import GameState

SHRUGS = {
    "friendly": (
        "'Ha — ask me that another time,' says {name}. 'There are worse worries tonight.'",
        "{name} smiles, a little distracted. 'Oh, that's a long story, and not for now.'",
        "{name} thinks about it, then shakes {their} head. 'Sorry, I can't help you there.'",
    ),
    "indifferent": (
        "{name} shrugs. 'Not something I'll get into.'",
        "{name} shrugs. 'Can't help you there.'",
        "{name} shakes {their} head. 'Couldn't tell you.'",
    ),
    "hostile": (
        "'And why would I tell you?' {name} snaps.",
        "{name} only glares at you.",
        "'Mind your own business,' says {name}.",
    ),
}
"""What a person says to a question their topics do not cover, by attitude, when the
campaign wrote nothing of its own for them."""
THEIR = {"he": "his", "she": "her", "they": "their", "it": "its"}
WELL = {
    "friendly": ("'I'll live,' says {name}. 'Better now you're here.'",
                 "{name} manages a smile. 'I'm all right. Thank you for asking.'"),
    "indifferent": ("'Well enough,' says {name}.", "{name} shrugs. 'I'm fine.'"),
    "hostile": ("'What's it to you?' says {name}.", "{name} does not answer that."),
}  # fmt: skip
"""What a person says when asked how they are, by attitude."""


def pick(options: tuple[str, ...], text: str) -> str:
    """One of the options, chosen by the words (the same words, the same choice)."""
    return options[zlib.crc32(text.encode("utf-8")) % len(options)]


def off_topic(npc: NPCSpec, text: str) -> str:
    """A person's answer to what their topics do not cover, in their own voice."""
    own = (npc.unknown,) if isinstance(npc.unknown, str) else tuple(npc.unknown)
    own = tuple(line for line in own if line.strip())
    if own:
        return pick(own, text)
    their = THEIR[npc.pronoun or "they"]
    return pick(SHRUGS[npc.attitude], text).format(name=npc.name, their=their)


SNARLS = (("snarls", "snarl"), ("hisses", "hiss"), ("growls", "growl"))
"""What a foe without a language does when spoken to."""


def foes_reply(state: GameState, text: str) -> str | None:
    """How the foes of a fight answer words said to them: a beast only snarls, hisses or
    growls (it has no language); a foe that speaks jeers back in its own tongue. ``None``
    out of a fight, or with no foe standing to hear."""
    foes = [
        c for c in state.creatures.values()
        if c.hostile and c.vitals.hp > 0 and not c.left and c.npc is None
        and c.stands_in(state.scene.id)
        and (state.encounter is None or any(o.id == c.id for o in state.encounter.order))
    ]  # fmt: skip
    if state.encounter is None or not foes:
        return None
    foe = foes[0]
    block = state.monster(foe.monster) if foe.monster else None
    kind = re.sub(r"\s+\d+$", "", foe.name)
    many = len({re.sub(r"\s+\d+$", "", f.name) for f in foes}) == 1 and len(foes) > 1
    who = f"The {kind.lower()}s" if many else foe.name
    if block is None or not block.languages:
        one, several = SNARLS[zlib.crc32(text.encode("utf-8")) % len(SNARLS)]
        if many:
            return f"{who} only {several}: they understand no words."
        one_of = pronoun_of(state, foe.id)
        knows = "they understand" if one_of == "they" else f"{one_of} understands"
        return f"{who} only {one}: {knows} no words."
    tongue = block.languages[0]
    whose = "their" if many else possessive(state, foe.id)
    return (f"{who} jeer{'' if many else 's'} back in {tongue} and keep{'' if many else 's'} "
            f"coming. Words alone will not end this fight; a threat might (try demanding "
            f"{whose} surrender).")  # fmt: skip


def waiting_foes_reply(state: GameState, text: str) -> str | None:
    """How foes the scene's words show, whose fight has not started, answer words said to
    them ("Surrender or die!" to the goblins dicing in the tunnel): they hear, and answer
    as foes do, in their own tongue or with a snarl. ``None`` in a fight, or with no such
    foes here."""
    campaign = state.campaign
    waiting = view.waiting_fights(state)
    if campaign is None or not waiting:
        return None
    shown = view.scene_description(state, campaign).lower()
    groups = [g for e in waiting for g in campaign.encounters[e].monsters]
    for group in groups:
        block = state.monster(group.monster)
        if group.npc or block is None or block.name.lower() not in shown:
            continue  # a person of the story answers for themself; an unseen foe cannot
        many = group.count > 1
        who = f"The {block.name.lower()}{'s' if many else ''}"
        if not block.languages:
            one, several = SNARLS[zlib.crc32(text.encode("utf-8")) % len(SNARLS)]
            return f"{who} only {several if many else one}, watching you: no words reach them."
        tongue = next((t for t in block.languages if t != "Common"), block.languages[0])
        return (f"{who} look{'' if many else 's'} up sharply and answer{'' if many else 's'} "
                f"in {tongue}, hand{'s' if many else ''} going to "
                f"{'their' if many else 'its'} weapons: they are not here to talk.")  # fmt: skip
    return None
