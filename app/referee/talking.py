"""How people and foes answer what the party says to them.

- A person asked about their topics answers from them, in the campaign's own words — every
  topic the line asks about, in the order asked ("ask Berta about Tam and the key").
- Asked about anything else, they answer in their own voice: the campaign's ``unknown``
  line, else a reply made from their attitude (friendly, indifferent, hostile), followed by
  what they do talk about. Never a bare menu.
- Foes answer talk too: a beast only snarls, hisses or growls (it has no language); a foe
  that speaks jeers back in its own tongue. A demand that they give up is an improvised
  deed (an Intimidation check, see :mod:`.ruling`), not talk.

The replies are chosen by the words said, not drawn from the game's dice: saying the same
thing twice gets the same answer, and no roll of the story is spent on chatter.
"""

from __future__ import annotations

import json
import re

from app.actions.calls import ToolCall
from app.referee import answers
from app.referee.base import RefereeBase
from app.referee.voices import SHRUGS as SHRUGS  # noqa: PLC0414 (re-exported)
from app.referee.voices import WELL, foes_reply, pick, waiting_foes_reply
from app.referee.voices import off_topic as off_topic  # noqa: PLC0414
from app.understanding import Intent
from app.understanding.clauses import QUOTED_SPEECH
from app.understanding.vocabulary import ENGLISH
from app.understanding.words import has_phrase, normalise
from app.world import view
from app.world.npcspec import NPCSpec
from app.world.state import GameState
from app.world.truth import Judgment

NODS = {
    "friendly": ("{name} listens, and nods.", "{name} smiles at that."),
    "indifferent": ("{name} hears you out.", "{name} grunts."),
    "hostile": ("{name} hears you out, unmoved.", "{name} scowls."),
}
"""How a person takes words that ask them nothing, by attitude."""

ASKING = re.compile(
    r"\?|\b(?:who|what|whats|what's|where|wheres|where's|when|why|how|hows|how's|which|"
    r"tell me|wonder)\b|^(?:\W*\w+,\s*)?(?:do|does|did|is|are|can|could|would|will|have|has)\b"
)
"""Words that make a line a question put to someone."""


def topics_asked(npc: NPCSpec, text: str) -> list[str]:
    """The person's topics the line names, in the order it names them, one per answer
    (two keywords with the same answer are one topic)."""
    said = normalise(text)
    found = [(f" {said} ".find(f" {word} "), key) for word, key in npc.topic_names()
             if has_phrase(said, word)]  # fmt: skip
    seen: set[str] = set()
    ordered = []
    for _, key in sorted(found):
        answer = npc.topics[key].text
        if answer not in seen:
            seen.add(answer)
            ordered.append(key)
    return ordered


def asks(npc: NPCSpec, text: str) -> bool:
    """The words put a question to the person, with or without their name first ("Berta do
    you like cats", "berta, is it far")."""
    said = text.lower().replace("\u2019", "'")
    names = [npc.name.lower(), npc.name.lower().split()[0], *(x.lower() for x in npc.aliases)]
    for name in names:
        said = re.sub(rf"^\W*(?:hey |oi |so |ok )?{re.escape(name)}\b\W*", "", said)
    return bool(ASKING.search(said))


def things_asked(state: GameState, npc: NPCSpec, text: str) -> list[str]:
    """A topic of the person's that speaks of the thing here the line asks about, when no
    topic is named ("Berta, what's with the trapdoor?" is answered by what she says of the
    trapdoor slamming behind Tam): the first topic whose words name the thing."""
    campaign = state.campaign
    if campaign is None:
        return []
    said = normalise(text)
    for feature in view.features_here(state, campaign).values():
        names = [normalise(n) for n in (feature.name, *feature.aliases)]
        if not any(has_phrase(said, n) for n in names):
            continue
        for key, topic in npc.topics.items():
            if any(has_phrase(normalise(topic.text), n) for n in names):
                return [key]
    return []


