"""Lines and veils: the narration filter (sentence by sentence, whole words, plurals, any
case; streaming holds back only the unfinished sentence), the config's ``[safety]`` table,
``/veil`` and ``/unveil``, and a turn where the DM names a veiled topic anyway."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import SecretStr
from rich.console import Console
from rich.text import Text

from app.actions.events import DiceRoll, NarrativeChunk, StateChange
from app.console.game import ConsoleGame
from app.dm.config import ConfigError, DMConfig, load_safety
from app.dm.openai_brain import OpenAIBrain
from app.dm.safety import (
    MARKER,
    NO_TOPICS,
    NarrationFilter,
    Topics,
    instruction,
    names_topic,
    readable_topic,
    scrub,
    topics_for,
    veil_event,
    veil_markup,
)
from app.dm.scripted import ScriptedBrain
from app.session import declaring, veiling
from app.session.retelling import retell
from app.session.session import GameSession
from app.session.setup import resume_session
from app.tui.showcase import crossroads
from app.world.actions import PlayerAction
from tests.app.fake_openai import FakeOpenAI, Reply

SPIDERS = Topics(veils=("spider",))


def test_a_sentence_naming_a_veil_becomes_one_marker() -> None:
    text = "The inn is warm. A spider drops from the beam! Its legs twitch. Berta smiles."
    assert scrub(text, SPIDERS) == f"The inn is warm. {MARKER} Its legs twitch. Berta smiles."
    run = "Spiders everywhere. More SPIDERS crawl. Berta smiles."
    assert scrub(run, SPIDERS) == f"{MARKER} Berta smiles."  # a run gets one marker


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("a spider", True),
        ("two Spiders", True),
        ("the SPIDER'S web", True),
        ("spiderweb silk", True),  # the word's family and compounds
        ("spiderlings and spidery legs", True),
        ("despiders", False),  # a word that only holds it further in
        ("the _spiders_ scurry", True),  # Markdown emphasis is drawn away before it is read
        ("**S**pider silk", True),
        ("a sp&#105;der", True),  # and so is an entity
    ],
)
def test_topics_match_words_of_their_family_plurals_and_any_case(text: str, named: bool) -> None:
    assert names_topic(text, SPIDERS) is named


def test_a_sentence_in_markdown_emphasis_is_veiled_whole() -> None:
    text = "The inn is warm. The _spiders_ scurry. **S**pider silk hangs. Berta smiles."
    assert scrub(text, SPIDERS) == f"The inn is warm. {MARKER} Berta smiles."


def test_a_phrase_and_a_y_plural_match() -> None:
    topics = Topics(lines=("harm to children",), veils=("fly",))
    assert names_topic("no harm   to Children here", topics)
    assert names_topic("Flies buzz.", topics) and not names_topic("butterfly", topics)


def test_a_topic_typed_plural_matches_the_singular_too() -> None:
    topics = Topics(veils=("spiders", "flies", "boxes", "moss"))
    for text in ("a spider", "one fly", "the box", "mosses", "Moss"):
        assert names_topic(text, topics), text
    assert not names_topic("a mos", topics)


def test_streaming_holds_back_only_the_unfinished_sentence() -> None:
    veil = NarrationFilter(lambda: SPIDERS)
    assert veil.feed("The door creaks. A spi") == "The door creaks. "
    assert veil.feed("der waits") == ""
    assert veil.feed(". Then sil") == MARKER + " "
    assert veil.feed("ence.") == "Then silence."  # a full stop: shown at once
    assert veil.feed(" The spider") == ""
    assert veil.finish() == f" {MARKER}"


sentences = st.lists(
    st.sampled_from(
        [
            "The spider waits.",
            "Rain falls.",
            "Berta laughs!",
            "Two spiders?",
            "“A spider!”",
            "\n\nA new day",
            "no stop",
            "Mr. Spider's hat.",
        ]
    ),
    min_size=1,
    max_size=6,
)


@given(sentences, st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=30))
def test_any_chunking_shows_the_same_and_never_the_veil(parts: list[str], cuts: list[int]) -> None:
    text = " ".join(parts)
    veil = NarrationFilter(lambda: SPIDERS)
    shown, at = [], 0
    for cut in cuts * 20:
        if at >= len(text):
            break
        shown.append(veil.feed(text[at : at + cut]))
        at += cut
    shown.append(veil.feed(text[at:]) + veil.finish())
    out = "".join(shown)
    # the same words as the whole text filtered at once (a space may fall either side of a
    # marker)
    assert out.split() == scrub(text, SPIDERS).split()
    assert "spider" not in out.lower()


def test_the_dm_is_told_lines_and_veils_and_nothing_without_them() -> None:
    assert instruction(Topics()) == ""
    told = instruction(Topics(lines=("torture",), veils=("spider",)))
    assert "Never include: torture." in told and "never describe it): spider." in told


def test_the_config_safety_table_is_read_and_checked(tmp_path: Path) -> None:
    file = tmp_path / "config.toml"
    file.write_text('[safety]\nlines = ["torture"]\nveils = ["spiders",  "deep   water"]\n')
    found = load_safety(path=file)
    assert found.lines == ["torture"] and found.veils == ["spiders", "deep water"]
    file.write_text('[safety]\nveils = ["x"]\n')
    with pytest.raises(ConfigError, match=r"\[safety\]: veils: each topic"):
        load_safety(path=file)
    file.write_text("[safety]\nmood = 1\n")
    with pytest.raises(ConfigError, match="not a safety setting"):
        load_safety(path=file)
    assert load_safety(path=tmp_path / "none.toml").veils == []


def session_saying(text: str) -> GameSession:
    return GameSession(crossroads().state, ScriptedBrain([{"text": text}] * 3))


async def one_turn(session: GameSession, line: str = "I look around.") -> list[object]:
    assert session.submit(PlayerAction(character_id="mira", text=line, player="Player"))
    return [event async for event in session.process()]


def test_veil_and_unveil_from_any_player_at_once() -> None:
    session = session_saying("Quiet.")
    assert veiling.veil(session, "  Spiders ").text.startswith("Veiled: “Spiders”")
    assert not veiling.veil(session, "x").ok
    assert "already veiled" in veiling.veil(session, "spiders").text
    listed = veiling.veil(session, "").text
    assert "veil: Spiders (this table; /unveil Spiders lifts it)" in listed
    assert veiling.unveil(session, "SPIDERS").ok and session.state.truth.veils == []
    refused = veiling.unveil(session, "rats")
    assert not refused.ok and "not a veil this table added" in refused.text
    assert veiling.veil(session, "").text.startswith("Nothing is veiled.")


def test_a_veil_outlives_an_undo_of_the_turn_before_it() -> None:
    session = session_saying("Quiet.")
    before = session.state.snapshot()
    veiling.veil(session, "rats")
    session.replace_state(session.state.restored(before))
    assert "rats" in session.safety_topics().veils
    assert "rats" in session.state.truth.veils  # and it is saved with the game again


def test_a_veil_saved_with_the_game_outlives_an_undo_after_a_resume() -> None:
    """A veil made in an earlier sitting was lifted by an undo to before it: the sitting
    that resumed it did not know it as the table's."""
    session = session_saying("Quiet.")
    before = session.state.snapshot()
    veiling.veil(session, "rats")
    resumed = resume_session(session.state.restored(session.state.snapshot()))
    resumed.replace_state(resumed.state.restored(before))  # an undo past the veil
    assert "rats" in resumed.safety_topics().veils
    assert "rats" in resumed.state.truth.veils


