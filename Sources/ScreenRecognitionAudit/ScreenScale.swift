import Foundation
import ScreenRecognition

/// How many image pixels make one point (iOS) or dp (Android), which platform's guidelines apply,
/// and where that came from — every size the pixel rules judge (text in pt, targets in pt/dp) rests on it.
public struct ScreenScale: Codable, Sendable, Hashable, CustomStringConvertible {
    public enum Source: String, Codable, Sendable, Hashable {
        /// Given with `--scale` / `--point-scale`.
        case option
        /// From the app's accessibility tree (its root frame against the image).
        case hierarchy
        /// A known device screenshot size.
        case imageSize
        /// No known size: the width was taken to be that of a common 390-pt iPhone.
        case assumed
    }

    public var pixelsPerPoint: Double
    public var platform: Platform
    public var source: Source
    /// The device the size matched, when it matched one.
    public var device: String?

    public init(pixelsPerPoint: Double, platform: Platform, source: Source, device: String? = nil) {
        self.pixelsPerPoint = pixelsPerPoint
        self.platform = platform
        self.source = source
        self.device = device
    }

    /// The unit of sizes on this platform: `pt` or `dp`.
    public var unit: String { platform == .ios ? "pt" : "dp" }

    public var description: String {
        let ppp = AuditReport.number(pixelsPerPoint)
        switch source {
        case .option: return "\(ppp) px per \(unit) (given)"
        case .hierarchy: return "\(ppp) px per \(unit) (from the hierarchy)"
        case .imageSize: return "\(ppp) px per \(unit) (\(device ?? "device") screenshot size)"
        case .assumed: return "\(ppp) px per \(unit) (assumed: the image size matches no known device, taken as a 390-pt-wide iPhone; pass --scale)"
        }
    }

    /// Screenshot sizes (portrait width × height in pixels) of iPhones, from Apple's Human
    /// Interface Guidelines "Layout — Specifications" device table, and of common Android phones
    /// taken at the 411-dp width of Pixel-class phones (Android's "Support different pixel
    /// densities": dp = px / (dpi / 160); a 1080-px, 420-dpi Pixel is 411 dp wide).
    static let devices: [(width: Int, height: Int, scale: Double, platform: Platform, name: String)] = [
        (640, 1136, 2, .ios, "iPhone SE (1st gen.) 640×1136 @2x"),
        (750, 1334, 2, .ios, "iPhone 6–8/SE 750×1334 @2x"),
        (828, 1792, 2, .ios, "iPhone XR/11 828×1792 @2x"),
        (1242, 2208, 3, .ios, "iPhone 6–8 Plus 1242×2208 @3x"),
        (1125, 2436, 3, .ios, "iPhone X/XS/11 Pro 1125×2436 @3x"),
        (1242, 2688, 3, .ios, "iPhone XS Max/11 Pro Max 1242×2688 @3x"),
        (1080, 2340, 3, .ios, "iPhone 12/13 mini 1080×2340 @3x"),
        (1170, 2532, 3, .ios, "iPhone 12–14 1170×2532 @3x"),
        (1179, 2556, 3, .ios, "iPhone 14 Pro/15/16 1179×2556 @3x"),
        (1284, 2778, 3, .ios, "iPhone 12/13 Pro Max/14 Plus 1284×2778 @3x"),
        (1290, 2796, 3, .ios, "iPhone 14 Pro Max/15 Plus/16 Plus 1290×2796 @3x"),
        (1206, 2622, 3, .ios, "iPhone 16 Pro 1206×2622 @3x"),
        (1320, 2868, 3, .ios, "iPhone 16 Pro Max 1320×2868 @3x"),
        (320, 568, 1, .ios, "iPhone 320×568 pt @1x"),
        (375, 667, 1, .ios, "iPhone 375×667 pt @1x"),
        (375, 812, 1, .ios, "iPhone 375×812 pt @1x"),
        (390, 844, 1, .ios, "iPhone 390×844 pt @1x"),
        (393, 852, 1, .ios, "iPhone 393×852 pt @1x"),
        (414, 896, 1, .ios, "iPhone 414×896 pt @1x"),
        (428, 926, 1, .ios, "iPhone 428×926 pt @1x"),
        (430, 932, 1, .ios, "iPhone 430×932 pt @1x"),
    ]
    /// Android heights at 1080 and 1440 px wide (16:9 to 20:9 phones).
    static let androidHeights1080 = [1920, 2160, 2220, 2280, 2400, 2408, 2436, 2520]
    static let androidHeights1440 = [2560, 2880, 2960, 3040, 3088, 3120, 3200]

    /// The scale of a screenshot of `width` × `height` pixels (either orientation).
    public static func infer(width: Int, height: Int) -> ScreenScale {
        let w = min(width, height)
        let h = max(width, height)
        if let d = devices.first(where: { $0.width == w && $0.height == h }) {
            return ScreenScale(pixelsPerPoint: d.scale, platform: d.platform, source: .imageSize, device: d.name)
        }
        if (w == 1080 && androidHeights1080.contains(h)) || (w == 1440 && androidHeights1440.contains(h)) || (w == 720 && [1280, 1520, 1600].contains(h)) {
            let s = Double(w) / AccessibilityHierarchy.androidDefaultWidthDP
            return ScreenScale(
                pixelsPerPoint: (s * 1000).rounded() / 1000, platform: .android, source: .imageSize,
                device: "Android \(w)×\(h), 411 dp wide")
        }
        return ScreenScale(
            pixelsPerPoint: (Double(w) / AccessibilityHierarchy.iosDefaultWidthPoints * 1000).rounded() / 1000,
            platform: .ios, source: .assumed)
    }
}
