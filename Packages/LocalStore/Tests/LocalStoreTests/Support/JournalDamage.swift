// The damages the scan applies to one journal record at a time, and how an open is judged.

import Foundation

@testable import LocalStore

/// Where one intact record of a journal lies, and its fields.
struct JournalRecordSpan: Sendable {
  var bytes: Range<Int>
  var sequenceField: Range<Int>
  var checksumField: Range<Int>
  var payload: Range<Int>

  /// The intact records of `journal`, from its start to the first byte that is not one.
  static func all(in journal: [UInt8]) -> [JournalRecordSpan] {
    var spans: [JournalRecordSpan] = []
    var start = 0
    while !Journal.Record.isFreeSpace(journal, from: start),
      case .record(_, _, let payload, let end) = Journal.Record.parse(journal, at: start)
    {
      let header = Array(journal[start..<payload.lowerBound])
      let spaces = header.indices.filter { header[$0] == UInt8(ascii: " ") }
      let checksumStart = start + (spaces.dropLast().last.map { $0 + 1 } ?? 0)
      spans.append(
        JournalRecordSpan(
          bytes: start..<end, sequenceField: start..<(start + spaces[0]),
          checksumField: checksumStart..<(payload.lowerBound - 1), payload: payload))
      start = end
    }
    return spans
  }
}

/// One kind of damage to one record.
enum JournalDamage: String, CaseIterable, Sendable {
  case payloadBit = "bit in payload"
  case headerBit = "bit in sequence"
  case checksumBit = "bit in checksum"
  case zeroedBlock = "zeroed 512-byte blocks"

  /// The bytes of `journal` this damage changes when applied to `record`.
  func range(of record: JournalRecordSpan, in journal: [UInt8]) -> Range<Int> {
    switch self {
    case .payloadBit:
      let middle = record.payload.lowerBound + record.payload.count / 2
      return middle..<(middle + 1)
    case .headerBit:
      return (record.sequenceField.upperBound - 1)..<record.sequenceField.upperBound
    case .checksumBit:
      return record.checksumField.lowerBound..<(record.checksumField.lowerBound + 1)
    case .zeroedBlock:
      let start = record.bytes.lowerBound / 512 * 512
      let end = (record.bytes.upperBound + 511) / 512 * 512
      return start..<min(end, journal.count)
    }
  }

  /// `journal` with this damage applied to `record`.
  func apply(to record: JournalRecordSpan, in journal: [UInt8]) -> [UInt8] {
    var damaged = journal
    for index in range(of: record, in: journal) {
      damaged[index] = self == .zeroedBlock ? 0 : damaged[index] ^ 0x01
    }
    return damaged
  }
}

/// What one open of a damaged copy came to.
enum DamageVerdict: Sendable, Equatable {
  /// Opened, holding every acknowledged synced save.
  case openedComplete
  /// Refused, and the damage reaches bytes before the last synced point.
  case refusedCorrectly
  /// Opened without saves of the last records, the damaged ones, with a warning: no later
  /// record is there to say that they had been synced, so the store cannot tell this from a
  /// write torn by a power cut, and it said what it set aside.
  case tailLossWarned
  /// Opened without an acknowledged synced save: the failure the scan looks for.
  case silentLoss(missing: [String])
  /// Refused though the damage lies only after the last synced point: what a power cut
  /// leaves there must open.
  case falseRefusal(String)

  /// Judges one open: `opened` is the labels and warning count, or the error when it was
  /// refused; `damaged` the bytes changed; `spans` the records of `journal`, undamaged.
  static func judge(
    opened: Result<(labels: Set<String>, warnings: Int), any Error>, expected: Set<String>,
    damaged: Range<Int>, syncedEnd: Int64, spans: [JournalRecordSpan], journal: [UInt8]
  ) -> DamageVerdict {
    switch opened {
    case .failure(let error):
      return damaged.lowerBound >= syncedEnd ? .falseRefusal("\(error)") : .refusedCorrectly
    case .success(let store):
      let missing = expected.subtracting(store.labels)
      if missing.isEmpty { return .openedComplete }
      // Only the records the damage reached, with nothing intact after them, may go, and
      // only with a warning.
      let reached = spans.filter { $0.bytes.overlaps(damaged) }
      let isTail = spans.allSatisfy { $0.bytes.lowerBound < damaged.upperBound }
      let inReached = missing.allSatisfy { label in
        reached.contains { span in
          String(decoding: journal[span.payload], as: UTF8.self).contains("\"\(label)\"")
        }
      }
      return isTail && inReached && store.warnings > 0
        ? .tailLossWarned : .silentLoss(missing: missing.sorted())
    }
  }
}

