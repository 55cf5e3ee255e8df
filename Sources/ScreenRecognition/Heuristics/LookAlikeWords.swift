extension TextRepair {
    /// A word misread by one look-alike letter, mended to the English word it is a misreading of:
    /// "Notificatians" → "Notifications", "Possword?" → "Password?", "Avallable" → "Available",
    /// "birtnday" → "birthday", "Shuffie" → "Shuffle". Tesseract misreads one thin or round letter
    /// of small type at 1x ("l" for "i", "a" for "o", "n" for "h"), and VoiceOver then spells out or
    /// mispronounces a made-up word.
    ///
    /// A word is mended when all of these hold:
    /// - it is a run of ``minLetters`` (for a letter group ``minGroupLetters``) or more ASCII
    ///   letters, perhaps ending in punctuation (`Lexicon` keeps the punctuation a word ends in), in
    ///   lower case or capitalised;
    /// - it is no English word (``RunTogetherWords/englishWords``), nor a known rarer word or name
    ///   that looks like a misreading of one (`lookAlikeKnownList`, generated with SCOWL's size-70
    ///   list: "messaging" is no misread "massaging", "tapas" no "tapes", "Tomas" no "tomes"), nor
    ///   a word of the interface vocabularies (``TabTitles/destinations``,
    ///   ``TextFieldLabels/words``: iOS's "Recents" tab is no misread "recants"), nor the start of
    ///   one of those or of ``RunTogetherWords/vocabulary`` (a word cut short: the tab title
    ///   "Optio" is left to ``TabTitles``, which mends it to "Options", not "Optic");
    /// - exactly one English word differs from it in one of its lower-case letters, the two letters
    ///   a pair of ``Lexicon/lookAlikes``; or, where no such word does, exactly one English word
    ///   differs from it in one of its ``letterGroups`` read the other way ("Leam" → "Learn",
    ///   "iterns" → "items"; 4 letters or more, ``minGroupLetters``);
    /// - it does not continue a word hyphenated before it in the same text ("char- acters" stays;
    ///   a line's first word does not see the line above, see below).
    ///
    /// *Measured* (2026-11-27) on what `analyze` says on 1,219 ui-real screens (valid, held-out,
    /// train), before and after: about 60 words mended, 50 right by eye ("Entortainments, Tab",
    /// "Bulld Your First Meal Plan, Button", "Enable Notificatians, Button", "ldentification",
    /// "Forgot Possword?", "Low Fat Yoqurt"), 2 unclear ("Sbucks!", "Seare") and 8 wrong: names and
    /// brands no list holds ("Humana" → "Humane", "Ritas" → "Rites", a "fitbit" logo → "titbit",
    /// "Kittehs" → "Kittens"), misreadings of other words ("lothe" for "to the" → "lathe",
    /// "lencers" for "lenders" → "lancers", "Un lence"), and the end of a word hyphenated at a
    /// line's end, which a line's first word cannot see ("char- acters" → "actors"). On the OCR
    /// check set's held-out fonts at 1x JPEG, the words `analyze` says exactly went from 791 to 796
    /// of 833 ("Shuffie", "Wishiist", "Avallable", "Camero", "birtnday"); seed 2 at 1x 817 → 818;
    /// the other renderings unchanged. Tried and not kept: words of 4 letters (38 more on the
    /// screens, most of them wrong: "Dont" → "Dent", "Mens" → "Mans", "Noom" → "Noon"), two
    /// look-alike letters in long words (one more, wrong: "forecastio" → "forecastle"), and capital
    /// letters (a capital's look-alikes are not a lower-case letter's: "Fitbit" → "Titbit",
    /// "Neekly" → "Meekly", "Iwill" → "Twill"; only "Lerms" → "Terms" was right).
    public enum LookAlikeWords {
        /// The shortest word mended: 5 letters (see above for 4).
        public static let minLetters = 5

        /// Letter groups Tesseract reads for one another, as (read, meant): "m" read for "rn"
        /// ("Leam", "pattem", "Usemame"), "rn" for "m" ("iterns", "cavernan") and "cl"
        /// for "d" ("acldress") — two thin letters set close run into one, one wide letter splits
        /// in two. A word no single look-alike letter mends, and in which exactly one such group
        /// read the other way makes an English word, is that word. *Measured* on the 1,219
        /// listening screens (2026-11-29, `analyze` at 689ebec): these three were the groups that
        /// turned a word no list holds into exactly one English word and were right by eye; "ri"
        /// for "n" ("Pnvacy") came with as many wrong ("ment" → "merit", "ments" → "merits" of a
        /// broken "comments"), "d" for "cl" only with names ("Dutch" → "clutch").
        public static let letterGroups: [(read: String, meant: String)] = [("m", "rn"), ("rn", "m"), ("cl", "d")]

        /// The shortest word a letter group mends: 4 letters — *measured* there: "Leam" (3 times
        /// "leam", as in "swipe to leam more") has 4; the known list (`lookAlikeKnownList`) holds
        /// SCOWL size 70's words and size 50's names of 4 letters or more a group turns into a
        /// word ("tums", "tarn", "Clint"), which stay as read.
        public static let minGroupLetters = 4

        /// The interface vocabularies' words (lower case): known words, and their beginnings
        /// cut-off words.
        static let interfaceWords: [String] = Array(
            Set((TabTitles.destinations + TextFieldLabels.words).flatMap { $0.lowercased().split(separator: " ").map(String.init) })
                .union(RunTogetherWords.vocabulary)
        ).sorted()

        /// Known words that look like a misreading of an English word (the list's doc above).
        static let known: Set<String> = Set(RunTogetherWords.lookAlikeKnownList.split(whereSeparator: \.isWhitespace).map(String.init))
            .union(interfaceWords)

        /// Each letter's look-alikes (``Lexicon/lookAlikes`` both ways).
        static let partners: [Character: [Character]] = {
            var out: [Character: [Character]] = [:]
            for pair in Lexicon.lookAlikes.sorted() {
                let p = Array(pair)
                out[p[0], default: []].append(p[1])
                out[p[1], default: []].append(p[0])
            }
            return out
        }()

        /// Characters a mended word may end in.
        static let trailing: Set<Character> = [".", ",", ":", ";", "?", "!"]

        /// `text` with each word mended as above (spaces kept as they are).
        public static func mended(_ text: String) -> String {
            mended(words: text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)).joined(separator: " ")
        }

        /// A line's words, in order, each mended as above.
        public static func mended(words: [String]) -> [String] {
            words.indices.map { i in
                let before = i > 0 ? words[i - 1] : ""
                let hyphenated = before.count > 1 && before.hasSuffix("-") && before.dropLast().last?.isLetter == true
                return hyphenated ? words[i] : mendedWord(words[i])
            }
        }

        /// One word mended, or as read.
        static func mendedWord(_ word: String) -> String {
            let shortest = min(minLetters, minGroupLetters)
            guard word.count >= shortest else { return word }
            var core = Substring(word)
            while let last = core.last, trailing.contains(last) { core = core.dropLast() }
            let letters = Array(core)
            guard letters.count >= shortest, letters.allSatisfy({ $0.isASCII && $0.isLetter }),
                letters.dropFirst().allSatisfy(\.isLowercase)
            else { return word }
            let lower = String(core).lowercased()
            guard !RunTogetherWords.englishWords.contains(lower), !known.contains(lower),
                !interfaceWords.contains(where: { $0.count > lower.count && $0.hasPrefix(lower) })
            else { return word }
            let single = letters.count >= minLetters ? onlyWord(singleLetterReadings(lower, letters: letters)) : .none
            let found: String
            switch single {
            case .one(let spelled): found = spelled
            case .many: return word
            case .none:
                guard letters.count >= minGroupLetters,
                    case .one(let spelled) = onlyWord(letterGroupReadings(lower, capitalised: letters[0].isUppercase))
                else { return word }
                found = spelled
            }
            let first = letters[0].isUppercase ? found.prefix(1).uppercased() + found.dropFirst() : found
            return first + word.dropFirst(letters.count)
        }

        /// How many different English words a word's readings make.
        enum Readings: Equatable {
            case none
            case one(String)
            case many
        }

        /// The English word among `spellings`, if exactly one.
        static func onlyWord(_ spellings: [String]) -> Readings {
            let words = Set(spellings.filter { RunTogetherWords.englishWords.contains($0) })
            guard let word = words.first else { return .none }
            return words.count == 1 ? .one(word) : .many
        }

        /// `lower` with one of its lower-case letters (`letters` as read) changed for a look-alike.
        static func singleLetterReadings(_ lower: String, letters: [Character]) -> [String] {
            let chars = Array(lower)
            return letters.enumerated().filter { $0.element.isLowercase }.flatMap { i, letter in
                (partners[letter] ?? []).map { other in
                    var candidate = chars
                    candidate[i] = other
                    return String(candidate)
                }
            }
        }

        /// `lower` with one of its ``letterGroups`` read the other way (not a capital first letter:
        /// no capital looks like two small letters).
        static func letterGroupReadings(_ lower: String, capitalised: Bool) -> [String] {
            letterGroups.flatMap { group in
                lower.ranges(of: group.read).filter { !capitalised || $0.lowerBound != lower.startIndex }.map { range in
                    lower.replacingCharacters(in: range, with: group.meant)
                }
            }
        }
    }
}
