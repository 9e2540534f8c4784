#!/usr/bin/env python3
"""Writes the seed corpora of Fuzz/corpus/ (but state-file's, see below): small inputs in each target's
input format (see the comment at the top of Fuzz/Targets/TARGET.swift). Run from the repository root; it
rewrites the seeds it owns (named seed-*) and leaves what libFuzzer or a person added.

state-file's seeds are state files written by StateFile itself (a snapshot saved for the target of
Fuzz/Targets/state-file.swift), shrunk to 512-byte pages, and variants of them with rows of the wrong type."""
import os
import struct


def varint(value):
    value &= (1 << 64) - 1
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def field(number, payload):
    if isinstance(payload, int):
        return varint(number << 3) + varint(payload)
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def write(target, name, data):
    directory = os.path.join("Fuzz", "corpus", target)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "seed-" + name), "wb") as file:
        file.write(data)


for name, text in {
    "nanos": "2026-11-29T12:00:00.123456789Z",
    "offset": "1970-01-01T00:59:59+01:00",
    "first": "0001-01-01T00:00:00Z",
    "last": "9999-12-31T23:59:59.999999999Z",
    "leap": "2024-02-29t23:59:59.5-23:59",
    "space": "2000-02-29 00:00:00.001z",
}.items():
    write("rfc3339", name, text.encode())

arguments = {
    "path": b"\0a.b.`we-ird`.`a\\`b\\\\`",
    "where": b'\1status == "pending"',
    "where-symbol": b"\1seq>=3",
    "where-word": b'\1`a.b` array-contains-any ["a", 2, {"x": null}]',
    "where-in": b"\1n not-in [1,2.5,-0.0]",
    "json": b'\2{"a":[1,2.5e3,true,null,"x\\u00e9\\ud83d\\ude00"],"b":{"c":-9223372036854775808}}',
    "bare": b"\2completed",
    "watch": b"\3watch\0rooms/r1/messages\0--where\0status == \"pending\"\0--order-by\0seq\0desc\0--limit\0"
    b"10\0--json\0--state\0s.db\0--max-retry-time\0090s\0--host\0127.0.0.1:8080\0--emulator",
    "watch-document": b"\3watch\0--document\0queue/t1\0--once\0--include-docs\0--project=p\0--database=d",
    "watch-group": b"\3watch\0--collection-group\0messages\0--max-events\0003\0--skip-initial\0--exec\0cat",
    "confirm": b'\3confirm\0queue/t1\0--set\0status="completed"\0--set\0n=3\0--if-update-time\0'
    b"2026-11-29T12:00:00.123456Z\0--server-time\0confirmedAt",
    "help": b"\3help\0watch",
}
for name, data in arguments.items():
    write("command-line", name, data)


def timestamp(seconds, nanos=0):
    return field(1, seconds) + (field(2, nanos) if nanos else b"")


def document_protobuf(name, fields, update=1):
    body = field(1, name.encode())
    for key, value in fields:
        body += field(2, field(1, key.encode()) + field(2, value))
    return body + field(3, timestamp(1)) + field(4, timestamp(update))


# listen: configuration, then operations (see Fuzz/Targets/listen.swift).
ADD, CURRENT, NO_CHANGE, RESET = 1, 3, 0, 4


def target_change(kind, ids, extras=0):
    return bytes([2, kind, ids, extras])


def read_time(seconds):  # extras of a target change: a read time of 0-7 seconds, and a token
    return 4 | 2 | seconds << 3


def doc(index, update, ids, a=None):
    # times: update time (low 2 bits), field a present (0x10); a value is a kind byte and its operands.
    return bytes([1, index, update | (0x10 if a is not None else 0), ids]) + (a or b"")


INT = lambda n: bytes([2, n])  # integer value, from the table in FuzzInput.swift
DOUBLE = lambda n: bytes([3, n])  # double value: 6 is NaN, 1 is -0.0
STRING = lambda n, text: bytes([5, n]) + text

initial = (
    bytes([1])
    + target_change(ADD, 1)
    + doc(0, 1, 1, INT(3))
    + doc(1, 1, 1, DOUBLE(6))
    + doc(2, 1, 1, STRING(2, b"xy"))
    + target_change(CURRENT, 1, 2)
    + target_change(NO_CHANGE, 0, read_time(1))
)
write("listen", "initial", initial)
write(
    "listen",
    "changes",
    initial
    + doc(0, 2, 1, DOUBLE(1))
    + doc(3, 1, 1, INT(8))
    + bytes([3, 1, 1])  # delete d1 from target 1
    + doc(2, 1, 1, INT(0))  # same update time: no change
    + target_change(NO_CHANGE, 0, read_time(2)),
)
write(
    "listen",
    "two-targets",
    bytes([0x80 | 2 | 4 << 3])
    + target_change(ADD, 3)
    + doc(5, 1, 3, INT(1))
    + doc(6, 1, 3, INT(2))
    + doc(4, 2, 1, DOUBLE(7))
    + target_change(CURRENT, 3)
    + target_change(NO_CHANGE, 0, read_time(1))
    + bytes([4, 2, 1, 0])  # existence filter: target 2 holds 1 document (it has 2)
    + target_change(RESET, 1)
    + doc(5, 3, 1, INT(4))
    + target_change(CURRENT, 1)
    + target_change(NO_CHANGE, 0, read_time(3))
    + bytes([5 | 1 << 4])  # remove target 2
    + target_change(2, 2)  # its REMOVE
    + bytes([8])  # restart from a state file
    + target_change(ADD, 1)
    + target_change(CURRENT, 1)
    + target_change(NO_CHANGE, 0, read_time(4)),
)
response = field(
    3,
    field(1, document_protobuf("projects/p/databases/(default)/documents/c/d0", [("a", field(2, 7))]))
    + field(5, b"\x01"),
)
raw = b"\x00" + struct.pack("<H", len(response)) + response
current = field(2, field(1, 3) + field(2, b"\x01"))
no_change = field(2, field(6, timestamp(9, 5)) + field(4, b"tok"))
write(
    "listen",
    "raw",
    bytes([1])
    + raw
    + b"\x00"
    + struct.pack("<H", len(current))
    + current
    + b"\x00"
    + struct.pack("<H", len(no_change))
    + no_change,
)

