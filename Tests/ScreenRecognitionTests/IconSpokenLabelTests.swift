import Testing

@testable import ScreenRecognition

/// The words icons are spoken with (IconMeaning.spokenLabel): VoiceOver's labels for the matching
/// UIKit system items and SF Symbols, e.g. `UIBarButtonItem.SystemItem.action` is "Share".
@Suite("Icon spoken labels")
struct IconSpokenLabelTests {
    @Test(arguments: [
        (IconMeaning.back, "Back"), (.close, "Close"), (.add, "Add"), (.search, "Search"), (.more, "More"),
        (.share, "Share"), (.settings, "Settings"), (.trash, "Delete"), (.edit, "Edit"), (.checkmark, "Done"),
        (.phone, "Call"), (.bell, "Notifications"), (.microphone, "Dictate"), (.person, "Profile"),
        (.forward, "Forward"), (.up, "Up"), (.down, "Down"),
        (.next, "Next"), (.previous, "Previous"), (.show, "Show"), (.logout, "Log Out"), (.youtube, "YouTube"),
        (.repeat, "Repeat"), (.fullscreen, "Full Screen"), (.backspace, "Backspace"), (.scan, "Scan"),
    ])
    func voiceOverWords(meaning: IconMeaning, word: String) {
        #expect(meaning.spokenLabel == word)
    }

    @Test func everyMeaningHasItsOwnCapitalisedWords() {
        let words = IconMeaning.allCases.map(\.spokenLabel)
        #expect(Set(words).count == IconMeaning.allCases.count)
        #expect(words.allSatisfy { w in w.split(separator: " ").allSatisfy { $0.first?.isUppercase ?? false } })
        #expect(IconMeaning.allCases.count == 75)
        #expect(IconMeaning.modelMeanings.count == 72 && IconMeaning.derivedDirections.count == 3)
        // the paper's 38 come first, in the contract order the icon classifier's classes use
        #expect(IconMeaning.modelMeanings.prefix(38).last == .checkmark)
        #expect(Array(IconMeaning.modelMeanings.dropFirst(38)) == IconMeaning.extendedMeanings)
    }
}
