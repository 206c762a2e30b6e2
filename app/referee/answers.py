"""What the offline referee says without touching the world: the scene, a closer look,
answers to questions, the inventory, help, and ask-backs when a line is unclear. All of it
read through :mod:`app.world.view`, in the players' words (no ids)."""

from __future__ import annotations

import re

from app.referee.answering import answer_from_game
from app.referee.answering_self import conditions_text, health_text
from app.referee.answering_table import stuck_text
from app.referee.answering_words import as_asked
from app.referee.restating import told_back
from app.referee.sights import creature_text as creature_text  # noqa: PLC0414 (re-exported)
from app.referee.sights import exits_text as exits_text  # noqa: PLC0414
from app.referee.sights import inventory_text as inventory_text  # noqa: PLC0414
from app.referee.sights import join_words as _join
from app.referee.sights import present_text as present_text  # noqa: PLC0414
from app.referee.unknowing import names_way as _names_way
from app.referee.unknowing import not_here, unknowable_text
from app.referee.voices import foes_reply
from app.understanding import Intent
from app.understanding.language import UNSURE, language_name
from app.understanding.not_fought import NOT_STRUCK
from app.understanding.piece_fit import UNHEARD
from app.understanding.readings import FOR_THE_TABLE, HEARS, MOOD
from app.understanding.scope import living_creatures, open_challenges
from app.world import view
from app.world.campaign import Campaign
from app.world.facts import holds
from app.world.pronouns import objective
from app.world.state import GameState
from app.world.wording import the, the_start
from rules.features import feature
from rules.srd import srd

YOU = re.compile(r"\b(?:you|your|yours|ye|yer|ya)\b")
"""Words that put a question to someone: in a fight with no person of the story named, the
foes."""
FOES = re.compile(r"\b(?:goblins?|rats?|foes?|enem(?:y|ies)|monsters?|creatures?|them)\b")
"""Words of a count of the foes ("how many rats are there"), as whole words: not the "rat"
in "inspiration"."""
PARLEY = re.compile(r"\b(?:peace|truce|parley|mercy|friends?|talk|no harm|no trouble)\b")
"""Words of a line that offers the foes talk instead of a fight."""


_IN_A_TURN = ("action", "bonus_action")
"""What a feature a fighter may use on its turn costs (not a reaction, not a passive)."""


def options_text(state: GameState, campaign: Campaign | None, actor: str | None) -> str:
    """What the players can do here, for help and for unclear lines."""
    if campaign is None:
        return "You could look around, talk, or try something specific."
    if state.encounter is not None:
        foes = [state.creatures[c].name for c in living_creatures(state)]
        sheet = state.party.get(actor or "")
        spells = [srd().spells.get(s).name for s in sheet.spells] if sheet else []
        parts = [f"attack ({', '.join(foes)})" if foes else "attack"]
        if spells:
            parts.append("cast " + ", ".join(spells))
        powers = [spec.name for fid in (sheet.all_features if sheet else ())
                  if (spec := feature(fid)) is not None and spec.action in _IN_A_TURN
                  and (spec.uses is None or (sheet and sheet.uses_left(fid) > 0))]  # fmt: skip
        if powers:  # "Second Wind, Action Surge": what the sheet can do besides
            parts.append("use " + ", ".join(powers))
        healing = {i.name.lower() for i in campaign.items.values() if i.heals}
        drinks = [i for i in (sheet.inventory if sheet else []) if i.lower() in healing
                  or "potion" in i.lower()]  # fmt: skip
        # (a potion only for one who carries one: "drink a potion" offered to one with none
        # sent a player to a refusal)
        parts.append(f"{'drink a potion, ' if drinks else ''}back away, dodge, or end the turn")
        return "In the fight you can " + "; ".join(parts) + "."
    parts = []
    features = view.features_here(state, campaign)
    if features:
        looks = [f.name.removeprefix("the ").removeprefix("The ") for f in features.values()]
        parts.append("look at the " + ", ".join(looks))
    npcs = view.npcs_here(state, campaign)
    if npcs:
        parts.append("talk to " + ", ".join(campaign.npcs[n].name for n in npcs))
    tries = [campaign.challenges[c].provoked_by[0] for c in open_challenges(state, campaign)]
    if tries:
        parts.append("try to " + " or ".join(tries[:2]))
    text = f"You could {'; '.join(parts)}." if parts else ""
    return f"{text} {exits_text(state, campaign)}".strip()


