import Foundation

/// This test process's scratch folder in the system's temporary directory: every file a test
/// writes goes under it, and it is removed when the process exits, so test runs leave nothing behind.
let scratchRoot: URL = {
    let url = scratchURL()
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: scratchURL()) }
    return url
}()

private func scratchURL() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("screenrec-tests-\(getpid())")
}
