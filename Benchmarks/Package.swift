// swift-tools-version:6.1
// Benchmarks for LenientJSON. A separate package so that the library itself stays
// dependency-free. Run from this directory:
//   swift package --disable-sandbox benchmark      (ordo-one/benchmark suite)
//   swift run -c release compare [iterations]      (side-by-side table)
import PackageDescription

let package = Package(
    name: "LenientJSONBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LenientJSON", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
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
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "compare",
            dependencies: [
                .product(name: "LenientJSON", package: "LenientJSON"),
            ],
            path: "Sources/compare"
        ),
    ],
    swiftLanguageModes: [.v6]
)
