// A torn tail of the journal: copied beside it, reported, and cut off by the next writer.

import Foundation

extension Journal {
  /// Notes `tail`, the bytes after the intact records (from byte `start`), as a torn tail:
  /// `nil` when empty. A tail with a damaged record in it, which a power cut leaves, is
  /// copied beside the journal at once (when the folder can be written) and reported in
  /// ``warnings``; a record merely cut short by a crash is copied only when it is cut off.
  func noteTail(_ tail: [UInt8], at start: Int64, damaged: Bool) {
    guard !tail.isEmpty else {
      tornTail = nil
      return
    }
    // A catch-up reads the same tail again until a writer cuts it off: noted once.
    if tail == tornTail?.bytes { return }
    tornTail = (tail, nil)
    guard damaged else { return }
    tornTail?.copy = try? keepCopy(ofTornTail: tail)
    warnings.append(
      StoreWarning(
        file: url, bytes: start..<(start + Int64(tail.count)),
        copy: tornTail?.copy.map { URL(fileURLWithPath: $0, isDirectory: false) }))
  }

  /// Cuts a torn tail off the journal, after keeping a copy of its bytes; call it under the
  /// store's exclusive lock, once caught up, before appending.
  func cutOffTornTail() throws(PersistenceError) {
    guard let tornTail else { return }
    if tornTail.copy == nil { _ = try keepCopy(ofTornTail: tornTail.bytes) }
    do {
      try truncate(to: length)
    } catch {
      throw .writeFailed(url, reason: "cannot cut off a torn record: \(error)")
    }
    self.tornTail = nil
  }

  /// Writes `bytes`, a tail torn by a crash, durably to `<journal>.torn-<UTC time>` beside
  /// the journal, so that cutting them off loses nothing. A copy of the same bytes already
  /// there is used instead: until a writer cuts the tail off, every open finds it again, and
  /// a command that only reads must not leave one more file each time it runs.
  private func keepCopy(ofTornTail bytes: [UInt8]) throws(PersistenceError) -> String {
    if let existing = existingCopy(ofTornTail: bytes) { return existing }
    let path = RecoveryStamp.freePath(
      self.path + ".torn-" + RecoveryStamp.make(.now), fileSystem: fileSystem)
    do {
      _ = try DurableFileWriter(fileSystem: fileSystem)
        .replaceContents(of: path, in: directory, with: bytes)
    } catch {
      switch error {
      case .notWritten(let cause), .undoneButNotDurable(let cause),
        .writtenButNotDurable(let cause, _):
        throw .writeFailed(
          url, reason: "cannot keep a copy of a torn record before cutting it off: \(cause)")
      }
    }
    return path
  }

  /// A `<journal>.torn-…` file beside the journal that holds exactly `bytes`, if any.
  private func existingCopy(ofTornTail bytes: [UInt8]) -> String? {
    let prefix = url.lastPathComponent + ".torn-"
    guard let names = try? fileSystem.contentsOfDirectory(directory) else { return nil }
    for name in names.sorted() where name.hasPrefix(prefix) {
      let path = directory + "/" + name
      // A copy holds exactly the tail: the limit keeps any larger file there unread.
      let reader = FileReader(fileSystem: fileSystem, path: path, limit: Int64(bytes.count))
      if let copy = try? reader.readWholeFile(), copy.data.elementsEqual(bytes) { return path }
    }
    return nil
  }
}
