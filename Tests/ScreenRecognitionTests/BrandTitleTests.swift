import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("A brand's logo names its button")
struct BrandTitleTests {
    @Test(
        "A button's title takes the brand of its logo unless it names one; a misread name is mended",
        arguments: [
            // (title, logo, a button?, said)
            ("CONTINUE", IconMeaning.google, true, "CONTINUE WITH GOOGLE"),
            ("Continue", .facebook, true, "Continue with Facebook"),
            ("SIGN UP", .facebook, true, "SIGN UP WITH FACEBOOK"),
            ("Log in", .apple, true, "Log in with Apple"),
            ("LIKE", .facebook, true, "Facebook, LIKE"),
            ("Invite friends", .facebook, true, "Facebook, Invite friends"),
            ("post it", .facebook, true, "Facebook, post it"),
            // A title that names a brand, this one or another, or says it its own way, stays.
            ("Sign in with Google", .google, true, "Sign in with Google"),
            ("Sign in with Google", .facebook, true, "Sign in with Google"),
            ("Connect withFacebook", .facebook, true, "Connect withFacebook"),
            ("Tweet", .twitter, true, "Tweet"),
            // A long title beside a logo (a consent screen's permission row), and a text, stay.
            ("View your basic profile info", .google, true, "View your basic profile info"),
            ("Continue", .google, false, "Continue"),
            // A misread name is mended in the word's case, for texts too; not one cut off.
            ("ACEBOOK", .facebook, true, "FACEBOOK"),
            ("Connect withFacebock", .facebook, true, "Connect with Facebook"),
            ("inkedin", .linkedin, false, "LinkedIn"),
            ("Sign up with Facebo...", .facebook, true, "Sign up with Facebo..."),
            // An English word is no misread name; names under 6 letters are not mended.
            ("Goggles", .google, false, "Goggles"),
            ("Appla", .apple, false, "Appla"),
        ])
    func titles(title: String, logo: IconMeaning, isButton: Bool, said: String) {
        #expect((BrandTitles.title(title, brand: logo, isButton: isButton) ?? title) == said)
    }

    static func button(_ label: String, _ detections: [Detection]) -> Element {
        var e = Element(kind: .button, frame: r(20, 500, 160, 40), label: label, traits: .button)
        e.detections = detections
        return e
    }

    @Test("Only a leaf with a title and exactly one brand's logo among its detections changes, inside groups too")
    func elements() {
        let title = det(.text, 60, 510, 90, 20, "CONTINUE")
        let f = det(.icon, 24, 508, 24, 24, icon: .facebook)
        let g = det(.icon, 24, 508, 24, 24, icon: .google)
        let cases: [(Element, String)] = [
            (Self.button("CONTINUE", [title, f]), "CONTINUE WITH FACEBOOK"),
            (Self.button("CONTINUE", [title, det(.icon, 24, 508, 24, 24, icon: .add)]), "CONTINUE"),
            (Self.button("CONTINUE", [title, f, g]), "CONTINUE"),
            (Self.button("Facebook", [f]), "Facebook"),
        ]
        for (element, said) in cases {
            #expect(BrandTitles.named([element]).elements.first?.label == said)
        }
        var group = Element(kind: .group, frame: r(0, 480, 390, 80), traits: [])
        group.children = [Self.button("CONTINUE", [title, g]), Self.button("CONTINUE", [title, f])]
        let named = BrandTitles.named([group])
        #expect(named.changed == 2)
        #expect(named.elements.first?.children.map(\.label) == ["CONTINUE WITH GOOGLE", "CONTINUE WITH FACEBOOK"])
    }

    /// Two sign-in buttons titled alike, each with its logo on its fill: the analysis tells them apart.
    @Test("The whole analysis says the brand of each of two alike sign-in buttons, and not with the setting off")
    func pipeline() throws {
        var page = RGBAImage(width: 390, height: 844, fill: .white)
        page = page.filling(r(20, 600, 160, 44), with: .blue).filling(r(210, 600, 160, 44), with: .orange)
        let detections = [
            det(.icon, 30, 610, 24, 24), det(.text, 80, 614, 80, 16, "CONTINUE"),
            det(.icon, 220, 610, 24, 24), det(.text, 270, 614, 80, 16, "CONTINUE"),
        ]
        let content = ReplayContentRecognizer(
            icons: [
                detections[0].box: IconRecognition(meaning: .facebook, confidence: 0.9),
                detections[2].box: IconRecognition(meaning: .google, confidence: 0.9),
            ], clickProbability: { _ in 0.01 }, textButtonProbability: { _ in 0.99 })
        for on in [true, false] {
            var cfg = AnalysisConfiguration.default
            cfg.interactivity.brandLogosNameTheirButtons = on
            let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content).analyze(image: page, detections: detections)
            let buttons = result.elements.filter { $0.kind == .button }.map { $0.label ?? "" }
            #expect(buttons == (on ? ["CONTINUE WITH FACEBOOK", "CONTINUE WITH GOOGLE"] : ["CONTINUE", "CONTINUE"]))
        }
    }
}
