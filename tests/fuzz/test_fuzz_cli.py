"""Fuzzing the command line: generated argument lists for every command end with exit code
0, 1 or 2 and a message, never a Python traceback, within the time bound.

Each run happens in a fresh folder with no DM configured (no network): odd files stand
ready to be named (empty, binary, a folder, a broken link, a link loop, a huge line), and a
real save to be listed, shown and deleted. Arguments are drawn per command — sound values
and wrong ones: unknown options, values of the wrong type, huge numbers, empty strings,
control characters, undecodable bytes (as a non-UTF-8 argv arrives), bad paths. ``dice``
and ``play --ui console`` get piped lines, a few turns' worth.

Inputs that once crashed a command are kept in ``HOSTILE`` with their exact reproduction:
each runs on every test run, so none can come back.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from app.cli.main import app
from tests.fuzz.harness import Verdict, fuzz_settings, judge

SECONDS = 8.0
"""Time bound of one command run (a console game of a few turns included)."""

ENV = {
    "DUNGEON_DM_API_KEY": None,
    "DUNGEON_DM_BASE_URL": None,
    "DUNGEON_DM_MODEL": None,
    "OPENAI_API_KEY": None,
    "OPENAI_BASE_URL": None,
}

# -- the sandbox every run happens in -------------------------------------------------------------
SCRIPT = "Mira: I look around\nThorin: I talk to Berta\n\n# a comment\nAria: I open the trapdoor\n"


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a real save and odd files, copied for every run."""
    root = tmp_path_factory.mktemp("cli-template")
    saves = root / "saves"
    result = CliRunner().invoke(
        app,
        ["play", "--ui", "console", "--seed", "1", "--saves-dir", str(saves), "--save-as", "fuzz"],
        input="Mira: I look around\n/quit\n",
        env=ENV,
    )
    assert result.exit_code == 0 and (saves / "fuzz.toml").exists(), result.output
    (root / "script.txt").write_text(SCRIPT, encoding="utf-8")
    (root / "empty.txt").write_text("", encoding="utf-8")
    (root / "binary.bin").write_bytes(bytes(range(256)) * 4)
    (root / "huge.txt").write_text("Mira: " + "a" * 200_000 + "\n", encoding="utf-8")
    (root / "folder").mkdir()
    (root / "broken-link").symlink_to(root / "nowhere")
    (root / "loop").symlink_to(root / "loop")
    (root / "bad.toml").write_text("[[[not toml", encoding="utf-8")
    shipped = (Path(__file__).parents[2] / "campaigns" / "crossroads" / "campaign.toml").read_text(
        encoding="utf-8"
    )
    for name, text in {
        "no-start": shipped.replace('start = "inn"', 'start = "nowhere"', 1),
        "not-utf8": None,
        "deep": "a = " + "[" * 400 + "]" * 400 + "\n",
    }.items():
        (root / name).mkdir()
        target = root / name / "campaign.toml"
        if text is None:
            target.write_bytes(shipped.encode("utf-8").replace(b"Berta", b"B\xff\xferta"))
        else:
            target.write_text(text, encoding="utf-8")
    return root


@contextmanager
def sandbox(template: Path) -> Iterator[Path]:
    """A fresh copy of the template as the working folder (saves go to ./saves)."""
    here = Path.cwd()
    work = template.parent / f"run-{os.getpid()}"
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(template, work, symlinks=True)
    os.chdir(work)
    try:
        yield work
    finally:
        os.chdir(here)
        shutil.rmtree(work, ignore_errors=True)


def run_cli(args: Sequence[str], stdin: bytes | None = None) -> Verdict:
    """One run: exit 0/1/2/3 (3: an invalid campaign), a ``SystemExit`` or nothing as the
    exception, no traceback printed, and a message when it fails. Returns the verdict."""
    result = CliRunner().invoke(app, list(args), input=stdin, env={**ENV, "HOME": os.getcwd()})
    output = result.stdout + result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in output, output[-2000:]
    assert result.exit_code in (0, 1, 2, 3), (result.exit_code, output[-2000:])
    if result.exit_code:
        assert output.strip(), "a failure without a message"
        return Verdict.REFUSED
    return Verdict.ACCEPTED


