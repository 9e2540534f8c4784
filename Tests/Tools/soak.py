#!/usr/bin/env python3
"""A soak of the built listener: DURATION of writes and network faults, then checks that nothing was lost or
doubled and that the listener's memory, descriptors and threads did not grow. Run by Scripts/soak, which
starts the emulator and passes its host in FIRESTORE_EMULATOR_HOST.

Usage: soak.py --binary PATH [--duration 10m] [--seed N] [--out DIR]      (DURATION: 90s, 10m, 1h)

What runs, for DURATION:
- the listener: `firestore-listen watch soak --where 'status == "open"' --order-by n --json --include-docs`,
  connected through fault_proxy.py (the writes go straight to the emulator);
- Google's official Python client, one write at a time (~4/s), on documents d00 … d29 of `soak`: creates
  (status "open" or "closed", n, v = 0), updates of n, status flips (in and out of the filter) and deletes;
  every write changes v, so every create and update gets a new update time;
- faults, one at a time, every 3-8 s: a reset of every connection (RST), or a latency spell (20-500 ms on
  every chunk for 3-10 s); a first blackhole 20-40 s in, then one every 2.5-5 min, never in the last 60 s.
  The proxy keeps a blackholed connection silent for ever, so each blackhole (2-6 s, now and then 50-70 s,
  which also swallows the reconnects made meanwhile) ends only when the listener finds the connection dead
  (within ~46 s); no reset is sent until it has.
- a second listener, `--raw`, through the same proxy: not checked, it records every server message with the
  time it arrived (shadow-raw.jsonl), evidence of what the emulator sent when a check fails.
Then a last write (document `fence`, in the filter) and a wait until the listener reports it.

What is checked:
1. Every snapshot line, applied change by change to the previous view (removed, then added, then modified;
   oldIndex/newIndex checked against the positions), gives exactly its `docs` (--include-docs), its `size`,
   and the query's order (n, then the document name). An `added` of a document already in view, a `removed`
   of one not in view, a `modified` without a new update time, or one (document, update time) reported twice
   is a doubled change.
2. Every snapshot equals the write log at its read time. The emulator coalesces: a snapshot at read time R is
   the query's result at R, so it holds exactly, for each document, the last write committed at or before R
   (commit time = the write's update time; a delete's commit time). Versions written and overwritten between
   two snapshots' read times are never reported, and that is correct. So this checks, for every snapshot and
   every document: in view with update time U  <=>  the last write at or before R left it in the filter with
   update time U. Together with 1 this is "nothing lost, nothing doubled": every write's update time that
   some read time made visible was reported, and only once. A write whose reply was lost (the emulator fails
   a Commit with CANCELLED when the listener's stream it pushes to was just reset) is retried and read back;
   a retried delete's commit time is then only known to lie between the previous write and the retry, and
   both states are accepted at read times inside that window.
3. The fields of every reported version equal what that write wrote.
4. The final view equals a RunQuery of the official client at the end, document by document: id, order,
   createTime, updateTime and fields; and the write log's final state.
5. The listener printed no `error`, and stops with exit 0 on SIGTERM.
6. Growth: VmRSS and Threads (/proc/PID/status) and open descriptors (/proc/PID/fd) sampled every 3 s. After a
   warm-up (the first 10 % of the run, at least 15 s), the median of the last fifth of the samples is compared
   with the median of the first fifth: RSS may grow by at most 4 MiB + 5 %, descriptors and threads by at most
   2 (one reconnect in progress: a socket and a thread of the old channel not yet gone).
Exit 0 only when every check passes. Every line the listener printed, its stderr, the writes and the samples
are kept in --out.
"""

import argparse
import bisect
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time

from google.api_core import exceptions as api_exceptions
from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

from typed_values import rfc3339, rfc3339_of, timestamp_from_rfc3339

COLLECTION = "soak"
IDS = [f"d{n:02d}" for n in range(30)]
FENCE = "fence"
TOOLS = os.path.dirname(os.path.abspath(__file__))
TRANSIENT = (api_exceptions.Cancelled, api_exceptions.ServiceUnavailable, api_exceptions.Aborted,
             api_exceptions.DeadlineExceeded, api_exceptions.InternalServerError, api_exceptions.Unknown)


