// Collects rows into an `ImportPlan`: merges repeated ids, dates undated rows, keeps problems.

import Foundation

/// Builds an ``ImportPlan`` one row at a time, in file order.
struct ImportPlanBuilder {
  private var questions: [Question] = []
  /// Whether `questions[i]` still needs a creation date.
  private var undated: [Bool] = []
  private var positions: [UUID: Int] = [:]
  private var problems: [ImportProblem] = []
  private var problemCount = 0
  private var merged = 0

  /// How many rows were added or rejected so far: each one became a question, was merged into
  /// one, or is a problem.
  var rowCount: Int { questions.count + merged + problemCount }

  /// Adds the row that starts at `line`: a valid row joins the plan, an invalid one becomes a
  /// problem.
  mutating func append(_ row: CheckedRow, line: Int) {
    switch row {
    case .valid(let row): add(row)
    case .invalid(let reasons): reject(line: line, reasons)
    }
  }

  /// Adds a valid row, replacing in place an earlier row with the same id.
  private mutating func add(_ row: ImportedRow) {
    let id = row.id ?? UUID()
    let question = Question(id: id, content: row.content, createdAt: row.createdAt ?? .distantPast)
    if let position = positions[id] {
      questions[position] = question
      undated[position] = row.createdAt == nil
      merged += 1
    } else {
      positions[id] = questions.count
      questions.append(question)
      undated.append(row.createdAt == nil)
    }
  }

  /// Records a row that cannot become a question; only the first
  /// ``ImportPlan/maximumKeptProblems`` keep their sentence.
  private mutating func reject(line: Int, _ reasons: [String]) {
    problemCount += 1
    guard problems.count < ImportPlan.maximumKeptProblems else { return }
    problems.append(ImportProblem(line: line, message: Self.message(joining: reasons)))
  }

  /// The reasons in one line: a reason that is a sentence (the content rules') follows the
  /// one before it after a space, any other after a semicolon, as in
  /// `the id "x" is not a UUID; Enter a prompt. Enter an answer.`
  private static func message(joining reasons: [String]) -> String {
    var message = ""
    for reason in reasons {
      if !message.isEmpty { message += message.hasSuffix(".") ? " " : "; " }
      message += reason
    }
    return message
  }

  /// The plan, with each question the file gave no date getting its own: distinct
  /// milliseconds that increase in file order and end at `now`, so sorting by date keeps
  /// the file's order and no question is dated in the future.
  func finish(now: Date) -> ImportPlan {
    var questions = questions
    let end = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
    var remaining = Int64(undated.count { $0 })
    for index in questions.indices where undated[index] {
      remaining -= 1
      // The same arithmetic as parsing a timestamp, so the date survives a round trip.
      questions[index].createdAt = Date(timeIntervalSince1970: Double(end - remaining) / 1000)
    }
    return ImportPlan(
      questions: questions, problems: problems, problemCount: problemCount, merged: merged)
  }

  /// The prompt, answer and tags checked against the rules of ``QuestionContent``, or
  /// `nil` with the sentence of each broken rule added to `problems`. A `nil` field was
  /// missing, which is reported on its own, so no rule is reported for it.
  static func content(
    prompt: String?, answer: String?, tags: [String]?, problems: inout [String]
  ) -> QuestionContent? {
    do {
      return try QuestionContent(prompt: prompt ?? "", answer: answer ?? "", tags: tags ?? [])
    } catch {
      for problem in error.problems {
        switch problem.field {
        case .prompt where prompt == nil, .answer where answer == nil, .tags where tags == nil:
          continue
        case .prompt, .answer, .tags:
          problems.append(problem.description)
        }
      }
      return nil
    }
  }

  /// The UUID `text` spells; `nil` when there is no text, or, with a problem quoting
  /// `written` (the field as the file wrote it, `text` unless given) added to `problems`,
  /// when the text is not a UUID.
  static func id(
    _ text: String?, quoting written: String? = nil, problems: inout [String]
  ) -> UUID? {
    guard let text else { return nil }
    guard let id = UUID(uuidString: text) else {
      problems.append("the id \"\(written ?? text)\" is not a UUID")
      return nil
    }
    return id
  }

  /// The date `text` spells; `nil` when there is no text, or, with a problem quoting
  /// `written` (the field as the file wrote it, `text` unless given) added to `problems`,
  /// when the text is not a timestamp.
  static func createdAt(
    _ text: String?, quoting written: String? = nil, problems: inout [String]
  ) -> Date? {
    guard let text else { return nil }
    guard let date = Timestamp.parse(text) else {
      problems.append("the createdAt \"\(written ?? text)\" \(Timestamp.notADate)")
      return nil
    }
    return date
  }
}
