"""Campaign files, mutated as a careless editor, a bad download or a hostile tester would:
cut short, keys and tables deleted, values of the wrong type, an id reference replaced by
one the campaign does not have, bytes flipped, invalid UTF-8, nesting hundreds deep.

Whatever the mutation, loading then starting a game — a new game and one turn of the
offline referee, as ``dungeon play`` would — ends in a :class:`CampaignError` or a game
that plays; never a traceback (nor a turn that fails inside), never a hang, never a file
changed by loading it. The validator (``dungeon validate``) must get through whatever the
schema accepts. A mutation known to break the campaign (a dangling reference, bytes that
are not UTF-8, nesting past the limit) must be refused.
"""

from __future__ import annotations

import asyncio
import copy
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import assume, given
from hypothesis import strategies as st

from app.authoring.validation import campaign_problems
from app.session.runner import run_lines
from app.session.setup import start_session
from app.world.campaignfile import CampaignError, load_campaign
from app.world.folders import CAMPAIGNS_DIR
from tests.fuzz.harness import fuzz_settings, judge

ROOT = CAMPAIGNS_DIR.parent
SOURCES = sorted(ROOT.glob("campaigns/*/campaign.toml")) + sorted(
    ROOT.glob("tests/data/campaigns/*/campaign.toml")
)
EXAMPLES = 20
"""Examples per property in CI (each loads and plays a campaign: ~50 ms)."""

Key = str | int
Path_ = tuple[Key, ...]

REFERENCES = {
    "start", "party", "to", "npcs", "items", "encounter", "restrict_to", "scene", "move_to",
    "start_encounter", "next", "give_items", "take_items", "ending", "monster", "npc",
    "in_scene", "has_item", "defeated", "killed", "surrendered", "fled", "passed", "failed",
}  # fmt: skip
"""Keys whose text values name another part of the campaign (a scene, an item, …)."""


@cache
def source(path: Path) -> tuple[bytes, dict[str, Any]]:
    raw = path.read_bytes()
    return raw, tomllib.loads(raw.decode("utf-8"))


def walk(value: Any, at: Path_ = ()) -> list[Path_]:
    """Every key path in ``value`` (tables and arrays), parents before children."""
    found: list[Path_] = [at] if at else []
    if isinstance(value, dict):
        for key, child in value.items():
            found += walk(child, (*at, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += walk(child, (*at, index))
    return found


def get(data: Any, at: Path_) -> Any:
    for key in at:
        data = data[key]
    return data


SHEET_REFERENCES = {"armor", "weapons", "spells"}
"""Keys of a character sheet that name SRD data (its ``inventory`` is free text)."""


def references(data: dict[str, Any]) -> list[Path_]:
    """Paths of the text values that are id references."""
    found = []
    for at in walk(data):
        if not isinstance(get(data, at), str):
            continue
        key = at[-2] if isinstance(at[-1], int) else at[-1]
        if key in (SHEET_REFERENCES if at[0] == "characters" else REFERENCES):
            found.append(at)
    return found


def ids(data: dict[str, Any]) -> set[str]:
    """Every id the campaign defines (so that a "dangling" id really is one)."""
    known = {c.get("id") for c in data.get("characters", [])}
    for table in ("scenes", "challenges", "npcs", "encounters", "items", "monsters"):
        known |= set(data.get(table, {}))
    known |= {e.get("id") for e in data.get("endings", [])}
    return {k for k in known if isinstance(k, str)}


def play(folder: Path, file: Path, content: bytes) -> None:
    """The case: load as every playing entry point does, validate, then start a game and
    play one turn with the offline referee; the file must be as it was."""
    try:
        campaign = load_campaign(folder)
    finally:
        assert file.read_bytes() == content, "loading changed the campaign file"
    campaign_problems(campaign)
    session = start_session(campaign, seed=1)
    result = asyncio.run(run_lines(session, ["Anyone: look around"]))
    if result.errors:  # the session turns a crash into an error event: still a finding
        raise RuntimeError(f"the turn failed: {result.errors}")


def run(tmp_path: Path, content: bytes, *, nonsense: bool, shown: object) -> None:
    folder = tmp_path / "fuzzed"
    folder.mkdir(exist_ok=True)
    file = folder / "campaign.toml"
    file.write_bytes(content)
    judge(
        "campaign",
        lambda: play(folder, file, content),
        refusals=(CampaignError,),
        nonsense=nonsense,
        shown=shown,
    )


some_source = st.sampled_from(SOURCES)
values = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(),
    st.booleans(),
    st.text(st.characters(codec="utf-8"), max_size=20),
    st.lists(st.integers(-5, 5), max_size=3),
    st.dictionaries(st.text("abcxyz", min_size=1, max_size=5), st.integers(0, 9), max_size=2),
)


@fuzz_settings(EXAMPLES)
@given(path=some_source, cut=st.floats(0, 1, exclude_max=True))
def test_cut_short(tmp_path: Path, path: Path, cut: float) -> None:
    raw, _ = source(path)
    content = raw[: int(len(raw) * cut)]
    run(tmp_path, content, nonsense=False, shown=(path.name, len(content)))


@fuzz_settings(EXAMPLES)
@given(path=some_source, data=st.data())
def test_deleted_keys_and_tables(tmp_path: Path, path: Path, data: st.DataObject) -> None:
    _, parsed = source(path)
    doc = copy.deepcopy(parsed)
    at = data.draw(st.sampled_from(walk(doc)), label="deleted")
    del get(doc, at[:-1])[at[-1]]
    run(tmp_path, tomli_w.dumps(doc).encode(), nonsense=False, shown=at)


@fuzz_settings(EXAMPLES)
@given(path=some_source, data=st.data())
def test_wrong_types(tmp_path: Path, path: Path, data: st.DataObject) -> None:
    _, parsed = source(path)
    doc = copy.deepcopy(parsed)
    at = data.draw(st.sampled_from(walk(doc)), label="replaced")
    value = data.draw(values, label="value")
    get(doc, at[:-1])[at[-1]] = value
    run(tmp_path, tomli_w.dumps(doc).encode(), nonsense=False, shown=(at, value))


@fuzz_settings(EXAMPLES)
@given(path=some_source, data=st.data(), new=st.from_regex(r"[a-z][a-z0-9_]{0,12}", fullmatch=True))
def test_dangling_ids_are_refused(
    tmp_path: Path, path: Path, data: st.DataObject, new: str
) -> None:
    _, parsed = source(path)
    doc = copy.deepcopy(parsed)
    assume(new not in ids(doc))
    at = data.draw(st.sampled_from(references(doc)), label="reference")
    get(doc, at[:-1])[at[-1]] = new
    run(tmp_path, tomli_w.dumps(doc).encode(), nonsense=True, shown=(at, new))


@fuzz_settings(EXAMPLES)
@given(
    path=some_source,
    flips=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(1, 255)),
                   min_size=1, max_size=4),
)  # fmt: skip
def test_flipped_bytes(tmp_path: Path, path: Path, flips: list[tuple[float, int]]) -> None:
    raw, _ = source(path)
    content = bytearray(raw)
    for where, mask in flips:
        content[int(len(raw) * where)] ^= mask
    run(tmp_path, bytes(content), nonsense=False, shown=flips)


