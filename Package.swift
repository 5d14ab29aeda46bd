// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Places",
  products: [
    .library(name: "PlacesModel", targets: ["PlacesModel"])
  ],
  targets: [
    .target(name: "PlacesModel"),
    .testTarget(name: "PlacesModelTests", dependencies: ["PlacesModel"]),
  ],
  swiftLanguageModes: [.v6]
)
