"""``voice-assistant bench --suite answers``: is what the assistant says true?

The labelled set in ``tests/data/answers/``: 40 memories, imported as a user would, and
requests of four kinds (answerable, personal questions the memories cannot answer but
come close to, general knowledge, an act and a question in one utterance), plus seeded
drafts for the answer review. Each request runs as a whole spoken turn (acts, research,
the final answer, its review) in a fresh conversation; the scoring is pure and tested.
It prints facts right, invented facts, declines right, mixed right, spoken form, the
review's catches and false alarms, and model calls and first-audio time per turn.
"""

from __future__ import annotations

import re
import statistics
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.corpus import ANSWER_SET, part_files
from voice_assistant.config import Settings
from voice_assistant.events import Reply
from voice_assistant.language.frame import NOTHING_ABOUT
from voice_assistant.language.written import in_full, rewritten
from voice_assistant.memory.schema import STOPWORDS
from voice_assistant.research.dialogue import TYPED, ThisTurn
from voice_assistant.research.final import NOT_FOUND
from voice_assistant.research.fold import fold
from voice_assistant.research.quotes import colours
from voice_assistant.turn.session import Session

KINDS = ("answerable", "unanswerable", "misheard", "general", "mixed")

DECLINE = re.compile(
    r"\b(?:couldn't|could not|can't|cannot|didn't|did not) find\b|\bnot sure\b"
    r"|\bnothing (?:about|on|in)\b|\bno (?:information|record|mention|note)s?\b"
    r"|\b(?:don't|do not|doesn't|does not) (?:have|say|mention|contain|include|know|specify)\b"
    r"|\bnot (?:mentioned|specified|stated|listed|given|in your|set|saved|chosen|decided|here)\b"
    r"|\bno \w+(?: \w+)? (?:has|have) been\b|\bstill to be\b|\bunknown\b",
    re.I,
)
"""A reply that says it could not find the answer."""
CLOSEST = re.compile(r"\bthe most relevant thing I found\b", re.I)
"""Code's fallback when an answer is cut short quotes a note after this: a quote, not a claim."""
GENERAL_ANSWER = re.compile(
    r"(?:^|[.!?]\s)\W*your memories (?:have|hold) nothing on that\.\s*\w", re.I
)
"""A general-knowledge answer: code's words, then the model's (a bare "I found nothing
about that in your memories." is a decline), after an act's receipt too."""
UNSURE = re.compile(r"\bnot sure\b|\bthe closest (?:thing )?I found\b", re.I)
"""A reply that hedges: never right for an answer the notes support."""
NO_MEMORIES_FIRST = re.compile(
    r"^\W*(?:your memories (?:have|hold) nothing|i found nothing|nothing in your memories"
    r"|your (?:memories|notes) (?:don't|do not))",
    re.I,
)
"""A general answer must first say the memories have nothing on it."""
METADATA = re.compile(
    r"\b(?:source|kind|project|written|updated|memory_id|hash|device|path)\s*[:=]"
    r"|\s\|\s|^-{3}|\.(?:md|markdown|txt)\b|\(file, |\bmarkdown\b|(?:^|\s)/\w+/",
    re.I | re.M,
)
"""What must never be spoken: labels, metadata lines, front matter, file names, paths."""
_ABBREVIATION = r"(?<!\bDr)(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bSt)(?<!\bNo)"
SENTENCE_END = re.compile(_ABBREVIATION + r"[.!?]+[\"')\]]*(?=\s+|$)")
VALUE = re.compile(r"\b\d+\b|(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+")
"""A number, or a capitalised word inside a sentence (a name, a place, a month)."""


@dataclass(frozen=True)
class Request:
    id: str
    text: str
    kind: str
    expect: tuple[str, ...] = ()
    forbid: tuple[str, ...] = ()
    acts: tuple[str, ...] = ()
    ends_on_ask: bool = False
    note: str = ""
    support: tuple[str, ...] = ()
    """Titles of the notes that hold the answer (the latency suite's floor reads them)."""
    said: str = ""
    """Misheard requests: what the user really said (``text`` is what whisper heard)."""
    remembered: str = ""
    """Mixed requests with a remember act: exactly what must be stored."""
    held_out: bool = False
    """From ``held_out.toml``: never tuned on, scored only at the end."""

    @property
    def spoken(self) -> str:
        """What a voice says for this request."""
        return self.said or self.text


