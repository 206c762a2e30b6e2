"""A campaign's people (``[npcs.<id>]``): what they say on meeting and on each topic, where
they can be found, how they start towards the party and who hears how they feel, and —
for a companion — when they travel with the party and how they fight.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from app.world.challengespec import Effects
from app.world.spec import Key, Name
from app.world.spec import Spec as _Spec
from app.world.when import Appearance, Fact, NPCVariant
from app.world.wording import Pronoun


class Topic(_Spec):
    """An answer with more to it than words: said only while ``when`` holds, and with
    ``effects`` the first time it is told (a flag set, an item handed over, trust won).
    ``topics.tam = "He went north."`` is short for ``topics.tam = { text = "He went
    north." }``."""

    text: str
    """What they say about it."""
    aliases: list[Annotated[str, Field(max_length=60)]] = Field(default_factory=list)
    """Other words that ask about it (``aliases = ["money", "silver"]`` for ``debt``): a
    player who says one is answered as if they had said the topic's own word."""
    narrated: bool = False
    """The text is narration ("Malik spreads the ledger open and taps a line."), told as
    it is written — not as their words, after their name ("Malik: …")."""
    when: Fact | None = None
    """They speak of it only while this holds (otherwise they have nothing to say on it,
    and it is not offered)."""
    effects: Effects | None = None
    """What follows the first time they tell it, as a trigger's effects do."""


def _topic(value: Any) -> Any:
    return {"text": value} if isinstance(value, str) else value


TopicEntry = Annotated[Topic, BeforeValidator(_topic, json_schema_input_type=str | Topic)]
"""A topic as an author writes it: the answer's text, or a :class:`Topic` table."""


class NPCSpec(_Spec):
    """Someone to talk to."""

    name: Name
    """Their name, as players read and type it."""
    pronoun: Pronoun | None = None
    """How the game's own sentences speak of them: ``he``, ``she``, ``they`` or ``it``
    ("the Grey Sister uses *her* drowning toll"). Without it, ``they``."""
    aliases: list[str] = Field(default_factory=list)
    """Other names players may use."""
    attitude: Literal["friendly", "indifferent", "hostile"] = "indifferent"
    """How they start towards the party."""
    description: str = ""
    """What the party sees."""
    greeting: str
    """What they say when first spoken to."""
    unknown: str | list[str] = ""
    """What they say to a question their topics do not cover, in their own voice ("'How
    would I know? I pour ale.'"); a list gives several such lines, one chosen by the words
    asked (the same question, the same line). Without it the game answers for them from
    their attitude and points to what they do talk about."""
    shown: dict[Key, str] = Field(default_factory=dict)
    """What they say when shown (or given) an item, by item id: ``shown = { receipt =
    "'Where did you get that?'" }``. Triggers and endings test the deed itself with ``{
    showed = "receipt", to = "malik" }`` or ``{ gave = "locket", to = "wendel" }``."""
    topics: dict[str, TopicEntry] = Field(default_factory=dict)
    """Keyword -> what they say about it: the text, or a table with ``text``, ``when`` and
    ``effects``."""
    appears: list[Appearance] = Field(default_factory=list)
    """Scenes where they can be found while a condition holds, besides any scene that
    lists them in its ``npcs``."""
    companion: Fact | None = None
    """While this holds they travel with the party — here in every scene, to be talked to
    anywhere — instead of being listed in every scene with a condition: ``companion = {
    flag = "wendel_joined" }``. (The condition may not ask who is ``present``.)"""
    fights_as: str | None = None
    """The stat block a companion fights with: the SRD's (``fights_as = "guard"``) or the
    campaign's own ``[monsters.<id>]``, for numbers of your own. While the ``companion``
    condition holds they join every fight on the party's side: they roll initiative, the
    DM plays their turns against the foes, and the foes may attack them. Their hit points
    carry over from fight to fight, and a long rest restores them. Without it, a companion
    stays out of fights."""
    at_zero: Literal["down", "dies"] = "down"
    """What 0 hit points does to a companion who fights: ``down`` (the default, the DM's
    usual mercy to a named ally) — knocked out, unconscious and stable, taking no more
    turns; a blow while down counts as a failed death save (three kill) and a blow of their
    whole hit point maximum kills outright; they come to with 1 hit point when the fight
    ends. ``dies`` — dead at 0, as the SRD's monsters are, and gone from the story."""
    variants: list[NPCVariant] = Field(default_factory=list)
    """Other attitudes, greetings and answers for other states of the world."""
    start: dict[Key, Annotated[float, Field(ge=-1000, le=1000, allow_inf_nan=False)]] = Field(
        default_factory=dict
    )  # (the bounds scores keep in play: app.world.scores.LIMIT)
    """Starting scores for the party, by dimension (``trust = 1``). Affection starts from
    the attitude unless given: friendly at ``friendly_at``, hostile at ``hostile_at``,
    indifferent at 0."""
    ties: dict[Key, float] = Field(default_factory=dict)
    """Who hears how this person feels about the party: NPC id -> how much of a change
    reaches them (0 to 1), at the scene boundary (word travels; it fades with each link)."""

    @model_validator(mode="after")
    def _companion(self) -> NPCSpec:
        if self.companion is not None and any(f.present for f in self.companion.atoms()):
            # who is present depends on who travels along: it would go round in a circle
            raise ValueError("a companion's condition may not ask who is present")
        if self.companion is None and "fights_as" in self.model_fields_set:
            raise ValueError(
                "fights_as is for companions: give them a companion condition as well "
                '(companion = { flag = "..." }); a foe belongs in an encounter'
            )
        if self.fights_as is None and "at_zero" in self.model_fields_set:
            raise ValueError("at_zero is for companions who fight: give them fights_as too")
        return self

    def topic_names(self) -> list[tuple[str, str]]:
        """``(word, topic key)`` for every word that asks about a topic: its key, then its
        ``aliases`` (lower case), in the author's order."""
        return [
            (word.lower(), key)
            for key, topic in self.topics.items()
            for word in (key, *topic.aliases)
        ]

    def said_of(self, key: str) -> str:
        """A topic's answer as the players read it: their words after their name, or the
        author's narration as it is."""
        topic = self.topics[key]
        return topic.text if topic.narrated else f"{self.name}: {topic.text}"
