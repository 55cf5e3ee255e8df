/// Marks that the detector took for icons and pictures but that VoiceOver would never focus: strokes
/// (a table's "—" for no value, a divider's stub) and glyphs or thumbnails drawn inside another
/// element (a text's leading heart, a search field's magnifier, a card's badge). Neither is an
/// accessibility element in an app — a UIImageView is not one unless the app makes it one, and
/// decorative images are hidden from assistive technology (WCAG 2.2 technique H67 / F39) — and
/// announcing them says only "Icon" or "Image".
///
/// Only elements that say nothing are affected: no label, no value, not interactive. A recognised
/// glyph ("Down", "Warning") or a named picture ("Logo", "Photo") keeps its stop, whatever its size
/// or place, and so does every button.
public enum Decoration {
    /// The indices of strokes: unlabelled, not interactive icons whose shorter side is under
    /// `maxStrokeSide` pixels.
    public static func strokes(_ elements: [Element], maxStrokeSide: Double) -> Set<Int> {
        Set(
            elements.indices.filter { i in
                let e = elements[i]
                return e.kind == .icon && e.children.isEmpty && saysNothing(e)
                    && min(e.frame.width, e.frame.height) < maxStrokeSide
            })
    }

    /// For each unlabelled, not interactive icon or picture lying at least `minInside` inside
    /// another element that VoiceOver focuses as one stop (a text, a field, a control), that
    /// element's index: the smallest such element, the one the mark is drawn on — or, where that is
    /// itself a mark joining another, the element it joins. A picture also joins a picture or a
    /// group holding it (a logo's parts, art inside an illustration); an icon
    /// does not: an unrecognised glyph on a photo or a card is often its control (an add-to-cart
    /// badge, a favourite heart, a pause sign — at least 9 of the 30 icons on pictures and cards of
    /// the 1,219 listening screens, by eye, 2026-11-28), and a control keeps its stop. Dialogs and
    /// containers are not hosts — their parts are stops of their own — nor are icons.
    public static func enclosed(_ elements: [Element], minInside: Double) -> [Int: Int] {
        let controlKinds: Set<ElementKind> = [.text, .textField, .checkbox, .toggle, .button, .tabButton, .segment, .slider, .pageControl]
        var hosts: [Int: Int] = [:]
        for (i, mark) in elements.enumerated()
        where (mark.kind == .icon || mark.kind == .picture) && mark.children.isEmpty && saysNothing(mark) {
            let hostKinds = mark.kind == .picture ? controlKinds.union([.picture, .group]) : controlKinds
            let candidates = elements.indices.filter { j in
                j != i && hostKinds.contains(elements[j].kind) && elements[j].frame.area > mark.frame.area
                    && mark.frame.fractionInside(elements[j].frame) >= minInside
            }
            if let host = candidates.min(by: { elements[$0].frame.area < elements[$1].frame.area }) {
                hosts[i] = host
            }
        }
        // A host that is itself a mark joins another element: what it holds goes there too. Hosts
        // are strictly larger than their marks, so the chain ends.
        return hosts.mapValues { host in
            var h = host
            while let next = hosts[h] { h = next }
            return h
        }
    }

    /// Removes `strokes` and folds each enclosed mark's detections into its host, so that the
    /// analysis still shows where they were. Returns the elements and how many of each were removed.
    public static func hidden(
        _ elements: [Element], maxStrokeSide: Double, minInside: Double
    ) -> (elements: [Element], strokes: Int, enclosed: Int) {
        let strokes = Self.strokes(elements, maxStrokeSide: maxStrokeSide)
        // (A stroke is an icon, and icons host nothing.)
        let hosts = enclosed(elements, minInside: minInside).filter { !strokes.contains($0.key) }
        var result = elements
        for (mark, host) in hosts.sorted(by: { $0.key < $1.key }) {
            result[host].detections += elements[mark].detections
        }
        let removed = strokes.union(hosts.keys)
        return (result.indices.filter { !removed.contains($0) }.map { result[$0] }, strokes.count, hosts.count)
    }

    /// Whether an element says nothing but its role and does nothing when activated.
    static func saysNothing(_ e: Element) -> Bool {
        (e.label ?? "").isEmpty && (e.value ?? "").isEmpty && !e.isInteractive
    }
}
