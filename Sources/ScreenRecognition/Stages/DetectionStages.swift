import Foundation

/// §4: the screen's detections — the given ones (a detections file) or the detector's — limited to
/// ``Limits/maxDetections`` and clipped to the image.
struct DetectStage: AnalysisStage {
    var detector: (any ElementDetector)?
    var given: [Detection]?
    var limits: Limits

    func run(_ work: inout ScreenInProgress) throws {
        var detections: [Detection]
        if let given {
            detections = given
            work.detectionsGiven = true
        } else if let detector, let image = work.image {
            detections = try detector.detect(in: image)
        } else {
            detections = []
            work.note("detect", "no element detector configured and no detections given; only OCR text is used")
        }
        if detections.count > limits.maxDetections {
            throw ScreenRecognitionError(.invalidInput, "\(detections.count) detections exceed the limit of \(limits.maxDetections)")
        }
        work.trace.detections = detections
        let bounds = work.bounds
        let inside = detections.filter { $0.box.intersection(bounds) != nil }
        if inside.count < detections.count {
            work.note(
                "detect", "\(detections.count - inside.count) detection(s) lie outside the \(work.screen.width)×\(work.screen.height) image and were ignored")
        }
        work.detections = inside.map {
            var d = $0
            d.box = d.box.clamped(width: bounds.width, height: bounds.height)
            return d
        }
    }
}

/// §4.1: per-class confidence thresholds, NMS within a class, cross-class NMS among look-alikes.
struct PostProcessStage: AnalysisStage {
    var settings: PostProcessingSettings

    func run(_ work: inout ScreenInProgress) throws {
        let before = work.detections.count
        work.detections = PostProcessing.run(work.detections, settings: settings)
        if work.detections.count < before {
            work.note("postprocess", "\(before - work.detections.count) detection(s) removed by thresholds and NMS")
        }
    }
}
