// swift-tools-version: 6.2
import PackageDescription

// A web front end for Places in a package of its own: it reaches the core only through the
// public libraries, as any app does, and the root package keeps no dependencies.
let package = Package(
  name: "places-web",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "places-web", targets: ["places-web"])
  ],
  dependencies: [
    .package(name: "Places", path: "../.."),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
  ],
  targets: [
    // The server: options, the shared catalog, one session per WebSocket, the static files.
    .target(
      name: "PlacesWeb",
      dependencies: [
        .product(name: "PlacesModel", package: "Places"),
        .product(name: "ViewModels", package: "Places"),
        .product(name: "Coordinators", package: "Places"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      resources: [.copy("Page"), .copy("SampleData")]),
    .executableTarget(
      name: "places-web",
      dependencies: [
        "PlacesWeb",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]),
    // Many pages at once against a running server, on loopback: the figures of issue 25.
    .executableTarget(
      name: "places-web-load",
      dependencies: [
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]),
    .testTarget(
      name: "PlacesWebTests",
      dependencies: [
        "PlacesWeb",
        .product(name: "PlacesModel", package: "Places"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
