"""The campaign format reference (``docs/campaign-format.md``), written from the models.

Every table and key comes from the campaign's JSON Schema (:mod:`app.world.schemafile`),
and every description from the models' field docstrings, so the reference, ``dungeon
schema`` and the validator cannot disagree: a test regenerates the page and fails if the
checked-in one differs. Each top-level table shows a real example, taken from the shipped
campaign; the page closes with how the game reads a campaign at the table
(``templates/authoring-guide.md``). Regenerate with ``make docs`` (or ``python -m
app.authoring.formatdoc``).
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from app.world.folders import CAMPAIGNS_DIR
from app.world.schemafile import generate

DOC_FILE = Path(__file__).resolve().parents[2] / "docs" / "campaign-format.md"
EXAMPLE = CAMPAIGNS_DIR / "crossroads" / "campaign.toml"
GUIDE = Path(__file__).parent / "templates" / "authoring-guide.md"
"""How the game reads a campaign at the table (words, topics, scores, fights, tests):
written by hand, for what no model's field can say, and closing the reference."""

HEADER = """# The campaign format

A campaign is a folder with a `campaign.toml` (and optional `scripts/*.txt` to test it).
This page lists every table and key the game accepts, with its type, its default and
what it does. It is generated from the game's own models (`make docs`), so it is always
the format the game reads. Unknown keys are errors; values are never quietly converted
(`dc = "12"` is refused: write `dc = 12`).

Tools: `dungeon new NAME` starts a campaign; `dungeon validate DIR` checks it (every
problem at its file, line and column); `dungeon simulate` and `dungeon playtest` play it
(`dungeon playtest DIR --html report.html` adds a page with a map of the scenes and exits
the runs reached); `dungeon play --campaign DIR --watch` plays it and takes in each edit as
you save it;
`dungeon list monsters|spells|weapons|armor|conditions|skills|abilities|damage-types`
shows the ids you may use; `dungeon schema --output campaign.schema.json` writes the JSON
Schema for editor completion (taplo / Even Better TOML: put
`#:schema ./campaign.schema.json` on the first line of `campaign.toml`).

In the tables below, *required* keys have no default. `<id>` stands for an id you
choose: lowercase letters, digits, `-` and `_`.
"""


HEADED = {"Fact": "triggers.when"}
"""Tables used in many places, headed by the one an author looks for first: every
condition (a companion's, a variant's, an exit's) is a trigger's ``when``."""


