"""The offline referee tending the fallen: stabilising a dying friend ("I stabilise Mira",
"bandage her"), and a healing potion given to someone who cannot drink it themselves ("pour
the potion down Mira's throat", "give Mira the potion" while she is down)."""

from __future__ import annotations

from app.actions.calls import ToolCall
from app.actions.hooks import Reach
from app.actions.striking import out_of_reach
from app.referee.base import RefereeBase
from app.understanding import Intent
from app.world.pronouns import objective, pronoun_of
from app.world.state import GameState
from app.world.wording import the
from rules.damage import LifeState


def comes(state: GameState, cid: str) -> str:
    """ "comes" or "come", as the creature's pronoun takes it."""
    return "come" if pronoun_of(state, cid) == "they" else "comes"


class Caring(RefereeBase):
    """Stabilising and administering potions."""

    def _dying(self, state: GameState) -> list[str]:
        return [c for c, s in state.party.items() if s.vitals.state is LifeState.DYING]

    def _stabilize(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        """Tend a dying ally: the one named, or the only one dying."""
        name = state.name_of(actor)
        ally = state.creatures.get(intent.target or "")
        if ally is not None and ally.side == "party" and ally.vitals.state is not LifeState.DYING:
            # a companion who fights is knocked out stable ("down"), or dies at 0
            if ally.vitals.state is LifeState.DEAD:
                self.notes.append(f"{ally.name} is beyond help.")
            elif ally.vitals.hp > 0:
                self.notes.append(f"{ally.name} is not down; there is no bleeding to stop.")
            else:
                self.notes.append(
                    f"{ally.name} is out cold but stable: {pronoun_of(state, ally.id)} "
                    f"{comes(state, ally.id)} to with 1 hit point when the fight is over, and "
                    f"healing brings {objective(state, ally.id)} round at once."
                )
            return []
        whom = intent.target if intent.target in state.party else None
        if whom is None:
            dying = self._dying(state)
            whom = dying[0] if len(dying) == 1 else None
        if whom is None:
            self.notes.append(f"Whom should {name} tend to?")
            return []
        life = state.party[whom].vitals.state
        if life is not LifeState.DYING:
            how = {LifeState.DEAD: "beyond help", LifeState.STABLE: "already stable"}
            self.notes.append(
                f"{state.name_of(whom)} is {how.get(life, 'not dying')}; "
                f"there is no bleeding for {name} to stop."
            )
            return []
        calls = [*self._kneel_by(state, actor, whom),
                 self._call("act", actor, "take_action", creature_id=actor, action="stabilize",
                            target_id=whom)]  # fmt: skip
        if state.encounter is not None:
            calls.append(self._call("end_turn", actor, "end_turn"))
        return calls

    def _kneel_by(self, state: GameState, actor: str, whom: str) -> list[ToolCall]:
        """In a fight, the step to the fallen one's side when they lie out of reach."""
        if state.encounter is None or whom == actor:
            return []
        if out_of_reach(state, actor, whom, Reach("tending the wounded", melee=True)) is None:
            return []
        return [self._call("step", actor, "move", creature_id=actor, to="engage", target_id=whom)]

    def _administer(
        self, state: GameState, actor: str, whom: str, held: str, heals: str
    ) -> list[ToolCall]:
        """``actor`` gives ``whom`` a healing potion (an action in a fight)."""
        name, other = state.name_of(actor), state.name_of(whom)
        vitals = state.party[whom].vitals
        if vitals.state is LifeState.DEAD:
            self.notes.append(f"{other} is beyond any potion's help.")
            return []
        if vitals.hp >= vitals.max_hp:
            self.notes.append(f"{other} is unhurt — {the(held)} stays corked for later.")
            return []
        how = (
            "pours {held} between {other}'s lips"
            if vitals.hp == 0
            else "hands {other} {held}, and {they} {drinks} it"
        )
        step = self._kneel_by(state, actor, whom)
        given = self._call("heal", whom, "heal", target_id=whom, amount=heals, reason=held)
        self.told_when_done[given.id] = (
            f"{name} "
            + how.format(
                held=the(held),
                other=other,
                they=pronoun_of(state, whom),
                drinks="drink" if pronoun_of(state, whom) == "they" else "drinks",
            )
            + "."
        )
        calls = [
            *step,
            given,
            self._call("item", actor, "change_item", character_id=actor, item=held,
                       action="take", reason=f"given to {other}"),
        ]  # fmt: skip
        if state.encounter is not None:
            calls.append(self._call("end_turn", actor, "end_turn"))
        return calls
