/// §5.5: grouping elements for efficient navigation, in the paper's order: text, tab, container,
/// picture subtitle. Each function takes and returns top-level elements; grouped ones move into a
/// group's `children`.
public enum Grouping {
    // MARK: Text

    /// Text grouping (§5.5, Fig. 9.B): a text T1 and a text T2 below it are grouped when they overlap
    /// on the x axis and the vertical gap between them is less than `gapFactor × min(T1.height,
    /// T2.height)`; applied transitively, so multi-line text becomes one element. Headers stay alone.
    public static func groupText(_ elements: [Element], gapFactor: Double = 1) -> [Element] {
        let elements = joinTextRuns(elements)
        let texts = elements.indices.filter { elements[$0].kind == .text && !elements[$0].traits.contains(.header) }
        // What sits beside each text on its row: stacked texts that each have row neighbours, and
        // share none, are cells of different table rows (the large times of a World Clock list),
        // not the lines of one block.
        let beside = texts.map { rowNeighbours(of: $0, in: elements) }
        // A text beside a checkbox or switch labels that control: it is not a line of a block with
        // a text that labels another control, or none ("Remember me" under a picture's caption).
        let controlsBeside = beside.map { $0.filter { elements[$0].kind == .checkbox || elements[$0].kind == .toggle } }
        var uf = UnionFind(texts.count)
        for a in texts.indices {
            for b in texts.indices where b != a {
                let t1 = elements[texts[a]].frame
                let t2 = elements[texts[b]].frame
                guard t2.minY >= t1.minY, t2.midY > t1.maxY - min(t1.height, t2.height) / 2 else { continue }
                let gap = t2.minY - t1.maxY
                let separateRows =
                    (!beside[a].isEmpty && !beside[b].isEmpty && beside[a].isDisjoint(with: beside[b]))
                    || controlsBeside[a] != controlsBeside[b]
                if t1.xOverlap(t2) > 0, gap < gapFactor * min(t1.height, t2.height), !separateRows { uf.union(a, b) }
            }
        }
        var grouped = Set<Int>()
        var result: [Element] = []
        for g in uf.groups() where g.count > 1 {
            let lines = g.map { elements[texts[$0]] }.sorted { $0.frame.minY < $1.frame.minY }
            grouped.formUnion(g.map { texts[$0] })
            result.append(textGroup(lines))
        }
        return elements.indices.filter { !grouped.contains($0) }.map { elements[$0] } + result
    }

    /// Elements on the same row as `index` (vertical overlap ≥ half the shorter height) and beside
    /// it (no horizontal overlap).
    static func rowNeighbours(of index: Int, in elements: [Element]) -> Set<Int> {
        let f = elements[index].frame
        return Set(
            elements.indices.filter { j in
                guard j != index, elements[j].kind != .container, elements[j].kind != .dialog else { return false }
                let g = elements[j].frame
                return g.xOverlap(f) <= 0 && f.sharesRow(with: g)
            })
    }

    /// Joins texts that continue one another on a line — bottoms aligned within a quarter of the
    /// taller one's height and at most a quarter of that height apart (or overlapping) — into one
    /// text: a large clock time and its small "AM" (the detector boxes them apart, as ui-real's
    /// tight text boxes teach it). Labels are joined with a space, left to right. *Design choice*:
    /// a quarter of the height is less than a word space at display sizes (≈ 0.25–0.3 em), and
    /// the label/value pairs of a table row are much further apart.
    static func joinTextRuns(_ elements: [Element]) -> [Element] {
        let texts = elements.indices.filter { elements[$0].kind == .text && !elements[$0].traits.contains(.header) }
        var uf = UnionFind(texts.count)
        for a in texts.indices {
            for b in texts.indices where b > a {
                let f = elements[texts[a]].frame
                let g = elements[texts[b]].frame
                let tall = max(f.height, g.height)
                let (left, right) = f.minX <= g.minX ? (f, g) : (g, f)
                let gap = right.minX - left.maxX
                guard abs(f.maxY - g.maxY) <= 0.25 * tall, gap <= 0.25 * tall,
                    right.minX > left.minX + 0.5 * left.width,  // beside, not stacked or nested
                    f.sharesRow(with: g)
                else { continue }
                uf.union(a, b)
            }
        }
        var joined = Set<Int>()
        var result: [Element] = []
        for group in uf.groups() where group.count > 1 {
            let parts = group.map { elements[texts[$0]] }.sorted { $0.frame.minX < $1.frame.minX }
            joined.formUnion(group.map { texts[$0] })
            let frame = parts.dropFirst().reduce(parts[0].frame) { $0.union($1.frame) }
            // A whole-line OCR reading can already hold the next part ("9:41 AM" read into the
            // time's box, "AM" re-read from its own): a part the label so far ends with is not repeated.
            var label = ""
            var previous: Element?
            for element in parts {
                guard let part = element.label, !part.isEmpty else { continue }
                if label.lowercased().hasSuffix(part.lowercased()) { continue }
                // A rating beside a text is a phrase of its own: "4.1, 4 of 5 stars".
                let rating = Metadata.isRating(element) || previous.map(Metadata.isRating) == true
                label += label.isEmpty ? part : (rating ? ", " : " ") + part
                previous = element
            }
            result.append(
                Element(
                    kind: .text, frame: frame, label: label.isEmpty ? nil : label,
                    traits: .staticText, children: parts, detections: parts.flatMap(\.detections)))
        }
        return elements.indices.filter { !joined.contains($0) }.map { elements[$0] } + result
    }

