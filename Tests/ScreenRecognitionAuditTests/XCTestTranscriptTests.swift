#if canImport(XCTest)
    import XCTest
    import ScreenRecognition
    import ScreenRecognitionTesting

    /// The transcript assertions from XCTest (the same functions report through Swift Testing there).
    final class XCTestTranscriptTests: XCTestCase {
        func testTranscriptAssertionsPassOnTheSameScreen() throws {
            let (analysis, _) = try Fixture.iosInbox.analysis()
            assertTranscript(analysis, equals: analysis.transcript)
            try verifyTranscript(analysis, snapshot: Fixture.url("ios-inbox.transcript.txt"))
            XCTAssertThrowsError(try verifyTranscript(analysis, equals: ["Back, Button"])) { error in
                XCTAssertTrue("\(error)".contains("- 1  Back, Button") || "\(error)".contains("+ 2  Inbox"), "\(error)")
            }
        }
    }
#endif
