"""Google's own protobuf encoder and decoder for FirestoreWireTests (google-cloud-firestore, proto-plus).

Reads a JSON array of requests on stdin and writes a JSON array of answers, one per request, on stdout:
  {"encode": TYPE, "json": PROTO_JSON}     → {"hex": bytes of TYPE.from_json(PROTO_JSON), serialized}
  {"compare": TYPE, "hex": HEX, "json": PROTO_JSON}
                                           → {"actual": canonical JSON of TYPE.deserialize(HEX),
                                              "expected": canonical JSON of TYPE.from_json(PROTO_JSON)}
  {"rewrap": HEX}                          → {"hex": a ListenResponse whose document_change carries the
                                              document of the first write of the CommitRequest HEX}
TYPE names a message of google.cloud.firestore_v1.types ("ListenResponse", "CommitRequest", ...).
Canonical JSON is protobuf's JSON mapping (json_format.MessageToDict) with sorted keys. A request that
fails answers {"error": "..."}.
"""

import json
import sys

from google.cloud.firestore_v1 import types
from google.protobuf import json_format


def canonical(message_type, message):
    as_dict = json_format.MessageToDict(message_type.pb(message))
    return json.dumps(as_dict, sort_keys=True, ensure_ascii=False)


def answer(request):
    if "encode" in request:
        message_type = getattr(types, request["encode"])
        message = message_type.from_json(request["json"])
        return {"hex": message_type.serialize(message).hex()}
    if "compare" in request:
        message_type = getattr(types, request["compare"])
        actual = message_type.deserialize(bytes.fromhex(request["hex"]))
        expected = message_type.from_json(request["json"])
        return {"actual": canonical(message_type, actual), "expected": canonical(message_type, expected)}
    if "rewrap" in request:
        commit = types.CommitRequest.deserialize(bytes.fromhex(request["rewrap"]))
        change = types.DocumentChange(document=commit.writes[0].update, target_ids=[1])
        return {"hex": types.ListenResponse.serialize(types.ListenResponse(document_change=change)).hex()}
    raise ValueError(f"unknown request {sorted(request)}")


def main():
    answers = []
    for request in json.load(sys.stdin):
        try:
            answers.append(answer(request))
        except Exception as error:  # reported to the Swift test, which fails on it
            answers.append({"error": f"{type(error).__name__}: {error}"})
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    main()
