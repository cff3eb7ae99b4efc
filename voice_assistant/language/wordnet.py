"""WordNet 3.0, read straight from Debian's ``wordnet-base`` database files.

Synonyms ("colour"/"color", "cost"/"price", "mum"/"mom") and word classes ("dentist" is a
person, "garage" a place, "fee" a possession) come from here, never from a hand list. The
files are sorted and addressed by byte offset (wndb(5WN)), so a lookup is a binary search
and a seek: nothing is loaded at start-up, and a word costs microseconds.
"""

from __future__ import annotations

import mmap
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from voice_assistant.language.lexicon import LEXICON

WORDNET_DIR = Path("/usr/share/wordnet")
POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
HYPERNYM = ("@", "@i")
SUFFIXES = (("ies", ("y",)), ("es", ("", "e")), ("s", ("",)), ("ed", ("", "e")), ("ing", ("", "e")))
"""Inflections WordNet's index leaves out: "retries" is "retry", "booked" "book"."""


@dataclass(frozen=True)
class Synset:
    offset: int
    pos: str
    lexname: str
    """The lexicographer class: ``noun.person``, ``noun.location``, ``noun.time`` …"""
    lemmas: tuple[str, ...]
    hypernyms: tuple[int, ...]
    holonyms: tuple[int, ...] = ()
    """What it is a part of ("Kyoto" of Honshu, Honshu of Japan): WordNet's ``#p``."""
    derivations: tuple[tuple[int, int, str, int], ...] = ()
    """Derivationally related forms: (source word, target offset, target pos, target
    word), words numbered from 1 ("renewal" of "renew", "cooking" of "cook")."""


class WordNetMissing(RuntimeError):
    """The database is not installed (Debian: ``apt-get install wordnet-base``)."""


