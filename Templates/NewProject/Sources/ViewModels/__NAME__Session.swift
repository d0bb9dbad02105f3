// One run of the SwiftUI app: opening its stores off the main thread, the model once open, syncing in the background.

import FlowKit
import Foundation
import LocalStore
import Observation

/// The SwiftUI app from launch on: "Opening…" while the stores are read, then the app's
/// ``__NAME__Model``, or why it could not open.
///
/// The app creates one session and shows ``phase``; every window's first view calls
/// ``open()`` from `.task`, and the first call opens the stores (the others wait for that
/// open, they do not start another). Opening never blocks the main thread: every store is read
/// by `LocalRepository.open` on a queue of its own, so the window keeps drawing while a large
/// store is read or while another process holds a store's lock (up to the store's
/// `lockTimeout`; the failure then says so, and ``retry()`` tries again).
///
/// When the scene goes to the background the app calls ``sceneDidEnterBackground()``, which
/// makes every save acknowledged so far durable: a store opened with
/// `Durability.lossyOnPowerCut` would otherwise sync a moment later, and the system may
/// suspend the app before then.
@Observable @MainActor
public final class __NAME__Session {
  /// Where the app stands.
  public enum Phase {
    /// The stores are being read.
    case opening
    /// The stores are open: the app's pages.
    case open(__NAME__Model)
    /// A store could not be opened; the sentence says which and why.
    case failed(String)
  }

  /// Where the app stands; ``Phase/opening`` until ``open()`` ends.
  public private(set) var phase = Phase.opening

  /// The app's pages, once open.
  public var model: __NAME__Model? {
    if case .open(let model) = phase { model } else { nil }
  }

  @ObservationIgnored private let openModel: @MainActor () async throws -> __NAME__Model
  /// The open under way, if one is; a second ``open()`` waits for it.
  @ObservationIgnored private var opening: Task<Void, Never>?

  /// A session that opens the stores of every page in `folder` (the app's data folder) with
  /// `configuration`.
  public convenience init(folder: URL, configuration: StoreConfiguration = StoreConfiguration()) {
    self.init { try await __NAME__Model.open(in: folder, configuration: configuration) }
  }

  /// A session whose stores `openModel` opens, such as in-memory ones for a preview.
  public init(opening openModel: @escaping @MainActor () async throws -> __NAME__Model) {
    self.openModel = openModel
  }

  /// Opens the stores, once: "Opening…" until they are read, then the model or the failure.
  /// Later calls return at once when the session is open or failed, and wait for the open
  /// under way otherwise.
  public func open() async {
    if case .opening = phase {
      let opening = self.opening ?? startOpening()
      await opening.value
    }
  }

  /// The failure's "Try again" button: opens the stores once more after a failure; returns
  /// the task, which does nothing unless the open had failed.
  @discardableResult
  public func retry() -> Task<Void, Never> {
    guard case .failed = phase else { return Task {} }
    phase = .opening
    return startOpening()
  }

  /// What the app does when its scene goes to the background: makes every change
  /// acknowledged so far durable (``__NAME__Model/synchronize()``). Returns the task, or `nil`
  /// while nothing is open.
  @discardableResult
  public func sceneDidEnterBackground() -> Task<Void, Never>? {
    guard let model else { return nil }
    return Task { await model.synchronize() }
  }

  private func startOpening() -> Task<Void, Never> {
    let task = Task {
      let next: Phase
      do {
        next = .open(try await openModel())
      } catch {
        next = .failed(ErrorText.sentence(for: error))
      }
      phase = next
      opening = nil
    }
    opening = task
    return task
  }
}
