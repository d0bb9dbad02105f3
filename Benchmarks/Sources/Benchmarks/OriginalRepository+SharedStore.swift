// The original pattern's actor as a contender, and the one batch write it never had.

import Foundation
import Models

extension OriginalRepository: DurableStore, SharedStore where T == Question {
  func save(_ question: Question, record: [UInt8]) throws {
    try save(question)
  }

  /// Writes `items` as the original pattern's file, exactly what one `persistToFile()` writes:
  /// the original pattern has no batch save, so this is how its store is filled before it is
  /// opened.
  static func writeStore(_ items: [Question], to fileURL: URL) throws {
    let data = try JSONEncoder().encode(items)
    try data.write(to: fileURL, options: .atomic)
  }
}
