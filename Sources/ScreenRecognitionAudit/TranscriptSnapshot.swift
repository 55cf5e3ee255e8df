import Foundation
import ScreenRecognition

/// Text snapshots of what VoiceOver would say (2GIS's VoiceOver snapshot testing): one announcement per line, in navigation
/// order, compared line by line.
public enum TranscriptSnapshot {
    /// The snapshot text of an analysis (its transcript, one line per element, ending in a newline).
    public static func text(of analysis: ScreenAnalysis) -> String { analysis.transcriptText }

    /// `nil` when `actual` reads the same as `expected` (line endings and a trailing newline aside);
    /// otherwise a readable diff: `-` lines only in the snapshot, `+` lines only now, with line numbers.
    public static func diff(expected: String, actual: String) -> String? {
        let a = lines(expected)
        let b = lines(actual)
        guard a != b else { return nil }
        // Longest common subsequence table, then walk it to list kept, removed and added lines.
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var out = "--- snapshot (\(a.count) lines)\n+++ now (\(b.count) lines)\n"
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                out += "  \(j + 1)  \(b[j])\n"
                i += 1
                j += 1
            } else if j < b.count, i == a.count || lcs[i][j + 1] >= lcs[i + 1][j] {
                out += "+ \(j + 1)  \(b[j])\n"
                j += 1
            } else {
                out += "- \(i + 1)  \(a[i])\n"
                i += 1
            }
        }
        return out
    }

    static func lines(_ s: String) -> [String] {
        var l = s.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while l.last == "" { l.removeLast() }
        return l
    }
}
