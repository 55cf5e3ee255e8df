import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionImageIO

/// The root command. It is an `AsyncParsableCommand` because `serve` is one (argument-parser runs
/// an async subcommand only under an async root); the other subcommands stay synchronous and run
/// as before.
@main
struct Screenrec: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenrec",
        abstract: "Infer accessibility metadata for a mobile app screen from its pixels.",
        discussion: """
            Exit status: 0 success; 64 bad command line; 65 invalid input (a malformed detections or \
            configuration file, an image that is not PNG/JPEG, truncated, or too large); 66 a file \
            that cannot be read; 73 an output that cannot be created or is one of the inputs; 74 an output write that failed (a full disk); 70 an internal failure; 78 a missing or invalid \
            model or ONNX Runtime library (run scripts/setup-models.sh); 1 from `snapshot --verify` when \
            the transcript changed and from `audit --strict` when there is an error finding.
            """,
        version: "0.1.0",
        // `--help` lists the subcommands in these sections ("ANALYSE SUBCOMMANDS:" …); the names
        // and what they do are unchanged.
        groupedSubcommands: [
            CommandGroup(name: "Analyse", subcommands: [Analyze.self, Annotate.self, Detect.self, OCR.self, ClassifyIcon.self, Describe.self]),
            CommandGroup(name: "Evaluate", subcommands: [Eval.self, Bench.self]),
            CommandGroup(name: "Audit & test", subcommands: [Audit.self, Snapshot.self]),
            CommandGroup(name: "Serve", subcommands: [Serve.self]),
        ]
    )
}

/// Maps library errors to one line on stderr and a sysexits-style exit code below 128.
enum CLIErrors {
    static func exitCode(for kind: ScreenRecognitionError.Kind) -> Int32 {
        switch kind {
        case .invalidInput, .unsupportedImage, .imageTooLarge: 65  // EX_DATAERR
        case .io: 66  // EX_NOINPUT
        case .model: 78  // EX_CONFIG
        case .runtime: 70  // EX_SOFTWARE
        }
    }

    /// Runs `body`, turning thrown ``ScreenRecognitionError``s into `screenrec: error: …` and an exit code.
    static func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw reported(error)
        }
    }

    /// The same for an async command (`serve`).
    static func run(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            throw reported(error)
        }
    }

    /// A library or output error written as one `screenrec: error: …` line and turned into its
    /// ``ExitCode``; any other error (an `ExitCode`, a `ValidationError`) is left to argument-parser.
    private static func reported(_ error: any Error) -> any Error {
        switch error {
        case let e as ScreenRecognitionError:
            writeStandardError("screenrec: error: \(e.message)\n")
            return ExitCode(exitCode(for: e.kind))
        case let e as OutputError:
            writeStandardError("screenrec: error: \(e.message)\n")
            return ExitCode(e.exitCode)  // 73 EX_CANTCREAT, 74 EX_IOERR
        default:
            return error
        }
    }
}

func loadConfiguration(_ path: String?, base: AnalysisConfiguration = .default) throws -> AnalysisConfiguration {
    guard let path else { return base }
    let data = try readInputFile(path)
    do {
        return try AnalysisConfiguration.decode(overridingDefaultsWith: data, base: base)
    } catch let e as ScreenRecognitionError {
        throw ScreenRecognitionError(e.kind, "\(path): \(e.message)")
    }
}

/// Pretty, key-sorted JSON ending in a newline: the CLI's report format.
func prettyJSON(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(value)
    data.append(0x0A)
    return data
}
