"""The referee corpus is sound: it loads, every situation builds, and every label names
things that exist where the line is typed — so a benchmark failure is the referee's, never
a typo in the specification."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.state import GameState
from app.world.validate import validate_campaign
from app.world.view import exit_open
from rules.damage import LifeState
from rules.srd import srd
from tests.referee_corpus import (
    CORPUS,
    DATA_DIR,
    DEV,
    HOLDOUT,
    HOLDOUT3,
    HOLDOUT4,
    HOLDOUT5,
    HOLDOUT6,
    HOLDOUT7,
    HOLDOUT8,
    HOLDOUT9,
    HOLDOUT10,
    HOLDOUT11,
    HOLDOUT12,
    HOLDOUT13,
    HOLDOUT14,
    HOLDOUT15,
    HOLDOUT16,
    HOLDOUT17,
    HOLDOUT18,
    HOLDOUT19,
    HOLDOUT20,
    HOLDOUT21,
    HOLDOUT22,
    HOLDOUT23,
    HOLDOUT24,
    HOLDOUT25,
    HOLDOUT26,
    HOLDOUT27,
    HOLDOUT28,
    HOLDOUT29,
    HOLDOUT30,
    HOLDOUT31,
    HOLDOUT32,
    HOLDOUT33,
    HOLDOUT34,
    HOLDOUT35,
    HOLDOUT36,
    HOLDOUT37,
    HOLDOUT38,
    HOLDOUT39,
    HOLDOUT40,
    HOLDOUT41,
    HOLDOUT42,
    HOLDOUT43,
    HOLDOUT44,
    HOLDOUT45,
    INTENTS,
    Corpus,
    CorpusError,
    Situation,
    build_situation,
    campaign_named,
    load_corpus,
)

FILES = {
    "corpus": CORPUS,
    "dev": DEV,
    "holdout": HOLDOUT,
    "holdout3": HOLDOUT3,
    "holdout4": HOLDOUT4,
    "holdout5": HOLDOUT5,
    "holdout6": HOLDOUT6,
    "holdout7": HOLDOUT7,
    "holdout8": HOLDOUT8,
    "holdout9": HOLDOUT9,
    "holdout10": HOLDOUT10,
    "holdout11": HOLDOUT11,
    "holdout12": HOLDOUT12,
    "holdout13": HOLDOUT13,
    "holdout14": HOLDOUT14,
    "holdout15": HOLDOUT15,
    "holdout16": HOLDOUT16,
    "holdout17": HOLDOUT17,
    "holdout18": HOLDOUT18,
    "holdout19": HOLDOUT19,
    "holdout20": HOLDOUT20,
    "holdout21": HOLDOUT21,
    "holdout22": HOLDOUT22,
    "holdout23": HOLDOUT23,
    "holdout24": HOLDOUT24,
    "holdout25": HOLDOUT25,
    "holdout26": HOLDOUT26,
    "holdout27": HOLDOUT27,
    "holdout28": HOLDOUT28,
    "holdout29": HOLDOUT29,
    "holdout30": HOLDOUT30,
    "holdout31": HOLDOUT31,
    "holdout32": HOLDOUT32,
    "holdout33": HOLDOUT33,
    "holdout34": HOLDOUT34,
    "holdout35": HOLDOUT35,
    "holdout36": HOLDOUT36,
    "holdout37": HOLDOUT37,
    "holdout38": HOLDOUT38,
    "holdout39": HOLDOUT39,
    "holdout40": HOLDOUT40,
    "holdout41": HOLDOUT41,
    "holdout42": HOLDOUT42,
    "holdout43": HOLDOUT43,
    "holdout44": HOLDOUT44,
    "holdout45": HOLDOUT45,
}


@pytest.fixture(scope="module", params=sorted(FILES))
def corpus(request: pytest.FixtureRequest) -> Corpus:
    return load_corpus(FILES[request.param])


@pytest.fixture(scope="module")
def states(corpus: Corpus) -> dict[str, GameState]:
    return {name: build_situation(spec) for name, spec in corpus.situations.items()}


@pytest.mark.parametrize(
    "folder", sorted(p.parent for p in (DATA_DIR / "campaigns").glob("*/campaign.toml"))
)
def test_the_test_campaigns_are_sound(folder: Path) -> None:
    campaign = load_campaign(folder)
    assert campaign.campaign.language == "en"
    assert validate_campaign(campaign) == []


def readme_intents() -> set[str]:
    """The intents in the README's table (its first column)."""
    text = (DATA_DIR / "README.md").read_text(encoding="utf-8")
    table = text.split("| intent |", 1)[1].split("\n\n", 1)[0]
    found = set()
    for row in table.splitlines()[2:]:
        found |= set(re.findall(r"`([a-z]+)`", row.split("|")[1]))
    return found


def test_the_main_corpus_is_large_enough() -> None:
    corpus = load_corpus(CORPUS)
    lines = corpus.lines
    assert len(lines) >= 400
    by_campaign = Counter(corpus.situations[ln.situation].campaign for ln in lines)
    # Not one campaign's words: two campaigns carry most of it, each a good share.
    shares = sorted(by_campaign.values(), reverse=True)
    assert len(shares) >= 2 and shares[1] >= 0.4 * len(lines)


def test_the_corpus_covers_fights(corpus: Corpus) -> None:
    fighting = [ln for ln in corpus.lines if corpus.situations[ln.situation].fight]
    assert len(fighting) >= (120 if len(corpus.lines) >= 400 else 25)


