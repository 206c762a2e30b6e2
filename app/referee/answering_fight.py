"""Answers about the fight, read off the encounter and the creatures: whose turn it is and
the initiative order, the foes left and how hurt they look, the one worst hurt, and who is
engaged with whom and who stands closest (what a kind of foe is and fights with:
``answering_foes``).

A foe's hit points are told only while it is in the fight, where the initiative tracker
shows them to the players too; outside one, its wounds are told in words.
"""

from __future__ import annotations

import re

from app.referee.answering_words import Asked
from app.referee.sights import held_word, join_words, wound_word
from app.understanding.describing import ASSAILING, assailants, last_striker
from app.understanding.scope import living_creatures
from app.world.standing import fights_on
from app.world.state import Creature
from rules.damage import LifeState
from rules.positions import describe, distance

STATUS_WORDS = (
    "hp", "health", "hurt", "wounded", "injured", "hit points", "ok", "okay", "dead", "alive",
    "asleep", "awake", "standing", "conscious", "how bad", "how badly", "badly", "up", "left",
    "dying", "doing", "bloodied", "bleeding",
)  # fmt: skip
"""Words that ask how a creature is."""
FOE_WORDS = (
    "foe", "foes", "enemy", "enemies", "monster", "monsters", "creature", "creatures", "them",
    "they", "one", "ones",
)  # fmt: skip


def kind_word(word: str) -> str:
    """``rats`` → ``rat``, ``wolves`` → ``wolf``, ``enemies`` → ``enemy``."""
    if word.endswith("ves"):
        return word[:-3] + "f"
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def kinds_named(a: Asked) -> list[str]:
    """Creatures of a kind the line names ("rats", "the goblins"), living or not."""
    kinds = {kind_word(w) for w in a.words if len(w) > 2}
    return [
        cid
        for cid, c in a.state.creatures.items()
        if kinds & {kind_word(w) for w in _kind_names(a, c).split()}
    ]


def _kind_names(a: Asked, creature: Creature) -> str:
    """A creature's name and its kind's ("Grubnak" is a goblin: "how many goblins")."""
    kind = a.state.monster(creature.monster).name if creature.monster else ""
    return f"{creature.name} {kind}".lower()


def _in_fight(a: Asked, cid: str) -> bool:
    fight = a.state.encounter
    return fight is not None and any(c.id == cid for c in fight.order)


def foe_state(a: Asked, creature: Creature) -> str:
    """``Giant Rat 2 is badly wounded (3 of 7 hit points), prone``, or ``… is dead``."""
    vit = creature.vitals
    if vit.state is LifeState.DEAD:
        return f"{creature.name} is dead"
    if creature.left:
        return f"{creature.name} has {creature.left}"
    text = f"{creature.name} is {wound_word(vit.hp, vit.max_hp)}"
    if _in_fight(a, creature.id):
        text += f" ({vit.hp} of {vit.max_hp} hit points)"
    held = [held_word(c.condition.value, c.note) for c in creature.conditions]
    held += [e.name for e in creature.effects if e.name]
    return text + (f", {', '.join(held)}" if held else "")


def fallen(a: Asked) -> str | None:
    """Asked in a fight: "which rat did Thorin kill?", "who's dead?": the foes fallen in it,
    with whose blow felled each where the ledger has it."""
    fight = a.state.encounter
    if fight is None or not a.word("which", "who", "whos", "what", "whats"):
        return None
    if not a.word("kill", "killed", "killt", "slew", "slain", "felled", "dead", "died"):
        return None
    if a.named and re.search(r"\b(?:killed|slew|felled|kill)\s+(?!it\b|one\b)\w", a.text):
        return None  # "what killed Aria?": about her, not the foes
    dead = [c for c in fight.order if c.id in a.state.creatures and c.side != "party"
            and a.state.creatures[c.id].vitals.state is LifeState.DEAD]  # fmt: skip
    if not dead:
        return "No foe has fallen in this fight yet."
    told = []
    for c in dead:
        by = last_striker(a.state, c.id)
        told.append(f"{c.name}" + (f" (by {a.state.name_of(by)})" if by else ""))
    verb = "is" if len(told) == 1 else "are"
    return f"{join_words(told)} {verb} dead."


