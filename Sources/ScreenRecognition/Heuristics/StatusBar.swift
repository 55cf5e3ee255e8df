import Foundation

/// The system status bar at the top of a screenshot: the clock, the network and the battery, and
/// on Android a row of notification icons. OCR reads those icons as letters ("B 6:35", "G@ 8:56",
/// "f G 10:32", "ef 5G" on ui-real valid), and a screen reader would speak them first on every
/// screen. What VoiceOver and TalkBack say for a status bar is its clock, network and battery
/// level; so the OCR lines of the status bar keep only those words.
///
/// The status bar is found from its clock: a word `h:mm` (`clock(in:)`) in the top
/// ``Constants/maxBottom`` of the screen. The lines beside it (their centres within the clock's height, widened by half of it)
/// are the status bar's; no clock read, nothing changes.
public enum StatusBar {
    public enum Constants {
        /// The status bar lies in the top 8 % of a screenshot: ui-real's `UpperTaskBar` boxes end at
        /// 3.4 % of the height on its Android screens and at 4.1–7.7 % (median 5.3 %) on its other
        /// (mostly iPhone) screens (measured 2026-11-24 on valid: 242 and 34 boxes).
        public static let maxBottom = 0.08
        /// Network words a status bar shows (iOS and Android cellular indicators).
        public static let networkWords: Set<String> = ["LTE", "LTE+", "5G", "5G+", "5GE", "4G", "4G+", "3G", "2G", "H+", "Wi-Fi"]
        /// Carrier names ("Carrier", "Verizon") are capitalised words of at least this many letters;
        /// the shorter letters of a status bar are icons read as text ("B", "G@", "ef"), and so are
        /// lower-case ones (a signal meter read "alll") — *design choice*.
        public static let minCarrierLetters = 4
        /// A clock read from the bar's own crop counts at this confidence or more — *design choice*:
        /// the bar above which whole-screen lines are kept as they are
        /// (`ContentSettings.rereadBelowConfidence`'s neighbourhood; a time is a narrow pattern).
        public static let minClockConfidence = 0.6
        /// The bar's rows keep their colour within this distance (RGB) of its top row: JPEG's drift
        /// on a plain bar stays under 15; the app bar below an Android status bar (the primary
        /// colour under its dark variant) differs by 30 or more (Material's palette steps) —
        /// *design choice*.
        public static let bandColourDistance = 24.0
        /// A status bar is at least 20 pt of an 812-pt iPhone (2.5 %) or 24 dp of a 640-dp Android
        /// screen (3.75 %) tall (HIG, Material): a band under 2 % of the screen is none.
        public static let minBandShare = 0.02
        /// Where the bar's colour runs on into the app bar (iOS draws the status bar over the
        /// navigation bar) or no colour holds, the bar is the top 5.5 %: an iPhone's 44-pt status
        /// bar of 812 pt (5.4 %; HIG), more than an Android's 24 dp of 640 (3.75 %; Material).
        public static let fallbackBandShare = 0.055
    }

    /// `lines` with the status bar's lines reduced to their clock, network, battery and carrier
    /// words (a line left without any is dropped). Lines elsewhere are returned unchanged.
    public static func clean(_ lines: [RecognizedText], screenHeight: Double) -> [RecognizedText] {
        guard let bar = bar(of: lines, screenHeight: screenHeight) else { return lines }
        return clean(lines, bar: bar)
    }

    /// `lines` with those the status bar `bar` holds reduced as ``clean(_:screenHeight:)`` reduces them.
    public static func clean(_ lines: [RecognizedText], bar: Bar) -> [RecognizedText] {
        lines.compactMap { bar.holds($0.box) ? kept($0) : $0 }
    }

