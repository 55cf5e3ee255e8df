import Foundation
import ScreenRecognition
import Testing

/// The fixture folder copied into the test bundle (see Fixtures/make_fixtures.py for how each file
/// was made).
let fixturesURL: URL = {
    guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
        fatalError("the Fixtures resource folder is missing from the test bundle")
    }
    return url
}()

func fixturePath(_ name: String) -> String {
    fixturesURL.appendingPathComponent(name).path
}

func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: fixturesURL.appendingPathComponent(name))
}

/// The limit the library ships with (``Limits/maxPixels``).
let defaultMaxPixels = Limits().maxPixels

/// Runs `body`, which must throw a ``ScreenRecognitionError`` of `kind` whose message contains every
/// fragment; returns the error for further checks.
@discardableResult
func expectError<T>(
    _ kind: ScreenRecognitionError.Kind, containing fragments: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> T
) -> ScreenRecognitionError? {
    let error = #expect(throws: ScreenRecognitionError.self, sourceLocation: sourceLocation) {
        _ = try body()
    }
    guard let error else { return nil }
    #expect(error.kind == kind, "wrong kind for: \(error.message)", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(
            error.message.contains(fragment), "message \"\(error.message)\" lacks \"\(fragment)\"",
            sourceLocation: sourceLocation)
    }
    #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
    return error
}

/// A temporary directory removed when the value goes away.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ScreenRecognitionImageIOTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}
