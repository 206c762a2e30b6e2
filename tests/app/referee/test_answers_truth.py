"""Questions the game knows the answer to are answered truthfully, from the game itself, and
cost nothing: typed into a real session run by the offline referee, in and out of fights,
in both shipped campaigns, phrased many ways (typos too). Every number asserted is read from
the state or the rules, never written into the test; after each answer the game is exactly
as it was (no tool called, no action, movement or item spent).

People asked what their topics do not cover answer in their own voice, and foes spoken to
in a fight answer as foes do — never "Nobody here answers to that"."""

from __future__ import annotations

import json

from app.actions.sets import ALL_TOOLS
from app.referee.referee import OfflineReferee
from app.referee.voices import off_topic
from app.session import declaring
from app.session.session import GameSession
from app.session.setup import session_for
from app.world.npcspec import NPCSpec
from app.world.sheetfacts import signed
from app.world.state import GameState
from rules.srd import srd
from tests.app.conftest import narration
from tests.referee_corpus import Situation, build_situation, campaign_named

INN = {"campaign": "crossroads", "scene": "inn"}
INN_MET = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin",
        "flags": {"trapdoor_open": True}, "wounds": {"thorin": 4, "giant-rat-1": 5}}  # fmt: skip
GOBLINS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
           "turn": "thorin", "flags": {"trapdoor_open": True}}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats"],
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
        "met": ["grubnak"]}  # fmt: skip
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"]}
LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"]}
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "ione", "wounds": {"cass": 5}}  # fmt: skip

DODGE = "Nobody here can say for certain"
"""The old canned dodge: never the answer to what the game knows."""


def snapshot(state: GameState) -> str:
    """Everything a question must leave alone: sheets, foes, the fight's turn and economy,
    flags, challenges, the scene."""
    fight = state.encounter
    return json.dumps(
        {
            "party": {c: s.model_dump(mode="json") for c, s in state.party.items()},
            "foes": {c: f.model_dump(mode="json") for c, f in state.creatures.items()},
            "fight": None
            if fight is None
            else [
                fight.current.id,
                fight.round,
                {c: e.model_dump() for c, e in fight.economy.items()},
            ],
            "flags": state.flags,
            "challenges": state.challenges,
            "scene": state.scene.id,
        },
        sort_keys=True,
        default=str,
    )


class Table:
    """One game, brought to a situation, with a session run by the offline referee."""

    def __init__(self, spec: dict[str, object]) -> None:
        self.state = build_situation(Situation.model_validate(spec))
        self.session: GameSession = session_for(self.state)

    async def say(self, actor: str, line: str) -> str:
        """Type the line as ``actor``, play it, and return what was told; the game must be
        unchanged and no tool called."""
        before = snapshot(self.state)
        reply, who = declaring.declare(self.session, line, actor)
        assert reply.ok, (line, reply.text)
        if reply.aside:  # asked out of turn: answered at once, the turn still someone else's
            said = reply.text
        else:
            assert who == actor, (line, reply.text)
            said = narration([e async for e in self.session.process()])
        referee = self.session.brain
        assert isinstance(referee, OfflineReferee)
        assert referee.planned == [], (line, referee.planned)
        assert snapshot(self.state) == before, line
        assert DODGE not in said and "Nobody here answers" not in said, (line, said)
        return said

    async def check(self, actor: str, line: str, *wanted: str) -> str:
        """Ask, and require every wanted text in the answer."""
        said = await self.say(actor, line)
        for text in wanted:
            assert text in said, (line, text, said)
        return said


def hp(state: GameState, cid: str) -> str:
    vit = state.party[cid].vitals
    return f"{vit.hp} of {vit.max_hp} hit points"


def weapon(state: GameState, cid: str, weapon_id: str) -> list[str]:
    sheet = state.party[cid]
    attack = sheet.weapon_attack(weapon_id)
    # SRD Archery fighting style: +2 to attack rolls with ranged weapons
    ranged = srd().weapons.get(weapon_id).kind == "ranged"
    archery = 2 if sheet.fighting_style == "archery" and ranged else 0
    bonus = sheet.modifier(attack.ability) + sheet.proficiency_bonus + archery  # (as the SRD)
    texts = [signed(bonus), attack.damage]
    if attack.range is not None:
        texts.append(f"{attack.range[0]}/{attack.range[1]}")
    return texts