    /// `detections` with the texts in the status bar `bar` reduced to their clock, network, battery
    /// and carrier words, and those left without any, or never read, left out: the crop readers
    /// read a status bar's icons again after ``clean(_:screenHeight:)`` (a detected text over a row
    /// of notification icons read "HOAARH", "GAMLLLOZA, Heading", "HAHAH 2:28"). *Measured*
    /// (2026-11-27) on 1,219 ui-real screens: 8 such stops, each the first thing said on its screen,
    /// cleaned or left out; one network word lost ("LTE" read with its battery glyph); a clock
    /// gained. Junk read as a capitalised word ("Baio" over an Android notification row, ui-real
    /// train) still passes for a carrier.
    public static func cleaned(_ detections: [Detection], bar: Bar) -> [Detection] {
        detections.compactMap { d in
            guard d.type == .text, bar.holds(d.box) else { return d }
            guard let text = d.text, let line = kept(RecognizedText(text: text, box: d.box, confidence: d.confidence)) else { return nil }
            var out = d
            out.text = line.text
            return out
        }
    }

    /// Where a screenshot's status bar lies, found from its OCR lines.
    public struct Bar: Sendable, Equatable {
        /// The rows of the clock's line, grown by half the clock's height either way.
        public var rows: ClosedRange<Double>
        /// No line of the bar reaches below this.
        public var bottom: Double

        /// The clock's own rows: ``rows`` without the margin of half its height either way.
        public var clockRows: ClosedRange<Double> {
            let margin = (rows.upperBound - rows.lowerBound) / 4
            return (rows.lowerBound + margin)...(rows.upperBound - margin)
        }

        /// Whether a line with this box is the status bar's: its middle on the clock's rows and
        /// its bottom above ``bottom``. With `tight`, its middle on the clock's own rows
        /// (``clockRows``): a tall box read around a clock widens ``rows`` down to the title below.
        public func holds(_ box: Rect, tight: Bool = false) -> Bool {
            (tight ? clockRows : rows).contains(box.midY) && box.maxY <= bottom
        }
    }

    /// The status bar of a screen whose OCR lines are `lines`: the rows of its clock (the topmost
    /// time in the top ``Constants/maxBottom`` of the screen), or nil when no line there shows one.
    public static func bar(of lines: [RecognizedText], screenHeight: Double) -> Bar? {
        guard screenHeight > 0 else { return nil }
        let limit = Constants.maxBottom * screenHeight
        let clocks = lines.flatMap { words(of: $0) }.filter { clock(in: $0.text) != nil && $0.box.maxY <= limit }
        guard let clock = clocks.min(by: { $0.box.minY < $1.box.minY }) else { return nil }
        let pad = clock.box.height / 2
        return Bar(rows: (clock.box.minY - pad)...(clock.box.maxY + pad), bottom: limit + pad)
    }

    /// The status bar's clock read from the bar's own crop, as a line, where the whole-screen read
    /// found none: a 1x Android clock, white type 7 px tall on a dark bar ("6:43" beside a row of
    /// notification icons), is too small for the whole-screen read, which left 11 of 28 screens
    /// that show a clock without one (ui-real train, 2026-11-28), while the screens around them
    /// said theirs. The bar is the band of rows from the top that keep the top row's colour
    /// (`band(in:)`); its crop is read against that colour, scaled up as an element's
    /// (`barCropWords(_:rows:reader:)`) — and where that finds no time, its rows as a screenshot
    /// of their own, which the reader scales up as it scales a 1x screen (at the crop's 2× a white
    /// 7-px "6:43" on black came back "643"; some clocks read only the first way) — and a word there that is a time
    /// (`clock(in:)`) read at ``Constants/minClockConfidence`` or more is the clock — its time as
    /// its own box, grown, reads it where that reading is a time too; a time read without its
    /// colon (`colonless(_:)`) counts only when its own box reads as a time. Nil when the band,
    /// the read or the time is missing (a reader's error is no clock).
    public static func readClock(in image: RGBAImage, reader: any TextRecognizer) -> RecognizedText? {
        guard let rows = band(in: image) else { return nil }
        if let words = barCropWords(image, rows: rows, reader: reader), let clock = clock(among: words, image: image, reader: reader) {
            return clock
        }
        guard let bar = RGBAImage(width: image.width, height: rows, pixels: Array(image.pixels[0..<(rows * image.width * 4)])),
            let lines = try? reader.recognizeText(in: bar, region: nil)
        else { return nil }
        return clock(among: lines.flatMap { words(of: $0) }, image: image, reader: reader)
    }

