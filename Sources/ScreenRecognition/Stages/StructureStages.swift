import Foundation

/// A dialog blocks what is behind it (Just Eat's VoiceOver audit: `accessibilityViewIsModal`): when a
/// dialog at or above ``GroupingSettings/modalDialogMinConfidence`` is detected, only the elements
/// inside the most confident one stay, and those outside it as bright as its panel — not behind
/// its scrim (``GroupingSettings/modalDialogsHideOnlyDimmed``). Below that confidence the most
/// confident dialog at or above ``GroupingSettings/scrimDialogMinConfidence`` hides the screen only
/// where everything measured behind it is dimmed; the dialog itself is not an
/// element (VoiceOver moves through its title, message and buttons). The dialog is kept in
/// ``AnalysisTrace/dialog``.
struct ModalDialogStage: AnalysisStage {
    var settings: GroupingSettings

    func run(_ work: inout ScreenInProgress) throws {
        func confidence(_ e: Element) -> Double { e.detections.first?.confidence ?? 0 }
        let all = work.elements.filter { $0.kind == .dialog }
        var dialogs = all.filter { confidence($0) >= settings.modalDialogMinConfidence }
        // Below the operating point, only the most confident dialog, and only over a scrim.
        let needsScrim = dialogs.isEmpty && settings.modalDialogsHideOnlyDimmed && work.image != nil
        if needsScrim, let best = all.filter({ confidence($0) >= settings.scrimDialogMinConfidence }).max(by: { confidence($0) < confidence($1) }) {
            dialogs = [best]
        }
        if dialogs.count < all.count {
            work.note("dialog", "\(all.count - dialogs.count) dialog(s) below confidence \(settings.modalDialogMinConfidence) do not hide the screen")
        }
        let elements = work.elements.filter { $0.kind != .dialog || dialogs.contains($0) }
        work.elements = elements
        guard let dialog = dialogs.max(by: { confidence($0) < confidence($1) }) else {
            return
        }
        // The detected panel's brightness, which the growing, snackbar and dimming rules compare with.
        let panel = work.image.map { Self.brightness(of: dialog.frame, in: $0) } ?? 0
        let frame =
            work.image.map { Self.grown(dialog.frame, elements: elements, image: $0, screen: work.screen, panel: panel) } ?? dialog.frame
        if frame != dialog.frame { work.note("dialog", "dialog \(dialog.frame) grown to \(frame) over its undimmed neighbours") }
        if let image = work.image,
            Self.isSnackbar(dialog.frame, grown: frame, elements: elements, image: image, screen: work.screen, panel: panel)
        {
            work.note("dialog", "dialog \(frame) is a snackbar (short, nothing dimmed behind it): it hides nothing")
            work.elements = elements.filter { $0.kind != .dialog }
            return
        }
        let insideIndices = Set(elements.indices.filter { elements[$0].kind != .dialog && elements[$0].frame.fractionInside(frame) >= settings.containment })
        let inside = elements.indices.filter { insideIndices.contains($0) }.map { elements[$0] }
        guard !inside.isEmpty else {
            work.note("dialog", "dialog \(dialog.frame) holds no element; ignored")
            work.elements = elements.filter { $0.kind != .dialog }
            return
        }
        var kept = inside
        if settings.modalDialogsHideOnlyDimmed, let image = work.image {
            let statusBar = StatusBar.Constants.maxBottom * Double(work.screen.height)
            // The panel's brightness: its box's, or its brightest element's where that is brighter
            // (a dark panel's sparse white text is under 2 % of the box's pixels).
            let reference = inside.reduce(panel) { max($0, Self.brightness(of: $1.frame, in: image)) }
            let margin = Self.edgeMargin * Double(work.screen.width)
            let behind = elements.indices.filter {
                elements[$0].kind != .dialog && elements[$0].frame.fractionInside(frame) < settings.containment && elements[$0].frame.maxY > statusBar
            }
            let measured = behind.map { Self.isUndimmed(elements[$0].frame, outside: frame, margin: margin, reference: reference, image: image) }
            let undimmed = Set(zip(behind, measured).filter { $0.1 == true }.map(\.0))
            if needsScrim, !undimmed.isEmpty || measured.filter({ $0 == false }).count < settings.scrimDialogMinDimmed {
                work.note(
                    "dialog",
                    "dialog \(frame) at \(confidence(dialog)), below \(settings.modalDialogMinConfidence), hides nothing: the screen behind it is not plainly dimmed"
                )
                work.elements = elements.filter { $0.kind != .dialog }
                return
            }
            if !undimmed.isEmpty, !measured.contains(false) {
                work.note("dialog", "dialog \(frame) over an undimmed screen (nothing behind it is dimmed): it hides nothing")
                work.elements = elements.filter { $0.kind != .dialog }
                return
            }
            if !undimmed.isEmpty {
                work.note("dialog", "\(undimmed.count) undimmed element(s) outside dialog \(frame) stay")
                kept = elements.indices.filter { insideIndices.contains($0) || undimmed.contains($0) }.map { elements[$0] }
            }
            kept = Self.withoutGlyphsBehind(kept, dialog: frame, containment: settings.containment, textButtons: work.textButtonBoxes) {
                $0.fractionInside(frame) < settings.containment && Self.brightness(of: $0, in: image) < Self.brightAsPanel * reference
            }
        }
        let hidden = elements.count - kept.count - dialogs.count
        if hidden > 0 { work.note("dialog", "modal dialog \(frame): \(hidden) element(s) behind it are hidden") }
        work.trace.dialog = frame
        work.elements = Self.titleIsText(kept, dialog: frame)
    }

