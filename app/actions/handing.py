"""``present_item``: a character shows or gives a carried item to someone of the story.

"Show the receipt to Malik", "give the locket to Wendel": a deed with conditions a
campaign can test (``{ showed = "receipt", to = "malik" }``, ``{ gave = "locket", to =
"wendel" }``), written to the ledger as a :class:`~app.world.ledger.Handover`, whichever
brain plays. A gift leaves the giver's pack; the person answers in the campaign's words
(``[npcs.<id>] shown``) when it has some for the item.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from app.actions import args as a
from app.actions import beings as bg
from app.actions import world_tools as wt
from app.actions.args import ToolArgs
from app.actions.registry import ToolError, ToolOutcome
from app.world import view
from app.world.campaign import Campaign
from app.world.ledger import Handover
from app.world.state import GameState


class PresentItemArgs(ToolArgs):
    """When a character shows or gives a carried item to someone here ("shows Malik the
    receipt"). A gift leaves their pack. Narrate from what it returns (says: their answer)."""

    model_config = ConfigDict(extra="forbid")

    character_id: str
    item: Annotated[str, Field(min_length=1, max_length=80)]
    npc_id: str
    action: Literal["show", "give"] = "show"


def item_id(campaign: Campaign, carried: str) -> str:
    """The campaign item a carried name is (its id), else the name itself."""
    said = carried.lower()
    for iid, spec in campaign.items.items():
        if said in (iid, spec.name.lower(), *(n.lower() for n in spec.aliases)):
            return iid
    return said


def _carried(state: GameState, campaign: Campaign, who: str, item: str) -> str:
    """The name under which ``who`` carries ``item`` (an id or a name); refused if not."""
    sheet = state.party[who]
    wanted = item_id(campaign, item)
    for held in sheet.inventory:
        if item_id(campaign, held) == wanted:
            return held
    have = ", ".join(sheet.inventory) or "nothing"
    raise ToolError(f"{sheet.name} does not carry {item!r} (carries: {have})")


def _person(state: GameState, campaign: Campaign, wanted: str) -> str:
    said = " ".join(wanted.lower().split())
    here = view.npcs_here(state, campaign)
    for nid in here:
        npc = campaign.npcs[nid]
        if said in (nid, npc.name.lower(), *(n.lower() for n in npc.aliases)):
            return nid
    present = ", ".join(f"{campaign.npcs[n].name} ({n})" for n in here) or "nobody"
    raise ToolError(f"{wanted!r} is not here; people here: {present}")


def reply(state: GameState, campaign: Campaign, npc_id: str, item: str, how: str) -> str:
    """What the person says or does when shown (or given) the item."""
    npc = view.npc_view(state, campaign, npc_id)
    said = npc.shown.get(item)
    if said:
        return said
    thing = campaign.items[item].name if item in campaign.items else item
    if how == "gave":
        return f"{npc.name} takes the {thing}."
    return f"{npc.name} looks at the {thing}."


def present_item_tool(args: PresentItemArgs, state: GameState) -> ToolOutcome:
    """present_item: show or give a carried item to someone present."""
    campaign = state.campaign
    if campaign is None:
        raise ToolError("this game has no campaign")
    who = bg.resolve_target(state, args.character_id)
    if who not in state.party:
        raise ToolError(f"{state.name_of(who)} is no party member")
    unable = bg.why_cannot_act(state, who)
    if unable:  # a dead hand gives nothing
        raise ToolError(unable)
    held = _carried(state, campaign, who, args.item)
    npc_id = _person(state, campaign, args.npc_id)
    item = item_id(campaign, held)
    how: Literal["showed", "gave"] = "gave" if args.action == "give" else "showed"
    events = []
    if how == "gave":
        name = campaign.npcs[npc_id].name
        taken = a.ItemArgs(character_id=who, item=held, action="take", reason=f"given to {name}")
        events = wt.item_tool(taken, state).events
    state.log_event(Handover(actor=who, item=item, to=npc_id, how=how))
    result: dict[str, Any] = {"character_id": who, "item": item, "npc_id": npc_id,
                              "action": args.action,
                              "says": reply(state, campaign, npc_id, item, how)}  # fmt: skip
    return ToolOutcome(result, events)
