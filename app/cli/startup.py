"""Starting ``dungeon play`` without the garbage collector.

Starting the game builds tens of thousands of objects that live as long as it does
(modules, classes, validators, the title screen's widgets) and next to no garbage, yet
Python's collector walks them again and again as they pile up: about a seventh of the wait
for the title screen. ``dungeon play`` pauses the collector while the game starts
(:func:`pause`) and resumes it once the game has loaded (:func:`resume`), after freezing
what start-up built: the collector never walks those objects again, which keeps its later
passes short for the whole game as well. Freed objects are still freed at once meanwhile
(Python counts references); only garbage that refers to itself waits for the resume.
"""

from __future__ import annotations

import gc
import threading

_lock = threading.Lock()
_paused = threading.Event()
"""Set while this module holds collection off."""


def pause() -> None:
    """Stop collecting until :func:`resume`. Does nothing when collection is already off:
    whoever turned it off turns it back on."""
    with _lock:
        if gc.isenabled():
            gc.disable()
            _paused.set()


def resume() -> None:
    """Freeze what exists now and collect again, once after :func:`pause` (any other call
    does nothing; it is safe from any thread)."""
    with _lock:
        if _paused.is_set():
            _paused.clear()
            gc.freeze()
            gc.enable()
