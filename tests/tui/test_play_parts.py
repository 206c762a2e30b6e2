"""The play screen is put together from parts in modules of their own; Textual must still
find every part's key bindings and message handlers as the play screen's own. Textual
collects ``BINDINGS`` only from the :class:`~textual.dom.DOMNode` classes of the MRO and
``@on`` handlers only from classes its message-pump metaclass built, so each part must be
a :class:`Screen` subclass and a base of the play screen. Fast: no app is run (the pilot
tests of the play screen press the keys themselves)."""

from __future__ import annotations

from textual.message import Message
from textual.screen import Screen

from app.actions.events import ErrorEvent
from app.tui.messages import EventArrived, TurnsFinished
from app.tui.screens.commanding import Commanding
from app.tui.screens.dmturns import DmTurns
from app.tui.screens.passing import Passing
from app.tui.screens.play import PlayScreen
from app.tui.screens.playkeys import PlayKeys
from app.tui.widgets.party import PartyPanel

PARTS = (Passing, DmTurns, PlayKeys, Commanding)


def test_every_part_is_a_screen_and_a_base_of_the_play_screen() -> None:
    for part in PARTS:
        assert issubclass(part, Screen)
        assert part in PlayScreen.__mro__


def test_the_play_screens_keys_come_from_its_parts_in_the_footers_order() -> None:
    merged = PlayScreen._merge_bindings().key_to_bindings
    own = [key for key in merged if key not in Screen._merge_bindings().key_to_bindings]
    assert own == [
        "ctrl+t", "ctrl+n", "ctrl+r", "ctrl+s", "ctrl+l", "f2", "f1", "ctrl+z", "f3", "f4",
        "f5", "f6", "f7", "pageup", "pagedown", "up",
    ]  # fmt: skip
    for key in own:
        for binding in merged[key]:
            action = binding.action.split("(")[0]
            if not action.startswith("app."):
                assert callable(getattr(PlayScreen, f"action_{action}", None)), key


def handlers(message: Message) -> list[str]:
    """The handlers Textual runs on the play screen for ``message``, by name."""
    screen = PlayScreen.__new__(PlayScreen)  # dispatch reads only the class
    return [m.__name__ for _, m in screen._get_dispatch_methods(message.handler_name, message)]


def test_the_parts_handlers_run_as_the_play_screens_own() -> None:
    failure = ErrorEvent(message="the turn stopped")
    assert handlers(EventArrived(failure, None)) == ["_event"]
    assert handlers(TurnsFinished(None, None)) == ["_finished"]
    assert handlers(PartyPanel.MemberChosen("hero")) == ["_member_chosen"]
    assert callable(PlayScreen.on_worker_state_changed)
