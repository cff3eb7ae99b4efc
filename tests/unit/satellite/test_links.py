"""Satellites driven by the daemon's hub, against scripted satellites (our own asyncio
servers playing wyoming-satellite's part) and fake engines: the audio streamed in is woken
by a (tone) wake word, endpointed, answered on the worker in the satellite's own room, and
the reply sent back; a satellite that goes away is reached again; timers are reported.
A real wyoming-satellite drives the live daemon in tests/live/test_satellites.py."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from wyoming.audio import AudioChunk
from wyoming.event import Event
from wyoming.info import Attribution, Info
from wyoming.info import Satellite as SatelliteInfo
from wyoming.pipeline import PipelineStage, RunPipeline
from wyoming.snd import Played

from tests.fakes import fake_assembly, spoken
from tests.loop_thread import loop_thread, port_of
from voice_assistant.config import Settings, WakeConfig
from voice_assistant.end_of_turn.fake import FakeEndOfTurn
from voice_assistant.listening.machine import Listening
from voice_assistant.llm.fake import FakeLLM
from voice_assistant.rooms.log import TurnLog
from voice_assistant.rooms.service import TurnService
from voice_assistant.satellite.hub import Satellites
from voice_assistant.stt.fake import FakeSTT
from voice_assistant.turn.acts import Act
from voice_assistant.turn.alarm_acts import reminder_act
from voice_assistant.turn.wall_clock import When
from voice_assistant.vad import LoudnessVAD
from voice_assistant.wake.trigger import WakeTrigger
from voice_assistant.wyoming.wire import read_event, write_event

RATE = 16_000
CHUNK = 1024


class ToneWake:
    """The wake word is a 1 kHz tone (speech here is 300 Hz)."""

    names: tuple[str, ...] = ("tone",)

    def score(self, frame: np.ndarray) -> float:
        spectrum = np.abs(np.fft.rfft(frame.astype(np.float32)))
        peak_hz = np.argmax(spectrum) * RATE / len(frame)
        return 1.0 if spectrum.max() > 1e5 and abs(peak_hz - 1000) < 50 else 0.0

    def reset(self) -> None:
        pass


def tone(seconds: float, hz: float) -> bytes:
    t = np.arange(int(seconds * RATE)) / RATE
    return (np.sin(2 * np.pi * hz * t) * 12_000 * (hz > 0)).astype("<i2").tobytes()


REQUEST = tone(0.4, 0) + tone(0.3, 1000) + tone(0.3, 0) + tone(1.0, 300) + tone(2.0, 0)
"""Silence, the wake word, a pause, a second of speech, then silence to end it."""


HESITANT = (
    (tone(0.4, 0) + tone(0.3, 1000) + tone(0.3, 0) + tone(0.6, 300) + tone(0.5, 0))
    + tone(0.6, 300)
    + tone(2.0, 0)
)
"""As ``REQUEST``, with a pause of half a second in the middle of the speech."""


class ScriptedSatellite:
    """A satellite that says who it is, streams ``request`` after ``run-satellite``,
    says ``played`` after a reply and (``hang_up``) closes the first connection then."""

    def __init__(
        self, area: str, hang_up: bool = False, garbage: bool = False, request: bytes = REQUEST
    ) -> None:
        self.area = area
        self.request = request
        self.hang_up = hang_up
        self.garbage = garbage
        """Answer the first ``run-satellite`` with what is not an event."""
        self.connections = 0
        self.got: list[Event] = []

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        streaming: asyncio.Task[None] | None = None
        try:
            while (event := await read_event(reader)) is not None:
                self.got.append(event)
                if event.type == "describe":
                    about = SatelliteInfo(
                        name=f"satellite {self.area}",
                        attribution=Attribution("test", ""),
                        installed=True,
                        description=None,
                        version=None,
                        area=self.area,
                    )
                    await write_event(writer, Info(satellite=about).event())
                elif event.type == "run-satellite" and self.garbage and self.connections == 1:
                    writer.write(b"this is not an event\n")
                    await writer.drain()
                elif event.type == "run-satellite" and self.connections == 1:
                    run = RunPipeline(start_stage=PipelineStage.WAKE, end_stage=PipelineStage.TTS)
                    await write_event(writer, run.event())
                    streaming = asyncio.create_task(self.stream(writer))
                elif event.type == "audio-stop":
                    await write_event(writer, Played().event())
                elif event.type == "transcript" and self.hang_up:
                    break
        finally:
            if streaming is not None:
                streaming.cancel()
            writer.close()

    async def stream(self, writer: asyncio.StreamWriter) -> None:
        for at in range(0, len(self.request), CHUNK * 2):
            audio = self.request[at : at + CHUNK * 2]
            chunk = AudioChunk(rate=RATE, width=2, channels=1, audio=audio)
            await write_event(writer, chunk.event())
            await asyncio.sleep(0.002)
        while True:  # silence, as a satellite streams on
            await write_event(writer, AudioChunk(RATE, 2, 1, bytes(CHUNK * 2)).event())
            await asyncio.sleep(0.05)

    def types(self) -> list[str]:
        return [e.type for e in self.got if e.type != "audio-chunk"]


@contextmanager
def serving(*satellites: ScriptedSatellite) -> Iterator[list[str]]:
    with loop_thread() as loop:
        servers = [
            loop.server(asyncio.start_server(satellite.serve, "127.0.0.1", 0))
            for satellite in satellites
        ]
        yield [f"tcp://127.0.0.1:{port_of(server)}" for server in servers]


def hub_for(
    uris: list[str],
    turns: int,
    wake: bool = True,
    turn_end: FakeEndOfTurn | None = None,
    stt: FakeSTT | None = None,
) -> tuple[Satellites, TurnService]:
    settings = Settings()
    settings.wyoming.satellite_retry_max_s = 1.0
    llm = FakeLLM([spoken("The dentist is on Thursday at 9:30.")] * turns)  # no research call
    stt = stt or FakeSTT("When is the dentist?")
    worker = TurnService(fake_assembly(settings, stt=stt, llm=llm), log=TurnLog()).start()
    hub = Satellites(worker, uris)
    hub.listening = lambda: Listening(  # type: ignore[method-assign]
        ToneWake() if wake else None,
        WakeTrigger(WakeConfig()),
        LoudnessVAD(),
        settings.endpoint,
        settings.listen,
        turn_end,
    )
    return hub, worker


def wait_until(what: str, check, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def test_each_satellite_is_woken_answered_and_sent_the_reply_in_its_own_room():
    kitchen, bedroom = ScriptedSatellite("kitchen"), ScriptedSatellite("bedroom")
    with serving(kitchen, bedroom) as uris:
        hub, worker = hub_for(uris, turns=2)
        hub.start()
        try:
            wait_until("two turns", lambda: all(s["turns"] == 1 for s in hub.status().values()))
            wait_until("the ends sent", lambda: "transcript" in kitchen.types() + bedroom.types())
            wait_until(
                "both ends", lambda: all("transcript" in s.types() for s in (kitchen, bedroom))
            )
        finally:
            hub.stop()
            assert worker.close(timeout=10)
    for satellite in (kitchen, bedroom):
        kinds = satellite.types()
        assert kinds[:2] == ["describe", "run-satellite"]
        story = [
            k for k in kinds if k in ("detection", "voice-stopped", "audio-start", "audio-stop")
        ]
        assert story == ["detection", "voice-stopped", "audio-start", "audio-stop"]
        assert kinds.index("audio-stop") < kinds.index("transcript")
        audio = [e for e in satellite.got if e.type == "audio-chunk"]
        assert audio and sum(len(e.payload or b"") for e in audio) > 22_050  # a sentence
        heard = [e for e in satellite.got if e.type == "transcript"]
        assert heard[0].data["text"] == "When is the dentist?"
    status = hub.status()
    assert {s["room"] for s in status.values()} == {"kitchen", "bedroom"}
    assert all("Thursday at 9:30" in s["last_turn"]["reply"] for s in status.values())
    links = {link.room: link for link in hub.links}
    kitchen_session, bedroom_session = links["kitchen"].session, links["bedroom"].session
    assert kitchen_session is not None and kitchen_session.room == "satellite:kitchen"
    assert bedroom_session is not None and bedroom_session.room == "satellite:bedroom"
    assert kitchen_session is worker.sessions.get("satellite:kitchen")  # the one registry


@pytest.mark.parametrize(
    ("how", "turns"),
    [({"hang_up": True}, 1), ({"garbage": True}, 0)],
    ids=["hangs-up-after-a-turn", "sends-garbage"],
)
def test_a_satellite_that_goes_away_is_reached_again(how, turns):
    kitchen = ScriptedSatellite("kitchen", **how)
    with serving(kitchen) as uris:
        hub, worker = hub_for(uris, turns=turns, wake=bool(turns))
        hub.start()
        try:
            wait_until("a second connection", lambda: kitchen.connections >= 2)
            wait_until("connected again", lambda: hub.status()[uris[0]]["state"] == "connected")
        finally:
            hub.stop()
            assert worker.close(timeout=10)
    assert kitchen.types().count("run-satellite") >= 2
    assert hub.status()[uris[0]]["turns"] == turns


def test_timers_are_reported_to_connected_satellites():
    kitchen = ScriptedSatellite("kitchen")
    with serving(kitchen) as uris:
        hub, worker = hub_for(uris, turns=0, wake=False)
        hub.start()
        actions = hub.worker.assembly.actions
        try:
            wait_until("connected", lambda: hub.status()[uris[0]]["state"] == "connected")
            set_ = Act("set_timer", {"duration_s": 300, "label": "pasta"})
            worker.call(lambda _: actions.run([set_])).result(5)
            wait_until("timer-started", lambda: "timer-started" in kitchen.types())
            cancel = Act("cancel_timer", {"which": "pasta"})
            worker.call(lambda _: actions.run([cancel])).result(5)
            wait_until("timer-cancelled", lambda: "timer-cancelled" in kitchen.types())
        finally:
            hub.stop()
            assert worker.close(timeout=10)
    started = next(e for e in kitchen.got if e.type == "timer-started")
    assert started.data["name"] == "pasta" and 295 <= started.data["total_seconds"] <= 300
    cancelled = next(e for e in kitchen.got if e.type == "timer-cancelled")
    assert cancelled.data["id"] == started.data["id"]


def alarm_states(hub: Satellites, worker: TurnService) -> list[tuple[str, str]]:
    db = hub.worker.assembly.actions.book.db
    rows = worker.call(lambda _: db.execute("SELECT kind, state FROM alarms").fetchall())
    return [tuple(r) for r in rows.result(5)]


def test_a_reminder_set_in_a_satellites_room_rings_there_as_audio():
    kitchen = ScriptedSatellite("kitchen")
    with serving(kitchen) as uris:
        hub, worker = hub_for(uris, turns=0, wake=False)
        hub.start()
        actions = hub.worker.assembly.actions
        try:
            wait_until("connected", lambda: hub.status()[uris[0]]["state"] == "connected")
            assert hub.connected_rooms() == {"satellite:kitchen"}
            remind = reminder_act("check the oven", When(in_s=1))
            worker.call(lambda _: actions.run([remind], "satellite:kitchen")).result(5)
            wait_until("it rang", lambda: alarm_states(hub, worker) == [("reminder", "rang")])
        finally:
            hub.stop()
            assert worker.close(timeout=10)
    assert "audio-start" in kitchen.types() and "transcript" not in kitchen.types()  # no turn
    tts = hub.worker.assembly.engines.tts()
    assert "Reminder: check the oven." in tts.spoken  # type: ignore[attr-defined]


class SaysStopWhileRinging(ScriptedSatellite):
    """Speaks (a second of 300 Hz) once, after the first ring has played."""

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        await super().serve(reader, writer)

    async def stream(self, writer: asyncio.StreamWriter) -> None:
        while "audio-stop" not in self.types():
            await write_event(writer, AudioChunk(RATE, 2, 1, bytes(CHUNK * 2)).event())
            await asyncio.sleep(0.05)
        said = tone(0.3, 0) + tone(0.8, 300) + tone(3.0, 0)
        for at in range(0, len(said), CHUNK * 2):
            await write_event(writer, AudioChunk(RATE, 2, 1, said[at : at + CHUNK * 2]).event())
            await asyncio.sleep(0.01)
        while True:
            await write_event(writer, AudioChunk(RATE, 2, 1, bytes(CHUNK * 2)).event())
            await asyncio.sleep(0.05)


def test_stop_said_at_the_satellite_ends_its_ringing_alarm():
    kitchen = SaysStopWhileRinging("kitchen")
    with serving(kitchen) as uris:
        hub, worker = hub_for(uris, turns=0, wake=False)
        hub.worker.assembly.settings.alarms.ring_for_s = 30.0
        hub.worker.assembly.engines.stt().text = "Stop."  # type: ignore[attr-defined]
        hub.start()
        book = hub.worker.assembly.actions.book
        try:
            wait_until("connected", lambda: hub.status()[uris[0]]["state"] == "connected")
            worker.call(lambda _: book.add("alarm", "", When(in_s=1), "satellite:kitchen")).result(
                5
            )
            wait_until("stopped", lambda: alarm_states(hub, worker) == [("alarm", "stopped")], 25)
        finally:
            hub.stop()
            assert worker.close(timeout=10)
    rings = kitchen.types().count("audio-start")
    assert 1 <= rings < 15 and "transcript" not in kitchen.types()  # stopped, no turn


ONE_TURN = ["detection", "voice-stopped", "audio-start", "audio-stop", "transcript"]


def one_request(
    satellite: ScriptedSatellite, model: FakeEndOfTurn
) -> tuple[list[str], dict, list[int]]:
    """The satellite's request heard with ``model`` at its pauses, until its turn's end is
    sent: what the satellite was sent, the link's status, the lengths whisper heard."""
    with serving(satellite) as uris:
        hub, worker = hub_for(uris, turns=2, turn_end=model)
        hub.start()
        try:
            wait_until("the end sent", lambda: "transcript" in satellite.types())
        finally:
            hub.stop()
            assert worker.close(timeout=10)
    kinds = ("detection", "voice-stopped", "audio-start", "audio-stop", "transcript")
    stt = hub.worker.assembly.engines.stt()
    assert isinstance(stt, FakeSTT)
    sent = [k for k in satellite.types() if k in kinds]
    return sent, hub.status()[uris[0]], stt.heard


