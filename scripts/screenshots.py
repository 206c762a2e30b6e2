"""Regenerate the SVG screenshots in screenshots/ from the real app: every screen of
``app.tui.showcase`` (the same seeded games the snapshot tests check).

    .venv/bin/python scripts/screenshots.py            # all of them
    .venv/bin/python scripts/screenshots.py combat     # just some
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from app.tui.showcase import SHOTS, Shot

OUT = Path(__file__).resolve().parents[1] / "screenshots"


async def take(shot: Shot, folder: Path) -> Path:
    """Run one shot headless and save its SVG."""
    with tempfile.TemporaryDirectory() as saves:
        app = shot.make(Path(saves) / "saves")
        async with app.run_test(size=shot.size) as pilot:
            await pilot.pause()
            await shot.prepare(pilot)
            path = app.save_screenshot(f"{shot.name}.svg", str(folder))
            await pilot.press("escape")  # close a modal holding up the DM, if any
    return Path(path)


def main(names: list[str]) -> int:
    """Take the shots named (all when none are)."""
    chosen = [s for s in SHOTS if not names or s.name in names]
    unknown = set(names) - {s.name for s in SHOTS}
    if unknown:
        print(f"unknown shots: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    OUT.mkdir(exist_ok=True)
    for shot in chosen:
        path = asyncio.run(take(shot, OUT))
        print(f"{path.relative_to(OUT.parent)}  {shot.about}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
