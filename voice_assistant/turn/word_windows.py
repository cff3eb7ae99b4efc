"""Windows a microphone opens without the wake word for a few words only: "Stop" while
something rings, "How do you know?" right after an answer. Whisper reads what was said in
such a window; anything else heard there is ignored and logged, so a radio cannot start a
turn. Pure decisions on the words; ``daemon/mic_reader.py`` and ``satellite/link.py``
open the windows."""

from __future__ import annotations

import re
from typing import Literal

from voice_assistant.turn.where_from import asks_where_from

WordWindow = Literal["stop", "where-from"]
STOP = re.compile(
    r"^(?:ok |okay |alright |hey )?(?:stop(?: it| that| the alarm| ringing| now)?"
    r"|turn (?:it |that |the alarm )?off|alarm off|enough|quiet|silence|shut up"
    r"|cancel(?: it| that| the alarm)?|i'm up|i am up|i'm awake|i am awake)"
    r"(?: please| now| thanks| thank you)?$"
)


def says_stop(text: str) -> bool:
    """ "Stop.", "OK, stop it please", "Turn it off", "I'm up": the ringing should end."""
    return bool(STOP.match(" ".join(re.findall(r"[\w']+", text.lower()))))


def wanted(window: WordWindow, text: str) -> bool:
    """Whether what was heard in ``window`` is what that window listens for."""
    return says_stop(text) if window == "stop" else asks_where_from(text)
