// Something a store found when it opened that lost nothing acknowledged but is worth showing.

import Foundation

/// What a ``LocalRepository`` found on disk that it could open past, for the app to show.
///
/// A warning never means an acknowledged change was lost; it says which bytes the store set
/// aside and where a copy of them is, so that a person can look at them.
///
/// ```swift
/// let repository = try await LocalRepository<Note>.open(filename: "notes.json")
/// for warning in repository.warnings { print("warning: \(warning.message)") }
/// ```
public struct StoreWarning: Sendable, Equatable, CustomStringConvertible {
  /// The file whose bytes were set aside.
  public var file: URL
  /// The bytes set aside, as offsets in ``file``.
  public var bytes: Range<Int64>
  /// The durable copy of those bytes beside ``file``, or `nil` when it could not be written
  /// yet (a read-only folder): the bytes then stay in ``file`` until the next change, which
  /// copies them before it cuts them off.
  public var copy: URL?

  /// A warning that `bytes` of `file`, a damaged tail torn by a power cut, were set aside.
  public init(file: URL, bytes: Range<Int64>, copy: URL?) {
    self.file = file
    self.bytes = bytes
    self.copy = copy
  }

  /// A sentence a person can act on, naming the file, the bytes and where the copy is.
  public var message: String {
    let kept =
      copy.map { "They are kept in \($0.path)." }
      ?? "They stay at its end until the next change, which copies them beside it first."
    return "\(file.path) ends in \(bytes.count) damaged bytes (bytes \(bytes.lowerBound)"
      + " to \(bytes.upperBound - 1)), written after the journal was last synced: what a"
      + " power cut leaves in the middle of a write, never a change that was reported saved."
      + " The store opened without them. " + kept
  }

  /// The same sentence as ``message``.
  public var description: String { message }
}