def load_requests(path: Path | None = None, held_out: int = 0, dev: bool = False) -> list[Request]:
    """The tuning part (``requests.toml``), held-out part number ``held_out``, or the
    structure part (``dev``)."""
    default = part_files(held_out, dev)[0]
    data = tomllib.loads((path or default).read_text(encoding="utf-8"))
    requests = []
    for item in data["request"]:
        if item["kind"] not in KINDS:
            raise ValueError(f"request {item['id']}: unknown kind {item['kind']!r}")
        for pattern in (*item.get("expect", ()), *item.get("forbid", ())):
            re.compile(pattern)
        requests.append(
            Request(
                id=item["id"],
                text=item["text"],
                kind=item["kind"],
                expect=tuple(item.get("expect", ())),
                forbid=tuple(item.get("forbid", ())),
                acts=tuple(item.get("acts", ())),
                ends_on_ask=bool(item.get("ends_on_ask", False)),
                note=item.get("note", ""),
                support=tuple(item.get("support", ())),
                said=item.get("said", ""),
                remembered=item.get("remembered", ""),
                held_out=bool(held_out),
            )
        )
    return requests


def sentences(text: str) -> list[str]:
    """Sentences as a listener hears them ("Dr. Alvarez" and "12.50" do not end one)."""
    parts, start = [], 0
    for match in SENTENCE_END.finditer(text):
        parts.append(text[start : match.end()].strip())
        start = match.end()
    tail = text[start:].strip()
    return [p for p in [*parts, tail] if p]


@dataclass(frozen=True)
class Outcome:
    """One request's turn, as the scoring needs it."""

    reply: str
    acts_done: tuple[str, ...] = ()
    ask: str | None = None
    code_sentences: tuple[str, ...] = ()
    """Receipts and the ask, written by code: not part of the answer's spoken form."""
    model_calls: int = 0
    first_audio_s: float = 0.0
    review: dict[str, Any] | None = None
    remembered: tuple[str, ...] = ()
    """What remember acts stored."""
    heard: str = ""
    """What whisper heard (spoken runs)."""
    answer_s: float = 0.0
    """The answer stage: the text in, the reply out (no speech)."""


@dataclass
class Score:
    fact_right: bool | None = None
    """All expected facts said (answerable, general and mixed requests)."""
    invented: bool = False
    """A forbidden value said, or a personal question answered with a value it lacks."""
    declined: bool | None = None
    """Unanswerable requests: declined, with no value."""
    mixed_right: bool | None = None
    spoken_form: bool = True
    general_for_personal: bool = False
    """A personal request answered from general knowledge (never right)."""
    answered_otherwise: bool = False
    """Answerable: a reply that neither declines nor says the value asked, nor a value the
    set forbids: most often another value from the notes that the set's author did not
    foresee (another kind, another thing of the same person)."""
    unsure: bool = False
    """Said as unsure ("not sure", "closest I found")."""
    disclaimer: bool | None = None
    """General requests: the reply first says the memories have nothing on it."""
    problems: list[str] = field(default_factory=list)


ECHOED = re.compile(
    re.escape(NOTHING_ABOUT).replace(re.escape("{about}"), ".+?") + "|" + re.escape(NOT_FOUND),
    re.I,
)
"""Code's decline says back what was asked, as heard: its words are the question's."""


def claimed_part(reply: str) -> str:
    """What the reply claims: code's quote of the closest note is not a claim, nor is a
    decline's echo of the question ("… “does Marco want paying in cash or by card” …")."""
    match = CLOSEST.search(reply)
    return ECHOED.sub(" ", reply[: match.start()] if match else reply)


def answer_part(outcome: Outcome) -> str:
    """The reply without code's receipts and ask."""
    text = outcome.reply
    for sentence in outcome.code_sentences:
        text = text.replace(sentence, " ")
    return " ".join(text.split())


def spoken_form(text: str) -> list[str]:
    problems = []
    if len(sentences(text)) > 3:
        problems.append(f"{len(sentences(text))} sentences")
    if METADATA.search(text):
        problems.append(f"metadata: {METADATA.search(text).group(0)!r}")  # type: ignore[union-attr]
    return problems