    /// The words of the bar's crop read against its colour, scaled up as an element's crop
    /// (``ElementOCR/normalizedCrop(_:box:fill:)``), their boxes in the screen's pixels.
    static func barCropWords(_ image: RGBAImage, rows: Int, reader: any TextRecognizer) -> [RecognizedText.Word]? {
        guard let crop = ElementOCR.normalizedCrop(image, box: Rect(x: 0, y: 0, width: Double(image.width), height: Double(rows)))
        else { return nil }
        let margin = Double(ElementOCR.margin(crop))
        let scale = Double(crop.scale)
        let region = Rect(x: 0, y: 0, width: crop.source.width * scale + 2 * margin, height: Double(crop.picture.height))
        guard let lines = try? reader.recognizeText(in: crop.picture, region: region) else { return nil }
        return lines.flatMap { words(of: $0) }.map { w in
            let box = Rect(
                x: (w.box.minX - margin) / scale + crop.source.minX, y: (w.box.minY - margin) / scale + crop.source.minY,
                width: w.box.width / scale, height: w.box.height / scale)
            return RecognizedText.Word(text: w.text, box: box, confidence: w.confidence)
        }
    }

    /// The clock among a status bar's `read` words (boxes in the screen's pixels), or nil: see
    /// ``readClock(in:reader:)``.
    static func clock(among read: [RecognizedText.Word], image: RGBAImage, reader: any TextRecognizer) -> RecognizedText? {
        // Times, and times read without their colon ("643": a 7-px colon is lost at the bar's
        // scale), which only count when the time's own box reads as one.
        let clocks = read.indices.compactMap { i -> (word: RecognizedText.Word, sure: Bool)? in
            let w = read[i]
            guard w.confidence >= Constants.minClockConfidence else { return nil }
            let found = clock(in: w.text)
            guard var time = found ?? colonless(w.text) else { return nil }
            var box = w.box
            // The meridiem read as a word of its own after the time ("10:09 PM").
            if !time.hasSuffix("M"), i + 1 < read.count, ["AM", "PM"].contains(read[i + 1].text.uppercased()) {
                time += " " + read[i + 1].text.uppercased()
                box = box.union(read[i + 1].box)
            }
            return (RecognizedText.Word(text: time, box: box, confidence: w.confidence), found != nil)
        }
        guard let pick = clocks.max(by: { ($0.sure ? 1 : 0, $0.word.confidence) < ($1.sure ? 1 : 0, $1.word.confidence) }) else { return nil }
        var best = pick.word
        // The clock's own box read again, scaled up further than the whole bar could be: in the
        // bar's crop a white "8:27" on a light grey bar came back "3:27", a white "6:43" on black
        // "643" (ui-real train).
        if let again = try? ElementOCR.readCropWithConfidence(
            ElementOCR.grown(best.box, in: image), image: image, recognizer: reader, rejectUnreadable: false),
            again.confidence >= Constants.minClockConfidence,
            let time = again.text.split(separator: " ").lazy.compactMap({ clock(in: String($0)) }).first
        {
            let meridiem = best.text.split(separator: " ").dropFirst().first.map { " " + $0 } ?? ""
            best.text = time.hasSuffix("M") ? time : time + meridiem
        } else if !pick.sure {
            return nil
        }
        best.text = twelveHour(best.text)
        return RecognizedText(text: best.text, box: best.box, confidence: best.confidence, words: [best])
    }

    /// The time a word of three or four digits would be with its colon back ("643" → "6:43",
    /// "1043" → "10:43"), or nil.
    static func colonless(_ word: String) -> String? {
        guard (3...4).contains(word.count), word.allSatisfy(\.isASCII), word.allSatisfy(\.isNumber) else { return nil }
        let time = String(word.dropLast(2)) + ":" + String(word.suffix(2))
        return isClock(time) ? time : nil
    }

