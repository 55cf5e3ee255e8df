import Testing

@testable import ScreenRecognition

@Suite("Three-dot overflow glyphs from their pixels")
struct IconGlyphsTests {
    /// A 40 × 40 light picture with `dots` grey squares of `size` px along a line, `gap` px apart,
    /// vertical or horizontal; returns it and the tight box around them.
    static func dots(_ count: Int, size: Int = 3, gap: Int = 2, vertical: Bool = true, bar: Int? = nil) -> (RGBAImage, Rect) {
        var image = RGBAImage(width: 40, height: 40, fill: RGB(r: 245, g: 245, b: 245))
        let across = bar ?? size
        for k in 0..<count {
            let along = Double(10 + k * (size + gap))
            let r = vertical ? r(18, along, Double(across), Double(size)) : r(along, 18, Double(size), Double(across))
            image = image.filling(r, with: RGB(r: 90, g: 90, b: 90))
        }
        let length = Double(count * size + (count - 1) * gap)
        let box = vertical ? r(18, 10, Double(across), length) : r(10, 18, length, Double(across))
        return (image, box)
    }

    @Test("three dots in a row are the overflow glyph", arguments: [true, false])
    func threeDots(vertical: Bool) {
        let (image, box) = Self.dots(3, vertical: vertical)
        #expect(IconGlyphs.isThreeDots(image, box: box, minDistance: 40))
    }

    @Test("two or four dots, bars and a dash are not", arguments: [(2, nil as Int?), (4, nil), (3, 12)])
    func notThreeDots(count: Int, bar: Int?) {
        let (image, box) = Self.dots(count, vertical: true, bar: bar)
        #expect(!IconGlyphs.isThreeDots(image, box: box, minDistance: 40))
    }

    @Test func aSquareBoxIsNotJudged() {
        let (image, _) = Self.dots(3)
        #expect(!IconGlyphs.isThreeDots(image, box: r(14, 10, 12, 13), minDistance: 40))
    }

    @Test func blurredGapsStillSeparateTheDots() {
        // The gaps hold a light grey a quarter of the way to the dots (JPEG haze), far enough from
        // the page to pass a fixed 40 but under half the dots' distance.
        var (image, box) = Self.dots(3)
        image = image.filling(r(18, 13, 3, 2), with: RGB(r: 205, g: 205, b: 205)).filling(r(18, 18, 3, 2), with: RGB(r: 205, g: 205, b: 205))
        #expect(IconGlyphs.isThreeDots(image, box: box, minDistance: 40))
    }
}

@Suite("Small chevrons and carets from their pixels")
struct ChevronTests {
    /// A light 40 × 40 picture with the glyph drawn from `art` ('#' ink, '.' page) at (10, 10),
    /// and the glyph's box grown by a pixel on each side (the detector's boxes are not tight).
    static func glyph(_ art: [String], ink: RGB = RGB(r: 70, g: 70, b: 70)) -> (RGBAImage, Rect) {
        var image = RGBAImage(width: 40, height: 40, fill: RGB(r: 245, g: 245, b: 245))
        for (y, row) in art.enumerated() {
            for (x, c) in row.enumerated() where c == "#" { image = image.filling(r(Double(10 + x), Double(10 + y), 1, 1), with: ink) }
        }
        let width = art.map(\.count).max() ?? 0
        return (image, r(9, 9, Double(width + 2), Double(art.count + 2)))
    }

    static let right = ["#...", "##..", ".##.", "..##", ".##.", "##..", "#..."]
    static let down = ["#.......#", "##.....##", ".##...##.", "..##.##..", "...###...", "....#...."]
    static let caret = ["#########", ".#######.", "..#####..", "...###...", "....#...."]
    static let play = ["##......", "####....", "######..", "########", "######..", "####....", "##......"]
    static let tinyChevron = ["#..", "##.", "###", "##.", "#.."]
    static let check = ["........#", ".......##", "......##.", "#....##..", "##..##...", ".####....", "..##....."]
    static let house = ["....#....", "...###...", "..#####..", ".#######.", "#########", "##.....##", "##.....##", "##.....##"]
    static let square = ["######", "#....#", "#....#", "#....#", "######"]
    /// A 10 × 5 ⌄ at 1x whose left arm ends in one more anti-aliased pixel (ui-real's iPhone screens).
    static let lopsidedDown = ["#........#", ".##.....##", "..##...##.", "...#####..", "....##...."]

