"""A blow at someone who is no foe of this fight: a person of the story not in it ("I
attack Berta" in the cellar), a friend ("hit Thorin"), or a kind of creature nobody here is
("attack the goblin" among the rats). Said plainly; nothing is struck."""

from __future__ import annotations

import re

from app.understanding.readings import Context
from app.understanding.words import NAME_FILLERS, monster_kinds

NOT_STRUCK = re.compile(r"(?:has surrendered and is out of the fight|is not one of the foes|"
                        r"is on your side)")  # fmt: skip
"""The reasons a blow is not struck that are facts of the fight, said as such ("Grubnak
has surrendered…, so Mira holds the blow"), never as a line not understood."""


def someone_not_fought(ctx: Context) -> str | None:
    """Why a blow at the person the line names, when no foe is named, cannot be struck: a
    person of the story who is not in this fight, or a friend ("I attack Berta" in the
    cellar, "hit Thorin")."""
    struck = _STRUCK.match(ctx.said)  # the one struck, right after the blow's verb
    if struck is None:
        return None  # ("go for the one biting Thorin": Thorin is who it bites)
    whom = f" {struck.group(1)} "
    if ctx.campaign is not None:
        fought = {c.npc or cid: c for cid, c in ctx.state.creatures.items()}
        for nid, npc in ctx.campaign.npcs.items():
            first = npc.name.split()[0]
            names = (npc.name, first) if first.lower() not in NAME_FILLERS else (npc.name,)
            named = any(f" {n.lower()} " in whom for n in names)
            if nid in fought and named and fought[nid].left == "surrendered":
                return f"{npc.name} has surrendered and is out of the fight, begging for mercy"
            if nid in fought:
                continue  # a foe of the fight by that name is picked by the fight's words
            if named:
                here = any(t.id == nid for t in ctx.scope.of("npc"))
                return f"{npc.name} is not one of the foes" if here else f"{npc.name} is not here"
    friends = [m for m in ctx.named("member", text=struck.group(1)) if m.id != ctx.actor]
    if friends:
        return f"{friends[0].name} is on your side"
    return kind_not_fought(ctx, struck.group(1))


def kind_not_fought(ctx: Context, whom: str) -> str | None:
    """A kind of creature no foe here is ("attack the goblin" among the rats)."""
    word = whom.rsplit(maxsplit=1)[-1].lower()
    kinds = monster_kinds()
    kind = word if word in kinds else word[:-1] if word.endswith("s") and word[:-1] in kinds else ""
    foes = ctx.scope.of("creature")
    if not kind or not foes or any(kind in n.lower() for t in foes for n in t.names):
        return None
    return f"there is no {kind} in this fight"


_STRUCK = re.compile(r"^(?:i\s+)?\w+(?:\s+(?:at|on|down))?\s+((?:\w+)(?:\s+\w+)?)\s*$")
"""A blow's whole line, verb then whom ("I attack Berta", "swing at Mira")."""
