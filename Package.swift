// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ScreenRecognition",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ScreenRecognition", targets: ["ScreenRecognition"]),
        .library(name: "ScreenRecognitionImageIO", targets: ["ScreenRecognitionImageIO"]),
        .library(name: "ScreenRecognitionTesting", targets: ["ScreenRecognitionTesting"]),
        .executable(name: "screenrec", targets: ["screenrec"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
        // Test doubles for the seams (replayed detections, canned OCR), like NIOEmbedded.
        .target(name: "ScreenRecognitionTesting", dependencies: ["ScreenRecognition"]),
        .executableTarget(
            name: "screenrec",
            dependencies: [
                "ScreenRecognition", "ScreenRecognitionImageIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "ScreenRecognitionTests",
            dependencies: ["ScreenRecognition", "ScreenRecognitionTesting"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ScreenRecognitionImageIOTests",
            dependencies: ["ScreenRecognitionImageIO", "ScreenRecognition"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ScreenrecCLITests",
            dependencies: ["screenrec", "ScreenRecognition"]
        ),
    ]
)
