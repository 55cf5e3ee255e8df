import ArgumentParser
import ScreenRecognition

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Evaluate detections, ordering and grouping (placeholder).")
}
