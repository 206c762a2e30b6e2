"""What a character is and has left, the place the party stands in, and a player who thinks
the game has stopped: answered truly from the game, in and out of a fight, at no cost.

Typed into a real session run by the offline referee; every fact asserted is read from the
sheet, the features' data or the campaign, never written into the test, and the game is
exactly as it was after each answer (``Table.say`` checks it: no tool, no turn spent)."""

from __future__ import annotations

from app.session import declaring
from app.understanding import understand
from app.world.sheetfacts import signed
from rules.class_powers import inspiration_die
from rules.features import feature
from rules.positions import COVER_WORDS
from tests.app.conftest import narration
from tests.app.referee.test_answers_truth import Table
from tests.referee_corpus import Situation, build_situation

STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "ione"}  # fmt: skip
WOODS = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "ivo"}
CELLAR = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
          "fight": "cellar_rats", "turn": "thorin"}  # fmt: skip
INN = {"campaign": "crossroads", "scene": "inn"}
UNKNOWING = "no way of knowing"


async def test_a_feature_chosen_on_ones_own_sheet_is_told_in_a_fight() -> None:
    table = Table(STRAND)
    ione = table.state.party["ione"]
    for line in ("what's my favoured enemy again?", "whats my favored enemy"):
        said = await table.check("ione", line, ione.choices["favored_enemy"])
        assert UNKNOWING not in said
    await table.check("ione", "what's my fighting style", ione.choices["fighting_style"])
    await table.check("ione", "what is my natural explorer terrain",
                      ione.choices["natural_explorer"])  # fmt: skip
    archetype = feature("ranger_archetype")
    assert archetype is not None
    await table.check("ione", "what's my subclass", archetype.summary)
    await table.check("wren", "what's Ione's favoured enemy", ione.choices["favored_enemy"])


async def test_what_one_is_trained_in_is_read_off_the_sheet() -> None:
    table = Table(STRAND)
    ione = table.state.party["ione"]
    await table.check("ione", "what languages do i speak", *ione.languages)
    await table.check("ione", "do I speak elvish", "Yes", "Elvish")
    saves = [f"{x.full_name} {signed(ione.save_modifier(x))} (proficient)"
             for x in ione.saving_throws]  # fmt: skip
    await table.check("ione", "which saving throws am i proficient in", *saves)
    skills = [s.label for s in ione.skills]
    await table.check("ione", "what skills do i have", *skills)
    await table.check("ione", "what's my proficiency bonus", signed(ione.proficiency_bonus))
    await table.check("ione", "what's my spell attack bonus",
                      signed(ione.spell_attack_bonus or 0), f"DC {ione.spell_save_dc}")  # fmt: skip


async def test_the_uses_left_of_a_limited_feature_are_counted_never_the_foes() -> None:
    table = Table(WOODS)
    ivo = table.state.party["ivo"]
    left, most = ivo.uses_left("bardic_inspiration"), ivo.feature_uses("bardic_inspiration")
    die = inspiration_die(ivo.level).removeprefix("1")
    said = await table.check("ivo", "how many inspiration dice do I have left",
                             f"{left} of {most}", "Bardic Inspiration", die)  # fmt: skip
    assert "Wolf" not in said
    await table.check("ivo", "can i still use bardic inspiration", "Yes", f"{left} of {most}")
    dice = ivo.hit_dice
    await table.check("ivo", "how many hit dice do I have left",
                      f"{dice.remaining} of {dice.total}", f"d{dice.die}")  # fmt: skip
    await table.check("ivo", "what's my subclass", "no subclass yet", f"level {ivo.level}")
    bram = table.state.party["bram"]
    bram.resources["second_wind"] = 1  # spent: the answer says so
    await table.check("ivo", "how many second winds does Bram have left", "0 of 1", "short")


async def test_a_use_spent_from_another_feature_is_told_by_what_it_spends() -> None:
    table = Table({**STRAND, "turn": "cass"})
    cass = table.state.party["cass"]
    left = cass.uses_left("channel_divinity")
    await table.check("cass", "can i still turn undead", "Yes", "Channel Divinity",
                      f"{left} of {cass.feature_uses('channel_divinity')}")  # fmt: skip
    wren = table.state.party["wren"]
    await table.check("wren", "can I use cutting words", "Bardic Inspiration",
                      f"{wren.uses_left('bardic_inspiration')} of")  # fmt: skip


async def test_the_place_and_its_cover_are_told_in_a_fight_as_out_of_one() -> None:
    table = Table(CELLAR)
    scene = table.state.campaign.scenes["cellar"] if table.state.campaign else None
    assert scene is not None
    said = await table.check("thorin", "what is this place?", scene.name, "Ways on")
    assert UNKNOWING not in said
    casks = scene.features["casks"]
    assert casks.cover is not None
    await table.check("thorin", "is there any cover?", casks.name.lower(),
                      COVER_WORDS[casks.cover])  # fmt: skip
    inn = Table(INN)
    await inn.check("mira", "what is this place?", "The Crossroads Inn", "trapdoor")


