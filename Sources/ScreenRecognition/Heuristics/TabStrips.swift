import Foundation

extension MissingElements {
    /// Constants of ``recoverTabStrips(_:image:settings:)``; each says where it comes from.
    public enum TabStripConstants {
        /// Tab strips sit under the toolbar, in the top half: ui-real valid's 28 `Multi_Tab` boxes
        /// start between 3 % and 44 % of the screen's height (measured 2026-11-24).
        public static let maxCentre = 0.5
        /// Material's fixed tabs: 2 or more, evenly spaced; more than 5 do not fit a phone's width
        /// (Material Design, "Tabs": fixed tabs for a limited number, scrollable beyond).
        public static let tabCounts = 2...5
        /// Scrollable tabs (Material, "Tabs": for many or long labels, the row running off the
        /// screen): 3 to 8 labels seen at once, each in a slot of its own width
        /// (`scrollableSlots`), still with exactly one underlined. Found on ui-real
        /// train and valid (2026-11-25) as plain texts: "FOR YOU  PLACES  HOMES  EXPERIENCES",
        /// "GENRES  MOODS  ACTIVITIES  DECADES  KIDS", "BREAKFAST  LUNCH  COFFEE  DINNER  DRINKS".
        public static let scrollableCounts = 3...8
        /// An icon on a scrollable strip's row beyond its first or last label does not make the row
        /// something else: apps end a scrollable strip with a "+" or "⌄" that shows every section
        /// (a news app's "For you  Top News  Social Buzz  Friends  Polit +" on 3 ui-real train
        /// screens, 2026-11-28) — *design choice*; any other element on the row still does.
        public static let scrollableEndIcons: Set<ElementClass> = [.icon]
        /// An icon or picture box on the row lying at least this share inside a label is that
        /// label's ink, not another element: it does not stop the strip, and it is dropped with the
        /// strip made — the selected tab's bold label boxed again as a picture ("추천" under its
        /// underline, ui-real train, 2026-11-28) — *design choice*, as for OCR lines (most of it).
        public static let labelInkInside = 0.5
        /// A row whose every label has an icon or picture right above it — its box ending at most
        /// this many label heights above the label's top (or a quarter of one into the label's box,
        /// where the boxes touch), across the label — is a grid of captioned
        /// icons, not a tab strip: the top edge of the next row's icon lies under a caption as an
        /// indicator would (a bank app's menu grid, ui-real train, 2026-11-29) — *design choice*.
        public static let captionedIconReach = 1.5
        /// The labels of a scrollable strip span at least 0.6 of the screen's width, and their gaps
        /// differ by at most 3 × (Material pads every tab alike, 12–16 dp a side; a minimum tab
        /// width of 72–90 dp widens the gaps round short labels) — *design choice*.
        public static let scrollableMinSpan = 0.6
        public static let scrollableMaxGapRatio = 3.0
        /// Each label's centre lies within this share of a slot's width of the slot's centre:
        /// fixed tabs centre their labels in equal slots; 0.15 allows the detector's boxes and a
        /// badge beside a label ("RECOMMENDED •") — *design choice*.
        public static let slotTolerance = 0.15
        /// Tab labels are short: at most 3 words ("TOP LEARNERS", "MY STATIONS") — *design choice*;
        /// a sentence spread across a row is no tab.
        public static let maxWords = 3
        /// The selected tab's underline is looked for from its label's bottom down to this many label
        /// heights below it: Material tabs are 48 dp tall with 14 sp labels (a label box of 10–14
        /// dp), the indicator at the tab's bottom edge, 17–19 dp below the label.
        public static let underlineReach = 2.5
        /// The underline covers at least this share of its slot's width, in one colour: fixed tabs
        /// underline the whole tab (ui-real's strips: 84–100 %); the same 70 % as the segment
        /// underline test (``SelectionState/selectedSegment(_:frames:labels:settings:barCoverage:)``).
        public static let underlineCoverage = 0.7
        /// … or, set at least ``indicatorMinDrop`` label heights under its label, this share of the
        /// label's width: Material 3's primary tabs draw the active indicator as wide as the tab's
        /// content, not the whole tab (Material 3, "Tabs": active indicator), as do iOS apps
        /// ("All Coupons (322) | My Coupons (0)", ui-real train: an indicator 118 px wide under a
        /// 102-px label in a 180-px slot, 0.65 of it) — *design choice* from the spec.
        public static let indicatorLabelCoverage = 0.9
        /// An indicator on the strip's bottom edge (`MissingElements.isIndicator`) is at most this
        /// many times its label's width: Airbnb's are 1.00 and 1.04; wider, it is
        /// the JPEG-blended row above a slot-wide underline, which the slot-wide test takes a row
        /// lower ("THIS COURSE | TOTAL" and "LOGIN | SIGN UP" on ui-real valid, 2.1 label widths;
        /// 2026-11-27) — *design choice*.
        public static let edgeIndicatorMaxLabelWidths = 1.5
        /// The content-wide indicator lies at least this many label heights under the label's box:
        /// a link's own underline runs along its baseline, inside the box or a pixel under it;
        /// Material's indicator sits at the tab's bottom edge, about 1.5 label heights down (see
        /// ``underlineReach``) — *design choice*.
        public static let indicatorMinDrop = 0.5
        /// … and is thin: it ends within this many label heights (Material 3's indicator is 3 dp
        /// under a 14 sp label, about 0.3) — *design choice*; the lower edge of a filled button
        /// runs on into the page.
        public static let indicatorMaxThickness = 0.5
        /// A content-wide indicator may also sit right under its label when it is thick: at least
        /// this many label heights and 2 px — Material 3's active indicator is 3 dp under a 14 sp
        /// label (about 0.3 of the label's box), a link's own underline 1 px at 1x and 1 pt at 3x
        /// (0.07–0.1) — and covers the label's whole width (``indicatorLabelCoverage``), at most
        /// ``edgeIndicatorMaxLabelWidths`` of it: "Women" over a 3-px black bar 1.2 × its width, 2 px
        /// under it (a fashion app's scrollable strip, ui-real train, 2026-11-28) — *design choice*
        /// from the spec.
        public static let indicatorMinThickness = 0.2
        /// The segment stage then finds the selected tab by a bar covering at least this share of
        /// its slot (``SelectionState/selectedSegment(_:frames:labels:settings:barCoverage:)``):
        /// 0.25, a content-wide indicator under a label a quarter of its slot wide or more; the
        /// strip's recovery already asked the line to lie under exactly one slot — *design choice*.
        public static let minIndicatorSlotCoverage = 0.25
        /// A strip found by its one tinted label (``tintedLabel(_:labels:texts:settings:)``) spans one label
        /// height above and below the labels' centre — *design choice*: the strip's own band only;
        /// such a strip can be as short as three label heights (a black strip 35 px tall round
        /// 11-px labels under a green bar, ui-real 2026-11-28), and a taller box took in the bar
        /// above, whose colour then hid the selected label's.
        public static let tintedTabReach = 1.0
        /// The inactive labels' inks are one grey: within 40 of each other — *design choice*, the
        /// tint distance the selection rules use (``SelectionSettings/minTintDistance``'s default),
        /// room for JPEG's noise on thin grey strokes.
        public static let greyInkSpread = 40.0
    }

