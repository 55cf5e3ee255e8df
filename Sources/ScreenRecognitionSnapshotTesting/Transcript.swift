import ScreenRecognition
import SnapshotTesting

extension Snapshotting where Value == ScreenAnalysis, Format == String {
    /// What VoiceOver would say, one line per element in navigation order — a text snapshot that
    /// fails when a screen stops reading the same way:
    ///
    ///     assertSnapshot(of: analysis, as: .transcript)
    public static var transcript: Snapshotting {
        SimplySnapshotting.lines.pullback { $0.transcriptText }
    }
}
