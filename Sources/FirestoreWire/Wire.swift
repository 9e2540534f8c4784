/// Converts between the model types of `FirestoreWatch` and the protobuf bytes of Firestore's gRPC API
/// (`google.firestore.v1`), through protobuf-c.
///
/// Encoding never fails: every `encode…` builds the C messages in an ``EncodeArena``, packs them and
/// returns the bytes; the arena frees everything before the call returns. Decoding first walks the
/// bytes with ``WireScan`` (nesting, wire types, lengths), then unpacks them into an
/// ``UnpackedMessage`` that frees what protobuf-c allocated when the call returns, and throws
/// ``WireError`` for anything that is not a well-formed message of the expected type.
///
/// Lossless both ways for every value, including what protobuf-c's C structs cannot hold: strings
/// containing U+0000 (``UnpackAllocator`` recovers them; ``EncodeArena`` sends them as raw fields) and
/// a geo point's `-0.0` (sent as a raw field too).
///
/// Thread safety: every function is pure and may be called from any thread.
public enum Wire {
    /// The deepest message nesting a decoder accepts. Firestore stores values at most 20 maps or arrays
    /// deep (about 65 message levels in a `ListenResponse`, at 2–3 levels per map or array); 400 leaves six
    /// times that, so a correct server is never refused, while the recursion of protobuf-c's unpacking and
    /// of our conversion stays far inside the smallest thread stack it runs on (Swift's concurrency threads:
    /// `DeepNestingTests` decodes 400 levels on one).
    static let maximumDepth = 400
}