def test_holdout_lines_are_not_copies_of_corpus_lines() -> None:
    seen = {ln.text.lower() for ln in load_corpus(CORPUS).lines}
    assert not [ln.text for ln in load_corpus(HOLDOUT).lines if ln.text.lower() in seen]


def test_the_loader_takes_only_the_intents_of_the_readme() -> None:
    assert readme_intents() == set(INTENTS)


def test_every_situation_builds(corpus: Corpus, states: dict[str, GameState]) -> None:
    for name, spec in corpus.situations.items():
        state = states[name]
        assert state.scene.id == spec.scene, name
        if spec.fight is not None:
            assert state.encounter is not None, name
            if spec.turn is not None:
                assert state.encounter.current.id == spec.turn, name
        for cid in spec.dead:
            assert state.creatures[cid].vitals.state is LifeState.DEAD, name


def _ids(spec: Situation, state: GameState, campaign: Campaign) -> set[str]:
    """What a line's target may name in its situation."""
    here = campaign.scenes[spec.scene]
    return {
        *campaign.npcs, *campaign.scenes, *here.features, *campaign.items,
        *campaign.challenges, *state.party, *state.creatures,
    }  # fmt: skip


def test_every_label_names_what_exists(corpus: Corpus, states: dict[str, GameState]) -> None:
    problems = []
    for n, line in enumerate(corpus.lines):
        spec = corpus.situations[line.situation]
        state, campaign = states[line.situation], campaign_named(spec.campaign)
        where = f"line {n} ({line.text[:40]!r})"
        if line.actor not in state.party:
            problems.append(f"{where}: actor {line.actor!r} is not in the party")
        if spec.players is not None and state.controller_of(line.actor) is None:
            problems.append(f"{where}: nobody at the table plays {line.actor!r}")
        if line.by is not None and line.by not in state.party:
            problems.append(f"{where}: by {line.by!r} is not in the party")
        if line.to is not None and line.to not in {*campaign.npcs, *state.party}:
            problems.append(f"{where}: to {line.to!r} is neither a person nor in the party")
        if line.target is not None and line.target not in _ids(spec, state, campaign):
            problems.append(f"{where}: target {line.target!r} is unknown here")
        if line.spell is not None and line.spell not in srd().spells:
            problems.append(f"{where}: {line.spell!r} is not an SRD spell id")
        for intent in [line.intent, *line.accept]:
            if intent not in readme_intents():
                problems.append(f"{where}: intent {intent!r} is not in the README's table")
    assert not problems, "\n".join(problems)


def test_labels_agree_with_the_situation(corpus: Corpus, states: dict[str, GameState]) -> None:
    """A line marked possible can be done (the caster knows the spell, the item is carried,
    the exit is open, the foe is alive); a line marked impossible really cannot."""
    problems = []
    for n, line in enumerate(corpus.lines):
        spec = corpus.situations[line.situation]
        state, campaign = states[line.situation], campaign_named(spec.campaign)
        who = state.party[line.by or line.actor]
        where = f"line {n} ({line.text[:40]!r})"
        if line.intent == "cast" and line.possible and line.spell not in who.spells:
            problems.append(f"{where}: {who.name} does not know {line.spell}")
        if line.intent in ("use", "give") and line.target in campaign.items:
            item = campaign.items[line.target]
            names = {item.name.lower(), *(a.lower() for a in item.aliases)}
            carried = any(i.lower() in names for i in who.inventory)
            if carried != line.possible:
                problems.append(f"{where}: {who.name} carries {item.name}: {carried}")
        if line.intent == "move" and line.target is not None:
            exits = {e.to: e for e in campaign.scenes[spec.scene].exits}
            if line.target not in exits:
                problems.append(f"{where}: no exit from {spec.scene} to {line.target}")
            else:
                is_open = exit_open(state, exits[line.target])  # (its flag, or its when)
                if is_open != line.possible:
                    problems.append(f"{where}: the way to {line.target} is open: {is_open}")
        if line.intent == "attack" and line.target in state.creatures:
            alive = state.creatures[line.target].vitals.state is not LifeState.DEAD
            if alive != line.possible:
                problems.append(f"{where}: {line.target} is alive: {alive}")
        if line.intent == "rest" and line.possible and spec.fight is not None:
            problems.append(f"{where}: nobody rests in the middle of a fight")
        if line.intent in ("foreign", "ask", "refuse") and line.by is not None:
            problems.append(f"{where}: a line with no action names no actor")
    assert not problems, "\n".join(problems)


def test_a_bad_corpus_is_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        '[situations.s]\ncampaign = "crossroads"\nscene = "inn"\nweather = "rain"\n'
        '[[lines]]\nsituation = "t"\nactor = "mira"\ntext = "hi"\nintent = "wave"\n'
        'category = "social"\n',
        encoding="utf-8",
    )
    with pytest.raises(CorpusError) as error:
        load_corpus(path)
    message = str(error.value)
    assert "weather" in message and "wave" in message


def test_a_situation_that_names_what_is_not_there_is_refused() -> None:
    with pytest.raises(CorpusError, match="giant-rat-9"):
        build_situation(
            Situation(campaign="crossroads", scene="cellar", fight="cellar_rats",
                      wounds={"giant-rat-9": 3})
        )  # fmt: skip
    with pytest.raises(CorpusError, match="no campaign"):
        build_situation(Situation(campaign="atlantis", scene="inn"))
