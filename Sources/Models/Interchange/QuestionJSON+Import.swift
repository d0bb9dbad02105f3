// Reading a JSON file of questions into an import plan, with the line of every bad element.

import Foundation

extension QuestionJSON {
  /// Reads a JSON array of questions, or a store file, into a plan.
  ///
  /// The file is decoded once; each element reports its own problems (see
  /// ``JSONImportItem``), and ``JSONElementScanner`` supplies the line each element starts on.
  ///
  /// - Throws: ``InterchangeError/malformedFile(line:reason:)`` when the file is not JSON,
  ///   not an array or a store file, or a store file of another version.
  static func plan(
    _ data: Data, bytes: [UInt8], now: Date, progress: @escaping (InterchangeProgress) -> Void
  ) throws(InterchangeError) -> ImportPlan {
    let decoder = JSONDecoder()
    if let key = DecodingProgressRelay.key {
      decoder.userInfo[key] = DecodingProgressRelay(
        total: JSONElementScanner.elementCount(in: bytes), report: progress)
    }
    let rows: JSONImportRows
    do {
      if InterchangeFormat.firstSignificantByte(of: bytes) == UInt8(ascii: "{") {
        rows = try decoder.decode(JSONImportEnvelope.self, from: data).items
      } else {
        rows = try decoder.decode(JSONImportRows.self, from: data)
      }
    } catch let error as InterchangeError {
      throw error
    } catch {
      throw .malformedFile(line: nil, reason: "").located(in: bytes, explaining: error)
    }
    progress(InterchangeProgress(rows: rows.count, fraction: 1))
    var plan = rows.builder.finish(now: now)
    // Each kept problem holds its element's index: look up the lines of those alone.
    let lines = JSONElementScanner.lines(ofElements: Set(plan.problems.map(\.line)), in: bytes)
    for index in plan.problems.indices {
      plan.problems[index].line = lines[plan.problems[index].line] ?? 1
    }
    return plan
  }
}

extension InterchangeError {
  /// The file-level error for a JSON decoding failure, with the line where the syntax breaks.
  fileprivate func located(in bytes: [UInt8], explaining error: any Error) -> InterchangeError {
    let shape =
      "expected a JSON array of questions, or a store file {\"version\":1,...,\"items\":[...]}"
    guard let decodingError = error as? DecodingError else {
      return .malformedFile(line: nil, reason: String(describing: error))
    }
    switch decodingError {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      guard InterchangeFormat.firstSignificantByte(of: bytes) != nil else {
        return .malformedFile(line: nil, reason: "the file is empty")
      }
      return Self.syntaxError(in: bytes)
    case .keyNotFound(let key, _):
      return .malformedFile(
        line: nil, reason: "\(shape); the key \"\(key.stringValue)\" is missing")
    default:
      return .malformedFile(line: nil, reason: shape)
    }
  }

  /// Where Foundation's parser, which reports a byte offset, finds the syntax broken.
  private static func syntaxError(in bytes: [UInt8]) -> InterchangeError {
    let detail: String
    do {
      _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
      return .malformedFile(line: nil, reason: "not valid JSON")
    } catch {
      detail =
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        ?? error.localizedDescription
    }
    let marker = " around character "
    guard let range = detail.range(of: marker),
      let offset = Int(detail[range.upperBound...].prefix { $0.isNumber })
    else {
      return .malformedFile(line: nil, reason: "not valid JSON: \(detail)")
    }
    let line = 1 + bytes.prefix(offset).count { $0 == UInt8(ascii: "\n") }
    let what = detail[..<range.lowerBound].lowercased()
    return .malformedFile(line: line, reason: "not valid JSON: \(what) at byte \(offset)")
  }
}
