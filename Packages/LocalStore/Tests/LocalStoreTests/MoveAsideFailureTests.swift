// Moving a store aside, cut off at any step, never leaves its snapshot without its journal.

import Foundation
import LocalStoreTestSupport
import Testing

@testable import LocalStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct MoveAsideFailureTests {
  /// Fails each call of a move aside in turn, once and as a power cut (every call from it on
  /// fails, then unsynced writes are dropped). The store must then open with all seven notes
  /// (as it was), with none (moved aside), or refuse, after which moving aside again empties
  /// it: never with the snapshot's three notes alone, which would lose the journal's four
  /// changes without a word.
  @Test func aFailureAtAnyStepNeverLeavesTheSnapshotWithoutItsJournal() async throws {
    let counting = try TemporaryDirectory()
    _ = try await makeJournaledStore(in: counting)
    let fileSystem = FailingFileSystem()
    fileSystem.fail(at: nil)
    _ = try LocalRepository<Note>.moveAside(
      directory: counting.url, filename: "q.json", now: .now, fileSystem: fileSystem)
    let steps = fileSystem.calls.count
    var outcomes: [String: Int] = [:]
    for persistent in [false, true] {
      for step in 1...steps {
        let label = "step \(step) of \(steps)\(persistent ? ", power cut" : "")"
        let folder = try TemporaryDirectory()
        _ = try await makeJournaledStore(in: folder)
        let originals = try ["q.json", "q.json.journal"].map {
          try #require(bytes(of: folder.appending($0)))
        }
        fileSystem.fail(at: step, code: EIO, persistent: persistent)
        _ = try? LocalRepository<Note>.moveAside(
          directory: folder.url, filename: "q.json", now: .now, fileSystem: fileSystem)
        if persistent { fileSystem.dropUnsyncedWrites() }
        fileSystem.fail(at: nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        let contents = names.compactMap { bytes(of: folder.appending($0)) }
        for original in originals {
          #expect(contents.contains(original), "\(label): an original is gone")
        }
        do {
          let opened = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
          let count = await opened.loadAll().count
          #expect(count == 7 || count == 0, "\(label): opened with \(count) notes")
          outcomes["opened with \(count)", default: 0] += 1
        } catch {
          _ = try LocalRepository<Note>.moveAside(directory: folder.url, filename: "q.json")
          let again = try LocalRepository<Note>(directory: folder.url, filename: "q.json")
          #expect(await again.loadAll().isEmpty, "\(label)")
          outcomes["refused, then moved aside", default: 0] += 1
        }
      }
    }
    print("moveAside: \(steps) steps, each failed once and as a power cut:", outcomes)
  }
}
