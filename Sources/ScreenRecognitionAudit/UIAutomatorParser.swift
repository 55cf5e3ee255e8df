import Foundation
import ScreenRecognition

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads Android's `uiautomator dump` XML — and Appium's UiAutomator2 page source, whose nodes are
/// named by their class — : nested `<node>`s with `text`, `content-desc`,
/// `class`, `resource-id`, `clickable`, `checkable`, `checked`, `selected`, `enabled` and
/// `bounds="[x1,y1][x2,y2]"` in pixels.
///
/// Which nodes are accessibility elements follows TalkBack: an actionable node (clickable,
/// long-clickable, checkable, or focusable and not a scroll container) with no actionable
/// descendant is one stop that speaks its `content-desc`, else its `text`, else its descendants'
/// text; otherwise a leaf with `text` or `content-desc` is a stop; every other node is layout.
enum UIAutomatorParser {
    /// The largest uiautomator dump accepted: 10,000,000 bytes, libxml2's `XML_MAX_TEXT_LENGTH`
    /// and `XML_MAX_LOOKUP_LIMIT` without `XML_PARSE_HUGE` (which FoundationXML does not set): past
    /// them libxml2 stops with an "internal error", so a larger file is refused here in plain words.
    /// A busy real dump is ~200 KB.
    public static let maxBytes = 10_000_000

    static func parse(_ data: Data) throws -> [ExposedElement] {
        guard data.count <= maxBytes else {
            throw ScreenRecognitionError(
                .invalidInput,
                "uiautomator XML is \(data.count) bytes; the limit is \(maxBytes) (libxml2's, for one document; a real dump is ~200 KB)")
        }
        // FoundationXML (Swift 6.3's XMLParser) traps — killing the CLI or the server — on a name
        // holding invalid UTF-8 (found by Fuzz/FuzzHierarchyParsers; the input is a regression test in
        // ScreenRecognitionServerTests), so the bytes are checked first. uiautomator writes UTF-8 only.
        if let offset = firstInvalidUTF8(data) {
            throw ScreenRecognitionError(.invalidInput, "malformed uiautomator XML: invalid UTF-8 at byte \(offset)")
        }
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let ok = parser.parse()
        if let error = delegate.error { throw error }
        guard ok else {
            let code = parser.parserError.map { ($0 as NSError).code } ?? 0
            throw ScreenRecognitionError(
                .invalidInput,
                "malformed uiautomator XML at line \(parser.lineNumber), column \(parser.columnNumber): \(Self.reason(libxmlCode: code))")
        }
        guard delegate.stack.isEmpty else {
            throw ScreenRecognitionError(.invalidInput, "malformed uiautomator XML: \(delegate.stack.count) <node> element(s) not closed (truncated file?)")
        }
        guard delegate.sawHierarchy || !delegate.roots.isEmpty else {
            throw ScreenRecognitionError(.invalidInput, "not a uiautomator dump: no <hierarchy> or <node> element")
        }
        return classify(delegate.roots)
    }

