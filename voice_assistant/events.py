"""The typed events that pass between pipeline stages.

Every stage takes one of these and returns the next, so a stage can be run, tested or
replaced alone: endpoint -> Utterance, stt -> Transcript, research -> Reply,
tts -> SpeechAudio. Events are frozen; audio arrays are not copied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

SAMPLE_RATE = 16_000
"""Everything before TTS runs on 16 kHz mono float32 audio in [-1, 1]."""

FloatAudio = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Utterance:
    """One endpointed stretch of speech, with the times the endpointer decided on."""

    samples: FloatAudio
    start_s: float
    end_s: float
    speech_s: float
    end_reason: str
    """``silence`` (the speaker stopped), ``turn-end`` (the end-of-turn model said the
    speaker was done at a pause), ``max-length`` or ``end-of-input``."""

    @property
    def seconds(self) -> float:
        return len(self.samples) / SAMPLE_RATE


@dataclass(frozen=True)
class Transcript:
    text: str
    language: str
    audio_s: float
    sureness: float = 0.0
    """How sure the recogniser was of these words: whisper's mean log probability per
    token (0.0 is certain, and stands for text that was typed or heard elsewhere)."""
    least_sure_log_prob: float = 0.0
    """The log probability of the word it was least sure of (the sum of its tokens':
    ``stt/word_doubt.py``; 0.0 when not scored)."""
    least_sure_at: int = -1
    """Where that word is among ``text.split()`` (-1 when not scored)."""


@dataclass(frozen=True, kw_only=True)
class CallFigures:
    """What one LLM call cost and how it ended: shared by a finished call
    (``llm.base.Completion``) and its record (``ModelCall``)."""

    prompt_tokens: int
    completion_tokens: int
    seconds: float
    finish_reason: str
    """``stop`` (the model finished), ``length`` (output allowance) or ``deadline``."""
    prompt_tokens_evaluated: int = 0
    """Prompt tokens actually computed: fewer than ``prompt_tokens`` on a KV prefix hit."""
    prompt_eval_s: float = 0.0
    generation_s: float = 0.0


@dataclass(frozen=True, kw_only=True)
class ModelCall(CallFigures):
    """One LLM call, as the report and the benchmarks count it."""

    task: str


ResearchStop = Literal[
    "general", "matched", "decisive", "answered", "calls", "budget", "full-context", "stagnation"
]
"""Why research stopped: a general question (no search), a one-value question code
answered or declined from the notes' structure (no model call), a first search that found
all it asks, the model answered, or a limit (its calls, the time budget, the context,
rounds that found nothing new)."""
StopReason = (
    ResearchStop
    | Literal["acted", "asked"]
    | Literal["error", "no-speech", "empty-transcript", "until-stt"]
    | Literal["model-damaged", "stopping", "dropped", "ignored", "stop-said"]
)
"""Why a turn stopped: research's reason; the turn's acts (done, or a value asked for);
the pipeline's (a stage failed, no speech, nothing heard, ``--until stt``); a turn
refused before it ran (a damaged model, the daemon stopping), dropped unseen (started
at a pause, and the user went on) or ignored (a word window heard other words); or
"Stop" said in the window open while something rings (the ring ends, nothing is said)."""


@dataclass(frozen=True)
class Reply:
    """What the research/answer stage decided to say, and why it stopped."""

    text: str
    stop_reason: StopReason
    mode: str
    model_calls: tuple[ModelCall, ...] = field(default=())
    notes: int = 0
    """Research notes found (the final answer saw those that fit its digest)."""
    final_outcome: str = ""
    """``answered``, ``cut-short``, ``no-answer`` or ``claimed-change`` (the answer claimed
    an action research cannot take; code's fallback stands in): how the final call ended."""
    final_prompt_tokens: int = 0
    turn_id: int | None = None
    turn: dict[str, Any] | None = None
    """Acts, the outcome document, the acknowledgement and review verdicts, when acts ran."""
    review: dict[str, Any] | None = None
    """The final answer's review: personal or general, each draft and what failed, and
    which reply was given (the model's reviewed facts, or code's)."""

    @property
    def follow_up(self) -> bool:
        """A reply that ends on a question opens the mic for an answer (no wake word)."""
        return self.text.rstrip().endswith("?")


@dataclass(frozen=True)
class SpeechAudio:
    """Synthesised reply audio: int16 samples at the voice's own rate."""

    samples: npt.NDArray[np.int16]
    sample_rate: int
    first_chunk_s: float
    """Seconds from the start of synthesis until the first sentence's audio was ready."""
    heard: str = ""
    """The sentences that were played (all of them unless a stop or barge-in cut in)."""
    cut: bool = False
    """A stop or barge-in ended the speech early."""

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.sample_rate


@dataclass(frozen=True)
class StageError:
    """A stage that failed, as an event: the batch row and the daemon log carry it."""

    stage: str
    code: str
    message: str
