// The workloads the damage scan and the crash-state check run, and what each had acknowledged.

import Foundation
import LocalStoreTestSupport

@testable import LocalStore

/// How deep the durability checks go: `DURABILITY_CHECKS=full` (as `make check` sets it)
/// runs every record and every crash point of larger workloads; otherwise a sample that takes
/// seconds runs in `make test`.
enum DurabilityChecks {
  static var isFull: Bool { ProcessInfo.processInfo.environment["DURABILITY_CHECKS"] == "full" }
}

/// A way of writing a store, in this process, through a ``FileSystem`` of the test's choice.
///
/// Every item saved is a ``Note`` with a title of its own (its label), so what a store holds
/// afterwards is told by titles. Writers in this process are separate ``LocalRepository``
/// instances on the same files, each with its own view of the journal, as separate
/// processes have: they take turns through the lock file.
enum DurabilityWorkload: String, CaseIterable, Sendable {
  /// One repository per save, opened, saving once, released: a one-shot command each.
  case oneShot = "one-shot writers"
  /// One repository saving durably, one save after another.
  case longWriter = "long-running durable writer"
  /// Two repositories saving in turn.
  case interleaving = "two writers interleaving"
  /// One repository saving lossy, calling `synchronize()` every few saves, with saves after
  /// the last call.
  case lossy = "lossy writer with synchronize()"
  /// One repository saving durably with a small compaction threshold, so the journal is
  /// folded into the snapshot part way through.
  case compaction = "compaction in the middle"

  /// The store's file name in its folder.
  static let filename = "q.json"

  /// One acknowledged save: its label, and the operation count (``RecordingFileSystem``'s,
  /// or 0) when it was acknowledged and when it was known durable (`nil`: never).
  struct Save: Sendable {
    var label: String
    var acknowledgedAt: Int
    var durableAt: Int?
  }

  /// What a run acknowledged, and where the journal was last known synced: the end of its
  /// records when the last sync that covered every save before it returned.
  struct Run: Sendable {
    var saves: [Save]
    var syncedJournalEnd: Int64

    /// The labels of the saves known durable by operation `point` (every one by default).
    func durableLabels(by point: Int = .max) -> Set<String> {
      Set(saves.filter { $0.durableAt.map { $0 <= point } ?? false }.map(\.label))
    }
  }

  /// Runs `saves` saves of this workload in `folder`, through `fileSystem`; `clock` says how
  /// many operations were made so far.
  func run(
    saves count: Int, in folder: URL, fileSystem: any FileSystem, clock: @escaping () -> Int
  ) async throws -> Run {
    var saves: [Save] = []
    var configuration = StoreConfiguration()
    if self == .lossy { configuration.durability = .lossyOnPowerCut(syncWithin: .seconds(3600)) }
    if self == .compaction { configuration.minimumCompactionSize = 4_096 }
    func open() async throws -> LocalRepository<Note> {
      try await LocalRepository<Note>.open(
        directory: folder, filename: Self.filename, configuration: configuration,
        fileSystem: fileSystem)
    }
    func save(_ index: Int, to repository: LocalRepository<Note>) async throws {
      let label = "\(rawValue) \(index)"
      try await repository.save(Note(title: label, text: String(repeating: "a", count: 120)))
      saves.append(Save(label: label, acknowledgedAt: clock(), durableAt: nil))
    }
    var syncedEnd: Int64 = 0
    func markDurable() {
      for index in saves.indices where saves[index].durableAt == nil {
        saves[index].durableAt = clock()
      }
      syncedEnd = journalContentEnd(in: folder)
    }
    switch self {
    case .oneShot:
      for index in 0..<count {
        try await save(index, to: try await open())
        markDurable()
      }
    case .longWriter, .compaction:
      let repository = try await open()
      for index in 0..<count {
        try await save(index, to: repository)
        markDurable()
      }
    case .interleaving:
      let writers = [try await open(), try await open()]
      for index in 0..<count {
        try await save(index, to: writers[index % 2])
        markDurable()
      }
    case .lossy:
      let repository = try await open()
      let unsyncedAtEnd = max(1, count / 5)
      for index in 0..<count {
        try await save(index, to: repository)
        if index % 4 == 3 && index < count - unsyncedAtEnd {
          try await repository.synchronize()
          markDurable()
        }
      }
    }
    return Run(saves: saves, syncedJournalEnd: syncedEnd)
  }
}

/// The journal of the workload store in `folder`.
func workloadJournal(in folder: URL) -> URL {
  folder.appendingPathComponent(DurabilityWorkload.filename + ".journal")
}

/// Where the records of the journal in `folder` end, the zeros reserved after them left out.
func journalContentEnd(in folder: URL) -> Int64 {
  guard let bytes = bytes(of: workloadJournal(in: folder)) else { return 0 }
  return Int64(bytes.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0)
}

/// The titles of the notes the store in `folder` holds, and its warnings; throws what
/// opening it throws.
func openedLabels(in folder: URL) async throws -> (labels: Set<String>, warnings: Int) {
  let repository = try await LocalRepository<Note>.open(
    directory: folder, filename: DurabilityWorkload.filename)
  return (Set(await repository.loadAll().map(\.title)), repository.warnings.count)
}

/// Copies every file of `source` into `destination`, a folder that must not exist yet.
func copyStoreFolder(_ source: URL, to destination: URL) throws {
  try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
  for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
    try FileManager.default.copyItem(
      at: source.appendingPathComponent(name), to: destination.appendingPathComponent(name))
  }
}
