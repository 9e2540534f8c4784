#!/usr/bin/env python3
"""A scripted Firestore Listen server for tests.

Serves `/google.firestore.v1.Firestore/Listen` on 127.0.0.1 from a script, so that tests can play back
what the emulator cannot produce: Google's conformance streams, broken or hostile messages, chosen
status codes.

Usage:
    replay_server.py (--script FILE | --conformance FILE) [--port N] [--log FILE]

Protocol:
    stdout  one line `PORT <n>` (flushed) once the server accepts connections; nothing else.
    stdin   not read for commands; the server exits cleanly on end of file, SIGTERM or SIGINT.
    exit    0 after a clean stop, 2 for a bad command line or script.

Script (`--script`), JSON:
    {"streams": [{"responses": [STEP, ...], "end": END}, ...]}
    STEP  a ListenResponse in proto3 JSON (`{"targetChange": {"targetChangeType": "CURRENT"}}`),
          or {"rawHex": "ff00"}: these bytes sent as one message (one that does not decode),
          or {"sleepMs": n}: a pause.
    END   "hold": keep the stream open until the client half-closes (then end with OK, as the
                  emulator does) or cancels;
          "ok": end with status OK at once;
          {"code": "UNAVAILABLE", "message": "..."}: end with that gRPC status.
    The k-th Listen call (k = 0, 1, ...) plays streams[k]; calls past the end replay the last entry.
    A stream starts sending once it has received its first ListenRequest (the AddTarget); later
    requests (a RemoveTarget, another AddTarget) are logged and otherwise ignored.

`--conformance FILE` takes one of Google's listen conformance tests (`{"tests": [{"listen":
{"responses": [...]}}]}`) and plays its responses on one stream that ends with "hold".

Log (`--log FILE`), appended, one JSON object a line, flushed at once:
    {"call": k, "event": "metadata", "metadata": {"key": "value", ...}}   when call k starts;
        `authorization` is cut to its scheme ("Bearer"), `-bin` values are base64, and a key sent
        several times has its values joined with ", ".
    {"call": k, "event": "request", "request": {<proto3 JSON ListenRequest>}}
    {"call": k, "event": "request", "undecodable": "<hex>"}
    {"call": k, "event": "halfClose"}     the client closed its side of the stream;
    {"call": k, "event": "cancelled"}     the call ended by the client's cancel (or a server stop).
"""

import argparse
import asyncio
import base64
import json
import os
import signal
import sys
import threading

import grpc
from google.cloud.firestore_v1.types import ListenRequest, ListenResponse
from google.protobuf import json_format

SERVICE = "google.firestore.v1.Firestore"

# When a client cancels, grpc.aio first ends the request iterator as a half-close would, and cancels the
# handler's task a moment later (within a few milliseconds here). A half-close is therefore only
# believed, logged and answered with OK once this long has passed without that cancellation.
CANCEL_GRACE_SECONDS = 0.1


class ScriptError(Exception):
    """The script is malformed; the message says where."""


class Step:
    """One prepared step of a stream: bytes to send, or a pause."""

    def __init__(self, payload=None, sleep_seconds=None):
        self.payload = payload
        self.sleep_seconds = sleep_seconds


class StreamPlan:
    """The steps of one Listen call and how it ends ("hold", "ok" or a (StatusCode, message) pair)."""

    def __init__(self, steps, end):
        self.steps = steps
        self.end = end


def prepare_step(step, where):
    """Turns one script step into a Step, encoding responses now so that a bad script fails at start."""
    if not isinstance(step, dict):
        raise ScriptError(f"{where}: expected an object, got {step!r}")
    if "rawHex" in step:
        try:
            return Step(payload=bytes.fromhex(step["rawHex"]))
        except ValueError as error:
            raise ScriptError(f"{where}: rawHex: {error}") from error
    if "sleepMs" in step:
        return Step(sleep_seconds=float(step["sleepMs"]) / 1000)
    try:
        response = ListenResponse.from_json(json.dumps(step))
    except json_format.ParseError as error:
        raise ScriptError(f"{where}: not a ListenResponse: {error}") from error
    return Step(payload=ListenResponse.serialize(response))


def prepare_end(end, where):
    """Validates a stream's `end`; a status becomes (grpc.StatusCode, message)."""
    if end in ("hold", "ok"):
        return end
    if isinstance(end, dict) and "code" in end:
        try:
            code = grpc.StatusCode[end["code"]]
        except KeyError as error:
            raise ScriptError(f"{where}: unknown status code {end['code']!r}") from error
        return (code, str(end.get("message", "")))
    raise ScriptError(f"{where}: end must be \"hold\", \"ok\" or {{\"code\": ..., \"message\": ...}}")


def prepare_script(script):
    """Validates a whole script and returns its StreamPlans."""
    streams = script.get("streams") if isinstance(script, dict) else None
    if not isinstance(streams, list) or not streams:
        raise ScriptError('the script needs a non-empty "streams" list')
    plans = []
    for index, stream in enumerate(streams):
        where = f"streams[{index}]"
        steps = [prepare_step(step, f"{where}.responses[{n}]") for n, step in enumerate(stream.get("responses", []))]
        plans.append(StreamPlan(steps, prepare_end(stream.get("end", "hold"), f"{where}.end")))
    return plans


