"""Lines of two or more actions, typed to the offline referee in both shipped campaigns:
every action is carried out in order, within the turn's action economy in a fight, and
what does not fit (or cannot be done) is said plainly — never a silent half."""

from __future__ import annotations

import json

import pytest

from app.actions.calls import ToolCall
from app.referee.referee import OfflineReferee
from app.session.session import GameSession
from app.session.setup import session_for
from app.world import intent, meaning
from app.world.state import GameState
from rules.character import CharacterSheet
from rules.effects import Effect
from tests.app.conftest import narration, turn
from tests.referee_corpus import CORPUS, Situation, build_situation, load_corpus

SITUATIONS = load_corpus(CORPUS).situations
SITUATIONS = {
    **SITUATIONS,  # the same fights with a healer's friend hurt: a heal is worth a slot
    "bell_strand_hurt": SITUATIONS["bell_strand_fight"].model_copy(update={"wounds": {"ione": 6}}),
    "bell_chapel_hurt": SITUATIONS["bell_chapel_fight"].model_copy(update={"wounds": {"cass": 6}}),
}
QUIET = frozenset({"set_flag", "reveal"})
"""Calls that only record what was learnt: left out of the sequences compared."""


@pytest.fixture(autouse=True)
def _by_keywords(monkeypatch: pytest.MonkeyPatch) -> None:
    """Campaign triggers hear the lines by keywords alone: these tests are about the
    referee, and need not wait for the meaning model to load."""
    monkeypatch.setattr(meaning, "_LOADED", [None])
    monkeypatch.setattr(intent, "_HEADS", [])  # no head kept from a model-less test


AIMED = {
    "cast_spell": "spell", "move_scene": "scene_id", "move": "to", "take_action": "action",
    "attempt_challenge": "challenge_id", "request_ability_check": "skill", "heal": "target_id",
}  # fmt: skip
"""The argument each call is shown with."""


def _label(call: ToolCall) -> str:
    """A call as the sequences below spell it: the tool and what it is aimed at."""
    args = json.loads(call.arguments)
    if call.name == "use_feature":
        option = [args["option"]] if "option" in args else []
        return ":".join(["use_feature", args["feature"], *option])
    if call.name == "attack":
        hand = ":off_hand" if args.get("mode") == "off_hand" else ""
        return f"attack:{args['target_id']}{hand}"
    key = AIMED.get(call.name)
    return f"{call.name}:{args[key]}" if key else call.name


async def _play(state: GameState, actor: str, text: str) -> tuple[list[str], str, GameSession]:
    session = session_for(state)
    events = await turn(session, (actor, text))
    referee = session.brain
    assert isinstance(referee, OfflineReferee)
    return [_label(c) for c in referee.made if c.name not in QUIET], narration(events), session


