"""Hearing the notes' words: a transcript's near miss read as the word the memories use.

Whisper hears "glaze firings" as "blaze firings", "Fernwick" as "Fern Wick", "vet" as
"bet". A word of the question that no memory holds, but that is one letter from a word
the memories hold (two for long words), or that joins its neighbour into one, is a
candidate; the research core keeps the new reading only when the memories support it
better (the nearest memory comes closer). Pure functions; the store's words and its
closeness are the research core's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cached_property

from rapidfuzz import process
from rapidfuzz.distance import OSA

from voice_assistant.memory.schema import STOPWORDS
from voice_assistant.research.fold import held, plain, stem
from voice_assistant.research.notes import Note
from voice_assistant.research.questions import ASKED_FOR, QUESTION_WORDS, subject_words

MIN_GAIN = 0.05
"""How much closer (cosine) the nearest memory must come for a reading with a word changed
to be kept (on the answer set, misheard words gain 0.06-0.41; "bins" read as "December"
0.05, "being" as "bring" 0.04). Two words joined into the memories' one need no gain."""


NAMED_LOSS = 0.02
"""How much farther the nearest memory may move for a reading that names the user's own
("Doctor Brand" read as the notes' "Brandt": MiniLM puts it 0.01 farther)."""


class Vocabulary(dict[str, str]):
    """The memories' words (plain form: as the memories write it), with what the near-miss
    search reads them by, made once per vocabulary and not once per question: its cost
    must not grow with every question as the memories do."""

    @cached_property
    def offered(self) -> list[str]:
        """The words a near miss may be read as (no short words, no stopwords)."""
        return [known for known in self if len(known) >= 3 and known not in STOPWORDS]

    @cached_property
    def by_sound(self) -> dict[str, list[str]]:
        """The words (as written) by how a name of them sounds (``sound``)."""
        out: dict[str, list[str]] = {}
        for known, written in self.items():
            out.setdefault(sound(known), []).append(written)
        return out

    @cached_property
    def stems(self) -> frozenset[str]:
        return frozenset(stem(known) for known in self)

    @cached_property
    def content(self) -> frozenset[str]:
        """The words that are no stopwords."""
        return frozenset(self.keys() - STOPWORDS)


def indexed(words: dict[str, str]) -> Vocabulary:
    return words if isinstance(words, Vocabulary) else Vocabulary(words)


def vocabulary(memories: Iterable[tuple[str, str]]) -> Vocabulary:
    """The memories' words, by their plain form, as the memories write them."""
    words = Vocabulary()
    for title, text in memories:
        for word in re.findall(r"[^\W\d_][\w'’-]*[^\W_]|[^\W\d_]", f"{title} {text}"):
            for part in re.split(r"['’]", word)[:1]:
                words.setdefault(plain(part), part.lower())
    return words


def distance(a: str, b: str, limit: int = 2) -> int:
    """Edit distance (insert, delete, substitute, swap), stopping past ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    before: list[int] = []
    for i, x in enumerate(a, 1):
        row = [i]
        for j, y in enumerate(b, 1):
            cost = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                cost = min(cost, before[j - 2] + 1)
            row.append(cost)
        before, previous = previous, row
    return previous[-1]


ONCE = re.compile(r"^\s*once(?: it's| it is)?\s+(?=\w)(?![^,]*,)", re.I)
"""Whisper's "Once the house insurance up for renewal." for "When's the house insurance up
for renewal?": a request that opens with "once" and goes on with no second clause."""


def question_word(text: str) -> str:
    """A transcript's opening "Once" read as the "When's" it was ("Once it's safe to plant
    the tomatoes out." -> "When's it safe to plant the tomatoes out?")."""
    if not ONCE.match(text):
        return text
    rest = ONCE.sub("", text, count=1).rstrip(" .")
    it = " it" if re.match(r"\s*once it", text, re.I) else ""
    return f"When's{it} {rest}?"


SOUNDS = ("bvpf", "gkcq", "dt", "szc", "mn")
"""First letters the ear confuses ("bet" for "vet")."""


def _sounds_alike(a: str, b: str) -> bool:
    return a == b or any(a in group and b in group for group in SOUNDS)


