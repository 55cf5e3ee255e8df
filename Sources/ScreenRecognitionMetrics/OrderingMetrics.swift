import Foundation
import ScreenRecognition

/// One screen of an ordering evaluation: element ids in ground-truth navigation order and in the
/// order our heuristics produced (§5.6). Ids may be JSON strings or integers.
public struct OrderingScreen: Codable, Sendable, Hashable {
    public var id: String
    public var truth: [String]
    public var predicted: [String]

    public init(id: String, truth: [String], predicted: [String]) {
        self.id = id
        self.truth = truth
        self.predicted = predicted
    }

    enum CodingKeys: String, CodingKey { case id, truth, predicted }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try Self.decodeID(c, .id)
        truth = try Self.decodeIDs(c, .truth)
        predicted = try Self.decodeIDs(c, .predicted)
    }

    private static func decodeID(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String {
        if let n = try? c.decode(Int.self, forKey: key) { return String(n) }
        return try c.decode(String.self, forKey: key)
    }

    private static func decodeIDs(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> [String] {
        if let n = try? c.decode([Int].self, forKey: key) { return n.map(String.init) }
        return try c.decode([String].self, forKey: key)
    }
}

/// The file `screenrec eval --order FILE` reads: `{"screens": [{"id", "truth", "predicted"}]}`.
public struct OrderingDataset: Codable, Sendable, Hashable {
    public var screens: [OrderingScreen]

    public init(screens: [OrderingScreen]) { self.screens = screens }

    /// Parses the JSON document.
    /// - Throws: `ScreenRecognitionError` (`.invalidInput`) naming the problem.
    public init(jsonData: Data) throws {
        self = try MetricsJSON.decode(OrderingDataset.self, from: jsonData, what: "ordering file")
    }
}

/// How far one screen's predicted order is from its ground truth (§5.6).
public struct OrderComparison: Codable, Sendable, Hashable {
    public var id: String
    /// Elements in both lists: the ones compared.
    public var elementCount: Int
    /// Minimum number of single-element moves turning the predicted order into the ground truth.
    public var insertionSteps: Int
    /// The compared elements are in exactly the ground-truth order.
    public var isExactMatch: Bool
    /// `insertionSteps` per 10 compared elements (the unit of §5.6's "less than 1 error … for every
    /// 10 elements"); 0 for a screen with nothing to compare.
    public var errorsPerTenElements: Double
    /// Fewer than 1 insertion step per 10 compared elements (§5.6: "less than 1 error … for every 10
    /// elements"); true for a screen with nothing to compare.
    public var hasLessThanOneErrorPerTenElements: Bool
    /// Ids only in the ground truth, left out of the comparison.
    public var onlyInTruth: [String]
    /// Ids only in the prediction, left out of the comparison.
    public var onlyInPredicted: [String]
}

/// The aggregate ordering metrics reported in §5.6.
public struct OrderingSummary: Codable, Sendable, Hashable {
    public var screenCount: Int
    /// Mean number of compared elements per screen (§5.6 reports 18.7).
    public var meanElementsPerScreen: Double?
    public var exactMatchCount: Int
    /// Share of screens whose order matches exactly (§5.6: 73.7%).
    public var exactMatchRate: Double?
    public var lessThanOneErrorPerTenCount: Int
    /// Share of screens with fewer than 1 error per 10 elements (§5.6: 90.8%).
    public var lessThanOneErrorPerTenRate: Double?
    /// Mean insertion steps per screen (§5.6: 0.67).
    public var meanErrorsPerScreen: Double?
    public var minErrorsPerScreen: Int?
    public var maxErrorsPerScreen: Int?
    /// Population standard deviation of the insertion steps per screen.
    public var errorsStandardDeviation: Double?
    /// Screens on which some ids appear in only one of the two lists.
    public var screensWithUnmatchedElements: Int
    /// Total ids left out because only the ground truth had them.
    public var elementsOnlyInTruth: Int
    /// Total ids left out because only the prediction had them.
    public var elementsOnlyInPredicted: Int
    public var screens: [OrderComparison]
}

/// Navigation-order metrics of §5.6: the minimum number of insertion steps ("in one step, an element
/// can be inserted to any other position in list") that turn our order into the ground truth.
///
/// Elements kept in place by an optimal edit form an increasing subsequence of their ground-truth
/// positions, and every other element must move once, so the minimum is n − (length of the longest
/// increasing subsequence).
public enum OrderingMetrics {
    /// Length of the longest strictly increasing subsequence, in O(n log n) (patience sorting: `tails[k]`
    /// is the smallest possible last value of an increasing subsequence of length k + 1).
    public static func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
        var tails: [Int] = []
        tails.reserveCapacity(values.count)
        for v in values {
            var lo = 0
            var hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if tails[mid] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo == tails.count { tails.append(v) } else { tails[lo] = v }
        }
        return tails.count
    }

    /// Minimum insertion steps that sort `positions` (the ground-truth positions of the predicted
    /// elements, in predicted order): n − LIS.
    public static func minimumInsertionSteps(_ positions: [Int]) -> Int {
        positions.count - longestIncreasingSubsequenceLength(positions)
    }

    /// Compares a predicted order with the ground truth on the ids both contain.
    /// - Throws: `ScreenRecognitionError` (`.invalidInput`) when an id appears twice in one list.
    public static func compare(_ screen: OrderingScreen) throws -> OrderComparison {
        var truthPosition: [String: Int] = [:]
        for (i, id) in screen.truth.enumerated() {
            guard truthPosition.updateValue(i, forKey: id) == nil else {
                throw ScreenRecognitionError(.invalidInput, "screen '\(screen.id)': element '\(id)' appears twice in truth")
            }
        }
        var seen = Set<String>()
        var positions: [Int] = []
        var onlyInPredicted: [String] = []
        for id in screen.predicted {
            guard seen.insert(id).inserted else {
                throw ScreenRecognitionError(.invalidInput, "screen '\(screen.id)': element '\(id)' appears twice in predicted")
            }
            if let p = truthPosition[id] { positions.append(p) } else { onlyInPredicted.append(id) }
        }
        let onlyInTruth = screen.truth.filter { !seen.contains($0) }
        let steps = minimumInsertionSteps(positions)
        let n = positions.count
        return OrderComparison(
            id: screen.id, elementCount: n, insertionSteps: steps, isExactMatch: steps == 0,
            errorsPerTenElements: n > 0 ? Double(steps) * 10 / Double(n) : 0,
            hasLessThanOneErrorPerTenElements: steps * 10 < n || n == 0,
            onlyInTruth: onlyInTruth, onlyInPredicted: onlyInPredicted)
    }

    /// Aggregates per-screen comparisons.
    public static func summarize(_ screens: [OrderComparison]) -> OrderingSummary {
        let count = screens.count
        func rate(_ k: Int) -> Double? { count > 0 ? Double(k) / Double(count) : nil }
        let exact = screens.filter(\.isExactMatch).count
        let under = screens.filter(\.hasLessThanOneErrorPerTenElements).count
        let errors = MetricsMath.meanAndStandardDeviation(screens.map { Double($0.insertionSteps) })
        return OrderingSummary(
            screenCount: count,
            meanElementsPerScreen: MetricsMath.meanAndStandardDeviation(screens.map { Double($0.elementCount) })?.mean,
            exactMatchCount: exact, exactMatchRate: rate(exact),
            lessThanOneErrorPerTenCount: under, lessThanOneErrorPerTenRate: rate(under),
            meanErrorsPerScreen: errors?.mean,
            minErrorsPerScreen: screens.map(\.insertionSteps).min(),
            maxErrorsPerScreen: screens.map(\.insertionSteps).max(),
            errorsStandardDeviation: errors?.standardDeviation,
            screensWithUnmatchedElements: screens.filter { !$0.onlyInTruth.isEmpty || !$0.onlyInPredicted.isEmpty }.count,
            elementsOnlyInTruth: screens.reduce(0) { $0 + $1.onlyInTruth.count },
            elementsOnlyInPredicted: screens.reduce(0) { $0 + $1.onlyInPredicted.count },
            screens: screens)
    }

    /// Compares every screen and aggregates.
    /// - Throws: `ScreenRecognitionError` (`.invalidInput`) on duplicate ids within a list or
    ///   duplicate screen ids.
    public static func evaluate(_ screens: [OrderingScreen]) throws -> OrderingSummary {
        var ids = Set<String>()
        for s in screens where !ids.insert(s.id).inserted {
            throw ScreenRecognitionError(.invalidInput, "screen id '\(s.id)' appears twice")
        }
        return summarize(try screens.map(compare))
    }
}
