"""The final answer, reviewed before anyone hears it.

A personal question: one constrained call writes facts with their support (the note and
its words, ``support``); code reviews every fact (``answer_review``), and the model's
checks run too where the answer's task profile asks for them; the facts that pass become
the reply. An answer with no fact left is rewritten once with the failed checks named;
if it fails again, code declines: "I couldn't find … in your memories.". A
general question the memories do not come close to is answered from general knowledge,
after saying that the memories have nothing on it, and checked by code too. Every draft,
verdict and which reply was given go into the review trace that the turn stores.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from voice_assistant.config import TaskProfile
from voice_assistant.events import ModelCall
from voice_assistant.llm.base import Completion, LanguageModel, Message, TaskCalls
from voice_assistant.research import compose, model_review
from voice_assistant.research.answer_review import Review, review
from voice_assistant.research.base import Mode
from voice_assistant.research.fact_checks import METADATA, Finding, without_header
from voice_assistant.research.final import (
    CUT_SHORT,
    SPOKEN_NOTHING,
    claims_a_change,
    final_request,
    findings,
    general_request,
    rewrite_request,
    spoken_fallback,
    written_fallback,
)
from voice_assistant.research.fold import stems
from voice_assistant.research.notes import Note
from voice_assistant.research.questions import subject_words
from voice_assistant.research.quotes import locate
from voice_assistant.research.spoken import speakable
from voice_assistant.research.support import (
    Draft,
    parse_spoken,
    parse_written,
    recited,
    salvage_written,
    spoken_grammar,
    written_schema,
)


@dataclass
class Answered:
    text: str
    outcome: str
    """``answered``, ``rewritten`` (passed on the second draft), ``declined`` (code's
    reply: nothing passed, or the notes hold no answer, or a value it states is not held
    by a note about what was asked),
    ``general``, ``cut-short`` (stopped early; what passed is kept) or ``no-answer``."""
    request: list[Message]
    completion: Completion | None = None
    calls: list[ModelCall] = field(default_factory=list)
    review: dict[str, Any] = field(default_factory=dict)


class Grounder(Protocol):
    """Code's check of each value a fact states, by the matching of its own answers
    (``research.structured``, over ``language.grounding``)."""

    def unheld(self, question: str, say: str, note: Note, context: str) -> list[str]:
        """The values ``say`` states that ``note`` does not hold of what was asked."""
        ...

    def unanswered(self, question: str, says: list[str]) -> str | None:
        """What a one-value question asks that the answer does not give, if anything."""
        ...

    def declined(self, question: str) -> str:
        """Code's decline, saying back what was asked as heard."""
        ...