_OPENER = re.compile(
    r"\b(?:what(?:'s|s| is)? (?:going on|happening|happened|up|wrong|the matter|the trouble|"
    r"the problem)|who are you|can (?:we|i) help|how can (?:we|i) help|you (?:ok|okay|alright))\b",
    re.IGNORECASE,
)
"""Questions a first greeting answers ("what's going on?", "who are you?"); any other asked
on meeting gets the person's own answer, or their in-character "can't say"."""


def topics_hint(npc: NPCSpec) -> str:
    """What a person does talk about (said once a turn, however many speak to them)."""
    return f"(You could ask {npc.name} about: {', '.join(npc.topics)}.)" if npc.topics else ""


_HERE_ASKED = re.compile(
    r"\bwhat(?:'s| is)? (?:this|that) place\b|\bwhat place is (?:this|that)\b|"
    r"\bwhere (?:are we|am i|is this)\b|\bwhat is this\s*\??$"
)
"""Asking a person where one is: they name the place, as anyone here could."""
_WORK_ASKED = re.compile(
    r"\b(?:any|got|have|need) (?:\w+ )?(?:work|jobs?|tasks?|quests?|errands?)\b|"
    r"\bneed (?:any |some )?help\b|\banything (?:we|i) can do\b|"
    r"\bwhat (?:can|could) (?:we|i) do for (?:you|u)\b|\bwhat do (?:you|u) need\b"
)
"""Asking a person what they need done: their trouble, as they first told it."""
_WELL_ASKED = re.compile(
    r"\bare (?:you|u) (?:ok|okay|alright|all right|hurt|injured|well|fine|good|safe)\b|"
    r"\b(?:you|u) (?:ok|okay|alright|all right)\b|\bhow are (?:you|u)(?: doing| holding up)?\b"
)
"""Asking a person how they are."""


