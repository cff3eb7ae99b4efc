"""What a room does with what it hears: one policy for the daemon's microphone and every
satellite.

``TurnTaking`` takes events (a block of audio, push-to-talk held, a turn's end, a ring
starting or stopping, the device waking itself, the device lost) and returns actions for
its owner to carry out: the wake word heard (a barge-in when the assistant is busy), a
window opened, a turn started early at a pause, a request (which confirms the turn
started early on the same words), the turn started early dropped, a word window's
utterance, a window closed with nobody speaking. It holds the room's state (which window
is open, what rings, what the last reply opened) and nothing else: no threads, no
queues, no engines beyond the ``Listening`` it feeds; time is the audio read. The owner
says whether its worker is ``idle`` with each block: windows that follow a reply open,
and turns start early, only then.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from voice_assistant.events import FloatAudio, Utterance
from voice_assistant.listening.endpointing import Resumed, Tentative
from voice_assistant.listening.machine import Block, GaveUp, Listening, Spoke, Woke
from voice_assistant.turn.word_windows import WordWindow


@dataclass(frozen=True)
class Opened:
    """A window for any request opened after a reply that asks (no wake word needed)."""


@dataclass(frozen=True)
class StartEarly:
    utterance: Utterance
    """The words so far, at a pause that may end the turn (``listening.Tentative``)."""


@dataclass(frozen=True)
class Request:
    heard: Utterance | FloatAudio
    """An endpointed utterance, or what push-to-talk held. A turn started early on the
    same utterance goes ahead instead of a new one."""


@dataclass(frozen=True)
class Drop:
    """The turn started early is dropped: the user went on, woke it again, pushed to
    talk, or the device was lost."""


@dataclass(frozen=True)
class Words:
    window: WordWindow
    utterance: Utterance
    """Heard in a word window: only the window's words act (``word_windows.wanted``)."""


@dataclass(frozen=True)
class Held:
    """Push-to-talk is held: the room is listening."""


Action = Woke | Opened | StartEarly | Request | Drop | Words | Held | GaveUp


@dataclass(frozen=True)
class TurnEnded:
    """What a finished turn leaves for the room's listening."""

    ran: bool
    """The turn ran (it was not refused before it started)."""
    asks: bool
    """Its reply asks something (``Reply.follow_up``)."""
    answered: bool
    """Research answered it: "How do you know?" may follow."""
    cut: bool
    """Its reply was cut short (a barge-in, ``stop``): the user moved on."""


@dataclass(frozen=True)
class Rings:
    """Something started (``on``) or stopped ringing in this room."""

    on: bool


Notice = TurnEnded | Rings
"""What the worker tells a room's turn-taking (the daemon passes it to the microphone's
thread, which alone drives the machine)."""


class TurnTaking:
    def __init__(self, listening: Listening, whole_command_silence_s: float = 0.0) -> None:
        self.listening = listening
        self.whole_command_silence_s = whole_command_silence_s
        self.words: WordWindow | None = None
        """The open window takes only these words; None: any request (or no window)."""
        self.early = False
        """A turn was started early at the current pause and is not yet confirmed."""
        self.ringing = False
        self.follow_up = False
        """The last reply asks something: a window opens once the worker is idle."""
        self.answered = False
        """The last reply answered: a "How do you know?" window opens once idle."""

    @property
    def quiet(self) -> bool:
        """No window is open or due, and nothing rings: the room may be rebuilt (a
        reload) without losing what the last reply opened."""
        due = self.follow_up or self.answered or self.ringing
        return not due and not self.listening.listening

    # what the owner tells it ----------------------------------------------------------
    def told(self, notice: Notice) -> None:
        if isinstance(notice, Rings):
            self.rings(notice.on)
        else:
            self.turn_ended(notice)

    def turn_ended(self, end: TurnEnded) -> None:
        self.follow_up = end.ran and end.asks and not end.cut
        self.answered = end.ran and end.answered and not end.cut and not self.follow_up

    def rings(self, on: bool) -> None:
        """Something started or stopped ringing in this room."""
        self.ringing = on

    def whole_command(self) -> None:
        """The turn started early read its words as whole commands: a shorter silence
        confirms it (``endpoint.whole_command_silence_s``; 0: the usual silence)."""
        if self.whole_command_silence_s > 0:
            self.listening.end_sooner(self.whole_command_silence_s)

    def woken(self) -> list[Action]:
        """The device heard its own wake word (a satellite's ``run-pipeline``)."""
        self.words = None
        self.listening.woken()
        return self._drop()

    def lost(self) -> list[Action]:
        """The device was lost: the window closes, and a turn started early never will be
        confirmed."""
        self.words = None
        self.listening.close()
        return self._drop()

    def held(self, block: Block, pre_roll: Iterable[Block]) -> list[Action]:
        """A block while push-to-talk is held: push-to-talk decides where the turn ends."""
        self.words = None
        self.listening.hold(block, pre_roll)
        return [*self._drop(), Held()]

    # audio ----------------------------------------------------------------------------
    def block(self, block: Block, now_s: float, busy: bool, idle: bool) -> list[Action]:
        """One block, ``now_s`` seconds of audio into the stream. ``busy``: the assistant
        is working or speaking (the wake word is then a barge-in); ``idle``: its worker
        has nothing to do or queued."""
        pushed = self.listening.release()
        if pushed is not None:
            return [Request(pushed.audio)]
        actions = self._open(idle)
        heard = self.listening.feed(block, now_s, speaking=busy)
        if isinstance(heard, Woke):
            self.words = None  # the wake word: a request of any kind
            return [*actions, *self._drop(), heard]
        if isinstance(heard, Spoke):
            window, self.words = self.words, None
            if window is not None:
                return [*actions, Words(window, heard.utterance)]
            self.early = False  # a request confirms it, or the owner drops it
            return [*actions, Request(heard.utterance)]
        if isinstance(heard, GaveUp):
            self.words = None
            return [*actions, heard]
        if isinstance(heard, Resumed):
            return [*actions, *self._drop()]
        if isinstance(heard, Tentative) and self._may_start_early(idle):
            self.early = True
            return [*actions, StartEarly(heard.utterance)]
        return actions

    def _open(self, idle: bool) -> list[Action]:
        """Windows that need no wake word: after a reply that asks (any request), while
        something rings ("Stop"), after an answer ("How do you know?")."""
        if self.listening.listening:
            return []
        if self.follow_up and idle:
            self.follow_up = False
            self.listening.follow_up()
            return [Opened()]
        if self.ringing:
            self.words = "stop"
        elif self.answered and idle:
            self.answered = False
            self.words = "where-from"
        else:
            return []
        self.listening.follow_up()
        return []

    def _may_start_early(self, idle: bool) -> bool:
        """A word window starts no turn early, nor does a room that rings or is busy."""
        return idle and not self.early and not self.ringing and self.words is None

    def _drop(self) -> list[Action]:
        if not self.early:
            return []
        self.early = False
        return [Drop()]
