// Every way a store can fail, each with a message that says what happened and what to do.

import Foundation

/// A failure of a store on disk.
///
/// Every case names the file (or folder) concerned. `errorDescription` is a sentence a person
/// can act on. Whenever a store cannot be read, it says the file was left untouched: the
/// repository never overwrites or deletes bytes it could not understand.
public enum PersistenceError: Error, Sendable, Equatable {
  /// The filename is not a plain name inside the store's folder.
  case invalidFilename(String, reason: String)
  /// The store's folder (or, for ``DurableFile``, the file's folder) does not exist and could
  /// not be created, or is not a folder.
  case directoryUnavailable(URL, reason: String)
  /// Something other than a regular file is at the store's path, such as a folder or a FIFO.
  case notARegularFile(URL, found: String)
  /// The file is larger than the repository is configured to read.
  case fileTooLarge(URL, size: Int64, limit: Int64)
  /// The file exists but could not be read, for example for lack of permission.
  case unreadable(URL, reason: String)
  /// The file was read but is not a valid store: bad JSON, or the wrong shape.
  case corrupt(URL, reason: String)
  /// The file holds two items with the same identifier.
  case duplicateID(URL, id: String)
  /// The file was written at a schema version newer than this code understands.
  case unsupportedVersion(URL, version: Int, newest: Int)
  /// The file is at an older schema version and upgrading it failed, or no step was
  /// registered for that version.
  case migrationFailed(URL, fromVersion: Int, reason: String)
  /// The change would make the store larger than the size it agrees to read back; nothing
  /// was written.
  case wouldExceedSizeLimit(URL, size: Int64, limit: Int64)
  /// An item could not be encoded; nothing was written.
  case encodingFailed(URL, reason: String)
  /// The new contents could not be written; the file on disk still holds the previous state.
  case writeFailed(URL, reason: String)
  /// The change could not be flushed to stable storage (`fsync` failed), and it is known not
  /// to be saved: it was taken back from memory and the files (or never written), and that
  /// was made durable.
  case notDurable(URL, reason: String)
  /// Flushing a change to stable storage failed, and whether the change is saved cannot be
  /// known: taking it back failed, another writer's records follow it, or a replaced file's
  /// rename could not be made durable. The reason says which. Open the store again to see
  /// what it holds; the repository that threw takes no more changes until then.
  case outcomeUnknown(URL, reason: String)
  /// The store's lock file (`<name>.lock`) could not be opened or locked, so nothing was read
  /// or changed.
  case lockFailed(URL, reason: String)
  /// Another writer held the store's lock for longer than the configured timeout; nothing
  /// was changed.
  case lockTimeout(URL, seconds: Double)
  /// The file could not be moved aside during recovery; it was left where it was.
  case recoveryFailed(URL, reason: String)
  /// A repair stopped after it had begun to replace the store's files: the store reads as it
  /// did before the repair or as repaired, and the reason says where the original bytes are.
  case repairIncomplete(URL, reason: String)
}