    /// `clock` with an hour over 12 before a meridiem cut to its last digit: a battery glyph before
    /// "8:36 AM" read as a "1" ("18:36 AM", ui-real train) — a 12-hour clock's hour is 1–12.
    static func twelveHour(_ clock: String) -> String {
        let parts = clock.split(separator: " ")
        guard parts.count == 2, ["AM", "PM"].contains(parts[1]), let colon = parts[0].firstIndex(of: ":"),
            let hour = Int(parts[0][..<colon]), hour > 12, parts[0].distance(from: parts[0].startIndex, to: colon) == 2
        else { return clock }
        return String(parts[0].dropFirst()) + " " + parts[1]
    }

    /// The status bar's rows: from the top, the rows whose median colour stays within
    /// ``Constants/bandColourDistance`` of the top row's, when they make ``Constants/minBandShare``
    /// to ``Constants/maxBottom`` of the screen's height; else (a bar of the app bar's colour, or
    /// over a photo) the top ``Constants/fallbackBandShare``. Nil for an image too small to hold one.
    static func band(in image: RGBAImage) -> Int? {
        let limit = Int(Constants.maxBottom * Double(image.height))
        guard image.width >= 8, limit >= 4 else { return nil }
        let step = max(1, image.width / 200)
        func median(_ y: Int) -> RGB? { RGB.channelMedian(stride(from: 0, to: image.width, by: step).map { image.color(x: $0, y: y) }) }
        guard let top = median(0) else { return nil }
        var y = 1
        while y < limit, let m = median(y), m.distance(to: top) <= Constants.bandColourDistance { y += 1 }
        guard y < limit, Double(y) >= Constants.minBandShare * Double(image.height) else {
            return Int(Constants.fallbackBandShare * Double(image.height))
        }
        return y
    }

    /// Whether a text with this label and frame is the status bar's (its clock with network,
    /// battery and carrier words, in the top ``Constants/maxBottom`` of the screen): never a
    /// heading or a button. With `batteryAlone`, a battery level alone is one too — for the
    /// text-button model's layout, which learnt screens with the status bar boxed apart (ui-real's
    /// `UpperTaskBar`): where the clock is read from the bar's own crop (``readClock(in:reader:)``),
    /// the whole-screen line of the bar's icons is cleaned to a lone "52%". The heading rule keeps
    /// such a lone "100%" among the texts it sizes a title against, as it had: left out there, 7
    /// titles lost their heading on the 1,219 screens (2026-11-28).
    public static func isStatusText(_ label: String?, frame: Rect, screenHeight: Double, batteryAlone: Bool = false) -> Bool {
        guard let label, frame.maxY <= Constants.maxBottom * screenHeight else { return false }
        let words = label.split(separator: " ").map(String.init)
        return words.contains { isClock($0) || (batteryAlone && isBatteryLevel($0)) }
            && words.allSatisfy { isStatusWord($0) || ["AM", "PM"].contains($0) }
    }

    /// What a screen reader says for a status bar's text: each battery level named as one
    /// ("68% 10:54 PM" → "Battery 68%, 10:54 PM"; TalkBack says "Battery 68 percent", VoiceOver
    /// "68% battery power"). A lone "80%" first on a screen had been spoken as if it were the
    /// app's (141 of the 1,219 listened ui-real screens, 2026-11-28). Other words are kept as
    /// they are.
    public static func spoken(_ label: String) -> String {
        let words = label.split(separator: " ").map(String.init)
        guard words.contains(where: isBatteryLevel) else { return label }
        var parts: [String] = []
        var rest: [String] = []
        for word in words {
            if isBatteryLevel(word) {
                if !rest.isEmpty { parts.append(rest.joined(separator: " ")) }
                rest = []
                parts.append("Battery \(word)")
            } else {
                rest.append(word)
            }
        }
        if !rest.isEmpty { parts.append(rest.joined(separator: " ")) }
        return parts.joined(separator: ", ")
    }

    /// A battery level: "100%", "87 %".
    static func isBatteryLevel(_ word: String) -> Bool {
        guard word.hasSuffix("%"), let n = Int(word.dropLast().trimmingCharacters(in: .whitespaces)) else { return false }
        return (0...100).contains(n)
    }