    /// The row glyphs that joined a text inside the dialog from behind its scrim (`isBehind`: outside
    /// the dialog's frame and darker than its panel) — a list's chevron or checkmark on the text's
    /// row (``Metadata/markDisclosureRows(_:trailingEdge:rowEndEdge:)`` and
    /// ``Metadata/markCheckedRows(_:trailingEdge:)`` run before dialogs are known) — leave it, and
    /// with them what they gave it: a chevron made a text a button (and ⌃ ⌄ its "Expanded" or
    /// "Collapsed") unless the text-button rules had (`textButtons`: their texts' boxes), a
    /// checkmark made it selected. A held-out-fonts check-set alert's message was "…, Button" by
    /// the chevron of the file list behind it (2026-11-29). A glyph outside the detector's box but
    /// as bright as the panel is the panel's own: a sheet's "details ⌄" past the box's edge stays.
    static func withoutGlyphsBehind(
        _ elements: [Element], dialog: Rect, containment: Double, textButtons: Set<Rect>, isBehind: (Rect) -> Bool
    ) -> [Element] {
        elements.map { e in
            guard e.children.isEmpty, e.frame.fractionInside(dialog) >= containment else { return e }
            let behind = e.detections.filter { $0.type == .icon && isBehind($0.box) }
            guard !behind.isEmpty, behind.count < e.detections.count else { return e }
            var result = e
            result.detections.removeAll { d in behind.contains(d) }
            let meanings = Set(behind.compactMap(\.iconLabel))
            if !meanings.isDisjoint(with: [.forward, .up, .down]), result.kind == .button, Metadata.isMadeOfText(result),
                !result.detections.contains(where: { textButtons.contains($0.box) })
            {
                Metadata.makeText(&result)
                if result.value == "Expanded" || result.value == "Collapsed" { result.value = nil }
            }
            if meanings.contains(.checkmark) { result.traits.remove(.selected) }
            return result
        }
    }

    /// Whether the part of `box` outside the dialog's `frame` is as bright as the panel: its
    /// ``brightness(of:in:)`` at least ``brightAsPanel`` × `reference`. The part measured is the
    /// largest band of `box` above, below, left or right of the frame, kept `margin` pixels off
    /// it (the detector's box may stop short of the panel's edge). Nil for an element with no
    /// such band, which lies on the panel's edge: it is hidden when anything behind the dialog is
    /// dimmed, as before, and says nothing about whether anything is.
    static func isUndimmed(_ box: Rect, outside frame: Rect, margin m: Double, reference: Double, image: RGBAImage) -> Bool? {
        guard reference > 0 else { return nil }
        let bands = [
            Rect(x: box.minX, y: box.minY, width: box.width, height: min(box.maxY, frame.minY - m) - box.minY),
            Rect(x: box.minX, y: max(box.minY, frame.maxY + m), width: box.width, height: box.maxY - max(box.minY, frame.maxY + m)),
            Rect(x: box.minX, y: box.minY, width: min(box.maxX, frame.minX - m) - box.minX, height: box.height),
            Rect(x: max(box.minX, frame.maxX + m), y: box.minY, width: box.maxX - max(box.minX, frame.maxX + m), height: box.height),
        ].filter { $0.width >= 2 && $0.height >= 2 }
        guard let band = bands.max(by: { $0.width * $0.height < $1.width * $1.height }) else { return nil }
        return brightness(of: band, in: image) >= brightAsPanel * reference
    }

    /// An element outside the dialog is as bright as its panel, and so not behind its scrim, at
    /// 0.95 × the panel's brightness — *measured* on ui-real (2026-11-27; 16 screens whose dialog
    /// the rule changed, of valid, 240 and 400 held-out train screens): undimmed pages and the
    /// keys of a sheet beside the detector's box 0.98–1.0; a light scrim behind a menu 0.85–0.93,
    /// as bright as a panel's own teal header (0.85), so the growing rule's ``undimmedRatio`` is
    /// too low here. Two of the panels' own elements fell under it (0.91, 0.945) and stay hidden.
    static let brightAsPanel = 0.95

    /// A measured band keeps this share of the screen's width off the dialog's frame: 0.04 —
    /// *measured* on ui-real (2026-11-27): the detector's dialog boxes stopped up to 0.02 of the
    /// width short of their panels' edges (a white panel 7 px left of its box at 385 px).
    static let edgeMargin = 0.04

    /// The dialog's frame grown over the elements the detector's box left out of the panel: its
    /// title above, its actions below ("CANCEL", "OK", "DISMISS"), which would otherwise be hidden
    /// as if behind it — leaving a VoiceOver user no way out of the dialog. An element joins when it
    /// lies across the frame's width (≥ ``neighbourWidthInside`` of its own), within
    /// ``neighbourGap`` × the detected box's height above or below the frame, below the status bar,
    /// and is not dimmed: the brightest of its pixels (``brightness(of:in:)``) at least
    /// ``undimmedRatio`` × the detected box's. Behind a modal dialog the screen is dimmed by a
    /// scrim (Material: 32 % black; iOS alerts about 40 %), so nothing there is as bright as the
    /// panel. Repeated until no element joins (stacked actions).
    /// `panel` is the box's ``brightness(of:in:)`` when the caller has it.
    static func grown(_ box: Rect, elements: [Element], image: RGBAImage, screen: ImageInfo, panel: Double? = nil) -> Rect {
        let reference = panel ?? brightness(of: box, in: image)
        guard reference > 0 else { return box }
        let maxGap = neighbourGap * box.height
        let statusBar = StatusBar.Constants.maxBottom * Double(screen.height)
        // Each element's pixels are read at most once, however often the frame grows.
        var undimmed: [Int: Bool] = [:]
        func isUndimmed(_ i: Int) -> Bool {
            if let known = undimmed[i] { return known }
            let value = brightness(of: elements[i].frame, in: image) >= undimmedRatio * reference
            undimmed[i] = value
            return value
        }
        var frame = box
        var joined = Set<Int>()
        var grew = true
        while grew {
            grew = false
            for (i, e) in elements.enumerated() where e.kind != .dialog && !joined.contains(i) && e.frame.fractionInside(frame) < 1 {
                let f = e.frame
                let gap = max(frame.minY - f.maxY, f.minY - frame.maxY)
                guard f.width > 0, f.height <= neighbourMaxHeight * box.height, f.xOverlap(frame) >= neighbourWidthInside * f.width, gap <= maxGap,
                    f.maxY > statusBar, isUndimmed(i)
                else { continue }
                joined.insert(i)
                frame = frame.union(f)
                grew = true
            }
        }
        return frame
    }