    /// One text element from stacked lines. Lines are joined with a space when the text wraps
    /// (same size — heights within 20% — and the upper line spans ≥ 80% of the block's width and
    /// the lower starts in lower case or the upper holds ≥ 4 words), else with ", " (a title and its
    /// subtitle: "Today, +0HRS, Cupertino") — *design choice*.
    static func textGroup(_ lines: [Element]) -> Element {
        let frame = lines.dropFirst().reduce(lines[0].frame) { $0.union($1.frame) }
        var label = ""
        var said = Set<String>()
        func words(_ s: String) -> String { " " + s.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ") + " " }
        for (i, line) in lines.enumerated() {
            // A line read twice (two overlapping text boxes given the same OCR line, or a paragraph
            // box and one of its lines) is said once: a line whose words another line over half of it
            // holds goes — whether that paragraph comes before it or after it (an alert's message
            // detected as its first line and as the whole paragraph, the line first).
            guard let text = line.label, said.insert(text.lowercased()).inserted else { continue }
            let repeated = lines.indices.contains { j in
                guard j != i, let o = lines[j].label, let overlap = lines[j].frame.intersection(line.frame) else { return false }
                let holds = o.count > text.count || (o.count == text.count && j < i)
                return holds && overlap.width * overlap.height >= 0.5 * line.frame.width * line.frame.height && words(o).contains(words(text))
            }
            if repeated { continue }
            if label.isEmpty {
                label = text
                continue
            }
            let prev = lines[i - 1]
            let sameSize = abs(prev.frame.height - line.frame.height) <= 0.2 * max(prev.frame.height, line.frame.height)
            let spans = prev.frame.width >= 0.8 * frame.width
            let prevText = prev.label ?? ""
            let continues = (text.first?.isLowercase ?? false) || prevText.split(separator: " ").count >= 4
            let endsSentence = prevText.last.map { ".!?:;".contains($0) } ?? false
            let rating = Metadata.isRating(line) || Metadata.isRating(prev)
            label += (sameSize && spans && continues && !endsSentence && !rating) ? " " : ", "
            label += text
        }
        return Element(
            kind: .text, frame: frame, label: label.isEmpty ? nil : label, traits: .staticText,
            children: lines, detections: lines.flatMap(\.detections))
    }

    // MARK: Tabs

    /// Tab grouping (§5.5): with B the bottom-most element, a text or icon D is in the tab bar when
    /// it lies in the bottom `bottomFraction` (20%) of the screen and `B.bottom − D.top` is within
    /// `proximity` (0.08) × screen height; tab-bar candidates that overlap on the x axis form one tab
    /// button. Needs at least `minTabs` buttons. Tabs are numbered left to right; the selected one is
    /// found by tint (§5.3) when pixels are available.
    public static func groupTabs(
        _ elements: [Element], screen: ImageInfo, image: RGBAImage?,
        settings: GroupingSettings, selection: SelectionSettings,
        ordering: OrderingSettings = .init()
    ) -> [Element] {
        let h = Double(screen.height)
        guard let bottom = elements.map(\.frame.maxY).max() else { return elements }
        let candidates = elements.indices.filter { i in
            let e = elements[i]
            return [.text, .icon, .button].contains(e.kind) && e.children.isEmpty
                && e.frame.minY >= (1 - settings.tabBarBottomFraction) * h
                && bottom - e.frame.minY <= settings.tabBarProximity * h
        }
        // The tab's title: its text (also one the text-button model called a button), else its icon's meaning.
        let isText = { (e: Element) in e.kind == .text || (e.kind == .button && e.detections.contains { $0.type == .text }) }
        // A tab's title lies under its icon or beside it (HIG, "Tab bars"; Material, "Navigation
        // bar"): a text whose middle is above the top of an icon it shares a column with is the
        // page's content showing behind a translucent bar (a link "clcoding.gumroad.com" over a
        // search tab on ui-real valid), and stays an element of its own.
        let columns = MissingElements.clusters(candidates) { a, b in elements[a].frame.xOverlap(elements[b].frame) > 0 }
            .map { members in
                let icons = members.filter { !isText(elements[$0]) }.map { elements[$0].frame }
                return members.filter { i in
                    !isText(elements[i]) || !icons.contains { elements[i].frame.midY < $0.minY && elements[i].frame.xOverlap($0) > 0 }
                }
            }
            .filter { !$0.isEmpty }
            .sorted { cmin($0, elements) < cmin($1, elements) }
        guard columns.count >= settings.minTabs, !isBlocked(candidates, elements, settings) else { return elements }
        let columnFrames = columns.map { members in members.dropFirst().reduce(elements[members[0]].frame) { $0.union(elements[$1].frame) } }
        if let image {
            let hasText = columns.map { members in members.contains { isText(elements[$0]) } }
            if let tiles = tilesOnOwnFills(columnFrames, hasText: hasText, image: image, minDistance: selection.minTintDistance) {
                return tileButtons(tiles, clusters: columns, elements: elements, isText: isText, ordering: ordering)
            }
        }
        let onRow = itemsOnOneRow(columnFrames)
        guard onRow.count >= settings.minTabs else { return elements }
        let clusters = onRow.map { columns[$0] }
        let frames = onRow.map { columnFrames[$0] }
        guard isEvenlySpread(frames) else { return elements }
        // A tab bar item is an icon with its title (``GroupingSettings/tabsNeedAnIcon``).
        let minIcon = tabIconMinWidthShare * Double(screen.width)
        let hasIcon = { (e: Element) in
            (e.kind == .icon && min(e.frame.width, e.frame.height) >= minIcon)
                || e.detections.contains { ($0.type == .icon || $0.type == .picture) && min($0.box.width, $0.box.height) >= minIcon }
        }
        if settings.tabsNeedAnIcon, !clusters.contains(where: { $0.contains { hasIcon(elements[$0]) } }) { return elements }
        let toolbar =
            settings.backArrowBarsAreToolbars
            && clusters.prefix(backArrowLeadingItems).contains {
                $0.contains { elements[$0].detections.contains { $0.type == .icon && $0.iconLabel == .back } }
            }
        var tabs: [Element] = clusters.enumerated().map { n, members in
            var parts = members.map { part(elements[$0]) }.sorted { $0.frame.minY < $1.frame.minY }
            let frame = frames[n]
            let iconLabel = parts.first { !isText($0) }?.label
            if settings.mendTabTitles, let k = parts.firstIndex(where: isText), let read = parts[k].label {
                let mended = TabTitles.mended(read)
                parts[k].label = iconLabel.flatMap { TabTitles.mended(mended, underIcon: $0) } ?? mended
            }
            let text = parts.first(where: isText)?.label
            let title: String? = text.flatMap { t in
                guard let iconLabel else { return t }
                return isTabWord(t) && !isMisreading(t, of: iconLabel) ? t : nil
            }
            let children = parts.count > 1 ? Ordering.order(parts, settings: ordering) : []
            if toolbar {
                return Element(
                    kind: .button, frame: frame, label: title ?? iconLabel, traits: .button, hint: Metadata.Hints.button,
                    children: children, detections: parts.flatMap(\.detections))
            }
            return Element(
                kind: .tabButton, frame: frame, label: title ?? iconLabel, traits: [.button, .tabBar],
                hint: nil, position: Position(index: n + 1, count: clusters.count),
                children: children, detections: parts.flatMap(\.detections))
        }
        if !toolbar, let image, let sel = SelectionState.selectedTab(image, frames: tabs.map(\.frame), settings: selection) {
            tabs[sel].traits.insert(.selected)
        }
        let used = Set(clusters.flatMap { $0 })
        return elements.indices.filter { !used.contains($0) }.map { elements[$0] } + tabs
    }

    /// A toolbar's back arrow leads it: it is one of the bar's first this many items from the left
    /// (HIG, "Toolbars": the back button sits at the leading end; a web view's bar may put ✕ before
    /// ‹). A "back" read on a later item is another glyph misread — a shop's tab bar of Home /
    /// 카테고리 / ON AIR / 마이페이지 / 최근본쇼핑 whose last icon, a grey disc of dots, the seventh icon
    /// model first read "back" had become five buttons (ui-real train, 2026-11-27). On the 1,219
    /// ui-real screens the sessions listen to, that bar is the only one the bound changes: the 18
    /// back buttons at the bottom of those screens stay buttons (measured 2026-11-27, seventh icon
    /// model) — 2, *design choice*.
    static let backArrowLeadingItems = 2

    /// A tab bar's items stand on one row (HIG, "Tab bars"; Material, "Navigation bar"): an item
    /// whose icon and title share a row with no other item is the screen's content above or below
    /// the bar, and stays apart — §5.5's band (the bottom 20 %, within 8 % of the lowest element)
    /// is taller than a bar. On ui-real a caption "Or register with" over the Facebook and Google
    /// sign-in buttons had made a bar of three (2026-11-26). Asked after the row has been
    /// checked for tiles on fills of their own, which sees every candidate (a shop's ♡ and 🎁
    /// beside a black "Buy" button with a badge above it stay buttons).
    /// Returns the indices of the items (`frames`, each an item's icon and title) that share a row
    /// with another item.
    static func itemsOnOneRow(_ frames: [Rect]) -> [Int] {
        frames.indices.filter { i in frames.indices.contains { $0 != i && frames[$0].sharesRow(with: frames[i]) } }
    }

    /// A tab bar's items share its width evenly (HIG, "Tab bars"; Material, "Navigation bar": the
    /// destinations are spaced equally): no gap between neighbouring items' centres is more than
    /// ``maxTabPitchRatio`` times another. A music app's mini player — ▶ at the left, the song's
    /// title, then ♡ and a cast glyph at the right — had been "Pause, Tab, 1 of 3" … "Like, Tab,
    /// 3 of 3" (gaps 7 : 1).
    static func isEvenlySpread(_ frames: [Rect]) -> Bool {
        let centres = frames.map(\.midX).sorted()
        let gaps = zip(centres.dropFirst(), centres).map { $0 - $1 }
        guard let widest = gaps.max(), let narrowest = gaps.min() else { return true }
        return widest <= maxTabPitchRatio * max(narrowest, 1)
    }

    /// 4 — *measured* on the 779 check and 700 held-out ui-real screens and 40 fresh ones
    /// (2026-11-26): of the 207 tab bars of three or more items, those with an item the detector
    /// missed spread 1.8–2.7 : 1; the mini players 7 : 1 (two, both one app's).
    static let maxTabPitchRatio = 4.0

    /// A row of texts and icons is not a tab bar when another kind of element shares its band: a
    /// checkbox or switch on the row (a form), or a container holding only some of the candidates
    /// (the titles of cards at the bottom of a grid). A container holding all of them is the bar
    /// itself — *design choice* guarding the paper's rule against such rows. A picture that reaches
    /// into the band from above — starting at least a band's height over it and ending before its
    /// bottom — is the screen's content scrolled under the bar (HIG, "Tab bars": the bar floats over
    /// content; Material's navigation bar likewise) and blocks nothing: a shop's photo tile whose box
    /// ran 20 px into its Home / Favorites / Search / Account / Cart bar had made those five
    /// buttons (ui-real train, 2026-11-26).
    static func isBlocked(_ candidates: [Int], _ elements: [Element], _ settings: GroupingSettings) -> Bool {
        let band = candidates.dropFirst().reduce(elements[candidates[0]].frame) { $0.union(elements[$1].frame) }
        let set = Set(candidates)
        for (i, e) in elements.enumerated() where !set.contains(i) && ![.text, .icon, .button].contains(e.kind) {
            guard e.frame.yOverlap(band) > 0 else { continue }
            if e.kind == .picture, e.frame.minY <= band.minY - band.height, e.frame.maxY < band.maxY { continue }
            if e.kind == .container || e.kind == .group {
                let holds = candidates.filter { elements[$0].frame.fractionInside(e.frame) >= settings.containment }
                if holds.isEmpty || holds.count == candidates.count { continue }
            }
            return true
        }
        return false
    }

    /// Whether a tab's read title is a word: it holds a run of two Latin letters or a syllabic
    /// character (Hangul, CJK, kana; "홈" is a word). A tab's title is set small under its icon
    /// and OCR often reads it as junk ("34", "a4", "2a", "7|", "r=", "<4", "0701", "M E" for
    /// small Korean or light titles). Without such a word the icon's meaning (Search, Home,
    /// Settings, Cart, Profile…) is the tab's label: 6 tabs on the 779 ui-real and iPhone
    /// screens, all right by eye, and 15 on 700 other train screens (2026-11-25).
    static func isTabWord(_ text: String) -> Bool {
        var run = 0
        for c in text {
            if ReadableText.isSyllabic(c) { return true }
            run = c.isLetter && c.isASCII ? run + 1 : 0
            if run >= 2 { return true }
        }
        return false
    }

    /// Whether a tab's read title is its icon's meaning with one letter misread: the same length,
    /// at least 4 letters, one letter different ("Cort" under a cart, "Hame" and "Profila" under
    /// home and person icons: 5 tabs on the 779 ui-real and iPhone screens, none of them a word,
    /// none on 700 other train screens; 2026-11-25). A plural ("Favorites" under a star) or another
    /// word ("Chat" beside "Chart") differs in length and stays. An "m" read as "rn", OCR's
    /// classic confusion of the two shapes, counts as that letter ("Horne" under a house on a 1x
    /// iPhone tab bar, ui-real train, 2026-11-26): the reading with "rn" as "m" may be the meaning
    /// itself or differ from it in one letter.
    static func isMisreading(_ text: String, of meaning: String) -> Bool {
        let read = text.lowercased()
        let b = Array(meaning.lowercased())
        guard read.count >= 4, read.allSatisfy({ $0.isLetter && $0.isASCII }) else { return false }
        if TextRepair.differInOneLetter(Array(read), b) { return true }
        guard read.contains("rn") else { return false }
        let mended = Array(read.replacingOccurrences(of: "rn", with: "m"))
        return mended == b || TextRepair.differInOneLetter(mended, b)
    }

    /// A tab's icon is at least this share of the screen's width each way: HIG tab bar glyphs
    /// are 18–25 pt (compact–regular) on 375–430-pt screens, 0.042–0.067; 0.03 leaves room for a
    /// tight box. A 6-px speck at a button's corner on a 290-px screen (0.02) had made "Skip
    /// Tour" / "Next" a tab bar (ui-real train, 2026-11-25).
    static let tabIconMinWidthShare = 0.03

    private static func cmin(_ c: [Int], _ e: [Element]) -> Double { c.map { e[$0].frame.minX }.min() ?? 0 }

    /// How wide a ring around a tab candidate is sampled for the colour it stands on, as a share
    /// of the screen's width: 1 % (4 px on ui-real's 385-px screens) stays inside the padding of
    /// a coloured sign-in or share tile around its label and icon — *measured* on the rows below.
    public static let ownFillRing = 0.01

    /// A row of tab candidates (`frames`, left to right) that is a row of buttons on fills of
    /// their own rather than a tab bar, as the runs of candidates (indices into `frames`) on one
    /// tile, for the candidates on a fill of their own; nil for a tab bar. A row is buttons when
    /// at least two candidates, and at least half, stand on a colour (the median of a ring
    /// ``ownFillRing`` wide around each) more than `minDistance` from the colour between them (the
    /// median of the pixels midway between neighbours): a tab bar's items share its one background
    /// (HIG, "Tab bars"; Material, "Navigation bar"; a selected item's indicator pill is one fill).
    /// A candidate without text (`hasText`) and its neighbour on the same fill, with that fill
    /// between them, are one tile: a logo and its name on a sign-in tile; two texts stay apart
    /// (two links over one photo). On 779 ui-real and iPhone screens five rows were taken out of
    /// the tab rule, all five no tab bar by eye: Amazon/Facebook/Google sign-in tiles,
    /// Text/Facebook/More share tiles, a shop's like/gift/buy bar, footer links over a photo and a
    /// music player's lyrics/share/more row (measured 2026-11-25).
    static func tilesOnOwnFills(_ frames: [Rect], hasText: [Bool], image: RGBAImage, minDistance: Double) -> [[Int]]? {
        guard frames.count >= 2, hasText.count == frames.count else { return nil }
        let ring = max(1, ownFillRing * Double(image.width))
        // the colour midway between each pair of neighbours (nil where they touch or overlap)
        let mids: [RGB?] = zip(frames, frames.dropFirst()).map { a, b in
            guard b.minX > a.maxX else { return nil }
            let x = Int((a.maxX + b.minX) / 2)
            let top = max(a.minY, b.minY)
            let bottom = min(a.maxY, b.maxY)
            let mid = Int(bottom > top ? (top + bottom) / 2 : (a.midY + b.midY) / 2)
            let column = ((mid - 1)...(mid + 1)).filter { (0..<image.height).contains($0) && (0..<image.width).contains(x) }
            return RGB.channelMedian(column.map { image.color(x: x, y: $0) })
        }
        guard let gap = RGB.channelMedian(mids.compactMap { $0 }) else { return nil }
        let rings = frames.map { image.ringMedian(around: $0, width: ring) }
        let own = rings.map { r in r.map { $0.distance(to: gap) > minDistance } ?? false }
        let count = own.filter { $0 }.count
        guard count >= 2, 2 * count >= frames.count else { return nil }
        // Neighbours on one fill, with that fill between them (or touching).
        func shareAFill(_ a: Int, _ b: Int) -> Bool {
            guard let ra = rings[a], let rb = rings[b] else { return false }
            return ra.distance(to: rb) <= minDistance && (mids[a] ?? ra).distance(to: ra) <= minDistance
        }
        var tiles: [[Int]] = []
        for k in frames.indices where own[k] {
            if k > 0, own[k - 1], !(hasText[k - 1] && hasText[k]), shareAFill(k - 1, k) {
                tiles[tiles.count - 1].append(k)
            } else {
                tiles.append([k])
            }
        }
        return tiles
    }

    /// The elements with each tile of ``tilesOnOwnFills(_:hasText:image:minDistance:)`` made one button
    /// (a tile on a fill of its own is a filled button: HIG, "Buttons"; Material, "Buttons"): its
    /// text (the words of its texts) or else its icon's label, its parts as children when there
    /// are several.
    static func tileButtons(
        _ tiles: [[Int]], clusters: [[Int]], elements: [Element], isText: (Element) -> Bool, ordering: OrderingSettings
    ) -> [Element] {
        var joined: [Element] = []
        var used = Set<Int>()
        for tile in tiles {
            let members = tile.flatMap { clusters[$0] }
            let parts = Ordering.order(members.map { part(elements[$0]) }, settings: ordering)
            let frame = parts.dropFirst().reduce(parts[0].frame) { $0.union($1.frame) }
            let texts = parts.filter(isText).compactMap(\.label)
            let label = texts.isEmpty ? parts.compactMap(\.label).first : texts.joined(separator: " ")
            joined.append(
                Element(
                    kind: .button, frame: frame, label: label, traits: .button, hint: Metadata.Hints.button,
                    children: parts.count > 1 ? parts : [], detections: parts.flatMap(\.detections)))
            used.formUnion(members)
        }
        return elements.indices.filter { !used.contains($0) }.map { elements[$0] } + joined
    }

    /// One part of a control made of several (a tab bar item's icon and title, a tile's): no
    /// control of its own, whatever a rule judging it alone had called it — its title a text, its
    /// glyph an image. VoiceOver focuses the control as one element (HIG, "Accessibility": combine
    /// the parts of a control into one element), so a part that stayed a button ("EXPLORE, Button"
    /// inside "Selected, EXPLORE, Tab") told a reader of the JSON, and `eval`'s text-button count,
    /// of a button nobody can reach: 128 tab titles and glyphs on the 1,219 ui-real screens the
    /// sessions listen to (measured 2026-11-27).
    static func part(_ e: Element) -> Element {
        guard e.kind == .button, e.children.isEmpty, let first = e.detections.first?.type,
            e.detections.allSatisfy({ $0.type == first }), [.text, .icon, .picture].contains(first)
        else { return e }
        var p = e
        p.kind = first == .text ? .text : first == .icon ? .icon : .picture
        p.traits.remove(.button)
        p.traits.insert(first == .text ? .staticText : .image)
        p.hint = nil
        return p
    }

    // MARK: Containers

    /// Container grouping (§5.5, Fig. 9.D): a container and every element inside it (≥
    /// `containment` of the element's area) become one element. Smaller containers are grouped
    /// first, so nested cards nest. Containers larger than `maxContainerScreenFraction` of the
    /// screen are layout regions and are dropped, as are containers with nothing inside and those
    /// whose group would have no label of its own (its parts stay apart). Tab buttons and segments are never
    /// swallowed (they are navigated one by one).
    public static func groupContainers(
        _ elements: [Element], screen: ImageInfo, settings: GroupingSettings,
        ordering: OrderingSettings = .init(), diagnostics: inout [Diagnostic]
    ) -> [Element] {
        let screenArea = Double(screen.width * screen.height)
        var pool = elements.filter { $0.kind != .container }
        let containers = elements.filter { $0.kind == .container }.sorted { $0.frame.area < $1.frame.area }
        for c in containers {
            if c.frame.area > settings.maxContainerScreenFraction * screenArea {
                diagnostics.append(
                    Diagnostic(
                        stage: "grouping",
                        message: "container \(c.frame) covers more than \(Int(settings.maxContainerScreenFraction * 100))% of the screen; not grouped"))
                continue
            }
            let inside = pool.indices.filter { i in
                pool[i].kind != .tabButton && pool[i].kind != .segment
                    && pool[i].frame.fractionInside(c.frame) >= settings.containment
            }
            guard !inside.isEmpty else { continue }
            let controls = inside.filter { Self.controlKinds.contains(pool[$0].kind) }.count
            if controls > settings.maxControlsInGroupedContainer {
                // A list section (an inset table): each row is a cell of its own — its texts, its
                // leading icon and its control become one element, as VoiceOver reads table cells.
                let rows = MissingElements.clusters(inside) { a, b in
                    pool[a].frame.sharesRow(with: pool[b].frame)
                }.filter { $0.count > 1 }
                diagnostics.append(
                    Diagnostic(
                        stage: "grouping", message: "container \(c.frame) holds \(controls) controls: a list section, grouped row by row (\(rows.count) rows)"))
                let cells = rows.map { row in (row, makeGroup(children: row.map { pool[$0] }, frame: nil, container: nil, ordering: ordering)) }
                    .filter { !isSilent($0.1) }
                let grouped = Set(cells.flatMap(\.0))
                pool = pool.indices.filter { !grouped.contains($0) }.map { pool[$0] } + cells.map(\.1)
                continue
            }
            let group = makeGroup(children: inside.map { pool[$0] }, frame: c.frame, container: c, ordering: ordering)
            if isSilent(group) {
                diagnostics.append(
                    Diagnostic(stage: "grouping", message: "container \(c.frame) has nothing to say of its own; its \(inside.count) elements stay apart"))
                continue
            }
            let set = Set(inside)
            pool = pool.indices.filter { !set.contains($0) }.map { pool[$0] } + [group]
        }
        return pool
    }

    /// A group with no label of its own — its parts are all controls or unlabelled — is no stop:
    /// it would be spoken "Group, Actions available", its buttons hidden behind the actions rotor
    /// ("Wedding party", "Bride's family"… on a card of five; two text fields of a phone number),
    /// so its parts stay apart, as VoiceOver passes over an unlabelled accessibility container.
    static func isSilent(_ group: Element) -> Bool {
        group.kind == .group && (group.label ?? "").isEmpty
    }

    /// Kinds that are controls of their own (a list row holding one is reached on its own).
    static let controlKinds: Set<ElementKind> = [.toggle, .checkbox, .slider, .textField, .segment]

    // MARK: Control labels

    /// Control-label grouping — an extension beyond the paper's four heuristics, after §5.5's
    /// observation that grouping "text and text field below it" would help and Soundproof's VoiceOver write-up's cells
    /// whose switch must be announced with its label. An unlabelled switch, checkbox, slider or
    /// text field outside any container takes the nearest text that labels it:
    /// - on its row (vertical overlap ≥ 50% of the smaller height), with nothing in between: a
    ///   checkbox looks right first, other controls left first; a text to the right lies within 3 ×
    ///   the control's height, one to the left at any distance (a settings row's leading label);
    /// - else, for sliders and text fields, the text right above it (x-overlap, gap < the text's height).
    /// The pair becomes one element that speaks as the control ("Remember me, Checkbox, Checked").
    /// A labelled text field joins the text that repeats its label (`echoText(for:in:controlIndex:)`).
    public static func groupControlLabels(_ elements: [Element], ordering: OrderingSettings = .init()) -> [Element] {
        var pool = elements
        let kinds: Set<ElementKind> = [.toggle, .checkbox, .slider, .textField]
        var i = 0
        while i < pool.count {
            let c = pool[i]
            guard kinds.contains(c.kind), c.children.isEmpty,
                let t = (c.label ?? "").isEmpty
                    ? labelText(for: c, in: pool, controlIndex: i)
                    : echoText(for: c, in: pool, controlIndex: i) ?? captionText(for: c, in: pool, controlIndex: i)
            else {
                i += 1
                continue
            }
            var group = makeGroup(children: [pool[t], c], frame: nil, container: nil, ordering: ordering)
            // A caption that says the field's placeholder again, misread on one side ("Username or
            // email" over a field read "Usemame oremall"), is said once: as the caption reads it.
            if let label = c.label, let caption = pool[t].label, isNearRepeat(caption, of: label) { group.label = caption }
            pool = pool.indices.filter { $0 != i && $0 != t }.map { pool[$0] } + [group]
            i = 0
        }
        return pool
    }

    /// A checkbox or switch row's title over the description its control took as its label — "Block
    /// Top Spammers" over "Automatically blocks calls from most popular spammers." beside a
    /// checkbox, "Alcoholic Drinks" over "195K Followers" — joins the control, which then says
    /// both: "Alcoholic Drinks, 195K Followers, Checkbox, Unchecked" (HIG and Material list rows
    /// set a title over its supporting text; VoiceOver reads a row's texts with its control). A
    /// listening review of 30 screens (2026-11-28) heard the titles said apart and five checkboxes
    /// named by their follower counts alone.
    ///
    /// The title is a static text of one short line (at most ``maxControlTitleWords`` words, no
    /// closing full stop, not a heading), narrower than the control's row, its foot at most
    /// ``maxControlTitleGap`` × its height above the row's top or ``controlTitleOverlap`` × it
    /// inside (boxes overlap by a few pixels), starting within ``controlTitleAlignment`` × its
    /// height of the row's leading edge.
    /// *Measured* (2026-11-28) on the 1,219 listening screens: 10 titles on 5 screens, all a
    /// row's title by eye (the five interests, three switches' "ABC NEWS UPDATES",
    /// "In-store location", "Block Top Spammers").
    public static func joinControlTitles(_ elements: [Element], ordering: OrderingSettings = .init()) -> [Element] {
        // Each control takes one title, once: a section's header over a joined row's title stays.
        var pairs: [(control: Int, title: Int)] = []
        for i in elements.indices where [.checkbox, .toggle].contains(elements[i].kind) && !(elements[i].label ?? "").isEmpty {
            let f = elements[i].frame
            let title = elements.indices.first { j in
                let t = elements[j]
                let h = t.frame.height
                let label = t.label ?? ""
                let words = label.split(whereSeparator: \.isWhitespace).count
                let gap = f.minY - t.frame.maxY
                return j != i && !pairs.contains { $0.title == j } && t.kind == .text && t.children.isEmpty && !t.traits.contains(.header)
                    && (1...maxControlTitleWords).contains(words) && !label.hasSuffix(".") && t.frame.width < f.width
                    && gap >= -controlTitleOverlap * h && gap <= maxControlTitleGap * h && abs(t.frame.minX - f.minX) <= controlTitleAlignment * h
            }
            if let t = title { pairs.append((i, t)) }
        }
        guard !pairs.isEmpty else { return elements }
        let joined = Set(pairs.flatMap { [$0.control, $0.title] })
        return elements.indices.filter { !joined.contains($0) }.map { elements[$0] }
            + pairs.map { makeGroup(children: [elements[$0.title], elements[$0.control]], frame: nil, container: nil, ordering: ordering) }
    }

    /// A row's title has at most 6 words — *design choice*: a title names a setting or an item
    /// ("PLAY EXPLICIT CONTENT"); a longer line is a sentence of its own.
    public static let maxControlTitleWords = 6
    /// …its foot at most 0.5 × its height above the row's top — *design choice*: a title and its
    /// supporting text are set with a line's leading between them (0.2–0.5 × a line's box).
    public static let maxControlTitleGap = 0.5
    /// …or reaches 0.3 × its height into the row — *design choice*: detector boxes around two
    /// lines set close overlap by a few pixels (−1.5 px on a 13-px title, ui-real 2026-11-28).
    public static let controlTitleOverlap = 0.3
    /// …and it starts within 1.5 × its height of the row's leading edge — *design choice*, room for
    /// a detector's box that starts at the row's padding, not its text.
    public static let controlTitleAlignment = 1.5

    /// The text that repeats a labelled text field's own label — a label above or beside the field
    /// that its placeholder repeats ("Username" over a field showing "Username"), or the placeholder
    /// read a second time as a text of its own across the field's edge ("Promo code") — or nil.
    /// Joined, the field speaks its label once ("Username, Text field") instead of the text and
    /// then the field saying the same words: 30 fields on 26 of the 779 check and 700 held-out
    /// screens did (2026-11-25). The text must say the very words of the field's label and lie
    /// where ``labelText(for:in:controlIndex:)`` looks, or half inside the field.
    static func echoText(for c: Element, in pool: [Element], controlIndex: Int) -> Int? {
        guard c.kind == .textField else { return nil }
        func words(_ s: String?) -> [String] {
            (s ?? "").lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        }
        let label = words(c.label)
        guard !label.isEmpty else { return nil }
        let echoes = pool.indices.filter { j in
            j != controlIndex && pool[j].kind == .text && pool[j].children.isEmpty && words(pool[j].label) == label
        }
        if let inside = echoes.first(where: { pool[$0].frame.fractionInside(c.frame) >= 0.5 }) { return inside }
        var unlabelled = c
        unlabelled.label = nil
        guard let t = labelText(for: unlabelled, in: pool, controlIndex: controlIndex), echoes.contains(t) else { return nil }
        return t
    }

    /// The text that labels a text field showing a placeholder of its own — "Email" over a field
    /// showing "you@example.com", "Name" left of one showing "John Appleseed" — or nil: the text
    /// before it on its row that ``labelText(for:in:controlIndex:)`` would give an unlabelled field
    /// (not one after it: a text right of a filled field is its accessory, "Forgot?"), or else the
    /// nearest text above it that starts within the field's height of its leading edge, with a gap
    /// under its own height or ``maxCaptionGap`` × the field's, whichever is more. Never for a
    /// search field (the text over a search bar is the screen's title). Joined, the field says its
    /// label and then its placeholder, as VoiceOver reads a labelled field's placeholder after its
    /// label ("Email, you@example.com, Text field"), instead of a text "Email" and a field that does
    /// not say what it is for.
    ///
    /// A caption is a form label's shape (HIG and Material text fields: a short label over the
    /// field's leading edge, or before it on its row): at most ``maxCaptionWords`` words with a
    /// letter (or a "+44" dialling code), no sentence (no final "." or "!"), no clock, no taller
    /// than the field. A logo, a screen's tagline, a wrapped paragraph above a form's first field
    /// or the status bar over a search field is no caption.
    static func captionText(for c: Element, in pool: [Element], controlIndex: Int) -> Int? {
        guard c.kind == .textField, !c.traits.contains(.searchField) else { return nil }
        let f = c.frame
        var unlabelled = c
        unlabelled.label = nil
        let before = labelText(for: unlabelled, in: pool, controlIndex: controlIndex).flatMap { pool[$0].frame.maxX <= f.minX ? $0 : nil }
        let above = pool.indices.filter { j in
            let t = pool[j].frame
            return j != controlIndex && pool[j].kind == .text && !pool[j].traits.contains(.header)
                && t.maxY <= f.minY + 0.25 * t.height && f.minY - t.maxY < max(t.height, maxCaptionGap * f.height)
                && abs(t.minX - f.minX) <= f.height && t.xOverlap(f) > 0
        }.max { pool[$0].frame.maxY < pool[$1].frame.maxY }
        guard let t = before ?? above, let text = pool[t].label else { return nil }
        let words = text.split(separator: " ")
        guard words.count <= maxCaptionWords, text.contains(where: \.isLetter) || text.hasPrefix("+"),
            !text.hasSuffix("."), !text.hasSuffix("!"), pool[t].frame.height <= f.height,
            // (a status bar's "KT 12:17" over a search field under it is the system's)
            !words.contains(where: { StatusBar.clock(in: String($0)) != nil })
        else { return nil }
        return t
    }

    /// A form's caption lies above its field by at most half the field's height (or its own
    /// height): iOS forms set a 13-pt label 8 pt over a 44-pt field (0.18), Android forms a label
    /// 8–16 dp over a 48-dp field (≤ 0.33) — *design choice*, room for a detector's tight boxes
    /// ("My name" 15 px over a 45-px field whose label is 10 px tall, ui-real train).
    public static let maxCaptionGap = 0.5

    /// Whether `a` and `b` say the same words but for misread letters: their letters and digits
    /// (case ignored) differ by at most a quarter of the longer's edits (Levenshtein), at least
    /// one, and their digits are the same — *design choice*: OCR's misreads of a placeholder ("Usemame oremall" for "Username or
    /// email", 3 edits of 15) stay under it; other words ("Email" / "Name") do not.
    static func isNearRepeat(_ a: String, of b: String) -> Bool {
        let x = Array(a.lowercased().filter { $0.isLetter || $0.isNumber })
        let y = Array(b.lowercased().filter { $0.isLetter || $0.isNumber })
        // A number is a value, never a misreading: "1 Passenger" under "Passenger(s)" is the field's value.
        guard !x.isEmpty, !y.isEmpty, x.filter(\.isNumber) == y.filter(\.isNumber) else { return false }
        var row = Array(0...y.count)
        for i in 1...x.count {
            var previous = row[0]
            row[0] = i
            for j in 1...y.count {
                let diagonal = previous
                previous = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
        }
        return row[y.count] <= max(1, max(x.count, y.count) / 4)
    }

    /// A form field's caption is a few words ("Email", "Mobile number", "Date of birth") — *design
    /// choice*: four, the longest of the caption words of Apple's and Google's sign-in and address
    /// forms (``TextFieldLabels/words``) run to three ("Confirm new password").
    public static let maxCaptionWords = 4

    static func labelText(for c: Element, in pool: [Element], controlIndex: Int) -> Int? {
        let f = c.frame
        let texts = pool.indices.filter { pool[$0].kind == .text && !pool[$0].traits.contains(.header) && $0 != controlIndex }
        func between(_ a: Rect, _ b: Rect) -> Bool {
            let lo = min(a.maxX, b.maxX)
            let hi = max(a.minX, b.minX)
            return pool.indices.contains { j in
                j != controlIndex && pool[j].frame != a && pool[j].frame != b
                    && pool[j].frame.minX >= lo && pool[j].frame.maxX <= hi && pool[j].frame.yOverlap(f) > 0
            }
        }
        let row = texts.filter { pool[$0].frame.sharesRow(with: f) }
        let right = row.filter { pool[$0].frame.minX >= f.maxX && pool[$0].frame.minX - f.maxX <= 3 * f.height }
            .min { pool[$0].frame.minX < pool[$1].frame.minX }
        // The nearest text to the left at any distance: a settings row puts its label at the leading
        // margin and its switch at the trailing one, however short the label ("Wi-Fi", "Sound";
        // HIG, "Toggles"; Material, "Lists"). A limit of 0.6 × the control's x left 24 switches
        // bare on the 779 check and 700 held-out screens ("Bluetooth", "Do Not Disturb",
        // "Notifications", "Emails"; measured 2026-11-25), and nothing may lie in between anyway.
        let left = row.filter { pool[$0].frame.maxX <= f.minX }
            .max { pool[$0].frame.maxX < pool[$1].frame.maxX }
        let sides = c.kind == .checkbox ? [right, left] : [left, right]
        for candidate in sides.compactMap({ $0 }) where !between(pool[candidate].frame, f) { return candidate }
        guard c.kind == .slider || c.kind == .textField else { return nil }
        return texts.filter { j in
            let tf = pool[j].frame
            return tf.maxY <= f.minY + 0.25 * tf.height && f.minY - tf.maxY < tf.height && tf.xOverlap(f) > 0
        }.max { pool[$0].frame.maxY < pool[$1].frame.maxY }
    }

    // MARK: Picture subtitles

    /// Picture subtitle grouping (§5.5, Fig. 9.D): a text T1 is a picture P's subtitle when it
    /// overlaps P on the x axis by ≥ 50% (of the narrower of the two), lies below P with a gap under
    /// `subtitleGap` (0.03) × screen height, and is closer to P than to any other element below T1.
    /// A second line T2 under T1 joins under the same conditions relative to T1. A picture behind
    /// the screen's content (``Metadata/isBackdrop(_:in:screen:minScreenShare:containment:minInside:)``
    /// at ``GroupingSettings/maxContainerScreenFraction``) has no subtitle: the text under a sign-in
    /// screen's photo is the screen's own ("Already have an account? Log In", "Let me in!"), and
    /// had been spoken as the photo's caption, "…, Image". On the 779 check and 700 held-out screens
    /// 6 pictures lost a subtitle (2026-11-26): 4 sign-in photos over their prompt or button (two
    /// prompts now links), an onboarding photo over its page's title, a "MOBILE" banner.
    public static func groupPictureSubtitles(
        _ elements: [Element], screen: ImageInfo, settings: GroupingSettings,
        ordering: OrderingSettings = .init()
    ) -> [Element] {
        var pool = elements
        let maxGap = settings.subtitleGap * Double(screen.height)
        var p = 0
        while p < pool.count {
            guard pool[p].kind == .picture,
                !Metadata.isBackdrop(p, in: pool, screen: screen, minScreenShare: settings.maxContainerScreenFraction, containment: settings.containment)
            else {
                p += 1
                continue
            }
            var chain: [Int] = []
            var anchor = pool[p].frame
            while chain.count < settings.subtitleMaxLines,
                let t = subtitle(below: anchor, in: pool, excluding: Set(chain + [p]), maxGap: maxGap, overlap: settings.subtitleXOverlap),
                !isPageText(pool[t], under: pool[p].frame, screen: screen, settings: settings)
            {
                chain.append(t)
                anchor = pool[t].frame
            }
            if chain.isEmpty, settings.groupCardCaptions { chain = cardCaption(of: p, in: pool, screen: screen, settings: settings) }
            guard !chain.isEmpty else {
                p += 1
                continue
            }
            let members = [p] + chain
            var group = makeGroup(children: members.map { pool[$0] }, frame: nil, container: nil, ordering: ordering)
            group.traits.insert(.image)
            let set = Set(members)
            pool = pool.indices.filter { !set.contains($0) }.map { pool[$0] } + [group]
            p = 0
        }
        return pool
    }

    /// A text under a picture that is the page's own, not the picture's subtitle: a heading (an
    /// onboarding title under its illustration, "Welcome to ChargeHub", is found by the rotor's
    /// headings only if it stays a stop of its own; 17 headings on the 1,219 listening screens had
    /// been spoken inside "…, Image", 2026-11-28) but for a card's title, set flush with its
    /// picture's left edge (``GroupingSettings/cardAlignment``) under a picture at most
    /// ``GroupingSettings/cardMaxPictureWidth`` of the screen wide (a recipe's name under its
    /// photo in a grid); or a sentence of at least ``GroupingSettings/subtitleSentenceWords`` words
    /// at least ``GroupingSettings/subtitleSentenceWidthRatio`` × the picture's width.
    static func isPageText(_ text: Element, under picture: Rect, screen: ImageInfo, settings: GroupingSettings) -> Bool {
        if text.traits.contains(.header) {
            let width = Double(screen.width)
            return
                !(isCardPicture(picture, screenWidth: width, settings: settings)
                && isFlush(text.frame, with: picture, screenWidth: width, settings: settings))
        }
        guard settings.subtitleSentenceWidthRatio > 0, picture.width > 0,
            text.frame.width >= settings.subtitleSentenceWidthRatio * picture.width
        else { return false }
        let words = (text.label ?? "").split(whereSeparator: { $0.isWhitespace }).count
        return words >= settings.subtitleSentenceWords
    }

    // MARK: Illustrations over their titles

    /// An unnamed illustration over the screen's title or message joins that text
    /// (``GroupingSettings/joinIllustrationTitles``): a picture with neither label nor value, whose
    /// kind, if the describer gave one, is not among ``GroupingSettings/illustrationKeptKinds``, or
    /// an icon with neither that is no control;
    /// centred on the screen (``GroupingSettings/illustrationCentring``); alone on its rows —
    /// nothing beside it, nothing on it but unnamed pictures (its own parts; an icon on a picture
    /// may be its control; a picture with texts or buttons on it is a backdrop); and whose next
    /// element below, among those sharing its columns, is a plain text or a block of them (no
    /// control, no button, no link: a "Get started" under the art is the page's action) centred
    /// under it — or, with ``GroupingSettings/illustrationTitlesAloneOnTheirRows``, anywhere under
    /// it with nothing else on its rows and no picture or glyph folded into it — starting at most
    /// ``GroupingSettings/illustrationTitleGap`` × the screen's height below it. Art left apart
    /// then joins the text over it on the same terms — the next element above it in its columns,
    /// centred over it, ending within that gap of its top, no picture or glyph folded into it —
    /// when the art is at least ``GroupingSettings/illustrationUnderTitleMinHeight`` of the screen
    /// tall, the text is no status bar's (``StatusBar/isStatusText(_:frame:screenHeight:batteryAlone:)``),
    /// and no text lies under the art within the gap. The art is decoration (HIG: hidden from
    /// VoiceOver), folded into the text as ``Decoration`` folds a mark
    /// into its host: the text keeps its label, kind, traits, frame and activation point — a
    /// heading stays in the rotor, an audit still matches the app's label by its frame — and holds
    /// the art's detections and its parts', so that the analysis still shows where they were.
    /// Returns the elements and how many illustrations joined a text.
    public static func joinIllustrationTitles(
        _ elements: [Element], screen: ImageInfo, settings: GroupingSettings
    ) -> (elements: [Element], joined: Int) {
        let width = Double(screen.width)
        let height = Double(screen.height)
        var result = elements
        var absorbed = Set<Int>()
        var titles = Set<Int>()
        // A line, or a block of lines (§5.5's text grouping: a title over its description).
        let isText = { (e: Element) in e.kind == .text && !e.isInteractive }
        let isPlainText = { (e: Element) in isText(e) && e.children.allSatisfy(isText) && !(e.label ?? "").isEmpty }
        // Made of text detections only, its children's too: no decoration folded in.
        func onlyText(_ e: Element) -> Bool { e.detections.allSatisfy { $0.type == .text } && e.children.allSatisfy(onlyText) }
        // The next element on `side` of the picture `p`, among those sharing its columns.
        func next(_ side: VerticalSide, of p: Int, besides parts: [Int]) -> Int? {
            let f = elements[p].frame
            let candidates = elements.indices.filter { j in
                guard j != p, !absorbed.contains(j), !parts.contains(j), elements[j].frame.xOverlap(f) > 0 else { return false }
                return side == .below ? elements[j].frame.minY >= f.maxY : elements[j].frame.maxY <= f.minY
            }
            return side == .below
                ? candidates.min { elements[$0].frame.minY < elements[$1].frame.minY }
                : candidates.max { elements[$0].frame.maxY < elements[$1].frame.maxY }
        }
        // The other elements lying on the rows of element `i`.
        func sharingRows(with i: Int) -> [Int] { elements.indices.filter { $0 != i && elements[$0].frame.yOverlap(elements[i].frame) > 0 } }
        // Art under its title first, then art whose title lies over it.
        for side in [VerticalSide.below, .above] {
            for (p, picture) in elements.enumerated() where isUnnamedIllustration(picture, settings: settings) {
                let f = picture.frame
                guard !absorbed.contains(p), abs(f.midX - width / 2) <= settings.illustrationCentring * width else { continue }
                let beside = sharingRows(with: p)
                let parts = beside.filter { j in
                    elements[j].kind == .picture && elements[j].children.isEmpty && Decoration.saysNothing(elements[j])
                        && elements[j].frame.fractionInside(f) >= settings.enclosedMarkInside
                }
                guard parts.count == beside.count, let t = next(side, of: p, besides: parts), !titles.contains(t) else { continue }
                let text = elements[t]
                let gap = side == .below ? text.frame.minY - f.maxY : f.minY - text.frame.maxY
                guard isPlainText(text), gap <= settings.illustrationTitleGap * height else { continue }
                // Centred on the art; under it, a title may be off its middle when alone on its rows
                // (a page's left-aligned "Welcome to the Guardian" under its logo). A title over the
                // art or off its middle holds no picture or glyph of its own: a list row's title
                // with its thumbnail folded in is no page title.
                let centred = abs(text.frame.midX - f.midX) <= settings.illustrationCentring * width
                let fits =
                    switch side {
                    case .below:
                        centred
                            || (settings.illustrationTitlesAloneOnTheirRows && onlyText(text)
                                && sharingRows(with: t).allSatisfy { $0 == p || parts.contains($0) })
                    case .above: centred && onlyText(text)
                    }
                guard fits else { continue }
                if side == .above {
                    // Art under its title: a large picture (a post's banner under its line is no
                    // page art), no status bar's clock over it, and no text under it within reach
                    // (the text under art is its title: the first pass left it apart for a reason).
                    guard f.height >= settings.illustrationUnderTitleMinHeight * height,
                        !StatusBar.isStatusText(text.label, frame: text.frame, screenHeight: height)
                    else { continue }
                    if let u = next(.below, of: p, besides: parts), isText(elements[u]),
                        elements[u].frame.minY - f.maxY <= settings.illustrationTitleGap * height
                    {
                        continue
                    }
                }
                result[t].detections += ([p] + parts).flatMap { elements[$0].detections }
                absorbed.formUnion([p] + parts)
                titles.insert(t)
            }
        }
        return (result.indices.filter { !absorbed.contains($0) }.map { result[$0] }, titles.count)
    }

    /// Which side of a picture its title lies on (``joinIllustrationTitles(_:screen:settings:)``).
    enum VerticalSide { case below, above }

    /// A picture nothing names (no label, no value) whose kind, if any, is not one that keeps its
    /// stop (``GroupingSettings/illustrationKeptKinds``), or a glyph nothing names that is no
    /// control (an empty state's book over "You have no recommendations yet": the icon classifier
    /// knows no meaning for it, and the caption rule left it apart, its text being no short caption).
    static func isUnnamedIllustration(_ e: Element, settings: GroupingSettings) -> Bool {
        guard e.kind == .picture || e.kind == .icon, e.children.isEmpty, Decoration.saysNothing(e) else { return false }
        return !e.detections.contains { d in d.pictureKind.map(settings.illustrationKeptKinds.contains) ?? false }
    }

    /// A card's caption (``GroupingSettings/groupCardCaptions``): under a picture at most
    /// ``GroupingSettings/cardMaxPictureWidth`` of the screen wide, the lines — plain texts — that
    /// stack below it, the first under §5.5's ``GroupingSettings/subtitleGap`` × screen height from
    /// it, each next one at most its own line's height (of the taller) below the one before, all
    /// within the picture's columns, and the first two starting within
    /// ``GroupingSettings/cardAlignment`` × screen width of the picture's left edge. A card has 2 to
    /// ``GroupingSettings/cardMaxLines`` lines, and its stack must end there: a line going on as
    /// close below is a page's text, and then nothing is taken. Empty when there is no card.
    static func cardCaption(of p: Int, in pool: [Element], screen: ImageInfo, settings: GroupingSettings) -> [Int] {
        let picture = pool[p].frame
        let width = Double(screen.width)
        guard isCardPicture(picture, screenWidth: width, settings: settings) else { return [] }
        let tolerance = settings.cardAlignment * width
        // The next element below `anchor` that shares the picture's columns.
        func next(below anchor: Rect, excluding: [Int]) -> Int? {
            pool.indices.filter { i in
                let f = pool[i].frame
                return i != p && !excluding.contains(i) && f.minY >= anchor.maxY - 0.25 * f.height && f.xOverlap(picture) > 0
            }.min { pool[$0].frame.minY < pool[$1].frame.minY }
        }
        var lines: [Int] = []
        var anchor = picture
        while let i = next(below: anchor, excluding: lines) {
            let f = pool[i].frame
            let gap = f.minY - anchor.maxY
            let maxGap = lines.isEmpty ? settings.subtitleGap * Double(screen.height) : max(f.height, anchor.height)
            guard gap < maxGap else { break }
            let isLine =
                pool[i].kind == .text && pool[i].children.isEmpty && !pool[i].isInteractive && pool[i].label != nil
                && f.minX >= picture.minX - tolerance && f.maxX <= picture.maxX + tolerance
                && (lines.count >= 2 || isFlush(f, with: picture, screenWidth: width, settings: settings))
            // A close element that is no line of the caption ends it; past the last line, the stack is too long.
            guard isLine, lines.count < settings.cardMaxLines else { return lines.count >= 2 && !isLine ? lines : [] }
            lines.append(i)
            anchor = f
        }
        return lines.count >= 2 ? lines : []
    }

    /// A card's picture is at most ``GroupingSettings/cardMaxPictureWidth`` of the screen wide.
    static func isCardPicture(_ picture: Rect, screenWidth: Double, settings: GroupingSettings) -> Bool {
        picture.width <= settings.cardMaxPictureWidth * screenWidth
    }

    /// A card's line starts within ``GroupingSettings/cardAlignment`` of the screen's width of its
    /// picture's left edge.
    static func isFlush(_ line: Rect, with picture: Rect, screenWidth: Double, settings: GroupingSettings) -> Bool {
        abs(line.minX - picture.minX) <= settings.cardAlignment * screenWidth
    }

    static func subtitle(below anchor: Rect, in pool: [Element], excluding: Set<Int>, maxGap: Double, overlap: Double) -> Int? {
        var candidates: [Int] = []
        for i in pool.indices where !excluding.contains(i) && pool[i].kind == .text {
            let t: Rect = pool[i].frame
            let gap: Double = t.minY - anchor.maxY
            let needed: Double = overlap * min(t.width, anchor.width)
            if gap >= -0.25 * t.height, gap < maxGap, t.xOverlap(anchor) >= needed { candidates.append(i) }
        }
        candidates.sort { pool[$0].frame.minY < pool[$1].frame.minY }
        guard let best = candidates.first else { return nil }
        let t = pool[best].frame
        let gapToAnchor = t.minY - anchor.maxY
        // Closer to the anchor than to anything below it (that shares its columns).
        var nearestBelow = Double.infinity
        for i in pool.indices where i != best && !excluding.contains(i) {
            let f: Rect = pool[i].frame
            if f.minY >= t.maxY - 0.25 * t.height, f.xOverlap(t) > 0 { nearestBelow = min(nearestBelow, f.minY - t.maxY) }
        }
        return gapToAnchor < nearestBelow ? best : nil
    }

    // MARK: Groups

    /// A group from its children: label = the children's labels in navigation order joined by
    /// ", "; clickable children become custom actions; a group holding exactly one control (switch,
    /// checkbox, slider, text field, page control, segment) speaks as that control, labelled by the
    /// rest ("Airplane Mode, Switch button, Off").
    public static func makeGroup(
        children: [Element], frame: Rect?, container: Element?,
        ordering: OrderingSettings = .init()
    ) -> Element {
        let ordered = Ordering.order(children, settings: ordering)
        let bounds = ordered.dropFirst().reduce(ordered[0].frame) { $0.union($1.frame) }
        let frame = frame.map { $0.union(bounds) } ?? bounds
        let controls = ordered.filter { Self.controlKinds.contains($0.kind) || $0.kind == .pageControl }
        let detections = (container?.detections ?? []) + ordered.flatMap(\.detections)
        if controls.count == 1, let control = controls.first {
            let others = ordered.filter { $0 != control }
            let label = joinLabels(others.filter { !$0.isInteractive } + (control.label.map { _ in [control] } ?? []))
            return Element(
                kind: control.kind, frame: frame, label: label, value: control.value, traits: control.traits,
                hint: control.hint, activationPoint: control.activationPoint,
                customActions: actions(others), position: control.position,
                children: ordered, detections: detections)
        }
        // A container around one button (a card-shaped "Send") is that button, over the container's area.
        if ordered.count == 1, var only = ordered.first, only.isInteractive {
            only.frame = frame
            only.detections = detections
            return only
        }
        let acts = actions(ordered)
        return Element(
            kind: .group, frame: frame, label: joinLabels(ordered.filter { !$0.isInteractive || acts.isEmpty }),
            hint: acts.isEmpty ? nil : Metadata.Hints.actions, customActions: acts,
            children: ordered, detections: detections)
    }

    /// Joins labels with ", ", leaving out repeated labels and *leading* icons — a non-interactive icon left of a text it
    /// shares a row with, like the coloured glyphs of Settings cells, which VoiceOver does not speak.
    static func joinLabels(_ elements: [Element]) -> String? {
        let texts = elements.filter { $0.kind == .text }
        let spoken = elements.filter { e in
            guard e.kind == .icon else { return true }
            return !texts.contains { $0.frame.minX >= e.frame.maxX - 1 && $0.frame.yOverlap(e.frame) > 0 }
        }
        let labelled = spoken.compactMap { e -> (element: Element, label: String)? in
            if let l = e.label, !l.isEmpty { return (e, l) }
            return nil
        }
        let labels = labelled.map(\.label)
        // The same words twice (a text and the OCR line recovered over it, a picture's own title and
        // the caption that repeats it) are spoken once: a label that another one starts with goes.
        var seen = Set<String>()
        let unique = labelled.filter { seen.insert($0.label.lowercased()).inserted }.filter { item in
            !labels.contains { $0.count > item.label.count && $0.lowercased().hasPrefix(item.label.lowercased() + ",") }
        }
        guard var out = unique.first?.label else { return nil }
        for (previous, next) in zip(unique, unique.dropFirst()) {
            out += (continues(previous.element, next.element) ? " " : ", ") + next.label
        }
        return out
    }

    /// Whether text `b` goes on with the sentence `a` started, one title or sentence broken over two
    /// detected lines: `b` lies right below `a` (a gap under the taller's height, type sizes within
    /// 1.5 × of each other), `a` ends on a letter or digit and `b` starts in lower case — "Weather
    /// for" over "where you are", said "Weather for, where you are" as two things (ui-real train,
    /// 2026-11-28). A sentence's next line starts in lower case; a new item, a title's subtitle,
    /// starts with a capital (the pause stays: ``MissingElements/joinedLines(_:)``).
    static func continues(_ a: Element, _ b: Element) -> Bool {
        guard a.kind == .text, b.kind == .text, let last = a.label?.last, last.isLetter || last.isNumber,
            let first = b.label?.first, first.isLowercase
        else { return false }
        let (fa, fb) = (a.frame, b.frame)
        let heights = (min(fa.height, fb.height), max(fa.height, fb.height))
        return fb.minY >= fa.midY && fb.minY - fa.maxY < heights.1 && heights.1 <= 1.5 * heights.0 && fa.xOverlap(fb) > 0
    }

    static func actions(_ elements: [Element]) -> [CustomAction] {
        elements.filter(\.isInteractive).map {
            CustomAction(name: $0.label ?? Announcer.placeholder(for: $0), activationPoint: $0.activationPoint)
        }
    }
}
