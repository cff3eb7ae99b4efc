"""One request to a Wyoming service on another machine (``stt.backend = "wyoming"``,
``tts.backend = "wyoming"``): a blocking connection per utterance or reply, as Home
Assistant makes them, run on the turn worker like any other engine call.

Every failure is a ``StageFailure`` of the calling stage that names the service's
address: it cannot be reached, it said nothing for ``read_timeout_s``, it closed the
connection or sent what is not an event, or it answered with an ``error`` event.
"""

from __future__ import annotations

import contextlib
import socket
from types import TracebackType
from typing import BinaryIO, cast

from wyoming.error import Error
from wyoming.event import Event, write_event

from voice_assistant.errors import StageFailure
from voice_assistant.wyoming.uri import address
from voice_assistant.wyoming.wire import WireError, read_event_blocking


class WyomingRequest:
    """``with WyomingRequest(...) as peer: peer.send(...); peer.read()``."""

    def __init__(
        self, stage: str, uri: str, connect_timeout_s: float, read_timeout_s: float
    ) -> None:
        self.stage = stage
        self.uri = uri
        self.host, self.port = address(uri)
        self.connect_timeout_s = connect_timeout_s
        self.read_timeout_s = read_timeout_s
        self._sock: socket.socket | None = None
        self._file: BinaryIO | None = None

    def __enter__(self) -> WyomingRequest:
        try:
            sock = socket.create_connection((self.host, self.port), self.connect_timeout_s)
        except OSError as exc:
            raise StageFailure(
                self.stage,
                "service-unreachable",
                f"cannot reach the Wyoming {self.stage} service at {self.uri}: {exc}",
            ) from exc
        sock.settimeout(self.read_timeout_s)
        self._sock = sock
        self._file = cast(BinaryIO, sock.makefile("rwb"))
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        for closable in (self._file, self._sock):
            if closable is not None:
                with contextlib.suppress(OSError):
                    closable.close()
        self._file = self._sock = None

    def failed(self, message: str) -> StageFailure:
        """The service did not do its part: ``message`` and its address."""
        return StageFailure(self.stage, "service-failed", f"{message} ({self.uri})")

    def send(self, *events: Event) -> None:
        assert self._file is not None, "send inside `with`"
        try:
            for event in events:
                write_event(event, self._file)
        except OSError as exc:
            raise self.failed(
                f"the Wyoming {self.stage} service dropped the connection: {exc}"
            ) from exc

    def read(self) -> Event:
        """The service's next event; an ``error`` event is its failure, raised."""
        assert self._file is not None, "read inside `with`"
        try:
            event = read_event_blocking(self._file)
        except TimeoutError as exc:
            raise StageFailure(
                self.stage,
                "service-timeout",
                f"the Wyoming {self.stage} service at {self.uri} said nothing for "
                f"{self.read_timeout_s:g} s",
            ) from exc
        except (OSError, WireError) as exc:
            raise self.failed(f"the Wyoming {self.stage} service sent no answer: {exc}") from exc
        if event is None:
            raise self.failed(f"the Wyoming {self.stage} service closed the connection")
        if Error.is_type(event.type):
            error = Error.from_event(event)
            raise self.failed(
                f"the Wyoming {self.stage} service failed: {error.text} [{error.code or '-'}]"
            )
        return event