def invented_values(text: str, question: str, corpus: set[str]) -> list[str]:
    """Numbers, names and colours in ``text`` that neither the question nor any memory
    holds."""
    known = {w.lower() for w in re.findall(r"\w+", question)} | corpus | STOPWORDS
    found = []
    for match in VALUE.finditer(text):
        word = re.match(r"\w+", text[match.start() :])
        if word and word.group(0).lower() not in known:
            found.append(word.group(0))
    return found + [c for c in colours(text) if c not in known]


def corpus_words(folder: Path | None = None) -> set[str]:
    """Every word of the set's memories, lower-cased, as written and as the reader reads
    and says them ("3/10" is "March 10", "Sat" "Saturday"): a value in them is not
    invented."""
    words: set[str] = set()
    for path in (folder or ANSWER_SET / "memories").glob("*.md"):
        text = path.read_text(encoding="utf-8")
        for said in (text, rewritten(text)):
            words |= {w.lower() for w in re.findall(r"\w+", said)}
    return words | {in_full(w).lower() for w in words}


def score(request: Request, outcome: Outcome, corpus: set[str] | None = None) -> Score:
    """``corpus``: the memories' words (a value from them may be unresponsive, but it is
    not invented). Every kind counts invented values: a number or a name in the claimed
    reply that neither the memories nor the request hold (for general requests, nor the
    expected answer)."""
    s = Score()
    claimed = claimed_part(answer_part(outcome))
    for pattern in request.forbid:
        if re.search(pattern, claimed, re.I):
            s.invented = True
            s.problems.append(f"said /{pattern}/")
    if request.expect:  # said as an answer: code's quote of a note does not count
        missing = [p for p in request.expect if not re.search(p, claimed, re.I)]
        s.fact_right = not missing and not s.invented
        s.problems += [f"missing /{p}/" for p in missing]
    said_no = bool(DECLINE.search(outcome.reply))
    asked = f"{request.text} {request.said} {outcome.heard}"
    answer = claimed
    if request.kind == "general":  # the right answer's own values are not invented
        for pattern in request.expect:
            answer = re.sub(pattern, " ", answer, flags=re.I)
    made_up = invented_values(answer, asked, corpus) if corpus is not None else []
    right_general = request.kind == "general" and s.fact_right
    if made_up and not right_general and not (request.kind == "unanswerable" and said_no):
        s.invented = True
        s.problems.append(f"a value no memory holds: {', '.join(made_up)}")
        s.fact_right = False if s.fact_right is not None else None
    if request.kind == "answerable" and s.fact_right is False and not s.invented:
        s.answered_otherwise = not said_no
        if s.answered_otherwise:
            s.problems.append("answered, not with the value asked")
    if request.kind == "unanswerable":
        s.declined = said_no and not s.invented
        if not said_no:
            s.problems.append("did not decline")
    if request.kind == "misheard":  # right: answered from the notes, or declined
        s.declined = said_no and not s.invented
        s.fact_right = bool(s.fact_right) or bool(s.declined)
    if request.kind != "general" and GENERAL_ANSWER.search(outcome.reply):
        s.general_for_personal = True
        s.fact_right = False if s.fact_right is not None else None
        s.problems.append("a personal request answered from general knowledge")
    s.unsure = bool(UNSURE.search(outcome.reply))
    if s.unsure and request.kind in ("answerable", "mixed"):
        s.problems.append("said as unsure")
    if request.kind == "general":
        s.disclaimer = bool(NO_MEMORIES_FIRST.search(outcome.reply))
        if not s.disclaimer:
            s.problems.append("no 'memories have nothing' first")
    if request.kind == "mixed":
        acted = all(kind in outcome.acts_done for kind in request.acts)
        ask = outcome.ask is not None and outcome.reply.rstrip().endswith(outcome.ask)
        acted_or_asked = ask if request.ends_on_ask else acted
        if not acted_or_asked:
            s.problems.append(f"acts {outcome.acts_done}, ask {outcome.ask!r}")
        stored = remembered_right(request, outcome)
        if not stored:
            s.problems.append(f"remembered {outcome.remembered}, not {request.remembered!r}")
        s.mixed_right = acted_or_asked and stored and bool(s.fact_right)
    form = spoken_form(answer_part(outcome))
    s.spoken_form = not form
    s.problems += form
    return s


