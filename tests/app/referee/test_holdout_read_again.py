"""Lines the last blind holdout showed the referee misreading, each read as a DM would:
a held character's "escape" breaks the hold, "just kidding" takes back what came before,
"duck back" steps out of reach (never the whole party fleeing), "heal up" is a heal, the
one "still awake" or "on its back" is the one struck, a blade flipped in the hand is no
second blow, a bard's cruel verse is Vicious Mockery, a question about a mockery's DC casts
nothing, and a line put to a friend of one's own table is the player's to say."""

from __future__ import annotations

from app.referee.answering import answer_from_game
from app.session import declaring
from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

HALL_HELD = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
             "turn": "mira", "conditions": {"mira": ["grappled"]}}  # fmt: skip
RATS_ASLEEP = {
    "campaign": "crossroads",
    "scene": "cellar",
    "fight": "cellar_rats",
    "turn": "mira",
    "conditions": {"giant-rat-1": ["unconscious"], "giant-rat-3": ["unconscious"]},
}
RATS_PRONE = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
              "turn": "thorin", "conditions": {"giant-rat-2": ["prone"]}}  # fmt: skip
BARROW = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead", "turn": "bram"}
WOLVES = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "ivo",
          "dead": ["wolf-1"]}  # fmt: skip
STRAND_AFTER = {"campaign": "drowned_bell", "scene": "strand", "wounds": {"wren": 7},
                "flags": {"corin_saved": True, "cave_found": True},
                "defeated": ["strand_thralls"]}  # fmt: skip
GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
          "turn": "mira", "wounds": {"goblin-1": 5}}  # fmt: skip


def test_escape_while_held_breaks_the_hold_and_the_blow_waits() -> None:
    said = read(HALL_HELD, "mira", "escape and then stab the boss")
    assert [(c.kind, c.action) for c in said] == [
        ("manoeuvre", "escape_grapple"), ("attack", None)
    ]  # fmt: skip
    free = {**HALL_HELD, "conditions": {}}
    assert read(free, "mira", "escape")[0].action == "flee"  # nobody holds her: she runs


async def test_a_hold_nobody_makes_is_broken_with_a_check_not_a_message_for_the_dm() -> None:
    said = await told(HALL_HELD, "mira", "break free")
    assert "set_condition" not in said and "escape a hold" not in said.lower()


def test_just_kidding_takes_back_what_came_before() -> None:
    said = read(RATS_ASLEEP, "mira", "I stab rat 2. jk, I stab rat 3")
    assert [(c.kind, c.targets) for c in said] == [("attack", ("giant-rat-3",))]
    assert read(RATS_ASLEEP, "mira", "I stab rat 2. jk")[0].kind == "ask"


def test_the_one_still_awake_or_on_its_back_is_the_one_struck() -> None:
    line = (
        "Mira grins. Two of them are snoring. She flips her dagger into a reverse grip, "
        "pads over to the rat that's still awake and drives her shortsword into its flank."
    )
    said = read(RATS_ASLEEP, "mira", line)
    assert [(c.kind, c.targets, c.action) for c in said] == [("attack", ("giant-rat-2",), None)]
    assert read(RATS_PRONE, "thorin", "hit the rat that's on its back")[0].targets == (
        "giant-rat-2",
    )
    assert read(RATS_ASLEEP, "mira", "shortsword and dagger at rat 2")[0].action == "both"


def test_the_wounded_one_is_struck_not_the_other_whose_swing_is_dodged() -> None:
    said = read(GUARDS, "mira", "Mira darts in low and puts her shortsword into the wounded "
                                "one, then rolls away from the other one's swing")  # fmt: skip
    assert said[0].targets == ("goblin-1",)


async def test_duck_back_after_a_shot_steps_out_of_reach_and_nobody_flees() -> None:
    session = session_for(build_situation(Situation.model_validate(BARROW)))
    referee = await play(session, "bram", "shoot skeleton 2 and then duck back")
    names = [c.name for c in referee.made]
    assert "move_scene" not in names and session.state.scene.id == "barrow"
    assert read(BARROW, "bram", "duck back")[0].action == "withdraw"


