"""Fills in the expectations of a transcript from a run of the daemon.

    python3 Protocol/tests/record_transcript.py Protocol/examples/cancel.jsonl

Keeps the file's {"send": ...} lines, runs them against the daemon over stdio and
writes, after each, the {"expect": ...} lines of what came back. The result is a
golden transcript only once a person has checked every expectation against the
specification (Protocol/README.md): the recorder copies what the daemon does, right
or wrong.
"""

import json
import sys
import time

from lsp_stdio import Daemon, expects_reply, read_transcript


def replies_of(message):
    """Whether the reply to `message` is this received message."""

    def matches(received):
        if isinstance(message, list) and message:
            return isinstance(received, list)
        if isinstance(message, dict) and "method" in message and "id" in message:
            wanted = message["id"]
            if isinstance(wanted, bool) or not isinstance(wanted, (str, int, float, type(None))):
                wanted = None  # an id that cannot be echoed is answered with id null
            return isinstance(received, dict) and "method" not in received and received.get("id") == wanted
        return isinstance(received, dict) and "method" not in received

    return matches


def record(path, quiet_time=0.3):
    sends = [message for kind, message in read_transcript(path) if kind == "send"]
    daemon = Daemon()
    lines = []
    try:
        for message in sends:
            lines.append({"send": message})
            daemon.send(message)
            if isinstance(message, dict) and message.get("method") == "exit":
                break
            if expects_reply(message):
                is_reply = replies_of(message)
                while True:
                    received = daemon.read()
                    if received is None:
                        raise SystemExit("the daemon ended while a reply was due")
                    lines.append({"expect": received})
                    if is_reply(received):
                        break
            # Anything else the daemon writes on its own would show up here.
            deadline = time.time() + quiet_time
            while time.time() < deadline:
                try:
                    received = daemon.read(timeout=max(0.01, deadline - time.time()))
                except TimeoutError:
                    break
                if received is None:
                    break
                lines.append({"expect": received})
        daemon.close_input()
        daemon.wait()
    finally:
        daemon.kill()
    with open(path, "w", encoding="utf-8") as handle:
        for line in lines:
            handle.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    for argument in sys.argv[1:]:
        record(argument)
        print("recorded", argument)
