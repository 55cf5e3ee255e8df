import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("Links inside a sentence are stops of their own")
struct InlineLinkTests {
    @Test(
        "The documents a consent line links to are found, one misread letter mended",
        arguments: [
            ("By signing up, you agree to the Terms of Service and Privacy Policy", ["Terms of Service", "Privacy Policy"]),
            ("By creating an account, you agree to our Terms & Concitions and Privacy Policy.", ["Terms & Conditions", "Privacy Policy"]),
            ("By continuing you agree to the Temms of Service and Privacy Poicy.", ["Terms of Service", "Privacy Policy"]),
            ("Byclicking CrealeAccountyouagree to our Terms of Service& Privacy Policy", ["Terms of Service", "Privacy Policy"]),
            ("By signing in, you agree to our terms of use.", ["terms of use"]),
            ("By creating an account, you agree to our Terms of Services & Privacy Policy", ["Terms of Services", "Privacy Policy"]),
            ("BY CONTINUING YOU ACCEPT OUR END USER LICENSE AGREEMENT", ["END USER LICENSE AGREEMENT"]),
            ("Terms of Use & Privacy Pabcy", ["Terms of Use"]),  // two letters off: not mended
            // A footer of bar-separated items, at least half of them known: each known item a link.
            ("Terms of Use | Privacy Pabcy", ["Terms of Use"]),  // an item not known stays text
            ("DIC | Disclosures", ["Disclosures"]),
            ("terms | Privacy Policy | Contact us", ["terms", "Privacy Policy", "Contact us"]),
            ("Forgot Usemame? | Forgot Password? | FAQ", ["Forgot Usemame", "Forgot Password", "FAQ"]),
            ("Member FDIC | Equal Housing Lender", []),  // nothing known: a bank's notice
            ("Welcome! Sign In | Home", []),
            ("Privacy Policy | Read about how we keep your data", ["Privacy Policy"]),  // a long item: no footer
            ("This app supports Auto, Home and Umbrella policies from Farmers Insurance.", []),
            ("Use this phone number to protect your privacy.", []),
            ("Terms", []),  // the word alone names no document
            // Google's consent line names its partners' terms: in lower case, after "respective", no link.
            ("to use your information in accordance with their respective terms of service and privacy policies", []),
        ])
    func links(label: String, expected: [String]) {
        #expect(InlineLinks.links(in: label).map(\.label) == expected)
    }