class _Writer:
    def __init__(self, schema: dict[str, Any]) -> None:
        self.defs: dict[str, Any] = schema["$defs"]
        self.root = schema
        self.done: set[str] = set()
        self.queue: list[tuple[str, str]] = []  # (toml path, def name)
        self.out: list[str] = []
        example = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
        self.example: dict[str, Any] = example

    @staticmethod
    def ref_name(node: dict[str, Any]) -> str | None:
        ref = node.get("$ref")
        return ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None

    def kind(self, node: dict[str, Any], path: str) -> str:
        """The type as an author writes it, queueing the tables it names."""
        options = node.get("anyOf") or node.get("oneOf")
        if options:
            shown = [self.kind(o, path) for o in options if o.get("type") != "null"]
            return " or ".join(dict.fromkeys(shown))
        name = self.ref_name(node)
        if name is not None:
            target = self.defs[name]
            if "enum" in target:
                return self.enum(target["enum"])
            self.want(path, name)
            return f"table ([{name}](#{name.lower()}))"
        if "enum" in node:
            return self.enum(node["enum"])
        if "const" in node:
            return f'"{node["const"]}"'
        kind = node.get("type")
        if kind == "array":
            if "prefixItems" in node:
                return "[" + ", ".join(self.kind(i, path) for i in node["prefixItems"]) + "]"
            items = node.get("items", {})
            inner = self.kind(items, path + "[]") if items else "anything"
            return f"array of {inner}"
        if kind == "object":
            values = node.get("additionalProperties")
            patterns = list(node.get("patternProperties", {}).values())
            value = patterns[0] if patterns else values
            if isinstance(value, dict):
                key = "<id>" if patterns else "key"
                return f"table of {key} = {self.kind(value, path + '.<id>')}"
            return "table"
        names = {"string": "string", "integer": "integer", "number": "number",
                 "boolean": "true/false"}  # fmt: skip
        return names.get(str(kind), "anything")

    @staticmethod
    def enum(values: list[Any]) -> str:
        shown = ", ".join(f'"{v}"' for v in values[:12])
        more = f", … ({len(values)} in all)" if len(values) > 12 else ""
        return f"one of {shown}{more}"

    def want(self, path: str, name: str) -> None:
        if name not in self.done and all(n != name for _, n in self.queue):
            self.queue.append((HEADED.get(name, path), name))

    def table(self, title: str, anchor: str, node: dict[str, Any], path: str) -> None:
        self.out.append(f'<a id="{anchor.lower()}"></a>\n\n## {title}\n')
        if node.get("description"):
            self.out.append(" ".join(node["description"].split()) + "\n")
        required = set(node.get("required", []))
        rows = ["| key | type | default | what it is |", "| --- | --- | --- | --- |"]
        for key, prop in node.get("properties", {}).items():
            kind = self.kind(prop, f"{path}.{key}")
            if key in required:
                default = "*required*"
            elif "default" in prop:
                default = f"`{_toml_value(prop['default'])}`"
            else:
                default = ""
            text = " ".join((prop.get("description") or "").split()).replace("|", "\\|")
            rows.append(f"| `{key}` | {kind.replace('|', '/')} | {default} | {text} |")
        self.out.append("\n".join(rows) + "\n")

    def example_of(self, key: str) -> str | None:
        value = self.example.get(key)
        if isinstance(value, dict) and value:
            first = next(iter(value))
            body = value[first]
            if isinstance(body, dict) and key not in ("campaign", "events", "safety"):
                return tomli_w.dumps({key: {first: body}})
            return tomli_w.dumps({key: value})
        if isinstance(value, list) and value:
            return tomli_w.dumps({key: [value[0]]})
        return None

    def write(self) -> str:
        self.out.append(HEADER)
        top = self.root["properties"]
        required = set(self.root.get("required", []))
        self.out.append("## Top-level tables\n")
        rows = ["| table | type | what it holds |", "| --- | --- | --- |"]
        for key, prop in top.items():
            kind = self.kind(prop, key)
            need = " (*required*)" if key in required else ""
            text = " ".join((prop.get("description") or "").split()).replace("|", "\\|")
            rows.append(f"| `{key}`{need} | {kind} | {text} |")
        self.out.append("\n".join(rows) + "\n")
        examples = {}
        for key in top:
            example = self.example_of(key)
            named = [n for p, n in self.queue if p.split(".")[0].split("[")[0] == key]
            if example and named:
                examples[named[0]] = (key, example)
        while self.queue:
            path, name = self.queue.pop(0)
            if name in self.done:
                continue
            self.done.add(name)
            self.table(f"{_toml_path(path)} — {name}", name, self.defs[name], path)
            if name in examples:
                key, example = examples[name]
                self.out.append("Example (from the shipped campaign):\n")
                self.out.append(f"```toml\n{example.strip()}\n```\n")
        self.out.append(GUIDE.read_text(encoding="utf-8"))
        self.out.append(
            "---\nMonster and character facts follow the SRD 5.1 (CC-BY-4.0); see the README.\n"
        )
        return "\n".join(self.out)


def _toml_path(path: str) -> str:
    """``scenes.<id>.exits[]`` as an author writes the table: ``[[scenes.<id>.exits]]``."""
    if path.endswith("[]"):
        return f"[[{path[:-2].replace('[]', '')}]]"
    return f"[{path.replace('[]', '')}]"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if value is None:
        return "(none)"
    return str(value).replace("'", '"')


def render() -> str:
    """The reference page, from the models now."""
    return _Writer(generate()).write()


def undocumented() -> list[str]:
    """Keys of the campaign format (its own tables, not the stat blocks and sheets the
    rules engine shares) that have no description."""
    schema = generate()
    own = {"CampaignMeta", "SceneSpec", "Exit", "Feature", "ChallengeSpec", "Effects",
           "DamageSpec", "NPCSpec", "NPCVariant", "MonsterCount", "EncounterSpec",
           "ItemSpec", "TriggerSpec", "EndingSpec", "OffscreenSpec", "Fact", "Threshold",
           "SceneVariant", "FeatureVariant", "Appearance", "MonsterAction", "RollOption",
           "EncounterVariant", "Topic"}  # fmt: skip
    return [
        f"{name}.{key}"
        for name, node in schema["$defs"].items()
        if name in own
        for key, prop in node.get("properties", {}).items()
        if not prop.get("description")
    ]


if __name__ == "__main__":
    DOC_FILE.parent.mkdir(exist_ok=True)
    DOC_FILE.write_text(render(), encoding="utf-8")
    sys.stdout.write(f"wrote {DOC_FILE}\n")
