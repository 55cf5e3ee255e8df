/// §5.6: navigation order by recursive XY-cut.
public enum Ordering {
    /// The indices of `frames` in navigation order.
    ///
    /// (i) Cut the region into horizontal bands wherever a horizontal line crosses it without
    /// overlapping any element; (ii) cut each band into columns wherever a vertical line does the
    /// same; (iii) recurse into each column (horizontal cuts first again). A segment that can be cut
    /// neither way is read top-to-bottom, ties (tops closer than `tieFraction` × the smaller
    /// height) left-to-right.
    public static func xyCut(_ frames: [Rect], settings: OrderingSettings = .init()) -> [Int] {
        cut(Array(frames.indices), frames, horizontalFirst: true, settings: settings, depth: 0)
    }

    private static func cut(_ items: [Int], _ frames: [Rect], horizontalFirst: Bool, settings: OrderingSettings, depth: Int) -> [Int] {
        guard items.count > 1 else { return items }
        // Guard against pathological recursion (each level strictly splits, so depth ≤ 2n anyway).
        guard depth < 4 * frames.count + 8 else { return leaf(items, frames, settings) }
        let first = split(items, frames, vertical: !horizontalFirst, tolerance: settings.cutTolerance)
        if first.count > 1 {
            return first.flatMap { cut($0, frames, horizontalFirst: !horizontalFirst, settings: settings, depth: depth + 1) }
        }
        let second = split(items, frames, vertical: horizontalFirst, tolerance: settings.cutTolerance)
        if second.count > 1 {
            return second.flatMap { cut($0, frames, horizontalFirst: horizontalFirst, settings: settings, depth: depth + 1) }
        }
        return leaf(items, frames, settings)
    }

    /// Splits along one axis at the gaps of the projections. `vertical == false`: horizontal cut
    /// lines, i.e. bands stacked top to bottom; `true`: vertical cut lines, columns left to right.
    static func split(_ items: [Int], _ frames: [Rect], vertical: Bool, tolerance: Double) -> [[Int]] {
        func lo(_ i: Int) -> Double { vertical ? frames[i].minX : frames[i].minY }
        func hi(_ i: Int) -> Double { vertical ? frames[i].maxX : frames[i].maxY }
        let sorted = items.sorted { lo($0) != lo($1) ? lo($0) < lo($1) : $0 < $1 }
        var groups: [[Int]] = []
        var current: [Int] = []
        var reach = -Double.infinity
        for i in sorted {
            if !current.isEmpty && lo(i) >= reach - tolerance {
                groups.append(current)
                current = []
            }
            current.append(i)
            reach = max(reach, hi(i))
        }
        if !current.isEmpty { groups.append(current) }
        return groups
    }

    /// Reads an indivisible segment: sorted by top, elements whose tops are within
    /// `tieFraction` × the smaller height of the row's first element form a row, read left to right.
    static func leaf(_ items: [Int], _ frames: [Rect], _ settings: OrderingSettings) -> [Int] {
        let byTop = items.sorted { frames[$0].minY != frames[$1].minY ? frames[$0].minY < frames[$1].minY : $0 < $1 }
        var rows: [[Int]] = []
        for i in byTop {
            if let head = rows.last?.first,
                frames[i].minY - frames[head].minY < settings.tieFraction * min(frames[i].height, frames[head].height)
            {
                rows[rows.count - 1].append(i)
            } else {
                rows.append([i])
            }
        }
        return rows.flatMap { $0.sorted { frames[$0].minX != frames[$1].minX ? frames[$0].minX < frames[$1].minX : $0 < $1 } }
    }

    /// Orders elements (and, recursively, each group's children) and numbers them 1...n.
    public static func order(_ elements: [Element], settings: OrderingSettings = .init()) -> [Element] {
        let idx = xyCut(elements.map(\.frame), settings: settings)
        return idx.enumerated().map { n, i in
            var e = elements[i]
            e.order = n + 1
            if !e.children.isEmpty { e.children = order(e.children, settings: settings) }
            return e
        }
    }
}
