import Testing

@testable import ScreenRecognition

@Suite("OCR text repair")
struct TextRepairTests {
    @Test(
        "clock times get their meridiem; other text is left alone",
        arguments: [
            ("9:41 av", "9:41 AM"),
            ("12:41pm", "12:41 PM"),
            ("1:41 am", "1:41 AM"),
            ("12:41pM", "12:41 PM"),
            ("5:41 p.m.", "5:41 PM"),
            ("Wake up at 7:05am daily", "Wake up at 7:05 AM daily"),
            ("9:41", "9:41"),
            ("9:41 Alarm", "9:41 Alarm"),
            ("10:30 pages", "10:30 pages"),
            ("9:41 a friend", "9:41 a friend"),
            ("13:05 pm", "13:05 pm"),  // not a 12-hour time
            ("Opening hours", "Opening hours"),
        ])
    func meridiem(input: String, expected: String) {
        #expect(TextRepair.repair(input) == expected)
    }

    @Test(
        "a sign-in title one letter off, whose misread word is no English word, is mended; words and ties stay",
        arguments: [
            ("Already a Member? Log Ir", "Already a Member? Log In"),
            ("Don't Have an Account? Sign Uo", "Don't Have an Account? Sign Up"),
            ("Lagin", "Login"),
            ("LOGIR", "LOGIN"),
            ("Already have an account? Leg in", "Already have an account? Leg in"),  // "leg" is a word
            ("Sign ip", "Sign ip"),  // as near "Sign in" as "Sign up"
            ("Sign it", "Sign it"),  // a word
            ("logic", "logic"),
            ("Log In", "Log In"),
        ])
    func signInPhrases(input: String, expected: String) {
        #expect(TextRepair.repair(input) == expected)
    }

    @Test(
        "a lone bar before a lower-case word is the pronoun I; separators stay",
        arguments: [
            ("How do | report an issue or bug?", "How do I report an issue or bug?"),
            ("Is there a phone number | can call", "Is there a phone number I can call"),
            ("By signing up, | agree to the terms", "By signing up, I agree to the terms"),
            ("| agree", "I agree"),
            ("Music | Podcast", "Music | Podcast"),
            ("You agree to our | & Privacy Policy", "You agree to our | & Privacy Policy"),
            ("oA | Don't show me again", "oA | Don't show me again"),
            ("개 | 버서리 세일", "개 | 버서리 세일"),
            ("가까움 | free cancellation", "가까움 | free cancellation"),
            ("a|b", "a|b"),
        ])
    func pronounI(input: String, expected: String) {
        #expect(TextRepair.repair(input) == expected)
    }

    @Test(
        "\"ln\" after log, sign, check or opt is \"In\"",
        arguments: [
            ("Log ln", "Log In"),
            ("SIGN ln", "SIGN IN"),
            ("Sign ln with Google", "Sign In with Google"),
            ("Check ln", "Check In"),
            ("ln", "ln"),  // alone: nothing says it is "In"
            ("Take the ln of x", "Take the ln of x"),
            ("Login", "Login"),
            ("SignUp/Logln", "SignUp/LogIn"),  // run on to its word
            ("SIGNln", "SIGNIN"),
            ("Kiln", "Kiln"),
        ])
    func signIn(input: String, expected: String) {
        #expect(TextRepair.repair(input) == expected)
    }

    @Test(
        "a letter O after a sign, digit or colon is a zero",
        arguments: [
            ("Today, +OHRS", "Today, +0HRS"),
            ("1O:3O", "10:30"),
            ("-O.5", "-0.5"),
            ("OK", "OK"),
            ("TO DO", "TO DO"),
            ("CO2", "CO2"),
        ])
    func zeroes(input: String, expected: String) {
        #expect(TextRepair.repair(input) == expected)
    }

    @Test(
        "A section sign before an amount is a dollar sign",
        arguments: [
            ("-§885.42", "-$885.42"),
            ("+§244.88", "+$244.88"),
            ("Total §12", "Total $12"),
            ("(§5.00)", "($5.00)"),
            ("§ 5 Abs. 2", "§ 5 Abs. 2"),  // a section number, set apart
            ("Art§5", "Art§5"),  // inside a word
            ("§abc", "§abc"),
        ])
    func dollars(input: String, expected: String) {
        #expect(TextRepair.repair(input) == expected)
    }

    @Test(
        "a button verb misread by one letter at a line's start is the verb",
        arguments: [
            ("vontinue with Facebook", "Continue with Facebook"),
            ("~ontinue with Google", "Continue with Google"),
            (">onnect with Google+", "Connect with Google+"),
            ("Centinue with Google", "Continue with Google"),
            ("CENTINUE", "CONTINUE"),
            ("Cennect", "Connect"),
            ("Continue", "Continue"),
            ("Cancer", "Cancer"),  // a word, and "cancel" is shorter than the rule's verbs
            ("Contents of the box", "Contents of the box"),  // two letters off
            ("Read more: vontinue", "Read more: vontinue"),  // only a line's first word
            ("C0ntinue", "C0ntinue"),  // a digit inside is no letter
        ])
    func buttonVerbs(input: String, expected: String) {
        #expect(TextRepair.repair(input) == expected)
    }

