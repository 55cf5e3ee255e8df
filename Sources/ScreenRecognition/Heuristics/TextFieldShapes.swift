import Foundation

/// Text fields the detector took for texts, found from the field's shape around its placeholder
/// (§5.1, recovering missed elements).
///
/// HIG and Material draw a text field as a wide rectangle, filled or outlined, or (Material's
/// underlined style, Android's classic `EditText`) as a line under the text running the field's
/// width. The placeholder ("Enter your email address…", "Password") sits at the field's leading
/// edge and the rest of the field is empty, waiting for typing. A static label sits on its
/// screen's or cell's background instead, and a button centres its title. A text becomes a text
/// field when:
/// - it is worded as a placeholder (``isPlaceholderWording(_:)``);
/// - and it sits at the leading edge of a field's shape that runs on well past it
///   (``underlinedField(of:in:)``, ``boxedField(of:in:)``), or else it starts where the
///   placeholder of a text field just above it starts, one field's height below it: the next field of a
///   stacked form whose fields share one fill (`stackedField`).
///
/// Without it a VoiceOver user hears a form's fields as texts ("Email", "Password") with nothing
/// to double-tap and type into (a listening review of 30 ui-real screens, 2026-11-28: a report
/// dialog's three fields, a sign-up form's Email and Password).
public enum TextFieldShapes {
    public enum Constants {
        /// A field's underline lies within this × the text's height below it: Material's underlined
        /// field puts its line 8–12 dp under a 16 sp placeholder (ink about 11 dp tall: 0.7–1.1 ×)
        /// — *design choice* from the spec, with room for a detector's tight box.
        public static let maxUnderlineGap = 1.6
        /// … and is at most this × the text's height thick (at least ``minLineThickness`` pixels):
        /// 1 dp, 2 dp when focused — *design choice* from the spec (2 dp at 3x is 6 px, under 0.2 ×
        /// a 16 sp line's 33 px of ink).
        public static let maxLineThickness = 0.2
        public static let minLineThickness = 3
        /// Rows between the text and its line may hold this share of off-fill pixels at most, across
        /// the text's width: a descender's tail, not a second line of text (an "E-MAIL" caption
        /// over a field's "name@example.com" and its underline) — *design choice*.
        public static let maxInkBetween = 0.25
        /// A line or a fill's edge is at least this far from the fill (Euclidean RGB):
        /// ``FramedText/Constants/faintBorderDistance``'s faint borders; a field's white fill on a
        /// #F5F5F5 dialog lies 17 from it — *measured* on the report dialog above; JPEG noise on a
        /// flat fill stays under 10 (``FramedText/Constants/faintBorderDistance``) — so a boxed
        /// field's edges are looked for at ``boxEdgeDistance``.
        public static let lineDistance = FramedText.Constants.faintBorderDistance
        public static let boxEdgeDistance = 12.0
        /// A field's background is sampled this many pixels outside its box: past a 1-pt border
        /// at 3x — *design choice* from HIG's point sizes.
        public static let outsideOffset = 4
        /// The placeholder starts at most this × its height after the field's leading edge: Material's
        /// 16 dp padding (1.5 × an 11-dp line), or a leading icon's 24 dp and its gap (about 3 ×)
        /// — *design choice* from the spec.
        public static let maxLeadingInset = 3.2
        /// A field is at least this share of the screen's width wide — *design choice*: Material's
        /// and HIG's forms run fields across the screen's margins; half a row for two side by side
        /// ("First name", "Last name") is 0.45, a narrow field beside an avatar 0.3.
        public static let minWidthShare = 0.25
        /// … and at least this × its placeholder's width: there is room to type past the placeholder
        /// — *design choice* (a label in a list row or a card's title fills more of its row).
        public static let minWidthToText = 1.8
        /// Its line or box keeps this share of the screen's width off both edges: forms keep
        /// HIG's and Material's 16-pt/dp margins (0.04 of a 375-pt screen), where list dividers and
        /// cells run to the screen's edge — *design choice*, half the margin.
        public static let minEdgeMargin = 0.02
        /// A text under a field is the next field of its stack when their centres lie this many ×
        /// the field's height apart: stacked fields touch (1.0) or leave a small gap, and a caption
        /// over the next field lies nearer (Material's field label 4–8 dp under the field above,
        /// its centre about 0.8 × a 56-dp field below the field's centre) — *design choice*.
        public static let minStackPitch = 0.9
        public static let maxStackPitch = 1.6
        /// … and it starts within this × its own height of where the placeholder of the field
        /// above starts (or of the field's leading edge plus that inset when the field was read
        /// without its text's own box) — *design choice*: a stack aligns its placeholders.
        public static let stackAlignment = 0.4
        /// A field's placeholder starts at most this × the field's height into it: Material's
        /// 16 dp in a 56 dp field (0.29), iOS forms' 8–16 pt in 44 pt (0.18–0.36) — *design choice*.
        public static let maxStackInset = 0.5
        /// A placeholder is a few words — *design choice*: "Enter your email address" is four, "Email
        /// or phone number" four.
        public static let maxWords = 6
    }

