#!/usr/bin/env python3
"""A raw gRPC Listen client, to check the replay server (or any Listen server) from tests.

Opens one Listen call, sends one AddTarget (query `C` ordered by `a`, target id 1) with the headers
Google's clients send to the emulator, and prints what comes back.

Usage:
    replay_client.py --target HOST:PORT [--project P] [--count N] [--timeout SECONDS]
                     [--resume-token-hex HEX] [--half-close]

Protocol (stdout, one JSON object a line, flushed):
    {"response": {<proto3 JSON ListenResponse>}}   for each message that decodes;
    {"undecodable": "<hex>"}                         for each message that does not;
    {"status": "OK" | "UNAVAILABLE" | ..., "message": "..."}   last: how the call ended. After
        --count messages the client cancels, so the status is then CANCELLED.
    Exit 0 whenever the call ran (whatever its status), 2 for a bad command line.
"""

import argparse
import json
import sys
import threading

import grpc
from google.cloud.firestore_v1.types import ListenRequest, ListenResponse
from google.protobuf import json_format

LISTEN = "/google.firestore.v1.Firestore/Listen"


def add_target_request(project, resume_token):
    """The AddTarget for `C` ordered by `a`, as the conformance tests assume."""
    database = f"projects/{project}/databases/(default)"
    target = {
        "target_id": 1,
        "query": {
            "parent": f"{database}/documents",
            "structured_query": {"from_": [{"collection_id": "C"}], "order_by": [{"field": {"field_path": "a"}}]},
        },
    }
    if resume_token is not None:
        target["resume_token"] = resume_token
    return ListenRequest(database=database, add_target=target)


def print_line(entry):
    print(json.dumps(entry, separators=(",", ":"), sort_keys=True), flush=True)


def describe_response(payload):
    try:
        response = ListenResponse.deserialize(payload)
    except Exception:  # protobuf raises DecodeError, and proto-plus may wrap it; both mean "undecodable"
        return {"undecodable": payload.hex()}
    return {"response": json_format.MessageToDict(ListenResponse.pb(response))}


def main():
    parser = argparse.ArgumentParser(description="Raw gRPC Listen client for tests.")
    parser.add_argument("--target", required=True, help="HOST:PORT of the Listen server (plaintext)")
    parser.add_argument("--project", default="projectID")
    parser.add_argument("--count", type=int, help="cancel after this many messages")
    parser.add_argument("--timeout", type=float, default=10.0, help="deadline of the call in seconds")
    parser.add_argument("--resume-token-hex", help="send this resume token with the AddTarget")
    parser.add_argument("--half-close", action="store_true", help="close the sending side after the AddTarget")
    arguments = parser.parse_args()
    token = bytes.fromhex(arguments.resume_token_hex) if arguments.resume_token_hex else None
    request = ListenRequest.serialize(add_target_request(arguments.project, token))
    finished = threading.Event()

    def requests():
        yield request
        if not arguments.half_close:
            finished.wait()  # keep the sending side open until the call is over

    metadata = (
        ("google-cloud-resource-prefix", f"projects/{arguments.project}/databases/(default)"),
        ("authorization", "Bearer owner"),
    )
    with grpc.insecure_channel(arguments.target) as channel:
        listen = channel.stream_stream(LISTEN, request_serializer=None, response_deserializer=None)
        call = listen(requests(), metadata=metadata, timeout=arguments.timeout)
        received = 0
        try:
            for payload in call:
                print_line(describe_response(payload))
                received += 1
                if arguments.count is not None and received >= arguments.count:
                    call.cancel()
                    break
        except grpc.RpcError:
            pass  # the status is read from the call below
        finally:
            finished.set()
        print_line({"status": call.code().name, "message": call.details() or ""})
    return 0


if __name__ == "__main__":
    sys.exit(main())