class WordNet:
    def __init__(self, folder: Path = WORDNET_DIR) -> None:
        self.folder = folder
        self._maps: dict[str, mmap.mmap] = {}

    def _file(self, name: str) -> mmap.mmap:
        found = self._maps.get(name)
        if found is None:
            path = self.folder / name
            if not path.exists():
                raise WordNetMissing(f"{path} is missing: install Debian's wordnet-base")
            with path.open("rb") as fh:
                found = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
            self._maps[name] = found
        return found

    def _index_line(self, lemma: str, pos: str) -> list[str] | None:
        """The index entry of ``lemma``: a binary search over the sorted index file."""
        data = self._file(f"index.{POS[pos]}")
        key = lemma.encode()
        low, high = 0, len(data)
        while low < high:
            middle = (low + high) // 2
            start = data.rfind(b"\n", 0, middle) + 1
            end = data.find(b"\n", start)
            end = len(data) if end < 0 else end
            line = data[start:end]
            word = line.split(b" ", 1)[0]
            if line.startswith(b"  "):  # the licence header sorts first
                low = end + 1
            elif word == key:
                return line.decode().split()
            elif word < key:
                low = end + 1
            else:
                high = start
        return None

    @cache  # noqa: B019 - one database per process, kept for its life
    def synsets(self, lemma: str, pos: str = "n") -> tuple[Synset, ...]:
        """The senses of ``lemma`` (most frequent first), as WordNet orders them."""
        lemma = lemma.lower().replace(" ", "_")
        fields = self._index_line(lemma, pos)
        if fields is None:
            return ()
        senses = int(fields[2])
        return tuple(self.synset(int(offset), pos) for offset in fields[-senses:])

    @cache  # noqa: B019
    def synset(self, offset: int, pos: str) -> Synset:
        data = self._file(f"data.{POS[pos]}")
        end = data.find(b"\n", offset)
        fields = data[offset:end].decode().split(" | ")[0].split()
        words = int(fields[3], 16)
        lemmas = tuple(fields[4 + 2 * i].lower() for i in range(words))
        at = 4 + 2 * words
        pointers = int(fields[at])
        hypernyms = tuple(
            int(fields[at + 1 + 4 * i + 1])
            for i in range(pointers)
            if fields[at + 1 + 4 * i] in HYPERNYM
        )
        links = [fields[at + 1 + 4 * i : at + 5 + 4 * i] for i in range(pointers)]
        derivations = tuple(
            (int(ends[:2], 16), int(offset), target_pos, int(ends[2:], 16))
            for symbol, offset, target_pos, ends in links
            if symbol == "+"
        )
        holonyms = tuple(int(offset) for symbol, offset, _pos, _ends in links if symbol == "#p")
        return Synset(
            offset, pos, LEXNAMES[int(fields[1])], lemmas, hypernyms, holonyms, derivations
        )

    def knows(self, word: str) -> bool:
        """Whether ``word``, or the base form of a plural or a verb form, is an English
        word WordNet has ("retries" is "retry"; "Tuva" is none)."""
        forms = {word}
        for ending, bases in SUFFIXES:
            if word.endswith(ending):
                stem = word[: -len(ending)]
                forms |= {stem + base for base in bases}
        forms = {f for f in forms if len(f) > 2}
        return any(self.synsets(f, pos) for f in forms for pos in ("n", "v", "a"))

    def synonyms(self, lemma: str, pos: str = "n") -> frozenset[str]:
        """Every word that shares a sense with ``lemma`` (spaces, not underscores)."""
        return frozenset(
            word.replace("_", " ") for synset in self.synsets(lemma, pos) for word in synset.lemmas
        )

    @cache  # noqa: B019
    def derived(self, lemma: str) -> frozenset[str]:
        """The words WordNet derives from ``lemma`` or it from them, any part of speech:
        "renewal" and "renew", "cooking" and "cook", "supplier" and "supply"."""
        key = lemma.lower().replace(" ", "_")
        out: set[str] = set()
        for pos in POS:
            for synset in self.synsets(key, pos):
                if key not in synset.lemmas:
                    continue
                number = synset.lemmas.index(key) + 1
                for source, offset, target_pos, target in synset.derivations:
                    if source == number and target_pos in POS:
                        word = self.synset(offset, target_pos).lemmas[target - 1]
                        out.add(word.split("(")[0].replace("_", " "))
        return frozenset(out - {lemma})

    def within(self, lemma: str, place: str, depth: int = 4) -> bool:
        """Whether some sense of ``lemma`` is a part of some sense of ``place``, up to
        ``depth`` steps ("kyoto" is within "japan"; an instance's class counts too)."""
        targets = {s.offset for s in self.synsets(place) if s.lexname == "noun.location"}
        if not targets:
            return False
        frontier = [s.offset for s in self.synsets(lemma) if s.lexname == "noun.location"]
        seen: set[int] = set()
        for _ in range(depth):
            if targets & set(frontier):
                return True
            seen.update(frontier)
            frontier = [h for o in frontier for h in self.synset(o, "n").holonyms if h not in seen]
            if not frontier:
                return False
        return bool(targets & set(frontier))

    def lexnames(self, lemma: str, pos: str = "n", senses: int = 1) -> frozenset[str]:
        """The classes of the first ``senses`` senses of ``lemma``."""
        return frozenset(s.lexname for s in self.synsets(lemma, pos)[:senses])

    def is_a(
        self,
        lemma: str,
        ancestor: str,
        pos: str = "n",
        depth: int = 8,
        senses: int = 99,
        ancestor_senses: int = 99,
    ) -> bool:
        """Whether one of the first ``senses`` senses of ``lemma`` is a kind of one of the
        first ``ancestor_senses`` of ``ancestor`` ("sage green" is a colour, "spaniel" a
        dog)."""
        targets = {s.offset for s in self.synsets(ancestor, pos)[:ancestor_senses]}
        if not targets:
            return False
        frontier = [s.offset for s in self.synsets(lemma, pos)[:senses]]
        seen: set[int] = set()
        for _ in range(depth):
            if targets & set(frontier):
                return True
            seen.update(frontier)
            frontier = [h for o in frontier for h in self.synset(o, pos).hypernyms if h not in seen]
            if not frontier:
                return False
        return False


LEXNAMES: tuple[str, ...] = tuple(LEXICON["wordnet"]["lexnames"])
"""WordNet's 45 lexicographer files, by number (lexnames(5WN))."""


@cache
def wordnet() -> WordNet:
    """The one database of the process."""
    return WordNet()
