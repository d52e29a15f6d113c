#!/usr/bin/env python3
"""Writes Sources/transitiond/startup-order.txt: the symbols (code and data) the release
daemon touches between exec and its first reply, in the order it first touches them.

The release link hands the file to lld (--symbol-ordering-file), which lays those
symbols out side by side. Spread over the whole executable they cost a page fault per
64 KiB window touched, about 3 µs each on a virtual machine: most of the gap between an
empty Swift program and the first reply. Symbols missing from a later build are
ignored, so a stale file only costs speed; run this again after large changes to
start-up (it needs valgrind and a release build):

    swift build -c release --product transitiond
    python3 scripts/startup-order.py [path/to/transitiond]
"""

import bisect
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Sources", "transitiond", "startup-order.txt")
INITIALIZE = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"capabilities":{}}}'


def symbols(binary):
    """(start, size, name) of every defined symbol with a size, sorted by address."""
    listing = subprocess.run(
        ["nm", "-n", "-S", "--defined-only", binary], check=True, capture_output=True, text=True
    ).stdout
    table = []
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and int(fields[1], 16) > 0:
            table.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    table.sort()
    return table


def traced_addresses(binary):
    """Every address the daemon reads, writes or executes until it has answered
    `initialize` over stdio and seen its input end, in order (valgrind's lackey)."""
    with tempfile.TemporaryDirectory() as scratch:
        log = os.path.join(scratch, "trace")
        daemon = subprocess.Popen(
            ["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={log}", binary, "--stdio"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        daemon.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(INITIALIZE), INITIALIZE))
        daemon.stdin.flush()
        header = daemon.stdout.readline()
        if not header.startswith(b"Content-Length:"):
            sys.exit(f"startup-order: no reply from {binary}")
        daemon.stdin.close()
        daemon.stdout.read()
        daemon.wait()
        with open(log) as trace:
            for line in trace:
                if line.startswith("=="):
                    continue
                fields = line.split()
                if len(fields) == 2:
                    yield int(fields[1].split(",")[0], 16)


def first_touch_order(binary):
    table = symbols(binary)
    starts = [start for start, _, _ in table]
    seen = set()
    order = []
    for address in traced_addresses(binary):
        index = bisect.bisect_right(starts, address) - 1
        if index < 0:
            continue
        start, size, name = table[index]
        if address < start + size and name not in seen:
            seen.add(name)
            order.append(name)
    return order


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "transitiond")
    order = first_touch_order(binary)
    if len(order) < 100:
        sys.exit(f"startup-order: only {len(order)} symbols traced; is {binary} a release build?")
    with open(OUTPUT, "w") as out:
        out.write("# Made by scripts/startup-order.py: the symbols the release daemon touches before\n")
        out.write("# its first reply, in first-touch order, for lld's --symbol-ordering-file.\n")
        out.writelines(name + "\n" for name in order)
    print(f"{len(order)} symbols written to {os.path.relpath(OUTPUT, ROOT)}")


if __name__ == "__main__":
    main()
