import Testing

@testable import ScreenRecognition

@Suite("Tab strips under a toolbar")
struct TabStripTests {
    static let teal = RGB(r: 0, g: 188, b: 212)

    /// A 360×640 screen: a teal strip (y 80–128) holding `labels` centred in equal slots (white
    /// "ink" bars 10 px tall at y 99), the slot `underlined` with a white 3 px line at its bottom,
    /// and a light grey page below.
    static func screen(_ labels: [String], underlined: Int?, spread: Bool = true) -> (RGBAImage, [Detection]) {
        var image = RGBAImage(width: 360, height: 640, fill: RGB(r: 238, g: 238, b: 238))
        image = image.filling(r(0, 80, 360, 48), with: teal)
        let slot = 360.0 / Double(labels.count)
        var detections: [Detection] = []
        for (k, label) in labels.enumerated() {
            let w = Double(label.count) * 7
            let x = spread ? Double(k) * slot + (slot - w) / 2 : 16 + Double(k) * (w + 12)
            for i in stride(from: 0.0, to: w, by: 7) { image = image.filling(r(x + i, 99, 4, 10), with: .white) }
            detections.append(det(.text, x, 99, w, 10, label))
        }
        if let u = underlined { image = image.filling(r(Double(u) * slot, 125, slot, 3), with: .white) }
        return (image, detections)
    }

    /// A white 385×640 screen with `labels` centred in equal slots at y 93 (ink bars 11 px tall),
    /// each label's ink grey (#757575) but those in `tinted`, blue (#03A9F4); no indicator line.
    static func whiteStrip(_ labels: [String], tinted: Set<Int>) -> (RGBAImage, [Detection]) {
        var image = RGBAImage(width: 385, height: 640, fill: .white)
        let slot = 385.0 / Double(labels.count)
        var detections: [Detection] = []
        for (k, label) in labels.enumerated() {
            let w = Double(label.count) * 7
            let x = Double(k) * slot + (slot - w) / 2
            let ink = tinted.contains(k) ? RGB(r: 3, g: 169, b: 244) : RGB(r: 117, g: 117, b: 117)
            for i in stride(from: 0.0, to: w, by: 7) { image = image.filling(r(x + i, 93, 3, 11), with: ink) }
            detections.append(det(.text, x, 93, w, 11, label))
        }
        return (image, detections)
    }

    @Test(
        "With no indicator line, a strip whose one label is tinted among grey ones is a tab strip, that label selected",
        arguments: [
            (["CONTACTS", "OFFICIAL ACCOUNTS", "GROUPS"], [2], 3), (["CONTACTS", "OFFICIAL ACCOUNTS", "GROUPS"], [0], 3),
            (["CONTACTS", "OFFICIAL ACCOUNTS", "GROUPS"], [], 0), (["CONTACTS", "OFFICIAL ACCOUNTS", "GROUPS"], [0, 2], 0),
            (["Amount", "10,000"], [1], 0),  // a label and its amount
        ] as [([String], [Int], Int)])
    func tintedLabel(labels: [String], tinted: [Int], tabs count: Int) {
        let (image, detections) = Self.whiteStrip(labels, tinted: Set(tinted))
        let tabs = MissingElements.recoverTabStrips(detections, image: image, settings: .init()).filter { $0.source == .tabStrip }
        #expect(tabs.count == count)
        guard count > 0 else { return }
        #expect(tabs.allSatisfy { abs($0.box.height - 22) < 0.01 })  // one label height above and below its centre
        #expect(SelectionState.selectedSegment(image, frames: tabs.map(\.box), labels: tabs.map(\.text), settings: .init()) == tinted[0])
        var off = SelectionSettings()
        off.tabStripsByTint = false
        #expect(MissingElements.recoverTabStrips(detections, image: image, settings: off).allSatisfy { $0.source != .tabStrip })
    }

