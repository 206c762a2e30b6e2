"""What the full-screen game and the line game both show, so they show it alike: the
views of a character, a fight and a roll (:mod:`app.display.views`), game text made safe
for a terminal (:mod:`app.display.screentext`), and the table log of a turn's events
(:mod:`app.display.tablelog`). Nothing here imports Textual."""