def test_a_dm_that_names_a_veiled_topic_is_not_shown_it() -> None:
    session = session_saying("Berta pours ale. A huge spider crawls over the bar. Mira hears rain.")
    veiling.veil(session, "spider")
    events = asyncio.run(one_turn(session))
    told = "".join(e.text for e in events if isinstance(e, NarrativeChunk))
    assert "spider" not in told.lower() and MARKER in told
    assert told.startswith("Berta pours ale.") and told.rstrip().endswith("Mira hears rain.")
    record = session.state.history[-1].narrative
    assert "spider" not in record.lower() and MARKER in record
    system = session.last_messages[0]["content"]
    assert "Keep off-screen (it may happen, but never describe it): spider." in str(system)


def test_the_campaigns_veils_and_the_players_config_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "config.toml"
    file.write_text('[safety]\nlines = ["ale"]\n')
    monkeypatch.setenv("DUNGEON_CONFIG", str(file))
    session = session_saying("Berta pours ale. Mira hears rain.")
    session.state.campaign.safety.veils.append("rain")  # type: ignore[union-attr]
    told = "".join(e.text for e in asyncio.run(one_turn(session)) if isinstance(e, NarrativeChunk))
    assert "ale" not in told and "rain" not in told and MARKER in told
    listed = veiling.safety_text(session)
    assert "line: ale (your config)" in listed and "veil: rain (the adventure's)" in listed


