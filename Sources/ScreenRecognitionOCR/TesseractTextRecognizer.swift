import CTesseract
import Foundation
import ScreenRecognition

/// Settings of ``TesseractTextRecognizer``. Defaults were measured on the OCR check set
/// (Benchmarks/ocr-checkset/RESULTS.md); each says where it comes from.
public struct TesseractSettings: Sendable, Hashable {
    /// How the screenshot is turned into the greyscale image Tesseract reads.
    public enum Preprocessing: String, Sendable, Hashable, CaseIterable {
        /// Luminance, inverted when the page is dark. Dark mode works; white text on coloured
        /// buttons inside a light page does not.
        case luminance
        /// Distance from the local background colour, with solid fills (buttons, cards, alerts)
        /// found and normalised against their own colour: all text comes out dark on white.
        case backgroundDistance
    }

    public var preprocessing: Preprocessing
    /// Tesseract page segmentation mode. 11 (sparse text, no order) finds the scattered short
    /// lines of a UI; 3 (automatic, Tesseract's default) looks for columns and paragraphs.
    public var pageSegmentationMode: Int
    /// Words whose confidence (0...1) is below this are dropped. 0.30 was chosen on a second
    /// rendered set (make_checkset.py --seed 1): it kept every word the unfiltered output read and
    /// removed a quarter of the false-positive lines; 0.40 once cost a button line (RESULTS.md).
    public var minimumWordConfidence: Double
    /// Single-character words (icons read as "a", "O", "Q") need at least this confidence. 0.60:
    /// the lowest real single character on the seed-1 set was read at 0.69.
    public var minimumSingleCharacterConfidence: Double
    /// A line that is one short word (≤ 3 characters, no digit; a Hangul syllable, CJK ideograph or
    /// kana counts as 2) needs at least this confidence: icons come back alone as "O", "fw", "CB",
    /// "=CE". 0.90, chosen on the seed-1 set: it removed
    /// 13 of the 18 such icon lines there and lost 3 real words (two calendar "S", a lone "or"), where
    /// 0.85 removed 9. Tesseract's "word is in the dictionary" flag did not separate them ("fw", "CB"
    /// count as dictionary words).
    public var minimumLoneShortWordConfidence: Double
    /// Resolution passed to Tesseract, in dots per inch. Without one it prints "Invalid resolution
    /// 0 dpi. Using 70 instead."; 300 is the resolution Tesseract's documentation asks input to have
    /// (not tuned here).
    public var sourceResolution: Int

    /// Tesseract reads the preprocessed picture shrunk by this factor (1 = full size; 2 = half;
    /// area-averaged), trading small text for time: see RESULTS.md.
    public var downscale: Double

    /// A whole screenshot narrower than this (px) is scaled up — bicubic, by the whole factor that
    /// brings it nearest 1170 px wide, at most 3 — before it is read: 1x screenshots (390 px wide)
    /// set 17-pt body text about 12 px tall, under the ~20 px Tesseract reads well. Measured on the
    /// OCR check set at 1x as JPEG quality 80 (`Benchmarks/ocr-checkset/make_1x.py`): words read
    /// exactly 84.0 % → 94.1 %, white-on-colour button lines 21/26 → 25/26 (with PIL's bilinear
    /// instead of bicubic upscaling 92.9 %).
    /// 0 turns it off; 600 leaves 2x and 3x screenshots as they are — *design choice*.
    public var upscaleBelowWidth: Int = 600

    /// A line that is one letter at least this many times as tall as the median line of three or
    /// more characters on the same picture is a glyph read as a letter, and is dropped
    /// (`.infinity`: none is). Measured on the whole-screen reads of 160 ui-real Android screens and both OCR check sets (3x and 1x):
    /// every lone letter at ≥ 1.5 × the median was an icon — Facebook's "f", Google's "G", a search
    /// glass "Q", a medal "é", a location arrow "A", tab-bar icons "a" (1.51–3.09 ×) — and a picture's
    /// rounded corner read "J" in Examples/settings.png; the real ones (calendar day letters "M", "T",
    /// "F", "L") measured 0.67–0.86 ×. Icons read as letters at 1.05–1.48 × stay: so do avatar
    /// initials of that size. Digits are never dropped (large counters and dates are text).
    public var tallLoneLetterRatio: Double = 1.5