/// The counts of one row of the damage scan's table.
struct DamageTally: Sendable {
  var workload: String
  var records = 0
  var tried = 0
  var openedComplete = 0
  var refusedCorrectly = 0
  var tailLossWarned = 0
  var failures: [String] = []
  var silentLosses = 0
  var falseRefusals = 0

  mutating func count(_ verdict: DamageVerdict, record: Int, damage: JournalDamage) {
    tried += 1
    switch verdict {
    case .openedComplete: openedComplete += 1
    case .refusedCorrectly: refusedCorrectly += 1
    case .tailLossWarned: tailLossWarned += 1
    case .silentLoss(let missing):
      silentLosses += 1
      failures.append(
        "\(workload): record \(record), \(damage.rawValue): opened without \(missing.count)"
          + " synced saves (\(missing.prefix(3).joined(separator: ", "))\(missing.count > 3 ? ", …" : ""))"
      )
    case .falseRefusal(let error):
      falseRefusals += 1
      failures.append("\(workload): record \(record), \(damage.rawValue): refused: \(error)")
    }
  }

  /// The table of `rows`, one line each, with its header.
  static func table(_ rows: [DamageTally], title: String) -> String {
    let header = [
      "workload", "records", "damages", "complete", "refused ok", "tail warned",
      "silent loss", "false refusal",
    ]
    let cells = rows.map {
      [
        $0.workload, "\($0.records)", "\($0.tried)", "\($0.openedComplete)",
        "\($0.refusedCorrectly)", "\($0.tailLossWarned)", "\($0.silentLosses)",
        "\($0.falseRefusals)",
      ]
    }
    return textTable(title: title, header: header, rows: cells)
  }
}

/// `rows` under `header` in aligned columns, the first left-aligned, after a `title` line.
func textTable(title: String, header: [String], rows: [[String]]) -> String {
  let widths = header.indices.map { column in
    ([header] + rows).map { $0[column].count }.max() ?? 0
  }
  func line(_ cells: [String]) -> String {
    cells.enumerated().map { column, cell in
      let pad = String(repeating: " ", count: widths[column] - cell.count)
      return column == 0 ? cell + pad : pad + cell
    }.joined(separator: "  ")
  }
  return ([title, line(header)] + rows.map(line)).joined(separator: "\n")
}

/// One damaged copy to try: which record (counted from 0), which damage, and the bytes.
struct DamageTrial: Sendable {
  var record: Int
  var damage: JournalDamage
  /// The bytes the damage changed.
  var range: Range<Int>
  /// The whole journal, damaged.
  var damaged: [UInt8]

  /// Every damage to every record of `journal`, or to a sample: its first, middle, last but
  /// one (which only the last record can witness) and last.
  static func all(in journal: [UInt8], everyRecord: Bool) -> [DamageTrial] {
    let spans = JournalRecordSpan.all(in: journal)
    let sample = [0, spans.count / 2, spans.count - 2, spans.count - 1]
    let chosen = everyRecord ? Array(spans.indices) : Array(Set(sample)).sorted()
    return chosen.filter(spans.indices.contains).flatMap { index in
      JournalDamage.allCases.map { damage in
        DamageTrial(
          record: index, damage: damage, range: damage.range(of: spans[index], in: journal),
          damaged: damage.apply(to: spans[index], in: journal))
      }
    }
  }
}

/// The outcome of `body` as a `Result`, for an open that may refuse.
func attempt<Value>(_ body: () async throws -> Value) async -> Result<Value, any Error> {
  do {
    return .success(try await body())
  } catch {
    return .failure(error)
  }
}
