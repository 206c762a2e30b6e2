"""Foes named by description, as players name them at the table: by what they are doing
to whom ("the rat chewing on Thorin"), by what was last done ("the one Mira just hit",
"finish it off"), by their gear ("the goblin with the spoon") and by their standing ("the
boss") — and "who is biting Aria?" answered from the fight itself."""

from __future__ import annotations

import pytest

from app.dm.referee.answering import answer_from_game
from app.dm.understanding import understand
from app.session.setup import session_for
from app.world.state import GameState
from rules.positions import engage
from tests.app.referee_lines import play
from tests.referee_corpus import CORPUS, build_situation, load_corpus

SITUATIONS = load_corpus(CORPUS).situations


def game(situation: str) -> GameState:
    return build_situation(SITUATIONS[situation])


def target_of(state: GameState, actor: str, text: str) -> tuple[str, ...]:
    intent = understand(text, actor, state, state.campaign)
    assert intent.kind in ("attack", "cast"), (text, intent)
    return intent.targets


def wound(state: GameState, cid: str, hp: int) -> None:
    creature = state.creatures[cid]
    creature.vitals = creature.vitals.model_copy(update={"hp": hp})


async def test_the_one_someone_just_hit_is_read_from_the_ledger() -> None:
    state = game("cellar_rats_mira")
    # Rat 3 is the weakest, so a plain "attack" would go there: the description must not.
    wound(state, "giant-rat-3", 1)
    session = session_for(state)
    referee = await play(session, "mira", "I stab rat 2")
    assert referee.made[0].name == "attack"
    wound(state, "giant-rat-2", state.creatures["giant-rat-2"].vitals.max_hp)
    assert target_of(state, "aria", "fire bolt the one mira just hit") == ("giant-rat-2",)
    assert target_of(state, "mira", "stab the same one again") == ("giant-rat-2",)


def test_finish_it_off_means_the_wounded_foe_when_nobody_has_struck_yet() -> None:
    state = game("cellar_rats_thorin")  # rat 1 is wounded, rat 2 is not
    for line in ("finish it off", "finish him off!", "finish off the wounded one"):
        assert target_of(state, "thorin", line) == ("giant-rat-1",), line


def test_the_rat_on_someone_is_the_one_engaged_with_them() -> None:
    state = game("cellar_rats_thorin")
    assert state.encounter is not None
    assert target_of(state, "thorin", "attack a rat") == ("giant-rat-1",)  # the wounded one
    engage(state.encounter.positions, "giant-rat-2", "aria")
    lines = (
        "attack the rat chewing on Aria",
        "hit the one on aria",
        "kill whatever is biting Aria",
    )
    for line in lines:
        assert target_of(state, "thorin", line) == ("giant-rat-2",), line
    engage(state.encounter.positions, "giant-rat-2", "thorin")
    assert target_of(state, "thorin", "smack the rat next to me") == ("giant-rat-2",)


def test_a_description_that_fits_nobody_falls_back_to_the_usual_pick() -> None:
    state = game("cellar_rats_thorin")
    plain = target_of(state, "thorin", "attack a rat")
    assert target_of(state, "thorin", "attack the rat biting Aria") == plain


def test_gear_and_standing_tell_a_boss_from_his_band() -> None:
    state = game("hall_fight")
    boss = next(c for c, cr in state.creatures.items() if cr.npc == "grubnak")
    actor = next(iter(state.party))
    assert target_of(state, actor, "attack the goblin with the spoon") == (boss,)
    assert target_of(state, actor, "go for the boss") == (boss,)
    small = target_of(state, actor, "hit the little one")
    assert small and small[0] != boss


@pytest.mark.parametrize("line", ["who is biting aria?", "what's attacking Aria", "whos on aria"])
def test_who_is_on_someone_is_answered_from_the_fight(line: str) -> None:
    state = game("cellar_rats_thorin")
    assert state.encounter is not None
    engage(state.encounter.positions, "giant-rat-2", "aria")
    intent = understand(line, "thorin", state, state.campaign)
    said = answer_from_game(state, state.campaign, intent)
    assert said == "Giant Rat 2 is on Aria.", line


def test_nobody_on_someone_is_said_plainly() -> None:
    state = game("cellar_rats_thorin")
    intent = understand("who is biting aria?", "thorin", state, state.campaign)
    assert answer_from_game(state, state.campaign, intent) == "No foe is on Aria right now."
