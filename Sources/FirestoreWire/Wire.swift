/// Converts between the model types of `FirestoreWatch` and the protobuf bytes of Firestore's gRPC API
/// (`google.firestore.v1`), through protobuf-c.
///
/// Encoding never fails: every `encode…` builds the C messages in an ``EncodeArena``, packs them and
/// returns the bytes; the arena frees everything before the call returns. Decoding first walks the
/// bytes with ``WireScan`` (nesting, wire types, lengths), then unpacks them into an
/// ``UnpackedMessage`` that frees what protobuf-c allocated when the call returns, and throws
/// ``WireError`` for anything that is not a well-formed message of the expected type.
///
/// Strings: protobuf-c's `char *` cannot carry U+0000. Decoding recovers such strings in full (see
/// ``UnpackAllocator``); encoding one is a caller bug and traps, because it cannot be sent intact.
/// Doubles outside a `Value` oneof (a geo point's latitude and longitude) are not sent when they are
/// `0.0` or `-0.0`, as protobuf-c omits proto3 zero values, so `-0.0` arrives as `0.0` there.
///
/// Thread safety: every function is pure and may be called from any thread.
public enum Wire {
    /// The deepest message nesting a decoder accepts, as in Google's protobuf runtimes. A document's
    /// values may nest about 30 maps or arrays deep within it; Firestore itself allows 20.
    public static let maximumDepth = 100
}
