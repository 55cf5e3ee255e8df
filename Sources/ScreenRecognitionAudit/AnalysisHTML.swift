import Foundation
import ScreenRecognition

extension ScreenAnalysis {
    /// A self-contained HTML page of the analysis, in the audit report's layout (``HTML/page(title:body:)``):
    /// the overlay picture (``Overlay/annotate(_:analysis:)`` as PNG bytes, embedded as base64), and
    /// the transcript — what VoiceOver says, in navigation order, numbered as on the picture — with
    /// each element's kind and frame. The server's `POST /v1/analyze?format=html`.
    public func html(overlayPNG: Data?, title: String = "screenshot") -> String {
        let picture =
            overlayPNG.map {
                "<img alt=\"The screenshot with each element's frame drawn and numbered in navigation order\" src=\"data:image/png;base64,\($0.base64EncodedString())\">"
            } ?? ""
        let rows = elements.map { e in
            "<tr><td>\(e.order)</td><td>\(HTML.escape(e.announcement))</td><td>\(HTML.escape(e.kind.rawValue))</td><td>\(HTML.escape(e.frame.description))</td></tr>\n"
        }.joined()
        let notes = diagnostics.map { "<p class=\"note\">\(HTML.escape($0.description))</p>" }.joined()
        let body = """
            <p>\(elements.count) elements in a \(image.width)×\(image.height) screenshot. Frames are in image pixels [x, y, width, height].</p>
            \(notes)
            <div class="layout">\(picture)
            <table><thead><tr><th>#</th><th>VoiceOver says</th><th>kind</th><th>frame</th></tr></thead><tbody>
            \(rows)</tbody></table></div>
            """
        return HTML.page(title: "Screen analysis: \(title)", body: body)
    }
}
