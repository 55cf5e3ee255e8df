// swift-tools-version:6.0
// libFuzzer harnesses for the parsers that read untrusted bytes: the image decoder, the server's
// request parsing and /v1/audit body handling, the audit's hierarchy parsers, and the JSON inputs (detections files, configurations, analyses). Not part of
// `make test`; scripts/fuzz.sh builds them with `-sanitize=fuzzer,address` and runs each one.
import PackageDescription

let package = Package(
    name: "ScreenRecognitionFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "ScreenRecognition", path: "..")],
    targets: [
        .executableTarget(name: "FuzzImageDecoder", dependencies: [
            .product(name: "ScreenRecognitionImageIO", package: "ScreenRecognition"),
            .product(name: "ScreenRecognition", package: "ScreenRecognition"),
        ]),
        .executableTarget(name: "FuzzRequestParsing", dependencies: [
            .product(name: "ScreenRecognitionHTTP", package: "ScreenRecognition"),
        ]),
        .executableTarget(name: "FuzzAuditRequest", dependencies: [
            .product(name: "ScreenRecognitionHTTP", package: "ScreenRecognition"),
            .product(name: "ScreenRecognitionAudit", package: "ScreenRecognition"),
            .product(name: "ScreenRecognition", package: "ScreenRecognition"),
        ]),
        .executableTarget(name: "FuzzHierarchyParsers", dependencies: [
            .product(name: "ScreenRecognitionAudit", package: "ScreenRecognition"),
            .product(name: "ScreenRecognition", package: "ScreenRecognition"),
        ]),
        .executableTarget(name: "FuzzJSONInputs", dependencies: [
            .product(name: "ScreenRecognition", package: "ScreenRecognition"),
        ]),
    ]
)
