// swift-tools-version: 6.2
// A fixture for scripts/check-availability: case 7, a generated project whose lower layers use
// APIs newer than its floor. scripts/check-apple-templates must name them before it builds.
import PackageDescription

let package = Package(
  name: "Items",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "Persistence", targets: ["Persistence"]),
    .library(name: "ViewModels", targets: ["ViewModels"]),
  ],
  targets: [
    .target(name: "Persistence"),
    .target(name: "ViewModels", dependencies: ["Persistence"]),
  ]
)
