"""Random lines for the monkey tests: what players really type (the shipped playthrough
scripts and a list of everyday phrasings) mixed with what they paste or fumble — very long
lines, unicode, emoji and right-to-left text, control characters and terminal escapes,
``/commands`` with junk arguments, names that are not characters, ``Name:`` prefixes.
Seeded, so a failure is replayed exactly."""

from __future__ import annotations

import random

from app.world.folders import CAMPAIGNS_DIR

SCRIPTED = [
    line.strip()
    for path in sorted((CAMPAIGNS_DIR / "crossroads" / "scripts").glob("*.txt"))
    for line in path.read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]
"""The shipped playthroughs: how the story and its fights are really reached."""

PHRASES = [
    "look around", "l", "x trapdoor", "examine the hearth", "inventory", "i", "help",
    "What do I see?", "Does she have a key for that trapdoor?", "How many goblins are down there?",
    "I walk up to the bar and ask Berta about the missing boy", "ask Berta about Tam",
    "ask the old man about the missing girl", "talk to Berta", "I pick the lock on the trapdoor",
    "force the trapdoor", "go down the trapdoor", "go through the front door", "n", "s", "e", "w",
    "I go down the trapdoor", "attack the nearest rat", "attack rat 1", "attack the wounded rat",
    "I hurl a firebolt at the sleeping rat", "magic missile at the last goblin", "cast shield",
    "I cast magic missile at the nearest rat", "I back away from the goblins",
    "I charge the goblins!",
    "drink the potion", "take a long rest", "short rest", "hide behind the casks",
    "I search the room for traps", "we sneak past the goblins", "crawl into the tunnel",
    "I persuade Grubnak to make peace", "give Berta a coin", "take the lantern", "drop the torch",
    "use the rope", "I dodge", "I end my turn", "wait", "Thorin shouts a battle cry",
    "I try to climb the wall", "sing a song about sausages", "?", "...", "yes", "no",
]  # fmt: skip

NAMES = ["Mira", "Thorin", "Aria", "mira", "ARIA", "Anyone", "anyone", "Ana", "Ben", "Cy"]
STRANGERS = ["Gandalf", "Berta", "Giant Rat 1", "Nobody", "Mira the Great", "1", "", " ",
             "Tam", "Grubnak", "mira2", "Ｍｉｒａ"]  # fmt: skip

UNICODE = [
    "שלום, אני מחפש את טאם", "مرحبا، أين الفأر؟", "👨‍👩‍👧 🐀🗡️🔥", "Ich öffne die Falltür",
    "Je frappe le rat", "日本語で話します", "ꙮꙮꙮ", "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǵ̸̙o̗͋", "\u200b\u200b", "🏳️‍🌈",
    "a\u0301\u0301\u0301", "\ud800 lone surrogate", "ﷺ﷽", "\u202eattack\u202c reversed",
]  # fmt: skip

POISON = [
    "\x1b[2J", "\x1b[H", "\x1b]0;pwned\x07", "\x1b]8;;http://evil\x1b\\", "\x1b[31m",
    "\x1b[?1049h", "\x9b2J", "\x07", "\x00", "\x08\x08\x08", "\r", "\t", "\x7f", "\x1bc",
    "\x1b[6n", "\u202e", "\x1b", "\x90q\x9c",
]  # fmt: skip

MARKUP = [
    "[bold]x[/]",
    "[/x]",
    "[red",
    "[link=http://x]y[/link]",
    "[[",
    "]]",
    "\\[",
    "[@click=quit]",
]

COMMANDS = [
    "/pass", "/pass Gandalf", "/end", "/status", "/story", "/roll 1d20", "/roll 1000d1000",
    "/roll " + "9" * 60, "/roll d%", "/roll 2d20kh1+5", "/roll (((", "/join Cy aria", "/join",
    "/join Zed nobody", "/join Cy", "/leave", "/leave Nobody", "/leave Cy", "/leave Cy Ana",
    "/save", "/save ../../escape", "/save monkey", "/retry", "/help", "/prompt", "/frobnicate",
    "/", "//", "/PASS", "/Status now", "/end turn please",
    "/sheet", "/sheet Zed", "/sheet tho", "/journal",
]  # fmt: skip


def _junk(rng: random.Random, size: int) -> str:
    pools = [PHRASES, UNICODE, POISON, MARKUP, STRANGERS]
    return "".join(rng.choice(rng.choice(pools)) + rng.choice(["", " "]) for _ in range(size))


def _prefixed(rng: random.Random, text: str) -> str:
    roll = rng.random()
    if roll < 0.35:
        return text
    if roll < 0.85:
        return f"{rng.choice(NAMES)}: {text}"
    return f"{rng.choice(STRANGERS)}: {text}"


def monkey_line(rng: random.Random) -> str:
    """One random line, weighted towards real play (the story has to move for the fights
    and the endings to be reached)."""
    roll = rng.random()
    if roll < 0.30:
        return rng.choice(SCRIPTED)
    if roll < 0.50:
        return _prefixed(rng, rng.choice(PHRASES))
    if roll < 0.58:
        size = rng.randint(1500, 6000)
        base = rng.choice([*PHRASES, "x", "🐀", "ש"])
        return _prefixed(rng, (base + " ") * (size // (len(base) + 1) + 1))[:size]
    if roll < 0.64:
        return _prefixed(rng, rng.choice(UNICODE))
    if roll < 0.72:
        words = rng.choice(PHRASES).split()
        spot = rng.randrange(len(words) + 1)
        words.insert(spot, rng.choice(POISON) + rng.choice(POISON))
        return _prefixed(rng, " ".join(words))
    if roll < 0.86:
        command = rng.choice(COMMANDS)
        return command if rng.random() < 0.6 else f"{command} {_junk(rng, rng.randint(1, 3))}"
    if roll < 0.91:
        return f"{rng.choice(STRANGERS)}: {rng.choice(PHRASES)}"
    if roll < 0.94:
        return rng.choice(["", " ", "\t", ":", "Mira:", "Mira:   ", "::::", "\x1b[2J"])
    return _prefixed(rng, _junk(rng, rng.randint(1, 6)))


def monkey_lines(seed: int, count: int, *, leave_out: tuple[str, ...] = ()) -> list[str]:
    """``count`` lines from ``seed``; commands starting with ``leave_out`` are dropped (the
    pilot cannot leave the game it is testing)."""
    rng = random.Random(seed)
    lines: list[str] = []
    while len(lines) < count:
        line = monkey_line(rng)
        if not leave_out or not line.lower().lstrip().startswith(leave_out):
            lines.append(line)
    return lines
