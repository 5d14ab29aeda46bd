import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PlacesWeb
import Testing

struct WebServerTests {
  static func application() throws -> some ApplicationProtocol {
    var options = WebOptions()
    options.port = 0
    let server = WebServer(options: options, hub: try WebSessionTests.sampleHub())
    return server.makeApplication(logger: Logger(label: "places-web-tests"))
  }

  static func upgrade(origin: String) -> HTTPFields {
    [
      .upgrade: "websocket", .connection: "Upgrade", .origin: origin,
      .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==", .secWebSocketVersion: "13",
    ]
  }

  @Test(.timeLimit(.minutes(1)))
  func anUpgradeFromAnotherSiteIsForbidden() async throws {
    try await Self.application().test(.live) { client in
      let response = try await client.execute(
        uri: "/ws", method: .get, headers: Self.upgrade(origin: "http://evil.example"))
      #expect(response.status == .forbidden)
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func otherAnswersAreUnchanged() async throws {
    try await Self.application().test(.live) { client in
      let page = try await client.execute(uri: "/", method: .get)
      #expect(page.status == .ok)
      let missing = try await client.execute(uri: "/page/none.js", method: .get)
      #expect(missing.status == .notFound)
    }
  }
}
