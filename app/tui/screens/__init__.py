"""The screens of the game: title, new game, play, load, settings, help, credits, and the
modals (hand-off, reactions, prompt inspector, dice roller)."""
