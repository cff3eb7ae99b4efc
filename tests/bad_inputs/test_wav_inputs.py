"""Malformed WAVs: ``read_wav``, the batch harness (fakes) and the batch command."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np
import pytest
import soundfile

from tests.bad_inputs.corpus import (
    BAD,
    DENIED,
    GENERATED_WAVS,
    IS_ROOT,
    MAX_INPUT_S,
    OK,
    ROOT,
    ROOT_REASON,
    WAVS,
    deny_reading,
    finishes,
    two_hour_wav,
)
from tests.fakes import fake_assembly, tone
from voice_assistant.assembly import Assembly
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.cli.batch import expand_inputs, run_batch
from voice_assistant.cli.entry import EXIT_ERROR, EXIT_FAILED, main
from voice_assistant.config import Settings
from voice_assistant.errors import AudioInputError
from voice_assistant.stt.fake import FakeSTT


def expect_wav_error(path: Path, code: str, words: str, max_seconds: float | None) -> None:
    with pytest.raises(AudioInputError) as caught:
        finishes(lambda: read_wav(path, max_seconds=max_seconds))
    assert (caught.value.code, caught.value.stage) == (code, "input")
    assert caught.value.message.startswith(f"{path.name}: ")
    assert words in caught.value.message


@pytest.mark.parametrize("name", sorted(WAVS))
def test_read_wav_on_the_committed_corpus(name):
    code, words = WAVS[name]
    path = BAD / "wav" / name
    if code == OK:
        samples, seconds = read_wav(path, max_seconds=MAX_INPUT_S)
        assert samples.dtype == np.float32 and samples.ndim == 1 and len(samples)
        assert np.isfinite(samples).all()
        assert abs(len(samples) / 16_000 - seconds) < 0.01
    else:
        expect_wav_error(path, code, words, MAX_INPUT_S)


@pytest.mark.parametrize("name", sorted(GENERATED_WAVS))
def test_read_wav_on_generated_inputs(tmp_path, name):
    code, words, make = GENERATED_WAVS[name]
    expect_wav_error(make(tmp_path / name), code, words, MAX_INPUT_S)


def test_a_two_hour_wav_is_refused_from_its_header_without_decoding(tmp_path):
    path = two_hour_wav(tmp_path / "two-hours.wav")
    assert path.stat().st_size > 230_000_000
    tracemalloc.start()
    started = time.monotonic()
    try:
        with pytest.raises(AudioInputError, match="longer than the 600 s limit"):
            read_wav(path, max_seconds=600)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.monotonic() - started < 2
    assert peak < 5_000_000  # decoding 2 h would take 460 MB of float32
    samples, seconds = read_wav(two_hour_wav(tmp_path / "short.wav", hours=3 / 3600), 600)
    assert seconds == 3.0 and len(samples) == 48_000  # the same writer, under the limit


def test_a_wav_that_cannot_be_opened(tmp_path, monkeypatch):
    path = BAD / "wav" / "pcm8.wav"
    deny_reading(monkeypatch, path.name)
    expect_wav_error(path, *DENIED, None)


@pytest.mark.skipif(IS_ROOT, reason=ROOT_REASON)
def test_a_wav_without_read_permission(tmp_path):
    path = tmp_path / "locked.wav"
    shutil.copy(BAD / "wav" / "pcm8.wav", path)
    path.chmod(0)
    expect_wav_error(path, *DENIED, None)


def bad_wav_folder(tmp_path: Path) -> Path:
    """The committed WAVs plus the generated ones and a good file, in one folder."""
    folder = tmp_path / "wavs"
    shutil.copytree(BAD / "wav", folder)
    for name, (_code, _words, make) in GENERATED_WAVS.items():
        if name != "missing.wav":  # a folder cannot list what is not there
            make(folder / name)
    speech = np.concatenate([np.zeros(4800, np.float32), tone(1.0), np.zeros(19200, np.float32)])
    soundfile.write(folder / "zz-good.wav", speech, 16_000, subtype="PCM_16")
    return folder


def expected_rows(folder: Path) -> dict[str, str]:
    table = {name: code for name, (code, _w) in WAVS.items()}
    table.update({name: code for name, (code, _w, _m) in GENERATED_WAVS.items()})
    return {p.name: table.get(p.name, OK) for p in expand_inputs([folder])}


def test_the_batch_harness_gives_each_bad_file_its_row_and_runs_the_rest(tmp_path):
    folder = bad_wav_folder(tmp_path)
    files = expand_inputs([folder, tmp_path / "missing.wav"])
    out = tmp_path / "out"
    rows = finishes(lambda: run_batch(files, fake_assembly(stt=FakeSTT("hello")), out, "answer"))
    report = [json.loads(line) for line in (out / "report.jsonl").read_text().splitlines()]
    assert report == rows and len(rows) == len(files)
    got = {Path(r["file"]).name: r for r in rows}
    for name, code in {**expected_rows(folder), "missing.wav": "unreadable"}.items():
        row = got[name]
        if code == OK:
            assert row["error"] is None, name
        else:
            assert (row["stop_reason"], row["error"]["code"]) == ("error", code), name
            assert row["error"]["message"].startswith(f"{name}: "), name
    assert got["two-hours.wav"]["error"]["message"].endswith("(endpoint.max_input_s)")
    good = got["zz-good.wav"]
    assert (good["stop_reason"], good["transcript"]) == ("general", "hello")


def test_the_batch_command_reports_every_bad_file_and_exits_1(tmp_path, monkeypatch, capsys):
    def fakes(settings: Settings) -> Assembly:  # the batch command's engines: nothing loaded
        return fake_assembly(settings, stt=FakeSTT("hello"))

    monkeypatch.setattr("voice_assistant.assembly.assemble", fakes)
    folder = bad_wav_folder(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text("[endpoint]\nmax_input_s = 1.5\n")  # the 2.5 s good file is too long now
    argv = ["--config", str(config), "batch", str(folder), "--out", str(tmp_path / "out")]
    assert finishes(lambda: main([*argv, "--until", "answer"])) == EXIT_FAILED
    out = capsys.readouterr().out
    for name, code in expected_rows(folder).items():
        if code == OK and name != "zz-good.wav":
            assert f"] {name} (" in out, name
        else:
            code = "too-long" if name == "zz-good.wav" else code
            assert f"] {name}: ERROR {code}: {name}: " in out, name
    assert "longer than the 1.5 s limit (endpoint.max_input_s)" in out


def test_the_batch_cli_with_an_unknown_model_exits_2_before_loading_anything(tmp_path):
    """One real subprocess run: the model check fails first, so no model is needed."""
    config = BAD / "config" / "unknown-model.toml"
    cmd = [sys.executable, "-m", "voice_assistant", "--config", str(config), "batch"]
    cmd += [str(BAD / "wav"), "--out", str(tmp_path / "out"), "--until", "stt"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == EXIT_ERROR
    assert "models.stt: 'whisper-huge-v9' is neither a model name" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.integration
def test_the_batch_cli_over_the_bad_corpus_with_real_models(tmp_path):
    folder = bad_wav_folder(tmp_path)
    cmd = [sys.executable, "-m", "voice_assistant", "batch", str(folder)]
    cmd += ["--out", str(tmp_path / "out"), "--until", "stt"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == EXIT_FAILED, done.stderr
    assert "Traceback" not in done.stderr
    rows = [json.loads(x) for x in (tmp_path / "out" / "report.jsonl").read_text().splitlines()]
    got = {Path(r["file"]).name: r for r in rows}
    for name, code in expected_rows(folder).items():
        assert (got[name]["error"] or {}).get("code", OK) == code, name
