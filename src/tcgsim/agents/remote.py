"""An agent in another process, which receives only the protocol's messages (docs/protocol.md).

An agent written by someone else (a benchmark entry) must not be able to read the game: in the same
process it could reach the live game through the runner's frames. :class:`ProcessAgent` runs it as a
separate program instead (``--agents proc:COMMAND``): for each of its decisions the program reads, on its
standard input, one JSON message per line -- the seat's new ``events``, its ``view`` and the ``request``
(exactly what :meth:`tcgsim.core.session.Session.status` sends a seat) -- and answers with one JSON line
on its standard output, ``{"type": "answer", "decision": N, "index": I}`` (or ``"option": LABEL``).
The session validates the answer like any message (an ``error`` reply ends the game with
:class:`~tcgsim.core.session.SessionError`).

``python -m tcgsim.agents.remote`` is an example program: it always answers the first option.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys

from ..errors import UserError


class ProcessAgent:
    """The agent run by ``command`` (a command line, split as a shell would, without a shell) in its own
    process. ``needs_messages``: :func:`tcgsim.core.session.act` hands it the seat's protocol messages
    (:meth:`respond`) instead of calling ``choose``. The process is started at the first decision and
    stopped by :meth:`close`. Raises :class:`~tcgsim.errors.UserError` when the command cannot be started
    or the program ends or answers with something other than one JSON object per line."""

    needs_view = False
    needs_messages = True

    def __init__(self, command: str) -> None:
        self.command = command
        self.name = f"proc:{command}"
        self._proc: subprocess.Popen | None = None

    def _start(self) -> subprocess.Popen:
        if self._proc is None:
            argv = shlex.split(self.command)
            if not argv:
                raise UserError("proc: needs a command, e.g. proc:python -m tcgsim.agents.remote")
            try:
                self._proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                              bufsize=1)
            except OSError as exc:
                raise UserError(f"agent {self.name!r}: cannot start the command: {exc}") from None
        return self._proc

    def respond(self, messages: list[dict]) -> dict:
        """Send ``messages`` (one JSON line each) and return the program's answer (a dict)."""
        proc = self._start()
        try:
            for m in messages:
                proc.stdin.write(json.dumps(m) + "\n")
            proc.stdin.flush()
            line = proc.stdout.readline()
        except (BrokenPipeError, OSError):
            line = ""
        if not line:
            raise UserError(f"agent {self.name!r} ended without answering")
        try:
            answer = json.loads(line)
        except ValueError:
            raise UserError(f"agent {self.name!r} answered {line.strip()[:100]!r}: not JSON") from None
        if not isinstance(answer, dict):
            raise UserError(f"agent {self.name!r} answered {line.strip()[:100]!r}: not a JSON object")
        return answer

    def choose(self, view, decision, labels) -> int:  # pragma: no cover - act() uses respond()
        raise TypeError("a ProcessAgent answers protocol messages: play it through tcgsim.core.session.act")

    def close(self) -> None:
        """Stop the program (its standard input is closed; it is killed if it does not end within 2 s)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()

    def __del__(self) -> None:
        self.close()


def from_name(name: str) -> "ProcessAgent | None":
    """The agent named ``proc:COMMAND`` (``proc`` in any case; the command keeps its case), or ``None``
    for another name (each game's ``make_agent`` asks this first)."""
    text = str(name).strip()
    if text[:5].lower() != "proc:":
        return None
    return ProcessAgent(text[5:].strip())


def main() -> None:
    """The example program: answer the first option of every request, until standard input ends."""
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "request":
            print(json.dumps({"type": "answer", "decision": message["decision"], "index": 0}), flush=True)


if __name__ == "__main__":
    main()