# -- out of a fight: the crossroads inn ----------------------------------------------------------
async def test_the_inn_answers_about_sheets_gear_rules_and_the_way_on() -> None:
    table = Table(INN)
    state = table.state
    mira, thorin, aria = (state.party[c] for c in ("mira", "thorin", "aria"))
    await table.check("mira", "how many hit points do i have", hp(state, "mira"))
    await table.check("mira", "hw many hit points do i hav", hp(state, "mira"))
    await table.check("thorin", "whats our hp", *(hp(state, c) for c in state.party))
    slots = aria.spell_slots
    left = [f"{slots.remaining(lv)} of {n}" for lv, n in slots.maximum.items()]
    await table.check("aria", "spel slots?", *left)
    await table.check("thorin", "whats my armour clas", f"AC {thorin.armor_class}")
    await table.check("thorin", "wats my ac", f"AC {thorin.armor_class}")
    await table.check("thorin", "whta does my longsword do", *weapon(state, "thorin", "longsword"))
    await table.check("mira", "whats the range on my bow", *weapon(state, "mira", "shortbow"))
    missile = srd().spells.get("magic_missile")
    await table.check("aria", "waht does magic misile do", "Magic Missile", str(missile.damage))
    await table.check("aria", "wat does fire bolt do", "Fire Bolt", f"{aria.spell_attack_bonus:+d}")
    await table.check("mira", "who is here", "Berta", mira.name, thorin.name)
    await table.check("mira", "hwo is here", "Berta")
    await table.check("mira", "whats behind the bar", "trapdoor")
    await table.check("mira", "what are we supposed to be doing", "potboy")
    await table.check("mira", "where should we go", "trapdoor", "The Old Road")
    await table.check("mira", "what now?", "Get the cellar trapdoor open")
    await table.check("aria", "can i cast a spell and still attack this turn", "one or the other")
    await table.check("mira", "what dose dash do", f"{mira.walking_speed} ft", "Cunning Action")
    await table.check("thorin", "how does disengage work", "opportunity attacks")
    await table.check("mira", "how far can i move", f"{mira.walking_speed} ft")
    await table.check("thorin", "can i drink a potion as a bonus action", "takes an action")
    await table.check("mira", "whats in my pack", *mira.inventory)
    potions = sum(i == "healing potion" for s in state.party.values() for i in s.inventory)
    await table.check("mira", "how many potions do we have",
                      f"{potions} in all", "Thorin carries 1 healing potion")  # fmt: skip
    await table.check("mira", "hwo many potions do i have", "Mira has no potions", "Thorin")


async def test_what_just_happened_is_read_from_the_story() -> None:
    table = Table(INN)
    await table.check("mira", "what just happened", "just beginning")
    reply, _ = declaring.declare(table.session, "I look at the hearth", "mira")
    assert reply.ok
    told = narration([e async for e in table.session.process()])
    said = await table.check("thorin", "what just happened", "Last turn")
    assert told.split(".")[0] in said


async def test_what_the_game_cannot_know_is_said_in_character_and_never_made_up() -> None:
    table = Table(INN)
    berta = campaign_named("crossroads").npcs["berta"]
    said = await table.say("mira", "how old is the inn")
    assert said.startswith(off_topic(berta, "how old is the inn"))
    assert "There is no well here" in await table.say("mira", "what's down the well")


# -- in a fight: the cellar rats -----------------------------------------------------------------
async def test_the_cellar_fight_answers_cost_no_action() -> None:
    table = Table(RATS)
    state = table.state
    rats = [state.creatures[c] for c in ("giant-rat-1", "giant-rat-2", "giant-rat-3")]
    await table.check("thorin", "how am i doing", hp(state, "thorin"))
    await table.check("thorin", "how hurt is rat 1", f"{rats[0].name} is badly wounded")
    await table.check("thorin", "how hurt r the rats", *(r.name for r in rats))
    await table.check("thorin", "whos in the fight",
                      *(r.name for r in rats), *(f"{s.vitals.hp}/{s.vitals.max_hp} HP"
                                                 for s in state.party.values()))  # fmt: skip
    said = await table.check("thorin", "whats the rats ac", "Giant Rat")
    assert f"AC {state.party['thorin'].armor_class}" not in said
    await table.check("thorin", "what does dash do", f"{state.party['thorin'].walking_speed} ft")
    await table.check("thorin", "how many potions have i got", "Thorin carries 1 healing potion")
    await table.check("thorin", "where should we go", "this fight", rats[0].name)
    await table.check("thorin", "what attacks do the rats have", "Bite", "piercing")
    await table.check("aria", "what does magic missile do", "1d4+1 force damage")


# -- the drowned bell ----------------------------------------------------------------------------
async def test_the_drowned_bell_answers_in_and_out_of_the_fight() -> None:
    harbour = Table(HARBOUR)
    state = harbour.state
    await harbour.check("ione", "what does my longbow do", *weapon(state, "ione", "longbow"))
    await harbour.check("ione", "who is here", "Nessa")
    await harbour.check("ione", "how many hp does cass have", hp(state, "cass"))
    heal = srd().spells.get("healing_word")
    await harbour.check("wren", "what does healing word do", "bonus action", str(heal.heal))
    strand = Table(STRAND)
    state = strand.state
    thralls = [c.name for c in state.creatures.values()]
    await strand.check("ione", "how hurt are the thralls", *thralls)
    await strand.check("ione", "who's in the fight", *thralls, "Ione", "Wren")
    await strand.check("ione", "whats our hp", *(hp(state, c) for c in state.party))
    await strand.check("ione", "can i cast and still attack this turn", "the bonus action")
    await strand.check("ione", "what can those things do", "Cold Slam")
    said = await strand.check("ione", "whats their ac", thralls[0])
    assert f"AC {state.party['ione'].armor_class}" not in said
    await strand.check("ione", "what happens if i drop to 0", "Death saves")
    await strand.check("ione", "is thrall 1 bloodied", f"{thralls[0]} is unhurt")
    await strand.check("ione", "how many arrows do i have", "not counted")


