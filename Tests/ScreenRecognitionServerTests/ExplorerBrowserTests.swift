import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenRecognitionServer
import Testing

/// What Fixtures/explorer_cdp.py reports after driving the explorer in headless Chromium.
struct BrowserReport: Decodable {
    struct Move: Decodable {
        var key: String
        var said: String
        var current: Int
    }
    struct Curtain: Decodable {
        var pressed: String
        var imageVisible: String
        var said: String
    }
    var title: String
    var unlabelledControls: [String]
    var error: String
    var items: [String]
    var boxes: Int
    var json: Int
    var afterLoad: String
    var focused: String
    var moves: [Move]
    var tapVisible: Bool
    var curtain: Curtain
    var curtainOff: String
}

/// Runs a program to its end off the cooperative pool; returns its exit status, stdout and stderr.
func run(_ executable: String, _ arguments: [String]) async throws -> (Int32, Data, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    return await withCheckedContinuation { c in
        DispatchQueue.global().async {
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            c.resume(returning: (process.terminationStatus, stdout, String(decoding: stderr, as: UTF8.self)))
        }
    }
}

@Suite struct ExplorerBrowserTests {
    /// The explorer in a real headless Chromium (Debian's `chromium`, installed by
    /// scripts/install-deps.sh): load the page, upload the Clock fixture through the file input,
    /// check the element list, move with the keyboard and check what the live region announces.
    @Test func theExplorerWorksFromTheKeyboardInChromium() async throws {
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        try #require(chromium != nil, "Chromium is not installed: run scripts/install-deps.sh (Debian package chromium)")
        let app = buildApplication(configuration: testConfiguration(), engines: try replayEngines())
        let transcript = try String(decoding: fixture("clock.transcript.txt"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (status, stdout, stderr) = try await run(
                "/usr/bin/python3",
                [
                    fixtureURL("explorer_cdp.py").path,
                    "--url", "http://127.0.0.1:\(port)/", "--image", fixtureURL("clock.png").path,
                    "--chromium", chromium!,
                ])
            try #require(status == 0, "explorer_cdp.py failed: \(stderr)")
            let report = try JSONDecoder().decode(BrowserReport.self, from: stdout)
            #expect(report.title == "screenrec explorer")
            #expect(report.unlabelledControls.isEmpty)
            #expect(report.error == "")
            #expect(report.items == transcript)
            #expect(report.boxes == transcript.count)
            #expect(report.json == transcript.count)
            #expect(report.afterLoad == "Edit, Button")
            #expect(report.focused == "screen")
            let expected: [(String, String, Int)] = [
                ("ArrowRight", "Add, Button", 1),
                ("ArrowRight", "World Clock, Heading", 2),
                ("ArrowLeft", "Add, Button", 1),
                ("End", "Timer, Tab, 4 of 4", 14),
                ("ArrowRight", "Timer, Tab, 4 of 4 (last element)", 14),
                ("Home", "Edit, Button", 0),
                ("Enter", "Activate Edit: double tap at 96, 206", 0),
            ]
            #expect(report.moves.map(\.key) == expected.map(\.0))
            #expect(report.moves.map(\.said) == expected.map(\.1))
            #expect(report.moves.map(\.current) == expected.map(\.2))
            #expect(report.tapVisible)
            #expect(report.curtain.pressed == "true")
            #expect(report.curtain.imageVisible == "hidden")
            #expect(report.curtain.said == "Screen curtain on")
            #expect(report.curtainOff == "visible")
        }
    }
}
