"""Everything ``dungeon validate`` reports about a campaign: the world's own checks
(:func:`app.world.validate.validate_campaign`: references, reachability, flags, unused
content, absent people named in text) and the one only the understanding stage can make —
whether each phrase that should provoke a challenge reaches it
(:mod:`app.dm.referee.challenge_phrases`)."""

from __future__ import annotations

from app.dm.referee.challenge_phrases import phrase_problems
from app.world.campaign import Campaign
from app.world.references import Problem
from app.world.validate import validate_campaign


def campaign_problems(campaign: Campaign) -> list[Problem]:
    """Every problem of the campaign. The phrases are read only in a campaign that can be
    played: with a broken reference there is no game to read them in, and those errors
    come first."""
    problems = validate_campaign(campaign)
    if any(p.breaks_play for p in problems):
        return problems
    return problems + phrase_problems(campaign)
