import Foundation

/// A second OCR pass on the elements that should show text but got none from the whole-screen
/// pass: each is cropped, its contrast normalised against its own fill — light text
/// on a tinted fill (the selected segment's white "Week" on blue) comes out dark on white like any
/// other — and small crops are scaled up before the recogniser reads them.
public enum ElementOCR {
    /// Detections that show their text inside their box.
    public static let readTypes: Set<ElementClass> = [
        .text, .segmentedControl, .textField,
        .checkboxSelected, .checkboxUnselected,
        .toggleSelected, .toggleUnselected,
    ]

    public enum Constants {
        /// Crops are scaled up (whole factors, up to 4) until they are this tall: Tesseract reads
        /// best with capitals of about 30 px ("Improving the quality of the output", Tesseract
        /// documentation), and a text line's box is about 1.5× its cap height.
        public static let targetHeight = 48.0
        public static let maxScale = 4
        /// White margin around the crop, as a fraction of its scaled height: the detector's boxes
        /// can be tight on the ink, and OCR needs some background around the letters — *design choice*.
        public static let marginFraction = 0.15
        /// A crop whose ink spread (largest distance from the fill colour) is below this has no
        /// text to read: 24 of 441 is well under the smallest contrast WCAG 1.4.3 accepts for large
        /// text (3:1 — e.g. #949494 on white is a distance of 184) — *design choice*.
        public static let minContrast = 24.0
        /// Boxes smaller than this (pixels, either side) hold nothing legible.
        public static let minSide = 6.0
        /// A checkbox or switch box is read only when it is a row (at least this wide over high):
        /// a bare glyph holds no text.
        public static let minRowAspect = 3.0
        /// A box's edge colour is another fill than its most common colour when they differ by more
        /// than this (largest channel difference) — `TesseractPreprocessing`'s fill difference (56),
        /// between iOS's greys (≤ 46 apart) and coloured fills (≥ 150 from white or black).
        public static let distinctFillDistance = 56.0
        /// An element's crop that every reader reads as nothing is read once more, by each in turn,
        /// grown by this share of its height on every side: detector boxes that hug the ink cut the edges of glyphs ("4:46" on a 1x
        /// alarm screen read nothing from its box and "4:46" at 0.93 from the box grown by 0.15).
        public static let retryPadding = 0.15
        /// A text's first line starting this many of its heights right of the element's box lost
        /// letters there: 0.25 — *measured* (2026-11-28, Roboto rendered with PIL) just under the
        /// narrowest first letters' advance ("l" 0.24 em, "I" 0.27 em, "L" 0.54 em): 0.26–0.38 of
        /// a line's 0.72–0.93-em box. A wider slack of the detector's box alone reads no more: the
        /// pass reads again only a first word that is no English word.
        public static let lostLetterGap = 0.25
        /// A line of a stacked text lost the start of its first word when it starts and is
        /// centred this many of its heights right of the other lines: 0.25, as ``lostLetterGap`` —
        /// *design choice*: one lost letter of average width (0.5 em, about 0.6 of a line's box)
        /// moves the line's centre by about 0.3 of its height. On the 1,219 listening screens
        /// (2026-11-29) 55 texts were read again so and 12 mended, on 8 screens, all better by
        /// eye; the others' crops said nothing more.
        public static let lostStartShift = 0.25
        /// A text's box with this many of its tallest read line's heights free above or below the
        /// lines read into it lost a line: 1.0 — *design choice*: a line of text takes its own
        /// height and its leading; detector boxes hug their text within a fraction of a line.
        public static let lostLineGap = 1.0
        /// A text cursor is at most this × its line's height wide (at least 3 px: 2 px and a
        /// JPEG's anti-aliased edge at 1x): 1–2 pt, 2 dp at 3x is 6 px beside a 16 sp line's 45-px
        /// box (0.13) — *design choice* from UIKit's and Material's cursors.
        public static let maxCursorWidth = 0.15
        /// … its ink runs at least this × the line's height down. The line's box may hold only the
        /// letters (the cursor ran 1.7 × a login screen's 9.9-px "Email" box) or the cursor too
        /// (1.0 × a sign-up form's "Desired username" line) — *measured* 2026-11-28. A capital's
        /// stem before lower-case letters passes too ("P" in "Passwora"); the reading past it
        /// keeps nothing that is not words.
        public static let minCursorSpan = 0.9
        /// … and at most this ×: a field's border or a divider runs through the whole window
        /// searched (``cursorWindow`` above and below the line, 2.5 ×) — *design choice*.
        public static let maxCursorSpan = 2.2
        /// The rows searched for a cursor run this × the line's height above and below it —
        /// *design choice*: room for a cursor 2 × a letters-only box.
        public static let cursorWindow = 0.75
        /// The letters after a cursor run at most this × as far down as it: the cursor spans the font's ascender
        /// to its descender (about 1.2 em in Roboto and SF), capitals 0.72 em and "l" 0.75 em
        /// (the type-size rule's shares, measured with PIL on 2026-11-28): 0.6–0.65 — so 0.8
        /// leaves room for a shorter cursor, under a capital's stem beside an ascender (1.04).
        public static let maxLetterToCursor = 0.8
        /// A cursor's ink lies at least this far from the field's fill (Euclidean RGB): twice
        /// ``FramedText/Constants/edgeDistance`` — a cursor is drawn in the text's or the accent's
        /// full colour, not a placeholder's light grey — *design choice*.
        public static let cursorInkDistance = 60.0
        /// A reading of the grown crop counts only at this confidence or more: 0.9, measured on
        /// ui-real valid (2026-11-24) — with no bar, half of the 30 new readings were junk
        /// ("40000000000000", "<0", "99=", an "Email" placeholder read "00000"), at 0.8 one was; at
        /// 0.9 none of the 7 on valid nor of the 5 on 200 random train screens ("4:46 PM", "OK",
        /// "DETECT LOCATION", "받기", "밤양갱").
        public static let retryMinConfidence = 0.9
        /// The last crop reader's reading needs at least this many letters and digits: on ui-real
        /// valid (2026-11-25) its one-character readings replaced junk by junk (a Korean line read
        /// "3") — *measured*.
        public static let minLastReadCharacters = 2
        /// …and at least half the letters and digits of the reading it replaces: on ui-real valid
        /// (2026-11-25) the shorter last readings of whole-screen lines had lost most of a line
        /// ("eals i shared cars and travel" → "travel", "ie Shears" → "Ms") — *measured*.
        public static let minLastReadShare = 0.5
        /// …and, where it replaces a whole-screen reading, lines over each of that reading's sure
        /// words (this confidence or more, two letters or digits): PP-OCR's text detector can split
        /// a faint line and lose its middle — an 11-px grey "Because you gel these exclusive
        /// benefits" (its middle words read at 0.95) came back "Because y xclusive benefits:" at 1x
        /// (ui-real valid, 2026-11-25), while the status bar's junk words around its clock are read
        /// at 0.4–0.6 — *measured*.
        public static let sureWordConfidence = 0.9
        /// The last reader reads a box grown by this share of its height on every side: 0.5 —
        /// *measured* on ui-real valid (2026-11-25): PP-OCR's text detector found nothing in a 14-px
        /// placeholder ("City, State or ZIP Code") grown by 0.15 (``retryPadding``), and read it
        /// grown by 0.5.
        public static let lastReadPadding = 0.5
        /// A whole-screen reading spanning less than this share of its element's width is too
        /// little to keep against a confident crop reading: 0.5 — *design choice* (a logo title
        /// "CLZ Comics" read "e" over 0.02 of its box, a tab's "larm" for "Alarm" spans 0.8).
        public static let replaceBelowCoverage = 0.5
        /// …when the crop reads at least this confident: 0.9, as ``retryMinConfidence``. Measured
        /// on ui-real valid (2026-11-24, tenth session): 9 screens change, each a better reading
        /// ("4" → "Walmart", "SIG)" → "Sign in to browse homes for sale and homes for rent.",
        /// "usle" → "Showing 1000+ results for", "Veal" → "Email"); on 300 random train screens 4,
        /// three better and one junk for junk.
        public static let replaceMinConfidence = 0.9
    }

