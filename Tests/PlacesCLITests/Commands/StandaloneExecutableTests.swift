import Foundation
import Testing

struct StandaloneExecutableTests {
  @Test func copiedExecutableWorksOnItsOwn() async throws {
    let folder = try TemporaryFolder()
    let copy = folder.url.appendingPathComponent("places-cli")
    try FileManager.default.copyItem(at: try PlacesCLI.executable(), to: copy)

    let run = try await PlacesCLI.run(["select", "42"], executable: copy, in: folder.url)

    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["places-cli"])
    #expect(run.lines == SelectCommandTests.startUp + SelectCommandTests.stockholmSelected)
    #expect(run.standardError == "")
    #expect(run.status == 0)
  }
}
