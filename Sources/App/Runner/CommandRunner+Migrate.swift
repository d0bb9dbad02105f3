// `questions migrate --to sqlite|journal`: moves the questions to the other kind of store.

import CommandLineKit
import Foundation
import LocalStore
import Persistence

extension CommandRunner {
  /// Moves the questions of `directory` to a store of kind `target`
  /// (``/Persistence/StoreMover/move(to:)``) and says what it did.
  ///
  /// A folder that syncs stays in the synced store: neither other store syncs, so moving
  /// would stop the sync in silence and leave its unsent changes behind; it is refused.
  func migrateStore(to target: StoreKind, in directory: URL, json: Bool) async throws(AppError) {
    if target != .synced, (try? StoreKind.current(in: directory)) == .synced {
      throw .actionFailed(
        "This folder syncs (\(StoreKind.synced.filename)), and \(target.name) does not:"
          + " moving to it would stop the sync and leave the changes not yet sent behind."
          + " Nothing moved.")
    }
    let outcome: StoreMover.Outcome
    do {
      outcome = try await StoreMover(directory: directory).move(to: target)
    } catch let error as PersistenceError {
      throw .persistence(error)
    } catch let error as QuestionStoreError {
      throw .store(error)
    } catch {
      throw .storeFailed((error as? any LocalizedError)?.errorDescription ?? "\(error)")
    }
    if json {
      console.writeOutput(
        try JSONFormatter().encode(
          MigrateReport(
            from: outcome.from.rawValue, to: outcome.to.rawValue, questions: outcome.questions,
            setAside: outcome.setAside)))
      return
    }
    guard outcome.from != outcome.to else {
      console.writeOutput("The questions are in \(outcome.to.name) already; nothing moved.\n")
      return
    }
    var text =
      "Moved \(outcome.questions) questions from \(outcome.from.name) to \(outcome.to.name),"
      + " checked them, and switched to it. The old store's files are kept as they were.\n"
    if !outcome.setAside.isEmpty {
      text +=
        "An older \(outcome.to.filename) was set aside as"
        + " \(outcome.setAside.joined(separator: ", ")).\n"
    }
    console.writeOutput(text)
  }
}

/// What `questions migrate --json` prints.
struct MigrateReport: Encodable {
  var from: String
  var to: String
  var questions: Int
  var setAside: [String]
}