def after_me(a: Asked) -> str | None:
    """Asked in a fight: "who's after me?", "who goes after Thorin?": the next in the order."""
    fight = a.state.encounter
    who = a.actor if a.has("after me") else a.member if a.has("goes after", "go after") else None
    if fight is None or who is None or not a.word("who", "whos", "which"):
        return None
    ids = [c.id for c in fight.order]
    if who not in ids:
        return None
    after = fight.order[(ids.index(who) + 1) % len(ids)]
    return f"{after.name} goes after {a.state.name_of(who)}; it is {fight.current.name}'s turn now."


def whose_turn(a: Asked) -> str | None:
    """Asked: "whose turn is it", "is it my turn yet", "who's next" (never "my turn undead")."""
    if a.has("turn undead", "up here", "up there") or not (
        a.has("whose turn", "my turn", "turn is it", "who next", "who is next", "who goes")
        or a.has("whos turn", "who turn")  # ("who's turn is next")
        or a.has("turn yet", "next turn", "who up", "who is up", "whose go", "who go", "whose move")
        or a.has("my go", "my move", "do i go")
        or (a.has("is it") and a.word("turn"))  # "is it Pia's turn?", "is it Nell's go?"
        or re.search(r"\bis it \w+(?:'s|s) go\b", a.intent.text.lower().replace("\u2019", "'"))
        or (a.state.encounter is not None and a.has("can i go", "can we go", "may i go"))
    ):
        return None
    fight = a.state.encounter
    if fight is None:
        player = a.state.turn_order.active
        if len(a.state.players) < 2 or player is None:
            return "Nobody takes turns outside a fight: anyone in the party may act now."
        names = [a.state.name_of(c) for c in a.state.players.get(player, [])]
        return f"It is {player}'s turn ({join_words(names)})."
    now = fight.current
    at = fight.turn_index % len(fight.order)
    after = fight.order[(at + 1) % len(fight.order)]
    text = f"It is {now.name}'s turn (round {fight.round}); {after.name} is next."
    mine = a.has("my turn", "my go", "my move", "do i go", "can i go", "may i go")
    player = next((p for p in a.state.players if p.lower() in a.words), None)
    asked = a.member if a.named and not mine else None
    if player is not None or asked is not None:  # "is it Pia's turn?", "is it Ione's go?"
        owner = a.state.controller_of(now.id) if len(a.state.players) > 1 else None
        yes = now.id == asked if asked is not None else owner == player
        whose = f"{now.name}'s turn ({owner}'s)" if owner else f"{now.name}'s turn"
        answer = "Yes" if yes else "No"
        return f"{answer}: it is {whose}, round {fight.round}; {after.name} is next."
    if mine and a.actor is not None and now.id != a.actor:
        ids = [c.id for c in fight.order]
        if a.actor in ids:  # "when's my go": how many go before
            waits = (ids.index(a.actor) - at) % len(ids) - 1
            if waits > 0:  # (the one next is told as next already)
                text += f" {a.state.name_of(a.actor)} goes after {waits} more."
        text = f"Not yet: i{text[1:]}"
    elif mine and now.id == a.actor:
        text = f"Yes: i{text[1:]}"
    return text


def initiative(a: Asked) -> str | None:
    """Asked: "what's the initiative order"."""
    fight = a.state.encounter
    if fight is None or not (a.word("initiative", "order")):
        return None
    marks = [
        f"{c.name} {c.initiative}" + (" (now)" if c.id == fight.current.id else "")
        for c in fight.order
    ]
    return f"Initiative, round {fight.round}: {', '.join(marks)}."


def foes_left(a: Asked) -> str | None:
    """Asked: "how many goblins are left", "which rats are still up", "is that the last one"."""
    asks = a.has(
        "how many",
        "still up",
        "still standing",
        "left",
        "last one",
        "remain",
        "remaining",
        "which are",
        "are they hurt",
        "are they",
        "any left",
    )
    if not asks or (a.member is not None and not a.word(*FOE_WORDS)):
        return None
    if a.has("how far", "how close", "how near", "distance"):
        return None  # "how far away are they": where they stand
    if a.creature is not None and (
        not a.has("how many") or a.word("hp", "health") or a.has("hit points")
    ):
        return None  # "how much hp does rat 2 have left", "how many hp does rat 2 have"
    kinds = kinds_named(a)
    if not kinds and not (a.word(*FOE_WORDS) or a.state.encounter is not None):
        return None
    pool = kinds or list(a.state.creatures)
    # out cold at 0 hit points, or tied up: not standing (as :func:`fights_on` says)
    alive = [c for c in pool if c in living_creatures(a.state) and fights_on(a.state, c)]
    if not pool or (not alive and a.state.encounter is None):
        return None  # nothing seen here: the plain answer says so
    if not alive:
        return "None are left standing."
    states = [foe_state(a, a.state.creatures[c]) for c in alive]
    count = f"{len(alive)} still {'stands' if len(alive) == 1 else 'stand'}"
    return f"{count}: {'; '.join(states)}."