    /// Tab strips under a toolbar (Material's fixed tabs; ui-real's `Multi_Tab`), which the
    /// detector reads as plain texts ("THIS COURSE", "TOTAL"): a row of 2–5 short texts in the top
    /// half of the screen, one centred in each of equal slots across the screen's width, nothing
    /// else on the row, and exactly one slot underlined (a line of one colour under its label,
    /// across most of the slot). The texts become `segmentedControl` detections (source
    /// `tabStrip`) spanning their slots down to the underline, so the segment stage numbers them
    /// ("2 of 3") and marks the underlined one selected. Without an underline, a strip whose one
    /// label is tinted among grey ones is one too (``tintedLabel(_:labels:texts:settings:)``,
    /// ``SelectionSettings/tabStripsByTint``); otherwise nothing changes: a row of evenly spaced
    /// labels alone (a table header, a row of stats) is no tab strip. Scrollable strips
    /// (``TabStripConstants/scrollableCounts``) may end in an icon
    /// (``TabStripConstants/scrollableEndIcons``); an icon or picture box lying on a label is the
    /// label's ink and is dropped with the strip made (``TabStripConstants/labelInkInside``).
    public static func recoverTabStrips(_ detections: [Detection], image: RGBAImage, settings: SelectionSettings) -> [Detection] {
        let width = Double(image.width)
        let height = Double(image.height)
        guard width > 0, height > 0 else { return detections }
        let candidates = detections.indices.filter { i in
            let d = detections[i]
            guard d.type == .text, let text = d.text?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
                !StatusBar.isStatusText(text, frame: d.box, screenHeight: height)
            else { return false }
            return d.box.midY <= TabStripConstants.maxCentre * height && text.split(separator: " ").count <= TabStripConstants.maxWords
                && d.box.height > 0
        }
        let rows = clusters(candidates) { a, b in
            let (p, q) = (detections[a].box, detections[b].box)
            return p.yOverlap(q) > 0.5 * min(p.height, q.height) && max(p.height, q.height) <= 1.5 * min(p.height, q.height)
        }
        var result = detections
        var labelInk = Set<Int>()
        for row in rows where TabStripConstants.tabCounts.contains(row.count) || TabStripConstants.scrollableCounts.contains(row.count) {
            let tabs = row.sorted { detections[$0].box.midX < detections[$1].box.midX }
            let labels = tabs.map { detections[$0].box }
            let fixed = TabStripConstants.tabCounts.contains(tabs.count) ? fixedSlots(labels, screenWidth: width) : nil
            guard
                let slots = fixed
                    ?? (TabStripConstants.scrollableCounts.contains(tabs.count) ? scrollableSlots(labels, screenWidth: width) : nil)
            else { continue }
            let band = tabs.dropFirst().reduce(detections[tabs[0]].box) { $0.union(detections[$1].box) }
            // Nothing else on the row — but an icon past a scrollable strip's end (its "+" or "⌄" to
            // show every section), and a box lying mostly on a label: the label's own bold ink the
            // detector also boxed as a picture or an icon (`TabStripConstants.labelInkInside`).
            let scrollable = fixed == nil
            let inked = detections.indices.filter { j in
                !tabs.contains(j) && [.icon, .picture].contains(detections[j].type)
                    && labels.contains(where: { detections[j].box.fractionInside($0) >= TabStripConstants.labelInkInside })
            }
            let blocked = detections.indices.contains { j in
                let o = detections[j].box
                guard !tabs.contains(j), !inked.contains(j), o.midY >= band.minY, o.midY <= band.maxY else { return false }
                return !(scrollable && TabStripConstants.scrollableEndIcons.contains(detections[j].type) && (o.minX >= band.maxX || o.maxX <= band.minX))
            }
            guard !blocked else { continue }
            // A grid of captioned icons: an icon over every label.
            let captions = labels.allSatisfy { l in
                detections.contains { o in
                    [.icon, .picture].contains(o.type) && o.box.maxY <= l.minY + 0.25 * l.height
                        && o.box.maxY >= l.minY - TabStripConstants.captionedIconReach * l.height && o.box.xOverlap(l) > 0
                }
            }
            guard !captions else { continue }
            let labelHeight = tabs.map { detections[$0].box.height }.max() ?? 0
            let centre = band.midY
            let reach: Double
            if let (_, bar) = underline(
                image, slots: slots, labels: labels,
                from: band.maxY, to: min(height - 1, band.maxY + TabStripConstants.underlineReach * labelHeight), settings: settings)
            {
                // Each tab spans its slot, from as far above the labels' centre as the underline is below it.
                reach = Double(bar + 1) - centre
            } else if settings.tabStripsByTint, tintedLabel(image, labels: labels, texts: tabs.map { detections[$0].text ?? "" }, settings: settings) != nil {
                reach = TabStripConstants.tintedTabReach * labelHeight
            } else {
                continue
            }
            for (k, i) in tabs.enumerated() {
                result[i].type = .segmentedControl
                result[i].source = .tabStrip
                result[i].box = Rect(
                    x: slots[k].0, y: max(0, centre - reach), width: slots[k].1 - slots[k].0,
                    height: min(height, centre + reach) - max(0, centre - reach))
            }
            // The labels' ink boxed again is no element of its own.
            labelInk.formUnion(inked)
        }
        return result.indices.filter { !labelInk.contains($0) }.map { result[$0] }
    }

