"""Fuzzing ``dungeon tool``'s author arguments: ``--load``, ``--scene``, ``--flag``,
key=value pairs, ``--list`` and ``--schema`` given hostile strings, huge values, bad JSON,
unknown keys and undecodable bytes. Every run ends with exit code 0, 1 or 2 and a message,
never a traceback, within the time bound — and the saves it loads are never changed.

Runs happen in the CLI fuzz suite's sandbox (a folder of real saves and odd files)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.actions.sets import ALL_TOOLS
from tests.app.saved_games import real_saves
from tests.fuzz.harness import fuzz_settings, judge
from tests.fuzz.test_fuzz_cli import ODD_TEXT, run_cli, sandbox

SECONDS = 8.0


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Real saves (start, exploring, fight) and odd files to name."""
    root = tmp_path_factory.mktemp("tool-template")
    real_saves(root / "saves")
    (root / "saves" / "cut.toml").write_bytes((root / "saves" / "fight.toml").read_bytes()[:999])
    (root / "binary.toml").write_bytes(bytes(range(256)) * 4)
    (root / "folder.toml").mkdir()
    (root / "loop.toml").symlink_to(root / "loop.toml")
    return root


HOSTILE = [*ODD_TEXT, "\udcff", "9" * 5000, "x" * 100_000, "'", '"', "=", "==", "a=b=c"]
texts = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=16).filter(lambda t: "\x00" not in t))
JSON = [
    "{}", "{", '{"dc": 12}', '{"character_id": "mira", "dc": 1e999}', "{" * 3000,
    '{"rolls": [' + ",".join(['{"formula": "1d4"}'] * 2000) + "]}", '{"a": "\udcff"}',
    "[1]", "null", '{"character_id": {"$ref": "#"}}',
]  # fmt: skip
FIELDS = [
    "character_id", "dc", "skill", "reason", "rolls", "character_ids", "challenge_id",
    "scene_id", "attacker_id", "target_id", "value", "name", "amount", "nope", "",
]  # fmt: skip
VALUES = [
    "mira", "12", "-1", "99999999999999999999999999", "9" * 5000, "true", "null", "[]",
    '[{"formula": "1d20"}]', "[" * 2000, "mira,thorin", ",", "stealth", "1e999", "NaN",
    "sneak_past", "giant-rat-1", "", "\x1b[2J", "\udcff",
]  # fmt: skip
SOUND = [
    ["get_encounter"],
    ["request_ability_check", "character_id=mira", "skill=stealth", "dc=12", "reason=sneak"],
    ["attack", "attacker_id=mira", "target_id=giant-rat-1"],
    ["attempt_challenge", "challenge_id=sneak_past"],
    ["attempt_challenge", "challenge_id=force_trapdoor", "character_id=thorin"],
    ["move_scene", "scene_id=cellar", "reason=down"],
    ["roll_dice", 'rolls=[{"formula": "1d20+5", "flavor": "x"}]'],
    ["request_group_check", "character_ids=mira,thorin", "dc=10", "reason=x"],
    ["set_flag", "name=door", "value=open"],
]
"""Calls some game takes, so a good share of runs get as far as running a tool."""
pairs = st.builds(
    lambda k, v: f"{k}={v}",
    st.sampled_from(FIELDS) | texts,
    st.sampled_from(VALUES) | texts,
)
arguments = st.one_of(
    st.sampled_from(SOUND),
    st.builds(
        lambda sound, more: [*sound, *more], st.sampled_from(SOUND), st.lists(pairs, max_size=1)
    ),
    st.lists(pairs, max_size=4),
    st.builds(lambda j: [j], st.sampled_from(JSON)),
    st.lists(st.sampled_from(JSON) | texts, max_size=2),
)
names = st.one_of(
    st.sampled_from(["get_encounter", "attack", "attempt_challenge", "request_ability_check",
                     "request_group_check", "move_scene", "roll_dice", "set_flag"]),
    st.sampled_from([*sorted(ALL_TOOLS.names), "atack", "", "\udcff", "x" * 5000, "--"]),
)  # fmt: skip
LOADS = ["fight", "start", "exploring", "saves/fight.toml", "cut", "nope", "fight.toml.1",
         "binary.toml", "./binary.toml", "./folder.toml", "./loop.toml", "/dev/null", "",
         "../x", "saves/"]  # fmt: skip