def fuzz(template: Path, args: Sequence[str], stdin: bytes | None = None, nonsense: bool = False):
    with sandbox(template):
        judge(
            "cli",
            lambda: run_cli(args, stdin),
            refusals=(),
            nonsense=nonsense,
            seconds=SECONDS,
            shown=(list(args), stdin[:300] if stdin else None),
        )


# -- values, sound and wrong ----------------------------------------------------------------------
ODD_TEXT = ["", " ", "\x1b[2J", "a\nb", "\udcff", "é", "x" * 300, "-", "--", "../x", "/", "."]
PATHS = [
    "script.txt",
    "empty.txt",
    "binary.bin",
    "huge.txt",
    "folder",
    "broken-link",
    "loop",
    "bad.toml",
    "missing.txt",
    "/dev/null",
    "",
    "saves",
    "saves/fuzz.toml",
    "\udcff.txt",
]
ints = st.one_of(
    st.integers(-3, 30).map(str),
    st.sampled_from(["0", "-1", "100001", str(10**30), "abc", "", "1e3", "0x10", "nan", "٣"]),
)
texts = st.one_of(st.sampled_from(ODD_TEXT), st.text(max_size=12).filter(lambda t: "\x00" not in t))
paths = st.sampled_from(PATHS)
unknown = st.sampled_from(["--bogus", "-z", "--seed", "--help", "--version", "extra"])
formulas = st.sampled_from(
    ["1d20+5", "4d6kh3", "+".join(["1"] * 499), "1d20 \x1b[2J", "(" * 60, "１d２０", "", "1d6/0"]
)


def options(*pairs: tuple[str, st.SearchStrategy[str] | None]) -> st.SearchStrategy[list[str]]:
    """Some of the given options in any order, each with a drawn value (``None``: a flag)."""

    def flat(chosen: list[tuple[str, str | None]]) -> list[str]:
        out: list[str] = []
        for name, value in chosen:
            out += [name] if value is None else [name, value]
        return out

    picks = [
        st.tuples(st.just(name), value if value is not None else st.none()) for name, value in pairs
    ]
    return st.lists(st.one_of(*picks), max_size=4).map(flat)


def then(*parts: st.SearchStrategy[list[str]]) -> st.SearchStrategy[list[str]]:
    return st.tuples(*parts).map(lambda lists: [a for part in lists for a in part])


one = st.builds(lambda v: [v], texts)
maybe_junk = st.lists(unknown, max_size=1)
CAMPAIGNS = st.sampled_from(
    ["crossroads"] * 6 + ["nope", "", "folder", "bad.toml", ".", "no-start", "not-utf8", "deep"]
)
LINES = [
    "Mira: I look around",
    "I talk to Berta",
    "/roll 2d6",
    "/roll " + "+".join(["1"] * 499),
    "/help",
    "/save fuzz2",
    "/pass",
    "/join Ana mira",
    "\x1b[2J",
    "\udcff",
    "x" * 5000,
    "",
]