    /// The one label of a strip drawn in a colour while the others share one grey (Material,
    /// "Tabs": the active tab's label in the primary colour, the inactive ones in a
    /// medium-emphasis grey — a strip with no indicator line, "CONTACTS  OFFICIAL ACCOUNTS
    /// GROUPS" with "GROUPS" blue), or nil. A label's colour is its tint in
    /// ``SelectionState/palette(_:_:settings:)``; a colour has a chroma of
    /// ``SelectionState/chromaticTint`` or more, a grey under ``SelectionState/greyTint``, the
    /// greys lie within ``TabStripConstants/greyInkSpread`` of each other, each label is words (two
    /// letters or more, no more digits than letters), and the strip around no
    /// label is a colour (the median of a ring around it: a strip on a tinted bar is the underline's case;
    /// inside a label's box JPEG bleeds a blue label's colour into the white around its strokes).
    public static func tintedLabel(_ image: RGBAImage, labels: [Rect], texts: [String], settings: SelectionSettings) -> Int? {
        // Tabs are named in words: a label and its amount ("기체금액  10,000") are no strip.
        guard texts.allSatisfy({ t in t.filter(\.isLetter).count >= 2 && t.filter(\.isNumber).count <= t.filter(\.isLetter).count })
        else { return nil }
        let palettes = labels.map { SelectionState.palette(image, $0, settings: settings) }
        let around = labels.map { surroundings(image, of: $0) }
        guard palettes.allSatisfy({ $0?.tint != nil }), around.allSatisfy({ ($0?.chroma ?? 255) < SelectionState.greyTint }) else { return nil }
        let tints = palettes.map { $0!.tint! }
        guard let coloured = SelectionState.onlyColour(tints) else { return nil }
        let greys = tints.indices.filter { $0 != coloured }.map { tints[$0] }
        guard greys.allSatisfy({ a in greys.allSatisfy { a.distance(to: $0) <= TabStripConstants.greyInkSpread } }) else { return nil }
        return coloured
    }

