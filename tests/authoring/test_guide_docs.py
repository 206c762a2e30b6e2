"""The campaign reference closes with how the game reads a campaign at the table: each
behaviour an author meets while testing has its words there."""

from __future__ import annotations

from app.authoring.formatdoc import DOC_FILE, render


def test_the_reference_says_what_authors_need_to_know() -> None:
    page = render()
    assert page == DOC_FILE.read_text(encoding="utf-8")
    guide = " ".join(page.split("## How the game reads your campaign", 1)[1].split())
    for needed in (
        "the blow the player declared is not struck",  # a fight started by attacking
        "**surrenders**",  # surrender's rules
        "the one written first in the person's `topics` wins",  # two topics named
        "`Anyone:` is whoever may act",  # scripts
        "--scene ID --flag KEY=VALUE",  # late-scene simulation
        "an exit aliased `camp`",  # aliases against the referee's words
        "### Why a score changed",
        "at least half of them succeed",  # group checks
        "`changed.item.<character>`",  # a gift, tested
    ):
        assert needed in guide, needed
