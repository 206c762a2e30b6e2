"""What every part of the offline referee shares: the campaign, the turn's notes (its
narration, built up as tools resolve), and the tool calls it has made."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, SupportsIndex

from app.actions.calls import ToolCall
from app.referee.casting import still_has_action
from app.understanding import Intent
from app.world.campaign import Campaign
from app.world.standing import fights_on
from app.world.state import GameState
from rules.damage import LifeState


class Notes(list[str]):
    """The turn's narration, each sentence kept with the line it tells of (its place among
    the turn's lines): when several players' lines resolve in one turn, what came of each
    is told in the order they were typed, though a roll's outcome is learnt only after
    the next line's plainer deed was told."""

    def __init__(self) -> None:
        super().__init__()
        self.owners: list[int] = []
        self.owner = 0
        """The line the sentences added now belong to."""

    def append(self, text: str) -> None:
        super().append(text)
        self.owners.append(self.owner)

    def extend(self, texts: Iterable[str]) -> None:
        for text in texts:
            self.append(text)

    def __iadd__(self, texts: Iterable[str]) -> Notes:  # type: ignore[override,misc]
        self.extend(texts)
        return self

    def insert(self, at: SupportsIndex, text: str) -> None:
        super().insert(at, text)
        self.owners.insert(at, self.owner)

    def told_for(self, owner: int | None, text: str, *, first: bool = False) -> None:
        """A sentence of another line's telling ("Thorin lends Mira a hand" is told with
        Mira's line, before what came of it); ``first``: before the rest of that line."""
        kept, self.owner = self.owner, self.owner if owner is None else owner
        if first:
            self.insert(0, text)
        else:
            self.append(text)
        self.owner = kept

    def in_order(self) -> list[str]:
        """The sentences, the lines' in the order typed; within a line, as they came."""
        ranked = sorted(range(len(self)), key=lambda n: (self.owners[n], n))
        return [self[n] for n in ranked]


class RefereeBase:
    """State and helpers of the offline referee."""

    swung = ""
    """The thing last swung as an improvised weapon ("the poker"), for the telling."""

    def __init__(self, campaign: Campaign | None) -> None:
        self.campaign = campaign
        self._state: Callable[[], GameState] | None = None
        self.notes = Notes()
        self.calls: dict[str, tuple[str, str | None]] = {}
        """Tool call id -> (what it was for, who acted)."""
        self.told_when_done: dict[str, str] = {}
        """Tool call id -> the words that tell it, said only once it is done (a potion
        handed over is never told when the step to the friend's side failed)."""
        self.intents: list[Intent] = []
        """How the actions of the last turn were understood, in order."""
        self.carried: list[Intent] = []
        """The further clauses of the last turn's lines as each was carried out: read again
        as the world then stood (after "go outside", "look at the mud" sees the road's
        tracks), in order."""
        self.made: list[ToolCall] = []
        """Every tool call made for players' actions in the last turn (not foes' turns)."""
        self.planned: list[ToolCall] = []
        """The calls the players' actions asked for (before any follow-up)."""
        self._readings: tuple[GameState, dict[tuple[str, str], Intent]] | None = None
        """How the game read this turn's lines as it built the context, and of which game
        (used for the turn's first call only, before anything has changed)."""
        self.earlier: list[ToolCall] = []
        """While a turn is planned: the calls of the players' lines before the one being
        read (they run first: a lock picked may open the way the next line takes)."""
        self.pending: dict[str, list[Intent]] = {}
        """Clauses of a line still to be carried out this turn, by who said them."""
        self.outcomes: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        """The results of each speaker's last clause, by tool (a clause kept "if I kill it"
        or "if it misses" is carried out or kept by them)."""
        self.held_ends: set[str] = set()
        """Fighters whose turn's end was held back for a later clause of their line: ended
        after all when those clauses do nothing more ("hit goblin 1, it's still up, right?")."""
        self.typed_in: dict[str, str] = {}
        """The scene each speaker's line of several clauses was typed in (a later clause
        is read again where a move has taken the party)."""
        self.spent: dict[str, list[str]] = {}
        """What used a fighter's actions this turn where the engine does not count them (a
        potion drunk), in words: ["the healing potion"]."""
        self.rulings: dict[str, tuple[str, str | None]] = {}
        """A ruling's check call id -> (the deed, what it was done to), told when the roll
        is in."""
        self.calm = True
        """The turn's lines were said out of a fight: a blow among them that starts one is
        struck on its striker's turn (:mod:`app.session.declared`), not in this turn."""
        self.line_of: dict[str, int] = {}
        """Each speaker's place among the turn's lines (whose sentences are told first)."""
        self.lent: dict[str, str] = {}
        """Out of a fight, a hand lent with nothing named ("Aria: I help Mira"): helper ->
        friend; the friend's check this round is made with it (advantage)."""
        self.cowed: set[str] = set()
        """Foes a threat or a plea has broken: each gives up on its next turn."""
        self._count = 0
        self._for_players = True

    def _blow_waits(self, state: GameState, actor: str) -> None:
        """Say that the blow a line began a fight with comes on its striker's turn (others
        are quicker): it is struck then (:mod:`app.session.declared`), never lost."""
        name = state.name_of(actor)
        self.notes.append(f"{name} will act when the turn comes round.")

    def _actions_left(self, state: GameState, actor: str) -> int:
        """Actions the fighter still has this turn: the engine's count (the turn's action
        and any Action Surge gave), less those spent where the engine does not count them."""
        fight = state.encounter
        economy = fight.economy.get(actor) if fight is not None else None
        if economy is None:
            return 1
        return int(economy.action) + economy.extra_actions - len(self.spent.get(actor, []))

    def _has_action(self, state: GameState, actor: str) -> bool:
        """In a fight, ``actor`` has an action left this turn, counting what was spent
        where the engine does not see it (a Hasted blow after a potion leaves none)."""
        return still_has_action(state, actor) and self._actions_left(state, actor) > 0

    def _call(self, kind: str, actor: str | None, tool: str, /, **arguments: Any) -> ToolCall:
        self._count += 1
        call = ToolCall(f"ref_{self._count}", tool, json.dumps(arguments))
        self.calls[call.id] = (kind, actor)
        if self._for_players:
            self.made.append(call)
        return call

    def _item_name(self, item: str) -> str:
        """An item as players read it: its campaign name, or the carried name itself."""
        if self.campaign is not None and item in self.campaign.items:
            return self.campaign.items[item].name
        return item

    def _pick(self, state: GameState, options: tuple[str, ...], **values: Any) -> str:
        return options[(state.turn + len(self.notes)) % len(options)].format(**values)

    @classmethod
    def _fighting(cls, state: GameState) -> list[str]:
        """The foes still fighting: not a foe tied hand and foot (whom a blow may still
        reach), so a fight with only such foes left is over."""
        return [f for f in cls._foes(state) if fights_on(state, f)]

    @staticmethod
    def _foes(state: GameState) -> list[str]:
        return [
            cid for cid, c in state.creatures.items()
            if c.hostile and c.vitals.state is not LifeState.DEAD and not c.left
            and c.vitals.hp > 0  # one knocked out (0 HP, stable) is out of the fight
            and c.stands_in(state.scene.id)  # left behind where the party fled from
        ]  # fmt: skip
