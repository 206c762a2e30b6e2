"""A game quit and resumed plays on as the same game played straight through: who a line
without a name is for, a choice offered back ("Did you mean…?"), undo after a change made
between turns, a /roll brought back by /redo and undo after a turn told again all agree."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from rich.console import Console

from app.console.game import ConsoleGame
from app.saves import resume_named
from app.session.setup import resume_session, start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR


def _game(
    session: object, folder: Path, loaded_from: Path | None = None
) -> tuple[ConsoleGame, io.StringIO]:
    out = io.StringIO()
    game = ConsoleGame(
        session,  # type: ignore[arg-type]
        Console(file=out, width=200),
        lambda _prompt: "y",  # (the others at the table agree to an undo)
        save_as="g",
        saves=folder,
        loaded_from=loaded_from,
        interactive=False,
    )
    return game, out


def _both(
    tmp_path: Path,
    campaign: str,
    seed: int,
    before: list[str],
    after: list[str],
    players: dict[str, list[str]] | None = None,
) -> tuple[list[str], list[str], ConsoleGame, ConsoleGame]:
    """Play ``before`` in two games from one seed, then ``after``: straight on in one, and
    in the other after it was left and resumed. Returns what each line of ``after``
    printed, both ways."""

    async def run() -> tuple[list[str], list[str], ConsoleGame, ConsoleGame]:
        games = []
        for folder in ("a", "b"):  # the same game twice, from the same seed
            (tmp_path / folder).mkdir()
            session = start_session(load_campaign(CAMPAIGNS_DIR / campaign), seed, players=players)
            game, out = _game(session, tmp_path / folder)
            await game.first_save()
            for line in before:
                await game.handle(line)
            games.append((game, out))
        (straight, out_a), (left, _) = games
        await left.autosave()  # the second is left (its last save), and resumed
        left.keeper.close()
        picked = resume_named("g", tmp_path / "b")
        resumed, out_b = _game(
            resume_session(picked.state, save=picked.path), tmp_path / "b", picked.path
        )
        said: tuple[list[str], list[str]] = ([], [])
        for line in after:
            for game, out, told in ((straight, out_a, said[0]), (resumed, out_b, said[1])):
                mark = len(out.getvalue())
                await game.handle(line)
                told.append(out.getvalue()[mark:].strip())
        return said[0], said[1], straight, resumed

    return asyncio.run(run())


def test_a_line_without_a_name_is_for_the_same_character_after_an_undo_and_a_resume(
    tmp_path: Path,
) -> None:
    before = ["Thorin: look around", "Mira: look at the hearth", "/undo"]
    a, b, _, _ = _both(tmp_path, "crossroads", 5, before, ["I pick the lock on the trapdoor"])
    assert a == b
    assert a[0].startswith("Mira · pick the trapdoor padlock")  # whom the player was playing


def test_a_line_without_a_name_at_a_shared_table_is_for_the_same_character_after_a_resume(
    tmp_path: Path,
) -> None:
    players = {"Ana": ["ione"], "Ben": ["cass", "wren"]}
    before = ["short rest", "Wren: ask Nessa about Corin", "Ione: climb the tower stair"]
    a, b, straight, resumed = _both(
        tmp_path, "drowned_bell", 2014, before, ["look at the boats"], players=players
    )
    assert a == b
    assert straight.current == resumed.current


def test_the_answer_to_a_choice_offered_back_is_understood_after_a_resume(
    tmp_path: Path,
) -> None:
    a, b, _, _ = _both(tmp_path, "crossroads", 4, ["Mira: the trapdoor"], ["Mira: 1"])
    assert a == b
    assert a[0].startswith("Mira · pick the trapdoor padlock")


def test_undo_after_a_player_stepped_away_restores_the_same_game_after_a_resume(
    tmp_path: Path,
) -> None:
    before = ["Ione: head back down to the harbour", "/away"]
    a, b, straight, resumed = _both(
        tmp_path, "drowned_bell", 2092, before, ["look around", "/undo"]
    )
    assert a == b
    assert straight.session.state.turn_order.away == resumed.session.state.turn_order.away


def test_a_roll_between_turns_comes_back_with_redo_and_its_dice_are_not_drawn_again(
    tmp_path: Path,
) -> None:
    before = ["Thorin: look at the casks", "Mira: take a long rest", "/roll 4d6"]
    a, b, straight, resumed = _both(
        tmp_path, "crossroads", 1021, before, ["/undo", "/redo", "/roll 4d6"]
    )
    assert a == b
    for game in (straight, resumed):
        rolls = [c.text for c in game.session.state.changes if c.kind == "roll"]
        assert len(rolls) == 2  # the first roll came back with its turn
    assert a[2] != before[-1]


def test_undo_after_a_turn_told_again_takes_back_one_turn_after_a_resume(
    tmp_path: Path,
) -> None:
    players = {"Ana": ["mira"], "Ben": ["thorin", "aria"]}
    before = [
        "Mira: we sneak past the goblins",
        "Thorin: look around",
        "Mira: take a long rest",
        "/reroll",
        "/leave Ben",
    ]
    a, b, straight, resumed = _both(tmp_path, "crossroads", 1207, before, ["/undo"], players)
    assert a == b
    assert a[0].startswith("Took back turn 2 ")
    assert straight.session.state.turn == resumed.session.state.turn == 1


def test_a_roll_between_turns_is_not_drawn_again_after_a_rewind_across_a_resume(
    tmp_path: Path,
) -> None:
    before = ["Mira: I look around", "/roll 2d6"]
    after = ["Mira: ask Berta about Tam", "/rewind 2", "/roll 20d20"]
    a, b, _, _ = _both(tmp_path, "crossroads", 547125, before, after)
    assert a == b


def test_a_rewind_after_a_resume_offers_no_turn_of_a_branch_played_over(tmp_path: Path) -> None:
    before = [
        "Ione: ring the bell",
        "Ione: light the lamp",
        "/rewind 1",
        "Ione: go down to the beach",
    ]
    a, b, _, _ = _both(tmp_path, "drowned_bell", 175668, before, ["/rewind 3"])
    assert a == b
    assert "another way" not in b[0]
    kept = sorted(p.name for p in (tmp_path / "b" / "g.story" / "checkpoints").iterdir())
    assert [name[:6] for name in kept] == ["000000", "000003"]  # turns 1 and 2 were played over


def test_undo_after_a_resume_withdraws_what_was_declared_this_round(tmp_path: Path) -> None:
    players = {"Ana": ["mira"], "Ben": ["thorin"], "Cy": ["aria"]}
    a, b, straight, resumed = _both(
        tmp_path, "crossroads", 505631, ["ask Berta about the key"], ["/undo"], players
    )
    assert a == b
    assert "Withdrew the actions declared this round (Mira)." in a[0]
    assert straight.session.state.pending == resumed.session.state.pending == []
