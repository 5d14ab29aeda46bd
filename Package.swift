// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Places",
  // The minimums of Synchronization's Atomic, which MulticastDelegate uses. Linux needs no entry.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "PlacesModel", targets: ["PlacesModel"]),
    .library(name: "ViewModels", targets: ["ViewModels"]),
    .library(name: "Coordinators", targets: ["Coordinators"]),
    .executable(name: "places-cli", targets: ["places-cli"]),
  ],
  targets: [
    .target(name: "PlacesModel"),
    .target(name: "ViewModels", dependencies: ["PlacesModel"]),
    .target(name: "Coordinators", dependencies: ["ViewModels", "PlacesModel"]),
    .executableTarget(
      name: "places-cli", dependencies: ["Coordinators", "ViewModels", "PlacesModel"]),
    // The delegates, baselines and broadcast call sites the bench measures, in a module of
    // their own: PlacesModel is called from another module through public API, as an app calls
    // it, and the public delegate protocol cannot be devirtualised.
    .target(
      name: "BenchSupport", dependencies: ["PlacesModel"], path: "Benchmarks/BenchSupport"),
    // The map's baseline engine (the per-view clustering the hierarchy replaced) and the count
    // of places in view that the markers miss, which the bench and the map's tests share.
    .target(
      name: "MapBenchSupport", dependencies: ["ViewModels", "PlacesModel"],
      path: "Benchmarks/MapBenchSupport"),
    .executableTarget(
      name: "places-bench",
      dependencies: [
        "BenchSupport", "MapBenchSupport", "Coordinators", "ViewModels", "PlacesModel",
      ],
      path: "Benchmarks/places-bench"),
    // The embedding example of README.md, written from it by scripts/extract-readme-example.sh.
    .executableTarget(
      name: "embedding-example", dependencies: ["Coordinators", "ViewModels", "PlacesModel"],
      path: "Examples/embedding-example"),
    .target(
      name: "PlacesModelTestSupport", dependencies: ["PlacesModel"],
      path: "Tests/PlacesModelTestSupport"),
    .testTarget(name: "PlacesModelTests", dependencies: ["PlacesModel", "PlacesModelTestSupport"]),
    .target(
      name: "ViewModelTestSupport",
      dependencies: ["ViewModels", "PlacesModel", "PlacesModelTestSupport"],
      path: "Tests/ViewModelTestSupport"),
    .testTarget(
      name: "ViewModelsTests",
      dependencies: [
        "ViewModels", "PlacesModel", "PlacesModelTestSupport", "ViewModelTestSupport",
        "MapBenchSupport",
      ]),
    .testTarget(
      name: "MapBenchSupportTests",
      dependencies: ["MapBenchSupport", "ViewModels", "PlacesModel", "ViewModelTestSupport"]),
    .testTarget(
      name: "CoordinatorsTests",
      dependencies: ["Coordinators", "ViewModels", "PlacesModel", "ViewModelTestSupport"]),
    .testTarget(
      name: "PlacesCLITests",
      dependencies: ["places-cli", "embedding-example", "PlacesModelTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