def test_a_satellites_turn_starts_at_a_pause_called_the_end_and_goes_ahead_on_the_silence():
    model = FakeEndOfTurn(probability=1.0)
    sent, link, heard = one_request(ScriptedSatellite("kitchen"), model)
    assert model.asked_s  # asked at the pause
    assert sent == ONE_TURN
    assert link["turns"] == 1 and "Thursday at 9:30" in link["last_turn"]["reply"]
    assert "waited" in link["last_turn"]["timings"]  # it started before the silence ended
    assert len(heard) == 1  # the words were heard once: the silence confirmed that turn


def test_a_satellites_turn_started_early_is_dropped_unseen_when_the_user_goes_on():
    hesitant = ScriptedSatellite("kitchen", request=HESITANT)
    sent, link, heard = one_request(hesitant, FakeEndOfTurn(probability=1.0))
    assert sent == ONE_TURN
    assert link["turns"] == 1  # the turn started at the pause was dropped, not logged
    assert len(heard) == 2 and heard[0] < heard[1]  # the part before the pause, then all


class SpeaksAfterTheReply(ScriptedSatellite):
    """Streams ``REQUEST``, then, once the turn's end was sent, a second of speech with no
    wake word."""

    async def stream(self, writer: asyncio.StreamWriter) -> None:
        silence = AudioChunk(RATE, 2, 1, bytes(CHUNK * 2)).event()
        speech = tone(0.4, 0) + tone(1.0, 300) + tone(2.0, 0)
        for audio, after in ((self.request, "run-satellite"), (speech, "transcript")):
            while after not in self.types():
                await write_event(writer, silence)
                await asyncio.sleep(0.05)
            for at in range(0, len(audio), CHUNK * 2):
                chunk = AudioChunk(RATE, 2, 1, audio[at : at + CHUNK * 2])
                await write_event(writer, chunk.event())
                await asyncio.sleep(0.002)
        while True:
            await write_event(writer, silence)
            await asyncio.sleep(0.05)