    @Test(
        "direction of a chevron or caret; nothing for other glyphs",
        arguments: [
            (right, 6.0, IconMeaning.forward as IconMeaning?),
            (right.map { String($0.reversed()) }, 6, .back),
            (down, 6, .down),
            (down.reversed(), 6, .up),
            (caret, 6, .down),
            // A filled triangle pointing sideways is a play glyph unless it is tiny.
            (play, 6, nil),
            (tinyChevron, 6, .forward),
            (tinyChevron, 4, nil),
            (check, 6, nil),
            (house, 6, nil),
            (square, 6, nil),
            // Its own mirror image about an axis half a pixel right of its box's middle.
            (lopsidedDown, 6, .down),
        ] as [([String], Double, IconMeaning?)])
    func direction(art: [String], maxTinySide: Double, expected: IconMeaning?) {
        let (image, box) = Self.glyph(art)
        #expect(IconGlyphs.chevronDirection(image, box: box, minDistance: 40, maxTinySide: maxTinySide) == expected)
    }

    /// A 7 × 9 px › of a 1x iPhone list (ui-real train, IMG_1614), grey levels from (335, 80), and
    /// the detector's box for it.
    static let listChevron: [[UInt8]] = [
        [255, 255, 255, 240, 255, 255, 255, 255, 251, 255, 243, 255, 255],
        [255, 253, 251, 255, 255, 241, 254, 255, 255, 251, 255, 255, 251],
        [255, 254, 239, 255, 244, 246, 255, 233, 254, 237, 255, 241, 255],
        [255, 254, 255, 196, 251, 255, 245, 255, 255, 255, 255, 252, 255],
        [255, 255, 236, 80, 1, 57, 248, 255, 236, 248, 245, 255, 253],
        [255, 245, 247, 255, 227, 0, 0, 150, 255, 255, 240, 254, 255],
        [255, 255, 250, 253, 253, 255, 178, 0, 0, 237, 255, 249, 254],
        [255, 255, 248, 255, 255, 240, 255, 255, 63, 11, 240, 255, 251],
        [255, 241, 255, 255, 253, 248, 255, 31, 0, 146, 240, 255, 245],
        [255, 255, 255, 225, 255, 227, 0, 17, 251, 235, 255, 255, 240],
        [255, 255, 254, 255, 47, 0, 131, 255, 248, 255, 255, 251, 251],
        [255, 245, 244, 4, 24, 254, 250, 243, 255, 250, 244, 252, 255],
        [255, 255, 255, 251, 242, 253, 255, 242, 247, 255, 253, 255, 255],
        [255, 248, 255, 255, 249, 254, 254, 246, 255, 255, 255, 255, 254],
    ]
    static let listChevronBox = r(337.92 - 335, 82.95 - 80, 7.04, 9.81)

    @Test func aChevronTheBoxReadsLopsidedIsReadFromTheBoxGrownAPixel() {
        let image = Self.greyImage(Self.listChevron)
        #expect(IconGlyphs.direction(image, box: Self.listChevronBox, minDistance: 40, maxTinySide: 5.8) == nil)
        #expect(IconGlyphs.chevronDirection(image, box: Self.listChevronBox, minDistance: 40, maxTinySide: 5.8) == .forward)
    }

