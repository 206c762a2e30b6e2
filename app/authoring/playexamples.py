"""The example lines of the players' guide: where each is typed, as whom, what the game
reads in it and what happens — loaded from ``templates/playing-examples.toml`` and drawn as
the guide's tables.

The guide shows these lines and nothing else as things a player may type; the test suite
types each one into the real parser in its place and checks every claim (the reading and
the offline referee's tool calls), so an example that stops being true fails the build.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from app.understanding.intent import IntentKind
from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.wording import the
from rules.abilities import Ability
from rules.features import feature
from rules.srd import srd


class PlayDocError(ValueError):
    """The guide's template or examples cannot be used (the message says where and why)."""


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Place(_Spec):
    """Where example lines are typed."""

    text: str
    """How the guide names it: "At the inn, Berta met"."""
    state: dict[str, Any]
    """The situation, in the referee corpus's format (campaign, scene, flags, fight …)."""

    @property
    def campaign(self) -> str:
        """The campaign id the situation is in."""
        return str(self.state.get("campaign", ""))


class Example(_Spec):
    """One line a player types, and what the game makes of it."""

    section: str
    """The guide's table it belongs to."""
    place: str
    actor: str
    """The party member the line is typed as."""
    text: str = Field(min_length=1)
    intent: IntentKind
    target: str | None = None
    """The first id the line resolves (a person, thing, way, creature, challenge …)."""
    by: str | None = None
    """The party member the line makes act, when it names one."""
    action: str | None = None
    spell: str | None = None
    topic: str | None = None
    item: str | None = None
    note: str | None = None
    """Words of the reason given when the referee cannot act or asks back."""
    calls: list[str]
    """The offline referee's tool calls for the line, in order."""
    reaction: bool = False
    """Typed as the answer to a reaction window, not on the character's own turn."""
    bare: bool = False
    """Shown without the ``Name:`` of who types it: the line itself names someone."""
    says: str = Field(min_length=1)
    """What happens, in a few words."""


class Examples(_Spec):
    """The whole examples file."""

    places: dict[str, Place]
    examples: list[Example] = Field(min_length=1)

    @model_validator(mode="after")
    def _known_places(self) -> Examples:
        unknown = sorted({e.place for e in self.examples} - set(self.places))
        if unknown:
            raise ValueError(f"examples name unknown places: {', '.join(unknown)}")
        return self

    def section(self, name: str) -> list[Example]:
        """The examples of one of the guide's tables, in the file's order."""
        return [e for e in self.examples if e.section == name]


def template_text(name: str) -> str:
    """A file of the authoring templates, as text."""
    return (resources.files("app.authoring") / "templates" / name).read_text(encoding="utf-8")


