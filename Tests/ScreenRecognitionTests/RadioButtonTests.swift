import Testing

@testable import ScreenRecognition

@Suite("§5.3 radio buttons: ringed checkboxes in a column of one choice")
struct RadioButtonTests {
    typealias Shape = CheckboxGlyphTests.Shape

    /// A 390 × 400 white screen with one row per glyph: the glyph (18 px) at x 30 and a text of
    /// bars at x 60, rows 60 px apart from y 50; each row detected as a checkbox over glyph and text.
    static func analysis(_ shapes: [Shape], radios: Bool = true) throws -> [String] {
        var image = RGBAImage(width: 390, height: 400, fill: .white)
        var dets: [Detection] = []
        let titles = ["Default", "English", "Deutsch", "Français", "Italiano"]
        for (k, shape) in shapes.enumerated() {
            let y = 50 + 60 * k
            image = paintGlyph(image, r(60, Double(y + 1), 150, 16), .black)
            image = CheckboxGlyphTests.draw(shape, on: image, x: 30, y: y)
            // The file's class stands for the state (a detections file is given).
            dets.append(det(shape.kind?.isChecked == true ? .checkboxSelected : .checkboxUnselected, 26, Double(y - 4), 190, 26, titles[k]))
        }
        var config = AnalysisConfiguration.default
        config.selection.radioButtonsFromRings = radios
        return try ScreenAnalyzer(configuration: config).analyze(image: image, detections: dets).transcript
    }

    @Test(
        "A column of rings with at most one dot is a radio group, numbered top to bottom",
        arguments: [
            (
                [Shape.ringAndDot, .ring, .ring],
                [
                    "Default, Radio button, 1 of 3, Checked", "English, Radio button, 2 of 3, Unchecked",
                    "Deutsch, Radio button, 3 of 3, Unchecked",
                ]
            ),
            ([.ring, .ring], ["Default, Radio button, 1 of 2, Unchecked", "English, Radio button, 2 of 2, Unchecked"]),
            // Two dots: more than one choice — checkboxes drawn round.
            ([.ringAndDot, .ringAndDot, .ring], ["Default, Checkbox, Checked", "English, Checkbox, Checked", "Deutsch, Checkbox, Unchecked"]),
            // A box among the rings: not one single-choice column.
            ([.ring, .box, .ring], ["Default, Checkbox, Unchecked", "English, Checkbox, Unchecked", "Deutsch, Checkbox, Unchecked"]),
            // One ring says nothing of others.
            ([.ringAndDot], ["Default, Checkbox, Checked"]),
            ([.box, .boxWithTick], ["Default, Checkbox, Unchecked", "English, Checkbox, Checked"]),
        ] as [([Shape], [String])])
    func groups(shapes: [Shape], spoken: [String]) throws {
        let said = try Self.analysis(shapes)
        #expect(said == spoken)
    }

    @Test("Rings side by side on one row are a radio group too, numbered left to right")
    func row() throws {
        // "Male ○   Female ◉": two rings on one row, each with its title after it.
        var image = RGBAImage(width: 390, height: 200, fill: .white)
        image = CheckboxGlyphTests.draw(.ring, on: image, x: 30, y: 80)
        image = paintGlyph(image, r(60, 81, 60, 16), .black)
        image = CheckboxGlyphTests.draw(.ringAndDot, on: image, x: 200, y: 80)
        image = paintGlyph(image, r(230, 81, 80, 16), .black)
        let dets = [det(.checkboxUnselected, 26, 76, 100, 26, "Male"), det(.checkboxSelected, 196, 76, 120, 26, "Female")]
        let spoken = try ScreenAnalyzer().analyze(image: image, detections: dets).transcript
        #expect(spoken == ["Male, Radio button, 1 of 2, Unchecked", "Female, Radio button, 2 of 2, Checked"])
    }

    @Test("A ring detected twice — its row and the glyph alone — is one radio button; the unlabelled twin is left out")
    func twin() throws {
        var image = RGBAImage(width: 390, height: 400, fill: .white)
        for (k, shape) in [Shape.ringAndDot, .ring].enumerated() {
            image = paintGlyph(image, r(60, Double(51 + 60 * k), 150, 16), .black)
            image = CheckboxGlyphTests.draw(shape, on: image, x: 30, y: 50 + 60 * k)
        }
        let dets = [
            det(.checkboxSelected, 26, 46, 190, 26, "Aisles"), det(.checkboxSelected, 28, 48, 22, 22),
            det(.checkboxUnselected, 26, 106, 190, 26, "Recipes"),
        ]
        let result = try ScreenAnalyzer().analyze(image: image, detections: dets)
        #expect(result.transcript == ["Aisles, Radio button, 1 of 2, Checked", "Recipes, Radio button, 2 of 2, Unchecked"])
        #expect(result.elements.map(\.order) == [1, 2])
        #expect(result.diagnostics.contains { $0.message.contains("1 unlabelled twin(s) of theirs left out") })
    }

    @Test("With the setting off, rings stay checkboxes")
    func off() throws {
        #expect(try Self.analysis([.ringAndDot, .ring], radios: false) == ["Default, Checkbox, Checked", "English, Checkbox, Unchecked"])
    }

    @Test("A radio button is spoken as one, its role said once without a label")
    func announcement() {
        var e = Element(kind: .radioButton, frame: r(0, 0, 20, 20), value: "Unchecked", traits: .button)
        e.position = Position(index: 2, count: 3)
        #expect(Announcer.announcement(for: e) == "Radio button, 2 of 3, Unchecked")
        e.label = "English"
        #expect(Announcer.announcement(for: e) == "English, Radio button, 2 of 3, Unchecked")
        #expect(e.isInteractive)
    }
}
