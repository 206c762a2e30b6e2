"""Fuzzing save files: real saves, made by playing the shipped campaign (at the start,
exploring with flags, history and a challenge passed, and in a fight), cut short, flipped,
stripped of keys and tables, and given wrong types and nonsense values.

Every case loads the file and joins the game to its campaign (so the campaign-level checks
run too), and must end in a clear refusal — or, for a change that leaves a sound game, in a
load that tells the player the file was edited. After every case the file on disk is byte
for byte what it was, and the folder holds nothing new: a failed load changes nothing.
"""

from __future__ import annotations

import math
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import assume, given
from hypothesis import strategies as st

from app.saves import Loaded, SaveError, load_save
from app.saves.proof import MARKER
from app.session.setup import resume_session
from app.world.state import GameState
from tests.app.saved_games import SITUATIONS, real_saves, save_texts
from tests.fuzz.harness import LONG, Verdict, fuzz_settings, judge

SCHEMA_1 = Path(__file__).resolve().parents[1] / "data" / "saves" / "schema-1-fight.toml"
NAMES = sorted(SITUATIONS)
Key = tuple[str | int, ...]


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    """One folder for every case of this module (each case writes its own file first)."""
    with tempfile.TemporaryDirectory() as where:
        # The situations' story folders stay in place: each case's main file names one.
        real_saves(Path(where))
        for main in Path(where).glob("*.toml"):
            main.unlink()
        yield Path(where)


def _stories(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _resume(path: Path) -> Loaded:
    """What ``play --load`` does: read the save, then join the game to its campaign."""
    loaded = load_save(path)
    resume_session(loaded.state, save=loaded.path)
    return loaded


def run_case(
    folder: Path,
    data: bytes,
    *,
    nonsense: bool,
    shown: object,
    accepted: Callable[[Loaded], None] | None = None,
) -> Verdict:
    """Write ``data`` as a save, judge loading it, and check that nothing on disk changed.
    ``accepted`` checks a load that succeeded (that the player was told of an edit)."""
    for old in folder.iterdir():
        if old.is_file():
            old.unlink()
    stories = _stories(folder)
    path = folder / "case.toml"
    path.write_bytes(data)
    outcome: list[Loaded] = []
    verdict = judge(
        "save",
        lambda: outcome.append(_resume(path)),
        refusals=(SaveError,),
        nonsense=nonsense,
        shown=shown,
    )
    assert path.read_bytes() == data, "a load changed the file"
    assert [p.name for p in folder.iterdir() if p.is_file()] == ["case.toml"], "files left"
    assert _stories(folder) == {**stories, "case.toml": data}, "a load changed a story"
    if verdict is Verdict.ACCEPTED and accepted is not None:
        accepted(outcome[0])
    return verdict


def _told_of_an_edit(loaded: Loaded) -> None:
    assert any("edited since the game saved it" in note for note in loaded.notes), loaded.notes


# -- cut short --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_a_save_cut_at_every_line_is_refused(folder: Path, name: str) -> None:
    lines = save_texts()[name].splitlines(keepends=True)
    # Every line of the fight (the fullest save); the smaller ones every third line in CI.
    step = 1 if LONG or name == "fight" else 3
    for cut in range(0, len(lines), step):
        run_case(folder, b"".join(lines[:cut]), nonsense=True, shown=(name, "line", cut))


def test_an_older_save_cut_at_every_line_is_refused(folder: Path) -> None:
    lines = SCHEMA_1.read_bytes().splitlines(keepends=True)
    for cut in range(0, len(lines), 1 if LONG else 3):  # every line in `make fuzz`
        run_case(folder, b"".join(lines[:cut]), nonsense=True, shown=("schema 1", "line", cut))


@fuzz_settings(examples=40)
@given(name=st.sampled_from(NAMES), where=st.floats(0, 1, exclude_max=True))
def test_a_save_cut_at_any_byte_is_refused(folder: Path, name: str, where: float) -> None:
    data = save_texts()[name]
    # the last bytes are the proof line's own newline: cutting only that leaves it whole
    cut = int(where * (len(data) - 1))
    run_case(folder, data[:cut], nonsense=True, shown=(name, "byte", cut))


# -- flipped bytes ----------------------------------------------------------------------------
def _only_the_time_of_saving_changed(original: bytes, changed: bytes) -> bool:
    def without_saved(data: bytes) -> list[str]:
        # as the loader reads it: whitespace after the proof line is no change
        text = data.decode("utf-8").rstrip()
        return [line for line in text.splitlines() if not line.startswith("saved = ")]

    return without_saved(original) == without_saved(changed)


@fuzz_settings(examples=60)
@given(
    name=st.sampled_from(NAMES),
    where=st.floats(0, 1, exclude_max=True),
    byte=st.integers(0, 255),
)
def test_a_flipped_byte_is_refused_or_loads_as_an_edit(
    folder: Path, name: str, where: float, byte: int
) -> None:
    data = save_texts()[name]
    at = int(where * len(data))
    assume(data[at] != byte)
    flipped = data[:at] + bytes([byte]) + data[at + 1 :]

    def told(loaded: Loaded) -> None:
        # the digest leaves out the time of saving; any other change is an edit
        if not _only_the_time_of_saving_changed(data, flipped):
            _told_of_an_edit(loaded)

    run_case(folder, flipped, nonsense=False, shown=(name, at, byte), accepted=told)


# -- changes to the document ------------------------------------------------------------------
@cache
def document(name: str) -> dict[str, Any]:
    """A situation's save as TOML data (without its proof line)."""
    return tomllib.loads(save_texts()[name].decode("utf-8"))


def _proof_line(name: str) -> bytes:
    text = save_texts()[name].decode("utf-8")
    return text[text.rindex(MARKER) :].encode("utf-8")


def as_edited(name: str, data: dict[str, Any]) -> bytes:
    """The document written as the game writes it, with the original proof line kept — as a
    hand editor's change would leave the file."""
    return tomli_w.dumps(data).encode("utf-8") + _proof_line(name)


def _keys(value: object, key: Key = ()) -> Iterator[tuple[Key, object]]:
    """Every key and array position in a document, depth-first, with its value."""
    if isinstance(value, dict):
        for name, item in value.items():
            yield (*key, name), item
            yield from _keys(item, (*key, name))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*key, index), item
            yield from _keys(item, (*key, index))


