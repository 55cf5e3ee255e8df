import Foundation
import ScreenRecognition

/// Reads iOS XCUITest's `XCUIApplication().debugDescription`: the `Element subtree:` dump, one
/// element a line, nesting by indentation, e.g.
///
///     Button, 0x600002f847e0, {{346.0, 54.0}, {30.0, 30.0}}, identifier: 'compose', label: 'New', Selected
///
/// Fields are the type (with an optional ` (Main)` qualifier), the address, the frame in points,
/// `key: value` attributes (`label`, `identifier`, `value`, `placeholderValue`, `title`, `pid`) and
/// bare flags (`Selected`, `Disabled`, `Focused`).
enum XCUITestParser {
    struct Line {
        var number: Int
        var indent: Int
        var node: ExposedElement
    }

    static func parse(_ data: Data) throws -> [ExposedElement] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScreenRecognitionError(.invalidInput, "XCUITest hierarchy is not UTF-8 text")
        }
        // Lines end in LF, CRLF (a dump saved on Windows or pasted through a web form) or CR. Swift
        // reads "\r\n" as one Character, so splitting on "\n" alone kept a CRLF file as one line.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)
        var start = 0
        if let i = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "Element subtree:" }) { start = i + 1 }
        var parsed: [Line] = []
        for n in start..<lines.count {
            let raw = lines[n]
            if raw.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            // The subtree ends at the next unindented line ("Path to element:", "Query chain:").
            if !(raw.first?.isWhitespace ?? false) && !raw.hasPrefix("→") {
                if parsed.isEmpty && start == 0 { continue }  // a header before the elements
                break
            }
            parsed.append(try parseLine(raw, number: n + 1))
        }
        guard !parsed.isEmpty else {
            throw ScreenRecognitionError(
                .invalidInput, "XCUITest hierarchy holds no element lines (expected the `Element subtree:` dump of XCUIApplication().debugDescription)")
        }
        return try buildTree(parsed)
    }

    /// Nests lines by indentation: a line is the child of the closest line above it indented less.
    /// Throws past ``AccessibilityHierarchy/maxDepth`` levels.
    static func buildTree(_ lines: [Line]) throws -> [ExposedElement] {
        // Each stack entry: indent and the node under construction.
        var stack: [(indent: Int, node: ExposedElement)] = []
        var roots: [ExposedElement] = []
        func popLast() {
            let (_, done) = stack.removeLast()
            let finished = finish(done)
            if stack.isEmpty { roots.append(finished) } else { stack[stack.count - 1].node.children.append(finished) }
        }
        for line in lines {
            while let top = stack.last, top.indent >= line.indent { popLast() }
            guard stack.count < AccessibilityHierarchy.maxDepth else {
                throw AccessibilityHierarchy.tooDeep(stack.count + 1, line: line.number)
            }
            stack.append((line.indent, line.node))
        }
        while !stack.isEmpty { popLast() }
        return markTabs(roots)
    }

    /// A node's frame defaults to its children's union; nodes with children are containers.
    static func finish(_ node: ExposedElement) -> ExposedElement {
        var n = node
        if n.frame.isEmpty, let first = n.children.first {
            n.frame = n.children.dropFirst().reduce(first.frame) { $0.union($1.frame) }
        }
        if !n.children.isEmpty {
            n.isAccessibilityElement = false
        } else {
            // A leaf is an element when its type is one (a button, a text …) or it has a label.
            n.isAccessibilityElement = n.kind != nil || n.spokenLabel != nil
        }
        return n
    }

    /// Buttons inside a `TabBar` are tab buttons (VoiceOver says "Tab").
    /// The traits an XCUIElement type implies (shared by the text dump and Appium's XML).
    static func traits(type: String, kind: ElementKind?) -> Traits {
        var traits: Traits = []
        switch kind {
        case .button: traits.insert(.button)
        case .text: traits.insert(.staticText)
        case .picture: traits.insert(.image)
        case .toggle: traits.insert(.toggleButton)
        case .slider: traits.insert(.adjustable)
        default: break
        }
        if type == "Link" { traits.insert(.link) }
        if type == "SearchField" { traits.insert(.searchField) }
        if type == "TabBar" { traits.insert(.tabBar) }
        return traits
    }

    /// Whether an element of this type is one a user operates.
    static func isInteractive(type: String, kind: ElementKind?) -> Bool {
        [.button, .toggle, .slider, .textField, .checkbox, .segment].contains(kind) || type == "Link"
    }

    static func markTabs(_ roots: [ExposedElement]) -> [ExposedElement] {
        ExposedElement.rebuild(roots, context: false, childContext: { n, inTabBar in inTabBar || n.type == "TabBar" }) { node, inTabBar in
            var n = node
            if inTabBar, n.kind == .button { n.kind = .tabButton }
            return n
        }
    }

    static func parseLine(_ raw: String, number: Int) throws -> Line {
        var body = Substring(raw)
        var indent = 0
        while let c = body.first, c == " " || c == "\t" || c == "→" {
            indent += 1
            body = body.dropFirst()
        }
        let fields = try splitFields(String(body), line: number)
        guard let typeField = fields.first, let first = typeField.first, first.isLetter, first.isUppercase else {
            throw ScreenRecognitionError(.invalidInput, "line \(number): not an element line: \(ScreenRecognitionError.quote(raw))")
        }
        let type = String(typeField.split(separator: " ").first ?? Substring(typeField))
        var frame: Rect?
        var label: String?
        var identifier: String?
        var value: String?
        var placeholder: String?
        var title: String?
        var traits: Traits = []
        for f in fields.dropFirst() {
            if f.hasPrefix("0x") { continue }
            if f.hasPrefix("{{") {
                frame = try parseFrame(f, line: number)
                continue
            }
            if let colon = f.firstIndex(of: ":") {
                let key = f[..<colon].trimmingCharacters(in: .whitespaces)
                let rawValue = f[f.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                let v = unquote(rawValue)
                switch key {
                case "label": label = v
                case "identifier": identifier = v
                case "value": value = v
                case "placeholderValue": placeholder = v
                case "title": title = v
                default: break  // pid, and attributes we do not use
                }
                continue
            }
            switch f {
            case "Selected": traits.insert(.selected)
            case "Disabled": traits.insert(.notEnabled)
            default: break  // Focused, Keyboard focused, …
            }
        }
        let kind = kind(of: type)
        traits.formUnion(Self.traits(type: type, kind: kind))
        let interactive = Self.isInteractive(type: type, kind: kind)
        let node = ExposedElement(
            type: type, kind: kind, frame: frame ?? .zero, label: label ?? title,
            value: value ?? placeholder, identifier: identifier, traits: traits,
            isInteractive: interactive, line: number)
        return Line(number: number, indent: indent, node: node)
    }

    /// What an XCUIElement type is; `nil` for layout and containers (Other, Window, Table …).
    static func kind(of type: String) -> ElementKind? {
        switch type {
        case "Button", "Link", "MenuItem", "Key": .button
        case "StaticText", "TextView": .text
        case "Image", "Icon": .picture
        case "Switch", "Toggle": .toggle
        case "Slider", "Stepper": .slider
        case "TextField", "SecureTextField", "SearchField": .textField
        case "PageIndicator": .pageControl
        case "Cell": .group
        default: nil
        }
    }

    /// Splits on ", " outside braces and quotes. A `'` closes a quote only before `,` or the end,
    /// since XCUITest does not escape apostrophes inside labels.
    static func splitFields(_ s: String, line: Int) throws -> [String] {
        var fields: [String] = []
        var current = ""
        var depth = 0
        var inQuote = false
        let chars = Array(s)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if inQuote {
                current.append(c)
                if c == "'" {
                    var j = i + 1
                    while j < chars.count, chars[j] == " " { j += 1 }
                    if j == chars.count || chars[j] == "," { inQuote = false }
                }
            } else if c == "'" {
                inQuote = true
                current.append(c)
            } else if c == "{" {
                depth += 1
                current.append(c)
            } else if c == "}" {
                depth -= 1
                if depth < 0 { throw ScreenRecognitionError(.invalidInput, "line \(line): unbalanced '}'") }
                current.append(c)
            } else if c == ",", depth == 0 {
                fields.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(c)
            }
            i += 1
        }
        if inQuote { throw ScreenRecognitionError(.invalidInput, "line \(line): unterminated quote") }
        if depth != 0 { throw ScreenRecognitionError(.invalidInput, "line \(line): unbalanced '{'") }
        let last = current.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { fields.append(last) }
        return fields
    }

    /// `{{x, y}, {w, h}}` in points.
    static func parseFrame(_ f: String, line: Int) throws -> Rect {
        let numbers = f.split(whereSeparator: { "{}, ".contains($0) }).map(String.init)
        let values = numbers.compactMap { Double($0) }
        guard numbers.count == 4, values.count == 4, values.allSatisfy(\.isFinite) else {
            throw ScreenRecognitionError(.invalidInput, "line \(line): malformed frame \(ScreenRecognitionError.quote(f)) (expected {{x, y}, {width, height}})")
        }
        guard values[2] >= 0, values[3] >= 0 else {
            throw ScreenRecognitionError(.invalidInput, "line \(line): frame \(ScreenRecognitionError.quote(f)) has a negative size")
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    static func unquote(_ s: String) -> String {
        if s.count >= 2, s.hasPrefix("'"), s.hasSuffix("'") { return String(s.dropFirst().dropLast()) }
        return s
    }
}