BAD_UTF8 = [b"\xff", b"\xfe\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x80"]


@fuzz_settings(EXAMPLES)
@given(path=some_source, where=st.floats(0, 1), bad=st.sampled_from(BAD_UTF8))
def test_invalid_utf8_is_refused(tmp_path: Path, path: Path, where: float, bad: bytes) -> None:
    raw, _ = source(path)
    at = int(len(raw) * where)
    run(tmp_path, raw[:at] + bad + raw[at:], nonsense=True, shown=(at, bad))


@fuzz_settings(EXAMPLES)
@given(path=some_source, depth=st.integers(41, 1200), shape=st.sampled_from(["not", "[", "{"]))
def test_deep_nesting_is_refused(tmp_path: Path, path: Path, depth: int, shape: str) -> None:
    raw, _ = source(path)
    # a trigger whose condition nests: "not" in "not" as a table header (read without
    # recursion), as inline tables, or as arrays in an "all"
    extra = '\n[[triggers]]\nid = "deep"\n[triggers.effects]\ntext = "x"\n'
    if shape == "not":
        extra += "[triggers.when" + ".not" * depth + ']\nflag = "x"\n'
    elif shape == "{":
        extra += "[triggers.when]\nnot = " + "{ not = " * depth + '{ flag = "x" }' + " }" * depth
    else:
        extra += "[triggers.when]\nall = " + "[" * depth + "]" * depth + "\n"
    run(tmp_path, raw + extra.encode(), nonsense=True, shown=(shape, depth))


EFFECT_REFERENCES = ["move_to", "start_encounter", "next", "ending", "give_items", "take_items",
                     "restrict_to"]  # fmt: skip
FACT_REFERENCES = ["in_scene", "has_item", "defeated", "killed", "surrendered", "fled",
                   "passed", "failed"]  # fmt: skip


def effects_tables(data: dict[str, Any]) -> list[Path_]:
    """Paths of every effects table (challenge outcomes and trigger effects)."""
    found: list[Path_] = []
    for cid in data.get("challenges", {}):
        found += [("challenges", cid, "success"), ("challenges", cid, "failure")]
    found += [("triggers", i, "effects") for i in range(len(data.get("triggers", [])))]
    return found


@fuzz_settings(EXAMPLES)
@given(
    path=some_source,
    data=st.data(),
    new=st.from_regex(r"[a-z][a-z0-9_]{0,12}", fullmatch=True),
    in_effects=st.booleans(),
)
def test_added_dangling_references_are_refused(
    tmp_path: Path, path: Path, data: st.DataObject, new: str, in_effects: bool
) -> None:
    """References of kinds the shipped campaigns do not use yet, added where they go."""
    _, parsed = source(path)
    doc = copy.deepcopy(parsed)
    assume(new not in ids(doc))
    if in_effects:
        at = data.draw(st.sampled_from(effects_tables(doc)), label="effects")
        key = data.draw(st.sampled_from(EFFECT_REFERENCES), label="key")
        get(doc, at)[key] = [new] if key.endswith(("items", "restrict_to")) else new
    else:
        key = data.draw(st.sampled_from(FACT_REFERENCES), label="fact")
        trigger = {"id": "added", "when": {"all": [{key: new}]}, "effects": {"text": "x"}}
        doc.setdefault("triggers", []).append(trigger)
        at = ("triggers", key)
    run(tmp_path, tomli_w.dumps(doc).encode(), nonsense=True, shown=(at, key, new))