def parse_duration(text):
    match = re.fullmatch(r"(\d+)(s|m|h)", text)
    if not match or int(match.group(1)) == 0:
        raise argparse.ArgumentTypeError(f"a duration is like 90s, 10m or 1h, not {text!r}")
    return int(match.group(1)) * {"s": 1, "m": 60, "h": 3600}[match.group(2)]


def nanos(text):
    seconds, fraction = timestamp_from_rfc3339(text)
    return seconds * 10**9 + fraction


def nanos_of(moment):
    return nanos(rfc3339_of(moment))


def show(ns):
    return rfc3339(*divmod(ns, 10**9)) if ns is not None else "-"


def wall_clock():
    now = time.time()
    return time.strftime("%H:%M:%S", time.gmtime(now)) + f".{int(now * 1e6) % 10**6:06d}Z"


def log(message):
    print(f"soak: {time.strftime('%H:%M:%S')} {message}", file=sys.stderr, flush=True)


class Stop(Exception):
    """SIGTERM or SIGINT: clean up and exit."""


# The fault proxy.


class Proxy:
    def __init__(self, upstream, out):
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(TOOLS, "fault_proxy.py"), "--upstream", upstream],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(os.path.join(out, "proxy.stderr"), "w"),
            text=True, bufsize=1,
        )
        first = self.process.stdout.readline().split()
        if len(first) != 2 or first[0] != "PORT":
            raise RuntimeError(f"fault_proxy.py did not start: {first}")
        self.address = f"127.0.0.1:{first[1]}"
        self.lock = threading.Lock()

    def command(self, line):
        with self.lock:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
            reply = self.process.stdout.readline().strip()
        if reply.startswith("error") or not reply:
            raise RuntimeError(f"fault proxy: {line!r} → {reply!r}")
        return reply

    def stats(self):
        return json.loads(self.command("stats"))

    def stop(self):
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# The listener and what its lines say.


