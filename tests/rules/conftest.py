"""Shared helpers for rules tests: dice that land where a test wants them."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest


class Rigged(random.Random):
    """A ``random.Random`` whose ``random()`` makes dice show chosen faces.

    Give ``(face, sides)`` pairs in throw order; the engine maps ``random()`` to
    ``int(r * sides) + 1``, so the middle of each face's interval lands exactly there.
    Running out of faces is a test bug and fails loudly.
    """

    def __init__(self, faces: Iterable[tuple[int, int]]) -> None:
        super().__init__(0)
        self._queue = list(faces)

    def random(self) -> float:
        if not self._queue:
            raise AssertionError("the test did not rig enough dice")
        face, sides = self._queue.pop(0)
        assert 1 <= face <= sides
        return (face - 0.5) / sides

    @property
    def unused(self) -> int:
        return len(self._queue)


def d20s(*faces: int) -> Rigged:
    """Rigged d20 faces."""
    return Rigged((f, 20) for f in faces)


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261122)
