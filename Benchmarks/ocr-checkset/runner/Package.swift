// swift-tools-version:6.0
// A measuring tool for the OCR check set, outside the main package: reads screens with
// TesseractTextRecognizer under chosen settings, writes one JSON per screen (the format score.py
// reads) and prints wall and thread-CPU time per screen. Build: `swift build -c release` here.
import Foundation
import PackageDescription

// The repository root is a path dependency; its package identity is the checkout folder's name.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../..").standardized
let rootName = root.lastPathComponent

let package = Package(
    name: "tesseract-runner",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: root.path)],
    targets: [
        .executableTarget(
            name: "tesseract-runner",
            dependencies: [
                .product(name: "ScreenRecognitionOCR", package: rootName),
                .product(name: "ScreenRecognitionImageIO", package: rootName),
                .product(name: "ScreenRecognition", package: rootName),
            ])
    ]
)
