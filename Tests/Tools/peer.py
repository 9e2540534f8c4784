#!/usr/bin/env python3
"""Google's official Python client as an interoperability peer, driven one JSON line at a time.

Tests write with it and read with us, or the other way round, without paying Python's start-up for
every operation. It talks only to the emulator: FIRESTORE_EMULATOR_HOST must be set.

Usage:
    peer.py [--project P] [--database D]      (project default: GOOGLE_CLOUD_PROJECT, as the client does)

Protocol: one JSON object a line on stdin; one reply line on stdout for each, in order:
    {"id": <echoed>, "ok": true, ...results}
    {"id": <echoed>, "ok": false, "error": {"code": "NOT_FOUND" | null, "type": "NotFound", "message": "..."}}
`id` is optional and copied as is; `code` is the gRPC status name when the server answered. A listener
(`listen`) also writes event lines, which carry "event" and never "ok", at any time between replies.
End of file on stdin stops every listener and exits 0.

Values use the typed JSON encoding of typed_values.py. T below is an RFC 3339 timestamp with 0, 3, 6
or 9 fractional digits. Paths are relative to the database: collection "rooms/r1/messages", document
"rooms/r1/messages/m1".

Commands:
    {"op": "ping"}                                            → {}
    {"op": "set", "path", "data": {field: value}, "merge": false}   → {"updateTime": T}
    {"op": "create", "path", "data"}                          → {"updateTime": T}  (ALREADY_EXISTS if it does)
    {"op": "update", "path", "fields": {"a.b": value}, "ifUpdateTime": T?}  → {"updateTime": T}
          keys are field paths; without ifUpdateTime the document must exist (NOT_FOUND otherwise)
    {"op": "delete", "path", "ifUpdateTime": T?}             → {"commitTime": T}
    {"op": "get", "path"}                                     → {"exists": bool, "readTime": T,
          "doc": DOC when it exists}
    {"op": "batch", "writes": [{"op": "set"|"create"|"update"|"delete", ...as above}, ...]}
          one Commit with every write         → {"updateTimes": [T | null, ...], "commitTime": T}
    {"op": "query", "collection", "where": [[field, op, value], ...], "order": [[field, "asc"|"desc"], ...],
          "limit": n}  with op one of == != < <= > >= in not-in array-contains array-contains-any,
          run with the official RunQuery      → {"docs": [DOC, ...]}
    {"op": "random_ops", "seed", "count", "collection", "ids": 8, "statuses": ["pending", "done"],
          "values": 5, "pauseMs": 0}          → {"ops": [OP, ...], "final": {path: data}}
          `count` single-write commits on documents d0 … d<ids-1> of `collection`, each holding
          {"status": <one of statuses>, "n": {"int": 0 … values-1}}, chosen with Random(seed) among:
          create (a missing id), update (a new n), rewrite (the same data again: a no-op write),
          delete, status (a different status: moves the document in or out of a status filter).
          The model starts from what the collection holds. OP = {"kind", "path", "data"?, "updateTime"?}.
    {"op": "listen", "collection", "where", "order", "limit"} or {"op": "listen", "path"}
          starts the official on_snapshot listener  → {"listener": n}; then, for each snapshot:
          {"event": "snapshot", "listener": n, "readTime": T, "docs": [DOC, ...],
           "changes": [{"kind": "added"|"modified"|"removed", "oldIndex", "newIndex", "doc": DOC}, ...]}
          (indices as the Python client computes them, which differ from the conformance rules)
    {"op": "unlisten", "listener": n}                        → {}
DOC = {"name": full resource name, "id", "path", "createTime": T, "updateTime": T, "data": {field: value}}
"""

import argparse
import json
import os
import random
import sys
import threading
import time

from google.api_core import exceptions as api_exceptions
from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

import typed_values
from typed_values import decode, decode_fields, encode_fields, rfc3339_of

# The contract's operator spelling → the Python client's.
OPERATORS = {
    "==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=", "in": "in", "not-in": "not-in",
    "array-contains": "array_contains", "array-contains-any": "array_contains_any",
}
DIRECTIONS = {"asc": firestore.Query.ASCENDING, "desc": firestore.Query.DESCENDING}


class CommandError(Exception):
    """A command that is malformed; reported as an error reply without a status code."""


class Output:
    """Writes whole lines to stdout; replies come from the main thread, events from listener threads."""

    def __init__(self):
        self._lock = threading.Lock()

    def write(self, entry):
        line = json.dumps(entry, separators=(",", ":"), allow_nan=False)
        with self._lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()


