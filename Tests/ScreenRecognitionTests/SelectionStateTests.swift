import Testing

@testable import ScreenRecognition

@Suite("§5.3 selection state and control values from pixels")
struct SelectionStateTests {
    static let frames = (0..<3).map { r(20 + Double($0) * 120, 20, 110, 36) }

    enum Style: String, CaseIterable, Sendable {
        case tint  // the selected segment's title is tinted (blue), the others grey
        case underline  // a bar under the selected segment, same text colour everywhere
        case pill  // iOS 13: a white pill on a grey track
        case filled  // iOS 6: the selected segment is filled with the tint
    }

    static func segmentedControl(_ style: Style, selected: Int) -> RGBAImage {
        var img = RGBAImage(width: 400, height: 80, fill: .white)
        for (i, f) in frames.enumerated() {
            let sel = i == selected
            switch style {
            case .tint:
                img = paintGlyph(img, f.insetBy(dx: 30, dy: 8), sel ? .blue : .grey)
            case .underline:
                img = paintGlyph(img, f.insetBy(dx: 30, dy: 8), .black)
                if sel { img = img.filling(r(f.minX, f.maxY - 3, f.width, 3), with: .blue) }
            case .pill:
                img = img.filling(f, with: .track)
                if sel { img = img.filling(f.insetBy(dx: 3, dy: 3), with: .white) }
                img = paintGlyph(img, f.insetBy(dx: 30, dy: 8), .black)
            case .filled:
                img = img.filling(f, with: sel ? .blue : .white)
                img = paintGlyph(img, f.insetBy(dx: 30, dy: 8), sel ? .white : .blue)
            }
        }
        return img
    }

    @Test(
        "Segmented controls: each cue finds the selected segment",
        arguments: Style.allCases, [0, 1, 2])
    func segments(style: Style, selected: Int) {
        let img = Self.segmentedControl(style, selected: selected)
        let found = SelectionState.selectedSegment(img, frames: Self.frames, labels: ["Day", "Week", "Month"], settings: .init())
        #expect(found == selected)
    }

    @Test("Two segments, iOS 13 pill style", arguments: [0, 1])
    func twoSegments(selected: Int) {
        let frames = Array(Self.frames.prefix(2))
        var img = RGBAImage(width: 400, height: 80, fill: .white)
        for (i, f) in frames.enumerated() {
            img = img.filling(f, with: .track)
            if i == selected { img = img.filling(f.insetBy(dx: 3, dy: 3), with: .white) }
            img = paintGlyph(img, f.insetBy(dx: 30, dy: 8), .black)
        }
        #expect(SelectionState.selectedSegment(img, frames: frames, labels: [nil, nil], settings: .init()) == selected)
    }

    @Test("No visual cue: no selection is claimed")
    func noCue() {
        var img = RGBAImage(width: 400, height: 80, fill: .white)
        for f in Self.frames { img = paintGlyph(img, f.insetBy(dx: 30, dy: 8), .black) }
        #expect(SelectionState.selectedSegment(img, frames: Self.frames, labels: ["A", "B", "C"], settings: .init()) == nil)
    }

    @Test("Without pixels, the only segment with text is selected (Fig. 8.g)")
    func onlyText() {
        #expect(SelectionState.selectedSegment(nil, frames: Self.frames, labels: [nil, "Photos", nil], settings: .init()) == 1)
    }

    @Test(
        "Tint outlier",
        arguments: [
            ([RGB.grey, .grey, .orange, .grey] as [RGB?], 2 as Int?),
            ([RGB.grey, .grey, .grey], nil),
            ([RGB.blue, .grey], 0),
            ([RGB.grey, nil, nil], 0),
        ])
    func outlier(colors: [RGB?], expected: Int?) {
        #expect(SelectionState.outlier(colors, minDistance: 60) == expected)
    }

