"""Which value of which note answers a question: matched by structure, never by a model.

A value may be said only from a unit of a note (with its title and heading) that meets
all four conditions: its focus is the question's (the same lemma, or a WordNet synonym);
its owner is the question's, with the aliases the notes give (Dad is Henrik); its
qualifiers do not contradict the question's (main/guest, out/back, wholesale/retail);
and it holds a value of the kind asked. Pure functions over readings."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from voice_assistant.language.also_called import expanded
from voice_assistant.language.changes import change_of
from voice_assistant.language.conditions import ACCEPTS, answers, beside, fit, with_time
from voice_assistant.language.focus import (
    GENERIC,
    another,
    focus_found,
    focus_found_word,
    named_only_by_kind,
    on_the_day,
    only_one_says_it,
    picked,
)
from voice_assistant.language.labels import label_lends, own_name, words_past_label
from voice_assistant.language.notes import cut
from voice_assistant.language.ownership import owned, whose_of
from voice_assistant.language.question import Question
from voice_assistant.language.reading import USER, NoteReading, Part, Unit, Value
from voice_assistant.language.sides import qualified
from voice_assistant.language.tokens import content_words, list_item
from voice_assistant.language.wordnet import wordnet


@dataclass(frozen=True)
class Candidate:
    """A note that research found, with its reading."""

    key: int
    """The note's position among research's notes (0 first)."""
    reading: NoteReading
    day: str = ""
    """When it was written (ISO), to prefer the newer of two notes on one thing."""


@dataclass(frozen=True)
class Match:
    key: int
    unit: Unit
    part: Part
    values: tuple[Value, ...]
    """The value asked (a day with its time, for "when")."""
    score: float
    """What picks it out: the question's qualifiers and other words said beside it, a
    change's new side."""
    day: str = ""
    title: frozenset[str] = frozenset()
    near: float = 0.0
    """How much of the focus its own sentence says (it orders, never decides)."""
    whose: frozenset[str] = frozenset()

    @property
    def text(self) -> str:
        return _joined(self.values)


def aliases(readings: Iterable[NoteReading], things: bool = False) -> dict[str, frozenset[str]]:
    """Each name with the other names of its person (or of its thing), over the notes."""
    groups: dict[str, frozenset[str]] = {}
    for reading in readings:
        for group in reading.things if things else reading.aliases:
            merged = frozenset(group).union(*(groups.get(n, frozenset()) for n in group))
            for name in merged:
                groups[name] = merged
    return groups


def matches(question: Question, candidates: list[Candidate]) -> list[Match]:
    """Every value of the notes that meets the four conditions, best first: by what picks
    it out (the question's qualifiers and other words said beside it, a change's new
    side), then by how much of the focus its own sentence says, then the newer note."""
    if not question.focus and question.owner is None:
        return []  # nothing says what it is about: every value would do
    known = aliases(c.reading for c in candidates)
    found = _matched(question, candidates, known, relaxed=False)
    if not found and named_only_by_kind(question):  # "Oona's number": not said so
        found = _matched(question, candidates, known, relaxed=True)
    found = _naming_the_owner(question, found, known)
    return sorted(found, key=lambda m: (-m.score, -m.near, _newest(m.day), m.key))


def _naming_the_owner(
    question: Question, found: list[Match], known: dict[str, frozenset[str]]
) -> list[Match]:
    """Of two values of one sentence, one said of the person asked of and one of nobody,
    the first: "£3 a match night (£2 for juniors, so Ruben pays £2)" asked what Ruben
    pays. Every value of a sentence whose subject is the person is theirs ("Ada charges
    £14 an hour, £9 for half an hour"). The user, whom notes seldom name, is left to the
    other conditions."""
    if not question.owner or USER in question.owner:
        return found
    names = set(question.owner).union(*(known.get(n, frozenset()) for n in question.owner))
    named = [m for m in found if _said_of(m, names)]
    return [m for m in found if m in named or not any(o.unit is m.unit for o in named)]


def _said_of(match: Match, names: set[str]) -> bool:
    """The value is said of one of ``names``: in its own part, or as the sentence's subject."""
    unit, part = match.unit, match.part
    return bool(unit.owner & names) or any(
        p.names & names and part.start <= p.start < part.end for p in unit.mentions
    )


