"""Alarms and reminders: how long an alarm rings, and the zone its times are read in."""

from __future__ import annotations

import datetime as dt
import zoneinfo

from pydantic import Field, field_validator

from voice_assistant.config.section import Section


class AlarmsConfig(Section):
    ring_for_s: float = Field(
        60.0,
        gt=0,
        description="An alarm nobody stops rings this long, then stops and is recorded missed.",
    )
    timezone: str = Field(
        "",
        description="The zone alarm times are read in, e.g. Europe/Berlin; empty = the "
        "system's. 7:00 stays 7:00 across a daylight-saving change either way.",
    )

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        if value:
            try:
                zoneinfo.ZoneInfo(value)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError) as exc:
                raise ValueError(f"unknown time zone {value!r} (e.g. Europe/Berlin)") from exc
        return value

    def zone(self) -> dt.tzinfo | None:
        """None: the system's own rules (naive local times)."""
        return zoneinfo.ZoneInfo(self.timezone) if self.timezone else None
