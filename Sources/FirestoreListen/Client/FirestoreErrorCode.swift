import GRPCTransport

/// The error every call of this library throws: a gRPC status code and a message for a person, never a
/// credential. Named as in Firebase's Apple SDK, so that
/// `catch let error as FirestoreErrorCode where error.code == .failedPrecondition` ports unchanged.
///
/// ```swift
/// do {
///     try await ticket.updateData(["status": "completed"], precondition: .updateTime(seen))
/// } catch let error as FirestoreErrorCode where error.code == .failedPrecondition {
///     print("changed since it was shown")
/// }
/// ```
public struct FirestoreErrorCode: Error, Hashable, Sendable, CustomStringConvertible {
    /// The gRPC status codes, with the raw values gRPC and Firebase give them.
    public enum Code: Int, Hashable, Sendable, CaseIterable {
        /// Not an error.
        case ok = 0
        /// The call was cancelled, usually by the caller.
        case cancelled = 1
        /// An error the server did not classify.
        case unknown = 2
        /// The request cannot be valid (a bad path, value or query).
        case invalidArgument = 3
        /// The call did not finish in time; it may still have happened.
        case deadlineExceeded = 4
        /// The document does not exist.
        case notFound = 5
        /// The document already exists.
        case alreadyExists = 6
        /// The credentials may not do this.
        case permissionDenied = 7
        /// A quota ran out, or the server is overloaded.
        case resourceExhausted = 8
        /// A precondition failed: the document changed since the given update time, or a state store is another query's.
        case failedPrecondition = 9
        /// The operation was aborted (a conflict); it may be retried.
        case aborted = 10
        /// A value is beyond its range.
        case outOfRange = 11
        /// The server does not offer this.
        case unimplemented = 12
        /// The server or this library broke an invariant (a protocol violation).
        case `internal` = 13
        /// The server cannot be reached now; retried by listeners.
        case unavailable = 14
        /// Data was lost or corrupted.
        case dataLoss = 15
        /// The credentials are missing or were refused.
        case unauthenticated = 16

        /// `ok`, by the name Firebase's Apple SDK gives it.
        public static var OK: Code { .ok }

        /// The canonical name gRPC gives the code: `FAILED_PRECONDITION`.
        public var name: String { StatusCode(rawValue: Int32(rawValue)).name }
    }

    /// The gRPC status code.
    public var code: Code
    /// What went wrong, for a person; never empty.
    public var message: String

    /// An error of `code`; an empty `message` (or one of spaces only) becomes the code's name in words.
    public init(_ code: Code, message: String) {
        self.code = code
        self.message =
            message.allSatisfy(\.isWhitespace)
            ? code.name.lowercased().split(separator: "_").joined(separator: " ") : message
    }

    /// `FAILED_PRECONDITION: message`.
    public var description: String { "\(code.name): \(message)" }
}

extension FirestoreErrorCode {
    /// The error of a gRPC status; a code outside 0…16 is `UNKNOWN`, with the code in the message.
    init(_ status: Status) {
        if let code = Code(rawValue: Int(status.code.rawValue)) {
            self.init(code, message: status.message)
        } else {
            let message = status.message.allSatisfy(\.isWhitespace) ? "" : ": \(status.message)"
            self.init(.unknown, message: "\(status.code.name)\(message)")
        }
    }

    /// The gRPC status of this error.
    var status: Status { Status(code: StatusCode(rawValue: Int32(code.rawValue)), message: message) }
}
