// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ScreenRecognition",
    platforms: [.macOS(.v14)],
    products: [
        // The library in three lines (README "Using the library"): `ScreenAnalyzer.standard()`, what
        // `screenrec analyze` runs. Its targets leave out the server, so a dependent builds no Hummingbird/NIO.
        .library(name: "ScreenRecognitionKit", targets: ["ScreenRecognitionKit"]),
        .library(name: "ScreenRecognition", targets: ["ScreenRecognition"]),
        .library(name: "ScreenRecognitionImageIO", targets: ["ScreenRecognitionImageIO"]),
        .library(name: "ScreenRecognitionTesting", targets: ["ScreenRecognitionTesting"]),
        .library(name: "ScreenRecognitionONNX", targets: ["ScreenRecognitionONNX"]),
        .library(name: "ScreenRecognitionOCR", targets: ["ScreenRecognitionOCR"]),
        .library(name: "ScreenRecognitionHTTP", targets: ["ScreenRecognitionHTTP"]),
        .library(name: "ScreenRecognitionServer", targets: ["ScreenRecognitionServer"]),
        .library(name: "ScreenRecognitionAudit", targets: ["ScreenRecognitionAudit"]),
        // Its own product so that core users do not pull swift-snapshot-testing.
        .library(name: "ScreenRecognitionSnapshotTesting", targets: ["ScreenRecognitionSnapshotTesting"]),
        .executable(name: "screenrec", targets: ["screenrec"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The HTTP server (`screenrec serve`); 2.28.1 is the mirrored release that builds with Swift 6.3.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        // The server's /metrics: swift-metrics' API (already under Hummingbird) exported
        // by swift-prometheus; both mirrored releases build with Swift 6.3.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // Pure-Swift core: model types, seams, heuristics, announcements, metrics. Foundation only.
        .target(name: "ScreenRecognition"),
        // System libraries behind the image-decoding adapter (Debian: libpng-dev, libturbojpeg0-dev).
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]
        ),
        // Adapter: PNG / JPEG bytes -> RGBA pixels, implementing the core's `ImageDecoder` seam.
        .target(name: "ScreenRecognitionImageIO", dependencies: ["ScreenRecognition", "CPNG", "CTurboJPEG"]),
        // ONNX Runtime's C API as a table of function pointers, loaded at run time with dlopen from the
        // library inside the `onnxruntime` PyPI wheel (scripts/setup-models.sh puts it in .deps/).
        .target(name: "CONNXRuntime", linkerSettings: [.linkedLibrary("dl")]),
        // Adapter: a small Swift wrapper over ONNX Runtime (sessions, float tensors, model.json contracts).
        .target(name: "ScreenRecognitionONNX", dependencies: ["ScreenRecognition", "CONNXRuntime"]),
        // Tesseract 5's C API (Debian: libtesseract-dev, tesseract-ocr-eng), one of the two OCR candidates.
        .systemLibrary(
            name: "CTesseract", pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev"]), .brew(["tesseract"])]
        ),
        // Adapter: OCR behind the core's `TextRecognizer` seam — PP-OCRv4 over ONNX Runtime, and Tesseract.
        .target(name: "ScreenRecognitionOCR", dependencies: ["ScreenRecognition", "ScreenRecognitionONNX", "CTesseract"]),
        // The shipped models found and loaded with the CLI's defaults: `ScreenAnalyzer.standard()`.
        .target(
            name: "ScreenRecognitionKit",
            dependencies: ["ScreenRecognition", "ScreenRecognitionImageIO", "ScreenRecognitionONNX", "ScreenRecognitionOCR"]
        ),
        // The server's request parsing (media types, multipart/form-data, query options): Foundation
        // only, so the fuzz harnesses in Fuzz/ build it without the HTTP stack.
        .target(name: "ScreenRecognitionHTTP"),
        // The HTTP server and web explorer (`screenrec serve`): `buildApplication` over injected engines.
        .target(
            name: "ScreenRecognitionServer",
            dependencies: [
                "ScreenRecognition", "ScreenRecognitionImageIO", "ScreenRecognitionHTTP", "ScreenRecognitionAudit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // Evaluation against labelled data (`screenrec eval`): COCO data sets, detection mAP (§4.3),
        // grouping and ordering agreement, label coverage, text-button precision and recall.
        .target(name: "ScreenRecognitionMetrics", dependencies: ["ScreenRecognition"]),
        // Test doubles for the seams (replayed detections, canned OCR), like NIOEmbedded.
        .target(name: "ScreenRecognitionTesting", dependencies: ["ScreenRecognition", "ScreenRecognitionAudit"]),
        // Developer tools: the app's own accessibility tree (XCUITest, uiautomator, our JSON)
        // audited against what the pixels show; reports (text, JSON, SARIF, HTML), overlays, transcripts.
        .target(name: "ScreenRecognitionAudit", dependencies: ["ScreenRecognition"]),
        // A swift-snapshot-testing `Snapshotting` strategy for transcripts.
        .target(
            name: "ScreenRecognitionSnapshotTesting",
            dependencies: ["ScreenRecognition", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]
        ),
        .executableTarget(
            name: "screenrec",
            dependencies: [
                "ScreenRecognition", "ScreenRecognitionImageIO", "ScreenRecognitionONNX", "ScreenRecognitionOCR",
                "ScreenRecognitionKit", "ScreenRecognitionServer",
                "ScreenRecognitionAudit", "ScreenRecognitionMetrics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "ScreenRecognitionTests",
            dependencies: ["ScreenRecognition", "ScreenRecognitionMetrics", "ScreenRecognitionTesting"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ScreenRecognitionImageIOTests",
            dependencies: ["ScreenRecognitionImageIO", "ScreenRecognition"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ScreenRecognitionONNXTests",
            dependencies: ["ScreenRecognitionONNX", "ScreenRecognition", "ScreenRecognitionImageIO", "ScreenRecognitionTesting"],
            exclude: ["Fixtures"]  // read from the package root (like Models/), not bundled
        ),
        .testTarget(
            name: "ScreenRecognitionOCRTests",
            dependencies: ["ScreenRecognitionOCR", "ScreenRecognitionONNX", "ScreenRecognitionImageIO", "ScreenRecognition", "ScreenRecognitionTesting"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ScreenRecognitionServerTests",
            dependencies: [
                "ScreenRecognitionServer", "ScreenRecognitionHTTP", "ScreenRecognition", "ScreenRecognitionTesting", "ScreenRecognitionImageIO",
                "ScreenRecognitionAudit",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ScreenRecognitionAuditTests",
            dependencies: ["ScreenRecognitionAudit", "ScreenRecognition", "ScreenRecognitionTesting", "ScreenRecognitionImageIO"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ScreenRecognitionSnapshotTestingTests",
            dependencies: [
                "ScreenRecognitionSnapshotTesting", "ScreenRecognition",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "ScreenrecCLITests",
            dependencies: ["screenrec", "ScreenRecognition", "ScreenRecognitionTesting"]
        ),
    ]
)
