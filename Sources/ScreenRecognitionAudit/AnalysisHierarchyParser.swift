import Foundation
import ScreenRecognition

/// Reads `screenrec analyze` JSON as a hierarchy: its top-level elements are the accessibility
/// elements (groups speak for their children), under a screen-sized root that is not one.
enum AnalysisHierarchyParser {
    static func parse(_ data: Data) throws -> [ExposedElement] {
        // Each level of elements is two JSON containers (the element and its children).
        let nesting = JSONErrors.nestingDepth(data)
        if nesting > 2 * AccessibilityHierarchy.maxDepth + 2 { throw AccessibilityHierarchy.tooDeep((nesting - 2) / 2) }
        let analysis: ScreenAnalysis
        do {
            analysis = try JSONDecoder().decode(ScreenAnalysis.self, from: data)
        } catch let e as DecodingError {
            throw ScreenRecognitionError(.invalidInput, "invalid analysis JSON hierarchy: " + JSONErrors.describe(e))
        }
        guard analysis.image.width > 0, analysis.image.height > 0 else {
            throw ScreenRecognitionError(.invalidInput, "invalid analysis JSON hierarchy: image size \(analysis.image.width)×\(analysis.image.height)")
        }
        let screen = Rect(x: 0, y: 0, width: Double(analysis.image.width), height: Double(analysis.image.height))
        return [
            ExposedElement(
                type: "Screen", kind: nil, frame: screen, isAccessibilityElement: false,
                children: nodes(analysis.elements))
        ]
    }

    /// The elements as exposed nodes, converted bottom-up without recursion (a hostile file may be
    /// deep; JSONDecoder itself stops at 512 nested arrays and objects).
    static func nodes(_ elements: [Element]) -> [ExposedElement] {
        func leaf(_ e: Element) -> ExposedElement {
            ExposedElement(
                type: e.kind.rawValue, kind: e.kind, frame: e.frame, label: e.label, value: e.value,
                traits: e.traits, isInteractive: e.isInteractive, isAccessibilityElement: true)
        }
        struct Frame {
            var element: Element
            var next = 0
            var done: [ExposedElement] = []
        }
        var out: [ExposedElement] = []
        for root in elements {
            var stack = [Frame(element: root)]
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].next < stack[top].element.children.count {
                    let child = stack[top].element.children[stack[top].next]
                    stack[top].next += 1
                    stack.append(Frame(element: child))
                } else {
                    let frame = stack.removeLast()
                    var node = leaf(frame.element)
                    node.children = frame.done
                    if stack.isEmpty { out.append(node) } else { stack[stack.count - 1].done.append(node) }
                }
            }
        }
        return out
    }
}