    /// Five tab icons on white, each a 20×20 square of its tint in a 40×40 frame.
    @Test(
        "Selected tab: the only coloured tab among grey ones, before the farthest tint",
        arguments: [
            // a dimmed light-grey "‹" is farther from the dark grey items than the blue "Home"
            ([RGB(r: 201, g: 201, b: 201), RGB(r: 120, g: 120, b: 120), RGB(r: 101, g: 104, b: 186), RGB(r: 121, g: 121, b: 121)], 2 as Int?),
            // two coloured tabs (a green badge): the farthest tint, as before — the orange
            ([RGB(r: 230, g: 134, b: 3), RGB(r: 4, g: 4, b: 4), RGB(r: 4, g: 4, b: 4), RGB(r: 10, g: 132, b: 1)], 0),
            // a grey outlier with a coloured tab is still the coloured one
            ([RGB(r: 120, g: 120, b: 120), RGB(r: 201, g: 201, b: 201), RGB(r: 120, g: 120, b: 120), RGB(r: 220, g: 60, b: 70)], 3),
            // all grey: the farthest tint
            ([RGB(r: 40, g: 40, b: 40), RGB(r: 160, g: 160, b: 160), RGB(r: 160, g: 160, b: 160), RGB(r: 160, g: 160, b: 160)], 0),
        ])
    func selectedTab(tints: [RGB], expected: Int?) {
        var image = RGBAImage(width: 40 * tints.count, height: 40, fill: .white)
        for (i, tint) in tints.enumerated() { image = image.filling(r(Double(i) * 40 + 10, 10, 20, 20), with: tint) }
        let frames = tints.indices.map { r(Double($0) * 40, 0, 40, 40) }
        #expect(SelectionState.selectedTab(image, frames: frames, settings: .init()) == expected)
    }

    @Test("Page control: 5 dots, the current one darker", arguments: [1, 2, 5])
    func pageControl(current: Int) {
        var img = RGBAImage(width: 200, height: 40, fill: .white)
        for i in 0..<5 {
            let c: RGB = i + 1 == current ? RGB(r: 60, g: 60, b: 67) : RGB(r: 200, g: 200, b: 205)
            img = img.filling(r(50 + Double(i) * 20, 16, 8, 8), with: c)
        }
        let v = SelectionState.pageControlValue(img, r(40, 10, 120, 20), settings: .init())
        #expect(v?.current == current)
        #expect(v?.count == 5)
    }

    /// Page controls as ui-real shows them: a filled dot among rings of the same colour, a white
    /// dot beside a faint one, and tiny dots whose gaps are blurred by JPEG.
    @Test("Page control: a filled dot among rings is the current page", arguments: [1, 3, 4])
    func pageControlRings(current: Int) {
        var img = RGBAImage(width: 200, height: 40, fill: RGB(r: 90, g: 60, b: 160))
        for i in 0..<4 {
            let x = 50 + Double(i) * 24
            img = img.filling(r(x, 14, 12, 12), with: .white)
            // A ring: the inside back to the background (a 2 px stroke).
            if i + 1 != current { img = img.filling(r(x + 2, 16, 8, 8), with: RGB(r: 90, g: 60, b: 160)) }
        }
        let v = SelectionState.pageControlValue(img, r(40, 8, 140, 24), settings: .init())
        #expect(v?.current == current)
        #expect(v?.count == 4)
    }

    @Test("Page control: of two dots, the one of clearly more contrast", arguments: [1, 2])
    func pageControlTwoDots(current: Int) {
        let bg = RGB(r: 160, g: 80, b: 200)
        var img = RGBAImage(width: 120, height: 30, fill: bg)
        for i in 0..<2 {
            // The other dot is the background lightened a little (a translucent white dot).
            let c = i + 1 == current ? RGB.white : RGB(r: 190, g: 120, b: 220)
            img = img.filling(r(30 + Double(i) * 30, 10, 10, 10), with: c)
        }
        let v = SelectionState.pageControlValue(img, r(20, 5, 80, 20), settings: .init())
        #expect(v?.current == current)
        #expect(v?.count == 2)
    }

