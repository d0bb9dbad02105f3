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
    if InterchangeFormat.firstSignificantByte(of: bytes) == UInt8(ascii: "["),
      let plan = planInPieces(bytes, now: now, progress: progress)
    {
      return plan
    }
    return try planWhole(data, bytes: bytes, now: now, progress: progress)
  }

  /// How many elements of an array are decoded at a time.
  static let pieceSize = 10_000

  /// The plan of a JSON array decoded ``pieceSize`` elements at a time, so that memory stays
  /// a small multiple of the file; `nil` when the array does not close, bytes follow it, or
  /// a piece does not decode, for ``planWhole(_:bytes:now:progress:)`` to explain.
  private static func planInPieces(
    _ bytes: [UInt8], now: Date, progress: (InterchangeProgress) -> Void
  ) -> ImportPlan? {
    guard let pieces = JSONElementScanner.pieces(in: bytes, size: pieceSize),
      bytes[(pieces.end + 1)...].allSatisfy(isWhiteSpace)
    else { return nil }
    let decoder = JSONDecoder()
    var builder = ImportPlanBuilder()
    var decoded = 0
    for (number, start) in pieces.starts.enumerated() {
      var end = number + 1 < pieces.starts.count ? pieces.starts[number + 1] : pieces.end
      // Up to the last element's end: no white space, and no comma (nor a trailing one).
      while end > start, isWhiteSpace(bytes[end - 1]) { end -= 1 }
      if end > start, bytes[end - 1] == UInt8(ascii: ",") { end -= 1 }
      var piece = [UInt8(ascii: "[")]
      piece.append(contentsOf: bytes[start..<end])
      piece.append(UInt8(ascii: "]"))
      guard let rows = try? decoder.decode(JSONImportPiece.self, from: Data(piece)).rows else {
        return nil
      }
      for row in rows {
        builder.append(row, line: decoded)  // The element's index, for now.
        decoded += 1
        if decoded % InterchangeProgress.interval == 0, decoded < pieces.count {
          progress(
            InterchangeProgress(rows: decoded, fraction: Double(decoded) / Double(pieces.count)))
        }
      }
    }
    guard decoded == pieces.count else { return nil }
    progress(InterchangeProgress(rows: decoded, fraction: 1))
    return withProblemLines(builder.finish(now: now), in: bytes)
  }

  /// Whether `byte` is JSON white space, or a byte of the UTF-8 byte order mark.
  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(byte)
  }

  /// `plan` with each kept problem's line looked up: it holds its element's index.
  private static func withProblemLines(_ plan: ImportPlan, in bytes: [UInt8]) -> ImportPlan {
    var plan = plan
    let lines = JSONElementScanner.lines(ofElements: Set(plan.problems.map(\.line)), in: bytes)
    for index in plan.problems.indices {
      plan.problems[index].line = lines[plan.problems[index].line] ?? 1
    }
    return plan
  }

  /// The plan of the whole document decoded at once: a store file, or a file whose syntax
  /// is broken, which this decode explains. One decode leaves no point between elements to
  /// report progress from, so it reports once, at the end.
  private static func planWhole(
    _ data: Data, bytes: [UInt8], now: Date, progress: (InterchangeProgress) -> Void
  ) throws(InterchangeError) -> ImportPlan {
    let decoder = JSONDecoder()
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
    return withProblemLines(rows.builder.finish(now: now), in: bytes)
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
