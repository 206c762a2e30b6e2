"""Whether a line cut into clauses reads better than the line read whole: the whole took
its target from a later clause of another kind, every clause is a sure deed the whole
reading does not bear out, or the whole is one of the clauses after all."""

from __future__ import annotations

from app.understanding.clauses import own_deed, propose
from app.understanding.intent import Intent


def target_stolen(whole: Intent, read: list[Intent]) -> bool:
    """The whole line's reading took its target from a later clause of another kind
    ("healing word Ivo and then hit the hurt wolf" read whole heals the wolf): the first
    clause, read alone, is the same deed at its own target — the cut is right."""
    same = [c for c in read if c.kind == whole.kind]
    if len(read) < 2 or not same or not whole.target:
        return False  # (or from an earlier one: "inspire Ione and healing word Cass")
    others = {t for c in read if c.kind != whole.kind for t in c.targets}
    return whole.target in others and all(whole.target not in c.targets for c in same)


def plainer(whole: Intent, read: list[Intent]) -> bool:
    """Each clause of the cut is a sure deed of its own, and the whole line read as one
    was a guess no clause bears out ("back up the stairs and tell Berta her boy's safe"
    read whole as a deed with no word for it; "studies the sea … then heads up the
    headland path" as a move to the shore): the clauses are what the player said."""
    if (
        whole.kind == "improvise"
        and whole.target
        and len(read) >= 2
        and any(
            c.kind == "move" and c.confidence >= 0.8 and whole.target in c.targets for c in read
        )
    ):  # "I climb back down. Let's go ask the keeper …": down the way, not a climb roll
        return True
    if (
        whole.kind == "improvise"
        and whole.action == "auto"
        and len(read) == 1
        and read[0].kind == "challenge"
        and read[0].confidence >= 0.7
    ):  # "I get my axe out and hack at the padlock": the scene's own challenge, past the
        return True  # setting up, not the whole told back with nothing rolled
    if (
        whole.kind == "improvise"
        and whole.action == "auto"
        and read
        and all(c.kind == "move" and c.confidence >= 0.8 for c in read)
        and len({c.target for c in read}) == 1
    ):  # "back up the stairs, we take the boy home": the going, the boy along with it
        return True
    clear = all((c.confidence >= 0.8 and c.kind in CLEAR) or c.extra[:1] == ("free",)
                for c in read)  # fmt: skip
    clear = clear and not any(c.kind == "manoeuvre" and c.action == "dash" for c in read)
    apart = len({(c.kind, c.target) for c in read}) == len(read)
    unborne = whole.kind == "improvise" or not any(
        c.kind == whole.kind and whole.target in c.targets for c in read
    )
    return len(read) >= 2 and clear and apart and unborne and whole.kind in CLEAR | {"improvise"}


CLEAR = frozenset({"move", "examine", "talk", "attack", "cast", "feature", "challenge", "take",
                    "give", "use", "manoeuvre"})  # fmt: skip
"""Readings sure enough to stand as clauses of their own."""


def same(one: Intent, other: Intent) -> bool:
    """The whole line's reading is this clause's (the whole may have taken its target from
    a later clause: "second wind, then hit rat 2" read whole aims the feature at the rat)."""
    used = {one.kind, other.kind} == {"use", "improvise"}  # "light my torch": a thing used,
    if used and one.target is not None and one.target == other.target:  # or done with
        return True
    if one.kind != other.kind:
        return False
    if one.kind == "cast" and one.spell is not None and one.spell == other.spell:
        return True  # "bless ione and me then …": the blessing, on one or on both
    if one.kind == "cast" and one.spell and other.spell:
        return False  # two spells named: two casts, wherever the whole took its aim
    return one.target == other.target or not one.target or not other.target


def aimed_after(whole: Intent, read: list[Intent], pieces: list[str]) -> bool:
    """The blow first and at whom after it, as two clauses ("dagger throw, goblin 2"): one
    blow at the one named, which the whole line read as one already sees."""
    return (
        len(read) == len(pieces) == 2
        and whole.kind in ("attack", "cast")
        and bool(whole.targets)
        and all(c.kind == whole.kind for c in read)
        and read[1].targets == whole.targets != read[0].targets
        and read[0].confidence < whole.confidence
        and len(pieces[1].split()) <= 5
    )


WAITED = frozenset({"move", "challenge", "rest"})
"""What a plan waits on ("… before we go near the lighthouse"): a going, a crossing, a rest."""


def waited_on(text: str, whole: Intent) -> str | None:
    """The words of a line that are done now, when the line's own reading is only of the
    party's plan after them ("we eat something before we go near the lighthouse")."""
    pieces = propose(text)
    if whole.kind not in WAITED or not any(p.awaited and not own_deed(p) for p in pieces):
        return None
    return " ".join(p.text for p in pieces if not p.awaited)