def remembered_right(request: Request, outcome: Outcome) -> bool:
    """What a remember act stored is exactly the text asked (no question, no command), as
    compared words ("the 5th" as whisper writes "the fifth")."""
    if not request.remembered:
        return not any("?" in text for text in outcome.remembered)
    return [fold(t) for t in outcome.remembered] == [fold(request.remembered)]


def outcome_of(
    reply: Reply, first_audio_s: float, heard: str = "", answer_s: float = 0.0
) -> Outcome:
    turn = reply.turn or {}
    document = turn.get("document") or {}
    done = tuple(r["act"] for r in document.get("done", ()))
    ask = document.get("ask")
    code = [f"{r['title']}: {r['body']}." for r in document.get("done", ())]
    remembered = tuple(r["body"] for r in document.get("done", ()) if r["act"] == "remember")
    code += [ask] if ask else []
    return Outcome(
        reply=reply.text,
        acts_done=done,
        ask=ask,
        code_sentences=tuple(code),
        model_calls=len(reply.model_calls),
        first_audio_s=first_audio_s,
        review=reply.review,
        remembered=remembered,
        heard=heard,
        answer_s=answer_s,
    )


def _fraction(values: list[bool | None]) -> str:
    counted = [v for v in values if v is not None]
    return f"{sum(counted)}/{len(counted)}"


def summarise(requests: list[Request], scores: list[Score], outcomes: list[Outcome]) -> str:
    by_kind: dict[str, list[Score]] = {}
    for request, s in zip(requests, scores, strict=True):
        by_kind.setdefault(request.kind, []).append(s)
    personal = by_kind.get("unanswerable", [])
    calls = [o.model_calls for o in outcomes]
    audio = sorted(o.first_audio_s for o in outcomes)
    p90 = audio[min(len(audio) - 1, int(0.9 * len(audio)))] if audio else 0.0
    kinds = {kind: by_kind.get(kind, []) for kind in KINDS}
    lines = [
        "facts right (answerable):         "
        f"{_fraction([s.fact_right for s in kinds['answerable']])}",
        f"facts right (general):            {_fraction([s.fact_right for s in kinds['general']])}"
        f"  (saying first that the memories have nothing: "
        f"{_fraction([s.disclaimer for s in kinds['general']])})",
        f"wrong values (invented facts, all requests): {sum(s.invented for s in scores)}",
        "answered, but not with the value asked (answerable, no decline, nothing forbidden): "
        f"{sum(s.answered_otherwise for s in kinds['answerable'])}",
        f"invented facts (personal, unanswerable): {sum(s.invented for s in personal)}",
        f"declines right:                   {_fraction([s.declined for s in personal])}",
        f"misheard right (answered from notes or declined): "
        f"{_fraction([s.fact_right for s in kinds['misheard']])}",
        f"personal requests answered from general knowledge: "
        f"{sum(s.general_for_personal for s in scores)}",
        f"right answers said as unsure:     {sum(s.unsure and bool(s.fact_right) for s in scores)}",
        f"mixed right (acted and answered): {_fraction([s.mixed_right for s in kinds['mixed']])}",
        f"spoken form:                      {_fraction([s.spoken_form for s in scores])}",
        f"model calls per turn:             median {statistics.median(calls) if calls else 0}, "
        f"max {max(calls, default=0)}",
        f"answer stage: median {statistics.median(o.answer_s for o in outcomes):.2f} s\n"
        f"first audio (answer + first sentence synthesised): median "
        f"{statistics.median(audio) if audio else 0:.2f} s, p90 {p90:.2f} s",
        "first audio by kind, median: "
        + ", ".join(
            f"{kind} {statistics.median(o.first_audio_s for o in outs):.2f} s"
            for kind, outs in _by_kind(requests, outcomes).items()
        ),
        *review_lines(outcomes),
    ]
    return "\n".join(lines)


def _by_kind(requests: list[Request], outcomes: list[Outcome]) -> dict[str, list[Outcome]]:
    found: dict[str, list[Outcome]] = {}
    for request, outcome in zip(requests, outcomes, strict=True):
        found.setdefault(request.kind, []).append(outcome)
    return found


