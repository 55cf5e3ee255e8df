import ArgumentParser
import Foundation
import ScreenRecognition

// `main.swift` holds top-level code, so the entry point is the call at the end, not `@main`.
struct Screenrec: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenrec",
        abstract: "Infer accessibility metadata for a mobile app screen from its pixels.",
        subcommands: [Eval.self]
    )
}

Screenrec.main()