    /// The slots of a fixed tab strip: the screen's width in equal slots, each label centred in its
    /// own (within ``TabStripConstants/slotTolerance`` of a slot's width) and inside it. Nil otherwise.
    static func fixedSlots(_ labels: [Rect], screenWidth width: Double) -> [(Double, Double)]? {
        let slot = width / Double(labels.count)
        let evenlySpread = labels.enumerated().allSatisfy { k, b in
            let lo = Double(k) * slot
            return abs(b.midX - (lo + slot / 2)) <= TabStripConstants.slotTolerance * slot && b.minX >= lo - 1 && b.maxX <= lo + slot + 1
        }
        return evenlySpread ? labels.indices.map { (Double($0) * slot, Double($0 + 1) * slot) } : nil
    }

    /// The slots of a scrollable tab strip (Material, "Tabs": scrollable tabs, each as wide as its
    /// label and padding, the row running off the screen's edge): each label's slot runs halfway
    /// to its neighbours' labels, the first and last as far beyond their labels as the nearest
    /// half-gap. The row must span at least ``TabStripConstants/scrollableMinSpan`` of the
    /// screen's width and its gaps be alike (the widest at most ``TabStripConstants/scrollableMaxGapRatio``
    /// × the narrowest): labels set out by one padding, not words scattered along a line. Nil otherwise.
    static func scrollableSlots(_ labels: [Rect], screenWidth width: Double) -> [(Double, Double)]? {
        guard labels.count >= 2, let first = labels.first, let last = labels.last else { return nil }
        let gaps = zip(labels, labels.dropFirst()).map { $1.minX - $0.maxX }
        guard let narrowest = gaps.min(), let widest = gaps.max(), narrowest > 0,
            widest <= TabStripConstants.scrollableMaxGapRatio * narrowest,
            last.maxX - first.minX >= TabStripConstants.scrollableMinSpan * width
        else { return nil }
        var bounds = [max(0, first.minX - gaps[0] / 2)]
        for (a, b) in zip(labels, labels.dropFirst()) { bounds.append((a.maxX + b.minX) / 2) }
        bounds.append(min(width, last.maxX + gaps[gaps.count - 1] / 2))
        return zip(bounds, bounds.dropFirst()).map { ($0, $1) }
    }