def conformance_script(test_file):
    """The script for one conformance test: its responses on one stream that stays open."""
    tests = test_file.get("tests") if isinstance(test_file, dict) else None
    if not tests or "listen" not in tests[0]:
        raise ScriptError('the conformance file needs {"tests": [{"listen": {...}}]}')
    return {"streams": [{"responses": tests[0]["listen"].get("responses", []), "end": "hold"}]}


class RequestLog:
    """Appends JSON lines to a file, one write and flush per line, safe to call from any thread."""

    def __init__(self, path):
        self._file = open(path, "a", encoding="utf-8") if path else None
        self._lock = threading.Lock()

    def write(self, entry):
        if self._file is None:
            return
        line = json.dumps(entry, separators=(",", ":"), sort_keys=True)
        with self._lock:
            self._file.write(line + "\n")
            self._file.flush()

    def close(self):
        if self._file is not None:
            self._file.close()


def describe_metadata(metadata):
    """The call's metadata as a dict for the log, with the authorization value cut to its scheme."""
    described = {}
    for key, value in metadata:
        if isinstance(value, bytes):
            value = base64.b64encode(value).decode("ascii")
        if key == "authorization":
            value = value.split(" ", 1)[0]
        described[key] = f"{described[key]}, {value}" if key in described else value
    return described


def describe_request(payload):
    """A received ListenRequest for the log: proto3 JSON, or its hex when it does not decode."""
    try:
        request = ListenRequest.deserialize(payload)
    except Exception:  # protobuf raises DecodeError, and proto-plus may wrap it; both mean "undecodable"
        return {"undecodable": payload.hex()}
    return {"request": json_format.MessageToDict(ListenRequest.pb(request))}


class ListenService:
    """Plays the k-th StreamPlan to the k-th Listen call and logs what each call receives."""

    def __init__(self, plans, log):
        self._plans = plans
        self._log = log
        self._calls = 0

    def handler(self):
        listen = grpc.stream_stream_rpc_method_handler(self.listen)  # no (de)serializers: raw bytes both ways
        return grpc.method_handlers_generic_handler(SERVICE, {"Listen": listen})

    async def listen(self, request_iterator, context):
        call = self._calls
        self._calls += 1
        plan = self._plans[min(call, len(self._plans) - 1)]
        metadata = describe_metadata(context.invocation_metadata())
        self._log.write({"call": call, "event": "metadata", "metadata": metadata})
        requests = request_iterator.__aiter__()
        try:
            # 1. Wait for the first request (the AddTarget); a client that half-closes first gets OK.
            try:
                first = await requests.__anext__()
            except StopAsyncIteration:
                await self._confirm_half_close(call)
                return
            self._log.write({"call": call, **describe_request(first)})
            # 2. Log every later request in the background; the task ends when the client half-closes.
            reader = asyncio.ensure_future(self._log_requests(call, requests))
            try:
                # 3. Play the steps, then end as the plan says.
                for step in plan.steps:
                    if step.sleep_seconds is not None:
                        await asyncio.sleep(step.sleep_seconds)
                    else:
                        await context.write(step.payload)
                if plan.end == "hold":
                    await reader
                elif plan.end != "ok":
                    code, message = plan.end
                    await context.abort(code, message)
            finally:
                reader.cancel()
        except asyncio.CancelledError:
            self._log.write({"call": call, "event": "cancelled"})
            raise

    async def _log_requests(self, call, requests):
        async for payload in requests:
            self._log.write({"call": call, **describe_request(payload)})
        await self._confirm_half_close(call)

    async def _confirm_half_close(self, call):
        await asyncio.sleep(CANCEL_GRACE_SECONDS)  # a cancel arrives here as CancelledError
        self._log.write({"call": call, "event": "halfClose"})


def watch_stdin(loop, stop):
    """Sets `stop` (on the loop's thread) when stdin reaches end of file."""

    def drain():
        # os.read on the raw descriptor: a thread blocked in sys.stdin's buffered reader would hold its
        # lock and make the interpreter abort at exit.
        while os.read(sys.stdin.fileno(), 4096):
            pass
        loop.call_soon_threadsafe(stop.set)

    threading.Thread(target=drain, name="stdin-eof", daemon=True).start()


async def serve(plans, port, log):
    server = grpc.aio.server()
    server.add_generic_rpc_handlers((ListenService(plans, log).handler(),))
    bound = server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    watch_stdin(loop, stop)
    print(f"PORT {bound}", flush=True)
    await stop.wait()
    await server.stop(grace=None)  # cancels the calls still open


def main():
    parser = argparse.ArgumentParser(description="Scripted Firestore Listen server for tests.")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--script", help="JSON script of the streams to serve")
    source.add_argument("--conformance", help="a listen conformance test file: serve its responses")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default 0: a free port)")
    parser.add_argument("--log", help="append received metadata and requests here as JSON lines")
    arguments = parser.parse_args()
    try:
        with open(arguments.script or arguments.conformance, encoding="utf-8") as file:
            loaded = json.load(file)
        plans = prepare_script(conformance_script(loaded) if arguments.conformance else loaded)
    except (OSError, ValueError, ScriptError) as error:
        print(f"replay_server: {error}", file=sys.stderr)
        return 2
    log = RequestLog(arguments.log)
    try:
        asyncio.run(serve(plans, arguments.port, log))
    finally:
        log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