    /// Two › of ui-real's 1x list rows that half the largest distance reads as one arm, with the
    /// detector's boxes (grey levels from the box's corner less 2 px): a black 1 px chevron whose
    /// upper arm JPEG left a pixel thick and the lower two (27236, "Indianapolis"), and a light
    /// grey one on white, 38 grey levels from the page (KakaoTalk 195351311_02, "패딩").
    static let thinChevron: [[UInt8]] = [
        [247, 255, 255, 255, 255, 255, 255, 255, 255],
        [249, 255, 240, 231, 255, 255, 255, 255, 255],
        [255, 254, 187, 172, 248, 255, 255, 255, 255],
        [249, 253, 183, 7, 183, 249, 253, 255, 254],
        [250, 255, 228, 197, 5, 182, 247, 249, 249],
        [249, 255, 255, 255, 195, 0, 196, 250, 249],
        [255, 238, 245, 230, 26, 50, 231, 255, 245],
        [255, 246, 252, 23, 60, 236, 255, 255, 253],
        [243, 255, 87, 60, 241, 255, 237, 250, 255],
        [247, 251, 255, 238, 255, 255, 255, 255, 253],
        [255, 254, 243, 255, 251, 252, 255, 241, 255],
        [255, 255, 255, 255, 255, 255, 255, 255, 255],
    ]
    static let faintChevron: [[UInt8]] = [
        [255, 251, 255, 255, 253, 251, 254, 255, 253],
        [255, 254, 255, 255, 254, 252, 254, 254, 252],
        [255, 255, 252, 251, 255, 255, 255, 254, 255],
        [255, 253, 240, 238, 252, 255, 254, 253, 255],
        [255, 247, 227, 225, 247, 255, 251, 249, 255],
        [255, 255, 243, 229, 231, 245, 255, 255, 249],
        [255, 251, 255, 252, 234, 227, 239, 253, 255],
        [255, 251, 255, 255, 232, 217, 234, 253, 255],
        [255, 255, 255, 243, 227, 229, 247, 255, 250],
        [255, 255, 240, 225, 231, 247, 255, 255, 251],
        [255, 250, 234, 230, 243, 255, 254, 254, 255],
        [255, 248, 245, 245, 251, 255, 255, 255, 255],
        [255, 255, 255, 254, 250, 254, 255, 255, 247],
        [255, 255, 255, 255, 255, 255, 255, 255, 255],
    ]

    static func greyImage(_ rows: [[UInt8]]) -> RGBAImage {
        var image = RGBAImage(width: rows[0].count, height: rows.count, fill: RGB(r: 255, g: 255, b: 255))
        for (y, row) in rows.enumerated() {
            for (x, v) in row.enumerated() { image = image.filling(r(Double(x), Double(y), 1, 1), with: RGB(r: v, g: v, b: v)) }
        }
        return image
    }

    @Test(
        "a chevron read as one arm at half the largest distance is read with fainter ink",
        arguments: [(thinChevron, r(2.31, 2.45, 4.51, 7.63)), (faintChevron, r(2.25, 2.95, 4.35, 8.3)), (faintChevron, r(2.25, 3, 4.25, 8.25))])
    func fainterInk(rows: [[UInt8]], box: Rect) {
        let image = Self.greyImage(rows)
        for b in [box, box.insetBy(dx: -1, dy: -1)] {
            #expect(IconGlyphs.direction(image, box: b, minDistance: 40, maxTinySide: 5.8) == nil)
        }
        #expect(IconGlyphs.chevronDirection(image, box: box, minDistance: 40, maxTinySide: 5.8, inkShares: [0.5]) == nil)
        #expect(IconGlyphs.chevronDirection(image, box: box, minDistance: 40, maxTinySide: 5.8) == .forward)
    }

    @Test func fainterInkStillNeedsAGlyphFarEnoughFromThePage() {
        // The light chevron (38 grey levels from the page at most: an RGB distance of 66) with its
        // ink lifted to 20 levels (a distance of 35): under `minDistance` 40, nothing at any share.
        let lifted = Self.faintChevron.map { row in row.map { v in UInt8(255 - (255 - Int(v)) * 20 / 38) } }
        #expect(IconGlyphs.chevronDirection(Self.greyImage(lifted), box: r(2.25, 2.95, 4.35, 8.3), minDistance: 40, maxTinySide: 5.8) == nil)
    }

    @Test func aBlankOrDegenerateBoxHasNoDirection() {
        let (image, _) = Self.glyph(Self.right)
        #expect(IconGlyphs.chevronDirection(image, box: r(30, 30, 6, 6), minDistance: 40, maxTinySide: 6) == nil)
        #expect(IconGlyphs.chevronDirection(image, box: r(10, 10, 0, 7), minDistance: 40, maxTinySide: 6) == nil)
        #expect(IconGlyphs.chevronDirection(image, box: r(.nan, 10, 5, 7), minDistance: 40, maxTinySide: 6) == nil)
    }
}
