"""A model file damaged while the daemon runs ("corrupt model mid-life").

At start a damaged model is refused with the command that repairs it
(tests/unit/engines/test_modelstore.py).
Here the file changes after it was loaded: the watch notices by ``stat``, re-verifies the
sha256, and says what it means. Real files from the installed models are copied into a
models folder of the test's own; the last test loads a real GGUF with llama.cpp and shows
that rewriting the file in place reaches the running model, which is why a damaged GGUF
stops turns while a damaged voice (loaded into memory) only warns.
"""

from __future__ import annotations

import logging
import os
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from tests.fakes import daemon_turn
from tests.unit.daemon.test_daemon_faults import daemon_with, utterance
from voice_assistant import model_watch, modelstore
from voice_assistant.assembly import assemble
from voice_assistant.config import Settings
from voice_assistant.daemon import Daemon, RingJob
from voice_assistant.engines import Engines
from voice_assistant.llm.base import Message
from voice_assistant.model_watch import Finding, ModelWatch, verdict
from voice_assistant.pipeline.progress import FAILED, tones
from voice_assistant.pipeline.speak import RecordingSink


def test_what_a_change_means():
    assert verdict(in_place=True, mapped=True, state="ok") == "fine"
    assert verdict(in_place=False, mapped=True, state="ok") == "fine"
    assert verdict(in_place=True, mapped=True, state="wrong-sha256: m.gguf") == "running-damaged"
    assert verdict(in_place=False, mapped=True, state="missing: m.gguf") == "disk-damaged"
    assert verdict(in_place=True, mapped=False, state="wrong-sha256: v.onnx") == "disk-damaged"
    assert verdict(in_place=True, mapped=True, state=None) == "unverifiable"


def copy_model(name: str, root: Path) -> modelstore.ModelSpec:
    spec = modelstore.load_manifest()[name]
    source = modelstore.models_dir(Settings()) / spec.path
    if not source.exists():
        pytest.fail(f"{name} is not installed: run `voice-assistant models install {name}`")
    target = root / spec.path
    if source.is_dir():
        shutil.copytree(source, target)
    else:
        shutil.copy2(source, target)
    return spec


def flip_a_byte(path: Path, at: int) -> None:
    with path.open("r+b") as f:  # in place: same inode, same size
        f.seek(at)
        byte = f.read(1)
        f.seek(at)
        f.write(bytes([byte[0] ^ 0xFF]))


@pytest.fixture
def voice(tmp_path):
    """Engines over a models folder holding a copy of the piper voice, loaded (verified)."""
    spec = copy_model("piper-joe", tmp_path)
    settings = Settings.model_validate({"paths": {"models_dir": str(tmp_path)}})
    engines = Engines(settings)
    path = engines.model("models.tts")
    onnx = path / "en_US-joe-medium.onnx"
    assert onnx.exists() and spec.name == "piper-joe"
    return engines, onnx


def test_an_unchanged_model_costs_no_check(voice, monkeypatch):
    engines, _ = voice
    monkeypatch.setattr(modelstore, "check_model", lambda *a, **k: pytest.fail("hashed"))
    assert engines.model_watch.check() == []


def test_a_touched_model_is_checked_once_and_found_fine(voice):
    engines, onnx = voice
    os.utime(onnx, ns=(0, 1_000_000_000))
    [finding] = engines.model_watch.check()
    assert finding.verdict == "fine" and "sha256 ok" in finding.message
    assert engines.model_watch.check() == []  # the new look is remembered


