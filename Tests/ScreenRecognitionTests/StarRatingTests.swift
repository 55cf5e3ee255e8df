import Foundation
import ScreenRecognitionTesting
import Testing

@testable import ScreenRecognition

/// Stars drawn as a rating is drawn: five-pointed, anti-aliased (4 × 4 samples a pixel), side by
/// side on a page.
enum StarRow {
    enum Star {
        case filled, half, empty, outline
    }

    static let gold = RGB(r: 246, g: 183, b: 32)
    static let lightGrey = RGB(r: 222, g: 222, b: 222)

    /// Whether (x, y) lies in the five-pointed star centred at (cx, cy) with outer radius `R`
    /// (inner radius 0.45 R, a rounded app star's; top point up).
    static func inStar(_ x: Double, _ y: Double, cx: Double, cy: Double, R: Double) -> Bool {
        let points = (0..<10).map { k -> (Double, Double) in
            let angle = -Double.pi / 2 + Double(k) * Double.pi / 5
            let radius = k.isMultiple(of: 2) ? R : 0.45 * R
            return (cx + radius * cos(angle), cy + radius * sin(angle))
        }
        var inside = false
        var j = points.count - 1
        for i in points.indices {
            let (xi, yi) = points[i]
            let (xj, yj) = points[j]
            if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
            j = i
        }
        return inside
    }

    /// A `width` × 40 page with `stars` drawn left to right from x = 10, `size` px wide, `pitch`
    /// px apart, vertically centred on y = 20; returns it and the row's box (tight, as the
    /// detector's).
    static func image(
        _ stars: [Star], size: Double = 12, pitch: Double = 15, ink: RGB = gold, empty: RGB = lightGrey,
        page: RGB = .white, width: Int = 120
    ) -> (RGBAImage, Rect) {
        let height = 40
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let R = size / 2 / sin(2 * Double.pi / 5)  // a star's width is 2 R sin 72°
        for (k, star) in stars.enumerated() {
            let cx = 10 + size / 2 + Double(k) * pitch
            let cy = 20.0
            for y in 0..<height {
                for x in Int(cx - size)...Int(cx + size) where x >= 0 && x < width {
                    var inkShare = 0.0
                    var emptyShare = 0.0
                    for sy in 0..<4 {
                        for sx in 0..<4 {
                            let px = Double(x) + (Double(sx) + 0.5) / 4
                            let py = Double(y) + (Double(sy) + 0.5) / 4
                            guard inStar(px, py, cx: cx, cy: cy, R: R) else { continue }
                            switch star {
                            case .filled: inkShare += 1
                            case .empty: emptyShare += 1
                            case .half: if px < cx { inkShare += 1 } else { emptyShare += 1 }
                            case .outline: if !inStar(px, py, cx: cx, cy: cy, R: 0.72 * R) { inkShare += 1 }  // a stroke about 1.5 px wide
                            }
                        }
                    }
                    let a = inkShare / 16
                    let e = emptyShare / 16
                    guard a + e > 0 else { continue }  // neighbouring stars' boxes overlap: leave their pixels
                    func mix(_ p: UInt8, _ i: UInt8, _ g: UInt8) -> UInt8 {
                        UInt8((Double(p) * (1 - a - e) + Double(i) * a + Double(g) * e).rounded())
                    }
                    let o = (y * width + x) * 4
                    pixels[o] = mix(page.r, ink.r, empty.r)
                    pixels[o + 1] = mix(page.g, ink.g, empty.g)
                    pixels[o + 2] = mix(page.b, ink.b, empty.b)
                }
            }
        }
        let top = 20 - R
        let bottom = 20 + R * cos(Double.pi / 5)
        let box = Rect(minX: 10, minY: top.rounded(.down), maxX: 10 + Double(stars.count - 1) * pitch + size, maxY: bottom.rounded(.up))
        return (RGBAImage(width: width, height: height, pixels: pixels)!, box)
    }

