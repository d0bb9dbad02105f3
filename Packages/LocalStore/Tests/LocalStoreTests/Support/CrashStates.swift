// The states a crash may leave, built from a recorded log of file operations, as ALICE does.

import Foundation

/// The files a crash at one point of a ``RecordingFileSystem`` log may leave in a folder.
///
/// At crash point `c` (after the first `c` operations) an operation is durable when a sync
/// that covers it came later in the prefix: a write or truncate before the last `fsync` of
/// its file, a create, rename, link or unlink before the last `fsync` of its folder (so a
/// rename is durable only once its folder is synced). Every durable operation is applied.
/// Of the others, the unsynced ones, every subset is applied (each kept whole or dropped),
/// up to a bound: when there are more than `bound`, the subsets are those of the last
/// `bound`, the earlier ones kept, plus one state with all of them dropped. The last unsynced
/// write is also applied torn at a 512-byte boundary of the file (only the part before the
/// cut, or only the part after it with zeros before it, at the first and the last boundary
/// inside the bytes that are not zeros) and with all its bytes zeroed, the other unsynced
/// operations kept.
struct CrashStates {
  /// One state: each file's name in the folder and its bytes.
  typealias State = [String: [UInt8]]

  let log: [FileOperation]
  /// The store's folder, as the store names it.
  let directory: String
  /// How many unsynced operations are enumerated in every subset at most.
  let bound: Int

  /// The distinct states a crash after the first `point` operations may leave.
  func states(at point: Int) -> Set<State> {
    let prefix = log[..<point]
    var lastFileSync: [Int: Int] = [:]
    var lastFolderSync: [String: Int] = [:]
    for (index, operation) in prefix.enumerated() {
      if case .sync(let file) = operation { lastFileSync[file] = index }
      if case .syncDirectory(let path) = operation { lastFolderSync[path] = index }
    }
    var durable: Set<Int> = []
    var unsynced: [Int] = []
    for (index, operation) in prefix.enumerated() {
      let syncedAt: Int?
      if let folder = operation.directory {
        syncedAt = lastFolderSync[folder]
      } else if let file = operation.dataFile {
        syncedAt = lastFileSync[file]
      } else {
        continue
      }
      if let syncedAt, index < syncedAt { durable.insert(index) } else { unsynced.append(index) }
    }
    let enumerated = Array(unsynced.suffix(bound))
    let alwaysKept = Set(unsynced.dropLast(enumerated.count))
    var states: Set<State> = []
    for mask in 0..<(1 << enumerated.count) {
      let kept = alwaysKept.union(
        enumerated.indices.filter { mask & (1 << $0) != 0 }.map { enumerated[$0] })
      states.insert(state(at: point, applying: durable.union(kept)))
    }
    if !alwaysKept.isEmpty { states.insert(state(at: point, applying: durable)) }
    let all = durable.union(unsynced)
    if let last = unsynced.last(where: { if case .write = log[$0] { true } else { false } }),
      case .write(_, let offset, let bytes) = log[last]
    {
      var variants: [[UInt8]] = [[UInt8](repeating: 0, count: bytes.count)]
      let content = (bytes.lastIndex { $0 != 0 } ?? -1) + 1
      let cuts = (1..<max(1, content)).filter { (offset + Int64($0)) % 512 == 0 }
      for cut in Set([cuts.first, cuts.last].compactMap { $0 }) {
        variants.append(Array(bytes[..<cut]))
        variants.append([UInt8](repeating: 0, count: cut) + bytes[cut...])
      }
      for variant in variants {
        states.insert(state(at: point, applying: all, replacing: (last, variant)))
      }
    }
    return states
  }

  /// The folder's files after applying the operations numbered `applied` of the first
  /// `point`, in order; the write numbered `replacing.index` writes `replacing.bytes` instead.
  private func state(
    at point: Int, applying applied: Set<Int>, replacing: (index: Int, bytes: [UInt8])? = nil
  ) -> State {
    var names: [String: Int] = [:]
    var contents: [Int: [UInt8]] = [:]
    for index in 0..<point where applied.contains(index) {
      switch log[index] {
      case .create(let path, let file):
        names[path] = file
        contents[file] = contents[file] ?? []
      case .rename(let source, let destination):
        if let file = names.removeValue(forKey: source) { names[destination] = file }
      case .link(let source, let destination):
        if let file = names[source] { names[destination] = file }
      case .unlink(let path):
        names.removeValue(forKey: path)
      case .write(let file, let offset, let written):
        let bytes = replacing?.index == index ? replacing?.bytes ?? written : written
        var content = contents[file] ?? []
        let end = Int(offset) + bytes.count
        if content.count < end { content += [UInt8](repeating: 0, count: end - content.count) }
        content.replaceSubrange(Int(offset)..<end, with: bytes)
        contents[file] = content
      case .truncate(let file, let length):
        var content = contents[file] ?? []
        if content.count > Int(length) {
          content.removeLast(content.count - Int(length))
        } else {
          content += [UInt8](repeating: 0, count: Int(length) - content.count)
        }
        contents[file] = content
      case .sync, .syncDirectory:
        break
      }
    }
    var state: State = [:]
    for (path, file) in names where (path as NSString).deletingLastPathComponent == directory {
      state[(path as NSString).lastPathComponent] = contents[file] ?? []
    }
    return state
  }

  /// Writes `state` into `folder`, a folder that must not exist yet.
  static func materialize(_ state: State, in folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    for (name, bytes) in state {
      try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
  }
}