    /// A picture at least ``minStripHeight`` px tall is cut across blank rows into this many
    /// horizontal strips, read by Tesseract instances (one thread each) on as many threads as the
    /// machine has cores (`DispatchQueue.concurrentPerform`): the OCR stage's latency on one
    /// screenshot then uses both cores of the 2-core target machine. Lines never cross a cut (it
    /// lies in a band of ≥ ``minBlankRows`` rows without ink), so the words read are nearly the
    /// same (measured in RESULTS.md). 4, twice the target's cores: strips hold uneven amounts of
    /// text, and with four a thread that finishes early takes the next (tesseract-runner on the
    /// check set, four alternating runs: median 215–250 ms against 264–276 ms with 2 strips, words
    /// 97.74 % against 97.51 %). The picture's preprocessing runs on this many bands too. 1 reads
    /// the picture whole.
    public var parallelStrips: Int = 4
    /// Pictures shorter than this (px) are read whole: a crop or a 1x screen band gains little from
    /// a second thread and Tesseract's layout analysis sees less context — *design choice* (about
    /// a third of a 3x screen).
    public var minStripHeight: Int = 800
    /// Rows whose darkest preprocessed pixel is at least this are blank: Tesseract binarises
    /// text on the preprocessed picture near mid-grey (Otsu), so lighter rows carry no ink — *design choice*.
    public var blankRowLevel: UInt8 = 200
    /// A cut needs this many consecutive blank rows (the cut is their middle) — *design choice*
    /// (keeps a cut off the single blank row between a letter's dot and its stem).
    public var minBlankRows: Int = 4

    public init(
        preprocessing: Preprocessing = .backgroundDistance, pageSegmentationMode: Int = 11,
        minimumWordConfidence: Double = 0.30, minimumSingleCharacterConfidence: Double = 0.60,
        minimumLoneShortWordConfidence: Double = 0.90, sourceResolution: Int = 300, downscale: Double = 1
    ) {
        self.downscale = downscale
        self.minimumLoneShortWordConfidence = minimumLoneShortWordConfidence
        self.preprocessing = preprocessing
        self.pageSegmentationMode = pageSegmentationMode
        self.minimumWordConfidence = minimumWordConfidence
        self.minimumSingleCharacterConfidence = minimumSingleCharacterConfidence
        self.sourceResolution = sourceResolution
    }

    /// Keeps everything Tesseract returns (for measuring filters).
    public static let unfiltered: TesseractSettings = {
        var s = TesseractSettings(minimumWordConfidence: 0, minimumSingleCharacterConfidence: 0, minimumLoneShortWordConfidence: 0)
        s.tallLoneLetterRatio = .infinity
        return s
    }()
}

/// Reads text with Tesseract 5 (Debian `libtesseract-dev` + `tesseract-ocr-eng`) through its C API.
///
/// Lines and words come back with boxes in image pixels and confidences in 0...1. Junk is filtered:
/// a word is dropped when its confidence is below ``TesseractSettings/minimumWordConfidence``,
/// when it is a single character below ``TesseractSettings/minimumSingleCharacterConfidence``, or
/// when it has no letter or digit and stands at the start or end of a line (icons come back as
/// "@", "©", "|"); a line with nothing left is dropped, and so is a line that is one short word
/// without a digit below ``TesseractSettings/minimumLoneShortWordConfidence``, or one letter
/// ``TesseractSettings/tallLoneLetterRatio`` times as tall as the picture's text.
///
/// Tesseract's API object is not thread-safe, so each instance reads one image at a time; the
/// recognizer keeps a pool of them and starts another only when a call finds all busy. One
/// recognizer shared by N threads (the server's workers) so reads in parallel with N instances
/// (~80 MiB each), and a single-threaded caller keeps one.
///
/// Debian's Tesseract is built with OpenMP and starts several threads per text line: on 2 busy
/// cores the median OCR time of a 3x screen was 1711 ms with them and 372 ms with
/// `OMP_THREAD_LIMIT=1` (RESULTS.md). libgomp reads that variable when it loads, before any Swift
/// code runs, so each read instead makes OpenMP's parallel regions inactive on the reading thread
/// (``OpenMPThreads/serialiseParallelRegions()``): one thread per read, whatever the process's
/// environment, unless `OMP_THREAD_LIMIT` is set (then it is the user's choice and kept).
public struct TesseractTextRecognizer: TextRecognizer {
    public let settings: TesseractSettings
    /// The tessdata folder in use.
    public let dataPath: String
    public let language: String
    private let engines: EnginePool

    /// Folders searched for `<language>.traineddata` when no `dataPath` is given, after
    /// `$TESSDATA_PREFIX`: Debian/Ubuntu (tesseract 5 and 4), Fedora, Homebrew, /usr/local.
    public static let defaultDataPaths = [
        "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata",
        "/opt/homebrew/share/tessdata", "/usr/local/share/tessdata",
    ]