def test_a_bad_config_is_reported_by_veil_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "config.toml"
    file.write_text("[safety]\nlines = 3\n")
    monkeypatch.setenv("DUNGEON_CONFIG", str(file))
    session = session_saying("Quiet.")
    assert "could not be read" in veiling.safety_text(session)
    assert asyncio.run(one_turn(session))[-1].type == "turn_end"


def test_the_console_veils_and_lists() -> None:
    session = session_saying("A spider waits. Rain falls.")
    out = io.StringIO()
    game = ConsoleGame(session, Console(file=out, width=120, color_system=None), input)
    game.save_as = None
    assert game.command("/veil spider") and game.command("/veil")
    assert game.command("/unveil nothing")
    shown = out.getvalue()
    assert "Veiled: “spider”" in shown and "veil: spider (this table" in shown
    assert "not a veil this table added" in shown


def test_relationship_notices_reach_the_console_and_judgments_do_not() -> None:
    session = session_saying("Quiet.")
    out = io.StringIO()
    game = ConsoleGame(session, Console(file=out, width=120, color_system=None), input)
    change = StateChange(kind="relationship", target_id="berta",
                         description="Berta trusts you more — trust 2")  # fmt: skip
    hidden = StateChange(kind="judgment", target_id="berta", description="j1 reassured")
    asyncio.run(game.show_event(change))
    asyncio.run(game.show_event(hidden))
    assert "♥ Berta trusts you more — trust 2" in out.getvalue()
    assert "reassured" not in out.getvalue()


def test_a_retelling_that_names_a_veiled_topic_is_filtered_too() -> None:
    brain = ScriptedBrain([{"text": "Rain falls."}, {"text": "A rat squeaks. Rain falls."}])
    session = GameSession(crossroads().state, brain)
    asyncio.run(one_turn(session))
    veiling.veil(session, "rats")

    async def again() -> list[object]:
        return [event async for event in retell(session)]

    events = asyncio.run(again())
    told = "".join(e.text for e in events if isinstance(e, NarrativeChunk))
    assert told.split() == [MARKER, "Rain", "falls."]
    assert session.state.history[-1].narrative == f"{MARKER} Rain falls."


async def test_over_http_the_dm_is_told_the_veils_and_its_words_are_filtered() -> None:
    script = [
        Reply(text="Mira works the pins. A spider skitters out of the lock. It opens.", piece=4)
    ]
    with FakeOpenAI(script) as server:
        config = DMConfig(model="fake-model", base_url=server.base_url,
                          api_key=SecretStr("k"), timeout=5, max_retries=1)  # fmt: skip
        session = GameSession(crossroads().state, OpenAIBrain(config))
        veiling.veil(session, "spider")
        session.submit(PlayerAction(character_id="mira", text="I pick the lock", player="Player"))
        events = [e async for e in session.process()]
    text = "".join(e.text for e in events if isinstance(e, NarrativeChunk))
    assert text.split() == ["Mira", "works", "the", "pins.", MARKER, "It", "opens."]
    system = server.requests[0]["messages"][0]["content"]
    assert "Keep off-screen (it may happen, but never describe it): spider." in system
    assert "How people feel about the party (attitude; scores):\n- berta: friendly" in system