    /// Whether the dialog is a snackbar or toast, which interrupts nothing (Material, "Snackbars":
    /// they appear without warning and need no action; a modal dialog dims the screen behind it):
    /// its frame is under ``snackbarMaxHeight`` of the screen's height and at least half the
    /// elements outside it are undimmed (``undimmedRatio`` × the detected box's brightness). A
    /// store's "Signed up in store? Complete your profile by tapping JOIN." toast over its
    /// undimmed sign-in screen hid the logo, "SHOP AS GUEST", "JOIN" and "SIGN IN" (ui-real, 2026-11-26).
    /// `panel` is the box's ``brightness(of:in:)`` when the caller has it.
    static func isSnackbar(_ box: Rect, grown frame: Rect, elements: [Element], image: RGBAImage, screen: ImageInfo, panel: Double? = nil) -> Bool {
        guard frame.height < snackbarMaxHeight * Double(screen.height) else { return false }
        let reference = panel ?? brightness(of: box, in: image)
        let statusBar = StatusBar.Constants.maxBottom * Double(screen.height)
        let outside = elements.filter { $0.kind != .dialog && $0.frame.maxY > statusBar && $0.frame.fractionInside(frame) < 0.5 }
        guard reference > 0, !outside.isEmpty else { return false }
        let undimmed = outside.filter { brightness(of: $0.frame, in: image) >= undimmedRatio * reference }.count
        return 2 * undimmed >= outside.count
    }

    /// A snackbar is at most 0.15 of the screen's height — *measured*: Material's snackbars are
    /// 48–68 dp on a 640-dp screen (0.075–0.11), the one toast seen 0.13; of the 139 dialogs that
    /// hid something on the 779 check, 700 held-out and 60 fresh screens, every other was 0.25 of
    /// the screen or taller (2026-11-26).
    static let snackbarMaxHeight = 0.15

    /// The 98th percentile of the pixels' largest channel in `rect` (grown by 2 px, clamped to the
    /// image): how bright the brightest of its pixels are, ink or fill, past a few outliers.
    static func brightness(of rect: Rect, in image: RGBAImage) -> Double {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return 0 }
        let r = Rect(x: rect.minX - 2, y: rect.minY - 2, width: rect.width + 4, height: rect.height + 4)
            .clamped(width: Double(image.width), height: Double(image.height))
        let x0 = Int(r.minX)
        let y0 = Int(r.minY)
        let x1 = Int(r.maxX.rounded(.up))
        let y1 = Int(r.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return 0 }
        var histogram = [Int](repeating: 0, count: 256)
        for y in y0..<y1 {
            for x in x0..<x1 {
                let c = image.color(x: x, y: y)
                histogram[Int(max(c.r, c.g, c.b))] += 1
            }
        }
        let total = (x1 - x0) * (y1 - y0)
        var above = 0
        for level in stride(from: 255, through: 0, by: -1) {
            above += histogram[level]
            if Double(above) >= 0.02 * Double(total) { return Double(level) }
        }
        return 0
    }

    /// ≥ 85 % of a neighbour's width lies across the dialog: §3.3's containment, along one axis.
    static let neighbourWidthInside = 0.85
    /// A title or an action row is at most half as tall as the detected box — *measured* on the
    /// 1,219 listening screens of ui-real (2026-11-28): of the 50 dialogs that grew, 49 grew by at
    /// most 0.35 of their box's height in all; the fiftieth, a share sheet under a photo, grew
    /// over the whole photo behind its scrim (1.36 × the sheet's height, its white shirt as bright
    /// as the sheet), and so hid nothing behind it.
    static let neighbourMaxHeight = 0.5
    /// A title or an action row sits within a tenth of the detected box's height of it — *measured*
    /// on ui-real (2026-11-25, the 138 screens of valid, train and iPhone whose dialog hid
    /// something): of the undimmed elements across the box within 0.3 × its height, those within
    /// 0.1 were the panel's titles and actions ("OK", "CANCEL", "DISMISS", "GOT IT"); past it came
    /// a dark dialog's neighbours behind it as well as a stack's farther actions, which join one
    /// after another as the frame grows ("Later" under "Close").
    static let neighbourGap = 0.1
    /// Undimmed: at least 0.85 × the panel's brightness — *measured* on those screens: the panel's
    /// own titles and actions 0.98–1.0 (dark panels above 1), the dimmed neighbours behind the
    /// scrim 0.19–0.81 (most 0.4–0.66).
    static let undimmedRatio = 0.85

    /// A dialog's title is text, not a button: the topmost element, a text the text-button rules
    /// took for a button ("Share This Recipe", "Save Search" — verbs that title the dialog), in
    /// the top ``titleBand`` of the dialog and with at least ``minBelowTitle`` elements below it.
    /// Its actions sit under it; a title is not one of them.
    static func titleIsText(_ elements: [Element], dialog: Rect) -> [Element] {
        guard let top = elements.indices.min(by: { elements[$0].frame.minY < elements[$1].frame.minY }) else { return elements }
        let e = elements[top]
        let below = elements.filter { $0.frame.minY >= e.frame.maxY }.count
        guard e.kind == .button, e.children.isEmpty, Metadata.isMadeOfText(e),
            e.frame.midY <= dialog.minY + titleBand * dialog.height, below >= minBelowTitle
        else { return elements }
        var result = elements
        Metadata.makeText(&result[top])
        return result
    }

    /// A dialog's title sits in its top fifth — *measured* on ui-real (2026-11-25): the titles the
    /// text-button rules had called buttons on the 299 valid and 300 train screens lay 4.6–14 %
    /// down their dialogs (their centres; ten measured, the eleventh's dialog frame not noted).
    static let titleBand = 0.2
    /// A title has a message or actions under it: at least two elements — *design choice*.
    static let minBelowTitle = 2
}

