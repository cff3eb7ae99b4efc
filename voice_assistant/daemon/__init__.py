"""The live daemon: ``app.Daemon`` puts it together and runs it; ``mic_reader`` reads the
microphone through the room's turn-taking (``voice_assistant.listening``), ``job_runner``
runs its turns and jobs on the turn service's worker, ``control_socket`` and
``socket_requests`` answer the control socket, ``board`` holds its state; ``jobs`` holds
its typed jobs, states and status."""

from voice_assistant.daemon.app import Daemon
from voice_assistant.daemon.jobs import EarconJob, Job, RingJob, SayJob, State, Status

__all__ = ["Daemon", "EarconJob", "Job", "RingJob", "SayJob", "State", "Status"]