SCENES = ["inn", "cellar", "warren", "old_road", "chief_hall", "warrne", "The Inn Cellar", ""]
FLAGS = ["trapdoor_open=true", "guards_passed=1", "tam_found=yes", "a=", "=b", "A=1", "a",
         "a=" + "9" * 40, "a=" + "x" * 5000, "a=\x1b[2J", "a='", "a=''", "a=\"x\""]  # fmt: skip


def options(sound: bool = False) -> st.SearchStrategy[list[str]]:
    """Some options; ``sound``: values a game takes, mostly."""
    if sound:
        return st.lists(
            st.one_of(
                st.tuples(st.just("--load"), st.sampled_from(["fight", "start", "exploring"])),
                st.tuples(st.just("--scene"), st.sampled_from(SCENES[:5])),
                st.tuples(st.just("--flag"), st.sampled_from(FLAGS[:3])),
            ),
            max_size=2,
        ).map(lambda chosen: [a for pair in chosen for a in pair])
    one = st.one_of(
        st.tuples(st.just("--load"), st.sampled_from(LOADS) | texts),
        st.tuples(st.just("--scene"), st.sampled_from(SCENES) | texts),
        st.tuples(st.just("--flag"), st.sampled_from(FLAGS) | texts),
        st.tuples(st.just("--saves-dir"), st.sampled_from(["saves", "folder.toml", "", "nope"])),
        st.tuples(st.just("--seed"), st.sampled_from(["0", "7", "-1", "x"])),
        st.tuples(st.just("--campaign"), st.sampled_from(["crossroads", "nope", ""])),
        st.tuples(st.sampled_from(["--list", "--schema"])),
    )
    return st.lists(one, max_size=4).map(lambda chosen: [a for pair in chosen for a in pair])


def digest(folder: Path) -> str:
    """The saves as they are: none may change."""
    out = hashlib.sha256()
    for path in sorted((folder / "saves").rglob("*")):  # stories and checkpoints too
        if path.is_file():
            out.update(str(path.relative_to(folder)).encode() + path.read_bytes())
    return out.hexdigest()


def check(template: Path, args: list[str]) -> None:
    with sandbox(template) as work:
        before = digest(work)
        judge("cli tool", lambda: run_cli(args), refusals=(), seconds=SECONDS, shown=args[:12])
        assert digest(work) == before, args


@given(names, arguments, options())
@fuzz_settings(examples=30)
def test_tool_takes_any_arguments_and_options(
    template: Path, name: str, given_args: list[str], opts: list[str]
) -> None:
    check(template, ["tool", name, *given_args, *opts])


@given(st.sampled_from(SOUND), options(sound=True), st.lists(pairs, max_size=1), options())
@fuzz_settings(examples=30)
def test_a_sound_call_with_something_wrong_ends_cleanly(
    template: Path, call: list[str], sound: list[str], more: list[str], opts: list[str]
) -> None:
    """A call some game takes, in a game set up soundly, with perhaps one more argument
    and some options of any kind."""
    check(template, ["tool", *call, *more, *sound, *opts[:2]])


@pytest.mark.parametrize(
    "args",
    [
        ["tool", "attack", "attacker_id=mira", "target_id=giant-rat-1", "--load", "fight"],
        ["tool", "attempt_challenge", "challenge_id=sneak_past", "--scene", "warren"],
        ["tool", "get_encounter", "--load", "./binary.toml"],
        ["tool", "get_encounter", "--load", "./loop.toml"],
        ["tool", "get_encounter", "--load", "./folder.toml"],
        ["tool", "get_encounter", "--load", "cut"],
        ["tool", "set_flag", "name=a", "value=" + "9" * 5000],
        ["tool", "roll_dice", "rolls=" + "[" * 5000],
        ["tool", "request_group_check", "character_ids=" + ",".join(["mira"] * 5000)],
        ["tool", "get_encounter", "--flag", "a=" + "9" * 40],
        ["tool", "get_encounter", "--scene", "x" * 100_000],
        ["tool", "x" * 100_000],
        ["tool", "--list", "--load", "fight", "--scene", "inn"],
        ["tool", "end_turn", "--schema", "--flag", "trapdoor_open=true", "--scene", "cellar"],
    ],
    ids=lambda a: " ".join(a[1:4])[:40],
)
def test_hostile_author_arguments_end_cleanly(template: Path, args: list[str]) -> None:
    check(template, args)