/// An open navigation drawer hides the screen behind it, as a modal dialog does
/// (``NavigationDrawer``): when no dialog hid the screen and the pixels show a drawer's trailing
/// edge, only the elements above the drawer (the status bar, an app bar it opened below) and
/// those across its width (§3.3's containment along x, ``GroupingSettings/containment``) stay. The drawer is kept in ``AnalysisTrace/drawer``.
struct NavigationDrawerStage: AnalysisStage {
    var settings: GroupingSettings

    func run(_ work: inout ScreenInProgress) throws {
        guard settings.drawersHideScreen, work.trace.dialog == nil, let image = work.image,
            image.width == work.screen.width, image.height == work.screen.height,
            let drawer = NavigationDrawer.frame(in: image)
        else { return }
        let statusBar = StatusBar.Constants.maxBottom * Double(work.screen.height)
        // What lies above the drawer (the status bar, an app bar and tabs it opened below) stays,
        // and so does all that lies across the drawer's width: its top is found less surely than
        // its edge (a header as dark as what is beside it starts the edge lower).
        let kept = work.elements.filter {
            $0.frame.maxY <= statusBar || $0.frame.midY < drawer.minY
                || $0.frame.xOverlap(drawer) >= settings.containment * $0.frame.width
        }
        // A drawer holds rows; one that would keep nothing but the status bar is no drawer.
        guard kept.contains(where: { $0.frame.maxY > statusBar }) else { return }
        let hidden = work.elements.count - kept.count
        work.note("drawer", "navigation drawer \(drawer): \(hidden) element(s) behind it are hidden")
        work.trace.drawer = drawer
        work.elements = kept
    }
}

/// §5.3: state and values read from pixels — a checkbox's "Checked" (``CheckboxState``), a page
/// control's "Page 2 of 4", a slider's percentage — and segmented controls: the segments on one row numbered left to right ("2 of 3")
/// and the selected one found by its fill, tint or underline; an open drawer's current row
/// (``DrawerSelection``).
struct SelectionStage: AnalysisStage {
    var settings: SelectionSettings

    func run(_ work: inout ScreenInProgress) throws {
        if let image = work.image {
            // The text detections, not the OCR lines: a line often starts with the glyph read as a
            // letter ("O English"), and the glyph would be taken for that letter.
            let readsCheckboxes = settings.checkboxStateFromPixels && !work.detectionsGiven && work.elements.contains { $0.kind == .checkbox }
            let texts = readsCheckboxes ? work.detections.filter { $0.type == .text }.map(\.box) : []
            var checkboxes = 0
            for i in work.elements.indices {
                let frame = work.elements[i].frame
                switch work.elements[i].kind {
                case .checkbox where readsCheckboxes:
                    if let reading = CheckboxState.read(image, box: frame, texts: texts) {
                        work.elements[i].setChecked(reading.isChecked)
                        checkboxes += 1
                    }
                case .pageControl:
                    if let v = SelectionState.pageControlValue(image, frame, settings: settings) { work.elements[i].value = "Page \(v.current) of \(v.count)" }
                case .slider:
                    if let v = SelectionState.sliderValue(image, frame, settings: settings) { work.elements[i].value = "\(Int((v * 100).rounded()))%" }
                default: break
                }
            }
            if checkboxes > 0 { work.note("selection", "\(checkboxes) checkbox state(s) read from the glyph's pixels") }
        } else if !work.detections.isEmpty {
            work.note("selection", "no pixels; tint-based selection state and control values skipped")
        }
        work.elements = numberSegments(work.elements, image: work.image)
        if settings.selectedDrawerRows, let image = work.image, let drawer = work.trace.drawer {
            let rows = NavigationDrawer.rowCandidates(work.elements, drawer: drawer)
            if let k = DrawerSelection.selectedRow(image, drawer: drawer, frames: rows.map { work.elements[$0].frame }, settings: settings) {
                work.elements[rows[k]].traits.insert(.selected)
                work.note("selection", "navigation drawer's current row: \(work.elements[rows[k]].label ?? "")")
            }
        }
    }

    func numberSegments(_ elements: [Element], image: RGBAImage?) -> [Element] {
        var result = elements
        let segs = elements.indices.filter { elements[$0].kind == .segment }
        let rows = MissingElements.clusters(segs) { a, b in
            elements[a].frame.yOverlap(elements[b].frame) > 0.5 * min(elements[a].frame.height, elements[b].frame.height)
        }
        for row in rows {
            let sorted = row.sorted { elements[$0].frame.minX < elements[$1].frame.minX }
            for (n, i) in sorted.enumerated() { result[i].position = Position(index: n + 1, count: sorted.count) }
            // A tab strip's underline was found under one slot's label already; it may be as
            // wide as the label only (TabStripConstants.indicatorLabelCoverage).
            let strip = sorted.allSatisfy { i in elements[i].detections.contains { $0.source == .tabStrip } }
            if let sel = SelectionState.selectedSegment(
                image, frames: sorted.map { elements[$0].frame },
                labels: sorted.map { elements[$0].label }, settings: settings,
                barCoverage: strip ? MissingElements.TabStripConstants.minIndicatorSlotCoverage : 0.7)
            {
                result[sorted[sel]].traits.insert(.selected)
            }
        }
        return result
    }
}

/// The screen's large title is a header (``Metadata/markHeader(_:screenHeight:screenWidth:lines:settings:)``), and so
/// is its top app bar's title (``Metadata/markAppBarTitle(_:screen:settings:)``); marked before
/// grouping so the text group holding it keeps the trait.
struct HeaderStage: AnalysisStage {
    var settings: AnnouncementSettings
    var interactivity: InteractivitySettings

