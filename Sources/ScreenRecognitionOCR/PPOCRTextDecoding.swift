import Foundation
import ScreenRecognition

/// The recogniser's classes: index 0 is the CTC blank, then the dictionary's characters, then a
/// space (the PP-OCR convention, `use_space_char`).
public struct PPOCRAlphabet: Sendable, Hashable {
    /// The text of each class ("" for the blank). Full-width forms are mapped to ASCII (NFKC),
    /// because the dictionary has both "）" and ")" and UI text wants the latter.
    public let symbols: [String]
    /// Whether each class may be emitted (all true unless restricted to Latin).
    public let allowed: [Bool]
    /// The indices of the allowed classes (decoding scans only these).
    public let allowedIndices: [Int]

    /// - Parameters:
    ///   - dictionary: one character a line, as stored in the model's metadata.
    ///   - latinOnly: allow only Latin letters, digits, punctuation and common symbols.
    public init(dictionary: String, latinOnly: Bool) {
        var lines = dictionary.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let raw = [""] + lines + [" "]
        symbols = raw.map { $0.precomposedStringWithCompatibilityMapping }
        let allowed = raw.enumerated().map { i, s in
            i == 0 || !latinOnly || PPOCRAlphabet.isLatinUISymbol(s)
        }
        self.allowed = allowed
        allowedIndices = allowed.indices.filter { allowed[$0] }
    }

    public var count: Int { symbols.count }

    /// Latin letters (Basic Latin to Latin Extended-B), general punctuation, currency signs,
    /// letter-like symbols (™, №), full-width ASCII, and a few symbols UIs print (•, ·, ©, ®, °, …).
    static func isLatinUISymbol(_ s: String) -> Bool {
        guard !s.isEmpty else { return false }
        return s.unicodeScalars.allSatisfy { u in
            let v = u.value
            return v < 0x250 || (0x2000...0x206F).contains(v) || (0x20A0...0x20CF).contains(v)
                || (0x2100...0x214F).contains(v) || (0xFF01...0xFF5E).contains(v)
        }
    }
}

/// One character read by CTC greedy decoding.
public struct PPOCRCharacter: Sendable, Hashable {
    public var text: String
    /// The class's probability at the time step it was read (0...1).
    public var confidence: Double
    /// The time step (column of the recogniser's output) where it was read.
    public var timeStep: Int
    public init(text: String, confidence: Double, timeStep: Int) {
        self.text = text
        self.confidence = confidence
        self.timeStep = timeStep
    }
}

/// A word found in a decoded line: its text, confidence and the time steps it spans.
public struct PPOCRDecodedWord: Sendable, Hashable {
    public var text: String
    public var confidence: Double
    public var firstStep: Int
    public var lastStep: Int
    public init(text: String, confidence: Double, firstStep: Int, lastStep: Int) {
        self.text = text
        self.confidence = confidence
        self.firstStep = firstStep
        self.lastStep = lastStep
    }
}

public enum PPOCRTextDecoding {
    /// CTC greedy decoding of one `timeSteps × classes` probability matrix (row-major, starting at
    /// `offset`): take the most probable allowed class at each step, merge repeats, drop blanks.
    ///
    /// With `splitMass`, a step whose most probable class is the blank still emits its best
    /// character when the characters together are more probable than the blank: where glyphs look
    /// alike (I, l, i, |) the recogniser splits the probability between them and the blank wins
    /// ("Log In" → "Log n").
    public static func decode(
        _ probabilities: UnsafeBufferPointer<Float>, offset: Int = 0,
        timeSteps: Int, classes: Int, alphabet: PPOCRAlphabet,
        splitMass: Bool = false
    ) -> [PPOCRCharacter] {
        guard timeSteps > 0, classes > 0, offset + timeSteps * classes <= probabilities.count else { return [] }
        let usable = min(classes, alphabet.count)
        let indices = alphabet.allowedIndices.prefix { $0 < usable }
        var result: [PPOCRCharacter] = []
        var previous = -1
        for t in 0..<timeSteps {
            let row = offset + t * classes
            var best = 0
            var bestP = -Float.infinity
            var bestChar = 0
            var bestCharP = -Float.infinity
            var mass: Float = 0
            for c in indices {
                let p = probabilities[row + c]
                if p > bestP {
                    bestP = p
                    best = c
                }
                if c != 0 {
                    mass += p
                    if p > bestCharP {
                        bestCharP = p
                        bestChar = c
                    }
                }
            }
            if splitMass && best == 0 && bestChar != 0 && mass > bestP {
                best = bestChar
                bestP = bestCharP
            }
            if best != 0 && best != previous {
                result.append(PPOCRCharacter(text: alphabet.symbols[best], confidence: Double(bestP), timeStep: t))
            }
            previous = best
        }
        return result
    }