    @Test("Page control: blurred gaps between tiny dots still separate them")
    func pageControlBlurredGaps() {
        // Five 4 px grey dots 2 px apart; the gap columns hold a mid grey (JPEG/anti-aliasing
        // haze) far enough from the white page to count as ink on their own; the third dot is dark.
        var img = RGBAImage(width: 80, height: 20, fill: .white)
        for i in 0..<5 {
            let x = 20 + Double(i) * 6
            img = img.filling(r(x, 8, 4, 4), with: i == 2 ? RGB(r: 40, g: 40, b: 40) : RGB(r: 150, g: 150, b: 150))
            if i < 4 { img = img.filling(r(x + 4, 9, 2, 2), with: RGB(r: 215, g: 215, b: 215)) }
        }
        let v = SelectionState.pageControlValue(img, r(16, 4, 40, 12), settings: .init())
        #expect(v?.current == 3)
        #expect(v?.count == 5)
    }

    @Test(
        "Page control: two touching parts no wider than a dot together are one ring split at its hollow middle",
        arguments: [
            // (segments, the strength at the dip between the touching parts, mended)
            ([0..<8, 13..<19, 19..<22, 27..<36, 41..<50], 122.0, [0..<8, 13..<22, 27..<36, 41..<50]),  // a 1x JPEG ring split 6 + 3
            ([0..<8, 13..<19, 19..<22, 27..<36, 41..<50], 22.0, [0..<8, 13..<19, 19..<22, 27..<36, 41..<50]),  // the page between: two
            ([0..<5, 5..<10, 12..<17], 122.0, [0..<5, 5..<10, 12..<17]),  // two dots blurred together: twice a dot
            ([0..<8, 8..<12], 122.0, [0..<8, 8..<12]),  // two parts alone: nothing to measure a dot by
        ] as [([Range<Int>], Double, [Range<Int>])])
    func pageControlSplitRing(segments: [Range<Int>], dip: Double, mended: [Range<Int>]) {
        // Every column at a dot's peak strength (220) but the first column of each part after a
        // touching one, where the dip lies.
        var strength = [Double](repeating: 220, count: 50)
        for (a, b) in zip(segments, segments.dropFirst()) where a.upperBound == b.lowerBound { strength[b.lowerBound] = dip }
        #expect(SelectionState.ringsMended(segments, strength: strength) == mended)
    }

    @Test(
        "Page control: a weak part touching a dot within half the dots' pitch is the dot's JPEG halo",
        arguments: [
            // (segments, their peaks, merged)
            ([0..<9, 9..<13, 16..<22, 30..<36, 44..<50], [277.0, 49, 65, 62, 59], [0..<13, 16..<22, 30..<36, 44..<50]),  // MyFitnessPal's white dot
            ([0..<9, 9..<13, 16..<22, 30..<36, 44..<50], [277.0, 200, 65, 62, 59], [0..<9, 9..<13, 16..<22, 30..<36, 44..<50]),  // as strong: a ring's half
            ([0..<6, 14..<20, 28..<34, 42..<48], [277.0, 60, 60, 60], [0..<6, 14..<20, 28..<34, 42..<48]),  // faint dots a pitch apart
        ] as [([Range<Int>], [Double], [Range<Int>])])
    func pageControlHalo(segments: [Range<Int>], peaks: [Double], merged: [Range<Int>]) {
        var strength = [Double](repeating: 0, count: 50)
        for (seg, p) in zip(segments, peaks) { for x in seg { strength[x] = p } }
        #expect(SelectionState.halosMerged(segments, strength: strength) == merged)
    }

    @Test("Page control: a dot the box cuts at its edge still counts, when it is as strong as the others")
    func pageControlCutDot() {
        // Four grey rings and a red current dot whose last columns lie outside the detector's box.
        var img = RGBAImage(width: 120, height: 30, fill: .white)
        for i in 0..<4 {
            let x = 20 + Double(i) * 14
            img = img.filling(r(x, 10, 9, 9), with: RGB(r: 110, g: 110, b: 110))
            img = img.filling(r(x + 2, 12, 5, 5), with: .white)
        }
        img = img.filling(r(76, 10, 9, 9), with: RGB(r: 230, g: 40, b: 30))
        let v = SelectionState.pageControlValue(img, r(18, 8, 61, 14), settings: .init())
        #expect(v?.current == 5)
        #expect(v?.count == 5)
    }