    /// First words that make a placeholder an instruction ("Enter the subject", "Write
    /// something…", "Type a message") — *design choice*: the verbs of HIG's and Material's
    /// placeholder examples.
    static let instructionVerbs: Set<String> = ["enter", "type", "write", "add", "search", "choose", "select"]

    /// First words of actions, which make a text a button or a link however it is drawn: the text
    /// buttons' verbs (``TextButtons/actionVerbs``) but the instructions', and a few verbs of
    /// account links ("Change password", "Use phone number") — *measured* on the 1,219 listening
    /// screens (2026-11-28): "Sign up with email" (twice), "Change password" and "Forgot
    /// password?" were taken for fields before they were excluded.
    static let actionVerbs: Set<String> = TextButtons.actionVerbs.subtracting(instructionVerbs).union(["change", "use", "contact", "show"])

    /// Words that name what a field takes (``TextFieldLabels/words``' field names, and a message's).
    static let fieldNouns: Set<String> = [
        "email", "e-mail", "mail", "password", "passcode", "pin", "username", "user", "name", "nickname", "phone", "mobile",
        "number", "address", "subject", "message", "comment", "description", "code", "zip", "city", "country", "search",
        "birthday", "birth", "date", "title", "note", "keyword", "keywords", "something",
    ]

    /// Whether `text` is worded as a field's placeholder: at most ``Constants/maxWords`` words of
    /// Latin letters, not a question and not led by an action's verb (`actionVerbs`), and either
    /// led by an instruction's verb ("Enter the subject", "Write
    /// Something…"; the words after it may be misread: "Enter tne sub t") or all of them English
    /// or placeholder words (``TextFieldLabels/words``) with one a field's noun ("Email",
    /// "Password", "Phone number"). Another script is not judged: no.
    public static func isPlaceholderWording(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace).map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: ".,:;!?*…()")).lowercased()
        }.filter { !$0.isEmpty }
        guard !words.isEmpty, words.count <= Constants.maxWords, !text.hasSuffix("?"), !actionVerbs.contains(words[0]),
            words.allSatisfy({ w in w.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") } })
        else { return false }
        if instructionVerbs.contains(words[0]) && words.count >= 2 { return true }
        return words.contains(where: fieldNouns.contains) && words.allSatisfy(TextFieldLabels.isKnownWord)
    }

    /// The underlined field whose placeholder is the text at `box`, or nil: under the text, within
    /// ``Constants/maxUnderlineGap`` × its height and with only the fill between, a line at most
    /// ``Constants/maxLineThickness`` × its height thick, back to the fill after it, that starts at
    /// most ``Constants/maxLeadingInset`` × the height before the text, runs on past it
    /// (`isFieldWide`) and stops short of the screen's edges.
    public static func underlinedField(of box: Rect, in image: RGBAImage) -> Rect? {
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite, box.width >= 4, box.height >= 4 else { return nil }
        let h = box.height
        let x0 = max(0, Int(box.minX))
        let x1 = min(image.width, Int(box.maxX.rounded(.up)))
        let y1 = min(image.height, Int(box.maxY.rounded(.up)))
        guard x1 - x0 >= 4, let fill = FramedText.ringFill(around: box, in: image) else { return nil }
        func isOff(_ x: Int, _ y: Int) -> Bool { image.color(x: x, y: y).distance(to: fill) >= Constants.lineDistance }
        func offShare(_ y: Int) -> Double { Double((x0..<x1).filter { isOff($0, y) }.count) / Double(x1 - x0) }
        let limit = min(image.height - 1, y1 + Int(Constants.maxUnderlineGap * h))
        var top: Int?
        var y = y1
        while y <= limit {
            let share = offShare(y)
            if share >= FramedText.Constants.minEdgeRun {
                top = y
                break
            }
            guard share <= Constants.maxInkBetween else { return nil }
            y += 1
        }
        guard let top, top > y1 else { return nil }
        var bottom = top
        while bottom + 1 < image.height, offShare(bottom + 1) >= FramedText.Constants.minEdgeRun { bottom += 1 }
        let thickness = bottom - top + 1
        guard thickness <= max(Constants.minLineThickness, Int(Constants.maxLineThickness * h)), bottom + 1 < image.height,
            offShare(bottom + 1) <= Constants.maxInkBetween
        else { return nil }
        // The line's ends along it, over gaps of a pixel or two (JPEG blocks on a faint line).
        func isLine(_ x: Int) -> Bool { (top...bottom).contains { isOff(x, $0) } }
        func end(from x: Int, step: Int) -> Int {
            var last = x
            var k = x + step
            while k >= 0, k < image.width, abs(k - last) <= 3 {
                if isLine(k) { last = k }
                k += step
            }
            return last
        }
        let left = end(from: x0, step: -1)
        let right = end(from: x1 - 1, step: 1) + 1
        guard Double(x0 - left) <= Constants.maxLeadingInset * h, isFieldWide(left: left, right: right, text: box, imageWidth: image.width)
        else { return nil }
        // A line that turns down at an end is the top of a box under the text — the field that
        // the text is the caption of ("First Name" over an outlined field showing "First Name").
        let side = (bottom + 1)..<min(image.height, bottom + 1 + Int(h))
        for x in [left, right - 1] where !side.isEmpty {
            let down = side.filter { y in (max(0, x - 1)...min(image.width - 1, x + 1)).contains { isOff($0, y) } }.count
            if Double(down) >= FramedText.Constants.minEdgeRun * Double(side.count) { return nil }
        }
        return Rect(minX: Double(left), minY: max(0, box.minY - Double(top - y1)), maxX: Double(right), maxY: Double(bottom + 1))
    }

    /// The filled or outlined field whose placeholder is the text at `box`, or nil: a rectangle of
    /// one fill around the text (``FramedText``'s walks, its edges ``Constants/boxEdgeDistance``
    /// from the fill) that the text starts at most ``Constants/maxLeadingInset`` × its height
    /// into and that runs on past it (`isFieldWide`), set on one
    /// background (`isOnOneBackground`).
    public static func boxedField(of box: Rect, in image: RGBAImage) -> Rect? {
        guard let field = FramedText.enclosure(of: box, in: image, edgeDistance: Constants.boxEdgeDistance),
            box.minX - field.minX <= Constants.maxLeadingInset * box.height,
            isFieldWide(left: Int(field.minX), right: Int(field.maxX), text: box, imageWidth: image.width),
            isOnOneBackground(field, in: image)
        else { return nil }
        return field
    }

    /// Whether what lies just outside `rect` is one colour on all four sides (their medians within
    /// ``Constants/lineDistance`` of each other): a field drawn on its form's background. A
    /// caption between two fields is "enclosed" by the fields above and below it and by its
    /// panel's edges beside it, which differ (a report dialog's "Email Address" between two
    /// white fields, its sides the dimmed screen; 2026-11-28).
    static func isOnOneBackground(_ rect: Rect, in image: RGBAImage) -> Bool {
        guard let sides = FramedText.sideColours(around: rect, in: image, offset: Constants.outsideOffset) else { return false }
        return sides.allSatisfy { a in sides.allSatisfy { a.distance(to: $0) < Constants.lineDistance } }
    }

    /// Whether a field from `left` to `right` is wide enough for its placeholder at `text`: at
    /// least ``Constants/minWidthShare`` of the screen and ``Constants/minWidthToText`` × the text,
    /// and ``Constants/minEdgeMargin`` of the screen off both its edges.
    static func isFieldWide(left: Int, right: Int, text: Rect, imageWidth: Int) -> Bool {
        let width = Double(right - left)
        let screen = Double(imageWidth)
        let margin = Constants.minEdgeMargin * screen
        return width >= Constants.minWidthShare * screen && width >= Constants.minWidthToText * text.width
            && Double(left) >= margin && Double(right) <= screen - margin
    }

    /// The field of a stacked form that the text at `box` is the placeholder of, from the text
    /// field `field` above it: as tall and as wide as that field, one field's pitch below it
    /// (``Constants/minStackPitch``–``Constants/maxStackPitch``), the text starting where that
    /// field's placeholder does (`placeholderStart`, within ``Constants/stackAlignment`` × the
    /// text's height) or, where that is not known, within ``Constants/maxStackInset`` × the
    /// field's height of its leading edge. Nil when it is not.
    static func stackedField(of box: Rect, under field: Rect, placeholderStart: Double?) -> Rect? {
        let pitch = box.midY - field.midY
        let inset = box.minX - field.minX
        guard pitch >= Constants.minStackPitch * field.height, pitch <= Constants.maxStackPitch * field.height,
            box.height < field.height, box.maxX <= field.maxX,
            placeholderStart.map({ abs(box.minX - $0) <= Constants.stackAlignment * box.height })
                ?? (inset >= 0 && inset <= Constants.maxStackInset * field.height)
        else { return nil }
        return Rect(x: field.minX, y: box.midY - field.height / 2, width: field.width, height: field.height)
    }

    /// `detections` with the texts worded as placeholders that sit in a field's shape turned into
    /// text fields (``TextFieldShapes``), and how many were. Only texts that no other detection
    /// holds, in the screen below the status bar, and with no other text after them on their row
    /// inside the field (a list row's value, "Email  john@example.com").
    /// Where a field's placeholder starts comes from the OCR `lines` read inside it, or from the
    /// text it was made from.
    public static func recoverFields(_ detections: [Detection], image: RGBAImage, lines: [RecognizedText]) -> (
        detections: [Detection], found: Int
    ) {
        var result = detections
        var found = 0
        // Where each field's placeholder starts, where known: the text it was made from.
        var starts: [Int: Double] = [:]
        let statusBar = StatusBar.Constants.maxBottom * Double(image.height)
        func isCandidate(_ i: Int) -> Bool {
            let d = result[i]
            guard d.type == .text, d.box.minY > statusBar, let text = d.text, isPlaceholderWording(text) else { return false }
            return !result.indices.contains { j in
                guard j != i, result[j].type != .container, result[j].type != .dialog, result[j].type != .text, result[j].type != .icon
                else { return false }
                // Inside another element, or the caption of the text field right under it.
                return d.box.fractionInside(result[j].box) >= 0.5 || result[j].type == .textField && isCaption(d.box, of: result[j].box)
            }
        }
        func isAlone(_ i: Int, in field: Rect) -> Bool {
            let box = result[i].box
            return !result.indices.contains { j in
                j != i && result[j].type == .text && result[j].box.sharesRow(with: box) && result[j].box.minX >= box.maxX
                    && result[j].box.minX < field.maxX
            }
        }
        // Shapes first, then stacks (which grow from every field, found or detected, downwards).
        for i in result.indices where isCandidate(i) {
            let box = result[i].box
            guard let field = underlinedField(of: box, in: image) ?? boxedField(of: box, in: image), isAlone(i, in: field) else { continue }
            result[i] = Detection(type: .textField, box: field, confidence: result[i].confidence, text: result[i].text, source: .fieldShape)
            starts[i] = box.minX
            found += 1
        }
        var grew = true
        while grew {
            grew = false
            for i in result.indices where isCandidate(i) {
                let box = result[i].box
                // The nearest field above whose stack this text could continue.
                let above = result.indices.filter { j in
                    result[j].type == .textField && result[j].box.maxY <= box.minY + 1 && result[j].box.xOverlap(box) >= 0.5 * box.width
                }.max { result[$0].box.maxY < result[$1].box.maxY }
                guard let j = above else { continue }
                let start = starts[j] ?? placeholderStart(of: result[j].box, in: result, lines: lines)
                guard let field = stackedField(of: box, under: result[j].box, placeholderStart: start),
                    isAlone(i, in: field),
                    // Nothing lies between the two: the text is the very next row of the stack.
                    !result.indices.contains(where: { k in
                        k != i && k != j && result[k].type != .container && result[k].type != .dialog
                            && result[k].box.midY > result[j].box.maxY && result[k].box.midY < box.minY && result[k].box.xOverlap(box) > 0
                    })
                else { continue }
                result[i] = Detection(type: .textField, box: field, confidence: result[i].confidence, text: result[i].text, source: .fieldShape)
                starts[i] = box.minX
                found += 1
                grew = true
            }
        }
        return (result, found)
    }

    /// Whether a text at `box` is the caption of the text field at `field`: it ends above the
    /// field's middle, at most ``Grouping/maxCaptionGap`` × the field's height (or its own
    /// height) above the field, across its width (HIG and Material: a short label over a field's
    /// leading edge).
    static func isCaption(_ box: Rect, of field: Rect) -> Bool {
        box.maxY <= field.midY && field.minY - box.maxY <= max(box.height, Grouping.maxCaptionGap * field.height) && box.xOverlap(field) > 0
    }

    /// Where the placeholder of the field at `field` starts: the leading edge of a text detected
    /// inside it, or of the first OCR line read inside it; nil when neither is.
    static func placeholderStart(of field: Rect, in detections: [Detection], lines: [RecognizedText]) -> Double? {
        if let inner = detections.first(where: { $0.type == .text && $0.box.fractionInside(field) >= 0.8 }) { return inner.box.minX }
        return lines.filter { $0.box.fractionInside(field) >= 0.8 }.map(\.box.minX).min()
    }
}