def describe_snapshot(snapshot):
    return {
        "name": snapshot.reference._document_path,
        "id": snapshot.id,
        "path": snapshot.reference.path,
        "createTime": rfc3339_of(snapshot.create_time),
        "updateTime": rfc3339_of(snapshot.update_time),
        # Not to_dict(): its deep copy of a DatetimeWithNanoseconds drops the nanoseconds.
        "data": encode_fields(snapshot._data),
    }


def required(command, key):
    if key not in command:
        raise CommandError(f"{command.get('op')!r} needs {key!r}")
    return command[key]


class Peer:
    """Runs commands against the emulator with the official client; one instance per process."""

    def __init__(self, client, output):
        self.client = client
        self.output = output
        self.listeners = {}

    def run(self, command):
        op = command.get("op")
        handler = getattr(self, f"op_{op}", None) if isinstance(op, str) else None
        if handler is None:
            raise CommandError(f"unknown op {op!r}")
        return handler(command)

    def op_ping(self, _command):
        return {}

    # Single writes and reads.

    def op_set(self, command):
        document = self.client.document(required(command, "path"))
        result = document.set(decode_fields(required(command, "data"), self.client), merge=command.get("merge", False))
        return {"updateTime": rfc3339_of(result.update_time)}

    def op_create(self, command):
        document = self.client.document(required(command, "path"))
        result = document.create(decode_fields(required(command, "data"), self.client))
        return {"updateTime": rfc3339_of(result.update_time)}

    def op_update(self, command):
        document = self.client.document(required(command, "path"))
        result = document.update(decode_fields(required(command, "fields"), self.client), option=self.option(command))
        return {"updateTime": rfc3339_of(result.update_time)}

    def op_delete(self, command):
        document = self.client.document(required(command, "path"))
        commit_time = document.delete(option=self.option(command))
        return {"commitTime": rfc3339_of(commit_time)}

    def option(self, command):
        """The write option for an optional ifUpdateTime precondition."""
        if "ifUpdateTime" not in command:
            return None
        seconds, nanos = typed_values.timestamp_from_rfc3339(command["ifUpdateTime"])
        return self.client.write_option(last_update_time=typed_values.datetime_for_client(seconds, nanos))

    def op_get(self, command):
        snapshot = self.client.document(required(command, "path")).get()
        reply = {"exists": snapshot.exists, "readTime": rfc3339_of(snapshot.read_time)}
        if snapshot.exists:
            reply["doc"] = describe_snapshot(snapshot)
        return reply

    def op_batch(self, command):
        batch = self.client.batch()
        for write in required(command, "writes"):
            self.add_to_batch(batch, write)
        results = batch.commit()
        return {
            "updateTimes": [rfc3339_of(r.update_time) if r.update_time else None for r in results],
            "commitTime": rfc3339_of(batch.commit_time),
        }

    def add_to_batch(self, batch, write):
        document = self.client.document(required(write, "path"))
        op = write.get("op")
        if op == "set":
            batch.set(document, decode_fields(required(write, "data"), self.client), merge=write.get("merge", False))
        elif op == "create":
            batch.create(document, decode_fields(required(write, "data"), self.client))
        elif op == "update":
            batch.update(document, decode_fields(required(write, "fields"), self.client), option=self.option(write))
        elif op == "delete":
            batch.delete(document, option=self.option(write))
        else:
            raise CommandError(f"a batch write needs op set, create, update or delete, not {op!r}")

    # Queries and listeners.

    def query(self, command):
        query = self.client.collection(required(command, "collection"))
        for clause in command.get("where", []):
            field, operator, value = clause
            if operator not in OPERATORS:
                raise CommandError(f"unknown operator {operator!r}")
            query = query.where(filter=FieldFilter(field, OPERATORS[operator], decode(value, self.client)))
        for field, direction in command.get("order", []):
            if direction not in DIRECTIONS:
                raise CommandError(f"order direction must be asc or desc, not {direction!r}")
            query = query.order_by(field, direction=DIRECTIONS[direction])
        if "limit" in command:
            query = query.limit(int(command["limit"]))
        return query

    def op_query(self, command):
        return {"docs": [describe_snapshot(snapshot) for snapshot in self.query(command).stream()]}

    def op_listen(self, command):
        number = len(self.listeners) + 1
        target = self.client.document(command["path"]) if "path" in command else self.query(command)

        def on_snapshot(snapshots, changes, read_time):
            self.output.write(
                {
                    "event": "snapshot",
                    "listener": number,
                    "readTime": rfc3339_of(read_time),
                    "docs": [describe_snapshot(s) for s in snapshots if s.exists],
                    "changes": [
                        {
                            "kind": change.type.name.lower(),
                            "oldIndex": change.old_index,
                            "newIndex": change.new_index,
                            "doc": describe_snapshot(change.document),
                        }
                        for change in changes
                    ],
                }
            )

        self.listeners[number] = target.on_snapshot(on_snapshot)
        return {"listener": number}

    def op_unlisten(self, command):
        watch = self.listeners.get(required(command, "listener"))
        if watch is None:
            raise CommandError(f"no listener {command['listener']!r}")
        watch.unsubscribe()
        return {}

    def stop_listeners(self):
        for watch in self.listeners.values():
            watch.unsubscribe()

    # Random writes.

    def op_random_ops(self, command):
        rng = random.Random(required(command, "seed"))
        collection = required(command, "collection")
        ids = [f"d{n}" for n in range(int(command.get("ids", 8)))]
        statuses = command.get("statuses", ["pending", "done"])
        values = int(command.get("values", 5))
        pause = float(command.get("pauseMs", 0)) / 1000
        if len(statuses) < 2 or values < 2:
            raise CommandError("random_ops needs at least two statuses and two values")
        model = {snapshot.id: snapshot._data for snapshot in self.client.collection(collection).stream()}
        ops = []
        for _ in range(int(required(command, "count"))):
            document_id = rng.choice(ids)
            current = model.get(document_id)
            kind = "create" if current is None else rng.choice(["update", "rewrite", "delete", "status"])
            if kind == "create":
                data = {"status": rng.choice(statuses), "n": rng.randrange(values)}
            elif kind == "update":
                data = dict(current, n=rng.choice([n for n in range(values) if n != current.get("n")]))
            elif kind == "status":
                data = dict(current, status=rng.choice([s for s in statuses if s != current.get("status")]))
            else:
                data = None if kind == "delete" else dict(current)
            document = self.client.document(f"{collection}/{document_id}")
            op = {"kind": kind, "path": document.path}
            if data is None:
                idempotent_write(document.delete)
                model.pop(document_id)
            else:
                op["data"] = encode_fields(data)
                op["updateTime"] = rfc3339_of(idempotent_write(lambda: document.set(data)).update_time)
                model[document_id] = data
            ops.append(op)
            if pause:
                time.sleep(pause)
        final = {f"{collection}/{document_id}": encode_fields(data) for document_id, data in sorted(model.items())}
        return {"ops": ops, "final": final}