    /// The underline of one of `slots` (column ranges): the first pixel row between `from` and `to`
    /// in which exactly one slot has ``TabStripConstants/underlineCoverage`` of its columns in one
    /// colour that stands out from the strip's colour around its label (`labels`,
    /// ``surroundings(_:of:)``) — and from the colour around every other label — and no other slot
    /// has such a line: the edge of the page below a strip, across every slot, is no underline, and
    /// neither is the page under a white button beside an outlined one ("팔로우", Follow, and
    /// "언급", Mention, on ui-real valid) — and with no twin line as far above the label (the
    /// outlined button's own frame). Returns the slot and the row, or nil.
    static func underline(
        _ image: RGBAImage, slots: [(Double, Double)], labels: [Rect], from: Double, to: Double, settings: SelectionSettings
    ) -> (slot: Int, row: Int)? {
        let ya = max(0, Int(from.rounded(.up)))
        let yb = min(image.height - 1, Int(to.rounded(.down)))
        guard yb >= ya else { return nil }
        let columns = slots.map { (max(0, Int($0.0.rounded())), min(image.width, Int($0.1.rounded()))) }
        guard columns.allSatisfy({ $0.1 - $0.0 >= 4 }) else { return nil }
        // The strip's colour around each label: what an underline stands out from.
        let backgrounds = labels.compactMap { surroundings(image, of: $0) }
        guard backgrounds.count == slots.count else { return nil }
        for y in ya...yb {
            // Each slot's line colour on this row, when one colour covers enough of it.
            let lines: [RGB?] = columns.indices.map { k in
                let slotShare = TabStripConstants.underlineCoverage * Double(columns[k].1 - columns[k].0)
                guard
                    let line = SelectionState.rowLine(
                        image, y: y, x0: columns[k].0, x1: columns[k].1, background: backgrounds[k], settings: settings,
                        colour: .firstPixel)
                else { return nil }
                if Double(line.count) >= slotShare { return line.colour }
                // Or a thick bar right under the label, a little wider than it.
                if isThickIndicator(image, y: y, under: labels[k], columns: columns[k], background: backgrounds[k], settings: settings) {
                    return line.colour
                }
                // Or, well under the label, a thin bar across the label's width and centred under it.
                // Its colour is the line's median when more of it is near that than near its first
                // pixel, which JPEG blends with the strip ("BEST" over a black bar whose first pixel is grey).
                guard Double(y) >= labels[k].maxY + TabStripConstants.indicatorMinDrop * labels[k].height else { return nil }
                let median = SelectionState.rowLine(
                    image, y: y, x0: columns[k].0, x1: columns[k].1, background: backgrounds[k], settings: settings, colour: .median)
                let bar = median.map { $0.count > line.count ? $0 : line } ?? line
                guard
                    isIndicator(
                        image, y: y, under: labels[k], columns: columns[k], colour: bar.colour, lineCount: bar.count,
                        background: backgrounds[k], settings: settings)
                else { return nil }
                return bar.colour
            }
            let lined = lines.indices.filter { lines[$0] != nil }
            guard !lined.isEmpty else { continue }
            // Across several slots: the strip's edge — unless it is a track under every slot with the
            // indicator drawn over it in another colour under one.
            let found: (slot: Int, colour: RGB)? =
                lined.count == 1
                ? lines[lined[0]].map { (lined[0], $0) }
                : indicatorOnTrack(image, y: y, columns: columns, backgrounds: backgrounds, settings: settings)
            guard let (slot, colour) = found else { return nil }
            // It stands out from the strip around every label: the page below a white button beside
            // an outlined one is the outlined one's colour.
            guard backgrounds.allSatisfy({ colour.distance(to: $0) >= settings.minTintDistance }) else { return nil }
            // And it has no twin as far above the label: that is the frame of an outlined button.
            let (xa, xb) = columns[slot]
            let label = labels[slot]
            let mirror = Int((2 * label.midY - Double(y)).rounded())
            let framed = (mirror - 1...mirror + 1).contains { row in
                guard row >= 0, row < image.height else { return false }
                return Double(nearCount(image, row: row, columns: xa..<xb, colour: colour, settings: settings))
                    >= TabStripConstants.underlineCoverage * Double(xb - xa)
            }
            return framed ? nil : (slot, y)
        }
        return nil
    }

