// `questions repair --apply <file>`: applies the changes a repair set aside, once a person has looked.

import CommandLineKit
import Foundation
import LocalStore
import Models

extension CommandRunner {
  /// Applies the changes in `file`, a `<store>.journal.unapplied-<time>` file that `repair`
  /// wrote, to the store of `directory` its name starts with, through the normal save path
  /// (``/LocalStore/LocalRepository/applySetAsideRecords(from:)``); changes already in the store are
  /// left out and counted.
  ///
  /// - Throws: ``AppError/actionFailed(_:)`` when the file's name names no store of the data
  ///   folder, or says it was applied already; what opening the store or applying a change
  ///   throws.
  func applySetAside(_ file: String, in directory: URL, json: Bool) async throws(AppError) {
    let url = URL(fileURLWithPath: file)
    let name = url.lastPathComponent
    let stores = [DataDirectoryResolver.storeFilename, DataDirectoryResolver.sessionsFilename]
    if let store = stores.first(where: { name.hasPrefix($0 + ".journal.applied-") }) {
      throw .actionFailed(
        "The changes in \(file) are in \(store) already: repair --apply renamed the file so"
          + " that they are not applied twice. Nothing was applied.")
    }
    guard let store = stores.first(where: { name.hasPrefix($0 + ".journal.unapplied-") }) else {
      throw .actionFailed(
        "\(file) is not a file of changes a repair set aside: its name starts with neither "
          + stores.map { "\($0).journal.unapplied-" }.joined(separator: " nor ")
          + ". Nothing was applied.")
    }
    let report: SetAsideReport
    do {
      report =
        store == DataDirectoryResolver.storeFilename
        ? try await Self.apply(url, to: Question.self, store, in: directory)
        : try await Self.apply(url, to: StudySession.self, store, in: directory)
    } catch {
      throw .store(error)
    }
    let path = directory.appendingPathComponent(store).path
    if json {
      console.writeOutput(
        try JSONFormatter().encode(
          AppliedChanges(
            store: path, applied: report.applied, alreadyApplied: report.alreadyApplied,
            renamedTo: report.renamedTo?.path)))
      return
    }
    var text = "Applied \(report.applied) of \(report.applied + report.alreadyApplied) changes"
    text += " from \(file) to \(path)"
    if report.alreadyApplied > 0 {
      text += "; \(report.alreadyApplied) \(report.alreadyApplied == 1 ? "was" : "were")"
      text += " already in the store and left out"
    }
    text += ".\n"
    if let renamed = report.renamedTo {
      text += "The file is now \(renamed.path), so that it is not applied twice.\n"
    }
    console.writeError(text)
  }

  /// What `repair --apply --json` prints.
  private struct AppliedChanges: Encodable {
    var store: String
    var applied: Int
    var alreadyApplied: Int
    var renamedTo: String?
  }

  /// Opens the store `filename` of `type` in `directory` and applies `file` to it.
  private nonisolated static func apply<Item: Codable & Identifiable & Sendable>(
    _ file: URL, to type: Item.Type, _ filename: String, in directory: URL
  ) async throws -> SetAsideReport where Item.ID: Hashable & Codable & Sendable {
    let repository = try await LocalRepository<Item>.open(directory: directory, filename: filename)
    return try await repository.applySetAsideRecords(from: file)
  }
}
