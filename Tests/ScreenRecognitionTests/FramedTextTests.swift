import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("Framed texts and app bar titles")
struct FramedTextTests {
    static let white = RGB(r: 255, g: 255, b: 255)
    static let ink = RGB(r: 20, g: 20, b: 20)

    /// A 390 × 844 white screen with `shape` painted in `fill` (and a `borderWidth`-px `border`
    /// when given) and a title's ink (two bars) inside `text`.
    static func screen(shape: Rect?, fill: RGB, border: RGB? = nil, borderWidth: Double = 2, text: Rect, ink: RGB = ink) -> RGBAImage {
        var image = RGBAImage(width: 390, height: 844, fill: white)
        if let shape {
            if let border {
                let w = borderWidth
                image = image.filling(shape, with: border)
                image = image.filling(Rect(x: shape.minX + w, y: shape.minY + w, width: shape.width - 2 * w, height: shape.height - 2 * w), with: fill)
            } else {
                image = image.filling(shape, with: fill)
            }
        }
        return paintGlyph(image, text, ink)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var shape: Rect?
        var fill: RGB
        var border: RGB?
        var borderWidth: Double = 2
        var text: Rect
        var framed: Bool
        var testDescription: String { name }
    }

    static let title = Rect(x: 155, y: 414, width: 80, height: 14)  // centred at x 195, y 421
    static let cases: [Case] = [
        Case(
            name: "a filled button (Material: 40 dp around a 14 sp title)", shape: Rect(x: 40, y: 400, width: 310, height: 42), fill: .blue, text: title,
            framed: true),
        Case(name: "a capsule chip", shape: Rect(x: 140, y: 405, width: 110, height: 32), fill: .track, text: title, framed: true),
        Case(
            name: "an outlined button", shape: Rect(x: 60, y: 398, width: 270, height: 46), fill: white, border: .grey, text: title,
            framed: true),
        Case(
            name: "an outlined button drawn at 1x (a one-pixel border)", shape: Rect(x: 60, y: 398, width: 270, height: 46), fill: white,
            border: .grey, borderWidth: 1, text: title, framed: true),
        Case(
            name: "a small title in a tall button (5.5 × its height)", shape: Rect(x: 40, y: 400, width: 310, height: 44), fill: .blue,
            text: Rect(x: 165, y: 418, width: 60, height: 8), framed: true),
        Case(
            name: "an iOS chip outlined in #EEEEEE at 1x (a faint one-pixel border)", shape: Rect(x: 140, y: 403, width: 110, height: 36),
            fill: white, border: RGB(r: 238, g: 238, b: 238), borderWidth: 1, text: title, framed: true),
        Case(
            name: "a chip outlined fainter than a border (#F3F3F3: JPEG ringing's level)", shape: Rect(x: 140, y: 403, width: 110, height: 36),
            fill: white, border: RGB(r: 243, g: 243, b: 243), borderWidth: 1, text: title, framed: false),
        Case(name: "a label on the screen's background", shape: nil, fill: white, text: title, framed: false),
        Case(name: "a badge hugging its text (New!)", shape: Rect(x: 150, y: 411, width: 90, height: 20), fill: .orange, text: title, framed: false),
        Case(
            name: "a field's placeholder, left-aligned in its box", shape: Rect(x: 16, y: 400, width: 358, height: 42), fill: .track,
            border: .grey, text: Rect(x: 28, y: 414, width: 80, height: 14), framed: false),
        Case(name: "a title on a full-width bar", shape: Rect(x: 0, y: 400, width: 390, height: 42), fill: .blue, text: title, framed: false),
        Case(name: "a line in a tall card", shape: Rect(x: 40, y: 300, width: 310, height: 240), fill: .track, text: title, framed: false),
        Case(
            name: "a title low in its button (padding not balanced)", shape: Rect(x: 40, y: 380, width: 310, height: 52), fill: .blue,
            text: title, framed: false),
    ]

    @Test(arguments: cases)
    func container(_ c: Case) {
        let image = Self.screen(shape: c.shape, fill: c.fill, border: c.border, borderWidth: c.borderWidth, text: c.text)
        let found = FramedText.container(of: c.text, in: image)
        #expect((found != nil) == c.framed)
        // The container is the shape: its edge is the first pixel past the fill (outside a
        // filled shape, on the border of an outlined one).
        if c.framed, let found, let shape = c.shape { Self.expectEdges(of: found, at: shape) }
    }

    /// Each edge of the container found within 2 px of the shape's.
    static func expectEdges(of found: Rect, at shape: Rect) {
        for (a, b) in [(found.minX, shape.minX), (found.maxX, shape.maxX), (found.minY, shape.minY), (found.maxY, shape.maxY)] {
            #expect(abs(a - b) <= 2)
        }
    }