def review_lines(outcomes: list[Outcome]) -> list[str]:
    """What the review did to the memory answers of these turns: its time per draft, the
    first drafts that failed it, and what rewriting them gave (``tasks.answer_spoken.rewrite``;
    a general answer's checks are others, and it is never rewritten)."""
    traces = [
        trace
        for o in outcomes
        if o.review
        for trace in o.review.get("answers", [o.review])  # a turn with several questions
        if trace.get("drafts") and trace.get("kind") != "general"  # memory answers only
    ]
    times = [d["review_s"] * 1000 for t in traces for d in t["drafts"] if "review_s" in d]
    failed = [t for t in traces if t["drafts"][0]["kept"] == 0 and t["drafts"][0]["failed"]]
    rewritten = [t for t in failed if "rewritten" in str(t.get("reply", ""))]
    tried = [t for t in failed if any(not _recited(d) for d in t["drafts"][1:])]
    return [
        f"review per draft: median {statistics.median(times) if times else 0:.1f} ms, "
        f"max {max(times, default=0):.1f} ms ({len(times)} drafts)",
        f"first drafts failing review: {len(failed)} of {len(traces)} answers; rewritten "
        f"{len(tried)}, passed when rewritten {len(rewritten)}",
    ]


def _recited(entry: dict[str, Any]) -> bool:
    return str(entry.get("draft", "")).startswith("re-cited:")


def _first_audio(tts: Any, text: str) -> float:
    started = time.monotonic()
    for _chunk in tts.synthesize(text):
        break
    return time.monotonic() - started


def run_requests(
    settings: Settings,
    requests: list[Request],
    verbose: bool = True,
    voice: Any = None,
    memories: Path = ANSWER_SET / "memories",
) -> tuple[list[Score], list[Outcome]]:
    """Each request as a spoken turn over a fresh store of ``memories``; with a ``voice``
    (``bench/voices.py``), spoken by it and heard by whisper first."""
    from voice_assistant.assembly import assemble
    from voice_assistant.memory.importer import import_paths

    with tempfile.TemporaryDirectory(prefix="va-answers-") as data:
        local = settings.model_copy(deep=True)
        local.paths.data_dir = Path(data)
        assistant = assemble(local)
        engines = assistant.engines
        engines.check_models(["llm", "tts", "stt"] if voice else ["llm", "tts"])
        report = import_paths(assistant.memories, [memories])
        if report.skipped:
            raise RuntimeError(f"answer set memories not imported: {report.skipped}")
        assistant.preload(["llm", "tts", "stt"] if voice else ["llm", "tts"])
        turns, tts = assistant.turn_runner(), engines.tts()
        scores, outcomes = [], []
        corpus = corpus_words(memories)
        for request in requests:
            heard, session, turn = request.text, Session.independent("bench"), TYPED
            if voice is not None:
                transcript = engines.stt().transcribe(voice.say(request.spoken, request.id))
                heard = transcript.text
                heard_as = (transcript.sureness, transcript.least_sure_log_prob)
                turn = ThisTurn(heard_as, transcript.least_sure_at)
            started = time.monotonic()
            reply = turns.answer(heard, "spoken", session, turn)
            answered = time.monotonic() - started
            outcome = outcome_of(reply, answered + _first_audio(tts, reply.text), heard, answered)
            result = score(request, outcome, corpus)
            scores.append(result)
            outcomes.append(outcome)
            if verbose:
                flag = "ok " if not result.problems else "BAD"
                how = reply.final_outcome or reply.stop_reason
                said = (
                    f" heard {heard!r} ({turn.heard[0]:.2f}, {turn.heard[1]:.1f})"
                    if voice is not None
                    else ""
                )
                print(
                    f"  {flag} {request.kind:<12} {request.id:<22} {how:<9} "
                    f"calls={outcome.model_calls} audio={outcome.first_audio_s:5.1f}s "
                    f"{reply.text!r}{said}",
                    flush=True,
                )
                for problem in result.problems:
                    print(f"        - {problem}", flush=True)
        return scores, outcomes


def hearing_lines(requests: list[Request], outcomes: list[Outcome]) -> list[str]:
    """Word error rate of what whisper heard, and of the question as research read it
    (a near miss read as the memories' word), against what the voice said."""
    from bench.folded_wer import folded_wer

    said = [r.spoken for r in requests]
    heard = [o.heard for o in outcomes]
    read = [_read_as(o) for o in outcomes]
    return [
        f"word error rate: heard {folded_wer(said, heard):.3f}, "
        f"as research read it {folded_wer(said, read):.3f} "
        f"({sum(r != h for r, h in zip(read, heard, strict=True))} read differently)"
    ]


