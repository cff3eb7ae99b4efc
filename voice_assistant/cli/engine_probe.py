"""One real call to one engine, run in a child process by ``voice-assistant doctor``.

``python -m voice_assistant.cli.engine_probe KIND [--installed] [--config FILE]`` loads the
engine and makes one real call: llama.cpp decodes a prompt of a few dozen tokens and writes
a few, whisper transcribes the probe clip, piper speaks a sentence, the wake word listens
to the clip, MiniLM embeds a sentence. It prints ``info: …`` lines as it goes (flushed, so
the parent still has them when native code crashes the process) and a last line
``ok: …`` or ``failed: …``. ``--installed`` checks the local engines this install built
whatever backend the config chooses (what set-up proves).
"""

from __future__ import annotations

import argparse
import sys
import time
from importlib import resources
from pathlib import Path

import numpy as np

from voice_assistant import backends
from voice_assistant.config import Settings, load_settings
from voice_assistant.engines import Engines
from voice_assistant.errors import AssistantError

KINDS = ("llm", "stt", "tts", "wake", "embed", "turn-end", "parser")
LOCAL = {"llm": "llama.cpp", "stt": "faster-whisper", "tts": "piper", "wake": "openwakeword"}
PROMPT = (
    "You check that a language model runs. Repeat the user's last sentence word for word.",
    "The assistant was just installed on this computer. Its speech, memory search and "
    "voice are ready, and the last part to check is you. All systems are ready now.",
)
WRITE = 6
"""Tokens to write: the prompt is evaluated as one batch, then tokens one at a time (an
AMX build crashed on the batch), so both ways of decoding run."""
SPOKEN = "Your assistant is ready."


def say(line: str) -> None:
    print(line, flush=True)


def probe_clip() -> np.ndarray:
    """ "Hey Jarvis. What is the capital of Australia?" at 16 kHz, float32."""
    from voice_assistant.audio.wavfile import read_wav

    clip = resources.files("voice_assistant").joinpath("data/probe.wav")
    with resources.as_file(clip) as path:
        samples, _ = read_wav(Path(path))
    return samples


def probe_llm(engines: Engines, installed: bool) -> str:
    from voice_assistant.llm.base import Message

    backend = "llama.cpp" if installed else engines.backend("llm")
    if backend == "llama.cpp":
        import llama_cpp

        from voice_assistant.llm import llama_build

        info = llama_cpp.llama_print_system_info().decode(errors="replace").strip()
        build = llama_build.installed_build()
        say(f"info: llama.cpp build {build.tag if build else 'unrecorded'}; system info: {info}")
    llm = backends.LLM[backend](engines) if installed else engines.llm()
    messages = [Message("system", PROMPT[0]), Message("user", PROMPT[1])]
    started = time.monotonic()
    done = llm.complete(messages, task="doctor", max_tokens=WRITE, deadline_s=300)
    seconds = time.monotonic() - started
    if done.completion_tokens < 2:
        raise AssistantError(
            "probe-failed",
            f"the model wrote {done.completion_tokens} token(s) of {WRITE} ({done.finish_reason})",
        )
    return (
        f"{engines.settings.models.llm}: {done.prompt_tokens}-token prompt, "
        f"{done.completion_tokens} tokens written in {seconds:.2f} s ({done.text.strip()!r})"
    )


def probe_stt(engines: Engines, installed: bool) -> str:
    stt = backends.STT["faster-whisper"](engines) if installed else engines.stt()
    started = time.monotonic()
    heard = stt.transcribe(probe_clip()).text.strip()
    if not heard:
        raise AssistantError("probe-failed", "heard nothing in the probe clip")
    return f'heard "{heard}" in {time.monotonic() - started:.2f} s'


