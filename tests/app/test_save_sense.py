"""A save that would load a game the rules never produce is refused, naming the key —
whether it was edited by hand or edited and resealed as if the game had written it — and
the same game is written byte for byte the same whatever the hash seed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from app.saves import campaign_for, load_save, save_game
from app.saves.proof import MARKER, seal
from app.world.sandbox import sandbox_state
from tests.app.saved_games import real_saves
from tests.app.test_save_format import refused


def _change(path: Path, pattern: str, new: str, *, reseal: bool) -> None:
    """Replace the first match of ``pattern`` (a regex, multiline); ``reseal`` recomputes
    the proof line as the game would, so only the sense checks stand in the way."""
    text = path.read_text(encoding="utf-8")
    body, proof = text.rsplit(MARKER, 1)
    changed, count = re.subn(pattern, new, body, count=1, flags=re.MULTILINE)
    assert count == 1, pattern
    path.write_text(seal(changed)[0] if reseal else changed + MARKER + proof, encoding="utf-8")


ROOT = Path(__file__).resolve().parents[2]
_ECONOMY_MIRA = r"^\[state\.encounter\.economy\.mira\]\n(?:[a-z_]+ = .*\n)*\n"
CASES = [
    # keys deleted, whose default would have loaded silently
    (
        "fight",
        r'^armor = "leather"\n',
        "",
        r"mira\.armor: is none, the campaign's .* has 'leather'",
    ),
    (
        "fight",
        r'^stealth = "expertise"\n',
        "",
        r"skills\.stealth: is none, .* 'expertise'",
    ),
    ("fight", r"^2 = 2\n", "", r"state\.party\.aria\.spell_slots\.maximum\.2: 0 differs"),
    ("fight", r"^1 = 4\n", "1 = 9\n", r"state\.party\.aria\.spell_slots\.maximum\.1: 9 differs"),
    ("fight", r'^monster = "giant_rat"\n', "", r"state\.creatures\.giant-rat-1\.monster: missing"),
    ("fight", _ECONOMY_MIRA, "", r"state\.encounter\.economy\.mira: missing"),
    ("exploring", r'^active = "Player"\n', "", r"state\.turn_order\.active: missing"),
    ("start", r"^started = .*\n", "", r"state\.started: missing"),
    # what the rules never leave a creature in
    ("start", r"^hp = 21$", "hp = 0", r"state\.party\.mira\.vitals\.hp: is 0 while .*alive"),
    ("start", r'^state = "alive"$', 'state = "dead"', r"party\.mira\.vitals\.state: is 'dead'"),
    ("start", r"^death_failures = 0$", "death_failures = 3", r"mira\.vitals\.death_failures: is 3"),
    ("start", r"^death_successes = 0$", "death_successes = 4", r"mira\.vitals\.death_successes"),
    ("start", r"^exhaustion = 0$", "exhaustion = 6", r"state\.party\.mira\.exhaustion: 6 while"),
    ("fight", r"^hp = 2$", "hp = 0", r"state\.creatures\.giant-rat-1\.vitals\.hp: is 0"),
    # numbers no game reaches
    ("fight", r"^turn = 4$", "turn = 99999999999999999999", r": turn: is larger .*64 bits"),
    ("start", r"^temp_hp = 0$", "temp_hp = 1000000000000", r"mira\.vitals\.temp_hp"),
    ("start", r"^max_hp = 21$", "max_hp = 100000000000000000000", r"max_hp: is larger"),
    ("fight", r"^extra_attacks = 0$", f"extra_attacks = {2**63 - 1}", r"economy\.\w+\.extra_att"),
    ("start", r"^speed = 25$", "speed = 9000000000000000000", r"state\.party\.mira\.speed"),
    ("fight", r"^1 = 4\n", "1 = 100000000000000000000\n", r"maximum\.1: is larger"),
    ("fight", r"^(started = .*\n)turn = 4$", r"\1turn = 1000000001", r"state\.turn: .*less than"),
    # who plays, and whose turn it is
    ("start", r"^Player = \[\n(?:    .*\n)*\]\n", "", r"state\.players: nobody plays 'mira'"),
    ("start", r'^active = "Player"$', 'active = "Nobody"', r"turn_order\.active: 'Nobody'"),
    ("start", r'^name = "Thorin"$', 'name = "Mira"', r"thorin\.name: 'Mira' is also mira's"),
    # the file itself
    ("start", r"^turn = 0$", "turn = 0\nevil = 1", r": evil: is not a key of a save"),
    ("start", r"\Z", "[" + ".".join(["a"] * 5000) + "]\n", r": a: is not a key of a save"),
    ("start", r"^schema_version = \d+$", "schema_version = 1", r"schema_version: 1 cannot be"),
    ("start", r'^campaign = "crossroads"$', 'campaign = "sandbox"', r"campaign: .*differs"),
]


@pytest.mark.parametrize("reseal", [True, False], ids=["resealed", "edited"])
@pytest.mark.parametrize(("situation", "pattern", "new", "named"), CASES)
def test_a_save_the_rules_never_produce_is_refused(
    tmp_path: Path, situation: str, pattern: str, new: str, named: str, reseal: bool
) -> None:
    path = real_saves(tmp_path / "saves")[situation]
    _change(path, pattern, new, reseal=reseal)
    refused(path, named)


def test_a_campaign_save_passed_off_as_the_sandbox_is_refused(tmp_path: Path) -> None:
    path = real_saves(tmp_path / "saves")["exploring"]
    _change(path, r'^campaign = "crossroads"$', 'campaign = "sandbox"', reseal=True)
    _change(path, r'^campaign_id = "crossroads"$', 'campaign_id = "sandbox"', reseal=True)
    refused(path, r"state\.scenes: are not the sandbox's \(inn, cellar, old_road\)")


def test_a_sandbox_game_still_saves_and_loads(tmp_path: Path) -> None:
    state = sandbox_state(seed=3)
    state.turn_order.active = "Player"
    loaded = load_save(save_game(state, "sandbox", tmp_path))
    assert campaign_for(loaded.state) is None and loaded.notes == ()
    assert loaded.state.party == state.party


def test_a_sandbox_character_made_stronger_is_refused(tmp_path: Path) -> None:
    state = sandbox_state(seed=3)
    state.turn_order.active = "Player"
    path = save_game(state, "sandbox", tmp_path)
    _change(path, r'^armor = "leather"$', 'armor = "plate"', reseal=True)
    refused(
        path, r"state\.party\.mira\.armor: is 'plate', the sandbox's sheet for 'mira' has 'leather'"
    )


_WRITE = """
import sys
from datetime import UTC, datetime
from pathlib import Path
from app.saves import save_game
from tests.app.saved_games import played
session = played(4)
when = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
session.state.started = when
session.state.turn_order.turn_started = when
session.state.turn_order.history = []
path = save_game(session.state, "same", Path(sys.argv[1]), created=when)
"""


def test_the_same_game_is_the_same_file_whatever_the_hash_seed(tmp_path: Path) -> None:
    texts = []
    for seed in ("1", "2"):
        folder = tmp_path / seed
        folder.mkdir()
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-c", _WRITE, str(folder)], check=True, env=env, cwd=ROOT)
        text = (folder / "same.toml").read_text(encoding="utf-8")
        texts.append(re.sub(r"^saved = .*$", "", text, flags=re.MULTILINE))
    assert "saving_throws" in texts[0]
    assert texts[0] == texts[1]
