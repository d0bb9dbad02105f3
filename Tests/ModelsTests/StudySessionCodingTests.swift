// Checks the on-disk JSON shape of a study session and its answers, and what it computes.

import Foundation
import Models
import Testing

@Suite struct StudySessionCodingTests {
  private let questionID = UUID(
    uuid: (0x3F, 0x2A, 0x1B, 0x4C, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))

  /// A session of two answers, one known, filtered by `tag`.
  private func session(tag: String? = "actors") -> StudySession {
    StudySession(
      startedAt: Date(timeIntervalSince1970: 1_795_334_000.5),
      finishedAt: Date(timeIntervalSince1970: 1_795_334_055.25), tag: tag,
      answers: [
        StudyAnswer(questionID: questionID, tags: ["actors", "concurrency"], knewIt: true),
        StudyAnswer(questionID: UUID(), knewIt: false),
      ])
  }

  private func object(_ value: some Encodable) throws -> [String: Any] {
    let data = try JSONEncoder().encode(value)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func encodesExactlyTheKeysOfTheOnDiskShape() throws {
    let encoded = try object(session())
    #expect(Set(encoded.keys) == ["id", "startedAt", "finishedAt", "tag", "answers"])
    #expect(encoded["id"] as? Int == 1_795_334_055_250)
    #expect(encoded["startedAt"] as? String == "2026-11-22T07:53:20.500Z")
    #expect(encoded["finishedAt"] as? String == "2026-11-22T07:54:15.250Z")
    #expect(encoded["tag"] as? String == "actors")
    let answers = try #require(encoded["answers"] as? [[String: Any]])
    try #require(answers.count == 2)
    #expect(Set(answers[0].keys) == ["questionID", "tags", "knewIt"])
    #expect(answers[0]["questionID"] as? String == questionID.uuidString)
    #expect(answers[0]["tags"] as? [String] == ["actors", "concurrency"])
    #expect(answers[0]["knewIt"] as? Bool == true)
  }

  @Test func aMissingTagIsWrittenAsNullAndReadBack() throws {
    let encoded = try object(session(tag: nil))
    #expect(encoded["tag"] is NSNull)
    let json = """
      {"id":5,"startedAt":"2026-11-22T07:54:15Z","finishedAt":"2026-11-22T07:54:15Z",\
      "answers":[]}
      """
    let decoded = try JSONDecoder().decode(StudySession.self, from: Data(json.utf8))
    #expect(decoded.tag == nil)
    #expect(decoded.id == 5)
  }

  @Test func roundTripsExactly() throws {
    let original = session()
    let decoded = try JSONDecoder().decode(
      StudySession.self, from: JSONEncoder().encode(original))
    #expect(decoded == original)
  }

  @Test(arguments: ["id", "startedAt", "finishedAt", "answers"])
  func everyKeyButTagIsRequired(key: String) throws {
    var encoded = try object(session())
    encoded.removeValue(forKey: key)
    let data = try JSONSerialization.data(withJSONObject: encoded)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(StudySession.self, from: data)
    }
  }

  @Test func rejectsADateThatIsNotATimestamp() throws {
    var encoded = try object(session())
    encoded["finishedAt"] = "yesterday"
    let data = try JSONSerialization.data(withJSONObject: encoded)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(StudySession.self, from: data)
    }
  }

  @Test func theDefaultIDIsTheFinishTimeInMilliseconds() {
    let finished = Date(timeIntervalSince1970: 1_795_334_055.2509)
    let session = StudySession(startedAt: finished, finishedAt: finished)
    #expect(session.id == 1_795_334_055_250)
    #expect(StudySession(id: 7, startedAt: finished, finishedAt: finished).id == 7)
  }

  @Test func countsAnswersAndAccuracy() {
    let session = session()
    #expect(session.count == 2)
    #expect(session.knownCount == 1)
    #expect(session.accuracy == 0.5)
    let empty = StudySession(startedAt: .now, finishedAt: .now)
    #expect(empty.accuracy == 0)
  }
}
