"""A whole turn (docs/decisions/0003): understand → act → outcome document → reply tasks → review.

It answers the same ``Researcher`` interface as the research core, so the pipeline, the
batch harness and ``ask`` run it unchanged. Code writes the document and the ask; the
acknowledgement is written from the document alone and reviewed; each question gets its
own answer task (the research core); a reply that fails review twice gives way to code's.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, replace
from typing import Any

from voice_assistant.config import TaskProfile
from voice_assistant.errors import AssistantError, Dropped
from voice_assistant.events import ModelCall, Reply
from voice_assistant.llm.base import LanguageModel, Message, TaskCalls
from voice_assistant.memory.conversation import Conversations
from voice_assistant.research.base import Mode, Researcher
from voice_assistant.research.dialogue import TYPED, Dialogue, ThisTurn
from voice_assistant.research.spoken import speakable
from voice_assistant.turn import understand
from voice_assistant.turn.actions import Actions
from voice_assistant.turn.acts import fill_missing
from voice_assistant.turn.alarm_acts import ALARM_ACTS, fill_alarm
from voice_assistant.turn.doubted_values import ask_for_doubted, doubted_at
from voice_assistant.turn.outcome import (
    Dispute,
    NotDone,
    OutcomeDocument,
    Receipt,
    choose_ask,
    code_reply,
)
from voice_assistant.turn.review import applicable_checks, findings, review_prompt, review_schema
from voice_assistant.turn.session import Session
from voice_assistant.turn.understand import Understanding
from voice_assistant.turn.where_from import (
    Support,
    asks_where_from,
    support_of,
    where_from_reply,
)

ACKNOWLEDGE = (
    "You tell the user what their request did, using only the material given. Write one or "
    "two short, plain sentences. If the material has an Ask line, end with that question, "
    "word for word. Never say something was done unless a Done line says so."
)
REVIEW = "You check a reply against its material. Answer only with the JSON asked for."


def outcome(
    understood: Understanding,
    question: str,
    session: Session,
    receipts: list[Receipt],
    not_done: list[NotDone],
    obligations: list[str],
) -> OutcomeDocument:
    """What the turn's acts did, what they did not, what the user disputes and what to ask."""
    changes = [r for r in session.last_receipts if r.id]  # read-only results are not changes
    disputed = [Dispute(changes[-1], question)] if understood.disputes and changes else []
    return OutcomeDocument(
        done=tuple(receipts),
        not_done=tuple(n for n in not_done if n.act.ready),  # a waiting act is the ask
        disputed=tuple(disputed),
        ask=choose_ask(disputed, list(understood.acts), obligations),
    )


def may_hold_acts(utterance: str) -> bool:
    """Cheap gate: only utterances with an act's words are read for acts (alarms and
    reminders by code alone; the understanding call only for acts the model knows)."""
    return understand.act_talk(utterance) or understand.alarm_talk(utterance)


