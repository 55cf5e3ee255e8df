import Foundation
import Testing

@testable import ScreenRecognition

@Suite("Detections file contract")
struct DetectionsFileTests {
    @Test("A valid file decodes, with optional fields")
    func valid() throws {
        let json =
            #"{"detections": [{"type": "icon", "box": [1, 2, 3, 4], "confidence": 0.93, "iconLabel": "back"}, {"type": "text", "box": [0, 0, 10, 5], "text": "Hi"}]}"#
        let d = try DetectionsFile.decode(Data(json.utf8))
        #expect(d.count == 2)
        #expect(d[0].iconLabel == .back && d[0].box == r(1, 2, 3, 4))
        #expect(d[1].confidence == 1 && d[1].text == "Hi")
    }

    @Test(
        "Bad files give one clear line",
        arguments: [
            ("", "empty"),
            ("not json", "not valid JSON"),
            (#"{"detections": [{"type": "button", "box": [0, 0, 1, 1]}]}"#, "detections[0].type: unknown type 'button'"),
            (#"{"detections": [{"type": "icon", "box": [0, 0, 1]}]}"#, "detections[0].box: a box has exactly 4 numbers"),
            (#"{"detections": [{"type": "icon", "box": [0, 0, -1, 5]}]}"#, "negative size"),
            (#"{"detections": [{"type": "icon", "box": [0, 0, 1, 1], "confidence": 2}]}"#, "outside 0...1"),
            (#"{"detections": [{"type": "icon", "box": [0, 0, 1, 1], "iconLabel": "unicorn"}]}"#, "unknown iconLabel 'unicorn'"),
            (#"{"detections": [{"box": [0, 0, 1, 1]}]}"#, "detections[0].type: missing"),
            (#"{"detections": {"type": "icon"}}"#, "detections: expected an array"),
            (#"{"items": []}"#, "detections: missing"),
            (#"{"detections": [{"type": "icon", "box": ["a", 0, 1, 1]}]}"#, "expected a number"),
        ])
    func invalid(json: String, message: String) {
        do {
            _ = try DetectionsFile.decode(Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch let e as ScreenRecognitionError {
            #expect(e.kind == .invalidInput)
            #expect(e.message.contains(message), "\(e.message)")
            #expect(!e.message.contains("\n"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("Too many detections are refused")
    func tooMany() {
        let one = #"{"type": "icon", "box": [0, 0, 1, 1]}"#
        let json = #"{"detections": ["# + Array(repeating: one, count: 11).joined(separator: ",") + "]}"
        #expect(throws: ScreenRecognitionError.self) { try DetectionsFile.decode(Data(json.utf8), maxDetections: 10) }
    }

    @Test("Configuration decodes from partial JSON and keeps defaults")
    func configuration() throws {
        let c = try JSONDecoder().decode(AnalysisConfiguration.self, from: Data(#"{"postProcessing": {"confidenceThresholds": {"icon": 0.3}}}"#.utf8))
        #expect(c.postProcessing.confidenceThresholds[.icon] == 0.3)
        #expect(c.postProcessing.confidenceThresholds[.text] == 0.5)
        #expect(c.postProcessing.crossClassIoU == 0.8)
        #expect(c.grouping == GroupingSettings())
        let nested = try AnalysisConfiguration.decode(overridingDefaultsWith: Data(#"{"grouping": {"subtitleGap": 0.05}}"#.utf8))
        #expect(nested.grouping.subtitleGap == 0.05)
        #expect(nested.grouping.textGapFactor == 1)
        #expect(throws: ScreenRecognitionError.self) {
            try AnalysisConfiguration.decode(overridingDefaultsWith: Data(#"{"grouping": {"subtitleGap": "wide"}}"#.utf8))
        }
        #expect(throws: ScreenRecognitionError.self) {
            try AnalysisConfiguration.decode(overridingDefaultsWith: Data(#"{"postProcessing": {"confidenceThresholds": {"widget": 0.3}}}"#.utf8))
        }
        let round = try JSONDecoder().decode(AnalysisConfiguration.self, from: JSONEncoder().encode(AnalysisConfiguration.default))
        #expect(round == .default)
    }

    @Test(
        "A misspelled configuration key is refused with the nearest valid key",
        arguments: [
            (#"{"grouping": {"subtitelGap": 0.05}}"#, "unknown key 'grouping.subtitelGap'; did you mean 'grouping.subtitleGap'?"),
            (#"{"groupping": {}}"#, "unknown key 'groupping'; did you mean 'grouping'?"),
            (#"{"interactivity": {"clickTreshold": 0.6}}"#, "did you mean 'interactivity.clickThreshold'?"),
        ])
    func unknownKey(json: String, message: String) {
        do {
            _ = try AnalysisConfiguration.decode(overridingDefaultsWith: Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch let e as ScreenRecognitionError {
            #expect(e.kind == .invalidInput)
            #expect(e.message.contains(message), "\(e.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