CASES = [
    # -- The Crossroads, in the cellar fight -------------------------------------------------
    ("cellar_rats_thorin", "thorin", "second wind and attack the rat",
     ["use_feature:second_wind", "attack:giant-rat-1", "end_turn"], ["Thorin uses Second Wind"]),
    ("cellar_rats_thorin", "thorin", "action surge and attack twice",
     ["use_feature:action_surge", "attack:giant-rat-1", "attack:giant-rat-2", "end_combat"],
     ["Thorin uses Action Surge"]),
    ("cellar_rats_thorin", "thorin", "drink my potion and attack rat 2",
     ["heal:thorin", "change_item", "end_turn"],
     ["Thorin's action this turn is already spent (on the healing potion); “attack rat 2” will "
      "have to wait for the next turn.", "Action Surge would give Thorin another action"]),
    ("cellar_rats_thorin", "thorin", "action surge, drink my potion and attack rat 2",
     ["use_feature:action_surge", "heal:thorin", "change_item", "attack:giant-rat-2", "end_turn"],
     ["Thorin drinks the healing potion"]),
    ("cellar_rats_thorin", "thorin", "I attack rat 1 and then attack rat 2",
     ["attack:giant-rat-1", "end_turn"],
     ["Thorin's action this turn is already spent; “attack rat 2” will have to wait"]),
    ("cellar_rats_thorin", "thorin", "hit rat 2 and then hit rat 1, I'll use action surge for it",
     ["attack:giant-rat-2", "use_feature:action_surge", "attack:giant-rat-1", "end_combat"],
     ["Thorin uses Action Surge"]),  # the surge asked for later makes room for the blow
    ("cellar_rats_thorin", "thorin", "I rage and hit the rat",
     [], ["Thorin has no Rage — it is not one of Thorin's", "say it again"]),  # (the plan
    # leaned on the rage: the blow is asked again, not struck without it)
    ("cellar_rats_mira", "mira", "hide then shoot rat 2",
     ["use_feature:cunning_action:hide", "attack:giant-rat-2", "end_turn"], []),
    ("cellar_rats_mira", "mira", "disengage and shoot the rat",
     ["use_feature:cunning_action:disengage", "attack:giant-rat-1", "end_turn"], []),
    ("cellar_rats_mira", "mira", "I stab rat 1 with my shortsword and then with my dagger",
     ["attack:giant-rat-1", "attack:giant-rat-1:off_hand", "end_turn"], ["(off hand)"]),
    ("cellar_rats_aria", "aria", "I step back from the rat and cast ray of frost on it",
     ["move:far", "cast_spell:ray_of_frost", "end_turn"], ["Aria moves to the edge"]),
    ("cellar_rats_aria", "aria", "magic missile then fire bolt at rat 2",
     ["cast_spell:magic_missile", "end_turn"],
     ["Aria's action this turn is already spent; “fire bolt at rat 2” will have to wait"]),
    ("cellar_rats_aria", "aria", "disengage and cast fire bolt at rat 2",
     ["take_action:disengage", "end_turn"],
     ["Aria's action this turn is already spent; “cast fire bolt at rat 2” will have to wait"]),
    ("cellar_rats_mira", "mira", "attack rat 1; hide",
     ["attack:giant-rat-1", "use_feature:cunning_action:hide"],
     ["Mira strikes Giant Rat 1", "Mira cannot hide in the thick of melee"]),
    ("cellar_rats_mira", "mira", "shoot rat 2 while I back away",  # a halfling walks 25 ft
     ["attack:giant-rat-2", "move:far"], ["Mira cannot get there: only 25 ft of movement left"]),
    ("warren_fight", "thorin", "second wind, then attack goblin 2",
     ["use_feature:second_wind", "attack:goblin-2", "end_turn"], ["Second Wind would be wasted"]),
    # -- The Drowned Bell, on the strand and in the chapel -----------------------------------
    ("bell_strand_fight", "ione", "shoot thrall 1 and then shoot it again",
     ["attack:drowned-thrall-1", "end_turn"],
     ["“shoot Drowned Thrall 1 again” will have to wait for the next turn"]),
    ("bell_strand_fight", "ione", "I drink my potion and shoot thrall 2",
     [], ["Ione does not carry the healing potion.", "“shoot thrall 2” — what was to come first"]),
    ("bell_strand_fight", "ione", "cast bless and then shoot thrall 2",
     [], ["Ione does not know Bless (Brother Cass does).",
          "say it again if that is still the plan"]),
    ("bell_strand_hurt", "ione", "cure wounds on myself and then shoot thrall 2",
     ["cast_spell:cure_wounds", "end_turn"],
     ["Ione's action this turn is already spent; “shoot thrall 2” will have to wait"]),
    ("bell_chapel_fight", "wren", "inspire Ione and then stab the ghost",
     ["use_feature:bardic_inspiration", "attack:the-grey-sister", "end_turn"],
     ["Wren uses Bardic Inspiration"]),
    ("bell_chapel_fight", "wren",
     "I give Ione bardic inspiration and cast vicious mockery at the grey sister",
     ["use_feature:bardic_inspiration", "cast_spell:vicious_mockery", "end_turn"],
     ["Wren casts Vicious Mockery"]),
    ("bell_chapel_hurt", "wren", "healing word on cass then vicious mockery on the ghost",
     ["cast_spell:healing_word", "cast_spell:vicious_mockery", "end_turn"],
     ["Wren casts Healing Word"]),
    ("bell_chapel_fight", "wren", "back off and cast vicious mockery on her",
     ["move:far", "cast_spell:vicious_mockery", "end_turn"], ["Wren moves to the edge"]),
    # -- Out of a fight: every step, in order ------------------------------------------------
    ("inn_met", "mira", "I go to the bar and then down the trapdoor",
     [], ["Mira goes over to the bar.", "The padlock holds the trapdoor shut."]),
    ("inn_unlocked", "thorin", "go to the bar and then down the trapdoor",
     ["move_scene:cellar"], ["Thorin goes over to the bar.", "Damp stone steps"]),
    ("inn_met", "mira", "I look at the hearth then at the trapdoor",
     [], ["A good fire.", "Oak planks bound with iron."]),
    ("inn_met", "aria",
     "Berta, could you lend us a lamp? and is there any other way into the cellar?",
     [], ["Berta smiles, a little distracted", "Berta: 'Ale, cheese, the winter sausages."]),
    ("inn_met", "mira", "ask Berta about the key and then about Tam",
     [], ["Berta: 'Lost it.", "Berta: 'Tam's my potboy"]),
    ("road", "thorin", "look at the tracks and follow them",
     ["request_ability_check:survival"], ["Small clawed feet"]),
    ("inn_unlocked", "thorin", "light my lantern, then we go down",
     ["move_scene:cellar"], ["A warm light steadies everyone's nerves", "Damp stone steps"]),
    ("inn_unlocked", "mira", "go down the trapdoor and then attack the rats",
     ["move_scene:cellar"], ["Roll for initiative!", "Mira will act when the turn comes round."]),
    ("cellar_clear", "mira", "go through the tunnel and then sneak past the guards",
     ["move_scene:warren", "attempt_challenge:sneak_past"], ["Two goblins dice"]),
    ("bell_harbour", "ione", "ask nessa about corin, then go up to the lighthouse",
     ["move_scene:lighthouse"], ["Nessa: 'My little brother.", "A squat stone tower"]),
    ("bell_harbour", "ione", "go up to the lighthouse and light the lamp there",
     ["move_scene:lighthouse", "attempt_challenge:light_lamp"], ["A squat stone tower"]),
    ("inn_met", "mira", "take the poker from the hearth and then pick the lock with it",
     ["attempt_challenge:trapdoor_lock"],
     ["Mira takes the poker from the hearth.", "The pick slips"]),  # the scene's words name a poker
    ("bell_lighthouse", "ione", "ask wendel about the chapel and then give him the locket",
     [], ["Wendel: 'The sea took it", "Ione cannot give him the locket: that is not carried."]),
    ("bell_harbour", "ione", "go up to the lighthouse and talk to wendel",
     ["move_scene:lighthouse"], ["A squat stone tower", "A stooped old man"]),
    ("bell_harbour", "cass", "Nessa, where did Corin go? And what is the bell?",
     [], ["Nessa: 'My little brother.", "Nessa: 'You can't hear it unless it's calling you."]),
    ("bell_lighthouse", "wren", "ask wendel about the bell then about the storm",
     [], ["Wendel: 'An old bell.", "Wendel: 'The surge came at the ebb."]),
    ("bell_lighthouse", "ione", "read the logbook and then ask wendel about the chapel",
     [], ["A keeper's log", "Wendel: 'The sea took it in the great storm."]),
    ("bell_lighthouse", "wren", "light the lamp then come back down and talk to wendel",
     ["attempt_challenge:light_lamp"], ["Wendel"]),
    ("bell_strand_after", "ione", "look around then head into the cave",
     [], ["Wet sand stretches out", "Where to? Ways on: the shore steps"]),
    # after a move, the person asked is the new place's (Nessa knows of "the keeper";
    # Wendel is the keeper)
    ("bell_harbour", "ione", "go up to the lighthouse and talk to the keeper",
     ["move_scene:lighthouse"], ["A squat stone tower", "A stooped old man"]),
    # in a fight, the cover taken is a step of its own before the blow
    ("cellar_rats_thorin", "thorin", "get behind the casks and attack rat 2",
     ["move:cover", "attack:giant-rat-2", "end_turn"], ["Thorin takes cover behind the casks"]),
    # "it" is the one the feature's words single out, not the first of its kind
    ("cellar_rats_mira", "mira", "cunning action dash over to rat 2 and stab it",
     ["use_feature:cunning_action:dash", "attack:giant-rat-2", "end_turn"],
     ["Giant Rat 2 reels"]),
    # "reckless attack" from one without the feature is a blow all the same
    ("cellar_rats_thorin", "thorin", "reckless attack on rat 2",
     ["attack:giant-rat-2", "end_turn"], ["Thorin strikes Giant Rat 2"]),
    # a place beyond the first move is gone on to from there
    ("bell_strand_after", "ione", "back to the harbour and then up to the lighthouse",
     ["move_scene:harbour", "move_scene:lighthouse"], ["Night on the crooked stone quay",
                                                       "A squat stone tower"]),
    # staying behind to watch a place goes nowhere ("back" is said before the look)
    ("bell_harbour", "wren", "i'll hang back and watch the lighthouse",
     [], ["The headland path leads to The Dark Lighthouse."]),
    # a look at each thing a list names
    ("inn_start", "thorin", "look at the hearth and the trapdoor",
     [], ["A good fire.", "Oak planks bound with iron."]),
    # "twice" in a line of one clause, with one attack a turn: said so, the rules' way
    ("cellar_rats_mira", "mira", "shoot rat 1 twice",
     ["attack:giant-rat-1", "end_turn"],
     ["Mira makes one attack with the Attack action (a second comes with Extra Attack"]),
    # a foe named who is already down is said, never a blow at another instead
    ("cellar_rats_thorin", "thorin", "fire my crossbow at rat 3",
     [], ["Giant Rat 3 is already down.", "Giant Rat 1, Giant Rat 2"]),
]  # fmt: skip


