import ArgumentParser
import Foundation
import ScreenRecognition

@main
struct Screenrec: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenrec",
        abstract: "Infer accessibility metadata for a mobile app screen from its pixels.",
        subcommands: [Eval.self]
    )
}
