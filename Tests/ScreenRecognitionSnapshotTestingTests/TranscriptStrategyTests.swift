import Foundation
import ScreenRecognition
import ScreenRecognitionSnapshotTesting
import SnapshotTesting
import Testing

@Suite("swift-snapshot-testing transcript strategy")
struct TranscriptStrategyTests {
    /// A small screen built from elements, announced by the core's ``Announcer``.
    static var screen: ScreenAnalysis {
        let elements = Announcer.announce([
            Element(kind: .text, frame: Rect(x: 0, y: 0, width: 100, height: 20), label: "Settings", traits: [.staticText, .header]),
            Element(kind: .toggle, frame: Rect(x: 0, y: 30, width: 100, height: 20), label: "Airplane Mode", value: "Off", traits: [.toggleButton]),
            Element(
                kind: .tabButton, frame: Rect(x: 0, y: 60, width: 50, height: 20), label: "World Clock", traits: [.button, .tabBar, .selected],
                position: Position(index: 1, count: 4)),
        ])
        return ScreenAnalysis(image: ImageInfo(width: 100, height: 100), elements: elements)
    }

    @Test("a screen's transcript matches its recorded snapshot")
    func transcript() {
        assertSnapshot(of: Self.screen, as: .transcript)
    }

    @Test("the strategy's text is the transcript, one line per element")
    func format() {
        #expect(Self.screen.transcriptText == "Settings, Heading\nAirplane Mode, Switch button, Off\nSelected, World Clock, Tab, 1 of 4\n")
    }
}
