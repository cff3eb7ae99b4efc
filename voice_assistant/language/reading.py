"""What the parser's reading of a note holds: typed, and stored as JSON with the note.

A note is read once, when it is written (``notes.read_note``); its reading is kept in the
store keyed by the note's content and the parser's version, and research matches
questions against it (``match``). Everything here is plain data.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

USER = "@user"
"""The owner that is the user ("my", "our", "I"): what the user's own notes are about."""


@dataclass(frozen=True)
class Token:
    text: str
    lemma: str
    """Lower case; a proper noun's lemma is its text."""
    pos: str
    dep: str
    head: int
    """Index of the head within the unit."""
    entity: str = ""
    """The value kind of the entity it is part of, if any."""
    joined: bool = False
    """No space follows it ("Kestrel" of "Kestrel-5G")."""


@dataclass(frozen=True)
class Value:
    kind: str
    """``date``, ``time``, ``money``, ``count``, ``quantity``, ``rate``, ``person``, ``place``,
    ``organisation``, ``code`` or ``attribute``."""
    text: str
    start: int
    end: int
    """Token span within the unit."""
    about: tuple[str, ...] = ()
    """For an attribute: the words of what it is said of (a copula's subject, a line's
    label): "sage green" is said of "bathroom tiles"."""


@dataclass(frozen=True)
class Mention:
    """A person (or pet, or named thing) the unit names, as a set of names that are one."""

    names: frozenset[str]
    start: int
    end: int
    role: str
    """``possessor``, ``subject``, ``label`` or ``other``."""
    of: frozenset[str] = frozenset()
    """Whose relation the person is: "his son Kwame" is Radu's son when "his" is Radu."""


@dataclass(frozen=True)
class Part:
    """A stretch of a unit holding values that belong together: "wholesale price 18 euros"
    of "retail price 32 euros, wholesale price 18 euros"."""

    start: int
    end: int
    words: frozenset[str]
    """Content lemmas of the part (qualifiers among them)."""
    values: tuple[Value, ...]
    change: str = ""
    """``old`` or ``new`` when the part is the from or to of a change ("moved from … to …")."""


@dataclass(frozen=True)
class Unit:
    """One sentence or line of a note, with what its note's title and heading lend it."""

    text: str
    tokens: tuple[Token, ...]
    words: frozenset[str]
    """Content lemmas of the unit, its label and its heading."""
    label: frozenset[str]
    """Words before a line's colon ("Flight out: …"): they hold for every part."""
    mentions: tuple[Mention, ...]
    owner: frozenset[str]
    """Whose the unit is when no part says otherwise: its subject, a pronoun's person, the
    note's person, or ``USER`` for the user's own words; empty when nothing says."""
    parts: tuple[Part, ...]
    before: frozenset[str] = frozenset()
    """The person the sentences before were about: a part naming nobody is theirs when
    the unit's people stand in its other parts ("Juniper has her tablet. Vet check on
    Wednesday; I'm working, so Ola is taking her.": the vet check is Juniper's)."""


@dataclass(frozen=True)
class NoteReading:
    title: frozenset[str]
    """Content lemmas of the note's title."""
    owner: frozenset[str]
    """The person the note is about, by its title ("Mum", "Window cleaner" with the
    name its text gives), or empty."""
    units: tuple[Unit, ...]
    names: frozenset[str] = frozenset()
    """Every name the note mentions, lower case."""
    aliases: tuple[frozenset[str], ...] = field(default_factory=tuple)
    """Names that are one person ("Dad (Henrik)", "my brother Bartek")."""
    things: tuple[frozenset[str], ...] = field(default_factory=tuple)
    """Names that are one thing ("Hive B (the poly hive)": ``also_called``)."""

    def to_json(self) -> dict[str, Any]:
        return _plain(asdict(self))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NoteReading:
        units = tuple(
            Unit(
                text=u["text"],
                tokens=tuple(Token(**t) for t in u["tokens"]),
                words=frozenset(u["words"]),
                label=frozenset(u["label"]),
                mentions=tuple(
                    Mention(
                        frozenset(m["names"]),
                        m["start"],
                        m["end"],
                        m["role"],
                        frozenset(m.get("of", ())),
                    )
                    for m in u["mentions"]
                ),
                owner=frozenset(u["owner"]),
                parts=tuple(
                    Part(
                        p["start"],
                        p["end"],
                        frozenset(p["words"]),
                        tuple(
                            Value(**{**v, "about": tuple(v.get("about", ()))}) for v in p["values"]
                        ),
                        p.get("change", ""),
                    )
                    for p in u["parts"]
                ),
                before=frozenset(u.get("before", ())),
            )
            for u in data["units"]
        )
        return cls(
            title=frozenset(data["title"]),
            owner=frozenset(data["owner"]),
            units=units,
            names=frozenset(data.get("names", ())),
            aliases=tuple(frozenset(a) for a in data.get("aliases", ())),
            things=tuple(frozenset(a) for a in data.get("things", ())),
        )


def _plain(value: Any) -> Any:
    """Sets as sorted lists, tuples as lists: JSON that is the same for the same reading."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