def help_text(state: GameState, campaign: Campaign | None, actor: str | None) -> str:
    """What a player can type, shown with what is here (this campaign's people, ways and
    foes, this character's spells), and what can be done right here."""
    examples = ", ".join(f"'{e}'" for e in _examples(state, campaign, actor))
    calm = state.encounter is None
    player = state.controller_of(actor) if actor else None
    own = state.players.get(player, []) if player is not None and len(state.players) > 1 else []
    others = [s.name.split()[-1] for cid, s in state.party.items()
              if cid != actor and (not own or cid in own)]  # fmt: skip
    rest = ", 'take a short rest'" if calm else ""  # (no resting in the middle of a fight)
    general = (
        f"Type what your character does in plain words: {examples}{rest}, 'inventory'. "
        "Short forms work too: l (look), x (examine), i (inventory)."
    )
    if calm and others:  # another of one's own characters (in a fight, whoever's turn it is)
        general += (
            f" Start a line with a name to act as someone else ('{others[0]}: I look around')."
        )
    aims = _aims_here(state, campaign)
    return f"{general} {options_text(state, campaign, actor)}{f' {aims}' if aims else ''}"


def _examples(state: GameState, campaign: Campaign | None, actor: str | None) -> list[str]:
    """Lines to try, made of what is here: never another campaign's people or places."""
    said = ["look around"]
    if campaign is not None and state.encounter is None:
        people = view.npcs_here(state, campaign)
        if people:
            npc = campaign.npcs[people[0]]
            topic = next(iter(npc.topics), "")
            said.append(f"ask {npc.name} about {topic.replace('_', ' ')}" if topic else
                        f"talk to {npc.name}")  # fmt: skip
        tries = open_challenges(state, campaign)
        if tries:
            said.append(campaign.challenges[tries[0]].provoked_by[0])
        ways = view.exits_here(state, campaign)
        if ways:
            said.append(f"go through {the(ways[0].name)}")
    foes = [state.creatures[c].name for c in living_creatures(state)]
    if foes:
        said.append(f"attack {foes[0]}")
    sheet = state.party.get(actor or "")
    spells = [srd().spells.get(s) for s in sheet.spells] if sheet is not None else []
    cantrip = next((s for s in spells if s.level == 0 and s.attack), None)
    if cantrip is not None and foes:
        said.append(f"cast {cantrip.name.lower()} at {foes[0]}")
    return said


_TABLE = (
    (re.compile(r"\bsav(?:e|es|ing)\b", re.IGNORECASE),
     "The game saves itself after every turn, so closing it loses nothing. To keep a copy "
     "under a name of its own, type /save and the name."),
    (re.compile(r"\b(?:quit|exit|leave the game|stop playing)\b", re.IGNORECASE),
     "Type /quit to leave: the game is saved after every turn, and Continue on the title "
     "screen (or 'dungeon play --continue') takes you back to where you were."),
)  # fmt: skip
"""Questions about the table, not the story ("can we save here?"), and their answers."""


def help_reply(state: GameState, campaign: Campaign | None, intent: Intent) -> str:
    """A call for help: to a player who thinks the game has stopped ("nothing happened"),
    what was played last and whose turn it is; to one asking about saving or leaving, how;
    otherwise what can be typed and done here."""
    stuck = stuck_text(state, campaign, intent.text)
    if stuck is not None:
        return stuck
    about = next((said for words, said in _TABLE if words.search(intent.text)), None)
    return about or help_text(state, campaign, intent.actor)


def _aims_here(state: GameState, campaign: Campaign | None) -> str:
    """What the story asks of the party here, while it is undone ("what now?")."""
    spec = campaign.scenes.get(state.scene.id) if campaign is not None else None
    if spec is None or state.encounter is not None:
        return ""
    here = [g.text.rstrip(".") for g in spec.goals.values() if not holds(g.when, state)]
    return f"Still to do here: {'; '.join(here)}." if here else ""