    /// On row `y`, a line of one colour across ``TabStripConstants/underlineCoverage`` of every
    /// slot (the median colour of each slot's pixels off its label's `backgrounds`) — a track
    /// under the whole strip — where exactly one slot's colour stands out from the others', which
    /// agree: the indicator drawn over the track ("FAVORITES" over a black bar on a grey track
    /// under "AGAIN" and "SPECIAL REQUESTS", ui-real train, 2026-11-29; Material's fixed tabs draw
    /// a divider under the strip). Returns that slot and its colour, or nil — for two slots, whose
    /// colours tell no track from an indicator, always nil.
    static func indicatorOnTrack(
        _ image: RGBAImage, y: Int, columns: [(Int, Int)], backgrounds: [RGB], settings: SelectionSettings
    ) -> (slot: Int, colour: RGB)? {
        guard columns.count >= 3, backgrounds.count == columns.count else { return nil }
        var colours: [RGB] = []
        for (k, c) in columns.enumerated() {
            guard
                let line = SelectionState.rowLine(
                    image, y: y, x0: c.0, x1: c.1, background: backgrounds[k], settings: settings, colour: .median),
                Double(line.count) >= TabStripConstants.underlineCoverage * Double(c.1 - c.0)
            else { return nil }
            colours.append(line.colour)
        }
        let apart = { (a: Int, b: Int) in colours[a].distance(to: colours[b]) >= settings.minTintDistance }
        let odd = colours.indices.filter { k in colours.indices.allSatisfy { $0 == k || apart($0, k) } }
        guard odd.count == 1 else { return nil }
        let track = colours.indices.filter { $0 != odd[0] }
        guard track.allSatisfy({ a in track.allSatisfy { !apart(a, $0) } }) else { return nil }
        return (odd[0], colours[odd[0]])
    }

