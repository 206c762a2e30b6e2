"""The fight a deed out of combat opens: a spell that hurts or fells the foes in view
("magic missile at the goblins"), a blow to knock one out — the scene's authored fight, or
the one a challenge here would start on failure, that the line's foes belong to."""

from __future__ import annotations

from app.understanding.readings import Context
from app.understanding.words import has_phrase
from rules.conditions import Condition
from rules.spelldata import Spell


def opens_a_fight(spell: Spell) -> bool:
    """A spell cast at foes in view that starts the fight: one that hurts or fells them
    (Magic Missile, Sleep, Hold Person), not one that only charms or sheds light."""
    return (
        spell.harmful
        and Condition.CHARMED not in spell.conditions
        and bool(spell.damage or spell.attack or spell.conditions)
    )


def fight_in_view(ctx: Context, anyone: bool = False) -> tuple[str, ...]:
    """An authored fight in this scene the line's foes belong to (the goblins in view);
    with ``anyone``, the scene's own fight whoever the line names (a spell at nobody
    named is at the foes in view)."""
    campaign = ctx.campaign
    if campaign is None:
        return ()
    scene = campaign.scenes.get(ctx.state.scene.id)
    candidates: list[str] = []
    if scene is not None and scene.encounter and scene.encounter not in ctx.state.defeated:
        candidates.append(scene.encounter)
    for thing in ctx.scope.of("challenge"):
        spec = campaign.challenges[thing.id]
        if spec.failure.start_encounter:
            candidates.append(spec.failure.start_encounter)
    for eid in candidates:
        if eid in ctx.state.defeated:
            continue
        monsters = [m.monster.replace("_", " ") for m in campaign.encounters[eid].monsters]
        words = {w for m in monsters for w in (m, m.split()[-1])}
        if any(has_phrase(ctx.said, w) or has_phrase(ctx.said, w + "s") for w in words):
            return (eid,)
    fights = [eid for eid in dict.fromkeys(candidates) if eid not in ctx.state.defeated]
    if anyone and len(fights) == 1:  # (one fight in view: its foes are whom it is at)
        return (fights[0],)
    return ()
