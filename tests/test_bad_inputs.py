"""Every malformed input through every entry point.

The corpus is ``tests/data/bad/`` (its README.md says what each file is and how it ends);
the inputs too big or too system-specific to commit are made here, in tmp. Each ends in an
error that names the file (or key) and the problem, nothing crashes, and nothing already
stored is lost. A file added to ``tests/data/bad/<kind>/`` needs a row in the table for
its kind: ``test_every_corpus_file_has_an_expectation`` fails until it has one.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import soundfile

from voice_assistant import control
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.batch import expand_inputs, run_batch
from voice_assistant.cli import EXIT_ERROR, EXIT_FAILED, main
from voice_assistant.config import Settings, load_settings
from voice_assistant.control import MAX_REQUEST, ControlError, ControlServer, request
from voice_assistant.engines import Engines
from voice_assistant.errors import AssistantError, AudioInputError, ConfigError
from voice_assistant.memory.importer import import_paths
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.modelstore import resolve
from voice_assistant.stt.fake import FakeSTT

from .fakes import fake_engines, fake_pipeline, tone

BAD = Path(__file__).resolve().parent / "data" / "bad"
ROOT = BAD.parent.parent.parent
IS_ROOT = os.geteuid() == 0
ROOT_REASON = "root reads any file whatever its mode; the monkeypatched case stands in"

# ---------------------------------------------------------------------------------------
# Making the inputs that are not committed


def two_hour_wav(path: Path, hours: float = 2.0, rate: int = 16_000) -> Path:
    """A real 16 kHz int16 WAV of ``hours``: a 1 s tone, then silence.

    The silence is a sparse hole (``truncate``), so the 230 MB file costs no disk writes.
    """
    data_bytes = int(hours * 3600 * rate) * 2
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate * 2, 2, 16)
    header = b"RIFF" + struct.pack("<I", 36 + data_bytes) + b"WAVE"
    header += b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", data_bytes)
    with path.open("wb") as fh:
        fh.write(header)
        fh.write((tone(1.0, rate) * 32767).astype("<i2").tobytes())
        fh.truncate(len(header) + data_bytes)
    return path


def self_loop(path: Path) -> Path:
    path.symlink_to(path.name)
    return path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def deny_reading(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Opening any path called ``name`` fails as a mode-000 file does for a non-root user."""
    real_open = Path.open

    def guarded(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self.name == name:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", guarded)


def finishes(work: Callable[[], Any], seconds: float = 20) -> Any:
    """Run ``work`` in a thread and fail (rather than hang) if it blocks."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = work()
        except BaseException as exc:  # handed back to the test below
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still blocked after {seconds} s"
    if "error" in box:
        raise box["error"]
    return box["value"]


# ---------------------------------------------------------------------------------------
# WAVs: read_wav, the batch harness (fakes), the batch CLI

OK = "ok"
WAVS: dict[str, tuple[str, str]] = {
    # committed: name -> (error code, words the message holds), or (OK, "")
    "empty.wav": ("empty-file", "the file is empty (0 bytes)"),
    "text.wav": ("not-a-wav", "not a WAV file (no RIFF/WAVE header; it looks like a text file)"),
    "mp3.wav": ("not-a-wav", "it looks like an MP3"),
    "riff-avi.wav": ("not-a-wav", "it looks like a RIFF AVI file"),
    "truncated-header.wav": ("truncated", "truncated WAV, the file ends before"),
    "truncated-data.wav": ("truncated", "header promises 32000 bytes of audio but only"),
    "zero-frames.wav": ("empty-audio", "the WAV holds no audio frames"),
    "unknown-codec.wav": ("unsupported-format", "format tag 0x1234 is not PCM or float"),
    "nan.wav": ("bad-samples", "NaN or infinite samples (the first at 0.000 s)"),
    "nan-some.wav": ("bad-samples", "NaN or infinite samples (the first at 0.062 s)"),
    "pcm8.wav": (OK, ""),
    "float32.wav": (OK, ""),
    "stereo-96k.wav": (OK, ""),
}
GENERATED_WAVS: dict[str, tuple[str, str, Callable[[Path], Path]]] = {
    # made in tmp: name -> (code, words, maker)
    "two-hours.wav": (
        "too-long",
        "2:00:00 of audio (7200 s) is longer than the 600 s limit",
        two_hour_wav,
    ),
    "missing.wav": ("unreadable", "cannot read the file: No such file or directory", lambda p: p),
    "folder.wav": ("not-a-file", "not a WAV file but a folder", lambda p: p.mkdir() or p),
    "fifo.wav": ("not-a-file", "not a WAV file but a FIFO", fifo),
    "loop.wav": ("unreadable", "Too many levels of symbolic links", self_loop),
}
DENIED = ("unreadable", "cannot read the file: Permission denied")
MAX_INPUT_S = Settings().endpoint.max_input_s


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
    rows = finishes(lambda: run_batch(files, fake_pipeline(stt=FakeSTT("hello")), out, "answer"))
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
    def fakes(settings: Settings) -> Engines:  # the batch command's engines: nothing loaded
        return fake_engines(settings, stt=FakeSTT("hello"))

    monkeypatch.setattr("voice_assistant.engines.Engines", fakes)
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


# ---------------------------------------------------------------------------------------
# Config files: load_settings, `config show`, and the model check at use

CONFIGS: dict[str, tuple[str, str]] = {
    # name -> (ConfigError code, words the message holds); "use" = loads, fails at use
    "unknown-key.toml": ("invalid", "llm.n_ctxx: unknown key"),
    "unknown-section.toml": ("invalid", "colours: unknown key"),
    "wrong-type.toml": ("invalid", "llm.n_ctx: Input should be a valid integer"),
    "out-of-range.toml": ("invalid", "endpoint.threshold: Input should be less than 1"),
    "section-not-table.toml": ("invalid", "llm: Input should be a valid dictionary"),
    "models-dir-missing.toml": (
        "invalid",
        "paths.models_dir: /nonexistent/voice-assistant-models is not a directory",
    ),
    "data-dir-is-a-file.toml": ("invalid", "paths.data_dir: /dev/null exists and is not a dir"),
    "unknown-model.toml": ("use", "models.stt: 'whisper-huge-v9' is neither a model name"),
    "invalid.toml": ("bad-toml", "is not valid TOML: Expected ']'"),
    "binary.toml": ("bad-toml", "is not valid TOML: it is not UTF-8 text (byte 0x89 at offset 0"),
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_load_settings_on_the_config_corpus(name):
    code, words = CONFIGS[name]
    path = BAD / "config" / name
    if code == "use":
        settings, _ = load_settings(path, environ={})
        with pytest.raises(ConfigError) as caught:
            resolve(settings, "models.stt")
        assert caught.value.code == "bad-path" and words in caught.value.message
        return
    with pytest.raises(ConfigError) as caught:
        load_settings(path, environ={})
    assert caught.value.code == code
    assert str(path) in caught.value.message and words in caught.value.message


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_config_show_on_the_config_corpus(name, capsys):
    code, words = CONFIGS[name]
    path = BAD / "config" / name
    status = main(["--config", str(path), "config", "show"])
    out, err = capsys.readouterr()
    if code == "use":  # a model name is checked by the command that needs the model
        assert status == 0 and "whisper-huge-v9" in out
        return
    assert status == EXIT_ERROR
    assert err.startswith("error: ") and str(path) in err and words in err


@pytest.mark.parametrize(
    ("make", "code", "words"),
    [
        (lambda tmp: tmp, "unreadable", "cannot be read: [Errno 21] Is a directory"),
        (lambda tmp: tmp / "nope.toml", "missing", "does not exist"),
    ],
    ids=["a-folder", "missing"],
)
def test_config_paths_that_are_not_files(tmp_path, capsys, make, code, words):
    path = make(tmp_path)
    with pytest.raises(ConfigError) as caught:
        load_settings(path, environ={})
    assert caught.value.code == code and words in caught.value.message
    assert main(["--config", str(path), "config", "show"]) == EXIT_ERROR
    assert str(path) in capsys.readouterr().err


def test_a_config_that_cannot_be_opened(tmp_path, monkeypatch, capsys):
    path = tmp_path / "config.toml"
    path.write_text("[llm]\nn_ctx = 2048\n")
    deny_reading(monkeypatch, path.name)
    with pytest.raises(ConfigError, match=r"cannot be read: .*Permission denied") as caught:
        load_settings(path, environ={})
    assert caught.value.code == "unreadable" and str(path) in caught.value.message
    assert main(["--config", str(path), "config", "show"]) == EXIT_ERROR
    assert "Permission denied" in capsys.readouterr().err


@pytest.mark.skipif(IS_ROOT, reason=ROOT_REASON)
def test_a_config_without_read_permission(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[llm]\nn_ctx = 2048\n")
    path.chmod(0)
    with pytest.raises(ConfigError, match="Permission denied"):
        load_settings(path, environ={})


# ---------------------------------------------------------------------------------------
# Memory imports: import_paths and `memory import`; nothing stored is lost

SKIP, IMPORTED = "skipped", "imported"
MEMORIES: dict[str, tuple[str, str]] = {
    # committed: name -> (skipped, the reason) or (imported, the memory's title or "")
    "binary.png": (SKIP, "binary file"),
    "latin1.txt": (SKIP, "not UTF-8 text (byte 0xe9 at offset 3); save it as UTF-8"),
    "utf16.txt": (SKIP, "UTF-16 text; save it as UTF-8 to import it"),
    "bom.md": (IMPORTED, "Shopping"),
    "empty.md": (IMPORTED, ""),
}


def huge_text(path: Path) -> Path:
    line = b"A line of plain text, repeated until the file is 50 MB.\n"
    with path.open("wb") as fh:
        for _ in range(50 * 2**20 // (len(line) * 1000) + 1):
            fh.write(line * 1000)
    return path


GENERATED_MEMORIES: dict[str, tuple[str, Callable[[Path], Path]]] = {
    # made inside the notes folder: name -> (the reason it is skipped, maker)
    "huge.txt": ("too large (52,", huge_text),
    "loop.md": ("symlink loop (the link leads back to itself)", self_loop),
    "again": ("a symlink to a folder, not followed", lambda p: p.symlink_to(".") or p),
    "broken.md": (
        "broken symlink (its target gone.md is missing)",
        lambda p: p.symlink_to("gone.md") or p,
    ),
    "fifo.md": ("not a regular file (a FIFO)", fifo),
}
GOOD = "# Dentist\nThe dentist is on Thursday at 9:30.\n"


def snapshot(store: MemoryStore) -> list[tuple[Any, ...]]:
    rows = store.db.execute(
        "SELECT id, title, text, path, section, content_hash, updated FROM memories ORDER BY id"
    )
    return [tuple(row) for row in rows]


@pytest.fixture
def store(tmp_path):
    store = MemoryStore(connect(tmp_path / "m.sqlite3"), device="test")
    store.add("Locker code is in the blue book.", title="Locker")  # stored before any import
    return store


def notes_with(tmp_path: Path, name: str) -> Path:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "good.md").write_text(GOOD)
    if name in GENERATED_MEMORIES:
        GENERATED_MEMORIES[name][1](notes / name)
    else:
        shutil.copy(BAD / "memory" / name, notes / name)
    return notes


@pytest.mark.parametrize("name", sorted(MEMORIES) + sorted(GENERATED_MEMORIES))
def test_import_of_a_folder_holding_a_bad_file(tmp_path, store, name):
    what, detail = MEMORIES.get(name) or (SKIP, GENERATED_MEMORIES[name][0])
    notes = notes_with(tmp_path, name)
    before = snapshot(store)
    report = finishes(lambda: import_paths(store, [notes]))
    after = snapshot(store)
    assert after[: len(before)] == before  # what was stored is untouched
    titles = [row[1] for row in after[len(before) :]]
    if what == SKIP:
        assert len(report.skipped) == 1
        path, reason = report.skipped[0]
        assert path == str(notes / name) and reason.startswith(detail)
        assert titles == ["Dentist"]  # the good file beside it still imports
    else:
        assert report.skipped == []
        assert sorted(titles) == sorted(["Dentist", *([detail] if detail else [])])


@pytest.mark.parametrize(
    "name", [*sorted(n for n, (what, _) in MEMORIES.items() if what == SKIP), "huge.txt"]
)
def test_a_file_that_goes_bad_keeps_the_memories_imported_from_it(tmp_path, store, name):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / name).write_text("# Wifi\nThe guest network is Garden.\n")
    assert import_paths(store, [notes]).added == 1
    before = snapshot(store)
    (notes / name).unlink()
    if name in GENERATED_MEMORIES:
        GENERATED_MEMORIES[name][1](notes / name)
    else:
        shutil.copy(BAD / "memory" / name, notes / name)
    report = import_paths(store, [notes])
    assert len(report.skipped) == 1 and report.removed == 0
    assert snapshot(store) == before


@pytest.mark.parametrize("name", ["loop.md", "broken.md", "fifo.md"])
def test_a_file_replaced_by_a_bad_link_or_fifo_keeps_its_memories(tmp_path, store, name):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / name).write_text("# Wifi\nThe guest network is Garden.\n")
    import_paths(store, [notes])
    before = snapshot(store)
    (notes / name).unlink()
    GENERATED_MEMORIES[name][1](notes / name)
    report = finishes(lambda: import_paths(store, [notes]))
    assert report.skipped[0][1] == GENERATED_MEMORIES[name][0]
    assert snapshot(store) == before


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (self_loop, "symlink loop (the link leads back to itself)"),
        (fifo, "not a regular file (a FIFO)"),
        (lambda p: Path("/dev/zero"), "not a regular file (a device)"),
        (lambda p: p, "does not exist"),
    ],
    ids=["self-loop", "fifo", "dev-zero", "missing"],
)
def test_import_of_a_bad_path_given_directly(tmp_path, store, make, reason):
    path = make(tmp_path / "direct.md")
    before = snapshot(store)
    report = finishes(lambda: import_paths(store, [path]))
    assert report.skipped == [(str(path), reason)] and report.files == 0
    assert snapshot(store) == before


def test_a_folder_symlinked_into_itself_is_imported_once(tmp_path, store):
    notes = notes_with(tmp_path, "again")
    (notes / "sub").mkdir()
    (notes / "sub" / "back").symlink_to("..")
    report = finishes(lambda: import_paths(store, [notes]))
    assert report.added == 1 and report.files == 1
    assert {reason for _, reason in report.skipped} == {"a symlink to a folder, not followed"}
    again = finishes(lambda: import_paths(store, [notes / "again"]))  # given as the root
    assert (again.added, again.unchanged) == (0, 1)


def test_a_file_that_cannot_be_opened_is_skipped(tmp_path, store, monkeypatch):
    notes = notes_with(tmp_path, "bom.md")
    (notes / "locked.md").write_text("# Secret\nhidden\n")
    deny_reading(monkeypatch, "locked.md")
    report = import_paths(store, [notes])
    assert report.skipped == [(str(notes / "locked.md"), "unreadable: Permission denied")]
    assert report.added == 2


@pytest.mark.skipif(IS_ROOT, reason=ROOT_REASON)
def test_a_file_without_read_permission_is_skipped(tmp_path, store):
    notes = notes_with(tmp_path, "bom.md")
    (notes / "locked.md").write_text("# Secret\nhidden\n")
    (notes / "locked.md").chmod(0)
    report = import_paths(store, [notes])
    assert report.skipped == [(str(notes / "locked.md"), "unreadable: Permission denied")]


def test_the_memory_import_command_lists_every_skipped_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("VOICE_ASSISTANT__PATHS__DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("VOICE_ASSISTANT__RESEARCH__SEMANTIC_SEARCH", "false")
    notes = tmp_path / "notes"
    shutil.copytree(BAD / "memory", notes)
    (notes / "good.md").write_text(GOOD)
    for name, (_reason, make) in GENERATED_MEMORIES.items():
        make(notes / name)
    assert main(["memory", "add", "Locker code is in the blue book."]) == 0
    assert finishes(lambda: main(["memory", "import", str(notes)])) == 0
    out = capsys.readouterr().out
    skipped = {n: r for n, (what, r) in MEMORIES.items() if what == SKIP}
    skipped.update({n: r for n, (r, _make) in GENERATED_MEMORIES.items()})
    for name, reason in skipped.items():
        assert f"  skipped {notes / name}: {reason}" in out, name
    assert f"{len(skipped)} skipped; 3 memories in all" in out  # locker, good.md, bom.md


def test_the_memory_import_command_refuses_a_looping_path_given_directly(
    tmp_path, monkeypatch, capsys
):
    """The command checks its arguments first: a path that does not lead to a file."""
    monkeypatch.setenv("VOICE_ASSISTANT__PATHS__DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("VOICE_ASSISTANT__RESEARCH__SEMANTIC_SEARCH", "false")
    loop = self_loop(tmp_path / "loop.md")
    assert main(["memory", "import", str(loop)]) == EXIT_ERROR
    assert f"error: nothing to import at: {loop}" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------
# The control socket: the real server on a tmp socket, a fake handler


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, ...]] = []

    def status(self) -> dict[str, Any]:
        return {"state": "idle"}

    def ptt(self, action: str) -> dict[str, Any]:
        self.calls.append(("ptt", action))
        return {}

    def say(self, text: str) -> dict[str, Any]:
        self.calls.append(("say", text))
        return {}

    def stop(self) -> dict[str, Any]:
        self.calls.append(("stop",))
        return {}


@pytest.fixture
def server(tmp_path, monkeypatch):
    """The real server; ``errors`` collects what would be a traceback on its stderr."""
    errors: list[BaseException | None] = []
    monkeypatch.setattr(
        ControlServer, "handle_error", lambda self, req, addr: errors.append(sys.exc_info()[1])
    )
    handler = Recorder()
    srv = ControlServer(tmp_path / "run" / "voice-assistant.sock", handler).start()
    yield srv, handler, errors
    srv.close()


def exchange(path: Path, data: bytes, half_close: bool, expected: list[Any]) -> list[Any]:
    """Send raw bytes; read as many reply lines as expected, then whether it was closed."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(5)
        conn.connect(str(path))
        conn.sendall(data)
        if half_close:
            conn.shutdown(socket.SHUT_WR)
        reader = conn.makefile("rb")
        got: list[Any] = [json.loads(reader.readline()) for x in expected if x != "closed"]
        if "closed" in expected:
            got.append("closed" if reader.readline() == b"" else "still open")
        return got


def refused(error: str) -> dict[str, Any]:
    return {"ok": False, "error": error}


NOT_JSON = refused("not a JSON request")
TOO_LARGE = refused("request too large")
NOT_OBJECT = refused("a request is a JSON object")
TOO_DEEP = refused("request nested too deeply")
STATUS = {"ok": True, "state": "idle"}
SOCKET_MESSAGES: dict[str, tuple[bytes, bool, list[Any]]] = {
    # name -> (bytes sent, half-close after, what comes back: replies, then "closed"?)
    "garbage": (b"\xff\xfe\x00garbage\x80\n", False, [NOT_JSON]),
    "nul-bytes": (b"\x00\x00\x00\n", False, [NOT_JSON]),
    "oversized": (b"x" * (MAX_REQUEST + 10) + b"\n", False, [TOO_LARGE, "closed"]),
    "oversized-no-newline": (b"{" * (MAX_REQUEST + 10), False, [TOO_LARGE, "closed"]),
    "half-closed-partial": (b'{"cmd": "sta', True, [NOT_JSON, "closed"]),
    "half-closed-whole": (b'{"cmd": "status"}', True, [STATUS, "closed"]),
    "half-closed-nothing": (b"", True, ["closed"]),
    "empty-line": (b"\n", False, [refused("empty request")]),
    "blank-line": (b"  \t\r\n", False, [refused("empty request")]),
    "json-array": (b'["status"]\n', False, [NOT_OBJECT]),
    "json-string": (b'"status"\n', False, [NOT_OBJECT]),
    "deeply-nested": (b"[" * 60_000 + b"\n", False, [TOO_DEEP]),
    "deeply-nested-object": (b'{"cmd": ' + b'{"a": ' * 10_000 + b"\n", False, [TOO_DEEP]),
    "cmd-not-a-string": (b'{"cmd": 5}\n', False, [refused("unknown command 5")]),
    "say-not-a-string": (
        b'{"cmd": "say", "text": ["hi"]}\n',
        False,
        [refused("say needs a non-empty text")],
    ),
    "ptt-null": (
        b'{"cmd": "ptt", "action": null}\n',
        False,
        [refused("ptt action must be one of start, stop, toggle")],
    ),
    "two-bad-then-good": (b'nope\n[]\n{"cmd": "status"}\n', False, [NOT_JSON, NOT_OBJECT, STATUS]),
}


@pytest.mark.parametrize("name", sorted(SOCKET_MESSAGES))
def test_bad_socket_messages_are_refused_and_the_server_serves_on(server, name):
    srv, handler, errors = server
    data, half_close, expected = SOCKET_MESSAGES[name]
    assert exchange(srv.path, data, half_close, expected) == expected
    assert request({"cmd": "status"}, srv.path) == STATUS
    assert handler.calls == [] and errors == []


def test_a_client_that_leaves_before_its_reply_is_dropped_quietly(server):
    srv, _handler, errors = server
    for _ in range(20):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.connect(str(srv.path))
            conn.sendall(b'{"cmd": "status"}\n' * 50)
    time.sleep(0.2)
    assert request({"cmd": "status"}, srv.path)["ok"]
    assert errors == []


def test_a_silent_client_is_dropped_after_the_idle_timeout(server, monkeypatch):
    srv, _handler, errors = server
    monkeypatch.setattr(control._Connection, "timeout", 0.3)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as idle:
        idle.connect(str(srv.path))
        idle.sendall(b'{"cmd": "sta')  # a partial line, and then nothing
        idle.settimeout(5)
        assert idle.recv(100) == b""  # the server closed it
    assert request({"cmd": "status"}, srv.path)["ok"] and errors == []


def test_the_client_explains_a_daemon_that_answers_nothing_or_garbage(tmp_path):
    path = tmp_path / "fake.sock"
    replies = iter([b"", b"\xff garbage\n", b"[1, 2]\n"])
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
        listener.bind(str(path))
        listener.listen()

        def serve() -> None:
            for reply in replies:
                conn, _ = listener.accept()
                with conn:
                    conn.recv(1024)
                    conn.sendall(reply)

        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        for words in [
            "closed the connection unanswered",
            "replied with no JSON$",
            "no JSON object",
        ]:
            with pytest.raises(ControlError, match=words) as caught:
                request({"cmd": "status"}, path, timeout=5)
            assert caught.value.code == "bad-reply"
        thread.join(5)


# ---------------------------------------------------------------------------------------
# The corpus itself


TABLES = {"wav": WAVS, "config": CONFIGS, "memory": MEMORIES}


def test_every_corpus_file_has_an_expectation_and_is_listed_in_the_readme():
    readme = (BAD / "README.md").read_text()
    for kind, table in TABLES.items():
        names = {p.name for p in (BAD / kind).iterdir()}
        assert names == set(table), f"tests/data/bad/{kind}: files and the table differ"
        for name in names:
            assert (BAD / kind / name).stat().st_size < 50_000, name
            assert f"`{kind}/{name}`" in readme, f"README.md does not list {kind}/{name}"
    for name in [*GENERATED_WAVS, *GENERATED_MEMORIES]:
        assert f"`{name}`" in readme, f"README.md does not list the generated {name}"


def test_errors_are_assistant_errors_with_a_stage_and_code():
    for error in (
        AudioInputError("not-a-wav", "m"),
        ConfigError("invalid", "m"),
        ControlError("not-running", "m"),
    ):
        assert isinstance(error, AssistantError) and error.stage and error.code
