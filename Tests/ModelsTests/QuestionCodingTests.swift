// Checks the on-disk JSON shape of a question and its timestamps.

import Foundation
import Models
import Testing

@Suite struct QuestionCodingTests {
  private let fixedID = UUID(
    uuid: (0x3F, 0x2A, 0x1B, 0x4C, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))

  @Test func encodesExactlyTheFiveKeysOfTheOnDiskShape() throws {
    let question = Question(
      id: fixedID, prompt: "What is an actor?", answer: "A reference type with isolated state",
      tags: ["concurrency"], createdAt: Date(timeIntervalSince1970: 1_795_334_055))
    let data = try JSONEncoder().encode(question)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == ["id", "prompt", "answer", "tags", "createdAt"])
    #expect(object["id"] as? String == fixedID.uuidString)
    #expect(object["tags"] as? [String] == ["concurrency"])
    #expect(object["createdAt"] as? String == "2026-11-22T07:54:15Z")
  }

  @Test(arguments: [
    ("2026-11-22T07:54:15Z", 1_795_334_055.0),
    ("2026-11-22T07:54:15.250Z", 1_795_334_055.25),
    ("2026-11-22T07:54:15.25Z", 1_795_334_055.25),
    ("2026-11-22T07:54:15.123456Z", 1_795_334_055.123),
    ("2026-11-22T08:54:15+01:00", 1_795_334_055.0),
    ("1969-12-31T23:59:59Z", -1.0),
  ])
  func decodesIsoDatesWithAndWithoutFractionalSeconds(text: String, seconds: Double) throws {
    let json = """
      {"id":"\(fixedID.uuidString)","prompt":"p","answer":"a","tags":[],"createdAt":"\(text)"}
      """
    let question = try JSONDecoder().decode(Question.self, from: Data(json.utf8))
    #expect(abs(question.createdAt.timeIntervalSince1970 - seconds) < 0.000_5)
  }

  @Test(arguments: ["2026-11-22", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "yesterday", ""])
  func rejectsDatesThatAreNotIsoTimestamps(text: String) {
    let json = """
      {"id":"\(fixedID.uuidString)","prompt":"p","answer":"a","tags":[],"createdAt":"\(text)"}
      """
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Question.self, from: Data(json.utf8))
    }
  }

  @Test func roundTripsExactlyIncludingMilliseconds() throws {
    for _ in 0..<1_000 {
      let question = Question(
        prompt: "p", answer: "a", tags: ["x", "y"],
        createdAt: Date(timeIntervalSince1970: .random(in: -1e9...4e9)))
      let decoded = try JSONDecoder().decode(Question.self, from: JSONEncoder().encode(question))
      #expect(decoded == question)
    }
  }

  @Test func formatsWholeSecondsWithoutAFraction() throws {
    let question = Question(
      prompt: "p", answer: "a", createdAt: Date(timeIntervalSince1970: 1_795_334_055.5))
    let text = String(decoding: try JSONEncoder().encode(question), as: UTF8.self)
    #expect(text.contains(#""createdAt":"2026-11-22T07:54:15.500Z""#))
  }

  @Test func missingKeysAreRejected() {
    let json = #"{"id":"\#(fixedID.uuidString)","prompt":"p","answer":"a","tags":[]}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Question.self, from: Data(json.utf8))
    }
  }
}
