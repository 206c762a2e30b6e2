"""The dice tray: an interactive table companion for rolling dice and looking up SRD facts.

Each line a player types is handled by :meth:`DiceTray.handle`, which returns what to show;
the command line's ``play`` loop and the tests drive the same object. The tray owns one
seeded RNG, so a session started with ``--seed`` replays exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rich.console import RenderableType
from rich.text import Text

from app.display import views
from rules.conditions import Condition
from rules.dice import Advantage, DiceError, formula_stats, roll
from rules.srd import srd

HELP = """\
Type a dice formula to roll it: 1d20+5, 4d6kh3, 2d6+1d4 [fire], (1d20+5, 1d20+3)kh1
  adv FORMULA / dis FORMULA   roll the first d20 with advantage / disadvantage
  FORMULA vs DC               roll against a DC, e.g. 1d20+4 vs 15
  stats FORMULA [vs DC]       minimum, maximum, mean and the chance to meet a DC
  monster NAME                a stat block (monster goblin)   · monsters lists them
  spell NAME / weapon NAME / armor NAME / condition NAME         · spells, weapons, …
  seed N                      restart the dice from seed N
  history                     the rolls of this session
  help · quit"""


@dataclass
class DiceTray:
    """State of one tray session: the RNG, its seed and the rolls made."""

    seed: int
    styled: bool = True
    """Strike through dropped dice with styles (a terminal) or with ``~~`` (a pipe)."""
    rng: random.Random = field(init=False)
    history: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def handle(self, line: str) -> list[RenderableType] | None:
        """Run one line; ``None`` means the player asked to quit."""
        text = line.strip()
        if not text:
            return []
        word, _, rest = text.partition(" ")
        command = word.lower()
        rest = rest.strip()
        if command in ("quit", "exit", "q"):
            return None
        if command in ("help", "?"):
            return [Text(HELP)]
        if command == "seed":
            return self._seed(rest)
        if command == "history":
            if not self.history:
                return [Text("No rolls yet.", style="dim")]
            return [Text(f"{i}. {h}") for i, h in enumerate(self.history, start=1)]
        if command in ("adv", "dis"):
            mode = Advantage.ADVANTAGE if command == "adv" else Advantage.DISADVANTAGE
            return self._roll(rest, mode)
        if command == "stats":
            return self._stats(rest)
        if command in ("monster", "spell", "weapon", "armor", "armour", "condition"):
            return self._lookup(command, rest)
        if command in ("monsters", "spells", "weapons", "armors", "armours", "conditions"):
            return self._list(command)
        return self._roll(text, Advantage.NORMAL)

    # -- commands ----------------------------------------------------------------------------
    def _seed(self, rest: str) -> list[RenderableType]:
        try:
            self.seed = int(rest)
        except ValueError:
            return [Text("seed needs a whole number, e.g. seed 42", style="red")]
        self.rng = random.Random(self.seed)
        return [Text(f"Dice restarted from seed {self.seed}.", style="dim")]

    @staticmethod
    def _split_dc(text: str) -> tuple[str, int | None, str | None]:
        """``1d20+4 vs 15`` -> formula, DC; the third item is an error message."""
        lowered = text.lower()
        for marker in (" vs dc ", " vs ", " dc "):
            at = lowered.rfind(marker)
            if at >= 0:
                tail = text[at + len(marker) :].strip()
                try:
                    return text[:at].strip(), int(tail), None
                except ValueError:
                    return text, None, f"the DC must be a whole number, not {tail!r}"
        return text, None, None

    def _roll(self, text: str, mode: Advantage) -> list[RenderableType]:
        formula, dc, problem = self._split_dc(text)
        if problem:
            return [Text(problem, style="red")]
        if not formula:
            return [Text("Roll what? Try 1d20+5.", style="red")]
        try:
            result = roll(formula, self.rng, mode)
        except DiceError as error:
            first = formula.split()[0]
            if error.position == 0 and first.isalpha() and not first.lower().startswith("d"):
                return [Text(f"Unknown command {first!r}. Type help for commands.", style="red")]
            return _dice_error(error)
        self.history.append(result.plain() + (f" vs DC {dc}" if dc is not None else ""))
        return [views.roll_line(result, dc, styled=self.styled)]

    def _stats(self, text: str) -> list[RenderableType]:
        formula, dc, problem = self._split_dc(text)
        if problem:
            return [Text(problem, style="red")]
        try:
            return [views.stats_table(formula, formula_stats(formula), dc)]
        except DiceError as error:
            return _dice_error(error)

    def _lookup(self, kind: str, name: str) -> list[RenderableType]:
        if not name:
            return [Text(f"Which {kind}? e.g. {kind} {_EXAMPLES[kind]}", style="red")]
        data = srd()
        try:
            if kind == "monster":
                return [views.monster_block(data.monsters.get(name))]
            if kind == "spell":
                return [views.spell_block(data.spells.get(name))]
            if kind == "weapon":
                return [views.weapon_block(data.weapons.get(name))]
            if kind in ("armor", "armour"):
                return [views.armor_block(data.armor.get(name))]
            key = name.strip().lower()
            if key not in {c.value for c in Condition}:
                return [Text(f"no condition called {name!r}", style="red")]
            return [views.condition_block(data.conditions[Condition(key)])]
        except KeyError as error:
            return [Text(str(error.args[0]), style="red")]

    def _list(self, kind: str) -> list[RenderableType]:
        data = srd()
        names: list[str]
        if kind == "monsters":
            ordered = sorted(data.monsters.entries.values(), key=lambda m: (m.challenge, m.name))
            names = [f"{m.name} (CR {m.cr})" for m in ordered]
        elif kind == "spells":
            ordered_spells = sorted(data.spells.entries.values(), key=lambda s: (s.level, s.name))
            names = [f"{s.name} ({s.level})" for s in ordered_spells]
        elif kind == "weapons":
            names = [w.name for w in data.weapons.entries.values()]
        elif kind in ("armors", "armours"):
            names = [a.name for a in data.armor.entries.values()]
        else:
            names = [c.name for c in data.conditions.values()]
        return [Text(", ".join(names))]


_EXAMPLES = {
    "monster": "goblin",
    "spell": "fireball",
    "weapon": "longsword",
    "armor": "chain mail",
    "armour": "chain mail",
    "condition": "prone",
}


def _dice_error(error: DiceError) -> list[RenderableType]:
    lines: list[RenderableType] = []
    if error.expression and error.position is not None:
        lines.append(Text(error.caret(), style="yellow"))
    lines.append(Text(str(error), style="red"))
    return lines