_SPELLINGS = (("ph", "f"), ("ck", "k"), ("sch", "sk"), ("sh", "x"), ("ch", "x"), ("th", "θ"))
_LETTERS = (("gh", ""), ("qu", "kw"), ("wh", "w"), ("x", "ks"), ("q", "k"), ("z", "s"))


def sound(word: str) -> str:
    """A name's consonants as heard: "Velaskess" and "Velasquez" are both "flsks", "Erkart"
    and "Urquhart" "arkrt", "Berrick" and "Berek" "brk" (a leading vowel is one mark, the
    others are dropped, soft letters fold to their hard twins, doubles are one)."""
    key = plain(word)
    for written, said in (*_SPELLINGS, *_LETTERS, ("v", "f"), ("j", "g")):
        key = key.replace(written, said)
    key = re.sub(r"c(?=[eiy])", "s", key).replace("c", "k")
    if not key.isalpha():
        return ""
    head = "a" if key[0] in "aeiouy" else key[0]
    key = head + re.sub(r"[aeiouyhw]", "", key[1:])
    return re.sub(r"(.)\1+", r"\1", key)


def _near(word: str, words: dict[str, str], most: int = 2, name: bool = False) -> str | None:
    """The memories' word this one is a near miss of, when exactly one is nearest; a name
    (capitalised inside the question) may be two letters off from five letters on."""
    nearest = _nearest(word, words, most, name)
    return nearest[0] if len(nearest) == 1 else None


MOST_NAMES = 3
"""Names equally near a misheard one that are each tried ("Birck": Berek, Barco, Burch)."""


def _nearest(word: str, words: dict[str, str], most: int = 2, name: bool = False) -> list[str]:
    """The memories' words nearest this one: one, or for a name up to ``MOST_NAMES``
    equally near, the one ending and starting as it does first ("Birck": Berek)."""
    limit = min(most, 1 if len(word) < (5 if name else 6) else 2)
    index = indexed(words)
    best: list[tuple[int, str]] = []
    near = process.extract(
        word, index.offered, scorer=OSA.distance, score_cutoff=limit, limit=None
    )  # the same distance as ``distance``, in compiled code over the whole vocabulary
    for known, found, _ in near:
        if len(word) < 5 and not _sounds_alike(known[:1], word[:1]):
            continue
        best.append((int(found), index[known]))
    heard = sound(word) if not best and name else ""
    if len(heard) >= 3:  # "Velaskess": Velasquez, by sound
        best = [(limit, written) for written in index.by_sound.get(heard, [])]
    best.sort()
    tied = [written for found, written in best if found == best[0][0]] if best else []
    if len(tied) > (MOST_NAMES if name else 1):
        return []  # nothing near, or too many equally near: no guess
    return sorted(tied, key=lambda w: (plain(w)[-1:] != word[-1:], plain(w)[:1] != word[:1], w))


def _sound_alike(word: str, words: dict[str, str]) -> list[str]:
    """The memories' names that sound as ``word`` does, the one ending as it does first."""
    key = sound(word)
    alike = list(indexed(words).by_sound.get(key, [])) if len(key) >= 3 else []
    alike.sort(key=lambda w: (plain(w)[-1:] != word[-1:], w))
    return alike if len(alike) <= MOST_NAMES else []


def _parts(word: str, words: dict[str, str]) -> str:
    """Two of the memories' words heard as one ("Assetag": "asset tag", the "t" they share
    said once), when exactly one such pair makes it up; else ""."""
    found = set()
    known = indexed(words).content
    for at in range(3, len(word) - 1):
        left, right = word[:at], word[at:]
        for first, second in ((left, right), (left, word[at - 1 :])):
            if len(second) >= 3 and {first, second} <= known:
                found.add(f"{words[first]} {words[second]}")
    return found.pop() if len(found) == 1 else ""


