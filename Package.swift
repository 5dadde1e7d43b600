// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Trellis",
    products: [
        .library(name: "TrellisSolver", targets: ["TrellisSolver"]),
        .library(name: "Trellis", targets: ["Trellis"]),
        .executable(name: "trellis", targets: ["TrellisCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        // MARK: - Implementation details

        /// GLPK, the C library, as a system-library module (Debian: `libglpk-dev`).
        .systemLibrary(
            name: "CGLPK",
            path: "CSupport/CGLPK",
            providers: [.apt(["libglpk-dev"])]
        ),

        // MARK: - Public API

        .target(
            name: "TrellisSolver",
            dependencies: ["CGLPK"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "Trellis",
            dependencies: ["TrellisSolver"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "TrellisCLI",
            dependencies: [
                "TrellisSolver",
                "Trellis",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Examples"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // MARK: - Unit test bundles

        .testTarget(
            name: "TrellisSolverTests",
            dependencies: [
                "TrellisSolver",
                .product(name: "RealModule", package: "swift-numerics"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "TrellisTests",
            dependencies: [
                "Trellis",
                .product(name: "RealModule", package: "swift-numerics"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