    /// Convenience over an array.
    public static func decode(
        _ probabilities: [Float], timeSteps: Int, classes: Int, alphabet: PPOCRAlphabet,
        splitMass: Bool = false
    ) -> [PPOCRCharacter] {
        probabilities.withUnsafeBufferPointer { decode($0, timeSteps: timeSteps, classes: classes, alphabet: alphabet, splitMass: splitMass) }
    }

    static func isSeparatorDot(_ s: String) -> Bool { s == "·" || s == "•" }

    /// Words whose "l" can only be an "I" in English UI text ("Log ln" → "Log In").
    static let capitalIWords: [String: String] = ["l": "I", "ln": "In", "lt": "It", "ls": "Is", "lf": "If", "lD": "ID"]

    /// Look-alike fixes inside a word (the recogniser confuses them where the glyphs are identical
    /// in many sans-serif fonts): a "0" in a word with letters and no other digit is an "O" ("0ct"
    /// → "Oct"), an "I" right after a lower-case letter is an "l" ("AlI" → "All"), and the words
    /// "l", "ln", "lt", "ls", "lf", "lD" are "I", "In", "It", "Is", "If", "ID".
    public static func fixLookalikes(_ word: String) -> String {
        if let capital = capitalIWords[word] { return capital }
        var chars = Array(word)
        let digits = chars.filter(\.isNumber).count
        let letters = chars.filter(\.isLetter).count
        for i in chars.indices {
            if chars[i] == "0", digits == 1, letters > 0,
                (i > 0 && chars[i - 1].isLetter) || (i + 1 < chars.count && chars[i + 1].isLetter)
            {
                chars[i] = "O"
            } else if chars[i] == "I", i > 0, chars[i - 1].isLowercase {
                chars[i] = "l"
            }
        }
        return String(chars)
    }

    /// Splits decoded characters into words at spaces, where two consecutive characters are
    /// more than `maxGapSteps` time steps apart (a chevron or icon read next to a word), and around
    /// separator dots; then applies ``fixLookalikes(_:)`` to each word.
    public static func words(_ characters: [PPOCRCharacter], maxGapSteps: Double) -> [PPOCRDecodedWord] {
        var groups: [[PPOCRCharacter]] = []
        var current: [PPOCRCharacter] = []
        for ch in characters {
            if ch.text.allSatisfy(\.isWhitespace) {
                if !current.isEmpty {
                    groups.append(current)
                    current = []
                }
                continue
            }
            if let last = current.last, Double(ch.timeStep - last.timeStep) > maxGapSteps {
                groups.append(current)
                current = []
            }
            // A separator dot glued to a word ("Garden·", "8·Card") stands on its own, as in
            // "Oct 26 · Card"; runs of dots ("••1504") stay together.
            if let last = current.last, isSeparatorDot(ch.text) != isSeparatorDot(last.text) {
                groups.append(current)
                current = []
            }
            current.append(ch)
        }
        if !current.isEmpty { groups.append(current) }
        // A chevron glued to a line's first or last word is a disclosure icon ("On›", "‹Back"; also
        // ")" without a "(" in the line, as a chevron is sometimes read): make it a word of its own
        // so that the junk filter drops it.
        if let last = groups.last, last.count > 1, let c = last.last?.text.last, last.last?.text.count == 1,
            PPOCRJunkFilter.trailingChevrons.contains(c) || (c == ")" && !characters.contains { $0.text.contains("(") })
        {
            groups[groups.count - 1].removeLast()
            groups.append([last[last.count - 1]])
        }
        if let first = groups.first, first.count > 1, let c = first.first?.text.first, first.first?.text.count == 1,
            PPOCRJunkFilter.leadingChevrons.contains(c)
        {
            groups[0].removeFirst()
            groups.insert([first[0]], at: 0)
        }
        return groups.map { g in
            PPOCRDecodedWord(
                text: fixLookalikes(g.map(\.text).joined()), confidence: g.map(\.confidence).reduce(0, +) / Double(g.count),
                firstStep: g[0].timeStep, lastStep: g[g.count - 1].timeStep)
        }
    }
}