    func run(_ work: inout ScreenInProgress) throws {
        work.elements = Metadata.markHeader(
            work.elements, screenHeight: Double(work.screen.height), screenWidth: Double(work.screen.width), lines: work.lines ?? [],
            settings: settings)
        if settings.appBarTitleIsHeader {
            work.elements = Metadata.markAppBarTitle(work.elements, screen: work.screen, settings: interactivity)
            // (an open drawer's header is no bar)
            if work.trace.drawer == nil, work.trace.dialog == nil {
                work.elements = Metadata.markLeadingBarTitle(work.elements, screen: work.screen, lines: work.lines ?? [], settings: interactivity)
            }
        }
        // (an open drawer is no page: its current row says where the user is)
        if settings.pageTitleIsHeader, work.trace.drawer == nil {
            work.elements = Metadata.markPageTitle(work.elements, screenHeight: Double(work.screen.height), lines: work.lines ?? [], settings: settings)
        }
        if settings.titlesOverDescriptionsAreHeaders, work.trace.drawer == nil {
            work.elements = Metadata.markTitlesOverDescriptions(work.elements, screen: work.screen, lines: work.lines ?? [])
        }
        if settings.dialogTitlesAreHeaders, let dialog = work.trace.dialog {
            work.elements = Self.markDialogTitle(work.elements, dialog: dialog)
        }
    }

    /// A modal dialog's title is its heading: the topmost element inside the dialog, a static text
    /// worded as a title (``Metadata/isWordedAsTitle(_:)``: a few words, no sentence) whose middle
    /// lies in the dialog's top ``ModalDialogStage/titleBand``, with at least
    /// ``ModalDialogStage/minBelowTitle`` of the dialog's elements under it (its message, options
    /// or actions): a share sheet's "Share using", a picker's "Loud ringtone" (the listening reviews
    /// of 2026-11-28 heard such titles said as plain text). It starts at the dialog's leading edge
    /// or is centred in it (within ``dialogTitleAlignment`` of its width: a corner's "Skip", a
    /// banner's "Discover it here!" and a "Balance:0" at the trailing end of the title's row are
    /// not it; a title worded as an action, "Share This Recipe", is), and it is not the first of
    /// a list: the two elements under it as tall (within ``dialogListRowTolerance``), starting
    /// where it does (within ``dialogRowAlignment`` × its height), one pitch apart (within
    /// ``dialogListRowTolerance`` of it) — a menu's "Bodypump®" over "Core Conditioning".
    /// *Measured* on the 118 listening screens with a modal dialog (2026-11-28): 30 texts became
    /// headings, by eye 29 dialog titles and a truncated name's title read "rey"; the bounds keep
    /// "Skip", "Balance:0", "Discover it here!", "Bodypump®" and a folder's "Adiust" from it, and
    /// also "Set sleep time" over its evenly spaced options, which looks like a menu's first row.
    static func markDialogTitle(_ elements: [Element], dialog: Rect) -> [Element] {
        let inside = elements.indices.filter { elements[$0].frame.fractionInside(dialog) >= 0.5 }
        guard let top = inside.min(by: { elements[$0].frame.minY < elements[$1].frame.minY }) else { return elements }
        let e = elements[top]
        let f = e.frame
        let under = inside.filter { elements[$0].frame.minY >= f.maxY }
        // The first of a list: the next two rows under it start where it does, as tall, one pitch apart.
        func nextRow(after r: Rect) -> Rect? {
            under.map { elements[$0].frame }.filter { $0.minY >= r.maxY }.min { $0.minY < $1.minY }
        }
        func isRow(_ n: Rect, like r: Rect) -> Bool {
            abs(n.height - r.height) <= dialogListRowTolerance * r.height && abs(n.minX - r.minX) <= dialogRowAlignment * r.height
        }
        var isListRow = false
        if let second = nextRow(after: f), isRow(second, like: f), let third = nextRow(after: second), isRow(third, like: second) {
            let pitch = third.minY - second.minY
            isListRow = abs((second.minY - f.minY) - pitch) <= dialogListRowTolerance * pitch
        }
        let aligned = f.minX - dialog.minX <= dialogTitleAlignment * dialog.width || abs(f.midX - dialog.midX) <= dialogTitleAlignment * dialog.width
        guard e.kind == .text, e.children.isEmpty, !e.traits.contains(.header), let label = e.label, isWordedAsDialogTitle(label),
            aligned, !isListRow,
            f.midY <= dialog.minY + ModalDialogStage.titleBand * dialog.height, under.count >= ModalDialogStage.minBelowTitle
        else { return elements }
        var result = elements
        result[top].traits.insert(.header)
        return result
    }

    /// A dialog's title starts within this share of the dialog's width of its leading edge (HIG's
    /// and Material's dialogs set the title at the content's 24-dp margin, about 0.08 of a 280-dp
    /// dialog), or its middle lies this close to the dialog's — *design choice*.
    static let dialogTitleAlignment = 0.15
    /// A menu's rows are as tall within this share, and as far apart within this share of their
    /// pitch — *design choice*, room for a detector's boxes.
    static let dialogListRowTolerance = 0.15
    /// … and start within this × a row's height of each other — *design choice*.
    static let dialogRowAlignment = 0.5

    /// A dialog's title is worded as a page's (``Metadata/isWordedAsTitle(_:)``), or is a question
    /// or a prompt ending in "…" or ":" of a few words ("Delete message?", "Share via…", "Send
    /// to:") — *design choice*: HIG's alert titles are short, and may ask.
    static func isWordedAsDialogTitle(_ label: String) -> Bool {
        if Metadata.isWordedAsTitle(label) { return true }
        let trimmed = label.trimmingCharacters(in: CharacterSet(charactersIn: "?…:. "))
        guard trimmed.count < label.count, !trimmed.isEmpty else { return false }
        return trimmed.split(separator: " ").count <= 5 && !trimmed.contains(".") && !trimmed.contains("?")
            && (trimmed.first?.isUppercase ?? false)
    }
}

