"""Errors that carry a stage and a code, so a report row or a log line says what broke."""

from __future__ import annotations

from typing import Literal

from voice_assistant.error_codes import CODES


class AssistantError(Exception):
    """Base for every error the assistant explains to the user.

    ``code`` is a short stable identifier (``not-a-wav``, ``model-missing``) that reports
    and tests match on, listed with its meaning in ``error_codes.CODES``; the message is
    the sentence a person reads.
    """

    stage = "assistant"

    def __init__(self, code: str, message: str) -> None:
        if code not in CODES:
            raise ValueError(f"error code {code!r} is not in voice_assistant/error_codes.py")
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


class ConfigError(AssistantError):
    stage = "config"


class ModelError(AssistantError):
    stage = "models"


class AudioInputError(AssistantError):
    """A WAV (or other audio input) that cannot be used."""

    stage = "input"


class StageFailure(AssistantError):
    """An engine failed while running a stage (stt, answer, tts)."""

    def __init__(self, stage: str, code: str, message: str) -> None:
        super().__init__(code, message)
        self.stage = stage


class StorageError(AssistantError):
    """The database could not be written (disk full, read-only); nothing was half-written."""

    stage = "storage"


class Dropped(AssistantError):
    """A turn started on a tentative utterance (``listening.endpointing.Tentative``) that
    was not the end of the turn: raised where it would first do something lasting
    (``ThisTurn.go_ahead``), so it stops having stored, done and said nothing."""

    stage = "listen"


class Refused(AssistantError):
    """A turn refused before it ran (``pipeline.Delivery.gate``): a model file the running
    engine reads is damaged, or the daemon is stopping. Its code is the turn's stop reason."""

    stage = "refused"

    def __init__(self, code: Literal["model-damaged", "stopping"], message: str) -> None:
        super().__init__(code, message)
        self.reason = code
