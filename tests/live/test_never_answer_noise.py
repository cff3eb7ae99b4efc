"""Never answer noise: sound that is not a request gets no reply.

The pure parts of the noise benchmark are tested with plain numbers. The integration test
feeds a few minutes of the benchmark's stream (real music and event sounds from Debian
packages, generated noise, real speech not addressed to the assistant) through the real
daemon in wake mode and through an always-open microphone, with the real models, and a
planted "Hey Jarvis, what is the capital of Australia?" in the middle: the planted
request, and nothing else, gets a reply. The hour-long figure is
``voice-assistant bench --suite noise`` (README, BENCHMARKS.md).
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from bench import noise as bench_noise
from bench.noise import (
    GENERATORS,
    Clip,
    Piece,
    Sources,
    Stream,
    at_dbfs,
    build_stream,
    daemon_path,
    floor,
    load_sources,
    noise_assistant,
    open_mic_path,
    plant,
    spoken,
)
from tests.paths import CHECKOUT
from voice_assistant.config import Settings
from voice_assistant.events import SAMPLE_RATE

WAKE_QUESTION = CHECKOUT / "demo" / "wake" / "hey_jarvis_capital.wav"


def rms_db(x: np.ndarray) -> float:
    return float(20 * np.log10(np.sqrt(np.mean(np.square(x, dtype=np.float64)))))


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_each_generator_makes_the_length_asked_at_unit_rms_and_repeats_for_a_seed(name):
    make = GENERATORS[name]
    audio = make(3 * SAMPLE_RATE, np.random.default_rng(4))
    assert audio.shape == (3 * SAMPLE_RATE,) and audio.dtype == np.float32
    assert np.isfinite(audio).all()
    assert abs(rms_db(audio)) < 0.1
    again = make(3 * SAMPLE_RATE, np.random.default_rng(4))
    other = make(3 * SAMPLE_RATE, np.random.default_rng(5))
    assert np.array_equal(audio, again) and not np.array_equal(audio, other)


def test_levels_are_set_in_dbfs_and_never_clip():
    rng = np.random.default_rng(1)
    quiet = at_dbfs(GENERATORS["pink noise"](SAMPLE_RATE, rng), -30)
    assert abs(rms_db(quiet) + 30) < 0.1
    loud = at_dbfs(GENERATORS["typing"](SAMPLE_RATE, rng), -12)  # peaky: limited, not clipped
    assert np.abs(loud).max() <= 0.99
    assert abs(rms_db(floor(SAMPLE_RATE, rng)) - bench_noise.FLOOR_DBFS) < 0.1


def fake_sources() -> Sources:
    rng = np.random.default_rng(0)

    def clips(prefix: str, seconds: float, n: int) -> list[Clip]:
        return [
            Clip(f"{prefix}{i}", rng.uniform(-0.5, 0.5, int(seconds * SAMPLE_RATE)).astype("f4"))
            for i in range(n)
        ]

    return Sources(clips("track", 100, 2), clips("beep", 0.5, 6), clips("talk", 3, 5))


def test_the_stream_has_each_category_near_its_share_and_repeats_for_a_seed():
    sources = fake_sources()
    stream = build_stream(sources, 10, seed=3)
    assert stream.seconds >= 600
    for category, share in bench_noise.SHARES.items():
        assert stream.seconds_of(category) == pytest.approx(share * 600, abs=50), category
    again = build_stream(sources, 10, seed=3)
    assert [p.label for p in again.pieces] == [p.label for p in stream.pieces]
    assert [p.label for p in build_stream(sources, 10, seed=4).pieces] != [
        p.label for p in stream.pieces
    ]


def test_every_piece_is_followed_by_silence_of_its_own_category_and_categories_mix():
    stream = build_stream(fake_sources(), 10, seed=3)
    sounds, gaps = stream.pieces[0::2], stream.pieces[1::2]
    assert all(g.label == "silence" for g in gaps)
    assert all(s.label != "silence" for s in sounds)
    assert all(s.category == g.category for s, g in zip(sounds, gaps, strict=True))
    switches = sum(a.category != b.category for a, b in itertools.pairwise(sounds))
    assert switches > len(sounds) / 4  # shuffled, not one block per category


def test_music_is_cut_into_consecutive_slices_and_no_piece_clips():
    stream = build_stream(fake_sources(), 10, seed=3)
    music = [p for p in stream.pieces if p.category == "music" and p.label != "silence"]
    # 180 s of music from two 100 s tracks: all of the first, then the start of the second
    starts = sorted((p.label.split(" @")[0], float(p.label.split(" @")[1][:-1])) for p in music)
    first = [at for name, at in starts if name == "track0"]
    second = [at for name, at in starts if name == "track1"]
    assert first[0] == 0 and second[0] == 0
    lengths = {p.label: len(p.audio) / SAMPLE_RATE for p in music}
    assert sum(lengths[f"track0 @{at:.0f}s"] for at in first) == pytest.approx(100, abs=0.01)
    assert all(np.abs(p.audio).max() <= 1.0 for p in stream.pieces)


def test_the_piece_at_a_time_is_found():
    a = Piece("music", "a", np.zeros(SAMPLE_RATE, "f4"))
    b = Piece("speech", "b", np.zeros(2 * SAMPLE_RATE, "f4"))
    stream = Stream([a, b])
    assert stream.at(0.0) is a and stream.at(0.99) is a
    assert stream.at(1.0) is b and stream.at(2.9) is b and stream.at(99) is b


def test_a_planted_recording_sits_between_whole_pieces():
    stream = build_stream(fake_sources(), 4, seed=3)
    planted = plant(stream, WAKE_QUESTION, at=0.5)
    index = next(i for i, p in enumerate(planted.pieces) if p.category == "planted")
    assert index % 2 == 0  # after a piece's silence, never inside a pair
    assert planted.pieces[index + 1] == Piece("planted", "silence", planted.pieces[index + 1].audio)
    assert len(planted.pieces) == len(stream.pieces) + 2


def test_the_spoken_debian_sounds_count_as_speech():
    assert spoken(Path("/usr/share/sounds/alsa/Front_Center.wav"))
    assert spoken(Path("/x/audio-channel-rear-left.oga"))
    assert not spoken(Path("/usr/share/sounds/alsa/Noise.wav"))
    assert not spoken(Path("/x/phone-incoming-call.oga"))


def test_a_missing_debian_package_is_named(monkeypatch, tmp_path):
    monkeypatch.setattr(bench_noise, "DEBIAN_PACKAGES", {tmp_path / "music": "asc-music"})
    with pytest.raises(FileNotFoundError, match="install the Debian package asc-music"):
        load_sources()


@pytest.mark.integration
def test_only_the_planted_request_gets_a_reply(tmp_path):
    """A few minutes of everything the stream holds, real models, both paths."""
    sources = load_sources()
    assert sources.music and sources.debian_sounds and sources.speech
    stream = plant(build_stream(sources, 4), WAKE_QUESTION, at=0.6)
    for category in (*bench_noise.CATEGORIES, "planted"):
        assert stream.seconds_of(category) > 0, category
    assistant = noise_assistant(Settings(), tmp_path / "data")
    try:
        daemon = daemon_path(assistant, stream)
        open_mic = open_mic_path(assistant, stream)
    finally:
        assistant.database.close()

    outside = [e for e in daemon.events + open_mic.events if e.category != "planted"]
    assert outside == []  # no wake, no turn, no reply on anything but the request
    assert [e.what for e in daemon.events] == ["wake", "turn", "reply"]
    assert "canberra" in daemon.events[-1].detail.lower()
    assert open_mic.count("reply", "planted") == 1
    assert "speech" not in open_mic.fed_s  # the open mic hears only the non-speech