def _read_as(outcome: Outcome) -> str:
    """The transcript with each question replaced by the reading research used."""
    text = outcome.heard
    for trace in (outcome.review or {}).get("answers", [outcome.review or {}]):
        route = trace.get("route") or {}
        if route.get("read_as"):
            text = text.replace(route["heard"], route["read_as"])
    return text


def run_answers_bench(
    settings: Settings,
    runs: int,
    only: str = "",
    model_review: bool = False,
    spoken: bool = False,
    held_out: int = 0,
    dev: bool = False,
) -> int:
    """The seeded drafts through the review (``only="drafts"``: nothing else), then the
    requests as whole turns, ``runs`` times: typed, or ``spoken`` by two voices; the
    tuning part, held-out part ``held_out`` (scored only at the end), or the structure
    part (``dev``, over memories of its own)."""
    wanted = set(only.split(",")) if only else set()
    if not held_out and not dev and (not wanted or "drafts" in wanted):
        print(f"# seeded drafts through the review (model checks: {model_review})")
        run_review_bench(settings, model_review)
    every = load_requests(held_out=held_out, dev=dev)
    memories = part_files(held_out, dev)[1]
    requests = [r for r in every if not wanted or r.id in wanted or r.kind in wanted]
    if not requests:
        return 0
    part = f"held-out part {held_out}" if held_out else "structure part" if dev else "tuning part"
    print(
        f"# answer set ({part}): {len(requests)} requests, model {settings.models.llm}, "
        f"general {settings.tasks.answer_general.model or settings.models.llm}, {runs} run(s)"
    )
    from bench.voices import voices

    for voice in voices(settings) if spoken else [None]:
        for run in range(runs):
            name = voice.name if voice is not None else "typed"
            print(f"run {run + 1} ({name}):")
            scores, outcomes = run_requests(settings, requests, voice=voice, memories=memories)
            print(summarise(requests, scores, outcomes))
            if voice is not None:
                print("\n".join(hearing_lines(requests, outcomes)))
    return 0


# --- the review on seeded drafts ---------------------------------------------------


@dataclass(frozen=True)
class SeededFact:
    note: str
    """The title of the memory it cites."""
    quote: str
    say: str
    faulty: bool = False


@dataclass(frozen=True)
class SeededDraft:
    question: str
    facts: tuple[SeededFact, ...]
    fault: str = ""
    held_out: bool = False
    """Written after the checks were built, never tuned against."""

    @property
    def faulty(self) -> bool:
        return any(f.faulty for f in self.facts)


def load_drafts(path: Path | None = None) -> list[SeededDraft]:
    data = tomllib.loads((path or ANSWER_SET / "drafts.toml").read_text(encoding="utf-8"))
    return [
        SeededDraft(
            question=item["question"],
            facts=tuple(SeededFact(**fact) for fact in item["facts"]),
            fault=item.get("fault", ""),
            held_out=bool(item.get("held_out", False)),
        )
        for item in data["draft"]
    ]


@dataclass(frozen=True)
class Judged:
    """What a review did to a seeded draft."""

    draft: SeededDraft
    dropped: tuple[bool, ...]
    """Per fact: it did not survive (dropped, or the whole answer failed)."""
    findings: tuple[str, ...] = ()

    @property
    def caught(self) -> bool:
        return self.draft.faulty and all(
            d for d, f in zip(self.dropped, self.draft.facts, strict=True) if f.faulty
        )

    @property
    def false_alarm(self) -> bool:
        return any(d for d, f in zip(self.dropped, self.draft.facts, strict=True) if not f.faulty)


def judged(draft: SeededDraft, kept: list[int], failed: bool, findings: list[str]) -> Judged:
    """``kept``: indexes of facts that survived; ``failed``: the answer as a whole failed."""
    dropped = tuple(failed or i not in kept for i in range(len(draft.facts)))
    return Judged(draft, dropped, tuple(findings))


