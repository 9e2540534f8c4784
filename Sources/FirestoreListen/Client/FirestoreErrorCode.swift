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
        case ok = 0
        case cancelled = 1
        case unknown = 2
        case invalidArgument = 3
        case deadlineExceeded = 4
        case notFound = 5
        case alreadyExists = 6
        case permissionDenied = 7
        case resourceExhausted = 8
        case failedPrecondition = 9
        case aborted = 10
        case outOfRange = 11
        case unimplemented = 12
        case `internal` = 13
        case unavailable = 14
        case dataLoss = 15
        case unauthenticated = 16

        /// The canonical name gRPC gives the code: `FAILED_PRECONDITION`.
        public var name: String { StatusCode(rawValue: Int32(rawValue)).name }
    }

    public var code: Code
    /// What went wrong, for a person; never empty.
    public var message: String

    public init(_ code: Code, message: String) {
        self.code = code
        self.message = message.isEmpty ? code.name.lowercased().split(separator: "_").joined(separator: " ") : message
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
            self.init(.unknown, message: "\(status.code.name): \(status.message)")
        }
    }

    /// The gRPC status of this error.
    var status: Status { Status(code: StatusCode(rawValue: Int32(code.rawValue)), message: message) }
}