@pytest.mark.parametrize(
    "text",
    [
        "the spi\u00adders",  # a soft hyphen
        "the spi\u200bder",  # a zero-width space
        "the spi\u200dder",  # a zero-width joiner
        "the \u0455\u0440\u0456der",  # Cyrillic look-alikes
        "the \uff53\uff50\uff49\uff44\uff45\uff52",  # full-width letters
        "SPIDERWEBS",
        "a spider\u2019s web",
        "the spi\u0301der",  # a combining accent
        "the s\u0335pider",  # a combining stroke through a letter
        "the sp\u034fiders",  # a combining grapheme joiner (invisible)
        "the sp\u00eeder",  # a letter with its accent in one character
    ],
)
def test_a_veil_holds_however_the_letters_are_dressed_up(text: str) -> None:
    assert names_topic(text, SPIDERS), text
    assert scrub(f"The door creaks. {text} waits. Silence.", SPIDERS) == (
        f"The door creaks. {MARKER} Silence."
    )


@pytest.mark.parametrize(
    ("topic", "text"),
    [
        ("wolf", "Wolves howl"),
        ("wolves", "a lone wolf"),
        ("elf", "two elves"),
        ("knife", "the knives"),
        ("thieves", "a thief's purse"),
        ("mouse", "mice in the walls"),
        ("mice", "a mouse"),
        ("teeth", "a tooth"),
        ("vipers", "a \u03bdiper"),  # a Greek nu drawn as a v
        ("vipers", "a \u0475iper"),  # a Cyrillic izhitsa
        ("cobra", "a \u03f2obra"),  # a Greek lunate sigma drawn as a c
    ],
)
def test_a_veil_holds_irregular_plurals_and_more_look_alikes(topic: str, text: str) -> None:
    assert names_topic(text, Topics(veils=(topic,))), (topic, text)


def test_a_short_veil_takes_its_family_but_not_words_that_begin_alike() -> None:
    rats = Topics(veils=("rats",))
    for text in ("a rat", "two rats", "a ratty coat", "ratlike eyes", "the rat's tail"):
        assert names_topic(text, rats), text
    for text in ("rather", "a ratio", "the rate", "a pirate", "Socrates"):
        assert not names_topic(text, rats), text


def test_a_veil_holds_on_every_event_a_player_reads_and_ids_are_kept() -> None:
    """A fight's opening words, a roll's reason, a foe's name in the tracker: veiled;
    the ids the screens look up by stay as they are."""
    from app.actions.events import CombatantStatus, CombatUpdate, DiceRoll, StateTransition
    from app.dm.safety import VEILED, veil_event

    rats = Topics(veils=("rats",))
    opening = StateTransition(to="combat", reason="Red eyes glint. Three rats scuttle out.")
    assert veil_event(opening, rats).reason == f"Red eyes glint. {MARKER}"
    fight = CombatUpdate(
        round=1,
        current_id="rat_1",
        combatants=[
            CombatantStatus(
                id="rat_1", name="Giant Rat 1", initiative=9, hp=7, max_hp=7, ac=12, side="foe"
            )
        ],
    )
    shown = veil_event(fight, rats)
    assert shown.combatants[0].name == f"Giant {VEILED} 1" and shown.current_id == "rat_1"
    assert shown.combatants[0].id == "rat_1"
    roll = DiceRoll(check_type="attack", character_id="rat_1", character_name="Giant Rat 1",
                    formula="1d20+4", total=12, reason="Giant Rat 1 bites Mira")  # fmt: skip
    assert veil_event(roll, rats).reason == f"Giant {VEILED} 1 bites Mira"
    assert veil_event(roll, Topics()) is roll


