"""Compares our trimmed Protos/ with the descriptors Google ships in its Python packages.

Usage: check_protos.py DESCRIPTOR_SET
  DESCRIPTOR_SET: a FileDescriptorSet of the files in Protos/ only (protoc-c --descriptor_set_out,
  without --include_imports), written by Scripts/check-protos.

Every message, field, oneof and enum value that we declare must match Google's exactly (name, number,
type, label, message or enum type name, oneof membership, proto3 `optional`, map entry). What Google
declares and we leave out is fine: our files are trimmed. Prints one line per difference and exits 1
when there is any, else prints a one-line summary and exits 0.
"""

import sys

from google.protobuf import descriptor_pb2, descriptor_pool

# Importing these registers Google's descriptors in the default pool.
import google.cloud.firestore_v1.types  # noqa: F401  google.firestore.v1.*
from google.cloud.firestore_v1 import __version__ as firestore_version
import google.rpc.status_pb2  # noqa: F401  googleapis-common-protos
import google.type.latlng_pb2  # noqa: F401  googleapis-common-protos
from google.protobuf import struct_pb2, timestamp_pb2, wrappers_pb2  # noqa: F401

LABELS = descriptor_pb2.FieldDescriptorProto.Label
TYPES = descriptor_pb2.FieldDescriptorProto.Type


def json_name(name):
    """protoc's default JSON name: snake_case to lowerCamelCase."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def official_message(pool, full_name):
    try:
        found = pool.FindMessageTypeByName(full_name)
    except KeyError:
        return None, None
    proto = descriptor_pb2.DescriptorProto()
    found.CopyToProto(proto)
    # proto-plus appends "_" to names that are Python keywords (`from` → `from_`) and keeps the
    # original as json_name; undo that so that names compare as in Google's .proto files.
    json_names = {field.name: field.json_name for field in found.fields}
    for field in proto.field:
        if field.name.endswith("_") and json_names[field.name] == json_name(field.name[:-1]):
            field.name = field.name[:-1]
    file_proto = descriptor_pb2.FileDescriptorProto()
    found.file.CopyToProto(file_proto)
    return proto, file_proto.syntax or "proto2"


def official_enum(pool, full_name):
    try:
        found = pool.FindEnumTypeByName(full_name)
    except KeyError:
        return None
    proto = descriptor_pb2.EnumDescriptorProto()
    found.CopyToProto(proto)
    return proto


def oneof_name(message, field):
    if not field.HasField("oneof_index"):
        return None
    return message.oneof_decl[field.oneof_index].name


def describe_field(message, field):
    kind = TYPES.Name(field.type)
    if field.type_name:
        kind += " " + field.type_name
    oneof = oneof_name(message, field)
    parts = [f"#{field.number}", LABELS.Name(field.label), kind]
    if oneof:
        parts.append(f"oneof {oneof}")
    if field.proto3_optional:
        parts.append("proto3 optional")
    return " ".join(parts)


def compare_enum(pool, full_name, ours, differences, counts):
    counts["enums"] += 1
    theirs = official_enum(pool, full_name)
    if theirs is None:
        differences.append(f"{full_name}: enum not in Google's descriptors")
        return
    their_values = {value.name: value.number for value in theirs.value}
    for value in ours.value:
        counts["enum values"] += 1
        if value.name not in their_values:
            differences.append(f"{full_name}.{value.name}: enum value not in Google's enum")
        elif their_values[value.name] != value.number:
            differences.append(
                f"{full_name}.{value.name}: number {value.number}, Google's is {their_values[value.name]}"
            )


def compare_message(pool, full_name, syntax, ours, differences, counts):
    counts["messages"] += 1
    theirs, their_syntax = official_message(pool, full_name)
    if theirs is None:
        differences.append(f"{full_name}: message not in Google's descriptors")
        return
    if syntax != their_syntax:
        differences.append(f"{full_name}: syntax {syntax}, Google's is {their_syntax}")
    if ours.options.map_entry != theirs.options.map_entry:
        differences.append(
            f"{full_name}: map_entry {ours.options.map_entry}, Google's is {theirs.options.map_entry}"
        )
    their_fields = {field.name: field for field in theirs.field}
    their_numbers = {field.number: field.name for field in theirs.field}
    for field in ours.field:
        counts["fields"] += 1
        name = f"{full_name}.{field.name}"
        theirs_field = their_fields.get(field.name)
        if theirs_field is None:
            taken = their_numbers.get(field.number)
            hint = f" (Google's #{field.number} is {taken})" if taken else ""
            differences.append(f"{name}: field not in Google's message{hint}")
            continue
        mine, google = describe_field(ours, field), describe_field(theirs, theirs_field)
        if mine != google:
            differences.append(f"{name}: ours is {mine}, Google's is {google}")
    for nested in ours.nested_type:
        compare_message(pool, f"{full_name}.{nested.name}", syntax, nested, differences, counts)
    for enum in ours.enum_type:
        compare_enum(pool, f"{full_name}.{enum.name}", enum, differences, counts)


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    ours = descriptor_pb2.FileDescriptorSet()
    with open(argv[1], "rb") as handle:
        ours.ParseFromString(handle.read())
    pool = descriptor_pool.Default()
    differences = []
    counts = {"messages": 0, "fields": 0, "enums": 0, "enum values": 0}
    for file in ours.file:
        prefix = f".{file.package}" if file.package else ""
        syntax = file.syntax or "proto2"
        for message in file.message_type:
            compare_message(pool, f"{prefix}.{message.name}".lstrip("."), syntax, message, differences, counts)
        for enum in file.enum_type:
            compare_enum(pool, f"{prefix}.{enum.name}".lstrip("."), enum, differences, counts)
        if file.service:
            differences.append(f"{file.name}: declares a service; check-protos compares messages only")
    for line in differences:
        print(f"check-protos: {line}")
    summary = ", ".join(f"{count} {kind}" for kind, count in counts.items())
    if differences:
        print(f"check-protos: {len(differences)} difference(s) from Google's descriptors ({summary} checked)")
        return 1
    print(f"check-protos: {len(ours.file)} files match Google's descriptors ({summary}; google-cloud-firestore {firestore_version})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
