"""A person of the story called by name who is not here ("Maelis, will you come home and
rest?" in the belfry, "Nessa, where is Corin?" up at the lighthouse): the words are for
them, and they are not here to hear them — said so, never read as a deed of the speaker's
(a rest) or a question the game answers from something else here."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.readings import Context

_CALL = r"^\W*(?:(?:hey|oi|hi|hello|oh|dear|old|poor|my)\s+)?(?P<name>{name})\s*[,:!?]"


def called_away(ctx: Context) -> Intent | None:
    """The line opens by calling a person of the campaign the party has met who is not in
    this scene (by name, or by a word the author gave them, written with a capital): "X is
    not here"."""
    if ctx.campaign is None:
        return None
    here = {t.id for t in ctx.scope.of("npc")} | {
        c.npc for c in ctx.state.creatures.values() if c.npc and c.scene in ("", ctx.state.scene.id)
    }
    raw = ctx.raw.lstrip(" *'\"“")
    for nid, npc in ctx.campaign.npcs.items():
        if nid in here or not ctx.state.flags.get(f"met_{nid}"):
            continue  # (one never met may be about, unseen: "Tam, run for the stairs!")
        proper = npc.name.lower().removeprefix("the ")
        for name in (proper, proper.split()[0], *npc.aliases):
            call = re.match(_CALL.format(name=re.escape(name)), raw, re.IGNORECASE)
            if call is None:
                continue
            plain = name not in (proper, proper.split()[0]) and " " not in name
            if plain and not raw[call.start("name")].isupper():
                continue  # ("ghost, …" in lower case: a word, not someone called)
            return ctx.intent("ask", action="unable", targets=(nid,), confidence=0.3,
                              note=f"{_the(npc.name)} is not here to hear it")  # fmt: skip
    return None


def _the(name: str) -> str:
    """The name as a sentence may begin with it ("the Grey Sister" → "The Grey Sister")."""
    return name[:1].upper() + name[1:]
