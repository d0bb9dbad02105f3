// Questions with fixed ids and dates, so expected output can be written out in full.

import Foundation
import Models

/// Known questions for the App tests.
enum Fixtures {
  /// A fixed creation date: 2026-11-22T07:54:15Z.
  static let date = Date(timeIntervalSince1970: 1_795_334_055)

  /// A question about actors with two tags.
  static let actor = Question(
    id: uuid("3F2A1B4C-0000-4000-8000-000000000001"), prompt: "What does an actor guarantee?",
    answer: "Serial access to its state", tags: ["concurrency", "actors"], createdAt: date)

  /// A question whose id shares its first 4 digits with ``actor``.
  static let sendable = Question(
    id: uuid("3F2A9999-0000-4000-8000-000000000002"), prompt: "What is Sendable?",
    answer: "Safe to share across isolation domains", tags: ["Concurrency"], createdAt: date)

  /// A question with no tags and an unrelated id.
  static let optional = Question(
    id: uuid("ABCDEF01-0000-4000-8000-000000000003"), prompt: "What is an Optional?",
    answer: "A value or nothing", createdAt: date)

  /// A UUID from a literal known to be valid.
  static func uuid(_ text: String) -> UUID {
    guard let uuid = UUID(uuidString: text) else { preconditionFailure("bad UUID \(text)") }
    return uuid
  }
}
