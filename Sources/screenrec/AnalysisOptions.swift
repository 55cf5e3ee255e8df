import ArgumentParser
import Foundation
import ScreenRecognition
import ScreenRecognitionKit

/// `--config`, of every command that builds an analyzer (analyze, annotate, snapshot, audit, serve).
/// (`eval --config` is its own option: it applies to `--announcements` only.)
struct ConfigOptions: ParsableArguments {
    @Option(help: "An AnalysisConfiguration JSON file (any key left out keeps its default).")
    var config: String?
}

/// `--detections` and `--config`, of the commands that analyse a screen (analyze, annotate,
/// snapshot, audit): a detections file stands in for the detector, and the configuration file is
/// laid over the models' thresholds.
struct AnalysisOptions: ParsableArguments {
    @Option(help: "A detections file to use instead of the detector.")
    var detections: String?

    @OptionGroup var configuration: ConfigOptions

    /// The --config file, or nil.
    var config: String? { configuration.config }

    /// The analyzer for these options (``ModelOptions/makeAnalyzer(config:useModels:)``): no
    /// detector when a detections file stands in for it.
    func makeAnalyzer(_ models: ModelOptions) throws -> ScreenAnalyzer {
        try models.makeAnalyzer(config: config, useModels: detections == nil)
    }

    /// The --detections file's detections (at most the configuration's `limits.maxDetections`), or
    /// nil without one.
    func loadDetections(_ configuration: AnalysisConfiguration) throws -> [Detection]? {
        try detections.map { try DetectionsFile.decode(readInputFile($0), maxDetections: configuration.limits.maxDetections) }
    }
}