def test_the_console_veils_a_fight_against_what_the_table_veiled(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from app.cli.main import app

    lines = "/veil rats\nMira: I force the trapdoor open\nThorin: I force the trapdoor open\n"
    lines += "Mira: we go down the trapdoor\n/status\n/quit\n"
    args = ["play", "--ui", "console", "--seed", "3", "--saves-dir", str(tmp_path)]
    out = CliRunner().invoke(app, args, input=lines).output
    told = out.split("stays off-screen from now on.", 1)[1]
    assert "Combat!" in told and "Giant (veiled) ×3 · initiative" in told
    assert "Positions:" in told  # the status line names the foes veiled too
    assert "rat" not in told.lower().replace("saved to", ""), told


def test_the_story_keeps_a_turns_rolls_veiled_as_the_log_showed_them(tmp_path: Path) -> None:
    """The whole-story view and the export read the turn's record: its roll lines are
    veiled when the turn is recorded, like its narration."""
    from typer.testing import CliRunner

    from app.cli.main import app
    from app.saves import load_game

    lines = "/veil rats\nMira: I force the trapdoor open\nThorin: I force the trapdoor open\n"
    lines += "Mira: we go down the trapdoor\nAria: I attack the nearest one\n/quit\n"
    args = ["play", "--ui", "console", "--seed", "3", "--saves-dir", str(tmp_path)]
    CliRunner().invoke(app, args, input=lines)
    [save] = list(tmp_path.glob("*.toml"))
    rolls = [roll for record in load_game(save).history for roll in record.rolls]
    assert any("(veiled)" in roll for roll in rolls), rolls
    assert not any("rat" in roll.lower() for roll in rolls), rolls


def test_a_veil_holds_on_the_journal_the_sheets_the_party_panel_and_the_prompt() -> None:
    """Every screen a player reads beside the story: the journal (its people and goods),
    the sheets, the party panel and the prompt inspector — veiled, ids and codes kept."""
    from app.dm.safety import VEILED
    from app.session import sheets
    from app.session.panels import panels

    session = session_saying("Berta frowns. Quiet.")
    for word in ("Berta", "shortbow", "flour"):
        veiling.veil(session, word)
    asyncio.run(one_turn(session, "I talk to Berta about the shortbow"))
    journal = sheets.journal_text(session)
    assert "Berta" not in journal and "Shortbow" not in journal and "flour" not in journal
    assert "People met:" in journal and VEILED in journal
    found, sheet = sheets.sheet_text(session, "mira", None)
    assert found and "Shortbow" not in sheet and f"{VEILED}    +5  (1d6+3" in sheet
    [mira, *_] = sheets.all_sheets(session)
    assert mira.id == "mira" and "Shortbow" not in str(mira)
    veiling.veil(session, "Thorin")
    shown = panels(session.state, session.safety_topics())
    assert [m.id for m in shown.party] == ["mira", "thorin", "aria"]
    assert shown.party[1].name == VEILED and shown.party[1].life == "alive"
    prompt = sheets.prompt_text(session)
    assert "── system ──" in prompt and "Berta" not in prompt and "Thorin" not in prompt
    assert "Keep off-screen (it may happen, but never describe it): (veiled), (veiled)" in prompt


def test_a_line_a_player_typed_is_echoed_and_kept_veiled_word_by_word() -> None:
    """Another player may have veiled what this one types: the story pane's echo and the
    story's record keep who acted and veil the word."""
    from app.dm.safety import VEILED

    session = session_saying("Quiet.")
    veiling.veil(session, "spiders")
    reply, character = declaring.declare(session, "Mira: I poke the spiderwebs", None)
    assert character == "mira" and reply.action == f"I poke the {VEILED}"
    asyncio.run(drain(session))
    assert session.state.history[-1].actions == [f"Mira: I poke the {VEILED}"]


async def drain(session: GameSession) -> None:
    async for _ in session.process():
        pass


def test_the_adventures_own_words_are_veiled_in_the_opening_scene_and_the_journal(
    tmp_path: Path,
) -> None:
    """A veil of the adventure's on a word its own text uses: the scene read out when the
    game opens and a clue in the journal show the veil, not the word."""
    import shutil

    from typer.testing import CliRunner

    from app.cli.main import app
    from app.world.folders import CAMPAIGNS_DIR

    folder = tmp_path / "camp"
    shutil.copytree(CAMPAIGNS_DIR / "crossroads", folder)
    text = (folder / "campaign.toml").read_text()
    text = text.replace("the innkeeper Berta polishes", "a spider dangles, Berta polishes", 1)
    text = text.replace('reveal = "Something has been', 'reveal = "A spider has been', 1)
    (folder / "campaign.toml").write_text(text + '\n[safety]\nveils = ["spiders"]\n')
    lines = "Mira: I look at the trapdoor\n/journal\n/quit\n"
    args = ["play", "--ui", "console", "--seed", "3", "--saves-dir", str(tmp_path / "saves")]
    out = CliRunner().invoke(app, [*args, "--campaign", str(folder)], input=lines).output
    assert "spider" not in out.lower(), out
    assert out.count(MARKER) >= 2, out  # the opening scene and the journal's clue


def test_a_game_with_no_lines_or_veils_is_told_so_at_once_and_a_veil_still_counts() -> None:
    # the topics are read for every event of a turn: a game with none answers at once
    from app.dm.config import SafetyConfig
    from app.dm.safety import NO_TOPICS, topics_for
    from app.world.sandbox import sandbox_state

    state = sandbox_state()
    assert topics_for(state) is NO_TOPICS and not NO_TOPICS
    assert topics_for(state, SafetyConfig()) is NO_TOPICS
    assert topics_for(state, SafetyConfig(lines=["spiders"])) == Topics(lines=("spiders",))
    state.truth.veils.append("rats")
    assert topics_for(state) == Topics(veils=("rats",))


def test_a_veil_reaches_the_trackers_where_and_leaves_a_choice_answerable() -> None:
    from app.actions.events import CombatantStatus, CombatUpdate
    from app.dm.safety import Topics, scrub, veil_event

    topics = Topics(veils=("rat",))
    fight = CombatUpdate(round=1, current_id="mira", combatants=[CombatantStatus(
        id="mira", name="Mira", initiative=3, hp=5, max_hp=9, ac=14, side="party",
        position="⚔ Giant Rat 1")])  # fmt: skip
    assert "Rat" not in veil_event(fight, topics).combatants[0].position  # type: ignore[attr-defined]
    told = scrub("The rat bites. Did you mean to attack Giant Rat 2 or attack Giant Rat 3?", topics)
    assert told.startswith("(…veiled…)") and "Did you mean to attack Giant" in told
    assert "Rat" not in told and told.endswith("3?")


def test_a_veil_named_like_a_markup_tag_veils_words_never_the_tags() -> None:
    bold = Topics(veils=("bold",))
    markup = "[bold]Mira[/bold] · [italic]a bold try[/italic] 1d20 (3) = [bold]10[/bold]"
    shown = veil_markup(markup, bold)
    assert shown.count("[bold]") == 2 and shown.count("[/bold]") == 2
    assert "a (veiled) try" in shown
    Text.from_markup(shown)  # drawable (a tag cut into raised MarkupError on every roll)
    roll = DiceRoll(check_type="check", formula="1d20", total=10, text="10", markup=markup)
    Text.from_markup(veil_event(roll, bold).markup)


@pytest.mark.parametrize("topic", ["\u0301\u0301", "a\u0301", "\u200b\u200bx"])
def test_a_veil_of_accents_or_one_letter_is_refused_and_never_veils_everything(
    topic: str,
) -> None:
    session = session_saying("Quiet.")
    assert not readable_topic(topic)
    assert not veiling.veil(session, topic).ok and session.state.truth.veils == []
    session.state.truth.veils.append(topic)  # (kept by an older game, or a config file)
    assert topics_for(session.state) == NO_TOPICS or not topics_for(session.state).veils
    assert readable_topic("spíder") and veiling.veil(session, "spíder").ok


def test_one_bad_topic_in_the_config_keeps_the_others_and_is_said_at_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "config.toml"
    file.write_text('[safety]\nlines = ["ale"]\nveils = ["a", "rain"]\n')
    monkeypatch.setenv("DUNGEON_CONFIG", str(file))
    session = session_saying("Berta pours ale. Mira hears rain.")
    told = "".join(e.text for e in asyncio.run(one_turn(session)) if isinstance(e, NarrativeChunk))
    assert "ale" not in told and "rain" not in told  # the hard line and the good veil hold
    warning = veiling.config_warning(session)
    assert warning.startswith("Your config's safety settings could not all be read")
    assert "veils: each topic" in warning
