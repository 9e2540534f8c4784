"""The typed JSON encoding of Firestore values that peer.py speaks, and exact timestamp conversions.

Plain JSON cannot tell 1 from 1.0, keep -0.0, NaN or int64 precision, or mark bytes, references and
timestamps, so every value that is not a string, a boolean or null is a one-key object:

    null, true, "text"                      null, boolean, string: as themselves
    {"int": "9223372036854775807"}          integer (int64), a decimal string (a JSON integer is accepted)
    {"double": "-0.0"}                      double: Python's repr ("0.1", "1e+300"), or "NaN",
                                            "Infinity", "-Infinity" (a JSON number is accepted)
    {"ts": "1969-12-31T23:59:59.123456789Z"}    timestamp: RFC 3339 in UTC with 0, 3, 6 or 9
                                            fractional digits; accepted also with any 1-9 digits, an
                                            offset, or as {"seconds": s, "nanos": n}
    {"bytes": "AP8="}                       bytes, base64
    {"ref": "rooms/r1"}                     reference, as a document path relative to the database
    {"geo": [latitude, longitude]}          geo point, two JSON numbers
    {"array": [value, ...]}                 array
    {"map": {"key": value, ...}}            map
    {"special": "serverTimestamp"}          written only: the server's time (REQUEST_TIME)
    {"special": "delete"}                   written only, in an update: delete this field

Output is always in the first form listed. Bare numbers, arrays and objects are refused on input.
A vector value comes out as the map Firestore stores ({"__type__": "__vector__", "value": ...}).
"""

import base64
import datetime
import math
import re

from google.api_core.datetime_helpers import DatetimeWithNanoseconds
from google.cloud import firestore
from google.cloud.firestore_v1.bson import BSONBinary, BSONType
from google.cloud.firestore_v1.vector import Vector

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

RFC3339 = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$"
)


class TypedValueError(ValueError):
    """A typed JSON value that cannot be decoded, or a Python value that cannot be encoded."""


# Timestamps. Google's DatetimeWithNanoseconds cannot be trusted with them: its timestamp_pb() truncates
# toward zero (1969-12-31T23:59:59.5Z becomes 0 s + 500 ms) and its rfc3339() does not pad years < 1000.


def timestamp_from_rfc3339(text):
    """(seconds, nanos) of an RFC 3339 string."""
    match = RFC3339.match(text)
    if not match:
        raise TypedValueError(f"not an RFC 3339 timestamp: {text!r}")
    year, month, day, hour, minute, second = (int(group) for group in match.groups()[:6])
    fraction, zulu, sign, offset_hours, offset_minutes = match.groups()[6:]
    moment = datetime.datetime(year, month, day, hour, minute, second, tzinfo=datetime.timezone.utc)
    seconds = whole_seconds_since_epoch(moment)
    if not zulu:
        offset = int(offset_hours) * 3600 + int(offset_minutes) * 60
        seconds -= offset if sign == "+" else -offset
    nanos = int((fraction or "").ljust(9, "0") or 0)
    return seconds, nanos


def rfc3339(seconds, nanos):
    """RFC 3339 in UTC with 0, 3, 6 or 9 fractional digits, for any year 1-9999."""
    moment = EPOCH + datetime.timedelta(seconds=seconds)
    text = (
        f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d}"
        f"T{moment.hour:02d}:{moment.minute:02d}:{moment.second:02d}"
    )
    if nanos:
        digits = f"{nanos:09d}"
        while digits.endswith("000"):
            digits = digits[:-3]
        text += "." + digits
    return text + "Z"


def whole_seconds_since_epoch(moment):
    delta = moment - EPOCH
    return delta.days * 86400 + delta.seconds  # timedelta keeps seconds and microseconds non-negative


def timestamp_of(moment):
    """(seconds, nanos) of an aware datetime or DatetimeWithNanoseconds, floor-exact before 1970 too."""
    # `nanosecond` is 0 on a DatetimeWithNanoseconds built from microseconds (or deep-copied).
    nanos = getattr(moment, "nanosecond", 0) or moment.microsecond * 1000
    return whole_seconds_since_epoch(moment), nanos


def rfc3339_of(moment):
    """RFC 3339 of a datetime the client returned (an update time, a read time, a timestamp value)."""
    return rfc3339(*timestamp_of(moment))