def look_text(state: GameState, campaign: Campaign | None, actor: str | None) -> str:
    """The scene, who is here, and what can be done."""
    if campaign is None:
        return state.scene.description
    scene = view.scene_description(state, campaign)
    return " ".join(p for p in (scene, present_text(state, campaign),
                                options_text(state, campaign, actor)) if p)  # fmt: skip


def knower(state: GameState, campaign: Campaign | None, intent: Intent) -> str | None:
    """The person here a question is best put to, when one of them has the very topic it
    asks about and the game itself has no answer: the one the question names ("what did
    the goblins look like, Tam?"), else the only one here who knows of it. ``None`` when
    nobody, or more than one, could answer."""
    intent = as_asked(intent)
    if campaign is None or not intent.topic or answer_from_game(state, campaign, intent):
        return None
    if re.search(r"\bhow (?:many|much)\b", intent.text.lower()):
        return None  # a count is the party's to make ("how many goblins are down there?")
    here = view.npcs_here(state, campaign)
    knowing = [n for n in here if intent.topic in view.npc_view(state, campaign, n).topics]
    named = [t for t in intent.targets if t in knowing]
    if named:
        return named[0]
    return knowing[0] if len(knowing) == 1 else None


def answer_text(
    state: GameState, campaign: Campaign | None, intent: Intent, *, follow_up: bool = False
) -> str:
    """A question answered from what the world knows — never by acting. A ``follow_up``
    (a further question of a line whose first was answered: "what's my hp? and is the
    young man still alive?") the game knows nothing of is passed over in silence ("")
    rather than answered with a shrug after the true answer."""
    intent = as_asked(intent)
    known = answer_from_game(state, campaign, intent)
    if known is not None:
        return known
    if state.encounter is not None and YOU.search(intent.text.lower()) and not intent.targets:
        reply = foes_reply(state, intent.text)  # "what do you want?", asked of the foes
        if reply is not None:
            return reply
    if not_here(state, campaign, intent):
        return unknowable_text(state, campaign, intent, options_text(state, campaign, intent.actor))
    said = intent.text.lower()
    creatures = living_creatures(state)
    if re.search(r"\bhow (?:many|much)\b", said) and FOES.search(said):
        if creatures:
            names = [state.creatures[c].name for c in creatures]
            return f"You count {len(names)}: {_join(names)}."
        return "You cannot see any from here — only going there would tell."
    for target in intent.targets:
        if campaign is not None and target in campaign.npcs:
            npc = view.npc_view(state, campaign, target)
            if intent.topic and intent.topic in npc.topics:
                return (f"{npc.name} might know about {the(intent.topic)} — try "
                        f"'ask {npc.name} about {intent.topic}'.")  # fmt: skip
            topics = ", ".join(npc.topics)
            desc = npc.description.strip()
            # "Berta is a broad, grey-haired woman …", never "Berta: A broad …" (her words)
            described = re.match(r"(?:An?|The) ", desc) is not None
            who = (
                f"{npc.name} is {desc[0].lower()}{desc[1:]}" if described else f"{npc.name}. {desc}"
            )
            return f"{who} You could ask {objective(state, target)} about {topics}."
        if target in state.creatures:
            return creature_text(state, target)
        if campaign is not None and target in view.features_here(state, campaign):
            return view.feature_text(state, campaign, target)
        if campaign is not None:
            for way in view.exits_here(state, campaign):
                if way.to == target and _names_way(state, campaign, intent.text, way):
                    dest = campaign.scenes[way.to].name if way.to in campaign.scenes else way.name
                    state_text = (
                        "The way is open." if way.open else (way.locked_text or "It is shut.")
                    )
                    many = way.name.endswith("s") and not way.name.endswith("ss")
                    leads = "lead" if many else "leads"  # "the shore steps lead to …"
                    return f"{the_start(way.name)} {leads} to {dest}. {state_text}".strip()
            if target in campaign.items:
                return campaign.items[target].told
        if target in state.party:
            s = state.party[target]
            held = conditions_text(s)  # "is Bram still down?": prone, said
            return f"{health_text(s)}{f'; {held}' if held else ''}; AC {s.armor_class}."
    if campaign is not None:
        for nid in view.npcs_here(state, campaign):
            npc = view.npc_view(state, campaign, nid)
            if intent.topic and intent.topic in npc.topics:
                return f"{npc.name} might know: ask {npc.name} about {intent.topic}."
    if follow_up:
        return ""
    return unknowable_text(state, campaign, intent, options_text(state, campaign, intent.actor))