def _matched(
    question: Question,
    candidates: list[Candidate],
    known: dict[str, frozenset[str]],
    relaxed: bool,
) -> list[Match]:
    named = aliases((c.reading for c in candidates), things=True)
    found: list[Match] = []
    for candidate in candidates:
        note = candidate.reading
        before: frozenset[str] = frozenset()
        for unit in note.units:
            context = unit.words | note.title
            if not label_lends(question, unit):  # "Training for the half marathon: …"
                context = words_past_label(unit) | note.title
            says_it = question.head in unit.words or (
                bool(question.asked) and question.asked in unit.words
            )
            if (says_it or _refers_back(question, unit)) and not own_name(question, unit):
                context |= (  # "the clinic" of "the Riverside clinic" before; not a name
                    before - question.names  # asked, into a line about someone else
                    if unit.owner and USER not in unit.owner and not unit.owner & question.names
                    else before
                )
            before |= unit.words
            focus = focus_found(question, context, relaxed)
            by_name = focus is None and bool(named)  # "the poly hive", a note's "Hive B"
            if by_name:
                focus = focus_found(question, expanded(context, named), relaxed)
            if focus is None or not on_the_day(question, unit):
                continue
            unit = cut_for(question, unit)
            for part in unit.parts:
                if another(question, unit, part) or (
                    by_name and not _named_in(question, part, note, named, relaxed)
                ):
                    continue
                chosen = picked(question, unit, part)
                for value in answers(question, note, unit, part):
                    if not owned(question, note, unit, part, value, known):
                        continue
                    said = qualified(question, unit, part, note, value, chosen)
                    if said is None:
                        continue
                    words = {t.lemma for t in unit.tokens[part.start : part.end]}
                    extra = _extra(question, part.words | words | unit.label)
                    change = {"new": 1.0, "old": -2.0}.get(change_of(unit.tokens, value), 0.0)
                    near = len(question.focus & (part.words | unit.words))
                    values = with_time(question, unit, value) + beside(unit, value)
                    found.append(
                        Match(
                            candidate.key,
                            unit,
                            part,
                            values,
                            said + extra + change + fit(question, value),
                            candidate.day,
                            note.title,
                            focus + near,
                            whose_of(question, note, unit, part, value, known),
                        )
                    )
    return found


def _named_in(
    question: Question,
    part: Part,
    note: NoteReading,
    named: dict[str, frozenset[str]],
    relaxed: bool,
) -> bool:
    """The part itself names the thing asked by its other name ("21 lb from Hive B" is
    no answer for the hive the note calls "Hive A (the cedar one)")."""
    return focus_found(question, expanded(part.words | note.title, named), relaxed) is not None


def _refers_back(question: Question, unit: Unit) -> bool:
    """The unit names the thing asked by a broader word ("Race day is 26 April." after
    "Training for the half marathon": a marathon is a race): it takes the words before."""
    focus = {w for w in question.focus if " " not in w} - GENERIC
    tokens = unit.tokens
    subjects = {
        t.lemma
        for k, t in enumerate(tokens)
        if (
            t.dep in ("nsubj", "nsubjpass")
            or (t.dep == "compound" and tokens[t.head].dep in ("nsubj", "nsubjpass"))
        )
        and not any(  # "the battery ticket" is the battery's, not the asset tag
            c.head == k and c.dep in ("compound", "amod") and c.lemma not in focus for c in tokens
        )
    }
    return any(
        w != f and w not in GENERIC and wordnet().is_a(f, w, depth=3, senses=2)
        for f in focus
        for w in subjects - focus
        if w.isalpha()
    )


def _extra(question: Question, said: frozenset[str]) -> float:
    """The question's other words the part says: 1 each as written, half in other words
    ("the rental contract": "the lease")."""
    return sum(focus_found_word(w, said) or 0.0 for w in question.extra)


def own_preposition(question: Question, match: Match) -> str:
    """The note's preposition before the value when it hangs on the question's own verb:
    "The sauna goes up to 90 degrees" for "How hot does the sauna go?" says "to"; a
    day, a time and a place say their own ("on", "at", "in Gdansk")."""
    value, tokens = match.values[0], match.unit.tokens
    if value.kind in ("date", "time", "place") or value.start == 0:
        return ""
    before = tokens[value.start - 1]
    if before.pos != "ADP" or not 0 <= before.head < len(tokens):
        return ""
    verb = {t.lemma for t in question.tokens if t.dep == "ROOT" and t.pos == "VERB"}
    return before.text.lower() if tokens[before.head].lemma in verb else ""  # not "feed"


def cut_for(question: Question, unit: Unit) -> Unit:
    """The unit in parts by the values that could answer: a question for a place is not
    cut by the names beside the place."""
    if question.asked or not question.kinds or "object" in question.kinds:
        return unit
    kinds = frozenset(k for kind in question.kinds for k in ACCEPTS.get(kind, [kind]))
    found = list({(v.start, v.end, v.kind): v for p in unit.parts for v in p.values}.values())
    return replace(unit, parts=cut(unit.tokens, found, kinds))