    @Test("A capsule's curved ends: the side walks may differ by a share of its height")
    func capsule() {
        #expect(FramedText.sideTolerance(height: 20) == FramedText.Constants.horizontalEdgeTolerance)
        #expect(FramedText.sideTolerance(height: 48) == 7)
        // A 40-px capsule (semicircular ends) with its title 4 px below the middle: the walks along
        // rows 13 px above and 15 px below the middle meet the ends a few pixels apart.
        var image = RGBAImage(width: 390, height: 844, fill: Self.white)
        let (top, height, left, right) = (400.0, 40.0, 130.0, 260.0)
        let r = height / 2
        for row in 0..<Int(height) {
            let dy = Double(row) + 0.5 - r
            let inset = r - (r * r - dy * dy).squareRoot()
            image = image.filling(Rect(x: left + inset, y: top + Double(row), width: right - left - 2 * inset, height: 1), with: .track)
        }
        let text = Rect(x: 165, y: 418, width: 60, height: 12)
        image = paintGlyph(image, text, Self.ink)
        let found = FramedText.container(of: text, in: image)
        #expect(found != nil)
        if let found { #expect(abs(found.minX - left) <= 8 && abs(found.maxX - right) <= 8 && abs(found.minY - top) <= 2) }
    }

    @Test(
        "A faint speck in the fill above the title stops one of the three walks early: the two that agree find the button; an ink speck, or no two agreeing, none",
        arguments: [(false, false, true), (true, false, false), (false, true, false)])
    func specks(_ c: (ink: Bool, twoSpecks: Bool, framed: Bool)) {
        // A blue button (40…350 × 400…442) with an off-fill speck 7 px above the title in the
        // centre walk's column (195), 40 from the fill (noise) or white (ink): the walks up stop at
        // 399 (the white above the button), 407 and 399. With a second speck in the left walk's
        // column (175) 3 px higher they stop at 404, 407 and 399, no two within 2 px.
        var image = Self.screen(shape: Rect(x: 40, y: 400, width: 310, height: 42), fill: .blue, text: Self.title)
        let blue = image.color(x: 60, y: 420)
        let speck = c.ink ? Self.white : RGB(r: blue.r, g: blue.g, b: blue.b > 127 ? blue.b - 40 : blue.b + 40)
        image = image.filling(Rect(x: 194, y: 405, width: 3, height: 3), with: speck)
        if c.twoSpecks { image = image.filling(Rect(x: 174, y: 402, width: 3, height: 3), with: speck) }
        let found = FramedText.container(of: Self.title, in: image)
        #expect((found != nil) == c.framed)
        if let found { #expect(found.minY == 399) }
    }

    @Test(
        "The walks' edges that agree: all three, the two that do (the farther pair of two), none",
        arguments: [
            // (hits, fartherIsLower, faint hits, agreeing)
            ([253, 259, 253], true, [259], [253, 253] as [Int]?),
            ([253, 259, 253], true, [253], nil),  // the odd walk stopped on ink
            ([292, 292, 293], false, [], [292, 292, 293]),
            ([250, 252, 254], true, [254], [250, 252]),
            ([250, 252, 254], false, [250], [252, 254]),
            ([240, 250, 260], true, [240, 250, 260], nil),
            ([299], true, [], [299]),
        ])
    func agreeing(hits: [Int], fartherIsLower: Bool, faint: [Int], expected: [Int]?) {
        #expect(FramedText.agreeing(hits, fartherIsLower: fartherIsLower, droppable: faint) == expected)
    }

    @Test(
        "A title over the letters of a sentence is not framed by them; over an unbroken line it is",
        arguments: [(false, false), (true, true)])
    func edgesAreLinesNotLetters(_ c: (line: Bool, framed: Bool)) {
        // An iOS alert: the card's top above the title, and 14 px below it its message, whose letters
        // the downward walks run into at one height. A border or fill edge runs the text's whole
        // width; letters leave gaps (0.57 of it on the OCR check set's alert).
        var image = Self.screen(shape: Rect(x: 40, y: 400, width: 310, height: 200), fill: .track, text: Self.title)
        if c.line {
            image = image.filling(Rect(x: 40, y: 442, width: 310, height: 2), with: Self.ink)
        } else {
            for x in [120.0, 171, 191, 211, 250] { image = image.filling(Rect(x: x, y: 442, width: 8, height: 14), with: Self.ink) }
        }
        #expect((FramedText.container(of: Self.title, in: image) != nil) == c.framed)
    }

    @Test(
        "One line by its shape: a line's box is about half its height wide per character, two lines' a quarter of that",
        arguments: [
            (Rect(x: 0, y: 0, width: 135, height: 15.7), "Continue Shopping", true),  // ui-real train, 0.50
            (Rect(x: 0, y: 0, width: 62, height: 30), "Two lines of copy", false),
            (Rect(x: 0, y: 0, width: 40, height: 14), "", false),
        ])
    func oneLine(box: Rect, text: String, one: Bool) {
        #expect(FramedText.isOneLine(box, characters: text.count) == one)
    }

    struct FaintCase: CustomTestStringConvertible, Sendable {
        var name: String
        var page: RGB
        var shape: Rect?
        var fill: RGB
        var ink: RGB
        var found: Bool
        var testDescription: String { name }
    }

    static let chip = Rect(x: 140, y: 403, width: 110, height: 36)  // 2.6 × the title: a chip, not a tag
    static let faintCases: [FaintCase] = [
        FaintCase(
            name: "a chip of #ECECEC on an off-white page (29 from it)", page: RGB(r: 254, g: 255, b: 250), shape: chip,
            fill: RGB(r: 236, g: 236, b: 236), ink: RGB(r: 90, g: 90, b: 90), found: true),
        FaintCase(
            name: "a dark theme's chip, #1E1E1E on #131313 (19 from it)", page: RGB(r: 19, g: 19, b: 19), shape: chip,
            fill: RGB(r: 30, g: 30, b: 30), ink: RGB(r: 230, g: 230, b: 230), found: true),
        FaintCase(
            name: "a fill as faint as JPEG noise (#FAFAFA on white, 9 from it)", page: Self.white, shape: chip,
            fill: RGB(r: 250, g: 250, b: 250), ink: Self.ink, found: false),
        FaintCase(
            name: "a title on a faint band across the screen", page: Self.white, shape: Rect(x: 0, y: 405, width: 390, height: 32),
            fill: RGB(r: 236, g: 236, b: 236), ink: Self.ink, found: false),
        FaintCase(
            name: "a title in a faint card much taller than its line", page: Self.white, shape: Rect(x: 60, y: 330, width: 270, height: 180),
            fill: RGB(r: 236, g: 236, b: 236), ink: Self.ink, found: false),
        FaintCase(name: "a title on the page", page: RGB(r: 236, g: 236, b: 236), shape: nil, fill: Self.white, ink: Self.ink, found: false),
        FaintCase(
            name: "a tag hugging its text (#F0F0F0, 2.1 × its line)", page: Self.white, shape: Rect(x: 145, y: 406, width: 100, height: 30),
            fill: RGB(r: 240, g: 240, b: 240), ink: Self.ink, found: false),
    ]

    @Test(arguments: faintCases)
    func faintFill(_ c: FaintCase) {
        var image = RGBAImage(width: 390, height: 844, fill: c.page)
        if let shape = c.shape { image = image.filling(shape, with: c.fill) }
        image = paintGlyph(image, Self.title, c.ink)
        // Too faint for the framed-text walks, whose edges lie 30 from the fill.
        #expect(FramedText.container(of: Self.title, in: image) == nil)
        let found = FramedText.faintFill(of: Self.title, in: image)
        #expect((found != nil) == c.found)
        if c.found, let found, let shape = c.shape { Self.expectEdges(of: found, at: shape) }
    }

    @Test("A chip of a faint fill is a button in the pipeline, unless faint fills are turned off")
    func faintChipInPipeline() throws {
        var image = RGBAImage(width: 390, height: 844, fill: RGB(r: 254, g: 255, b: 250))
        image = image.filling(Self.chip, with: RGB(r: 236, g: 236, b: 236))
        image = paintGlyph(image, Self.title, RGB(r: 90, g: 90, b: 90))
        let dets = [det(.text, Self.title.minX, Self.title.minY, Self.title.width, Self.title.height, "Mustard-Free")]
        let result = try ScreenAnalyzer().analyze(image: image, detections: dets)
        #expect(result.elements.first?.announcement == "Mustard-Free, Button")
        var off = AnalysisConfiguration.default
        off.interactivity.faintFillsAreButtons = false
        let plain = try ScreenAnalyzer(configuration: off).analyze(image: image, detections: dets)
        #expect(plain.elements.first?.announcement == "Mustard-Free")
    }

    @Test(
        "A title centred in a bar across the screen below the app bar's band is a full-width button's",
        arguments: [
            (bar: Rect(x: 0, y: 780, width: 390, height: 48), text: Rect(x: 140, y: 797, width: 110, height: 14), found: true),
            (bar: Rect(x: 0, y: 400, width: 390, height: 44), text: Rect(x: 150, y: 415, width: 90, height: 14), found: true),
            // The app bar's centred title.
            (bar: Rect(x: 0, y: 40, width: 390, height: 48), text: Rect(x: 150, y: 57, width: 90, height: 14), found: false),
            // A section band's title at its leading edge.
            (bar: Rect(x: 0, y: 400, width: 390, height: 44), text: Rect(x: 16, y: 415, width: 90, height: 14), found: false),
            // A tall panel, not a bar around one line.
            (bar: Rect(x: 0, y: 300, width: 390, height: 200), text: Rect(x: 150, y: 393, width: 90, height: 14), found: false),
        ])
    func bar(_ c: (bar: Rect, text: Rect, found: Bool)) {
        let image = Self.screen(shape: c.bar, fill: .blue, text: c.text, ink: Self.white)
        #expect(FramedText.container(of: c.text, in: image) == nil)
        let found = FramedText.bar(of: c.text, in: image, topBand: InteractivitySettings().navigationBarBand)
        #expect((found != nil) == c.found)
        if let found, c.found { #expect(found.minX == 0 && found.maxX == 390 && abs(found.minY - c.bar.minY) <= 2) }
    }

    @Test(
        "A framed title of six to eight words is a button when in capitals or led by an action verb, not a sentence or a question",
        arguments: [
            ("SIGN IN WITH YOUR CAPITAL ONE ACCOUNT", true), ("Get started and log in later", true),
            ("Please enter the mobile number first.", false), ("ARE YOU OVER 21 YEARS OF AGE?", false),
            ("Terms of service and privacy policy", false), ("Add this item to your list of saved places now", false),
        ])
    func longFramedTitle(text: String, button: Bool) throws {
        let box = Rect(x: 95, y: 414, width: 200, height: 14)
        let image = Self.screen(shape: Rect(x: 40, y: 400, width: 310, height: 42), fill: .blue, text: box, ink: Self.white)
        let result = try ScreenAnalyzer().analyze(image: image, detections: [det(.text, box.minX, box.minY, box.width, box.height, text)])
        #expect(result.elements.first?.traits.contains(.button) == button)
    }

    @Test("A bar's one centred title is a button in the pipeline; two titles in one bar (a row of tabs) are not")
    func barInPipeline() throws {
        let bar = Rect(x: 0, y: 780, width: 390, height: 48)
        let one = Self.screen(shape: bar, fill: .blue, text: Rect(x: 150, y: 797, width: 90, height: 14), ink: Self.white)
        let result = try ScreenAnalyzer().analyze(image: one, detections: [det(.text, 150, 797, 90, 14, "IndiaMART")])
        #expect(result.elements.first?.announcement == "IndiaMART, Button")
        var off = AnalysisConfiguration.default
        off.interactivity.barTitlesAreButtons = false
        let plain = try ScreenAnalyzer(configuration: off).analyze(image: one, detections: [det(.text, 150, 797, 90, 14, "IndiaMART")])
        #expect(plain.elements.first?.announcement == "IndiaMART")
        var two = Self.screen(shape: bar, fill: .blue, text: Rect(x: 150, y: 797, width: 90, height: 14), ink: Self.white)
        two = paintGlyph(two, Rect(x: 290, y: 797, width: 60, height: 14), Self.white)
        let both = try ScreenAnalyzer().analyze(
            image: two, detections: [det(.text, 150, 797, 90, 14, "IndiaMART"), det(.text, 290, 797, 60, 14, "Deals")])
        #expect(!both.elements.flatMap(\.flattened).contains { $0.traits.contains(.button) })
    }

    @Test("A faint step to a slightly darker background is not a border: the colour does not come back past it")
    func faintStep() {
        // A strong line above the title, and from 8 px under it a background 27 from white to the
        // screen's bottom (a tinted section): no line under the title, so no container.
        var image = RGBAImage(width: 390, height: 844, fill: Self.white)
        image = image.filling(Rect(x: 100, y: 404, width: 190, height: 1), with: .grey)
        image = image.filling(Rect(x: 0, y: 436, width: 390, height: 408), with: RGB(r: 239, g: 239, b: 239))
        image = paintGlyph(image, Self.title, Self.ink)
        #expect(FramedText.container(of: Self.title, in: image) == nil)
        let row = 436
        let fill = Self.white
        #expect(!FramedText.isFaintLine(image, at: row, across: 155..<235, horizontal: true, outward: 1, fill: fill))
        image = image.filling(Rect(x: 0, y: 437, width: 390, height: 407), with: Self.white)  // now a one-pixel line
        #expect(FramedText.isFaintLine(image, at: row, across: 155..<235, horizontal: true, outward: 1, fill: fill))
    }

    struct GlyphCase: CustomTestStringConvertible, Sendable {
        var name: String
        var icons: [Rect]
        var union: Rect?
        var testDescription: String { name }
    }

    /// A 14-px title at 155…235 × 414…428.
    static let glyphCases: [GlyphCase] = [
        GlyphCase(
            name: "a leading 18-px glyph 8 px before the title", icons: [Rect(x: 129, y: 412, width: 18, height: 18)],
            union: Rect(x: 129, y: 412, width: 106, height: 18)),
        GlyphCase(
            name: "a trailing ⌄ and a leading glyph", icons: [Rect(x: 129, y: 412, width: 18, height: 18), Rect(x: 241, y: 417, width: 10, height: 8)],
            union: Rect(x: 129, y: 412, width: 122, height: 18)),
        GlyphCase(name: "a glyph 20 px away (past 1 × the line's height)", icons: [Rect(x: 117, y: 412, width: 18, height: 18)], union: nil),
        GlyphCase(name: "a thumbnail (taller than 2.2 × the line)", icons: [Rect(x: 110, y: 400, width: 40, height: 40)], union: nil),
        GlyphCase(name: "an icon on another row", icons: [Rect(x: 129, y: 440, width: 18, height: 18)], union: nil),
    ]

    @Test(arguments: glyphCases)
    func titleWithGlyphs(_ c: GlyphCase) {
        #expect(FramedText.titleWithGlyphs(Self.title, icons: c.icons) == c.union)
    }

    @Test("A chip's glyph and title are centred together: found with the glyph, not without it; a button in the pipeline, even in the app bar's band")
    func chipWithGlyph() throws {
        // An outlined chip 25…125 × 60…96 at the start of the navigation bar's band (where a glyph
        // before a text would be a back button and the text the bar's title); its 24-px glyph at
        // 33…57 and its title at 67…117: the pair is centred (middle 75), the title alone sits
        // 17 px off the middle, more than 0.12 of the chip's width and 2 px.
        let text = Rect(x: 67, y: 71, width: 50, height: 14)
        let glyph = Rect(x: 33, y: 66, width: 24, height: 24)
        var image = Self.screen(shape: Rect(x: 25, y: 60, width: 100, height: 36), fill: Self.white, border: .grey, borderWidth: 1, text: text)
        image = paintGlyph(image, glyph, Self.ink)
        let both = FramedText.titleWithGlyphs(text, icons: [glyph])
        #expect(both == Rect(x: 33, y: 66, width: 84, height: 24))
        if let both { #expect(FramedText.container(of: both, in: image, lineHeight: 14) != nil) }
        #expect(FramedText.container(of: text, in: image) == nil)
        let dets = [det(.icon, 33, 66, 24, 24), det(.text, 67, 71, 50, 14, "Filters")]
        let result = try ScreenAnalyzer().analyze(image: image, detections: dets)
        #expect(result.elements.map(\.announcement) == ["Filters, Button"])
        var off = AnalysisConfiguration.default
        off.interactivity.framedTitlesWithGlyphs = false
        let plain = try ScreenAnalyzer(configuration: off).analyze(image: image, detections: dets)
        #expect(!plain.elements.flatMap(\.flattened).contains { $0.kind == .button && $0.label == "Filters" })
    }

    @Test("A search field's glyph and placeholder, centred in the field, are the field's: no button")
    func fieldIsNoChip() throws {
        // A capsule search field (80…310 × 400…436) with "⚲ Search" centred in it.
        let text = Rect(x: 190, y: 411, width: 60, height: 14)
        let glyph = Rect(x: 166, y: 409, width: 18, height: 18)
        var image = Self.screen(shape: Rect(x: 130, y: 400, width: 130, height: 36), fill: .track, text: text)
        image = paintGlyph(image, glyph, Self.ink)
        #expect(FramedText.titleWithGlyphs(text, icons: [glyph]).flatMap { FramedText.container(of: $0, in: image, lineHeight: 14) } != nil)
        let chip = [det(.icon, 166, 409, 18, 18), det(.text, 190, 411, 60, 14, "Search")]
        let asChip = try ScreenAnalyzer().analyze(image: image, detections: chip)
        #expect(asChip.elements.flatMap(\.flattened).contains { $0.kind == .button && $0.label == "Search" })
        let field = try ScreenAnalyzer().analyze(image: image, detections: [det(.textField, 130, 400, 130, 36)] + chip)
        #expect(!field.elements.flatMap(\.flattened).contains { $0.kind == .button })
    }

    @Test("Degenerate boxes and boxes off the screen have no container")
    func degenerate() {
        let image = Self.screen(shape: Rect(x: 40, y: 400, width: 310, height: 42), fill: .blue, text: Self.title)
        #expect(FramedText.container(of: Rect(x: 150, y: 414, width: 2, height: 14), in: image) == nil)
        #expect(FramedText.container(of: Rect(x: 500, y: 900, width: 80, height: 14), in: image) == nil)
        #expect(FramedText.container(of: Rect(x: .nan, y: 414, width: 80, height: 14), in: image) == nil)
    }

    @Test("A one-line text in a button's container is a button without any model; two lines of a card's copy are not")
    func pipeline() throws {
        // "Google" has no words of a button title: only its container makes it one.
        var image = Self.screen(shape: Rect(x: 40, y: 400, width: 310, height: 42), fill: .blue, text: Rect(x: 165, y: 414, width: 60, height: 14))
        image = image.filling(Rect(x: 40, y: 600, width: 310, height: 80), with: .track)  // a card
        image = paintGlyph(image, Rect(x: 155, y: 625, width: 80, height: 30), Self.ink)
        let dets = [
            det(.text, 165, 414, 60, 14, "Google"),
            det(.text, 16, 200, 200, 14, "Your account"),
            // Framed, but more than twice the median text height, and two lines by its shape (9
            // characters a line in a box 80 px wide).
            det(.text, 155, 625, 80, 30, "Two lines of copy"),
        ]
        #expect(FramedText.container(of: dets[2].box, in: image) != nil)
        let result = try ScreenAnalyzer().analyze(image: image, detections: dets)
        #expect(result.elements.first { $0.label == "Google" }?.announcement == "Google, Button")
        #expect(result.elements.flatMap(\.flattened).filter { $0.kind == .button }.map(\.label) == ["Google"])
        var off = AnalysisConfiguration.default
        off.interactivity.framedTextsAreButtons = false
        let plain = try ScreenAnalyzer(configuration: off).analyze(image: image, detections: dets)
        #expect(!plain.elements.flatMap(\.flattened).contains { $0.kind == .button })
    }

    struct TitleCase: CustomTestStringConvertible, Sendable {
        var name: String
        var text: Rect
        var icon: Rect
        var between: Rect?
        var title: Bool
        var testDescription: String { name }
    }

    static let back = Rect(x: 16, y: 52, width: 24, height: 24)
    static let titleCases: [TitleCase] = [
        TitleCase(name: "← Sign In: the title", text: Rect(x: 68, y: 54, width: 80, height: 20), icon: back, title: true),
        TitleCase(name: "a centred iOS title after a back button", text: Rect(x: 160, y: 54, width: 70, height: 20), icon: back, title: true),
        TitleCase(name: "a trailing action (SAVE)", text: Rect(x: 320, y: 54, width: 50, height: 20), icon: back, title: false),
        TitleCase(
            name: "a text below the navigation bar band", text: Rect(x: 68, y: 300, width: 80, height: 20),
            icon: Rect(x: 16, y: 298, width: 24, height: 24), title: false),
        TitleCase(
            name: "an icon outside the leading band", text: Rect(x: 140, y: 54, width: 50, height: 20),
            icon: Rect(x: 100, y: 52, width: 24, height: 24), title: false),
        TitleCase(
            name: "another element between icon and text", text: Rect(x: 120, y: 54, width: 80, height: 20), icon: back,
            between: Rect(x: 50, y: 54, width: 50, height: 20), title: false),
        TitleCase(
            name: "a centred title after a leading text item (Cancel)", text: Rect(x: 140, y: 54, width: 110, height: 20),
            icon: Rect(x: 340, y: 52, width: 24, height: 24), between: Rect(x: 16, y: 54, width: 44, height: 20), title: true),
        TitleCase(
            name: "a centred text with only a trailing item (a sheet's ×)", text: Rect(x: 140, y: 54, width: 110, height: 20),
            icon: Rect(x: 340, y: 52, width: 24, height: 24), title: true),
        TitleCase(
            name: "a centred text with an item mid-row", text: Rect(x: 140, y: 54, width: 110, height: 20),
            icon: Rect(x: 340, y: 52, width: 24, height: 24), between: Rect(x: 90, y: 54, width: 40, height: 20), title: false),
        TitleCase(
            name: "a centred text in the status bar beside its battery", text: Rect(x: 160, y: 8, width: 70, height: 16),
            icon: Rect(x: 340, y: 8, width: 30, height: 16), title: false),
        TitleCase(
            name: "a centred text alone on its row", text: Rect(x: 140, y: 54, width: 110, height: 20),
            icon: Rect(x: 340, y: 300, width: 24, height: 24), title: false),
        TitleCase(
            name: "an off-centre text after a leading text item", text: Rect(x: 200, y: 54, width: 110, height: 20),
            icon: Rect(x: 340, y: 52, width: 24, height: 24), between: Rect(x: 16, y: 54, width: 44, height: 20), title: false),
    ]

    @Test(arguments: titleCases)
    func appBarTitle(_ c: TitleCase) {
        let others = [c.text, c.icon] + (c.between.map { [$0] } ?? [])
        #expect(Interactivity.isAppBarTitle(c.text, others: others, icons: [c.icon], screen: ImageInfo(width: 390, height: 844)) == c.title)
    }

    @Test(
        "A text centred in the bar's band with nothing but the bar's end items on its row, or nothing, is no button",
        arguments: [
            // (the text's box, another box, a title)
            (Rect(x: 160, y: 54, width: 70, height: 20), Rect(x: 340, y: 52, width: 24, height: 24), true),  // "LOG IN"  ×
            (Rect(x: 160, y: 54, width: 70, height: 20), Rect(x: 16, y: 52, width: 24, height: 24), true),  // ‹  title
            (Rect(x: 160, y: 54, width: 70, height: 20), Rect(x: 340, y: 300, width: 24, height: 24), true),  // alone
            (Rect(x: 160, y: 54, width: 70, height: 20), Rect(x: 250, y: 54, width: 60, height: 20), false),  // a row of texts
            (Rect(x: 220, y: 54, width: 70, height: 20), Rect(x: 340, y: 52, width: 24, height: 24), false),  // off centre
            (Rect(x: 160, y: 200, width: 70, height: 20), Rect(x: 340, y: 200, width: 24, height: 24), false),  // below the band
        ])
    func centredBarTitle(text: Rect, other: Rect, title: Bool) {
        #expect(Interactivity.isCentredBarTitle(text, others: [text, other], screen: ImageInfo(width: 390, height: 844)) == title)
    }

    @Test("An app bar's title is no button, whatever its words or the text-button model say")
    func appBarTitleInPipeline() throws {
        let image = RGBAImage(width: 390, height: 844, fill: Self.white)
        let dets = [det(.icon, 16, 52, 24, 24, icon: .back), det(.text, 68, 54, 80, 20, "Sign In"), det(.text, 120, 400, 150, 20, "Sign In")]
        let content = ReplayContentRecognizer(textButtonProbability: { _ in 0.99 })
        let result = try ScreenAnalyzer(contentRecognizer: content).analyze(image: image, detections: dets)
        let texts = result.elements.flatMap(\.flattened).filter { (e: Element) in e.label == "Sign In" }.sorted { $0.frame.minY < $1.frame.minY }
        #expect(texts.count == 2)
        #expect(texts.first?.kind != .button)  // the title
        #expect(texts.last?.kind == .button)  // the same words lower down
    }

    /// A PIN pad's digits in a 3 × 3 grid and the row after it are keys; a ranked list's
    /// numbers, or digits out of line, are not.
    @Test(
        "A number pad's digits are buttons",
        arguments: [
            // (layout, extra text of the next row, keys expected)
            ("phone", "0", 10), ("calculator", "0", 10), ("phone", "12", 9), ("shuffled", "0", 0), ("twice", "0", 0),
            ("2 ABC", "0", 10),
            // a Korean banking pad read "8." and "0}" (ui-real train): keys, saying "8" and "0"
            ("stray marks", "0}", 10), ("stray marks", "0 }x", 9),
        ])
    func keypad(layout: String, extra: String, keys: Int) throws {
        var detections: [Detection] = []
        for digit in 1...9 {
            let row = Double((digit - 1) / 3)
            let col = Double((digit - 1) % 3)
            let y = layout == "calculator" ? 600 - 60 * row : 480 + 60 * row
            let x = layout == "shuffled" && digit == 5 ? 120.0 : 60 + 120 * col
            let text = layout == "2 ABC" && digit == 2 ? "2 ABC" : layout == "stray marks" && digit == 8 ? "8." : String(digit)
            detections.append(det(.text, x, y, 12, 18, text))
        }
        if layout == "twice" { detections.append(det(.text, 20, 100, 12, 18, "3")) }
        let nextY = layout == "calculator" ? 660.0 : 660
        detections.append(det(.text, 180, nextY, 12, 18, extra))
        #expect(TextButtons.keypadKeys(detections).count == keys)
        let image = RGBAImage(width: 390, height: 844, fill: Self.white)
        let result = try ScreenAnalyzer().analyze(image: image, detections: detections)
        #expect(result.elements.filter { $0.kind == .button }.count == keys)
        if layout == "stray marks" {
            #expect(Set(result.elements.filter { $0.kind == .button }.compactMap(\.label)).isSuperset(of: keys == 10 ? ["8", "0"] : ["8"]))
        }
        var off = AnalysisConfiguration.default
        off.interactivity.keypadKeysAreButtons = false
        let plain = try ScreenAnalyzer(configuration: off).analyze(image: image, detections: detections)
        #expect(plain.elements.filter { $0.kind == .button }.isEmpty)
    }

    @Test(
        "A number pad key's title: its digit, without one mark read beside it",
        arguments: [
            ("8.", "8" as String?), ("0}", "0"), ("2ABC", "2 ABC"), ("2 ABC", "2 ABC"), ("#", "#"), (".", "."),
            ("1.5", nil), ("12", nil), ("8..", nil), ("Hello", nil), ("0 }x", nil),
        ])
    func keyTitle(text: String, title: String?) {
        #expect(TextButtons.keyTitle(text) == title)
    }

    /// A dialog's or bottom bar's actions in capitals share the role of the one the models call a
    /// button; a header and its "SHOW ALL", mixed case, another height, or an icon on the row do not.
    @Test(
        "Capitalised action titles on a button's row are buttons too",
        arguments: [
            // (texts left to right as (title, x, width, height), the button's title, row mates made buttons)
            ([("DENY", 206.0, 32.0, 10.0), ("ALLOW", 282, 44, 10)], "ALLOW", ["DENY"]),
            ([("SIGN UP", 39, 50, 10), ("USE A CODE", 156, 74, 10), ("LOG IN", 300, 41, 10)], "LOG IN", ["USE A CODE", "SIGN UP"]),
            ([("Deny", 206, 32, 10), ("ALLOW", 282, 44, 10)], "ALLOW", []),
            ([("HOTELS AND RESORTS", 14, 150, 10), ("SHOW ALL", 328, 48, 10)], "SHOW ALL", []),
            ([("DENY", 206, 32, 15), ("ALLOW", 282, 44, 10)], "ALLOW", []),
            ([("A", 20, 10, 10), ("B", 60, 10, 10), ("C", 100, 10, 10), ("D", 140, 10, 10), ("OK", 180, 20, 10)], "OK", []),
            ([("DENY", 206, 32, 10), ("icon", 250, 12, 10), ("ALLOW", 282, 44, 10)], "ALLOW", []),
            ([("panel", 20, 345, 200), ("DENY", 206, 32, 10), ("ALLOW", 282, 44, 10)], "ALLOW", ["DENY"]),
        ] as [([(String, Double, Double, Double)], String, [String])])
    func actionRow(texts: [(String, Double, Double, Double)], button: String, mates: [String]) throws {
        let detections = texts.map { t in
            switch t.0 {
            case "icon": det(.icon, t.1, 592, t.2, t.3)
            case "panel": det(.container, t.1, 430, t.2, t.3)  // the card the row lies on
            default: det(.text, t.1, 592, t.2, t.3, t.0)
            }
        }
        let index = try #require(texts.firstIndex { $0.0 == button })
        #expect(Set(TextButtons.actionRowMates(of: index, in: detections, screenWidth: 385).map { texts[$0].0 }) == Set(mates))
        try expectRowButtons(detections, modelButtonX: texts[index].1, setting: \.interactivity.actionRowsAreButtons, button: button, mates: mates)
    }

    /// Analyses `detections` with the text-button model calling only the text at `modelButtonX` a
    /// button (the word rule off), with `setting` on and off: the buttons said are that text and,
    /// with the setting on, `mates`.
    func expectRowButtons(
        _ detections: [Detection], modelButtonX x: Double, setting: WritableKeyPath<AnalysisConfiguration, Bool>, button: String,
        mates: [String]
    ) throws {
        let image = RGBAImage(width: 385, height: 640, fill: Self.white)
        let content = ReplayContentRecognizer(textButtonProbability: { $0.box.minX == x ? 0.99 : 0.01 })
        for on in [true, false] {
            var config = AnalysisConfiguration.default
            config[keyPath: setting] = on
            config.interactivity.actionPhrasesAreButtons = false
            let result = try ScreenAnalyzer(configuration: config, contentRecognizer: content).analyze(image: image, detections: detections)
            let buttons = Set(result.elements.flatMap(\.flattened).filter { $0.kind == .button }.compactMap(\.label))
            #expect(buttons == Set([button] + (on ? mates : [])))
        }
    }

    /// A shop's category strip (ui-real train, KakaoTalk screens): where the text-button model
    /// calls one chip a button, the others on its row are buttons too; two texts (a header and its
    /// "See all"), a sentence, a text of another height or letters of a calendar's header are not.
    @Test(
        "Short titles on a button's row of three or more are buttons too",
        arguments: [
            // (texts left to right as (title, x, width, height), the button's title, row mates made buttons)
            ([("전체", 10.0, 24.0, 10.0), ("김치", 60, 24, 10), ("쌀 / 잡곡", 110, 50, 10), ("과일", 186, 24, 10)], "전체", ["김치", "쌀 / 잡곡", "과일"]),
            ([("+1 만", 10, 30, 10), ("+5 만", 80, 30, 10), ("+10 만", 150, 36, 10), ("전액", 226, 24, 10)], "+5 만", ["+1 만", "+10 만", "전액"]),
            ([("All", 10, 20, 10), ("Women", 60, 44, 10), ("Men", 130, 30, 10), ("Kids", 190, 30, 10)], "All", ["Women", "Men", "Kids"]),
            ([("Popular", 14, 60, 10), ("See all", 320, 48, 10)], "See all", []),
            ([("전체", 10, 24, 10), ("김치", 60, 24, 10), ("오늘 뭐 먹지? 추천 메뉴", 110, 150, 10)], "전체", []),
            ([("전체", 10, 24, 10), ("김치", 60, 24, 16), ("과일", 110, 24, 10)], "전체", []),
            ([("M", 20, 10, 10), ("T", 60, 10, 10), ("W", 100, 10, 10), ("Today", 140, 40, 10)], "Today", []),
            // a tab bar's captions under their icons (ui-real: Airbnb's "SAVED | TRIPS | INBOX") are left to the tabs
            // (7-px captions 9 px under 16-px glyphs, as on an iPhone screenshot at 1x)
            ([("icon", 32, 16, 16), ("SAVED", 20, 40, 7), ("icon", 132, 16, 16), ("TRIPS", 120, 40, 7), ("INBOX", 220, 40, 7)], "SAVED", []),
            // a glyph read "A" at the strip's end stays a text
            ([("전체", 10, 24, 10), ("김치", 60, 24, 10), ("과일", 110, 24, 10), ("A", 160, 10, 10)], "전체", ["김치", "과일"]),
            ([("전체", 10, 24, 10), ("김치", 60, 24, 10), ("과일", 300, 24, 10)], "전체", []),  // 0.56 of the width apart
        ] as [([(String, Double, Double, Double)], String, [String])])
    func chipRow(texts: [(String, Double, Double, Double)], button: String, mates: [String]) throws {
        let detections = texts.map { t in t.0 == "icon" ? det(.icon, t.1, 275, t.2, t.3) : det(.text, t.1, 300, t.2, t.3, t.0) }
        let index = try #require(texts.firstIndex { $0.0 == button })
        #expect(Set(TextButtons.chipRowMates(of: index, in: detections, screenWidth: 385).map { texts[$0].0 }) == Set(mates))
        // Captioned icons are grouped into buttons of their own by later stages.
        guard !texts.contains(where: { $0.0 == "icon" }) else { return }
        try expectRowButtons(detections, modelButtonX: texts[index].1, setting: \.interactivity.chipRowsAreButtons, button: button, mates: mates)
    }

    /// A line whose sentence goes on below it is not a button's title; a name over its e-mail, a
    /// title in capitals and a line with a capitalised one below stay what the models say.
    @Test(
        "The first line of a sentence that goes on below it is no button",
        arguments: [
            // (line, the line below, its top's gap below the line in pixels, continues)
            ("Learn the life-changing skill", "of meditation", -2.0, true),
            ("Learn the life-changing skill", "of meditation", 8, true),
            ("Learn the life-changing skill", "of meditation", 40, false),
            ("App Crawler", "appcrawler4@gmail.com", 4, false),
            ("LOG IN NOW", "forgot my password", 4, false),
            ("Sign up", "Already a member?", 4, false),
            ("Continue", "with Facebook", 4, false),
        ] as [(String, String, Double, Bool)])
    func sentenceGoesOn(line: String, next: String, gap: Double, continues: Bool) throws {
        let detections = [det(.text, 72, 400, 241, 20, line), det(.text, 116, 420 + gap, 162, 20, next)]
        #expect(TextButtons.continuesOnNextLine(0, in: detections) == continues)
        let image = RGBAImage(width: 390, height: 844, fill: Self.white)
        let content = ReplayContentRecognizer(textButtonProbability: { $0.box.minY == 400 ? 0.99 : 0.01 })
        let result = try ScreenAnalyzer(contentRecognizer: content).analyze(image: image, detections: detections)
        let first = result.elements.flatMap(\.flattened).first { $0.label == line }
        #expect((first?.kind == .button) == !continues)
    }

    /// A sign-up or log-in prompt's question read apart from its answer is a caption: "Already have
    /// an account?" before or over "Log In"; "Forgot password?" and a question with no link after
    /// it stay what the models say.
    @Test(
        "A prompt's question beside or over the link that answers it is no button",
        arguments: [
            // (question, answer, where the answer lies, caption)
            ("Already have an account?", "Log In", "right", true),
            ("Don't have an account?", "SIGN UP", "far right", true),
            ("Already a Member?", "Sign In", "below", true),
            ("Ready hero?", "Start now!", "below", true),
            ("Already have an account?", "Log In", "far below", false),
            ("Already have an account?", "Log In", "right, past an icon", false),
            ("Forgot password?", "Sign up", "below", false),
            ("Trouble signing in?", "Sign in", "right", false),
            ("Already have an account?", "Continue as guest", "right", false),
            ("Account?", "Log In", "right", false),
        ] as [(String, String, String, Bool)])
    func promptQuestion(question: String, answer: String, place: String, caption: Bool) throws {
        var detections = [det(.text, 60, 600, 170, 16, question)]
        switch place {
        case "right": detections.append(det(.text, 244, 600, 50, 16, answer))
        case "far right": detections.append(det(.text, 320, 600, 50, 16, answer))
        case "right, past an icon":
            detections.append(det(.text, 300, 600, 50, 16, answer))
            detections.append(det(.icon, 250, 598, 20, 20))
        case "below": detections.append(det(.text, 110, 626, 70, 16, answer))
        default: detections.append(det(.text, 110, 660, 70, 16, answer))
        }
        #expect(TextButtons.promptQuestionIndices(detections) == (caption ? [0] : []))
        let image = RGBAImage(width: 390, height: 844, fill: Self.white)
        let content = ReplayContentRecognizer(textButtonProbability: { _ in 0.99 })
        let result = try ScreenAnalyzer(contentRecognizer: content).analyze(image: image, detections: detections)
        #expect((result.elements.first { $0.label == question }?.kind == .button) == !caption)
        var off = AnalysisConfiguration.default
        off.interactivity.promptLinks = false
        let plain = try ScreenAnalyzer(configuration: off, contentRecognizer: content).analyze(image: image, detections: detections)
        #expect(plain.elements.first { $0.label == question }?.kind == .button)
    }

    /// "continue with" over the sign-in buttons that finish its sentence is a caption; a settings
    /// row's "Allow Calls From" before its value, or a title ending in an ellipsis, is not.
    @Test(
        "A text ending on a preposition, with nothing after it on its row, is no button",
        arguments: [
            // (text, a text to its right on the row, caption)
            ("continue with", nil, true), ("LOGIN USING", nil, true), ("Update info about you from", nil, true),
            ("Allow Calls From", "Favorites", false), ("Share via...", nil, false), ("Log in", nil, false), ("Sign up", nil, false),
            ("Turn on", nil, false),
            ("from $89.99", nil, false),  // a price (ui-real train): "from" is not its last word
        ] as [(String, String?, Bool)])
    func danglingPreposition(text: String, value: String?, caption: Bool) throws {
        var detections = [det(.text, 40, 400, 160, 18, text)]
        if let value { detections.append(det(.text, 280, 400, 70, 18, value)) }
        #expect(TextButtons.captionIndices(detections) == (caption ? [0] : []))
        let image = RGBAImage(width: 390, height: 844, fill: Self.white)
        let content = ReplayContentRecognizer(textButtonProbability: { _ in 0.99 })
        let result = try ScreenAnalyzer(contentRecognizer: content).analyze(image: image, detections: detections)
        let first = result.elements.first { $0.label == text }
        #expect((first?.kind == .button) == !caption)
    }

    /// "Or register with" over "Facebook" and "Google" (ui-real train): the row under a caption
    /// finishes its sentence, and its short titles are buttons; a wrapped line right under it, a
    /// row too far below, or longer texts are not.
    @Test(
        "The short titles under a caption are its buttons",
        arguments: [
            // (the row's texts, its top (the caption spans 400…410), buttons)
            (["Facebook", "Google"], 427.0, 2), (["Google"], 427, 1), (["Your friends and family"], 427, 0),
            (["Facebook and Twitter"], 412, 0), (["Facebook", "Google"], 460, 0), (["Read our terms of service."], 427, 0),
            (["A", "B", "C", "D", "E"], 427, 0),
        ] as [([String], Double, Int)])
    func captionCompletions(row: [String], top: Double, buttons: Int) throws {
        var detections = [det(.text, 130, 400, 120, 10, "Or register with")]
        for (k, t) in row.enumerated() { detections.append(det(.text, 20 + 70 * Double(k), top, 60, 12, t)) }
        #expect(TextButtons.captionCompletions(detections).count == buttons)
        let image = RGBAImage(width: 390, height: 844, fill: Self.white)
        let content = ReplayContentRecognizer(textButtonProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(contentRecognizer: content).analyze(image: image, detections: detections)
        #expect(result.elements.flatMap(\.flattened).filter { $0.kind == .button }.count == buttons)
        var off = AnalysisConfiguration.default
        off.interactivity.captionCompletionsAreButtons = false
        let plain = try ScreenAnalyzer(configuration: off, contentRecognizer: content).analyze(image: image, detections: detections)
        #expect(plain.elements.flatMap(\.flattened).allSatisfy { $0.kind != .button })
    }

    /// Android's "Open with" chooser (ui-real train): its options, one a row, evenly spaced and
    /// starting at one place, are buttons; a row out of step, out of line or shared ends the list.
    @Test(
        "A chooser's options under its caption are buttons",
        arguments: [
            // (tops of the titles under "Open with" (its box 440…452), their x, buttons)
            ([495.0, 548, 601], [68.0, 68, 68], 3), ([495.0, 548, 640], [68.0, 68, 68], 2), ([495.0, 548, 601], [68.0, 68, 160], 2),
            ([540.0, 593], [68.0, 68], 0),
        ] as [([Double], [Double], Int)])
    func chooserOptions(tops: [Double], xs: [Double], buttons: Int) {
        var detections = [det(.text, 23, 440, 72, 12, "Open with")]
        for (k, (y, x)) in zip(tops, xs).enumerated() { detections.append(det(.text, x, y, 90, 14, ["Browser", "My Mixtapez", "Chrome"][k])) }
        #expect(TextButtons.captionCompletions(detections).count == buttons)
    }

    @Test(
        "A caption, a lone \"or\" and a position counter name no action: no buttons, whatever the text-button model says",
        arguments: [
            // (text, a caption, a separator or counter)
            ("Sign in with:", true, false), ("Email ：", true, false), ("Sign in with Google", false, false), ("Time: 10:30", false, false),
            ("OR", false, true), ("or", false, true), ("1/9", false, true), ("2 / 35", false, true), ("Or sign up", false, false),
            ("1/2 price", false, false), ("24/7", false, true),
        ])
    func namesNoAction(text: String, caption: Bool, separatorOrCounter: Bool) throws {
        #expect(TextButtons.isCaption(text) == caption)
        #expect(TextButtons.isSeparatorOrCounter(text) == separatorOrCounter)
        let image = RGBAImage(width: 390, height: 844, fill: Self.white)
        let content = ReplayContentRecognizer(textButtonProbability: { _ in 0.99 })
        let result = try ScreenAnalyzer(contentRecognizer: content).analyze(image: image, detections: [det(.text, 120, 400, 150, 20, text)])
        #expect((result.elements.first?.kind == .button) == !(caption || separatorOrCounter))
    }

    @Test("The tint rule leaves an app bar's title alone")
    func tintedTitle() {
        // Tinted "Edit" in the navigation bar band: a button; after a back icon at the leading edge: the title.
        let frame = Rect(x: 68, y: 54, width: 80, height: 20)
        let image = paintGlyph(RGBAImage(width: 390, height: 844, fill: Self.white), Rect(x: 72, y: 56, width: 60, height: 16), .blue)
        var back = el(.button, Rect(x: 16, y: 52, width: 24, height: 24), "Back")
        back.detections = [det(.icon, 16, 52, 24, 24, icon: .back)]
        #expect(TextButtons.mark([el(.text, frame, "Edit")], image: image)[0].kind == .button)
        #expect(TextButtons.mark([back, el(.text, frame, "Edit")], image: image)[1].kind == .text)
    }
}
