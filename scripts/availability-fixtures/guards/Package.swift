// swift-tools-version: 6.2
// A fixture for scripts/check-availability: new APIs behind every kind of guard, and uses that
// a guard for one platform leaves unguarded on the other.
import PackageDescription

let package = Package(
  name: "Fixture",
  platforms: [.macOS(.v14), .iOS(.v17)],
  targets: [.target(name: "Fixture", path: ".")]
)
