"""Every conversation the turn service serves, by room: the daemon's microphone
(``local``), each satellite (``satellite:<room>``), each Home Assistant conversation
(``wyoming:<id>``). One registry, so a room keeps its conversation across a satellite's
reconnection, and the least recently used ones are forgotten beyond a bound.
"""

from __future__ import annotations

import collections
import threading

from voice_assistant.turn.session import Session

KEPT = 100
"""Conversations kept in memory; an older one is continued from the store if it returns."""


class Sessions:
    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._lock = threading.Lock()
        self._by_room: collections.OrderedDict[str, Session] = collections.OrderedDict()

    def get(self, room: str, continues_latest: bool = True) -> Session:
        """The session of ``room``, made on first use; ``continues_latest``: its first turn
        continues the room's latest stored conversation (False: a conversation of its own)."""
        with self._lock:
            if room not in self._by_room:
                self._by_room[room] = Session(room=room, continues_latest=continues_latest)
                while len(self._by_room) > self.kept:
                    self._by_room.popitem(last=False)
            self._by_room.move_to_end(room)
            return self._by_room[room]

    def __len__(self) -> int:
        return len(self._by_room)
