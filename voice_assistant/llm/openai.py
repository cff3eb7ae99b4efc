"""The ``openai`` backend: an OpenAI-compatible chat-completions server.

llama-cpp-python's ``llama_cpp.server``, llama.cpp's ``llama-server``, vLLM, Ollama: the
request shape differs where they differ (``llm.openai.dialect``): how a JSON schema is
sent, whether a GBNF grammar or prompt caching can be. The reply is streamed, so the
call's deadline is kept by reading no further (and closing the connection) when it
passes; the output allowance is ``max_tokens``. Nothing is retried: a retry would run a
turn's call twice. Token counts come from the server's ``usage`` when it streams one,
else the written tokens are the streamed pieces and the prompt a conservative estimate.
"""

from __future__ import annotations

import http.client
import json
import time
import urllib.parse
from collections.abc import Iterator
from typing import Any

from voice_assistant.config import OpenAIConfig
from voice_assistant.errors import StageFailure
from voice_assistant.llm.base import Completion, Message, Task, prompt_tokens

GRAMMAR_FIELD = {"llama-cpp-python": "grammar", "llama.cpp": "grammar"}
"""Dialects that take a GBNF grammar, and the request field it goes in."""


def request_body(
    config: OpenAIConfig,
    messages: list[Message],
    max_tokens: int,
    json_schema: dict[str, Any] | None,
    grammar: str | None,
    temperature: float,
    seed: int,
) -> dict[str, Any]:
    """The chat-completions request, in the server's dialect (pure, for tests)."""
    body: dict[str, Any] = {
        "model": config.model,
        "messages": [{"role": m.role, "content": m.content} for m in messages],
        "max_tokens": max_tokens,
        "temperature": temperature,
        "seed": seed,
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    dialect = config.dialect
    if json_schema is not None:
        if dialect == "llama-cpp-python":  # its request model refuses "json_schema"
            body["response_format"] = {"type": "json_object", "schema": json_schema}
        else:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "reply", "schema": json_schema, "strict": True},
            }
    if grammar is not None and dialect in GRAMMAR_FIELD:
        body[GRAMMAR_FIELD[dialect]] = grammar
    if dialect == "llama.cpp":
        body["cache_prompt"] = True
    return body


def server_events(lines: Iterator[bytes]) -> Iterator[dict[str, Any]]:
    """The JSON objects of a server-sent event stream, until ``[DONE]``."""
    for raw in lines:
        line = raw.strip()
        if not line.startswith(b"data:"):
            continue
        data = line[5:].strip()
        if data == b"[DONE]":
            return
        try:
            event = json.loads(data)
        except ValueError:
            continue
        if isinstance(event, dict):
            yield event


class OpenAICompatibleLLM:
    def __init__(self, config: OpenAIConfig, temperature: float = 0.0, seed: int = 0) -> None:
        self.config = config
        self.temperature = temperature
        self.seed = seed
        url = urllib.parse.urlsplit(config.base_url)
        self.https = url.scheme == "https"
        self.host = url.hostname or "localhost"
        self.port = url.port or (443 if self.https else 80)
        self.path = url.path.rstrip("/") + "/chat/completions"

    def _connect(self, timeout: float) -> http.client.HTTPConnection:
        cls = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
        return cls(self.host, self.port, timeout=timeout)

    def complete(
        self,
        messages: list[Message],
        *,
        task: Task,
        max_tokens: int,
        deadline_s: float,
        json_schema: dict[str, Any] | None = None,
        grammar: str | None = None,
    ) -> Completion:
        started = time.monotonic()
        body = request_body(
            self.config, messages, max_tokens, json_schema, grammar, self.temperature, self.seed
        )
        headers = {"Content-Type": "application/json", "Accept": "text/event-stream"}
        if self.config.api_key.get_secret_value():
            headers["Authorization"] = f"Bearer {self.config.api_key.get_secret_value()}"
        where = self.config.base_url
        conn = self._connect(min(self.config.connect_timeout_s, deadline_s))
        pieces: list[str] = []
        usage: dict[str, Any] = {}
        finish = "length"
        try:
            try:
                conn.request("POST", self.path, json.dumps(body), headers)
                if conn.sock is not None:
                    conn.sock.settimeout(max(0.05, deadline_s - (time.monotonic() - started)))
                response = conn.getresponse()
            except TimeoutError:
                return self._completion(messages, task, pieces, started, usage, "deadline")
            except (OSError, http.client.HTTPException) as exc:
                raise StageFailure(
                    "answer", "llm-unreachable", f"the LLM server at {where} is unreachable: {exc}"
                ) from exc
            if response.status >= 400:
                text = response.read(500).decode("utf-8", "replace").strip()
                raise StageFailure(
                    "answer",
                    "llm-refused",
                    f"the LLM server at {where} refused the {task} call "
                    f"(HTTP {response.status}): {text}",
                )
            try:
                for event in server_events(self._lines(response, conn, started, deadline_s)):
                    usage = event.get("usage") or usage
                    for choice in event.get("choices") or []:
                        piece = (choice.get("delta") or {}).get("content")
                        if piece:
                            pieces.append(piece)
                        finish = choice.get("finish_reason") or finish
            except TimeoutError:
                return self._completion(messages, task, pieces, started, usage, "deadline")
        finally:
            conn.close()
        return self._completion(messages, task, pieces, started, usage, finish)

    def _lines(
        self,
        response: http.client.HTTPResponse,
        conn: http.client.HTTPConnection,
        started: float,
        deadline_s: float,
    ) -> Iterator[bytes]:
        """The response's lines, each read within what is left of the deadline."""
        while True:
            left = deadline_s - (time.monotonic() - started)
            if left <= 0:
                raise TimeoutError
            if conn.sock is not None:
                conn.sock.settimeout(left)
            try:
                line = response.readline()
            except TimeoutError as exc:
                raise TimeoutError from exc
            if not line:
                return
            yield line

    def _completion(
        self,
        messages: list[Message],
        task: Task,
        pieces: list[str],
        started: float,
        usage: dict[str, Any],
        finish: str,
    ) -> Completion:
        reason = finish if finish in ("stop", "length", "deadline") else "stop"
        return Completion(
            text="".join(pieces).strip(),
            prompt_tokens=int(usage.get("prompt_tokens") or prompt_tokens(self, messages, task)),
            completion_tokens=int(usage.get("completion_tokens") or len(pieces)),
            finish_reason=reason,
            seconds=time.monotonic() - started,
        )
