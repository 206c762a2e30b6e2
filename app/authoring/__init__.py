"""Tools for campaign authors that sit above the game itself: the format reference and
JSON Schema generated from the campaign models, the scaffold of a new campaign, the lists
of ids a campaign may use, and the playtests that play a campaign over many seeds.

They read the world models and drive whole sessions, so they sit at the command line's
level: nothing in ``world``, ``dm`` or ``session`` imports them.
"""
