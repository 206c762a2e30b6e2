"""Talking to someone by a verb of talking ("ask Berta about the key", "tell me about your
daughter"): whom the words are for, among the people here — or why nobody here answers
(the one asked for is elsewhere)."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.readings import Context, about_words, addressed, topic_of
from app.understanding.scope import Thing
from app.understanding.targets import named_creatures
from app.understanding.words import TITLES, has_phrase
from app.world import view
from app.world.npcspec import NPCSpec


def talk_to(ctx: Context, at: int) -> Intent | None:
    """Words to someone by a verb of talking (at ``at``): the person named, else the one
    here it can be (by "her" or "him", by a topic of theirs, or the only one), else asked
    back with who is here."""
    npcs = ctx.named("npc")
    topic_text = ctx.said[at:]
    if not npcs:
        present = ctx.scope.of("npc")
        spoken_to = _ASKED_ABOUT.split(ctx.said, maxsplit=1)[0]  # ("ask Tam where he went":
        # the "he" is what is asked, not whom)
        pronoun = any(has_phrase(spoken_to, p) for p in ("her", "him", "she", "he"))
        friend = [m for m in ctx.named("member", text=ctx.said[:at]) if m.id != ctx.actor]
        if pronoun and friend:
            return None  # "shake Cass by the shoulders and tell him to snap out of it": his
        if pronoun and len(present) > 1:  # "ask her" with Tam and Berta here: Berta
            present = fitting_pronoun(ctx, present) or present
        elsewhere = _names_someone_else(ctx)
        if len(present) > 1 and _TO_EVERYONE.search(ctx.said):  # "good evening to you both"
            return ctx.intent("talk", confidence=0.8, topic=about_words(topic_text, ctx.vocab))
        if len(present) > 1 and not elsewhere:
            fits = addressed(ctx)  # "tell me about your daughter": the one it is a topic of
            present = [fits] if fits is not None else present
        if len(present) == 1 and (pronoun or not elsewhere):
            npc = present[0]
            topic = topic_of(ctx, npc.id) or about_words(topic_text, ctx.vocab)
            return ctx.intent("talk", targets=(npc.id,), confidence=0.8, topic=topic)
        foes = named_creatures(ctx.said, ctx.scope) or waiting_foes_named(ctx)
        if foes or (ctx.scope.fighting and not present):
            return ctx.intent("talk", confidence=0.8, topic=about_words(topic_text, ctx.vocab))
        who = ", ".join(n.name for n in present) or "nobody"
        away = _absent_named(ctx, spoken_to)
        gone = f"; {away} is not here" if away else ""
        return ctx.intent("ask", confidence=0.3, note=f"here to talk to: {who}{gone}")
    npc = npcs[0]
    topic = topic_of(ctx, npc.id) or about_words(topic_text, ctx.vocab)
    return ctx.intent("talk", targets=(npc.id,), topic=topic)


_TO_EVERYONE = re.compile(
    r"\b(?:(?:you|ye) (?:both|two|all)|both of (?:you|ye)|all of (?:you|ye)|everyone|everybody|"
    r"y'?all|folks)\b"
)
"""Words to everyone here at once ("hey both of you", "evening, you two")."""


def _absent_named(ctx: Context, spoken_to: str) -> str | None:
    """The person of the story the words are for, by name, who is not here ("ask Tam …"
    with Tam still down in the cellar)."""
    if ctx.campaign is None:
        return None
    here = {t.id for t in ctx.scope.of("npc")}
    for nid, npc in ctx.campaign.npcs.items():
        if nid not in here and has_phrase(spoken_to, npc.name.lower().split()[0]):
            return npc.name
    return None


def fitting_pronoun(ctx: Context, present: list[Thing]) -> list[Thing]:
    """The people here the line's "her" or "him" can mean, by their authored pronouns."""
    if ctx.campaign is None:
        return []
    she = any(has_phrase(ctx.said, p) for p in ("her", "she"))
    he = any(has_phrase(ctx.said, p) for p in ("him", "he"))
    if she == he:
        return []
    want = "she" if she else "he"
    npcs = ctx.campaign.npcs
    return [n for n in present if n.id in npcs and _pronoun(npcs[n.id]) == want]


_SHE = re.compile(r"\b(?:woman|girl|lady|mother|wife|widow|sister|daughter|grandmother|nun)\b")
_HE = re.compile(r"\b(?:man|boy|lad|father|husband|brother|son|grandfather|monk|priest)\b")


def _pronoun(npc: NPCSpec) -> str | None:
    """The person's authored pronoun, else the one their description gives ("a tall
    woman …")."""
    if npc.pronoun is not None:
        return npc.pronoun
    text = npc.description.lower()
    she, he = _SHE.search(text), _HE.search(text)
    if she and (not he or she.start() < he.start()):
        return "she"
    return "he" if he else None


def _names_someone_else(ctx: Context) -> bool:
    """The line speaks to or about a person by a word that fits nobody here."""
    people = {w for words in ctx.vocab.people.values() for w in words}
    if ctx.campaign is not None:
        here = {t.id for t in ctx.scope.of("npc")}
        ours = {a.lower() for nid in here for a in ctx.campaign.npcs[nid].aliases}
        people |= {n.name.lower() for n in ctx.campaign.npcs.values()}
        people |= (
            {
                a.lower()
                for nid, n in ctx.campaign.npcs.items()
                if nid not in here
                for a in n.aliases
            }
            - ours
            - TITLES
        )  # ("the old keeper" is at his lighthouse; "sister" is anyone)
    spoken_to = _ASKED_ABOUT.split(ctx.said, maxsplit=1)[0]  # "ask who wendel is": of him
    return any(has_phrase(spoken_to, p) for p in people)


_ASKED_ABOUT = re.compile(
    r" (?:about|who|what|where|why|how|whether|if|when|which|(?<=me |us )of|(?<=speak )of) "
)
"""Where what is asked begins: a person named after it is asked about, not spoken to."""


def waiting_foes_named(ctx: Context) -> bool:
    """The words name the foes of this place whose fight has not begun ("talk to the
    goblins" dicing in the tunnel): words to them, which they answer as foes do."""
    campaign = ctx.campaign
    if campaign is None:
        return False
    names = {campaign.monster(g.monster).name.lower() for e in view.waiting_fights(ctx.state)
             for g in campaign.encounters[e].monsters if not g.npc}  # fmt: skip
    return any(re.search(rf"\b{re.escape(n)}s?\b", ctx.said) for n in names)


def news_of_someone(ctx: Context) -> Intent | None:
    """Words of news about someone of the story who is elsewhere, said with one person here
    and no deed in them ("wendel is alive. he's old now. he's sorry", to the Grey Sister):
    told to that person."""
    present = ctx.scope.of("npc")
    if ctx.scope.fighting or ctx.campaign is None or len(present) != 1 or "?" in ctx.raw:
        return None
    here = present[0]
    elsewhere = [n for nid, n in ctx.campaign.npcs.items() if nid != here.id
                 and any(has_phrase(ctx.said, w) for w in n.name.lower().split()
                         if w not in TITLES and w not in ("the", "a", "an"))]  # fmt: skip
    if not elsewhere:
        return None
    return ctx.intent("talk", targets=(here.id,), topic=topic_of(ctx, here.id), confidence=0.7)
