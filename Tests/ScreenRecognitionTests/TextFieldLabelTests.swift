import Testing

@testable import ScreenRecognition

@Suite("Text field labels")
struct TextFieldLabelTests {
    /// Readings of ui-real text fields (2026-11-26) and what the field says.
    @Test(
        "a field's own button leaves its label; misread placeholder words are mended",
        arguments: [
            ("Password Show", "Password", "Show"), ("Password HELP", "Password", "HELP"),
            ("Password Forgot Password?", "Password", "Forgot Password?"), ("Password Forgot?", "Password", "Forgot?"),
            ("Password Forgot", "Password", "Forgot"),
            ("SHOW", "Password", "SHOW"), ("Emall address", "Email address", nil), ("Emall", "Email", nil),
            ("Pas sword", "Password", nil), ("m Pas sword", "m Password", nil), ("EMALL ADDRESS", "EMAIL ADDRESS", nil),
            ("emall", "email", nil),
        ] as [(String, String?, String?)])
    func split(reading: String, label: String?, accessory: String?) {
        let out = TextFieldLabels.split(reading)
        #expect(out.label == label)
        #expect(out.accessory == accessory)
    }

    /// Placeholders read right, one in German; a placeholder ending in "show" in lower case; words
    /// too far from any field word.
    @Test(
        "a placeholder read right stays as it is",
        arguments: [
            "Passwort", "What do you want to show?", "Show more", "Search or enter address", "Name this search",
            "Your Email", "Enter City or Zip", "Birtndsy", "mycoolusern ame", "Forgot Password?", "아이유",
            "Keyword or Stock Number", "Email or Username", "Member's Last Name", "LOG IN", "E-mail:",
        ])
    func kept(reading: String) {
        let out = TextFieldLabels.split(reading)
        #expect(out.label == reading)
        #expect(out.accessory == nil)
    }

    @Test("the field says its placeholder and offers its button as an action; the setting turns it off", arguments: [true, false])
    func element(on: Bool) {
        let d = Detection(type: .textField, box: r(20, 300, 340, 40), confidence: 0.9, text: "Password Show")
        let e = Metadata.element(for: d, fieldLabels: on)
        #expect(e.label == (on ? "Password" : "Password Show"))
        #expect(e.customActions.map(\.name) == (on ? ["Show"] : []))
        if on { #expect(e.customActions.first?.activationPoint == Point(x: 340, y: 320)) }
    }
}
