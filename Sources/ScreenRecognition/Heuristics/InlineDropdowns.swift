/// A title set right before a down caret ⌄ ▾ is a dropdown: one button, said by its title.
///
/// Apps put a small caret right after the words of a control that opens a menu: a language
/// picker's "Language: English ▾", an account switcher's "Instagram ▾", a shop's "Women ▾" title,
/// a filter chip's "카테고리 ▾". VoiceOver reads such a control as one button by its title (UIKit's
/// `UIButton` with a menu, Material's exposed dropdown menu), where the pipeline said the words as
/// a text and then the caret apart ("Down, Button", "Down, Image"), or folded the caret into the
/// text as decoration and left it a text. The disclosure-row rule
/// (``Metadata/markDisclosureRows(_:trailingEdge:rowEndEdge:)``) only sees carets that end their row
/// at the screen's trailing side; these sit anywhere.
///
/// A glyph recognised as `down` (plain or a button, nothing but the glyph) joins the text ending
/// right before it — starting at most ``maxOverlap`` px into the text and at most the larger of
/// the text's height and its own width after it, its middle within the text's height, at most
/// ``maxGlyphHeight`` × the text's height tall — and the text becomes a button. So does a text that
/// has already taken such a caret as decoration, the caret right after its words. The text must
/// end in a letter: a stock index "2,666.84 ▼ -1.91%" shows a trend, not a menu.
///
/// *Measured* on the 1,219 listening screens of ui-real (2026-11-29, `analyze` before and after this
/// rule, `listen.py diff`): 15 titles on 11 screens became buttons, each a title before its caret
/// by eye — language pickers, filter and sort chips ("조건 검색 ▾", "정렬 기준 ▾"), an account
/// switcher's "Instagram ▾", a feed's "Home ▾", a balance's "0원 ▾" — two of them misread by OCR
/// ("Englist", "lish"); 9 carets said apart ("Down, Button") are no longer stops, and 3 of the
/// titles had been the screen's heading. No other screen changed.
public enum InlineDropdowns {
    /// How far a caret's box may start inside its title's (px, in screen points): the detector's
    /// boxes of a title and the caret right after it overlap by a pixel or two (gaps of −2 to 11 px
    /// between the listening screens' titles and carets, 2026-11-29) — *design choice*: 2.
    public static let maxOverlap = 2.0
    /// A caret is at most this many times its title's height: it is drawn at the title's size
    /// (the listening screens' carets are 0.6–1.4 × their title's height) — *design choice*: 2, so
    /// a large expand chevron under a small caption is no title's caret.
    public static let maxGlyphHeight = 2.0

    /// `elements` with each title before a down caret made a button, the caret joined to it.
    /// Returns the elements and how many titles were made buttons.
    public static func mark(_ elements: [Element]) -> (elements: [Element], marked: Int) {
        var result = elements
        var absorbed = Set<Int>()
        var marked = 0
        for (i, glyph) in elements.enumerated() where isCaret(glyph) {
            let titles = elements.indices.filter { j in
                j != i && !absorbed.contains(j) && isTitle(result[j]) && precedes(result[j].frame, glyph.frame)
            }
            guard let t = titles.min(by: { gap(result[$0].frame, glyph.frame) < gap(result[$1].frame, glyph.frame) }) else {
                continue
            }
            if result[t].kind != .button { marked += 1 }
            makeDropdown(&result[t])
            result[t].detections += glyph.detections
            absorbed.insert(i)
        }
        // Texts that took a caret as decoration, the caret right after their words.
        for j in result.indices where !absorbed.contains(j) && result[j].kind == .text && isTitle(result[j]) {
            let words = result[j].detections.filter { $0.type == .text }.map(\.box)
            let carets = result[j].detections.filter { $0.type == .icon && $0.iconLabel == .down }.map(\.box)
            guard let line = words.first, words.count == 1,
                carets.contains(where: { precedes(line, $0) })
            else { continue }
            makeDropdown(&result[j])
            marked += 1
        }
        return (result.indices.filter { !absorbed.contains($0) }.map { result[$0] }, marked)
    }

    /// `e` made a button, and no heading: a control that opens a menu is not the page's title.
    static func makeDropdown(_ e: inout Element) {
        Metadata.makeButton(&e)
        e.traits.remove(.header)
    }

    /// A plain icon or a button that is only a glyph, recognised as a down caret or chevron.
    static func isCaret(_ e: Element) -> Bool {
        (e.kind == .icon || e.kind == .button) && e.children.isEmpty && !e.detections.isEmpty
            && e.detections.allSatisfy { $0.type == .icon } && e.detections.contains { $0.iconLabel == .down }
    }

    /// A plain text or a text button (its detections all read text), ending in a letter.
    static func isTitle(_ e: Element) -> Bool {
        guard e.kind == .text || e.kind == .button, e.children.isEmpty, e.detections.contains(where: { $0.type == .text }),
            e.detections.allSatisfy({ $0.type == .text || ($0.type == .icon && $0.iconLabel == .down) }),
            let last = e.label?.trimmingCharacters(in: .whitespaces).last
        else { return false }
        return last.isLetter
    }

    /// The caret's start after the title's end (negative where the boxes overlap).
    static func gap(_ title: Rect, _ glyph: Rect) -> Double { glyph.minX - title.maxX }

    /// Whether a caret in `glyph` sits right after a title in `title` (see the type's rule).
    static func precedes(_ title: Rect, _ glyph: Rect) -> Bool {
        let g = gap(title, glyph)
        return g >= -maxOverlap && g <= max(title.height, glyph.width)
            && glyph.midY >= title.minY && glyph.midY <= title.maxY && glyph.height <= maxGlyphHeight * title.height
    }
}
