// A new, empty folder for one test, removed when the test ends.

import Foundation

/// Runs `body` with a new, empty folder, and removes the folder and everything in it
/// afterwards, whether `body` returned or threw.
func withTemporaryTestFolder(_ body: (URL) async throws -> Void) async throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("ReadingListTests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  try await body(folder)
}