def foe_status(a: Asked) -> str | None:
    """Asked: "is rat 3 dead", "how much hp does rat 2 have left", "is the other wolf asleep",
    "how hurt are the rats" (each of them)."""
    if a.named or not a.has(*STATUS_WORDS):
        return None
    cid = a.creature
    if cid is not None:
        return foe_state(a, a.state.creatures[cid]) + "."
    if len(a.creatures) < 2:
        return None
    return "; ".join(foe_state(a, a.state.creatures[c]) for c in a.creatures) + "."


FIGHT_WORDS = (
    "in the fight", "in this fight", "who is fighting", "who fighting", "who are we fighting",
    "what are we fighting", "who we fighting", "who is in combat", "in combat",
    "who is against us", "what are we up against", "who are we up against", "who else is in",
)  # fmt: skip
"""Words that ask who takes part in the fight."""


def combatants(a: Asked) -> str | None:
    """Asked: "who's in the fight", "what are we fighting": everyone in it, in the order they
    act — the party with their hit points, the foes as they look."""
    if not a.has(*FIGHT_WORDS) or a.named or a.creature is not None:
        return None
    fight = a.state.encounter
    if fight is None and a.has("who else is in", "who is in here", "who is in the room"):
        return None  # "who else is in here besides the innkeeper?": the people here
    if fight is None:
        return "There is no fight going on."
    rows = []
    for c in fight.order:
        sheet = a.state.party.get(c.id)
        if sheet is not None:
            vit = sheet.vitals
            rows.append(f"{sheet.name} ({vit.hp}/{vit.max_hp} HP)")
        elif c.id in a.state.creatures:
            foe = a.state.creatures[c.id]
            if foe.vitals.state is LifeState.DEAD or foe.left:
                continue
            rows.append(f"{foe.name} ({wound_word(foe.vitals.hp, foe.vitals.max_hp)})")
    return (f"In the fight, in turn order (round {fight.round}): {', '.join(rows)}. "
            f"It is {fight.current.name}'s turn.")  # fmt: skip


def hurt_most(a: Asked) -> str | None:
    """Asked: "which goblin is hurt worst", "who's the weakest foe"."""
    if not a.has(
        "hurt most",
        "most hurt",
        "worst",
        "weakest",
        "most wounded",
        "wounded most",
        "closest to death",
        "weaker",
        "more hurt",
        "hurt more",
        "worse hurt",
        "nearly dead",
        "almost dead",
    ) or (a.creature is not None and not a.has("which")):
        return None  # ("is thrall 2 almost dead?": that one's state)
    if a.about_party and not a.word(*FOE_WORDS) and not kinds_named(a):
        return None
    alive = [a.state.creatures[c] for c in living_creatures(a.state)]
    if not alive:
        return None
    worst = min(alive, key=lambda c: (c.vitals.hp / c.vitals.max_hp, c.vitals.hp))
    if worst.vitals.hp >= worst.vitals.max_hp:
        return "None of the foes is hurt yet."
    return f"Worst hurt of the foes: {foe_state(a, worst)}."