@pytest.mark.parametrize(("situation", "actor", "text", "calls", "said"), CASES)
async def test_every_action_of_the_line_is_carried_out_or_said(
    situation: str, actor: str, text: str, calls: list[str], said: list[str]
) -> None:
    made, told, _ = await _play(build_situation(SITUATIONS[situation]), actor, text)
    assert made == calls, told
    at = -1
    for sentence in said:  # each said, in the order the line asked
        assert sentence in told, told
        assert told.index(sentence) > at, told
        at = told.index(sentence)


def test_the_cases_cover_both_shipped_campaigns_in_and_out_of_fights() -> None:
    campaigns = {SITUATIONS[c[0]].campaign for c in CASES}
    fights = {SITUATIONS[c[0]].fight is not None for c in CASES}
    assert campaigns == {"crossroads", "drowned_bell"} and fights == {True, False}
    assert len(CASES) >= 25


def _barbarian(state: GameState, cid: str) -> None:
    """The character ``cid`` played as a 3rd-level barbarian (its place in the fight kept)."""
    state.party[cid] = CharacterSheet.model_validate(
        {
            "id": cid, "name": state.party[cid].name, "class": "Barbarian", "level": 3,
            "abilities": {"str": 16, "dex": 12, "con": 14, "int": 10, "wis": 12, "cha": 10},
            "vitals": {"hp": 20, "max_hp": 30}, "hit_dice": {"die": 12, "total": 3, "remaining": 3},
            "weapons": ["greataxe", "handaxe"],
        }
    )  # fmt: skip