async def test_a_charge_after_the_action_is_spent_is_the_move_to_that_foe() -> None:
    wolves = {**WOLVES, "dead": [], "turn": "bram"}
    session = session_for(build_situation(Situation.model_validate(wolves)))
    referee = await play(session, "bram", "throw the handaxe at wolf 1, then charge wolf 2")
    moves = [c for c in referee.made if c.name == "move"]
    assert moves and '"engage"' in moves[0].arguments and "wolf-2" in moves[0].arguments


def test_heal_up_heals_and_lets_heal_up_rests() -> None:
    said = read(STRAND_AFTER, "wren", "Heal up and then go into the cave")
    assert [(c.kind, c.targets) for c in said] == [("cast", ("wren",)), ("move", ("sea_cave",))]
    assert read(STRAND_AFTER, "wren", "let's heal up")[0].kind == "rest"


def test_a_cruel_verse_from_a_bard_is_mockery_and_asking_its_dc_casts_nothing() -> None:
    ghost = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "wren"}
    sung = read(ghost, "wren", "she sings a verse so cruel it should make a ghost wince")
    assert [(c.kind, c.targets) for c in sung] == [("cast", ("the-grey-sister",))]
    asked = read(WOLVES, "ivo", "what DC do they save against when I mock them?")[0]
    assert asked.kind == "question"
    state = build_situation(Situation.model_validate(WOLVES))
    assert "spell save DC 13" in (answer_from_game(state, state.campaign, asked) or "")


def test_spells_told_by_what_they_do_are_those_spells() -> None:
    for line, spell in (("I blast it with a boom of thunder", "thunderwave"),
                        ("outline it in glowing light", "faerie_fire"),
                        ("I heal Ivo with a word of power", "healing_word")):  # fmt: skip
        said = read(WOLVES, "ivo", line)[0]
        assert (said.kind, said.spell) == ("cast", spell), line
    crushed = read(
        {**BARROW, "turn": "sela"}, "sela", "crush skeleton 3's bones with holy radiance"
    )
    assert (crushed[0].kind, crushed[0].spell) == ("cast", "sacred_flame")
    tune = read(WOLVES, "ivo", "play a rousing tune for Sela")[0]
    assert (tune.kind, tune.action, tune.targets) == ("feature", "bardic_inspiration", ("sela",))


def test_turning_undead_and_driving_them_back_is_one_deed_and_a_breath_is_no_rest() -> None:
    turned = read(
        {**BARROW, "turn": "sela"}, "sela", "present my holy symbol and drive the dead back"
    )
    assert [(c.kind, c.action) for c in turned] == [("feature", "turn_undead")]
    yard = {"campaign": "hollow_ford", "scene": "mill_yard"}
    breath = read(yard, "bram", "I catch my breath, second wind")
    assert [(c.kind, c.action) for c in breath] == [("feature", "second_wind")]


def test_a_question_put_to_a_friend_of_ones_own_is_the_players_to_say() -> None:
    woods = {"campaign": "hollow_ford", "scene": "woods", "flags": {"barrow_open": True},
             "defeated": ["woods_wolves"]}  # fmt: skip
    for line in ("Bless us before we go in, Sela?", "Sela, can you bless us?"):
        said = read(woods, "ivo", line)[0]
        assert said.kind == "ask" and "Sela is yours to play" in said.note, line
    inn = {"campaign": "crossroads", "scene": "inn"}
    asked = read(inn, "thorin", "Mira, pick that lock will you")[0]
    assert asked.kind == "challenge"  # bidden, not asked: she does it


def test_table_talk_out_of_turn_is_heard_not_refused() -> None:
    table = {
        "campaign": "drowned_bell",
        "scene": "strand",
        "fight": "strand_thralls",
        "turn": "cass",
        "players": {"Dee": ["ione"], "Eli": ["cass"], "Fay": ["wren"]},
    }
    session = session_for(build_situation(Situation.model_validate(table)))
    reply, who = declaring.declare(session, "Eli you should turn them, they're undead", "ione")
    assert who is None and reply.aside
    assert reply.text.startswith("Eli hears you: table talk") and "What does" not in reply.text


