import FirestoreWatch

extension WorkQueue {
    /// Processes one version of a document, in a task of its own:
    /// 1. with a claim, claims it (guarded by the version seen); a claim that loses ends here;
    /// 2. runs the body; after a failure, waits (backoff), refreshes the claim or checks the version is still
    ///    the latest (a changed document ends here: its new version is looked at), and runs it again;
    /// 3. confirms (guarded by the version processed), or after the last attempt writes the failure fields;
    ///    a worker stopping between attempts releases its claim instead.
    nonisolated func process(_ seen: Document) async {
        let name = seen.name
        var version = seen
        if let claim = settings.claim {
            let holder = seen.fields.value(at: claim.claimedByField).flatMap { value -> String? in
                if case .string(let holder) = value { holder } else { nil }
            }
            guard let claimed = await write(claim: claim, on: seen, takenOverFrom: holder, reported: true) else {
                return await finish(name)
            }
            version = claimed
        }
        var attempt = 1
        while true {
            let failure = await run(version, attempt: attempt)
            guard let failure else {
                await write(.confirm, settings.confirm, on: version)
                break
            }
            guard attempt < settings.maxAttempts else {
                await abandon(name, fields: version.fields.removing(settings.claim?.fields ?? []))
                await emit(.failed(attempts: attempt, error: failure), name, version.updateTime)
                if !settings.failure.isEmpty { await write(.failure, settings.failure, on: version) }
                break
            }
            await pause(settings.delay(after: attempt))
            if await stopping {
                if settings.claim != nil, await write(.release, settings.release, on: version) {
                    await emit(.released, name, version.updateTime)
                }
                break
            }
            if let claim = settings.claim {
                guard let refreshed = await write(claim: claim, on: version, takenOverFrom: nil, reported: false) else {
                    break
                }
                version = refreshed
            } else if await !isLatest(name, version.updateTime) {
                await emit(.skipped(.changed), name, version.updateTime)
                break
            }
            attempt += 1
        }
        await finish(name)
    }

    /// One attempt of the body, cancelled past `attemptTimeout`; nil when it returned.
    private nonisolated func run(_ version: Document, attempt: Int) async -> (any Error)? {
        let snapshot = QueryDocumentSnapshot(
            reference: reference(version.name), document: version,
            metadata: SnapshotMetadata(isInitial: false, isResumed: false))
        let started = ContinuousClock.now
        // Tasks of their own: a stop (the caller's cancellation) does not cancel a running body.
        let body = self.body
        let work = Task { try await body(snapshot) }
        let timer = settings.attemptTimeout.map { timeout in
            Task {
                guard (try? await Task.sleep(for: timeout)) != nil else { return false }
                work.cancel()
                return true
            }
        }
        let result = await work.result
        timer?.cancel()
        var failure: (any Error)?
        if let timeout = settings.attemptTimeout, await timer?.value == true {
            failure = WorkAttemptTimeout(timeout: timeout)
        } else if case .failure(let error) = result {
            failure = error
        }
        await emit(
            .processed(attempt: attempt, duration: .now - started, error: failure), version.name, version.updateTime)
        return failure
    }

    /// Claims `version` (or refreshes this worker's claim); the claimed version, or nil when the claim lost.
    private nonisolated func write(claim: WorkClaim, on version: Document, takenOverFrom: String?, reported: Bool)
        async -> Document?
    {
        guard let result = await commit(.claim, FieldChanges(claim: claim), on: version) else { return nil }
        var claimed = version
        claimed.updateTime = result.updateTime
        // The server's request time, which the transform stores, at its millisecond precision.
        let claimedAt = Timestamp(
            seconds: result.commitTime.seconds, nanos: result.commitTime.nanos / 1_000_000 * 1_000_000)
        claimed.fields = version.fields.setting(.string(claim.workerID), at: claim.claimedByField)
            .setting(.timestamp(claimedAt), at: claim.claimedAtField)
        if reported { await emit(.claimed(takenOverFrom: takenOverFrom), version.name, result.updateTime) }
        return claimed
    }

    /// Writes `changes` guarded by `version`; whether it was written. A confirm is reported.
    @discardableResult
    private nonisolated func write(_ kind: WorkWrite, _ changes: FieldChanges, on version: Document) async -> Bool {
        guard let result = await commit(kind, changes, on: version) else { return false }
        if kind == .confirm { await emit(.confirmed(commitTime: result.commitTime), version.name, result.updateTime) }
        return true
    }

    /// One guarded Commit; its update and commit times, or nil after reporting why it did not happen.
    private nonisolated func commit(_ kind: WorkWrite, _ changes: FieldChanges, on version: Document) async
        -> (updateTime: Timestamp, commitTime: Timestamp)?
    {
        let name = version.name
        do throws(FirestoreErrorCode) {
            let response = try await query.firestore.connection.commit(
                [changes.write(to: name, ifUpdateTime: version.updateTime)])
            guard let updateTime = response.updateTimes.first ?? nil, let commitTime = response.commitTime else {
                throw FirestoreErrorCode(.internal, message: "the Commit response has no update or commit time")
            }
            await recordWrite(name, updateTime: updateTime, commitTime: commitTime)
            return (updateTime, commitTime)
        } catch {
            switch error.code {
            case .failedPrecondition: await emit(.skipped(.changed), name, version.updateTime)
            case .notFound: await emit(.skipped(.deleted), name, version.updateTime)
            default: await emit(.writeFailed(kind, error), name, version.updateTime)
            }
            return nil
        }
    }
}