class Answerer:
    def __init__(
        self,
        llm: LanguageModel,
        profiles: dict[str, TaskProfile],
        grounder: Grounder | None = None,
    ) -> None:
        self.llm = llm
        self.profiles = profiles
        self.grounder = grounder

    @property
    def tasks(self) -> TaskCalls:
        """Task calls on the model and profiles held now (a test may swap ``llm``)."""
        return TaskCalls(self.llm, self.profiles)

    def answer(
        self,
        question: str,
        notes: list[Note],
        history: list[Message],
        mode: Mode,
        personal: bool,
        context: str = "",
        unseen: list[Note] | None = None,
    ) -> Answered:
        """``notes`` is the digest; ``context`` the earlier messages' text (their values
        may be repeated); ``unseen`` the notes research found that the answer was not
        given: the review still weighs them (a newer note, another note's subject)."""
        if not personal:
            return self._general(question, history, mode)
        request = final_request(question, notes, history, mode)
        trace: dict[str, Any] = {"kind": "personal", "drafts": []}
        reviewed = [*notes, *(unseen or [])]
        if not any(note.day for note in notes):
            trace["reply"] = "code: no note found"
            return Answered(
                self._declined(question),
                "declined",
                request,
                review=trace,
            )
        calls: list[ModelCall] = []
        task = f"answer_{mode}"
        written = mode == "written"
        schema = written_schema(len(notes)) if written else None
        grammar = None if written else spoken_grammar(len(notes))
        completion = first = self.tasks.call(task, request, calls, schema, grammar)
        for attempt in (1, 2):
            if completion is None:
                break
            stopped = completion.finish_reason != "stop"
            draft = self._draft(completion.text, notes, written, stopped)
            started = time.perf_counter()
            verdict = self._review(question, draft, reviewed, context, mode, calls)
            trace["drafts"].append(_traced(completion.text, verdict, started))
            moved = None if written or draft is None or verdict.passed else _recite(draft, notes)
            if moved is not None:  # the right sentence, the wrong note number
                started = time.perf_counter()
                again = self._review(question, moved, reviewed, context, mode, calls)
                trace["drafts"].append(_traced(f"re-cited: {moved.facts}", again, started))
                if again.passed:
                    draft, verdict = moved, again
            if verdict.passed:
                trace["reply"] = "model, reviewed" + (", rewritten" if attempt == 2 else "")
                outcome = "cut-short" if stopped else "answered" if attempt == 1 else "rewritten"
                text = self._compose(draft, verdict, notes, mode, stopped)
                trace["sources"] = sources_of(notes, [f.note for f in verdict.kept])
                return Answered(text, outcome, request, first, calls, trace)
            if completion.finish_reason == "deadline":  # out of time: no rewrite
                trace["reply"] = "code: the answer stopped at its deadline"
                text = spoken_fallback(notes) if not written else written_fallback(notes)
                return Answered(text, "cut-short", request, first, calls, trace)
            if draft is not None and not draft.facts:
                break  # the model found no answer in the notes: nothing to rewrite
            if attempt == 2 or not self.profiles[task].rewrite:
                break  # no second draft to review (the same one again would fail again)
            failed = [f.text() for f in verdict.findings] or ["it is not in the form asked for"]
            completion = self.tasks.call(
                task, rewrite_request(request, completion.text, failed), calls, schema, grammar
            )
        if completion is None and first is None:
            trace["reply"] = "code: no answer"
            text = spoken_fallback(notes) if not written else written_fallback(notes)
            return Answered(text, "no-answer", request, None, calls, trace)
        trace["reply"] = "code: declined (no answer passed review)"
        return Answered(
            self._declined(question),
            "declined",
            request,
            first,
            calls,
            trace,
        )

    def _declined(self, question: str) -> str:
        return self.grounder.declined(question) if self.grounder else compose.decline()

    @staticmethod
    def _draft(text: str, notes: list[Note], written: bool, stopped: bool) -> Draft | None:
        if not written:
            return parse_spoken(text, [note.excerpt for note in notes]) or (
                Draft(()) if stopped else None
            )
        return salvage_written(text, len(notes)) if stopped else parse_written(text, len(notes))

    def _review(
        self,
        question: str,
        draft: Draft | None,
        notes: list[Note],
        context: str,
        mode: Mode,
        calls: list[ModelCall],
    ) -> Review:
        if draft is None:
            return Review(
                findings=[Finding("unreadable", "the answer is not in the form asked for")]
            )
        verdict = review(question, draft, notes, context, spoken=mode == "spoken")
        if self.grounder is not None:
            self._ground(question, draft, verdict, notes, context)
        for index, fact in enumerate(draft.facts):
            if fact in verdict.kept and claims_a_change(fact.say):
                verdict.kept.remove(fact)
                verdict.findings.append(
                    Finding("claims_a_change", "research changes nothing", index)
                )
        if verdict.passed and self.profiles[f"answer_{mode}"].review:
            self._model_review(question, draft, verdict, notes, calls)
        return verdict

    def _ground(
        self, question: str, draft: Draft, verdict: Review, notes: list[Note], context: str
    ) -> None:
        """Drop each fact stating a value its note does not hold of what was asked; the
        answer fails when what stands does not give the kind of value asked."""
        assert self.grounder is not None
        for fact in list(verdict.kept):
            unheld = self.grounder.unheld(question, fact.say, notes[fact.note - 1], context)
            if unheld:
                verdict.kept.remove(fact)
                index = draft.facts.index(fact)
                verdict.findings.append(Finding("held", "; ".join(unheld), index))
        if verdict.kept:
            missing = self.grounder.unanswered(question, [f.say for f in verdict.kept])
            if missing:
                verdict.findings.append(Finding("addresses_question", missing))

    def _model_review(
        self,
        question: str,
        draft: Draft,
        verdict: Review,
        notes: list[Note],
        calls: list[ModelCall],
    ) -> None:
        """The model's checks on each fact that passed code's; a fact it fails is dropped
        (an unusable verdict counts as a pass: code's checks already held)."""
        for fact in list(verdict.kept):
            note = notes[fact.note - 1]
            found = locate(without_header(fact.quote, note), note.excerpt)
            sentence = " ".join(found.sentences) if found else fact.quote
            messages = model_review.request(question, sentence, fact.say)
            out = self.tasks.call("review", messages, calls, model_review.schema())
            failed = model_review.failed(out.text) if out else None
            if failed:
                verdict.kept.remove(fact)
                index = draft.facts.index(fact)
                for check in failed:
                    verdict.findings.append(Finding(check, f"the model's review: {check}", index))
        if not verdict.kept:
            verdict.findings.append(Finding("model_review", "no fact passed the model's review"))

    def _compose(
        self, draft: Draft | None, verdict: Review, notes: list[Note], mode: Mode, stopped: bool
    ) -> str:
        assert draft is not None
        if mode == "spoken":  # "Running plan: Training for …" is said without its title
            said = [replace(f, say=without_header(f.say, notes[f.note - 1])) for f in verdict.kept]
            return compose.spoken_answer(said)
        text = compose.written_answer(draft, verdict.kept, notes, verdict.lead_ok)
        return f"{text}\n\n{CUT_SHORT}\n{findings(notes, 3)}" if stopped else text

    def _general(self, question: str, history: list[Message], mode: Mode) -> Answered:
        request = general_request(question, history)
        calls: list[ModelCall] = []
        out = self.tasks.call("answer_general", request, calls)
        trace: dict[str, Any] = {"kind": "general", "drafts": []}
        said = speakable(out.text) if out is not None and out.finish_reason == "stop" else ""
        failed = general_findings(question, said) if said else ["no answer"]
        trace["drafts"].append({"draft": out.text if out else "", "failed": failed})
        if not failed:
            trace["reply"] = "model, general knowledge, reviewed"
            text = compose.general_answer(said, mode == "spoken")
            return Answered(text, "general", request, out, calls, trace)
        trace["reply"] = "code: no general answer passed review"
        return Answered(SPOKEN_NOTHING, "no-answer", request, out, calls, trace)


