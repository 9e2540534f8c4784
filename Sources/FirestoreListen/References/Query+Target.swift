import FirestoreWatch

// Temporary: the lead's minimal translation until the query builders land.
extension Query {
    package func makeTarget() throws(FirestoreErrorCode) -> (spec: TargetSpec, reversed: Bool) {
        guard case .collection(let path) = source else {
            throw FirestoreErrorCode(.unimplemented, message: "collection groups")
        }
        var segments = path.split(separator: "/").map(String.init)
        let collectionID = segments.removeLast()
        let parent = ([firestore.documentsRoot] + segments).joined(separator: "/")
        return (.query(FirestoreWatch.Query(parent: parent, collectionID: collectionID)), false)
    }
}

extension DocumentReference {
    package func makeTarget() throws(FirestoreErrorCode) -> TargetSpec {
        .documents([resourceName])
    }
}