commands = st.one_of(
    then(st.just(["roll"]), st.builds(lambda f: [f], formulas), options(
        ("--seed", ints), ("--adv", None), ("--dis", None), ("--stats", None),
        ("--dc", ints), ("--times", ints), ("-n", ints),
    ), maybe_junk),
    then(st.just(["saves"]), st.sampled_from([["list"], ["show"], ["delete"], ["nope"], []]),
         st.lists(st.sampled_from(["fuzz", "autosave", "fuzz.toml", "fuzz.toml.1", "../x", ""])
                  | texts, max_size=1),
         options(("--saves-dir", paths)), maybe_junk),
    then(st.just(["validate"]), st.builds(lambda c: [c], CAMPAIGNS), maybe_junk),
    then(st.just(["simulate"]), st.builds(lambda c: [c], CAMPAIGNS), options(
        ("--script", paths), ("--script", st.just("script.txt")), ("--seed", ints),
        ("--brain", st.sampled_from(["offline", "scripted", "nope", ""])),
        ("--brain-file", paths), ("--until-end", None),
    ), maybe_junk),
    then(st.just(["balance"]), st.builds(lambda c: [c, "--fights", "3"], CAMPAIGNS), options(
        ("--encounter", st.sampled_from(["cellar_rats", "nope", ""]) | texts),
        ("--monster", st.sampled_from(["goblin", "goblin:2", "goblin:0", "goblin:x",
                                       "goblin:-1", "dragon", ":", "", "goblin:٣"])),
        ("--party", st.sampled_from(["mira", "mira,thorin", "nope", ",", ""])),
        ("--fights", st.sampled_from(["1", "5", "0", "-1", "100001", "abc", str(10**30)])),
        ("--seed", ints),
    ), maybe_junk),
    then(st.just(["tool"]), st.sampled_from([["roll_dice"], ["nope"], [""], ["get_encounter"]]),
         st.lists(st.sampled_from([
             '{"rolls": [{"formula": "1d20+5", "flavor": "x"}]}', "{}", "[", "null", '"x"',
             '{"rolls": [{"formula": "' + "+".join(["1"] * 300) + '", "flavor": "x"}]}',
             "[" * 1000, "", "\udcff",
         ]), max_size=1),
         options(("--campaign", CAMPAIGNS), ("--seed", ints)), maybe_junk),
    then(st.just(["credits"]), maybe_junk),
    then(st.lists(unknown | texts, min_size=0, max_size=2)),
)  # fmt: skip


# -- the properties -------------------------------------------------------------------------------
@given(commands)
@fuzz_settings(examples=40)
def test_every_command_exits_cleanly(template: Path, args: list[str]) -> None:
    fuzz(template, args)


@given(
    options(("--seed", ints)),
    st.lists(st.one_of(formulas, st.sampled_from(["help", "stats 4d6kh3", "seed x",
                                                  "monster goblin", "spell", "history"]),
                       texts), max_size=6),
    st.booleans(),
)  # fmt: skip
@fuzz_settings(examples=15)
def test_the_dice_tray_takes_any_piped_lines(
    template: Path, args: list[str], lines: list[str], quit_at_end: bool
) -> None:
    stdin = "\n".join([*lines, "quit"] if quit_at_end else lines).encode("utf-8", "surrogateescape")
    fuzz(template, ["dice", *args], stdin)


@given(
    options(
        ("--seed", ints),
        ("--save-as", st.sampled_from(["game", "fuzz", ""]) | texts),
        ("--load", st.sampled_from(["fuzz", "nope"])),
        ("--continue", None),
        ("--player", st.sampled_from(["Ana=mira", "Ben=thorin,aria", "Ana=", "=mira", "x"])),
        ("--timer", ints),
        ("--campaign", CAMPAIGNS),
    ),
    st.lists(st.sampled_from(LINES), max_size=4),
    st.booleans(),
)
@fuzz_settings(examples=8)
def test_a_console_game_takes_any_options_and_lines(
    template: Path, args: list[str], lines: list[str], quit_at_end: bool
) -> None:
    stdin = "\n".join([*lines, "/quit"] if quit_at_end else lines)
    argv = ["play", "--ui", "console", *args]
    fuzz(template, argv, stdin.encode("utf-8", "surrogateescape"))


@given(
    st.sampled_from(["roll", "dice", "saves", "validate", "simulate", "balance", "tool", "play"]),
    st.sampled_from(["--seed", "--fights", "--times", "--dc", "--timer"]),
    st.sampled_from(["abc", "", "1.5", "٣", "\udcff", str(10**40)]),
)
@fuzz_settings(examples=15)
def test_an_option_of_the_wrong_type_is_refused(
    template: Path, command: str, option: str, value: str
) -> None:
    """A value that is no number where a number is expected is never taken as one."""
    nonsense = value != str(10**40)
    args = [command, *(["crossroads"] if command in ("validate", "simulate", "balance") else [])]
    fuzz(template, [*args, option, value], b"quit\n", nonsense=nonsense)


