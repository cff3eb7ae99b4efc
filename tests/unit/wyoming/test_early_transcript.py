"""The Wyoming ``asr`` stream's words are transcribed at a pause the end-of-turn model
calls the end (or when the silence ends them), so the peer's ``audio-stop`` finds the
transcript made; words said after them mean the whole stream is transcribed instead."""

from concurrent.futures import Future

import numpy as np

from tests.fakes import LoudWindows, silence, tone
from tests.unit.audio.test_turn_end_endpointing import config
from voice_assistant.end_of_turn.fake import FakeEndOfTurn
from voice_assistant.listening.endpointing import LiveEndpointer
from voice_assistant.wyoming_server.early_transcript import EarlyTranscript


def stream(*parts):
    """The peer's audio: 16-bit mono bytes, sent in chunks of 1024 samples."""
    pcm = (np.concatenate(parts) * 32767).astype("<i2").tobytes()
    heard: list[int] = []

    def transcribe(audio):
        heard.append(len(audio))
        done: Future[str] = Future()
        done.set_result(f"words {len(heard)}")
        return done

    listener = LiveEndpointer(LoudWindows(), config(pre_roll_s=0.2), FakeEndOfTurn(0.9))
    early = EarlyTranscript(listener, transcribe)
    for at in range(0, len(pcm), 2048):
        early.feed(pcm[at : at + 2048])
    return early, heard


def test_the_words_are_transcribed_at_the_pause_and_found_made_at_the_end():
    early, heard = stream(silence(0.5), tone(1.0), silence(0.6))
    made = early.made()
    assert made is not None and made.result() == "words 1"
    assert len(heard) == 1 and 1.0 * 16_000 < heard[0] < 1.6 * 16_000  # the words, not all


def test_after_the_user_went_on_the_later_pause_gives_all_the_words():
    early, heard = stream(silence(0.5), tone(1.0), silence(0.35), tone(0.6), silence(0.5))
    made = early.made()
    assert len(heard) == 2 and heard[1] > heard[0] + 0.9 * 16_000  # both parts
    assert made is not None and made.result() == "words 2"


def test_words_going_on_at_the_end_or_a_second_utterance_are_transcribed_whole():
    going_on, _ = stream(silence(0.5), tone(1.0))
    assert going_on.made() is None
    second, heard = stream(silence(0.5), tone(1.0), silence(1.5), tone(0.6), silence(0.4))
    assert len(heard) == 1 and second.made() is None
