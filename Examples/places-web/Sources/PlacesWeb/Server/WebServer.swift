import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

/// The HTTP server: the page, its files and the map library, and a WebSocket per page.
///
/// | Path | What |
/// |---|---|
/// | `/` | the page |
/// | `/page/…` | the page's script, style sheet and base map, shipped with the example |
/// | `/assets/…` | the map library, from `--assets` (Debian's `libjs-leaflet` by default) |
/// | `/ws` | the WebSocket of a session; an upgrade from another site is refused (403) |
package struct WebServer: Sendable {
  /// The options it runs with.
  package let options: WebOptions
  /// The catalog and the sessions.
  package let hub: CatalogHub
  /// The folder of the page's own files.
  package let pageFolder: String

  /// The largest frame read: larger messages close the connection (1009), as the WebSocket
  /// protocol has it; messages up to it but over ``ClientMessage/maximumSize`` get an error and
  /// the session goes on.
  static let maximumFrameSize = 1 << 20

  /// A server for `options`, serving `hub`'s catalog.
  package init(options: WebOptions, hub: CatalogHub, pageFolder: String? = nil) {
    self.options = options
    self.hub = hub
    self.pageFolder = pageFolder ?? Self.bundledPageFolder
  }

  /// The page shipped with the example, as a resource of this module.
  package static var bundledPageFolder: String {
    Bundle.module.resourceURL?.appendingPathComponent("Page").path ?? "Page"
  }

  /// The application, listening as the options say; `onRunning` is called with the address
  /// once it listens.
  package func makeApplication(
    services: [any Service] = [],
    logger: Logger,
    onRunning: @escaping @Sendable (String) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let router = Router(context: WebRequestContext.self)
    let page = StaticFiles(prefix: "/page/", folder: pageFolder)
    let assets = StaticFiles(prefix: "/assets/", folder: options.assetsDirectory)
    let indexFile = pageFolder + "/index.html"
    router.get("/") { _, _ in try Self.file(indexFile) }
    router.get("/page/**") { request, _ in try Self.serve(request, from: page) }
    router.get("/assets/**") { request, _ in try Self.serve(request, from: assets) }
    let policy = OriginPolicy(listeningOn: options.host)
    let hub = hub
    router.ws("/ws") { request, context in
      let origin = request.headers[.origin]
      guard policy.allows(origin: origin, host: request.head.authority) else {
        // Hummingbird answers a refused upgrade 400; this handler makes it 403.
        try await context.channel.pipeline.addHandler(RefusedUpgradeStatus()).get()
        throw HTTPError(.forbidden, message: "WebSocket refused: the page is not this server's")
      }
      return .upgrade([:])
    } onUpgrade: { inbound, outbound, _ in
      try await Self.runSession(hub: hub, inbound: inbound, outbound: outbound)
    }
    let host = options.host
    return Application(
      router: router,
      server: .http1WebSocketUpgrade(
        webSocketRouter: router,
        configuration: .init(ws: .init(maxFrameSize: Self.maximumFrameSize))),
      configuration: .init(address: .hostname(host, port: options.port)),
      services: services,
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        let shown = host.contains(":") ? "[\(host)]" : host
        await onRunning("http://\(shown):\(port)/")
      },
      logger: logger)
  }

  /// Runs one page's session until its WebSocket closes: reads its messages, at most one at
  /// a time, and writes the frames the session sends, in order.
  static func runSession(
    hub: CatalogHub, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
  ) async throws {
    let (frames, output) = AsyncStream<String>.makeStream()
    guard let session = await hub.open(output: output) else {
      try await outbound.close(
        .unknown(1013),
        reason: "too many pages open: this server allows \(hub.sessionLimit); try again later")
      return
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for await frame in frames {
          try await outbound.write(.text(frame))
        }
      }
      var limiter = RateLimiter()
      do {
        for try await message in inbound.messages(maxSize: maximumFrameSize) {
          let delay = limiter.delayForNextMessage(now: .now)
          if delay > .zero { try await Task.sleep(for: delay) }
          switch message {
          case .text(let text): await session.receive(text)
          case .binary: await session.receiveBinary()
          }
        }
      } catch {
        await hub.close(session.id)
        throw error
      }
      await hub.close(session.id)
      try await group.waitForAll()
    }
  }

  private static func serve(_ request: Request, from files: StaticFiles) throws -> Response {
    guard let path = files.filePath(forURLPath: request.uri.path) else {
      throw HTTPError(.notFound)
    }
    return try file(path)
  }

  private static func file(_ path: String) throws -> Response {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path)
    else { throw HTTPError(.notFound) }
    var headers: HTTPFields = [
      .contentType: StaticFiles.contentType(ofFile: path),
      .cacheControl: "no-cache",
    ]
    if let name = HTTPField.Name("X-Content-Type-Options") {
      headers[name] = "nosniff"
    }
    if let name = HTTPField.Name("Content-Security-Policy") {
      headers[name] =
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        + "frame-ancestors 'none'"
    }
    return Response(
      status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}