    /// - Parameters:
    ///   - dataPath: folder holding `<language>.traineddata`; found automatically when `nil`.
    ///   - language: Tesseract language code(s), e.g. "eng" or "eng+deu".
    ///   - settings: how the screenshot is preprocessed and read (``TesseractSettings``).
    /// - Throws: `ScreenRecognitionError` `.model` when the language data is missing or Tesseract
    ///   cannot load it.
    public init(dataPath: String? = nil, language: String = "eng", settings: TesseractSettings = .init()) throws {
        let languages = language.split(separator: "+").map(String.init)
        guard !languages.isEmpty, languages.allSatisfy({ !$0.isEmpty && !$0.contains("/") }) else {
            throw ScreenRecognitionError(.invalidInput, "Tesseract language must look like \"eng\" or \"eng+deu\", got \"\(language)\".")
        }
        let hasAll = { (dir: String) in
            languages.allSatisfy { FileManager.default.fileExists(atPath: dir + "/" + $0 + ".traineddata") }
        }
        var candidates: [String] = []
        if let dataPath {
            candidates = [dataPath]
        } else {
            if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
                candidates += [prefix, prefix + "/tessdata"]
            }
            candidates += Self.defaultDataPaths
        }
        guard let found = candidates.first(where: hasAll) else {
            let looked = candidates.joined(separator: ", ")
            throw ScreenRecognitionError(
                .model,
                "Tesseract language data \(languages.map { $0 + ".traineddata" }.joined(separator: ", ")) "
                    + "not found (looked in \(looked)). Install it (Debian/Ubuntu: apt-get install "
                    + languages.map { "tesseract-ocr-" + $0.lowercased().replacingOccurrences(of: "_", with: "-") }.joined(separator: " ") + "; "
                    + "macOS: brew install tesseract) or pass its folder as the data path / TESSDATA_PREFIX.")
        }
        self.dataPath = found
        self.language = language
        self.settings = settings
        let first = try Engine(dataPath: found, language: language, settings: settings)
        self.engines = EnginePool(first) { try Engine(dataPath: found, language: language, settings: settings) }
    }

    /// The whole factor a whole screenshot is scaled up by before it is read (1: not scaled).
    func upscaleFactor(_ image: RGBAImage) -> Int {
        guard settings.upscaleBelowWidth > 0, image.width >= 3, image.width < settings.upscaleBelowWidth else { return 1 }
        return min(3, max(2, Int((1170.0 / Double(image.width)).rounded())))
    }

    public func recognizeText(in image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
        if region == nil, case let f = upscaleFactor(image), f > 1 {
            let big = Self.upscaled(image, by: f)
            let s = 1 / Double(f)
            return try read(big, region: nil).map { line in
                var line = line
                line.box = Self.scaled(line.box, by: s)
                line.words = line.words.map {
                    var w = $0
                    w.box = Self.scaled(w.box, by: s)
                    return w
                }
                return line
            }
        }
        return try read(image, region: region)
    }

    static func scaled(_ r: Rect, by s: Double) -> Rect {
        Rect(x: r.x * s, y: r.y * s, width: r.width * s, height: r.height * s)
    }

    /// `image` scaled up by the whole factor `f` with cubic convolution (Keys 1981, a = −0.5: the
    /// "bicubic" of PIL and most image tools), separably.
    static func upscaled(_ image: RGBAImage, by f: Int) -> RGBAImage {
        let w = image.width
        let h = image.height
        let W = w * f
        let H = h * f
        func weights(_ t: Double) -> (Double, Double, Double, Double) {
            let a = -0.5
            func k(_ x: Double) -> Double {
                let x = abs(x)
                if x <= 1 { return ((a + 2) * x - (a + 3)) * x * x + 1 }
                if x < 2 { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a }
                return 0
            }
            return (k(t + 1), k(t), k(1 - t), k(2 - t))
        }
        // Taps and weights per output coordinate (the same for every row / column).
        func taps(_ n: Int, _ size: Int) -> [(Int, Int, Int, Int, (Double, Double, Double, Double))] {
            (0..<n).map { o in
                let src = (Double(o) + 0.5) / Double(f) - 0.5
                let i = Int(src.rounded(.down))
                let c = { (k: Int) in min(size - 1, max(0, k)) }
                return (c(i - 1), c(i), c(i + 1), c(i + 2), weights(src - Double(i)))
            }
        }
        let xt = taps(W, w)
        let yt = taps(H, h)
        let src = image.pixels
        // Horizontal pass into floats (RGB only; alpha is set opaque), then vertical.
        var mid = [Double](repeating: 0, count: W * h * 3)
        for y in 0..<h {
            let row = y * w * 4
            for X in 0..<W {
                let (a, b, c, d, k) = xt[X]
                for ch in 0..<3 {
                    mid[(y * W + X) * 3 + ch] =
                        k.0 * Double(src[row + a * 4 + ch]) + k.1 * Double(src[row + b * 4 + ch])
                        + k.2 * Double(src[row + c * 4 + ch]) + k.3 * Double(src[row + d * 4 + ch])
                }
            }
        }
        var out = [UInt8](repeating: 255, count: W * H * 4)
        for Y in 0..<H {
            let (a, b, c, d, k) = yt[Y]
            for X in 0..<W {
                for ch in 0..<3 {
                    let v =
                        k.0 * mid[(a * W + X) * 3 + ch] + k.1 * mid[(b * W + X) * 3 + ch]
                        + k.2 * mid[(c * W + X) * 3 + ch] + k.3 * mid[(d * W + X) * 3 + ch]
                    out[(Y * W + X) * 4 + ch] = UInt8(max(0, min(255, v.rounded())))
                }
            }
        }
        return RGBAImage(width: W, height: H, pixels: out) ?? image
    }

    func read(_ image: RGBAImage, region: Rect?) throws -> [RecognizedText] {
        // The part of the image to read, in whole pixels.
        var x0 = 0
        var y0 = 0
        var x1 = image.width
        var y1 = image.height
        if let region {
            guard region.x.isFinite, region.y.isFinite, region.width.isFinite, region.height.isFinite else {
                throw ScreenRecognitionError(.invalidInput, "OCR region \(region) is not finite.")
            }
            x0 = max(0, Int(region.minX.rounded(.down)))
            y0 = max(0, Int(region.minY.rounded(.down)))
            x1 = min(image.width, Int(region.maxX.rounded(.up)))
            y1 = min(image.height, Int(region.maxY.rounded(.up)))
        }
        let w = x1 - x0
        let h = y1 - y0
        // Tesseract refuses images under 3 px a side ("Image too small to scan"); nothing to read there.
        guard w >= 3, h >= 3 else { return [] }
        let grey = prepare(image, x0: x0, y0: y0, width: w, height: h)
        let m = Self.margin
        let f = max(1, settings.downscale.isFinite ? settings.downscale : 1)
        let small = f > 1 ? Self.shrunk(grey, by: f) : grey
        guard small.width >= 3, small.height >= 3 else { return [] }
        let raw = try readInStrips(small, margin: m)
        // Back to `grey`'s pixels: the shrunk picture's pixel i covers grey's [i·sx, (i+1)·sx).
        let sx = Double(grey.width) / Double(small.width)
        let sy = Double(grey.height) / Double(small.height)
        let scaled =
            f > 1 || m > 0
            ? raw.map { line in
                line.map { w in
                    var w = w
                    w.box = Rect(
                        x: (w.box.x - Double(m)) * sx, y: (w.box.y - Double(m)) * sy,
                        width: w.box.width * sx, height: w.box.height * sy)
                    return w
                }
            } : raw
        let mended = scaled.map { line in
            Self.withMiddleDots(
                line.map { Self.withDegreeSign($0, in: grey) }, in: grey,
                minimumSingleCharacterConfidence: settings.minimumSingleCharacterConfidence)
        }
        return Self.filter(mended, settings: settings, dx: Double(x0), dy: Double(y0))
    }

    /// Characters Tesseract reads a degree sign as when it does not see one: the ring as "0", "o",
    /// "O", "9", "2" (the font's ring is open at the bottom right), "?" or "º". Measured on the held-out-fonts set
    /// (Benchmarks/ocr-checkset/README.md, Manrope at 1x): "1°" read "12", "-2°" read "-20", "-7°" read "-7?".
    static let degreeLookalikes: Set<Character> = ["0", "o", "O", "9", "2", "?", "º"]

    /// The ink before the ring spans at least this share of the word box's height (Tesseract's
    /// box is the digits' extent; solid digits fill it) — *design choice*, 0.8.
    static let minInkHeightShare = 0.8

    /// A glyph: a run of ink columns in a word's box and the rows its ink spans (end-exclusive) —
    /// what the degree-sign and middle-dot mends look at.
    struct Glyph {
        var x0: Int
        var x1: Int
        var top: Int
        var bottom: Int
        var width: Int { x1 - x0 }
        var height: Int { bottom - top }
    }

    /// The glyphs of `box` in `grey` (dark ink on white), left to right.
    static func glyphs(in box: Rect, grey: GreyImage) -> [Glyph] {
        let x0 = max(0, Int(box.minX.rounded(.down)))
        let x1 = min(grey.width, Int(box.maxX.rounded(.up)))
        let y0 = max(0, Int(box.minY.rounded(.down)))
        let y1 = min(grey.height, Int(box.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return [] }
        let ink: UInt8 = 128
        func columnHasInk(_ x: Int) -> Bool { (y0..<y1).contains { grey.pixels[$0 * grey.width + x] < ink } }
        var result: [Glyph] = []
        var x = x0
        while x < x1 {
            guard columnHasInk(x) else {
                x += 1
                continue
            }
            let start = x
            while x < x1, columnHasInk(x) { x += 1 }
            var top = y1
            var bottom = y0
            for y in y0..<y1 where (start..<x).contains(where: { grey.pixels[y * grey.width + $0] < ink }) {
                top = min(top, y)
                bottom = y + 1
            }
            result.append(Glyph(x0: start, x1: x, top: top, bottom: bottom))
        }
        return result
    }

    /// `word` with its last character made a degree sign where that character is a degree look-alike
    /// after a digit ("12", "-20", "-7?") and the word's rightmost glyph, a run of ink columns apart
    /// from the rest, is a raised ring: its ink ends above `DegreeSign.raisedBottomShare` of the height of the
    /// glyphs before it, starts in their upper quarter, and is about as wide as tall (0.6–1.6 times:
    /// a ring is round; a fragment of a faint "2" read on a grey fill was 0.4). `grey` is the picture Tesseract read
    /// (dark ink on white), in the coordinates of `word.box`. A real digit reaches the baseline, so
    /// "20" and "19" never change; a ring touching its digit makes one run and is left as read.
    static func withDegreeSign(_ word: RawWord, in grey: GreyImage) -> RawWord {
        guard let mendedText = DegreeSign.mended(word.text, lookalikes: degreeLookalikes) else { return word }
        let y0 = max(0, Int(word.box.minY.rounded(.down)))
        let y1 = min(grey.height, Int(word.box.maxY.rounded(.up)))
        guard min(grey.width, Int(word.box.maxX.rounded(.up))) - max(0, Int(word.box.minX.rounded(.down))) >= 4, y1 - y0 >= 4 else { return word }
        // The rightmost glyph, apart from those before it.
        let glyphs = glyphs(in: word.box, grey: grey)
        guard glyphs.count >= 2, let ring = glyphs.last, let top = glyphs.dropLast().map(\.top).min(),
            let bottom = glyphs.dropLast().map(\.bottom).max()
        else { return word }
        let rest = (top: top, bottom: bottom)
        let height = Double(rest.bottom - rest.top)
        // The glyphs before the ring must fill the word's box: on a faint crop whose ink is in
        // fragments (a grey "32" on dark grey at 1x), a fragment of the "2" looks raised.
        guard height >= 4, height >= minInkHeightShare * Double(y1 - y0) else { return word }
        let ringWidth = Double(ring.width)
        let ringHeight = Double(ring.height)
        let raised =
            Double(ring.bottom - rest.top) <= DegreeSign.raisedBottomShare * height && Double(ring.top - rest.top) <= 0.25 * height
            && ringWidth >= 0.6 * ringHeight && ringWidth <= 1.6 * ringHeight
        guard raised else { return word }
        var mended = word
        mended.text = mendedText
        return mended
    }

    /// Reads `grey` (padded by `margin`), cut into ``TesseractSettings/parallelStrips`` strips read
    /// at once when it is tall enough; words come back in `grey`'s padded coordinates.
    private func readInStrips(_ grey: GreyImage, margin m: Int) throws -> [[RawWord]] {
        let cuts =
            settings.parallelStrips > 1 && grey.height >= settings.minStripHeight
            ? Self.stripCuts(grey, strips: settings.parallelStrips, blankLevel: settings.blankRowLevel, minBlankRows: settings.minBlankRows)
            : []
        guard !cuts.isEmpty else { return try engines.withEngine { try $0.read(Self.padded(grey, by: m)) } }
        let bounds = zip([0] + cuts, cuts + [grey.height]).map { ($0, $1) }
        let results = StripResults(count: bounds.count)
        DispatchQueue.concurrentPerform(iterations: bounds.count) { i in
            let (y0, y1) = bounds[i]
            results.set(i, Result { try engines.withEngine { try $0.read(Self.padded(grey, rows: y0..<y1, by: m)) } })
        }
        var lines: [[RawWord]] = []
        for (i, result) in results.all.enumerated() {
            let dy = Double(bounds[i].0)
            lines += try result.get().map { line in
                line.map { w in
                    var w = w
                    w.box.y += dy
                    return w
                }
            }
        }
        return lines
    }

    /// Rows at which to cut `grey` into `strips` parts: for each ideal cut (k/strips of the height),
    /// the middle of the nearest run of ≥ `minBlankRows` blank rows (no pixel darker than
    /// `blankLevel`) within half a strip's height of it; a cut that cannot be placed is left out
    /// (then fewer, larger strips are read). Cutting where half the ink lies instead was slower on
    /// the check set (OCR median 281–305 ms against 252–276 ms, three bench runs each).
    static func stripCuts(_ grey: GreyImage, strips: Int, blankLevel: UInt8, minBlankRows: Int) -> [Int] {
        guard strips > 1, grey.height > 0, grey.width > 0 else { return [] }
        var blank = [Bool](repeating: false, count: grey.height)
        grey.pixels.withUnsafeBufferPointer { p in
            for y in 0..<grey.height {
                let row = UnsafeBufferPointer(rebasing: p[(y * grey.width)..<((y + 1) * grey.width)])
                blank[y] = row.min()! >= blankLevel
            }
        }
        guard blank.contains(false) else { return [] }  // nothing to read
        // Middles of blank runs.
        var runs: [Int] = []
        var start: Int?
        for y in 0...grey.height {
            if y < grey.height, blank[y] {
                if start == nil { start = y }
            } else if let s = start {
                if y - s >= minBlankRows { runs.append((s + y) / 2) }
                start = nil
            }
        }
        var cuts: [Int] = []
        let part = Double(grey.height) / Double(strips)
        for k in 1..<strips {
            let ideal = Double(k) * part
            let near = runs.filter { abs(Double($0) - ideal) <= part / 2 && $0 > (cuts.last ?? 0) }
            if let best = near.min(by: { abs(Double($0) - ideal) < abs(Double($1) - ideal) }) { cuts.append(best) }
        }
        return cuts
    }

    /// Each strip's result, written by its own thread.
    private final class StripResults: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<[[RawWord]], any Error>?]
        init(count: Int) { results = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ r: Result<[[RawWord]], any Error>) { lock.withLock { results[i] = r } }
        var all: [Result<[[RawWord]], any Error>] {
            lock.withLock { results.map { $0 ?? .failure(ScreenRecognitionError(.runtime, "An OCR strip was not read.")) } }
        }
    }

    /// The part of `image` to read as dark text on white (``TesseractSettings/preprocessing``); a
    /// part as tall as the pictures read in strips is prepared on as many threads.
    func prepare(_ image: RGBAImage, x0: Int, y0: Int, width: Int, height: Int) -> GreyImage {
        switch settings.preprocessing {
        case .luminance:
            return TesseractPreprocessing.luminance(image, x0: x0, y0: y0, width: width, height: height)
        case .backgroundDistance:
            let threads = height >= settings.minStripHeight ? settings.parallelStrips : 1
            return TesseractPreprocessing.backgroundDistance(image, x0: x0, y0: y0, width: width, height: height, threads: threads)
        }
    }

    /// The greyscale picture Tesseract is given for the whole of `image` (scaled up first where a
    /// whole-screen read scales it), as an RGBA image (for inspection).
    public func preprocessed(_ image: RGBAImage) -> RGBAImage {
        let f = upscaleFactor(image)
        let image = f > 1 ? Self.upscaled(image, by: f) : image
        let g = prepare(image, x0: 0, y0: 0, width: image.width, height: image.height)
        var p = [UInt8](repeating: 255, count: g.width * g.height * 4)
        for i in 0..<(g.width * g.height) {
            p[i * 4] = g.pixels[i]
            p[i * 4 + 1] = g.pixels[i]
            p[i * 4 + 2] = g.pixels[i]
        }
        return RGBAImage(width: g.width, height: g.height, pixels: p)!
    }

    /// White border added around the picture Tesseract reads, so that text cut close by a `region`
    /// is not touching the image edge (Tesseract's layout analysis treats edge-touching blobs as
    /// noise; 16 px is a third of a 17 pt line at 3x).
    static let margin = 16

    /// The image shrunk by `f` (≥ 1, not necessarily whole) in both directions by area averaging:
    /// each output pixel is the mean of the input area it covers, partly covered pixels weighted
    /// by the part covered (a box filter for whole factors).
    static func shrunk(_ g: GreyImage, by f: Double) -> GreyImage {
        let w = Int(Double(g.width) / f)
        let h = Int(Double(g.height) / f)
        guard w > 0, h > 0 else { return GreyImage(width: 0, height: 0, pixels: []) }
        // For each output index, the input indices it covers and their weights (summing to 1).
        func spans(_ n: Int, _ size: Int) -> [(start: Int, weights: [Float])] {
            let step = Double(size) / Double(n)
            return (0..<n).map { o in
                let a = Double(o) * step
                let b = min(Double(size), a + step)
                let first = Int(a.rounded(.down))
                let last = min(size - 1, Int((b - 1e-9).rounded(.down)))
                var ws: [Float] = []
                for i in first...max(first, last) {
                    ws.append(Float((min(b, Double(i + 1)) - max(a, Double(i))) / step))
                }
                return (first, ws)
            }
        }
        let xs = spans(w, g.width)
        let ys = spans(h, g.height)
        var mid = [Float](repeating: 0, count: w * g.height)
        g.pixels.withUnsafeBufferPointer { src in
            for y in 0..<g.height {
                let row = y * g.width
                for x in 0..<w {
                    let (s, ws) = xs[x]
                    var v: Float = 0
                    for (k, wt) in ws.enumerated() { v += wt * Float(src[row + s + k]) }
                    mid[y * w + x] = v
                }
            }
        }
        var p = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            let (s, ws) = ys[y]
            for x in 0..<w {
                var v: Float = 0
                for (k, wt) in ws.enumerated() { v += wt * mid[(s + k) * w + x] }
                p[y * w + x] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        return GreyImage(width: w, height: h, pixels: p)
    }

    static func padded(_ g: GreyImage, by m: Int) -> GreyImage { padded(g, rows: 0..<g.height, by: m) }

    /// The rows `rows` of `g` (a strip) with a white border of `m` pixels.
    static func padded(_ g: GreyImage, rows: Range<Int>, by m: Int) -> GreyImage {
        let w = g.width + 2 * m
        let h = rows.count + 2 * m
        var p = [UInt8](repeating: 255, count: w * h)
        g.pixels.withUnsafeBufferPointer { src in
            p.withUnsafeMutableBufferPointer { dst in
                for (k, y) in rows.enumerated() {
                    let d = dst.baseAddress! + (k + m) * w + m
                    d.update(from: src.baseAddress! + y * g.width, count: g.width)
                }
            }
        }
        return GreyImage(width: w, height: h, pixels: p)
    }

    // MARK: - Filtering

    static func isJunkSymbol(_ s: String) -> Bool {
        !s.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
    }

    /// A word as Tesseract returns it.
    struct RawWord: Sendable, Hashable {
        var text: String
        var box: Rect
        var confidence: Double
    }

    /// At most 3 characters and no digit, a syllabic character counting as 2 (`ReadableText.latinLength`): a
    /// Korean word of two or three syllables ("받기", "신상품") carries what a Latin word of four to
    /// nine letters does. Measured on ui-real valid (2026-11-23): the Korean crop reader read such
    /// tab and shop-category labels at 0.83–0.89 ("동영상", "스포츠", "매거진") and this rule, made for
    /// icons read as Latin letters, dropped them.
    static func isLoneShortWord(_ w: RawWord) -> Bool {
        ReadableText.latinLength(w.text) <= 3 && !w.text.unicodeScalars.contains { CharacterSet.decimalDigits.contains($0) }
    }

    /// The lines that pass the junk filter, in image coordinates (`dx`, `dy`). Each word's "§"
    /// before a digit is the "$" Tesseract misread (``TextRepair/dollars(_:)``, the rule the
    /// analysis applies to its lines): the words, not only the line text, carry the mended amount.
    static func filter(_ lines: [[RawWord]], settings: TesseractSettings, dx: Double, dy: Double) -> [RecognizedText] {
        var out: [RecognizedText] = []
        for line in lines {
            var words = line.filter { w in
                if w.confidence < settings.minimumWordConfidence { return false }
                if w.text.count == 1 && w.confidence < settings.minimumSingleCharacterConfidence { return false }
                return true
            }
            // Symbol-only words at either end are icons or separators; inside a line they stay ("Qty 2 · $5").
            while let f = words.first, isJunkSymbol(f.text) { words.removeFirst() }
            while let l = words.last, isJunkSymbol(l.text) { words.removeLast() }
            guard !words.isEmpty else { continue }
            if words.count == 1, isLoneShortWord(words[0]), words[0].confidence < settings.minimumLoneShortWordConfidence { continue }
            let kept = words.map {
                RecognizedText.Word(
                    text: TextRepair.dollars($0.text), box: Rect(x: $0.box.x + dx, y: $0.box.y + dy, width: $0.box.width, height: $0.box.height),
                    confidence: $0.confidence)
            }
            let box = kept.dropFirst().reduce(kept[0].box) { $0.union($1.box) }
            let confidence = kept.map(\.confidence).reduce(0, +) / Double(kept.count)
            out.append(RecognizedText(text: joined(kept), box: box, confidence: confidence, words: kept))
        }
        return withoutTallLoneLetters(out, ratio: settings.tallLoneLetterRatio)
    }

    /// `lines` without the tall lone letters of ``TesseractSettings/tallLoneLetterRatio``; a picture
    /// with fewer than three lines of three or more characters (a crop) has no median to compare
    /// with and keeps all.
    static func withoutTallLoneLetters(_ lines: [RecognizedText], ratio: Double) -> [RecognizedText] {
        let heights = lines.filter { $0.text.count >= 3 }.map(\.box.height).sorted()
        guard heights.count >= 3 else { return lines }
        let median = heights[heights.count / 2]
        return lines.filter { line in
            guard line.text.count == 1, let c = line.text.unicodeScalars.first, CharacterSet.letters.contains(c) else { return true }
            return line.box.height < ratio * median
        }
    }

    /// Gap between two Hangul/CJK words, as a share of the line's height, under which they are one
    /// word. Tesseract's Korean model returns a word per syllable or two ("많 이 들 은"); measured on
    /// ui-real Korean crops read with `kor` (2026-11-23): gaps inside words 0.13–0.23 of the height,
    /// real spaces 0.3 and more.
    static let syllableGapRatio = 0.25

    /// The words of a line as text: spaces between words, except between syllabic words set closer
    /// than ``syllableGapRatio`` of the line's height.
    static func joined(_ words: [RecognizedText.Word]) -> String {
        guard var text = words.first?.text else { return "" }
        let height = words.map(\.box.height).max() ?? 0
        for (a, b) in zip(words, words.dropFirst()) {
            let close = b.box.minX - a.box.maxX < syllableGapRatio * height
            let syllabic = a.text.last.map(ReadableText.isSyllabic) == true && b.text.first.map(ReadableText.isSyllabic) == true
            text += (close && syllabic ? "" : " ") + b.text
        }
        return text
    }

    // MARK: - The Tesseract instances

    /// Idle Tesseract instances; a call takes one (or makes one when none is idle) and gives it back.
    private final class EnginePool: @unchecked Sendable {
        private let lock = NSLock()
        private var idle: [Engine]
        private let make: () throws -> Engine

        init(_ first: Engine, make: @escaping () throws -> Engine) {
            idle = [first]
            self.make = make
        }

        func withEngine<T>(_ body: (Engine) throws -> T) throws -> T {
            let engine = try lock.withLock { idle.popLast() } ?? make()
            defer { lock.withLock { idle.append(engine) } }
            return try body(engine)
        }
    }

    private final class Engine: @unchecked Sendable {
        private let lock = NSLock()
        private let api: OpaquePointer

        init(dataPath: String, language: String, settings: TesseractSettings) throws {
            guard let api = TessBaseAPICreate() else {
                throw ScreenRecognitionError(.model, "Tesseract could not be created.")
            }
            // Silence Tesseract's own messages on stderr ("Estimating resolution…", "Empty page!!").
            _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
            guard TessBaseAPIInit2(api, dataPath, language, OEM_LSTM_ONLY) == 0 else {
                TessBaseAPIDelete(api)
                throw ScreenRecognitionError(
                    .model,
                    "Tesseract could not load \(language) from \(dataPath): the language data is "
                        + "missing or damaged. Reinstall it (Debian/Ubuntu: apt-get install --reinstall tesseract-ocr-eng).")
            }
            _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
            guard (0...13).contains(settings.pageSegmentationMode) else {
                TessBaseAPIEnd(api)
                TessBaseAPIDelete(api)
                throw ScreenRecognitionError(.invalidInput, "Tesseract page segmentation mode must be 0...13, got \(settings.pageSegmentationMode).")
            }
            TessBaseAPISetPageSegMode(api, TessPageSegMode(rawValue: UInt32(settings.pageSegmentationMode)))
            self.api = api
            self.resolution = Int32(clamping: settings.sourceResolution)
        }

        private let resolution: Int32

        deinit {
            TessBaseAPIEnd(api)
            TessBaseAPIDelete(api)
        }

        /// Words grouped by text line, boxes in the image's pixels, confidence 0...1.
        func read(_ grey: GreyImage) throws -> [[RawWord]] {
            lock.lock()
            defer { lock.unlock() }
            grey.pixels.withUnsafeBufferPointer { p in
                TessBaseAPISetImage(api, p.baseAddress, Int32(grey.width), Int32(grey.height), 1, Int32(grey.width))
            }
            defer { TessBaseAPIClear(api) }
            TessBaseAPISetSourceResolution(api, resolution)
            OpenMPThreads.serialiseParallelRegions()
            guard TessBaseAPIRecognize(api, nil) == 0 else {
                throw ScreenRecognitionError(.runtime, "Tesseract failed to read a \(grey.width)×\(grey.height) image.")
            }
            guard let it = TessBaseAPIGetIterator(api) else { return [] }
            defer { TessResultIteratorDelete(it) }
            let page = TessResultIteratorGetPageIterator(it)
            var lines: [[RawWord]] = []
            var newLine = true
            repeat {
                if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 { newLine = true }
                guard let cText = TessResultIteratorGetUTF8Text(it, RIL_WORD) else { continue }
                let text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
                TessDeleteText(cText)
                var l: Int32 = 0
                var t: Int32 = 0
                var r: Int32 = 0
                var b: Int32 = 0
                guard !text.isEmpty, TessPageIteratorBoundingBox(page, RIL_WORD, &l, &t, &r, &b) != 0 else { continue }
                let confidence = Double(max(0, min(100, TessResultIteratorConfidence(it, RIL_WORD)))) / 100
                let word = RawWord(
                    text: text, box: Rect(minX: Double(l), minY: Double(t), maxX: Double(r), maxY: Double(b)),
                    confidence: confidence)
                if newLine || lines.isEmpty {
                    lines.append([word])
                    newLine = false
                } else {
                    lines[lines.count - 1].append(word)
                }
            } while TessResultIteratorNext(it, RIL_WORD) != 0
            return lines
        }
    }
}
