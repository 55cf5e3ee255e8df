import Foundation
import ScreenRecognition

/// Maps a data set's category names to our 13 `ElementClass`es (paper §4.2, Table 1).
///
/// Names are compared case-insensitively. A category the map does not map is left out of the
/// evaluation (its annotations are counted and reported, never silently matched).
public struct LabelMap: Sendable, Hashable {
    /// A short name for reports (`screen-recognition`, `ui-real`, or a custom one).
    public var name: String
    /// Lower-cased category name → class.
    public private(set) var classes: [String: ElementClass]
    /// Lower-cased category names the map knows and deliberately leaves unmapped (regions, status bar …).
    public private(set) var ignoredNames: Set<String>
    /// Whether the data set labels selection states (selected / unselected toggles and checkboxes).
    /// When it does not, an evaluation must merge states (`ElementClass/stateMerged`).
    public var distinguishesStates: Bool

    /// A custom map. Keys of `classes` and members of `ignoredNames` are compared case-insensitively.
    public init(
        name: String, classes: [String: ElementClass], ignoredNames: Set<String> = [],
        distinguishesStates: Bool
    ) {
        self.name = name
        self.classes = Dictionary(classes.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.ignoredNames = Set(ignoredNames.map { $0.lowercased() })
        self.distinguishesStates = distinguishesStates
    }

    /// The class for a category name, or `nil` when the map leaves it out.
    public func elementClass(forCategory name: String) -> ElementClass? { classes[name.lowercased()] }

    /// Whether the map knows the name (mapped, or deliberately ignored).
    public func recognizes(_ name: String) -> Bool {
        let key = name.lowercased()
        return classes[key] != nil || ignoredNames.contains(key)
    }

    /// Category names equal to our class ids (`checkboxSelected`, `textField` …) or to the paper's
    /// display names in Table 1 (`Checkbox (Selected)`, `Text Field` …).
    public static let screenRecognition: LabelMap = {
        var classes: [String: ElementClass] = [:]
        for c in ElementClass.allCases {
            classes[c.rawValue] = c
            classes[c.displayName] = c
        }
        return LabelMap(name: "screen-recognition", classes: classes, distinguishesStates: true)
    }()

    /// The 19 labels of `shared/data/ui-real` (its README.md, "Its 19 labels and our 13 classes").
    /// The data set has no selection states, so `Switch` and `CheckedTextView` map to the unselected
    /// (state-merged) ids; `Multi_Tab` (ambiguous), `TextImageButton` (a group, not a detection
    /// class), the region labels and `UpperTaskBar` are ignored.
    public static let uiReal = LabelMap(
        name: "ui-real",
        classes: [
            "Text": .text, "TextButton": .text,
            "Icon": .icon, "ImageButton": .icon,
            "Image": .picture, "BackgroundImage": .picture,
            "EditText": .textField,
            "Switch": .toggleUnselected,
            "CheckedTextView": .checkboxUnselected,
            "PageIndicator": .pageControl,
            "Modal": .dialog,
            "Card": .container,
        ],
        ignoredNames: ["Multi_Tab", "TextImageButton", "List", "Toolbar", "Bottom_Navigation", "Drawer", "UpperTaskBar"],
        distinguishesStates: false)

    /// The built-in maps, in the order auto-detection prefers them.
    public static let builtIn: [LabelMap] = [.screenRecognition, .uiReal]

    /// The built-in map with this name (`screen-recognition`, `ui-real`).
    public static func builtIn(named name: String) -> LabelMap? { builtIn.first { $0.name == name } }

    /// Picks the built-in map for a data set from its category names: `screenRecognition` when it
    /// knows every name, otherwise the map that recognises the most names (ties go to the earlier map
    /// in ``builtIn``).
    /// - Throws: `ScreenRecognitionError` (`.invalidInput`) when no built-in map maps any name.
    public static func detect(categoryNames names: [String]) throws -> LabelMap {
        if names.allSatisfy(screenRecognition.recognizes) && !names.isEmpty { return .screenRecognition }
        var best: (map: LabelMap, score: Int)?
        for map in builtIn {
            let score = names.filter(map.recognizes).count
            if score > (best?.score ?? 0) { best = (map, score) }
        }
        guard let map = best?.map, names.contains(where: { map.elementClass(forCategory: $0) != nil }) else {
            throw ScreenRecognitionError(
                .invalidInput,
                "no built-in label map recognises the categories (\(names.prefix(8).joined(separator: ", "))\(names.count > 8 ? ", …" : "")); "
                    + "expected our class ids (\(ElementClass.allCases.map(\.rawValue).joined(separator: ", "))) or the ui-real labels")
        }
        return map
    }
}
