import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// OpenMP inside Tesseract, kept to one thread per read without `OMP_THREAD_LIMIT`.
///
/// Tesseract's LSTM asks for several threads per text line (`num_threads(n)` clauses), which made
/// OCR 4–7× slower on 2 cores. `OMP_THREAD_LIMIT=1` stops that, but libgomp reads it when it loads,
/// before `main`, so a library (or the CLI, which used to re-execute itself) cannot set it in time.
/// `omp_set_max_active_levels(0)` can be called at any time: with no active level allowed, every
/// parallel region runs on the thread that meets it, clauses or not (OpenMP 5.2 §2.6.1; libgomp's
/// `gomp_resolve_num_threads`). It is set on the calling thread before each read (in libgomp 12
/// the setting is process-wide; in newer ones it is per thread), found with `dlsym` so that a
/// Tesseract built without OpenMP needs nothing.
public enum OpenMPThreads {
    private typealias SetLevels = @convention(c) (Int32) -> Void
    private typealias GetLevels = @convention(c) () -> Int32

    private static let setMaxActiveLevels: SetLevels? = symbol("omp_set_max_active_levels")
    private static let getMaxActiveLevels: GetLevels? = symbol("omp_get_max_active_levels")

    /// True unless the process was started with `OMP_THREAD_LIMIT` set (then OpenMP is left as the
    /// user asked).
    public static let limitsThreads = ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil

    private static func symbol<T>(_ name: String) -> T? {
        #if canImport(Glibc)
            let handle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #else
            let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT on Darwin
        #endif
        guard let p = dlsym(handle, name) else { return nil }
        return unsafeBitCast(p, to: T.self)
    }

    /// Makes OpenMP parallel regions met on this thread run on it alone (see the type).
    public static func serialiseParallelRegions() {
        guard limitsThreads else { return }
        setMaxActiveLevels?(0)
    }

    /// OpenMP's max-active-levels setting as this thread sees it, or nil without OpenMP.
    public static var maxActiveLevels: Int? { getMaxActiveLevels.map { Int($0()) } }
}