/// Drops what icons and decorations read as (the issue's "filter icon junk"). The rules:
///
/// 1. A word at the start or end of a line that is a single character which is neither a letter
///    nor a digit is dropped, repeatedly ("> Search", "Off >", "• Wi-Fi", "@", "©", "®"). A
///    chevron glued to the first or last word is split off first ("On>" → "On"; see
///    ``PPOCRTextDecoding/words(_:maxGapSteps:)``). In the middle of a line a symbol is kept
///    ("Sounds & Haptics", "Apple • 4 min").
/// 2. A word at the start or end of a line (or a whole line) that is a single round glyph — O, o,
///    0, Q, @ — whose box is at least 0.9 times as wide as it is tall is an icon (a magnifier's
///    ring read as "O Search"): letters and digits are narrower than that in every font measured.
/// 3. A line with no letter or digit left is dropped ("•••", "—").
/// 4. A line below `minimumLineConfidence` is dropped (PP-OCR's `drop_score`).
/// 5. A line of one letter needs `minimumSingleCharacterConfidence` (icons read as "O", "V", "X");
///    a line of one digit `minimumSingleDigitConfidence`.
public enum PPOCRJunkFilter {
    /// Characters that, glued to the end of a line, are a disclosure chevron.
    public static let trailingChevrons: Set<Character> = [">", "›", "»", "〉", "⟩"]
    /// Characters that, glued to the start of a line, are a back chevron.
    public static let leadingChevrons: Set<Character> = ["<", "‹", "«", "〈", "⟨"]
    /// Single characters that icons (rings, circles) are read as.
    public static let roundGlyphs: Set<String> = ["O", "o", "0", "Q", "@", "©", "®"]

    /// Rule 1: a single character that is neither a letter nor a digit.
    public static func isSymbol(_ word: String) -> Bool {
        word.count == 1 && !word.contains(where: { $0.isLetter || $0.isNumber })
    }

    /// Rule 2: a round single glyph in a box at least 0.9 times as wide as tall.
    public static func isIconGlyph(_ word: String, box: Rect) -> Bool {
        roundGlyphs.contains(word) && box.height > 0 && box.width >= 0.9 * box.height
    }

    /// Rules 1–2: the range of `words` left after dropping junk at either end.
    public static func keptRange(_ words: [String], boxes: [Rect]) -> Range<Int> {
        var lo = 0
        var hi = words.count
        func junk(_ i: Int) -> Bool { isSymbol(words[i]) || (i < boxes.count && isIconGlyph(words[i], box: boxes[i])) }
        while lo < hi, junk(lo) { lo += 1 }
        while hi > lo, junk(hi - 1) { hi -= 1 }
        return lo..<hi
    }

    /// Rules 3–5 on what is left of a line: whether to keep it.
    public static func keepLine(text: String, confidence: Double, settings: PPOCRSettings) -> Bool {
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else { return false }
        guard confidence >= settings.minimumLineConfidence else { return false }
        if text.count == 1 {
            let needed = text.allSatisfy(\.isNumber) ? settings.minimumSingleDigitConfidence : settings.minimumSingleCharacterConfidence
            if confidence < needed { return false }
        }
        return true
    }
}
