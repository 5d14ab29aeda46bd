import PlacesWeb
import Testing

struct StaticFilesTests {
  let files = StaticFiles(prefix: "/assets/", folder: "/srv/leaflet")

  @Test func aPathUnderThePrefixIsAFileInTheFolder() {
    #expect(files.filePath(forURLPath: "/assets/leaflet.js") == "/srv/leaflet/leaflet.js")
    #expect(
      files.filePath(forURLPath: "/assets/images/marker-icon.png")
        == "/srv/leaflet/images/marker-icon.png")
    #expect(files.filePath(forURLPath: "/assets/a%20b.js") == "/srv/leaflet/a b.js")
  }

  @Test(arguments: [
    "/assets/../etc/passwd", "/assets/%2e%2e/etc/passwd", "/assets/images/../../x",
    "/assets/..%2f..%2fetc%2fpasswd", "/assets/.hidden", "/assets/", "/assets//etc/passwd",
    "/assets/a\\..\\b", "/assets/%00", "/assets/%zz", "/page/app.js", "/assets",
    "/assets/images/%2e%2e%2f%2e%2e%2fx",
  ])
  func noPathLeavesTheFolder(path: String) {
    #expect(files.filePath(forURLPath: path) == nil)
  }

  @Test func typesFollowExtensions() {
    #expect(StaticFiles.contentType(ofFile: "a/leaflet.js") == "text/javascript; charset=utf-8")
    #expect(StaticFiles.contentType(ofFile: "index.html") == "text/html; charset=utf-8")
    #expect(StaticFiles.contentType(ofFile: "x.json") == "application/json")
    #expect(StaticFiles.contentType(ofFile: "x") == "application/octet-stream")
  }
}

struct OriginPolicyTests {
  @Test func loopbackAcceptsItsOwnPagesUnderEveryLoopbackName() {
    let policy = OriginPolicy(listeningOn: "127.0.0.1")
    #expect(policy.allows(origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080"))
    #expect(policy.allows(origin: "http://localhost:8080", host: "localhost:8080"))
    #expect(policy.allows(origin: "http://[::1]:8080", host: "[::1]:8080"))
    #expect(policy.allows(origin: "http://localhost", host: "localhost"))
    // A program's client, as Hummingbird's sends it.
    #expect(policy.allows(origin: "ws://127.0.0.1", host: "127.0.0.1:8080"))
    #expect(!policy.allows(origin: "ws://evil.example", host: "evil.example:8080"))
  }

  @Test(arguments: [
    ("https://evil.example", "127.0.0.1:8080"),
    ("http://evil.example:8080", "127.0.0.1:8080"),
    ("http://evil.example:8080", "evil.example:8080"),  // DNS rebinding
    ("http://127.0.0.1:8080", "127.0.0.1:9999"),  // another port than the page's
    ("null", "127.0.0.1:8080"),
  ])
  func otherSitesAreRefused(origin: String, host: String) {
    let policy = OriginPolicy(listeningOn: "127.0.0.1")
    #expect(!policy.allows(origin: origin, host: host))
  }

  @Test func missingHeadersAreRefused() {
    let policy = OriginPolicy(listeningOn: "127.0.0.1")
    #expect(!policy.allows(origin: nil, host: "127.0.0.1:8080"))
    #expect(!policy.allows(origin: "http://127.0.0.1:8080", host: nil))
  }

  @Test func everyAddressAcceptsAnyHostWhoseOriginAgrees() {
    let policy = OriginPolicy(listeningOn: "0.0.0.0")
    #expect(policy.allows(origin: "http://maps.lan:80", host: "maps.lan:80"))
    #expect(!policy.allows(origin: "http://evil.example", host: "maps.lan:80"))
  }
}
