"""The WAV batch harness: every file through the live pipeline, one report row each.

A bad file (not a WAV, empty, truncated, unreadable, NaN samples, longer than
``endpoint.max_input_s``) gets its error in its own row and the others still run.
``NAME.txt`` beside ``NAME.wav`` is its reference transcript.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from voice_assistant.assembly import Assembly
from voice_assistant.audio.wavfile import read_wav, write_wav
from voice_assistant.errors import AssistantError
from voice_assistant.events import StageError
from voice_assistant.pipeline.stages import Stage, TurnResult, turn_record
from voice_assistant.rooms.service import TurnService
from voice_assistant.turn.session import Session
from voice_assistant.wer import word_error_rate

Row = dict[str, Any]


def expand_inputs(inputs: Iterable[Path]) -> list[Path]:
    """Folders give their ``*.wav`` files (sorted); files are taken as given."""
    files: list[Path] = []
    for item in inputs:
        if item.is_dir():
            files.extend(sorted(p for p in item.iterdir() if p.suffix.lower() == ".wav"))
        else:
            files.append(item)
    return files


def reference_for(wav: Path) -> str | None:
    ref = wav.with_suffix(".txt")
    try:
        return ref.read_text(encoding="utf-8").strip() if ref.is_file() else None
    except (OSError, UnicodeDecodeError):
        return None


def make_row(wav: Path, result: TurnResult, audio_s: float, out_dir: Path) -> Row:
    """The report row: the file, its reference and word error rate, the reply's WAV, and
    the turn's record (``pipeline.turn_record``)."""
    reply_wav = None
    if result.speech is not None and len(result.speech.samples):
        reply_wav = out_dir / f"{wav.stem}.reply.wav"
        write_wav(reply_wav, result.speech.samples, result.speech.sample_rate)
    reference = reference_for(wav)
    transcript = result.transcript.text if result.transcript else None
    wer = None
    if reference is not None and result.error is None:
        wer = word_error_rate([reference], [transcript or ""])
    record = turn_record(result)
    return {
        "file": str(wav),
        "audio_s": round(audio_s, 3),
        "reference": reference,
        "wer": wer,
        "reply_wav": str(reply_wav) if reply_wav else None,
        **record,
    }


def run_file(wav: Path, service: TurnService, until: Stage, out_dir: Path) -> Row:
    """One file as a turn of its own (a session that sees no other file)."""
    started = time.monotonic()
    try:
        samples, audio_s = read_wav(wav, max_seconds=service.settings.endpoint.max_input_s)
    except AssistantError as exc:
        message = exc.message
        if exc.code == "too-long":
            message += " (endpoint.max_input_s)"
        result = TurnResult(stop_reason="error")
        result.error = StageError(exc.stage, exc.code, message)
        result.timings["total"] = time.monotonic() - started
        return make_row(wav, result, 0.0, out_dir)
    decode_s = time.monotonic() - started
    result = service.submit(samples, Session.independent(), until).result()
    result.timings = {"decode": decode_s, **result.timings}
    result.timings["total"] += decode_s
    return make_row(wav, result, audio_s, out_dir)


def run_batch(
    files: list[Path],
    assembly: Assembly,
    out_dir: Path,
    until: Stage = "tts",
    on_row: Callable[[int, Row], None] | None = None,
) -> list[Row]:
    """Every file through the turn service, in order; a row each in ``report.jsonl``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    rows: list[Row] = []
    service = TurnService(assembly, name="batch").start()
    try:
        with (out_dir / "report.jsonl").open("w", encoding="utf-8") as report:
            for index, wav in enumerate(files):
                row = run_file(wav, service, until, out_dir)
                report.write(json.dumps(row) + "\n")
                report.flush()
                rows.append(row)
                if on_row:
                    on_row(index, row)
    finally:
        service.close()
    return rows


def _clip(text: str | None, width: int) -> str:
    text = (text or "").replace("\n", " ")
    return text if len(text) <= width else text[: width - 1] + "…"


def summary(rows: list[Row]) -> str:
    """The table printed at the end of a batch run."""
    lines = [f"{'file':<28} {'stop':<16} {'WER':>5} {'total s':>8}  transcript -> reply"]
    for row in rows:
        wer = f"{row['wer']:.2f}" if row["wer"] is not None else "-"
        what = (
            row["error"]["message"]
            if row["error"]
            else (f"{_clip(row['transcript'], 40)} -> {_clip(row['reply'], 60)}")
        )
        name = _clip(Path(row["file"]).name, 28)
        lines.append(
            f"{name:<28} {row['stop_reason']:<16} {wer:>5} {row['timings']['total']:>8.2f}  {what}"
        )
    refs = [(r["reference"], r["transcript"] or "") for r in rows if r["wer"] is not None]
    failed = sum(1 for r in rows if r["error"])
    lines.append(f"{len(rows)} file(s), {failed} failed")
    if refs:
        corpus = word_error_rate([a for a, _ in refs], [b for _, b in refs])
        lines.append(f"word error rate over {len(refs)} file(s) with references: {corpus:.3f}")
    return "\n".join(lines)