@pytest.mark.parametrize(
    ("text", "calls"),
    [
        ("I rage and attack rat 2", ["use_feature:rage", "attack:giant-rat-2", "end_turn"]),
        ("rage, then reckless attack on rat 1",
         ["use_feature:rage", "use_feature:reckless_attack", "attack:giant-rat-1", "end_turn"]),
        ("attack rat 1 recklessly",
         ["use_feature:reckless_attack", "attack:giant-rat-1", "end_turn"]),
    ],
)  # fmt: skip
async def test_a_barbarian_rages_and_strikes_and_reckless_is_part_of_the_blow(
    text: str, calls: list[str]
) -> None:
    """SRD: Rage is a bonus action; Reckless Attack is chosen with the turn's first attack."""
    state = build_situation(SITUATIONS["cellar_rats_thorin"])
    _barbarian(state, "thorin")
    made, told, _ = await _play(state, "thorin", text)
    assert made == calls, told
    assert "Thorin uses Rage" in told if "rage" in calls[0] else "Thorin uses Reckless" in told


async def test_out_of_a_fight_a_potion_and_a_look_both_happen() -> None:
    """Outside a fight there is no action economy: a potion drunk leaves room for more."""
    state = build_situation(SITUATIONS["inn_met"].model_copy(update={"wounds": {"thorin": 6}}))
    made, told, _ = await _play(state, "thorin", "drink my potion and then look at the trapdoor")
    assert made == ["heal:thorin", "change_item"]
    assert "Thorin drinks the healing potion" in told and "Oak planks bound with iron" in told
    assert "will have to wait" not in told


