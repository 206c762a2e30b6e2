"""Everything ``dungeon validate`` reports about a campaign: the world's own checks
(:func:`app.world.validate.validate_campaign`: references, reachability, flags, unused
content, absent people named in text) and the one only the understanding stage can make —
whether each phrase that should provoke a challenge reaches it
(:mod:`app.referee.challenge_phrases`), and whether each name and alias reaches what it
names rather than one of the referee's own words or a thing of the same word
(:mod:`app.authoring.alias_checks`)."""

from __future__ import annotations

from app.authoring.alias_checks import alias_problems
from app.referee.challenge_phrases import phrase_problems
from app.world.campaign import Campaign
from app.world.references import Problem
from app.world.validate import validate_campaign


def campaign_problems(campaign: Campaign) -> list[Problem]:
    """Every problem of the campaign. The phrases and names are read only in a campaign
    that can be played: with a broken reference there is no game to read them in, and those
    errors come first."""
    problems = validate_campaign(campaign)
    if any(p.breaks_play for p in problems):
        return problems
    return problems + phrase_problems(campaign) + alias_problems(campaign)