class Answers(FakeSTT):
    """Hears ``texts`` in turn (the last one from then on)."""

    def __init__(self, *texts: str) -> None:
        super().__init__(texts[0])
        self.texts = list(texts)

    def transcribe(self, samples):
        self.text = self.texts[min(len(self.heard), len(self.texts) - 1)]
        return super().transcribe(samples)


def after_an_answer(second: str) -> tuple[dict, list[str], list[int]]:
    """A question answered at the satellite, then ``second`` said there with no wake word:
    the link's status, what the satellite was sent, the utterances whisper heard."""
    kitchen = SpeaksAfterTheReply("kitchen")
    stt = Answers("When is the dentist?", second)
    with serving(kitchen) as uris:
        hub, worker = hub_for(uris, turns=2, stt=stt)
        hub.start()
        try:
            wait_until("whisper heard both", lambda: len(stt.heard) == 2)
            wait_until("the window's turn ended", lambda: not hub.links[0].busy, timeout=10)
        finally:
            hub.stop()
            assert worker.close(timeout=10)
    return hub.status()[uris[0]], kitchen.types(), stt.heard


def test_how_do_you_know_after_an_answer_at_a_satellite_needs_no_wake_word_and_is_heard_once():
    link, sent, heard = after_an_answer("How do you know?")
    assert link["turns"] == 2 and link["wakes"] == 1
    assert link["last_turn"]["transcript"] == "How do you know?" and link["last_turn"]["reply"]
    assert sent.count("audio-start") == 2 and sent.count("transcript") == 2
    assert len(heard) == 2  # once each: the window's words were heard by its turn alone


def test_other_words_after_an_answer_at_a_satellite_are_ignored():
    link, sent, heard = after_an_answer("and then the weather will turn")
    assert link["turns"] == 1 and sent.count("audio-start") == 1  # nothing said, nothing logged
    assert len(heard) == 2