    @Test(
        "a word one look-alike letter from exactly one English word is that word; words, names, capitals and short words stay",
        arguments: [
            ("Enable Notificatians", "Enable Notifications"),
            ("Forgot Possword?", "Forgot Password?"),
            ("Avallable balance", "Available balance"),
            ("Happy birtnday!", "Happy birthday!"),
            ("Shuffie", "Shuffle"),
            ("Wishiist", "Wishlist"),  // an interface word (RunTogetherWords.vocabulary)
            ("ldentification", "identification"),  // a lower-case first letter is read like the others
            ("My Profite,", "My Profile,"),
            ("Recents", "Recents"),  // an iOS tab (TabTitles), no misread "recants"
            ("Optio", "Optio"),  // "Options" cut short, no misread "optic"
            ("Free Messaging", "Free Messaging"),  // a rarer word (SCOWL size 70), no misread "massaging"
            ("Tomas Schmidt", "Tomas Schmidt"),  // a name, no misread "tomes"
            ("Fitbit", "Fitbit"),  // a capital's look-alikes are not a lower-case letter's
            ("SHUFFIE", "SHUFFIE"),  // nor in a word in capitals
            ("FroeCharge", "FroeCharge"),  // a capital inside: a brand
            ("Dont worry", "Dont worry"),  // 4 letters: too short
            ("tatal", "tatal"),  // "total" and "fatal": not one word
            ("char- acters", "char- acters"),  // the end of a hyphenated word
            ("Camer0", "Camer0"),  // a digit: no word
            ("Shuffle", "Shuffle"),
        ])
    func lookAlikeWords(input: String, expected: String) {
        #expect(TextRepair.repair(input) == expected)
    }

    @Test(
        "a word one look-alike letter group from exactly one English word is that word; known words, capitals and short words stay",
        arguments: [
            ("Leam Korean with daily writing practice!", "Learn Korean with daily writing practice!"),  // "m" read for "rn"
            ("swipe to leam more", "swipe to learn more"),
            ("Forgot Usemame", "Forgot Username"),
            ("Find iterns faster.", "Find items faster."),  // "rn" read for "m"
            ("Email acldress", "Email address"),  // "cl" read for "d"
            ("cavernan", "caveman"),
            ("gamers", "gamers"),  // a rarer word (SCOWL size 70), no misread "garners"
            ("Clint", "Clint"),  // a name, no misread "dint"
            ("Mean", "Mean"),  // a word
            ("Mold", "Mold"),  // a word; and a capital "M" is no "rn"
            ("Meam", "Meam"),  // a capital "M" is no "rn" ("Ream")
            ("LEAM", "LEAM"),  // capitals: not mended
            ("lem", "lem"),  // 3 letters: too short
            ("tarn", "tarn"),  // a rarer word, no misread "tam"
        ])
    func lookAlikeLetterGroups(input: String, expected: String) {
        #expect(TextRepair.repair(input) == expected)
    }

    @Test("the generated known look-alikes are one look-alike letter or letter group from an English word, with the Swift side's pairs")
    func knownLookAlikesMatchThePairs() {
        let words = RunTogetherWords.lookAlikeKnownList.split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(words.count > 1000)
        let partners = TextRepair.LookAlikeWords.partners
        let far = words.filter { word in
            let chars = Array(word)
            let byLetter = chars.indices.contains { i in
                (partners[chars[i]] ?? []).contains { c in
                    var v = chars
                    v[i] = c
                    return RunTogetherWords.englishWords.contains(String(v))
                }
            }
            let byGroup = TextRepair.LookAlikeWords.letterGroupReadings(word, capitalised: false).contains {
                RunTogetherWords.englishWords.contains($0)
            }
            return !byLetter && !byGroup
        }
        // scripts/make-english-words.py and Lexicon.lookAlikes / LookAlikeWords.letterGroups name the same pairs.
        #expect(far.isEmpty, "\(far.prefix(10))")
    }

    @Test func repairsEveryLine() {
        let lines = [RecognizedText(text: "9:41 av", box: Rect(x: 0, y: 0, width: 10, height: 10), confidence: 0.9)]
        #expect(TextRepair.repair(lines).map(\.text) == ["9:41 AM"])
        // A look-alike word is mended in the line's words too, which other steps speak on their own.
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        let read = RecognizedText(
            text: "Avallable balance", box: box, confidence: 0.9,
            words: [.init(text: "Avallable", box: box, confidence: 0.9), .init(text: "balance", box: box, confidence: 0.9)])
        let mended = TextRepair.repair([read])
        #expect(mended.map(\.text) == ["Available balance"])
        #expect(mended.flatMap(\.words).map(\.text) == ["Available", "balance"])
        // …read with the words before them: a hyphenated word's end stays.
        #expect(TextRepair.LookAlikeWords.mended(words: ["char-", "acters,", "Avallable"]) == ["char-", "acters,", "Available"])
    }
}
