import Foundation
import ScreenRecognition
import ScreenRecognitionAudit

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// A transcript that no longer matches its snapshot; `description` is the readable diff.
public struct TranscriptMismatch: Error, CustomStringConvertible, Sendable {
    public var snapshot: String
    public var diff: String
    public var description: String { "transcript differs from \(snapshot):\n\(diff)" }
}

/// Checks that a screen still reads like its snapshot file (2GIS's "this screen still sounds
/// like this" tests). Throws ``TranscriptMismatch`` with a diff on any change, so a throwing test
/// fails in both Swift Testing and XCTest.
///
/// With `record: true`, or when the file does not exist yet, the snapshot is written instead and
/// the check passes only if `record` was asked for (a missing snapshot is a failure, so CI never
/// records silently).
public func verifyTranscript(_ analysis: ScreenAnalysis, snapshot url: URL, record: Bool = false) throws {
    let text = TranscriptSnapshot.text(of: analysis)
    let exists = FileManager.default.fileExists(atPath: url.path)
    if record || !exists {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        if !record {
            throw TranscriptMismatch(snapshot: url.path, diff: "no snapshot existed; recorded it now — check it and run again")
        }
        return
    }
    let expected = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    if let diff = TranscriptSnapshot.diff(expected: expected, actual: text) {
        throw TranscriptMismatch(snapshot: url.path, diff: diff)
    }
}

/// Checks a transcript against lines written in the test itself.
public func verifyTranscript(_ analysis: ScreenAnalysis, equals lines: [String]) throws {
    let expected = lines.map { $0 + "\n" }.joined()
    if let diff = TranscriptSnapshot.diff(expected: expected, actual: TranscriptSnapshot.text(of: analysis)) {
        throw TranscriptMismatch(snapshot: "the expected lines", diff: diff)
    }
}

/// Asserts that a screen reads like `lines`, reporting a diff as a Swift Testing issue when run by
/// Swift Testing and as an XCTest failure otherwise.
public func assertTranscript(
    _ analysis: ScreenAnalysis, equals lines: [String],
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) {
    do {
        try verifyTranscript(analysis, equals: lines)
    } catch {
        report("\(error)", fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Asserts that a screen reads like its snapshot file (see ``verifyTranscript(_:snapshot:record:)``).
public func assertTranscript(
    _ analysis: ScreenAnalysis, snapshot url: URL, record: Bool = false,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) {
    do {
        try verifyTranscript(analysis, snapshot: url, record: record)
    } catch {
        report("\(error)", fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

func report(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
            return
        }
    #endif
    #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
    #else
        FileHandle.standardError.write(Data("\(filePath):\(line): \(message)\n".utf8))
    #endif
}
