import Foundation
import ScreenRecognition

/// The formats an app's own accessibility tree can be given in.
public enum HierarchyFormat: String, Codable, Sendable, CaseIterable {
    /// Guess from the content: `<` starts uiautomator XML, `{` our JSON, `Element subtree:` or a
    /// `{{x, y}, {w, h}}` frame XCUITest text.
    case auto
    /// iOS XCUITest's `XCUIApplication().debugDescription`, or Appium's XCUITest page source XML
    /// (`<XCUIElementType…>` nodes); frames in points.
    case xcuitest
    /// Android's `uiautomator dump` XML, or Appium's UiAutomator2 page source (bounds in pixels).
    case uiautomator
    /// `screenrec analyze`'s JSON (frames in image pixels).
    case analysis
    /// AccessibilitySnapshot's Codable model as JSON (an array of elements or of hierarchy nodes;
    /// frames in points): see ``AccessibilitySnapshotFormat``.
    case accessibilitySnapshot = "accessibility-snapshot"
}

/// One node of an app's accessibility tree, with its frame mapped to image pixels.
public struct ExposedElement: Codable, Sendable, Hashable {
    /// The platform's element type: `Button`, `StaticText` (XCUITest), `android.widget.TextView`,
    /// or an `ElementKind` name for our own JSON.
    public var type: String
    /// What the element is, as far as the tree says (`ElementKind`); `nil` for layout nodes.
    public var kind: ElementKind?
    /// The frame in image pixels.
    public var frame: Rect
    /// What a screen reader speaks as the name (XCUITest `label`, Android `content-desc` or `text`).
    public var label: String?
    public var value: String?
    /// A developer-facing id (XCUITest `identifier`, Android `resource-id`), to find the view in code.
    public var identifier: String?
    /// Traits the tree states (`selected`, `button`, `toggleButton`, `tabBar` for tab buttons, …).
    public var traits: Traits
    /// Whether a tap does something (Android `clickable`; XCUITest buttons, switches, links, cells…).
    public var isInteractive: Bool
    /// Whether a screen reader stops on it: leaves that are not layout, and Android's focusable
    /// nodes that merge their children. Containers are not accessibility elements.
    public var isAccessibilityElement: Bool
    /// 1-based line of the node in the hierarchy file (for SARIF locations), when known.
    public var line: Int?
    public var children: [ExposedElement]

    public init(
        type: String, kind: ElementKind?, frame: Rect, label: String? = nil, value: String? = nil,
        identifier: String? = nil, traits: Traits = [], isInteractive: Bool = false,
        isAccessibilityElement: Bool = true, line: Int? = nil, children: [ExposedElement] = []
    ) {
        self.type = type
        self.kind = kind
        self.frame = frame
        self.label = label
        self.value = value
        self.identifier = identifier
        self.traits = traits
        self.isInteractive = isInteractive
        self.isAccessibilityElement = isAccessibilityElement
        self.line = line
        self.children = children
    }

    /// The label when it is not empty.
    public var spokenLabel: String? {
        guard let l = label?.trimmingCharacters(in: .whitespacesAndNewlines), !l.isEmpty else { return nil }
        return l
    }

    /// How a report names the element: its type and label or identifier.
    public var reference: String {
        if let l = spokenLabel { return "\(type) “\(l)”" }
        if let i = identifier, !i.isEmpty { return "\(type) #\(i)" }
        return type
    }
}

/// An app's accessibility tree, as parsed from XCUITest text, uiautomator XML or our own JSON,
/// with frames in image pixels.
public struct AccessibilityHierarchy: Codable, Sendable, Hashable {
    /// The format it was read from (never `.auto`).
    public var format: HierarchyFormat
    /// Image pixels per hierarchy unit (points on iOS; 1 for uiautomator pixels and our JSON).
    public var scale: Double
    /// Image pixels per touch-target unit: per point on iOS, per dp on Android.
    public var pixelsPerPoint: Double
    /// The top-level nodes.
    public var roots: [ExposedElement]

    public init(format: HierarchyFormat, scale: Double, pixelsPerPoint: Double, roots: [ExposedElement]) {
        self.format = format
        self.scale = scale
        self.pixelsPerPoint = pixelsPerPoint
        self.roots = roots
    }

    /// The accessibility elements in the order a screen reader visits them (depth-first, tree order):
    /// containers — nodes whose children are exposed — are skipped, as VoiceOver and TalkBack do.
    public var accessibilityElements: [ExposedElement] {
        var out: [ExposedElement] = []
        ExposedElement.visit(roots) { e in
            if e.isAccessibilityElement {
                out.append(e)
                return false
            }
            return true
        }
        return out
    }