    @Test func anUnderlinedRowOfEvenlySpreadLabelsBecomesSegments() throws {
        let (image, detections) = Self.screen(["THIS COURSE", "TOTAL", "FRIENDS"], underlined: 1)
        let out = MissingElements.recoverTabStrips(detections + [det(.icon, 16, 40, 24, 24)], image: image, settings: .init())
        let tabs = out.filter { $0.source == .tabStrip }
        #expect(tabs.map(\.text) == ["THIS COURSE", "TOTAL", "FRIENDS"])
        #expect(tabs.allSatisfy { $0.type == .segmentedControl })
        // Each spans its slot, down to the underline.
        #expect(tabs.map(\.box.minX) == [0, 120, 240])
        #expect(tabs.allSatisfy { $0.box.width == 120 && $0.box.maxY == 126 })
        // The segment stage finds the underline at the bottom of the selected one.
        #expect(SelectionState.selectedSegment(image, frames: tabs.map(\.box), labels: tabs.map(\.text), settings: .init()) == 1)
    }

    @Test(
        "An indicator as wide as its label (Material 3) well under it, or on the strip's bottom edge, selects the tab; a line along the label's baseline (a link's underline) or a filled block running on into the page does not",
        arguments: [
            (119.0, 3.0, 40.0, true), (125.0, 3.0, 40.0, true), (110.0, 1.0, 40.0, false), (119.0, 41.0, 40.0, false),
            (125.0, 3.0, 70.0, false),
        ])
    func contentWideIndicator(_ c: (y: Double, height: Double, width: Double, strip: Bool)) throws {
        // "TOTAL" is 35 px wide (x 162.5–197.5) in the 120-px slot 120–240: its indicator, 40 px
        // wide and 3 tall, covers a third of the slot, 10 px under the label, on the strip's last
        // rows (125–128, the grey page under it); or a link's underline, 1 px along its baseline
        // (a 3-px bar there is Material 3's indicator: `thickIndicator`); or a white block 40 px wide
        // from 10 px under the label down into the page (a filled button's top edge); or, on the
        // strip's edge, a line 70 px wide, twice the label's width and not across the slot (0.58
        // of it; the blended edge above a slot-wide underline): no indicator.
        var (image, detections) = Self.screen(["THIS COURSE", "TOTAL", "FRIENDS"], underlined: nil)
        image = image.filling(r(180 - c.width / 2, c.y, c.width, c.height), with: .white)
        let out = MissingElements.recoverTabStrips(detections, image: image, settings: .init())
        let tabs = out.filter { $0.source == .tabStrip }
        #expect(tabs.count == (c.strip ? 3 : 0))
        guard c.strip else { return }
        let frames = tabs.map(\.box)
        #expect(SelectionState.selectedSegment(image, frames: frames, labels: tabs.map(\.text), settings: .init()) == nil)
        #expect(
            SelectionState.selectedSegment(
                image, frames: frames, labels: tabs.map(\.text), settings: .init(),
                barCoverage: MissingElements.TabStripConstants.minIndicatorSlotCoverage) == 1)
        // In the pipeline: "Selected, TOTAL".
        let result = try ScreenAnalyzer().analyze(image: image, detections: detections)
        #expect(result.elements.contains { $0.label == "TOTAL" && $0.traits.contains(.selected) })
    }

    @Test(
        "rows that are not a tab strip stay texts",
        arguments: [
            ("no underline", ["THIS COURSE", "TOTAL"], nil, true, false),
            ("labels not in equal slots", ["THIS COURSE", "TOTAL"], 0, false, false),
            ("a sentence", ["Sign in to see the course", "TOTAL"], 0, true, false),
            ("one label", ["TOTAL"], 0, true, false),
            ("another element on the row", ["THIS COURSE", "TOTAL"], 0, true, true),
        ] as [(String, [String], Int?, Bool, Bool)])
    func notAStrip(_ c: (String, [String], Int?, Bool, Bool)) {
        var (image, detections) = Self.screen(c.1, underlined: c.2, spread: c.3)
        if c.4 { detections.append(det(.icon, 330, 96, 16, 16)) }
        let out = MissingElements.recoverTabStrips(detections, image: image, settings: .init())
        #expect(out == detections, "\(c.0)")
    }

    /// A scrollable strip: `labels` left-aligned from x 16 with the gaps `gaps` between them, the
    /// slot around label `underlined` (halfway to its neighbours) underlined.
    static func scrollable(_ labels: [String], gaps: [Double], underlined: (Double, Double)?) -> (RGBAImage, [Detection]) {
        var image = RGBAImage(width: 360, height: 640, fill: RGB(r: 238, g: 238, b: 238))
        image = image.filling(r(0, 80, 360, 48), with: teal)
        var detections: [Detection] = []
        var x = 16.0
        for (k, label) in labels.enumerated() {
            let w = Double(label.count) * 7
            for i in stride(from: 0.0, to: w, by: 7) { image = image.filling(r(x + i, 99, 4, 10), with: .white) }
            detections.append(det(.text, x, 99, w, 10, label))
            x += w + (k < gaps.count ? gaps[k] : 0)
        }
        if let (lo, hi) = underlined { image = image.filling(r(lo, 125, hi - lo, 3), with: .white) }
        return (image, detections)
    }

    @Test func aScrollableStripOfLabelsInSlotsOfTheirOwnWidthBecomesSegments() throws {
        // FOR YOU 16–65, PLACES 89–131, HOMES 155–190, EXPERIENCES 214–291; PLACES's slot 77–143.
        let (image, detections) = Self.scrollable(["FOR YOU", "PLACES", "HOMES", "EXPERIENCES"], gaps: [24, 24, 24], underlined: (77, 143))
        let out = MissingElements.recoverTabStrips(detections, image: image, settings: .init())
        let tabs = out.filter { $0.source == .tabStrip }
        #expect(tabs.map(\.text) == ["FOR YOU", "PLACES", "HOMES", "EXPERIENCES"])
        #expect(tabs.map(\.box.minX) == [4, 77, 143, 202])
        #expect(tabs.last?.box.maxX == 303)
        #expect(SelectionState.selectedSegment(image, frames: tabs.map(\.box), labels: tabs.map(\.text), settings: .init()) == 1)
    }

    @Test(
        "Scrollable rows that are not a strip stay texts",
        arguments: [
            ("gaps unlike each other", [24.0, 90.0], (77.0, 176.0) as (Double, Double)?),  // 90 > 3 × 24; PLACES's slot underlined
            ("no underline", [24.0, 24.0], nil),
        ] as [(String, [Double], (Double, Double)?)])
    func notAScrollableStrip(_ c: (String, [Double], (Double, Double)?)) {
        let (image, detections) = Self.scrollable(["FOR YOU", "PLACES", "HOMES"], gaps: c.1, underlined: c.2)
        #expect(MissingElements.recoverTabStrips(detections, image: image, settings: .init()) == detections, "\(c.0)")
    }

    @Test(
        "A thick bar right under one label, a little wider than it, underlines a scrollable strip; a link's 1-px underline does not",
        arguments: [
            (r(86, 111, 48, 3), true),  // 3 px thick (0.3 of the 10-px label), 2 px under PLACES (89–131)
            (r(89, 110, 42, 1), false),  // a link's underline along the baseline
        ])
    func thickIndicator(bar: Rect, strip: Bool) {
        var (image, detections) = Self.scrollable(["FOR YOU", "PLACES", "HOMES", "EXPERIENCES"], gaps: [24, 24, 24], underlined: nil)
        image = image.filling(bar, with: .white)
        let tabs = MissingElements.recoverTabStrips(detections, image: image, settings: .init()).filter { $0.source == .tabStrip }
        #expect(tabs.count == (strip ? 4 : 0))
        if strip {
            #expect(SelectionState.selectedSegment(image, frames: tabs.map(\.box), labels: tabs.map(\.text), settings: .init()) == 1)
        }
    }

    @Test(
        "A track under the whole strip with the indicator in another colour over it under one slot selects that slot; a track alone does not",
        arguments: [true, false])
    func indicatorOnTrack(indicator: Bool) {
        var (image, detections) = Self.scrollable(["FOR YOU", "PLACES", "HOMES", "EXPERIENCES"], gaps: [24, 24, 24], underlined: nil)
        image = image.filling(r(0, 125, 360, 3), with: RGB(r: 180, g: 180, b: 180))  // the grey track, every slot
        if indicator { image = image.filling(r(77, 125, 66, 3), with: .white) }  // PLACES's slot, 77–143
        let tabs = MissingElements.recoverTabStrips(detections, image: image, settings: .init()).filter { $0.source == .tabStrip }
        #expect(tabs.count == (indicator ? 4 : 0))
    }

    @Test("A content-wide bar well under its label is its indicator even when JPEG blends its first pixel with the strip")
    func blendedIndicator() {
        var (image, detections) = Self.scrollable(["FOR YOU", "PLACES", "HOMES", "EXPERIENCES"], gaps: [24, 24, 24], underlined: nil)
        image = image.filling(r(87, 119, 46, 2), with: .white)  // under PLACES (89–131), 10 px down
        image = image.filling(r(87, 119, 1, 2), with: RGB(r: 140, g: 200, b: 200))  // its first column, blended
        let tabs = MissingElements.recoverTabStrips(detections, image: image, settings: .init()).filter { $0.source == .tabStrip }
        #expect(tabs.count == 4)
        #expect(
            SelectionState.selectedSegment(
                image, frames: tabs.map(\.box), labels: tabs.map(\.text), settings: .init(),
                barCoverage: MissingElements.TabStripConstants.minIndicatorSlotCoverage) == 1)
        // With an icon over every label it is a grid of captioned icons, whose next row's icon
        // tops lie under the captions as the bar does: no strip.
        let icons = detections.map { det(.icon, $0.box.minX, 80, $0.box.width, 16) }  // ending 3 px above the labels (99)
        let grid = MissingElements.recoverTabStrips(detections + icons, image: image, settings: .init())
        #expect(grid.filter { $0.source == .tabStrip }.isEmpty)
        // An icon over some of them only (a badge, a logo) leaves the strip.
        let some = MissingElements.recoverTabStrips(detections + icons.prefix(2), image: image, settings: .init())
        #expect(some.filter { $0.source == .tabStrip }.count == 4)
    }

    @Test(
        "An icon past a scrollable strip's end (its \"+\") leaves it a strip; an icon between its labels or a picture beyond it does not",
        arguments: [
            (det(.icon, 320, 97, 14, 14), true),  // the "+" after EXPERIENCES (ends at 291)
            (det(.icon, 135, 97, 14, 14), false),  // between PLACES and HOMES
            (det(.picture, 310, 92, 40, 24), false),  // a thumbnail on the row: no strip
            (det(.picture, 88, 97, 44, 14), true),  // the selected label's own ink, boxed again (PLACES: 89–131)
        ])
    func endIcon(other: Detection, strip: Bool) {
        let (image, detections) = Self.scrollable(["FOR YOU", "PLACES", "HOMES", "EXPERIENCES"], gaps: [24, 24, 24], underlined: (77, 143))
        let out = MissingElements.recoverTabStrips(detections + [other], image: image, settings: .init())
        #expect(out.filter { $0.source == .tabStrip }.count == (strip ? 4 : 0))
        // The label's ink boxed again goes with the strip made; anything else stays.
        #expect(out.contains(other) == !(strip && other.type == .picture))
    }

    @Test func aScrollableRowSpanningLittleOfTheScreenIsNoStrip() {
        // Three short labels 12 px apart span 16–103 of 360 (0.24 < 0.6).
        let (image, detections) = Self.scrollable(["ONE", "TWO", "SIX"], gaps: [12, 12], underlined: (43, 80))
        #expect(MissingElements.recoverTabStrips(detections, image: image, settings: .init()) == detections)
    }

    @Test func thePageUnderAWhiteButtonBesideAnOutlinedOneIsNoUnderline() {
        // A dark page: "Follow" in a white filled button, "Mention" in an outlined one, side by side.
        var image = RGBAImage(width: 360, height: 640, fill: RGB(r: 10, g: 10, b: 10))
        image = image.filling(r(12, 90, 156, 36), with: .white)
        image = image.filling(r(192, 90, 156, 1), with: RGB(r: 90, g: 90, b: 90)).filling(r(192, 125, 156, 1), with: RGB(r: 90, g: 90, b: 90))
        for i in stride(from: 0.0, to: 42, by: 7) {
            image = image.filling(r(69 + i, 103, 4, 10), with: RGB(r: 10, g: 10, b: 10))
            image = image.filling(r(249 + i, 103, 4, 10), with: .white)
        }
        let detections = [det(.text, 69, 103, 42, 10, "Follow"), det(.text, 249, 103, 42, 10, "Mention")]
        #expect(MissingElements.recoverTabStrips(detections, image: image, settings: .init()) == detections)
    }
}
