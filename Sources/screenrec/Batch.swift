import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO

/// Options of the commands that take many screenshots at once (`analyze`, `detect`).
struct BatchOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Images analysed at once (default: the cores). Each job has its own Tesseract; the ONNX sessions are shared, one thread per model per job unless --threads says otherwise.",
            valueName: "n"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Skip the images that already have a line in this JSON-lines file (a run that stopped part-way); with the same file as --output, the new lines are appended to it.",
            valueName: "file"))
    var resume: String?

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256") }
    }

    var jobCount: Int { jobs ?? max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Whether `output` is the --resume file (by path or identity): then new lines are appended.
    func appends(to output: String?) -> Bool {
        guard let resume, let output, output != "-" else { return false }
        return output == resume || InputFiles.id(of: output).map { $0 == InputFiles.id(of: resume) } == true
    }

    /// The images the --resume file already has.
    func skipped() throws -> Set<String> {
        try resume.map { try BatchInputs.done(in: $0) } ?? []
    }
}

/// Where a batch's image paths come from: the arguments (a folder stands for its PNG and JPEG
/// files, sorted by name, as `DIR/NAME`), and `-` for standard input, one path a line, read as it
/// arrives so that another program can drive one long-lived process.
enum BatchInputs {
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg"]

    /// True when `arguments` ask for a batch rather than one image: several, a folder or `-`.
    static func isBatch(_ arguments: [String]) -> Bool {
        arguments.count > 1 || arguments.contains { $0 == "-" || isDirectory($0) }
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// The images of a folder, as `DIR/NAME`, sorted; an unreadable folder is an `.io` error.
    static func images(in dir: String) throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: dir)
        } catch {
            throw ScreenRecognitionError(.io, "cannot list \(dir): \((error as NSError).localizedDescription)")
        }
        let prefix = dir.hasSuffix("/") ? dir : dir + "/"
        return names.filter { imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { prefix + $0 }
    }

    /// The `image` of every line of a previous run's JSON-lines output (unparsable lines, such as
    /// one cut short when the run was stopped, are ignored); a missing file is an empty set.
    static func done(in file: String) throws -> Set<String> {
        guard FileManager.default.fileExists(atPath: file) else { return [] }
        let data = try readFile(at: file, maxBytes: 4 << 30, tooLarge: .invalidInput)
        var seen: Set<String> = []
        for line in data.split(separator: 0x0A) {
            if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let image = object["image"] as? String
            {
                seen.insert(image)
            }
        }
        return seen
    }
}

/// Runs `work` on every image with `jobs` threads and writes each line as soon as it is ready:
/// lines come out in completion order (each names its image), whole lines with one `write` each.
/// A failing image is its own line and the run goes on; the worst error kind is returned.
final class BatchRunner: @unchecked Sendable {
    /// One image's result: the JSON line (without its newline) and the error kind when it failed.
    typealias Work = @Sendable (_ worker: Int, _ path: String) -> (line: Data, failure: ScreenRecognitionError.Kind?)

    private let condition = NSCondition()
    private var queue: [String] = []
    private var closed = false
    private let outputLock = NSLock()
    private var worst: ScreenRecognitionError.Kind?
    private var writeError: OutputError?
    private var done = 0
    private var total: Int?
    private let started = ContinuousClock.now
    private let progress = isatty(2) == 1
    private let fd: Int32
    private let outputName: String

    private init(fd: Int32, outputName: String) {
        self.fd = fd
        self.outputName = outputName
    }

    /// Runs the batch. `arguments` are image paths, folders and `-`; `skip` the images already done.
    /// `output` nil or "-" is standard output; `append` opens it for appending.
    static func run(
        arguments: [String], skip: Set<String>, jobs: Int, output: String?, append: Bool,
        work: @escaping Work
    ) throws -> ScreenRecognitionError.Kind? {
        // Expand the arguments up front (a folder that cannot be listed stops the run before any
        // work); standard input is read as the run goes.
        var fixed: [[String]] = []
        for a in arguments {
            fixed.append(a == "-" ? [] : BatchInputs.isDirectory(a) ? try BatchInputs.images(in: a) : [a])
        }
        let readsStdin = arguments.contains("-")
        let fd: Int32
        let name: String
        if let output, output != "-" {
            if let input = arguments.first(where: { InputFiles.id(of: $0) != nil && InputFiles.id(of: $0) == InputFiles.id(of: output) }) {
                throw OutputError(message: "refusing to write \(output): it is the input \(input), which the report would overwrite; choose another output")
            }
            fd = open(output, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0o666)
            guard fd >= 0 else { throw outputOpenError(output, errno: errno) }
            name = output
        } else {
            fd = STDOUT_FILENO
            name = "standard output"
        }
        defer { if fd != STDOUT_FILENO { close(fd) } }
        if append { try endWithNewline(fd: fd, path: output!, name: name) }

        let runner = BatchRunner(fd: fd, outputName: name)
        if !readsStdin { runner.total = fixed.joined().filter { !skip.contains($0) }.count }
        let threads = (0..<jobs).map { worker in
            let t = Thread { runner.workLoop(worker: worker, work: work) }
            t.stackSize = 8 << 20
            t.start()
            return t
        }
        _ = threads
        var queued = Set<String>()
        func enqueue(_ path: String) {
            guard !skip.contains(path) else { return }
            runner.push(path)
            queued.insert(path)
        }
        for (a, paths) in zip(arguments, fixed) {
            if a == "-" {
                while let line = readLine(strippingNewline: true) {
                    let path = line.hasSuffix("\r") ? String(line.dropLast()) : line
                    if !path.isEmpty { enqueue(path) }
                }
            } else {
                paths.forEach(enqueue)
            }
        }
        runner.finishAndWait(jobs: jobs)
        if let e = runner.writeError { throw e }
        return runner.worst
    }