def readings(question: str, words: dict[str, str], most: int = 2) -> list[tuple[str, float]]:
    """The question read with its near misses replaced by the memories' words (all of them
    first, then each alone), each with the gain in closeness it needs to be kept; [] when
    the memories or any question use every word of it. ``most``: the most letters a long
    word may be changed by (short words: one; names: two from five letters on)."""
    tokens = re.findall(r"[\w'’-]+|[^\w\s]+|\s+", question)
    stems = indexed(words).stems
    changes: list[tuple[int, int, str, bool]] = []
    """(first token, tokens replaced, replacement, whether a word was changed)."""
    alternatives: list[tuple[int, int, str, bool]] = []
    """Other names as near as the first, each tried alone after the rest."""
    for at, token in enumerate(tokens):
        head = re.split(r"['’]", token)[0]
        key = plain(head)
        if "-" in key and key.replace("-", "") in words:  # "Wi-Fi" -> "wifi"
            changes.append((at, 1, words[key.replace("-", "")] + token[len(head) :], False))
            continue
        after = tokens[at + 2] if at + 2 < len(tokens) and tokens[at + 1] == " " else ""
        after_head = re.split(r"['’]", after)[0]
        joined = plain(key + after_head) if after_head.isalpha() else ""
        if plain(after_head) in STOPWORDS | QUESTION_WORDS:
            joined = ""
        if key in STOPWORDS and len(joined) >= 5 and joined in words:  # "at wood's": a
            word = words[joined].capitalize() if token[:1].isupper() else words[joined]
            changes.append((at, 3, word + after[len(after_head) :], True))  # reading that helps
            continue
        if not key.isalpha() or key in STOPWORDS or key in QUESTION_WORDS or key in ASKED_FOR:
            continue  # "for a living" says what is asked: never "for a firing"
        if joined and joined not in words and len(joined) >= 8:  # "elect trician"
            joined = plain(_near(joined, words, 1) or "")
        if joined not in words and at > 0 and token[:1].isupper() and after[:1].isupper():
            alike = _sound_alike(plain(key + after_head), words)  # "Bark O" for "Barco"
            if alike:
                rest = after[len(after_head) :]
                changes.append((at, 3, alike[0].capitalize() + rest, True))
                alternatives += [(at, 3, a.capitalize() + rest, True) for a in alike[1:]]
                continue
        if joined in words:  # "Fern Wick" -> "Fernwick"
            word = words[joined].capitalize() if token[:1].isupper() else words[joined]
            changes.append((at, 3, word + after[len(after_head) :], False))
            continue
        if key in words or stem(key) in stems or len(key) < 3:
            continue
        parts = _parts(key, words)
        if parts:  # "Assetag" -> "asset tag"
            changes.append((at, 1, parts + token[len(head) :], True))
            continue
        name = at > 0 and token[:1].isupper()  # "Tamus" for "Tomás"
        nearest = _nearest(key, words, 2 if name else most, name)
        if name and most < 2:  # "Malta" is no "Marla": two letters off must sound alike
            heard = sound(key)
            nearest = [w for w in nearest if distance(key, plain(w), 1) < 2 or sound(w) == heard]
        if nearest:
            near, *others = nearest
            word = near.capitalize() if token[:1].isupper() else near
            changes.append((at, 1, word + token[len(head) :], True))
            alternatives += [
                (at, 1, other.capitalize() + token[len(head) :], True) for other in others
            ]
    changes = [c for i, c in enumerate(changes) if not i or c[0] >= sum(changes[i - 1][:2])]
    chosen = [changes] + ([[c] for c in changes] if len(changes) > 1 else [])
    chosen += [[c] for c in alternatives]  # "Birck" read as Berek, then as Barco
    return [
        (_applied(tokens, some), MIN_GAIN if any(c[3] for c in some) else 0.0)
        for some in chosen
        if some
    ]


def _applied(tokens: list[str], changes: list[tuple[int, int, str, bool]]) -> str:
    out, at = [], 0
    for first, count, replacement, _changed in changes:
        out += [*tokens[at:first], replacement]
        at = first + count
    return "".join([*out, *tokens[at:]])


def held_beyond_reading(
    heard: str, reading: str, notes: list[Note], names: frozenset[str] = frozenset()
) -> list[Note]:
    """Of the notes found for a reading that changed an everyday word of what was heard,
    those holding something of the question the reading left as it was: "How long am I
    supposed to talk for a coffee's dude?" read as "… coffee's due?" is not about the
    library books "due back". A reading to one of the user's ``names`` is evidence
    enough ("What number does Anneka live at?": "Annika at number 9"), and a question of
    the changed word alone ("Who is Mr. Erkart?") keeps its notes."""
    asked = set(subject_words(reading))
    kept = asked & set(subject_words(heard))
    if asked <= kept or not kept or (asked - kept) & names:
        return notes
    return [n for n in notes if not n.day or held(kept, f"{n.subject} {n.text or n.excerpt}")]