    /// The lines whose middle lies in `box`.
    static func centred(in box: Rect, _ lines: [RecognizedText]) -> [RecognizedText] {
        lines.filter { box.contains(Point(x: $0.box.midX, y: $0.box.midY)) }
    }

    /// Whether the detection should be read by this pass.
    public static func wantsText(_ d: Detection) -> Bool {
        guard d.text == nil, readTypes.contains(d.type), d.box.width >= Constants.minSide, d.box.height >= Constants.minSide else { return false }
        switch d.type {
        case .checkboxSelected, .checkboxUnselected, .toggleSelected, .toggleUnselected:
            return d.box.width >= Constants.minRowAspect * d.box.height
        default: return true
        }
    }

    /// The whole factor a crop of height `h` is scaled up by.
    public static func scale(forHeight h: Double) -> Int {
        guard h.isFinite, h > 0 else { return 1 }
        return max(1, min(Constants.maxScale, Int((Constants.targetHeight / h).rounded(.up))))
    }

    /// Which colour of the box ``normalizedCrop(_:box:fill:)`` takes for the fill the text lies on.
    public enum Fill: Sendable {
        /// The box's most common colour (16 levels a channel): the background of text in a box
        /// with room around it, and of a badge whose box holds a margin of the page.
        case mostCommon
        /// The most common colour on the box's edge: the background of bold text that covers most
        /// of a tight box (white "SIGN UP!" on green was the box's most common colour).
        case edge
    }

    /// The box's pixels as dark text on white: every pixel's distance from the box's fill colour
    /// (its most common colour, or its edge's: ``Fill``), stretched so that the farthest ink is black, scaled up by
    /// ``scale(forHeight:)`` and framed by a white margin. Returns the picture, the rectangle in
    /// `image` it shows (the box in whole pixels) and the scale, or nil when the crop is empty or
    /// holds no contrast.
    ///
    /// The picture is laid on a white canvas as wide as `image` at the same scale, so a recogniser
    /// whose own preprocessing sizes its cells by the image width (Tesseract's background
    /// distance) sees the text at the size it would see it on the whole screen, scaled.
    public static func normalizedCrop(
        _ image: RGBAImage, box: Rect, fill: Fill = .mostCommon
    ) -> (picture: RGBAImage, source: Rect, scale: Int)? {
        guard let (x0, y0, x1, y1) = pixelBounds(box, in: image) else { return nil }
        let w = x1 - x0
        let h = y1 - y0
        guard w >= 3, h >= 3 else { return nil }
        // Fill colour: the mean of the most common 16-level colour bin in the box, or on its edge.
        let colour =
            fill == .edge
            ? edgeColour(image, x0: x0, y0: y0, x1: x1, y1: y1) : image.dominantColour(x0: x0, y0: y0, x1: x1, y1: y1)
        guard let (fr, fg, fb) = colour else { return nil }
        var dist = [Double](repeating: 0, count: w * h)
        var maxD = 0.0
        for y in 0..<h {
            for x in 0..<w {
                let c = image.color(x: x0 + x, y: y0 + y)
                let dr = Double(c.r) - fr
                let dg = Double(c.g) - fg
                let db = Double(c.b) - fb
                let d = (dr * dr + dg * dg + db * db).squareRoot()
                dist[y * w + x] = d
                maxD = max(maxD, d)
            }
        }
        guard maxD >= Constants.minContrast else { return nil }
        let s = scale(forHeight: Double(h))
        let margin = Int((Constants.marginFraction * Double(h * s)).rounded(.up))
        let innerW = w * s
        let innerH = h * s
        let canvasW = max(innerW + 2 * margin, image.width * s)
        let canvasH = innerH + 2 * margin
        guard canvasW * canvasH <= 64_000_000 else { return nil }
        var px = [UInt8](repeating: 255, count: canvasW * canvasH * 4)
        for y in 0..<innerH {
            // Bilinear sampling from the distance map.
            let sy = (Double(y) + 0.5) / Double(s) - 0.5
            let ya = max(0, min(h - 1, Int(sy.rounded(.down))))
            let yb = min(h - 1, ya + 1)
            let fy = max(0, min(1, sy - Double(ya)))
            for x in 0..<innerW {
                let sx = (Double(x) + 0.5) / Double(s) - 0.5
                let xa = max(0, min(w - 1, Int(sx.rounded(.down))))
                let xb = min(w - 1, xa + 1)
                let fx = max(0, min(1, sx - Double(xa)))
                let upper = dist[ya * w + xa] * (1 - fx) + dist[ya * w + xb] * fx
                let lower = dist[yb * w + xa] * (1 - fx) + dist[yb * w + xb] * fx
                let d = upper * (1 - fy) + lower * fy
                let v = UInt8(max(0, min(255, 255 - 255 * d / maxD)))
                let o = ((y + margin) * canvasW + x + margin) * 4
                px[o] = v
                px[o + 1] = v
                px[o + 2] = v
            }
        }
        guard let picture = RGBAImage(width: canvasW, height: canvasH, pixels: px) else { return nil }
        return (picture, Rect(x: Double(x0), y: Double(y0), width: Double(w), height: Double(h)), s)
    }

    /// The box's fill colour as ``RGBAImage/dominantColour(of:)`` finds it among the pixels on the
    /// edge of `x0..<x1` × `y0..<y1` (its first and last rows and columns).
    static func edgeColour(_ image: RGBAImage, x0: Int, y0: Int, x1: Int, y1: Int) -> (r: Double, g: Double, b: Double)? {
        guard x1 - x0 >= 2, y1 - y0 >= 2 else { return nil }
        let rows = (x0..<x1).lazy.flatMap { x in [(x, y0), (x, y1 - 1)] }
        let columns = ((y0 + 1)..<(y1 - 1)).lazy.flatMap { y in [(x0, y), (x1 - 1, y)] }
        return image.dominantColour(of: Array(rows) + Array(columns))
    }

