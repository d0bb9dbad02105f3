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
        .package(path: "../QuestionBank")
    ],
    targets: [
        .target(
            name: "ReadingList",
            dependencies: [
                .product(name: "Persistence", package: "QuestionBank"),
                .product(name: "SQLitePersistence", package: "QuestionBank"),
            ]
        ),
        .executableTarget(
            name: "reading-list",
            dependencies: ["ReadingList"]
        ),
        .testTarget(
            name: "ReadingListTests",
            dependencies: [
                "ReadingList", .product(name: "Persistence", package: "QuestionBank"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
