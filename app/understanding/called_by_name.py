"""Someone present called by name at the head of a line ("Berta, what happened to Tam?",
"Mighty Grubnak, …"): words to them, on a topic of theirs when the line names one — or,
with a state after the name and no question ("grubnak is snoozing"), a remark of them."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.readings import Context, about_words, topic_of
from app.understanding.words import has_phrase, starts_with

_TITLE = re.compile(
    r"^(?:(?:oh|o) )?(?:mighty|great|good|dear|poor|old|noble|wise|honoured|honored|"
    r"brave|kind|gentle|sweet|sister|brother|mister|mistress|master|lady|lord|chief|"
    r"keeper|madam|dame|goodwife|goodman) (?:(?:chief|lord|lady|master|mistress|sister|"
    r"brother|keeper|king|queen|boss) )?"
)
"""A word of honour or address before a name ("Mighty Grubnak", "old Wendel")."""


_SAID_OF = frozenset({"is", "was", "has", "had", "seems", "looks", "does", "did", "will",
                      "can", "could", "would", "should", "might"})  # fmt: skip
"""Words after a name that, with no question mark and a state after them, tell of
someone ("grubnak is snoozing") rather than ask them."""
_STATES = frozenset({"asleep", "awake", "down", "dead", "out", "gone", "unconscious", "hurt",
                     "alive", "here", "done", "safe", "fine", "ok", "okay"})  # fmt: skip


def vocative(ctx: Context) -> Intent | None:
    """Someone present addressed by name first: "Berta, what happened to Tam?"."""
    greetings = ("hello", "hi", "hey", "greetings", "good evening", "good morning", "oi",
                 "excuse me", "hail", "well met", "morning", "evening", "afternoon",
                 "good afternoon", "howdy", "good day")  # fmt: skip
    said = ctx.said
    if re.match(r"\s*miss\s*,", ctx.raw, re.IGNORECASE):  # "miss, we'll find her": "ma'am"
        said = "ma'am" + said[4:]
    for greet in greetings:
        if starts_with(said, greet):
            said = said[len(greet) :].strip()
            break
    else:
        greet = ""
    titled = _TITLE.match(said)
    # "Mighty Grubnak, …", "old Wendel, …": a name with its honour ("madam" may be a name)
    first = said.split(" ", 1)[1] if titled is not None and " " in said else said
    forms = (said, first, said[titled.end() :]) if titled is not None else (said,)
    # ("great chief, …": "chief" may be the name itself, after one word of honour)
    lowered = ctx.raw.lower()
    called = ctx.raw.lstrip(" *'\"")  # "Maelis? Sister Maelis?": a name called
    for form in forms:
        for npc in ctx.scope.of("npc"):
            for name in npc.names:
                after = form[len(name) :].split()[:1]
                asks = bool(after) and after[0] in ctx.vocab.question_starts
                state_word = (form[len(name) :].split()[1:2] or [""])[0]
                if (
                    asks
                    and starts_with(form, name)
                    and after[0] in _SAID_OF
                    and not ctx.raw.rstrip().endswith("?")
                    and (state_word.endswith(("ing", "ed")) or state_word in _STATES)
                ):
                    # "grubnak is snoozing": said of him, not asked of him — a remark
                    return ctx.intent("ask", confidence=0.2, note=f"said of {npc.name}")
                marked = any(f"{name}{p}" in lowered for p in (",", ":", ".", "!"))
                marked = marked or (called[:1].isupper() and called.lower().startswith(f"{name}?"))
                if starts_with(form, name) and (greet or marked or asks):
                    rest = form[len(name) :].strip()
                    topic = topic_of(ctx, npc.id, rest) or about_words(rest, ctx.vocab)
                    return ctx.intent("talk", targets=(npc.id,), topic=topic)
    if greet and len(said.split()) <= 2 and not ctx.named("npc"):
        npcs = ctx.scope.of("npc")
        here = {n.id for n in npcs}
        away = [n.name for nid, n in (ctx.campaign.npcs.items() if ctx.campaign else ())
                if nid not in here and has_phrase(said, n.name.lower().split()[0])]  # fmt: skip
        if away:  # "hello Grubnak", in the inn: he is not here to answer
            who = ", ".join(n.name for n in npcs) or "nobody"
            return ctx.intent("ask", confidence=0.3, note=f"here to talk to: {who}; "
                              f"{away[0]} is not here")  # fmt: skip
        if len(npcs) == 1:
            return ctx.intent("talk", targets=(npcs[0].id,), confidence=0.8)
        return ctx.intent("talk", confidence=0.7)
    return None
