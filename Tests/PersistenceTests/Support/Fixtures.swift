// Small helpers shared by the persistence tests: sample items and raw file access.

import Foundation
import Models

/// A model with an `Int` identifier, to show the repository is generic over ID types.
struct Counter: Codable, Identifiable, Sendable, Equatable {
  var id: Int
  var value: Int
}

/// A model with a `String` identifier.
struct Setting: Codable, Identifiable, Sendable, Equatable {
  var id: String
  var value: String
}

/// `count` distinct questions with predictable prompts.
func sampleQuestions(_ count: Int, prefix: String = "Question") -> [Question] {
  (0..<count).map {
    Question(prompt: "\(prefix) \($0)", answer: "Answer \($0)", tags: ["t\($0 % 3)"])
  }
}

/// The bytes of a file, or `nil` if there is none.
func bytes(of url: URL) -> Data? {
  FileManager.default.contents(atPath: url.path)
}
