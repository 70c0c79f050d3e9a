"""The frames an editor sends to `dof lsp`, checked before pygls reads them.

pygls reads each message as header lines, a blank line and a body of
``Content-Length`` bytes, and trusts that header: a huge length makes it
allocate the whole body at once (MemoryError ends the server), and a length
that is wrong, negative, not a number or missing leaves it reading the rest
of the stream as headers, so that no message is ever answered again.

:class:`Frames` stands between the editor's stream and pygls (pygls reads
it with ``readline`` and ``read``, as it reads stdin). It passes on each
well-formed message, framed as pygls expects it; a malformed one is
answered with a JSON-RPC error whose id is null (the id of a message that
cannot be read is unknown: JSON-RPC 2.0, section 5) and skipped up to the
next ``Content-Length`` header, where serving goes on.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from typing import BinaryIO

#: The largest body accepted (64 MB): a card file is a few kilobytes.
MAX_BODY = 64 * 1024 * 1024
#: The longest line read at once while looking for headers in a stream that
#: may be a lost body: what is skipped is never held whole.
MAX_LINE = 64 * 1024
#: JSON-RPC 2.0 error codes (section 5.1).
PARSE_ERROR, INVALID_REQUEST = -32700, -32600

_LENGTH = re.compile(rb"content-length:", re.IGNORECASE)


class Frames:
    """The editor's messages as pygls reads them (``readline``, ``read``):
    only well-formed ones; ``answer`` sends a framed reply to a malformed one."""

    def __init__(self, stream: BinaryIO, answer: Callable[[bytes], object]) -> None:
        self.stream = stream
        self.answer = answer
        self.ready = b""  # the next message, framed for pygls, not yet read
        self.carry = b""  # bytes of a long line kept for the next line

    # ------------------------------------------------------- what pygls reads
    def readline(self) -> bytes:
        """A line of the next well-formed message; b"" at the end of input."""
        if not self.ready:
            body = self.message()
            if body is None:
                return b""
            self.ready = b"Content-Length: %d\r\n\r\n" % len(body) + body
        end = self.ready.find(b"\n") + 1 or len(self.ready)
        line, self.ready = self.ready[:end], self.ready[end:]
        return line

    def read(self, n: int) -> bytes:
        """The body of the message whose headers were read."""
        data, self.ready = self.ready[:n], self.ready[n:]
        return data

    # ------------------------------------------------- what the editor sent
    def message(self) -> bytes | None:
        """The body of the next well-formed message (None at the end of
        input); each malformed one before it is answered and skipped."""
        while True:
            length = self.headers()
            if length is None:
                return None
            if isinstance(length, str):
                self.refuse(INVALID_REQUEST, f"Invalid request: {length}")
                continue
            body = self.stream.read(length)
            if len(body) < length:
                return None
            try:
                json.loads(body)
            except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
                self.refuse(PARSE_ERROR, f"Parse error: the {length} bytes the Content-Length "
                                         "header gives are not a JSON message")
                continue
            return body

    def headers(self) -> int | str | None:
        """The body length a header block gives, or why it gives none (a
        str); None at the end of input. A header found inside a line (after
        the rest of a body whose length was too small, or was not given)
        begins a new block there."""
        value: bytes | None = None
        while True:
            line = self.line()
            if not line:
                return None
            found = _LENGTH.search(line)
            if found and found.start() > 0:  # what came before is a lost body
                line, value = line[found.start():], None
                found = _LENGTH.match(line)
            if not line.strip():
                return _length(value)
            if found and value is None:
                value = line[found.end():].strip()

    def line(self) -> bytes:
        """The next line, at most MAX_LINE bytes (a longer one comes in
        parts, each overlapping the last by a header name's length)."""
        line = self.carry + self.stream.readline(MAX_LINE)
        self.carry = b""
        if len(line) >= MAX_LINE and not line.endswith(b"\n"):
            self.carry = line[-len(_LENGTH.pattern):]
        return line

    def refuse(self, code: int, message: str) -> None:
        body = json.dumps({"jsonrpc": "2.0", "id": None,
                           "error": {"code": code, "message": message}}).encode()
        self.answer(b"Content-Length: %d\r\n\r\n" % len(body) + body)


def _length(value: bytes | None) -> int | str:
    """The body length a Content-Length header's ``value`` gives, or why not."""
    if value is None:
        return "the message has no Content-Length header"
    text = value.decode("ascii", "replace")
    if not value.isdigit() or len(value) > 20:
        return f"Content-Length {text[:40]!r} is not a number of bytes"
    if not 0 < int(value) <= MAX_BODY:
        return (f"Content-Length {int(value)} is not between 1 and {MAX_BODY} bytes "
                f"({MAX_BODY // 2 ** 20} MB)")
    return int(value)


class Output:
    """The stream to the editor, written a whole message at a time by pygls
    and by Frames (which runs in pygls' reading thread)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.lock = threading.Lock()

    def write(self, data: bytes) -> None:
        with self.lock:
            self.stream.write(data)
            self.stream.flush()

    def flush(self) -> None:
        with self.lock:
            self.stream.flush()

    def close(self) -> None:
        self.stream.close()