# -- inputs that once crashed a command ---------------------------------------------------------
NOT_UTF8 = "not-utf8"
"""A copy of the shipped campaign with two bytes that are not UTF-8."""
NO_START = "no-start"
"""A copy of the shipped campaign whose start scene does not exist (``validate`` reports it)."""
ROLL = '{"rolls": [{"formula": "1d20", "flavor": "x"}]}'
GAME = b"Mira: I look around\n/quit\n"

HOSTILE: list[tuple[str, list[str], bytes | None, bool]] = [
    ("campaign not UTF-8: validate", ["validate", NOT_UTF8], None, False),
    ("campaign not UTF-8: play", ["play", "--ui", "console", "--campaign", NOT_UTF8], GAME, False),
    ("campaign not UTF-8: simulate", ["simulate", NOT_UTF8, "--script", "script.txt"], None, False),
    ("campaign not UTF-8: balance", ["balance", NOT_UTF8, "--monster", "goblin"], None, False),
    ("campaign not UTF-8: tool", ["tool", "roll_dice", ROLL, "--campaign", NOT_UTF8], None, False),
    ("missing start scene: play", ["play", "--ui", "console", "--campaign", NO_START], GAME, False),
    ("missing start scene: simulate", ["simulate", NO_START, "--script", "script.txt"], None,
     False),
    ("missing start scene: tool", ["tool", "roll_dice", ROLL, "--campaign", NO_START], None, False),
    ("script not UTF-8", ["simulate", "crossroads", "--script", "binary.bin"], None, False),
    ("script line of 200,000 characters", ["simulate", "crossroads", "--script", "huge.txt"],
     None, False),
    ("brain file not UTF-8", ["simulate", "crossroads", "--script", "script.txt", "--brain",
                              "scripted", "--brain-file", "binary.bin"], None, False),
    ("undecodable --save-as", ["play", "--ui", "console", "--save-as", "\udcff"], GAME, False),
    ("undecodable --saves-dir: play", ["play", "--ui", "console", "--saves-dir", "\udcff"], GAME,
     False),
    ("undecodable --saves-dir: saves list", ["saves", "list", "--saves-dir", "\udcff"], None,
     False),
    ("no goblins win: balance goblin:0", ["balance", "crossroads", "--monster", "goblin:0",
                                          "--fights", "3"], None, True),
    ("character file not UTF-8", ["character", "show", "binary.bin"], None, True),
    ("character file a folder", ["character", "show", "folder"], None, True),
    ("character file a link loop", ["character", "show", "loop"], None, True),
    ("characters folder a file", ["character", "list", "--characters-dir", "binary.bin"], None,
     False),
    ("undecodable character name", ["character", "new", "--name", "\udcff", "--yes"], None, True),
    ("character of a broken file plays", ["play", "--ui", "console", "--character",
                                          "mira=bad.toml"], GAME, True),
    ("party of a huge file", ["play", "--ui", "console", "--party", "huge.txt"], GAME, True),
    ("scores out of the array", ["character", "new", "--name", "A", "--species", "human",
                                 "--class", "fighter", "--background", "acolyte", "--scores",
                                 "standard", "--assign", "str=99999999999"], None, True),
]  # fmt: skip
"""``(what went wrong, argv, piped input, nonsense)``: each was a traceback, or a nonsense
input accepted. ``balance crossroads --monster goblin:99999999`` (which ate memory until
killed) is refused by the count limit, tested with the other balance limits."""


@pytest.mark.parametrize(
    ("args", "stdin", "nonsense"),
    [pytest.param(a, s, n, id=why) for why, a, s, n in HOSTILE],
)
def test_inputs_that_once_crashed_are_refused_cleanly(
    template: Path, args: list[str], stdin: bytes | None, nonsense: bool
) -> None:
    fuzz(template, args, stdin, nonsense=nonsense)
