"""``voice-assistant run``: the live assistant, put together from parts that each do one
job: the microphone loop on the main thread (``microphone.MicLoop`` opens the device,
``mic_reader.MicReader`` decides what each block means), the daemon's work on the turn
service's worker (``job_runner.JobRunner``: its turns through ``TurnService.submit``,
timers ringing, ``say``), the control socket's requests (``socket_requests.Commands``) and
the state they all post to (``board.Board``). The Wyoming server and the satellites run
beside it on the same worker. Only the worker touches the database."""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable
from typing import Literal

from voice_assistant.assembly import Assembly, assemble
from voice_assistant.audio.device import DeviceSink
from voice_assistant.audio.hotkey import watch
from voice_assistant.config import Settings
from voice_assistant.daemon.board import Board
from voice_assistant.daemon.control_socket import ControlServer, socket_path
from voice_assistant.daemon.job_runner import JobRunner
from voice_assistant.daemon.jobs import Counts, Neighbour, State, Status
from voice_assistant.daemon.mic_reader import MicReader
from voice_assistant.daemon.microphone import AudioSource, MicLoop, microphone
from voice_assistant.daemon.socket_requests import Commands
from voice_assistant.errors import AssistantError
from voice_assistant.listening.machine import Listening, listening_for
from voice_assistant.pipeline.speak import Speaker
from voice_assistant.rooms.log import TurnLog
from voice_assistant.rooms.service import TurnService, abandon
from voice_assistant.satellite.hub import Satellites
from voice_assistant.wyoming_server.serve import Beside

log = logging.getLogger("voice_assistant.daemon")
ListenMode = Literal["wake", "ptt", "both"]
"""What the daemon listens for (``run --mode``): the wake word, push-to-talk, or both; not
the reply mode (``research.base.Mode``)."""
ABANDON_S = 10.0
"""On SIGTERM, how long the turn in progress may take to finish before it is abandoned."""


class Daemon:
    def __init__(
        self,
        assembly: Assembly,
        listen_mode: ListenMode = "ptt",
        mic: str | None = None,
        speaker: str | None = None,
        reload_settings: Callable[[], Settings] | None = None,
        sink: Speaker | None = None,
        source: AudioSource | None = None,
        wyoming: str | None = None,
    ) -> None:
        self.listen_mode = listen_mode
        self.wyoming = wyoming  # a Wyoming address served beside the mic (run --wyoming)
        self.reload_settings = reload_settings
        listen = assembly.settings.listen
        self.mic_name = mic or listen.mic or None
        self.source = source or microphone(self.mic_name)
        """Where audio comes from: the microphone, or a test's recorded blocks."""
        sink = sink or DeviceSink(speaker or listen.speaker or None)
        """The speaker; the noise benchmark passes a silent one and feeds ``hear`` itself."""
        self.stopping = threading.Event()
        talking, reload_requested = threading.Event(), threading.Event()
        self.counts = Counts()
        self.board = Board(threading.Event())
        self.worker = TurnService(assembly, log=TurnLog())
        """Runs every turn and job on the assembly in force; elsewhere only its settings
        are read (``worker.settings``), and the models a stream of its own needs."""
        self.runner = JobRunner(
            self.worker, sink, self.board, self.counts, self.stopping, reload_requested
        )
        self.mic = MicReader(
            self.runner,
            self.listening(assembly),
            self.board,
            self.counts,
            talking,
            self.stopping,
            self.reload,
        )
        self.commands = Commands(listen_mode, self.runner, talking, self.snapshot)
        self.beside: list[Neighbour] = []
        """The Wyoming server and the satellites, started by ``run``."""
        self.satellites: Satellites | None = None

    @property
    def settings(self) -> Settings:
        return self.worker.settings

    def listening(self, assembly: Assembly) -> Listening:
        """The microphone's wake word (unless push-to-talk only) and endpointing."""
        engines = assembly.engines
        wake = engines.wake() if self.listen_mode in ("wake", "both") else None
        return listening_for(wake, assembly.settings, engines.turn_end)

    def reload(self) -> Listening | None:
        """SIGHUP: new settings and engines, assembled and loaded here, then in force from
        the worker's next job for every turn, job and room; a bad configuration keeps the
        running one (None)."""
        if self.reload_settings is None:
            return None
        try:
            assembly = assemble(self.reload_settings())
            assembly.preload(["stt", "llm", "tts"])
            listening = self.listening(assembly)
        except AssistantError as exc:
            log.error("reload failed, keeping the running configuration: %s", exc.message)
            return None
        self.worker.reassemble(assembly).result()
        log.info("configuration reloaded")
        return listening

    def preload(self) -> None:
        self.worker.assembly.preload(["stt", "llm", "tts"])
        if self.mic.listening.wake is not None:
            self.mic.listening.wake.reset()

    def snapshot(self) -> Status:
        return Status(
            state=self.board.state,
            mode=self.listen_mode,
            mic=self.mic_name or "default",
            mic_state=self.mic.mic_state,
            models=dict(self.runner.models.problems) or "ok",
            turns=self.worker.log.status("local") if self.worker.log else {},
            counts=self.counts,
            last_barge_in_s=self.mic.last_barge_in_s,
            satellites=self.satellites.status() if self.satellites else {},
        )

    @property
    def state(self) -> State:
        return self.board.state

    def terminate(self) -> None:
        self.stopping.set()
        self.runner.cut()

    def run(self) -> int:
        """Serve until SIGTERM: models loaded, the control socket, what runs beside, the
        signals, the push-to-talk key, the worker, then the microphone on this thread."""
        self.preload()
        server = ControlServer(socket_path(), self.commands).start()
        self.worker.start()
        network = self.settings.wyoming
        if self.wyoming or network.serve:  # Home Assistant's turns share the daemon's worker
            beside = Beside(self.worker, self.wyoming or network.serve)
            self.beside.append(beside)
        if network.satellites:  # other rooms: their turns too
            self.satellites = Satellites(self.worker, network.satellites).start()
            self.runner.elsewhere = self.satellites.connected_rooms  # they ring their own
            self.beside.append(self.satellites)
        signal.signal(signal.SIGTERM, lambda *_: self.terminate())
        signal.signal(signal.SIGINT, lambda *_: self.terminate())
        signal.signal(signal.SIGHUP, lambda *_: self.runner.reload_requested.set())
        self.watch_hotkey()
        log.info(
            "listening (%s) on %s; control socket %s",
            self.listen_mode,
            self.mic_name or "the default microphone",
            server.path,
        )

        def retry_max_s() -> float:  # read each time: a reload may change it
            return self.settings.listen.device_retry_max_s

        loop = MicLoop(
            self.source, self.stopping, retry_max_s, self.mic.mic_changed, self.counts.mic_stalled
        )
        try:
            loop.run(self.mic.read)
        finally:
            for neighbour in self.beside:
                neighbour.stop()
            finished = self.worker.close(timeout=ABANDON_S)
            server.close()
        if not finished:
            abandon(log, "the turn in progress")
        log.info("stopped")
        return 0

    def watch_hotkey(self) -> None:
        listen = self.settings.listen
        if not listen.hotkey or self.listen_mode == "wake":
            return
        try:
            watch(listen.hotkey, listen.hotkey_device, self.commands.ptt)
        except AssistantError as exc:  # push-to-talk over the socket still works
            log.warning("no push-to-talk key: %s", exc.message)
