import Foundation
import ScreenRecognition

/// Detections read from a file and assigned to the images of a ``CocoDataset``.
public struct LoadedDetections: Sendable, Hashable {
    /// The format a detections file was in.
    public enum Format: String, Codable, Sendable, Hashable {
        /// One `screenrec detect` result per line:
        /// `{"image": PATH, "width": W, "height": H, "detections": [{"type", "box", "confidence"}]}`.
        case jsonLines
        /// A COCO results array: `[{"image_id", "category_id", "bbox", "score"}]`.
        case cocoResults
    }

    public var format: Format
    /// Detections per data-set image id. An image the file mentions has an entry, even if empty.
    public var byImageID: [Int: [Detection]]
    /// Detections left out because the label map does not map their category, by category name.
    public var ignoredDetections: [String: Int]
    /// Images named in a JSON-lines file that the data set does not have (their lines are skipped).
    public var unknownImages: [String]

    public init(
        format: Format, byImageID: [Int: [Detection]], ignoredDetections: [String: Int] = [:],
        unknownImages: [String] = []
    ) {
        self.format = format
        self.byImageID = byImageID
        self.ignoredDetections = ignoredDetections
        self.unknownImages = unknownImages
    }
}

/// Detections files for a whole data set, read for the detection evaluation (§4.3): the JSON lines
/// printed by `screenrec detect` (one screen's ``DetectionsFile`` a line, with its image), or a
/// COCO results array. The format is told by the first character (`[` — COCO results, `{` — JSON lines).
extension DetectionsFile {
    /// Parses a detections file and assigns its detections to the data set's images.
    ///
    /// JSON lines are matched to images by file name (the last path component of `image` against
    /// that of `file_name`); lines for images the data set lacks are skipped and listed in
    /// ``LoadedDetections/unknownImages``. COCO results refer to image and category ids, which must
    /// exist; categories the label map does not map are skipped and counted.
    /// - Throws: ``ScreenRecognitionError`` (`.invalidInput`) naming the line or entry at fault.
    public static func parse(_ data: Data, dataset: CocoDataset, labelMap: LabelMap) throws -> LoadedDetections {
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        switch first {
        case UInt8(ascii: "["): return try parseCocoResults(data, dataset: dataset, labelMap: labelMap)
        case UInt8(ascii: "{"), nil: return try parseJSONLines(data, dataset: dataset)
        default:
            throw ScreenRecognitionError(
                .invalidInput, "detections: expected JSON lines (one {\"image\": …} object a line) or a COCO results array ([…])")
        }
    }

    /// Reads and parses a detections file (see ``parse(_:dataset:labelMap:)``).
    public static func load(contentsOf url: URL, dataset: CocoDataset, labelMap: LabelMap) throws -> LoadedDetections {
        let data = try MetricsJSON.read(url)
        do {
            return try parse(data, dataset: dataset, labelMap: labelMap)
        } catch let e as ScreenRecognitionError {
            throw ScreenRecognitionError(e.kind, "\(url.lastPathComponent): \(e.message)")
        }
    }

    struct Line: Decodable {
        var image: String
        var width: Double?
        var height: Double?
        var detections: [Detection]
    }

    /// Parses `screenrec detect` JSON lines (blank lines are skipped).
    public static func parseJSONLines(_ data: Data, dataset: CocoDataset) throws -> LoadedDetections {
        var imagesByName: [String: [CocoDataset.Image]] = [:]
        for image in dataset.images { imagesByName[lastPathComponent(image.fileName), default: []].append(image) }
        let decoder = JSONDecoder()
        var byImageID: [Int: [Detection]] = [:]
        var lineOfImage: [Int: Int] = [:]
        var unknown: [String] = []
        for (offset, bytes) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            guard bytes.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
            func fail(_ message: String) -> ScreenRecognitionError {
                ScreenRecognitionError(.invalidInput, "detections line \(lineNumber): \(message)")
            }
            let line: Line
            do {
                line = try decoder.decode(Line.self, from: Data(bytes))
            } catch let error as DecodingError {
                throw fail(MetricsJSON.describe(error, data: Data(bytes)))
            }
            let name = lastPathComponent(line.image)
            guard let candidates = imagesByName[name] else {
                unknown.append(line.image)
                continue
            }
            guard candidates.count == 1, let image = candidates.first else {
                throw fail("file name '\(name)' is ambiguous: data-set images \(candidates.map { String($0.id) }.joined(separator: ", ")) have it")
            }
            if let previous = lineOfImage[image.id] {
                throw fail("image '\(name)' already has detections on line \(previous)")
            }
            if let w = line.width, let h = line.height, w != Double(image.width) || h != Double(image.height) {
                throw fail("image '\(name)' is \(format(w))x\(format(h)) in the detections but \(image.width)x\(image.height) in the data set")
            }
            lineOfImage[image.id] = lineNumber
            byImageID[image.id] = line.detections
        }
        return LoadedDetections(format: .jsonLines, byImageID: byImageID, unknownImages: unknown)
    }

    struct CocoResult: Decodable {
        var imageID: Int
        var categoryID: Int
        var bbox: Rect
        var score: Double
        enum CodingKeys: String, CodingKey { case imageID = "image_id", categoryID = "category_id", bbox, score }
    }

    /// Parses a COCO results array (`[{"image_id", "category_id", "bbox", "score"}]`; `score` in 0…1).
    public static func parseCocoResults(_ data: Data, dataset: CocoDataset, labelMap: LabelMap) throws -> LoadedDetections {
        let results = try MetricsJSON.decode([CocoResult].self, from: data, what: "detections")
        let imageIDs = Set(dataset.images.map(\.id))
        let names = Dictionary(dataset.categories.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        var byImageID: [Int: [Detection]] = [:]
        var ignored: [String: Int] = [:]
        for (i, r) in results.enumerated() {
            func fail(_ message: String) -> ScreenRecognitionError {
                ScreenRecognitionError(.invalidInput, "detections[\(i)]: \(message)")
            }
            guard imageIDs.contains(r.imageID) else { throw fail("unknown image_id \(r.imageID)") }
            guard let name = names[r.categoryID] else { throw fail("unknown category_id \(r.categoryID)") }
            guard r.score.isFinite, (0...1).contains(r.score) else { throw fail("score \(r.score) is outside 0...1") }
            guard let type = labelMap.elementClass(forCategory: name) else {
                ignored[name, default: 0] += 1
                continue
            }
            byImageID[r.imageID, default: []].append(Detection(type: type, box: r.bbox, confidence: r.score))
        }
        return LoadedDetections(format: .cocoResults, byImageID: byImageID, ignoredDetections: ignored)
    }

    private static func lastPathComponent(_ path: String) -> String {
        String(path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? Substring(path))
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
