// `questions sync --keep mine|theirs <id>`: settles one sync conflict, without the network.

import CommandLineKit
import Foundation
import LocalStore
import LocalStoreSync
import Models
import Persistence

extension CommandRunner {
  /// Settles the sync conflict of the question `reference` designates in `directory`: keeps
  /// this device's version, to be sent over the server's on the next sync, or the server's.
  ///
  /// - Throws: ``AppError/noSuchQuestion(_:)`` when no question in conflict matches (the
  ///   message names the id as typed), or the store's error.
  func resolveSyncConflict(
    _ reference: QuestionReference, keepMine: Bool, in directory: URL, json: Bool
  ) async throws(AppError) {
    let store: SyncedRepository<Question>
    let conflicts: [ItemConflict<Question>]
    do {
      // A folder that never synced has no conflict: no question matches.
      guard try StoreKind.current(in: directory) == .synced else {
        _ = try reference.resolve(in: [])
        return
      }
      store = try await StoreKind.synced.openSynced(in: directory)
      openedStores.keep(store)
      conflicts = try await store.conflicts()
    } catch let error as AppError {
      throw error
    } catch {
      throw .store(error)
    }
    let candidates = conflicts.compactMap { $0.mine ?? $0.theirs }
    let question = try reference.resolve(in: candidates)
    do {
      try await store.resolveConflict(
        question.id.uuidString.lowercased(), keepingMine: keepMine)
    } catch {
      throw .store(error)
    }
    let title = "\"\(TerminalText.excerpt(question.prompt, limit: 60))\""
    if json {
      console.writeOutput(
        try JSONFormatter().encode(
          ["id": question.id.uuidString, "kept": keepMine ? "mine" : "theirs"]))
    } else {
      console.writeError(
        keepMine
          ? "Kept this device's version of \(title); it is sent on the next sync.\n"
          : "Kept the server's version of \(title).\n")
    }
  }
}
