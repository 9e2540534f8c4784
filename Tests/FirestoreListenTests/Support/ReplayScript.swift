/// What `replay_server.py --script` plays: one entry per Listen call, the last one repeating.
///
/// Written to a file as `{"streams": [{"responses": [...], "end": ...}]}`; see the tool's header.
struct ReplayScript: Sendable {
    /// One step of a stream.
    enum Step: Sendable {
        /// A ListenResponse in proto3 JSON: `["targetChange": ["targetChangeType": "CURRENT"]]`.
        case response(JSONTree)
        /// These bytes, sent as one message (one that does not decode as a ListenResponse).
        case raw(hex: String)
        /// A pause.
        case sleep(milliseconds: Int)
    }

    /// How a stream ends once its steps are sent.
    enum End: Sendable {
        /// Stays open until the client half-closes (then OK) or cancels.
        case hold
        /// Ends with status OK.
        case ok
        /// Ends with this gRPC status (`"UNAVAILABLE"`).
        case status(code: String, message: String)
    }

    struct Stream: Sendable {
        var steps: [Step]
        var end: End

        init(_ steps: [Step], end: End = .hold) {
            self.steps = steps
            self.end = end
        }
    }

    var streams: [Stream]

    init(_ streams: [Stream]) {
        self.streams = streams
    }

    /// The script as the tool reads it.
    var json: JSONTree {
        .object([
            "streams": .array(
                streams.map { stream in
                    .object(["responses": .array(stream.steps.map(\.json)), "end": stream.end.json])
                }
            )
        ])
    }
}

extension ReplayScript.Step {
    fileprivate var json: JSONTree {
        switch self {
        case .response(let response): response
        case .raw(let hex): ["rawHex": .string(hex)]
        case .sleep(let milliseconds): ["sleepMs": .number(Double(milliseconds))]
        }
    }
}

extension ReplayScript.End {
    fileprivate var json: JSONTree {
        switch self {
        case .hold: "hold"
        case .ok: "ok"
        case .status(let code, let message): ["code": .string(code), "message": .string(message)]
        }
    }
}