def test_a_player_naming_themself_asks_their_own_question() -> None:
    warren = {"campaign": "crossroads", "scene": "warren",
              "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
    said = read(warren, "mira", "Ana asks: how many goblins are there?")[0]
    assert said.kind == "question"
    yard = {"campaign": "hollow_ford", "scene": "mill_yard"}
    asked = read(yard, "ivo", "can I ask Hobb about the door?")[0]
    assert (asked.kind, asked.targets) == ("talk", ("hobb",))


def test_a_line_in_a_neighbouring_language_is_said_to_be_foreign() -> None:
    said = read(RATS_ASLEEP, "mira", "Lanzo mi daga a la rata despierta.")[0]
    assert said.kind == "foreign"


def _answer(spec: dict[str, object], actor: str, text: str) -> str:
    state = build_situation(Situation.model_validate(spec))
    return answer_from_game(state, state.campaign, read(spec, actor, text)[0]) or ""


def test_answers_the_sheet_and_the_fight_know() -> None:
    ranger = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "ione"}  # fmt: skip
    assert "+7 to hit (Archery included)" in _answer(
        ranger, "ione", "What's my longbow attack bonus?"
    )
    wren = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "wren"}
    assert "(a 15-foot cube)" in _answer(wren, "wren", "how big is thunderwave?")
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin",
            "wounds": {"thorin": 9}, "dead": ["giant-rat-1"]}  # fmt: skip
    assert "22 of 31 hit points" in _answer(rats, "thorin", "how many hitpoints am I down to")
    assert "22 of 31 hit points" in _answer(rats, "thorin", "am I still on my feet?")
    assert _answer(rats, "thorin", "what's my to hit").startswith("Longsword: +5 to hit")
    assert _answer(rats, "thorin", "Which rat did Thorin kill?") == "Giant Rat 1 is dead."
    assert "goes after Thorin" in _answer(rats, "thorin", "who's after me?")


def test_what_is_carried_is_asked_of_the_game_not_the_person_here() -> None:
    crown = {
        "campaign": "hollow_ford",
        "scene": "barrow",
        "met": ["wren"],
        "flags": {"wren_found": True, "barrow_open": True, "crown_taken": True},
        "give": {"ivo": ["rusted crown"]},
        "defeated": ["woods_wolves", "barrow_dead"],
    }
    said = read(crown, "bram", "do I have the crown?")[0]
    assert said.kind == "question"
    assert _answer(crown, "bram", "do I have the crown?") == "No: Bram carries no crown (Ivo does)."
    cellar = {"campaign": "crossroads", "scene": "cellar", "give": {"aria": ["silver key"]}}
    assert "coins" not in _answer(cellar, "aria", "What does this silver key open?")


def test_plain_table_words_for_rests_help_the_pack_and_shots() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "wounds": {"thorin": 5}}
    for line, kind in (("I'd like to spend a hit die", "rest"),
                       ("what've I got on me", "inventory"),
                       ("how does fighting work in this game?", "help"),
                       ("what all can I do on my turn?", "help"),
                       ("hp check for me pls", "question"),
                       ("Is anybody in the party wounded?", "question")):  # fmt: skip
        assert read(inn, "aria", line)[0].kind == kind, line
    assert "Worst hurt: Thorin" in _answer(inn, "aria", "Is anybody in the party wounded?")
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "ione"}  # fmt: skip
    for line in ("pew pew thrall 1", "snipe thrall 1 from behind the rocks"):
        assert read(strand, "ione", line)[0].targets == ("drowned-thrall-1",), line
    after = {**STRAND_AFTER}
    asked = read(after, "ione", "Wren, how many hit points have you got?")[0]
    assert asked.kind == "question"  # about her, not a request of her
