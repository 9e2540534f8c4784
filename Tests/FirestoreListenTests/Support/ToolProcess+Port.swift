extension ToolProcess {
    /// Waits for the `PORT <n>` line with which the replay server and the fault proxy say they are ready.
    ///
    /// The timeout is generous: Python with grpcio needs a second or more to start on a busy machine.
    func readyPort(timeout: Duration = .seconds(30)) async throws -> Int {
        let line = try await nextLine(timeout: timeout)
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            throw failure("expected `PORT <n>`, got \(line)")
        }
        return port
    }
}
