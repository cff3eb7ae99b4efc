"""The research stage: from a question to a reply.

For now ``plain.PlainAnswer`` answers from the LLM with a plain prompt; the memory-backed
research and notes core replaces it behind the same ``Researcher`` interface.
"""