    /// The whole pixels of `box` inside `image`: `x0..<x1` × `y0..<y1`; nil for a box that is not finite.
    static func pixelBounds(_ box: Rect, in image: RGBAImage) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else { return nil }
        return (
            max(0, Int(box.minX.rounded(.down))), max(0, Int(box.minY.rounded(.down))),
            min(image.width, Int(box.maxX.rounded(.up))), min(image.height, Int(box.maxY.rounded(.up)))
        )
    }

    static func margin(_ crop: (picture: RGBAImage, source: Rect, scale: Int)) -> Int {
        (crop.picture.height - Int(crop.source.height) * crop.scale) / 2
    }

    /// Reads the detections that want text (``wantsText(_:)``), at most `maxCalls` of them, largest
    /// first. Lines are kept when ``ReadableText`` accepts them (with `rejectUnreadable`); boxes come
    /// back in `image`'s pixels. A crop `recognizer` leaves unread goes to each of `fallbacks` in
    /// turn until one reads it (the same crop; each call counts within `maxCalls`' crops, not
    /// against it). A reading less confident than `doubtfulBelow` is not final: the later readers
    /// still read the crop, and one in another script (a letter beyond Latin) at least `margin`
    /// more confident replaces it — the rule ``rereadDoubtful(_:image:readers:from:below:margin:maxCalls:diagnostics:)``
    /// applies to whole-screen lines (the English line reader's "Ot! SS" for a Korean "원,투,쓰리룸
    /// 오피스텔"). Recogniser errors are collected into `diagnostics`, never thrown.
    public static func readUnread(
        _ detections: [Detection], image: RGBAImage, recognizer: any TextRecognizer,
        fallbacks: [any TextRecognizer] = [], maxCalls: Int, rejectUnreadable: Bool,
        doubtfulBelow: Double = 0, margin: Double = 0, lastReader: LastCropReader? = nil, diagnostics: inout [Diagnostic]
    ) -> [Detection] {
        var result = detections
        let wanted = detections.indices.filter { wantsText(detections[$0]) }
            .sorted { detections[$0].box.width * detections[$0].box.height > detections[$1].box.width * detections[$1].box.height }
        if wanted.count > maxCalls {
            diagnostics.append(
                Diagnostic(
                    stage: "ocr",
                    message: "\(wanted.count - max(0, maxCalls)) unread element(s) over the per-screen limit of \(maxCalls) crop reads were left unread"))
        }
        var failures = 0
        var secondReads = 0
        var lastReads = 0
        for i in wanted.prefix(max(0, maxCalls)) {
            var chosen: (text: String, confidence: Double, reader: Int)?
            for (n, reader) in ([recognizer] + fallbacks).enumerated() {
                if let chosen, chosen.confidence >= doubtfulBelow { break }
                do {
                    guard let read = try readCropWithConfidence(detections[i].box, image: image, recognizer: reader, rejectUnreadable: rejectUnreadable)
                    else { continue }
                    if let first = chosen {
                        guard read.text.contains(where: isNonLatinLetter), read.confidence >= first.confidence + margin else { continue }
                    }
                    chosen = (read.text, read.confidence, n)
                } catch {
                    failures += 1
                }
            }
            // Every reader read nothing from the box: once more from the box grown a little.
            if chosen == nil, case let box = grown(detections[i].box, in: image), box != detections[i].box {
                for (n, reader) in ([recognizer] + fallbacks).enumerated() {
                    do {
                        if let read = try readCrop(box, fill: .mostCommon, image: image, recognizer: reader, rejectUnreadable: rejectUnreadable),
                            read.confidence >= Constants.retryMinConfidence
                        {
                            chosen = (read.text, read.confidence, n)
                            break
                        }
                    } catch {
                        failures += 1
                    }
                }
            }
            if let lastReader, chosen.map({ $0.confidence < lastReader.below }) ?? true {
                do {
                    if let read = try lastReader.reread(
                        detections[i].box, over: chosen.map { ($0.text, $0.confidence) }, image: image, margin: margin,
                        rejectUnreadable: rejectUnreadable)
                    {
                        chosen = (read.text, read.confidence, fallbacks.count + 1)
                    }
                } catch {
                    failures += 1
                }
            }
            if let chosen {
                result[i].text = chosen.text
                if chosen.reader > fallbacks.count {
                    lastReads += 1
                } else if chosen.reader > 0 {
                    secondReads += 1
                }
            }
        }
        if failures > 0 {
            diagnostics.append(Diagnostic(stage: "ocr", message: "\(failures) element crop(s) could not be read"))
        }
        if secondReads > 0 {
            diagnostics.append(Diagnostic(stage: "ocr", message: "\(secondReads) element(s) read by a second crop reader"))
        }
        if lastReads > 0 {
            diagnostics.append(Diagnostic(stage: "ocr", message: "\(lastReads) element(s) read by the last crop reader"))
        }
        return result
    }

    /// `reading` with a space wherever `spaced`, another reading of the same text, has one between
    /// two characters it aligns with (a Levenshtein alignment, letters compared case-blind).
    /// PP-OCR reads small type well but runs words together ("Continue withFacebook",
    /// "Iamanewuser") where Tesseract keeps the gaps but misreads letters ("lam @ new user"); the
    /// merged reading has both ("Iam a new user"). When the two differ in more than half their
    /// characters, `reading` comes back as it is.
    public static func withSpaces(of spaced: String, in reading: String) -> String {
        let a = Array(spaced)
        let b = Array(reading)
        // Characters without spaces (compared as lower-case strings: a character's lower case may
        // be longer than one character), and which of them follow a space.
        let aChars = a.filter { $0 != " " }.map { String($0).lowercased() }
        var aSpaceBefore = Set<Int>()
        var k = 0
        for (n, c) in a.enumerated() {
            if c == " " {
                if n > 0, k > 0 { aSpaceBefore.insert(k) }
            } else {
                k += 1
            }
        }
        let bChars = b.filter { $0 != " " }
        let bLower = bChars.map { String($0).lowercased() }
        let n = aChars.count
        let m = bChars.count
        guard n > 0, m > 0, n * m <= 40_000 else { return reading }
        var dist = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { dist[i][0] = i }
        for j in 0...m { dist[0][j] = j }
        for i in 1...n {
            for j in 1...m {
                let cost = aChars[i - 1] == bLower[j - 1] ? 0 : 1
                dist[i][j] = min(dist[i - 1][j - 1] + cost, dist[i - 1][j] + 1, dist[i][j - 1] + 1)
            }
        }
        guard 2 * dist[n][m] <= max(n, m) else { return reading }
        // Walk the alignment back, pairing characters (same or substituted). A space between two
        // characters of `spaced` goes between the two characters of `reading` they pair with, when
        // those are neighbours too: a letter `spaced` lost before its space ("our avorites" for
        // "Your Favorites") puts no space inside a word.
        var pairs = Set<[Int]>()
        var i = n
        var j = m
        while i > 0, j > 0 {
            let cost = aChars[i - 1] == bLower[j - 1] ? 0 : 1
            if dist[i][j] == dist[i - 1][j - 1] + cost {
                pairs.insert([i - 1, j - 1])
                i -= 1
                j -= 1
            } else if dist[i][j] == dist[i - 1][j] + 1 {
                i -= 1
            } else {
                j -= 1
            }
        }
        let bSpaceBefore = Set(pairs.filter { aSpaceBefore.contains($0[0]) && pairs.contains([$0[0] - 1, $0[1] - 1]) }.map { $0[1] })
        var out = ""
        var index = 0
        for c in b {
            if c == " " {
                if !out.hasSuffix(" ") { out.append(" ") }
                continue
            }
            if index > 0, bSpaceBefore.contains(index), !out.hasSuffix(" ") { out.append(" ") }
            out.append(c)
            index += 1
        }
        return out
    }

    /// The reader of last resort for an element's crop or a whole-screen line (PP-OCR in the
    /// standard analyzer): it reads the box's own pixels, the box grown by
    /// ``Constants/lastReadPadding`` of its height, where the Tesseract readers read nothing or read
    /// less confidently than `below`; its reading replaces theirs at `minConfidence` or more and a
    /// margin above theirs (``reread(_:over:sureWords:image:margin:rejectUnreadable:)``).
    public struct LastCropReader: Sendable {
        public var reader: any TextRecognizer
        public var below: Double
        public var minConfidence: Double

        public init(reader: any TextRecognizer, below: Double, minConfidence: Double) {
            self.reader = reader
            self.below = below
            self.minConfidence = minConfidence
        }

        /// The reading of `box` that replaces `old` (Tesseract's reading, nil for none), or nil: at
        /// least `minConfidence` and `margin` surer than `old`, with ``Constants/minLastReadCharacters``
        /// letters or digits and ``Constants/minLastReadShare`` of `old`'s, its lines over each of
        /// `old`'s words read at ``Constants/sureWordConfidence`` (`sureWords`, the whole-screen
        /// line's words). It takes `old`'s spaces
        /// where the two align (``withSpaces(of:in:)``), has run-together words split
        /// (``RunTogetherWords``) and is repaired (``TextRepair``) once more.
        public func reread(
            _ box: Rect, over old: (text: String, confidence: Double)?, sureWords: [RecognizedText.Word] = [], image: RGBAImage,
            margin: Double, rejectUnreadable: Bool
        ) throws -> (text: String, confidence: Double)? {
            guard let read = try read(box, image: image, rejectUnreadable: rejectUnreadable),
                read.confidence >= minConfidence, read.confidence >= (old?.confidence ?? 0) + margin,
                alphanumericCount(read.text) >= Constants.minLastReadCharacters,
                keepsEnough(read.text, of: old?.text ?? ""),
                keepsSureWords(sureWords, lines: read.boxes)
            else { return nil }
            // Repaired again once its spaces are in ("Logln" takes "Log ln"'s space, then reads "Log In").
            let spaced = RunTogetherWords.split(old.map { withSpaces(of: $0.text, in: read.text) } ?? read.text)
            return (TextRepair.repair(spaced), read.confidence)
        }

        /// The lines read in `box` grown by ``Constants/lastReadPadding`` of its height, those whose
        /// middle lies in the box (the growth gives the text detector room around the letters, not
        /// the neighbouring lines it reaches), joined in reading order; the confidence is the least
        /// of theirs, the boxes those of the lines kept.
        func read(_ box: Rect, image: RGBAImage, rejectUnreadable: Bool) throws -> (text: String, confidence: Double, boxes: [Rect])? {
            guard [box.x, box.y, box.width, box.height].allSatisfy(\.isFinite) else { return nil }
            let region = ElementOCR.grown(box, by: Constants.lastReadPadding * box.height, in: image)
            guard !region.isEmpty else { return nil }
            let lines = ElementOCR.centred(in: box, try reader.recognizeText(in: image, region: region))
            return joined(lines, rejectUnreadable: rejectUnreadable).map { ($0.text, $0.confidences.min() ?? 0, $0.boxes) }
        }
    }

    /// Whether each of `words` read at ``Constants/sureWordConfidence`` or more, with two letters or
    /// digits, has half its width under one of `lines`: a new reading must not lose what the old
    /// one read surely.
    static func keepsSureWords(_ words: [RecognizedText.Word], lines: [Rect]) -> Bool {
        words.allSatisfy { w in
            w.confidence < Constants.sureWordConfidence || alphanumericCount(w.text) < 2
                || lines.contains { $0.xOverlap(w.box) >= 0.5 * w.box.width }
        }
    }

    /// `lines` that ``ReadableText`` accepts (with `rejectUnreadable`), in reading order, repaired
    /// (``TextRepair``) and joined by spaces, with their confidences; nil when nothing is left.
    static func joined(_ lines: [RecognizedText], rejectUnreadable: Bool) -> (text: String, confidences: [Double], boxes: [Rect])? {
        let sorted = lines.filter { !rejectUnreadable || ReadableText.isReadable($0.text, confidence: $0.confidence) }
            .sorted { abs($0.box.midY - $1.box.midY) > min($0.box.height, $1.box.height) / 2 ? $0.box.midY < $1.box.midY : $0.box.minX < $1.box.minX }
        let kept = TextRepair.repair(sorted).filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        let text = kept.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return text.isEmpty ? nil : (text, kept.map(\.confidence), kept.map(\.box))
    }

    /// The text read from `box`'s normalised crop (``normalizedCrop(_:box:fill:)``), lines in reading
    /// order and repaired (``TextRepair``); nil when the crop is empty or nothing readable is in it.
    /// Whole-screen OCR lines read with little confidence (below `below`; on a Korean screen the
    /// English reader's "BE NE", "W11,092 itty") are read again from their own crop by each of
    /// `readers`, least confident first, at most `maxCalls` lines; a reading in another script (a
    /// letter beyond Latin) that is readable and at least `margin` more confident replaces the
    /// line's text. Latin readings do not: on the English check set a second Latin reading turned
    /// "-§885.42" into "8885.42" and "4°" into "40" (2026-11-23). Only Latin lines at `from` or
    /// more are read (a second pass over the lines the first left: ``ContentSettings/rereadOnOtherScriptScreensBelow``).
    /// Errors go to `diagnostics`.
    public static func rereadDoubtful(
        _ lines: [RecognizedText], image: RGBAImage, readers: [any TextRecognizer], from: Double = 0, below: Double, margin: Double,
        maxCalls: Int, diagnostics: inout [Diagnostic]
    ) -> [RecognizedText] {
        var result = lines
        let doubtful = lines.indices.filter {
            lines[$0].confidence >= from && lines[$0].confidence < below && !hasOtherScript(lines[$0].text)
        }.sorted { lines[$0].confidence < lines[$1].confidence }
        var replaced = 0
        var failures = 0
        for i in doubtful.prefix(max(0, maxCalls)) {
            var best: (text: String, confidence: Double)?
            for reader in readers {
                do {
                    guard let read = try readCropWithConfidence(lines[i].box, image: image, recognizer: reader, rejectUnreadable: true) else { continue }
                    guard read.text.contains(where: isNonLatinLetter) else { continue }
                    if read.confidence >= lines[i].confidence + margin, read.confidence > (best?.confidence ?? 0) { best = read }
                } catch {
                    failures += 1
                }
            }
            guard let best else { continue }
            result[i] = RecognizedText(
                text: best.text, box: lines[i].box, confidence: best.confidence,
                words: [RecognizedText.Word(text: best.text, box: lines[i].box, confidence: best.confidence)])
            replaced += 1
        }
        if replaced > 0 { diagnostics.append(Diagnostic(stage: "ocr", message: "\(replaced) doubtful OCR line(s) replaced by a second reading")) }
        if failures > 0 { diagnostics.append(Diagnostic(stage: "ocr", message: "\(failures) doubtful OCR line(s) could not be read again")) }
        return result
    }

    /// Whether `reading` has at least ``Constants/minLastReadShare`` of the letters and digits of
    /// `old`, the reading it would replace.
    static func keepsEnough(_ reading: String, of old: String) -> Bool {
        Double(alphanumericCount(reading)) >= Constants.minLastReadShare * Double(alphanumericCount(old))
    }

    /// How many letters and digits `text` has.
    static func alphanumericCount(_ text: String) -> Int {
        text.filter { $0.isLetter || $0.isNumber }.count
    }

    /// Whole-screen lines read less confidently than the last reader's bar, read again by it from
    /// their own pixels (``LastCropReader``); a reading at its bar and `margin` surer replaces the
    /// line's text (with the line's spaces where they align, ``withSpaces(of:in:)``, and
    /// run-together words split, ``RunTogetherWords``). Lines in another script are left to the
    /// crop readers. At most `maxCalls` lines, least confident first.
    public static func rereadDoubtfulLines(
        _ lines: [RecognizedText], image: RGBAImage, reader: LastCropReader, margin: Double, maxCalls: Int,
        diagnostics: inout [Diagnostic]
    ) -> [RecognizedText] {
        var result = lines
        let doubtful = lines.indices.filter { lines[$0].confidence < reader.below && !hasOtherScript(lines[$0].text) }
            .sorted { lines[$0].confidence < lines[$1].confidence }
        var replaced = 0
        var failures = 0
        for i in doubtful.prefix(max(0, maxCalls)) {
            do {
                guard
                    let read = try reader.reread(
                        lines[i].box, over: (lines[i].text, lines[i].confidence), sureWords: lines[i].words, image: image, margin: margin,
                        rejectUnreadable: true)
                else { continue }
                result[i] = RecognizedText(
                    text: read.text, box: lines[i].box, confidence: read.confidence,
                    words: [RecognizedText.Word(text: read.text, box: lines[i].box, confidence: read.confidence)])
                replaced += 1
            } catch {
                failures += 1
            }
        }
        if replaced > 0 { diagnostics.append(Diagnostic(stage: "ocr", message: "\(replaced) doubtful OCR line(s) read again by the last crop reader")) }
        if failures > 0 { diagnostics.append(Diagnostic(stage: "ocr", message: "\(failures) doubtful OCR line(s) could not be read by the last crop reader")) }
        return result
    }

    /// Elements that took their text from whole-screen lines read less confidently than the last
    /// reader's bar, read again by it from the element's own box (``LastCropReader``); a reading
    /// at its bar and `margin` surer than the least confident of those lines replaces the text.
    /// The detector's box is the text's whole extent where Tesseract's line box can be a sliver:
    /// thin grey 13-pt timestamps at 1x binarise into fragments read "DAL AA" (0.65) over a box
    /// 3 px tall, too little for a line re-read to see, or "4" (0.81) over 2 of the box's 43 px
    /// (Benchmarks/ocr-checkset/README.md, the held-out-fonts set). Lines in another script are
    /// left to the crop readers. At most `maxCalls` elements, least confident first.
    public static func rereadDoubtfulElements(
        _ detections: [Detection], lines: [RecognizedText], image: RGBAImage, reader: LastCropReader, margin: Double,
        maxCalls: Int, rejectUnreadable: Bool, diagnostics: inout [Diagnostic]
    ) -> [Detection] {
        let doubtful: [(index: Int, confidence: Double, words: [RecognizedText.Word])] = detections.indices.compactMap { i in
            let d = detections[i]
            guard readTypes.contains(d.type), let text = d.text, !text.isEmpty, !hasOtherScript(text) else { return nil }
            let inside = centred(in: d.box, lines)
            guard let least = inside.map(\.confidence).min(), least < reader.below else { return nil }
            return (i, least, inside.flatMap(\.words))
        }.sorted { $0.confidence < $1.confidence }
        let calls = doubtful.prefix(max(0, maxCalls))
        let confidence = Dictionary(uniqueKeysWithValues: calls.map { ($0.index, ($0.confidence, $0.words)) })
        return readingAgain(
            detections, calls.map(\.index), diagnostics: &diagnostics,
            replaced: "doubtfully read element(s) read again by the last crop reader",
            failed: "doubtfully read element(s) could not be read by the last crop reader"
        ) { i, old in
            guard let (least, words) = confidence[i] else { return nil }
            return try reader.reread(
                detections[i].box, over: (old, least), sureWords: words, image: image, margin: margin, rejectUnreadable: rejectUnreadable)?.text
        }
    }

    /// `detections` with each of `indices` (in order) given the text `read` returns for it and
    /// its old text (nil keeps the old one); a diagnostic counts the texts replaced ("N
    /// `replaced`") and the reads that threw ("N `failed`").
    static func readingAgain(
        _ detections: [Detection], _ indices: [Int], diagnostics: inout [Diagnostic], replaced: String, failed: String,
        read: (Int, String) throws -> String?
    ) -> [Detection] {
        var result = detections
        var count = 0
        var failures = 0
        for i in indices {
            guard let old = detections[i].text else { continue }
            do {
                guard let text = try read(i, old) else { continue }
                result[i].text = text
                count += 1
            } catch {
                failures += 1
            }
        }
        if count > 0 { diagnostics.append(Diagnostic(stage: "ocr", message: "\(count) \(replaced)")) }
        if failures > 0 { diagnostics.append(Diagnostic(stage: "ocr", message: "\(failures) \(failed)")) }
        return result
    }

    /// Whether `text` has a letter outside the Latin blocks (``isNonLatinLetter(_:)``).
    static func hasOtherScript(_ text: String?) -> Bool {
        text?.contains(where: isNonLatinLetter) ?? false
    }

    /// The screen's readings in another script taken back when there are fewer than `minReadings`
    /// of them (lines, and detections whose text is not a line's): a line goes back to its
    /// first reading (`originalLines`, index for index — ``rereadDoubtful(_:image:readers:from:below:margin:maxCalls:diagnostics:)``
    /// keeps the order), a detection's crop reading is dropped. Lines and detections with text are
    /// not read from `lines` here: their texts came from those lines.
    public static func withoutLoneOtherScript(
        _ detections: [Detection], lines: [RecognizedText], originalLines: [RecognizedText], minReadings: Int
    ) -> (detections: [Detection], lines: [RecognizedText], dropped: Int) {
        let lineTexts = Set(lines.map(\.text))
        let otherLines = lines.indices.filter { hasOtherScript(lines[$0].text) }
        let otherDetections = detections.indices.filter {
            hasOtherScript(detections[$0].text) && !lineTexts.contains(detections[$0].text ?? "")
        }
        let count = otherLines.count + otherDetections.count
        guard count > 0, count < minReadings else { return (detections, lines, 0) }
        var newLines = lines
        var newDetections = detections
        var dropped = Set<Int>()
        for i in otherLines {
            if i < originalLines.count, !hasOtherScript(originalLines[i].text) {
                newLines[i] = originalLines[i]
            } else {
                dropped.insert(i)
            }
        }
        // Detections that took a line's text take the line's first reading too.
        for i in newDetections.indices where hasOtherScript(newDetections[i].text) {
            if let k = otherLines.first(where: { lines[$0].text == newDetections[i].text }), !dropped.contains(k) {
                newDetections[i].text = newLines[k].text
            } else {
                newDetections[i].text = nil
            }
        }
        newLines = newLines.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        return (newDetections, newLines, count)
    }

    /// A letter outside the Latin blocks (U+0000–U+024F): Hangul, CJK, Cyrillic, Greek, Arabic…
    static func isNonLatinLetter(_ c: Character) -> Bool {
        c.isLetter && (c.unicodeScalars.first?.value ?? 0) > 0x24F
    }

    static func readCrop(_ box: Rect, image: RGBAImage, recognizer: any TextRecognizer, rejectUnreadable: Bool) throws -> String? {
        try readCropWithConfidence(box, image: image, recognizer: recognizer, rejectUnreadable: rejectUnreadable)?.text
    }

    /// ``readCrop(_:image:recognizer:rejectUnreadable:)`` with the mean confidence of the lines read.
    /// The crop is prepared against the box's most common colour; where the colour on the box's
    /// edge is another one, it is prepared against that colour too and the more confident reading
    /// is kept. Bold text covering most of a tight box makes the text's own colour the most common
    /// one: a 9-px white "USE MY CURRENT LOCATION" on orange read "MY CLUIRREN ATION" (0.77)
    /// against white and right (0.96) against the edge's orange (ui-real valid, 2026-11-25).
    static func readCropWithConfidence(
        _ box: Rect, image: RGBAImage, recognizer: any TextRecognizer, rejectUnreadable: Bool
    ) throws -> (text: String, confidence: Double)? {
        let common = try readCrop(box, fill: .mostCommon, image: image, recognizer: recognizer, rejectUnreadable: rejectUnreadable)
        guard edgeFillDiffers(image, box: box) else { return common }
        guard let edge = try readCrop(box, fill: .edge, image: image, recognizer: recognizer, rejectUnreadable: rejectUnreadable)
        else { return common }
        guard let common else { return edge }
        return edge.confidence > common.confidence ? edge : common
    }

    /// `box` grown by ``Constants/retryPadding`` of its height on every side, inside the image.
    static func grown(_ box: Rect, in image: RGBAImage) -> Rect {
        grown(box, by: Constants.retryPadding * box.height, in: image)
    }

    /// `box` grown by `pad` on every side, inside the image.
    static func grown(_ box: Rect, by pad: Double, in image: RGBAImage) -> Rect {
        Rect(
            minX: max(0, box.minX - pad), minY: max(0, box.minY - pad),
            maxX: min(Double(image.width), box.maxX + pad), maxY: min(Double(image.height), box.maxY + pad))
    }

    /// Whether the most common colour on `box`'s edge is more than
    /// ``Constants/distinctFillDistance`` from the box's most common colour.
    static func edgeFillDiffers(_ image: RGBAImage, box: Rect) -> Bool {
        guard let (x0, y0, x1, y1) = pixelBounds(box, in: image), let a = image.dominantColour(x0: x0, y0: y0, x1: x1, y1: y1),
            let b = edgeColour(image, x0: x0, y0: y0, x1: x1, y1: y1)
        else { return false }
        return max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) > Constants.distinctFillDistance
    }

    static func readCrop(
        _ box: Rect, fill: Fill, image: RGBAImage, recognizer: any TextRecognizer, rejectUnreadable: Bool
    ) throws -> (text: String, confidence: Double)? {
        guard let crop = normalizedCrop(image, box: box, fill: fill) else { return nil }
        let region = Rect(
            x: 0, y: 0, width: crop.source.width * Double(crop.scale) + 2 * Double(margin(crop)),
            height: Double(crop.picture.height))
        let lines = try recognizer.recognizeText(in: crop.picture, region: region)
        guard let read = joined(lines, rejectUnreadable: rejectUnreadable) else { return nil }
        return (read.text, read.confidences.reduce(0, +) / Double(read.confidences.count))
    }

    /// Whether `reading` holds `old` (case ignored: "larm" in "Alarm"), or `old`'s words in
    /// `old`'s order (letters and digits compared, case ignored; other words may come between
    /// them): a crop reading that adds a lost line or word extends the old reading even where the
    /// lost word falls inside it — "Chat Enthusiasts" (a two-line text whose first line and "with"
    /// the screen's reading lost, ui-real train) in "Follow & Explore Forums. Chat with Enthusiasts".
    static func extends(_ reading: String, _ old: String) -> Bool {
        reading.lowercased().contains(old.lowercased()) || saysInOrder(reading, old, by: ==)
    }

    /// Whether each of `old`'s words (letters and digits, lower-cased) is `matched` by one of
    /// `reading`'s, in order.
    static func saysInOrder(_ reading: String, _ old: String, by matched: (_ readingWord: String, _ oldWord: String) -> Bool) -> Bool {
        let oldWords = Metadata.titleWords(old)
        guard !oldWords.isEmpty else { return false }
        var next = 0
        for w in Metadata.titleWords(reading) where next < oldWords.count && matched(w, oldWords[next]) { next += 1 }
        return next == oldWords.count
    }

    /// Whether a text element's whole-screen reading lost a line: the lines read into it leave
    /// at least ``Constants/lostLineGap`` × the tallest of them free above or below them inside its
    /// box — "Discover" read from a two-line heading "Chat & Discover" whose first line, on a tinted
    /// page, the whole-screen read dropped (ui-real train). `inside`: the lines centred in `box`.
    static func lostLine(in box: Rect, inside: [RecognizedText]) -> Bool {
        guard let top = inside.map(\.box.minY).min(), let bottom = inside.map(\.box.maxY).max(),
            let height = inside.map(\.box.height).max(), height > 0
        else { return false }
        let gap = Constants.lostLineGap * height
        return top - box.minY >= gap || box.maxY - bottom >= gap
    }

    /// Whether `reading` says `old`'s words in order (``saysInOrder(_:_:by:)``) and every word it
    /// adds is an English word (``RunTogetherWords/englishWords``, which holds the short words) or
    /// a number; "&" and other marks may come with them.
    static func addsEnglishWords(_ reading: String, to old: String) -> Bool {
        guard saysInOrder(reading, old, by: ==) else { return false }
        var oldWords = Metadata.titleWords(old)
        var added: [String] = []
        for w in Metadata.titleWords(reading) {
            if let i = oldWords.firstIndex(of: w) { oldWords.remove(at: i) } else { added.append(w) }
        }
        return !added.isEmpty
            && added.allSatisfy {
                $0.allSatisfy(\.isNumber) || RunTogetherWords.englishWords.contains($0)
            }
    }

    /// Whether one line of a text element of stacked lines lost the start of its first word: the
    /// other lines share a left edge or a centre, and this one starts and is centred at least
    /// ``Constants/lostStartShift`` × its height right of both — "ting" under "Your recipes are"
    /// in a centred heading whose "wai" a photo's dark patch swallowed in the whole-screen read
    /// (ui-real valid). A right-aligned stack looks the same, and its crop reading then adds nothing.
    /// `centredLines`: the lines centred in the element's box.
    static func lineLostStart(_ centredLines: [RecognizedText]) -> Bool {
        let inside = centredLines.sorted { $0.box.minY < $1.box.minY }
        guard inside.count >= 2 else { return false }
        // Stacked: each line's middle lies below the line above (descenders and accents overlap).
        for (a, b) in zip(inside, inside.dropFirst()) where b.box.midY < a.box.maxY || a.box.midY > b.box.minY { return false }
        func median(_ values: [Double]) -> Double {
            let v = values.sorted()
            return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
        }
        return inside.indices.contains { i in
            let line = inside[i].box
            let others = inside.indices.filter { $0 != i }.map { inside[$0].box }
            let shift = Constants.lostStartShift * line.height
            let leftEdge = others.map(\.minX).min() ?? line.minX
            let centre = median(others.map(\.midX))
            return line.minX - leftEdge >= shift && line.midX - centre >= shift
        }
    }

    /// Whether `reading` says `old` with letters put back at the start of its words: `old`'s words
    /// in order, each the end of one of `reading`'s ("ting" of "waiting").
    static func extendsWordStarts(_ reading: String, _ old: String) -> Bool {
        saysInOrder(reading, old) { $0.hasSuffix($1) }
    }

    /// Share of a text element's width that the OCR lines read into it span (their centres inside
    /// its box: `inside`); nil when no line is inside.
    static func readCoverage(of box: Rect, inside: [RecognizedText]) -> Double? {
        guard let lo = inside.map(\.box.minX).min(), let hi = inside.map(\.box.maxX).max(), box.width > 0 else { return nil }
        return (min(hi, box.maxX) - max(lo, box.minX)) / box.width
    }

    /// Text elements whose whole-screen reading lost its first letter: its first line starts at
    /// least ``Constants/lostLetterGap`` × that line's height right of the element's box, and its
    /// first word, in Latin letters, is no English word (``RunTogetherWords/englishWords``) — "og in
    /// now" under "Log in now" on a photo whose stroke touched the "L", "ATERING" for "CATERING"
    /// (ui-real train). Each is read again from its box grown by ``Constants/retryPadding`` of its
    /// height (a box that hugs the ink cuts the first stem), and the reading is kept only when its
    /// first word is an English word one letter longer that ends with the old first word and the rest is the old
    /// reading: a letter put back, never a glyph beside the text read as a word. At most
    /// `maxCalls` reads.
    public static func rereadLostFirstLetters(
        _ detections: [Detection], lines: [RecognizedText], image: RGBAImage,
        recognizer: any TextRecognizer, maxCalls: Int, rejectUnreadable: Bool, diagnostics: inout [Diagnostic]
    ) -> [Detection] {
        let candidates = detections.indices.filter { i in
            let d = detections[i]
            // (the word first: a set's look-up, before the screen's lines are searched)
            guard d.type == .text, let text = d.text, lostFirstLetter(text) != nil,
                let first = centred(in: d.box, lines).min(by: { $0.box.minY < $1.box.minY })
            else { return false }
            return first.box.minX - d.box.minX >= Constants.lostLetterGap * first.box.height
        }
        return readingAgain(
            detections, Array(candidates.prefix(max(0, maxCalls))), diagnostics: &diagnostics,
            replaced: "text(s) read again with their lost first letter",
            failed: "element crop(s) could not be read again for a lost first letter"
        ) { i, old in
            let reread = try readCropWithConfidence(
                grown(detections[i].box, in: image), image: image, recognizer: recognizer, rejectUnreadable: rejectUnreadable)
            return reread.flatMap { restoresFirstLetter($0.text, of: old) ? $0.text : nil }
        }
    }

    /// Text fields and texts whose reading starts with no word (its first word, in Latin letters,
    /// neither an English word nor a placeholder word) with a text cursor at the leading edge of
    /// their first line (`cursorBar`; the line the screen's pass read, or else a text
    /// detected inside the field): the cursor was read as a letter or into the
    /// first letter — "fra!" for a field's "Email", "Pesired username" for "Desired username" (a
    /// listening review of 30 ui-real screens, 2026-11-28). Each is read again from its box cut
    /// just past the cursor, and the reading is kept only where all its words are English or
    /// placeholder words and it has at least as many letters as the old one less one (the cursor's). At most
    /// `maxCalls` reads.
    public static func rereadPastCursors(
        _ detections: [Detection], lines: [RecognizedText], image: RGBAImage,
        recognizer: any TextRecognizer, maxCalls: Int, rejectUnreadable: Bool, diagnostics: inout [Diagnostic]
    ) -> [Detection] {
        var cuts: [Int: Rect] = [:]
        for i in detections.indices {
            let d = detections[i]
            guard d.type == .textField || d.type == .text, let text = d.text, let word = lostFirstLetter(text),
                !TextFieldLabels.lexicon.contains(word),
                // Its first line: read by the screen's pass, or a text detected inside the field.
                let first = centred(in: d.box, lines).min(by: { $0.box.minY < $1.box.minY })?.box
                    ?? detections.filter({ $0.type == .text && $0.box.fractionInside(d.box) >= 0.8 && $0.box != d.box })
                    .min(by: { $0.box.minY < $1.box.minY })?.box,
                let bar = cursorBar(image, line: first)
            else { continue }
            let from = Double(bar.upperBound) + 1
            guard from < d.box.maxX - 4 else { continue }
            cuts[i] = Rect(minX: from, minY: d.box.minY, maxX: d.box.maxX, maxY: d.box.maxY)
        }
        let letters = { (s: String) in s.filter(\.isLetter).count }
        return readingAgain(
            detections, Array(cuts.keys.sorted().prefix(max(0, maxCalls))), diagnostics: &diagnostics,
            replaced: "reading(s) taken again past a text cursor",
            failed: "element crop(s) could not be read again past a text cursor"
        ) { i, old in
            guard let cut = cuts[i],
                let reread = try readCropWithConfidence(cut, image: image, recognizer: recognizer, rejectUnreadable: rejectUnreadable),
                letters(reread.text) >= letters(old) - 1, saysWords(reread.text)
            else { return nil }
            return reread.text
        }
    }

    /// Whether every word of `text` is an English word or a placeholder word (``TextFieldLabels/words``),
    /// with a letter in each.
    static func saysWords(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: .punctuationCharacters).lowercased() }
        return !words.isEmpty
            && words.allSatisfy { w in
                w.contains(where: \.isLetter) && TextFieldLabels.isKnownWord(w)
            }
    }

    /// The columns of a text cursor at the leading edge of the OCR line at `line`, or nil: a bar
    /// at most ``Constants/maxCursorWidth`` × the line's height wide (at least 2 px), within that
    /// of the line's start, whose ink runs unbroken down ``Constants/minCursorSpan``–``Constants/maxCursorSpan`` × the
    /// line's height, where the letters after it run at most ``Constants/maxLetterToCursor`` × as
    /// far (UIKit's and Android's cursors run from ascender to descender, past a placeholder's
    /// capitals and ascenders; a light placeholder's letters may not reach the cursor's ink
    /// distance at all).
    static func cursorBar(_ image: RGBAImage, line: Rect) -> ClosedRange<Int>? {
        let h = line.height
        guard h >= 4, line.minX.isFinite, line.maxX.isFinite else { return nil }
        let x0 = max(0, Int(line.minX))
        let x1 = min(image.width, Int(line.maxX.rounded(.up)))
        let y0 = max(0, Int(line.minY - Constants.cursorWindow * h))
        let y1 = min(image.height, Int((line.maxY + Constants.cursorWindow * h).rounded(.up)))
        let d = max(FramedText.Constants.minRingOffset, Int((FramedText.Constants.ringOffset * h).rounded()))
        guard x1 - x0 >= 4, y1 > y0,
            let fill = FramedText.ringFill(
                image, x0: x0, y0: Int(line.minY), x1: x1, y1: Int(line.maxY.rounded(.up)), offset: d, boxWidth: x1 - x0, boxHeight: Int(h))
        else { return nil }
        // The longest unbroken run of ink down column x.
        func span(_ x: Int) -> Int {
            var best = 0
            var run = 0
            for y in y0..<y1 {
                if image.color(x: x, y: y).distance(to: fill) >= Constants.cursorInkDistance {
                    run += 1
                    best = max(best, run)
                } else {
                    run = 0
                }
            }
            return best
        }
        let width = max(3, Int(Constants.maxCursorWidth * h))
        let tall = Int((Constants.minCursorSpan * h).rounded(.up))
        guard let start = (max(0, x0 - width)...min(image.width - 1, x0 + width)).first(where: { span($0) >= tall }) else { return nil }
        var end = start
        while end + 1 < image.width, end + 1 - start < width + 1, span(end + 1) >= tall { end += 1 }
        let bar = (start...end).map(span).max() ?? 0
        let letters = ((end + 1)..<min(image.width, x1 + 1)).map(span).max() ?? 0
        guard end - start + 1 <= width, Double(bar) <= Constants.maxCursorSpan * h, Double(letters) <= Constants.maxLetterToCursor * Double(bar)
        else { return nil }
        return start...end
    }

    /// The first word of `text` (its leading run of letters, lower-cased) when it is Latin and no
    /// English word — a word that may have lost its first letter; nil otherwise.
    static func lostFirstLetter(_ text: String) -> String? {
        let word = text.prefix { $0.isLetter }.lowercased()
        guard !word.isEmpty, word.allSatisfy({ $0.isASCII }), !RunTogetherWords.englishWords.contains(word) else { return nil }
        return word
    }

    /// Whether `reading` is `old` with letters put back before its first word: its first word is
    /// an English word ending with `old`'s, one letter longer, and what follows it is
    /// `old`'s rest (spaces and case aside).
    static func restoresFirstLetter(_ reading: String, of old: String) -> Bool {
        guard let oldWord = lostFirstLetter(old) else { return false }
        let newWord = reading.prefix { $0.isLetter }.lowercased()
        guard newWord.count == oldWord.count + 1, newWord.hasSuffix(oldWord), RunTogetherWords.englishWords.contains(newWord)
        else { return false }
        func squeezed(_ s: Substring) -> String { s.filter { !$0.isWhitespace }.lowercased() }
        return squeezed(reading.drop { $0.isLetter }) == squeezed(old.drop { $0.isLetter })
    }

    /// Text elements whose whole-screen OCR reading spans less than `minCoverage` of their width
    /// lost letters at an edge (Tesseract drops the light "A" of a tab's "Alarm" beside its icon and
    /// reads "larm"); each is re-read from its own crop like an unread element, and the new reading
    /// is kept when it *extends* the old one (longer, and containing it or its words in order:
    /// `extends(_:_:)`), so a crop read can
    /// add what was lost but does not replace a reading by a different one — unless the old one
    /// spans less than ``Constants/replaceBelowCoverage`` of the width and the crop reads at least
    /// as long at ``Constants/replaceMinConfidence`` or more (a title read "4" from a corner of
    /// its logo type becomes "Walmart"). At most `maxCalls` reads. Where Tesseract's crop reading
    /// does neither and a `lastReader` is given (PP-OCR, on 1x screenshots in the standard
    /// analyzer), its reading of the crop is judged the same way, at its own `minConfidence` or
    /// more: a 7-px grey tab caption "Favorites" read "ite" by Tesseract on an iPhone screenshot of
    /// ui-real train reads right from PP-OCR's crop (0.999).
    public static func rereadPartlyRead(
        _ detections: [Detection], lines: [RecognizedText], image: RGBAImage,
        recognizer: any TextRecognizer, minCoverage: Double, maxCalls: Int,
        rejectUnreadable: Bool, lastReader: LastCropReader? = nil, diagnostics: inout [Diagnostic]
    ) -> [Detection] {
        var result = detections
        let partly: [(index: Int, coverage: Double, lostStart: Bool, lostLine: Bool)] = detections.indices.compactMap { i in
            let d = detections[i]
            guard d.type == .text, let text = d.text, !text.isEmpty else { return nil }
            // The lines read into the element, found once for the three checks.
            let inside = centred(in: d.box, lines)
            guard let c = readCoverage(of: d.box, inside: inside) else { return nil }
            if c < minCoverage { return (i, c, false, false) }
            // Only a Latin text's lost line: an account number's crop on a Korean screen reads
            // the Hangul above it as Latin junk.
            if text.contains(where: { $0.isASCII && $0.isLetter }), !hasOtherScript(text), lostLine(in: d.box, inside: inside) {
                return (i, c, false, true)
            }
            return lineLostStart(inside) ? (i, c, true, false) : nil
        }
        var failures = 0
        for (i, coverage, lostStart, lostLine) in partly.prefix(max(0, maxCalls)) {
            guard let old = detections[i].text else { continue }
            // A crop reading that says what the screen's did changes nothing, and leaves the last reader its turn.
            func takes(_ reread: (text: String, confidence: Double)) -> Bool {
                guard reread.text != old else { return false }
                // A lost line's words must be English: a crop read past the lines the screen read
                // also reads the glyphs and photo texture beside them ("LIIdl Discover").
                if lostLine { return reread.text.count > old.count && Self.addsEnglishWords(reread.text, to: old) }
                let extends =
                    reread.text.count > old.count
                    && (Self.extends(reread.text, old) || (lostStart && Self.extendsWordStarts(reread.text, old)))
                let replaces =
                    coverage < Constants.replaceBelowCoverage && reread.confidence >= Constants.replaceMinConfidence
                    && reread.text.count >= old.count
                return extends || replaces
            }
            do {
                if let reread = try readCropWithConfidence(
                    detections[i].box, image: image, recognizer: recognizer, rejectUnreadable: rejectUnreadable),
                    takes(reread)
                {
                    result[i].text = reread.text
                } else if let lastReader,
                    let reread = try lastReader.read(detections[i].box, image: image, rejectUnreadable: rejectUnreadable),
                    reread.confidence >= lastReader.minConfidence,
                    // Judged with its run-together words split, as it would be spoken.
                    case let text = TextRepair.repair(RunTogetherWords.split(reread.text)), takes((text, reread.confidence))
                {
                    result[i].text = text
                }
            } catch {
                failures += 1
            }
        }
        if failures > 0 {
            diagnostics.append(Diagnostic(stage: "ocr", message: "\(failures) partly read element crop(s) could not be read again"))
        }
        let lostLines = partly.prefix(max(0, maxCalls)).filter(\.lostLine).map(\.index)
        if !lostLines.isEmpty {
            let mended = lostLines.filter { result[$0].text != detections[$0].text }.count
            diagnostics.append(
                Diagnostic(stage: "ocr", message: "\(lostLines.count) text(s) with a line lost read again from the crop, \(mended) mended"))
        }
        let stacked = partly.prefix(max(0, maxCalls)).filter(\.lostStart).map(\.index)
        if !stacked.isEmpty {
            let mended = stacked.filter { result[$0].text != detections[$0].text }.count
            diagnostics.append(
                Diagnostic(
                    stage: "ocr",
                    message: "\(stacked.count) text(s) with a line that lost its start read again from the crop, \(mended) mended"))
        }
        return result
    }
}