class Talking(RefereeBase):
    """The referee's handling of words said to people and foes."""

    def _do_talk(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        campaign = self.campaign
        if intent.target is None or campaign is None or intent.target not in campaign.npcs:
            self.notes.append(self._foes_answer(state, actor, intent))
            return []
        # As the world now reads: a variant's greeting and answers (by flags or scores).
        npc = view.npc_view(state, campaign, intent.target)
        calls: list[ToolCall] = []
        met = f"met_{intent.target}"
        meeting = json.dumps({"name": met, "value": True})
        greeted = any(c.name == "set_flag" and c.arguments == meeting for c in self.earlier)
        first = not state.flags.get(met) and not greeted
        if first:  # one greeting, however many speak
            self.notes.append(f"{npc.description} {npc.greeting}".strip())
            if state.encounter is None:  # a fight's tools set no flags: met once it is over
                calls.append(self._call("flag", actor, "set_flag", name=met, value=True))
        # A clause asks its own topic (the line's others are clauses of their own).
        asked = [intent.topic] if intent.topic in npc.topics else topics_asked(npc, intent.text)
        if not asked and asks(npc, intent.text):
            asked = things_asked(state, npc, intent.text)  # "whats with the trapdoor?"
        reaction = _reaction(state, actor, intent.target, npc.name)
        if asked:
            for key in asked[:3]:
                self.notes.append(npc.said_of(key))
            if reaction and reaction == own_reply(state, _judged(state, actor, intent.target)):
                self.notes.append(reaction)  # "forgive the debt, or else": the threat too
        elif reaction:
            self.notes.append(reaction)
        elif (
            first
            and not intent.topic
            and (not asks(npc, intent.text) or _OPENER.search(intent.text))
        ):
            self.notes.append(topics_hint(npc))  # their greeting answers "what's going on?"
        elif _HERE_ASKED.search(intent.text.lower()):  # "hi, what is this place?": where
            place = re.sub(r"^The ", "the ", state.scene.name)
            self.notes += [f"'This is {place},' says {npc.name}.", topics_hint(npc)]
        elif _WORK_ASKED.search(intent.text.lower()) and npc.greeting:
            # "got any work for us?": what weighs on them, as they said it when first met
            # (just said, when this is the meeting)
            self.notes += [topics_hint(npc)] if first else [npc.greeting, topics_hint(npc)]
        elif _WELL_ASKED.search(intent.text.lower()):  # "tam are you hurt?": how they are
            self.notes += [pick(WELL[npc.attitude], intent.text).format(name=npc.name),
                           topics_hint(npc)]  # fmt: skip
        elif intent.topic or asks(npc, intent.text):
            self.notes += [off_topic(npc, intent.text), topics_hint(npc)]
        else:
            nod = [] if first else [pick(NODS[npc.attitude], intent.text).format(name=npc.name)]
            self.notes += [*nod, topics_hint(npc)]
        return calls

    def _foes_answer(self, state: GameState, actor: str, intent: Intent) -> str:
        """Words said to no person of the story: foes here answer as foes do — unless they
        are called to someone the story names who is no person to talk with ("I yell at
        Corin to get clear", Corin being dragged into the sea): said to them, as told."""
        story_name = _named_in_story(state, QUOTED_SPEECH.sub(" ", intent.text)) or (
            None if intent.targets else _named_in_story(state, intent.text)
        )  # (a name in the words is whom they are for only when said to nobody else:
        # 'I yell "run, Corin!"', not "I shout at the drowned: 'Sister Maelis calls you'")
        if story_name is not None:
            return f"{state.name_of(actor)} calls out to {story_name}."
        reply = foes_reply(state, intent.text) or waiting_foes_reply(state, intent.text)
        if reply is None:
            name = state.name_of(actor)
            return f"{name} speaks, but nobody here answers. " + answers.options_text(
                state, self.campaign, actor
            )
        return reply


def _named_in_story(state: GameState, text: str) -> str | None:
    """A name the line calls, which is no one of the party or the fight but one the
    campaign's story tells of ("Corin")."""
    campaign = state.campaign
    if campaign is None:
        return None
    known = {w.lower() for s in state.party.values() for w in s.name.split()}
    known |= {w.lower() for c in state.creatures.values() for w in c.name.split()}
    names = [
        w for w in re.findall(r"\b[A-Z][a-z]{2,}\b", text)
        if w.lower() not in known and w.lower() not in ENGLISH.common | ENGLISH.stop
    ]  # fmt: skip
    story = campaign.model_dump_json() if names else ""
    return next((w for w in names if re.search(rf"\b{w}\b", story)), None)


def this_turns_judgments(state: GameState, actor: str) -> list[Judgment]:
    """Judgments made this turn of what ``actor`` said, that count."""
    campaign = state.campaign
    floor = campaign.events.min_confidence if campaign is not None else 0.5
    return [
        j for j in state.truth.judgments
        if j.turn == state.turn and j.speaker == actor and j.about
        and j.status in ("provisional", "refined") and j.confidence >= floor
    ]  # fmt: skip


def judged_words(state: GameState, actor: str, intent: Intent) -> str | None:
    """The person a line the parser could not place was said to, when the game heard in
    it something meant for them (a promise to Berta with no name in it)."""
    if intent.kind != "ask" or intent.alternatives:
        return None
    here = view.npcs_here(state, state.campaign) if state.campaign is not None else []
    about = {j.about for j in this_turns_judgments(state, actor)} & set(here)
    return next(iter(about)) if len(about) == 1 else None


def _judged(state: GameState, actor: str, npc_id: str) -> list[Judgment]:
    return [j for j in this_turns_judgments(state, actor) if j.about == npc_id]


def own_reply(state: GameState, judged: list[Judgment]) -> str:
    """The campaign's own words for how someone answers what was judged (the surest
    judgment that has a ``reply``), or ``""``."""
    specs = state.campaign.judgments if state.campaign is not None else {}
    for made in sorted(judged, key=lambda j: -j.confidence):
        spec = specs.get(made.watch or "")
        if spec is not None and spec.reply:
            return spec.reply
    return ""


def _reaction(state: GameState, actor: str, npc_id: str, name: str) -> str:
    """How someone takes what was just said to them, when the game judged it."""
    judged = _judged(state, actor, npc_id)
    if not judged:
        return ""
    own = own_reply(state, judged)
    if own:
        return own
    if any(j.direction == "down" for j in judged):
        return f"{name}'s face closes: that will be remembered."
    return f"{name} takes that to heart."  # words, or a hug: whatever was meant