    /// Every node, depth-first.
    public var allNodes: [ExposedElement] {
        var out: [ExposedElement] = []
        ExposedElement.visit(roots) {
            out.append($0)
            return true
        }
        return out
    }

    /// The deepest nesting accepted: 200 levels — Foundation's JSON encoder and decoder stop at 512
    /// nested arrays and objects, and each level of a tree takes two (an element and its `children`),
    /// so 200 levels leave room for the envelope; libxml2's own default is 256. Real screens nest far
    /// less (Android Lint's TooDeepLayout warns past 10 levels in one layout). Parsing and every walk
    /// of the tree are iterative, so the limit does not guard the parsers' stack, but it bounds what a
    /// hostile file costs and what recursive encoders see: before it, a uiautomator dump nested
    /// 10,000 levels deep overflowed the stack and killed the server.
    public static let maxDepth = 200

    /// The largest coordinate, in image pixels, a frame may reach once scaled: 1,000,000 — *design
    /// choice*: the largest phone and tablet screenshots are under 3,000 pixels on a side, so a
    /// frame past it cannot be on the screenshot, and every value within it prints exactly as an
    /// integer (a uiautomator bound of 1e308 trapped the text report converting it to `Int`).
    public static let maxCoordinate = 1_000_000.0

    /// The range of the image-pixels-per-unit scale, given or inferred: above 0 and at most 10 (the
    /// `--scale` option's range; iOS screens are 1–3× and a resized screenshot less). An inferred
    /// scale also has to be at least 0.01 (a screenshot shrunk 100×): a root frame of width 1e-300
    /// made the scale infinite and the reports trap converting it to an integer.
    public static let maxScale = 10.0
    public static let minInferredScale = 0.01

    /// The largest input accepted (a uiautomator dump of a busy screen is ~200 KB).
    public static let maxBytes = 16 * 1024 * 1024

