/// Accessibility traits, named as `UIAccessibilityTraits` members (encoded as a sorted array of names).
public struct Traits: OptionSet, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let button = Traits(rawValue: 1 << 0)
    public static let link = Traits(rawValue: 1 << 1)
    public static let image = Traits(rawValue: 1 << 2)
    public static let selected = Traits(rawValue: 1 << 3)
    public static let staticText = Traits(rawValue: 1 << 4)
    public static let header = Traits(rawValue: 1 << 5)
    public static let searchField = Traits(rawValue: 1 << 6)
    public static let adjustable = Traits(rawValue: 1 << 7)
    public static let tabBar = Traits(rawValue: 1 << 8)
    public static let notEnabled = Traits(rawValue: 1 << 9)
    /// iOS 17's `.toggleButton`: VoiceOver speaks "Switch button" and an On/Off value.
    public static let toggleButton = Traits(rawValue: 1 << 10)
    public static let summaryElement = Traits(rawValue: 1 << 11)
    public static let updatesFrequently = Traits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = Traits(rawValue: 1 << 13)
    public static let keyboardKey = Traits(rawValue: 1 << 14)

    /// Every trait with its `UIAccessibilityTraits` name, in a fixed order.
    public static let named: [(name: String, trait: Traits)] = [
        ("adjustable", .adjustable), ("allowsDirectInteraction", .allowsDirectInteraction),
        ("button", .button), ("header", .header), ("image", .image), ("keyboardKey", .keyboardKey),
        ("link", .link), ("notEnabled", .notEnabled), ("searchField", .searchField),
        ("selected", .selected), ("staticText", .staticText), ("summaryElement", .summaryElement),
        ("tabBar", .tabBar), ("toggleButton", .toggleButton), ("updatesFrequently", .updatesFrequently),
    ]

    /// The names of the traits set, alphabetically.
    public var names: [String] { Self.named.filter { contains($0.trait) }.map(\.name) }

    public init(names: [String]) throws {
        var t = Traits()
        for n in names {
            guard let found = Self.named.first(where: { $0.name == n }) else {
                throw ScreenRecognitionError(.invalidInput, "unknown trait '\(n)'")
            }
            t.insert(found.trait)
        }
        self = t
    }

    public init(from decoder: any Decoder) throws {
        let names = try decoder.singleValueContainer().decode([String].self)
        do { try self.init(names: names) } catch let e as ScreenRecognitionError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: e.message))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(names)
    }

    public var description: String { "[" + names.joined(separator: ", ") + "]" }
}
