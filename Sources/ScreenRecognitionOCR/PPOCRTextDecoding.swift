import Foundation

/// The recogniser's classes: index 0 is the CTC blank, then the dictionary's characters, then a
/// space (the PP-OCR convention, `use_space_char`).
public struct PPOCRAlphabet: Sendable, Hashable {
    /// The text of each class ("" for the blank). Full-width forms are mapped to ASCII (NFKC),
    /// because the dictionary has both "）" and ")" and UI text wants the latter.
    public let symbols: [String]
    /// Whether each class may be emitted (all true unless restricted to Latin).
    public let allowed: [Bool]

    /// - Parameters:
    ///   - dictionary: one character a line, as stored in the model's metadata.
    ///   - latinOnly: allow only Latin letters, digits, punctuation and common symbols.
    public init(dictionary: String, latinOnly: Bool) {
        var lines = dictionary.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let raw = [""] + lines + [" "]
        symbols = raw.map { $0.precomposedStringWithCompatibilityMapping }
        allowed = raw.enumerated().map { i, s in
            i == 0 || !latinOnly || PPOCRAlphabet.isLatinUISymbol(s)
        }
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
    public static func decode(_ probabilities: UnsafeBufferPointer<Float>, offset: Int = 0,
                              timeSteps: Int, classes: Int, alphabet: PPOCRAlphabet) -> [PPOCRCharacter] {
        guard timeSteps > 0, classes > 0, offset + timeSteps * classes <= probabilities.count else { return [] }
        let usable = min(classes, alphabet.count)
        var result: [PPOCRCharacter] = []
        var previous = -1
        for t in 0..<timeSteps {
            let row = offset + t * classes
            var best = 0
            var bestP = -Float.infinity
            for c in 0..<usable where alphabet.allowed[c] {
                let p = probabilities[row + c]
                if p > bestP { bestP = p; best = c }
            }
            if best != 0 && best != previous {
                result.append(PPOCRCharacter(text: alphabet.symbols[best], confidence: Double(bestP), timeStep: t))
            }
            previous = best
        }
        return result
    }

    /// Convenience over an array.
    public static func decode(_ probabilities: [Float], timeSteps: Int, classes: Int, alphabet: PPOCRAlphabet) -> [PPOCRCharacter] {
        probabilities.withUnsafeBufferPointer { decode($0, timeSteps: timeSteps, classes: classes, alphabet: alphabet) }
    }

    /// Splits decoded characters into words at spaces, and where two consecutive characters are
    /// more than `maxGapSteps` time steps apart (a chevron or icon read next to a word).
    public static func words(_ characters: [PPOCRCharacter], maxGapSteps: Double) -> [PPOCRDecodedWord] {
        var words: [PPOCRDecodedWord] = []
        var current: [PPOCRCharacter] = []
        func flush() {
            guard !current.isEmpty else { return }
            let text = current.map(\.text).joined()
            let conf = current.map(\.confidence).reduce(0, +) / Double(current.count)
            words.append(PPOCRDecodedWord(text: text, confidence: conf, firstStep: current[0].timeStep,
                                          lastStep: current[current.count - 1].timeStep))
            current = []
        }
        for ch in characters {
            if ch.text.allSatisfy(\.isWhitespace) { flush(); continue }
            if let last = current.last, Double(ch.timeStep - last.timeStep) > maxGapSteps { flush() }
            current.append(ch)
        }
        flush()
        return words
    }
}

/// Drops what icons and decorations read as (the rules are the issue's "filter icon junk").
///
/// 1. A word at the start or end of a line that is a single character which is neither a letter
///    nor a digit is dropped, repeatedly ("> Search", "Off >", "• Wi-Fi", "@", "©", "®").
///    In the middle of a line it is kept ("Sounds & Haptics", "Apple • 4 min").
/// 2. A line with no letter or digit left is dropped ("•••", "—", "※").
/// 3. A line below `minimumLineConfidence` is dropped (PP-OCR's `drop_score`).
/// 4. A line of one letter or digit needs `minimumSingleCharacterConfidence` (icons read as "O", "0").
public enum PPOCRJunkFilter {
    static func isSymbol(_ word: String) -> Bool {
        word.count == 1 && !word.contains(where: { $0.isLetter || $0.isNumber })
    }

    /// The words left after rule 1 (same order).
    public static func trimSymbols(_ words: [PPOCRDecodedWord]) -> [PPOCRDecodedWord] {
        var w = words[...]
        while let first = w.first, isSymbol(first.text) { w = w.dropFirst() }
        while let last = w.last, isSymbol(last.text) { w = w.dropLast() }
        return Array(w)
    }

    /// Rules 2–4 on a trimmed line: whether to keep it.
    public static func keepLine(text: String, confidence: Double, settings: PPOCRSettings) -> Bool {
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else { return false }
        guard confidence >= settings.minimumLineConfidence else { return false }
        if text.count == 1 && confidence < settings.minimumSingleCharacterConfidence { return false }
        return true
    }
}
