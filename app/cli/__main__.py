"""``python -m app.cli``: the ``dungeon`` command, for a checkout run without installing."""

from app.cli import main

main()