@cache
def load_examples() -> Examples:
    """The guide's examples; :class:`PlayDocError` names every problem."""
    try:
        return Examples.model_validate(tomllib.loads(template_text("playing-examples.toml")))
    except tomllib.TOMLDecodeError as error:
        raise PlayDocError(f"playing-examples.toml: {error}") from None
    except ValidationError as error:
        problems = [f"  {'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()]
        raise PlayDocError("\n".join(["playing-examples.toml:", *problems])) from None


@cache
def shipped_campaign(campaign_id: str) -> Campaign:
    """A shipped campaign by id (the places of the examples are in one)."""
    return load_campaign(CAMPAIGNS_DIR / campaign_id)


def name_of(campaign: Campaign, thing: str) -> str:
    """How a player knows an id: a character's, person's, place's or thing's name; a
    creature's ("giant-rat-2" is Giant Rat 2)."""
    for sheet in campaign.characters:
        if sheet.id == thing:
            return sheet.name
    for table in (campaign.npcs, campaign.scenes, campaign.items, campaign.encounters):
        if thing in table:
            return str(table[thing].name)
    for scene in campaign.scenes.values():
        if thing in scene.features:
            return the(scene.features[thing].name)
    if re.fullmatch(r"[a-z_-]+-\d+", thing):
        return thing.replace("_", " ").replace("-", " ").title()
    return thing


def _challenge(campaign: Campaign, cid: str) -> str:
    spec = campaign.challenges[cid]
    if spec.kind == "save":
        ability = spec.ability or Ability.DEX
        roll = f"{ability.full_name} save"
    else:
        ability = spec.ability or Ability.STR
        what = spec.skill.label if spec.skill is not None else ability.full_name
        roll = f"{'group ' if spec.kind == 'group' else ''}{what} check"
    return f"*{spec.name}* ({roll}, DC {spec.dc})"


_MOVES = {
    "withdraw": "fall back", "flee": "flee the fight", "disengage": "Disengage",
    "dodge": "Dodge", "dash": "Dash", "hide": "Hide", "stabilize": "stabilise {who}",
    "engage": "close with {who}", "cover": "take cover behind {who}", "grapple": "grapple {who}",
    "shove_prone": "shove {who} prone", "shove_away": "shove {who} away",
    "escape_grapple": "break free of a grapple", "ready": "Ready an action",
}  # fmt: skip
_STYLES = {"thrown": ", thrown", "two_handed": ", in both hands", "both": ", with both blades"}
_HELP = {
    None: "help: what you can do here",
    "taking back": "a wish to take a turn back",
    "levelling": "a question about levels",
    "usage": "a question about the DM's cost",
}


def reading(example: Example, campaign: Campaign) -> str:
    """What the game reads in the line, in the guide's words (names, not ids)."""
    name = name_of(campaign, example.target) if example.target else ""
    kind = example.intent
    if kind == "examine":
        said = f"examine {name}" if name else "look around"
    elif kind == "move":
        said = f"go to {name}"
    elif kind == "talk":
        said = f"talk to {name or 'whoever is here'}"
        said += f" about `{example.topic}`" if example.topic else ""
    elif kind == "question":
        said = f"a question about {name}" if name else "a question"
    elif kind == "attack":
        said = f"attack {name or 'a foe (the referee picks)'}"
        said += f" with {the(example.item)}" if example.item else ""
        said += _STYLES.get(example.action or "", "")
    elif kind == "cast":
        said = f"cast {srd().spells.get(example.spell or '').name}"
        said += f" at {name}" if name else ""
    elif kind in ("use", "take", "drop", "give"):
        item = name_of(campaign, example.item or "")
        verb = example.action or kind
        said = f"{verb} {the(item)}" + (f" to {name}" if kind == "give" and name else "")
    elif kind == "rest":
        said = f"a {example.action} rest"
    elif kind == "challenge":
        said = _challenge(campaign, example.target or "")
    elif kind == "manoeuvre":
        said = _MOVES.get(example.action or "", str(example.action)).format(who=name or "a foe")
    elif kind == "feature":
        spec = feature(example.action or "")
        said = f"use {spec.name if spec is not None else example.action}"
    elif kind == "help":
        said = _HELP.get(example.note, "help")
    elif kind == "ask" and example.note == "stepping away":
        said = "chatter: stepping away from the table"
    else:
        said = {"hold": "end the turn", "inventory": "what you carry", "ask": "ask back",
                "foreign": "another language", "refuse": "refused",
                "improvise": "a ruling on the deed"}[kind]  # fmt: skip
        said += f" ({example.note})" if kind == "ask" and example.note else ""
    if example.by and example.by != example.actor and kind not in ("ask", "refuse"):
        said = f"{name_of(campaign, example.by)}: {said}"
    return f"`{kind}` — {said}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def examples_table(examples: Examples, section: str) -> str:
    """One section's examples as Markdown: for each place (in the order they first come), a
    caption and a table of what is typed, how it is read, and what happens."""
    rows = examples.section(section)
    if not rows:
        raise PlayDocError(f"the template asks for the examples of {section!r}, and there are none")
    out: list[str] = []
    for where in dict.fromkeys(e.place for e in rows):
        place = examples.places[where]
        campaign = shipped_campaign(place.campaign)
        if out:
            out.append("")
        out += [f"*{place.text}:*", "", "| you type | read as | what happens |",
                "| --- | --- | --- |"]  # fmt: skip
        for example in (e for e in rows if e.place == where):
            who = name_of(campaign, example.actor)
            if example.reaction:
                typed = f"{who} answers `{example.text}`"
            elif example.bare:
                typed = f"`{example.text}`"
            else:
                typed = f"`{who}: {example.text}`"
            cells = (typed, reading(example, campaign), example.says)
            out.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(out)
