// A writer whose lock file is deleted or replaced under it still excludes the other writers.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

@Suite struct LockIdentityTests {
  /// What happens to `<name>.lock` while a writer has it open.
  enum LockTampering: String, CaseIterable, Sendable {
    /// `rm q.json.lock`.
    case deleted
    /// A new file renamed over `q.json.lock`.
    case replaced
    /// The data folder renamed away and a copy of it put back under the old name.
    case folderRenamedAndCopiedBack
  }

  /// The numbers of the intact records of a journal, in file order.
  static func recordNumbers(in journal: Data) -> [Int] {
    let bytes = Array(journal)
    var numbers: [Int] = []
    var position = 0
    while position < bytes.count {
      guard case .record(let number, _, _, let end) = Journal.Record.parse(bytes, at: position)
      else { break }
      numbers.append(number)
      position = end
    }
    return numbers
  }

  private func tamper(_ tampering: LockTampering, folder: URL) throws {
    let lock = folder.appendingPathComponent("q.json.lock")
    let manager = FileManager.default
    switch tampering {
    case .deleted:
      try manager.removeItem(at: lock)
    case .replaced:
      let fresh = folder.appendingPathComponent("fresh.lock")
      try Data().write(to: fresh)
      #expect(rename(fresh.path, lock.path) == 0)
    case .folderRenamedAndCopiedBack:
      let old = folder.deletingLastPathComponent().appendingPathComponent("data.old")
      try manager.moveItem(at: folder, to: old)
      try manager.copyItem(at: old, to: folder)
    }
  }

  @Test(arguments: LockTampering.allCases)
  func aWriterWhoseLockFileWasTamperedWithStillExcludesTheOthers(
    tampering: LockTampering
  ) async throws {
    let parent = try TemporaryDirectory()
    let folder = parent.appending("data")
    let repository = try LocalRepository<Note>(directory: folder, filename: "q.json")
    var saved: [UUID] = []
    for index in 0..<2 {  // The first save opens the lock file, and keeps it open.
      let note = writerSizedNote(index, prefix: "mine")
      try await repository.save(note)
      saved.append(note.id)
    }
    try tamper(tampering, folder: folder)

    let journal = folder.appendingPathComponent("q.json.journal")
    let before = journalRecords(at: journal)?.count ?? 0
    let path = folder.path
    let child = Task {
      try await onOwnThread {
        try ChildProcess.runBlocking(storeWriter, ["save", path, "600", "child"])
      }
    }
    // Start saving once the child writes, so that the two really overlap.
    let deadline = ContinuousClock.now + .seconds(20)
    while (journalRecords(at: journal)?.count ?? 0) <= before, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(2))
    }
    for index in 2..<400 {
      let note = writerSizedNote(index, prefix: "mine")
      try await repository.save(note)
      saved.append(note.id)
    }
    let result = try await child.value
    #expect(result.status == 0, "\(result.standardError)")
    let theirs = acknowledgedIDs(in: result.standardOutput)
    #expect(theirs.count == 600)

    let numbers = Self.recordNumbers(in: journalRecords(at: journal) ?? Data())
    #expect(Set(numbers).count == numbers.count, "the journal repeats a record number")
    #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 + 1 == $1 })
    let reopened = try LocalRepository<Note>(directory: folder, filename: "q.json")
    let stored = Set(await reopened.loadAll().map(\.id))
    let lost = (saved + theirs).filter { !stored.contains($0) }
    #expect(lost.isEmpty, "\(lost.count) acknowledged saves are missing")
  }
}