    /// Parses a hierarchy and maps its frames to the pixels of an `imageSize` screenshot.
    ///
    /// - Parameters:
    ///   - data: the hierarchy file's bytes.
    ///   - format: the file's format; ``HierarchyFormat/auto`` guesses it from the content.
    ///   - imageSize: the size of the screenshot the frames are mapped to.
    ///   - scale: image pixels per hierarchy unit; `nil` infers it from the root frame's width
    ///     (iOS: 2 for a 390-point-wide window in a 780-pixel screenshot; Android and our JSON: 1
    ///     unless the screenshot was resized).
    ///   - pointScale: image pixels per point (iOS) or dp (Android) for touch-target sizes; `nil`
    ///     uses `scale` on iOS, and on Android the image width over 411 dp (see ``androidDefaultWidthDP``).
    /// - Throws: `ScreenRecognitionError` `.invalidInput` naming the line and what is wrong.
    public static func parse(
        _ data: Data, format: HierarchyFormat = .auto, imageSize: ImageInfo,
        scale: Double? = nil, pointScale: Double? = nil
    ) throws -> AccessibilityHierarchy {
        guard !data.isEmpty else { throw ScreenRecognitionError(.invalidInput, "hierarchy file is empty") }
        guard data.count <= maxBytes else {
            throw ScreenRecognitionError(.invalidInput, "hierarchy file is \(data.count) bytes; the limit is \(maxBytes)")
        }
        if let scale, !(scale.isFinite && scale > 0 && scale <= maxScale) {
            throw ScreenRecognitionError(.invalidInput, "scale \(scale) is not between 0 and \(Int(maxScale))")
        }
        let resolved = format == .auto ? try detectFormat(data) : format
        var roots: [ExposedElement]
        switch resolved {
        case .xcuitest:
            // Appium's page source is XML; XCUITest's own debugDescription is text.
            let xml = String(decoding: data.prefix(256), as: UTF8.self).drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<")
            roots = try xml ? AppiumXCUITestParser.parse(data) : XCUITestParser.parse(data)
        case .uiautomator: roots = try UIAutomatorParser.parse(data)
        case .analysis: roots = try AnalysisHierarchyParser.parse(data)
        case .accessibilitySnapshot: roots = try AccessibilitySnapshotFormat.parse(data)
        case .auto: fatalError("unreachable: detectFormat never returns .auto")
        }
        guard !roots.isEmpty else { throw ScreenRecognitionError(.invalidInput, "hierarchy holds no elements") }
        // The XML and text parsers stop at the limit while reading; this catches our JSON too.
        let depth = ExposedElement.depth(of: roots)
        guard depth <= maxDepth else { throw tooDeep(depth) }

        // Points → pixels: the root's width spans the screenshot (XCUITest's window; a uiautomator root).
        var s = scale ?? 1
        if scale == nil, resolved == .accessibilitySnapshot {
            // Points in the snapshotted view, which need not span the screen (a component's
            // snapshot): only a known device screenshot size says the scale.
            let known = ScreenScale.infer(width: imageSize.width, height: imageSize.height)
            guard known.source == .imageSize, known.platform == .ios else {
                throw ScreenRecognitionError(
                    .invalidInput,
                    "AccessibilitySnapshot frames are in points and the \(imageSize.width)×\(imageSize.height) image matches no known iPhone "
                        + "screenshot size, so the scale is unknown: pass --scale (the snapshot's screen scale, usually 2 or 3)")
            }
            s = known.pixelsPerPoint
        } else if scale == nil {
            let rootWidth = roots.map(\.frame.width).max() ?? 0
            if rootWidth > 0 {
                s = Double(imageSize.width) / rootWidth
                guard s.isFinite, s >= minInferredScale, s <= maxScale else {
                    throw ScreenRecognitionError(
                        .invalidInput,
                        "the root frame is \(rootWidth) wide, so the \(imageSize.width)-pixel screenshot would be \(s) pixels per unit; "
                            + "a scale must be between \(minInferredScale) and \(Int(maxScale)) (is this the screenshot's hierarchy? else pass --scale)")
                }
            } else if resolved == .xcuitest {
                throw ScreenRecognitionError(.invalidInput, "the hierarchy has no root frame to infer the screen scale from; pass --scale")
            }
        }
        if s != 1 {
            roots = ExposedElement.rebuild(roots) { e in
                var e = e
                e.frame = Rect(x: e.frame.x * s, y: e.frame.y * s, width: e.frame.width * s, height: e.frame.height * s)
                return e
            }
        }
        try checkFrames(roots)
        let ppp: Double
        if let pointScale {
            guard pointScale.isFinite, pointScale > 0, pointScale <= maxScale else {
                throw ScreenRecognitionError(.invalidInput, "point scale \(pointScale) is not between 0 and \(Int(maxScale))")
            }
            ppp = pointScale
        } else if resolved == .uiautomator {
            ppp = Double(imageSize.width) / androidDefaultWidthDP
        } else {
            ppp = resolved == .xcuitest || resolved == .accessibilitySnapshot ? s : Double(imageSize.width) / iosDefaultWidthPoints
        }
        return AccessibilityHierarchy(format: resolved, scale: s, pixelsPerPoint: ppp, roots: roots)
    }

    /// The error for a tree nested `depth` levels (or more, when a parser stopped at the limit).
    static func tooDeep(_ depth: Int, line: Int? = nil) -> ScreenRecognitionError {
        ScreenRecognitionError(
            .invalidInput,
            "\(line.map { "line \($0): " } ?? "")the hierarchy is nested more than "
                + "\(maxDepth) levels deep (\(depth) reached); real screens nest far less, so the file is not a screen's hierarchy")
    }

    /// Refuses a frame, once in image pixels, that is not finite or reaches past ``maxCoordinate``,
    /// naming the node.
    static func checkFrames(_ roots: [ExposedElement]) throws {
        var bad: ExposedElement?
        ExposedElement.visit(roots) { e in
            let f = e.frame
            let ok = [f.x, f.y, f.width, f.height, f.maxX, f.maxY].allSatisfy { $0.isFinite && abs($0) <= maxCoordinate }
            if !ok { bad = e }
            return ok
        }
        if let bad {
            let f = bad.frame
            throw ScreenRecognitionError(
                .invalidInput,
                "\(bad.line.map { "line \($0): " } ?? "")\(ScreenRecognitionError.quote(bad.reference)) has frame x \(f.x), y \(f.y), "
                    + "width \(f.width), height \(f.height) in image pixels; coordinates must be finite and within ±\(Int(maxCoordinate))")
        }
    }

    /// The width in dp of a common Android phone (Pixel 4–8: 411–412 dp), used to turn pixels into
    /// dp for the touch-target rule when no density is given. Pass the real density to be exact.
    public static let androidDefaultWidthDP = 411.0
    /// The width in points of a common iPhone (13/14/15: 390 pt), for our JSON, which has no points.
    public static let iosDefaultWidthPoints = 390.0

