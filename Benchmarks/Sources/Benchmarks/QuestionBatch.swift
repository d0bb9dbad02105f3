// The items every contender stores: questions of about 200 bytes of JSON, and their records.

import Foundation
import Models

/// Questions made up for the benchmark, with each one's JSON plus a newline.
///
/// Every question has the same shape, so each encodes to the same size: 199 bytes.
struct QuestionBatch: Sendable {
  let questions: [Question]
  /// `questions[i]` encoded as JSON, plus `\n`: what the floor appends.
  let records: [[UInt8]]

  /// `count` new questions, numbered from `firstNumber`, each with a new random ID.
  init(count: Int, firstNumber: Int = 0) throws {
    let createdAt = Date(timeIntervalSince1970: 1_795_000_000.25)
    questions = (firstNumber..<firstNumber + count).map { number in
      let digits = String(number)
      let padded = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
      return Question(
        prompt: "Question \(padded): what does an actor guarantee?",
        answer: "One job at a time.", tags: ["bench", "actors"], createdAt: createdAt)
    }
    let encoder = JSONEncoder()
    records = try questions.map { Array(try encoder.encode($0)) + [UInt8(ascii: "\n")] }
  }

  var count: Int { questions.count }

  /// The average size of one record, in bytes.
  var averageRecordSize: Int {
    records.isEmpty ? 0 : records.reduce(0) { $0 + $1.count } / records.count
  }

  /// Every record, one after another.
  var joinedRecords: [UInt8] {
    Array(records.joined())
  }
}
