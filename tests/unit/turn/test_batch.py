"""The batch harness with fakes: rows, errors per file, WER, the summary, exit code."""

import json

import numpy as np
import soundfile

from tests.fakes import fake_assembly, silence, tone
from voice_assistant.cli.batch import expand_inputs, run_batch, summary
from voice_assistant.stt.fake import FakeSTT

FIELDS = {"file", "transcript", "reply", "stop_reason", "model_calls", "timings", "error"}


def make_folder(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    speech = np.concatenate([silence(0.3), tone(1.0), silence(1.2)])
    soundfile.write(folder / "a_question.wav", speech, 16000, subtype="PCM_16")
    (folder / "a_question.txt").write_text("What time is it?\n")
    soundfile.write(folder / "b_stereo44k.wav", np.stack([tone(1.0, 44100)] * 2, 1), 44100)
    soundfile.write(folder / "c_silent.wav", silence(2.0), 16000, subtype="PCM_16")
    (folder / "d_broken.wav").write_bytes((folder / "a_question.wav").read_bytes()[:3000])
    (folder / "e_text.wav").write_text("not audio")
    (folder / "f_empty.wav").write_bytes(b"")
    (folder / "notes.md").write_text("not a wav, ignored in a folder")
    return folder


def test_a_folder_runs_every_wav_and_reports_each(tmp_path):
    folder = make_folder(tmp_path)
    files = expand_inputs([folder])
    assert [f.name for f in files] == [
        "a_question.wav",
        "b_stereo44k.wav",
        "c_silent.wav",
        "d_broken.wav",
        "e_text.wav",
        "f_empty.wav",
    ]
    out = tmp_path / "out"
    rows = run_batch(files, fake_assembly(stt=FakeSTT("what time is it")), out)
    by_name = {r["file"].split("/")[-1]: r for r in rows}

    report = [json.loads(line) for line in (out / "report.jsonl").read_text().splitlines()]
    assert report == rows
    for row in rows:
        assert set(row) >= FIELDS
        assert "total" in row["timings"]

    good = by_name["a_question.wav"]
    assert good["error"] is None and good["stop_reason"] == "general"  # "what time is it"
    assert good["wer"] == 0.0
    assert good["model_calls"][0]["prompt_tokens"] > 0
    assert (out / "a_question.reply.wav").exists()
    assert soundfile.info(out / "a_question.reply.wav").samplerate == 22050
    assert by_name["b_stereo44k.wav"]["error"] is None

    silent = by_name["c_silent.wav"]
    assert (silent["stop_reason"], silent["reply"], silent["error"]) == ("no-speech", None, None)
    assert not (out / "c_silent.reply.wav").exists()

    assert by_name["d_broken.wav"]["error"]["code"] == "truncated"
    assert by_name["e_text.wav"]["error"]["code"] == "not-a-wav"
    assert by_name["f_empty.wav"]["error"]["code"] == "empty-file"
    assert all(by_name[n]["stop_reason"] == "error" for n in ["d_broken.wav", "e_text.wav"])

    table = summary(rows)
    assert "6 file(s), 3 failed" in table
    assert "word error rate over 1 file(s) with references: 0.000" in table


def test_wer_counts_a_wrong_transcript(tmp_path):
    folder = make_folder(tmp_path)
    rows = run_batch([folder / "a_question.wav"], fake_assembly(stt=FakeSTT("what tie")), tmp_path)
    assert rows[0]["wer"] == 0.75  # one substitution, two deletions, four words