def test_a_voice_damaged_in_place_warns_that_the_next_start_will_fail(voice):
    engines, onnx = voice
    flip_a_byte(onnx, onnx.stat().st_size // 2)
    [finding] = engines.model_watch.check()
    assert finding.verdict == "disk-damaged"  # piper holds its weights in memory
    assert "wrong-sha256" in finding.message
    assert "run `voice-assistant models install piper-joe`" in finding.message


def test_a_mapped_model_damaged_in_place_is_the_running_model_damaged(voice, monkeypatch):
    engines, onnx = voice
    monkeypatch.setattr(model_watch, "MAPPED_KEYS", {"models.tts"})
    engines.model("models.tts")  # loaded again, now counted as read from disk
    flip_a_byte(onnx, 1000)
    [finding] = engines.model_watch.check()
    assert finding.verdict == "running-damaged"
    assert "turns are refused until it is repaired" in finding.message


def test_a_repair_by_a_new_file_is_fine_and_a_removal_is_not(voice):
    engines, onnx = voice
    good = onnx.with_name("good.onnx")
    shutil.copy2(onnx, good)
    good.replace(onnx)  # what `models install` does: a new file renamed over the old
    assert [f.verdict for f in engines.model_watch.check()] == ["fine"]
    onnx.unlink()
    [finding] = engines.model_watch.check()
    assert finding.verdict == "disk-damaged" and "missing" in finding.message


def test_a_model_given_as_a_path_cannot_be_verified(tmp_path):
    copy_model("piper-joe", tmp_path)
    folder = tmp_path / "piper-joe"
    settings = Settings.model_validate({"models": {"tts": str(folder)}})
    engines = Engines(settings)
    engines.model("models.tts")
    flip_a_byte(folder / "en_US-joe-medium.onnx", 1000)
    [finding] = engines.model_watch.check()
    assert finding.verdict == "unverifiable" and "no known hash" in finding.message


class ScriptedWatch(ModelWatch):
    """The daemon's side only: findings as scripted (the watch itself is tested above)."""

    def __init__(self, script: list[list[Finding]]) -> None:
        super().__init__(Settings())
        self.script = script
        self.calls = 0

    def check(self) -> list[Finding]:
        self.calls += 1
        return self.script.pop(0) if self.script else []


def damaged(verdict_: str) -> Finding:
    return Finding("models.llm", "qwen2.5-coder-0.5b", verdict_, f"the gguf is {verdict_}")  # type: ignore[arg-type]


def test_the_daemon_refuses_turns_on_a_damaged_running_model_and_reloads_after_a_repair(caplog):
    daemon, sink = daemon_with(Settings())
    watch = ScriptedWatch([[damaged("running-damaged")], [], [damaged("fine")]])
    daemon.worker.assembly.engines.model_watch = watch
    with caplog.at_level(logging.INFO):
        daemon_turn(daemon, utterance())
        assert daemon.commands.status()["last_turn"]["stop_reason"] == "model-damaged"
        assert (daemon.commands.status()["turns"], daemon.commands.status()["refused"]) == (0, 1)
        assert any(np.array_equal(chunk, tones(FAILED)) for chunk in sink.chunks)
        assert daemon.commands.status()["models"] == {"models.llm": "the gguf is running-damaged"}
        assert "turn refused: the gguf is running-damaged" in caplog.text

        daemon_turn(daemon, utterance())  # nothing new: still refused
        assert (
            daemon.commands.status()["refused"] == 2 and not daemon.runner.reload_requested.is_set()
        )

        daemon.runner.check_models()  # `models install` put a good file in place
        assert (
            daemon.runner.reload_requested.is_set() and daemon.commands.status()["models"] == "ok"
        )
        daemon_turn(daemon, utterance())
        assert (
            daemon.commands.status()["turns"] == 1
            and daemon.commands.status()["last_turn"]["error"] is None
        )


def test_a_damaged_file_the_daemon_does_not_read_only_warns(caplog):
    daemon, _ = daemon_with(Settings())
    daemon.worker.assembly.engines.model_watch = ScriptedWatch([[damaged("disk-damaged")]])
    daemon_turn(daemon, utterance())
    assert daemon.commands.status()["turns"] == 1 and daemon.commands.status()["refused"] == 0
    assert "the gguf is disk-damaged" in caplog.text
    assert daemon.commands.status()["models"] == {"models.llm": "the gguf is disk-damaged"}


class NoTimers:
    """Nothing is due: no timer, no alarm, no reminder."""

    book = property(lambda self: self)

    def due(self) -> list[object]:
        return []


def test_the_idle_daemon_checks_every_few_seconds(monkeypatch):
    daemon, _ = daemon_with(Settings())
    watch = ScriptedWatch([[damaged("disk-damaged")]])
    daemon.worker.assembly.engines.model_watch = watch
    assembly = replace(daemon.worker.assembly, actions=NoTimers())  # type: ignore[arg-type]
    for _ in range(5):  # the mic thread queues a ring check every second while idle
        daemon.runner.run_job(RingJob(), assembly)
    assert watch.calls == 1 and daemon.runner.models.problems  # then not again for MODEL_CHECK_S
    monkeypatch.setattr(daemon.runner.models, "next_check", 0.0)
    daemon.runner.run_job(RingJob(), assembly)
    assert watch.calls == 2


@pytest.mark.integration
def test_llama_cpp_reads_the_gguf_from_disk_so_an_in_place_change_reaches_it(tmp_path):
    spec = copy_model("smollm2-135m", tmp_path)
    settings = Settings.model_validate(
        {
            "paths": {"models_dir": str(tmp_path)},
            "models": {"llm": "smollm2-135m"},
            "endpoint": {"turn_end_pause_s": 0},  # no end-of-turn model in tmp_path
        }
    )
    assistant = assemble(settings)
    llm = assistant.engines.llm()
    daemon = Daemon(assistant, listen_mode="ptt", sink=RecordingSink())
    prompt = [Message("user", "Name three colours.")]
    before = llm.complete(prompt, task="answer_spoken", max_tokens=4, deadline_s=30).text
    assert (
        llm.complete(prompt, task="answer_spoken", max_tokens=4, deadline_s=30).text == before
    )  # greedy

    gguf = tmp_path / spec.path
    size = gguf.stat().st_size
    with gguf.open("r+b") as f:  # zero the second half, where the tensors are, in place
        f.seek(size // 2)
        f.write(bytes(size - size // 2))
    after = llm.complete(prompt, task="answer_spoken", max_tokens=4, deadline_s=30).text
    assert after != before  # the running model changed with the file

    daemon.runner.check_models()
    assert daemon.runner.models.damaged == {"models.llm"}
    assert "wrong-sha256" in daemon.commands.status()["models"]["models.llm"]