    /// What a libxml2 error code (`xmlParserErrors`, which FoundationXML passes on as the
    /// `NSXMLParserErrorDomain` code) means, in words; the codes are libxml2's `xmlerror.h`.
    static func reason(libxmlCode code: Int) -> String {
        switch code {
        case 1: "the XML parser hit one of libxml2's limits (a text or attribute over 10,000,000 bytes, or nesting too deep)"
        case 2: "out of memory"
        case 3, 4: "the document is empty or does not start with an element"
        case 5, 86: "extra content after the end of the document (a second root element?)"
        case 6, 7, 8, 10, 11, 12, 13: "a malformed character reference (&#…;)"
        case 9: "a character that XML does not allow"
        case 14, 15, 16, 17, 22, 23: "a malformed entity reference (& must be written &amp;)"
        case 26, 27: "a reference to an undeclared entity (& must be written &amp;)"
        case 31, 32, 79, 81: "an unsupported or malformed encoding"
        case 38: "a '<' inside an attribute value (write &lt;)"
        case 39, 40, 41, 43, 44: "a malformed attribute (expected name=\"value\")"
        case 42: "an attribute given twice on one element"
        case 45: "a comment that is not closed"
        case 63: "a CDATA section that is not closed"
        case 64, 46, 47, 56, 57: "a malformed XML declaration or processing instruction"
        case 65, 66, 68, 73, 75: "a malformed tag"
        case 76: "a closing tag that does not match the open element"
        case 77, 85: "an element that is not closed (truncated file?)"
        case 89: "entities that refer to themselves"
        case 104: "entity expansion beyond libxml2's limit (a \"billion laughs\" file?)"
        case 512: "the file was rejected"
        default: "the XML is not well-formed (libxml2 error \(code))"
        }
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil.
    static func firstInvalidUTF8(_ data: Data) -> Int? {
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    final class Delegate: NSObject, XMLParserDelegate {
        var stack: [ExposedElement] = []
        var roots: [ExposedElement] = []
        var error: ScreenRecognitionError?
        var sawHierarchy = false
        /// For each open element, whether it pushed a node (so its end pops one).
        var pushed: [Bool] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes a: [String: String] = [:]
        ) {
            if name == "hierarchy" {
                sawHierarchy = true
                pushed.append(false)
                return
            }
            // `uiautomator dump` names every node `<node>`; Appium's UiAutomator2 page source
            // names each by its class (`<android.widget.TextView …>`) with the same attributes.
            guard name == "node" || (sawHierarchy && a["bounds"] != nil && a["class"] != nil) else {
                pushed.append(false)
                return
            }
            pushed.append(true)
            let line = parser.lineNumber
            guard stack.count < AccessibilityHierarchy.maxDepth else {
                if error == nil { error = AccessibilityHierarchy.tooDeep(stack.count + 1, line: line) }
                parser.abortParsing()
                return
            }
            guard let boundsText = a["bounds"] else {
                fail(parser, "line \(line): <node> has no bounds attribute")
                return
            }
            guard let frame = parseBounds(boundsText) else {
                fail(parser, "line \(line): malformed bounds \(ScreenRecognitionError.quote(boundsText)) (expected [x1,y1][x2,y2] with x1 ≤ x2, y1 ≤ y2)")
                return
            }
            let cls = a["class"] ?? ""
            var traits: Traits = []
            if a["selected"] == "true" { traits.insert(.selected) }
            if a["enabled"] == "false" { traits.insert(.notEnabled) }
            let checkable = a["checkable"] == "true"
            let actionable =
                a["clickable"] == "true" || a["long-clickable"] == "true" || checkable
                || (a["focusable"] == "true" && a["scrollable"] != "true")
            var kind = Self.kind(ofClass: cls, clickable: actionable)
            if checkable, kind == nil || kind == .button { kind = .checkbox }
            var value: String?
            if checkable {
                let on = a["checked"] == "true"
                value = kind == .toggle ? (on ? "On" : "Off") : (on ? "Checked" : "Not checked")
                if kind == .toggle { traits.insert(.toggleButton) }
            }
            if kind == .button { traits.insert(.button) }
            if kind == .text { traits.insert(.staticText) }
            if kind == .picture { traits.insert(.image) }
            let desc = a["content-desc"].flatMap { $0.isEmpty ? nil : $0 }
            let text = a["text"].flatMap { $0.isEmpty ? nil : $0 }
            let id = a["resource-id"].flatMap { $0.isEmpty ? nil : $0 }
            let shortClass = cls.split(separator: ".").last.map(String.init) ?? cls
            stack.append(
                ExposedElement(
                    type: shortClass.isEmpty ? "node" : shortClass, kind: kind, frame: frame,
                    label: desc ?? text, value: value, identifier: id, traits: traits,
                    isInteractive: actionable, isAccessibilityElement: actionable, line: line))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard pushed.popLast() == true, let done = stack.popLast() else { return }
            if stack.isEmpty { roots.append(done) } else { stack[stack.count - 1].children.append(done) }
        }

        func fail(_ parser: XMLParser, _ message: String) {
            if error == nil { error = ScreenRecognitionError(.invalidInput, "uiautomator XML " + message) }
            parser.abortParsing()
        }

        static func kind(ofClass cls: String, clickable: Bool) -> ElementKind? {
            let c = cls.split(separator: ".").last.map(String.init) ?? cls
            if c.contains("Switch") || c == "ToggleButton" { return .toggle }
            if c.contains("RadioButton") { return .radioButton }
            if c.contains("CheckBox") { return .checkbox }
            if c.contains("EditText") || c.contains("TextInput") { return .textField }
            if c.contains("SeekBar") || c.contains("Slider") { return .slider }
            if c.contains("Button") { return .button }
            if c.contains("ImageView") { return clickable ? .button : .picture }
            if c.contains("TextView") { return clickable ? .button : .text }
            return clickable ? .button : nil
        }
    }

    /// `[x1,y1][x2,y2]`.
    static func parseBounds(_ s: String) -> Rect? {
        let parts = s.split(whereSeparator: { "[],".contains($0) }).map(String.init)
        let v = parts.compactMap { Double($0) }
        guard parts.count == 4, v.count == 4, v.allSatisfy(\.isFinite), v[2] >= v[0], v[3] >= v[1],
            s.hasPrefix("["), s.hasSuffix("]")
        else { return nil }
        return Rect(minX: v[0], minY: v[1], maxX: v[2], maxY: v[3])
    }

    /// Applies TalkBack's rules (see the type's comment) once the whole tree is known, bottom-up and
    /// without recursion (a hostile dump may be deep).
    static func classify(_ roots: [ExposedElement]) -> [ExposedElement] {
        let tabBarTypes = ["BottomNavigationView", "TabLayout", "NavigationBarView", "TabWidget"]
        // Whether a classified node is interactive or has an interactive descendant, and the spoken
        // texts of a classified node and its descendants in tree order. `rebuild` finishes nodes in
        // post-order, so when a node is finished its children's summaries are the last ones pushed.
        struct Summary {
            var actionable: Bool
            var texts: [String]
        }
        var summaries: [Summary] = []
        return ExposedElement.rebuild(
            roots, context: false,
            childContext: { n, inTabBar in
                inTabBar || tabBarTypes.contains(where: { n.type.contains($0) })
            }
        ) { node, inTabBar in
            var n = node
            let childSummaries = Array(summaries.suffix(n.children.count))
            summaries.removeLast(n.children.count)
            let hasActionableDescendant = zip(n.children, childSummaries).contains { $0.isInteractive || $1.actionable }
            let descendantTexts = childSummaries.flatMap(\.texts)
            if n.isInteractive {
                if hasActionableDescendant {
                    n.isAccessibilityElement = false
                } else {
                    n.isAccessibilityElement = true
                    if n.spokenLabel == nil, !descendantTexts.isEmpty { n.label = descendantTexts.joined(separator: ", ") }
                    if inTabBar, n.kind == .button || n.kind == nil { n.kind = .tabButton }
                }
            } else {
                n.isAccessibilityElement = n.children.isEmpty && n.spokenLabel != nil
            }
            summaries.append(
                Summary(
                    actionable: n.isInteractive || hasActionableDescendant,
                    texts: (n.spokenLabel.map { [$0] } ?? []) + descendantTexts))
            return n
        }
    }
}
