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
    dependencies: [
        .package(path: "../QuestionBank/Packages/LocalStore")
    ],
    targets: [
        .target(
            name: "ReadingList",
            dependencies: [.product(name: "LocalStore", package: "LocalStore")]
        ),
        .executableTarget(
            name: "reading-list",
            dependencies: ["ReadingList"]
        ),
        .testTarget(
            name: "ReadingListTests",
            dependencies: [
                "ReadingList", .product(name: "LocalStore", package: "LocalStore"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
