#!/usr/bin/env python3
"""A TCP proxy that breaks connections on command, for tests of reconnection and keepalive.

Listens on 127.0.0.1 and forwards every accepted connection to the upstream, byte for byte, until
told otherwise.

Usage:
    fault_proxy.py --upstream HOST:PORT [--port N]

Protocol:
    stdout  first `PORT <n>` (flushed) once it accepts connections, then exactly one line for each
            command, in order.
    stdin   one command a line; end of file stops the proxy (exit 0). SIGTERM and SIGINT stop it too.

Commands and their reply line:
    reset           close every open connection pair, both sides, with a TCP RST (SO_LINGER 0). `ok`
    blackhole on    stop forwarding on every open connection, both ways, and keep its sockets open:
                    no data, no FIN, no RST. Connections accepted while it is on are held the same
                    way (never connected upstream). Bytes received are discarded. `ok`
    blackhole off   connections accepted from now on are forwarded again; the ones blackholed stay
                    silent until their client closes (then both sides are closed). `ok`
    latency <ms>    delay every chunk received from now on by <ms> milliseconds, in both
                    directions, keeping their order (0 turns it off). `ok`
    stats           one JSON object: {"accepted", "open", "blackholed", "resets", "upstreamFailures",
                    "bytesToUpstream", "bytesToClient"}: connections accepted so far, still open,
                    open and blackholed, closed by `reset`, that could not reach the upstream, and the
                    bytes forwarded each way.
    anything else   `error <reason>`
"""

import argparse
import asyncio
import json
import os
import signal
import socket
import struct
import sys
import threading

CHUNK = 65536


