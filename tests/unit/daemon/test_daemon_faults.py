"""Faults inside a live turn, with the daemon's own turn code and fake engines:
piper failing, an LLM call that runs past its deadline. The sound goes to a recording
sink; the audio devices themselves are covered by tests/live/test_daemon_live.py."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from tests.fakes import daemon_turn, fake_assembly, silence, tone
from voice_assistant.config import Settings
from voice_assistant.daemon import Daemon
from voice_assistant.errors import StageFailure
from voice_assistant.llm.base import Completion
from voice_assistant.pipeline.progress import FAILED, tones
from voice_assistant.pipeline.speak import RecordingSink
from voice_assistant.research.final import SPOKEN_UNFINISHED
from voice_assistant.stt.fake import FakeSTT
from voice_assistant.tts.fake import FakeTTS


class BrokenTTS(FakeTTS):
    def __init__(self) -> None:
        super().__init__()
        self.broken = True

    def synthesize(self, text: str) -> Iterator[npt.NDArray[np.int16]]:
        if self.broken:
            raise StageFailure("tts", "synthesis-failed", "piper could not speak: boom")
        yield from super().synthesize(text)


class SlowLLM:
    """Writes a token every 50 ms and honours the deadline the way llama.py does: the
    stopping criterion ends generation with finish_reason "deadline"."""

    def complete(
        self,
        messages: Any,
        *,
        task: str,
        max_tokens: int,
        deadline_s: float,
        json_schema: Any = None,
        grammar: Any = None,
    ) -> Completion:
        started = time.monotonic()
        words = 0
        while words < max_tokens:
            if time.monotonic() - started > deadline_s:
                return Completion(
                    text="still thinking",
                    prompt_tokens=10,
                    completion_tokens=words,
                    finish_reason="deadline",
                    seconds=deadline_s,
                )
            time.sleep(0.05)
            words += 1
        return Completion(
            text="done",
            prompt_tokens=10,
            completion_tokens=words,
            finish_reason="stop",
            seconds=time.monotonic() - started,
        )


def daemon_with(settings: Settings, **fakes: Any) -> tuple[Daemon, RecordingSink]:
    sink = RecordingSink()
    return Daemon(fake_assembly(settings, **fakes), listen_mode="ptt", sink=sink), sink


def utterance() -> np.ndarray:
    return np.concatenate([silence(0.3), tone(1.0), silence(1.5)])


def test_piper_failing_ends_the_turn_with_an_earcon_and_the_daemon_goes_on(caplog):
    tts = BrokenTTS()
    daemon, sink = daemon_with(Settings(), tts=tts)
    daemon_turn(daemon, utterance())
    assert daemon.commands.status()["last_turn"]["error"] == "piper could not speak: boom"
    assert daemon.commands.status()["last_turn"]["reply"]  # published, and kept in the stored turn
    assert any(np.array_equal(chunk, tones(FAILED)) for chunk in sink.chunks)
    assert "turn failed in tts (synthesis-failed)" in caplog.text
    tts.broken = False  # the next turn speaks again
    daemon_turn(daemon, utterance())
    assert (
        daemon.commands.status()["last_turn"]["error"] is None
        and daemon.commands.status()["turns"] == 2
    )


def test_an_llm_call_past_its_deadline_gives_the_spoken_fallback():
    settings = Settings.model_validate(
        {
            "tasks": {
                "research": {"deadline_s": 0.3},
                "answer_spoken": {"deadline_s": 0.3},
            },
            "research": {"budget_spoken_s": 1.0},
        }
    )
    daemon, sink = daemon_with(settings, llm=SlowLLM(), stt=FakeSTT("When is the dentist?"))
    started = time.monotonic()
    daemon_turn(daemon, utterance())
    assert time.monotonic() - started < 5
    reply = daemon.commands.status()["last_turn"]["reply"]
    assert daemon.commands.status()["last_turn"]["error"] is None
    # code's fallback (the strongest finding), never the model's cut-off words
    assert reply.startswith(SPOKEN_UNFINISHED) and "still thinking" not in reply
    assert (
        daemon.commands.status()["last_turn"]["heard"] == reply and sink.chunks
    )  # and it was spoken
