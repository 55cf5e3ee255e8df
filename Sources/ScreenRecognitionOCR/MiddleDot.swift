import ScreenRecognition

/// Middle dots ("Feb 24 · Apple Pay", "Qty 1 · $18.00 each"), which Tesseract reads as a hyphen, a
/// full stop or a colon joined to the word before or after ("24-", "1-$18.00", "Walsh:1980"),
/// mended from the word's pixels: the separator becomes a word "·" of its own, parting the words
/// it had joined. Measured on the held-out-fonts check set at 1x (Benchmarks/ocr-checkset/RESULTS.md,
/// "Middle dots"): 8 of its 9 middle dots had been read so.
extension TesseractTextRecognizer {
    /// Characters Tesseract reads a middle dot as, besides "·" itself.
    static let middleDotLookalikes: Set<Character> = ["-", ".", ":", "·", "•", "*", "~"]

    /// Constants of ``withMiddleDots(_:in:minimumSingleCharacterConfidence:)``; each says where it
    /// comes from. Glyph sizes measured on the check sets' pictures as Tesseract reads them
    /// (2026-11-29, Benchmarks/ocr-checkset/RESULTS.md, "Middle dots"): middle dots 2–6 px a side
    /// (1x screens scaled up 3×, and 3x), hyphens and minus signs 9–15 × 3–6 px.
    enum MiddleDotShape {
        /// A punctuation glyph — full stop, comma, middle dot, hyphen — is at most this share of
        /// the letters' height tall (a colon's two dots, one column run, are taller): 0.35; the
        /// middle dots measured 0.1–0.2 of it. Glyphs taller than this share of the word's
        /// tallest are its letters.
        static let maxHeight = 0.35
        /// …and at most this share of it wide (a hyphen is about half the height wide): 0.6.
        static let maxWidth = 0.6
        /// A middle dot is round: its width 0.5–1.3 times its height. The dots measured 0.67–1.0;
        /// hyphens and minus signs 1.5–3.7 (at 1x a 1-px hyphen scaled up blurs to 9 × 6 px).
        static let roundness = 0.5...1.3
        /// It floats on the middle of the x-height: its centre 0.45–0.8 of the letters' height
        /// down from their top (the dots measured 0.52–0.65; a full stop's centre sits at 0.9 or
        /// lower, a colon's upper dot, where the lower one faded, at 0.39).
        static let centre = 0.45...0.8
        /// …and its bottom at least this share of the letters' height above their baseline: 0.2.
        /// A word of x-height letters only ("you.") measures its full stop against the x-height,
        /// which puts the stop's centre near 0.8; its bottom still sits on the baseline (the
        /// dots' bottoms measured 0.25–0.45 above it). Found on ui-real: "tailored you." lost its
        /// full stop without this test.
        static let minBaselineGap = 0.2
        /// It stands apart: the blank columns between it and the glyphs beside it at least this
        /// share of the letters' height (the dots measured 0.45–0.7; a hyphen or a full stop
        /// after its letter 0.03–0.2).
        static let minGap = 0.25
    }

