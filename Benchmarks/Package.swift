// swift-tools-version: 6.1
import PackageDescription
import struct Foundation.URL

// A path dependency's identity is the last component of its directory, so the root package is
// referred to by whatever its checkout folder is called.
let rootIdentity = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "TrellisBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TrellisBenchmarks",
            dependencies: [
                .product(name: "Trellis", package: rootIdentity),
                .product(name: "TrellisSolver", package: rootIdentity),
                .product(name: "TrellisDocument", package: rootIdentity),
                .product(name: "TrellisLinearSystem", package: rootIdentity),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TrellisBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
