"""The d20 rules engine: dice, checks, combat arithmetic, conditions, rests and SRD data.

Pure: no I/O beyond reading its own packaged data files, no LLM, no UI. Every random draw
comes from a ``random.Random`` passed in, so a seeded game replays exactly.
"""
