// `questions migrate`: copies every question into the other store, checks the copy, and only
// then switches to it.

import Foundation
import LocalStore
import Models

/// Moves a data folder's questions from its store to the other kind (``StoreKind``).
///
/// The move never changes the store in use until the end: it copies every question into a
/// new store of the other kind (setting aside an old one left there, whole, under a new
/// name), checks that the copy holds the same questions in the same order, and only then
/// switches the setting, in one durable rename. Killed at any moment before that rename,
/// the folder still opens the old store, untouched; after it, the new one, complete. Run it
/// again to finish.
///
/// Another process that saves into the old store during the move is found out by the check,
/// which reads the old store anew (the counts or the questions differ), and the move stops
/// without switching; one that saves after the check but before the switch is not: close
/// the other `questions` processes first.
public struct StoreMover {
  /// A point of the move, after which a test may stop it as a kill would.
  public enum Step: Equatable, Sendable {
    /// An old store of the target kind was set aside.
    case setAside
    /// Batch `index` (from 0) of the questions was copied.
    case copied(batch: Int)
    /// The copy was checked against the store in use.
    case verified
    /// The setting names the new store.
    case switched
  }

  /// What a move did.
  public struct Outcome: Equatable, Sendable {
    /// The store in use before.
    public var from: StoreKind
    /// The store in use now.
    public var to: StoreKind
    /// How many questions the new store holds; 0 when nothing moved.
    public var questions: Int
    /// The names the old files of the target kind were given, if there were any.
    public var setAside: [String]

    /// A move from `from` to `to` of `questions` questions, which set `setAside` aside.
    public init(from: StoreKind, to: StoreKind, questions: Int, setAside: [String]) {
      self.from = from
      self.to = to
      self.questions = questions
      self.setAside = setAside
    }
  }

  /// The data folder.
  public var directory: URL
  /// How many questions each transaction of the copy holds.
  public var batchSize = 10_000
  /// Called after each step; a test throws from it to stop the move there.
  public var afterStep: (Step) async throws -> Void = { _ in }
  /// The time that names the files set aside.
  public var now: () -> Date = { .now }

  /// A move of the questions in `directory`, copied `batchSize` at a time.
  public init(directory: URL, batchSize: Int = 10_000) {
    self.directory = directory
    self.batchSize = batchSize
  }

  /// Moves the questions to a store of kind `target`, or does nothing if it is the one in use.
  public func move(to target: StoreKind) async throws -> Outcome {
    let current = try StoreKind.current(in: directory)
    guard current != target else {
      return Outcome(from: current, to: target, questions: 0, setAside: [])
    }
    let source = try await current.open(in: directory).repository
    let setAside = try setAsideOldStore(of: target)
    try await afterStep(.setAside)
    let destination = try await target.open(in: directory).repository
    let total = await source.count()
    for (batch, offset) in stride(from: 0, to: total, by: batchSize).enumerated() {
      let questions = await source.items(offset: offset, limit: batchSize)
      try await destination.save(contentsOf: questions)
      try await afterStep(.copied(batch: batch))
    }
    // Opened again, so that it reads what other processes saved since: a repository reads
    // other writers' changes only when it follows them.
    let reread = try await current.open(in: directory).repository
    try await verify(destination, against: reread, total: total)
    try await afterStep(.verified)
    try await destination.synchronize()
    try target.choose(in: directory)
    try await afterStep(.switched)
    return Outcome(from: current, to: target, questions: total, setAside: setAside)
  }

  /// Renames any files of a store of kind `kind` in the folder, log first, so that the new
  /// store starts empty and never reads an old log; returns their new names.
  private func setAsideOldStore(of kind: StoreKind) throws -> [String] {
    var stamp = String(Int(now().timeIntervalSince1970))
    while FileManager.default.fileExists(
      atPath: directory.appendingPathComponent(kind.filename + ".replaced-\(stamp)").path)
    {
      stamp += "-2"
    }
    var moved: [String] = []
    for name in kind.companionFilenames + [kind.filename] {
      let url = directory.appendingPathComponent(name)
      guard FileManager.default.fileExists(atPath: url.path) else { continue }
      let newName = name.replacingOccurrences(
        of: kind.filename, with: kind.filename + ".replaced-\(stamp)")
      try FileManager.default.moveItem(at: url, to: directory.appendingPathComponent(newName))
      moved.append(newName)
    }
    return moved
  }

  /// Checks that `destination` holds what `source` holds, question for question, in order.
  private func verify(
    _ destination: any Repository<Question>, against source: any Repository<Question>,
    total: Int
  ) async throws {
    let copied = await destination.count()
    let now = await source.count()
    guard copied == total, now == total else {
      throw QuestionStoreError.copyDiffers(
        "The copy holds \(copied) questions and the store in use \(now) (\(total) when the move"
          + " began): another program changed it meanwhile. Nothing was switched; close the"
          + " other `questions` and run migrate again.")
    }
    for offset in stride(from: 0, to: total, by: batchSize) {
      let expected = await source.items(offset: offset, limit: batchSize)
      let found = await destination.items(offset: offset, limit: batchSize)
      guard found == expected else {
        throw QuestionStoreError.copyDiffers(
          "The copy differs from the store in use among questions \(offset + 1) to"
            + " \(offset + expected.count). Nothing was switched; run migrate again.")
      }
    }
  }
}