/// §5.5: grouping, in the paper's order — text lines into paragraphs, tab bars, containers into
/// cells, controls with their labels, pictures with their captions. Containers left ungrouped are
/// layout, not elements, and are dropped.
struct GroupStage: AnalysisStage {
    var settings: GroupingSettings
    var selection: SelectionSettings
    var ordering: OrderingSettings

    func run(_ work: inout ScreenInProgress) throws {
        let g = settings
        var elements = work.elements
        if g.groupText { elements = Grouping.groupText(elements, gapFactor: g.textGapFactor) }
        if g.groupTabs {
            elements = Grouping.groupTabs(elements, screen: work.screen, image: work.image, settings: g, selection: selection, ordering: ordering)
            if g.joinIconCaptions {
                // The content stage left icons in the tab-bar band to the tab rule; those it did not
                // make tabs (a grid's last row of captioned tiles) join their captions now.
                elements = Metadata.joinIconCaptions(
                    elements, screen: work.screen, maxGap: g.captionGap, bottomBand: 0,
                    maxPictureWidth: g.decorativePictureWidth * Double(work.screen.width))
            }
        }
        if g.groupContainers {
            elements = Grouping.groupContainers(elements, screen: work.screen, settings: g, ordering: ordering, diagnostics: &work.diagnostics)
        }
        if g.groupControlLabels { elements = Grouping.groupControlLabels(elements, ordering: ordering) }
        if g.joinControlTitles { elements = Grouping.joinControlTitles(elements, ordering: ordering) }
        if g.groupPictureSubtitles { elements = Grouping.groupPictureSubtitles(elements, screen: work.screen, settings: g, ordering: ordering) }
        work.elements = elements.filter { $0.kind != .container }
    }
}

/// §5.4 by rule for texts (``TextButtons``): short texts in a tint colour, or on a tinted fill, are
/// buttons, and so are an open drawer's destinations (``NavigationDrawer/destinations(_:labels:width:)``)
/// — after grouping, so texts that became part of a cell stay there; then the rows of one list
/// take one role (``ListRows``).
struct TintedTextButtonsStage: AnalysisStage {
    var settings: InteractivitySettings

    func run(_ work: inout ScreenInProgress) throws {
        if settings.tintedTextsAreButtons { work.elements = TextButtons.mark(work.elements, image: work.image, settings: settings) }
        // An open drawer's destinations (after grouping: a switch's row text stays its label).
        if settings.drawerRowsAreButtons, let drawer = work.trace.drawer {
            let rows = NavigationDrawer.rowCandidates(work.elements, drawer: drawer)
            let plain = NavigationDrawer.destinations(
                rows.map { work.elements[$0].frame }, labels: rows.map { work.elements[$0].label ?? "" }, width: Double(work.screen.width)
            ).map { rows[$0] }
            let led = NavigationDrawer.iconRowDestinations(work.elements, rows: rows, width: Double(work.screen.width))
            let destinations = Set(plain + led).sorted().filter { work.elements[$0].kind == .text }
            for i in destinations { Metadata.makeButton(&work.elements[i]) }
            if !destinations.isEmpty { work.note("drawer", "\(destinations.count) drawer row(s) read as buttons") }
        }
        if settings.dialogActionsAreButtons, let dialog = work.trace.dialog {
            let marked = TextButtons.markDialogAction(work.elements, dialog: dialog)
            if marked != work.elements { work.note("interactivity", "a dialog with no control: its last line read as its action") }
            work.elements = marked
        }
        if settings.promptLinks { work.elements = TextButtons.markPromptLinks(work.elements) }
        if settings.twinTextsAreButtons { work.elements = TextButtons.markTwinButtons(work.elements, screenWidth: Double(work.screen.width)) }
        if settings.listRowsShareARole {
            let lists = ListRows.shareRoles(work.elements, screenWidth: Double(work.screen.width))
            work.elements = lists.elements
            if lists.changed > 0 { work.note("interactivity", "\(lists.changed) list row(s) given the role of the rest of their list") }
        }
        if settings.fadedButtonsAreDimmed, let image = work.image {
            let dimmed = DimmedButtons.mark(work.elements, image: image, lines: work.lines ?? [])
            work.elements = dimmed.elements
            if dimmed.marked > 0 { work.note("interactivity", "\(dimmed.marked) faded text button(s) said as dimmed") }
        }
    }
}

/// A title with a down caret right after it is a dropdown button (``InlineDropdowns``) — after the
/// disclosure rows (`ContentStage`) have taken the chevrons that end their rows, and after the
/// headings are chosen: a dropdown that had been the screen's heading ("Instagram ▾") loses the
/// trait and no other text is promoted in its place (the page-title rule would take the next
/// largest text, a map's "USD 285" pin, for a title).
struct InlineDropdownsStage: AnalysisStage {
    var settings: InteractivitySettings

    func run(_ work: inout ScreenInProgress) throws {
        guard settings.inlineDropdownsAreButtons else { return }
        let dropdowns = InlineDropdowns.mark(work.elements)
        work.elements = dropdowns.elements
        if dropdowns.marked > 0 { work.note("interactivity", "\(dropdowns.marked) title(s) before a down caret made dropdown buttons") }
    }
}

/// A brand's logo in a button says the brand where the title does not (``BrandTitles``) — after
/// the logos have joined their titles (`ContentStage`) and texts have become buttons
/// (`TintedTextButtonsStage`).
struct BrandTitlesStage: AnalysisStage {
    var settings: InteractivitySettings

    func run(_ work: inout ScreenInProgress) throws {
        guard settings.brandLogosNameTheirButtons else { return }
        let named = BrandTitles.named(work.elements)
        work.elements = named.elements
        if named.changed > 0 { work.note("interactivity", "\(named.changed) label(s) given the brand of their logo") }
    }
}

/// An unlabelled picture behind other elements is a background and is not announced
/// (``ContentSettings/hideBackgroundPictures``) — after grouping, which still sees it: the tab-bar
/// rule measures from the bottom-most element, and without the background sign-in buttons at the
/// foot of a splash screen were read as tabs (8 text buttons on ui-real valid).
struct HideBackgroundsStage: AnalysisStage {
    var content: ContentSettings
    var grouping: GroupingSettings

