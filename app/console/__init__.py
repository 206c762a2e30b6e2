"""The line game, for a terminal without the full screen (``dungeon play --console``):
:mod:`app.console.game` plays turns as lines, :mod:`app.console.takingback` asks the table
before a turn is taken back, and :mod:`app.console.tray` is the dice tray that ``dungeon
roll`` and the game share."""
