"""The live daemon: ``app.Daemon`` wires the microphone loop (``microphone``), the
listening state machine (``voice_assistant.listening``), the turn service's worker and the
control socket (``wiring``); ``jobs`` holds its typed jobs, states and status."""

from voice_assistant.daemon.app import Daemon
from voice_assistant.daemon.jobs import EarconJob, Job, RingJob, SayJob, State, Status, TurnJob

__all__ = ["Daemon", "EarconJob", "Job", "RingJob", "SayJob", "State", "Status", "TurnJob"]