# codable: 0 and a Document, or the structural form (a count, then a name index and a value per field).
names = ["bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float",
         "double", "string", "date", "data", "timestamp", "geo", "list", "map"]
write(
    "codable",
    "raw",
    b"\0"
    + document_protobuf(
        "projects/p/databases/(default)/documents/c/d",
        [("uint8", field(2, 200)), ("int64", field(2, -5)), ("string", field(17, b"pending")),
         ("list", field(9, field(1, field(2, 1)) + field(1, field(2, 2)))),
         ("map", field(6, field(1, field(1, b"string") + field(2, field(17, b"x"))))),
         ("data", field(18, b"\x00\xff")), ("date", field(10, timestamp(-1, 5)))],
    ),
)
write("codable", "widths", bytes([1, 7]) + bytes(
    [names.index("int8"), 2, 3, names.index("uint64"), 2, 9, names.index("double"), 3, 6,
     names.index("float"), 3, 9, names.index("date"), 4, 0x80, 3, names.index("geo"), 8, 1, 2,
     names.index("data"), 6, 2, 0xAB, 0xCD]))
write("codable", "nested", bytes([1, 3]) + bytes(
    [names.index("map"), 10, 2, 2, 3, 1, 3, 5, 1, 0x41, names.index("list"), 9, 2, 2, 3, 10, 1, 0, 2, 4,
     names.index("string"), 5, 3, ord("p"), ord("e"), ord("n")]))


def state_file_seeds(source):
    """state-file seeds from `source`, a state file that StateFile wrote (see the module docstring)."""
    import sqlite3
    import tempfile

    with sqlite3.connect(source) as database:
        target = database.execute("SELECT * FROM target").fetchall()
        documents = database.execute("SELECT * FROM document").fetchall()
    schema = """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
        CREATE TABLE target(id INTEGER PRIMARY KEY, fingerprint BLOB NOT NULL, description TEXT NOT NULL,
            resume_token BLOB, read_seconds INTEGER, read_nanos INTEGER);
        CREATE TABLE document(target_id INTEGER NOT NULL, name TEXT NOT NULL, body BLOB NOT NULL,
            PRIMARY KEY (target_id, name));
        """
    loose = """
        CREATE TABLE meta(key, value);
        CREATE TABLE target(id, fingerprint, description, resume_token, read_seconds, read_nanos);
        CREATE TABLE document(target_id, name, body);
        """
    (tid, fingerprint, description, token, seconds, nanos) = target[0]
    variants = {
        "good": (schema, "1", [target[0]], documents),
        "wal": (schema, "1", [target[0]], documents),
        "version": (schema, "2", [target[0]], documents),
        "other-query": (schema, "1", [(tid, fingerprint[:-1], description, token, seconds, nanos)], []),
        "two-targets": (schema, "1", [target[0], (2, fingerprint, description, None, None, None)], documents),
        "wrong-types": (loose, "1", [(tid, fingerprint, 7, 42, "9", 1.5)],
                        [(tid, "n", "not a blob"), (tid, b"\0", None), (tid, None, documents[0][2])]),
        "nulls": (loose, None, [(tid, fingerprint, None, None, None, None)], [(tid, None, None)]),
        "empty-blobs": (schema, "1", [(tid, fingerprint, "", b"", 0, 0)], [(tid, "x\0y", b"")]),
        "damaged-body": (schema, "1", [target[0]], [(tid, name, body[: len(body) // 2] + b"\xff")
                                                   for (_, name, body) in documents]),
    }
    for name, (tables, version, targets, rows) in variants.items():
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "state")
            database = sqlite3.connect(path)
            database.execute("PRAGMA page_size=512")
            database.executescript(tables)
            database.execute("INSERT INTO meta VALUES ('schema', ?)", (version,))
            database.executemany("INSERT INTO target VALUES (?, ?, ?, ?, ?, ?)", targets)
            database.executemany("INSERT INTO document VALUES (?, ?, ?)", rows)
            database.commit()
            if name == "wal":
                database.execute("PRAGMA journal_mode=WAL")
            database.close()
            with open(path, "rb") as file:
                write("state-file", name, file.read())


if __name__ == "__main__" and len(os.sys.argv) > 1:
    state_file_seeds(os.sys.argv[1])
