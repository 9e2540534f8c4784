internal import CFirestoreProtos
public import FirestoreWatch

extension Wire {
    /// The bytes of a whole `Document` (name, fields, create and update time), as the `--state` file keeps
    /// it; `decodeDocument(_:)` reads them back without loss.
    public static func encodeDocument(_ document: Document) -> [UInt8] {
        EncodeArena.withArena { arena in
            let message = makeDocument(name: document.name, fields: document.fields, in: arena)
            message.pointee.create_time = makeTimestamp(document.createTime, in: arena)
            message.pointee.update_time = makeTimestamp(document.updateTime, in: arena)
            return arena.pack(message)
        }
    }
}