    /// Three or five grey dots ("•••"), as an overflow button draws them.
    static func dots(_ count: Int, size: Int = 8, pitch: Int = 12) -> (RGBAImage, Rect) {
        var pixels = RGBAImage(width: 100, height: 40, fill: .white).pixels
        for k in 0..<count {
            let cx = 10 + Double(size) / 2 + Double(k * pitch)
            for y in 0..<40 {
                for x in 0..<100 {
                    let dx = Double(x) + 0.5 - cx
                    let dy = Double(y) + 0.5 - 20
                    if dx * dx + dy * dy <= Double(size * size) / 4 {
                        let o = (y * 100 + x) * 4
                        (pixels[o], pixels[o + 1], pixels[o + 2]) = (90, 90, 90)
                    }
                }
            }
        }
        return (RGBAImage(width: 100, height: 40, pixels: pixels)!, r(10, 20 - Double(size) / 2, Double((count - 1) * pitch + size), Double(size)))
    }
}

@Suite("Star ratings from their pixels")
struct StarRatingTests {
    @Test(
        "A row of stars says how many are filled, out of how many",
        arguments: [
            ([StarRow.Star.filled, .filled, .filled, .filled, .empty], StarRow.gold, "4 of 5 stars"),
            ([.filled, .filled, .filled, .filled, .half], StarRow.gold, "4.5 of 5 stars"),
            ([.filled, .filled, .filled, .outline, .outline], StarRow.gold, "3 of 5 stars"),
            ([.filled, .filled, .filled, .filled, .filled], RGB(r: 20, g: 20, b: 20), "5 stars"),
            ([.filled, .filled, .filled, .filled, .filled], RGB(r: 124, g: 92, b: 230), "5 stars"),
            ([.empty, .empty, .empty, .empty, .empty], StarRow.gold, "0 of 5 stars"),  // all light grey: none given yet
            ([.filled, .filled, .half], StarRow.gold, "2.5 of 3 stars"),
        ] as [([StarRow.Star], RGB, String)])
    func ratings(stars: [StarRow.Star], ink: RGB, spoken: String) throws {
        let (image, box) = StarRow.image(stars, ink: ink)
        let reading = try #require(StarRatings.read(image, box: box))
        #expect(reading.spoken == spoken)
    }

    @Test("Small stars whose arms touch (a 1x screenshot) are still five")
    func touchingStars() throws {
        let (image, box) = StarRow.image([.filled, .filled, .filled, .filled, .half], size: 10, pitch: 10)
        #expect(try #require(StarRatings.read(image, box: box)).spoken == "4.5 of 5 stars")
    }

    @Test("A detector box that clips the last, empty star still counts it")
    func clippedEmptyStar() throws {
        let (image, box) = StarRow.image([.filled, .filled, .filled, .filled, .empty], empty: RGB(r: 236, g: 236, b: 236))
        let clipped = Rect(minX: box.minX, minY: box.minY, maxX: box.maxX - 8, maxY: box.maxY)
        #expect(try #require(StarRatings.read(image, box: clipped)).spoken == "4 of 5 stars")
    }

    @Test("Dots, bars and two stars are no rating", arguments: [3, 5])
    func dotsAreNoRating(count: Int) {
        let (image, box) = StarRow.dots(count)
        #expect(StarRatings.read(image, box: box) == nil)
    }

    @Test func aBarIsNoRating() {
        let image = RGBAImage(width: 100, height: 40, fill: .white).filling(r(10, 14, 70, 12), with: StarRow.gold)
        #expect(StarRatings.read(image, box: r(10, 14, 70, 12)) == nil)
    }

    @Test func twoStarsAreNoRating() {
        let (image, box) = StarRow.image([.filled, .filled])
        #expect(StarRatings.read(image, box: box) == nil)
    }

    @Test("Only wide, short boxes are tried", arguments: [(r(0, 0, 75, 15), true), (r(0, 0, 30, 15), false), (r(0, 0, 300, 60), false)])
    func candidates(box: Rect, expected: Bool) {
        #expect(StarRatings.isCandidate(box, screenWidth: 390) == expected)
    }