@cache
def keys(name: str) -> list[Key]:
    return [key for key, _ in _keys(document(name))]


@cache
def leaves(name: str) -> list[Key]:
    return [key for key, v in _keys(document(name)) if not isinstance(v, (dict, list))]


def changed(name: str, key: Key, change: Callable[[Any, str | int], None]) -> dict[str, Any]:
    """A deep copy of the document with ``change(parent, last)`` applied at ``key``."""
    data = tomllib.loads(tomli_w.dumps(document(name)))
    parent: Any = data
    for part in key[:-1]:
        parent = parent[part]
    change(parent, key[-1])
    return data


def _defaulted(data: dict[str, Any], key: Key) -> bool:
    """Whether the game's models, reading this document without the save's checks, would
    fill the deleted ``key`` back in with a default — a key the game always writes, whose
    loss a load must not hide. Also true when the models refuse the document outright."""
    if key[0] != "state" or len(key) == 1:
        return key != ("rng", "gauss_next")  # the header and the RNG: always written
    try:
        dumped: Any = GameState.model_validate(data["state"]).model_dump(
            mode="json", exclude_none=True
        )
    except ValueError:
        return True
    for part in key[1:]:
        try:
            dumped = dumped[part]
        except (KeyError, IndexError, TypeError):
            return False
    return True


def _never_lost(name: str, key: Key) -> bool:
    """Whether deleting ``key`` leaves a game the checks know is not whole, although the
    models would read it without the key: what a character is made with (armour, one skill,
    the slots of one level), a creature's stat block, when the game began, a combatant's
    turn economy, and whose turn it is between fights."""
    match key:
        case ("state", "party", _, "armor" | "skills" | "spell_slots", *_):
            return key[3] != "spell_slots" or (key[4:5] == ("maximum",) and len(key) == 6)
        case ("state", "creatures", _, "monster"):
            return True
        case ("state", "started") | ("state", "encounter", "economy", _):
            return True
        case ("state", "turn_order", "active"):
            return "encounter" not in document(name)["state"]
    return False


@fuzz_settings(examples=60)
@given(data=st.data())
def test_a_deleted_key_or_table_is_refused_unless_the_game_is_sound_without_it(
    folder: Path, data: st.DataObject
) -> None:
    name = data.draw(st.sampled_from(NAMES))
    key = data.draw(st.sampled_from([k for k in keys(name) if isinstance(k[-1], str)]))

    def delete(parent: Any, last: str | int) -> None:
        del parent[last]

    edited = changed(name, key, delete)
    # A key the models would fill back in must be refused; an entry of the game's own data
    # (a flag, a skill, a creature) may go, if what is left makes sense, as a told edit.
    nonsense = _defaulted(edited, key) or _never_lost(name, key)
    run_case(
        folder,
        as_edited(name, edited),
        nonsense=nonsense,
        shown=(name, "delete", key),
        accepted=_told_of_an_edit,
    )


