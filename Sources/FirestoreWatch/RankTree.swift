/// A set of slots `0..<count` that answers "how many present slots come before this one" in O(log n).
///
/// A Fenwick (binary indexed) tree. `TargetView` uses it to give every change of a large batch its
/// sequential index without moving array elements for each change.
struct RankTree {
    /// 1-based partial sums: `sums[i]` covers the `i & -i` slots ending at slot `i - 1`.
    private var sums: [Int]
    private var present: [Bool]

    /// Builds the tree in O(n) from which slots are present.
    init(present: [Bool]) {
        self.present = present
        sums = [0] + present.map { $0 ? 1 : 0 }
        for index in sums.indices.dropFirst() {
            let parent = index + (index & -index)
            if parent < sums.count { sums[parent] += sums[index] }
        }
    }

    func contains(_ slot: Int) -> Bool {
        present[slot]
    }

    /// The number of present slots in `0..<slot`.
    func count(before slot: Int) -> Int {
        var total = 0
        var index = slot
        while index > 0 {
            total += sums[index]
            index -= index & -index
        }
        return total
    }

    mutating func insert(_ slot: Int) {
        precondition(!present[slot], "slot \(slot) is already present")
        present[slot] = true
        add(1, at: slot)
    }

    mutating func remove(_ slot: Int) {
        precondition(present[slot], "slot \(slot) is not present")
        present[slot] = false
        add(-1, at: slot)
    }

    private mutating func add(_ delta: Int, at slot: Int) {
        var index = slot + 1
        while index < sums.count {
            sums[index] += delta
            index += index & -index
        }
    }
}
