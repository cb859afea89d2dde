// swift-tools-version:6.1
// The scaling benchmark of LenientJSON: every input shape that once made decoding
// super-linear, decoded at n and 4n; FAIL when the time grows more than 5x (4x is linear).
// A package of its own, depending only on the library, so that it builds in seconds and
// without network access. Run `Scripts/scaling.sh` from the repository root, or here:
//   swift build -c release && .build/release/scaling [n=10000] [runs=3] [shape ...]
import PackageDescription

let package = Package(
    name: "LenientJSONScaling",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LenientJSON", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "scaling",
            dependencies: [
                .product(name: "LenientJSON", package: "LenientJSON")
            ],
            path: "Sources/scaling"
        )
    ],
    swiftLanguageModes: [.v6]
)
