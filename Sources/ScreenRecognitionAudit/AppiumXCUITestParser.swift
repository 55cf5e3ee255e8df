import Foundation
import ScreenRecognition

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads Appium's XCUITest page source (`driver.page_source` on iOS): nested `<XCUIElementType…>`
/// elements with `label`, `name` (the identifier, or the label when there is none), `value`,
/// `enabled`, `selected` and the frame as `x`, `y`, `width`, `height` in points. The nodes are
/// typed and nested as in XCUITest's debugDescription, so they become elements the same way.
enum AppiumXCUITestParser {
    static let prefix = "XCUIElementType"

    static func parse(_ data: Data) throws -> [ExposedElement] {
        // FoundationXML traps on invalid UTF-8 in attribute values (see the uiautomator parser).
        if let offset = UIAutomatorParser.firstInvalidUTF8(data) {
            throw ScreenRecognitionError(.invalidInput, "malformed Appium XCUITest XML: invalid UTF-8 at byte \(offset)")
        }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        let delegate = Delegate()
        parser.delegate = delegate
        let ok = parser.parse()
        guard ok else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw ScreenRecognitionError(.invalidInput, "malformed Appium XCUITest XML at line \(parser.lineNumber): \(reason)")
        }
        guard delegate.stack.isEmpty, !delegate.roots.isEmpty else {
            throw ScreenRecognitionError(.invalidInput, "not an Appium XCUITest page source: no complete <XCUIElementType…> element")
        }
        return XCUITestParser.markTabs(delegate.roots)
    }

    final class Delegate: NSObject, XMLParserDelegate {
        var stack: [ExposedElement] = []
        var pushed: [Bool] = []
        var roots: [ExposedElement] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes a: [String: String] = [:]
        ) {
            guard name.hasPrefix(AppiumXCUITestParser.prefix) else {
                pushed.append(false)
                return
            }
            pushed.append(true)
            let type = String(name.dropFirst(AppiumXCUITestParser.prefix.count))
            func number(_ k: String) -> Double { a[k].flatMap(Double.init) ?? 0 }
            let frame = Rect(x: number("x"), y: number("y"), width: max(0, number("width")), height: max(0, number("height")))
            func nonEmpty(_ k: String) -> String? { a[k].flatMap { $0.isEmpty ? nil : $0 } }
            let label = nonEmpty("label")
            let identifier = nonEmpty("name").flatMap { $0 == label ? nil : $0 }
            var traits: Traits = []
            if a["selected"] == "true" { traits.insert(.selected) }
            if a["enabled"] == "false" { traits.insert(.notEnabled) }
            let kind = XCUITestParser.kind(of: type)
            traits.formUnion(XCUITestParser.traits(type: type, kind: kind))
            let interactive = XCUITestParser.isInteractive(type: type, kind: kind)
            stack.append(
                ExposedElement(
                    type: type, kind: kind, frame: frame, label: label, value: nonEmpty("value"),
                    identifier: identifier, traits: traits, isInteractive: interactive, line: parser.lineNumber))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard pushed.popLast() == true, let done = stack.popLast() else { return }
            let finished = XCUITestParser.finish(done)
            if stack.isEmpty { roots.append(finished) } else { stack[stack.count - 1].children.append(finished) }
        }
    }
}