def datetime_for_client(seconds, nanos):
    """A value the client will encode as exactly (seconds, nanos).

    The client encodes a plain datetime with divmod (exact, microseconds only) and a
    DatetimeWithNanoseconds with its truncating timestamp_pb() (exact only from 1970 on).
    """
    moment = EPOCH + datetime.timedelta(seconds=seconds)
    if nanos % 1000 == 0:
        return moment + datetime.timedelta(microseconds=nanos // 1000)
    if seconds < 0:
        raise TypedValueError(
            "the official client cannot write a timestamp before 1970 with sub-microsecond nanos exactly"
        )
    return DatetimeWithNanoseconds(
        moment.year, moment.month, moment.day, moment.hour, moment.minute, moment.second,
        nanosecond=nanos, tzinfo=datetime.timezone.utc,
    )


# Typed JSON → the Python values the client writes.


def decode(value, client):
    """The Python value the official client writes for one typed JSON value."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if not isinstance(value, dict) or len(value) != 1:
        raise TypedValueError(f"expected null, a boolean, a string or a one-key typed object, got {value!r}")
    (kind, body), = value.items()
    decoder = DECODERS.get(kind)
    if decoder is None:
        raise TypedValueError(f"unknown value kind {kind!r}")
    return decoder(body, client)


def decode_fields(fields, client):
    if not isinstance(fields, dict):
        raise TypedValueError(f"expected an object of fields, got {fields!r}")
    return {key: decode(value, client) for key, value in fields.items()}


def decode_int(body, _client):
    try:
        number = int(body) if isinstance(body, (str, int)) and not isinstance(body, bool) else None
    except ValueError:
        number = None
    if number is None or not INT64_MIN <= number <= INT64_MAX:
        raise TypedValueError(f"not an int64: {body!r}")
    return number


def decode_double(body, _client):
    if isinstance(body, (int, float)) and not isinstance(body, bool):
        return float(body)
    if isinstance(body, str):
        try:
            return float(body)  # also reads "NaN", "Infinity", "-Infinity", "-0.0"
        except ValueError:
            pass
    raise TypedValueError(f"not a double: {body!r}")


def decode_timestamp(body, _client):
    if isinstance(body, str):
        seconds, nanos = timestamp_from_rfc3339(body)
    elif isinstance(body, dict):
        seconds, nanos = int(body.get("seconds", 0)), int(body.get("nanos", 0))
    else:
        raise TypedValueError(f"not a timestamp: {body!r}")
    if not 0 <= nanos <= 999_999_999:
        raise TypedValueError(f"nanos out of range: {nanos}")
    return datetime_for_client(seconds, nanos)


def decode_bytes(body, _client):
    try:
        return base64.b64decode(body, validate=True)
    except (TypeError, ValueError) as error:
        raise TypedValueError(f"not base64: {body!r}") from error


def decode_reference(body, client):
    if not isinstance(body, str) or body.count("/") % 2 != 1:
        raise TypedValueError(f"not a document path (c/d): {body!r}")
    return client.document(body)


def decode_geo_point(body, _client):
    if not (isinstance(body, list) and len(body) == 2 and all(isinstance(x, (int, float)) for x in body)):
        raise TypedValueError(f"not [latitude, longitude]: {body!r}")
    return firestore.GeoPoint(float(body[0]), float(body[1]))


def decode_array(body, client):
    if not isinstance(body, list):
        raise TypedValueError(f"not a list: {body!r}")
    return [decode(element, client) for element in body]


def decode_special(body, _client):
    specials = {"serverTimestamp": firestore.SERVER_TIMESTAMP, "delete": firestore.DELETE_FIELD}
    if body not in specials:
        raise TypedValueError(f"unknown special value {body!r}")
    return specials[body]


DECODERS = {
    "int": decode_int,
    "double": decode_double,
    "ts": decode_timestamp,
    "bytes": decode_bytes,
    "ref": decode_reference,
    "geo": decode_geo_point,
    "array": decode_array,
    "map": decode_fields,
    "special": decode_special,
}


# Python values the client read → typed JSON.


def encode(value):
    """The typed JSON of a value as the official client decoded it."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return {"int": str(value)}
    if isinstance(value, float):
        return {"double": encode_double(value)}
    if isinstance(value, datetime.datetime):
        return {"ts": rfc3339_of(value)}
    if isinstance(value, bytes):
        subtype = getattr(value, "subtype", None)
        if subtype is not None:  # the client's BSON binary: stored as a map
            return encode(BSONBinary(value, subtype=subtype)._to_map_value())
        return {"bytes": base64.b64encode(value).decode("ascii")}
    if isinstance(value, firestore.DocumentReference):
        return {"ref": value.path}
    if isinstance(value, firestore.GeoPoint):
        return {"geo": [value.latitude, value.longitude]}
    if isinstance(value, Vector):
        return encode(value.to_map_value())
    if isinstance(value, BSONType):
        # The client turns maps shaped like BSON types ({"__int__": 5}, ...) into objects; give the map back.
        return encode(value._to_map_value())
    if isinstance(value, (list, tuple)):
        return {"array": [encode(element) for element in value]}
    if isinstance(value, dict):
        return {"map": encode_fields(value)}
    raise TypedValueError(f"cannot encode a {type(value).__name__}")


def encode_fields(fields):
    return {key: encode(value) for key, value in fields.items()}


def encode_double(number):
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "Infinity" if number > 0 else "-Infinity"
    return repr(number)  # the shortest text that reads back as the same double, sign of zero included
