"""Foes named by description, as players name them at the table: by what they are doing
to whom ("the rat chewing on Thorin"), by what was last done ("the one Mira just hit",
"finish it off"), by their gear ("the goblin with the spoon") and by their standing ("the
boss") — and "who is biting Aria?" answered from the fight itself."""

from __future__ import annotations

import pytest

from app.referee.answering import answer_from_game
from app.session.setup import session_for
from app.understanding import understand
from app.world.ledger import ActionPerformed
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


def test_awake_standing_and_on_the_ground_are_read_from_conditions() -> None:
    from rules.conditions import ActiveCondition, Condition

    state = game("cellar_rats_mira")
    state.creatures["giant-rat-1"].conditions.append(
        ActiveCondition(condition=Condition.UNCONSCIOUS)
    )
    state.creatures["giant-rat-2"].conditions.append(ActiveCondition(condition=Condition.PRONE))
    assert target_of(state, "mira", "stab the one on the ground") == ("giant-rat-2",)
    assert target_of(state, "mira", "stab the one that's still standing") == ("giant-rat-3",)
    awake = target_of(state, "mira", "stab the awake one")
    assert awake and awake[0] != "giant-rat-1"
    kind = understand("I shake the sleeping rat awake", "mira", state, state.campaign)
    assert kind.target == "giant-rat-1"  # awake is what it becomes


def test_nearly_dead_is_the_weakest_and_a_foe_can_be_ruled_out() -> None:
    state = game("cellar_rats_mira")
    wound(state, "giant-rat-2", 1)
    for line in ("kill the almost dead one", "stab the 1hp rat", "stab the nearly dead rat"):
        assert target_of(state, "mira", line) == ("giant-rat-2",), line
    wound(state, "giant-rat-3", 2)
    assert target_of(state, "mira", "stab the hurt one, not rat 2") == ("giant-rat-3",)
    assert "giant-rat-1" not in target_of(state, "mira", "stab anyone but rat 1")


def test_friends_are_named_by_class_or_kind_unless_a_person_of_the_story_is() -> None:
    from app.understanding.scope import build_scope

    state = game("cellar_rats_mira")
    scope = build_scope(state, state.campaign, "aria")
    names = {t.id: t.names for t in scope.of("member")}
    assert "dwarf" in names["thorin"] and "fighter" in names["thorin"]
    assert "rogue" in names["mira"] and "halfling" in names["mira"]
    hollow = build_situation(load_corpus(CORPUS).situations["yard_met"])
    cleric = next(c for c, s in hollow.party.items() if s.character_class == "Cleric")
    called = next(
        t for t in build_scope(hollow, hollow.campaign, None).of("member") if t.id == cleric
    )
    assert "cleric" in called.names and "priest" not in called.names  # the story has a priest


def test_the_one_someone_already_hurt_is_the_one_their_blow_landed_on() -> None:
    """Thorin missed Rat 1, then hit Rat 2: "the rat Thorin already hurt" is Rat 2 — the
    last he swung at is Rat 2 as well here, so the miss comes last to make it count."""
    state = game("cellar_rats_mira")
    fresh = state.truth.fresh
    fresh.append(ActionPerformed(actor="thorin", action="attack", target="giant-rat-2",
                                 detail="landed=1"))  # fmt: skip
    fresh.append(ActionPerformed(actor="thorin", action="attack", target="giant-rat-1",
                                 detail="landed=0"))  # fmt: skip
    assert target_of(state, "mira", "stab the rat thorin already hurt") == ("giant-rat-2",)
    assert target_of(state, "mira", "stab the one thorin attacked") == ("giant-rat-1",)