def abort_with_rst(writer):
    """Closes a connection at once with a RST instead of a FIN (SO_LINGER on, timeout 0)."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass  # already closed by the peer
    writer.transport.abort()


class Proxy:
    """The proxy's settings, counters and open connection pairs; used only on the event loop's thread."""

    def __init__(self, upstream_host, upstream_port):
        self.upstream = (upstream_host, upstream_port)
        self.blackhole = False
        self.latency = 0.0
        self.pairs = set()
        self.handlers = set()  # the accept() tasks still running
        self.counts = {"accepted": 0, "resets": 0, "upstreamFailures": 0, "bytesToUpstream": 0, "bytesToClient": 0}

    async def accept(self, client_reader, client_writer):
        self.counts["accepted"] += 1
        pair = Pair(self, client_writer)
        self.pairs.add(pair)
        handler = asyncio.current_task()
        self.handlers.add(handler)
        try:
            if self.blackhole:
                pair.dead = True
                await pair.hold(client_reader)
                return
            try:
                upstream_reader, pair.upstream_writer = await asyncio.open_connection(*self.upstream)
            except OSError:
                self.counts["upstreamFailures"] += 1
                client_writer.close()
                return
            await pair.forward(client_reader, upstream_reader)
        finally:
            self.pairs.discard(pair)
            self.handlers.discard(handler)

    async def shut_down(self):
        """Closes every pair and lets their handlers return.

        The handlers are not cancelled: asyncio 3.11 logs a spurious traceback for a cancelled
        connection handler. Closing both sockets ends every read, so each handler returns on its own.
        """
        for pair in list(self.pairs):
            pair.close()
        if self.handlers:
            await asyncio.wait(list(self.handlers), timeout=2)

    def command(self, line):
        """Runs one command line and returns its reply line."""
        words = line.split()
        if words == ["reset"]:
            for pair in list(self.pairs):
                pair.reset()
                self.counts["resets"] += 1
            return "ok"
        if words in (["blackhole", "on"], ["blackhole", "off"]):
            self.blackhole = words[1] == "on"
            if self.blackhole:
                for pair in self.pairs:
                    pair.dead = True
            return "ok"
        if len(words) == 2 and words[0] == "latency" and words[1].isdigit():
            self.latency = int(words[1]) / 1000
            return "ok"
        if words == ["stats"]:
            stats = dict(self.counts)
            stats["open"] = len(self.pairs)
            stats["blackholed"] = sum(1 for pair in self.pairs if pair.dead)
            return json.dumps(stats, separators=(",", ":"), sort_keys=True)
        return f"error unknown command {line.strip()!r}"


# What a direction's queue carries besides (due time, chunk) entries: how its stream ended.
END_OF_STREAM = object()  # FIN: passed on as a half-close
RESET = object()  # an error such as ECONNRESET: both sides are reset


class Pair:
    """One client connection and its upstream connection.

    Each direction runs two tasks joined by a queue: a reader that stamps every chunk with the time it
    is due, and a writer that waits for that time, so latency delays chunks without reordering them.
    Once `dead` (blackholed), chunks are dropped and ends of stream are not passed on; the pair then
    lasts until the client leaves.
    """

    def __init__(self, proxy, client_writer):
        self.proxy = proxy
        self.client_writer = client_writer
        self.upstream_writer = None
        self.dead = False

    async def hold(self, client_reader):
        """Keeps a connection accepted during a blackhole open and silent until its client leaves."""
        try:
            while await client_reader.read(CHUNK):
                pass
        except OSError:
            pass
        self.close()

    async def forward(self, client_reader, upstream_reader):
        loop = asyncio.get_running_loop()
        to_upstream = asyncio.Queue()
        to_client = asyncio.Queue()
        client_read = loop.create_task(self._read(client_reader, to_upstream, from_client=True))
        client_written = loop.create_task(self._write(to_client, self.client_writer, "bytesToClient"))
        tasks = [
            client_read,
            client_written,
            loop.create_task(self._read(upstream_reader, to_client, from_client=False)),
            loop.create_task(self._write(to_upstream, self.upstream_writer, "bytesToUpstream")),
        ]
        try:
            # The pair is over when the client has no more to say and has been told everything, or
            # (blackholed) as soon as the client leaves.
            await client_read
            if not self.dead:
                await client_written
        finally:
            for task in tasks:
                task.cancel()
            self.close()

    async def _read(self, reader, queue, from_client):
        loop = asyncio.get_running_loop()
        try:
            while chunk := await reader.read(CHUNK):
                if not self.dead:
                    queue.put_nowait((loop.time() + self.proxy.latency, chunk))
            ending = END_OF_STREAM
        except OSError:
            ending = RESET
        if self.dead and not from_client:
            return  # a blackholed pair tells the client nothing, not even that the upstream left
        queue.put_nowait((loop.time() + self.proxy.latency, ending))

    async def _write(self, queue, writer, counter):
        loop = asyncio.get_running_loop()
        while True:
            due, item = await queue.get()
            await asyncio.sleep(max(0.0, due - loop.time()))
            if item is RESET:
                self.reset()
                return
            if writer.transport.is_closing():
                return
            if item is END_OF_STREAM:
                if not self.dead and writer.can_write_eof():
                    writer.write_eof()
                return
            if self.dead:
                continue
            try:
                writer.write(item)
                await writer.drain()
            except OSError:
                self.reset()
                return
            self.proxy.counts[counter] += len(item)

    def reset(self):
        for writer in (self.client_writer, self.upstream_writer):
            if writer is not None and not writer.transport.is_closing():
                abort_with_rst(writer)

    def close(self):
        for writer in (self.client_writer, self.upstream_writer):
            if writer is not None and not writer.transport.is_closing():
                writer.close()


def serve_commands(loop, proxy, stop):
    """Reads command lines from stdin on a thread, runs each on the loop and prints its reply."""

    def run():
        pending = b""
        # os.read on the raw descriptor: a thread blocked in sys.stdin's buffered reader would hold its
        # lock and make the interpreter abort at exit.
        while chunk := os.read(sys.stdin.fileno(), 4096):
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                if not line.strip():
                    continue
                reply = asyncio.run_coroutine_threadsafe(run_command(line.decode()), loop).result()
                print(reply, flush=True)
        loop.call_soon_threadsafe(stop.set)

    async def run_command(line):
        return proxy.command(line)

    threading.Thread(target=run, name="commands", daemon=True).start()


async def serve(upstream_host, upstream_port, port):
    proxy = Proxy(upstream_host, upstream_port)
    server = await asyncio.start_server(proxy.accept, "127.0.0.1", port)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
    serve_commands(loop, proxy, stop)
    await stop.wait()
    server.close()
    await proxy.shut_down()


def main():
    parser = argparse.ArgumentParser(description="TCP proxy with commands to reset and blackhole connections.")
    parser.add_argument("--upstream", required=True, help="HOST:PORT to forward to")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default 0: a free port)")
    arguments = parser.parse_args()
    host, _, port = arguments.upstream.rpartition(":")
    if not host or not port.isdigit():
        print(f"fault_proxy: --upstream must be HOST:PORT, not {arguments.upstream!r}", file=sys.stderr)
        return 2
    asyncio.run(serve(host, int(port), arguments.port))
    return 0


if __name__ == "__main__":
    sys.exit(main())
