import FirestoreWatch
import Testing

/// Our own stream scenarios (`Fixtures/scenarios`): what the server sends, what the owner does, and every
/// event `WatchState` must raise.
@Suite struct ScenarioTests {
    static let files = FixtureFiles.names(in: "scenarios")

    @Test func scenariosArePresent() {
        #expect(Self.files.count >= 14)
    }

    @Test(arguments: files) func scenario(_ file: String) throws {
        guard let fixture = try FixtureFiles.json("scenarios", file) as? [String: Any] else {
            throw FixtureError("\(file) is not an object")
        }
        var runner = ScenarioRunner()
        for case let step as [String: Any] in try fixture.array("steps") {
            try runner.run(step)
        }
        let expected = try fixture.array("expect").map(ScenarioRunner.renderExpected)
        #expect(runner.events == expected, "\(fixture["name"] ?? file)")
        if runner.stopped { #expect(expected.last?.hasPrefix("error") == true) }
    }
}
