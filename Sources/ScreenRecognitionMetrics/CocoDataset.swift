import Foundation
import ScreenRecognition

/// Ground truth in the COCO object-detection format: `images`, `annotations` (with `bbox` =
/// `[x, y, width, height]` in pixels) and `categories`.
///
/// The detection evaluation of the paper (§4.3, Table 1) compares detections with annotated element
/// boxes; this is the file format such annotations come in (e.g. `shared/data/ui-real`). Fields the
/// evaluation does not use (`area`, `iscrowd`, `info`, `licenses` …) are ignored; an image's
/// `source` splits the evaluation by source.
///
/// Decoding validates the whole file: unique image and category ids, positive image sizes,
/// non-negative box sizes, and annotations that refer to existing images and categories. Every
/// problem is a `ScreenRecognitionError` of kind `.invalidInput` naming where it is.
public struct CocoDataset: Codable, Sendable, Hashable {
    /// One screenshot.
    public struct Image: Codable, Sendable, Hashable {
        public var id: Int
        /// The image's file name (may contain a path; matching uses its last component).
        public var fileName: String
        public var width: Int
        public var height: Int
        /// Where the screenshot comes from, when the data set says (ui-real: `ios`, `android-rico`,
        /// `android-other`, `other`); evaluations report each source apart.
        public var source: String?

        public init(id: Int, fileName: String, width: Int, height: Int, source: String? = nil) {
            self.id = id
            self.fileName = fileName
            self.width = width
            self.height = height
            self.source = source
        }

        enum CodingKeys: String, CodingKey { case id, fileName = "file_name", width, height, source }
    }

    /// One annotated element box.
    public struct Annotation: Codable, Sendable, Hashable {
        /// The annotation's own id (optional in files; only used in messages).
        public var id: Int?
        public var imageID: Int
        public var categoryID: Int
        /// The box, `[x, y, width, height]` in image pixels.
        public var bbox: Rect

        public init(id: Int? = nil, imageID: Int, categoryID: Int, bbox: Rect) {
            self.id = id
            self.imageID = imageID
            self.categoryID = categoryID
            self.bbox = bbox
        }

        enum CodingKeys: String, CodingKey { case id, imageID = "image_id", categoryID = "category_id", bbox }
    }

    /// A label of the data set; a ``LabelMap`` maps its name to an `ElementClass`.
    public struct Category: Codable, Sendable, Hashable {
        public var id: Int
        public var name: String

        public init(id: Int, name: String) {
            self.id = id
            self.name = name
        }
    }

    public private(set) var images: [Image]
    public private(set) var annotations: [Annotation]
    public private(set) var categories: [Category]

    /// Creates a data set, validating it like a decoded file.
    public init(images: [Image], annotations: [Annotation], categories: [Category]) throws {
        self.images = images
        self.annotations = annotations
        self.categories = categories
        try validate()
    }

    enum CodingKeys: String, CodingKey { case images, annotations, categories }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        images = try c.decode([Image].self, forKey: .images)
        annotations = try c.decode([Annotation].self, forKey: .annotations)
        categories = try c.decode([Category].self, forKey: .categories)
        try validate()
    }

    /// Parses a COCO JSON document.
    /// - Throws: `ScreenRecognitionError` (`.invalidInput`) naming the first problem found.
    public init(jsonData: Data) throws {
        self = try MetricsJSON.decode(CocoDataset.self, from: jsonData, what: "COCO data set")
    }

    /// Reads and parses a COCO JSON file.
    /// - Throws: `ScreenRecognitionError` (`.io` when unreadable, `.invalidInput` when malformed).
    public init(contentsOf url: URL) throws {
        let data = try MetricsJSON.read(url)
        do {
            try self.init(jsonData: data)
        } catch let e as ScreenRecognitionError {
            throw ScreenRecognitionError(e.kind, "\(url.lastPathComponent): \(e.message)")
        }
    }

    private func validate() throws {
        func fail(_ message: String) -> ScreenRecognitionError { ScreenRecognitionError(.invalidInput, message) }
        var imageIDs = Set<Int>()
        imageIDs.reserveCapacity(images.count)
        for (i, image) in images.enumerated() {
            guard imageIDs.insert(image.id).inserted else { throw fail("images[\(i)]: duplicate image id \(image.id)") }
            guard image.width > 0, image.height > 0 else {
                throw fail("images[\(i)] (id \(image.id)): size \(image.width)x\(image.height) is not positive")
            }
            guard !image.fileName.isEmpty else { throw fail("images[\(i)] (id \(image.id)): empty file_name") }
        }
        var categoryIDs = Set<Int>()
        for (i, category) in categories.enumerated() {
            guard categoryIDs.insert(category.id).inserted else {
                throw fail("categories[\(i)]: duplicate category id \(category.id)")
            }
        }
        for (i, a) in annotations.enumerated() {
            let which = a.id.map { "annotations[\(i)] (id \($0))" } ?? "annotations[\(i)]"
            guard imageIDs.contains(a.imageID) else { throw fail("\(which): unknown image_id \(a.imageID)") }
            guard categoryIDs.contains(a.categoryID) else { throw fail("\(which): unknown category_id \(a.categoryID)") }
        }
    }

    /// The image with this id.
    public func image(id: Int) -> Image? { images.first { $0.id == id } }

    /// The ground truth per image id, mapped to our classes with `labelMap` (states merged when
    /// `mergeStates`). Annotations whose category the map does not map are left out and counted by
    /// category name in `ignored`.
    public func groundTruth(labelMap: LabelMap, mergeStates: Bool = false)
        -> (byImageID: [Int: [GroundTruthBox]], ignored: [String: Int])
    {
        let names = Dictionary(categories.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let classes = names.compactMapValues { labelMap.elementClass(forCategory: $0) }
        var byImage: [Int: [GroundTruthBox]] = [:]
        for image in images { byImage[image.id] = [] }
        var ignored: [String: Int] = [:]
        for a in annotations {
            guard var type = classes[a.categoryID] else {
                ignored[names[a.categoryID] ?? "\(a.categoryID)", default: 0] += 1
                continue
            }
            if mergeStates { type = type.stateMerged }
            byImage[a.imageID, default: []].append(GroundTruthBox(type: type, box: a.bbox))
        }
        return (byImage, ignored)
    }
}

/// One annotated element: a class and a box in image pixels.
public struct GroundTruthBox: Codable, Sendable, Hashable {
    public var type: ElementClass
    public var box: Rect

    public init(type: ElementClass, box: Rect) {
        self.type = type
        self.box = box
    }
}
