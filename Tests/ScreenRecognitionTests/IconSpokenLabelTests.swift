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
    ])
    func voiceOverWords(meaning: IconMeaning, word: String) {
        #expect(meaning.spokenLabel == word)
    }

    @Test func everyMeaningHasItsOwnCapitalisedWord() {
        let words = IconMeaning.allCases.map(\.spokenLabel)
        #expect(Set(words).count == IconMeaning.allCases.count)
        #expect(words.allSatisfy { ($0.first?.isUppercase ?? false) && !$0.contains(" ") })
        #expect(IconMeaning.allCases.count == 41)
        #expect(IconMeaning.modelMeanings.count == 38 && IconMeaning.derivedDirections.count == 3)
    }
}
