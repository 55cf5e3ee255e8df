import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO

/// A report that could not be written: exit 73 (`EX_CANTCREAT`) when the output cannot be opened
/// or is one of the inputs, 74 (`EX_IOERR`) when writing fails part-way (a full disk, `/dev/full`).
struct OutputError: Error {
    var message: String
    var exitCode: Int32 = 73
}

/// The files this run has read, by device and inode, so that `--output` naming one of them (by the
/// same path, another spelling, a symbolic link or a hard link) is refused instead of overwriting
/// an input with its own report.
final class InputFiles: @unchecked Sendable {
    static let shared = InputFiles()
    private let lock = NSLock()
    private var files: [FileID: String] = [:]

    struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The identity of the regular file at `path` (following links), or nil.
    static func id(of path: String) -> FileID? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    func record(_ path: String) {
        guard let id = Self.id(of: path) else { return }
        lock.withLock { files[id] = files[id] ?? path }
    }

    /// The input that `path` is, if it is one.
    func input(at path: String) -> String? {
        guard let id = Self.id(of: path) else { return nil }
        return lock.withLock { files[id] }
    }
}

/// Reads a small input file (detections, configuration, orders, hierarchies) through the adapter's
/// checked reader: clear errors for a missing file, a directory, or a file over `maxBytes`.
func readInputFile(_ path: String, maxBytes: Int = 64 * 1024 * 1024) throws -> Data {
    let data = try readFile(at: path, maxBytes: maxBytes)
    InputFiles.shared.record(path)
    return data
}

/// ``ScreenRecognitionImageIO/loadImage(at:decoder:maxPixels:)``, remembering the file as an input.
func loadInputImage(at path: String, maxPixels: Int) throws -> RGBAImage {
    let image = try ScreenRecognitionImageIO.loadImage(at: path, maxPixels: maxPixels)
    InputFiles.shared.record(path)
    return image
}

/// Writes `data` to `path` as a shell's `>` does, or to stdout when `path` is nil or "-".
///
/// The file is opened for writing, created (mode 0666 less the umask) or truncated, following a
/// symbolic link and writing through a FIFO or device: `-o /dev/stderr`, `-o >(gzip)` and a link
/// to a report elsewhere work, and an existing file keeps its owner, mode and links. (The write
/// used to replace the path with a new regular file, which turned a FIFO, a device — as root,
/// `/dev/full` — or a link into a plain file.) A path that is one of the run's inputs is refused.
///
/// `option` names the option that gave `path` in the errors (`-o/--output`, `--record`, `--overlay`).
func writeOutput(_ data: Data, to path: String?, option: String = outputOption) throws {
    guard let path, path != "-" else {
        try writeAll(data, to: STDOUT_FILENO, name: "standard output")
        return
    }
    if let input = InputFiles.shared.input(at: path) {
        throw OutputError(message: "refusing to write \(path): it is the input \(input), which the report would overwrite; choose another output")
    }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard fd >= 0 else { throw outputOpenError(path, option: option, errno: errno) }
    defer { close(fd) }
    try writeAll(data, to: fd, name: path)
}

/// The name of the report-file option in messages: `-o` and `--output` of every command that has one.
let outputOption = "-o/--output"

/// Refuses, before any work, an output that cannot be a file: an existing directory, or a path in
/// a folder that does not exist (``OutputError``, exit 73), so that a run does not load the
/// models and analyse for minutes only to fail at the end with a bare `Is a directory`. nil and
/// "-" (standard output) pass; anything else is left to the write (``writeOutput(_:to:option:)``).
func checkOutputPath(_ path: String?, option: String = outputOption) throws {
    guard let path, path != "-" else { return }
    if let problem = outputPathProblem(path, option: option) { throw problem }
}

/// Why `path` cannot be created as a file, in words, or nil when nothing is visibly wrong.
private func outputPathProblem(_ path: String, option: String) -> OutputError? {
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
        let stdout = option == outputOption ? ", or - for standard output" : ""
        return OutputError(message: "cannot write \(path): it is a directory; give \(option) a file path\(stdout)")
    }
    let parent = (path as NSString).deletingLastPathComponent
    guard !parent.isEmpty else { return nil }  // a name in the current directory
    if stat(parent, &info) != 0 {
        guard errno == ENOENT else { return nil }
        return OutputError(message: "cannot write \(path): the folder \(parent) does not exist; create it or give \(option) another path")
    }
    if info.st_mode & S_IFMT != S_IFDIR {
        return OutputError(message: "cannot write \(path): \(parent) is not a folder")
    }
    return nil
}

/// The error for an output that `open` refused with `errno`: the clear words of
/// ``outputPathProblem(_:option:)`` when they apply, else the system's message.
func outputOpenError(_ path: String, option: String = outputOption, errno code: Int32) -> OutputError {
    if code == EISDIR || code == ENOENT || code == ENOTDIR, let problem = outputPathProblem(path, option: option) { return problem }
    return OutputError(message: "cannot write \(path): \(String(cString: strerror(code)))")
}

/// Writes every byte of `data` to `fd`, retrying short writes and interruptions; a failure (a full
/// disk, a closed pipe's EPIPE when SIGPIPE is ignored) is an ``OutputError`` with exit 74.
func writeAll(_ data: Data, to fd: Int32, name: String) throws {
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
        guard var p = buffer.baseAddress else { return }
        var left = buffer.count
        while left > 0 {
            let n = write(fd, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(
                    message: "cannot write \(name): \(String(cString: strerror(errno))) (\(buffer.count - left) of \(buffer.count) bytes written)",
                    exitCode: 74)  // EX_IOERR
            }
            left -= n
            p += n
        }
    }
}

/// A message on standard error. Errors writing it are ignored: there is nowhere left to report
/// them (`FileHandle.write` traps instead, so a full or closed stderr killed the process).
func writeStandardError(_ text: String) {
    try? writeAll(Data(text.utf8), to: STDERR_FILENO, name: "standard error")
}
