"""Placeholder research stage: a plain LLM prompt, no memories yet.

It keeps the contract the research core will keep: bounded by the task profile's output
allowance and deadline, and a cut-short answer is trimmed to whole sentences, never a
failed reply.
"""

from __future__ import annotations

from voice_assistant.config import TaskProfile
from voice_assistant.events import Reply
from voice_assistant.llm.base import Completion, LanguageModel, Message
from voice_assistant.research.base import Mode
from voice_assistant.research.spoken import speakable, whole_sentences

SYSTEM = {
    "spoken": (
        "You are a private voice assistant running on the user's own computer. "
        "Answer in two or three short, plain sentences that sound natural when spoken. "
        "No lists, no markdown, no links. You cannot see the user's notes or files yet; "
        "if the question is about them, say so briefly."
    ),
    "written": (
        "You are a private assistant running on the user's own computer. Open with a "
        "direct answer, then give the key points briefly. Stay under about 250 words. "
        "You cannot see the user's notes or files yet; if the question is about them, "
        "say so briefly."
    ),
}
CUT_SHORT_SPOKEN = "Sorry, I couldn't finish answering that."


def stop_reason(completion: Completion) -> str:
    return {"stop": "answered", "length": "output-limit"}.get(
        completion.finish_reason, completion.finish_reason
    )


def finish_text(completion: Completion, mode: Mode) -> str:
    """The reply to give: whole sentences only when the model was stopped early."""
    text = completion.text
    if completion.finish_reason != "stop":
        text = whole_sentences(text)
    if mode == "spoken":
        text = speakable(text)
    return text or CUT_SHORT_SPOKEN


class PlainAnswer:
    def __init__(self, llm: LanguageModel, profiles: dict[str, TaskProfile]) -> None:
        self.llm = llm
        self.profiles = profiles

    def warm(self, mode: Mode) -> None:
        """Evaluate the fixed system prompt once, so the first turn reuses its KV cache."""
        messages = [Message("system", SYSTEM[mode]), Message("user", "Hello.")]
        self.llm.complete(messages, max_tokens=1, deadline_s=60)

    def answer(self, question: str, mode: Mode) -> Reply:
        profile = self.profiles[mode]
        messages = [Message("system", SYSTEM[mode]), Message("user", question)]
        completion = self.llm.complete(
            messages, max_tokens=profile.max_tokens, deadline_s=profile.deadline_s
        )
        call = completion.as_call(f"answer_{mode}")
        return Reply(
            text=finish_text(completion, mode),
            stop_reason=stop_reason(completion),
            mode=mode,
            model_calls=(call,),
        )
