// swift-tools-version: 6.2
// A fixture for scripts/check-availability: case 2, AsyncStream.Iterator.next(isolation:).
import PackageDescription

let package = Package(
  name: "Fixture",
  platforms: [.macOS(.v14), .iOS(.v17)],
  targets: [.target(name: "Fixture", path: ".")]
)