class TurnRunner:
    def __init__(
        self,
        llm: LanguageModel,
        research: Researcher[Dialogue],
        actions: Actions,
        profiles: dict[str, TaskProfile],
        review: bool = True,
        acknowledge_by: str = "model",
        conversations: Conversations | None = None,
    ) -> None:
        self.acknowledge_by = acknowledge_by
        self.conversations = conversations
        """The stored conversations: where the last answer came from when this process
        has not answered in the session yet (a new ``ask``, a restarted daemon)."""
        self.llm = llm
        self.research = research
        self.actions = actions
        self.profiles = profiles
        self.review = review

    @property
    def tasks(self) -> TaskCalls:
        """Task calls on the model and profiles held now (a test may swap ``llm``)."""
        return TaskCalls(self.llm, self.profiles)

    def prefixes(self, mode: Mode) -> list[tuple[str, list[Message]]]:
        """Understanding's long few-shot prefix first: where it shares a cache with the
        answers, theirs is the one kept."""
        understanding = [Message("system", understand.SYSTEM), Message("user", "hello")]
        return [("understand", understanding), *self.research.prefixes(mode)]

    def understand(
        self, utterance: str, session: Session, calls: list[ModelCall], doubted: int = -1
    ) -> understand.Understanding:
        """``doubted``: where the word whisper may have heard wrong is (``doubted_values``)."""
        waiting, session.waiting = session.waiting, None
        fill = fill_alarm if waiting and waiting.kind in ALARM_ACTS else fill_missing
        filled = fill(waiting, utterance) if waiting else None
        if filled is not None:  # the answer to the ask: "Ten minutes."
            return understand.Understanding((filled,), (), source=understand.ANSWER_TO_THE_ASK)
        if not may_hold_acts(utterance):
            return replace(understand.as_one_question(utterance), source="gate")
        quick = understand.quick_acts(utterance)
        if quick is not None:
            return ask_for_doubted(quick, utterance, doubted)
        if not understand.act_talk(utterance):  # alarm words only: the model knows no alarms
            return understand.unread_alarm(utterance)
        messages = [Message("system", understand.SYSTEM), Message("user", utterance)]
        output = self.tasks.text("understand", messages, calls, understand.schema())
        understood = understand.cover(understand.interpret(output or "", utterance), utterance)
        return understand.no_model_alarms(understood, utterance)

    def acknowledge(
        self, document: OutcomeDocument, calls: list[ModelCall], trace: dict[str, Any]
    ) -> str | None:
        """The model's acknowledgement, written from the document and reviewed; None when
        code's own reply (receipts, answers, the ask) must stand in."""
        fallback = None
        if not any(r.id for r in document.done):
            # claim guard: without a committed change of this turn the model writes nothing;
            # read-only results (the time, the timers) are stated by code
            trace["acknowledgement"] = "code (no committed change)"
            return fallback
        if self.acknowledge_by == "code":
            trace["acknowledgement"] = "code (configured)"
            return fallback
        material = "\n".join(document.material())
        messages = [Message("system", ACKNOWLEDGE), Message("user", f"Material:\n{material}")]
        draft = self.tasks.text("acknowledge", messages, calls)
        verdicts: list[Any] = []
        for attempt in range(2):
            if draft is None:
                break
            if not self.review:
                trace["acknowledgement"] = "model, review off"
                return draft
            failed = self._review(document, draft, calls)
            verdicts.append({"draft": draft, "failed": failed})
            if failed == []:
                trace.update(acknowledgement="model, reviewed", reviews=verdicts)
                return draft
            if attempt == 0:
                fix = f"Your reply failed these checks: {', '.join(failed or ['unreadable'])}."
                draft = self.tasks.text(
                    "acknowledge",
                    [*messages, Message("assistant", draft), Message("user", fix + " Rewrite.")],
                    calls,
                )
        trace.update(acknowledgement="code (review failed twice)", reviews=verdicts)
        return fallback

    def _review(self, document: OutcomeDocument, draft: str, calls: list[ModelCall]) -> list[str]:
        checks = applicable_checks(document, draft)
        messages = [
            Message("system", REVIEW),
            Message("user", review_prompt(document, draft, checks)),
        ]
        output = self.tasks.text("review", messages, calls, review_schema(checks))
        failed = findings(output or "", checks)
        return failed if failed is not None else ["unreadable verdict"]

    def last_support(self, session: Session) -> Support | None:
        """Where the session's last answer came from: kept by the session, else read from
        its stored conversation (the room's open one, unless it starts its own)."""
        if session.last_support is not None or self.conversations is None:
            return session.last_support
        if session.conversation is None and not session.continues_latest:
            return None
        stored = self.conversations.last_review(session.room, session.conversation)
        return support_of(stored) if stored is not None else None

    def _foreseen(
        self,
        understood: Understanding,
        question: str,
        mode: Mode,
        session: Session,
        obligations: list[str],
    ) -> str:
        """The reply code would write if the acts ran now (``Actions.preview``: nothing
        kept), made before the turn may act so that its speech can be made meanwhile; only
        what the acts then really do is said. Empty when the model would word it, or a
        question is asked too, or the acts are not all whole commands (``CLOSED_ACTS``:
        timers and the time; remembering would embed a note only to roll it back)."""
        if not understand.whole_commands(understood) or self.acknowledge_by != "code":
            return ""
        foreseen = self.actions.preview(list(understood.acts), session.room)
        if foreseen is None:
            return ""
        document = outcome(understood, question, session, *foreseen, obligations)
        text = code_reply(document, [])
        return speakable(text) if mode == "spoken" else text

    def answer(
        self, question: str, mode: Mode, session: Session | None = None, turn: ThisTurn = TYPED
    ) -> Reply:
        session = session or Session.independent()
        if asks_where_from(question):  # "How do you know?": code, from the last answer
            today = dt.datetime.fromtimestamp(self.actions.now()).date()
            text = where_from_reply(self.last_support(session), today)
            return Reply(text, "answered", mode, turn={"understanding": "where from"})
        calls: list[ModelCall] = []
        doubted = doubted_at(turn.least_sure_at, turn.heard[1])
        understood = self.understand(question, session, calls, doubted)
        obligations = []
        if understand.is_unsure_command(understood, question):
            understood = replace(understood, questions=())
            obligations.append(understand.UNSURE_COMMAND_ASK)
        if understood.acts:  # lasting: never done on a turn not yet confirmed
            whole = understand.whole_commands(understood)
            foreseen = self._foreseen(understood, question, mode, session, obligations)
            turn.go_ahead(whole, ready=whole, reply=foreseen)
        receipts, not_done = self.actions.run(list(understood.acts), session.room)
        document = outcome(understood, question, session, receipts, not_done, obligations)
        session.last_receipts = tuple(receipts)
        session.waiting = next((a for a in understood.acts if a.missing), None)
        trace: dict[str, Any] = {
            "understanding": understood.source
            + (
                " (unsure command)"
                if obligations
                else " (one question)"
                if understood.fallback
                else ""
            ),
            "acts": [asdict(a) for a in understood.acts],
            "document": asdict(document),
        }
        acknowledgement = self.acknowledge(document, calls, trace)
        answers: list[str] = []
        reviews: list[dict[str, Any]] = []
        first = None
        for asked in understood.questions:
            try:
                reply = self.research.answer(asked, mode, session, turn)
            except Dropped:
                raise
            except AssistantError:
                answers.append(f"I couldn't answer: {asked}")
                continue
            first = first or reply
            session.last_support = support_of(reply.review)
            calls.extend(reply.model_calls)
            answers.append(reply.text)
            reviews.append({"question": asked, **(reply.review or {})})  # per question asked
        if acknowledgement is None:
            text = code_reply(document, answers)
        else:
            parts = [acknowledgement, *answers]
            if document.ask and not parts[-1].rstrip().endswith("?"):
                parts.append(document.ask)  # a turn that needs something ends on that question
            text = "\n\n".join(p for p in parts if p)
        if mode == "spoken":
            text = speakable(text)
        trace["spoken_ask"] = document.ask
        base = first or Reply(text="", stop_reason="acted" if receipts else "asked", mode=mode)
        review = reviews[0] if len(reviews) == 1 else {"answers": reviews} if reviews else None
        return replace(base, text=text, model_calls=tuple(calls), turn=trace, review=review)