def review_figures(rows: list[Judged]) -> str:
    def part(some: list[Judged]) -> str:
        faulty = [r for r in some if r.draft.faulty]
        clean = [r for r in some if not r.draft.faulty]
        return (
            f"caught {sum(r.caught for r in faulty)}/{len(faulty)}, "
            f"false alarms {sum(r.false_alarm for r in some)}/{len(some)} "
            f"({sum(r.false_alarm for r in clean)}/{len(clean)} clean)"
        )

    tuned = [r for r in rows if not r.draft.held_out]
    held = [r for r in rows if r.draft.held_out]
    return f"{part(tuned)}; held out: {part(held)}"


def run_review_bench(settings: Settings, model_checks: bool) -> None:
    """Code's checks (and the model's) on the seeded drafts, over the notes code's first
    search finds for each question; a cited memory it did not find is read in."""
    from voice_assistant.assembly import assemble
    from voice_assistant.memory.importer import import_paths
    from voice_assistant.research import model_review
    from voice_assistant.research.answer_review import review
    from voice_assistant.research.notes import Exchange, build_notes, digest
    from voice_assistant.research.quotes import locate
    from voice_assistant.research.support import Draft, Fact
    from voice_assistant.research.tools import ToolCall, Tools

    drafts = load_drafts()
    with tempfile.TemporaryDirectory(prefix="va-review-") as data:
        local = settings.model_copy(deep=True)
        local.paths.data_dir = Path(data)
        assistant = assemble(local)
        store = assistant.memories
        import_paths(store, [ANSWER_SET / "memories"])
        tools = Tools(store)
        by_title = {m.title: m.id for m in store.recent(limit=1000)}
        code_rows, model_rows, both_rows, seconds = [], [], [], []
        llm = assistant.engines.llm() if model_checks else None
        for draft in drafts:
            search = ToolCall(tool="search_memories", argument=draft.question)
            exchanges = [Exchange(search, tools.run(search))]
            for fact in draft.facts:
                read = ToolCall(tool="read_memory", argument=str(by_title[fact.note]))
                exchanges.append(Exchange(read, tools.run(read)))
            notes = digest(build_notes(exchanges), settings.research.digest_spoken_chars)
            number = {note.subject: n for n, note in enumerate(notes, 1)}
            facts = tuple(Fact(number[f.note], f.quote, f.say) for f in draft.facts)
            by_code = review(draft.question, Draft(facts), notes)
            kept = [i for i, fact in enumerate(facts) if fact in by_code.kept]
            code = judged(draft, kept, not by_code.passed, [f.text() for f in by_code.findings])
            code_rows.append(code)
            verdict = "CAUGHT" if code.caught else "ALARM " if code.false_alarm else "ok    "
            line = f"  code {verdict}"
            if llm is not None:  # the model's checks on every fact, as the runtime asks them
                dropped, said = [], []
                for cited in facts:
                    found = locate(cited.quote, notes[cited.note - 1].excerpt)
                    sentence = " ".join(found.sentences) if found else cited.quote
                    started = time.monotonic()
                    out = llm.complete(
                        model_review.request(draft.question, sentence, cited.say),
                        task="review",
                        max_tokens=settings.tasks.review.max_tokens,
                        deadline_s=settings.tasks.review.deadline_s,
                        json_schema=model_review.schema(),
                    )
                    seconds.append(time.monotonic() - started)
                    failed = model_review.failed(out.text)
                    dropped.append(bool(failed))
                    said += failed or []
                model = Judged(draft, tuple(dropped), tuple(said))
                model_rows.append(model)
                both_rows.append(
                    Judged(
                        draft,
                        tuple(a or b for a, b in zip(code.dropped, model.dropped, strict=True)),
                    )
                )
                verdict = "CAUGHT" if model.caught else "ALARM " if model.false_alarm else "ok    "
                line += f" | model {verdict} {sorted(set(said))}"
            held = " (held out)" if draft.held_out else ""
            print(f"{line}  {draft.fault or 'clean'}{held}: {draft.question}", flush=True)
            for finding in code.findings:
                print(f"        - {finding}")
    print(f"review, code's checks alone:  {review_figures(code_rows)}")
    if model_rows:
        print(f"review, the model's alone:    {review_figures(model_rows)}")
        print(f"review, code and model:       {review_figures(both_rows)}")
        median_s = statistics.median(seconds)
        reviewer = settings.tasks.review.model or settings.models.llm
        print(f"model review: median {median_s:.2f} s a call ({reviewer})")