    /// Whether the bar on row `y` is a content-wide indicator under `label`: its pixels (near the
    /// line's `colour`, or off the strip's `background`) in the slot's `columns` span a run centred
    /// under the label (within a quarter of the label's width), solid
    /// (``TabStripConstants/indicatorLabelCoverage`` of the run: a row through a line of text below
    /// has gaps between its strokes), and either
    /// - the line's colour covers ``TabStripConstants/indicatorLabelCoverage`` of the label's width
    ///   (`lineCount`) and the strip's `background` comes back under the bar within
    ///   ``TabStripConstants/indicatorMaxThickness`` label heights — a filled button's lower edge
    ///   runs on into the page, the top edge of an icon below into the icon; or
    /// - the bar sits on the strip's bottom edge: Material draws the indicator on the tab's bottom
    ///   edge, so the page below the strip may come right under it, not the strip's colour
    ///   (Airbnb's "HOMES": a white bar on the teal strip's last rows, then the white page; ui-real
    ///   valid, 2026-11-27) — *design choice* from the spec; the conditions are in the code.
    static func isIndicator(
        _ image: RGBAImage, y: Int, under label: Rect, columns: (Int, Int), colour: RGB, lineCount: Int, background: RGB,
        settings: SelectionSettings
    ) -> Bool {
        // The bar's pixels: those near the line's colour, or those off the strip's colour — the
        // line's colour is its first pixel's, which JPEG can blend with the background ("All
        // Coupons (322)"'s blue bar starts in a grey-blue pixel), while a bar in a dark strip is
        // found by its colour alone (Melon's "♥ 좋아요").
        let thickness = max(1, Int((TabStripConstants.indicatorMaxThickness * label.height).rounded(.up)))
        let offStrip = { (c: RGB) in c.distance(to: background) >= settings.minTintDistance }
        let runs: [(RGB) -> Bool] = [{ $0.distance(to: colour) < settings.minTintDistance }, offStrip]
        // Each way in turn (the second only when the first finds no bar).
        return runs.indices.contains { way in
            guard let (first, last, count) = centredBar(image, row: y, columns: columns, under: label, isBar: runs[way]) else { return false }
            func under(_ row: Int, like colour: RGB) -> Bool {
                row >= 0 && row < image.height
                    && Double(nearCount(image, row: row, columns: first..<last + 1, colour: colour, settings: settings)) >= 0.5 * Double(last - first + 1)
            }
            if Double(lineCount) >= TabStripConstants.indicatorLabelCoverage * label.width,
                (y + 1...y + thickness).contains(where: { under($0, like: background) })
            {
                return true
            }
            // On the strip's edge: the bar's pixels off the strip's colour (the second way: a line
            // colour JPEG blended with the strip's takes in the strip) cover the label's width
            // (counted here, not by the line's first pixel: JPEG rings round a light bar on a dark
            // strip, and Airbnb's "HOMES" bar, 41 px under a 41-px label, had 25 px near its first
            // pixel); it is not much wider than the label (`edgeIndicatorMaxLabelWidths`); it starts
            // on this row (the strip above it: not the lower rows of a block); the row beside it
            // leaves the strip's colour within the thickness; and there, or a row lower, the colour
            // under the bar is the colour beside it.
            guard way == 1, Double(count) >= TabStripConstants.indicatorLabelCoverage * label.width,
                Double(last - first + 1) <= TabStripConstants.edgeIndicatorMaxLabelWidths * label.width,
                under(y - 1, like: background)
            else { return false }
            func beside(_ row: Int) -> RGB? {
                guard row < image.height, let c = rowMedian(image, y: row, outside: first - 1...last + 1),
                    c.distance(to: background) >= settings.minTintDistance
                else { return nil }
                return c
            }
            guard let end = (y + 1...y + thickness).first(where: { beside($0) != nil }) else { return false }
            return (end...end + 1).contains { row in beside(row).map { under(row, like: $0) } ?? false }
        }
    }