def ask_back_text(state: GameState, campaign: Campaign | None, intent: Intent) -> str:
    """A line not understood, or ambiguous: what was understood, and what can be done."""
    name = state.name_of(intent.actor or "")
    if intent.alternatives:
        labels = [a.label for a in intent.alternatives[:3]]
        return f"Did you mean to {_join(labels, 'or')}?"
    lead = f"{name} is not sure what you mean"
    if intent.note.startswith(UNHEARD):  # "hit rat 1 then blorf the zibble": that half
        return f"{name} is {intent.note}."
    if state.encounter is not None and PARLEY.search(intent.text.lower()):
        reply = foes_reply(state, intent.text)  # "we come in peace", said in a fight
        if reply is not None:
            return reply
    if intent.note.startswith("there is no way from"):  # said plainly: a fact of the map
        return f"{intent.note[0].upper()}{intent.note[1:]}."
    if intent.note.startswith("it is ") and intent.character not in (None, intent.actor):
        # "Cass, heal Ione!" on Wren's turn: said to wait, not misunderstood
        who = state.name_of(intent.character or "")
        return (f"It is {name}'s turn, not {who}'s: say what {who} does when that turn "
                f"comes (\"{who.split()[-1]}: …\"). What does {name} do now?")  # fmt: skip
    if intent.note.startswith("here to talk to"):
        here, _, away = intent.note.partition("; ")  # "…; Tam is not here": said first
        lead = (
            f"{away[0].upper()}{away[1:]} ({here})"
            if away
            else (f"Nobody here answers to that ({here})")
        )
    elif HEARS in intent.note:  # words to a friend another player plays
        return intent.note if intent.note.endswith(("?", "!", ".")) else f"{intent.note}."
    elif intent.note.startswith(MOOD):  # "*hums nervously*": the mood, as the story tells it
        return f"{told_back(intent.note.removeprefix(MOOD), name)} What does {name} do?"
    elif NOT_STRUCK.search(intent.note):  # "Grubnak has surrendered …": a fact, said so
        held = f"{intent.note[0].upper()}{intent.note[1:]}, so {name} holds the blow."
        return f"{held} {options_text(state, campaign, intent.actor)}".strip()
    elif (holder := _ONLY_CARRIED.match(intent.note)) is not None:  # "i drink my potion"
        spec = campaign.items.get(intent.item or "") if campaign is not None else None
        what = the(spec.name) if spec is not None else "that"
        return f"{name} does not carry {what}: {holder.group(1)} does."
    elif intent.note == FOR_THE_TABLE:  # "sorry my cat walked on the keyboard"
        return f"No harm done: nothing happened in the story. What does {name} do?"
    elif intent.note and intent.note not in ("no verb or name it knows", "an empty line"):
        lead += f" ({intent.note})"
    return f"{lead}. {options_text(state, campaign, intent.actor)}".strip()


_ONLY_CARRIED = re.compile(r"only (.+) carries that$")
"""The note of a thing used that another of the party carries."""


def foreign_text(intent: Intent, campaign_language: str) -> str:
    """An honest reply to a line in another language."""
    ours = language_name(campaign_language)
    reads = (f"This does not read like {ours}" if intent.language == UNSURE
             else f"This reads like {language_name(intent.language)}")  # fmt: skip
    return f"{reads}; I only understand {ours} in this campaign. Try, for example, " + (
        "'look around' or 'help'."
    )


def refuse_text(state: GameState, intent: Intent) -> str:
    """A line that makes someone act who is not the player's to move."""
    party = ", ".join(s.name for s in state.party.values())
    if intent.character is None:
        why = intent.note or "that is nobody in the party"
        return f"{why[:1].upper()}{why[1:]}. The party: {party}."
    other = state.name_of(intent.character)
    why = intent.note or f"{other} is not yours to play"
    return f"{why[:1].upper()}{why[1:]} — you can act for your own characters. The party: {party}."