    /// Whether `data` looks like a tree in one of the formats read here (by content, not name): a
    /// uiautomator dump (`<hierarchy`, `<node`), XCUITest text, or analysis JSON (`"elements"`).
    /// `audit DIR` uses it to skip notes and transcripts lying beside the screenshots.
    public static func isHierarchy(_ data: Data) -> Bool {
        guard let format = try? detectFormat(data) else { return false }
        let head = String(decoding: data.prefix(65536), as: UTF8.self)
        switch format {
        case .uiautomator: return head.contains("<hierarchy") || head.contains("<node")
        case .analysis: return head.contains("\"elements\"")
        case .accessibilitySnapshot: return AccessibilitySnapshotFormat.looksLike(head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }))
        case .xcuitest:
            return head.contains("Element subtree:") || head.contains("<XCUIElementType")
                || head.range(of: #"\{\{-?[0-9.]+, -?[0-9.]+\}, \{[0-9.]+, [0-9.]+\}\}"#, options: .regularExpression) != nil
        case .auto: return false
        }
    }

    /// Guesses the format from the first non-blank characters.
    static func detectFormat(_ data: Data) throws -> HierarchyFormat {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        let trimmed = head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if trimmed.hasPrefix("<") { return head.contains("<XCUIElementType") ? .xcuitest : .uiautomator }
        if trimmed.hasPrefix("{") { return .analysis }
        if trimmed.hasPrefix("[") { return .accessibilitySnapshot }
        if head.contains("Element subtree:") || head.contains("}, {") { return .xcuitest }
        throw ScreenRecognitionError(
            .invalidInput,
            "hierarchy format not recognised: expected XCUITest debugDescription text, uiautomator or Appium XML, screenrec analyze JSON or AccessibilitySnapshot JSON"
        )
    }
}

extension ExposedElement {
    /// Visits `roots` depth-first in tree order without recursion (a hostile tree may be deep);
    /// `body` returns whether to visit the node's children.
    static func visit(_ roots: [ExposedElement], _ body: (ExposedElement) -> Bool) {
        var pending = Array(roots.reversed())
        while let e = pending.popLast() {
            if body(e) { pending.append(contentsOf: e.children.reversed()) }
        }
    }

    /// Rebuilds a forest bottom-up without recursion: `transform` gets each node with its children
    /// already transformed, and the context its parent passed down (`childContext` of the parent
    /// and the parent's own context; `context` for the roots).
    static func rebuild<Context>(
        _ roots: [ExposedElement], context: Context,
        childContext: (ExposedElement, Context) -> Context,
        _ transform: (ExposedElement, Context) -> ExposedElement
    ) -> [ExposedElement] {
        typealias Frame = RebuildFrame<Context>
        var out: [ExposedElement] = []
        for root in roots {
            var stack = [Frame(node: root, context: context)]
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].next < stack[top].node.children.count {
                    let child = stack[top].node.children[stack[top].next]
                    stack[top].next += 1
                    stack.append(Frame(node: child, context: childContext(stack[top].node, stack[top].context)))
                } else {
                    var frame = stack.removeLast()
                    frame.node.children = frame.done
                    let finished = transform(frame.node, frame.context)
                    if stack.isEmpty { out.append(finished) } else { stack[stack.count - 1].done.append(finished) }
                }
            }
        }
        return out
    }

    /// ``rebuild(_:context:childContext:_:)`` without a context.
    static func rebuild(_ roots: [ExposedElement], _ transform: (ExposedElement) -> ExposedElement) -> [ExposedElement] {
        rebuild(roots, context: (), childContext: { _, _ in () }) { e, _ in transform(e) }
    }

    /// The number of levels of the deepest branch (1 for a leaf), without recursion.
    static func depth(of roots: [ExposedElement]) -> Int {
        var deepest = 0
        var pending = roots.map { ($0, 1) }
        while let (e, d) = pending.popLast() {
            deepest = max(deepest, d)
            pending.append(contentsOf: e.children.map { ($0, d + 1) })
        }
        return deepest
    }
}

/// One node of ``ExposedElement/rebuild(_:context:childContext:_:)``'s explicit stack: the node,
/// its context, the next child to descend into and the children already rebuilt.
private struct RebuildFrame<Context> {
    var node: ExposedElement
    var context: Context
    var next = 0
    var done: [ExposedElement] = []
}
