/// What kind of accessibility element an ``Element`` is.
public enum ElementKind: String, Codable, Sendable, Hashable, CaseIterable {
    case text, button, icon, picture, toggle, checkbox, tabButton, segment, slider, pageControl
    case textField, dialog, container, group
    /// A checkbox drawn as a ring, in a column of rings at most one of which holds a dot: one
    /// choice of several (Material's radio buttons; `RadioButtonStage`). The detector's classes
    /// are the paper's, which have none; this kind is given after every rule for checkboxes ran.
    case radioButton
}

/// A custom action VoiceOver offers on a grouped element (swipe up/down, double tap): a clickable
/// child of the group.
public struct CustomAction: Codable, Sendable, Hashable {
    public var name: String
    /// Where a tap performs the action, in image pixels.
    public var activationPoint: Point
    public init(name: String, activationPoint: Point) {
        self.name = name
        self.activationPoint = activationPoint
    }
}

/// An element's place among its siblings, spoken as "2 of 4" (tab buttons, segments).
public struct Position: Codable, Sendable, Hashable {
    public var index: Int
    public var count: Int
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}

/// One accessibility element inferred from the screen: what a screen reader needs to expose it.
public struct Element: Codable, Sendable, Hashable {
    /// 1-based navigation order among its siblings (top-level elements, or a group's children).
    public var order: Int
    public var kind: ElementKind
    /// The element's frame in image pixels.
    public var frame: Rect
    public var label: String?
    public var value: String?
    public var traits: Traits
    public var hint: String?
    /// Where a double tap is sent, in image pixels.
    public var activationPoint: Point
    public var customActions: [CustomAction]
    /// Position among siblings of the same control ("Tab, 2 of 4").
    public var position: Position?
    /// What VoiceOver would speak when the element gains focus (see ``Announcer``).
    public var announcement: String
    /// Grouped sub-elements in their own navigation order (empty for leaf elements).
    public var children: [Element]
    /// The detections this element came from.
    public var detections: [Detection]

    public init(
        order: Int = 0, kind: ElementKind, frame: Rect, label: String? = nil, value: String? = nil,
        traits: Traits = [], hint: String? = nil, activationPoint: Point? = nil,
        customActions: [CustomAction] = [], position: Position? = nil, announcement: String = "",
        children: [Element] = [], detections: [Detection] = []
    ) {
        self.order = order
        self.kind = kind
        self.frame = frame
        self.label = label
        self.value = value
        self.traits = traits
        self.hint = hint
        self.activationPoint = activationPoint ?? frame.center
        self.customActions = customActions
        self.position = position
        self.announcement = announcement
        self.children = children
        self.detections = detections
    }

    /// Whether a double tap on the element does something.
    public var isInteractive: Bool {
        traits.contains(.button) || traits.contains(.adjustable) || traits.contains(.link)
            || [.textField, .toggle, .checkbox, .radioButton, .tabButton, .segment, .slider, .pageControl].contains(kind)
    }

    /// The element and all its descendants, depth-first.
    public var flattened: [Element] { [self] + children.flatMap(\.flattened) }
}

/// The image an analysis was made on.
public struct ImageInfo: Codable, Sendable, Hashable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// Something a pipeline stage could not do, or chose not to do, reported instead of thrown.
public struct Diagnostic: Codable, Sendable, Hashable, CustomStringConvertible {
    public var stage: String
    public var message: String
    public init(stage: String, message: String) {
        self.stage = stage
        self.message = message
    }
    public var description: String { "\(stage): \(message)" }
}

/// The result of analysing one screen: elements in navigation order. Encoded as the `analyze` JSON.
public struct ScreenAnalysis: Codable, Sendable, Hashable {
    /// The version of this JSON schema; bumped on any incompatible change.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var image: ImageInfo
    public var elements: [Element]
    public var diagnostics: [Diagnostic]
    /// What the analysis was made from, for later consumers (the audit's modal-dialog rule, the
    /// server): not part of the JSON, and not compared by `==`.
    public var trace = AnalysisTrace()

    public init(image: ImageInfo, elements: [Element], diagnostics: [Diagnostic] = []) {
        self.schemaVersion = Self.currentSchemaVersion
        self.image = image
        self.elements = elements
        self.diagnostics = diagnostics
    }

    enum CodingKeys: String, CodingKey { case schemaVersion, image, elements, diagnostics }

    /// Equal when their JSON is: the ``trace`` is left out.
    public static func == (a: ScreenAnalysis, b: ScreenAnalysis) -> Bool {
        a.schemaVersion == b.schemaVersion && a.image == b.image && a.elements == b.elements && a.diagnostics == b.diagnostics
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(schemaVersion)
        hasher.combine(image)
        hasher.combine(elements)
        hasher.combine(diagnostics)
    }

    /// One line per element, in navigation order: what VoiceOver would speak.
    public var transcript: [String] { elements.map(\.announcement) }
}

/// What an analysis was made from, kept so that its consumers never detect or read the screen
/// again: the audit checks dialogs among the detections, the server reports OCR lines.
public struct AnalysisTrace: Sendable, Hashable {
    /// The detections the analysis started from — the detector's output or the given detections
    /// file — before post-processing (empty when there were none).
    public var detections: [Detection] = []
    /// The whole-screen OCR lines after unreadable ones were dropped; `nil` when OCR did not run.
    public var ocr: OCRReport?
    /// The modal dialog whose elements alone were kept (``GroupingSettings/modalDialogMinConfidence``);
    /// `nil` when none hid the screen.
    public var dialog: Rect?
    /// The open navigation drawer whose elements alone were kept (``GroupingSettings/drawersHideScreen``);
    /// `nil` when none was found.
    public var drawer: Rect?

    public init(detections: [Detection] = [], ocr: OCRReport? = nil, dialog: Rect? = nil, drawer: Rect? = nil) {
        self.detections = detections
        self.ocr = ocr
        self.dialog = dialog
        self.drawer = drawer
    }
}