    func run(_ work: inout ScreenInProgress) throws {
        guard content.hideBackgroundPictures else { return }
        let backgrounds = Metadata.backgroundPictures(
            work.elements, screen: work.screen, minScreenShare: grouping.maxContainerScreenFraction, containment: grouping.containment)
        guard !backgrounds.isEmpty else { return }
        work.elements = work.elements.indices.filter { !backgrounds.contains($0) }.map { work.elements[$0] }
        work.note("pictures", "\(backgrounds.count) background picture(s) not announced")
    }
}

/// §5.5 beyond the subtitle rule: an unnamed illustration centred over (or under) the screen's
/// title or message is that text's decoration and is folded into it
/// (``Grouping/joinIllustrationTitles(_:screen:settings:)``) — after the text-button rules, which
/// must see a "Get started" under the art as it stands, and before the pictures are named by their
/// kind, so that an "Illustration" or a "Logo" over its title is folded in too.
struct IllustrationTitlesStage: AnalysisStage {
    var settings: GroupingSettings

    func run(_ work: inout ScreenInProgress) throws {
        guard settings.joinIllustrationTitles else { return }
        let joined = Grouping.joinIllustrationTitles(work.elements, screen: work.screen, settings: settings)
        work.elements = joined.elements
        if joined.joined > 0 { work.note("grouping", "\(joined.joined) illustration(s) joined their page's title or message") }
    }
}

/// §5.2 for a picture nothing else named: what kind of picture it is ("Photo", "Illustration",
/// "Logo", "Screenshot", "Map"; ``Detection/pictureKind``, kept by ``ContentStage``) instead of a bare
/// "Image" (``ContentSettings/namesPictureKinds``). It runs after grouping and the hiding of
/// backgrounds so that those rules, which treat an unnamed picture as decoration (a list row's
/// thumbnail joins its text, a photo behind a screen is not announced), see the same pictures as
/// without it: only what is still spoken changes.
struct PictureKindStage: AnalysisStage {
    var content: ContentSettings

    func run(_ work: inout ScreenInProgress) throws {
        guard content.namesPictureKinds else { return }
        var named = 0
        work.elements = work.elements.map { Self.named($0, count: &named) }
        if named > 0 { work.note("pictures", "\(named) picture(s) named by their kind") }
    }

    static func named(_ element: Element, count: inout Int) -> Element {
        var e = element
        e.children = e.children.map { named($0, count: &count) }
        if e.kind == .picture, e.label?.isEmpty ?? true, e.value?.isEmpty ?? true, e.detections.count == 1,
            let kind = e.detections[0].pictureKind
        {
            e.label = kind
            count += 1
        }
        return e
    }
}

/// Marks that are no accessibility element (``Decoration``): strokes, and icons and pictures drawn
/// inside another element. It runs after the pictures are named (a "Logo" or "Photo" keeps its stop)
/// and before ordering.
struct HideDecorationStage: AnalysisStage {
    var settings: GroupingSettings

    func run(_ work: inout ScreenInProgress) throws {
        guard settings.hideDecoration else { return }
        let hidden = Decoration.hidden(
            work.elements, maxStrokeSide: settings.strokeSide * Double(work.screen.width), minInside: settings.enclosedMarkInside)
        work.elements = hidden.elements
        if hidden.strokes > 0 { work.note("decoration", "\(hidden.strokes) stroke(s) not announced") }
        if hidden.enclosed > 0 { work.note("decoration", "\(hidden.enclosed) mark(s) inside another element not announced") }
    }
}

/// §5.6: navigation order by XY-cut (``Ordering``).
struct OrderStage: AnalysisStage {
    var settings: OrderingSettings

    func run(_ work: inout ScreenInProgress) throws {
        work.elements = Ordering.order(work.elements, settings: settings)
    }
}

/// §5.4 for words inside a text: the documents a consent or footer line links to become stops of
/// their own right after it (``InlineLinks``) — after ordering, which would place a link's frame,
/// inside its sentence's, anywhere among the sentence's neighbours.
struct InlineLinksStage: AnalysisStage {
    var settings: InteractivitySettings

    func run(_ work: inout ScreenInProgress) throws {
        guard settings.inlineLinks else { return }
        let found = InlineLinks.mark(work.elements, lines: work.lines ?? [])
        work.elements = found.elements
        if found.links > 0 { work.note("interactivity", "\(found.links) link(s) inside texts said as links") }
    }
}

/// What VoiceOver speaks for each element (``Announcer``), a status bar's battery level named
/// (``AnnouncementSettings/namesBatteryLevel``).
struct AnnounceStage: AnalysisStage {
    var settings: AnnouncementSettings

    func run(_ work: inout ScreenInProgress) throws {
        if settings.namesBatteryLevel {
            let height = Double(work.screen.height)
            for i in work.elements.indices
            where work.elements[i].kind == .text
                && StatusBar.isStatusText(work.elements[i].label, frame: work.elements[i].frame, screenHeight: height, batteryAlone: true)
            {
                work.elements[i].label = work.elements[i].label.map(StatusBar.spoken)
            }
        }
        work.elements = Announcer.announce(work.elements, settings: settings)
    }
}

/// §5.3: radio buttons. The paper's classes have one checkbox for both, and a radio's ring was
/// spoken "Checkbox": on the 1,219 listening screens of ui-real about half the checkboxes were
/// rings (language, sound and sort pickers, "Male" / "Female"; 2026-11-29). Checkboxes whose
/// glyphs (read from their pixels by ``CheckboxState/read(_:box:texts:withShape:)``) lie under one another
/// — or, where that makes no group, side by side on one row — at about the same size are radio
/// buttons when there are at least ``RadioButtonStage/minGroup`` of them, every unchecked one is
/// an empty ring (``CheckboxGlyphs/Kind/emptyRing``) and at most one is checked, its glyph a ring
/// around a dot or a shape the glyph reader could not name (a JPEG's halo around a small dotted
/// ring): one choice of several, as a single-choice list draws it (Material's radio buttons).
/// iOS draws a multiple choice's circles filled with a tick, several of them checked at once;
/// boxes are never rings. Each is numbered in its group, top to bottom or left to right ("2 of
/// 11"), as VoiceOver numbers a group's members. Runs after every rule for checkboxes, so that
/// they see one kind.
struct RadioButtonStage: AnalysisStage {
    var settings: SelectionSettings