def _newest(day: str) -> str:
    """Sorts newer days first."""
    return "".join(chr(0x10FFFF - ord(c)) for c in day)


def _joined(values: tuple[Value, ...]) -> str:
    if len(values) == 2 and values[1].kind == "time":
        joint = "" if values[1].text.split()[0].lower() in ("in", "at") else " at"
        return f"{values[0].text}{joint} {values[1].text}"
    return ", ".join(v.text for v in values)


def best(question: Question, found: list[Match]) -> list[Match]:
    """The answer: the best match, and no other. Two values equally picked out are two
    answers the question cannot tell apart (Tuva's and Kwame's parents' evenings asked
    without a name, two codes asked without the door): none is said. Only a newer note on
    the same thing stands over an older one (a moved appointment)."""
    if not found:
        return []
    tied = [m for m in found if m.score == found[0].score]
    named = [m for m in tied if _names_owner(question, m)]  # "Ola 3 Mar", over a day
    top = named[0] if len(named) == 1 else found[0]  # Ola has only by an alias the notes give
    says = [
        m for m in tied if m.whose == top.whose and only_one_says_it(question, m.part, top.part)
    ]
    top = says[0] if says else top  # "Ray: 14 Elm St, Apt 3C; home 555-0172": his home's
    found = [m for m in found if m is top or not _said_itself(question, top, m)]
    if question.owner is None and _people(found) > 1:
        return []  # "which day is … parents' evening?", the name lost: whose of the two?
    top = next(  # "Our neighbour Ola" over "Ola" inside it: one answer, said whole
        (m for m in found if m is not top and m.score == top.score and _one_answer(m, top)),
        top,
    )
    rivals = [
        m
        for m in found
        if m is not top
        and m.score == top.score
        and m.text != top.text
        and not _one_answer(top, m)
        and not _said_itself(question, top, m)
    ]
    if all(_superseded(top, m) for m in rivals):
        return [top]
    return []


def _said_itself(question: Question, top: Match, other: Match) -> bool:
    """``top``'s own part names whose it is asked and ``other``'s does not, or ``top``'s
    own sentence names the thing asked and ``other`` has it only from its note's title
    ("My club talk: … is at 11:20. The workshop is at 9:30." asked when the talk is). A
    head that is whose the thing is ("Which vet does Bramble go to?", as the parser
    reads it) names no thing."""
    if _names_owner(question, top) and not _names_owner(question, other):
        return top.whose != other.whose or not only_one_says_it(question, other.part, top.part)
    if question.head in (question.owner or ()):
        return False
    if question.head in top.unit.words and question.head not in other.unit.words:
        return True
    whole = {w for w in question.focus if " " not in w}  # "Bond ISA …" under "# Investing",
    return bool(whole) and whole <= _item_words(top) and not whole <= _item_words(other)


def _item_words(match: Match) -> frozenset[str]:
    """The words of the list item the value stands in: "Ola: netball Mon; Sam: drums,
    lesson £14" says "Ola" and "lesson", but not of one thing."""
    tokens = match.unit.tokens
    start, end = list_item(tokens, match.values[0].start, match.values[0].end)
    return frozenset(content_words(tokens, start, end))


def _names_owner(question: Question, match: Match) -> bool:
    """The value's own part names whose the question asks, as the question says it, and
    the question names the thing it asks ("How much does Ola weigh?" names none: of Ola's
    sums, none is picked by her name)."""
    owner = (question.owner or frozenset()) - {USER}
    return bool(question.focus) and bool(owner & match.part.words)


def _people(found: list[Match]) -> int:
    """How many different people the matched values belong to (the user not counted)."""
    seen: list[frozenset[str]] = []
    for m in found:
        if m.whose and USER not in m.whose and not any(m.whose & s for s in seen):
            seen.append(m.whose)
    return len(seen)


def _superseded(top: Match, other: Match) -> bool:
    """``other`` is an older note about the same thing ("Dentist" under "Dentist moved")."""
    return bool(top.day and other.day and other.day < top.day and top.title & other.title)


def _one_answer(top: Match, other: Match) -> bool:
    """Two values that are one answer: the time inside the day's answer, or a value
    inside another ("Gdansk" in "in Gdansk"), or the end of a range the answer starts
    ("Weds 4.15-5pm": when it is, not when it ends)."""
    if other.unit is not top.unit:
        return False
    ends = all(v.kind == "time" and "end" in v.about for v in other.values)
    if ends and any(t.kind == "time" and "start" in t.about for t in top.values):
        return True
    return all(any(t.start <= v.start and v.end <= t.end for t in top.values) for v in other.values)
