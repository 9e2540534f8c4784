import Dispatch
import FirestoreListenCLI
import Foundation

// The executable only wires the process to `FirestoreListenCLI.run`: SIGINT and SIGTERM cancel the run
// (a clean stop, exit 0), and SIGPIPE is caught by a handler that does nothing, so that a closed pipe is a
// write error, not a kill. Caught, not ignored: an ignored signal stays ignored in the commands that
// `--exec` starts, and `producer | head -1` in one of them would then never end its producer.
signal(SIGPIPE) { _ in }
let run = Task {
    await FirestoreListenCLI.run(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment
    )
}
var signalSources: [DispatchSourceSignal] = []
for signalNumber in [SIGINT, SIGTERM] {
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
    source.setEventHandler { run.cancel() }
    source.resume()
    signalSources.append(source)
}
Task {
    let status = await run.value
    exit(status)
}
dispatchMain()