    /// `lines` without the home button of Android's system navigation bar read as a letter: the
    /// bar's three buttons (recent apps |||, home ○, back ‹; or ◁ ○ □) belong to the system, not to
    /// the app, and OCR reads the home circle as "O" or "0" — spoken as a text "O" at the bottom
    /// of 5 Samsung screenshots among ui-real valid, 300 random train screens and 50 more
    /// (2026-11-26). A line is that button when it is one such character in the bottom
    /// ``NavigationBar/topShare`` of the screen, centred, and the rows it spans hold exactly three
    /// glyphs: it and one on each side (``NavigationBar``).
    public static func withoutNavigationBarHome(_ lines: [RecognizedText], image: RGBAImage) -> [RecognizedText] {
        lines.filter { !isNavigationBarHome($0, image: image) }
    }

    /// Where Android's navigation bar buttons lie, as shares of the screen (*measured* on the 5
    /// screenshots above: their glyphs' middles at 0.20–0.24, 0.49–0.50 and 0.77–0.78 of the
    /// width, in the bottom 4 % of the height).
    public enum NavigationBar {
        /// The bar's glyphs lie below this share of the screen's height.
        public static let topShare = 0.94
        /// The home glyph's middle lies within this share of the width of the middle.
        public static let centreTolerance = 0.05
        /// The side glyphs' middles lie in these shares of the width (the back and recent-apps
        /// buttons sit a quarter in from either edge; either side may hold either).
        public static let sideBands: [ClosedRange<Double>] = [0.12...0.38, 0.62...0.88]
        /// A glyph is at most this share of the screen's width wide: a word is wider.
        public static let maxGlyphShare = 0.1
        /// Ink columns this share of the width apart or closer are one glyph (the three bars of
        /// ||| stand 4–5 px apart on a 295-px screenshot).
        public static let glyphGapShare = 0.03
        /// A pixel is ink at this distance from the band's median colour: the bar's glyphs are
        /// dark grey on light grey, 100 or more apart on the 5 screenshots, and JPEG noise stays
        /// under 20 — *design choice*.
        public static let minInkDistance = 48.0
    }

    static func isNavigationBarHome(_ line: RecognizedText, image: RGBAImage) -> Bool {
        let w = Double(image.width)
        let h = Double(image.height)
        guard w > 0, ["O", "0", "o", "○"].contains(line.text.trimmingCharacters(in: .whitespaces)),
            line.box.minY >= NavigationBar.topShare * h, abs(line.box.midX - w / 2) <= NavigationBar.centreTolerance * w
        else { return false }
        let y0 = max(0, Int(line.box.minY.rounded(.down)))
        let y1 = min(image.height, Int(line.box.maxY.rounded(.up)))
        guard y1 > y0 else { return false }
        var colours: [RGB] = []
        for y in y0..<y1 { for x in stride(from: 0, to: image.width, by: 2) { colours.append(image.color(x: x, y: y)) } }
        guard let background = RGB.channelMedian(colours) else { return false }
        // Columns with ink, joined into glyphs.
        var glyphs: [(start: Int, end: Int)] = []
        let gap = max(1, Int(NavigationBar.glyphGapShare * w))
        for x in 0..<image.width where (y0..<y1).contains(where: { image.color(x: x, y: $0).distance(to: background) >= NavigationBar.minInkDistance }) {
            if let last = glyphs.last, x - last.end <= gap { glyphs[glyphs.count - 1].end = x } else { glyphs.append((x, x)) }
        }
        guard glyphs.count == 3, glyphs.allSatisfy({ Double($0.end - $0.start + 1) <= NavigationBar.maxGlyphShare * w }) else { return false }
        let middles = glyphs.map { Double($0.start + $0.end + 1) / 2 / w }
        return NavigationBar.sideBands[0].contains(middles[0]) && abs(middles[1] - 0.5) <= NavigationBar.centreTolerance
            && NavigationBar.sideBands[1].contains(middles[2])
    }