class Listener:
    """Runs the CLI, reads its stdout on a thread, and checks every snapshot as it comes (check 1)."""

    def __init__(self, binary, proxy_address, env, out):
        self.raw = open(os.path.join(out, "listener.jsonl"), "w")
        self.arrivals = open(os.path.join(out, "listener-arrivals.tsv"), "w")  # line number → wall clock
        self.process = subprocess.Popen(
            [binary, "watch", COLLECTION, "--where", 'status == "open"', "--order-by", "n", "--json",
             "--include-docs", "--host", proxy_address, "--emulator"],
            stdout=subprocess.PIPE, stderr=open(os.path.join(out, "listener.stderr"), "w"), env=env,
            stdin=subprocess.DEVNULL, text=True, bufsize=1,
        )
        self.pid = self.process.pid
        self.condition = threading.Condition()
        self.order = []  # ids, in view order
        self.view = {}  # id → {"updateTime": ns, "createTime": ns, "fields": {...}}
        self.snapshots = []  # (read time ns, {id: update time ns}) per snapshot
        self.seen = {}  # (id, update time ns) → fields, every version reported as added or modified
        self.violations = []
        self.events = {}
        self.errors = []
        self.changes = 0
        self.ended = False
        self.thread = threading.Thread(target=self.read, name="listener", daemon=True)
        self.thread.start()

    def violation(self, text):
        if len(self.violations) < 200:
            self.violations.append(text)

    def read(self):
        for number, line in enumerate(self.process.stdout, 1):
            self.raw.write(line)
            self.arrivals.write(f"{number}\t{wall_clock()}\n")
            try:
                event = json.loads(line)
            except ValueError:
                self.violation(f"line {number} is not JSON: {line[:200]!r}")
                continue
            kind = event.get("type")
            with self.condition:
                self.events[kind] = self.events.get(kind, 0) + 1
                if kind == "snapshot":
                    self.apply(number, event)
                elif kind == "error":
                    self.errors.append(event)
                self.condition.notify_all()
        self.raw.flush()
        self.arrivals.close()
        with self.condition:
            self.ended = True
            self.condition.notify_all()

    def apply(self, number, snapshot):
        where = f"line {number} (readTime {snapshot.get('readTime')})"
        rank = {"removed": 0, "added": 1, "modified": 2}
        kinds = [rank.get(change.get("kind"), 9) for change in snapshot["changes"]]
        if kinds != sorted(kinds) or 9 in kinds:
            self.violation(f"{where}: changes not ordered removed, added, modified: {kinds}")
        for change in snapshot["changes"]:
            self.changes += 1
            identifier, kind = change["id"], change["kind"]
            position = self.order.index(identifier) if identifier in self.view else -1
            if change["oldIndex"] != position:
                self.violation(f"{where}: {kind} {identifier} oldIndex {change['oldIndex']}, held at {position}")
            if kind == "removed":
                if identifier not in self.view:
                    self.violation(f"{where}: removed {identifier}, which is not in view")
                    continue
                self.order.remove(identifier)
                del self.view[identifier]
                continue
            version = {"updateTime": nanos(change["updateTime"]), "createTime": nanos(change["createTime"]),
                       "fields": change["fields"]}
            if kind == "added" and identifier in self.view:
                self.violation(f"{where}: added {identifier} again (held with {show(self.view[identifier]['updateTime'])})")
            if kind == "modified":
                if identifier not in self.view:
                    self.violation(f"{where}: modified {identifier}, which is not in view")
                elif self.view[identifier]["updateTime"] >= version["updateTime"]:
                    self.violation(f"{where}: modified {identifier} without a newer update time")
            key = (identifier, version["updateTime"])
            if key in self.seen:
                self.violation(f"{where}: {identifier} at {change['updateTime']} reported a second time")
            self.seen[key] = change["fields"]
            if identifier in self.view:
                self.order.remove(identifier)
            self.view[identifier] = version
            self.order.insert(max(change["newIndex"], 0), identifier)
            if change["newIndex"] != self.order.index(identifier):
                self.violation(f"{where}: {kind} {identifier} newIndex {change['newIndex']} out of range")
        if snapshot.get("size") != len(self.order):
            self.violation(f"{where}: size {snapshot.get('size')}, rebuilt view holds {len(self.order)}")
        docs = [(doc["id"], nanos(doc["updateTime"]), doc["fields"]) for doc in snapshot.get("docs", [])]
        rebuilt = [(i, self.view[i]["updateTime"], self.view[i]["fields"]) for i in self.order]
        if docs != rebuilt:
            self.violation(f"{where}: docs {[(i, show(u)) for i, u, _ in docs]} ≠ rebuilt "
                           f"{[(i, show(u)) for i, u, _ in rebuilt]}")
        expected_order = sorted(self.order, key=lambda i: (self.view[i]["fields"].get("n"), i))
        if self.order != expected_order:
            self.violation(f"{where}: view not in query order: {self.order}")
        self.snapshots.append((nanos(snapshot["readTime"]),
                               {i: self.view[i]["updateTime"] for i in self.order}))

    def wait_for(self, predicate, timeout):
        deadline = time.monotonic() + timeout
        with self.condition:
            while not predicate():
                left = deadline - time.monotonic()
                if left <= 0 or self.ended:
                    return predicate()
                self.condition.wait(min(left, 1))
            return True

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None
        finally:
            self.thread.join(5)
            self.raw.close()