    /// In append mode, a previous run cut short mid-line gets its newline before the new lines.
    private static func endWithNewline(fd: Int32, path: String, name: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end > 0 else { return }
        try handle.seek(toOffset: end - 1)
        if handle.readData(ofLength: 1) != Data([0x0A]) { try writeAll(Data([0x0A]), to: fd, name: name) }
    }

    private var running = 0
    private let capacity = 64

    private func push(_ path: String) {
        condition.lock()
        while queue.count >= capacity { condition.wait() }
        queue.append(path)
        condition.broadcast()
        condition.unlock()
    }

    private func pop() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !closed { condition.wait() }
        guard !queue.isEmpty else { return nil }
        running += 1
        let path = queue.removeFirst()
        condition.broadcast()
        return path
    }

    private var finishedWorkers = 0

    private func finishAndWait(jobs: Int) {
        condition.lock()
        closed = true
        condition.broadcast()
        while finishedWorkers < jobs { condition.wait() }
        condition.unlock()
        if progress { writeStandardError("\n") }
    }

    private func workLoop(worker: Int, work: Work) {
        while let path = pop() {
            let (line, failure) = work(worker, path)
            record(line: line, failure: failure)
            condition.lock()
            running -= 1
            condition.unlock()
        }
        condition.lock()
        finishedWorkers += 1
        condition.broadcast()
        condition.unlock()
    }

    private func record(line: Data, failure: ScreenRecognitionError.Kind?) {
        var data = line
        data.append(0x0A)
        outputLock.lock()
        defer { outputLock.unlock() }
        if writeError == nil {
            do { try writeAll(data, to: fd, name: outputName) } catch let e as OutputError { writeError = e } catch {}
        }
        if let failure, worst != .io { worst = failure }
        done += 1
        if progress { showProgress() }
    }

    /// "done/total, rate, ETA" on one rewritten stderr line (total and ETA unknown with `-`).
    private func showProgress() {
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(done) / seconds : 0
        var text = "\r\(done)"
        if let total {
            text += "/\(total)"
            if rate > 0 {
                let left = Int((Double(total - done) / rate).rounded())
                text += String(format: ", %.2f screens/s, ETA %d:%02d", rate, left / 60, left % 60)
            }
        } else {
            text += String(format: " done, %.2f screens/s", rate)
        }
        writeStandardError(text + "\u{1B}[K")
    }
}

/// One image's JSON line for a failure: `{"image", "error"}`, and the message on stderr.
func errorLine(image: String, _ error: ScreenRecognitionError, encoder: JSONEncoder) -> (line: Data, failure: ScreenRecognitionError.Kind?) {
    struct Line: Encodable {
        var image: String
        var error: String
    }
    writeStandardError("screenrec: error: \(error.message)\n")
    let data = (try? encoder.encode(Line(image: image, error: error.message))) ?? Data()
    return (data, error.kind)
}

/// The compact, key-sorted encoder of JSON lines.
func jsonLinesEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}

/// One batch line: what `body` returns, as JSON, or the error line when it throws (an error from
/// outside the library is named with the file), so one bad file is reported and the batch goes on.
func batchLine(image path: String, encoder: JSONEncoder, _ body: () throws -> some Encodable) -> (
    line: Data, failure: ScreenRecognitionError.Kind?
) {
    do {
        return (try encoder.encode(try body()), nil)
    } catch let e as ScreenRecognitionError {
        return errorLine(image: path, e, encoder: encoder)
    } catch {
        return errorLine(image: path, ScreenRecognitionError(.runtime, "\(path): \(error)"), encoder: encoder)
    }
}
