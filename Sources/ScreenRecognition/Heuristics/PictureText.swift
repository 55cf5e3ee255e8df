import Foundation

extension ElementOCR {
    /// A picture reader's line needs at least this many letters and digits: on ui-real valid the
    /// two-character lines PP-OCR was ≥ 0.9 sure of were mostly texture ("go" twice, "50"), while
    /// the wordmarks it read ("WSJ", "LINE", "Spotify") have three or more (2026-11-24).
    public static let minPictureReadCharacters = 3
    /// Pictures smaller than this (pixels, either side) are not read: three legible characters
    /// need more than 8 px — *design choice*.
    public static let minPictureReadSide = 8.0
    /// A picture is read grown by ``Constants/lastReadPadding`` of its shorter side on every side,
    /// at most this many pixels, and keeps the lines whose middle lies in it: PP-OCR's text
    /// detector found nothing in a 48 × 18-px "DBS" wordmark read edge to edge, and read it (0.995)
    /// with 4–16 px around it (ui-real valid, 2026-11-25). 16 — *design choice*: room around the
    /// letters without shrinking a large picture's text in the detector's input.
    public static let maxPictureReadPadding = 16.0

    /// §5.2 for pictures: the text drawn into a picture — a logo's wordmark, a banner's title —
    /// read from the picture's own crop by `reader` when the whole-screen OCR found none on it.
    ///
    /// Pictures without text, at most `maxScreenShare` of the screen (larger ones are backgrounds),
    /// are read largest first, at most `maxCalls` of them, each with a margin
    /// (``maxPictureReadPadding``). A line labels its picture when the
    /// reader is at least `minConfidence` sure of it, it has ``minPictureReadCharacters`` letters or digits, ``ReadableText``
    /// accepts it, and it does not lie in a detected text (`insideFraction` of it), which speaks
    /// for itself, nor is a status bar's (``StatusBar/bar(of:screenHeight:)``). The label is made as for
    /// ``MissingElements/assignTextToPictures(_:lines:insideFraction:minConfidence:screen:maxScreenShare:)``'s
    /// lines: at most ``MissingElements/maxPictureLines`` of them, in reading order, repeats once. Reader errors are counted into `diagnostics`, never thrown.
    public static func readPictures(
        _ detections: [Detection], image: RGBAImage, reader: any TextRecognizer, minConfidence: Double,
        maxCalls: Int, maxScreenShare: Double, insideFraction: Double, diagnostics: inout [Diagnostic]
    ) -> [Detection] {
        let screenArea = Double(image.width * image.height)
        let holders = detections.filter { readTypes.contains($0.type) }.map(\.box)
        let wanted = detections.indices.filter { i in
            let d = detections[i]
            return d.type == .picture && (d.text ?? "").isEmpty && d.box.area <= maxScreenShare * screenArea
                && d.box.width >= minPictureReadSide && d.box.height >= minPictureReadSide
        }
        .sorted { detections[$0].box.area > detections[$1].box.area }
        var result = detections
        var labelled = 0
        var failures = 0
        for i in wanted.prefix(max(0, maxCalls)) {
            let box = detections[i].box.clamped(width: Double(image.width), height: Double(image.height))
            guard !box.isEmpty else { continue }
            do {
                let pad = min(Constants.lastReadPadding * min(box.width, box.height), maxPictureReadPadding)
                let region = grown(box, by: pad, in: image)
                let read = TextRepair.repair(try reader.recognizeText(in: image, region: region))
                let bar = StatusBar.bar(of: read, screenHeight: Double(image.height))
                let lines = centred(in: box, read)
                    .filter { l in
                        l.confidence >= minConfidence && l.text.filter { $0.isLetter || $0.isNumber }.count >= minPictureReadCharacters
                            && ReadableText.isReadable(l.text, confidence: l.confidence)
                            && !holders.contains { l.box.fractionInside($0) >= insideFraction }
                            && !(bar?.holds(l.box) ?? false)
                    }
                guard let label = MissingElements.pictureLabel(lines) else { continue }
                result[i].text = label
                labelled += 1
            } catch {
                failures += 1
            }
        }
        if labelled > 0 {
            diagnostics.append(Diagnostic(stage: "ocr", message: "\(labelled) picture(s) labelled by the text the picture reader found in them"))
        }
        if failures > 0 {
            diagnostics.append(Diagnostic(stage: "ocr", message: "\(failures) picture(s) could not be read"))
        }
        return result
    }
}