async def test_a_player_who_thinks_the_game_stopped_is_told_whose_turn_it_is() -> None:
    table = Table(CELLAR)
    said = await table.say("thorin", "is the game broken? nothing happened")
    assert "Thorin's turn" in said and "attack" in said
    assert table.state.encounter is not None
    assert table.state.encounter.current.id == "thorin"  # no turn spent nor ended
    reply, _ = declaring.declare(table.session, "I attack rat 1", "thorin")
    assert reply.ok
    narration([e async for e in table.session.process()])
    now = table.state.encounter.current
    assert now.id != "thorin"
    reply, _ = declaring.declare(table.session, "is this thing working?", "thorin")
    assert reply.aside, reply.text  # asked out of turn: answered at once
    assert "Last turn: " in reply.text and f"{now.name}'s turn" in reply.text
    told = await Table(INN).say("mira", "nothing happened")
    assert "Anyone in the party may act" in told


def test_nothing_holds_the_turn_only_as_a_line_of_doing_nothing() -> None:
    state = build_situation(Situation.model_validate(CELLAR))
    for line in ("nothing", "Nothing.", "nothing this turn", "do nothing", "I do nothing",
                 "nothing, someone else go", "nothing for now"):  # fmt: skip
        assert understand(line, "thorin", state, state.campaign).kind == "hold", line
    for line in ("nothing happened", "is the game broken? nothing happened", "nothing works"):
        read = understand(line, "thorin", state, state.campaign)
        assert read.kind != "hold" and all(c.kind != "hold" for c in read.then), line


async def test_what_the_scene_says_of_a_thing_asked_about_is_told_never_more() -> None:
    table = Table(STRAND)
    campaign = table.state.campaign
    assert campaign is not None
    scene = " ".join(campaign.scenes["strand"].description.split())
    said = await table.check("ione", "is the young man still alive?", "dragging a young man")
    assert said in scene  # the scene's own sentence, nothing added
    warren = Table({"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True}})
    await warren.check("aria", "what are the goblins doing", "Two goblins")
    road = Table({"campaign": "crossroads", "scene": "old_road"})
    await road.check("aria", "where does this road go", "Ways on", "The Crossroads Inn")
    # the past of a place is never read into its description
    assert "tunnel" not in await Table(CELLAR).say("thorin", "how old is this tunnel?")


async def test_a_further_question_the_game_cannot_answer_leaves_the_first_answer_alone() -> None:
    table = Table(STRAND)
    ione = table.state.party["ione"]
    said = await table.check("ione", "what's my hp? and who rules the capital?",
                             f"{ione.vitals.hp} of {ione.vitals.max_hp} hit points")  # fmt: skip
    assert UNKNOWING not in said
    assert UNKNOWING in await table.say("ione", "who rules the capital?")


async def test_who_is_here_and_whose_go_it_is_are_asked_many_ways() -> None:
    inn = Table(INN)
    for line in ("wait who's even here? anyone in this place", "is there anyone out here with us?",
                 "who's in here besides us?"):  # fmt: skip
        await inn.check("mira", line, "Berta", "The party")
    await Table(CELLAR).check("thorin", "whose go is it?", "Thorin's turn")
    rats = Table({**CELLAR, "turn": "mira"})
    await rats.check("mira", "where did these things come from", "Giant Rat", "beast")


async def test_whether_one_is_hidden_is_read_from_the_hide_on_them() -> None:
    table = Table({**CELLAR, "turn": "mira"})
    await table.check("mira", "am i hidden right now?", "No", "not hidden")
    reply, _ = declaring.declare(table.session, "I hide behind the casks", "mira")
    assert reply.ok
    narration([e async for e in table.session.process()])
    assert any(e.id == "hidden" for e in table.state.party["mira"].effects)  # seeded: it went well
    await table.check("mira", "am i hidden right now?", "Yes", "advantage")
    fight = Table(CELLAR)
    await fight.check("thorin", "can we take a breather after this", "Once the fight is over")
    await fight.check("thorin", "can we rest?", "Not now")


async def test_a_feature_asked_for_by_a_players_word_and_a_weapon_trained_with() -> None:
    table = Table(STRAND)
    darkvision = feature("darkvision")
    assert darkvision is not None
    await table.check("ione", "how far can i see in the dark", darkvision.summary)
    await table.check(
        "ione", "what am i good at", *(s.label for s in table.state.party["ione"].skills)
    )
    await table.check("ione", "am i proficient with longbows", "Yes", "longbow")
    await table.check("wren", "am i proficient with longbows", "No", "not proficient")
    inspiration = feature("bardic_inspiration")
    assert inspiration is not None
    await table.check("wren", "what die is my inspiration", inspiration.summary)
