"""What the daemon keeps loaded holds no more memory than it uses: openWakeWord without its
training code (and still hearing the wake word), and the engines run often without
onnxruntime's memory arena."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytestmark = pytest.mark.integration

PROBE = """
import sys, wave
import numpy as np
from voice_assistant.config import load_settings
from voice_assistant.engines import Engines
from voice_assistant.wake.openwakeword import OpenWakeWord

settings, _ = load_settings(None, environ={"XDG_CONFIG_HOME": "/nonexistent"})
model = OpenWakeWord(Engines(settings).model("models.wake"), settings.wake.models)
with wave.open("demo/wake/hey_jarvis.wav") as wav:
    rate, audio = wav.getframerate(), np.frombuffer(wav.readframes(wav.getnframes()), np.int16)
audio = np.interp(np.arange(0, len(audio), rate / 16000), np.arange(len(audio)), audio)
frames = audio.astype(np.int16)[: len(audio) // 1280 * 1280].reshape(-1, 1280)
print(max(model.score(frame) for frame in frames))
print(" ".join(m for m in ("sklearn", "scipy") if m in sys.modules) or "-")
import openwakeword.custom_verifier_model as training
print(training.__file__)
"""


def test_the_wake_word_is_heard_without_importing_scikit_learn_or_scipy():
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=Path(__file__).parents[2],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    best, imported, training = done.stdout.split()
    assert float(best) > 0.5  # "Hey Jarvis" heard
    assert imported == "-"  # openWakeWord's training imports were not made
    assert training.endswith("custom_verifier_model.py")  # the real one, when asked for


def test_the_engines_run_often_keep_no_onnxruntime_arena(real_assembly):
    engines = real_assembly.engines
    sessions = {
        "piper": engines.tts().voice.session,
        "smart turn": engines.turn_end().session,
        "minilm": engines.embedder().session,
    }
    kept = [name for name, s in sessions.items() if s.get_session_options().enable_cpu_mem_arena]
    assert kept == []
    assert list(engines.tts().synthesize("Timer set: 2 hours."))  # and piper still speaks


def test_minilm_s_word_table_stays_int8_with_the_same_embeddings(real_assembly):
    """The graph ``models install`` derives (``model_derive``): the same vectors to the last
    bit, and the f32 copy of the word table (47 MB) is never made."""
    import onnxruntime
    import psutil

    from voice_assistant import heap
    from voice_assistant.onnx_options import without_arena

    embedder = real_assembly.engines.embedder()
    folder = real_assembly.engines.model("models.embed")
    texts = ["When is the dentist?", "The spare key is with the neighbour at number 4."]
    rss = psutil.Process().memory_info

    def held(name):
        heap.give_back()
        before = rss().rss
        session = onnxruntime.InferenceSession(
            str(folder / name), without_arena(2), providers=["CPUExecutionProvider"]
        )
        heap.give_back()
        return session, rss().rss - before

    packaged, packaged_bytes = held("model.onnx")
    saved = embedder.session
    try:
        embedder.session = packaged
        expected = embedder.embed(texts)
    finally:
        embedder.session = saved
    del packaged
    _, rows_bytes = held("model.rows.onnx")
    assert embedder.model_file.name == "model.rows.onnx"
    assert np.array_equal(embedder.embed(texts), expected)
    assert packaged_bytes - rows_bytes > 20 * 2**20  # measured: 33 MiB