    /// A radio group has at least 2 choices — *design choice*: one lone ring says nothing of the
    /// others (an iOS "remember me" circle).
    static let minGroup = 2
    /// Glyphs are in one column (row) when their middles lie within half the wider (taller) one's
    /// width (height) of each other and neither is more than 1.5 times the other's height —
    /// *design choice*: one list's glyphs are drawn alike, a grid's columns are a glyph and a
    /// label apart.
    static let lineShare = 0.5
    static let maxSizeRatio = 1.5
    /// Two glyphs overlapping by half the smaller one's area are one — *design choice*.
    static let sameGlyph = 0.5

    /// Whether glyphs of these readings make one choice of several.
    static func isRadioGroup(_ readings: [CheckboxState.Reading]) -> Bool {
        let checked = readings.filter(\.isChecked)
        return readings.count >= minGroup && checked.count <= 1
            && readings.allSatisfy { $0.isChecked ? $0.shape == nil || $0.shape == .dottedRing : $0.shape == .emptyRing }
    }

    func run(_ work: inout ScreenInProgress) throws {
        guard settings.radioButtonsFromRings, let image = work.image else { return }
        // Every checkbox, at the top level or a group's child, and its glyph as read.
        var paths: [(Int, Int?)] = []
        for (i, e) in work.elements.enumerated() {
            if e.kind == .checkbox { paths.append((i, nil)) }
            for (j, c) in e.children.enumerated() where c.kind == .checkbox { paths.append((i, j)) }
        }
        guard paths.count >= Self.minGroup else { return }
        func element(_ p: (Int, Int?)) -> Element { p.1.map { work.elements[p.0].children[$0] } ?? work.elements[p.0] }
        let texts = work.detections.filter { $0.type == .text }.map(\.box)
        var glyphs: [Int: CheckboxState.Reading] = [:]
        // Two checkboxes that read one glyph are one control detected twice: the first read (a
        // labelled one before an unlabelled one) stands for both, and its twin follows it.
        var twins: [Int: [Int]] = [:]
        let order = paths.indices.sorted { (element(paths[$0]).label == nil ? 1 : 0, $0) < (element(paths[$1]).label == nil ? 1 : 0, $1) }
        for k in order {
            // Read again, not taken from the selection stage: grouping has moved frames since.
            guard let reading = CheckboxState.read(image, box: element(paths[k]).frame, texts: texts, withShape: true) else { continue }
            if let m = glyphs.keys.sorted().first(where: {
                max(glyphs[$0]!.glyph.fractionInside(reading.glyph), reading.glyph.fractionInside(glyphs[$0]!.glyph)) >= Self.sameGlyph
            }) {
                twins[m, default: []].append(k)
            } else {
                glyphs[k] = reading
            }
        }
        var converted = 0
        var unlabelledTwins: [Int] = []
        var done = Set<Int>()
        // Columns first, then rows among what no column took.
        for vertical in [true, false] {
            func along(_ g: Rect) -> Double { vertical ? g.minY : g.minX }
            func aligned(_ a: Rect, _ b: Rect) -> Bool {
                let apart =
                    vertical ? abs(a.midX - b.midX) <= Self.lineShare * max(a.width, b.width) : abs(a.midY - b.midY) <= Self.lineShare * max(a.height, b.height)
                return apart && max(a.height, b.height) <= Self.maxSizeRatio * min(a.height, b.height)
            }
            // Sorted along the line, ties by path, so that a screen always groups the same way.
            let open = glyphs.keys.filter { !done.contains($0) }.sorted {
                (along(glyphs[$0]!.glyph), $0) < (along(glyphs[$1]!.glyph), $1)
            }
            var taken = Set<Int>()
            for k in open where !taken.contains(k) {
                let line = open.filter { !taken.contains($0) && aligned(glyphs[$0]!.glyph, glyphs[k]!.glyph) }
                taken.formUnion(line)
                guard Self.isRadioGroup(line.map { glyphs[$0]! }) else { continue }
                done.formUnion(line)
                for (n, m) in line.enumerated() {
                    // A labelled twin is the same choice said twice: it is said the same way.
                    for t in [m] + twins[m, default: []].filter({ element(paths[$0]).label != nil }) {
                        let (i, j) = paths[t]
                        var e = element(paths[t])
                        e.kind = .radioButton
                        e.position = Position(index: n + 1, count: line.count)
                        if let j { work.elements[i].children[j] = e } else { work.elements[i] = e }
                        converted += 1
                    }
                    unlabelledTwins += twins[m, default: []].filter { element(paths[$0]).label == nil }
                }
            }
        }
        // An unlabelled twin of a radio button says nothing its twin does not: it goes.
        for (i, j) in unlabelledTwins.map({ paths[$0] }).sorted(by: { ($0.0, $0.1 ?? -1) > ($1.0, $1.1 ?? -1) }) {
            if let j { work.elements[i].children.remove(at: j) } else { work.elements.remove(at: i) }
        }
        if !unlabelledTwins.isEmpty {  // the elements are in navigation order: numbered 1...n again
            for i in work.elements.indices {
                work.elements[i].order = i + 1
                for j in work.elements[i].children.indices { work.elements[i].children[j].order = j + 1 }
            }
        }
        if converted > 0 {
            work.note(
                "selection",
                "\(converted) checkbox(es) drawn as rings in a group of one choice are radio buttons; \(unlabelledTwins.count) unlabelled twin(s) of theirs left out"
            )
        }
    }
}
