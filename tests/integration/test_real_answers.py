"""Spoken answers that are true, with the real default model over the answer set's memories
(tests/data/answers): personal questions the memories cannot answer are declined without a
value, mixed requests act and answer, the spoken form holds no metadata and at most three
sentences, and a seeded unsupported answer is rewritten or replaced."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.answers import (
    ANSWER_SET,
    DECLINE,
    corpus_words,
    load_requests,
    outcome_of,
    score,
    sentences,
    spoken_form,
)
from voice_assistant.assembly import Assembly, assemble
from voice_assistant.config import load_settings
from voice_assistant.llm.base import Completion
from voice_assistant.memory.importer import import_paths
from voice_assistant.turn.session import Session

pytestmark = pytest.mark.integration

REQUESTS = {r.id: r for r in load_requests()}


@pytest.fixture(scope="module")
def engines(tmp_path_factory, real_assembly) -> Assembly:
    """The answer set's memories, imported for real, with the session's loaded models."""
    data = tmp_path_factory.mktemp("answers")
    settings, _ = load_settings(
        None,
        environ={"XDG_CONFIG_HOME": "/nonexistent", "VOICE_ASSISTANT__PATHS__DATA_DIR": str(data)},
    )
    local = assemble(settings)
    for name in ("llm", "embed", "tts"):  # share what is loaded
        if name in real_assembly.engines._cache:
            local.engines._cache[name] = real_assembly.engines._cache[name]
    report = import_paths(local.memories, [ANSWER_SET / "memories"])
    assert report.added == 51 and not report.skipped
    return local


def ask(engines: Assembly, text: str):
    return engines.turn_runner().answer(text, "spoken", Session.independent())


@pytest.mark.parametrize(
    "request_id", ["passport-number", "sister-name", "blood-type", "dad-birthday"]
)
def test_a_personal_question_the_memories_cannot_answer_is_declined_without_a_value(
    engines, request_id
):
    request = REQUESTS[request_id]
    reply = ask(engines, request.text)
    result = score(request, outcome_of(reply, 0.0), corpus_words())
    assert result.declined and not result.invented, (reply.text, reply.review)
    assert DECLINE.search(reply.text)
    assert reply.review["kind"] == "personal"
    assert reply.review["reply"].startswith("code"), reply.review  # code's words, not the model's


def test_a_mixed_request_acts_and_answers(engines):
    reply = ask(engines, REQUESTS["timer-and-car"].text)
    (receipt,) = reply.turn["document"]["done"]
    assert receipt["act"] == "set_timer" and receipt["body"].startswith("5 minutes")
    assert reply.turn["understanding"] == "rule"  # an act and a question, read by code
    assert not reply.model_calls  # and its one value matched by code: no model call
    result = score(REQUESTS["timer-and-car"], outcome_of(reply, 0.0), corpus_words())
    # the question is answered with its value (4 April), as an answer: a decline, or code's
    # "the closest I found" quote of the note, does not count
    assert result.fact_right and result.mixed_right, (reply.text, result.problems)
    assert not result.invented and not DECLINE.search(reply.text), reply.text


def test_a_mixed_request_with_a_missing_value_answers_and_ends_on_the_ask(engines):
    reply = ask(engines, REQUESTS["timer-ask-and-owner"].text)
    assert reply.text.endswith("How long should the timer be?")
    (act,) = reply.turn["acts"]
    assert act["kind"] == "set_timer" and act["values"]["label"] == ""  # not the question
    assert reply.review and reply.review["kind"] == "personal"  # the question was researched
    assert len(reply.text) > len("How long should the timer be?") + 10


@pytest.mark.parametrize("request_id", ["wholesale-mugs", "gateway-decision", "shopping"])
def test_the_spoken_reply_holds_no_metadata_and_at_most_three_sentences(engines, request_id):
    reply = ask(engines, REQUESTS[request_id].text)
    assert spoken_form(reply.text) == [], reply.text
    assert len(sentences(reply.text)) <= 3, reply.text
    assert "source:" not in reply.text and "written" not in reply.text


class SeededFirstDraft:
    """The real model, except that its first final answer is a seeded unsupported one."""

    def __init__(self, llm, draft: str) -> None:
        self.llm, self.draft, self.seeded = llm, draft, False

    def count_tokens(self, messages, task=""):
        return self.llm.count_tokens(messages, task)

    def complete(self, messages, **kwargs):
        if not self.seeded and kwargs.get("grammar"):  # the spoken answer's call
            self.seeded = True
            return Completion(
                text=self.draft,
                prompt_tokens=100,
                completion_tokens=30,
                finish_reason="stop",
                seconds=0.0,
            )
        return self.llm.complete(messages, **kwargs)


def test_a_seeded_unsupported_answer_is_rewritten_or_replaced(engines):
    answerer = engines.research_core().answerer
    real = answerer.llm
    invented = "Your passport number is 12345. (note 1)"
    answerer.llm = SeededFirstDraft(real, invented)
    try:  # an open request: the model writes it (one value would be code's, no draft)
        reply = ask(engines, "Tell me about my passport.")
    finally:
        answerer.llm = real
    assert "12345" not in reply.text, reply.text
    first, *rest = reply.review["drafts"]
    assert first["failed"], reply.review  # the seeded draft failed review
    assert reply.review["reply"] in ("model, reviewed, rewritten",) or reply.review[
        "reply"
    ].startswith("code"), reply.review
    assert len(rest) <= 1  # rewritten once at most


def test_answer_set_memories_keep_their_metadata_out_of_the_text(engines):
    store = engines.memories
    mugs = next(m for m in store.recent(100) if m.title == "Oatmeal mugs")
    assert mugs.fields["source"] == "notebook" and mugs.project == "pottery"
    assert "source:" not in mugs.text and "|" not in mugs.text
    assert Path(mugs.path or "").name == "pottery.md"


# --- when the words go wrong (issue 21) ----------------------------------------------


@pytest.mark.parametrize(
    "request_id", ["misheard-blaze-firings", "misheard-felix-sun", "misheard-elect-trician"]
)
def test_a_misheard_question_is_read_as_the_memories_words_and_answered_from_notes(
    engines, request_id
):
    request = REQUESTS[request_id]
    reply = ask(engines, request.text)
    assert reply.review["kind"] == "personal", reply.review  # never general knowledge
    assert reply.review["route"]["read_as"] != request.text, reply.review["route"]
    result = score(request, outcome_of(reply, 0.0), corpus_words())
    assert not result.invented and not result.general_for_personal, (reply.text, result)


def test_a_question_about_the_user_s_pet_without_my_is_personal_and_declined(engines):
    reply = ask(engines, "How much does biscuit weigh?")  # whisper's lower case, no "my"
    assert reply.review["kind"] == "personal" and reply.review["route"]["names"] == ["biscuit"]
    assert DECLINE.search(reply.text) and not any(c.isdigit() for c in reply.text), reply.text


def test_the_neighbour_s_value_is_never_said_for_the_one_asked(engines):
    request = REQUESTS["main-wifi-password"]
    reply = ask(engines, request.text)
    result = score(request, outcome_of(reply, 0.0), corpus_words())
    assert result.declined and not result.invented, (reply.text, result.problems)


def test_remember_and_tell_me_stores_only_what_to_remember_and_answers(engines):
    request = REQUESTS["remember-window-and-electrician"]
    reply = ask(engines, request.text)
    assert reply.turn["understanding"] == "rule"  # read by code, no understanding call
    result = score(request, outcome_of(reply, 0.0), corpus_words())
    assert result.mixed_right, (reply.text, result.problems)
    remembered = [r["body"] for r in reply.turn["document"]["done"] if r["act"] == "remember"]
    assert remembered == ["the window cleaner comes on Friday"]


def test_a_general_question_is_answered_by_the_general_model_and_says_so_first(engines):
    request = REQUESTS["closest-planet-sun"]
    reply = ask(engines, request.text)
    assert reply.review["kind"] == "general", reply.review
    assert [c.task for c in reply.model_calls] == ["answer_general"]
    result = score(request, outcome_of(reply, 0.0), corpus_words())
    assert result.fact_right and result.disclaimer, (reply.text, result.problems)
