// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Trellis",
    products: [
        .library(name: "TrellisSolver", targets: ["TrellisSolver"]),
        .library(name: "Trellis", targets: ["Trellis"]),
        /// The `linear-system/1` interchange format: reading systems, solving them, writing answers.
        .library(name: "TrellisLinearSystem", targets: ["TrellisLinearSystem"]),
        /// Layout documents (`layout-document/1`) and their pictures (SVG, terminal), for tools; apps do not need it.
        .library(name: "TrellisDocument", targets: ["TrellisDocument"]),
        /// Pango-measured labels and Cairo-drawn PNG/PDF pictures; links Pango and Cairo (Trellis does not).
        .library(name: "TrellisText", targets: ["TrellisText"]),
        .executable(name: "trellis", targets: ["TrellisCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        // `make docs` only: builds the DocC catalogs (Sources/*/*.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Implementation details

        /// GLPK, the C library, as a system-library module (Debian: `libglpk-dev`).
        .systemLibrary(
            name: "CGLPK",
            path: "CSupport/CGLPK",
            providers: [.apt(["libglpk-dev"])]
        ),
        /// A C guard around every GLPK call: a fatal GLPK error becomes an error code instead of
        /// `abort()` (setjmp + a per-thread `glp_error_hook`). See `CSupport/CGLPKGuard/include/CGLPKGuard.h`.
        .target(
            name: "CGLPKGuard",
            dependencies: ["CGLPK"],
            path: "CSupport/CGLPKGuard",
            exclude: ["README.md"],
            publicHeadersPath: "include",
            linkerSettings: [.linkedLibrary("glpk")]
        ),

        /// Pango on Cairo, as a system-library module (Debian: `libpango1.0-dev`, `libcairo2-dev`;
        /// the default font comes from `fonts-dejavu-core`). Only `TrellisText` uses it.
        .systemLibrary(
            name: "CPangoCairo",
            path: "CSupport/CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "fonts-dejavu-core"])]
        ),

        /// What several products share and none exposes (`package` access): the JSON reader with
        /// positions (`JSONScanning`, `JSONParser`, `JSONValue`), `JSONText` and `NumberFormat`.
        /// Not a product.
        .target(
            name: "TrellisSupport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // MARK: - Public API

        .target(
            name: "TrellisSolver",
            dependencies: ["CGLPK", "CGLPKGuard", "TrellisSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "Trellis",
            dependencies: ["TrellisSolver", "TrellisSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "TrellisLinearSystem",
            dependencies: ["TrellisSolver", "TrellisSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "TrellisDocument",
            dependencies: ["Trellis", "TrellisSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "TrellisText",
            dependencies: ["Trellis", "TrellisSupport", "CPangoCairo"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "TrellisCLI",
            dependencies: [
                "TrellisSolver",
                "TrellisLinearSystem",
                "Trellis",
                "TrellisDocument",
                "TrellisText",
                "TrellisSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Examples"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // MARK: - Fuzzing (see Tests/Fuzz/README.md)

        /// What the fuzz targets share: libFuzzer's driver in a fuzz build, reading inputs in a replay.
        .target(
            name: "TrellisFuzzSupport",
            path: "Sources/TrellisFuzzSupport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        /// libFuzzer target for the `linear-system/1` reader and the solver when built with
        /// `-sanitize=fuzzer -parse-as-library -DTRELLIS_FUZZ`; otherwise a tool that replays inputs.
        .executableTarget(
            name: "TrellisFuzzSolve",
            dependencies: ["TrellisSolver", "TrellisLinearSystem", "CGLPKGuard", "TrellisFuzzSupport"],
            path: "Sources/TrellisFuzzSolve",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        /// libFuzzer target for the `layout-document/1` reader and its layout, built like `TrellisFuzzSolve`.
        .executableTarget(
            name: "TrellisFuzzDocument",
            dependencies: ["Trellis", "TrellisDocument", "TrellisFuzzSupport"],
            path: "Sources/TrellisFuzzDocument",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // MARK: - Soak (`make soak`, not part of `make test`)

        /// Drag steps and relayouts of a changing view tree for a long while, checking that the
        /// resident memory stays flat (`make soak`).
        .executableTarget(
            name: "TrellisSoak",
            dependencies: ["TrellisSolver", "Trellis"],
            path: "Sources/TrellisSoak",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // MARK: - Unit test bundles (one per product)

        /// What the test bundles share (not a test bundle): the conformance `Fixture` and its
        /// tolerances, the layout checks (`approx`, `expectFrame`, `makeRoot`, …), `SplitMix`.
        .target(
            name: "TrellisTestSupport",
            dependencies: [
                "TrellisSolver",
                "TrellisLinearSystem",
                "Trellis",
                .product(name: "RealModule", package: "swift-numerics"),
            ],
            path: "Tests/TrellisTestSupport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "TrellisSolverTests",
            dependencies: [
                "TrellisSolver",
                "TrellisLinearSystem",
                "TrellisTestSupport",
                .product(name: "RealModule", package: "swift-numerics"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "TrellisLinearSystemTests",
            dependencies: ["TrellisLinearSystem", "TrellisSolver", "TrellisSupport", "TrellisTestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "TrellisTests",
            dependencies: [
                "Trellis",
                "TrellisDocument",
                "TrellisCLI",
                "TrellisTestSupport",
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "TrellisDocumentTests",
            dependencies: [
                "TrellisDocument",
                "Trellis",
                "TrellisSolver",
                "TrellisLinearSystem",
                "TrellisSupport",
                "TrellisCLI",
                "TrellisTestSupport",
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "TrellisTextTests",
            dependencies: ["TrellisText", "Trellis", "TrellisDocument", "TrellisCLI", "CPangoCairo", "TrellisTestSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
