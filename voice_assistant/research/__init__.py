"""The research and notes core: from a question to a reviewed answer.

``core.MemoryResearch`` researches a question in the memories, writes the final answer from
notes and has code review it before it is used (``answering``); see docs/architecture.md.
"""
