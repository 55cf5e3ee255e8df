import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import ScreenRecognitionONNX

extension ModelOptions {
    /// The icon classifier in `Models/icons/`. It runs on one thread: a 40×40 input is too small for
    /// intra-op threads to pay off (the latency in Models/icons/MODEL_CARD.md is one thread).
    func makeIconClassifier() throws -> ONNXIconClassifier {
        let dir = try requireModelsDirectory().appendingPathComponent("icons")
        guard FileManager.default.fileExists(atPath: dir.appendingPathComponent("model.json").path) else {
            throw ScreenRecognitionError(.model, "no icon classifier installed: \(dir.path)/model.json not found (pass --models DIR)")
        }
        return try ONNXIconClassifier(directory: dir, runtime: loadRuntime(), threads: 1)
    }
}

/// `screenrec classify-icon`: icon recognition (§5.2) on images that each show one icon.
struct ClassifyIcon: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify-icon",
        abstract: "Recognise icons: one JSON line per image with the icon's meaning and confidence.",
        discussion: """
            Each image is one icon (a crop, the whole image is the box). Prints {"image": "<path as \
            given>", "label": <icon id or "unknown">, "confidence"} per image: the label is one of the \
            icon ids the model has classes for (the paper's 38: back close add search menu settings share \
            more home person heart star bookmark trash edit camera photo play pause mail phone chat bell \
            cart filter refresh download upload info help location calendar clock lock link microphone \
            send checkmark; and next previous shuffle like show copy folder flag tag gift warning video \
            music chart cast logout volume facebook google twitter instagram apple youtube whatsapp \
            linkedin repeat playlist fullscreen dislike backspace grid explore trophy scan), forward, up \
            or down \
            (an unknown glyph that reads as a confident "back" once mirrored or turned a quarter), or \
            "unknown" when the best meaning's probability is below the model's threshold or an icon of \
            another meaning is more likely; confidence is the best meaning's probability either way. An image that cannot \
            be read gets {"image", "error"} on its line and a message on stderr; the exit status is then \
            65 (or 66 when a file is missing), after every image was tried. --bench-runs N times the \
            classification (crop, resize, inference; not decoding) N times per image after 3 untimed \
            runs and prints {"iconLatencyMs": {"median", "p95", "runs"}} on stderr.
            """)

    @Argument(help: "Icon images (PNG or JPEG), each showing one icon.")
    var images: [String]

    @Option(name: [.short, .long], help: "Write the JSON lines to this file instead of standard output.")
    var output: String?

    @Option(help: ArgumentHelp("Time each classification this many times (0: off).", valueName: "n"))
    var benchRuns: Int = 0

    @OptionGroup var modelOptions: ModelOptions

    func validate() throws {
        guard !images.isEmpty else { throw ValidationError("give at least one image") }
        guard (0...100_000).contains(benchRuns) else { throw ValidationError("--bench-runs must be between 0 and 100000") }
    }

    struct Line: Encodable {
        var image: String
        var label: String?
        var confidence: Double?
        var error: String?
    }

    func run() throws {
        try CLIErrors.run {
            try checkOutputPath(output)
            let classifier = try modelOptions.makeIconClassifier()
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var out = Data()
            var worst: ScreenRecognitionError.Kind?
            var timings: [Double] = []
            for path in images {
                var line = Line(image: path)
                do {
                    let pixels = try loadInputImage(at: path, maxPixels: AnalysisConfiguration.default.limits.maxPixels)
                    let box = Rect(x: 0, y: 0, width: Double(pixels.width), height: Double(pixels.height))
                    let c = try classifier.classify(in: pixels, box: box)
                    line.label = c.meaning?.rawValue ?? "unknown"
                    line.confidence = c.confidence.roundedConfidence
                    if benchRuns > 0 {
                        for _ in 0..<3 { _ = try classifier.classify(in: pixels, box: box) }
                        for _ in 0..<benchRuns {
                            let t = DispatchTime.now().uptimeNanoseconds
                            _ = try classifier.classify(in: pixels, box: box)
                            timings.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
                        }
                    }
                } catch let e as ScreenRecognitionError where e.kind != .model && e.kind != .runtime {
                    line.error = e.message
                    writeStandardError("screenrec: error: \(e.message)\n")
                    if worst != .io { worst = e.kind }
                }
                out.append(try encoder.encode(line))
                out.append(0x0A)
            }
            try writeOutput(out, to: output)
            if !timings.isEmpty {
                timings.sort()
                func q(_ p: Double) -> Double { (timings[min(timings.count - 1, Int(p * Double(timings.count)))] * 1000).rounded() / 1000 }
                let summary = "{\"iconLatencyMs\": {\"median\": \(q(0.5)), \"p95\": \(q(0.95)), \"runs\": \(timings.count)}}\n"
                writeStandardError(summary)
            }
            if let worst { throw ExitCode(CLIErrors.exitCode(for: worst)) }
        }
    }
}
