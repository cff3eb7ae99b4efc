"""The daemon's process: models loaded, the control socket, signals, the push-to-talk key,
the worker, then the microphone on the main thread until SIGTERM."""

from __future__ import annotations

import logging
import signal
from typing import TYPE_CHECKING

from voice_assistant.control import ControlServer, socket_path
from voice_assistant.daemon.microphone import MicLoop
from voice_assistant.errors import AssistantError
from voice_assistant.turns import abandon

if TYPE_CHECKING:
    from voice_assistant.daemon.app import Daemon

log = logging.getLogger("voice_assistant.daemon")
ABANDON_S = 10.0
"""On SIGTERM, how long the turn in progress may take to finish before it is abandoned."""


def serve(daemon: Daemon) -> int:
    daemon.preload()
    server = ControlServer(socket_path(), daemon).start()
    daemon.worker.start()
    network = daemon.settings.wyoming
    if daemon.wyoming or network.serve:  # Home Assistant's turns share the daemon's worker
        from voice_assistant.wyoming_server.serve import Beside

        daemon.beside.append(Beside(daemon.engines, daemon.worker, daemon.wyoming or network.serve))
    if network.satellites:  # other rooms: their turns too
        from voice_assistant.satellite.hub import Satellites

        daemon.satellites = Satellites(daemon.engines, daemon.worker, network.satellites).start()
        daemon.beside.append(daemon.satellites)
    signal.signal(signal.SIGTERM, lambda *_: daemon.terminate())
    signal.signal(signal.SIGINT, lambda *_: daemon.terminate())
    signal.signal(signal.SIGHUP, lambda *_: daemon.reload_requested.set())
    watch_hotkey(daemon)
    log.info(
        "listening (%s) on %s; control socket %s",
        daemon.mode,
        daemon.mic_name or "the default microphone",
        server.path,
    )

    def retry_max_s() -> float:  # read each time: a reload may change it
        return daemon.settings.listen.device_retry_max_s

    mic = MicLoop(
        daemon.source, daemon.stopping, retry_max_s, daemon.mic_changed, daemon.counts.mic_stalled
    )
    try:
        mic.run(daemon.read)
    finally:
        for neighbour in daemon.beside:
            neighbour.stop()
        finished = daemon.worker.close(timeout=ABANDON_S)
        server.close()
    if not finished:
        abandon(log, "the turn in progress")
    log.info("stopped")
    return 0


def watch_hotkey(daemon: Daemon) -> None:
    listen = daemon.settings.listen
    if not listen.hotkey or daemon.mode == "wake":
        return
    from voice_assistant.audio.hotkey import watch

    try:
        watch(listen.hotkey, listen.hotkey_device, daemon.ptt)
    except AssistantError as exc:  # push-to-talk over the socket still works
        log.warning("no push-to-talk key: %s", exc.message)