    /// The line with only its status words, or nil when none is left.
    static func kept(_ line: RecognizedText) -> RecognizedText? {
        let all = words(of: line)
        var keep: [RecognizedText.Word] = []
        var changed = false
        for (i, w) in all.enumerated() {
            let previousIsClock = i > 0 && clock(in: all[i - 1].text) != nil
            if let time = clock(in: w.text) {
                keep.append(RecognizedText.Word(text: time, box: w.box, confidence: w.confidence))
                changed = changed || time != w.text
            } else if isStatusWord(w.text) || (previousIsClock && ["AM", "PM"].contains(w.text.uppercased())) {
                keep.append(w)
            }
        }
        guard !keep.isEmpty else { return nil }
        if keep.count == all.count, !changed { return line }
        let box = keep.dropFirst().reduce(keep[0].box) { $0.union($1.box) }
        let confidence = keep.map(\.confidence).reduce(0, +) / Double(keep.count)
        return RecognizedText(text: keep.map(\.text).joined(separator: " "), box: box, confidence: confidence, words: keep)
    }

    /// The line's words; a line without word boxes counts as words split at spaces, each with the
    /// line's box, and so does a "word" holding spaces (PP-OCR's reading of a line again is one
    /// word: "66% 11:05 PM").
    static func words(of line: RecognizedText) -> [RecognizedText.Word] {
        let words = line.words.isEmpty ? [RecognizedText.Word(text: line.text, box: line.box, confidence: line.confidence)] : line.words
        return words.flatMap { w in
            w.text.split(separator: " ").map { RecognizedText.Word(text: String($0), box: w.box, confidence: w.confidence) }
        }
    }

    /// The clock in a status bar word: the word itself ("9:41"), or a time with one glyph glued on
    /// either side — iOS's location arrow after the time is read as a digit ("7:418", "2:078": 5 of
    /// ui-real valid's 35 "other" screens), an icon before it as a sign ("@7:01") or as a digit that
    /// makes no hour ("87:53", "61:56" on ui-real train: 7:53 and 1:56). An iPhone's "4:41 PM"
    /// read as one word ("4:41PM", which left an iOS status bar uncleaned: "54% Et" with its
    /// battery glyph) is that time with its meridiem. Nil when the word holds no time.
    static func clock(in word: String) -> String? {
        if isClock(word) { return word }
        let upper = word.uppercased()
        if upper.count > 2, upper.hasSuffix("AM") || upper.hasSuffix("PM"), let time = clock(in: String(word.dropLast(2))) {
            return time + " " + upper.suffix(2)
        }
        let chars = Array(word)
        guard let colon = chars.firstIndex(of: ":"), colon + 2 < chars.count else { return nil }
        var start = colon
        while start > 0, colon - start < 2, chars[start - 1].isASCII, chars[start - 1].isNumber { start -= 1 }
        guard chars.count - (colon + 3) <= 1 else { return nil }
        let time = String(chars[start..<(colon + 3)])
        if start <= 1, isClock(time) { return time }
        // A glyph before the time read as a digit: "87:53" (7:53 after a signal meter), "61:56".
        let shorter = String(chars[(start + 1)..<(colon + 3)])
        guard colon - start == 2, start == 0, isClock(shorter) else { return nil }
        return shorter
    }

    /// "9:41", "10:32" (a 12- or 24-hour clock).
    static func isClock(_ word: String) -> Bool {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]) else { return false }
        return (1...2).contains(parts[0].count) && parts[1].count == 2 && (0...23).contains(h) && (0...59).contains(m)
    }

    static func isStatusWord(_ word: String) -> Bool {
        if isClock(word) || Constants.networkWords.contains(word) { return true }
        if isBatteryLevel(word) { return true }
        // A carrier's name is capitalised ("Verizon", "T-Mobile"); a signal meter read as letters
        // comes back in lower case ("alll", "ill"), a row of notification icons in capitals or
        // mixed case ("HOAARH", "GAMLLLOZA", "HOwwwww" on ui-real train).
        let letters = word.filter { $0.isLetter }
        return letters.count >= Constants.minCarrierLetters && letters.count == word.filter { !"-&".contains($0) }.count
            && (word.first?.isUppercase ?? false) && word.split(separator: "-").allSatisfy { $0.dropFirst().allSatisfy(\.isLowercase) }
    }
}
