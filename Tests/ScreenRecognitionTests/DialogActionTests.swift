import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

@Suite("A dialog with no control has its last line as its action")
struct DialogActionTests {
    static let dialog = r(30, 200, 330, 300)

    static func dialogTexts(last: String, lastFrame: Rect = r(130, 460, 130, 16)) -> [Element] {
        [
            el(.picture, r(40, 210, 310, 90), "Photo"),
            {
                var h = el(.text, r(60, 320, 270, 24), "Start making money!")
                h.traits.insert(.header)
                return h
            }(),
            el(.text, r(50, 360, 290, 40), "List your first item in seconds and sell it to people near you."),
            el(.text, lastFrame, last),
        ]
    }

    @Test(
        "The last short line at the dialog's foot is a button; a sentence, a question, a counter or a paragraph is not",
        arguments: [
            ("LIST FOR FREE", r(130, 460, 130, 16), true),
            ("Got it", r(160, 460, 60, 16), true),
            ("You can list later.", r(120, 460, 150, 16), false),  // a sentence
            ("Ready to sell?", r(130, 460, 120, 16), false),  // a question
            ("1 of 3", r(170, 460, 50, 16), false),  // a counter
            ("LIST FOR FREE", r(130, 400, 130, 16), false),  // not at the foot
            ("Sell it today with a tap", r(60, 440, 270, 48), false),  // three lines' box
        ])
    func lastLine(label: String, frame: Rect, button: Bool) {
        let out = TextButtons.markDialogAction(Self.dialogTexts(last: label, lastFrame: frame), dialog: Self.dialog)
        #expect((out[3].kind == .button) == button)
        #expect(out[3].traits.contains(.button) == button)
        #expect(out[..<3].allSatisfy { $0.kind != .button })
    }

    @Test("A dialog that has a control keeps its texts as they are")
    func dialogWithAControl() {
        var elements = Self.dialogTexts(last: "LIST FOR FREE")
        var close = el(.button, r(330, 205, 24, 24), "Close")
        close.traits.insert(.button)
        elements.append(close)
        #expect(TextButtons.markDialogAction(elements, dialog: Self.dialog) == elements)
    }
}