extension PersistenceError: LocalizedError {
  /// A sentence saying what went wrong, where, and what to do about it.
  public var errorDescription: String? {
    switch self {
    case .invalidFilename(let name, let reason):
      return "\"\(name)\" cannot be used as a store filename: \(reason)."
    case .directoryUnavailable(let url, let reason):
      return "The folder \(url.path) cannot hold the file: \(reason)."
    case .notARegularFile(let url, let found):
      return "\(url.path) is \(found), not a regular file; it was left untouched."
        + " Move it away or choose another location."
    case .fileTooLarge(let url, let size, let limit):
      return "\(url.path) is \(size) bytes, more than the limit of \(limit) bytes;"
        + " it was left untouched. Raise the limit if the file is genuine."
    case .unreadable(let url, let reason):
      return "\(url.path) could not be read: \(reason). It was left untouched."
    case .corrupt(let url, let reason):
      return "\(url.path) is not a valid store: \(reason). It was left untouched;"
        + " move it aside or restore it from a backup."
    case .duplicateID(let url, let id):
      return "\(url.path) holds more than one item with the id \(id); it was left untouched."
        + " Remove the duplicate by hand or restore the file from a backup."
    case .unsupportedVersion(let url, let version, let newest):
      return "\(url.path) was written in format version \(version), but this program reads"
        + " versions up to \(newest); it was left untouched. Use a newer version of the program."
    case .migrationFailed(let url, let version, let reason):
      return "\(url.path) is at schema version \(version) and could not be upgraded: \(reason)."
        + " It was left untouched."
    case .wouldExceedSizeLimit(let url, let size, let limit):
      return "Saving would make \(url.path) \(size) bytes, more than the limit of \(limit)"
        + " bytes it can be read back with; nothing was changed. Delete some items, or raise"
        + " the limit (StoreConfiguration.maximumFileSize)."
    case .encodingFailed(let url, let reason):
      return "An item could not be encoded for \(url.path): \(reason). Nothing was written."
    case .writeFailed(let url, let reason):
      return "Saving to \(url.path) failed: \(reason). The file still holds the previous"
        + " state and nothing was changed."
    case .notDurable(let url, let reason):
      return "Flushing \(url.path) to disk failed: \(reason). The change was not saved."
    case .outcomeUnknown(let url, let reason):
      return "Flushing \(url.path) to disk failed: \(reason). The change may have been saved:"
        + " open the store again (list what it holds) to see whether it is there."
    case .lockFailed(let url, let reason):
      return "The lock file \(url.path) could not be opened or locked: \(reason). Nothing was"
        + " read or changed. Check that you may write to \(url.deletingLastPathComponent().path)"
        + " and that its file system supports file locks (flock)."
    case .lockTimeout(let url, let seconds):
      return "Another program kept \(url.path) locked for more than \(seconds) seconds;"
        + " nothing was changed. Try again, or look for a program stuck while writing it."
    case .recoveryFailed(let url, let reason):
      return "\(url.path) could not be moved aside: \(reason). It was left where it was."
    case .repairIncomplete(let url, let reason):
      return "Repairing \(url.path) stopped part way: \(reason). Nothing is lost: the store"
        + " reads either as it did before or as repaired. Fix the cause, then run repair again."
    }
  }
}

extension PersistenceError {
  /// Whether ``LocalRepository/moveAside(directory:filename:now:)`` is the way past this
  /// error: the file is there but its bytes cannot be used.
  ///
  /// `false` when moving the file would not help or would hide the real problem: a file
  /// from a newer version of the program (update the program instead), something that is
  /// not a regular file, a bad location, a lock that cannot be taken, a failed write, or a
  /// file that cannot be read at all (no permission, an I/O error): its bytes may be
  /// perfectly good, and only the cause needs fixing.
  public var canBeMovedAside: Bool {
    switch self {
    case .corrupt, .duplicateID, .fileTooLarge, .migrationFailed: true
    default: false
    }
  }
}

extension PersistenceError {
  /// The reason the case carries, or the whole sentence for a case without one: what an
  /// error that wraps this one quotes.
  var detail: String {
    switch self {
    case .invalidFilename(_, let reason), .directoryUnavailable(_, let reason),
      .unreadable(_, let reason), .corrupt(_, let reason), .migrationFailed(_, _, let reason),
      .encodingFailed(_, let reason), .writeFailed(_, let reason), .notDurable(_, let reason),
      .outcomeUnknown(_, let reason),
      .lockFailed(_, let reason), .recoveryFailed(_, let reason),
      .repairIncomplete(_, let reason):
      reason
    default:
      description
    }
  }
}

extension PersistenceError: CustomStringConvertible {
  /// The same sentence as `errorDescription`.
  public var description: String { errorDescription ?? "\(self)" }
}