WRONG: list[object] = ["x", 7, 1.5, True, [], {}]
"""A value of each TOML type a save holds."""


def _toml_type(value: object) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number" if not isinstance(value, int) else "int"
    return type(value).__name__


@fuzz_settings(examples=60)
@given(data=st.data())
def test_a_value_of_the_wrong_type_is_refused(folder: Path, data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(NAMES))
    key = data.draw(st.sampled_from(keys(name)))
    original = _value_at(name, key)
    value = data.draw(st.sampled_from(WRONG))
    assume(_toml_type(value) != _toml_type(original))
    assume(not isinstance(original, str) or not isinstance(value, str))
    if len(key) == 3 and key[:2] == ("state", "flags") and isinstance(value, (bool, int, str)):
        nonsense = False  # a flag holds a boolean, a number or a word: any is a sound edit
    else:
        nonsense = True

    def replace(parent: Any, last: str | int) -> None:
        parent[last] = value

    edited = changed(name, key, replace)
    run_case(
        folder,
        as_edited(name, edited),
        nonsense=nonsense,
        shown=(name, key, value),
        accepted=_told_of_an_edit,
    )


def _value_at(name: str, key: Key) -> Any:
    value: Any = document(name)
    for part in key:
        value = value[part]
    return value


@fuzz_settings(examples=40)
@given(data=st.data())
def test_a_number_that_is_not_finite_is_refused(folder: Path, data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(NAMES))
    numbers = [k for k in leaves(name) if _toml_type(_value_at(name, k)) in ("int", "number")]
    key = data.draw(st.sampled_from(numbers))
    value = data.draw(st.sampled_from([math.inf, -math.inf, math.nan]))

    def replace(parent: Any, last: str | int) -> None:
        parent[last] = value

    run_case(folder, as_edited(name, changed(name, key, replace)), nonsense=True, shown=(name, key))


def _party_and_foes(name: str) -> list[Key]:
    state = document(name)["state"]
    return [("state", "party", c) for c in state["party"]] + [
        ("state", "creatures", c) for c in state["creatures"]
    ]


