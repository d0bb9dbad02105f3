// The sync conflicts of a synced store, one at a time, for a person to settle.

import Foundation
import LocalStoreSync
import Observation

/// The items changed here and on the server (or deleted on one side and changed on the
/// other) that wait for a person: shown one at a time, each settled by keeping this device's
/// version or the server's.
///
/// The store comes in as two calls: ``init(store:)`` takes a `SyncedRepository`'s
/// `conflicts()` and `resolveConflict(_:keepingMine:)`, and tests pass closures to
/// ``init(load:resolve:)``. Nothing is settled unless the person chooses: ``close()`` leaves
/// every conflict as it was, for later.
///
/// The flow a screen drives: ``show()`` (the person asks to see them) → ``current`` is the
/// first → ``keep(mine:)`` settles it and shows the next → after the last, the model closes
/// with a ``notice``. A conflict settled meanwhile by another process simply disappears.
@Observable @MainActor public final class SyncConflictsModel<Item: Sendable> {
  /// One conflict: the item's record id, and both versions (`nil`: deleted on that side).
  public typealias Conflict = ItemConflict<Item>

  /// The conflicts as last read, oldest first.
  public private(set) var conflicts: [Conflict] = []
  /// Whether the conflicts are being shown.
  public private(set) var isShowing = false
  /// What the last action did ("Kept this device's version…"), until the next one.
  public private(set) var notice: String?
  /// Why the last read or choice failed, until the next one succeeds.
  public private(set) var errorMessage: String?

  /// The conflict on screen: the first one, while they are shown.
  public var current: Conflict? { isShowing ? conflicts.first : nil }

  @ObservationIgnored private let load: @Sendable () async throws -> [Conflict]
  @ObservationIgnored private let resolve:
    @Sendable (_ id: String, _ keepMine: Bool) async throws -> Void

  /// A model that reads the conflicts with `load` and settles one with `resolve`.
  public init(
    load: @escaping @Sendable () async throws -> [Conflict],
    resolve: @escaping @Sendable (_ id: String, _ keepMine: Bool) async throws -> Void
  ) {
    self.load = load
    self.resolve = resolve
  }

  /// Reads the conflicts again; closes when none is left.
  public func refresh() async {
    do {
      conflicts = try await load()
      errorMessage = nil
    } catch {
      errorMessage = "The conflicts could not be read: \(Self.sentence(for: error))"
    }
    if conflicts.isEmpty { isShowing = false }
  }

  /// Shows the conflicts, the first one first; with none, says so.
  public func show() async {
    notice = nil
    await refresh()
    isShowing = !conflicts.isEmpty
    if conflicts.isEmpty, errorMessage == nil { notice = "No conflict waits: nothing to settle." }
  }

  /// Settles the conflict on screen: keeps this device's version (sent over the server's on
  /// the next sync) or the server's; then shows the next, or closes after the last. On a
  /// failure nothing is settled and the same conflict stays, with ``errorMessage`` saying why.
  public func keep(mine: Bool) async {
    guard let conflict = current else { return }
    do {
      try await resolve(conflict.recordID, mine)
    } catch {
      errorMessage = "Nothing was settled: \(Self.sentence(for: error))"
      return
    }
    notice =
      mine
      ? "Kept this device's version; it is sent on the next sync."
      : "Kept the server's version."
    await refresh()
  }

  /// Forgets the last action's ``notice``, once the person has moved on.
  public func dismissNotice() {
    if notice != nil { notice = nil }
  }

  /// An error's own sentence: its `errorDescription` where it has one (the store's and the
  /// sync module's errors do), else its description.
  nonisolated static func sentence(for error: any Error) -> String {
    (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
  }

  /// Stops showing the conflicts, settling none: they wait for later.
  public func close() {
    isShowing = false
    notice = nil
  }
}