# -- people off their topics, and foes spoken to -------------------------------------------------
async def test_people_answer_what_their_topics_do_not_cover_in_their_own_voice() -> None:
    people = {**campaign_named("crossroads").npcs, **campaign_named("drowned_bell").npcs}
    lines = [
        (INN_MET, "mira", "Berta, how long have you run this place?", "berta"),
        (INN_MET, "thorin", "berta do you like cats", "berta"),
        (HALL, "mira", "grubnak, what's your favourite song?", "grubnak"),
        (HARBOUR, "ione", "Nessa, what's your favourite song?", "nessa"),
        (LIGHTHOUSE, "cass", "wendel do you like fish", "wendel"),
    ]
    for spec, actor, line, who in lines:
        said = await Table(spec).say(actor, line)
        assert off_topic(people[who], line) in said, (line, said)
        assert "(You could ask" in said


async def test_foes_answer_words_and_a_beast_or_the_dead_cannot_be_cowed() -> None:
    rats, goblins, strand = Table(RATS), Table(GOBLINS), Table(STRAND)
    await rats.check("thorin", "hey rats, we don't want trouble", "understand no words")
    await rats.check("thorin", "surrender!", "words will neither cow nor sway it")
    await goblins.check("thorin", "hey goblins, we don't want trouble", "jeer back")
    await goblins.check("thorin", "hello there goblins", "jeer back")
    await goblins.check("thorin", "what do you want?", "jeer back")
    await goblins.check("thorin", "we come in peace", "jeer back")
    await goblins.check("thorin", "who sent you?", "jeer back")
    await strand.check("ione", "we mean you no harm", "understand no words")
    await strand.check("ione", "surrender!", "undead", "still has the turn")


def test_a_person_may_be_given_several_unknown_lines_and_answers_with_one() -> None:
    lines = ["'How would I know? I pour ale.'", "'Ask the priest, not me.'"]
    npc = NPCSpec.model_validate({"name": "Mags", "greeting": "Hm?", "unknown": lines})
    said = off_topic(npc, "who built the bridge?")
    assert said in lines and said == off_topic(npc, "who built the bridge?")
    plain = NPCSpec.model_validate({"name": "Odo", "pronoun": "he", "greeting": "Hm?",
                                    "attitude": "friendly"})  # fmt: skip
    assert "their head" not in " ".join(off_topic(plain, f"question {n}") for n in range(12))


async def test_a_demand_to_surrender_is_intimidation_contested_by_the_foes_insight() -> None:
    for line, spoken_to in (("surrender!", None), ("goblin 2, surrender!", "goblin-2")):
        table = Table(GOBLINS)
        reply, _ = declaring.declare(table.session, line, "thorin")
        assert reply.ok
        events = [e async for e in table.session.process()]
        referee = table.session.brain
        assert isinstance(referee, OfflineReferee)
        asked = [json.loads(c.arguments) for c in referee.made if c.name == "request_ability_check"]
        assert len(asked) == 1 and asked[0]["skill"] == "intimidation"
        resister = asked[0]["opposed_by"]
        assert resister == (spoken_to or resister) and resister in table.state.creatures
        rolls = [e for e in events if e.type == "dice_roll"]
        foe, mine = rolls[0], rolls[1]
        assert foe.character_id == resister and foe.check_type == "contest"
        assert mine.character_id == "thorin" and mine.check_type == "contest"
        won = mine.total > foe.total  # a tie goes to the one resisting
        told = narration(events)
        assert table.state.creatures[resister].name in told
        assert ("threat lands" in told) == won and ("falls flat" in told) == (not won)


def test_the_contest_is_not_in_the_schema_an_ai_dm_is_sent() -> None:
    schema = ALL_TOOLS.tools["request_ability_check"].args.model_json_schema()
    assert "opposed_by" not in json.dumps(schema)


async def test_what_the_party_has_heard_answers_who_it_is_looking_for() -> None:
    table = Table(INN_MET)
    berta = campaign_named("crossroads").npcs["berta"]
    assert "Tam" in berta.greeting  # what she said when first met
    await table.check("mira", "ok so who are we looking for again?", "Tam", "potboy")
    await table.check("mira", "what do we know so far?", berta.greeting)