    /// A detector's box tight around 1x dots on a photo's navy band: inside it the white dots
    /// outnumber the bar, and its top and bottom rows run through the dots, so only the bar just
    /// outside the box tells the dots from their background (ui-real: a blue dot among white ones).
    @Test("Page control: a tight box whose dots outnumber the bar is read against the bar around it", arguments: [1, 2, 4])
    func pageControlTightBox(current: Int) {
        let bar = RGB(r: 17, g: 45, b: 76)
        var img = RGBAImage(width: 120, height: 30, fill: bar)
        for i in 0..<4 {
            let x = 30 + Double(i) * 9
            img = img.filling(r(x, 11, 7, 8), with: i + 1 == current ? RGB(r: 30, g: 144, b: 255) : .white)
        }
        // The box: the dots' own extent (34 × 8 px; 6 px of bar in the gaps).
        let v = SelectionState.pageControlValue(img, r(30, 11, 34, 8), settings: .init())
        #expect(v?.current == current)
        #expect(v?.count == 4)
        #expect(SelectionState.outsideColour(img, bounds: (30, 64, 11, 19)) == bar)
    }

    /// ui-real's dark and green bars draw the other pages in the bar's colour at low opacity:
    /// 17 from the bar here, under the first reading's floor (half of 40), so only the second,
    /// faint-dot reading finds them; with three equally faint dots no page is current.
    @Test(
        "Page control: faint dots beside the current one on a dark bar",
        arguments: [(1, 12.0, 1 as Int?, 3 as Int?), (3, 12.0, 3, 3), (1, 0.0, nil, nil), (nil, 12.0, nil, nil)] as [(Int?, Double, Int?, Int?)])
    func pageControlFaintDots(current: Int?, faintDotDistance: Double, expectedCurrent: Int?, expectedCount: Int?) {
        let bar = RGB(r: 40, g: 41, b: 40)
        var img = RGBAImage(width: 120, height: 30, fill: bar)
        for i in 0..<3 {
            let c = i + 1 == current ? RGB(r: 80, g: 200, b: 230) : RGB(r: 30, g: 31, b: 30)
            img = img.filling(r(30 + Double(i) * 16, 11, 8, 8), with: c)
        }
        var settings = SelectionSettings()
        settings.faintDotDistance = faintDotDistance
        let v = SelectionState.pageControlValue(img, r(24, 8, 52, 14), settings: settings)
        #expect(v?.current == expectedCurrent)
        #expect(v?.count == expectedCount)
    }

    @Test("Slider value from the thumb position", arguments: [(0.0, 0), (0.5, 50), (1.0, 100)])
    func slider(position: Double, percent: Int) {
        let box = r(20, 10, 300, 30)
        let x = 20 + position * (300 - 28)
        var img = RGBAImage(width: 340, height: 50, fill: .white)
        img = img.filling(r(20, 23, 300, 4), with: .track).filling(r(20, 23, x - 20, 4), with: .blue)
        img = img.filling(r(x, 11, 28, 28), with: RGB(r: 120, g: 120, b: 120))
        let v = SelectionState.sliderValue(img, box, settings: .init())
        #expect(v.map { Int(($0 * 100).rounded()) } == percent)
    }

    @Test("Slider with a white thumb: the value comes from the tinted track", arguments: [0.25, 0.5, 0.9])
    func whiteThumb(position: Double) throws {
        let box = r(20, 10, 300, 30)
        let x = 20 + position * 300
        var img = RGBAImage(width: 340, height: 50, fill: .white)
        img = img.filling(r(20, 23, 300, 4), with: .track).filling(r(20, 23, x - 20, 4), with: .blue)
        let v = try #require(SelectionState.sliderValue(img, box, settings: .init()))
        #expect(abs(v - position) < 0.02)
    }
}