NONSENSE: list[tuple[str, Callable[[dict[str, Any]], object]]] = [
    ("hp above max_hp", lambda who: who["vitals"].update(hp=who["vitals"]["max_hp"] + 1)),
    ("negative hp", lambda who: who["vitals"].update(hp=-1)),
    ("max_hp of 0", lambda who: who["vitals"].update(max_hp=0)),
    ("four death saves", lambda who: who["vitals"].update(death_failures=4)),
    ("an unknown condition", lambda who: who.update(conditions=[{"condition": "sleepy"}])),
    ("a condition for -1 rounds", lambda who: who.update(
        conditions=[{"condition": "prone", "rounds": -1}])),
    ("alive at 0 HP", lambda who: who["vitals"].update(hp=0, state="alive")),
    ("dead with HP left", lambda who: who["vitals"].update(hp=1, state="dead")),
    ("three failed death saves, alive", lambda who: who["vitals"].update(death_failures=3)),
    ("a million million temporary HP", lambda who: who["vitals"].update(temp_hp=10**12)),
    ("max_hp past 64 bits", lambda who: who["vitals"].update(max_hp=10**20)),
]  # fmt: skip
"""Nonsense for one character or creature."""
SHEET_NONSENSE: list[tuple[str, Callable[[dict[str, Any]], object]]] = [
    ("slots spent above the maximum", lambda sheet: sheet["spell_slots"]["expended"].update(
        {"1": 9})),
    ("level 0", lambda sheet: sheet.update(level=0)),
    ("hit dice above the total", lambda sheet: sheet["hit_dice"].update(remaining=99)),
    ("exhaustion 7", lambda sheet: sheet.update(exhaustion=7)),
    ("wisdom 0", lambda sheet: sheet["abilities"].update(wisdom=0)),
    ("an unknown spell", lambda sheet: sheet.update(concentration="wish-for-more-wishes")),
    ("exhaustion 6, alive", lambda sheet: sheet.update(exhaustion=6)),
    ("a speed of 9e18 feet", lambda sheet: sheet.update(speed=9 * 10**18)),
    ("ten slots of a level", lambda sheet: sheet["spell_slots"]["maximum"].update({"1": 10})),
    ("armour changed", lambda sheet: sheet.update(
        armor="plate" if sheet.get("armor") != "plate" else "leather")),
    ("wisdom raised", lambda sheet: sheet["abilities"].update(
        wisdom=sheet["abilities"]["wisdom"] % 20 + 1)),
]  # fmt: skip
"""Nonsense only a party member's sheet can hold."""
GAME_NONSENSE: list[tuple[str, Callable[[dict[str, Any]], object]]] = [
    ("a negative turn", lambda s: s.update(turn=-1)),
    ("an unknown scene", lambda s: s["scene"].update(id="attic")),
    ("an unknown campaign", lambda s: s.update(campaign_id="lost-mines")),
    ("a campaign path", lambda s: s.update(campaign_id="../campaigns/crossroads")),
    ("a stranger among the players", lambda s: s["players"].update(Zed=["zed"])),
    ("an unknown challenge", lambda s: s["challenges"].update(vault="passed")),
    ("an unknown trigger", lambda s: s["fired_triggers"].update(nothing=1)),
    ("an unknown ending", lambda s: s.update(ending="happily-ever-after")),
    ("an unknown encounter beaten", lambda s: s["defeated"].append("dragon")),
    ("a summary past the turn", lambda s: s.update(summarised_through=s["turn"] + 1)),
    ("a stranger restricted to act", lambda s: s.update(
        restriction={"character_ids": ["zed"], "reason": "only Zed"})),
    ("a turn past 64 bits", lambda s: s.update(turn=10**20)),
    ("nobody at the table", lambda s: s.update(players={})),
    ("a stranger's turn", lambda s: s["turn_order"].update(active="Nobody")),
    ("two of the same name", lambda s: s["party"]["thorin"].update(name="Mira")),
]  # fmt: skip
"""Nonsense in the game as a whole."""
FIGHT_NONSENSE: list[tuple[str, Callable[[dict[str, Any]], object]]] = [
    ("an empty order", lambda f: f.update(order=[])),
    ("a stranger in the order", lambda f: f["order"].append(
        {"id": "ghost", "name": "Ghost", "initiative": 3, "side": "foes"})),
    ("a turn past the order", lambda f: f.update(turn_index=len(f["order"]))),
    ("round 0", lambda f: f.update(round=0)),
    ("a stranger casting", lambda f: f["spells_cast"].update(ghost=["bonus"])),
    ("a combatant without its economy", lambda f: f["economy"].pop(f["order"][0]["id"])),
    ("endless extra attacks", lambda f: f["economy"][f["order"][0]["id"]].update(
        extra_attacks=2**63 - 1)),
]  # fmt: skip
"""Nonsense in a fight."""


@fuzz_settings(examples=60)
@given(data=st.data())
def test_nonsense_values_are_refused(folder: Path, data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(NAMES))
    edited = tomllib.loads(tomli_w.dumps(document(name)))
    state = edited["state"]
    where = data.draw(st.sampled_from(["someone", "sheet", "game", "fight"]))
    if where == "someone":
        _, table, cid = data.draw(st.sampled_from(_party_and_foes(name)))
        what, spoil = data.draw(st.sampled_from(NONSENSE))
        spoil(state[table][cid])
    elif where == "sheet":
        cid = data.draw(st.sampled_from(sorted(state["party"])))
        what, spoil = data.draw(st.sampled_from(SHEET_NONSENSE))
        spoil(state["party"][cid])
    elif where == "fight":
        assume("encounter" in state)
        what, spoil = data.draw(st.sampled_from(FIGHT_NONSENSE))
        spoil(state["encounter"])
    else:
        what, spoil = data.draw(st.sampled_from(GAME_NONSENSE))
        spoil(state)
    run_case(folder, as_edited(name, edited), nonsense=True, shown=(name, what))


def test_every_situation_loads_whole(folder: Path) -> None:
    """The saves the fuzz cases start from are themselves sound (else every refusal above
    would prove nothing)."""
    for name in NAMES:
        assert run_case(folder, save_texts()[name], nonsense=False, shown=name) is Verdict.ACCEPTED
        unchanged = as_edited(name, document(name))
        assert unchanged == save_texts()[name]  # the fuzz cases' writer is the game's
