// swift-tools-version:6.0
import PackageDescription

// LenientJSON where Swift developers decode JSON: Vapor 4, Hummingbird 2, AsyncHTTPClient and
// swift-log, live over loopback. A package of its own, so that the library keeps no dependencies
// (see the "Frameworks" article in the library's DocC catalog).
let package = Package(
    name: "LenientJSONExamples",
    platforms: [.macOS(.v14)],
    products: [
        // Vapor's `ContentDecoder` that keeps a LenientJSONDecoder (policy, registrations, reporting)
        // for every decode; another package can depend on it by path.
        .library(name: "LenientJSONVapor", targets: ["LenientJSONVapor"]),
        .executable(name: "order-webhook", targets: ["order-webhook"]),
    ],
    dependencies: [
        .package(name: "LenientJSON", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor.git", exact: "4.122.3"),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        // Already a dependency of Hummingbird; the tests run its application in a ServiceGroup.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    ],
    targets: [
        .target(
            name: "LenientJSONVapor",
            dependencies: [
                .product(name: "LenientJSON", package: "LenientJSON"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        // The order-webhook service's models, decoder, problem bodies and export lines, shared
        // by both servers and the client.
        .target(
            name: "OrderWebhook",
            dependencies: [
                .product(name: "LenientJSON", package: "LenientJSON"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "OrderWebhookHummingbird",
            dependencies: [
                "OrderWebhook",
                .product(name: "LenientJSON", package: "LenientJSON"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "OrderWebhookVapor",
            dependencies: [
                "OrderWebhook",
                "LenientJSONVapor",
                .product(name: "LenientJSON", package: "LenientJSON"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ExportClient",
            dependencies: [
                "OrderWebhook",
                .product(name: "LenientJSON", package: "LenientJSON"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // Recorded model streams (an OpenAI-style chat completion, an Anthropic-style tool call) and a reader of
        // server-sent events; no server or client here.
        .target(
            name: "ModelStreams",
            dependencies: [.product(name: "LenientJSON", package: "LenientJSON")],
            resources: [.copy("Resources")]
        ),
        // A Hummingbird route that replays the recorded streams as server-sent events.
        .target(
            name: "ModelStreamReplay",
            dependencies: ["ModelStreams", .product(name: "Hummingbird", package: "hummingbird")]
        ),
        // An AsyncHTTPClient client that feeds a streamed answer's text to `snapshots(of:fromText:)`.
        .target(
            name: "ModelStreamClient",
            dependencies: [
                "ModelStreams",
                .product(name: "LenientJSON", package: "LenientJSON"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .executableTarget(
            name: "order-webhook",
            dependencies: [
                "OrderWebhookHummingbird",
                "OrderWebhookVapor",
                "ExportClient",
            ]
        ),
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "LenientJSONVapor",
                "OrderWebhook",
                "OrderWebhookHummingbird",
                "OrderWebhookVapor",
                "ExportClient",
                "ModelStreams",
                "ModelStreamReplay",
                "ModelStreamClient",
                .product(name: "LenientJSON", package: "LenientJSON"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