def positions(a: Asked) -> str | None:
    """Asked: "who is engaged with whom", "which rat is closest to me", "who is next to Aria"."""
    fight = a.state.encounter
    far = a.has("how far", "how close", "far away", "how near", "distance to") and (
        bool(a.creatures) or a.word("they", "them", "foes", "enemies")
    )  # "how far away are the rats?": each foe's distance (not "how far can I move")
    if fight is None or not (
        far
        or a.word("engaged", "closest", "nearest", "near", "where")
        or a.has("next to", "fighting who", "fighting whom")
    ):
        return None
    others = [t for t in a.intent.targets if t not in a.state.party and t not in a.state.creatures]
    everyone = a.word("everyone", "everybody", "we", "us", "all", "standing")
    if others or (a.word("where") and not (a.creature or a.named or everyone)):
        return None  # "where's Wren": someone not in the fight ("where is everyone
        # standing?" is the whole fight)
    spots = fight.positions
    names = {c.id: c.name for c in fight.order}
    present = {c for c in names if c in a.state.party or c in living_creatures(a.state)}
    me = a.member or a.actor
    if far and me in present and not a.word("closest", "nearest"):
        foes = [c for c in a.creatures if c in present] or [
            c for c in names if c in present and c in a.state.creatures
        ]  # (in the fight's order, whatever order a set keeps)
        rows = [f"{names[c]} is about {distance(spots, me, c)} ft from {names[me]}" for c in foes]
        return "; ".join(rows) + "." if rows else None
    if a.word("closest", "nearest") and me in present:
        foes = [c for c in names if c in present and c in a.state.creatures and c != me]
        if foes:
            near = min(foes, key=lambda c: distance(spots, me, c))
            feet = distance(spots, me, near)
            return f"{names[near]} is closest to {names[me]}, about {feet} ft away."
    who = (
        [a.creature]
        if a.creature
        else [a.member]
        if a.named
        else sorted(present, key=list(names).index)
    )
    if everyone and not (a.creature or a.named):  # "where is everyone standing?": by place
        where: dict[str, list[str]] = {}
        for c in sorted(present, key=list(names).index):
            where.setdefault(describe(spots, c, names, present), []).append(names[c])
        rows = [f"{join_words(them)} {'is' if len(them) == 1 else 'are'} {_BAND.get(at, at)}"
                for at, them in where.items()]  # fmt: skip
        return "; ".join(rows) + "." if rows else None
    rows = [f"{names[c]} is {describe(spots, c, names, present)}" for c in who if c in present]
    return "; ".join(rows) + "." if rows else None


_BAND = {"near": "near, within a move of one another and engaged with nobody yet",
         "far": "far off, more than a move away"}  # fmt: skip
"""What the bands of the fight's map mean, said to a player."""


def on_whom(a: Asked) -> str | None:
    """Asked: "who is biting Aria?", "what's attacking me", "which rat hit Thorin"."""
    fight = a.state.encounter
    victim = a.member
    if fight is None or victim is None or not a.word("who", "what", "which", "whos", "whats"):
        return None
    if not re.search(rf"\b(?:{ASSAILING})\b", a.intent.text.lower()):  # as typed, unmended
        return None
    if a.word("weapon", "weapons", "holding", "wielding", "carrying", "hp", "health", "points",
              "ac", "slots", "spells", "bonus", "modifier") or a.has("to hit",
                                                                     "am i at"):  # fmt: skip
        return None  # "what weapon am i holding", "what's my hp at", "what am I at, hp-wise":
        # the character's own
    on = assailants(a.state, victim)
    name = a.state.name_of(victim)
    if not on:
        return f"No foe is on {name} right now."
    names = [a.state.creatures[c].name for c in on]
    verb = "is" if len(names) == 1 else "are"
    return f"{join_words(names)} {verb} on {name}."


def hidden(a: Asked) -> str | None:
    """Asked: "am I hidden right now?", "is Mira still hidden": whether a successful Hide
    still keeps them unseen (its effect on them), and what that gives."""
    sheet = a.sheet
    if sheet is None or not a.word("hidden", "unseen", "hiding"):
        return None
    if any(e.id == "hidden" for e in sheet.effects):
        name = sheet.name
        return (
            f"Yes: {name} is hidden — the next attack roll has advantage (and gives {name} "
            f"away), and attacks against {name} have disadvantage."
        )
    return f"No: {sheet.name} is not hidden now."


def beaten(a: Asked) -> str | None:
    """Asked out of a fight: "are the rats dead?", "are the goblins gone?" — the foes of a
    fight the party has won, by the kind or name the question uses."""
    if a.state.encounter is not None or a.campaign is None or not a.has(*_BEATEN_WORDS):
        return None
    for eid in a.state.defeated:
        spec = a.campaign.encounters.get(eid)
        if spec is None:
            continue
        for group in spec.monsters:
            name = group.name or a.campaign.monster(group.monster).name
            words = {w.lower() for w in name.split()} | {group.monster.replace("_", " ")}
            said = {w.removesuffix("s") for w in a.words}
            if not {w.removesuffix("s") for w in words} & said:
                continue
            many = group.count > 1 and group.name is None
            who = f"the {name.lower()}s" if many else (group.name or f"the {name.lower()}")
            fell = "are" if many else "is"
            return f"Yes: {who} {fell} beaten — the party won that fight ({spec.name})."
    return None


_BEATEN_WORDS = ("dead", "alive", "gone", "beaten", "dealt with", "finished", "killed", "left")
"""Words that ask whether foes fought before are still a threat."""