    @Test(
        "In the pipeline the row is spoken as its rating, not as the classifier's \"More\"; with the setting off it is",
        arguments: [true, false])
    func pipeline(on: Bool) throws {
        var cfg = AnalysisConfiguration.default
        cfg.content.readStarRatings = on
        let (row, box) = StarRow.image([.filled, .filled, .filled, .filled, .half])
        // The row pasted at (100, 400) on a white screen.
        var pixels = RGBAImage(width: 390, height: 844, fill: .white).pixels
        for y in 0..<row.height {
            for x in 0..<row.width {
                let c = row.color(x: x, y: y)
                let o = ((400 + y) * 390 + 100 + x) * 4
                (pixels[o], pixels[o + 1], pixels[o + 2]) = (c.r, c.g, c.b)
            }
        }
        let image = try #require(RGBAImage(width: 390, height: 844, pixels: pixels))
        let icon = Detection(type: .icon, box: Rect(x: box.minX + 100, y: box.minY + 400, width: box.width, height: box.height), confidence: 0.9)
        let content = ReplayContentRecognizer(icons: [icon.box: IconRecognition(meaning: .more, confidence: 0.9)], clickProbability: { _ in 0.01 })
        let result = try ScreenAnalyzer(configuration: cfg, contentRecognizer: content).analyze(image: image, detections: [icon])
        let element = try #require(result.elements.first)
        #expect(element.label == (on ? "4.5 of 5 stars" : "More"))
        #expect(element.traits.contains(Traits.button) == !on)  // the classifier's "More" is an overflow button
    }

    @Test(
        "A rating joins the text beside it on its row and says its value there, in the row's order; a far one stands alone",
        arguments: [
            (r(100, 400, 75, 13), r(181, 400, 30, 13), "(15)", ["4.5 of 5 stars, (15)"]),  // the count after the stars
            (r(100, 400, 75, 13), r(20, 400, 74, 13), "Terry Schmidt", ["Terry Schmidt, 4.5 of 5 stars"]),  // the name before them
            (r(100, 400, 75, 13), r(210, 400, 30, 13), "(15)", ["4.5 of 5 stars", "(15)"]),  // 35 px: more than 2 row heights away
            (r(100, 400, 75, 13), r(100, 430, 75, 13), "(15)", ["4.5 of 5 stars", "(15)"]),  // on the next row
        ])
    func joinsItsText(stars: Rect, text: Rect, label: String, spoken: [String]) {
        let rating = Metadata.ratingElement(for: Detection(type: .icon, box: stars), reading: StarRatings.Reading(stars: 4.5, scale: 5))
        let other = Metadata.element(for: Detection(type: .text, box: text, text: label))
        let out = Metadata.absorbDecorativeIcons([rating, other], gap: 1.5, maxPictureWidth: 78)
        #expect(out.compactMap(\.label) == spoken)
        #expect(out.flatMap(\.detections).count == 2)
    }

    @Test("A rating is not a host for another glyph, and a plain icon does not take its value")
    func ratingIsNoHost() {
        let rating = Metadata.ratingElement(for: Detection(type: .icon, box: r(100, 400, 75, 13)), reading: StarRatings.Reading(stars: 4, scale: 5))
        let icon = Metadata.element(for: Detection(type: .icon, box: r(180, 400, 13, 13)))
        #expect(Metadata.absorbDecorativeIcons([rating, icon], gap: 1.5, maxPictureWidth: 78).count == 2)
    }

    @Test(
        "Readings are spoken with halves; a row all filled without its scale",
        arguments: [(4.5, 5, "4.5 of 5 stars"), (0, 5, "0 of 5 stars"), (3, 3, "3 stars"), (5, 5, "5 stars")])
    func spoken(stars: Double, scale: Int, text: String) {
        #expect(StarRatings.Reading(stars: stars, scale: scale).spoken == text)
    }

    @Test("A rating is its own phrase when texts are joined: after a line above it, beside a number on its row")
    func joinedWithComma() throws {
        let rating = Metadata.ratingElement(for: Detection(type: .icon, box: r(20, 420, 61, 10)), reading: StarRatings.Reading(stars: 4.5, scale: 5))
        let title = Metadata.element(for: Detection(type: .text, box: r(18, 406, 250, 10), text: "New York Pizza - Theatre District"))
        #expect(Grouping.groupText([title, rating]).first?.label == "New York Pizza - Theatre District, 4.5 of 5 stars")
        let score = Metadata.element(for: Detection(type: .text, box: r(0, 420, 18, 10), text: "4.1"))
        #expect(Grouping.joinTextRuns([score, rating]).first?.label == "4.1, 4.5 of 5 stars")
    }
}
