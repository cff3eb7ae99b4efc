"""faster-whisper (CTranslate2) backend; the model loads once and serves every turn.

Whisper pads every input to a 30 s window, so a 2 s question costs the encoder as much as
30 s of speech (about 1.1 s of our 2.4 s turn on 2 cores). A spoken turn is short: we
encode a window of the utterance plus a margin of silence (15 s at least) instead, which
measured the same word error rate in under half the time (BENCHMARKS.md). Short windows
can make whisper loop, or stop after a word, so a runaway or repeating result, or one
too short for its speech (``lost_words``), falls back to the full window.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

import numpy as np

from voice_assistant.errors import StageFailure
from voice_assistant.events import SAMPLE_RATE, FloatAudio, Transcript
from voice_assistant.stt.lost_words import lost_words
from voice_assistant.stt.word_doubt import least_sure_word, token_log_probs

FRAMES_PER_S = 100
FULL_WINDOW = 3000
"""Mel frames in whisper's own 30 s window."""
MAX_HOTWORD_TOKENS = 110
"""Whisper's prompt half (223 tokens) minus room: faster-whisper cuts hotwords likewise."""


def window_frames(frames: int, min_window_s: float, margin_s: float) -> int:
    """Encoder window for ``frames`` of speech: speech + margin, at least the minimum,
    rounded up to whole seconds, never past whisper's 30 s."""
    wanted = max(min_window_s * FRAMES_PER_S, frames + margin_s * FRAMES_PER_S)
    return min(FULL_WINDOW, math.ceil(wanted / FRAMES_PER_S) * FRAMES_PER_S)


def token_budget(seconds: float) -> int:
    """More tokens than anyone speaks in ``seconds`` (people say ~4 tokens a second)."""
    return int(24 + 8 * seconds)


def looks_runaway(text: str, tokens: int, budget: int) -> bool:
    """Whisper looping: it used its whole budget, or repeated a run of four words."""
    if tokens >= budget:
        return True
    words = re.findall(r"[\w']+", text.lower())
    grams = [tuple(words[i : i + 4]) for i in range(len(words) - 3)]
    return len(grams) != len(set(grams))


class WhisperSTT:
    def __init__(
        self,
        model_dir: Path,
        language: str = "en",
        beam_size: int = 1,
        threads: int = 2,
        min_window_s: float = 15.0,
        window_margin_s: float = 5.0,
        hotwords: Callable[[], str] | None = None,
    ) -> None:
        """``hotwords`` gives the words to bias decoding toward (the user's vocabulary,
        ``stt/vocabulary.py``), asked for at each utterance since the memories change."""
        from faster_whisper import WhisperModel
        from faster_whisper.tokenizer import Tokenizer
        from faster_whisper.transcribe import get_suppressed_tokens

        try:
            self.model = WhisperModel(
                str(model_dir), device="cpu", compute_type="int8", cpu_threads=threads
            )
        except (RuntimeError, ValueError, OSError) as exc:
            raise StageFailure(
                "stt", "model-load", f"cannot load whisper from {model_dir}: {exc}"
            ) from exc
        self.language = language or None
        self.beam_size = beam_size
        self.min_window_s = min_window_s
        self.window_margin_s = window_margin_s
        self.fallbacks = 0
        self.check_lost_words = True
        """A short window's transcript too short for its speech is decoded again in full."""
        multilingual = self.model.model.is_multilingual
        self.tokenizer = Tokenizer(
            self.model.hf_tokenizer, multilingual, task="transcribe", language=language or "en"
        )
        self.prompt = [*self.tokenizer.sot_sequence, self.tokenizer.no_timestamps]
        self.suppress = list(get_suppressed_tokens(self.tokenizer, [-1]))
        self.hotwords = hotwords

    def _prompt(self, hot: str) -> list[int]:
        """faster-whisper's own layout for hotwords: ``<|startofprev|>`` and the words
        before the start of the transcript."""
        if not hot:
            return self.prompt
        words = self.tokenizer.encode(" " + hot.strip())[:MAX_HOTWORD_TOKENS]
        return [self.tokenizer.sot_prev, *words, *self.prompt]

    def transcribe(self, samples: FloatAudio) -> Transcript:
        seconds = len(samples) / SAMPLE_RATE
        hot = self.hotwords() if self.hotwords is not None else ""
        short = self._short_window(samples, seconds, hot) if self.language else None
        least, at = 0.0, -1  # the full window's words are not scored apart
        if short is None:
            text, language, sureness = self._full_window(samples, hot)
        else:
            (text, sureness, least, at), language = short, self.language or "en"
        return Transcript(text, language, seconds, sureness, least, at)

    def _short_window(
        self, samples: FloatAudio, seconds: float, hot: str = ""
    ) -> tuple[str, float, float, int] | None:
        import ctranslate2

        features = self.model.feature_extractor(samples)
        frames = features.shape[-1]
        window = window_frames(frames, self.min_window_s, self.window_margin_s)
        if window >= FULL_WINDOW:
            return None
        padded = np.zeros((1, features.shape[0], window), dtype=np.float32)
        padded[0, :, : min(frames, window)] = features[:, :window]
        encoded = self.model.model.encode(ctranslate2.StorageView.from_array(padded))
        budget = token_budget(seconds)
        prompt = self._prompt(hot)
        greedy = self.beam_size == 1
        result = self.model.model.generate(
            encoded,
            [prompt],
            beam_size=self.beam_size,
            max_length=len(prompt) + budget,
            suppress_blank=True,
            suppress_tokens=self.suppress,
            return_scores=True,
            return_logits_vocab=greedy,  # a beam search gives none (CTranslate2)
        )
        ids = [t for t in result[0].sequences_ids[0] if t < self.tokenizer.eot]
        text = self.tokenizer.decode(ids).strip()
        lost = self.check_lost_words and lost_words(text, samples)
        if looks_runaway(text, len(ids), budget) or lost:
            self.fallbacks += 1
            return None
        if greedy:
            chosen = token_log_probs(result[0].logits[0], ids)
        else:
            chosen = self._forced_log_probs(encoded, prompt, ids, frames)
        pieces = [self.tokenizer.decode([t]) for t in ids]
        at, _word, least = least_sure_word(pieces, chosen)
        return text, float(result[0].scores[0]), least, at  # per token; the least sure word

    def _forced_log_probs(
        self, encoded: object, prompt: list[int], ids: list[int], frames: int
    ) -> list[float]:
        """Each token's log probability with the tokens before it given (a forced pass,
        about 20 ms): what greedy decoding reads from its own logits."""
        if not ids:
            return []
        aligned = self.model.model.align(encoded, prompt, [ids], frames)
        return [float(np.log(max(p, 1e-12))) for p in aligned[0].text_token_probs]

    def _full_window(self, samples: FloatAudio, hot: str = "") -> tuple[str, str, float]:
        # The endpointer already gated on VAD; whisper's own filter would only cost time.
        segments, info = self.model.transcribe(
            samples,
            language=self.language,
            beam_size=self.beam_size,
            vad_filter=False,
            condition_on_previous_text=False,
            without_timestamps=True,
            hotwords=hot or None,
        )
        heard = list(segments)
        text = " ".join(segment.text.strip() for segment in heard).strip()
        sureness = min((segment.avg_logprob for segment in heard), default=0.0)
        return text, info.language, sureness
