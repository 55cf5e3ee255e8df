import Foundation

/// A test process's scratch folder in the system's temporary directory (`screenrec-tests-PID`):
/// tests write their files under ``root``, and the folder is removed when the process exits, so
/// test runs leave nothing behind.
public enum ScratchDirectory {
    /// The folder, created on first use.
    public static let root: URL = {
        let url = path()
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ScratchDirectory.path()) }
        return url
    }()

    static func path() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("screenrec-tests-\(getpid())")
    }
}
