/// The 13 UI element classes the detector predicts (paper §4.2, Table 1).
///
/// The raw values are the contract ids used in detections files, `detect` output and model metadata.
public enum ElementClass: String, CaseIterable, Codable, Sendable, Hashable, Comparable {
    case checkboxSelected
    case checkboxUnselected
    case container
    case dialog
    case icon
    case picture
    case pageControl
    case segmentedControl
    case slider
    case text
    case textField
    case toggleSelected
    case toggleUnselected

    public static func < (a: ElementClass, b: ElementClass) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The name used in the paper's Table 1.
    public var displayName: String {
        switch self {
        case .checkboxSelected: "Checkbox (Selected)"
        case .checkboxUnselected: "Checkbox (Unselected)"
        case .container: "Container"
        case .dialog: "Dialog"
        case .icon: "Icon"
        case .picture: "Picture"
        case .pageControl: "Page Control"
        case .segmentedControl: "Segmented Control"
        case .slider: "Slider"
        case .text: "Text"
        case .textField: "Text Field"
        case .toggleSelected: "Toggle (Selected)"
        case .toggleUnselected: "Toggle (Unselected)"
        }
    }

    /// The class with its selection state removed (for datasets without states): toggles and
    /// checkboxes map to their unselected id, everything else to itself.
    public var stateMerged: ElementClass {
        switch self {
        case .checkboxSelected: .checkboxUnselected
        case .toggleSelected: .toggleUnselected
        default: self
        }
    }
}

/// The icon meanings: the 38 recognised by VoiceOver's icon recognition (paper §5.2), 34 more that
/// the icons real apps show and the 38 leave out (media controls, common objects, sign-in brands
/// and the glyphs of players, keypads and scanners — ``extendedMeanings``), and three directions (``derivedDirections``) the classifier
/// derives from "back" on the mirrored or turned glyph. The raw values are the contract ids used by
/// `iconLabel` in detections files and the icon classifier's classes.
public enum IconMeaning: String, CaseIterable, Codable, Sendable, Hashable {
    case back, close, add, search, menu, settings, share, more, home, person, heart, star, bookmark
    case trash, edit, camera, photo, play, pause, mail, phone, chat, bell, cart, filter, refresh
    case download, upload, info, help, location, calendar, clock, lock, link, microphone, send, checkmark
    // Beyond the paper's 38: found among the icons ui-real's analyses left unknown (media controls,
    // thumbs up, eye, copy, …) and the brand logos of sign-in and share buttons.
    case next, previous, shuffle, like, show, copy, folder, flag, tag, gift, warning, video, music, chart
    case cast, logout, volume, facebook, google, twitter, instagram, apple, youtube, whatsapp, linkedin
    // The sixth model's: glyphs the fifth left unknown on ui-real and iPhone screens (a player's
    // repeat and queue, a video's full-screen corners, thumbs down, a keypad's ⌫, a grid of tiles,
    // a compass, a trophy, a scan frame or QR code).
    case `repeat`, playlist, fullscreen, dislike, backspace, grid, explore, trophy, scan
    // Directions: "back" mirrored (a disclosure chevron, a "next" arrow) or turned a quarter.
    case forward, up, down

    /// The meanings read from the glyph turned so that it would point back (left): `forward` from
    /// the mirrored glyph, `up` from the glyph turned a quarter anticlockwise, `down` clockwise.
    public static let derivedDirections: [IconMeaning] = [.forward, .up, .down]

    /// The meanings added to the paper's 38 (§5.2): classes of the icon classifier from its fifth
    /// model on (the sixth added nine); a model without them still loads (its classes name a subset).
    /// They are the cases from `next` up to the directions.
    public static let extendedMeanings: [IconMeaning] = Array(modelMeanings.drop { $0 != .next })

    /// The meanings an icon classifier's model has classes for (all but ``derivedDirections``).
    public static let modelMeanings: [IconMeaning] = allCases.filter { !derivedDirections.contains($0) }

    /// The brands' logos (sign-in and share buttons), which a text beside them may name.
    public static let brands: Set<IconMeaning> = [.facebook, .google, .twitter, .instagram, .apple, .youtube, .whatsapp, .linkedin]

    /// Whether the meaning is a brand's logo (``brands``).
    public var isBrand: Bool { Self.brands.contains(self) }

    /// The word VoiceOver-style announcements use for an icon of this meaning.
    ///
    /// Wording follows the labels of the matching UIKit system items / SF Symbols as VoiceOver
    /// reads them (e.g. `UIBarButtonItem.SystemItem.add` is spoken "Add", `.action` "Share").
    public var spokenLabel: String {
        switch self {
        case .back: "Back"
        case .close: "Close"
        case .add: "Add"
        case .search: "Search"
        case .menu: "Menu"
        case .settings: "Settings"
        case .share: "Share"
        case .more: "More"
        case .home: "Home"
        case .person: "Profile"
        case .heart: "Favorite"
        case .star: "Star"
        case .bookmark: "Bookmark"
        case .trash: "Delete"
        case .edit: "Edit"
        case .camera: "Camera"
        case .photo: "Photo"
        case .play: "Play"
        case .pause: "Pause"
        case .mail: "Mail"
        case .phone: "Call"
        case .chat: "Message"
        case .bell: "Notifications"
        case .cart: "Cart"
        case .filter: "Filter"
        case .refresh: "Refresh"
        case .download: "Download"
        case .upload: "Upload"
        case .info: "Info"
        case .help: "Help"
        case .location: "Location"
        case .calendar: "Calendar"
        case .clock: "Clock"
        case .lock: "Lock"
        case .link: "Link"
        case .microphone: "Dictate"
        case .send: "Send"
        case .checkmark: "Done"
        // MPRemoteCommandCenter's next/previous track and shuffle, as Apple Music's buttons say them
        case .next: "Next"
        case .previous: "Previous"
        case .shuffle: "Shuffle"
        case .like: "Like"
        // an eye beside a password field reveals it ("Show"); SF Symbols' eye
        case .show: "Show"
        case .copy: "Copy"
        case .folder: "Folder"
        case .flag: "Flag"
        case .tag: "Tag"
        case .gift: "Gift"
        case .warning: "Warning"
        case .video: "Video"
        case .music: "Music"
        case .chart: "Chart"
        case .cast: "Cast"
        case .logout: "Log Out"
        case .volume: "Volume"
        // brand logos are announced by the brand's own name
        case .facebook: "Facebook"
        case .google: "Google"
        case .twitter: "Twitter"
        case .instagram: "Instagram"
        case .apple: "Apple"
        case .youtube: "YouTube"
        case .whatsapp: "WhatsApp"
        case .linkedin: "LinkedIn"
        // Apple Music's repeat and queue buttons; AVPlayerViewController's "Full Screen"
        case .repeat: "Repeat"
        case .playlist: "Playlist"
        case .fullscreen: "Full Screen"
        case .dislike: "Dislike"
        // the ⌫ key of a keypad; not "Delete", which is the trash can's word (UIKit's .trash)
        case .backspace: "Backspace"
        // SF Symbols' square.grid.2x2, safari (a compass), trophy and qrcode.viewfinder, by what they show
        case .grid: "Grid"
        case .explore: "Explore"
        case .trophy: "Trophy"
        case .scan: "Scan"
        // SF Symbols' chevron.forward / chevron.up / chevron.down
        case .forward: "Forward"
        case .up: "Up"
        case .down: "Down"
        }
    }
}
