"""Windows the microphone opens without the wake word for a few words only: "Stop" while
an alarm or reminder rings, "How do you know?" right after an answer. What was said is
read by whisper on the microphone's thread (the worker is ringing, or idle); anything else
heard in such a window is ignored and logged, so a radio cannot start a turn. Pure
decisions here; ``mic_reader`` opens the windows."""

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
