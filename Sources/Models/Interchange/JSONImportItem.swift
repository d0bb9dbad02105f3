// One element of an imported JSON array, checked key by key; a bad element never stops the decode.

import Foundation

/// An element of the question array of an imported JSON file.
///
/// Its `init(from:)` never throws: a bad element becomes the reasons it is bad. So one decode
/// of the whole file checks every element, and every bad one is reported at once. The keys
/// are those of ``Question``'s on-disk shape, all required: `id`, `prompt`, `answer`,
/// `tags` and `createdAt`. Any other key is a problem too, so that a misspelt key is not
/// silently dropped. The prompt, answer and tags then follow the rules of
/// ``QuestionContent``, as `questions add` applies them.
struct JSONImportItem: Decodable {
  /// The element's index in the array.
  let index: Int
  /// The question, or why the element cannot be one.
  let row: CheckedRow

  init(from decoder: any Decoder) throws {
    index = decoder.codingPath.last?.intValue ?? 0
    row = Self.check(decoder)
  }

  /// The keys an element may have, built once rather than once per element.
  private static let knownKeys = Set(QuestionField.allCases.map(\.rawValue))

  /// Any key of a JSON object.
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  private static func check(_ decoder: any Decoder) -> CheckedRow {
    guard let container = try? decoder.container(keyedBy: AnyKey.self) else {
      return .invalid(reasons: [
        "expected a question, a JSON object with the keys id, prompt, answer, tags and createdAt"
      ])
    }
    var reasons: [String] = []
    // Two plain functions rather than one generic one: a debug build pays for generic
    // metadata on every call, and this runs five times per question.
    func isPresent(_ field: QuestionField) -> Bool {
      guard container.contains(AnyKey(stringValue: field.rawValue)) else {
        reasons.append("the key \"\(field.rawValue)\" is missing")
        return false
      }
      return true
    }
    func string(_ field: QuestionField) -> String? {
      guard isPresent(field) else { return nil }
      guard
        let value = try? container.decode(String.self, forKey: AnyKey(stringValue: field.rawValue))
      else {
        reasons.append("\"\(field.rawValue)\" is not a string")
        return nil
      }
      return value
    }
    func strings(_ field: QuestionField) -> [String]? {
      guard isPresent(field) else { return nil }
      guard
        let value = try? container.decode(
          [String].self, forKey: AnyKey(stringValue: field.rawValue))
      else {
        reasons.append("\"\(field.rawValue)\" is not an array of strings")
        return nil
      }
      return value
    }
    let idText = string(.id)
    let prompt = string(.prompt)
    let answer = string(.answer)
    let tags = strings(.tags)
    let dateText = string(.createdAt)
    let id = ImportPlanBuilder.id(idText, problems: &reasons)
    let createdAt = ImportPlanBuilder.createdAt(dateText, problems: &reasons)
    let unknown = container.allKeys.map(\.stringValue).filter { !knownKeys.contains($0) }.sorted()
    if !unknown.isEmpty {
      let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
      reasons.append(
        "unknown \(unknown.count == 1 ? "key" : "keys") \(names); a question has the keys id,"
          + " prompt, answer, tags and createdAt")
    }
    let content = ImportPlanBuilder.content(
      prompt: prompt, answer: answer, tags: tags, problems: &reasons)
    guard reasons.isEmpty, let id, let content, let createdAt else {
      return .invalid(reasons: reasons)
    }
    return .valid(ImportedRow(id: id, content: content, createdAt: createdAt))
  }
}