def probe_tts(engines: Engines, installed: bool) -> str:
    tts = backends.TTS["piper"](engines) if installed else engines.tts()
    started = time.monotonic()
    audio = np.concatenate(list(tts.synthesize(SPOKEN)))
    if not audio.size or np.abs(audio).max() < 1000:
        raise AssistantError("probe-failed", f"spoke silence for {SPOKEN!r}")
    return (
        f"{audio.size / tts.sample_rate:.1f} s of speech for {SPOKEN!r} "
        f"in {time.monotonic() - started:.2f} s"
    )


def probe_wake(engines: Engines, installed: bool) -> str:
    from voice_assistant.wake.base import FRAME

    wake = backends.WAKE["openwakeword"](engines) if installed else engines.wake()
    pcm = (np.clip(probe_clip(), -1, 1) * 32767).astype(np.int16)
    best = max(wake.score(pcm[i : i + FRAME]) for i in range(0, len(pcm) - FRAME + 1, FRAME))
    threshold = engines.settings.wake.threshold
    if best < threshold:
        raise AssistantError(
            "probe-failed", f"did not hear the wake word in the probe clip (score {best:.3f})"
        )
    return f"heard {', '.join(wake.names)} in the probe clip (score {best:.3f})"


def probe_embed(engines: Engines, _installed: bool) -> str:
    vectors = engines.embedder().embed(["When is my dentist appointment?"])
    if not np.isfinite(vectors).all() or not np.abs(vectors).sum():
        raise AssistantError("probe-failed", "the sentence embedding is empty")
    return f"{vectors.shape[1]} numbers for a sentence"


def probe_turn_end(engines: Engines, _installed: bool) -> str:
    started = time.monotonic()
    finished = engines.turn_end().finished(probe_clip())
    if not 0.0 <= finished <= 1.0:
        raise AssistantError("probe-failed", f"the end-of-turn model said {finished!r}")
    return (
        f"the probe clip is a finished turn with probability {finished:.2f} "
        f"in {time.monotonic() - started:.2f} s"
    )


def probe_parser(engines: Engines, _installed: bool) -> str:
    """A real parse of a question, read as the answer path reads it, and WordNet's word."""
    from voice_assistant.language.question import read_question
    from voice_assistant.language.wordnet import wordnet

    started = time.monotonic()
    question = read_question(engines.parser(), "When is Zuzana's birthday?")
    if (
        question.kinds != ("date", "time")
        or question.owner != {"zuzana"}
        or question.head != "birthday"
    ):
        raise AssistantError(
            "probe-failed",
            f"the parser read the probe question as asking {question.kinds} about "
            f"{question.head!r} of {sorted(question.owner or [])}",
        )
    if "color" not in wordnet().synonyms("colour"):
        raise AssistantError("probe-failed", "WordNet gives no synonyms (install wordnet-base)")
    return (
        f"read a question (a date, of Zuzana's birthday) in {time.monotonic() - started:.2f} s "
        "with spaCy and WordNet"
    )


PROBES = {
    "llm": probe_llm,
    "stt": probe_stt,
    "tts": probe_tts,
    "wake": probe_wake,
    "embed": probe_embed,
    "turn-end": probe_turn_end,
    "parser": probe_parser,
}


def backend_of(settings: Settings, kind: str, installed: bool) -> str:
    """The engine a probe of ``kind`` checks (the embedder and the end-of-turn model have
    no backend key)."""
    if kind == "embed":
        return "minilm"
    if kind == "turn-end":
        return "smart-turn"
    if kind == "parser":
        return "spacy"
    return LOCAL[kind] if installed else str(getattr(settings, kind).backend)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m voice_assistant.cli.engine_probe")
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("--installed", action="store_true")
    parser.add_argument("--config", type=Path)
    args = parser.parse_args(argv)
    try:
        settings, _ = load_settings(args.config)
        say(f"ok: {PROBES[args.kind](Engines(settings), args.installed)}")
    except AssistantError as exc:
        say(f"failed: {exc.message}")
        return 1
    except Exception as exc:  # an engine's own error: report it, the parent decides
        say(f"failed: {type(exc).__name__}: {exc}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
