/// What a listener keeps of one target across restarts (the `--state` file): enough to resume the stream
/// and to report, after a restart, exactly what changed while it was not running.
public struct PersistedTarget: Hashable, Sendable {
    /// The target as first added (`resume` and `expectedCount` are not used here).
    public var target: ListenTarget
    /// The last raised view, in query order.
    public var documents: [Document]
    /// Where a new stream resumes from; nil after a RESET or a failed existence filter that was not
    /// followed by a consistency point.
    public var resume: ResumePoint?
    /// The read time of the last consistency point; an older one is ignored after a restart.
    public var readTime: Timestamp?

    public init(target: ListenTarget, documents: [Document], resume: ResumePoint?, readTime: Timestamp?) {
        self.target = target
        self.documents = documents
        self.resume = resume
        self.readTime = readTime
    }
}