def sources_of(notes: list[Note], numbers: list[int]) -> list[dict[str, str]]:
    """The notes an answer's facts came from (title and day), for "How do you know?"."""
    chosen = [notes[n - 1] for n in dict.fromkeys(numbers) if 0 < n <= len(notes)]
    return [{"title": note.subject, "day": note.day} for note in chosen]


def _recite(draft: Draft, notes: list[Note]) -> Draft | None:
    return recited(draft, [n.subject for n in notes], [n.excerpt for n in notes])


def _traced(text: str, verdict: Review, started: float) -> dict[str, Any]:
    """A draft's entry in the review trace."""
    return {
        "draft": text,
        "kept": len(verdict.kept),
        "failed": [f.text() for f in verdict.findings],
        "checks": sorted({f.check for f in verdict.findings}),
        "review_s": round(time.perf_counter() - started, 4),
    }


ABOUT_THE_USER = re.compile(
    r"\byours?\b|\byou(?:'re|'ve| are| were| have(?! to)| had(?! to)| own| live| work| told| said| "
    r"wrote| noted| saved| keep| kept)\b",
    re.I,
)
"""A general answer states no personal value: "your wifi password is …", "you have …"
("you can …", "if you boil it …" give advice, not a claim about the user)."""


ARITHMETIC = re.compile(
    r"\b(?:plus|minus|times|divided|multiplied|squared|cubed|square root|percent of)\b"
    r"|\d\s*[-+*/x×]\s*\d",
    re.I,
)
"""A sum: its answer may be a number alone ("What's a hundred divided by eight?" "12.5")."""


def general_findings(question: str, answer: str) -> list[str]:
    """Code's checks on a general-knowledge answer: about what was asked, nothing
    unspeakable, no claim that something was done, nothing about the user."""
    failed = []
    subject = set(subject_words(question))
    worked_out = ARITHMETIC.search(question) and re.search(r"\d", answer)  # "12.5"
    if subject and not subject & stems(answer) and not worked_out:
        failed.append("the answer is not about what was asked")
    if METADATA.search(answer):
        failed.append("it holds what is not for speaking")
    if claims_a_change(answer):
        failed.append("research changes nothing")
    if ABOUT_THE_USER.search(answer):
        failed.append("general knowledge says nothing about you")
    return failed
