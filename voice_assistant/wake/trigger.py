"""When wake-word scores wake the assistant: a pure rule, with time as an input.

A wake needs ``trigger_level`` consecutive frames at or above the threshold (one loud
frame is not a word), and after a wake the word is ignored for ``refractory_s`` (the same
utterance must not wake it twice). While the assistant speaks, the stricter barge-in
threshold applies, so its own voice does not wake it but a user's clear call still does.
"""

from __future__ import annotations

from voice_assistant.config import WakeConfig


class WakeTrigger:
    def __init__(self, config: WakeConfig) -> None:
        self.config = config
        self.run = 0
        self.quiet_until = float("-inf")

    def update(self, now_s: float, score: float, speaking: bool = False) -> bool:
        """Feed one frame's score at time ``now_s``; True when this frame wakes us."""
        threshold = self.config.barge_in_threshold if speaking else self.config.threshold
        self.run = self.run + 1 if score >= threshold else 0
        if now_s < self.quiet_until or self.run < self.config.trigger_level:
            return False
        self.run = 0
        self.quiet_until = now_s + self.config.refractory_s
        return True