    @Test("The sentence is spoken with the links' words mended, its punctuation kept")
    func mended() {
        #expect(
            InlineLinks.mended("By creating an account, you agree to our Terms & Concitions and Privacy Poicy.")
                == "By creating an account, you agree to our Terms & Conditions and Privacy Policy.")
        #expect(InlineLinks.mended("Nothing to mend here.") == "Nothing to mend here.")
    }

    @Test(
        "A line of nothing but links and separators",
        arguments: [
            ("Terms of Use & Privacy Policy", true), ("Terms & Conditions | Privacy Policy", true), ("Privacy Policy", true),
            ("See our Privacy Policy", false),
        ])
    func onlyLinks(label: String, only: Bool) {
        #expect(InlineLinks.isOnlyLinks(label) == only)
    }

    @Test("A consent line is followed by its links, each activated on its words as the whole-screen reading placed them")
    func stopsAfterTheSentence() {
        let sentence = el(.text, r(40, 600, 300, 34), "By signing up, you agree to the Terms of Service and Privacy Policy")
        let words: [(String, Rect)] = [
            ("By", r(40, 600, 16, 14)), ("signing", r(60, 600, 50, 14)), ("up,", r(114, 600, 22, 14)), ("you", r(140, 600, 26, 14)),
            ("agree", r(170, 600, 40, 14)), ("to", r(214, 600, 14, 14)), ("the", r(232, 600, 24, 14)), ("Terms", r(260, 600, 40, 14)),
            ("of", r(304, 600, 14, 14)), ("Service", r(40, 620, 50, 14)), ("and", r(94, 620, 26, 14)), ("Privacy", r(124, 620, 50, 14)),
            ("Policy", r(178, 620, 42, 14)),
        ]
        let lines = [
            RecognizedText(
                text: words[..<9].map(\.0).joined(separator: " "), box: r(40, 600, 278, 14), confidence: 0.9,
                words: words[..<9].map { RecognizedText.Word(text: $0.0, box: $0.1, confidence: 0.9) }),
            RecognizedText(
                text: words[9...].map(\.0).joined(separator: " "), box: r(40, 620, 180, 14), confidence: 0.9,
                words: words[9...].map { RecognizedText.Word(text: $0.0, box: $0.1, confidence: 0.9) }),
        ]
        let before = el(.button, r(40, 500, 300, 44), "Sign Up")
        let out = InlineLinks.mark([before, sentence], lines: lines)
        #expect(out.links == 2)
        #expect(out.elements.map(\.label) == ["Sign Up", sentence.label, "Terms of Service", "Privacy Policy"])
        #expect(out.elements.map(\.order) == [1, 2, 3, 4])
        #expect(out.elements[2].traits.contains(.link) && out.elements[3].traits.contains(.link))
        // "Terms of" ends the first row, "Service" starts the second: the link spans both.
        #expect(out.elements[2].frame == r(40, 600, 278, 34))
        #expect(out.elements[3].frame == r(124, 620, 96, 14))
    }

    @Test("A line read again whole, one word box for all its words, shares that box among them by their characters")
    func oneBoxForALine() {
        let text = "See our Privacy Policy"
        let sentence = el(.text, r(0, 100, 220, 20), text)
        let line = RecognizedText(
            text: text, box: r(0, 100, 220, 20), confidence: 0.9, words: [RecognizedText.Word(text: text, box: r(0, 100, 220, 20), confidence: 0.9)])
        let f = InlineLinks.mark([sentence], lines: [line]).elements[1].frame
        // "See our " is 8 of the 22 characters, "Privacy Policy" the last 14.
        #expect(abs(f.minX - 80) < 0.01 && abs(f.maxX - 220) < 0.01 && f.minY == 100 && f.height == 20)
    }

    @Test("Without the words' boxes, a link's frame is its share of the sentence's rows")
    func framesByCharacters() {
        let sentence = el(.text, r(0, 100, 300, 20), "You agree to the Privacy Policy")
        let out = InlineLinks.mark([sentence], lines: [])
        #expect(out.elements.count == 2)
        let f = out.elements[1].frame
        #expect(f.minY == 100 && f.height == 20)
        #expect(abs(f.minX - 300 * 17 / 31) < 1 && abs(f.maxX - 300) < 1)
    }

    @Test("A footer of links becomes its links; a text that is one link is that link; headings and buttons stay")
    func wholeLinks() {
        let out = InlineLinks.mark(
            [
                el(.text, r(20, 700, 300, 14), "Terms of Use & Privacy Policy"),
                el(.text, r(20, 730, 100, 14), "Privacy Policy"),
                {
                    var h = el(.text, r(20, 60, 200, 30), "Privacy Policy")
                    h.traits.insert(.header)
                    return h
                }(),
                {
                    var b = el(.button, r(20, 760, 200, 30), "Terms of Service")
                    b.traits.insert(.button)
                    return b
                }(),
            ], lines: [])
        #expect(out.elements.map(\.label) == ["Terms of Use", "Privacy Policy", "Privacy Policy", "Privacy Policy", "Terms of Service"])
        #expect(out.elements.map { $0.traits.contains(.link) } == [true, true, true, false, false])
    }

    @Test("A footer's items read again under it are said once: by the control that stands for one, else as the line's link")
    func footerParts() {
        let line = el(.text, r(130, 370, 100, 16), "Sign In | Privacy Policy | FAQ")
        var signIn = el(.button, r(128, 371, 40, 15), "Sign In")
        signIn.traits.insert(.button)
        let repeated = el(.text, r(172, 371, 30, 14), "Privacy Poli")
        let below = el(.text, r(130, 400, 100, 16), "Version 2.1")
        let out = InlineLinks.mark([line, signIn, repeated, below], lines: [])
        #expect(out.elements.map(\.label) == ["Privacy Policy", "FAQ", "Sign In", "Version 2.1"])
        #expect(out.elements.map { $0.traits.contains(.link) } == [true, true, false, false])
        #expect(out.links == 2)
    }

    @Test("A checkbox's label keeps its words and its links follow it; a checkbox named by a document alone has none")
    func checkboxes() {
        let agree = el(.checkbox, r(20, 500, 300, 20), "I accept the Terms of Service")
        let licence = el(.checkbox, r(20, 540, 300, 20), "License Agreement")
        let out = InlineLinks.mark([agree, licence], lines: [])
        #expect(out.elements.map(\.label) == ["I accept the Terms of Service", "Terms of Service", "License Agreement"])
        #expect(out.elements.map(\.kind) == [.checkbox, .text, .checkbox])
        #expect(out.links == 1)
    }

    @Test("Through the pipeline: a consent line's links are said after it unless the setting is off", arguments: [true, false])
    func pipeline(on: Bool) throws {
        var cfg = AnalysisConfiguration.default
        cfg.interactivity.inlineLinks = on
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: ReplayContentRecognizer(clickProbability: { _ in 0.01 }))
            .analyze(
                image: RGBAImage(width: 390, height: 844, fill: RGB(r: 255, g: 255, b: 255)),
                detections: [det(.text, 40, 700, 310, 17, "You agree to our Terms of Use and Privacy Policy")])
        let said = result.transcript
        #expect(said.first == "You agree to our Terms of Use and Privacy Policy")
        #expect(said.contains("Terms of Use, Link") == on)
        #expect(said.contains("Privacy Policy, Link") == on)
    }
}
