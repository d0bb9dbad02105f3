// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "ReadingList",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "ReadingList", targets: ["ReadingList"])
  ],
  dependencies: [
    .package(path: "../QuestionBank")
  ],
  targets: [
    .target(name: "ReadingList"),
    .testTarget(name: "ReadingListTests", dependencies: ["ReadingList"]),
  ]
)