    /// `line`'s words with each middle dot Tesseract read as a look-alike (``middleDotLookalikes``)
    /// made a word "·" of its own. A word is changed only when its look-alike characters and its
    /// small glyphs (``MiddleDotShape/maxHeight``, ``MiddleDotShape/maxWidth``) match one for one,
    /// left to right, and then only where the glyph is a round dot floating apart in the middle of
    /// the letters (``MiddleDotShape``) and the character neither starts the word (a minus sign,
    /// "-$20.26"; masked digits, "••2920") nor stands between two digits (a time, a decimal
    /// point, a range). The letters' top and baseline are the word's own; a word that is nothing
    /// but the look-alike takes them from the line's other words (Tesseract's boxes span their
    /// ink). The parts cut from a word keep its confidence, and a part of one character at least
    /// `minimumSingleCharacterConfidence` (the cut is the pixels' evidence, not a new reading:
    /// "8:" read at 0.6 is "8" and "·").
    static func withMiddleDots(_ line: [RawWord], in grey: GreyImage, minimumSingleCharacterConfidence: Double) -> [RawWord] {
        guard line.contains(where: { $0.text.contains(where: middleDotLookalikes.contains) }) else { return line }
        let others = line.filter { $0.text.contains { $0.isLetter || $0.isNumber } }
        func lowerMedian(_ v: [Double]) -> Double? { v.isEmpty ? nil : v.sorted()[(v.count - 1) / 2] }
        let lineTop = lowerMedian(others.map(\.box.minY))
        let lineBase = lowerMedian(others.map(\.box.maxY))
        return line.flatMap { word -> [RawWord] in
            let chars = Array(word.text)
            let marks = chars.indices.filter { middleDotLookalikes.contains(chars[$0]) }
            guard !marks.isEmpty else { return [word] }
            let glyphs = glyphs(in: word.box, grey: grey)
            guard let tallest = glyphs.map(\.height).max(), tallest > 0 else { return [word] }
            // The letters' top and baseline.
            let letters = glyphs.filter { Double($0.height) > MiddleDotShape.maxHeight * Double(tallest) }
            let top: Double
            let base: Double
            if marks.count < chars.count {
                guard let t = letters.map(\.top).min(), let b = lowerMedian(letters.map { Double($0.bottom) }) else { return [word] }
                top = Double(t)
                base = b
            } else if let lineTop, let lineBase {
                top = lineTop
                base = lineBase
            } else {
                return [word]
            }
            let height = base - top
            guard height >= 6 else { return [word] }
            let small = glyphs.indices.filter {
                Double(glyphs[$0].height) <= MiddleDotShape.maxHeight * height && Double(glyphs[$0].width) <= MiddleDotShape.maxWidth * height
            }
            guard small.count == marks.count else { return [word] }
            func isDot(_ k: Int) -> Bool {
                let g = glyphs[k]
                let centre = (Double(g.top + g.bottom) / 2 - top) / height
                let gapBefore = k > 0 ? Double(g.x0 - glyphs[k - 1].x1) : .infinity
                let gapAfter = k + 1 < glyphs.count ? Double(glyphs[k + 1].x0 - g.x1) : .infinity
                return MiddleDotShape.roundness.contains(Double(g.width) / Double(max(1, g.height)))
                    && MiddleDotShape.centre.contains(centre) && Double(g.bottom) <= base - MiddleDotShape.minBaselineGap * height
                    && min(gapBefore, gapAfter) >= MiddleDotShape.minGap * height
            }
            func isSeparatorPlace(_ i: Int) -> Bool {
                if marks.count == chars.count { return true }
                guard i > 0 else { return false }
                return !(chars[i - 1].isNumber && i + 1 < chars.count && chars[i + 1].isNumber)
            }
            let dots = zip(marks, small).filter { i, k in isSeparatorPlace(i) && isDot(k) }.map { ($0, glyphs[$1]) }
            guard !dots.isEmpty else { return [word] }
            // Cut the word at each dot: the text before it, the dot, the rest.
            func part(_ text: String, _ box: Rect) -> RawWord {
                RawWord(text: text, box: box, confidence: text.count == 1 ? max(word.confidence, minimumSingleCharacterConfidence) : word.confidence)
            }
            var result: [RawWord] = []
            var start = 0
            var left = word.box.minX
            for (index, glyph) in dots {
                let before = String(chars[start..<index]).trimmingCharacters(in: .whitespaces)
                if !before.isEmpty {
                    result.append(part(before, Rect(x: left, y: word.box.minY, width: Double(glyph.x0) - left, height: word.box.height)))
                }
                result.append(
                    part("·", Rect(x: Double(glyph.x0), y: Double(glyph.top), width: Double(glyph.width), height: Double(glyph.height))))
                start = index + 1
                left = Double(glyph.x1)
            }
            let rest = String(chars[start...]).trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty {
                result.append(part(rest, Rect(x: left, y: word.box.minY, width: word.box.maxX - left, height: word.box.height)))
            }
            return result
        }
    }
}