    /// Whether a thick bar starts on row `y` right under `label`, closer than
    /// ``TabStripConstants/indicatorMinDrop`` label heights (farther down, a thick line is as often
    /// the top edge of an icon in the next row of a grid of captioned icons). On each of its first
    /// ``TabStripConstants/indicatorMinThickness`` label heights of rows (2 at least), the pixels
    /// off the strip's `background` in the slot's `columns` form one solid run
    /// (``TabStripConstants/indicatorLabelCoverage`` of it) centred under the label (within a
    /// quarter of its width), covering the label's width and at most
    /// ``TabStripConstants/edgeIndicatorMaxLabelWidths`` of it; the row above holds no such run (the
    /// bar starts here, not in the label's strokes); and within
    /// ``TabStripConstants/indicatorMaxThickness`` label heights of its top a row is background
    /// again across 90 % of the slot (*design choice*: the strip's plain colour, a few pixels of
    /// JPEG noise aside).
    static func isThickIndicator(_ image: RGBAImage, y: Int, under label: Rect, columns: (Int, Int), background: RGB, settings: SelectionSettings) -> Bool {
        guard label.width > 0, Double(y) >= label.maxY - 1, Double(y) < label.maxY + TabStripConstants.indicatorMinDrop * label.height
        else { return false }
        func run(_ row: Int) -> Bool {
            guard row >= 0, row < image.height,
                let (first, last, _) = centredBar(
                    image, row: row, columns: columns, under: label, isBar: { $0.distance(to: background) >= settings.minTintDistance })
            else { return false }
            let span = Double(last - first + 1)
            return span >= TabStripConstants.indicatorLabelCoverage * label.width
                && span <= TabStripConstants.edgeIndicatorMaxLabelWidths * label.width
        }
        let rows = max(2, Int((TabStripConstants.indicatorMinThickness * label.height).rounded(.up)))
        let reach = max(rows, Int((TabStripConstants.indicatorMaxThickness * label.height).rounded(.up)))
        guard !run(y - 1), (y..<y + rows).allSatisfy(run) else { return false }
        // The background comes back under the bar: most of the slot's columns in its colour.
        return (y + rows...y + reach).contains { row in
            row < image.height
                && Double(nearCount(image, row: row, columns: columns.0..<columns.1, colour: background, settings: settings))
                    >= 0.9 * Double(columns.1 - columns.0)
        }
    }

    /// How many pixels of row `row` in `columns` lie within ``SelectionSettings/minTintDistance`` of `colour`.
    static func nearCount(_ image: RGBAImage, row: Int, columns: Range<Int>, colour: RGB, settings: SelectionSettings) -> Int {
        columns.filter { image.color(x: $0, y: row).distance(to: colour) < settings.minTintDistance }.count
    }

    /// The bar on pixel row `row` in `columns`: the run from the first to the last pixel `isBar`
    /// accepts, when it is centred under `label` (within a quarter of its width) and solid
    /// (``TabStripConstants/indicatorLabelCoverage`` of it accepted). Returns its ends and how many
    /// of its pixels were accepted, or nil.
    static func centredBar(
        _ image: RGBAImage, row: Int, columns: (Int, Int), under label: Rect, isBar: (RGB) -> Bool
    ) -> (first: Int, last: Int, count: Int)? {
        let on = (columns.0..<columns.1).filter { isBar(image.color(x: $0, y: row)) }
        guard let first = on.first, let last = on.last,
            abs(Double(first + last + 1) / 2 - label.midX) <= 0.25 * label.width,
            Double(on.count) >= TabStripConstants.indicatorLabelCoverage * Double(last - first + 1)
        else { return nil }
        return (first, last, on.count)
    }

    /// The per-channel median colour of pixel row `y` outside the columns `outside` (clipped to
    /// the image), or nil when nothing is left.
    static func rowMedian(_ image: RGBAImage, y: Int, outside: ClosedRange<Int>) -> RGB? {
        let columns = (0..<image.width).filter { !outside.contains($0) }
        return columns.isEmpty ? nil : RGB.channelMedian(columns.map { image.color(x: $0, y: y) })
    }

    /// The colour around `box`: the per-channel median of the pixels in a ring half the box's
    /// height wide outside it (the label's own pixels left out: on a tight box around bold capitals
    /// the ink's one colour can outnumber a JPEG background spread over several shades).
    static func surroundings(_ image: RGBAImage, of box: Rect) -> RGB? {
        image.ringMedian(around: box, width: box.height / 2)
    }
}