async def test_smash_both_rats_strikes_each_once_when_action_surge_makes_room() -> None:
    """ "Action surge and smash both rats": one blow at each, in order."""
    state = build_situation(SITUATIONS["cellar_rats_mira"])
    state.encounter.turn_index = next(  # type: ignore[union-attr]
        i
        for i, c in enumerate(state.encounter.order)
        if c.id == "thorin"  # type: ignore[union-attr]
    )
    made, told, _ = await _play(state, "thorin", "action surge and smash both rats")
    swings = [m for m in made if m.startswith("attack:")]
    assert made[0] == "use_feature:action_surge" and len(swings) == 2
    assert len(set(swings)) == 2, told  # a different rat each time


async def test_a_hasted_fighter_drinks_and_still_makes_the_hasted_blow() -> None:
    """SRD (Haste): one more action a turn, for one weapon attack among others; the potion
    takes the turn's own action, so the blow is the Hasted one and the turn then ends."""
    state = build_situation(SITUATIONS["cellar_rats_thorin"])
    hasted = Effect(id="haste", name="Hasted", source="aria", ac_bonus=2, speed_multiplier=2,
                    extra_attacks=1, ends="end_of_source_turn", rounds=10)  # fmt: skip
    state.party["thorin"].effects.append(hasted)
    state.encounter.economy.pop("thorin", None)  # type: ignore[union-attr]
    made, told, _ = await _play(state, "thorin", "drink my potion and attack rat 2")
    assert made == ["heal:thorin", "change_item", "attack:giant-rat-2", "end_turn"], told
    assert "still has an action" not in told


async def test_extra_attack_makes_the_second_blow_the_line_asks_for() -> None:
    """SRD (Extra Attack, fighter 5th level): two attacks with one Attack action."""
    state = build_situation(SITUATIONS["cellar_rats_thorin"])
    sheet = state.party["thorin"].model_dump(by_alias=True)
    sheet |= {"level": 5, "hit_dice": {**sheet["hit_dice"], "total": 5, "remaining": 5}}
    state.party["thorin"] = CharacterSheet.model_validate(sheet)
    made, told, _ = await _play(state, "thorin", "attack rat 1 and then attack rat 2")
    assert made[:2] == ["attack:giant-rat-1", "attack:giant-rat-2"], told
    assert "will have to wait" not in told


async def test_closing_in_and_striking_is_one_blow() -> None:
    state = build_situation(SITUATIONS["cellar_rats_thorin"])
    made, told, _ = await _play(state, "thorin", "charge rat 2 and hit it")
    assert made == ["attack:giant-rat-2", "end_turn"] and "will have to wait" not in told


async def test_her_after_a_move_is_the_woman_of_the_new_place() -> None:
    """Tam and Berta are both in the inn: "ask her" is Berta (the campaign gives each NPC a
    pronoun)."""
    state = build_situation(
        Situation(campaign="crossroads", scene="cellar", met=["berta"],
                  flags={"trapdoor_open": True, "tam_found": True}, defeated=["cellar_rats"])
    )  # fmt: skip
    _, told, session = await _play(
        state, "thorin", "take Tam back up to Berta and ask her about the reward"
    )
    assert session.state.scene.id == "inn"
    assert "Berta: 'Twenty gold, as promised" in told
