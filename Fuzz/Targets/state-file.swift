// Fuzz target `state-file`: the input is written as a `--state` file, which is then opened and loaded
// with `StateFile`. A damaged database, another schema or rows of the wrong type must throw
// (`FirestoreErrorCode`), never crash. The seeds are state files that `StateFile` wrote for `target` below.
import FirestoreWatch

@testable import FirestoreListen

#if canImport(Glibc)
    import Glibc
#endif

private let target = ListenTarget(
    id: 1,
    spec: .query(
        Query(
            parent: "projects/p/databases/(default)/documents",
            collectionID: "queue",
            filters: [QueryFilter(field: FieldPath(["status"]), op: .equal, value: .string("pending"))],
            orders: [QueryOrder(field: FieldPath(["number"]))]
        )
    )
)

/// One file per process, in memory when /dev/shm exists, so that parallel jobs do not share it.
private let path: String = {
    let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    return "\(directory)/firestore-listen-fuzz-\(getpid()).state"
}()

private func write(_ bytes: [UInt8]) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    check(descriptor >= 0, "cannot create \(path)")
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
        check(result > 0, "cannot write \(path)")
        written += result
    }
    close(descriptor)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateFile(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    write(input.remaining)
    do {
        let file = try StateFile(path: path, target: target, reset: false)
        if let persisted = try file.load() {
            check(persisted.target == target, "a loaded state file of another target")
            var state = WatchState()
            _ = state.restore(persisted)
        }
    } catch {
        // A clear error is what a damaged file must give.
    }
    return 0
}
