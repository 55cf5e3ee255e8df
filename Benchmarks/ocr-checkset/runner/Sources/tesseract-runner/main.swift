import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO
import ScreenRecognitionOCR

// Usage:
//   tesseract-runner OUTDIR [--psm N] [--pre luminance|backgroundDistance] [--downscale F] [--strips N] [--unfiltered] [--dump] IMAGES...
//       writes OUTDIR/<image>.json ({"lines": [...]}, score.py's input; --dump adds <image>-pre.png, the
//       picture Tesseract reads) and prints wall and thread-CPU milliseconds per image and their medians.
//   tesseract-runner --crop IN X Y W H OUT      cuts a PNG (how the test fixtures were made)
// RUNNER_SETENV_OMP=1 sets OMP_THREAD_LIMIT=1 from inside the process (measured: no effect; libgomp
// reads it when the process loads).
var args = Array(CommandLine.arguments.dropFirst())
if ProcessInfo.processInfo.environment["RUNNER_SETENV_OMP"] != nil { setenv("OMP_THREAD_LIMIT", "1", 1) }
if args.first == "--crop" {  // --crop IN X Y W H OUT
    let img = try loadImage(at: args[1], maxPixels: 50_000_000)
    let x = Int(args[2])!
    let y = Int(args[3])!
    let w = Int(args[4])!
    let h = Int(args[5])!
    var p = [UInt8](repeating: 0, count: w * h * 4)
    for r in 0..<h { for c in 0..<(w * 4) { p[r * w * 4 + c] = img.pixels[((y + r) * img.width + x) * 4 + c] } }
    try encodePNG(RGBAImage(width: w, height: h, pixels: p)!).write(to: URL(fileURLWithPath: args[6]))
    exit(0)
}
let outDir = args.removeFirst()
var settings = TesseractSettings()
var dump = false
var images: [String] = []
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--psm": settings.pageSegmentationMode = Int(args.removeFirst())!
    case "--pre": settings.preprocessing = .init(rawValue: args.removeFirst())!
    case "--unfiltered":
        settings.minimumWordConfidence = 0
        settings.minimumSingleCharacterConfidence = 0
        settings.minimumLoneShortWordConfidence = 0
    case "--dump": dump = true
    case "--downscale": settings.downscale = Double(args.removeFirst())!
    case "--strips": settings.parallelStrips = Int(args.removeFirst())!
    case "--lone": settings.minimumLoneShortWordConfidence = Double(args.removeFirst())!
    default: images.append(a)
    }
}
try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
let t0 = Date()
let rec = try TesseractTextRecognizer(settings: settings)
FileHandle.standardError.write("init \(Int(Date().timeIntervalSince(t0) * 1000)) ms\n".data(using: .utf8)!)
var times: [Double] = []
var cpus: [Double] = []
func threadCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
for path in images {
    let img = try loadImage(at: path, maxPixels: 50_000_000)
    let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let s = Date()
    let c0 = threadCPU()
    let lines = try rec.recognizeText(in: img, region: nil)
    let dt = Date().timeIntervalSince(s)
    cpus.append(threadCPU() - c0)
    times.append(dt)
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try enc.encode(["lines": lines]).write(to: URL(fileURLWithPath: outDir + "/" + stem + ".json"))
    if dump { try encodePNG(rec.preprocessed(img)).write(to: URL(fileURLWithPath: outDir + "/" + stem + "-pre.png")) }
    print("\(stem) \(Int(dt * 1000)) ms wall \(Int(cpus.last! * 1000)) ms CPU \(lines.count) lines")
}
let sorted = times.sorted()
let sc = cpus.sorted()
if !sorted.isEmpty { print("median \(Int(sorted[sorted.count / 2] * 1000)) ms wall, \(Int(sc[sc.count / 2] * 1000)) ms thread CPU") }
