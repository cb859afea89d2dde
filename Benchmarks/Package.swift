// swift-tools-version:6.1
// Benchmarks for LenientJSON. A separate package so that the library itself stays
// dependency-free. Run from this directory:
//   swift package --disable-sandbox benchmark      (ordo-one/benchmark suite)
//   swift build -c release && .build/release/compare [iterations]
//                                                  (side-by-side table, PASS/FAIL per target;
//                                                   runs malloc-count for allocations)
//   ../Scripts/instructions.sh [N]                (instructions per decode under callgrind,
//                                                   built by the script)
import PackageDescription

let package = Package(
    name: "LenientJSONBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LenientJSON", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        .executableTarget(
            name: "DecodeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LenientJSON", package: "LenientJSON"),
            ],
            path: "Benchmarks/DecodeBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        .executableTarget(
            name: "compare",
            dependencies: [
                .product(name: "LenientJSON", package: "LenientJSON")
            ],
            path: "Sources/compare"
        ),
        .executableTarget(
            name: "malloc-count",
            dependencies: [
                .product(name: "LenientJSON", package: "LenientJSON"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Sources/malloc-count"
        ),
        .executableTarget(
            name: "instructions",
            dependencies: [
                .product(name: "LenientJSON", package: "LenientJSON")
            ],
            path: "Sources/instructions"
        ),
    ],
    swiftLanguageModes: [.v6]
)
