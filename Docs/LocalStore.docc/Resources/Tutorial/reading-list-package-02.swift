// swift-tools-version: 6.3

import PackageDescription

let package = Package(
    name: "ReadingList",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(
            name: "ReadingList",
            targets: ["ReadingList"]
        ),
    ],
    targets: [
        .target(
            name: "ReadingList"
        ),
        .executableTarget(
            name: "reading-list",
            dependencies: ["ReadingList"]
        ),
        .testTarget(
            name: "ReadingListTests",
            dependencies: ["ReadingList"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