class Shadow:
    """A second listener with --raw: every server message and stream break, stamped with the wall clock."""

    def __init__(self, binary, proxy_address, env, out):
        self.file = open(os.path.join(out, "shadow-raw.jsonl"), "w")
        self.lock = threading.Lock()
        self.process = subprocess.Popen(
            [binary, "watch", COLLECTION, "--where", 'status == "open"', "--order-by", "n", "--raw",
             "--host", proxy_address, "--emulator"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, stdin=subprocess.DEVNULL, text=True, bufsize=1,
        )
        self.threads = [threading.Thread(target=self.copy, args=(stream, key), daemon=True)
                        for stream, key in ((self.process.stdout, "message"), (self.process.stderr, "stderr"))]
        for thread in self.threads:
            thread.start()

    def copy(self, stream, key):
        for line in stream:
            with self.lock:
                self.file.write(json.dumps({"at": wall_clock(), key: line.rstrip("\n")}) + "\n")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(10)
        for thread in self.threads:
            thread.join(5)
        self.file.close()


# Resource samples.


class Sampler:
    def __init__(self, pid, out, every=3.0):
        self.pid, self.every = pid, every
        self.samples = []  # (seconds since start, rss KiB, fds, threads)
        self.file = open(os.path.join(out, "samples.tsv"), "w")
        self.file.write("seconds\trss_kib\tfds\tthreads\n")
        self.stopped = threading.Event()
        self.start = time.monotonic()
        self.thread = threading.Thread(target=self.run, name="sampler", daemon=True)
        self.thread.start()

    def sample(self):
        status = {}
        with open(f"/proc/{self.pid}/status") as file:
            for line in file:
                key, _, value = line.partition(":")
                status[key] = value.split()
        fds = len(os.listdir(f"/proc/{self.pid}/fd"))
        return int(status["VmRSS"][0]), fds, int(status["Threads"][0])

    def run(self):
        while not self.stopped.wait(self.every if self.samples else 0):
            try:
                rss, fds, threads = self.sample()
            except (OSError, KeyError):
                return  # the listener is gone
            entry = (round(time.monotonic() - self.start, 1), rss, fds, threads)
            self.samples.append(entry)
            self.file.write("\t".join(map(str, entry)) + "\n")
            self.file.flush()

    def stop(self):
        self.stopped.set()
        self.thread.join(5)
        self.file.close()


# Faults.


class Faults:
    def __init__(self, proxy, rng, duration, listener):
        self.proxy, self.rng, self.duration, self.listener = proxy, rng, duration, listener
        self.counts = {"resets": 0, "blackholes": 0, "longBlackholes": 0, "latencySpells": 0}
        self.stopped = threading.Event()
        self.failure = None
        self.thread = threading.Thread(target=self.guarded, name="faults", daemon=True)
        self.start = time.monotonic()
        self.thread.start()

    def guarded(self):
        try:
            self.run()
        except Exception as error:  # noqa: BLE001 — reported as a failed check
            self.failure = f"fault injection stopped: {error!r}"

    def elapsed(self):
        return time.monotonic() - self.start

    def sleep(self, seconds):
        return not self.stopped.wait(seconds)

    def run(self):
        rng = self.rng
        next_blackhole = rng.uniform(20, 40)
        while self.sleep(rng.uniform(3, 8)):
            blackholed = self.proxy.stats()["blackholed"]
            if self.elapsed() >= next_blackhole and self.elapsed() < self.duration - 60 and not blackholed:
                long = self.counts["blackholes"] % 4 == 3  # every fourth: also swallows the reconnects
                length = rng.uniform(50, 70) if long else rng.uniform(2, 6)
                log(f"fault: blackhole for {length:.0f} s")
                self.proxy.command("blackhole on")
                self.counts["blackholes"] += 1
                self.counts["longBlackholes"] += long
                self.sleep(length)
                self.proxy.command("blackhole off")
                next_blackhole = self.elapsed() + rng.uniform(150, 300)
            elif rng.random() < 0.7:
                if blackholed:
                    continue  # a reset would end the dead connection before the listener finds it dead
                self.proxy.command("reset")
                self.counts["resets"] += 1
            else:
                latency = rng.randrange(20, 500)
                self.proxy.command(f"latency {latency}")
                self.counts["latencySpells"] += 1
                self.sleep(rng.uniform(3, 10))
                self.proxy.command("latency 0")
        self.proxy.command("latency 0")
        self.proxy.command("blackhole off")

    def stop(self):
        self.stopped.set()
        self.thread.join(30)


# The writes.


class Writer:
    """One write at a time with the official client; every write's outcome is logged (check 2)."""

    def __init__(self, client, rng, out):
        self.client, self.rng = client, rng
        self.model = {}  # id → data, what exists now
        self.writes = {}  # id → [(lo ns, hi ns, state)], state None (not in the query) or (update time ns, data)
        self.count = {"create": 0, "update": 0, "status": 0, "delete": 0, "retried": 0}
        self.last_commit = 0
        self.file = open(os.path.join(out, "writes.jsonl"), "w")

    def retrying(self, write):
        """(result, retried): the emulator fails a Commit with CANCELLED when a listener it pushes to is cut."""
        for attempt in range(20):
            try:
                return write(), attempt > 0
            except TRANSIENT:
                if attempt == 19:
                    raise
                time.sleep(0.2)
            except api_exceptions.AlreadyExists:
                if attempt == 0:
                    raise
                return None, True  # the first attempt of a create was applied

    def record(self, identifier, kind, lo, hi, data, update_time):
        state = (update_time, data) if data is not None and data["status"] == "open" else None
        self.writes.setdefault(identifier, []).append((lo, hi, state))
        self.last_commit = max(self.last_commit, hi)
        self.count[kind] += 1
        self.file.write(json.dumps({"id": identifier, "kind": kind, "lo": show(lo), "hi": show(hi),
                                    "updateTime": show(update_time), "data": data}) + "\n")

    def write(self, identifier, kind, data):
        reference = self.client.collection(COLLECTION).document(identifier)
        if kind == "delete":
            commit_time, retried = self.retrying(reference.delete)
            hi = nanos_of(commit_time)
            # A retried delete may have been applied by the attempt whose reply was lost: any time after the
            # previous write committed.
            lo = self.last_commit + 1 if retried else hi
            self.model.pop(identifier, None)
            self.count["retried"] += retried
            self.record(identifier, kind, lo, hi, None, None)
            return
        if kind == "create":
            result, retried = self.retrying(lambda: reference.create(data))
        else:
            fields = {key: value for key, value in data.items() if self.model[identifier].get(key) != value}
            result, retried = self.retrying(lambda: reference.update(fields))
        if retried:
            snapshot = reference.get()
            if not snapshot.exists or snapshot.to_dict() != data:
                raise RuntimeError(f"{identifier} after a retried {kind}: {snapshot.to_dict()}, wrote {data}")
            update_time = nanos_of(snapshot.update_time)
        else:
            update_time = nanos_of(result.update_time)
        self.model[identifier] = data
        self.count["retried"] += retried
        self.record(identifier, kind, update_time, update_time, data, update_time)

    def step(self):
        rng = self.rng
        identifier = rng.choice(IDS)
        current = self.model.get(identifier)
        if current is None:
            data = {"status": "open" if rng.random() < 0.6 else "closed", "n": rng.randrange(100), "v": 0}
            return self.write(identifier, "create", data)
        kind = rng.choices(["update", "status", "delete"], weights=[5, 3, 2])[0]
        if kind == "delete":
            return self.write(identifier, "delete", None)
        data = dict(current, v=current["v"] + 1)
        if kind == "update":
            data["n"] = rng.randrange(100)
        else:
            data["status"] = "closed" if current["status"] == "open" else "open"
        self.write(identifier, kind, data)

    def fence(self):
        self.write(FENCE, "create", {"status": "open", "n": 1000, "v": 0})

    def expected_at(self, identifier, read_time):
        """The states a document may have in a snapshot at read_time: the last write committed by then, and
        the next one too when its commit time is uncertain and read_time may follow it."""
        writes = self.writes.get(identifier, [])
        his = [hi for _, hi, _ in writes]
        index = bisect.bisect_right(his, read_time) - 1
        states = [writes[index][2] if index >= 0 else None]
        if index + 1 < len(writes) and writes[index + 1][0] <= read_time:
            states.append(writes[index + 1][2])
        return [state[0] if state else None for state in states]

    def data_of(self, identifier, update_time):
        for _, _, state in self.writes.get(identifier, []):
            if state and state[0] == update_time:
                return state[1]
        return None


# The checks.


def check_history(listener, writer, failures):
    """Check 2 and 3, and the counts of writes seen and superseded."""
    mismatches = []
    identifiers = set(IDS) | {FENCE}
    for read_time, view in listener.snapshots:
        for identifier in identifiers:
            got = view.get(identifier)
            accepted = writer.expected_at(identifier, read_time)
            if got not in accepted:
                mismatches.append(f"snapshot at {show(read_time)}: {identifier} reported at {show(got)}, "
                                  f"the writes say {' or '.join(show(a) for a in accepted)}")
    for (identifier, update_time), fields in listener.seen.items():
        data = writer.data_of(identifier, update_time)
        if data is None:
            mismatches.append(f"{identifier} reported at {show(update_time)}, which no write in the filter made")
        elif fields != data:
            mismatches.append(f"{identifier} at {show(update_time)}: fields {fields}, written {data}")
    read_times = sorted(read_time for read_time, _ in listener.snapshots)
    visible = seen = superseded = unseen = 0
    for identifier, writes in writer.writes.items():
        for index, (lo, hi, state) in enumerate(writes):
            if state is None:
                continue
            visible += 1
            next_hi = writes[index + 1][1] if index + 1 < len(writes) else None
            covered = bisect.bisect_left(read_times, hi)
            if (identifier, state[0]) in listener.seen:
                seen += 1
            elif covered == len(read_times) or (next_hi is not None and read_times[covered] >= next_hi):
                superseded += 1  # no snapshot's read time falls between this write and the next of the document
            else:
                unseen += 1
                mismatches.append(f"{identifier} at {show(state[0])} never reported, though the snapshot at "
                                  f"{show(read_times[covered])} follows it and precedes the next write")
    if mismatches:
        failures.append(f"history: {len(mismatches)} mismatches, first: " + "; ".join(mismatches[:5]))
    return {"inFilterWrites": visible, "seen": seen, "superseded": superseded, "unseen": unseen,
            "mismatches": len(mismatches)}


def check_final(listener, client, writer, failures):
    """Check 4: the final view against RunQuery and against the write log."""
    query = (client.collection(COLLECTION).where(filter=FieldFilter("status", "==", "open")).order_by("n"))
    for attempt in range(10):
        try:
            documents = list(query.stream())
            break
        except TRANSIENT:
            time.sleep(0.5)
    else:
        documents = list(query.stream())
    server = [(d.id, nanos_of(d.create_time), nanos_of(d.update_time), d.to_dict()) for d in documents]
    with listener.condition:
        ours = [(i, listener.view[i]["createTime"], listener.view[i]["updateTime"], listener.view[i]["fields"])
                for i in listener.order]
    if ours != server:
        missing = [d[0] for d in server if d not in ours]
        extra = [d[0] for d in ours if d not in server]
        failures.append(f"final view ≠ RunQuery: listener lacks or differs on {missing}, holds extra or stale {extra}; "
                        f"order ours {[d[0] for d in ours]} vs server {[d[0] for d in server]}")
    model = sorted(((i, d) for i, d in writer.model.items() if d["status"] == "open"), key=lambda e: (e[1]["n"], e[0]))
    if [(i, d) for i, _, _, d in server] != model:
        failures.append("RunQuery ≠ the write log's final state (the writer's bookkeeping is wrong)")
    return len(server)


def check_growth(samples, duration, failures):
    warm_up = max(15.0, duration * 0.10)
    window = [s for s in samples if s[0] >= warm_up]
    if len(window) < 10:
        failures.append(f"growth: only {len(window)} samples after the warm-up")
        return None
    fifth = max(2, len(window) // 5)
    first, last = window[:fifth], window[-fifth:]
    result = {}
    for column, name, limit in ((1, "rssKiB", lambda base: 4096 + base * 0.05), (2, "fds", lambda base: 2),
                                (3, "threads", lambda base: 2)):
        before = statistics.median(s[column] for s in first)
        after = statistics.median(s[column] for s in last)
        allowed = limit(before)
        result[name] = (before, after, max(s[column] for s in window))
        if after - before > allowed:
            failures.append(f"growth: {name} median {before:g} in the first fifth, {after:g} in the last "
                            f"(more than +{allowed:g})")
    result["samples"] = len(window)
    result["window"] = (first[0][0], first[-1][0], last[0][0], last[-1][0])
    return result


def main():
    parser = argparse.ArgumentParser(description="Soak the listener with writes and faults; check it lost nothing.")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--duration", type=parse_duration, default=600)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--out", default=None)
    parser.add_argument("--no-shadow", dest="shadow_raw", action="store_false",
                        help="do not run the second listener with --raw (the server's messages, for evidence)")
    arguments = parser.parse_args()
    emulator = os.environ.get("FIRESTORE_EMULATOR_HOST")
    project = os.environ.setdefault("GOOGLE_CLOUD_PROJECT", "soak-project")
    if not emulator:
        print("soak: FIRESTORE_EMULATOR_HOST is not set", file=sys.stderr)
        return 2
    seed = arguments.seed if arguments.seed is not None else random.randrange(10**6)
    out = arguments.out or f"/tmp/soak-{time.strftime('%Y%m%d-%H%M%S')}"
    os.makedirs(out, exist_ok=True)
    duration = arguments.duration

    def stop(signum, _frame):
        raise Stop(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    log(f"{duration} s, seed {seed}, emulator {emulator}, binary {arguments.binary}, files in {out}")
    client = firestore.Client(project=project)
    proxy = listener = sampler = faults = shadow = None
    failures = []
    exit_code = None
    started = time.monotonic()
    try:
        proxy = Proxy(emulator, out)
        env = dict(os.environ, GOOGLE_CLOUD_PROJECT=project)
        listener = Listener(arguments.binary, proxy.address, env, out)
        sampler = Sampler(listener.pid, out)
        if arguments.shadow_raw:
            shadow = Shadow(arguments.binary, proxy.address, env, out)
        if not listener.wait_for(lambda: listener.events.get("snapshot"), 60):
            raise RuntimeError("the listener printed no first snapshot within 60 s")
        writer = Writer(client, random.Random(seed), out)
        faults = Faults(proxy, random.Random(seed + 1), duration, listener)
        end = started + duration
        next_progress = time.monotonic() + 60
        while time.monotonic() < end and not listener.ended:
            writer.step()
            time.sleep(writer.rng.uniform(0.15, 0.35))
            if time.monotonic() >= next_progress:
                next_progress += 60
                log(f"{sum(writer.count.values()) - writer.count['retried']} writes, "
                    f"{listener.events.get('snapshot', 0)} snapshots, {listener.events.get('reconnecting', 0)} "
                    f"reconnects, {len(listener.violations)} violations")
        faults.stop()
        sampler.stop()
        if faults.failure:
            failures.append(faults.failure)
        writer.fence()
        fence_time = writer.writes[FENCE][-1][1]
        caught_up = listener.wait_for(lambda: listener.view.get(FENCE, {}).get("updateTime") == fence_time, 120)
        if not caught_up:
            failures.append(f"the listener did not report the last write ({FENCE} at {show(fence_time)}) within 120 s")
        final_size = check_final(listener, client, writer, failures)
        exit_code = listener.stop()
        if exit_code != 0:
            failures.append(f"the listener exited with {exit_code} on SIGTERM (0 expected)")
        if listener.violations:
            failures.append(f"snapshots: {len(listener.violations)} violations, first: "
                            + "; ".join(listener.violations[:5]))
        if listener.errors:
            failures.append(f"the listener printed error events: {listener.errors[:3]}")
        history = check_history(listener, writer, failures)
        growth = check_growth(sampler.samples, duration, failures)
        stats = proxy.stats()
    except Stop as signal_name:
        log(f"stopped by {signal_name}")
        return 130
    finally:
        for part in (faults, sampler):
            if part is not None:
                part.stop()
        if listener is not None and listener.process.poll() is None:
            listener.stop()
        if shadow is not None:
            shadow.stop()
        if proxy is not None:
            proxy.stop()
        client.close()

    writes = sum(writer.count.values()) - writer.count["retried"]
    events = listener.events
    print(f"soak: {duration} s (seed {seed}), files in {out}")
    print(f"  writes      {writes}: {writer.count['create']} creates, {writer.count['update']} updates, "
          f"{writer.count['status']} status flips, {writer.count['delete']} deletes "
          f"({writer.count['retried']} retried after a lost reply)")
    print(f"  listener    {events.get('snapshot', 0)} snapshots, {listener.changes} changes, "
          f"{events.get('reconnecting', 0)} reconnects, {events.get('resumed', 0)} resumes; final view "
          f"{final_size} documents; exit {exit_code}")
    print(f"  faults      {faults.counts['resets']} resets ({stats['resets']} connections reset), "
          f"{faults.counts['blackholes']} blackholes ({faults.counts['longBlackholes']} long), "
          f"{faults.counts['latencySpells']} latency spells; {stats['accepted']} connections accepted")
    print(f"  history     {history['inFilterWrites']} writes left a document in the filter: {history['seen']} "
          f"reported, {history['superseded']} superseded before any snapshot, {history['unseen']} lost; "
          f"{history['mismatches']} mismatches over {len(listener.snapshots)} snapshots")
    if growth:
        first_a, first_b, last_a, last_b = growth["window"]
        print(f"  resources   median of samples {first_a:g}-{first_b:g} s vs {last_a:g}-{last_b:g} s "
              f"({growth['samples']} samples after warm-up): "
              f"RSS {growth['rssKiB'][0] / 1024:.1f} → {growth['rssKiB'][1] / 1024:.1f} MiB "
              f"(max {growth['rssKiB'][2] / 1024:.1f}), fds {growth['fds'][0]:g} → {growth['fds'][1]:g} "
              f"(max {growth['fds'][2]}), threads {growth['threads'][0]:g} → {growth['threads'][1]:g} "
              f"(max {growth['threads'][2]})")
    for failure in failures:
        print(f"  FAIL        {failure}")
    print(f"  verdict     {'PASS' if not failures else 'FAIL'} ({time.monotonic() - started:.0f} s)")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
