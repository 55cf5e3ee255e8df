import Foundation
import ScreenRecognition
import ScreenRecognitionAudit
import ScreenRecognitionImageIO

/// The bundled audit screens: screenshot, detections and the app's own tree.
enum Fixture: String, CaseIterable, Sendable, CustomStringConvertible {
    case iosInbox = "ios-inbox", iosAlert = "ios-alert", androidInbox = "android-inbox"

    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    var description: String { rawValue }
    var hierarchyFile: String { self == .androidInbox ? "\(rawValue).uiautomator.xml" : "\(rawValue).xcuitest.txt" }

    var detections: [Detection] { get throws { try DetectionsFile.decode(Fixture.data("\(rawValue).detections.json")) } }

    /// What the pixels show, from the committed detections (deterministic: no model runs).
    func analysis() throws -> (ScreenAnalysis, RGBAImage) {
        let image = try loadImage(at: Fixture.url("\(rawValue).png").path, maxPixels: 50_000_000)
        return (try ScreenAnalyzer().analyze(image: image, detections: detections), image)
    }

    func hierarchy() throws -> AccessibilityHierarchy {
        let (analysis, _) = try analysis()
        return try AccessibilityHierarchy.parse(Fixture.data(hierarchyFile), imageSize: analysis.image)
    }

    func report() throws -> AuditReport {
        let (analysis, _) = try analysis()
        let tree = try AccessibilityHierarchy.parse(Fixture.data(hierarchyFile), imageSize: analysis.image)
        return Audit.run(
            analysis: analysis, hierarchy: tree, detections: try detections,
            image: "\(rawValue).png", hierarchyName: hierarchyFile)
    }
}
