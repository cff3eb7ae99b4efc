"""The daemon's satellites (``wyoming.satellites``): one event loop in a thread of its own
holds a ``SatelliteLink`` per address, and looks at the household's timers once a second
to tell every connected satellite what started, was cancelled or finished, and to ring
what is due in a connected satellite's room there (``rings.py``).

Every model call and database read runs on the daemon's worker, as its own turns do; a
satellite's session is kept by its room across reconnections, so an ask in the kitchen is
never answered from the bedroom.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any

from wyoming.event import Event

from voice_assistant.assembly import Assembly
from voice_assistant.config import Settings
from voice_assistant.listening.machine import Listening, listening_for
from voice_assistant.rooms.service import TurnService
from voice_assistant.satellite.link import SatelliteLink
from voice_assistant.satellite.rings import Ring, RingKey, pick
from voice_assistant.satellite.timers import started, timer_events
from voice_assistant.turn.actions import Timer

log = logging.getLogger("voice_assistant.satellite")
TIMER_LOOK_S = 1.0


class Satellites:
    def __init__(self, worker: TurnService, uris: list[str]) -> None:
        self.worker = worker
        """Runs every turn, model call and database read on the assembly in force: a
        reload reaches the next one."""
        self.links = [SatelliteLink(uri, self) for uri in uris]
        self.timers: dict[int, Timer] = {}
        self.ringing: set[RingKey] = set()
        self.ring_tasks: set[asyncio.Task[None]] = set()
        self.loop = asyncio.new_event_loop()
        self.stopping: asyncio.Event | None = None
        self.thread = threading.Thread(target=self._run, name="satellites", daemon=True)

    def settings(self) -> Settings:
        """The settings in force (a reload changes them)."""
        return self.worker.settings

    def start(self) -> Satellites:
        self.thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        if self.stopping is not None:
            self.loop.call_soon_threadsafe(self.stopping.set)
        self.thread.join(timeout)

    def status(self) -> dict[str, Any]:
        return {link.uri: link.status() for link in self.links}

    def connected_rooms(self) -> frozenset[str]:
        """The session rooms of the satellites connected now: they ring their own."""
        return frozenset(
            f"satellite:{link.room}" for link in self.links if link.state == "connected"
        )

    def listening(self) -> Listening:
        """Wake word and endpointing of their own for one satellite's stream (the next
        connection after a reload gets the new ones)."""
        engines = self.worker.assembly.engines
        return listening_for(engines.another_wake(), self.settings(), engines.turn_end)

    def running_timers(self) -> list[Event]:
        """What a satellite that just connected is told: the timers running now."""
        now = time.time()
        return [started(t, now) for t in self.timers.values()]

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main())
        self.loop.close()

    async def _main(self) -> None:
        self.stopping = asyncio.Event()
        tasks = [asyncio.create_task(link.run(self.stopping)) for link in self.links]
        tasks.append(asyncio.create_task(self._watch_timers(self.stopping)))
        await self.stopping.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _watch_timers(self, stopping: asyncio.Event) -> None:
        while not stopping.is_set():
            try:
                await self._look_at_timers()
                await self._ring_in_rooms()
            except Exception:  # a failed look is logged; the next one may succeed
                log.exception("looking at the timers failed")
            await asyncio.sleep(TIMER_LOOK_S)

    async def _look_at_timers(self) -> None:
        before = self.timers

        def look(now: Assembly) -> tuple[list[Timer], dict[int, str]]:
            timers = now.actions
            running = timers.running_timers()
            return running, timers.states(set(before) - {t.id for t in running})

        running, ended = await asyncio.wrap_future(self.worker.call(look, work=False))
        events = timer_events(before, running, ended, time.time())
        self.timers = {t.id: t for t in running}
        if not events:
            return
        for link in self.links:
            if link.state == "connected":
                try:
                    await link.send(events)
                except (OSError, ConnectionError) as exc:
                    log.warning("satellite %s: timer events not delivered: %s", link.uri, exc)

    async def _ring_in_rooms(self) -> None:
        """Ring what is due in connected satellites' rooms there; one answering a turn
        rings after it (its reply's audio is not cut into)."""
        links = {
            f"satellite:{link.room}": link
            for link in self.links
            if link.state == "connected" and not link.busy
        }
        if not links:
            return
        ringing = set(self.ringing)

        def due(now: Assembly) -> list[Ring]:
            return pick(now.actions, now.engines.tts(), set(links), ringing)

        by_room: dict[str, list[Ring]] = {}
        for ring in await asyncio.wrap_future(self.worker.call(due, work=False)):
            self.ringing.add(ring.key)
            by_room.setdefault(ring.room, []).append(ring)
        for room, rings in by_room.items():
            links[room].busy = True  # one after another there; the next look skips it
            task = asyncio.create_task(self._ring_all(links[room], rings))
            self.ring_tasks.add(task)
            task.add_done_callback(self.ring_tasks.discard)

    async def _ring_all(self, link: SatelliteLink, rings: list[Ring]) -> None:
        for ring in rings:
            await self._ring(link, ring)

    async def _ring(self, link: SatelliteLink, ring: Ring) -> None:
        ring_for_s = self.settings().alarms.ring_for_s if ring.repeats else 0.0
        try:
            state = await link.ring(ring.sound, ring.rate, ring_for_s)
            log.info("%s %d rang at %s: %s", *ring.key, link.room, state)
            if ring.alarm is not None:
                alarm = ring.alarm
                await asyncio.wrap_future(
                    self.worker.call(lambda now: now.actions.book.finish(alarm, state))
                )
        except (OSError, ConnectionError) as exc:
            log.warning("satellite %s: %s %d not delivered: %s", link.uri, *ring.key, exc)
        finally:
            self.ringing.discard(ring.key)