def idempotent_write(write, attempts=5):
    """Runs a write that may be repeated (a whole-document set, a delete), repeating it when the emulator
    fails it with CANCELLED: the emulator answers a Commit with "call already cancelled" when one of the
    listeners it pushes the change to was cut at that moment (the fault proxy resets connections). Whether
    the first attempt was applied does not matter: the same set or delete again leaves the same document,
    and a set of unchanged data keeps its update time."""
    for attempt in range(attempts):
        try:
            return write()
        except (api_exceptions.Cancelled, api_exceptions.ServiceUnavailable, api_exceptions.Aborted):
            if attempt == attempts - 1:
                raise
            time.sleep(0.1)


def describe_error(error):
    if isinstance(error, api_exceptions.GoogleAPICallError):
        code = error.grpc_status_code.name if error.grpc_status_code is not None else None
        return {"code": code, "type": type(error).__name__, "message": error.message}
    return {"code": None, "type": type(error).__name__, "message": str(error)}


def main():
    parser = argparse.ArgumentParser(description="Google's Firestore client, driven by JSON lines.")
    parser.add_argument("--project", help="project id (default: GOOGLE_CLOUD_PROJECT, as the client does)")
    parser.add_argument("--database", default="(default)")
    arguments = parser.parse_args()
    if not os.environ.get("FIRESTORE_EMULATOR_HOST"):
        print("peer: FIRESTORE_EMULATOR_HOST is not set; the peer only talks to the emulator", file=sys.stderr)
        return 2
    output = Output()
    peer = Peer(firestore.Client(project=arguments.project, database=arguments.database), output)
    try:
        for line in sys.stdin:
            if not line.strip():
                continue
            command_id = None
            try:
                command = json.loads(line)
                if not isinstance(command, dict):
                    raise CommandError("a command is a JSON object")
                command_id = command.get("id")
                output.write({"id": command_id, "ok": True, **peer.run(command)})
            except Exception as error:  # every failure becomes an error reply; the peer keeps serving
                output.write({"id": command_id, "ok": False, "error": describe_error(error)})
    finally:
        peer.stop_listeners()
    return 0


if __name__ == "__main__":
    sys.exit(main())
